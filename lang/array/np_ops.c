/* np_ops.c - the small helpers every library function is written with: argument parsing
 * (axes, shapes, dtypes), dtype promotion, and one-line wrappers that bind a primitive. */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "core/core.h"
#include "arrobj.h"
#include "prim/prim_ops.h"
#include "arr_half.h"

/* {=== argument parsing ===} */
/* An integer from an int, a bool or a concrete integer array of size 1. */
int lx_as_int(Value v, int64_t *out) {
  if (VAL_IS_INTLIKE(v)) { *out = v.u.i; return 0; }
  Array *a = lx_arr(v);
  if (a && a->size == 1 && (dt_is_int(a->dtype) || a->dtype == DT_BOOL)) {
    *out = arr_get_i(a, 0);
    return 0;
  }
  if (lx_tracer_kind(v)) {
    Value c = lx_concrete(v, "an integer argument");
    if (VAL_IS_NULL(c)) return -1;
    int r = lx_as_int(c, out);
    val_decref(c);
    return r;
  }
  obj_raise(&exc_TypeError, "'%s' object cannot be interpreted as an integer",
            op_type_name(v));
  return -1;
}

static int axis_error(int64_t axis, int ndim) {
  obj_raise(&exc_ValueError, "axis %lld is out of bounds for array of dimension %d",
            (long long)axis, ndim);
  return -1;
}

int lx_parse_axis(Value axis, int ndim, int *out) {
  int64_t a;
  if (lx_as_int(axis, &a) < 0) return -1;
  if (a < -ndim || a >= ndim) return axis_error(a, ndim);
  *out = (int)(a < 0 ? a + ndim : a);
  return 0;
}

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

int lx_parse_axes(Value axis, int ndim, int *axes, int *all) {
  *all = 0;
  if (VAL_IS_NULL(axis) || VAL_IS_NONE(axis)) {
    *all = 1;
    for (int i = 0; i < ndim; i++) axes[i] = i;
    return ndim;
  }
  if (VAL_IS_TUPLE(axis) || VAL_IS_LIST(axis)) {
    int64_t n = VAL_IS_TUPLE(axis) ? TUPLE(axis.u.o)->len : LIST(axis.u.o)->len;
    const Value *it = VAL_IS_TUPLE(axis) ? TUPLE(axis.u.o)->items : LIST(axis.u.o)->items;
    if (n > ndim) {
      /* either a duplicate or out of range: find which for the message */
    }
    int k = 0;
    for (int64_t i = 0; i < n; i++) {
      int a;
      if (lx_parse_axis(it[i], ndim, &a) < 0) return -1;
      for (int j = 0; j < k; j++)
        if (axes[j] == a) {
          obj_raise(&exc_ValueError, "duplicate value in 'axis'");
          return -1;
        }
      if (k >= ARR_MAXDIM) { obj_raise(&exc_ValueError, "too many axes"); return -1; }
      axes[k++] = a;
    }
    qsort(axes, (size_t)k, sizeof(int), cmp_int);
    return k;
  }
  int a;
  if (lx_parse_axis(axis, ndim, &a) < 0) return -1;
  axes[0] = a;
  return 1;
}

int lx_parse_shape(Value v, int64_t *shape) {
  int64_t n;
  if (VAL_IS_TUPLE(v) || VAL_IS_LIST(v)) {
    n = VAL_IS_TUPLE(v) ? TUPLE(v.u.o)->len : LIST(v.u.o)->len;
    const Value *it = VAL_IS_TUPLE(v) ? TUPLE(v.u.o)->items : LIST(v.u.o)->items;
    if (n > ARR_MAXDIM) {
      obj_raise(&exc_ValueError, "maximum supported dimension for an ndarray is %d, found %lld",
                ARR_MAXDIM, (long long)n);
      return -1;
    }
    for (int64_t i = 0; i < n; i++)
      if (lx_as_int(it[i], &shape[i]) < 0) return -1;
  } else {
    n = 1;
    if (lx_as_int(v, &shape[0]) < 0) return -1;
  }
  for (int64_t i = 0; i < n; i++)
    if (shape[i] < 0) {
      obj_raise(&exc_ValueError, "negative dimensions are not allowed");
      return -1;
    }
  return (int)n;
}

