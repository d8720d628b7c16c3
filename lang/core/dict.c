/* dict.c - the dict type: an insertion-ordered hash table (a dense entry array plus a sparse
 * index, as CPython's), its views (keys, values, items) and methods. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

#define PERTURB_SHIFT 5
#define IX_EMPTY (-1)
#define IX_DUMMY (-2)

static int dict_build_index(DictObj *d, size_t size) {
  int64_t *ix = obj_malloc(size * sizeof(int64_t));
  if (!ix) return -1;
  for (size_t i = 0; i < size; i++) ix[i] = IX_EMPTY;
  size_t mask = size - 1;
  for (int64_t k = 0; k < d->n; k++) {
    if (VAL_IS_NULL(d->entries[k].key)) continue;
    uint64_t h = (uint64_t)d->entries[k].hash, perturb = h;
    size_t i = (size_t)h & mask;
    while (ix[i] != IX_EMPTY) {
      perturb >>= PERTURB_SHIFT;
      i = (i * 5 + (size_t)perturb + 1) & mask;
    }
    ix[i] = k;
  }
  free(d->index);
  d->index = ix;
  d->mask = mask;
  return 0;
}

/* Small dicts (instance attributes, keyword sets) have no index: up to SMALL entries are
 * searched linearly, which saves an allocation and the probing. */
#define SMALL 8

/* compact the entries and rebuild the index for at least `need` live entries */
static int dict_resize(DictObj *d, int64_t need) {
  size_t size = 8;
  int small = need < SMALL;
  while (!small && (int64_t)(size * 2 / 3) < need + 1) {
    if (size > obj_alloc_cap() / sizeof(DictEntry)) { obj_raise_nomem(); return -1; }
    size <<= 1;
  }
  int64_t cap = small ? (need < 4 ? 4 : SMALL) : (int64_t)(size * 2 / 3);
  DictEntry *ne = obj_calloc((size_t)cap, sizeof(DictEntry));
  if (!ne) return -1;
  int64_t k = 0;
  for (int64_t i = 0; i < d->n; i++)
    if (!VAL_IS_NULL(d->entries[i].key)) ne[k++] = d->entries[i];
  free(d->entries);
  d->entries = ne;
  d->n = k;
  d->cap = cap;
  d->version++;
  if (small) {
    free(d->index);
    d->index = NULL;
    d->mask = 0;
    return 0;
  }
  return dict_build_index(d, size);
}

static inline int key_same(Value k, Value key) {
  return k.tag == key.tag && (k.tag == V_OBJ ? k.u.o == key.u.o : k.u.i == key.u.i);
}

/* the linear search of an index-less dict; same results as dict_lookup */
static int64_t small_lookup(DictObj *d, Value key, int64_t hash) {
restart:
  for (int64_t i = 0; i < d->n; i++) {
    DictEntry *e = &d->entries[i];
    if (VAL_IS_NULL(e->key) || e->hash != hash) continue;
    if (key_same(e->key, key)) return i;
  }
  for (int64_t i = 0; i < d->n; i++) {
    DictEntry *e = &d->entries[i];
    if (VAL_IS_NULL(e->key) || e->hash != hash) continue;
    Value k = e->key;
    if (VAL_IS_STR(k) && VAL_IS_STR(key)) {
      StrObj *a = STR(k.u.o), *b = STR(key.u.o);
      if (a->len == b->len && memcmp(a->s, b->s, a->len) == 0) return i;
      continue;
    }
    /* as CPython: start again only if the comparison's user code moved the table or this
     * entry, not on every insertion (an __eq__ that always inserts would loop forever) */
    DictEntry *ents = d->entries;
    val_incref(k);
    int eq = op_eq(k, key);
    int moved = d->entries != ents || i >= d->n || !key_same(d->entries[i].key, k);
    val_decref(k);
    if (eq < 0) return -2;
    if (d->index) return -3;   /* it grew an index meanwhile: dict_lookup starts again */
    if (moved) goto restart;
    if (eq) return i;
  }
  return -1;
}

/* the first free index slot (empty or dummy) for hash, with no comparisons (no user code) */
static size_t empty_slot(const DictObj *d, int64_t hash) {
  size_t mask = d->mask, i = (size_t)hash & mask;
  uint64_t perturb = (uint64_t)hash;
  while (d->index[i] >= 0) {
    perturb >>= PERTURB_SHIFT;
    i = (i * 5 + (size_t)perturb + 1) & mask;
  }
  return i;
}

