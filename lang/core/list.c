/* list.c - the list type: a growable array of values, with slicing, slice assignment,
 * a stable merge sort (key, reverse) and the list methods. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

static Value list_alloc(int64_t n, int64_t cap) {
  ListObj *l = obj_alloc(&list_type, sizeof(ListObj));
  if (!l) return val_null();
  if (cap > 0) {
    l->items = obj_calloc((size_t)cap, sizeof(Value));
    if (!l->items) { obj_free(&l->ob); return val_null(); }
  }
  l->cap = cap;
  l->len = n;
  return val_obj(&l->ob);
}

Value list_new(int64_t n) {
  if (n < 0) n = 0;
  Value v = list_alloc(n, n);
  if (VAL_IS_NULL(v)) return v;
  for (int64_t i = 0; i < n; i++) LIST(v.u.o)->items[i] = val_none();
  return v;
}

Value list_from(int64_t n, const Value *items) {
  Value v = list_alloc(n, n);
  if (VAL_IS_NULL(v)) return v;
  for (int64_t i = 0; i < n; i++) LIST(v.u.o)->items[i] = val_incref(items[i]);
  return v;
}

static int list_reserve(ListObj *l, int64_t need) {
  if (need <= l->cap) return 0;
  int64_t nc = l->cap + (l->cap >> 1) + 4;
  if (nc < need) nc = need;
  Value *ni = obj_realloc_array(l->items, (size_t)nc, sizeof(Value));
  if (!ni) return -1;
  l->items = ni;
  l->cap = nc;
  return 0;
}

int list_append_steal(Value list, Value x) {
  ListObj *l = LIST(list.u.o);
  if (l->len == l->cap && list_reserve(l, l->len + 1) < 0) { val_decref(x); return -1; }
  l->items[l->len++] = x;
  return 0;
}

int list_append(Value list, Value x) { return list_append_steal(list, val_incref(x)); }

/* extend with any iterable */
static int list_extend(Value list, Value it) {
  if (VAL_IS_LIST(it) || VAL_IS_TUPLE(it)) {
    int64_t n = VAL_IS_LIST(it) ? LIST(it.u.o)->len : TUPLE(it.u.o)->len;
    ListObj *l = LIST(list.u.o);
    if (list_reserve(l, l->len + n) < 0) return -1;
    /* re-read: extending a list by itself */
    const Value *src = VAL_IS_LIST(it) ? LIST(it.u.o)->items : TUPLE(it.u.o)->items;
    for (int64_t i = 0; i < n; i++) l->items[l->len + i] = val_incref(src[i]);
    l->len += n;
    return 0;
  }
  /* a sized source: reserve up front (a huge range fails at once with MemoryError) */
  TypeObj *t = op_type(it);
  if (t == &iter_range_type) {
    uint64_t n = ((RangeObj *)it.u.o)->ulen;
    ListObj *l = LIST(list.u.o);
    if (n > obj_alloc_cap() / sizeof(Value) || list_reserve(l, l->len + (int64_t)n) < 0) {
      if (!obj_err_occurred()) obj_raise_nomem();
      return -1;
    }
  } else if (t->len && !(t->flags & TF_USER)) {
    int64_t n;
    if (t->len(it, &n) == 0) {
      ListObj *l = LIST(list.u.o);
      if (n > 0 && list_reserve(l, l->len + n) < 0) return -1;
    } else {
      obj_err_clear();
    }
  }
  Value iter = op_iter(it);
  if (VAL_IS_NULL(iter)) return -1;
  Value x;
  int r;
  while ((r = op_next(iter, &x)) == 1)
    if (list_append_steal(list, x) < 0) { r = -1; break; }
  val_decref(iter);
  return r < 0 ? -1 : 0;
}

Value list_from_iterable(Value iterable) {
  Value l = list_alloc(0, 0);
  if (VAL_IS_NULL(l)) return l;
  if (list_extend(l, iterable) < 0) { val_decref(l); return val_null(); }
  return l;
}

static void list_dealloc(Obj *o) {
  ListObj *l = LIST(o);
  for (int64_t i = 0; i < l->len; i++) val_decref(l->items[i]);
  free(l->items);
  obj_free(o);
}

