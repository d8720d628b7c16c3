/* np_sort.c - sorting and searching: sort, argsort (the sort primitive), and the eager ones
 * whose result shape depends on the data: unique, nonzero. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "arrobj.h"


static int has(Value v) { return !VAL_IS_NULL(v) && !VAL_IS_NONE(v); }

/* x flattened when axis is None, and the axis to sort along */
static Value sort_operand(Family fam, Value va, Value vaxis, int default_last, int *axis) {
  Value x = lx_asarray(va, fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  AVal av;
  if (lx_aval(x, &av) < 0) { val_decref(x); return val_null(); }
  if (!VAL_IS_NULL(vaxis) && VAL_IS_NONE(vaxis)) {
    int64_t n = 1;
    for (int i = 0; i < av.ndim; i++) n *= av.shape[i];
    Value r = lx_reshape(x, 1, &n);
    val_decref(x);
    *axis = 0;
    return r;
  }
  if (av.ndim == 0) {
    val_decref(x);
    return obj_raise(&exc_ValueError, "axis -1 is out of bounds for array of dimension 0");
  }
  if (VAL_IS_NULL(vaxis)) *axis = default_last ? av.ndim - 1 : 0;
  else if (lx_parse_axis(vaxis, av.ndim, axis) < 0) { val_decref(x); return val_null(); }
  return x;
}

LX_FN(sort)
static Value sort_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[6];
  if (func_parse_args("sort", argc, argv, kw, "a|axis,kind,order,$stable,descending", a) < 0)
    return val_null();
  int axis;
  Value x = sort_operand(fam, a[0], a[1], 1, &axis);
  if (VAL_IS_NULL(x)) return x;
  int desc = 0;
  if (has(a[5]) && (desc = op_truth(a[5])) < 0) { val_decref(x); return val_null(); }
  PSort ps = {axis, 1, desc};
  Value out[1];
  int n = lx_bind(PRIM_sort, 1, &x, &ps, out);
  val_decref(x);
  return n < 0 ? val_null() : out[0];
}

static Value lx_argsort(Family fam, Value x, int axis, int desc) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  DType idt = fam == FAM_NP ? DT_INT64 : arr_default_int(lx_promo(fam));
  Value io = lx_iota(fam, idt, av.shape[axis]);
  if (VAL_IS_NULL(io)) return io;
  /* broadcast the iota along `axis` to x's shape */
  int64_t shp[ARR_MAXDIM];
  for (int i = 0; i < av.ndim; i++) shp[i] = i == axis ? av.shape[axis] : 1;
  Value r1 = lx_reshape(io, av.ndim, shp);
  val_decref(io);
  if (VAL_IS_NULL(r1)) return r1;
  Value idx = lx_broadcast_to(r1, av.ndim, av.shape);
  val_decref(r1);
  if (VAL_IS_NULL(idx)) return idx;
  PSort ps = {axis, 1, desc};
  Value in[2] = {x, idx}, out[2];
  int n = lx_bind(PRIM_sort, 2, in, &ps, out);
  val_decref(idx);
  if (n < 0) return val_null();
  val_decref(out[0]);
  return out[1];
}

LX_FN(argsort)
static Value argsort_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[6];
  if (func_parse_args("argsort", argc, argv, kw, "a|axis,kind,order,$stable,descending", a) < 0)
    return val_null();
  int axis;
  Value x = sort_operand(fam, a[0], a[1], 1, &axis);
  if (VAL_IS_NULL(x)) return x;
  int desc = 0;
  if (has(a[5]) && (desc = op_truth(a[5])) < 0) { val_decref(x); return val_null(); }
  Value r = lx_argsort(fam, x, axis, desc);
  val_decref(x);
  return r;
}

