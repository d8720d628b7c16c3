/* str.c - the str type: immutable UTF-8 text whose length and indices count code points,
 * the intern table for names, and the str methods. */
#include <ctype.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

/* ---- construction and interning ------------------------------------------------------ */
static StrObj *str_alloc(size_t len) {
  if (len > obj_alloc_cap()) { obj_raise_nomem(); return NULL; }
  StrObj *s = obj_alloc(&str_type, sizeof(StrObj) + len + 1);
  if (!s) return NULL;
  s->hash = -1;
  s->len = len;
  return s;
}

static void str_finish(StrObj *s) {
  s->s[s->len] = 0;
  int ascii = 1;
  for (size_t i = 0; i < s->len; i++)
    if ((unsigned char)s->s[i] >= 0x80) { ascii = 0; break; }
  s->ascii = (uint8_t)ascii;
  s->ncp = ascii ? s->len : utf8_len(s->s, s->len);
}

static Obj *char_cache[128];
static Obj *empty_str;

Value str_new(const char *p, size_t len) {
  if (len == 0 && empty_str) return val_obj(empty_str);
  if (len == 1 && (unsigned char)p[0] < 128 && char_cache[(unsigned char)p[0]])
    return val_obj(char_cache[(unsigned char)p[0]]);
  StrObj *s = str_alloc(len);
  if (!s) return val_null();
  memcpy(s->s, p, len);
  str_finish(s);
  return val_obj(&s->ob);
}

/* where a str subclass instance keeps its __dict__: past the text, pointer aligned */
size_t str_sub_dict_offset(size_t len) {
  return (offsetof(StrObj, s) + len + 1 + sizeof(Obj *) - 1) & ~(sizeof(Obj *) - 1);
}

Value str_sub_from(TypeObj *tp, Value v) {
  StrObj *x = STR(v.u.o);
  if (x->len > obj_alloc_cap()) return obj_raise_nomem();
  StrObj *s = obj_alloc(tp, str_sub_dict_offset(x->len) + sizeof(Obj *));
  if (!s) return val_null();
  s->hash = -1;
  s->len = x->len;
  memcpy(s->s, x->s, x->len);
  str_finish(s);
  return val_obj(&s->ob);
}

Value str_from_cstr(const char *s) { return str_new(s, strlen(s)); }

Value str_fmt(const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0) n = 0;
  if ((size_t)n < sizeof buf) return str_new(buf, (size_t)n);
  char *big = malloc((size_t)n + 1);
  if (!big) return obj_raise_nomem();
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  Value r = str_new(big, (size_t)n);
  free(big);
  return r;
}

const char *str_cstr(Value v) { return STR(v.u.o)->s; }

/* interned strings: immortal, found by content */
static StrObj **itab;
static size_t icap, icount;

static StrObj *make_immortal(const char *s, size_t n) {
  StrObj *o = calloc(1, sizeof(StrObj) + n + 1);
  if (!o) return NULL;
  o->ob.rc = OBJ_IMMORTAL;
  o->ob.type = &str_type;
  o->len = n;
  memcpy(o->s, s, n);
  str_finish(o);
  o->hash = num_hash_bytes(o->s, n);
  o->interned = 1;
  return o;
}

Obj *str_intern_n(const char *s, size_t n) {
  if (icount * 2 >= icap) {
    size_t nc = icap ? icap * 2 : 1024;
    StrObj **nt = calloc(nc, sizeof *nt);
    if (!nt) { obj_raise_nomem(); return NULL; }
    for (size_t i = 0; i < icap; i++)
      if (itab[i]) {
        size_t j = (size_t)itab[i]->hash & (nc - 1);
        while (nt[j]) j = (j + 1) & (nc - 1);
        nt[j] = itab[i];
      }
    free(itab);
    itab = nt;
    icap = nc;
  }
  int64_t h = num_hash_bytes(s, n);
  size_t j = (size_t)h & (icap - 1);
  while (itab[j]) {
    if (itab[j]->hash == h && itab[j]->len == n && memcmp(itab[j]->s, s, n) == 0)
      return &itab[j]->ob;
    j = (j + 1) & (icap - 1);
  }
  StrObj *o = make_immortal(s, n);
  if (!o) { obj_raise_nomem(); return NULL; }
  itab[j] = o;
  icount++;
  return &o->ob;
}

static Obj *obj_intern_slow(const char *s);

/* C string literals are interned over and over (special method names): remember the last
 * result per address, checked against the text so a reused buffer can never fool it */
static struct { const char *p; Obj *o; } icache[512];

Obj *str_intern(const char *s) {
  size_t h = ((uintptr_t)s >> 3) & 511;
  if (icache[h].p == s && strcmp(STR(icache[h].o)->s, s) == 0) return icache[h].o;
  Obj *r = obj_intern_slow(s);
  if (r) { icache[h].p = s; icache[h].o = r; }
  return r;
}

static Obj *obj_intern_slow(const char *s) {
  if (!empty_str) {
    empty_str = str_intern_n("", 0);
    for (int c = 0; c < 128; c++) {
      char ch = (char)c;
      char_cache[c] = str_intern_n(&ch, 1);
    }
  }
  return str_intern_n(s, strlen(s));
}

/* ---- helpers ----------------------------------------------------------------------------- */
static inline size_t cp_offset(StrObj *s, size_t i) {
  if (s->ascii || i == 0) return i;
  if (i >= s->ncp) return s->len;
  return utf8_offset(s->s, s->len, i);
}

static inline size_t cp_count(StrObj *s, size_t byte) {
  if (s->ascii) return byte;
  return utf8_len(s->s, byte);
}

static Value str_from_fbuf(FBuf *b) {
  /* a buffer that refused to grow (fmt.c's poison, cap == -1) is a MemoryError, never "" */
  if (b->cap == (size_t)-1) { fbuf_free(b); return obj_raise_nomem(); }
  Value r = str_new(b->s ? b->s : "", b->len);
  fbuf_free(b);
  return r;
}

static Value obj_str_concat(Value a, Value b) {
  StrObj *x = STR(a.u.o), *y = STR(b.u.o);
  if (y->len == 0) return val_incref(a);
  if (x->len == 0) return val_incref(b);
  if (x->len > obj_alloc_cap() - y->len) return obj_raise_nomem();
  StrObj *s = str_alloc(x->len + y->len);
  if (!s) return val_null();
  memcpy(s->s, x->s, x->len);
  memcpy(s->s + x->len, y->s, y->len);
  s->s[s->len] = 0;
  s->ascii = x->ascii && y->ascii;
  s->ncp = x->ncp + y->ncp;
  return val_obj(&s->ob);
}

/* a + b where the caller owns the only reference to a: realloc a (steals a) */
Value str_append_inplace(Value a, Value b) {
  StrObj *x = STR(a.u.o), *y = STR(b.u.o);
  if (x->interned || x->ob.rc != 1) {
    Value r = obj_str_concat(a, b);
    val_decref(a);
    return r;
  }
  if (y->len == 0) return a;
  if (x->len > obj_alloc_cap() - y->len) { val_decref(a); return obj_raise_nomem(); }
  size_t need = sizeof(StrObj) + x->len + y->len + 1;
  /* grow geometrically so repeated appends are amortized */
  size_t have = malloc_usable_size(x);
  StrObj *n = x;
  if (have < need) {
    size_t want = need + need / 2;
    n = obj_realloc(x, want);
    if (!n) { val_decref(a); return val_null(); }
  }
  memcpy(n->s + n->len, y->s, y->len);
  n->len += y->len;
  n->s[n->len] = 0;
  n->ncp += y->ncp;
  n->ascii = n->ascii && y->ascii;
  n->hash = -1;
  return val_obj(&n->ob);
}

