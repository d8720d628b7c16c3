/* rules_linalg.c - differentiation rules of sort and the linear-algebra primitives: forward
 * rules (their reverse mode is derived by transposition, rules.h), plus direct reverse rules
 * for solve and triangular_solve, which are linear in their right-hand side. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "transform/transform.h"

static int rank(Value v) {
  AVal av;
  if (lx_aval(v, &av) < 0) { obj_err_clear(); return 0; }
  return av.ndim;
}

/* (..., n, k) @ (..., k, m) */
static Value mm(Value a, Value b) {
  if (VAL_IS_NULL(a) || VAL_IS_NULL(b)) return val_null();
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
static Value mm_(Value a, Value b) { Value r = mm(a, b); val_decref(a); val_decref(b); return r; }

static Value mT(Value a) {
  if (VAL_IS_NULL(a)) return a;
  int nd = rank(a), perm[ARR_MAXDIM];
  for (int i = 0; i < nd; i++) perm[i] = i;
  perm[nd - 1] = nd - 2;
  perm[nd - 2] = nd - 1;
  return t_transpose(a, perm);
}
static Value mT_(Value a) { Value r = mT(a); val_decref(a); return r; }
static Value neg_(Value a) { Value r = VAL_IS_NULL(a) ? a : t_neg(a); val_decref(a); return r; }
static Value add_(Value a, Value b) {
  Value r = (VAL_IS_NULL(a) || VAL_IS_NULL(b)) ? val_null() : t_add(a, b);
  val_decref(a); val_decref(b);
  return r;
}
static Value mul_(Value a, Value b) {
  Value r = (VAL_IS_NULL(a) || VAL_IS_NULL(b)) ? val_null() : t_mul(a, b);
  val_decref(a); val_decref(b);
  return r;
}

/* mask of the matrix positions with col - row <= k (lower) or >= k (upper), as a's dtype */
static Value tri_mask(Value a, int lower, int k) {
  AVal av;
  if (lx_aval(a, &av) < 0) return val_null();
  int64_t sh[2] = {av.shape[av.ndim - 2], av.shape[av.ndim - 1]};
  Value r = t_iota(DT_INT32, 2, sh, 0), c = t_iota(DT_INT32, 2, sh, 1);
  Value kk = t_scalar(DT_INT32, k, 0);
  Value rk = (VAL_IS_NULL(r) || VAL_IS_NULL(kk)) ? val_null() : t_add(r, kk);
  Value m = (VAL_IS_NULL(rk) || VAL_IS_NULL(c)) ? val_null() : t_binary(lower ? PRIM_le : PRIM_ge, c, rk);
  Value f = VAL_IS_NULL(m) ? m : t_convert(m, av.dtype, 0);
  val_decref(r); val_decref(c); val_decref(kk); val_decref(rk); val_decref(m);
  return f;
}
static Value eye_like(Value a) {
  AVal av;
  if (lx_aval(a, &av) < 0) return val_null();
  int64_t sh[2] = {av.shape[av.ndim - 2], av.shape[av.ndim - 1]};
  Value r = t_iota(DT_INT32, 2, sh, 0), c = t_iota(DT_INT32, 2, sh, 1);
  Value m = (VAL_IS_NULL(r) || VAL_IS_NULL(c)) ? val_null() : t_binary(PRIM_eq, r, c);
  Value f = VAL_IS_NULL(m) ? m : t_convert(m, av.dtype, 0);
  val_decref(r); val_decref(c); val_decref(m);
  return f;
}
/* sum of the diagonal over the last two axes */
static Value trace_(Value a) {
  if (VAL_IS_NULL(a)) return a;
  Value m = mul_(val_incref(a), eye_like(a));
  int nd = rank(a), ax[2] = {nd - 2, nd - 1};
  Value r = VAL_IS_NULL(m) ? m : t_reduce_sum(m, 2, ax);
  val_decref(m);
  val_decref(a);
  return r;
}
static Value diag_(Value a) {   /* (..., n, n) -> (..., n) */
  if (VAL_IS_NULL(a)) return a;
  Value m = mul_(val_incref(a), eye_like(a));
  int nd = rank(a), ax[1] = {nd - 1};
  Value r = VAL_IS_NULL(m) ? m : t_reduce_sum(m, 1, ax);
  val_decref(m);
  val_decref(a);
  return r;
}
/* (x == 0) as x's dtype */
static Value eqz_f(Value x) {
  AVal av;
  if (VAL_IS_NULL(x) || lx_aval(x, &av) < 0) return val_null();
  Value z = t_scalar(av.dtype, 0, 1);
  Value e = VAL_IS_NULL(z) ? z : t_binary(PRIM_eq, x, z);
  val_decref(z);
  Value r = VAL_IS_NULL(e) ? e : t_convert(e, av.dtype, 0);
  val_decref(e);
  return r;
}
static Value un_r(Value a) { Value r = VAL_IS_NULL(a) ? a : t_unary(PRIM_reciprocal, a); val_decref(a); return r; }
static Value scale_h(Value a) { Value r = VAL_IS_NULL(a) ? a : t_mul_scalar(a, 0.5); val_decref(a); return r; }
static Value div2_(Value a, Value b) {
  Value r = (VAL_IS_NULL(a) || VAL_IS_NULL(b)) ? val_null() : t_div(a, b);
  val_decref(a); val_decref(b);
  return r;
}
static Value solve(Value a, Value b) {
  if (VAL_IS_NULL(a) || VAL_IS_NULL(b)) return val_null();
  Value in[2] = {a, b};
  PLinalg p = {0};
  return tr_bind1(PRIM_solve, 2, in, &p);
}
static Value trisolve(Value a, Value b, const PTriSolve *p) {
  if (VAL_IS_NULL(a) || VAL_IS_NULL(b)) return val_null();
  Value in[2] = {a, b};
  return tr_bind1(PRIM_triangular_solve, 2, in, p);
}

#define FAIL_IF(cond) do { if (cond) goto fail; } while (0)

int jvp_linalg(PrimId id, const void *params, int nin, const Value *p, const Value *t,
               Value *out, Value *tout) {
  int n = tr_bind(id, nin, p, params, out);
  if (n < 0) return -1;
  for (int k = 0; k < n; k++) tout[k] = val_null();
  Value a = p[0], ta = t[0];
  switch (id) {
    case PRIM_inv:
      if (VAL_IS_NULL(ta)) return n;
      tout[0] = neg_(mm_(mm(out[0], ta), val_incref(out[0])));
      FAIL_IF(VAL_IS_NULL(tout[0]));
      return n;
    case PRIM_solve: {
      Value rhs = VAL_IS_NULL(t[1]) ? val_null() : val_incref(t[1]);
      if (!VAL_IS_NULL(ta)) {
        Value m = neg_(mm(ta, out[0]));
        FAIL_IF(VAL_IS_NULL(m));
        rhs = VAL_IS_NULL(rhs) ? m : add_(rhs, m);
        FAIL_IF(VAL_IS_NULL(rhs));
      }
      if (VAL_IS_NULL(rhs)) return n;
      tout[0] = solve(a, rhs);
      val_decref(rhs);
      FAIL_IF(VAL_IS_NULL(tout[0]));
      return n;
    }
    case PRIM_det:
      if (VAL_IS_NULL(ta)) return n;
      tout[0] = mul_(val_incref(out[0]), trace_(solve(a, ta)));
      FAIL_IF(VAL_IS_NULL(tout[0]));
      return n;
    case PRIM_slogdet:
      if (VAL_IS_NULL(ta)) return n;
      tout[1] = trace_(solve(a, ta));
      FAIL_IF(VAL_IS_NULL(tout[1]));
      return n;
    case PRIM_cholesky: {
      if (VAL_IS_NULL(ta)) return n;
      Value L = out[0];
      Value sym = add_(val_incref(ta), mT(ta));
      Value sigma = VAL_IS_NULL(sym) ? sym : t_mul_scalar(sym, 0.5);
      val_decref(sym);
      PTriSolve r1 = {0, 1, 1, 0}, r2 = {1, 1, 0, 0};
      Value tmp = trisolve(L, sigma, &r1);
      Value inner = trisolve(L, tmp, &r2);
      val_decref(sigma);
      val_decref(tmp);
      /* phi: lower triangle with the diagonal halved */
      Value low = mul_(inner, tri_mask(L, 1, 0));
      Value e = eye_like(L);
      Value h = VAL_IS_NULL(e) ? e : t_mul_scalar(e, -0.5);
      val_decref(e);
      Value fac = VAL_IS_NULL(h) ? h : t_add_scalar(h, 1.0);
      val_decref(h);
      Value phi = mul_(low, fac);
      tout[0] = mm_(val_incref(L), phi);
      FAIL_IF(VAL_IS_NULL(tout[0]));
      return n;
    }
    case PRIM_eigh: {
      if (VAL_IS_NULL(ta)) return n;
      Value w = out[0], v = out[1];
      Value vav = mm_(mm_(mT(v), val_incref(ta)), val_incref(v));
      FAIL_IF(VAL_IS_NULL(vav));
      tout[0] = diag_(val_incref(vav));
      /* F_ij = 1 / (w_j - w_i) off the diagonal, 0 on it */
      AVal wa;
      lx_aval(w, &wa);
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
      Value den = add_(val_incref(e), (VAL_IS_NULL(wj) || VAL_IS_NULL(wi)) ? val_null() : t_sub(wj, wi));
      Value F = VAL_IS_NULL(den) ? den : t_unary(PRIM_reciprocal, den);
      Value F0 = (VAL_IS_NULL(F) || VAL_IS_NULL(e)) ? val_null() : t_sub(F, e);
      val_decref(wj); val_decref(wi); val_decref(e); val_decref(den); val_decref(F);
      tout[1] = mm_(val_incref(v), mul_(F0, vav));
      FAIL_IF(VAL_IS_NULL(tout[0]) || VAL_IS_NULL(tout[1]));
      return n;
    }
    case PRIM_triangular_solve: {
      const PTriSolve *ps = params;
      Value acc = val_null();
      if (!VAL_IS_NULL(t[1])) {
        acc = trisolve(a, t[1], ps);
        FAIL_IF(VAL_IS_NULL(acc));
      }
      if (!VAL_IS_NULL(ta)) {
        int k = ps->unit_diagonal ? 1 : 0;
        Value g = mul_(val_incref(ta), tri_mask(a, ps->lower, ps->lower ? -k : k));
        g = neg_(g);
        if (ps->transpose_a) g = mT_(g);
        Value prod = ps->left_side ? mm(g, out[0]) : mm(out[0], g);
        val_decref(g);
        Value term = trisolve(a, prod, ps);
        val_decref(prod);
        FAIL_IF(VAL_IS_NULL(term));
        acc = VAL_IS_NULL(acc) ? term : add_(acc, term);
        FAIL_IF(VAL_IS_NULL(acc));
      }
      tout[0] = acc;
      return n;
    }
    case PRIM_qr: {
      /* JAX's qr_jvp_rule (J. Townsend's derivation), for m >= n and the reduced form */
      if (VAL_IS_NULL(ta)) return n;
      AVal xa;
      if (lx_aval(a, &xa) < 0) goto fail;
      int64_t m = xa.shape[xa.ndim - 2], nn = xa.shape[xa.ndim - 1];
      if (m < nn || (((const PQr *)params)->full_matrices && m != nn)) {
        obj_raise(&obj_NotImplementedError, "Unimplemented case of QR decomposition derivative "
                  "(it needs m >= n and full_matrices=False, got a %lldx%lld matrix)",
                  (long long)m, (long long)nn);
        goto fail;
      }
      Value q = out[0], r = out[1];
      PTriSolve right = {0, 0, 0, 0};
      Value dx_rinv = trisolve(r, ta, &right);
      Value qt_dx_rinv = mm_(mT(q), val_incref(dx_rinv));
      Value low = mul_(val_incref(qt_dx_rinv), tri_mask(qt_dx_rinv, 1, -1));
      Value dom = add_(val_incref(low), neg_(mT(low)));   /* skew-symmetric */
      val_decref(low);
      tout[0] = add_(mm_(val_incref(q), add_(val_incref(dom), neg_(val_incref(qt_dx_rinv)))),
                     val_incref(dx_rinv));
      tout[1] = mm_(add_(val_incref(qt_dx_rinv), neg_(val_incref(dom))), val_incref(r));
      val_decref(dx_rinv); val_decref(qt_dx_rinv); val_decref(dom);
      FAIL_IF(VAL_IS_NULL(tout[0]) || VAL_IS_NULL(tout[1]));
      return n;
    }
    case PRIM_svd: {
      /* JAX's _svd_jvp_rule */
      if (VAL_IS_NULL(ta)) return n;
      const PSvd *ps = params;
      AVal xa;
      if (lx_aval(a, &xa) < 0) goto fail;
      int nd = xa.ndim;
      int64_t m = xa.shape[nd - 2], nn = xa.shape[nd - 1];
      if (ps->compute_uv && ps->full_matrices && m != nn) {
        obj_raise(&obj_NotImplementedError, "Singular value decomposition JVP not implemented "
                  "for full matrices (use full_matrices=False)");
        goto fail;
      }
      Value sv = out[0];
      AVal sa;
      if (lx_aval(sv, &sa) < 0) goto fail;
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
        if (tr_bind(PRIM_svd, 1, &a, &full, usv) < 0) goto fail;
        tout[0] = diag_(mm_(mm_(mT(usv[1]), val_incref(ta)), mT(usv[2])));
        t_clear(usv, 3);
        FAIL_IF(VAL_IS_NULL(tout[0]));
        return n;
      }
      Value U = out[1], Vt = out[2];
      Value V = mT(Vt), Ut = mT(U);
      Value dS = mm_(mm(Ut, ta), val_incref(V));
      tout[0] = diag_(val_incref(dS));
      Value srow = t_reshape(sv, sa.ndim + 1, rs), scol = t_reshape(sv, sa.ndim + 1, cs);
      Value sdiff = mul_(add_(val_incref(srow), val_incref(scol)), add_(val_incref(srow), neg_(val_incref(scol))));
      Value dz = VAL_IS_NULL(sdiff) ? sdiff : eqz_f(sdiff);
      Value F = add_(un_r(add_(val_incref(sdiff), val_incref(dz))), neg_(val_incref(dz)));
      Value dSS = mul_(val_incref(srow), val_incref(dS));
      Value SdS = mul_(val_incref(scol), val_incref(dS));
      Value sz = eqz_f(sv);
      Value sinv = add_(un_r(add_(val_incref(sv), val_incref(sz))), neg_(val_incref(sz)));
      Value sinv_row = VAL_IS_NULL(sinv) ? sinv : t_reshape(sinv, sa.ndim + 1, rs);
      Value sinv_mat = mul_(eye_like(dS), sinv_row);
      Value dUdV = mul_(scale_h(add_(val_incref(dS), neg_(mT(dS)))), sinv_mat);
      Value dU = mm_(val_incref(U), add_(mul_(val_incref(F), add_(val_incref(dSS), mT(dSS))), dUdV));
      Value dV = mm_(val_incref(V), mul_(val_incref(F), add_(val_incref(SdS), mT(SdS))));
      if (m > nn) {
        Value dAV = mm(ta, V);
        Value corr = add_(val_incref(dAV), neg_(mm_(val_incref(U), mm(Ut, dAV))));
        dU = add_(dU, div2_(corr, val_incref(srow)));
        val_decref(dAV);
      }
      if (nn > m) {
        Value dAHU = mm_(mT(ta), val_incref(U));
        Value corr = add_(val_incref(dAHU), neg_(mm_(val_incref(V), mm(Vt, dAHU))));
        dV = add_(dV, div2_(corr, val_incref(srow)));
        val_decref(dAHU);
      }
      tout[1] = dU;
      tout[2] = mT_(dV);
      val_decref(V); val_decref(Ut); val_decref(dS); val_decref(srow); val_decref(scol);
      val_decref(sdiff); val_decref(dz); val_decref(F); val_decref(dSS); val_decref(SdS);
      val_decref(sz); val_decref(sinv);
      FAIL_IF(VAL_IS_NULL(tout[0]) || VAL_IS_NULL(tout[1]) || VAL_IS_NULL(tout[2]));
      return n;
    }
    case PRIM_lu: {
      /* JAX's _lu_jvp_rule for square matrices: P a = L U, with L unit lower, U upper */
      if (VAL_IS_NULL(ta)) return n;
      AVal xa;
      if (lx_aval(a, &xa) < 0) goto fail;
      int nd = xa.ndim;
      Value lu = out[0], perm = out[2];
      /* the permutation matrix P[i, j] = (perm[i] == j), applied to the tangent's rows */
      int bd[ARR_MAXDIM];
      for (int i = 0; i < nd - 1; i++) bd[i] = i;
      Value pb = t_bcast_in_dim(perm, nd, xa.shape, bd);
      Value io = t_iota(DT_INT32, nd, xa.shape, nd - 1);
      Value pe = (VAL_IS_NULL(pb) || VAL_IS_NULL(io)) ? val_null() : t_binary(PRIM_eq, pb, io);
      Value P = VAL_IS_NULL(pe) ? pe : t_convert(pe, xa.dtype, 0);
      val_decref(pb); val_decref(io); val_decref(pe);
      Value x = mm_(P, val_incref(ta));
      Value l = add_(mul_(val_incref(lu), tri_mask(lu, 1, -1)), eye_like(lu));
      Value u = mul_(val_incref(lu), tri_mask(lu, 0, 0));
      PTriSolve ls = {1, 1, 0, 1}, rs_ = {0, 0, 0, 0};
      Value la = trisolve(l, x, &ls);
      Value lau = trisolve(u, la, &rs_);
      val_decref(x); val_decref(la);
      Value ldot = mm_(val_incref(l), mul_(val_incref(lau), tri_mask(lau, 1, -1)));
      Value udot = mm_(mul_(val_incref(lau), tri_mask(lau, 0, 0)), val_incref(u));
      tout[0] = add_(ldot, udot);
      val_decref(l); val_decref(u); val_decref(lau);
      FAIL_IF(VAL_IS_NULL(tout[0]));
      return n;
    }
    default:
      break;
  }
  t_clear(out, n);
  obj_raise(&obj_NotImplementedError, "Differentiation rule for '%s' not implemented",
            prim_table[id].name);
  return -1;
fail:
  t_clear(out, n);
  t_clear(tout, n);
  return -1;
}

