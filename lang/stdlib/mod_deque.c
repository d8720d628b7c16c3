/* mod_deque.c - module _sable_deque, the native half of collections.deque: a ring buffer with
 * O(1) appends and pops at both ends, CPython's state counter, mutation checks and iterators. */
#include "core/core.h"
#include "core/modtable.h"
#include <stdio.h>

/* The items are buf[(head + i) & (cap - 1)] for i < len; cap is 0 or a power of two. state
 * changes exactly where CPython's deque->state does (appends, pops, rotations, clear, del,
 * insert), so iterators and the comparing methods raise where CPython raises. No user code
 * runs while the buffer is being rearranged: displaced items are released afterwards. */
typedef struct Ring {
  Obj ob;
  Value *buf;
  int64_t cap, head, len;
  int64_t maxlen;   /* -1: unbounded */
  uint64_t state;
} Ring;

#define AT(r, i) ((r)->buf[((r)->head + (i)) & ((r)->cap - 1)])
#define MIN_CAP 8
#define STATE_MASK (UINT64_MAX >> 1)   /* the state as Sable code sees it: a non-negative int */

static TypeObj ring_type;

static int want_ring(Value v) {
  if (VAL_IS_OBJ(v) && v.u.o->type == &ring_type) return 0;
  obj_raise(&exc_TypeError, "expected a deque ring, not %s", op_type_name(v));
  return -1;
}

/* a new buffer of newcap slots holding the items in order from 0 */
static int ring_resize(Ring *r, int64_t newcap) {
  Value *nb = obj_calloc((size_t)newcap, sizeof(Value));
  if (!nb) return -1;
  for (int64_t i = 0; i < r->len; i++) nb[i] = AT(r, i);
  obj_mfree(r->buf);
  r->buf = nb;
  r->cap = newcap;
  r->head = 0;
  return 0;
}

static int ring_reserve(Ring *r, int64_t extra) {
  if (r->len + extra <= r->cap) return 0;
  int64_t c = r->cap ? r->cap : MIN_CAP;
  while (c < r->len + extra) {
    if (c > INT64_MAX / 4 / (int64_t)sizeof(Value)) { obj_raise_nomem(); return -1; }
    c *= 2;
  }
  return ring_resize(r, c);
}

/* give memory back once the deque has drained to a quarter of its buffer */
static void ring_maybe_shrink(Ring *r) {
  if (r->cap > 64 && r->len * 4 < r->cap) {
    if (ring_resize(r, r->cap / 2) < 0) obj_err_clear();   /* keeping the big one is fine */
  }
}

/* remove and return (owned) the item at one end; len must be > 0 */
static Value take_end(Ring *r, int left) {
  Value x;
  if (left) {
    x = r->buf[r->head];
    r->head = (r->head + 1) & (r->cap - 1);
  } else {
    x = AT(r, r->len - 1);
  }
  r->len--;
  if (!r->len) r->head = 0;
  return x;
}

/* deque_append_internal / deque_appendleft_internal: x borrowed. The item trimmed off the
 * other end (maxlen) is released last: its __del__ may use the deque. */
static int ring_push(Ring *r, Value x, int left) {
  r->state++;
  if (r->maxlen == 0) return 0;
  if (ring_reserve(r, 1) < 0) return -1;
  val_incref(x);
  if (left) {
    r->head = (r->head - 1) & (r->cap - 1);
    r->buf[r->head] = x;
  } else {
    r->buf[(r->head + r->len) & (r->cap - 1)] = x;
  }
  r->len++;
  if (r->maxlen >= 0 && r->len > r->maxlen) val_decref(take_end(r, !left));
  return 0;
}

/* empty the ring first, then release the items (their __del__ may touch the deque) */
static void ring_clear_items(Ring *r) {
  Value *buf = r->buf;
  int64_t cap = r->cap, head = r->head, len = r->len;
  r->buf = NULL;
  r->cap = r->head = r->len = 0;
  for (int64_t i = 0; i < len; i++) val_decref(buf[(head + i) & (cap - 1)]);
  obj_mfree(buf);
}

