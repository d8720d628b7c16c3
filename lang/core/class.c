/* class.c - classes made by the `class` statement: creation, instantiation (__init__), the
 * slots that dispatch to special methods (__repr__, __add__, __getitem__, ...), super(),
 * property, staticmethod and classmethod. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"


/* a special method defined by the user (a value found on the class that is not a native
 * method of a builtin base); borrowed or V_NULL */
#define user_lookup(t, lit) user_lookup_o((t), INTERNED(lit))
static Value user_lookup_o(TypeObj *t, Obj *n) {
  if (!n) return val_null();
  Value v = type_lookup(t, n);
  if (VAL_IS_NULL(v)) return v;
  if (VAL_IS_OBJ(v) && v.u.o->type == &func_builtin_type && ((BuiltinObj *)v.u.o)->owner)
    return val_null();
  if (VAL_IS_OBJ(v) && v.u.o->type == &slotwrap_type) return val_null();   /* list.__len__ */
  return v;
}

/* A special method set to None (`__len__ = None`) is found and called, as CPython's slots call
 * it ("'NoneType' object is not callable"); the few protocols that read None as "not
 * supported" (__hash__, __iter__, __contains__, __reversed__) check for it first. */
Value class_user_method(Value self, const char *dunder) {
  TypeObj *t = op_type(self);
  Value m = user_lookup_o(t, str_intern(dunder));
  if (VAL_IS_NULL(m)) return m;
  return type_bind(m, self, t);
}

/* call self.<dunder>(args...) with m, the value user_lookup found (not V_NULL) */
static Value call_found(Value self, Value m, int argc, const Value *argv) {
  TypeObj *t = op_type(self);
  if (VAL_IS_OBJ(m) && m.u.o->type == &func_type) {
    Value args[4];
    args[0] = self;
    for (int i = 0; i < argc && i < 3; i++) args[i + 1] = argv[i];
    return call_function(FUNC(m.u.o), argc + 1, args, NULL);
  }
  val_incref(m);
  Value b = type_bind(m, self, t);
  val_decref(m);
  if (VAL_IS_NULL(b)) return b;
  Value r = op_call(b, argc, argv, NULL);
  val_decref(b);
  return r;
}

/* call self.<dunder>(args...) when defined; *found tells whether it was */
static Value call_dunder(Value self, const char *name, int argc, const Value *argv, int *found) {
  Value m = user_lookup_o(op_type(self), str_intern(name));
  *found = !VAL_IS_NULL(m);
  return *found ? call_found(self, m, argc, argv) : m;
}

/* the nearest builtin type in t's bases (the layout of its instances) */
static TypeObj *layout_base(TypeObj *t) {
  while (t && (t->flags & TF_USER)) t = t->base;
  return t ? t : &type_object_type;
}

/* ---- subclasses of builtin types (tuple, list, dict, set, frozenset, str, int, float) ---
 * An instance has the builtin's memory (a TupleObj, a StrObj, ...; a NumBoxObj for numbers)
 * followed by the __dict__ pointer; the slots below fall back to the builtin's behaviour. */
static TypeObj *blay(Value v) { return VAL_IS_OBJ(v) ? v.u.o->type->layout : NULL; }
static int lay_is_value(TypeObj *l) {   /* numbers and str: operate on a base copy */
  return l == &num_int_type || l == &num_float_type || l == &str_type;
}
static int lay_is_immutable(TypeObj *l) {
  return lay_is_value(l) || l == &tuple_type || l == &set_frozenset_type;
}

Obj **class_var_dict_ptr(Obj *o) {
  TypeObj *t = o->type;
  if (t->flags & TF_NODICT) return NULL;
  if (t->layout == &tuple_type) return (Obj **)(void *)&TUPLE(o)->items[TUPLE(o)->len];
  if (t->layout == &str_type) return (Obj **)(void *)((char *)o + str_sub_dict_offset(STR(o)->len));
  return NULL;
}

Value class_as_base(Value v) {
  TypeObj *l = blay(v);
  if (!l) return val_incref(v);
  if (l == &num_int_type || l == &num_float_type) return val_incref(num_unbox(v));   /* owned: a big int is an object */
  if (l == &str_type) return str_new(STR(v.u.o)->s, STR(v.u.o)->len);
  if (l == &tuple_type) return tuple_from(TUPLE(v.u.o)->len, TUPLE(v.u.o)->items);
  if (l == &list_type) return list_from(LIST(v.u.o)->len, LIST(v.u.o)->items);
  if (l == &set_type || l == &set_frozenset_type) return set_from(l, v);
  if (l == &dict_type) {
    Value d = dict_new();
    if (!VAL_IS_NULL(d) && dict_update(d, v) < 0) { val_decref(d); return val_null(); }
    return d;
  }
  return val_incref(v);
}

Value class_builtin_new(TypeObj *owner, int argc, const Value *argv, Obj *kw) {
  if (argc < 1 || !VAL_IS_TYPE(argv[0]))
    return obj_raise(&exc_TypeError, "%s.__new__(X): X is not a type object (%s)", owner->name,
                     argc ? op_type_name(argv[0]) : "NoneType");
  TypeObj *t = (TypeObj *)argv[0].u.o;
  if (t == &type_heaptype_type) t = &type_type;
  if (!op_is_subtype(t, owner))
    return obj_raise(&exc_TypeError, "%s.__new__(%s): %s is not a subtype of %s", owner->name,
                     t->name, t->name, owner->name);
  if (t != owner && t->layout != owner)
    return obj_raise(&exc_TypeError, "%s.__new__(%s) is not safe, use %s.__new__()", owner->name,
                     t->name, t->layout ? t->layout->name : "object");
  return owner->new(t, argc - 1, argv + 1, kw);
}