/* {=== eager: nonzero, unique ===} */
Value lx_nonzero(Family fam, Value x0) {
  Value x = lx_asarray(x0, fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  Value c = lx_concrete(x, "nonzero (its result shape depends on the values)");
  val_decref(x);
  if (VAL_IS_NULL(c)) return c;
  Array *a = lx_arr(c);
  if (a->ndim == 0) {
    val_decref(c);
    return obj_raise(&exc_ValueError, "Calling nonzero on 0d arrays is not allowed. Use "
                                      "np.atleast_1d(scalar).nonzero() instead. If the context "
                                      "of this error is of the form `arr[nonzero(cond)]`, just "
                                      "use `arr[cond]`.");
  }
  DType idt = fam == FAM_NP ? DT_INT64 : arr_default_int(lx_promo(fam));
  int64_t cnt = 0;
  int isf = dt_is_float(a->dtype);
  for (int64_t i = 0; i < a->size; i++)
    cnt += isf ? arr_get_f(a, i) != 0 : arr_get_i(a, i) != 0;
  Value t = tuple_new(a->ndim);
  if (VAL_IS_NULL(t)) { val_decref(c); return t; }
  Array *ix[ARR_MAXDIM];
  for (int d = 0; d < a->ndim; d++) {
    ix[d] = arr_new(idt, 1, &cnt);
    if (!ix[d]) {
      for (int e = 0; e < d; e++) arr_release(ix[e]);
      val_decref(t);
      val_decref(c);
      return lx_raise_engine(fam);
    }
  }
  int64_t k = 0, idx[ARR_MAXDIM] = {0};
  for (int64_t i = 0; i < a->size; i++) {
    int nz = isf ? arr_get_f(a, i) != 0 : arr_get_i(a, i) != 0;
    if (nz) {
      for (int d = 0; d < a->ndim; d++) {
        if (idt == DT_INT32) ((int32_t *)arr_data(ix[d]))[k] = (int32_t)idx[d];
        else ((int64_t *)arr_data(ix[d]))[k] = idx[d];
      }
      k++;
    }
    for (int d = a->ndim - 1; d >= 0; d--) {
      if (++idx[d] < a->shape[d]) break;
      idx[d] = 0;
    }
  }
  for (int d = 0; d < a->ndim; d++) TUPLE_SET(t, d, lx_wrap(ix[d], fam));
  val_decref(c);
  return t;
}

LX_FN(nonzero)
static Value nonzero_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("nonzero", argc, argv, kw, "a", a) < 0) return val_null();
  return lx_nonzero(fam, a[0]);
}

typedef struct UEnt { double f; int64_t i; int64_t pos; } UEnt;
static int cmp_f(const void *a, const void *b) {
  const UEnt *x = a, *y = b;
  /* NaN last, ties by position (stable) */
  int xn = isnan(x->f), yn = isnan(y->f);
  if (xn || yn) return xn != yn ? (xn ? 1 : -1) : (x->pos > y->pos) - (x->pos < y->pos);
  if (x->f < y->f) return -1;
  if (x->f > y->f) return 1;
  return (x->pos > y->pos) - (x->pos < y->pos);
}
static int cmp_i(const void *a, const void *b) {
  const UEnt *x = a, *y = b;
  if (x->i < y->i) return -1;
  if (x->i > y->i) return 1;
  return (x->pos > y->pos) - (x->pos < y->pos);
}

