/* cpu_dot.c - dot_general through cblas sgemm/dgemm (a strided loop over batch dims, views
 * passed to BLAS without copies when their strides allow), integer dot by plain loops, float
 * products with a fused epilogue in row blocks (engine/cgen), and reduce_window
 * (conv_general_dilated is in cpu_conv.c). */
#include "cpu.h"
#include "cpu_blas.h"
#include "cpu_dnnl.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Collapse a group of dims into one (size, stride); 0 if their strides do not allow it. */
static int collapse(const int64_t *sh, const int64_t *st, int n, int64_t *size, int64_t *stride) {
  int64_t s = 1, last = -1;
  *stride = 1;
  for (int i = n - 1; i >= 0; i--) {
    if (sh[i] == 1) continue;
    if (last >= 0 && st[i] != st[last] * sh[last]) return 0;
    if (last < 0) *stride = st[i];
    last = i;
    s *= sh[i];
  }
  for (int i = 0; i < n; i++) if (sh[i] == 0) s = 0;
  *size = s;
  return 1;
}

/* A matrix operand for GEMM: rows x cols, trans when stored column-major. */
typedef struct Mat { int trans; int64_t ld; } Mat;

static int as_matrix(const int64_t *sh, const int64_t *st, int nr, int nc, int64_t R, int64_t C, Mat *m) {
  int64_t r, rs, c, cs;
  if (!collapse(sh, st, nr, &r, &rs) || !collapse(sh + nr, st + nr, nc, &c, &cs)) return 0;
  if (R <= 1) rs = C > 1 ? C : 1;       /* single row: any ld >= C works */
  if (C <= 1) cs = 1;
  if (cs == 1 && rs >= (C > 1 ? C : 1)) { m->trans = 0; m->ld = rs; return 1; }
  if (R > 1 && C > 1 && rs == 1 && cs >= R) { m->trans = 1; m->ld = cs; return 1; }
  if (C <= 1 && rs >= 1) { m->trans = 0; m->ld = rs; return 1; }
  return 0;
}

