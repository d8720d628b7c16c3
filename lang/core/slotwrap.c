/* slotwrap.c - the dunder methods of the builtin types (list.__len__, int.__add__, [].__iter__):
 * one table maps each dunder to a TypeObj slot; type_ready adds CPython's wrappers from it. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "core.h"
#include "ast.h"

/* what a wrapper calls: the slot, and for binary/compare/unary slots the operator */
enum { K_REPR, K_STRS, K_HASH, K_CMP, K_BIN, K_RBIN, K_IBIN, K_UNARY, K_BOOL, K_LEN, K_GETITEM,
       K_SETITEM, K_DELITEM, K_CONTAINS, K_ITER, K_NEXT, K_CALL, K_FORMAT,
       /* the number protocol's conversions, for int and float (Sable has no slots for them) */
       K_TOINT, K_TOFLOAT, K_INDEX, K_TRUNC, K_FLOOR, K_CEIL, K_ROUND, K_DIVMOD, K_RDIVMOD };

typedef struct SlotDef { const char *name; int kind, op, nargs; } SlotDef;

/* nargs: the arguments after self (-1: any, for __call__) */
static const SlotDef slot_defs[] = {
    {"__repr__", K_REPR, 0, 0}, {"__str__", K_STRS, 0, 0}, {"__hash__", K_HASH, 0, 0},
    {"__eq__", K_CMP, CMP_EQ, 1}, {"__ne__", K_CMP, CMP_NOTEQ, 1}, {"__lt__", K_CMP, CMP_LT, 1},
    {"__le__", K_CMP, CMP_LTE, 1}, {"__gt__", K_CMP, CMP_GT, 1}, {"__ge__", K_CMP, CMP_GTE, 1},
    {"__add__", K_BIN, OP_ADD, 1}, {"__sub__", K_BIN, OP_SUB, 1}, {"__mul__", K_BIN, OP_MULT, 1},
    {"__matmul__", K_BIN, OP_MATMULT, 1}, {"__truediv__", K_BIN, OP_DIV, 1},
    {"__floordiv__", K_BIN, OP_FLOORDIV, 1}, {"__mod__", K_BIN, OP_MOD, 1},
    {"__pow__", K_BIN, OP_POW, 1}, {"__lshift__", K_BIN, OP_LSHIFT, 1},
    {"__rshift__", K_BIN, OP_RSHIFT, 1}, {"__and__", K_BIN, OP_BITAND, 1},
    {"__or__", K_BIN, OP_BITOR, 1}, {"__xor__", K_BIN, OP_BITXOR, 1},
    {"__radd__", K_RBIN, OP_ADD, 1}, {"__rsub__", K_RBIN, OP_SUB, 1},
    {"__rmul__", K_RBIN, OP_MULT, 1}, {"__rmatmul__", K_RBIN, OP_MATMULT, 1},
    {"__rtruediv__", K_RBIN, OP_DIV, 1}, {"__rfloordiv__", K_RBIN, OP_FLOORDIV, 1},
    {"__rmod__", K_RBIN, OP_MOD, 1}, {"__rpow__", K_RBIN, OP_POW, 1},
    {"__rlshift__", K_RBIN, OP_LSHIFT, 1}, {"__rrshift__", K_RBIN, OP_RSHIFT, 1},
    {"__rand__", K_RBIN, OP_BITAND, 1}, {"__ror__", K_RBIN, OP_BITOR, 1},
    {"__rxor__", K_RBIN, OP_BITXOR, 1},
    {"__iadd__", K_IBIN, OP_ADD, 1}, {"__isub__", K_IBIN, OP_SUB, 1},
    {"__imul__", K_IBIN, OP_MULT, 1}, {"__iand__", K_IBIN, OP_BITAND, 1},
    {"__ior__", K_IBIN, OP_BITOR, 1}, {"__ixor__", K_IBIN, OP_BITXOR, 1},
    {"__neg__", K_UNARY, UOP_USUB, 0}, {"__pos__", K_UNARY, UOP_UADD, 0},
    {"__invert__", K_UNARY, UOP_INVERT, 0}, {"__abs__", K_UNARY, OBJ_UOP_ABS, 0},
    {"__bool__", K_BOOL, 0, 0}, {"__len__", K_LEN, 0, 0}, {"__getitem__", K_GETITEM, 0, 1},
    {"__setitem__", K_SETITEM, 0, 2}, {"__delitem__", K_DELITEM, 0, 1},
    {"__contains__", K_CONTAINS, 0, 1}, {"__iter__", K_ITER, 0, 0}, {"__next__", K_NEXT, 0, 0},
    {"__call__", K_CALL, 0, -1}, {"__format__", K_FORMAT, 0, 1},
    {"__int__", K_TOINT, 0, 0}, {"__float__", K_TOFLOAT, 0, 0}, {"__index__", K_INDEX, 0, 0},
    {"__trunc__", K_TRUNC, 0, 0}, {"__floor__", K_FLOOR, 0, 0}, {"__ceil__", K_CEIL, 0, 0},
    {"__round__", K_ROUND, 0, -1}, {"__divmod__", K_DIVMOD, OP_FLOORDIV, 1},
    {"__rdivmod__", K_RDIVMOD, OP_FLOORDIV, 1},
};
#define NSLOTS ((int)(sizeof slot_defs / sizeof slot_defs[0]))