static void ring_dealloc(Obj *o) {
  ring_clear_items((Ring *)o);
  obj_free(o);
}
static void ring_traverse(Obj *o, VisitFn visit, void *arg) {
  Ring *r = (Ring *)o;
  for (int64_t i = 0; i < r->len; i++) {
    Value v = AT(r, i);
    if (VAL_IS_OBJ(v)) visit(v.u.o, arg);
  }
}
static void ring_gc_clear(Obj *o) {
  Ring *r = (Ring *)o;
  if (r->len) r->state++;
  ring_clear_items(r);
}
static int ring_len(Value v, int64_t *out) {
  *out = ((Ring *)v.u.o)->len;
  return 0;
}

static Ring *ring_alloc(int64_t maxlen) {
  Ring *r = obj_alloc(&ring_type, sizeof(Ring));
  if (r) r->maxlen = maxlen;
  return r;
}

static int parse_maxlen(Value v, int64_t *out) {
  if (VAL_IS_NULL(v) || VAL_IS_NONE(v)) { *out = -1; return 0; }
  if (op_as_int(v, out) < 0) return -1;
  if (*out < 0) { obj_raise(&exc_ValueError, "maxlen must be non-negative"); return -1; }
  return 0;
}

/* ---- the module's constructor and the ring's methods (argv[0] is the ring) ---------------- */

static Value f_ring(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("ring", argc, argv, kw, "|maxlen", a) < 0) return val_null();
  int64_t m;
  if (parse_maxlen(a[0], &m) < 0) return val_null();
  Ring *r = ring_alloc(m);
  return r ? val_obj(&r->ob) : val_null();
}

#define SELF(name, lo, hi)                                                   \
  if (func_check_args(name, argc - 1, kw, lo, hi) < 0) return val_null(); \
  if (want_ring(argv[0]) < 0) return val_null();                          \
  Ring *r = (Ring *)argv[0].u.o

static Value m_setmaxlen(int argc, const Value *argv, Obj *kw) {
  SELF("setmaxlen", 1, 1);
  int64_t m;
  if (parse_maxlen(argv[1], &m) < 0) return val_null();
  r->maxlen = m;
  return val_none();
}

static Value get_maxlen(Value self) {
  Ring *r = (Ring *)self.u.o;
  return r->maxlen < 0 ? val_none() : val_int(r->maxlen);
}
static Value get_state(Value self) {
  return val_int((int64_t)(((Ring *)self.u.o)->state & STATE_MASK));
}

static Value m_append(int argc, const Value *argv, Obj *kw) {
  SELF("append", 1, 1);
  return ring_push(r, argv[1], 0) < 0 ? val_null() : val_none();
}
static Value m_appendleft(int argc, const Value *argv, Obj *kw) {
  SELF("appendleft", 1, 1);
  return ring_push(r, argv[1], 1) < 0 ? val_null() : val_none();
}

static Value do_pop(int argc, const Value *argv, Obj *kw, int left) {
  SELF(left ? "popleft" : "pop", 0, 0);
  if (!r->len) return obj_raise(&exc_IndexError, "pop from an empty deque");
  r->state++;
  Value x = take_end(r, left);
  ring_maybe_shrink(r);
  return x;
}
static Value m_pop(int argc, const Value *argv, Obj *kw) { return do_pop(argc, argv, kw, 0); }
static Value m_popleft(int argc, const Value *argv, Obj *kw) { return do_pop(argc, argv, kw, 1); }

/* deque_extend: a list or tuple by index (re-reading its length: a trimmed item's __del__ may
 * change it), anything else through its iterator; with maxlen 0 the iterator is only run out */
static Value do_extend(int argc, const Value *argv, Obj *kw, int left) {
  SELF(left ? "extendleft" : "extend", 1, 1);
  Value src = argv[1];
  if (r->maxlen != 0 && (VAL_IS_LIST(src) || VAL_IS_TUPLE(src))) {
    Value hold = val_incref(src);
    for (int64_t i = 0;; i++) {
      Value x;
      if (VAL_IS_LIST(hold)) {
        if (i >= LIST(hold.u.o)->len) break;
        x = LIST(hold.u.o)->items[i];
      } else {
        if (i >= TUPLE(hold.u.o)->len) break;
        x = TUPLE(hold.u.o)->items[i];
      }
      val_incref(x);
      int rc = ring_push(r, x, left);
      val_decref(x);
      if (rc < 0) { val_decref(hold); return val_null(); }
    }
    val_decref(hold);
    return val_none();
  }
  Value it = op_iter(src);
  if (VAL_IS_NULL(it)) return it;
  for (;;) {
    Value x;
    int k = op_next(it, &x);
    if (k == 0) break;
    if (k < 0) { val_decref(it); return val_null(); }
    int rc = r->maxlen == 0 ? 0 : ring_push(r, x, left);
    val_decref(x);
    if (rc < 0) { val_decref(it); return val_null(); }
  }
  val_decref(it);
  return val_none();
}
static Value m_extend(int argc, const Value *argv, Obj *kw) { return do_extend(argc, argv, kw, 0); }
static Value m_extendleft(int argc, const Value *argv, Obj *kw) { return do_extend(argc, argv, kw, 1); }

