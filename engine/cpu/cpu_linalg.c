/* cpu_linalg.c - LAPACK-backed kernels (lu, inv, solve, det, slogdet, cholesky, qr, eigh, svd,
 * triangular_solve), batched over the leading dims: each matrix is copied into a contiguous
 * work buffer, LAPACKE works on it, results are written to fresh contiguous outputs. */
#include "cpu.h"
#include "cpu_blas.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* LAPACKE reports an illegal argument by printing to stdout, which would land in the user's
 * output (or a protocol stream). Every call here passes checked arguments and turns info < 0
 * into ERR_INTERNAL; this definition (interposing liblapacke's) keeps the text out. It works
 * with liblapacke loaded by dlopen too, because the executable is linked with -rdynamic: its
 * exported symbols come first in the lookup scope of every library loaded later. */
void LAPACKE_xerbla(const char *name, lapack_int info);
void LAPACKE_xerbla(const char *name, lapack_int info) { (void)name; (void)info; }

static size_t nz(int64_t v) { return v > 0 ? (size_t)v : 1; }

/* Copy matrix number bi (of the batch) of a into a contiguous row-major buffer. */
static void load_mat(const Array *a, int64_t bi, void *dst) {
  int nd = a->ndim;
  int64_t off = a->offset, rest = bi;
  for (int d = nd - 3; d >= 0; d--) { off += (rest % a->shape[d]) * a->strides[d]; rest /= a->shape[d]; }
  int64_t R = a->shape[nd - 2], C = a->shape[nd - 1], rs = a->strides[nd - 2], cs = a->strides[nd - 1];
  int esz = dt_size(a->dtype);
  const char *src = (const char *)a->buf->data + off * esz;
  if (cs == 1 && rs == C) { memcpy(dst, src, (size_t)(R * C * esz)); return; }
  for (int64_t i = 0; i < R; i++)
    for (int64_t j = 0; j < C; j++)
      memcpy((char *)dst + (i * C + j) * esz, src + (i * rs + j * cs) * esz, (size_t)esz);
}

static int64_t nbatch(const Array *a, int core) {
  int64_t b = 1;
  for (int d = 0; d < a->ndim - core; d++) b *= a->shape[d];
  return b;
}

static int lapack_fail(const char *what, int info) {
  if (info < 0) return arr_err(ERR_INTERNAL, "%s: illegal argument %d", what, -info);
  return arr_err(ERR_LINALG, "%s failed (info=%d)", what, info);
}

/* Everything below works in float64 or float32 through these small macros. */
#define IS64(a) ((a)->dtype == DT_FLOAT64)
#define MSZ(a) ((size_t)dt_size((a)->dtype))

int cpu_k_lu(const Prim *p, Array *const *in, int nin, const void *params,
                const AVal *oav, Array **out) {
  const CpuLapack *lp = cpu_lapack();
  if (!lp) return -1;
  Array *a = in[0];
  int64_t n = a->shape[a->ndim - 1], B = nbatch(a, 2);
  Array *lu = arr_new_like(&oav[0]), *piv = arr_new_like(&oav[1]), *perm = arr_new_like(&oav[2]);
  lapack_int *ip = malloc(sizeof(lapack_int) * (size_t)(n ? n : 1));
  if (!lu || !piv || !perm || !ip) goto fail;
  for (int64_t b = 0; b < B; b++) {
    char *m = (char *)arr_data(lu) + b * n * n * MSZ(a);
    load_mat(a, b, m);
    if (n) {
      int info = IS64(a) ? lp->LAPACKE_dgetrf(LAPACK_ROW_MAJOR, n, n, (double *)m, n, ip)
                         : lp->LAPACKE_sgetrf(LAPACK_ROW_MAJOR, n, n, (float *)m, n, ip);
      if (info < 0) { lapack_fail("getrf", info); goto fail; }
    }
    int32_t *pv = (int32_t *)arr_data(piv) + b * n, *pm = (int32_t *)arr_data(perm) + b * n;
    for (int64_t i = 0; i < n; i++) { pv[i] = ip[i] - 1; pm[i] = (int32_t)i; }
    for (int64_t i = 0; i < n; i++) { int32_t t = pm[i]; pm[i] = pm[pv[i]]; pm[pv[i]] = t; }
  }
  free(ip);
  out[0] = lu; out[1] = piv; out[2] = perm;
  return 0;
fail:
  if (!arr_last_error()->kind || !ip) arr_err(ERR_MEMORY, "out of memory");
  free(ip); arr_release(lu); arr_release(piv); arr_release(perm);
  return -1;
}

static void fill_nan(Array *o, int64_t b, int64_t cnt) {
  char *d = (char *)arr_data(o) + b * cnt * dt_size(o->dtype);
  for (int64_t i = 0; i < cnt; i++) cpu_store_f(o->dtype, d + i * dt_size(o->dtype), NAN);
}

int cpu_k_inv(const Prim *p, Array *const *in, int nin, const void *params,
                 const AVal *oav, Array **out) {
  const CpuLapack *lp = cpu_lapack();
  if (!lp) return -1;
  const PLinalg *pl = params;
  Array *a = in[0];
  int64_t n = a->shape[a->ndim - 1], B = nbatch(a, 2);
  Array *o = arr_new_like(oav);
  lapack_int *ip = malloc(sizeof(lapack_int) * (size_t)(n ? n : 1));
  if (!o || !ip) { free(ip); arr_release(o); if (o) arr_err(ERR_MEMORY, "out of memory"); return -1; }
  for (int64_t b = 0; b < B && n; b++) {
    char *m = (char *)arr_data(o) + b * n * n * MSZ(a);
    load_mat(a, b, m);
    /* The row-major buffer is A^T in column-major order; inv(A^T) = inv(A)^T, so working in
     * column-major needs no transposition. */
    /* LAPACKE refuses NaN input (info -4: "illegal argument"); NumPy's LAPACK call lets the
     * NaNs through to the result */
    int nan = 0;
    for (int64_t i = 0; i < n * n && !nan; i++)
      nan = IS64(a) ? isnan(((double *)m)[i]) : isnan(((float *)m)[i]);
    if (nan) { fill_nan(o, b, n * n); continue; }
    int info = IS64(a) ? lp->LAPACKE_dgetrf(LAPACK_COL_MAJOR, n, n, (double *)m, n, ip)
                       : lp->LAPACKE_sgetrf(LAPACK_COL_MAJOR, n, n, (float *)m, n, ip);
    if (info > 0) {
      if (pl->check) { arr_release(o); free(ip); return arr_err(ERR_LINALG, "Singular matrix"); }
      fill_nan(o, b, n * n);
      continue;
    }
    if (info == 0)
      info = IS64(a) ? lp->LAPACKE_dgetri(LAPACK_COL_MAJOR, n, (double *)m, n, ip)
                     : lp->LAPACKE_sgetri(LAPACK_COL_MAJOR, n, (float *)m, n, ip);
    if (info < 0) { arr_release(o); free(ip); return lapack_fail("getri", info); }
  }
  free(ip);
  *out = o;
  return 0;
}

int cpu_k_solve(const Prim *p, Array *const *in, int nin, const void *params,
                   const AVal *oav, Array **out) {
  const CpuLapack *lp = cpu_lapack();
  if (!lp) return -1;
  const PLinalg *pl = params;
  Array *a = in[0], *bm = in[1];
  int64_t n = a->shape[a->ndim - 1], k = bm->shape[bm->ndim - 1], B = nbatch(a, 2);
  Array *o = arr_new_like(oav);
  void *am = malloc(nz(n * n) * MSZ(a));
  lapack_int *ip = malloc(sizeof(lapack_int) * (size_t)(n ? n : 1));
  if (!o || !am || !ip) { free(am); free(ip); arr_release(o); if (o) arr_err(ERR_MEMORY, "out of memory"); return -1; }
  for (int64_t b = 0; b < B && n && k; b++) {
    char *x = (char *)arr_data(o) + b * n * k * MSZ(a);
    load_mat(a, b, am);
    load_mat(bm, b, x);
    int info = IS64(a) ? lp->LAPACKE_dgesv(LAPACK_ROW_MAJOR, n, k, am, n, ip, (double *)x, k)
                       : lp->LAPACKE_sgesv(LAPACK_ROW_MAJOR, n, k, am, n, ip, (float *)x, k);
    if (info > 0) {
      if (pl->check) { free(am); free(ip); arr_release(o); return arr_err(ERR_LINALG, "Singular matrix"); }
      fill_nan(o, b, n * k);
    } else if (info < 0) { free(am); free(ip); arr_release(o); return lapack_fail("gesv", info); }
  }
  free(am); free(ip);
  *out = o;
  return 0;
}

/* det and slogdet from one LU. */
int cpu_k_det(const Prim *p, Array *const *in, int nin, const void *params,
                 const AVal *oav, Array **out) {
  const CpuLapack *lp = cpu_lapack();
  if (!lp) return -1;
  Array *a = in[0];
  int slog = p->nout == 2;   /* slogdet: (sign, logabsdet) */
  int64_t n = a->shape[a->ndim - 1], B = nbatch(a, 2);
  Array *o0 = arr_new_like(&oav[0]), *o1 = slog ? arr_new_like(&oav[1]) : NULL;
  void *am = malloc(nz(n * n) * MSZ(a));
  lapack_int *ip = malloc(sizeof(lapack_int) * (size_t)(n ? n : 1));
  if (!o0 || (slog && !o1) || !am || !ip) {
    free(am); free(ip); arr_release(o0); arr_release(o1);
    arr_err(ERR_MEMORY, "out of memory");
    return -1;
  }
  for (int64_t b = 0; b < B; b++) {
    double sign = 1, logdet = 0, det = 1;
    if (n) {
      load_mat(a, b, am);
      int info = IS64(a) ? lp->LAPACKE_dgetrf(LAPACK_ROW_MAJOR, n, n, am, n, ip)
                         : lp->LAPACKE_sgetrf(LAPACK_ROW_MAJOR, n, n, am, n, ip);
      if (info < 0) { free(am); free(ip); arr_release(o0); arr_release(o1); return lapack_fail("getrf", info); }
      for (int64_t i = 0; i < n; i++) {
        double d = IS64(a) ? ((double *)am)[i * n + i] : ((float *)am)[i * n + i];
        if (ip[i] != i + 1) sign = -sign;
        if (d < 0) sign = -sign;
        logdet += log(fabs(d));
      }
      if (info > 0) { sign = 0; logdet = -INFINITY; }
      det = sign * exp(logdet);   /* as numpy: det = sign * exp(logdet) */
    }
    if (slog) {
      cpu_store_f(o0->dtype, (char *)arr_data(o0) + b * MSZ(a), sign);
      cpu_store_f(o1->dtype, (char *)arr_data(o1) + b * MSZ(a), logdet);
    } else {
      cpu_store_f(o0->dtype, (char *)arr_data(o0) + b * MSZ(a), det);
    }
  }
  free(am); free(ip);
  out[0] = o0;
  if (slog) out[1] = o1;
  return 0;
}

int cpu_k_cholesky(const Prim *p, Array *const *in, int nin, const void *params,
                      const AVal *oav, Array **out) {
  const CpuLapack *lp = cpu_lapack();
  if (!lp) return -1;
  const PLinalg *pl = params;
  Array *a = in[0];
  int64_t n = a->shape[a->ndim - 1], B = nbatch(a, 2);
  Array *o = arr_new_like(oav);
  if (!o) return -1;
  for (int64_t b = 0; b < B && n; b++) {
    char *m = (char *)arr_data(o) + b * n * n * MSZ(a);
    load_mat(a, b, m);
    int info = IS64(a) ? lp->LAPACKE_dpotrf(LAPACK_ROW_MAJOR, 'L', n, (double *)m, n)
                       : lp->LAPACKE_spotrf(LAPACK_ROW_MAJOR, 'L', n, (float *)m, n);
    if (info > 0) {
      if (pl->check) { arr_release(o); return arr_err(ERR_LINALG, "Matrix is not positive definite"); }
      fill_nan(o, b, n * n);
      continue;
    }
    if (info < 0) { arr_release(o); return lapack_fail("potrf", info); }
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = i + 1; j < n; j++) cpu_store_f(o->dtype, m + (i * n + j) * MSZ(a), 0);
  }
  *out = o;
  return 0;
}