static Value str_repeat(Value a, int64_t n) {
  StrObj *x = STR(a.u.o);
  if (n <= 0 || x->len == 0) return str_new("", 0);
  if (n == 1) return val_incref(a);
  if ((uint64_t)n > obj_alloc_cap() / x->len) return obj_raise_nomem();
  StrObj *s = str_alloc(x->len * (size_t)n);
  if (!s) return val_null();
  /* doubling copies: a one-character string repeated 3e9 times is 32 memcpys, not 3e9 */
  size_t done = x->len, total = s->len;
  memcpy(s->s, x->s, x->len);
  while (done < total) {
    size_t k = done < total - done ? done : total - done;
    memcpy(s->s + done, s->s, k);
    done += k;
  }
  s->s[s->len] = 0;
  s->ascii = x->ascii;
  s->ncp = x->ncp * (size_t)n;
  return val_obj(&s->ob);
}

/* ---- slots -------------------------------------------------------------------------------- */
static void str_dealloc(Obj *o) { obj_free(o); }

static void put_escaped(FBuf *b, uint32_t c, char quote) {
  char tmp[16];
  switch (c) {
    case '\n': fbuf_puts(b, "\\n"); return;
    case '\r': fbuf_puts(b, "\\r"); return;
    case '\t': fbuf_puts(b, "\\t"); return;
    case '\\': fbuf_puts(b, "\\\\"); return;
  }
  if (c == (uint32_t)quote) { fbuf_putc(b, '\\'); fbuf_putc(b, quote); return; }
  if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == 0xad) {
    snprintf(tmp, sizeof tmp, "\\x%02x", c);
    fbuf_puts(b, tmp);
    return;
  }
  if ((c >= 0x2028 && c <= 0x2029) || (c >= 0xd800 && c <= 0xdfff) || c == 0xfeff ||
      (c >= 0x200b && c <= 0x200f) || (c >= 0xe000 && c <= 0xf8ff)) {
    snprintf(tmp, sizeof tmp, "\\u%04x", c);
    fbuf_puts(b, tmp);
    return;
  }
  char u[4];
  int k = utf8_encode(c, u);
  fbuf_putn(b, u, (size_t)k);
}

static Value str_repr(Value v) {
  StrObj *s = STR(v.u.o);
  int has_sq = memchr(s->s, '\'', s->len) != NULL, has_dq = memchr(s->s, '"', s->len) != NULL;
  char q = (has_sq && !has_dq) ? '"' : '\'';
  FBuf b = {0};
  fbuf_putc(&b, q);
  for (size_t i = 0; i < s->len;) {
    uint32_t c = (unsigned char)s->s[i];
    int k = 1;
    if (c >= 0x80) {
      k = utf8_decode(s->s + i, s->len - i, &c);
      if (k <= 0) { k = 1; c = 0xfffd; }
    }
    if (c >= 0x20 && c < 0x7f && c != '\\' && c != (uint32_t)q) fbuf_putc(&b, (char)c);
    else put_escaped(&b, c, q);
    i += (size_t)k;
    if (b.cap == (size_t)-1) break;   /* too big: str_from_fbuf raises MemoryError */
  }
  fbuf_putc(&b, q);
  return str_from_fbuf(&b);
}

static Value str_str(Value v) { return val_incref(v); }

static int str_hash(Value v, int64_t *out) {
  StrObj *s = STR(v.u.o);
  if (s->hash == -1) s->hash = num_hash_bytes(s->s, s->len);
  *out = s->hash;
  return 0;
}

static Value str_compare(Value a, Value b, int op) {
  if (!VAL_IS_STR(a) || !VAL_IS_STR(b)) return obj_notimpl();
  StrObj *x = STR(a.u.o), *y = STR(b.u.o);
  size_t n = x->len < y->len ? x->len : y->len;
  int c = memcmp(x->s, y->s, n);
  if (c == 0) c = x->len < y->len ? -1 : x->len > y->len;
  int r;
  switch (op) {
    case CMP_EQ: r = c == 0; break;
    case CMP_NOTEQ: r = c != 0; break;
    case CMP_LT: r = c < 0; break;
    case CMP_LTE: r = c <= 0; break;
    case CMP_GT: r = c > 0; break;
    default: r = c >= 0;
  }
  return val_bool(r);
}

static Value str_binary(int op, Value a, Value b) {
  op &= 0xff;
  if (op == OP_ADD && VAL_IS_STR(a) && VAL_IS_STR(b)) return obj_str_concat(a, b);
  if (op == OP_MULT) {
    int64_t n;
    int c = op_repeat_count(VAL_IS_STR(a) ? b : a, &n);
    if (c) return c < 0 ? val_null() : str_repeat(VAL_IS_STR(a) ? a : b, n);
  }
  if (op == OP_MOD && VAL_IS_STR(a)) return strfmt_percent(a, b);
  return obj_notimpl();
}

static int str_len(Value v, int64_t *out) { *out = (int64_t)STR(v.u.o)->ncp; return 0; }

static int str_truth(Value v) { return STR(v.u.o)->len != 0; }

static Value str_index_cp(StrObj *s, int64_t i) {
  if (s->ascii) return str_new(s->s + i, 1);
  size_t off = utf8_offset(s->s, s->len, (size_t)i);
  uint32_t c;
  int k = utf8_decode(s->s + off, s->len - off, &c);
  return str_new(s->s + off, k > 0 ? (size_t)k : 1);
}

static Value str_getitem(Value v, Value key) {
  StrObj *s = STR(v.u.o);
  if (VAL_IS_OBJ(key) && key.u.o->type == &iter_slice_type) {
    int64_t start, stop, step, n;
    if (iter_slice_indices(key, (int64_t)s->ncp, &start, &stop, &step, &n) < 0) return val_null();
    if (n <= 0) return str_new("", 0);
    if (step == 1) {
      size_t a = cp_offset(s, (size_t)start), b = cp_offset(s, (size_t)stop);
      return str_new(s->s + a, b - a);
    }
    FBuf b = {0};
    if (s->ascii) {
      for (int64_t i = 0, j = start; i < n; i++, j += step) fbuf_putc(&b, s->s[j]);
    } else {
      size_t *offs = obj_calloc(s->ncp + 1, sizeof(size_t));
      if (!offs) return val_null();
      size_t k = 0;
      for (size_t p = 0; p < s->len; k++) {
        offs[k] = p;
        uint32_t c;
        int m = utf8_decode(s->s + p, s->len - p, &c);
        p += m > 0 ? (size_t)m : 1;
      }
      offs[k] = s->len;
      for (int64_t i = 0, j = start; i < n; i++, j += step)
        fbuf_putn(&b, s->s + offs[j], offs[j + 1] - offs[j]);
      free(offs);
    }
    return str_from_fbuf(&b);
  }
  int64_t i;
  if (op_as_index(key, (int64_t)s->ncp, &i, "string") < 0) {
    if (obj_err_matches(&exc_TypeError)) {
      obj_err_clear();
      return obj_raise(&exc_TypeError, "string indices must be integers, not '%s'",
                       op_type_name(key));
    }
    return val_null();
  }
  return str_index_cp(s, i);
}

static int str_contains(Value v, Value x) {
  if (!VAL_IS_STR(x)) {
    obj_raise(&exc_TypeError, "'in <string>' requires string as left operand, not %s",
              op_type_name(x));
    return -1;
  }
  StrObj *s = STR(v.u.o), *t = STR(x.u.o);
  if (t->len == 0) return 1;
  return memmem(s->s, s->len, t->s, t->len) != NULL;
}

