/* cpu_select.c - select_and_gather_add and select_and_scatter_add: the derivatives of max/min
 * pooling (reduce_window_max/min), each window's first extreme element chosen as XLA chooses it. */
#pragma GCC optimize("O3")
#include "cpu.h"

#include <stdlib.h>
#include <string.h>

/* XLA's SelectAndScatter walks a window's elements in row-major order and keeps the one chosen so
 * far while select(kept, next) holds: with ge (max) the first maximum stays, and a NaN is
 * replaced by the element after it. Positions in the padding are never chosen; a window wholly
 * in the padding chooses nothing (gather: 0, scatter: no contribution). */
typedef struct SJob {
  const PWindow *w;
  const Array *x;        /* the operand the choice is made on (contiguous) */
  const char *v;         /* gather: the tangent (x's shape); scatter: the source (output shape) */
  char *o;
  int64_t oshape[ARR_MAXDIM];
  int nd, L;             /* dims L+1.. are a contiguous block the window leaves alone */
  int64_t inner;         /* elements per block */
  int64_t per;           /* block positions of the output per slice of dim 0 (or all: one slice) */
  int64_t taps;
  const int64_t *tw;     /* taps x (L+1): each tap's window index per dim */
  int ge, scatter;
  int nomem;             /* a worker could not get its scratch */
} SJob;

#define SEL(sfx, T)                                                                            \
  static void srange_##sfx(void *ctx, int64_t lo, int64_t hi) {                               \
    const SJob *j = ctx;                                                                       \
    const PWindow *w = j->w;                                                                   \
    const Array *x = j->x;                                                                     \
    const T *xb = (const T *)arr_data((Array *)x);                                            \
    const T *vb = (const T *)j->v;                                                             \
    T *ob = (T *)j->o;                                                                         \
    int L = j->L;                                                                              \
    int64_t in = j->inner;                                                                     \
    int64_t *bi = malloc((size_t)in * (sizeof(T) + sizeof(int64_t)));   /* the int64s first */  \
    T *best = (T *)(bi + in);                                                                  \
    if (!bi) { __atomic_store_n(&((SJob *)ctx)->nomem, 1, __ATOMIC_RELAXED); return; }        \
    for (int64_t r = lo * j->per; r < hi * j->per; r++) {                                      \
      int64_t oidx[ARR_MAXDIM], rem = r, p0[ARR_MAXDIM];                                       \
      for (int i = L; i >= 0; i--) { oidx[i] = rem % j->oshape[i]; rem /= j->oshape[i]; }      \
      for (int i = 0; i <= L; i++) p0[i] = oidx[i] * w->strides[i] - w->pad_lo[i];             \
      int any = 0;                                                                             \
      for (int64_t t = 0; t < j->taps; t++) {                                                  \
        const int64_t *wi = j->tw + t * (L + 1);                                               \
        int64_t off = 0;                                                                       \
        int inside = 1;                                                                        \
        for (int i = 0; i <= L; i++) {                                                         \
          int64_t pos = p0[i] + wi[i];                                                         \
          if (pos < 0 || pos >= x->shape[i]) { inside = 0; break; }                            \
          off = off * x->shape[i] + pos;                                                       \
        }                                                                                      \
        if (!inside) continue;                                                                 \
        off *= in;                                                                             \
        const T *xr = xb + off;                                                                \
        if (!any) {                                                                            \
          for (int64_t c = 0; c < in; c++) { best[c] = xr[c]; bi[c] = off + c; }               \
          any = 1;                                                                             \
        } else if (j->ge) {                                                                    \
          for (int64_t c = 0; c < in; c++) {                                                   \
            int take = !(best[c] >= xr[c]);                                                    \
            best[c] = take ? xr[c] : best[c];                                                  \
            bi[c] = take ? off + c : bi[c];                                                    \
          }                                                                                    \
        } else {                                                                               \
          for (int64_t c = 0; c < in; c++) {                                                   \
            int take = !(best[c] <= xr[c]);                                                    \
            best[c] = take ? xr[c] : best[c];                                                  \
            bi[c] = take ? off + c : bi[c];                                                    \
          }                                                                                    \
        }                                                                                      \
      }                                                                                        \
      if (j->scatter) {                                                                        \
        if (any) for (int64_t c = 0; c < in; c++) ob[bi[c]] += vb[r * in + c];                 \
      } else {                                                                                 \
        T *orow = ob + r * in;                                                                 \
        if (any) for (int64_t c = 0; c < in; c++) orow[c] = vb[bi[c]];                         \
        else for (int64_t c = 0; c < in; c++) orow[c] = 0;                                     \
      }                                                                                        \
    }                                                                                          \
    free(bi);                                                                                  \
  }

