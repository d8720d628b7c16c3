/* mod_array.c - the array module: array.array, a typed vector of C numbers with CPython 3.11's
 * typecodes, messages and repr, whose memory numpy and struct read through the buffer slot. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "core/modtable.h"

typedef struct ArrayObj { Obj ob; char tc; int isz; char *data; size_t n, cap; } ArrayObj;
static TypeObj array_type;
#define AO(v) ((ArrayObj *)(v).u.o)
#define VAL_IS_ARRAY(v) ((v).tag == V_OBJ && (v).u.o->type == &array_type)

static int itemsize_of(char tc) {
  switch (tc) {
    case 'b': case 'B': return 1;
    case 'h': case 'H': return 2;
    case 'i': case 'I': case 'f': case 'u': return 4;
    case 'l': case 'L': case 'q': case 'Q': case 'd': return 8;
  }
  return 0;
}

static int reserve(ArrayObj *a, size_t n) {
  if (n <= a->cap) return 0;
  if (n > obj_alloc_cap() / (size_t)a->isz) { obj_raise_nomem(); return -1; }
  size_t cap = a->cap ? a->cap : 8;
  while (cap < n) cap = cap * 2 > n ? cap * 2 : n;
  char *d = obj_realloc(a->data, cap * (size_t)a->isz);
  if (!d) return -1;
  a->data = d;
  a->cap = cap;
  return 0;
}

static ArrayObj *array_alloc(char tc, size_t n) {
  ArrayObj *a = obj_alloc(&array_type, sizeof(ArrayObj));
  if (!a) return NULL;
  a->tc = tc;
  a->isz = itemsize_of(tc);
  if (reserve(a, n) < 0) { obj_free(&a->ob); return NULL; }
  a->n = n;
  return a;
}

static void array_dealloc(Obj *o) { obj_mfree(((ArrayObj *)o)->data); obj_free(o); }

/* convert v to one item at p (range and type checked as CPython); p is a caller's buffer, not
 * the array's memory: __index__/__float__ may resize or free that */
static int pack_item(const ArrayObj *a, char *p, Value v) {
  char tc = a->tc;
  if (tc == 'f' || tc == 'd') {
    double d;
    if (!VAL_IS_FLOAT(v) && !VAL_IS_INTLIKE(v)) {
      obj_raise(&exc_TypeError, "must be real number, not %s", op_type_name(v));
      return -1;
    }
    if (op_as_float(v, &d) < 0) return -1;
    if (tc == 'f') { float f = (float)d; memcpy(p, &f, 4); }
    else memcpy(p, &d, 8);
    return 0;
  }
  if (tc == 'u') {
    uint32_t cp;
    if (!VAL_IS_STR(v) || STR(v.u.o)->ncp != 1 || utf8_decode(STR(v.u.o)->s, STR(v.u.o)->len, &cp) <= 0) {
      obj_raise(&exc_TypeError, "array item must be unicode character");
      return -1;
    }
    memcpy(p, &cp, 4);
    return 0;
  }
  int64_t x;
  Value bv = num_unbox(v);
  if (num_is_big(bv)) {   /* beyond int64: 'L'/'Q' take [2**63, 2**64) */
    int uns = tc == 'L' || tc == 'Q' || tc == 'I' || tc == 'H' || tc == 'B';
    if (num_big_sign(bv) < 0 && uns) {
      obj_raise(&exc_OverflowError, tc == 'Q' ? "can't convert negative int to unsigned"
                                              : "can't convert negative value to unsigned int");
      return -1;
    }
    unsigned char le[8];
    if ((tc == 'L' || tc == 'Q') && a->isz == 8 && num_big_to_bytes(bv, le, 8, 1, 0) == 0) {
      memcpy(p, le, 8);   /* little-endian hosts only build Sable */
      return 0;
    }
    if (obj_err_occurred()) obj_err_clear();
    obj_raise(&exc_OverflowError, uns ? "Python int too large to convert to C unsigned long"
                                      : "Python int too large to convert to C long");
    return -1;
  }
  if (!VAL_IS_INTLIKE(v) && !(VAL_IS_OBJ(v) && op_hasattr_s(v, "__index__"))) {
    obj_raise(&exc_TypeError, "'%s' object cannot be interpreted as an integer", op_type_name(v));
    return -1;
  }
  if (op_as_int(v, &x) < 0) return -1;
  const char *what = NULL;
  int64_t lo = INT64_MIN, hi = INT64_MAX;
  switch (tc) {
    case 'b': lo = -128; hi = 127; what = "signed char"; break;
    case 'B': lo = 0; hi = 255; what = "unsigned byte integer"; break;
    case 'h': lo = INT16_MIN; hi = INT16_MAX; what = "signed short integer"; break;
    case 'H': lo = 0; hi = UINT16_MAX; what = "unsigned short"; break;
    case 'i': lo = INT32_MIN; hi = INT32_MAX; what = "signed integer"; break;
    case 'I': lo = 0; hi = UINT32_MAX; what = "unsigned int"; break;
    case 'L': lo = 0; break;
    case 'Q': lo = 0; break;
  }
  if (x < lo) {
    if (tc == 'I' || tc == 'L') obj_raise(&exc_OverflowError, "can't convert negative value to unsigned int");
    else if (tc == 'Q') obj_raise(&exc_OverflowError, "can't convert negative int to unsigned");
    else obj_raise(&exc_OverflowError, "%s is less than minimum", what);
    return -1;
  }
  if (x > hi) { obj_raise(&exc_OverflowError, "%s is greater than maximum", what); return -1; }
  switch (a->isz) {
    case 1: { int8_t t = (int8_t)x; memcpy(p, &t, 1); break; }
    case 2: { int16_t t = (int16_t)x; memcpy(p, &t, 2); break; }
    case 4: { int32_t t = (int32_t)x; memcpy(p, &t, 4); break; }
    default: memcpy(p, &x, 8);
  }
  return 0;
}