static void list_traverse(Obj *o, VisitFn visit, void *arg) {
  ListObj *l = LIST(o);
  for (int64_t i = 0; i < l->len; i++)
    if (VAL_IS_OBJ(l->items[i])) visit(l->items[i].u.o, arg);
}

static void list_clear_slot(Obj *o) {
  ListObj *l = LIST(o);
  Value *items = l->items;
  int64_t n = l->len;
  l->items = NULL;
  l->len = l->cap = 0;
  for (int64_t i = 0; i < n; i++) val_decref(items[i]);
  free(items);
}

/* "[a, b]" / "(a, b)" for lists and tuples */
Value list_seq_repr(Value self, const Value *items, int64_t n, const char *open,
                    const char *close, int tuple1) {
  if (op_repr_enter(self.u.o)) return str_fmt("%s...%s", open, close);
  FBuf b = {0};
  fbuf_puts(&b, open);
  /* a list is re-read at every element: an element's __repr__ may change it */
  int live = VAL_IS_LIST(self);
  for (int64_t i = 0; i < (live ? LIST(self.u.o)->len : n); i++) {
    if (i) fbuf_puts(&b, ", ");
    Value x = val_incref(live ? LIST(self.u.o)->items[i] : items[i]);
    Value r = op_repr(x);
    val_decref(x);
    if (VAL_IS_NULL(r)) { fbuf_free(&b); op_repr_leave(self.u.o); return r; }
    fbuf_putn(&b, STR(r.u.o)->s, STR(r.u.o)->len);
    val_decref(r);
    if (b.len > obj_alloc_cap()) { fbuf_free(&b); op_repr_leave(self.u.o); return obj_raise_nomem(); }
  }
  if (tuple1 && !live && n == 1) fbuf_putc(&b, ',');
  fbuf_puts(&b, close);
  op_repr_leave(self.u.o);
  if (b.cap == (size_t)-1) return obj_raise_nomem();   /* the buffer refused to grow */
  Value r = str_new(b.s, b.len);
  fbuf_free(&b);
  return r;
}

static Value list_repr(Value v) {
  return list_seq_repr(v, LIST(v.u.o)->items, LIST(v.u.o)->len, "[", "]", 0);
}

/* lexicographic comparison of two sequences */
Value list_seq_compare(const Value *a, int64_t na, const Value *b, int64_t nb, int op) {
  STACK_CHECK_OR(val_null());
  int64_t i;
  for (i = 0; i < na && i < nb; i++) {
    int e = op_eq(a[i], b[i]);
    if (e < 0) return val_null();
    if (!e) break;
  }
  if (i >= na || i >= nb) {
    int c = na < nb ? -1 : na > nb;
    switch (op) {
      case CMP_EQ: return val_bool(c == 0);
      case CMP_NOTEQ: return val_bool(c != 0);
      case CMP_LT: return val_bool(c < 0);
      case CMP_LTE: return val_bool(c <= 0);
      case CMP_GT: return val_bool(c > 0);
      default: return val_bool(c >= 0);
    }
  }
  if (op == CMP_EQ) return val_bool(0);
  if (op == CMP_NOTEQ) return val_bool(1);
  return op_compare(a[i], b[i], op);
}

static Value list_compare(Value a, Value b, int op) {
  if (!VAL_IS_LIST_ANY(a) || !VAL_IS_LIST_ANY(b)) return obj_notimpl();
  ListObj *x = LIST(a.u.o), *y = LIST(b.u.o);
  if ((op == CMP_EQ || op == CMP_NOTEQ) && x->len != y->len) return val_bool(op == CMP_NOTEQ);
  /* work on snapshots so that a comparison which mutates the lists stays memory safe */
  Value sa = list_from(x->len, x->items);
  if (VAL_IS_NULL(sa)) return sa;
  Value sb = list_from(y->len, y->items);
  if (VAL_IS_NULL(sb)) { val_decref(sa); return sb; }
  Value r = list_seq_compare(LIST(sa.u.o)->items, LIST(sa.u.o)->len, LIST(sb.u.o)->items,
                             LIST(sb.u.o)->len, op);
  val_decref(sa);
  val_decref(sb);
  return r;
}

