/* cgen_cc.c - turning generated C into loaded code: the system compiler, a disk cache under
 * $XDG_CACHE_HOME/sable keyed by source + compiler version + CPU (safe when processes race: each
 * writes a private temporary and renames it into place), bounded in size, and a memory cache. */
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
  "-fno-math-errno", "-fno-trapping-math", "-fwrapv", "-w", NULL};

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
static const char *build_env(void) {
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

static int run_cc(const char *src, const char *out) {
  const char *argv[32];
  int k = 0;
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
  if (!cg_log_enabled()) posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid;
  int rc = posix_spawnp(&pid, argv[0], &fa, NULL, (char *const *)argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) return -1;
  /* Polled, so that an interrupt (which may come from the kernel's control thread and never
   * reach the child) kills the compiler within a few ms; the caller removes its temporaries. */
  int st;
  for (;;) {
    pid_t r = waitpid(pid, &st, WNOHANG);
    if (r == pid) break;
    if (r < 0 && errno != EINTR) return -1;
    if (arr_interrupted()) {
      kill(pid, SIGKILL);
      while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
      return arr_err(ERR_INTERRUPTED, "interrupted");
    }
    struct timespec ts = {0, 2000000};
    nanosleep(&ts, NULL);
  }
  return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* memory cache: key -> handle, for the life of the process (generated code is never unloaded:
 * graphs may share it) */
typedef struct MemEntry { uint64_t h1, h2; void *handle; } MemEntry;
static MemEntry *mem;
static int nmem, capmem;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

void *cg_load(const char *src, size_t n, int *how, double *ms) {
  double t0 = now_ms();
  *how = 0;
  *ms = 0;
  const char *ek = build_env();
  if (!ek) return NULL;
  uint64_t h1 = fnv(fnv(0xcbf29ce484222325ULL, src, n), ek, strlen(ek));
  uint64_t h2 = fnv(fnv(0x84222325cbf29ce4ULL, ek, strlen(ek)), src, n) ^ (uint64_t)n;
  for (int i = 0; i < nmem; i++)
    if (mem[i].h1 == h1 && mem[i].h2 == h2) { *ms = now_ms() - t0; return mem[i].handle; }
  if (nmem == capmem) {
    int nc = capmem ? capmem * 2 : 32;
    MemEntry *m = realloc(mem, sizeof(MemEntry) * (size_t)nc);
    if (!m) return NULL;
    mem = m;
    capmem = nc;
  }
  char dir[4096], so[4200], tso[4300], tc[4300];
  if (cache_dir(dir, sizeof dir) < 0) {
    /* no usable cache directory: compile under /tmp and do not keep the object */
    snprintf(dir, sizeof dir, "%s", "/tmp");
  }
  snprintf(so, sizeof so, "%s/sbk-%016llx%016llx.so", dir, (unsigned long long)h1, (unsigned long long)h2);
  void *h = NULL;
  if (access(so, R_OK) == 0 && (h = dlopen(so, RTLD_NOW | RTLD_LOCAL))) {
    utime(so, NULL);
    *how = 1;
  } else {
    static unsigned counter;
    snprintf(tc, sizeof tc, "%s/tmp-%d-%u.c", dir, (int)getpid(), counter);
    snprintf(tso, sizeof tso, "%s/tmp-%d-%u.so", dir, (int)getpid(), counter++);
    FILE *f = fopen(tc, "w");
    int ok = f && fwrite(src, 1, n, f) == n;
    if (f && fclose(f) != 0) ok = 0;
    if (ok && run_cc(tc, tso) == 0 && rename(tso, so) == 0) {
      h = dlopen(so, RTLD_NOW | RTLD_LOCAL);
      *how = 2;
      evict(dir);
    }
    unlink(tc);
    unlink(tso);
  }
  if (h) {
    mem[nmem].h1 = h1;
    mem[nmem].h2 = h2;
    mem[nmem].handle = h;
    nmem++;
  }
  *ms = now_ms() - t0;
  return h;
}
