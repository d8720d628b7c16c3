/* pmap.c - the named axes that collectives refer to (pushed by pmap and vmap(axis_name=)), the
 * jax.lax collectives (psum, pmean, pmax, pmin, all_gather, ppermute, pshuffle, pswapaxes,
 * all_to_all, psum_scatter, axis_index, axis_size) and pmap's device run (engine/coll.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "core/modtable.h"
#include "transform.h"
#include "coll.h"

/* {=== the axis environment ===}
 * The names bound by the transformations being traced, innermost last. Only the thread
 * running the program touches it. */
typedef struct AxisFrame { int axis; int64_t size; } AxisFrame;
#define MAX_FRAMES 64
static AxisFrame frames[MAX_FRAMES];
static int nframes;

int pmap_axis_push(int axis, int64_t size) {
  if (nframes == MAX_FRAMES) { obj_raise(&exc_RecursionError, "too many nested named axes"); return -1; }
  frames[nframes].axis = axis;
  frames[nframes].size = size;
  nframes++;
  return 0;
}
void pmap_axis_pop(void) { if (nframes > 0) nframes--; }

/* An axis_name argument (a str, or a tuple holding one) as an interned id; -1 + error. */
int pmap_axis_id(Value name, const char *fn) {
  if ((VAL_IS_TUPLE(name) || VAL_IS_LIST(name))) {
    int64_t n = VAL_IS_TUPLE(name) ? TUPLE(name.u.o)->len : LIST(name.u.o)->len;
    if (n != 1) {
      obj_raise(&exc_NotImplementedError, "%s over %lld axes at once is not supported; name one axis",
                fn, (long long)n);
      return -1;
    }
    name = VAL_IS_TUPLE(name) ? TUPLE(name.u.o)->items[0] : LIST(name.u.o)->items[0];
  }
  if (!VAL_IS_STR(name)) {
    Value r = op_repr(name);
    if (VAL_IS_NULL(r)) return -1;
    int id = coll_axis_intern(str_cstr(r));
    val_decref(r);
    if (id < 0) tr_engine_err();
    return id;
  }
  int id = coll_axis_intern(str_cstr(name));
  if (id < 0) tr_engine_err();
  return id;
}

/* The bound axis a collective names, with its size; NameError as JAX words it when unbound. */
static int lookup(Value name, const char *fn, PColl *p) {
  int id = pmap_axis_id(name, fn);
  if (id < 0) return -1;
  for (int i = nframes - 1; i >= 0; i--)
    if (frames[i].axis == id) {
      memset(p, 0, sizeof *p);
      p->axis = id;
      p->size = (int)frames[i].size;
      return 0;
    }
  int named = 0;   /* a pmap without axis_name binds an internal name only */
  for (int i = 0; i < nframes; i++)
    named |= strcmp(coll_axis_name(frames[i].axis), "_internal_pmap_axis_name") != 0;
  if (!named)
    obj_raise(&exc_NameError, "unbound axis name: %s", coll_axis_name(id));
  else
    obj_raise(&exc_NameError, "Found an unbound axis name: %s. To fix this, please call %s under "
              "`jax.shard_map`.", coll_axis_name(id), fn);
  return -1;
}

/* {=== the collectives (jax.lax) ===} */
typedef Value (*LeafFn)(Value x, const PColl *p);

