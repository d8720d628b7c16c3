/* mod_posix.c - `_sable_posix`: the few system calls the Sable-written os, pathlib, shutil, tempfile,
 * getpass and subprocess (lang/prelude) stand on; raw tuples here, Python's objects there. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include "core/core.h"
#include "core/modtable.h"

static Value px_error(const char *path, const char *path2) {
  int err = errno;
  TypeObj *t = exc_oserror_type(err);
  Value msg = str_from_cstr(strerror(err));
  Value p = path ? str_from_cstr(path) : val_null();
  Value args = VAL_IS_NULL(msg) ? val_null() :
               VAL_IS_NULL(p) ? tuple_pack(2, val_int(err), msg) : tuple_pack(3, val_int(err), msg, p);
  val_decref(msg);
  val_decref(p);
  if (VAL_IS_NULL(args)) return args;
  Value e = exc_new(t, args);
  val_decref(args);
  if (!VAL_IS_NULL(e)) {
    if (path2) {
      Value q = str_from_cstr(path2);
      if (!VAL_IS_NULL(q)) op_setattr_s(e, "filename2", q);
      val_decref(q);
    }
    obj_raise_value(e);
    val_decref(e);
  }
  return val_null();
}

static const char *str_arg(Value v, const char *what) {
  if (!VAL_IS_STR(v)) {
    obj_raise(&exc_TypeError, "%s: expected str, not %s", what, op_type_name(v));
    return NULL;
  }
  return str_cstr(v);
}

/* a str from the system (a name, a resolved path): only if it is UTF-8 */
static Value sys_str(const char *s) {
  if (!utf8_valid(s, strlen(s))) return obj_raise(&exc_UnicodeDecodeError, "'utf-8' codec can't decode a system name");
  return str_from_cstr(s);
}

static double ts_float(struct timespec t) { return (double)t.tv_sec + (double)t.tv_nsec * 1e-9; }

/* stat(path, follow) -> (mode, ino, dev, nlink, uid, gid, size, atime, mtime, ctime) */
static Value px_stat(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("stat", argc, kw, 2, 2) < 0) return val_null();
  const char *p = str_arg(argv[0], "stat");
  if (!p) return val_null();
  struct stat st;
  int rc = op_truth(argv[1]) > 0 ? stat(p, &st) : lstat(p, &st);
  if (rc != 0) return px_error(p, NULL);
  Value a = val_float(ts_float(st.st_atim)), m = val_float(ts_float(st.st_mtim)),
        c = val_float(ts_float(st.st_ctim));
  return tuple_pack(10, val_int(st.st_mode), val_int((int64_t)st.st_ino), val_int((int64_t)st.st_dev),
                    val_int((int64_t)st.st_nlink), val_int(st.st_uid), val_int(st.st_gid),
                    val_int((int64_t)st.st_size), a, m, c);
}

static Value px_access(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("access", argc, kw, 2, 2) < 0) return val_null();
  const char *p = str_arg(argv[0], "access");
  int64_t mode;
  if (!p || op_as_int(argv[1], &mode) < 0) return val_null();
  return val_bool(access(p, (int)mode) == 0);
}

static Value px_mkdtemp(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("mkdtemp", argc, kw, 1, 1) < 0) return val_null();
  const char *p = str_arg(argv[0], "mkdtemp");
  if (!p) return val_null();
  char buf[PATH_MAX];
  if (snprintf(buf, sizeof buf, "%s", p) >= (int)sizeof buf) return obj_raise(&exc_ValueError, "path too long");
  if (!mkdtemp(buf)) return px_error(p, NULL);
  return str_from_cstr(buf);
}

/* mkstemp(template, suffixlen) -> (fd, path); template has XXXXXX before the suffix */
static Value px_mkstemp(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("mkstemp", argc, kw, 2, 2) < 0) return val_null();
  const char *p = str_arg(argv[0], "mkstemp");
  int64_t sl;
  if (!p || op_as_int(argv[1], &sl) < 0) return val_null();
  char buf[PATH_MAX];
  if (snprintf(buf, sizeof buf, "%s", p) >= (int)sizeof buf) return obj_raise(&exc_ValueError, "path too long");
  if (sl < 0 || (size_t)sl + 6 > strlen(buf)) return obj_raise(&exc_ValueError, "bad template");
  int fd = mkstemps(buf, (int)sl);
  if (fd < 0) return px_error(p, NULL);
  Value s = str_from_cstr(buf);
  if (VAL_IS_NULL(s)) { close(fd); return s; }
  Value t = tuple_pack(2, val_int(fd), s);
  val_decref(s);
  return t;
}

static Value px_close(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("close", argc, kw, 1, 1) < 0) return val_null();
  int64_t fd;
  if (op_as_int(argv[0], &fd) < 0) return val_null();
  if (fd < 0 || fd > INT_MAX || close((int)fd) != 0) { errno = errno ? errno : EBADF; return px_error(NULL, NULL); }
  return val_none();
}