/* store v as item i; the index is checked again after the conversion ran user code */
static int set_item(ArrayObj *a, size_t i, Value v) {
  char buf[8];
  if (pack_item(a, buf, v) < 0) return -1;
  if (i >= a->n) { obj_raise(&exc_IndexError, "array assignment index out of range"); return -1; }
  memcpy(a->data + i * (size_t)a->isz, buf, (size_t)a->isz);
  return 0;
}

static int append_item(ArrayObj *a, Value v) {
  char buf[8];
  if (pack_item(a, buf, v) < 0 || reserve(a, a->n + 1) < 0) return -1;
  memcpy(a->data + a->n * (size_t)a->isz, buf, (size_t)a->isz);
  a->n++;
  return 0;
}

static Value get_item(const ArrayObj *a, size_t i) {
  const char *p = a->data + i * (size_t)a->isz;
  switch (a->tc) {
    case 'b': return val_int(*(const int8_t *)p);
    case 'B': return val_int(*(const uint8_t *)p);
    case 'h': { int16_t t; memcpy(&t, p, 2); return val_int(t); }
    case 'H': { uint16_t t; memcpy(&t, p, 2); return val_int(t); }
    case 'i': { int32_t t; memcpy(&t, p, 4); return val_int(t); }
    case 'I': { uint32_t t; memcpy(&t, p, 4); return val_int(t); }
    case 'l': case 'q': { int64_t t; memcpy(&t, p, 8); return val_int(t); }
    case 'L': case 'Q': {
      uint64_t t;
      memcpy(&t, p, 8);
      if (t > (uint64_t)INT64_MAX) {
        unsigned char le[8];
        for (int k = 0; k < 8; k++) le[k] = (unsigned char)(t >> (8 * k));
        return num_big_from_bytes(le, 8, 1, 0);
      }
      return val_int((int64_t)t);
    }
    case 'f': { float t; memcpy(&t, p, 4); return val_float(t); }
    case 'd': { double t; memcpy(&t, p, 8); return val_float(t); }
    case 'u': {
      uint32_t cp;
      memcpy(&cp, p, 4);
      char b[4];
      int k = utf8_encode(cp, b);
      return str_new(b, (size_t)k);
    }
  }
  return val_none();
}

