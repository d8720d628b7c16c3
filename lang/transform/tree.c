/* tree.c - pytrees: flattening nested tuples/lists/dicts (None is an empty node) into leaves
 * and a structure (TreeDef), rebuilding them, and the treedef object of jax.tree_util. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "transform.h"

typedef enum { TN_LEAF, TN_NONE, TN_TUPLE, TN_LIST, TN_DICT } TNKind;
typedef struct TNode {
  TNKind kind;
  int64_t n;        /* children */
  Value keys;       /* dict: tuple of keys in sorted order */
} TNode;

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

typedef struct FlatCtx { TreeDef *t; Value leaves; int none_is_leaf; Value is_leaf; } FlatCtx;

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
  if (VAL_IS_DICT(x)) {
    Value keys = sorted_keys(x);
    if (VAL_IS_NULL(keys)) return -1;
    int64_t n = TUPLE(keys.u.o)->len;
    int r = push(c->t, TN_DICT, n, keys);
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

static TreeDef *flatten_full(Value tree, Value leaves, int none_is_leaf, Value is_leaf) {
  TreeDef *t = calloc(1, sizeof *t);
  if (!t) { obj_raise_nomem(); return NULL; }
  t->hash = 1469598103934665603ull;
  FlatCtx c = {t, leaves, none_is_leaf, is_leaf};
  if (flatten_rec(&c, tree, 0) < 0) { tree_free(t); return NULL; }
  return t;
}

TreeDef *tree_flatten(Value tree, Value leaves, int none_is_leaf) {
  return flatten_full(tree, leaves, none_is_leaf, val_null());
}

int64_t tree_nleaves(const TreeDef *t) { return t->nleaves; }
uint64_t tree_hash(const TreeDef *t) { return t->hash; }

int tree_equal(const TreeDef *a, const TreeDef *b) {
  if (a == b) return 1;
  if (a->hash != b->hash || a->nnodes != b->nnodes || a->nleaves != b->nleaves) return 0;
  for (int64_t i = 0; i < a->nnodes; i++) {
    const TNode *x = &a->nodes[i], *y = &b->nodes[i];
    if (x->kind != y->kind || x->n != y->n) return 0;
    if (x->kind == TN_DICT) {
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
    case TN_DICT: {
      Value d = dict_new();
      if (VAL_IS_NULL(d)) return d;
      for (int64_t i = 0; i < nd->n; i++) {
        Value c = unflatten_rec(t, pos, leaves, li);
        if (VAL_IS_NULL(c) || dict_set(d, TUPLE(nd->keys.u.o)->items[i], c) < 0) {
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
    case TN_TUPLE: case TN_LIST:
      if (list_append_steal(parts, str_from_cstr(nd->kind == TN_TUPLE ? "(" : "[")) < 0) return -1;
      for (int64_t i = 0; i < nd->n; i++) {
        if (i && list_append_steal(parts, str_from_cstr(", ")) < 0) return -1;
        if (repr_rec(t, pos, parts) < 0) return -1;
      }
      s = str_from_cstr(nd->kind == TN_TUPLE ? (nd->n == 1 ? ",)" : ")") : "]");
      return list_append_steal(parts, s);
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
  if (VAL_IS_TUPLE(x) || VAL_IS_LIST(x)) {
    int64_t n = VAL_IS_TUPLE(x) ? TUPLE(x.u.o)->len : LIST(x.u.o)->len;
    for (int64_t i = 0; i < n; i++) {
      snprintf(buf, sizeof buf, "%s[%lld]", prefix, (long long)i);
      Value it = VAL_IS_TUPLE(x) ? TUPLE(x.u.o)->items[i] : LIST(x.u.o)->items[i];
      if (paths_rec(it, buf, list, depth + 1) < 0) return -1;
    }
    return 0;
  }
  if (VAL_IS_DICT(x)) {
    Value keys = sorted_keys(x);
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
    TreeDef *t = flatten_full(argv[1 + k], lists[k], 0, k == 0 ? is_leaf : val_null());
    if (!t) goto done;
    if (k == 0) { t0 = t; continue; }
    int same = tree_equal(t0, t);
    if (!same) {
      /* the other trees may have subtrees where the first has leaves: JAX requires the first
         tree's structure to be a prefix; equal structures cover the common use */
      Value r0 = tree_repr(t0), r1 = tree_repr(t);
      obj_raise(&exc_ValueError, "Custom node type mismatch; expected type: %s; value: %s.",
                VAL_IS_NULL(r0) ? "?" : str_cstr(r0), VAL_IS_NULL(r1) ? "?" : str_cstr(r1));
      val_decref(r0);
      val_decref(r1);
      tree_free(t);
      goto done;
    }
    tree_free(t);
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

const MethodDef tree_util_functions[] = {
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
