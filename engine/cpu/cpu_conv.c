/* cpu_conv.c - conv_general_dilated: im2col of a block of (batch, feature) pairs into a
 * cache-sized buffer and one GEMM per block, the blocks spread over the thread pool. */
#include "cpu.h"
#include "cpu_blas.h"
#include "cpu_dnnl.h"

#include <stdlib.h>
#include <string.h>

/* Elements of one im2col block: small enough to stay in L2 between the fill and the GEMM. */
#define COL_TARGET (64 * 1024)

/* The convolution on logical layouts x[B, C, n], w[O, C/G, k], y[B, O, od] (spatial dims
 * right-aligned into 3); blocks of Bc batch entries x Cc features, the contraction over the
 * feature blocks cut into nsplit parts when there are too few batch blocks to share out. */
typedef struct Geo {
  int64_t n[3], k[3], od[3], s[3], lo[3], ld[3], rd[3];
  int64_t B, C, O, G, Cg, Og, kvol, ovol;
  int64_t Bc, Cc, nbc, ncc, nsplit;
  int64_t ysb, yso, ysp;   /* y's element strides for batch, feature and flattened spatial */
  int64_t sxb, sxc, sx[3]; /* x's element strides (x is read in place, any layout) */
} Geo;

typedef struct Job {
  const Geo *g;
  const CpuBlas *bl;
  int f64;
  const void *x, *w;
  void *y;
  char *scratch;   /* per slot: col block, then an [O, Bc*ovol] output block */
  size_t slot_bytes;
  int nslots, next_slot;
  char *part;      /* nsplit > 1: each item's partial [O, Bc*ovol] */
} Job;

#define CONV_FILL(sfx, T)                                                                      \
  static void fill_##sfx(const Geo *g, const T *x, T *col, int64_t b0, int64_t bc, int64_t c0,  \
                         int64_t cc) {                                                          \
    int64_t ldc = bc * g->ovol, row = 0;                                                       \
    for (int64_t c = 0; c < cc; c++)                                                           \
      for (int64_t k0 = 0; k0 < g->k[0]; k0++)                                                 \
        for (int64_t k1 = 0; k1 < g->k[1]; k1++)                                               \
          for (int64_t k2 = 0; k2 < g->k[2]; k2++, row++) {                                    \
            T *dst = col + row * ldc;                                                          \
            for (int64_t b = 0; b < bc; b++) {                                                 \
              const T *xc = x + (b0 + b) * g->sxb + (c0 + c) * g->sxc;                         \
              for (int64_t o0 = 0; o0 < g->od[0]; o0++) {                                      \
                int64_t p0 = o0 * g->s[0] + k0 * g->rd[0] - g->lo[0];                          \
                int64_t l0 = g->ld[0], l1 = g->ld[1];                                          \
                /* unit lhs dilation (all but the input gradient of a strided conv): no divides */ \
                int ok0 = p0 >= 0 && (l0 == 1 ? p0 < g->n[0] : p0 % l0 == 0 && p0 / l0 < g->n[0]); \
                int64_t i0 = l0 == 1 ? p0 : p0 / l0;                                           \
                for (int64_t o1 = 0; o1 < g->od[1]; o1++, dst += g->od[2]) {                   \
                  int64_t p1 = o1 * g->s[1] + k1 * g->rd[1] - g->lo[1];                        \
                  if (!(ok0 && p1 >= 0 && (l1 == 1 ? p1 < g->n[1] : p1 % l1 == 0 && p1 / l1 < g->n[1]))) { \
                    memset(dst, 0, (size_t)g->od[2] * sizeof(T));                              \
                    continue;                                                                  \
                  }                                                                            \
                  const T *xr = xc + i0 * g->sx[0] + (l1 == 1 ? p1 : p1 / l1) * g->sx[1];      \
                  int64_t s2 = g->s[2], base = k2 * g->rd[2] - g->lo[2], n2 = g->n[2];         \
                  int64_t x2 = g->sx[2];                                                       \
                  if (g->ld[2] == 1) {                                                         \
                    /* the outputs whose taps land inside: [a, e), zeros either side */        \
                    /* ceil(v / s2) as (v - 1) / s2 + 1 (v > 0): a stride near 2**63 must not overflow */ \
                    int64_t od2 = g->od[2], a = base >= 0 ? 0 : s2 == 1 ? -base : (-base - 1) / s2 + 1; \
                    int64_t e = n2 - base <= 0 ? 0 : s2 == 1 ? n2 - base : (n2 - base - 1) / s2 + 1; \
                    if (e > od2) e = od2;                                                      \
                    if (a > e) a = e;                                                          \
                    for (int64_t o2 = 0; o2 < a; o2++) dst[o2] = (T)0;                         \
                    if (s2 == 1 && x2 == 1)                                                    \
                      memcpy(dst + a, xr + a + base, (size_t)(e - a) * sizeof(T));             \
                    else for (int64_t o2 = a; o2 < e; o2++) dst[o2] = xr[(o2 * s2 + base) * x2]; \
                    for (int64_t o2 = e; o2 < od2; o2++) dst[o2] = (T)0;                       \
                  } else {                                                                     \
                    int64_t l2 = g->ld[2];                                                     \
                    for (int64_t o2 = 0; o2 < g->od[2]; o2++) {                                \
                      int64_t p2 = o2 * s2 + base;                                             \
                      dst[o2] = p2 >= 0 && p2 % l2 == 0 && p2 / l2 < n2 ? xr[p2 / l2 * x2] : (T)0; \
                    }                                                                          \
                  }                                                                            \
                }                                                                              \
              }                                                                                \
            }                                                                                  \
          }                                                                                    \
  }

