/* gen.c - generators: the `generator` type (from a def or lambda with `yield`, and from
 * generator expressions), send/throw/close, `yield` and `yield from`, PEP 479.
 *
 * Why a C stack per generator: the evaluator is a recursive tree walk, so a `yield` may sit
 * under any number of C frames (a for loop inside a try inside a with). Making every statement
 * and expression resumable would mean rewriting the evaluator; instead a generator's body runs
 * on a stack of its own, and yield/resume are a switch of stack pointers (six pushes, six pops:
 * a few nanoseconds, no system call, unlike swapcontext's signal-mask syscall; ucontext remains
 * the fallback on other machines). A stack is a 32 MiB reservation (MAP_NORESERVE: pages are
 * committed only when touched) with a guard page below; it is taken on the first resume and
 * given back (to a small pool) as soon as the body finishes, so only suspended generators hold
 * one. The interpreter state that belongs to an execution (frame chain, recursion depth, C stack
 * limit, the exception being handled, the running generator) is saved on the resumer's side of
 * each switch and restored after it, which keeps every switch strictly nested like a call.
 * Generator expressions need no stack: their loops are stepped in place by genexpr.c.
 * Under AddressSanitizer each switch is announced with the fiber annotations. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "eval.h"

#if defined(__SANITIZE_ADDRESS__)
#define GEN_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GEN_ASAN 1
#endif
#endif
#ifdef GEN_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

#if !defined(__x86_64__) && !defined(GEN_UCONTEXT)
#define GEN_UCONTEXT 1
#endif
#ifdef GEN_UCONTEXT
#include <ucontext.h>
#endif

/* ---- stacks ------------------------------------------------------------------------------ */
#define STACK_RESERVE ((size_t)32 << 20)
#ifdef GEN_ASAN
#define STACK_MARGIN ((size_t)4 << 20)   /* room for C code that does not check the limit */
#else
#define STACK_MARGIN ((size_t)1 << 20)
#endif
#define POOL_MAX 8

struct GenStack {
  struct GenStack *next;
  char *base;            /* the mapping; its first page is the guard */
  size_t size;
#ifdef GEN_UCONTEXT
  ucontext_t uc;
#endif
};

static GenStack *pool;
static int npool;
static size_t page_size;

