/* mod_odict.c - module _sable_odict, the native half of collections.OrderedDict (a dict subclass
 * kept in the dict's own entry order): CPython's odict iterator with its od_state/size checks. */
#include "core/core.h"
#include "core/modtable.h"

/* CPython's od_state counts the additions, removals and moves of keys. A dict's version counts
 * those too (a resize only comes with an addition), so no Sable code needs to run on an insert;
 * OrderedDict.clear leaves od_state alone, so the bumps it makes are kept in odclears. */
static int64_t od_state(DictObj *d) { return d->version - d->odclears; }

/* keys whose hash runs no user code: the iterator may then skip CPython's lookup of the
 * current key when its entry is still where it was */
static int pure_hash(Value k) {
  return k.tag == V_INT || k.tag == V_FLOAT || k.tag == V_BOOL || k.tag == V_NONE || VAL_IS_STR(k);
}

static int same_key(Value a, Value b) {
  return a.tag == b.tag && (a.tag == V_OBJ ? a.u.o == b.u.o : a.u.i == b.u.i);
}

enum { OD_KEYS, OD_VALUES, OD_ITEMS };

typedef struct OdIter {
  Obj ob;
  Value od;        /* V_NULL once done (CPython's di_odict) */
  Value cur;       /* the next key to yield (di_current); V_NULL at the end */
  int64_t pos;     /* where cur's entry was */
  int64_t state, size;
  int kind, rev;
} OdIter;

static void odi_dealloc(Obj *o) {
  OdIter *it = (OdIter *)o;
  val_decref(it->od);
  val_decref(it->cur);
  obj_free(o);
}
static void odi_traverse(Obj *o, VisitFn visit, void *arg) {
  OdIter *it = (OdIter *)o;
  if (VAL_IS_OBJ(it->od)) visit(it->od.u.o, arg);
  if (VAL_IS_OBJ(it->cur)) visit(it->cur.u.o, arg);
}
static void odi_clear(Obj *o) {
  val_clear(&((OdIter *)o)->od);
  val_clear(&((OdIter *)o)->cur);
}
static Value odi_iter(Value v) { return val_incref(v); }

/* the live entry after (before, reversed) entry ix, or -1 */
static int64_t step(DictObj *d, int64_t ix, int rev) {
  if (rev) {
    for (int64_t j = (ix < d->n ? ix : d->n) - 1; j >= 0; j--)
      if (!VAL_IS_NULL(d->entries[j].key)) return j;
    return -1;
  }
  for (int64_t j = ix + 1; j < d->n; j++)
    if (!VAL_IS_NULL(d->entries[j].key)) return j;
  return -1;
}

/* odictiter_nextkey: the checks, the lookup of the current key (its __hash__ runs, so the dict
 * may change under it), then the step to its neighbour in the order as it is now. The caller
 * holds a reference to the dict (user code may drop the iterator's). *key: new ref */
static int next_key(OdIter *it, DictObj *d, Value *key, int64_t *where) {
  if (VAL_IS_NULL(it->cur)) { val_clear(&it->od); return 0; }
  if (od_state(d) != it->state) {
    obj_raise(&exc_RuntimeError, "OrderedDict mutated during iteration");
    val_clear(&it->od);
    return -1;
  }
  if (d->used != it->size) {
    it->size = -1;   /* sticky, as CPython's */
    obj_raise(&exc_RuntimeError, "OrderedDict changed size during iteration");
    return -1;
  }
  Value cur = val_incref(it->cur);
  int64_t ix = -1;
  if (pure_hash(cur) && it->pos < d->n && same_key(d->entries[it->pos].key, cur)) {
    ix = it->pos;
  } else {
    int64_t h;
    if (op_hash(cur, &h) == 0) ix = dict_lookup_ix(val_obj(&d->ob), cur, h);
    if (ix < 0) {
      if (!obj_err_occurred()) dict_raise_key_error(cur);
      val_decref(cur);
      val_clear(&it->cur);
      return -1;
    }
  }
  *key = cur;
  *where = ix;
  int64_t j = step(d, ix, it->rev);
  Value old = it->cur;
  it->cur = j < 0 ? val_null() : val_incref(d->entries[j].key);
  if (j >= 0) it->pos = j;
  val_decref(old);
  return 1;
}

