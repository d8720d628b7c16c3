/* prim_elem.c - the elementwise primitives: one operand (neg ... reciprocal), two operands
 * (add ... copysign, the bitwise ops and comparisons), select, integer_pow, convert and copy. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "prim_kit.h"

/* {=== shape/dtype rules ===} */
static int rule_unary(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  if (prim_accepts(p, in[0].dtype) < 0) return -1;
  *out = in[0];
  if (p->out_bool) {
    out->dtype = DT_BOOL;
    out->weak = 0;
  }
  return 1;
}
static int rule_binary(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  if (prim_same_dtypes(p, in, 2) < 0 || prim_accepts(p, in[0].dtype) < 0) return -1;
  int nd;
  if (arr_broadcast_shapes(p->name, in[0].shape, in[0].ndim, in[1].shape, in[1].ndim,
                           out->shape, &nd) < 0)
    return -1;
  out->ndim = nd;
  out->dtype = p->kind == PK_COMPARE ? DT_BOOL : in[0].dtype;
  out->weak = p->kind == PK_COMPARE ? 0 : (in[0].weak && in[1].weak);
  return 1;
}
static int rule_select(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  if (in[0].dtype != DT_BOOL)
    return arr_err(ERR_TYPE, "select pred must be boolean, got %s", dtn(in[0].dtype));
  if (prim_same_dtypes(p, in + 1, 2) < 0) return -1;
  int64_t s1[ARR_MAXDIM];
  int n1;
  if (arr_broadcast_shapes("where", in[0].shape, in[0].ndim, in[1].shape, in[1].ndim, s1, &n1) < 0)
    return -1;
  if (arr_broadcast_shapes("where", s1, n1, in[2].shape, in[2].ndim, out->shape, &out->ndim) < 0)
    return -1;
  out->dtype = in[1].dtype;
  out->weak = in[1].weak && in[2].weak;
  return 1;
}
static int rule_convert(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PConvert *c = params;
  if ((unsigned)c->new_dtype >= DT_COUNT) return arr_err(ERR_TYPE, "invalid dtype");
  *out = in[0];
  out->dtype = c->new_dtype;
  out->weak = c->weak != 0;
  return 1;
}
static int rule_same(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  *out = in[0];
  return 1;
}
static int rule_integer_pow(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  if (in[0].dtype == DT_BOOL)
    return arr_err(ERR_TYPE, "integer_pow does not accept dtype bool.");
  *out = in[0];
  return 1;
}

