/* prim_linalg.c - the LAPACK-backed linear algebra primitives (lu, inv, solve, det, slogdet,
 * cholesky, qr, eigh, svd, triangular_solve), batched over leading dimensions. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "prim_kit.h"

/* {=== shape/dtype rules ===} */
/* A float (batch of) matrices; square unless `rect` (qr, svd). The outputs start as copies of
 * the operand's aval (strong); each rule adjusts them. */
static int linalg_in(const Prim *p, const AVal *a, int rect, AVal *out) {
  char s[400];
  if (!dt_is_float(a->dtype))
    return arr_err(ERR_TYPE, "%s: array type %s is unsupported in linalg", p->name, dtn(a->dtype));
  if (a->ndim < 2) {
    arr_err(ERR_VALUE, "%s: argument must have at least 2 dimensions, got shape %s", p->name, SHAPE(a, s));
    arr_err_np(ERR_LINALG, "%d-dimensional array given. Array must be at least two-dimensional", a->ndim);
    return -1;
  }
  if (a->shape[a->ndim - 1] > INT32_MAX || a->shape[a->ndim - 2] > INT32_MAX)
    return arr_err(ERR_VALUE, "%s: matrix too large for LAPACK, got shape %s", p->name, SHAPE(a, s));
  if (!rect && a->shape[a->ndim - 1] != a->shape[a->ndim - 2]) {
    arr_err(ERR_VALUE, "%s: argument must be a batch of square matrices, got shape %s", p->name, SHAPE(a, s));
    arr_err_np(ERR_LINALG, "Last 2 dimensions of the array must be square");
    return -1;
  }
  for (int i = 0; i < 3; i++) { out[i] = *a; out[i].weak = 0; }
  return 0;
}
/* inv, cholesky: a matrix like the operand */
static int rule_square(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  return linalg_in(p, &in[0], 0, out) < 0 ? -1 : 1;
}
static int rule_det(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  if (linalg_in(p, &in[0], 0, out) < 0) return -1;
  out[0].ndim = in[0].ndim - 2;
  return 1;
}
static int rule_slogdet(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  if (linalg_in(p, &in[0], 0, out) < 0) return -1;
  out[0].ndim = out[1].ndim = in[0].ndim - 2;
  return 2;
}
/* lu: the factors, the pivots and the permutation (int32 vectors) */
static int rule_lu(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  if (linalg_in(p, &in[0], 0, out) < 0) return -1;
  for (int i = 1; i < 3; i++) { out[i].ndim = in[0].ndim - 1; out[i].dtype = DT_INT32; }
  return 3;
}
/* eigh: the eigenvalues (a vector), the eigenvectors */
static int rule_eigh(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  if (linalg_in(p, &in[0], 0, out) < 0) return -1;
  out[0].ndim = in[0].ndim - 1;
  return 2;
}
static int rule_qr(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  if (linalg_in(p, &in[0], 1, out) < 0) return -1;
  const PQr *q = params;
  int nd = in[0].ndim;
  int64_t m = in[0].shape[nd - 2], n = in[0].shape[nd - 1], k = m < n ? m : n;
  out[0].shape[nd - 1] = q->full_matrices ? m : k;
  out[1].shape[nd - 2] = q->full_matrices ? m : k;
  return 2;
}
static int rule_svd(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  if (linalg_in(p, &in[0], 1, out) < 0) return -1;
  const PSvd *s = params;
  int nd = in[0].ndim;
  int64_t m = in[0].shape[nd - 2], n = in[0].shape[nd - 1], k = m < n ? m : n;
  out[0].ndim = nd - 1; out[0].shape[nd - 2] = k;
  if (!s->compute_uv) return 1;
  out[1].shape[nd - 1] = s->full_matrices ? m : k;
  out[2].shape[nd - 2] = s->full_matrices ? n : k;
  return 3;
}
/* solve(a, b), triangular_solve(a, b): b's batch dims are a's, and its rows (left) or its
 * columns (right) match a; the result is like b */