int cpu_k_qr(const Prim *p, Array *const *in, int nin, const void *params,
                const AVal *oav, Array **out) {
  const CpuLapack *lp = cpu_lapack();
  if (!lp) return -1;
  const PQr *q = params;
  Array *a = in[0];
  int64_t m = a->shape[a->ndim - 2], n = a->shape[a->ndim - 1], k = m < n ? m : n, B = nbatch(a, 2);
  int64_t qc = q->full_matrices ? m : k;             /* columns of Q, rows of R */
  int64_t wc = qc > n ? qc : n;                      /* work matrix m x wc */
  Array *Q = arr_new_like(&oav[0]), *R = arr_new_like(&oav[1]);
  void *w = malloc(nz(m * wc) * MSZ(a));
  void *tau = malloc((size_t)(k ? k : 1) * MSZ(a));
  if (!Q || !R || !w || !tau) { free(w); free(tau); arr_release(Q); arr_release(R); arr_err(ERR_MEMORY, "out of memory"); return -1; }
  size_t es = MSZ(a);
  for (int64_t b = 0; b < B; b++) {
    char *qm = (char *)arr_data(Q) + b * m * qc * es, *rm = (char *)arr_data(R) + b * qc * n * es;
    memset(w, 0, (size_t)(m * wc) * es);
    /* load a into the first n columns of the m x wc work matrix */
    char *tmp = malloc(nz(m * n) * es);
    if (!tmp) { free(w); free(tau); arr_release(Q); arr_release(R); arr_err(ERR_MEMORY, "out of memory"); return -1; }
    load_mat(a, b, tmp);
    for (int64_t i = 0; i < m; i++) memcpy((char *)w + i * wc * es, tmp + i * n * es, (size_t)n * es);
    free(tmp);
    int info = 0;
    if (m && n) info = IS64(a) ? lp->LAPACKE_dgeqrf(LAPACK_ROW_MAJOR, m, n, w, wc, tau)
                               : lp->LAPACKE_sgeqrf(LAPACK_ROW_MAJOR, m, n, w, wc, tau);
    if (info < 0) { free(w); free(tau); arr_release(Q); arr_release(R); return lapack_fail("geqrf", info); }
    for (int64_t i = 0; i < qc; i++)
      for (int64_t j = 0; j < n; j++)
        memcpy(rm + (i * n + j) * es, (char *)w + (i * wc + j) * es, es), (j < i) ? cpu_store_f(R->dtype, rm + (i * n + j) * es, 0) : (void)0;
    if (m && qc) {
      if (k == 0) { memset(w, 0, (size_t)(m * wc) * es); }
      info = IS64(a) ? lp->LAPACKE_dorgqr(LAPACK_ROW_MAJOR, m, qc, k, w, wc, tau)
                     : lp->LAPACKE_sorgqr(LAPACK_ROW_MAJOR, m, qc, k, w, wc, tau);
      if (info < 0) { free(w); free(tau); arr_release(Q); arr_release(R); return lapack_fail("orgqr", info); }
    }
    for (int64_t i = 0; i < m; i++) memcpy(qm + i * qc * es, (char *)w + i * wc * es, (size_t)qc * es);
  }
  free(w); free(tau);
  out[0] = Q; out[1] = R;
  return 0;
}