/* pipe() -> (r, w), not inherited by child processes (as CPython's os.pipe) */
static Value px_pipe(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("pipe", argc, kw, 0, 0) < 0) return val_null();
  int fds[2];
  if (pipe(fds) != 0) return px_error(NULL, NULL);
  fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  Value t = tuple_pack(2, val_int(fds[0]), val_int(fds[1]));
  if (VAL_IS_NULL(t)) { close(fds[0]); close(fds[1]); }
  return t;
}

static Value px_isatty(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("isatty", argc, kw, 1, 1) < 0) return val_null();
  int64_t fd;
  if (op_as_int(argv[0], &fd) < 0) return val_null();
  return val_bool(fd >= 0 && fd <= INT_MAX && isatty((int)fd));
}

/* copyfile(src, dst): the bytes, whatever they are (str files are text only) */
static Value px_copyfile(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("copyfile", argc, kw, 2, 2) < 0) return val_null();
  const char *s = str_arg(argv[0], "copyfile"), *d = s ? str_arg(argv[1], "copyfile") : NULL;
  if (!s || !d) return val_null();
  int in = open(s, O_RDONLY | O_CLOEXEC);
  if (in < 0) return px_error(s, NULL);
  struct stat st;
  if (fstat(in, &st) == 0 && S_ISDIR(st.st_mode)) { close(in); errno = EISDIR; return px_error(s, NULL); }
  int out = open(d, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (out < 0) { close(in); return px_error(d, NULL); }
  char buf[65536];
  for (;;) {
    ssize_t n = read(in, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) { close(in); close(out); return px_error(s, NULL); }
    if (n == 0) break;
    for (ssize_t off = 0; off < n;) {
      ssize_t w = write(out, buf + off, (size_t)(n - off));
      if (w < 0 && errno == EINTR) continue;
      if (w < 0) { close(in); close(out); return px_error(d, NULL); }
      off += w;
    }
  }
  close(in);
  if (close(out) != 0) return px_error(d, NULL);
  return val_none();
}

static Value px_chmod(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("chmod", argc, kw, 2, 2) < 0) return val_null();
  const char *p = str_arg(argv[0], "chmod");
  int64_t mode;
  if (!p || op_as_int(argv[1], &mode) < 0) return val_null();
  if (chmod(p, (mode_t)mode) != 0) return px_error(p, NULL);
  return val_none();
}

static Value px_utime(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("utime", argc, kw, 3, 3) < 0) return val_null();
  const char *p = str_arg(argv[0], "utime");
  double a, m;
  if (!p || op_as_float(argv[1], &a) < 0 || op_as_float(argv[2], &m) < 0) return val_null();
  struct timespec ts[2] = {{(time_t)a, (long)((a - (double)(time_t)a) * 1e9)},
                           {(time_t)m, (long)((m - (double)(time_t)m) * 1e9)}};
  if (utimensat(AT_FDCWD, p, ts, 0) != 0) return px_error(p, NULL);
  return val_none();
}

static Value px_statvfs(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("statvfs", argc, kw, 1, 1) < 0) return val_null();
  const char *p = str_arg(argv[0], "statvfs");
  if (!p) return val_null();
  struct statvfs v;
  if (statvfs(p, &v) != 0) return px_error(p, NULL);
  int64_t total = (int64_t)v.f_blocks * (int64_t)v.f_frsize, free_ = (int64_t)v.f_bavail * (int64_t)v.f_frsize,
          used = ((int64_t)v.f_blocks - (int64_t)v.f_bfree) * (int64_t)v.f_frsize;
  return tuple_pack(3, val_int(total), val_int(used), val_int(free_));
}

static Value px_realpath(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("realpath", argc, kw, 1, 1) < 0) return val_null();
  const char *p = str_arg(argv[0], "realpath");
  if (!p) return val_null();
  char buf[PATH_MAX];
  if (!realpath(p, buf)) return px_error(p, NULL);
  return sys_str(buf);
}

static Value px_readlink(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("readlink", argc, kw, 1, 1) < 0) return val_null();
  const char *p = str_arg(argv[0], "readlink");
  if (!p) return val_null();
  char buf[PATH_MAX];
  ssize_t n = readlink(p, buf, sizeof buf - 1);
  if (n < 0) return px_error(p, NULL);
  if (!utf8_valid(buf, (size_t)n)) return obj_raise(&exc_UnicodeDecodeError, "link target is not UTF-8");
  return str_new(buf, (size_t)n);
}

static Value px_symlink(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("symlink", argc, kw, 2, 2) < 0) return val_null();
  const char *s = str_arg(argv[0], "symlink"), *d = s ? str_arg(argv[1], "symlink") : NULL;
  if (!s || !d) return val_null();
  if (symlink(s, d) != 0) return px_error(s, d);
  return val_none();
}

