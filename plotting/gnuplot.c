/* gnuplot.c - the bridge to one long-lived gnuplot process: started lazily, fed commands on
 * its stdin and binary data through named pipes, synchronised by a sentinel line. */
#include "plot_int.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define INSTALL_HINT "gnuplot not found: install it with `apt-get install gnuplot-nox`"
/* how long gnuplot may stay silent while it should be working */
#define QUIET_LIMIT_MS 60000

struct plot_bridge {
  pid_t pid;
  int in_fd;           /* gnuplot's stdin */
  int out_fd;          /* gnuplot's stdout and stderr, merged */
  char dir[PATH_MAX];  /* private directory for fifos and output files */
  unsigned long seq;
  char *terminals;     /* GPVAL_TERMINALS, space separated */
  plot_buf out;        /* what the last job printed, errors removed */
  int (*interrupted)(void *);
  void *interrupt_ud;
};

plot_bridge *plot__bridge_new(void) {
  plot_bridge *b = calloc(1, sizeof *b);
  if (!b) return NULL;
  b->in_fd = b->out_fd = -1;
  return b;
}

void plot__bridge_set_interrupt(plot_bridge *b, int (*fn)(void *), void *ud) {
  b->interrupted = fn;
  b->interrupt_ud = ud;
}

static void stop(plot_bridge *b, int kill_it) {
  if (b->in_fd >= 0) close(b->in_fd);
  if (b->out_fd >= 0) close(b->out_fd);
  b->in_fd = b->out_fd = -1;
  if (b->pid > 0) {
    if (kill_it) kill(b->pid, SIGKILL);
    /* closing stdin ends a healthy gnuplot; give it a moment, then make sure */
    for (int i = 0; i < 100; i++) {
      pid_t r = waitpid(b->pid, NULL, WNOHANG);
      if (r == b->pid || (r < 0 && errno == ECHILD)) break;
      if (i == 50) kill(b->pid, SIGKILL);
      struct timespec ts = {0, 2000000};
      nanosleep(&ts, NULL);
    }
  }
  b->pid = 0;
}

void plot__bridge_free(plot_bridge *b) {
  if (!b) return;
  stop(b, 0);
  if (b->dir[0]) {
    char p[PATH_MAX + 32];
    for (int i = 0; i < 4096; i++) {
      snprintf(p, sizeof p, "%s/d%d", b->dir, i);
      if (unlink(p) < 0 && i > 64) break;
    }
    static const char *const outs[] = {"out.png", "out.svg", "out.pdf", "out.txt", "out.six"};
    for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++) {
      snprintf(p, sizeof p, "%s/%s", b->dir, outs[i]);
      unlink(p);
    }
    rmdir(b->dir);
  }
  free(b->terminals);
  plot__buf_free(&b->out);
  free(b);
}

pid_t plot__bridge_pid(const plot_bridge *b) { return b->pid; }
char *plot__bridge_output(plot_bridge *b) { return b->out.p ? b->out.p : ""; }

const char *plot__bridge_dir(plot_bridge *b, char *err, size_t errlen) {
  if (b->dir[0]) return b->dir;
  const char *tmp = getenv("TMPDIR");
  if (!tmp || !tmp[0] || strlen(tmp) > PATH_MAX - 64) tmp = "/tmp";
  snprintf(b->dir, sizeof b->dir, "%s/sable-plot-XXXXXX", tmp);
  if (!mkdtemp(b->dir)) {
    snprintf(err, errlen, "cannot create a temporary directory in %s: %s", tmp,
             strerror(errno));
    b->dir[0] = 0;
    return NULL;
  }
  return b->dir;
}

/* the gnuplot executable: $SABLE_GNUPLOT, else "gnuplot" on $PATH */
static int find_gnuplot(char *path, size_t len) {
  const char *over = getenv("SABLE_GNUPLOT");
  if (over && over[0]) {
    snprintf(path, len, "%s", over);
    return access(path, X_OK) == 0 ? 0 : -1;
  }
  const char *p = getenv("PATH");
  if (!p) p = "/usr/local/bin:/usr/bin:/bin";
  while (*p) {
    const char *e = strchr(p, ':');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    if (n == 0) snprintf(path, len, "./gnuplot");
    else snprintf(path, len, "%.*s/gnuplot", (int)n, p);
    struct stat st;
    if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0) return 0;
    p += n;
    if (*p == ':') p++;
  }
  return -1;
}