typedef struct StrIter { Obj ob; Value s; size_t pos; } StrIter;
static void stri_dealloc(Obj *o) { val_decref(((StrIter *)o)->s); obj_free(o); }
static Value stri_iter(Value v) { return val_incref(v); }
static int stri_next(Value v, Value *out) {
  StrIter *it = (StrIter *)v.u.o;
  StrObj *s = STR(it->s.u.o);
  if (it->pos >= s->len) return 0;
  size_t k = 1;
  if ((unsigned char)s->s[it->pos] >= 0x80) {
    uint32_t c;
    int m = utf8_decode(s->s + it->pos, s->len - it->pos, &c);
    k = m > 0 ? (size_t)m : 1;
  }
  *out = str_new(s->s + it->pos, k);
  it->pos += k;
  return VAL_IS_NULL(*out) ? -1 : 1;
}
static TypeObj str_iter_type = {OBJ_TYPE_HEAD, .name = "str_ascii_iterator",
                                .dealloc = stri_dealloc, .iter = stri_iter, .next = stri_next};

static Value str_iter(Value v) {
  StrIter *it = obj_alloc(&str_iter_type, sizeof(StrIter));
  if (!it) return val_null();
  it->s = val_incref(v);
  return val_obj(&it->ob);
}

static Value str_format_slot(Value v, Value spec) {
  if (!VAL_IS_STR(spec)) return obj_raise(&exc_TypeError, "format spec must be a str");
  StrObj *sp = STR(spec.u.o);
  if (sp->len == 0) return val_incref(v);
  FmtSpec fs;
  char err[200];
  if (fmt_parse_spec(sp->s, sp->len, &fs, err, sizeof err) < 0) {
    if (strncmp(err, "Invalid format specifier", 24) == 0)
      return obj_raise(&exc_ValueError, "%s for object of type 'str'", err);
    return obj_raise(&exc_ValueError, "%s", err);
  }
  FBuf b = {0};
  if (fmt_format_str(STR(v.u.o)->s, STR(v.u.o)->len, &fs, &b, err, sizeof err) < 0) {
    fbuf_free(&b);
    return obj_raise(&exc_ValueError, "%s", err);
  }
  return str_from_fbuf(&b);
}

static Value str_new_slot(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  if (t != &str_type) {
    Value base = str_new_slot(&str_type, argc, argv, kw);
    if (VAL_IS_NULL(base)) return base;
    Value r = str_sub_from(t, base);
    val_decref(base);
    return r;
  }
  Value a[3];
  if (func_parse_args("str", argc, argv, kw, "|object,encoding,errors", a) < 0) return val_null();
  if (VAL_IS_NULL(a[0])) return str_new("", 0);
  if (!VAL_IS_NULL(a[1]) || !VAL_IS_NULL(a[2])) {
    for (int i = 1; i < 3; i++)
      if (!VAL_IS_NULL(a[i]) && !VAL_IS_STR(a[i]))
        return obj_raise(&exc_TypeError, "str() argument '%s' must be str, not %s",
                         i == 2 ? "errors" : "encoding", op_type_name(a[i]));
    if (VAL_IS_STR(a[0])) return obj_raise(&exc_TypeError, "decoding str is not supported");
    ObjBuffer vb;
    if (!VAL_IS_BYTES(a[0]) && !VAL_IS_BYTEARRAY(a[0]) && !op_type(a[0])->getbuffer)
      return obj_raise(&exc_TypeError, "decoding to str: need a bytes-like object, %s found", op_type_name(a[0]));
    if (bytes_view(a[0], &vb) < 0) return val_null();
    return bytes_decode(vb.buf, (size_t)vb.len, VAL_IS_NULL(a[1]) ? "utf-8" : str_cstr(a[1]),
                        VAL_IS_NULL(a[2]) ? "strict" : str_cstr(a[2]));
  }
  return op_str(a[0]);
}

/* ---- case and character classes ------------------------------------------------------- */
static uint32_t cp_upper(uint32_t c) {
  if (c < 128) return (c >= 'a' && c <= 'z') ? c - 32 : c;
  if ((c >= 0xe0 && c <= 0xfe && c != 0xf7)) return c - 32;
  if (c == 0xff) return 0x178;
  if (c >= 0x100 && c <= 0x17f && c != 0x130 && c != 0x131 && c != 0x138 && c != 0x149 &&
      c != 0x17f) {
    int odd_lower = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17e);
    if (odd_lower ? (c % 2 == 0) : (c % 2 == 1)) return c - 1;
    return c;
  }
  if (c >= 0x3b1 && c <= 0x3c9 && c != 0x3c2) return c - 32;
  if (c == 0x3c2) return 0x3a3;
  if (c >= 0x430 && c <= 0x44f) return c - 32;
  if (c >= 0x450 && c <= 0x45f) return c - 80;
  return c;
}

static uint32_t cp_lower(uint32_t c) {
  if (c < 128) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
  if (c >= 0xc0 && c <= 0xde && c != 0xd7) return c + 32;
  if (c == 0x178) return 0xff;
  if (c >= 0x100 && c <= 0x17f && c != 0x130 && c != 0x131 && c != 0x138 && c != 0x149 &&
      c != 0x17f) {
    int odd_lower = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17e);
    if (odd_lower ? (c % 2 == 1) : (c % 2 == 0)) return c + 1;
    return c;
  }
  if (c >= 0x391 && c <= 0x3a9 && c != 0x3a2) return c + 32;
  if (c >= 0x410 && c <= 0x42f) return c + 32;
  if (c >= 0x400 && c <= 0x40f) return c + 80;
  return c;
}

static int cp_isalpha(uint32_t c) {
  if (c < 128) return isalpha((int)c) != 0;
  return cp_upper(c) != c || cp_lower(c) != c || (c >= 0xc0 && c != 0xd7 && c != 0xf7 &&
                                                   !(c >= 0x2000 && c <= 0x2bff) &&
                                                   !(c >= 0x3000 && c <= 0x303f) &&
                                                   !(c >= 0x1f000));
}
static int cp_isdigit(uint32_t c) { return c >= '0' && c <= '9'; }
static int cp_isspace(uint32_t c) {
  return c == ' ' || (c >= 9 && c <= 13) || (c >= 0x1c && c <= 0x1f) || c == 0x85 ||
         c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 ||
         c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000;
}
static int cp_isupper(uint32_t c) { return cp_lower(c) != c; }
static int cp_islower(uint32_t c) { return cp_upper(c) != c || c == 0xdf; }

/* decode one code point at s[*i], advancing */
static uint32_t next_cp(const StrObj *s, size_t *i) {
  uint32_t c = (unsigned char)s->s[*i];
  if (c < 0x80) { (*i)++; return c; }
  int k = utf8_decode(s->s + *i, s->len - *i, &c);
  *i += k > 0 ? (size_t)k : 1;
  return k > 0 ? c : 0xfffd;
}

static void put_cp(FBuf *b, uint32_t c) {
  char u[4];
  int k = utf8_encode(c, u);
  fbuf_putn(b, u, (size_t)(k > 0 ? k : 0));
}

#define SELF STR(argv[0].u.o)
#define NOARGS(n) if (func_check_args(n, argc - 1, kw, 0, 0) < 0) return val_null()