/* {=== typed element access ===} */
void lx_store_f(DType d, void *p, double v) {
  switch (d) {
    case DT_BOOL: *(uint8_t *)p = v != 0; break;
    case DT_UINT8: *(uint8_t *)p = (uint8_t)(int64_t)v; break;
    case DT_UINT32: *(uint32_t *)p = (uint32_t)(int64_t)v; break;
    case DT_INT32: *(int32_t *)p = (int32_t)(int64_t)v; break;
    case DT_INT64: *(int64_t *)p = isfinite(v) && fabs(v) < 9.2e18 ? (int64_t)v : INT64_MIN; break;
    case DT_FLOAT32: *(float *)p = (float)v; break;
    case DT_FLOAT64: *(double *)p = v; break;
    case DT_FLOAT16: case DT_BFLOAT16: *(uint16_t *)p = arr_f64_to_half(d == DT_BFLOAT16, v); break;
    default: break;
  }
}

void lx_store_i(DType d, void *p, int64_t v) {
  switch (d) {
    case DT_BOOL: *(uint8_t *)p = v != 0; break;
    case DT_UINT8: *(uint8_t *)p = (uint8_t)v; break;
    case DT_UINT32: *(uint32_t *)p = (uint32_t)v; break;
    case DT_INT32: *(int32_t *)p = (int32_t)v; break;
    case DT_INT64: *(int64_t *)p = v; break;
    case DT_FLOAT32: *(float *)p = (float)v; break;
    case DT_FLOAT64: *(double *)p = (double)v; break;
    case DT_FLOAT16: case DT_BFLOAT16: *(uint16_t *)p = arr_f64_to_half(d == DT_BFLOAT16, (double)v); break;
    default: break;
  }
}

/* {=== promotion ===} */
static int pyscalar(Value v) { return v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL; }

static Value scalar_value(Value v, DType d, int weak, Family f) {
  Array *a = v.tag == V_FLOAT ? arr_scalar_f(d, v.u.f) : arr_scalar_i(d, v.u.i);
  if (!a) return lx_raise_engine(f);
  if (weak && f == FAM_JAX) a->flags |= ARR_WEAK;
  return f == FAM_NP ? lx_wrap_scalar(a, f) : lx_wrap(a, f);
}

Value lx_convert(Value x, DType d, int weak) {
  AVal av;
  if (pyscalar(x)) {
    Family f = lx_default_family;
    return scalar_value(x, d, weak, f);
  }
  if (lx_aval(x, &av) < 0) return val_null();
  if (av.dtype == d && av.weak == (weak != 0)) return val_incref(x);
  if (av.dtype == d && lx_family(x) == FAM_NP) return val_incref(x);
  /* jax.numpy's float -> int saturates as XLA's convert does; NumPy's wraps */
  int sat = lx_family(x) == FAM_JAX && dt_is_float(av.dtype) && dt_is_int(d);
  PConvert pc = {d, weak != 0, sat};
  return lx_bind1(PRIM_convert, 1, &x, &pc);
}

static int promote_common(Family f, int n, const Value *in, DType *rt, int *rw) {
  DType dts_s[8] = {0};
  uint8_t wk_s[8] = {0};
  DType *dts = dts_s;
  uint8_t *wk = wk_s;
  if (n > 8) {
    dts = malloc(sizeof(DType) * n);
    wk = malloc((size_t)n);
    if (!dts || !wk) { free(dts); free(wk); obj_raise_nomem(); return -1; }
  }
  PromoMode mode = lx_promo(f);
  int rc = 0;
  for (int i = 0; i < n; i++) {
    Value v = in[i];
    if (v.tag == V_INT && f == FAM_JAX && !lx_flag_x64 && (v.u.i < INT32_MIN || v.u.i > INT32_MAX)) {
      /* JAX parses a Python int as a weak int32 first: one that does not fit is an error, not
       * a silent wrap (which made fori_loop bounds and sums quietly wrong) */
      obj_raise(&exc_OverflowError, "Python int %lld too large to convert to int32", (long long)v.u.i);
      rc = -1;
      break;
    }
    if (pyscalar(v)) {
      dts[i] = v.tag == V_BOOL ? DT_BOOL : v.tag == V_INT ? arr_default_int(mode)
                                                          : arr_default_float(mode);
      wk[i] = v.tag != V_BOOL;
    } else {
      AVal av;
      if (lx_aval(v, &av) < 0) { rc = -1; break; }
      dts[i] = av.dtype;
      wk[i] = av.weak;
    }
  }
  if (rc == 0) {
    arr_result_type(n, dts, wk, mode, rt, rw);
    if (f == FAM_NP) *rw = 0;
  }
  if (dts != dts_s) { free(dts); free(wk); }
  return rc;
}

