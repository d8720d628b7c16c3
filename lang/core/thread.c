/* thread.c - threads as green threads with CPython's GIL semantics: module `_thread` (start_new_thread,
 * lock, RLock, idents) and the scheduler behind every blocking call and the switch interval.
 *
 * The evaluator is single-threaded, so a thread is a C stack of its own (the generators' pooled
 * stacks, gen.c) and one of them runs at a time, as under CPython's GIL. A thread gives the
 * interpreter up when it blocks (time.sleep, a lock's acquire, which is what join, Event, Condition
 * and queue block on) and, when it computes, at the evaluator's poll points once the switch
 * interval has passed: a ticker (an OS thread that only sets a bit of obj_ts.gc_pending, which the
 * poll points already test) asks for it. The state that belongs to an execution (pending and handled
 * exception, frame chain, recursion depth, C stack limit, running generator) is saved by the thread
 * that leaves and restored when it comes back. When no thread can run the scheduler sleeps until the
 * earliest deadline; Ctrl-C wakes the main thread out of any wait with KeyboardInterrupt. A thread's
 * stack goes back to the pool as soon as the next thread runs after it ended. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "eval.h"

#if defined(__SANITIZE_ADDRESS__)
#define THR_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define THR_ASAN 1
#endif
#endif
#ifdef THR_ASAN
#include <sanitizer/common_interface_defs.h>
#include <sanitizer/lsan_interface.h>
#endif
#if !defined(__x86_64__) && !defined(GEN_UCONTEXT)
#define GEN_UCONTEXT 1
#endif
#ifdef GEN_UCONTEXT
#include <ucontext.h>
#else
void gen_switch_to(void **save, void *to) __attribute__((visibility("hidden")));
#endif

#define TIMEOUT_MAX 9223372036.0

enum { T_RUN, T_WAIT, T_DEAD };

typedef struct LockObj {
  Obj ob;
  int locked;
  int rlock;
  int64_t owner, count;      /* RLock */
} LockObj;

typedef struct Thr {
  struct Thr *next;          /* every thread not yet reaped, in the order they started */
  int64_t ident, native_id;
  int state;
  GenStack *stk;             /* NULL: the main thread runs on the session's stack */
  void *sp;
#ifdef GEN_UCONTEXT
  ucontext_t uc;
#endif
  /* the execution state while it is switched out */
  Value exc, handling;
  int located, depth;
  char *stack_limit;
  Frame *frame;
  void *gen;
  /* what it waits for: a lock (NULL: only the deadline), a deadline (< 0: none) */
  LockObj *lock;
  double deadline;
  int wake;                  /* 1 got the lock, 0 deadline, -1 Ctrl-C */
  Value fn, args, kw;
  /* AddressSanitizer: the stack it is suspended on */
  void *fake;
  const void *bottom;
  size_t size;
} Thr;

static Thr main_thr = {.state = T_RUN};
static Thr *threads = &main_thr;   /* main first */
static Thr *cur = &main_thr;
static Thr *from;                  /* the thread that switched to the one now starting to run */
static int nlive = 1;
static int64_t next_id;
static double interval = 0.005;

/* the ticker: asks the running thread to give way every `interval` while others exist */
static pthread_mutex_t tick_mu = PTHREAD_MUTEX_INITIALIZER;
static int tick_running;
static volatile int tick_nlive;

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void nap(double s) {
  if (s <= 0) return;
  struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
  nanosleep(&ts, NULL);
}

static void *ticker(void *arg) {
  for (;;) {
    nap(interval);
    pthread_mutex_lock(&tick_mu);
    if (tick_nlive <= 1) {
      tick_running = 0;
      pthread_mutex_unlock(&tick_mu);
      return NULL;
    }
    pthread_mutex_unlock(&tick_mu);
    __atomic_fetch_or(&obj_ts.gc_pending, 2, __ATOMIC_RELAXED);
  }
}

static void set_nlive(int n) {
  nlive = n;
  pthread_mutex_lock(&tick_mu);
  tick_nlive = n;
  if (n > 1 && !tick_running) {
    pthread_t t;
    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&a, 64 << 10);
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);   /* Ctrl-C stays with the interpreter's thread */
    if (pthread_create(&t, &a, ticker, NULL) == 0) tick_running = 1;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&a);
  }
  pthread_mutex_unlock(&tick_mu);
}

