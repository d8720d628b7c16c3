/* np_shape.c - shape manipulation: reshape, ravel, transpose, swapaxes, moveaxis, expand_dims,
 * squeeze, concatenate, stack, flip, broadcast_to, pad (constant). */
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "arrobj.h"


static int has(Value v) { return !VAL_IS_NULL(v) && !VAL_IS_NONE(v); }
static int is_seq(Value v) { return VAL_IS_LIST(v) || VAL_IS_TUPLE(v); }

LX_FN(reshape)
static Value reshape_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("reshape", argc, argv, kw, "a|shape,order,$newshape", a) < 0) return val_null();
  Value shape = has(a[1]) ? a[1] : a[3];
  if (!has(shape)) return obj_raise(&exc_TypeError, "reshape() missing required argument 'shape'");
  if (has(a[2]) && (!VAL_IS_STR(a[2]) || strcmp(str_cstr(a[2]), "C")))
    return obj_raise(&exc_NotImplementedError, "reshape: only order='C' is supported");
  Value x = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  Value r = lx_reshape_method(x, 1, &shape);
  val_decref(x);
  return r;
}

LX_FN(ravel)
static Value ravel_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("ravel", argc, argv, kw, "a|order", a) < 0) return val_null();
  Value x = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  AVal av;
  if (lx_aval(x, &av) < 0) { val_decref(x); return val_null(); }
  int64_t n = 1;
  for (int i = 0; i < av.ndim; i++) n *= av.shape[i];
  Value r = lx_reshape(x, 1, &n);
  val_decref(x);
  return r;
}

LX_FN(transpose)
static Value transpose_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("transpose", argc, argv, kw, "a|axes", a) < 0) return val_null();
  Value x = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  Value r = has(a[1]) ? lx_transpose_method(x, 1, &a[1]) : lx_transpose(x, NULL);
  val_decref(x);
  return r;
}

LX_FN(permute_dims)
static Value permute_dims_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  return transpose_impl(fam, argc, argv, kw);
}

LX_FN(swapaxes)
static Value swapaxes_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("swapaxes", argc, argv, kw, "a,axis1,axis2", a) < 0) return val_null();
  Value x = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  AVal av;
  int i, j;
  Value r = val_null();
  if (lx_aval(x, &av) == 0 && lx_parse_axis(a[1], av.ndim, &i) == 0 &&
      lx_parse_axis(a[2], av.ndim, &j) == 0) {
    int perm[ARR_MAXDIM];
    for (int k = 0; k < av.ndim; k++) perm[k] = k;
    perm[i] = j;
    perm[j] = i;
    r = lx_transpose(x, perm);
  }
  val_decref(x);
  return r;
}

/* a list of normalised axes from an int or a sequence (unique) */
static int axes_list(Value v, int ndim, int *out, const char *what) {
  const Value *it = &v;
  int64_t n = 1;
  if (is_seq(v)) {
    n = VAL_IS_TUPLE(v) ? TUPLE(v.u.o)->len : LIST(v.u.o)->len;
    it = VAL_IS_TUPLE(v) ? TUPLE(v.u.o)->items : LIST(v.u.o)->items;
  }
  if (n > ndim) { obj_raise(&exc_ValueError, "%s: too many axes", what); return -1; }
  for (int64_t i = 0; i < n; i++) {
    if (lx_parse_axis(it[i], ndim, &out[i]) < 0) return -1;
    for (int64_t j = 0; j < i; j++)
      if (out[j] == out[i]) { obj_raise(&exc_ValueError, "repeated axis in `%s` argument", what); return -1; }
  }
  return (int)n;
}

LX_FN(moveaxis)
static Value moveaxis_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("moveaxis", argc, argv, kw, "a,source,destination", a) < 0) return val_null();
  Value x = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  AVal av;
  Value r = val_null();
  int src[ARR_MAXDIM], dst[ARR_MAXDIM];
  if (lx_aval(x, &av) < 0) goto out;
  int ns = axes_list(a[1], av.ndim, src, "source");
  if (ns < 0) goto out;
  int nd = axes_list(a[2], av.ndim, dst, "destination");
  if (nd < 0) goto out;
  if (ns != nd) {
    r = obj_raise(&exc_ValueError, "`source` and `destination` arguments must have the same number of elements");
    goto out;
  }
  {
    int perm[ARR_MAXDIM], used[ARR_MAXDIM] = {0}, placed[ARR_MAXDIM];
    for (int i = 0; i < av.ndim; i++) placed[i] = -1;
    for (int i = 0; i < ns; i++) { placed[dst[i]] = src[i]; used[src[i]] = 1; }
    int k = 0;
    for (int i = 0; i < av.ndim; i++) {
      if (placed[i] >= 0) perm[i] = placed[i];
      else {
        while (used[k]) k++;
        perm[i] = k++;
      }
    }
    r = lx_transpose(x, perm);
  }
