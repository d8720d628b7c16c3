/* weakref.c - weak references: the `weakref`, `weakproxy` types and module _weakref. A table
 * from referent to its weak references is consulted by object.c only while any exist. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"
#include "eval.h"
#include "modtable.h"

typedef struct WeakRefObj {
  Obj ob;
  Obj *obj;                      /* the referent (not owned); NULL once it died */
  Value callback;                /* V_NULL or a callable */
  int64_t hash;
  int hashed;
  struct WeakRefObj *prev, *next;   /* the referent's references */
  struct WeakRefObj *pending;       /* the chain of callbacks to run after a death */
} WeakRefObj;
#define WREF(o) ((WeakRefObj *)(o))

TypeObj weak_ref_type, weak_proxy_type, weak_cproxy_type;
#define IS_WEAK(o) ((o)->type == &weak_ref_type || (o)->type == &weak_proxy_type || \
                    (o)->type == &weak_cproxy_type)

/* ---- the table: referent address -> first weak reference ----------------------------- */
typedef struct Ent { Obj *key; WeakRefObj *head; struct Ent *next; } Ent;
static Ent **buckets;
static size_t nbuckets;
int64_t weak_live;          /* referents in the table: object.c skips everything when 0 */

static size_t bucket_of(Obj *o) {
  uintptr_t h = (uintptr_t)o;
  h ^= h >> 17;
  h *= (uintptr_t)0x9E3779B97F4A7C15ull;
  return (size_t)(h >> 7) & (nbuckets - 1);
}

static Ent *find(Obj *o) {
  if (!nbuckets) return NULL;
  for (Ent *e = buckets[bucket_of(o)]; e; e = e->next)
    if (e->key == o) return e;
  return NULL;
}

static int grow(void) {
  size_t nn = nbuckets ? nbuckets * 2 : 64;
  Ent **nb = calloc(nn, sizeof(Ent *));
  if (!nb) { obj_raise_nomem(); return -1; }
  size_t old = nbuckets;
  Ent **ob = buckets;
  buckets = nb;
  nbuckets = nn;
  for (size_t i = 0; i < old; i++) {
    Ent *e = ob[i];
    while (e) {
      Ent *nx = e->next;
      size_t b = bucket_of(e->key);
      e->next = buckets[b];
      buckets[b] = e;
      e = nx;
    }
  }
  free(ob);
  return 0;
}

static Ent *find_or_add(Obj *o) {
  Ent *e = find(o);
  if (e) return e;
  if ((size_t)weak_live >= nbuckets && grow() < 0) return NULL;
  e = calloc(1, sizeof(Ent));
  if (!e) { obj_raise_nomem(); return NULL; }
  size_t b = bucket_of(o);
  e->key = o;
  e->next = buckets[b];
  buckets[b] = e;
  weak_live++;
  return e;
}

static void remove_ent(Obj *o) {
  if (!nbuckets) return;
  Ent **pp = &buckets[bucket_of(o)];
  while (*pp) {
    if ((*pp)->key == o) {
      Ent *e = *pp;
      *pp = e->next;
      free(e);
      weak_live--;
      return;
    }
    pp = &(*pp)->next;
  }
}

static void unlink_ref(WeakRefObj *w) {
  if (!w->obj) return;
  if (w->prev) w->prev->next = w->next;
  else {
    Ent *e = find(w->obj);
    if (e) e->head = w->next;
    if (e && !e->head) remove_ent(w->obj);
  }
  if (w->next) w->next->prev = w->prev;
  w->prev = w->next = NULL;
  w->obj = NULL;
}

/* o is dying: its references go dead; those with a callback (and, with is_garbage, not dying
 * themselves) are chained for weak_run_callbacks, each holding a reference */
WeakRefObj *weak_kill(Obj *o, int (*is_garbage)(Obj *)) {
  Ent *e = find(o);
  if (!e) return NULL;
  WeakRefObj *w = e->head, *chain = NULL, **tail = &chain;
  remove_ent(o);
  while (w) {
    WeakRefObj *nx = w->next;
    w->obj = NULL;
    w->prev = w->next = NULL;
    if (!VAL_IS_NULL(w->callback) && w->ob.rc > 0 && !(is_garbage && is_garbage(&w->ob))) {
      obj_incref(&w->ob);
      w->pending = NULL;
      *tail = w;
      tail = &w->pending;
    }
    w = nx;
  }
  return chain;
}

