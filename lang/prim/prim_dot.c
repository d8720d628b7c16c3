/* prim_dot.c - products and windows: dot_general, conv_general_dilated and reduce_window
 * (sum, max, min). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "prim_kit.h"

/* {=== shape/dtype rules ===} */
static int rule_dot(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PDot *d = params;
  const AVal *a = &in[0], *b = &in[1];
  char s1[400], s2[400];
  if (prim_same_dtypes(p, in, 2) < 0) return -1;
  if (a->dtype == DT_BOOL) return arr_err(ERR_TYPE, "dot_general does not accept dtype bool.");
  int ma[ARR_MAXDIM] = {0}, mb[ARR_MAXDIM] = {0};
  if (d->nc < 0 || d->nb < 0 || d->nc + d->nb > a->ndim || d->nc + d->nb > b->ndim)
    return arr_err(ERR_TYPE, "dot_general: too many contracting/batch dimensions");
  for (int i = 0; i < d->nc + d->nb; i++) {
    int x = i < d->nc ? d->lhs_contract[i] : d->lhs_batch[i - d->nc];
    int y = i < d->nc ? d->rhs_contract[i] : d->rhs_batch[i - d->nc];
    if (x < 0 || x >= a->ndim || y < 0 || y >= b->ndim || ma[x]++ || mb[y]++)
      return arr_err(ERR_TYPE, "dot_general: invalid or repeated dimension numbers");
  }
  /* JAX compares the contracting (then batch) sizes as tuples and prints those tuples. */
  for (int pass = 0; pass < 2; pass++) {
    int n = pass == 0 ? d->nc : d->nb;
    const int *l = pass == 0 ? d->lhs_contract : d->lhs_batch, *r = pass == 0 ? d->rhs_contract : d->rhs_batch;
    int bad = -1;
    for (int i = 0; i < n; i++) if (a->shape[l[i]] != b->shape[r[i]]) { bad = i; break; }
    if (bad < 0) continue;
    int64_t ls[ARR_MAXDIM], rs[ARR_MAXDIM];
    for (int i = 0; i < n; i++) { ls[i] = a->shape[l[i]]; rs[i] = b->shape[r[i]]; }
    char t1[400], t2[400];
    arr_shape_str(ls, n, t1, sizeof t1);
    arr_shape_str(rs, n, t2, sizeof t2);
    SHAPE(a, s1); SHAPE(b, s2);
    if (pass == 0) {
      arr_err(ERR_TYPE, "dot_general requires contracting dimensions to have the same shape, got %s and %s.", t1, t2);
      arr_err_np(ERR_VALUE, "shapes %s and %s not aligned: %lld (dim %d) != %lld (dim %d)",
                 s1, s2, (long long)a->shape[l[bad]], l[bad], (long long)b->shape[r[bad]], r[bad]);
    } else {
      arr_err(ERR_TYPE, "dot_general requires lhs batch dimensions and rhs batch dimensions to have the same "
                        "shape, got %s and %s.", t1, t2);
      arr_err_np(ERR_VALUE, "operands could not be broadcast together with shapes %s %s ", s1, s2);
    }
    return -1;
  }
  out->dtype = a->dtype;
  out->weak = a->weak && b->weak;
  out->ndim = 0;
  for (int i = 0; i < d->nb; i++) out->shape[out->ndim++] = a->shape[d->lhs_batch[i]];
  for (int i = 0; i < a->ndim; i++) if (!ma[i]) out->shape[out->ndim++] = a->shape[i];
  for (int i = 0; i < b->ndim; i++) if (!mb[i]) out->shape[out->ndim++] = b->shape[i];
  return 1;
}
static int rule_conv(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PConv *c = params;
  const AVal *x = &in[0], *w = &in[1];
  char s1[400], s2[400];
  if (prim_same_dtypes(p, in, 2) < 0) return -1;
  if (!dt_is_float(x->dtype)) return arr_err(ERR_TYPE, "conv_general_dilated requires floating-point inputs, got %s", dtn(x->dtype));
  int nd = c->nsp + 2;
  if (c->nsp < 1 || c->nsp > 3 || x->ndim != nd || w->ndim != nd)
    return arr_err(ERR_TYPE, "conv_general_dilated: lhs %s and rhs %s must both have rank %d",
                   SHAPE(x, s1), SHAPE(w, s2), nd);
  {
    int seen[3][5] = {{0}};
    const int *specs[3] = {c->lhs_spec, c->rhs_spec, c->out_spec};
    for (int k = 0; k < 3; k++)
      for (int j = 0; j < nd; j++) {
        int v = specs[k][j];
        if (v < 0 || v >= nd || seen[k][v]++)
          return arr_err(ERR_VALUE, "conv_general_dilated: dimension numbers must be permutations of 0..%d", nd - 1);
      }
    for (int i = 0; i < c->nsp; i++)
      if (llabs(c->pad_lo[i]) > ((int64_t)1 << 40) || llabs(c->pad_hi[i]) > ((int64_t)1 << 40) ||
          c->lhs_dil[i] > ((int64_t)1 << 30) || c->rhs_dil[i] > ((int64_t)1 << 30))
        return arr_err(ERR_VALUE, "conv_general_dilated: padding or dilation too large");
  }
  int G = c->feature_group_count, BG = c->batch_group_count ? c->batch_group_count : 1;
  if (BG != 1) return arr_err(ERR_NOTIMPL, "conv_general_dilated: batch_group_count > 1 is not supported");
  int64_t N = x->shape[c->lhs_spec[0]], C = x->shape[c->lhs_spec[1]];
  int64_t O = w->shape[c->rhs_spec[0]], I = w->shape[c->rhs_spec[1]];
  if (G < 1 || C != I * G || O % G)
    return arr_err(ERR_TYPE, "conv_general_dilated: lhs feature dimension (%lld) must equal rhs input "
                             "feature dimension (%lld) times feature_group_count (%d), and the "
                             "output feature dimension (%lld) must be a multiple of it",
                   (long long)C, (long long)I, G, (long long)O);
  out->dtype = x->dtype;
  out->weak = 0;
  out->ndim = nd;
  out->shape[c->out_spec[0]] = N;
  out->shape[c->out_spec[1]] = O;
  for (int i = 0; i < c->nsp; i++) {
    int64_t n = x->shape[c->lhs_spec[2 + i]], k = w->shape[c->rhs_spec[2 + i]];
    int64_t ld = c->lhs_dil[i] ? c->lhs_dil[i] : 1, rd = c->rhs_dil[i] ? c->rhs_dil[i] : 1;
    int64_t s = c->strides[i] ? c->strides[i] : 1;
    if (ld < 1 || rd < 1 || s < 1) return arr_err(ERR_VALUE, "conv_general_dilated: strides and dilations must be positive");
    if (n > INT32_MAX || k > INT32_MAX) return arr_err(ERR_VALUE, "conv_general_dilated: spatial dimension too large");
    int64_t nin_d = (n > 0 ? (n - 1) * ld + 1 : 0) + c->pad_lo[i] + c->pad_hi[i];
    int64_t kd = (k > 0 ? (k - 1) * rd + 1 : 0);
    out->shape[c->out_spec[2 + i]] = (nin_d >= kd && nin_d > 0) ? (nin_d - kd) / s + 1 : 0;
  }
  return 1;
}
static int rule_window(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PWindow *w = params;
  if (w->ndim != in[0].ndim) return arr_err(ERR_TYPE, "reduce_window: window rank %d does not match operand rank %d", w->ndim, in[0].ndim);
  if (in[0].dtype == DT_BOOL) return arr_err(ERR_TYPE, "%s does not accept dtype bool.", p->name);
  *out = in[0];
  for (int i = 0; i < w->ndim; i++) {
    if (w->window[i] < 1 || w->strides[i] < 1) return arr_err(ERR_VALUE, "reduce_window: window and strides must be positive");
    if (llabs(w->pad_lo[i]) > ((int64_t)1 << 40) || llabs(w->pad_hi[i]) > ((int64_t)1 << 40) || w->window[i] > ((int64_t)1 << 40))
      return arr_err(ERR_VALUE, "reduce_window: padding or window too large");
    int64_t n = in[0].shape[i] + w->pad_lo[i] + w->pad_hi[i];
    out->shape[i] = n >= w->window[i] ? (n - w->window[i]) / w->strides[i] + 1 : 0;
  }
  return 1;
}

