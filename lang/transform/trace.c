/* trace.c - the Tracer type, trace lifetimes and scoping, leaked-tracer and concretization
 * errors, tr_bind (control-flow primitives at the eval interpreter) and the rule helpers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "trace.h"
#include "prim/rules.h"

/* {=== traces ===} */
void tr_init(LxTrace *t, const TraceVT *vt, const char *transform, Value fun) {
  Interp *cur = lx_current();
  t->it.vt = &vt->base;
  t->it.parent = cur;
  t->it.level = cur->level + 1;
  t->vt = vt;
  t->rc = 1;
  t->alive = 1;
  t->transform = transform;
  t->fun = val_incref(fun);
}

void tr_decref(LxTrace *t) {
  if (--t->rc > 0) return;
  if (t->vt->destroy) t->vt->destroy(t);
  val_decref(t->fun);
  free(t);
}

void tr_finish(LxTrace *t) {
  t->alive = 0;
  tr_decref(t);
}

int tr_in_scope(LxTrace *t) {
  for (Interp *it = lx_current(); it; it = it->parent)
    if (it == &t->it) return 1;
  return 0;
}

static const char *fun_name(Value f, char *buf, size_t n) {
  if (f.tag == V_OBJ && f.u.o->type == &obj_func_type) {
    FuncObj *fo = FUNC(f.u.o);
    CodeObj *c = (CodeObj *)fo->code;
    snprintf(buf, n, "%s at %s:%d", fo->qualname ? STR(fo->qualname)->s : "<function>",
             c && c->filename ? c->filename : "<unknown>", fo->def ? fo->def->span.line : 0);
    return buf;
  }
  if (VAL_IS_NULL(f)) { snprintf(buf, n, "<unknown function>"); return buf; }
  Value nm = obj_getattr_s(f, "__name__");
  if (VAL_IS_STR(nm)) snprintf(buf, n, "%s", obj_str_cstr(nm));
  else { obj_err_clear(); snprintf(buf, n, "<%s object>", obj_type_name(f)); }
  val_decref(nm);
  return buf;
}

int tr_check_const(LxTrace *self, Value v) {
  if (!tr_is_tracer(v)) return 0;
  LxTrace *o = TRACER(v)->tr;
  if (o->alive && tr_in_scope(o)) return 0;
  char fn[300];
  obj_raise(tr_exc_leaked ? tr_exc_leaked : &obj_RuntimeError,
            "Encountered an unexpected tracer. A function transformed by JAX had a side effect "
            "that allowed one of its traced values to escape the transformation: a value "
            "created inside %s of %s %s used after that transformation %s (for example it was "
            "stored in a global, a list or an attribute, and read again here). Return the value "
            "from the transformed function instead of storing it.",
            o->transform ? o->transform : "a transformation", fun_name(o->fun, fn, sizeof fn),
            o->alive ? "was" : "was", o->alive ? "is not active" : "had finished");
  return -1;
}

const char *tr_context_name(void) {
  Interp *it = lx_current();
  if (it == lx_eval_interp()) return NULL;
  return ((LxTrace *)it)->transform;
}

/* {=== the tracer type ===} */
Value tr_new(LxTrace *t, const AVal *av, Value a, Value b, int64_t i) {
  Tracer *x = obj_alloc(&tr_tracer_type, sizeof(Tracer));
  if (!x) { val_decref(a); val_decref(b); return val_null(); }
  x->tr = t;
  tr_incref(t);
  x->aval = *av;
  x->a = a;
  x->b = b;
  x->i = i;
  return val_obj(&x->ob);
}

static void tracer_dealloc(Obj *o) {
  Tracer *x = (Tracer *)o;
  val_decref(x->a);
  val_decref(x->b);
  LxTrace *t = x->tr;
  obj_free(o);
  tr_decref(t);
}

static int tracer_aval(Value v, AVal *out) {
  *out = TRACER(v)->aval;
  return 0;
}

