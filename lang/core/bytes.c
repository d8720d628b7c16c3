/* bytes.c - the bytes and bytearray types with CPython 3.11's methods, reprs and messages, the
 * buffer view that struct, array, zlib and numpy read through, and the utf-8/ascii/latin-1 codecs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

/* ---- a growable byte buffer that raises MemoryError ------------------------------------ */
typedef struct BB { char *s; size_t len, cap; int failed; } BB;

static int bb_reserve(BB *b, size_t extra) {
  if (b->failed) return -1;
  if (extra > obj_alloc_cap() || b->len + extra + 1 > obj_alloc_cap()) {
    obj_raise_nomem();
    b->failed = 1;
    return -1;
  }
  size_t need = b->len + extra + 1;
  if (need <= b->cap) return 0;
  size_t cap = b->cap ? b->cap : 64;
  while (cap < need) cap *= 2;
  char *s = obj_realloc(b->s, cap);
  if (!s) { b->failed = 1; return -1; }
  b->s = s;
  b->cap = cap;
  return 0;
}
static void bb_put(BB *b, const void *s, size_t n) {
  if (bb_reserve(b, n) < 0) return;
  if (n) memcpy(b->s + b->len, s, n);
  b->len += n;
}
static void bb_putc(BB *b, int c) { char ch = (char)c; bb_put(b, &ch, 1); }
static void bb_free(BB *b) { obj_mfree(b->s); b->s = NULL; }

/* ---- construction ------------------------------------------------------------------- */
static Obj *empty_bytes;

Value bytes_alloc(size_t n, char **data) {
  if (n > obj_alloc_cap()) return obj_raise_nomem();
  BytesObj *o = obj_alloc(&bytes_type, sizeof(BytesObj) + n + 1);
  if (!o) return val_null();
  o->hash = -1;
  o->len = n;
  *data = o->s;
  return val_obj(&o->ob);
}

Value bytes_new(const char *s, size_t n) {
  if (n == 0 && empty_bytes) { obj_incref(empty_bytes); return val_obj(empty_bytes); }
  char *d;
  Value v = bytes_alloc(n, &d);
  if (VAL_IS_NULL(v)) return v;
  if (n) memcpy(d, s, n);
  if (n == 0) { empty_bytes = v.u.o; empty_bytes->rc += OBJ_IMMORTAL; }
  return v;
}

static int ba_reserve(ByteArrayObj *b, size_t n) {
  if (n + 1 <= b->cap) return 0;
  if (n + 1 > obj_alloc_cap()) { obj_raise_nomem(); return -1; }
  size_t cap = b->cap ? b->cap : 16;
  while (cap < n + 1) cap = cap * 2 > n + 1 ? cap * 2 : n + 1;
  char *s = obj_realloc(b->s, cap);
  if (!s) return -1;
  b->s = s;
  b->cap = cap;
  return 0;
}

Value bytes_bytearray_new(const char *s, size_t n) {
  ByteArrayObj *o = obj_alloc(&bytes_bytearray_type, sizeof(ByteArrayObj));
  if (!o) return val_null();
  if (ba_reserve(o, n) < 0) { obj_free(&o->ob); return val_null(); }
  if (n && s) memcpy(o->s, s, n);
  else if (n) memset(o->s, 0, n);
  o->len = n;
  o->s[n] = 0;
  return val_obj(&o->ob);
}

static int is_ba(Value v) { return VAL_IS_BYTEARRAY(v); }

/* a live memoryview pins the bytearray's memory: any change of length would move or shrink it */
void bytes_ba_export(Value v, int delta) {
  if (VAL_IS_BYTEARRAY(v)) BYTEARRAY(v.u.o)->exports += delta;
}
static int ba_canresize(ByteArrayObj *b, size_t newlen) {
  if (newlen == b->len || b->exports <= 0) return 0;
  obj_raise(&exc_BufferError, "Existing exports of data: object cannot be re-sized");
  return -1;
}

/* the bytes of a bytes or bytearray (self of every method here) */
static inline const char *bdata(Value v, size_t *n) {
  if (VAL_IS_BYTES(v)) { *n = BYTES(v.u.o)->len; return BYTES(v.u.o)->s; }
  *n = BYTEARRAY(v.u.o)->len;
  return BYTEARRAY(v.u.o)->s ? BYTEARRAY(v.u.o)->s : "";
}

/* a new object of self's type */
static Value mk(Value self, const char *s, size_t n) {
  return is_ba(self) ? bytes_bytearray_new(s, n) : bytes_new(s, n);
}
static Value mk_bb(Value self, BB *b) {
  if (b->failed) { bb_free(b); return val_null(); }
  Value r = mk(self, b->s ? b->s : "", b->len);
  bb_free(b);
  return r;
}

int bytes_view(Value v, ObjBuffer *out) {
  if (VAL_IS_BYTES(v)) {
    *out = (ObjBuffer){BYTES(v.u.o)->s, (int64_t)BYTES(v.u.o)->len, 1, 'B', 1};
    return 0;
  }
  if (VAL_IS_BYTEARRAY(v)) {
    ByteArrayObj *b = BYTEARRAY(v.u.o);
    *out = (ObjBuffer){b->s ? b->s : (char *)"", (int64_t)b->len, 1, 'B', 0};
    return 0;
  }
  TypeObj *t = op_type(v);
  if (t->getbuffer) return t->getbuffer(v, out);
  obj_raise(&exc_TypeError, "a bytes-like object is required, not '%s'", t->name);
  return -1;
}

/* ---- codecs --------------------------------------------------------------------------- */
/* 0 utf-8, 1 ascii, 2 latin-1, -1 unknown (LookupError raised) */
static int codec_of(const char *enc) {
  char n[32];
  size_t k = 0;
  for (const char *p = enc; *p && k + 1 < sizeof n; p++) {
    char c = *p;
    if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
    if (c == '_' || c == ' ') c = '-';
    n[k++] = c;
  }
  n[k] = 0;
  if (strlen(enc) < sizeof n) {
    if (!strcmp(n, "utf-8") || !strcmp(n, "utf8") || !strcmp(n, "u8") || !strcmp(n, "utf"))
      return 0;
    if (!strcmp(n, "ascii") || !strcmp(n, "us-ascii") || !strcmp(n, "646")) return 1;
    if (!strcmp(n, "latin-1") || !strcmp(n, "latin1") || !strcmp(n, "iso-8859-1") ||
        !strcmp(n, "iso8859-1") || !strcmp(n, "l1") || !strcmp(n, "8859") ||
        !strcmp(n, "cp819") || !strcmp(n, "latin"))
      return 2;
  }
  obj_raise(&exc_LookupError, "unknown encoding: %s", enc);
  return -1;
}
static const char *const codec_names[] = {"utf-8", "ascii", "latin-1"};

/* 0 strict, 1 replace, 2 ignore, 3 backslashreplace */
static int errors_of(const char *e) {
  if (!strcmp(e, "strict")) return 0;
  if (!strcmp(e, "replace")) return 1;
  if (!strcmp(e, "ignore")) return 2;
  if (!strcmp(e, "backslashreplace")) return 3;
  obj_raise(&exc_LookupError, "unknown error handler name '%s'", e);
  return -1;
}

static void put_cp_escape(BB *b, uint32_t c) {
  char t[16];
  int n = c < 0x100 ? snprintf(t, sizeof t, "\\x%02x", c) : c < 0x10000 ? snprintf(t, sizeof t, "\\u%04x", c)
                                                                         : snprintf(t, sizeof t, "\\U%08x", c);
  bb_put(b, t, (size_t)n);
}

Value bytes_encode(Value str, const char *encoding, const char *errors) {
  int codec = codec_of(encoding), eh = errors_of(errors);
  if (codec < 0 || eh < 0) return val_null();
  StrObj *s = STR(str.u.o);
  if (codec == 0 || s->ascii) return bytes_new(s->s, s->len);
  uint32_t limit = codec == 1 ? 128 : 256;
  BB b = {0};
  size_t i = 0, pos = 0;
  while (i < s->len) {
    uint32_t c;
    int k = utf8_decode(s->s + i, s->len - i, &c);
    if (k <= 0) { c = (unsigned char)s->s[i]; k = 1; }
    if (c < limit) bb_putc(&b, (int)c);
    else if (eh == 0) {
      /* CPython reports the run of unencodable characters */
      size_t j = i + (size_t)k, end = pos + 1;
      uint32_t d;
      int kk;
      while (j < s->len && (kk = utf8_decode(s->s + j, s->len - j, &d)) > 0 && d >= limit) { j += (size_t)kk; end++; }
      bb_free(&b);
      char ch[16];
      if (c < 0x100) snprintf(ch, sizeof ch, "\\x%02x", c);
      else if (c < 0x10000) snprintf(ch, sizeof ch, "\\u%04x", c);
      else snprintf(ch, sizeof ch, "\\U%08x", c);
      if (end - pos > 1)
        return obj_raise(&exc_UnicodeEncodeError, "'%s' codec can't encode characters in position %zu-%zu: ordinal not in range(%u)",
                         codec_names[codec], pos, end - 1, limit);
      return obj_raise(&exc_UnicodeEncodeError, "'%s' codec can't encode character '%s' in position %zu: ordinal not in range(%u)",
                       codec_names[codec], ch, pos, limit);
    } else if (eh == 1) bb_putc(&b, '?');
    else if (eh == 3) put_cp_escape(&b, c);
    i += (size_t)k;
    pos++;
  }
  if (b.failed) { bb_free(&b); return val_null(); }
  Value r = bytes_new(b.s ? b.s : "", b.len);
  bb_free(&b);
  return r;
}

