/* mod_random.c - jax.random over the engine's threefry2x32 (engine/prng.h): keys are uint32
 * arrays of shape (2,) or typed key arrays (np_keys.c); both counter layouts
 * (jax_threefry_partitionable). Eager: keys must be concrete. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "core/modtable.h"
#include "arrobj.h"
#include "prng.h"


static int has(Value v) { return !VAL_IS_NULL(v) && !VAL_IS_NONE(v); }

static Value prng_error(int rc) {
  if (rc == PRNG_ENOMEM) return obj_raise_nomem();
  return obj_raise(&exc_ValueError, "invalid argument to the random number generator");
}

/* the key's two words; raises for anything that is not a single uint32[2] key */
static int get_key(Value k, const char *fname, uint32_t key[2]) {
  if (lx_is_key(k)) k = lx_key_data(k);
  Value c = lx_concrete(k, fname);
  if (VAL_IS_NULL(c)) return -1;
  Array *a = lx_arr(c);
  int rc = 0;
  if (a->dtype != DT_UINT32 || a->ndim < 1 || a->shape[a->ndim - 1] != 2) {
    obj_raise(&exc_TypeError, "%s: expected a PRNG key (uint32 array of shape (2,)), got an "
              "array of dtype %s and shape with %d dims", fname, arr_dtypes[a->dtype].name, a->ndim);
    rc = -1;
  } else if (a->ndim != 1) {
    char b[400];
    arr_shape_str(a->shape, a->ndim - 1, b, sizeof b);
    obj_raise(&exc_TypeError, "%s accepts a single key, but was given a key array of shape %s "
              "!= (). Use jax.vmap for batching.", fname, b);
    rc = -1;
  } else {
    key[0] = (uint32_t)arr_get_i(a, 0);
    key[1] = (uint32_t)arr_get_i(a, 1);
  }
  val_decref(c);
  return rc;
}

static Value key_value(const uint32_t *words, int ndim, const int64_t *shape) {
  Array *a = arr_from_data(DT_UINT32, ndim, shape, words);
  return lx_wrap(a, FAM_JAX);
}

static int shape_of(Value v, int64_t *shape) {
  if (!has(v)) return 0;
  return lx_parse_shape(v, shape);
}

static int64_t shape_size(int nd, const int64_t *shape) {
  int64_t n = 1;
  for (int i = 0; i < nd; i++) n *= shape[i];
  return n;
}

/* JAX draws 16-bit floats from 16-bit random words (its own bit recipe): not done here, so
 * refuse rather than return float32 draws rounded. */
static int half_refused(const char *fname, DType d) {
  obj_raise(&exc_NotImplementedError, "jax.random.%s with dtype %s is not supported yet", fname,
            arr_dtypes[d].name);
  return -1;
}

static int float_dtype(Value v, const char *fname) {
  int d = lx_parse_dtype(v, FAM_JAX);
  if (d == -2) return -1;
  if (d == -1) return arr_default_float(lx_promo(FAM_JAX));
  if (!dt_is_float((DType)d)) {
    obj_raise(&exc_ValueError, "dtype argument to `%s` must be a float dtype, got %s", fname,
              arr_dtypes[d].name);
    return -1;
  }
  if (dt_is_half((DType)d)) return half_refused(fname, (DType)d);
  return d;
}

/* a parameter (scalar or array) as a contiguous engine array of exactly dtype d (no x64
 * canonicalisation: int64 bounds stay int64) broadcast to shape, and its count (1 when scalar) */
static Value param_array(Value v, DType d, int nd, const int64_t *shape, size_t *count) {
  Value x = lx_asarray(v, FAM_JAX, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  Value c = lx_concrete(x, "a jax.random parameter");
  val_decref(x);
  if (VAL_IS_NULL(c)) return c;
  Array *a = lx_arr(c);
  Value b;
  if (a->size == 1) {
    *count = 1;
    b = val_incref(c);
  } else {
    *count = (size_t)shape_size(nd, shape);
    b = lx_broadcast_to(c, nd, shape);
  }
  val_decref(c);
  if (VAL_IS_NULL(b)) return b;
  Array *ba = lx_arr(b), *r;
  if (ba->dtype != d) {
    PConvert pc = {d, 0, 0};
    Array *cv = prim_unary(PRIM_convert, ba, &pc);
    r = cv ? arr_copy(cv) : NULL;
    arr_release(cv);
  } else {
    r = arr_copy(ba);
  }
  val_decref(b);
  return lx_wrap(r, FAM_JAX);
}

/* {=== keys ===} */
static Value r_PRNGKey(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("PRNGKey", argc, argv, kw, "seed|$impl", a) < 0) return val_null();
  int64_t seed;
  if (lx_as_int(a[0], &seed) < 0) return val_null();
  if (!lx_flag_x64 && (seed < INT32_MIN || seed > (int64_t)UINT32_MAX))
    return obj_raise(&exc_OverflowError, "Python int %lld too large to convert to int32",
                     (long long)seed);
  uint32_t key[2];
  prng_seed(seed, lx_flag_x64, key);
  int64_t shape[1] = {2};
  return key_value(key, 1, shape);
}