/* NumPy 2 (NEP 50): a Python int operand of a ufunc takes the array's integer dtype and must fit
 * it (where() and clip() still wrap or clip). 1 above the dtype's range, -1 below, 0 inside (or
 * not an integer dtype). */
static int int_outside(int64_t v, DType d) {
  int64_t lo, hi;
  switch (d) {
    case DT_UINT8: lo = 0; hi = 255; break;
    case DT_UINT32: lo = 0; hi = 4294967295LL; break;
    case DT_INT32: lo = INT32_MIN; hi = INT32_MAX; break;
    default: return 0;
  }
  return v > hi ? 1 : v < lo ? -1 : 0;
}

int lx_np_check_ints(Family f, DType rt, int n, const Value *in) {
  if (f != FAM_NP) return 0;
  for (int i = 0; i < n; i++)
    if (in[i].tag == V_INT && int_outside(in[i].u.i, rt)) {
      obj_raise(&exc_OverflowError, "Python integer %lld out of bounds for %s", (long long)in[i].u.i,
                arr_dtypes[rt].name);
      return -1;
    }
  return 0;
}

static int promote_into(Family f, DType rt, int rw, int n, const Value *in, Value *out) {
  for (int i = 0; i < n; i++) out[i] = val_null();
  for (int i = 0; i < n; i++) {
    Value v = in[i];
    if (pyscalar(v)) out[i] = scalar_value(v, rt, rw, f);
    else {
      AVal av;
      if (lx_aval(v, &av) < 0) goto fail;
      if (av.dtype == rt) out[i] = val_incref(v);
      else {
        PConvert pc = {rt, rw, 0};
        out[i] = lx_bind1(PRIM_convert, 1, &v, &pc);
      }
    }
    if (VAL_IS_NULL(out[i])) goto fail;
  }
  return (int)rt;
fail:
  for (int i = 0; i < n; i++) val_clear(&out[i]);
  return -1;
}

int lx_promote(Family f, int n, const Value *in, Value *out) {
  DType rt;
  int rw;
  if (promote_common(f, n, in, &rt, &rw) < 0) return -1;
  return promote_into(f, rt, rw, n, in, out);
}

int lx_result_dtype(Family f, int n, const Value *in, int *weak) {
  DType rt;
  int rw;
  if (promote_common(f, n, in, &rt, &rw) < 0) return -1;
  if (weak) *weak = rw;
  return (int)rt;
}

int lx_promote_to(Family f, DType d, int n, const Value *in, Value *out) {
  return promote_into(f, d, 0, n, in, out);
}

int lx_promote_tw(Family f, DType d, int weak, int n, const Value *in, Value *out) {
  return promote_into(f, d, f == FAM_NP ? 0 : weak, n, in, out);
}

/* {=== one-line binds ===} */
Value lx_unary(PrimId id, Value x) { return lx_bind1(id, 1, &x, NULL); }

/* jnp broadcasts operands of different ranks with broadcast_shapes first: an incompatible
 * pair raises its ValueError there (same ranks reach the primitive's TypeError); three
 * operands (where) always go through broadcast_shapes */
int lx_check_broadcast(Family f, int n, const Value *in) {
  if (f != FAM_JAX || n > 8) return 0;
  AVal av[8];
  int nd = 0, mixed = 0;
  for (int i = 0; i < n; i++) {
    if (!lx_is_arraylike(in[i])) { av[i].ndim = 0; continue; }
    if (lx_aval(in[i], &av[i]) < 0) { obj_err_clear(); return 0; }
  }
  for (int i = 0; i < n; i++) {
    if (i && av[i].ndim != av[0].ndim) mixed = 1;
    if (av[i].ndim > nd) nd = av[i].ndim;
  }
  if (!mixed && n < 3) return 0;
  for (int k = 1; k <= nd; k++) {
    int64_t d = 1;
    for (int i = 0; i < n; i++) {
      if (av[i].ndim < k) continue;
      int64_t e = av[i].shape[av[i].ndim - k];
      if (e == 1) continue;
      if (d != 1 && e != d) {
        char buf[1600];
        size_t m = 0;
        for (int j = 0; j < n && m < sizeof buf; j++) {
          char one[400];
          arr_shape_str(av[j].shape, av[j].ndim, one, sizeof one);
          m += (size_t)snprintf(buf + m, sizeof buf - m, "%s%s", j ? ", " : "", one);
        }
        obj_raise(&exc_ValueError, "Incompatible shapes for broadcasting: shapes=[%s]", buf);
        return -1;
      }
      d = e;
    }
  }
  return 0;
}

