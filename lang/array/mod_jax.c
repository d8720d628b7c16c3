/* mod_jax.c - the `jax` package (config flags, devices, device_put, block_until_ready), the
 * non-transformation half of `jax.lax` (every elementwise entry that names itself through one
 * binder, the others by hand) and the `sable` package. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "core/modtable.h"
#include "arrobj.h"


static int has(Value v) { return !VAL_IS_NULL(v) && !VAL_IS_NONE(v); }
static int is_seq(Value v) { return VAL_IS_LIST(v) || VAL_IS_TUPLE(v); }
static int64_t seq_len(Value v) { return VAL_IS_TUPLE(v) ? TUPLE(v.u.o)->len : LIST(v.u.o)->len; }
static const Value *seq_items(Value v) { return VAL_IS_TUPLE(v) ? TUPLE(v.u.o)->items : LIST(v.u.o)->items; }

/* a tuple/list of ints into out (at most max); -1 on error */
static int int_seq(Value v, int64_t *out, int max, const char *what) {
  if (!is_seq(v)) {
    obj_raise(&exc_TypeError, "%s must be a tuple of ints, got %s", what, op_type_name(v));
    return -1;
  }
  int64_t n = seq_len(v);
  if (n > max) { obj_raise(&exc_ValueError, "%s: too many entries", what); return -1; }
  for (int64_t i = 0; i < n; i++)
    if (lx_as_int(seq_items(v)[i], &out[i]) < 0) return -1;
  return (int)n;
}

#define MAX_DEVICES 64
static int ndevices;          /* CPU devices (mod_jax's devices section); 0: not decided yet */
static int requested;         /* jax_num_cpu_devices, 0: not set */
static int nproc = 1, proc_rank;   /* jax.distributed: the processes and this one's index */
static int nlocal;            /* devices of each process (ndevices = nlocal * nproc) */

/* {=== jax.config ===} */
typedef struct ConfigObj { Obj ob; } ConfigObj;
static Value config_update(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("update", argc, argv, kw, "self,name,val", a) < 0) return val_null();
  if (!VAL_IS_STR(a[1])) return obj_raise(&exc_TypeError, "config.update: name must be a str");
  const char *n = str_cstr(a[1]);
  int t = op_truth(a[2]);
  if (t < 0) return val_null();
  if (!strcmp(n, "jax_enable_x64")) lx_flag_x64 = t;
  else if (!strcmp(n, "jax_threefry_partitionable")) lx_flag_partitionable = t;
  else if (!strcmp(n, "jax_explain_cache_misses")) lx_flag_explain_cache_misses = t;
  else if (!strcmp(n, "jax_num_cpu_devices")) {
    int64_t k;
    if (lx_as_int(a[2], &k) < 0) return val_null();
    if (ndevices)
      return obj_raise(&exc_RuntimeError, "jax_num_cpu_devices config should be updated before "
                       "backends are initialized i.e. before any JAX operation is executed. You "
                       "should initialize this config immediately after `import jax`.");
    requested = k > 0 ? (int)(k > MAX_DEVICES ? MAX_DEVICES : k) : 0;
  }
  else if (!strcmp(n, "jax_platform_name") || !strcmp(n, "jax_platforms") ||
           !strcmp(n, "jax_debug_nans") || !strcmp(n, "jax_disable_jit") ||
           !strcmp(n, "jax_default_matmul_precision") || !strcmp(n, "jax_log_compiles") ||
           !strcmp(n, "jax_numpy_rank_promotion") || !strcmp(n, "jax_default_prng_impl") ||
           !strcmp(n, "jax_numpy_dtype_promotion")) {
    /* accepted; Sable does not act on these */
  } else {
    return obj_raise(&exc_AttributeError, "Unrecognized config option: %s", n);
  }
  return val_none();
}
static Value config_getattr(Value self, Obj *name) {
  const char *n = STR(name)->s;
  if (!strcmp(n, "jax_enable_x64") || !strcmp(n, "x64_enabled")) return val_bool(lx_flag_x64);
  if (!strcmp(n, "jax_threefry_partitionable")) return val_bool(lx_flag_partitionable);
  if (!strcmp(n, "jax_explain_cache_misses")) return val_bool(lx_flag_explain_cache_misses);
  return type_generic_getattr(self, name);
}
static Value config_repr(Value self) { return str_from_cstr("<jax._src.config.Config>"); }
static void config_dealloc(Obj *o) { obj_free(o); }
static const MethodDef config_methods[] = {
    {"update", config_update, "update(name, value): set a configuration flag", 0}, {NULL}};
static TypeObj config_type = {OBJ_TYPE_HEAD, .name = "Config", .dealloc = config_dealloc,
                              .repr = config_repr, .getattr = config_getattr,
                              .methods = config_methods};

/* {=== devices ===}
 * N CPU devices when asked, as JAX: XLA_FLAGS=--xla_force_host_platform_device_count=N read at
 * first use, jax.config.update('jax_num_cpu_devices', N) before it, or SABLE_CPU_DEVICES=N.
 * pmap runs device d's work on a worker thread of its own (engine/coll.c). */
typedef struct DeviceObj { Obj ob; int id; } DeviceObj;
static int dev_id_of(Value self) { return ((DeviceObj *)self.u.o)->id; }
static Value device_repr(Value self) { return str_fmt("CpuDevice(id=%d)", dev_id_of(self)); }
static Value device_str(Value self) { return str_fmt("cpu:%d", dev_id_of(self)); }
static Value dev_platform(Value self) { return str_from_cstr("cpu"); }
static Value dev_id(Value self) { return val_int(dev_id_of(self)); }
static Value dev_process(Value self) { return val_int(nlocal ? dev_id_of(self) / nlocal : 0); }
static const GetSetDef device_getset[] = {{"platform", dev_platform, NULL, NULL},
                                          {"device_kind", dev_platform, NULL, NULL},
                                          {"id", dev_id, NULL, NULL},
                                          {"process_index", dev_process, NULL, NULL},
                                          {"host_id", dev_process, NULL, NULL}, {NULL}};
static int device_hash(Value self, int64_t *out) { *out = (int64_t)((uintptr_t)self.u.o >> 4); return 0; }
static TypeObj device_type = {OBJ_TYPE_HEAD, .name = "Device", .dealloc = config_dealloc,
                              .repr = device_repr, .str = device_str, .hash = device_hash,
                              .getset = device_getset};
static DeviceObj devices[MAX_DEVICES];

static int env_count(void) {
  const char *e = getenv("SABLE_CPU_DEVICES");
  if (e && atoi(e) > 0) return atoi(e);
  const char *x = getenv("XLA_FLAGS");
  const char *k = x ? strstr(x, "--xla_force_host_platform_device_count=") : NULL;
  if (k) {
    int n = atoi(k + strlen("--xla_force_host_platform_device_count="));
    if (n > 0) return n;
  }
  return 1;
}

int lx_device_count(void) {
  if (!ndevices) {
    int l = requested ? requested : env_count();
    if (l * nproc > MAX_DEVICES) l = MAX_DEVICES / nproc > 0 ? MAX_DEVICES / nproc : 1;
    int n = l * nproc;
    if (n > MAX_DEVICES) n = MAX_DEVICES;
    nlocal = l;
    for (int i = 0; i < n; i++) {
      devices[i].ob.rc = OBJ_IMMORTAL;
      devices[i].ob.type = &device_type;
      devices[i].id = i;
    }
    ndevices = n;
  }
  return ndevices;
}

Value lx_device(int i) {
  int n = lx_device_count();
  if (i < 0 || i >= n) i = 0;
  return val_obj(&devices[i].ob);
}
/* the id of a jax.Device, or -1 (not one) */
int lx_device_id(Value v) {
  if (v.tag != V_OBJ || v.u.o->type != &device_type) return -1;
  return dev_id_of(v);
}

Value lx_default_device(void) { return lx_local_device(0); }

int lx_local_device_count(void) {
  lx_device_count();
  return nlocal;
}
Value lx_local_device(int i) {
  int l = lx_local_device_count();
  if (i < 0 || i >= l) i = 0;
  return lx_device(proc_rank * l + i);
}
int lx_process_count(void) { return nproc; }
/* jax.distributed joined n processes; this one is rank: the device list spans them all */
void lx_set_processes(int n, int rank) {
  nproc = n > 0 ? n : 1;
  proc_rank = rank;
  ndevices = 0;
  lx_device_count();
}

/* the devices an array lives on: its committed device, every device for a pmap result */
Value lx_array_devices(Value self) {
  Value st = set_new();
  if (VAL_IS_NULL(st)) return st;
  Array *a = lx_arr(self);
  int d = a ? (a->flags & ARR_DEV_MASK) >> ARR_DEV_SHIFT : 0;
  int lo = 0, hi = 1;
  if (d == ARR_DEV_SHARDED) { hi = a->ndim > 0 && a->shape[0] < lx_local_device_count() ? (int)a->shape[0] : lx_local_device_count(); }
  else if (d > 0) { lo = d - 1; hi = d; }
  for (int i = lo; i < hi; i++)
    if (set_add(st, d == ARR_DEV_SHARDED ? lx_local_device(i) : lx_device(i)) < 0) { val_decref(st); return val_null(); }
  return st;
}
Value lx_array_device(Value self) {
  Array *a = lx_arr(self);
  int d = a ? (a->flags & ARR_DEV_MASK) >> ARR_DEV_SHIFT : 0;
  return d > 0 && d != ARR_DEV_SHARDED ? lx_device(d - 1) : lx_local_device(0);
}

