/* tuple.c - the tuple type: an immutable array of values stored inline, hashed with
 * CPython's xxHash-based scheme so that sets of tuples iterate in CPython's order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"


Value tuple_new(int64_t n) {
  if (n < 0) n = 0;
  if ((uint64_t)n > (obj_alloc_cap() - sizeof(TupleObj)) / sizeof(Value)) return obj_raise_nomem();
  TupleObj *t = obj_alloc(&tuple_type, sizeof(TupleObj) + (size_t)n * sizeof(Value));
  if (!t) return val_null();
  t->len = n;
  t->hash = -1;
  return val_obj(&t->ob);
}

/* an empty-filled tuple of a user subclass tp: one more slot past the items holds __dict__ */
static Value tuple_new_sub(TypeObj *tp, int64_t n) {
  if (n < 0) n = 0;
  if ((uint64_t)n + 1 > (obj_alloc_cap() - sizeof(TupleObj)) / sizeof(Value)) return obj_raise_nomem();
  TupleObj *t = obj_alloc(tp, sizeof(TupleObj) + (size_t)(n + 1) * sizeof(Value));
  if (!t) return val_null();
  t->len = n;
  t->hash = -1;
  return val_obj(&t->ob);
}

Value tuple_sub_from(TypeObj *tp, Value v) {
  TupleObj *x = TUPLE(v.u.o);
  Value r = tuple_new_sub(tp, x->len);
  if (VAL_IS_NULL(r)) return r;
  for (int64_t i = 0; i < x->len; i++) TUPLE(r.u.o)->items[i] = val_incref(x->items[i]);
  return r;
}

Value tuple_from(int64_t n, const Value *items) {
  Value t = tuple_new(n);
  if (VAL_IS_NULL(t)) return t;
  for (int64_t i = 0; i < n; i++) TUPLE(t.u.o)->items[i] = val_incref(items[i]);
  return t;
}

Value tuple_pack(int n, ...) {
  Value t = tuple_new(n);
  if (VAL_IS_NULL(t)) return t;
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) TUPLE(t.u.o)->items[i] = val_incref(va_arg(ap, Value));
  va_end(ap);
  return t;
}

static void tuple_dealloc(Obj *o) {
  TupleObj *t = TUPLE(o);
  for (int64_t i = 0; i < t->len; i++) val_decref(t->items[i]);
  obj_free(o);
}

static void tuple_traverse(Obj *o, VisitFn visit, void *arg) {
  TupleObj *t = TUPLE(o);
  for (int64_t i = 0; i < t->len; i++)
    if (VAL_IS_OBJ(t->items[i])) visit(t->items[i].u.o, arg);
}

static void tuple_clear(Obj *o) {
  TupleObj *t = TUPLE(o);
  for (int64_t i = 0; i < t->len; i++) val_clear(&t->items[i]);
}

static Value tuple_repr(Value v) {
  return list_seq_repr(v, TUPLE(v.u.o)->items, TUPLE(v.u.o)->len, "(", ")", 1);
}

#define XXPRIME_1 11400714785074694791ULL
#define XXPRIME_2 14029467366897019727ULL
#define XXPRIME_5 2870177450012600261ULL
#define XXROTATE(x) ((x << 31) | (x >> 33))

static int tuple_hash(Value v, int64_t *out) {
  TupleObj *t = TUPLE(v.u.o);
  if (t->hash != -1) { *out = t->hash; return 0; }
  STACK_CHECK_OR(-1);
  uint64_t acc = XXPRIME_5;
  for (int64_t i = 0; i < t->len; i++) {
    int64_t h;
    if (op_hash(t->items[i], &h) < 0) return -1;
    uint64_t lane = (uint64_t)h;
    acc += lane * XXPRIME_2;
    acc = XXROTATE(acc);
    acc *= XXPRIME_1;
  }
  acc += (uint64_t)t->len ^ (XXPRIME_5 ^ 3527539UL);
  if (acc == (uint64_t)-1) acc = 1546275796;
  t->hash = (int64_t)acc;
  *out = t->hash;
  return 0;
}

static Value tuple_compare(Value a, Value b, int op) {
  if (!VAL_IS_TUPLE_ANY(a) || !VAL_IS_TUPLE_ANY(b)) return obj_notimpl();
  TupleObj *x = TUPLE(a.u.o), *y = TUPLE(b.u.o);
  if ((op == CMP_EQ || op == CMP_NOTEQ) && x->len != y->len) return val_bool(op == CMP_NOTEQ);
  return list_seq_compare(x->items, x->len, y->items, y->len, op);
}