static Value px_getuser(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("getpwuid", argc, kw, 0, 0) < 0) return val_null();
  struct passwd *pw = getpwuid(getuid());
  if (!pw) return obj_raise(&exc_OSError, "No username set in the environment");
  Value n = sys_str(pw->pw_name), h = VAL_IS_NULL(n) ? val_null() : sys_str(pw->pw_dir ? pw->pw_dir : "");
  Value t = VAL_IS_NULL(n) || VAL_IS_NULL(h) ? val_null() : tuple_pack(2, n, h);
  val_decref(n);
  val_decref(h);
  return t;
}

/* readpass(prompt): a line from the terminal with echo off, None when stdin is not a tty */
static Value px_readpass(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("readpass", argc, kw, 1, 1) < 0) return val_null();
  const char *prompt = str_arg(argv[0], "readpass");
  if (!prompt) return val_null();
  int fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return val_none();
  struct termios old, quiet;
  if (tcgetattr(fd, &old) != 0) { close(fd); return val_none(); }
  quiet = old;
  quiet.c_lflag &= ~(tcflag_t)ECHO;
  if (write(fd, prompt, strlen(prompt)) < 0) { /* the prompt is a courtesy */ }
  tcsetattr(fd, TCSAFLUSH, &quiet);
  FBuf b = {0};
  char c;
  int ok = 1;
  for (;;) {
    ssize_t n = read(fd, &c, 1);
    if (n < 0 && errno == EINTR) { if (obj_check_signals() < 0) { ok = 0; break; } continue; }
    if (n <= 0 || c == '\n') break;
    fbuf_putc(&b, c);
  }
  tcsetattr(fd, TCSAFLUSH, &old);
  if (write(fd, "\n", 1) < 0) { /* as above */ }
  close(fd);
  Value r = !ok ? val_null() : utf8_valid(b.s ? b.s : "", b.len) ? str_new(b.s ? b.s : "", b.len)
                : obj_raise(&exc_UnicodeDecodeError, "the password is not UTF-8");
  fbuf_free(&b);
  return r;
}

/* write(2) with SIGPIPE held off in this thread (a child that closed its stdin must not end the
 * session): EPIPE comes back as an error instead, and the pending signal is dropped. */
static ssize_t quiet_write(int fd, const void *buf, size_t n) {
  sigset_t pipe_set, old;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  sigset_t pending;
  sigemptyset(&pending);
  int was_pending = sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
  ssize_t w = write(fd, buf, n);
  int e = errno;
  if (w < 0 && e == EPIPE && !was_pending) {
    struct timespec zero = {0, 0};
    while (sigtimedwait(&pipe_set, NULL, &zero) < 0 && errno == EINTR) {}
  }
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  errno = e;
  return w;
}

/* ---- spawn ------------------------------------------------------------------------------ */
enum { IO_INHERIT = 0, IO_PIPE = 1, IO_DEVNULL = 2, IO_STDOUT = 3 };

/* NULL-terminated copies of a list of str (or a dict's "k=v" items); NULL with an error set */
static char **str_vector(Value v, int as_env) {
  int64_t n = 0;
  if (as_env) n = dict_len(v);
  else if (VAL_IS_LIST(v)) n = LIST(v.u.o)->len;
  else if (VAL_IS_TUPLE(v)) n = TUPLE(v.u.o)->len;
  char **out = calloc((size_t)n + 1, sizeof *out);
  if (!out) { obj_raise(&exc_MemoryError, "out of memory"); return NULL; }
  int64_t i = 0, pos = 0;
  Value k, x;
  while (i < n) {
    if (as_env) {
      if (!dict_next(v, &pos, &k, &x)) break;
      if (!VAL_IS_STR(k) || !VAL_IS_STR(x)) { obj_raise(&exc_TypeError, "environment keys and values must be str"); goto fail; }
      out[i] = malloc(strlen(str_cstr(k)) + strlen(str_cstr(x)) + 2);
      if (out[i]) sprintf(out[i], "%s=%s", str_cstr(k), str_cstr(x));
    } else {
      x = VAL_IS_LIST(v) ? LIST(v.u.o)->items[i] : TUPLE(v.u.o)->items[i];
      if (!VAL_IS_STR(x)) { obj_raise(&exc_TypeError, "expected str, bytes or os.PathLike object, not %s", op_type_name(x)); goto fail; }
      out[i] = strdup(str_cstr(x));
    }
    if (!out[i]) { obj_raise(&exc_MemoryError, "out of memory"); goto fail; }
    i++;
  }
  return out;
fail:
  for (int64_t j = 0; j < i; j++) free(out[j]);
  free(out);
  return NULL;
}

static void free_vector(char **v) {
  if (!v) return;
  for (char **p = v; *p; p++) free(*p);
  free(v);
}

static int set_cloexec(int fd) { return fcntl(fd, F_SETFD, FD_CLOEXEC); }

/* spawn(args, cwd, env, input, out_mode, err_mode, timeout) -> (returncode, out, err): fork and exec
 * with pipes, feed input and read both outputs through poll (no deadlock on big outputs);
 * inherited streams are read too and forwarded to the session (a notebook sees them). */