static GenStack *stack_get(void) {
  if (pool) {
    GenStack *s = pool;
    pool = s->next;
    npool--;
    return s;
  }
  if (!page_size) page_size = (size_t)sysconf(_SC_PAGESIZE);
  GenStack *s = calloc(1, sizeof(GenStack));
  if (!s) { obj_raise_nomem(); return NULL; }
  void *p = mmap(NULL, STACK_RESERVE, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (p == MAP_FAILED) {
    free(s);
    obj_raise(&exc_MemoryError, "cannot allocate a stack for the generator");
    return NULL;
  }
  if (mprotect(p, page_size, PROT_NONE) != 0) {
    munmap(p, STACK_RESERVE);
    free(s);
    obj_raise(&exc_MemoryError, "cannot allocate a stack for the generator");
    return NULL;
  }
  s->base = p;
  s->size = STACK_RESERVE;
  return s;
}

static void stack_put(GenStack *s) {
  if (!s) return;
#ifdef GEN_ASAN
  /* the entry frame never returns and leaves poisoned shadow behind, at the top (every other
     frame unpoisons its own on return; unpoisoning all 32 MiB would commit 4 MiB of shadow) */
  __asan_unpoison_memory_region(s->base + s->size - ((size_t)64 << 10), (size_t)64 << 10);
#endif
  if (npool < POOL_MAX) {
    s->next = pool;
    pool = s;
    npool++;
    return;
  }
  munmap(s->base, s->size);
  free(s);
}

/* the same stacks for threads (thread.c): the usable range and the lowest address the
   interpreter may reach before raising RecursionError */
GenStack *gen_stack_get(void) { return stack_get(); }
void gen_stack_put(GenStack *s) { stack_put(s); }
char *gen_stack_lo(GenStack *s) { return s->base + page_size; }
size_t gen_stack_size(GenStack *s) { return s->size - page_size; }
char *gen_stack_limit(GenStack *s) { return s->base + page_size + STACK_MARGIN; }

/* ---- switching ---------------------------------------------------------------------------- */
#ifndef GEN_UCONTEXT
/* save the callee-saved registers and the stack pointer in *save, continue on `to` */
void gen_switch_to(void **save, void *to) __attribute__((visibility("hidden")));
__asm__(".text\n"
        ".globl gen_switch_to\n"
        ".hidden gen_switch_to\n"
        ".type gen_switch_to,@function\n"
        "gen_switch_to:\n"
        "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbx\n  popq %rbp\n"
        "  ret\n"
        ".size gen_switch_to, .-gen_switch_to\n");
#endif

static GenObj *gen_cur;          /* the innermost running generator with a stack */

/* a thread switch (thread.c) saves the running generator of the thread it leaves */
void *gen_swap_current(void *g) {
  GenObj *old = gen_cur;
  gen_cur = g;
  return old;
}

static void fiber_start(void **fake, const void *bottom, size_t size) {
#ifdef GEN_ASAN
  __sanitizer_start_switch_fiber(fake, bottom, size);
#else
  (void)fake; (void)bottom; (void)size;
#endif
}

static void fiber_finish(void *fake, const void **bottom, size_t *size) {
#ifdef GEN_ASAN
  __sanitizer_finish_switch_fiber(fake, bottom, size);
#else
  (void)fake; (void)bottom; (void)size;
#endif
}

/* from the generator's stack back to whoever resumed it; `final`: the body is over */
static void to_caller(GenObj *g, int final) {
  fiber_start(final ? NULL : &g->fake, g->caller_bottom, g->caller_size);
#ifdef GEN_UCONTEXT
  swapcontext(&g->stk->uc, (ucontext_t *)g->caller_sp);
#else
  gen_switch_to(&g->sp, g->caller_sp);
#endif
  fiber_finish(g->fake, &g->caller_bottom, &g->caller_size);
}

static void run_body(GenObj *g);

static void gen_entry(void) {
  GenObj *g = gen_cur;
  fiber_finish(NULL, &g->caller_bottom, &g->caller_size);
  run_body(g);
  to_caller(g, 1);
  abort();   /* a finished generator is never resumed */
}

/* ---- the body, on the generator's stack ---------------------------------------------------- */
static int is_stopiteration(Value e) {
  return VAL_IS_OBJ(e) && op_is_subtype(e.u.o->type, &exc_StopIteration);
}

static void run_body(GenObj *g) {
  Value sent = g->xfer;      /* None: resumed by next()/send(None) */
  g->xfer = val_null();
  val_decref(sent);
  FuncObj *fn = g->func;
  Frame *fr = &g->fr;
  Value result = val_null();
  if (fn->def->kind == N_LAMBDA) {
    result = eval_expr(fr, fn->def->u.lambda.body);
  } else {
    int st = exec_block(fr, &fn->def->u.funcdef.body);
    if (st == EX_RETURN) result = fr->ret;
    else if (st != EX_ERR) { val_decref(fr->ret); result = val_none(); }
    else val_decref(fr->ret);
    fr->ret = val_null();
  }
  if (VAL_IS_NULL(result) && is_stopiteration(obj_ts.exc)) {
    /* PEP 479 */
    Value si = obj_err_fetch();
    obj_raise(&exc_RuntimeError, "generator raised StopIteration");
    if (VAL_IS_OBJ(obj_ts.exc)) {
      ExcObj *e = EXC(obj_ts.exc.u.o);
      val_decref(e->cause);
      val_decref(e->context);
      e->cause = val_incref(si);
      e->context = si;
      e->suppress_context = 1;
    } else {
      val_decref(si);
    }
  }
  g->xfer = result;
  g->xfer_st = VAL_IS_NULL(result) ? -1 : 0;
}

/* hand v (stolen) to the resumer; the value sent back, or V_NULL with a thrown exception
 * pending */
static Value suspend(GenObj *g, Value v) {
  if (g->kills) {
    /* being destroyed and it yielded anyway: every yield raises GeneratorExit again */
    val_decref(v);
    if (++g->kills > 100) {
      /* it keeps catching it: give up on it (what its frames hold is lost) */
      g->xfer_st = 2;
      to_caller(g, 1);
      abort();
    }
    return obj_raise(&exc_GeneratorExit, "%s", "");
  }
  g->xfer = v;
  g->xfer_st = 1;
  to_caller(g, 0);
  Value s = g->xfer;
  g->xfer = val_null();
  return s;
}

/* ---- resuming ------------------------------------------------------------------------------ */
static void release(GenObj *g) {
  g->state = GEN_DONE;
  stack_put(g->stk);
  g->stk = NULL;
}

/* switch into g (a function generator, created or suspended). sent: stolen; V_NULL with an
 * exception pending throws it at the yield. 1: yielded *out; 0: returned *out; -1: raised */
static int resume(GenObj *g, Value sent, Value *out) {
  if (obj_ts.depth >= obj_ts.limit) {
    val_decref(sent);
    obj_raise(&exc_RecursionError, "maximum recursion depth exceeded");
    return -1;
  }
  if (g->state == GEN_CREATED) {
    g->stk = stack_get();
    if (!g->stk) { val_decref(sent); return -1; }
#ifdef GEN_UCONTEXT
    if (getcontext(&g->stk->uc) < 0) {
      val_decref(sent);
      release(g);
      obj_raise(&exc_MemoryError, "cannot start the generator");
      return -1;
    }
    g->stk->uc.uc_stack.ss_sp = g->stk->base + page_size;
    g->stk->uc.uc_stack.ss_size = g->stk->size - page_size;
    g->stk->uc.uc_link = NULL;
    makecontext(&g->stk->uc, gen_entry, 0);
#else
    /* what gen_switch_to pops: six registers, then gen_entry as the return address, with
     * the stack aligned as at a call */
    void **sp = (void **)(g->stk->base + g->stk->size);
    *--sp = NULL;
    *--sp = (void *)gen_entry;
    for (int i = 0; i < 6; i++) *--sp = NULL;
    g->sp = sp;
#endif
    g->state = GEN_SUSPENDED;
  }
  Frame *pf = obj_ts.frame;
  int pd = obj_ts.depth;
  char *plim = obj_ts.stack_limit;
  Value ph = obj_ts.handling;
  GenObj *pg = gen_cur;
  g->fr.back = pf;
  obj_ts.frame = &g->fr;
  obj_ts.depth = pd + 1;
  obj_ts.stack_limit = g->stk->base + page_size + STACK_MARGIN;
  obj_ts.handling = g->handling;
  if (!VAL_IS_NULL(sent)) obj_ts.located = 0;
  gen_cur = g;
  g->state = GEN_RUNNING;
  g->xfer = sent;
  obj_incref(&g->ob);      /* the body may drop the last outside reference */
  void *fake = NULL;
  fiber_start(&fake, g->stk->base + page_size, g->stk->size - page_size);
#ifdef GEN_UCONTEXT
  ucontext_t here;
  g->caller_sp = &here;
  swapcontext(&here, &g->stk->uc);
#else
  gen_switch_to(&g->caller_sp, g->sp);
#endif
  fiber_finish(fake, NULL, NULL);
  g->handling = obj_ts.handling;
  obj_ts.frame = pf;
  obj_ts.depth = pd;
  obj_ts.stack_limit = plim;
  obj_ts.handling = ph;
  gen_cur = pg;
  int st = g->xfer_st;
  *out = g->xfer;
  g->xfer = val_null();
  if (st == 1) {
    g->state = GEN_SUSPENDED;
  } else {
    g->handling = val_null();
    if (st == 2) {
      /* abandoned while being destroyed: its stack still holds frames */
      g->state = GEN_DONE;
#ifdef GEN_ASAN
      __asan_unpoison_memory_region(g->stk->base + page_size, g->stk->size - page_size);
#endif
      munmap(g->stk->base, g->stk->size);
      free(g->stk);
      g->stk = NULL;
      st = 0;
      *out = val_none();
    } else {
      release(g);
    }
    if (st < 0) obj_ts.located = 0;
  }
  obj_decref(&g->ob);
  return st;
}

/* the one door for next/send/throw: exc set means "throw what is pending" (sent ignored) */
static int send_ex(GenObj *g, Value sent, int exc, Value *out) {
  if (g->state == GEN_RUNNING) {
    if (exc) obj_err_clear();
    obj_raise(&exc_ValueError, "generator already executing");
    return -1;
  }
  if (g->state == GEN_DONE) {
    if (exc) return -1;
    *out = val_none();
    return 0;
  }
  if (g->state == GEN_CREATED) {
    if (exc) {
      /* thrown before it started: it never runs */
      if (g->is_expr) genexpr_finish(g);
      else release(g);
      return -1;
    }
    if (!VAL_IS_NONE(sent)) {
      obj_raise(&exc_TypeError, "can't send non-None value to a just-started generator");
      return -1;
    }
  }
  if (g->is_expr) return genexpr_resume(g, exc, out);
  return resume(g, exc ? val_null() : val_incref(sent), out);
}

int gen_send(Value gv, Value sent, Value *out) {
  return send_ex((GenObj *)gv.u.o, sent, 0, out);
}

/* ---- close, and what dropping a suspended generator does ------------------------------------ */
static int gen_close_obj(GenObj *g) {
  if (g->state == GEN_CREATED) {
    if (g->is_expr) genexpr_finish(g);
    else release(g);
    return 0;
  }
  if (g->state == GEN_DONE) return 0;
  obj_raise(&exc_GeneratorExit, "%s", "");
  Value out;
  int r = send_ex(g, val_null(), 1, &out);
  if (r == 1) {
    val_decref(out);
    obj_raise(&exc_RuntimeError, "generator ignored GeneratorExit");
    return -1;
  }
  if (r == 0) { val_decref(out); return 0; }
  if (obj_err_matches(&exc_GeneratorExit) || obj_err_matches(&exc_StopIteration)) {
    obj_err_clear();
    return 0;
  }
  return -1;
}

static void write_unraisable(Value where) {
  Value exc = obj_err_fetch();
  if (VAL_IS_NULL(exc)) return;
  Value r = op_repr(where);
  if (VAL_IS_NULL(r)) obj_err_clear();
  const char *rs = VAL_IS_NULL(r) ? "<generator>" : str_cstr(r);
  obj_write(2, "Exception ignored in: ", 22);
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

/* run a suspended generator's pending finally blocks (it is being dropped) */
static void finalize(GenObj *g) {
  if (g->state != GEN_SUSPENDED || g->is_expr) return;
  Value saved = obj_err_fetch();
  int located = obj_ts.located;
  if (gen_close_obj(g) < 0) write_unraisable(val_obj(&g->ob));
  if (g->state == GEN_SUSPENDED) {
    /* it yielded from its except/finally: keep throwing until its frames are unwound */
    g->kills = 1;
    obj_raise(&exc_GeneratorExit, "%s", "");
    Value out;
    if (send_ex(g, val_null(), 1, &out) >= 0) val_decref(out);
    else obj_err_clear();
  }
  if (!VAL_IS_NULL(saved)) obj_err_restore(saved);
  obj_ts.located = located;
}

/* ---- the type ------------------------------------------------------------------------------ */
static void drop_refs(GenObj *g) {
  for (int i = 0; i < g->nlocals; i++) val_clear(&g->locals[i]);
  for (int i = 0; i < g->nfree; i++) {
    Obj *c = g->cells[i];
    g->cells[i] = NULL;
    obj_xdecref(c);
  }
  for (int i = 0; i < g->ngen; i++) val_clear(&g->iters[i]);
  val_clear(&g->yf);
}

static void gen_dealloc(Obj *o) {
  GenObj *g = (GenObj *)o;
  if (g->state == GEN_SUSPENDED && !g->is_expr) {
    o->rc = 1;
    finalize(g);
    if (--o->rc > 0) return;   /* its finally stored it somewhere */
  }
  drop_refs(g);
  free(g->locals);
  free(g->cells);
  free(g->iters);
  if (g->stk) stack_put(g->stk);
  if (g->func) obj_decref(&g->func->ob);
  obj_xdecref(g->code);
  if (g->mod) obj_decref(&g->mod->ob);
  obj_xdecref(g->name);
  obj_xdecref(g->qualname);
  obj_free(o);
}

static void gen_traverse(Obj *o, VisitFn visit, void *arg) {
  GenObj *g = (GenObj *)o;
  for (int i = 0; i < g->nlocals; i++)
    if (VAL_IS_OBJ(g->locals[i])) visit(g->locals[i].u.o, arg);
  for (int i = 0; i < g->nfree; i++)
    if (g->cells[i]) visit(g->cells[i], arg);
  for (int i = 0; i < g->ngen; i++)
    if (VAL_IS_OBJ(g->iters[i])) visit(g->iters[i].u.o, arg);
  if (VAL_IS_OBJ(g->yf)) visit(g->yf.u.o, arg);
  if (g->func) visit(&g->func->ob, arg);
  if (g->mod) visit(&g->mod->ob, arg);
}

static void gen_clear(Obj *o) {
  GenObj *g = (GenObj *)o;
  /* garbage held only by a cycle: run its finally blocks first, as CPython's finalizer does */
  finalize(g);
  if (g->state == GEN_RUNNING) return;
  drop_refs(g);
  if (g->state != GEN_DONE) {
    if (g->is_expr) g->depth = -1;
    release(g);
  }
  ModuleObj *m = g->mod;
  g->mod = NULL;
  if (m) obj_decref(&m->ob);
  FuncObj *fn = g->func;
  g->func = NULL;
  if (fn) obj_decref(&fn->ob);
}

static Value gen_iter(Value v) { return val_incref(v); }

static int gen_next(Value v, Value *out) {
  GenObj *g = (GenObj *)v.u.o;
  int r = send_ex(g, val_none(), 0, out);
  if (r == 0) { val_decref(*out); return 0; }
  return r;
}

static Value gen_repr(Value v) {
  GenObj *g = (GenObj *)v.u.o;
  return str_fmt("<generator object %s at %p>", g->qualname ? STR(g->qualname)->s : "?",
                 (void *)v.u.o);
}

/* StopIteration(value) for a generator that returned value (plain StopIteration for None) */
static Value stop_with(Value r) {
  if (VAL_IS_NONE(r)) return obj_raise(&exc_StopIteration, "%s", "");
  Value e = op_call1(val_obj(&exc_StopIteration.ob), r);
  val_decref(r);
  if (VAL_IS_NULL(e)) return e;
  obj_raise_value(e);
  val_decref(e);
  return val_null();
}

static Value m_next(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__next__", argc - 1, kw, 0, 0) < 0) return val_null();
  Value out;
  int r = send_ex((GenObj *)argv[0].u.o, val_none(), 0, &out);
  if (r < 0) return val_null();
  if (r == 0) return stop_with(out);
  return out;
}

static Value m_send(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("send", argc - 1, kw, 1, 1) < 0) return val_null();
  Value out;
  int r = send_ex((GenObj *)argv[0].u.o, argv[1], 0, &out);
  if (r < 0) return val_null();
  if (r == 0) return stop_with(out);
  return out;
}

/* make the exception throw(typ[, val[, tb]]) describes pending; -1 if the arguments are wrong */
static int raise_thrown(int argc, const Value *argv) {
  Value typ = argv[0], val = argc > 1 ? argv[1] : val_none();
  Value tbn;
  Value tb = argc > 2 && !VAL_IS_NONE(argv[2]) ? argv[2] : val_null();
  if (!VAL_IS_NULL(tb) && !frame_tb_entry(tb, &tbn)) {
    obj_raise(&exc_TypeError, "throw() third argument must be a traceback object");
    return -1;
  }
  if (VAL_IS_TYPE(typ) && (((TypeObj *)typ.u.o)->flags & TF_EXC)) {
    Value inst;
    if (VAL_IS_OBJ(val) && op_is_subtype(val.u.o->type, (TypeObj *)typ.u.o)) inst = val_incref(val);
    else if (VAL_IS_NONE(val)) inst = op_call0(typ);
    else if (VAL_IS_TUPLE(val)) {
      TupleObj *t = TUPLE(val.u.o);
      inst = op_call(typ, (int)t->len, t->items, NULL);
    } else inst = op_call1(typ, val);
    if (VAL_IS_NULL(inst)) return -1;
    if (!VAL_IS_OBJ(inst) || !(inst.u.o->type->flags & TF_EXC)) {
      val_decref(inst);
      obj_raise(&exc_TypeError, "calling %s should have returned an instance of BaseException, not %s",
                ((TypeObj *)typ.u.o)->name, op_type_name(inst));
      return -1;
    }
    if (!VAL_IS_NULL(tb) && exc_set_traceback(inst, tb) < 0) { val_decref(inst); return -1; }
    obj_raise_value(inst);
    val_decref(inst);
    return 0;
  }
  if (VAL_IS_OBJ(typ) && (typ.u.o->type->flags & TF_EXC)) {
    if (!VAL_IS_NONE(val)) {
      obj_raise(&exc_TypeError, "instance exception may not have a separate value");
      return -1;
    }
    if (!VAL_IS_NULL(tb) && exc_set_traceback(typ, tb) < 0) return -1;
    obj_raise_value(typ);
    return 0;
  }
  obj_raise(&exc_TypeError, "exceptions must be classes or instances deriving from BaseException, not %s",
            op_type_name(typ));
  return -1;
}

static Value m_throw(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("throw", argc - 1, kw, 1, 3) < 0) return val_null();
  if (raise_thrown(argc - 1, argv + 1) < 0) return val_null();
  Value out;
  int r = send_ex((GenObj *)argv[0].u.o, val_null(), 1, &out);
  if (r < 0) return val_null();
  if (r == 0) return stop_with(out);
  return out;
}