int cpu_k_dot(const Prim *p, Array *const *in, int nin, const void *params,
                 const AVal *oav, Array **out) {
  const PDot *d = params;
  Array *a = in[0], *b = in[1];
  int pa[ARR_MAXDIM], pb[ARR_MAXDIM], na = 0, nb = 0;
  int ua[ARR_MAXDIM] = {0}, ub[ARR_MAXDIM] = {0};
  for (int i = 0; i < d->nb; i++) { pa[na++] = d->lhs_batch[i]; ua[d->lhs_batch[i]] = 1; }
  for (int i = 0; i < d->nc; i++) ua[d->lhs_contract[i]] = 1;
  for (int i = 0; i < a->ndim; i++) if (!ua[i]) pa[na++] = i;
  int afree = na - d->nb;
  for (int i = 0; i < d->nc; i++) pa[na++] = d->lhs_contract[i];
  for (int i = 0; i < d->nb; i++) { pb[nb++] = d->rhs_batch[i]; ub[d->rhs_batch[i]] = 1; }
  for (int i = 0; i < d->nc; i++) { pb[nb++] = d->rhs_contract[i]; ub[d->rhs_contract[i]] = 1; }
  int bfree = 0;
  for (int i = 0; i < b->ndim; i++) if (!ub[i]) { pb[nb++] = i; bfree++; }
  Array *av = arr_view_transpose(a, pa), *bv = arr_view_transpose(b, pb);
  Array *o = arr_new_like(oav);
  if (!av || !bv || !o) { arr_release(av); arr_release(bv); arr_release(o); return -1; }
  int64_t B = 1, M = 1, K = 1, N = 1;
  for (int i = 0; i < d->nb; i++) B *= av->shape[i];
  for (int i = 0; i < afree; i++) M *= av->shape[d->nb + i];
  for (int i = 0; i < d->nc; i++) K *= av->shape[d->nb + afree + i];
  for (int i = 0; i < bfree; i++) N *= bv->shape[d->nb + d->nc + i];
  int esz = dt_size(a->dtype);
  *out = o;
  if (o->size == 0) goto done;
  if (M > INT32_MAX || N > INT32_MAX || K > INT32_MAX) {
    arr_release(o);
    *out = NULL;
    arr_release(av);
    arr_release(bv);
    return arr_err(ERR_VALUE, "dot_general: matrix dimensions too large for BLAS (%lld x %lld x %lld)",
                   (long long)M, (long long)K, (long long)N);
  }
  if (K == 0) { memset(arr_data(o), 0, (size_t)o->size * esz); goto done; }
  int isf = dt_is_float(a->dtype);
  const CpuBlas *bl = isf ? cpu_blas() : NULL;
  if (isf && !bl) {
    arr_release(o);
    *out = NULL;
    arr_release(av);
    arr_release(bv);
    return -1;
  }
  Mat ma, mb;
  int ok_a = isf && as_matrix(av->shape + d->nb, av->strides + d->nb, afree, d->nc, M, K, &ma);
  int ok_b = isf && as_matrix(bv->shape + d->nb, bv->strides + d->nb, d->nc, bfree, K, N, &mb);
  if (!ok_a) {
    Array *c = arr_copy(av);
    arr_release(av);
    if (!(av = c)) { arr_release(bv); arr_release(o); *out = NULL; return -1; }
    ma.trans = 0; ma.ld = K;
  }
  if (!ok_b) {
    Array *c = arr_copy(bv);
    arr_release(bv);
    if (!(bv = c)) { arr_release(av); arr_release(o); *out = NULL; return -1; }
    mb.trans = 0; mb.ld = N;
  }
  int64_t bidx[ARR_MAXDIM] = {0};
  char *obase = arr_data(o);
  for (int64_t bi = 0; bi < B; bi++) {
    int64_t oa = av->offset, ob = bv->offset;
    for (int i = 0; i < d->nb; i++) { oa += bidx[i] * av->strides[i]; ob += bidx[i] * bv->strides[i]; }
    char *A = (char *)av->buf->data + oa * esz, *Bp = (char *)bv->buf->data + ob * esz;
    char *C = obase + bi * M * N * esz;
    switch (a->dtype) {
      case DT_FLOAT32:
        bl->cblas_sgemm(CblasRowMajor, ma.trans ? CblasTrans : CblasNoTrans, mb.trans ? CblasTrans : CblasNoTrans,
                    (int)M, (int)N, (int)K, 1.0f, (float *)A, (int)ma.ld, (float *)Bp, (int)mb.ld, 0.0f, (float *)C, (int)N);
        break;
      case DT_FLOAT64:
        bl->cblas_dgemm(CblasRowMajor, ma.trans ? CblasTrans : CblasNoTrans, mb.trans ? CblasTrans : CblasNoTrans,
                    (int)M, (int)N, (int)K, 1.0, (double *)A, (int)ma.ld, (double *)Bp, (int)mb.ld, 0.0, (double *)C, (int)N);
        break;
#define IDOT(dt, T, UT)                                                                     \
      case dt: {                                                                            \
        const T *x = (const T *)A, *y = (const T *)Bp;                                      \
        T *z = (T *)C;                                                                      \
        for (int64_t i = 0; i < M * N; i++) z[i] = 0;                                       \
        for (int64_t i = 0; i < M; i++)                                                     \
          for (int64_t k = 0; k < K; k++) {                                                 \
            UT xv = (UT)x[i * K + k];                                                       \
            for (int64_t j = 0; j < N; j++) z[i * N + j] = (T)((UT)z[i * N + j] + xv * (UT)y[k * N + j]); \
          }                                                                                 \
        break;                                                                              \
      }
      IDOT(DT_INT32, int32_t, uint32_t)
      IDOT(DT_INT64, int64_t, uint64_t)
      IDOT(DT_UINT8, uint8_t, unsigned)
      IDOT(DT_UINT32, uint32_t, uint32_t)
      default: break;
    }
    for (int i = d->nb - 1; i >= 0; i--) { if (++bidx[i] < av->shape[i]) break; bidx[i] = 0; }
  }
done:
  arr_release(av);
  arr_release(bv);
  return 0;
}