static Value map_case(int argc, const Value *argv, Obj *kw, int mode, const char *name) {
  NOARGS(name);
  StrObj *s = SELF;
  int prev_cased = 0, first = 1;
  if (s->ascii) {
    /* ASCII keeps its length: written in place, any size the allocator allows */
    StrObj *r = str_alloc(s->len);
    if (!r) return val_null();
    for (size_t i = 0; i < s->len; i++) {
      unsigned char c = (unsigned char)s->s[i], o = c;
      int up = c >= 'A' && c <= 'Z', lo = c >= 'a' && c <= 'z';
      switch (mode) {
        case 0: if (lo) o = c - 32; break;
        case 1: if (up) o = c + 32; break;
        case 2: o = first ? (lo ? c - 32 : c) : (up ? c + 32 : c); break;
        case 3: o = prev_cased ? (up ? c + 32 : c) : (lo ? c - 32 : c); break;
        case 4: o = up ? c + 32 : lo ? c - 32 : c; break;
      }
      r->s[i] = (char)o;
      prev_cased = up || lo;
      first = 0;
    }
    r->s[r->len] = 0;
    r->ascii = 1;
    r->ncp = r->len;
    return val_obj(&r->ob);
  }
  FBuf b = {0};
  for (size_t i = 0; i < s->len;) {
    uint32_t c = next_cp(s, &i), r = c;
    switch (mode) {
      case 0: r = cp_upper(c); break;
      case 1: r = cp_lower(c); break;
      case 2: r = first ? cp_upper(c) : cp_lower(c); break;                 /* capitalize */
      case 3: r = prev_cased ? cp_lower(c) : cp_upper(c); break;            /* title */
      case 4: r = cp_isupper(c) ? cp_lower(c) : cp_islower(c) ? cp_upper(c) : c; break;
    }
    if (mode == 0 && c == 0xdf) { fbuf_puts(&b, "SS"); r = 0; }
    if (r) put_cp(&b, r);
    prev_cased = cp_isalpha(c);
    first = 0;
    if (b.cap == (size_t)-1) break;   /* too big: str_from_fbuf raises MemoryError */
  }
  return str_from_fbuf(&b);
}
static Value m_upper(int argc, const Value *argv, Obj *kw) { return map_case(argc, argv, kw, 0, "upper"); }
static Value m_lower(int argc, const Value *argv, Obj *kw) { return map_case(argc, argv, kw, 1, "lower"); }
static Value m_capitalize(int argc, const Value *argv, Obj *kw) { return map_case(argc, argv, kw, 2, "capitalize"); }
static Value m_title(int argc, const Value *argv, Obj *kw) { return map_case(argc, argv, kw, 3, "title"); }
static Value m_swapcase(int argc, const Value *argv, Obj *kw) { return map_case(argc, argv, kw, 4, "swapcase"); }

static Value classify(int argc, const Value *argv, Obj *kw, int (*pred)(uint32_t), int empty,
                      const char *name) {
  NOARGS(name);
  StrObj *s = SELF;
  if (s->len == 0) return val_bool(empty);
  for (size_t i = 0; i < s->len;)
    if (!pred(next_cp(s, &i))) return val_bool(0);
  return val_bool(1);
}
static int p_alnum(uint32_t c) { return cp_isalpha(c) || cp_isdigit(c); }
static int p_ascii(uint32_t c) { return c < 128; }
static int p_print(uint32_t c) { return !(c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == 0xad); }
static Value m_isdigit(int argc, const Value *argv, Obj *kw) { return classify(argc, argv, kw, cp_isdigit, 0, "isdigit"); }
static Value m_isalpha(int argc, const Value *argv, Obj *kw) { return classify(argc, argv, kw, cp_isalpha, 0, "isalpha"); }
static Value m_isalnum(int argc, const Value *argv, Obj *kw) { return classify(argc, argv, kw, p_alnum, 0, "isalnum"); }
static Value m_isspace(int argc, const Value *argv, Obj *kw) { return classify(argc, argv, kw, cp_isspace, 0, "isspace"); }
static Value m_isascii(int argc, const Value *argv, Obj *kw) { return classify(argc, argv, kw, p_ascii, 1, "isascii"); }
static Value m_isprintable(int argc, const Value *argv, Obj *kw) { return classify(argc, argv, kw, p_print, 1, "isprintable"); }

static Value m_isupper(int argc, const Value *argv, Obj *kw) {
  NOARGS("isupper");
  StrObj *s = SELF;
  int cased = 0;
  for (size_t i = 0; i < s->len;) {
    uint32_t c = next_cp(s, &i);
    if (cp_islower(c)) return val_bool(0);
    if (cp_isupper(c)) cased = 1;
  }
  return val_bool(cased);
}
static Value m_islower(int argc, const Value *argv, Obj *kw) {
  NOARGS("islower");
  StrObj *s = SELF;
  int cased = 0;
  for (size_t i = 0; i < s->len;) {
    uint32_t c = next_cp(s, &i);
    if (cp_isupper(c)) return val_bool(0);
    if (cp_islower(c)) cased = 1;
  }
  return val_bool(cased);
}
static Value m_istitle(int argc, const Value *argv, Obj *kw) {
  NOARGS("istitle");
  StrObj *s = SELF;
  int cased = 0, prev = 0;
  for (size_t i = 0; i < s->len;) {
    uint32_t c = next_cp(s, &i);
    if (cp_isupper(c)) { if (prev) return val_bool(0); prev = 1; cased = 1; }
    else if (cp_islower(c)) { if (!prev) return val_bool(0); prev = 1; cased = 1; }
    else prev = 0;
  }
  return val_bool(cased);
}
static Value m_isidentifier(int argc, const Value *argv, Obj *kw) {
  NOARGS("isidentifier");
  StrObj *s = SELF;
  if (s->len == 0) return val_bool(0);
  size_t i = 0;
  uint32_t c = next_cp(s, &i);
  if (!(c == '_' || cp_isalpha(c))) return val_bool(0);
  while (i < s->len) {
    c = next_cp(s, &i);
    if (!(c == '_' || cp_isalpha(c) || cp_isdigit(c))) return val_bool(0);
  }
  return val_bool(1);
}

/* ---- searching ------------------------------------------------------------------------- */
/* resolve optional start/end (code points, may be None or negative) into byte offsets */
static int search_range(StrObj *s, Value vs, Value ve, size_t *bs, size_t *be) {
  int64_t n = (int64_t)s->ncp, st = 0, en = n;
  if (!VAL_IS_NULL(vs) && !VAL_IS_NONE(vs)) {
    if (op_as_int(vs, &st) < 0) return -1;
    if (st < 0) { st += n; if (st < 0) st = 0; }
  }
  if (!VAL_IS_NULL(ve) && !VAL_IS_NONE(ve)) {
    if (op_as_int(ve, &en) < 0) return -1;
    if (en < 0) { en += n; if (en < 0) en = 0; }
  }
  if (en > n) en = n;
  if (st > n) { *bs = s->len + 1; *be = s->len; return 0; }
  if (st > en) { *bs = 1; *be = 0; return 0; }
  *bs = cp_offset(s, (size_t)st);
  *be = cp_offset(s, (size_t)en);
  return 0;
}

static Value need_str(Value v, const char *what) {
  if (!VAL_IS_STR(v))
    return obj_raise(&exc_TypeError, "%s arg must be None or str", what);
  return v;
}

static const char *rmemmem(const char *h, size_t hn, const char *n, size_t nn) {
  if (nn > hn) return NULL;
  for (size_t i = hn - nn + 1; i-- > 0;)
    if (memcmp(h + i, n, nn) == 0) return h + i;
  return NULL;
}

static Value find_impl(int argc, const Value *argv, Obj *kw, int rev, int raise,
                       const char *name) {
  Value a[3];
  if (func_parse_args(name, argc - 1, argv + 1, kw, "sub|start,end", a) < 0) return val_null();
  if (!VAL_IS_STR(a[0]))
    return obj_raise(&exc_TypeError, "must be str, not %s", op_type_name(a[0]));
  StrObj *s = SELF, *t = STR(a[0].u.o);
  size_t bs, be;
  if (search_range(s, a[1], a[2], &bs, &be) < 0) return val_null();
  const char *p = NULL;
  if (bs <= be && be - bs >= t->len)
    p = rev ? rmemmem(s->s + bs, be - bs, t->s, t->len) : memmem(s->s + bs, be - bs, t->s, t->len);
  if (t->len == 0 && bs <= be) p = rev ? s->s + be : s->s + bs;
  if (!p) {
    if (raise) return obj_raise(&exc_ValueError, "substring not found");
    return val_int(-1);
  }
  return val_int((int64_t)cp_count(s, (size_t)(p - s->s)));
}
static Value m_find(int argc, const Value *argv, Obj *kw) { return find_impl(argc, argv, kw, 0, 0, "find"); }
static Value m_rfind(int argc, const Value *argv, Obj *kw) { return find_impl(argc, argv, kw, 1, 0, "rfind"); }
static Value m_index(int argc, const Value *argv, Obj *kw) { return find_impl(argc, argv, kw, 0, 1, "index"); }
static Value m_rindex(int argc, const Value *argv, Obj *kw) { return find_impl(argc, argv, kw, 1, 1, "rindex"); }

