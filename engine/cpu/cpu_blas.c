/* cpu_blas.c - loads OpenBLAS and LAPACKE with dlopen the first time a kernel needs them and
 * resolves the routines Sable calls; a program that never multiplies matrices never loads them. */
#include "cpu_blas.h"

#include "cpu.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A library that failed to load keeps its reason, so every later call raises the same error. */
typedef struct Loaded {
  pthread_once_t once;
  int ok;
  char why[320];
} Loaded;

static CpuBlas blas;
static CpuLapack lapack;
static Loaded blas_state = { PTHREAD_ONCE_INIT, 0, "" };
static Loaded lapack_state = { PTHREAD_ONCE_INIT, 0, "" };
static void (*set_threads)(int);   /* openblas_set_num_threads, when the BLAS has it */

/* SABLE_BLAS_LIB / SABLE_LAPACKE_LIB name another file (a path or a soname) to load instead. */
static void *open_lib(const char *env, const char *dflt, Loaded *st, const char **name) {
  const char *e = getenv(env);
  *name = e && *e ? e : dflt;
  /* RTLD_NOW: a broken installation (a LAPACK without a routine LAPACKE calls) fails here with
   * an error instead of killing the process at the first call; it costs about 1 ms more, once.
   * RTLD_LOCAL: the libraries' symbols stay out of the global scope, so they cannot interpose
   * on a later-loaded object (the jit's compiled code, the GPU module). */
  void *h = dlopen(*name, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    const char *err = dlerror();
    snprintf(st->why, sizeof st->why, "%s", err ? err : "unknown error");
  }
  return h;
}

/* dlsym gives a void *; it is copied into the typed function pointer (the same size on POSIX). */
static int resolve(void *h, const char *lib, const char *sym, void *slot, size_t size, Loaded *st) {
  void *p = dlsym(h, sym);
  if (!p || size != sizeof p) {
    snprintf(st->why, sizeof st->why, "%s has no symbol %s", lib, sym);
    return 0;
  }
  memcpy(slot, &p, sizeof p);
  return 1;
}

static void (*set_threads)(int);

static void load_blas(void) {
  const char *name;
  void *h = open_lib("SABLE_BLAS_LIB", CPU_BLAS_LIB, &blas_state, &name);
  if (!h) return;
  CpuBlas b;
#define GET(fn) if (!resolve(h, name, #fn, &b.fn, sizeof b.fn, &blas_state)) { dlclose(h); return; }
  CPU_BLAS_FN(GET)
#undef GET
  /* OpenBLAS and the pool take turns on the cores (see cpu.h), so both use the same count.
   * Optional: another BLAS given through SABLE_BLAS_LIB may lack it. */
  void *p = dlsym(h, "openblas_set_num_threads");
  if (p) memcpy(&set_threads, &p, sizeof p);
  if (set_threads) set_threads(cpu_pool_threads());
  blas = b;
  blas_state.ok = 1;
}

static void load_lapack(void) {
  const char *name;
  void *h = open_lib("SABLE_LAPACKE_LIB", CPU_LAPACKE_LIB, &lapack_state, &name);
  if (!h) return;
  CpuLapack l;
#define GET(fn) if (!resolve(h, name, #fn, &l.fn, sizeof l.fn, &lapack_state)) { dlclose(h); return; }
  CPU_LAPACKE_FN(GET)
#undef GET
  lapack = l;
  lapack_state.ok = 1;
}

/* Callers that run many GEMMs at once (pmap's device workers, the blocked convolution) ask for
 * one OpenBLAS thread per call while they run; they nest (a conv inside a device worker), so a
 * count decides when OpenBLAS gets the pool's thread count back. */
static _Atomic int single_depth;

void cpu_blas_threads(int n) {
  if (!cpu_blas()) { arr_err_clear(); return; }
  if (!set_threads) return;
  if (n == 1) {
    if (atomic_fetch_add(&single_depth, 1) == 0) set_threads(1);
  } else if (atomic_fetch_sub(&single_depth, 1) == 1) {
    set_threads(cpu_pool_threads());
  }
}

const CpuBlas *cpu_blas(void) {
  pthread_once(&blas_state.once, load_blas);
  if (blas_state.ok) return &blas;
  arr_err(ERR_IO, "matrix products need OpenBLAS, which could not be loaded: %s "
          "(on Debian/Ubuntu: apt-get install libopenblas-dev)", blas_state.why);
  return NULL;
}


const CpuLapack *cpu_lapack(void) {
  /* LAPACK runs on OpenBLAS: load it first so its thread count is set before any call. */
  if (!cpu_blas()) return NULL;
  pthread_once(&lapack_state.once, load_lapack);
  if (lapack_state.ok) return &lapack;
  arr_err(ERR_IO, "linear algebra needs LAPACKE, which could not be loaded: %s "
          "(on Debian/Ubuntu: apt-get install liblapacke-dev)", lapack_state.why);
  return NULL;
}
