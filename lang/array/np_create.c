/* np_create.c - array creation for numpy and jax.numpy: array/asarray, zeros/ones/full/empty
 * and their *_like forms, arange, eye/identity, dtype objects and type queries. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "arrobj.h"


static int is_pyscalar(Value v) { return v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL; }

/* array(object, dtype=None, copy=True, ...) */
LX_FN(array)
static Value array_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[6];
  if (func_parse_args("array", argc, argv, kw, "object|dtype,$copy,order,ndmin,device", a) < 0)
    return val_null();
  int d = lx_parse_dtype(a[1], fam);
  if (d == -2) return val_null();
  int copy = 1;
  if (!VAL_IS_NULL(a[2])) {
    int t = op_truth(a[2]);
    if (t < 0) return val_null();
    copy = t;
  }
  Value r = lx_asarray(a[0], fam, d, copy);
  if (VAL_IS_NULL(r) || VAL_IS_NULL(a[4])) return r;
  int64_t ndmin;
  if (lx_as_int(a[4], &ndmin) < 0) { val_decref(r); return val_null(); }
  AVal av;
  if (lx_aval(r, &av) < 0) { val_decref(r); return val_null(); }
  if (av.ndim >= ndmin) return r;
  if (ndmin > ARR_MAXDIM) { val_decref(r); return obj_raise(&exc_ValueError, "ndmin bigger than allowable number of dimensions"); }
  int64_t shape[ARR_MAXDIM];
  int pad = (int)ndmin - av.ndim;
  for (int i = 0; i < pad; i++) shape[i] = 1;
  memcpy(shape + pad, av.shape, sizeof(int64_t) * av.ndim);
  Value s = lx_reshape(r, (int)ndmin, shape);
  val_decref(r);
  return s;
}

/* frombuffer(buffer, dtype=float, count=-1, offset=0): the bytes reinterpreted (copied: Sable
 * arrays own their memory) */
LX_FN(frombuffer)
static Value frombuffer_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("frombuffer", argc, argv, kw, "buffer|dtype,count,offset", a) < 0) return val_null();
  int d = VAL_IS_NULL(a[1]) ? (int)DT_FLOAT64 : lx_parse_dtype(a[1], fam);
  if (d == -2) return val_null();
  if (d < 0) d = DT_FLOAT64;
  int64_t count = -1, off = 0;
  if (!VAL_IS_NULL(a[2]) && lx_as_int(a[2], &count) < 0) return val_null();
  if (!VAL_IS_NULL(a[3]) && lx_as_int(a[3], &off) < 0) return val_null();
  ObjBuffer b;
  if (bytes_view(a[0], &b) < 0) return val_null();
  int64_t isz = dt_size((DType)d);
  if (off < 0 || off > b.len)
    return obj_raise(&exc_ValueError, "offset must be non-negative and no greater than buffer length (%lld)", (long long)b.len);
  int64_t avail = b.len - off;
  if (count < 0) {
    if (avail % isz) return obj_raise(&exc_ValueError, "buffer size must be a multiple of element size");
    count = avail / isz;
  } else if (count > avail / isz) {
    return obj_raise(&exc_ValueError, "buffer is smaller than requested size");
  }
  Array *r = arr_from_data((DType)d, 1, &count, (const char *)b.buf + off);
  if (!r) return val_null();
  if (fam == FAM_NP && b.readonly) r->flags &= ~ARR_WRITABLE;
  Value tmp = lx_wrap(r, FAM_NP);
  if (VAL_IS_NULL(tmp) || fam == FAM_NP) return tmp;
  Value j = lx_asarray(tmp, fam, -1, 0);
  val_decref(tmp);
  return j;
}

LX_FN(asarray)
static Value asarray_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[5];
  if (func_parse_args("asarray", argc, argv, kw, "a|dtype,order,$copy,device", a) < 0)
    return val_null();
  int d = lx_parse_dtype(a[1], fam);
  if (d == -2) return val_null();
  int copy = 0;
  if (!VAL_IS_NULL(a[3]) && !VAL_IS_NONE(a[3])) {
    int t = op_truth(a[3]);
    if (t < 0) return val_null();
    copy = t;
  }
  return lx_asarray(a[0], fam, d, copy);
}