/* {=== partial derivatives ===} */
/* JAX's rule: 1 where x >= 0 (so 1 at 0 and at -0.0), -1 elsewhere (NaN included) */
static int d_abs(const RuleCtx *c, const uint8_t *need, Value *d) {
  const AVal *av = &c->in_av[0];
  Value z = t_scalar(av->dtype, 0.0, 0), one = t_scalar(av->dtype, 1.0, 0), m1 = t_scalar(av->dtype, -1.0, 0);
  Value ge = EM_IS_NULL(z) ? z : t_binary(PRIM_ge, X0, z);
  Value r = (EM_IS_NULL(ge) || EM_IS_NULL(one) || EM_IS_NULL(m1)) ? em_null() : t_select(ge, one, m1);
  em_decref(z); em_decref(one); em_decref(m1); em_decref(ge);
  RET1(r);
}
static int d_exp(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(em_incref(Z0)); }
static int d_exp2(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(t_mul_scalar(Z0, M_LN2)); }
static int d_log(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(recip(X0)); }
static int d_log2(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(un_(PRIM_reciprocal, scale_(em_incref(X0), M_LN2))); }
static int d_log10(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(un_(PRIM_reciprocal, scale_(em_incref(X0), M_LN10))); }
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
  RET1(mul_(em_incref(Z0), shift_(scale_(em_incref(Z0), -1.0), 1.0)));
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
  if (em_aval(x, &av) < 0) return em_null();
  Value half = t_scalar(av.dtype, 0.5, 1);
  Value refl = EM_IS_NULL(half) ? half : t_binary(PRIM_lt, x, half);
  em_decref(half);
  if (EM_IS_NULL(refl)) return refl;
  Value omx = shift_(scale_(em_incref(x), -1.0), 1.0);
  Value y = EM_IS_NULL(omx) ? omx : t_select(refl, omx, x);
  em_decref(omx);
  Value acc = EM_IS_NULL(y) ? y : recip(y);
  for (int k = 1; k < 6 && !EM_IS_NULL(acc); k++) acc = add_(acc, un_(PRIM_reciprocal, t_add_scalar(y, k)));
  Value z = EM_IS_NULL(y) ? y : t_add_scalar(y, 6.0);
  em_decref(y);
  Value iz = EM_IS_NULL(z) ? z : recip(z);
  Value iz2 = EM_IS_NULL(iz) ? iz : sq(iz);
  /* 1/12 - iz2 (1/120 - iz2 (1/252 - iz2 (1/240 - iz2 / 132))) */
  static const double coef[5] = {1.0 / 12, 1.0 / 120, 1.0 / 252, 1.0 / 240, 1.0 / 132};
  Value poly = EM_IS_NULL(iz2) ? iz2 : t_full_like(iz2, coef[4]);
  for (int k = 3; k >= 0 && !EM_IS_NULL(poly); k--)
    poly = shift_(scale_(mul_(em_incref(iz2), poly), -1.0), coef[k]);
  Value psi = sub_(sub_(un(PRIM_log, z), scale_(em_incref(iz), 0.5)), mul_(em_incref(iz2), poly));
  psi = sub_(psi, acc);
  em_decref(z);
  em_decref(iz);
  em_decref(iz2);
  /* reflection term at a safe point where it is not selected (no inf/NaN in derivatives) */
  Value q = t_full_like(x, 0.25);
  Value xs = EM_IS_NULL(q) ? q : t_select(refl, x, q);
  em_decref(q);
  Value corr = scale_(un_(PRIM_reciprocal, un_(PRIM_tan, scale_(xs, M_PI))), M_PI);
  Value pr = (EM_IS_NULL(psi) || EM_IS_NULL(corr)) ? em_null() : t_sub(psi, corr);
  em_decref(corr);
  Value r = (EM_IS_NULL(pr) || EM_IS_NULL(psi)) ? em_null() : t_select(refl, pr, psi);
  em_decref(pr);
  em_decref(psi);
  em_decref(refl);
  return r;
}
static int d_lgamma(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(digamma_(X0)); }
static int d_square(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(t_mul_scalar(X0, 2.0)); }
static int d_reciprocal(const RuleCtx *c, const uint8_t *need, Value *d) { RET1(un_(PRIM_neg, sq(Z0))); }

static int d_integer_pow(const RuleCtx *c, const uint8_t *need, Value *d) {
  int64_t y = ((const PIntPow *)c->params)->y;
  if (y == 0) { d[0] = em_null(); return 0; }
  if (y == 1) RET1(t_full(&c->in_av[0], 1.0));
  RET1(scale_(y == 2 ? em_incref(X0) : t_integer_pow(X0, y - 1), (double)y));
}

