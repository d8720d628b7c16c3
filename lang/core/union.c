/* union.c - `int | str` on types: types.UnionType with CPython's repr, ==, hash, __args__,
 * and isinstance/issubclass over its members (builtins.c asks union_args). */
#include <stdlib.h>
#include <string.h>
#include "core.h"

typedef struct UnionObj { Obj ob; Value args; } UnionObj;

static void un_dealloc(Obj *o) { val_decref(((UnionObj *)o)->args); obj_free(o); }
static void un_traverse(Obj *o, VisitFn visit, void *arg) {
  if (VAL_IS_OBJ(((UnionObj *)o)->args)) visit(((UnionObj *)o)->args.u.o, arg);
}
static void un_clear(Obj *o) { val_clear(&((UnionObj *)o)->args); }

Obj *union_args(Value v) {
  if (!VAL_IS_OBJ(v) || v.u.o->type != &union_type) return NULL;
  return ((UnionObj *)v.u.o)->args.u.o;
}

/* an operand of |: a type, None (as NoneType) or a union; 0 when not one */
static int add_arg(Value list, Value x) {
  Obj *ua = union_args(x);
  if (ua) {
    for (int64_t i = 0; i < TUPLE(ua)->len; i++)
      if (add_arg(list, TUPLE(ua)->items[i]) < 0) return -1;
    return 1;
  }
  if (VAL_IS_NONE(x)) x = val_obj(&num_none_type.ob);
  if (!VAL_IS_TYPE(x)) return 0;
  for (int64_t i = 0; i < LIST(list.u.o)->len; i++)
    if (LIST(list.u.o)->items[i].u.o == x.u.o) return 1;
  return list_append(list, x) < 0 ? -1 : 1;
}

Value union_new(Value a, Value b) {
  int oka = VAL_IS_NONE(a) || VAL_IS_TYPE(a) || union_args(a);
  int okb = VAL_IS_NONE(b) || VAL_IS_TYPE(b) || union_args(b);
  if (!oka || !okb) return obj_notimpl();
  Value l = list_new(0);
  if (VAL_IS_NULL(l)) return l;
  if (add_arg(l, a) < 0 || add_arg(l, b) < 0) { val_decref(l); return val_null(); }
  if (LIST(l.u.o)->len == 1) {   /* int | int is int */
    Value r = val_incref(LIST(l.u.o)->items[0]);
    val_decref(l);
    return r;
  }
  Value t = tuple_from(LIST(l.u.o)->len, LIST(l.u.o)->items);
  val_decref(l);
  if (VAL_IS_NULL(t)) return t;
  if (!union_type.module) union_type.module = str_intern("types");   /* <class 'types.UnionType'> */
  UnionObj *u = obj_alloc(&union_type, sizeof(UnionObj));
  if (!u) { val_decref(t); return val_null(); }
  u->args = t;
  return val_obj(&u->ob);
}

static Value un_binary(int op, Value a, Value b) {
  if ((op & 0xff) != OP_BITOR) return obj_notimpl();
  return union_new(a, b);
}

static Value un_repr(Value v) {
  TupleObj *t = TUPLE(((UnionObj *)v.u.o)->args.u.o);
  Value out = str_from_cstr("");
  for (int64_t i = 0; i < t->len && !VAL_IS_NULL(out); i++) {
    Value x = t->items[i], s;
    if (x.u.o == &num_none_type.ob) s = str_from_cstr("None");
    else {
      TypeObj *ty = (TypeObj *)x.u.o;
      Value q = op_getattr_s(x, "__qualname__");
      if (VAL_IS_NULL(q)) { val_decref(out); return q; }
      const char *mod = (ty->flags & TF_USER) ? (ty->module ? STR(ty->module)->s : "__main__")
                        : (ty->module ? STR(ty->module)->s : "builtins");
      s = strcmp(mod, "builtins") == 0 ? val_incref(q) : str_fmt("%s.%s", mod, str_cstr(q));
      val_decref(q);
    }
    if (VAL_IS_NULL(s)) { val_decref(out); return s; }
    Value n = str_fmt("%s%s%s", str_cstr(out), i ? " | " : "", str_cstr(s));
    val_decref(s);
    val_decref(out);
    out = n;
  }
  return out;
}

static int has_all(TupleObj *a, TupleObj *b) {
  for (int64_t i = 0; i < a->len; i++) {
    int found = 0;
    for (int64_t j = 0; j < b->len && !found; j++) found = a->items[i].u.o == b->items[j].u.o;
    if (!found) return 0;
  }
  return 1;
}

static Value un_compare(Value a, Value b, int op) {
  if ((op != CMP_EQ && op != CMP_NOTEQ) || !union_args(b)) return obj_notimpl();
  TupleObj *x = TUPLE(union_args(a)), *y = TUPLE(union_args(b));
  int eq = has_all(x, y) && has_all(y, x);
  return val_bool(eq == (op == CMP_EQ));
}

static int un_hash(Value v, int64_t *out) {
  TupleObj *t = TUPLE(union_args(v));
  uint64_t h = 0x345678;
  for (int64_t i = 0; i < t->len; i++) h ^= (uint64_t)(uintptr_t)t->items[i].u.o >> 4;
  *out = (int64_t)(h == (uint64_t)-1 ? 2 : h);
  return 0;
}

static Value un_get_args(Value v) { return val_incref(((UnionObj *)v.u.o)->args); }
static const GetSetDef un_getset[] = {{"__args__", un_get_args, NULL, NULL}, {NULL}};

TypeObj union_type = {OBJ_TYPE_HEAD, .name = "UnionType", .flags = TF_GC,
                      .doc = "Represent a PEP 604 union type\n\nE.g. for int | str",
                      .dealloc = un_dealloc, .traverse = un_traverse, .clear = un_clear,
                      .repr = un_repr, .binary = un_binary, .compare = un_compare,
                      .hash = un_hash, .getset = un_getset};