static Value list_repeat(const Value *items, int64_t n, int64_t k) {
  if (k <= 0 || n == 0) return list_alloc(0, 0);
  if ((uint64_t)k > obj_alloc_cap() / sizeof(Value) / (uint64_t)n) return obj_raise_nomem();
  Value r = list_alloc(n * k, n * k);
  if (VAL_IS_NULL(r)) return r;
  Value *d = LIST(r.u.o)->items;
  for (int64_t j = 0; j < k; j++)
    for (int64_t i = 0; i < n; i++) d[j * n + i] = val_incref(items[i]);
  return r;
}

static Value list_binary(int op, Value a, Value b) {
  int inplace = op & OBJ_INPLACE;
  op &= 0xff;
  if (op == OP_ADD && VAL_IS_LIST_ANY(a)) {
    if (inplace) {
      if (list_extend(a, b) < 0) return val_null();
      return val_incref(a);
    }
    if (!VAL_IS_LIST_ANY(b)) return obj_notimpl();
    ListObj *x = LIST(a.u.o), *y = LIST(b.u.o);
    if (x->len + y->len > (int64_t)(obj_alloc_cap() / sizeof(Value))) return obj_raise_nomem();
    Value r = list_alloc(x->len + y->len, x->len + y->len);
    if (VAL_IS_NULL(r)) return r;
    for (int64_t i = 0; i < x->len; i++) LIST(r.u.o)->items[i] = val_incref(x->items[i]);
    for (int64_t i = 0; i < y->len; i++) LIST(r.u.o)->items[x->len + i] = val_incref(y->items[i]);
    return r;
  }
  if (op == OP_MULT) {
    Value l = VAL_IS_LIST_ANY(a) ? a : b, k = VAL_IS_LIST_ANY(a) ? b : a;
    int64_t n;
    int c = op_repeat_count(k, &n);
    if (c <= 0) return c < 0 ? val_null() : obj_notimpl();
    Value r = list_repeat(LIST(l.u.o)->items, LIST(l.u.o)->len, n);
    if (inplace && VAL_IS_LIST_ANY(a) && !VAL_IS_NULL(r)) {
      /* swap contents so that the object identity is kept */
      ListObj *x = LIST(a.u.o), *y = LIST(r.u.o);
      Value *ti = x->items; int64_t tl = x->len, tc = x->cap;
      x->items = y->items; x->len = y->len; x->cap = y->cap;
      y->items = ti; y->len = tl; y->cap = tc;
      val_decref(r);
      return val_incref(a);
    }
    return r;
  }
  return obj_notimpl();
}

static int list_len(Value v, int64_t *out) { *out = LIST(v.u.o)->len; return 0; }

/* key -> an index into l, checked against the length after __index__ has run (it may change l) */
static int list_index_of(ListObj *l, Value key, int64_t *out, const char *msg) {
  int64_t i;
  int k = op_index_value(key, &i);
  if (k < 0) {
    if (obj_err_matches(&exc_OverflowError)) {   /* a big int, as CPython */
      obj_err_clear();
      obj_raise(&exc_IndexError, "cannot fit 'int' into an index-sized integer");
    }
    return -1;
  }
  if (k == 0) {
    obj_raise(&exc_TypeError, "list indices must be integers or slices, not %s", op_type_name(key));
    return -1;
  }
  if (i < 0) i += l->len;
  if (i < 0 || i >= l->len) { obj_raise(&exc_IndexError, "%s", msg); return -1; }
  *out = i;
  return 0;
}

/* a slice of l, its integers read before the length (as CPython's PySlice_Unpack) */
static int list_slice_of(ListObj *l, Value key, int64_t *st, int64_t *sp, int64_t *step,
                         int64_t *n) {
  int flags;
  if (iter_slice_unpack(key, st, sp, step, &flags) < 0) return -1;
  iter_slice_adjust(l->len, flags, st, sp, *step, n);
  return 0;
}

static Value list_getitem(Value v, Value key) {
  ListObj *l = LIST(v.u.o);
  if (VAL_IS_INTLIKE(key)) {
    int64_t i = key.u.i;
    if (i < 0) i += l->len;
    if (i < 0 || i >= l->len) return obj_raise(&exc_IndexError, "list index out of range");
    return val_incref(l->items[i]);
  }
  if (VAL_IS_OBJ(key) && key.u.o->type == &iter_slice_type) {
    int64_t st, sp, step, n;
    if (list_slice_of(l, key, &st, &sp, &step, &n) < 0) return val_null();
    Value r = list_alloc(n, n);
    if (VAL_IS_NULL(r)) return r;
    for (int64_t i = 0, j = st; i < n; i++, j += step)
      LIST(r.u.o)->items[i] = val_incref(l->items[j]);
    return r;
  }
  int64_t i;
  if (list_index_of(l, key, &i, "list index out of range") < 0) return val_null();
  return val_incref(l->items[i]);
}

