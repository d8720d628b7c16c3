/* rules.c - one row per primitive: how it differentiates and batches (rules.h explains the
 * kinds). Partial derivatives, transposes and decompositions are written with tr_bind, so
 * every rule is itself differentiable, batchable and stageable. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "transform/transform.h"

/* {=== small helpers ===} */
#define X0 (c->in[0])
#define X1 (c->in[1])
#define Z0 (c->out[0])
#define NEED(i) (need[i])

static Value sq(Value x) { return t_mul(x, x); }
static Value recip(Value x) { return t_unary(PRIM_reciprocal, x); }
static Value un(PrimId id, Value x) { return t_unary(id, x); }
/* f(a, b) consuming both (V_NULL propagates) */
static Value consume2(Value (*f)(Value, Value), Value a, Value b) {
  Value r = (VAL_IS_NULL(a) || VAL_IS_NULL(b)) ? val_null() : f(a, b);
  val_decref(a); val_decref(b);
  return r;
}
static Value mul_(Value a, Value b) { return consume2(t_mul, a, b); }
static Value add_(Value a, Value b) { return consume2(t_add, a, b); }
static Value sub_(Value a, Value b) { return consume2(t_sub, a, b); }
static Value div_(Value a, Value b) { return consume2(t_div, a, b); }
static Value scale_(Value a, double s) {
  Value r = VAL_IS_NULL(a) ? a : t_mul_scalar(a, s);
  val_decref(a);
  return r;
}
static Value shift_(Value a, double s) {
  Value r = VAL_IS_NULL(a) ? a : t_add_scalar(a, s);
  val_decref(a);
  return r;
}
static Value un_(PrimId id, Value a) {
  Value r = VAL_IS_NULL(a) ? a : t_unary(id, a);
  val_decref(a);
  return r;
}
/* 1 - x*x */
static Value one_minus_sq(Value x) { return shift_(scale_(sq(x), -1.0), 1.0); }
#define RET1(expr) do { d[0] = (expr); return VAL_IS_NULL(d[0]) ? -1 : 0; } while (0)

/* {=== partial derivatives of elementwise primitives ===} */
static int d_abs(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(un(PRIM_sign, X0)); }
static int d_exp(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(val_incref(Z0)); }
static int d_exp2(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(t_mul_scalar(Z0, M_LN2)); }
static int d_log(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(recip(X0)); }
static int d_log2(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(un_(PRIM_reciprocal, scale_(val_incref(X0), M_LN2))); }
static int d_log10(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(un_(PRIM_reciprocal, scale_(val_incref(X0), M_LN10))); }
static int d_log1p(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(un_(PRIM_reciprocal, t_add_scalar(X0, 1.0))); }
static int d_expm1(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(t_add_scalar(Z0, 1.0)); }
static int d_sqrt(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(scale_(recip(Z0), 0.5)); }
static int d_rsqrt(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(scale_(t_div(Z0, X0), -0.5)); }
static int d_cbrt(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(scale_(t_integer_pow(Z0, -2), 1.0 / 3.0)); }
static int d_sin(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(un(PRIM_cos, X0)); }
static int d_cos(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(un_(PRIM_neg, un(PRIM_sin, X0))); }
static int d_tan(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(shift_(sq(Z0), 1.0)); }
static int d_asin(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(un_(PRIM_rsqrt, one_minus_sq(X0))); }
static int d_acos(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(un_(PRIM_neg, un_(PRIM_rsqrt, one_minus_sq(X0)))); }
static int d_atan(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(un_(PRIM_reciprocal, shift_(sq(X0), 1.0))); }
static int d_sinh(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(un(PRIM_cosh, X0)); }
static int d_cosh(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(un(PRIM_sinh, X0)); }
static int d_tanh(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(one_minus_sq(Z0)); }
static int d_asinh(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(un_(PRIM_rsqrt, shift_(sq(X0), 1.0))); }
static int d_acosh(const RuleCtx *c, const uint8_t *need, Value *d) {
  RET1(un_(PRIM_rsqrt, mul_(t_add_scalar(X0, -1.0), t_add_scalar(X0, 1.0))));
}
static int d_atanh(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(un_(PRIM_reciprocal, one_minus_sq(X0))); }
static int d_logistic(const RuleCtx *c, const uint8_t *need, Value *d) {
  RET1(mul_(val_incref(Z0), shift_(scale_(val_incref(Z0), -1.0), 1.0)));
}
static int d_erf(const RuleCtx *c, const uint8_t *need, Value *d) {
  RET1(scale_(un_(PRIM_exp, un_(PRIM_neg, sq(X0))), 2.0 / sqrt(M_PI)));
}
static int d_erfc(const RuleCtx *c, const uint8_t *need, Value *d) {
  RET1(scale_(un_(PRIM_exp, un_(PRIM_neg, sq(X0))), -2.0 / sqrt(M_PI)));
}
static int d_erf_inv(const RuleCtx *c, const uint8_t *need, Value *d) {
  RET1(scale_(un_(PRIM_exp, sq(Z0)), sqrt(M_PI) / 2.0));
}
/* digamma written with primitives, so that lgamma's derivative differentiates again: the
 * reflection psi(x) = psi(1 - x) - pi / tan(pi x) below 1/2, the recurrence
 * psi(y) = psi(y + 6) - sum_{k<6} 1 / (y + k), and the asymptotic series at z = y + 6 >= 6.5
 * (truncation error below 1e-11). */