/* One item: batch block bi, contraction part si; out is [O, bc*ovol]. */
#define CONV_ITEM(sfx, T, GEMM)                                                                \
  static void item_##sfx(const Job *j, int64_t it, T *col, T *out) {                           \
    const Geo *g = j->g;                                                                       \
    int64_t bi = it / g->nsplit, si = it % g->nsplit;                                          \
    int64_t b0 = bi * g->Bc, bc = g->B - b0 < g->Bc ? g->B - b0 : g->Bc, ldc = bc * g->ovol;   \
    int64_t q0 = si * g->ncc / g->nsplit, q1 = (si + 1) * g->ncc / g->nsplit;                  \
    const T *x = j->x, *w = j->w;                                                              \
    for (int64_t gi = 0; gi < g->G; gi++) {                                                    \
      T *o = out + gi * g->Og * ldc;                                                           \
      if (q0 == q1) memset(o, 0, (size_t)(g->Og * ldc) * sizeof(T));                           \
      for (int64_t q = q0; q < q1; q++) {                                                      \
        int64_t c0 = q * g->Cc, cc = g->Cg - c0 < g->Cc ? g->Cg - c0 : g->Cc;                  \
        fill_##sfx(g, x, col, b0, bc, gi * g->Cg + c0, cc);                                    \
        j->bl->GEMM(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)g->Og, (int)ldc,           \
                    (int)(cc * g->kvol), (T)1, w + (gi * g->Og * g->Cg + c0) * g->kvol,        \
                    (int)(g->Cg * g->kvol), col, (int)ldc, q == q0 ? (T)0 : (T)1, o, (int)ldc); \
      }                                                                                        \
    }                                                                                          \
    if (g->nsplit > 1) return;                                                                 \
    T *y = j->y;                                                                               \
    for (int64_t b = 0; b < bc; b++)                                                           \
      for (int64_t oo = 0; oo < g->O; oo++) {                                                  \
        T *d = y + (b0 + b) * g->ysb + oo * g->yso;                                            \
        const T *src = out + oo * ldc + b * g->ovol;                                           \
        if (g->ysp == 1) memcpy(d, src, (size_t)g->ovol * sizeof(T));                          \
        else for (int64_t p = 0; p < g->ovol; p++) d[p * g->ysp] = src[p];                     \
      }                                                                                        \
  }                                                                                            \
  static void reduce_##sfx(const Job *j) {                                                     \
    const Geo *g = j->g;                                                                       \
    T *y = j->y;                                                                               \
    const T *part = (const T *)j->part;                                                        \
    int64_t blk = g->O * g->Bc * g->ovol;                                                      \
    for (int64_t bi = 0; bi < g->nbc; bi++) {                                                  \
      int64_t b0 = bi * g->Bc, bc = g->B - b0 < g->Bc ? g->B - b0 : g->Bc, ldc = bc * g->ovol; \
      for (int64_t b = 0; b < bc; b++)                                                         \
        for (int64_t oo = 0; oo < g->O; oo++) {                                                \
          T *dst = y + (b0 + b) * g->ysb + oo * g->yso;                                        \
          for (int64_t si = 0; si < g->nsplit; si++) {                                         \
            const T *src = part + (bi * g->nsplit + si) * blk + oo * ldc + b * g->ovol;        \
            for (int64_t p = 0; p < g->ovol; p++)                                              \
              dst[p * g->ysp] = si ? dst[p * g->ysp] + src[p] : src[p];                        \
          }                                                                                    \
        }                                                                                      \
    }                                                                                          \
  }

CONV_FILL(f32, float)
CONV_FILL(f64, double)
CONV_ITEM(f32, float, cblas_sgemm)
CONV_ITEM(f64, double, cblas_dgemm)

static void run_items(void *ctx, int64_t lo, int64_t hi) {
  Job *j = ctx;
  int slot = __atomic_fetch_add(&j->next_slot, 1, __ATOMIC_RELAXED);
  if (slot >= j->nslots) slot = j->nslots - 1;   /* cannot happen: one call per chunk */
  char *base = j->scratch + (size_t)slot * j->slot_bytes;
  const Geo *g = j->g;
  size_t esz = j->f64 ? sizeof(double) : sizeof(float);
  char *outb = base + (size_t)(g->Cc * g->kvol * g->Bc * g->ovol) * esz;
  int64_t blk = g->O * g->Bc * g->ovol;
  for (int64_t it = lo; it < hi; it++) {
    char *out = g->nsplit > 1 ? j->part + (size_t)(it * blk) * esz : outb;
    if (j->f64) item_f64(j, it, (double *)base, (double *)out);
    else item_f32(j, it, (float *)base, (float *)out);
  }
}

/* ---- col2im: the input-gradient shape (few outputs per input, or a dilated input) ----------
 * y[b, o, q] = sum_{c,k} w[o,c,k] x[b,c,i] over the (i, k) with q*s + k*rd - lo = i*ld. One GEMM
 * per block of images and group gives T[(b,i), (k,o)] = sum_c x[b,c,i] w[o,c,k]; each row's taps
 * are then added into the outputs they land on. No zero is multiplied: the GEMM is as large as
 * the input, not the (padded, dilated) output, which is what makes it win for the transpose of
 * a padded or strided convolution. */