static int solve_shape(const Prim *p, const AVal *in, int left, AVal *out) {
  const AVal *a = &in[0], *b = &in[1];
  if (linalg_in(p, a, 0, out) < 0) return -1;
  char s1[400], s2[400];
  if (b->dtype != a->dtype) return prim_same_dtypes(p, in, 2);
  int nd = a->ndim;
  int64_t n = a->shape[nd - 1];
  int ok = b->ndim == nd;
  for (int i = 0; ok && i < nd - 2; i++) ok = b->shape[i] == a->shape[i];
  if (ok) ok = left ? b->shape[nd - 2] == n : b->shape[nd - 1] == n;
  if (!ok) {
    arr_err(ERR_VALUE, "%s: incompatible shapes %s and %s", p->name, SHAPE(a, s1), SHAPE(b, s2));
    arr_err_np(ERR_VALUE, "solve: Input operand 1 has a mismatch in its core dimension 0, with "
                          "gufunc signature (m,m),(m,n)->(m,n) (size %lld is different from %lld)",
               (long long)(b->ndim >= 2 ? b->shape[b->ndim - 2] : b->shape[0]), (long long)n);
    return -1;
  }
  out[0] = *b;
  out[0].weak = 0;
  return 1;
}
static int rule_solve(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  return solve_shape(p, in, 1, out);
}
static int rule_triangular_solve(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  return solve_shape(p, in, ((const PTriSolve *)params)->left_side, out);
}

/* {=== differentiation: forward rules (reverse mode by transposing them), and direct reverse
 * rules for solve and triangular_solve, linear in their right-hand side ===} */
static int rank(Value v) {
  AVal av;
  if (em_aval(v, &av) < 0) { em_clear_error(); return 0; }
  return av.ndim;
}

/* (..., n, k) @ (..., k, m) */
static Value mm(Value a, Value b) {
  if (EM_IS_NULL(a) || EM_IS_NULL(b)) return em_null();
  int nd = rank(a);
  PDot d;
  memset(&d, 0, sizeof d);
  d.nc = 1;
  d.lhs_contract[0] = nd - 1;
  d.rhs_contract[0] = nd - 2;
  d.nb = nd - 2;
  for (int i = 0; i < nd - 2; i++) d.lhs_batch[i] = d.rhs_batch[i] = i;
  return t_dot_general(a, b, &d);
}
static Value mm_(Value a, Value b) { Value r = mm(a, b); em_decref(a); em_decref(b); return r; }

static Value mT(Value a) {
  if (EM_IS_NULL(a)) return a;
  int nd = rank(a), perm[ARR_MAXDIM];
  for (int i = 0; i < nd; i++) perm[i] = i;
  perm[nd - 1] = nd - 2;
  perm[nd - 2] = nd - 1;
  return t_transpose(a, perm);
}
static Value mT_(Value a) { Value r = mT(a); em_decref(a); return r; }
static Value neg_(Value a) { Value r = EM_IS_NULL(a) ? a : t_neg(a); em_decref(a); return r; }