/* find key: returns the entry index or -1 (absent), -2 on error; *slot gets the index slot */
static int64_t dict_lookup(DictObj *d, Value key, int64_t hash, size_t *slot) {
  int64_t ver0;
restart:
  /* (a restart may find the dict cleared or shrunk to the index-less form) */
  if (!d->index) {
    *slot = 0;
    int64_t r = d->n ? small_lookup(d, key, hash) : -1;
    if (r == -3) goto restart;
    return r;
  }
  ver0 = d->version;
  size_t mask = d->mask, i = (size_t)hash & mask;
  uint64_t perturb = (uint64_t)hash;
  int64_t *index = d->index;
  size_t free_slot = (size_t)-1;
  for (;;) {
    int64_t ix = index[i];
    if (ix == IX_EMPTY) {
      /* user code in a comparison may have filled the slot seen free: find one again */
      if (d->version != ver0) *slot = empty_slot(d, hash);
      else *slot = free_slot != (size_t)-1 ? free_slot : i;
      return -1;
    }
    if (ix == IX_DUMMY) {
      if (free_slot == (size_t)-1) free_slot = i;
    } else {
      DictEntry *e = &d->entries[ix];
      if (e->hash == hash) {
        Value k = e->key;
        if (k.tag == key.tag && (k.tag == V_OBJ ? k.u.o == key.u.o : k.u.i == key.u.i)) {
          *slot = i;
          return ix;
        }
        if (VAL_IS_STR(k) && VAL_IS_STR(key)) {
          StrObj *a = STR(k.u.o), *b = STR(key.u.o);
          if (a->len == b->len && memcmp(a->s, b->s, a->len) == 0) { *slot = i; return ix; }
        } else {
          /* as CPython: start again only if the table or this entry moved under the
           * comparison's user code, not on every insertion (which could loop forever) */
          DictEntry *ents = d->entries;
          val_incref(k);
          int eq = op_eq(k, key);
          int moved = d->entries != ents || d->index != index || d->mask != mask || ix >= d->n ||
                      !key_same(d->entries[ix].key, k);
          val_decref(k);
          if (eq < 0) return -2;
          if (moved) goto restart;
          if (eq) { *slot = i; return ix; }
        }
      }
    }
    perturb >>= PERTURB_SHIFT;
    i = (i * 5 + (size_t)perturb + 1) & mask;
  }
}

/* the live entries packed to the front, entry `first` (when >= 0) ahead of the others, which keep
 * their order; the index is rebuilt from the stored hashes, so no comparison runs. For
 * OrderedDict (stdlib/mod_odict.c): move_to_end(last=False), and the deleted entries that
 * popitem(last=False) leaves at the front. Bumps version, as a resize does. */
int dict_pack_front(Value dv, int64_t first) {
  DictObj *d = DICT(dv.u.o);
  if (first >= d->n || (first >= 0 && VAL_IS_NULL(d->entries[first].key))) first = -1;
  if (!d->cap) return 0;
  DictEntry *ne = obj_calloc((size_t)d->cap, sizeof(DictEntry));
  if (!ne) return -1;
  int64_t k = 0;
  if (first >= 0) ne[k++] = d->entries[first];
  for (int64_t i = 0; i < d->n; i++)
    if (i != first && !VAL_IS_NULL(d->entries[i].key)) ne[k++] = d->entries[i];
  DictEntry *old = d->entries;
  int64_t oldn = d->n;
  d->entries = ne;
  d->n = k;
  if (d->index && dict_build_index(d, d->mask + 1) < 0) {   /* (the old index stays) */
    d->entries = old;
    d->n = oldn;
    free(ne);
    return -1;
  }
  free(old);
  d->version++;
  return 0;
}

Value dict_new(void) {
  DictObj *d = obj_alloc(&dict_type, sizeof(DictObj));
  return val_obj(d ? &d->ob : NULL);
}

Value dict_get_h(Value dv, Value key, int64_t hash) {
  DictObj *d = DICT(dv.u.o);
  size_t slot;
  int64_t ix = dict_lookup(d, key, hash, &slot);
  if (ix < 0) return val_null();
  return d->entries[ix].val;
}

int64_t dict_lookup_ix(Value dv, Value key, int64_t hash) {
  size_t slot;
  return dict_lookup(DICT(dv.u.o), key, hash, &slot);
}

int64_t dict_entry_index(Value dv, Value key, int64_t hash) {
  size_t slot;
  int64_t ix = dict_lookup(DICT(dv.u.o), key, hash, &slot);
  if (ix == -2) obj_err_clear();
  return ix < 0 ? -1 : ix;
}

Value dict_get(Value dv, Value key) {
  int64_t h;
  if (op_hash(key, &h) < 0) return val_null();
  return dict_get_h(dv, key, h);
}

Value dict_getstr(Value dv, const char *key) {
  Obj *k = str_intern(key);
  if (!k) return val_null();
  return dict_get_h(dv, val_obj(k), STR(k)->hash);
}

int dict_set_h(Value dv, Value key, int64_t hash, Value x) {
  DictObj *d = DICT(dv.u.o);
  if (d->ns_mod && module_ns_store(d, key, x) < 0) return -1;   /* globals()[k] = x */
  size_t slot;
  int64_t ix = dict_lookup(d, key, hash, &slot);
  if (ix == -2) return -1;
  if (ix >= 0) {
    Value old = d->entries[ix].val;
    d->entries[ix].val = val_incref(x);
    val_decref(old);
    return 0;
  }
  if (d->n >= d->cap) {
    if (dict_resize(d, d->used + 1) < 0) return -1;
    /* the key is absent (as of the lookup): no second round of user __eq__ calls */
    if (d->index) slot = empty_slot(d, hash);
  }
  int64_t k = d->n++;
  d->entries[k].hash = hash;
  d->entries[k].key = val_incref(key);
  d->entries[k].val = val_incref(x);
  if (d->index) d->index[slot] = k;
  d->used++;
  d->version++;
  return 0;
}