/* append the items of an iterable (checked one by one; the array is unchanged on error) */
static int extend_iter(ArrayObj *a, Value x) {
  Value it = op_iter(x);
  if (VAL_IS_NULL(it)) return -1;
  size_t n0 = a->n;
  Value v;
  int r;
  while ((r = op_next(it, &v)) == 1) {
    if (append_item(a, v) < 0) { val_decref(v); r = -1; break; }
    val_decref(v);
  }
  val_decref(it);
  if (r < 0 && a->n >= n0) a->n = n0;   /* user code may have shrunk it meanwhile */
  return r < 0 ? -1 : 0;
}

static int frombytes_raw(ArrayObj *a, const char *s, size_t n) {
  if (n % (size_t)a->isz) { obj_raise(&exc_ValueError, "bytes length not a multiple of item size"); return -1; }
  size_t k = n / (size_t)a->isz;
  char *own = NULL;
  if (n && a->data && s >= a->data && s < a->data + a->cap * (size_t)a->isz) {
    own = obj_malloc(n);   /* a.frombytes(a): reserve may move the bytes being read */
    if (!own) return -1;
    memcpy(own, s, n);
    s = own;
  }
  if (reserve(a, a->n + k) < 0) { obj_mfree(own); return -1; }
  if (n) memcpy(a->data + a->n * (size_t)a->isz, s, n);
  a->n += k;
  obj_mfree(own);
  return 0;
}

static int fromstr(ArrayObj *a, Value s) {
  StrObj *o = STR(s.u.o);
  if (reserve(a, a->n + o->ncp) < 0) return -1;
  size_t i = 0;
  while (i < o->len) {
    uint32_t cp;
    int k = utf8_decode(o->s + i, o->len - i, &cp);
    if (k <= 0) break;
    memcpy(a->data + a->n * 4, &cp, 4);
    a->n++;
    i += (size_t)k;
  }
  return 0;
}

static Value array_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("array", argc, kw, 1, 2) < 0) return val_null();
  if (!VAL_IS_STR(argv[0]) || STR(argv[0].u.o)->ncp != 1)
    return obj_raise(&exc_TypeError, "array() argument 1 must be a unicode character, not %s", op_type_name(argv[0]));
  char tc = str_cstr(argv[0])[0];
  if (!itemsize_of(tc) || STR(argv[0].u.o)->len != 1)
    return obj_raise(&exc_ValueError, "bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)");
  ArrayObj *a = array_alloc(tc, 0);
  if (!a) return val_null();
  Value r = val_obj(&a->ob);
  if (argc < 2) return r;
  Value x = argv[1];
  int rc;
  if (VAL_IS_STR(x)) {
    if (tc != 'u') {
      val_decref(r);
      return obj_raise(&exc_TypeError, "cannot use a str to initialize an array with typecode '%c'", tc);
    }
    rc = fromstr(a, x);
  } else if (VAL_IS_BYTES(x) || VAL_IS_BYTEARRAY(x)) {
    ObjBuffer b;
    rc = bytes_view(x, &b);
    if (rc == 0) rc = frombytes_raw(a, b.buf, (size_t)b.len);
  } else if (VAL_IS_ARRAY(x) && AO(x)->tc == tc) {
    rc = frombytes_raw(a, AO(x)->data, AO(x)->n * (size_t)AO(x)->isz);
  } else if (VAL_IS_ARRAY(x) && (AO(x)->tc == 'u') != (tc == 'u')) {
    val_decref(r);
    return obj_raise(&exc_TypeError, "cannot use a unicode array to initialize an array with typecode '%c'", tc);
  } else {
    rc = extend_iter(a, x);
  }
  if (rc < 0) { val_decref(r); return val_null(); }
  return r;
}