static int d_mul(const RuleCtx *c, const uint8_t *need, Value *d) {
  if (NEED(0)) d[0] = em_incref(X1);
  if (NEED(1)) d[1] = em_incref(X0);
  return 0;
}
static int d_div(const RuleCtx *c, const uint8_t *need, Value *d) {
  if (NEED(0) && EM_IS_NULL(d[0] = recip(X1))) return -1;
  if (NEED(1) && EM_IS_NULL(d[1] = un_(PRIM_neg, t_div(Z0, X1)))) return -1;
  return 0;
}
static Value eqz(Value x) {   /* x == 0 */
  AVal av;
  if (em_aval(x, &av) < 0) return em_null();
  Value z = t_scalar(av.dtype, 0, 1);
  Value r = EM_IS_NULL(z) ? z : t_binary(PRIM_eq, x, z);
  em_decref(z);
  return r;
}
static int d_pow(const RuleCtx *c, const uint8_t *need, Value *d) {
  if (NEED(0)) {
    /* y * x^(y-1), 0 where y == 0 */
    Value ym1 = t_add_scalar(X1, -1.0);
    Value p = EM_IS_NULL(ym1) ? ym1 : t_binary(PRIM_pow, X0, ym1);
    em_decref(ym1);
    Value j = mul_(p, em_incref(X1));
    Value m = eqz(X1);
    Value zero = EM_IS_NULL(j) ? j : t_full_like(j, 0.0);
    d[0] = (EM_IS_NULL(m) || EM_IS_NULL(j) || EM_IS_NULL(zero)) ? em_null() : t_select(m, zero, j);
    em_decref(m); em_decref(zero); em_decref(j);
    if (EM_IS_NULL(d[0])) return -1;
  }
  if (NEED(1)) {
    /* log(x) * x^y, with x == 0 giving 0 */
    Value m = eqz(X0);
    Value one = t_full_like(X0, 1.0);
    Value xs = (EM_IS_NULL(m) || EM_IS_NULL(one)) ? em_null() : t_select(m, one, X0);
    Value j = mul_(un_(PRIM_log, xs), em_incref(Z0));
    Value zero = EM_IS_NULL(j) ? j : t_full_like(j, 0.0);
    Value mb = EM_IS_NULL(m) || EM_IS_NULL(j) ? em_null() : t_broadcast_to(m, c->out_av[0].ndim, c->out_av[0].shape);
    d[1] = (EM_IS_NULL(mb) || EM_IS_NULL(zero)) ? em_null() : t_select(mb, zero, j);
    em_decref(m); em_decref(one); em_decref(j); em_decref(zero); em_decref(mb);
    if (EM_IS_NULL(d[1])) return -1;
  }
  return 0;
}
/* 1 where x == z (0.5 where y == z too), else 0 (JAX's balanced tie rule for max/min) */
static Value balanced_eq(Value x, Value z, Value y) {
  AVal av;
  if (em_aval(z, &av) < 0) return em_null();
  /* scalar constants: select broadcasts them (no full-size fills per call) */
  Value ex = t_binary(PRIM_eq, x, z), ey = t_binary(PRIM_eq, y, z);
  Value one = t_scalar(av.dtype, 1.0, 0), half = t_scalar(av.dtype, 0.5, 0), zero = t_scalar(av.dtype, 0.0, 0);
  Value r = em_null();
  if (!EM_IS_NULL(ex) && !EM_IS_NULL(ey) && !EM_IS_NULL(one) && !EM_IS_NULL(half) && !EM_IS_NULL(zero)) {
    Value exb = t_broadcast_to(ex, av.ndim, av.shape), eyb = t_broadcast_to(ey, av.ndim, av.shape);
    Value inner = (EM_IS_NULL(eyb)) ? em_null() : t_select(eyb, half, one);
    if (!EM_IS_NULL(inner) && !EM_IS_NULL(exb)) r = t_select(exb, inner, zero);
    em_decref(exb); em_decref(eyb); em_decref(inner);
  }
  em_decref(ex); em_decref(ey); em_decref(one); em_decref(half); em_decref(zero);
  return r;
}
static int d_maxmin(const RuleCtx *c, const uint8_t *need, Value *d) {
  if (NEED(0) && EM_IS_NULL(d[0] = balanced_eq(X0, Z0, X1))) return -1;
  if (NEED(1) && EM_IS_NULL(d[1] = balanced_eq(X1, Z0, X0))) return -1;
  return 0;
}
static int d_atan2(const RuleCtx *c, const uint8_t *need, Value *d) {
  Value den = add_(sq(X0), sq(X1));
  if (EM_IS_NULL(den)) return -1;
  if (NEED(0)) d[0] = t_div(X1, den);
  if (NEED(1)) d[1] = un_(PRIM_neg, t_div(X0, den));
  em_decref(den);
  return ((NEED(0) && EM_IS_NULL(d[0])) || (NEED(1) && EM_IS_NULL(d[1]))) ? -1 : 0;
}
static int d_rem(const RuleCtx *c, const uint8_t *need, Value *d) {
  if (NEED(0) && EM_IS_NULL(d[0] = t_full(&c->out_av[0], 1.0))) return -1;
  if (NEED(1)) {
    Value q = t_div(X0, X1);
    d[1] = un_(PRIM_neg, mul_(un(PRIM_sign, q), un_(PRIM_floor, un(PRIM_abs, q))));
    em_decref(q);
    if (EM_IS_NULL(d[1])) return -1;
  }
  return 0;
}
static int d_hypot(const RuleCtx *c, const uint8_t *need, Value *d) {
  if (NEED(0) && EM_IS_NULL(d[0] = t_div(X0, Z0))) return -1;
  if (NEED(1) && EM_IS_NULL(d[1] = t_div(X1, Z0))) return -1;
  return 0;
}
static int d_copysign(const RuleCtx *c, const uint8_t *need, Value *d) {
  if (NEED(0)) {
    Value one = t_full_like(X0, 1.0);
    Value s = EM_IS_NULL(one) ? one : t_binary(PRIM_copysign, one, X1);
    em_decref(one);
    d[0] = mul_(s, un(PRIM_sign, X0));
    if (EM_IS_NULL(d[0])) return -1;
  }
  return 0;
}


