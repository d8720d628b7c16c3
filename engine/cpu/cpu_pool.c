/* cpu_pool.c - a persistent thread pool for large elementwise and reduction loops: workers
 * sleep on a condition variable between jobs; the submitting thread runs chunk 0 itself. */
#include "cpu.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#define MAX_WORKERS 64

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;
static pthread_cond_t done_cv = PTHREAD_COND_INITIALIZER;
static int nworkers = 0;          /* started threads */
static int nthreads = 1;          /* threads used per job, incl. the caller */
static uint64_t generation = 0;   /* bumped per job, under mu */
static int pending = 0;           /* chunks not yet finished, under mu */

static PoolFn job_fn;
static void *job_ctx;
static int64_t job_n;
static int job_chunks;

static void chunk_range(int k, int64_t *b, int64_t *e) {
  *b = job_n * k / job_chunks;
  *e = job_n * (k + 1) / job_chunks;
}

static void *worker(void *arg) {
  int id = (int)(intptr_t)arg;   /* 1.. */
  uint64_t seen = 0;
  pthread_mutex_lock(&mu);
  for (;;) {
    while (generation == seen) pthread_cond_wait(&wake, &mu);
    seen = generation;
    if (id >= job_chunks) continue;
    PoolFn fn = job_fn;
    void *ctx = job_ctx;
    int64_t b, e;
    chunk_range(id, &b, &e);
    pthread_mutex_unlock(&mu);
    fn(ctx, b, e);
    pthread_mutex_lock(&mu);
    if (--pending == 0) pthread_cond_signal(&done_cv);
  }
  return NULL;
}

void cpu_pool_init(void) {
  if (nworkers) return;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  const char *env = getenv("SABLE_NUM_THREADS");
  if (env && atoi(env) > 0) cores = atoi(env);
  if (cores < 1) cores = 1;
  if (cores > MAX_WORKERS) cores = MAX_WORKERS;
  nthreads = (int)cores;
  for (int i = 1; i < nthreads; i++) {
    pthread_t t;
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&t, &at, worker, (void *)(intptr_t)i) != 0) {
      pthread_attr_destroy(&at);
      break;
    }
    pthread_attr_destroy(&at);
    nworkers++;
  }
  nthreads = nworkers + 1;
  if (!nworkers) nworkers = -1;   /* initialised, inline only */
}

int cpu_pool_threads(void) { return nthreads; }
void cpu_pool_set_threads(int n) {
  int max = nworkers > 0 ? nworkers + 1 : 1;
  nthreads = n < 1 ? 1 : n > max ? max : n;
}

void cpu_parallel_for(int64_t n, int64_t grain, PoolFn fn, void *ctx) {
  if (grain < 1) grain = 1;
  int chunks = nthreads;
  if (n / grain < chunks) chunks = (int)(n / grain);
  if (chunks <= 1) {
    if (n > 0) fn(ctx, 0, n);
    return;
  }
  pthread_mutex_lock(&mu);
  job_fn = fn; job_ctx = ctx; job_n = n; job_chunks = chunks;
  pending = chunks - 1;
  generation++;
  pthread_cond_broadcast(&wake);
  pthread_mutex_unlock(&mu);
  fn(ctx, 0, n / chunks);
  pthread_mutex_lock(&mu);
  while (pending > 0) pthread_cond_wait(&done_cv, &mu);
  pthread_mutex_unlock(&mu);
}