static Value digamma_(Value x) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  Value half = t_scalar(av.dtype, 0.5, 1);
  Value refl = VAL_IS_NULL(half) ? half : t_binary(PRIM_lt, x, half);
  val_decref(half);
  if (VAL_IS_NULL(refl)) return refl;
  Value omx = shift_(scale_(val_incref(x), -1.0), 1.0);
  Value y = VAL_IS_NULL(omx) ? omx : t_select(refl, omx, x);
  val_decref(omx);
  Value acc = VAL_IS_NULL(y) ? y : recip(y);
  for (int k = 1; k < 6 && !VAL_IS_NULL(acc); k++) acc = add_(acc, un_(PRIM_reciprocal, t_add_scalar(y, k)));
  Value z = VAL_IS_NULL(y) ? y : t_add_scalar(y, 6.0);
  val_decref(y);
  Value iz = VAL_IS_NULL(z) ? z : recip(z);
  Value iz2 = VAL_IS_NULL(iz) ? iz : sq(iz);
  /* 1/12 - iz2 (1/120 - iz2 (1/252 - iz2 (1/240 - iz2 / 132))) */
  static const double coef[5] = {1.0 / 12, 1.0 / 120, 1.0 / 252, 1.0 / 240, 1.0 / 132};
  Value poly = VAL_IS_NULL(iz2) ? iz2 : t_full_like(iz2, coef[4]);
  for (int k = 3; k >= 0 && !VAL_IS_NULL(poly); k--)
    poly = shift_(scale_(mul_(val_incref(iz2), poly), -1.0), coef[k]);
  Value psi = sub_(sub_(un(PRIM_log, z), scale_(val_incref(iz), 0.5)), mul_(val_incref(iz2), poly));
  psi = sub_(psi, acc);
  val_decref(z);
  val_decref(iz);
  val_decref(iz2);
  /* reflection term at a safe point where it is not selected (no inf/NaN in derivatives) */
  Value q = t_full_like(x, 0.25);
  Value xs = VAL_IS_NULL(q) ? q : t_select(refl, x, q);
  val_decref(q);
  Value corr = scale_(un_(PRIM_reciprocal, un_(PRIM_tan, scale_(xs, M_PI))), M_PI);
  Value pr = (VAL_IS_NULL(psi) || VAL_IS_NULL(corr)) ? val_null() : t_sub(psi, corr);
  val_decref(corr);
  Value r = (VAL_IS_NULL(pr) || VAL_IS_NULL(psi)) ? val_null() : t_select(refl, pr, psi);
  val_decref(pr);
  val_decref(psi);
  val_decref(refl);
  return r;
}
static int d_lgamma(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(digamma_(X0)); }
static int d_square(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(t_mul_scalar(X0, 2.0)); }
static int d_reciprocal(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(un_(PRIM_neg, sq(Z0))); }

static int d_integer_pow(const RuleCtx *c, const uint8_t *need, Value *d) {
  int64_t y = ((const PIntPow *)c->params)->y;
  if (y == 0) { d[0] = val_null(); return 0; }
  if (y == 1) RET1(t_full(&c->in_av[0], 1.0));
  RET1(scale_(y == 2 ? val_incref(X0) : t_integer_pow(X0, y - 1), (double)y));
}

static int d_mul(const RuleCtx *c, const uint8_t *need, Value *d) {
  if (NEED(0)) d[0] = val_incref(X1);
  if (NEED(1)) d[1] = val_incref(X0);
  return 0;
}
static int d_div(const RuleCtx *c, const uint8_t *need, Value *d) {
  if (NEED(0) && VAL_IS_NULL(d[0] = recip(X1))) return -1;
  if (NEED(1) && VAL_IS_NULL(d[1] = un_(PRIM_neg, t_div(Z0, X1)))) return -1;
  return 0;
}
static Value eqz(Value x) {   /* x == 0 */
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  Value z = t_scalar(av.dtype, 0, 1);
  Value r = VAL_IS_NULL(z) ? z : t_binary(PRIM_eq, x, z);
  val_decref(z);
  return r;
}
static int d_pow(const RuleCtx *c, const uint8_t *need, Value *d) {
  if (NEED(0)) {
    /* y * x^(y-1), 0 where y == 0 */
    Value ym1 = t_add_scalar(X1, -1.0);
    Value p = VAL_IS_NULL(ym1) ? ym1 : t_binary(PRIM_pow, X0, ym1);
    val_decref(ym1);
    Value j = mul_(p, val_incref(X1));
    Value m = eqz(X1);
    Value zero = VAL_IS_NULL(j) ? j : t_full_like(j, 0.0);
    d[0] = (VAL_IS_NULL(m) || VAL_IS_NULL(j) || VAL_IS_NULL(zero)) ? val_null() : t_select(m, zero, j);
    val_decref(m); val_decref(zero); val_decref(j);
    if (VAL_IS_NULL(d[0])) return -1;
  }
  if (NEED(1)) {
    /* log(x) * x^y, with x == 0 giving 0 */
    Value m = eqz(X0);
    Value one = t_full_like(X0, 1.0);
    Value xs = (VAL_IS_NULL(m) || VAL_IS_NULL(one)) ? val_null() : t_select(m, one, X0);
    Value j = mul_(un_(PRIM_log, xs), val_incref(Z0));
    Value zero = VAL_IS_NULL(j) ? j : t_full_like(j, 0.0);
    Value mb = VAL_IS_NULL(m) || VAL_IS_NULL(j) ? val_null() : t_broadcast_to(m, c->out_av[0].ndim, c->out_av[0].shape);
    d[1] = (VAL_IS_NULL(mb) || VAL_IS_NULL(zero)) ? val_null() : t_select(mb, zero, j);
    val_decref(m); val_decref(one); val_decref(j); val_decref(zero); val_decref(mb);
    if (VAL_IS_NULL(d[1])) return -1;
  }
  return 0;
}
/* 1 where x == z (0.5 where y == z too), else 0 (JAX's balanced tie rule for max/min) */
static Value balanced_eq(Value x, Value z, Value y) {
  AVal av;
  if (lx_aval(z, &av) < 0) return val_null();
  /* scalar constants: select broadcasts them (no full-size fills per call) */
  Value ex = t_binary(PRIM_eq, x, z), ey = t_binary(PRIM_eq, y, z);
  Value one = t_scalar(av.dtype, 1.0, 0), half = t_scalar(av.dtype, 0.5, 0), zero = t_scalar(av.dtype, 0.0, 0);
  Value r = val_null();
  if (!VAL_IS_NULL(ex) && !VAL_IS_NULL(ey) && !VAL_IS_NULL(one) && !VAL_IS_NULL(half) && !VAL_IS_NULL(zero)) {
    Value exb = t_broadcast_to(ex, av.ndim, av.shape), eyb = t_broadcast_to(ey, av.ndim, av.shape);
    Value inner = (VAL_IS_NULL(eyb)) ? val_null() : t_select(eyb, half, one);
    if (!VAL_IS_NULL(inner) && !VAL_IS_NULL(exb)) r = t_select(exb, inner, zero);
    val_decref(exb); val_decref(eyb); val_decref(inner);
  }
  val_decref(ex); val_decref(ey); val_decref(one); val_decref(half); val_decref(zero);
  return r;
}
static int d_maxmin(const RuleCtx *c, const uint8_t *need, Value *d) {
  if (NEED(0) && VAL_IS_NULL(d[0] = balanced_eq(X0, Z0, X1))) return -1;
  if (NEED(1) && VAL_IS_NULL(d[1] = balanced_eq(X1, Z0, X0))) return -1;
  return 0;
}
static int d_atan2(const RuleCtx *c, const uint8_t *need, Value *d) {
  Value den = add_(sq(X0), sq(X1));
  if (VAL_IS_NULL(den)) return -1;
  if (NEED(0)) d[0] = t_div(X1, den);
  if (NEED(1)) d[1] = un_(PRIM_neg, t_div(X0, den));
  val_decref(den);
  return ((NEED(0) && VAL_IS_NULL(d[0])) || (NEED(1) && VAL_IS_NULL(d[1]))) ? -1 : 0;
}
static int d_rem(const RuleCtx *c, const uint8_t *need, Value *d) {
  if (NEED(0) && VAL_IS_NULL(d[0] = t_full(&c->out_av[0], 1.0))) return -1;
  if (NEED(1)) {
    Value q = t_div(X0, X1);
    d[1] = un_(PRIM_neg, mul_(un(PRIM_sign, q), un_(PRIM_floor, un(PRIM_abs, q))));
    val_decref(q);
    if (VAL_IS_NULL(d[1])) return -1;
  }
  return 0;
}
static int d_hypot(const RuleCtx *c, const uint8_t *need, Value *d) {
  if (NEED(0) && VAL_IS_NULL(d[0] = t_div(X0, Z0))) return -1;
  if (NEED(1) && VAL_IS_NULL(d[1] = t_div(X1, Z0))) return -1;
  return 0;
}
static int d_copysign(const RuleCtx *c, const uint8_t *need, Value *d) {
  if (NEED(0)) {
    Value one = t_full_like(X0, 1.0);
    Value s = VAL_IS_NULL(one) ? one : t_binary(PRIM_copysign, one, X1);
    val_decref(one);
    d[0] = mul_(s, un(PRIM_sign, X0));
    if (VAL_IS_NULL(d[0])) return -1;
  }
  return 0;
}