/* NumPy 2 compares an integer array with a Python int outside its dtype's range exactly: the
 * answer is the same for every element. r: the bool result shaped as the array operand. */
static int np_cmp_outside(PrimId id, Value a, Value b, Value *r) {
  int k = a.tag == V_INT ? 0 : b.tag == V_INT ? 1 : -1;
  if (k < 0) return 0;
  Value arr = k == 0 ? b : a;
  if (pyscalar(arr)) return 0;
  AVal av;
  if (lx_aval(arr, &av) < 0) return -1;
  int side = int_outside((k == 0 ? a : b).u.i, av.dtype);   /* the int against the range */
  if (!side) return 0;
  int c;
  if (id == PRIM_eq) c = 0;
  else if (id == PRIM_ne) c = 1;
  else {
    /* array < int (or int > array) holds everywhere iff the int is above the range */
    int arr_less = (id == PRIM_lt || id == PRIM_le) == (k == 1);
    c = arr_less ? side > 0 : side < 0;
  }
  Value in[2] = {arr, arr};
  Value t = lx_bind1(PRIM_eq, 2, in, NULL);   /* all True, shaped (and scalar) as arr: ints */
  if (VAL_IS_NULL(t)) return -1;
  if (!c) {
    Value nt = lx_unary(PRIM_not, t);
    val_decref(t);
    t = nt;
    if (VAL_IS_NULL(t)) return -1;
  }
  *r = t;
  return 1;
}

Value lx_binary(Family f, PrimId id, Value a, Value b) {
  Value in[2] = {a, b}, p[2];
  if (lx_check_broadcast(f, 2, in) < 0) return val_null();
  if (f == FAM_NP && (id == PRIM_eq || id == PRIM_ne || id == PRIM_lt || id == PRIM_le ||
                      id == PRIM_gt || id == PRIM_ge)) {
    Value r;
    int k = np_cmp_outside(id, a, b, &r);
    if (k < 0) return val_null();
    if (k) return r;
  }
  if (lx_promote(f, 2, in, p) < 0) return val_null();   /* keeps the weak type */
  Value r = lx_bind1(id, 2, p, NULL);
  val_decref(p[0]);
  val_decref(p[1]);
  return r;
}

static int same_shape(const AVal *av, int ndim, const int64_t *shape) {
  if (av->ndim != ndim) return 0;
  for (int i = 0; i < ndim; i++) if (av->shape[i] != shape[i]) return 0;
  return 1;
}

Value lx_reshape(Value x, int ndim, const int64_t *shape) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  if (same_shape(&av, ndim, shape) && !pyscalar(x)) return val_incref(x);
  PShape ps;
  memset(&ps, 0, sizeof ps);
  ps.ndim = ndim;
  memcpy(ps.shape, shape, sizeof(int64_t) * ndim);
  return lx_bind1(PRIM_reshape, 1, &x, &ps);
}

Value lx_broadcast_to(Value x, int ndim, const int64_t *shape) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  if (same_shape(&av, ndim, shape) && !pyscalar(x)) return val_incref(x);
  if (av.ndim > ndim) {
    char b1[400], b2[400];
    arr_shape_str(av.shape, av.ndim, b1, sizeof b1);
    arr_shape_str(shape, ndim, b2, sizeof b2);
    return obj_raise(&exc_ValueError,
                     "cannot broadcast an array of shape %s to the requested shape %s "
                     "(it has more dimensions)", b1, b2);
  }
  PBroadcast pb;
  memset(&pb, 0, sizeof pb);
  pb.ndim = ndim;
  memcpy(pb.shape, shape, sizeof(int64_t) * ndim);
  for (int i = 0; i < av.ndim; i++) pb.bdims[i] = ndim - av.ndim + i;
  return lx_bind1(PRIM_broadcast_in_dim, 1, &x, &pb);
}

Value lx_transpose(Value x, const int *perm) {   /* perm NULL: reverse the axes */
  if (perm) return t_transpose(x, perm);
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  int rev[ARR_MAXDIM];
  for (int i = 0; i < av.ndim; i++) rev[i] = av.ndim - 1 - i;
  return t_transpose(x, rev);
}

