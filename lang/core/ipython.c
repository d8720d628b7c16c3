/* ipython.c - the native half of the IPython layer (module sable._ipython): code run in the
 * user's namespace, CPU times, shell commands with streamed output, output capture. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "core.h"
#include "modtable.h"

static ModuleObj *user_module(void) {
  Session *s = obj_ts.session;
  return s ? s->main : NULL;
}

/* run(source, mode='exec', filename='<magic>'): mode 'exec', 'eval' (the value) or 'single'
 * (the last expression statement's value, else None), in the user's namespace */
static Value ip_run(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("run", argc, argv, kw, "source|mode,filename", a) < 0) return val_null();
  if (!VAL_IS_STR(a[0])) return obj_raise(&exc_TypeError, "run() source must be a str");
  const char *mode = VAL_IS_STR(a[1]) ? str_cstr(a[1]) : "exec";
  const char *fname = VAL_IS_STR(a[2]) ? str_cstr(a[2]) : "<magic>";
  int m = strcmp(mode, "eval") == 0 ? 2 : strcmp(mode, "single") == 0 ? 1 : 0;
  ModuleObj *um = user_module();
  if (!um) return obj_raise(&exc_RuntimeError, "no session");
  Value last = val_null();
  if (sb_exec_source(str_cstr(a[0]), STR(a[0].u.o)->len, fname, um, m, &last) < 0) return val_null();
  return VAL_IS_NULL(last) ? val_none() : last;
}

static Value ip_user_ns(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("user_ns", argc, kw, 0, 0) < 0) return val_null();
  ModuleObj *um = user_module();
  if (!um) return obj_raise(&exc_RuntimeError, "no session");
  return module_dict(um);
}

static Value ip_set_user(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("set_user", argc, kw, 2, 2) < 0) return val_null();
  if (!VAL_IS_STR(argv[0])) return obj_raise(&exc_TypeError, "a name must be a str");
  ModuleObj *um = user_module();
  if (!um) return obj_raise(&exc_RuntimeError, "no session");
  if (module_add(val_obj(&um->ob), str_cstr(argv[0]), argv[1]) < 0) return val_null();
  return val_none();
}

/* del_user(name): unbind a name of the user's namespace; False if it was not bound */
static Value ip_del_user(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("del_user", argc, kw, 1, 1) < 0) return val_null();
  if (!VAL_IS_STR(argv[0])) return obj_raise(&exc_TypeError, "a name must be a str");
  ModuleObj *um = user_module();
  if (!um) return obj_raise(&exc_RuntimeError, "no session");
  for (int64_t i = 0; i < um->n; i++)
    if (!VAL_IS_NULL(um->vals[i]) && strcmp(str_cstr(val_obj(um->names[i])), str_cstr(argv[0])) == 0) {
      Value old = um->vals[i];
      um->vals[i] = val_null();
      val_decref(old);
      MODULE_STORED(um, i);
      return val_bool(1);
    }
  return val_bool(0);
}

/* cpu_times(): (user, system) seconds of this process, as os.times() gives them */
static Value ip_cpu_times(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("cpu_times", argc, kw, 0, 0) < 0) return val_null();
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) < 0) return obj_raise(&exc_OSError, "getrusage: %s", strerror(errno));
  Value u = val_float((double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6);
  Value s = val_float((double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6);
  return tuple_pack(2, u, s);
}

static Value ip_setenv(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("setenv", argc, kw, 2, 2) < 0) return val_null();
  if (!VAL_IS_STR(argv[0]) || !VAL_IS_STR(argv[1])) return obj_raise(&exc_TypeError, "setenv() takes two str");
  if (setenv(str_cstr(argv[0]), str_cstr(argv[1]), 1) < 0)
    return obj_raise(&exc_OSError, "setenv: %s", strerror(errno));
  return val_none();
}

/* 'kernel' when output goes to a notebook front end (it can clear output), else 'terminal' */
static Value ip_frontend(int argc, const Value *argv, Obj *kw) {
  const sb_sink *k = obj_ts.sink;
  return str_from_cstr(k && k->clear_output ? "kernel" : "terminal");
}

