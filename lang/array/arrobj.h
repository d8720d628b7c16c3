/* arrobj.h - the array library's C interface: the array types (jax.Array and numpy.ndarray),
 * dtype objects, the array-like helpers every library function uses (conversion, promotion,
 * binding), and the slot/method tables a Tracer type reuses.
 *
 * ---------------------------------------------------------------------------------------
 * FAMILIES. Two array types share one implementation: jax arrays (type "Array": immutable,
 * JAX promotion with float32/int32 defaults unless x64, TypeError on shape errors) and numpy
 * arrays (type "ndarray": writable, views share memory, NumPy 2 promotion, ValueError).
 * A tracer is always of the jax family. Operators between families give jax results.
 *
 * WRITING A TRACER TYPE THAT BEHAVES LIKE AN ARRAY (for the transformations):
 *
 *     TypeObj tracer_type = {OBJ_TYPE_HEAD, .name = "Tracer", .base = &lx_jax_type,
 *       .binary = lx_binary_slot, .compare = lx_compare_slot, .unary = lx_unary_slot,
 *       .getitem = lx_getitem_slot, .setitem = lx_setitem_slot, .len = lx_len_slot,
 *       .iter = lx_iter_slot, .format = lx_format_slot, .truth = <own: concrete or error>,
 *       .repr = <own>, .methods = lx_arr_methods, .getset = lx_arr_getset, ...};
 *     static const LxTracerKind kind = {&tracer_type, my_aval, my_concrete};
 *     lx_register_tracer(&kind);     // once, before use
 *
 * With .base = &lx_jax_type, isinstance(t, jax.Array) / jnp.ndarray holds. Every slot and
 * method above works on any array-like Value through lx_aval + lx_bind only, so a tracer gets
 * .sum/.reshape/.T/.at/indexing/operators for free. Functions that need data (tolist, item,
 * float(), boolean masks, nonzero, unique) call lx_concrete, which asks the tracer kind's
 * `concrete` hook (return the primal for a JVP tracer, raise for a jit tracer).
 * tests/unit/test_np.c is a complete, working example (a recording interpreter).
 *
 * WHAT AN INTERPRETER'S process() RECEIVES from this library:
 * - Inputs are already promoted: elementwise primitives get operands of ONE dtype (the
 *   library binds convert_element_type first). A Python scalar operand arrives as a concrete
 *   0-d array (weak-typed in the jax family), i.e. a constant to the interpreter. Raw Python
 *   ints/floats only reach lx_bind from code outside the library; the eval interpreter
 *   accepts them too (promoting like the library does).
 * - Binary primitives broadcast (numpy rules) inside the engine rule; no explicit
 *   broadcast_in_dim is emitted for `x + 1` or `x * row`.
 * - select_n's operands are (pred, on_true, on_false) as the engine's kernel computes
 *   pred ? on_true : on_false (lx_select builds them).
 * - Indexing emits slice/rev/reshape for basic indices and gather (mode clip) with XLA-style
 *   dimension numbers for integer arrays; .at[] emits scatter/scatter-add/... (mode fill,
 *   out-of-bounds updates dropped); a static int index on a jax array is clamped.
 * - The eager half is lx_eval_process (bind.c): lx_bind calls it directly when the current
 *   interpreter is the eval one; a transformation's rule that wants eager results binds with
 *   lx_set_current(parent) as test_np.c shows.
 * --------------------------------------------------------------------------------------- */
#ifndef SABLE_ARROBJ_H
#define SABLE_ARROBJ_H

#include "core/object.h"
#include "transform/bind.h"

typedef enum Family { FAM_JAX = 0, FAM_NP = 1 } Family;

/* ---- jax.config flags (stored here; everyone reads them) ---------------------------- */
extern int lx_flag_x64;                  /* jax_enable_x64 */
extern int lx_flag_partitionable;        /* jax_threefry_partitionable (default 1) */
extern int lx_flag_explain_cache_misses; /* jax_explain_cache_misses */
/* The promotion mode of a family (jax: PROMO_JAX or PROMO_JAX_X64 per the flag). */
static inline PromoMode lx_promo(Family f) {
  return f == FAM_NP ? PROMO_NUMPY : (lx_flag_x64 ? PROMO_JAX_X64 : PROMO_JAX);
}