static int64_t main_ident(void) {
  if (!main_thr.ident) {
    main_thr.ident = (int64_t)(uintptr_t)pthread_self();
    main_thr.native_id = (int64_t)getpid();
  }
  return main_thr.ident;
}

/* ---- switching ------------------------------------------------------------------------------ */
static void fiber_start(void **fake, const void *bottom, size_t size) {
#ifdef THR_ASAN
  __sanitizer_start_switch_fiber(fake, bottom, size);
#else
  (void)fake; (void)bottom; (void)size;
#endif
}

/* LeakSanitizer scans a thread's stack as a root: what only a suspended thread holds (a daemon
   still waiting when the program ends) is not leaked */
static void leak_roots(GenStack *s, int on) {
#ifdef THR_ASAN
  if (on) __lsan_register_root_region(gen_stack_lo(s), gen_stack_size(s));
  else __lsan_unregister_root_region(gen_stack_lo(s), gen_stack_size(s));
#else
  (void)s; (void)on;
#endif
}

static void fiber_finish(void *fake, const void **bottom, size_t *size) {
#ifdef THR_ASAN
  __sanitizer_finish_switch_fiber(fake, bottom, size);
#else
  (void)fake; (void)bottom; (void)size;
#endif
}

static void save(Thr *t) {
  t->exc = obj_ts.exc;
  obj_ts.exc = val_null();
  t->handling = obj_ts.handling;
  obj_ts.handling = val_null();
  t->located = obj_ts.located;
  t->depth = obj_ts.depth;
  t->stack_limit = obj_ts.stack_limit;
  t->frame = obj_ts.frame;
  t->gen = gen_swap_current(NULL);
}

static void load(Thr *t) {
  obj_ts.exc = t->exc;
  t->exc = val_null();
  obj_ts.handling = t->handling;
  t->handling = val_null();
  obj_ts.located = t->located;
  obj_ts.depth = t->depth;
  obj_ts.stack_limit = t->stack_limit;
  obj_ts.frame = t->frame;
  gen_swap_current(t->gen);
}

/* the thread that ran before this one ended: its stack is free now */
static void reap(void) {
  Thr *d = from;
  from = NULL;
  if (!d || d->state != T_DEAD || d == &main_thr) return;
  for (Thr **p = &threads; *p; p = &(*p)->next)
    if (*p == d) { *p = d->next; break; }
  leak_roots(d->stk, 0);
  gen_stack_put(d->stk);
  free(d);
}

static void ctx_switch(Thr *to) {
  Thr *me = cur;
  int dying = me->state == T_DEAD;
  if (!dying) save(me);
  from = me;
  cur = to;
  fiber_start(dying ? NULL : &me->fake, to->bottom, to->size);
#ifdef GEN_UCONTEXT
  swapcontext(&me->uc, &to->uc);
#else
  gen_switch_to(&me->sp, to->sp);
#endif
  fiber_finish(me->fake, &from->bottom, &from->size);
  reap();
  load(me);
}

/* the lock for t, if it is free (or t owns the RLock) */
static int lock_try(LockObj *l, Thr *t) {
  if (!l->locked) {
    l->locked = 1;
    l->owner = t->ident;
    l->count = 1;
    return 1;
  }
  if (l->rlock && l->owner == t->ident) {
    l->count++;
    return 1;
  }
  return 0;
}

/* the next thread to run, round robin after the running one (which comes last); NULL: none yet */
static Thr *pick(void) {
  if (obj_interrupted == 1 && main_thr.state == T_WAIT) {
    main_thr.wake = -1;
    return &main_thr;
  }
  if (obj_interrupted == 1 && main_thr.state == T_RUN) return &main_thr;
  double now = -1;
  Thr *t = cur;
  do {
    t = t->next ? t->next : threads;
    if (t->state == T_RUN) return t;
    if (t->state != T_WAIT) continue;
    if (t->lock && lock_try(t->lock, t)) { t->wake = 1; return t; }
    if (t->deadline >= 0) {
      if (now < 0) now = now_s();
      if (now >= t->deadline) { t->wake = 0; return t; }
    }
  } while (t != cur);
  return NULL;
}

/* give the interpreter to another thread that can run, or wait until one can */
static void schedule(void) {
  for (;;) {
    Thr *t = pick();
    if (t) {
      if (t->state == T_WAIT) t->state = T_RUN;
      if (t != cur) ctx_switch(t);
      return;
    }
    double first = -1;
    for (Thr *u = threads; u; u = u->next)
      if (u->state == T_WAIT && u->deadline >= 0 && (first < 0 || u->deadline < first))
        first = u->deadline;
    double step = 0.05;
    if (first >= 0 && first - now_s() < step) step = first - now_s();
    nap(step);   /* a signal cuts it short */
  }
}

