/* cpu_dot.c - dot_general through cblas sgemm/dgemm (a strided loop over batch dims, views
 * passed to BLAS without copies when their strides allow), integer dot by plain loops,
 * conv_general_dilated by im2col + GEMM, and reduce_window. */
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
static Array *logical_copy(Array *x, const int *spec, int nd) {
  int perm[ARR_MAXDIM] = {0};
  for (int j = 0; j < nd && j < ARR_MAXDIM; j++) perm[j] = spec[j];
  Array *v = arr_view_transpose(x, perm);
  if (!v) return NULL;
  Array *c = arr_contiguous(v);
  arr_release(v);
  return c;
}

#define CONV_IMPL(sfx, T, GEMM)                                                               \
  static void conv_##sfx(const CpuBlas *bl, const T *x, const T *w, T *y, const int64_t *g3,    \
                         int64_t Nb, int64_t C, int64_t O, int G, T *col) {                   \
    /* g3: [in D H W, k D H W, out D H W, stride, pad_lo, lhs_dil, rhs_dil] x3 each */         \
    const int64_t *n = g3, *k = g3 + 3, *od = g3 + 6, *s = g3 + 9, *lo = g3 + 12, *ld = g3 + 15, *rd = g3 + 18; \
    int64_t Cg = C / G, Og = O / G, kvol = k[0] * k[1] * k[2], ovol = od[0] * od[1] * od[2]; \
    int64_t ivol = n[0] * n[1] * n[2];                                                        \
    for (int64_t b = 0; b < Nb; b++)                                                          \
      for (int g = 0; g < G; g++) {                                                           \
        int64_t row = 0;                                                                      \
        for (int64_t c = 0; c < Cg; c++) {                                                    \
          const T *xc = x + (b * C + g * Cg + c) * ivol;                                      \
          for (int64_t k0 = 0; k0 < k[0]; k0++)                                               \
            for (int64_t k1 = 0; k1 < k[1]; k1++)                                             \
              for (int64_t k2 = 0; k2 < k[2]; k2++, row++) {                                  \
                T *dst = col + row * ovol;                                                    \
                int64_t q = 0;                                                                \
                for (int64_t o0 = 0; o0 < od[0]; o0++) {                                      \
                  int64_t p0 = o0 * s[0] + k0 * rd[0] - lo[0];                                \
                  int ok0 = p0 >= 0 && p0 % ld[0] == 0 && p0 / ld[0] < n[0];                  \
                  for (int64_t o1 = 0; o1 < od[1]; o1++) {                                    \
                    int64_t p1 = o1 * s[1] + k1 * rd[1] - lo[1];                              \
                    int ok1 = ok0 && p1 >= 0 && p1 % ld[1] == 0 && p1 / ld[1] < n[1];         \
                    const T *xr = xc + ((ok1 ? p0 / ld[0] : 0) * n[1] + (ok1 ? p1 / ld[1] : 0)) * n[2]; \
                    for (int64_t o2 = 0; o2 < od[2]; o2++, q++) {                             \
                      int64_t p2 = o2 * s[2] + k2 * rd[2] - lo[2];                            \
                      dst[q] = (ok1 && p2 >= 0 && p2 % ld[2] == 0 && p2 / ld[2] < n[2]) ? xr[p2 / ld[2]] : (T)0; \
                    }                                                                         \
                  }                                                                           \
                }                                                                             \
              }                                                                               \
        }                                                                                     \
        bl->GEMM(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)Og, (int)ovol, (int)(Cg * kvol), \
             (T)1, w + g * Og * Cg * kvol, (int)(Cg * kvol), col, (int)ovol, (T)0,            \
             y + (b * O + g * Og) * ovol, (int)ovol);                                         \
      }                                                                                       \
  }
CONV_IMPL(f32, float, cblas_sgemm)
CONV_IMPL(f64, double, cblas_dgemm)

int cpu_k_conv(const Prim *p, Array *const *in, int nin, const void *params,
                  const AVal *oav, Array **out) {
  const PConv *c = params;
  int nd = c->nsp + 2;
  Array *x = logical_copy(in[0], c->lhs_spec, nd);
  Array *w = logical_copy(in[1], c->rhs_spec, nd);
  AVal lav = *oav;
  for (int j = 0; j < nd; j++) lav.shape[j] = oav->shape[c->out_spec[j]];
  Array *y = x && w ? arr_new_like(&lav) : NULL;
  int64_t g3[21];
  for (int i = 0; i < 3; i++) {
    int sp = i - (3 - c->nsp);   /* spatial dims right-aligned into 3 */
    int ok = sp >= 0;
    g3[i] = ok ? x->shape[2 + sp] : 1;
    g3[3 + i] = ok ? w->shape[2 + sp] : 1;
    g3[6 + i] = ok ? lav.shape[2 + sp] : 1;
    g3[9 + i] = ok && c->strides[sp] ? c->strides[sp] : 1;
    g3[12 + i] = ok ? c->pad_lo[sp] : 0;
    g3[15 + i] = ok && c->lhs_dil[sp] ? c->lhs_dil[sp] : 1;
    g3[18 + i] = ok && c->rhs_dil[sp] ? c->rhs_dil[sp] : 1;
  }
  int64_t Nb = lav.shape[0], O = lav.shape[1], C = x ? x->shape[1] : 0;
  int G = c->feature_group_count;
  int64_t kvol = g3[3] * g3[4] * g3[5], ovol = g3[6] * g3[7] * g3[8];
  void *col = NULL;
  if (y && y->size && (O / G > INT32_MAX || (C / G) * kvol > INT32_MAX || ovol > INT32_MAX)) {
    arr_err(ERR_VALUE, "conv_general_dilated: sizes too large for BLAS");
    goto fail;
  }
  if (y && y->size) {
    int64_t cols;
    if (__builtin_mul_overflow((C / G) * kvol, ovol, &cols) || cols > arr_max_bytes / 8) {
      arr_err(ERR_MEMORY, "conv_general_dilated: im2col buffer too large");
      goto fail;
    }
    const CpuBlas *bl = C / G * kvol == 0 ? NULL : cpu_blas();
    if (C / G * kvol != 0 && !bl) goto fail;
    col = malloc((size_t)(cols ? cols : 1) * dt_size(y->dtype));
    if (!col) { arr_err(ERR_MEMORY, "out of memory"); goto fail; }
    if (C / G * kvol == 0) memset(arr_data(y), 0, (size_t)y->size * dt_size(y->dtype));
    else if (y->dtype == DT_FLOAT32) conv_f32(bl, arr_data(x), arr_data(w), arr_data(y), g3, Nb, C, O, G, col);
    else conv_f64(bl, arr_data(x), arr_data(w), arr_data(y), g3, Nb, C, O, G, col);
  }
  if (!y) goto fail;
  free(col);
  arr_release(x);
  arr_release(w);
  /* y is in logical (N, O, spatial) order; lay it out as out_spec asks. */
  int ident = 1;
  for (int j = 0; j < nd; j++) if (c->out_spec[j] != j) ident = 0;
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
  free(col);
  arr_release(x);
  arr_release(w);
  arr_release(y);
  return -1;
}

/* {=== reduce_window ===} */
int cpu_k_window(const Prim *p, Array *const *in, int nin, const void *params,
                    const AVal *oav, Array **out) {
  const PWindow *w = params;
  Array *x = in[0];
  Array *o = arr_new_like(oav);
  if (!o) return -1;
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
