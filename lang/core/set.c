/* set.c - set and frozenset: CPython's open-addressing table (linear probes, then
 * perturbation; the same resize policy), so that sets print in the order CPython prints them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

#define LINEAR_PROBES 9
#define PERTURB_SHIFT 5
#define SET_MINSIZE 8
#define DUMMY_HASH (-1)
/* an entry is empty when key is V_NULL and hash 0, a dummy when key is V_NULL and hash -1 */
#define IS_EMPTY(e) (VAL_IS_NULL((e)->key) && (e)->hash == 0)
#define IS_DUMMY(e) (VAL_IS_NULL((e)->key) && (e)->hash == DUMMY_HASH)
#define IS_ACTIVE(e) (!VAL_IS_NULL((e)->key))

static Value set_alloc(TypeObj *t) {
  /* a user subclass keeps its __dict__ after the set */
  SetObj *s = obj_alloc(t, sizeof(SetObj) + ((t->flags & TF_USER) ? sizeof(Obj *) : 0));
  if (!s) return val_null();
  s->table = s->small;
  s->mask = SET_MINSIZE - 1;
  s->hash = -1;
  return val_obj(&s->ob);
}

Value set_new(void) { return set_alloc(&set_type); }

static void insert_clean(SetEntry *table, size_t mask, Value key, int64_t hash) {
  uint64_t perturb = (uint64_t)hash;
  size_t i = (size_t)hash & mask;
  SetEntry *e;
  for (;;) {
    e = &table[i];
    if (VAL_IS_NULL(e->key)) goto found;
    if (i + LINEAR_PROBES <= mask) {
      for (int j = 0; j < LINEAR_PROBES; j++) {
        e++;
        if (VAL_IS_NULL(e->key)) goto found;
      }
    }
    perturb >>= PERTURB_SHIFT;
    i = (i * 5 + 1 + (size_t)perturb) & mask;
  }
found:
  e->key = key;
  e->hash = hash;
}

static int set_table_resize(SetObj *so, int64_t minused) {
  size_t newsize = SET_MINSIZE;
  while (newsize <= (size_t)minused) {
    if (newsize > obj_alloc_cap() / sizeof(SetEntry)) { obj_raise_nomem(); return -1; }
    newsize <<= 1;
  }
  SetEntry *oldtable = so->table, small_copy[SET_MINSIZE];
  size_t oldmask = so->mask;
  int was_small = oldtable == so->small;
  if (was_small) {
    memcpy(small_copy, so->small, sizeof small_copy);
    oldtable = small_copy;
  }
  SetEntry *newtable;
  if (newsize == SET_MINSIZE) {
    newtable = so->small;
    if (newtable == oldtable) return 0;  /* not reached: oldtable is the copy */
  } else {
    newtable = obj_calloc(newsize, sizeof(SetEntry));
    if (!newtable) return -1;
  }
  memset(newtable, 0, newsize * sizeof(SetEntry));
  so->mask = newsize - 1;
  so->table = newtable;
  so->fill = so->used;
  for (size_t i = 0; i <= oldmask; i++)
    if (IS_ACTIVE(&oldtable[i])) insert_clean(newtable, newsize - 1, oldtable[i].key, oldtable[i].hash);
  if (!was_small) free(oldtable);
  return 0;
}

/* -1 error, 0 absent, 1 found; *where receives the entry */
static int set_lookkey(SetObj *so, Value key, int64_t hash, SetEntry **where) {
restart:;
  SetEntry *table = so->table;
  size_t mask = so->mask, i = (size_t)hash & mask;
  uint64_t perturb = (uint64_t)hash;
  for (;;) {
    SetEntry *e = &table[i];
    int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
    do {
      if (IS_EMPTY(e)) return 0;
      if (e->hash == hash && IS_ACTIVE(e)) {
        Value k = e->key;
        if (op_is(k, key)) { *where = e; return 1; }
        if (VAL_IS_STR(k) && VAL_IS_STR(key)) {
          if (STR(k.u.o)->len == STR(key.u.o)->len &&
              memcmp(STR(k.u.o)->s, STR(key.u.o)->s, STR(k.u.o)->len) == 0) { *where = e; return 1; }
        } else {
          val_incref(k);
          int c = op_eq(k, key);
          if (c < 0) { val_decref(k); return -1; }
          int changed = table != so->table || !op_is(e->key, k);
          val_decref(k);
          if (changed) goto restart;
          if (c) { *where = e; return 1; }
        }
      }
      e++;
    } while (probes--);
    perturb >>= PERTURB_SHIFT;
    i = (i * 5 + 1 + (size_t)perturb) & mask;
  }
}