int dict_set(Value dv, Value key, Value x) {
  int64_t h;
  if (op_hash(key, &h) < 0) return -1;
  return dict_set_h(dv, key, h, x);
}

int dict_setstr(Value dv, const char *key, Value x) {
  Obj *k = str_intern(key);
  if (!k) return -1;
  return dict_set_h(dv, val_obj(k), STR(k)->hash, x);
}

void dict_raise_key_error(Value key) {
  Value args = tuple_pack(1, key);
  if (VAL_IS_NULL(args)) return;
  Value e = exc_new(&exc_KeyError, args);
  val_decref(args);
  if (VAL_IS_NULL(e)) return;
  obj_raise_value(e);
  val_decref(e);
}

/* remove and return the value (new ref); V_NULL if absent (no error set) or on error */
Value dict_pop(Value dv, Value key) {
  int64_t h;
  if (op_hash(key, &h) < 0) return val_null();
  return dict_pop_h(dv, key, h);
}

Value dict_pop_h(Value dv, Value key, int64_t h) {
  DictObj *d = DICT(dv.u.o);
  size_t slot;
  int64_t ix = dict_lookup(d, key, h, &slot);
  if (ix < 0) return val_null();
  if (d->index) d->index[slot] = IX_DUMMY;
  Value k = d->entries[ix].key, v = d->entries[ix].val;
  d->entries[ix].key = val_null();
  d->entries[ix].val = val_null();
  d->used--;
  d->version++;
  if (d->ns_mod && module_ns_store(d, k, val_null()) < 0) obj_err_clear();   /* del globals()[k] */
  val_decref(k);
  return v;
}

static int obj_dict_del(Value dv, Value key) {
  Value v = dict_pop(dv, key);
  if (VAL_IS_NULL(v)) {
    if (!obj_err_occurred()) dict_raise_key_error(key);
    return -1;
  }
  val_decref(v);
  return 0;
}

int64_t dict_len(Value dv) { return DICT(dv.u.o)->used; }

int dict_next(Value dv, int64_t *pos, Value *key, Value *val) {
  DictObj *d = DICT(dv.u.o);
  while (*pos < d->n) {
    DictEntry *e = &d->entries[(*pos)++];
    if (!VAL_IS_NULL(e->key)) {
      if (key) *key = e->key;
      if (val) *val = e->val;
      return 1;
    }
  }
  return 0;
}

void dict_clear(Value dv) {
  DictObj *d = DICT(dv.u.o);
  module_ns_clear_all(d);
  DictEntry *ents = d->entries;
  int64_t n = d->n;
  free(d->index);
  d->entries = NULL;
  d->index = NULL;
  d->n = d->used = d->cap = 0;
  d->mask = 0;
  d->version++;
  for (int64_t i = 0; i < n; i++) {
    val_decref(ents[i].key);
    val_decref(ents[i].val);
  }
  free(ents);
}

/* the keys of a dict are distinct already: a copy places them without comparing (no user
 * __eq__ runs, so nothing can change the source under the copy), as CPython's clone does */
static int dict_clone_into(DictObj *c, DictObj *d) {
  if (d->used && dict_resize(c, d->used) < 0) return -1;
  for (int64_t i = 0; i < d->n; i++) {
    DictEntry *e = &d->entries[i];
    if (VAL_IS_NULL(e->key)) continue;
    int64_t k = c->n++;
    c->entries[k].hash = e->hash;
    c->entries[k].key = val_incref(e->key);
    c->entries[k].val = val_incref(e->val);
    c->used++;
    if (c->index) {
      size_t mask = c->mask, j = (size_t)e->hash & mask;
      uint64_t perturb = (uint64_t)e->hash;
      while (c->index[j] != IX_EMPTY) {
        perturb >>= PERTURB_SHIFT;
        j = (j * 5 + (size_t)perturb + 1) & mask;
      }
      c->index[j] = k;
    }
  }
  c->version++;
  return 0;
}

Value dict_copy(Value dv) {
  Value r = dict_new();
  if (VAL_IS_NULL(r)) return r;
  if (dict_clone_into(DICT(r.u.o), DICT(dv.u.o)) < 0) { val_decref(r); return val_null(); }
  return r;
}