/* select_and_gather_add(t, x): each window of x's chosen element (XLA's select: the first
 * maximum for ge, minimum for le), its value taken from t, x's shape; select_and_scatter_add(s,
 * x): s, of the windows' shape, added at those elements, x's shape. Max/min pooling's JVP and its
 * transpose, as in JAX. */
static int rule_select_window(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PWindow *w = params;
  if (w->select != 1 && w->select != 2) return arr_err(ERR_VALUE, "%s: select_prim must be ge or le", p->name);
  if (!dt_is_float(in[1].dtype) || in[0].dtype != in[1].dtype)
    return arr_err(ERR_TYPE, "%s: operands must be floating point of one dtype, got %s and %s", p->name,
                   arr_dtypes[in[0].dtype].name, arr_dtypes[in[1].dtype].name);
  AVal win;
  if (rule_window(p, &in[1], 1, params, &win) < 0) return -1;
  const AVal *want = p->id == PRIM_select_and_gather_add ? &in[1] : &win;
  int same = in[0].ndim == want->ndim;
  for (int i = 0; same && i < want->ndim; i++) same = in[0].shape[i] == want->shape[i];
  if (!same) return arr_err(ERR_TYPE, "%s: the first operand's shape does not match the %s", p->name,
                            p->id == PRIM_select_and_gather_add ? "operand's" : "windows'");
  *out = p->id == PRIM_select_and_gather_add ? win : in[1];
  out->weak = 0;
  return 1;
}