/* x.sharding: the two layouts Sable has, as JAX prints them */
typedef struct ShardingObj { Obj ob; int dev, n; Value arr; } ShardingObj;
static void sharding_dealloc(Obj *o) { val_decref(((ShardingObj *)o)->arr); obj_free(o); }
static Value sharding_repr(Value self) {
  ShardingObj *s = (ShardingObj *)self.u.o;
  if (s->n > 0)
    return str_fmt("NamedSharding(mesh=Mesh('_internal_pmap_axis_name': %d, axis_types=(Auto,)), "
                   "spec=P('_internal_pmap_axis_name',), memory_kind=device)", s->n);
  return str_fmt("SingleDeviceSharding(device=CpuDevice(id=%d), memory_kind=device)", s->dev);
}
static Value sharding_device_set(Value self) { return lx_array_devices(((ShardingObj *)self.u.o)->arr); }
static Value sharding_num_devices(Value self) {
  ShardingObj *s = (ShardingObj *)self.u.o;
  return val_int(s->n > 0 ? s->n : 1);
}
static const GetSetDef sharding_getset[] = {{"device_set", sharding_device_set, NULL, NULL},
                                            {"num_devices", sharding_num_devices, NULL, NULL},
                                            {NULL}};
static TypeObj sharding_type = {OBJ_TYPE_HEAD, .name = "Sharding", .dealloc = sharding_dealloc,
                                .repr = sharding_repr, .getset = sharding_getset};

Value lx_array_sharding(Value self) {
  Array *a = lx_arr(self);
  int d = a ? (a->flags & ARR_DEV_MASK) >> ARR_DEV_SHIFT : 0;
  ShardingObj *s = (ShardingObj *)obj_alloc(&sharding_type, sizeof *s);
  if (!s) return val_null();
  s->arr = val_incref(self);
  s->n = 0;
  s->dev = lx_device_id(lx_array_device(self));
  if (d == ARR_DEV_SHARDED)
    s->n = a->ndim > 0 && a->shape[0] < lx_local_device_count() ? (int)a->shape[0] : lx_local_device_count();
  return val_obj(&s->ob);
}

static Value jax_devices(int argc, const Value *argv, Obj *kw) {
  int n = lx_device_count();
  Value l = list_new(n);
  if (VAL_IS_NULL(l)) return l;
  for (int i = 0; i < n; i++) LIST(l.u.o)->items[i] = lx_device(i);
  return l;
}
static Value jax_default_backend(int argc, const Value *argv, Obj *kw) {
  return str_from_cstr("cpu");
}
static Value jax_local_devices(int argc, const Value *argv, Obj *kw) {
  int n = lx_local_device_count();
  Value l = list_new(n);
  if (VAL_IS_NULL(l)) return l;
  for (int i = 0; i < n; i++) LIST(l.u.o)->items[i] = lx_local_device(i);
  return l;
}
static Value jax_device_count(int argc, const Value *argv, Obj *kw) { return val_int(lx_device_count()); }
static Value jax_local_device_count(int argc, const Value *argv, Obj *kw) { return val_int(lx_local_device_count()); }
static Value jax_process_index(int argc, const Value *argv, Obj *kw) { return val_int(proc_rank); }
static Value jax_process_count(int argc, const Value *argv, Obj *kw) { return val_int(nproc); }

/* a jax array committed to device d (a new header over the same buffer) */
static Value commit(Value x, int d) {
  Value j = lx_asarray(x, FAM_JAX, -1, 0);
  if (VAL_IS_NULL(j) || !lx_arr(j)) return j;
  Array *v = arr_view(lx_arr(j));
  val_decref(j);
  if (!v) { lx_raise_engine(FAM_JAX); return val_null(); }
  v->flags = (v->flags & ~ARR_DEV_MASK & ~ARR_WRITABLE) | ((d + 1) << ARR_DEV_SHIFT);
  return lx_wrap(v, FAM_JAX);
}

/* device_put(x, device=None): arrays in a pytree become jax arrays */
static Value tree_to_jax(Value x, int depth) {
  if (depth > 100) return obj_raise(&exc_RecursionError, "pytree too deep");
  if (VAL_IS_LIST(x) || VAL_IS_TUPLE(x)) {
    int64_t n = seq_len(x);
    Value out = VAL_IS_LIST(x) ? list_new(n) : tuple_new(n);
    if (VAL_IS_NULL(out)) return out;
    for (int64_t i = 0; i < n; i++) {
      Value y = tree_to_jax(seq_items(x)[i], depth + 1);
      if (VAL_IS_NULL(y)) { val_decref(out); return y; }
      if (VAL_IS_LIST(out)) { val_decref(LIST(out.u.o)->items[i]); LIST(out.u.o)->items[i] = y; }
      else TUPLE_SET(out, i, y);
    }
    return out;
  }
  if (VAL_IS_DICT(x)) {
    Value d = dict_new();
    if (VAL_IS_NULL(d)) return d;
    int64_t pos = 0;
    Value k, v;
    while (dict_next(x, &pos, &k, &v)) {
      Value y = tree_to_jax(v, depth + 1);
      if (VAL_IS_NULL(y) || dict_set(d, k, y) < 0) { val_decref(y); val_decref(d); return val_null(); }
      val_decref(y);
    }
    return d;
  }
  if (lx_family(x) == FAM_NP || x.tag == V_INT || x.tag == V_FLOAT || x.tag == V_BOOL)
    return lx_asarray(x, FAM_JAX, -1, 0);
  return val_incref(x);
}
static Value jax_device_put(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("device_put", argc, argv, kw, "x|device,$src", a) < 0) return val_null();
  int d = !VAL_IS_NULL(a[1]) && !VAL_IS_NONE(a[1]) ? lx_device_id(a[1]) : -1;
  if (d >= 0 && (lx_is_arr(a[0]) || a[0].tag == V_INT || a[0].tag == V_FLOAT || a[0].tag == V_BOOL))
    return commit(a[0], d);
  return tree_to_jax(a[0], 0);
}
static Value tree_to_np(Value x, int depth) {
  if (depth > 100) return obj_raise(&exc_RecursionError, "pytree too deep");
  if (VAL_IS_LIST(x) || VAL_IS_TUPLE(x)) {
    int64_t n = seq_len(x);
    Value out = VAL_IS_LIST(x) ? list_new(n) : tuple_new(n);
    if (VAL_IS_NULL(out)) return out;
    for (int64_t i = 0; i < n; i++) {
      Value y = tree_to_np(seq_items(x)[i], depth + 1);
      if (VAL_IS_NULL(y)) { val_decref(out); return y; }
      if (VAL_IS_LIST(out)) { val_decref(LIST(out.u.o)->items[i]); LIST(out.u.o)->items[i] = y; }
      else TUPLE_SET(out, i, y);
    }
    return out;
  }
  if (lx_family(x) == FAM_JAX) return lx_asarray(x, FAM_NP, -1, 0);
  return val_incref(x);
}
/* n arrays of one shape stacked along a new axis 0, marked as one slice per device */
static Value stack_sharded(int n, const Value *xs) {
  Array **as = calloc((size_t)n + 1, sizeof(Array *));
  Value *js = calloc((size_t)n + 1, sizeof(Value));
  Value r = val_null();
  Array *o = NULL;
  if (!as || !js) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < n; i++) {
    js[i] = lx_asarray(xs[i], FAM_JAX, -1, 0);
    if (VAL_IS_NULL(js[i])) goto done;
    as[i] = lx_arr(js[i]);
    if (!as[i]) { obj_raise(&exc_TypeError, "device_put_sharded: shards must be arrays"); goto done; }
    if (as[i]->dtype != as[0]->dtype || as[i]->ndim != as[0]->ndim ||
        memcmp(as[i]->shape, as[0]->shape, sizeof(int64_t) * (size_t)as[0]->ndim)) {
      obj_raise(&exc_ValueError, "device_put_sharded: all shards must have the same shape and dtype");
      goto done;
    }
  }
  int64_t sh[ARR_MAXDIM];
  if (as[0]->ndim >= ARR_MAXDIM) { obj_raise(&exc_ValueError, "device_put_sharded: too many dimensions"); goto done; }
  sh[0] = n;
  memcpy(sh + 1, as[0]->shape, sizeof(int64_t) * (size_t)as[0]->ndim);
  o = arr_new(as[0]->dtype, as[0]->ndim + 1, sh);
  if (!o) { lx_raise_engine(FAM_JAX); goto done; }
  for (int i = 0; i < n; i++) {
    Array *v = arr_view_index(o, 0, i);
    int rc = v ? arr_assign(v, as[i]) : -1;
    arr_release(v);
    if (rc < 0) { lx_raise_engine(FAM_JAX); arr_release(o); o = NULL; goto done; }
  }
  o->flags |= ARR_DEV_SHARDED << ARR_DEV_SHIFT;
  r = lx_wrap(o, FAM_JAX);