static void sub_dealloc(Obj *o) {
  Obj **d = type_instance_dict_ptr(val_obj(o));
  if (d && *d) { Obj *x = *d; *d = NULL; obj_decref(x); }
  o->type->layout->dealloc(o);
}
static void sub_traverse(Obj *o, VisitFn visit, void *arg) {
  Obj **d = type_instance_dict_ptr(val_obj(o));
  if (d && *d) visit(*d, arg);
  if (o->type->layout->traverse) o->type->layout->traverse(o, visit, arg);
}
static void sub_clear(Obj *o) {
  Obj **d = type_instance_dict_ptr(val_obj(o));
  if (d && *d) { Obj *x = *d; *d = NULL; obj_decref(x); }
  if (o->type->layout->clear) o->type->layout->clear(o);
}
/* the fixed offset of __dict__ in a subclass instance (0: variable, see class_var_dict_ptr) */
static size_t sub_dict_offset(TypeObj *l) {
  if (l == &list_type) return sizeof(ListObj);
  if (l == &dict_type) return sizeof(DictObj);
  if (l == &set_type || l == &set_frozenset_type) return sizeof(SetObj);
  if (l == &num_int_type || l == &num_float_type) return offsetof(NumBoxObj, dict);
  return 0;
}

/* ---- slots of user classes ---------------------------------------------------------- */
static Value u_repr(Value v) {
  int f;
  Value r = call_dunder(v, "__repr__", 0, NULL, &f);
  if (f) return r;
  TypeObj *b = layout_base(op_type(v));
  return b->repr ? b->repr(num_unbox(v)) : str_fmt("<object at %p>", (void *)v.u.o);
}

static Value u_str(Value v) {
  int f;
  Value r = call_dunder(v, "__str__", 0, NULL, &f);
  if (f) return r;
  TypeObj *b = layout_base(op_type(v));
  if (b == &str_type) return class_as_base(v);
  if (b->str) return b->str(num_unbox(v));
  return op_repr(v);
}

static int u_hash(Value v, int64_t *out) {
  TypeObj *t = op_type(v);
  Value m = user_lookup(t, "__hash__");
  if (!VAL_IS_NULL(m) && VAL_IS_NONE(m)) {
    obj_raise(&exc_TypeError, "unhashable type: '%s'", t->name);
    return -1;
  }
  int f;
  Value r = call_dunder(v, "__hash__", 0, NULL, &f);
  if (!f) {
    TypeObj *l = t->layout;
    if (l) {
      if (!l->hash) {
        obj_raise(&exc_TypeError, "unhashable type: '%s'", t->name);
        return -1;
      }
      return l->hash(num_unbox(v), out);
    }
    *out = (int64_t)((uintptr_t)v.u.o >> 4);
    return 0;
  }
  if (VAL_IS_NULL(r)) return -1;
  if (!VAL_IS_INTLIKE(r)) {
    val_decref(r);
    obj_raise(&exc_TypeError, "__hash__ method should return an integer");
    return -1;
  }
  *out = r.u.i == -1 ? -2 : r.u.i;
  return 0;
}

