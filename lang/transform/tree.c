/* tree.c - pytrees: flattening nested tuples/lists/dicts, named tuples and registered custom
 * nodes (None is an empty node) into leaves and a structure (TreeDef), rebuilding them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "transform.h"

/* TN_KEY: a typed PRNG key array whose one child is its uint32 data; only the
 * transformations' flattening (tree_flatten) makes one: for jax.tree_util a key is a leaf */
/* TN_ODICT, TN_DDICT: collections.OrderedDict (keys in insertion order) and defaultdict
 * (sorted, like dict), nodes as JAX registers them: keys (class, aux) as a custom node's,
 * aux the key tuple or (default_factory, key tuple) */
typedef enum { TN_LEAF, TN_NONE, TN_TUPLE, TN_LIST, TN_DICT, TN_NT, TN_CUSTOM, TN_KEY, TN_ODICT,
               TN_DDICT } TNKind;
typedef struct TNode {
  TNKind kind;
  int64_t n;        /* children */
  Value keys;       /* dict: tuple of keys in sorted order; named tuple: its class; custom
                       node: (class, aux data) */
} TNode;

/* {=== registered node types: class -> (kind, a, b) ===}
 * RK_FUNCS: a flattens to (children, aux), b(aux, children) rebuilds; RK_CLASS: the class's
 * tree_flatten/tree_unflatten; RK_STATIC: no children, the object is the aux data;
 * RK_DATACLASS: a names the data fields, b the meta fields. */
enum { RK_FUNCS, RK_CLASS, RK_STATIC, RK_DATACLASS };
static Value registry;

static Value registered(Value x) {   /* borrowed (kind, a, b) or V_NULL */
  if (VAL_IS_NULL(registry) || !VAL_IS_OBJ(x) || !(x.u.o->type->flags & TF_USER)) return val_null();
  Value r = dict_get(registry, val_obj(&x.u.o->type->ob));
  if (VAL_IS_NULL(r)) obj_err_clear();
  return r;
}

/* a named tuple: a tuple subclass with _fields (as JAX decides) */
static int is_namedtuple(Value x) {
  return VAL_IS_TUPLE_ANY(x) && !VAL_IS_TUPLE(x) &&
         !VAL_IS_NULL(type_lookup(x.u.o->type, str_intern("_fields")));
}

struct TreeDef {
  int64_t nnodes, cap, nleaves;
  TNode *nodes;     /* preorder */
  uint64_t hash;
};

void tree_free(TreeDef *t) {
  if (!t) return;
  for (int64_t i = 0; i < t->nnodes; i++) val_decref(t->nodes[i].keys);
  free(t->nodes);
  free(t);
}

static int push(TreeDef *t, TNKind k, int64_t n, Value keys) {
  if (t->nnodes == t->cap) {
    int64_t nc = t->cap ? t->cap * 2 : 16;
    TNode *nn = realloc(t->nodes, sizeof(TNode) * (size_t)nc);
    if (!nn) { obj_raise_nomem(); return -1; }
    t->nodes = nn;
    t->cap = nc;
  }
  t->nodes[t->nnodes++] = (TNode){k, n, val_incref(keys)};
  t->hash = (t->hash ^ (uint64_t)(k * 31 + n)) * 1099511628211ull;
  if (!VAL_IS_NULL(keys)) {
    int64_t h;
    if (op_hash(keys, &h) == 0) t->hash = (t->hash ^ (uint64_t)h) * 1099511628211ull;
    else obj_err_clear();
  }
  return 0;
}

static Value sorted_keys(Value d) {
  Value keys = list_new(0);
  if (VAL_IS_NULL(keys)) return keys;
  int64_t pos = 0;
  Value k, v;
  while (dict_next(d, &pos, &k, &v))
    if (list_append(keys, k) < 0) { val_decref(keys); return val_null(); }
  Value s = list_sorted(keys, val_null(), 0);
  val_decref(keys);
  if (VAL_IS_NULL(s)) {   /* unorderable keys: keep insertion order */
    obj_err_clear();
    keys = list_new(0);
    pos = 0;
    while (dict_next(d, &pos, &k, &v)) list_append(keys, k);
    s = keys;
  }
  Value t = tuple_from(LIST(s.u.o)->len, LIST(s.u.o)->items);
  val_decref(s);
  return t;
}

/* TN_ODICT or TN_DDICT when x's class is exactly collections.OrderedDict or defaultdict (their
 * subclasses, Counter among them, are leaves as in JAX); 0 otherwise */
static int coll_kind(Value x) {
  if (!VAL_IS_DICT_ANY(x) || VAL_IS_DICT(x)) return 0;
  const char *nm = x.u.o->type->name;
  int k = !strcmp(nm, "OrderedDict") ? TN_ODICT : !strcmp(nm, "defaultdict") ? TN_DDICT : 0;
  if (!k) return 0;
  Value m = module_import("collections");
  if (VAL_IS_NULL(m)) { obj_err_clear(); return 0; }
  Value cls = module_get(m, nm);
  if (VAL_IS_NULL(cls)) obj_err_clear();
  int same = !VAL_IS_NULL(cls) && VAL_IS_OBJ(cls) && cls.u.o == &x.u.o->type->ob;
  val_decref(m);
  return same ? k : 0;
}

/* the key tuple of an OrderedDict (insertion order) or defaultdict (sorted) and the node's
 * (class, aux) */
static Value coll_node(Value x, int kind, Value *keys) {
  if (kind == TN_DDICT) *keys = sorted_keys(x);
  else {
    Value l = list_new(0);
    int64_t pos = 0;
    Value k, v;
    while (!VAL_IS_NULL(l) && dict_next(x, &pos, &k, &v))
      if (list_append(l, k) < 0) { val_decref(l); l = val_null(); }
    *keys = VAL_IS_NULL(l) ? l : tuple_from(LIST(l.u.o)->len, LIST(l.u.o)->items);
    val_decref(l);
  }
  if (VAL_IS_NULL(*keys)) return val_null();
  Value aux = val_incref(*keys);
  if (kind == TN_DDICT) {
    Value f = op_getattr_s(x, "default_factory");
    if (VAL_IS_NULL(f)) { obj_err_clear(); f = val_none(); }
    val_decref(aux);
    aux = tuple_pack(2, f, *keys);
    val_decref(f);
  }
  Value node = VAL_IS_NULL(aux) ? aux : tuple_pack(2, val_obj(&x.u.o->type->ob), aux);
  val_decref(aux);
  if (VAL_IS_NULL(node)) { val_decref(*keys); *keys = val_null(); }
  return node;
}

