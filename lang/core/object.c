/* object.c - allocation (with a size cap and MemoryError), reference counting with a deferred
 * deallocation queue for deep structures, the cycle collector, and the pending-error state. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <malloc.h>
#include <unistd.h>
#include "core.h"

ThreadState obj_ts = {.limit = 1000};
volatile sig_atomic_t obj_interrupted;

/* ---- allocation ------------------------------------------------------------------------ */
typedef struct GCHead {
  struct GCHead *prev, *next;
  intptr_t refs;        /* -1 outside a collection of this object's generation */
  intptr_t gen;         /* 0 young, 1 old */
} GCHead;

/* Two generations: new objects are young; the young are examined often (every YOUNG_MAX
 * allocations), survivors become old; the old are examined when they have doubled. */
static GCHead gc_young = {&gc_young, &gc_young, 0, 0};
static GCHead gc_old = {&gc_old, &gc_old, 0, 1};
static int64_t young_count, old_count, old_at_full;
#define YOUNG_MAX 10000
static size_t alloc_cap;

size_t obj_alloc_cap(void) {
  if (!alloc_cap) {
    long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
    size_t phys = (pages > 0 && psz > 0) ? (size_t)pages * (size_t)psz : ((size_t)4 << 30);
    alloc_cap = phys / 4 * 3;
    const char *e = getenv("SABLE_ALLOC_CAP");
    if (e && atoll(e) > 0) alloc_cap = (size_t)atoll(e);
  }
  return alloc_cap;
}

Value obj_raise_nomem(void) { return obj_raise(&exc_MemoryError, "%s", ""); }

/* Every 64 MB of allocation requests, look at the whole heap and at the memory the system
 * still has: a runaway program gets MemoryError before the OOM killer picks a process. */
static size_t since_check;
#define CHECK_EVERY ((size_t)64 << 20)

static size_t mem_available(void) {
  FILE *f = fopen("/proc/meminfo", "r");
  if (!f) return (size_t)-1;
  char line[128];
  size_t kb = (size_t)-1;
  while (fgets(line, sizeof line, f))
    if (strncmp(line, "MemAvailable:", 13) == 0) { kb = (size_t)strtoull(line + 13, NULL, 10); break; }
  fclose(f);
  return kb == (size_t)-1 ? kb : kb * 1024;
}

static int heap_ok(size_t n) {
  since_check += n;
  if (since_check < CHECK_EVERY) return 1;
  since_check = 0;
  struct mallinfo2 mi = mallinfo2();
  size_t used = mi.uordblks + mi.hblkhd;
  if (used + n > obj_alloc_cap()) return 0;
  size_t avail = mem_available();
  size_t floor = obj_alloc_cap() / 15;
  if (floor < ((size_t)256 << 20)) floor = (size_t)256 << 20;
  if (avail != (size_t)-1 && (avail < n || avail - n < floor)) return 0;
  return 1;
}

void *obj_malloc(size_t n) {
  if (n > obj_alloc_cap() || !heap_ok(n)) { obj_raise_nomem(); return NULL; }
  void *p = malloc(n ? n : 1);
  if (!p) obj_raise_nomem();
  return p;
}

void *obj_calloc(size_t n, size_t size) {
  if ((size && n > obj_alloc_cap() / size) || !heap_ok(n * size)) { obj_raise_nomem(); return NULL; }
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p) obj_raise_nomem();
  return p;
}

void *obj_realloc(void *p, size_t n) {
  if (n > obj_alloc_cap() || !heap_ok(n)) { obj_raise_nomem(); return NULL; }
  void *q = realloc(p, n ? n : 1);
  if (!q) obj_raise_nomem();
  return q;
}

void *obj_realloc_array(void *p, size_t n, size_t size) {
  if (size && n > obj_alloc_cap() / size) { obj_raise_nomem(); return NULL; }
  return obj_realloc(p, n * size);
}

void obj_mfree(void *p) { free(p); }