/* a typed key array over a fresh result when the input key was typed */
static Value typed_as(Value in, Value r) {
  if (VAL_IS_NULL(r) || !lx_is_key(in)) return r;
  Value k = lx_key_wrap(r);
  val_decref(r);
  return k;
}

static Value r_key(int argc, const Value *argv, Obj *kw) {
  Value raw = r_PRNGKey(argc, argv, kw);
  if (VAL_IS_NULL(raw)) return raw;
  Value k = lx_key_wrap(raw);
  val_decref(raw);
  return k;
}

static Value r_split(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("split", argc, argv, kw, "key|num", a) < 0) return val_null();
  uint32_t key[2];
  if (get_key(a[0], "split", key) < 0) return val_null();
  int64_t shape[ARR_MAXDIM];
  int nd = 1;
  shape[0] = 2;
  if (has(a[1])) {
    nd = lx_parse_shape(a[1], shape);
    if (nd < 0) return val_null();
  }
  if (nd + 1 > ARR_MAXDIM) return obj_raise(&exc_ValueError, "too many dimensions");
  int64_t n = shape_size(nd, shape);
  uint32_t *out = obj_malloc((size_t)(n ? n : 1) * 2 * sizeof(uint32_t));
  if (!out) return val_null();
  int rc = prng_split(key, (size_t)n, lx_flag_partitionable, out);
  if (rc != PRNG_OK) { obj_mfree(out); return prng_error(rc); }
  shape[nd] = 2;
  Value r = key_value(out, nd + 1, shape);
  obj_mfree(out);
  return typed_as(a[0], r);
}

static Value r_fold_in(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("fold_in", argc, argv, kw, "key,data", a) < 0) return val_null();
  uint32_t key[2], out[2];
  if (get_key(a[0], "fold_in", key) < 0) return val_null();
  int64_t d;
  if (lx_as_int(a[1], &d) < 0) return val_null();
  prng_fold_in(key, (uint32_t)d, out);
  int64_t shape[1] = {2};
  return typed_as(a[0], key_value(out, 1, shape));
}

static Value r_key_data(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("key_data", argc, argv, kw, "keys", a) < 0) return val_null();
  if (lx_is_key(a[0])) return val_incref(lx_key_data(a[0]));
  AVal av;
  if (lx_aval(a[0], &av) < 0) return val_null();
  if (av.dtype != DT_UINT32 || av.ndim < 1 || av.shape[av.ndim - 1] != 2)
    return obj_raise(&exc_TypeError, "key_data: expected a key array or a uint32 array with a "
                     "trailing dimension of 2, got dtype %s", arr_dtypes[av.dtype].name);
  return val_incref(a[0]);
}

static Value r_wrap_key_data(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("wrap_key_data", argc, argv, kw, "key_bits_array|$impl", a) < 0) return val_null();
  if (lx_is_key(a[0]))
    return obj_raise(&exc_TypeError, "wrap_key_data: expected an array of uint32 words, got a key array");
  Value d = lx_asarray(a[0], FAM_JAX, -1, 0);
  if (VAL_IS_NULL(d)) return d;
  Value k = lx_key_wrap(d);
  val_decref(d);
  return k;
}

static Value r_key_impl(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("key_impl", argc, argv, kw, "keys", a) < 0) return val_null();
  if (!lx_is_key(a[0])) {
    Value d = r_key_data(1, a, NULL);
    if (VAL_IS_NULL(d)) return d;
    val_decref(d);
  }
  return str_from_cstr("threefry2x32");
}