static int list_ass_slice(ListObj *l, Value key, Value x) {
  int64_t st, sp, step, n;
  int flags;
  if (iter_slice_unpack(key, &st, &sp, &step, &flags) < 0) return -1;
  int64_t st0 = st, sp0 = sp;
  iter_slice_adjust(l->len, flags, &st, &sp, step, &n);
  if (VAL_IS_NULL(x)) {
    /* delete */
    if (n <= 0) return 0;
    if (step < 0) { st = st + (n - 1) * step; step = -step; }
    Value *dead = obj_calloc((size_t)n, sizeof(Value));
    if (!dead) return -1;
    int64_t w = st, k = 0;
    for (int64_t r = st; r < l->len; r++) {
      if (k < n && r == st + k * step) { dead[k++] = l->items[r]; continue; }
      l->items[w++] = l->items[r];
    }
    l->len = w;
    for (int64_t i = 0; i < n; i++) val_decref(dead[i]);
    free(dead);
    return 0;
  }
  /* iterating x may run user code that changes l: re-clamp to the length it left (CPython
   * clamps a simple slice; an extended one is measured again) */
  int64_t len0 = l->len;
  Value seq = list_from_iterable(x);
  if (VAL_IS_NULL(seq)) return -1;
  ListObj *s = LIST(seq.u.o);
  if (step == 1) {
    if (st > l->len) st = l->len;
    if (sp > l->len) sp = l->len;
    if (sp < st) sp = st;
    int64_t old = sp - st, nw = s->len, delta = nw - old;
    if (delta > 0 && list_reserve(l, l->len + delta) < 0) { val_decref(seq); return -1; }
    Value *dead = old ? obj_calloc((size_t)old, sizeof(Value)) : NULL;
    if (old && !dead) { val_decref(seq); return -1; }
    for (int64_t i = 0; i < old; i++) dead[i] = l->items[st + i];
    if (l->len > sp) memmove(l->items + st + nw, l->items + sp, (size_t)(l->len - sp) * sizeof(Value));
    for (int64_t i = 0; i < nw; i++) l->items[st + i] = val_incref(s->items[i]);
    l->len += delta;
    for (int64_t i = 0; i < old; i++) val_decref(dead[i]);
    free(dead);
    val_decref(seq);
    return 0;
  }
  /* an extended slice keeps its positions while they are all inside the list (CPython's
   * answer); if the list shrank below them it is measured again */
  if (l->len != len0 && n > 0 && (st >= l->len || st + (n - 1) * step >= l->len)) {
    st = st0;
    sp = sp0;
    iter_slice_adjust(l->len, flags, &st, &sp, step, &n);
  }
  if (s->len != n) {
    obj_raise(&exc_ValueError, "attempt to assign sequence of size %lld to extended slice of size %lld",
              (long long)s->len, (long long)n);
    val_decref(seq);
    return -1;
  }
  for (int64_t i = 0, j = st; i < n; i++, j += step) {
    Value old = l->items[j];
    l->items[j] = val_incref(s->items[i]);
    val_decref(old);
  }
  val_decref(seq);
  return 0;
}

static int list_setitem(Value v, Value key, Value x) {
  ListObj *l = LIST(v.u.o);
  if (VAL_IS_OBJ(key) && key.u.o->type == &iter_slice_type) return list_ass_slice(l, key, x);
  int64_t i;
  if (list_index_of(l, key, &i, "list assignment index out of range") < 0) return -1;
  Value old = l->items[i];
  if (VAL_IS_NULL(x)) {
    memmove(l->items + i, l->items + i + 1, (size_t)(l->len - i - 1) * sizeof(Value));
    l->len--;
  } else {
    l->items[i] = val_incref(x);
  }
  val_decref(old);
  return 0;
}