static void bb_put_cp(BB *b, uint32_t c) {
  char t[4];
  int n = utf8_encode(c, t);
  bb_put(b, t, (size_t)n);
}

/* the length of the longest valid UTF-8 prefix of a sequence at s (what CPython replaces as one
 * unit), and why it stops: 0 valid (returns the full length), 1 invalid start byte, 2 invalid
 * continuation byte, 3 unexpected end of data */
static size_t utf8_check(const unsigned char *s, size_t n, int *why) {
  unsigned c = s[0];
  size_t need;
  unsigned lo = 0x80, hi = 0xbf;
  if (c < 0x80) { *why = 0; return 1; }
  if (c < 0xc2 || c > 0xf4) { *why = 1; return 1; }
  if (c < 0xe0) need = 1;
  else if (c < 0xf0) { need = 2; if (c == 0xe0) lo = 0xa0; if (c == 0xed) hi = 0x9f; }
  else { need = 3; if (c == 0xf0) lo = 0x90; if (c == 0xf4) hi = 0x8f; }
  size_t i = 1;
  for (; i <= need; i++) {
    if (i >= n) { *why = 3; return i; }
    unsigned d = s[i];
    if (d < lo || d > hi) { *why = 2; return i; }
    lo = 0x80; hi = 0xbf;
  }
  *why = 0;
  return i;
}

Value bytes_decode(const char *s0, size_t n, const char *encoding, const char *errors) {
  int codec = codec_of(encoding), eh = errors_of(errors);
  if (codec < 0 || eh < 0) return val_null();
  const unsigned char *s = (const unsigned char *)s0;
  if (codec == 0 && utf8_valid(s0, n)) return str_new(s0, n);
  BB b = {0};
  static const char *const whys[] = {"", "invalid start byte", "invalid continuation byte",
                                     "unexpected end of data"};
  size_t i = 0;
  while (i < n) {
    unsigned c = s[i];
    if (c < 0x80) { bb_putc(&b, (int)c); i++; continue; }
    if (codec == 2) { bb_put_cp(&b, c); i++; continue; }
    size_t k = 1;
    int why = 1;
    if (codec == 0) {
      k = utf8_check(s + i, n - i, &why);
      if (why == 0) { bb_put(&b, s + i, k); i += k; continue; }
    }
    if (eh == 0) {
      bb_free(&b);
      if (codec == 1)
        return obj_raise(&exc_UnicodeDecodeError, "'ascii' codec can't decode byte 0x%02x in position %zu: ordinal not in range(128)", c, i);
      if (k > 1)
        return obj_raise(&exc_UnicodeDecodeError, "'utf-8' codec can't decode bytes in position %zu-%zu: %s", i, i + k - 1, whys[why]);
      return obj_raise(&exc_UnicodeDecodeError, "'utf-8' codec can't decode byte 0x%02x in position %zu: %s", c, i, whys[why]);
    }
    if (eh == 1) bb_put_cp(&b, 0xfffd);
    else if (eh == 3) for (size_t j = 0; j < k; j++) put_cp_escape(&b, s[i + j]);
    i += k;
  }
  if (b.failed) { bb_free(&b); return val_null(); }
  Value r = str_new(b.s ? b.s : "", b.len);
  bb_free(&b);
  return r;
}

/* ---- slots ----------------------------------------------------------------------------- */
static void bytes_dealloc(Obj *o) { obj_free(o); }
static void ba_dealloc(Obj *o) { obj_mfree(BYTEARRAY(o)->s); obj_free(o); }

static void put_repr(BB *b, const unsigned char *s, size_t n) {
  char q = '\'';
  if (memchr(s, '\'', n) && !memchr(s, '"', n)) q = '"';
  bb_putc(b, 'b');
  bb_putc(b, q);
  for (size_t i = 0; i < n; i++) {
    unsigned c = s[i];
    char t[8];
    if (c == (unsigned)q || c == '\\') { t[0] = '\\'; t[1] = (char)c; bb_put(b, t, 2); }
    else if (c == '\t') bb_put(b, "\\t", 2);
    else if (c == '\n') bb_put(b, "\\n", 2);
    else if (c == '\r') bb_put(b, "\\r", 2);
    else if (c < 0x20 || c >= 0x7f) { snprintf(t, sizeof t, "\\x%02x", c); bb_put(b, t, 4); }
    else bb_putc(b, (int)c);
  }
  bb_putc(b, q);
}

static Value bytes_repr(Value v) {
  size_t n;
  const char *s = bdata(v, &n);
  BB b = {0};
  if (is_ba(v)) bb_put(&b, "bytearray(", 10);
  put_repr(&b, (const unsigned char *)s, n);
  if (is_ba(v)) bb_putc(&b, ')');
  if (b.failed) { bb_free(&b); return val_null(); }
  Value r = str_new(b.s, b.len);
  bb_free(&b);
  return r;
}

static int bytes_hash(Value v, int64_t *out) {
  BytesObj *b = BYTES(v.u.o);
  if (b->hash == -1) b->hash = num_hash_bytes(b->s, b->len);
  *out = b->hash;
  return 0;
}

static int is_byteslike(Value v) { return VAL_IS_BYTES(v) || VAL_IS_BYTEARRAY(v); }

static Value bytes_compare(Value a, Value b, int op) {
  if (!is_byteslike(a) || !is_byteslike(b)) return obj_notimpl();
  size_t na, nb;
  const char *sa = bdata(a, &na), *sb = bdata(b, &nb);
  if ((op == CMP_EQ || op == CMP_NOTEQ) && na != nb) return val_bool(op == CMP_NOTEQ);
  int c = memcmp(sa, sb, na < nb ? na : nb);
  if (c == 0) c = na < nb ? -1 : na > nb;
  switch (op) {
    case CMP_EQ: return val_bool(c == 0);
    case CMP_NOTEQ: return val_bool(c != 0);
    case CMP_LT: return val_bool(c < 0);
    case CMP_LTE: return val_bool(c <= 0);
    case CMP_GT: return val_bool(c > 0);
    case CMP_GTE: return val_bool(c >= 0);
  }
  return obj_notimpl();
}

static Value repeat(Value self, int64_t k) {
  size_t n;
  const char *s = bdata(self, &n);
  if (k < 0) k = 0;
  if (n && (uint64_t)k > obj_alloc_cap() / n) return obj_raise_nomem();
  size_t tot = n * (size_t)k;
  if (is_ba(self)) {
    Value r = bytes_bytearray_new(NULL, tot);
    if (VAL_IS_NULL(r)) return r;
    for (int64_t i = 0; i < k; i++) memcpy(BYTEARRAY(r.u.o)->s + (size_t)i * n, s, n);
    return r;
  }
  char *d;
  Value r = bytes_alloc(tot, &d);
  if (VAL_IS_NULL(r)) return r;
  for (int64_t i = 0; i < k; i++) memcpy(d + (size_t)i * n, s, n);
  return r;
}