static Value tuple_binary(int op, Value a, Value b) {
  op &= 0xff;
  if (op == OP_ADD && VAL_IS_TUPLE_ANY(a) && VAL_IS_TUPLE_ANY(b)) {
    TupleObj *x = TUPLE(a.u.o), *y = TUPLE(b.u.o);
    Value r = tuple_new(x->len + y->len);
    if (VAL_IS_NULL(r)) return r;
    for (int64_t i = 0; i < x->len; i++) TUPLE(r.u.o)->items[i] = val_incref(x->items[i]);
    for (int64_t i = 0; i < y->len; i++) TUPLE(r.u.o)->items[x->len + i] = val_incref(y->items[i]);
    return r;
  }
  if (op == OP_MULT) {
    Value t = VAL_IS_TUPLE_ANY(a) ? a : b, k = VAL_IS_TUPLE_ANY(a) ? b : a;
    int64_t n;
    int c = VAL_IS_TUPLE_ANY(t) ? op_repeat_count(k, &n) : 0;
    if (c <= 0) return c < 0 ? val_null() : obj_notimpl();
    TupleObj *x = TUPLE(t.u.o);
    if (n < 0) n = 0;
    if (n == 1 && VAL_IS_TUPLE(t)) return val_incref(t);
    if (x->len && (uint64_t)n > obj_alloc_cap() / sizeof(Value) / (uint64_t)x->len)
      return obj_raise_nomem();
    Value r = tuple_new(x->len * n);
    if (VAL_IS_NULL(r)) return r;
    for (int64_t j = 0; j < n; j++)
      for (int64_t i = 0; i < x->len; i++)
        TUPLE(r.u.o)->items[j * x->len + i] = val_incref(x->items[i]);
    return r;
  }
  return obj_notimpl();
}

static int tuple_len(Value v, int64_t *out) { *out = TUPLE(v.u.o)->len; return 0; }

static Value tuple_getitem(Value v, Value key) {
  TupleObj *t = TUPLE(v.u.o);
  if (VAL_IS_INTLIKE(key)) {
    int64_t i = key.u.i;
    if (i < 0) i += t->len;
    if (i < 0 || i >= t->len) return obj_raise(&exc_IndexError, "tuple index out of range");
    return val_incref(t->items[i]);
  }
  if (VAL_IS_OBJ(key) && key.u.o->type == &iter_slice_type) {
    int64_t st, sp, step, n;
    if (iter_slice_indices(key, t->len, &st, &sp, &step, &n) < 0) return val_null();
    if (st == 0 && step == 1 && n == t->len && VAL_IS_TUPLE(v)) return val_incref(v);
    Value r = tuple_new(n);
    if (VAL_IS_NULL(r)) return r;
    for (int64_t i = 0, j = st; i < n; i++, j += step)
      TUPLE(r.u.o)->items[i] = val_incref(t->items[j]);
    return r;
  }
  int64_t i;
  if (op_as_index(key, t->len, &i, "tuple") < 0) return val_null();
  return val_incref(t->items[i]);
}

static int tuple_contains(Value v, Value x) {
  TupleObj *t = TUPLE(v.u.o);
  for (int64_t i = 0; i < t->len; i++) {
    int e = op_eq(t->items[i], x);
    if (e != 0) return e;
  }
  return 0;
}

static Value tuple_iter(Value v) { return list_seq_iter_new(v); }

static Value tuple_new_slot(TypeObj *tp, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("tuple", argc, kw, 0, 1) < 0) return val_null();
  if (tp != &tuple_type) {
    Value base = tuple_new_slot(&tuple_type, argc, argv, kw);
    if (VAL_IS_NULL(base)) return base;
    Value r = tuple_sub_from(tp, base);
    val_decref(base);
    return r;
  }
  if (argc == 0) return tuple_new(0);
  if (VAL_IS_TUPLE(argv[0])) return val_incref(argv[0]);
  Value l = list_from_iterable(argv[0]);
  if (VAL_IS_NULL(l)) return l;
  Value t = tuple_from(LIST(l.u.o)->len, LIST(l.u.o)->items);
  val_decref(l);
  return t;
}

static Value m_new(int argc, const Value *argv, Obj *kw) {
  return class_builtin_new(&tuple_type, argc, argv, kw);
}
static Value m_getnewargs(int argc, const Value *argv, Obj *kw) {
  Value t = tuple_from(TUPLE(argv[0].u.o)->len, TUPLE(argv[0].u.o)->items);
  if (VAL_IS_NULL(t)) return t;
  Value r = tuple_pack(1, t);
  val_decref(t);
  return r;
}

static Value m_index(int argc, const Value *argv, Obj *kw) {
  return list_seq_index("tuple", argv[0], argc, argv, kw);
}
static Value m_count(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("count", argc - 1, kw, 1, 1) < 0) return val_null();
  return list_seq_count(argv[0], argv[1]);
}

static const MethodDef tuple_methods[] = {
    {"__new__", m_new, "__new__(type, iterable=(), /)", METH_STATIC},
    {"__getnewargs__", m_getnewargs, "__getnewargs__()", 0},
    {"index", m_index, "index(value, start=0, stop=sys.maxsize, /)\nReturn first index of value.", 0},
    {"count", m_count, "count(value, /)\nReturn number of occurrences of value.", 0},
    {NULL}};

TypeObj tuple_type = {
    OBJ_TYPE_HEAD, .name = "tuple", .flags = TF_GC | TF_BASETYPE,
    .doc = "tuple(iterable=(), /)\n\nBuilt-in immutable sequence.",
    .dealloc = tuple_dealloc, .traverse = tuple_traverse, .clear = tuple_clear,
    .repr = tuple_repr, .hash = tuple_hash, .compare = tuple_compare, .binary = tuple_binary,
    .len = tuple_len, .getitem = tuple_getitem, .contains = tuple_contains,
    .iter = tuple_iter, .new = tuple_new_slot, .methods = tuple_methods};