/* the key tuple inside a TN_ODICT/TN_DDICT node's (class, aux) */
static Value coll_keys(const TNode *nd) {
  Value aux = TUPLE(nd->keys.u.o)->items[1];
  return nd->kind == TN_DDICT ? TUPLE(aux.u.o)->items[1] : aux;
}

typedef struct FlatCtx { TreeDef *t; Value leaves; int none_is_leaf; Value is_leaf; int open_keys; } FlatCtx;
static int flatten_custom(FlatCtx *c, Value x, Value reg, int depth);

static int flatten_rec(FlatCtx *c, Value x, int depth) {
  if (depth > 200) { obj_raise(&exc_RecursionError, "pytree too deep"); return -1; }
  if (!VAL_IS_NULL(c->is_leaf) && !VAL_IS_NONE(c->is_leaf)) {
    Value r = op_call1(c->is_leaf, x);
    if (VAL_IS_NULL(r)) return -1;
    int b = op_truth(r);
    val_decref(r);
    if (b < 0) return -1;
    if (b) {
      c->t->nleaves++;
      if (push(c->t, TN_LEAF, 0, val_null()) < 0) return -1;
      return list_append(c->leaves, x);
    }
  }
  if (VAL_IS_NONE(x) && !c->none_is_leaf) return push(c->t, TN_NONE, 0, val_null());
  if (c->open_keys && lx_is_key(x)) {
    if (push(c->t, TN_KEY, 1, val_null()) < 0) return -1;
    return flatten_rec(c, lx_key_data(x), depth + 1);
  }
  Value reg = registered(x);
  if (!VAL_IS_NULL(reg)) return flatten_custom(c, x, reg, depth);
  if (is_namedtuple(x)) {
    Value cls = val_obj(&x.u.o->type->ob);
    int64_t n = TUPLE(x.u.o)->len;
    if (push(c->t, TN_NT, n, cls) < 0) return -1;
    for (int64_t i = 0; i < n; i++) {
      Value it = val_incref(TUPLE(x.u.o)->items[i]);
      int r = flatten_rec(c, it, depth + 1);
      val_decref(it);
      if (r < 0) return -1;
    }
    return 0;
  }
  if (VAL_IS_TUPLE(x) || VAL_IS_LIST(x)) {
    int64_t n = VAL_IS_TUPLE(x) ? TUPLE(x.u.o)->len : LIST(x.u.o)->len;
    if (push(c->t, VAL_IS_TUPLE(x) ? TN_TUPLE : TN_LIST, n, val_null()) < 0) return -1;
    for (int64_t i = 0; i < n; i++) {
      /* lists may change under us while the callback runs: re-read each item */
      int64_t len = VAL_IS_TUPLE(x) ? TUPLE(x.u.o)->len : LIST(x.u.o)->len;
      if (i >= len) { obj_raise(&exc_RuntimeError, "list changed size during flattening"); return -1; }
      Value it = val_incref(VAL_IS_TUPLE(x) ? TUPLE(x.u.o)->items[i] : LIST(x.u.o)->items[i]);
      int r = flatten_rec(c, it, depth + 1);
      val_decref(it);
      if (r < 0) return -1;
    }
    return 0;
  }
  int ck = coll_kind(x);
  if (VAL_IS_DICT(x) || ck) {
    Value keys = val_null(), node = ck ? coll_node(x, ck, &keys) : val_null();
    if (!ck) keys = sorted_keys(x);
    if (VAL_IS_NULL(keys)) return -1;
    int64_t n = TUPLE(keys.u.o)->len;
    int r = ck ? push(c->t, (TNKind)ck, n, node) : push(c->t, TN_DICT, n, keys);
    val_decref(node);
    for (int64_t i = 0; i < n && r == 0; i++) {
      Value v = dict_get(x, TUPLE(keys.u.o)->items[i]);
      if (VAL_IS_NULL(v)) { if (!obj_err_occurred()) obj_raise(&exc_KeyError, "dict changed during flattening"); r = -1; break; }
      val_incref(v);
      r = flatten_rec(c, v, depth + 1);
      val_decref(v);
    }
    val_decref(keys);
    return r;
  }
  c->t->nleaves++;
  if (push(c->t, TN_LEAF, 0, val_null()) < 0) return -1;
  return list_append(c->leaves, x);
}

/* children (a list) and aux data of a registered node */
static int custom_parts(Value x, Value reg, Value *children, Value *aux) {
  TupleObj *r = TUPLE(reg.u.o);
  int64_t kind = r->items[0].u.i;
  Value fa = r->items[1], fb = r->items[2];
  *children = *aux = val_null();
  if (kind == RK_STATIC) {
    *children = list_new(0);
    *aux = val_incref(x);
    return VAL_IS_NULL(*children) ? -1 : 0;
  }
  if (kind == RK_DATACLASS) {
    *children = list_new(0);
    Value meta = list_new(0);
    if (VAL_IS_NULL(*children) || VAL_IS_NULL(meta)) { val_decref(meta); return -1; }
    for (int k = 0; k < 2; k++) {
      Value names = k ? fb : fa, out = k ? meta : *children;
      for (int64_t i = 0; i < TUPLE(names.u.o)->len; i++) {
        Value n = TUPLE(names.u.o)->items[i];
        Value v = VAL_IS_STR(n) ? op_getattr_s(x, str_cstr(n)) : obj_raise(&exc_TypeError, "field names must be str");
        if (VAL_IS_NULL(v) || list_append_steal(out, v) < 0) { val_decref(meta); return -1; }
      }
    }
    *aux = tuple_from(LIST(meta.u.o)->len, LIST(meta.u.o)->items);
    val_decref(meta);
    return VAL_IS_NULL(*aux) ? -1 : 0;
  }
  Value pair = kind == RK_CLASS ? op_call_method(x, "tree_flatten", 0, NULL) : op_call1(fa, x);
  if (VAL_IS_NULL(pair)) return -1;
  Value l = list_from_iterable(pair);
  val_decref(pair);
  if (VAL_IS_NULL(l)) return -1;
  if (LIST(l.u.o)->len != 2) {
    val_decref(l);
    obj_raise(&exc_ValueError, "a pytree flatten function must return a pair (children, aux_data)");
    return -1;
  }
  *children = list_from_iterable(LIST(l.u.o)->items[0]);
  *aux = val_incref(LIST(l.u.o)->items[1]);
  val_decref(l);
  return VAL_IS_NULL(*children) ? -1 : 0;
}

static int seq_keys(int64_t n, Value *keys) {
  *keys = list_new(0);
  for (int64_t i = 0; i < n && !VAL_IS_NULL(*keys); i++)
    if (list_append(*keys, val_int(i)) < 0) val_clear(keys);
  return VAL_IS_NULL(*keys) ? -1 : 0;
}