LX_FN(ascontiguousarray)
static Value ascontiguousarray_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("ascontiguousarray", argc, argv, kw, "a|dtype", a) < 0) return val_null();
  int d = lx_parse_dtype(a[1], fam);
  if (d == -2) return val_null();
  Value r = lx_asarray(a[0], fam, d, 0);
  Array *x = lx_arr(r);
  if (x && fam == FAM_NP && !arr_is_contiguous(x)) {
    Value c = lx_wrap(arr_copy(x), FAM_NP);
    val_decref(r);
    return c;
  }
  return r;
}

/* the dtype for fill value v when dtype is not given */
static int fill_dtype(Family fam, Value v) {
  if (v.tag == V_BOOL) return DT_BOOL;
  if (v.tag == V_INT) return arr_default_int(lx_promo(fam));
  if (v.tag == V_FLOAT) return arr_default_float(lx_promo(fam));
  AVal av;
  if (lx_aval(v, &av) < 0) return -2;
  return av.dtype;
}

/* an array of shape filled with v (a scalar or an array-like broadcast to shape) */
static Value filled(Family fam, int ndim, const int64_t *shape, int d, Value v) {
  /* jnp.full(shape, 7) is weakly typed, like the Python scalar it came from */
  int weak = fam == FAM_JAX && d < 0 && (v.tag == V_INT || v.tag == V_FLOAT);
  if (d < 0) {
    d = fill_dtype(fam, v);
    if (d < 0) return val_null();
  }
  if (is_pyscalar(v)) {
    if (v.tag == V_FLOAT || dt_is_float((DType)d)) {
      double x = v.tag == V_FLOAT ? v.u.f : (double)v.u.i;
      return lx_fill(fam, (DType)d, ndim, shape, x, weak);
    }
    if (lx_np_check_ints(fam, (DType)d, 1, &v) < 0) return val_null();   /* as np.array(v, d) */
    if (fam == FAM_JAX && v.tag == V_INT && llabs(v.u.i) <= ((int64_t)1 << 53))   /* exact as a double */
      return lx_fill(fam, (DType)d, ndim, shape, (double)v.u.i, weak);
    Array *a = arr_new((DType)d, ndim, shape);
    if (!a) return lx_raise_engine(fam);
    char *p = arr_data(a);
    int sz = dt_size((DType)d);
    if (a->size) lx_store_i((DType)d, p, v.u.i);
    for (int64_t i = 1; i < a->size; i++) memcpy(p + i * sz, p, (size_t)sz);
    return lx_wrap(a, fam);
  }
  Value x = lx_asarray(v, fam, d, 0);
  if (VAL_IS_NULL(x)) return x;
  Value b = lx_broadcast_to(x, ndim, shape);
  val_decref(x);
  if (VAL_IS_NULL(b) || fam != FAM_NP) return b;
  /* numpy: a fresh writable array */
  Value c = lx_wrap(arr_copy(lx_arr(b)), FAM_NP);
  val_decref(b);
  return c;
}

static Value zeros_ones(const char *name, Family fam, int argc, const Value *argv, Obj *kw,
                        double v) {
  Value a[4];
  if (func_parse_args(name, argc, argv, kw, "shape|dtype,order,$device", a) < 0) return val_null();
  int64_t shape[ARR_MAXDIM];
  int nd = lx_parse_shape(a[0], shape);
  if (nd < 0) return val_null();
  int d = lx_parse_dtype(a[1], fam);
  if (d == -2) return val_null();
  if (d < 0) d = arr_default_float(lx_promo(fam));
  return lx_fill(fam, (DType)d, nd, shape, v, 0);
}

LX_FN(zeros)
static Value zeros_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  return zeros_ones("zeros", fam, argc, argv, kw, 0);
}
LX_FN(ones)
static Value ones_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  return zeros_ones("ones", fam, argc, argv, kw, 1);
}
LX_FN(empty)
static Value empty_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  return zeros_ones("empty", fam, argc, argv, kw, 0);
}