/* {=== samplers ===} */
static Value r_bits(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("bits", argc, argv, kw, "key|shape,dtype", a) < 0) return val_null();
  uint32_t key[2];
  if (get_key(a[0], "bits", key) < 0) return val_null();
  int64_t shape[ARR_MAXDIM];
  int nd = shape_of(a[1], shape);
  if (nd < 0) return val_null();
  int d = lx_parse_dtype(a[2], FAM_JAX);
  if (d == -2) return val_null();
  if (d == -1) d = DT_UINT32;
  int width = d == DT_UINT8 ? 8 : d == DT_UINT32 ? 32 : 0;
  if (!width) return obj_raise(&exc_TypeError, "dtype argument to `bits` must be an unsigned int dtype, got %s", arr_dtypes[d].name);
  Array *x = arr_new((DType)d, nd, shape);
  if (!x) return lx_raise_engine(FAM_JAX);
  int rc = prng_bits(key, width, (size_t)x->size, lx_flag_partitionable, arr_data(x));
  if (rc != PRNG_OK) { arr_release(x); return prng_error(rc); }
  return lx_wrap(x, FAM_JAX);
}

static Value r_uniform(int argc, const Value *argv, Obj *kw) {
  Value a[5];
  if (func_parse_args("uniform", argc, argv, kw, "key|shape,dtype,minval,maxval", a) < 0) return val_null();
  uint32_t key[2];
  if (get_key(a[0], "uniform", key) < 0) return val_null();
  int64_t shape[ARR_MAXDIM];
  int nd = shape_of(a[1], shape);
  if (nd < 0) return val_null();
  int d = float_dtype(a[2], "uniform");
  if (d < 0) return val_null();
  size_t nmin, nmax;
  Value lo = param_array(has(a[3]) ? a[3] : val_float(0.0), (DType)d, nd, shape, &nmin);
  if (VAL_IS_NULL(lo)) return lo;
  Value hi = param_array(has(a[4]) ? a[4] : val_float(1.0), (DType)d, nd, shape, &nmax);
  if (VAL_IS_NULL(hi)) { val_decref(lo); return hi; }
  Array *x = arr_new((DType)d, nd, shape);
  Value r = val_null();
  if (!x) { r = lx_raise_engine(FAM_JAX); goto out; }
  int rc = d == DT_FLOAT32
               ? prng_uniform_f32(key, (size_t)x->size, arr_data(lx_arr(lo)), nmin, arr_data(lx_arr(hi)), nmax, lx_flag_partitionable, arr_data(x))
               : prng_uniform_f64(key, (size_t)x->size, arr_data(lx_arr(lo)), nmin, arr_data(lx_arr(hi)), nmax, lx_flag_partitionable, arr_data(x));
  if (rc != PRNG_OK) { arr_release(x); r = prng_error(rc); goto out; }
  r = lx_wrap(x, FAM_JAX);
out:
  val_decref(lo);
  val_decref(hi);
  return r;
}

typedef int (*Sampler32)(const uint32_t *, size_t, int, float *);
typedef int (*Sampler64)(const uint32_t *, size_t, int, double *);
static Value simple_sampler(const char *name, Sampler32 f32, Sampler64 f64, int argc,
                            const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args(name, argc, argv, kw, "key|shape,dtype", a) < 0) return val_null();
  uint32_t key[2];
  if (get_key(a[0], name, key) < 0) return val_null();
  int64_t shape[ARR_MAXDIM];
  int nd = shape_of(a[1], shape);
  if (nd < 0) return val_null();
  int d = float_dtype(a[2], name);
  if (d < 0) return val_null();
  Array *x = arr_new((DType)d, nd, shape);
  if (!x) return lx_raise_engine(FAM_JAX);
  int rc = d == DT_FLOAT32 ? f32(key, (size_t)x->size, lx_flag_partitionable, arr_data(x))
                           : f64(key, (size_t)x->size, lx_flag_partitionable, arr_data(x));
  if (rc != PRNG_OK) { arr_release(x); return prng_error(rc); }
  return lx_wrap(x, FAM_JAX);
}
static Value r_normal(int argc, const Value *argv, Obj *kw) {
  return simple_sampler("normal", prng_normal_f32, prng_normal_f64, argc, argv, kw);
}
static Value r_gumbel(int argc, const Value *argv, Obj *kw) {
  return simple_sampler("gumbel", prng_gumbel_f32, prng_gumbel_f64, argc, argv, kw);
}
static Value r_exponential(int argc, const Value *argv, Obj *kw) {
  return simple_sampler("exponential", prng_exponential_f32, prng_exponential_f64, argc, argv, kw);
}