int tree_open(Value x, Value *children, Value *keys, Value *meta) {
  *children = *keys = *meta = val_null();
  if (VAL_IS_NONE(x)) return 0;
  Value reg = registered(x);
  if (!VAL_IS_NULL(reg)) {
    if (custom_parts(x, reg, children, meta) < 0) goto fail;
    *keys = list_new(0);
    for (int64_t i = 0; !VAL_IS_NULL(*keys) && i < LIST(children->u.o)->len; i++)
      if (list_append(*keys, val_none()) < 0) val_clear(keys);
    if (VAL_IS_NULL(*keys)) goto fail;
    return 1;
  }
  if (is_namedtuple(x) || VAL_IS_TUPLE(x) || VAL_IS_LIST(x)) {
    int64_t n = VAL_IS_LIST(x) ? LIST(x.u.o)->len : TUPLE(x.u.o)->len;
    *children = list_from_iterable(x);
    if (VAL_IS_NULL(*children) || seq_keys(n, keys) < 0) goto fail;
    *meta = val_int(n);
    return 1;
  }
  int ck = coll_kind(x);
  if (VAL_IS_DICT(x) || ck) {
    Value ks = val_null(), node = ck ? coll_node(x, ck, &ks) : val_null();
    if (!ck) ks = sorted_keys(x);
    val_decref(node);
    if (VAL_IS_NULL(ks)) goto fail;
    *children = list_new(0);
    *keys = list_from_iterable(ks);
    *meta = ks;
    if (VAL_IS_NULL(*children) || VAL_IS_NULL(*keys)) goto fail;
    for (int64_t i = 0; i < TUPLE(ks.u.o)->len; i++) {
      Value v = dict_get(x, TUPLE(ks.u.o)->items[i]);
      if (VAL_IS_NULL(v)) { if (!obj_err_occurred()) obj_raise(&exc_KeyError, "dict changed during flattening"); goto fail; }
      if (list_append(*children, v) < 0) goto fail;
    }
    return 1;
  }
  return 0;
fail:
  val_clear(children);
  val_clear(keys);
  val_clear(meta);
  return -1;
}

static int flatten_custom(FlatCtx *c, Value x, Value reg, int depth) {
  Value ch, aux;
  if (custom_parts(x, reg, &ch, &aux) < 0) { val_decref(ch); val_decref(aux); return -1; }
  Value key = tuple_pack(2, val_obj(&x.u.o->type->ob), aux);
  val_decref(aux);
  int64_t n = LIST(ch.u.o)->len;
  int r = VAL_IS_NULL(key) ? -1 : push(c->t, TN_CUSTOM, n, key);
  val_decref(key);
  for (int64_t i = 0; i < n && r == 0; i++) r = flatten_rec(c, LIST(ch.u.o)->items[i], depth + 1);
  val_decref(ch);
  return r;
}

static TreeDef *flatten_keys(Value tree, Value leaves, int none_is_leaf, Value is_leaf, int open_keys) {
  TreeDef *t = calloc(1, sizeof *t);
  if (!t) { obj_raise_nomem(); return NULL; }
  t->hash = 1469598103934665603ull;
  FlatCtx c = {t, leaves, none_is_leaf, is_leaf, open_keys};
  if (flatten_rec(&c, tree, 0) < 0) { tree_free(t); return NULL; }
  return t;
}

static TreeDef *flatten_full(Value tree, Value leaves, int none_is_leaf, Value is_leaf) {
  return flatten_keys(tree, leaves, none_is_leaf, is_leaf, 0);
}

TreeDef *tree_flatten(Value tree, Value leaves, int none_is_leaf) {
  return flatten_keys(tree, leaves, none_is_leaf, val_null(), 1);
}

int64_t tree_nleaves(const TreeDef *t) { return t->nleaves; }
uint64_t tree_hash(const TreeDef *t) { return t->hash; }

int tree_equal(const TreeDef *a, const TreeDef *b) {
  if (a == b) return 1;
  if (a->hash != b->hash || a->nnodes != b->nnodes || a->nleaves != b->nleaves) return 0;
  for (int64_t i = 0; i < a->nnodes; i++) {
    const TNode *x = &a->nodes[i], *y = &b->nodes[i];
    if (x->kind != y->kind || x->n != y->n) return 0;
    if (x->kind == TN_NT) {
      if (x->keys.u.o != y->keys.u.o) return 0;
    } else if (!VAL_IS_NULL(x->keys) || !VAL_IS_NULL(y->keys)) {
      if (VAL_IS_NULL(x->keys) || VAL_IS_NULL(y->keys)) return 0;
      int e = op_eq(x->keys, y->keys);
      if (e < 0) { obj_err_clear(); return 0; }
      if (!e) return 0;
    }
  }
  return 1;
}

TreeDef *tree_copy(const TreeDef *t) {
  TreeDef *c = calloc(1, sizeof *c);
  if (!c) { obj_raise_nomem(); return NULL; }
  *c = *t;
  c->cap = t->nnodes ? t->nnodes : 1;
  c->nodes = malloc(sizeof(TNode) * (size_t)c->cap);
  if (!c->nodes) { free(c); obj_raise_nomem(); return NULL; }
  ir_memcpy(c->nodes, t->nodes, sizeof(TNode) * (size_t)t->nnodes);
  for (int64_t i = 0; i < t->nnodes; i++) val_incref(c->nodes[i].keys);
  return c;
}

/* rebuild a registered node of class cls from its aux data and children (a tuple) */
static Value custom_build(Value cls, Value aux, Value ch) {
  Value reg = VAL_IS_NULL(registry) ? val_null() : dict_get(registry, cls);
  if (VAL_IS_NULL(reg)) {
    if (!obj_err_occurred()) obj_raise(&exc_ValueError, "pytree node type %s is not registered",
                                       ((TypeObj *)cls.u.o)->name);
    return val_null();
  }
  TupleObj *r = TUPLE(reg.u.o);
  int64_t kind = r->items[0].u.i;
  if (kind == RK_STATIC) return val_incref(aux);
  if (kind == RK_FUNCS) return op_call2(r->items[2], aux, ch);
  if (kind == RK_CLASS) {
    Value f = op_getattr_s(cls, "tree_unflatten");
    if (VAL_IS_NULL(f)) return f;
    Value out = op_call2(f, aux, ch);
    val_decref(f);
    return out;
  }
  /* a dataclass: cls(**data, **meta) */
  Value names = r->items[1], meta = r->items[2];
  int64_t nd = TUPLE(names.u.o)->len, nm = TUPLE(meta.u.o)->len;
  if (nd != TUPLE(ch.u.o)->len || nm != TUPLE(aux.u.o)->len)
    return obj_raise(&exc_ValueError, "dataclass pytree: wrong number of fields");
  Value kwn = tuple_new(nd + nm);
  Value *vals = calloc((size_t)(nd + nm + 1), sizeof(Value));
  if (VAL_IS_NULL(kwn) || !vals) { val_decref(kwn); free(vals); return obj_raise_nomem(); }
  for (int64_t i = 0; i < nd; i++) {
    TUPLE_SET(kwn, i, val_incref(TUPLE(names.u.o)->items[i]));
    vals[i] = TUPLE(ch.u.o)->items[i];
  }
  for (int64_t i = 0; i < nm; i++) {
    TUPLE_SET(kwn, nd + i, val_incref(TUPLE(meta.u.o)->items[i]));
    vals[nd + i] = TUPLE(aux.u.o)->items[i];
  }
  Value out = op_call(cls, 0, vals, kwn.u.o);
  val_decref(kwn);
  free(vals);
  return out;
}