static Value array_repr(Value v) {
  ArrayObj *a = AO(v);
  if (a->n == 0) return str_fmt("array('%c')", a->tc);
  Value inner;
  if (a->tc == 'u') {
    Value s = op_call_method(v, "tounicode", 0, NULL);
    if (VAL_IS_NULL(s)) return s;
    inner = op_repr(s);
    val_decref(s);
  } else {
    Value l = op_call_method(v, "tolist", 0, NULL);
    if (VAL_IS_NULL(l)) return l;
    inner = op_repr(l);
    val_decref(l);
  }
  if (VAL_IS_NULL(inner)) return inner;
  Value r = str_fmt("array('%c', %s)", a->tc, str_cstr(inner));
  val_decref(inner);
  return r;
}

static int array_len(Value v, int64_t *out) { *out = (int64_t)AO(v)->n; return 0; }

static Value slice_of(ArrayObj *a, Value key) {
  int64_t st, sp, step, m;
  int fl;
  if (iter_slice_unpack(key, &st, &sp, &step, &fl) < 0) return val_null();
  iter_slice_adjust((int64_t)a->n, fl, &st, &sp, step, &m);
  ArrayObj *r = array_alloc(a->tc, (size_t)m);
  if (!r) return val_null();
  for (int64_t i = 0, j = st; i < m; i++, j += step)
    memcpy(r->data + (size_t)i * (size_t)a->isz, a->data + (size_t)j * (size_t)a->isz, (size_t)a->isz);
  return val_obj(&r->ob);
}

static int index_of(ArrayObj *a, Value key, int64_t *out) {
  if (!VAL_IS_INTLIKE(key) && !(VAL_IS_OBJ(key) && op_hasattr_s(key, "__index__"))) {
    obj_raise(&exc_TypeError, "array indices must be integers");
    return -1;
  }
  int64_t i;
  if (op_as_int(key, &i) < 0) return -1;
  if (i < 0) i += (int64_t)a->n;
  if (i < 0 || i >= (int64_t)a->n) { obj_raise(&exc_IndexError, "array index out of range"); return -1; }
  *out = i;
  return 0;
}

static Value array_getitem(Value v, Value key) {
  ArrayObj *a = AO(v);
  if (VAL_IS_OBJ(key) && key.u.o->type == &iter_slice_type) return slice_of(a, key);
  int64_t i;
  if (index_of(a, key, &i) < 0) return val_null();
  return get_item(a, (size_t)i);
}

static int array_setitem(Value v, Value key, Value x) {
  ArrayObj *a = AO(v);
  size_t isz = (size_t)a->isz;
  if (VAL_IS_OBJ(key) && key.u.o->type == &iter_slice_type) {
    int64_t st, sp, step, m;
    int fl;
    if (iter_slice_unpack(key, &st, &sp, &step, &fl) < 0) return -1;
    iter_slice_adjust((int64_t)a->n, fl, &st, &sp, step, &m);
    if (VAL_IS_NULL(x)) {
      if (m <= 0) return 0;
      if (step < 0) { st = st + (m - 1) * step; step = -step; }
      size_t w = (size_t)st;
      int64_t k = 0;
      for (size_t r = (size_t)st; r < a->n; r++) {
        if (k < m && (int64_t)r == st + k * step) { k++; continue; }
        memmove(a->data + w * isz, a->data + r * isz, isz);
        w++;
      }
      a->n = w;
      return 0;
    }
    if (!VAL_IS_ARRAY(x)) {
      obj_raise(&exc_TypeError, "can only assign array (not \"%s\") to array slice", op_type_name(x));
      return -1;
    }
    ArrayObj *b = AO(x);
    if (b->tc != a->tc) { obj_raise(&exc_TypeError, "bad argument type for built-in operation"); return -1; }
    char *src = obj_malloc(b->n * isz + 1);
    if (!src) return -1;
    if (b->n) memcpy(src, b->data, b->n * isz);
    size_t nb = b->n;
    int rc = 0;
    if (step == 1) {
      if (sp < st) sp = st;
      size_t old = (size_t)(sp - st);
      if (nb > old && reserve(a, a->n + nb - old) < 0) rc = -1;
      else {
        if (a->n > (size_t)sp) memmove(a->data + ((size_t)st + nb) * isz, a->data + (size_t)sp * isz, (a->n - (size_t)sp) * isz);
        if (nb) memcpy(a->data + (size_t)st * isz, src, nb * isz);
        a->n = a->n - old + nb;
      }
    } else if ((int64_t)nb != m) {
      obj_raise(&exc_ValueError, "attempt to assign array of size %zu to extended slice of size %lld", nb, (long long)m);
      rc = -1;
    } else {
      for (int64_t i = 0, j = st; i < m; i++, j += step) memcpy(a->data + (size_t)j * isz, src + (size_t)i * isz, isz);
    }
    obj_mfree(src);
    return rc;
  }
  int64_t i;
  if (index_of(a, key, &i) < 0) {
    if (obj_err_matches(&exc_IndexError)) { obj_err_clear(); obj_raise(&exc_IndexError, "array assignment index out of range"); }
    return -1;
  }
  if (VAL_IS_NULL(x)) {
    memmove(a->data + (size_t)i * isz, a->data + ((size_t)i + 1) * isz, (a->n - (size_t)i - 1) * isz);
    a->n--;
    return 0;
  }
  return set_item(a, (size_t)i, x);
}

