/* iter.c - range and slice objects and the lazy iterators of the builtins: enumerate, zip,
 * map, filter, reversed, iter(callable, sentinel); the Ellipsis and NotImplemented singletons. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

/* ---- singletons ------------------------------------------------------------------------ */
static Value ellipsis_repr(Value v) { return str_from_cstr("Ellipsis"); }
static Value notimpl_repr(Value v) { return str_from_cstr("NotImplemented"); }
static int id_hash(Value v, int64_t *out) { *out = (int64_t)((uintptr_t)v.u.o >> 4); return 0; }
TypeObj iter_ellipsis_type = {OBJ_TYPE_HEAD, .name = "ellipsis", .repr = ellipsis_repr,
                              .hash = id_hash};
TypeObj iter_notimpl_type = {OBJ_TYPE_HEAD, .name = "NotImplementedType", .repr = notimpl_repr,
                             .hash = id_hash};
Obj iter_ellipsis_obj = {OBJ_IMMORTAL, &iter_ellipsis_type};
Obj iter_notimpl_obj = {OBJ_IMMORTAL, &iter_notimpl_type};

/* ---- slice --------------------------------------------------------------------------------- */
static void slice_dealloc(Obj *o) {
  SliceObj *s = (SliceObj *)o;
  val_decref(s->start);
  val_decref(s->stop);
  val_decref(s->step);
  obj_free(o);
}

Value iter_slice_new(Value start, Value stop, Value step) {
  SliceObj *s = obj_alloc(&iter_slice_type, sizeof(SliceObj));
  if (!s) return val_null();
  s->start = VAL_IS_NULL(start) ? val_none() : val_incref(start);
  s->stop = VAL_IS_NULL(stop) ? val_none() : val_incref(stop);
  s->step = VAL_IS_NULL(step) ? val_none() : val_incref(step);
  return val_obj(&s->ob);
}

static int slice_int(Value v, int64_t *out) {
  int k = op_index_value(v, out);
  if (k) return k > 0 ? 0 : -1;
  obj_raise(&exc_TypeError, "slice indices must be integers or None or have an __index__ method");
  return -1;
}

/* the slice's integers (calling __index__), before any length is read: a callback may change
 * the container's length, so the caller adjusts with the length it has afterwards */
int iter_slice_unpack(Value slice, int64_t *start, int64_t *stop, int64_t *step, int *flags) {
  SliceObj *s = (SliceObj *)slice.u.o;
  int64_t st = 1, a = 0, b = 0;
  if (!VAL_IS_NONE(s->step)) {
    if (slice_int(s->step, &st) < 0) return -1;
    if (st == 0) { obj_raise(&exc_ValueError, "slice step cannot be zero"); return -1; }
    if (st < -INT64_MAX) st = -INT64_MAX;
  }
  if (!VAL_IS_NONE(s->start) && slice_int(s->start, &a) < 0) return -1;
  if (!VAL_IS_NONE(s->stop) && slice_int(s->stop, &b) < 0) return -1;
  *start = a;
  *stop = b;
  *step = st;
  *flags = (VAL_IS_NONE(s->start) ? 1 : 0) | (VAL_IS_NONE(s->stop) ? 2 : 0);
  return 0;
}

void iter_slice_adjust(int64_t len, int flags, int64_t *start, int64_t *stop, int64_t step,
                       int64_t *slicelen) {
  int64_t st = step, a = *start, b = *stop;
  if (flags & 1) {
    a = st < 0 ? len - 1 : 0;
  } else {
    if (a < 0) { a += len; if (a < 0) a = st < 0 ? -1 : 0; }
    else if (a >= len) a = st < 0 ? len - 1 : len;
  }
  if (flags & 2) {
    b = st < 0 ? -1 : len;
  } else {
    if (b < 0) { b += len; if (b < 0) b = st < 0 ? -1 : 0; }
    else if (b >= len) b = st < 0 ? len - 1 : len;
  }
  int64_t n;
  if (st < 0) n = b < a ? (int64_t)(((uint64_t)a - (uint64_t)b - 1) / (uint64_t)(-st)) + 1 : 0;
  else n = a < b ? (int64_t)(((uint64_t)b - (uint64_t)a - 1) / (uint64_t)st) + 1 : 0;
  *start = a;
  *stop = b;
  *slicelen = n;
}

int iter_slice_indices(Value slice, int64_t len, int64_t *start, int64_t *stop, int64_t *step,
                       int64_t *slicelen) {
  int flags;
  if (iter_slice_unpack(slice, start, stop, step, &flags) < 0) return -1;
  iter_slice_adjust(len, flags, start, stop, *step, slicelen);
  return 0;
}

static Value slice_repr(Value v) {
  SliceObj *s = (SliceObj *)v.u.o;
  Value a = op_repr(s->start), b = op_repr(s->stop), c = op_repr(s->step);
  Value r = val_null();
  if (!VAL_IS_NULL(a) && !VAL_IS_NULL(b) && !VAL_IS_NULL(c))
    r = str_fmt("slice(%s, %s, %s)", str_cstr(a), str_cstr(b), str_cstr(c));
  val_decref(a);
  val_decref(b);
  val_decref(c);
  return r;
}