/* Which operators a builtin type's binary slot stands for, as CPython's number and sequence
 * methods: bit op of Operator; the forward, reflected and in-place sets. A type not listed here
 * (an array type) gets every operator forward and reflected. */
#define B(op) (1u << (op))
#define ARITH (B(OP_ADD) | B(OP_SUB) | B(OP_MULT) | B(OP_DIV) | B(OP_FLOORDIV) | B(OP_MOD) | B(OP_POW))
#define BITS (B(OP_LSHIFT) | B(OP_RSHIFT) | B(OP_BITAND) | B(OP_BITOR) | B(OP_BITXOR))
#define SETOPS (B(OP_SUB) | B(OP_BITAND) | B(OP_BITOR) | B(OP_BITXOR))
#define ALLOPS (ARITH | BITS | B(OP_MATMULT))
typedef struct OpSet { TypeObj *t; unsigned fwd, refl, inpl; } OpSet;

static int opset_of(TypeObj *t, OpSet *out) {
  static const struct { TypeObj *t; unsigned fwd, refl, inpl; } sets[] = {
      {&num_int_type, ARITH | BITS, ARITH | BITS, 0},
      {&num_float_type, ARITH, ARITH, 0},
      {&str_type, B(OP_ADD) | B(OP_MULT) | B(OP_MOD), B(OP_MULT) | B(OP_MOD), 0},
      {&bytes_type, B(OP_ADD) | B(OP_MULT) | B(OP_MOD), B(OP_MULT) | B(OP_MOD), 0},
      {&bytes_bytearray_type, B(OP_ADD) | B(OP_MULT) | B(OP_MOD), B(OP_MULT) | B(OP_MOD),
       B(OP_ADD) | B(OP_MULT)},
      {&list_type, B(OP_ADD) | B(OP_MULT), B(OP_MULT), B(OP_ADD) | B(OP_MULT)},
      {&tuple_type, B(OP_ADD) | B(OP_MULT), B(OP_MULT), 0},
      {&set_type, SETOPS, SETOPS, SETOPS},
      {&set_frozenset_type, SETOPS, SETOPS, 0},
      {&dict_type, B(OP_BITOR), B(OP_BITOR), B(OP_BITOR)},
      {&dict_keys_type, SETOPS, SETOPS, 0},
      {&dict_items_type, SETOPS, SETOPS, 0},
  };
  for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
    if (sets[i].t == t) {
      out->fwd = sets[i].fwd;
      out->refl = sets[i].refl;
      out->inpl = sets[i].inpl;
      return 1;
    }
  out->fwd = out->refl = ALLOPS;
  out->inpl = 0;
  return 0;
}

/* does t define this dunder's slot itself (not only by inheriting its base's)? */
static int defines(TypeObj *t, const SlotDef *d) {
  TypeObj *b = t->base;
#define OWN(f) (t->f && !(b && b->f == t->f))
  switch (d->kind) {
    case K_REPR: return OWN(repr);
    case K_STRS: return OWN(str);
    case K_HASH: return OWN(hash);
    case K_CMP: return OWN(compare);
    case K_BIN: case K_RBIN: case K_IBIN: {
      if (!OWN(binary)) return 0;
      OpSet s;
      opset_of(t, &s);
      unsigned m = d->kind == K_BIN ? s.fwd : d->kind == K_RBIN ? s.refl : s.inpl;
      return (m & B(d->op)) != 0;
    }
    case K_UNARY:
      if (!OWN(unary)) return 0;
      /* str, tuple and the containers have no unary operators; numbers all but ~ on float */
      return t == &num_float_type ? d->op != UOP_INVERT : 1;
    case K_BOOL:   /* str and the containers answer truth by __len__; range has both */
      return OWN(truth) && (!t->len || t == &iter_range_type);
    case K_LEN: return OWN(len);
    case K_GETITEM: return OWN(getitem);
    case K_SETITEM: case K_DELITEM: return OWN(setitem);
    case K_CONTAINS: return OWN(contains);
    case K_ITER: return OWN(iter);
    case K_NEXT: return OWN(next);
    case K_CALL: return OWN(call);
    case K_FORMAT: return OWN(format);
    case K_INDEX: return t == &num_int_type;
    case K_TOINT: case K_TOFLOAT: case K_TRUNC: case K_FLOOR: case K_CEIL: case K_ROUND:
    case K_DIVMOD: case K_RDIVMOD:
      return t == &num_int_type || t == &num_float_type;
  }
#undef OWN
  return 0;
}