static Value m_close(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("close", argc - 1, kw, 0, 0) < 0) return val_null();
  return gen_close_obj((GenObj *)argv[0].u.o) < 0 ? val_null() : val_none();
}

static Value get_running(Value self) {
  return val_bool(((GenObj *)self.u.o)->state == GEN_RUNNING);
}
/* __name__/__qualname__ here rather than in getset, where they would hide the type's own */
static Value gen_getattr(Value self, Obj *name) {
  GenObj *g = (GenObj *)self.u.o;
  const char *n = STR(name)->s;
  if (strcmp(n, "__name__") == 0) return val_incref(val_obj(g->name));
  if (strcmp(n, "__qualname__") == 0) return val_incref(val_obj(g->qualname));
  return type_generic_getattr(self, name);
}
static Value get_yieldfrom(Value self) {
  GenObj *g = (GenObj *)self.u.o;
  return VAL_IS_NULL(g->yf) ? val_none() : val_incref(g->yf);
}
static Value get_suspended(Value self) {
  return val_bool(((GenObj *)self.u.o)->state == GEN_SUSPENDED);
}

static const MethodDef gen_methods[] = {
    {"__next__", m_next, "__next__()\nImplement next(self).", 0},
    {"send", m_send, "send(value)\nSend a value into the generator; return the next yielded value "
                     "or raise StopIteration.", 0},
    {"throw", m_throw, "throw(typ[, val[, tb]])\nRaise an exception in the generator; return the "
                       "next yielded value or raise StopIteration.", 0},
    {"close", m_close, "close()\nRaise GeneratorExit inside the generator.", 0},
    {NULL}};