int dict_update(Value dv, Value other) {
  if (VAL_IS_DICT(other) && DICT(dv.u.o)->used == 0 && DICT(dv.u.o)->n == 0 && dv.u.o != other.u.o &&
      !DICT(dv.u.o)->ns_mod)
    return dict_clone_into(DICT(dv.u.o), DICT(other.u.o));
  if (VAL_IS_DICT(other)) {
    DictObj *o = DICT(other.u.o);
    for (int64_t i = 0; i < o->n; i++) {
      DictEntry *e = &o->entries[i];
      if (VAL_IS_NULL(e->key)) continue;
      Value k = val_incref(e->key), v = val_incref(e->val);
      int r = dict_set_h(dv, k, e->hash, v);
      val_decref(k);
      val_decref(v);
      if (r < 0) return -1;
    }
    return 0;
  }
  /* a mapping with keys() */
  if (VAL_IS_OBJ(other) && (other.u.o->type->flags & TF_USER) && op_hasattr_s(other, "keys")) {
    Value keys = op_call_method(other, "keys", 0, NULL);
    if (VAL_IS_NULL(keys)) return -1;
    Value it = op_iter(keys);
    val_decref(keys);
    if (VAL_IS_NULL(it)) return -1;
    Value k;
    int r;
    while ((r = op_next(it, &k)) == 1) {
      Value v = op_getitem(other, k);
      if (VAL_IS_NULL(v)) { val_decref(k); r = -1; break; }
      r = dict_set(dv, k, v);
      val_decref(k);
      val_decref(v);
      if (r < 0) break;
    }
    val_decref(it);
    return r < 0 ? -1 : 0;
  }
  Value it = op_iter(other);
  if (VAL_IS_NULL(it)) return -1;
  Value item;
  int r;
  int64_t n = 0;
  while ((r = op_next(it, &item)) == 1) {
    Value seq = list_from_iterable(item);
    if (VAL_IS_NULL(seq)) {
      if (obj_err_matches(&exc_TypeError)) {
        obj_err_clear();
        obj_raise(&exc_TypeError, "cannot convert dictionary update sequence element #%lld to a sequence",
                  (long long)n);
      }
      val_decref(item);
      r = -1;
      break;
    }
    val_decref(item);
    if (LIST(seq.u.o)->len != 2) {
      obj_raise(&exc_ValueError, "dictionary update sequence element #%lld has length %lld; 2 is required",
                (long long)n, (long long)LIST(seq.u.o)->len);
      val_decref(seq);
      r = -1;
      break;
    }
    r = dict_set(dv, LIST(seq.u.o)->items[0], LIST(seq.u.o)->items[1]);
    val_decref(seq);
    if (r < 0) break;
    n++;
  }
  val_decref(it);
  return r < 0 ? -1 : 0;
}

/* ---- slots --------------------------------------------------------------------------------- */
static void dict_dealloc(Obj *o) {
  DictObj *d = DICT(o);
  for (int64_t i = 0; i < d->n; i++) {
    val_decref(d->entries[i].key);
    val_decref(d->entries[i].val);
  }
  free(d->entries);
  free(d->index);
  obj_free(o);
}

static void dict_traverse(Obj *o, VisitFn visit, void *arg) {
  DictObj *d = DICT(o);
  for (int64_t i = 0; i < d->n; i++) {
    if (VAL_IS_OBJ(d->entries[i].key)) visit(d->entries[i].key.u.o, arg);
    if (VAL_IS_OBJ(d->entries[i].val)) visit(d->entries[i].val.u.o, arg);
  }
}

static void dict_clear_slot(Obj *o) { dict_clear(val_obj(o)); }

static Value dict_repr(Value v) {
  if (op_repr_enter(v.u.o)) return str_from_cstr("{...}");
  FBuf b = {0};
  fbuf_putc(&b, '{');
  int64_t pos = 0, k = 0;
  Value key, val;
  while (dict_next(v, &pos, &key, &val)) {
    if (k++) fbuf_puts(&b, ", ");
    val_incref(key);
    val_incref(val);
    Value r1 = op_repr(key);
    Value r2 = VAL_IS_NULL(r1) ? r1 : op_repr(val);
    val_decref(key);
    val_decref(val);
    if (VAL_IS_NULL(r2)) {
      val_decref(r1);
      fbuf_free(&b);
      op_repr_leave(v.u.o);
      return val_null();
    }
    fbuf_putn(&b, STR(r1.u.o)->s, STR(r1.u.o)->len);
    fbuf_puts(&b, ": ");
    fbuf_putn(&b, STR(r2.u.o)->s, STR(r2.u.o)->len);
    val_decref(r1);
    val_decref(r2);
  }
  fbuf_putc(&b, '}');
  op_repr_leave(v.u.o);
  if (b.cap == (size_t)-1) return obj_raise_nomem();   /* the buffer refused to grow */
  Value r = str_new(b.s, b.len);
  fbuf_free(&b);
  return r;
}

static Value dict_compare(Value a, Value b, int op) {
  if (!VAL_IS_DICT_ANY(a) || !VAL_IS_DICT_ANY(b) || (op != CMP_EQ && op != CMP_NOTEQ))
    return obj_notimpl();
  DictObj *x = DICT(a.u.o), *y = DICT(b.u.o);
  int eq = x->used == y->used;
  for (int64_t i = 0; eq && i < x->n; i++) {
    DictEntry *e = &x->entries[i];
    if (VAL_IS_NULL(e->key)) continue;
    Value k = val_incref(e->key), v = val_incref(e->val);
    Value w = dict_get_h(b, k, e->hash);
    int r;
    if (VAL_IS_NULL(w)) r = obj_err_occurred() ? -1 : 0;
    else { val_incref(w); r = op_eq(v, w); val_decref(w); }
    val_decref(k);
    val_decref(v);
    if (r < 0) return val_null();
    eq = r;
  }
  return val_bool(op == CMP_EQ ? eq : !eq);
}

static Value dict_binary(int op, Value a, Value b) {
  if ((op & 0xff) != OP_BITOR || !VAL_IS_DICT_ANY(a) || !VAL_IS_DICT_ANY(b)) return obj_notimpl();
  if (op & OBJ_INPLACE) {
    if (dict_update(a, b) < 0) return val_null();
    return val_incref(a);
  }
  Value r = dict_copy(a);
  if (VAL_IS_NULL(r)) return r;
  if (dict_update(r, b) < 0) { val_decref(r); return val_null(); }
  return r;
}