out:
  val_decref(x);
  return r;
}

LX_FN(expand_dims)
static Value expand_dims_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("expand_dims", argc, argv, kw, "a,axis", a) < 0) return val_null();
  Value x = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  AVal av;
  Value r = val_null();
  if (lx_aval(x, &av) < 0) goto out;
  {
    int n = is_seq(a[1]) ? (int)(VAL_IS_TUPLE(a[1]) ? TUPLE(a[1].u.o)->len : LIST(a[1].u.o)->len) : 1;
    int outnd = av.ndim + n;
    if (outnd > ARR_MAXDIM) { r = obj_raise(&exc_ValueError, "too many dimensions"); goto out; }
    int axes[ARR_MAXDIM];
    if (axes_list(a[1], outnd, axes, "axis") < 0) goto out;
    int isnew[ARR_MAXDIM] = {0};
    for (int i = 0; i < n; i++) isnew[axes[i]] = 1;
    int64_t shape[ARR_MAXDIM];
    for (int i = 0, j = 0; i < outnd; i++) shape[i] = isnew[i] ? 1 : av.shape[j++];
    r = lx_reshape(x, outnd, shape);
  }
out:
  val_decref(x);
  return r;
}

LX_FN(squeeze)
static Value squeeze_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("squeeze", argc, argv, kw, "a|axis", a) < 0) return val_null();
  Value x = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  AVal av;
  Value r = val_null();
  if (lx_aval(x, &av) < 0) goto out;
  {
    int drop[ARR_MAXDIM] = {0};
    if (has(a[1])) {
      int axes[ARR_MAXDIM];
      int n = axes_list(a[1], av.ndim, axes, "axis");
      if (n < 0) goto out;
      for (int i = 0; i < n; i++) {
        if (av.shape[axes[i]] != 1) {
          r = obj_raise(&exc_ValueError, fam == FAM_NP
                        ? "cannot select an axis to squeeze out which has size not equal to one"
                        : "cannot select an axis to squeeze out which has size not equal to one, got shape=(%lld) and dimensions=(%d,)",
                        (long long)av.shape[axes[i]], axes[i]);
          goto out;
        }
        drop[axes[i]] = 1;
      }
    } else {
      for (int i = 0; i < av.ndim; i++) drop[i] = av.shape[i] == 1;
    }
    int64_t shape[ARR_MAXDIM];
    int nd = 0;
    for (int i = 0; i < av.ndim; i++) if (!drop[i]) shape[nd++] = av.shape[i];
    r = lx_reshape(x, nd, shape);
  }
out:
  val_decref(x);
  return r;
}

/* the array-likes of a sequence argument, converted to the family */
static int seq_arrays(Value seq, Family fam, Value **out, const char *what) {
  if (!is_seq(seq)) {
    if (lx_is_arraylike(seq)) {
      /* iterate over the first axis */
      AVal av;
      if (lx_aval(seq, &av) < 0) return -1;
      if (av.ndim == 0) { obj_raise(&exc_ValueError, "%s: need at least one array", what); return -1; }
      int64_t n = av.shape[0];
      *out = obj_calloc((size_t)(n ? n : 1), sizeof(Value));
      if (!*out) return -1;
      for (int64_t i = 0; i < n; i++) {
        (*out)[i] = lx_getitem(seq, val_int(i));
        if (VAL_IS_NULL((*out)[i])) {
          for (int64_t j = 0; j < i; j++) val_decref((*out)[j]);
          obj_mfree(*out);
          return -1;
        }
      }
      return (int)n;
    }
    obj_raise(&exc_TypeError, "%s: expected a sequence of arrays, got %s", what, op_type_name(seq));
    return -1;
  }
  int64_t n = VAL_IS_TUPLE(seq) ? TUPLE(seq.u.o)->len : LIST(seq.u.o)->len;
  const Value *it = VAL_IS_TUPLE(seq) ? TUPLE(seq.u.o)->items : LIST(seq.u.o)->items;
  if (n == 0) { obj_raise(&exc_ValueError, "need at least one array to %s", what); return -1; }
  if (n > 100000) { obj_raise(&exc_ValueError, "%s: too many arrays", what); return -1; }
  *out = obj_calloc((size_t)n, sizeof(Value));
  if (!*out) return -1;
  for (int64_t i = 0; i < n; i++) {
    Value v = it[i];
    (*out)[i] = (v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL) && fam == FAM_JAX
                    ? val_incref(v) : lx_asarray(v, fam, -1, 0);
    if (VAL_IS_NULL((*out)[i])) {
      for (int64_t j = 0; j < i; j++) val_decref((*out)[j]);
      obj_mfree(*out);
      return -1;
    }
  }
  return (int)n;
}

