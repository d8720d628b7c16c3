/* ops.c - the generic operations on values (repr, str, hash, compare, binary and unary
 * operators, attributes, items, iteration, calls): slot dispatch with CPython's rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

TypeObj *op_type(Value v) {
  switch (v.tag) {
    case V_NONE: return &num_none_type;
    case V_BOOL: return &num_bool_type;
    case V_INT: return &num_int_type;
    case V_FLOAT: return &num_float_type;
    case V_OBJ: return v.u.o->type;
    default: return &num_none_type;
  }
}

const char *op_type_name(Value v) { return op_type(v)->name; }

int op_is_subtype(TypeObj *t, TypeObj *base) {
  if (base == &type_object_type || t == base) return 1;
  if (t->mro) {
    for (int64_t i = 0; i < TUPLE(t->mro)->len; i++)
      if (TUPLE(t->mro)->items[i].u.o == &base->ob) return 1;
    return 0;
  }
  for (; t; t = t->base)
    if (t == base) return 1;
  return 0;
}

int op_isinstance(Value v, TypeObj *t) {
  if (VAL_IS_NULL(v)) return 0;
  TypeObj *vt = op_type(v);
  if (t == &num_int_type && v.tag == V_BOOL) return 1;
  return op_is_subtype(vt, t);
}

/* ---- repr guard for self-referencing containers ------------------------------------- */
static Obj *repr_stack[256];
static int repr_depth;

int op_repr_enter(Obj *o) {
  for (int i = 0; i < repr_depth && i < 256; i++)
    if (repr_stack[i] == o) return 1;
  if (repr_depth < 256) repr_stack[repr_depth] = o;
  repr_depth++;
  return 0;
}

void op_repr_leave(Obj *o) {
  if (repr_depth > 0) repr_depth--;
}

Value op_repr(Value v) {
  STACK_CHECK_OR(val_null());
  TypeObj *t = op_type(v);
  if (!t->repr) {
    if (t->flags & TF_USER)
      return str_fmt("<%s.%s object at %p>",
                     t->module ? str_cstr(val_obj(t->module)) : "__main__", t->name,
                     (void *)v.u.o);
    return str_fmt("<%s object at %p>", t->name, VAL_IS_OBJ(v) ? (void *)v.u.o : NULL);
  }
  if (++obj_ts.depth > obj_ts.limit) {
    obj_ts.depth--;
    return obj_raise(&exc_RecursionError, "maximum recursion depth exceeded while getting the repr of an object");
  }
  Value r = t->repr(v);
  obj_ts.depth--;
  if (!VAL_IS_NULL(r) && !VAL_IS_STR(r)) {
    TypeObj *rt = op_type(r);
    val_decref(r);
    return obj_raise(&exc_TypeError, "__repr__ returned non-string (type %s)", rt->name);
  }
  return r;
}

Value op_str(Value v) {
  if (VAL_IS_STR(v)) return val_incref(v);
  STACK_CHECK_OR(val_null());
  TypeObj *t = op_type(v);
  if (!t->str) return op_repr(v);
  if (++obj_ts.depth > obj_ts.limit) {
    obj_ts.depth--;
    return obj_raise(&exc_RecursionError, "maximum recursion depth exceeded while getting the str of an object");
  }
  Value r = t->str(v);
  obj_ts.depth--;
  if (!VAL_IS_NULL(r) && !VAL_IS_STR(r)) {
    TypeObj *rt = op_type(r);
    val_decref(r);
    return obj_raise(&exc_TypeError, "__str__ returned non-string (type %s)", rt->name);
  }
  return r;
}

Value op_format(Value v, Value spec) {
  TypeObj *t = op_type(v);
  if (t->format) return t->format(v, spec);
  if (VAL_IS_STR(spec) && STR(spec.u.o)->len == 0) return op_str(v);
  return obj_raise(&exc_TypeError, "unsupported format string passed to %s.__format__",
                   t->name);
}