/* {=== differentiation ===} */
static int remaining(int nd, const int *a, int na, const int *b, int nb, int *out) {
  int n = 0;
  for (int i = 0; i < nd; i++) {
    int in = 0;
    for (int k = 0; k < na; k++) in |= a[k] == i;
    for (int k = 0; k < nb; k++) in |= b[k] == i;
    if (!in) out[n++] = i;
  }
  return n;
}
static Value dot_transpose_lhs(Value g, const AVal *x, Value y, const AVal *yav, const int *xc,
                               const int *yc, int nc, const int *xb, const int *yb, int nb,
                               int swap) {
  int xk[ARR_MAXDIM], yk[ARR_MAXDIM];
  int nxk = remaining(x->ndim, xc, nc, xb, nb, xk);
  int nyk = remaining(yav->ndim, yc, nc, yb, nb, yk);
  int ans_batch[ARR_MAXDIM], ans_y[ARR_MAXDIM];
  for (int i = 0; i < nb; i++) ans_batch[i] = i;
  int ystart = swap ? nb : nb + nxk;
  for (int i = 0; i < nyk; i++) ans_y[i] = ystart + i;
  PDot d;
  memset(&d, 0, sizeof d);
  d.nc = nyk;
  ir_memcpy(d.lhs_contract, ans_y, sizeof(int) * (size_t)nyk);
  ir_memcpy(d.rhs_contract, yk, sizeof(int) * (size_t)nyk);
  d.nb = nb;
  ir_memcpy(d.lhs_batch, ans_batch, sizeof(int) * (size_t)nb);
  ir_memcpy(d.rhs_batch, yb, sizeof(int) * (size_t)nb);
  /* x_contract sorted by y_contract */
  int order[ARR_MAXDIM], xcs[ARR_MAXDIM];
  for (int i = 0; i < nc; i++) order[i] = i;
  for (int i = 1; i < nc; i++)
    for (int j = i; j > 0 && yc[order[j - 1]] > yc[order[j]]; j--) { int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t; }
  for (int i = 0; i < nc; i++) xcs[i] = xc[order[i]];
  int seq[ARR_MAXDIM], n = 0;
  for (int i = 0; i < nb; i++) seq[n++] = xb[i];
  for (int i = 0; i < nxk; i++) seq[n++] = xk[i];
  for (int i = 0; i < nc; i++) seq[n++] = xcs[i];
  int perm[ARR_MAXDIM];   /* argsort(seq) */
  for (int i = 0; i < n; i++) perm[seq[i]] = i;
  Value r = t_dot_general(g, y, &d);
  if (EM_IS_NULL(r)) return r;
  Value t = t_transpose(r, perm);
  em_decref(r);
  return t;
}
static int tp_dot_general(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  const PDot *d = c->params;
  if (need[0]) {
    o[0] = dot_transpose_lhs(CT, &c->in_av[0], X1, &c->in_av[1], d->lhs_contract, d->rhs_contract,
                             d->nc, d->lhs_batch, d->rhs_batch, d->nb, 0);
    if (EM_IS_NULL(o[0])) return -1;
  }
  if (need[1]) {
    o[1] = dot_transpose_lhs(CT, &c->in_av[1], X0, &c->in_av[0], d->rhs_contract, d->lhs_contract,
                             d->nc, d->rhs_batch, d->lhs_batch, d->nb, 1);
    if (EM_IS_NULL(o[1])) return -1;
  }
  for (int i = 0; i < 2; i++)
    if (need[i] && c->in_av[i].dtype != c->out_av[0].dtype) {
      Value v = t_convert(o[i], c->in_av[i].dtype, c->in_av[i].weak);
      em_decref(o[i]);
      if (EM_IS_NULL(o[i] = v)) return -1;
    }
  return 0;
}

/* conv_general_dilated: JAX's _conv_general_dilated_transpose_lhs / _rhs */
static int64_t dilate(int64_t s, int64_t d) { return s == 0 ? 0 : 1 + (d ? d : 1) * (s - 1); }
/* the params of a transposed convolution: ns spatial dims, G feature groups, the rest zero
 * (padding bytes too: params are compared bytewise as cache keys) */