/* {=== dot_general with an epilogue (engine/cgen) ===}
 * OpenBLAS 0.3.21 runs a product of M*N*K <= 4 * 65536 on the calling thread only (interface/
 * gemm.c, GEMM_MULTITHREAD_THRESHOLD): below that, one call as cpu_k_dot makes it, so that the
 * result is bit-equal to the eager kernel's. Above it, OpenBLAS's own threads would split the
 * product (and spin in sched_yield between products, taking the cores the pool needs for the
 * elementwise work): here the pool splits it into blocks instead, one single-threaded call per
 * block. Each output element is then the same dot product summed in the same order except where
 * OpenBLAS's threaded driver cuts K into different blocks than its one-thread driver (K > 2 *
 * GEMM_Q) or a block is small enough for its small-matrix kernel: a few ulp of sum |a_ik b_kj|.
 * The blocks are row blocks, or column blocks when there are fewer rows than columns: every
 * block packs all of the operand that it does not cut (OpenBLAS packs B once per call when M
 * fits its GEMM_R), so cutting the longer side packs the shorter operand again, not the longer
 * (slide MLP, 128 x 784 @ 784 x 512 in halves: 94 -> 102 GFLOP/s per core). float32 blocks of
 * 64 or more columns and K >= 64 go to oneDNN's sgemm where libdnnl loads (cpu_dnnl_sgemm):
 * 100 -> 113 GFLOP/s per core on the MLP's products (Zen 4, OpenBLAS 0.3.21 vs oneDNN 2.6); its
 * sums are another order of the same terms, within the same bound as the row blocks'. */
#define EPI_ONE_CALL_MNK ((int64_t)4 * 65536)
#define EPI_MIN_ROWS 16
/* column blocks start at multiples of the sgemm kernel's 16-wide tiles (its M in column-major) */
#define EPI_COL_ALIGN 16

int cpu_dot_blocks(int64_t B, int64_t M, int64_t N, int64_t K) {
  int nt = cpu_pool_threads();
  int64_t R = B * M;
  if (nt <= 1 || (double)M * (double)N * (double)K <= (double)EPI_ONE_CALL_MNK || R < 2 * EPI_MIN_ROWS)
    return 1;
  return R / EPI_MIN_ROWS < nt ? (int)(R / EPI_MIN_ROWS) : nt;
}

/* SABLE_EPI_ROWS=1: row blocks only; SABLE_EPI_GEMM=blas: OpenBLAS for every block (A/B knobs
 * for bench/, read once) */
static int epi_env(const char *name, const char *val) {
  const char *s = getenv(name);
  return s && strcmp(s, val) == 0;
}

/* cut a product that cpu_dot_blocks splits by columns instead of rows (one batch only) */
static int epi_by_cols(int64_t B, int64_t M, int64_t N, int nblk) {
  static _Atomic int rows_only = -1;   /* pmap workers may race here, to the same value */
  if (rows_only < 0) rows_only = epi_env("SABLE_EPI_ROWS", "1");
  return !rows_only && B == 1 && M < N && N >= (int64_t)nblk * 2 * EPI_COL_ALIGN;
}

/* Not in the ASan build: with libdnnl's sgemm run on the pool threads, LeakSanitizer's tracer
 * faulted at exit (signal 11, "LeakSanitizer has encountered a fatal error") in 4 of 5 runs of
 * tests/lang_jax/pmap_mlp.py; the cause is not yet known, OpenBLAS-only runs pass. */
