/* cgen_cc.c - generated C to loaded code: the system compiler (foreground, or detached to outlive the
 * program; a timeout; a bounded number at once), the disk cache ($XDG_CACHE_HOME/sable), a memory cache. */
#include "cgen_int.h"

#include <dirent.h>
#include <sched.h>
#include <sys/auxv.h>
#include <sys/file.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
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

/* {=== temporaries ===}
 * A compile's temporaries are tmp-PID-N.c (the source), .so (the object before its rename into the
 * cache) and .err (the diagnostics). Their owner (the program for a foreground compile, the keeper
 * for a detached one: it outlives the program, so the PID in the name says nothing) holds an flock
 * on the .c from before anything is written until after all three are removed, the .c last. The
 * kernel drops the lock when its holder dies, however it dies, so a .c whose lock can be taken has
 * no live owner: sweep_tmp removes such a stem's files. It holds that lock while it does, and an
 * owner only starts (or restarts, after a PID is reused) a stem once it holds the lock on the file
 * that is at the .c's path, so the two never interleave. Where the filesystem has no flock nothing
 * is swept. */
#define TMP_STALE_S 10   /* younger files are not looked at (they are almost always live) */

static int stem_lock(const char *c, int create, int block, int *created) {
  *created = 0;
  for (int tries = 0; tries < 50; tries++) {
    int fd = open(c, O_RDWR | O_CLOEXEC | O_NOFOLLOW | (create ? O_CREAT | O_EXCL : 0), 0600);
    if (fd >= 0) *created = create;
    else if (create && errno == EEXIST) fd = open(c, O_RDWR | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
      if (create && errno == ENOENT) continue;   /* removed between the two opens */
      return -1;
    }
    int rc;
    while ((rc = flock(fd, LOCK_EX | LOCK_NB)) < 0 && errno == EINTR) {}
    if (rc < 0) {
      int e = errno;
      close(fd);
      errno = e;
      if (e != EWOULDBLOCK || !block || tries >= 10) return -1;
      struct timespec ts = {0, 2000000};   /* a sweeper holds it for microseconds */
      nanosleep(&ts, NULL);
      continue;
    }
    /* the lock counts only on the file that is still at the path (a sweeper may have removed it
     * between our open and our lock) */
    struct stat a, b;
    if (fstat(fd, &a) == 0 && lstat(c, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino) return fd;
    close(fd);
    *created = 0;
  }
  return -1;
}

/* tmp-<digits>-<digits>.<c|so|err>: the length of the stem (up to the dot), or 0 */
static size_t tmp_stem(const char *s) {
  if (strncmp(s, "tmp-", 4)) return 0;
  const char *p = s + 4, *q;
  for (q = p; *q >= '0' && *q <= '9'; q++) {}
  if (q == p || *q != '-') return 0;
  for (p = ++q; *q >= '0' && *q <= '9'; q++) {}
  if (q == p || *q != '.') return 0;
  if (strcmp(q, ".c") && strcmp(q, ".so") && strcmp(q, ".err")) return 0;
  return (size_t)(q - s);
}

/* Remove the temporaries of dead compiles (a killed program or keeper) from the cache directory. */
static void sweep_tmp(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return;
  char (*stems)[64] = NULL;
  int n = 0, cap = 0;
  time_t now = time(NULL);
  struct dirent *de;
  char path[4096 + 512];
  while ((de = readdir(d))) {
    size_t L = tmp_stem(de->d_name);
    struct stat st;
    if (!L || L >= 60) continue;
    snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
    if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode) || now - st.st_mtime < TMP_STALE_S) continue;
    int dup = 0;
    for (int i = 0; i < n && !dup; i++) dup = !strncmp(stems[i], de->d_name, L) && !stems[i][L];
    if (dup) continue;
    if (n == cap) {
      int nc = cap ? cap * 2 : 16;
      char (*ns)[64] = realloc(stems, sizeof *stems * (size_t)nc);
      if (!ns) break;
      stems = ns;
      cap = nc;
    }
    memcpy(stems[n], de->d_name, L);
    stems[n++][L] = 0;
  }
  closedir(d);
  static const char *const ext[] = {".so", ".err"};
  for (int i = 0; i < n; i++) {
    char c[4096 + 512];
    int created;
    snprintf(c, sizeof c, "%s/%s.c", dir, stems[i]);
    /* (a .so or .err without its .c: the lock is taken on a .c made for the purpose) */
    int fd = stem_lock(c, 1, 0, &created);
    if (fd < 0) continue;   /* a live owner, or no flock here */
    for (int k = 0; k < 2; k++) {
      struct stat st;
      snprintf(path, sizeof path, "%s/%s%s", dir, stems[i], ext[k]);
      if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && now - st.st_mtime >= TMP_STALE_S) unlink(path);
    }
    struct stat st;
    /* a young .c with no lock: its owner is between its open and its lock, or died there */
    if (created || (fstat(fd, &st) == 0 && now - st.st_mtime >= TMP_STALE_S)) unlink(c);
    close(fd);
  }
  free(stems);
}