static const char *const cmp_names[] = {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"};

static Value u_compare(Value a, Value b, int op) {
  int f;
  Value r = call_dunder(a, cmp_names[op], 1, &b, &f);
  if (f) return r;
  if (op == CMP_NOTEQ) {
    r = call_dunder(a, "__eq__", 1, &b, &f);
    if (f) {
      if (VAL_IS_NULL(r) || VAL_IS_NOTIMPL(r)) return r;
      int t = op_truth(r);
      val_decref(r);
      return t < 0 ? val_null() : val_bool(!t);
    }
  }
  TypeObj *lb = layout_base(op_type(a));
  if (lb->compare && blay(a) && lay_is_value(lb)) {
    Value ca = class_as_base(a);
    if (VAL_IS_NULL(ca)) return ca;
    Value cb = lay_is_value(blay(b)) ? class_as_base(b) : val_incref(b);
    if (VAL_IS_NULL(cb)) { val_decref(ca); return cb; }
    r = lb->compare(ca, cb, op);
    val_decref(ca);
    val_decref(cb);
    return r;
  }
  if (lb->compare) return lb->compare(a, b, op);
  return obj_notimpl();
}

static const char *const bin_names[][3] = {
    [OP_ADD] = {"__add__", "__radd__", "__iadd__"},
    [OP_SUB] = {"__sub__", "__rsub__", "__isub__"},
    [OP_MULT] = {"__mul__", "__rmul__", "__imul__"},
    [OP_MATMULT] = {"__matmul__", "__rmatmul__", "__imatmul__"},
    [OP_DIV] = {"__truediv__", "__rtruediv__", "__itruediv__"},
    [OP_MOD] = {"__mod__", "__rmod__", "__imod__"},
    [OP_POW] = {"__pow__", "__rpow__", "__ipow__"},
    [OP_LSHIFT] = {"__lshift__", "__rlshift__", "__ilshift__"},
    [OP_RSHIFT] = {"__rshift__", "__rrshift__", "__irshift__"},
    [OP_BITOR] = {"__or__", "__ror__", "__ior__"},
    [OP_BITXOR] = {"__xor__", "__rxor__", "__ixor__"},
    [OP_BITAND] = {"__and__", "__rand__", "__iand__"},
    [OP_FLOORDIV] = {"__floordiv__", "__rfloordiv__", "__ifloordiv__"},
};

static int is_user(Value v) { return VAL_IS_OBJ(v) && (v.u.o->type->flags & TF_USER); }

/* a binary operator on subclass instances of builtins, as the builtin computes it: numbers
 * and str on base copies (MyInt(3) + 1 is an int), containers in place (list +=) */
static Value builtin_binary(int op, Value a, Value b) {
  TypeObj *la = blay(a), *lb = blay(b);
  if (!la && !lb) return obj_notimpl();
  if ((la && lay_is_value(la)) || (lb && lay_is_value(lb))) {
    if (op & OBJ_INPLACE) return obj_notimpl();
    Value ca = lay_is_value(la) ? class_as_base(a) : val_incref(a);
    if (VAL_IS_NULL(ca)) return ca;
    Value cb = lay_is_value(lb) ? class_as_base(b) : val_incref(b);
    if (VAL_IS_NULL(cb)) { val_decref(ca); return cb; }
    Value r = op_binop(op, ca, cb);
    val_decref(ca);
    val_decref(cb);
    return r;
  }
  if (la && la->binary) {
    Value r = la->binary(op, a, b);
    if (!VAL_IS_NOTIMPL(r)) return r;
  }
  if (lb && lb != la && lb->binary && !(op & OBJ_INPLACE)) return lb->binary(op, a, b);
  return obj_notimpl();
}

static Value u_binary(int op, Value a, Value b) {
  int base = op & 0xff, f;
  if (base > OP_FLOORDIV) return obj_notimpl();
  if (op & OBJ_INPLACE) {
    if (!is_user(a)) return obj_notimpl();
    Value r = call_dunder(a, bin_names[base][2], 1, &b, &f);
    if (f) return r;
    return blay(a) && !lay_is_immutable(blay(a)) ? builtin_binary(op, a, b) : obj_notimpl();
  }
  if (is_user(a)) {
    Value r = call_dunder(a, bin_names[base][0], 1, &b, &f);
    if (f && !VAL_IS_NOTIMPL(r)) return r;
  }
  if (is_user(b) && (!is_user(a) || a.u.o->type != b.u.o->type)) {
    Value r = call_dunder(b, bin_names[base][1], 1, &a, &f);
    if (f) return r;
  }
  if (base == OP_BITOR && (VAL_IS_TYPE(a) || VAL_IS_TYPE(b))) return union_new(a, b);
  return builtin_binary(op, a, b);
}

static Value u_unary(int op, Value a) {
  const char *n = op == UOP_USUB ? "__neg__" : op == UOP_UADD ? "__pos__" :
                  op == UOP_INVERT ? "__invert__" : op == OBJ_UOP_ABS ? "__abs__" : NULL;
  if (!n) return obj_notimpl();
  int f;
  Value r = call_dunder(a, n, 0, NULL, &f);
  if (f) return r;
  TypeObj *l = blay(a);
  if (l == &num_int_type || l == &num_float_type) return op_unary(op, num_unbox(a));
  return obj_notimpl();
}

static int u_len(Value v, int64_t *out) {
  int f;
  Value r = call_dunder(v, "__len__", 0, NULL, &f);
  if (!f && blay(v) && blay(v)->len) return blay(v)->len(v, out);
  if (!f) {
    obj_raise(&exc_TypeError, "object of type '%s' has no len()", op_type_name(v));
    return -1;
  }
  if (VAL_IS_NULL(r)) return -1;
  if (!VAL_IS_INTLIKE(r)) {
    obj_raise(&exc_TypeError, "'%s' object cannot be interpreted as an integer", op_type_name(r));
    val_decref(r);
    return -1;
  }
  if (r.u.i < 0) {
    obj_raise(&exc_ValueError, "__len__() should return >= 0");
    return -1;
  }
  *out = r.u.i;
  return 0;
}

static int u_truth(Value v) {
  int f;
  Value r = call_dunder(v, "__bool__", 0, NULL, &f);
  if (f) {
    if (VAL_IS_NULL(r)) return -1;
    if (!VAL_IS_BOOL(r)) {
      obj_raise(&exc_TypeError, "__bool__ should return bool, returned %s", op_type_name(r));
      val_decref(r);
      return -1;
    }
    return (int)r.u.i;
  }
  if (!VAL_IS_NULL(user_lookup(op_type(v), "__len__")) || (blay(v) && blay(v)->len)) {
    int64_t n;
    if (u_len(v, &n) < 0) return -1;
    return n != 0;
  }
  if (blay(v)) return op_truth(num_unbox(v));
  return 1;
}

static Value u_getitem(Value v, Value key) {
  int f;
  Value r = call_dunder(v, "__getitem__", 1, &key, &f);
  if (f) return r;
  if (blay(v) && blay(v)->getitem) return blay(v)->getitem(v, key);
  if (VAL_IS_TYPE(v)) return type_heaptype_type.getitem(v, key);
  return obj_raise(&exc_TypeError, "'%s' object is not subscriptable", op_type_name(v));
}

static int u_setitem(Value v, Value key, Value x) {
  int f;
  Value r;
  if (VAL_IS_NULL(x)) {
    r = call_dunder(v, "__delitem__", 1, &key, &f);
    if (!f && blay(v) && blay(v)->setitem) return blay(v)->setitem(v, key, x);
    if (!f) {
      obj_raise(&exc_TypeError, "'%s' object doesn't support item deletion", op_type_name(v));
      return -1;
    }
  } else {
    Value args[2] = {key, x};
    r = call_dunder(v, "__setitem__", 2, args, &f);
    if (!f && blay(v) && blay(v)->setitem) return blay(v)->setitem(v, key, x);
    if (!f) {
      obj_raise(&exc_TypeError, "'%s' object does not support item assignment", op_type_name(v));
      return -1;
    }
  }
  if (VAL_IS_NULL(r)) return -1;
  val_decref(r);
  return 0;
}

static Value u_iter(Value v) {
  Value m = user_lookup(op_type(v), "__iter__");
  if (VAL_IS_NONE(m))   /* not iterable, even with __getitem__ */
    return obj_raise(&exc_TypeError, "'%s' object is not iterable", op_type_name(v));
  if (!VAL_IS_NULL(m)) {
    Value r = call_found(v, m, 0, NULL);
    if (!VAL_IS_NULL(r) && !op_type(r)->next) {
      obj_raise(&exc_TypeError, "iter() returned non-iterator of type '%s'", op_type_name(r));
      val_decref(r);
      return val_null();
    }
    return r;
  }
  if (blay(v) && blay(v)->iter) return blay(v)->iter(v);
  if (!VAL_IS_NULL(user_lookup(op_type(v), "__getitem__"))) {
    /* the old sequence protocol: __getitem__(0), (1), ... until IndexError */
    return op_seq_getitem_iter(v);
  }
  return obj_raise(&exc_TypeError, "'%s' object is not iterable", op_type_name(v));
}

static int u_next(Value v, Value *out) {
  int f;
  Value r = call_dunder(v, "__next__", 0, NULL, &f);
  if (!f) {
    obj_raise(&exc_TypeError, "'%s' object is not an iterator", op_type_name(v));
    return -1;
  }
  if (VAL_IS_NULL(r)) {
    if (obj_err_matches(&exc_StopIteration)) { obj_err_clear(); return 0; }
    return -1;
  }
  *out = r;
  return 1;
}

static int u_contains(Value v, Value x) {
  Value m = user_lookup(op_type(v), "__contains__");
  if (VAL_IS_NONE(m)) {   /* not a container, even when iterable */
    obj_raise(&exc_TypeError, "'%s' object is not a container", op_type_name(v));
    return -1;
  }
  if (!VAL_IS_NULL(m)) {
    Value r = call_found(v, m, 1, &x);
    if (VAL_IS_NULL(r)) return -1;
    int t = op_truth(r);
    val_decref(r);
    return t;
  }
  if (blay(v) && blay(v)->contains) return blay(v)->contains(v, x);
  return op_contains_iter(v, x);
}

static Value u_call(Value v, int argc, const Value *argv, Obj *kw) {
  TypeObj *t = op_type(v);
  Value m = user_lookup(t, "__call__");
  if (VAL_IS_NULL(m) && (t->flags & TF_META)) return class_type_call(v, argc, argv, kw);
  if (VAL_IS_NULL(m)) return obj_raise(&exc_TypeError, "'%s' object is not callable", t->name);
  if (VAL_IS_OBJ(m) && m.u.o->type == &func_type) {
    int nk = func_kwcount(kw);
    Value small[16];
    Value *args = argc + nk + 1 <= 16 ? small : obj_calloc((size_t)(argc + nk + 1), sizeof(Value));
    if (!args) return val_null();
    args[0] = v;
    memcpy(args + 1, argv, (size_t)(argc + nk) * sizeof(Value));
    Value r = call_function(FUNC(m.u.o), argc + 1, args, kw);
    if (args != small) free(args);
    return r;
  }
  val_incref(m);
  Value b = type_bind(m, v, t);
  val_decref(m);
  if (VAL_IS_NULL(b)) return b;
  Value r = op_call(b, argc, argv, kw);
  val_decref(b);
  return r;
}

static Value u_format(Value v, Value spec) {
  int f;
  Value r = call_dunder(v, "__format__", 1, &spec, &f);
  if (f) return r;
  if (lay_is_value(blay(v))) {
    Value c = class_as_base(v);
    if (VAL_IS_NULL(c)) return c;
    r = op_format(c, spec);
    val_decref(c);
    return r;
  }
  if (VAL_IS_STR(spec) && STR(spec.u.o)->len == 0) return op_str(v);
  return obj_raise(&exc_TypeError, "unsupported format string passed to %s.__format__",
                   op_type_name(v));
}

static int u_setattr(Value v, Obj *name, Value x) {
  int f;
  Value r;
  if (VAL_IS_NULL(x)) {
    Value a = val_obj(name);
    r = call_dunder(v, "__delattr__", 1, &a, &f);
  } else {
    Value args[2] = {val_obj(name), x};
    r = call_dunder(v, "__setattr__", 2, args, &f);
  }
  if (!f && (op_type(v)->flags & TF_META)) return type_heaptype_type.setattr(v, name, x);
  if (!f) return type_generic_setattr(v, name, x);
  if (VAL_IS_NULL(r)) return -1;
  val_decref(r);
  return 0;
}

/* ---- class creation ---------------------------------------------------------------- */
/* t and its ancestors in resolution order (t first); malloc'd, *n set */
static TypeObj **linear(TypeObj *t, int *n) {
  int k = 1;
  if (t->mro) k += (int)TUPLE(t->mro)->len;
  else for (TypeObj *b = t->base; b; b = b->base) k++;
  TypeObj **v = obj_calloc((size_t)k + 1, sizeof(TypeObj *));
  if (!v) return NULL;
  int i = 0;
  v[i++] = t;
  if (t->mro) {
    for (int64_t j = 0; j < TUPLE(t->mro)->len; j++) v[i++] = (TypeObj *)TUPLE(t->mro)->items[j].u.o;
  } else {
    for (TypeObj *b = t->base; b; b = b->base) v[i++] = b;
    if (v[i - 1] != &type_object_type) v[i++] = &type_object_type;
  }
  *n = i;
  return v;
}

/* C3: merge the bases' linearizations and the list of bases (CPython's mro()) */
static Value c3_mro(TypeObj *t, Value bases) {
  int nb = (int)TUPLE(bases.u.o)->len, nseq = nb + 1, total = 0, fail = 0;
  TypeObj ***seq = obj_calloc((size_t)nseq, sizeof(TypeObj **));
  int *len = obj_calloc((size_t)nseq, sizeof(int)), *pos = obj_calloc((size_t)nseq, sizeof(int));
  TypeObj **out = NULL;
  Value r = val_null();
  if (!seq || !len || !pos) goto done;
  for (int i = 0; i < nb; i++) {
    seq[i] = linear((TypeObj *)TUPLE(bases.u.o)->items[i].u.o, &len[i]);
    if (!seq[i]) goto done;
    total += len[i];
  }
  seq[nb] = obj_calloc((size_t)nb + 1, sizeof(TypeObj *));
  if (!seq[nb]) goto done;
  for (int i = 0; i < nb; i++) seq[nb][i] = (TypeObj *)TUPLE(bases.u.o)->items[i].u.o;
  len[nb] = nb;
  out = obj_calloc((size_t)total + 1, sizeof(TypeObj *));
  if (!out) goto done;
  int nout = 0;
  for (;;) {
    TypeObj *pick = NULL;
    int left = 0;
    for (int i = 0; i < nseq && !pick; i++) {
      if (pos[i] >= len[i]) continue;
      left = 1;
      TypeObj *h = seq[i][pos[i]];
      int in_tail = 0;
      for (int j = 0; j < nseq && !in_tail; j++)
        for (int k = pos[j] + 1; k < len[j]; k++) if (seq[j][k] == h) { in_tail = 1; break; }
      if (!in_tail) pick = h;
    }
    if (!left) break;
    if (!pick) { fail = 1; break; }
    out[nout++] = pick;
    for (int i = 0; i < nseq; i++) if (pos[i] < len[i] && seq[i][pos[i]] == pick) pos[i]++;
  }
  if (fail) {
    char buf[512];
    size_t o = 0;
    buf[0] = 0;
    for (int i = 0; i < nb; i++) {
      if (pos[i] >= len[i]) continue;
      o += (size_t)snprintf(buf + o, o < sizeof buf ? sizeof buf - o : 0, "%s%s", o ? ", " : "",
                            seq[i][pos[i]]->name);
      if (o >= sizeof buf) { o = sizeof buf - 1; break; }
    }
    obj_raise(&exc_TypeError, "Cannot create a consistent method resolution\norder (MRO) for bases %s", buf);
    goto done;
  }
  r = tuple_new(nout);
  if (VAL_IS_NULL(r)) goto done;
  for (int i = 0; i < nout; i++) TUPLE_SET(r, i, val_incref(val_obj(&out[i]->ob)));
  (void)t;
done:
  if (seq) for (int i = 0; i < nseq; i++) free(seq[i]);
  free(seq);
  free(len);
  free(pos);
  free(out);
  return r;
}

static TypeObj *meta_of(Value b) {
  TypeObj *m = op_type(b);
  return m == &type_heaptype_type ? &type_type : m;
}

TypeObj *class_find_meta(TypeObj *meta, Value bases) {
  TypeObj *w = meta ? meta : &type_type;
  if (w == &type_heaptype_type) w = &type_type;
  int64_t nb = VAL_IS_TUPLE(bases) ? TUPLE(bases.u.o)->len : 0;
  for (int64_t i = 0; i < nb; i++) {
    Value b = TUPLE(bases.u.o)->items[i];
    if (!VAL_IS_TYPE(b)) continue;
    TypeObj *bm = meta_of(b);
    if (op_is_subtype(w, bm)) continue;
    if (op_is_subtype(bm, w)) { w = bm; continue; }
    obj_raise(&exc_TypeError, "metaclass conflict: the metaclass of a derived class must be a "
              "(non-strict) subclass of the metaclasses of all its bases");
    return NULL;
  }
  return w;
}

/* CPython makes these implicit classmethods */
static int wrap_implicit_classmethod(Value d, const char *name) {
  Value f = dict_getstr(d, name);
  if (!VAL_IS_OBJ(f) || f.u.o->type != &func_type) return 0;
  WrapObj *w = obj_alloc(&class_classmethod_type, sizeof(WrapObj));
  if (!w) return -1;
  w->f = val_incref(f);
  Value wv = val_obj(&w->ob);
  int r = dict_setstr(d, name, wv);
  val_decref(wv);
  return r;
}

/* CPython 3.11 raises a RuntimeError from the error __set_name__ raised (its __cause__) */
static void set_name_error(TypeObj *t, Value key, Value v) {
  Value cause = obj_err_fetch();
  Value kr = op_repr(key);
  if (VAL_IS_NULL(kr)) { val_decref(cause); return; }
  obj_raise(&exc_RuntimeError, "Error calling __set_name__ on '%s' instance %s in '%s'",
            op_type_name(v), str_cstr(kr), t->name);
  val_decref(kr);
  Value e = obj_err_peek();
  if (VAL_IS_OBJ(e) && VAL_IS_OBJ(cause)) {
    ExcObj *x = EXC(e.u.o);
    val_decref(x->cause);
    val_decref(x->context);
    x->cause = val_incref(cause);
    x->context = cause;
    x->suppress_context = 1;
  } else {
    val_decref(cause);
  }
}

/* __set_name__ on the attributes, then the parent's __init_subclass__(**kw) */
static int class_finish(TypeObj *t, const Value *kwv, Obj *kwnames) {
  Value items = list_new(0);
  if (VAL_IS_NULL(items)) return -1;
  int64_t pos = 0;
  Value k, v;
  while (dict_next(val_obj(t->dict), &pos, &k, &v)) {
    if (!VAL_IS_OBJ(v) || !(v.u.o->type->flags & TF_USER)) continue;
    if (VAL_IS_NULL(type_lookup(v.u.o->type, INTERNED("__set_name__")))) continue;
    Value pair = tuple_pack(2, k, v);
    if (VAL_IS_NULL(pair) || list_append_steal(items, pair) < 0) { val_decref(items); return -1; }
  }
  for (int64_t i = 0; i < LIST(items.u.o)->len; i++) {
    TupleObj *p = TUPLE(LIST(items.u.o)->items[i].u.o);
    Value args[2] = {val_obj(&t->ob), p->items[0]};
    Value r = op_call_method(p->items[1], "__set_name__", 2, args);
    if (VAL_IS_NULL(r)) {
      set_name_error(t, p->items[0], p->items[1]);
      val_decref(items);
      return -1;
    }
    val_decref(r);
  }
  val_decref(items);
  Value sup = class_super_new(t, val_obj(&t->ob));
  if (VAL_IS_NULL(sup)) return -1;
  Value m = op_getattr_s(sup, "__init_subclass__");
  val_decref(sup);
  if (VAL_IS_NULL(m)) return -1;
  Value r = op_call(m, 0, kwv, kwnames);
  val_decref(m);
  if (VAL_IS_NULL(r)) return -1;
  val_decref(r);
  return 0;
}

Value class_new(Obj *name, Value bases, Value ns, ModuleObj *mod) {
  return class_new_meta(&type_type, name, bases, ns, mod, NULL, NULL);
}

Value class_new_meta(TypeObj *meta, Obj *name, Value bases, Value ns, ModuleObj *mod,
                     const Value *kwv, Obj *kwnames) {
  TypeObj *base = NULL, *lay = &type_object_type;
  int64_t nb = VAL_IS_TUPLE(bases) ? TUPLE(bases.u.o)->len : 0;
  meta = class_find_meta(meta, bases);
  if (!meta) return val_null();
  for (int64_t i = 0; i < nb; i++) {
    Value b = TUPLE(bases.u.o)->items[i];
    if (!VAL_IS_TYPE(b))
      return obj_raise(&exc_TypeError, "bases must be types, not %s", op_type_name(b));
    for (int64_t j = 0; j < i; j++)
      if (TUPLE(bases.u.o)->items[j].u.o == b.u.o)
        return obj_raise(&exc_TypeError, "duplicate base class %s", ((TypeObj *)b.u.o)->name);
    TypeObj *bt = (TypeObj *)b.u.o;
    if (bt == &type_object_type) continue;
    if (!(bt->flags & (TF_BASETYPE | TF_USER)) && bt != &type_type)
      return obj_raise(&exc_TypeError, "type '%s' is not an acceptable base type", bt->name);
    TypeObj *bl = layout_base(bt);
    if (!base) { base = bt; lay = bl; continue; }
    /* every exception has the same instance memory (class E(OSError, ValueError) is fine) */
    if (bl == lay || bl == &type_object_type || op_is_subtype(lay, bl) ||
        ((bl->flags & TF_EXC) && (lay->flags & TF_EXC)))
      continue;
    if (lay == &type_object_type || op_is_subtype(bl, lay)) { base = bt; lay = bl; continue; }
    return obj_raise(&exc_TypeError, "multiple bases have instance lay-out conflict");
  }
  Value own_bases = nb ? val_incref(bases) : tuple_pack(1, val_obj(&type_object_type.ob));
  if (VAL_IS_NULL(own_bases)) return own_bases;
  Value mro = c3_mro(NULL, own_bases);
  if (VAL_IS_NULL(mro)) { val_decref(own_bases); return mro; }
  TypeObj *t = obj_alloc(meta == &type_type ? &type_heaptype_type : meta, sizeof(TypeObj));
  if (!t) { val_decref(own_bases); val_decref(mro); return val_null(); }
  t->bases = own_bases.u.o;
  t->mro = mro.u.o;
  t->name_obj = name;
  obj_incref(name);
  t->name = STR(name)->s;
  t->base = base;
  if (base && (base->flags & TF_HEAP)) obj_incref(&base->ob);
  t->flags = TF_USER | TF_HEAP | TF_GC | TF_BASETYPE | (lay->flags & (TF_EXC | TF_META));
  if (lay == &type_object_type) {
    type_inst_slots(t);
  } else if (lay == &type_type) {
    t->dealloc = type_heaptype_type.dealloc;
    t->traverse = type_heaptype_type.traverse;
    t->clear = type_heaptype_type.clear;
    t->getattr = type_heaptype_type.getattr;
  } else if (lay->flags & TF_EXC) {
    t->dealloc = lay->dealloc;
    t->traverse = lay->traverse;
    t->clear = lay->clear;
    t->dict_offset = lay->dict_offset;
  } else {
    /* a builtin's memory and a __dict__ after it (none with `__slots__ = ()`) */
    t->layout = lay;
    t->dealloc = sub_dealloc;
    t->traverse = sub_traverse;
    t->clear = sub_clear;
    Value sl = dict_getstr(ns, "__slots__");
    int64_t nsl = -1;
    if ((VAL_IS_TUPLE(sl) || VAL_IS_LIST(sl)) && op_len(sl, &nsl) < 0) obj_err_clear();
    if (nsl == 0 && (!base || !(base->flags & TF_USER) || (base->flags & TF_NODICT)))
      t->flags |= TF_NODICT;
    else
      t->dict_offset = sub_dict_offset(lay);
  }
  t->new = lay->new;
  t->repr = u_repr;
  t->str = u_str;
  t->hash = u_hash;
  t->compare = u_compare;
  t->binary = u_binary;
  t->unary = u_unary;
  t->truth = u_truth;
  t->len = u_len;
  t->setattr = u_setattr;
  t->getitem = u_getitem;
  t->setitem = u_setitem;
  t->contains = u_contains;
  t->iter = u_iter;
  t->next = u_next;
  t->call = u_call;
  t->format = u_format;
  Value d = dict_copy(ns);
  if (VAL_IS_NULL(d)) { obj_decref(&t->ob); return d; }
  t->dict = d.u.o;
  type_version++;
  /* __qualname__ leaves the namespace for the type itself; __doc__ is always the class's own */
  Value qn = dict_getstr(d, "__qualname__");
  if (!VAL_IS_NULL(qn)) {
    if (!VAL_IS_STR(qn)) {
      obj_raise(&exc_TypeError, "type __qualname__ must be a str, not %s", op_type_name(qn));
      obj_decref(&t->ob);
      return val_null();
    }
    t->qualname = qn.u.o;
    obj_incref(t->qualname);
    Value gone = dict_pop(d, val_obj(str_intern("__qualname__")));
    if (VAL_IS_NULL(gone)) { obj_decref(&t->ob); return gone; }
    val_decref(gone);
  }
  if (VAL_IS_NULL(dict_getstr(d, "__doc__")) && dict_setstr(d, "__doc__", val_none()) < 0) {
    obj_decref(&t->ob);
    return val_null();
  }
  /* __eq__ without __hash__ makes instances unhashable, as in Python */
  if (!VAL_IS_NULL(dict_getstr(d, "__eq__")) && VAL_IS_NULL(dict_getstr(d, "__hash__")))
    if (dict_setstr(d, "__hash__", val_none()) < 0) { obj_decref(&t->ob); return val_null(); }
  if (wrap_implicit_classmethod(d, "__init_subclass__") < 0 ||
      wrap_implicit_classmethod(d, "__class_getitem__") < 0) {
    obj_decref(&t->ob);
    return val_null();
  }
  Value doc = dict_getstr(d, "__doc__");
  if (VAL_IS_STR(doc)) t->doc = strdup(str_cstr(doc));
  Value modname = dict_getstr(d, "__module__");
  if (VAL_IS_STR(modname)) { t->module = modname.u.o; obj_incref(t->module); }
  else if (mod && mod->name) { t->module = mod->name; obj_incref(t->module); }
  if (class_finish(t, kwv, kwnames) < 0) { obj_decref(&t->ob); return val_null(); }
  return val_obj(&t->ob);
}

/* abc: a class with a non-empty __abstractmethods__ cannot be instantiated */
static int check_abstract(TypeObj *t) {
  Value am = type_lookup(t, INTERNED("__abstractmethods__"));
  if (VAL_IS_NULL(am)) return 0;
  Value l = list_sorted(am, val_null(), 0);
  if (VAL_IS_NULL(l)) return -1;
  int64_t n = LIST(l.u.o)->len;
  if (n == 0) { val_decref(l); return 0; }
  Value sep = str_from_cstr(", ");
  Value j = VAL_IS_NULL(sep) ? sep : str_join(sep, l);
  val_decref(sep);
  val_decref(l);
  if (VAL_IS_NULL(j)) return -1;
  obj_raise(&exc_TypeError, "Can't instantiate abstract class %s with abstract method%s %s",
            t->name, n > 1 ? "s" : "", str_cstr(j));
  val_decref(j);
  return -1;
}

Value class_type_call(Value tv, int argc, const Value *argv, Obj *kw) {
  TypeObj *t = (TypeObj *)tv.u.o;
  if (t == &type_type) return t->new(t, argc, argv, kw);
  if (!(t->flags & TF_USER)) {
    if (!t->new) return obj_raise(&exc_TypeError, "cannot create '%s' instances", t->name);
    return t->new(t, argc, argv, kw);
  }
  /* a user class: allocate with the builtin base's constructor, then __init__ */
  TypeObj *lb = layout_base(t);
  if (check_abstract(t) < 0) return val_null();
  Value self;
  Value newm = user_lookup(t, "__new__");
  if (!VAL_IS_NULL(newm)) {   /* `__new__ = None` is called too: not callable */
    /* __new__(cls, *args) (a staticmethod implicitly) */
    Value fn = VAL_IS_OBJ(newm) && newm.u.o->type == &class_staticmethod_type
                   ? ((WrapObj *)newm.u.o)->f : newm;
    int nk = func_kwcount(kw);
    Value *args = obj_calloc((size_t)(argc + nk + 1), sizeof(Value));
    if (!args) return val_null();
    args[0] = tv;
    memcpy(args + 1, argv, (size_t)(argc + nk) * sizeof(Value));
    self = op_call(fn, argc + 1, args, kw);
    free(args);
    if (VAL_IS_NULL(self)) return self;
    if (!op_isinstance(self, t)) return self;
  } else if (lb == &type_type) {
    self = type_type.new(t, argc, argv, kw);
  } else if (lb->flags & TF_EXC) {
    self = lb->new(t, argc, argv, NULL);
  } else if (lay_is_immutable(lb)) {
    self = lb->new(t, argc, argv, kw);   /* tuple.__new__(cls, iterable) and the like */
  } else {
    self = lb->new(t, 0, NULL, NULL);
  }
  if (VAL_IS_NULL(self)) return self;
  Value init = type_lookup(t, INTERNED("__init__"));
  if (!VAL_IS_NULL(init)) {
    Value r;
    if (VAL_IS_OBJ(init) && init.u.o->type == &func_type) {
      int nk = func_kwcount(kw);
      Value small[16];
      Value *args = argc + nk + 1 <= 16 ? small : obj_calloc((size_t)(argc + nk + 1), sizeof(Value));
      if (!args) { val_decref(self); return val_null(); }
      args[0] = self;
      if (argc + nk) memcpy(args + 1, argv, (size_t)(argc + nk) * sizeof(Value));   /* argv may be NULL */
      r = call_function(FUNC(init.u.o), argc + 1, args, kw);
      if (args != small) free(args);
    } else if (VAL_IS_OBJ(init) && init.u.o->type == &func_builtin_type &&
               ((BuiltinObj *)init.u.o)->owner == &type_object_type) {
      /* object.__init__: arguments are an error unless __new__ took them */
      if ((argc || func_kwcount(kw)) && (VAL_IS_NULL(newm) || VAL_IS_NONE(newm)) &&
          !lay_is_immutable(lb)) {
        val_decref(self);
        return obj_raise(&exc_TypeError, "%s() takes no arguments", t->name);
      }
      r = val_none();
    } else if (VAL_IS_OBJ(init) && init.u.o->type == &func_builtin_type &&
               ((BuiltinObj *)init.u.o)->owner &&   /* `__init__ = len`: a function, no owner */
               (((BuiltinObj *)init.u.o)->owner->flags & TF_EXC)) {
      r = val_none();   /* BaseException's constructor already stored args */
    } else {
      val_incref(init);
      Value b = type_bind(init, self, t);
      val_decref(init);
      r = VAL_IS_NULL(b) ? b : op_call(b, argc, argv, kw);
      val_decref(b);
    }
    if (VAL_IS_NULL(r)) { val_decref(self); return r; }
    if (!VAL_IS_NONE(r)) {
      obj_raise(&exc_TypeError, "__init__() should return None, not '%s'", op_type_name(r));
      val_decref(r);   /* after its type name was used */
      val_decref(self);
      return val_null();
    }
  }
  return self;
}

/* ---- super ----------------------------------------------------------------------------- */
typedef struct SuperObj { Obj ob; TypeObj *start; Value self; } SuperObj;
static void super_dealloc(Obj *o) {
  SuperObj *s = (SuperObj *)o;
  if (s->start->flags & TF_HEAP) obj_decref(&s->start->ob);
  val_decref(s->self);
  obj_free(o);
}
static void super_traverse(Obj *o, VisitFn visit, void *arg) {
  SuperObj *s = (SuperObj *)o;
  if (s->start->flags & TF_HEAP) visit(&s->start->ob, arg);
  if (VAL_IS_OBJ(s->self)) visit(s->self.u.o, arg);
}
static void super_clear(Obj *o) { val_clear(&((SuperObj *)o)->self); }

/* super(start, self): self an instance of start (bind to it, search type(self)'s order) or
 * a subclass (a classmethod's super: search self's order) */
static int super_inst_mode(SuperObj *s) { return op_is_subtype(op_type(s->self), s->start); }

static Value super_getattr(Value v, Obj *name) {
  SuperObj *s = (SuperObj *)v.u.o;
  int inst = super_inst_mode(s);
  TypeObj *owner = inst ? op_type(s->self) : (TypeObj *)s->self.u.o;
  int64_t h = STR(name)->hash;
  int n = 0;
  TypeObj **order = linear(owner, &n);
  if (!order) return val_null();
  int i = 0;
  while (i < n && order[i] != s->start) i++;
  for (i++; i < n; i++) {
    TypeObj *k = order[i];
    if (type_ready(k) < 0) { free(order); return val_null(); }
    Value x = dict_get_h(val_obj(k->dict), val_obj(name), h);
    if (!VAL_IS_NULL(x)) {
      free(order);
      if (!inst && VAL_IS_OBJ(x) && x.u.o->type == &func_type) return val_incref(x);
      if (VAL_IS_OBJ(x) && (x.u.o->type->flags & TF_USER)) {
        Value g = type_lookup(x.u.o->type, INTERNED("__get__"));
        if (!VAL_IS_NULL(g)) {
          Value args[3] = {x, inst ? s->self : val_none(), val_obj(&owner->ob)};
          return op_call(g, 3, args, NULL);
        }
      }
      return type_bind(x, s->self, owner);
    }
  }
  free(order);
  if (strcmp(STR(name)->s, "__class__") == 0) return val_obj(&class_super_type.ob);
  return obj_raise(&exc_AttributeError, "'super' object has no attribute '%s'", STR(name)->s);
}

static Value super_repr(Value v) {
  SuperObj *s = (SuperObj *)v.u.o;
  return str_fmt("<super: <class '%s'>, <%s object>>", s->start->name, op_type_name(s->self));
}

Value class_super_new(TypeObj *t, Value self) {
  if (!op_is_subtype(op_type(self), t) && !(VAL_IS_TYPE(self) && op_is_subtype((TypeObj *)self.u.o, t)))
    return obj_raise(&exc_TypeError, "super(type, obj): obj must be an instance or subtype of type");
  SuperObj *s = obj_alloc(&class_super_type, sizeof(SuperObj));
  if (!s) return val_null();
  s->start = t;
  if (t->flags & TF_HEAP) obj_incref(&t->ob);
  s->self = val_incref(self);
  return val_obj(&s->ob);
}

static Value super_new_slot(TypeObj *meta, int argc, const Value *argv, Obj *kw) {
  if (argc == 2 && VAL_IS_TYPE(argv[0])) return class_super_new((TypeObj *)argv[0].u.o, argv[1]);
  return obj_raise(&exc_RuntimeError, "super(): no arguments");
}

TypeObj class_super_type = {OBJ_TYPE_HEAD, .name = "super", .flags = TF_GC,
                            .doc = "super() -> same as super(__class__, <first argument>)\nsuper(type, obj) -> bound super object",
                            .dealloc = super_dealloc, .traverse = super_traverse,
                            .clear = super_clear, .getattr = super_getattr, .repr = super_repr,
                            .new = super_new_slot};

/* ---- property, staticmethod, classmethod -------------------------------------------- */
static void wrap_dealloc(Obj *o) {
  WrapObj *w = (WrapObj *)o;
  val_decref(w->f);
  val_decref(w->g);
  val_decref(w->s);
  val_decref(w->doc);
  obj_free(o);
}
static void wrap_traverse(Obj *o, VisitFn visit, void *arg) {
  WrapObj *w = (WrapObj *)o;
  if (VAL_IS_OBJ(w->f)) visit(w->f.u.o, arg);
  if (VAL_IS_OBJ(w->g)) visit(w->g.u.o, arg);
  if (VAL_IS_OBJ(w->s)) visit(w->s.u.o, arg);
  if (VAL_IS_OBJ(w->doc)) visit(w->doc.u.o, arg);
}
static void wrap_clear(Obj *o) {
  WrapObj *w = (WrapObj *)o;
  val_clear(&w->f);
  val_clear(&w->g);
  val_clear(&w->s);
  val_clear(&w->doc);
}

static Value wrap_make(TypeObj *t, Value f, Value g, Value s, Value doc) {
  WrapObj *w = obj_alloc(t, sizeof(WrapObj));
  if (!w) return val_null();
  w->f = val_incref(f);
  w->g = val_incref(g);
  w->s = val_incref(s);
  w->doc = val_incref(doc);
  return val_obj(&w->ob);
}

static Value property_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("property", argc, argv, kw, "|fget,fset,fdel,doc", a) < 0) return val_null();
  Value doc = a[3];
  if (VAL_IS_NULL(doc) && !VAL_IS_NULL(a[0]) && !VAL_IS_NONE(a[0])) {
    Value d = op_getattr_s(a[0], "__doc__");
    if (VAL_IS_NULL(d)) obj_err_clear();
    Value r = wrap_make(t, a[0], a[1], a[2], d);
    val_decref(d);
    return r;
  }
  return wrap_make(t, a[0], a[1], a[2], doc);
}