/* mask of the matrix positions with col - row <= k (lower) or >= k (upper), as a's dtype */
static Value tri_mask(Value a, int lower, int k) {
  AVal av;
  if (em_aval(a, &av) < 0) return em_null();
  int64_t sh[2] = {av.shape[av.ndim - 2], av.shape[av.ndim - 1]};
  Value r = t_iota(DT_INT32, 2, sh, 0), c = t_iota(DT_INT32, 2, sh, 1);
  Value kk = t_scalar(DT_INT32, k, 0);
  Value rk = (EM_IS_NULL(r) || EM_IS_NULL(kk)) ? em_null() : t_add(r, kk);
  Value m = (EM_IS_NULL(rk) || EM_IS_NULL(c)) ? em_null() : t_binary(lower ? PRIM_le : PRIM_ge, c, rk);
  Value f = EM_IS_NULL(m) ? m : t_convert(m, av.dtype, 0);
  em_decref(r); em_decref(c); em_decref(kk); em_decref(rk); em_decref(m);
  return f;
}
static Value eye_like(Value a) {
  AVal av;
  if (em_aval(a, &av) < 0) return em_null();
  int64_t sh[2] = {av.shape[av.ndim - 2], av.shape[av.ndim - 1]};
  Value r = t_iota(DT_INT32, 2, sh, 0), c = t_iota(DT_INT32, 2, sh, 1);
  Value m = (EM_IS_NULL(r) || EM_IS_NULL(c)) ? em_null() : t_binary(PRIM_eq, r, c);
  Value f = EM_IS_NULL(m) ? m : t_convert(m, av.dtype, 0);
  em_decref(r); em_decref(c); em_decref(m);
  return f;
}
/* sum of the diagonal over the last two axes */
static Value trace_(Value a) {
  if (EM_IS_NULL(a)) return a;
  Value m = mul_(em_incref(a), eye_like(a));
  int nd = rank(a), ax[2] = {nd - 2, nd - 1};
  Value r = EM_IS_NULL(m) ? m : t_reduce_sum(m, 2, ax);
  em_decref(m);
  em_decref(a);
  return r;
}
static Value diag_(Value a) {   /* (..., n, n) -> (..., n) */
  if (EM_IS_NULL(a)) return a;
  Value m = mul_(em_incref(a), eye_like(a));
  int nd = rank(a), ax[1] = {nd - 1};
  Value r = EM_IS_NULL(m) ? m : t_reduce_sum(m, 1, ax);
  em_decref(m);
  em_decref(a);
  return r;
}
/* (x == 0) as x's dtype */
static Value eqz_f(Value x) {
  AVal av;
  if (EM_IS_NULL(x) || em_aval(x, &av) < 0) return em_null();
  Value z = t_scalar(av.dtype, 0, 1);
  Value e = EM_IS_NULL(z) ? z : t_binary(PRIM_eq, x, z);
  em_decref(z);
  Value r = EM_IS_NULL(e) ? e : t_convert(e, av.dtype, 0);
  em_decref(e);
  return r;
}
static Value un_r(Value a) { Value r = EM_IS_NULL(a) ? a : t_unary(PRIM_reciprocal, a); em_decref(a); return r; }
static Value scale_h(Value a) { Value r = EM_IS_NULL(a) ? a : t_mul_scalar(a, 0.5); em_decref(a); return r; }
static Value div2_(Value a, Value b) {
  Value r = (EM_IS_NULL(a) || EM_IS_NULL(b)) ? em_null() : t_div(a, b);
  em_decref(a); em_decref(b);
  return r;
}
static Value solve(Value a, Value b) {
  if (EM_IS_NULL(a) || EM_IS_NULL(b)) return em_null();
  Value in[2] = {a, b};
  PLinalg p = {0};
  return t_bind1(PRIM_solve, 2, in, &p);
}
static Value trisolve(Value a, Value b, const PTriSolve *p) {
  if (EM_IS_NULL(a) || EM_IS_NULL(b)) return em_null();
  Value in[2] = {a, b};
  return t_bind1(PRIM_triangular_solve, 2, in, p);
}

/* Every forward rule below binds its primitive on the primals first, starts with no output
 * tangents (a missing tangent is a zero), and on failure drops both the primal outputs and the
 * tangents made so far: these two helpers and FAIL_IF are that frame, written once. */
static int jvp_fail(Value *out, Value *tout, int n) {
  t_clear(out, n);
  t_clear(tout, n);
  return -1;
}
#define FAIL_IF(cond) do { if (cond) return jvp_fail(out, tout, n); } while (0)

static int jvp_inv(PrimId id, const void *params, int nin, const Value *p, const Value *t,
                   Value *out, Value *tout) {
  int n = t_jvp_primal(id, params, nin, p, out, tout);
  if (n < 0 || EM_IS_NULL(t[0])) return n;
  tout[0] = neg_(mm_(mm(out[0], t[0]), em_incref(out[0])));
  FAIL_IF(EM_IS_NULL(tout[0]));
  return n;
}

static int jvp_solve(PrimId id, const void *params, int nin, const Value *p, const Value *t,
                     Value *out, Value *tout) {
  int n = t_jvp_primal(id, params, nin, p, out, tout);
  if (n < 0) return n;
  Value rhs = EM_IS_NULL(t[1]) ? em_null() : em_incref(t[1]);
  if (!EM_IS_NULL(t[0])) {
    Value m = neg_(mm(t[0], out[0]));
    FAIL_IF(EM_IS_NULL(m));
    rhs = EM_IS_NULL(rhs) ? m : add_(rhs, m);
    FAIL_IF(EM_IS_NULL(rhs));
  }
  if (EM_IS_NULL(rhs)) return n;
  tout[0] = solve(p[0], rhs);
  em_decref(rhs);
  FAIL_IF(EM_IS_NULL(tout[0]));
  return n;
}