/* f on every leaf of a pytree (numbers become jax arrays) */
static Value map_leaves(Value tree, const PColl *p, LeafFn f) {
  Value leaves = list_new(0);
  if (VAL_IS_NULL(leaves)) return leaves;
  TreeDef *td = tree_flatten(tree, leaves, 0);
  if (!td) { val_decref(leaves); return val_null(); }
  int64_t n = LIST(leaves.u.o)->len;
  Value r = val_null();
  Value *outs = calloc((size_t)n + 1, sizeof(Value));
  if (!outs) { obj_raise_nomem(); goto done; }
  for (int64_t i = 0; i < n; i++) {
    Value x = LIST(leaves.u.o)->items[i];
    Value xa = tr_is_tracer(x) || (lx_is_arr(x) && x.u.o->type == &lx_jax_type)
                   ? val_incref(x) : lx_asarray(x, FAM_JAX, -1, 0);
    outs[i] = VAL_IS_NULL(xa) ? xa : f(xa, p);
    val_decref(xa);
    if (VAL_IS_NULL(outs[i])) { t_clear(outs, (int)i); goto done; }
  }
  r = tree_unflatten(td, outs, n);
  t_clear(outs, (int)n);
done:
  free(outs);
  tree_free(td);
  val_decref(leaves);
  return r;
}

static Value bind_leaf(PrimId id, Value x, const PColl *p) { return tr_bind1(id, 1, &x, p); }
/* JAX sums booleans as int32 */
static Value bool_as_int(Value x) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  return av.dtype == DT_BOOL ? t_convert(x, DT_INT32, 0) : val_incref(x);
}
static Value leaf_psum(Value x, const PColl *p) {
  Value y = bool_as_int(x);
  Value r = VAL_IS_NULL(y) ? y : bind_leaf(PRIM_psum, y, p);
  val_decref(y);
  return r;
}
static Value leaf_pmax(Value x, const PColl *p) { return bind_leaf(PRIM_pmax, x, p); }
static Value leaf_pmin(Value x, const PColl *p) { return bind_leaf(PRIM_pmin, x, p); }
static Value leaf_ppermute(Value x, const PColl *p) { return bind_leaf(PRIM_ppermute, x, p); }
static Value leaf_pmean(Value x, const PColl *p) {
  Value s = leaf_psum(x, p);
  if (VAL_IS_NULL(s)) return s;
  AVal av;
  if (lx_aval(s, &av) < 0) { val_decref(s); return val_null(); }
  if (!dt_is_float(av.dtype)) {
    Value f = t_convert(s, arr_default_float(lx_flag_x64 ? PROMO_JAX_X64 : PROMO_JAX), av.weak);
    val_decref(s);
    if (VAL_IS_NULL(f)) return f;
    s = f;
    if (lx_aval(s, &av) < 0) { val_decref(s); return val_null(); }
  }
  Value n = t_full(&av, (double)p->size);
  Value r = VAL_IS_NULL(n) ? n : t_div(s, n);
  val_decref(n);
  val_decref(s);
  return r;
}
static Value leaf_all_gather(Value x, const PColl *p0) {
  PColl p = *p0;
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  int rank = av.ndim + (p.tiled ? 0 : 1);
  if (p.dim < -rank || p.dim >= rank)
    return obj_raise(&exc_ValueError, "axis %d is out of bounds for array of dimension %d", p.dim, rank);
  if (p.dim < 0) p.dim += rank;
  return bind_leaf(PRIM_all_gather, x, &p);
}
static Value leaf_psum_scatter(Value x, const PColl *p0) {
  PColl p = *p0;
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  if (p.dim < 0) p.dim += av.ndim;
  return bind_leaf(PRIM_psum_scatter, x, &p);
}

/* all_to_all: tiled splits the split axis into blocks and concatenates the received blocks
 * along the concat axis; untiled (JAX's default) needs the split axis to have the axis size,
 * drops it, and puts a new axis of that size at concat_axis. Untiled is tiled on x with a
 * unit axis inserted where the new one goes, that axis then squeezed. */