static int odi_next(Value v, Value *out) {
  OdIter *it = (OdIter *)v.u.o;
  if (VAL_IS_NULL(it->od)) return 0;
  Value od = val_incref(it->od);
  DictObj *d = DICT(od.u.o);
  Value key, x = val_null();
  int64_t ix;
  int r = next_key(it, d, &key, &ix);
  if (r <= 0 || it->kind == OD_KEYS) {
    if (r > 0) *out = key;
    val_decref(od);
    return r;
  }
  /* PyODict_GetItem is PyDict_GetItem: the key hashed again, any error turned into KeyError */
  if (pure_hash(key) && ix < d->n && same_key(d->entries[ix].key, key)) {
    x = val_incref(d->entries[ix].val);
  } else {
    int64_t h;
    if (op_hash(key, &h) == 0) {
      x = dict_get_h(od, key, h);
      if (!VAL_IS_NULL(x)) val_incref(x);
    }
    if (VAL_IS_NULL(x) && obj_err_occurred()) obj_err_clear();
  }
  val_decref(od);
  if (VAL_IS_NULL(x)) {
    dict_raise_key_error(key);
    val_decref(key);
    val_clear(&it->cur);
    val_clear(&it->od);
    return -1;
  }
  if (it->kind == OD_VALUES) {
    val_decref(key);
    *out = x;
    return 1;
  }
  *out = tuple_pack(2, key, x);
  val_decref(key);
  val_decref(x);
  return VAL_IS_NULL(*out) ? -1 : 1;
}

static TypeObj odict_iter_type = {OBJ_TYPE_HEAD, .name = "odict_iterator", .flags = TF_GC,
                                  .dealloc = odi_dealloc, .traverse = odi_traverse,
                                  .clear = odi_clear, .iter = odi_iter, .next = odi_next};

static int want_dict(const char *fn, Value od) {
  if (VAL_IS_DICT_ANY(od)) return 0;
  obj_raise(&exc_TypeError, "%s() expects a dict", fn);
  return -1;
}

static Value f_iter(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("iter", argc, argv, kw, "od,kind,reverse", a) < 0) return val_null();
  if (want_dict("iter", a[0]) < 0) return val_null();
  if (a[1].tag != V_INT || a[1].u.i < OD_KEYS || a[1].u.i > OD_ITEMS)
    return obj_raise(&exc_ValueError, "iter(): kind must be 0, 1 or 2");
  int rev = op_truth(a[2]);
  if (rev < 0) return val_null();
  OdIter *it = obj_alloc(&odict_iter_type, sizeof(OdIter));
  if (!it) return val_null();
  DictObj *d = DICT(a[0].u.o);
  it->od = val_incref(a[0]);
  it->cur = val_null();
  it->kind = (int)a[1].u.i;
  it->rev = rev;
  it->state = od_state(d);
  it->size = d->used;
  int64_t j = step(d, rev ? d->n : -1, rev);
  if (j >= 0) {
    it->cur = val_incref(d->entries[j].key);
    it->pos = j;
  }
  return val_obj(&it->ob);
}

static Value f_state(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("state", argc, kw, 1, 1) < 0) return val_null();
  if (want_dict("state", argv[0]) < 0) return val_null();
  return val_int(od_state(DICT(argv[0].u.o)));
}

static Value f_clear(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("clear", argc, kw, 1, 1) < 0) return val_null();
  if (want_dict("clear", argv[0]) < 0) return val_null();
  DictObj *d = DICT(argv[0].u.o);
  int64_t v0 = d->version;
  dict_clear(argv[0]);
  d->odclears += d->version - v0;
  return val_none();
}

/* the first live entry, packing the dict first when deleted entries lead by many (left by
 * popitem(last=False)), so that draining from the front stays linear; -1 if empty */
static int64_t first_live(Value od) {
  DictObj *d = DICT(od.u.o);
  int64_t j = step(d, -1, 0);
  if (j > 16 && j > d->used) {
    int64_t v0 = d->version;
    if (dict_pack_front(od, -1) < 0) return -2;
    d->odclears += d->version - v0;   /* not a change of od_state */
    j = step(d, -1, 0);
  }
  return j;
}

