/* cpu_sort.c - the variadic stable sort along one dimension: the first operand is the key (NaN
 * sorts last, as NumPy), the other operands are permuted alongside (argsort = sort(x, iota)). */
#include "cpu.h"

#include <stdlib.h>
#include <string.h>

#pragma GCC diagnostic ignored "-Wtype-limits"

/* Per-dtype "a < b" with NaN greater than everything. */
#define LESS_FN(d, T, sfx)                                                            \
  static int less_##sfx(const void *k, int64_t i, int64_t j) {                        \
    T a = ((const T *)k)[i], b = ((const T *)k)[j];                                   \
    if (b != b) return a == a;                                                        \
    return a < b;                                                                     \
  }
CPU_DTYPE_CASES(LESS_FN)
typedef int (*LessFn)(const void *, int64_t, int64_t);
#define LESS_ROW(d, T, sfx) [d] = less_##sfx,
static const LessFn less_fns[DT_COUNT] = {CPU_DTYPE_CASES(LESS_ROW)};

/* Stable merge sort of the permutation idx[0..n) by keys. Returns -1 when an interrupt is
 * pending (checked once per merge of 64Ki or more: a flag load per ~1 ms of work). */
static int msort(int64_t *idx, int64_t *tmp, int64_t n, const void *keys, LessFn less) {
  if (n >= ((int64_t)1 << 16) && arr_interrupted()) return -1;
  if (n < 16) {
    for (int64_t i = 1; i < n; i++) {
      int64_t v = idx[i], j = i;
      while (j > 0 && less(keys, v, idx[j - 1])) { idx[j] = idx[j - 1]; j--; }
      idx[j] = v;
    }
    return 0;
  }
  int64_t h = n / 2;
  if (msort(idx, tmp, h, keys, less) < 0 || msort(idx + h, tmp, n - h, keys, less) < 0) return -1;
  if (!less(keys, idx[h], idx[h - 1])) return 0;   /* already ordered */
  memcpy(tmp, idx, sizeof(int64_t) * h);
  int64_t a = 0, b = h, o = 0;
  while (a < h && b < n) idx[o++] = less(keys, idx[b], tmp[a]) ? idx[b++] : tmp[a++];
  while (a < h) idx[o++] = tmp[a++];
  return 0;
}

int cpu_k_sort(const Prim *p, Array *const *in, int nin, const void *params,
                  const AVal *oav, Array **out) {
  const PSort *s = params;
  if (s->descending) return arr_err(ERR_NOTIMPL, "sort: descending order is not supported (flip the result)");
  int ax = s->dimension;
  Array *x = in[0];
  int64_t n = x->shape[ax], lines = n ? x->size / n : 0;
  for (int k = 0; k < nin; k++) out[k] = NULL;
  for (int k = 0; k < nin; k++)
    if (!(out[k] = arr_new_like(&oav[k]))) goto fail;
  int64_t *idx = malloc(sizeof(int64_t) * (size_t)(n ? n : 1));
  int64_t *tmp = malloc(sizeof(int64_t) * (size_t)(n ? n : 1));
  char *keys = malloc((size_t)(n ? n : 1) * 8);
  if (!idx || !tmp || !keys) { free(idx); free(tmp); free(keys); arr_err(ERR_MEMORY, "out of memory"); goto fail; }
  int ksz = dt_size(x->dtype);
  LessFn less = less_fns[x->dtype];
  for (int64_t l = 0; l < lines; l++) {
    /* Offsets of this line in every operand (all share x's shape; outputs are contiguous). */
    int64_t rest = l, off[64], ooff = 0;
    int nops = nin < 64 ? nin : 64;
    for (int k = 0; k < nops; k++) off[k] = in[k]->offset;
    for (int d = x->ndim - 1; d >= 0; d--) {
      if (d == ax) continue;
      int64_t i = rest % x->shape[d];
      rest /= x->shape[d];
      for (int k = 0; k < nops; k++) off[k] += i * in[k]->strides[d];
      ooff += i * out[0]->strides[d];
    }
    const char *xb = (const char *)x->buf->data + off[0] * ksz;
    for (int64_t i = 0; i < n; i++) memcpy(keys + i * ksz, xb + i * x->strides[ax] * ksz, (size_t)ksz);
    for (int64_t i = 0; i < n; i++) idx[i] = i;
    if (msort(idx, tmp, n, keys, less) < 0) {
      free(idx); free(tmp); free(keys);
      arr_err(ERR_INTERRUPTED, "interrupted");
      goto fail;
    }
    for (int k = 0; k < nops; k++) {
      int esz = dt_size(in[k]->dtype);
      const char *src = (const char *)in[k]->buf->data + off[k] * esz;
      char *dst = (char *)out[k]->buf->data + ooff * esz;
      int64_t ss = in[k]->strides[ax], ds = out[k]->strides[ax];
      for (int64_t i = 0; i < n; i++) memcpy(dst + i * ds * esz, src + idx[i] * ss * esz, (size_t)esz);
    }
  }
  free(idx); free(tmp); free(keys);
  return 0;
fail:
  for (int k = 0; k < nin; k++) { arr_release(out[k]); out[k] = NULL; }
  return -1;
}