static int list_contains(Value v, Value x) {
  ListObj *l = LIST(v.u.o);
  for (int64_t i = 0; i < l->len; i++) {
    Value y = val_incref(l->items[i]);
    int e = op_eq(y, x);
    val_decref(y);
    if (e != 0) return e;
  }
  return 0;
}

/* list iterator: indexes the live list, so appends during iteration are seen */
typedef struct SeqIter { Obj ob; Value seq; int64_t i; int rev; } SeqIter;
static void seqi_dealloc(Obj *o) { val_decref(((SeqIter *)o)->seq); obj_free(o); }
static void seqi_traverse(Obj *o, VisitFn visit, void *arg) {
  if (VAL_IS_OBJ(((SeqIter *)o)->seq)) visit(((SeqIter *)o)->seq.u.o, arg);
}
static void seqi_clear(Obj *o) { val_clear(&((SeqIter *)o)->seq); }
static Value seqi_iter(Value v) { return val_incref(v); }
static int seqi_next(Value v, Value *out) {
  SeqIter *it = (SeqIter *)v.u.o;
  if (VAL_IS_NULL(it->seq)) return 0;
  Obj *s = it->seq.u.o;
  int64_t n;
  const Value *items;
  if (OBJ_LAYOUT(s) == &list_type) { n = LIST(s)->len; items = LIST(s)->items; }
  else { n = TUPLE(s)->len; items = TUPLE(s)->items; }
  if (it->rev) {
    if (it->i >= n) it->i = -1;   /* list shrank */
    if (it->i < 0) { val_clear(&it->seq); return 0; }
    *out = val_incref(items[it->i--]);
    return 1;
  }
  if (it->i >= n) { val_clear(&it->seq); return 0; }
  *out = val_incref(items[it->i++]);
  return 1;
}
static int64_t seqi_len_hint(SeqIter *it) {
  if (VAL_IS_NULL(it->seq)) return 0;
  Obj *s = it->seq.u.o;
  int64_t n = OBJ_LAYOUT(s) == &list_type ? LIST(s)->len : TUPLE(s)->len;
  return it->rev ? it->i + 1 : n - it->i;
}
static int seqi_len(Value v, int64_t *out) {
  int64_t n = seqi_len_hint((SeqIter *)v.u.o);
  *out = n < 0 ? 0 : n;
  return 0;
}
TypeObj list_seqiter_type = {OBJ_TYPE_HEAD, .name = "list_iterator", .flags = TF_GC,
                             .dealloc = seqi_dealloc, .traverse = seqi_traverse,
                             .clear = seqi_clear, .iter = seqi_iter, .next = seqi_next};
static TypeObj seqriter_type = {OBJ_TYPE_HEAD, .name = "list_reverseiterator", .flags = TF_GC,
                                .dealloc = seqi_dealloc, .traverse = seqi_traverse,
                                .clear = seqi_clear, .iter = seqi_iter, .next = seqi_next,
                                .len = seqi_len};

Value list_seq_iter_new(Value seq) {
  SeqIter *it = obj_alloc(&list_seqiter_type, sizeof(SeqIter));
  if (!it) return val_null();
  it->seq = val_incref(seq);
  return val_obj(&it->ob);
}

Value list_seq_reversed_new(Value seq) {
  SeqIter *it = obj_alloc(&seqriter_type, sizeof(SeqIter));
  if (!it) return val_null();
  it->seq = val_incref(seq);
  it->rev = 1;
  it->i = (OBJ_LAYOUT(seq.u.o) == &list_type ? LIST(seq.u.o)->len : TUPLE(seq.u.o)->len) - 1;
  return val_obj(&it->ob);
}

static Value list_iter(Value v) { return list_seq_iter_new(v); }

static Value list_new_slot(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  if (t != &list_type) {
    /* a subclass: an empty list with room for __dict__; list.__init__ fills it */
    ListObj *l = obj_alloc(t, sizeof(ListObj) + sizeof(Obj *));
    return val_obj(l ? &l->ob : NULL);
  }
  if (func_check_args("list", argc, kw, 0, 1) < 0) return val_null();
  if (argc == 0) return list_alloc(0, 0);
  return list_from_iterable(argv[0]);
}

/* ---- sorting -------------------------------------------------------------------------- */
typedef struct SortItem { Value key; Value val; } SortItem;