static Value leaf_all_to_all(Value x, const PColl *p0) {
  PColl p = *p0;
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  if (p.dim < 0) p.dim += av.ndim;
  if (p.dim2 < 0) p.dim2 += av.ndim;
  if (p.dim < 0 || p.dim >= av.ndim || p.dim2 < 0 || p.dim2 >= av.ndim)
    return obj_raise(&exc_ValueError, "all_to_all: split_axis and concat_axis must be axes of the "
                     "operand (rank %d)", av.ndim);
  if (p.tiled) return bind_leaf(PRIM_all_to_all, x, &p);
  if (av.shape[p.dim] != p.size)
    return obj_raise(&exc_ValueError, "all_to_all requires the size of the mapped axis axis_name "
                     "to equal x.shape[split_axis], but they are %d and %lld respectively.",
                     p.size, (long long)av.shape[p.dim]);
  int s = p.dim, c = p.dim2, s1, c1;
  if (s < c) { s1 = s; c1 = c + 1; } else { s1 = s + 1; c1 = c; }
  int64_t sh[ARR_MAXDIM];
  for (int i = 0, k = 0; i <= av.ndim; i++) sh[i] = i == c1 ? 1 : av.shape[k++];
  Value x1 = t_reshape(x, av.ndim + 1, sh);
  if (VAL_IS_NULL(x1)) return x1;
  p.dim = s1;
  p.dim2 = c1;
  p.tiled = 1;
  Value y = bind_leaf(PRIM_all_to_all, x1, &p);
  val_decref(x1);
  if (VAL_IS_NULL(y)) return y;
  AVal ya;
  if (lx_aval(y, &ya) < 0) { val_decref(y); return val_null(); }
  int64_t sh2[ARR_MAXDIM];
  for (int i = 0, k = 0; i < ya.ndim; i++) if (i != s1) sh2[k++] = ya.shape[i];
  Value r = t_reshape(y, ya.ndim - 1, sh2);
  val_decref(y);
  return r;
}

static Value m_collective(const char *fn, const char *spec, LeafFn f, int argc, const Value *argv,
                          Obj *kw) {
  Value a[4];
  if (func_parse_args(fn, argc, argv, kw, spec, a) < 0) return val_null();
  PColl p;
  if (lookup(a[1], fn, &p) < 0) return val_null();
  return map_leaves(a[0], &p, f);
}
static Value m_psum(int argc, const Value *argv, Obj *kw) {
  return m_collective("psum", "x,axis_name|$axis_index_groups", leaf_psum, argc, argv, kw);
}
static Value m_pmean(int argc, const Value *argv, Obj *kw) {
  return m_collective("pmean", "x,axis_name|$axis_index_groups", leaf_pmean, argc, argv, kw);
}
static Value m_pmax(int argc, const Value *argv, Obj *kw) {
  return m_collective("pmax", "x,axis_name|$axis_index_groups", leaf_pmax, argc, argv, kw);
}
static Value m_pmin(int argc, const Value *argv, Obj *kw) {
  return m_collective("pmin", "x,axis_name|$axis_index_groups", leaf_pmin, argc, argv, kw);
}

static int opt_int(Value v, int dflt, int *out) {
  int64_t i;
  if (VAL_IS_NULL(v) || VAL_IS_NONE(v)) { *out = dflt; return 0; }
  if (lx_as_int(v, &i) < 0) return -1;
  *out = (int)i;
  return 0;
}
static int opt_bool(Value v, int *out) {
  if (VAL_IS_NULL(v)) { *out = 0; return 0; }
  int t = op_truth(v);
  if (t < 0) return -1;
  *out = t;
  return 0;
}

static Value m_all_gather(int argc, const Value *argv, Obj *kw) {
  Value a[5];
  if (func_parse_args("all_gather", argc, argv, kw, "x,axis_name|$axis_index_groups,axis,tiled", a) < 0)
    return val_null();
  PColl p;
  if (lookup(a[1], "all_gather", &p) < 0) return val_null();
  if (opt_int(a[3], 0, &p.dim) < 0 || opt_bool(a[4], &p.tiled) < 0) return val_null();
  return map_leaves(a[0], &p, leaf_all_gather);
}