/* {=== transposes of linear primitives ===} */
#define CT (ct[0])

static int tr_add(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  if (VAL_IS_NULL(CT)) return 0;
  if (need[0] && VAL_IS_NULL(o[0] = t_unbroadcast(CT, &c->in_av[0]))) return -1;
  if (need[1]) {
    Value u = c->id == PRIM_sub ? t_neg(CT) : val_incref(CT);
    if (VAL_IS_NULL(u)) return -1;
    o[1] = t_unbroadcast(u, &c->in_av[1]);
    val_decref(u);
    if (VAL_IS_NULL(o[1])) return -1;
  }
  return 0;
}
static int tr_neg(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  return VAL_IS_NULL(o[0] = t_neg(CT)) ? -1 : 0;
}
static int tr_copy(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  o[0] = val_incref(CT);
  return 0;
}
static int tr_convert(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  return VAL_IS_NULL(o[0] = t_convert(CT, c->in_av[0].dtype, c->in_av[0].weak)) ? -1 : 0;
}
static int tr_broadcast(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  const PBroadcast *b = c->params;
  const AVal *x = &c->in_av[0];
  int keep[ARR_MAXDIM] = {0}, axes[ARR_MAXDIM], n = 0;
  for (int i = 0; i < x->ndim; i++)
    if (!(x->shape[i] == 1 && b->shape[b->bdims[i]] != 1)) keep[b->bdims[i]] = 1;
  for (int i = 0; i < b->ndim; i++) if (!keep[i]) axes[n++] = i;
  Value s = t_reduce_sum(CT, n, axes);
  if (VAL_IS_NULL(s)) return -1;
  o[0] = t_reshape(s, x->ndim, x->shape);
  val_decref(s);
  return VAL_IS_NULL(o[0]) ? -1 : 0;
}
static int tr_reshape(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  return VAL_IS_NULL(o[0] = t_reshape(CT, c->in_av[0].ndim, c->in_av[0].shape)) ? -1 : 0;
}
static int tr_transpose(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  const PPerm *p = c->params;
  int inv[ARR_MAXDIM];
  for (int i = 0; i < p->ndim; i++) inv[p->perm[i]] = i;
  return VAL_IS_NULL(o[0] = t_transpose(CT, inv)) ? -1 : 0;
}
static int tr_slice(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
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
  if (VAL_IS_NULL(z)) return -1;
  o[0] = t_pad(CT, z, lo, hi, in);
  val_decref(z);
  return VAL_IS_NULL(o[0]) ? -1 : 0;
}
static int tr_rev(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  return VAL_IS_NULL(o[0] = tr_bind1(PRIM_rev, 1, &CT, c->params)) ? -1 : 0;
}
static Value total(Value x) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  int axes[ARR_MAXDIM];
  for (int i = 0; i < av.ndim; i++) axes[i] = i;
  return t_reduce_sum(x, av.ndim, axes);
}
static int tr_pad(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  const PPad *p = c->params;
  int nd = c->out_av[0].ndim;
  int64_t lo[ARR_MAXDIM], hi[ARR_MAXDIM], zero[ARR_MAXDIM] = {0}, st[ARR_MAXDIM], start[ARR_MAXDIM] = {0};
  for (int i = 0; i < nd; i++) { lo[i] = -p->lo[i]; hi[i] = -p->hi[i]; st[i] = p->interior[i] + 1; }
  Value z = t_scalar(c->out_av[0].dtype, 0, 0);
  Value unpadded = VAL_IS_NULL(z) ? z : t_pad(CT, z, lo, hi, zero);
  val_decref(z);
  if (VAL_IS_NULL(unpadded)) return -1;
  AVal ua;
  lx_aval(unpadded, &ua);
  Value tx = t_slice(unpadded, start, ua.shape, st);
  val_decref(unpadded);
  if (VAL_IS_NULL(tx)) return -1;
  if (need[1]) {
    o[1] = sub_(total(CT), total(tx));
    if (VAL_IS_NULL(o[1])) { val_decref(tx); return -1; }
  }
  if (need[0]) o[0] = tx; else val_decref(tx);
  return 0;
}
static int tr_concat(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
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
      if (VAL_IS_NULL(o[i] = t_slice(CT, st, lim, NULL))) return -1;
    }
    off += n;
  }
  return 0;
}
static int tr_reduce_sum(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  const PAxes *p = c->params;
  const AVal *x = &c->in_av[0];
  int red[ARR_MAXDIM] = {0}, bd[ARR_MAXDIM], k = 0;
  for (int i = 0; i < p->naxes; i++) red[p->axes[i]] = 1;
  for (int i = 0; i < x->ndim; i++) if (!red[i]) bd[k++] = i;
  return VAL_IS_NULL(o[0] = t_bcast_in_dim(CT, x->ndim, x->shape, bd)) ? -1 : 0;
}
static int tr_cumsum(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  PCum p = *(const PCum *)c->params;
  p.reverse = !p.reverse;
  return VAL_IS_NULL(o[0] = tr_bind1(PRIM_cumsum, 1, &CT, &p)) ? -1 : 0;
}
static int tr_select(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  /* positions 1 and 2 of select in whatever order the kernel uses: raw binds */
  Value zero = t_zeros(&c->out_av[0]);
  if (VAL_IS_NULL(zero)) return -1;
  for (int i = 1; i <= 2; i++) {
    if (!need[i]) continue;
    Value in[3] = {X0, i == 1 ? CT : zero, i == 1 ? zero : CT};
    Value s = tr_bind1(PRIM_select, 3, in, NULL);
    if (VAL_IS_NULL(s)) { val_decref(zero); return -1; }
    o[i] = t_unbroadcast(s, &c->in_av[i]);
    val_decref(s);
    if (VAL_IS_NULL(o[i])) { val_decref(zero); return -1; }
  }
  val_decref(zero);
  return 0;
}