struct WeakRefObj **weak_chain_next(WeakRefObj *w) { return &w->pending; }

static void write_unraisable(Value where) {
  Value exc = obj_err_fetch();
  if (VAL_IS_NULL(exc)) return;
  Value r = op_repr(where);
  if (VAL_IS_NULL(r)) obj_err_clear();
  const char *rs = VAL_IS_NULL(r) ? "<callback>" : str_cstr(r);
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

/* call each callback with its (now dead) reference; the pending exception is kept aside */
void weak_run_callbacks(WeakRefObj *chain) {
  if (!chain) return;
  Value saved = obj_err_fetch();
  int located = obj_ts.located;
  while (chain) {
    WeakRefObj *w = chain;
    chain = w->pending;
    w->pending = NULL;
    Value cb = w->callback;
    w->callback = val_null();   /* a callback runs once */
    if (!VAL_IS_NULL(cb)) {
      Value r = op_call1(cb, val_obj(&w->ob));
      if (VAL_IS_NULL(r)) write_unraisable(cb);
      val_decref(r);
      val_decref(cb);
    }
    obj_decref(&w->ob);
  }
  obj_ts.located = located;
  if (!VAL_IS_NULL(saved)) obj_err_restore(saved);
}

/* ---- which objects may be weakly referenced (as CPython 3.11) ------------------------ */
static int supported(Value v) {
  if (!VAL_IS_OBJ(v)) return 0;
  TypeObj *t = v.u.o->type;
  if (t->flags & TF_META) return 1;
  if (t->flags & TF_USER)   /* classes over int, tuple and bytes have no weakref slot */
    return !op_is_subtype(t, &num_int_type) && !op_is_subtype(t, &tuple_type) &&
           !op_is_subtype(t, &bytes_type);
  return t == &func_type || t == &func_builtin_type || t == &func_method_type ||
         t == &set_type || t == &set_frozenset_type || t == &module_type || t == &gen_type ||
         t == &file_type || IS_WEAK(v.u.o);
}

static Value dead_error(void) {
  return obj_raise(&exc_ReferenceError, "weakly-referenced object no longer exists");
}

static Value make_ref(TypeObj *t, Value obj, Value cb) {
  if (!supported(obj))
    return obj_raise(&exc_TypeError, "cannot create weak reference to '%s' object",
                     op_type_name(obj));
  if (VAL_IS_NONE(cb)) cb = val_null();
  Ent *e = find(obj.u.o);
  /* ref(x) without a callback is one shared object, as in CPython */
  if (VAL_IS_NULL(cb) && e)
    for (WeakRefObj *w = e->head; w; w = w->next)
      if (w->ob.type == t && VAL_IS_NULL(w->callback)) {
        obj_incref(&w->ob);
        return val_obj(&w->ob);
      }
  WeakRefObj *w = obj_alloc(t, sizeof(WeakRefObj));
  if (!w) return val_null();
  e = find_or_add(obj.u.o);
  if (!e) { obj_decref(&w->ob); return val_null(); }
  w->obj = obj.u.o;
  w->callback = val_incref(cb);
  /* callback-less references first, so the shared one is found first */
  if (VAL_IS_NULL(cb) || !e->head) {
    w->next = e->head;
    if (e->head) e->head->prev = w;
    e->head = w;
  } else {
    WeakRefObj *last = e->head;
    while (last->next) last = last->next;
    last->next = w;
    w->prev = last;
  }
  return val_obj(&w->ob);
}

/* ---- the weakref type ------------------------------------------------------------------ */
static void wr_dealloc(Obj *o) {
  WeakRefObj *w = WREF(o);
  unlink_ref(w);
  val_clear(&w->callback);
  obj_free(o);
}
static void wr_traverse(Obj *o, VisitFn visit, void *arg) {
  if (VAL_IS_OBJ(WREF(o)->callback)) visit(WREF(o)->callback.u.o, arg);
}
static void wr_clear(Obj *o) { val_clear(&WREF(o)->callback); }

static Value wr_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("ref", argc, argv, kw, "object|callback", a) < 0) return val_null();
  return make_ref(&weak_ref_type, a[0], VAL_IS_NULL(a[1]) ? val_none() : a[1]);
}

static Value wr_call(Value self, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("weakref", argc, kw, 0, 0) < 0) return val_null();
  Obj *o = WREF(self.u.o)->obj;
  if (!o) return val_none();
  obj_incref(o);
  return val_obj(o);
}

