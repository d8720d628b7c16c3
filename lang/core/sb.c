/* sb.c - the embedding interface of sb.h: sessions, executing source (on a thread with a
 * large stack, so deep recursion ends in RecursionError), echo of the final expression, errors
 * reported through the sink, completion, inspection and is-complete. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "eval.h"
#include "parse.h"

/* One cell or program for the evaluation thread. */
typedef struct ExecJob {
  sb_session *ss;
  const char *src;
  size_t len;
  const char *filename;
  sb_mode mode;
  sb_status status;
  sigset_t mask;   /* the submitting thread's signal mask, which the job runs under */
} ExecJob;

/* The evaluation thread runs on a large mmap'd stack so that deep recursion ends in
 * RecursionError. It is started by the first sb_exec and lives until sb_free; sb_exec hands
 * it a job and sleeps until the job is done (creating a thread per call cost ~0.1 ms). */
struct sb_session {
  Session s;
  void *stack;
  size_t stack_size;
  int eval_state;            /* 0 not started, 1 running, -1 cannot start (run inline) */
  pthread_t eval_th;
  pthread_mutex_t mu;        /* guards job and quit */
  pthread_cond_t cv_job;     /* a job or quit for the thread */
  pthread_cond_t cv_done;    /* the job is done */
  ExecJob *job;
  int quit;
};

#define EVAL_STACK_SIZE ((size_t)512 << 20)
#define STACK_MARGIN ((size_t)2 << 20)

/* ---- compiling and running source --------------------------------------------------------- */
static Value syntax_error_from(const ParseError *pe, CodeObj *code, const char *filename) {
  size_t n = 0;
  const char *line = func_code_line(code, pe->span.line, &n);
  int col = pe->span.col < 0 ? 0 : pe->span.col > (int)n ? (int)n : pe->span.col;
  int ecol = pe->span.end_col < 0 ? 0 : pe->span.end_col > (int)n ? (int)n : pe->span.end_col;
  int offset = line ? (int)utf8_len(line, (size_t)col) + 1 : col + 1;
  /* CPython reports an unexpected indent at the last indentation character, and an unindent
     mismatch at the end of the line */
  if (strcmp(pe->msg, "unexpected indent") == 0 && offset > 1) offset--;
  if (strstr(pe->msg, "unindent does not match") && line) offset = (int)utf8_len(line, n) + 1;
  int end_offset = offset;
  if (line && pe->span.end_line == pe->span.line && ecol > col && pe->kind == PE_SYNTAX)
    end_offset = (int)utf8_len(line, (size_t)ecol) + 1;
  TypeObj *t = pe->kind == PE_TAB ? &exc_TabError : pe->kind == PE_INDENTATION ? &exc_IndentationError
                                                                                : &exc_SyntaxError;
  Value msg = str_from_cstr(pe->msg);
  Value fn = str_from_cstr(filename);
  Value text = line ? str_new(line, n) : val_none();
  Value info = tuple_pack(6, fn, val_int(pe->span.line), val_int(offset), text,
                          val_int(pe->span.end_line), val_int(end_offset));
  Value args = VAL_IS_NULL(info) ? info : tuple_pack(2, msg, info);
  val_decref(msg);
  val_decref(fn);
  val_decref(text);
  val_decref(info);
  if (VAL_IS_NULL(args)) return args;
  Value e = exc_new(t, args);
  val_decref(args);
  if (VAL_IS_NULL(e)) return e;
  obj_raise_value(e);
  val_decref(e);
  obj_ts.located = 1;
  return val_null();
}

/* mode: 0 run, 1 interactive (value of a final expression statement in *last), 2 eval (the
 * source must be one expression) */
