/* cpu_pool.c - a persistent thread pool for large elementwise and reduction loops. Work is cut
 * into more chunks than threads and claimed atomically, so a worker that is slow to wake (the
 * other core busy) costs nothing: the caller then runs every chunk itself and never waits. */
#include "cpu.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#define MAX_WORKERS 64
#ifndef SPIN_WAIT
#define SPIN_WAIT 1500            /* pause iterations: about 40 us on Zen 3 */
#endif

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;
static pthread_cond_t done_cv = PTHREAD_COND_INITIALIZER;
static int nworkers = 0;          /* started threads (-1: initialised without workers) */
static int nthreads = 1;          /* threads used per job, incl. the caller */
static uint64_t generation = 0;   /* bumped per job, under mu */
static int job_open = 0;          /* workers may still join the job, under mu */
static int active = 0;            /* workers inside the job, under mu */
static atomic_int running;        /* workers still running chunks (read without mu) */

static PoolFn job_fn;
static void *job_ctx;
static int64_t job_n;
static int job_chunks;
static atomic_int next_chunk;

static void run_chunks(PoolFn fn, void *ctx) {
  for (;;) {
    int k = atomic_fetch_add(&next_chunk, 1);
    if (k >= job_chunks) return;
    fn(ctx, job_n * k / job_chunks, job_n * (k + 1) / job_chunks);
  }
}

static void *worker(void *arg) {
  uint64_t seen = 0;
  (void)arg;
  pthread_mutex_lock(&mu);
  for (;;) {
    while (generation == seen) pthread_cond_wait(&wake, &mu);
    seen = generation;
    if (!job_open) continue;
    active++;
    atomic_fetch_add(&running, 1);
    PoolFn fn = job_fn;
    void *ctx = job_ctx;
    pthread_mutex_unlock(&mu);
    run_chunks(fn, ctx);
    atomic_fetch_sub(&running, 1);
    pthread_mutex_lock(&mu);
    if (--active == 0) pthread_cond_signal(&done_cv);
  }
  return NULL;
}

void cpu_pool_init(void) {
  if (nworkers) return;
  /* OpenBLAS (loaded later, on first use) keeps its threads spinning on sched_yield for 2^28
   * cycles (~0.1 s) after every call; on 2 cores that spinner competes with this pool's worker
   * for the elementwise work that follows a product (the median 1M tanh right after a 500x500
   * matmul: 0.9-2.3 ms spinning vs 0.7-1.2 ms). 2^18 cycles (~0.1 ms) still covers
   * back-to-back BLAS calls. Set before any thread of ours exists; a user's value wins. */
  if (!getenv("OPENBLAS_THREAD_TIMEOUT")) setenv("OPENBLAS_THREAD_TIMEOUT", "18", 0);
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  const char *env = getenv("SABLE_NUM_THREADS");
  if (env && atoi(env) > 0) cores = atoi(env);
  if (cores < 1) cores = 1;
  if (cores > MAX_WORKERS) cores = MAX_WORKERS;
  for (int i = 1; i < cores; i++) {
    pthread_t t;
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    int rc = pthread_create(&t, &at, worker, NULL);
    pthread_attr_destroy(&at);
    if (rc != 0) break;
    nworkers++;
  }
  nthreads = nworkers + 1;
  if (!nworkers) nworkers = -1;
}

int cpu_pool_threads(void) { return nthreads; }
void cpu_pool_set_threads(int n) {
  int max = nworkers > 0 ? nworkers + 1 : 1;
  nthreads = n < 1 ? 1 : n > max ? max : n;
}

int cpu_parallel_chunks(int64_t n, int64_t grain) {
  if (grain < 1) grain = 1;
  if (nthreads <= 1 || n < 2 * grain) return 1;
  int64_t chunks = n / grain;
  if (chunks > 4 * nthreads) chunks = 4 * nthreads;
  if (chunks > CPU_MAX_CHUNKS) chunks = CPU_MAX_CHUNKS;
  return (int)chunks;
}

void cpu_parallel_for(int64_t n, int64_t grain, PoolFn fn, void *ctx) {
  int chunks = cpu_parallel_chunks(n, grain);
  if (chunks <= 1) {
    if (n > 0) fn(ctx, 0, n);
    return;
  }
  pthread_mutex_lock(&mu);
  job_fn = fn; job_ctx = ctx; job_n = n; job_chunks = chunks;
  atomic_store(&next_chunk, 0);
  job_open = 1;
  generation++;
  pthread_cond_broadcast(&wake);
  pthread_mutex_unlock(&mu);
  run_chunks(fn, ctx);
  pthread_mutex_lock(&mu);
  job_open = 0;
  pthread_mutex_unlock(&mu);
  /* A worker still on its last chunk is usually done within microseconds: spin briefly rather
   * than sleep, since on a loaded machine a sleeping caller waits for a time slice to wake. */
  for (int spin = 0; spin < SPIN_WAIT && atomic_load(&running) > 0; spin++) cpu_relax();
  pthread_mutex_lock(&mu);
  while (active > 0) pthread_cond_wait(&done_cv, &mu);
  pthread_mutex_unlock(&mu);
}
