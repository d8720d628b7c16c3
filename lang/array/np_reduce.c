/* np_reduce.c - reductions over axes (sum, prod, max, min, any, all, argmax, argmin, ptp,
 * count_nonzero) and cumulative ones (cumsum, cumprod), with axis/keepdims/dtype/initial/where. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "arrobj.h"


/* accumulator dtype of sum/prod when none is given */
static DType acc_dtype(Family f, DType d, int cumulative) {
  if (f == FAM_NP) {
    if (d == DT_BOOL || d == DT_INT32 || d == DT_UINT8 || d == DT_UINT32) return DT_INT64;
    return d;
  }
  PromoMode m = lx_promo(f);
  if (d == DT_BOOL) return arr_default_int(m);
  if (d == DT_UINT8) return cumulative ? DT_UINT8 : DT_UINT32;
  return d;
}

static int has_kw(Value v) { return !VAL_IS_NULL(v) && !VAL_IS_NONE(v); }

/* reshape a reduced result back to rank with 1s at the reduced axes */
static Value keep_dims(Value r, const AVal *in, const int *axes, int naxes) {
  int64_t shape[ARR_MAXDIM];
  int red[ARR_MAXDIM] = {0};
  for (int i = 0; i < naxes; i++) red[axes[i]] = 1;
  for (int i = 0; i < in->ndim; i++) shape[i] = red[i] ? 1 : in->shape[i];
  Value k = lx_reshape(r, in->ndim, shape);
  val_decref(r);
  return k;
}

static Value empty_reduction_error(const char *opname, Family f) {
  return obj_raise(&exc_ValueError, "zero-size array to reduction operation %s which has no "
                                    "identity", opname);
}

enum { R_SUM, R_PROD, R_MAX, R_MIN, R_ANY, R_ALL };