static long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static void describe_exit(plot_bridge *b, char *err, size_t errlen) {
  int status = 0;
  pid_t r = b->pid > 0 ? waitpid(b->pid, &status, WNOHANG) : -1;
  if (r == b->pid && WIFSIGNALED(status))
    snprintf(err, errlen, "gnuplot died (signal %d); it will be restarted on the next plot",
             WTERMSIG(status));
  else if (r == b->pid && WIFEXITED(status))
    snprintf(err, errlen, "gnuplot exited (status %d); it will be restarted on the next plot",
             WEXITSTATUS(status));
  else
    snprintf(err, errlen, "gnuplot stopped answering; it will be restarted on the next plot");
  if (r == b->pid) b->pid = 0;
  stop(b, 1);
}

static int run_raw(plot_bridge *b, plot_job *job, char *err, size_t errlen);

static int start(plot_bridge *b, char *err, size_t errlen) {
  char exe[PATH_MAX];
  if (find_gnuplot(exe, sizeof exe) < 0) {
    const char *over = getenv("SABLE_GNUPLOT");
    if (over && over[0])
      snprintf(err, errlen, "gnuplot not found at SABLE_GNUPLOT=%s: install it with "
               "`apt-get install gnuplot-nox`", over);
    else
      snprintf(err, errlen, INSTALL_HINT);
    return -1;
  }
  if (!plot__bridge_dir(b, err, errlen)) return -1;
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) < 0) {
    snprintf(err, errlen, "cannot start gnuplot: pipe: %s", strerror(errno));
    return -1;
  }
  if (pipe2(out, O_CLOEXEC) < 0) {
    snprintf(err, errlen, "cannot start gnuplot: pipe: %s", strerror(errno));
    close(in[0]); close(in[1]);
    return -1;
  }
  long maxfd = sysconf(_SC_OPEN_MAX);
  if (maxfd < 0 || maxfd > 65536) maxfd = 65536;
  /* "-d": no ~/.gnuplot, so that the user's init file cannot change what we draw */
  char *argv[] = {exe, "-d", NULL};
  pid_t pid = fork();
  if (pid < 0) {
    snprintf(err, errlen, "cannot start gnuplot: fork: %s", strerror(errno));
    close(in[0]); close(in[1]); close(out[0]); close(out[1]);
    return -1;
  }
  if (pid == 0) {
    /* only async-signal-safe calls here: the parent may have threads */
    setsid();                 /* no SIGINT from the terminal's Ctrl-C */
    dup2(in[0], 0);
    dup2(out[1], 1);
    dup2(out[1], 2);
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 3U, ~0U, 0U) < 0)
#endif
      for (long fd = 3; fd < maxfd; fd++) close((int)fd);
    execve(exe, argv, environ);
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  b->pid = pid;
  b->in_fd = in[1];
  b->out_fd = out[0];
  fcntl(b->in_fd, F_SETFL, fcntl(b->in_fd, F_GETFL) | O_NONBLOCK);
  fcntl(b->out_fd, F_SETFL, fcntl(b->out_fd, F_GETFL) | O_NONBLOCK);
  /* handshake: learn the terminals this gnuplot has */
  plot_job hello = {0};
  plot__buf_printf(&hello.script, "set encoding utf8\nprint GPVAL_TERMINALS\n");
  int rc = run_raw(b, &hello, err, errlen);
  plot__job_free(&hello);
  if (rc < 0) {
    if (b->pid == 0 || strstr(err, "gnuplot died") || strstr(err, "exited"))
      snprintf(err + strlen(err), errlen - strlen(err), " (%s did not start)", exe);
    stop(b, 1);
    return -1;
  }
  free(b->terminals);
  b->terminals = plot__strdup(plot__bridge_output(b));
  return 0;
}

int plot__bridge_has_terminal(plot_bridge *b, const char *name) {
  if (!b->terminals) return -1;
  size_t n = strlen(name);
  for (const char *p = b->terminals; (p = strstr(p, name)); p += n)
    if ((p == b->terminals || p[-1] == ' ' || p[-1] == '\n') &&
        (p[n] == 0 || p[n] == ' ' || p[n] == '\n'))
      return 1;
  return 0;
}