static int sort_lt(SortItem *a, SortItem *b, int *err) {
  if (*err) return 0;
  if (VAL_IS_INT(a->key) && VAL_IS_INT(b->key)) return a->key.u.i < b->key.u.i;
  if (VAL_IS_FLOAT(a->key) && VAL_IS_FLOAT(b->key)) return a->key.u.f < b->key.u.f;
  int r = op_compare_bool(a->key, b->key, CMP_LT);
  if (r < 0) { *err = 1; return 0; }
  return r;
}

static void merge_sort(SortItem *v, SortItem *tmp, int64_t n, int *err) {
  if (n < 2 || *err) return;
  if (n <= 8) {
    for (int64_t i = 1; i < n; i++) {
      SortItem x = v[i];
      int64_t j = i;
      while (j > 0 && sort_lt(&x, &v[j - 1], err)) { v[j] = v[j - 1]; j--; }
      v[j] = x;
    }
    return;
  }
  int64_t h = n / 2;
  merge_sort(v, tmp, h, err);
  merge_sort(v + h, tmp, n - h, err);
  if (*err) return;
  if (!sort_lt(&v[h], &v[h - 1], err)) return;   /* already ordered */
  memcpy(tmp, v, (size_t)h * sizeof(SortItem));
  int64_t i = 0, j = h, k = 0;
  while (i < h && j < n) {
    if (sort_lt(&v[j], &tmp[i], err)) v[k++] = v[j++];
    else v[k++] = tmp[i++];
  }
  while (i < h) v[k++] = tmp[i++];
}

static int obj_list_sort(Value list, Value key, int reverse) {
  ListObj *l = LIST(list.u.o);
  int64_t n = l->len;
  Value *items = l->items;
  /* the list looks empty while it is being sorted (as CPython does) */
  l->items = NULL;
  l->len = l->cap = 0;
  int err = 0;
  SortItem *v = obj_calloc((size_t)n + 1, sizeof(SortItem));
  SortItem *tmp = v ? obj_calloc((size_t)n / 2 + 1, sizeof(SortItem)) : NULL;
  if (!v || !tmp) err = 1;
  int64_t nk = 0;
  if (!err) {
    for (int64_t i = 0; i < n; i++) {
      v[i].val = items[i];
      if (!VAL_IS_NULL(key) && !VAL_IS_NONE(key)) {
        v[i].key = op_call1(key, items[i]);
        if (VAL_IS_NULL(v[i].key)) { err = 1; break; }
        nk++;
      } else {
        v[i].key = items[i];
      }
    }
  }
  if (!err) {
    if (reverse) {
      /* stable reverse sort: reverse, sort, reverse */
      for (int64_t i = 0, j = n - 1; i < j; i++, j--) { SortItem t = v[i]; v[i] = v[j]; v[j] = t; }
    }
    merge_sort(v, tmp, n, &err);
    if (reverse)
      for (int64_t i = 0, j = n - 1; i < j; i++, j--) { SortItem t = v[i]; v[i] = v[j]; v[j] = t; }
    if (!err)
      for (int64_t i = 0; i < n; i++) items[i] = v[i].val;
  }
  if (!VAL_IS_NULL(key) && !VAL_IS_NONE(key) && v)
    for (int64_t i = 0; i < n; i++) if (!VAL_IS_NULL(v[i].key)) val_decref(v[i].key);
  (void)nk;
  free(v);
  free(tmp);
  /* restore (anything appended during the sort is dropped, as in CPython it's an error) */
  Value *extra = l->items;
  int64_t en = l->len;
  int touched = l->cap != 0 || en != 0;   /* anything stored, even if taken out again */
  l->items = items;
  l->len = n;
  l->cap = n;
  for (int64_t i = 0; i < en; i++) val_decref(extra[i]);
  free(extra);
  if (touched && !err) {
    obj_raise(&exc_ValueError, "list modified during sort");
    return -1;
  }
  return err ? -1 : 0;
}

Value list_sorted(Value iterable, Value key, int reverse) {
  Value l = list_from_iterable(iterable);
  if (VAL_IS_NULL(l)) return l;
  if (obj_list_sort(l, key, reverse) < 0) { val_decref(l); return val_null(); }
  return l;
}

/* ---- methods -------------------------------------------------------------------------- */
#define SELFL LIST(argv[0].u.o)