int op_truth(Value v) {
  switch (v.tag) {
    case V_NONE: return 0;
    case V_BOOL:
    case V_INT: return v.u.i != 0;
    case V_FLOAT: return v.u.f != 0.0;
    case V_OBJ: {
      TypeObj *t = v.u.o->type;
      if (t->truth) return t->truth(v);
      if (t->len) {
        int64_t n;
        if (t->len(v, &n) < 0) return -1;
        return n != 0;
      }
      return 1;
    }
    default: return 0;
  }
}

int op_hash(Value v, int64_t *out) {
  switch (v.tag) {
    case V_NONE: *out = 0x5a5a5a; return 0;
    case V_BOOL:
    case V_INT: *out = num_hash_int(v.u.i); return 0;
    case V_FLOAT: *out = num_hash_double(v.u.f); return 0;
    case V_OBJ: {
      TypeObj *t = v.u.o->type;
      if (t == &str_type) {
        StrObj *s = STR(v.u.o);
        if (s->hash == -1) s->hash = num_hash_bytes(s->s, s->len);
        *out = s->hash;
        return 0;
      }
      if (t->hash) return t->hash(v, out);
      obj_raise(&exc_TypeError, "unhashable type: '%s'", t->name);
      return -1;
    }
    default: *out = 0; return 0;
  }
}

int op_is(Value a, Value b) {
  if (a.tag != b.tag) return 0;
  switch (a.tag) {
    case V_OBJ: return a.u.o == b.u.o;
    case V_FLOAT: return a.u.f == b.u.f || (a.u.f != a.u.f && b.u.f != b.u.f);
    default: return a.u.i == b.u.i;
  }
}

static const int swapped_cmp[] = {
    [CMP_EQ] = CMP_EQ, [CMP_NOTEQ] = CMP_NOTEQ, [CMP_LT] = CMP_GT,
    [CMP_LTE] = CMP_GTE, [CMP_GT] = CMP_LT, [CMP_GTE] = CMP_LTE};
static const char *const cmp_sym[] = {"==", "!=", "<", "<=", ">", ">="};

static Value compare_slots(Value a, Value b, int op);

Value op_compare(Value a, Value b, int op) {
  int r = num_compare(a, b, op);
  if (r >= 0) return val_bool(r);
  STACK_CHECK_OR(val_null());
  if (obj_ts.depth >= obj_ts.limit)
    return obj_raise(&exc_RecursionError, "maximum recursion depth exceeded in comparison");
  obj_ts.depth++;
  Value res = compare_slots(a, b, op);
  obj_ts.depth--;
  return res;
}

static Value compare_slots(Value a, Value b, int op) {
  TypeObj *ta = op_type(a), *tb = op_type(b);
  int tried_b = 0;
  if (ta != tb && tb->compare && op_is_subtype(tb, ta)) {
    Value x = tb->compare(b, a, swapped_cmp[op]);
    if (!VAL_IS_NOTIMPL(x)) return x;
    tried_b = 1;
  }
  if (ta->compare) {
    Value x = ta->compare(a, b, op);
    if (!VAL_IS_NOTIMPL(x)) return x;
  }
  if (!tried_b && tb->compare) {
    Value x = tb->compare(b, a, swapped_cmp[op]);
    if (!VAL_IS_NOTIMPL(x)) return x;
  }
  if (op == CMP_EQ) return val_bool(op_is(a, b));
  if (op == CMP_NOTEQ) return val_bool(!op_is(a, b));
  return obj_raise(&exc_TypeError, "'%s' not supported between instances of '%s' and '%s'",
                   cmp_sym[op], ta->name, tb->name);
}

int op_compare_bool(Value a, Value b, int op) {
  int r = num_compare(a, b, op);
  if (r >= 0) return r;
  Value v = op_compare(a, b, op);
  if (VAL_IS_NULL(v)) return -1;
  if (v.tag == V_BOOL) return (int)v.u.i;
  int t = op_truth(v);
  val_decref(v);
  return t;
}

