/* cpu_blas.h - OpenBLAS and LAPACKE, loaded with dlopen on first use (not linked), so that
 * start-up does not pay for loading and relocating them or for OpenBLAS's thread pool. */
#ifndef SABLE_CPU_BLAS_H
#define SABLE_CPU_BLAS_H

/* The headers only give prototypes and types; the symbols come from the loaded libraries. */
#include <cblas.h>
#include <lapacke.h>

/* Debian: libopenblas.so.0 (the alternatives link of libopenblas0-pthread/-openmp/-serial,
 * pulled in by libopenblas-dev) and liblapacke.so.3 (liblapacke, pulled in by liblapacke-dev).
 * The environment variables SABLE_BLAS_LIB and SABLE_LAPACKE_LIB name other files (a path or a
 * soname) to load instead. */
#define CPU_BLAS_LIB "libopenblas.so.0"
#define CPU_LAPACKE_LIB "liblapacke.so.3"

/* One pointer per routine Sable calls, typed from the library's own prototype. */
#define CPU_BLAS_FN(X) X(cblas_sgemm) X(cblas_dgemm) X(cblas_strsm) X(cblas_dtrsm)
#define CPU_LAPACKE_FN(X)                                                                   \
  X(LAPACKE_sgetrf) X(LAPACKE_dgetrf) X(LAPACKE_sgetri) X(LAPACKE_dgetri)                    \
  X(LAPACKE_sgesv) X(LAPACKE_dgesv) X(LAPACKE_spotrf) X(LAPACKE_dpotrf)                      \
  X(LAPACKE_sgeqrf) X(LAPACKE_dgeqrf) X(LAPACKE_sorgqr) X(LAPACKE_dorgqr)                    \
  X(LAPACKE_ssyevd) X(LAPACKE_dsyevd) X(LAPACKE_sgesdd) X(LAPACKE_dgesdd)

#define CPU_BLAS_FIELD(name) __typeof__(name) *name;
typedef struct CpuBlas { CPU_BLAS_FN(CPU_BLAS_FIELD) } CpuBlas;
typedef struct CpuLapack { CPU_LAPACKE_FN(CPU_BLAS_FIELD) } CpuLapack;
#undef CPU_BLAS_FIELD

/* The resolved routines, loading the library on the first call (thread-safe, done once;
 * OpenBLAS is then set to cpu_pool_threads() threads). NULL with an OSError set through
 * arr_err (naming the library and the Debian package to install) when it cannot be loaded;
 * every later call reports the same error. cpu_lapack() loads OpenBLAS first. */
const CpuBlas *cpu_blas(void);
const CpuLapack *cpu_lapack(void);
/* cpu_blas_threads(1): one OpenBLAS thread per call from now on, for callers that run many
 * GEMMs at once from their own threads; cpu_blas_threads(0) ends that request. Requests nest:
 * OpenBLAS gets cpu_pool_threads() back when the last one ends. A no-op without OpenBLAS. */
void cpu_blas_threads(int n);

#endif