/* gather <-> scatter-add dimension numbers */
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
static int tr_gather(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  PScatter s;
  gather_to_scatter(c->params, &s);
  Value z = t_zeros(&c->in_av[0]);
  if (VAL_IS_NULL(z)) return -1;
  Value in[3] = {z, X1, CT};
  o[0] = tr_bind1(PRIM_scatter_add, 3, in, &s);
  val_decref(z);
  return VAL_IS_NULL(o[0]) ? -1 : 0;
}
static int tr_scatter(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  const PScatter *s = c->params;
  if (need[0]) {
    if (c->id == PRIM_scatter_add) o[0] = val_incref(CT);
    else {
      Value z = t_zeros(&c->in_av[2]);
      Value in[3] = {CT, X1, z};
      o[0] = VAL_IS_NULL(z) ? z : tr_bind1(PRIM_scatter, 3, in, s);
      val_decref(z);
    }
    if (VAL_IS_NULL(o[0])) return -1;
  }
  if (need[2]) {
    PGather g;
    scatter_to_gather(s, &c->in_av[0], &c->in_av[2], &g);
    Value in[2] = {CT, X1};
    if (VAL_IS_NULL(o[2] = tr_bind1(PRIM_gather, 2, in, &g))) return -1;
  }
  return 0;
}
static int tr_dynamic_slice(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  Value z = t_zeros(&c->in_av[0]);
  if (VAL_IS_NULL(z)) return -1;
  Value *in = calloc((size_t)c->nin + 1, sizeof(Value));
  if (!in) { val_decref(z); obj_raise_nomem(); return -1; }
  in[0] = z;
  in[1] = CT;
  for (int i = 1; i < c->nin; i++) in[i + 1] = c->in[i];
  o[0] = tr_bind1(PRIM_dynamic_update_slice, c->nin + 1, in, NULL);
  free(in);
  val_decref(z);
  return VAL_IS_NULL(o[0]) ? -1 : 0;
}
static int tr_dynamic_update_slice(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  int nidx = c->nin - 2;
  Value *in = calloc((size_t)c->nin + 1, sizeof(Value));
  if (!in) { obj_raise_nomem(); return -1; }
  int rc = 0;
  if (need[0]) {
    Value z = t_zeros(&c->in_av[1]);
    in[0] = CT;
    in[1] = z;
    for (int i = 0; i < nidx; i++) in[2 + i] = c->in[2 + i];
    o[0] = VAL_IS_NULL(z) ? z : tr_bind1(PRIM_dynamic_update_slice, c->nin, in, NULL);
    val_decref(z);
    if (VAL_IS_NULL(o[0])) rc = -1;
  }
  if (need[1] && rc == 0) {
    PShape p;
    memset(&p, 0, sizeof p);
    p.ndim = c->in_av[1].ndim;
    ir_memcpy(p.shape, c->in_av[1].shape, sizeof(int64_t) * (size_t)p.ndim);
    in[0] = CT;
    for (int i = 0; i < nidx; i++) in[1 + i] = c->in[2 + i];
    o[1] = tr_bind1(PRIM_dynamic_slice, 1 + nidx, in, &p);
    if (VAL_IS_NULL(o[1])) rc = -1;
  }
  free(in);
  return rc;
}

/* dot_general: JAX's _dot_general_transpose_lhs / _rhs */
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
  if (VAL_IS_NULL(r)) return r;
  Value t = t_transpose(r, perm);
  val_decref(r);
  return t;
}
static int tr_dot_general(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  const PDot *d = c->params;
  if (need[0]) {
    o[0] = dot_transpose_lhs(CT, &c->in_av[0], X1, &c->in_av[1], d->lhs_contract, d->rhs_contract,
                             d->nc, d->lhs_batch, d->rhs_batch, d->nb, 0);
    if (VAL_IS_NULL(o[0])) return -1;
  }
  if (need[1]) {
    o[1] = dot_transpose_lhs(CT, &c->in_av[1], X0, &c->in_av[0], d->rhs_contract, d->lhs_contract,
                             d->nc, d->rhs_batch, d->lhs_batch, d->nb, 1);
    if (VAL_IS_NULL(o[1])) return -1;
  }
  for (int i = 0; i < 2; i++)
    if (need[i] && c->in_av[i].dtype != c->out_av[0].dtype) {
      Value v = t_convert(o[i], c->in_av[i].dtype, c->in_av[i].weak);
      val_decref(o[i]);
      if (VAL_IS_NULL(o[i] = v)) return -1;
    }
  return 0;
}