static const GetSetDef gen_getset[] = {
    {"gi_running", get_running, NULL, NULL},
    {"gi_suspended", get_suspended, NULL, NULL},
    {"gi_yieldfrom", get_yieldfrom, NULL, "object being iterated by yield from, or None"},
    {NULL}};

TypeObj gen_type = {OBJ_TYPE_HEAD, .name = "generator", .flags = TF_GC,
                    .dealloc = gen_dealloc, .traverse = gen_traverse, .clear = gen_clear,
                    .iter = gen_iter, .next = gen_next, .repr = gen_repr, .getattr = gen_getattr,
                    .methods = gen_methods, .getset = gen_getset};

/* ---- making one ------------------------------------------------------------------------------ */
/* a call of a generator function: takes the bound locals (leaves V_NULL behind) */
Value gen_new(FuncObj *fn, Value *locals, int nl) {
  GenObj *g = obj_alloc(&gen_type, sizeof(GenObj));
  if (!g) return val_null();
  g->locals = obj_calloc((size_t)nl + 1, sizeof(Value));
  if (!g->locals) { obj_free(&g->ob); return val_null(); }
  for (int i = 0; i < nl; i++) {
    g->locals[i] = locals[i];
    locals[i] = val_null();
  }
  g->nlocals = nl;
  g->func = fn;
  obj_incref(&fn->ob);
  g->name = fn->name;
  obj_incref(g->name);
  g->qualname = fn->qualname;
  obj_incref(g->qualname);
  g->yf = val_null();
  g->xfer = val_null();
  g->handling = val_null();
  Frame fr = {.locals = g->locals, .cells = fn->closure, .mod = fn->globals, .func = fn,
              .scope = fn->scope, .code = (CodeObj *)fn->code, .name = fn->name,
              .ret = val_null()};
  g->fr = fr;
  g->state = GEN_CREATED;
  return val_obj(&g->ob);
}