static Value m_count(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("count", argc - 1, argv + 1, kw, "sub|start,end", a) < 0) return val_null();
  if (!VAL_IS_STR(a[0]))
    return obj_raise(&exc_TypeError, "must be str, not %s", op_type_name(a[0]));
  StrObj *s = SELF, *t = STR(a[0].u.o);
  size_t bs, be;
  if (search_range(s, a[1], a[2], &bs, &be) < 0) return val_null();
  if (bs > be) return val_int(0);
  if (t->len == 0) return val_int((int64_t)utf8_len(s->s + bs, be - bs) + 1);
  int64_t n = 0;
  const char *p = s->s + bs, *e = s->s + be;
  while ((size_t)(e - p) >= t->len && (p = memmem(p, (size_t)(e - p), t->s, t->len))) {
    n++;
    p += t->len;
  }
  return val_int(n);
}

static Value affix_impl(int argc, const Value *argv, Obj *kw, int end, const char *name) {
  Value a[3];
  if (func_parse_args(name, argc - 1, argv + 1, kw, "prefix|start,end", a) < 0) return val_null();
  StrObj *s = SELF;
  size_t bs, be;
  if (search_range(s, a[1], a[2], &bs, &be) < 0) return val_null();
  Value pre = a[0];
  int64_t n = 1;
  const Value *items = &pre;
  if (VAL_IS_TUPLE(pre)) { n = TUPLE(pre.u.o)->len; items = TUPLE(pre.u.o)->items; }
  else if (!VAL_IS_STR(pre))
    return obj_raise(&exc_TypeError, "%s first arg must be str or a tuple of str, not %s", name,
                     op_type_name(pre));
  for (int64_t i = 0; i < n; i++) {
    if (!VAL_IS_STR(items[i]))
      return obj_raise(&exc_TypeError, "tuple for %s must only contain str, not %s", name,
                       op_type_name(items[i]));
    StrObj *t = STR(items[i].u.o);
    if (bs > be || be - bs < t->len) continue;
    if (end ? memcmp(s->s + be - t->len, t->s, t->len) == 0
            : memcmp(s->s + bs, t->s, t->len) == 0) return val_bool(1);
  }
  return val_bool(0);
}
static Value m_startswith(int argc, const Value *argv, Obj *kw) { return affix_impl(argc, argv, kw, 0, "startswith"); }
static Value m_endswith(int argc, const Value *argv, Obj *kw) { return affix_impl(argc, argv, kw, 1, "endswith"); }

static Value m_removeprefix(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("removeprefix", argc - 1, kw, 1, 1) < 0) return val_null();
  if (VAL_IS_NULL(need_str(argv[1], "removeprefix"))) return val_null();
  StrObj *s = SELF, *t = STR(argv[1].u.o);
  if (s->len >= t->len && memcmp(s->s, t->s, t->len) == 0)
    return str_new(s->s + t->len, s->len - t->len);
  return val_incref(argv[0]);
}
static Value m_removesuffix(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("removesuffix", argc - 1, kw, 1, 1) < 0) return val_null();
  if (VAL_IS_NULL(need_str(argv[1], "removesuffix"))) return val_null();
  StrObj *s = SELF, *t = STR(argv[1].u.o);
  if (t->len && s->len >= t->len && memcmp(s->s + s->len - t->len, t->s, t->len) == 0)
    return str_new(s->s, s->len - t->len);
  return val_incref(argv[0]);
}

/* ---- strip / split / join ---------------------------------------------------------------- */
static int in_chars(StrObj *chars, uint32_t c) {
  if (!chars) return cp_isspace(c);
  for (size_t i = 0; i < chars->len;)
    if (next_cp(chars, &i) == c) return 1;
  return 0;
}

static Value strip_impl(int argc, const Value *argv, Obj *kw, int left, int right,
                        const char *name) {
  if (func_check_args(name, argc - 1, kw, 0, 1) < 0) return val_null();
  StrObj *s = SELF, *chars = NULL;
  if (argc > 1 && !VAL_IS_NONE(argv[1])) {
    if (!VAL_IS_STR(argv[1]))
      return obj_raise(&exc_TypeError, "%s arg must be None or str", name);
    chars = STR(argv[1].u.o);
  }
  size_t a = 0, b = s->len;
  if (left) {
    while (a < b) {
      size_t i = a;
      uint32_t c = next_cp(s, &i);
      if (!in_chars(chars, c)) break;
      a = i;
    }
  }
  if (right) {
    while (b > a) {
      size_t j = b - 1;
      while (j > a && ((unsigned char)s->s[j] & 0xc0) == 0x80) j--;
      size_t i = j;
      uint32_t c = next_cp(s, &i);
      if (!in_chars(chars, c)) break;
      b = j;
    }
  }
  if (a == 0 && b == s->len) return val_incref(argv[0]);
  return str_new(s->s + a, b - a);
}
static Value m_strip(int argc, const Value *argv, Obj *kw) { return strip_impl(argc, argv, kw, 1, 1, "strip"); }
static Value m_lstrip(int argc, const Value *argv, Obj *kw) { return strip_impl(argc, argv, kw, 1, 0, "lstrip"); }
static Value m_rstrip(int argc, const Value *argv, Obj *kw) { return strip_impl(argc, argv, kw, 0, 1, "rstrip"); }

static int push_piece(Value list, const char *p, size_t n) {
  Value x = str_new(p, n);
  if (VAL_IS_NULL(x)) return -1;
  return list_append_steal(list, x);
}