static Value slice_compare(Value a, Value b, int op) {
  if (!VAL_IS_OBJ(b) || b.u.o->type != &iter_slice_type) return obj_notimpl();
  SliceObj *x = (SliceObj *)a.u.o, *y = (SliceObj *)b.u.o;
  Value ta = tuple_pack(3, x->start, x->stop, x->step);
  Value tb = tuple_pack(3, y->start, y->stop, y->step);
  Value r = VAL_IS_NULL(ta) || VAL_IS_NULL(tb) ? val_null() : op_compare(ta, tb, op);
  val_decref(ta);
  val_decref(tb);
  return r;
}

static Value slice_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("slice", argc, kw, 1, 3) < 0) return val_null();
  if (argc == 1) return iter_slice_new(val_none(), argv[0], val_none());
  return iter_slice_new(argv[0], argv[1], argc > 2 ? argv[2] : val_none());
}

static Value sl_start(Value s) { return val_incref(((SliceObj *)s.u.o)->start); }
static Value sl_stop(Value s) { return val_incref(((SliceObj *)s.u.o)->stop); }
static Value sl_step(Value s) { return val_incref(((SliceObj *)s.u.o)->step); }
static Value sl_indices(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("indices", argc - 1, kw, 1, 1) < 0) return val_null();
  int64_t n, a, b, c, k;
  if (op_as_int(argv[1], &n) < 0) return val_null();
  if (n < 0) return obj_raise(&exc_ValueError, "length should not be negative");
  if (iter_slice_indices(argv[0], n, &a, &b, &c, &k) < 0) return val_null();
  return tuple_pack(3, val_int(a), val_int(b), val_int(c));
}
static const GetSetDef slice_getset[] = {
    {"start", sl_start, NULL, NULL}, {"stop", sl_stop, NULL, NULL}, {"step", sl_step, NULL, NULL},
    {NULL}};
static const MethodDef slice_methods[] = {{"indices", sl_indices, "indices(len)", 0}, {NULL}};

TypeObj iter_slice_type = {OBJ_TYPE_HEAD, .name = "slice",
                           .doc = "slice(stop)\nslice(start, stop[, step])",
                           .dealloc = slice_dealloc, .repr = slice_repr,
                           .compare = slice_compare, .new = slice_new, .getset = slice_getset,
                           .methods = slice_methods};

/* ---- range --------------------------------------------------------------------------------- */
/* Ranges whose bounds and length fit int64 compute in int64; the others (RangeObj.big) in int
 * Values, with CPython's results. */
static uint64_t range_len(int64_t a, int64_t b, int64_t s) {
  if (s > 0 && a < b) return ((uint64_t)b - (uint64_t)a - 1) / (uint64_t)s + 1;
  if (s < 0 && a > b) return ((uint64_t)a - (uint64_t)b - 1) / (0 - (uint64_t)s) + 1;
  return 0;
}

static Value obj_range_new(int64_t start, int64_t stop, int64_t step) {
  RangeObj *r = obj_alloc(&iter_range_type, sizeof(RangeObj));
  if (!r) return val_null();
  r->start = start;
  r->stop = stop;
  r->step = step;
  r->ulen = range_len(start, stop, step);
  r->len = (int64_t)r->ulen;
  r->big = NULL;
  return val_obj(&r->ob);
}

/* arithmetic on int Values: the result, V_NULL (MemoryError) when an operand is V_NULL */
static Value ib(int op, Value a, Value b) {
  return VAL_IS_NULL(a) || VAL_IS_NULL(b) ? val_null() : op_binop(op, a, b);
}
static int ineg(Value a) { return op_compare_bool(a, val_int(0), CMP_LT); }
static int ilt(Value a, Value b) { return op_compare_bool(a, b, CMP_LT); }

/* CPython's compute_range_length */
static Value big_range_len(Value start, Value stop, Value step) {
  int neg = ineg(step);
  Value lo = neg ? stop : start, hi = neg ? start : stop;
  if (ilt(lo, hi) != 1) return val_int(0);
  Value d = ib(OP_SUB, hi, lo);
  Value d1 = ib(OP_SUB, d, val_int(1));
  Value as = neg ? op_unary(UOP_USUB, step) : val_incref(step);
  Value q = ib(OP_FLOORDIV, d1, as);
  Value n = ib(OP_ADD, q, val_int(1));
  val_decref(d);
  val_decref(d1);
  val_decref(as);
  val_decref(q);
  return n;
}

/* range(start, stop, step) of any ints (borrowed); step is not 0 */
static Value range_make(Value start, Value stop, Value step) {
  if (start.tag == V_INT && stop.tag == V_INT && step.tag == V_INT &&
      range_len(start.u.i, stop.u.i, step.u.i) <= (uint64_t)INT64_MAX)
    return obj_range_new(start.u.i, stop.u.i, step.u.i);
  Value n = big_range_len(start, stop, step);
  if (VAL_IS_NULL(n)) return n;
  Value t = tuple_pack(4, start, stop, step, n);
  val_decref(n);
  if (VAL_IS_NULL(t)) return t;
  RangeObj *r = obj_alloc(&iter_range_type, sizeof(RangeObj));
  if (!r) { val_decref(t); return val_null(); }
  r->start = r->stop = r->step = 0;
  r->len = n.tag == V_INT ? n.u.i : -1;
  r->ulen = n.tag == V_INT ? (uint64_t)n.u.i : UINT64_MAX;
  r->big = t.u.o;
  return val_obj(&r->ob);
}

static void range_dealloc(Obj *o) {
  RangeObj *r = (RangeObj *)o;
  if (r->big) val_decref(val_obj(r->big));
  obj_free(o);
}