/* d log|det a| = tr(a^-1 da): det's tangent is that times det (output 0), slogdet's is that
 * itself on the log-abs-det (output 1; the sign's tangent is zero) */
static int jvp_logdet(int of_det, PrimId id, const void *params, int nin, const Value *p,
                      const Value *t, Value *out, Value *tout) {
  int n = t_jvp_primal(id, params, nin, p, out, tout);
  if (n < 0 || EM_IS_NULL(t[0])) return n;
  Value dlog = trace_(solve(p[0], t[0]));
  int k = of_det ? 0 : 1;
  tout[k] = of_det ? mul_(em_incref(out[0]), dlog) : dlog;
  FAIL_IF(EM_IS_NULL(tout[k]));
  return n;
}
static int jvp_det(PrimId id, const void *params, int nin, const Value *p, const Value *t,
                   Value *out, Value *tout) {
  return jvp_logdet(1, id, params, nin, p, t, out, tout);
}
static int jvp_slogdet(PrimId id, const void *params, int nin, const Value *p, const Value *t,
                       Value *out, Value *tout) {
  return jvp_logdet(0, id, params, nin, p, t, out, tout);
}

static int jvp_cholesky(PrimId id, const void *params, int nin, const Value *p, const Value *t,
                        Value *out, Value *tout) {
  int n = t_jvp_primal(id, params, nin, p, out, tout);
  if (n < 0 || EM_IS_NULL(t[0])) return n;
  Value ta = t[0], L = out[0];
  Value sym = add_(em_incref(ta), mT(ta));
  Value sigma = EM_IS_NULL(sym) ? sym : t_mul_scalar(sym, 0.5);
  em_decref(sym);
  PTriSolve r1 = {0, 1, 1, 0}, r2 = {1, 1, 0, 0};
  Value tmp = trisolve(L, sigma, &r1);
  Value inner = trisolve(L, tmp, &r2);
  em_decref(sigma);
  em_decref(tmp);
  /* phi: lower triangle with the diagonal halved */
  Value low = mul_(inner, tri_mask(L, 1, 0));
  Value e = eye_like(L);
  Value h = EM_IS_NULL(e) ? e : t_mul_scalar(e, -0.5);
  em_decref(e);
  Value fac = EM_IS_NULL(h) ? h : t_add_scalar(h, 1.0);
  em_decref(h);
  Value phi = mul_(low, fac);
  tout[0] = mm_(em_incref(L), phi);
  FAIL_IF(EM_IS_NULL(tout[0]));
  return n;
}

static int jvp_eigh(PrimId id, const void *params, int nin, const Value *p, const Value *t,
                    Value *out, Value *tout) {
  int n = t_jvp_primal(id, params, nin, p, out, tout);
  if (n < 0 || EM_IS_NULL(t[0])) return n;
  Value w = out[0], v = out[1];
  Value vav = mm_(mm_(mT(v), em_incref(t[0])), em_incref(v));
  FAIL_IF(EM_IS_NULL(vav));
  tout[0] = diag_(em_incref(vav));
  /* F_ij = 1 / (w_j - w_i) off the diagonal, 0 on it */
  AVal wa;
  em_aval(w, &wa);
  int64_t sh[ARR_MAXDIM];
  ir_memcpy(sh, wa.shape, sizeof(int64_t) * (size_t)wa.ndim);
  sh[wa.ndim] = wa.shape[wa.ndim - 1];
  int bdr[ARR_MAXDIM], bdc[ARR_MAXDIM];
  for (int i = 0; i < wa.ndim - 1; i++) bdr[i] = bdc[i] = i;
  bdr[wa.ndim - 1] = wa.ndim;       /* w_j along columns */
  bdc[wa.ndim - 1] = wa.ndim - 1;   /* w_i along rows */
  Value wj = t_bcast_in_dim(w, wa.ndim + 1, sh, bdr);
  Value wi = t_bcast_in_dim(w, wa.ndim + 1, sh, bdc);
  Value e = eye_like(vav);
  Value den = add_(em_incref(e), (EM_IS_NULL(wj) || EM_IS_NULL(wi)) ? em_null() : t_sub(wj, wi));
  Value F = EM_IS_NULL(den) ? den : t_unary(PRIM_reciprocal, den);
  Value F0 = (EM_IS_NULL(F) || EM_IS_NULL(e)) ? em_null() : t_sub(F, e);
  em_decref(wj); em_decref(wi); em_decref(e); em_decref(den); em_decref(F);
  tout[1] = mm_(em_incref(v), mul_(F0, vav));
  FAIL_IF(EM_IS_NULL(tout[0]) || EM_IS_NULL(tout[1]));
  return n;
}