static Value ip_help_text(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("help_text", argc, kw, 1, 1) < 0) return val_null();
  char *t = help_text(argv[0]);
  if (!t) return val_null();
  Value r = str_new(t, strlen(t));
  free(t);
  return r;
}

/* ---- shell commands ------------------------------------------------------------------- */
typedef struct Grow { char *s; size_t len, cap; } Grow;
static int grow_put(Grow *g, const char *s, size_t n) {
  if (g->len + n + 1 > g->cap) {
    size_t cap = g->cap ? g->cap * 2 : 4096;
    while (cap < g->len + n + 1) cap *= 2;
    char *ns = realloc(g->s, cap);
    if (!ns) return -1;
    g->s = ns;
    g->cap = cap;
  }
  memcpy(g->s + g->len, s, n);
  g->len += n;
  g->s[g->len] = 0;
  return 0;
}

/* Run cmd with /bin/sh -c. capture=0: stdout and stderr stream to the cell as they come;
 * capture=1: stdout and stderr merged into *out (as IPython's getoutput). Returns the exit
 * status (128+signal when killed), or -1 with an exception set. An interrupt sends SIGINT to
 * the command's process group and waits for it. */
static int run_shell(const char *cmd, int capture, Grow *out) {
  int po[2], pe[2];
  if (pipe2(po, O_CLOEXEC) < 0) { obj_raise(&exc_OSError, "pipe: %s", strerror(errno)); return -1; }
  if (pipe2(pe, O_CLOEXEC) < 0) {
    close(po[0]); close(po[1]);
    obj_raise(&exc_OSError, "pipe: %s", strerror(errno));
    return -1;
  }
  const sb_sink *k = obj_ts.sink;
  int notebook = k && k->clear_output;
  fflush(stdout);
  pid_t pid = fork();
  if (pid < 0) {
    close(po[0]); close(po[1]); close(pe[0]); close(pe[1]);
    obj_raise(&exc_OSError, "fork: %s", strerror(errno));
    return -1;
  }
  if (pid == 0) {
    setpgid(0, 0);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGINT, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    if (notebook || capture) {
      int dn = open("/dev/null", O_RDONLY);
      if (dn >= 0) { dup2(dn, 0); close(dn); }
    }
    dup2(po[1], 1);
    dup2(capture ? po[1] : pe[1], 2);
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
  }
  setpgid(pid, pid);
  close(po[1]);
  close(pe[1]);
  struct pollfd fds[2] = {{po[0], POLLIN, 0}, {pe[0], POLLIN, 0}};
  int open_n = 2, killed = 0, oom = 0;
  char buf[8192];
  while (open_n > 0) {
    int r = poll(fds, 2, 100);
    if (obj_interrupted && !killed) { kill(-pid, SIGINT); killed = 1; }
    if (r < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < 2; i++) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t n = read(fds[i].fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) { close(fds[i].fd); fds[i].fd = -1; open_n--; continue; }
      if (capture) { if (!oom && grow_put(out, buf, (size_t)n) < 0) oom = 1; }
      else obj_write(i + 1, buf, (size_t)n);
    }
  }
  for (int i = 0; i < 2; i++)
    if (fds[i].fd >= 0) close(fds[i].fd);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  if (oom) { obj_raise_nomem(); return -1; }
  return WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1;
}

static Value ip_system(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("system", argc, kw, 1, 1) < 0) return val_null();
  if (!VAL_IS_STR(argv[0])) return obj_raise(&exc_TypeError, "system() takes a str");
  int rc = run_shell(str_cstr(argv[0]), 0, NULL);
  return rc < 0 ? val_null() : val_int(rc);
}

/* getoutput(cmd) -> (text, status): stdout and stderr together, decoded as UTF-8 */
static Value ip_getoutput(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("getoutput", argc, kw, 1, 1) < 0) return val_null();
  if (!VAL_IS_STR(argv[0])) return obj_raise(&exc_TypeError, "getoutput() takes a str");
  Grow g = {0};
  int rc = run_shell(str_cstr(argv[0]), 1, &g);
  if (rc < 0) { free(g.s); return val_null(); }
  Value t = bytes_decode(g.s ? g.s : "", g.len, "utf-8", "replace");
  free(g.s);
  if (VAL_IS_NULL(t)) return t;
  Value r = tuple_pack(2, t, val_int(rc));
  val_decref(t);
  return r;
}