typedef struct CJob {
  const Geo *g;
  const CpuBlas *bl;
  int f64, mode;          /* mode 0: x rows (b,i) uniform, c unit; 1: one image, i unit; 2: pack */
  int64_t bc, lda;        /* images per block; A's leading dimension in modes 0 and 1 */
  const void *x, *wt;     /* wt[G][Cg][kvol*Og] */
  void *y;
  const int64_t *tap[3];  /* tap[d][i*k[d] + kk]: the output index q on dim d, or -1 */
  char *scratch;
  size_t slot_bytes;
  int nslots, next_slot;
} CJob;

#define COL2IM(sfx, T, GEMM)                                                                   \
  static void c2i_block_##sfx(const CJob *j, int64_t bi, T *tb, T *pk) {                       \
    const Geo *g = j->g;                                                                       \
    int64_t b0 = bi * j->bc, bc = g->B - b0 < j->bc ? g->B - b0 : j->bc;                       \
    int64_t nvol = g->n[0] * g->n[1] * g->n[2], M = bc * nvol, N = g->kvol * g->Og;            \
    const T *x = j->x, *wt = j->wt;                                                            \
    T *y = j->y;                                                                               \
    for (int64_t gi = 0; gi < g->G; gi++) {                                                    \
      const T *a;                                                                              \
      int64_t lda = j->lda;                                                                    \
      if (j->mode < 2) a = x + b0 * g->sxb + gi * g->Cg * g->sxc;                              \
      else {                                                                                   \
        /* any layout: copy the block's [(b,i), c] rows */                                     \
        T *d = pk;                                                                             \
        for (int64_t b = 0; b < bc; b++)                                                       \
          for (int64_t i0 = 0; i0 < g->n[0]; i0++)                                             \
            for (int64_t i1 = 0; i1 < g->n[1]; i1++)                                           \
              for (int64_t i2 = 0; i2 < g->n[2]; i2++, d += g->Cg) {                           \
                const T *s = x + (b0 + b) * g->sxb + gi * g->Cg * g->sxc + i0 * g->sx[0]       \
                             + i1 * g->sx[1] + i2 * g->sx[2];                                  \
                for (int64_t c = 0; c < g->Cg; c++) d[c] = s[c * g->sxc];                      \
              }                                                                                \
        a = pk;                                                                                \
        lda = g->Cg;                                                                           \
      }                                                                                        \
      j->bl->GEMM(CblasRowMajor, j->mode == 1 ? CblasTrans : CblasNoTrans, CblasNoTrans,       \
                  (int)M, (int)N, (int)g->Cg, (T)1, a, (int)lda, wt + gi * g->Cg * N, (int)N,  \
                  (T)0, tb, (int)N);                                                           \
      /* scatter-add: rows in (b, i) order, each row's taps in (k, o) order */                 \
      const T *row = tb;                                                                       \
      int64_t odv = g->od[1] * g->od[2];                                                       \
      for (int64_t b = 0; b < bc; b++) {                                                       \
        T *yb = y + (b0 + b) * g->ysb + gi * g->Og * g->yso;                                   \
        for (int64_t i0 = 0; i0 < g->n[0]; i0++)                                               \
          for (int64_t i1 = 0; i1 < g->n[1]; i1++)                                             \
            for (int64_t i2 = 0; i2 < g->n[2]; i2++, row += N) {                               \
              const T *r = row;                                                                \
              for (int64_t k0 = 0; k0 < g->k[0]; k0++) {                                       \
                int64_t q0 = j->tap[0][i0 * g->k[0] + k0];                                     \
                if (q0 < 0) { r += g->k[1] * g->k[2] * g->Og; continue; }                      \
                for (int64_t k1 = 0; k1 < g->k[1]; k1++) {                                     \
                  int64_t q1 = j->tap[1][i1 * g->k[1] + k1];                                   \
                  if (q1 < 0) { r += g->k[2] * g->Og; continue; }                              \
                  const int64_t *t2 = j->tap[2] + i2 * g->k[2];                                \
                  for (int64_t k2 = 0; k2 < g->k[2]; k2++, r += g->Og) {                       \
                    if (t2[k2] < 0) continue;                                                  \
                    T *yq = yb + (q0 * odv + q1 * g->od[2] + t2[k2]) * g->ysp;                 \
                    if (g->yso == 1) for (int64_t o = 0; o < g->Og; o++) yq[o] += r[o];        \
                    else for (int64_t o = 0; o < g->Og; o++) yq[o * g->yso] += r[o];           \
                  }                                                                            \
                }                                                                              \
              }                                                                                \
            }                                                                                  \
      }                                                                                        \
    }                                                                                          \
  }

COL2IM(f32, float, cblas_sgemm)
COL2IM(f64, double, cblas_dgemm)

static void c2i_items(void *ctx, int64_t lo, int64_t hi) {
  CJob *j = ctx;
  int slot = __atomic_fetch_add(&j->next_slot, 1, __ATOMIC_RELAXED);
  if (slot >= j->nslots) slot = j->nslots - 1;   /* cannot happen: one call per chunk */
  const Geo *g = j->g;
  size_t esz = j->f64 ? sizeof(double) : sizeof(float);
  char *tb = j->scratch + (size_t)slot * j->slot_bytes;
  char *pk = tb + (size_t)(j->bc * g->n[0] * g->n[1] * g->n[2] * g->kvol * g->Og) * esz;
  for (int64_t it = lo; it < hi; it++) {
    if (j->f64) c2i_block_f64(j, it, (double *)tb, (double *)pk);
    else c2i_block_f32(j, it, (float *)tb, (float *)pk);
  }
}

