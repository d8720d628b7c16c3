/* np_conv.c - conversions between Python values and arrays: asarray (nested lists, scalars,
 * the other family, tracers), item() and tolist(). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "arrobj.h"


static int is_seq(Value v) { return VAL_IS_LIST(v) || VAL_IS_TUPLE(v); }
static int64_t seq_len(Value v) {
  return VAL_IS_LIST(v) ? LIST(v.u.o)->len : TUPLE(v.u.o)->len;
}
static const Value *seq_items(Value v) {
  return VAL_IS_LIST(v) ? LIST(v.u.o)->items : TUPLE(v.u.o)->items;
}

/* {=== nested Python data ===} */
typedef struct Scan {
  int ndim;
  int64_t shape[ARR_MAXDIM];
  int kind;              /* 0 nothing, 1 bool, 2 int, 3 float */
  int has_array;         /* an array or tracer leaf: take the stacking path */
  int64_t imin, imax;
} Scan;

static int inhomogeneous(const Scan *s, int depth) {
  char b[400];
  arr_shape_str(s->shape, depth, b, sizeof b);
  obj_raise(&exc_ValueError,
            "setting an array element with a sequence. The requested array has an "
            "inhomogeneous shape after %d dimensions. The detected shape was %s + "
            "inhomogeneous part.", depth, b);
  return -1;
}

static int scan_value(Value v, int depth, Scan *s) {
  STACK_CHECK_OR(-1);
  if (is_seq(v)) {
    if (depth >= s->ndim) return inhomogeneous(s, depth);
    int64_t n = seq_len(v);
    if (n != s->shape[depth]) return inhomogeneous(s, depth);
    const Value *it = seq_items(v);
    for (int64_t i = 0; i < n; i++)
      if (scan_value(it[i], depth + 1, s) < 0) return -1;
    return 0;
  }
  if (v.tag == V_OBJ && (lx_is_arr(v) || lx_tracer_kind(v))) {
    s->has_array = 1;
    return 0;
  }
  if (depth != s->ndim) return inhomogeneous(s, depth < s->ndim ? depth : s->ndim);
  switch (v.tag) {
    case V_BOOL: if (s->kind < 1) s->kind = 1; break;
    case V_INT:
      if (s->kind < 2) s->kind = 2;
      if (v.u.i < s->imin) s->imin = v.u.i;
      if (v.u.i > s->imax) s->imax = v.u.i;
      break;
    case V_FLOAT: s->kind = 3; break;
    default:
      if (VAL_IS_STR(v))
        obj_raise(&exc_TypeError, "arrays hold numbers, not strings: got '%s'", str_cstr(v));
      else if (num_is_big(v))   /* no object arrays: NumPy's message for an int64 element */
        obj_raise(&exc_OverflowError, "Python int too large to convert to C long");
      else
        obj_raise(&exc_TypeError, "cannot make an array element from '%s'", op_type_name(v));
      return -1;
  }
  return 0;
}

static void fill(Value v, DType d, char **p) {
  if (is_seq(v)) {
    int64_t n = seq_len(v);
    const Value *it = seq_items(v);
    for (int64_t i = 0; i < n; i++) fill(it[i], d, p);
    return;
  }
  if (v.tag == V_FLOAT) lx_store_f(d, *p, v.u.f);
  else lx_store_i(d, *p, v.u.i);
  *p += dt_size(d);
}

static int int_range(DType d, int64_t *lo, int64_t *hi) {
  switch (d) {
    case DT_UINT8: *lo = 0; *hi = 255; return 1;
    case DT_UINT32: *lo = 0; *hi = 4294967295LL; return 1;
    case DT_INT32: *lo = INT32_MIN; *hi = INT32_MAX; return 1;
    default: return 0;
  }
}

static Value stack_path(Value v, Family f, int dtype);

/* From a Python object (scalar or nested sequences) to a fresh engine array (NULL + error).
 * weak_out: set when the value was a bare Python scalar. */