static int set_add_entry(SetObj *so, Value key, int64_t hash) {
restart:;
  size_t mask = so->mask, i = (size_t)hash & mask;
  uint64_t perturb = (uint64_t)hash;
  SetEntry *freeslot = NULL, *e;
  SetEntry *table = so->table;
  for (;;) {
    e = &table[i];
    int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
    do {
      if (IS_EMPTY(e)) goto found_unused_or_dummy;
      if (e->hash == hash && IS_ACTIVE(e)) {
        Value k = e->key;
        if (op_is(k, key)) return 0;
        if (VAL_IS_STR(k) && VAL_IS_STR(key)) {
          if (STR(k.u.o)->len == STR(key.u.o)->len &&
              memcmp(STR(k.u.o)->s, STR(key.u.o)->s, STR(k.u.o)->len) == 0) return 0;
        } else {
          val_incref(k);
          int c = op_eq(k, key);
          if (c < 0) { val_decref(k); return -1; }
          int changed = table != so->table || !op_is(e->key, k);
          val_decref(k);
          if (changed) goto restart;
          if (c) return 0;
        }
      } else if (IS_DUMMY(e) && !freeslot) {
        freeslot = e;
      }
      e++;
    } while (probes--);
    perturb >>= PERTURB_SHIFT;
    i = (i * 5 + 1 + (size_t)perturb) & mask;
  }
found_unused_or_dummy:
  if (freeslot) {
    so->used++;
    freeslot->key = val_incref(key);
    freeslot->hash = hash;
    return 0;
  }
  so->fill++;
  so->used++;
  e->key = val_incref(key);
  e->hash = hash;
  if ((size_t)so->fill * 5 < mask * 3) return 0;
  return set_table_resize(so, so->used > 50000 ? so->used * 2 : so->used * 4);
}

int set_add(Value s, Value x) {
  int64_t h;
  if (op_hash(x, &h) < 0) return -1;
  return set_add_entry(SETO(s.u.o), x, h);
}

int set_contains(Value s, Value x) {
  int64_t h;
  if (op_hash(x, &h) < 0) return -1;
  SetEntry *e;
  return set_lookkey(SETO(s.u.o), x, h, &e);
}

static int set_discard_entry(SetObj *so, Value key, int64_t hash) {
  SetEntry *e;
  int r = set_lookkey(so, key, hash, &e);
  if (r <= 0) return r;
  Value old = e->key;
  e->key = val_null();
  e->hash = DUMMY_HASH;
  so->used--;
  val_decref(old);
  return 1;
}

static int obj_set_discard(Value s, Value x) {
  int64_t h;
  if (op_hash(x, &h) < 0) return -1;
  return set_discard_entry(SETO(s.u.o), x, h);
}

static int obj_set_next(Value s, int64_t *pos, Value *key) {
  SetObj *so = SETO(s.u.o);
  while ((size_t)*pos <= so->mask) {
    SetEntry *e = &so->table[(*pos)++];
    if (IS_ACTIVE(e)) { *key = e->key; return 1; }
  }
  return 0;
}

static int set_merge(SetObj *so, SetObj *other) {
  if (so == other || other->used == 0) return 0;
  if ((size_t)(so->fill + other->used) * 5 >= so->mask * 3)
    if (set_table_resize(so, (so->used + other->used) * 2) < 0) return -1;
  if (so->fill == 0 && so->mask == other->mask && other->fill == other->used) {
    for (size_t i = 0; i <= other->mask; i++)
      if (IS_ACTIVE(&other->table[i])) {
        so->table[i].key = val_incref(other->table[i].key);
        so->table[i].hash = other->table[i].hash;
      }
    so->fill = other->fill;
    so->used = other->used;
    return 0;
  }
  if (so->fill == 0) {
    so->fill = so->used = other->used;
    for (size_t i = 0; i <= other->mask; i++)
      if (IS_ACTIVE(&other->table[i]))
        insert_clean(so->table, so->mask, val_incref(other->table[i].key), other->table[i].hash);
    return 0;
  }
  for (size_t i = 0; i <= other->mask; i++) {
    SetEntry *e = &other->table[i];
    if (IS_ACTIVE(e)) {
      Value k = val_incref(e->key);
      int r = set_add_entry(so, k, e->hash);
      val_decref(k);
      if (r < 0) return -1;
    }
  }
  return 0;
}