LX_FN(full)
static Value full_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[5];
  if (func_parse_args("full", argc, argv, kw, "shape,fill_value|dtype,order,$device", a) < 0)
    return val_null();
  int64_t shape[ARR_MAXDIM];
  int nd = lx_parse_shape(a[0], shape);
  if (nd < 0) return val_null();
  int d = lx_parse_dtype(a[2], fam);
  if (d == -2) return val_null();
  return filled(fam, nd, shape, d, a[1]);
}

/* *_like(a, dtype=None, shape=None) */
static Value like(const char *name, Family fam, int argc, const Value *argv, Obj *kw, int kind) {
  Value a[6];
  const char *spec = kind == 2 ? "a,fill_value|dtype,order,subok,shape" : "a|dtype,order,subok,shape";
  if (func_parse_args(name, argc, argv, kw, spec, a) < 0) return val_null();
  int off = kind == 2 ? 1 : 0;
  AVal av;
  Value src = a[0];
  Value tmp = val_null();
  if (!lx_is_arraylike(src)) {
    tmp = lx_asarray(src, fam, -1, 0);
    if (VAL_IS_NULL(tmp)) return tmp;
    src = tmp;
  }
  int rc = lx_aval(src, &av);
  val_decref(tmp);
  if (rc < 0) return val_null();
  int d = lx_parse_dtype(a[1 + off], fam);
  if (d == -2) return val_null();
  if (d < 0) d = av.dtype;
  if (!VAL_IS_NULL(a[4 + off]) && !VAL_IS_NONE(a[4 + off])) {
    av.ndim = lx_parse_shape(a[4 + off], av.shape);
    if (av.ndim < 0) return val_null();
  }
  if (kind == 2) return filled(fam, av.ndim, av.shape, d, a[1]);
  Value r = lx_fill(fam, (DType)d, av.ndim, av.shape, kind == 1 ? 1.0 : 0.0, 0);
  return r;
}
LX_FN(zeros_like)
static Value zeros_like_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  return like("zeros_like", fam, argc, argv, kw, 0);
}
LX_FN(empty_like)
static Value empty_like_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  return like("empty_like", fam, argc, argv, kw, 0);
}
LX_FN(ones_like)
static Value ones_like_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  return like("ones_like", fam, argc, argv, kw, 1);
}
LX_FN(full_like)
static Value full_like_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  return like("full_like", fam, argc, argv, kw, 2);
}

/* arange([start,] stop[, step], dtype=None) */
static int scalar_arg(Value v, double *f, int64_t *i, int *is_float) {
  if (v.tag == V_FLOAT) { *f = v.u.f; *i = (int64_t)v.u.f; *is_float = 1; return 0; }
  if (VAL_IS_INTLIKE(v)) { *f = (double)v.u.i; *i = v.u.i; *is_float = 0; return 0; }
  Value c = lx_is_arraylike(v) ? lx_concrete(v, "arange") : val_null();
  if (VAL_IS_NULL(c)) {
    if (!obj_err_occurred())
      obj_raise(&exc_TypeError, "arange: expected a number, got %s", op_type_name(v));
    return -1;
  }
  Array *a = lx_arr(c);
  int rc = 0;
  if (a->size != 1) {
    obj_raise(&exc_TypeError, "arange: arguments must be scalars");
    rc = -1;
  } else {
    *is_float = dt_is_float(a->dtype);
    *f = arr_get_f(a, 0);
    *i = arr_get_i(a, 0);
  }
  val_decref(c);
  return rc;
}

