/* prim_shape.c - data movement: broadcast_in_dim, reshape, transpose, slice, rev, pad,
 * concatenate and iota (the eager kernels return views where they can). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "prim_kit.h"

/* {=== shape/dtype rules ===} */
static int rule_broadcast(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PBroadcast *b = params;
  char s1[400], s2[400];
  if (b->ndim < 0 || b->ndim > ARR_MAXDIM) return arr_err(ERR_VALUE, "broadcast_in_dim: bad rank");
  for (int i = 0; i < b->ndim; i++)
    if (b->shape[i] < 0) return arr_err(ERR_VALUE, "negative dimensions are not allowed");
  for (int i = 0; i < in[0].ndim; i++) {
    int d = b->bdims[i];
    if (d < 0 || d >= b->ndim || (i > 0 && d <= b->bdims[i - 1]) ||
        (in[0].shape[i] != 1 && in[0].shape[i] != b->shape[d])) {
      SHAPE(&in[0], s1);
      arr_shape_str(b->shape, b->ndim, s2, sizeof s2);
      arr_err(ERR_TYPE, "broadcast_in_dim: operand shape %s cannot be broadcast to %s", s1, s2);
      arr_err_np(ERR_VALUE, "operands could not be broadcast together with remapped shapes "
                            "[original->remapped]: %s  and requested shape %s", s1, s2);
      return -1;
    }
  }
  if (in[0].ndim > b->ndim) {
    SHAPE(&in[0], s1);
    arr_shape_str(b->shape, b->ndim, s2, sizeof s2);
    return arr_err(ERR_VALUE, "input operand has more dimensions than allowed by the axis "
                              "remapping: %s to %s", s1, s2);
  }
  out->dtype = in[0].dtype;
  out->weak = in[0].weak;
  out->ndim = b->ndim;
  memcpy(out->shape, b->shape, sizeof(int64_t) * b->ndim);
  return arr_shape_size(out->shape, out->ndim) < 0 ? -1 : 1;
}
static int rule_reshape(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PShape *s = params;
  if (s->ndim < 0 || s->ndim > ARR_MAXDIM) return arr_err(ERR_VALUE, "reshape: bad rank");
  int64_t n0 = arr_shape_size(in[0].shape, in[0].ndim);
  int64_t sh[ARR_MAXDIM];
  memcpy(sh, s->shape, sizeof(int64_t) * s->ndim);
  if (arr_resolve_reshape(n0, s->ndim, sh) < 0) {
    int64_t known = 1;
    int neg = 0;
    int ovf = 0;
    for (int i = 0; i < s->ndim; i++) {
      if (s->shape[i] == -1) neg = 1;
      else if (s->shape[i] >= 0 && __builtin_mul_overflow(known, s->shape[i], &known)) ovf = 1;
    }
    if (ovf) neg = 1;   /* keep the generic message */
    if (arr_last_error()->np_msg[0] && !neg) {   /* a size mismatch: JAX's wording */
      char s1[400], s2[400];
      ArrError keep = *arr_last_error();
      SHAPE(&in[0], s1);
      arr_shape_str(s->shape, s->ndim, s2, sizeof s2);
      arr_err(ERR_TYPE, "cannot reshape array of shape %s (size %lld) into shape %s because the product of "
                        "specified axis sizes (%lld) != %lld", s1, (long long)n0, s2, (long long)known, (long long)n0);
      arr_err_np(keep.np_kind, "%s", keep.np_msg);
    }
    return -1;
  }
  *out = in[0];
  out->ndim = s->ndim;
  memcpy(out->shape, sh, sizeof(int64_t) * s->ndim);
  return 1;
}
static int rule_transpose(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PPerm *pp = params;
  int seen[ARR_MAXDIM] = {0};
  if (pp->ndim != in[0].ndim) return arr_err(ERR_VALUE, "axes don't match array");
  *out = in[0];
  for (int i = 0; i < pp->ndim; i++) {
    int a = pp->perm[i];
    if (a < 0 || a >= pp->ndim) return prim_check_axis(p, a, pp->ndim);
    if (seen[a]++) return arr_err(ERR_VALUE, "repeated axis in transpose");
    out->shape[i] = in[0].shape[a];
  }
  return 1;
}
static int rule_slice(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PSlice *s = params;
  char sh[400];
  if (s->ndim != in[0].ndim) return arr_err(ERR_TYPE, "slice: %d indices for an array of rank %d", s->ndim, in[0].ndim);
  *out = in[0];
  for (int i = 0; i < s->ndim; i++) {
    int64_t b = s->start[i], e = s->limit[i], st = s->stride[i];
    if (b < 0 || e < b || e > in[0].shape[i] || st < 1)
      return arr_err(ERR_TYPE, "slice start_indices/limit_indices/strides out of range for "
                               "operand of shape %s (dim %d: %lld:%lld:%lld)",
                     SHAPE(&in[0], sh), i, (long long)b, (long long)e, (long long)st);
    out->shape[i] = e > b ? (e - b - 1) / st + 1 : 0;
  }
  return 1;
}
static int rule_rev(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  int mask[ARR_MAXDIM];
  if (prim_check_axes(p, params, in[0].ndim, mask) < 0) return -1;
  *out = in[0];
  return 1;
}
static int rule_pad(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PPad *pp = params;
  if (in[1].ndim != 0) return arr_err(ERR_TYPE, "pad: padding value must be a scalar");
  if (prim_same_dtypes(p, in, 2) < 0) return -1;
  if (pp->ndim != in[0].ndim) return arr_err(ERR_VALUE, "pad: padding config has %d entries for rank %d", pp->ndim, in[0].ndim);
  *out = in[0];
  for (int i = 0; i < pp->ndim; i++) {
    int64_t n = in[0].shape[i];
    if (pp->interior[i] < 0) return arr_err(ERR_VALUE, "pad: interior padding must be >= 0");
    int64_t d, t;
    if (__builtin_mul_overflow(n > 0 ? n - 1 : 0, pp->interior[i], &t) || __builtin_add_overflow(t, n, &d) ||
        __builtin_add_overflow(d, pp->lo[i], &d) || __builtin_add_overflow(d, pp->hi[i], &d))
      return arr_err(ERR_VALUE, "pad: padding too large");
    if (d < 0) return arr_err(ERR_VALUE, "pad: negative padding leaves dimension %d with size %lld", i, (long long)d);
    out->shape[i] = d;
  }
  return arr_shape_size(out->shape, out->ndim) < 0 ? -1 : 1;
}
static int rule_concat(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PAxis *ax = params;
  if (nin < 1) return arr_err(ERR_VALUE, "need at least one array to concatenate");
  if (in[0].ndim == 0) return arr_err(ERR_VALUE, "zero-dimensional arrays cannot be concatenated");
  if (prim_check_axis(p, ax->axis, in[0].ndim) < 0) return -1;
  if (prim_same_dtypes(p, in, nin) < 0) return -1;
  *out = in[0];
  int64_t total = 0;
  for (int k = 0; k < nin; k++) {
    char s1[400], s2[400];
    if (in[k].ndim != in[0].ndim)
      return arr_err(ERR_VALUE, "all the input array dimensions except for the concatenation axis "
                                "must match exactly, but along dimension 0, the array at index 0 "
                                "has %d dimension(s) and the array at index %d has %d dimension(s)",
                     in[0].ndim, k, in[k].ndim);
    for (int d = 0; d < in[0].ndim; d++)
      if (d != ax->axis && in[k].shape[d] != in[0].shape[d]) {
        arr_err(ERR_TYPE, "Cannot concatenate arrays with shapes that differ in dimensions other "
                          "than the one being concatenated: concatenating along dimension %d for "
                          "shapes %s, %s.", ax->axis, SHAPE(&in[0], s1), SHAPE(&in[k], s2));
        arr_err_np(ERR_VALUE, "all the input array dimensions except for the concatenation axis "
                              "must match exactly, but along dimension %d, the array at index 0 "
                              "has size %lld and the array at index %d has size %lld",
                   d, (long long)in[0].shape[d], k, (long long)in[k].shape[d]);
        return -1;
      }
    if (__builtin_add_overflow(total, in[k].shape[ax->axis], &total))
      return arr_err(ERR_VALUE, "concatenate: result too large");
    out->weak &= in[k].weak;
  }
  out->shape[ax->axis] = total;
  return 1;
}
static int rule_iota(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PIota *io = params;
  if (io->ndim < 1 || io->ndim > ARR_MAXDIM || io->dimension < 0 || io->dimension >= io->ndim)
    return arr_err(ERR_VALUE, "iota: bad dimension");
  if ((unsigned)io->dtype >= DT_COUNT || io->dtype == DT_BOOL)
    return arr_err(ERR_TYPE, "iota does not accept dtype bool");
  out->dtype = io->dtype;
  out->weak = 0;
  out->ndim = io->ndim;
  memcpy(out->shape, io->shape, sizeof(int64_t) * io->ndim);
  return arr_shape_size(out->shape, out->ndim) < 0 ? -1 : 1;
}