void *obj_alloc(TypeObj *t, size_t size) {
  Obj *o;
  if (t->flags & TF_GC) {
    GCHead *h = obj_calloc(1, sizeof(GCHead) + size);
    if (!h) return NULL;
    h->next = &gc_young;
    h->prev = gc_young.prev;
    gc_young.prev->next = h;
    gc_young.prev = h;
    h->refs = -1;
    o = (Obj *)(h + 1);
    if (++young_count > YOUNG_MAX) obj_ts.gc_pending = 1;
  } else {
    o = obj_calloc(1, size);
    if (!o) return NULL;
  }
  o->rc = 1;
  o->type = t;
  if (t->flags & TF_HEAP) obj_incref(&t->ob);
  return o;
}

static void obj_gc_untrack(Obj *o) {
  GCHead *h = (GCHead *)o - 1;
  if (h->next) {
    h->prev->next = h->next;
    h->next->prev = h->prev;
    h->next = h->prev = NULL;
    if (h->gen) old_count--;
    else young_count--;
  }
}

void obj_free(Obj *o) {
  TypeObj *t = o->type;
  if (t->flags & TF_GC) {
    obj_gc_untrack(o);
    free((GCHead *)o - 1);
  } else {
    free(o);
  }
  if (t->flags & TF_HEAP) obj_decref(&t->ob);
}

/* Deallocation of a deep structure (a list nested a million times) would recurse a million
 * times; past a depth, objects wait in a queue (linked through their dead rc field). */
static int dealloc_depth;

/* A native type that owns nothing but its memory may leave .dealloc NULL. */
static void dealloc_with(Obj *o) {
  /* weak references go dead before the object does; their callbacks run after it is gone */
  struct WeakRefObj *cbs = weak_live ? weak_kill(o, NULL) : NULL;
  if (o->type->dealloc) o->type->dealloc(o);
  else obj_free(o);
  if (cbs) weak_run_callbacks(cbs);
}
static Obj *trash;

void obj_dealloc(Obj *o) {
  if (o->rc >= OBJ_IMMORTAL / 2) return;
  if (dealloc_depth > 200) {
    o->rc = (intptr_t)trash;
    trash = o;
    return;
  }
  dealloc_depth++;
  dealloc_with(o);
  dealloc_depth--;
  if (dealloc_depth == 0) {
    while (trash) {
      Obj *t = trash;
      trash = (Obj *)t->rc;
      t->rc = 0;
      dealloc_depth++;
      dealloc_with(t);
      dealloc_depth--;
    }
  }
}

/* ---- cycle collector (CPython's algorithm over one generation: subtract the references
 * from inside the generation; what keeps a positive count is referenced from outside,
 * as is everything it reaches; the rest is garbage held only by cycles) --------------- */
static void visit_decref(Obj *o, void *arg) {
  if (o && (o->type->flags & TF_GC)) {
    GCHead *h = (GCHead *)o - 1;
    if (h->next && h->refs > 0) h->refs--;
  }
}

typedef struct ReachStack { Obj **v; size_t n, cap; int failed; } ReachStack;

static void visit_push(Obj *o, void *arg) {
  ReachStack *st = arg;
  if (!o || !(o->type->flags & TF_GC)) return;
  GCHead *h = (GCHead *)o - 1;
  if (!h->next || h->refs != 0) return;
  h->refs = 1;
  if (st->n == st->cap) {
    size_t nc = st->cap ? st->cap * 2 : 256;
    Obj **nv = realloc(st->v, nc * sizeof(Obj *));
    if (!nv) { st->failed = 1; return; }
    st->v = nv;
    st->cap = nc;
  }
  st->v[st->n++] = o;
}

/* move every object of list `from` to the end of list `to` */
static void gc_splice(GCHead *from, GCHead *to) {
  if (from->next == from) return;
  from->next->prev = to->prev;
  to->prev->next = from->next;
  from->prev->next = to;
  to->prev = from->prev;
  from->next = from->prev = from;
}

/* during a collection, after the reachable are marked: unreachable in this generation */
static int gc_is_garbage(Obj *o) {
  if (!(o->type->flags & TF_GC)) return 0;
  GCHead *h = (GCHead *)o - 1;
  return h->next && h->refs == 0;
}