static void free_vals(Value *v, int n) {
  for (int i = 0; i < n; i++) val_decref(v[i]);
  obj_mfree(v);
}

static Value concat_arrays(Family fam, int n, Value *xs, int axis_none, int64_t axis_in, int dt) {
  Value *p = obj_calloc((size_t)n, sizeof(Value));
  if (!p) return val_null();
  Value r = val_null();
  int k;
  if (dt >= 0) k = lx_promote_to(fam, (DType)dt, n, xs, p);
  else k = lx_promote(fam, n, xs, p);
  if (k < 0) { obj_mfree(p); return r; }
  if (axis_none) {
    for (int i = 0; i < n; i++) {
      AVal av;
      if (lx_aval(p[i], &av) < 0) goto out;
      int64_t m = 1;
      for (int q = 0; q < av.ndim; q++) m *= av.shape[q];
      Value f = lx_reshape(p[i], 1, &m);
      if (VAL_IS_NULL(f)) goto out;
      val_decref(p[i]);
      p[i] = f;
    }
    axis_in = 0;
  }
  {
    AVal a0;
    if (lx_aval(p[0], &a0) < 0) goto out;
    if (a0.ndim == 0) {
      r = obj_raise(&exc_ValueError, "zero-dimensional arrays cannot be concatenated");
      goto out;
    }
    if (axis_in < -a0.ndim || axis_in >= a0.ndim) {
      r = obj_raise(&exc_ValueError, "axis %lld is out of bounds for array of dimension %d",
                    (long long)axis_in, a0.ndim);
      goto out;
    }
    int axis = (int)(axis_in < 0 ? axis_in + a0.ndim : axis_in);
    if (fam == FAM_NP) {
      for (int i = 1; i < n; i++) {
        AVal ai;
        if (lx_aval(p[i], &ai) < 0) goto out;
        if (ai.ndim != a0.ndim) {
          r = obj_raise(&exc_ValueError, "all the input arrays must have same number of "
                        "dimensions, but the array at index 0 has %d dimension(s) and the array "
                        "at index %d has %d dimension(s)", a0.ndim, i, ai.ndim);
          goto out;
        }
        for (int d = 0; d < a0.ndim; d++)
          if (d != axis && ai.shape[d] != a0.shape[d]) {
            r = obj_raise(&exc_ValueError, "all the input array dimensions except for the "
                          "concatenation axis must match exactly, but along dimension %d, the "
                          "array at index 0 has size %lld and the array at index %d has size %lld",
                          d, (long long)a0.shape[d], i, (long long)ai.shape[d]);
            goto out;
          }
      }
    }
    r = n == 1 ? (fam == FAM_NP ? lx_asarray(p[0], fam, -1, 1) : val_incref(p[0])) : lx_concat(n, p, axis);
  }
out:
  free_vals(p, n);
  return r;
}

LX_FN(concatenate)
static Value concatenate_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("concatenate", argc, argv, kw, "arrays|axis,out,$dtype", a) < 0) return val_null();
  int64_t axis = 0;
  int none = !VAL_IS_NULL(a[1]) && VAL_IS_NONE(a[1]);
  if (!VAL_IS_NULL(a[1]) && !none && lx_as_int(a[1], &axis) < 0) return val_null();
  int dt = lx_parse_dtype(a[3], fam);
  if (dt == -2) return val_null();
  Value *xs;
  if (lx_key_seq(a[0])) {   /* key arrays: concatenate their words */
    Value datas = lx_key_datas(a[0], &axis);
    if (VAL_IS_NULL(datas)) return datas;
    int n = seq_arrays(datas, FAM_JAX, &xs, "concatenate");
    val_decref(datas);
    if (n < 0) return val_null();
    Value d = concat_arrays(FAM_JAX, n, xs, 0, axis, -1);
    free_vals(xs, n);
    if (VAL_IS_NULL(d)) return d;
    Value r = lx_key_wrap(d);
    val_decref(d);
    return r;
  }
  int n = seq_arrays(a[0], fam, &xs, "concatenate");
  if (n < 0) return val_null();
  Value r = concat_arrays(fam, n, xs, none, axis, dt);
  free_vals(xs, n);
  return r;
}