int op_eq(Value a, Value b) {
  /* identity implies equality inside containers, as in CPython's PyObject_RichCompareBool */
  if (a.tag == V_OBJ && b.tag == V_OBJ && a.u.o == b.u.o) return 1;
  /* floats are unboxed: a NaN is "the same object" as a NaN, as `is` says (x in [x]) */
  if (a.tag == V_FLOAT && b.tag == V_FLOAT && a.u.f != a.u.f && b.u.f != b.u.f) return 1;
  if (VAL_IS_STR(a) && VAL_IS_STR(b)) {
    StrObj *x = STR(a.u.o), *y = STR(b.u.o);
    return x->len == y->len && memcmp(x->s, y->s, x->len) == 0;
  }
  return op_compare_bool(a, b, CMP_EQ);
}

static const char *const binop_sym[] = {
    [OP_ADD] = "+", [OP_SUB] = "-", [OP_MULT] = "*", [OP_MATMULT] = "@", [OP_DIV] = "/",
    [OP_MOD] = "%", [OP_POW] = "** or pow()", [OP_LSHIFT] = "<<", [OP_RSHIFT] = ">>",
    [OP_BITOR] = "|", [OP_BITXOR] = "^", [OP_BITAND] = "&", [OP_FLOORDIV] = "//"};
static const char *const ibinop_sym[] = {
    [OP_ADD] = "+=", [OP_SUB] = "-=", [OP_MULT] = "*=", [OP_MATMULT] = "@=", [OP_DIV] = "/=",
    [OP_MOD] = "%=", [OP_POW] = "**=", [OP_LSHIFT] = "<<=", [OP_RSHIFT] = ">>=",
    [OP_BITOR] = "|=", [OP_BITXOR] = "^=", [OP_BITAND] = "&=", [OP_FLOORDIV] = "//="};

static int is_seq(Value v) {
  if (!VAL_IS_OBJ(v)) return 0;
  TypeObj *t = v.u.o->type;
  return t == &str_type || t == &list_type || t == &tuple_type;
}

Value op_binop(int op, Value a, Value b) {
  STACK_CHECK_OR(val_null());
  TypeObj *ta = op_type(a), *tb = op_type(b);
  int base = op & 0xff;
  if (op & OBJ_INPLACE) {
    if (ta->binary) {
      Value x = ta->binary(op, a, b);
      if (!VAL_IS_NOTIMPL(x)) return x;
    }
  }
  int tried_b = 0;
  if (ta != tb && tb->binary && tb->binary != ta->binary && op_is_subtype(tb, ta) &&
      (tb->flags & TF_USER)) {
    Value x = tb->binary(base, a, b);
    if (!VAL_IS_NOTIMPL(x)) return x;
    tried_b = 1;
  }
  if (ta->binary) {
    Value x = ta->binary(base, a, b);
    if (!VAL_IS_NOTIMPL(x)) return x;
  }
  if (ta != tb && tb->binary && tb->binary != ta->binary && !tried_b) {
    Value x = tb->binary(base, a, b);
    if (!VAL_IS_NOTIMPL(x)) return x;
  }
  /* CPython's sequence-specific messages */
  if (base == OP_ADD && is_seq(a) && (!VAL_IS_OBJ(b) || ta != tb)) {
    if (ta == &str_type)
      return obj_raise(&exc_TypeError, "can only concatenate str (not \"%s\") to str",
                       tb->name);
    return obj_raise(&exc_TypeError, "can only concatenate %s (not \"%s\") to %s", ta->name,
                     tb->name, ta->name);
  }
  if (base == OP_MULT && (is_seq(a) || is_seq(b))) {
    Value other = is_seq(a) ? b : a;
    if (!VAL_IS_INTLIKE(other))
      return obj_raise(&exc_TypeError, "can't multiply sequence by non-int of type '%s'",
                       op_type(other)->name);
  }
  if (base == OP_POW && !(op & OBJ_INPLACE))
    return obj_raise(&exc_TypeError, "unsupported operand type(s) for ** or pow(): '%s' and '%s'",
                     ta->name, tb->name);
  return obj_raise(&exc_TypeError, "unsupported operand type(s) for %s: '%s' and '%s'",
                   (op & OBJ_INPLACE) ? ibinop_sym[base] : binop_sym[base], ta->name,
                   tb->name);
}