Value lx_expand_dims(Value x, int axis) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  int64_t shape[ARR_MAXDIM];
  if (av.ndim + 1 > ARR_MAXDIM) return obj_raise(&exc_ValueError, "too many dimensions");
  for (int i = 0, j = 0; i <= av.ndim; i++) shape[i] = i == axis ? 1 : av.shape[j++];
  return lx_reshape(x, av.ndim + 1, shape);
}

Value lx_reduce(PrimId id, Value x, int naxes, const int *axes) {
  PAxes pa;
  memset(&pa, 0, sizeof pa);
  pa.naxes = naxes;
  memcpy(pa.axes, axes, sizeof(int) * naxes);
  return lx_bind1(id, 1, &x, &pa);
}

Value lx_slice(Value x, const int64_t *start, const int64_t *limit, const int64_t *stride) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  for (int i = 0; i < av.ndim; i++)   /* the whole array: no new view */
    if (start[i] != 0 || limit[i] != av.shape[i] || (stride && stride[i] != 1))
      return t_slice(x, start, limit, stride);
  return val_incref(x);
}

Value lx_rev(Value x, int naxes, const int *axes) {
  if (naxes == 0) return val_incref(x);
  PAxes pa;
  memset(&pa, 0, sizeof pa);
  pa.naxes = naxes;
  memcpy(pa.axes, axes, sizeof(int) * naxes);
  return lx_bind1(PRIM_rev, 1, &x, &pa);
}

Value lx_concat(int n, const Value *xs, int axis) {
  PAxis pa = {axis};
  return lx_bind1(PRIM_concatenate, n, xs, &pa);
}

static Family family3(Value a, Value b, Value c) {
  int fa = lx_family(a), fb = lx_family(b), fc = lx_family(c);
  if (fa == FAM_JAX || fb == FAM_JAX || fc == FAM_JAX) return FAM_JAX;
  return (fa == FAM_NP || fb == FAM_NP || fc == FAM_NP) ? FAM_NP : FAM_JAX;
}

Value lx_select(Value pred, Value on_true, Value on_false) {
  Family f = family3(pred, on_true, on_false);
  Value tf[2] = {on_true, on_false}, p[2];
  if (lx_promote(f, 2, tf, p) < 0) return val_null();
  Value pb = lx_convert(pred, DT_BOOL, 0);
  Value r = val_null();
  if (!VAL_IS_NULL(pb)) {
    /* the engine's select is (pred ? on_true : on_false) */
    Value in[3] = {pb, p[0], p[1]};
    r = lx_bind1(PRIM_select, 3, in, NULL);
    val_decref(pb);
  }
  val_decref(p[0]);
  val_decref(p[1]);
  return r;
}

Value lx_fill(Family f, DType d, int ndim, const int64_t *shape, double v, int weak) {
  if (f == FAM_JAX && ndim > 0 && lx_current()->level > 0) {
    /* under a transformation, jnp.zeros/ones/full are a broadcast of the scalar bound at the
     * current interpreter, as JAX's lax.full: jit stages it, where a filled array would become a
     * full-size constant held by the graph (and read from memory by its kernels) */
    AVal av;
    memset(&av, 0, sizeof av);
    av.dtype = d;
    av.ndim = ndim;
    av.weak = (uint8_t)weak;
    memcpy(av.shape, shape, sizeof(int64_t) * (size_t)ndim);
    return t_full(&av, v);
  }
  Value r = lx_full(f, d, ndim, shape, v);
  Array *a = lx_arr(r);
  if (weak && a) a->flags |= ARR_WEAK;
  return r;
}

Value lx_full(Family f, DType d, int ndim, const int64_t *shape, double v) {
  Array *a = arr_new(d, ndim, shape);
  if (!a) return lx_raise_engine(f);
  char *p = arr_data(a);
  int sz = dt_size(d);
  if (v == 0 && !signbit(v)) memset(p, 0, (size_t)(a->size * sz));
  else {
    lx_store_f(d, p, v);
    for (int64_t i = 1; i < a->size; i++) memcpy(p + i * sz, p, (size_t)sz);
  }
  return lx_wrap(a, f);
}

Value lx_iota(Family f, DType d, int64_t n) {
  int64_t shape[1] = {n};
  Array *a = arr_new(d, 1, shape);
  if (!a) return lx_raise_engine(f);
  char *p = arr_data(a);
  int sz = dt_size(d);
  for (int64_t i = 0; i < n; i++) lx_store_i(d, p + i * sz, i);
  return lx_wrap(a, f);
}

Value lx_dot_general(Value a, Value b, const PDot *dn) { return t_dot_general(a, b, dn); }