static Value m_append(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("append", argc - 1, kw, 1, 1) < 0) return val_null();
  if (list_append(argv[0], argv[1]) < 0) return val_null();
  return val_none();
}

static Value m_extend(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("extend", argc - 1, kw, 1, 1) < 0) return val_null();
  if (list_extend(argv[0], argv[1]) < 0) return val_null();
  return val_none();
}

static Value m_insert(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("insert", argc - 1, kw, 2, 2) < 0) return val_null();
  int64_t i;
  if (op_as_int(argv[1], &i) < 0) return val_null();
  ListObj *l = SELFL;
  if (i < 0) { i += l->len; if (i < 0) i = 0; }
  if (i > l->len) i = l->len;
  if (list_reserve(l, l->len + 1) < 0) return val_null();
  memmove(l->items + i + 1, l->items + i, (size_t)(l->len - i) * sizeof(Value));
  l->items[i] = val_incref(argv[2]);
  l->len++;
  return val_none();
}

static Value m_pop(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("pop", argc - 1, kw, 0, 1) < 0) return val_null();
  ListObj *l = SELFL;
  int64_t i = -1;
  if (argc > 1 && op_as_int(argv[1], &i) < 0) return val_null();
  if (l->len == 0) return obj_raise(&exc_IndexError, "pop from empty list");
  if (i < 0) i += l->len;
  if (i < 0 || i >= l->len) return obj_raise(&exc_IndexError, "pop index out of range");
  Value x = l->items[i];
  memmove(l->items + i, l->items + i + 1, (size_t)(l->len - i - 1) * sizeof(Value));
  l->len--;
  return x;
}

static Value m_remove(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("remove", argc - 1, kw, 1, 1) < 0) return val_null();
  ListObj *l = SELFL;
  for (int64_t i = 0; i < l->len; i++) {
    Value y = val_incref(l->items[i]);
    int e = op_eq(y, argv[1]);
    val_decref(y);
    if (e < 0) return val_null();
    if (e) {
      if (i >= l->len) return val_none();   /* the list shrank under __eq__: CPython's answer */
      Value x = l->items[i];
      memmove(l->items + i, l->items + i + 1, (size_t)(l->len - i - 1) * sizeof(Value));
      l->len--;
      val_decref(x);
      return val_none();
    }
  }
  return obj_raise(&exc_ValueError, "list.remove(x): x not in list");
}

Value list_seq_index(const char *tname, Value self, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("index", argc - 1, kw, 1, 3) < 0) return val_null();
  int64_t st = 0, en = INT64_MAX;
  if (argc > 2 && op_as_int(argv[2], &st) < 0) return val_null();
  if (argc > 3 && op_as_int(argv[3], &en) < 0) return val_null();
  for (int64_t i = 0;; i++) {
    Obj *s = self.u.o;
    int64_t n = OBJ_LAYOUT(s) == &list_type ? LIST(s)->len : TUPLE(s)->len;
    int64_t a = st < 0 ? (st + n < 0 ? 0 : st + n) : st;
    int64_t b = en < 0 ? (en + n < 0 ? 0 : en + n) : en;
    if (i == 0) i = a;
    if (i >= n || i >= b) break;
    Value y = val_incref((OBJ_LAYOUT(s) == &list_type ? LIST(s)->items : TUPLE(s)->items)[i]);
    int e = op_eq(y, argv[1]);
    val_decref(y);
    if (e < 0) return val_null();
    if (e) return val_int(i);
  }
  if (strcmp(tname, "tuple") == 0)
    return obj_raise(&exc_ValueError, "tuple.index(x): x not in tuple");
  Value r = op_repr(argv[1]);
  if (VAL_IS_NULL(r)) return r;
  obj_raise(&exc_ValueError, "%s is not in list", str_cstr(r));
  val_decref(r);
  return val_null();
}

static Value m_index(int argc, const Value *argv, Obj *kw) {
  return list_seq_index("list", argv[0], argc, argv, kw);
}