/* conv_general_dilated: JAX's _conv_general_dilated_transpose_lhs / _rhs */
static int64_t dilate(int64_t s, int64_t d) { return s == 0 ? 0 : 1 + (d ? d : 1) * (s - 1); }
static int tr_conv(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  const PConv *p = c->params;
  int G = p->feature_group_count > 1 ? p->feature_group_count : 1;
  if (p->batch_group_count > 1) {   /* the engine does not run them either */
    obj_raise(&obj_NotImplementedError, "transpose of conv_general_dilated with "
              "batch_group_count > 1 is not supported");
    return -1;
  }
  const AVal *x = &c->in_av[0], *w = &c->in_av[1], *y = &c->out_av[0];
  int ns = p->nsp;
  if (need[0]) {
    PConv q;
    memset(&q, 0, sizeof q);
    q.nsp = ns;
    q.feature_group_count = G;
    q.batch_group_count = 1;
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
    Value w1 = G > 1 ? t_reshape_axis_out_of(X1, p->rhs_spec[0], G) : val_incref(X1);
    Value wg = G > 1 && !VAL_IS_NULL(w1) ? t_reshape_axis_into(w1, p->rhs_spec[0], p->rhs_spec[1])
                                         : val_incref(w1);
    val_decref(w1);
    Value rw = VAL_IS_NULL(wg) ? wg : tr_bind1(PRIM_rev, 1, &wg, &rv);
    val_decref(wg);
    if (VAL_IS_NULL(rw)) return -1;
    Value in[2] = {CT, rw};
    o[0] = tr_bind1(PRIM_conv, 2, in, &q);
    val_decref(rw);
    if (VAL_IS_NULL(o[0])) return -1;
  }
  if (need[1]) {
    PConv q;
    memset(&q, 0, sizeof q);
    q.nsp = ns;
    /* groups (JAX uses batch_group_count here): the input's feature groups move into its
     * batch dim, which the transposed convolution contracts group by group */
    q.feature_group_count = G;
    q.batch_group_count = 1;
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
    Value x1 = G > 1 ? t_reshape_axis_out_of(X0, p->lhs_spec[1], G) : val_incref(X0);
    Value xg = G > 1 && !VAL_IS_NULL(x1) ? t_reshape_axis_into(x1, p->lhs_spec[1], p->lhs_spec[0])
                                         : val_incref(x1);
    val_decref(x1);
    Value in[2] = {xg, CT};
    o[1] = VAL_IS_NULL(xg) ? xg : tr_bind1(PRIM_conv, 2, in, &q);
    val_decref(xg);
    if (VAL_IS_NULL(o[1])) return -1;
  }
  return 0;
}

/* {=== scatter-mul / -min / -max: forward rules (reverse mode by transposition) ===} */
static Value scatter_(PrimId id, Value x, Value idx, Value y, const PScatter *s) {
  if (VAL_IS_NULL(x) || VAL_IS_NULL(y)) return val_null();
  Value in[3] = {x, idx, y};
  return tr_bind1(id, 3, in, s);
}
static Value scatter_cy_(PrimId id, Value x, Value idx, Value y, const PScatter *s) {   /* consumes y */
  Value r = scatter_(id, x, idx, y, s);
  val_decref(y);
  return r;
}
/* the values of v (operand-shaped) at the positions every update lands on (updates-shaped) */
static Value gather_at(Value v, Value idx, const PScatter *s, const AVal *op, const AVal *up) {
  if (VAL_IS_NULL(v)) return v;
  PGather g;
  scatter_to_gather(s, op, up, &g);
  Value in[2] = {v, idx};
  return tr_bind1(PRIM_gather, 2, in, &g);
}
static Value cmp_(PrimId id, Value a, double v) {   /* a <id> v, as a's dtype (1 / 0) */
  AVal av;
  if (VAL_IS_NULL(a) || lx_aval(a, &av) < 0) return val_null();
  Value k = t_scalar(av.dtype, v, 1);
  Value b = VAL_IS_NULL(k) ? k : t_binary(id, a, k);
  val_decref(k);
  Value r = VAL_IS_NULL(b) ? b : t_convert(b, av.dtype, 0);
  val_decref(b);
  return r;
}
static Value eqv_(Value a, Value b) {   /* (a == b) as a's dtype, consumes b */
  AVal av;
  Value e = (VAL_IS_NULL(b) || lx_aval(a, &av) < 0) ? val_null() : t_binary(PRIM_eq, a, b);
  val_decref(b);
  Value r = VAL_IS_NULL(e) ? e : t_convert(e, av.dtype, 0);
  val_decref(e);
  return r;
}
static Value select_(Value m, Value a, Value b) {   /* m (1/0 as a float) ? a : b, consumes all */
  Value r = val_null();
  if (!VAL_IS_NULL(m) && !VAL_IS_NULL(a) && !VAL_IS_NULL(b)) {
    Value z = t_full_like(m, 0.0);
    Value bo = VAL_IS_NULL(z) ? z : t_binary(PRIM_ne, m, z);
    val_decref(z);
    r = VAL_IS_NULL(bo) ? bo : t_select(bo, a, b);
    val_decref(bo);
  }
  val_decref(m); val_decref(a); val_decref(b);
  return r;
}

/* out[j] = x[j] * prod_{k -> j} y_k. d/dy_k = x[j] * prod of the other updates of j: with the
 * product Pnz of j's nonzero updates and their number of zeros Z, that is Pnz / y_k when Z = 0,
 * Pnz for the one zero when Z = 1, else 0 (no division by zero). */
static int jvp_scatter_mul(PrimId id, const void *params, int nin, const Value *p,
                           const Value *t, Value *out, Value *tout) {
  const PScatter *s = params;
  AVal xa, ya;
  if (lx_aval(p[0], &xa) < 0 || lx_aval(p[2], &ya) < 0) return -1;
  out[0] = tr_bind1(id, 3, p, params);
  tout[0] = val_null();
  if (VAL_IS_NULL(out[0])) return -1;
  Value acc = val_null();
  if (!VAL_IS_NULL(t[0])) {
    Value ones = t_ones(&xa);
    Value P = scatter_(PRIM_scatter_mul, ones, p[1], p[2], s);
    val_decref(ones);
    acc = mul_(val_incref(t[0]), P);
    if (VAL_IS_NULL(acc)) goto fail;
  }
  if (!VAL_IS_NULL(t[2])) {
    Value yz = cmp_(PRIM_eq, p[2], 0.0);
    Value ynz = VAL_IS_NULL(yz) ? yz : t_add(p[2], yz);   /* y, or 1 where y = 0 */
    Value onesx = t_ones(&xa), zx = t_zeros(&xa);
    Value Pnz = scatter_(PRIM_scatter_mul, onesx, p[1], ynz, s);
    Value Z = scatter_(PRIM_scatter_add, zx, p[1], yz, s);
    Value Pg = gather_at(Pnz, p[1], s, &xa, &ya), Zg = gather_at(Z, p[1], s, &xa, &ya);
    val_decref(Pnz); val_decref(Z); val_decref(onesx);
    Value zy = t_zeros(&ya);
    Value e1 = select_(cmp_(PRIM_eq, Zg, 1.0), val_incref(Pg), val_incref(zy));
    Value e0 = select_(cmp_(PRIM_eq, Zg, 0.0), div_(val_incref(Pg), val_incref(ynz)), val_incref(zy));
    Value E = select_(val_incref(yz), e1, e0);
    Value term = mul_(val_incref(p[0]), scatter_cy_(PRIM_scatter_add, zx, p[1], mul_(E, val_incref(t[2])), s));
    val_decref(zx); val_decref(zy); val_decref(Pg); val_decref(Zg); val_decref(yz); val_decref(ynz);
    if (VAL_IS_NULL(term)) { val_decref(acc); goto fail; }
    acc = VAL_IS_NULL(acc) ? term : add_(acc, term);
    if (VAL_IS_NULL(acc)) goto fail;
  }
  tout[0] = acc;
  return 1;
fail:
  val_clear(&out[0]);
  return -1;
}