/* _deque_rotate: n > 0 moves items from the right end to the left */
static void ring_rotate(Ring *r, int64_t n) {
  int64_t len = r->len, half = len >> 1;
  if (len <= 1) return;
  if (n > half || n < -half) {
    n %= len;
    if (n > half) n -= len;
    else if (n < -half) n += len;
  }
  r->state++;
  if (!n) return;
  int64_t mask = r->cap - 1;
  if (len == r->cap) {   /* full: only the start moves */
    r->head = (r->head - n) & mask;
    return;
  }
  for (; n > 0; n--) {
    Value x = r->buf[(r->head + r->len - 1) & mask];
    r->head = (r->head - 1) & mask;
    r->buf[r->head] = x;
  }
  for (; n < 0; n++) {
    Value x = r->buf[r->head];
    r->head = (r->head + 1) & mask;
    r->buf[(r->head + r->len - 1) & mask] = x;
  }
}

static Value m_rotate(int argc, const Value *argv, Obj *kw) {
  SELF("rotate", 0, 1);
  int64_t n = 1;
  if (argc > 1 && op_as_int(argv[1], &n) < 0) return val_null();
  ring_rotate(r, n);
  return val_none();
}

static Value m_clear(int argc, const Value *argv, Obj *kw) {
  SELF("clear", 0, 0);
  if (!r->len) return val_none();
  r->state++;
  ring_clear_items(r);
  return val_none();
}

/* deque_reverse leaves the state alone, as CPython's */
static Value m_reverse(int argc, const Value *argv, Obj *kw) {
  SELF("reverse", 0, 0);
  for (int64_t i = 0, j = r->len - 1; i < j; i++, j--) {
    Value t = AT(r, i);
    AT(r, i) = AT(r, j);
    AT(r, j) = t;
  }
  return val_none();
}

/* an index into the ring (negative from the end), or IndexError as deque_item; an int beyond
 * int64 is big_exc's error (IndexError to read, OverflowError to assign or delete: CPython's) */
static int ring_index(Ring *r, Value iv, int64_t *out, TypeObj *big_exc) {
  int64_t i;
  if (VAL_IS_INTLIKE(iv)) {
    i = iv.u.i;
  } else if (num_is_big(iv)) {
    obj_raise(big_exc, "cannot fit 'int' into an index-sized integer");
    return -1;
  } else if (op_as_int(iv, &i) < 0) {
    return -1;
  }
  if (i < 0) i += r->len;
  if (i < 0 || i >= r->len) {
    obj_raise(&exc_IndexError, "deque index out of range");
    return -1;
  }
  *out = i;
  return 0;
}

static Value m_get(int argc, const Value *argv, Obj *kw) {
  SELF("get", 1, 1);
  int64_t i;
  if (ring_index(r, argv[1], &i, &exc_IndexError) < 0) return val_null();
  return val_incref(AT(r, i));
}

/* deque_ass_item: no change of state, as CPython's */
static Value m_set(int argc, const Value *argv, Obj *kw) {
  SELF("set", 2, 2);
  int64_t i;
  if (ring_index(r, argv[1], &i, &exc_OverflowError) < 0) return val_null();
  Value old = AT(r, i);
  AT(r, i) = val_incref(argv[2]);
  val_decref(old);
  return val_none();
}

/* remove the item at i (0 <= i < len), shifting the shorter side; the item is returned */
static Value ring_del_at(Ring *r, int64_t i) {
  Value x = AT(r, i);
  r->state++;
  if (i < r->len - 1 - i) {
    for (int64_t j = i; j > 0; j--) AT(r, j) = AT(r, j - 1);
    r->head = (r->head + 1) & (r->cap - 1);
  } else {
    for (int64_t j = i; j < r->len - 1; j++) AT(r, j) = AT(r, j + 1);
  }
  r->len--;
  if (!r->len) r->head = 0;
  return x;
}