static int epi_dnnl(DType dt) {
#if defined(__SANITIZE_ADDRESS__)
  return 0;
#else
  static _Atomic int blas_only = -1;
  if (blas_only < 0) blas_only = epi_env("SABLE_EPI_GEMM", "blas");
  return dt == DT_FLOAT32 && !blas_only && cpu_dnnl_available();
#endif
}

typedef struct EpiJob {
  const CpuBlas *bl;
  DType dt;
  int esz, nb, nblk, cols, dn;
  int64_t B, M, N, K;
  Mat ma, mb;
  Array *av, *bv;
  char *obase;
  CpuEpiFn epi;
  void *ctx;
} EpiJob;

/* one block's GEMM: oneDNN's float32 kernel where the job may use it (split blocks with enough
 * columns and depth: it beats OpenBLAS's there, by ~10% on the slide MLP's products), else BLAS */
static void blk_gemm(const EpiJob *j, int64_t rows, int64_t cols, const char *A, const char *Bp, char *C) {
  if (j->dn && cols >= 64 && j->K >= 64 &&
      cpu_dnnl_sgemm(j->ma.trans, j->mb.trans, rows, cols, j->K, (const float *)A, j->ma.ld, (const float *)Bp,
                     j->mb.ld, (float *)C, j->N))
    return;
  CBLAS_TRANSPOSE ta = j->ma.trans ? CblasTrans : CblasNoTrans, tb = j->mb.trans ? CblasTrans : CblasNoTrans;
  if (j->dt == DT_FLOAT32)
    j->bl->cblas_sgemm(CblasRowMajor, ta, tb, (int)rows, (int)cols, (int)j->K, 1.0f, (const float *)A,
                       (int)j->ma.ld, (const float *)Bp, (int)j->mb.ld, 0.0f, (float *)C, (int)j->N);
  else
    j->bl->cblas_dgemm(CblasRowMajor, ta, tb, (int)rows, (int)cols, (int)j->K, 1.0, (const double *)A,
                       (int)j->ma.ld, (const double *)Bp, (int)j->mb.ld, 0.0, (double *)C, (int)j->N);
}

/* rows [r0, r1) of the (batch * M) x N output */
static void epi_gemm(const EpiJob *j, int64_t r0, int64_t r1) {
  while (r0 < r1) {
    int64_t bi = r0 / j->M, m0 = r0 % j->M, m1 = j->M;
    if (m1 - m0 > r1 - r0) m1 = m0 + (r1 - r0);
    int64_t oa = j->av->offset, ob = j->bv->offset, rest = bi;
    for (int i = j->nb - 1; i >= 0; i--) {
      int64_t bix = rest % j->av->shape[i];
      rest /= j->av->shape[i];
      oa += bix * j->av->strides[i];
      ob += bix * j->bv->strides[i];
    }
    /* row m of op(A): row m of A, or column m of a column-major A */
    oa += m0 * (j->ma.trans ? 1 : j->ma.ld);
    char *A = (char *)j->av->buf->data + oa * j->esz, *Bp = (char *)j->bv->buf->data + ob * j->esz;
    char *C = j->obase + (bi * j->M + m0) * j->N * j->esz;
    blk_gemm(j, m1 - m0, j->N, A, Bp, C);
    r0 += m1 - m0;
  }
}

/* columns [c0, c1) of the one-batch M x N output, then the epilogue on each row's segment */
static void epi_cols(const EpiJob *j, int64_t c0, int64_t c1) {
  const char *A = (const char *)j->av->buf->data + j->av->offset * j->esz;
  /* column c of op(B): column c of B, or row c of a column-major B */
  const char *Bp = (const char *)j->bv->buf->data + (j->bv->offset + c0 * (j->mb.trans ? j->mb.ld : 1)) * j->esz;
  char *C = j->obase + c0 * j->esz;
  blk_gemm(j, j->M, c1 - c0, A, Bp, C);
  if (j->epi)
    for (int64_t m = 0; m < j->M; m++) j->epi(j->ctx, m * j->N + c0, m * j->N + c1);
}

