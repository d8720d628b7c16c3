/* main.c - the `sable` command: dispatches to the REPL, a script, -c code, stdin, or the
 * Jupyter kernel. Everything it runs goes through the embedding interface in lang/core/sb.h. */
#include <dlfcn.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/sb.h"
#include "kernel.h"
#include "repl.h"

static const char usage[] =
  "usage: sable [option] [file | - | -c code] [arg ...]\n"
  "       sable kernel -f CONNECTION_FILE\n"
  "  (no argument)  start the interactive REPL\n"
  "  FILE           run a Sable program (Python syntax)\n"
  "  -c CODE        run CODE\n"
  "  -              read the program from standard input\n"
  "  --version      print the version and exit\n"
  "  kernel -f F    serve a Jupyter kernel with connection file F\n";

/* Read all of f into a malloc'd buffer; NULL (with a message) on failure. */
static char *slurp(FILE *f, const char *name, size_t *len) {
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  if (!buf) return NULL;
  for (;;) {
    if (n == cap) {
      char *nb = cap > ((size_t)1 << 40) ? NULL : realloc(buf, cap * 2);
      if (!nb) { free(buf); fprintf(stderr, "sable: %s: too large\n", name); return NULL; }
      buf = nb; cap *= 2;
    }
    size_t r = fread(buf + n, 1, cap - n, f);
    n += r;
    if (r == 0) break;
  }
  if (ferror(f)) { free(buf); perror(name); return NULL; }
  *len = n;
  return buf;
}

static void write_std(void *ud, int stream, const char *s, size_t n) {
  (void)ud;
  FILE *f = stream == 2 ? stderr : stdout;
  if (stream == 2) fflush(stdout);
  fwrite(s, 1, n, f);
  if (stream == 2) fflush(stderr);
}

/* Ctrl-C in a script raises KeyboardInterrupt (with a traceback and exit status 1) instead of
 * killing the process; the handler only sets the evaluator's flag. */
static void on_sigint(int sig) {
  (void)sig;
  sb_interrupt();
}

/* Run one program text and turn the outcome into an exit status. */
static int run_source(int argc, char **argv, const char *src, size_t len, const char *name) {
  sb_session *s = sb_new(argc, argv);
  if (!s) { fprintf(stderr, "sable: out of memory\n"); return 1; }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(SIGINT, &sa, NULL);
  sb_sink sink = { .write = write_std };
  sb_status st = sb_exec(s, src, len, name, SB_FILE, &sink);
  int code = st == SB_OK ? 0 : st == SB_EXIT ? sb_exit_code(s) : 1;
  fflush(stdout);
  sb_free(s);
  return code;
}

static int run_file(int argc, char **argv, const char *path) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "sable: can't open file '%s': ", path);
    perror(NULL);
    return 2;
  }
  size_t len = 0;
  char *src = slurp(f, path, &len);
  if (f != stdin) fclose(f);
  if (!src) return 1;
  int code = run_source(argc, argv, src, len, strcmp(path, "-") == 0 ? "<stdin>" : path);
  free(src);
  return code;
}

/* The Jupyter kernel lives in sable-kernel.so next to this binary, so that other start-ups do
 * not load ZeroMQ, jansson and OpenSSL (see the Makefile). */
static int run_kernel(int argc, char **argv) {
  char path[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) { perror("sable: /proc/self/exe"); return 1; }
  path[n] = '\0';
  char *slash = strrchr(path, '/');
  const char *mod = "sable-kernel.so";
  if (!slash || (size_t)(slash + 1 - path) + strlen(mod) + 1 > sizeof path) {
    fprintf(stderr, "sable: cannot locate %s\n", mod);
    return 1;
  }
  strcpy(slash + 1, mod);
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    fprintf(stderr, "sable: cannot load the Jupyter kernel module: %s\n", dlerror());
    return 1;
  }
  __typeof__(krn_main) *fn = NULL;
  void *sym = dlsym(h, "krn_main");
  if (sym) memcpy(&fn, &sym, sizeof sym);
  if (!fn) { fprintf(stderr, "sable: %s has no krn_main\n", path); return 1; }
  return fn(argc, argv);
}

int main(int argc, char **argv) {
  if (argc >= 2 && strcmp(argv[1], "kernel") == 0)
    return run_kernel(argc - 2, argv + 2);
  if (argc >= 2 && (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)) {
    printf("Sable %s\n", SB_VERSION);
    return 0;
  }
  if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    fputs(usage, stdout);
    return 0;
  }
  if (argc >= 2 && strcmp(argv[1], "-c") == 0) {
    if (argc < 3) { fputs("sable: -c needs an argument\n", stderr); fputs(usage, stderr); return 2; }
    /* sys.argv for -c is ['-c', args...], as in Python: the code itself is left out */
    char *code = argv[2];
    argv[2] = argv[1];
    return run_source(argc - 2, argv + 2, code, strlen(code), "<string>");
  }
  if (argc >= 2 && argv[1][0] == '-' && argv[1][1] != '\0') {
    fprintf(stderr, "sable: unknown option %s\n", argv[1]);
    fputs(usage, stderr);
    return 2;
  }
  if (argc >= 2) return run_file(argc - 1, argv + 1, argv[1]);
  if (!isatty(STDIN_FILENO)) return run_file(1, (char *[]){"-", NULL}, "-");
  return repl_main(argc, argv);
}