Value list_seq_count(Value self, Value x) {
  int64_t c = 0;
  for (int64_t i = 0;; i++) {
    Obj *s = self.u.o;
    int64_t n = OBJ_LAYOUT(s) == &list_type ? LIST(s)->len : TUPLE(s)->len;
    if (i >= n) break;
    Value y = val_incref((OBJ_LAYOUT(s) == &list_type ? LIST(s)->items : TUPLE(s)->items)[i]);
    int e = op_eq(y, x);
    val_decref(y);
    if (e < 0) return val_null();
    c += e;
  }
  return val_int(c);
}

static Value m_count(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("count", argc - 1, kw, 1, 1) < 0) return val_null();
  return list_seq_count(argv[0], argv[1]);
}

static Value m_sort(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("sort", argc - 1, argv + 1, kw, "|$key,reverse", a) < 0) return val_null();
  int rev = 0;
  if (!VAL_IS_NULL(a[1]) && (rev = op_truth(a[1])) < 0) return val_null();
  if (obj_list_sort(argv[0], a[0], rev) < 0) return val_null();
  return val_none();
}

static Value m_reverse(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("reverse", argc - 1, kw, 0, 0) < 0) return val_null();
  ListObj *l = SELFL;
  for (int64_t i = 0, j = l->len - 1; i < j; i++, j--) {
    Value t = l->items[i]; l->items[i] = l->items[j]; l->items[j] = t;
  }
  return val_none();
}

static Value m_copy(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("copy", argc - 1, kw, 0, 0) < 0) return val_null();
  return list_from(SELFL->len, SELFL->items);
}

static Value m_clear(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("clear", argc - 1, kw, 0, 0) < 0) return val_null();
  list_clear_slot(argv[0].u.o);
  return val_none();
}

static Value m_new(int argc, const Value *argv, Obj *kw) {
  return class_builtin_new(&list_type, argc, argv, kw);
}
/* list.__init__(iterable=()): (re)fill self, as a subclass's super().__init__ does */
static Value m_init(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("list", argc - 1, kw, 0, 1) < 0) return val_null();
  Value src = val_null();
  if (argc > 1) {
    src = list_from_iterable(argv[1]);
    if (VAL_IS_NULL(src)) return src;
  }
  ListObj *l = LIST(argv[0].u.o);
  Value *old = l->items;
  int64_t n = l->len;
  l->items = NULL;
  l->len = l->cap = 0;
  for (int64_t i = 0; i < n; i++) val_decref(old[i]);
  free(old);
  if (!VAL_IS_NULL(src)) {
    int r = list_extend(argv[0], src);
    val_decref(src);
    if (r < 0) return val_null();
  }
  return val_none();
}

static const MethodDef list_methods[] = {
    {"__new__", m_new, "__new__(type, *args, **kwargs)", METH_STATIC},
    {"__init__", m_init, "__init__(iterable=(), /)", 0},
    {"append", m_append, "append(object, /)\nAppend object to the end of the list.", 0},
    {"extend", m_extend, "extend(iterable, /)\nExtend list by appending elements from the iterable.", 0},
    {"insert", m_insert, "insert(index, object, /)\nInsert object before index.", 0},
    {"pop", m_pop, "pop(index=-1, /)\nRemove and return item at index (default last).", 0},
    {"remove", m_remove, "remove(value, /)\nRemove first occurrence of value.", 0},
    {"index", m_index, "index(value, start=0, stop=sys.maxsize, /)\nReturn first index of value.", 0},
    {"count", m_count, "count(value, /)\nReturn number of occurrences of value.", 0},
    {"sort", m_sort, "sort(*, key=None, reverse=False)\nSort the list in ascending order (stable).", 0},
    {"reverse", m_reverse, "reverse()\nReverse *IN PLACE*.", 0},
    {"copy", m_copy, "copy()\nReturn a shallow copy of the list.", 0},
    {"clear", m_clear, "clear()\nRemove all items from list.", 0},
    {NULL}};

TypeObj list_type = {
    OBJ_TYPE_HEAD, .name = "list", .flags = TF_GC | TF_BASETYPE,
    .doc = "list(iterable=(), /)\n\nBuilt-in mutable sequence.",
    .dealloc = list_dealloc, .traverse = list_traverse, .clear = list_clear_slot,
    .repr = list_repr, .compare = list_compare, .binary = list_binary, .len = list_len,
    .getitem = list_getitem, .setitem = list_setitem, .contains = list_contains,
    .iter = list_iter, .new = list_new_slot, .methods = list_methods};
