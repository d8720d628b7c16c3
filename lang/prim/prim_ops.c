/* prim_ops.c - the array operations rules are written with (prim_ops.h), over the emitter, and
 * the list of the primitive families that the engine's table is filled from. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "prim_ops.h"

const Prim *const prim_families[] = {prim_rows_elem, prim_rows_shape, prim_rows_index,
                                     prim_rows_reduce, prim_rows_dot, prim_rows_linalg,
                                     prim_rows_control, prim_rows_coll, NULL};

int t_noop_always(const void *params) { return 1; }

Value t_bind1(PrimId id, int nin, const Value *in, const void *params) {
  Value out[1] = {{0}};
  if (em_bind(id, nin, in, params, out) < 0) return em_null();
  return out[0];
}

/* {=== rule helpers ===} */
void t_clear(Value *v, int n) {
  for (int i = 0; i < n; i++) em_clear(&v[i]);
}

int t_is_float(Value v) {
  AVal av;
  if (em_aval(v, &av) < 0) { em_clear_error(); return 0; }
  return dt_is_float(av.dtype);
}

Value t_scalar(DType d, double v, int weak) {
  Array *a = arr_scalar_f(d, v);
  if (!a) return prim_emitter->raise();
  if (weak) a->flags |= ARR_WEAK;
  return prim_emitter->wrap(a);
}

Value t_bcast_in_dim(Value x, int ndim, const int64_t *shape, const int *bdims) {
  PBroadcast p;
  memset(&p, 0, sizeof p);
  AVal av;
  if (em_aval(x, &av) < 0) return em_null();
  p.ndim = ndim;
  ir_memcpy(p.shape, shape, sizeof(int64_t) * (size_t)ndim);
  ir_memcpy(p.bdims, bdims, sizeof(int) * (size_t)av.ndim);
  return t_bind1(PRIM_broadcast_in_dim, 1, &x, &p);
}

Value t_full(const AVal *av, double v) {
  Value s = t_scalar(av->dtype, v, av->weak);
  if (EM_IS_NULL(s) || av->ndim == 0) return s;
  Value r = t_bcast_in_dim(s, av->ndim, av->shape, NULL);
  em_decref(s);
  return r;
}
Value t_zeros(const AVal *av) { return t_full(av, 0.0); }
Value t_ones(const AVal *av) { return t_full(av, 1.0); }
Value t_full_like(Value x, double v) {
  AVal av;
  if (em_aval(x, &av) < 0) return em_null();
  return t_full(&av, v);
}

Value t_unary(PrimId id, Value x) { return t_bind1(id, 1, &x, NULL); }

Value t_convert(Value x, DType d, int weak) {
  AVal av;
  if (em_aval(x, &av) < 0) return em_null();
  if (av.dtype == d && av.weak == weak) return em_incref(x);
  PConvert p;
  memset(&p, 0, sizeof p);
  p.new_dtype = d;
  p.weak = weak;
  return t_bind1(PRIM_convert, 1, &x, &p);
}

Value t_binary(PrimId id, Value a, Value b) {
  AVal aa, ab;
  if (em_aval(a, &aa) < 0 || em_aval(b, &ab) < 0) return em_null();
  Value in[2] = {a, b};
  Value cb = em_null();
  if (ab.dtype != aa.dtype) {
    cb = t_convert(b, aa.dtype, ab.weak);
    if (EM_IS_NULL(cb)) return cb;
    in[1] = cb;
  }
  Value r = t_bind1(id, 2, in, NULL);
  em_decref(cb);
  return r;
}
Value t_add(Value a, Value b) { return t_binary(PRIM_add, a, b); }
Value t_sub(Value a, Value b) { return t_binary(PRIM_sub, a, b); }
Value t_mul(Value a, Value b) { return t_binary(PRIM_mul, a, b); }
Value t_div(Value a, Value b) { return t_binary(PRIM_div, a, b); }
Value t_neg(Value a) { return t_unary(PRIM_neg, a); }

Value t_mul_scalar(Value a, double s) {
  AVal av;
  if (em_aval(a, &av) < 0) return em_null();
  Value c = t_scalar(av.dtype, s, 1);
  if (EM_IS_NULL(c)) return c;
  Value r = t_mul(a, c);
  em_decref(c);
  return r;
}
Value t_add_scalar(Value a, double s) {
  AVal av;
  if (em_aval(a, &av) < 0) return em_null();
  Value c = t_scalar(av.dtype, s, 1);
  if (EM_IS_NULL(c)) return c;
  Value r = t_add(a, c);
  em_decref(c);
  return r;
}

/* The engine's select kernel takes (pred, on_true, on_false) (cpu_elem.c); JAX's select_n
 * takes (pred, on_false, on_true). Every rule goes through here, so only this line knows. */