static Value px_spawn(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("spawn", argc, kw, 7, 7) < 0) return val_null();
  Value args = argv[0], cwdv = argv[1], envv = argv[2], input = argv[3];
  int64_t om, em;
  double timeout = -1;
  if (op_as_int(argv[4], &om) < 0 || op_as_int(argv[5], &em) < 0) return val_null();
  if (!VAL_IS_NONE(argv[6]) && op_as_float(argv[6], &timeout) < 0) return val_null();
  if (!(VAL_IS_LIST(args) || VAL_IS_TUPLE(args))) return obj_raise(&exc_TypeError, "args must be a list");
  if (!VAL_IS_NONE(cwdv) && !VAL_IS_STR(cwdv)) return obj_raise(&exc_TypeError, "cwd must be str");
  if (!VAL_IS_NONE(envv) && !VAL_IS_DICT(envv)) return obj_raise(&exc_TypeError, "env must be a dict");
  if (!VAL_IS_NONE(input) && !VAL_IS_STR(input) && !VAL_IS_BYTES(input))
    return obj_raise(&exc_TypeError, "input must be str or bytes");
  char **av = str_vector(args, 0);
  if (!av) return val_null();
  if (!av[0]) { free_vector(av); return obj_raise(&exc_IndexError, "list index out of range"); }
  char **ev = VAL_IS_NONE(envv) ? NULL : str_vector(envv, 1);
  if (!VAL_IS_NONE(envv) && !ev) { free_vector(av); return val_null(); }
  const char *cwd = VAL_IS_NONE(cwdv) ? NULL : str_cstr(cwdv);
  /* pipes: in, out, err, and one that carries the exec errno back */
  int pin[2] = {-1, -1}, pout[2] = {-1, -1}, perr[2] = {-1, -1}, pex[2] = {-1, -1};
  int ok = pipe(pex) == 0 && (VAL_IS_NONE(input) || pipe(pin) == 0) && pipe(pout) == 0 &&
           (em == IO_STDOUT || pipe(perr) == 0);
  int fds[8] = {pin[0], pin[1], pout[0], pout[1], perr[0], perr[1], pex[0], pex[1]};
  if (ok)
    for (int i = 0; i < 8; i++)
      if (fds[i] >= 0) set_cloexec(fds[i]);
  pid_t pid = ok ? fork() : -1;
  if (pid == 0) {
    int devnull = open("/dev/null", O_RDWR);
    if (pin[0] >= 0) dup2(pin[0], 0);
    else if (devnull >= 0 && !VAL_IS_NONE(input)) dup2(devnull, 0);
    if (om == IO_DEVNULL && devnull >= 0) dup2(devnull, 1);
    else dup2(pout[1], 1);
    if (em == IO_STDOUT) dup2(1, 2);
    else if (em == IO_DEVNULL && devnull >= 0) dup2(devnull, 2);
    else dup2(perr[1], 2);
    signal(SIGPIPE, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    int e = 0;
    if (cwd && chdir(cwd) != 0) e = errno | 0x10000;
    if (!e) {
      if (ev) execvpe(av[0], av, ev);
      else execvp(av[0], av);
      e = errno;
    }
    if (write(pex[1], &e, sizeof e) < 0) _exit(127);
    _exit(127);
  }
  int saved = errno;
  for (int i = 0; i < 8; i++)
    if (i % 2 == 1 && i != 1 && fds[i] >= 0) close(fds[i]);  /* the child's ends */
  if (pin[0] >= 0) close(pin[0]);
  if (pid < 0) {
    for (int i = 0; i < 8; i += 2)
      if (fds[i] >= 0 && i != 0) close(fds[i]);
    if (pin[1] >= 0) close(pin[1]);
    free_vector(av);
    free_vector(ev);
    errno = saved;
    return px_error(NULL, NULL);
  }
  int e = 0;
  ssize_t got;
  while ((got = read(pex[0], &e, sizeof e)) < 0 && errno == EINTR) {}
  close(pex[0]);
  if (got == (ssize_t)sizeof e) {
    if (pin[1] >= 0) close(pin[1]);
    close(pout[0]);
    if (perr[0] >= 0) close(perr[0]);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
    errno = e & 0xffff;
    Value r = px_error((e & 0x10000) ? cwd : av[0], NULL);
    free_vector(av);
    free_vector(ev);
    return r;
  }
  free_vector(av);
  free_vector(ev);
  const char *in_s = VAL_IS_NONE(input) ? NULL : VAL_IS_BYTES(input) ? BYTES(input.u.o)->s : str_cstr(input);
  size_t in_len = !in_s ? 0 : VAL_IS_BYTES(input) ? BYTES(input.u.o)->len : STR(input.u.o)->len, in_off = 0;
  FBuf ob = {0}, eb = {0};
  int rfd[2] = {pout[0], perr[0]}, wfd = pin[1];
  if (wfd >= 0 && in_len == 0) { close(wfd); wfd = -1; }
  int interrupted = 0, timed_out = 0;
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  while (rfd[0] >= 0 || rfd[1] >= 0 || wfd >= 0) {
    struct pollfd pf[3];
    int n = 0, which[3];
    for (int i = 0; i < 2; i++)
      if (rfd[i] >= 0) { pf[n].fd = rfd[i]; pf[n].events = POLLIN; which[n++] = i; }
    if (wfd >= 0) { pf[n].fd = wfd; pf[n].events = POLLOUT; which[n++] = 2; }
    int r = poll(pf, (nfds_t)n, 100);
    if (obj_check_signals() < 0) { interrupted = 1; kill(pid, SIGKILL); break; }
    if (timeout >= 0) {
      struct timespec t1;
      clock_gettime(CLOCK_MONOTONIC, &t1);
      if ((double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9 > timeout) {
        timed_out = 1;
        kill(pid, SIGKILL);
        break;
      }
    }
    if (r <= 0) continue;
    for (int j = 0; j < n; j++) {
      if (!pf[j].revents) continue;
      int i = which[j];
      if (i == 2) {
        /* at most PIPE_BUF: POLLOUT promises that much room, a bigger write could block */
        size_t chunk = in_len - in_off < PIPE_BUF ? in_len - in_off : PIPE_BUF;
        ssize_t w = quiet_write(wfd, in_s + in_off, chunk);
        if (w > 0) in_off += (size_t)w;
        if (w < 0 && errno != EINTR && errno != EAGAIN) in_off = in_len;  /* the child closed it */
        if (in_off >= in_len) { close(wfd); wfd = -1; }
        continue;
      }
      char buf[65536];
      ssize_t k = read(rfd[i], buf, sizeof buf);
      if (k < 0 && errno == EINTR) continue;
      if (k <= 0) { close(rfd[i]); rfd[i] = -1; continue; }
      int mode = i == 0 ? (int)om : (int)em;
      if (mode == IO_PIPE) fbuf_putn(i == 0 ? &ob : &eb, buf, (size_t)k);
      else obj_write(i == 0 ? 1 : 2, buf, (size_t)k);
    }
  }
  for (int i = 0; i < 2; i++)
    if (rfd[i] >= 0) close(rfd[i]);
  if (wfd >= 0) close(wfd);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  Value res = val_null();
  if (!interrupted) {
    int64_t rc = timed_out ? INT64_MIN : WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? -WTERMSIG(status) : -1;
    /* the outputs as bytes: subprocess.py decodes them in text mode */
    Value o = om == IO_PIPE ? bytes_new(ob.s ? ob.s : "", ob.len) : val_none();
    Value r2 = em == IO_PIPE ? bytes_new(eb.s ? eb.s : "", eb.len) : val_none();
    if (VAL_IS_NULL(o) || VAL_IS_NULL(r2)) {
      if (!obj_err_occurred()) obj_raise_nomem();
    } else {
      res = tuple_pack(3, val_int(rc), o, r2);
    }
    val_decref(o);
    val_decref(r2);
  }
  fbuf_free(&ob);
  fbuf_free(&eb);
  return res;
}

/* ---- Popen: a child that outlives the call, its pipes read and written from subprocess.py ---- */
enum { SPEC_PIPE = -1, SPEC_STDOUT = -2, SPEC_DEVNULL = -3, SPEC_INHERIT = -4 };

/* popen(args, cwd, env, in, out, err) -> (pid, in_w, out_r, err_r): each stream is a SPEC_* or an
 * fd the child gets as it is; the parent's pipe ends (-1 where there is none) are close-on-exec. */
static Value px_popen(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("popen", argc, kw, 6, 6) < 0) return val_null();
  Value args = argv[0], cwdv = argv[1], envv = argv[2];
  int64_t spec[3];
  for (int i = 0; i < 3; i++) {
    if (op_as_int(argv[3 + i], &spec[i]) < 0) return val_null();
    if (spec[i] < SPEC_INHERIT || spec[i] > INT_MAX || (spec[i] == SPEC_STDOUT && i != 2))
      return obj_raise(&exc_ValueError, "bad stream for the child: %lld", (long long)spec[i]);
  }
  if (!(VAL_IS_LIST(args) || VAL_IS_TUPLE(args))) return obj_raise(&exc_TypeError, "args must be a list");
  if (!VAL_IS_NONE(cwdv) && !VAL_IS_STR(cwdv)) return obj_raise(&exc_TypeError, "cwd must be str");
  if (!VAL_IS_NONE(envv) && !VAL_IS_DICT(envv)) return obj_raise(&exc_TypeError, "env must be a dict");
  char **av = str_vector(args, 0);
  if (!av) return val_null();
  if (!av[0]) { free_vector(av); return obj_raise(&exc_IndexError, "list index out of range"); }
  char **ev = VAL_IS_NONE(envv) ? NULL : str_vector(envv, 1);
  if (!VAL_IS_NONE(envv) && !ev) { free_vector(av); return val_null(); }
  const char *cwd = VAL_IS_NONE(cwdv) ? NULL : str_cstr(cwdv);
  /* p[i]: the pipe of stream i ([0] read end, [1] write end); pex carries the exec errno back */
  int p[3][2] = {{-1, -1}, {-1, -1}, {-1, -1}}, pex[2] = {-1, -1};
  int ok = pipe(pex) == 0;
  for (int i = 0; i < 3 && ok; i++)
    if (spec[i] == SPEC_PIPE) ok = pipe(p[i]) == 0;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 2; j++)
      if (p[i][j] >= 0) set_cloexec(p[i][j]);
  if (pex[0] >= 0) { set_cloexec(pex[0]); set_cloexec(pex[1]); }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = ok ? fork() : -1;
  if (pid == 0) {
    int devnull = -1, src[3];
    for (int i = 0; i < 3; i++) {
      if (spec[i] == SPEC_PIPE) src[i] = p[i][i == 0 ? 0 : 1];
      else if (spec[i] == SPEC_DEVNULL) {
        if (devnull < 0) devnull = open("/dev/null", O_RDWR);
        src[i] = devnull;
      } else if (spec[i] == SPEC_INHERIT) src[i] = i;
      else if (spec[i] == SPEC_STDOUT) src[i] = 1;
      else src[i] = (int)spec[i];
    }
    /* a source among 0..2 that a lower dup2 would overwrite is moved out of the way first */
    for (int i = 0; i < 3; i++)
      if (src[i] >= 0 && src[i] < 3 && src[i] != i && spec[i] != SPEC_STDOUT) src[i] = fcntl(src[i], F_DUPFD_CLOEXEC, 3);
    for (int i = 0; i < 3; i++) {
      if (spec[i] == SPEC_STDOUT) { dup2(1, 2); continue; }
      if (src[i] < 0) continue;
      if (src[i] == i) { int fl = fcntl(i, F_GETFD); if (fl >= 0) fcntl(i, F_SETFD, fl & ~FD_CLOEXEC); }
      else dup2(src[i], i);
    }
    signal(SIGPIPE, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    int e = 0;
    if (cwd && chdir(cwd) != 0) e = errno | 0x10000;
    if (!e) {
      if (ev) execvpe(av[0], av, ev);
      else execvp(av[0], av);
      e = errno;
    }
    if (write(pex[1], &e, sizeof e) < 0) _exit(127);
    _exit(127);
  }
  int saved = errno;
  if (pex[1] >= 0) close(pex[1]);
  for (int i = 0; i < 3; i++)  /* the child's ends */
    if (p[i][i == 0 ? 0 : 1] >= 0) close(p[i][i == 0 ? 0 : 1]);
  int mine[3] = {p[0][1], p[1][0], p[2][0]};
  int e = 0;
  ssize_t got = 0;
  if (pid > 0) {
    while ((got = read(pex[0], &e, sizeof e)) < 0 && errno == EINTR) {}
  }
  if (pex[0] >= 0) close(pex[0]);
  if (pid < 0 || got == (ssize_t)sizeof e) {
    for (int i = 0; i < 3; i++)
      if (mine[i] >= 0) close(mine[i]);
    Value r;
    if (pid < 0) { errno = saved; r = px_error(NULL, NULL); }
    else {
      while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
      errno = e & 0xffff;
      r = px_error((e & 0x10000) ? cwd : av[0], NULL);
    }
    free_vector(av);
    free_vector(ev);
    return r;
  }
  free_vector(av);
  free_vector(ev);
  return tuple_pack(4, val_int(pid), val_int(mine[0]), val_int(mine[1]), val_int(mine[2]));
}

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int64_t exit_code(int status) {
  return WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? -WTERMSIG(status) : -1;
}