static Value wr_repr(Value self) {
  WeakRefObj *w = WREF(self.u.o);
  if (!w->obj) return str_fmt("<weakref at %p; dead>", (void *)w);
  return str_fmt("<weakref at %p; to '%s' at %p>", (void *)w, op_type_name(val_obj(w->obj)),
                 (void *)w->obj);
}

static int wr_hash(Value self, int64_t *out) {
  WeakRefObj *w = WREF(self.u.o);
  if (!w->hashed) {
    if (!w->obj) { obj_raise(&exc_TypeError, "weak object has gone away"); return -1; }
    if (op_hash(val_obj(w->obj), &w->hash) < 0) return -1;
    w->hashed = 1;
  }
  *out = w->hash;
  return 0;
}

static Value wr_compare(Value a, Value b, int op) {
  if ((op != CMP_EQ && op != CMP_NOTEQ) || !VAL_IS_OBJ(a) || !VAL_IS_OBJ(b) ||
      a.u.o->type != &weak_ref_type || b.u.o->type != &weak_ref_type)
    return obj_notimpl();
  Obj *x = WREF(a.u.o)->obj, *y = WREF(b.u.o)->obj;
  if (!x || !y) {
    int same = a.u.o == b.u.o;
    return val_bool(op == CMP_EQ ? same : !same);
  }
  return op_compare(val_obj(x), val_obj(y), op);
}

static Value wr_get_callback(Value self) {
  Value cb = WREF(self.u.o)->callback;
  return VAL_IS_NULL(cb) ? val_none() : val_incref(cb);
}

static const GetSetDef wr_getset[] = {
    {"__callback__", wr_get_callback, NULL, "the callback of this weak reference"}, {0}};

TypeObj weak_ref_type = {
    OBJ_TYPE_HEAD, .name = "ReferenceType", .flags = TF_GC, .dealloc = wr_dealloc,
    .traverse = wr_traverse, .clear = wr_clear, .new = wr_new, .call = wr_call, .repr = wr_repr,
    .hash = wr_hash, .compare = wr_compare, .getset = wr_getset,
    .doc = "ref(object[, callback]) -> a weak reference to object"};

/* ---- proxies: every operation goes to the live referent -------------------------------- */
static int referent(Value v, Value *out) {
  if (VAL_IS_OBJ(v) && (v.u.o->type == &weak_proxy_type || v.u.o->type == &weak_cproxy_type)) {
    Obj *o = WREF(v.u.o)->obj;
    if (!o) { dead_error(); return -1; }
    *out = val_obj(o);
    return 0;
  }
  *out = v;
  return 0;
}
#define REF_OR_FAIL(v, out, fail) do { if (referent(v, &out) < 0) return fail; } while (0)

static Value px_repr(Value self) {
  WeakRefObj *w = WREF(self.u.o);
  if (!w->obj) return str_fmt("<weakproxy at %p; dead>", (void *)w);
  return str_fmt("<weakproxy at %p; to '%s' at %p>", (void *)w, op_type_name(val_obj(w->obj)),
                 (void *)w->obj);
}
static Value px_str(Value self) { Value o; REF_OR_FAIL(self, o, val_null()); return op_str(o); }
static Value px_getattr(Value self, Obj *name) {
  Value o;
  REF_OR_FAIL(self, o, val_null());
  return op_getattr(o, name);
}
static int px_setattr(Value self, Obj *name, Value v) {
  Value o;
  REF_OR_FAIL(self, o, -1);
  return op_setattr(o, name, v);
}
static Value px_compare(Value a, Value b, int op) {
  Value x, y;
  REF_OR_FAIL(a, x, val_null());
  REF_OR_FAIL(b, y, val_null());
  return op_compare(x, y, op);
}
static Value px_binary(int op, Value a, Value b) {
  Value x, y;
  REF_OR_FAIL(a, x, val_null());
  REF_OR_FAIL(b, y, val_null());
  return op_binop(op & ~OBJ_INPLACE, x, y);
}
static Value px_unary(int op, Value a) {
  Value x;
  REF_OR_FAIL(a, x, val_null());
  if (op == OBJ_UOP_ABS) return op_call_method(x, "__abs__", 0, NULL);
  return op_unary(op, x);
}
static int px_truth(Value self) { Value o; REF_OR_FAIL(self, o, -1); return op_truth(o); }
static int px_len(Value self, int64_t *out) {
  Value o;
  REF_OR_FAIL(self, o, -1);
  return op_len(o, out);
}
static Value px_getitem(Value self, Value k) {
  Value o;
  REF_OR_FAIL(self, o, val_null());
  return op_getitem(o, k);
}
static int px_setitem(Value self, Value k, Value v) {
  Value o;
  REF_OR_FAIL(self, o, -1);
  return op_setitem(o, k, v);
}
static int px_contains(Value self, Value x) {
  Value o;
  REF_OR_FAIL(self, o, -1);
  return op_contains(o, x);
}
static Value px_iter(Value self) { Value o; REF_OR_FAIL(self, o, val_null()); return op_iter(o); }
static int px_next(Value self, Value *out) {
  Value o;
  REF_OR_FAIL(self, o, -1);
  return op_next(o, out);
}
static Value px_call(Value self, int argc, const Value *argv, Obj *kw) {
  Value o;
  REF_OR_FAIL(self, o, val_null());
  return op_call(o, argc, argv, kw);
}
static int px_hash(Value self, int64_t *out) {
  obj_raise(&exc_TypeError, "unhashable type: 'weakref.%s'", op_type_name(self));
  return -1;
}