#define SELECT_TRUE_FIRST 1
Value t_reshape_axis_into(Value x, int src, int dst) {
  AVal av;
  if (em_aval(x, &av) < 0) return em_null();
  int perm[ARR_MAXDIM], k = 0;
  for (int i = 0; i < av.ndim; i++) if (i != src) perm[k++] = i;
  ir_memmove(perm + dst + 1, perm + dst, sizeof(int) * (size_t)(av.ndim - 1 - dst));
  perm[dst] = src;
  Value t = t_transpose(x, perm);
  if (EM_IS_NULL(t)) return t;
  int64_t sh[ARR_MAXDIM];
  for (int i = 0, j = 0; i < av.ndim; i++) if (i != src) sh[j++] = av.shape[i];
  sh[dst] *= av.shape[src];
  Value r = t_reshape(t, av.ndim - 1, sh);
  em_decref(t);
  return r;
}

Value t_reshape_axis_out_of(Value x, int src, int64_t size1) {
  AVal av;
  if (em_aval(x, &av) < 0) return em_null();
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
  return t_bind1(PRIM_select, 3, in, NULL);
}

Value t_integer_pow(Value x, int64_t y) {
  PIntPow p = {y};
  return t_bind1(PRIM_integer_pow, 1, &x, &p);
}

Value t_broadcast_to(Value x, int ndim, const int64_t *shape) {
  AVal av;
  if (em_aval(x, &av) < 0) return em_null();
  if (av.ndim == ndim && !ir_memcmp(av.shape, shape, sizeof(int64_t) * (size_t)ndim))
    return em_incref(x);
  if (av.ndim > ndim) return em_raise(ERR_VALUE, "cannot broadcast to a lower rank");
  int bd[ARR_MAXDIM];
  for (int i = 0; i < av.ndim; i++) bd[i] = ndim - av.ndim + i;
  return t_bcast_in_dim(x, ndim, shape, bd);
}

Value t_reshape(Value x, int ndim, const int64_t *shape) {
  AVal av;
  if (em_aval(x, &av) < 0) return em_null();
  if (av.ndim == ndim && !ir_memcmp(av.shape, shape, sizeof(int64_t) * (size_t)ndim))
    return em_incref(x);
  PShape p;
  memset(&p, 0, sizeof p);
  p.ndim = ndim;
  ir_memcpy(p.shape, shape, sizeof(int64_t) * (size_t)ndim);
  return t_bind1(PRIM_reshape, 1, &x, &p);
}

Value t_transpose(Value x, const int *perm) {
  AVal av;
  if (em_aval(x, &av) < 0) return em_null();
  int ident = 1;
  for (int i = 0; i < av.ndim; i++) if (perm[i] != i) ident = 0;
  if (ident) return em_incref(x);
  PPerm p;
  memset(&p, 0, sizeof p);
  p.ndim = av.ndim;
  ir_memcpy(p.perm, perm, sizeof(int) * (size_t)av.ndim);
  return t_bind1(PRIM_transpose, 1, &x, &p);
}

Value t_reduce(PrimId id, Value x, int naxes, const int *axes) {
  if (naxes == 0) return em_incref(x);
  PAxes p;
  memset(&p, 0, sizeof p);
  p.naxes = naxes;
  ir_memcpy(p.axes, axes, sizeof(int) * (size_t)naxes);
  return t_bind1(id, 1, &x, &p);
}
Value t_reduce_sum(Value x, int naxes, const int *axes) { return t_reduce(PRIM_reduce_sum, x, naxes, axes); }

Value t_moveaxis(Value x, int from, int to) {
  AVal av;
  if (em_aval(x, &av) < 0) return em_null();
  if (from == to) return em_incref(x);
  int perm[ARR_MAXDIM], k = 0;
  for (int i = 0; i < av.ndim; i++) if (i != from) perm[k++] = i;
  ir_memmove(perm + to + 1, perm + to, sizeof(int) * (size_t)(av.ndim - 1 - to));
  perm[to] = from;
  return t_transpose(x, perm);
}

Value t_unbroadcast(Value x, const AVal *target) {
  AVal av;
  if (em_aval(x, &av) < 0) return em_null();
  int axes[ARR_MAXDIM], n = 0, lead = av.ndim - target->ndim;
  if (lead < 0) return em_raise(ERR_VALUE, "internal: unbroadcast to a higher rank");
  for (int i = 0; i < av.ndim; i++)
    if (i < lead || (target->shape[i - lead] == 1 && av.shape[i] != 1)) axes[n++] = i;
  Value s = t_reduce_sum(x, n, axes);
  if (EM_IS_NULL(s)) return s;
  Value r = t_reshape(s, target->ndim, target->shape);
  em_decref(s);
  if (EM_IS_NULL(r)) return r;
  AVal ar;
  if (em_aval(r, &ar) < 0) { em_decref(r); return em_null(); }
  if (ar.dtype != target->dtype) {
    Value c = t_convert(r, target->dtype, target->weak);
    em_decref(r);
    return c;
  }
  return r;
}

