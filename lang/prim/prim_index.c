/* prim_index.c - indexing: gather, scatter (plain, add, mul, min, max), dynamic_slice and
 * dynamic_update_slice, with XLA's dimension numbers (prim.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "prim_kit.h"

/* {=== shape/dtype rules ===} */
static int is_in(int v, const int *list, int n) {
  for (int i = 0; i < n; i++) if (list[i] == v) return 1;
  return 0;
}
static int rule_gather(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PGather *g = params;
  const AVal *op = &in[0], *ix = &in[1];
  if (g->n_offset < 0 || g->n_offset > ARR_MAXDIM || g->n_collapsed < 0 || g->n_collapsed > ARR_MAXDIM ||
      g->n_start < 0 || g->n_start > ARR_MAXDIM)
    return arr_err(ERR_TYPE, "gather: bad dimension numbers");
  if (!dt_is_int(ix->dtype)) return arr_err(ERR_TYPE, "gather indices must be integers, got %s", dtn(ix->dtype));
  if (ix->ndim < 1 || ix->shape[ix->ndim - 1] != g->n_start)
    return arr_err(ERR_TYPE, "gather: last dimension of indices must equal len(start_index_map)=%d", g->n_start);
  if (g->n_offset + g->n_collapsed != op->ndim)
    return arr_err(ERR_TYPE, "gather: offset_dims + collapsed_slice_dims must cover the operand rank %d", op->ndim);
  int nbatch = ix->ndim - 1, ondim = nbatch + g->n_offset;
  if (ondim > ARR_MAXDIM) return arr_err(ERR_VALUE, "gather: result rank too large");
  for (int i = 0; i < g->n_start; i++)
    if (g->start_index_map[i] < 0 || g->start_index_map[i] >= op->ndim) return arr_err(ERR_TYPE, "gather: bad start_index_map");
  for (int i = 0; i < g->n_collapsed; i++) {
    int d = g->collapsed_slice_dims[i];
    if (d < 0 || d >= op->ndim || g->slice_sizes[d] > 1 || (i && d <= g->collapsed_slice_dims[i - 1]))
      return arr_err(ERR_TYPE, "gather: collapsed_slice_dims must be sorted, within the operand rank and of slice size 1");
  }
  for (int i = 0; i < op->ndim; i++)
    if (g->slice_sizes[i] < 0 || g->slice_sizes[i] > op->shape[i])
      return arr_err(ERR_TYPE, "gather: slice size %lld out of range for dimension %d of size %lld",
                     (long long)g->slice_sizes[i], i, (long long)op->shape[i]);
  for (int i = 0; i < g->n_offset; i++)
    if (g->offset_dims[i] < 0 || g->offset_dims[i] >= ondim || (i && g->offset_dims[i] <= g->offset_dims[i - 1]))
      return arr_err(ERR_TYPE, "gather: offset_dims must be sorted and within the result rank");
  out->dtype = op->dtype;
  out->weak = op->weak;
  out->ndim = ondim;
  int bi = 0, oi = 0;
  for (int d = 0; d < ondim; d++) {
    if (is_in(d, g->offset_dims, g->n_offset)) {
      while (is_in(oi, g->collapsed_slice_dims, g->n_collapsed)) oi++;
      out->shape[d] = g->slice_sizes[oi++];
    } else {
      out->shape[d] = ix->shape[bi++];
    }
  }
  return 1;
}
static int rule_scatter(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PScatter *s = params;
  const AVal *op = &in[0], *ix = &in[1], *up = &in[2];
  if (s->n_window < 0 || s->n_window > ARR_MAXDIM || s->n_inserted < 0 || s->n_inserted > ARR_MAXDIM ||
      s->n_sdims < 0 || s->n_sdims > ARR_MAXDIM)
    return arr_err(ERR_TYPE, "scatter: bad dimension numbers");
  for (int i = 0; i < s->n_inserted; i++)
    if (s->inserted_window_dims[i] < 0 || s->inserted_window_dims[i] >= op->ndim || (i && s->inserted_window_dims[i] <= s->inserted_window_dims[i - 1]))
      return arr_err(ERR_TYPE, "scatter: bad inserted_window_dims");
  for (int i = 0; i < s->n_window; i++)
    if (s->update_window_dims[i] < 0 || s->update_window_dims[i] >= up->ndim || (i && s->update_window_dims[i] <= s->update_window_dims[i - 1]))
      return arr_err(ERR_TYPE, "scatter: update_window_dims must be sorted and within the updates rank");
  if (!dt_is_int(ix->dtype)) return arr_err(ERR_TYPE, "scatter indices must be integers, got %s", dtn(ix->dtype));
  if (op->dtype != up->dtype)
    return arr_err(ERR_TYPE, "%s requires arguments to have the same dtypes, got %s, %s.", p->name, dtn(op->dtype), dtn(up->dtype));
  if (ix->ndim < 1 || ix->shape[ix->ndim - 1] != s->n_sdims)
    return arr_err(ERR_TYPE, "scatter: last dimension of indices must equal len(scatter_dims_to_operand_dims)");
  if (s->n_window + s->n_inserted != op->ndim)
    return arr_err(ERR_TYPE, "scatter: update_window_dims + inserted_window_dims must cover the operand rank");
  int nbatch = ix->ndim - 1;
  if (up->ndim != nbatch + s->n_window) {
    char s1[400], s2[400];
    return arr_err(ERR_VALUE, "scatter: updates of shape %s do not match indices of shape %s",
                   SHAPE(up, s1), SHAPE(ix, s2));
  }
  for (int i = 0; i < s->n_sdims; i++)
    if (s->scatter_dims_to_operand_dims[i] < 0 || s->scatter_dims_to_operand_dims[i] >= op->ndim)
      return arr_err(ERR_TYPE, "scatter: bad scatter_dims_to_operand_dims");
  int bi = 0, wi = 0, oi = 0;
  for (int d = 0; d < up->ndim; d++) {
    if (is_in(d, s->update_window_dims, s->n_window)) {
      while (is_in(oi, s->inserted_window_dims, s->n_inserted)) oi++;
      if (oi >= op->ndim || up->shape[d] > op->shape[oi]) return arr_err(ERR_VALUE, "scatter: update window larger than operand");
      oi++; wi++;
    } else {
      if (up->shape[d] != ix->shape[bi]) {
        char s1[400], s2[400];
        return arr_err(ERR_VALUE, "scatter: updates of shape %s do not match indices of shape %s",
                       SHAPE(up, s1), SHAPE(ix, s2));
      }
      bi++;
    }
  }
  if (wi != s->n_window) return arr_err(ERR_TYPE, "scatter: bad update_window_dims");
  *out = *op;
  return 1;
}
static int rule_dynamic_slice(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PShape *s = params;
  if (nin != in[0].ndim + 1 || s->ndim != in[0].ndim)
    return arr_err(ERR_TYPE, "dynamic_slice: need one start index per dimension (%d)", in[0].ndim);
  for (int i = 1; i < nin; i++)
    if (in[i].ndim != 0 || !dt_is_int(in[i].dtype)) return arr_err(ERR_TYPE, "dynamic_slice: start indices must be integer scalars");
  *out = in[0];
  for (int i = 0; i < s->ndim; i++) {
    if (s->shape[i] < 0 || s->shape[i] > in[0].shape[i])
      return arr_err(ERR_TYPE, "dynamic_slice: slice size %lld larger than dimension %d of size %lld",
                     (long long)s->shape[i], i, (long long)in[0].shape[i]);
    out->shape[i] = s->shape[i];
  }
  return 1;
}
static int rule_dynamic_update_slice(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  if (nin != in[0].ndim + 2 || in[1].ndim != in[0].ndim)
    return arr_err(ERR_TYPE, "dynamic_update_slice: update rank and start indices must match the operand rank");
  if (prim_same_dtypes(p, in, 2) < 0) return -1;
  for (int i = 2; i < nin; i++)
    if (in[i].ndim != 0 || !dt_is_int(in[i].dtype)) return arr_err(ERR_TYPE, "dynamic_update_slice: start indices must be integer scalars");
  for (int i = 0; i < in[0].ndim; i++)
    if (in[1].shape[i] > in[0].shape[i]) {
      char s1[400], s2[400];
      return arr_err(ERR_TYPE, "dynamic_update_slice: update shape %s larger than operand shape %s",
                     SHAPE(&in[1], s1), SHAPE(&in[0], s2));
    }
  *out = in[0];
  return 1;
}