/* wait(pid, timeout) -> returncode, or None when the timeout (None: none) ran out first; a
 * pending Ctrl-C raises KeyboardInterrupt with the child left as it is. */
static Value px_wait(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("wait", argc, kw, 2, 2) < 0) return val_null();
  int64_t pid;
  double timeout = -1;
  if (op_as_int(argv[0], &pid) < 0) return val_null();
  if (!VAL_IS_NONE(argv[1]) && op_as_float(argv[1], &timeout) < 0) return val_null();
  if (pid <= 0 || pid > INT_MAX) return obj_raise(&exc_ValueError, "bad pid");
  double t0 = now_s(), nap = 0.0005;
  for (;;) {
    int status = 0;
    pid_t r = waitpid((pid_t)pid, &status, WNOHANG);
    if (r == (pid_t)pid) return val_int(exit_code(status));
    /* ECHILD: reaped without us (SIGCHLD ignored, as under timeout(1)); its status is gone, and
     * CPython calls that 0 too */
    if (r < 0 && errno == ECHILD) return val_int(0);
    if (r < 0 && errno != EINTR) return px_error(NULL, NULL);
    if (obj_check_signals() < 0) return val_null();
    if (timeout >= 0 && now_s() - t0 >= timeout) return val_none();
    struct timespec ts = {0, (long)(nap * 1e9)};
    nanosleep(&ts, NULL);
    if (nap < 0.02) nap *= 2;
  }
}