static void epi_blocks(void *c, int64_t b, int64_t e) {
  const EpiJob *j = c;
  for (int64_t k = b; k < e; k++) {
    if (arr_interrupted()) return;
    if (j->cols) {
      int64_t units = (j->N + EPI_COL_ALIGN - 1) / EPI_COL_ALIGN;
      int64_t c0 = units * k / j->nblk * EPI_COL_ALIGN, c1 = units * (k + 1) / j->nblk * EPI_COL_ALIGN;
      if (c1 > j->N) c1 = j->N;
      if (c0 < c1) epi_cols(j, c0, c1);
      continue;
    }
    int64_t R = j->B * j->M;
    int64_t r0 = R * k / j->nblk, r1 = R * (k + 1) / j->nblk;
    epi_gemm(j, r0, r1);
    if (j->epi) j->epi(j->ctx, r0 * j->N, r1 * j->N);
  }
}

int cpu_dot_epi(const PDot *d, Array *a, Array *b, Array *o, CpuEpiFn epi, void *ctx, int64_t grain) {
  if (a->dtype != o->dtype || b->dtype != o->dtype || (o->dtype != DT_FLOAT32 && o->dtype != DT_FLOAT64) ||
      !arr_is_contiguous(o))
    return arr_err(ERR_INTERNAL, "dot_general epilogue: unsupported operands");
  int pa[ARR_MAXDIM], pb[ARR_MAXDIM], na = 0, nb = 0;
  int ua[ARR_MAXDIM] = {0}, ub[ARR_MAXDIM] = {0};
  for (int i = 0; i < d->nb; i++) { pa[na++] = d->lhs_batch[i]; ua[d->lhs_batch[i]] = 1; }
  for (int i = 0; i < d->nc; i++) ua[d->lhs_contract[i]] = 1;
  for (int i = 0; i < a->ndim; i++) if (!ua[i]) pa[na++] = i;
  int afree = na - d->nb;
  for (int i = 0; i < d->nc; i++) pa[na++] = d->lhs_contract[i];
  for (int i = 0; i < d->nb; i++) { pb[nb++] = d->rhs_batch[i]; ub[d->rhs_batch[i]] = 1; }
  for (int i = 0; i < d->nc; i++) { pb[nb++] = d->rhs_contract[i]; ub[d->rhs_contract[i]] = 1; }
  int bfree = 0;
  for (int i = 0; i < b->ndim; i++) if (!ub[i]) { pb[nb++] = i; bfree++; }
  EpiJob j = {.dt = o->dtype, .esz = dt_size(o->dtype), .nb = d->nb, .B = 1, .M = 1, .N = 1, .K = 1,
              .obase = arr_data(o), .epi = epi, .ctx = ctx};
  j.av = arr_view_transpose(a, pa);
  j.bv = arr_view_transpose(b, pb);
  int rc = 0;
  if (!j.av || !j.bv) { rc = -1; goto done; }
  for (int i = 0; i < d->nb; i++) j.B *= j.av->shape[i];
  for (int i = 0; i < afree; i++) j.M *= j.av->shape[d->nb + i];
  for (int i = 0; i < d->nc; i++) j.K *= j.av->shape[d->nb + afree + i];
  for (int i = 0; i < bfree; i++) j.N *= j.bv->shape[d->nb + d->nc + i];
  if (o->size != j.B * j.M * j.N) { rc = arr_err(ERR_INTERNAL, "dot_general epilogue: output shape"); goto done; }
  if (o->size == 0) goto done;
  if (j.M > INT32_MAX || j.N > INT32_MAX || j.K > INT32_MAX) {
    rc = arr_err(ERR_VALUE, "dot_general: matrix dimensions too large for BLAS (%lld x %lld x %lld)",
                 (long long)j.M, (long long)j.K, (long long)j.N);
    goto done;
  }
  if (j.K == 0) {
    memset(j.obase, 0, (size_t)o->size * j.esz);
    if (epi) cpu_parallel_for(o->size, grain, epi, ctx);
    goto done;
  }
  if (!(j.bl = cpu_blas())) { rc = -1; goto done; }
  if (!as_matrix(j.av->shape + d->nb, j.av->strides + d->nb, afree, d->nc, j.M, j.K, &j.ma)) {
    Array *c = arr_copy(j.av);
    arr_release(j.av);
    if (!(j.av = c)) { rc = -1; goto done; }
    j.ma.trans = 0; j.ma.ld = j.K;
  }
  if (!as_matrix(j.bv->shape + d->nb, j.bv->strides + d->nb, d->nc, bfree, j.K, j.N, &j.mb)) {
    Array *c = arr_copy(j.bv);
    arr_release(j.bv);
    if (!(j.bv = c)) { rc = -1; goto done; }
    j.mb.trans = 0; j.mb.ld = j.N;
  }
  int nblk = cpu_dot_blocks(j.B, j.M, j.N, j.K);
  if (nblk <= 1) {
    /* one call per batch, as cpu_k_dot */
    for (int64_t bi = 0; bi < j.B && !arr_interrupted(); bi++) epi_gemm(&j, bi * j.M, (bi + 1) * j.M);
    if (epi && !arr_interrupted()) cpu_parallel_for(o->size, grain, epi, ctx);
  } else {
    j.nblk = nblk;
    j.cols = epi_by_cols(j.B, j.M, j.N, nblk);
    j.dn = epi_dnnl(j.dt);
    cpu_blas_threads(1);
    cpu_parallel_for(nblk, 1, epi_blocks, &j);
    cpu_blas_threads(0);
  }
  if (arr_interrupted()) rc = arr_err(ERR_INTERRUPTED, "interrupted");
done:
  arr_release(j.av);
  arr_release(j.bv);
  return rc;
}