done:
  if (js) for (int i = 0; i < n; i++) val_decref(js[i]);
  free(js);
  free(as);
  return r;
}
static int64_t seq_count(Value v, const char *what) {
  if (!is_seq(v)) { obj_raise(&exc_TypeError, "%s must be a list or tuple", what); return -1; }
  int64_t n = seq_len(v);
  if (n < 1 || n > MAX_DEVICES) { obj_raise(&exc_ValueError, "%s: expected 1 to %d entries, got %lld", what, MAX_DEVICES, (long long)n); return -1; }
  return n;
}
static Value jax_device_put_sharded(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("device_put_sharded", argc, argv, kw, "shards,devices", a) < 0) return val_null();
  int64_t n = seq_count(a[0], "device_put_sharded shards"), nd = seq_count(a[1], "device_put_sharded devices");
  if (n < 0 || nd < 0) return val_null();
  if (n != nd)
    return obj_raise(&exc_ValueError, "len(shards) = %lld must equal len(devices) = %lld.", (long long)n, (long long)nd);
  return stack_sharded((int)n, seq_items(a[0]));
}
static Value jax_device_put_replicated(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("device_put_replicated", argc, argv, kw, "x,devices", a) < 0) return val_null();
  int64_t nd = seq_count(a[1], "device_put_replicated devices");
  if (nd < 0) return val_null();
  Value xs[MAX_DEVICES];
  for (int64_t i = 0; i < nd; i++) xs[i] = a[0];
  return stack_sharded((int)nd, xs);
}

static Value jax_device_get(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("device_get", argc, kw, 1, 1) < 0) return val_null();
  return tree_to_np(argv[0], 0);
}
static Value jax_block_until_ready(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("block_until_ready", argc, kw, 1, 1) < 0) return val_null();
  return val_incref(argv[0]);
}

static const MethodDef jax_functions[] = {
    {"devices", jax_devices, "devices(backend=None): the list of devices", 0},
    {"local_devices", jax_local_devices, "local_devices(): this process's devices", 0},
    {"default_backend", jax_default_backend, "default_backend()", 0},
    {"device_count", jax_device_count, "device_count()", 0},
    {"local_device_count", jax_local_device_count, "local_device_count()", 0},
    {"process_index", jax_process_index, "process_index(): this process's index", 0},
    {"process_count", jax_process_count, "process_count(): the number of processes", 0},
    {"device_put_sharded", jax_device_put_sharded, "device_put_sharded(shards, devices): one stacked array, shard i on devices[i]", 0},
    {"device_put_replicated", jax_device_put_replicated, "device_put_replicated(x, devices): x stacked once per device", 0},
    {"device_put", jax_device_put, "device_put(x, device=None)", 0},
    {"device_get", jax_device_get, "device_get(x)", 0},
    {"block_until_ready", jax_block_until_ready, "block_until_ready(x)", 0},
    {NULL}};

/* copy the public names of an optional module into m (the transformations register
 * sable.transforms / sable.lax_control; absent is fine) */
static int reexport(Value m, const char *modname) {
  Value t = module_import(modname);
  if (VAL_IS_NULL(t)) {
    if (obj_err_matches(&exc_ModuleNotFoundError)) {
      Value e = obj_err_fetch();
      Value s = exc_str(e);
      int mine = VAL_IS_STR(s) && strstr(str_cstr(s), modname) != NULL;
      val_decref(s);
      if (mine) { val_decref(e); return 0; }
      obj_err_restore(e);
    }
    return -1;
  }
  ModuleObj *mo = MODULE(t.u.o);
  for (int64_t i = 0; i < mo->n; i++) {
    const char *n = STR(mo->names[i])->s;
    if (n[0] == '_' || VAL_IS_NULL(mo->vals[i])) continue;
    if (module_add(m, n, mo->vals[i]) < 0) { val_decref(t); return -1; }
  }
  val_decref(t);
  return 0;
}

static int import_into(Value m, const char *attr, const char *modname) {
  Value s = module_import(modname);
  if (VAL_IS_NULL(s)) return -1;
  int r = module_add(m, attr, s);
  val_decref(s);
  return r;
}

int modinit_jax(Value m) {
  arr_init();
  ConfigObj *c = obj_alloc(&config_type, sizeof(ConfigObj));
  if (!c) return -1;
  Value cv = val_obj(&c->ob);
  int r = module_add(m, "config", cv);
  val_decref(cv);
  if (r < 0) return -1;
  if (module_add_functions(m, jax_functions) < 0) return -1;
  if (module_add(m, "Array", val_obj(&lx_jax_type.ob)) < 0) return -1;
  /* the JAX release whose API Sable follows, with a PEP 440 local label */
  if (module_add(m, "__version__", val_obj(str_intern("0.10.2+sable"))) < 0) return -1;
  Value vi = tuple_pack(3, val_int(0), val_int(10), val_int(2));
  if (VAL_IS_NULL(vi)) return -1;
  r = module_add(m, "__version_info__", vi);
  val_decref(vi);
  if (r < 0) return -1;
  if (import_into(m, "numpy", "jax.numpy") < 0) return -1;
  if (import_into(m, "lax", "jax.lax") < 0) return -1;
  if (import_into(m, "random", "jax.random") < 0) return -1;
  if (import_into(m, "dtypes", "jax.dtypes") < 0) return -1;
  if (import_into(m, "nn", "jax.nn") < 0) return -1;
  if (reexport(m, "sable.transforms") < 0) return -1;
  if (import_into(m, "core", "jax.core") < 0) return -1;
  return 0;
}

/* {=== jax.lax: the array operations (control flow and autodiff come from the transformations) === */
static Value lax_family_args(Value v) { return lx_asarray(v, FAM_JAX, -1, 0); }

static Value lax_dot_general(int argc, const Value *argv, Obj *kw) {
  Value a[5];
  if (func_parse_args("dot_general", argc, argv, kw,
                      "lhs,rhs,dimension_numbers|precision,preferred_element_type", a) < 0)
    return val_null();
  Value dn = a[2];
  if (!is_seq(dn) || seq_len(dn) != 2 || !is_seq(seq_items(dn)[0]) || !is_seq(seq_items(dn)[1]))
    return obj_raise(&exc_TypeError, "dot_general: dimension_numbers must be "
                                     "((lhs_contract, rhs_contract), (lhs_batch, rhs_batch))");
  Value con = seq_items(dn)[0], bat = seq_items(dn)[1];
  if (seq_len(con) != 2 || seq_len(bat) != 2)
    return obj_raise(&exc_TypeError, "dot_general: malformed dimension_numbers");
  PDot p;
  memset(&p, 0, sizeof p);
  int64_t t[ARR_MAXDIM];
  int n;
  if ((n = int_seq(seq_items(con)[0], t, ARR_MAXDIM, "lhs_contracting_dimensions")) < 0) return val_null();
  p.nc = n;
  for (int i = 0; i < n; i++) p.lhs_contract[i] = (int)t[i];
  if ((n = int_seq(seq_items(con)[1], t, ARR_MAXDIM, "rhs_contracting_dimensions")) < 0) return val_null();
  if (n != p.nc) return obj_raise(&exc_TypeError, "dot_general requires equal numbers of lhs_contracting_dimensions and rhs_contracting_dimensions");
  for (int i = 0; i < n; i++) p.rhs_contract[i] = (int)t[i];
  if ((n = int_seq(seq_items(bat)[0], t, ARR_MAXDIM, "lhs_batch_dimensions")) < 0) return val_null();
  p.nb = n;
  for (int i = 0; i < n; i++) p.lhs_batch[i] = (int)t[i];
  if ((n = int_seq(seq_items(bat)[1], t, ARR_MAXDIM, "rhs_batch_dimensions")) < 0) return val_null();
  if (n != p.nb) return obj_raise(&exc_TypeError, "dot_general requires equal numbers of lhs_batch_dimensions and rhs_batch_dimensions");
  for (int i = 0; i < n; i++) p.rhs_batch[i] = (int)t[i];
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  Value y = lax_family_args(a[1]);
  if (VAL_IS_NULL(y)) { val_decref(x); return y; }
  Value in[2] = {x, y}, pr[2];
  Value r = val_null();
  if (lx_promote(FAM_JAX, 2, in, pr) >= 0) {
    r = lx_dot_general(pr[0], pr[1], &p);
    val_decref(pr[0]);
    val_decref(pr[1]);
  }
  val_decref(x);
  val_decref(y);
  if (!VAL_IS_NULL(r) && has(a[4])) {
    int d = lx_parse_dtype(a[4], FAM_JAX);
    if (d >= 0) { Value c = lx_convert(r, (DType)d, 0); val_decref(r); r = c; }
    else if (d == -2) { val_decref(r); r = val_null(); }
  }
  return r;
}

static Value lax_dot(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("dot", argc, argv, kw, "lhs,rhs|precision,preferred_element_type", a) < 0)
    return val_null();
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  Value y = lax_family_args(a[1]);
  if (VAL_IS_NULL(y)) { val_decref(x); return y; }
  Value r = lx_dot(FAM_JAX, x, y);
  val_decref(x);
  val_decref(y);
  return r;
}