static int array_contains(Value v, Value x) {
  ArrayObj *a = AO(v);
  for (size_t i = 0; i < a->n; i++) {
    Value y = get_item(a, i);
    if (VAL_IS_NULL(y)) return -1;
    int e = op_eq(y, x);
    val_decref(y);
    if (e != 0) return e;
  }
  return 0;
}

static Value array_compare(Value a, Value b, int op) {
  if (!VAL_IS_ARRAY(a) || !VAL_IS_ARRAY(b)) return obj_notimpl();
  Value la = op_call_method(a, "tolist", 0, NULL);
  if (VAL_IS_NULL(la)) return la;
  Value lb = op_call_method(b, "tolist", 0, NULL);
  if (VAL_IS_NULL(lb)) { val_decref(la); return lb; }
  Value r = op_compare(la, lb, op);
  val_decref(la);
  val_decref(lb);
  return r;
}

static Value array_binary(int op, Value x, Value y) {
  int base = op & 0xff;
  if (base == OP_ADD) {
    if (!VAL_IS_ARRAY(x) || !VAL_IS_ARRAY(y)) {
      if (VAL_IS_ARRAY(x))
        return obj_raise(&exc_TypeError, "can only append array (not \"%s\") to array", op_type_name(y));
      return obj_notimpl();
    }
    ArrayObj *a = AO(x), *b = AO(y);
    if (a->tc != b->tc) return obj_raise(&exc_TypeError, "bad argument type for built-in operation");
    if (op & OBJ_INPLACE) {
      size_t nb = b->n;
      if (reserve(a, a->n + nb) < 0) return val_null();
      if (nb) memmove(a->data + a->n * (size_t)a->isz, b->data, nb * (size_t)a->isz);
      a->n += nb;
      return val_incref(x);
    }
    ArrayObj *r = array_alloc(a->tc, a->n + b->n);
    if (!r) return val_null();
    if (a->n) memcpy(r->data, a->data, a->n * (size_t)a->isz);
    if (b->n) memcpy(r->data + a->n * (size_t)a->isz, b->data, b->n * (size_t)a->isz);
    return val_obj(&r->ob);
  }
  if (base == OP_MULT) {
    Value s = VAL_IS_ARRAY(x) ? x : y, k = VAL_IS_ARRAY(x) ? y : x;
    int64_t c;   /* an int or any __index__, converted before the array is read */
    int rc = op_repeat_count(k, &c);
    if (rc <= 0) return rc < 0 ? val_null() : obj_notimpl();
    ArrayObj *a = AO(s);
    if (c < 0) c = 0;
    size_t bytes = a->n * (size_t)a->isz;
    if (bytes && (uint64_t)c > obj_alloc_cap() / bytes) return obj_raise_nomem();
    ArrayObj *r = array_alloc(a->tc, a->n * (size_t)c);
    if (!r) return val_null();
    for (int64_t i = 0; bytes && i < c; i++) memcpy(r->data + (size_t)i * bytes, a->data, bytes);
    if ((op & OBJ_INPLACE) && s.u.o == x.u.o) {
      char *t = a->data; size_t tc = a->cap;
      a->data = r->data; a->n = r->n; a->cap = r->cap;
      r->data = t; r->n = 0; r->cap = tc;
      val_decref(val_obj(&r->ob));
      return val_incref(x);
    }
    return val_obj(&r->ob);
  }
  return obj_notimpl();
}