/* 0 start, 1 stop, 2 step, 3 length (new refs) */
static Value rv(RangeObj *r, int k) {
  if (r->big) return val_incref(TUPLE(r->big)->items[k]);
  return val_int(k == 0 ? r->start : k == 1 ? r->stop : k == 2 ? r->step : r->len);
}

/* an int (new ref, never a bool) from an int or __index__; what: the TypeError's text, NULL for
 * "'T' object cannot be interpreted as an integer" */
static int range_int_arg(Value v, Value *out, const char *what) {
  Value u = num_unbox(v);
  if (VAL_IS_INTLIKE(u)) { *out = val_int(u.u.i); return 0; }
  if (num_is_big(u)) { *out = val_incref(u); return 0; }
  if (!VAL_IS_FLOAT(u)) {
    Value r = op_conv_dunder(v, "__index__");
    if (!VAL_IS_NULL(r)) {
      if (num_is_int(r)) { *out = VAL_IS_INTLIKE(r) ? val_int(r.u.i) : r; return 0; }
      obj_raise(&exc_TypeError, "__index__ returned non-int (type %s)", op_type_name(r));
      val_decref(r);
      return -1;
    }
    if (obj_err_occurred()) return -1;
  }
  if (what) obj_raise(&exc_TypeError, what, op_type_name(v));
  else obj_raise(&exc_TypeError, "'%s' object cannot be interpreted as an integer", op_type_name(v));
  return -1;
}

static Value range_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  if (func_kwcount(kw)) return obj_raise(&exc_TypeError, "range() takes no keyword arguments");
  if (argc < 1 || argc > 3) {
    if (argc == 0) return obj_raise(&exc_TypeError, "range expected at least 1 argument, got 0");
    return obj_raise(&exc_TypeError, "range expected at most 3 arguments, got %d", argc);
  }
  Value v[3] = {val_int(0), val_int(0), val_int(1)};
  Value r = val_null();
  int first = argc == 1 ? 1 : 0;
  for (int i = 0; i < argc; i++)
    if (range_int_arg(argv[i], &v[first + i], NULL) < 0) goto out;
  if (v[2].tag == V_INT && v[2].u.i == 0) {
    obj_raise(&exc_ValueError, "range() arg 3 must not be zero");
    goto out;
  }
  r = range_make(v[0], v[1], v[2]);
out:
  for (int i = 0; i < 3; i++) val_decref(v[i]);
  return r;
}

static Value range_repr(Value v) {
  RangeObj *r = (RangeObj *)v.u.o;
  if (!r->big) {
    if (r->step == 1) return str_fmt("range(%lld, %lld)", (long long)r->start, (long long)r->stop);
    return str_fmt("range(%lld, %lld, %lld)", (long long)r->start, (long long)r->stop,
                   (long long)r->step);
  }
  const Value *it = TUPLE(r->big)->items;
  Value s[3] = {op_repr(it[0]), op_repr(it[1]), val_null()};
  int one = it[2].tag == V_INT && it[2].u.i == 1;
  if (!one) s[2] = op_repr(it[2]);
  Value res = val_null();
  if (!VAL_IS_NULL(s[0]) && !VAL_IS_NULL(s[1]) && (one || !VAL_IS_NULL(s[2])))
    res = one ? str_fmt("range(%s, %s)", str_cstr(s[0]), str_cstr(s[1]))
              : str_fmt("range(%s, %s, %s)", str_cstr(s[0]), str_cstr(s[1]), str_cstr(s[2]));
  for (int i = 0; i < 3; i++) val_decref(s[i]);
  return res;
}

static int range_len_slot(Value v, int64_t *out) {
  RangeObj *r = (RangeObj *)v.u.o;
  if (r->len < 0) {
    obj_raise(&exc_OverflowError, "Python int too large to convert to C ssize_t");
    return -1;
  }
  *out = r->len;
  return 0;
}

static int range_truth(Value v) { return ((RangeObj *)v.u.o)->ulen != 0; }

/* one slice bound as CPython's _PySlice_GetLongIndices: clamped to [lo, hi] */
static int slice_bound(Value x, Value len, Value lo, Value hi, Value dflt, Value *out) {
  if (VAL_IS_NONE(x)) { *out = val_incref(dflt); return 0; }
  Value i;
  if (range_int_arg(x, &i, "slice indices must be integers or None or have an __index__ method") < 0)
    return -1;
  if (ineg(i)) {
    Value j = ib(OP_ADD, i, len);
    val_decref(i);
    i = j;
    if (!VAL_IS_NULL(i) && ilt(i, lo)) { val_decref(i); i = val_incref(lo); }
  } else if (ilt(hi, i)) {
    val_decref(i);
    i = val_incref(hi);
  }
  if (VAL_IS_NULL(i)) return -1;
  *out = i;
  return 0;
}