/* block the running thread on l (NULL: just the deadline) until deadline (< 0: none);
   1 got the lock, 0 timed out, -1 KeyboardInterrupt raised */
static int wait_for(LockObj *l, double deadline) {
  Thr *me = cur;
  me->lock = l;
  me->deadline = deadline;
  me->state = T_WAIT;
  schedule();
  me->lock = NULL;
  me->state = T_RUN;
  if (me->wake < 0) {
    obj_check_signals();
    if (!obj_err_occurred()) obj_raise(&exc_KeyboardInterrupt, "%s", "");
    return -1;
  }
  return me->wake;
}

/* ---- what the rest of the interpreter calls --------------------------------------------------- */
int thr_active(void) { return nlive > 1; }

int thr_sleep(double secs) {
  if (obj_check_signals() < 0) return -1;
  return wait_for(NULL, now_s() + secs) < 0 ? -1 : 0;
}

void thr_preempt(void) {
  if (nlive > 1) schedule();
}

int thr_defer_interrupt(void) {
  if (cur == &main_thr) return 0;
  schedule();   /* picks the main thread, which raises it */
  return 1;
}

double thr_get_switchinterval(void) { return interval; }
void thr_set_switchinterval(double s) { interval = s; }

/* ---- starting and ending threads ------------------------------------------------------------- */
static void write_unraisable(Value fn) {
  Value exc = obj_err_fetch();
  Value r = op_repr(fn);
  if (VAL_IS_NULL(r)) obj_err_clear();
  const char *rs = VAL_IS_NULL(r) ? "?" : str_cstr(r);
  const char *head = "Exception ignored in thread started by: ";
  obj_write(2, head, strlen(head));
  obj_write(2, rs, strlen(rs));
  obj_write(2, "\n", 1);
  val_decref(r);
  char **lines = NULL;
  int n = tb_format_exception(exc, &lines);
  for (int i = 0; i < n; i++) {
    obj_write(2, lines[i], strlen(lines[i]));
    obj_write(2, "\n", 1);
    free(lines[i]);
  }
  free(lines);
  val_decref(exc);
}

static Value call_with(Value fn, Value args, Value kw) {
  TupleObj *a = TUPLE(args.u.o);
  int64_t nk = VAL_IS_NULL(kw) ? 0 : dict_len(kw);
  if (nk == 0) return op_call(fn, (int)a->len, a->items, NULL);
  Value *argv = obj_calloc((size_t)(a->len + nk), sizeof(Value));
  Value names = tuple_new(nk);
  if (!argv || VAL_IS_NULL(names)) {
    obj_mfree(argv);
    val_decref(names);
    return val_null();
  }
  for (int64_t i = 0; i < a->len; i++) argv[i] = a->items[i];
  int64_t pos = 0, i = 0;
  Value k, v;
  while (i < nk && dict_next(kw, &pos, &k, &v)) {
    if (!VAL_IS_STR(k)) {
      obj_mfree(argv);
      val_decref(names);
      return obj_raise(&exc_TypeError, "keywords must be strings");
    }
    TUPLE_SET(names, i, val_incref(k));
    argv[a->len + i] = v;
    i++;
  }
  Value r = op_call(fn, (int)a->len, argv, names.u.o);
  obj_mfree(argv);
  val_decref(names);
  return r;
}

static void thr_entry(void) {
  Thr *me = cur;
  fiber_finish(NULL, &from->bottom, &from->size);
  reap();
  obj_ts.exc = val_null();
  obj_ts.handling = val_null();
  obj_ts.located = 0;
  obj_ts.depth = 0;
  obj_ts.frame = NULL;
  obj_ts.stack_limit = gen_stack_limit(me->stk);
  gen_swap_current(NULL);
  Value r = call_with(me->fn, me->args, me->kw);
  if (VAL_IS_NULL(r)) {
    if (obj_err_matches(&exc_SystemExit)) obj_err_clear();
    else write_unraisable(me->fn);
  }
  val_decref(r);
  obj_err_clear();
  val_clear(&obj_ts.handling);
  val_clear(&me->fn);
  val_clear(&me->args);
  val_clear(&me->kw);
  me->state = T_DEAD;
  set_nlive(nlive - 1);
  schedule();
  abort();   /* a dead thread is never switched to */
}

