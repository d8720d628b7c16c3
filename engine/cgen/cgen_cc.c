/* cgen_cc.c - generated C to loaded code: the system compiler (in the foreground or on a thread of
 * its own, with a timeout), a disk cache under $XDG_CACHE_HOME/sable, a memory cache, one warning. */
#include "cgen_int.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>
#include <pthread.h>

extern char **environ;

/* -O3 -march=native: vectorised loops for this CPU (the cache key names the CPU).
 * -ffp-contract=off: no FMA contraction, so that arithmetic rounds exactly as the eager kernels
 *   (built in ISO C mode, where gcc does not contract either): fused results are bit-equal.
 * -fno-math-errno: libm calls are pure, so they vectorise through libmvec's SIMD variants (the
 *   values do not change; errno is never read). -fno-trapping-math: if-conversion of selects and
 *   NaN-propagating max/min (no FP-exception flags are observed). -fwrapv: signed integer
 *   arithmetic wraps, as the eager kernels' (unsigned) arithmetic. No -ffast-math. */
static const char *const cc_flags[] = {
  "-O3", "-march=native", "-fPIC", "-shared", "-std=gnu11", "-ffp-contract=off",
  "-fno-math-errno", "-fno-trapping-math", "-fwrapv", "-w",
#if defined(__SANITIZE_ADDRESS__)
  /* the sanitizer build checks the generated code too, with its own flags (Makefile SANFLAGS) */
  "-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-fno-sanitize-recover=undefined",
#endif
  NULL};

#define CACHE_MAX_FILES 256
#define CACHE_MAX_BYTES (64LL << 20)

static int log_on = -1;
int cg_log_enabled(void) {
  if (log_on < 0) { const char *s = getenv("SABLE_CGEN_LOG"); log_on = s && *s && *s != '0'; }
  return log_on;
}

static uint64_t fnv(uint64_t h, const void *p, size_t n) {
  const unsigned char *s = p;
  for (size_t i = 0; i < n; i++) { h ^= s[i]; h *= 0x100000001b3ULL; }
  return h;
}

static const char *cc_name(void) {
  const char *s = getenv("SABLE_CC");
  return s && *s ? s : "cc";
}

/* Compiler identity and CPU features, read once; NULL when there is no working compiler. */
static char *env_key;
static int env_state;   /* 0 unknown, 1 ok, -1 no compiler */
static pthread_mutex_t env_mu = PTHREAD_MUTEX_INITIALIZER;
static const char *build_env_locked(void);
static const char *build_env(void) {
  pthread_mutex_lock(&env_mu);
  const char *k = build_env_locked();
  pthread_mutex_unlock(&env_mu);
  return k;
}
static const char *build_env_locked(void) {
  if (env_state) return env_state > 0 ? env_key : NULL;
  env_state = -1;
  char cmd[512];
  snprintf(cmd, sizeof cmd, "'%s' -dumpfullversion -dumpmachine 2>/dev/null", cc_name());
  if (strchr(cc_name(), '\'')) return NULL;
  FILE *f = popen(cmd, "r");
  if (!f) return NULL;
  char ver[256] = {0};
  size_t n = fread(ver, 1, sizeof ver - 1, f);
  int st = pclose(f);
  if (n == 0 || st != 0) return NULL;
  ver[n] = 0;
  /* the CPU: model and flags from /proc/cpuinfo (what -march=native reads) */
  char cpu[4096] = {0};
  FILE *c = fopen("/proc/cpuinfo", "r");
  if (c) {
    char line[4096];
    int got = 0;
    while (got < 2 && fgets(line, sizeof line, c)) {
      if (!strncmp(line, "model name", 10) || !strncmp(line, "flags", 5)) {
        strncat(cpu, line, sizeof cpu - strlen(cpu) - 1);
        got++;
      }
    }
    fclose(c);
  }
  size_t len = strlen(ver) + strlen(cpu) + 512;
  env_key = malloc(len);
  if (!env_key) return NULL;
  snprintf(env_key, len, "%s|%s|", ver, cpu);
  for (int i = 0; cc_flags[i]; i++) { strcat(env_key, cc_flags[i]); strcat(env_key, " "); }
  env_state = 1;
  return env_key;
}