/* {=== transposes of the linear ones ===} */
static int tp_add(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  if (EM_IS_NULL(CT)) return 0;
  if (need[0] && EM_IS_NULL(o[0] = t_unbroadcast(CT, &c->in_av[0]))) return -1;
  if (need[1]) {
    Value u = c->id == PRIM_sub ? t_neg(CT) : em_incref(CT);
    if (EM_IS_NULL(u)) return -1;
    o[1] = t_unbroadcast(u, &c->in_av[1]);
    em_decref(u);
    if (EM_IS_NULL(o[1])) return -1;
  }
  return 0;
}
static int tp_neg(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  return EM_IS_NULL(o[0] = t_neg(CT)) ? -1 : 0;
}
static int tp_copy(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  o[0] = em_incref(CT);
  return 0;
}
static int tp_convert(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  return EM_IS_NULL(o[0] = t_convert(CT, c->in_av[0].dtype, c->in_av[0].weak)) ? -1 : 0;
}
static int tp_select(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  /* positions 1 and 2 of select in whatever order the kernel uses: raw binds */
  Value zero = t_zeros(&c->out_av[0]);
  if (EM_IS_NULL(zero)) return -1;
  for (int i = 1; i <= 2; i++) {
    if (!need[i]) continue;
    Value in[3] = {X0, i == 1 ? CT : zero, i == 1 ? zero : CT};
    Value s = t_bind1(PRIM_select, 3, in, NULL);
    if (EM_IS_NULL(s)) { em_decref(zero); return -1; }
    o[i] = t_unbroadcast(s, &c->in_av[i]);
    em_decref(s);
    if (EM_IS_NULL(o[i])) { em_decref(zero); return -1; }
  }
  em_decref(zero);
  return 0;
}