static int dict_len_slot(Value v, int64_t *out) { *out = DICT(v.u.o)->used; return 0; }

static Value dict_getitem(Value v, Value key) {
  int64_t h;
  if (op_hash(key, &h) < 0) return val_null();
  Value x = dict_get_h(v, key, h);
  if (VAL_IS_NULL(x)) {
    if (obj_err_occurred()) return x;
    if (v.u.o->type != &dict_type) {
      /* a subclass's __missing__(key) (defaultdict, Counter) */
      Value m = class_user_method(v, "__missing__");
      if (!VAL_IS_NULL(m)) {
        Value r = op_call1(m, key);
        val_decref(m);
        return r;
      }
      if (obj_err_occurred()) return val_null();
    }
    dict_raise_key_error(key);
    return val_null();
  }
  return val_incref(x);
}

static int dict_setitem(Value v, Value key, Value x) {
  if (VAL_IS_NULL(x)) return obj_dict_del(v, key);
  return dict_set(v, key, x);
}

static int dict_contains(Value v, Value key) {
  int64_t h;
  if (op_hash(key, &h) < 0) return -1;
  Value x = dict_get_h(v, key, h);
  if (VAL_IS_NULL(x)) return obj_err_occurred() ? -1 : 0;
  return 1;
}

/* ---- iterators and views -------------------------------------------------------------- */
typedef struct DictIter { Obj ob; Value d; int64_t pos, used; int kind; } DictIter;
enum { DI_KEYS, DI_VALUES, DI_ITEMS };

static void di_dealloc(Obj *o) { val_decref(((DictIter *)o)->d); obj_free(o); }
static void di_traverse(Obj *o, VisitFn visit, void *arg) {
  if (VAL_IS_OBJ(((DictIter *)o)->d)) visit(((DictIter *)o)->d.u.o, arg);
}
static void di_clear(Obj *o) { val_clear(&((DictIter *)o)->d); }
static Value di_iter(Value v) { return val_incref(v); }
static int di_next(Value v, Value *out) {
  DictIter *it = (DictIter *)v.u.o;
  if (VAL_IS_NULL(it->d)) return 0;
  DictObj *d = DICT(it->d.u.o);
  if (d->used != it->used) {
    it->used = -1;
    obj_raise(&exc_RuntimeError, "dictionary changed size during iteration");
    return -1;
  }
  Value k, x;
  if (!dict_next(it->d, &it->pos, &k, &x)) { val_clear(&it->d); return 0; }
  if (it->kind == DI_KEYS) *out = val_incref(k);
  else if (it->kind == DI_VALUES) *out = val_incref(x);
  else {
    *out = tuple_pack(2, k, x);
    if (VAL_IS_NULL(*out)) return -1;
  }
  return 1;
}
static TypeObj dictiter_type = {OBJ_TYPE_HEAD, .name = "dict_keyiterator", .flags = TF_GC,
                                .dealloc = di_dealloc, .traverse = di_traverse,
                                .clear = di_clear, .iter = di_iter, .next = di_next};

static Value dict_iter_new(Value d, int kind) {
  DictIter *it = obj_alloc(&dictiter_type, sizeof(DictIter));
  if (!it) return val_null();
  it->d = val_incref(d);
  it->used = DICT(d.u.o)->used;
  it->kind = kind;
  return val_obj(&it->ob);
}

static Value dict_iter(Value v) { return dict_iter_new(v, DI_KEYS); }