static int set_update(Value s, Value other) {
  SetObj *so = SETO(s.u.o);
  if (VAL_IS_SETLIKE(other)) return set_merge(so, SETO(other.u.o));
  if (VAL_IS_DICT(other)) {
    DictObj *d = DICT(other.u.o);
    if ((size_t)(so->fill + d->used) * 5 >= so->mask * 3)
      if (set_table_resize(so, (so->used + d->used) * 2) < 0) return -1;
    /* the key is held during the add: an __eq__ may clear the dict */
    for (int64_t i = 0; i < d->n; i++) {
      if (VAL_IS_NULL(d->entries[i].key)) continue;
      Value k = val_incref(d->entries[i].key);
      int r = set_add_entry(so, k, d->entries[i].hash);
      val_decref(k);
      if (r < 0) return -1;
    }
    return 0;
  }
  Value it = op_iter(other);
  if (VAL_IS_NULL(it)) return -1;
  Value x;
  int r;
  while ((r = op_next(it, &x)) == 1) {
    r = set_add(s, x);
    val_decref(x);
    if (r < 0) break;
  }
  val_decref(it);
  return r < 0 ? -1 : 0;
}

Value set_from(TypeObj *t, Value iterable) {
  Value s = set_alloc(t);
  if (VAL_IS_NULL(s)) return s;
  if (!VAL_IS_NULL(iterable) && set_update(s, iterable) < 0) { val_decref(s); return val_null(); }
  return s;
}

static void set_dealloc(Obj *o) {
  SetObj *so = SETO(o);
  for (size_t i = 0; i <= so->mask; i++) val_decref(so->table[i].key);
  if (so->table != so->small) free(so->table);
  obj_free(o);
}

static void set_traverse(Obj *o, VisitFn visit, void *arg) {
  SetObj *so = SETO(o);
  for (size_t i = 0; i <= so->mask; i++)
    if (VAL_IS_OBJ(so->table[i].key)) visit(so->table[i].key.u.o, arg);
}

static void set_clear_internal(SetObj *so) {
  SetEntry *t = so->table;
  size_t mask = so->mask;
  SetEntry small_copy[SET_MINSIZE];
  int was_small = t == so->small;
  if (was_small) { memcpy(small_copy, so->small, sizeof small_copy); t = small_copy; }
  memset(so->small, 0, sizeof so->small);
  so->table = so->small;
  so->mask = SET_MINSIZE - 1;
  so->fill = so->used = 0;
  for (size_t i = 0; i <= mask; i++) val_decref(t[i].key);
  if (!was_small) free(t);
}

static void set_clear_slot(Obj *o) { set_clear_internal(SETO(o)); }

static Value set_repr(Value v) {
  SetObj *so = SETO(v.u.o);
  /* frozensets and subclasses print as Name({...}) */
  int frozen = v.u.o->type != &set_type;
  const char *nm = v.u.o->type->name;
  if (so->used == 0) return str_fmt("%s()", nm);
  if (op_repr_enter(v.u.o)) return str_fmt("%s(...)", nm);
  FBuf b = {0};
  if (frozen) { fbuf_puts(&b, nm); fbuf_putc(&b, '('); }
  fbuf_putc(&b, '{');
  int64_t pos = 0, k = 0;
  Value key;
  while (obj_set_next(v, &pos, &key)) {
    if (k++) fbuf_puts(&b, ", ");
    val_incref(key);
    Value r = op_repr(key);
    val_decref(key);
    if (VAL_IS_NULL(r)) { fbuf_free(&b); op_repr_leave(v.u.o); return r; }
    fbuf_putn(&b, STR(r.u.o)->s, STR(r.u.o)->len);
    val_decref(r);
  }
  fbuf_putc(&b, '}');
  if (frozen) fbuf_putc(&b, ')');
  op_repr_leave(v.u.o);
  if (b.cap == (size_t)-1) return obj_raise_nomem();   /* the buffer refused to grow */
  Value r = str_new(b.s, b.len);
  fbuf_free(&b);
  return r;
}