static Value m_delete(int argc, const Value *argv, Obj *kw) {
  SELF("delete", 1, 1);
  int64_t i;
  if (ring_index(r, argv[1], &i, &exc_OverflowError) < 0) return val_null();
  val_decref(ring_del_at(r, i));
  ring_maybe_shrink(r);
  return val_none();
}

/* deque_insert: list.insert's positions; a full bounded deque refuses */
static Value m_insert(int argc, const Value *argv, Obj *kw) {
  SELF("insert", 2, 2);
  int64_t i, n = r->len;
  if (op_as_int(argv[1], &i) < 0) return val_null();
  if (r->maxlen == n) return obj_raise(&exc_IndexError, "deque already at its maximum size");
  if (i >= n) return ring_push(r, argv[2], 0) < 0 ? val_null() : val_none();
  if (i <= -n || i == 0) return ring_push(r, argv[2], 1) < 0 ? val_null() : val_none();
  if (i < 0) i += n;
  if (ring_reserve(r, 1) < 0) return val_null();
  r->state++;
  if (i < n - i) {
    r->head = (r->head - 1) & (r->cap - 1);
    r->len++;
    for (int64_t j = 0; j < i; j++) AT(r, j) = AT(r, j + 1);
  } else {
    r->len++;
    for (int64_t j = n; j > i; j--) AT(r, j) = AT(r, j - 1);
  }
  AT(r, i) = val_incref(argv[2]);
  return val_none();
}

/* the walks that call __eq__: the item is held across the call, the state checked after it
 * (the buffer may have been replaced meanwhile) */
static int eq_at(Ring *r, int64_t i, Value x) {
  Value it = val_incref(AT(r, i));
  int c = op_eq(it, x);
  val_decref(it);
  return c;
}

static Value mutated(TypeObj *t) {
  return obj_raise(t, "deque mutated during iteration");
}

static Value m_count(int argc, const Value *argv, Obj *kw) {
  SELF("count", 1, 1);
  Value hold = val_incref(argv[0]);
  uint64_t st = r->state;
  int64_t n = r->len, c = 0;
  for (int64_t i = 0; i < n; i++) {
    int k = eq_at(r, i, argv[1]);
    if (k < 0) { val_decref(hold); return val_null(); }
    c += k;
    if (r->state != st) { val_decref(hold); return mutated(&exc_RuntimeError); }
  }
  val_decref(hold);
  return val_int(c);
}

/* 1/0 or -1 */
static int ring_contains(Value self, Value x) {
  Ring *r = (Ring *)self.u.o;
  Value hold = val_incref(self);
  uint64_t st = r->state;
  int64_t n = r->len;
  int res = 0;
  for (int64_t i = 0; i < n; i++) {
    int k = eq_at(r, i, x);
    if (k) { res = k; break; }
    if (r->state != st) { mutated(&exc_RuntimeError); res = -1; break; }
  }
  val_decref(hold);
  return res;
}

static Value m_contains(int argc, const Value *argv, Obj *kw) {
  SELF("contains", 1, 1);
  (void)r;
  int k = ring_contains(argv[0], argv[1]);
  return k < 0 ? val_null() : val_bool(k);
}

/* index() and remove() of a value the deque does not hold */
static Value not_in_deque(Value x) {
  Value rp = op_repr(x);
  if (VAL_IS_NULL(rp)) return rp;
  obj_raise(&exc_ValueError, "%s is not in deque", str_cstr(rp));
  val_decref(rp);
  return val_null();
}

/* index(x, start, stop, state) with start and stop already clipped to 0 <= start <= stop <= len;
 * state is the one before start and stop were converted (their __index__ may mutate): CPython
 * takes deque->state before parsing its arguments */