/* scatter-max/min: the tangent of each result is the mean of the tangents of the operand and
 * the updates that attain it (JAX's rule for ties) */
static int jvp_scatter_extremal(PrimId id, const void *params, int nin, const Value *p,
                                const Value *t, Value *out, Value *tout) {
  const PScatter *s = params;
  AVal xa, ya;
  if (lx_aval(p[0], &xa) < 0 || lx_aval(p[2], &ya) < 0) return -1;
  out[0] = tr_bind1(id, 3, p, params);
  tout[0] = val_null();
  if (VAL_IS_NULL(out[0])) return -1;
  if (VAL_IS_NULL(t[0]) && VAL_IS_NULL(t[2])) return 1;
  Value su = eqv_(p[2], gather_at(out[0], p[1], s, &xa, &ya));
  Value rx = eqv_(p[0], val_incref(out[0]));
  Value zx = t_zeros(&xa);
  Value cnt = add_(val_incref(rx), scatter_(PRIM_scatter_add, zx, p[1], su, s));
  Value one = t_scalar(xa.dtype, 1.0, 1);
  Value cnt1 = (VAL_IS_NULL(cnt) || VAL_IS_NULL(one)) ? val_null() : t_binary(PRIM_max, cnt, one);
  val_decref(cnt); val_decref(one);
  Value num = val_null();
  int bad = VAL_IS_NULL(su) || VAL_IS_NULL(rx) || VAL_IS_NULL(cnt1);
  if (!bad && !VAL_IS_NULL(t[0])) bad = VAL_IS_NULL(num = t_mul(rx, t[0]));
  if (!bad && !VAL_IS_NULL(t[2])) {
    Value term = scatter_cy_(PRIM_scatter_add, zx, p[1], mul_(val_incref(su), val_incref(t[2])), s);
    num = VAL_IS_NULL(num) ? term : add_(num, term);
    bad = VAL_IS_NULL(num);
  }
  if (!bad) bad = VAL_IS_NULL(tout[0] = t_div(num, cnt1));
  val_decref(num); val_decref(cnt1); val_decref(su); val_decref(rx); val_decref(zx);
  if (bad) { val_clear(&out[0]); return -1; }
  return 1;
}

/* {=== custom forward rules (their VJP comes from transposing them: vjp_from_jvp) ===} */
/* reduce_max / reduce_min: tangent = sum(t * mask) / count at the extremal positions */
static int jvp_reduce_chooser(PrimId id, const void *params, int nin, const Value *p,
                              const Value *t, Value *out, Value *tout) {
  const PAxes *ax = params;
  out[0] = tr_bind1(id, 1, p, params);
  tout[0] = val_null();
  if (VAL_IS_NULL(out[0])) return -1;
  if (VAL_IS_NULL(t[0])) return 1;
  AVal xa;
  lx_aval(p[0], &xa);
  int red[ARR_MAXDIM] = {0}, bd[ARR_MAXDIM], k = 0;
  for (int i = 0; i < ax->naxes; i++) red[ax->axes[i]] = 1;
  for (int i = 0; i < xa.ndim; i++) if (!red[i]) bd[k++] = i;
  Value zb = t_bcast_in_dim(out[0], xa.ndim, xa.shape, bd);
  Value m = VAL_IS_NULL(zb) ? zb : t_binary(PRIM_eq, p[0], zb);
  Value mf = VAL_IS_NULL(m) ? m : t_convert(m, xa.dtype, 0);
  Value cnt = VAL_IS_NULL(mf) ? mf : t_reduce_sum(mf, ax->naxes, ax->axes);
  Value num = VAL_IS_NULL(mf) ? mf : mul_(val_incref(t[0]), val_incref(mf));
  Value s = VAL_IS_NULL(num) ? num : t_reduce_sum(num, ax->naxes, ax->axes);
  tout[0] = div_(s, cnt);
  val_decref(zb); val_decref(m); val_decref(mf); val_decref(num);
  if (VAL_IS_NULL(tout[0])) { val_clear(&out[0]); return -1; }
  return 1;
}

/* reduce_prod: tangent = sum(t * prod of the others), with the others' products from
 * exclusive cumulative products so that zeros are handled */
static int jvp_reduce_prod(PrimId id, const void *params, int nin, const Value *p, const Value *t,
                           Value *out, Value *tout) {
  const PAxes *ax = params;
  out[0] = tr_bind1(id, 1, p, params);
  tout[0] = val_null();
  if (VAL_IS_NULL(out[0])) return -1;
  if (VAL_IS_NULL(t[0])) return 1;
  AVal xa;
  lx_aval(p[0], &xa);
  int red[ARR_MAXDIM] = {0}, perm[ARR_MAXDIM], inv[ARR_MAXDIM], k = 0;
  int64_t n = 1, rest = 1;
  for (int i = 0; i < ax->naxes; i++) { red[ax->axes[i]] = 1; perm[k++] = ax->axes[i]; n *= xa.shape[ax->axes[i]]; }
  for (int i = 0; i < xa.ndim; i++) if (!red[i]) { perm[k++] = i; rest *= xa.shape[i]; }
  for (int i = 0; i < xa.ndim; i++) inv[perm[i]] = i;
  Value w = val_null();
  Value xt = t_transpose(p[0], perm);
  int64_t sh2[2] = {n, rest};
  Value xm = VAL_IS_NULL(xt) ? xt : t_reshape(xt, 2, sh2);
  if (!VAL_IS_NULL(xm) && n > 0) {
    /* left[i] = prod(x[:i]), right[i] = prod(x[i+1:]) */
    Value one = t_scalar(xa.dtype, 1.0, 0);
    int64_t lo1[2] = {1, 0}, hi0[2] = {0, 0}, lo0[2] = {0, 0}, hi1[2] = {1, 0};
    int64_t s0[2] = {0, 0}, l0[2] = {n - 1, rest}, s1[2] = {1, 0}, l1[2] = {n, rest};
    Value a = t_slice(xm, s0, l0, NULL), b = t_slice(xm, s1, l1, NULL);
    Value pa = (VAL_IS_NULL(a) || VAL_IS_NULL(one)) ? val_null() : t_pad(a, one, lo1, hi0, NULL);
    Value pb = (VAL_IS_NULL(b) || VAL_IS_NULL(one)) ? val_null() : t_pad(b, one, lo0, hi1, NULL);
    PCum cf = {0, 0}, cr = {0, 1};
    Value left = VAL_IS_NULL(pa) ? pa : tr_bind1(PRIM_cumprod, 1, &pa, &cf);
    Value right = VAL_IS_NULL(pb) ? pb : tr_bind1(PRIM_cumprod, 1, &pb, &cr);
    Value wm = mul_(left, right);
    int64_t shp[ARR_MAXDIM];
    for (int i = 0; i < xa.ndim; i++) shp[i] = xa.shape[perm[i]];
    Value wt = VAL_IS_NULL(wm) ? wm : t_reshape(wm, xa.ndim, shp);
    w = VAL_IS_NULL(wt) ? wt : t_transpose(wt, inv);
    val_decref(one); val_decref(a); val_decref(b); val_decref(pa); val_decref(pb);
    val_decref(wm); val_decref(wt);
  } else if (!VAL_IS_NULL(xm)) {
    w = t_zeros(&xa);
  }
  val_decref(xt);
  val_decref(xm);
  if (VAL_IS_NULL(w)) { val_clear(&out[0]); return -1; }
  Value m = mul_(val_incref(t[0]), w);
  tout[0] = VAL_IS_NULL(m) ? m : t_reduce_sum(m, ax->naxes, ax->axes);
  val_decref(m);
  if (VAL_IS_NULL(tout[0])) { val_clear(&out[0]); return -1; }
  return 1;
}