static uint64_t shuffle_bits(uint64_t h) { return ((h ^ 89869747UL) ^ (h << 16)) * 3644798167UL; }

static int frozenset_hash(Value v, int64_t *out) {
  SetObj *so = SETO(v.u.o);
  if (so->hash != -1) { *out = so->hash; return 0; }
  uint64_t hash = 0;
  for (size_t i = 0; i <= so->mask; i++)
    hash ^= shuffle_bits((uint64_t)(IS_ACTIVE(&so->table[i]) ? so->table[i].hash : 0));
  if ((so->mask + 1 - (size_t)so->fill) & 1) hash ^= shuffle_bits(0);
  if ((so->fill - so->used) & 1) hash ^= shuffle_bits((uint64_t)-1);
  hash ^= ((uint64_t)so->used + 1) * 1927868237UL;
  hash ^= (hash >> 11) ^ (hash >> 25);
  hash = hash * 69069U + 907133923UL;
  if (hash == (uint64_t)-1) hash = 590923713UL;
  so->hash = (int64_t)hash;
  *out = so->hash;
  return 0;
}

static int set_len(Value v, int64_t *out) { *out = SETO(v.u.o)->used; return 0; }

static int set_contains_slot(Value v, Value x) {
  int r = set_contains(v, x);
  if (r < 0 && VAL_IS_SETLIKE(x) && obj_err_matches(&exc_TypeError)) {
    /* a set is looked up as a frozenset */
    obj_err_clear();
    Value f = set_from(&set_frozenset_type, x);
    if (VAL_IS_NULL(f)) return -1;
    r = set_contains(v, f);
    val_decref(f);
  }
  return r;
}

/* is every element of a in b? */
static int issubset(Value a, Value b) {
  if (SETO(a.u.o)->used > SETO(b.u.o)->used) return 0;
  int64_t pos = 0;
  Value k;
  while (obj_set_next(a, &pos, &k)) {
    SetEntry *e;
    val_incref(k);
    int r = set_lookkey(SETO(b.u.o), k, SETO(a.u.o)->table[pos - 1].hash, &e);
    val_decref(k);
    if (r <= 0) return r;
  }
  return 1;
}

static Value set_compare(Value a, Value b, int op) {
  if (!VAL_IS_SETLIKE(a) || !VAL_IS_SETLIKE(b)) return obj_notimpl();
  int64_t na = SETO(a.u.o)->used, nb = SETO(b.u.o)->used;
  int r;
  switch (op) {
    case CMP_EQ:
    case CMP_NOTEQ:
      r = na == nb ? issubset(a, b) : 0;
      if (r < 0) return val_null();
      return val_bool(op == CMP_EQ ? r : !r);
    case CMP_LTE: r = issubset(a, b); break;
    case CMP_GTE: r = issubset(b, a); break;
    case CMP_LT: r = na < nb ? issubset(a, b) : 0; break;
    default: r = nb < na ? issubset(b, a) : 0; break;
  }
  if (r < 0) return val_null();
  return val_bool(r);
}

static Value set_copy_type(Value s, TypeObj *t) { return set_from(t, s); }

static Value set_intersection(Value a, Value b) {
  Value result = set_alloc(OBJ_LAYOUT(a.u.o));
  if (VAL_IS_NULL(result)) return result;
  if (VAL_IS_SETLIKE(b)) {
    Value so = a, other = b;
    if (SETO(b.u.o)->used > SETO(a.u.o)->used) { so = b; other = a; }
    /* both sets are held and each key too: an __eq__ may change either (the table and its
     * mask are read again at every step) */
    val_incref(so);
    val_incref(other);
    SetObj *ot = SETO(other.u.o);
    int r = 0;
    for (size_t i = 0; i <= ot->mask && r >= 0; i++) {
      SetEntry *e = &ot->table[i], *w;
      if (!IS_ACTIVE(e)) continue;
      Value k = val_incref(e->key);
      int64_t h = e->hash;
      r = set_lookkey(SETO(so.u.o), k, h, &w);
      if (r > 0) r = set_add_entry(SETO(result.u.o), k, h);
      val_decref(k);
    }
    val_decref(so);
    val_decref(other);
    if (r < 0) { val_decref(result); return val_null(); }
    return result;
  }
  Value it = op_iter(b);
  if (VAL_IS_NULL(it)) { val_decref(result); return it; }
  Value x;
  int r;
  while ((r = op_next(it, &x)) == 1) {
    int64_t h;
    SetEntry *w;
    r = op_hash(x, &h);
    if (r == 0) {
      r = set_lookkey(SETO(a.u.o), x, h, &w);
      if (r > 0) r = set_add_entry(SETO(result.u.o), x, h);
    }
    val_decref(x);
    if (r < 0) break;
  }
  val_decref(it);
  if (r < 0) { val_decref(result); return val_null(); }
  return result;
}