LX_FN(stack)
static Value stack_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("stack", argc, argv, kw, "arrays|axis,out,$dtype", a) < 0) return val_null();
  int64_t axis = 0;
  if (has(a[1]) && lx_as_int(a[1], &axis) < 0) return val_null();
  int dt = lx_parse_dtype(a[3], fam);
  if (dt == -2) return val_null();
  Value *xs;
  int n = seq_arrays(a[0], fam, &xs, "stack");
  if (n < 0) return val_null();
  Value r = val_null();
  AVal a0;
  if (lx_aval(xs[0], &a0) < 0) goto out;
  for (int i = 1; i < n; i++) {
    AVal ai;
    if (lx_aval(xs[i], &ai) < 0) goto out;
    int same = ai.ndim == a0.ndim;
    for (int d = 0; same && d < a0.ndim; d++) same = ai.shape[d] == a0.shape[d];
    if (!same) { r = obj_raise(&exc_ValueError, "all input arrays must have the same shape"); goto out; }
  }
  if (axis < -(a0.ndim + 1) || axis > a0.ndim) {
    r = obj_raise(&exc_ValueError, "axis %lld is out of bounds for array of dimension %d",
                  (long long)axis, a0.ndim + 1);
    goto out;
  }
  if (axis < 0) axis += a0.ndim + 1;
  for (int i = 0; i < n; i++) {
    Value e = lx_expand_dims(xs[i], (int)axis);
    if (VAL_IS_NULL(e)) goto out;
    val_decref(xs[i]);
    xs[i] = e;
  }
  r = concat_arrays(fam, n, xs, 0, axis, dt);
out:
  free_vals(xs, n);
  return r;
}

LX_FN(flip)
static Value flip_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("flip", argc, argv, kw, "m|axis", a) < 0) return val_null();
  Value x = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  AVal av;
  Value r = val_null();
  if (lx_aval(x, &av) == 0) {
    int axes[ARR_MAXDIM], all;
    int n = lx_parse_axes(VAL_IS_NULL(a[1]) ? val_none() : a[1], av.ndim, axes, &all);
    if (n >= 0) r = lx_rev(x, n, axes);
  }
  val_decref(x);
  return r;
}

LX_FN(broadcast_to)
static Value broadcast_to_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("broadcast_to", argc, argv, kw, "array,shape", a) < 0) return val_null();
  int64_t shape[ARR_MAXDIM];
  int nd = lx_parse_shape(a[1], shape);
  if (nd < 0) return val_null();
  Value x = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  AVal av;
  if (lx_aval(x, &av) < 0) { val_decref(x); return val_null(); }
  int ok = av.ndim <= nd;
  for (int i = 0; ok && i < av.ndim; i++) {
    int64_t s = av.shape[av.ndim - 1 - i], t = shape[nd - 1 - i];
    if (s != 1 && s != t) ok = 0;
  }
  if (!ok) {
    char b1[400], b2[400];
    arr_shape_str(av.shape, av.ndim, b1, sizeof b1);
    arr_shape_str(shape, nd, b2, sizeof b2);
    val_decref(x);
    if (fam == FAM_NP)
      return obj_raise(&exc_ValueError, "operands could not be broadcast together with remapped "
                       "shapes [original->remapped]: %s  and requested shape %s", b1, b2);
    return obj_raise(&exc_ValueError, "Incompatible shapes for broadcasting: %s and requested "
                     "shape %s", b1, b2);
  }
  Value r = lx_broadcast_to(x, nd, shape);
  val_decref(x);
  return r;
}