/* {=== transposes ===} */
static void gather_to_scatter(const PGather *g, PScatter *s) {
  memset(s, 0, sizeof *s);
  s->n_window = g->n_offset;
  ir_memcpy(s->update_window_dims, g->offset_dims, sizeof(int) * (size_t)g->n_offset);
  s->n_inserted = g->n_collapsed;
  ir_memcpy(s->inserted_window_dims, g->collapsed_slice_dims, sizeof(int) * (size_t)g->n_collapsed);
  s->n_sdims = g->n_start;
  ir_memcpy(s->scatter_dims_to_operand_dims, g->start_index_map, sizeof(int) * (size_t)g->n_start);
  s->mode = g->mode == IDX_CLIP ? IDX_CLIP : IDX_FILL;
}
static void scatter_to_gather(const PScatter *s, const AVal *operand, const AVal *updates, PGather *g) {
  memset(g, 0, sizeof *g);
  g->n_offset = s->n_window;
  ir_memcpy(g->offset_dims, s->update_window_dims, sizeof(int) * (size_t)s->n_window);
  g->n_collapsed = s->n_inserted;
  ir_memcpy(g->collapsed_slice_dims, s->inserted_window_dims, sizeof(int) * (size_t)s->n_inserted);
  g->n_start = s->n_sdims;
  ir_memcpy(g->start_index_map, s->scatter_dims_to_operand_dims, sizeof(int) * (size_t)s->n_sdims);
  for (int d = 0, k = 0; d < operand->ndim; d++) {
    int ins = 0;
    for (int j = 0; j < s->n_inserted; j++) ins |= s->inserted_window_dims[j] == d;
    g->slice_sizes[d] = ins ? 1 : updates->shape[s->update_window_dims[k++]];
  }
  g->mode = s->mode == IDX_ERROR ? IDX_ERROR : IDX_FILL;
}
static int tp_gather(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  PScatter s;
  gather_to_scatter(c->params, &s);
  Value z = t_zeros(&c->in_av[0]);
  if (EM_IS_NULL(z)) return -1;
  Value in[3] = {z, X1, CT};
  o[0] = t_bind1(PRIM_scatter_add, 3, in, &s);
  em_decref(z);
  return EM_IS_NULL(o[0]) ? -1 : 0;
}
static int tp_scatter(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  const PScatter *s = c->params;
  if (need[0]) {
    if (c->id == PRIM_scatter_add) o[0] = em_incref(CT);
    else {
      Value z = t_zeros(&c->in_av[2]);
      Value in[3] = {CT, X1, z};
      o[0] = EM_IS_NULL(z) ? z : t_bind1(PRIM_scatter, 3, in, s);
      em_decref(z);
    }
    if (EM_IS_NULL(o[0])) return -1;
  }
  if (need[2]) {
    PGather g;
    scatter_to_gather(s, &c->in_av[0], &c->in_av[2], &g);
    Value in[2] = {CT, X1};
    if (EM_IS_NULL(o[2] = t_bind1(PRIM_gather, 2, in, &g))) return -1;
  }
  return 0;
}
static int tp_dynamic_slice(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  Value z = t_zeros(&c->in_av[0]);
  if (EM_IS_NULL(z)) return -1;
  Value *in = calloc((size_t)c->nin + 1, sizeof(Value));
  if (!in) { em_decref(z); em_raise(ERR_MEMORY, "out of memory"); return -1; }
  in[0] = z;
  in[1] = CT;
  for (int i = 1; i < c->nin; i++) in[i + 1] = c->in[i];
  o[0] = t_bind1(PRIM_dynamic_update_slice, c->nin + 1, in, NULL);
  free(in);
  em_decref(z);
  return EM_IS_NULL(o[0]) ? -1 : 0;
}
static int tp_dynamic_update_slice(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  int nidx = c->nin - 2;
  Value *in = calloc((size_t)c->nin + 1, sizeof(Value));
  if (!in) { em_raise(ERR_MEMORY, "out of memory"); return -1; }
  int rc = 0;
  if (need[0]) {
    Value z = t_zeros(&c->in_av[1]);
    in[0] = CT;
    in[1] = z;
    for (int i = 0; i < nidx; i++) in[2 + i] = c->in[2 + i];
    o[0] = EM_IS_NULL(z) ? z : t_bind1(PRIM_dynamic_update_slice, c->nin, in, NULL);
    em_decref(z);
    if (EM_IS_NULL(o[0])) rc = -1;
  }
  if (need[1] && rc == 0) {
    PShape p;
    memset(&p, 0, sizeof p);
    p.ndim = c->in_av[1].ndim;
    ir_memcpy(p.shape, c->in_av[1].shape, sizeof(int64_t) * (size_t)p.ndim);
    in[0] = CT;
    for (int i = 0; i < nidx; i++) in[1 + i] = c->in[2 + i];
    o[1] = t_bind1(PRIM_dynamic_slice, 1 + nidx, in, &p);
    if (EM_IS_NULL(o[1])) rc = -1;
  }
  free(in);
  return rc;
}