LX_FN(arange)
static Value arange_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[5];
  if (func_parse_args("arange", argc, argv, kw, "start|stop,step,dtype,$device", a) < 0)
    return val_null();
  Value vs = a[0], ve = a[1], vt = a[2];
  if (VAL_IS_NULL(ve) || VAL_IS_NONE(ve)) { ve = vs; vs = val_int(0); }
  if (VAL_IS_NULL(vt) || VAL_IS_NONE(vt)) vt = val_int(1);
  double fs, fe, ft;
  int64_t is, ie, it;
  int fls, fle, flt;
  if (scalar_arg(vs, &fs, &is, &fls) < 0 || scalar_arg(ve, &fe, &ie, &fle) < 0 ||
      scalar_arg(vt, &ft, &it, &flt) < 0)
    return val_null();
  int d = lx_parse_dtype(a[3], fam);
  if (d == -2) return val_null();
  int isf = fls || fle || flt;
  if (d < 0) d = isf ? arr_default_float(lx_promo(fam)) : arr_default_int(lx_promo(fam));
  if (ft == 0) return obj_raise(&exc_ZeroDivisionError, "division by zero");
  int64_t n;
  if (!isf) {
    /* in 128 bits: the span of int64 bounds (or the rounding step added to it) can overflow */
    __int128 span = (__int128)ie - is;
    __int128 nn = it > 0 ? (span > 0 ? (span + it - 1) / it : 0) : (span < 0 ? (span + it + 1) / it : 0);
    if (span > ((__int128)1 << 53) || span < -((__int128)1 << 53)) {
      double len = ceil((double)span / (double)it);   /* NumPy's length, in doubles, beyond 2^53 */
      nn = len > 0 ? (__int128)len : 0;
    }
    if (nn > (__int128)9000000000000000LL) return obj_raise(&exc_ValueError, "Maximum allowed size exceeded");
    n = (int64_t)nn;
  } else {
    double len = ceil((fe - fs) / ft);
    if (!(len > 0)) len = 0;
    if (len > 9e15) return obj_raise(&exc_ValueError, "Maximum allowed size exceeded");
    n = (int64_t)len;
  }
  Array *r = arr_new((DType)d, 1, &n);
  if (!r) return lx_raise_engine(fam);
  char *p = arr_data(r);
  int sz = dt_size((DType)d);
  if (!isf && !dt_is_float((DType)d)) {
    for (int64_t k = 0; k < n; k++) lx_store_i((DType)d, p + k * sz, (int64_t)((__int128)is + (__int128)k * it));
  } else if (!isf) {
    for (int64_t k = 0; k < n; k++) lx_store_f((DType)d, p + k * sz, (double)(int64_t)((__int128)is + (__int128)k * it));
  } else if (fam == FAM_JAX) {
    /* jax: start + step * iota, each converted to the output dtype and each operation
     * rounded in it (eager lax.mul then lax.add: no fused multiply-add) */
    if (d == DT_FLOAT32) {
      float s32 = (float)fs, t32 = (float)ft;
      for (int64_t k = 0; k < n; k++) {
        float m = t32 * (float)k;
        float v = s32 + m;
        lx_store_f((DType)d, p + k * sz, v);
      }
    } else if (dt_is_float((DType)d)) {
      for (int64_t k = 0; k < n; k++) {
        double m = ft * (double)k;
        lx_store_f((DType)d, p + k * sz, fs + m);
      }
    } else {
      int64_t s = (int64_t)fs, t = (int64_t)ft;
      for (int64_t k = 0; k < n; k++) lx_store_i((DType)d, p + k * sz, s + t * k);
    }
  } else {
    /* numpy: start + i * delta with delta = (start + step) - start, computed in float64 */
    double delta = (fs + ft) - fs;
    for (int64_t k = 0; k < n; k++) {
      double v = k == 0 ? fs : fs + (double)k * delta;
      if (dt_is_float((DType)d)) lx_store_f((DType)d, p + k * sz, v);
      else lx_store_i((DType)d, p + k * sz, (int64_t)v);
    }
  }
  return lx_wrap(r, fam);
}

/* _linspace_xla(start, stop, num, endpoint): the values of jnp.linspace for concrete bounds of
 * one float dtype and one shape, bit for bit as XLA's CPU backend computes its fusion of
 * start * (1 - i/div) + stop * (i/div): the division becomes a multiply by r = 1/div, the
 * product stop * (i*r) is reassociated to i * (stop*r), and LLVM contracts the sum into a
 * fused multiply-add, i * (stop*r) + start*(1 - i*r). Fully unrolled loops (div <= 33) fold
 * i = 1, and there the contraction is start * (1 - r) + stop*r instead. */
static double lin_point(int f32, double s, double e, double r, double er, int64_t i, int64_t div) {
  if (f32) {
    float fi = (float)i, fs = (float)s, fr = (float)r, fer = (float)er;
    float prod = fi * fr;
    float sub = 1.0f - prod;
    if (i == 1 && div <= 33) return (double)fmaf(fs, sub, fi * fer);
    return (double)fmaf(fi, fer, fs * sub);
  }
  double di = (double)i;
  double prod = di * r;
  double sub = 1.0 - prod;
  if (i == 1 && div <= 33) return fma(s, sub, di * er);
  return fma(di, er, s * sub);
}