static int difference_update(Value s, Value other) {
  if (s.u.o == other.u.o) { set_clear_internal(SETO(s.u.o)); return 0; }
  Value it = op_iter(other);
  if (VAL_IS_NULL(it)) return -1;
  Value x;
  int r;
  while ((r = op_next(it, &x)) == 1) {
    r = obj_set_discard(s, x);
    val_decref(x);
    if (r < 0) break;
  }
  val_decref(it);
  return r < 0 ? -1 : 0;
}

static Value set_difference(Value a, Value b) {
  int64_t other_size;
  if (VAL_IS_SETLIKE(b)) other_size = SETO(b.u.o)->used;
  else if (VAL_IS_DICT(b)) other_size = DICT(b.u.o)->used;
  else other_size = -1;
  if (other_size < 0 || (SETO(a.u.o)->used >> 2) > other_size) {
    Value r = set_copy_type(a, OBJ_LAYOUT(a.u.o));
    if (VAL_IS_NULL(r)) return r;
    if (difference_update(r, b) < 0) { val_decref(r); return val_null(); }
    return r;
  }
  Value result = set_alloc(OBJ_LAYOUT(a.u.o));
  if (VAL_IS_NULL(result)) return result;
  SetObj *so = SETO(a.u.o);
  for (size_t i = 0; i <= so->mask; i++) {
    SetEntry *e = &so->table[i];
    if (!IS_ACTIVE(e)) continue;
    int r;
    Value k = val_incref(e->key);
    int64_t h = e->hash;
    if (VAL_IS_DICT(b)) {
      Value x = dict_get_h(b, k, h);
      r = VAL_IS_NULL(x) ? (obj_err_occurred() ? -1 : 0) : 1;
    } else {
      SetEntry *w;
      r = set_lookkey(SETO(b.u.o), k, h, &w);
    }
    if (r == 0) r = set_add_entry(SETO(result.u.o), k, h);
    val_decref(k);
    if (r < 0) {
      val_decref(result);
      return val_null();
    }
  }
  return result;
}

static int symdiff_update(Value s, Value other) {
  Value o = VAL_IS_SETLIKE(other) ? val_incref(other) : set_from(&set_type, other);
  if (VAL_IS_NULL(o)) return -1;
  if (o.u.o == s.u.o) { set_clear_internal(SETO(s.u.o)); val_decref(o); return 0; }
  SetObj *ot = SETO(o.u.o);
  for (size_t i = 0; i <= ot->mask; i++) {
    SetEntry *e = &ot->table[i];
    if (!IS_ACTIVE(e)) continue;
    Value k = val_incref(e->key);
    int64_t h = e->hash;   /* e may move under a callback */
    int r = set_discard_entry(SETO(s.u.o), k, h);
    if (r == 0) r = set_add_entry(SETO(s.u.o), k, h);
    val_decref(k);
    if (r < 0) { val_decref(o); return -1; }
  }
  val_decref(o);
  return 0;
}

static Value set_symdiff(Value a, Value b) {
  Value r = set_from(OBJ_LAYOUT(a.u.o), b);
  if (VAL_IS_NULL(r)) return r;
  if (symdiff_update(r, a) < 0) { val_decref(r); return val_null(); }
  return r;
}

static Value set_union(Value a, Value b) {
  Value r = set_copy_type(a, OBJ_LAYOUT(a.u.o));
  if (VAL_IS_NULL(r)) return r;
  if (set_update(r, b) < 0) { val_decref(r); return val_null(); }
  return r;
}