static Array *lx_from_python(Value v, Family f, int dtype, int *weak_out) {
  Scan s;
  memset(&s, 0, sizeof s);
  s.imin = INT64_MAX;
  s.imax = INT64_MIN;
  if (weak_out) *weak_out = 0;
  /* the shape along the first elements */
  Value cur = v;
  while (is_seq(cur)) {
    if (s.ndim >= ARR_MAXDIM) {
      obj_raise(&exc_ValueError, "too many dimensions (at most %d)", ARR_MAXDIM);
      return NULL;
    }
    int64_t n = seq_len(cur);
    s.shape[s.ndim++] = n;
    if (n == 0) break;
    cur = seq_items(cur)[0];
  }
  if (f == FAM_JAX && s.ndim == 0 && dtype < 0 && num_is_big(v)) {
    /* JAX's own check of a bare Python int against the default int type */
    Value r = op_repr(v);
    if (VAL_IS_NULL(r)) return NULL;
    obj_raise(&exc_OverflowError, "Python int %s too large to convert to %s", str_cstr(r),
              arr_dtypes[arr_default_int(lx_promo(f))].name);
    val_decref(r);
    return NULL;
  }
  if (scan_value(v, 0, &s) < 0) return NULL;
  if (s.has_array) {
    obj_raise(&exc_TypeError, "internal: stacking path");
    return NULL;
  }
  PromoMode mode = lx_promo(f);
  DType d;
  if (dtype >= 0) d = (DType)dtype;
  else if (s.kind == 3 || s.kind == 0) d = arr_default_float(mode);
  else if (s.kind == 2) d = arr_default_int(mode);
  else d = DT_BOOL;
  if (s.kind == 2 && dt_is_int(d)) {
    int64_t lo, hi;
    if (int_range(d, &lo, &hi) && (s.imin < lo || s.imax > hi)) {
      int64_t bad = s.imin < lo ? s.imin : s.imax;
      if (f == FAM_NP)
        obj_raise(&exc_OverflowError, "Python integer %lld out of bounds for %s",
                  (long long)bad, arr_dtypes[d].name);
      else
        obj_raise(&exc_OverflowError, "Python int %lld too large to convert to %s",
                  (long long)bad, arr_dtypes[d].name);
      return NULL;
    }
  }
  Array *a = arr_new(d, s.ndim, s.shape);
  if (!a) { lx_raise_engine(f); return NULL; }
  char *p = arr_data(a);
  fill(v, d, &p);
  if (weak_out && s.ndim == 0 && dtype < 0 && v.tag != V_BOOL) *weak_out = 1;
  return a;
}

/* A list holding arrays (or tracers): convert the leaves and stack them with primitives. */
static Value stack_path(Value v, Family f, int dtype) {
  STACK_CHECK_OR(val_null());
  if (!is_seq(v)) {
    if (f == FAM_NP && (v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL)) {
      /* numpy: Python scalars in array() are strong defaults */
      return lx_asarray(v, f, v.tag == V_BOOL ? DT_BOOL : v.tag == V_INT ? DT_INT64 : DT_FLOAT64, 0);
    }
    return lx_asarray(v, f, -1, 0);
  }
  int64_t n = seq_len(v);
  if (n == 0) return lx_asarray(v, f, dtype, 0);
  if (n > (1 << 24)) return obj_raise(&exc_ValueError, "sequence too long");
  Value *parts = obj_calloc((size_t)n, sizeof(Value));
  Value *prom = obj_calloc((size_t)n, sizeof(Value));
  Value r = val_null();
  if (!parts || !prom) goto out;
  const Value *it = seq_items(v);
  for (int64_t i = 0; i < n; i++) {
    parts[i] = stack_path(it[i], f, -1);
    if (VAL_IS_NULL(parts[i])) goto out;
  }
  if (lx_promote(f, (int)n, parts, prom) < 0) goto out;
  AVal a0;
  if (lx_aval(prom[0], &a0) < 0) goto out;
  for (int64_t i = 0; i < n; i++) {
    AVal ai;
    if (lx_aval(prom[i], &ai) < 0) goto out;
    int same = ai.ndim == a0.ndim;
    for (int k = 0; same && k < ai.ndim; k++) same = ai.shape[k] == a0.shape[k];
    if (!same) {
      char b[400];
      arr_shape_str(a0.shape, a0.ndim, b, sizeof b);
      r = obj_raise(&exc_ValueError,
                    "setting an array element with a sequence. The requested array has an "
                    "inhomogeneous shape after 1 dimensions. The detected shape was (%lld,) + "
                    "inhomogeneous part.", (long long)n);
      goto out;
    }
    Value e = lx_expand_dims(prom[i], 0);
    if (VAL_IS_NULL(e)) goto out;
    val_decref(prom[i]);
    prom[i] = e;
  }
  r = lx_concat((int)n, prom, 0);
out:
  if (parts) for (int64_t i = 0; i < n; i++) val_decref(parts[i]);
  if (prom) for (int64_t i = 0; i < n; i++) val_decref(prom[i]);
  obj_mfree(parts);
  obj_mfree(prom);
  if (!VAL_IS_NULL(r) && dtype >= 0) {
    Value c = lx_convert(r, (DType)dtype, 0);
    val_decref(r);
    r = c;
  }
  return r;
}