Value t_dot_general(Value a, Value b, const PDot *dn) {
  Value in[2] = {a, b};
  return t_bind1(PRIM_dot_general, 2, in, dn);
}

Value t_concat(int n, const Value *xs, int axis) {
  if (n == 1) return em_incref(xs[0]);
  PAxis p = {axis};
  return t_bind1(PRIM_concatenate, n, xs, &p);
}

Value t_slice(Value x, const int64_t *start, const int64_t *limit, const int64_t *stride) {
  AVal av;
  if (em_aval(x, &av) < 0) return em_null();
  PSlice p;
  memset(&p, 0, sizeof p);
  p.ndim = av.ndim;
  for (int i = 0; i < av.ndim; i++) {
    p.start[i] = start[i];
    p.limit[i] = limit[i];
    p.stride[i] = stride ? stride[i] : 1;
  }
  return t_bind1(PRIM_slice, 1, &x, &p);
}

Value t_pad(Value x, Value padval, const int64_t *lo, const int64_t *hi, const int64_t *interior) {
  AVal av;
  if (em_aval(x, &av) < 0) return em_null();
  PPad p;
  memset(&p, 0, sizeof p);
  p.ndim = av.ndim;
  for (int i = 0; i < av.ndim; i++) {
    p.lo[i] = lo[i];
    p.hi[i] = hi[i];
    p.interior[i] = interior ? interior[i] : 0;
  }
  Value in[2] = {x, padval};
  return t_bind1(PRIM_pad, 2, in, &p);
}

Value t_iota(DType d, int ndim, const int64_t *shape, int dimension) {
  PIota p;
  memset(&p, 0, sizeof p);
  p.dtype = d;
  p.ndim = ndim;
  ir_memcpy(p.shape, shape, sizeof(int64_t) * (size_t)ndim);
  p.dimension = dimension;
  return t_bind1(PRIM_iota, 0, NULL, &p);
}

Value t_expand(Value x, int axis, int64_t size) {
  AVal av;
  if (em_aval(x, &av) < 0) return em_null();
  int64_t shape[ARR_MAXDIM];
  int bd[ARR_MAXDIM];
  for (int i = 0, k = 0; i <= av.ndim; i++) {
    if (i == axis) { shape[i] = size; continue; }
    shape[i] = av.shape[k];
    bd[k++] = i;
  }
  return t_bcast_in_dim(x, av.ndim + 1, shape, bd);
}


int t_jvp_primal(PrimId id, const void *params, int nin, const Value *p, Value *out, Value *tout) {
  int n = em_bind(id, nin, p, params, out);
  if (n < 0) return -1;
  for (int k = 0; k < n; k++) tout[k] = em_null();
  return n;
}

Value t_batch_at(Value v, int bdim, int to, int64_t size) {
  if (bdim < 0) return t_expand(v, to, size);
  return t_moveaxis(v, bdim, to);
}

int t_rank(Value v) {
  AVal av;
  if (em_aval(v, &av) < 0) { em_clear_error(); return 0; }
  return av.ndim;
}

int t_all_at_front(int nin, const Value *in, const int *bd, int64_t size, Value *moved) {
  for (int i = 0; i < nin; i++) {
    moved[i] = t_batch_at(in[i], bd[i], 0, size);
    if (EM_IS_NULL(moved[i])) { t_clear(moved, i); return -1; }
  }
  return 0;
}

int t_bind_out0(PrimId id, int nin, Value *args, const void *params, Value *out, int *obd) {
  int n = em_bind(id, nin, args, params, out);
  t_clear(args, nin);
  for (int k = 0; k < n; k++) obd[k] = 0;
  return n;
}

int t_all_front(PrimId id, int nin, const Value *in, const int *bd, int64_t size,
                     const void *params, Value *out, int *obd) {
  Value *args = calloc((size_t)nin + 1, sizeof(Value));
  if (!args) { em_raise(ERR_MEMORY, "out of memory"); return -1; }
  int n = -1;
  if (t_all_at_front(nin, in, bd, size, args) == 0) n = t_bind_out0(id, nin, args, params, out, obd);
  free(args);
  return n;
}

int t_front1(PrimId id, const Value *in, const int *bd, const void *params, Value *out,
                  int *obd) {
  Value x = t_moveaxis(in[0], bd[0], 0);
  if (EM_IS_NULL(x)) return -1;
  return t_bind_out0(id, 1, &x, params, out, obd);
}
void t_shift1(int *dst, const int *src, int n) {
  for (int i = 0; i < n; i++) dst[i] = src[i] + 1;
}
void t_prepend64(int64_t *dst, int64_t v0, const int64_t *src, int n) {
  dst[0] = v0;
  ir_memcpy(dst + 1, src, sizeof(int64_t) * (size_t)n);
}