int sb_exec_source(const char *src, size_t len, const char *filename, ModuleObj *m, int mode,
                   Value *last) {
  if (last) *last = val_null();
  CodeObj *code = (CodeObj *)func_code_new(src, len, filename);
  if (!code) return -1;
  code->arena = arena_new();
  if (!code->arena) { obj_decref(&code->ob); obj_raise_nomem(); return -1; }
  ParseError pe;
  memset(&pe, 0, sizeof pe);
  Node *mod = parse_module(code->arena, code->src, len, filename, &pe);
  if (!mod) {
    syntax_error_from(&pe, code, filename);
    obj_decref(&code->ob);
    return -1;
  }
  if (mode == 1 && m) {
    if (unparse_declares_future_annotations(mod)) m->future_annotations = 1;
    else if (m->future_annotations && unparse_annotations_as_strings(mod, code->arena) < 0) {
      obj_decref(&code->ob);
      return -1;
    }
  }
  Span es = {0, 0, 0, 0};
  if (resolve_code(mod, m, code, &es) < 0) {
    if (obj_err_matches(&exc_SyntaxError)) {
      ParseError p2;
      memset(&p2, 0, sizeof p2);
      Value e = obj_err_fetch();
      Value s = exc_str(e);
      snprintf(p2.msg, sizeof p2.msg, "%s", VAL_IS_STR(s) ? str_cstr(s) : "invalid syntax");
      val_decref(s);
      val_decref(e);
      p2.span = es;
      syntax_error_from(&p2, code, filename);
    }
    obj_decref(&code->ob);
    return -1;
  }
  NodeList *body = &mod->u.module.body;
  if (mode == 2 && (body->len != 1 || body->items[0]->kind != N_EXPR_STMT)) {
    ParseError p2;
    memset(&p2, 0, sizeof p2);
    snprintf(p2.msg, sizeof p2.msg, "invalid syntax");
    p2.span = body->len ? body->items[0]->span : (Span){1, 0, 1, 0};
    syntax_error_from(&p2, code, filename);
    obj_decref(&code->ob);
    return -1;
  }
  Value nm = str_from_cstr("<module>");
  Frame fr = {.back = obj_ts.frame, .mod = m, .scope = mod->u.module.scope_info, .code = code,
              .name = nm.u.o, .ret = val_null()};
  obj_ts.frame = &fr;
  obj_ts.depth++;   /* the module frame counts toward the recursion limit, as in CPython */
  int n = body->len, st = EX_OK;
  int echo = (mode == 1 && n > 0 && body->items[n - 1]->kind == N_EXPR_STMT &&
              !mod->u.module.last_semicolon) || mode == 2;
  for (int i = 0; i < n - (echo ? 1 : 0) && st == EX_OK; i++) st = exec_stmt(&fr, body->items[i]);
  if (st == EX_OK && echo) {
    Node *e = body->items[n - 1];
    Value v = eval_expr(&fr, e->u.expr_stmt.value);
    if (VAL_IS_NULL(v)) { eval_locate(&fr, e->span); st = EX_ERR; }
    else if (last) *last = v;
    else val_decref(v);
  }
  obj_ts.frame = fr.back;
  obj_ts.depth--;
  val_decref(fr.ret);
  val_decref(nm);
  obj_decref(&code->ob);
  if (st == EX_ERR) return -1;
  if (st != EX_OK) {
    /* break/continue/return at module level are rejected by the parser */
    return 0;
  }
  return 0;
}

/* ---- sessions ------------------------------------------------------------------------------ */
static void eval_stop(sb_session *ss);
static int std_registered;

sb_session *sb_new(int argc, char **argv) {
  str_intern("");
  if (!std_registered) {
    std_registered = 1;
    modtable_register();
  }
  sb_session *ss = calloc(1, sizeof *ss);
  if (!ss) return NULL;
  Session *s = &ss->s;
  Session *prev = obj_ts.session;
  obj_ts.session = s;
  Value b = module_new("builtins");
  Value mods = dict_new();
  Value mainm = module_new("__main__");
  if (VAL_IS_NULL(b) || VAL_IS_NULL(mods) || VAL_IS_NULL(mainm)) goto fail;
  s->builtins = MODULE(b.u.o);
  s->modules = mods;
  s->main = MODULE(mainm.u.o);
  if (builtins_init(s->builtins) < 0) goto fail;
  if (dict_setstr(mods, "builtins", b) < 0 || dict_setstr(mods, "__main__", mainm) < 0) goto fail;
  s->sys = sys_module_new(s, argc, argv);
  if (VAL_IS_NULL(s->sys)) goto fail;
  if (dict_setstr(mods, "sys", s->sys) < 0) goto fail;
  Value bn = str_from_cstr("builtins");
  module_add(mainm, "__builtins__", b);
  val_decref(bn);
  module_add(mainm, "__doc__", val_none());
  obj_ts.session = prev;
  return ss;
fail:
  obj_err_clear();
  obj_ts.session = prev;
  val_decref(b);
  val_decref(mods);
  val_decref(mainm);
  free(ss);
  return NULL;
}