static Value range_slice(RangeObj *r, Value key) {
  SliceObj *sl = (SliceObj *)key.u.o;
  Value step = val_int(1), a = val_null(), b = val_null(), res = val_null();
  Value rs = rv(r, 0), rstep = rv(r, 2), len = rv(r, 3), lo = val_null(), hi = val_null();
  if (!VAL_IS_NONE(sl->step)) {
    if (range_int_arg(sl->step, &step,
                      "slice indices must be integers or None or have an __index__ method") < 0)
      goto out;
    if (step.tag == V_INT && step.u.i == 0) {
      obj_raise(&exc_ValueError, "slice step cannot be zero");
      goto out;
    }
  }
  int neg = ineg(step);
  lo = val_int(neg ? -1 : 0);
  hi = neg ? ib(OP_SUB, len, val_int(1)) : val_incref(len);
  if (VAL_IS_NULL(hi)) goto out;
  if (slice_bound(sl->start, len, lo, hi, neg ? hi : lo, &a) < 0) goto out;
  if (slice_bound(sl->stop, len, lo, hi, neg ? lo : hi, &b) < 0) goto out;
  Value as = ib(OP_MULT, a, rstep), bs = ib(OP_MULT, b, rstep);
  Value s0 = ib(OP_ADD, rs, as), s1 = ib(OP_ADD, rs, bs), st = ib(OP_MULT, rstep, step);
  if (!VAL_IS_NULL(s0) && !VAL_IS_NULL(s1) && !VAL_IS_NULL(st)) res = range_make(s0, s1, st);
  val_decref(as);
  val_decref(bs);
  val_decref(s0);
  val_decref(s1);
  val_decref(st);
out:
  val_decref(step);
  val_decref(a);
  val_decref(b);
  val_decref(rs);
  val_decref(rstep);
  val_decref(len);
  val_decref(hi);
  return res;
}

static Value range_getitem(Value v, Value key) {
  RangeObj *r = (RangeObj *)v.u.o;
  if (VAL_IS_OBJ(key) && key.u.o->type == &iter_slice_type) return range_slice(r, key);
  if (!r->big && VAL_IS_INTLIKE(key)) {
    int64_t i;
    if (op_as_index(key, r->len, &i, "range object") < 0) return val_null();
    return val_int(r->start + i * r->step);
  }
  Value i;
  if (range_int_arg(key, &i, "range indices must be integers or slices, not %s") < 0)
    return val_null();
  Value len = rv(r, 3), res = val_null();
  if (ineg(i)) {
    Value j = ib(OP_ADD, i, len);
    val_decref(i);
    i = j;
  }
  if (!VAL_IS_NULL(i)) {
    if (ineg(i) || !ilt(i, len)) {
      obj_raise(&exc_IndexError, "range object index out of range");
    } else {
      Value st = rv(r, 0), sp = rv(r, 2);
      Value m = ib(OP_MULT, i, sp);
      res = ib(OP_ADD, st, m);
      val_decref(m);
      val_decref(st);
      val_decref(sp);
    }
  }
  val_decref(i);
  val_decref(len);
  return res;
}

static Value range_iter(Value v);

/* x in a big range: its bounds, then (x - start) % step == 0 */
static int big_contains_int(RangeObj *r, Value x) {
  const Value *it = TUPLE(r->big)->items;
  int in;
  if (ineg(it[2])) in = ilt(it[1], x) && !ilt(it[0], x);
  else in = !ilt(x, it[0]) && ilt(x, it[1]);
  if (!in) return 0;
  Value d = ib(OP_SUB, x, it[0]);
  Value m = ib(OP_MOD, d, it[2]);
  val_decref(d);
  if (VAL_IS_NULL(m)) return -1;
  int z = m.tag == V_INT && m.u.i == 0;
  val_decref(m);
  return z;
}

static int range_contains(Value v, Value x) {
  RangeObj *r = (RangeObj *)v.u.o;
  if (r->big && (VAL_IS_INTLIKE(x) || num_is_big(x))) return big_contains_int(r, x);
  if (VAL_IS_INTLIKE(x)) {
    int64_t i = x.u.i;
    if (r->ulen == 0) return 0;
    if (r->step > 0) {
      if (i < r->start || i >= r->stop) return 0;
    } else {
      if (i > r->start || i <= r->stop) return 0;
    }
    return ((uint64_t)(i - r->start)) % (uint64_t)(r->step > 0 ? r->step : -r->step) == 0;
  }
  if (num_is_big(x)) return 0;   /* beyond int64, so beyond the range */
  Value itr = range_iter(v);
  if (VAL_IS_NULL(itr)) return -1;
  Value y;
  int k, e = 0;
  while ((k = op_next(itr, &y)) == 1) {
    e = op_eq(y, x);
    val_decref(y);
    if (e) break;
  }
  val_decref(itr);
  return k < 0 ? -1 : e;
}

static Value range_compare(Value a, Value b, int op) {
  if ((op != CMP_EQ && op != CMP_NOTEQ) || !VAL_IS_OBJ(b) || b.u.o->type != &iter_range_type)
    return obj_notimpl();
  RangeObj *x = (RangeObj *)a.u.o, *y = (RangeObj *)b.u.o;
  int eq;
  if (!x->big && !y->big) {
    eq = x->ulen == y->ulen && (x->ulen == 0 || (x->start == y->start &&
                                                (x->ulen == 1 || x->step == y->step)));
  } else if (!x->big || !y->big) {
    eq = 0;   /* a big range has a bound or a length no int64 range has... */
    Obj *bg = x->big ? x->big : y->big;
    RangeObj *sm = x->big ? y : x;
    const Value *it = TUPLE(bg)->items;   /* ...unless only its stop is big */
    if (it[3].tag == V_INT && (uint64_t)it[3].u.i == sm->ulen) {
      if (sm->ulen == 0) eq = 1;
      else if (it[0].tag == V_INT && it[0].u.i == sm->start)
        eq = sm->ulen == 1 || (it[2].tag == V_INT && it[2].u.i == sm->step);
    }
  } else {
    const Value *p = TUPLE(x->big)->items, *q = TUPLE(y->big)->items;
    int e = op_eq(p[3], q[3]);
    if (e == 1 && !(p[3].tag == V_INT && p[3].u.i == 0)) {
      e = op_eq(p[0], q[0]);
      if (e == 1 && !(p[3].tag == V_INT && p[3].u.i == 1)) e = op_eq(p[2], q[2]);
    }
    if (e < 0) return val_null();
    eq = e;
  }
  return val_bool(op == CMP_EQ ? eq : !eq);
}