Value op_unary(int op, Value a) {
  if (op == UOP_NOT) {
    int t = op_truth(a);
    return t < 0 ? val_null() : val_bool(!t);
  }
  TypeObj *t = op_type(a);
  if (t->unary) {
    Value x = t->unary(op, a);
    if (!VAL_IS_NOTIMPL(x)) return x;
  }
  const char *s = op == UOP_USUB ? "unary -" : op == UOP_UADD ? "unary +" :
                  op == UOP_INVERT ? "unary ~" : NULL;
  if (!s) return obj_raise(&exc_TypeError, "bad operand type for abs(): '%s'", t->name);
  return obj_raise(&exc_TypeError, "bad operand type for %s: '%s'", s, t->name);
}

/* ---- attributes ------------------------------------------------------------------------- */
Value op_getattr(Value v, Obj *name) {
  TypeObj *t = op_type(v);
  if (t->getattr) return t->getattr(v, name);
  return type_generic_getattr(v, name);
}

Value op_getattr_s(Value v, const char *name) {
  Obj *n = str_intern(name);
  if (!n) return val_null();
  return op_getattr(v, n);
}

int op_setattr(Value v, Obj *name, Value x) {
  TypeObj *t = op_type(v);
  if (t->setattr) return t->setattr(v, name, x);
  return type_generic_setattr(v, name, x);
}

int op_setattr_s(Value v, const char *name, Value x) {
  Obj *n = str_intern(name);
  if (!n) return -1;
  return op_setattr(v, n, x);
}

int op_hasattr_s(Value v, const char *name) {
  Value r = op_getattr_s(v, name);
  if (VAL_IS_NULL(r)) {
    obj_err_clear();
    return 0;
  }
  val_decref(r);
  return 1;
}

/* ---- items ---------------------------------------------------------------------------- */
Value op_getitem(Value v, Value key) {
  TypeObj *t = op_type(v);
  if (t->getitem) return t->getitem(v, key);
  if (VAL_IS_TYPE(v))
    return obj_raise(&exc_TypeError, "type '%s' is not subscriptable", ((TypeObj *)v.u.o)->name);
  return obj_raise(&exc_TypeError, "'%s' object is not subscriptable", t->name);
}

int op_setitem(Value v, Value key, Value x) {
  TypeObj *t = op_type(v);
  if (t->setitem) return t->setitem(v, key, x);
  if (VAL_IS_NULL(x))
    obj_raise(&exc_TypeError, "'%s' object doesn't support item deletion", t->name);
  else
    obj_raise(&exc_TypeError, "'%s' object does not support item assignment", t->name);
  return -1;
}

int op_len(Value v, int64_t *out) {
  TypeObj *t = op_type(v);
  if (t->len) return t->len(v, out);
  obj_raise(&exc_TypeError, "object of type '%s' has no len()", t->name);
  return -1;
}

int op_contains(Value c, Value x) {
  TypeObj *t = op_type(c);
  if (t->contains) return t->contains(c, x);
  if (!t->iter && !t->getitem) {
    obj_raise(&exc_TypeError, "argument of type '%s' is not iterable", t->name);
    return -1;
  }
  return op_contains_iter(c, x);
}

int op_contains_iter(Value c, Value x) {
  Value it = op_iter(c);
  if (VAL_IS_NULL(it)) return -1;
  Value y;
  int r;
  while ((r = op_next(it, &y)) == 1) {
    int e = op_eq(y, x);
    val_decref(y);
    if (e != 0) { val_decref(it); return e; }
  }
  val_decref(it);
  return r < 0 ? -1 : 0;
}

/* ---- iteration -------------------------------------------------------------------------- */
typedef struct GetitemIter { Obj ob; Value seq; int64_t i; } GetitemIter;