/* {=== identities the optimiser forwards ===} */
static int noop_transpose(const void *params) {
  const PPerm *p = params;
  for (int i = 0; i < p->ndim; i++) if (p->perm[i] != i) return 0;
  return 1;
}
static int noop_slice(const void *params) {
  const PSlice *s = params;
  for (int i = 0; i < s->ndim; i++) if (s->stride[i] != 1 || s->start[i] != 0) return 0;
  return 1;
}

/* {=== transposes ===} */
static int tp_broadcast(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  const PBroadcast *b = c->params;
  const AVal *x = &c->in_av[0];
  int keep[ARR_MAXDIM] = {0}, axes[ARR_MAXDIM], n = 0;
  for (int i = 0; i < x->ndim; i++)
    if (!(x->shape[i] == 1 && b->shape[b->bdims[i]] != 1)) keep[b->bdims[i]] = 1;
  for (int i = 0; i < b->ndim; i++) if (!keep[i]) axes[n++] = i;
  Value s = t_reduce_sum(CT, n, axes);
  if (EM_IS_NULL(s)) return -1;
  o[0] = t_reshape(s, x->ndim, x->shape);
  em_decref(s);
  return EM_IS_NULL(o[0]) ? -1 : 0;
}
static int tp_reshape(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  return EM_IS_NULL(o[0] = t_reshape(CT, c->in_av[0].ndim, c->in_av[0].shape)) ? -1 : 0;
}
static int tp_transpose(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  const PPerm *p = c->params;
  int inv[ARR_MAXDIM];
  for (int i = 0; i < p->ndim; i++) inv[p->perm[i]] = i;
  return EM_IS_NULL(o[0] = t_transpose(CT, inv)) ? -1 : 0;
}
static int tp_slice(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  const PSlice *s = c->params;
  const AVal *x = &c->in_av[0], *y = &c->out_av[0];
  int64_t lo[ARR_MAXDIM], hi[ARR_MAXDIM], in[ARR_MAXDIM];
  for (int i = 0; i < x->ndim; i++) {
    int64_t n = y->shape[i];
    int64_t real = n > 0 ? s->start[i] + (n - 1) * s->stride[i] + 1 : s->start[i];
    lo[i] = s->start[i];
    hi[i] = x->shape[i] - real;
    in[i] = n > 0 ? s->stride[i] - 1 : 0;
  }
  Value z = t_scalar(y->dtype, 0, 0);
  if (EM_IS_NULL(z)) return -1;
  o[0] = t_pad(CT, z, lo, hi, in);
  em_decref(z);
  return EM_IS_NULL(o[0]) ? -1 : 0;
}
static int tp_rev(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  return EM_IS_NULL(o[0] = t_bind1(PRIM_rev, 1, &CT, c->params)) ? -1 : 0;
}
static Value total(Value x) {
  AVal av;
  if (em_aval(x, &av) < 0) return em_null();
  int axes[ARR_MAXDIM];
  for (int i = 0; i < av.ndim; i++) axes[i] = i;
  return t_reduce_sum(x, av.ndim, axes);
}
static int tp_pad(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  const PPad *p = c->params;
  int nd = c->out_av[0].ndim;
  int64_t lo[ARR_MAXDIM], hi[ARR_MAXDIM], zero[ARR_MAXDIM] = {0}, st[ARR_MAXDIM], start[ARR_MAXDIM] = {0};
  for (int i = 0; i < nd; i++) { lo[i] = -p->lo[i]; hi[i] = -p->hi[i]; st[i] = p->interior[i] + 1; }
  Value z = t_scalar(c->out_av[0].dtype, 0, 0);
  Value unpadded = EM_IS_NULL(z) ? z : t_pad(CT, z, lo, hi, zero);
  em_decref(z);
  if (EM_IS_NULL(unpadded)) return -1;
  AVal ua;
  em_aval(unpadded, &ua);
  Value tx = t_slice(unpadded, start, ua.shape, st);
  em_decref(unpadded);
  if (EM_IS_NULL(tx)) return -1;
  if (need[1]) {
    o[1] = sub_(total(CT), total(tx));
    if (EM_IS_NULL(o[1])) { em_decref(tx); return -1; }
  }
  if (need[0]) o[0] = tx; else em_decref(tx);
  return 0;
}
static int tp_concat(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  int axis = ((const PAxis *)c->params)->axis;
  int64_t off = 0;
  const AVal *y = &c->out_av[0];
  for (int i = 0; i < c->nin; i++) {
    int64_t n = c->in_av[i].shape[axis];
    if (need[i]) {
      int64_t st[ARR_MAXDIM] = {0}, lim[ARR_MAXDIM];
      ir_memcpy(lim, y->shape, sizeof(int64_t) * (size_t)y->ndim);
      st[axis] = off;
      lim[axis] = off + n;
      if (EM_IS_NULL(o[i] = t_slice(CT, st, lim, NULL))) return -1;
    }
    off += n;
  }
  return 0;
}