static Value t_start_new_thread(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("start_new_thread", argc, kw, 2, 3) < 0) return val_null();
  if (!op_callable(argv[0])) return obj_raise(&exc_TypeError, "first arg must be callable");
  if (!VAL_IS_TUPLE_ANY(argv[1])) return obj_raise(&exc_TypeError, "2nd arg must be a tuple");
  if (argc > 2 && !VAL_IS_DICT_ANY(argv[2]))
    return obj_raise(&exc_TypeError, "optional 3rd arg must be a dictionary");
  main_ident();
  Thr *t = calloc(1, sizeof(Thr));
  if (!t) return obj_raise_nomem();
  t->stk = gen_stack_get();
  if (!t->stk) { free(t); return val_null(); }
#ifdef GEN_UCONTEXT
  if (getcontext(&t->uc) < 0) {
    gen_stack_put(t->stk);
    free(t);
    return obj_raise(&exc_RuntimeError, "can't start new thread");
  }
  t->uc.uc_stack.ss_sp = gen_stack_lo(t->stk);
  t->uc.uc_stack.ss_size = gen_stack_size(t->stk);
  t->uc.uc_link = NULL;
  makecontext(&t->uc, thr_entry, 0);
#else
  void **sp = (void **)(gen_stack_lo(t->stk) + gen_stack_size(t->stk));
  *--sp = NULL;
  *--sp = (void *)thr_entry;
  for (int i = 0; i < 6; i++) *--sp = NULL;
  t->sp = sp;
#endif
  leak_roots(t->stk, 1);
  t->bottom = gen_stack_lo(t->stk);
  t->size = gen_stack_size(t->stk);
  t->ident = main_thr.ident + (++next_id) * 0x1000;
  t->native_id = main_thr.native_id + next_id;
  t->fn = val_incref(argv[0]);
  t->args = val_incref(argv[1]);
  t->kw = argc > 2 ? val_incref(argv[2]) : val_null();
  t->exc = t->handling = val_null();
  t->state = T_RUN;
  Thr **p = &threads;
  while (*p) p = &(*p)->next;
  *p = t;
  set_nlive(nlive + 1);
  return val_int(t->ident);
}

static Value t_get_ident(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("get_ident", argc, kw, 0, 0) < 0) return val_null();
  main_ident();
  return val_int(cur->ident);
}

static Value t_get_native_id(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("get_native_id", argc, kw, 0, 0) < 0) return val_null();
  main_ident();
  return val_int(cur->native_id);
}

static Value t_count(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("_count", argc, kw, 0, 0) < 0) return val_null();
  return val_int(nlive - 1);
}

static Value t_interrupt_main(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("interrupt_main", argc, kw, 0, 1) < 0) return val_null();
  obj_interrupted = 1;
  return val_none();
}

static Value t_stack_size(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("stack_size", argc, kw, 0, 1) < 0) return val_null();
  if (argc == 1) {
    int64_t n;
    if (op_as_int(argv[0], &n) < 0) return val_null();
    if (n != 0 && n < 32768) return obj_raise(&exc_ValueError, "size not valid: %lld bytes", (long long)n);
  }
  return val_int(0);
}

/* ---- lock and RLock ------------------------------------------------------------------------- */
static TypeObj lock_type, rlock_type;

/* acquire(blocking=True, timeout=-1): 1 acquired, 0 not, -1 error */
static int acquire(LockObj *l, const char *fname, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args(fname, argc - 1, argv + 1, kw, "|blocking,timeout", a) < 0) return -1;
  int blocking = 1;
  if (!VAL_IS_NULL(a[0])) {
    blocking = op_truth(a[0]);
    if (blocking < 0) return -1;
  }
  double timeout = -1;
  if (!VAL_IS_NULL(a[1]) && op_as_float(a[1], &timeout) < 0) return -1;
  if (!blocking && timeout != -1) {
    obj_raise(&exc_ValueError, "can't specify a timeout for a non-blocking call");
    return -1;
  }
  if (timeout < 0 && timeout != -1) {
    obj_raise(&exc_ValueError, "timeout value must be positive");
    return -1;
  }
  if (timeout * 1e9 >= 9223372036854775808.0) {
    obj_raise(&exc_OverflowError, "timestamp too large to convert to C _PyTime_t");
    return -1;
  }
  if (timeout > TIMEOUT_MAX) {
    obj_raise(&exc_OverflowError, "timeout value is too large");
    return -1;
  }
  main_ident();
  if (lock_try(l, cur)) return 1;
  if (!blocking) return 0;
  return wait_for(l, timeout < 0 ? -1 : now_s() + timeout);
}