/* convolution dimension numbers from strings like ("NHWC", "HWIO", "NHWC") */
static int conv_spec(Value dn, int nd, PConv *p) {
  if (!has(dn)) {
    for (int i = 0; i < nd; i++) p->lhs_spec[i] = p->rhs_spec[i] = p->out_spec[i] = i;
    return 0;
  }
  if (!is_seq(dn) || seq_len(dn) != 3) {
    obj_raise(&exc_TypeError, "convolution dimension_numbers must be a tuple of 3 strings");
    return -1;
  }
  const char *s[3];
  for (int i = 0; i < 3; i++) {
    Value e = seq_items(dn)[i];
    if (!VAL_IS_STR(e)) { obj_raise(&exc_TypeError, "convolution dimension_numbers elements must be strings"); return -1; }
    s[i] = str_cstr(e);
    if ((int)strlen(s[i]) != nd) {
      obj_raise(&exc_TypeError, "convolution dimension_numbers[%d] must have len equal to the "
                                "ndim of lhs and rhs, got %d", i, (int)strlen(s[i]));
      return -1;
    }
  }
  static const char pairs[3][2] = {{'N', 'C'}, {'O', 'I'}, {'N', 'C'}};
  int *specs[3] = {p->lhs_spec, p->rhs_spec, p->out_spec};
  for (int i = 0; i < 3; i++) {
    const char *a = strchr(s[i], pairs[i][0]), *b = strchr(s[i], pairs[i][1]);
    if (!a || !b) {
      obj_raise(&exc_TypeError, "convolution dimension_numbers[%d] must contain the characters "
                                "'%c' and '%c' exactly once, got %s.", i, pairs[i][0], pairs[i][1], s[i]);
      return -1;
    }
    specs[i][0] = (int)(a - s[i]);
    specs[i][1] = (int)(b - s[i]);
    int k = 2;
    if (i == 1) {
      for (int j = 0; j < nd; j++) if (s[1][j] != 'O' && s[1][j] != 'I') specs[1][k++] = j;
    } else {
      /* spatial dims in the rhs spec's order */
      for (int j = 0; j < nd; j++) {
        char c = s[1][j];
        if (c == 'O' || c == 'I') continue;
        const char *q = strchr(s[i], c);
        if (!q) { obj_raise(&exc_TypeError, "convolution dimension_numbers elements must each have the same set of spatial characters"); return -1; }
        specs[i][k++] = (int)(q - s[i]);
      }
    }
  }
  return 0;
}

static int padding_arg(Value pad, int nsp, const int64_t *in_sp, const int64_t *win,
                       const int64_t *strides, int64_t *lo, int64_t *hi) {
  if (VAL_IS_STR(pad)) {
    const char *s = str_cstr(pad);
    int same = !strcmp(s, "SAME") ? 1 : !strcmp(s, "SAME_LOWER") ? 2 : !strcmp(s, "VALID") ? 0 : -1;
    if (same < 0) { obj_raise(&exc_ValueError, "Unknown padding type: %s.", s); return -1; }
    prim_padtype_to_pads(nsp, in_sp, win, strides, same, lo, hi);
    return 0;
  }
  if (!is_seq(pad) || seq_len(pad) != nsp) {
    obj_raise(&exc_ValueError, "padding must be 'SAME', 'VALID' or a sequence of %d (low, high) pairs", nsp);
    return -1;
  }
  for (int i = 0; i < nsp; i++) {
    int64_t t[2];
    if (int_seq(seq_items(pad)[i], t, 2, "padding pair") != 2) {
      if (!obj_err_occurred()) obj_raise(&exc_ValueError, "padding entries must be (low, high) pairs");
      return -1;
    }
    lo[i] = t[0];
    hi[i] = t[1];
  }
  return 0;
}

static Value lax_conv_general_dilated(int argc, const Value *argv, Obj *kw) {
  Value a[11];
  if (func_parse_args("conv_general_dilated", argc, argv, kw,
                      "lhs,rhs,window_strides,padding|lhs_dilation,rhs_dilation,dimension_numbers,"
                      "feature_group_count,batch_group_count,precision,preferred_element_type",
                      a) < 0)
    return val_null();
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  Value w = lax_family_args(a[1]);
  if (VAL_IS_NULL(w)) { val_decref(x); return w; }
  Value r = val_null(), pr[2] = {val_null(), val_null()};
  AVal xa, wa;
  if (lx_aval(x, &xa) < 0 || lx_aval(w, &wa) < 0) goto out;
  if (xa.ndim != wa.ndim || xa.ndim < 3 || xa.ndim > 5) {
    r = obj_raise(&exc_TypeError, "convolution requires lhs and rhs ndim to be equal (3 to 5), got %d and %d.", xa.ndim, wa.ndim);
    goto out;
  }
  {
    PConv p;
    memset(&p, 0, sizeof p);
    int nsp = xa.ndim - 2;
    p.nsp = nsp;
    if (conv_spec(a[6], xa.ndim, &p) < 0) goto out;
    int64_t t[3];
    if (int_seq(a[2], t, 3, "window_strides") != nsp) {
      if (!obj_err_occurred()) obj_raise(&exc_TypeError, "window_strides must have %d entries", nsp);
      goto out;
    }
    for (int i = 0; i < nsp; i++) p.strides[i] = t[i];
    for (int i = 0; i < nsp; i++) p.lhs_dil[i] = p.rhs_dil[i] = 1;
    if (has(a[4])) {
      if (int_seq(a[4], t, 3, "lhs_dilation") != nsp) { if (!obj_err_occurred()) obj_raise(&exc_TypeError, "lhs_dilation must have %d entries", nsp); goto out; }
      for (int i = 0; i < nsp; i++) p.lhs_dil[i] = t[i];
    }
    if (has(a[5])) {
      if (int_seq(a[5], t, 3, "rhs_dilation") != nsp) { if (!obj_err_occurred()) obj_raise(&exc_TypeError, "rhs_dilation must have %d entries", nsp); goto out; }
      for (int i = 0; i < nsp; i++) p.rhs_dil[i] = t[i];
    }
    int64_t fg = 1, bg = 1;
    if (has(a[7]) && lx_as_int(a[7], &fg) < 0) goto out;
    if (has(a[8]) && lx_as_int(a[8], &bg) < 0) goto out;
    p.feature_group_count = (int)fg;
    p.batch_group_count = (int)bg;
    int64_t in_sp[3], win[3];
    for (int i = 0; i < nsp; i++) {
      in_sp[i] = xa.shape[p.lhs_spec[2 + i]];
      int64_t k = wa.shape[p.rhs_spec[2 + i]];
      win[i] = k == 0 ? 0 : (k - 1) * p.rhs_dil[i] + 1;
    }
    if (padding_arg(a[3], nsp, in_sp, win, p.strides, p.pad_lo, p.pad_hi) < 0) goto out;
    Value in[2] = {x, w};
    if (lx_promote(FAM_JAX, 2, in, pr) < 0) goto out;
    r = lx_bind1(PRIM_conv, 2, pr, &p);
  }
out:
  val_decref(pr[0]);
  val_decref(pr[1]);
  val_decref(x);
  val_decref(w);
  return r;
}

/* reduce_window(operand, init_value, computation, window_dimensions, window_strides, padding) */
static int lax_fn_prim(Value f);

static Value lax_reduce_window(int argc, const Value *argv, Obj *kw) {
  Value a[8];
  if (func_parse_args("reduce_window", argc, argv, kw,
                      "operand,init_value,computation,window_dimensions|window_strides,padding,"
                      "base_dilation,window_dilation", a) < 0)
    return val_null();
  /* the reduce_window primitive whose entry combines with the computation (lax.add -> sum) */
  static const PrimId windows[] = {PRIM_reduce_window_sum, PRIM_reduce_window_max, PRIM_reduce_window_min};
  int op = lax_fn_prim(a[2]), id = -1;
  for (int i = 0; i < 3; i++) if (op >= 0 && prim_table[windows[i]].monoid == op) id = windows[i];
  if (id < 0) return obj_raise(&exc_NotImplementedError, "reduce_window: computation must be lax.add, lax.max or lax.min");
  if (has(a[6]) || has(a[7])) return obj_raise(&exc_NotImplementedError, "reduce_window: dilation is not supported");
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  AVal xa;
  Value r = val_null();
  if (lx_aval(x, &xa) < 0) goto out;
  {
    PWindow p;
    memset(&p, 0, sizeof p);
    p.ndim = xa.ndim;
    int64_t t[ARR_MAXDIM];
    if (int_seq(a[3], t, ARR_MAXDIM, "window_dimensions") != xa.ndim) {
      if (!obj_err_occurred()) obj_raise(&exc_TypeError, "reduce_window: window_dimensions must have one entry per operand dimension");
      goto out;
    }
    for (int i = 0; i < xa.ndim; i++) { p.window[i] = t[i]; p.strides[i] = 1; }
    if (has(a[4])) {
      if (int_seq(a[4], t, ARR_MAXDIM, "window_strides") != xa.ndim) {
        if (!obj_err_occurred()) obj_raise(&exc_TypeError, "reduce_window: window_strides must have one entry per operand dimension");
        goto out;
      }
      for (int i = 0; i < xa.ndim; i++) p.strides[i] = t[i];
    }
    if (has(a[5]) && padding_arg(a[5], xa.ndim, xa.shape, p.window, p.strides, p.pad_lo, p.pad_hi) < 0) goto out;
    /* the init value must be the reduction's identity (or 0 / -inf / inf as courses use) */
    double iv;
    Value ic = lx_is_arraylike(a[1]) ? lx_concrete(a[1], "reduce_window init_value") : val_incref(a[1]);
    if (VAL_IS_NULL(ic)) goto out;
    if (lx_arr(ic)) iv = arr_get_f(lx_arr(ic), 0);
    else if (op_as_float(ic, &iv) < 0) { val_decref(ic); goto out; }
    val_decref(ic);
    Value cur = val_incref(x);
    r = lx_bind1(id, 1, &cur, &p);
    val_decref(cur);
    /* an init value other than the identity is combined into every window */
    const Prim *pw = &prim_table[id];
    if (!VAL_IS_NULL(r) && iv != prim_identity(pw->reduce_identity)) {
      Value t2 = lx_binary(FAM_JAX, (PrimId)pw->monoid, r, a[1]);
      val_decref(r);
      r = t2;
    }
  }
out:
  val_decref(x);
  return r;
}