void sb_free(sb_session *ss) {
  if (!ss) return;
  Session *s = &ss->s;
  Session *prev = obj_ts.session;
  obj_ts.session = s;
  obj_err_clear();
  val_clear(&obj_ts.handling);
  /* break the module <-> function cycles, then collect what is left */
  Value mods = s->modules;
  if (VAL_IS_DICT(mods)) {
    int64_t pos = 0;
    Value k, v;
    while (dict_next(mods, &pos, &k, &v))
      if (VAL_IS_OBJ(v) && v.u.o->type == &module_type) {
        ModuleObj *m = MODULE(v.u.o);
        for (int64_t i = 0; i < m->n; i++) val_clear(&m->vals[i]);
        if (m->gdict) dict_clear(val_obj(m->gdict));
      }
  }
  val_clear(&s->modules);
  val_clear(&s->sys);
  val_clear(&s->argv);
  val_clear(&s->cell_end);
  if (s->main) { obj_decref(&s->main->ob); s->main = NULL; }
  if (s->builtins) {
    ModuleObj *b = s->builtins;
    for (int64_t i = 0; i < b->n; i++) val_clear(&b->vals[i]);
    if (b->gdict) dict_clear(val_obj(b->gdict));
    obj_decref(&b->ob);
    s->builtins = NULL;
  }
  obj_gc_collect_full();
  obj_ts.session = prev == s ? NULL : prev;
  eval_stop(ss);
  if (ss->eval_state == 1) return;
  if (ss->stack) munmap(ss->stack, ss->stack_size);
  free(ss);
}

int sb_exit_code(sb_session *ss) { return ss ? ss->s.exit_code : 1; }

void sb_interrupt(void) { obj_interrupted = 1; }
void sb_clear_interrupt(void) { obj_interrupted = 0; }

/* the lowest safe address of the calling thread's stack (for code that runs outside the
 * evaluation thread: completion, inspection, the fallback path) */
static char *current_stack_limit(void) {
  pthread_attr_t attr;
  void *lo = NULL;
  size_t size = 0;
  char here;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    pthread_attr_getstack(&attr, &lo, &size);
    pthread_attr_destroy(&attr);
  }
  if (lo && size > ((size_t)1 << 20) && (char *)lo < &here && &here < (char *)lo + size)
    return (char *)lo + (size > ((size_t)4 << 20) ? ((size_t)1 << 20) : size / 4);
  uintptr_t lim = (uintptr_t)&here - ((uintptr_t)4 << 20);
  return (char *)lim;
}

/* ---- executing ----------------------------------------------------------------------------- */

static void report_error(sb_session *ss, Value exc, const sb_sink *sink) {
  char **lines = NULL;
  int n = tb_format_exception(exc, &lines);
  if (sink && sink->error) {
    char *name = tb_exc_name(exc), *val = tb_exc_value(exc);
    sink->error(sink->ud, name, val, (const char *const *)lines, n);
    free(name);
    free(val);
  } else if (sink && sink->write) {
    FBuf b = {0};
    for (int i = 0; i < n; i++) {
      fbuf_puts(&b, lines[i]);
      fbuf_putc(&b, '\n');
    }
    sink->write(sink->ud, 2, b.s ? b.s : "", b.len);
    fbuf_free(&b);
  }
  for (int i = 0; i < n; i++) free(lines[i]);
  free(lines);
}

/* IPython's set_custom_exc: a handler registered with the IPython module (imported) takes a
 * cell's exception and shows what it wants; 1 when it did. An error in the hook itself leaves
 * the exception to the usual report. */
static int custom_exc(Session *s, Value exc) {
  Value m = VAL_IS_DICT(s->modules) ? dict_getstr(s->modules, "IPython") : val_null();
  if (!VAL_IS_OBJ(m) || m.u.o->type != &module_type) return 0;
  if (VAL_IS_NULL(module_get(m, "_sable_custom_exc"))) {
    obj_err_clear();
    return 0;
  }
  Value r = op_call_method(m, "_sable_custom_exc", 1, &exc);
  int handled = VAL_IS_NULL(r) ? 0 : op_truth(r) == 1;
  val_decref(r);
  obj_err_clear();
  return handled;
}

/* the exception a custom handler showed: the request fails, nothing more is shown */
static void report_shown(Value exc, const sb_sink *sink) {
  if (!sink || !sink->error) return;
  char *name = tb_exc_name(exc), *val = tb_exc_value(exc);
  sink->error(sink->ud, name, val, NULL, 0);
  free(name);
  free(val);
}