/* oneDNN for float32 when SABLE_CONV=dnnl asks for it, or (automatic) for the shapes where it
 * measured faster (engine/cpu/README.md); the primitive by the shape: a dilated input is a
 * transposed convolution (backward-data), a kernel larger than the output a weight gradient. */
static Array *logical_copy(Array *x, const int *spec, int nd);

/* *wc: the filter copied contiguous in logical [O, C/G, k] order, made here only when the chosen
 * primitive reads it (a weight gradient's "filter" is the whole cotangent; oneDNN reads it in
 * place through its strides). */
static int try_dnnl(const Geo *g, const Array *x, Array **wc, Array *win, const int *rspec, Array *y,
                    int nsp, const int64_t *ys) {
  const char *e = getenv("SABLE_CONV");
  int forced = e && !strcmp(e, "dnnl");
  if (y->dtype != DT_FLOAT32 || (e && *e && !forced)) return 0;
  int64_t nvol = g->n[0] * g->n[1] * g->n[2];
  int dil = g->ld[0] > 1 || g->ld[1] > 1 || g->ld[2] > 1;
  int kind = dil ? CPU_DNNL_BWD_DATA : g->kvol > g->ovol && g->G == 1 ? CPU_DNNL_BWD_WEIGHTS
             : nvol < g->ovol ? CPU_DNNL_BWD_DATA : CPU_DNNL_FWD;
  if (!forced) {
    /* measured (engine/cpu/README.md): oneDNN wins the weight gradient of a channels-last input
     * and depthwise convolutions on channels-last data; the GEMM paths the rest */
    int wgrad = kind == CPU_DNNL_BWD_WEIGHTS && g->sxb == 1;
    int depthwise = kind == CPU_DNNL_FWD && g->G > 1 && g->Cg == 1 && g->Og == 1 && g->sxc == 1;
    if (!wgrad && !depthwise) return 0;
  }
  if (!*wc && (kind != CPU_DNNL_BWD_WEIGHTS || forced || win->dtype != DT_FLOAT32)) {
    *wc = logical_copy(win, rspec, nsp + 2);
    if (!*wc) return -1;
  }
  const void *w = *wc ? arr_data(*wc) : NULL;
  CpuDnnlConv c = {.nsp = nsp, .B = g->B, .C = g->C, .O = g->O, .G = g->G, .x = arr_data((Array *)x),
                   .w = w, .y = arr_data(y)};
  for (int i = 0; i < 3; i++) {
    c.n[i] = g->n[i]; c.k[i] = g->k[i]; c.od[i] = g->od[i]; c.s[i] = g->s[i];
    c.lo[i] = g->lo[i]; c.ld[i] = g->ld[i]; c.rd[i] = g->rd[i];
  }
  c.xst[0] = g->sxb;
  c.xst[1] = g->sxc;
  c.yst[0] = g->ysb;
  c.yst[1] = g->yso;
  for (int i = 0; i < nsp; i++) {
    c.xst[2 + i] = g->sx[3 - nsp + i];
    c.yst[2 + i] = ys[3 - nsp + i];
  }
  int perm[ARR_MAXDIM] = {0};
  for (int j = 0; j < nsp + 2; j++) perm[j] = rspec[j];
  Array *wv = win->dtype == DT_FLOAT32 ? arr_view_transpose(win, perm) : NULL;
  if (wv) {
    c.wv = arr_data(wv);
    for (int j = 0; j < nsp + 2; j++) c.wst[j] = wv->strides[j];
  } else {
    arr_err_clear();
    c.wv = w;
    int64_t run = 1;
    for (int j = nsp + 1; j >= 0; j--) { c.wst[j] = run; run *= j >= 2 ? g->k[3 - nsp + j - 2] : j == 1 ? g->Cg : g->O; }
  }
  int r = cpu_dnnl_conv(&c, kind);
  /* forced: a backward primitive oneDNN declines may still run as its forward one */
  if (forced && r == 0 && kind != CPU_DNNL_FWD && !dil) r = cpu_dnnl_conv(&c, CPU_DNNL_FWD);
  arr_release(wv);
  return r;
}

/* The GEMM of the col2im form has nvol rows per image where im2col has ovol columns: it wins on
 * flops when the input is smaller than the output (the transpose of a padded or strided
 * convolution), and on memory when they are equal but the outputs per group are fewer than the
 * inputs (its column buffer holds Og*kvol, not Cg*kvol, values per position). */
static int use_clast(const Geo *g);

static int use_col2im(const Geo *g) {
  const char *e = getenv("SABLE_CONV");
  if (e && !strcmp(e, "im2col")) return 0;
  if (e && !strcmp(e, "col2im")) return 1;
  if (e && !strcmp(e, "nhwc") && use_clast(g)) return 0;
  int64_t nvol = g->n[0] * g->n[1] * g->n[2];
  /* equal sizes on channels-last data: the channels-last im2col's rows of C-runs beat col2im's
   * scatter-add (LeNet conv1's input gradient, batch 1024: 27 ms of CPU time against 41) */
  return nvol < g->ovol || (nvol == g->ovol && g->Og < g->Cg && !use_clast(g));
}