static Value reduce_common(int kind, const char *name, Family fam, int argc, const Value *argv,
                           Obj *kw) {
  Value a[7];
  int has_dtype = kind == R_SUM || kind == R_PROD;
  const char *spec = has_dtype ? "a|axis,dtype,out,keepdims,initial,where"
                     : (kind == R_ANY || kind == R_ALL) ? "a|axis,out,keepdims,$where"
                                                        : "a|axis,out,keepdims,initial,where";
  if (func_parse_args(name, argc, argv, kw, spec, a) < 0) return val_null();
  Value va = a[0], vaxis = a[1], vdtype = has_dtype ? a[2] : val_null();
  Value vout = has_dtype ? a[3] : a[2];
  Value vkeep = has_dtype ? a[4] : a[3];
  Value vinit = has_dtype ? a[5] : (kind == R_ANY || kind == R_ALL) ? val_null() : a[4];
  Value vwhere = has_dtype ? a[6] : (kind == R_ANY || kind == R_ALL) ? a[4] : a[5];
  if (has_kw(vout)) return obj_raise(&exc_NotImplementedError, "%s: out= is not supported", name);
  int keepdims = 0;
  if (has_kw(vkeep) && (keepdims = op_truth(vkeep)) < 0) return val_null();
  Value x = lx_asarray(va, fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  Value r = val_null(), cur = val_null();
  AVal av;
  if (lx_aval(x, &av) < 0) goto out;
  int axes[ARR_MAXDIM], all;
  int naxes = lx_parse_axes(vaxis, av.ndim, axes, &all);
  if (naxes < 0) goto out;
  /* the dtype to reduce in */
  DType d = av.dtype;
  if (has_kw(vdtype)) {
    int k = lx_parse_dtype(vdtype, fam);
    if (k < 0) goto out;
    d = (DType)k;
  } else if (has_dtype) {
    d = acc_dtype(fam, av.dtype, 0);
  } else if (kind == R_ANY || kind == R_ALL) {
    d = DT_BOOL;
  }
  cur = (d != av.dtype || (av.weak && fam == FAM_JAX)) ? lx_convert(x, d, 0) : val_incref(x);
  if (VAL_IS_NULL(cur)) goto out;
  /* where=: masked elements become the identity (or initial) */
  if (has_kw(vwhere)) {
    Value fillv;
    if (kind == R_SUM) fillv = val_int(0);
    else if (kind == R_PROD) fillv = val_int(1);
    else if (kind == R_ANY) fillv = val_bool(0);
    else if (kind == R_ALL) fillv = val_bool(1);
    else {
      if (!has_kw(vinit)) {
        r = obj_raise(&exc_ValueError, "reduction operation '%s' does not have an identity, so "
                                       "to use a where mask one has to specify 'initial'",
                      kind == R_MAX ? "maximum" : "minimum");
        goto out;
      }
      fillv = vinit;
    }
    Value m = lx_asarray(vwhere, fam, DT_BOOL, 0);
    if (VAL_IS_NULL(m)) goto out;
    Value fv = lx_asarray(fillv, fam, d, 0);
    Value s = VAL_IS_NULL(fv) ? fv : lx_select(m, cur, fv);
    val_decref(m);
    val_decref(fv);
    if (VAL_IS_NULL(s)) goto out;
    /* the mask may broadcast x to a bigger shape */
    val_decref(cur);
    cur = s;
    AVal sv;
    if (lx_aval(cur, &sv) < 0) goto out;
    if (sv.ndim != av.ndim) {
      av = sv;
      naxes = lx_parse_axes(vaxis, av.ndim, axes, &all);
      if (naxes < 0) goto out;
    }
  }
  /* empty max/min without initial */
  if ((kind == R_MAX || kind == R_MIN) && !has_kw(vinit)) {
    for (int i = 0; i < naxes; i++)
      if (av.shape[axes[i]] == 0) {
        r = empty_reduction_error(fam == FAM_NP ? (kind == R_MAX ? "maximum" : "minimum")
                                                : (kind == R_MAX ? "max" : "min"), fam);
        goto out;
      }
  }
  static const PrimId ids[] = {PRIM_reduce_sum, PRIM_reduce_prod, PRIM_reduce_max,
                               PRIM_reduce_min, PRIM_reduce_or, PRIM_reduce_and};
  r = lx_reduce(ids[kind], cur, naxes, axes);
  if (VAL_IS_NULL(r)) goto out;
  if (has_kw(vinit)) {
    Value iv = lx_asarray(vinit, fam, d, 0);
    if (VAL_IS_NULL(iv)) { val_clear(&r); goto out; }
    Value t;
    if (kind == R_SUM || kind == R_PROD) {
      Value in[2] = {r, iv};
      t = lx_bind1(kind == R_SUM ? PRIM_add : PRIM_mul, 2, in, NULL);
    } else {
      Value in[2] = {r, iv};
      t = lx_bind1(kind == R_MAX ? PRIM_max : PRIM_min, 2, in, NULL);
    }
    val_decref(iv);
    val_decref(r);
    r = t;
    if (VAL_IS_NULL(r)) goto out;
  }
  if (keepdims) r = keep_dims(r, &av, axes, naxes);
out:
  val_decref(cur);
  val_decref(x);
  return r;
}

LX_FN(sum)
static Value sum_impl(Family f, int c, const Value *v, Obj *k) { return reduce_common(R_SUM, "sum", f, c, v, k); }
LX_FN(prod)
static Value prod_impl(Family f, int c, const Value *v, Obj *k) { return reduce_common(R_PROD, "prod", f, c, v, k); }
LX_FN(max)
static Value max_impl(Family f, int c, const Value *v, Obj *k) { return reduce_common(R_MAX, "max", f, c, v, k); }
LX_FN(min)
static Value min_impl(Family f, int c, const Value *v, Obj *k) { return reduce_common(R_MIN, "min", f, c, v, k); }
LX_FN(amax)
static Value amax_impl(Family f, int c, const Value *v, Obj *k) { return reduce_common(R_MAX, "amax", f, c, v, k); }
LX_FN(amin)
static Value amin_impl(Family f, int c, const Value *v, Obj *k) { return reduce_common(R_MIN, "amin", f, c, v, k); }
LX_FN(any)
static Value any_impl(Family f, int c, const Value *v, Obj *k) { return reduce_common(R_ANY, "any", f, c, v, k); }
LX_FN(all)
static Value all_impl(Family f, int c, const Value *v, Obj *k) { return reduce_common(R_ALL, "all", f, c, v, k); }

/* argmax / argmin(a, axis=None, out=None, *, keepdims=False) */
static Value arg_common(int is_max, Family fam, int argc, const Value *argv, Obj *kw) {
  const char *name = is_max ? "argmax" : "argmin";
  Value a[4];
  if (func_parse_args(name, argc, argv, kw, "a|axis,out,$keepdims", a) < 0) return val_null();
  if (has_kw(a[2])) return obj_raise(&exc_NotImplementedError, "%s: out= is not supported", name);
  int keepdims = 0;
  if (has_kw(a[3]) && (keepdims = op_truth(a[3])) < 0) return val_null();
  Value x = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  AVal av;
  Value r = val_null(), cur = val_null();
  if (lx_aval(x, &av) < 0) goto out;
  int axis;
  PArg pa;
  memset(&pa, 0, sizeof pa);
  pa.index_dtype = fam == FAM_NP ? DT_INT64 : arr_default_int(lx_promo(fam));
  if (!has_kw(a[1])) {
    int64_t n = 1;
    for (int i = 0; i < av.ndim; i++) n *= av.shape[i];
    if (n == 0) { r = obj_raise(&exc_ValueError, "attempt to get %s of an empty sequence", name); goto out; }
    cur = lx_reshape(x, 1, &n);
    axis = 0;
  } else {
    if (lx_parse_axis(a[1], av.ndim, &axis) < 0) goto out;
    if (av.shape[axis] == 0) { r = obj_raise(&exc_ValueError, "attempt to get %s of an empty sequence", name); goto out; }
    cur = val_incref(x);
  }
  if (VAL_IS_NULL(cur)) goto out;
  pa.axis = axis;
  r = lx_bind1(is_max ? PRIM_argmax : PRIM_argmin, 1, &cur, &pa);
  if (!VAL_IS_NULL(r) && keepdims) {
    if (!has_kw(a[1])) {
      int64_t shape[ARR_MAXDIM];
      for (int i = 0; i < av.ndim; i++) shape[i] = 1;
      Value k = lx_reshape(r, av.ndim, shape);
      val_decref(r);
      r = k;
    } else {
      r = keep_dims(r, &av, &axis, 1);
    }
  }
out:
  val_decref(cur);
  val_decref(x);
  return r;
}
LX_FN(argmax)
static Value argmax_impl(Family f, int c, const Value *v, Obj *k) { return arg_common(1, f, c, v, k); }
LX_FN(argmin)
static Value argmin_impl(Family f, int c, const Value *v, Obj *k) { return arg_common(0, f, c, v, k); }

/* cumsum / cumprod(a, axis=None, dtype=None, out=None) */
static Value cum_common(PrimId id, const char *name, Family fam, int argc, const Value *argv,
                        Obj *kw) {
  Value a[4];
  if (func_parse_args(name, argc, argv, kw, "a|axis,dtype,out", a) < 0) return val_null();
  if (has_kw(a[3])) return obj_raise(&exc_NotImplementedError, "%s: out= is not supported", name);
  Value x = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  AVal av;
  Value r = val_null(), cur = val_null();
  if (lx_aval(x, &av) < 0) goto out;
  int axis = 0;
  if (!has_kw(a[1])) {
    int64_t n = 1;
    for (int i = 0; i < av.ndim; i++) n *= av.shape[i];
    cur = lx_reshape(x, 1, &n);
  } else {
    if (lx_parse_axis(a[1], av.ndim, &axis) < 0) goto out;
    cur = val_incref(x);
  }
  if (VAL_IS_NULL(cur)) goto out;
  DType d = acc_dtype(fam, av.dtype, 1);
  if (has_kw(a[2])) {
    int k = lx_parse_dtype(a[2], fam);
    if (k < 0) goto out;
    d = (DType)k;
  }
  {
    Value c = lx_convert(cur, d, 0);
    val_decref(cur);
    cur = c;
    if (VAL_IS_NULL(cur)) goto out;
  }
  PCum pc = {axis, 0};
  r = lx_bind1(id, 1, &cur, &pc);
out:
  val_decref(cur);
  val_decref(x);
  return r;
}
LX_FN(cumsum)
static Value cumsum_impl(Family f, int c, const Value *v, Obj *k) { return cum_common(PRIM_cumsum, "cumsum", f, c, v, k); }
LX_FN(cumprod)
static Value cumprod_impl(Family f, int c, const Value *v, Obj *k) { return cum_common(PRIM_cumprod, "cumprod", f, c, v, k); }

/* count_nonzero(a, axis=None, *, keepdims=False) */
LX_FN(count_nonzero)
static Value count_nonzero_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("count_nonzero", argc, argv, kw, "a|axis,$keepdims", a) < 0) return val_null();
  Value x = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  Value b = lx_binary(fam, PRIM_ne, x, val_int(0));
  val_decref(x);
  if (VAL_IS_NULL(b)) return b;
  DType d = fam == FAM_NP ? DT_INT64 : arr_default_int(lx_promo(fam));
  Value bi = lx_convert(b, d, 0);
  val_decref(b);
  if (VAL_IS_NULL(bi)) return bi;
  Value args[5] = {bi, VAL_IS_NULL(a[1]) ? val_none() : a[1], val_none(), val_none(),
                   VAL_IS_NULL(a[2]) ? val_bool(0) : a[2]};
  Value r = reduce_common(R_SUM, "count_nonzero", fam, 5, args, NULL);
  val_decref(bi);
  return r;
}