static Value lax_dynamic_slice(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("dynamic_slice", argc, argv, kw, "operand,start_indices,slice_sizes", a) < 0)
    return val_null();
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  AVal xa;
  Value r = val_null();
  Value in[ARR_MAXDIM + 1];
  int nin = 0;
  if (lx_aval(x, &xa) < 0) goto out;
  {
    PShape p;
    memset(&p, 0, sizeof p);
    if (int_seq(a[2], p.shape, ARR_MAXDIM, "slice_sizes") != xa.ndim) {
      if (!obj_err_occurred()) obj_raise(&exc_TypeError, "dynamic_slice: slice_sizes must have one entry per operand dimension");
      goto out;
    }
    p.ndim = xa.ndim;
    Value st = a[1];
    in[nin++] = val_incref(x);
    if (is_seq(st)) {
      if (seq_len(st) != xa.ndim) { obj_raise(&exc_TypeError, "dynamic_slice: start_indices must have one entry per operand dimension"); goto out; }
      for (int i = 0; i < xa.ndim; i++) {
        Value s = seq_items(st)[i];
        in[nin] = lx_convert(s, arr_default_int(lx_promo(FAM_JAX)), 0);
        if (VAL_IS_NULL(in[nin])) goto out;
        nin++;
      }
    } else {
      for (int i = 0; i < xa.ndim; i++) {
        in[nin] = lx_getitem(st, val_int(i));
        if (VAL_IS_NULL(in[nin])) goto out;
        nin++;
      }
    }
    r = lx_bind1(PRIM_dynamic_slice, nin, in, &p);
  }
out:
  for (int i = 0; i < nin; i++) val_decref(in[i]);
  val_decref(x);
  return r;
}

static Value lax_dynamic_update_slice(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("dynamic_update_slice", argc, argv, kw, "operand,update,start_indices", a) < 0)
    return val_null();
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  AVal xa;
  Value r = val_null();
  Value in[ARR_MAXDIM + 2];
  int nin = 0;
  if (lx_aval(x, &xa) < 0) goto out;
  in[nin++] = val_incref(x);
  {
    Value u = lax_family_args(a[1]);
    if (VAL_IS_NULL(u)) goto out;
    in[nin] = lx_convert(u, xa.dtype, xa.weak);
    val_decref(u);
    if (VAL_IS_NULL(in[nin])) goto out;
    nin++;
  }
  {
    Value st = a[2];
    for (int i = 0; i < xa.ndim; i++) {
      Value s = is_seq(st) ? (i < seq_len(st) ? val_incref(seq_items(st)[i]) : val_null()) : lx_getitem(st, val_int(i));
      if (VAL_IS_NULL(s)) {
        if (!obj_err_occurred()) obj_raise(&exc_TypeError, "dynamic_update_slice: start_indices must have one entry per operand dimension");
        goto out;
      }
      in[nin] = lx_convert(s, arr_default_int(lx_promo(FAM_JAX)), 0);
      val_decref(s);
      if (VAL_IS_NULL(in[nin])) goto out;
      nin++;
    }
  }
  r = lx_bind1(PRIM_dynamic_update_slice, nin, in, NULL);
out:
  for (int i = 0; i < nin; i++) val_decref(in[i]);
  val_decref(x);
  return r;
}

static int lax_check_dtypes(const char *name, Value x, Value y);
static Value lax_select(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("select", argc, argv, kw, "pred,on_true,on_false", a) < 0) return val_null();
  Value t = a[1].tag == V_OBJ ? lax_family_args(a[1]) : val_incref(a[1]);
  if (VAL_IS_NULL(t)) return t;
  Value f = a[2].tag == V_OBJ ? lax_family_args(a[2]) : val_incref(a[2]);
  if (VAL_IS_NULL(f)) { val_decref(t); return f; }
  /* JAX's select_n takes (on_false, on_true): its error names them in that order */
  Value r = lax_check_dtypes("select", f, t) < 0 ? val_null() : lx_select(a[0], t, f);
  val_decref(t);
  val_decref(f);
  return r;
}

static Value lax_broadcast_in_dim(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("broadcast_in_dim", argc, argv, kw, "operand,shape,broadcast_dimensions|$sharding", a) < 0)
    return val_null();
  PBroadcast p;
  memset(&p, 0, sizeof p);
  int nd = int_seq(a[1], p.shape, ARR_MAXDIM, "shape");
  if (nd < 0) return val_null();
  p.ndim = nd;
  int64_t bd[ARR_MAXDIM];
  int nb = int_seq(a[2], bd, ARR_MAXDIM, "broadcast_dimensions");
  if (nb < 0) return val_null();
  for (int i = 0; i < nb; i++) p.bdims[i] = (int)bd[i];
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  AVal xa;
  Value r = val_null();
  if (lx_aval(x, &xa) == 0) {
    if (xa.ndim != nb)
      r = obj_raise(&exc_TypeError, "broadcast_in_dim broadcast_dimensions must have length equal to operand ndim; got broadcast_dimensions of length %d for operand ndim %d.", nb, xa.ndim);
    else
      r = lx_bind1(PRIM_broadcast_in_dim, 1, &x, &p);
  }
  val_decref(x);
  return r;
}

static Value lax_broadcast(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("broadcast", argc, argv, kw, "operand,sizes", a) < 0) return val_null();
  int64_t s[ARR_MAXDIM];
  int ns = int_seq(a[1], s, ARR_MAXDIM, "sizes");
  if (ns < 0) return val_null();
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  AVal xa;
  Value r = val_null();
  if (lx_aval(x, &xa) == 0) {
    if (ns + xa.ndim > ARR_MAXDIM) r = obj_raise(&exc_ValueError, "too many dimensions");
    else {
      int64_t shape[ARR_MAXDIM];
      memcpy(shape, s, sizeof(int64_t) * ns);
      memcpy(shape + ns, xa.shape, sizeof(int64_t) * xa.ndim);
      r = lx_broadcast_to(x, ns + xa.ndim, shape);
    }
  }
  val_decref(x);
  return r;
}

static Value lax_reshape(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("reshape", argc, argv, kw, "operand,new_sizes|dimensions", a) < 0) return val_null();
  int64_t s[ARR_MAXDIM];
  int ns = int_seq(a[1], s, ARR_MAXDIM, "new_sizes");
  if (ns < 0) return val_null();
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  if (has(a[2])) {
    Value t = lx_transpose_method(x, 1, &a[2]);
    val_decref(x);
    if (VAL_IS_NULL(t)) return t;
    x = t;
  }
  Value r = lx_reshape(x, ns, s);
  val_decref(x);
  return r;
}

static Value lax_transpose(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("transpose", argc, argv, kw, "operand,permutation", a) < 0) return val_null();
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  Value r = lx_transpose_method(x, 1, &a[1]);
  val_decref(x);
  return r;
}

static Value lax_slice(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("slice", argc, argv, kw, "operand,start_indices,limit_indices|strides", a) < 0)
    return val_null();
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  AVal xa;
  Value r = val_null();
  int64_t st[ARR_MAXDIM], lim[ARR_MAXDIM], str[ARR_MAXDIM];
  if (lx_aval(x, &xa) < 0) goto out;
  if (int_seq(a[1], st, ARR_MAXDIM, "start_indices") != xa.ndim ||
      int_seq(a[2], lim, ARR_MAXDIM, "limit_indices") != xa.ndim) {
    if (!obj_err_occurred()) obj_raise(&exc_TypeError, "slice: start_indices and limit_indices must have one entry per operand dimension");
    goto out;
  }
  for (int i = 0; i < xa.ndim; i++) str[i] = 1;
  if (has(a[3]) && int_seq(a[3], str, ARR_MAXDIM, "strides") != xa.ndim) {
    if (!obj_err_occurred()) obj_raise(&exc_TypeError, "slice: strides must have one entry per operand dimension");
    goto out;
  }
  {
    PSlice p;
    memset(&p, 0, sizeof p);
    p.ndim = xa.ndim;
    for (int i = 0; i < xa.ndim; i++) { p.start[i] = st[i]; p.limit[i] = lim[i]; p.stride[i] = str[i]; }
    r = lx_bind1(PRIM_slice, 1, &x, &p);
  }
out:
  val_decref(x);
  return r;
}