static int jvp_triangular_solve(PrimId id, const void *params, int nin, const Value *p,
                                const Value *t, Value *out, Value *tout) {
  int n = t_jvp_primal(id, params, nin, p, out, tout);
  if (n < 0) return n;
  const PTriSolve *ps = params;
  Value a = p[0], ta = t[0];
  Value acc = em_null();
  if (!EM_IS_NULL(t[1])) {
    acc = trisolve(a, t[1], ps);
    FAIL_IF(EM_IS_NULL(acc));
  }
  if (!EM_IS_NULL(ta)) {
    int k = ps->unit_diagonal ? 1 : 0;
    Value g = mul_(em_incref(ta), tri_mask(a, ps->lower, ps->lower ? -k : k));
    g = neg_(g);
    if (ps->transpose_a) g = mT_(g);
    Value prod = ps->left_side ? mm(g, out[0]) : mm(out[0], g);
    em_decref(g);
    Value term = trisolve(a, prod, ps);
    em_decref(prod);
    FAIL_IF(EM_IS_NULL(term));
    acc = EM_IS_NULL(acc) ? term : add_(acc, term);
    FAIL_IF(EM_IS_NULL(acc));
  }
  tout[0] = acc;
  return n;
}

/* JAX's qr_jvp_rule (J. Townsend's derivation), for m >= n and the reduced form */
static int jvp_qr(PrimId id, const void *params, int nin, const Value *p, const Value *t,
                  Value *out, Value *tout) {
  int n = t_jvp_primal(id, params, nin, p, out, tout);
  if (n < 0 || EM_IS_NULL(t[0])) return n;
  Value ta = t[0];
  AVal xa;
  FAIL_IF(em_aval(p[0], &xa) < 0);
  int64_t m = xa.shape[xa.ndim - 2], nn = xa.shape[xa.ndim - 1];
  if (m < nn || (((const PQr *)params)->full_matrices && m != nn)) {
    em_raise(ERR_NOTIMPL, "Unimplemented case of QR decomposition derivative "
              "(it needs m >= n and full_matrices=False, got a %lldx%lld matrix)",
              (long long)m, (long long)nn);
    return jvp_fail(out, tout, n);
  }
  Value q = out[0], r = out[1];
  PTriSolve right = {0, 0, 0, 0};
  Value dx_rinv = trisolve(r, ta, &right);
  Value qt_dx_rinv = mm_(mT(q), em_incref(dx_rinv));
  Value low = mul_(em_incref(qt_dx_rinv), tri_mask(qt_dx_rinv, 1, -1));
  Value dom = add_(em_incref(low), neg_(mT(low)));   /* skew-symmetric */
  em_decref(low);
  tout[0] = add_(mm_(em_incref(q), add_(em_incref(dom), neg_(em_incref(qt_dx_rinv)))),
                 em_incref(dx_rinv));
  tout[1] = mm_(add_(em_incref(qt_dx_rinv), neg_(em_incref(dom))), em_incref(r));
  em_decref(dx_rinv); em_decref(qt_dx_rinv); em_decref(dom);
  FAIL_IF(EM_IS_NULL(tout[0]) || EM_IS_NULL(tout[1]));
  return n;
}