static Value unflatten_rec(const TreeDef *t, int64_t *pos, const Value *leaves, int64_t *li) {
  const TNode *nd = &t->nodes[(*pos)++];
  switch (nd->kind) {
    case TN_LEAF: return val_incref(leaves[(*li)++]);
    case TN_NONE: return val_none();
    case TN_TUPLE: case TN_LIST: {
      Value out = nd->kind == TN_TUPLE ? tuple_new(nd->n) : list_new(nd->n);
      if (VAL_IS_NULL(out)) return out;
      for (int64_t i = 0; i < nd->n; i++) {
        Value c = unflatten_rec(t, pos, leaves, li);
        if (VAL_IS_NULL(c)) { val_decref(out); return c; }
        if (nd->kind == TN_TUPLE) TUPLE_SET(out, i, c);
        else { val_decref(LIST(out.u.o)->items[i]); LIST(out.u.o)->items[i] = c; }
      }
      return out;
    }
    case TN_NT: case TN_CUSTOM: {
      Value ch = tuple_new(nd->n);
      if (VAL_IS_NULL(ch)) return ch;
      for (int64_t i = 0; i < nd->n; i++) {
        Value c = unflatten_rec(t, pos, leaves, li);
        if (VAL_IS_NULL(c)) { val_decref(ch); return c; }
        TUPLE_SET(ch, i, c);
      }
      Value r;
      if (nd->kind == TN_NT) r = op_call(nd->keys, (int)nd->n, TUPLE(ch.u.o)->items, NULL);
      else r = custom_build(TUPLE(nd->keys.u.o)->items[0], TUPLE(nd->keys.u.o)->items[1], ch);
      val_decref(ch);
      return r;
    }
    case TN_KEY: {
      /* the transformations' leaves are arrays or tracers, or placeholders (an axis, an
         index) that are re-flattened: those are kept unchecked */
      Value c = unflatten_rec(t, pos, leaves, li);
      if (VAL_IS_NULL(c)) return c;
      Value k = lx_is_arraylike(c) ? lx_key_wrap(c) : lx_key_wrap_any(c);
      val_decref(c);
      return k;
    }
    case TN_DICT: case TN_ODICT: case TN_DDICT: {
      /* the same class again, a defaultdict with its default_factory */
      Value d, keys = nd->kind == TN_DICT ? nd->keys : coll_keys(nd);
      if (nd->kind == TN_DICT) d = dict_new();
      else if (nd->kind == TN_ODICT) d = op_call(TUPLE(nd->keys.u.o)->items[0], 0, NULL, NULL);
      else d = op_call1(TUPLE(nd->keys.u.o)->items[0], TUPLE(TUPLE(nd->keys.u.o)->items[1].u.o)->items[0]);
      if (VAL_IS_NULL(d)) return d;
      if (!VAL_IS_DICT_ANY(d)) { val_decref(d); return obj_raise(&exc_TypeError, "pytree: rebuilding a dict node gave a non-dict"); }
      for (int64_t i = 0; i < nd->n; i++) {
        Value c = unflatten_rec(t, pos, leaves, li);
        if (VAL_IS_NULL(c) || dict_set(d, TUPLE(keys.u.o)->items[i], c) < 0) {
          val_decref(c);
          val_decref(d);
          return val_null();
        }
        val_decref(c);
      }
      return d;
    }
  }
  return val_null();
}

Value tree_unflatten(TreeDef *t, const Value *leaves, int64_t n) {
  if (n != t->nleaves)
    return obj_raise(&exc_ValueError, "Too %s leaves for PyTreeDef; expected %lld, got %lld",
                     n < t->nleaves ? "few" : "many", (long long)t->nleaves, (long long)n);
  int64_t pos = 0, li = 0;
  if (t->nnodes == 0) return val_none();
  return unflatten_rec(t, &pos, leaves, &li);
}

/* {=== printing and paths ===} */
static int repr_rec(const TreeDef *t, int64_t *pos, Value parts) {
  const TNode *nd = &t->nodes[(*pos)++];
  Value s;
  switch (nd->kind) {
    case TN_LEAF: return list_append_steal(parts, str_from_cstr("*"));
    case TN_NONE: return list_append_steal(parts, str_from_cstr("None"));
    case TN_KEY: return repr_rec(t, pos, parts);
    case TN_TUPLE: case TN_LIST:
      if (list_append_steal(parts, str_from_cstr(nd->kind == TN_TUPLE ? "(" : "[")) < 0) return -1;
      for (int64_t i = 0; i < nd->n; i++) {
        if (i && list_append_steal(parts, str_from_cstr(", ")) < 0) return -1;
        if (repr_rec(t, pos, parts) < 0) return -1;
      }
      s = str_from_cstr(nd->kind == TN_TUPLE ? (nd->n == 1 ? ",)" : ")") : "]");
      return list_append_steal(parts, s);
    case TN_NT: case TN_CUSTOM: case TN_ODICT: case TN_DDICT: {
      if (nd->kind == TN_NT) s = str_fmt("CustomNode(namedtuple[%s], [", ((TypeObj *)nd->keys.u.o)->name);
      else {
        Value ar = op_str(TUPLE(nd->keys.u.o)->items[1]);   /* JAX prints str(aux) */
        if (VAL_IS_NULL(ar)) return -1;
        s = str_fmt("CustomNode(%s[%s], [", ((TypeObj *)TUPLE(nd->keys.u.o)->items[0].u.o)->name,
                    str_cstr(ar));
        val_decref(ar);
      }
      if (list_append_steal(parts, s) < 0) return -1;
      for (int64_t i = 0; i < nd->n; i++) {
        if (i && list_append_steal(parts, str_from_cstr(", ")) < 0) return -1;
        if (repr_rec(t, pos, parts) < 0) return -1;
      }
      return list_append_steal(parts, str_from_cstr("])"));
    }
    case TN_DICT:
      if (list_append_steal(parts, str_from_cstr("{")) < 0) return -1;
      for (int64_t i = 0; i < nd->n; i++) {
        if (i && list_append_steal(parts, str_from_cstr(", ")) < 0) return -1;
        Value k = op_repr(TUPLE(nd->keys.u.o)->items[i]);
        if (list_append_steal(parts, k) < 0) return -1;
        if (list_append_steal(parts, str_from_cstr(": ")) < 0) return -1;
        if (repr_rec(t, pos, parts) < 0) return -1;
      }
      return list_append_steal(parts, str_from_cstr("}"));
  }
  return -1;
}