static int col2im_run(const Geo *g, int f64, const void *x, const void *w, void *y, int64_t ysize) {
  size_t esz = f64 ? sizeof(double) : sizeof(float);
  const CpuBlas *bl = cpu_blas();
  if (!bl) return -1;
  int64_t nvol = g->n[0] * g->n[1] * g->n[2], N = g->kvol * g->Og, nt = cpu_pool_threads();
  if (nvol == 0) {   /* an empty input padded out: all zeros */
    memset(y, 0, (size_t)ysize * esz);
    return 0;
  }
  if (nvol > INT32_MAX || N > INT32_MAX || g->Cg > INT32_MAX)
    return arr_err(ERR_VALUE, "conv_general_dilated: sizes too large for BLAS");
  CJob j = {.g = g, .bl = bl, .f64 = f64, .x = x, .y = y};
  /* how A is read: in place when its (b, i) rows or its single image's i are evenly spaced */
  int64_t st = g->sx[2];
  int flat = (g->n[1] == 1 || g->sx[1] == g->n[2] * st) && (g->n[0] == 1 || g->sx[0] == g->n[1] * g->n[2] * st);
  int64_t per = nvol * N, bc = per >= COL_TARGET ? 1 : COL_TARGET / per;
  if (nt > 1 && bc > (g->B + 2 * nt - 1) / (2 * nt)) bc = (g->B + 2 * nt - 1) / (2 * nt);
  if (bc < 1) bc = 1;
  if (bc * nvol > INT32_MAX) bc = 1;
  if (flat && g->sxc == 1 && st >= g->Cg && st > 0) {
    j.mode = 0;
    j.lda = st;
    if (g->sxb != nvol * st) bc = 1;   /* images not back to back: one per GEMM */
  } else if (flat && st == 1 && g->sxc >= nvol && g->sxc > 0) {
    j.mode = 1;
    j.lda = g->sxc;
    bc = 1;
  } else {
    j.mode = 2;
  }
  j.bc = bc;
  int64_t nb = (g->B + bc - 1) / bc;
  int chunks = cpu_parallel_chunks(nb, 1);
  int64_t tbe = bc * per, pke = j.mode == 2 ? bc * nvol * g->Cg : 0, slot, all;
  if (__builtin_add_overflow(tbe, pke, &slot) || __builtin_mul_overflow(slot, (int64_t)chunks, &all)
      || all > arr_max_bytes / (int64_t)esz)
    return arr_err(ERR_MEMORY, "conv_general_dilated: work buffers too large");
  int64_t ntap = g->n[0] * g->k[0] + g->n[1] * g->k[1] + g->n[2] * g->k[2];
  int64_t *tap = malloc((size_t)ntap * sizeof *tap);
  void *wt = malloc((size_t)(g->G * g->Cg * N) * esz + 1);
  j.scratch = malloc((size_t)all * esz + 1);
  if (!tap || !wt || !j.scratch) {
    free(tap);
    free(wt);
    free(j.scratch);
    return arr_err(ERR_MEMORY, "out of memory");
  }
  int64_t *tp = tap;
  for (int d = 0; d < 3; d++) {
    j.tap[d] = tp;
    for (int64_t i = 0; i < g->n[d]; i++)
      for (int64_t kk = 0; kk < g->k[d]; kk++, tp++) {
        int64_t p = i * g->ld[d] + g->lo[d] - kk * g->rd[d];
        *tp = p >= 0 && p % g->s[d] == 0 && p / g->s[d] < g->od[d] ? p / g->s[d] : -1;
      }
  }
  /* wt[gi][c][kk*Og + o] = w[gi*Og + o][c][kk] */
  for (int64_t gi = 0; gi < g->G; gi++)
    for (int64_t o = 0; o < g->Og; o++)
      for (int64_t c = 0; c < g->Cg; c++)
        for (int64_t kk = 0; kk < g->kvol; kk++) {
          int64_t src = ((gi * g->Og + o) * g->Cg + c) * g->kvol + kk, dst = (gi * g->Cg + c) * N + kk * g->Og + o;
          if (f64) ((double *)wt)[dst] = ((const double *)w)[src];
          else ((float *)wt)[dst] = ((const float *)w)[src];
        }
  j.wt = wt;
  j.slot_bytes = (size_t)slot * esz;
  j.nslots = chunks;
  memset(y, 0, (size_t)ysize * esz);
  if (chunks > 1) cpu_blas_threads(1);
  cpu_parallel_for(nb, 1, c2i_items, &j);
  if (chunks > 1) cpu_blas_threads(0);
  free(tap);
  free(wt);
  free(j.scratch);
  return 0;
}

/* ---- channels-last im2col: x's features and y's output features contiguous (NHWC) ----------
 * y[(b,p), o] = sum_{k,c} col[(b,p), (k,c)] wk[o, (k,c)]. A row of col is each tap's run of C
 * contiguous input values, or one run of k2*C values where the last spatial dim's taps are
 * adjacent in x; the GEMM writes blocks of y's rows in place, no layout pass after. The blocked
 * path above reads x one element at a time on this layout and writes y with stride O. */
typedef struct LJob {
  const Geo *g;
  const CpuBlas *bl;
  int f64;
  const void *x, *wk;     /* wk[O][kvol][C] */
  void *y;
  int64_t mb, M, K;       /* rows per block, rows (B * ovol), row length (kvol * C) */
  char *scratch;
  size_t slot_bytes;
  int nslots, next_slot;
} LJob;