static void aval_text(const AVal *av, char *buf, size_t n) {
  size_t k = (size_t)snprintf(buf, n, "%s[", arr_dtypes[av->dtype].name);
  for (int i = 0; i < av->ndim && k < n; i++)
    k += (size_t)snprintf(buf + k, n - k, i ? ",%lld" : "%lld", (long long)av->shape[i]);
  if (k < n) k += (size_t)snprintf(buf + k, n - k, "]");
}

static Value tracer_repr(Value self) {
  Tracer *x = TRACER(self);
  char av[300];
  aval_text(&x->aval, av, sizeof av);
  const char *tn = x->tr->vt->trace_name;
  Value head = obj_str_fmt("Traced<ShapedArray(%s%s)>with<%s>", av,
                           x->aval.weak ? ", weak_type=True" : "", tn);
  if (VAL_IS_NULL(head)) return head;
  TraceKind k = x->tr->vt->kind;
  if (k == TK_STAGE) return head;
  Value ra = obj_repr(x->a);
  if (VAL_IS_NULL(ra)) { val_decref(head); return ra; }
  Value r;
  if (k == TK_BATCH) {
    r = obj_str_fmt("%s with\n  val = %s\n  batch_dim = %lld", obj_str_cstr(head),
                    obj_str_cstr(ra), (long long)x->i);
  } else if (k == TK_JVP) {
    Value rb = VAL_IS_NULL(x->b) ? obj_str_from_cstr("Zero") : obj_repr(x->b);
    r = VAL_IS_NULL(rb) ? rb
                        : obj_str_fmt("%s with\n  primal = %s\n  tangent = %s", obj_str_cstr(head),
                                      obj_str_cstr(ra), obj_str_cstr(rb));
    val_decref(rb);
  } else {
    r = obj_str_fmt("%s with\n  primal = %s", obj_str_cstr(head), obj_str_cstr(ra));
  }
  val_decref(ra);
  val_decref(head);
  return r;
}

/* JVP/VJP tracers know their primal: concrete if it is (recursively). */
static Value tracer_concrete(Value v, const char *what) {
  Tracer *x = TRACER(v);
  TraceKind k = x->tr->vt->kind;
  if ((k == TK_JVP || k == TK_VJP) && x->tr->alive) {
    Value p = x->a;
    if (lx_is_arr(p)) return val_incref(p);
    if (tr_is_tracer(p)) return tracer_concrete(p, what);
    if (p.tag == V_INT || p.tag == V_FLOAT || p.tag == V_BOOL) return lx_asarray(p, FAM_JAX, -1, 0);
  }
  if (!x->tr->alive) {
    tr_check_const(NULL, v);
    return val_null();
  }
  return tr_concretization_error(v, what);
}

static int tracer_truth(Value self) {
  Value c = tracer_concrete(self, "bool()");
  if (VAL_IS_NULL(c)) return -1;
  int r = obj_truth(c);
  val_decref(c);
  return r;
}

static Value tracer_hash_err(Value self) {
  return obj_raise(&obj_TypeError, "unhashable type: '%s'", "Tracer");
}
static int tracer_hash(Value self, int64_t *out) {
  tracer_hash_err(self);
  return -1;
}

TypeObj tr_tracer_type = {OBJ_TYPE_HEAD, .name = "Tracer",
                          .doc = "a traced array: the abstract value a transformation sees",
                          .base = &lx_jax_type, .dealloc = tracer_dealloc, .repr = tracer_repr,
                          .hash = tracer_hash, .compare = lx_compare_slot,
                          .binary = lx_binary_slot, .unary = lx_unary_slot,
                          .truth = tracer_truth, .len = lx_len_slot,
                          .getitem = lx_getitem_slot, .setitem = lx_setitem_slot,
                          .iter = lx_iter_slot, .format = lx_format_slot,
                          .methods = lx_arr_methods, .getset = lx_arr_getset};

static const LxTracerKind tracer_kind = {&tr_tracer_type, tracer_aval, tracer_concrete};

__attribute__((constructor)) static void tracer_register(void) {
  lx_register_tracer(&tracer_kind);
}