/* {=== batching ===} */
static int b_broadcast(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                int64_t size, Value *out, int *obd) {
  const PBroadcast *b = params;
  PBroadcast p;
  memset(&p, 0, sizeof p);
  if (b->ndim + 1 > ARR_MAXDIM) { em_raise(ERR_VALUE, "vmap: rank too large"); return -1; }
  p.ndim = b->ndim + 1;
  t_prepend64(p.shape, size, b->shape, b->ndim);
  p.bdims[0] = 0;
  t_shift1(p.bdims + 1, b->bdims, t_rank(in[0]) - 1);
  return t_front1(id, in, bd, &p, out, obd);
}
static int b_reshape(PrimId id, const void *params, int nin, const Value *in, const int *bd,
              int64_t size, Value *out, int *obd) {
  const PShape *s = params;
  PShape p;
  memset(&p, 0, sizeof p);
  if (s->ndim + 1 > ARR_MAXDIM) { em_raise(ERR_VALUE, "vmap: rank too large"); return -1; }
  p.ndim = s->ndim + 1;
  t_prepend64(p.shape, size, s->shape, s->ndim);
  return t_front1(id, in, bd, &p, out, obd);
}
static int b_transpose(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                int64_t size, Value *out, int *obd) {
  const PPerm *s = params;
  PPerm p;
  memset(&p, 0, sizeof p);
  p.ndim = s->ndim + 1;
  p.perm[0] = 0;
  t_shift1(p.perm + 1, s->perm, s->ndim);
  return t_front1(id, in, bd, &p, out, obd);
}
static int b_slice(PrimId id, const void *params, int nin, const Value *in, const int *bd,
            int64_t size, Value *out, int *obd) {
  const PSlice *s = params;
  PSlice p;
  memset(&p, 0, sizeof p);
  p.ndim = s->ndim + 1;
  t_prepend64(p.start, 0, s->start, s->ndim);
  t_prepend64(p.limit, size, s->limit, s->ndim);
  t_prepend64(p.stride, 1, s->stride, s->ndim);
  return t_front1(id, in, bd, &p, out, obd);
}
static int b_rev(PrimId id, const void *params, int nin, const Value *in, const int *bd, int64_t size,
          Value *out, int *obd) {
  return reduce_batch(id, params, nin, in, bd, size, out, obd);
}
static int b_pad(PrimId id, const void *params, int nin, const Value *in, const int *bd, int64_t size,
          Value *out, int *obd) {
  const PPad *s = params;
  PPad p;
  memset(&p, 0, sizeof p);
  p.ndim = s->ndim + 1;
  t_prepend64(p.lo, 0, s->lo, s->ndim);
  t_prepend64(p.hi, 0, s->hi, s->ndim);
  t_prepend64(p.interior, 0, s->interior, s->ndim);
  Value x = t_batch_at(in[0], bd[0], 0, size);
  if (EM_IS_NULL(x)) return -1;
  if (bd[1] < 0) {
    Value args[2] = {x, em_incref(in[1])};
    return t_bind_out0(id, 2, args, &p, out, obd);
  }
  /* a batched padding value: pad with zero, pad a mask, select the padding value in */
  AVal av;
  em_aval(x, &av);
  Value zero = t_scalar(av.dtype, 0, 0);
  Value args[2] = {x, zero};
  Value padded = t_bind1(id, 2, args, &p);
  AVal bav = av;
  bav.dtype = DT_BOOL;
  Value ones = t_full(&bav, 1.0);
  Value f = t_scalar(DT_BOOL, 0, 0);
  Value margs[2] = {ones, f};
  Value mask = EM_IS_NULL(ones) ? em_null() : t_bind1(id, 2, margs, &p);
  em_decref(ones); em_decref(f); em_decref(zero); em_decref(x);
  Value pv = t_moveaxis(in[1], bd[1], 0);
  AVal pav;
  Value pvb = em_null();
  if (!EM_IS_NULL(padded) && !EM_IS_NULL(pv) && em_aval(padded, &pav) == 0) {
    int bdims[1] = {0};
    pvb = t_bcast_in_dim(pv, pav.ndim, pav.shape, bdims);
  }
  em_decref(pv);
  if (EM_IS_NULL(padded) || EM_IS_NULL(mask) || EM_IS_NULL(pvb)) {
    em_decref(padded); em_decref(mask); em_decref(pvb);
    return -1;
  }
  out[0] = t_select(mask, padded, pvb);
  em_decref(padded); em_decref(mask); em_decref(pvb);
  obd[0] = 0;
  return EM_IS_NULL(out[0]) ? -1 : 1;
}
static int b_concat(PrimId id, const void *params, int nin, const Value *in, const int *bd,
             int64_t size, Value *out, int *obd) {
  PAxis p = *(const PAxis *)params;
  p.axis += 1;
  return t_all_front(id, nin, in, bd, size, &p, out, obd);
}

