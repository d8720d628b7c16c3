/* cpu_window.c - reduce_window (sum, max, min) on float32/float64 arrays: rows of the last
 * dimension at a time, spread over the thread pool; pooling layers and their gradients. */
/* the row loops are vectorised (as cpu_elem.c, cpu_reduce.c) */
#pragma GCC optimize("O3")
#include "cpu.h"

#include <stdlib.h>
#include <string.h>

typedef struct WJob {
  const PWindow *w;
  const Array *x, *o;
  int op;   /* 0 sum, 1 max, 2 min */
  int L;             /* the last windowed dim; the dims after it form contiguous blocks */
  int64_t inner;     /* elements per block (1: no trailing block) */
  int64_t rows, olast, taps;
  const int64_t *toff;   /* each leading-dim tap's element offset (NULL: too many to list) */
  const int64_t *kae;    /* per tap k of the last dim: the outputs [a, e) it lands inside */
} WJob;

/* Rows of the output's last dim: every window tap of the leading dims adds a strided run of the
 * last dim. A row whose windows lie inside the input on every leading dim (most rows) uses tap
 * offsets computed once; border rows check each tap. NaN wins in max/min (as the scalar kernel
 * and XLA). The sum accumulates in T in window order. */
/* The running max/min with a NaN winning (a NaN already there stays), written without branches
 * so that the loops vectorise (compare + blend); equal values keep the one there, as before. */
#define WMAX(cur, v) ((((v) > (cur)) | ((v) != (v))) ? (v) : (cur))
#define WMIN(cur, v) ((((v) < (cur)) | ((v) != (v))) ? (v) : (cur))
#define WROW(sfx, T)                                                                           \
  static inline void wtaps_##sfx(const WJob *j, const T *xr0, T *acc) {                        \
    const PWindow *w = j->w;                                                                   \
    const Array *x = j->x;                                                                     \
    int L = j->L;                                                                              \
    int64_t wl = w->window[L], sl = w->strides[L] ? w->strides[L] : 1, pl = w->pad_lo[L];      \
    int64_t xsl = x->strides[L], in = j->inner;                                                \
    for (int64_t k = 0; k < wl; k++) {                                                         \
      int64_t base = k - pl, a = j->kae[2 * k], e = j->kae[2 * k + 1];                          \
      const T *xr = xr0 + base * xsl;                                                          \
      if (j->op == 0) {                                                                        \
        if (sl * xsl == in) { /* one contiguous run: the blocks of [a, e) sit side by side */  \
          for (int64_t q = a * in; q < e * in; q++) acc[q] += xr[q];                           \
        } else if (in == 1) {                                                                  \
          for (int64_t q = a; q < e; q++) acc[q] += xr[q * sl * xsl];                          \
        } else {                                                                               \
          for (int64_t q = a; q < e; q++) {                                                    \
            T *ac = acc + q * in;                                                              \
            const T *xq = xr + q * sl * xsl;                                                   \
            for (int64_t c = 0; c < in; c++) ac[c] += xq[c];                                   \
          }                                                                                    \
        }                                                                                      \
      } else if (sl * xsl == in) { /* max/min, one contiguous run */                            \
        if (j->op == 1) for (int64_t q = a * in; q < e * in; q++) acc[q] = WMAX(acc[q], xr[q]);   \
        else for (int64_t q = a * in; q < e * in; q++) acc[q] = WMIN(acc[q], xr[q]);             \
      } else {                                                                                 \
        for (int64_t q = a; q < e; q++) {                                                      \
          T *ac = acc + q * in;                                                                \
          const T *xq = xr + q * sl * xsl;                                                     \
          if (j->op == 1) for (int64_t c = 0; c < in; c++) ac[c] = WMAX(ac[c], xq[c]);         \
          else for (int64_t c = 0; c < in; c++) ac[c] = WMIN(ac[c], xq[c]);                    \
        }                                                                                      \
      }                                                                                        \
    }                                                                                          \
  }                                                                                            \
  static void wrows_##sfx(void *ctx, int64_t lo, int64_t hi) {                                 \
    const WJob *j = ctx;                                                                       \
    const PWindow *w = j->w;                                                                   \
    const Array *x = j->x, *o = j->o;                                                          \
    int L = j->L;                                                                              \
    const T *xb = (const T *)x->buf->data + x->offset;                                         \
    T *ob = (T *)arr_data((Array *)o);                                                         \
    T init = j->op == 0 ? (T)0 : j->op == 1 ? (T)-__builtin_inf() : (T)__builtin_inf();        \
    int64_t ol = j->olast, taps = j->taps;                                                     \
    const int64_t *toff = j->toff;                                                             \
    int64_t oidx[ARR_MAXDIM] = {0}, rem = lo;                                                  \
    for (int i = L - 1; i >= 0; i--) { oidx[i] = rem % o->shape[i]; rem /= o->shape[i]; }     \
    for (int64_t r = lo; r < hi; r++) {                                                        \
      T *acc = ob + r * ol * j->inner;                                                         \
      for (int64_t q = 0; q < ol * j->inner; q++) acc[q] = init;                                          \
      int64_t base = 0;                                                                        \
      int interior = 1;                                                                        \
      for (int i = 0; i < L; i++) {                                                            \
        int64_t p0 = oidx[i] * (w->strides[i] ? w->strides[i] : 1) - w->pad_lo[i];            \
        if (p0 < 0 || p0 + w->window[i] > x->shape[i]) interior = 0;                           \
        base += p0 * x->strides[i];                                                            \
      }                                                                                        \
      if (interior && toff) {                                                                  \
        for (int64_t t = 0; t < taps; t++) wtaps_##sfx(j, xb + base + toff[t], acc);           \
      } else {                                                                                 \
        int64_t widx[ARR_MAXDIM] = {0};                                                        \
        for (int64_t t = 0; t < taps; t++) {                                                   \
          int64_t off = 0;                                                                     \
          int inside = 1;                                                                      \
          for (int i = 0; i < L; i++) {                                                        \
            int64_t pos = oidx[i] * (w->strides[i] ? w->strides[i] : 1) + widx[i] - w->pad_lo[i]; \
            if (pos < 0 || pos >= x->shape[i]) { inside = 0; break; }                          \
            off += pos * x->strides[i];                                                        \
          }                                                                                    \
          for (int i = L - 1; i >= 0; i--) { if (++widx[i] < w->window[i]) break; widx[i] = 0; } \
          if (inside) wtaps_##sfx(j, xb + off, acc);                                           \
        }                                                                                      \
      }                                                                                        \
      for (int i = L - 1; i >= 0; i--) { if (++oidx[i] < o->shape[i]) break; oidx[i] = 0; }   \
    }                                                                                          \
  }