Value tree_repr(const TreeDef *t) {
  Value parts = list_new(0);
  if (VAL_IS_NULL(parts)) return parts;
  int64_t pos = 0;
  if (list_append_steal(parts, str_from_cstr("PyTreeDef(")) < 0 ||
      (t->nnodes && repr_rec(t, &pos, parts) < 0) ||
      list_append_steal(parts, str_from_cstr(")")) < 0) {
    val_decref(parts);
    return val_null();
  }
  Value sep = str_from_cstr("");
  Value r = str_join(sep, parts);
  val_decref(sep);
  val_decref(parts);
  return r;
}

static int paths_rec(Value x, const char *prefix, Value list, int depth) {
  if (depth > 200) { obj_raise(&exc_RecursionError, "pytree too deep"); return -1; }
  char buf[512];
  if (VAL_IS_NONE(x)) return 0;
  if (is_namedtuple(x) && VAL_IS_NULL(registered(x))) {
    Value f = type_lookup(x.u.o->type, str_intern("_fields"));
    for (int64_t i = 0; i < TUPLE(x.u.o)->len; i++) {
      Value n = VAL_IS_TUPLE(f) && i < TUPLE(f.u.o)->len ? TUPLE(f.u.o)->items[i] : val_null();
      if (VAL_IS_STR(n)) snprintf(buf, sizeof buf, "%s.%s", prefix, str_cstr(n));
      else snprintf(buf, sizeof buf, "%s[%lld]", prefix, (long long)i);
      if (paths_rec(TUPLE(x.u.o)->items[i], buf, list, depth + 1) < 0) return -1;
    }
    return 0;
  }
  if (VAL_IS_TUPLE(x) || VAL_IS_LIST(x)) {
    int64_t n = VAL_IS_TUPLE(x) ? TUPLE(x.u.o)->len : LIST(x.u.o)->len;
    for (int64_t i = 0; i < n; i++) {
      snprintf(buf, sizeof buf, "%s[%lld]", prefix, (long long)i);
      Value it = VAL_IS_TUPLE(x) ? TUPLE(x.u.o)->items[i] : LIST(x.u.o)->items[i];
      if (paths_rec(it, buf, list, depth + 1) < 0) return -1;
    }
    return 0;
  }
  int ck = coll_kind(x);
  if (VAL_IS_DICT(x) || ck) {
    Value keys = val_null();
    if (ck) val_decref(coll_node(x, ck, &keys));
    else keys = sorted_keys(x);
    if (VAL_IS_NULL(keys)) return -1;
    for (int64_t i = 0; i < TUPLE(keys.u.o)->len; i++) {
      Value k = TUPLE(keys.u.o)->items[i];
      Value kr = op_repr(k);
      if (VAL_IS_NULL(kr)) { val_decref(keys); return -1; }
      snprintf(buf, sizeof buf, "%s[%s]", prefix, str_cstr(kr));
      val_decref(kr);
      Value v = dict_get(x, k);
      if (!VAL_IS_NULL(v) && paths_rec(v, buf, list, depth + 1) < 0) { val_decref(keys); return -1; }
    }
    val_decref(keys);
    return 0;
  }
  return list_append_steal(list, str_from_cstr(prefix));
}

int tree_leaf_paths(Value tree, const char *name, Value list) {
  return paths_rec(tree, name, list, 0);
}

/* {=== the treedef object ===} */
typedef struct TreeDefObj { Obj ob; TreeDef *t; } TreeDefObj;
static void tdo_dealloc(Obj *o) { tree_free(((TreeDefObj *)o)->t); obj_free(o); }
static Value tdo_repr(Value self) { return tree_repr(((TreeDefObj *)self.u.o)->t); }
static Value tdo_compare(Value a, Value b, int op);
static int tdo_hash(Value self, int64_t *out) {
  *out = (int64_t)(tree_hash(((TreeDefObj *)self.u.o)->t) >> 1);
  return 0;
}
static Value tdo_num_leaves(Value self) { return val_int(((TreeDefObj *)self.u.o)->t->nleaves); }
static Value tdo_num_nodes(Value self) { return val_int(((TreeDefObj *)self.u.o)->t->nnodes); }
static Value tdo_unflatten(int argc, const Value *argv, Obj *kw);
static const MethodDef tdo_methods[] = {
    {"unflatten", tdo_unflatten, "unflatten(leaves): rebuild the tree from its leaves", 0},
    {NULL}};
static const GetSetDef tdo_getset[] = {{"num_leaves", tdo_num_leaves, NULL, "number of leaves"},
                                       {"num_nodes", tdo_num_nodes, NULL, "number of nodes"},
                                       {NULL}};
TypeObj tree_def_type = {OBJ_TYPE_HEAD, .name = "PyTreeDef", .dealloc = tdo_dealloc,
                         .repr = tdo_repr, .compare = tdo_compare, .hash = tdo_hash,
                         .methods = tdo_methods, .getset = tdo_getset};

static Value tdo_compare(Value a, Value b, int op) {
  if (op != CMP_EQ && op != CMP_NOTEQ) return obj_notimpl();
  if (b.tag != V_OBJ || b.u.o->type != &tree_def_type) return obj_notimpl();
  int e = tree_equal(((TreeDefObj *)a.u.o)->t, ((TreeDefObj *)b.u.o)->t);
  return val_bool(op == CMP_EQ ? e : !e);
}

static Value treedef_obj(TreeDef *t) {
  TreeDefObj *o = obj_alloc(&tree_def_type, sizeof *o);
  if (!o) { tree_free(t); return val_null(); }
  o->t = t;
  return val_obj(&o->ob);
}

static TreeDef *treedef_of(Value v) {
  if (v.tag != V_OBJ || v.u.o->type != &tree_def_type) return NULL;
  return ((TreeDefObj *)v.u.o)->t;
}