static Value m_index(int argc, const Value *argv, Obj *kw) {
  SELF("index", 4, 4);
  int64_t start, stop, st0;
  if (op_as_int(argv[2], &start) < 0 || op_as_int(argv[3], &stop) < 0 ||
      op_as_int(argv[4], &st0) < 0)
    return val_null();
  if (stop > r->len) stop = r->len;
  if (start < 0) start = 0;
  Value hold = val_incref(argv[0]);
  uint64_t st = (uint64_t)st0;
  for (int64_t i = start; i < stop; i++) {
    int k = eq_at(r, i, argv[1]);
    if (k > 0) { val_decref(hold); return val_int(i); }
    if (k < 0) { val_decref(hold); return val_null(); }
    if ((r->state & STATE_MASK) != st) { val_decref(hold); return mutated(&exc_RuntimeError); }
  }
  val_decref(hold);
  return not_in_deque(argv[1]);
}

/* deque_remove: a mutation seen after a comparison is an IndexError there */
static Value m_remove(int argc, const Value *argv, Obj *kw) {
  SELF("remove", 1, 1);
  Value hold = val_incref(argv[0]);
  uint64_t st = r->state;
  int64_t n = r->len;
  for (int64_t i = 0; i < n; i++) {
    int k = eq_at(r, i, argv[1]);
    if (k < 0) { val_decref(hold); return val_null(); }
    if (r->state != st) { val_decref(hold); return mutated(&exc_IndexError); }
    if (k > 0) {
      Value x = ring_del_at(r, i);
      ring_maybe_shrink(r);
      val_decref(x);
      val_decref(hold);
      return val_none();
    }
  }
  val_decref(hold);
  return not_in_deque(argv[1]);
}

static Value m_tolist(int argc, const Value *argv, Obj *kw) {
  SELF("tolist", 0, 0);
  Value l = list_new(r->len);
  if (VAL_IS_NULL(l)) return l;
  for (int64_t i = 0; i < r->len; i++) {
    Value *slot = &LIST(l.u.o)->items[i];
    val_decref(*slot);
    *slot = val_incref(AT(r, i));
  }
  return l;
}

static Value m_copy(int argc, const Value *argv, Obj *kw) {
  SELF("copy", 0, 0);
  Ring *c = ring_alloc(r->maxlen);
  if (!c) return val_null();
  if (r->len && ring_reserve(c, r->len) < 0) { obj_decref(&c->ob); return val_null(); }
  for (int64_t i = 0; i < r->len; i++) c->buf[i] = val_incref(AT(r, i));
  c->len = r->len;
  if (r->len) c->state++;
  return val_obj(&c->ob);
}

/* deque_inplace_repeat: size - 1 more copies of the items (with maxlen, only the ones that
 * would survive the trimming are appended) */
static Value m_repeat(int argc, const Value *argv, Obj *kw) {
  SELF("repeat", 1, 1);
  int64_t size;
  if (num_is_big(argv[1]))
    return obj_raise(&exc_OverflowError, "cannot fit 'int' into an index-sized integer");
  if (op_as_int(argv[1], &size) < 0) return val_null();
  int64_t n = r->len;
  if (n == 0 || size == 1) return val_none();
  if (size <= 0) {
    r->state++;
    ring_clear_items(r);
    return val_none();
  }
  if (size - 1 > INT64_MAX / n) return obj_raise_nomem();
  int64_t total = n * (size - 1), skip = 0;
  if (r->maxlen >= 0 && total > r->maxlen) {
    skip = total - r->maxlen;
    total = r->maxlen;
  }
  Value seq = m_tolist(1, argv, NULL);
  if (VAL_IS_NULL(seq)) return seq;
  if (r->maxlen < 0 && ring_reserve(r, total) < 0) { val_decref(seq); return val_null(); }
  r->state++;
  for (int64_t k = 0; k < total; k++) {
    if (ring_push(r, LIST(seq.u.o)->items[(skip + k) % n], 0) < 0) {
      val_decref(seq);
      return val_null();
    }
  }
  val_decref(seq);
  return val_none();
}

/* ---- iterators: CPython's dequeiter / dequereviter ---------------------------------------- */
typedef struct RingIter {
  Obj ob;
  Value ring;       /* the Ring */
  int64_t index;    /* the next logical position */
  int64_t counter;  /* items left */
  uint64_t state;
  int rev;
} RingIter;

static void rit_dealloc(Obj *o) {
  val_decref(((RingIter *)o)->ring);
  obj_free(o);
}
static void rit_traverse(Obj *o, VisitFn visit, void *arg) {
  RingIter *it = (RingIter *)o;
  if (VAL_IS_OBJ(it->ring)) visit(it->ring.u.o, arg);
}
static void rit_clear(Obj *o) { val_clear(&((RingIter *)o)->ring); }
static Value rit_iter(Value v) { return val_incref(v); }