LX_FN(_linspace_xla)
static Value _linspace_xla_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("_linspace_xla", argc, argv, kw, "start,stop,num,endpoint", a) < 0)
    return val_null();
  Array *s = lx_arr(a[0]), *e = lx_arr(a[1]);
  int64_t num;
  if (!s || !e) return val_none(); /* traced bounds: the caller computes them as JAX traces */
  if (lx_as_int(a[2], &num) < 0) return val_null();
  int endpoint = op_truth(a[3]);
  if (endpoint < 0) return val_null();
  if (s->dtype != e->dtype || !dt_is_float(s->dtype) || s->ndim != e->ndim || s->size != e->size ||
      s->ndim >= ARR_MAXDIM || num < 2)
    return obj_raise(&exc_ValueError, "_linspace_xla: bounds of one float dtype and shape, num >= 2");
  int64_t div = endpoint ? num - 1 : num;
  int64_t shape[ARR_MAXDIM];
  shape[0] = num;
  for (int k = 0; k < s->ndim; k++) shape[k + 1] = s->shape[k];
  Array *r = arr_new(s->dtype, s->ndim + 1, shape);
  if (!r) return lx_raise_engine(fam);
  int f32 = s->dtype == DT_FLOAT32;
  double rr = f32 ? (double)(1.0f / (float)div) : 1.0 / (double)div;
  char *p = arr_data(r);
  int sz = dt_size(s->dtype);
  int64_t m = s->size;
  for (int64_t j = 0; j < m; j++) {
    double sv = arr_get_f(s, j), ev = arr_get_f(e, j);
    double er = f32 ? (double)((float)ev * (float)rr) : ev * rr;
    for (int64_t i = 0; i < num; i++) {
      double v = (endpoint && i == num - 1) ? ev : lin_point(f32, sv, ev, rr, er, i, div);
      lx_store_f(s->dtype, p + (i * m + j) * sz, v);
    }
  }
  return lx_wrap(r, fam);
}

/* eye(N, M=None, k=0, dtype=float) */
LX_FN(eye)
static Value eye_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[5];
  if (func_parse_args("eye", argc, argv, kw, "N|M,k,dtype,order", a) < 0) return val_null();
  int64_t n, m, k = 0;
  if (lx_as_int(a[0], &n) < 0) return val_null();
  m = n;
  if (!VAL_IS_NULL(a[1]) && !VAL_IS_NONE(a[1]) && lx_as_int(a[1], &m) < 0) return val_null();
  if (!VAL_IS_NULL(a[2]) && lx_as_int(a[2], &k) < 0) return val_null();
  if (n < 0 || m < 0) return obj_raise(&exc_ValueError, "negative dimensions are not allowed");
  int d = lx_parse_dtype(a[3], fam);
  if (d == -2) return val_null();
  if (d < 0) d = arr_default_float(lx_promo(fam));
  int64_t shape[2] = {n, m};
  Value r = lx_full(fam, (DType)d, 2, shape, 0);
  if (VAL_IS_NULL(r)) return r;
  Array *x = lx_arr(r);
  char *p = arr_data(x);
  int sz = dt_size((DType)d);
  for (int64_t i = 0; i < n; i++) {
    int64_t j = i + k;
    if (j >= 0 && j < m) lx_store_i((DType)d, p + (i * m + j) * sz, 1);
  }
  return r;
}

LX_FN(identity)
static Value identity_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("identity", argc, argv, kw, "n|dtype", a) < 0) return val_null();
  Value args[4] = {a[0], val_none(), val_int(0), VAL_IS_NULL(a[1]) ? val_none() : a[1]};
  return eye_impl(fam, 4, args, NULL);
}

LX_FN(copy)
static Value copy_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("copy", argc, argv, kw, "a|order", a) < 0) return val_null();
  if (fam == FAM_JAX && lx_is_arraylike(a[0]) && !lx_is_arr(a[0])) return lx_unary(PRIM_copy, a[0]);
  return lx_asarray(a[0], fam, -1, 1);
}