/* {=== parameters ===} */
static const ParamField pf_axis[] = {PRIM_FIELD(PAxis, axis, PT_INT, 0)};
static const ParamField pf_axes[] = {PRIM_FIELD(PAxes, naxes, PT_INT, 0), PRIM_FIELD(PAxes, axes, PT_INT_ARR, 0)};
static const ParamField pf_shape[] = {PRIM_FIELD(PShape, ndim, PT_INT, 0), PRIM_FIELD(PShape, shape, PT_INT64_ARR, 0)};
static const ParamField pf_perm[] = {PRIM_FIELD(PPerm, ndim, PT_INT, 0), PRIM_FIELD(PPerm, perm, PT_INT_ARR, 0)};
static const ParamField pf_bcast[] = {PRIM_FIELD(PBroadcast, ndim, PT_INT, 0), PRIM_FIELD(PBroadcast, shape, PT_INT64_ARR, 0),
                                      PRIM_FIELD(PBroadcast, bdims, PT_INT_ARR, -ARR_MAXDIM)};
static const ParamField pf_slice[] = {PRIM_FIELD(PSlice, ndim, PT_INT, 0), PRIM_FIELD(PSlice, start, PT_INT64_ARR, 0),
                                      PRIM_FIELD(PSlice, limit, PT_INT64_ARR, 0), PRIM_FIELD(PSlice, stride, PT_INT64_ARR, 0)};