/* dot_general: JAX's _dot_general_transpose_lhs / _rhs */

/* {=== scatter-mul / -min / -max: forward rules (reverse mode by transposition) ===} */
static Value scatter_(PrimId id, Value x, Value idx, Value y, const PScatter *s) {
  if (EM_IS_NULL(x) || EM_IS_NULL(y)) return em_null();
  Value in[3] = {x, idx, y};
  return t_bind1(id, 3, in, s);
}
static Value scatter_cy_(PrimId id, Value x, Value idx, Value y, const PScatter *s) {   /* consumes y */
  Value r = scatter_(id, x, idx, y, s);
  em_decref(y);
  return r;
}
/* the values of v (operand-shaped) at the positions every update lands on (updates-shaped) */
static Value gather_at(Value v, Value idx, const PScatter *s, const AVal *op, const AVal *up) {
  if (EM_IS_NULL(v)) return v;
  PGather g;
  scatter_to_gather(s, op, up, &g);
  Value in[2] = {v, idx};
  return t_bind1(PRIM_gather, 2, in, &g);
}
static Value cmp_(PrimId id, Value a, double v) {   /* a <id> v, as a's dtype (1 / 0) */
  AVal av;
  if (EM_IS_NULL(a) || em_aval(a, &av) < 0) return em_null();
  Value k = t_scalar(av.dtype, v, 1);
  Value b = EM_IS_NULL(k) ? k : t_binary(id, a, k);
  em_decref(k);
  Value r = EM_IS_NULL(b) ? b : t_convert(b, av.dtype, 0);
  em_decref(b);
  return r;
}
static Value eqv_(Value a, Value b) {   /* (a == b) as a's dtype, consumes b */
  AVal av;
  Value e = (EM_IS_NULL(b) || em_aval(a, &av) < 0) ? em_null() : t_binary(PRIM_eq, a, b);
  em_decref(b);
  Value r = EM_IS_NULL(e) ? e : t_convert(e, av.dtype, 0);
  em_decref(e);
  return r;
}
static Value select_(Value m, Value a, Value b) {   /* m (1/0 as a float) ? a : b, consumes all */
  Value r = em_null();
  if (!EM_IS_NULL(m) && !EM_IS_NULL(a) && !EM_IS_NULL(b)) {
    Value z = t_full_like(m, 0.0);
    Value bo = EM_IS_NULL(z) ? z : t_binary(PRIM_ne, m, z);
    em_decref(z);
    r = EM_IS_NULL(bo) ? bo : t_select(bo, a, b);
    em_decref(bo);
  }
  em_decref(m); em_decref(a); em_decref(b);
  return r;
}