static void conv_like(PConv *q, int ns, int G) {
  memset(q, 0, sizeof *q);
  q->nsp = ns;
  q->feature_group_count = G;
  q->batch_group_count = 1;
}
static int tp_conv(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  const PConv *p = c->params;
  int G = p->feature_group_count > 1 ? p->feature_group_count : 1;
  if (p->batch_group_count > 1) {   /* the engine does not run them either */
    em_raise(ERR_NOTIMPL, "transpose of conv_general_dilated with "
              "batch_group_count > 1 is not supported");
    return -1;
  }
  const AVal *x = &c->in_av[0], *w = &c->in_av[1], *y = &c->out_av[0];
  int ns = p->nsp;
  if (need[0]) {
    PConv q;
    conv_like(&q, ns, G);
    /* trans dims: (out_spec, transposed rhs_spec, lhs_spec) */
    ir_memcpy(q.lhs_spec, p->out_spec, sizeof q.lhs_spec);
    q.rhs_spec[0] = p->rhs_spec[1];
    q.rhs_spec[1] = p->rhs_spec[0];
    for (int i = 0; i < ns; i++) q.rhs_spec[2 + i] = p->rhs_spec[2 + i];
    ir_memcpy(q.out_spec, p->lhs_spec, sizeof q.out_spec);
    int sd[3];
    for (int i = 0; i < ns; i++) {
      int64_t ld = dilate(x->shape[p->lhs_spec[2 + i]], p->lhs_dil[i]);
      int64_t rd = dilate(w->shape[p->rhs_spec[2 + i]], p->rhs_dil[i]);
      int64_t od = dilate(y->shape[p->out_spec[2 + i]], p->strides[i]);
      int64_t before = rd - p->pad_lo[i] - 1;
      int64_t after = ld + rd - 1 - od - before;
      q.pad_lo[i] = before;
      q.pad_hi[i] = after;
      q.strides[i] = p->lhs_dil[i] ? p->lhs_dil[i] : 1;
      q.lhs_dil[i] = p->strides[i] ? p->strides[i] : 1;
      q.rhs_dil[i] = p->rhs_dil[i] ? p->rhs_dil[i] : 1;
      sd[i] = p->rhs_spec[2 + i];
    }
    PAxes rv;
    memset(&rv, 0, sizeof rv);
    rv.naxes = ns;
    for (int i = 0; i < ns; i++) rv.axes[i] = sd[i];
    /* rev wants sorted axes */
    for (int i = 1; i < ns; i++)
      for (int j = i; j > 0 && rv.axes[j - 1] > rv.axes[j]; j--) { int t = rv.axes[j]; rv.axes[j] = rv.axes[j - 1]; rv.axes[j - 1] = t; }
    /* groups: the kernel's output-feature groups move into its input features */
    Value w1 = G > 1 ? t_reshape_axis_out_of(X1, p->rhs_spec[0], G) : em_incref(X1);
    Value wg = G > 1 && !EM_IS_NULL(w1) ? t_reshape_axis_into(w1, p->rhs_spec[0], p->rhs_spec[1])
                                         : em_incref(w1);
    em_decref(w1);
    Value rw = EM_IS_NULL(wg) ? wg : t_bind1(PRIM_rev, 1, &wg, &rv);
    em_decref(wg);
    if (EM_IS_NULL(rw)) return -1;
    Value in[2] = {CT, rw};
    o[0] = t_bind1(PRIM_conv, 2, in, &q);
    em_decref(rw);
    if (EM_IS_NULL(o[0])) return -1;
  }
  if (need[1]) {
    /* groups (JAX uses batch_group_count here): the input's feature groups move into its
     * batch dim, which the transposed convolution contracts group by group */
    PConv q;
    conv_like(&q, ns, G);
    /* trans dims: (lhs_trans, out_trans, rhs_trans), spec_transpose swaps the first two */
    q.lhs_spec[0] = p->lhs_spec[1]; q.lhs_spec[1] = p->lhs_spec[0];
    q.rhs_spec[0] = p->out_spec[1]; q.rhs_spec[1] = p->out_spec[0];
    q.out_spec[0] = p->rhs_spec[1]; q.out_spec[1] = p->rhs_spec[0];
    for (int i = 0; i < ns; i++) {
      q.lhs_spec[2 + i] = p->lhs_spec[2 + i];
      q.rhs_spec[2 + i] = p->out_spec[2 + i];
      q.out_spec[2 + i] = p->rhs_spec[2 + i];
      int64_t ld = dilate(x->shape[p->lhs_spec[2 + i]], p->lhs_dil[i]);
      int64_t rd = dilate(w->shape[p->rhs_spec[2 + i]], p->rhs_dil[i]);
      int64_t od = dilate(y->shape[p->out_spec[2 + i]], p->strides[i]);
      q.pad_lo[i] = p->pad_lo[i];
      q.pad_hi[i] = (od - ld) + (rd - p->pad_lo[i] - 1);
      q.strides[i] = p->rhs_dil[i] ? p->rhs_dil[i] : 1;
      q.lhs_dil[i] = p->lhs_dil[i] ? p->lhs_dil[i] : 1;
      q.rhs_dil[i] = p->strides[i] ? p->strides[i] : 1;
    }
    Value x1 = G > 1 ? t_reshape_axis_out_of(X0, p->lhs_spec[1], G) : em_incref(X0);
    Value xg = G > 1 && !EM_IS_NULL(x1) ? t_reshape_axis_into(x1, p->lhs_spec[1], p->lhs_spec[0])
                                         : em_incref(x1);
    em_decref(x1);
    Value in[2] = {xg, CT};
    o[1] = EM_IS_NULL(xg) ? xg : t_bind1(PRIM_conv, 2, in, &q);
    em_decref(xg);
    if (EM_IS_NULL(o[1])) return -1;
  }
  return 0;
}