static int ba_extend_raw(ByteArrayObj *b, const char *s, size_t n) {
  if (ba_canresize(b, b->len + n) < 0) return -1;
  if (ba_reserve(b, b->len + n) < 0) return -1;
  memmove(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = 0;
  return 0;
}

static Value bytes_binary(int op, Value a, Value b) {
  int base = op & 0xff;
  if (base == OP_MOD && is_byteslike(a)) {   /* PEP 461 formatting */
    size_t na;
    const char *sa = bdata(a, &na);
    return strfmt_percent_bytes(sa, na, b, is_ba(a));
  }
  if (base == OP_ADD && is_byteslike(a)) {
    ObjBuffer vb;
    if (!is_byteslike(b) && !op_type(b)->getbuffer) {
      return obj_raise(&exc_TypeError, "can't concat %s to %s", op_type_name(b), op_type_name(a));
    }
    if (bytes_view(b, &vb) < 0) return val_null();
    if ((op & OBJ_INPLACE) && is_ba(a)) {
      if (ba_extend_raw(BYTEARRAY(a.u.o), vb.buf, (size_t)vb.len) < 0) return val_null();
      return val_incref(a);
    }
    size_t na;
    const char *sa = bdata(a, &na);
    if ((size_t)vb.len > obj_alloc_cap() - na) return obj_raise_nomem();
    if (is_ba(a)) {
      Value r = bytes_bytearray_new(NULL, na + (size_t)vb.len);
      if (VAL_IS_NULL(r)) return r;
      memcpy(BYTEARRAY(r.u.o)->s, sa, na);
      memcpy(BYTEARRAY(r.u.o)->s + na, vb.buf, (size_t)vb.len);
      return r;
    }
    char *d;
    Value r = bytes_alloc(na + (size_t)vb.len, &d);
    if (VAL_IS_NULL(r)) return r;
    memcpy(d, sa, na);
    memcpy(d + na, vb.buf, (size_t)vb.len);
    return r;
  }
  if (base == OP_MULT) {
    Value self = is_byteslike(a) ? a : b, kv = is_byteslike(a) ? b : a;
    int64_t k;   /* an int or any __index__ (which may resize self: it runs first) */
    int c = op_repeat_count(kv, &k);
    if (c <= 0) return c < 0 ? val_null() : obj_notimpl();
    if ((op & OBJ_INPLACE) && is_ba(self) && self.u.o == a.u.o) {
      ByteArrayObj *d = BYTEARRAY(a.u.o);
      size_t nk = k > 0 ? d->len * (size_t)k : 0;
      if (k > 0 && nk / (size_t)k != d->len) nk = SIZE_MAX;
      if (ba_canresize(d, nk) < 0) return val_null();
      if (k == 1 || (d->exports > 0 && nk == d->len)) return val_incref(a);
      Value r = repeat(self, k);
      if (VAL_IS_NULL(r)) return r;
      ByteArrayObj *s = BYTEARRAY(r.u.o);
      char *t = d->s; size_t tc = d->cap;
      d->s = s->s; d->len = s->len; d->cap = s->cap;
      s->s = t; s->len = 0; s->cap = tc;
      val_decref(r);
      return val_incref(a);
    }
    return repeat(self, k);
  }
  return obj_notimpl();
}

static int bytes_len(Value v, int64_t *out) {
  size_t n;
  bdata(v, &n);
  *out = (int64_t)n;
  return 0;
}

static Value bytes_getitem(Value v, Value key) {
  size_t n;
  const char *s;
  if (VAL_IS_OBJ(key) && key.u.o->type == &iter_slice_type) {
    int64_t st, sp, step, m;
    int fl;
    /* the bounds' __index__ may resize a bytearray: read its data after them */
    if (iter_slice_unpack(key, &st, &sp, &step, &fl) < 0) return val_null();
    s = bdata(v, &n);
    iter_slice_adjust((int64_t)n, fl, &st, &sp, step, &m);
    if (step == 1) return mk(v, s + st, (size_t)m);
    BB b = {0};
    if (bb_reserve(&b, (size_t)m) < 0) return val_null();
    for (int64_t i = 0, j = st; i < m; i++, j += step) b.s[b.len++] = s[j];
    return mk_bb(v, &b);
  }
  int64_t i;
  if (!VAL_IS_INTLIKE(key) && !op_hasattr_s(key, "__index__"))
    return obj_raise(&exc_TypeError, "%s indices must be integers or slices, not %s",
                     is_ba(v) ? "bytearray" : "byte", op_type_name(key));
  if (op_as_int(key, &i) < 0) return val_null();
  s = bdata(v, &n);
  if (i < 0) i += (int64_t)n;
  if (i < 0 || i >= (int64_t)n)
    return obj_raise(&exc_IndexError, "%s", is_ba(v) ? "bytearray index out of range" : "index out of range");
  return val_int((unsigned char)s[i]);
}

static int byte_value(Value x, int *out) {
  int64_t c;
  if (!VAL_IS_INTLIKE(x) && !op_hasattr_s(x, "__index__")) {
    obj_raise(&exc_TypeError, "'%s' object cannot be interpreted as an integer", op_type_name(x));
    return -1;
  }
  if (op_as_int(x, &c) < 0) return -1;
  if (c < 0 || c > 255) { obj_raise(&exc_ValueError, "byte must be in range(0, 256)"); return -1; }
  *out = (int)c;
  return 0;
}

/* the bytes of an iterable of ints (or a bytes-like) into b */
static int collect_ints(Value x, BB *b, const char *range_msg) {
  ObjBuffer vb;
  if (VAL_IS_OBJ(x) && x.u.o->type == &memview_type) {   /* may be strided: copy in C order */
    Value t = memview_tobytes(x);
    if (VAL_IS_NULL(t)) return -1;
    bb_put(b, BYTES(t.u.o)->s, BYTES(t.u.o)->len);
    val_decref(t);
    return b->failed ? -1 : 0;
  }
  if (is_byteslike(x) || op_type(x)->getbuffer) {
    if (bytes_view(x, &vb) < 0) return -1;
    bb_put(b, vb.buf, (size_t)vb.len);
    return b->failed ? -1 : 0;
  }
  if (VAL_IS_LIST(x) || VAL_IS_TUPLE(x)) {
    int64_t n = VAL_IS_LIST(x) ? LIST(x.u.o)->len : TUPLE(x.u.o)->len;
    if (bb_reserve(b, (size_t)n) < 0) return -1;
    for (int64_t i = 0; i < (VAL_IS_LIST(x) ? LIST(x.u.o)->len : n); i++) {
      Value e = VAL_IS_LIST(x) ? LIST(x.u.o)->items[i] : TUPLE(x.u.o)->items[i];
      int c;
      if (VAL_IS_INT(e) && e.u.i >= 0 && e.u.i < 256) c = (int)e.u.i;
      else if (byte_value(e, &c) < 0) {
        if (obj_err_matches(&exc_ValueError)) { obj_err_clear(); obj_raise(&exc_ValueError, "%s", range_msg); }
        return -1;
      }
      bb_putc(b, c);
    }
    return b->failed ? -1 : 0;
  }
  Value it = op_iter(x);
  if (VAL_IS_NULL(it)) return -1;
  Value e;
  int r;
  while ((r = op_next(it, &e)) == 1) {
    int c;
    int bad = byte_value(e, &c);
    val_decref(e);
    if (bad < 0) {
      if (obj_err_matches(&exc_ValueError)) { obj_err_clear(); obj_raise(&exc_ValueError, "%s", range_msg); }
      r = -1;
      break;
    }
    bb_putc(b, c);
    if (b->failed) { r = -1; break; }
  }
  val_decref(it);
  return r;
}

static int ba_setitem(Value v, Value key, Value x) {
  ByteArrayObj *b = BYTEARRAY(v.u.o);
  if (VAL_IS_OBJ(key) && key.u.o->type == &iter_slice_type) {
    int64_t st, sp, step, m;
    int fl;
    if (iter_slice_unpack(key, &st, &sp, &step, &fl) < 0) return -1;
    BB nb = {0};
    if (!VAL_IS_NULL(x)) {
      if (VAL_IS_INTLIKE(x)) {
        obj_raise(&exc_TypeError, "can assign only bytes, buffers, or iterables of ints in range(0, 256)");
        return -1;
      }
      if (VAL_IS_STR(x)) {
        obj_raise(&exc_TypeError, "can assign only bytes, buffers, or iterables of ints in range(0, 256)");
        return -1;
      }
      if (collect_ints(x, &nb, "byte must be in range(0, 256)") < 0) { bb_free(&nb); return -1; }
    }
    /* the length after the user code above (__index__ of the bounds, the iterable) ran */
    iter_slice_adjust((int64_t)b->len, fl, &st, &sp, step, &m);
    if (step == 1 || (VAL_IS_NULL(x) && m == 0)) {
      if (step != 1) { bb_free(&nb); return 0; }
      if (sp < st) sp = st;
      size_t old = (size_t)(sp - st), nw = nb.len;
      if (ba_canresize(b, b->len - old + nw) < 0) { bb_free(&nb); return -1; }
      if (nw > old && ba_reserve(b, b->len + nw - old) < 0) { bb_free(&nb); return -1; }
      memmove(b->s + st + nw, b->s + sp, b->len - (size_t)sp);
      if (nw) memcpy(b->s + st, nb.s, nw);
      b->len = b->len - old + nw;
      b->s[b->len] = 0;
      bb_free(&nb);
      return 0;
    }
    if (VAL_IS_NULL(x)) {
      if (ba_canresize(b, b->len - (size_t)m) < 0) return -1;
      if (step < 0) { st = st + (m - 1) * step; step = -step; }
      size_t w = (size_t)st;
      int64_t k = 0;
      for (size_t r = (size_t)st; r < b->len; r++) {
        if (k < m && (int64_t)r == st + k * step) { k++; continue; }
        b->s[w++] = b->s[r];
      }
      b->len = w;
      b->s[w] = 0;
      return 0;
    }
    if ((int64_t)nb.len != m) {
      obj_raise(&exc_ValueError, "attempt to assign bytes of size %zu to extended slice of size %lld",
                nb.len, (long long)m);
      bb_free(&nb);
      return -1;
    }
    for (int64_t i = 0, j = st; i < m; i++, j += step) b->s[j] = nb.s[i];
    bb_free(&nb);
    return 0;
  }
  int64_t i;
  if (!VAL_IS_INTLIKE(key) && !op_hasattr_s(key, "__index__")) {
    obj_raise(&exc_TypeError, "bytearray indices must be integers or slices, not %s", op_type_name(key));
    return -1;
  }
  if (op_as_int(key, &i) < 0) return -1;
  /* the value is converted before the bounds check (CPython's GH-91153 order): its
     __index__ may resize the bytearray */
  int c = 0;
  if (!VAL_IS_NULL(x) && byte_value(x, &c) < 0) return -1;
  if (i < 0) i += (int64_t)b->len;
  if (i < 0 || i >= (int64_t)b->len) {
    obj_raise(&exc_IndexError, "bytearray index out of range");
    return -1;
  }
  if (VAL_IS_NULL(x)) {
    if (ba_canresize(b, b->len - 1) < 0) return -1;
    memmove(b->s + i, b->s + i + 1, b->len - (size_t)i - 1);
    b->len--;
    b->s[b->len] = 0;
    return 0;
  }
  b->s[i] = (char)c;
  return 0;
}

/* an int needle (or any object with __index__, as CPython): 1 with *c set, 0 when v is not
 * one, -1 on error. Runs user code: callers read their data pointers after it. */
static int byte_needle(Value v, char *c) {
  if (!VAL_IS_INTLIKE(v) && (is_byteslike(v) || op_type(v)->getbuffer || !op_hasattr_s(v, "__index__")))
    return 0;
  int64_t i;
  if (op_as_int(v, &i) < 0) return -1;
  if (i < 0 || i > 255) { obj_raise(&exc_ValueError, "byte must be in range(0, 256)"); return -1; }
  *c = (char)i;
  return 1;
}

static int bytes_contains(Value v, Value x) {
  size_t n;
  char one;
  int isint = byte_needle(x, &one);
  if (isint < 0) return -1;
  const char *s = bdata(v, &n);
  if (isint) return n && memchr(s, (unsigned char)one, n) != NULL;
  ObjBuffer vb;
  if (bytes_view(x, &vb) < 0) return -1;
  if (vb.len == 0) return 1;
  return memmem(s, n, vb.buf, (size_t)vb.len) != NULL;
}

typedef struct BIter { Obj ob; Value b; size_t i; } BIter;
static void bi_dealloc(Obj *o) { val_decref(((BIter *)o)->b); obj_free(o); }
static Value bi_iter(Value v) { return val_incref(v); }
static int bi_next(Value v, Value *out) {
  BIter *it = (BIter *)v.u.o;
  if (VAL_IS_NULL(it->b)) return 0;
  size_t n;
  const char *s = bdata(it->b, &n);
  if (it->i >= n) { val_clear(&it->b); return 0; }
  *out = val_int((unsigned char)s[it->i++]);
  return 1;
}
static TypeObj bytes_iter_type = {OBJ_TYPE_HEAD, .name = "bytes_iterator", .dealloc = bi_dealloc,
                                  .iter = bi_iter, .next = bi_next};
static Value bytes_iter(Value v) {
  BIter *it = obj_alloc(&bytes_iter_type, sizeof(BIter));
  if (!it) return val_null();
  it->b = val_incref(v);
  return val_obj(&it->ob);
}

static int bytes_getbuffer(Value v, ObjBuffer *out) { return bytes_view(v, out); }

/* bytes(x) / bytearray(x) */
static Value construct(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  int ba = t == &bytes_bytearray_type;
  const char *name = ba ? "bytearray" : "bytes";
  Value a[3];
  if (func_parse_args(name, argc, argv, kw, "|source,encoding,errors", a) < 0) return val_null();
  Value x = a[0];
  if (VAL_IS_NULL(x)) {
    if (!VAL_IS_NULL(a[1]) || !VAL_IS_NULL(a[2]))
      return obj_raise(&exc_TypeError, "encoding or errors without sequence argument");
    return ba ? bytes_bytearray_new(NULL, 0) : bytes_new("", 0);
  }
  if (VAL_IS_STR(x)) {
    if (VAL_IS_NULL(a[1])) return obj_raise(&exc_TypeError, "string argument without an encoding");
    if (!VAL_IS_STR(a[1]))
      return obj_raise(&exc_TypeError, "%s() argument 'encoding' must be str, not %s", name, op_type_name(a[1]));
    if (!VAL_IS_NULL(a[2]) && !VAL_IS_STR(a[2]))
      return obj_raise(&exc_TypeError, "%s() argument 'errors' must be str, not %s", name, op_type_name(a[2]));
    Value r = bytes_encode(x, str_cstr(a[1]), VAL_IS_NULL(a[2]) ? "strict" : str_cstr(a[2]));
    if (VAL_IS_NULL(r) || !ba) return r;
    Value y = bytes_bytearray_new(BYTES(r.u.o)->s, BYTES(r.u.o)->len);
    val_decref(r);
    return y;
  }
  if (!VAL_IS_NULL(a[1]))
    return obj_raise(&exc_TypeError, "encoding without a string argument");
  if (!VAL_IS_NULL(a[2]))
    return obj_raise(&exc_TypeError, "errors without a string argument");
  if (VAL_IS_INTLIKE(x)) {
    if (x.u.i < 0) return obj_raise(&exc_ValueError, "negative count");
    if ((uint64_t)x.u.i > obj_alloc_cap()) return obj_raise_nomem();
    if (ba) return bytes_bytearray_new(NULL, (size_t)x.u.i);
    char *d;
    Value r = bytes_alloc((size_t)x.u.i, &d);
    if (!VAL_IS_NULL(r)) memset(d, 0, (size_t)x.u.i);
    return r;
  }
  if (!ba && VAL_IS_BYTES(x)) return val_incref(x);
  if (!is_byteslike(x) && !op_type(x)->getbuffer && !VAL_IS_LIST(x) && !VAL_IS_TUPLE(x)) {
    if (!ba && op_hasattr_s(x, "__bytes__")) {
      Value r = op_call_method(x, "__bytes__", 0, NULL);
      if (!VAL_IS_NULL(r) && !VAL_IS_BYTES(r)) {
        val_decref(r);
        return obj_raise(&exc_TypeError, "__bytes__ returned non-bytes");
      }
      return r;
    }
    if (op_hasattr_s(x, "__index__")) {
      int64_t k;
      if (op_as_int(x, &k) < 0) return val_null();
      Value kk = val_int(k);
      return construct(t, 1, &kk, NULL);
    }
    if (!op_type(x)->iter && !op_hasattr_s(x, "__iter__") && !op_type(x)->getitem)
      return obj_raise(&exc_TypeError, "cannot convert '%s' object to %s", op_type_name(x), name);
  }
  BB b = {0};
  if (collect_ints(x, &b, "bytes must be in range(0, 256)") < 0) { bb_free(&b); return val_null(); }
  Value r = ba ? bytes_bytearray_new(b.s ? b.s : "", b.len) : bytes_new(b.s ? b.s : "", b.len);
  bb_free(&b);
  return r;
}

/* ---- methods --------------------------------------------------------------------------- */
static int arg_bytes(Value v, const char **s, size_t *n) {
  ObjBuffer vb;
  if (bytes_view(v, &vb) < 0) return -1;
  *s = vb.buf;
  *n = (size_t)vb.len;
  return 0;
}

static Value m_decode(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("decode", argc - 1, argv + 1, kw, "|encoding,errors", a) < 0) return val_null();
  for (int i = 0; i < 2; i++)
    if (!VAL_IS_NULL(a[i]) && !VAL_IS_STR(a[i]))
      return obj_raise(&exc_TypeError, "decode() argument '%s' must be str, not %s",
                       i ? "errors" : "encoding", op_type_name(a[i]));
  size_t n;
  const char *s = bdata(argv[0], &n);
  return bytes_decode(s, n, VAL_IS_NULL(a[0]) ? "utf-8" : str_cstr(a[0]),
                      VAL_IS_NULL(a[1]) ? "strict" : str_cstr(a[1]));
}