static int rit_next(Value v, Value *out) {
  RingIter *it = (RingIter *)v.u.o;
  if (VAL_IS_NULL(it->ring)) return 0;
  Ring *r = (Ring *)it->ring.u.o;
  if (it->rev) {   /* the end first, then the state */
    if (it->counter == 0) return 0;
    if (r->state != it->state) {
      it->counter = 0;
      mutated(&exc_RuntimeError);
      return -1;
    }
  } else {
    if (r->state != it->state) {
      it->counter = 0;
      mutated(&exc_RuntimeError);
      return -1;
    }
    if (it->counter == 0) return 0;
  }
  /* reverse() and item assignment keep the state: the position is still in range */
  if (it->index < 0 || it->index >= r->len) { it->counter = 0; return 0; }
  *out = val_incref(AT(r, it->index));
  it->index += it->rev ? -1 : 1;
  it->counter--;
  return 1;
}

static Value rit_length_hint(int argc, const Value *argv, Obj *kw) {
  return val_int(((RingIter *)argv[0].u.o)->counter);
}

static const MethodDef rit_methods[] = {
    {"__length_hint__", rit_length_hint, "__length_hint__()\nPrivate method returning an estimate of len(list(it)).", 0},
    {NULL}};

static TypeObj ring_iter_type = {OBJ_TYPE_HEAD, .name = "_deque_iterator",
                                 .flags = TF_GC, .dealloc = rit_dealloc, .traverse = rit_traverse,
                                 .clear = rit_clear, .iter = rit_iter, .next = rit_next,
                                 .methods = rit_methods};
static TypeObj ring_reviter_type = {OBJ_TYPE_HEAD, .name = "_deque_reverse_iterator",
                                    .flags = TF_GC, .dealloc = rit_dealloc,
                                    .traverse = rit_traverse, .clear = rit_clear,
                                    .iter = rit_iter, .next = rit_next, .methods = rit_methods};

static Value new_iter(Value ring, int rev) {
  Ring *r = (Ring *)ring.u.o;
  RingIter *it = obj_alloc(rev ? &ring_reviter_type : &ring_iter_type, sizeof(RingIter));
  if (!it) return val_null();
  it->ring = val_incref(ring);
  it->counter = r->len;
  it->index = rev ? r->len - 1 : 0;
  it->state = r->state;
  it->rev = rev;
  return val_obj(&it->ob);
}

static Value ring_iter(Value self) { return new_iter(self, 0); }

static Value m_iter(int argc, const Value *argv, Obj *kw) {
  SELF("iter", 0, 0);
  (void)r;
  return new_iter(argv[0], 0);
}
static Value m_reviter(int argc, const Value *argv, Obj *kw) {
  SELF("reviter", 0, 0);
  (void)r;
  return new_iter(argv[0], 1);
}

static const MethodDef ring_methods[] = {
    {"append", m_append, "append(x)\nAdd x to the right end.", 0},
    {"appendleft", m_appendleft, "appendleft(x)\nAdd x to the left end.", 0},
    {"pop", m_pop, "pop()\nRemove and return the rightmost item.", 0},
    {"popleft", m_popleft, "popleft()\nRemove and return the leftmost item.", 0},
    {"extend", m_extend, "extend(iterable)\nAppend each item of iterable.", 0},
    {"extendleft", m_extendleft, "extendleft(iterable)\nAppendleft each item of iterable.", 0},
    {"rotate", m_rotate, "rotate(n=1)\nRotate n steps to the right.", 0},
    {"clear", m_clear, "clear()\nRemove every item.", 0},
    {"reverse", m_reverse, "reverse()\nReverse in place.", 0},
    {"get", m_get, "get(i)\nThe item at index i.", 0},
    {"set", m_set, "set(i, x)\nReplace the item at index i.", 0},
    {"delete", m_delete, "delete(i)\nRemove the item at index i.", 0},
    {"insert", m_insert, "insert(i, x)\nInsert x before index i.", 0},
    {"count", m_count, "count(x)\nHow many items equal x.", 0},
    {"contains", m_contains, "contains(x)\nWhether an item equals x.", 0},
    {"index", m_index, "index(x, start, stop, state)\nThe first index of x in [start, stop).", 0},
    {"remove", m_remove, "remove(x)\nRemove the first item equal to x.", 0},
    {"tolist", m_tolist, "tolist()\nThe items as a list.", 0},
    {"copy", m_copy, "copy()\nA new ring with the same items and maxlen.", 0},
    {"repeat", m_repeat, "repeat(n)\nThe items n times over, in place.", 0},
    {"iter", m_iter, "iter()\nAn iterator from the left.", 0},
    {"reviter", m_reviter, "reviter()\nAn iterator from the right.", 0},
    {"setmaxlen", m_setmaxlen, "setmaxlen(maxlen)\nSet the bound (None: unbounded).", 0},
    {NULL}};

