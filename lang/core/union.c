/* union.c - `int | str` on types: types.UnionType with CPython's repr, ==, hash, __args__, and
 * isinstance/issubclass over its members (builtins.c asks union_args); PEP 585's list[int]. */
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

static int is_ga(Value v) { return VAL_IS_OBJ(v) && v.u.o->type == &union_genalias_type; }

/* members are types (the same by identity) or generic aliases (the same by ==) */
static int same_arg(Value a, Value b) {
  if (!is_ga(a) || !is_ga(b)) return a.u.o == b.u.o;
  int e = op_eq(a, b);
  if (e < 0) obj_err_clear();
  return e > 0;
}

/* an operand of |: a type, None (as NoneType), a generic alias or a union; 0 when not one */
static int add_arg(Value list, Value x) {
  Obj *ua = union_args(x);
  if (ua) {
    for (int64_t i = 0; i < TUPLE(ua)->len; i++)
      if (add_arg(list, TUPLE(ua)->items[i]) < 0) return -1;
    return 1;
  }
  if (VAL_IS_NONE(x)) x = val_obj(&num_none_type.ob);
  if (!VAL_IS_TYPE(x) && !is_ga(x)) return 0;
  for (int64_t i = 0; i < LIST(list.u.o)->len; i++)
    if (same_arg(LIST(list.u.o)->items[i], x)) return 1;
  return list_append(list, x) < 0 ? -1 : 1;
}