static Value set_binary(int op, Value a, Value b) {
  if (!VAL_IS_SETLIKE(a) || !VAL_IS_SETLIKE(b)) return obj_notimpl();
  int inplace = (op & OBJ_INPLACE) && OBJ_LAYOUT(a.u.o) == &set_type;
  switch (op & 0xff) {
    case OP_BITOR:
      if (inplace) { if (set_update(a, b) < 0) return val_null(); return val_incref(a); }
      return set_union(a, b);
    case OP_BITAND:
      if (inplace) {
        Value r = set_intersection(a, b);
        if (VAL_IS_NULL(r)) return r;
        set_clear_internal(SETO(a.u.o));
        int k = set_merge(SETO(a.u.o), SETO(r.u.o));
        val_decref(r);
        if (k < 0) return val_null();
        return val_incref(a);
      }
      return set_intersection(a, b);
    case OP_SUB:
      if (inplace) { if (difference_update(a, b) < 0) return val_null(); return val_incref(a); }
      return set_difference(a, b);
    case OP_BITXOR:
      if (inplace) { if (symdiff_update(a, b) < 0) return val_null(); return val_incref(a); }
      return set_symdiff(a, b);
    default: return obj_notimpl();
  }
}

typedef struct SetIter { Obj ob; Value s; int64_t pos, used; } SetIter;
static void si_dealloc(Obj *o) { val_decref(((SetIter *)o)->s); obj_free(o); }
static void si_traverse(Obj *o, VisitFn visit, void *arg) {
  if (VAL_IS_OBJ(((SetIter *)o)->s)) visit(((SetIter *)o)->s.u.o, arg);
}
static void si_clear(Obj *o) { val_clear(&((SetIter *)o)->s); }
static Value si_iter(Value v) { return val_incref(v); }
static int si_next(Value v, Value *out) {
  SetIter *it = (SetIter *)v.u.o;
  if (VAL_IS_NULL(it->s)) return 0;
  if (SETO(it->s.u.o)->used != it->used) {
    it->used = -1;
    obj_raise(&exc_RuntimeError, "Set changed size during iteration");
    return -1;
  }
  Value k;
  if (!obj_set_next(it->s, &it->pos, &k)) { val_clear(&it->s); return 0; }
  *out = val_incref(k);
  return 1;
}
static TypeObj setiter_type = {OBJ_TYPE_HEAD, .name = "set_iterator", .flags = TF_GC,
                               .dealloc = si_dealloc, .traverse = si_traverse,
                               .clear = si_clear, .iter = si_iter, .next = si_next};

static Value set_iter(Value v) {
  SetIter *it = obj_alloc(&setiter_type, sizeof(SetIter));
  if (!it) return val_null();
  it->s = val_incref(v);
  it->used = SETO(v.u.o)->used;
  return val_obj(&it->ob);
}

static Value set_new_slot(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  if (t->layout == &set_type)
    return set_alloc(t);   /* a subclass of set: set.__init__ fills it */
  if (func_check_args(t->name, argc, kw, 0, 1) < 0) return val_null();
  if (t == &set_frozenset_type && argc == 1 && argv[0].tag == V_OBJ &&
      argv[0].u.o->type == &set_frozenset_type)
    return val_incref(argv[0]);
  return set_from(t, argc ? argv[0] : val_null());
}

/* ---- methods -------------------------------------------------------------------------- */
#define S argv[0]

static Value m_add(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("add", argc - 1, kw, 1, 1) < 0) return val_null();
  if (set_add(S, argv[1]) < 0) return val_null();
  return val_none();
}

static Value m_remove(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("remove", argc - 1, kw, 1, 1) < 0) return val_null();
  int r = obj_set_discard(S, argv[1]);
  if (r < 0) return val_null();
  if (r == 0) {
    dict_raise_key_error(argv[1]);
    return val_null();
  }
  return val_none();
}

static Value m_discard(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("discard", argc - 1, kw, 1, 1) < 0) return val_null();
  if (obj_set_discard(S, argv[1]) < 0) return val_null();
  return val_none();
}

static Value m_pop(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("pop", argc - 1, kw, 0, 0) < 0) return val_null();
  SetObj *so = SETO(S.u.o);
  if (so->used == 0) return obj_raise(&exc_KeyError, "pop from an empty set");
  SetEntry *e = so->table + ((size_t)so->finger & so->mask), *limit = so->table + so->mask;
  while (!IS_ACTIVE(e)) {
    e++;
    if (e > limit) e = so->table;
  }
  Value k = e->key;
  e->key = val_null();
  e->hash = DUMMY_HASH;
  so->used--;
  so->finger = (e - so->table) + 1;
  return k;
}