/* out[j] = x[j] * prod_{k -> j} y_k. d/dy_k = x[j] * prod of the other updates of j: with the
 * product Pnz of j's nonzero updates and their number of zeros Z, that is Pnz / y_k when Z = 0,
 * Pnz for the one zero when Z = 1, else 0 (no division by zero). */
static int jvp_scatter_mul(PrimId id, const void *params, int nin, const Value *p,
                           const Value *t, Value *out, Value *tout) {
  const PScatter *s = params;
  AVal xa, ya;
  if (em_aval(p[0], &xa) < 0 || em_aval(p[2], &ya) < 0) return -1;
  if (t_jvp_primal(id, params, 3, p, out, tout) < 0) return -1;
  Value acc = em_null();
  if (!EM_IS_NULL(t[0])) {
    Value ones = t_ones(&xa);
    Value P = scatter_(PRIM_scatter_mul, ones, p[1], p[2], s);
    em_decref(ones);
    acc = mul_(em_incref(t[0]), P);
    if (EM_IS_NULL(acc)) goto fail;
  }
  if (!EM_IS_NULL(t[2])) {
    Value yz = cmp_(PRIM_eq, p[2], 0.0);
    Value ynz = EM_IS_NULL(yz) ? yz : t_add(p[2], yz);   /* y, or 1 where y = 0 */
    Value onesx = t_ones(&xa), zx = t_zeros(&xa);
    Value Pnz = scatter_(PRIM_scatter_mul, onesx, p[1], ynz, s);
    Value Z = scatter_(PRIM_scatter_add, zx, p[1], yz, s);
    Value Pg = gather_at(Pnz, p[1], s, &xa, &ya), Zg = gather_at(Z, p[1], s, &xa, &ya);
    em_decref(Pnz); em_decref(Z); em_decref(onesx);
    Value zy = t_zeros(&ya);
    Value e1 = select_(cmp_(PRIM_eq, Zg, 1.0), em_incref(Pg), em_incref(zy));
    Value e0 = select_(cmp_(PRIM_eq, Zg, 0.0), div_(em_incref(Pg), em_incref(ynz)), em_incref(zy));
    Value E = select_(em_incref(yz), e1, e0);
    Value term = mul_(em_incref(p[0]), scatter_cy_(PRIM_scatter_add, zx, p[1], mul_(E, em_incref(t[2])), s));
    em_decref(zx); em_decref(zy); em_decref(Pg); em_decref(Zg); em_decref(yz); em_decref(ynz);
    if (EM_IS_NULL(term)) { em_decref(acc); goto fail; }
    acc = EM_IS_NULL(acc) ? term : add_(acc, term);
    if (EM_IS_NULL(acc)) goto fail;
  }
  tout[0] = acc;
  return 1;
fail:
  em_clear(&out[0]);
  return -1;
}