static Value lax_pad(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("pad", argc, argv, kw, "operand,padding_value,padding_config", a) < 0) return val_null();
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  AVal xa;
  Value r = val_null(), pv = val_null();
  if (lx_aval(x, &xa) < 0) goto out;
  if (!is_seq(a[2]) || seq_len(a[2]) != xa.ndim) {
    obj_raise(&exc_TypeError, "pad: padding_config must have one (lo, hi, interior) triple per operand dimension");
    goto out;
  }
  {
    PPad p;
    memset(&p, 0, sizeof p);
    p.ndim = xa.ndim;
    for (int i = 0; i < xa.ndim; i++) {
      int64_t t[3];
      if (int_seq(seq_items(a[2])[i], t, 3, "padding_config entry") != 3) {
        if (!obj_err_occurred()) obj_raise(&exc_TypeError, "pad: padding_config entries must be (lo, hi, interior)");
        goto out;
      }
      p.lo[i] = t[0]; p.hi[i] = t[1]; p.interior[i] = t[2];
    }
    pv = lx_is_arraylike(a[1]) ? lx_convert(a[1], xa.dtype, 0) : lx_asarray(a[1], FAM_JAX, xa.dtype, 0);
    if (VAL_IS_NULL(pv)) goto out;
    Value in[2] = {x, pv};
    r = lx_bind1(PRIM_pad, 2, in, &p);
  }
out:
  val_decref(pv);
  val_decref(x);
  return r;
}

static Value lax_concatenate(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("concatenate", argc, argv, kw, "operands,dimension", a) < 0) return val_null();
  int64_t d;
  if (lx_as_int(a[1], &d) < 0) return val_null();
  if (!is_seq(a[0]) || seq_len(a[0]) == 0) return obj_raise(&exc_TypeError, "concatenate: operands must be a non-empty sequence");
  int n = (int)seq_len(a[0]);
  Value *xs = obj_calloc((size_t)n, sizeof(Value));
  if (!xs) return val_null();
  Value r = val_null();
  int k = 0;
  for (; k < n; k++) {
    xs[k] = lax_family_args(seq_items(a[0])[k]);
    if (VAL_IS_NULL(xs[k])) break;
  }
  if (k == n) r = lx_concat(n, xs, (int)d);
  for (int i = 0; i < k; i++) val_decref(xs[i]);
  obj_mfree(xs);
  return r;
}

static Value lax_rev(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("rev", argc, argv, kw, "operand,dimensions", a) < 0) return val_null();
  int64_t t[ARR_MAXDIM];
  int n = int_seq(a[1], t, ARR_MAXDIM, "dimensions");
  if (n < 0) return val_null();
  int ax[ARR_MAXDIM];
  for (int i = 0; i < n; i++) ax[i] = (int)t[i];
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  Value r = lx_rev(x, n, ax);
  val_decref(x);
  return r;
}

static Value lax_convert_element_type(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("convert_element_type", argc, argv, kw, "operand,new_dtype", a) < 0) return val_null();
  int d = lx_parse_dtype(a[1], FAM_JAX);
  if (d < 0) return d == -2 ? val_null() : obj_raise(&exc_TypeError, "new_dtype must not be None");
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  Value r = lx_convert(x, (DType)d, 0);
  val_decref(x);
  return r;
}

static Value lax_iota(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("iota", argc, argv, kw, "dtype,size", a) < 0) return val_null();
  int d = lx_parse_dtype(a[0], FAM_JAX);
  if (d < 0) return d == -2 ? val_null() : obj_raise(&exc_TypeError, "dtype must not be None");
  int64_t n;
  if (lx_as_int(a[1], &n) < 0) return val_null();
  if (n < 0) return obj_raise(&exc_ValueError, "iota size must be non-negative");
  return lx_iota(FAM_JAX, (DType)d, n);
}

/* reductions: reduce_sum(operand, axes) etc. */
static Value lax_reduce_common(PrimId id, const char *name, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args(name, argc, argv, kw, "operand,axes", a) < 0) return val_null();
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  AVal xa;
  Value r = val_null();
  if (lx_aval(x, &xa) == 0) {
    int ax[ARR_MAXDIM], all;
    int n = lx_parse_axes(a[1], xa.ndim, ax, &all);
    if (n >= 0) r = lx_reduce(id, x, n, ax);
  }
  val_decref(x);
  return r;
}
#define LAX_RED(nm, pid) \
  static Value lax_##nm(int argc, const Value *argv, Obj *kw) { return lax_reduce_common(pid, #nm, argc, argv, kw); }
LAX_RED(reduce_sum, PRIM_reduce_sum) LAX_RED(reduce_prod, PRIM_reduce_prod)
LAX_RED(reduce_max, PRIM_reduce_max) LAX_RED(reduce_min, PRIM_reduce_min)
LAX_RED(reduce_and, PRIM_reduce_and) LAX_RED(reduce_or, PRIM_reduce_or)

static Value lax_arg_common(PrimId id, const char *name, int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args(name, argc, argv, kw, "operand,axis,index_dtype", a) < 0) return val_null();
  int d = lx_parse_dtype(a[2], FAM_JAX);
  if (d < 0) return d == -2 ? val_null() : obj_raise(&exc_TypeError, "index_dtype must not be None");
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  AVal xa;
  Value r = val_null();
  int ax;
  if (lx_aval(x, &xa) == 0 && lx_parse_axis(a[1], xa.ndim, &ax) == 0) {
    PArg p = {ax, (DType)d};
    r = lx_bind1(id, 1, &x, &p);
  }
  val_decref(x);
  return r;
}
static Value lax_argmax(int argc, const Value *argv, Obj *kw) { return lax_arg_common(PRIM_argmax, "argmax", argc, argv, kw); }
static Value lax_argmin(int argc, const Value *argv, Obj *kw) { return lax_arg_common(PRIM_argmin, "argmin", argc, argv, kw); }

static Value lax_cum_common(PrimId id, const char *name, int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args(name, argc, argv, kw, "operand|axis,reverse", a) < 0) return val_null();
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  AVal xa;
  Value r = val_null();
  int ax = 0, rev = 0;
  if (lx_aval(x, &xa) == 0 && (!has(a[1]) || lx_parse_axis(a[1], xa.ndim, &ax) == 0) &&
      (!has(a[2]) || (rev = op_truth(a[2])) >= 0)) {
    PCum p = {ax, rev};
    r = lx_bind1(id, 1, &x, &p);
  }
  val_decref(x);
  return r;
}
#define LAX_CUM(nm, pid) \
  static Value lax_##nm(int argc, const Value *argv, Obj *kw) { return lax_cum_common(pid, #nm, argc, argv, kw); }
LAX_CUM(cumsum, PRIM_cumsum) LAX_CUM(cumprod, PRIM_cumprod) LAX_CUM(cummax, PRIM_cummax)
LAX_CUM(cummin, PRIM_cummin)

static Value lax_sort(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("sort", argc, argv, kw, "operand|dimension,is_stable,num_keys", a) < 0) return val_null();
  int multi = is_seq(a[0]);
  int n = multi ? (int)seq_len(a[0]) : 1;
  if (n < 1 || n > 16) return obj_raise(&exc_ValueError, "sort: between 1 and 16 operands");
  Value xs[16], outs[16];
  int k = 0;
  Value r = val_null();
  for (; k < n; k++) {
    xs[k] = lax_family_args(multi ? seq_items(a[0])[k] : a[0]);
    if (VAL_IS_NULL(xs[k])) goto out;
  }
  {
    AVal xa;
    if (lx_aval(xs[0], &xa) < 0) goto out;
    int dim = xa.ndim - 1;
    int64_t nk = 1;
    if (has(a[1]) && lx_parse_axis(a[1], xa.ndim, &dim) < 0) goto out;
    if (has(a[3]) && lx_as_int(a[3], &nk) < 0) goto out;
    PSort p = {dim, (int)nk, 0};
    int m = lx_bind(PRIM_sort, n, xs, &p, outs);
    if (m < 0) goto out;
    if (!multi) { r = outs[0]; goto out; }
    r = tuple_new(m);
    if (VAL_IS_NULL(r)) { for (int i = 0; i < m; i++) val_decref(outs[i]); goto out; }
    for (int i = 0; i < m; i++) TUPLE_SET(r, i, outs[i]);
  }
out:
  for (int i = 0; i < k; i++) val_decref(xs[i]);
  return r;
}

/* lax is strict about dtypes as JAX's naryop rules are: each position accepts some kinds
 * (B bool, I integer, F floating), and both operands must have one dtype (a Python scalar
 * counts as the default dtype of its kind). The texts are JAX's. */