static Value split_impl(int argc, const Value *argv, Obj *kw, int rev) {
  Value a[2];
  if (func_parse_args(rev ? "rsplit" : "split", argc - 1, argv + 1, kw, "|sep,maxsplit", a) < 0)
    return val_null();
  int64_t maxsplit = -1;
  if (!VAL_IS_NULL(a[1]) && op_as_int(a[1], &maxsplit) < 0) return val_null();
  if (maxsplit < 0) maxsplit = INT64_MAX;
  StrObj *s = SELF;
  Value list = list_new(0);
  if (VAL_IS_NULL(list)) return list;
  if (VAL_IS_NULL(a[0]) || VAL_IS_NONE(a[0])) {
    /* runs of whitespace */
    if (!rev) {
      size_t i = 0;
      while (i < s->len) {
        while (i < s->len) { size_t j = i; if (!cp_isspace(next_cp(s, &j))) break; i = j; }
        if (i >= s->len) break;
        size_t st = i;
        if (maxsplit-- <= 0) {
          /* the rest, as it is (only the leading whitespace was skipped) */
          if (push_piece(list, s->s + st, s->len - st) < 0) goto fail;
          break;
        }
        while (i < s->len) { size_t j = i; if (cp_isspace(next_cp(s, &j))) break; i = j; }
        if (push_piece(list, s->s + st, i - st) < 0) goto fail;
      }
    } else {
      size_t e = s->len;
      while (e > 0) {
        /* skip trailing whitespace */
        while (e > 0) {
          size_t j = e - 1;
          while (j > 0 && ((unsigned char)s->s[j] & 0xc0) == 0x80) j--;
          size_t k = j;
          if (!cp_isspace(next_cp(s, &k))) break;
          e = j;
        }
        if (e == 0) break;
        size_t st = e;
        if (maxsplit-- <= 0) {
          if (push_piece(list, s->s, e) < 0) goto fail;
          break;
        }
        while (st > 0) {
          size_t j = st - 1;
          while (j > 0 && ((unsigned char)s->s[j] & 0xc0) == 0x80) j--;
          size_t k = j;
          if (cp_isspace(next_cp(s, &k))) break;
          st = j;
        }
        if (push_piece(list, s->s + st, e - st) < 0) goto fail;
        e = st;
      }
      /* reverse */
      ListObj *l = LIST(list.u.o);
      for (int64_t i = 0, j = l->len - 1; i < j; i++, j--) {
        Value t = l->items[i]; l->items[i] = l->items[j]; l->items[j] = t;
      }
    }
    return list;
  }
  if (!VAL_IS_STR(a[0])) {
    val_decref(list);
    return obj_raise(&exc_TypeError, "must be str or None, not %s", op_type_name(a[0]));
  }
  StrObj *sep = STR(a[0].u.o);
  if (sep->len == 0) {
    val_decref(list);
    return obj_raise(&exc_ValueError, "empty separator");
  }
  if (!rev) {
    const char *p = s->s, *e = s->s + s->len, *q;
    while (maxsplit > 0 && (q = memmem(p, (size_t)(e - p), sep->s, sep->len))) {
      if (push_piece(list, p, (size_t)(q - p)) < 0) goto fail;
      p = q + sep->len;
      maxsplit--;
    }
    if (push_piece(list, p, (size_t)(e - p)) < 0) goto fail;
  } else {
    size_t e = s->len;
    const char *q;
    while (maxsplit > 0 && (q = rmemmem(s->s, e, sep->s, sep->len))) {
      size_t at = (size_t)(q - s->s);
      if (push_piece(list, q + sep->len, e - at - sep->len) < 0) goto fail;
      e = at;
      maxsplit--;
    }
    if (push_piece(list, s->s, e) < 0) goto fail;
    ListObj *l = LIST(list.u.o);
    for (int64_t i = 0, j = l->len - 1; i < j; i++, j--) {
      Value t = l->items[i]; l->items[i] = l->items[j]; l->items[j] = t;
    }
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
  int keep = VAL_IS_NULL(a[0]) ? 0 : op_truth(a[0]);
  StrObj *s = SELF;
  Value list = list_new(0);
  if (VAL_IS_NULL(list)) return list;
  size_t i = 0, st = 0;
  while (i < s->len) {
    size_t j = i;
    uint32_t c = next_cp(s, &j);
    int eol = c == '\n' || c == '\r' || c == 0x0b || c == 0x0c || (c >= 0x1c && c <= 0x1e) ||
              c == 0x85 || c == 0x2028 || c == 0x2029;
    if (eol) {
      if (c == '\r' && j < s->len && s->s[j] == '\n') j++;
      if (push_piece(list, s->s + st, (keep ? j : i) - st) < 0) { val_decref(list); return val_null(); }
      st = j;
    }
    i = j;
  }
  if (st < s->len && push_piece(list, s->s + st, s->len - st) < 0) {
    val_decref(list);
    return val_null();
  }
  return list;
}

Value str_join(Value sep, Value iterable) {
  StrObj *sp = STR(sep.u.o);
  Value seq;
  if (VAL_IS_LIST(iterable) || VAL_IS_TUPLE(iterable)) {
    seq = list_from_iterable(iterable);
  } else {
    /* CPython's PySequence_Fast: a TypeError from iter() is reworded, not one from next() */
    Value it = op_iter(iterable);
    if (VAL_IS_NULL(it)) {
      if (obj_err_matches(&exc_TypeError)) {
        obj_err_clear();
        obj_raise(&exc_TypeError, "can only join an iterable");
      }
      return it;
    }
    seq = list_from_iterable(it);
    val_decref(it);
  }
  if (VAL_IS_NULL(seq)) return seq;
  ListObj *l = LIST(seq.u.o);
  size_t total = 0;
  for (int64_t i = 0; i < l->len; i++) {
    if (!VAL_IS_STR_ANY(l->items[i])) {
      obj_raise(&exc_TypeError, "sequence item %lld: expected str instance, %s found",
                (long long)i, op_type_name(l->items[i]));
      val_decref(seq);
      return val_null();
    }
    total += STR(l->items[i].u.o)->len;
    if (total > obj_alloc_cap()) { val_decref(seq); return obj_raise_nomem(); }
  }
  if (l->len > 1) {
    if (sp->len && (uint64_t)(l->len - 1) > (obj_alloc_cap() - total) / sp->len) {
      val_decref(seq);
      return obj_raise_nomem();
    }
    total += sp->len * (size_t)(l->len - 1);
  }
  if (l->len == 1 && VAL_IS_STR(l->items[0])) {
    Value r = val_incref(l->items[0]);
    val_decref(seq);
    return r;
  }
  StrObj *r = str_alloc(total);
  if (!r) { val_decref(seq); return val_null(); }
  size_t p = 0, ncp = 0;
  int ascii = sp->ascii;
  for (int64_t i = 0; i < l->len; i++) {
    StrObj *x = STR(l->items[i].u.o);
    if (i) { memcpy(r->s + p, sp->s, sp->len); p += sp->len; ncp += sp->ncp; }
    memcpy(r->s + p, x->s, x->len);
    p += x->len;
    ncp += x->ncp;
    ascii &= x->ascii;
  }
  r->s[total] = 0;
  r->ascii = (uint8_t)ascii;
  r->ncp = ncp;
  val_decref(seq);
  return val_obj(&r->ob);
}

static Value m_join(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("join", argc - 1, kw, 1, 1) < 0) return val_null();
  return str_join(argv[0], argv[1]);
}

static Value m_replace(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("replace", argc - 1, kw, 2, 3) < 0) return val_null();
  if (!VAL_IS_STR(argv[1]) || !VAL_IS_STR(argv[2]))
    return obj_raise(&exc_TypeError, "replace() argument %d must be str, not %s",
                     VAL_IS_STR(argv[1]) ? 2 : 1,
                     op_type_name(VAL_IS_STR(argv[1]) ? argv[2] : argv[1]));
  int64_t count = -1;
  if (argc > 3 && op_as_int(argv[3], &count) < 0) return val_null();
  if (count < 0) count = INT64_MAX;
  StrObj *s = SELF, *old = STR(argv[1].u.o), *new = STR(argv[2].u.o);
  FBuf b = {0};
  if (old->len == 0) {
    /* insert between every code point */
    size_t i = 0;
    if (count > 0) { fbuf_putn(&b, new->s, new->len); count--; }
    while (i < s->len) {
      size_t j = i;
      next_cp(s, &j);
      fbuf_putn(&b, s->s + i, j - i);
      i = j;
      if (count > 0) { fbuf_putn(&b, new->s, new->len); count--; }
    }
  } else {
    const char *p = s->s, *e = s->s + s->len, *q;
    while (count > 0 && (q = memmem(p, (size_t)(e - p), old->s, old->len))) {
      fbuf_putn(&b, p, (size_t)(q - p));
      fbuf_putn(&b, new->s, new->len);
      p = q + old->len;
      count--;
      if (b.len > obj_alloc_cap()) { fbuf_free(&b); return obj_raise_nomem(); }
    }
    fbuf_putn(&b, p, (size_t)(e - p));
  }
  return str_from_fbuf(&b);
}