/* scatter-max/min: the tangent of each result is the mean of the tangents of the operand and
 * the updates that attain it (JAX's rule for ties) */
static int jvp_scatter_extremal(PrimId id, const void *params, int nin, const Value *p,
                                const Value *t, Value *out, Value *tout) {
  const PScatter *s = params;
  AVal xa, ya;
  if (em_aval(p[0], &xa) < 0 || em_aval(p[2], &ya) < 0) return -1;
  if (t_jvp_primal(id, params, 3, p, out, tout) < 0) return -1;
  if (EM_IS_NULL(t[0]) && EM_IS_NULL(t[2])) return 1;
  Value su = eqv_(p[2], gather_at(out[0], p[1], s, &xa, &ya));
  Value rx = eqv_(p[0], em_incref(out[0]));
  Value zx = t_zeros(&xa);
  Value cnt = add_(em_incref(rx), scatter_(PRIM_scatter_add, zx, p[1], su, s));
  Value one = t_scalar(xa.dtype, 1.0, 1);
  Value cnt1 = (EM_IS_NULL(cnt) || EM_IS_NULL(one)) ? em_null() : t_binary(PRIM_max, cnt, one);
  em_decref(cnt); em_decref(one);
  Value num = em_null();
  int bad = EM_IS_NULL(su) || EM_IS_NULL(rx) || EM_IS_NULL(cnt1);
  if (!bad && !EM_IS_NULL(t[0])) bad = EM_IS_NULL(num = t_mul(rx, t[0]));
  if (!bad && !EM_IS_NULL(t[2])) {
    Value term = scatter_cy_(PRIM_scatter_add, zx, p[1], mul_(em_incref(su), em_incref(t[2])), s);
    num = EM_IS_NULL(num) ? term : add_(num, term);
    bad = EM_IS_NULL(num);
  }
  if (!bad) bad = EM_IS_NULL(tout[0] = t_div(num, cnt1));
  em_decref(num); em_decref(cnt1); em_decref(su); em_decref(rx); em_decref(zx);
  if (bad) { em_clear(&out[0]); return -1; }
  return 1;
}


/* {=== batching ===} */
static Value with_counts(Value idx) {   /* prepend iota(batch) along the index vector */
  AVal av;
  if (em_aval(idx, &av) < 0) return em_null();
  int64_t sh[ARR_MAXDIM];
  ir_memcpy(sh, av.shape, sizeof(int64_t) * (size_t)av.ndim);
  sh[av.ndim - 1] = 1;
  Value counts = t_iota(av.dtype, av.ndim, sh, 0);
  if (EM_IS_NULL(counts)) return counts;
  Value parts[2] = {counts, idx};
  Value r = t_concat(2, parts, av.ndim - 1);
  em_decref(counts);
  return r;
}

static int b_gather(PrimId id, const void *params, int nin, const Value *in, const int *bd,
             int64_t size, Value *out, int *obd) {
  const PGather *g = params;
  PGather p = *g;
  int ob = bd[0], ib = bd[1];
  Value op = t_moveaxis(in[0], ob < 0 ? 0 : ob, 0);
  if (ob < 0) { em_decref(op); op = em_incref(in[0]); }
  Value idx = ib >= 0 ? t_moveaxis(in[1], ib, 0) : em_incref(in[1]);
  if (EM_IS_NULL(op) || EM_IS_NULL(idx)) { em_decref(op); em_decref(idx); return -1; }
  int nd = t_rank(op);
  if (ob >= 0 && ib < 0) {   /* the batch axis becomes a sliced (offset) dimension */
    t_prepend64(p.slice_sizes, size, g->slice_sizes, nd - 1);
    p.n_offset = g->n_offset + 1;
    p.offset_dims[0] = 0;
    t_shift1(p.offset_dims + 1, g->offset_dims, g->n_offset);
    t_shift1(p.collapsed_slice_dims, g->collapsed_slice_dims, g->n_collapsed);
    t_shift1(p.start_index_map, g->start_index_map, g->n_start);
  } else if (ob < 0) {       /* batched indices: one more batch dim of the output */
    t_shift1(p.offset_dims, g->offset_dims, g->n_offset);
  } else {                   /* both: each index vector also picks its example */
    Value ci = with_counts(idx);
    em_decref(idx);
    if (EM_IS_NULL(ci)) { em_decref(op); return -1; }
    idx = ci;
    t_prepend64(p.slice_sizes, 1, g->slice_sizes, nd - 1);
    t_shift1(p.offset_dims, g->offset_dims, g->n_offset);
    p.n_collapsed = g->n_collapsed + 1;
    p.collapsed_slice_dims[0] = 0;
    t_shift1(p.collapsed_slice_dims + 1, g->collapsed_slice_dims, g->n_collapsed);
    p.n_start = g->n_start + 1;
    p.start_index_map[0] = 0;
    t_shift1(p.start_index_map + 1, g->start_index_map, g->n_start);
  }
  Value args[2] = {op, idx};
  return t_bind_out0(id, 2, args, &p, out, obd);
}