/* ---- the array object ----------------------------------------------------------------- */
typedef struct ArrObj {
  Obj ob;
  Array *a;
  uint8_t npscalar;     /* numpy scalar (np.float64(1.0)): repr/str as a scalar */
} ArrObj;
extern TypeObj lx_jax_type;     /* jax.Array (= jnp.ndarray) */
extern TypeObj lx_np_type;      /* numpy.ndarray */
extern TypeObj lx_dtype_type;   /* dtype objects: jnp.float32, x.dtype */

#define ARROBJ(o) ((ArrObj *)(o))
static inline int lx_is_arr(Value v) {
  return v.tag == V_OBJ && (v.u.o->type == &lx_jax_type || v.u.o->type == &lx_np_type);
}
/* The engine array of an ArrObj (borrowed), NULL for anything else (tracers included). */
static inline Array *lx_arr(Value v) { return lx_is_arr(v) ? ARROBJ(v.u.o)->a : NULL; }

/* Wrap an engine array (steals `a`; a NULL `a` raises the pending engine error in the
 * family's words). numpy arrays become writable unless `a` is shared read-only. */
Value lx_wrap(Array *a, Family f);
Value lx_wrap_scalar(Array *a, Family f);   /* numpy family: a numpy scalar */
/* Family of an array-like: FAM_JAX for jax arrays and tracers, FAM_NP for numpy arrays,
 * -1 for Python scalars and everything else. */
int lx_family(Value v);
/* The family operators use for operands a, b (jax if either is jax). */
Family lx_family2(Value a, Value b);

/* ---- tracers (registered by the transformations) ------------------------------------- */
typedef struct LxTracerKind {
  TypeObj *type;
  int (*aval)(Value v, AVal *out);
  /* A concrete array Value (new ref) for v if one is known (e.g. a JVP tracer's concrete
   * primal), else V_NULL with an error naming `what` ("bool()", "float()", "an index",
   * "jnp.nonzero") and suggesting static_argnums / lax.cond. */
  Value (*concrete)(Value v, const char *what);
} LxTracerKind;
int lx_register_tracer(const LxTracerKind *k);
const LxTracerKind *lx_tracer_kind(Value v);     /* NULL if v is not a tracer */

/* A concrete Value for an array-like (ArrObj: new ref to itself; tracer: its hook); raises
 * for tracers without a concrete value. lx_arr() of the result is its engine array. */
Value lx_concrete(Value v, const char *what);
/* raise jax.errors.NonConcreteBooleanIndexError for a traced mask of this aval (trace.c) */
Value lx_raise_bool_index(const AVal *av);

/* ---- the interpreter stack (bind.c) -------------------------------------------------- */
/* The eval interpreter (the eager half of lx_bind). */
Interp *lx_eval_interp(void);
/* Family used by the eval interpreter when a bind has no array inputs (iota). */
extern Family lx_default_family;
/* numpy.linalg.LinAlgError (a ValueError subclass, created on first use) */
TypeObj *lx_linalg_error_type(void);
/* Raise the engine's pending error as the family's exception. Returns V_NULL. */
Value lx_raise_engine(Family f);

/* ---- dtype helpers ----------------------------------------------------------------------- */
int lx_issubdtype(Value a, Value b);                    /* jnp.issubdtype */
/* numpy family: OverflowError when a Python int in `in` does not fit the integer dtype rt */
int lx_np_check_ints(Family f, DType rt, int n, const Value *in);
/* numpy.ufunc (np_ufunc.c): a binary elementwise function fn as an object with ufunc methods */
extern TypeObj lx_ufunc_type, lx_jufunc_type;
Value lx_ufunc_new(Value fn, const char *name, Family f);
Value lx_dtype_abstract(const char *name, Family f);   /* jnp.floating, ... by name; V_NULL if none */
/* Parse a dtype argument (dtype object, str name, Python type int/float/bool, None=-1 ok).
 * Returns the dtype, -1 for None/absent (no error), -2 with TypeError raised. The result
 * is canonicalised for the family (float64 -> float32 without x64 in jax). */
int lx_parse_dtype(Value v, Family f);
Value lx_dtype_unsupported(Value v, Family f);   /* np.dtype('int8'): V_NULL if not such a name */
Value lx_dtype_obj(DType d, Family f);           /* x.dtype (new ref) */
Value lx_dtype_class(DType d, Family f);         /* jnp.float32 (the scalar type) */