/* ---- capture ------------------------------------------------------------------------- */
/* capture(fn, stdout=True, stderr=True, display=True): call fn() with the cell's output
 * collected; returns (result, stdout_text, stderr_text, [mime dicts]). An exception in fn
 * propagates after the output sink is restored. */
typedef struct Cap { Grow out, err; Value outputs; int k_out, k_err, k_disp; const sb_sink *prev; int oom; } Cap;

static void cap_write(void *ud, int stream, const char *s, size_t n) {
  Cap *c = ud;
  int keep = stream == 2 ? c->k_err : c->k_out;
  if (!keep) {
    if (c->prev && c->prev->write) c->prev->write(c->prev->ud, stream, s, n);
    return;
  }
  if (grow_put(stream == 2 ? &c->err : &c->out, s, n) < 0) c->oom = 1;
}

static void cap_display(void *ud, const sb_bundle *b) {
  Cap *c = ud;
  if (!c->k_disp) {
    if (c->prev && c->prev->display) c->prev->display(c->prev->ud, b);
    return;
  }
  Value d = dict_new();
  if (VAL_IS_NULL(d)) { obj_err_clear(); c->oom = 1; return; }
  for (int i = 0; i < b->n; i++) {
    size_t n = b->len ? b->len[i] : strlen(b->data[i]);
    int binary = strncmp(b->mime[i], "image/", 6) == 0 && strcmp(b->mime[i], "image/svg+xml") != 0;
    Value v = binary ? bytes_new(b->data[i], n) : bytes_decode(b->data[i], n, "utf-8", "replace");
    if (VAL_IS_NULL(v) || dict_setstr(d, b->mime[i], v) < 0) c->oom = 1;
    val_decref(v);
  }
  if (b->metadata) {
    Value m = str_from_cstr(b->metadata);
    if (!VAL_IS_NULL(m)) dict_setstr(d, "__metadata__", m);
    val_decref(m);
  }
  if (list_append(c->outputs, d) < 0) c->oom = 1;
  val_decref(d);
  obj_err_clear();
}

static void cap_clear(void *ud, int wait) {
  Cap *c = ud;
  if (c->prev && c->prev->clear_output && !c->k_disp) c->prev->clear_output(c->prev->ud, wait);
}

static char *cap_input(void *ud, const char *prompt, int password) {
  Cap *c = ud;
  return c->prev && c->prev->input ? c->prev->input(c->prev->ud, prompt, password) : NULL;
}

/* comm messages (widgets) are not output: they reach the front end even while capturing */
static int cap_comm(void *ud, const char *type, const char *js, size_t n, const char *md, size_t mn) {
  Cap *c = ud;
  return c->prev && c->prev->comm ? c->prev->comm(c->prev->ud, type, js, n, md, mn) : -1;
}

/* an uncaught exception is not output either: the front end's own report, with its own ud */
static void cap_error(void *ud, const char *ename, const char *evalue, const char *const *tb, int ntb) {
  Cap *c = ud;
  if (c->prev && c->prev->error) c->prev->error(c->prev->ud, ename, evalue, tb, ntb);
}

static const char *cap_parent(void *ud) {
  Cap *c = ud;
  return c->prev && c->prev->parent ? c->prev->parent(c->prev->ud) : NULL;
}