static Value m_psum_scatter(int argc, const Value *argv, Obj *kw) {
  Value a[5];
  if (func_parse_args("psum_scatter", argc, argv, kw, "x,axis_name|$scatter_dimension,axis_index_groups,tiled", a) < 0)
    return val_null();
  PColl p;
  if (lookup(a[1], "psum_scatter", &p) < 0) return val_null();
  if (opt_int(a[2], 0, &p.dim) < 0 || opt_bool(a[4], &p.tiled) < 0) return val_null();
  return map_leaves(a[0], &p, leaf_psum_scatter);
}

/* perm: (source, destination) pairs, each source and each destination at most once */
static int parse_perm(Value perm, PColl *p, const char *fn) {
  Value l = list_from_iterable(perm);
  if (VAL_IS_NULL(l)) return -1;
  int64_t n = LIST(l.u.o)->len;
  if (n > PCOLL_MAX_PERM) { val_decref(l); obj_raise(&exc_ValueError, "%s: at most %d pairs", fn, PCOLL_MAX_PERM); return -1; }
  p->nperm = (int)n;
  for (int64_t i = 0; i < n; i++) {
    Value pr = list_from_iterable(LIST(l.u.o)->items[i]);
    if (VAL_IS_NULL(pr)) { val_decref(l); return -1; }
    int64_t s, d;
    if (LIST(pr.u.o)->len != 2 || lx_as_int(LIST(pr.u.o)->items[0], &s) < 0 ||
        lx_as_int(LIST(pr.u.o)->items[1], &d) < 0) {
      val_decref(pr);
      val_decref(l);
      if (!obj_err_occurred()) obj_raise(&exc_ValueError, "%s: perm must be a list of (source, destination) pairs", fn);
      return -1;
    }
    val_decref(pr);
    if (s < 0 || s >= p->size || d < 0 || d >= p->size) {
      val_decref(l);
      obj_raise(&exc_ValueError, "%s perm indices must be in the range [0, %d), got (%lld, %lld)",
                fn, p->size, (long long)s, (long long)d);
      return -1;
    }
    p->perm[2 * i] = (int)s;
    p->perm[2 * i + 1] = (int)d;
  }
  val_decref(l);
  for (int i = 0; i < p->nperm; i++)
    for (int j = 0; j < i; j++)
      if (p->perm[2 * i] == p->perm[2 * j] || p->perm[2 * i + 1] == p->perm[2 * j + 1]) {
        char buf[1200];
        size_t k = (size_t)snprintf(buf, sizeof buf, "(");
        for (int q = 0; q < p->nperm && k < sizeof buf; q++)
          k += (size_t)snprintf(buf + k, sizeof buf - k, "%s(%d, %d)", q ? ", " : "",
                                p->perm[2 * q], p->perm[2 * q + 1]);
        if (k < sizeof buf) snprintf(buf + k, sizeof buf - k, p->nperm == 1 ? ",)" : ")");
        obj_raise(&exc_ValueError, "%s sources and destinations must be unique, got %s.", fn, buf);
        return -1;
      }
  return 0;
}

static Value m_ppermute(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("ppermute", argc, argv, kw, "x,axis_name,perm", a) < 0) return val_null();
  PColl p;
  if (lookup(a[1], "ppermute", &p) < 0 || parse_perm(a[2], &p, "ppermute") < 0) return val_null();
  return map_leaves(a[0], &p, leaf_ppermute);
}