/* {=== errors ===} */
TypeObj *tr_exc_concretization, *tr_exc_bool_conversion, *tr_exc_integer_conversion,
    *tr_exc_leaked, *tr_exc_unexpected_tracer;

static TypeObj *make_exc(const char *name, TypeObj *base) {
  Value bases = obj_tuple_pack(1, val_obj(&base->ob));
  Value ns = obj_dict_new();
  if (VAL_IS_NULL(bases) || VAL_IS_NULL(ns)) { val_decref(bases); val_decref(ns); return NULL; }
  obj_dict_setstr(ns, "__module__", val_obj(obj_intern("jax.errors")));
  Value cls = obj_class_new(obj_intern(name), bases, ns, NULL);
  val_decref(bases);
  val_decref(ns);
  if (VAL_IS_NULL(cls)) return NULL;
  return (TypeObj *)cls.u.o;    /* kept for the life of the process */
}

int tr_errors_init(void) {
  if (tr_exc_concretization) return 0;
  tr_exc_concretization = make_exc("ConcretizationTypeError", &obj_TypeError);
  if (!tr_exc_concretization) return -1;
  tr_exc_bool_conversion = make_exc("TracerBoolConversionError", tr_exc_concretization);
  tr_exc_integer_conversion = make_exc("TracerIntegerConversionError", tr_exc_concretization);
  tr_exc_leaked = make_exc("UnexpectedTracerError", &obj_Exception);
  tr_exc_unexpected_tracer = tr_exc_leaked;
  if (!tr_exc_bool_conversion || !tr_exc_integer_conversion || !tr_exc_leaked) return -1;
  return 0;
}

/* Which traces describe the value: the innermost trace that cannot give a concrete value. */
void tr_describe_origin(Tracer *x, char *buf, size_t n);   /* jit.c: "the argument x" */

Value tr_concretization_error(Value v, const char *what) {
  if (tr_errors_init() < 0) return val_null();
  Tracer *x = TRACER(v);
  /* look through JVP/VJP layers to the trace that made the value abstract */
  while ((x->tr->vt->kind == TK_JVP || x->tr->vt->kind == TK_VJP) && tr_is_tracer(x->a))
    x = TRACER(x->a);
  char av[300], fn[300], origin[400] = "";
  aval_text(&x->aval, av, sizeof av);
  fun_name(x->tr->fun, fn, sizeof fn);
  const char *tf = x->tr->transform ? x->tr->transform : "a transformation";
  TraceKind k = x->tr->vt->kind;
  if (k == TK_STAGE) tr_describe_origin(x, origin, sizeof origin);
  else if (k == TK_BATCH) snprintf(origin, sizeof origin, "it is batched: it holds one value per "
                                   "element of the mapped axis");
  const char *advice =
      k == TK_BATCH
          ? "Inside vmap a value has one entry per batch element, so Python control flow cannot "
            "branch on it. Use jnp.where(cond, a, b), lax.select or lax.cond, which work "
            "element by element."
          : "Python control flow (if, while, and/or, int(), float(), indexing a list) needs a "
            "concrete value, but under jit the value is only known when the compiled function "
            "runs. Either mark the argument static (jax.jit(f, static_argnums=...) or "
            "static_argnames=...; the function is then retraced for each new value), or express "
            "the branch with jax.lax.cond / jax.lax.switch / jnp.where and loops with "
            "jax.lax.fori_loop / jax.lax.while_loop / jax.lax.scan.";
  char ctx[4096];   /* fits fn, tf, origin and advice whole */
  snprintf(ctx, sizeof ctx, "The error occurred while tracing the function %s for %s.%s%s%s\n%s",
           fn, tf, origin[0] ? " This concrete value was not available in Python because " : "",
           origin, origin[0] ? "." : "", advice);
  if (!strcmp(what, "bool()"))
    return obj_raise(tr_exc_bool_conversion,
                     "Attempted boolean conversion of traced array with shape %s.\n%s", av, ctx);
  if (!strcmp(what, "an index") || !strcmp(what, "int()") || !strcmp(what, "an integer argument"))
    return obj_raise(tr_exc_integer_conversion,
                     "The %s method was called on traced array with shape %s.\n%s",
                     !strcmp(what, "int()") ? "__int__()" : "__index__()", av, ctx);
  return obj_raise(tr_exc_concretization,
                   "Abstract tracer value encountered where concrete value is expected: traced "
                   "array with shape %s.\n%s needs a concrete value.\n%s", av, what, ctx);
}