static Value m_acquire(int argc, const Value *argv, Obj *kw) {
  int r = acquire((LockObj *)argv[0].u.o, "acquire", argc, argv, kw);
  return r < 0 ? val_null() : val_bool(r);
}

static Value m_enter(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__enter__", argc - 1, kw, 0, 0) < 0) return val_null();
  int r = acquire((LockObj *)argv[0].u.o, "__enter__", 1, argv, NULL);
  return r < 0 ? val_null() : val_bool(r);
}

static int release(LockObj *l) {
  if (l->rlock) {
    main_ident();
    if (!l->locked || l->owner != cur->ident) {
      obj_raise(&exc_RuntimeError, "cannot release un-acquired lock");
      return -1;
    }
    if (--l->count > 0) return 0;
  } else if (!l->locked) {
    obj_raise(&exc_RuntimeError, "release unlocked lock");
    return -1;
  }
  l->locked = 0;
  l->owner = 0;
  l->count = 0;
  return 0;
}

static Value m_release(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("release", argc - 1, kw, 0, 0) < 0) return val_null();
  return release((LockObj *)argv[0].u.o) < 0 ? val_null() : val_none();
}

static Value m_exit(int argc, const Value *argv, Obj *kw) {
  return release((LockObj *)argv[0].u.o) < 0 ? val_null() : val_none();
}

static Value m_locked(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("locked", argc - 1, kw, 0, 0) < 0) return val_null();
  return val_bool(((LockObj *)argv[0].u.o)->locked);
}

static Value m_is_owned(int argc, const Value *argv, Obj *kw) {
  LockObj *l = (LockObj *)argv[0].u.o;
  main_ident();
  return val_bool(l->locked && l->owner == cur->ident);
}

/* Condition.wait on an RLock: give it up entirely, and take it back at the same depth */
static Value m_release_save(int argc, const Value *argv, Obj *kw) {
  LockObj *l = (LockObj *)argv[0].u.o;
  if (!l->locked) return obj_raise(&exc_RuntimeError, "cannot release un-acquired lock");
  Value st = tuple_pack(2, val_int(l->count), val_int(l->owner));
  if (VAL_IS_NULL(st)) return st;
  l->locked = 0;
  l->count = 0;
  l->owner = 0;
  return st;
}

static Value m_acquire_restore(int argc, const Value *argv, Obj *kw) {
  LockObj *l = (LockObj *)argv[0].u.o;
  if (func_check_args("_acquire_restore", argc - 1, kw, 1, 1) < 0) return val_null();
  int64_t count, owner;
  if (!VAL_IS_TUPLE(argv[1]) || TUPLE(argv[1].u.o)->len != 2 ||
      op_as_int(TUPLE(argv[1].u.o)->items[0], &count) < 0 ||
      op_as_int(TUPLE(argv[1].u.o)->items[1], &owner) < 0) {
    if (!obj_err_occurred()) obj_raise(&exc_TypeError, "_acquire_restore() argument must be a pair");
    return val_null();
  }
  main_ident();
  if (!lock_try(l, cur) && wait_for(l, -1) < 0) return val_null();
  l->count = count;
  l->owner = owner;
  return val_none();
}

static Value m_recursion_count(int argc, const Value *argv, Obj *kw) {
  LockObj *l = (LockObj *)argv[0].u.o;
  main_ident();
  return val_int(l->locked && l->owner == cur->ident ? l->count : 0);
}

static Value lock_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  if (t == &lock_type) return obj_raise(&exc_TypeError, "cannot create '_thread.lock' instances");
  if (func_check_args("RLock", argc, kw, 0, 0) < 0) return val_null();
  LockObj *l = obj_alloc(t, sizeof(LockObj));
  if (!l) return val_null();
  l->rlock = 1;
  return val_obj(&l->ob);
}

static Value t_allocate_lock(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("allocate_lock", argc, kw, 0, 0) < 0) return val_null();
  LockObj *l = obj_alloc(&lock_type, sizeof(LockObj));
  return l ? val_obj(&l->ob) : val_null();
}