int cpu_k_eigh(const Prim *p, Array *const *in, int nin, const void *params,
                  const AVal *oav, Array **out) {
  const CpuLapack *lp = cpu_lapack();
  if (!lp) return -1;
  const PEigh *e = params;
  Array *a = in[0];
  int64_t n = a->shape[a->ndim - 1], B = nbatch(a, 2);
  Array *W = arr_new_like(&oav[0]), *V = arr_new_like(&oav[1]);
  if (!W || !V) { arr_release(W); arr_release(V); return -1; }
  size_t es = MSZ(a);
  for (int64_t b = 0; b < B && n; b++) {
    char *v = (char *)arr_data(V) + b * n * n * es, *w = (char *)arr_data(W) + b * n * es;
    load_mat(a, b, v);
    char uplo = e->lower ? 'L' : 'U';
    int info = IS64(a) ? lp->LAPACKE_dsyevd(LAPACK_ROW_MAJOR, 'V', uplo, n, (double *)v, n, (double *)w)
                       : lp->LAPACKE_ssyevd(LAPACK_ROW_MAJOR, 'V', uplo, n, (float *)v, n, (float *)w);
    if (info < 0) { arr_release(W); arr_release(V); return lapack_fail("syevd", info); }
    if (info > 0) { fill_nan(W, b, n); fill_nan(V, b, n * n); }
  }
  out[0] = W; out[1] = V;
  return 0;
}