/* {=== binding ===} */
static int eval_control(PrimId id, int nin, const Value *in, const void *params, Value *out) {
  ir_init();
  Array *arr_s[16], **arr = nin <= 16 ? arr_s : calloc((size_t)nin, sizeof(Array *));
  Value *tmp = calloc((size_t)nin + 1, sizeof(Value));
  int nout = prim_nout(id, nin, params);
  Array **res = calloc((size_t)nout + 1, sizeof(Array *));
  int rc = -1;
  if (!arr || !tmp || !res) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < nin; i++) {
    if (tr_is_tracer(in[i])) { tr_check_const(NULL, in[i]); goto done; }
    tmp[i] = lx_asarray(in[i], FAM_JAX, -1, 0);
    if (VAL_IS_NULL(tmp[i])) goto done;
    arr[i] = lx_arr(tmp[i]);
  }
  if (ir_bind(id, arr, nin, params, res) < 0) {
    if (!obj_err_occurred()) lx_raise_engine(FAM_JAX);
    goto done;
  }
  for (int k = 0; k < nout; k++) {
    out[k] = lx_wrap(res[k], FAM_JAX);
    res[k] = NULL;
    if (VAL_IS_NULL(out[k])) {
      t_clear(out, k);
      for (int j = k + 1; j < nout; j++) arr_release(res[j]);
      goto done;
    }
  }
  rc = nout;
done:
  if (tmp) t_clear(tmp, nin);
  free(tmp);
  if (arr != arr_s) free(arr);
  free(res);
  return rc;
}

int tr_bind(PrimId id, int nin, const Value *in, const void *params, Value *out) {
  if (prim_table[id].kind == PK_CONTROL && lx_current() == lx_eval_interp())
    return eval_control(id, nin, in, params, out);
  return lx_bind(id, nin, in, params, out);
}

Value tr_bind1(PrimId id, int nin, const Value *in, const void *params) {
  Value out[1] = {{0}};
  if (tr_bind(id, nin, in, params, out) < 0) return val_null();
  return out[0];
}

/* {=== rule helpers ===} */
void t_clear(Value *v, int n) {
  for (int i = 0; i < n; i++) val_clear(&v[i]);
}

int t_is_float(Value v) {
  AVal av;
  if (lx_aval(v, &av) < 0) { obj_err_clear(); return 0; }
  return dt_is_float(av.dtype);
}

Value t_scalar(DType d, double v, int weak) {
  Array *a = arr_scalar_f(d, v);
  if (!a) return lx_raise_engine(FAM_JAX);
  if (weak) a->flags |= ARR_WEAK;
  return lx_wrap(a, FAM_JAX);
}

Value t_bcast_in_dim(Value x, int ndim, const int64_t *shape, const int *bdims) {
  PBroadcast p;
  memset(&p, 0, sizeof p);
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  p.ndim = ndim;
  ir_memcpy(p.shape, shape, sizeof(int64_t) * (size_t)ndim);
  ir_memcpy(p.bdims, bdims, sizeof(int) * (size_t)av.ndim);
  return tr_bind1(PRIM_broadcast_in_dim, 1, &x, &p);
}

Value t_full(const AVal *av, double v) {
  Value s = t_scalar(av->dtype, v, av->weak);
  if (VAL_IS_NULL(s) || av->ndim == 0) return s;
  Value r = t_bcast_in_dim(s, av->ndim, av->shape, NULL);
  val_decref(s);
  return r;
}
Value t_zeros(const AVal *av) { return t_full(av, 0.0); }
Value t_ones(const AVal *av) { return t_full(av, 1.0); }
Value t_full_like(Value x, double v) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  return t_full(&av, v);
}