static Value m_hex(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("hex", argc - 1, argv + 1, kw, "|sep,bytes_per_sep", a) < 0) return val_null();
  size_t n;
  const unsigned char *s;
  const char *sep = NULL;
  size_t sepn = 0;
  int64_t per = 1;
  /* bytes_per_sep's __index__ may resize self or sep: convert it first */
  if (!VAL_IS_NULL(a[1]) && op_as_int(a[1], &per) < 0) return val_null();
  s = (const unsigned char *)bdata(argv[0], &n);
  if (!VAL_IS_NULL(a[0])) {
    if (VAL_IS_STR(a[0])) { sep = str_cstr(a[0]); sepn = STR(a[0].u.o)->len; }
    else if (arg_bytes(a[0], &sep, &sepn) < 0) return val_null();
    if (sepn != 1) return obj_raise(&exc_ValueError, "sep must be length 1.");
    if ((unsigned char)sep[0] >= 128) return obj_raise(&exc_ValueError, "sep must be ASCII.");
  }
  BB b = {0};
  static const char hx[] = "0123456789abcdef";
  int64_t g = per < 0 ? -per : per;
  if (g == 0) sep = NULL;
  for (size_t i = 0; i < n; i++) {
    if (sep && i > 0) {
      /* groups counted from the right when per > 0, from the left when < 0 */
      int put = per > 0 ? ((n - i) % (size_t)g == 0) : (i % (size_t)g == 0);
      if (put) bb_putc(&b, sep[0]);
    }
    char t[2] = {hx[s[i] >> 4], hx[s[i] & 15]};
    bb_put(&b, t, 2);
  }
  if (b.failed) { bb_free(&b); return val_null(); }
  Value r = str_new(b.s ? b.s : "", b.len);
  bb_free(&b);
  return r;
}

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static Value m_fromhex(int argc, const Value *argv, Obj *kw) {
  /* argv[0] is the class */
  if (func_check_args("fromhex", argc - 1, kw, 1, 1) < 0) return val_null();
  if (!VAL_IS_STR(argv[1]))
    return obj_raise(&exc_TypeError, "fromhex() argument must be str, not %s", op_type_name(argv[1]));
  StrObj *s = STR(argv[1].u.o);
  BB b = {0};
  size_t i = 0;
  while (i < s->len) {
    unsigned char c = (unsigned char)s->s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') { i++; continue; }
    int hi = hexval(c), lo = i + 1 < s->len ? hexval((unsigned char)s->s[i + 1]) : -1;
    if (hi < 0 || lo < 0) {
      size_t pos = utf8_len(s->s, hi < 0 ? i : i + 1);
      bb_free(&b);
      if (hi >= 0 && i + 1 >= s->len)
        return obj_raise(&exc_ValueError, "non-hexadecimal number found in fromhex() arg at position %zu", pos);
      return obj_raise(&exc_ValueError, "non-hexadecimal number found in fromhex() arg at position %zu", pos);
    }
    bb_putc(&b, hi * 16 + lo);
    i += 2;
  }
  if (b.failed) { bb_free(&b); return val_null(); }
  Value t = argv[0];
  Value r = (VAL_IS_OBJ(t) && t.u.o == &bytes_bytearray_type.ob) ? bytes_bytearray_new(b.s ? b.s : "", b.len)
                                                                : bytes_new(b.s ? b.s : "", b.len);
  bb_free(&b);
  return r;
}

