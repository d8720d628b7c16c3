/* engine_bench.c - timings of the C array engine (run by hand through bench/engine_bench.sh):
 * dispatch of add on 3-element arrays, 1M-element elementwise ops and reductions, N x N
 * matmul through dot_general vs cblas directly, N x N float64 inverse. Not run by tests. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/arr.h"
#include "engine/prim.h"
#include "engine/cpu/cpu.h"
#include "engine/cpu/cpu_blas.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static Array *randn(DType dt, int nd, const int64_t *shape) {
  Array *a = arr_new(dt, nd, shape);
  for (int64_t i = 0; i < a->size; i++) {
    double v = (double)rand() / RAND_MAX - 0.5;
    if (dt == DT_FLOAT32) ((float *)arr_data(a))[i] = (float)v;
    else ((double *)arr_data(a))[i] = v;
  }
  return a;
}

/* Best of `reps` runs of an op, in seconds. */
#define BEST(reps, stmt)                                                          \
  ({                                                                             \
    double best_ = 1e30;                                                         \
    for (int r_ = 0; r_ < (reps); r_++) {                                        \
      double t0_ = now();                                                        \
      stmt;                                                                      \
      double t_ = now() - t0_;                                                   \
      if (t_ < best_) best_ = t_;                                                \
    }                                                                            \
    best_;                                                                       \
  })

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2000;      /* matmul / inverse size */
  const char *only = argc > 2 ? argv[2] : "";
  arr_init();
  printf("threads: pool %d\n", cpu_pool_threads());

  if (!*only || strstr(only, "dispatch")) {
    int64_t three = 3;
    Array *a = randn(DT_FLOAT32, 1, &three), *b = randn(DT_FLOAT32, 1, &three);
    int iters = 2000000;
    double t = BEST(3, for (int i = 0; i < iters; i++) arr_release(prim_binary(PRIM_add, a, b)));
    printf("dispatch add 3xf32: %.1f ns/op\n", t / iters * 1e9);
    Array *s = arr_scalar_f(DT_FLOAT32, 2);
    t = BEST(3, for (int i = 0; i < iters; i++) arr_release(prim_binary(PRIM_mul, a, s)));
    printf("dispatch mul 3xf32 * 0-d: %.1f ns/op\n", t / iters * 1e9);
    arr_release(a); arr_release(b); arr_release(s);
  }

  if (!*only || strstr(only, "elem") || strstr(only, "red")) {
    int64_t m = 1000000;
    int reps = 200;
    for (int k = 0; k < 2; k++) {
      DType dt = k ? DT_FLOAT64 : DT_FLOAT32;
      const char *nm = k ? "f64" : "f32";
      Array *a = randn(dt, 1, &m), *b = randn(dt, 1, &m), *s = arr_scalar_f(dt, 1.5);
      double t;
#define ELEM(label, expr, r)                                                       \
      t = BEST(r, arr_release(expr));                                                \
      printf("%s %s: %.3f ms\n", label, nm, t * 1e3);
      if (!*only || strstr(only, "elem")) {
        ELEM("1M add", prim_binary(PRIM_add, a, b), reps)
        ELEM("1M mul", prim_binary(PRIM_mul, a, b), reps)
        ELEM("1M add scalar", prim_binary(PRIM_add, a, s), reps)
        ELEM("1M maximum", prim_binary(PRIM_max, a, b), reps)
        ELEM("1M greater", prim_binary(PRIM_gt, a, b), reps)
        ELEM("1M exp", prim_unary(PRIM_exp, a, NULL), reps / 4)
        ELEM("1M tanh", prim_unary(PRIM_tanh, a, NULL), reps / 4)
      }
      if (!*only || strstr(only, "red")) {
        PAxes all = {1, {0}};
        ELEM("1M sum", prim_unary(PRIM_reduce_sum, a, &all), reps)
        ELEM("1M max", prim_unary(PRIM_reduce_max, a, &all), reps)
        int64_t sq[2] = {1000, 1000};
        Array *q = randn(dt, 2, sq);
        PAxes ax0 = {1, {0}}, ax1 = {1, {1}};
        ELEM("1000x1000 sum axis0", prim_unary(PRIM_reduce_sum, q, &ax0), reps)
        ELEM("1000x1000 sum axis1", prim_unary(PRIM_reduce_sum, q, &ax1), reps)
        ELEM("1000x1000 max axis0", prim_unary(PRIM_reduce_max, q, &ax0), reps)
        ELEM("1000x1000 max axis1", prim_unary(PRIM_reduce_max, q, &ax1), reps)
        arr_release(q);
      }
#undef ELEM
      arr_release(a); arr_release(b); arr_release(s);
    }
  }

  if (!*only || strstr(only, "matmul")) {
    /* dot_general (fresh output each call, as the library does) and cblas directly (into one
     * preallocated output) alternate call by call, so both see the same load from other
     * people's work; the median of the pairwise ratios is steadier than the ratio of bests.
     * BENCH_REPS=r pairs (default 3), BENCH_DTYPE=f32|f64 only one of them;
     * BENCH_BLAS_THREADS=k resets OpenBLAS to k threads after it is loaded (the pool keeps
     * SABLE_NUM_THREADS), to measure the two settings apart. */
    int64_t sh[2] = {n, n};
    int reps = getenv("BENCH_REPS") ? atoi(getenv("BENCH_REPS")) : 3;
    if (reps < 1) reps = 1;
    if (reps > 64) reps = 64;
    if (!cpu_blas()) { printf("no BLAS\n"); return 1; }
    const char *bt = getenv("BENCH_BLAS_THREADS");
    if (bt) {
      void *h = dlopen(CPU_BLAS_LIB, RTLD_NOW | RTLD_NOLOAD);
      void *f = h ? dlsym(h, "openblas_set_num_threads") : NULL;
      void (*set)(int) = NULL;
      if (f) memcpy(&set, &f, sizeof f);
      if (set) set(atoi(bt));
      printf("OpenBLAS threads set to %d\n", atoi(bt));
    }
    const char *only_dt = getenv("BENCH_DTYPE");   /* f32 or f64: only that one */
    for (int k = 0; k < 2; k++) {
      DType dt = k ? DT_FLOAT64 : DT_FLOAT32;
      if (only_dt && strcmp(only_dt, k ? "f64" : "f32")) continue;
      Array *a = randn(dt, 2, sh), *b = randn(dt, 2, sh), *c = arr_new(dt, 2, sh);
      PDot pd = {0};
      pd.nc = 1; pd.lhs_contract[0] = 1; pd.rhs_contract[0] = 0;
      Array *in[2] = {a, b}, *o = NULL;
      double b1 = 1e30, b2 = 1e30, ratio[64];
      for (int r = 0; r <= reps; r++) {   /* r == 0 warms up (first-use costs) */
        /* which goes first alternates: the second call of a pair was measurably favoured */
        double t1 = 0, t2 = 0;
        for (int q = 0; q < 2; q++) {
          double t0 = now();
          if ((q + r) % 2 == 0) {
            prim_bind(PRIM_dot_general, in, 2, &pd, &o);
            arr_release(o);
            t1 = now() - t0;
          } else {
            if (k) cpu_blas()->cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, arr_data(a), n, arr_data(b), n, 0.0, arr_data(c), n);
            else cpu_blas()->cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, arr_data(a), n, arr_data(b), n, 0.0f, arr_data(c), n);
            t2 = now() - t0;
          }
        }
        if (r == 0) continue;
        if (t1 < b1) b1 = t1;
        if (t2 < b2) b2 = t2;
        ratio[r - 1] = t1 / t2;
      }
      for (int i = 1; i < reps; i++)
        for (int j = i; j > 0 && ratio[j - 1] > ratio[j]; j--) { double x = ratio[j]; ratio[j] = ratio[j - 1]; ratio[j - 1] = x; }
      printf("matmul %dx%d %s: dot_general %.3f s, cblas direct %.3f s, ratio of bests %.3f, median pair ratio %.3f\n",
             n, n, k ? "f64" : "f32", b1, b2, b1 / b2, ratio[reps / 2]);
      arr_release(a); arr_release(b); arr_release(c);
    }
  }

  if (!*only || strstr(only, "mixed")) {
    /* BLAS and the pool taking turns: a 500x500 matmul then 1M-element tanh, repeated. With
     * oversubscription (spinning BLAS threads vs pool workers) this gets slower, not faster,
     * as threads are added; compare SABLE_NUM_THREADS=1 and 2. */
    int64_t sq[2] = {500, 500}, m = 1000000;
    Array *a = randn(DT_FLOAT32, 2, sq), *x = randn(DT_FLOAT32, 1, &m);
    PDot pd = {0};
    pd.nc = 1; pd.lhs_contract[0] = 1; pd.rhs_contract[0] = 0;
    Array *in[2] = {a, a}, *o = NULL;
    double t = BEST(3, for (int i = 0; i < 20; i++) {
      prim_bind(PRIM_dot_general, in, 2, &pd, &o); arr_release(o);
      arr_release(prim_unary(PRIM_tanh, x, NULL));
      arr_release(prim_binary(PRIM_mul, x, x));
    });
    printf("mixed (20 x [matmul 500 f32, tanh 1M, mul 1M]): %.3f ms\n", t * 1e3);
    arr_release(a); arr_release(x);
  }

  if (!*only || strstr(only, "inv")) {
    int64_t sh[2] = {n, n};
    Array *a = randn(DT_FLOAT64, 2, sh);
    for (int64_t i = 0; i < n; i++) ((double *)arr_data(a))[i * n + i] += n;
    PLinalg pl = {0};
    double t = BEST(2, arr_release(prim_unary(PRIM_inv, a, &pl)));
    printf("inv %dx%d f64: %.3f s\n", n, n, t);
    arr_release(a);
  }
  return 0;
}