/* gnuplot's messages: an error is "line N: text" not starting with "warning:" */
static void collect(plot_bridge *b, const char *text, size_t len, char *err, size_t errlen,
                    int *had_error) {
  const char *p = text, *end = text + len;
  char warn[256] = "";
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
    char line[1024];
    snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line - 1 ? n : sizeof line - 1), p);
    char *m = strstr(line, "line ");
    int is_msg = 0;
    if (m) {
      char *q = m + 5;
      while (*q >= '0' && *q <= '9') q++;
      if (q > m + 5 && q[0] == ':' && q[1] == ' ') {
        is_msg = 1;
        const char *msg = q + 2;
        if (strncmp(msg, "warning:", 8) != 0) {
          if (!*had_error) {
            if (warn[0])
              snprintf(err, errlen, "gnuplot error: %s (after %s)", msg, warn);
            else
              snprintf(err, errlen, "gnuplot error: %s", msg);
          }
          *had_error = 1;
        } else if (!warn[0]) {
          snprintf(warn, sizeof warn, "%s", msg);
        }
      }
    }
    int noise = is_msg || strncmp(line, "gnuplot> ", 9) == 0 || strncmp(line, "Warning:", 8) == 0;
    if (!noise) {
      /* the caret line under an echoed command is only spaces and ^ */
      size_t sp = strspn(line, " ^");
      if (sp == strlen(line) && strchr(line, '^')) noise = 1;
    }
    if (!noise) {
      plot__buf_put(&b->out, line, strlen(line));
      plot__buf_put(&b->out, "\n", 1);
    }
    p += n + 1;
  }
}

/* SIGPIPE must not kill the process when gnuplot has gone away under a write */
typedef struct sigpipe_guard { sigset_t old; int was_pending; } sigpipe_guard;

static void sigpipe_block(sigpipe_guard *g) {
  sigset_t s, pend;
  sigemptyset(&s);
  sigaddset(&s, SIGPIPE);
  sigpending(&pend);
  g->was_pending = sigismember(&pend, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &s, &g->old);
}

static void sigpipe_restore(sigpipe_guard *g) {
  sigset_t s, pend;
  sigemptyset(&s);
  sigaddset(&s, SIGPIPE);
  sigpending(&pend);
  if (!g->was_pending && sigismember(&pend, SIGPIPE)) {
    struct timespec zero = {0, 0};
    while (sigtimedwait(&s, NULL, &zero) < 0 && errno == EINTR) {}
  }
  pthread_sigmask(SIG_SETMASK, &g->old, NULL);
}