/* Windows that tile the operand (window == stride, no padding: average pooling): each input
 * element lies in at most one window, so the transpose repeats each cotangent entry over its
 * window (a broadcast into (od, s) pairs of dims, merged) and zero-fills the uncovered tail.
 * The entries get + 0.0 first: the pad-and-sum rule's window sum of one entry and zeros turns
 * -0.0 into 0.0. It writes the input's size once, not a padded copy 2**d times larger summed
 * tap by tap. 1: not this case. */
static int tp_window_tiles(const PWindow *w, const AVal *x, const AVal *y, Value ctv, Value *o) {
  int nd = x->ndim, bn = 0, bd[ARR_MAXDIM];
  int64_t bs[ARR_MAXDIM], rs[ARR_MAXDIM], lo[ARR_MAXDIM], hi[ARR_MAXDIM], in[ARR_MAXDIM];
  int tail = 0;
  for (int i = 0; i < nd; i++) {
    int64_t s = w->strides[i] ? w->strides[i] : 1;
    if (w->window[i] != s || w->pad_lo[i] || w->pad_hi[i] || y->shape[i] < 1
        || y->shape[i] > x->shape[i] / s || bn + (s > 1) + 1 > ARR_MAXDIM)
      return 1;
    bd[i] = bn;
    bs[bn++] = y->shape[i];
    if (s > 1) bs[bn++] = s;
    rs[i] = y->shape[i] * s;
    lo[i] = in[i] = 0;
    hi[i] = x->shape[i] - rs[i];
    if (hi[i]) tail = 1;
  }
  Value z0 = t_scalar(y->dtype, 0, 1);
  Value c0 = EM_IS_NULL(z0) ? z0 : t_add(ctv, z0);
  em_decref(z0);
  Value b = EM_IS_NULL(c0) ? c0 : t_bcast_in_dim(c0, bn, bs, bd);
  em_decref(c0);
  Value t = EM_IS_NULL(b) ? b : t_reshape(b, nd, rs);
  em_decref(b);
  if (EM_IS_NULL(t)) return -1;
  if (tail) {
    Value z = t_scalar(y->dtype, 0, 0);
    Value p = EM_IS_NULL(z) ? z : t_pad(t, z, lo, hi, in);
    em_decref(z);
    em_decref(t);
    t = p;
    if (EM_IS_NULL(t)) return -1;
  }
  o[0] = t;
  return 0;
}

/* reduce_window_sum is linear: its transpose (JAX's _reduce_window_sum_transpose_rule) pads the
 * cotangent, interior stride-1 zeros between its entries, and sums windows of it with stride 1:
 * one pad and one window pass instead of a slice and a pad per window tap. */
static int tp_window_sum(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  if (!need[0]) return 0;
  const PWindow *w = c->params;
  const AVal *x = &c->in_av[0], *y = &c->out_av[0];
  int nd = x->ndim;
  int r = tp_window_tiles(w, x, y, CT, o);
  if (r <= 0) return r;
  int64_t lo[ARR_MAXDIM], hi[ARR_MAXDIM], in[ARR_MAXDIM];
  PWindow q;
  memset(&q, 0, sizeof q);
  q.ndim = nd;
  for (int i = 0; i < nd; i++) {
    int64_t s = w->strides[i] ? w->strides[i] : 1;
    int64_t od = y->shape[i] ? (y->shape[i] - 1) * s + 1 : 0;
    lo[i] = w->window[i] - w->pad_lo[i] - 1;
    hi[i] = x->shape[i] + w->window[i] - 1 - od - lo[i];
    in[i] = s - 1;
    q.window[i] = w->window[i];
    q.strides[i] = 1;
  }
  Value z = t_scalar(y->dtype, 0, 0);
  Value pc = EM_IS_NULL(z) ? z : t_pad(CT, z, lo, hi, in);
  em_decref(z);
  if (EM_IS_NULL(pc)) return -1;
  o[0] = t_bind1(PRIM_reduce_window_sum, 1, &pc, &q);
  em_decref(pc);
  return EM_IS_NULL(o[0]) ? -1 : 0;
}