/* CPython's: hash((len, None, None)) when empty, (len, start, None) for one item */
static int range_hash(Value v, int64_t *out) {
  RangeObj *r = (RangeObj *)v.u.o;
  Value n = rv(r, 3), s = rv(r, 0), st = rv(r, 2);
  int e0 = n.tag == V_INT && n.u.i == 0, e1 = n.tag == V_INT && n.u.i == 1;
  Value t = tuple_pack(3, n, e0 ? val_none() : s, e0 || e1 ? val_none() : st);
  val_decref(n);
  val_decref(s);
  val_decref(st);
  if (VAL_IS_NULL(t)) return -1;
  int k = op_hash(t, out);
  val_decref(t);
  return k;
}

typedef struct RangeIter { Obj ob; int64_t cur, step; uint64_t left; } RangeIter;
static void ri_dealloc(Obj *o) { obj_free(o); }
static Value ri_iter(Value v) { return val_incref(v); }
static int ri_next(Value v, Value *out) {
  RangeIter *it = (RangeIter *)v.u.o;
  if (it->left == 0) return 0;
  *out = val_int(it->cur);
  it->cur = (int64_t)((uint64_t)it->cur + (uint64_t)it->step);
  it->left--;
  return 1;
}
static int ri_len(Value v, int64_t *out) {
  uint64_t n = ((RangeIter *)v.u.o)->left;
  *out = n > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)n;
  return 0;
}
static TypeObj obj_rangeiter_type = {OBJ_TYPE_HEAD, .name = "range_iterator", .dealloc = ri_dealloc,
                                     .iter = ri_iter, .next = ri_next, .len = ri_len};

static Value range_iter_make(int64_t start, int64_t step, uint64_t n) {
  RangeIter *it = obj_alloc(&obj_rangeiter_type, sizeof(RangeIter));
  if (!it) return val_null();
  it->cur = start;
  it->step = step;
  it->left = n;
  return val_obj(&it->ob);
}

/* the iterator of a big range: int Values all through */
typedef struct BigRangeIter { Obj ob; Value cur, step, left; } BigRangeIter;
static void bri_dealloc(Obj *o) {
  BigRangeIter *it = (BigRangeIter *)o;
  val_decref(it->cur);
  val_decref(it->step);
  val_decref(it->left);
  obj_free(o);
}
static int bri_next(Value v, Value *out) {
  BigRangeIter *it = (BigRangeIter *)v.u.o;
  if (it->left.tag == V_INT && it->left.u.i == 0) return 0;
  Value c = ib(OP_ADD, it->cur, it->step), l = ib(OP_SUB, it->left, val_int(1));
  if (VAL_IS_NULL(c) || VAL_IS_NULL(l)) { val_decref(c); val_decref(l); return -1; }
  *out = it->cur;
  it->cur = c;
  val_decref(it->left);
  it->left = l;
  return 1;
}
static int bri_len(Value v, int64_t *out) {
  Value n = ((BigRangeIter *)v.u.o)->left;
  *out = n.tag == V_INT ? n.u.i : INT64_MAX;
  return 0;
}
static TypeObj obj_longrangeiter_type = {OBJ_TYPE_HEAD, .name = "longrange_iterator",
                                         .dealloc = bri_dealloc, .iter = ri_iter,
                                         .next = bri_next, .len = bri_len};

/* steals nothing; cur, step, left are ints */
static Value big_iter_make(Value cur, Value step, Value left) {
  if (VAL_IS_NULL(cur) || VAL_IS_NULL(step) || VAL_IS_NULL(left)) return val_null();
  BigRangeIter *it = obj_alloc(&obj_longrangeiter_type, sizeof(BigRangeIter));
  if (!it) return val_null();
  it->cur = val_incref(cur);
  it->step = val_incref(step);
  it->left = val_incref(left);
  return val_obj(&it->ob);
}

static Value range_iter(Value v) {
  RangeObj *r = (RangeObj *)v.u.o;
  if (r->big) {
    const Value *it = TUPLE(r->big)->items;
    return big_iter_make(it[0], it[2], it[3]);
  }
  return range_iter_make(r->start, r->step, r->ulen);
}

/* reversed(r): from the last item down */
static Value range_reversed(RangeObj *r) {
  if (!r->big && r->step != INT64_MIN) {
    if (r->ulen == 0) return range_iter_make(0, 1, 0);
    int64_t last = (int64_t)((uint64_t)r->start + (r->ulen - 1) * (uint64_t)r->step);
    return range_iter_make(last, -r->step, r->ulen);
  }
  Value s = rv(r, 0), st = rv(r, 2), n = rv(r, 3);
  Value n1 = ib(OP_SUB, n, val_int(1));
  Value m = ib(OP_MULT, n1, st);
  Value last = ib(OP_ADD, s, m);
  Value nst = VAL_IS_NULL(st) ? st : op_unary(UOP_USUB, st);
  Value res = big_iter_make(last, nst, n);
  val_decref(s);
  val_decref(st);
  val_decref(n);
  val_decref(n1);
  val_decref(m);
  val_decref(last);
  val_decref(nst);
  return res;
}