/* {=== decompositions (differentiated through other primitives) ===} */
/* cumprod/cummax/cummin: a Hillis-Steele scan of the binary operation with shifted copies */
static int decomp_cum(PrimId id, const void *params, int nin, const Value *in, Value *out) {
  const PCum *p = params;
  PrimId op = id == PRIM_cumprod ? PRIM_mul : id == PRIM_cummax ? PRIM_max : PRIM_min;
  AVal av;
  if (lx_aval(in[0], &av) < 0) return -1;
  double ident = id == PRIM_cumprod ? 1.0 : id == PRIM_cummax ? -INFINITY : INFINITY;
  if (!dt_is_float(av.dtype) && id != PRIM_cumprod) {
    obj_raise(&obj_TypeError, "%s: differentiation needs a float operand", prim_table[id].name);
    return -1;
  }
  int ax = p->axis;
  int64_t n = av.shape[ax];
  Value y = val_incref(in[0]);
  Value idv = t_scalar(av.dtype, ident, 0);
  if (VAL_IS_NULL(idv)) { val_decref(y); return -1; }
  for (int64_t s = 1; s < n; s *= 2) {
    int64_t st[ARR_MAXDIM] = {0}, lim[ARR_MAXDIM], lo[ARR_MAXDIM] = {0}, hi[ARR_MAXDIM] = {0};
    ir_memcpy(lim, av.shape, sizeof(int64_t) * (size_t)av.ndim);
    if (!p->reverse) { lim[ax] = n - s; lo[ax] = s; }
    else { st[ax] = s; hi[ax] = s; }
    Value sl = t_slice(y, st, lim, NULL);
    Value sh = VAL_IS_NULL(sl) ? sl : t_pad(sl, idv, lo, hi, NULL);
    Value ny = VAL_IS_NULL(sh) ? sh : t_binary(op, y, sh);
    val_decref(sl); val_decref(sh); val_decref(y);
    y = ny;
    if (VAL_IS_NULL(y)) { val_decref(idv); return -1; }
  }
  val_decref(idv);
  out[0] = y;
  return 1;
}

/* reduce_window_*: the windows as strided slices of the padded operand, combined */
static int decomp_window(PrimId id, const void *params, int nin, const Value *in, Value *out) {
  const PWindow *w = params;
  AVal av;
  if (lx_aval(in[0], &av) < 0) return -1;
  double ident = id == PRIM_reduce_window_sum ? 0.0 : id == PRIM_reduce_window_max ? -INFINITY : INFINITY;
  PrimId op = id == PRIM_reduce_window_sum ? PRIM_add : id == PRIM_reduce_window_max ? PRIM_max : PRIM_min;
  Value idv = t_scalar(av.dtype, ident, 0);
  if (VAL_IS_NULL(idv)) return -1;
  Value xp = t_pad(in[0], idv, w->pad_lo, w->pad_hi, NULL);
  val_decref(idv);
  if (VAL_IS_NULL(xp)) return -1;
  AVal pa;
  lx_aval(xp, &pa);
  int64_t osh[ARR_MAXDIM], total = 1;
  for (int i = 0; i < av.ndim; i++) {
    int64_t s = w->strides[i] ? w->strides[i] : 1;
    osh[i] = pa.shape[i] >= w->window[i] ? (pa.shape[i] - w->window[i]) / s + 1 : 0;
    total *= w->window[i];
  }
  Value acc = val_null();
  int64_t idx[ARR_MAXDIM] = {0};
  for (int64_t k = 0; k < total; k++) {
    int64_t st[ARR_MAXDIM], lim[ARR_MAXDIM], str[ARR_MAXDIM];
    for (int i = 0; i < av.ndim; i++) {
      str[i] = w->strides[i] ? w->strides[i] : 1;
      st[i] = idx[i];
      lim[i] = osh[i] > 0 ? idx[i] + (osh[i] - 1) * str[i] + 1 : idx[i];
    }
    Value sl = t_slice(xp, st, lim, str);
    if (VAL_IS_NULL(sl)) { val_decref(acc); val_decref(xp); return -1; }
    if (VAL_IS_NULL(acc)) acc = sl;
    else {
      Value a = t_binary(op, acc, sl);
      val_decref(acc);
      val_decref(sl);
      if (VAL_IS_NULL(acc = a)) { val_decref(xp); return -1; }
    }
    for (int i = av.ndim - 1; i >= 0; i--) {   /* next window offset */
      if (++idx[i] < w->window[i]) break;
      idx[i] = 0;
    }
  }
  val_decref(xp);
  out[0] = acc;
  return 1;
}

/* {=== the table ===} */
Rule lx_rules[PRIM_COUNT];

#define P(id, fn) (r[PRIM_##id] = (Rule){RK_PARTIALS, 0, fn, NULL, NULL, NULL, NULL, b_elementwise})
#define Z(id) (r[PRIM_##id] = (Rule){RK_ZERO, 0, NULL, NULL, NULL, NULL, NULL, b_elementwise})
#define L(id, mask, tr, b) (r[PRIM_##id] = (Rule){RK_LINEAR, mask, NULL, tr, NULL, NULL, NULL, b})
#define C(id, jv, vf, b) (r[PRIM_##id] = (Rule){RK_CUSTOM, 0, NULL, NULL, jv, vf, NULL, b})
#define D(id, dc, b) (r[PRIM_##id] = (Rule){RK_DECOMP, 0, NULL, NULL, NULL, NULL, dc, b})
#define ALL (1u << 31)