/* [start, end) byte range of a search, CPython's slice rules; 0 when empty (st > en).
 * start/end may run user __index__ code that resizes a bytearray, so the caller reads the
 * data and length (*s, *n) of self only after that. */
static int search_range(Value self, Value vs, Value ve, const char **s, size_t *n, size_t *bs, size_t *be) {
  int64_t st = 0, en = INT64_MAX;
  int has_st = !VAL_IS_NULL(vs) && !VAL_IS_NONE(vs), has_en = !VAL_IS_NULL(ve) && !VAL_IS_NONE(ve);
  if (has_st && op_as_int(vs, &st) < 0) return -1;
  if (has_en && op_as_int(ve, &en) < 0) return -1;
  *s = bdata(self, n);
  if (st < 0) { st += (int64_t)*n; if (st < 0) st = 0; }
  if (en < 0) { en += (int64_t)*n; if (en < 0) en = 0; }
  if (en > (int64_t)*n) en = (int64_t)*n;
  *bs = (size_t)st;
  *be = (size_t)en;
  return 0;
}

static const char *rmem(const char *h, size_t hn, const char *nd, size_t nn) {
  if (nn > hn) return NULL;
  for (size_t i = hn - nn + 1; i-- > 0;)
    if (memcmp(h + i, nd, nn) == 0) return h + i;
  return NULL;
}

/* the needle of find/count/index: bytes-like or an int */
static int needle(Value v, const char **p, size_t *n, char *one) {
  if (VAL_IS_INTLIKE(v)) {
    if (v.u.i < 0 || v.u.i > 255) { obj_raise(&exc_ValueError, "byte must be in range(0, 256)"); return -1; }
    *one = (char)v.u.i;
    *p = one;
    *n = 1;
    return 0;
  }
  if (!is_byteslike(v) && !op_type(v)->getbuffer) {
    obj_raise(&exc_TypeError, "argument should be integer or bytes-like object, not '%s'", op_type_name(v));
    return -1;
  }
  return arg_bytes(v, p, n);
}

static Value find_impl(int argc, const Value *argv, Obj *kw, int rev, int raise, const char *name) {
  Value a[3];
  if (func_parse_args(name, argc - 1, argv + 1, kw, "sub|start,end", a) < 0) return val_null();
  size_t n, tn, bs, be;
  const char *s, *t;
  char one;
  int isint = byte_needle(a[0], &one);
  if (isint < 0 || search_range(argv[0], a[1], a[2], &s, &n, &bs, &be) < 0) return val_null();
  if (isint) { t = &one; tn = 1; }
  else if (needle(a[0], &t, &tn, &one) < 0) return val_null();
  const char *p = NULL;
  if (bs <= be && be - bs >= tn) {
    if (tn == 0) p = rev ? s + be : s + bs;
    else p = rev ? rmem(s + bs, be - bs, t, tn) : memmem(s + bs, be - bs, t, tn);
  }
  if (!p) {
    if (raise) return obj_raise(&exc_ValueError, "subsection not found");
    return val_int(-1);
  }
  return val_int((int64_t)(p - s));
}
static Value m_find(int argc, const Value *argv, Obj *kw) { return find_impl(argc, argv, kw, 0, 0, "find"); }
static Value m_rfind(int argc, const Value *argv, Obj *kw) { return find_impl(argc, argv, kw, 1, 0, "rfind"); }
static Value m_index(int argc, const Value *argv, Obj *kw) { return find_impl(argc, argv, kw, 0, 1, "index"); }
static Value m_rindex(int argc, const Value *argv, Obj *kw) { return find_impl(argc, argv, kw, 1, 1, "rindex"); }

static Value m_count(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("count", argc - 1, argv + 1, kw, "sub|start,end", a) < 0) return val_null();
  size_t n, tn, bs, be;
  const char *s, *t;
  char one;
  int isint = byte_needle(a[0], &one);
  if (isint < 0 || search_range(argv[0], a[1], a[2], &s, &n, &bs, &be) < 0) return val_null();
  if (isint) { t = &one; tn = 1; }
  else if (needle(a[0], &t, &tn, &one) < 0) return val_null();
  if (bs > be) return val_int(0);
  if (tn == 0) return val_int((int64_t)(be - bs) + 1);
  int64_t c = 0;
  const char *p = s + bs, *e = s + be;
  while ((size_t)(e - p) >= tn && (p = memmem(p, (size_t)(e - p), t, tn))) { c++; p += tn; }
  return val_int(c);
}

static Value affix_impl(int argc, const Value *argv, Obj *kw, int end, const char *name) {
  Value a[3];
  if (func_parse_args(name, argc - 1, argv + 1, kw, "prefix|start,end", a) < 0) return val_null();
  size_t n, bs, be;
  const char *s;
  if (search_range(argv[0], a[1], a[2], &s, &n, &bs, &be) < 0) return val_null();
  int64_t k = VAL_IS_TUPLE(a[0]) ? TUPLE(a[0].u.o)->len : 1;
  for (int64_t i = 0; i < k; i++) {
    Value x = VAL_IS_TUPLE(a[0]) ? TUPLE(a[0].u.o)->items[i] : a[0];
    if (!is_byteslike(x) && !op_type(x)->getbuffer)
      return obj_raise(&exc_TypeError, "%s first arg must be bytes or a tuple of bytes, not %s",
                       name, op_type_name(x));
    const char *t;
    size_t tn;
    if (arg_bytes(x, &t, &tn) < 0) return val_null();
    if (bs > n || bs > be || be - bs < tn) continue;
    if (memcmp(end ? s + be - tn : s + bs, t, tn) == 0) return val_bool(1);
  }
  return val_bool(0);
}
static Value m_startswith(int argc, const Value *argv, Obj *kw) { return affix_impl(argc, argv, kw, 0, "startswith"); }

/* CPython's bytes.expandtabs: columns restart after \n and \r */
static Value m_expandtabs(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("expandtabs", argc - 1, argv + 1, kw, "|tabsize", a) < 0) return val_null();
  int64_t ts = 8;
  if (!VAL_IS_NULL(a[0]) && op_as_int(a[0], &ts) < 0) return val_null();
  if (ts > INT32_MAX || ts < INT32_MIN)   /* CPython's tabsize is a C int */
    return obj_raise(&exc_OverflowError, "Python int too large to convert to C int");
  size_t n;
  const char *s = bdata(argv[0], &n);   /* after tabsize's __index__ ran */
  BB b = {0};
  int64_t col = 0;
  for (size_t i = 0; i < n && !b.failed; i++) {
    if (s[i] == '\t') {
      if (ts > 0) {
        int64_t k = ts - col % ts;
        if ((uint64_t)k + b.len > obj_alloc_cap()) { bb_free(&b); return obj_raise_nomem(); }
        for (int64_t j = 0; j < k && !b.failed; j++) bb_putc(&b, ' ');
        col += k;
      }
    } else {
      bb_putc(&b, s[i]);
      col = (s[i] == '\n' || s[i] == '\r') ? 0 : col + 1;
    }
  }
  return mk_bb(argv[0], &b);
}
static Value m_endswith(int argc, const Value *argv, Obj *kw) { return affix_impl(argc, argv, kw, 1, "endswith"); }

static Value fix_impl(int argc, const Value *argv, Obj *kw, int end, const char *name) {
  if (func_check_args(name, argc - 1, kw, 1, 1) < 0) return val_null();
  size_t n, tn;
  const char *s = bdata(argv[0], &n), *t;
  if (arg_bytes(argv[1], &t, &tn) < 0) return val_null();
  if (tn <= n && memcmp(end ? s + n - tn : s, t, tn) == 0)
    return end ? mk(argv[0], s, n - tn) : mk(argv[0], s + tn, n - tn);
  if (!is_ba(argv[0])) return val_incref(argv[0]);
  return mk(argv[0], s, n);
}
static Value m_removeprefix(int argc, const Value *argv, Obj *kw) { return fix_impl(argc, argv, kw, 0, "removeprefix"); }
static Value m_removesuffix(int argc, const Value *argv, Obj *kw) { return fix_impl(argc, argv, kw, 1, "removesuffix"); }