static int b_scatter(PrimId id, const void *params, int nin, const Value *in, const int *bd,
              int64_t size, Value *out, int *obd) {
  const PScatter *s = params;
  PScatter p = *s;
  Value op = t_batch_at(in[0], bd[0], 0, size);
  Value up = t_batch_at(in[2], bd[2], 0, size);
  Value idx = bd[1] >= 0 ? t_moveaxis(in[1], bd[1], 0) : em_incref(in[1]);
  if (EM_IS_NULL(op) || EM_IS_NULL(up) || EM_IS_NULL(idx)) {
    em_decref(op); em_decref(up); em_decref(idx);
    return -1;
  }
  if (bd[1] < 0) {   /* the batch axis becomes a window dimension of the updates */
    p.n_window = s->n_window + 1;
    p.update_window_dims[0] = 0;
    t_shift1(p.update_window_dims + 1, s->update_window_dims, s->n_window);
    t_shift1(p.inserted_window_dims, s->inserted_window_dims, s->n_inserted);
    t_shift1(p.scatter_dims_to_operand_dims, s->scatter_dims_to_operand_dims, s->n_sdims);
  } else {           /* batched indices: each index vector also picks its example */
    Value ci = with_counts(idx);
    em_decref(idx);
    if (EM_IS_NULL(ci)) { em_decref(op); em_decref(up); return -1; }
    idx = ci;
    t_shift1(p.update_window_dims, s->update_window_dims, s->n_window);
    p.n_inserted = s->n_inserted + 1;
    p.inserted_window_dims[0] = 0;
    t_shift1(p.inserted_window_dims + 1, s->inserted_window_dims, s->n_inserted);
    p.n_sdims = s->n_sdims + 1;
    p.scatter_dims_to_operand_dims[0] = 0;
    t_shift1(p.scatter_dims_to_operand_dims + 1, s->scatter_dims_to_operand_dims, s->n_sdims);
  }
  Value args[3] = {op, idx, up};
  return t_bind_out0(id, 3, args, &p, out, obd);
}

/* start indices (scalars) stacked into one index vector per example: (size, n) */
static Value stack_starts(int n, const Value *starts, const int *bd, int64_t size) {
  Value *cols = calloc((size_t)n + 1, sizeof(Value));
  if (!cols) { em_raise(ERR_MEMORY, "out of memory"); return em_null(); }
  Value r = em_null();
  int i;
  for (i = 0; i < n; i++) {
    Value s = em_incref(starts[i]);   /* an array, a tracer or a Python int: convert binds */
    if (EM_IS_NULL(s)) break;
    Value c = t_convert(s, DT_INT32, 0);
    em_decref(s);
    if (EM_IS_NULL(c)) break;
    Value b = t_batch_at(c, bd[i], 0, size);   /* (size,) */
    em_decref(c);
    if (EM_IS_NULL(b)) break;
    int64_t sh[2] = {size, 1};
    cols[i] = t_reshape(b, 2, sh);
    em_decref(b);
    if (EM_IS_NULL(cols[i])) break;
  }
  if (i == n) r = t_concat(n, cols, 1);
  t_clear(cols, n);
  free(cols);
  return r;
}

static int b_dynamic_slice(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                    int64_t size, Value *out, int *obd) {
  const PShape *s = params;
  int idx_batched = 0;
  for (int i = 1; i < nin; i++) idx_batched |= bd[i] >= 0;
  if (!idx_batched) {
    PShape p;
    memset(&p, 0, sizeof p);
    p.ndim = s->ndim + 1;
    t_prepend64(p.shape, size, s->shape, s->ndim);
    Value *args = calloc((size_t)nin + 1, sizeof(Value));
    if (!args) { em_raise(ERR_MEMORY, "out of memory"); return -1; }
    args[0] = t_moveaxis(in[0], bd[0], 0);
    args[1] = t_scalar(DT_INT32, 0, 0);
    for (int i = 1; i < nin; i++) args[i + 1] = em_incref(in[i]);
    int n = -1;
    if (!EM_IS_NULL(args[0]) && !EM_IS_NULL(args[1]))
      n = t_bind_out0(id, nin + 1, args, &p, out, obd);
    else
      t_clear(args, nin + 1);
    free(args);
    return n;
  }
  /* batched start indices: a gather with one index vector per example */
  int r = s->ndim;
  PGather g;
  memset(&g, 0, sizeof g);
  g.n_offset = r;
  g.n_start = r;
  for (int i = 0; i < r; i++) {
    g.offset_dims[i] = i;
    g.start_index_map[i] = i;
    g.slice_sizes[i] = s->shape[i];
  }
  g.mode = IDX_CLIP;
  Value idx = stack_starts(nin - 1, in + 1, bd + 1, size);
  if (EM_IS_NULL(idx)) return -1;
  Value gin[2] = {in[0], idx};
  int gbd[2] = {bd[0], 0};
  int n = b_gather(PRIM_gather, &g, 2, gin, gbd, size, out, obd);
  em_decref(idx);
  return n;
}