static const GetSetDef ring_getset[] = {
    {"maxlen", get_maxlen, NULL, "the bound, or None"},
    {"state", get_state, NULL, "the mutation counter"},
    {NULL}};

static TypeObj ring_type = {OBJ_TYPE_HEAD, .name = "_deque_ring", .flags = TF_GC,
                            .dealloc = ring_dealloc, .traverse = ring_traverse,
                            .clear = ring_gc_clear, .len = ring_len, .contains = ring_contains,
                            .iter = ring_iter, .methods = ring_methods, .getset = ring_getset};

/* ---- deque's own hot methods ------------------------------------------------------------
 * append/appendleft/pop/popleft are builtins placed in the deque class's body: a builtin with
 * an owner binds as a method, so d.append(x) runs no Sable frame. The owner is `object` (any
 * instance passes the generic check); each one finds its ring in the instance's __dict__ and
 * says CPython's descriptor error when there is none. Messages are CPython's, named deque.x. */
static Ring *self_ring(Value self, const char *meth) {
  Obj **dp = type_instance_dict_ptr(self);
  if (dp && *dp) {
    Value r = dict_getstr(val_obj(*dp), "_deque__r");
    if (VAL_IS_OBJ(r) && r.u.o->type == &ring_type) return (Ring *)r.u.o;
    if (obj_err_occurred()) return NULL;
  }
  obj_raise(&exc_TypeError, "descriptor '%s' for 'collections.deque' objects doesn't apply to a '%s' object",
            meth, op_type_name(self));
  return NULL;
}

static int fast_args(const char *meth, int argc, Obj *kw, int want) {
  if (func_kwcount(kw)) {
    obj_raise(&exc_TypeError, "deque.%s() takes no keyword arguments", meth);
    return -1;
  }
  if (argc < 1) {
    obj_raise(&exc_TypeError, "unbound method deque.%s() needs an argument", meth);
    return -1;
  }
  if (argc - 1 == want) return 0;
  if (want)
    obj_raise(&exc_TypeError, "deque.%s() takes exactly one argument (%d given)", meth, argc - 1);
  else
    obj_raise(&exc_TypeError, "deque.%s() takes no arguments (%d given)", meth, argc - 1);
  return -1;
}

static Value d_push(int argc, const Value *argv, Obj *kw, int left) {
  const char *name = left ? "appendleft" : "append";
  if (fast_args(name, argc, kw, 1) < 0) return val_null();
  Ring *r = self_ring(argv[0], name);
  if (!r) return val_null();
  return ring_push(r, argv[1], left) < 0 ? val_null() : val_none();
}
static Value d_append(int argc, const Value *argv, Obj *kw) { return d_push(argc, argv, kw, 0); }
static Value d_appendleft(int argc, const Value *argv, Obj *kw) { return d_push(argc, argv, kw, 1); }

static Value d_pop_end(int argc, const Value *argv, Obj *kw, int left) {
  const char *name = left ? "popleft" : "pop";
  if (fast_args(name, argc, kw, 0) < 0) return val_null();
  Ring *r = self_ring(argv[0], name);
  if (!r) return val_null();
  if (!r->len) return obj_raise(&exc_IndexError, "pop from an empty deque");
  r->state++;
  Value x = take_end(r, left);
  ring_maybe_shrink(r);
  return x;
}
static Value d_pop(int argc, const Value *argv, Obj *kw) { return d_pop_end(argc, argv, kw, 0); }
static Value d_popleft(int argc, const Value *argv, Obj *kw) { return d_pop_end(argc, argv, kw, 1); }