int sb_on_cell_end(Value f) {
  Session *s = obj_ts.session;
  if (!s) return obj_raise(&exc_RuntimeError, "no session"), -1;
  if (VAL_IS_NULL(s->cell_end)) {
    s->cell_end = list_new(0);
    if (VAL_IS_NULL(s->cell_end)) return -1;
  }
  return list_append(s->cell_end, f);
}

/* the hooks of sb_on_cell_end; an error in one is reported like the cell's own */
static int run_cell_end(sb_session *ss) {
  Value hooks = ss->s.cell_end;
  int rc = 0;
  if (VAL_IS_NULL(hooks)) return 0;
  val_incref(hooks);
  for (int64_t i = 0; i < LIST(hooks.u.o)->len; i++) {
    Value f = LIST(hooks.u.o)->items[i];
    val_incref(f);
    Value r = op_call(f, 0, NULL, NULL);
    val_decref(f);
    if (VAL_IS_NULL(r)) {
      Value exc = obj_err_fetch();
      if (!VAL_IS_NULL(exc)) report_error(ss, exc, obj_ts.sink);
      val_decref(exc);
      rc = -1;
    } else {
      val_decref(r);
    }
  }
  val_decref(hooks);
  return rc;
}

/* a program ends: the functions registered with atexit run, if the module was imported */
static void run_atexit(Session *s) {
  Value m = VAL_IS_DICT(s->modules) ? dict_getstr(s->modules, "atexit") : val_null();
  if (!VAL_IS_OBJ(m) || m.u.o->type != &module_type) return;
  Value saved = obj_err_fetch();
  obj_ts.located = 0;
  Value r = op_call_method(m, "_run_exitfuncs", 0, NULL);
  val_decref(r);
  obj_err_clear();
  if (!VAL_IS_NULL(saved)) obj_err_restore(saved);
}

/* a program ends: as CPython, wait for the threads that are not daemons (threading._shutdown) */
static void run_shutdown(Session *s) {
  Value m = VAL_IS_DICT(s->modules) ? dict_getstr(s->modules, "threading") : val_null();
  if (!VAL_IS_OBJ(m) || m.u.o->type != &module_type) return;
  Value saved = obj_err_fetch();
  obj_ts.located = 0;
  Value r = op_call_method(m, "_shutdown", 0, NULL);
  val_decref(r);
  obj_err_clear();
  if (!VAL_IS_NULL(saved)) obj_err_restore(saved);
}

/* A script's __main__ gets __file__, absolute as CPython >= 3.9 makes it (without resolving
 * symlinks), so `os.path.dirname(__file__)` finds files beside the script. */
static void set_main_file(Session *s, const char *filename) {
  if (!filename || filename[0] == '<' || !VAL_IS_NULL(module_get(val_obj(&s->main->ob), "__file__")))
    return;
  char buf[4096];
  const char *path = filename;
  if (filename[0] != '/' && getcwd(buf, sizeof buf)) {
    size_t n = strlen(buf);
    if (n + 1 + strlen(filename) < sizeof buf) {
      buf[n] = '/';
      strcpy(buf + n + 1, filename[0] == '.' && filename[1] == '/' ? filename + 2 : filename);
      path = buf;
    }
  }
  Value v = str_from_cstr(path);
  if (VAL_IS_NULL(v) || op_setattr_s(val_obj(&s->main->ob), "__file__", v) < 0) obj_err_clear();
  val_decref(v);
}