/* ---- the objects: wrapper_descriptor (in the type's dict) and method-wrapper (bound) ------- */
typedef struct SlotWrapObj { Obj ob; TypeObj *owner; const SlotDef *def; } SlotWrapObj;
typedef struct MethWrapObj { Obj ob; SlotWrapObj *w; Value self; } MethWrapObj;

/* int.__add__(1, 2.0) is NotImplemented in CPython: the int methods take ints only */
static int operand_ok(TypeObj *owner, Value other) {
  if (owner == &num_int_type) return VAL_IS_INTLIKE(other) || num_is_int(other);
  if (owner == &num_float_type)
    return VAL_IS_INTLIKE(other) || num_is_int(other) || VAL_IS_FLOAT(num_unbox(other));
  return 1;
}

/* type(x) called on one value: int(self), float(self) */
static Value call_type1(TypeObj *t, Value x) { return op_call(val_obj(&t->ob), 1, &x, NULL); }

static Value divmod_of(TypeObj *t, Value a, Value b) {
  Value q = t->binary(OP_FLOORDIV, a, b);
  if (VAL_IS_NULL(q) || VAL_IS_NOTIMPL(q)) return q;
  Value r = t->binary(OP_MOD, a, b);
  if (VAL_IS_NULL(r) || VAL_IS_NOTIMPL(r)) { val_decref(q); return r; }
  Value p = tuple_pack(2, q, r);
  val_decref(q);
  val_decref(r);
  return p;
}

/* an instance of a user subclass of an immutable builtin (str, tuple, frozenset): its value as
   the builtin itself, which is what the builtin's slots take (new reference; v itself else) */
static Value as_exact(Value v) {
  if (!VAL_IS_OBJ(v) || !(v.u.o->type->flags & TF_USER)) return val_incref(v);
  TypeObj *l = v.u.o->type->layout;
  if (l == &str_type || l == &tuple_type || l == &set_frozenset_type) return class_as_base(v);
  return val_incref(v);
}

static Value sw_invoke_exact(SlotWrapObj *w, Value self, int argc, const Value *argv, Obj *kw);
static Value sw_invoke(SlotWrapObj *w, Value self, int argc, const Value *argv, Obj *kw) {
  Value s = as_exact(self);
  if (VAL_IS_NULL(s)) return s;
  Value o = argc == 1 && w->def->nargs == 1 ? as_exact(argv[0]) : val_none();
  if (VAL_IS_NULL(o)) { val_decref(s); return o; }
  Value r = sw_invoke_exact(w, s, argc, argc == 1 && w->def->nargs == 1 ? &o : argv, kw);
  val_decref(s);
  val_decref(o);
  return r;
}