/* ---- conversion -------------------------------------------------------------------------- */
/* asarray: anything (array, tracer, scalar, nested list/tuple) to an array-like of the
 * family, dtype -1 = inferred. Tracers pass through (converted with lx_bind if dtype
 * differs). numpy inputs to the jax family are copied (they are mutable). copy=1 always
 * copies concrete arrays. */
Value lx_from_buffer(Value v, Family f, int dtype);   /* array.array, bytearray: 1-D */
Value lx_asarray(Value v, Family f, int dtype, int copy);
/* To Python: item (one element to int/float/bool), tolist. */
Value lx_item(Array *a, int64_t flat);
Value lx_tolist(Array *a);

/* ---- binding helpers (all go through lx_bind) ------------------------------------------ */
Value lx_convert(Value x, DType d, int weak);   /* no-op (new ref) when already d */
/* Promote n operands to their common dtype (family's promotion); out[] new refs. A Python
 * scalar becomes a concrete 0-d array. Returns the dtype or -1. */
int lx_promote(Family f, int n, const Value *in, Value *out);
/* Promote to a given dtype (used by true division etc.). */
int lx_promote_to(Family f, DType d, int n, const Value *in, Value *out);
int lx_promote_tw(Family f, DType d, int weak, int n, const Value *in, Value *out); /* + weak */
Value lx_unary(PrimId id, Value x);
int lx_check_broadcast(Family f, int n, const Value *in);
Value lx_binary(Family f, PrimId id, Value a, Value b);   /* promotes first */
Value lx_reshape(Value x, int ndim, const int64_t *shape);
Value lx_broadcast_to(Value x, int ndim, const int64_t *shape);
Value lx_transpose(Value x, const int *perm);             /* perm NULL: reverse */
Value lx_expand_dims(Value x, int axis);
Value lx_reduce(PrimId id, Value x, int naxes, const int *axes);
Value lx_slice(Value x, const int64_t *start, const int64_t *limit, const int64_t *stride);
Value lx_rev(Value x, int naxes, const int *axes);
Value lx_concat(int n, const Value *xs, int axis);        /* same dtype inputs */
Value lx_select(Value pred, Value on_true, Value on_false);  /* pred bool; others promoted */
Value lx_full(Family f, DType d, int ndim, const int64_t *shape, double v);  /* concrete */
/* jnp.zeros/ones/full: lx_full, or under a transformation (jax family, ndim > 0) a broadcast of
 * the scalar at the current interpreter (a tracer under jit); weak: weakly typed */
Value lx_fill(Family f, DType d, int ndim, const int64_t *shape, double v, int weak);
Value lx_iota(Family f, DType d, int64_t n);                                 /* concrete */
Value lx_dot_general(Value a, Value b, const PDot *dn);

/* Parse an axis argument (None/int/tuple/list) against ndim into a sorted, normalised, de-
 * duplicated set. *all is set for None. Returns the count or -1 (AxisError as ValueError). */
int lx_parse_axes(Value axis, int ndim, int *axes, int *all);
int lx_parse_axis(Value axis, int ndim, int *out);   /* one int axis; -1 on error */
/* Parse a shape argument (int or sequence of ints). Returns ndim or -1. */
int lx_parse_shape(Value v, int64_t *shape);

/* ---- printing (np_print.c over engine/arr_print.h; options in arr_print_opts) --------- */
Value np_array_repr(Value self);         /* Array(...) / array(...) / np.float64(...) */
Value np_array_str(Value self);
Value np_scalar_str(Array *a);           /* NumPy's str() of a 0-d array / scalar */

/* ---- indexing (np_index.c) ----------------------------------------------------------- */
Value lx_getitem(Value x, Value key);
int np_setitem(Value x, Value key, Value v);       /* numpy family, in place */
/* .at[key].<op>(v): op is "set", "add", "multiply", "min", "max", "get", ... */
Value lx_at_update(Value x, Value key, const char *op, Value v, Obj *kw, int argc,
                   const Value *argv);