/* ptp(a, axis=None, keepdims=False) = max - min */
LX_FN(ptp)
static Value ptp_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("ptp", argc, argv, kw, "a|axis,out,keepdims", a) < 0) return val_null();
  Value args[4] = {a[0], VAL_IS_NULL(a[1]) ? val_none() : a[1], val_none(),
                   VAL_IS_NULL(a[3]) ? val_bool(0) : a[3]};
  Value mx = reduce_common(R_MAX, "ptp", fam, 4, args, NULL);
  if (VAL_IS_NULL(mx)) return mx;
  Value mn = reduce_common(R_MIN, "ptp", fam, 4, args, NULL);
  if (VAL_IS_NULL(mn)) { val_decref(mx); return mn; }
  Value in[2] = {mx, mn};
  Value r = lx_bind1(PRIM_sub, 2, in, NULL);
  val_decref(mx);
  val_decref(mn);
  return r;
}

#define REDUCE_FUNCS(X)                                                                   \
  X(sum, "sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None)") \
  X(prod, "prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None)") \
  X(max, "max(a, axis=None, out=None, keepdims=False, initial=None, where=None)")         \
  X(min, "min(a, axis=None, out=None, keepdims=False, initial=None, where=None)")         \
  X(amax, "amax(a, axis=None, out=None, keepdims=False)")                                \
  X(amin, "amin(a, axis=None, out=None, keepdims=False)")                                \
  X(any, "any(a, axis=None, out=None, keepdims=False, *, where=None)")                   \
  X(all, "all(a, axis=None, out=None, keepdims=False, *, where=None)")                   \
  X(argmax, "argmax(a, axis=None, out=None, *, keepdims=False)")                         \
  X(argmin, "argmin(a, axis=None, out=None, *, keepdims=False)")                         \
  X(cumsum, "cumsum(a, axis=None, dtype=None)")                                          \
  X(cumprod, "cumprod(a, axis=None, dtype=None)")                                        \
  X(count_nonzero, "count_nonzero(a, axis=None, *, keepdims=False)")                     \
  X(ptp, "ptp(a, axis=None, keepdims=False)")

const MethodDef np_reduce_jax[] = {REDUCE_FUNCS(LX_DEF_JAX){NULL}};
const MethodDef np_reduce_np[] = {REDUCE_FUNCS(LX_DEF_NP){NULL}};