static Value prop_getter(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("getter", argc - 1, kw, 1, 1) < 0) return val_null();
  WrapObj *p = (WrapObj *)argv[0].u.o;
  return wrap_make(&class_property_type, argv[1], p->g, p->s, p->doc);
}
static Value prop_setter(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("setter", argc - 1, kw, 1, 1) < 0) return val_null();
  WrapObj *p = (WrapObj *)argv[0].u.o;
  return wrap_make(&class_property_type, p->f, argv[1], p->s, p->doc);
}
static Value prop_deleter(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("deleter", argc - 1, kw, 1, 1) < 0) return val_null();
  WrapObj *p = (WrapObj *)argv[0].u.o;
  return wrap_make(&class_property_type, p->f, p->g, argv[1], p->doc);
}
static Value prop_fget(Value self) {
  Value f = ((WrapObj *)self.u.o)->f;
  return VAL_IS_NULL(f) ? val_none() : val_incref(f);
}
static Value prop_doc(Value self) {
  Value f = ((WrapObj *)self.u.o)->doc;
  return VAL_IS_NULL(f) ? val_none() : val_incref(f);
}

static const MethodDef property_methods[] = {
    {"getter", prop_getter, "getter(fget)", 0},
    {"setter", prop_setter, "setter(fset)", 0},
    {"deleter", prop_deleter, "deleter(fdel)", 0},
    {NULL}};