typedef struct AIter { Obj ob; Value a; size_t i; } AIter;
static void ai_dealloc(Obj *o) { val_decref(((AIter *)o)->a); obj_free(o); }
static Value ai_iter(Value v) { return val_incref(v); }
static int ai_next(Value v, Value *out) {
  AIter *it = (AIter *)v.u.o;
  if (VAL_IS_NULL(it->a)) return 0;
  if (it->i >= AO(it->a)->n) { val_clear(&it->a); return 0; }
  Value x = get_item(AO(it->a), it->i++);
  if (VAL_IS_NULL(x)) return -1;
  *out = x;
  return 1;
}
static TypeObj array_iter_type = {OBJ_TYPE_HEAD, .name = "arrayiterator", .dealloc = ai_dealloc,
                                  .iter = ai_iter, .next = ai_next};
static Value array_iter(Value v) {
  AIter *it = obj_alloc(&array_iter_type, sizeof(AIter));
  if (!it) return val_null();
  it->a = val_incref(v);
  return val_obj(&it->ob);
}

static int array_getbuffer(Value v, ObjBuffer *out) {
  ArrayObj *a = AO(v);
  *out = (ObjBuffer){a->data ? a->data : (void *)"", (int64_t)(a->n * (size_t)a->isz), a->isz,
                     a->tc == 'u' ? 'w' : a->tc, 0};
  return 0;
}