/* {=== reverse mode of solve / triangular_solve ===} */
typedef struct SolveCtx { PrimId id; PTriSolve p; Value a, x; } SolveCtx;

static void solve_free(void *c_) {
  SolveCtx *c = c_;
  val_decref(c->a);
  val_decref(c->x);
  free(c);
}

static int solve_backward(void *c_, int nout, const Value *ct, int nin, const uint8_t *need,
                          Value *ct_in) {
  SolveCtx *c = c_;
  if (VAL_IS_NULL(ct[0])) return 0;
  Value ctb;
  int left = 1, trans = 0;
  if (c->id == PRIM_solve) {
    Value at = mT(c->a);
    ctb = solve(at, ct[0]);
    val_decref(at);
  } else {
    PTriSolve q = c->p;
    q.transpose_a = !q.transpose_a;
    left = c->p.left_side;
    trans = c->p.transpose_a;
    ctb = trisolve(c->a, ct[0], &q);
  }
  if (VAL_IS_NULL(ctb)) return -1;
  if (need[0]) {
    /* ct of op(A): -ctb x^T (left) or -x^T ctb (right) */
    Value g = left ? mm_(val_incref(ctb), mT(c->x)) : mm_(mT(c->x), val_incref(ctb));
    g = neg_(g);
    if (trans) g = mT_(g);
    if (c->id == PRIM_triangular_solve && !VAL_IS_NULL(g)) {
      int k = c->p.unit_diagonal ? 1 : 0;
      g = mul_(g, tri_mask(c->a, c->p.lower, c->p.lower ? -k : k));
    }
    if (VAL_IS_NULL(g)) { val_decref(ctb); return -1; }
    ct_in[0] = g;
  }
  if (need[1]) ct_in[1] = ctb; else val_decref(ctb);
  return 0;
}

