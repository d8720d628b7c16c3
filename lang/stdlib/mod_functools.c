/* mod_functools.c - functools: partial (JAX code writes @partial(jit, static_argnums=...)),
 * reduce, wraps, lru_cache/cache and cmp_to_key. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "core/modtable.h"

/* ---- partial -------------------------------------------------------------------------------- */
typedef struct PartialObj { Obj ob; Value func, args, kw; Obj *dict; } PartialObj;

static void partial_dealloc(Obj *o) {
  PartialObj *p = (PartialObj *)o;
  val_decref(p->func);
  val_decref(p->args);
  val_decref(p->kw);
  obj_xdecref(p->dict);
  obj_free(o);
}
static void partial_traverse(Obj *o, VisitFn visit, void *arg) {
  PartialObj *p = (PartialObj *)o;
  if (VAL_IS_OBJ(p->func)) visit(p->func.u.o, arg);
  if (VAL_IS_OBJ(p->args)) visit(p->args.u.o, arg);
  if (VAL_IS_OBJ(p->kw)) visit(p->kw.u.o, arg);
  if (p->dict) visit(p->dict, arg);
}
static void partial_clear(Obj *o) {
  PartialObj *p = (PartialObj *)o;
  val_clear(&p->func);
  val_clear(&p->args);
  val_clear(&p->kw);
  Obj *d = p->dict;
  p->dict = NULL;
  obj_xdecref(d);
}

static Value partial_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  if (argc < 1) return obj_raise(&exc_TypeError, "type 'partial' takes at least one argument");
  if (!op_callable(argv[0])) return obj_raise(&exc_TypeError, "the first argument must be callable");
  PartialObj *p = obj_alloc(t, sizeof(PartialObj));
  if (!p) return val_null();
  Value pv = val_obj(&p->ob);
  Value f = argv[0];
  Value pre = val_null(), prekw = val_null();
  /* flatten partial(partial(f, a), b) */
  if (VAL_IS_OBJ(f) && f.u.o->type == t) {
    PartialObj *q = (PartialObj *)f.u.o;
    pre = q->args;
    prekw = q->kw;
    f = q->func;
  }
  p->func = val_incref(f);
  int64_t np = VAL_IS_NULL(pre) ? 0 : TUPLE(pre.u.o)->len;
  p->args = tuple_new(np + argc - 1);
  p->kw = VAL_IS_NULL(prekw) ? dict_new() : dict_copy(prekw);
  if (VAL_IS_NULL(p->args) || VAL_IS_NULL(p->kw)) { val_decref(pv); return val_null(); }
  for (int64_t i = 0; i < np; i++) TUPLE_SET(p->args, i, val_incref(TUPLE(pre.u.o)->items[i]));
  for (int i = 1; i < argc; i++) TUPLE_SET(p->args, np + i - 1, val_incref(argv[i]));
  int nk = func_kwcount(kw);
  for (int k = 0; k < nk; k++)
    if (dict_set(p->kw, TUPLE(kw)->items[k], argv[argc + k]) < 0) { val_decref(pv); return val_null(); }
  return pv;
}

static Value partial_call(Value v, int argc, const Value *argv, Obj *kw) {
  PartialObj *p = (PartialObj *)v.u.o;
  int64_t np = TUPLE(p->args.u.o)->len;
  Value d = dict_copy(p->kw);
  if (VAL_IS_NULL(d)) return d;
  int nk = func_kwcount(kw);
  for (int k = 0; k < nk; k++)
    if (dict_set(d, TUPLE(kw)->items[k], argv[argc + k]) < 0) { val_decref(d); return val_null(); }
  int64_t nkw = dict_len(d);
  Value *all = obj_calloc((size_t)(np + argc + nkw + 1), sizeof(Value));
  Value names = nkw ? tuple_new(nkw) : val_null();
  if (!all || (nkw && VAL_IS_NULL(names))) { free(all); val_decref(d); val_decref(names); return val_null(); }
  for (int64_t i = 0; i < np; i++) all[i] = TUPLE(p->args.u.o)->items[i];
  for (int i = 0; i < argc; i++) all[np + i] = argv[i];
  int64_t pos = 0, k = 0;
  Value key, val;
  while (dict_next(d, &pos, &key, &val)) {
    Obj *in = VAL_IS_STR(key) ? str_intern(str_cstr(key)) : NULL;
    if (!in) { free(all); val_decref(d); val_decref(names); return obj_raise(&exc_TypeError, "keywords must be strings"); }
    TUPLE_SET(names, k, val_obj(in));
    all[np + argc + k] = val;
    k++;
  }
  Value f = val_incref(p->func);
  Value r = op_call(f, (int)(np + argc), all, nkw ? names.u.o : NULL);
  val_decref(f);
  free(all);
  val_decref(names);
  val_decref(d);
  return r;
}