void lx_rules_init(void) {
  static int done;
  if (done) return;
  done = 1;
  Rule *r = lx_rules;
  /* elementwise, one operand */
  L(neg, ALL, tr_neg, b_elementwise);
  P(abs, d_abs);            Z(sign);               Z(floor);              Z(ceil);
  Z(round);                 P(exp, d_exp);         P(exp2, d_exp2);       P(log, d_log);
  P(log2, d_log2);          P(log10, d_log10);     P(log1p, d_log1p);     P(expm1, d_expm1);
  P(sqrt, d_sqrt);          P(rsqrt, d_rsqrt);     P(cbrt, d_cbrt);       P(sin, d_sin);
  P(cos, d_cos);            P(tan, d_tan);         P(asin, d_asin);       P(acos, d_acos);
  P(atan, d_atan);          P(sinh, d_sinh);       P(cosh, d_cosh);       P(tanh, d_tanh);
  P(asinh, d_asinh);        P(acosh, d_acosh);     P(atanh, d_atanh);     P(logistic, d_logistic);
  P(erf, d_erf);            P(erfc, d_erfc);       P(erf_inv, d_erf_inv);
  P(lgamma, d_lgamma);
  Z(is_finite);             Z(is_nan);             Z(is_inf);             Z(not);
  P(square, d_square);      P(reciprocal, d_reciprocal);
  /* elementwise, two operands */
  L(add, ALL, tr_add, b_elementwise);
  L(sub, ALL, tr_add, b_elementwise);
  P(mul, d_mul);            P(div, d_div);         Z(floor_div);          P(rem, d_rem);
  P(pow, d_pow);            P(max, d_maxmin);      P(min, d_maxmin);      P(atan2, d_atan2);
  Z(nextafter);             P(hypot, d_hypot);     P(copysign, d_copysign);
  Z(and); Z(or); Z(xor); Z(shift_left); Z(shift_right);
  Z(eq); Z(ne); Z(lt); Z(le); Z(gt); Z(ge);
  /* the rest */
  L(select, 6, tr_select, b_elementwise);
  P(integer_pow, d_integer_pow);
  L(convert, ALL, tr_convert, b_elementwise);
  L(copy, ALL, tr_copy, b_elementwise);
  L(broadcast_in_dim, ALL, tr_broadcast, b_broadcast);
  L(reshape, ALL, tr_reshape, b_reshape);
  L(transpose, ALL, tr_transpose, b_transpose);
  L(slice, ALL, tr_slice, b_slice);
  L(rev, ALL, tr_rev, b_rev);
  L(pad, ALL, tr_pad, b_pad);
  L(concatenate, ALL, tr_concat, b_concat);
  r[PRIM_iota] = (Rule){RK_ZERO, 0, NULL, NULL, NULL, NULL, NULL, NULL};
  L(gather, 1, tr_gather, b_gather);
  L(scatter, 5, tr_scatter, b_scatter);
  L(scatter_add, 5, tr_scatter, b_scatter);
  C(scatter_mul, jvp_scatter_mul, NULL, b_scatter);
  C(scatter_min, jvp_scatter_extremal, NULL, b_scatter);
  C(scatter_max, jvp_scatter_extremal, NULL, b_scatter);
  L(dynamic_slice, 1, tr_dynamic_slice, b_dynamic_slice);
  L(dynamic_update_slice, 3, tr_dynamic_update_slice, b_dynamic_update_slice);
  L(reduce_sum, ALL, tr_reduce_sum, b_reduce);
  C(reduce_prod, jvp_reduce_prod, NULL, b_reduce);
  C(reduce_max, jvp_reduce_chooser, NULL, b_reduce);
  C(reduce_min, jvp_reduce_chooser, NULL, b_reduce);
  r[PRIM_reduce_or] = (Rule){RK_ZERO, 0, NULL, NULL, NULL, NULL, NULL, b_reduce};
  r[PRIM_reduce_and] = (Rule){RK_ZERO, 0, NULL, NULL, NULL, NULL, NULL, b_reduce};
  r[PRIM_argmax] = (Rule){RK_ZERO, 0, NULL, NULL, NULL, NULL, NULL, b_arg};
  r[PRIM_argmin] = (Rule){RK_ZERO, 0, NULL, NULL, NULL, NULL, NULL, b_arg};
  L(cumsum, ALL, tr_cumsum, b_cum);
  D(cumprod, decomp_cum, b_cum);
  D(cummax, decomp_cum, b_cum);
  D(cummin, decomp_cum, b_cum);
  C(sort, jvp_sort, NULL, b_sort);
  r[PRIM_dot_general] = (Rule){RK_BILINEAR, 3, NULL, tr_dot_general, NULL, NULL, NULL, b_dot_general};
  r[PRIM_conv] = (Rule){RK_BILINEAR, 3, NULL, tr_conv, NULL, NULL, NULL, b_conv};
  D(reduce_window_sum, decomp_window, b_window);
  D(reduce_window_max, decomp_window, b_window);
  D(reduce_window_min, decomp_window, b_window);
  C(lu, jvp_linalg, NULL, b_leading);
  C(inv, jvp_linalg, NULL, b_leading);
  C(solve, jvp_linalg, vjpf_solve, b_leading);
  C(det, jvp_linalg, NULL, b_leading);
  C(slogdet, jvp_linalg, NULL, b_leading);
  C(cholesky, jvp_linalg, NULL, b_leading);
  C(qr, jvp_linalg, NULL, b_leading);
  C(eigh, jvp_linalg, NULL, b_leading);
  C(svd, jvp_linalg, NULL, b_leading);
  C(triangular_solve, jvp_linalg, vjpf_solve, b_leading);
  /* control flow (control.c) */
  C(cond, jvp_cond, vjpf_cond, b_cond);
  C(while, jvp_while, vjpf_while, b_while);
  C(scan, jvp_scan, vjpf_scan, b_scan);
  C(debug_callback, jvp_callback, vjpf_callback, b_callback);
  r[PRIM_stop_gradient] = (Rule){RK_ZERO, 0, NULL, NULL, NULL, NULL, NULL, b_elementwise};
  C(pure_callback, jvp_hostcall, NULL, b_hostcall);
  C(custom_jvp_call, jvp_custom_call, NULL, b_custom_call);
  C(custom_vjp_call, jvp_custom_call, vjpf_custom_call, b_custom_call);
}