static int contains_array(Value v, int depth) {
  if (depth > 64) return 0;
  if (lx_is_arr(v) || lx_tracer_kind(v)) return 1;
  if (!is_seq(v)) return 0;
  int64_t n = seq_len(v);
  const Value *it = seq_items(v);
  for (int64_t i = 0; i < n; i++)
    if (contains_array(it[i], depth + 1)) return 1;
  return 0;
}

/* {=== asarray ===} */
static Array *header_copy(Array *a) {
  int perm[ARR_MAXDIM];
  for (int i = 0; i < a->ndim; i++) perm[i] = i;
  return arr_view_transpose(a, perm);
}

/* an object with a buffer (array.array, bytearray): its items as a 1-D array, as NumPy reads
 * the buffer protocol; item types without a Sable dtype are widened to int64 */
Value lx_from_buffer(Value v, Family f, int dtype) {
  ObjBuffer b;
  if (bytes_view(v, &b) < 0) return val_null();
  int64_t n = b.itemsize > 0 ? b.len / b.itemsize : 0;
  int d = -1;
  switch (b.format) {
    case 'B': d = DT_UINT8; break;
    case '?': d = DT_BOOL; break;
    case 'i': d = DT_INT32; break;
    case 'I': d = DT_UINT32; break;
    case 'l': case 'q': d = b.itemsize == 8 ? DT_INT64 : DT_INT32; break;
    case 'f': d = DT_FLOAT32; break;
    case 'd': d = DT_FLOAT64; break;
  }
  Array *a;
  if (d >= 0) {
    a = arr_from_data((DType)d, 1, &n, b.buf);
  } else {
    a = arr_new(DT_INT64, 1, &n);
    if (a) {
      int64_t *o = arr_data(a);
      const unsigned char *p = b.buf;
      for (int64_t i = 0; i < n; i++, p += b.itemsize) {
        switch (b.format) {
          case 'b': o[i] = *(const int8_t *)p; break;
          case 'h': { int16_t t; memcpy(&t, p, 2); o[i] = t; break; }
          case 'H': { uint16_t t; memcpy(&t, p, 2); o[i] = t; break; }
          default: {
            uint64_t t = 0;
            memcpy(&t, p, b.itemsize < 8 ? (size_t)b.itemsize : 8);
            if (t > (uint64_t)INT64_MAX) {
              arr_release(a);
              return obj_raise(&exc_OverflowError, "buffer item %llu does not fit int64", (unsigned long long)t);
            }
            o[i] = (int64_t)t;
          }
        }
      }
    }
  }
  if (!a) return val_null();
  Value tmp = lx_wrap(a, FAM_NP);
  if (VAL_IS_NULL(tmp)) return tmp;
  Value r = lx_asarray(tmp, f, dtype, 0);
  val_decref(tmp);
  return r;
}