/* pshuffle(x, axis_name, perm): device i receives from perm[i] */
static Value m_pshuffle(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("pshuffle", argc, argv, kw, "x,axis_name,perm", a) < 0) return val_null();
  PColl p;
  if (lookup(a[1], "pshuffle", &p) < 0) return val_null();
  Value l = list_from_iterable(a[2]);
  if (VAL_IS_NULL(l)) return l;
  Value pairs = list_new(0);
  for (int64_t i = 0; i < LIST(l.u.o)->len && !VAL_IS_NULL(pairs); i++) {
    Value t = tuple_pack(2, LIST(l.u.o)->items[i], val_int(i));
    if (VAL_IS_NULL(t) || list_append_steal(pairs, t) < 0) { val_decref(pairs); pairs = val_null(); }
  }
  val_decref(l);
  if (VAL_IS_NULL(pairs)) return pairs;
  int rc = parse_perm(pairs, &p, "pshuffle");
  val_decref(pairs);
  if (rc < 0) return val_null();
  return map_leaves(a[0], &p, leaf_ppermute);
}

static Value m_all_to_all(int argc, const Value *argv, Obj *kw) {
  Value a[6];
  if (func_parse_args("all_to_all", argc, argv, kw, "x,axis_name,split_axis,concat_axis|$axis_index_groups,tiled", a) < 0)
    return val_null();
  PColl p;
  if (lookup(a[1], "all_to_all", &p) < 0) return val_null();
  if (opt_int(a[2], 0, &p.dim) < 0 || opt_int(a[3], 0, &p.dim2) < 0 || opt_bool(a[5], &p.tiled) < 0)
    return val_null();
  return map_leaves(a[0], &p, leaf_all_to_all);
}

static Value m_pswapaxes(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("pswapaxes", argc, argv, kw, "x,axis_name,axis|$axis_index_groups", a) < 0)
    return val_null();
  PColl p;
  if (lookup(a[1], "pswapaxes", &p) < 0) return val_null();
  if (opt_int(a[2], 0, &p.dim) < 0) return val_null();
  p.dim2 = p.dim;
  return map_leaves(a[0], &p, leaf_all_to_all);
}

static Value m_axis_index(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("axis_index", argc, argv, kw, "axis_name", a) < 0) return val_null();
  PColl p;
  if (lookup(a[0], "axis_index", &p) < 0) return val_null();
  return tr_bind1(PRIM_axis_index, 0, NULL, &p);
}

static Value m_axis_size(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("axis_size", argc, argv, kw, "axis_name", a) < 0) return val_null();
  PColl p;
  if (lookup(a[0], "axis_size", &p) < 0) return val_null();
  return val_int(p.size);
}

const MethodDef pmap_lax_functions[] = {
    {"psum", m_psum, "psum(x, axis_name): the sum over the named axis, on every device", 0},
    {"pmean", m_pmean, "pmean(x, axis_name): the mean over the named axis", 0},
    {"pmax", m_pmax, "pmax(x, axis_name): the maximum over the named axis", 0},
    {"pmin", m_pmin, "pmin(x, axis_name): the minimum over the named axis", 0},
    {"all_gather", m_all_gather, "all_gather(x, axis_name, *, axis=0, tiled=False): every device's x, stacked", 0},
    {"psum_scatter", m_psum_scatter, "psum_scatter(x, axis_name, *, scatter_dimension=0, tiled=False)", 0},
    {"ppermute", m_ppermute, "ppermute(x, axis_name, perm): send x along (source, destination) pairs", 0},
    {"pshuffle", m_pshuffle, "pshuffle(x, axis_name, perm): device i receives perm[i]'s x", 0},
    {"all_to_all", m_all_to_all, "all_to_all(x, axis_name, split_axis, concat_axis, *, tiled=False)", 0},
    {"pswapaxes", m_pswapaxes, "pswapaxes(x, axis_name, axis): swap the named axis with a positional one", 0},
    {"axis_index", m_axis_index, "axis_index(axis_name): this device's index along the named axis", 0},
    {"axis_size", m_axis_size, "axis_size(axis_name): the size of the named axis", 0},
    {NULL}};

/* {=== running a per-device graph on the devices ===} */
/* Does the graph (or a sub-graph) call back into the language? Such a graph runs as a batch
 * on this thread instead: the interpreter is single-threaded. */