/* reduce_window_max/min: the tangent of each window's first extreme element (JAX's
 * _reduce_window_chooser_jvp_rule); reverse mode transposes it into select_and_scatter_add */
static int jvp_window_chooser(PrimId id, const void *params, int nin, const Value *p, const Value *t,
                              Value *out, Value *tout) {
  if (t_jvp_primal(id, params, 1, p, out, tout) < 0) return -1;
  if (EM_IS_NULL(t[0]) || !t_is_float(p[0])) return 1;
  PWindow q = *(const PWindow *)params;
  q.select = id == PRIM_reduce_window_max ? 1 : 2;
  Value args[2] = {t[0], p[0]};
  tout[0] = t_bind1(PRIM_select_and_gather_add, 2, args, &q);
  if (EM_IS_NULL(tout[0])) { em_clear(&out[0]); return -1; }
  return 1;
}
/* select_and_gather_add and select_and_scatter_add are linear in operand 0 and each other's
 * transpose */
static int tp_select_window(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  if (!need[0]) return 0;
  PrimId other = c->id == PRIM_select_and_gather_add ? PRIM_select_and_scatter_add : PRIM_select_and_gather_add;
  Value args[2] = {CT, c->in[1]};
  o[0] = t_bind1(other, 2, args, c->params);
  return EM_IS_NULL(o[0]) ? -1 : 0;
}

/* {=== batching ===} */
static int b_dot_general(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                  int64_t size, Value *out, int *obd) {
  const PDot *d = params;
  PDot p = *d;
  Value a = bd[0] >= 0 ? t_moveaxis(in[0], bd[0], 0) : em_incref(in[0]);
  Value b = bd[1] >= 0 ? t_moveaxis(in[1], bd[1], 0) : em_incref(in[1]);
  if (EM_IS_NULL(a) || EM_IS_NULL(b)) { em_decref(a); em_decref(b); return -1; }
  int ra = t_rank(a) - (bd[0] >= 0);
  int sa = bd[0] >= 0, sb = bd[1] >= 0;
  for (int i = 0; i < d->nc; i++) { p.lhs_contract[i] = d->lhs_contract[i] + sa; p.rhs_contract[i] = d->rhs_contract[i] + sb; }
  for (int i = 0; i < d->nb; i++) { p.lhs_batch[i] = d->lhs_batch[i] + sa; p.rhs_batch[i] = d->rhs_batch[i] + sb; }
  int ob;
  if (sa && sb) {
    p.nb = d->nb + 1;
    ir_memmove(p.lhs_batch + 1, p.lhs_batch, sizeof(int) * (size_t)d->nb);
    ir_memmove(p.rhs_batch + 1, p.rhs_batch, sizeof(int) * (size_t)d->nb);
    p.lhs_batch[0] = 0;
    p.rhs_batch[0] = 0;
    ob = 0;
  } else if (sa) {
    ob = d->nb;
  } else if (t_rank(b) - 1 - d->nc - d->nb == 0) {
    /* only the rhs is batched and the batch axis is its only free dim (matrix @ vector under
     * vmap): with the operands swapped the result comes out (..., batch, lhs free), which is
     * the same layout with the batch axis in front of the lhs free dims, instead of after them
     * (no transpose of the result later: batched_predict's w @ x gives x @ w^T directly) */
    PDot q;
    memset(&q, 0, sizeof q);
    q.nc = p.nc;
    q.nb = p.nb;
    ir_memcpy(q.lhs_contract, p.rhs_contract, sizeof(int) * (size_t)p.nc);
    ir_memcpy(q.rhs_contract, p.lhs_contract, sizeof(int) * (size_t)p.nc);
    ir_memcpy(q.lhs_batch, p.rhs_batch, sizeof(int) * (size_t)p.nb);
    ir_memcpy(q.rhs_batch, p.lhs_batch, sizeof(int) * (size_t)p.nb);
    Value sw[2] = {b, a};
    int n = em_bind(id, 2, sw, &q, out);
    t_clear(sw, 2);
    obd[0] = d->nb;
    return n;
  } else {
    ob = d->nb + (ra - d->nc - d->nb);
  }
  Value args[2] = {a, b};
  int n = em_bind(id, 2, args, &p, out);
  t_clear(args, 2);
  obd[0] = ob;
  return n;
}