WROW(f32, float)
WROW(f64, double)

int cpu_window_fast(const Prim *p, Array *x, const PWindow *w, Array *o) {
  if ((x->dtype != DT_FLOAT32 && x->dtype != DT_FLOAT64) || o->dtype != x->dtype || x->ndim < 1
      || o->size == 0)
    return 0;
  for (int i = 0; i < x->ndim; i++)
    if (w->strides[i] < 0 || w->window[i] < 0) return 0;
  WJob j = {.w = w, .x = x, .o = o, .op = p->monoid == PRIM_add ? 0 : p->monoid == PRIM_max ? 1 : 2};
  /* Trailing dims the window leaves alone (window 1, stride 1, no padding, contiguous in x)
   * are carried as blocks: NHWC pooling adds runs of C values per tap, or, at stride 1 on W (the
   * pooling gradient), one run of W*C values, instead of C values per row. */
  int L = x->ndim - 1;
  j.inner = 1;
  while (L > 0 && w->window[L] == 1 && w->strides[L] <= 1 && w->pad_lo[L] == 0 && w->pad_hi[L] == 0
         && x->strides[L] == j.inner && o->shape[L] == x->shape[L]) {
    j.inner *= x->shape[L];
    L--;
  }
  j.L = L;
  j.olast = o->shape[L];
  j.rows = o->size / (j.olast * j.inner);
  int64_t wvol = 1;
  for (int i = 0; i < x->ndim; i++) wvol *= w->window[i] ? w->window[i] : 1;
  j.taps = 1;
  for (int i = 0; i < L; i++) j.taps *= w->window[i];
  int64_t *toff = j.taps <= (1 << 20) ? malloc((size_t)(j.taps ? j.taps : 1) * sizeof *toff) : NULL;
  if (toff) {
    int64_t widx[ARR_MAXDIM] = {0};
    for (int64_t t = 0; t < j.taps; t++) {
      int64_t off = 0;
      for (int i = 0; i < L; i++) off += widx[i] * x->strides[i];
      toff[t] = off;
      for (int i = L - 1; i >= 0; i--) { if (++widx[i] < w->window[i]) break; widx[i] = 0; }
    }
  }
  j.toff = toff;
  int64_t wl = w->window[L], sl = w->strides[L] ? w->strides[L] : 1, pl = w->pad_lo[L], nl = x->shape[L];
  int64_t *kae = malloc((size_t)(2 * wl + 2) * sizeof *kae);
  if (!kae) { free(toff); return 0; }
  for (int64_t k = 0; k < wl; k++) {
    /* ceil(v / sl) as (v - 1) / sl + 1 for v > 0 */
    int64_t base = k - pl, a = base >= 0 ? 0 : (-base - 1) / sl + 1;
    int64_t e = nl - base <= 0 ? 0 : (nl - base - 1) / sl + 1;
    if (e > j.olast) e = j.olast;
    if (a > e) a = e;
    kae[2 * k] = a;
    kae[2 * k + 1] = e;
  }
  j.kae = kae;
  int64_t grain = CPU_GRAIN_CHEAP / (j.olast * j.inner * wvol + 1) + 1;
  cpu_parallel_for(j.rows, grain, x->dtype == DT_FLOAT32 ? wrows_f32 : wrows_f64, &j);
  free(toff);
  free(kae);
  return 1;
}