static void gi_dealloc(Obj *o) { val_decref(((GetitemIter *)o)->seq); obj_free(o); }
static void gi_traverse(Obj *o, VisitFn visit, void *arg) {
  Value s = ((GetitemIter *)o)->seq;
  if (VAL_IS_OBJ(s)) visit(s.u.o, arg);
}
static void gi_clear(Obj *o) { val_clear(&((GetitemIter *)o)->seq); }
static Value gi_iter(Value self) { return val_incref(self); }
static int gi_next(Value self, Value *out) {
  GetitemIter *g = (GetitemIter *)self.u.o;
  if (VAL_IS_NULL(g->seq)) return 0;
  Value x = op_getitem(g->seq, val_int(g->i));
  if (VAL_IS_NULL(x)) {
    if (obj_err_matches(&exc_IndexError) || obj_err_matches(&exc_StopIteration)) {
      obj_err_clear();
      val_clear(&g->seq);
      return 0;
    }
    return -1;
  }
  g->i++;
  *out = x;
  return 1;
}
static TypeObj getitem_iter_type = {
    OBJ_TYPE_HEAD, .name = "iterator", .flags = TF_GC, .dealloc = gi_dealloc,
    .traverse = gi_traverse, .clear = gi_clear, .iter = gi_iter, .next = gi_next};

Value op_seq_getitem_iter(Value v) {
  GetitemIter *g = obj_alloc(&getitem_iter_type, sizeof(GetitemIter));
  if (!g) return val_null();
  g->seq = val_incref(v);
  return val_obj(&g->ob);
}

Value op_iter(Value v) {
  TypeObj *t = op_type(v);
  if (t->iter) return t->iter(v);
  if (t->getitem && t != &dict_type) {
    GetitemIter *g = obj_alloc(&getitem_iter_type, sizeof(GetitemIter));
    if (!g) return val_null();
    g->seq = val_incref(v);
    return val_obj(&g->ob);
  }
  if (VAL_IS_TYPE(v))
    return obj_raise(&exc_TypeError, "'type' object is not iterable");
  return obj_raise(&exc_TypeError, "'%s' object is not iterable", t->name);
}

int op_next(Value it, Value *out) {
  /* long loops inside builtins (sum(range(10**12))) stay interruptible */
  if (obj_interrupted && obj_check_signals() < 0) return -1;
  TypeObj *t = op_type(it);
  if (t->next) return t->next(it, out);
  obj_raise(&exc_TypeError, "'%s' object is not an iterator", t->name);
  return -1;
}

/* ---- calls ------------------------------------------------------------------------------- */
Value op_call(Value f, int argc, const Value *argv, Obj *kwnames) {
  STACK_CHECK_OR(val_null());
  if (VAL_IS_OBJ(f)) {
    TypeObj *t = f.u.o->type;
    if (t == &func_type) return call_function(FUNC(f.u.o), argc, argv, kwnames);
    if (t->call) return t->call(f, argc, argv, kwnames);
  }
  return obj_raise(&exc_TypeError, "'%s' object is not callable", op_type(f)->name);
}

Value op_call0(Value f) { return op_call(f, 0, NULL, NULL); }
Value op_call1(Value f, Value a) { return op_call(f, 1, &a, NULL); }
Value op_call2(Value f, Value a, Value b) {
  Value v[2] = {a, b};
  return op_call(f, 2, v, NULL);
}

Value op_call_method(Value self, const char *name, int argc, const Value *argv) {
  Value m = op_getattr_s(self, name);
  if (VAL_IS_NULL(m)) return m;
  Value r = op_call(m, argc, argv, NULL);
  val_decref(m);
  return r;
}

int op_callable(Value v) {
  if (!VAL_IS_OBJ(v)) return 0;
  TypeObj *t = v.u.o->type;
  if (t == &func_type || t->call) {
    if (t->flags & TF_USER) return !VAL_IS_NULL(type_lookup(t, str_intern("__call__")));
    return 1;
  }
  return 0;
}