/* broadcast shape of two parameters when shape is None */
static int param_shape(Value p, Value q, int64_t *shape) {
  AVal a, b;
  int na = 0, nb = 0;
  if (has(p)) { if (lx_aval(lx_is_arraylike(p) || p.tag != V_OBJ ? p : val_int(0), &a) < 0) return -1; na = a.ndim; }
  if (has(q)) { if (lx_aval(lx_is_arraylike(q) || q.tag != V_OBJ ? q : val_int(0), &b) < 0) return -1; nb = b.ndim; }
  int nd;
  if (arr_broadcast_shapes("random", na ? a.shape : NULL, na, nb ? b.shape : NULL, nb, shape, &nd) < 0) {
    lx_raise_engine(FAM_JAX);
    return -1;
  }
  return nd;
}

static Value r_truncated_normal(int argc, const Value *argv, Obj *kw) {
  Value a[5];
  if (func_parse_args("truncated_normal", argc, argv, kw, "key,lower,upper|shape,dtype", a) < 0) return val_null();
  uint32_t key[2];
  if (get_key(a[0], "truncated_normal", key) < 0) return val_null();
  int64_t shape[ARR_MAXDIM];
  int nd = has(a[3]) ? lx_parse_shape(a[3], shape) : param_shape(a[1], a[2], shape);
  if (nd < 0) return val_null();
  int d = float_dtype(a[4], "truncated_normal");
  if (d < 0) return val_null();
  size_t nl, nu;
  Value lo = param_array(a[1], (DType)d, nd, shape, &nl);
  if (VAL_IS_NULL(lo)) return lo;
  Value hi = param_array(a[2], (DType)d, nd, shape, &nu);
  if (VAL_IS_NULL(hi)) { val_decref(lo); return hi; }
  Array *x = arr_new((DType)d, nd, shape);
  Value r = val_null();
  if (!x) { r = lx_raise_engine(FAM_JAX); goto out; }
  int rc = d == DT_FLOAT32
               ? prng_truncated_normal_f32(key, (size_t)x->size, arr_data(lx_arr(lo)), nl, arr_data(lx_arr(hi)), nu, lx_flag_partitionable, arr_data(x))
               : prng_truncated_normal_f64(key, (size_t)x->size, arr_data(lx_arr(lo)), nl, arr_data(lx_arr(hi)), nu, lx_flag_partitionable, arr_data(x));
  if (rc != PRNG_OK) { arr_release(x); r = prng_error(rc); goto out; }
  r = lx_wrap(x, FAM_JAX);
out:
  val_decref(lo);
  val_decref(hi);
  return r;
}

static Value r_bernoulli(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("bernoulli", argc, argv, kw, "key|p,shape", a) < 0) return val_null();
  uint32_t key[2];
  if (get_key(a[0], "bernoulli", key) < 0) return val_null();
  Value p = has(a[1]) ? a[1] : val_float(0.5);
  Value pa = lx_asarray(p, FAM_JAX, -1, 0);
  if (VAL_IS_NULL(pa)) return pa;
  AVal pv;
  if (lx_aval(pa, &pv) < 0) { val_decref(pa); return val_null(); }
  DType d = dt_is_float(pv.dtype) ? pv.dtype : arr_default_float(lx_promo(FAM_JAX));
  if (dt_is_half(d)) { val_decref(pa); half_refused("bernoulli", d); return val_null(); }
  int64_t shape[ARR_MAXDIM];
  int nd = has(a[2]) ? lx_parse_shape(a[2], shape) : (memcpy(shape, pv.shape, sizeof(int64_t) * pv.ndim), pv.ndim);
  if (nd < 0) { val_decref(pa); return val_null(); }
  size_t np_;
  Value pp = param_array(pa, d, nd, shape, &np_);
  val_decref(pa);
  if (VAL_IS_NULL(pp)) return pp;
  Array *x = arr_new(DT_BOOL, nd, shape);
  Value r = val_null();
  if (!x) { r = lx_raise_engine(FAM_JAX); goto out; }
  int rc = d == DT_FLOAT32 ? prng_bernoulli_f32(key, (size_t)x->size, arr_data(lx_arr(pp)), np_, lx_flag_partitionable, arr_data(x))
                           : prng_bernoulli_f64(key, (size_t)x->size, arr_data(lx_arr(pp)), np_, lx_flag_partitionable, arr_data(x));
  if (rc != PRNG_OK) { arr_release(x); r = prng_error(rc); goto out; }
  r = lx_wrap(x, FAM_JAX);