static Value lock_repr(Value v) {
  LockObj *l = (LockObj *)v.u.o;
  if (l->rlock)
    return str_fmt("<%s _thread.RLock object owner=%lld count=%lld at %p>",
                   l->locked ? "locked" : "unlocked", (long long)l->owner, (long long)l->count,
                   (void *)v.u.o);
  return str_fmt("<%s _thread.lock object at %p>", l->locked ? "locked" : "unlocked",
                 (void *)v.u.o);
}

static void lock_dealloc(Obj *o) { obj_free(o); }

static const MethodDef lock_methods[] = {
    {"acquire", m_acquire, "acquire(blocking=True, timeout=-1)\nLock the lock; True if it was acquired.", 0},
    {"acquire_lock", m_acquire, "acquire_lock(blocking=True, timeout=-1)\nAn obsolete synonym of acquire().", 0},
    {"release", m_release, "release()\nRelease the lock.", 0},
    {"release_lock", m_release, "release_lock()\nAn obsolete synonym of release().", 0},
    {"locked", m_locked, "locked()\nWhether the lock is held.", 0},
    {"locked_lock", m_locked, "locked_lock()\nAn obsolete synonym of locked().", 0},
    {"__enter__", m_enter, "__enter__()\nLock the lock.", 0},
    {"__exit__", m_exit, "__exit__(*exc_info)\nRelease the lock.", 0},
    {NULL}};

static const MethodDef rlock_methods[] = {
    {"acquire", m_acquire, "acquire(blocking=True, timeout=-1)\nLock the lock, again if this thread holds it.", 0},
    {"release", m_release, "release()\nRelease the lock once.", 0},
    {"__enter__", m_enter, "__enter__()\nLock the lock.", 0},
    {"__exit__", m_exit, "__exit__(*exc_info)\nRelease the lock.", 0},
    {"_is_owned", m_is_owned, "_is_owned()\nWhether this thread holds the lock.", 0},
    {"_release_save", m_release_save, "_release_save()\nFor Condition.wait.", 0},
    {"_acquire_restore", m_acquire_restore, "_acquire_restore(state)\nFor Condition.wait.", 0},
    {"_recursion_count", m_recursion_count, "_recursion_count()\nHow deep this thread holds it.", 0},
    {NULL}};

static TypeObj lock_type = {OBJ_TYPE_HEAD, .name = "lock", .new = lock_new, .dealloc = lock_dealloc,
                            .repr = lock_repr, .methods = lock_methods};
static TypeObj rlock_type = {OBJ_TYPE_HEAD, .name = "RLock", .flags = TF_BASETYPE, .new = lock_new,
                             .dealloc = lock_dealloc, .repr = lock_repr, .methods = rlock_methods};

static const MethodDef thread_functions[] = {
    {"start_new_thread", t_start_new_thread, "start_new_thread(function, args, kwargs=None)\nStart a thread that calls function(*args, **kwargs); its identifier.", 0},
    {"start_new", t_start_new_thread, "start_new(function, args, kwargs=None)\nAn obsolete synonym of start_new_thread().", 0},
    {"allocate_lock", t_allocate_lock, "allocate_lock()\nA new lock object.", 0},
    {"allocate", t_allocate_lock, "allocate()\nAn obsolete synonym of allocate_lock().", 0},
    {"get_ident", t_get_ident, "get_ident()\nThe running thread's identifier.", 0},
    {"get_native_id", t_get_native_id, "get_native_id()\nThe running thread's native identifier.", 0},
    {"_count", t_count, "_count()\nHow many threads started by this module are alive.", 0},
    {"interrupt_main", t_interrupt_main, "interrupt_main(signum=SIGINT)\nRaise KeyboardInterrupt in the main thread.", 0},
    {"stack_size", t_stack_size, "stack_size([size])\nThe stack size of new threads (0: the default).", 0},
    {NULL}};

int modinit__thread(Value m) {
  if (type_ready(&lock_type) < 0 || type_ready(&rlock_type) < 0) return -1;
  if (module_add_functions(m, thread_functions) < 0) return -1;
  if (module_add(m, "LockType", val_obj(&lock_type.ob)) < 0) return -1;
  if (module_add(m, "RLock", val_obj(&rlock_type.ob)) < 0) return -1;
  if (module_add(m, "error", val_obj(&exc_RuntimeError.ob)) < 0) return -1;
  return module_add(m, "TIMEOUT_MAX", val_float(TIMEOUT_MAX));
}