/* ---- methods ------------------------------------------------------------------------- */
#define SELF AO(argv[0])
static Value m_append(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("append", argc - 1, kw, 1, 1) < 0) return val_null();
  if (append_item(SELF, argv[1]) < 0) return val_null();
  return val_none();
}
static Value m_extend(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("extend", argc - 1, kw, 1, 1) < 0) return val_null();
  ArrayObj *a = SELF;
  if (VAL_IS_ARRAY(argv[1])) {
    Value r = array_binary(OP_ADD | OBJ_INPLACE, argv[0], argv[1]);
    if (VAL_IS_NULL(r)) return r;
    val_decref(r);
    return val_none();
  }
  if (extend_iter(a, argv[1]) < 0) return val_null();
  return val_none();
}
static Value m_frombytes(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("frombytes", argc - 1, kw, 1, 1) < 0) return val_null();
  ObjBuffer b;
  if (bytes_view(argv[1], &b) < 0) return val_null();
  if (frombytes_raw(SELF, b.buf, (size_t)b.len) < 0) return val_null();
  return val_none();
}
static Value m_tobytes(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("tobytes", argc - 1, kw, 0, 0) < 0) return val_null();
  return bytes_new(SELF->data ? SELF->data : "", SELF->n * (size_t)SELF->isz);
}
static Value m_tolist(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("tolist", argc - 1, kw, 0, 0) < 0) return val_null();
  ArrayObj *a = SELF;
  Value l = list_new((int64_t)a->n);
  if (VAL_IS_NULL(l)) return l;
  for (size_t i = 0; i < a->n; i++) {
    Value x = get_item(a, i);
    if (VAL_IS_NULL(x)) { val_decref(l); return x; }
    LIST(l.u.o)->items[i] = x;
  }
  return l;
}
static Value m_fromlist(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("fromlist", argc - 1, kw, 1, 1) < 0) return val_null();
  if (!VAL_IS_LIST(argv[1])) return obj_raise(&exc_TypeError, "arg must be list");
  if (extend_iter(SELF, argv[1]) < 0) return val_null();
  return val_none();
}
static Value m_tounicode(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("tounicode", argc - 1, kw, 0, 0) < 0) return val_null();
  ArrayObj *a = SELF;
  if (a->tc != 'u') return obj_raise(&exc_ValueError, "tounicode() may only be called on unicode type arrays");
  FBuf b = {0};
  for (size_t i = 0; i < a->n; i++) {
    uint32_t cp;
    memcpy(&cp, a->data + i * 4, 4);
    char t[4];
    fbuf_putn(&b, t, (size_t)utf8_encode(cp, t));
  }
  Value r = str_new(b.s ? b.s : "", b.len);
  fbuf_free(&b);
  return r;
}
static Value m_pop(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("pop", argc - 1, kw, 0, 1) < 0) return val_null();
  ArrayObj *a = SELF;
  int64_t i = -1;
  if (argc > 1 && op_as_int(argv[1], &i) < 0) return val_null();
  if (a->n == 0) return obj_raise(&exc_IndexError, "pop from empty array");
  if (i < 0) i += (int64_t)a->n;
  if (i < 0 || i >= (int64_t)a->n) return obj_raise(&exc_IndexError, "pop index out of range");
  Value x = get_item(a, (size_t)i);
  if (VAL_IS_NULL(x)) return x;
  size_t isz = (size_t)a->isz;
  memmove(a->data + (size_t)i * isz, a->data + ((size_t)i + 1) * isz, (a->n - (size_t)i - 1) * isz);
  a->n--;
  return x;
}
static Value m_insert(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("insert", argc - 1, kw, 2, 2) < 0) return val_null();
  ArrayObj *a = SELF;
  int64_t i;
  if (op_as_int(argv[1], &i) < 0) return val_null();
  /* convert the value before moving anything, and take the length after that user code */
  char tmp[8];
  if (pack_item(a, tmp, argv[2]) < 0) return val_null();
  int64_t n = (int64_t)a->n;
  if (i < 0) { i += n; if (i < 0) i = 0; }
  if (i > n) i = n;
  if (reserve(a, a->n + 1) < 0) return val_null();
  size_t isz = (size_t)a->isz;
  memmove(a->data + ((size_t)i + 1) * isz, a->data + (size_t)i * isz, (a->n - (size_t)i) * isz);
  memcpy(a->data + (size_t)i * isz, tmp, isz);
  a->n++;
  return val_none();
}
static int64_t find(ArrayObj *a, Value x, int64_t from) {
  for (size_t i = (size_t)from; i < a->n; i++) {
    Value y = get_item(a, i);
    if (VAL_IS_NULL(y)) return -2;
    int e = op_eq(y, x);
    val_decref(y);
    if (e < 0) return -2;
    if (e) return (int64_t)i;
  }
  return -1;
}
static Value m_index(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("index", argc - 1, kw, 1, 3) < 0) return val_null();
  int64_t st = 0;
  if (argc > 2 && op_as_int(argv[2], &st) < 0) return val_null();
  if (st < 0) { st += (int64_t)SELF->n; if (st < 0) st = 0; }
  int64_t i = find(SELF, argv[1], st);
  if (i == -2) return val_null();
  if (i < 0) return obj_raise(&exc_ValueError, "array.index(x): x not in array");
  return val_int(i);
}
static Value m_count(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("count", argc - 1, kw, 1, 1) < 0) return val_null();
  int64_t c = 0, i = 0;
  while ((i = find(SELF, argv[1], i)) >= 0) { c++; i++; }
  if (i == -2) return val_null();
  return val_int(c);
}
static Value m_remove(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("remove", argc - 1, kw, 1, 1) < 0) return val_null();
  int64_t i = find(SELF, argv[1], 0);
  if (i == -2) return val_null();
  if (i < 0) return obj_raise(&exc_ValueError, "array.remove(x): x not in array");
  if (i >= (int64_t)SELF->n) return val_none();   /* __eq__ shrank it: nothing there now, as CPython */
  if (array_setitem(argv[0], val_int(i), val_null()) < 0) return val_null();
  return val_none();
}
static Value m_reverse(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("reverse", argc - 1, kw, 0, 0) < 0) return val_null();
  ArrayObj *a = SELF;
  size_t isz = (size_t)a->isz;
  char t[8];
  for (size_t i = 0, j = a->n; i + 1 < j; i++, j--) {
    memcpy(t, a->data + i * isz, isz);
    memcpy(a->data + i * isz, a->data + (j - 1) * isz, isz);
    memcpy(a->data + (j - 1) * isz, t, isz);
  }
  return val_none();
}
static Value m_byteswap(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("byteswap", argc - 1, kw, 0, 0) < 0) return val_null();
  ArrayObj *a = SELF;
  size_t isz = (size_t)a->isz;
  for (size_t i = 0; i < a->n; i++) {
    char *p = a->data + i * isz;
    for (size_t k = 0; k < isz / 2; k++) { char t = p[k]; p[k] = p[isz - 1 - k]; p[isz - 1 - k] = t; }
  }
  return val_none();
}
static Value m_buffer_info(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("buffer_info", argc - 1, kw, 0, 0) < 0) return val_null();
  return tuple_pack(2, val_int((int64_t)(intptr_t)SELF->data), val_int((int64_t)SELF->n));
}
static Value m_copy(int argc, const Value *argv, Obj *kw) {
  ArrayObj *a = SELF, *r = array_alloc(a->tc, a->n);
  if (!r) return val_null();
  if (a->n) memcpy(r->data, a->data, a->n * (size_t)a->isz);
  return val_obj(&r->ob);
}
#undef SELF
static Value g_typecode(Value self) { char c = AO(self)->tc; return str_new(&c, 1); }
static Value g_itemsize(Value self) { return val_int(AO(self)->isz); }