enum { LK_B = 1, LK_I = 2, LK_F = 4, LK_ANY = 7 };
typedef struct LaxRule {
  const char *lax, *prim;   /* lax function name, the primitive JAX names in errors */
  int acc0, acc1;           /* accepted kinds per position */
  const char *acc0s, *acc1s;/* JAX's spelling of them */
  int same;                 /* requires one dtype */
  const char *tip;          /* jnp twin JAX names in a tip, or NULL */
} LaxRule;
#define NUMS "integer, floating, complexfloating"
#define FLTS "floating, complexfloating"
static const LaxRule lax_rules[] = {
    {"add", "add", LK_I | LK_F, LK_I | LK_F, NUMS, NUMS, 1, "add"},
    {"sub", "sub", LK_I | LK_F, LK_I | LK_F, NUMS, NUMS, 1, "subtract"},
    {"mul", "mul", LK_I | LK_F, LK_I | LK_F, NUMS, NUMS, 1, "multiply"},
    {"div", "div", LK_I | LK_F, LK_I | LK_F, NUMS, NUMS, 1, "divide"},
    {"rem", "rem", LK_I | LK_F, LK_I | LK_F, "integer, floating", "integer, floating", 1, NULL},
    {"pow", "pow", LK_F, LK_I | LK_F, FLTS, NUMS, 0, NULL},
    {"max", "max", LK_ANY, LK_ANY, "", "", 1, "maximum"},
    {"min", "min", LK_ANY, LK_ANY, "", "", 1, "minimum"},
    {"eq", "eq", LK_ANY, LK_ANY, "", "", 1, "equal"},
    {"ne", "ne", LK_ANY, LK_ANY, "", "", 1, "not_equal"},
    {"lt", "lt", LK_ANY, LK_ANY, "", "", 1, NULL},
    {"le", "le", LK_ANY, LK_ANY, "", "", 1, NULL},
    {"gt", "gt", LK_ANY, LK_ANY, "", "", 1, NULL},
    {"ge", "ge", LK_ANY, LK_ANY, "", "", 1, NULL},
    {"atan2", "atan2", LK_F, LK_F, FLTS, FLTS, 1, "arctan2"},
    {"nextafter", "nextafter", LK_F, LK_F, "floating", "floating", 1, "nextafter"},
    {"bitwise_and", "and", LK_I | LK_B, LK_I | LK_B, "integer, bool", "integer, bool", 1, NULL},
    {"bitwise_or", "or", LK_I | LK_B, LK_I | LK_B, "integer, bool", "integer, bool", 1, NULL},
    {"bitwise_xor", "xor", LK_I | LK_B, LK_I | LK_B, "integer, bool", "integer, bool", 1, NULL},
    {"shift_left", "shift_left", LK_I, LK_I, "integer", "integer", 1, "left_shift"},
    {"shift_right_logical", "shift_right_logical", LK_I, LK_I, "integer", "integer", 1, "right_shift"},
    {"shift_right_arithmetic", "shift_right_arithmetic", LK_I, LK_I, "integer", "integer", 1,
     "right_shift"},
    {"select", "select", LK_ANY, LK_ANY, "", "", 1, "where"},
    {"igamma", "igamma", LK_F, LK_F, "floating", "floating", 1, NULL},
    {"igammac", "igammac", LK_F, LK_F, "floating", "floating", 1, NULL},
    {"polygamma", "polygamma", LK_F, LK_F, "floating", "floating", 1, NULL},
    {"zeta", "zeta", LK_F, LK_F, "floating", "floating", 1, NULL},
};
#undef NUMS
#undef FLTS

/* the dtype lax sees for an operand: a Python scalar's default, else the array's; -1 if unknown */
static int lax_operand_dtype(Value v) {
  PromoMode m = lx_promo(FAM_JAX);
  if (v.tag == V_BOOL) return DT_BOOL;
  if (v.tag == V_INT) return arr_default_int(m);
  if (v.tag == V_FLOAT) return arr_default_float(m);
  AVal av;
  if (!lx_is_arraylike(v) || lx_aval(v, &av) < 0) { obj_err_clear(); return -1; }
  return av.dtype;
}

static int lax_kind(DType d) { return d == DT_BOOL ? LK_B : dt_is_float(d) ? LK_F : LK_I; }

static int lax_check_dtypes(const char *name, Value x, Value y) {
  const LaxRule *r = NULL;
  for (size_t i = 0; i < sizeof lax_rules / sizeof lax_rules[0]; i++)
    if (!strcmp(lax_rules[i].lax, name)) r = &lax_rules[i];
  int dx = lax_operand_dtype(x), dy = lax_operand_dtype(y);
  if (dx < 0 || dy < 0) return 0;
  if (r) {
    int d[2] = {dx, dy}, acc[2] = {r->acc0, r->acc1};
    const char *accs[2] = {r->acc0s, r->acc1s};
    for (int i = 0; i < 2; i++)
      if (!(lax_kind((DType)d[i]) & acc[i])) {
        obj_raise(&exc_TypeError, "%s does not accept dtype %s at position %d. Accepted dtypes "
                  "at position %d are subtypes of %s.", r->prim, arr_dtypes[d[i]].name, i, i,
                  accs[i]);
        return -1;
      }
    if (!r->same) return 0;
  }
  if (dx == dy) return 0;
  const char *prim = r ? r->prim : name;
  if (r && r->tip)
    obj_raise(&exc_TypeError, "lax.%s requires arguments to have the same dtypes, got %s, %s. "
              "(Tip: jnp.%s is a similar function that does automatic type promotion on inputs).",
              prim, arr_dtypes[dx].name, arr_dtypes[dy].name, r->tip);
  else
    obj_raise(&exc_TypeError, "lax.%s requires arguments to have the same dtypes, got %s, %s.",
              prim, arr_dtypes[dx].name, arr_dtypes[dy].name);
  return -1;
}

/* lax does not broadcast ranks: non-scalar operands must have one rank (JAX's text, which
 * names the ranks as a Python set) */
static int lax_check_ranks(const char *name, Value x, Value y) {
  AVal ax, ay;
  if (!lx_is_arraylike(x) || !lx_is_arraylike(y)) return 0;
  if (lx_aval(x, &ax) < 0 || lx_aval(y, &ay) < 0) { obj_err_clear(); return 0; }
  if (!ax.ndim || !ay.ndim || ax.ndim == ay.ndim) return 0;
  const char *prim = name;
  for (size_t i = 0; i < sizeof lax_rules / sizeof lax_rules[0]; i++)
    if (!strcmp(lax_rules[i].lax, name)) prim = lax_rules[i].prim;
  int lo = ax.ndim < ay.ndim ? ax.ndim : ay.ndim, hi = ax.ndim < ay.ndim ? ay.ndim : ax.ndim;
  obj_raise(&exc_TypeError, "%s: arrays must have the same number of dimensions, got {%d, %d}",
            prim, lo, hi);
  return -1;
}

/* elementwise lax functions: lax.add etc. (no numpy dtype promotion beyond weak scalars) */
static Value lax_binop(PrimId id, const char *name, int argc, const Value *argv, Obj *kw) {
  if (func_check_args(name, argc, kw, 2, 2) < 0) return val_null();
  Value x = argv[0].tag == V_OBJ ? lax_family_args(argv[0]) : val_incref(argv[0]);
  if (VAL_IS_NULL(x)) return x;
  Value y = argv[1].tag == V_OBJ ? lax_family_args(argv[1]) : val_incref(argv[1]);
  if (VAL_IS_NULL(y)) { val_decref(x); return y; }
  if (lax_check_dtypes(name, x, y) < 0 || lax_check_ranks(name, x, y) < 0) {
    val_decref(x);
    val_decref(y);
    return val_null();
  }
  Value r = lx_binary(FAM_JAX, id, x, y);
  val_decref(x);
  val_decref(y);
  return r;
}

/* lax.rem is C's remainder (sign of the dividend); the rem primitive is numpy's floor mod */
static Value lax_rem_fn(int argc, const Value *argv, Obj *kw) {
  Value r = lax_binop(PRIM_rem, "rem", argc, argv, kw);
  if (VAL_IS_NULL(r)) return r;
  Value x = argv[0];
  Value rnz = lx_binary(FAM_JAX, PRIM_ne, r, val_int(0));
  Value rneg = lx_binary(FAM_JAX, PRIM_lt, r, val_int(0));
  Value xneg = lx_binary(FAM_JAX, PRIM_lt, x, val_int(0));
  Value sdiff = (VAL_IS_NULL(rneg) || VAL_IS_NULL(xneg)) ? val_null() : lx_binary(FAM_JAX, PRIM_ne, rneg, xneg);
  Value fix = (VAL_IS_NULL(sdiff) || VAL_IS_NULL(rnz)) ? val_null() : lx_binary(FAM_JAX, PRIM_and, rnz, sdiff);
  Value rb = lx_binary(FAM_JAX, PRIM_sub, r, argv[1]);
  Value out = (VAL_IS_NULL(fix) || VAL_IS_NULL(rb)) ? val_null() : lx_select(fix, rb, r);
  val_decref(r); val_decref(rnz); val_decref(rneg); val_decref(xneg); val_decref(sdiff);
  val_decref(fix); val_decref(rb);
  return out;
}

static Value lax_unop(PrimId id, const char *name, int argc, const Value *argv, Obj *kw) {
  if (func_check_args(name, argc, kw, 1, 1) < 0) return val_null();
  Value x = lax_family_args(argv[0]);
  if (VAL_IS_NULL(x)) return x;
  Value r = lx_unary(id, x);
  val_decref(x);
  return r;
}

/* jax.lax.<name> for every elementwise primitive whose entry names it (.lax): one binder */
static Value lax_elementwise(void *data, int argc, const Value *argv, Obj *kw) {
  PrimId id = (PrimId)(intptr_t)data;
  const Prim *p = &prim_table[id];
  return p->nin == 1 ? lax_unop(id, p->lax, argc, argv, kw) : lax_binop(id, p->lax, argc, argv, kw);
}

static int lax_add_elementwise(Value m) {
  static char docs[PRIM_COUNT][64];
  for (int i = 0; i < PRIM_COUNT; i++) {
    const Prim *p = &prim_table[i];
    if (!p->lax) continue;
    snprintf(docs[i], sizeof docs[i], p->nin == 1 ? "%s(x)" : "%s(x, y)", p->lax);
    Value f = func_builtin_data_new(p->lax, lax_elementwise, (void *)(intptr_t)i, docs[i]);
    if (VAL_IS_NULL(f)) return -1;
    int rc = module_add(m, p->lax, f);
    val_decref(f);
    if (rc < 0) return -1;
  }
  return 0;
}