static const ParamField pf_pad[] = {PRIM_FIELD(PPad, ndim, PT_INT, 0), PRIM_FIELD(PPad, lo, PT_INT64_ARR, 0),
                                    PRIM_FIELD(PPad, hi, PT_INT64_ARR, 0), PRIM_FIELD(PPad, interior, PT_INT64_ARR, 0)};
static const ParamField pf_iota[] = {PRIM_FIELD(PIota, dtype, PT_DTYPE, 0), PRIM_FIELD(PIota, ndim, PT_INT, 0),
                                     PRIM_FIELD(PIota, shape, PT_INT64_ARR, 1), PRIM_FIELD(PIota, dimension, PT_INT, 0)};

/* {=== the parameters in jaxpr text (JAX's spelling) ===} */
/* broadcast_dimensions has one entry per operand dimension: the operand's rank is not in the
 * params, so this one reads the graph. */
static void pp_broadcast(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PBroadcast *c = e->params;
  ir_put(pr, "[");
  ir_put_tuple_i(pr, "broadcast_dimensions", c->bdims, e->nin ? g->avals[e->in[0]].ndim : 0);
  ir_put(pr, " ");
  ir_put_tuple_l(pr, "shape", c->shape, c->ndim);
  ir_put(pr, "]");
}
static void pp_reshape(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PShape *c = e->params;
  ir_put(pr, "[dimensions=None ");
  ir_put_tuple_l(pr, "new_sizes", c->shape, c->ndim);
  ir_put(pr, "]");
}
static void pp_transpose(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PPerm *c = e->params;
  ir_put(pr, "[");
  ir_put_tuple_i(pr, "permutation", c->perm, c->ndim);
  ir_put(pr, "]");
}
static void pp_rev(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PAxes *c = e->params;
  ir_put(pr, "[");
  ir_put_tuple_i(pr, "dimensions", c->axes, c->naxes);
  ir_put(pr, "]");
}
static void pp_concat(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  ir_put(pr, "[dimension=%d]", ((const PAxis *)e->params)->axis);
}
static void pp_iota(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PIota *c = e->params;
  ir_put(pr, "[dimension=%d dtype=%s ", c->dimension, dtn(c->dtype));
  ir_put_tuple_l(pr, "shape", c->shape, c->ndim);
  ir_put(pr, "]");
}
/* JAX writes strides=None when every stride is 1 */
static void pp_slice(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PSlice *c = e->params;
  int unit = 1;
  for (int i = 0; i < c->ndim; i++) if (c->stride[i] != 1) unit = 0;
  ir_put(pr, "[");
  ir_put_tuple_l(pr, "limit_indices", c->limit, c->ndim);
  ir_put(pr, " ");
  ir_put_tuple_l(pr, "start_indices", c->start, c->ndim);
  if (unit) ir_put(pr, " strides=None");
  else { ir_put(pr, " "); ir_put_tuple_l(pr, "strides", c->stride, c->ndim); }
  ir_put(pr, "]");
}
static void pp_pad(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PPad *c = e->params;
  ir_put(pr, "[padding_config=(");
  for (int i = 0; i < c->ndim; i++)
    ir_put(pr, "%s(%lld, %lld, %lld)", i ? ", " : "", (long long)c->lo[i], (long long)c->hi[i],
           (long long)c->interior[i]);
  ir_put(pr, c->ndim == 1 ? ",)]" : ")]");
}