/* {=== batching ===} */
int elem_batch(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                  int64_t size, Value *out, int *obd) {
  Value args[8];
  if (nin > 8) { em_raise(ERR_INTERNAL, "batch: too many operands"); return -1; }
  int R = 0;
  for (int i = 0; i < nin; i++) {
    int r = t_rank(in[i]) - (bd[i] >= 0);
    if (r > R) R = r;
  }
  for (int i = 0; i < nin; i++) {
    if (bd[i] < 0) { args[i] = em_incref(in[i]); continue; }
    Value m = t_moveaxis(in[i], bd[i], 0);
    if (EM_IS_NULL(m)) { t_clear(args, i); return -1; }
    AVal av;
    em_aval(m, &av);
    if (av.ndim - 1 < R) {   /* align the example dims to the right of the batch axis */
      int64_t sh[ARR_MAXDIM];
      int k = 0;
      sh[k++] = av.shape[0];
      for (int j = 0; j < R - (av.ndim - 1); j++) sh[k++] = 1;
      for (int j = 1; j < av.ndim; j++) sh[k++] = av.shape[j];
      Value r = t_reshape(m, k, sh);
      em_decref(m);
      m = r;
      if (EM_IS_NULL(m)) { t_clear(args, i); return -1; }
    }
    args[i] = m;
  }
  return t_bind_out0(id, nin, args, params, out, obd);
}

/* {=== parameters ===} */
/* sat first: the cgen template reads it as %P0 */
static const ParamField pf_convert[] = {PRIM_FIELD(PConvert, sat, PT_INT, 0), PRIM_FIELD(PConvert, new_dtype, PT_DTYPE, 0),
                                        PRIM_FIELD(PConvert, weak, PT_INT, 0)};
static const ParamField pf_intpow[] = {PRIM_FIELD(PIntPow, y, PT_INT64, 0)};
static void pp_intpow(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  ir_put(pr, "[y=%lld]", (long long)((const PIntPow *)e->params)->y);
}
static void pp_convert(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PConvert *c = e->params;
  ir_put(pr, "[new_dtype=%s weak_type=%s]", dtn(c->new_dtype), c->weak ? "True" : "False");
}

/* {=== the entries ===} */
/* What every elementwise entry shares: the one kernel (its per-dtype loops are in
 * engine/cpu/cpu_elem.c), the batching rule, promotion of all operands to one dtype, and a
 * numpy scalar for a 0-d result. */
#define ELEMENTWISE(name, k, n, r)                                                        \
  .id = PRIM_##name, .nin = n, .nout = 1, .kind = k, .rule = r, .cpu = cpu_k_elementwise, \
  .batch = elem_batch, .promote = 1, .np_scalar = 1
#define UNARY(name, ...) {ELEMENTWISE(name, PK_UNARY, 1, rule_unary), __VA_ARGS__}
#define BINARY(name, ...) {ELEMENTWISE(name, PK_BINARY, 2, rule_binary), __VA_ARGS__}
#define COMPARE(name, ...) {ELEMENTWISE(name, PK_COMPARE, 2, rule_binary), __VA_ARGS__}
#define AD_ZERO .ad = RK_ZERO
#define AD_PARTIALS(fn) .ad = RK_PARTIALS, .partials = fn