static Value partial_repr(Value v) {
  PartialObj *p = (PartialObj *)v.u.o;
  if (op_repr_enter(v.u.o)) return str_from_cstr("...");
  FBuf b = {0};
  fbuf_puts(&b, "functools.partial(");
  Value r = op_repr(p->func);
  if (VAL_IS_NULL(r)) goto fail;
  fbuf_puts(&b, str_cstr(r));
  val_decref(r);
  for (int64_t i = 0; i < TUPLE(p->args.u.o)->len; i++) {
    r = op_repr(TUPLE(p->args.u.o)->items[i]);
    if (VAL_IS_NULL(r)) goto fail;
    fbuf_printf(&b, ", %s", str_cstr(r));
    val_decref(r);
  }
  int64_t pos = 0;
  Value k, x;
  while (dict_next(p->kw, &pos, &k, &x)) {
    r = op_repr(x);
    if (VAL_IS_NULL(r)) goto fail;
    fbuf_printf(&b, ", %s=%s", VAL_IS_STR(k) ? str_cstr(k) : "?", str_cstr(r));
    val_decref(r);
  }
  fbuf_putc(&b, ')');
  op_repr_leave(v.u.o);
  r = str_new(b.s, b.len);
  fbuf_free(&b);
  return r;
fail:
  op_repr_leave(v.u.o);
  fbuf_free(&b);
  return val_null();
}

static Value pg_func(Value self) { return val_incref(((PartialObj *)self.u.o)->func); }
static Value pg_args(Value self) { return val_incref(((PartialObj *)self.u.o)->args); }
static Value pg_keywords(Value self) { return val_incref(((PartialObj *)self.u.o)->kw); }
static const GetSetDef partial_getset[] = {
    {"func", pg_func, NULL, NULL}, {"args", pg_args, NULL, NULL}, {"keywords", pg_keywords, NULL, NULL},
    {NULL}};

TypeObj obj_partial_type = {
    OBJ_TYPE_HEAD, .name = "partial", .flags = TF_GC,
    .doc = "partial(func, *args, **keywords) - new function with partial application\n"
           "of the given arguments and keywords.",
    .dealloc = partial_dealloc, .traverse = partial_traverse, .clear = partial_clear,
    .new = partial_new, .call = partial_call, .repr = partial_repr, .getset = partial_getset,
    .dict_offset = offsetof(PartialObj, dict)};

/* ---- reduce ----------------------------------------------------------------------------------- */
static Value f_reduce(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("reduce", argc, kw, 2, 3) < 0) return val_null();
  Value it = op_iter(argv[1]);
  if (VAL_IS_NULL(it)) return it;
  Value acc = argc == 3 ? val_incref(argv[2]) : val_null();
  Value x;
  int r;
  while ((r = op_next(it, &x)) == 1) {
    if (VAL_IS_NULL(acc)) { acc = x; continue; }
    Value n = op_call2(argv[0], acc, x);
    val_decref(acc);
    val_decref(x);
    acc = n;
    if (VAL_IS_NULL(acc)) { r = -1; break; }
  }
  val_decref(it);
  if (r < 0) { val_decref(acc); return val_null(); }
  if (VAL_IS_NULL(acc))
    return obj_raise(&exc_TypeError, "reduce() of empty iterable with no initial value");
  return acc;
}