int vjpf_solve(PrimId id, const void *params, int nin, const Value *p, const uint8_t *diff,
               Value *out, VjpClosure *cl) {
  int n = tr_bind(id, nin, p, params, out);
  if (n < 0) return -1;
  SolveCtx *c = calloc(1, sizeof *c);
  if (!c) { t_clear(out, n); obj_raise_nomem(); return -1; }
  c->id = id;
  if (id == PRIM_triangular_solve) c->p = *(const PTriSolve *)params;
  c->a = val_incref(p[0]);
  c->x = val_incref(out[0]);
  cl->backward = solve_backward;
  cl->ctx = c;
  cl->free = solve_free;
  return n;
}

/* {=== sort ===} */
/* x[..., perm, ...] along `dim`: a gather with full index vectors */
static Value take_along(Value x, Value perm, int dim) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  int r = av.ndim;
  int64_t sh1[ARR_MAXDIM];
  ir_memcpy(sh1, av.shape, sizeof(int64_t) * (size_t)r);
  sh1[r] = 1;
  Value parts[ARR_MAXDIM];
  int k;
  for (k = 0; k < r; k++) {
    Value comp = k == dim ? t_convert(perm, DT_INT32, 0) : t_iota(DT_INT32, r, av.shape, k);
    parts[k] = VAL_IS_NULL(comp) ? comp : t_reshape(comp, r + 1, sh1);
    val_decref(comp);
    if (VAL_IS_NULL(parts[k])) break;
  }
  Value idx = k == r ? t_concat(r, parts, r) : val_null();
  t_clear(parts, k);
  if (VAL_IS_NULL(idx)) return idx;
  PGather g;
  memset(&g, 0, sizeof g);
  g.n_collapsed = r;
  g.n_start = r;
  for (int i = 0; i < r; i++) {
    g.collapsed_slice_dims[i] = i;
    g.start_index_map[i] = i;
    g.slice_sizes[i] = 1;
  }
  g.mode = IDX_CLIP;
  Value in[2] = {x, idx};
  Value res = tr_bind1(PRIM_gather, 2, in, &g);
  val_decref(idx);
  return res;
}