static Value sw_invoke_exact(SlotWrapObj *w, Value self, int argc, const Value *argv, Obj *kw) {
  const SlotDef *d = w->def;
  TypeObj *t = w->owner;
  /* an instance of a user subclass of int/float: the number it boxes */
  Value one;
  if (t == &num_int_type || t == &num_float_type || t == &num_bool_type) {
    self = num_unbox(self);
    if (argc == 1 && d->nargs == 1) {
      one = num_unbox(argv[0]);
      argv = &one;
    }
  }
  if (d->nargs >= 0) {
    if (func_kwcount(kw))
      return obj_raise(&exc_TypeError, "%s() takes no keyword arguments", d->name);
    if (argc != d->nargs)
      return obj_raise(&exc_TypeError, "expected %d argument%s, got %d", d->nargs,
                       d->nargs == 1 ? "" : "s", argc);
  }
  switch (d->kind) {
    case K_REPR: return t->repr(self);
    case K_STRS: return t->str(self);
    case K_HASH: {
      int64_t h;
      return t->hash(self, &h) < 0 ? val_null() : val_int(h);
    }
    case K_CMP:
      if (!operand_ok(t, argv[0])) return obj_notimpl();
      return t->compare(self, argv[0], d->op);
    case K_BIN:
      if (!operand_ok(t, argv[0])) return obj_notimpl();
      return t->binary(d->op, self, argv[0]);
    case K_RBIN:
      if (!operand_ok(t, argv[0])) return obj_notimpl();
      return t->binary(d->op, argv[0], self);
    case K_IBIN: return t->binary(d->op | OBJ_INPLACE, self, argv[0]);
    case K_UNARY: return t->unary(d->op, self);
    case K_BOOL: {
      int r = t->truth(self);
      return r < 0 ? val_null() : val_bool(r);
    }
    case K_LEN: {
      int64_t n;
      return t->len(self, &n) < 0 ? val_null() : val_int(n);
    }
    case K_GETITEM: return t->getitem(self, argv[0]);
    case K_SETITEM: return t->setitem(self, argv[0], argv[1]) < 0 ? val_null() : val_none();
    case K_DELITEM: return t->setitem(self, argv[0], val_null()) < 0 ? val_null() : val_none();
    case K_CONTAINS: {
      int r = t->contains(self, argv[0]);
      return r < 0 ? val_null() : val_bool(r);
    }
    case K_ITER: return t->iter(self);
    case K_NEXT: {
      Value out = val_null();
      int r = t->next(self, &out);
      if (r < 0) return val_null();
      if (r == 0) return obj_raise_value(val_obj(&exc_StopIteration.ob));
      return out;
    }
    case K_CALL: return t->call(self, argc, argv, kw);
    case K_TOINT: case K_INDEX: case K_TRUNC: return call_type1(&num_int_type, self);
    case K_TOFLOAT: return call_type1(&num_float_type, self);
    case K_FLOOR: case K_CEIL: {
      if (!VAL_IS_FLOAT(self)) return call_type1(&num_int_type, self);
      double x = d->kind == K_FLOOR ? floor(self.u.f) : ceil(self.u.f);
      return call_type1(&num_int_type, val_float(x));
    }
    case K_ROUND: {
      if (func_kwcount(kw) || argc > 1)
        return obj_raise(&exc_TypeError, "__round__ expected at most 1 argument, got %d", argc);
      if (argc && t == &num_int_type && !VAL_IS_INTLIKE(argv[0]) && !num_is_int(argv[0]))
        return obj_raise(&exc_TypeError, "'%s' object cannot be interpreted as an integer",
                         op_type_name(argv[0]));
      Session *s = obj_ts.session;
      Value rf = s && s->builtins ? module_get(val_obj(&s->builtins->ob), "round") : val_null();
      if (VAL_IS_NULL(rf)) return obj_raise(&exc_RuntimeError, "no builtins");
      Value a[2] = {self, argc ? argv[0] : val_none()};
      return op_call(rf, 2, a, NULL);
    }
    case K_DIVMOD:
      if (!operand_ok(t, argv[0])) return obj_notimpl();
      return divmod_of(t, self, argv[0]);
    case K_RDIVMOD:
      if (!operand_ok(t, argv[0])) return obj_notimpl();
      return divmod_of(t, argv[0], self);
    case K_FORMAT:
      if (!VAL_IS_STR(argv[0]))
        return obj_raise(&exc_TypeError, "argument to __format__ must be str, not %s",
                         op_type_name(argv[0]));
      return t->format(self, argv[0]);
  }
  return obj_raise(&exc_SystemError, "bad slot wrapper");
}

static int check_self(SlotWrapObj *w, Value self) {
  if (op_isinstance(self, w->owner)) return 0;
  obj_raise(&exc_TypeError, "descriptor '%s' requires a '%s' object but received a '%s'",
            w->def->name, w->owner->name, op_type_name(self));
  return -1;
}

static void sw_dealloc(Obj *o) { obj_free(o); }
static Value sw_repr(Value v) {
  SlotWrapObj *w = (SlotWrapObj *)v.u.o;
  return str_fmt("<slot wrapper '%s' of '%s' objects>", w->def->name, w->owner->name);
}
static Value sw_call(Value v, int argc, const Value *argv, Obj *kw) {
  SlotWrapObj *w = (SlotWrapObj *)v.u.o;
  if (argc < 1)
    return obj_raise(&exc_TypeError, "descriptor '%s' of '%s' object needs an argument",
                     w->def->name, w->owner->name);
  if (check_self(w, argv[0]) < 0) return val_null();
  return sw_invoke(w, argv[0], argc - 1, argv + 1, kw);
}
static Value sw_getattr(Value v, Obj *name) {
  SlotWrapObj *w = (SlotWrapObj *)v.u.o;
  const char *n = STR(name)->s;
  if (!strcmp(n, "__name__") || !strcmp(n, "__qualname__")) {
    if (n[2] == 'q') return str_fmt("%s.%s", w->owner->name, w->def->name);
    return str_from_cstr(w->def->name);
  }
  if (!strcmp(n, "__objclass__")) return val_incref(val_obj(&w->owner->ob));
  return type_generic_getattr(v, name);
}
TypeObj slotwrap_type = {OBJ_TYPE_HEAD, .name = "wrapper_descriptor", .dealloc = sw_dealloc,
                         .repr = sw_repr, .call = sw_call, .getattr = sw_getattr};