static void collect_young(void) {
  GCHead *h;
  for (h = gc_young.next; h != &gc_young; h = h->next) {
    Obj *o = (Obj *)(h + 1);
    h->refs = o->rc >= OBJ_IMMORTAL / 2 ? 1 << 30 : o->rc;
    if (h->refs <= 0) h->refs = 1;
  }
  for (h = gc_young.next; h != &gc_young; h = h->next) {
    Obj *o = (Obj *)(h + 1);
    if (o->type->traverse) o->type->traverse(o, visit_decref, NULL);
  }
  ReachStack st = {0};
  for (h = gc_young.next; h != &gc_young; h = h->next) {
    Obj *o = (Obj *)(h + 1);
    if (h->refs > 0) {
      if (o->type->traverse) o->type->traverse(o, visit_push, &st);
      while (st.n) {
        Obj *x = st.v[--st.n];
        if (x->type->traverse) x->type->traverse(x, visit_push, &st);
      }
    }
  }
  /* weak references to the garbage die first (CPython's handle_weakrefs); callbacks of
     references that are garbage themselves never run */
  struct WeakRefObj *cbs = NULL, **cbtail = &cbs;
  if (weak_live && !st.failed)
    for (h = gc_young.next; h != &gc_young; h = h->next)
      if (h->refs == 0) {
        *cbtail = weak_kill((Obj *)(h + 1), gc_is_garbage);
        while (*cbtail) cbtail = weak_chain_next(*cbtail);
      }
  /* one pass: pick up the garbage and age the survivors (garbage ages too; freeing it
     unlinks it from the old list) */
  Obj **dead = NULL;
  size_t k = 0, cap = 0;
  for (h = gc_young.next; h != &gc_young; h = h->next) {
    if (h->refs == 0 && !st.failed) {
      if (k == cap) {
        size_t nc = cap ? cap * 2 : 256;
        Obj **nd = realloc(dead, nc * sizeof(Obj *));
        if (!nd) st.failed = 1;
        else { dead = nd; cap = nc; }
      }
      if (k < cap) { dead[k] = (Obj *)(h + 1); obj_incref(dead[k]); k++; }
    }
    h->refs = -1;
    h->gen = 1;
  }
  old_count += young_count;
  young_count = 0;
  gc_splice(&gc_young, &gc_old);
  for (size_t i = 0; i < k; i++)
    if (dead[i]->type->clear) dead[i]->type->clear(dead[i]);
  for (size_t i = 0; i < k; i++) obj_decref(dead[i]);
  free(dead);
  free(st.v);
  if (cbs) weak_run_callbacks(cbs);
}

/* a collection of the young; of everything when the old have doubled since the last full one */
static void gc_collect(int full) {
  obj_ts.gc_pending = 0;
  if (full || old_count > 2 * old_at_full + 10 * YOUNG_MAX) {
    for (GCHead *h = gc_old.next; h != &gc_old; h = h->next) h->gen = 0;
    young_count += old_count;
    old_count = 0;
    gc_splice(&gc_old, &gc_young);
    /* the old list must come first so the young keep their order behind it */
    collect_young();
    old_at_full = old_count;
  } else {
    collect_young();
  }
}

/* the poll points call this when gc_pending is set: bit 1 asks for a young collection, bit 2
   (set by thread.c's ticker) for a thread switch */
void obj_gc_collect(void) {
  int p = obj_ts.gc_pending;
  if (p & 2) {
    __atomic_fetch_and(&obj_ts.gc_pending, ~2, __ATOMIC_RELAXED);
    thr_preempt();
    if (!(p & 1)) return;
  }
  gc_collect(p ? 0 : 1);
}

void obj_gc_collect_full(void) { gc_collect(1); }

/* ---- pending exception ----------------------------------------------------------------- */
static void set_pending(Value exc) {
  /* implicit chaining: an exception raised while handling another gets it as __context__ */
  if (VAL_IS_OBJ(obj_ts.handling) && VAL_IS_OBJ(exc) &&
      obj_ts.handling.u.o != exc.u.o && VAL_IS_NULL(EXC(exc.u.o)->context)) {
    /* avoid cycles: do not chain if exc is already in handling's context chain */
    Value c = obj_ts.handling;
    int cyc = 0;
    for (int k = 0; VAL_IS_OBJ(c) && k < 100; k++) {
      if (c.u.o == exc.u.o) { cyc = 1; break; }
      c = EXC(c.u.o)->context;
    }
    if (!cyc) EXC(exc.u.o)->context = val_incref(obj_ts.handling);
  }
  val_decref(obj_ts.exc);
  obj_ts.exc = exc;
  obj_ts.located = 0;
}