static Value partition_impl(int argc, const Value *argv, Obj *kw, int rev) {
  if (func_check_args(rev ? "rpartition" : "partition", argc - 1, kw, 1, 1) < 0) return val_null();
  if (!VAL_IS_STR(argv[1]))
    return obj_raise(&exc_TypeError, "must be str, not %s", op_type_name(argv[1]));
  StrObj *s = SELF, *sep = STR(argv[1].u.o);
  if (sep->len == 0) return obj_raise(&exc_ValueError, "empty separator");
  const char *q = rev ? rmemmem(s->s, s->len, sep->s, sep->len) : memmem(s->s, s->len, sep->s, sep->len);
  Value a, b, c;
  if (!q) {
    Value e = str_new("", 0);
    if (rev) { a = e; b = val_incref(e); c = val_incref(argv[0]); }
    else { a = val_incref(argv[0]); b = e; c = val_incref(e); }
  } else {
    a = str_new(s->s, (size_t)(q - s->s));
    b = val_incref(argv[1]);
    c = str_new(q + sep->len, s->len - (size_t)(q - s->s) - sep->len);
  }
  Value t = tuple_new(3);
  if (VAL_IS_NULL(t) || VAL_IS_NULL(a) || VAL_IS_NULL(c)) {
    val_decref(a); val_decref(b); val_decref(c); val_decref(t);
    return val_null();
  }
  TUPLE_SET(t, 0, a);
  TUPLE_SET(t, 1, b);
  TUPLE_SET(t, 2, c);
  return t;
}
static Value m_partition(int argc, const Value *argv, Obj *kw) { return partition_impl(argc, argv, kw, 0); }
static Value m_rpartition(int argc, const Value *argv, Obj *kw) { return partition_impl(argc, argv, kw, 1); }

/* ---- padding ------------------------------------------------------------------------------ */
static Value pad_impl(int argc, const Value *argv, Obj *kw, int mode, const char *name) {
  if (func_check_args(name, argc - 1, kw, 1, 2) < 0) return val_null();
  int64_t width;
  if (op_as_int(argv[1], &width) < 0) return val_null();
  uint32_t fill = ' ';
  if (argc > 2) {
    if (!VAL_IS_STR(argv[2]) || STR(argv[2].u.o)->ncp != 1)
      return obj_raise(&exc_TypeError, "The fill character must be exactly one character long");
    size_t i = 0;
    fill = next_cp(STR(argv[2].u.o), &i);
  }
  StrObj *s = SELF;
  if (width <= (int64_t)s->ncp) return val_incref(argv[0]);
  if ((uint64_t)width > obj_alloc_cap() / 4) return obj_raise_nomem();
  int64_t pad = width - (int64_t)s->ncp, left;
  if (mode == 0) left = 0;                 /* ljust */
  else if (mode == 1) left = pad;          /* rjust */
  else left = pad / 2 + (pad & width & 1); /* center, CPython's rounding */
  if (fill < 0x80) {   /* one byte per fill: written in place */
    StrObj *r = str_alloc((size_t)pad + s->len);
    if (!r) return val_null();
    memset(r->s, (int)fill, (size_t)left);
    memcpy(r->s + left, s->s, s->len);
    memset(r->s + left + (int64_t)s->len, (int)fill, (size_t)(pad - left));
    r->s[r->len] = 0;
    r->ascii = s->ascii;
    r->ncp = (size_t)width;
    return val_obj(&r->ob);
  }
  FBuf b = {0};
  for (int64_t i = 0; i < left && b.cap != (size_t)-1; i++) put_cp(&b, fill);
  fbuf_putn(&b, s->s, s->len);
  for (int64_t i = 0; i < pad - left && b.cap != (size_t)-1; i++) put_cp(&b, fill);
  return str_from_fbuf(&b);
}
static Value m_ljust(int argc, const Value *argv, Obj *kw) { return pad_impl(argc, argv, kw, 0, "ljust"); }
static Value m_rjust(int argc, const Value *argv, Obj *kw) { return pad_impl(argc, argv, kw, 1, "rjust"); }
static Value m_center(int argc, const Value *argv, Obj *kw) { return pad_impl(argc, argv, kw, 2, "center"); }

static Value m_zfill(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("zfill", argc - 1, kw, 1, 1) < 0) return val_null();
  int64_t width;
  if (op_as_int(argv[1], &width) < 0) return val_null();
  StrObj *s = SELF;
  if (width <= (int64_t)s->ncp) return val_incref(argv[0]);
  if ((uint64_t)width > obj_alloc_cap()) return obj_raise_nomem();
  size_t pad = (size_t)(width - (int64_t)s->ncp), st = 0;
  StrObj *r = str_alloc(pad + s->len);
  if (!r) return val_null();
  if (s->len && (s->s[0] == '+' || s->s[0] == '-')) { r->s[0] = s->s[0]; st = 1; }
  memset(r->s + st, '0', pad);
  memcpy(r->s + st + pad, s->s + st, s->len - st);
  r->s[r->len] = 0;
  r->ascii = s->ascii;
  r->ncp = (size_t)width;
  return val_obj(&r->ob);
}

static Value m_expandtabs(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("expandtabs", argc - 1, argv + 1, kw, "|tabsize", a) < 0) return val_null();
  int64_t ts = 8;
  if (!VAL_IS_NULL(a[0]) && op_as_int(a[0], &ts) < 0) return val_null();
  if (ts > INT32_MAX || ts < INT32_MIN)   /* CPython's tabsize is a C int */
    return obj_raise(&exc_OverflowError, "Python int too large to convert to C int");
  StrObj *s = SELF;
  FBuf b = {0};
  int64_t col = 0;
  for (size_t i = 0; i < s->len;) {
    size_t j = i;
    uint32_t c = next_cp(s, &j);
    if (c == '\t') {
      if (ts > 0) {
        int64_t n = ts - col % ts;
        if ((uint64_t)n + b.len > obj_alloc_cap()) { fbuf_free(&b); return obj_raise_nomem(); }
        for (int64_t k = 0; k < n && b.cap != (size_t)-1; k++) fbuf_putc(&b, ' ');
        col += n;
      }
    } else {
      fbuf_putn(&b, s->s + i, j - i);
      col = (c == '\n' || c == '\r') ? 0 : col + 1;
    }
    i = j;
  }
  return str_from_fbuf(&b);
}

static Value m_format(int argc, const Value *argv, Obj *kw) {
  return strfmt_format(argv[0], argc - 1, argv + 1, kw);
}

static Value m_format_map(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("format_map", argc - 1, kw, 1, 1) < 0) return val_null();
  /* pass the mapping's items as keywords */
  if (!VAL_IS_DICT(argv[1])) return obj_raise(&exc_TypeError, "format_map() needs a dict");
  int64_t n = dict_len(argv[1]), pos = 0;
  Value names = tuple_new(n);
  if (VAL_IS_NULL(names)) return names;
  Value *vals = obj_calloc((size_t)n + 1, sizeof(Value));
  if (!vals) { val_decref(names); return val_null(); }
  Value k, v;
  int64_t i = 0;
  while (dict_next(argv[1], &pos, &k, &v)) {
    if (!VAL_IS_STR(k)) continue;
    TUPLE_SET(names, i, val_incref(k));
    vals[i++] = v;
  }
  TUPLE(names.u.o)->len = i;
  Value r = strfmt_format(argv[0], 0, vals, names.u.o);
  free(vals);
  val_decref(names);
  return r;
}

static Value m_encode(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("encode", argc - 1, argv + 1, kw, "|encoding,errors", a) < 0) return val_null();
  for (int i = 0; i < 2; i++)
    if (!VAL_IS_NULL(a[i]) && !VAL_IS_STR(a[i]))
      return obj_raise(&exc_TypeError, "encode() argument '%s' must be str, not %s",
                       i ? "errors" : "encoding", op_type_name(a[i]));
  return bytes_encode(argv[0], VAL_IS_NULL(a[0]) ? "utf-8" : str_cstr(a[0]),
                      VAL_IS_NULL(a[1]) ? "strict" : str_cstr(a[1]));
}

static Value m_casefold(int argc, const Value *argv, Obj *kw) { return map_case(argc, argv, kw, 1, "casefold"); }

static Value m_getnewargs(int argc, const Value *argv, Obj *kw) {
  return tuple_pack(1, argv[0]);
}