/* JAX's _svd_jvp_rule */
static int jvp_svd(PrimId id, const void *params, int nin, const Value *p, const Value *t,
                   Value *out, Value *tout) {
  int n = t_jvp_primal(id, params, nin, p, out, tout);
  if (n < 0 || EM_IS_NULL(t[0])) return n;
  const PSvd *ps = params;
  Value a = p[0], ta = t[0];
  AVal xa;
  FAIL_IF(em_aval(a, &xa) < 0);
  int nd = xa.ndim;
  int64_t m = xa.shape[nd - 2], nn = xa.shape[nd - 1];
  if (ps->compute_uv && ps->full_matrices && m != nn) {
    em_raise(ERR_NOTIMPL, "Singular value decomposition JVP not implemented "
              "for full matrices (use full_matrices=False)");
    return jvp_fail(out, tout, n);
  }
  Value sv = out[0];
  AVal sa;
  FAIL_IF(em_aval(sv, &sa) < 0);
  int64_t rs[ARR_MAXDIM], cs[ARR_MAXDIM];   /* s as a row (..., 1, k) and a column (..., k, 1) */
  ir_memcpy(rs, sa.shape, sizeof(int64_t) * (size_t)sa.ndim);
  ir_memcpy(cs, sa.shape, sizeof(int64_t) * (size_t)sa.ndim);
  rs[sa.ndim] = sa.shape[sa.ndim - 1];
  rs[sa.ndim - 1] = 1;
  cs[sa.ndim] = 1;
  if (!ps->compute_uv) {
    /* only s: U and V from a full decomposition at the parent level (constants here) */
    PSvd full = {0, 1};
    Value usv[3] = {{0}};
    FAIL_IF(em_bind(PRIM_svd, 1, &a, &full, usv) < 0);
    tout[0] = diag_(mm_(mm_(mT(usv[1]), em_incref(ta)), mT(usv[2])));
    t_clear(usv, 3);
    FAIL_IF(EM_IS_NULL(tout[0]));
    return n;
  }
  Value U = out[1], Vt = out[2];
  Value V = mT(Vt), Ut = mT(U);
  Value dS = mm_(mm(Ut, ta), em_incref(V));
  tout[0] = diag_(em_incref(dS));
  Value srow = t_reshape(sv, sa.ndim + 1, rs), scol = t_reshape(sv, sa.ndim + 1, cs);
  Value sdiff = mul_(add_(em_incref(srow), em_incref(scol)), add_(em_incref(srow), neg_(em_incref(scol))));
  Value dz = EM_IS_NULL(sdiff) ? sdiff : eqz_f(sdiff);
  Value F = add_(un_r(add_(em_incref(sdiff), em_incref(dz))), neg_(em_incref(dz)));
  Value dSS = mul_(em_incref(srow), em_incref(dS));
  Value SdS = mul_(em_incref(scol), em_incref(dS));
  Value sz = eqz_f(sv);
  Value sinv = add_(un_r(add_(em_incref(sv), em_incref(sz))), neg_(em_incref(sz)));
  Value sinv_row = EM_IS_NULL(sinv) ? sinv : t_reshape(sinv, sa.ndim + 1, rs);
  Value sinv_mat = mul_(eye_like(dS), sinv_row);
  Value dUdV = mul_(scale_h(add_(em_incref(dS), neg_(mT(dS)))), sinv_mat);
  Value dU = mm_(em_incref(U), add_(mul_(em_incref(F), add_(em_incref(dSS), mT(dSS))), dUdV));
  Value dV = mm_(em_incref(V), mul_(em_incref(F), add_(em_incref(SdS), mT(SdS))));
  if (m > nn) {
    Value dAV = mm(ta, V);
    Value corr = add_(em_incref(dAV), neg_(mm_(em_incref(U), mm(Ut, dAV))));
    dU = add_(dU, div2_(corr, em_incref(srow)));
    em_decref(dAV);
  }
  if (nn > m) {
    Value dAHU = mm_(mT(ta), em_incref(U));
    Value corr = add_(em_incref(dAHU), neg_(mm_(em_incref(V), mm(Vt, dAHU))));
    dV = add_(dV, div2_(corr, em_incref(srow)));
    em_decref(dAHU);
  }
  tout[1] = dU;
  tout[2] = mT_(dV);
  em_decref(V); em_decref(Ut); em_decref(dS); em_decref(srow); em_decref(scol);
  em_decref(sdiff); em_decref(dz); em_decref(F); em_decref(dSS); em_decref(SdS);
  em_decref(sz); em_decref(sinv);
  FAIL_IF(EM_IS_NULL(tout[0]) || EM_IS_NULL(tout[1]) || EM_IS_NULL(tout[2]));
  return n;
}