static const GetSetDef property_getset[] = {
    {"fget", prop_fget, NULL, NULL}, {"__doc__", prop_doc, NULL, NULL}, {NULL}};

TypeObj class_property_type = {
    OBJ_TYPE_HEAD, .name = "property", .flags = TF_GC,
    .doc = "property(fget=None, fset=None, fdel=None, doc=None)\nProperty attribute.",
    .dealloc = wrap_dealloc, .traverse = wrap_traverse, .clear = wrap_clear,
    .new = property_new, .methods = property_methods, .getset = property_getset};

static Value staticmethod_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  if (func_check_args(t->name, argc, kw, 1, 1) < 0) return val_null();
  return wrap_make(t, argv[0], val_null(), val_null(), val_null());
}
static Value wrap_call(Value v, int argc, const Value *argv, Obj *kw) {
  return op_call(((WrapObj *)v.u.o)->f, argc, argv, kw);
}
static Value wrap_func(Value self) { return val_incref(((WrapObj *)self.u.o)->f); }
static const GetSetDef wrap_getset[] = {{"__func__", wrap_func, NULL, NULL}, {NULL}};

TypeObj class_staticmethod_type = {
    OBJ_TYPE_HEAD, .name = "staticmethod", .flags = TF_GC,
    .doc = "staticmethod(function) -> method\nConvert a function to be a static method.",
    .dealloc = wrap_dealloc, .traverse = wrap_traverse, .clear = wrap_clear,
    .new = staticmethod_new, .call = wrap_call, .getset = wrap_getset};
TypeObj class_classmethod_type = {
    OBJ_TYPE_HEAD, .name = "classmethod", .flags = TF_GC,
    .doc = "classmethod(function) -> method\nConvert a function to be a class method.",
    .dealloc = wrap_dealloc, .traverse = wrap_traverse, .clear = wrap_clear,
    .new = staticmethod_new, .getset = wrap_getset};