typedef struct DictView { Obj ob; Value d; } DictView;
static void dv_dealloc(Obj *o) { val_decref(((DictView *)o)->d); obj_free(o); }
static void dv_traverse(Obj *o, VisitFn visit, void *arg) {
  if (VAL_IS_OBJ(((DictView *)o)->d)) visit(((DictView *)o)->d.u.o, arg);
}
static void dv_clear(Obj *o) { val_clear(&((DictView *)o)->d); }
static int dv_len(Value v, int64_t *out) { *out = DICT(((DictView *)v.u.o)->d.u.o)->used; return 0; }
static int view_kind(Value v) {
  TypeObj *t = v.u.o->type;
  return t == &dict_keys_type ? DI_KEYS : t == &dict_values_type ? DI_VALUES : DI_ITEMS;
}
static Value dv_iter(Value v) { return dict_iter_new(((DictView *)v.u.o)->d, view_kind(v)); }
static Value dv_repr(Value v) {
  Value l = list_from_iterable(v);
  if (VAL_IS_NULL(l)) return l;
  Value r = op_repr(l);
  val_decref(l);
  if (VAL_IS_NULL(r)) return r;
  Value s = str_fmt("%s(%s)", v.u.o->type->name, str_cstr(r));
  val_decref(r);
  return s;
}
static int dv_contains(Value v, Value x) {
  Value d = ((DictView *)v.u.o)->d;
  int kind = view_kind(v);
  if (kind == DI_KEYS) return dict_contains(d, x);
  if (kind == DI_ITEMS) {
    if (!VAL_IS_TUPLE(x) || TUPLE(x.u.o)->len != 2) return 0;
    int64_t h;
    if (op_hash(TUPLE(x.u.o)->items[0], &h) < 0) return -1;
    Value y = dict_get_h(d, TUPLE(x.u.o)->items[0], h);
    if (VAL_IS_NULL(y)) return obj_err_occurred() ? -1 : 0;
    val_incref(y);
    int e = op_eq(y, TUPLE(x.u.o)->items[1]);
    val_decref(y);
    return e;
  }
  int64_t pos = 0;
  Value k, y;
  int64_t used = DICT(d.u.o)->used;
  while (dict_next(d, &pos, &k, &y)) {
    val_incref(y);
    int e = op_eq(y, x);
    val_decref(y);
    if (e) return e;
    if (DICT(d.u.o)->used != used) {   /* a values iterator's check, as CPython's `in` */
      obj_raise(&exc_RuntimeError, "dictionary changed size during iteration");
      return -1;
    }
  }
  return 0;
}
static int is_setview(Value v) {
  return VAL_IS_OBJ(v) && (v.u.o->type == &dict_keys_type || v.u.o->type == &dict_items_type);
}
/* every element of a is in b (CPython's all_contained_in: iterate a, test b) */
static int all_contained_in(Value a, Value b) {
  Value it = op_iter(a);
  if (VAL_IS_NULL(it)) return -1;
  Value x;
  int r, ok = 1;
  while (ok == 1 && (r = op_next(it, &x)) == 1) {
    ok = op_contains(b, x);
    val_decref(x);
  }
  val_decref(it);
  if (r < 0) return -1;
  return ok;
}
static Value dv_compare(Value a, Value b, int op) {
  /* dictview_richcompare: sizes first, then membership of one side in the other, so that
     hashes and == run only when CPython's do (a view and a set compare too) */
  if (op < CMP_EQ || op > CMP_GTE || !is_setview(a) || !(is_setview(b) || VAL_IS_SETLIKE(b)))
    return obj_notimpl();
  int64_t la, lb;
  if (op_len(a, &la) < 0 || op_len(b, &lb) < 0) return val_null();
  int ok = 0;
  switch (op) {
  case CMP_EQ: case CMP_NOTEQ:
    if (la == lb) ok = all_contained_in(a, b);
    if (op == CMP_NOTEQ && ok >= 0) ok = !ok;
    break;
  case CMP_LT: if (la < lb) ok = all_contained_in(a, b); break;
  case CMP_LTE: if (la <= lb) ok = all_contained_in(a, b); break;
  case CMP_GT: if (la > lb) ok = all_contained_in(b, a); break;
  default: if (la >= lb) ok = all_contained_in(b, a); break;
  }
  if (ok < 0) return val_null();
  return val_bool(ok);
}
/* dictviews_to_set: a keys view of an exact dict copies the stored hashes (no __hash__ call) */
static Value view_to_set(Value v) {
  if (VAL_IS_OBJ(v) && v.u.o->type == &dict_keys_type && VAL_IS_DICT(((DictView *)v.u.o)->d))
    return set_from(&set_type, ((DictView *)v.u.o)->d);
  return set_from(&set_type, v);
}
/* _PyDictView_Intersect: iterate the other side, keep what the view contains */
static Value dv_intersect(Value a, Value b) {
  if (!is_setview(a)) { Value t = a; a = b; b = t; }
  int64_t la, lb;
  if (op_len(a, &la) < 0) return val_null();
  if (VAL_IS_OBJ(b) && b.u.o->type == &set_type) {
    if (op_len(b, &lb) < 0) return val_null();
    if (la <= lb) return op_call_method(b, "intersection", 1, &a);
  }
  if (is_setview(b)) {
    if (op_len(b, &lb) < 0) return val_null();
    if (lb > la) { Value t = a; a = b; b = t; }
  }
  Value res = set_from(&set_type, val_null());
  if (VAL_IS_NULL(res)) return res;
  Value it = op_iter(b);
  if (VAL_IS_NULL(it)) { val_decref(res); return it; }
  Value x;
  int r;
  while ((r = op_next(it, &x)) == 1) {
    int in = dv_contains(a, x);
    if (in > 0) in = set_add(res, x) < 0 ? -1 : 1;
    val_decref(x);
    if (in < 0) { r = -1; break; }
  }
  val_decref(it);
  if (r < 0) { val_decref(res); return val_null(); }
  return res;
}
static Value dv_binary(int op, Value a, Value b) {
  /* d.keys() & other, | other, - other, ^ other: the left side as a set, then the set
     operation with the right side (CPython's dictviews_sub/or/xor) */
  int o = op & 0xff;
  if (o != OP_BITAND && o != OP_BITOR && o != OP_SUB && o != OP_BITXOR) return obj_notimpl();
  if (o == OP_BITAND) return dv_intersect(a, b);
  Value sa = view_to_set(a);
  if (VAL_IS_NULL(sa)) return sa;
  if (o == OP_BITOR && !VAL_IS_SETLIKE(b)) {   /* set.update(other): hash and add one by one */
    Value it = op_iter(b);
    if (VAL_IS_NULL(it)) { val_decref(sa); return it; }
    Value x;
    int r;
    while ((r = op_next(it, &x)) == 1) {
      r = set_add(sa, x);
      val_decref(x);
      if (r < 0) break;
    }
    val_decref(it);
    if (r < 0) { val_decref(sa); return val_null(); }
    return sa;
  }
  Value sb = VAL_IS_SETLIKE(b) ? val_incref(b) : set_from(&set_type, b);
  if (VAL_IS_NULL(sb)) { val_decref(sa); return sb; }
  Value r = op_binop(o, sa, sb);
  val_decref(sa);
  val_decref(sb);
  return r;
}