/* ---- conversions ------------------------------------------------------------------------ */
Value op_conv_dunder(Value v, const char *name) {
  if (!VAL_IS_OBJ(v)) return val_null();
  TypeObj *t = v.u.o->type;
  Value m;
  if (t->flags & TF_USER) {
    m = class_user_method(v, name);
  } else {
    m = type_lookup(t, str_intern(name));       /* borrowed */
    if (!VAL_IS_NULL(m)) m = type_bind(m, v, t);
  }
  if (VAL_IS_NULL(m)) return m;
  Value r = op_call0(m);
  val_decref(m);
  return r;
}

static int big_index_error(void) {
  obj_raise(&exc_OverflowError, "Python int too large to convert to C ssize_t");
  return -1;
}

int op_index_value(Value v, int64_t *out) {
  if (VAL_IS_INTLIKE(v)) { *out = v.u.i; return 1; }
  if (num_is_big(v)) return big_index_error();
  if (VAL_IS_OBJ(v) && v.u.o->type->layout == &num_int_type) {
    Value x = num_unbox(v);
    if (num_is_big(x)) return big_index_error();
    *out = x.u.i;
    return 1;
  }
  Value r = op_conv_dunder(v, "__index__");
  if (VAL_IS_NULL(r)) return obj_err_occurred() ? -1 : 0;
  int k = VAL_IS_INTLIKE(r) ? (*out = r.u.i, 1) : num_is_big(r) ? -2 : -1;
  val_decref(r);
  if (k == -2) return big_index_error();
  if (k < 0) obj_raise(&exc_TypeError, "__index__ returned non-int");
  return k;
}

int op_repeat_count(Value k, int64_t *n) {
  if (VAL_IS_INTLIKE(k)) { *n = k.u.i; return 1; }
  if (num_is_big(k)) {
    obj_raise(&exc_OverflowError, "cannot fit 'int' into an index-sized integer");
    return -1;
  }
  if (!VAL_IS_OBJ(k) || VAL_IS_FLOAT(k)) return 0;
  int r = op_index_value(k, n);
  if (r < 0 && obj_err_matches(&exc_TypeError)) {
    obj_err_clear();
    r = 0;
  }
  return r;
}

int op_as_int(Value v, int64_t *out) {
  int k = op_index_value(v, out);
  if (k) return k > 0 ? 0 : -1;
  obj_raise(&exc_TypeError, "'%s' object cannot be interpreted as an integer", op_type_name(v));
  return -1;
}

int op_as_float(Value v, double *out) {
  if (VAL_IS_FLOAT(v)) { *out = v.u.f; return 0; }
  if (VAL_IS_INTLIKE(v)) { *out = (double)v.u.i; return 0; }
  if (num_is_big(v)) return num_big_to_double(v, out);
  if (VAL_IS_OBJ(v) && v.u.o->type->layout &&
      (v.u.o->type->layout == &num_int_type || v.u.o->type->layout == &num_float_type))
    return op_as_float(num_unbox(v), out);
  Value r = op_conv_dunder(v, "__float__");
  if (!VAL_IS_NULL(r)) {
    int k = VAL_IS_FLOAT(r) ? (*out = r.u.f, 0) : -1;
    val_decref(r);
    if (k < 0) obj_raise(&exc_TypeError, "__float__ returned non-float");
    return k;
  }
  if (obj_err_occurred()) return -1;
  obj_raise(&exc_TypeError, "must be real number, not %s", op_type_name(v));
  return -1;
}

int op_as_index(Value v, int64_t len, int64_t *out, const char *what) {
  int64_t i;
  int k = op_index_value(v, &i);
  if (k < 0) {
    if (obj_err_matches(&exc_OverflowError)) {
      obj_err_clear();
      obj_raise(&exc_IndexError, "cannot fit 'int' into an index-sized integer");
    }
    return -1;
  }
  if (k == 0) {
    obj_raise(&exc_TypeError, "%s indices must be integers or slices, not %s", what,
              op_type_name(v));
    return -1;
  }
  if (i < 0) i += len;
  if (i < 0 || i >= len) {
    obj_raise(&exc_IndexError, "%s index out of range", what);
    return -1;
  }
  *out = i;
  return 0;
}