/* leaves of an iterable as a C array (new refs in a list) */
static Value seq_list(Value leaves) {
  if (VAL_IS_LIST(leaves)) return val_incref(leaves);
  return list_from_iterable(leaves);
}

static Value tdo_unflatten(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("unflatten", argc, kw, 2, 2) < 0) return val_null();
  Value l = seq_list(argv[1]);
  if (VAL_IS_NULL(l)) return l;
  Value r = tree_unflatten(treedef_of(argv[0]), LIST(l.u.o)->items, LIST(l.u.o)->len);
  val_decref(l);
  return r;
}

/* {=== jax.tree_util functions ===} */
static Value tu_flatten(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("tree_flatten", argc, argv, kw, "tree|is_leaf", a) < 0) return val_null();
  Value leaves = list_new(0);
  if (VAL_IS_NULL(leaves)) return leaves;
  TreeDef *t = flatten_full(a[0], leaves, 0, a[1]);
  if (!t) { val_decref(leaves); return val_null(); }
  Value td = treedef_obj(t);
  if (VAL_IS_NULL(td)) { val_decref(leaves); return td; }
  Value r = tuple_pack(2, leaves, td);
  val_decref(leaves);
  val_decref(td);
  return r;
}

static Value tu_leaves(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("tree_leaves", argc, argv, kw, "tree|is_leaf", a) < 0) return val_null();
  Value leaves = list_new(0);
  if (VAL_IS_NULL(leaves)) return leaves;
  TreeDef *t = flatten_full(a[0], leaves, 0, a[1]);
  if (!t) { val_decref(leaves); return val_null(); }
  tree_free(t);
  return leaves;
}

static Value tu_structure(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("tree_structure", argc, argv, kw, "tree|is_leaf", a) < 0) return val_null();
  Value leaves = list_new(0);
  if (VAL_IS_NULL(leaves)) return leaves;
  TreeDef *t = flatten_full(a[0], leaves, 0, a[1]);
  val_decref(leaves);
  return t ? treedef_obj(t) : val_null();
}

static Value tu_unflatten(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("tree_unflatten", argc, argv, kw, "treedef,leaves", a) < 0) return val_null();
  TreeDef *t = treedef_of(a[0]);
  if (!t) return obj_raise(&exc_TypeError, "tree_unflatten: expected a PyTreeDef, got %s", op_type_name(a[0]));
  Value l = seq_list(a[1]);
  if (VAL_IS_NULL(l)) return l;
  Value r = tree_unflatten(t, LIST(l.u.o)->items, LIST(l.u.o)->len);
  val_decref(l);
  return r;
}

/* flatten x up to the structure t (a prefix of x's: a leaf of t takes a whole subtree of x),
 * as tree_map does with its second and later trees */
static int upto_rec(const TreeDef *t, int64_t *pos, Value x, Value leaves, int depth) {
  if (depth > 200) { obj_raise(&exc_RecursionError, "pytree too deep"); return -1; }
  const TNode *nd = &t->nodes[(*pos)++];
  int ok = 0;
  switch (nd->kind) {
    case TN_LEAF: return list_append(leaves, x);
    case TN_NONE: if (VAL_IS_NONE(x)) return 0; break;
    case TN_KEY:
      if (!lx_is_key(x)) break;
      return upto_rec(t, pos, lx_key_data(x), leaves, depth + 1);
    case TN_TUPLE: case TN_LIST: case TN_NT: {
      if (nd->kind == TN_LIST ? !VAL_IS_LIST(x) : nd->kind == TN_TUPLE ? !VAL_IS_TUPLE(x)
                                                : !(VAL_IS_OBJ(x) && &x.u.o->type->ob == nd->keys.u.o))
        break;
      int64_t n = nd->kind == TN_LIST ? LIST(x.u.o)->len : TUPLE(x.u.o)->len;
      if (n != nd->n) break;
      for (int64_t i = 0; i < n; i++) {
        int64_t len = nd->kind == TN_LIST ? LIST(x.u.o)->len : TUPLE(x.u.o)->len;
        if (i >= len) { obj_raise(&exc_RuntimeError, "list changed size during flattening"); return -1; }
        Value it = val_incref(nd->kind == TN_LIST ? LIST(x.u.o)->items[i] : TUPLE(x.u.o)->items[i]);
        int r = upto_rec(t, pos, it, leaves, depth + 1);
        val_decref(it);
        if (r < 0) return -1;
      }
      return 0;
    }
    case TN_DICT: {
      if (!VAL_IS_DICT(x) || dict_len(x) != nd->n) break;
      ok = 1;
      for (int64_t i = 0; i < nd->n && ok; i++) {
        Value v = dict_get(x, TUPLE(nd->keys.u.o)->items[i]);
        if (VAL_IS_NULL(v)) { if (obj_err_occurred()) return -1; ok = 0; break; }
        val_incref(v);
        int r = upto_rec(t, pos, v, leaves, depth + 1);
        val_decref(v);
        if (r < 0) return -1;
      }
      if (ok) return 0;
      break;
    }
    case TN_ODICT: case TN_DDICT: {
      /* same class and metadata (key order, default_factory), as JAX requires */
      if (coll_kind(x) != (int)nd->kind || &x.u.o->type->ob != TUPLE(nd->keys.u.o)->items[0].u.o) break;
      Value xk, xn = coll_node(x, nd->kind, &xk);
      if (VAL_IS_NULL(xn)) return -1;
      val_decref(xk);
      int e = op_eq(xn, nd->keys);
      val_decref(xn);
      if (e < 0) return -1;
      if (!e) break;
      Value keys = coll_keys(nd);
      for (int64_t i = 0; i < nd->n; i++) {
        Value v = dict_get(x, TUPLE(keys.u.o)->items[i]);
        if (VAL_IS_NULL(v)) { if (!obj_err_occurred()) obj_raise(&exc_KeyError, "dict changed during flattening"); return -1; }
        val_incref(v);
        int r = upto_rec(t, pos, v, leaves, depth + 1);
        val_decref(v);
        if (r < 0) return -1;
      }
      return 0;
    }
    case TN_CUSTOM: {
      Value reg = registered(x);
      if (VAL_IS_NULL(reg) || &x.u.o->type->ob != TUPLE(nd->keys.u.o)->items[0].u.o) break;
      Value ch, aux;
      if (custom_parts(x, reg, &ch, &aux) < 0) { val_decref(ch); val_decref(aux); return -1; }
      val_decref(aux);
      int r = LIST(ch.u.o)->len == nd->n ? 0 : 1;
      for (int64_t i = 0; i < nd->n && r == 0; i++) r = upto_rec(t, pos, LIST(ch.u.o)->items[i], leaves, depth + 1);
      val_decref(ch);
      if (r <= 0) return r;
      break;
    }
  }
  Value tr = tree_repr(t), xr = op_repr(x);
  obj_raise(&exc_ValueError, "Custom node type mismatch; expected type: %s; value: %s.",
            VAL_IS_NULL(tr) ? "?" : str_cstr(tr), VAL_IS_NULL(xr) ? "?" : str_cstr(xr));
  val_decref(tr);
  val_decref(xr);
  return -1;
}