/* Feed the script (plus a sentinel) and the data blocks, read until the sentinel. */
static int run_raw(plot_bridge *b, plot_job *job, char *err, size_t errlen) {
  char sentinel[64];
  b->seq++;
  snprintf(sentinel, sizeof sentinel, "SABLE_DONE_%lu_%ld", b->seq, (long)getpid());
  plot__buf_printf(&job->script, "\nprint \"%s\"\n", sentinel);
  if (job->script.oom) {
    snprintf(err, errlen, "out of memory while preparing the plot");
    return -1;
  }
  b->out.len = 0;
  if (b->out.p) b->out.p[0] = 0;
  if (getenv("SABLE_PLOT_TRACE"))     /* for debugging: what gnuplot is told */
    fprintf(stderr, "--- gnuplot script ---\n%s", job->script.p);
  /* fifos d0..dN-1, fresh for each job */
  char path[PATH_MAX + 32];
  for (size_t i = 0; i < job->nblocks; i++) {
    snprintf(path, sizeof path, "%s/d%zu", b->dir, i);
    unlink(path);
    if (mkfifo(path, 0600) < 0) {
      snprintf(err, errlen, "cannot create a pipe for plot data: %s", strerror(errno));
      for (size_t j = 0; j < i; j++) {
        snprintf(path, sizeof path, "%s/d%zu", b->dir, j);
        unlink(path);
      }
      return -1;
    }
  }
  sigpipe_guard g;
  sigpipe_block(&g);
  plot_buf got = {0};
  size_t soff = 0, blk = 0, boff = 0;
  int dfd = -1, done = 0, dead = 0, rc = 0;
  long last = now_ms();
  err[0] = 0;
  while (!done) {
    struct pollfd pf[3];
    int np = 0, i_in = -1, i_d = -1;
    pf[np].fd = b->out_fd; pf[np].events = POLLIN; np++;
    if (soff < job->script.len) {
      i_in = np;
      pf[np].fd = b->in_fd; pf[np].events = POLLOUT; np++;
    }
    /* gnuplot opens the fifos in order, but skips those of a command that failed: try the
     * next pending one and any after it */
    for (size_t j = blk; j < job->nblocks && dfd < 0; j++) {
      snprintf(path, sizeof path, "%s/d%zu", b->dir, j);
      dfd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
      if (dfd >= 0) {
        blk = j;
        boff = 0;
      } else if (errno != ENXIO && errno != EINTR) {
        snprintf(err, errlen, "cannot open the plot data pipe: %s", strerror(errno));
        rc = -1;
        break;
      }
    }
    if (rc < 0) break;
    if (dfd >= 0) {
      i_d = np;
      pf[np].fd = dfd; pf[np].events = POLLOUT; np++;
    }
    /* while gnuplot has not opened the next fifo there is nothing to wait on: poll briefly */
    int timeout = (blk < job->nblocks && dfd < 0) ? 1 : 200;
    int r = poll(pf, (nfds_t)np, timeout);
    if (r < 0 && errno != EINTR) {
      snprintf(err, errlen, "poll: %s", strerror(errno));
      rc = -1;
      break;
    }
    if (b->interrupted && b->interrupted(b->interrupt_ud)) {
      snprintf(err, errlen, "plot interrupted; gnuplot was stopped");
      rc = -1;
      stop(b, 1);
      break;
    }
    if (r <= 0) {
      if (now_ms() - last > QUIET_LIMIT_MS) {
        snprintf(err, errlen, "gnuplot did not answer for %d s; it was stopped",
                 QUIET_LIMIT_MS / 1000);
        stop(b, 1);
        rc = -1;
        break;
      }
      continue;
    }
    last = now_ms();
    if (pf[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      char tmp[8192];
      ssize_t n = read(b->out_fd, tmp, sizeof tmp);
      if (n > 0) {
        plot__buf_put(&got, tmp, (size_t)n);
        char *s = got.p ? strstr(got.p, sentinel) : NULL;
        if (s) {
          done = 1;
          got.len = (size_t)(s - got.p);
        }
      } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
        dead = 1;
        break;
      }
    }
    if (i_in >= 0 && (pf[i_in].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t n = write(b->in_fd, job->script.p + soff, job->script.len - soff);
      if (n > 0) soff += (size_t)n;
      else if (n < 0 && errno != EAGAIN && errno != EINTR) {
        dead = 1;
        break;
      }
    }
    if (i_d >= 0 && (pf[i_d].revents & (POLLOUT | POLLERR | POLLHUP))) {
      plot_block *bk = &job->blocks[blk];
      ssize_t n = boff < bk->len ? write(dfd, (char *)bk->data + boff, bk->len - boff) : 0;
      if (n > 0) boff += (size_t)n;
      if (boff >= bk->len || (n < 0 && errno == EPIPE)) {
        /* all written, or gnuplot stopped reading (its error will say why) */
        close(dfd);
        dfd = -1;
        blk++;
      } else if (n < 0 && errno != EAGAIN && errno != EINTR) {
        close(dfd);
        dfd = -1;
        blk++;
      }
    }
  }
  if (dfd >= 0) close(dfd);
  sigpipe_restore(&g);
  for (size_t i = 0; i < job->nblocks; i++) {
    snprintf(path, sizeof path, "%s/d%zu", b->dir, i);
    unlink(path);
  }
  if (dead) {
    describe_exit(b, err, errlen);
    rc = -1;
  }
  int had_error = 0;
  char gerr[512] = "";
  if (got.len) collect(b, got.p, got.len, gerr, sizeof gerr, &had_error);
  if (had_error && rc == 0) {
    snprintf(err, errlen, "%s", gerr);
    rc = -1;
  } else if (rc < 0 && had_error && strlen(err) + strlen(gerr) + 4 < errlen) {
    size_t l = strlen(err);
    snprintf(err + l, errlen - l, " (%s)", gerr);
  }
  if (b->out.oom || got.oom) {
    snprintf(err, errlen, "out of memory while reading gnuplot's output");
    rc = -1;
  }
  plot__buf_free(&got);
  return rc;
}

int plot__bridge_run(plot_bridge *b, plot_job *job, char *err, size_t errlen) {
  if (b->pid > 0) {
    /* killed or crashed since the last plot: start afresh */
    pid_t r = waitpid(b->pid, NULL, WNOHANG);
    if (r == b->pid || (r < 0 && errno == ECHILD)) {
      b->pid = 0;
      stop(b, 0);
    }
  }
  if (b->pid == 0 && start(b, err, errlen) < 0) return -1;
  return run_raw(b, job, err, errlen);
}