SEL(f32, float)
SEL(f64, double)

/* in[0]: the tangent (gather) or source (scatter), in[1]: the operand; params a PWindow with
 * select 1 (ge, max) or 2 (le, min) */
int cpu_k_select_window(const Prim *p, Array *const *in, int nin, const void *params,
                        const AVal *oav, Array **out) {
  const PWindow *w = params;
  int scatter = p->id == PRIM_select_and_scatter_add;
  Array *v = in[0], *x = in[1], *vc = NULL, *xc = NULL;
  DType dt = oav->dtype;
  if ((dt != DT_FLOAT32 && dt != DT_FLOAT64) || v->dtype != dt || x->dtype != dt)
    return arr_err(ERR_TYPE, "%s: operands must be float32 or float64 of one dtype", p->name);
  if (!arr_is_contiguous(x) && !(x = xc = arr_copy(x))) return -1;
  if (!arr_is_contiguous(v) && !(v = vc = arr_copy(v))) { arr_release(xc); return -1; }
  Array *o = arr_new_like(oav);
  int64_t *tw = NULL;
  int rc = -1;
  if (!o) goto done;
  if (scatter) memset(arr_data(o), 0, (size_t)o->size * (size_t)dt_size(dt));
  SJob j;
  memset(&j, 0, sizeof j);
  j.w = w;
  j.x = x;
  j.v = arr_data(v);
  j.o = arr_data(o);
  j.nd = x->ndim;
  j.ge = w->select != 2;
  j.scatter = scatter;
  /* the window's shape on x gives the output's (the source's shape when scattering) */
  const Array *wo = scatter ? v : o;
  if (x->ndim == 0) {   /* one element, its own window */
    memcpy(j.o, j.v, (size_t)dt_size(dt));
    rc = 0;
    goto done;
  }
  for (int i = 0; i < x->ndim; i++) j.oshape[i] = wo->shape[i];
  int L = x->ndim - 1;
  j.inner = 1;
  while (L > 0 && w->window[L] == 1 && w->strides[L] == 1 && w->pad_lo[L] == 0 &&
         w->pad_hi[L] == 0 && j.oshape[L] == x->shape[L]) {
    j.inner *= x->shape[L];
    L--;
  }
  j.L = L;
  int64_t outer = 1, taps = 1;
  for (int i = 0; i <= L; i++) { outer *= j.oshape[i]; taps *= w->window[i]; }
  if (outer == 0 || wo->size == 0) { rc = 0; goto done; }
  if (taps > ((int64_t)1 << 24) / (L + 1)) { arr_err(ERR_VALUE, "%s: window too large", p->name); goto done; }
  tw = malloc((size_t)(taps * (L + 1)) * sizeof *tw);
  if (!tw) { arr_err(ERR_MEMORY, "out of memory"); goto done; }
  int64_t widx[ARR_MAXDIM] = {0};
  for (int64_t t = 0; t < taps; t++) {
    for (int i = 0; i <= L; i++) tw[t * (L + 1) + i] = widx[i];
    for (int i = L; i >= 0; i--) { if (++widx[i] < w->window[i]) break; widx[i] = 0; }
  }
  j.tw = tw;
  j.taps = taps;
  /* slices of dim 0 run in parallel where their windows cannot meet (a batch dim): a scatter's
   * writes then stay apart; otherwise one slice */
  int split = L > 0 && w->window[0] == 1 && w->strides[0] == 1 && w->pad_lo[0] == 0 &&
              w->pad_hi[0] == 0;
  int64_t nslice = split ? j.oshape[0] : 1;
  j.per = outer / nslice;
  int64_t grain = CPU_GRAIN_CHEAP / (j.per * j.inner * taps + 1) + 1;
  cpu_parallel_for(nslice, grain, dt == DT_FLOAT32 ? srange_f32 : srange_f64, &j);
  rc = j.nomem ? arr_err(ERR_MEMORY, "out of memory") : 0;
done:
  free(tw);
  arr_release(xc);
  arr_release(vc);
  if (rc < 0) { arr_release(o); return -1; }
  *out = o;
  return 0;
}