static int b_conv(PrimId id, const void *params, int nin, const Value *in, const int *bd, int64_t size,
           Value *out, int *obd) {
  const PConv *c = params;
  PConv p = *c;
  Value lhs = em_null(), rhs = em_null(), r = em_null();
  int od;
  if (bd[0] >= 0 && bd[1] >= 0) {
    lhs = t_reshape_axis_into(in[0], bd[0], c->lhs_spec[1]);
    rhs = t_reshape_axis_into(in[1], bd[1], c->rhs_spec[0]);
    p.feature_group_count = c->feature_group_count * (int)size;
    od = c->out_spec[1];
  } else if (bd[0] >= 0) {
    lhs = t_reshape_axis_into(in[0], bd[0], c->lhs_spec[0]);
    rhs = em_incref(in[1]);
    od = c->out_spec[0];
  } else if (c->feature_group_count == 1) {
    lhs = em_incref(in[0]);
    rhs = t_reshape_axis_into(in[1], bd[1], c->rhs_spec[0]);
    od = c->out_spec[1];
  } else {
    /* JAX's batching rule: the groups must stay outermost in the kernel's output features, so
     * factor them out, fold the batch into what remains, and put them back (same on the
     * output) */
    int G = c->feature_group_count, o = c->rhs_spec[0], b = bd[1];
    Value r1 = t_reshape_axis_out_of(in[1], o + (b <= o), G);
    Value r2 = EM_IS_NULL(r1) ? r1 : t_reshape_axis_into(r1, b + (o < b), o + 1);
    rhs = EM_IS_NULL(r2) ? r2 : t_reshape_axis_into(r2, o, o);
    em_decref(r1);
    em_decref(r2);
    lhs = em_incref(in[0]);
    Value args[2] = {lhs, rhs};
    if (!EM_IS_NULL(rhs)) r = t_bind1(id, 2, args, &p);
    em_decref(lhs);
    em_decref(rhs);
    if (EM_IS_NULL(r)) return -1;
    od = c->out_spec[1];
    Value o1 = t_reshape_axis_out_of(r, od, G);
    em_decref(r);
    Value o2 = EM_IS_NULL(o1) ? o1 : t_reshape_axis_out_of(o1, od + 1, size);
    em_decref(o1);
    out[0] = EM_IS_NULL(o2) ? o2 : t_reshape_axis_into(o2, od, od + 1);
    em_decref(o2);
    obd[0] = od;
    return EM_IS_NULL(out[0]) ? -1 : 1;
  }
  if (!EM_IS_NULL(lhs) && !EM_IS_NULL(rhs)) {
    Value args[2] = {lhs, rhs};
    r = t_bind1(id, 2, args, &p);
  }
  em_decref(lhs);
  em_decref(rhs);
  if (EM_IS_NULL(r)) return -1;
  out[0] = t_reshape_axis_out_of(r, od, size);
  em_decref(r);
  obd[0] = od;
  return EM_IS_NULL(out[0]) ? -1 : 1;
}

/* the window of operands that gained a leading batch axis: a window of 1 there */
static void window_front(const PWindow *w, PWindow *p) {
  memset(p, 0, sizeof *p);
  p->ndim = w->ndim + 1;
  t_prepend64(p->window, 1, w->window, w->ndim);
  t_prepend64(p->strides, 1, w->strides, w->ndim);
  t_prepend64(p->pad_lo, 0, w->pad_lo, w->ndim);
  t_prepend64(p->pad_hi, 0, w->pad_hi, w->ndim);
  p->select = w->select;
}
static int b_window(PrimId id, const void *params, int nin, const Value *in, const int *bd,
             int64_t size, Value *out, int *obd) {
  PWindow p;
  window_front(params, &p);
  if (nin == 2) return t_all_front(id, 2, in, bd, size, &p, out, obd);   /* select_and_*_add */
  return t_front1(id, in, bd, &p, out, obd);
}


/* {=== parameters ===} */
static const ParamField pf_dot[] = {
    PRIM_FIELD(PDot, nc, PT_INT, 0), PRIM_FIELD(PDot, nb, PT_INT, 0), PRIM_FIELD(PDot, lhs_contract, PT_INT_ARR, 0),
    PRIM_FIELD(PDot, rhs_contract, PT_INT_ARR, 0), PRIM_FIELD(PDot, lhs_batch, PT_INT_ARR, 1), PRIM_FIELD(PDot, rhs_batch, PT_INT_ARR, 1)};
static const ParamField pf_conv[] = {
    PRIM_FIELD(PConv, nsp, PT_INT, 0), PRIM_FIELD(PConv, strides, PT_INT64_ARR, 0), PRIM_FIELD(PConv, pad_lo, PT_INT64_ARR, 0),
    PRIM_FIELD(PConv, pad_hi, PT_INT64_ARR, 0), PRIM_FIELD(PConv, lhs_dil, PT_INT64_ARR, 0), PRIM_FIELD(PConv, rhs_dil, PT_INT64_ARR, 0),
    PRIM_FIELD(PConv, lhs_spec, PT_INT_ARR, -5), PRIM_FIELD(PConv, rhs_spec, PT_INT_ARR, -5), PRIM_FIELD(PConv, out_spec, PT_INT_ARR, -5),
    PRIM_FIELD(PConv, feature_group_count, PT_INT, 0), PRIM_FIELD(PConv, batch_group_count, PT_INT, 0)};