static int cache_dir(char *buf, size_t n) {
  const char *x = getenv("XDG_CACHE_HOME");
  int k;
  if (x && *x == '/') k = snprintf(buf, n, "%s/sable", x);
  else {
    const char *h = getenv("HOME");
    if (!h || !*h) return -1;
    k = snprintf(buf, n, "%s/.cache/sable", h);
  }
  if (k < 0 || (size_t)k >= n) return -1;
  /* create the path's missing components */
  for (char *p = buf + 1; *p; p++) {
    if (*p != '/') continue;
    *p = 0;
    if (mkdir(buf, 0700) < 0 && errno != EEXIST) { *p = '/'; return -1; }
    *p = '/';
  }
  if (mkdir(buf, 0700) < 0 && errno != EEXIST) return -1;
  return 0;
}

typedef struct CacheFile { char name[64]; time_t mtime; off_t size; } CacheFile;
static int by_mtime(const void *a, const void *b) {
  const CacheFile *x = a, *y = b;
  return (x->mtime > y->mtime) - (x->mtime < y->mtime);
}

/* Keep the directory within CACHE_MAX_FILES / CACHE_MAX_BYTES, oldest (least recently used:
 * hits touch their file) removed first. */
static void evict(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return;
  CacheFile *fs = NULL;
  int n = 0, cap = 0;
  long long total = 0;
  struct dirent *de;
  char path[4096 + 512];
  while ((de = readdir(d))) {
    size_t L = strlen(de->d_name);
    if (L < 4 || L >= 64 || strcmp(de->d_name + L - 3, ".so") || strncmp(de->d_name, "sbk-", 4)) continue;
    snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
    struct stat st;
    if (stat(path, &st) < 0) continue;
    if (n == cap) {
      int nc = cap ? cap * 2 : 64;
      CacheFile *nf = realloc(fs, sizeof(CacheFile) * (size_t)nc);
      if (!nf) break;
      fs = nf;
      cap = nc;
    }
    memcpy(fs[n].name, de->d_name, L + 1);
    fs[n].mtime = st.st_mtime;
    fs[n].size = st.st_size;
    total += st.st_size;
    n++;
  }
  closedir(d);
  if (n > CACHE_MAX_FILES || total > CACHE_MAX_BYTES) {
    qsort(fs, (size_t)n, sizeof *fs, by_mtime);
    for (int i = 0; i < n && (n - i > CACHE_MAX_FILES || total > CACHE_MAX_BYTES); i++) {
      snprintf(path, sizeof path, "%s/%s", dir, fs[i].name);
      if (unlink(path) == 0) total -= fs[i].size;
    }
  }
  free(fs);
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Seconds a compile may take before it is killed (a hung compiler must not hang the program). */
static int cc_timeout_s(void) {
  const char *s = getenv("SABLE_CC_TIMEOUT");
  int v = s && *s ? atoi(s) : 60;
  return v > 0 ? v : 60;
}
static int cc_timed_out;   /* a compile timed out: no more compiles in this process */

/* Background compiles at exit: their compilers are killed and exit waits (at most 0.5 s) for
 * the threads to remove their temporaries, so that no `cc` outlives the program and nothing is
 * left in the cache directory; a compile that would start after that is refused. */
static pthread_mutex_t kid_mu = PTHREAD_MUTEX_INITIALIZER;
static pid_t kids[8];
static int exiting, nbusy;
static void kill_kids(void) {
  pthread_mutex_lock(&kid_mu);
  exiting = 1;
  for (int i = 0; i < 8; i++) if (kids[i] > 0) kill(kids[i], SIGKILL);
  pthread_mutex_unlock(&kid_mu);
  for (int t = 0; t < 500; t++) {
    pthread_mutex_lock(&kid_mu);
    int n = nbusy;
    pthread_mutex_unlock(&kid_mu);
    if (!n) break;
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
}
static int bg_begin(void) {
  static int registered;
  pthread_mutex_lock(&kid_mu);
  if (!registered) registered = atexit(kill_kids) == 0;
  int ok = !exiting;
  nbusy += ok;
  pthread_mutex_unlock(&kid_mu);
  return ok ? 0 : -1;
}
static void bg_end(void) {
  pthread_mutex_lock(&kid_mu);
  nbusy--;
  pthread_mutex_unlock(&kid_mu);
}

/* The first lines of the compiler's diagnostics, on one line. */
static void read_diag(const char *errf, char *out, size_t n) {
  out[0] = 0;
  FILE *f = fopen(errf, "r");
  if (!f) return;
  size_t k = fread(out, 1, n - 1, f);
  fclose(f);
  out[k] = 0;
  for (size_t i = 0; i < k; i++) if (out[i] == '\n' || out[i] == '\r' || out[i] == '\t') out[i] = ' ';
  while (k > 0 && out[k - 1] == ' ') out[--k] = 0;
  if (k > 240) strcpy(out + 237, "...");
}

/* 0, or -1 with *why set (empty when stopped by an interrupt: then the engine error is set).
 * A synchronous compile (poll_intr) is polled so that an interrupt (which may come from the
 * kernel's control thread and never reach the child) kills the compiler within a few ms; the
 * caller removes its temporaries. */
static int run_cc(const char *src, const char *out, const char *errf, int poll_intr, char *why, size_t nwhy) {
  const char *argv[32];
  int k = 0;
  why[0] = 0;
  argv[k++] = cc_name();
  for (int i = 0; cc_flags[i]; i++) argv[k++] = cc_flags[i];
  argv[k++] = "-o";
  argv[k++] = out;
  argv[k++] = src;
  argv[k++] = "-lmvec";
  argv[k++] = "-lm";
  argv[k] = NULL;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, errf, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  /* its own process group: a terminal's Ctrl-C goes to the program, which decides */
  posix_spawnattr_t at;
  posix_spawnattr_init(&at);
  posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&at, 0);
  pid_t pid;
  int rc;
  if (poll_intr) {
    rc = posix_spawnp(&pid, argv[0], &fa, &at, (char *const *)argv, environ);
  } else {   /* spawned and recorded in one step, so that exit either sees it or refuses it */
    pthread_mutex_lock(&kid_mu);
    rc = exiting ? ECANCELED : posix_spawnp(&pid, argv[0], &fa, &at, (char *const *)argv, environ);
    for (int i = 0; i < 8 && rc == 0; i++) if (kids[i] == 0) { kids[i] = pid; break; }
    pthread_mutex_unlock(&kid_mu);
  }
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&at);
  if (rc != 0) {
    snprintf(why, nwhy, "cannot run the C compiler '%s': %s", cc_name(), strerror(rc));
    return -1;
  }
  double t0 = now_ms(), limit = cc_timeout_s() * 1e3;
  int st = 0, res = 0;
  for (;;) {
    pid_t r = waitpid(pid, &st, WNOHANG);
    if (r == pid) break;
    if (r < 0 && errno != EINTR) { snprintf(why, nwhy, "waiting for the C compiler: %s", strerror(errno)); res = -1; break; }
    int intr = poll_intr && arr_interrupted();
    if (intr || now_ms() - t0 > limit) {
      kill(pid, SIGKILL);
      while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
      if (intr) { res = arr_err(ERR_INTERRUPTED, "interrupted"); break; }
      __atomic_store_n(&cc_timed_out, 1, __ATOMIC_RELAXED);
      snprintf(why, nwhy, "the C compiler '%s' did not finish within %d s (SABLE_CC_TIMEOUT) and was "
               "killed; no more compiles in this process", cc_name(), cc_timeout_s());
      res = -1;
      break;
    }
    struct timespec ts = {0, 2000000};
    nanosleep(&ts, NULL);
  }
  if (!poll_intr) {
    pthread_mutex_lock(&kid_mu);
    for (int i = 0; i < 8; i++) if (kids[i] == pid) kids[i] = 0;
    pthread_mutex_unlock(&kid_mu);
  }
  if (res < 0) return -1;
  if (WIFEXITED(st) && WEXITSTATUS(st) == 0) return 0;
  char diag[256];
  read_diag(errf, diag, sizeof diag);
  if (WIFEXITED(st))
    snprintf(why, nwhy, "the C compiler '%s' failed on the generated code (exit status %d)%s%s", cc_name(),
             WEXITSTATUS(st), diag[0] ? ": " : "", diag);
  else
    snprintf(why, nwhy, "the C compiler '%s' was killed by signal %d%s%s", cc_name(),
             WIFSIGNALED(st) ? WTERMSIG(st) : 0, diag[0] ? ": " : "", diag);
  return -1;
}