static int b_isspace(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static int b_isdigit(int c) { return c >= '0' && c <= '9'; }
static int b_isupper(int c) { return c >= 'A' && c <= 'Z'; }
static int b_islower(int c) { return c >= 'a' && c <= 'z'; }
static int b_isalpha(int c) { return b_isupper(c) || b_islower(c); }
static int b_isalnum(int c) { return b_isalpha(c) || b_isdigit(c); }

static Value strip_impl(int argc, const Value *argv, Obj *kw, int left, int right, const char *name) {
  if (func_check_args(name, argc - 1, kw, 0, 1) < 0) return val_null();
  size_t n, cn = 0;
  const char *s = bdata(argv[0], &n), *chars = NULL;
  if (argc > 1 && !VAL_IS_NONE(argv[1]) && arg_bytes(argv[1], &chars, &cn) < 0) return val_null();
  size_t i = 0, j = n;
#define IN_SET(c) (chars ? memchr(chars, (c), cn) != NULL : b_isspace(c))
  if (left) while (i < j && IN_SET((unsigned char)s[i])) i++;
  if (right) while (j > i && IN_SET((unsigned char)s[j - 1])) j--;
#undef IN_SET
  if (i == 0 && j == n && !is_ba(argv[0])) return val_incref(argv[0]);
  return mk(argv[0], s + i, j - i);
}
static Value m_strip(int argc, const Value *argv, Obj *kw) { return strip_impl(argc, argv, kw, 1, 1, "strip"); }
static Value m_lstrip(int argc, const Value *argv, Obj *kw) { return strip_impl(argc, argv, kw, 1, 0, "lstrip"); }
static Value m_rstrip(int argc, const Value *argv, Obj *kw) { return strip_impl(argc, argv, kw, 0, 1, "rstrip"); }

static int push(Value self, Value list, const char *p, size_t n) {
  Value x = mk(self, p, n);
  if (VAL_IS_NULL(x)) return -1;
  return list_append_steal(list, x);
}
static void reverse_list(Value list) {
  ListObj *l = LIST(list.u.o);
  for (int64_t i = 0, j = l->len - 1; i < j; i++, j--) {
    Value t = l->items[i]; l->items[i] = l->items[j]; l->items[j] = t;
  }
}

static Value split_impl(int argc, const Value *argv, Obj *kw, int rev) {
  Value a[2];
  if (func_parse_args(rev ? "rsplit" : "split", argc - 1, argv + 1, kw, "|sep,maxsplit", a) < 0)
    return val_null();
  int64_t maxsplit = -1;
  if (!VAL_IS_NULL(a[1]) && op_as_int(a[1], &maxsplit) < 0) return val_null();
  if (maxsplit < 0) maxsplit = INT64_MAX;
  Value self = argv[0];
  size_t n, sn = 0;
  const char *s = bdata(self, &n), *sep = NULL;
  if (!VAL_IS_NULL(a[0]) && !VAL_IS_NONE(a[0])) {
    if (arg_bytes(a[0], &sep, &sn) < 0) return val_null();
    if (sn == 0) return obj_raise(&exc_ValueError, "empty separator");
  }
  Value list = list_new(0);
  if (VAL_IS_NULL(list)) return list;
  if (!sep) {
    if (!rev) {
      size_t i = 0;
      while (i < n) {
        while (i < n && b_isspace((unsigned char)s[i])) i++;
        if (i >= n) break;
        if (maxsplit-- <= 0) {
          size_t e = n;
          while (e > i && b_isspace((unsigned char)s[e - 1])) e--;
          if (push(self, list, s + i, e - i) < 0) goto fail;
          break;
        }
        size_t st = i;
        while (i < n && !b_isspace((unsigned char)s[i])) i++;
        if (push(self, list, s + st, i - st) < 0) goto fail;
      }
    } else {
      size_t e = n;
      while (e > 0) {
        while (e > 0 && b_isspace((unsigned char)s[e - 1])) e--;
        if (e == 0) break;
        if (maxsplit-- <= 0) {
          size_t b = 0;
          while (b < e && b_isspace((unsigned char)s[b])) b++;
          if (push(self, list, s + b, e - b) < 0) goto fail;
          break;
        }
        size_t st = e;
        while (st > 0 && !b_isspace((unsigned char)s[st - 1])) st--;
        if (push(self, list, s + st, e - st) < 0) goto fail;
        e = st;
      }
      reverse_list(list);
    }
    return list;
  }
  if (!rev) {
    const char *p = s, *e = s + n, *q;
    while (maxsplit > 0 && (size_t)(e - p) >= sn && (q = memmem(p, (size_t)(e - p), sep, sn))) {
      if (push(self, list, p, (size_t)(q - p)) < 0) goto fail;
      p = q + sn;
      maxsplit--;
    }
    if (push(self, list, p, (size_t)(e - p)) < 0) goto fail;
  } else {
    size_t e = n;
    const char *q;
    while (maxsplit > 0 && (q = rmem(s, e, sep, sn))) {
      size_t at = (size_t)(q - s);
      if (push(self, list, q + sn, e - at - sn) < 0) goto fail;
      e = at;
      maxsplit--;
    }
    if (push(self, list, s, e) < 0) goto fail;
    reverse_list(list);
  }
  return list;
fail:
  val_decref(list);
  return val_null();
}
static Value m_split(int argc, const Value *argv, Obj *kw) { return split_impl(argc, argv, kw, 0); }
static Value m_rsplit(int argc, const Value *argv, Obj *kw) { return split_impl(argc, argv, kw, 1); }

static Value m_splitlines(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("splitlines", argc - 1, argv + 1, kw, "|keepends", a) < 0) return val_null();
  int keep = 0;
  if (!VAL_IS_NULL(a[0]) && (keep = op_truth(a[0])) < 0) return val_null();
  size_t n;
  const char *s = bdata(argv[0], &n);
  Value list = list_new(0);
  if (VAL_IS_NULL(list)) return list;
  size_t i = 0;
  while (i < n) {
    size_t st = i;
    while (i < n && s[i] != '\n' && s[i] != '\r') i++;
    size_t e = i;
    if (i < n) { i += (s[i] == '\r' && i + 1 < n && s[i + 1] == '\n') ? 2 : 1; }
    if (push(argv[0], list, s + st, (keep ? i : e) - st) < 0) { val_decref(list); return val_null(); }
  }
  return list;
}

static Value m_join(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("join", argc - 1, kw, 1, 1) < 0) return val_null();
  Value seq = list_from_iterable(argv[1]);
  if (VAL_IS_NULL(seq)) return seq;
  BB b = {0};
  ListObj *l = LIST(seq.u.o);
  for (int64_t i = 0; i < l->len; i++) {
    size_t sn;
    const char *sp = bdata(argv[0], &sn);
    if (i) bb_put(&b, sp, sn);
    ObjBuffer vb;
    Value x = l->items[i];
    if (!is_byteslike(x) && !op_type(x)->getbuffer) {
      obj_raise(&exc_TypeError, "sequence item %lld: expected a bytes-like object, %s found",
                (long long)i, op_type_name(x));
      bb_free(&b);
      val_decref(seq);
      return val_null();
    }
    if (bytes_view(x, &vb) < 0) { bb_free(&b); val_decref(seq); return val_null(); }
    bb_put(&b, vb.buf, (size_t)vb.len);
  }
  val_decref(seq);
  return mk_bb(argv[0], &b);
}

static Value m_replace(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("replace", argc - 1, argv + 1, kw, "old,new|count", a) < 0) return val_null();
  int64_t count = -1;
  if (!VAL_IS_NULL(a[2]) && op_as_int(a[2], &count) < 0) return val_null();
  size_t n, on, nn;
  const char *s = bdata(argv[0], &n), *o, *nw;
  if (arg_bytes(a[0], &o, &on) < 0 || arg_bytes(a[1], &nw, &nn) < 0) return val_null();
  if (count < 0) count = INT64_MAX;
  BB b = {0};
  if (on == 0) {
    size_t i = 0;
    for (; i <= n; i++) {
      if (count > 0) { bb_put(&b, nw, nn); count--; }
      if (i < n) bb_putc(&b, s[i]);
    }
    return mk_bb(argv[0], &b);
  }
  const char *p = s, *e = s + n, *q;
  while (count > 0 && (size_t)(e - p) >= on && (q = memmem(p, (size_t)(e - p), o, on))) {
    bb_put(&b, p, (size_t)(q - p));
    bb_put(&b, nw, nn);
    p = q + on;
    count--;
  }
  bb_put(&b, p, (size_t)(e - p));
  return mk_bb(argv[0], &b);
}

static Value partition_impl(int argc, const Value *argv, Obj *kw, int rev) {
  if (func_check_args(rev ? "rpartition" : "partition", argc - 1, kw, 1, 1) < 0) return val_null();
  size_t n, sn;
  const char *s = bdata(argv[0], &n), *sep;
  if (arg_bytes(argv[1], &sep, &sn) < 0) return val_null();
  if (sn == 0) return obj_raise(&exc_ValueError, "empty separator");
  const char *q = rev ? rmem(s, n, sep, sn) : (n >= sn ? memmem(s, n, sep, sn) : NULL);
  Value x, y, z;
  if (!q) {
    x = rev ? mk(argv[0], "", 0) : mk(argv[0], s, n);
    y = mk(argv[0], "", 0);
    z = rev ? mk(argv[0], s, n) : mk(argv[0], "", 0);
  } else {
    x = mk(argv[0], s, (size_t)(q - s));
    y = mk(argv[0], sep, sn);
    z = mk(argv[0], q + sn, n - (size_t)(q - s) - sn);
  }
  Value r = val_null();
  if (!VAL_IS_NULL(x) && !VAL_IS_NULL(y) && !VAL_IS_NULL(z)) r = tuple_pack(3, x, y, z);
  val_decref(x); val_decref(y); val_decref(z);
  return r;
}
static Value m_partition(int argc, const Value *argv, Obj *kw) { return partition_impl(argc, argv, kw, 0); }
static Value m_rpartition(int argc, const Value *argv, Obj *kw) { return partition_impl(argc, argv, kw, 1); }