static int calls_host(const IrGraph *g, int depth) {
  if (depth > 32) return 1;
  for (int i = 0; i < g->neqn; i++) {
    const Prim *p = &prim_table[g->eqns[i].prim];
    if (p->cpu == ir_k_callback || p->cpu == ir_k_host_call) return 1;
    IrGraph *sub[PCOND_MAX + 4];
    int n = g->eqns[i].params ? ir_param_graphs(g->eqns[i].prim, g->eqns[i].params, sub, PCOND_MAX + 4) : 0;
    for (int k = 0; k < n; k++) if (calls_host(sub[k], depth + 1)) return 1;
  }
  return 0;
}

int pmap_graph_parallel_ok(const IrGraph *g) { return !calls_host(g, 0); }

int pmap_run_graph(IrGraph *g, int ndev, int axis, Array *const *in, Array **out) {
  int rc = coll_run(g, ndev, axis, in, out);
  if (rc < 0) {
    if (arr_last_error()->kind == ERR_INTERRUPTED) {
      arr_err_clear();
      if (obj_check_signals() < 0) return -1;
      obj_raise(&exc_KeyboardInterrupt, "%s", "");
      return -1;
    }
    return tr_engine_err();
  }
  return 0;
}

/* {=== jax.distributed ===}
 * initialize() joins the processes that mpirun started (OpenMPI, loaded on demand: no MPI
 * library is needed until then); the coordinator address is MPI's business and is accepted
 * for JAX's signature. Afterwards jax.devices() lists every process's devices, pmap runs over
 * the local ones and its collectives span all of them. */
static int dist_initialized;

static Value m_initialize(int argc, const Value *argv, Obj *kw) {
  Value a[8];
  if (func_parse_args("initialize", argc, argv, kw, "|coordinator_address,num_processes,process_id,"
                      "local_device_ids,cluster_detection_method,initialization_timeout,"
                      "coordinator_bind_address", a) < 0)
    return val_null();
  if (dist_initialized)
    return obj_raise(&exc_RuntimeError, "distributed.initialize should only be called once.");
  int rank = 0, size = 1;
  if (coll_mpi_init(&rank, &size) < 0) { tr_engine_err(); return val_null(); }
  int64_t want;
  if (!VAL_IS_NULL(a[1]) && !VAL_IS_NONE(a[1])) {
    if (lx_as_int(a[1], &want) < 0) return val_null();
    if (want != size)
      return obj_raise(&exc_ValueError, "jax.distributed.initialize: num_processes=%lld, but MPI "
                       "started %d processes (run with mpirun -np %lld)", (long long)want, size, (long long)want);
  }
  if (!VAL_IS_NULL(a[2]) && !VAL_IS_NONE(a[2])) {
    if (lx_as_int(a[2], &want) < 0) return val_null();
    if (want != rank)
      return obj_raise(&exc_ValueError, "jax.distributed.initialize: process_id=%lld, but MPI gave "
                       "this process rank %d", (long long)want, rank);
  }
  lx_set_processes(size, rank);
  dist_initialized = 1;
  return val_none();
}

static Value m_shutdown(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("shutdown", argc, kw, 0, 0) < 0) return val_null();
  if (dist_initialized) {
    coll_mpi_finalize();
    lx_set_processes(1, 0);
    dist_initialized = 0;
  }
  return val_none();
}

static Value m_is_initialized(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("is_initialized", argc, kw, 0, 0) < 0) return val_null();
  return val_bool(dist_initialized);
}

static const MethodDef distributed_functions[] = {
    {"initialize", m_initialize, "initialize(coordinator_address=None, num_processes=None, process_id=None): join the processes mpirun started", 0},
    {"shutdown", m_shutdown, "shutdown(): leave the process group", 0},
    {"is_initialized", m_is_initialized, "is_initialized()", 0},
    {NULL}};

int modinit_jax_distributed(Value m) { return module_add_functions(m, distributed_functions); }