/* Keep the directory within max_files / max_bytes, oldest (least recently used: hits touch their
 * file) removed first. */
static void evict(const char *dir, int max_files, long long max_bytes) {
  size_t ld = strlen(dir);
  if (ld > 6 && !strcmp(dir + ld - 6, "/sable")) sweep_tmp(dir);   /* not in the /tmp fallback */
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
  if (n > max_files || total > max_bytes) {
    qsort(fs, (size_t)n, sizeof *fs, by_mtime);
    for (int i = 0; i < n && (n - i > max_files || total > max_bytes); i++) {
      snprintf(path, sizeof path, "%s/%s", dir, fs[i].name);
      /* gone already: another process evicting at the same time removed it (count it, or the two
       * would remove twice what is needed) */
      if (unlink(path) == 0 || errno == ENOENT) total -= fs[i].size;
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

/* Background compiles at exit. A compile runs in a process of its own that outlives the program
 * (detached_cc): it compiles, renames the object into the cache and removes its temporaries by
 * itself, so exit neither kills nor waits for it. A compile counts as busy from its request until
 * its keeper is spawned, and again while a finished object is loaded (nbusy): exit waits for those
 * (at most 0.5 s), so that a program that ends right after starting its compiles still hands them
 * over, no temporary is left behind and no dlopen runs during exit. Once exit has begun no new
 * compile is requested and no object is loaded; once its wait is over no keeper is spawned. */
static pthread_mutex_t kid_mu = PTHREAD_MUTEX_INITIALIZER;
static int exiting, gone, nbusy;
static void hand_over_queue(void);
static void bg_exit(void) {
  pthread_mutex_lock(&kid_mu);
  exiting = 1;
  pthread_mutex_unlock(&kid_mu);
  for (int t = 0; t < 500; t++) {
    pthread_mutex_lock(&kid_mu);
    int n = nbusy;
    pthread_mutex_unlock(&kid_mu);
    if (!n) break;
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
  hand_over_queue();
  pthread_mutex_lock(&kid_mu);
  gone = 1;
  pthread_mutex_unlock(&kid_mu);
}
static int bg_begin(void) {
  static int registered;
  pthread_mutex_lock(&kid_mu);
  if (!registered) registered = atexit(bg_exit) == 0;
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

/* The first lines of the compiler's diagnostics (out[0..k)), made one line. */
static void clean_diag(char *out, size_t k) {
  out[k] = 0;
  for (size_t i = 0; i < k; i++) if (out[i] == '\n' || out[i] == '\r' || out[i] == '\t') out[i] = ' ';
  while (k > 0 && out[k - 1] == ' ') out[--k] = 0;
  if (k > 240) strcpy(out + 237, "...");
}
static void read_diag(const char *errf, char *out, size_t n) {
  out[0] = 0;
  FILE *f = fopen(errf, "r");
  if (!f) return;
  size_t k = fread(out, 1, n - 1, f);
  fclose(f);
  clean_diag(out, k);
}

static int cc_argv(const char **argv, const char *exe, const char *src, const char *out) {
  int k = 0;
  argv[k++] = exe;
  for (int i = 0; cc_flags[i]; i++) argv[k++] = cc_flags[i];
  argv[k++] = "-o";
  argv[k++] = out;
  argv[k++] = src;
  argv[k++] = "-lmvec";
  argv[k++] = "-lm";
  argv[k] = NULL;
  return k;
}

/* why for a compiler that ended with wait status st */
static void fail_msg(int st, const char *diag, char *why, size_t nwhy) {
  if (WIFEXITED(st))
    snprintf(why, nwhy, "the C compiler '%s' failed on the generated code (exit status %d)%s%s", cc_name(),
             WEXITSTATUS(st), diag[0] ? ": " : "", diag);
  else
    snprintf(why, nwhy, "the C compiler '%s' was killed by signal %d%s%s", cc_name(),
             WIFSIGNALED(st) ? WTERMSIG(st) : 0, diag[0] ? ": " : "", diag);
}
static void timeout_msg(char *why, size_t nwhy) {
  __atomic_store_n(&cc_timed_out, 1, __ATOMIC_RELAXED);
  snprintf(why, nwhy, "the C compiler '%s' did not finish within %d s (SABLE_CC_TIMEOUT) and was "
           "killed; no more compiles in this process", cc_name(), cc_timeout_s());
}

/* The foreground compile: 0, or -1 with *why set (empty when stopped by an interrupt: then the
 * engine error is set). It is polled so that an interrupt (which may come from the kernel's control
 * thread and never reach the child) kills the compiler within a few ms; the caller removes its
 * temporaries. */
static int run_cc(const char *src, const char *out, const char *errf, char *why, size_t nwhy) {
  const char *argv[32];
  why[0] = 0;
  cc_argv(argv, cc_name(), src, out);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, errf, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  /* its own process group: a terminal's Ctrl-C goes to the program, which decides; and the group
   * (driver, cc1, as, ld) is killed as one */
  posix_spawnattr_t at;
  posix_spawnattr_init(&at);
  posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&at, 0);
  pid_t pid;
  int rc = posix_spawnp(&pid, argv[0], &fa, &at, (char *const *)argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&at);
  if (rc != 0) {
    snprintf(why, nwhy, "cannot run the C compiler '%s': %s", cc_name(), strerror(rc));
    return -1;
  }
  double t0 = now_ms(), limit = cc_timeout_s() * 1e3;
  int st = 0;
  for (;;) {
    pid_t r = waitpid(pid, &st, WNOHANG);
    if (r == pid) break;
    if (r < 0 && errno != EINTR) { snprintf(why, nwhy, "waiting for the C compiler: %s", strerror(errno)); return -1; }
    int intr = arr_interrupted();
    if (intr || now_ms() - t0 > limit) {
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
      if (intr) return arr_err(ERR_INTERRUPTED, "interrupted");
      timeout_msg(why, nwhy);
      return -1;
    }
    struct timespec ts = {0, 2000000};
    nanosleep(&ts, NULL);
  }
  if (WIFEXITED(st) && WEXITSTATUS(st) == 0) return 0;
  char diag[256];
  read_diag(errf, diag, sizeof diag);
  fail_msg(st, diag, why, nwhy);
  return -1;
}

/* {=== the detached compile ===}
 * A process of its own, the keeper (this binary again, from /proc/self/exe or the path it was
 * started with, see spawn_keeper; stopped in keeper_entry before main), runs the compiler as its
 * child, waits for it at most SABLE_CC_TIMEOUT seconds (then kills the compiler's process group),
 * renames the object into the cache, keeps the cache within bounds, removes the temporaries, and
 * reports on a pipe. The compile thread waits for that report;
 * when the program exits first the keeper carries on, so the object still lands in the disk cache
 * for the next run. It is spawned (no fork: a large program's memory is not copied nor marked
 * copy-on-write) with /dev/null for stdin/stdout/stderr and none of the program's other files, so a
 * parent reading the program's output is not kept waiting; its signals stay blocked (the compile
 * thread blocks them all), so a terminal's Ctrl-C or hangup does not stop it. It holds the lock on
 * the temporaries (sweep_tmp) from the program's hands until it has removed them. */
enum { KR_OK, KR_FAILED, KR_TIMEOUT, KR_RENAME, KR_SPAWN };
typedef struct Report { int kind, status, err, ndiag; char diag[256]; } Report;

/* lock: the descriptor of tc holding its flock (see sweep_tmp), or -1 */
typedef struct Paths { char dir[4096], so[4200], tc[4300], tso[4300], te[4300]; int lock; } Paths;

/* The temporaries removed, the .c last, then its lock let go. */
static void drop_tmp(Paths *P) {
  unlink(P->tso);
  unlink(P->te);
  unlink(P->tc);
  if (P->lock >= 0) close(P->lock);
  P->lock = -1;
}

#define KEEPER_ENV "SABLE_CGEN_KEEPER=1"
#define KEEPER_ARGS 4   /* sable-cc LIMIT_MS DIR N, then N times TC TSO SO TE (see keeper) */

#if !(defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 34))
static void close_from(int lo) {
#ifdef SYS_close_range
  if (syscall(SYS_close_range, (unsigned)lo, ~0U, 0) == 0) return;
#endif
  struct rlimit rl;
  int hi = getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < 65536
               ? (int)rl.rlim_cur : 65536;
  for (int fd = lo; fd < hi; fd++) close(fd);
}
#endif

/* One compile of the keeper's (the k-th of n, its lock on descriptor 4 + k), into *r. */
static void keeper_one(double limit, const char *tc, const char *tso, const char *so, const char *te,
                       int n, Report *r) {
  const char *ccv[32];
  cc_argv(ccv, cc_name(), tc, tso);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  for (int fd = 3; fd < 4 + n; fd++) posix_spawn_file_actions_addclose(&fa, fd);
  posix_spawn_file_actions_addopen(&fa, 2, te, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawnattr_t at;
  posix_spawnattr_init(&at);
  sigset_t none, dfl;
  sigemptyset(&none);
  sigemptyset(&dfl);
  sigaddset(&dfl, SIGINT);
  sigaddset(&dfl, SIGTERM);
  sigaddset(&dfl, SIGHUP);
  sigaddset(&dfl, SIGPIPE);
  sigaddset(&dfl, SIGCHLD);
  posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  posix_spawnattr_setpgroup(&at, 0);
  posix_spawnattr_setsigmask(&at, &none);
  posix_spawnattr_setsigdefault(&at, &dfl);
  pid_t g;
  int rc = posix_spawnp(&g, ccv[0], &fa, &at, (char *const *)ccv, environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&at);
  if (rc != 0) {
    r->kind = KR_SPAWN;
    r->err = rc;
    return;
  }
  double t0 = now_ms();
  long nap = 1000000;
  int st = 0;
  for (;;) {
    pid_t w = waitpid(g, &st, WNOHANG);
    if (w == g) break;
    if (w < 0 && errno != EINTR) { r->kind = KR_SPAWN; r->err = errno; break; }
    if (now_ms() - t0 > limit) {
      kill(-g, SIGKILL);
      kill(g, SIGKILL);
      while (waitpid(g, &st, 0) < 0 && errno == EINTR) {}
      r->kind = KR_TIMEOUT;
      break;
    }
    struct timespec ts = {0, nap};
    nanosleep(&ts, NULL);
    if (nap < 20000000) nap *= 2;
  }
  r->status = st;
  if (r->kind == KR_OK && !(WIFEXITED(st) && WEXITSTATUS(st) == 0)) {
    r->kind = KR_FAILED;
    int e = open(te, O_RDONLY);
    if (e >= 0) {
      ssize_t k = read(e, r->diag, sizeof r->diag - 1);
      r->ndiag = k > 0 ? (int)k : 0;
      close(e);
    }
  }
  if (r->kind == KR_OK && rename(tso, so) != 0) {
    r->kind = KR_RENAME;
    r->err = errno;
  }
}

/* argv: sable-cc LIMIT_MS DIR N, then N times TC TSO SO TE; descriptor 3 the report pipe (one Report
 * per compile, in order), 4 + k the lock on the k-th TC (see sweep_tmp). The compiles run one after
 * the other; after a timeout the rest are not started (as in the program: no more compiles). */
static _Noreturn void keeper(int argc, char **argv) {
  const double limit = atof(argv[1]);
  const char *dir = argv[2];
  int n = atoi(argv[3]);
  if (n < 1 || n > CACHE_MAX_FILES || argc != KEEPER_ARGS + 4 * n) _exit(2);
  unsetenv("SABLE_CGEN_KEEPER");
#if !(defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 34))
  close_from(4 + n);   /* posix_spawn_file_actions_addclosefrom_np did it otherwise */
#endif
  signal(SIGCHLD, SIG_DFL);   /* waitpid needs its child kept */
  int stop = 0, landed = 0;
  for (int k = 0; k < n; k++) {
    char **a = argv + KEEPER_ARGS + 4 * k;
    Report r;
    memset(&r, 0, sizeof r);
    if (stop) r.kind = KR_TIMEOUT;
    else keeper_one(limit, a[0], a[1], a[2], a[3], n, &r);
    stop |= r.kind == KR_TIMEOUT;
    landed |= r.kind == KR_OK;
    unlink(a[1]);
    unlink(a[3]);
    unlink(a[0]);   /* last, under its lock (let go at _exit: keeper_one's close actions need them open) */
    if (landed && k == n - 1) evict(dir, CACHE_MAX_FILES, CACHE_MAX_BYTES);
    /* SIGPIPE is blocked: a program that is gone gives EPIPE */
    ssize_t wr = write(3, &r, sizeof r);
    (void)wr;
  }
  _exit(0);
}

/* The program's own file, for spawning the keeper where /proc/self/exe is missing (no /proc mounted,
 * a container or chroot without it): the path it was started with (the kernel's AT_EXECFN, made
 * absolute against the directory it started in, before main can change that), and that file's
 * identity then, so that a file replaced since (a rebuild) is not taken for this program. */
static char start_exe[4096];
static dev_t start_dev;
static ino_t start_ino;

static void note_start_exe(void) {
  const char *e = (const char *)getauxval(AT_EXECFN);
  char cwd[4096];
  int k;
  if (!e || !*e) return;
  if (e[0] == '/') k = snprintf(start_exe, sizeof start_exe, "%s", e);
  else if (getcwd(cwd, sizeof cwd)) k = snprintf(start_exe, sizeof start_exe, "%s/%s", cwd, e);
  else k = -1;
  struct stat st;
  if (k < 0 || (size_t)k >= sizeof start_exe || stat(start_exe, &st) < 0 || !S_ISREG(st.st_mode)) {
    start_exe[0] = 0;
    return;
  }
  start_dev = st.st_dev;
  start_ino = st.st_ino;
}

/* glibc passes main's arguments to constructors: the keeper is recognised before main runs */
__attribute__((constructor)) static void keeper_entry(int argc, char **argv, char **envp) {
  const char *k = getenv("SABLE_CGEN_KEEPER");
  if (argc > KEEPER_ARGS && argv && argv[0] && !strcmp(argv[0], "sable-cc") && k && !strcmp(k, "1"))
    keeper(argc, argv);
  note_start_exe();
}

/* Spawn the keeper: this binary from /proc/self/exe (which names it even when its file has been
 * removed or replaced since), else from the path it was started with, while that is still the same
 * file. SABLE_CGEN_NOPROC=1 skips /proc/self/exe (tests: a system without /proc). 0 or an errno;
 * on failure *why names what was tried. */
static int spawn_keeper(pid_t *m, const posix_spawn_file_actions_t *fa, const posix_spawnattr_t *at,
                        const char **argv, char **envp, char *why, size_t nwhy) {
  static int noproc = -1;
  if (noproc < 0) { const char *s = getenv("SABLE_CGEN_NOPROC"); noproc = s && *s && *s != '0'; }
  int rc = ENOENT;
  if (!noproc) {
    rc = posix_spawn(m, "/proc/self/exe", fa, at, (char *const *)argv, envp);
    if (rc == 0) return 0;
  }
  struct stat st;
  if (!start_exe[0]) {
    snprintf(why, nwhy, "cannot start the C compiler: /proc/self/exe: %s, and the path the program "
             "was started with is unknown", strerror(rc));
    return rc;
  }
  if (stat(start_exe, &st) < 0 || st.st_dev != start_dev || st.st_ino != start_ino) {
    snprintf(why, nwhy, "cannot start the C compiler: /proc/self/exe: %s, and the program's file "
             "%.300s has been removed or replaced since it started", strerror(rc), start_exe);
    return rc;
  }
  rc = posix_spawn(m, start_exe, fa, at, (char *const *)argv, envp);
  if (rc != 0) snprintf(why, nwhy, "cannot start the C compiler: %.300s: %s", start_exe, strerror(rc));
  return rc;
}

/* Called between bg_begin and bg_end (nbusy held) with the source written to P->tc. 0: the object
 * is at P->so and the program is not exiting (nbusy held again, for the load); -1 with *why (empty
 * when exit came first; the temporaries are gone either way, nbusy released). */
static int detached_cc(Paths *P, char *why, size_t nwhy) {
  char lim[32];
  int fd[2] = {-1, -1}, w = -1, lk = -1;
  char **envp = NULL;
  why[0] = 0;
  snprintf(lim, sizeof lim, "%.0f", cc_timeout_s() * 1e3);
  const char *argv[] = {"sable-cc", lim, P->dir, "1", P->tc, P->tso, P->so, P->te, NULL};
  size_t ne = 0;
  while (environ[ne]) ne++;
  envp = malloc((ne + 2) * sizeof *envp);
  /* w and lk above 4, so that the dup2s to 3 and 4 cannot overwrite one another */
  if (!envp || pipe2(fd, O_CLOEXEC) < 0 || (w = fcntl(fd[1], F_DUPFD_CLOEXEC, 10)) < 0 ||
      (P->lock >= 0 && (lk = fcntl(P->lock, F_DUPFD_CLOEXEC, 10)) < 0)) {
    snprintf(why, nwhy, "cannot start the C compiler: %s", envp ? strerror(errno) : "out of memory");
    goto fail;
  }
  memcpy(envp, environ, ne * sizeof *envp);
  envp[ne] = (char *)KEEPER_ENV;
  envp[ne + 1] = NULL;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&fa, w, 3);
  /* the keeper holds the temporaries' lock too (the same open file), until it has removed them */
  if (lk >= 0) posix_spawn_file_actions_adddup2(&fa, lk, 4);
  else posix_spawn_file_actions_addopen(&fa, 4, "/dev/null", O_RDONLY, 0);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 34)
  posix_spawn_file_actions_addclosefrom_np(&fa, 5);
#endif
  posix_spawnattr_t at;
  posix_spawnattr_init(&at);
  posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&at, 0);
  /* spawned and handed over in one step, so that exit either waits for this thread or finds the
   * keeper in charge of the temporaries */
  pthread_mutex_lock(&kid_mu);
  pid_t m;
  int rc = gone ? ECANCELED : spawn_keeper(&m, &fa, &at, argv, envp, why, nwhy);
  if (rc == 0) nbusy--;
  pthread_mutex_unlock(&kid_mu);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&at);
  close(fd[1]);
  close(w);
  if (lk >= 0) close(lk);
  free(envp);
  envp = NULL;
  if (rc != 0) {
    close(fd[0]);
    if (rc == ECANCELED) why[0] = 0;
    goto fail_closed;
  }
  Report r;
  size_t got = 0;
  while (got < sizeof r) {
    ssize_t k = read(fd[0], (char *)&r + got, sizeof r - got);
    if (k > 0) got += (size_t)k;
    else if (k == 0 || errno != EINTR) break;
  }
  close(fd[0]);
  int st;
  while (waitpid(m, &st, 0) < 0 && errno == EINTR) {}
  pthread_mutex_lock(&kid_mu);
  int ex = exiting;
  if (!ex) nbusy++;
  pthread_mutex_unlock(&kid_mu);
  if (ex) {
    /* the keeper has reported (or died): what is left is ours */
    if (got < sizeof r || r.kind != KR_OK) drop_tmp(P);
    else if (P->lock >= 0) { close(P->lock); P->lock = -1; }
    return -1;
  }
  if (got < sizeof r || r.ndiag < 0 || r.ndiag >= (int)sizeof r.diag) {
    snprintf(why, nwhy, "the compile process ended without a report");
    r.kind = -1;
  } else if (r.kind == KR_FAILED) {
    char diag[256];
    memcpy(diag, r.diag, (size_t)r.ndiag);
    clean_diag(diag, (size_t)r.ndiag);
    fail_msg(r.status, diag, why, nwhy);
    if (cg_log_enabled() && diag[0]) fprintf(stderr, "cgen: compiler said: %s\n", diag);
  } else if (r.kind == KR_TIMEOUT) {
    timeout_msg(why, nwhy);
  } else if (r.kind == KR_RENAME) {
    snprintf(why, nwhy, "cannot store the compiled code as %.300s: %s", P->so, strerror(r.err));
  } else if (r.kind == KR_SPAWN) {
    snprintf(why, nwhy, "cannot run the C compiler '%s': %s", cc_name(), strerror(r.err));
  }
  if (r.kind == KR_OK) {
    if (P->lock >= 0) close(P->lock);   /* the keeper removed the temporaries */
    P->lock = -1;
    return 0;
  }
  goto fail_closed;   /* the keeper removed them, unless it died */
fail:
  if (fd[0] >= 0) { close(fd[0]); close(fd[1]); }
  if (w >= 0) close(w);
  free(envp);
fail_closed:
  drop_tmp(P);
  bg_end();
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
  /* a plan may have found the object on disk between its rename and its load here */
  for (int i = 0; i < nmem; i++)
    if (mem[i].h1 == h1 && mem[i].h2 == h2) { pthread_mutex_unlock(&mem_mu); return; }
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

/* The object's place in the cache and private temporaries beside it; the source written to P->tc.
 * 0, or -1 with *why (nothing left behind). */
static int prepare(const char *src, size_t n, uint64_t *h1, uint64_t *h2, Paths *P, char *why, size_t nwhy) {
  P->lock = -1;
  if (keys(src, n, h1, h2) < 0) { snprintf(why, nwhy, "no working C compiler"); return -1; }
  so_path(P->dir, sizeof P->dir, P->so, sizeof P->so, *h1, *h2);
  static int swept;
  if (!__atomic_exchange_n(&swept, 1, __ATOMIC_RELAXED)) {
    size_t ld = strlen(P->dir);
    if (ld > 6 && !strcmp(P->dir + ld - 6, "/sable")) sweep_tmp(P->dir);   /* once per process */
  }
  static unsigned counter;
  int created;
  for (int t = 0; t < 16; t++) {
    unsigned c = __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
    snprintf(P->tc, sizeof P->tc, "%s/tmp-%d-%u.c", P->dir, (int)getpid(), c);
    snprintf(P->tso, sizeof P->tso, "%s/tmp-%d-%u.so", P->dir, (int)getpid(), c);
    snprintf(P->te, sizeof P->te, "%s/tmp-%d-%u.err", P->dir, (int)getpid(), c);
    P->lock = stem_lock(P->tc, 1, 1, &created);
    /* held: the keeper of an earlier process with this PID (keepers outlive their programs), still
     * compiling under the same name; take the next */
    if (P->lock >= 0 || errno != EWOULDBLOCK) break;
  }
  if (P->lock < 0 && errno == EWOULDBLOCK) {
    snprintf(why, nwhy, "cannot lock the temporary %.300s", P->tc);
    return -1;
  }
  /* no flock on this filesystem: the files are written all the same (and never swept) */
  int fd = P->lock >= 0 ? P->lock : open(P->tc, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  int ok = fd >= 0 && ftruncate(fd, 0) == 0;
  for (size_t k = 0; ok && k < n;) {
    ssize_t w = write(fd, src + k, n - k);
    if (w > 0) k += (size_t)w;
    else if (w < 0 && errno == EINTR) continue;
    else ok = 0;
  }
  if (fd >= 0 && fd != P->lock) close(fd);
  if (ok) return 0;
  snprintf(why, nwhy, "cannot write the generated code to %.300s", P->tc);
  drop_tmp(P);
  return -1;
}

/* The object at P->so, compiled: load it, keep the cache within bounds, remember it. */
static void *land(const Paths *P, uint64_t h1, uint64_t h2, int trim, char *why, size_t nwhy) {
  void *h = dlopen(P->so, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    const char *e = dlerror();
    snprintf(why, nwhy, "cannot load the compiled code: %s", e ? e : "dlopen failed");
    return NULL;
  }
  if (trim) evict(P->dir, CACHE_MAX_FILES, CACHE_MAX_BYTES);   /* (the keeper does it for its own) */
  mem_add(h1, h2, h);
  return h;
}

/* Compile src into the disk cache and load it; NULL with *why (empty: interrupted). The cache is
 * keyed by source + compiler version + CPU and safe when processes race: each writes a private
 * temporary and renames it into place. */
static void *compile_load(const char *src, size_t n, char *why, size_t nwhy) {
  uint64_t h1, h2;
  Paths *P = malloc(sizeof *P);
  void *h = NULL;
  why[0] = 0;
  if (!P) { snprintf(why, nwhy, "out of memory"); return NULL; }
  if (prepare(src, n, &h1, &h2, P, why, nwhy) < 0) { free(P); return NULL; }
  if (run_cc(P->tc, P->tso, P->te, why, nwhy) == 0) {
    if (rename(P->tso, P->so) != 0) snprintf(why, nwhy, "cannot store the compiled code as %.300s: %s", P->so, strerror(errno));
    else h = land(P, h1, h2, 1, why, nwhy);
  }
  if (cg_log_enabled() && !h) {
    char diag[256];
    read_diag(P->te, diag, sizeof diag);
    if (diag[0]) fprintf(stderr, "cgen: compiler said: %s\n", diag);
  }
  drop_tmp(P);
  free(P);
  return h;
}

/* The same on a compile thread, the compiler detached (see keeper); called busy (bg_begin). */
static void *compile_load_bg(const char *src, size_t n, char *why, size_t nwhy) {
  uint64_t h1, h2;
  Paths *P = malloc(sizeof *P);
  void *h = NULL;
  why[0] = 0;
  if (!P) { snprintf(why, nwhy, "out of memory"); bg_end(); return NULL; }
  if (prepare(src, n, &h1, &h2, P, why, nwhy) < 0) { bg_end(); free(P); return NULL; }
  if (detached_cc(P, why, nwhy) == 0) {
    h = land(P, h1, h2, 0, why, nwhy);
    bg_end();
  }
  free(P);
  return h;
}

static _Thread_local char last_why[600];
const char *cg_last_failure(void) { return last_why[0] ? last_why : NULL; }

void *cg_load(const char *src, size_t n, int *how, double *ms) {
  double t0 = now_ms();
  last_why[0] = 0;
  void *h = cg_lookup(src, n, how, ms);
  if (h || !cg_compiler_ok()) return h;
  h = compile_load(src, n, last_why, sizeof last_why);
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

/* {=== background compiles ===}
 * At most SABLE_CC_JOBS compiles run at once (default: the CPUs this process may run on), each on a
 * compile thread; the rest wait in a queue, in the order asked, and a compile thread that is done
 * takes the next one (the graphs run tiled meanwhile). Compiles still queued when the program exits
 * go to one more keeper, which runs them one after the other (hand_over_queue). */
struct CgJob {
  struct CgJob *next;   /* queued or running jobs (jobs_mu): a second plan of the same source joins one */
  struct CgJob *qnext;  /* the queue */
  uint64_t h1, h2;
  int refs;          /* the plans and the thread (or the queue) */
  int state;         /* 0 queued or running, 1 done, -1 failed */
  void *handle;
  double ms, tq;     /* ms: the compile's time; tq: when it was queued */
  char why[600];
  size_t n;
  char *src;
};

static pthread_mutex_t jobs_mu = PTHREAD_MUTEX_INITIALIZER;
static CgJob *jobs, *qhead, *qtail;
static int nrun, nqueued;

static int cc_jobs(void) {
  static int v;
  if (!v) {
    const char *s = getenv("SABLE_CC_JOBS");
    int k = s && *s ? atoi(s) : 0;
    if (k <= 0) {
      cpu_set_t cs;
      k = sched_getaffinity(0, sizeof cs, &cs) == 0 ? CPU_COUNT(&cs) : (int)sysconf(_SC_NPROCESSORS_ONLN);
    }
    v = k > 0 ? k : 1;
  }
  return v;
}

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

/* j is over (h: its object, or NULL with j->why, empty when merely stopped); under jobs_mu */
static void job_done_locked(CgJob *j, void *h) {
  j->handle = h;
  for (CgJob **q = &jobs; *q; q = &(*q)->next)
    if (*q == j) { *q = j->next; break; }
  if (!h && j->why[0] && !pending) {
    memcpy(pending_why, j->why, sizeof pending_why);
    __atomic_store_n(&pending, 1, __ATOMIC_RELEASE);
  }
  __atomic_store_n(&j->state, h ? 1 : -1, __ATOMIC_RELEASE);
}

static void *job_main(void *arg) {
  CgJob *j = arg;
  for (;;) {
    double t0 = now_ms();
    void *h = compile_load_bg(j->src, j->n, j->why, sizeof j->why);
    j->ms = now_ms() - t0;
    pthread_mutex_lock(&jobs_mu);
    job_done_locked(j, h);
    /* the next in the queue, busy (bg_begin) before it leaves the queue; after a timeout (no more
     * compiles) or once exit has begun, the queue is emptied without compiling */
    CgJob *nx;
    while ((nx = qhead)) {
      int drop = __atomic_load_n(&cc_timed_out, __ATOMIC_RELAXED);
      if (!drop && bg_begin() < 0) { nx = NULL; break; }   /* exiting: bg_exit hands the queue over */
      qhead = nx->qnext;
      if (!qhead) qtail = NULL;
      nqueued--;
      if (!drop) break;
      job_done_locked(nx, NULL);
      job_unref(nx);
    }
    if (!nx) nrun--;
    int left = nqueued;
    pthread_mutex_unlock(&jobs_mu);
    job_unref(j);
    if (!nx) return NULL;
    if (cg_log_enabled())
      fprintf(stderr, "cgen: a queued compile starts after %.1f ms in the queue (%d still queued)\n",
              now_ms() - nx->tq, left);
    j = nx;
  }
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
  j->tq = now_ms();
  if (nrun >= cc_jobs()) {
    /* (not busy: exit does not wait for queued compiles) */
    pthread_mutex_lock(&kid_mu);
    int ex = exiting;
    pthread_mutex_unlock(&kid_mu);
    if (ex) { free(j->src); free(j); pthread_mutex_unlock(&jobs_mu); return NULL; }
    if (qtail) qtail->qnext = j;
    else qhead = j;
    qtail = j;
    nqueued++;
    j->next = jobs;
    jobs = j;
    if (cg_log_enabled())
      fprintf(stderr, "cgen: compile queued: %d running, %d queued (SABLE_CC_JOBS=%d)\n", nrun, nqueued,
              cc_jobs());
    pthread_mutex_unlock(&jobs_mu);
    return j;
  }
  if (bg_begin() < 0) { free(j->src); free(j); pthread_mutex_unlock(&jobs_mu); return NULL; }   /* exiting */
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
  if (!ok) { bg_end(); free(j->src); free(j); pthread_mutex_unlock(&jobs_mu); return NULL; }
  nrun++;
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

/* At exit (bg_exit, before `gone`): the compiles still queued are written out and handed to one
 * keeper that runs them in turn after the program has gone, so that they land in the disk cache as
 * the running ones do. Nobody reads its reports (descriptor 3 is /dev/null) nor waits for it. */
static void hand_over_queue(void) {
  pthread_mutex_lock(&jobs_mu);
  CgJob *q = qhead;
  qhead = qtail = NULL;
  int n = nqueued;
  nqueued = 0;
  for (CgJob *j = q; j; j = j->qnext) job_done_locked(j, NULL);
  pthread_mutex_unlock(&jobs_mu);
  if (!n) return;
  Paths *P = calloc((size_t)n, sizeof *P);
  const char **argv = calloc((size_t)(KEEPER_ARGS + 4 * n + 1), sizeof *argv);
  int *lk = malloc(sizeof *lk * (size_t)n);
  char lim[32], why[600];
  int k = 0;
  for (CgJob *j = q, *nx; j; j = nx) {
    nx = j->qnext;
    uint64_t h1, h2;
    /* (no lock on this filesystem: then there is no sweep either) */
    /* (at most as many as the cache keeps) */
    if (P && argv && lk && !__atomic_load_n(&cc_timed_out, __ATOMIC_RELAXED) && k < CACHE_MAX_FILES &&
        prepare(j->src, j->n, &h1, &h2, &P[k], why, sizeof why) == 0) {
      lk[k] = P[k].lock >= 0 ? fcntl(P[k].lock, F_DUPFD_CLOEXEC, 5 + n) : -1;
      if (P[k].lock >= 0 && lk[k] < 0) drop_tmp(&P[k]);
      else k++;
    }
    job_unref(j);
  }
  if (!k) goto out;
  snprintf(lim, sizeof lim, "%.0f", cc_timeout_s() * 1e3);
  char nbuf[16];
  snprintf(nbuf, sizeof nbuf, "%d", k);
  const char *head[KEEPER_ARGS] = {"sable-cc", lim, P[0].dir, nbuf};
  memcpy(argv, head, sizeof head);
  for (int i = 0; i < k; i++) {
    const char **a = argv + KEEPER_ARGS + 4 * i;
    a[0] = P[i].tc;
    a[1] = P[i].tso;
    a[2] = P[i].so;
    a[3] = P[i].te;
  }
  size_t ne = 0;
  while (environ[ne]) ne++;
  char **envp = malloc((ne + 2) * sizeof *envp);
  if (envp) {
    memcpy(envp, environ, ne * sizeof *envp);
    envp[ne] = (char *)KEEPER_ENV;
    envp[ne + 1] = NULL;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 3, "/dev/null", O_WRONLY, 0);
    for (int i = 0; i < k; i++) {
      if (lk[i] >= 0) posix_spawn_file_actions_adddup2(&fa, lk[i], 4 + i);
      else posix_spawn_file_actions_addopen(&fa, 4 + i, "/dev/null", O_RDONLY, 0);
    }
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 34)
    posix_spawn_file_actions_addclosefrom_np(&fa, 4 + k);
#endif
    posix_spawnattr_t at;
    posix_spawnattr_init(&at);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&at, 0);
    pid_t m;
    int rc = spawn_keeper(&m, &fa, &at, argv, envp, why, sizeof why);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    free(envp);
    if (rc == 0) {
      if (cg_log_enabled())
        fprintf(stderr, "cgen: %d queued compile%s handed over at exit\n", k, k == 1 ? "" : "s");
      for (int i = 0; i < k; i++) {   /* the keeper removes the temporaries */
        if (lk[i] >= 0) close(lk[i]);
        if (P[i].lock >= 0) close(P[i].lock);
        P[i].lock = -1;
      }
      k = 0;
    }
  }
  for (int i = 0; i < k; i++) {
    if (lk[i] >= 0) close(lk[i]);
    drop_tmp(&P[i]);
  }
out:
  free(P);
  free(argv);
  free(lk);
}