static Value tu_map(int argc, const Value *argv, Obj *kw) {
  int nkw = func_kwcount(kw);
  Value is_leaf = val_null();
  for (int i = 0; i < nkw; i++) {
    if (!strcmp(func_kwname(kw, i), "is_leaf")) is_leaf = argv[argc + i];
    else return obj_raise(&exc_TypeError, "tree_map() got an unexpected keyword argument '%s'", func_kwname(kw, i));
  }
  if (argc < 2) return obj_raise(&exc_TypeError, "tree_map() missing required argument 'tree'");
  int nt = argc - 1;
  Value *lists = calloc((size_t)nt, sizeof(Value));
  TreeDef *t0 = NULL;
  Value out = val_null(), res = val_null();
  if (!lists) return obj_raise_nomem();
  for (int k = 0; k < nt; k++) {
    lists[k] = list_new(0);
    if (VAL_IS_NULL(lists[k])) goto done;
    if (k == 0) {
      t0 = flatten_full(argv[1], lists[0], 0, is_leaf);
      if (!t0) goto done;
      continue;
    }
    /* the other trees have the first's structure as a prefix (subtrees where it has leaves) */
    int64_t pos = 0;
    if (t0->nnodes && upto_rec(t0, &pos, argv[1 + k], lists[k], 0) < 0) goto done;
  }
  {
    int64_t n = LIST(lists[0].u.o)->len;
    out = list_new(n);
    if (VAL_IS_NULL(out)) goto done;
    Value *args = calloc((size_t)nt, sizeof(Value));
    if (!args) { obj_raise_nomem(); goto done; }
    for (int64_t i = 0; i < n; i++) {
      for (int k = 0; k < nt; k++) args[k] = LIST(lists[k].u.o)->items[i];
      Value v = op_call(argv[0], nt, args, NULL);
      if (VAL_IS_NULL(v)) { free(args); goto done; }
      val_decref(LIST(out.u.o)->items[i]);
      LIST(out.u.o)->items[i] = v;
    }
    free(args);
    res = tree_unflatten(t0, LIST(out.u.o)->items, n);
  }
done:
  for (int k = 0; k < nt; k++) val_decref(lists[k]);
  free(lists);
  tree_free(t0);
  val_decref(out);
  return res;
}

static Value tu_reduce(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("tree_reduce", argc, argv, kw, "function,tree|initializer,is_leaf", a) < 0)
    return val_null();
  Value leaves = list_new(0);
  if (VAL_IS_NULL(leaves)) return leaves;
  TreeDef *t = flatten_full(a[1], leaves, 0, a[3]);
  if (!t) { val_decref(leaves); return val_null(); }
  tree_free(t);
  int64_t n = LIST(leaves.u.o)->len, i = 0;
  Value acc;
  if (!VAL_IS_NULL(a[2])) acc = val_incref(a[2]);
  else if (n == 0) { val_decref(leaves); return obj_raise(&exc_TypeError, "reduce() of empty iterable with no initial value"); }
  else acc = val_incref(LIST(leaves.u.o)->items[i++]);
  for (; i < n; i++) {
    Value r = op_call2(a[0], acc, LIST(leaves.u.o)->items[i]);
    val_decref(acc);
    if (VAL_IS_NULL(r)) { val_decref(leaves); return r; }
    acc = r;
  }
  val_decref(leaves);
  return acc;
}

static Value tu_all(int argc, const Value *argv, Obj *kw) {
  Value l = tu_leaves(argc, argv, kw);
  if (VAL_IS_NULL(l)) return l;
  for (int64_t i = 0; i < LIST(l.u.o)->len; i++) {
    int b = op_truth(LIST(l.u.o)->items[i]);
    if (b <= 0) { val_decref(l); return b < 0 ? val_null() : val_bool(0); }
  }
  val_decref(l);
  return val_bool(1);
}

static int reg_add(Value cls, int kind, Value a, Value b) {
  if (!VAL_IS_TYPE(cls) || !(((TypeObj *)cls.u.o)->flags & TF_USER)) {
    obj_raise(&exc_TypeError, "only classes defined in Sable can be registered as pytree nodes");
    return -1;
  }
  if (VAL_IS_NULL(registry)) {
    registry = dict_new();
    if (VAL_IS_NULL(registry)) return -1;
  }
  if (!VAL_IS_NULL(dict_get(registry, cls))) {
    Value r = op_repr(cls);
    obj_raise(&exc_ValueError, "Duplicate custom PyTreeDef type registration for %s.",
              VAL_IS_NULL(r) ? "?" : str_cstr(r));
    val_decref(r);
    return -1;
  }
  Value e = tuple_pack(3, val_int(kind), VAL_IS_NULL(a) ? val_none() : a,
                       VAL_IS_NULL(b) ? val_none() : b);
  if (VAL_IS_NULL(e)) return -1;
  int r = dict_set(registry, cls, e);
  val_decref(e);
  return r;
}

static Value tu_register(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("register_pytree_node", argc, argv, kw,
                      "nodetype,flatten_func,unflatten_func|flatten_with_keys_func", a) < 0)
    return val_null();
  if (reg_add(a[0], RK_FUNCS, a[1], a[2]) < 0) return val_null();
  return val_none();
}

static Value tu_register_class(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("register_pytree_node_class", argc, kw, 1, 1) < 0) return val_null();
  if (reg_add(argv[0], RK_CLASS, val_none(), val_none()) < 0) return val_null();
  return val_incref(argv[0]);
}

static Value tu_register_static(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("register_static", argc, kw, 1, 1) < 0) return val_null();
  if (reg_add(argv[0], RK_STATIC, val_none(), val_none()) < 0) return val_null();
  return val_incref(argv[0]);
}

static Value names_tuple(Value v) {
  Value l = list_from_iterable(v);
  if (VAL_IS_NULL(l)) return l;
  for (int64_t i = 0; i < LIST(l.u.o)->len; i++)
    if (!VAL_IS_STR(LIST(l.u.o)->items[i])) {
      val_decref(l);
      return obj_raise(&exc_TypeError, "register_dataclass: field names must be str");
    }
  Value t = tuple_from(LIST(l.u.o)->len, LIST(l.u.o)->items);
  val_decref(l);
  return t;
}