/* ---- yield and yield from, evaluated on the generator's stack -------------------------------- */
static GenObj *current(Frame *f) {
  GenObj *g = gen_cur;
  if (!g || &g->fr != f) {
    obj_raise(&exc_SystemError, "yield outside a running generator");
    return NULL;
  }
  return g;
}

Value gen_yield(Frame *f, Node *n) {
  GenObj *g = current(f);
  if (!g) return val_null();
  Value v = n->u.yield.value ? eval_expr(f, n->u.yield.value) : val_none();
  if (VAL_IS_NULL(v)) return v;
  return suspend(g, v);
}

/* one step of the delegate: send (V_NULL: throw what is pending). 1 yielded, 0 returned
 * (*out its value), -1 raised */
static int delegate_step(Value it, Value sent, Value *out) {
  int thrown = VAL_IS_NULL(sent);
  if (VAL_IS_OBJ(it) && it.u.o->type == &gen_type)
    return send_ex((GenObj *)it.u.o, sent, thrown, out);
  Value r;
  if (thrown) {
    Value exc = obj_err_fetch();
    Value m = op_getattr_s(it, "throw");
    if (VAL_IS_NULL(m)) {
      obj_err_clear();
      obj_err_restore(exc);
      return -1;
    }
    r = op_call(m, 1, &exc, NULL);
    val_decref(m);
    val_decref(exc);
  } else if (VAL_IS_NONE(sent)) {
    int k = op_next(it, out);
    if (k == 0) *out = val_none();
    return k;
  } else {
    r = op_call_method(it, "send", 1, &sent);
  }
  if (VAL_IS_NULL(r)) {
    if (obj_err_matches(&exc_StopIteration)) {
      Value e = obj_err_fetch();
      Value a = op_getattr_s(e, "value");
      val_decref(e);
      if (VAL_IS_NULL(a)) return -1;
      *out = a;
      return 0;
    }
    return -1;
  }
  *out = r;
  return 1;
}