static Value m_clear(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("clear", argc - 1, kw, 0, 0) < 0) return val_null();
  set_clear_internal(SETO(S.u.o));
  return val_none();
}

static Value m_copy(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("copy", argc - 1, kw, 0, 0) < 0) return val_null();
  if (S.u.o->type == &set_frozenset_type) return val_incref(S);
  return set_copy_type(S, OBJ_LAYOUT(S.u.o));
}

/* the multi-argument forms: s.union(a, b, ...) */
static Value multi(int argc, const Value *argv, Obj *kw, const char *name, int op) {
  if (func_check_args(name, argc - 1, kw, 0, 1000) < 0) return val_null();
  Value r = set_copy_type(S, OBJ_LAYOUT(S.u.o));
  for (int i = 1; i < argc && !VAL_IS_NULL(r); i++) {
    Value o = VAL_IS_SETLIKE(argv[i]) ? val_incref(argv[i]) : set_from(&set_type, argv[i]);
    if (VAL_IS_NULL(o)) { val_decref(r); return o; }
    Value n;
    if (op == OP_BITOR) n = set_union(r, o);
    else if (op == OP_BITAND) n = set_intersection(r, o);
    else if (op == OP_SUB) n = set_difference(r, o);
    else n = set_symdiff(r, o);
    val_decref(o);
    val_decref(r);
    r = n;
  }
  return r;
}
static Value m_union(int argc, const Value *argv, Obj *kw) { return multi(argc, argv, kw, "union", OP_BITOR); }
static Value m_intersection(int argc, const Value *argv, Obj *kw) { return multi(argc, argv, kw, "intersection", OP_BITAND); }
static Value m_difference(int argc, const Value *argv, Obj *kw) { return multi(argc, argv, kw, "difference", OP_SUB); }
static Value m_symmetric_difference(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("symmetric_difference", argc - 1, kw, 1, 1) < 0) return val_null();
  return multi(argc, argv, kw, "symmetric_difference", OP_BITXOR);
}

static Value inplace_multi(int argc, const Value *argv, Obj *kw, const char *name, int op) {
  Value r = multi(argc, argv, kw, name, op);
  if (VAL_IS_NULL(r)) return r;
  set_clear_internal(SETO(S.u.o));
  int k = set_merge(SETO(S.u.o), SETO(r.u.o));
  val_decref(r);
  if (k < 0) return val_null();
  return val_none();
}
static Value m_update(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("update", argc - 1, kw, 0, 1000) < 0) return val_null();
  for (int i = 1; i < argc; i++)
    if (set_update(S, argv[i]) < 0) return val_null();
  return val_none();
}
static Value m_intersection_update(int argc, const Value *argv, Obj *kw) { return inplace_multi(argc, argv, kw, "intersection_update", OP_BITAND); }
static Value m_difference_update(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("difference_update", argc - 1, kw, 0, 1000) < 0) return val_null();
  for (int i = 1; i < argc; i++)
    if (difference_update(S, argv[i]) < 0) return val_null();
  return val_none();
}
static Value m_symmetric_difference_update(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("symmetric_difference_update", argc - 1, kw, 1, 1) < 0) return val_null();
  if (symdiff_update(S, argv[1]) < 0) return val_null();
  return val_none();
}

static Value as_set(Value v) {
  return VAL_IS_SETLIKE(v) ? val_incref(v) : set_from(&set_type, v);
}
static Value m_issubset(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("issubset", argc - 1, kw, 1, 1) < 0) return val_null();
  Value o = as_set(argv[1]);
  if (VAL_IS_NULL(o)) return o;
  int r = issubset(S, o);
  val_decref(o);
  return r < 0 ? val_null() : val_bool(r);
}
static Value m_issuperset(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("issuperset", argc - 1, kw, 1, 1) < 0) return val_null();
  Value o = as_set(argv[1]);
  if (VAL_IS_NULL(o)) return o;
  int r = issubset(o, S);
  val_decref(o);
  return r < 0 ? val_null() : val_bool(r);
}
static Value m_isdisjoint(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("isdisjoint", argc - 1, kw, 1, 1) < 0) return val_null();
  Value o = as_set(argv[1]);
  if (VAL_IS_NULL(o)) return o;
  Value i = set_intersection(S, o);
  val_decref(o);
  if (VAL_IS_NULL(i)) return i;
  int r = SETO(i.u.o)->used == 0;
  val_decref(i);
  return val_bool(r);
}