LX_FN(unique)
static Value unique_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[8];
  if (func_parse_args("unique", argc, argv, kw,
                      "ar|return_index,return_inverse,return_counts,axis,$equal_nan,size,fill_value",
                      a) < 0)
    return val_null();
  if (has(a[4])) return obj_raise(&exc_NotImplementedError, "unique: axis= is not supported");
  int ri = has(a[1]) ? op_truth(a[1]) : 0, rv = has(a[2]) ? op_truth(a[2]) : 0;
  int rc = has(a[3]) ? op_truth(a[3]) : 0;
  if (ri < 0 || rv < 0 || rc < 0) return val_null();
  int64_t size = -1;
  if (has(a[6]) && lx_as_int(a[6], &size) < 0) return val_null();
  Value x = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  Value c = lx_concrete(x, "unique (its result shape depends on the values)");
  val_decref(x);
  if (VAL_IS_NULL(c)) return c;
  Array *arr = lx_arr(c);
  int64_t n = arr->size;
  int isf = dt_is_float(arr->dtype);
  UEnt *e = obj_calloc((size_t)(n ? n : 1), sizeof(UEnt));
  int64_t *first = NULL, *counts = NULL, *inverse = NULL;
  Value res = val_null();
  if (!e) goto out;
  for (int64_t i = 0; i < n; i++) {
    e[i].pos = i;
    if (isf) e[i].f = arr_get_f(arr, i);
    else e[i].i = arr_get_i(arr, i);
  }
  qsort(e, (size_t)n, sizeof(UEnt), isf ? cmp_f : cmp_i);
  first = obj_calloc((size_t)(n ? n : 1), sizeof(int64_t));
  counts = obj_calloc((size_t)(n ? n : 1), sizeof(int64_t));
  inverse = obj_calloc((size_t)(n ? n : 1), sizeof(int64_t));
  if (!first || !counts || !inverse) goto out;
  int64_t m = 0;
  for (int64_t i = 0; i < n; i++) {
    int same = i > 0 && (isf ? (e[i].f == e[i - 1].f || (isnan(e[i].f) && isnan(e[i - 1].f)))
                             : e[i].i == e[i - 1].i);
    if (!same) { first[m] = e[i].pos; counts[m] = 0; m++; }
    counts[m - 1]++;
    inverse[e[i].pos] = m - 1;
  }
  int64_t outn = size >= 0 ? size : m;
  DType idt = fam == FAM_NP ? DT_INT64 : arr_default_int(lx_promo(fam));
  Array *vals = arr_new(arr->dtype, 1, &outn);
  Array *idxa = ri ? arr_new(idt, 1, &outn) : NULL;
  Array *inva = rv ? arr_new(idt, arr->ndim, arr->shape) : NULL;
  Array *cnta = rc ? arr_new(idt, 1, &outn) : NULL;
  if (!vals || (ri && !idxa) || (rv && !inva) || (rc && !cnta)) {
    arr_release(vals); arr_release(idxa); arr_release(inva); arr_release(cnta);
    lx_raise_engine(fam);
    goto out;
  }
  {
    double fillf = 0;
    int64_t filli = 0;
    int has_fill = has(a[7]);
    if (has_fill) {
      if (a[7].tag == V_FLOAT) fillf = a[7].u.f, filli = (int64_t)a[7].u.f;
      else if (VAL_IS_INTLIKE(a[7])) fillf = (double)a[7].u.i, filli = a[7].u.i;
    }
    int sz = dt_size(arr->dtype);
    for (int64_t k = 0; k < outn; k++) {
      char *p = (char *)arr_data(vals) + k * sz;
      int64_t src = k < m ? first[k] : (m ? first[0] : -1);
      if (k < m || !has_fill) {
        if (src < 0) memset(p, 0, (size_t)sz);
        else if (isf) lx_store_f(arr->dtype, p, arr_get_f(arr, src));
        else {
          int64_t v = arr_get_i(arr, src);
          switch (arr->dtype) {
            case DT_BOOL: case DT_UINT8: *(uint8_t *)p = (uint8_t)v; break;
            case DT_UINT32: *(uint32_t *)p = (uint32_t)v; break;
            case DT_INT32: *(int32_t *)p = (int32_t)v; break;
            default: *(int64_t *)p = v; break;
          }
        }
      } else {
        if (isf) lx_store_f(arr->dtype, p, fillf);
        else switch (arr->dtype) {
            case DT_BOOL: case DT_UINT8: *(uint8_t *)p = (uint8_t)filli; break;
            case DT_UINT32: *(uint32_t *)p = (uint32_t)filli; break;
            case DT_INT32: *(int32_t *)p = (int32_t)filli; break;
            default: *(int64_t *)p = filli; break;
          }
      }
      int64_t iv = k < m ? first[k] : 0, cv = k < m ? counts[k] : 0;
      if (idxa) { if (idt == DT_INT32) ((int32_t *)arr_data(idxa))[k] = (int32_t)iv; else ((int64_t *)arr_data(idxa))[k] = iv; }
      if (cnta) { if (idt == DT_INT32) ((int32_t *)arr_data(cnta))[k] = (int32_t)cv; else ((int64_t *)arr_data(cnta))[k] = cv; }
    }
    if (inva)
      for (int64_t i = 0; i < n; i++) {
        if (idt == DT_INT32) ((int32_t *)arr_data(inva))[i] = (int32_t)inverse[i];
        else ((int64_t *)arr_data(inva))[i] = inverse[i];
      }
  }
  if (!ri && !rv && !rc) {
    res = lx_wrap(vals, fam);
  } else {
    int k = 1 + ri + rv + rc, j = 0;
    res = tuple_new(k);
    if (VAL_IS_NULL(res)) {
      arr_release(vals); arr_release(idxa); arr_release(inva); arr_release(cnta);
      goto out;
    }
    TUPLE_SET(res, j++, lx_wrap(vals, fam));
    if (ri) TUPLE_SET(res, j++, lx_wrap(idxa, fam));
    if (rv) TUPLE_SET(res, j++, lx_wrap(inva, fam));
    if (rc) TUPLE_SET(res, j++, lx_wrap(cnta, fam));
  }
out:
  obj_mfree(e);
  obj_mfree(first);
  obj_mfree(counts);
  obj_mfree(inverse);
  val_decref(c);
  return res;
}

#define SORT_FUNCS(X)                                                   \
  X(sort, "sort(a, axis=-1, *, stable=True, descending=False)")         \
  X(argsort, "argsort(a, axis=-1, *, stable=True, descending=False)")   \
  X(nonzero, "nonzero(a)")                                              \
  X(unique, "unique(ar, return_index=False, return_inverse=False, return_counts=False)")

const MethodDef np_sort_jax[] = {SORT_FUNCS(LX_DEF_JAX){NULL}};
const MethodDef np_sort_np[] = {SORT_FUNCS(LX_DEF_NP){NULL}};