static int b_dynamic_update_slice(PrimId id, const void *params, int nin, const Value *in,
                           const int *bd, int64_t size, Value *out, int *obd) {
  int idx_batched = 0;
  for (int i = 2; i < nin; i++) idx_batched |= bd[i] >= 0;
  if (!idx_batched) {
    Value *args = calloc((size_t)nin + 2, sizeof(Value));
    if (!args) { em_raise(ERR_MEMORY, "out of memory"); return -1; }
    args[0] = t_batch_at(in[0], bd[0], 0, size);
    args[1] = t_batch_at(in[1], bd[1], 0, size);
    args[2] = t_scalar(DT_INT32, 0, 0);
    for (int i = 2; i < nin; i++) args[i + 1] = em_incref(in[i]);
    int n = -1;
    if (!EM_IS_NULL(args[0]) && !EM_IS_NULL(args[1]) && !EM_IS_NULL(args[2]))
      n = t_bind_out0(id, nin + 1, args, params, out, obd);
    else
      t_clear(args, nin + 1);
    free(args);
    return n;
  }
  /* batched starts: clamp them so the update fits (as dynamic_update_slice does), scatter */
  AVal oav, uav;
  if (em_aval(in[0], &oav) < 0 || em_aval(in[1], &uav) < 0) return -1;
  int r = oav.ndim - (bd[0] >= 0);
  int64_t osh[ARR_MAXDIM], ush[ARR_MAXDIM];
  for (int i = 0, k = 0; i < oav.ndim; i++) if (i != bd[0]) osh[k++] = oav.shape[i];
  for (int i = 0, k = 0; i < uav.ndim; i++) if (i != bd[1]) ush[k++] = uav.shape[i];
  Value idx = stack_starts(nin - 2, in + 2, bd + 2, size);
  if (EM_IS_NULL(idx)) return -1;
  int32_t hi[ARR_MAXDIM];
  for (int i = 0; i < r; i++) hi[i] = (int32_t)(osh[i] - ush[i] < 0 ? 0 : osh[i] - ush[i]);
  int64_t rsh[1] = {r};
  Array *ha = arr_from_data(DT_INT32, 1, rsh, hi);
  Value hv = ha ? prim_emitter->wrap(ha) : prim_emitter->raise();
  Value zero = t_scalar(DT_INT32, 0, 0);
  Value c1 = EM_IS_NULL(hv) ? em_null() : t_binary(PRIM_min, idx, hv);
  Value c2 = EM_IS_NULL(c1) ? em_null() : t_binary(PRIM_max, c1, zero);
  em_decref(idx); em_decref(hv); em_decref(zero); em_decref(c1);
  if (EM_IS_NULL(c2)) return -1;
  PScatter sp;
  memset(&sp, 0, sizeof sp);
  sp.n_window = r;
  sp.n_sdims = r;
  for (int i = 0; i < r; i++) { sp.update_window_dims[i] = i; sp.scatter_dims_to_operand_dims[i] = i; }
  sp.mode = IDX_FILL;
  Value sin[3] = {in[0], c2, in[1]};
  int sbd[3] = {bd[0], 0, bd[1]};
  int n = b_scatter(PRIM_scatter, &sp, 3, sin, sbd, size, out, obd);
  em_decref(c2);
  return n;
}


/* {=== parameters ===} */
/* slice_sizes has one entry per operand dim (n_offset + n_collapsed), which a field count cannot
 * say: it prints n_offset entries, as it always has (jaxpr text of gather). */
