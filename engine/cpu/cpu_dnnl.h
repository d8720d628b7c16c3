/* cpu_dnnl.h - oneDNN's float32 convolution primitives (forward, backward-data, backward-weights),
 * loaded with dlopen on first use, for the convolution kernel in cpu_conv.c. */
#ifndef SABLE_CPU_DNNL_H
#define SABLE_CPU_DNNL_H

#include <stdint.h>

/* Debian: libdnnl2 (pulled in by libdnnl-dev). SABLE_DNNL_LIB names another file to load. */
#define CPU_DNNL_LIB "libdnnl.so.2"

/* One convolution in cpu_conv.c's terms: y[b, o, q] = sum_{c,k} w[o, c, k] x[b, c, i] over the
 * (i, k) with q*s + k*rd - lo = i*ld, nsp spatial dims (1-3, the last nsp of the 3-entry arrays),
 * G feature groups. x and y are read and written through element strides (b, c, spatial...);
 * w is contiguous [O, C/G, k...], and wv/wst the same values in the caller's layout. */
typedef struct CpuDnnlConv {
  int nsp;
  int64_t B, C, O, G;
  int64_t n[3], k[3], od[3], s[3], lo[3], ld[3], rd[3];
  const float *x;
  int64_t xst[5];
  const float *w;
  const float *wv;   /* w through its own strides (the weight gradient reads it as diff_dst) */
  int64_t wst[5];
  float *y;
  int64_t yst[5];
} CpuDnnlConv;

enum { CPU_DNNL_FWD, CPU_DNNL_BWD_DATA, CPU_DNNL_BWD_WEIGHTS };

/* Runs c as oneDNN's primitive `kind` (the backward ones on the reinterpreted operands: the
 * transpose of a forward convolution, a weight gradient). Returns 1 when done, 0 when oneDNN
 * is not there or declines the case (the caller uses its own kernel; no error is left set),
 * -1 with an error set through arr_err. */
int cpu_dnnl_conv(const CpuDnnlConv *c, int kind);
/* C = op(A) op(B) for row-major float32 matrices (op: transposed when ta / tb), by oneDNN's GEMM
 * on the calling thread alone. 1 when done, 0 when oneDNN (or its dnnl_sgemm) is not there or
 * failed, with no error set: the caller runs its own GEMM. */
int cpu_dnnl_sgemm(int ta, int tb, int64_t M, int64_t N, int64_t K, const float *A, int64_t lda,
                   const float *B, int64_t ldb, float *C, int64_t ldc);
/* 1 when libdnnl could be loaded (loads it on the first call). */
int cpu_dnnl_available(void);

#endif