/* memory cache: key -> handle, for the life of the process (generated code is never unloaded:
 * graphs may share it); background compiles add to it, under mem_mu */
typedef struct MemEntry { uint64_t h1, h2; void *handle; } MemEntry;
static MemEntry *mem;
static int nmem, capmem;
static pthread_mutex_t mem_mu = PTHREAD_MUTEX_INITIALIZER;

static void mem_add(uint64_t h1, uint64_t h2, void *h) {
  pthread_mutex_lock(&mem_mu);
  if (nmem == capmem) {
    int nc = capmem ? capmem * 2 : 32;
    MemEntry *m = realloc(mem, sizeof(MemEntry) * (size_t)nc);
    if (!m) { pthread_mutex_unlock(&mem_mu); return; }   /* only the memory cache is lost */
    mem = m;
    capmem = nc;
  }
  mem[nmem].h1 = h1;
  mem[nmem].h2 = h2;
  mem[nmem].handle = h;
  nmem++;
  pthread_mutex_unlock(&mem_mu);
}

int cg_compiler_ok(void) {
  static int off = -1;
  if (off < 0) { const char *s = getenv("SABLE_NO_CGEN"); off = s && *s && *s != '0'; }
  if (off || __atomic_load_n(&cc_timed_out, __ATOMIC_RELAXED)) return 0;
  return build_env() != NULL;
}