/* dtype(obj) */
LX_FN(dtype)
static Value dtype_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("dtype", argc, argv, kw, "dtype", a) < 0) return val_null();
  /* int8/int16/uint16/uint64 have dtype objects (no arrays): NumPy's np.dtype('int8') works */
  Value u = lx_dtype_unsupported(a[0], fam);
  if (!VAL_IS_NULL(u)) return u;
  int d = lx_parse_dtype(a[0], FAM_NP);
  if (d == -2) return val_null();
  if (d == -1) d = DT_FLOAT64;
  return lx_dtype_obj((DType)d, fam);
}

LX_FN(issubdtype)
static Value issubdtype_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("issubdtype", argc, argv, kw, "arg1,arg2", a) < 0) return val_null();
  int r = lx_issubdtype(a[0], a[1]);
  return r < 0 ? val_null() : val_bool(r);
}

/* result_type(*arrays_and_dtypes) / promote_types(a, b) */
static int as_dtype_or_array(Value v, Family fam, DType *d, uint8_t *weak) {
  int k = -1;
  if (v.tag == V_OBJ && v.u.o->type == &lx_dtype_type) k = lx_parse_dtype(v, fam);
  else if (VAL_IS_STR(v)) k = lx_parse_dtype(v, fam);
  if (k >= 0) { *d = (DType)k; *weak = 0; return 0; }
  if (k == -2) return -1;
  if (v.tag == V_OBJ && (v.u.o == &num_float_type.ob || v.u.o == &num_int_type.ob)) {
    *d = v.u.o == &num_float_type.ob ? arr_default_float(lx_promo(fam)) : arr_default_int(lx_promo(fam));
    *weak = 1;
    return 0;
  }
  AVal av;
  if (lx_aval(v, &av) < 0) return -1;
  *d = av.dtype;
  *weak = av.weak || v.tag == V_INT || v.tag == V_FLOAT;
  return 0;
}

LX_FN(result_type)
static Value result_type_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("result_type", argc, kw, 1, 64) < 0) return val_null();
  DType d[64];
  uint8_t w[64];
  for (int i = 0; i < argc; i++)
    if (as_dtype_or_array(argv[i], fam, &d[i], &w[i]) < 0) return val_null();
  DType r;
  int rw;
  arr_result_type(argc, d, w, lx_promo(fam), &r, &rw);
  return lx_dtype_obj(r, fam);
}

LX_FN(promote_types)
static Value promote_types_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("promote_types", argc, argv, kw, "type1,type2", a) < 0) return val_null();
  int d1 = lx_parse_dtype(a[0], fam), d2 = lx_parse_dtype(a[1], fam);
  if (d1 < 0 || d2 < 0) {
    if (!obj_err_occurred()) obj_raise(&exc_TypeError, "promote_types: dtypes required");
    return val_null();
  }
  DType d[2] = {(DType)d1, (DType)d2}, r;
  uint8_t w[2] = {0, 0};
  int rw;
  arr_result_type(2, d, w, lx_promo(fam), &r, &rw);
  return lx_dtype_obj(r, fam);
}

LX_FN(can_cast)
static Value can_cast_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("can_cast", argc, argv, kw, "from_,to|casting", a) < 0) return val_null();
  DType f;
  uint8_t w;
  if (as_dtype_or_array(a[0], fam, &f, &w) < 0) return val_null();
  int t = lx_parse_dtype(a[1], fam);
  if (t < 0) return t == -2 ? val_null() : obj_raise(&exc_TypeError, "can_cast: dtype required");
  DType d[2] = {f, (DType)t}, r;
  uint8_t ww[2] = {0, 0};
  int rw;
  arr_result_type(2, d, ww, PROMO_NUMPY, &r, &rw);
  return val_bool((int)r == t);
}

LX_FN(isscalar)
static Value isscalar_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("isscalar", argc, kw, 1, 1) < 0) return val_null();
  Value v = argv[0];
  if (is_pyscalar(v)) return val_bool(1);
  if (lx_is_arr(v)) return val_bool(ARROBJ(v.u.o)->npscalar || (fam == FAM_JAX && lx_arr(v)->ndim == 0));
  return val_bool(0);
}