static Value map_case(int argc, const Value *argv, Obj *kw, int mode, const char *name) {
  if (func_check_args(name, argc - 1, kw, 0, 0) < 0) return val_null();
  size_t n;
  const char *s = bdata(argv[0], &n);
  BB b = {0};
  if (bb_reserve(&b, n) < 0) return val_null();
  int prev_alpha = 0;
  for (size_t i = 0; i < n; i++) {
    int c = (unsigned char)s[i];
    switch (mode) {
      case 0: if (b_islower(c)) c -= 32; break;
      case 1: if (b_isupper(c)) c += 32; break;
      case 2: if (i == 0 ? b_islower(c) : 0) c -= 32; else if (i > 0 && b_isupper(c)) c += 32; break;
      case 3: if (!prev_alpha && b_islower(c)) c -= 32; else if (prev_alpha && b_isupper(c)) c += 32; break;
      case 4: if (b_islower(c)) c -= 32; else if (b_isupper(c)) c += 32; break;
    }
    prev_alpha = b_isalpha(c);
    b.s[b.len++] = (char)c;
  }
  return mk_bb(argv[0], &b);
}
static Value m_upper(int argc, const Value *argv, Obj *kw) { return map_case(argc, argv, kw, 0, "upper"); }
static Value m_lower(int argc, const Value *argv, Obj *kw) { return map_case(argc, argv, kw, 1, "lower"); }
static Value m_capitalize(int argc, const Value *argv, Obj *kw) { return map_case(argc, argv, kw, 2, "capitalize"); }
static Value m_title(int argc, const Value *argv, Obj *kw) { return map_case(argc, argv, kw, 3, "title"); }
static Value m_swapcase(int argc, const Value *argv, Obj *kw) { return map_case(argc, argv, kw, 4, "swapcase"); }

static Value classify(int argc, const Value *argv, Obj *kw, int (*pred)(int), const char *name) {
  if (func_check_args(name, argc - 1, kw, 0, 0) < 0) return val_null();
  size_t n;
  const char *s = bdata(argv[0], &n);
  if (n == 0) return val_bool(0);
  for (size_t i = 0; i < n; i++)
    if (!pred((unsigned char)s[i])) return val_bool(0);
  return val_bool(1);
}
static Value m_isdigit(int argc, const Value *argv, Obj *kw) { return classify(argc, argv, kw, b_isdigit, "isdigit"); }
static Value m_isalpha(int argc, const Value *argv, Obj *kw) { return classify(argc, argv, kw, b_isalpha, "isalpha"); }
static Value m_isalnum(int argc, const Value *argv, Obj *kw) { return classify(argc, argv, kw, b_isalnum, "isalnum"); }
static Value m_isspace(int argc, const Value *argv, Obj *kw) { return classify(argc, argv, kw, b_isspace, "isspace"); }
static Value m_isascii(int argc, const Value *argv, Obj *kw) {
  size_t n;
  const char *s = bdata(argv[0], &n);
  for (size_t i = 0; i < n; i++)
    if ((unsigned char)s[i] >= 128) return val_bool(0);
  return val_bool(1);
}
static Value case_test(const Value *argv, int want_upper) {
  size_t n;
  const char *s = bdata(argv[0], &n);
  int cased = 0;
  for (size_t i = 0; i < n; i++) {
    int c = (unsigned char)s[i];
    if (want_upper ? b_islower(c) : b_isupper(c)) return val_bool(0);
    if (b_isalpha(c)) cased = 1;
  }
  return val_bool(cased);
}
static Value m_isupper(int argc, const Value *argv, Obj *kw) { return case_test(argv, 1); }
static Value m_islower(int argc, const Value *argv, Obj *kw) { return case_test(argv, 0); }

static Value pad_impl(int argc, const Value *argv, Obj *kw, int mode, const char *name) {
  if (func_check_args(name, argc - 1, kw, 1, 2) < 0) return val_null();
  int64_t w;
  if (op_as_int(argv[1], &w) < 0) return val_null();
  char fill = ' ';
  if (argc > 2) {
    const char *f;
    size_t fn;
    if (!is_byteslike(argv[2]) || arg_bytes(argv[2], &f, &fn) < 0 || fn != 1)
      return obj_raise(&exc_TypeError, "%s() argument 2 must be a byte string of length 1, not %s",
                       name, op_type_name(argv[2]));
    fill = f[0];
  }
  size_t n;
  const char *s = bdata(argv[0], &n);
  if (w <= (int64_t)n) return is_ba(argv[0]) ? mk(argv[0], s, n) : val_incref(argv[0]);
  if ((uint64_t)w > obj_alloc_cap()) return obj_raise_nomem();
  size_t tot = (size_t)w - n, l = mode == 0 ? 0 : mode == 1 ? tot : tot / 2 + (tot & (size_t)w & 1);
  BB b = {0};
  if (bb_reserve(&b, (size_t)w) < 0) return val_null();
  memset(b.s, fill, (size_t)w);
  memcpy(b.s + l, s, n);
  b.len = (size_t)w;
  return mk_bb(argv[0], &b);
}
static Value m_ljust(int argc, const Value *argv, Obj *kw) { return pad_impl(argc, argv, kw, 0, "ljust"); }
static Value m_rjust(int argc, const Value *argv, Obj *kw) { return pad_impl(argc, argv, kw, 1, "rjust"); }
static Value m_center(int argc, const Value *argv, Obj *kw) { return pad_impl(argc, argv, kw, 2, "center"); }

static Value m_zfill(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("zfill", argc - 1, kw, 1, 1) < 0) return val_null();
  int64_t w;
  if (op_as_int(argv[1], &w) < 0) return val_null();
  size_t n;
  const char *s = bdata(argv[0], &n);
  if (w <= (int64_t)n) return is_ba(argv[0]) ? mk(argv[0], s, n) : val_incref(argv[0]);
  if ((uint64_t)w > obj_alloc_cap()) return obj_raise_nomem();
  BB b = {0};
  size_t pad = (size_t)w - n;
  if (bb_reserve(&b, (size_t)w) < 0) return val_null();
  size_t k = 0;
  if (n && (s[0] == '+' || s[0] == '-')) b.s[k++] = s[0];
  memset(b.s + k, '0', pad);
  memcpy(b.s + k + pad, s + k, n - k);
  b.len = (size_t)w;
  return mk_bb(argv[0], &b);
}

static Value m_translate(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("translate", argc - 1, argv + 1, kw, "table|delete", a) < 0) return val_null();
  const char *tab = NULL, *del = NULL;
  size_t tn = 0, dn = 0;
  if (!VAL_IS_NONE(a[0])) {
    if (arg_bytes(a[0], &tab, &tn) < 0) return val_null();
    if (tn != 256) return obj_raise(&exc_ValueError, "translation table must be 256 characters long");
  }
  if (!VAL_IS_NULL(a[1]) && arg_bytes(a[1], &del, &dn) < 0) return val_null();
  size_t n;
  const char *s = bdata(argv[0], &n);
  BB b = {0};
  if (bb_reserve(&b, n) < 0) return val_null();
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (del && memchr(del, c, dn)) continue;
    b.s[b.len++] = tab ? tab[c] : (char)c;
  }
  return mk_bb(argv[0], &b);
}

static Value m_maketrans(int argc, const Value *argv, Obj *kw) {
  /* static: argv has no self */
  if (func_check_args("maketrans", argc, kw, 2, 2) < 0) return val_null();
  const char *f, *t;
  size_t fn, tn;
  if (arg_bytes(argv[0], &f, &fn) < 0 || arg_bytes(argv[1], &t, &tn) < 0) return val_null();
  if (fn != tn) return obj_raise(&exc_ValueError, "maketrans arguments must have same length");
  char tab[256];
  for (int i = 0; i < 256; i++) tab[i] = (char)i;
  for (size_t i = 0; i < fn; i++) tab[(unsigned char)f[i]] = t[i];
  return bytes_new(tab, 256);
}

static Value m_getnewargs(int argc, const Value *argv, Obj *kw) {
  size_t n;
  const char *s = bdata(argv[0], &n);
  Value b = bytes_new(s, n);
  if (VAL_IS_NULL(b)) return b;
  Value t = tuple_pack(1, b);
  val_decref(b);
  return t;
}