static void run_job(ExecJob *j) {
  Session *s = &j->ss->s;
  Value last = val_null();
  obj_ts.depth = 0;
  obj_ts.frame = NULL;
  obj_ts.located = 0;
  val_clear(&obj_ts.handling);
  if (j->mode == SB_FILE) set_main_file(s, j->filename);
  int r = sb_exec_source(j->src, j->len, j->filename, s->main, j->mode == SB_INTERACTIVE ? 1 : 0,
                         &last);
  if (r < 0) {
    Value exc = obj_err_fetch();
    if (VAL_IS_OBJ(exc) && op_is_subtype(exc.u.o->type, &exc_SystemExit)) {
      ExcObj *e = EXC(exc.u.o);
      Value code = VAL_IS_TUPLE(e->args) && TUPLE(e->args.u.o)->len == 1 ? TUPLE(e->args.u.o)->items[0]
                   : VAL_IS_TUPLE(e->args) && TUPLE(e->args.u.o)->len == 0 ? val_none() : e->args;
      if (VAL_IS_NONE(code)) s->exit_code = 0;
      else if (VAL_IS_INTLIKE(code)) s->exit_code = (int)code.u.i;
      else {
        Value str = op_str(code);
        if (!VAL_IS_NULL(str)) {
          obj_write(2, STR(str.u.o)->s, STR(str.u.o)->len);
          obj_write(2, "\n", 1);
          val_decref(str);
        }
        obj_err_clear();
        s->exit_code = 1;
      }
      j->status = SB_EXIT;
    } else if (!VAL_IS_NULL(exc)) {
      if (j->mode == SB_INTERACTIVE && custom_exc(s, exc)) report_shown(exc, obj_ts.sink);
      else report_error(j->ss, exc, obj_ts.sink);
      j->status = SB_ERROR;
    } else {
      j->status = SB_ERROR;
    }
    val_decref(exc);
  } else {
    j->status = SB_OK;
    if (!VAL_IS_NULL(last)) {
      if (!VAL_IS_NONE(last)) {
        display_echo_result(last, obj_ts.sink);
        if (obj_err_occurred()) {
          Value exc = obj_err_fetch();
          report_error(j->ss, exc, obj_ts.sink);
          val_decref(exc);
          j->status = SB_ERROR;
        } else {
          module_add(val_obj(&s->builtins->ob), "_", last);
        }
      }
      val_decref(last);
    }
  }
  if (j->status != SB_EXIT && run_cell_end(j->ss) < 0) j->status = SB_ERROR;
  if (j->mode == SB_FILE) run_shutdown(s);
  if (j->mode == SB_FILE) run_atexit(s);
  val_clear(&obj_ts.handling);
  obj_ts.frame = NULL;
  obj_ts.depth = 0;
  if (obj_ts.gc_pending) obj_gc_collect();
}

/* The evaluation thread: waits for a job, runs it under the submitter's signal mask (as the
 * thread per call did, which inherited it), and blocks every signal while idle, so a Ctrl-C
 * between jobs reaches the front end's own thread (the REPL's select() must wake). */
static void *eval_thread(void *arg) {
  sb_session *ss = arg;
  char here;
  char *limit = (char *)ss->stack + STACK_MARGIN;
  if (&here < limit) limit = NULL;
  sigset_t all;
  sigfillset(&all);
  pthread_mutex_lock(&ss->mu);
  for (;;) {
    while (!ss->job && !ss->quit) pthread_cond_wait(&ss->cv_job, &ss->mu);
    ExecJob *j = ss->job;
    if (!j) break;
    pthread_mutex_unlock(&ss->mu);
    pthread_sigmask(SIG_SETMASK, &j->mask, NULL);
    obj_ts.stack_limit = limit;
    run_job(j);
    pthread_sigmask(SIG_SETMASK, &all, NULL);
    pthread_mutex_lock(&ss->mu);
    ss->job = NULL;
    pthread_cond_signal(&ss->cv_done);
  }
  pthread_mutex_unlock(&ss->mu);
  return NULL;
}

/* Start the evaluation thread on the big stack; 0 ok, -1 (run on the caller's stack). */
static int eval_start(sb_session *ss) {
  if (ss->eval_state) return ss->eval_state > 0 ? 0 : -1;
  ss->eval_state = -1;
  void *p = mmap(NULL, EVAL_STACK_SIZE, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) return -1;
  ss->stack = p;
  ss->stack_size = EVAL_STACK_SIZE;
  if (pthread_mutex_init(&ss->mu, NULL) != 0) return -1;
  if (pthread_cond_init(&ss->cv_job, NULL) != 0) {
    pthread_mutex_destroy(&ss->mu);
    return -1;
  }
  if (pthread_cond_init(&ss->cv_done, NULL) != 0) {
    pthread_cond_destroy(&ss->cv_job);
    pthread_mutex_destroy(&ss->mu);
    return -1;
  }
  pthread_attr_t attr;
  int ok = 0;
  if (pthread_attr_init(&attr) == 0) {
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);   /* the thread starts with signals blocked */
    ok = pthread_attr_setstack(&attr, ss->stack, ss->stack_size) == 0 &&
         pthread_create(&ss->eval_th, &attr, eval_thread, ss) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&attr);
  }
  if (!ok) {
    pthread_cond_destroy(&ss->cv_done);
    pthread_cond_destroy(&ss->cv_job);
    pthread_mutex_destroy(&ss->mu);
    return -1;
  }
  ss->eval_state = 1;
  return 0;
}