Value t_unary(PrimId id, Value x) { return tr_bind1(id, 1, &x, NULL); }

Value t_convert(Value x, DType d, int weak) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  if (av.dtype == d && av.weak == weak) return val_incref(x);
  PConvert p;
  memset(&p, 0, sizeof p);
  p.new_dtype = d;
  p.weak = weak;
  return tr_bind1(PRIM_convert, 1, &x, &p);
}

Value t_binary(PrimId id, Value a, Value b) {
  AVal aa, ab;
  if (lx_aval(a, &aa) < 0 || lx_aval(b, &ab) < 0) return val_null();
  Value in[2] = {a, b};
  Value cb = val_null();
  if (ab.dtype != aa.dtype) {
    cb = t_convert(b, aa.dtype, ab.weak);
    if (VAL_IS_NULL(cb)) return cb;
    in[1] = cb;
  }
  Value r = tr_bind1(id, 2, in, NULL);
  val_decref(cb);
  return r;
}
Value t_add(Value a, Value b) { return t_binary(PRIM_add, a, b); }
Value t_sub(Value a, Value b) { return t_binary(PRIM_sub, a, b); }
Value t_mul(Value a, Value b) { return t_binary(PRIM_mul, a, b); }
Value t_div(Value a, Value b) { return t_binary(PRIM_div, a, b); }
Value t_neg(Value a) { return t_unary(PRIM_neg, a); }

Value t_mul_scalar(Value a, double s) {
  AVal av;
  if (lx_aval(a, &av) < 0) return val_null();
  Value c = t_scalar(av.dtype, s, 1);
  if (VAL_IS_NULL(c)) return c;
  Value r = t_mul(a, c);
  val_decref(c);
  return r;
}
Value t_add_scalar(Value a, double s) {
  AVal av;
  if (lx_aval(a, &av) < 0) return val_null();
  Value c = t_scalar(av.dtype, s, 1);
  if (VAL_IS_NULL(c)) return c;
  Value r = t_add(a, c);
  val_decref(c);
  return r;
}

/* The engine's select kernel takes (pred, on_true, on_false) (cpu_elem.c); JAX's select_n
 * takes (pred, on_false, on_true). Every rule goes through here, so only this line knows. */
#define SELECT_TRUE_FIRST 1
Value t_reshape_axis_into(Value x, int src, int dst) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  int perm[ARR_MAXDIM], k = 0;
  for (int i = 0; i < av.ndim; i++) if (i != src) perm[k++] = i;
  ir_memmove(perm + dst + 1, perm + dst, sizeof(int) * (size_t)(av.ndim - 1 - dst));
  perm[dst] = src;
  Value t = t_transpose(x, perm);
  if (VAL_IS_NULL(t)) return t;
  int64_t sh[ARR_MAXDIM];
  for (int i = 0, j = 0; i < av.ndim; i++) if (i != src) sh[j++] = av.shape[i];
  sh[dst] *= av.shape[src];
  Value r = t_reshape(t, av.ndim - 1, sh);
  val_decref(t);
  return r;
}

Value t_reshape_axis_out_of(Value x, int src, int64_t size1) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  int64_t sh[ARR_MAXDIM];
  int k = 0;
  for (int i = 0; i < av.ndim; i++) {
    if (i == src) { sh[k++] = size1; sh[k++] = av.shape[i] / size1; }
    else sh[k++] = av.shape[i];
  }
  return t_reshape(x, k, sh);
}

Value t_select(Value pred, Value a, Value b) {
  Value in[3] = {pred, SELECT_TRUE_FIRST ? a : b, SELECT_TRUE_FIRST ? b : a};
  return tr_bind1(PRIM_select, 3, in, NULL);
}

