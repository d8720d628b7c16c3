/* cpu.h - internal interface of the CPU back end: the thread pool, the N-d elementwise driver
 * and the kernels that the primitive entries name. */
#ifndef SABLE_CPU_H
#define SABLE_CPU_H

#include "../prim.h"

/* ---- thread pool -------------------------------------------------------------------------
 * Persistent workers (cores - 1; the calling thread takes a share). Only the thread that runs
 * the program submits work, and never while BLAS/LAPACK is running, so the pool and OpenBLAS
 * (set to the same thread count) take turns on the cores instead of oversubscribing them. */
typedef void (*PoolFn)(void *ctx, int64_t begin, int64_t end);
void cpu_pool_init(void);
int cpu_pool_threads(void);                 /* threads used for a parallel loop (>= 1) */
/* Split [0, n) into chunks of >= grain items run by the pool and the caller; inline when
 * n < 2 * grain. fn must only touch its own range. */
void cpu_parallel_for(int64_t n, int64_t grain, PoolFn fn, void *ctx);
/* The number of chunks cpu_parallel_for cuts [0, n) into (chunk k is [n*k/c, n*(k+1)/c)). */
int cpu_parallel_chunks(int64_t n, int64_t grain);
#define CPU_MAX_CHUNKS 64
/* pmap's device workers (engine/coll.c) are the parallelism while they run: on a thread marked
 * so, parallel loops run inline, and OpenBLAS is set to one thread per call for the duration
 * (cpu_blas_threads in cpu_blas.h). */
void cpu_pool_mark_device_thread(void);
/* Long loops read the interrupt flag (arr_interrupted) once per this many elements and give up
 * early; the kernel's output is then garbage, and prim_run_cpu drops it and raises. */
#define CPU_POLL_BLOCK ((int64_t)1 << 16)

/* Elements per thread below which elementwise work stays on one core. */
#define CPU_GRAIN_CHEAP 32768   /* add, mul, copies */
#define CPU_GRAIN_MATH 4096     /* exp, sin, ... */

/* ---- N-d elementwise driver --------------------------------------------------------------
 * Runs loop over out (any strides) and up to 3 inputs already broadcast to out's shape
 * (stride 0 on broadcast dims); coalesces dimensions so the inner call gets the longest
 * contiguous run, and splits big jobs across the pool. */
void cpu_run_elementwise(ElemLoop loop, Array *out, Array *const *in, int nin, int64_t grain);
/* Same-dtype or casting copy between arrays of the same shape (src may be broadcast: make
 * it a view of out's shape with arr_view_broadcast first). */
ElemLoop cpu_convert_loop(DType from, DType to);

/* ---- the kernels (named by the entries in lang/prim/) ------------------------------------- */
#define CPU_KERNEL(name) \
  int name(const Prim *p, Array *const *in, int nin, const void *params, const AVal *out_av, Array **out)
/* cpu_dot.c */
CPU_KERNEL(cpu_k_conv);
CPU_KERNEL(cpu_k_dot);
CPU_KERNEL(cpu_k_window);
CPU_KERNEL(cpu_k_select_window);
/* dot_general of float32/float64 operands (both of o's dtype) into o (fresh, contiguous, the
 * output shape) with an epilogue: epi(ctx, b, e) runs on flat output elements [b, e) right after
 * the GEMM wrote them, while they are in cache. Big products are cut into row blocks, one
 * single-threaded sgemm/dgemm per block and its epilogue in one pool job (engine/cgen's fused
 * matrix products); a product small enough that OpenBLAS runs it on one thread is one call, as
 * cpu_k_dot makes it, its epilogue spread over the pool in chunks of >= grain elements. epi may
 * be NULL (the product alone, on the pool rather than OpenBLAS's threads).
 * 0, or -1 with the engine error set. */
typedef void (*CpuEpiFn)(void *ctx, int64_t begin, int64_t end);
int cpu_dot_epi(const PDot *d, Array *a, Array *b, Array *o, CpuEpiFn epi, void *ctx, int64_t grain);
/* The row blocks cpu_dot_epi cuts a product of `batch` B into: 1 when it makes the one call of
 * cpu_k_dot (bit-equal results). */
int cpu_dot_blocks(int64_t B, int64_t M, int64_t N, int64_t K);
/* cpu_elem.c */
CPU_KERNEL(cpu_k_convert);
CPU_KERNEL(cpu_k_copy);
CPU_KERNEL(cpu_k_elementwise);
CPU_KERNEL(cpu_k_integer_pow);
/* cpu_index.c */
CPU_KERNEL(cpu_k_dynamic_slice);
CPU_KERNEL(cpu_k_dynamic_update_slice);
CPU_KERNEL(cpu_k_gather);
CPU_KERNEL(cpu_k_scatter);
/* cpu_linalg.c */
CPU_KERNEL(cpu_k_cholesky);
CPU_KERNEL(cpu_k_det);
CPU_KERNEL(cpu_k_eigh);
CPU_KERNEL(cpu_k_inv);
CPU_KERNEL(cpu_k_lu);
CPU_KERNEL(cpu_k_qr);
CPU_KERNEL(cpu_k_solve);
CPU_KERNEL(cpu_k_svd);
CPU_KERNEL(cpu_k_trisolve);
/* cpu_reduce.c */
CPU_KERNEL(cpu_k_arg);
CPU_KERNEL(cpu_k_cum);
CPU_KERNEL(cpu_k_reduce);
/* cpu_sort.c */
CPU_KERNEL(cpu_k_sort);
/* cpu_shape.c */
CPU_KERNEL(cpu_k_broadcast);
CPU_KERNEL(cpu_k_concat);
CPU_KERNEL(cpu_k_iota);
CPU_KERNEL(cpu_k_pad);
CPU_KERNEL(cpu_k_reshape);
CPU_KERNEL(cpu_k_rev);
CPU_KERNEL(cpu_k_slice);
CPU_KERNEL(cpu_k_transpose);

/* The per-dtype inner loops of the elementwise primitives (NULL: dtype not handled), filled once
 * by cpu_init_loops (from arr_init) with the fastest variant this CPU runs. */
extern ElemLoop cpu_loops[PRIM_COUNT][DT_COUNT];
void cpu_init_loops(void);
void cpu_init_reduce_loops(void);     /* cpu_reduce.c, called by cpu_init_loops */

/* Typed access helpers used by several kernel files. */
#define CPU_DTYPE_CASES(X)                                                              \
  X(DT_BOOL, uint8_t, b) X(DT_UINT8, uint8_t, u8) X(DT_UINT32, uint32_t, u32)           \
  X(DT_INT32, int32_t, i32) X(DT_INT64, int64_t, i64) X(DT_FLOAT32, float, f32)          \
  X(DT_FLOAT64, double, f64)

/* Read element i (strided pointer arithmetic done by the caller) as double / store from
 * double, for the slow generic paths (reductions identities, fills). */
double cpu_load_f(DType dt, const void *p);
void cpu_store_f(DType dt, void *p, double v);

/* reduce_window on float32/float64 (cpu_window.c): 1 when it wrote o (a fresh contiguous array
 * of the output's shape), 0 when the case is left to the generic kernel. */
int cpu_window_fast(const Prim *p, Array *x, const PWindow *w, Array *o);

#endif