/* view.isdisjoint(iterable): no element of the iterable is in the view */
static Value dv_isdisjoint(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("isdisjoint", argc - 1, kw, 1, 1) < 0) return val_null();
  Value it = op_iter(argv[1]);
  if (VAL_IS_NULL(it)) return it;
  Value x;
  int r, in = 0;
  while (!in && (r = op_next(it, &x)) == 1) {
    in = dv_contains(argv[0], x);
    val_decref(x);
    if (in < 0) break;
  }
  val_decref(it);
  if (r < 0 || in < 0) return val_null();
  return val_bool(!in);
}
static const MethodDef dv_methods[] = {
    {"isdisjoint", dv_isdisjoint, "isdisjoint(other)\nReturn True if the view and the given iterable have a null intersection.", 0},
    {NULL, NULL, NULL, 0}};

TypeObj dict_keys_type = {OBJ_TYPE_HEAD, .name = "dict_keys", .flags = TF_GC,
                          .dealloc = dv_dealloc, .traverse = dv_traverse, .clear = dv_clear,
                          .len = dv_len, .iter = dv_iter, .repr = dv_repr,
                          .contains = dv_contains, .compare = dv_compare,
                          .binary = dv_binary, .methods = dv_methods};
TypeObj dict_values_type = {OBJ_TYPE_HEAD, .name = "dict_values", .flags = TF_GC,
                            .dealloc = dv_dealloc, .traverse = dv_traverse,
                            .clear = dv_clear, .len = dv_len, .iter = dv_iter,
                            .repr = dv_repr, .contains = dv_contains};
TypeObj dict_items_type = {OBJ_TYPE_HEAD, .name = "dict_items", .flags = TF_GC,
                           .dealloc = dv_dealloc, .traverse = dv_traverse,
                           .clear = dv_clear, .len = dv_len, .iter = dv_iter,
                           .repr = dv_repr, .contains = dv_contains,
                           .compare = dv_compare, .binary = dv_binary, .methods = dv_methods};

static Value view_new(TypeObj *t, Value d) {
  DictView *v = obj_alloc(t, sizeof(DictView));
  if (!v) return val_null();
  v->d = val_incref(d);
  return val_obj(&v->ob);
}

/* ---- constructor and methods ----------------------------------------------------------- */
static int update_kwargs(Value d, int argc, const Value *argv, Obj *kw) {
  int nk = func_kwcount(kw);
  for (int i = 0; i < nk; i++)
    if (dict_set(d, TUPLE(kw)->items[i], argv[argc + i]) < 0) return -1;
  return 0;
}

static Value dict_new_slot(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  if (t != &dict_type) {
    /* a subclass: an empty dict with room for __dict__; dict.__init__ fills it */
    DictObj *d = obj_alloc(t, sizeof(DictObj) + sizeof(Obj *));
    return val_obj(d ? &d->ob : NULL);
  }
  if (argc > 1) return obj_raise(&exc_TypeError, "dict expected at most 1 argument, got %d", argc);
  Value d = dict_new();
  if (VAL_IS_NULL(d)) return d;
  if ((argc == 1 && dict_update(d, argv[0]) < 0) || update_kwargs(d, argc, argv, kw) < 0) {
    val_decref(d);
    return val_null();
  }
  return d;
}

#define SELFD argv[0]

static Value m_get(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("get", argc - 1, kw, 1, 2) < 0) return val_null();
  Value x = dict_get(SELFD, argv[1]);
  if (VAL_IS_NULL(x)) {
    if (obj_err_occurred()) return x;
    return argc > 2 ? val_incref(argv[2]) : val_none();
  }
  return val_incref(x);
}

static Value m_keys(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("keys", argc - 1, kw, 0, 0) < 0) return val_null();
  return view_new(&dict_keys_type, SELFD);
}
static Value m_values(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("values", argc - 1, kw, 0, 0) < 0) return val_null();
  return view_new(&dict_values_type, SELFD);
}
static Value m_items(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("items", argc - 1, kw, 0, 0) < 0) return val_null();
  return view_new(&dict_items_type, SELFD);
}

static Value m_pop(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("pop", argc - 1, kw, 1, 2) < 0) return val_null();
  Value x = dict_pop(SELFD, argv[1]);
  if (VAL_IS_NULL(x)) {
    if (obj_err_occurred()) return x;
    if (argc > 2) return val_incref(argv[2]);
    dict_raise_key_error(argv[1]);
    return val_null();
  }
  return x;
}