Value t_integer_pow(Value x, int64_t y) {
  PIntPow p = {y};
  return tr_bind1(PRIM_integer_pow, 1, &x, &p);
}

Value t_broadcast_to(Value x, int ndim, const int64_t *shape) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  if (av.ndim == ndim && !ir_memcmp(av.shape, shape, sizeof(int64_t) * (size_t)ndim))
    return val_incref(x);
  if (av.ndim > ndim) return obj_raise(&obj_ValueError, "cannot broadcast to a lower rank");
  int bd[ARR_MAXDIM];
  for (int i = 0; i < av.ndim; i++) bd[i] = ndim - av.ndim + i;
  return t_bcast_in_dim(x, ndim, shape, bd);
}

Value t_reshape(Value x, int ndim, const int64_t *shape) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  if (av.ndim == ndim && !ir_memcmp(av.shape, shape, sizeof(int64_t) * (size_t)ndim))
    return val_incref(x);
  PShape p;
  memset(&p, 0, sizeof p);
  p.ndim = ndim;
  ir_memcpy(p.shape, shape, sizeof(int64_t) * (size_t)ndim);
  return tr_bind1(PRIM_reshape, 1, &x, &p);
}

Value t_transpose(Value x, const int *perm) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  int ident = 1;
  for (int i = 0; i < av.ndim; i++) if (perm[i] != i) ident = 0;
  if (ident) return val_incref(x);
  PPerm p;
  memset(&p, 0, sizeof p);
  p.ndim = av.ndim;
  ir_memcpy(p.perm, perm, sizeof(int) * (size_t)av.ndim);
  return tr_bind1(PRIM_transpose, 1, &x, &p);
}

Value t_reduce(PrimId id, Value x, int naxes, const int *axes) {
  if (naxes == 0) return val_incref(x);
  PAxes p;
  memset(&p, 0, sizeof p);
  p.naxes = naxes;
  ir_memcpy(p.axes, axes, sizeof(int) * (size_t)naxes);
  return tr_bind1(id, 1, &x, &p);
}
Value t_reduce_sum(Value x, int naxes, const int *axes) { return t_reduce(PRIM_reduce_sum, x, naxes, axes); }

Value t_moveaxis(Value x, int from, int to) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  if (from == to) return val_incref(x);
  int perm[ARR_MAXDIM], k = 0;
  for (int i = 0; i < av.ndim; i++) if (i != from) perm[k++] = i;
  ir_memmove(perm + to + 1, perm + to, sizeof(int) * (size_t)(av.ndim - 1 - to));
  perm[to] = from;
  return t_transpose(x, perm);
}

Value t_unbroadcast(Value x, const AVal *target) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  int axes[ARR_MAXDIM], n = 0, lead = av.ndim - target->ndim;
  if (lead < 0) return obj_raise(&obj_ValueError, "internal: unbroadcast to a higher rank");
  for (int i = 0; i < av.ndim; i++)
    if (i < lead || (target->shape[i - lead] == 1 && av.shape[i] != 1)) axes[n++] = i;
  Value s = t_reduce_sum(x, n, axes);
  if (VAL_IS_NULL(s)) return s;
  Value r = t_reshape(s, target->ndim, target->shape);
  val_decref(s);
  if (VAL_IS_NULL(r)) return r;
  AVal ar;
  if (lx_aval(r, &ar) < 0) { val_decref(r); return val_null(); }
  if (ar.dtype != target->dtype) {
    Value c = t_convert(r, target->dtype, target->weak);
    val_decref(r);
    return c;
  }
  return r;
}

Value t_dot_general(Value a, Value b, const PDot *dn) {
  Value in[2] = {a, b};
  return tr_bind1(PRIM_dot_general, 2, in, dn);
}

Value t_concat(int n, const Value *xs, int axis) {
  if (n == 1) return val_incref(xs[0]);
  PAxis p = {axis};
  return tr_bind1(PRIM_concatenate, n, xs, &p);
}