static const MethodDef array_methods[] = {
    {"append", m_append, "append(x)\nAppend x to the end of the array.", 0},
    {"extend", m_extend, "extend(iterable)", 0},
    {"frombytes", m_frombytes, "frombytes(buffer)\nAppend items from the machine values in buffer.", 0},
    {"tobytes", m_tobytes, "tobytes()\nThe items as machine values in bytes.", 0},
    {"tolist", m_tolist, "tolist()", 0},
    {"fromlist", m_fromlist, "fromlist(list)", 0},
    {"tounicode", m_tounicode, "tounicode()", 0},
    {"pop", m_pop, "pop(i=-1)", 0},
    {"insert", m_insert, "insert(i, x)", 0},
    {"index", m_index, "index(x, start=0, stop=sys.maxsize)", 0},
    {"count", m_count, "count(x)", 0},
    {"remove", m_remove, "remove(x)", 0},
    {"reverse", m_reverse, "reverse()", 0},
    {"byteswap", m_byteswap, "byteswap()", 0},
    {"buffer_info", m_buffer_info, "buffer_info()\n(address, length) of the items.", 0},
    {"__copy__", m_copy, NULL, 0},
    {NULL, NULL, NULL, 0}};
static const GetSetDef array_getset[] = {
    {"typecode", g_typecode, NULL, "the typecode character"},
    {"itemsize", g_itemsize, NULL, "the size in bytes of one item"},
    {NULL, NULL, NULL, NULL}};

static TypeObj array_type = {OBJ_TYPE_HEAD, .name = "array",
                             .doc = "array(typecode[, initializer])\nAn array of numbers of one C type.",
                             .dealloc = array_dealloc, .new = array_new, .repr = array_repr,
                             .compare = array_compare, .binary = array_binary, .len = array_len,
                             .getitem = array_getitem, .setitem = array_setitem,
                             .contains = array_contains, .iter = array_iter,
                             .getbuffer = array_getbuffer, .methods = array_methods,
                             .getset = array_getset};

int modinit_array(Value m) {
  if (type_ready(&array_type) < 0) return -1;
  Value tc = str_from_cstr("bBuhHiIlLqQfd");
  if (VAL_IS_NULL(tc)) return -1;
  int r = module_add(m, "typecodes", tc);
  val_decref(tc);
  if (r < 0) return -1;
  if (module_add(m, "ArrayType", val_obj(&array_type.ob)) < 0) return -1;
  return module_add(m, "array", val_obj(&array_type.ob));
}
