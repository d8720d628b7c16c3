/* cpu_pool.c - a persistent thread pool for large elementwise and reduction loops. Work is cut
 * into more chunks than threads and claimed atomically, so a worker that is slow to wake (the
 * other core busy) costs nothing: the caller then runs every chunk itself and never waits. */
#include "cpu.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#define MAX_WORKERS 64
/* Pause iterations (about 27 ns each on Zen 3). A worker that finished a job watches for the
 * next one this long before sleeping: back-to-back operations then start without a futex
 * wake-up, which costs a system call and an inter-processor interrupt (5-20 us in a VM: as
 * much as a whole 64K-element add). Short enough that a worker never holds a core a BLAS call
 * or another program needs for more than ~50 us. */
#ifndef WORKER_SPIN
#define WORKER_SPIN 2000
#endif
/* The caller, done with its chunks, waits this long for a worker's last chunk before sleeping
 * (a sleeping caller on a loaded machine waits for a time slice to run again). */
#ifndef CALLER_SPIN
#define CALLER_SPIN 1500
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

/* The job protocol (all seq_cst atomics): the caller writes the job_* fields, then sets
 * job_open and bumps generation; a worker that sees a new generation increments active, then
 * joins only if job_open is still set (else it backs out without touching the job). The
 * caller, when its own chunks are done, clears job_open and waits for active == 0, so a
 * worker never runs a chunk of a job whose caller has returned. Workers sleep on `wake` only
 * after WORKER_SPIN; sleepers tells the caller whether it must signal at all. */
static atomic_uint_fast64_t generation;
static atomic_int job_open;
static atomic_int active;
static atomic_int sleepers;
static atomic_int caller_waiting;  /* the caller sleeps on done_cv */

static PoolFn job_fn;
static void *job_ctx;
static int64_t job_n;
static int job_chunks;
static atomic_int next_chunk;

static void run_chunks(PoolFn fn, void *ctx, int64_t n, int chunks) {
  for (;;) {
    int k = atomic_fetch_add(&next_chunk, 1);
    if (k >= chunks) return;
    fn(ctx, n * k / chunks, n * (k + 1) / chunks);
  }
}

static void leave_job(void) {
  if (atomic_fetch_sub(&active, 1) == 1 && atomic_load(&caller_waiting)) {
    pthread_mutex_lock(&mu);
    pthread_cond_signal(&done_cv);
    pthread_mutex_unlock(&mu);
  }
}

static void *worker(void *arg) {
  int id = (int)(intptr_t)arg;
  uint64_t seen = atomic_load(&generation);
  for (;;) {
    uint64_t g;
    int spin = 0;
    while ((g = atomic_load(&generation)) == seen && spin < WORKER_SPIN) { cpu_relax(); spin++; }
    if (g == seen) {
      pthread_mutex_lock(&mu);
      atomic_fetch_add(&sleepers, 1);
      while ((g = atomic_load(&generation)) == seen) pthread_cond_wait(&wake, &mu);
      atomic_fetch_sub(&sleepers, 1);
      pthread_mutex_unlock(&mu);
    }
    seen = g;
    if (id >= __atomic_load_n(&nthreads, __ATOMIC_RELAXED) - 1) continue;   /* set_threads lowered it */
    atomic_fetch_add(&active, 1);
    if (!atomic_load(&job_open)) { leave_job(); continue; }
    run_chunks(job_fn, job_ctx, job_n, job_chunks);
    leave_job();
  }
  return NULL;
}

void cpu_pool_init(void) {
  if (nworkers) return;
  /* OpenBLAS (loaded later, on first use) keeps its threads spinning on sched_yield for 2^28
   * cycles (~0.1 s) after every call; on 2 cores that spinner competes with this pool's worker
   * for the elementwise work that follows a product (the median 1M tanh right after a 500x500
   * matmul: 0.9-2.3 ms spinning vs 0.7-1.3 ms). 2^18 cycles (~0.1 ms) still covers
   * back-to-back BLAS calls. Set before any thread of ours exists; a user's value wins. */
  if (!getenv("OPENBLAS_THREAD_TIMEOUT")) setenv("OPENBLAS_THREAD_TIMEOUT", "18", 0);
  /* oneDNN's OpenMP threads (cpu_dnnl.c) likewise spin after each convolution by default,
   * against the pool's next job: passive waiting made the LeNet step 218-230 ms instead of
   * 259-292 (engine/cpu/README.md). Read by libgomp when it is loaded, which is later. */
  if (!getenv("OMP_WAIT_POLICY") && !getenv("GOMP_SPINCOUNT")) setenv("OMP_WAIT_POLICY", "PASSIVE", 0);
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
    int rc = pthread_create(&t, &at, worker, (void *)(intptr_t)nworkers);
    pthread_attr_destroy(&at);
    if (rc != 0) break;
    nworkers++;
  }
  __atomic_store_n(&nthreads, nworkers + 1, __ATOMIC_RELAXED);
  if (!nworkers) nworkers = -1;
}

int cpu_pool_threads(void) { return __atomic_load_n(&nthreads, __ATOMIC_RELAXED); }

int cpu_parallel_chunks(int64_t n, int64_t grain) {
  if (grain < 1) grain = 1;
  int nt = cpu_pool_threads();
  if (nt <= 1 || n < 2 * grain) return 1;
  int64_t chunks = n / grain;
  if (chunks > 4 * nt) chunks = 4 * nt;
  if (chunks > CPU_MAX_CHUNKS) chunks = CPU_MAX_CHUNKS;
  return (int)chunks;
}

/* One caller at a time owns the job fields: pmap's device workers (engine/coll.c) are several
 * callers, and one that finds the pool taken runs its loop itself. */
static pthread_mutex_t caller_mu = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local int device_thread;

void cpu_pool_mark_device_thread(void) { device_thread = 1; }

void cpu_parallel_for(int64_t n, int64_t grain, PoolFn fn, void *ctx) {
  int chunks = cpu_parallel_chunks(n, grain);
  if (chunks <= 1) {
    if (n > 0) fn(ctx, 0, n);
    return;
  }
  if (device_thread || pthread_mutex_trylock(&caller_mu) != 0) {
    /* the same chunks (kernels may index per-chunk partials by them), on this thread */
    for (int k = 0; k < chunks; k++) fn(ctx, n * k / chunks, n * (k + 1) / chunks);
    return;
  }
  job_fn = fn; job_ctx = ctx; job_n = n; job_chunks = chunks;
  atomic_store(&next_chunk, 0);
  atomic_store(&job_open, 1);
  atomic_fetch_add(&generation, 1);
  if (atomic_load(&sleepers) > 0) {
    pthread_mutex_lock(&mu);
    pthread_cond_broadcast(&wake);
    pthread_mutex_unlock(&mu);
  }
  run_chunks(fn, ctx, n, chunks);
  atomic_store(&job_open, 0);
  for (int spin = 0; spin < CALLER_SPIN && atomic_load(&active) > 0; spin++) cpu_relax();
  if (atomic_load(&active) > 0) {
    pthread_mutex_lock(&mu);
    atomic_store(&caller_waiting, 1);
    while (atomic_load(&active) > 0) pthread_cond_wait(&done_cv, &mu);
    atomic_store(&caller_waiting, 0);
    pthread_mutex_unlock(&mu);
  }
  pthread_mutex_unlock(&caller_mu);
}