out:
  val_decref(pp);
  return r;
}

static Value r_randint(int argc, const Value *argv, Obj *kw) {
  Value a[5];
  if (func_parse_args("randint", argc, argv, kw, "key,shape,minval,maxval|dtype", a) < 0) return val_null();
  uint32_t key[2];
  if (get_key(a[0], "randint", key) < 0) return val_null();
  int64_t shape[ARR_MAXDIM];
  int nd = lx_parse_shape(a[1], shape);
  if (nd < 0) return val_null();
  int d = lx_parse_dtype(a[4], FAM_JAX);
  if (d == -2) return val_null();
  if (d == -1) d = arr_default_int(lx_promo(FAM_JAX));
  prng_int_dtype pd;
  switch (d) {
    case DT_INT32: pd = PRNG_I32; break;
    case DT_INT64: pd = PRNG_I64; break;
    case DT_UINT8: pd = PRNG_U8; break;
    case DT_UINT32: pd = PRNG_U32; break;
    default: return obj_raise(&exc_TypeError, "randint only accepts integer dtypes, got %s", arr_dtypes[d].name);
  }
  size_t nmin, nmax;
  Value lo = param_array(a[2], DT_INT64, nd, shape, &nmin);
  if (VAL_IS_NULL(lo)) return lo;
  Value hi = param_array(a[3], DT_INT64, nd, shape, &nmax);
  if (VAL_IS_NULL(hi)) { val_decref(lo); return hi; }
  Array *x = arr_new((DType)d, nd, shape);
  Value r = val_null();
  if (!x) { r = lx_raise_engine(FAM_JAX); goto out; }
  int rc = prng_randint(key, (size_t)x->size, arr_data(lx_arr(lo)), nmin, arr_data(lx_arr(hi)), nmax, pd, lx_flag_partitionable, arr_data(x));
  if (rc != PRNG_OK) { arr_release(x); r = prng_error(rc); goto out; }
  r = lx_wrap(x, FAM_JAX);
out:
  val_decref(lo);
  val_decref(hi);
  return r;
}

/* an int64 index array to the default int dtype */
static Value index_array(const int64_t *idx, int nd, const int64_t *shape) {
  DType d = arr_default_int(lx_promo(FAM_JAX));
  Array *x = arr_new(d, nd, shape);
  if (!x) return lx_raise_engine(FAM_JAX);
  for (int64_t i = 0; i < x->size; i++) {
    if (d == DT_INT32) ((int32_t *)arr_data(x))[i] = (int32_t)idx[i];
    else ((int64_t *)arr_data(x))[i] = idx[i];
  }
  return lx_wrap(x, FAM_JAX);
}

/* take(x, idx, axis) through indexing */
static Value take_axis(Value x, Value idx, int axis) {
  Value key = tuple_new(axis + 1);
  if (VAL_IS_NULL(key)) return key;
  for (int i = 0; i < axis; i++) TUPLE_SET(key, i, iter_slice_new(val_none(), val_none(), val_none()));
  TUPLE_SET(key, axis, val_incref(idx));
  Value r = lx_getitem(x, key);
  val_decref(key);
  return r;
}