static Value px_kill(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("kill", argc, kw, 2, 2) < 0) return val_null();
  int64_t pid, sig;
  if (op_as_int(argv[0], &pid) < 0 || op_as_int(argv[1], &sig) < 0) return val_null();
  if (pid <= 0 || pid > INT_MAX || sig < 0 || sig > 64) return obj_raise(&exc_ValueError, "bad pid or signal");
  if (kill((pid_t)pid, (int)sig) != 0) return px_error(NULL, NULL);
  return val_none();
}

/* wait until fd is ready for ev or the deadline (<0: none) passes: 1 ready, 0 timed out, -1 error */
static int ready(int fd, short ev, double deadline) {
  for (;;) {
    struct pollfd pf = {fd, ev, 0};
    int r = poll(&pf, 1, 100);
    if (obj_check_signals() < 0) return -1;
    if (r > 0) return 1;
    if (r < 0 && errno != EINTR) { px_error(NULL, NULL); return -1; }
    if (deadline >= 0 && now_s() >= deadline) return 0;
  }
}

/* read(fd, n) -> bytes: at most n (n < 0: 65536) as soon as any are there, b'' at the end */
static Value px_read(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("read", argc, kw, 2, 2) < 0) return val_null();
  int64_t fd, n;
  if (op_as_int(argv[0], &fd) < 0 || op_as_int(argv[1], &n) < 0) return val_null();
  if (fd < 0 || fd > INT_MAX) { errno = EBADF; return px_error(NULL, NULL); }
  if (n < 0 || n > 1 << 20) n = 65536;
  char buf[65536];
  if (n > (int64_t)sizeof buf) n = sizeof buf;
  for (;;) {
    if (ready((int)fd, POLLIN, -1) < 0) return val_null();
    ssize_t k = read((int)fd, buf, (size_t)n);
    if (k < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (k < 0) return px_error(NULL, NULL);
    return bytes_new(buf, (size_t)k);
  }
}