Value lx_asarray(Value v, Family f, int dtype, int copy) {
  if (VAL_IS_OBJ(v) && !VAL_IS_BYTES(v) && op_type(v)->getbuffer && !lx_is_arr(v))
    return lx_from_buffer(v, f, dtype);
  if (lx_is_arr(v)) {
    ArrObj *o = ARROBJ(v.u.o);
    Array *a = o->a;
    Family vf = v.u.o->type == &lx_np_type ? FAM_NP : FAM_JAX;
    if (dtype >= 0) dtype = (int)arr_canonical((DType)dtype, lx_promo(f));
    if (vf == f) {
      if (dtype >= 0 && (int)a->dtype != dtype) {
        PConvert pc = {(DType)dtype, 0, 0};
        Array *c = prim_unary(PRIM_convert, a, &pc);
        if (c && f == FAM_NP && c->buf == a->buf) { Array *cc = arr_copy(c); arr_release(c); c = cc; }
        return lx_wrap(c, f);
      }
      if (copy) {
        Array *c = arr_copy(a);
        if (c && f == FAM_JAX) c->flags = (c->flags & ~ARR_WEAK) | (a->flags & ARR_WEAK);
        return lx_wrap(c, f);
      }
      if (f == FAM_NP && o->npscalar) return lx_wrap(header_copy(a), f);
      return val_incref(v);
    }
    Array *c;
    if (f == FAM_JAX) {
      /* numpy arrays are mutable: the jax array gets its own copy (canonical dtype) */
      DType d = dtype >= 0 ? (DType)dtype : arr_canonical(a->dtype, lx_promo(FAM_JAX));
      if (d != a->dtype) {
        PConvert pc = {d, 0, 0};
        c = prim_unary(PRIM_convert, a, &pc);
        if (c && c->buf == a->buf) { Array *cc = arr_copy(c); arr_release(c); c = cc; }
      } else {
        c = arr_copy(a);
      }
      if (c) c->flags &= ~(ARR_WEAK | ARR_WRITABLE);
    } else {
      /* a numpy view of a jax array shares its (immutable) buffer read-only */
      if (dtype >= 0 && dtype != (int)a->dtype) {
        PConvert pc = {(DType)dtype, 0, 0};
        c = prim_unary(PRIM_convert, a, &pc);
        if (c && c->buf == a->buf) { Array *cc = arr_copy(c); arr_release(c); c = cc; }
        if (c) c->flags |= ARR_WRITABLE;
      } else if (copy) {
        c = arr_copy(a);
        if (c) c->flags |= ARR_WRITABLE;
      } else {
        c = header_copy(a);
        if (c) c->flags &= ~ARR_WRITABLE;
      }
      if (c) c->flags &= ~ARR_WEAK;
    }
    return lx_wrap(c, f);
  }
  if (lx_tracer_kind(v)) {
    if (f == FAM_NP) {
      AVal av;
      char b[400] = "";
      if (lx_aval(v, &av) == 0) arr_shape_str(av.shape, av.ndim, b, sizeof b);
      return obj_raise(&exc_TypeError,
                       "The numpy.ndarray conversion method __array__() was called on a traced "
                       "array with shape %s: numpy functions need concrete values; use "
                       "jax.numpy inside jit/grad/vmap", b);
    }
    if (dtype >= 0) return lx_convert(v, arr_canonical((DType)dtype, lx_promo(f)), 0);
    return val_incref(v);
  }
  if (VAL_IS_OBJ(v) && v.u.o->type == &iter_range_type) {
    Value l = list_from_iterable(v);
    if (VAL_IS_NULL(l)) return l;
    Value r = lx_asarray(l, f, dtype, copy);
    val_decref(l);
    return r;
  }
  if (dtype >= 0) dtype = (int)arr_canonical((DType)dtype, lx_promo(f));
  if (is_seq(v) && contains_array(v, 0)) return stack_path(v, f, dtype);
  int weak = 0;
  Array *a = lx_from_python(v, f, dtype, &weak);
  if (!a) return val_null();
  if (weak && f == FAM_JAX) a->flags |= ARR_WEAK;
  return lx_wrap(a, f);
}

/* {=== to Python ===} */
Value lx_item(Array *a, int64_t flat) {
  switch (a->dtype) {
    case DT_BOOL: return val_bool(arr_get_i(a, flat) != 0);
    case DT_FLOAT32: case DT_FLOAT64: case DT_FLOAT16: case DT_BFLOAT16:
      return val_float(arr_get_f(a, flat));
    default: return val_int(arr_get_i(a, flat));
  }
}

static Value tolist_rec(Array *a, int depth, int64_t *flat) {
  STACK_CHECK_OR(val_null());
  if (depth == a->ndim) return lx_item(a, (*flat)++);
  int64_t n = a->shape[depth];
  Value l = list_new(n);
  if (VAL_IS_NULL(l)) return l;
  for (int64_t i = 0; i < n; i++) {
    Value x = tolist_rec(a, depth + 1, flat);
    if (VAL_IS_NULL(x)) { val_decref(l); return x; }
    val_decref(LIST(l.u.o)->items[i]);
    LIST(l.u.o)->items[i] = x;
  }
  return l;
}

Value lx_tolist(Array *a) {
  int64_t flat = 0;
  if (a->size == 0 && a->ndim > 0) {
    /* shape with a zero: nested empty lists up to the first zero dim */
    return tolist_rec(a, 0, &flat);
  }
  return tolist_rec(a, 0, &flat);
}