static int keys(const char *src, size_t n, uint64_t *h1, uint64_t *h2) {
  const char *ek = build_env();
  if (!ek) return -1;
  *h1 = fnv(fnv(0xcbf29ce484222325ULL, src, n), ek, strlen(ek));
  *h2 = fnv(fnv(0x84222325cbf29ce4ULL, ek, strlen(ek)), src, n) ^ (uint64_t)n;
  return 0;
}

static void so_path(char *dir, size_t ndir, char *so, size_t nso, uint64_t h1, uint64_t h2) {
  /* no usable cache directory: compile under /tmp and do not keep the object */
  if (cache_dir(dir, ndir) < 0) snprintf(dir, ndir, "%s", "/tmp");
  snprintf(so, nso, "%s/sbk-%016llx%016llx.so", dir, (unsigned long long)h1, (unsigned long long)h2);
}

void *cg_lookup(const char *src, size_t n, int *how, double *ms) {
  double t0 = now_ms();
  *how = 0;
  *ms = 0;
  uint64_t h1, h2;
  if (keys(src, n, &h1, &h2) < 0) return NULL;
  void *h = NULL;
  pthread_mutex_lock(&mem_mu);
  for (int i = 0; i < nmem && !h; i++)
    if (mem[i].h1 == h1 && mem[i].h2 == h2) h = mem[i].handle;
  pthread_mutex_unlock(&mem_mu);
  if (!h) {
    char dir[4096], so[4200];
    so_path(dir, sizeof dir, so, sizeof so, h1, h2);
    if (access(so, R_OK) == 0 && (h = dlopen(so, RTLD_NOW | RTLD_LOCAL))) {
      utime(so, NULL);
      *how = 1;
      mem_add(h1, h2, h);
    }
  }
  *ms = now_ms() - t0;
  return h;
}