static Value m_popitem(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("popitem", argc - 1, kw, 0, 0) < 0) return val_null();
  DictObj *d = DICT(SELFD.u.o);
  for (int64_t i = d->n - 1; i >= 0; i--) {
    if (VAL_IS_NULL(d->entries[i].key)) continue;
    /* the entry is removed by its stored hash and position: no __hash__/__eq__ runs */
    if (d->index) {
      size_t mask = d->mask, j = (size_t)d->entries[i].hash & mask;
      uint64_t perturb = (uint64_t)d->entries[i].hash;
      while (d->index[j] != i) {
        perturb >>= PERTURB_SHIFT;
        j = (j * 5 + (size_t)perturb + 1) & mask;
      }
      d->index[j] = IX_DUMMY;
    }
    Value k = d->entries[i].key, v = d->entries[i].val;
    d->entries[i].key = val_null();
    d->entries[i].val = val_null();
    d->n = i;   /* the entries from i on are all deleted: the next popitem starts below (CPython) */
    d->used--;
    d->version++;
    if (d->ns_mod && module_ns_store(d, k, val_null()) < 0) obj_err_clear();
    Value t = tuple_pack(2, k, v);
    val_decref(k);
    val_decref(v);
    return t;
  }
  return obj_raise(&exc_KeyError, "popitem(): dictionary is empty");
}

static Value m_setdefault(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("setdefault", argc - 1, kw, 1, 2) < 0) return val_null();
  Value x = dict_get(SELFD, argv[1]);
  if (!VAL_IS_NULL(x)) return val_incref(x);
  if (obj_err_occurred()) return x;
  Value dflt = argc > 2 ? argv[2] : val_none();
  if (dict_set(SELFD, argv[1], dflt) < 0) return val_null();
  return val_incref(dflt);
}

static Value m_update(int argc, const Value *argv, Obj *kw) {
  if (argc > 2) return obj_raise(&exc_TypeError, "update expected at most 1 argument, got %d", argc - 1);
  if (argc == 2 && dict_update(SELFD, argv[1]) < 0) return val_null();
  if (update_kwargs(SELFD, argc, argv, kw) < 0) return val_null();
  return val_none();
}

static Value m_copy(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("copy", argc - 1, kw, 0, 0) < 0) return val_null();
  return dict_copy(SELFD);
}

static Value m_clear(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("clear", argc - 1, kw, 0, 0) < 0) return val_null();
  dict_clear(SELFD);
  return val_none();
}

static Value m_fromkeys(int argc, const Value *argv, Obj *kw) {
  /* classmethod: argv[0] is the type */
  if (func_check_args("fromkeys", argc - 1, kw, 1, 2) < 0) return val_null();
  Value d = dict_new();
  if (VAL_IS_NULL(d)) return d;
  Value it = op_iter(argv[1]);
  if (VAL_IS_NULL(it)) { val_decref(d); return it; }
  Value k;
  int r;
  while ((r = op_next(it, &k)) == 1) {
    r = dict_set(d, k, argc > 2 ? argv[2] : val_none());
    val_decref(k);
    if (r < 0) break;
  }
  val_decref(it);
  if (r < 0) { val_decref(d); return val_null(); }
  return d;
}

static Value m_new(int argc, const Value *argv, Obj *kw) {
  return class_builtin_new(&dict_type, argc, argv, kw);
}
static Value m_init(int argc, const Value *argv, Obj *kw) {
  if (argc > 2) return obj_raise(&exc_TypeError, "dict expected at most 1 argument, got %d", argc - 1);
  if ((argc == 2 && dict_update(argv[0], argv[1]) < 0) ||
      update_kwargs(argv[0], argc, argv, kw) < 0)
    return val_null();
  return val_none();
}

static const MethodDef dict_methods[] = {
    {"__new__", m_new, "__new__(type, *args, **kwargs)", METH_STATIC},
    {"__init__", m_init, "__init__(self, /, *args, **kwargs)", 0},
    {"get", m_get, "get(key, default=None, /)\nReturn the value for key if key is in the dictionary, else default.", 0},
    {"keys", m_keys, "keys()\nA set-like view of the keys.", 0},
    {"values", m_values, "values()\nA view of the values.", 0},
    {"items", m_items, "items()\nA set-like view of the (key, value) pairs.", 0},
    {"pop", m_pop, "pop(key[, default])\nRemove key and return its value.", 0},
    {"popitem", m_popitem, "popitem()\nRemove and return the last (key, value) pair.", 0},
    {"setdefault", m_setdefault, "setdefault(key, default=None, /)", 0},
    {"update", m_update, "update([E, ]**F)\nUpdate from a dict/iterable E and keywords F.", 0},
    {"copy", m_copy, "copy()\nA shallow copy.", 0},
    {"clear", m_clear, "clear()\nRemove all items.", 0},
    {"fromkeys", m_fromkeys, "fromkeys(iterable, value=None, /)", METH_CLASS},
    {NULL}};

TypeObj dict_type = {
    OBJ_TYPE_HEAD, .name = "dict", .flags = TF_GC | TF_BASETYPE,
    .doc = "dict() -> new empty dictionary\ndict(mapping) -> new dictionary from a mapping\n"
           "dict(iterable) -> new dictionary from (key, value) pairs\ndict(**kwargs)",
    .dealloc = dict_dealloc, .traverse = dict_traverse, .clear = dict_clear_slot,
    .repr = dict_repr, .compare = dict_compare, .binary = dict_binary, .len = dict_len_slot,
    .getitem = dict_getitem, .setitem = dict_setitem, .contains = dict_contains,
    .iter = dict_iter, .new = dict_new_slot, .methods = dict_methods};