/* {=== the entries ===} */
const Prim prim_rows_shape[] = {
    {.id = PRIM_broadcast_in_dim, .nin = 1, .nout = 1, .kind = PK_SHAPE,
     PARAMS(PBroadcast, pf_bcast), .print = pp_broadcast,
     .rule = rule_broadcast, .cpu = cpu_k_broadcast,
     .ad = RK_LINEAR, .lin = LIN_ALL, .transpose = tp_broadcast, .batch = b_broadcast,
     .noop = t_noop_always},
    {.id = PRIM_reshape, .nin = 1, .nout = 1, .kind = PK_SHAPE, PARAMS(PShape, pf_shape),
     .print = pp_reshape,
     .rule = rule_reshape, .cpu = cpu_k_reshape,
     .ad = RK_LINEAR, .lin = LIN_ALL, .transpose = tp_reshape, .batch = b_reshape,
     .noop = t_noop_always},
    {.id = PRIM_transpose, .nin = 1, .nout = 1, .kind = PK_SHAPE, PARAMS(PPerm, pf_perm),
     .print = pp_transpose,
     .rule = rule_transpose, .cpu = cpu_k_transpose,
     .ad = RK_LINEAR, .lin = LIN_ALL, .transpose = tp_transpose, .batch = b_transpose,
     .noop = noop_transpose},
    {.id = PRIM_slice, .nin = 1, .nout = 1, .kind = PK_SHAPE, PARAMS(PSlice, pf_slice),
     .print = pp_slice,
     .rule = rule_slice, .cpu = cpu_k_slice,
     .ad = RK_LINEAR, .lin = LIN_ALL, .transpose = tp_slice, .batch = b_slice,
     .noop = noop_slice},
    {.id = PRIM_rev, .nin = 1, .nout = 1, .kind = PK_SHAPE, PARAMS(PAxes, pf_axes), .print = pp_rev,
     .rule = rule_rev, .cpu = cpu_k_rev,
     .ad = RK_LINEAR, .lin = LIN_ALL, .transpose = tp_rev, .batch = b_rev},
    {.id = PRIM_pad, .nin = 2, .nout = 1, .kind = PK_SHAPE, PARAMS(PPad, pf_pad), .print = pp_pad,
     .rule = rule_pad, .cpu = cpu_k_pad,
     .ad = RK_LINEAR, .lin = LIN_ALL, .transpose = tp_pad, .batch = b_pad},
    {.id = PRIM_concatenate, .nin = -1, .nout = 1, .kind = PK_SHAPE, PARAMS(PAxis, pf_axis),
     .print = pp_concat,
     .rule = rule_concat, .cpu = cpu_k_concat,
     .ad = RK_LINEAR, .lin = LIN_ALL, .transpose = tp_concat, .batch = b_concat,
     .promote = 1},
    {.id = PRIM_iota, .nin = 0, .nout = 1, .kind = PK_SHAPE, PARAMS(PIota, pf_iota),
     .print = pp_iota,
     .rule = rule_iota, .cpu = cpu_k_iota,
     .ad = RK_ZERO},
    {.id = PRIM_COUNT}};