static Value d_clear(int argc, const Value *argv, Obj *kw) {
  if (fast_args("clear", argc, kw, 0) < 0) return val_null();
  Ring *r = self_ring(argv[0], "clear");
  if (!r) return val_null();
  if (r->len) {
    r->state++;
    ring_clear_items(r);
  }
  return val_none();
}

/* deque_rotate: at most one argument, an integer (or __index__) */
static Value d_rotate(int argc, const Value *argv, Obj *kw) {
  if (func_kwcount(kw)) return obj_raise(&exc_TypeError, "deque.rotate() takes no keyword arguments");
  if (argc < 1) return obj_raise(&exc_TypeError, "unbound method deque.rotate() needs an argument");
  if (argc > 2)
    return obj_raise(&exc_TypeError, "deque.rotate expected at most 1 argument, got %d", argc - 1);
  Ring *r = self_ring(argv[0], "rotate");
  if (!r) return val_null();
  int64_t n = 1;
  if (argc > 1) {
    Value hold = val_incref(argv[0]);   /* __index__ may drop the deque's last other reference */
    int rc = op_as_int(argv[1], &n);
    if (rc == 0) r = self_ring(argv[0], "rotate");
    val_decref(hold);
    if (rc < 0 || !r) return val_null();
  }
  ring_rotate(r, n);
  return val_none();
}

/* deque_extend: extending by the deque itself goes through a list of its items */
static Value d_extend_end(int argc, const Value *argv, Obj *kw, int left) {
  const char *name = left ? "extendleft" : "extend";
  if (fast_args(name, argc, kw, 1) < 0) return val_null();
  Ring *r = self_ring(argv[0], name);
  if (!r) return val_null();
  Value ringv = val_obj(&r->ob);
  obj_incref(&r->ob);
  Value src = val_incref(argv[1]);
  if (VAL_IS_OBJ(src) && src.u.o == argv[0].u.o) {
    val_decref(src);
    Value a1[1] = {ringv};
    src = m_tolist(1, a1, NULL);
    if (VAL_IS_NULL(src)) { val_decref(ringv); return src; }
  }
  Value a2[2] = {ringv, src};
  Value res = do_extend(2, a2, NULL, left);
  val_decref(src);
  val_decref(ringv);
  return res;
}
static Value d_extend(int argc, const Value *argv, Obj *kw) { return d_extend_end(argc, argv, kw, 0); }
static Value d_extendleft(int argc, const Value *argv, Obj *kw) { return d_extend_end(argc, argv, kw, 1); }

static const MethodDef deque_methods[] = {
    {"clear", d_clear, "clear()\nRemove all elements from the deque.", 0},
    {"rotate", d_rotate, "rotate(n=1)\nRotate the deque n steps to the right (default n=1). If n is negative, rotates left.", 0},
    {"extend", d_extend, "extend(iterable)\nExtend the right side of the deque with elements from the iterable.", 0},
    {"extendleft", d_extendleft, "extendleft(iterable)\nExtend the left side of the deque with elements from the iterable.", 0},
    {"append", d_append, "append(x)\nAdd an element to the right side of the deque.", 0},
    {"appendleft", d_appendleft, "appendleft(x)\nAdd an element to the left side of the deque.", 0},
    {"pop", d_pop, "pop()\nRemove and return the rightmost element.", 0},
    {"popleft", d_popleft, "popleft()\nRemove and return the leftmost element.", 0},
    {NULL}};

static const MethodDef deque_functions[] = {
    {"ring", f_ring, "ring(maxlen=None)\n\nAn empty deque ring, the storage of collections.deque.", 0},
    {NULL}};

int modinit__sable_deque(Value m) {
  if (type_ready(&ring_type) < 0 || type_ready(&ring_iter_type) < 0 ||
      type_ready(&ring_reviter_type) < 0)
    return -1;
  if (module_add_functions(m, deque_functions) < 0) return -1;
  for (const MethodDef *d = deque_methods; d->name; d++) {
    Value f = func_builtin_new(d->name, d->fn, d->doc);
    if (VAL_IS_NULL(f)) return -1;
    ((BuiltinObj *)f.u.o)->owner = &type_object_type;
    char key[32];
    snprintf(key, sizeof key, "deque_%s", d->name);
    int rc = module_add(m, key, f);
    val_decref(f);
    if (rc < 0) return -1;
  }
  return 0;
}