/* Compile src into the disk cache and load it; NULL with *why (empty: interrupted). The cache is
 * keyed by source + compiler version + CPU and safe when processes race: each writes a private
 * temporary and renames it into place. */
static void *compile_load(const char *src, size_t n, int poll_intr, char *why, size_t nwhy) {
  uint64_t h1, h2;
  why[0] = 0;
  if (keys(src, n, &h1, &h2) < 0) { snprintf(why, nwhy, "no working C compiler"); return NULL; }
  char dir[4096], so[4200], tso[4300], tc[4300], te[4300];
  so_path(dir, sizeof dir, so, sizeof so, h1, h2);
  static unsigned counter;
  unsigned c = __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
  snprintf(tc, sizeof tc, "%s/tmp-%d-%u.c", dir, (int)getpid(), c);
  snprintf(tso, sizeof tso, "%s/tmp-%d-%u.so", dir, (int)getpid(), c);
  snprintf(te, sizeof te, "%s/tmp-%d-%u.err", dir, (int)getpid(), c);
  void *h = NULL;
  FILE *f = fopen(tc, "w");
  int ok = f && fwrite(src, 1, n, f) == n;
  if (f && fclose(f) != 0) ok = 0;
  if (!ok) snprintf(why, nwhy, "cannot write the generated code to %.300s", tc);
  else if (run_cc(tc, tso, te, poll_intr, why, nwhy) == 0) {
    if (rename(tso, so) != 0) snprintf(why, nwhy, "cannot store the compiled code as %.300s: %s", so, strerror(errno));
    else if (!(h = dlopen(so, RTLD_NOW | RTLD_LOCAL))) {
      const char *e = dlerror();
      snprintf(why, nwhy, "cannot load the compiled code: %s", e ? e : "dlopen failed");
    } else {
      evict(dir);
      mem_add(h1, h2, h);
    }
  }
  if (cg_log_enabled() && !h) {
    char diag[256];
    read_diag(te, diag, sizeof diag);
    if (diag[0]) fprintf(stderr, "cgen: compiler said: %s\n", diag);
  }
  unlink(tc);
  unlink(tso);
  unlink(te);
  return h;
}

static _Thread_local char last_why[600];
const char *cg_last_failure(void) { return last_why[0] ? last_why : NULL; }

void *cg_load(const char *src, size_t n, int *how, double *ms) {
  double t0 = now_ms();
  last_why[0] = 0;
  void *h = cg_lookup(src, n, how, ms);
  if (h || !cg_compiler_ok()) return h;
  h = compile_load(src, n, 1, last_why, sizeof last_why);
  *how = 2;
  *ms = now_ms() - t0;
  return h;
}

void cg_warn(const char *why) {
  static int warned;
  if (!why || !*why) return;
  if (__atomic_exchange_n(&warned, 1, __ATOMIC_RELAXED)) {
    if (cg_log_enabled()) fprintf(stderr, "cgen: %s\n", why);
    return;
  }
  fprintf(stderr, "UserWarning: compiled jit unavailable: %s. The fused loops run tile by tile on "
          "the eager kernels instead (SABLE_CGEN_LOG=1 shows each compile; SABLE_NO_CGEN=1 silences "
          "this).\n", why);
  fflush(stderr);
}