static Value shuffle_common(uint32_t key[2], Value x0, int axis_given, Value vaxis, int independent,
                            const char *fname) {
  Value x = lx_asarray(x0, FAM_JAX, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  Value c = lx_concrete(x, fname);
  val_decref(x);
  if (VAL_IS_NULL(c)) return c;
  Array *a = lx_arr(c);
  Value r = val_null();
  if (a->ndim == 0) { r = obj_raise(&exc_TypeError, "x must be an integer or at least 1-dimensional"); goto out; }
  int axis = 0;
  if (axis_given && lx_parse_axis(vaxis, a->ndim, &axis) < 0) goto out;
  if (independent || a->ndim == 1) {
    Array *cp = arr_copy(a);
    if (!cp) { r = lx_raise_engine(FAM_JAX); goto out; }
    size_t outer = 1, inner = 1;
    for (int i = 0; i < axis; i++) outer *= (size_t)a->shape[i];
    for (int i = axis + 1; i < a->ndim; i++) inner *= (size_t)a->shape[i];
    int rc = prng_shuffle(key, arr_data(cp), (size_t)dt_size(a->dtype), outer, (size_t)a->shape[axis],
                          inner, lx_flag_partitionable);
    if (rc != PRNG_OK) { arr_release(cp); r = prng_error(rc); goto out; }
    r = lx_wrap(cp, FAM_JAX);
    goto out;
  }
  {
    int64_t n = a->shape[axis];
    int64_t *perm = obj_malloc((size_t)(n ? n : 1) * sizeof(int64_t));
    if (!perm) goto out;
    int rc = prng_permutation(key, (size_t)n, lx_flag_partitionable, perm);
    if (rc != PRNG_OK) { obj_mfree(perm); r = prng_error(rc); goto out; }
    Value idx = index_array(perm, 1, &n);
    obj_mfree(perm);
    if (VAL_IS_NULL(idx)) goto out;
    r = take_axis(c, idx, axis);
    val_decref(idx);
  }
out:
  val_decref(c);
  return r;
}

static Value r_permutation(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("permutation", argc, argv, kw, "key,x|axis,independent", a) < 0) return val_null();
  uint32_t key[2];
  if (get_key(a[0], "permutation", key) < 0) return val_null();
  int indep = has(a[3]) ? op_truth(a[3]) : 0;
  if (indep < 0) return val_null();
  if (VAL_IS_INTLIKE(a[1]) || (lx_is_arr(a[1]) && lx_arr(a[1])->ndim == 0)) {
    int64_t n;
    if (lx_as_int(a[1], &n) < 0) return val_null();
    if (n < 0) return obj_raise(&exc_ValueError, "permutation: n must be non-negative");
    int64_t *perm = obj_malloc((size_t)(n ? n : 1) * sizeof(int64_t));
    if (!perm) return val_null();
    int rc = prng_permutation(key, (size_t)n, lx_flag_partitionable, perm);
    if (rc != PRNG_OK) { obj_mfree(perm); return prng_error(rc); }
    Value r = index_array(perm, 1, &n);
    obj_mfree(perm);
    return r;
  }
  return shuffle_common(key, a[1], has(a[2]), a[2], indep, "permutation");
}

static Value r_shuffle(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("shuffle", argc, argv, kw, "key,x|axis", a) < 0) return val_null();
  uint32_t key[2];
  if (get_key(a[0], "shuffle", key) < 0) return val_null();
  return shuffle_common(key, a[1], has(a[2]), a[2], 1, "shuffle");
}

static Value r_choice(int argc, const Value *argv, Obj *kw) {
  Value a[6];
  if (func_parse_args("choice", argc, argv, kw, "key,a|shape,replace,p,axis", a) < 0) return val_null();
  uint32_t key[2];
  if (get_key(a[0], "choice", key) < 0) return val_null();
  int64_t shape[ARR_MAXDIM];
  int nd = shape_of(a[2], shape);
  if (nd < 0) return val_null();
  int replace = has(a[3]) ? op_truth(a[3]) : 1;
  if (replace < 0) return val_null();
  Value arr = val_null(), pv = val_null(), r = val_null();
  int64_t n_inputs;
  int axis = 0, scalar_a = VAL_IS_INTLIKE(a[1]);
  if (scalar_a) {
    if (lx_as_int(a[1], &n_inputs) < 0) return val_null();
    if (n_inputs < 0) return obj_raise(&exc_ValueError, "a must be greater than 0 unless no samples are taken");
  } else {
    arr = lx_asarray(a[1], FAM_JAX, -1, 0);
    if (VAL_IS_NULL(arr)) return arr;
    AVal av;
    if (lx_aval(arr, &av) < 0) goto out;
    if (av.ndim == 0) {
      Value c = lx_concrete(arr, "choice");
      if (VAL_IS_NULL(c)) goto out;
      n_inputs = arr_get_i(lx_arr(c), 0);
      val_decref(c);
      val_clear(&arr);
      scalar_a = 1;
    } else {
      if (has(a[5]) && lx_parse_axis(a[5], av.ndim, &axis) < 0) goto out;
      n_inputs = av.shape[axis];
    }
  }
  int64_t n_draws = shape_size(nd, shape);
  if (!replace && n_draws > n_inputs) {
    r = obj_raise(&exc_ValueError, "Cannot take a larger sample than population when replace=False");
    goto out;
  }
  {
    const void *pdata = NULL;
    int p_f64 = lx_flag_x64;
    if (has(a[4])) {
      DType pd = lx_flag_x64 ? DT_FLOAT64 : DT_FLOAT32;
      Value p1 = lx_asarray(a[4], FAM_JAX, pd, 0);
      if (VAL_IS_NULL(p1)) goto out;
      Value pc = lx_concrete(p1, "choice p");
      val_decref(p1);
      if (VAL_IS_NULL(pc)) goto out;
      if (lx_arr(pc)->size != n_inputs) {
        val_decref(pc);
        r = obj_raise(&exc_ValueError, "p must be None or match the shape of a");
        goto out;
      }
      pv = lx_wrap(arr_copy(lx_arr(pc)), FAM_JAX);
      val_decref(pc);
      if (VAL_IS_NULL(pv)) goto out;
      pdata = arr_data(lx_arr(pv));
      p_f64 = pd == DT_FLOAT64;
    }
    int64_t *idx = obj_malloc((size_t)(n_draws ? n_draws : 1) * sizeof(int64_t));
    if (!idx) goto out;
    int rc = prng_choice(key, (size_t)n_inputs, (size_t)n_draws, replace, pdata, p_f64, lx_flag_x64,
                         lx_flag_partitionable, idx);
    if (rc != PRNG_OK) { obj_mfree(idx); r = prng_error(rc); goto out; }
    Value iv = index_array(idx, nd, shape);
    obj_mfree(idx);
    if (VAL_IS_NULL(iv)) goto out;
    if (scalar_a) { r = iv; goto out; }
    r = take_axis(arr, iv, axis);
    val_decref(iv);
  }
out:
  val_decref(arr);
  val_decref(pv);
  return r;
}