/* ---- wraps ---------------------------------------------------------------------------------- */
static const char *const wrap_attrs[] = {"__module__", "__name__", "__qualname__", "__doc__", NULL};

static Value update_wrapper(void *data, int argc, const Value *argv, Obj *kw) {
  /* data is unused; argv[0] = wrapped (bound through a partial), argv[1] = wrapper */
  if (argc != 2) return obj_raise(&exc_TypeError, "update_wrapper() takes 2 arguments");
  Value wrapped = argv[0], wrapper = argv[1];
  for (int i = 0; wrap_attrs[i]; i++) {
    Value v = op_getattr_s(wrapped, wrap_attrs[i]);
    if (VAL_IS_NULL(v)) { obj_err_clear(); continue; }
    if (op_setattr_s(wrapper, wrap_attrs[i], v) < 0) obj_err_clear();
    val_decref(v);
  }
  if (op_setattr_s(wrapper, "__wrapped__", wrapped) < 0) obj_err_clear();
  return val_incref(wrapper);
}

static Value f_update_wrapper(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("update_wrapper", argc, kw, 2, 2) < 0) return val_null();
  Value a[2] = {argv[1], argv[0]};
  return update_wrapper(NULL, 2, a, NULL);
}

static Value f_wraps(int argc, const Value *argv, Obj *kw) {
  if (argc < 1) return obj_raise(&exc_TypeError, "wraps() missing required argument 'wrapped'");
  Value upd = func_builtin_data_new("update_wrapper", update_wrapper, NULL, NULL);
  if (VAL_IS_NULL(upd)) return upd;
  Value a[2] = {upd, argv[0]};
  Value p = partial_new(&obj_partial_type, 2, a, NULL);
  val_decref(upd);
  return p;
}

/* ---- lru_cache / cache ----------------------------------------------------------------- */
typedef struct CacheObj { Obj ob; Value func, cache; Obj *dict; int64_t hits, misses, maxsize; } CacheObj;

static void cache_dealloc(Obj *o) {
  CacheObj *c = (CacheObj *)o;
  val_decref(c->func);
  val_decref(c->cache);
  obj_xdecref(c->dict);
  obj_free(o);
}
static void cache_traverse(Obj *o, VisitFn visit, void *arg) {
  CacheObj *c = (CacheObj *)o;
  if (VAL_IS_OBJ(c->func)) visit(c->func.u.o, arg);
  if (VAL_IS_OBJ(c->cache)) visit(c->cache.u.o, arg);
  if (c->dict) visit(c->dict, arg);
}
static void cache_clear_slot(Obj *o) {
  CacheObj *c = (CacheObj *)o;
  val_clear(&c->func);
  val_clear(&c->cache);
  Obj *d = c->dict;
  c->dict = NULL;
  obj_xdecref(d);
}

static Value cache_call(Value v, int argc, const Value *argv, Obj *kw) {
  CacheObj *c = (CacheObj *)v.u.o;
  int nk = func_kwcount(kw);
  Value key = tuple_new(argc + 2 * nk);
  if (VAL_IS_NULL(key)) return key;
  for (int i = 0; i < argc; i++) TUPLE_SET(key, i, val_incref(argv[i]));
  for (int k = 0; k < nk; k++) {
    TUPLE_SET(key, argc + 2 * k, val_incref(TUPLE(kw)->items[k]));
    TUPLE_SET(key, argc + 2 * k + 1, val_incref(argv[argc + k]));
  }
  Value hit = dict_get(c->cache, key);
  if (!VAL_IS_NULL(hit)) {
    c->hits++;
    val_decref(key);
    return val_incref(hit);
  }
  if (obj_err_occurred()) { val_decref(key); return val_null(); }
  c->misses++;
  Value f = val_incref(c->func);
  Value r = op_call(f, argc, argv, kw);
  val_decref(f);
  if (!VAL_IS_NULL(r)) {
    if (c->maxsize >= 0 && dict_len(c->cache) >= c->maxsize && c->maxsize > 0) {
      /* evict the oldest entry */
      int64_t pos = 0;
      Value k0;
      if (dict_next(c->cache, &pos, &k0, NULL)) {
        Value kk = val_incref(k0);
        Value old = dict_pop(c->cache, kk);
        val_decref(old);
        val_decref(kk);
      }
    }
    if (c->maxsize != 0 && dict_set(c->cache, key, r) < 0) { val_decref(r); r = val_null(); }
  }
  val_decref(key);
  return r;
}