/* {=== background compiles ===} */
struct CgJob {
  struct CgJob *next;   /* running jobs (jobs_mu): a second plan of the same source joins one */
  uint64_t h1, h2;
  int refs;          /* the plans and the thread */
  int state;         /* 0 running, 1 done, -1 failed */
  void *handle;
  double ms;
  char why[600];
  size_t n;
  char *src;
};

static pthread_mutex_t jobs_mu = PTHREAD_MUTEX_INITIALIZER;
static CgJob *jobs;

static void job_unref(CgJob *j) {
  if (__atomic_sub_fetch(&j->refs, 1, __ATOMIC_ACQ_REL) == 0) {
    free(j->src);
    free(j);
  }
}

/* A background failure waits here for the next graph run or plan on the program's thread, which
 * prints it (cg_warn_pending), so that the warning never lands in the middle of other output. */
static char pending_why[600];
static int pending;

void cg_warn_pending(void) {
  if (!__atomic_load_n(&pending, __ATOMIC_ACQUIRE)) return;
  pthread_mutex_lock(&jobs_mu);
  if (pending) cg_warn(pending_why);
  pending = 0;
  pthread_mutex_unlock(&jobs_mu);
}

static void *job_main(void *arg) {
  CgJob *j = arg;
  double t0 = now_ms();
  void *h = NULL;
  if (bg_begin() == 0) {
    h = compile_load(j->src, j->n, 0, j->why, sizeof j->why);
    bg_end();
  }
  j->handle = h;
  j->ms = now_ms() - t0;
  pthread_mutex_lock(&jobs_mu);
  for (CgJob **q = &jobs; *q; q = &(*q)->next)
    if (*q == j) { *q = j->next; break; }
  if (!h && j->why[0] && !pending) {
    memcpy(pending_why, j->why, sizeof pending_why);
    __atomic_store_n(&pending, 1, __ATOMIC_RELEASE);
  }
  __atomic_store_n(&j->state, h ? 1 : -1, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&jobs_mu);
  job_unref(j);
  return NULL;
}

CgJob *cg_compile_async(const char *src, size_t n) {
  uint64_t h1, h2;
  if (!cg_compiler_ok() || keys(src, n, &h1, &h2) < 0) return NULL;
  pthread_mutex_lock(&jobs_mu);
  for (CgJob *r = jobs; r; r = r->next)
    if (r->h1 == h1 && r->h2 == h2 && r->n == n) {
      __atomic_add_fetch(&r->refs, 1, __ATOMIC_RELAXED);
      pthread_mutex_unlock(&jobs_mu);
      return r;
    }
  CgJob *j = calloc(1, sizeof *j);
  if (!j) { pthread_mutex_unlock(&jobs_mu); return NULL; }
  j->h1 = h1;
  j->h2 = h2;
  j->src = malloc(n + 1);
  if (!j->src) { free(j); pthread_mutex_unlock(&jobs_mu); return NULL; }
  memcpy(j->src, src, n);
  j->src[n] = 0;
  j->n = n;
  j->refs = 2;
  pthread_attr_t at;
  pthread_t t;
  int ok = pthread_attr_init(&at) == 0;
  if (ok) pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
  /* the thread must not take the program's signals (Ctrl-C is the REPL's) */
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  ok = ok && pthread_create(&t, &at, job_main, j) == 0;
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  pthread_attr_destroy(&at);
  if (!ok) { free(j->src); free(j); pthread_mutex_unlock(&jobs_mu); return NULL; }
  j->next = jobs;
  jobs = j;
  pthread_mutex_unlock(&jobs_mu);
  return j;
}

int cg_job_poll(CgJob *j, void **handle, double *ms, const char **why) {
  int s = __atomic_load_n(&j->state, __ATOMIC_ACQUIRE);
  if (s > 0) { *handle = j->handle; *ms = j->ms; }
  if (s < 0) *why = j->why[0] ? j->why : NULL;
  return s;
}

void cg_job_release(CgJob *j) {
  if (j) job_unref(j);
}