int jvp_sort(PrimId id, const void *params, int nin, const Value *p, const Value *t, Value *out,
             Value *tout) {
  const PSort *ps = params;
  AVal av;
  if (lx_aval(p[0], &av) < 0) return -1;
  Value *in = calloc((size_t)nin + 2, sizeof(Value));
  Value *o = calloc((size_t)nin + 2, sizeof(Value));
  if (!in || !o) { free(in); free(o); obj_raise_nomem(); return -1; }
  for (int i = 0; i < nin; i++) in[i] = p[i];
  Value iota = t_iota(DT_INT32, av.ndim, av.shape, ps->dimension);
  int rc = -1;
  if (!VAL_IS_NULL(iota)) {
    in[nin] = iota;
    int n = tr_bind(id, nin + 1, in, params, o);
    if (n == nin + 1) {
      rc = nin;
      for (int i = 0; i < nin; i++) {
        out[i] = o[i];
        tout[i] = val_null();
        if (!VAL_IS_NULL(t[i]) && rc >= 0) {
          tout[i] = take_along(t[i], o[nin], ps->dimension);
          if (VAL_IS_NULL(tout[i])) rc = -1;
        }
      }
      val_decref(o[nin]);
      if (rc < 0) { t_clear(out, nin); t_clear(tout, nin); }
    } else if (n >= 0) {
      t_clear(o, n);
    }
  }
  val_decref(iota);
  free(in);
  free(o);
  return rc;
}