static Value rg_start(Value v) { return rv((RangeObj *)v.u.o, 0); }
static Value rg_stop(Value v) { return rv((RangeObj *)v.u.o, 1); }
static Value rg_step(Value v) { return rv((RangeObj *)v.u.o, 2); }
static Value rg_index(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("index", argc - 1, kw, 1, 1) < 0) return val_null();
  RangeObj *r = (RangeObj *)argv[0].u.o;
  int c = range_contains(argv[0], argv[1]);
  if (c < 0) return val_null();
  if (!c || !(VAL_IS_INTLIKE(argv[1]) || num_is_big(argv[1]))) {
    Value s = op_repr(argv[1]);
    if (VAL_IS_NULL(s)) return s;
    obj_raise(&exc_ValueError, "%s is not in range", str_cstr(s));
    val_decref(s);
    return val_null();
  }
  if (!r->big) return val_int((argv[1].u.i - r->start) / r->step);
  const Value *it = TUPLE(r->big)->items;
  Value d = ib(OP_SUB, argv[1], it[0]);
  Value q = ib(OP_FLOORDIV, d, it[2]);
  val_decref(d);
  return q;
}
static Value rg_count(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("count", argc - 1, kw, 1, 1) < 0) return val_null();
  int c = range_contains(argv[0], argv[1]);
  return c < 0 ? val_null() : val_int(c);
}
static Value rg_reversed(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__reversed__", argc - 1, kw, 0, 0) < 0) return val_null();
  return range_reversed((RangeObj *)argv[0].u.o);
}
static const GetSetDef range_getset[] = {
    {"start", rg_start, NULL, NULL}, {"stop", rg_stop, NULL, NULL}, {"step", rg_step, NULL, NULL},
    {NULL}};
static const MethodDef range_methods[] = {
    {"index", rg_index, "index(value)", 0}, {"count", rg_count, "count(value)", 0},
    {"__reversed__", rg_reversed, "Return a reverse iterator.", 0}, {NULL}};

TypeObj iter_range_type = {OBJ_TYPE_HEAD, .name = "range",
                           .doc = "range(stop) -> range object\nrange(start, stop[, step]) -> range object\n\n"
                                 "Return an object that produces a sequence of integers lazily.",
                          .dealloc = range_dealloc, .repr = range_repr, .len = range_len_slot,
                          .truth = range_truth,
                          .getitem = range_getitem, .contains = range_contains,
                          .compare = range_compare, .hash = range_hash, .iter = range_iter,
                          .new = range_new, .getset = range_getset, .methods = range_methods};

/* ---- generic iterator objects holding up to a few values ---------------------------- */
typedef struct IterObj {
  Obj ob;
  Value a, b;          /* meaning depends on the type */
  int64_t i;
  int flag;
} IterObj;

static void io_dealloc(Obj *o) {
  IterObj *it = (IterObj *)o;
  val_decref(it->a);
  val_decref(it->b);
  obj_free(o);
}
static void io_traverse(Obj *o, VisitFn visit, void *arg) {
  IterObj *it = (IterObj *)o;
  if (VAL_IS_OBJ(it->a)) visit(it->a.u.o, arg);
  if (VAL_IS_OBJ(it->b)) visit(it->b.u.o, arg);
}
static void io_clear(Obj *o) {
  IterObj *it = (IterObj *)o;
  val_clear(&it->a);
  val_clear(&it->b);
}
static Value io_iter(Value v) { return val_incref(v); }

static Value io_make(TypeObj *t, Value a, Value b, int64_t i) {
  IterObj *it = obj_alloc(t, sizeof(IterObj));
  if (!it) return val_null();
  it->a = a;     /* steals */
  it->b = b;
  it->i = i;
  return val_obj(&it->ob);
}

/* enumerate: a = iterator, i = count */
static int enum_next(Value v, Value *out) {
  IterObj *it = (IterObj *)v.u.o;
  if (VAL_IS_NULL(it->a)) return 0;
  Value x;
  int r = op_next(it->a, &x);
  if (r <= 0) return r;
  *out = tuple_pack(2, val_int(it->i), x);
  val_decref(x);
  if (VAL_IS_NULL(*out)) return -1;
  it->i++;
  return 1;
}
static Value enum_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("enumerate", argc, argv, kw, "iterable|start", a) < 0) return val_null();
  int64_t start = 0;
  if (!VAL_IS_NULL(a[1]) && op_as_int(a[1], &start) < 0) return val_null();
  Value it = op_iter(a[0]);
  if (VAL_IS_NULL(it)) return it;
  return io_make(t, it, val_null(), start);
}
TypeObj iter_enumerate_type = {OBJ_TYPE_HEAD, .name = "enumerate", .flags = TF_GC,
                               .doc = "enumerate(iterable, start=0)\nReturn an enumerate object yielding (index, value) pairs.",
                               .dealloc = io_dealloc, .traverse = io_traverse, .clear = io_clear,
                               .iter = io_iter, .next = enum_next, .new = enum_new};