static Value f_first(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("first", argc, kw, 1, 1) < 0) return val_null();
  if (want_dict("first", argv[0]) < 0) return val_null();
  int64_t j = first_live(argv[0]);
  if (j == -2) return val_null();
  if (j < 0) return obj_raise(&exc_KeyError, "dictionary is empty");
  return val_incref(DICT(argv[0].u.o)->entries[j].key);
}

static Value f_last(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("last", argc, kw, 1, 1) < 0) return val_null();
  if (want_dict("last", argv[0]) < 0) return val_null();
  DictObj *d = DICT(argv[0].u.o);
  int64_t j = step(d, d->n, 1);
  if (j < 0) return obj_raise(&exc_KeyError, "dictionary is empty");
  return val_incref(d->entries[j].key);
}

/* popitem(last=False): the first entry, removed by its stored hash (no __hash__ runs) */
static Value f_popfirst(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("popfirst", argc, kw, 1, 1) < 0) return val_null();
  if (want_dict("popfirst", argv[0]) < 0) return val_null();
  int64_t j = first_live(argv[0]);
  if (j == -2) return val_null();
  if (j < 0) return obj_raise(&exc_KeyError, "dictionary is empty");
  DictEntry *e = &DICT(argv[0].u.o)->entries[j];
  Value k = val_incref(e->key);
  Value v = dict_pop_h(argv[0], k, e->hash);
  Value r = val_null();
  if (!VAL_IS_NULL(v)) r = tuple_pack(2, k, v);
  else if (!obj_err_occurred()) dict_raise_key_error(k);
  val_decref(k);
  val_decref(v);
  return r;
}

/* odict_move_to_end: the key hashed once, looked up; nothing changes when it is at that end
 * already; else its entry (the stored key and hash) goes to the end or the front */
static Value f_move_to_end(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("move_to_end", argc, argv, kw, "od,key,last", a) < 0) return val_null();
  if (want_dict("move_to_end", a[0]) < 0) return val_null();
  int last = op_truth(a[2]);
  if (last < 0) return val_null();
  Value od = a[0], key = a[1];
  DictObj *d = DICT(od.u.o);
  if (!d->used) { dict_raise_key_error(key); return val_null(); }
  int64_t end = last ? step(d, d->n, 1) : step(d, -1, 0);
  if (end >= 0 && same_key(d->entries[end].key, key)) return val_none();   /* no hash: CPython */
  int64_t h, ix = -1;
  if (op_hash(key, &h) < 0) return val_null();
  ix = dict_lookup_ix(od, key, h);
  if (ix < 0) {
    if (ix == -1) dict_raise_key_error(key);
    return val_null();
  }
  if (ix == (last ? step(d, d->n, 1) : step(d, -1, 0))) return val_none();
  if (!last) {
    if (dict_pack_front(od, ix) < 0) return val_null();
    return val_none();
  }
  Value k = val_incref(d->entries[ix].key), v = dict_pop_h(od, k, h);
  int r = VAL_IS_NULL(v) ? -1 : dict_set_h(od, k, h, v);
  if (VAL_IS_NULL(v) && !obj_err_occurred()) dict_raise_key_error(k);
  val_decref(k);
  val_decref(v);
  return r < 0 ? val_null() : val_none();
}

static const MethodDef odict_functions[] = {
    {"iter", f_iter, "iter(od, kind, reverse)\n\nCPython's odict iterator over od: kind 0 keys, 1 values, 2 items.", 0},
    {"state", f_state, "state(od)\n\nThe count of additions, removals and moves of od's keys.", 0},
    {"first", f_first, "first(od)\n\nThe first key of od (KeyError if empty).", 0},
    {"popfirst", f_popfirst, "popfirst(od)\n\nRemove and return od's first (key, value) pair.", 0},
    {"last", f_last, "last(od)\n\nThe last key of od (KeyError if empty).", 0},
    {"move_to_end", f_move_to_end, "move_to_end(od, key, last)\n\nOrderedDict.move_to_end.", 0},
    {"clear", f_clear, "clear(od)\n\nEmpty od, leaving its state as it was (OrderedDict.clear).", 0},
    {NULL}};

int modinit__sable_odict(Value m) {
  if (type_ready(&odict_iter_type) < 0) return -1;
  return module_add_functions(m, odict_functions);
}