/* close the delegate when GeneratorExit is thrown at a yield from */
static int close_delegate(Value it) {
  if (VAL_IS_OBJ(it) && it.u.o->type == &gen_type) return gen_close_obj((GenObj *)it.u.o);
  Value m = op_getattr_s(it, "close");
  if (VAL_IS_NULL(m)) { obj_err_clear(); return 0; }
  Value r = op_call(m, 0, NULL, NULL);
  val_decref(m);
  if (VAL_IS_NULL(r)) return -1;
  val_decref(r);
  return 0;
}

Value gen_yield_from(Frame *f, Node *n) {
  GenObj *g = current(f);
  if (!g) return val_null();
  Value src = eval_expr(f, n->u.yield.value);
  if (VAL_IS_NULL(src)) return src;
  Value it = op_iter(src);
  val_decref(src);
  if (VAL_IS_NULL(it)) return it;
  val_clear(&g->yf);
  g->yf = val_incref(it);
  Value sent = val_none(), result = val_null();
  for (;;) {
    Value y;
    int r = delegate_step(it, sent, &y);
    val_decref(sent);
    if (r < 0) break;
    if (r == 0) { result = y; break; }
    sent = suspend(g, y);
    if (VAL_IS_NULL(sent) && obj_err_matches(&exc_GeneratorExit)) {
      Value exc = obj_err_fetch();
      if (close_delegate(it) < 0) { val_decref(exc); break; }
      obj_err_restore(exc);
      break;
    }
  }
  val_clear(&g->yf);
  val_decref(it);
  return result;
}