Value t_slice(Value x, const int64_t *start, const int64_t *limit, const int64_t *stride) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  PSlice p;
  memset(&p, 0, sizeof p);
  p.ndim = av.ndim;
  for (int i = 0; i < av.ndim; i++) {
    p.start[i] = start[i];
    p.limit[i] = limit[i];
    p.stride[i] = stride ? stride[i] : 1;
  }
  return tr_bind1(PRIM_slice, 1, &x, &p);
}

Value t_pad(Value x, Value padval, const int64_t *lo, const int64_t *hi, const int64_t *interior) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  PPad p;
  memset(&p, 0, sizeof p);
  p.ndim = av.ndim;
  for (int i = 0; i < av.ndim; i++) {
    p.lo[i] = lo[i];
    p.hi[i] = hi[i];
    p.interior[i] = interior ? interior[i] : 0;
  }
  Value in[2] = {x, padval};
  return tr_bind1(PRIM_pad, 2, in, &p);
}

Value t_iota(DType d, int ndim, const int64_t *shape, int dimension) {
  PIota p;
  memset(&p, 0, sizeof p);
  p.dtype = d;
  p.ndim = ndim;
  ir_memcpy(p.shape, shape, sizeof(int64_t) * (size_t)ndim);
  p.dimension = dimension;
  return tr_bind1(PRIM_iota, 0, NULL, &p);
}

Value t_expand(Value x, int axis, int64_t size) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  int64_t shape[ARR_MAXDIM];
  int bd[ARR_MAXDIM];
  for (int i = 0, k = 0; i <= av.ndim; i++) {
    if (i == axis) { shape[i] = size; continue; }
    shape[i] = av.shape[k];
    bd[k++] = i;
  }
  return t_bcast_in_dim(x, av.ndim + 1, shape, bd);
}

/* {=== native closures (vjp functions, loop-body adapters) ===} */
typedef struct ClosureObj {
  Obj ob;
  const char *name;
  Value (*fn)(void *ctx, int argc, const Value *argv, Obj *kw);
  void *ctx;
  void (*free_ctx)(void *ctx);
} ClosureObj;

static void closure_dealloc(Obj *o) {
  ClosureObj *c = (ClosureObj *)o;
  if (c->free_ctx) c->free_ctx(c->ctx);
  obj_free(o);
}
static Value closure_call(Value self, int argc, const Value *argv, Obj *kw) {
  ClosureObj *c = (ClosureObj *)self.u.o;
  return c->fn(c->ctx, argc, argv, kw);
}
static Value closure_repr(Value self) {
  return obj_str_fmt("<function %s>", ((ClosureObj *)self.u.o)->name);
}
static Value closure_name(Value self) { return obj_str_from_cstr(((ClosureObj *)self.u.o)->name); }
static const GetSetDef closure_getset[] = {{"__name__", closure_name, NULL, NULL}, {NULL}};
static TypeObj closure_type = {OBJ_TYPE_HEAD, .name = "function", .dealloc = closure_dealloc,
                               .call = closure_call, .repr = closure_repr,
                               .getset = closure_getset};

Value tr_closure_new(const char *name, Value (*fn)(void *, int, const Value *, Obj *), void *ctx,
                     void (*free_ctx)(void *)) {
  ClosureObj *c = obj_alloc(&closure_type, sizeof *c);
  if (!c) { if (free_ctx) free_ctx(ctx); return val_null(); }
  c->name = name;
  c->fn = fn;
  c->ctx = ctx;
  c->free_ctx = free_ctx;
  return val_obj(&c->ob);
}

/* For bind.c's eval interpreter when it meets a tracer (the transformation that made it has
 * returned): raise the leaked-tracer error naming that transformation. Returns -1. */
int lx_leaked_tracer_error(Value v, const char *where) {
  if (tr_is_tracer(v) && tr_check_const(NULL, v) < 0) return -1;
  obj_raise(tr_exc_leaked ? tr_exc_leaked : &obj_RuntimeError,
            "a traced value escaped the transformation that created it and was used in %s",
            where ? where : "an operation");
  return -1;
}
