/* cpu_dot.c - dot_general through cblas sgemm/dgemm (a strided loop over batch dims, views
 * passed to BLAS without copies when their strides allow), integer dot by plain loops,
 * and reduce_window (conv_general_dilated is in cpu_conv.c). */
#include "cpu.h"
#include "cpu_blas.h"

#include <math.h>
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