static Value r_categorical(int argc, const Value *argv, Obj *kw) {
  Value a[5];
  if (func_parse_args("categorical", argc, argv, kw, "key,logits|axis,shape,replace", a) < 0) return val_null();
  uint32_t key[2];
  if (get_key(a[0], "categorical", key) < 0) return val_null();
  int replace = has(a[4]) ? op_truth(a[4]) : 1;
  if (replace < 0) return val_null();
  Value lg = lx_asarray(a[1], FAM_JAX, -1, 0);
  if (VAL_IS_NULL(lg)) return lg;
  Value c = val_null(), r = val_null();
  AVal av;
  if (lx_aval(lg, &av) < 0) goto out;
  if (!dt_is_float(av.dtype)) {
    Value f = lx_convert(lg, arr_default_float(lx_promo(FAM_JAX)), 0);
    val_decref(lg);
    lg = f;
    if (VAL_IS_NULL(lg)) goto out;
    lx_aval(lg, &av);
  }
  if (dt_is_half(av.dtype)) { half_refused("categorical", av.dtype); goto out; }
  if (av.ndim == 0) { r = obj_raise(&exc_ValueError, "logits must be at least 1-dimensional"); goto out; }
  int axis = av.ndim - 1;
  if (has(a[2]) && lx_parse_axis(a[2], av.ndim, &axis) < 0) goto out;
  /* batch shape: logits without axis */
  int64_t bshape[ARR_MAXDIM];
  int nb = 0;
  for (int i = 0; i < av.ndim; i++) if (i != axis) bshape[nb++] = av.shape[i];
  int64_t shape[ARR_MAXDIM];
  int nd = nb;
  memcpy(shape, bshape, sizeof(int64_t) * nb);
  if (has(a[3])) {
    nd = lx_parse_shape(a[3], shape);
    if (nd < 0) goto out;
    int ok = nd >= nb;
    for (int i = 0; ok && i < nb; i++) ok = shape[nd - nb + i] == bshape[i];
    if (!ok) {
      r = obj_raise(&exc_ValueError, "Shape must be compatible with the batch shape of logits (the logits shape without the axis)");
      goto out;
    }
  }
  int npre = nd - nb;
  int64_t pre = shape_size(npre, shape);
  int64_t k = av.shape[axis];
  int64_t outer = shape_size(axis, av.shape), inner = 1;
  for (int i = axis + 1; i < av.ndim; i++) inner *= av.shape[i];
  int64_t total = shape_size(nd, shape);
  int64_t *out = obj_malloc((size_t)(total ? total : 1) * sizeof(int64_t));
  if (!out) goto out;
  int rc;
  if (replace) {
    /* logits broadcast to prefix + logits.shape (prefix folds into outer) */
    int64_t full[ARR_MAXDIM];
    if (npre + av.ndim > ARR_MAXDIM) { obj_mfree(out); r = obj_raise(&exc_ValueError, "too many dimensions"); goto out; }
    memcpy(full, shape, sizeof(int64_t) * npre);
    memcpy(full + npre, av.shape, sizeof(int64_t) * av.ndim);
    Value b = lx_broadcast_to(lg, npre + av.ndim, full);
    if (VAL_IS_NULL(b)) { obj_mfree(out); goto out; }
    c = lx_concrete(b, "categorical");
    val_decref(b);
    if (VAL_IS_NULL(c)) { obj_mfree(out); goto out; }
    Array *cc = arr_contiguous(lx_arr(c));
    if (!cc) { obj_mfree(out); r = lx_raise_engine(FAM_JAX); goto out; }
    rc = av.dtype == DT_FLOAT32
             ? prng_categorical_f32(key, arr_data(cc), (size_t)(pre * outer), (size_t)k, (size_t)inner, lx_flag_partitionable, out)
             : prng_categorical_f64(key, arr_data(cc), (size_t)(pre * outer), (size_t)k, (size_t)inner, lx_flag_partitionable, out);
    arr_release(cc);
  } else {
    if (pre > k) { obj_mfree(out); r = obj_raise(&exc_ValueError, "Number of samples without replacement cannot exceed number of categories."); goto out; }
    c = lx_concrete(lg, "categorical");
    if (VAL_IS_NULL(c)) { obj_mfree(out); goto out; }
    Array *cc = arr_contiguous(lx_arr(c));
    if (!cc) { obj_mfree(out); r = lx_raise_engine(FAM_JAX); goto out; }
    rc = av.dtype == DT_FLOAT32
             ? prng_categorical_noreplace_f32(key, arr_data(cc), (size_t)outer, (size_t)k, (size_t)inner, (size_t)pre, lx_flag_partitionable, out)
             : prng_categorical_noreplace_f64(key, arr_data(cc), (size_t)outer, (size_t)k, (size_t)inner, (size_t)pre, lx_flag_partitionable, out);
    arr_release(cc);
  }
  if (rc != PRNG_OK) { obj_mfree(out); r = prng_error(rc); goto out; }
  r = index_array(out, nd, shape);
  obj_mfree(out);
out:
  val_decref(c);
  val_decref(lg);
  return r;
}