static Value ip_capture(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("capture", argc, argv, kw, "fn|stdout,stderr,display", a) < 0) return val_null();
  Cap c;
  memset(&c, 0, sizeof c);
  c.k_out = VAL_IS_NULL(a[1]) || op_truth(a[1]) > 0;
  c.k_err = VAL_IS_NULL(a[2]) || op_truth(a[2]) > 0;
  c.k_disp = VAL_IS_NULL(a[3]) || op_truth(a[3]) > 0;
  c.outputs = list_new(0);
  if (VAL_IS_NULL(c.outputs)) return c.outputs;
  c.prev = obj_ts.sink;
  sb_sink s = {.ud = &c, .write = cap_write, .display = cap_display, .result = NULL,
               .clear_output = c.prev && c.prev->clear_output ? cap_clear : NULL,
               .input = c.prev && c.prev->input ? cap_input : NULL,
               .error = c.prev && c.prev->error ? cap_error : NULL,
               .comm = c.prev && c.prev->comm ? cap_comm : NULL,
               .parent = c.prev && c.prev->parent ? cap_parent : NULL};
  obj_ts.sink = &s;
  Value r = op_call0(a[0]);
  obj_ts.sink = c.prev;
  Value res = val_null();
  if (!VAL_IS_NULL(r) && c.oom) { val_decref(r); r = obj_raise_nomem(); }
  if (!VAL_IS_NULL(r)) {
    Value o = bytes_decode(c.out.s ? c.out.s : "", c.out.len, "utf-8", "replace");
    Value e = bytes_decode(c.err.s ? c.err.s : "", c.err.len, "utf-8", "replace");
    if (!VAL_IS_NULL(o) && !VAL_IS_NULL(e)) res = tuple_pack(4, r, o, e, c.outputs);
    val_decref(o);
    val_decref(e);
  }
  val_decref(r);
  val_decref(c.outputs);
  free(c.out.s);
  free(c.err.s);
  return res;
}

/* b64encode(bytes) -> str (no newlines), for data: URLs of images and audio */
static Value ip_b64encode(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("b64encode", argc, kw, 1, 1) < 0) return val_null();
  ObjBuffer bv;
  if (bytes_view(argv[0], &bv) < 0) return val_null();
  static const char al[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const unsigned char *p = (const unsigned char *)bv.buf;
  size_t n = (size_t)bv.len, m = (n + 2) / 3 * 4;
  char *o = malloc(m + 1);
  if (!o) return obj_raise_nomem();
  size_t j = 0;
  for (size_t i = 0; i < n; i += 3) {
    unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0) | (i + 2 < n ? p[i + 2] : 0);
    o[j++] = al[v >> 18 & 63];
    o[j++] = al[v >> 12 & 63];
    o[j++] = i + 1 < n ? al[v >> 6 & 63] : '=';
    o[j++] = i + 2 < n ? al[v & 63] : '=';
  }
  Value r = str_new(o, j);
  free(o);
  return r;
}

static const MethodDef ipython_functions[] = {
    {"b64encode", ip_b64encode, "b64encode(data)\n\nBase64 text of a bytes-like object.", 0},
    {"run", ip_run, "run(source, mode='exec', filename='<magic>')\n\nRun source in the user's namespace.", 0},
    {"user_ns", ip_user_ns, "user_ns()\n\nA dict snapshot of the user's namespace.", 0},
    {"set_user", ip_set_user, "set_user(name, value)\n\nBind a name in the user's namespace.", 0},
    {"del_user", ip_del_user, "del_user(name)\n\nUnbind a name in the user's namespace.", 0},
    {"cpu_times", ip_cpu_times, "cpu_times()\n\n(user, system) CPU seconds of this process.", 0},
    {"setenv", ip_setenv, "setenv(name, value)\n\nSet an environment variable of this process.", 0},
    {"frontend", ip_frontend, "frontend()\n\n'kernel' in a notebook, else 'terminal'.", 0},
    {"help_text", ip_help_text, "help_text(obj)\n\nThe text help(obj) prints.", 0},
    {"system", ip_system, "system(cmd)\n\nRun cmd with /bin/sh, its output streamed; the exit status.", 0},
    {"getoutput", ip_getoutput, "getoutput(cmd)\n\n(output, status) of cmd run with /bin/sh.", 0},
    {"capture", ip_capture, "capture(fn, stdout=True, stderr=True, display=True)\n\n(result, out, err, outputs) of fn().", 0},
    {NULL}};

int modinit_sable__ipython(Value m) { return module_add_functions(m, ipython_functions); }