static ExcObj nomem_exc;

static Value obj_raisev(TypeObj *t, const char *fmt, va_list ap) {
  char buf[512];
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  Value msg;
  if (n >= (int)sizeof buf) {
    char *big = malloc((size_t)n + 1);
    if (big) {
      vsnprintf(big, (size_t)n + 1, fmt, ap2);
      msg = str_new(big, (size_t)n);
      free(big);
    } else {
      msg = str_new(buf, sizeof buf - 1);
    }
  } else {
    msg = str_new(buf, n < 0 ? 0 : (size_t)n);
  }
  va_end(ap2);
  Value args;
  int empty_mem = n == 0;   /* raise X with no message: X() has no args */
  if (VAL_IS_NULL(msg)) {
    obj_err_clear();
    args = val_null();
  } else {
    args = empty_mem ? tuple_new(0) : tuple_pack(1, msg);
    val_decref(msg);
  }
  Value e = VAL_IS_NULL(args) ? val_null() : exc_new(t, args);
  val_decref(args);
  if (VAL_IS_NULL(e)) {
    /* no memory even for the exception: use a static MemoryError */
    if (!nomem_exc.ob.type) {
      nomem_exc.ob.rc = OBJ_IMMORTAL;
      nomem_exc.ob.type = &exc_MemoryError;
    }
    e = val_obj(&nomem_exc.ob);
  }
  set_pending(e);
  return val_null();
}

Value obj_raise(TypeObj *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  obj_raisev(t, fmt, ap);
  va_end(ap);
  return val_null();
}

Value obj_raise_value(Value exc) {
  if (VAL_IS_TYPE(exc)) {
    TypeObj *cls = (TypeObj *)exc.u.o;
    if (!(cls->flags & TF_EXC))
      return obj_raise(&exc_TypeError, "exceptions must derive from BaseException");
    Value inst = op_call(exc, 0, NULL, NULL);
    if (VAL_IS_NULL(inst)) return inst;
    if (!VAL_IS_OBJ(inst) || !(inst.u.o->type->flags & TF_EXC)) {
      val_decref(inst);
      return obj_raise(&exc_TypeError,
                       "calling %s should have returned an instance of BaseException", cls->name);
    }
    set_pending(inst);
    return val_null();
  }
  if (!VAL_IS_OBJ(exc) || !(exc.u.o->type->flags & TF_EXC))
    return obj_raise(&exc_TypeError, "exceptions must derive from BaseException");
  set_pending(val_incref(exc));
  return val_null();
}

int obj_err_occurred(void) { return !VAL_IS_NULL(obj_ts.exc); }

int obj_err_matches(TypeObj *t) {
  if (VAL_IS_NULL(obj_ts.exc)) return 0;
  return op_is_subtype(obj_ts.exc.u.o->type, t);
}

void obj_err_clear(void) {
  Value e = obj_ts.exc;
  obj_ts.exc = val_null();
  val_decref(e);
}

Value obj_err_fetch(void) {
  Value e = obj_ts.exc;
  obj_ts.exc = val_null();
  return e;
}

void obj_err_restore(Value exc) {
  val_decref(obj_ts.exc);
  obj_ts.exc = exc;
}

Value obj_err_peek(void) { return obj_ts.exc; }

int obj_check_signals(void) {
  if (obj_interrupted) {
    if (thr_active() && thr_defer_interrupt()) return 0;
    obj_interrupted = 0;
    obj_raise(&exc_KeyboardInterrupt, "%s", "");
    return -1;
  }
  return 0;
}

/* ---- output --------------------------------------------------------------------------- */
void obj_write(int stream, const char *s, size_t n) {
  const sb_sink *k = obj_ts.sink;
  if (k && k->write) k->write(k->ud, stream, s, n);
}

int obj_display(const sb_bundle *b) {
  const sb_sink *k = obj_ts.sink;
  if (!k || !k->display) return 0;
  k->display(k->ud, b);
  return 1;
}

void obj_clear_output(int wait) {
  const sb_sink *k = obj_ts.sink;
  if (k && k->clear_output) k->clear_output(k->ud, wait);
}