static void eval_stop(sb_session *ss) {
  /* (a program cannot end the session it runs in: the thread and its stack stay) */
  if (ss->eval_state != 1 || pthread_equal(pthread_self(), ss->eval_th)) return;
  pthread_mutex_lock(&ss->mu);
  ss->quit = 1;
  pthread_cond_signal(&ss->cv_job);
  pthread_mutex_unlock(&ss->mu);
  pthread_join(ss->eval_th, NULL);
  pthread_cond_destroy(&ss->cv_done);
  pthread_cond_destroy(&ss->cv_job);
  pthread_mutex_destroy(&ss->mu);
  ss->eval_state = 0;
}

/* A thread other than the process's first whose own stack is at least half the evaluation
 * thread's (an embedder that runs its loop on such a thread, like the Jupyter kernel) executes
 * in place: handing each job to another thread costs two thread switches. The lowest safe
 * address of its stack, or NULL; worked out once per thread. */
static _Thread_local int big_stack_known;
static _Thread_local char *big_stack_limit;

static char *caller_big_stack(void) {
  if (big_stack_known) return big_stack_limit;
  big_stack_known = 1;
  if (gettid() == getpid()) return NULL;   /* its stack grows on demand; size unknown */
  pthread_attr_t attr;
  void *lo = NULL;
  size_t size = 0;
  char here;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return NULL;
  pthread_attr_getstack(&attr, &lo, &size);
  pthread_attr_destroy(&attr);
  if (lo && size >= EVAL_STACK_SIZE / 2 && (char *)lo + STACK_MARGIN < &here &&
      &here < (char *)lo + size)
    big_stack_limit = (char *)lo + STACK_MARGIN;
  return big_stack_limit;
}

sb_status sb_exec(sb_session *ss, const char *src, size_t len, const char *filename,
                  sb_mode mode, const sb_sink *sink) {
  if (!ss) return SB_ERROR;
  Session *prev = obj_ts.session;
  const sb_sink *prev_sink = obj_ts.sink;
  char *prev_limit = obj_ts.stack_limit;
  obj_ts.session = &ss->s;
  obj_ts.sink = sink;
  ExecJob j = {.ss = ss, .src = src ? src : "", .len = src ? len : 0,
               .filename = filename ? filename : "<string>", .mode = mode, .status = SB_ERROR};
  char *big = NULL;
  if (ss->eval_state == 1 && pthread_equal(pthread_self(), ss->eval_th)) {
    /* called from a running program (on the big stack already): run in place, keeping the
     * caller's frame chain */
    Frame *fr = obj_ts.frame;
    int depth = obj_ts.depth;
    run_job(&j);
    obj_ts.frame = fr;
    obj_ts.depth = depth;
  } else if ((big = caller_big_stack())) {
    obj_ts.stack_limit = big;
    run_job(&j);
  } else if (eval_start(ss) == 0) {
    pthread_sigmask(SIG_SETMASK, NULL, &j.mask);
    pthread_mutex_lock(&ss->mu);
    ss->job = &j;
    pthread_cond_signal(&ss->cv_job);
    while (ss->job) pthread_cond_wait(&ss->cv_done, &ss->mu);
    pthread_mutex_unlock(&ss->mu);
  } else {
    /* no big stack: guard the current one */
    obj_ts.stack_limit = current_stack_limit();
    run_job(&j);
  }
  obj_ts.session = prev;
  obj_ts.sink = prev_sink;
  obj_ts.stack_limit = prev_limit;
  return j.status;
}

/* ---- completion ---------------------------------------------------------------------------- */
const char *const sb_keywords[] = {
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
    "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
    "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
    "try", "while", "with", "yield", NULL};

typedef struct StrList { char **v; int n, cap; } StrList;