static const ParamField pf_gather[] = {
    PRIM_FIELD(PGather, n_offset, PT_INT, 0), PRIM_FIELD(PGather, n_collapsed, PT_INT, 0), PRIM_FIELD(PGather, n_start, PT_INT, 0),
    PRIM_FIELD(PGather, offset_dims, PT_INT_ARR, 0), PRIM_FIELD(PGather, collapsed_slice_dims, PT_INT_ARR, 1),
    PRIM_FIELD(PGather, start_index_map, PT_INT_ARR, 2), PRIM_FIELD(PGather, slice_sizes, PT_INT64_ARR, 0),
    PRIM_FIELD(PGather, mode, PT_INT, 0), PRIM_FIELD(PGather, fill_value, PT_DOUBLE, 0)};
static const ParamField pf_scatter[] = {
    PRIM_FIELD(PScatter, n_window, PT_INT, 0), PRIM_FIELD(PScatter, n_inserted, PT_INT, 0), PRIM_FIELD(PScatter, n_sdims, PT_INT, 0),
    PRIM_FIELD(PScatter, update_window_dims, PT_INT_ARR, 0), PRIM_FIELD(PScatter, inserted_window_dims, PT_INT_ARR, 1),
    PRIM_FIELD(PScatter, scatter_dims_to_operand_dims, PT_INT_ARR, 2), PRIM_FIELD(PScatter, mode, PT_INT, 0)};
static const ParamField pf_shape[] = {PRIM_FIELD(PShape, ndim, PT_INT, 0), PRIM_FIELD(PShape, shape, PT_INT64_ARR, 0)};
static void pp_dynamic_slice(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PShape *c = e->params;
  ir_put(pr, "[");
  ir_put_tuple_l(pr, "slice_sizes", c->shape, c->ndim);
  ir_put(pr, "]");
}

/* {=== the entries ===} */
const Prim prim_rows_index[] = {
    {.id = PRIM_gather, .nin = 2, .nout = 1, .kind = PK_INDEX, PARAMS(PGather, pf_gather),
     .rule = rule_gather, .cpu = cpu_k_gather,
     .ad = RK_LINEAR, .lin = 1, .transpose = tp_gather, .batch = b_gather,
     .index_ops = 2, .np_scalar = 1},
    {.id = PRIM_scatter, .nin = 3, .nout = 1, .kind = PK_INDEX, PARAMS(PScatter, pf_scatter),
     .rule = rule_scatter, .cpu = cpu_k_scatter,
     .ad = RK_LINEAR, .lin = 5, .transpose = tp_scatter, .batch = b_scatter,
     .index_ops = 2, .monoid = -1},
    {.id = PRIM_scatter_add, .nin = 3, .nout = 1, .kind = PK_INDEX, PARAMS(PScatter, pf_scatter),
     .rule = rule_scatter, .cpu = cpu_k_scatter,
     .ad = RK_LINEAR, .lin = 5, .transpose = tp_scatter, .batch = b_scatter,
     .index_ops = 2, .monoid = PRIM_add},
    {.id = PRIM_scatter_mul, .nin = 3, .nout = 1, .kind = PK_INDEX, PARAMS(PScatter, pf_scatter),
     .rule = rule_scatter, .cpu = cpu_k_scatter,
     .ad = RK_CUSTOM, .jvp = jvp_scatter_mul, .batch = b_scatter,
     .index_ops = 2, .monoid = PRIM_mul},
    {.id = PRIM_scatter_min, .nin = 3, .nout = 1, .kind = PK_INDEX, PARAMS(PScatter, pf_scatter),
     .rule = rule_scatter, .cpu = cpu_k_scatter,
     .ad = RK_CUSTOM, .jvp = jvp_scatter_extremal, .batch = b_scatter,
     .index_ops = 2, .monoid = PRIM_min},
    {.id = PRIM_scatter_max, .nin = 3, .nout = 1, .kind = PK_INDEX, PARAMS(PScatter, pf_scatter),
     .rule = rule_scatter, .cpu = cpu_k_scatter,
     .ad = RK_CUSTOM, .jvp = jvp_scatter_extremal, .batch = b_scatter,
     .index_ops = 2, .monoid = PRIM_max},
    {.id = PRIM_dynamic_slice, .nin = -1, .nout = 1, .kind = PK_INDEX, PARAMS(PShape, pf_shape),
     .print = pp_dynamic_slice,
     .rule = rule_dynamic_slice, .cpu = cpu_k_dynamic_slice,
     .ad = RK_LINEAR, .lin = 1, .transpose = tp_dynamic_slice, .batch = b_dynamic_slice,
     .index_ops = ~1u},
    {.id = PRIM_dynamic_update_slice, .nin = -1, .nout = 1, .kind = PK_INDEX,
     .rule = rule_dynamic_update_slice, .cpu = cpu_k_dynamic_update_slice,
     .ad = RK_LINEAR, .lin = 3, .transpose = tp_dynamic_update_slice,
     .batch = b_dynamic_update_slice,
     .index_ops = ~3u},
    {.id = PRIM_COUNT}};