/* write(fd, data) -> len(data): all of it, a Ctrl-C between chunks stops it */
static Value px_write(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("write", argc, kw, 2, 2) < 0) return val_null();
  int64_t fd;
  if (op_as_int(argv[0], &fd) < 0) return val_null();
  if (!VAL_IS_BYTES(argv[1])) return obj_raise(&exc_TypeError, "write() needs bytes");
  if (fd < 0 || fd > INT_MAX) { errno = EBADF; return px_error(NULL, NULL); }
  const char *s = BYTES(argv[1].u.o)->s;
  size_t len = BYTES(argv[1].u.o)->len, off = 0;
  while (off < len) {
    if (ready((int)fd, POLLOUT, -1) < 0) return val_null();
    ssize_t w = quiet_write((int)fd, s + off, len - off);
    if (w < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (w < 0) return px_error(NULL, NULL);
    off += (size_t)w;
  }
  return val_int((int64_t)len);
}

/* pump(in_fd, input, in_off, out_fd, err_fd, timeout) -> (in_off, out, err, out_eof, err_eof,
 * timed_out): feed input from in_off and read both outputs through poll until the outputs end,
 * the input is all written (the caller closes stdin and calls again), or the timeout runs out.
 * A fd of -1 takes no part. */
static Value px_pump(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("pump", argc, kw, 6, 6) < 0) return val_null();
  int64_t wfd, off, rfd[2];
  double timeout = -1;
  if (op_as_int(argv[0], &wfd) < 0 || op_as_int(argv[2], &off) < 0 || op_as_int(argv[3], &rfd[0]) < 0 ||
      op_as_int(argv[4], &rfd[1]) < 0)
    return val_null();
  if (!VAL_IS_NONE(argv[5]) && op_as_float(argv[5], &timeout) < 0) return val_null();
  const char *in_s = "";
  size_t in_len = 0;
  if (VAL_IS_BYTES(argv[1])) { in_s = BYTES(argv[1].u.o)->s; in_len = BYTES(argv[1].u.o)->len; }
  else if (!VAL_IS_NONE(argv[1])) return obj_raise(&exc_TypeError, "input must be bytes");
  if (wfd > INT_MAX || rfd[0] > INT_MAX || rfd[1] > INT_MAX) { errno = EBADF; return px_error(NULL, NULL); }
  if (off < 0 || (size_t)off > in_len) off = (int64_t)in_len;
  int had_in = wfd >= 0;
  if ((size_t)off >= in_len) wfd = -1;
  int eof[2] = {0, 0}, timed_out = 0, ok = 1;
  FBuf b[2] = {{0}, {0}};
  double deadline = timeout >= 0 ? now_s() + timeout : -1;
  while ((rfd[0] >= 0 || rfd[1] >= 0 || wfd >= 0) && !(had_in && wfd < 0)) {  /* input done: close stdin first */
    struct pollfd pf[3];
    int n = 0, which[3];
    for (int i = 0; i < 2; i++)
      if (rfd[i] >= 0) { pf[n].fd = (int)rfd[i]; pf[n].events = POLLIN; pf[n].revents = 0; which[n++] = i; }
    if (wfd >= 0) { pf[n].fd = (int)wfd; pf[n].events = POLLOUT; pf[n].revents = 0; which[n++] = 2; }
    int r = poll(pf, (nfds_t)n, 100);
    if (obj_check_signals() < 0) { ok = 0; break; }
    if (r < 0 && errno != EINTR) { px_error(NULL, NULL); ok = 0; break; }
    for (int j = 0; r > 0 && j < n; j++) {
      if (!pf[j].revents) continue;
      int i = which[j];
      if (i == 2) {
        size_t chunk = in_len - (size_t)off < PIPE_BUF ? in_len - (size_t)off : PIPE_BUF;  /* as in spawn */
        ssize_t w = quiet_write((int)wfd, in_s + off, chunk);
        if (w > 0) off += w;
        if (w < 0 && errno != EINTR && errno != EAGAIN) off = (int64_t)in_len;  /* the child closed it */
        if ((size_t)off >= in_len) wfd = -1;
        continue;
      }
      char buf[65536];
      ssize_t k = read((int)rfd[i], buf, sizeof buf);
      if (k < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (k <= 0) { eof[i] = 1; rfd[i] = -1; continue; }
      fbuf_putn(&b[i], buf, (size_t)k);
    }
    if (!ok) break;
    if (deadline >= 0 && now_s() >= deadline && (rfd[0] >= 0 || rfd[1] >= 0 || wfd >= 0)) { timed_out = 1; break; }
  }
  Value res = val_null();
  if (ok) {
    Value o = bytes_new(b[0].s ? b[0].s : "", b[0].len), e = bytes_new(b[1].s ? b[1].s : "", b[1].len);
    if (!VAL_IS_NULL(o) && !VAL_IS_NULL(e))
      res = tuple_pack(6, val_int(off), o, e, val_bool(eof[0]), val_bool(eof[1]), val_bool(timed_out));
    val_decref(o);
    val_decref(e);
  }
  fbuf_free(&b[0]);
  fbuf_free(&b[1]);
  return res;
}