/* zip: a = tuple of iterators, flag = strict */
static int zip_next(Value v, Value *out) {
  IterObj *it = (IterObj *)v.u.o;
  if (VAL_IS_NULL(it->a)) return 0;
  TupleObj *its = TUPLE(it->a.u.o);
  if (its->len == 0) return 0;
  Value t = tuple_new(its->len);
  if (VAL_IS_NULL(t)) return -1;
  for (int64_t k = 0; k < its->len; k++) {
    Value x;
    int r = op_next(its->items[k], &x);
    if (r <= 0) {
      TUPLE(t.u.o)->len = k;
      val_decref(t);
      if (r == 0 && it->flag) {
        if (k > 0) {
          obj_raise(&exc_ValueError, "zip() argument %lld is shorter than argument%s%lld",
                    (long long)k + 1, k == 1 ? " " : "s 1-", (long long)k);
          return -1;
        }
        for (int64_t j = 1; j < its->len; j++) {
          Value y;
          int r2 = op_next(its->items[j], &y);
          if (r2 < 0) return -1;
          if (r2 == 1) {
            val_decref(y);
            obj_raise(&exc_ValueError, "zip() argument %lld is longer than argument%s%lld",
                      (long long)j + 1, j == 1 ? " " : "s 1-", (long long)j);
            return -1;
          }
        }
      }
      if (r == 0) val_clear(&it->a);
      return r;
    }
    TUPLE_SET(t, k, x);
  }
  *out = t;
  return 1;
}
static Value zip_new(TypeObj *tp, int argc, const Value *argv, Obj *kw) {
  int strict = 0;
  int nk = func_kwcount(kw);
  for (int k = 0; k < nk; k++) {
    if (strcmp(func_kwname(kw, k), "strict") != 0)
      return obj_raise(&exc_TypeError, "zip() got an unexpected keyword argument '%s'", func_kwname(kw, k));
    strict = op_truth(argv[argc + k]);
    if (strict < 0) return val_null();
  }
  Value t = tuple_new(argc);
  if (VAL_IS_NULL(t)) return t;
  for (int i = 0; i < argc; i++) {
    Value it = op_iter(argv[i]);
    if (VAL_IS_NULL(it)) {
      TUPLE(t.u.o)->len = i;
      val_decref(t);
      return it;   /* iter()'s own error, as CPython 3.11's zip leaves it */
    }
    TUPLE_SET(t, i, it);
  }
  Value r = io_make(tp, t, val_null(), 0);
  if (!VAL_IS_NULL(r)) ((IterObj *)r.u.o)->flag = strict;
  return r;
}
TypeObj iter_zip_type = {OBJ_TYPE_HEAD, .name = "zip", .flags = TF_GC,
                         .doc = "zip(*iterables, strict=False)\nYield tuples until an input is exhausted.",
                         .dealloc = io_dealloc, .traverse = io_traverse, .clear = io_clear,
                         .iter = io_iter, .next = zip_next, .new = zip_new};

/* map: a = function, b = tuple of iterators */
static int map_next(Value v, Value *out) {
  IterObj *it = (IterObj *)v.u.o;
  if (VAL_IS_NULL(it->b)) return 0;
  TupleObj *its = TUPLE(it->b.u.o);
  Value small[8];
  Value *args = its->len <= 8 ? small : obj_calloc((size_t)its->len, sizeof(Value));
  if (!args) return -1;
  int64_t k;
  int r = 1;
  for (k = 0; k < its->len; k++) {
    r = op_next(its->items[k], &args[k]);
    if (r <= 0) break;
  }
  if (r == 1) {
    Value f = val_incref(it->a);
    *out = op_call(f, (int)its->len, args, NULL);
    val_decref(f);
    if (VAL_IS_NULL(*out)) r = -1;
  } else if (r == 0) {
    val_clear(&it->b);
  }
  for (int64_t j = 0; j < k; j++) val_decref(args[j]);
  if (args != small) free(args);
  return r;
}
static Value map_new(TypeObj *tp, int argc, const Value *argv, Obj *kw) {
  if (func_kwcount(kw)) return obj_raise(&exc_TypeError, "map() takes no keyword arguments");
  if (argc < 2) return obj_raise(&exc_TypeError, "map() must have at least two arguments.");
  Value t = tuple_new(argc - 1);
  if (VAL_IS_NULL(t)) return t;
  for (int i = 1; i < argc; i++) {
    Value it = op_iter(argv[i]);
    if (VAL_IS_NULL(it)) { TUPLE(t.u.o)->len = i - 1; val_decref(t); return it; }
    TUPLE_SET(t, i - 1, it);
  }
  return io_make(tp, val_incref(argv[0]), t, 0);
}
TypeObj iter_map_type = {OBJ_TYPE_HEAD, .name = "map", .flags = TF_GC,
                         .doc = "map(func, *iterables)\nApply func to the items of the iterables, lazily.",
                         .dealloc = io_dealloc, .traverse = io_traverse, .clear = io_clear,
                         .iter = io_iter, .next = map_next, .new = map_new};