static const ParamField pf_window[] = {
    PRIM_FIELD(PWindow, ndim, PT_INT, 0), PRIM_FIELD(PWindow, window, PT_INT64_ARR, 0), PRIM_FIELD(PWindow, strides, PT_INT64_ARR, 0),
    PRIM_FIELD(PWindow, pad_lo, PT_INT64_ARR, 0), PRIM_FIELD(PWindow, pad_hi, PT_INT64_ARR, 0)};
static const ParamField pf_select_window[] = {
    PRIM_FIELD(PWindow, ndim, PT_INT, 0), PRIM_FIELD(PWindow, window, PT_INT64_ARR, 0), PRIM_FIELD(PWindow, strides, PT_INT64_ARR, 0),
    PRIM_FIELD(PWindow, pad_lo, PT_INT64_ARR, 0), PRIM_FIELD(PWindow, pad_hi, PT_INT64_ARR, 0), PRIM_FIELD(PWindow, select, PT_INT, 0)};

/* dot_general in jaxpr text: preferred_element_type is the output's dtype (the graph's) */
static void pp_dot(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PDot *c = e->params;
  ir_put(pr, "[dimension_numbers=((");
  ir_put_list_i(pr, c->lhs_contract, c->nc);
  ir_put(pr, ", ");
  ir_put_list_i(pr, c->rhs_contract, c->nc);
  ir_put(pr, "), (");
  ir_put_list_i(pr, c->lhs_batch, c->nb);
  ir_put(pr, ", ");
  ir_put_list_i(pr, c->rhs_batch, c->nb);
  ir_put(pr, ")) precision=None preferred_element_type=%s]", dtn(g->avals[e->out[0]].dtype));
}

/* {=== the entries ===} */
const Prim prim_rows_dot[] = {
    {.id = PRIM_dot_general, .nin = 2, .nout = 1, .kind = PK_OTHER, PARAMS(PDot, pf_dot),
     .print = pp_dot,
     .rule = rule_dot, .cpu = cpu_k_dot,
     .ad = RK_BILINEAR, .lin = 3, .transpose = tp_dot_general, .batch = b_dot_general,
     .np_scalar = 1},
    {.id = PRIM_conv, .nin = 2, .nout = 1, .kind = PK_OTHER, PARAMS(PConv, pf_conv),
     .rule = rule_conv, .cpu = cpu_k_conv,
     .ad = RK_BILINEAR, .lin = 3, .transpose = tp_conv, .batch = b_conv},
    {.id = PRIM_reduce_window_sum, .nin = 1, .nout = 1, .kind = PK_OTHER,
     PARAMS(PWindow, pf_window),
     .rule = rule_window, .cpu = cpu_k_window, .reduce_identity = RI_ZERO,
     .ad = RK_LINEAR, .lin = LIN_ALL, .transpose = tp_window_sum,
     .batch = b_window, .monoid = PRIM_add},
    {.id = PRIM_reduce_window_max, .nin = 1, .nout = 1, .kind = PK_OTHER,
     PARAMS(PWindow, pf_window),
     .rule = rule_window, .cpu = cpu_k_window, .reduce_identity = RI_LOWEST,
     .ad = RK_CUSTOM, .jvp = jvp_window_chooser, .batch = b_window,
     .monoid = PRIM_max},
    {.id = PRIM_reduce_window_min, .nin = 1, .nout = 1, .kind = PK_OTHER,
     PARAMS(PWindow, pf_window),
     .rule = rule_window, .cpu = cpu_k_window, .reduce_identity = RI_HIGHEST,
     .ad = RK_CUSTOM, .jvp = jvp_window_chooser, .batch = b_window,
     .monoid = PRIM_min},
    {.id = PRIM_select_and_gather_add, .nin = 2, .nout = 1, .kind = PK_OTHER,
     PARAMS(PWindow, pf_select_window),
     .rule = rule_select_window, .cpu = cpu_k_select_window,
     .ad = RK_LINEAR, .lin = 1, .transpose = tp_select_window, .batch = b_window},
    {.id = PRIM_select_and_scatter_add, .nin = 2, .nout = 1, .kind = PK_OTHER,
     PARAMS(PWindow, pf_select_window),
     .rule = rule_select_window, .cpu = cpu_k_select_window,
     .ad = RK_LINEAR, .lin = 1, .transpose = tp_select_window, .batch = b_window},
    {.id = PRIM_COUNT}};