#define PROXY_SLOTS                                                                        \
  .flags = TF_GC, .dealloc = wr_dealloc, .traverse = wr_traverse, .clear = wr_clear,      \
  .repr = px_repr, .str = px_str, .getattr = px_getattr, .setattr = px_setattr,           \
  .compare = px_compare, .binary = px_binary, .unary = px_unary, .truth = px_truth,       \
  .len = px_len, .getitem = px_getitem, .setitem = px_setitem, .contains = px_contains,   \
  .iter = px_iter, .next = px_next, .hash = px_hash

TypeObj weak_proxy_type = {OBJ_TYPE_HEAD, .name = "ProxyType", PROXY_SLOTS};
TypeObj weak_cproxy_type = {OBJ_TYPE_HEAD, .name = "CallableProxyType", PROXY_SLOTS,
                            .call = px_call};

/* ---- module _weakref ------------------------------------------------------------------ */
static Value m_proxy(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("proxy", argc, argv, kw, "object|callback", a) < 0) return val_null();
  TypeObj *t = op_callable(a[0]) ? &weak_cproxy_type : &weak_proxy_type;
  return make_ref(t, a[0], VAL_IS_NULL(a[1]) ? val_none() : a[1]);
}

static Value m_getweakrefcount(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("getweakrefcount", argc, kw, 1, 1) < 0) return val_null();
  int64_t n = 0;
  Ent *e = VAL_IS_OBJ(argv[0]) ? find(argv[0].u.o) : NULL;
  for (WeakRefObj *w = e ? e->head : NULL; w; w = w->next) n++;
  return val_int(n);
}

static Value m_getweakrefs(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("getweakrefs", argc, kw, 1, 1) < 0) return val_null();
  Value l = list_new(0);
  if (VAL_IS_NULL(l)) return l;
  Ent *e = VAL_IS_OBJ(argv[0]) ? find(argv[0].u.o) : NULL;
  for (WeakRefObj *w = e ? e->head : NULL; w; w = w->next)
    if (list_append(l, val_obj(&w->ob)) < 0) { val_decref(l); return val_null(); }
  return l;
}

static const MethodDef weak_functions[] = {
    {"proxy", m_proxy, "proxy(object[, callback]) -> a proxy to object, weakly referenced", 0},
    {"getweakrefcount", m_getweakrefcount, "getweakrefcount(object) -> int", 0},
    {"getweakrefs", m_getweakrefs, "getweakrefs(object) -> list of weak references", 0},
    {0}};

int modinit__weakref(Value m) {
  if (type_ready(&weak_ref_type) < 0 || type_ready(&weak_proxy_type) < 0 ||
      type_ready(&weak_cproxy_type) < 0)
    return -1;
  if (module_add_functions(m, weak_functions) < 0) return -1;
  if (module_add(m, "ref", val_obj(&weak_ref_type.ob)) < 0 ||
      module_add(m, "ReferenceType", val_obj(&weak_ref_type.ob)) < 0 ||
      module_add(m, "ProxyType", val_obj(&weak_proxy_type.ob)) < 0 ||
      module_add(m, "CallableProxyType", val_obj(&weak_cproxy_type.ob)) < 0)
    return -1;
  return 0;
}