static const MethodDef random_functions[] = {
    {"PRNGKey", r_PRNGKey, "PRNGKey(seed): a key (uint32 array of shape (2,))", 0},
    {"key", r_key, "key(seed): a typed key array (dtype key<fry>, shape ())", 0},
    {"split", r_split, "split(key, num=2): num new keys, shape (num, 2)", 0},
    {"fold_in", r_fold_in, "fold_in(key, data): a new key from key and an integer", 0},
    {"key_data", r_key_data, "key_data(key): the uint32 words of a key", 0},
    {"wrap_key_data", r_wrap_key_data, "wrap_key_data(data): a typed key array over uint32 words", 0},
    {"key_impl", r_key_impl, "key_impl(keys): the name of the key's PRNG implementation", 0},
    {"bits", r_bits, "bits(key, shape=(), dtype=uint32)", 0},
    {"uniform", r_uniform, "uniform(key, shape=(), dtype=float32, minval=0.0, maxval=1.0)", 0},
    {"normal", r_normal, "normal(key, shape=(), dtype=float32)", 0},
    {"truncated_normal", r_truncated_normal, "truncated_normal(key, lower, upper, shape=None, dtype=float32)", 0},
    {"bernoulli", r_bernoulli, "bernoulli(key, p=0.5, shape=None)", 0},
    {"randint", r_randint, "randint(key, shape, minval, maxval, dtype=int32)", 0},
    {"permutation", r_permutation, "permutation(key, x, axis=0, independent=False)", 0},
    {"shuffle", r_shuffle, "shuffle(key, x, axis=0)", 0},
    {"choice", r_choice, "choice(key, a, shape=(), replace=True, p=None, axis=0)", 0},
    {"categorical", r_categorical, "categorical(key, logits, axis=-1, shape=None, replace=True)", 0},
    {"gumbel", r_gumbel, "gumbel(key, shape=(), dtype=float32)", 0},
    {"exponential", r_exponential, "exponential(key, shape=(), dtype=float32)", 0},
    {NULL}};

int modinit_jax_random(Value m) {
  arr_init();
  return module_add_functions(m, random_functions);
}