static Value m_set_new(int argc, const Value *argv, Obj *kw) {
  return class_builtin_new(&set_type, argc, argv, kw);
}
static Value m_frozenset_new(int argc, const Value *argv, Obj *kw) {
  return class_builtin_new(&set_frozenset_type, argc, argv, kw);
}
static Value m_set_init(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("set", argc - 1, kw, 0, 1) < 0) return val_null();
  Value src = val_null();
  if (argc > 1) {
    src = set_from(&set_type, argv[1]);
    if (VAL_IS_NULL(src)) return src;
  }
  Value r = m_clear(1, argv, NULL);
  if (!VAL_IS_NULL(r) && !VAL_IS_NULL(src) && set_update(argv[0], src) < 0) {
    val_decref(r);
    r = val_null();
  }
  val_decref(src);
  return r;
}

static const MethodDef set_methods[] = {
    {"__new__", m_set_new, "__new__(type, *args, **kwargs)", METH_STATIC},
    {"__init__", m_set_init, "__init__(iterable=(), /)", 0},
    {"add", m_add, "add(elem)\nAdd an element to a set.", 0},
    {"remove", m_remove, "remove(elem)\nRemove an element; KeyError if absent.", 0},
    {"discard", m_discard, "discard(elem)\nRemove an element if present.", 0},
    {"pop", m_pop, "pop()\nRemove and return an arbitrary element.", 0},
    {"clear", m_clear, "clear()", 0},
    {"copy", m_copy, "copy()", 0},
    {"union", m_union, "union(*others)", 0},
    {"intersection", m_intersection, "intersection(*others)", 0},
    {"difference", m_difference, "difference(*others)", 0},
    {"symmetric_difference", m_symmetric_difference, "symmetric_difference(other)", 0},
    {"update", m_update, "update(*others)", 0},
    {"intersection_update", m_intersection_update, "intersection_update(*others)", 0},
    {"difference_update", m_difference_update, "difference_update(*others)", 0},
    {"symmetric_difference_update", m_symmetric_difference_update, "symmetric_difference_update(other)", 0},
    {"issubset", m_issubset, "issubset(other)", 0},
    {"issuperset", m_issuperset, "issuperset(other)", 0},
    {"isdisjoint", m_isdisjoint, "isdisjoint(other)", 0},
    {NULL}};

static const MethodDef frozenset_methods[] = {
    {"__new__", m_frozenset_new, "__new__(type, iterable=(), /)", METH_STATIC},
    {"copy", m_copy, "copy()", 0},
    {"union", m_union, "union(*others)", 0},
    {"intersection", m_intersection, "intersection(*others)", 0},
    {"difference", m_difference, "difference(*others)", 0},
    {"symmetric_difference", m_symmetric_difference, "symmetric_difference(other)", 0},
    {"issubset", m_issubset, "issubset(other)", 0},
    {"issuperset", m_issuperset, "issuperset(other)", 0},
    {"isdisjoint", m_isdisjoint, "isdisjoint(other)", 0},
    {NULL}};

TypeObj set_type = {
    OBJ_TYPE_HEAD, .name = "set", .flags = TF_GC | TF_BASETYPE,
    .doc = "set() -> new empty set object\nset(iterable) -> new set object",
    .dealloc = set_dealloc, .traverse = set_traverse, .clear = set_clear_slot,
    .repr = set_repr, .compare = set_compare, .binary = set_binary, .len = set_len,
    .contains = set_contains_slot, .iter = set_iter, .new = set_new_slot, .methods = set_methods};
TypeObj set_frozenset_type = {
    OBJ_TYPE_HEAD, .name = "frozenset", .flags = TF_GC | TF_BASETYPE,
    .doc = "frozenset() -> empty frozenset object\nfrozenset(iterable) -> frozenset object",
    .dealloc = set_dealloc, .traverse = set_traverse, .clear = set_clear_slot,
    .repr = set_repr, .hash = frozenset_hash, .compare = set_compare, .binary = set_binary,
    .len = set_len, .contains = set_contains_slot, .iter = set_iter, .new = set_new_slot,
    .methods = frozenset_methods};