/* ---- the shared slot functions and tables ------------------------------------------- */
Value lx_binary_slot(int op, Value a, Value b);
Value lx_compare_slot(Value a, Value b, int op);
Value lx_unary_slot(int op, Value a);
Value lx_getitem_slot(Value self, Value key);
int lx_setitem_slot(Value self, Value key, Value v);
int lx_len_slot(Value self, int64_t *out);
Value lx_iter_slot(Value self);
Value lx_format_slot(Value self, Value spec);
extern const MethodDef lx_arr_methods[];
extern const GetSetDef lx_arr_getset[];

/* ---- library functions shared by numpy / jax.numpy (np_*.c) ------------------------- */
/* Define a library function once for both families: LX_FN(sum) declares
 * sum_impl(Family, argc, argv, kw) and the wrappers sum_jax / sum_np. */
#define LX_FN(name)                                                                     \
  static Value name##_impl(Family fam, int argc, const Value *argv, Obj *kw);           \
  static Value name##_jax(int c, const Value *v, Obj *k) { return name##_impl(FAM_JAX, c, v, k); } \
  static Value name##_np(int c, const Value *v, Obj *k) { return name##_impl(FAM_NP, c, v, k); }
#define LX_DEF_JAX(name, doc) {#name, name##_jax, doc, 0},
#define LX_DEF_NP(name, doc) {#name, name##_np, doc, 0},

/* the function tables each np_*.c file exports, added to both modules */
extern const MethodDef np_create_jax[], np_create_np[];
extern const MethodDef np_math_jax[], np_math_np[];
extern const MethodDef np_reduce_jax[], np_reduce_np[];
extern const MethodDef np_shape_jax[], np_shape_np[];
extern const MethodDef np_linalg_jax[], np_linalg_np[];
extern const MethodDef np_sort_jax[], np_sort_np[];
extern const MethodDef np_io_np[], np_io_jax[], np_dotg_np[], np_dotg_jax[];
int np_math_add_ufuncs(Value m, Family f);    /* adds the ufunc objects (np.add, ...) to m */
Value lx_default_device(void);                /* jax.devices()[0] */
/* the CPU devices (mod_jax.c): their count (decided at first use), device i, the id of a
 * device object (-1: not one), and an array's device(s) */
int lx_device_count(void);                    /* every process's devices */
Value lx_device(int i);
int lx_local_device_count(void);              /* this process's (jax.distributed) */
Value lx_local_device(int i);
int lx_process_count(void);
void lx_set_processes(int n, int rank);
int lx_device_id(Value v);
Value lx_array_devices(Value arr);
Value lx_array_device(Value arr);
Value lx_array_sharding(Value arr);           /* SingleDeviceSharding / pmap's NamedSharding */
int np_generator_init(Value m);   /* numpy.random's default_rng and Generator (mod_npgen.c) */
/* C implementations reused by the array methods (self is argv[0]) */
Value lx_matmul(Family f, Value a, Value b);
Value lx_dot(Family f, Value a, Value b);
Value lx_astype(Value x, int dtype, Family f);
Value lx_reshape_method(Value x, int argc, const Value *argv);   /* reshape(*shape) rules */
Value lx_transpose_method(Value x, int argc, const Value *argv); /* transpose(*axes) rules */
Value lx_arith(Family f, int op, Value a, Value b);              /* a op b (ast.h Operator) */
int lx_as_int(Value v, int64_t *out);     /* int, bool or a concrete integer size-1 array */
int lx_result_dtype(Family f, int n, const Value *in, int *weak);
Value lx_nonzero(Family fam, Value x);
/* store a double / an int64 into one element of dtype d at p */
void lx_store_f(DType d, void *p, double v);
void lx_store_i(DType d, void *p, int64_t v);

/* ---- typed PRNG keys (np_keys.c): key arrays over uint32 data of shape (..., 2) ----------- */
extern TypeObj lx_key_type;
int lx_is_key(Value v);
Value lx_key_data(Value k);          /* borrowed: the uint32 words */
Value lx_key_wrap(Value data);       /* a key array over data (borrowed); raises if not uint32[..., 2] */
/* unchecked: what the transformations' unflattening puts around a placeholder leaf */
Value lx_key_wrap_any(Value data);
int lx_key_issubdtype(Value a, Value b);   /* 1/0 when a key dtype is involved, else -2 */
int lx_key_seq(Value seq);           /* a list/tuple whose first item is a key array */
Value lx_key_datas(Value seq, int64_t *axis);   /* their data, the axis adjusted for the data */
#endif