static Value m_maketrans(int argc, const Value *argv, Obj *kw) {
  /* static: str.maketrans(x[, y[, z]]) -> dict of code point -> str/None */
  if (func_check_args("maketrans", argc, kw, 1, 3) < 0) return val_null();
  Value d = dict_new();
  if (VAL_IS_NULL(d)) return d;
  if (argc == 1) {
    if (!VAL_IS_DICT(argv[0])) {
      val_decref(d);
      return obj_raise(&exc_TypeError, "if you give only one argument to maketrans it must be a dict");
    }
    int64_t pos = 0;
    Value k, v;
    while (dict_next(argv[0], &pos, &k, &v)) {
      Value key = k;
      if (VAL_IS_STR(k)) {
        size_t i = 0;
        key = val_int(next_cp(STR(k.u.o), &i));
      }
      if (dict_set(d, key, v) < 0) { val_decref(d); return val_null(); }
    }
    return d;
  }
  if (!VAL_IS_STR(argv[0]) || !VAL_IS_STR(argv[1]) ||
      STR(argv[0].u.o)->ncp != STR(argv[1].u.o)->ncp) {
    val_decref(d);
    return obj_raise(&exc_ValueError, "the first two maketrans arguments must have equal length");
  }
  StrObj *x = STR(argv[0].u.o), *y = STR(argv[1].u.o);
  for (size_t i = 0, j = 0; i < x->len;) {
    uint32_t a = next_cp(x, &i);
    size_t j0 = j;
    next_cp(y, &j);
    Value v = str_new(y->s + j0, j - j0);
    int r = VAL_IS_NULL(v) ? -1 : dict_set(d, val_int(a), v);
    val_decref(v);
    if (r < 0) { val_decref(d); return val_null(); }
  }
  if (argc > 2 && VAL_IS_STR(argv[2])) {
    StrObj *z = STR(argv[2].u.o);
    for (size_t i = 0; i < z->len;)
      if (dict_set(d, val_int(next_cp(z, &i)), val_none()) < 0) { val_decref(d); return val_null(); }
  }
  return d;
}

static Value m_translate(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("translate", argc - 1, kw, 1, 1) < 0) return val_null();
  StrObj *s = SELF;
  FBuf b = {0};
  for (size_t i = 0; i < s->len;) {
    size_t i0 = i;
    uint32_t c = next_cp(s, &i);
    Value r = op_getitem(argv[1], val_int(c));
    if (VAL_IS_NULL(r)) {
      if (obj_err_matches(&exc_LookupError)) {
        obj_err_clear();
        fbuf_putn(&b, s->s + i0, i - i0);
        continue;
      }
      fbuf_free(&b);
      return r;
    }
    if (VAL_IS_STR(r)) fbuf_putn(&b, STR(r.u.o)->s, STR(r.u.o)->len);
    else if (VAL_IS_INTLIKE(r)) put_cp(&b, (uint32_t)r.u.i);
    else if (!VAL_IS_NONE(r)) {
      val_decref(r);
      fbuf_free(&b);
      return obj_raise(&exc_TypeError, "character mapping must return integer, None or str");
    }
    val_decref(r);
  }
  return str_from_fbuf(&b);
}

static Value m_str_new(int argc, const Value *argv, Obj *kw) {
  return class_builtin_new(&str_type, argc, argv, kw);
}

static const MethodDef str_methods[] = {
    {"__new__", m_str_new, "__new__(type, object='', /)", METH_STATIC},
    {"join", m_join, "join(iterable, /)\nConcatenate any number of strings, with self between them.", 0},
    {"split", m_split, "split(sep=None, maxsplit=-1)\nReturn a list of the substrings, using sep as the separator.", 0},
    {"rsplit", m_rsplit, "rsplit(sep=None, maxsplit=-1)\nSplit from the right.", 0},
    {"splitlines", m_splitlines, "splitlines(keepends=False)\nReturn a list of the lines.", 0},
    {"strip", m_strip, "strip(chars=None, /)\nRemove leading and trailing whitespace (or chars).", 0},
    {"lstrip", m_lstrip, "lstrip(chars=None, /)", 0},
    {"rstrip", m_rstrip, "rstrip(chars=None, /)", 0},
    {"replace", m_replace, "replace(old, new, count=-1, /)\nReturn a copy with occurrences of old replaced by new.", 0},
    {"find", m_find, "find(sub[, start[, end]]) -> int\nLowest index where sub is found, or -1.", 0},
    {"rfind", m_rfind, "rfind(sub[, start[, end]]) -> int", 0},
    {"index", m_index, "index(sub[, start[, end]]) -> int\nLike find() but raise ValueError when not found.", 0},
    {"rindex", m_rindex, "rindex(sub[, start[, end]]) -> int", 0},
    {"count", m_count, "count(sub[, start[, end]]) -> int\nNumber of non-overlapping occurrences of sub.", 0},
    {"startswith", m_startswith, "startswith(prefix[, start[, end]]) -> bool", 0},
    {"endswith", m_endswith, "endswith(suffix[, start[, end]]) -> bool", 0},
    {"removeprefix", m_removeprefix, "removeprefix(prefix, /)", 0},
    {"removesuffix", m_removesuffix, "removesuffix(suffix, /)", 0},
    {"upper", m_upper, "upper()\nReturn a copy converted to uppercase.", 0},
    {"lower", m_lower, "lower()\nReturn a copy converted to lowercase.", 0},
    {"casefold", m_casefold, "casefold()", 0},
    {"capitalize", m_capitalize, "capitalize()", 0},
    {"title", m_title, "title()", 0},
    {"swapcase", m_swapcase, "swapcase()", 0},
    {"isdigit", m_isdigit, "isdigit()", 0},
    {"isdecimal", m_isdigit, "isdecimal()", 0},
    {"isnumeric", m_isdigit, "isnumeric()", 0},
    {"isalpha", m_isalpha, "isalpha()", 0},
    {"isalnum", m_isalnum, "isalnum()", 0},
    {"isspace", m_isspace, "isspace()", 0},
    {"isupper", m_isupper, "isupper()", 0},
    {"islower", m_islower, "islower()", 0},
    {"istitle", m_istitle, "istitle()", 0},
    {"isascii", m_isascii, "isascii()", 0},
    {"isprintable", m_isprintable, "isprintable()", 0},
    {"isidentifier", m_isidentifier, "isidentifier()", 0},
    {"center", m_center, "center(width, fillchar=' ', /)", 0},
    {"ljust", m_ljust, "ljust(width, fillchar=' ', /)", 0},
    {"rjust", m_rjust, "rjust(width, fillchar=' ', /)", 0},
    {"zfill", m_zfill, "zfill(width, /)", 0},
    {"expandtabs", m_expandtabs, "expandtabs(tabsize=8)", 0},
    {"partition", m_partition, "partition(sep, /)", 0},
    {"rpartition", m_rpartition, "rpartition(sep, /)", 0},
    {"format", m_format, "format(*args, **kwargs) -> str\nReturn a formatted version of the string.", 0},
    {"format_map", m_format_map, "format_map(mapping) -> str", 0},
    {"encode", m_encode, "encode(encoding='utf-8', errors='strict')", 0},
    {"translate", m_translate, "translate(table, /)", 0},
    {"maketrans", m_maketrans, "maketrans(x, y=None, z=None, /)", METH_STATIC},
    {"__getnewargs__", m_getnewargs, NULL, 0},
    {NULL}};

TypeObj str_type = {
    OBJ_TYPE_HEAD, .name = "str", .flags = TF_BASETYPE,
    .doc = "str(object='') -> str\n\nCreate a new string object from the given object.",
    .dealloc = str_dealloc, .repr = str_repr, .str = str_str, .hash = str_hash,
    .compare = str_compare, .binary = str_binary, .len = str_len, .truth = str_truth,
    .getitem = str_getitem, .contains = str_contains, .iter = str_iter, .new = str_new_slot,
    .format = str_format_slot, .methods = str_methods};