/* {=== convolution ===} */
/* {=== reduce_window ===} */
int cpu_k_window(const Prim *p, Array *const *in, int nin, const void *params,
                    const AVal *oav, Array **out) {
  const PWindow *w = params;
  Array *x = in[0];
  Array *o = arr_new_like(oav);
  if (!o) return -1;
  if (cpu_window_fast(p, x, w, o)) { *out = o; return 0; }
  int nd = x->ndim, isfl = dt_is_float(x->dtype);
  int op = p->monoid == PRIM_add ? 0 : p->monoid == PRIM_max ? 1 : 2;
  double init = prim_identity(p->reduce_identity);
  int64_t wvol = 1;
  for (int i = 0; i < nd; i++) wvol *= w->window[i];
  int esz = dt_size(x->dtype), osz = dt_size(o->dtype);
  int64_t oidx[ARR_MAXDIM] = {0};
  for (int64_t f = 0; f < o->size; f++) {
    double acc = init;
    int64_t widx[ARR_MAXDIM] = {0};
    for (int64_t q = 0; q < wvol; q++) {
      int64_t off = x->offset;
      int inside = 1;
      for (int i = 0; i < nd; i++) {
        int64_t pos = oidx[i] * w->strides[i] + widx[i] - w->pad_lo[i];
        if (pos < 0 || pos >= x->shape[i]) { inside = 0; break; }
        off += pos * x->strides[i];
      }
      if (inside) {
        double v = cpu_load_f(x->dtype, (char *)x->buf->data + off * esz);
        if (op == 0) acc += v;
        else if (v != v) acc = v;
        else if (acc == acc) acc = op == 1 ? (v > acc ? v : acc) : (v < acc ? v : acc);
      }
      for (int i = nd - 1; i >= 0; i--) { if (++widx[i] < w->window[i]) break; widx[i] = 0; }
    }
    if (!isfl && isinf(acc)) acc = 0;
    cpu_store_f(o->dtype, (char *)arr_data(o) + f * osz, acc);
    for (int i = nd - 1; i >= 0; i--) { if (++oidx[i] < o->shape[i]) break; oidx[i] = 0; }
  }
  *out = o;
  return 0;
}