static void mw_dealloc(Obj *o) {
  MethWrapObj *m = (MethWrapObj *)o;
  obj_decref(&m->w->ob);
  val_decref(m->self);
  obj_free(o);
}
static void mw_traverse(Obj *o, VisitFn visit, void *arg) {
  MethWrapObj *m = (MethWrapObj *)o;
  if (VAL_IS_OBJ(m->self)) visit(m->self.u.o, arg);
}
static void mw_clear(Obj *o) { val_clear(&((MethWrapObj *)o)->self); }
static Value mw_repr(Value v) {
  MethWrapObj *m = (MethWrapObj *)v.u.o;
  if (VAL_IS_OBJ(m->self))
    return str_fmt("<method-wrapper '%s' of %s object at %p>", m->w->def->name,
                   op_type_name(m->self), (void *)m->self.u.o);
  return str_fmt("<method-wrapper '%s' of %s object>", m->w->def->name, op_type_name(m->self));
}
static Value mw_call(Value v, int argc, const Value *argv, Obj *kw) {
  MethWrapObj *m = (MethWrapObj *)v.u.o;
  if (VAL_IS_NULL(m->self)) return obj_raise(&exc_ReferenceError, "method-wrapper lost its object");
  return sw_invoke(m->w, m->self, argc, argv, kw);
}
static Value mw_getattr(Value v, Obj *name) {
  MethWrapObj *m = (MethWrapObj *)v.u.o;
  const char *n = STR(name)->s;
  if (!strcmp(n, "__name__")) return str_from_cstr(m->w->def->name);
  if (!strcmp(n, "__self__")) return val_incref(m->self);
  if (!strcmp(n, "__objclass__")) return val_incref(val_obj(&m->w->owner->ob));
  return type_generic_getattr(v, name);
}
TypeObj slotwrap_method_type = {OBJ_TYPE_HEAD, .name = "method-wrapper", .flags = TF_GC,
                                .dealloc = mw_dealloc, .traverse = mw_traverse, .clear = mw_clear,
                                .repr = mw_repr, .call = mw_call, .getattr = mw_getattr};

Value slotwrap_bind(Value descr, Value self) {
  SlotWrapObj *w = (SlotWrapObj *)descr.u.o;
  if (check_self(w, self) < 0) return val_null();
  MethWrapObj *m = obj_alloc(&slotwrap_method_type, sizeof(MethWrapObj));
  if (!m) return val_null();
  m->w = w;
  obj_incref(&w->ob);
  m->self = val_incref(self);
  return val_obj(&m->ob);
}

int slotwrap_add(TypeObj *t, Value d) {
  if (t->flags & TF_USER) return 0;
  /* comparing without hashing (list, dict, set): __hash__ is None, as CPython's types */
  if (t->compare && !(t->base && t->base->compare == t->compare) && !t->hash) {
    Obj *k = str_intern("__hash__");
    if (!k) return -1;
    Value have = dict_get_h(d, val_obj(k), STR(k)->hash);
    if (VAL_IS_NULL(have) && dict_set_h(d, val_obj(k), STR(k)->hash, val_none()) < 0) return -1;
  }
  for (int i = 0; i < NSLOTS; i++) {
    const SlotDef *sd = &slot_defs[i];
    if (!defines(t, sd)) continue;
    Obj *k = str_intern(sd->name);
    if (!k) return -1;
    Value have = dict_get_h(d, val_obj(k), STR(k)->hash);
    if (!VAL_IS_NULL(have)) continue;   /* a method the type lists itself wins */
    SlotWrapObj *w = obj_alloc(&slotwrap_type, sizeof(SlotWrapObj));
    if (!w) return -1;
    w->owner = t;
    w->def = sd;
    Value wv = val_obj(&w->ob);
    int r = dict_set_h(d, val_obj(k), STR(k)->hash, wv);
    val_decref(wv);
    if (r < 0) return -1;
  }
  return 0;
}