/* register_dataclass(nodetype, data_fields=None, meta_fields=None, drop_fields=()): fields
 * default to the dataclass's, meta ones marked field(metadata={'static': True}) */
static Value tu_register_dataclass(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("register_dataclass", argc, argv, kw,
                      "nodetype|data_fields,meta_fields,drop_fields", a) < 0)
    return val_null();
  Value data = val_null(), meta = val_null();
  if (VAL_IS_NULL(a[1]) || VAL_IS_NONE(a[1])) {
    Value dc = module_import("dataclasses");
    Value fn = VAL_IS_NULL(dc) ? dc : op_getattr_s(dc, "fields");
    val_decref(dc);
    Value fs = VAL_IS_NULL(fn) ? fn : op_call1(fn, a[0]);
    val_decref(fn);
    if (VAL_IS_NULL(fs)) return fs;
    Value dl = list_new(0), ml = list_new(0), it = op_iter(fs), f;
    val_decref(fs);
    int r = VAL_IS_NULL(dl) || VAL_IS_NULL(ml) || VAL_IS_NULL(it) ? -1 : 0;
    while (r == 0 && (r = op_next(it, &f)) == 1) {
      Value name = op_getattr_s(f, "name"), md = op_getattr_s(f, "metadata");
      int stat = 0;
      if (!VAL_IS_NULL(md)) {
        Value g = op_getattr_s(md, "get");
        Value sv = VAL_IS_NULL(g) ? g : op_call2(g, val_obj(str_intern("static")), val_bool(0));
        val_decref(g);
        stat = VAL_IS_NULL(sv) ? -1 : op_truth(sv);
        val_decref(sv);
      }
      val_decref(md);
      val_decref(f);
      r = VAL_IS_NULL(name) || stat < 0 ? -1 : list_append_steal(stat ? ml : dl, name);
    }
    val_decref(it);
    if (r == 0) {
      data = tuple_from(LIST(dl.u.o)->len, LIST(dl.u.o)->items);
      meta = tuple_from(LIST(ml.u.o)->len, LIST(ml.u.o)->items);
    }
    val_decref(dl);
    val_decref(ml);
  } else {
    data = names_tuple(a[1]);
    meta = VAL_IS_NULL(a[2]) || VAL_IS_NONE(a[2]) ? tuple_new(0) : names_tuple(a[2]);
  }
  int r = VAL_IS_NULL(data) || VAL_IS_NULL(meta) ? -1 : reg_add(a[0], RK_DATACLASS, data, meta);
  val_decref(data);
  val_decref(meta);
  return r < 0 ? val_null() : val_incref(a[0]);
}

/* _node_children(x): one level of x for the key-path functions (sable._treepath): None for a
 * leaf, else (kind, keys, children): kind "seq" (keys the indices), "nt" (the field names),
 * "dict" (the keys in flattening order), "attr" (a registered dataclass: its data field names)
 * or "flat" (another registered node: keys None). None itself is ("none", [], []). */
static Value tu_node_children(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("_node_children", argc, kw, 1, 1) < 0) return val_null();
  Value x = argv[0], ch, keys, meta;
  if (VAL_IS_NONE(x)) {
    Value e = tuple_new(0);
    Value r = VAL_IS_NULL(e) ? e : tuple_pack(3, val_obj(str_intern("none")), e, e);
    val_decref(e);
    return r;
  }
  const char *kind = "flat";
  Value reg = val_incref(registered(x));   /* held: tree_open runs the node's own code */
  int o = tree_open(x, &ch, &keys, &meta);
  if (o <= 0) { val_decref(reg); return o < 0 ? val_null() : val_none(); }
  if (!VAL_IS_NULL(reg)) {
    if (TUPLE(reg.u.o)->items[0].u.i == RK_DATACLASS) {
      kind = "attr";
      val_decref(keys);
      keys = val_incref(TUPLE(reg.u.o)->items[1]);
    }
  } else if (is_namedtuple(x)) {
    kind = "nt";
    val_decref(keys);
    keys = op_getattr_s(x, "_fields");
  } else {
    kind = VAL_IS_TUPLE(x) || VAL_IS_LIST(x) ? "seq" : "dict";
  }
  Value r = VAL_IS_NULL(keys) ? val_null() : tuple_pack(3, val_obj(str_intern(kind)), keys, ch);
  val_decref(reg);
  val_decref(ch);
  val_decref(keys);
  val_decref(meta);
  return r;
}

const MethodDef tree_util_functions[] = {
    {"_node_children", tu_node_children, "_node_children(x): one level of a pytree with its keys", 0},
    {"register_pytree_node", tu_register, "register_pytree_node(nodetype, flatten_func, unflatten_func)", 0},
    {"register_pytree_node_class", tu_register_class, "register_pytree_node_class(cls)", 0},
    {"register_static", tu_register_static, "register_static(cls)", 0},
    {"register_dataclass", tu_register_dataclass, "register_dataclass(nodetype, data_fields=None, meta_fields=None)", 0},
    {"tree_map", tu_map, "tree_map(f, tree, *rest, is_leaf=None): apply f to the leaves", 0},
    {"tree_leaves", tu_leaves, "tree_leaves(tree, is_leaf=None): the leaves as a list", 0},
    {"tree_flatten", tu_flatten, "tree_flatten(tree, is_leaf=None) -> (leaves, treedef)", 0},
    {"tree_unflatten", tu_unflatten, "tree_unflatten(treedef, leaves): rebuild a tree", 0},
    {"tree_structure", tu_structure, "tree_structure(tree): the treedef", 0},
    {"tree_reduce", tu_reduce, "tree_reduce(function, tree, initializer=None)", 0},
    {"tree_all", tu_all, "tree_all(tree): all leaves truthy", 0},
    {NULL}};

/* jax.tree: the same functions under short names */
const MethodDef tree_functions[] = {
    {"map", tu_map, "map(f, tree, *rest, is_leaf=None): apply f to the leaves", 0},
    {"leaves", tu_leaves, "leaves(tree, is_leaf=None): the leaves as a list", 0},
    {"flatten", tu_flatten, "flatten(tree, is_leaf=None) -> (leaves, treedef)", 0},
    {"unflatten", tu_unflatten, "unflatten(treedef, leaves): rebuild a tree", 0},
    {"structure", tu_structure, "structure(tree): the treedef", 0},
    {"reduce", tu_reduce, "reduce(function, tree, initializer=None)", 0},
    {"all", tu_all, "all(tree): all leaves truthy", 0},
    {NULL}};