/* filter: a = function or None, b = iterator */
static int filter_next(Value v, Value *out) {
  IterObj *it = (IterObj *)v.u.o;
  for (;;) {
    if (VAL_IS_NULL(it->b)) return 0;
    Value x;
    int r = op_next(it->b, &x);
    if (r == 0) val_clear(&it->b);
    if (r <= 0) return r;
    int t;
    if (VAL_IS_NONE(it->a)) {
      t = op_truth(x);
    } else {
      Value f = val_incref(it->a);
      Value y = op_call1(f, x);
      val_decref(f);
      if (VAL_IS_NULL(y)) { val_decref(x); return -1; }
      t = op_truth(y);
      val_decref(y);
    }
    if (t < 0) { val_decref(x); return -1; }
    if (t) { *out = x; return 1; }
    val_decref(x);
  }
}
static Value filter_new(TypeObj *tp, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("filter", argc, kw, 2, 2) < 0) return val_null();
  Value it = op_iter(argv[1]);
  if (VAL_IS_NULL(it)) return it;
  return io_make(tp, val_incref(argv[0]), it, 0);
}
TypeObj iter_filter_type = {OBJ_TYPE_HEAD, .name = "filter", .flags = TF_GC,
                            .doc = "filter(function or None, iterable)\nYield the items for which function(item) is true.",
                            .dealloc = io_dealloc, .traverse = io_traverse, .clear = io_clear,
                            .iter = io_iter, .next = filter_next, .new = filter_new};

/* reversed over any sequence with __len__ and __getitem__: a = seq, i = next index */
static int rev_next(Value v, Value *out) {
  IterObj *it = (IterObj *)v.u.o;
  if (VAL_IS_NULL(it->a) || it->i < 0) { val_clear(&it->a); return 0; }
  Value x = op_getitem(it->a, val_int(it->i));
  if (VAL_IS_NULL(x)) {
    if (obj_err_matches(&exc_IndexError) || obj_err_matches(&exc_StopIteration)) {
      obj_err_clear();
      val_clear(&it->a);
      return 0;
    }
    return -1;
  }
  it->i--;
  *out = x;
  return 1;
}
static Value reversed_new(TypeObj *tp, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("reversed", argc, kw, 1, 1) < 0) return val_null();
  Value s = argv[0];
  if (VAL_IS_LIST(s) || VAL_IS_TUPLE(s)) return list_seq_reversed_new(s);
  if (VAL_IS_OBJ(s) && s.u.o->type == &iter_range_type) {
    return range_reversed((RangeObj *)s.u.o);
  }
  if (VAL_IS_DICT(s) || (VAL_IS_OBJ(s) && (s.u.o->type == &dict_keys_type ||
                                            s.u.o->type == &dict_items_type ||
                                            s.u.o->type == &dict_values_type))) {
    Value l = list_from_iterable(s);
    if (VAL_IS_NULL(l)) return l;
    Value r = list_seq_reversed_new(l);
    val_decref(l);
    return r;
  }
  if (VAL_IS_OBJ(s) && (s.u.o->type->flags & TF_USER)) {
    Value m = class_user_method(s, "__reversed__");
    if (VAL_IS_NONE(m))   /* `__reversed__ = None`: not reversible, even as a sequence */
      return obj_raise(&exc_TypeError, "'%s' object is not reversible", op_type_name(s));
    if (!VAL_IS_NULL(m)) {
      Value r = op_call0(m);
      val_decref(m);
      return r;
    }
    if (obj_err_occurred()) return val_null();
  }
  if (VAL_IS_DICT_ANY(s)) {
    /* a dict subclass without __reversed__: dict's own, over its keys (not its __iter__) */
    Value l = list_new(0);
    if (VAL_IS_NULL(l)) return l;
    int64_t pos = 0;
    Value k;
    while (dict_next(s, &pos, &k, NULL))
      if (list_append(l, k) < 0) { val_decref(l); return val_null(); }
    Value r = list_seq_reversed_new(l);
    val_decref(l);
    return r;
  }
  TypeObj *t = op_type(s);
  if (!t->len || !t->getitem || t == &set_type || t == &set_frozenset_type)
    return obj_raise(&exc_TypeError, "'%s' object is not reversible", t->name);
  int64_t n;
  if (op_len(s, &n) < 0) return val_null();
  return io_make(tp, val_incref(s), val_null(), n - 1);
}
TypeObj iter_reversed_type = {OBJ_TYPE_HEAD, .name = "reversed", .flags = TF_GC,
                              .doc = "reversed(sequence, /)\nReturn a reverse iterator over the values of the given sequence.",
                              .dealloc = io_dealloc, .traverse = io_traverse, .clear = io_clear,
                              .iter = io_iter, .next = rev_next, .new = reversed_new};

/* iter(callable, sentinel): a = callable, b = sentinel */
static int calliter_next(Value v, Value *out) {
  IterObj *it = (IterObj *)v.u.o;
  if (VAL_IS_NULL(it->a)) return 0;
  Value f = val_incref(it->a);
  Value x = op_call0(f);
  val_decref(f);
  if (VAL_IS_NULL(x)) {
    if (obj_err_matches(&exc_StopIteration)) { obj_err_clear(); val_clear(&it->a); return 0; }
    return -1;
  }
  int e = op_eq(x, it->b);
  if (e != 0) {
    val_decref(x);
    if (e > 0) { val_clear(&it->a); return 0; }
    return -1;
  }
  *out = x;
  return 1;
}
TypeObj iter_calliter_type = {OBJ_TYPE_HEAD, .name = "callable_iterator", .flags = TF_GC,
                              .dealloc = io_dealloc, .traverse = io_traverse, .clear = io_clear,
                              .iter = io_iter, .next = calliter_next};

Value iter_calliter_new(Value f, Value sentinel) {
  return io_make(&iter_calliter_type, val_incref(f), val_incref(sentinel), 0);
}