/* JAX's _lu_jvp_rule for square matrices: P a = L U, with L unit lower, U upper */
static int jvp_lu(PrimId id, const void *params, int nin, const Value *p, const Value *t,
                  Value *out, Value *tout) {
  int n = t_jvp_primal(id, params, nin, p, out, tout);
  if (n < 0 || EM_IS_NULL(t[0])) return n;
  AVal xa;
  FAIL_IF(em_aval(p[0], &xa) < 0);
  int nd = xa.ndim;
  Value lu = out[0], perm = out[2];
  /* the permutation matrix P[i, j] = (perm[i] == j), applied to the tangent's rows */
  int bd[ARR_MAXDIM];
  for (int i = 0; i < nd - 1; i++) bd[i] = i;
  Value pb = t_bcast_in_dim(perm, nd, xa.shape, bd);
  Value io = t_iota(DT_INT32, nd, xa.shape, nd - 1);
  Value pe = (EM_IS_NULL(pb) || EM_IS_NULL(io)) ? em_null() : t_binary(PRIM_eq, pb, io);
  Value P = EM_IS_NULL(pe) ? pe : t_convert(pe, xa.dtype, 0);
  em_decref(pb); em_decref(io); em_decref(pe);
  Value x = mm_(P, em_incref(t[0]));
  Value l = add_(mul_(em_incref(lu), tri_mask(lu, 1, -1)), eye_like(lu));
  Value u = mul_(em_incref(lu), tri_mask(lu, 0, 0));
  PTriSolve ls = {1, 1, 0, 1}, rs_ = {0, 0, 0, 0};
  Value la = trisolve(l, x, &ls);
  Value lau = trisolve(u, la, &rs_);
  em_decref(x); em_decref(la);
  Value ldot = mm_(em_incref(l), mul_(em_incref(lau), tri_mask(lau, 1, -1)));
  Value udot = mm_(mul_(em_incref(lau), tri_mask(lau, 0, 0)), em_incref(u));
  tout[0] = add_(ldot, udot);
  em_decref(l); em_decref(u); em_decref(lau);
  FAIL_IF(EM_IS_NULL(tout[0]));
  return n;
}
#undef FAIL_IF

/* {=== reverse mode of solve / triangular_solve ===} */
typedef struct SolveCtx { PrimId id; PTriSolve p; Value a, x; } SolveCtx;

static void solve_free(void *c_) {
  SolveCtx *c = c_;
  em_decref(c->a);
  em_decref(c->x);
  free(c);
}

static int solve_backward(void *c_, int nout, const Value *ct, int nin, const uint8_t *need,
                          Value *ct_in) {
  SolveCtx *c = c_;
  if (EM_IS_NULL(ct[0])) return 0;
  Value ctb;
  int left = 1, trans = 0;
  if (c->id == PRIM_solve) {
    Value at = mT(c->a);
    ctb = solve(at, ct[0]);
    em_decref(at);
  } else {
    PTriSolve q = c->p;
    q.transpose_a = !q.transpose_a;
    left = c->p.left_side;
    trans = c->p.transpose_a;
    ctb = trisolve(c->a, ct[0], &q);
  }
  if (EM_IS_NULL(ctb)) return -1;
  if (need[0]) {
    /* ct of op(A): -ctb x^T (left) or -x^T ctb (right) */
    Value g = left ? mm_(em_incref(ctb), mT(c->x)) : mm_(mT(c->x), em_incref(ctb));
    g = neg_(g);
    if (trans) g = mT_(g);
    if (c->id == PRIM_triangular_solve && !EM_IS_NULL(g)) {
      int k = c->p.unit_diagonal ? 1 : 0;
      g = mul_(g, tri_mask(c->a, c->p.lower, c->p.lower ? -k : k));
    }
    if (EM_IS_NULL(g)) { em_decref(ctb); return -1; }
    ct_in[0] = g;
  }
  if (need[1]) ct_in[1] = ctb; else em_decref(ctb);
  return 0;
}

static int vjpf_solve(PrimId id, const void *params, int nin, const Value *p, const uint8_t *diff,
               Value *out, VjpClosure *cl) {
  int n = em_bind(id, nin, p, params, out);
  if (n < 0) return -1;
  SolveCtx *c = calloc(1, sizeof *c);
  if (!c) { t_clear(out, n); em_raise(ERR_MEMORY, "out of memory"); return -1; }
  c->id = id;
  if (id == PRIM_triangular_solve) c->p = *(const PTriSolve *)params;
  c->a = em_incref(p[0]);
  c->x = em_incref(out[0]);
  cl->backward = solve_backward;
  cl->ctx = c;
  cl->free = solve_free;
  return n;
}