#define CLAST(sfx, T, GEMM)                                                                    \
  static void cl_fill_##sfx(const Geo *g, const T *x, T *col, int64_t r0, int64_t r1) {        \
    int64_t C = g->C, k2 = g->k[2], n2 = g->n[2], run = k2 * C;                                \
    int adj = g->rd[2] == 1 && g->sx[2] == C;                                                  \
    int64_t b = r0 / g->ovol, p = r0 % g->ovol;                                                \
    int64_t o2 = p % g->od[2], o1 = p / g->od[2] % g->od[1], o0 = p / (g->od[2] * g->od[1]);   \
    for (int64_t r = r0; r < r1; r++) {                                                        \
      const T *xb = x + b * g->sxb;                                                            \
      int64_t base2 = o2 * g->s[2] - g->lo[2];                                                 \
      /* taps of the last dim inside x: [a, e) */                                              \
      int64_t a = 0, e = k2;                                                                   \
      if (adj) {                                                                               \
        a = base2 < 0 ? -base2 : 0;                                                            \
        e = n2 - base2;                                                                        \
        if (a > k2) a = k2;                                                                    \
        if (e > k2) e = k2;                                                                    \
        if (e < a) e = a;                                                                      \
      }                                                                                        \
      T *d = col + (r - r0) * g->kvol * C;                                                     \
      for (int64_t k0 = 0; k0 < g->k[0]; k0++) {                                               \
        int64_t p0 = o0 * g->s[0] + k0 * g->rd[0] - g->lo[0];                                  \
        for (int64_t k1 = 0; k1 < g->k[1]; k1++, d += run) {                                   \
          int64_t p1 = o1 * g->s[1] + k1 * g->rd[1] - g->lo[1];                                \
          if (p0 < 0 || p0 >= g->n[0] || p1 < 0 || p1 >= g->n[1]) {                           \
            memset(d, 0, (size_t)run * sizeof(T));                                             \
            continue;                                                                          \
          }                                                                                    \
          const T *xr = xb + p0 * g->sx[0] + p1 * g->sx[1];                                    \
          if (adj) {                                                                           \
            if (a > 0) memset(d, 0, (size_t)(a * C) * sizeof(T));                              \
            if (e > a) memcpy(d + a * C, xr + (base2 + a) * C, (size_t)((e - a) * C) * sizeof(T)); \
            if (e < k2) memset(d + e * C, 0, (size_t)((k2 - e) * C) * sizeof(T));              \
          } else {                                                                             \
            for (int64_t kk = 0; kk < k2; kk++) {                                              \
              int64_t p2 = base2 + kk * g->rd[2];                                              \
              if (p2 < 0 || p2 >= n2) memset(d + kk * C, 0, (size_t)C * sizeof(T));            \
              else memcpy(d + kk * C, xr + p2 * g->sx[2], (size_t)C * sizeof(T));              \
            }                                                                                  \
          }                                                                                    \
        }                                                                                      \
      }                                                                                        \
      if (++o2 == g->od[2]) {                                                                  \
        o2 = 0;                                                                                \
        if (++o1 == g->od[1]) {                                                                \
          o1 = 0;                                                                              \
          if (++o0 == g->od[0]) { o0 = 0; b++; }                                               \
        }                                                                                      \
      }                                                                                        \
    }                                                                                          \
  }                                                                                            \
  static void cl_item_##sfx(const LJob *j, int64_t it, T *col) {                               \
    const Geo *g = j->g;                                                                       \
    int64_t r0 = it * j->mb, r1 = r0 + j->mb < j->M ? r0 + j->mb : j->M;                       \
    cl_fill_##sfx(g, j->x, col, r0, r1);                                                       \
    j->bl->GEMM(CblasRowMajor, CblasNoTrans, CblasTrans, (int)(r1 - r0), (int)g->O, (int)j->K,  \
                (T)1, col, (int)j->K, (const T *)j->wk, (int)j->K, (T)0,                       \
                (T *)j->y + r0 * g->O, (int)g->O);                                             \
  }

CLAST(f32, float, cblas_sgemm)
CLAST(f64, double, cblas_dgemm)

static void cl_items(void *ctx, int64_t lo, int64_t hi) {
  LJob *j = ctx;
  int slot = __atomic_fetch_add(&j->next_slot, 1, __ATOMIC_RELAXED);
  if (slot >= j->nslots) slot = j->nslots - 1;   /* cannot happen: one call per chunk */
  char *col = j->scratch + (size_t)slot * j->slot_bytes;
  for (int64_t it = lo; it < hi; it++) {
    if (j->f64) cl_item_f64(j, it, (double *)col);
    else cl_item_f32(j, it, (float *)col);
  }
}

/* The channels-last path applies: one group, no input dilation, x's features at stride 1, y
 * laid out [(b, spatial), O] (NHWC written directly). SABLE_CONV=im2col/col2im turn it off,
 * SABLE_CONV=nhwc takes it wherever it applies. */
static int use_clast(const Geo *g) {
  const char *e = getenv("SABLE_CONV");
  if (e && (!strcmp(e, "im2col") || !strcmp(e, "col2im"))) return 0;
  if (g->G != 1 || g->sxc != 1 || g->yso != 1 || g->ysp != g->O || g->ysb != g->ovol * g->O) return 0;
  for (int i = 0; i < 3; i++) if (g->ld[i] != 1) return 0;
  if (e && !strcmp(e, "nhwc")) return 1;
  /* short runs (a single input feature: LeNet's conv1) copy too little per call; the blocked
   * path copies whole rows of the last spatial dim there */
  int64_t run = g->rd[2] == 1 && g->sx[2] == g->C ? g->k[2] * g->C : g->C;
  return run >= 16;
}