static Value cache_info(int argc, const Value *argv, Obj *kw) {
  CacheObj *c = (CacheObj *)argv[0].u.o;
  return str_fmt("CacheInfo(hits=%lld, misses=%lld, maxsize=%s, currsize=%lld)", (long long)c->hits,
                 (long long)c->misses, c->maxsize < 0 ? "None" : "128", (long long)dict_len(c->cache));
}
static Value cache_clear_m(int argc, const Value *argv, Obj *kw) {
  CacheObj *c = (CacheObj *)argv[0].u.o;
  dict_clear(c->cache);
  c->hits = c->misses = 0;
  return val_none();
}
static Value cache_get(Value v, Obj *name) {
  CacheObj *c = (CacheObj *)v.u.o;
  const char *n = STR(name)->s;
  if (strcmp(n, "__wrapped__") == 0) return val_incref(c->func);
  Value r = type_generic_getattr(v, name);
  if (VAL_IS_NULL(r) && obj_err_matches(&exc_AttributeError)) {
    obj_err_clear();
    return op_getattr(c->func, name);
  }
  return r;
}
static Value cache_repr(Value v) { return op_repr(((CacheObj *)v.u.o)->func); }
static const MethodDef cache_methods[] = {
    {"cache_info", cache_info, "cache_info()", 0}, {"cache_clear", cache_clear_m, "cache_clear()", 0}, {NULL}};

TypeObj obj_lru_type = {OBJ_TYPE_HEAD, .name = "functools._lru_cache_wrapper", .flags = TF_GC,
                        .dealloc = cache_dealloc, .traverse = cache_traverse, .clear = cache_clear_slot,
                        .call = cache_call, .getattr = cache_get, .repr = cache_repr,
                        .methods = cache_methods, .dict_offset = offsetof(CacheObj, dict)};

static Value make_cache(Value f, int64_t maxsize) {
  CacheObj *c = obj_alloc(&obj_lru_type, sizeof(CacheObj));
  if (!c) return val_null();
  c->func = val_incref(f);
  c->cache = dict_new();
  c->maxsize = maxsize;
  if (VAL_IS_NULL(c->cache)) { obj_decref(&c->ob); return val_null(); }
  return val_obj(&c->ob);
}

static Value lru_decorator(void *data, int argc, const Value *argv, Obj *kw) {
  if (argc != 1) return obj_raise(&exc_TypeError, "lru_cache decorator takes one function");
  return make_cache(argv[0], (int64_t)(intptr_t)data);
}

static Value f_lru_cache(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("lru_cache", argc, argv, kw, "|maxsize,typed", a) < 0) return val_null();
  if (!VAL_IS_NULL(a[0]) && op_callable(a[0])) return make_cache(a[0], 128);
  int64_t maxsize = 128;
  if (!VAL_IS_NULL(a[0])) {
    if (VAL_IS_NONE(a[0])) maxsize = -1;
    else if (op_as_int(a[0], &maxsize) < 0) return val_null();
    if (maxsize < 0 && !VAL_IS_NONE(a[0])) maxsize = 0;
  }
  return func_builtin_data_new("decorating_function", lru_decorator, (void *)(intptr_t)maxsize, NULL);
}

static Value f_cache(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("cache", argc, kw, 1, 1) < 0) return val_null();
  return make_cache(argv[0], -1);
}