Value union_new(Value a, Value b) {
  int oka = VAL_IS_NONE(a) || VAL_IS_TYPE(a) || union_args(a) || is_ga(a);
  int okb = VAL_IS_NONE(b) || VAL_IS_TYPE(b) || union_args(b) || is_ga(b);
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

/* a type as typing prints it: the qualified name, with the module unless builtins */
static Value type_text(Value x) {
  TypeObj *ty = (TypeObj *)x.u.o;
  Value q = op_getattr_s(x, "__qualname__");
  if (VAL_IS_NULL(q)) return q;
  const char *mod = (ty->flags & TF_USER) ? (ty->module ? STR(ty->module)->s : "__main__")
                    : (ty->module ? STR(ty->module)->s : "builtins");
  Value s = strcmp(mod, "builtins") == 0 ? val_incref(q) : str_fmt("%s.%s", mod, str_cstr(q));
  val_decref(q);
  return s;
}

static Value un_repr(Value v) {
  TupleObj *t = TUPLE(((UnionObj *)v.u.o)->args.u.o);
  Value out = str_from_cstr("");
  for (int64_t i = 0; i < t->len && !VAL_IS_NULL(out); i++) {
    Value x = t->items[i], s;
    if (x.u.o == &num_none_type.ob) s = str_from_cstr("None");
    else s = is_ga(x) ? op_repr(x) : type_text(x);
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
    for (int64_t j = 0; j < b->len && !found; j++) found = same_arg(a->items[i], b->items[j]);
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
  for (int64_t i = 0; i < t->len; i++) {
    int64_t g = 0;
    if (is_ga(t->items[i]) && op_hash(t->items[i], &g) < 0) return -1;
    h ^= is_ga(t->items[i]) ? (uint64_t)g : (uint64_t)(uintptr_t)t->items[i].u.o >> 4;
  }
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

/* {=== types.GenericAlias: list[int], dict[str, int], collections.deque[int] (PEP 585) ===} */
typedef struct GAObj { Obj ob; Value origin, args, params; } GAObj;
#define GA(v) ((GAObj *)(v).u.o)

static void ga_dealloc(Obj *o) {
  GAObj *g = (GAObj *)o;
  val_decref(g->origin); val_decref(g->args); val_decref(g->params);
  obj_free(o);
}
static void ga_traverse(Obj *o, VisitFn visit, void *arg) {
  GAObj *g = (GAObj *)o;
  Value vs[3] = {g->origin, g->args, g->params};
  for (int i = 0; i < 3; i++) if (VAL_IS_OBJ(vs[i])) visit(vs[i].u.o, arg);
}
static void ga_clear(Obj *o) {
  GAObj *g = (GAObj *)o;
  val_clear(&g->origin); val_clear(&g->args); val_clear(&g->params);
}

/* a type variable, as CPython 3.11 decides: not a class, and has __typing_subst__ */
static int is_typevar(Value x) { return !VAL_IS_TYPE(x) && op_hasattr_s(x, "__typing_subst__"); }

/* __parameters__: the type variables in args, each once, in order (those of nested aliases) */
static Value collect_params(Value args) {
  Value l = list_new(0);
  if (VAL_IS_NULL(l)) return l;
  for (int64_t i = 0; i < TUPLE(args.u.o)->len; i++) {
    Value a = TUPLE(args.u.o)->items[i], sub = val_null();
    if (VAL_IS_TYPE(a)) continue;
    if (is_typevar(a)) sub = tuple_pack(1, a);
    else {
      sub = op_getattr_s(a, "__parameters__");
      if (VAL_IS_NULL(sub)) { obj_err_clear(); continue; }
    }
    if (VAL_IS_NULL(sub)) { val_decref(l); return sub; }
    if (!VAL_IS_TUPLE(sub)) { val_decref(sub); continue; }
    for (int64_t j = 0; j < TUPLE(sub.u.o)->len; j++) {
      Value p = TUPLE(sub.u.o)->items[j];
      int dup = 0;
      for (int64_t k = 0; k < LIST(l.u.o)->len && !dup; k++) dup = LIST(l.u.o)->items[k].u.o == p.u.o;
      if (!dup && list_append(l, p) < 0) { val_decref(sub); val_decref(l); return val_null(); }
    }
    val_decref(sub);
  }
  Value t = tuple_from(LIST(l.u.o)->len, LIST(l.u.o)->items);
  val_decref(l);
  return t;
}

Value union_genalias_new(Value origin, Value args) {
  Value a = VAL_IS_TUPLE(args) ? val_incref(args) : tuple_pack(1, args);
  if (VAL_IS_NULL(a)) return a;
  Value p = collect_params(a);
  if (VAL_IS_NULL(p)) { val_decref(a); return p; }
  if (!union_genalias_type.module) union_genalias_type.module = str_intern("types");
  GAObj *g = obj_alloc(&union_genalias_type, sizeof(GAObj));
  if (!g) { val_decref(a); val_decref(p); return val_null(); }
  g->origin = val_incref(origin);
  g->args = a;
  g->params = p;
  return val_obj(&g->ob);
}

static Value ga_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  if (func_kwcount(kw)) return obj_raise(&exc_TypeError, "GenericAlias() takes no keyword arguments");
  if (argc != 2) return obj_raise(&exc_TypeError, "GenericAlias expected 2 arguments, got %d", argc);
  return union_genalias_new(argv[0], argv[1]);
}

/* an argument as CPython's ga_repr writes it */
static Value arg_text(Value x) {
  if (VAL_IS_OBJ(x) && x.u.o == &iter_ellipsis_obj) return str_from_cstr("...");
  if (VAL_IS_TYPE(x) && !is_ga(x)) return type_text(x);
  return op_repr(x);
}

static Value ga_repr(Value v) {
  GAObj *g = GA(v);
  Value out = arg_text(g->origin);
  TupleObj *t = TUPLE(g->args.u.o);
  if (VAL_IS_NULL(out)) return out;
  Value n = str_fmt("%s[%s", str_cstr(out), t->len ? "" : "()");
  val_decref(out);
  out = n;
  for (int64_t i = 0; i < t->len && !VAL_IS_NULL(out); i++) {
    Value s = arg_text(t->items[i]);
    if (VAL_IS_NULL(s)) { val_decref(out); return s; }
    n = str_fmt("%s%s%s", str_cstr(out), i ? ", " : "", str_cstr(s));
    val_decref(s);
    val_decref(out);
    out = n;
  }
  if (VAL_IS_NULL(out)) return out;
  n = str_fmt("%s]", str_cstr(out));
  val_decref(out);
  return n;
}

static Value ga_compare(Value a, Value b, int op) {
  if ((op != CMP_EQ && op != CMP_NOTEQ) || !is_ga(b)) return obj_notimpl();
  int e = op_eq(GA(a)->origin, GA(b)->origin);
  if (e > 0) e = op_eq(GA(a)->args, GA(b)->args);
  if (e < 0) return val_null();
  return val_bool(e == (op == CMP_EQ));
}

static int ga_hash(Value v, int64_t *out) {
  int64_t a, b;
  if (op_hash(GA(v)->origin, &a) < 0 || op_hash(GA(v)->args, &b) < 0) return -1;
  *out = a ^ b;
  if (*out == -1) *out = -2;
  return 0;
}

static Value ga_binary(int op, Value a, Value b) {
  if ((op & 0xff) != OP_BITOR) return obj_notimpl();
  return union_new(a, b);
}

/* calling constructs the origin; CPython then tries to set __orig_class__, which classes
 * that are native in CPython (collections') refuse */
static Value ga_call(Value self, int argc, const Value *argv, Obj *kw) {
  Value origin = GA(self)->origin;
  Value r = op_call(origin, argc, argv, kw);
  if (VAL_IS_NULL(r) || !VAL_IS_TYPE(origin)) return r;
  TypeObj *t = (TypeObj *)origin.u.o;
  if (!(t->flags & TF_USER) || (t->module && !strcmp(STR(t->module)->s, "collections"))) return r;
  if (op_setattr_s(r, "__orig_class__", self) < 0) obj_err_clear();
  return r;
}

/* substitute the alias's type variables: dict[str, T][int] is dict[str, int] */
static Value subst(Value args, Value params, const Value *with) {
  int64_t n = TUPLE(args.u.o)->len, np = TUPLE(params.u.o)->len;
  Value out = tuple_new(n);
  if (VAL_IS_NULL(out)) return out;
  for (int64_t i = 0; i < n; i++) {
    Value a = TUPLE(args.u.o)->items[i], r = val_null();
    for (int64_t j = 0; j < np && VAL_IS_NULL(r); j++)
      if (TUPLE(params.u.o)->items[j].u.o == a.u.o && VAL_IS_OBJ(a)) r = val_incref(with[j]);
    if (VAL_IS_NULL(r) && is_ga(a) && TUPLE(GA(a)->params.u.o)->len) {
      /* the nested alias's own variables, in the order of ours */
      Value sub = subst(GA(a)->args, params, with);
      r = VAL_IS_NULL(sub) ? sub : union_genalias_new(GA(a)->origin, sub);
      val_decref(sub);
      if (VAL_IS_NULL(r)) { val_decref(out); return r; }
    }
    if (VAL_IS_NULL(r)) r = val_incref(a);
    TUPLE_SET(out, i, r);
  }
  return out;
}

static Value ga_getitem(Value self, Value key) {
  GAObj *g = GA(self);
  int64_t np = TUPLE(g->params.u.o)->len;
  if (!np) {
    Value r = op_repr(self);
    if (VAL_IS_NULL(r)) return r;
    obj_raise(&exc_TypeError, "%s is not a generic class", str_cstr(r));
    val_decref(r);
    return val_null();
  }
  Value k = VAL_IS_TUPLE(key) ? val_incref(key) : tuple_pack(1, key);
  if (VAL_IS_NULL(k)) return k;
  if (TUPLE(k.u.o)->len != np) {
    Value r = op_repr(self);
    if (!VAL_IS_NULL(r))
      obj_raise(&exc_TypeError, "Too %s arguments for %s; actual %lld, expected %lld",
                TUPLE(k.u.o)->len > np ? "many" : "few", str_cstr(r),
                (long long)TUPLE(k.u.o)->len, (long long)np);
    val_decref(r);
    val_decref(k);
    return val_null();
  }
  Value a = subst(g->args, g->params, TUPLE(k.u.o)->items);
  val_decref(k);
  if (VAL_IS_NULL(a)) return a;
  Value r = union_genalias_new(g->origin, a);
  val_decref(a);
  return r;
}

/* the names an alias answers itself; every other attribute is the origin's (CPython's list) */
static const char *const ga_own[] = {"__class__", "__origin__", "__args__", "__unpacked__",
    "__parameters__", "__typing_unpacked_tuple_args__", "__mro_entries__", "__reduce_ex__",
    "__reduce__", "__copy__", "__deepcopy__", NULL};

static Value ga_getattr(Value self, Obj *name) {
  for (int i = 0; ga_own[i]; i++)
    if (!strcmp(STR(name)->s, ga_own[i])) return type_generic_getattr(self, name);
  return op_getattr(GA(self)->origin, name);
}

static Value ga_get_origin(Value v) { return val_incref(GA(v)->origin); }
static Value ga_get_args(Value v) { return val_incref(GA(v)->args); }
static Value ga_get_params(Value v) { return val_incref(GA(v)->params); }
static Value ga_get_unpacked(Value v) { return val_bool(0); }

static Value ga_instancecheck(int argc, const Value *argv, Obj *kw) {
  return obj_raise(&exc_TypeError, "isinstance() argument 2 cannot be a parameterized generic");
}
static Value ga_subclasscheck(int argc, const Value *argv, Obj *kw) {
  return obj_raise(&exc_TypeError, "issubclass() argument 2 cannot be a parameterized generic");
}
static Value ga_mro_entries(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__mro_entries__", argc, kw, 2, 2) < 0) return val_null();
  return tuple_pack(1, GA(argv[0])->origin);
}

static const MethodDef ga_methods[] = {
    {"__instancecheck__", ga_instancecheck, NULL, 0},
    {"__subclasscheck__", ga_subclasscheck, NULL, 0},
    {"__mro_entries__", ga_mro_entries, NULL, 0},
    {NULL}};
static const GetSetDef ga_getset[] = {{"__origin__", ga_get_origin, NULL, NULL},
                                      {"__args__", ga_get_args, NULL, NULL},
                                      {"__parameters__", ga_get_params, NULL, NULL},
                                      {"__unpacked__", ga_get_unpacked, NULL, NULL},
                                      {NULL}};

TypeObj union_genalias_type = {OBJ_TYPE_HEAD, .name = "GenericAlias", .flags = TF_GC,
                               .doc = "Represent a PEP 585 generic type\n\nE.g. for t = list[int], t.__origin__ is list and t.__args__ is (int,).",
                               .dealloc = ga_dealloc, .traverse = ga_traverse, .clear = ga_clear,
                               .new = ga_new, .repr = ga_repr, .compare = ga_compare,
                               .hash = ga_hash, .binary = ga_binary, .call = ga_call,
                               .getitem = ga_getitem, .getattr = ga_getattr,
                               .methods = ga_methods, .getset = ga_getset};