int cpu_k_svd(const Prim *p, Array *const *in, int nin, const void *params,
                 const AVal *oav, Array **out) {
  const CpuLapack *lp = cpu_lapack();
  if (!lp) return -1;
  const PSvd *s = params;
  Array *a = in[0];
  int64_t m = a->shape[a->ndim - 2], n = a->shape[a->ndim - 1], k = m < n ? m : n, B = nbatch(a, 2);
  Array *S = arr_new_like(&oav[0]), *U = NULL, *VT = NULL;
  if (s->compute_uv) { U = arr_new_like(&oav[1]); VT = arr_new_like(&oav[2]); }
  size_t es = MSZ(a);
  void *am = malloc(nz(m * n) * es);
  if (!S || (s->compute_uv && (!U || !VT)) || !am) {
    free(am); arr_release(S); arr_release(U); arr_release(VT); arr_err(ERR_MEMORY, "out of memory"); return -1;
  }
  char job = !s->compute_uv ? 'N' : s->full_matrices ? 'A' : 'S';
  int64_t ucol = s->full_matrices ? m : k, vrow = s->full_matrices ? n : k;
  for (int64_t b = 0; b < B && k; b++) {
    load_mat(a, b, am);
    char *sp = (char *)arr_data(S) + b * k * es;
    char *up = U ? (char *)arr_data(U) + b * m * ucol * es : NULL;
    char *vp = VT ? (char *)arr_data(VT) + b * vrow * n * es : NULL;
    double dummy[1];
    int info = IS64(a) ? lp->LAPACKE_dgesdd(LAPACK_ROW_MAJOR, job, m, n, am, n, (double *)sp,
                                        up ? (double *)up : dummy, up ? ucol : 1, vp ? (double *)vp : dummy, n)
                       : lp->LAPACKE_sgesdd(LAPACK_ROW_MAJOR, job, m, n, am, n, (float *)sp,
                                        up ? (float *)up : (float *)dummy, up ? ucol : 1, vp ? (float *)vp : (float *)dummy, n);
    if (info < 0) { free(am); arr_release(S); arr_release(U); arr_release(VT); return lapack_fail("gesdd", info); }
    if (info > 0) { fill_nan(S, b, k); if (U) fill_nan(U, b, m * ucol); if (VT) fill_nan(VT, b, vrow * n); }
  }
  if (U && k == 0 && U->size) {   /* empty matrix: identity-like U/VT as numpy gives */
    memset(arr_data(U), 0, (size_t)U->size * es);
    memset(arr_data(VT), 0, (size_t)VT->size * es);
  }
  free(am);
  out[0] = S;
  if (s->compute_uv) { out[1] = U; out[2] = VT; }
  return 0;
}