/* pad(array, pad_width, mode='constant', constant_values=0) */
static int pad_pairs(Value pw, int ndim, int64_t *lo, int64_t *hi) {
  /* int | (n,) | (before, after) | ((b0, a0), (b1, a1), ...) */
  int64_t v;
  if (!is_seq(pw)) {
    if (lx_as_int(pw, &v) < 0) return -1;
    for (int i = 0; i < ndim; i++) lo[i] = hi[i] = v;
    return 0;
  }
  int64_t n = VAL_IS_TUPLE(pw) ? TUPLE(pw.u.o)->len : LIST(pw.u.o)->len;
  const Value *it = VAL_IS_TUPLE(pw) ? TUPLE(pw.u.o)->items : LIST(pw.u.o)->items;
  if (n >= 1 && !is_seq(it[0])) {
    int64_t b, a;
    if (lx_as_int(it[0], &b) < 0) return -1;
    a = b;
    if (n == 2 && lx_as_int(it[1], &a) < 0) return -1;
    if (n > 2) { obj_raise(&exc_ValueError, "pad_width: unable to broadcast"); return -1; }
    for (int i = 0; i < ndim; i++) { lo[i] = b; hi[i] = a; }
    return 0;
  }
  if (n != ndim && n != 1) {
    obj_raise(&exc_ValueError, "operands could not be broadcast together with remapped shapes "
                               "[original->remapped]: (%lld,2)  and requested shape (%d,2)",
              (long long)n, ndim);
    return -1;
  }
  for (int i = 0; i < ndim; i++) {
    Value p = it[n == 1 ? 0 : i];
    if (!is_seq(p)) {
      if (lx_as_int(p, &v) < 0) return -1;
      lo[i] = hi[i] = v;
      continue;
    }
    int64_t m = VAL_IS_TUPLE(p) ? TUPLE(p.u.o)->len : LIST(p.u.o)->len;
    const Value *q = VAL_IS_TUPLE(p) ? TUPLE(p.u.o)->items : LIST(p.u.o)->items;
    if (m < 1 || m > 2) { obj_raise(&exc_ValueError, "pad_width entries must be pairs"); return -1; }
    if (lx_as_int(q[0], &lo[i]) < 0) return -1;
    hi[i] = lo[i];
    if (m == 2 && lx_as_int(q[1], &hi[i]) < 0) return -1;
  }
  for (int i = 0; i < ndim; i++)
    if (lo[i] < 0 || hi[i] < 0) { obj_raise(&exc_ValueError, "index can't contain negative values"); return -1; }
  return 0;
}

LX_FN(pad)
static Value pad_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("pad", argc, argv, kw, "array,pad_width|mode,$constant_values", a) < 0) return val_null();
  if (has(a[2]) && (!VAL_IS_STR(a[2]) || strcmp(str_cstr(a[2]), "constant")))
    return obj_raise(&exc_NotImplementedError, "pad: only mode='constant' is supported");
  Value x = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  AVal av;
  Value r = val_null(), cv = val_null();
  if (lx_aval(x, &av) < 0) goto out;
  PPad pp;
  memset(&pp, 0, sizeof pp);
  pp.ndim = av.ndim;
  if (pad_pairs(a[1], av.ndim, pp.lo, pp.hi) < 0) goto out;
  for (int i = 0; i < av.ndim; i++)
    if (pp.lo[i] < 0 || pp.hi[i] < 0) {   /* NumPy's and JAX's refusal */
      obj_raise(&exc_ValueError, "index can't contain negative values");
      goto out;
    }
  cv = lx_asarray(has(a[3]) ? a[3] : val_int(0), fam, av.dtype, 0);
  if (VAL_IS_NULL(cv)) goto out;
  {
    AVal ca;
    if (lx_aval(cv, &ca) < 0) goto out;
    if (ca.ndim != 0) { r = obj_raise(&exc_NotImplementedError, "pad: constant_values must be a scalar"); goto out; }
  }
  {
    Value in[2] = {x, cv};
    r = lx_bind1(PRIM_pad, 2, in, &pp);
  }
out:
  val_decref(cv);
  val_decref(x);
  return r;
}

#define SHAPE_FUNCS(X)                                         \
  X(reshape, "reshape(a, shape)")                              \
  X(ravel, "ravel(a)")                                         \
  X(transpose, "transpose(a, axes=None)")                      \
  X(permute_dims, "permute_dims(a, axes=None)")                \
  X(swapaxes, "swapaxes(a, axis1, axis2)")                     \
  X(moveaxis, "moveaxis(a, source, destination)")              \
  X(expand_dims, "expand_dims(a, axis)")                       \
  X(squeeze, "squeeze(a, axis=None)")                          \
  X(concatenate, "concatenate(arrays, axis=0)")                \
  X(stack, "stack(arrays, axis=0)")                            \
  X(flip, "flip(m, axis=None)")                                \
  X(broadcast_to, "broadcast_to(array, shape)")                \
  X(pad, "pad(array, pad_width, mode='constant', constant_values=0)")

const MethodDef np_shape_jax[] = {SHAPE_FUNCS(LX_DEF_JAX){NULL}};
const MethodDef np_shape_np[] = {SHAPE_FUNCS(LX_DEF_NP){NULL}};