/* ---- cmp_to_key -------------------------------------------------------------------------- */
typedef struct KeyObj { Obj ob; Value cmp, obj; } KeyObj;
static void key_dealloc(Obj *o) {
  KeyObj *k = (KeyObj *)o;
  val_decref(k->cmp);
  val_decref(k->obj);
  obj_free(o);
}
static void key_traverse(Obj *o, VisitFn visit, void *arg) {
  KeyObj *k = (KeyObj *)o;
  if (VAL_IS_OBJ(k->cmp)) visit(k->cmp.u.o, arg);
  if (VAL_IS_OBJ(k->obj)) visit(k->obj.u.o, arg);
}
static void key_clear(Obj *o) {
  KeyObj *k = (KeyObj *)o;
  val_clear(&k->cmp);
  val_clear(&k->obj);
}
static TypeObj obj_cmpkey_type;
static Value key_compare(Value a, Value b, int op) {
  if (!VAL_IS_OBJ(b) || b.u.o->type != &obj_cmpkey_type) return obj_notimpl();
  KeyObj *x = (KeyObj *)a.u.o, *y = (KeyObj *)b.u.o;
  Value r = op_call2(x->cmp, x->obj, y->obj);
  if (VAL_IS_NULL(r)) return r;
  Value res = op_compare(r, val_int(0), op);
  val_decref(r);
  return res;
}
static TypeObj obj_cmpkey_type = {OBJ_TYPE_HEAD, .name = "functools.KeyWrapper",
                                  .flags = TF_GC, .dealloc = key_dealloc,
                                  .traverse = key_traverse, .clear = key_clear,
                                  .compare = key_compare};
static Value make_key(void *data, int argc, const Value *argv, Obj *kw) {
  (void)data;
  return obj_raise(&exc_TypeError, "internal");
}
static Value key_factory(Value self, int argc, const Value *argv, Obj *kw);

typedef struct KeyFactory { Obj ob; Value cmp; } KeyFactory;
static void kf_dealloc(Obj *o) { val_decref(((KeyFactory *)o)->cmp); obj_free(o); }
static void kf_traverse(Obj *o, VisitFn visit, void *arg) {
  if (VAL_IS_OBJ(((KeyFactory *)o)->cmp)) visit(((KeyFactory *)o)->cmp.u.o, arg);
}
static void kf_clear(Obj *o) { val_clear(&((KeyFactory *)o)->cmp); }
static TypeObj keyfactory_type = {OBJ_TYPE_HEAD, .name = "functools.cmp_to_key", .flags = TF_GC,
                                  .dealloc = kf_dealloc, .traverse = kf_traverse, .clear = kf_clear,
                                  .call = key_factory};
static Value key_factory(Value self, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("K", argc, kw, 1, 1) < 0) return val_null();
  KeyObj *k = obj_alloc(&obj_cmpkey_type, sizeof(KeyObj));
  if (!k) return val_null();
  k->cmp = val_incref(((KeyFactory *)self.u.o)->cmp);
  k->obj = val_incref(argv[0]);
  return val_obj(&k->ob);
}
static Value f_cmp_to_key(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("cmp_to_key", argc, kw, 1, 1) < 0) return val_null();
  (void)make_key;
  KeyFactory *f = obj_alloc(&keyfactory_type, sizeof(KeyFactory));
  if (!f) return val_null();
  f->cmp = val_incref(argv[0]);
  return val_obj(&f->ob);
}

/* ---- total_ordering ------------------------------------------------------------------------ */
static const char *const ord_names[4] = {"__lt__", "__le__", "__gt__", "__ge__"};
enum { O_LT, O_LE, O_GT, O_GE };