static int clast_run(const Geo *g, int f64, const void *x, const void *w, void *y) {
  size_t esz = f64 ? sizeof(double) : sizeof(float);
  const CpuBlas *bl = cpu_blas();
  if (!bl) return -1;
  int64_t K = g->kvol * g->C, M, nt = cpu_pool_threads();
  if (__builtin_mul_overflow(g->B, g->ovol, &M) || K > INT32_MAX || g->O > INT32_MAX)
    return arr_err(ERR_VALUE, "conv_general_dilated: sizes too large for BLAS");
  int64_t mb = K >= COL_TARGET ? 1 : COL_TARGET / K;
  if (nt > 1 && mb > (M + 2 * nt - 1) / (2 * nt)) mb = (M + 2 * nt - 1) / (2 * nt);
  if (mb > INT32_MAX) mb = INT32_MAX;
  if (mb < 1) mb = 1;
  int64_t items = (M + mb - 1) / mb;
  int chunks = cpu_parallel_chunks(items, 1);
  int64_t all;
  if (__builtin_mul_overflow(mb * K, (int64_t)chunks, &all) || all > arr_max_bytes / (int64_t)esz
      || g->O * K > arr_max_bytes / (int64_t)esz)
    return arr_err(ERR_MEMORY, "conv_general_dilated: work buffers too large");
  LJob j = {.g = g, .bl = bl, .f64 = f64, .x = x, .y = y, .mb = mb, .M = M, .K = K,
            .slot_bytes = (size_t)(mb * K) * esz, .nslots = chunks};
  char *wk = malloc((size_t)(g->O * K) * esz);
  j.scratch = malloc((size_t)all * esz);
  if (!wk || !j.scratch) {
    free(wk);
    free(j.scratch);
    return arr_err(ERR_MEMORY, "out of memory");
  }
  /* w[O][C][kvol] to wk[O][kvol][C]: the filter is small next to the data */
  for (int64_t o = 0; o < g->O; o++)
    for (int64_t c = 0; c < g->C; c++)
      for (int64_t k = 0; k < g->kvol; k++) {
        size_t src = (size_t)((o * g->C + c) * g->kvol + k), dst = (size_t)(o * K + k * g->C + c);
        if (f64) ((double *)wk)[dst] = ((const double *)w)[src];
        else ((float *)wk)[dst] = ((const float *)w)[src];
      }
  j.wk = wk;
  if (chunks > 1) cpu_blas_threads(1);
  cpu_parallel_for(items, 1, cl_items, &j);
  if (chunks > 1) cpu_blas_threads(0);
  free(wk);
  free(j.scratch);
  return 0;
}

static Array *logical_copy(Array *x, const int *spec, int nd) {
  int perm[ARR_MAXDIM] = {0};
  for (int j = 0; j < nd && j < ARR_MAXDIM; j++) perm[j] = spec[j];
  Array *v = arr_view_transpose(x, perm);
  if (!v) return NULL;
  Array *c = arr_contiguous(v);
  arr_release(v);
  return c;
}

/* Block sizes: a block of Cc features x Bc batch entries fills about COL_TARGET elements. */
static void plan(Geo *g, int nt) {
  int64_t per = g->kvol * g->ovol;   /* col elements of one (feature, batch entry) */
  g->Cc = per >= COL_TARGET ? 1 : COL_TARGET / per;
  if (g->Cc > g->Cg) g->Cc = g->Cg;
  g->Bc = per * g->Cc >= COL_TARGET ? 1 : COL_TARGET / (per * g->Cc);
  if (g->Bc > g->B) g->Bc = g->B;
  g->nbc = (g->B + g->Bc - 1) / g->Bc;
  g->ncc = (g->Cg + g->Cc - 1) / g->Cc;
  g->nsplit = 1;
  /* few batch blocks (a filter gradient: batch = input features): split the contraction */
  if (nt > 1 && g->nbc < 2 * nt && g->ncc > 1) {
    g->nsplit = (2 * nt + g->nbc - 1) / g->nbc;
    if (g->nsplit > g->ncc) g->nsplit = g->ncc;
  }
}

static int conv_run(const Geo *g, int f64, const void *x, const void *w, void *y) {
  size_t esz = f64 ? sizeof(double) : sizeof(float);
  int64_t items = g->nbc * g->nsplit;
  int chunks = cpu_parallel_chunks(items, 1);
  const CpuBlas *bl = cpu_blas();
  if (!bl) return -1;
  int64_t col = g->Cc * g->kvol * g->Bc * g->ovol, outb = g->O * g->Bc * g->ovol, slot, all, part;
  if (__builtin_add_overflow(col, outb, &slot) || __builtin_mul_overflow(slot, (int64_t)chunks, &all)
      || __builtin_mul_overflow(outb, g->nsplit > 1 ? items : 0, &part)
      || all > arr_max_bytes / (int64_t)esz || part > arr_max_bytes / (int64_t)esz)
    return arr_err(ERR_MEMORY, "conv_general_dilated: work buffers too large");
  Job j = {.g = g, .bl = bl, .f64 = f64, .x = x, .w = w, .y = y, .slot_bytes = (size_t)slot * esz,
           .nslots = chunks};
  j.scratch = malloc((size_t)all * esz);
  j.part = g->nsplit > 1 ? malloc((size_t)part * esz) : NULL;
  if (!j.scratch || (g->nsplit > 1 && !j.part)) {
    free(j.scratch);
    free(j.part);
    return arr_err(ERR_MEMORY, "out of memory");
  }
  /* several GEMMs at once from the pool's threads: each single-threaded, so that OpenBLAS's
   * own threads do not spin against the pool */
  if (chunks > 1) cpu_blas_threads(1);
  cpu_parallel_for(items, 1, run_items, &j);
  if (chunks > 1) cpu_blas_threads(0);
  if (g->nsplit > 1) {
    if (f64) reduce_f64(&j);
    else reduce_f32(&j);
  }
  free(j.scratch);
  free(j.part);
  return 0;
}