/* The elementwise primitive a lax function binds (lax.add -> PRIM_add), or -1 */
static int lax_fn_prim(Value f) {
  if (f.tag != V_OBJ || f.u.o->type != &func_builtin_type) return -1;
  BuiltinObj *b = (BuiltinObj *)f.u.o;
  return b->dfn == lax_elementwise ? (int)(intptr_t)b->data : -1;
}

static Value lax_integer_pow(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("integer_pow", argc, argv, kw, "x,y", a) < 0) return val_null();
  int64_t y;
  if (lx_as_int(a[1], &y) < 0) return val_null();
  Value x = lax_family_args(a[0]);
  if (VAL_IS_NULL(x)) return x;
  PIntPow p = {y};
  Value r = lx_bind1(PRIM_integer_pow, 1, &x, &p);
  val_decref(x);
  return r;
}
/* min(max(x, lo), hi) with JAX's derivatives: x's flows strictly inside (lo, hi), lo's where
 * lo > x and lo < hi, hi's where hi < x; none at a tie (the value there is stop_gradient'ed). */
static Value lax_clamp(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("clamp", argc, argv, kw, "min,x,max", a) < 0) return val_null();
  Value lo = lx_binary(FAM_JAX, PRIM_max, a[1], a[0]);
  Value v = VAL_IS_NULL(lo) ? lo : lx_binary(FAM_JAX, PRIM_min, lo, a[2]);
  val_decref(lo);
  Value sg = VAL_IS_NULL(v) ? v : lx_bind1(PRIM_stop_gradient, 1, &v, NULL);
  val_decref(v);
  Value k[7] = {lx_binary(FAM_JAX, PRIM_gt, a[1], a[0]), lx_binary(FAM_JAX, PRIM_lt, a[1], a[2]),
                lx_binary(FAM_JAX, PRIM_gt, a[0], a[1]), lx_binary(FAM_JAX, PRIM_lt, a[0], a[2]),
                lx_binary(FAM_JAX, PRIM_lt, a[2], a[1]), val_null(), val_null()};
  Value r = val_null();
  int ok = !VAL_IS_NULL(sg);
  for (int i = 0; i < 5; i++) ok = ok && !VAL_IS_NULL(k[i]);
  if (ok) {
    k[5] = lx_binary(FAM_JAX, PRIM_and, k[0], k[1]);
    k[6] = lx_binary(FAM_JAX, PRIM_and, k[2], k[3]);
    Value s1 = VAL_IS_NULL(k[6]) ? val_null() : lx_select(k[4], a[2], sg);
    Value s2 = (VAL_IS_NULL(s1) || VAL_IS_NULL(k[6])) ? val_null() : lx_select(k[6], a[0], s1);
    r = (VAL_IS_NULL(s2) || VAL_IS_NULL(k[5])) ? val_null() : lx_select(k[5], a[1], s2);
    val_decref(s1);
    val_decref(s2);
  }
  for (int i = 0; i < 7; i++) val_decref(k[i]);
  val_decref(sg);
  return r;
}

static const MethodDef lax_functions[] = {
    {"dot_general", lax_dot_general, "dot_general(lhs, rhs, dimension_numbers, precision=None, preferred_element_type=None)", 0},
    {"dot", lax_dot, "dot(lhs, rhs)", 0},
    {"conv_general_dilated", lax_conv_general_dilated, "conv_general_dilated(lhs, rhs, window_strides, padding, lhs_dilation=None, rhs_dilation=None, dimension_numbers=None, feature_group_count=1, batch_group_count=1)", 0},
    {"reduce_window", lax_reduce_window, "reduce_window(operand, init_value, computation, window_dimensions, window_strides=None, padding='VALID')", 0},
    {"dynamic_slice", lax_dynamic_slice, "dynamic_slice(operand, start_indices, slice_sizes)", 0},
    {"dynamic_update_slice", lax_dynamic_update_slice, "dynamic_update_slice(operand, update, start_indices)", 0},
    {"select", lax_select, "select(pred, on_true, on_false)", 0},
    {"broadcast_in_dim", lax_broadcast_in_dim, "broadcast_in_dim(operand, shape, broadcast_dimensions)", 0},
    {"broadcast", lax_broadcast, "broadcast(operand, sizes)", 0},
    {"reshape", lax_reshape, "reshape(operand, new_sizes, dimensions=None)", 0},
    {"transpose", lax_transpose, "transpose(operand, permutation)", 0},
    {"slice", lax_slice, "slice(operand, start_indices, limit_indices, strides=None)", 0},
    {"pad", lax_pad, "pad(operand, padding_value, padding_config)", 0},
    {"concatenate", lax_concatenate, "concatenate(operands, dimension)", 0},
    {"rev", lax_rev, "rev(operand, dimensions)", 0},
    {"convert_element_type", lax_convert_element_type, "convert_element_type(operand, new_dtype)", 0},
    {"iota", lax_iota, "iota(dtype, size)", 0},
    {"reduce_sum", lax_reduce_sum, "reduce_sum(operand, axes)", 0},
    {"reduce_prod", lax_reduce_prod, "reduce_prod(operand, axes)", 0},
    {"reduce_max", lax_reduce_max, "reduce_max(operand, axes)", 0},
    {"reduce_min", lax_reduce_min, "reduce_min(operand, axes)", 0},
    {"reduce_and", lax_reduce_and, "reduce_and(operand, axes)", 0},
    {"reduce_or", lax_reduce_or, "reduce_or(operand, axes)", 0},
    {"argmax", lax_argmax, "argmax(operand, axis, index_dtype)", 0},
    {"argmin", lax_argmin, "argmin(operand, axis, index_dtype)", 0},
    {"cumsum", lax_cumsum, "cumsum(operand, axis=0, reverse=False)", 0},
    {"cumprod", lax_cumprod, "cumprod(operand, axis=0, reverse=False)", 0},
    {"cummax", lax_cummax, "cummax(operand, axis=0, reverse=False)", 0},
    {"cummin", lax_cummin, "cummin(operand, axis=0, reverse=False)", 0},
    {"sort", lax_sort, "sort(operand, dimension=-1, is_stable=True, num_keys=1)", 0},
    {"rem", lax_rem_fn, "rem(x, y)", 0},
    {"integer_pow", lax_integer_pow, "integer_pow(x, y)", 0},
    {"clamp", lax_clamp, "clamp(min, x, max)", 0},
    {NULL}};

/* jax.lax.linalg.lu(x) -> (lu, pivots, permutation), as JAX's */
static Value laxla_lu(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("lu", argc, kw, 1, 1) < 0) return val_null();
  Value x = lax_family_args(argv[0]);
  if (VAL_IS_NULL(x)) return x;
  Value o[3];
  int n = lx_bind(PRIM_lu, 1, &x, NULL, o);
  val_decref(x);
  if (n < 0) return val_null();
  Value r = tuple_pack(3, o[0], o[1], o[2]);
  for (int i = 0; i < 3; i++) val_decref(o[i]);
  return r;
}
static Value laxla_triangular_solve(int argc, const Value *argv, Obj *kw) {
  Value a[7];
  if (func_parse_args("triangular_solve", argc, argv, kw, "a,b|left_side,lower,transpose_a,"
                      "conjugate_a,unit_diagonal", a) < 0)
    return val_null();
  PTriSolve p = {0, 0, 0, 0};
  int *fl[5] = {&p.left_side, &p.lower, &p.transpose_a, NULL, &p.unit_diagonal};
  for (int i = 0; i < 5; i++) {
    if (VAL_IS_NULL(a[2 + i]) || !fl[i]) continue;
    int t = op_truth(a[2 + i]);
    if (t < 0) return val_null();
    *fl[i] = t;
  }
  Value x = lax_family_args(a[0]);
  Value y = VAL_IS_NULL(x) ? x : lax_family_args(a[1]);
  Value r = val_null();
  if (!VAL_IS_NULL(y)) {
    Value in[2] = {x, y};
    r = lx_bind1(PRIM_triangular_solve, 2, in, &p);
  }
  val_decref(x);
  val_decref(y);
  return r;
}
static const MethodDef lax_linalg_functions[] = {
    {"lu", laxla_lu, "lu(x) -> (lu, pivots, permutation): LU decomposition with partial pivoting", 0},
    {"triangular_solve", laxla_triangular_solve, "triangular_solve(a, b, left_side=False, lower=False, transpose_a=False, conjugate_a=False, unit_diagonal=False)", 0},
    {NULL}};
int modinit_jax_lax_linalg(Value m) {
  arr_init();
  if (module_add_functions(m, lax_linalg_functions) < 0) return -1;
  return reexport(m, "sable._laxlinalg");    /* cholesky, eigh, qr, svd (lang/prelude) */
}

int modinit_jax_lax(Value m) {
  arr_init();
  if (module_add_functions(m, lax_functions) < 0 || lax_add_elementwise(m) < 0) return -1;
  if (import_into(m, "linalg", "jax.lax.linalg") < 0) return -1;
  if (reexport(m, "sable._laxextra") < 0) return -1;    /* Precision, conv, batch_matmul */
  return reexport(m, "sable.lax_control");              /* cond/scan/... from the transformations */
}

/* {=== the sable package ===} */
int modinit_sable(Value m) { return module_add(m, "__version__", val_obj(str_intern(SB_VERSION))); }