/* {=== batching ===} */
/* linear algebra: batched over leading dimensions already */
static int b_leading(PrimId id, const void *params, int nin, const Value *in, const int *bd,
              int64_t size, Value *out, int *obd) {
  return t_all_front(id, nin, in, bd, size, params, out, obd);
}

/* {=== parameters ===} */
static const ParamField pf_linalg[] = {PRIM_FIELD(PLinalg, check, PT_INT, 0)};
static const ParamField pf_qr[] = {PRIM_FIELD(PQr, full_matrices, PT_INT, 0)};
static const ParamField pf_eigh[] = {PRIM_FIELD(PEigh, lower, PT_INT, 0)};
static const ParamField pf_svd[] = {PRIM_FIELD(PSvd, full_matrices, PT_INT, 0), PRIM_FIELD(PSvd, compute_uv, PT_INT, 0)};
static const ParamField pf_trisolve[] = {PRIM_FIELD(PTriSolve, left_side, PT_INT, 0), PRIM_FIELD(PTriSolve, lower, PT_INT, 0),
                                         PRIM_FIELD(PTriSolve, transpose_a, PT_INT, 0), PRIM_FIELD(PTriSolve, unit_diagonal, PT_INT, 0)};

/* {=== the entries ===} */
const Prim prim_rows_linalg[] = {
    {.id = PRIM_lu, .nin = 1, .nout = 3, .kind = PK_LINALG,
     .rule = rule_lu, .cpu = cpu_k_lu,
     .ad = RK_CUSTOM, .jvp = jvp_lu, .batch = b_leading},
    {.id = PRIM_inv, .nin = 1, .nout = 1, .kind = PK_LINALG, PARAMS(PLinalg, pf_linalg),
     .rule = rule_square, .cpu = cpu_k_inv,
     .ad = RK_CUSTOM, .jvp = jvp_inv, .batch = b_leading},
    {.id = PRIM_solve, .nin = 2, .nout = 1, .kind = PK_LINALG, PARAMS(PLinalg, pf_linalg),
     .rule = rule_solve, .cpu = cpu_k_solve,
     .ad = RK_CUSTOM, .jvp = jvp_solve, .vjp_fwd = vjpf_solve, .batch = b_leading},
    {.id = PRIM_det, .nin = 1, .nout = 1, .kind = PK_LINALG,
     .rule = rule_det, .cpu = cpu_k_det,
     .ad = RK_CUSTOM, .jvp = jvp_det, .batch = b_leading},
    {.id = PRIM_slogdet, .nin = 1, .nout = 2, .kind = PK_LINALG,
     .rule = rule_slogdet, .cpu = cpu_k_det,
     .ad = RK_CUSTOM, .jvp = jvp_slogdet, .batch = b_leading},
    {.id = PRIM_cholesky, .nin = 1, .nout = 1, .kind = PK_LINALG, PARAMS(PLinalg, pf_linalg),
     .rule = rule_square, .cpu = cpu_k_cholesky,
     .ad = RK_CUSTOM, .jvp = jvp_cholesky, .batch = b_leading},
    {.id = PRIM_qr, .nin = 1, .nout = 2, .kind = PK_LINALG, PARAMS(PQr, pf_qr),
     .rule = rule_qr, .cpu = cpu_k_qr,
     .ad = RK_CUSTOM, .jvp = jvp_qr, .batch = b_leading},
    {.id = PRIM_eigh, .nin = 1, .nout = 2, .kind = PK_LINALG, PARAMS(PEigh, pf_eigh),
     .rule = rule_eigh, .cpu = cpu_k_eigh,
     .ad = RK_CUSTOM, .jvp = jvp_eigh, .batch = b_leading},
    {.id = PRIM_svd, .nin = 1, .nout = 3, .kind = PK_LINALG, PARAMS(PSvd, pf_svd),
     .rule = rule_svd, .cpu = cpu_k_svd,
     .ad = RK_CUSTOM, .jvp = jvp_svd, .batch = b_leading},
    {.id = PRIM_triangular_solve, .nin = 2, .nout = 1, .kind = PK_LINALG,
     PARAMS(PTriSolve, pf_trisolve),
     .rule = rule_triangular_solve, .cpu = cpu_k_trisolve,
     .ad = RK_CUSTOM, .jvp = jvp_triangular_solve, .vjp_fwd = vjpf_solve, .batch = b_leading},
    {.id = PRIM_COUNT}};