int cpu_k_conv(const Prim *p, Array *const *in, int nin, const void *params,
               const AVal *oav, Array **out) {
  const PConv *c = params;
  int nd = c->nsp + 2;
  /* x is read through a transposed view (no copy); w is copied contiguous for the GEMM paths
   * (after oneDNN declines: its weight gradient reads w in place), wl only gives its shape */
  int lperm[ARR_MAXDIM] = {0}, rperm[ARR_MAXDIM] = {0};
  for (int j = 0; j < nd; j++) { lperm[j] = c->lhs_spec[j]; rperm[j] = c->rhs_spec[j]; }
  Array *x = in[0]->dtype == oav->dtype ? arr_view_transpose(in[0], lperm) : logical_copy(in[0], c->lhs_spec, nd);
  Array *wl = x ? arr_view_transpose(in[1], rperm) : NULL, *w = NULL;
  AVal lav = *oav;
  for (int j = 0; j < nd; j++) lav.shape[j] = oav->shape[c->out_spec[j]];
  /* y is written straight into out_spec's layout when its spatial dims are in order and
   * adjacent (NCHW, NHWC), else in logical (N, O, spatial) order and transposed after */
  int64_t cs[ARR_MAXDIM], run = 1;
  for (int j = nd - 1; j >= 0; j--) { cs[j] = run; run *= oav->shape[j]; }
  int direct = 1;
  for (int i = 0; i + 1 < c->nsp; i++)
    if (cs[c->out_spec[2 + i]] != cs[c->out_spec[3 + i]] * oav->shape[c->out_spec[3 + i]]) direct = 0;
  Array *y = x && wl ? arr_new_like(direct ? oav : &lav) : NULL;
  if (!y) goto fail;
  Geo g;
  memset(&g, 0, sizeof g);
  for (int i = 0; i < 3; i++) {
    int sp = i - (3 - c->nsp);   /* spatial dims right-aligned into 3 */
    int ok = sp >= 0;
    g.n[i] = ok ? x->shape[2 + sp] : 1;
    g.k[i] = ok ? wl->shape[2 + sp] : 1;
    g.od[i] = ok ? lav.shape[2 + sp] : 1;
    g.s[i] = ok && c->strides[sp] ? c->strides[sp] : 1;
    g.lo[i] = ok ? c->pad_lo[sp] : 0;
    g.ld[i] = ok && c->lhs_dil[sp] ? c->lhs_dil[sp] : 1;
    g.rd[i] = ok && c->rhs_dil[sp] ? c->rhs_dil[sp] : 1;
  }
  g.B = lav.shape[0];
  g.O = lav.shape[1];
  g.C = x->shape[1];
  g.G = c->feature_group_count > 1 ? c->feature_group_count : 1;
  g.Cg = g.C / g.G;
  g.Og = g.O / g.G;
  g.kvol = g.k[0] * g.k[1] * g.k[2];
  g.ovol = g.od[0] * g.od[1] * g.od[2];
  g.sxb = x->strides[0];
  g.sxc = x->strides[1];
  for (int i = 0; i < 3; i++) g.sx[i] = i - (3 - c->nsp) >= 0 ? x->strides[2 + i - (3 - c->nsp)] : 0;
  g.ysb = direct ? cs[c->out_spec[0]] : g.O * g.ovol;
  g.yso = direct ? cs[c->out_spec[1]] : g.ovol;
  g.ysp = direct ? cs[c->out_spec[nd - 1]] : 1;
  if (y->size) {
    if (g.Cg * g.kvol == 0) memset(arr_data(y), 0, (size_t)y->size * dt_size(y->dtype));
    else {
      plan(&g, cpu_pool_threads());
      if (g.O > INT32_MAX || g.Cg * g.kvol > INT32_MAX || g.Bc * g.ovol > INT32_MAX) {
        arr_err(ERR_VALUE, "conv_general_dilated: sizes too large for BLAS");
        goto fail;
      }
      int f64 = y->dtype != DT_FLOAT32;
      int64_t ys[3] = {g.od[1] * g.od[2] * g.ysp, g.od[2] * g.ysp, g.ysp};
      int r = try_dnnl(&g, x, &w, in[1], c->rhs_spec, y, c->nsp, ys);
      if (r < 0) goto fail;
      if (r == 0 && !w && !(w = logical_copy(in[1], c->rhs_spec, nd))) goto fail;
      if (r == 0 && (use_col2im(&g) ? col2im_run(&g, f64, arr_data(x), arr_data(w), arr_data(y), y->size) < 0
                     : use_clast(&g) ? clast_run(&g, f64, arr_data(x), arr_data(w), arr_data(y)) < 0
                                     : conv_run(&g, f64, arr_data(x), arr_data(w), arr_data(y)) < 0)) goto fail;
    }
  }
  arr_release(x);
  arr_release(wl);
  arr_release(w);
  /* not direct: y is in logical (N, O, spatial) order; lay it out as out_spec asks */
  int ident = 1;
  for (int j = 0; j < nd; j++) if (!direct && c->out_spec[j] != j) ident = 0;
  if (ident) { *out = y; return 0; }
  int perm[ARR_MAXDIM];
  for (int j = 0; j < nd; j++) perm[c->out_spec[j]] = j;
  Array *v = arr_view_transpose(y, perm);
  arr_release(y);
  if (!v) return -1;
  *out = arr_copy(v);
  arr_release(v);
  return *out ? 0 : -1;
fail:
  arr_release(x);
  arr_release(wl);
  arr_release(w);
  arr_release(y);
  return -1;
}