LX_FN(ndim)
static Value ndim_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("ndim", argc, kw, 1, 1) < 0) return val_null();
  AVal av;
  Value t = lx_is_arraylike(argv[0]) || is_pyscalar(argv[0]) ? val_incref(argv[0])
                                                              : lx_asarray(argv[0], fam, -1, 0);
  if (VAL_IS_NULL(t)) return t;
  int rc = lx_aval(t, &av);
  val_decref(t);
  return rc < 0 ? val_null() : val_int(av.ndim);
}

LX_FN(shape)
static Value shape_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("shape", argc, kw, 1, 1) < 0) return val_null();
  AVal av;
  Value t = lx_is_arraylike(argv[0]) || is_pyscalar(argv[0]) ? val_incref(argv[0])
                                                              : lx_asarray(argv[0], fam, -1, 0);
  if (VAL_IS_NULL(t)) return t;
  int rc = lx_aval(t, &av);
  val_decref(t);
  if (rc < 0) return val_null();
  Value tu = tuple_new(av.ndim);
  if (VAL_IS_NULL(tu)) return tu;
  for (int i = 0; i < av.ndim; i++) TUPLE_SET(tu, i, val_int(av.shape[i]));
  return tu;
}

LX_FN(size)
static Value size_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("size", argc, kw, 1, 2) < 0) return val_null();
  AVal av;
  Value t = lx_is_arraylike(argv[0]) || is_pyscalar(argv[0]) ? val_incref(argv[0])
                                                              : lx_asarray(argv[0], fam, -1, 0);
  if (VAL_IS_NULL(t)) return t;
  int rc = lx_aval(t, &av);
  val_decref(t);
  if (rc < 0) return val_null();
  if (argc == 2 && !VAL_IS_NONE(argv[1])) {
    int ax;
    if (lx_parse_axis(argv[1], av.ndim, &ax) < 0) return val_null();
    return val_int(av.shape[ax]);
  }
  int64_t n = 1;
  for (int i = 0; i < av.ndim; i++) n *= av.shape[i];
  return val_int(n);
}

#define CREATE_FUNCS(X)                                                     \
  X(array, "array(object, dtype=None, *, copy=True, ndmin=0)")              \
  X(asarray, "asarray(a, dtype=None)")                                      \
  X(ascontiguousarray, "ascontiguousarray(a, dtype=None)")                  \
  X(zeros, "zeros(shape, dtype=float)")                                     \
  X(ones, "ones(shape, dtype=float)")                                       \
  X(empty, "empty(shape, dtype=float)")                                     \
  X(full, "full(shape, fill_value, dtype=None)")                            \
  X(zeros_like, "zeros_like(a, dtype=None, shape=None)")                    \
  X(ones_like, "ones_like(a, dtype=None, shape=None)")                      \
  X(empty_like, "empty_like(a, dtype=None, shape=None)")                    \
  X(full_like, "full_like(a, fill_value, dtype=None, shape=None)")          \
  X(arange, "arange([start,] stop[, step], dtype=None)")                    \
  X(_linspace_xla, "_linspace_xla(start, stop, num, endpoint)")            \
  X(eye, "eye(N, M=None, k=0, dtype=float)")                                \
  X(identity, "identity(n, dtype=float)")                                   \
  X(copy, "copy(a)")                                                        \
  X(dtype, "dtype(obj)")                                                    \
  X(issubdtype, "issubdtype(arg1, arg2)")                                   \
  X(result_type, "result_type(*arrays_and_dtypes)")                         \
  X(promote_types, "promote_types(type1, type2)")                           \
  X(can_cast, "can_cast(from_, to)")                                        \
  X(isscalar, "isscalar(element)")                                          \
  X(ndim, "ndim(a)")                                                        \
  X(shape, "shape(a)")                                                      \
  X(size, "size(a, axis=None)")                                            \
  X(frombuffer, "frombuffer(buffer, dtype=float, count=-1, offset=0)")

const MethodDef np_create_jax[] = {CREATE_FUNCS(LX_DEF_JAX){NULL}};
const MethodDef np_create_np[] = {CREATE_FUNCS(LX_DEF_NP){NULL}};