/* ---- bytearray mutation ----------------------------------------------------------------- */
#define BA (BYTEARRAY(argv[0].u.o))
static Value m_append(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("append", argc - 1, kw, 1, 1) < 0) return val_null();
  int c;
  if (byte_value(argv[1], &c) < 0) return val_null();
  char ch = (char)c;
  if (ba_extend_raw(BA, &ch, 1) < 0) return val_null();
  return val_none();
}
static Value m_extend(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("extend", argc - 1, kw, 1, 1) < 0) return val_null();
  if (VAL_IS_STR(argv[1])) return obj_raise(&exc_TypeError, "expected iterable of integers; got: 'str'");
  if (VAL_IS_INTLIKE(argv[1]) || VAL_IS_FLOAT(argv[1]) || VAL_IS_NONE(argv[1]))
    return obj_raise(&exc_TypeError, "can't extend bytearray with %s", op_type_name(argv[1]));
  BB b = {0};
  if (collect_ints(argv[1], &b, "byte must be in range(0, 256)") < 0) { bb_free(&b); return val_null(); }
  int r = ba_extend_raw(BA, b.s ? b.s : "", b.len);
  bb_free(&b);
  return r < 0 ? val_null() : val_none();
}
static Value m_pop(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("pop", argc - 1, kw, 0, 1) < 0) return val_null();
  int64_t i = -1;
  if (argc > 1 && op_as_int(argv[1], &i) < 0) return val_null();
  ByteArrayObj *b = BA;
  if (b->len == 0) return obj_raise(&exc_IndexError, "pop from empty bytearray");
  if (i < 0) i += (int64_t)b->len;
  if (i < 0 || i >= (int64_t)b->len) return obj_raise(&exc_IndexError, "pop index out of range");
  if (ba_canresize(b, b->len - 1) < 0) return val_null();
  int c = (unsigned char)b->s[i];
  memmove(b->s + i, b->s + i + 1, b->len - (size_t)i - 1);
  b->s[--b->len] = 0;
  return val_int(c);
}
static Value m_insert(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("insert", argc - 1, kw, 2, 2) < 0) return val_null();
  int64_t i;
  int c;
  if (op_as_int(argv[1], &i) < 0 || byte_value(argv[2], &c) < 0) return val_null();
  ByteArrayObj *b = BA;
  int64_t n = (int64_t)b->len;
  if (i < 0) { i += n; if (i < 0) i = 0; }
  if (i > n) i = n;
  if (ba_canresize(b, b->len + 1) < 0 || ba_reserve(b, b->len + 1) < 0) return val_null();
  memmove(b->s + i + 1, b->s + i, b->len - (size_t)i);
  b->s[i] = (char)c;
  b->s[++b->len] = 0;
  return val_none();
}
static Value m_remove(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("remove", argc - 1, kw, 1, 1) < 0) return val_null();
  int c;
  if (byte_value(argv[1], &c) < 0) return val_null();
  ByteArrayObj *b = BA;
  char *p = b->len ? memchr(b->s, c, b->len) : NULL;
  if (!p) return obj_raise(&exc_ValueError, "value not found in bytearray");
  if (ba_canresize(b, b->len - 1) < 0) return val_null();
  size_t i = (size_t)(p - b->s);
  memmove(b->s + i, b->s + i + 1, b->len - i - 1);
  b->s[--b->len] = 0;
  return val_none();
}
static Value m_clear(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("clear", argc - 1, kw, 0, 0) < 0) return val_null();
  if (ba_canresize(BA, 0) < 0) return val_null();
  BA->len = 0;
  if (BA->s) BA->s[0] = 0;
  return val_none();
}
static Value m_copy(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("copy", argc - 1, kw, 0, 0) < 0) return val_null();
  return bytes_bytearray_new(BA->s, BA->len);
}
static Value m_reverse(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("reverse", argc - 1, kw, 0, 0) < 0) return val_null();
  ByteArrayObj *b = BA;
  for (size_t i = 0, j = b->len; i + 1 < j; i++, j--) { char t = b->s[i]; b->s[i] = b->s[j - 1]; b->s[j - 1] = t; }
  return val_none();
}
#undef BA

#define COMMON_METHODS                                                                          \
  {"decode", m_decode, "decode(encoding='utf-8', errors='strict')\nDecode the bytes to a str.", 0}, \
  {"hex", m_hex, "hex(sep=None, bytes_per_sep=1)\nThe bytes as hexadecimal digits.", 0},         \
  {"fromhex", m_fromhex, "fromhex(string)\nThe bytes written as hexadecimal digits in string.", METH_CLASS}, \
  {"find", m_find, "find(sub, start=None, end=None)", 0},                                         \
  {"rfind", m_rfind, "rfind(sub, start=None, end=None)", 0},                                      \
  {"index", m_index, "index(sub, start=None, end=None)", 0},                                      \
  {"rindex", m_rindex, "rindex(sub, start=None, end=None)", 0},                                   \
  {"count", m_count, "count(sub, start=None, end=None)", 0},                                      \
  {"startswith", m_startswith, "startswith(prefix, start=None, end=None)", 0},                    \
  {"expandtabs", m_expandtabs, "expandtabs(tabsize=8)", 0},                                       \
  {"endswith", m_endswith, "endswith(suffix, start=None, end=None)", 0},                          \
  {"removeprefix", m_removeprefix, "removeprefix(prefix)", 0},                                    \
  {"removesuffix", m_removesuffix, "removesuffix(suffix)", 0},                                    \
  {"strip", m_strip, "strip(bytes=None)", 0},                                                     \
  {"lstrip", m_lstrip, "lstrip(bytes=None)", 0},                                                  \
  {"rstrip", m_rstrip, "rstrip(bytes=None)", 0},                                                  \
  {"split", m_split, "split(sep=None, maxsplit=-1)", 0},                                          \
  {"rsplit", m_rsplit, "rsplit(sep=None, maxsplit=-1)", 0},                                       \
  {"splitlines", m_splitlines, "splitlines(keepends=False)", 0},                                  \
  {"join", m_join, "join(iterable_of_bytes)", 0},                                                 \
  {"replace", m_replace, "replace(old, new, count=-1)", 0},                                       \
  {"partition", m_partition, "partition(sep)", 0},                                                \
  {"rpartition", m_rpartition, "rpartition(sep)", 0},                                             \
  {"upper", m_upper, "upper()", 0},                                                               \
  {"lower", m_lower, "lower()", 0},                                                               \
  {"capitalize", m_capitalize, "capitalize()", 0},                                                \
  {"title", m_title, "title()", 0},                                                               \
  {"swapcase", m_swapcase, "swapcase()", 0},                                                      \
  {"isdigit", m_isdigit, "isdigit()", 0},                                                         \
  {"isalpha", m_isalpha, "isalpha()", 0},                                                         \
  {"isalnum", m_isalnum, "isalnum()", 0},                                                         \
  {"isspace", m_isspace, "isspace()", 0},                                                         \
  {"isascii", m_isascii, "isascii()", 0},                                                         \
  {"isupper", m_isupper, "isupper()", 0},                                                         \
  {"islower", m_islower, "islower()", 0},                                                         \
  {"ljust", m_ljust, "ljust(width, fillchar=b' ')", 0},                                           \
  {"rjust", m_rjust, "rjust(width, fillchar=b' ')", 0},                                           \
  {"center", m_center, "center(width, fillchar=b' ')", 0},                                        \
  {"zfill", m_zfill, "zfill(width)", 0},                                                          \
  {"translate", m_translate, "translate(table, delete=b'')", 0},                                  \
  {"maketrans", m_maketrans, "maketrans(frm, to)", METH_STATIC}

static const MethodDef bytes_methods[] = {
    COMMON_METHODS,
    {"__getnewargs__", m_getnewargs, NULL, 0},
    {NULL, NULL, NULL, 0}};

static const MethodDef ba_methods[] = {
    COMMON_METHODS,
    {"append", m_append, "append(item)\nAppend a single byte (an int in range(256)).", 0},
    {"extend", m_extend, "extend(iterable_of_ints)", 0},
    {"pop", m_pop, "pop(index=-1)", 0},
    {"insert", m_insert, "insert(index, item)", 0},
    {"remove", m_remove, "remove(value)", 0},
    {"clear", m_clear, "clear()", 0},
    {"copy", m_copy, "copy()", 0},
    {"reverse", m_reverse, "reverse()", 0},
    {NULL, NULL, NULL, 0}};

TypeObj bytes_type = {OBJ_TYPE_HEAD, .name = "bytes",
                      .doc = "bytes(iterable_of_ints) / bytes(string, encoding[, errors]) / bytes(int)\nAn immutable sequence of bytes.",
                      .dealloc = bytes_dealloc, .new = construct, .repr = bytes_repr,
                      .hash = bytes_hash, .compare = bytes_compare, .binary = bytes_binary,
                      .len = bytes_len, .getitem = bytes_getitem, .contains = bytes_contains,
                      .iter = bytes_iter, .getbuffer = bytes_getbuffer, .methods = bytes_methods};

TypeObj bytes_bytearray_type = {OBJ_TYPE_HEAD, .name = "bytearray",
                                .doc = "bytearray(iterable_of_ints) / bytearray(string, encoding[, errors]) / bytearray(int)\nA mutable sequence of bytes.",
                                .dealloc = ba_dealloc, .new = construct, .repr = bytes_repr,
                                .compare = bytes_compare, .binary = bytes_binary,
                                .len = bytes_len, .getitem = bytes_getitem, .setitem = ba_setitem,
                                .contains = bytes_contains, .iter = bytes_iter,
                                .getbuffer = bytes_getbuffer, .methods = ba_methods};