/* the derived comparison `target` from the root one, as functools spells them out */
static Value derived_cmp(void *data, int argc, const Value *argv, Obj *kw) {
  if (argc != 2) return obj_raise(&exc_TypeError, "expected 1 argument, got %d", argc - 1);
  int root = (int)((intptr_t)data >> 4), target = (int)((intptr_t)data & 15);
  Value self = argv[0], other = argv[1];
  Value r = op_call_method(self, ord_names[root], 1, &other);
  if (VAL_IS_NULL(r) || VAL_IS_NOTIMPL(r)) return r;
  int t = op_truth(r);
  val_decref(r);
  if (t < 0) return val_null();
  /* "negated": the plain `not root`; "with_eq": root or eq; "and_ne": (not root) and ne */
  int rule;   /* 0: not r; 1: r or eq; 2: (not r) and ne; 3: r and ne; 4: (not r) or eq */
  switch (root) {
    case O_LT: rule = target == O_GT ? 2 : target == O_LE ? 1 : 0; break;
    case O_LE: rule = target == O_GE ? 4 : target == O_LT ? 3 : 0; break;
    case O_GT: rule = target == O_LT ? 2 : target == O_GE ? 1 : 0; break;
    default:   rule = target == O_LE ? 4 : target == O_GT ? 3 : 0; break;
  }
  if (rule == 0) return val_bool(!t);
  int eq = -1;
  if ((rule == 1 && !t) || (rule == 4 && t) || rule == 2 || rule == 3) {
    if ((rule == 2 && t) || (rule == 3 && !t)) return val_bool(0);
    eq = op_compare_bool(self, other, CMP_EQ);
    if (eq < 0) return val_null();
  }
  switch (rule) {
    case 1: return val_bool(t || eq);
    case 4: return val_bool(!t || eq);
    case 2: return val_bool(!t && !eq);
    default: return val_bool(t && !eq);
  }
}

static Value f_total_ordering(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("total_ordering", argc, kw, 1, 1) < 0) return val_null();
  if (!VAL_IS_TYPE(argv[0])) return obj_raise(&exc_TypeError, "total_ordering expects a class");
  TypeObj *t = (TypeObj *)argv[0].u.o;
  int have[4], root = -1;
  for (int i = 0; i < 4; i++) {
    Value m = type_lookup(t, str_intern(ord_names[i]));
    have[i] = VAL_IS_OBJ(m) && !(m.u.o->type == &func_builtin_type && ((BuiltinObj *)m.u.o)->owner);
    if (have[i] && root < 0) root = i;
  }
  if (root < 0) return obj_raise(&exc_ValueError, "must define at least one ordering operation: < > <= >=");
  for (int i = 0; i < 4; i++) {
    if (have[i]) continue;
    Value f = func_builtin_data_new(ord_names[i], derived_cmp, (void *)(intptr_t)((root << 4) | i), NULL);
    if (VAL_IS_NULL(f)) return f;
    int r = op_setattr_s(argv[0], ord_names[i], f);
    val_decref(f);
    if (r < 0) return val_null();
  }
  return val_incref(argv[0]);
}

static const MethodDef functools_functions[] = {
    {"total_ordering", f_total_ordering, "total_ordering(cls)\n\nClass decorator that fills in missing ordering methods.", 0},
    {"reduce", f_reduce, "reduce(function, iterable[, initial]) -> value\n\nApply a function of two arguments cumulatively to the items of a sequence.", 0},
    {"wraps", f_wraps, "wraps(wrapped)\n\nDecorator factory to apply update_wrapper() to a wrapper function.", 0},
    {"update_wrapper", f_update_wrapper, "update_wrapper(wrapper, wrapped)", 0},
    {"lru_cache", f_lru_cache, "lru_cache(maxsize=128, typed=False)\n\nLeast-recently-used cache decorator.", 0},
    {"cache", f_cache, "cache(user_function)\n\nSimple lightweight unbounded cache.", 0},
    {"cmp_to_key", f_cmp_to_key, "cmp_to_key(mycmp)\n\nConvert a cmp= function into a key= function.", 0},
    {NULL}};

int modinit_functools(Value m) {
  if (module_add_functions(m, functools_functions) < 0) return -1;
  return module_add(m, "partial", val_obj(&obj_partial_type.ob));
}