const Prim prim_rows_elem[] = {
    UNARY(neg, .dtypes = DTM_NUM, .cgen = "(-%0)", .ad = RK_LINEAR, .lin = LIN_ALL,
        .transpose = tp_neg, .lax = "neg", .cheap = 1),
    UNARY(abs, .dtypes = DTM_ALL, .cgen = "sb_abs_%s(%0)", AD_PARTIALS(d_abs), .lax = "abs", .cheap = 1),
    UNARY(sign, .dtypes = DTM_NUM, .cgen = "sb_sign_%s(%0)", AD_ZERO, .lax = "sign"),
    UNARY(floor, .dtypes = DTM_NUM, .cgen = "sb_floor_%s(%0)", AD_ZERO, .lax = "floor"),
    UNARY(ceil, .dtypes = DTM_NUM, .cgen = "sb_ceil_%s(%0)", AD_ZERO, .lax = "ceil"),
    UNARY(round, .dtypes = DTM_NUM, .cgen = "sb_round_%s(%0)", AD_ZERO, .lax = "round"),
    UNARY(exp, .dtypes = DTM_FLOAT, .cgen = "exp%f(%0)", AD_PARTIALS(d_exp), .lax = "exp"),
    UNARY(exp2, .dtypes = DTM_FLOAT, .cgen = "exp2%f(%0)", AD_PARTIALS(d_exp2), .lax = "exp2"),
    UNARY(log, .dtypes = DTM_FLOAT, .cgen = "log%f(%0)", AD_PARTIALS(d_log), .lax = "log"),
    UNARY(log2, .dtypes = DTM_FLOAT, .cgen = "log2%f(%0)", AD_PARTIALS(d_log2)),
    UNARY(log10, .dtypes = DTM_FLOAT, .cgen = "log10%f(%0)", AD_PARTIALS(d_log10)),
    UNARY(log1p, .dtypes = DTM_FLOAT, .cgen = "log1p%f(%0)", AD_PARTIALS(d_log1p), .lax = "log1p"),
    UNARY(expm1, .dtypes = DTM_FLOAT, .cgen = "expm1%f(%0)", AD_PARTIALS(d_expm1), .lax = "expm1"),
    UNARY(sqrt, .dtypes = DTM_FLOAT, .cgen = "sqrt%f(%0)", AD_PARTIALS(d_sqrt), .lax = "sqrt"),
    UNARY(rsqrt, .dtypes = DTM_FLOAT, .cgen = "((%T)1 / sqrt%f(%0))", AD_PARTIALS(d_rsqrt), .lax = "rsqrt"),
    UNARY(cbrt, .dtypes = DTM_FLOAT, .cgen = "cbrt%f(%0)", AD_PARTIALS(d_cbrt), .lax = "cbrt"),
    UNARY(sin, .dtypes = DTM_FLOAT, .cgen = "sin%f(%0)", AD_PARTIALS(d_sin), .lax = "sin"),
    UNARY(cos, .dtypes = DTM_FLOAT, .cgen = "cos%f(%0)", AD_PARTIALS(d_cos), .lax = "cos"),
    UNARY(tan, .dtypes = DTM_FLOAT, .cgen = "tan%f(%0)", AD_PARTIALS(d_tan), .lax = "tan"),
    UNARY(asin, .dtypes = DTM_FLOAT, .cgen = "asin%f(%0)", AD_PARTIALS(d_asin), .lax = "asin"),
    UNARY(acos, .dtypes = DTM_FLOAT, .cgen = "acos%f(%0)", AD_PARTIALS(d_acos), .lax = "acos"),
    UNARY(atan, .dtypes = DTM_FLOAT, .cgen = "atan%f(%0)", AD_PARTIALS(d_atan), .lax = "atan"),
    UNARY(sinh, .dtypes = DTM_FLOAT, .cgen = "sinh%f(%0)", AD_PARTIALS(d_sinh), .lax = "sinh"),
    UNARY(cosh, .dtypes = DTM_FLOAT, .cgen = "cosh%f(%0)", AD_PARTIALS(d_cosh), .lax = "cosh"),
    UNARY(tanh, .dtypes = DTM_FLOAT, .cgen = "tanh%f(%0)", AD_PARTIALS(d_tanh), .lax = "tanh"),
    UNARY(asinh, .dtypes = DTM_FLOAT, .cgen = "asinh%f(%0)", AD_PARTIALS(d_asinh), .lax = "asinh"),
    UNARY(acosh, .dtypes = DTM_FLOAT, .cgen = "acosh%f(%0)", AD_PARTIALS(d_acosh), .lax = "acosh"),
    UNARY(atanh, .dtypes = DTM_FLOAT, .cgen = "atanh%f(%0)", AD_PARTIALS(d_atanh), .lax = "atanh"),
    UNARY(logistic, .dtypes = DTM_FLOAT, .cgen = "((%T)1 / ((%T)1 + exp%f(-%0)))",
        AD_PARTIALS(d_logistic), .lax = "logistic"),
    UNARY(erf, .dtypes = DTM_FLOAT, .cgen = "erf%f(%0)", AD_PARTIALS(d_erf), .lax = "erf"),
    UNARY(erfc, .dtypes = DTM_FLOAT, .cgen = "erfc%f(%0)", AD_PARTIALS(d_erfc), .lax = "erfc"),
    UNARY(erf_inv, .dtypes = DTM_FLOAT, AD_PARTIALS(d_erf_inv), .lax = "erf_inv"),
    UNARY(lgamma, .dtypes = DTM_FLOAT, .cgen = "lgamma%f(%0)", AD_PARTIALS(d_lgamma), .lax = "lgamma"),
    UNARY(is_finite, .dtypes = DTM_FLOAT, .cgen = "isfinite(%0)", AD_ZERO, .lax = "is_finite", .out_bool = 1),
    UNARY(is_nan, .dtypes = DTM_FLOAT, .cgen = "isnan(%0)", AD_ZERO, .out_bool = 1),
    UNARY(is_inf, .dtypes = DTM_FLOAT, .cgen = "isinf(%0)", AD_ZERO, .out_bool = 1),
    UNARY(not, .dtypes = DTM_INTB, .cgen = "sb_not_%s(%0)", AD_ZERO, .lax = "bitwise_not", .cheap = 1),
    UNARY(square, .dtypes = DTM_NUM, .cgen = "(%0 * %0)", AD_PARTIALS(d_square), .cheap = 1, .lax = "square"),
    UNARY(reciprocal, .dtypes = DTM_FLOAT, .cgen = "((%T)1 / %0)", AD_PARTIALS(d_reciprocal)),
    UNARY(population_count, .dtypes = DTM_INT, .cgen = "sb_popcnt_%s(%0)", AD_ZERO, .lax = "population_count"),
    UNARY(clz, .dtypes = DTM_INT, .cgen = "sb_clz_%s(%0)", AD_ZERO, .lax = "clz"),
    BINARY(add, .dtypes = DTM_ALL, .cgen = "(%0 + %1)", .ad = RK_LINEAR, .lin = LIN_ALL,
        .transpose = tp_add, .lax = "add", .cheap = 1),
    BINARY(sub, .dtypes = DTM_NUM, .cgen = "(%0 - %1)", .ad = RK_LINEAR, .lin = LIN_ALL,
        .transpose = tp_add, .lax = "sub", .cheap = 1),
    BINARY(mul, .dtypes = DTM_ALL, .cgen = "(%0 * %1)", AD_PARTIALS(d_mul), .lax = "mul", .cheap = 1),
    BINARY(div, .dtypes = DTM_NUM, .cgen = "sb_div_%s(%0, %1)", AD_PARTIALS(d_div), .lax = "div"),
    BINARY(floor_div, .dtypes = DTM_NUM, .cgen = "sb_floordiv_%s(%0, %1)", AD_ZERO),
    BINARY(rem, .dtypes = DTM_NUM, .cgen = "sb_rem_%s(%0, %1)", AD_PARTIALS(d_rem)),
    BINARY(pow, .dtypes = DTM_NUM, .cgen = "sb_pow_%s(%0, %1)", AD_PARTIALS(d_pow), .lax = "pow"),
    BINARY(max, .dtypes = DTM_ALL, .cgen = "sb_max_%s(%0, %1)", AD_PARTIALS(d_maxmin), .lax = "max", .cheap = 1),
    BINARY(min, .dtypes = DTM_ALL, .cgen = "sb_min_%s(%0, %1)", AD_PARTIALS(d_maxmin), .lax = "min", .cheap = 1),
    BINARY(atan2, .dtypes = DTM_FLOAT, .cgen = "atan2%f(%0, %1)", AD_PARTIALS(d_atan2), .lax = "atan2"),
    BINARY(nextafter, .dtypes = DTM_FLOAT, .cgen = "nextafter%f(%0, %1)", AD_ZERO, .lax = "nextafter"),
    BINARY(hypot, .dtypes = DTM_FLOAT, .cgen = "hypot%f(%0, %1)", AD_PARTIALS(d_hypot)),
    BINARY(copysign, .dtypes = DTM_FLOAT, .cgen = "copysign%f(%0, %1)", AD_PARTIALS(d_copysign)),
    BINARY(and, .dtypes = DTM_INTB, .cgen = "(%0 & %1)", AD_ZERO, .lax = "bitwise_and", .cheap = 1),
    BINARY(or, .dtypes = DTM_INTB, .cgen = "(%0 | %1)", AD_ZERO, .lax = "bitwise_or", .cheap = 1),
    BINARY(xor, .dtypes = DTM_INTB, .cgen = "(%0 ^ %1)", AD_ZERO, .lax = "bitwise_xor", .cheap = 1),
    BINARY(shift_left, .dtypes = DTM_INT, .cgen = "sb_shl_%s(%0, %1)", AD_ZERO, .lax = "shift_left"),
    BINARY(shift_right, .dtypes = DTM_INT, .cgen = "sb_shr_%s(%0, %1)", AD_ZERO, .lax = "shift_right_arithmetic"),
    COMPARE(eq, .dtypes = DTM_ALL, .cgen = "(%0 == %1)", AD_ZERO, .lax = "eq", .cheap = 1),
    COMPARE(ne, .dtypes = DTM_ALL, .cgen = "(%0 != %1)", AD_ZERO, .lax = "ne", .cheap = 1),
    COMPARE(lt, .dtypes = DTM_ALL, .cgen = "(%0 < %1)", AD_ZERO, .lax = "lt", .cheap = 1),
    COMPARE(le, .dtypes = DTM_ALL, .cgen = "(%0 <= %1)", AD_ZERO, .lax = "le", .cheap = 1),
    COMPARE(gt, .dtypes = DTM_ALL, .cgen = "(%0 > %1)", AD_ZERO, .lax = "gt", .cheap = 1),
    COMPARE(ge, .dtypes = DTM_ALL, .cgen = "(%0 >= %1)", AD_ZERO, .lax = "ge", .cheap = 1),
    {.id = PRIM_select, .nin = 3, .nout = 1, .kind = PK_OTHER,
     .rule = rule_select, .dtypes = DTM_ALL, .cpu = cpu_k_elementwise, .cgen = "(%0 ? %1 : %2)",
     .ad = RK_LINEAR, .lin = 6, .transpose = tp_select, .batch = elem_batch,
     .cheap = 1, .promote = 2, .np_scalar = 1},
    {.id = PRIM_integer_pow, .nin = 1, .nout = 1, .kind = PK_OTHER, PARAMS(PIntPow, pf_intpow),
     .print = pp_intpow,
     .rule = rule_integer_pow, .cpu = cpu_k_integer_pow, .cgen = "sb_ipow_%s(%0, %P0)",
     .ad = RK_PARTIALS, .partials = d_integer_pow, .batch = elem_batch,
     .np_scalar = 1},
    {.id = PRIM_convert, .nin = 1, .nout = 1, .kind = PK_OTHER, .half_native = 1, PARAMS(PConvert, pf_convert),
     .print = pp_convert,
     .rule = rule_convert, .cpu = cpu_k_convert, .cgen = "sb_cvt_%s_%o(%0, %P0)",
     .ad = RK_LINEAR, .lin = LIN_ALL, .transpose = tp_convert, .batch = elem_batch,
     .cheap = 1, .np_scalar = 2, .noop = t_noop_always},
    {.id = PRIM_copy, .nin = 1, .nout = 1, .kind = PK_OTHER,
     .rule = rule_same, .cpu = cpu_k_copy, .cgen = "%0",
     .ad = RK_LINEAR, .lin = LIN_ALL, .transpose = tp_copy, .batch = elem_batch,
     .cheap = 1, .np_scalar = 2, .noop = t_noop_always},
    {.id = PRIM_COUNT}};