static void sl_add(StrList *l, const char *s) {
  for (int i = 0; i < l->n; i++)
    if (strcmp(l->v[i], s) == 0) return;
  if (l->n == l->cap) {
    int nc = l->cap ? l->cap * 2 : 64;
    char **nv = realloc(l->v, (size_t)nc * sizeof(char *));
    if (!nv) return;
    l->v = nv;
    l->cap = nc;
  }
  char *c = strdup(s);
  if (c) l->v[l->n++] = c;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int is_ident(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         (unsigned char)c >= 0x80;
}

/* look up a dotted name without calling anything but attribute getters */
static Value resolve_dotted(Session *s, const char *expr, size_t n) {
  size_t i = 0;
  while (i < n && expr[i] != '.') i++;
  Obj *nm = str_intern_n(expr, i);
  if (!nm) { obj_err_clear(); return val_null(); }
  Value v = module_get(val_obj(&s->main->ob), STR(nm)->s);
  if (VAL_IS_NULL(v)) v = module_get(val_obj(&s->builtins->ob), STR(nm)->s);
  if (VAL_IS_NULL(v)) return v;
  val_incref(v);
  while (i < n) {
    size_t j = ++i;
    while (i < n && expr[i] != '.') i++;
    Obj *an = str_intern_n(expr + j, i - j);
    Value w = an ? op_getattr(v, an) : val_null();
    val_decref(v);
    if (VAL_IS_NULL(w)) { obj_err_clear(); return w; }
    v = w;
  }
  return v;
}

int sb_complete(sb_session *ss, const char *code, size_t cursor, char ***matches, size_t *start,
                size_t *end) {
  *matches = NULL;
  *start = *end = cursor;
  if (!ss || !code) return 0;
  size_t len = strlen(code);
  if (cursor > len) cursor = len;
  size_t b = cursor;
  while (b > 0 && (is_ident(code[b - 1]) || code[b - 1] == '.')) b--;
  while (b < cursor && code[b] >= '0' && code[b] <= '9') b++;
  const char *word = code + b;
  size_t wn = cursor - b;
  const char *dot = NULL;
  for (size_t i = 0; i < wn; i++)
    if (word[i] == '.') dot = word + i;
  Session *s = &ss->s;
  Session *prev = obj_ts.session;
  char *prev_limit = obj_ts.stack_limit;
  obj_ts.session = s;
  obj_ts.stack_limit = current_stack_limit();
  StrList l = {0};
  const char *prefix = dot ? dot + 1 : word;
  size_t pn = dot ? (size_t)(word + wn - dot - 1) : wn;
  if (dot) {
    Value v = resolve_dotted(s, word, (size_t)(dot - word));
    if (!VAL_IS_NULL(v)) {
      Value names = type_dir(v);
      if (VAL_IS_LIST(names)) {
        for (int64_t i = 0; i < LIST(names.u.o)->len; i++) {
          Value nv = LIST(names.u.o)->items[i];
          if (!VAL_IS_STR(nv)) continue;
          const char *nm = str_cstr(nv);
          if (strncmp(nm, prefix, pn) != 0) continue;
          if (nm[0] == '_' && (pn == 0 || prefix[0] != '_')) continue;
          sl_add(&l, nm);
        }
      }
      val_decref(names);
      val_decref(v);
    }
    obj_err_clear();
  } else {
    ModuleObj *ms[2] = {s->main, s->builtins};
    for (int k = 0; k < 2; k++)
      for (int64_t i = 0; i < ms[k]->n; i++) {
        if (VAL_IS_NULL(ms[k]->vals[i])) continue;
        const char *nm = STR(ms[k]->names[i])->s;
        if (strncmp(nm, prefix, pn) != 0) continue;
        if (nm[0] == '_' && (pn == 0 || prefix[0] != '_')) continue;
        sl_add(&l, nm);
      }
    for (int i = 0; sb_keywords[i]; i++)
      if (strncmp(sb_keywords[i], prefix, pn) == 0) sl_add(&l, sb_keywords[i]);
  }
  obj_ts.session = prev;
  obj_ts.stack_limit = prev_limit;
  if (l.n > 1) qsort(l.v, (size_t)l.n, sizeof(char *), cmp_str);   /* l.v is NULL when empty */
  *matches = l.v;
  *start = (size_t)(prefix - code);
  *end = cursor;
  return l.n;
}

void sb_free_strings(char **v, int n) {
  for (int i = 0; i < n; i++) free(v[i]);
  free(v);
}

char *sb_inspect(sb_session *ss, const char *code, size_t cursor, int detail) {
  if (!ss || !code) return NULL;
  size_t len = strlen(code);
  if (cursor > len) cursor = len;
  size_t e = cursor;
  while (e < len && is_ident(code[e])) e++;
  size_t b = e;
  while (b > 0 && (is_ident(code[b - 1]) || code[b - 1] == '.')) b--;
  if (b == e) {
    /* just after "name(" or inside the call's arguments: the callee */
    size_t k = cursor;
    int depth = 0;
    while (k > 0) {
      char c = code[k - 1];
      if (c == ')') depth++;
      else if (c == '(') {
        if (depth == 0) break;
        depth--;
      }
      k--;
    }
    if (k == 0) return NULL;
    e = k - 1;
    while (e > 0 && code[e - 1] == ' ') e--;
    b = e;
    while (b > 0 && (is_ident(code[b - 1]) || code[b - 1] == '.')) b--;
    if (b == e) return NULL;
  }
  Session *prev = obj_ts.session;
  char *prev_limit = obj_ts.stack_limit;
  obj_ts.session = &ss->s;
  obj_ts.stack_limit = current_stack_limit();
  Value v = resolve_dotted(&ss->s, code + b, e - b);
  char *r = NULL;
  if (!VAL_IS_NULL(v)) {
    r = inspect_text(v, code + b, e - b);
    val_decref(v);
  }
  obj_err_clear();
  obj_ts.session = prev;
  obj_ts.stack_limit = prev_limit;
  return r;
}

/* ---- is-complete ------------------------------------------------------------------------- */
sb_completeness sb_is_complete(const char *code, size_t len, char **indent) {
  if (indent) *indent = NULL;
  Arena *a = arena_new();
  if (!a) return SB_INVALID;
  ParseError pe;
  memset(&pe, 0, sizeof pe);
  char *copy = malloc(len + 1);
  if (!copy) { arena_free(a); return SB_INVALID; }
  memcpy(copy, code, len);
  copy[len] = 0;
  Node *m = parse_module(a, copy, len, "<input>", &pe);
  /* the last non-blank line and its indentation */
  size_t ls = 0, le = 0;
  {
    size_t i = 0;
    while (i < len) {
      size_t j = i;
      while (j < len && copy[j] != '\n') j++;
      size_t k = i;
      while (k < j && (copy[k] == ' ' || copy[k] == '\t')) k++;
      if (k < j && copy[k] != '#') { ls = i; le = j; }
      i = j + 1;
    }
  }
  /* the input ends with an empty (whitespace-only) line after its last content line */
  int blank_end = 0;
  if (le > 0) {
    size_t j = le;
    int newlines = 0;
    while (j < len && (copy[j] == ' ' || copy[j] == '\t' || copy[j] == '\r' || copy[j] == '\n'))
      newlines += copy[j++] == '\n';
    blank_end = newlines >= 2;
  }
  sb_completeness r;
  int last_colon = 0;
  {
    size_t j = le;
    while (j > ls && (copy[j - 1] == ' ' || copy[j - 1] == '\t' || copy[j - 1] == '\r')) j--;
    last_colon = j > ls && copy[j - 1] == ':';
  }
  size_t lead = 0;
  while (ls + lead < le && (copy[ls + lead] == ' ' || copy[ls + lead] == '\t')) lead++;
  if (!m) {
    r = pe.incomplete ? SB_INCOMPLETE : SB_INVALID;
    /* an empty line after a block header ends the input, as in the Python REPL (which then
       reports "expected an indented block"); open brackets and strings keep going */
    if (r == SB_INCOMPLETE && blank_end && pe.kind != PE_SYNTAX) r = SB_INVALID;
  } else {
    /* parsed: a compound statement (even on one line: `while x: y`) still wants a closing
       blank line, as in the Python REPL */
    int compound = 0;
    NodeList *body = &m->u.module.body;
    for (int i = 0; i < body->len && !compound; i++) {
      NodeKind k = body->items[i]->kind;
      compound = k == N_IF || k == N_WHILE || k == N_FOR || k == N_FUNCDEF || k == N_CLASSDEF ||
                 k == N_TRY || k == N_WITH || k == N_MATCH;
    }
    if (compound && !blank_end) r = SB_INCOMPLETE;
    else r = SB_COMPLETE;
  }
  arena_free(a);
  if (r == SB_INCOMPLETE && indent) {
    size_t n = lead + (last_colon ? 4 : 0);
    char *s = malloc(n + 1);
    if (s) {
      for (size_t i = 0; i < n; i++) s[i] = i < lead ? copy[ls + i] : ' ';
      s[n] = 0;
    }
    *indent = s;
  }
  free(copy);
  return r;
}