int cpu_k_trisolve(const Prim *p, Array *const *in, int nin, const void *params,
                      const AVal *oav, Array **out) {
  const CpuBlas *bl = cpu_blas();
  if (!bl) return -1;
  const PTriSolve *t = params;
  Array *a = in[0], *bm = in[1];
  int64_t n = a->shape[a->ndim - 1], B = nbatch(a, 2);
  int64_t R = bm->shape[bm->ndim - 2], C = bm->shape[bm->ndim - 1];
  Array *o = arr_new_like(oav);
  size_t es = MSZ(a);
  void *am = malloc(nz(n * n) * es);
  if (!o || !am) { free(am); arr_release(o); arr_err(ERR_MEMORY, "out of memory"); return -1; }
  for (int64_t b = 0; b < B && R && C; b++) {
    char *x = (char *)arr_data(o) + b * R * C * es;
    load_mat(a, b, am);
    load_mat(bm, b, x);
    CBLAS_SIDE side = t->left_side ? CblasLeft : CblasRight;
    CBLAS_UPLO uplo = t->lower ? CblasLower : CblasUpper;
    CBLAS_TRANSPOSE tr = t->transpose_a ? CblasTrans : CblasNoTrans;
    CBLAS_DIAG dg = t->unit_diagonal ? CblasUnit : CblasNonUnit;
    if (IS64(a)) bl->cblas_dtrsm(CblasRowMajor, side, uplo, tr, dg, R, C, 1.0, am, n, (double *)x, C);
    else bl->cblas_strsm(CblasRowMajor, side, uplo, tr, dg, R, C, 1.0f, am, n, (float *)x, C);
  }
  free(am);
  *out = o;
  return 0;
}