static const MethodDef posix_functions[] = {
    {"stat", px_stat, "stat(path, follow) -> (mode, ino, dev, nlink, uid, gid, size, atime, mtime, ctime)", 0},
    {"access", px_access, "access(path, mode) -> bool", 0},
    {"mkdtemp", px_mkdtemp, "mkdtemp(template) -> path", 0},
    {"mkstemp", px_mkstemp, "mkstemp(template, suffixlen) -> (fd, path)", 0},
    {"close", px_close, "close(fd)", 0},
    {"pipe", px_pipe, "pipe() -> (read_fd, write_fd)", 0},
    {"isatty", px_isatty, "isatty(fd) -> bool", 0},
    {"copyfile", px_copyfile, "copyfile(src, dst)", 0},
    {"chmod", px_chmod, "chmod(path, mode)", 0},
    {"utime", px_utime, "utime(path, atime, mtime)", 0},
    {"statvfs", px_statvfs, "statvfs(path) -> (total, used, free)", 0},
    {"realpath", px_realpath, "realpath(path) -> path", 0},
    {"readlink", px_readlink, "readlink(path) -> path", 0},
    {"symlink", px_symlink, "symlink(src, dst)", 0},
    {"getpwuid", px_getuser, "getpwuid() -> (name, home) of the real user", 0},
    {"readpass", px_readpass, "readpass(prompt) -> str, or None without a terminal", 0},
    {"spawn", px_spawn, "spawn(args, cwd, env, input, out_mode, err_mode, timeout) -> (rc, out, err); input str or bytes, outputs bytes; rc is the smallest int after a timeout", 0},
    {"popen", px_popen, "popen(args, cwd, env, in, out, err) -> (pid, in_w, out_r, err_r); streams: -1 pipe, -2 stdout, -3 devnull, -4 inherit, or a fd", 0},
    {"wait", px_wait, "wait(pid, timeout) -> returncode, or None when the timeout runs out", 0},
    {"kill", px_kill, "kill(pid, sig)", 0},
    {"read", px_read, "read(fd, n) -> bytes, b'' at the end", 0},
    {"write", px_write, "write(fd, data) -> len(data)", 0},
    {"pump", px_pump, "pump(in_fd, input, in_off, out_fd, err_fd, timeout) -> (in_off, out, err, out_eof, err_eof, timed_out)", 0},
    {NULL}};

int modinit__sable_posix(Value m) { return module_add_functions(m, posix_functions); }
