/* mod_struct.c - the struct module: pack/unpack of C values in bytes with CPython 3.11's format
 * language (byte orders @ = < > !, native alignment), its Struct class and its struct.error messages. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "core/modtable.h"

static TypeObj *struct_error;

typedef struct Item { char c; int64_t count; size_t off, size; } Item;
typedef struct Fmt {
  Item *items;
  int n;
  size_t size;
  int64_t nvalues;      /* values pack takes / unpack returns */
  int big;              /* byte order of the data */
  int native;           /* '@': native sizes and alignment */
} Fmt;

static Value serr(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static Value serr(const char *fmt, ...) {
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return obj_raise(struct_error ? struct_error : &exc_ValueError, "%s", msg);
}

static size_t code_size(char c, int native) {
  switch (c) {
    case 'x': case 'c': case 'b': case 'B': case '?': case 's': case 'p': return 1;
    case 'h': case 'H': case 'e': return 2;
    case 'i': case 'I': case 'f': return 4;
    case 'l': case 'L': return native ? 8 : 4;
    case 'q': case 'Q': case 'd': return 8;
    case 'n': case 'N': case 'P': return native ? 8 : 0;
  }
  return 0;
}

static void fmt_free(Fmt *f) { obj_mfree(f->items); f->items = NULL; }

static int fmt_parse(const char *s, size_t len, Fmt *f) {
  memset(f, 0, sizeof *f);
  size_t i = 0;
  f->native = 1;
  f->big = 0;
  if (len > 0 && strchr("@=<>!", s[0])) {
    char o = s[0];
    f->native = o == '@';
    f->big = o == '>' || o == '!';
    i = 1;
  }
  int cap = 0;
  size_t off = 0;
  while (i < len) {
    char c = s[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') { i++; continue; }
    int64_t count = 1;
    if (c >= '0' && c <= '9') {
      count = 0;
      while (i < len && s[i] >= '0' && s[i] <= '9') {
        if (count > (INT64_MAX - 9) / 10) { fmt_free(f); serr("total struct size too long"); return -1; }
        count = count * 10 + (s[i] - '0');
        i++;
      }
      if (i >= len) { fmt_free(f); serr("repeat count given without format specifier"); return -1; }
      c = s[i];
    }
    i++;
    size_t sz = code_size(c, f->native);
    if (sz == 0) { fmt_free(f); serr("bad char in struct format"); return -1; }
    if (f->native && c != 's' && c != 'p' && sz > 1) off = (off + sz - 1) / sz * sz;
    if (f->n == cap) {
      cap = cap ? cap * 2 : 8;
      Item *t = obj_realloc_array(f->items, (size_t)cap, sizeof(Item));
      if (!t) { fmt_free(f); return -1; }
      f->items = t;
    }
    if ((uint64_t)count > (SIZE_MAX / 2 - off) / sz) { fmt_free(f); serr("total struct size too long"); return -1; }
    f->items[f->n++] = (Item){c, count, off, sz};
    off += sz * (size_t)count;
    if (c == 's' || c == 'p') f->nvalues++;
    else if (c != 'x') f->nvalues += count;
  }
  f->size = off;
  return 0;
}

/* ---- half floats (CPython's PyFloat_Pack2 / Unpack2) -------------------------------------- */
static int pack_half(double x, uint16_t *out) {
  unsigned short bits;
  int e, sign;
  if (x == 0.0) { sign = signbit(x) != 0; e = 0; bits = 0; }
  else if (isinf(x)) { sign = x < 0; e = 0x1f; bits = 0; }
  else if (isnan(x)) { sign = signbit(x) != 0; e = 0x1f; bits = 512; }
  else {
    sign = x < 0;
    if (sign) x = -x;
    double f = frexp(x, &e);
    f *= 2.0;
    e--;
    if (e >= 16) goto overflow;
    else if (e < -25) { f = 0.0; e = 0; }
    else if (e < -14) { f = ldexp(f, 14 + e); e = 0; }
    else { e += 15; f -= 1.0; }
    f *= 1024.0;
    bits = (unsigned short)f;
    f -= bits;
    if (f > 0.5 || (f == 0.5 && bits % 2 == 1)) {
      ++bits;
      if (bits == 1024) { bits = 0; ++e; if (e == 31) goto overflow; }
    }
  }
  *out = (uint16_t)(bits | (e << 10) | (sign << 15));
  return 0;
overflow:
  obj_raise(&exc_OverflowError, "float too large to pack with e format");
  return -1;
}

static double unpack_half(uint16_t p) {
  int sign = (p >> 15) & 1, e = (p >> 10) & 0x1f;
  unsigned f = p & 0x3ff;
  if (e == 0x1f) {
    if (f == 0) return sign ? -INFINITY : INFINITY;
    return sign ? -NAN : NAN;
  }
  double x = (double)f / 1024.0;
  if (e == 0) e = -14;
  else { x += 1.0; e -= 15; }
  x = ldexp(x, e);
  return sign ? -x : x;
}

/* ---- one value ------------------------------------------------------------------------- */
static void put_bytes(unsigned char *dst, uint64_t v, size_t n, int big) {
  for (size_t k = 0; k < n; k++) {
    unsigned char b = (unsigned char)(v >> (8 * k));
    dst[big ? n - 1 - k : k] = b;
  }
}
static uint64_t get_bytes(const unsigned char *src, size_t n, int big) {
  uint64_t v = 0;
  for (size_t k = 0; k < n; k++) v |= (uint64_t)src[big ? n - 1 - k : k] << (8 * k);
  return v;
}

static int get_int(Value v, int64_t *out) {
  if (!VAL_IS_INTLIKE(v) && !(VAL_IS_OBJ(v) && op_hasattr_s(v, "__index__"))) {
    serr("required argument is not an integer");
    return -1;
  }
  return op_as_int(v, out);
}

static int pack_one(const Fmt *f, char c, size_t sz, Value v, unsigned char *dst) {
  int64_t i;
  switch (c) {
    case 'b': case 'B': case 'h': case 'H': case 'i': case 'I': case 'l': case 'L':
    case 'q': case 'Q': case 'n': case 'N': case 'P': {
      int uns = c == 'B' || c == 'H' || c == 'I' || c == 'L' || c == 'Q' || c == 'N' || c == 'P';
      Value bv = num_unbox(v);
      if (num_is_big(bv)) {   /* beyond int64: only 8-byte unsigned codes take [2**63, 2**64) */
        unsigned char le[8];
        if (uns && sz == 8 && num_big_to_bytes(bv, le, 8, 1, 0) == 0) {
          uint64_t w = 0;
          for (int k = 7; k >= 0; k--) w = (w << 8) | le[k];
          put_bytes(dst, w, sz, f->big);
          return 0;
        }
        if (obj_err_occurred()) obj_err_clear();
        if (sz == 8) { serr("argument out of range"); return -1; }
        i = num_big_sign(bv) < 0 ? INT64_MIN : INT64_MAX;   /* the range message below */
      } else if (get_int(v, &i) < 0) {
        return -1;
      }
      if (c == 'b' && (i < -128 || i > 127)) { serr("byte format requires -128 <= number <= 127"); return -1; }
      if (c == 'B' && (i < 0 || i > 255)) { serr("ubyte format requires 0 <= number <= 255"); return -1; }
      if (c == 'h' && (i < -32768 || i > 32767)) { serr("short format requires -32768 <= number <= 32767"); return -1; }
      if (c == 'H' && (i < 0 || i > 65535)) { serr("ushort format requires 0 <= number <= 65535"); return -1; }
      if (uns && i < 0) { serr("argument out of range"); return -1; }
      if (sz == 4 && !uns && (i < INT32_MIN || i > INT32_MAX)) {
        serr("'%c' format requires -2147483648 <= number <= 2147483647", c);
        return -1;
      }
      if (sz == 4 && uns && i > (int64_t)UINT32_MAX) {
        serr("'%c' format requires 0 <= number <= 4294967295", c);
        return -1;
      }
      put_bytes(dst, (uint64_t)i, sz, f->big);
      return 0;
    }
    case '?': {
      int t = op_truth(v);
      if (t < 0) return -1;
      dst[0] = (unsigned char)t;
      return 0;
    }
    case 'c': {
      if (!(VAL_IS_BYTES(v) || VAL_IS_BYTEARRAY(v))) { serr("char format requires a bytes object of length 1"); return -1; }
      ObjBuffer b;
      if (bytes_view(v, &b) < 0) return -1;
      if (b.len != 1) { serr("char format requires a bytes object of length 1"); return -1; }
      dst[0] = *(unsigned char *)b.buf;
      return 0;
    }
    case 'e': case 'f': case 'd': {
      double d;
      if (!VAL_IS_FLOAT(v) && !VAL_IS_INTLIKE(v)) {
        if (!VAL_IS_OBJ(v) || !op_hasattr_s(v, "__float__")) { serr("required argument is not a float"); return -1; }
        Value fv = op_call_method(v, "__float__", 0, NULL);
        if (VAL_IS_NULL(fv)) return -1;
        int r = op_as_float(fv, &d);
        val_decref(fv);
        if (r < 0) return -1;
      } else if (op_as_float(v, &d) < 0) return -1;
      if (c == 'd') {
        uint64_t u;
        memcpy(&u, &d, 8);
        put_bytes(dst, u, 8, f->big);
      } else if (c == 'f') {
        if (!f->native && fabs(d) > FLT_MAX && !isinf(d) && !isnan(d)) {
          obj_raise(&exc_OverflowError, "float too large to pack with f format");
          return -1;
        }
        float x = (float)d;
        uint32_t u;
        memcpy(&u, &x, 4);
        put_bytes(dst, u, 4, f->big);
      } else {
        uint16_t u;
        if (pack_half(d, &u) < 0) return -1;
        put_bytes(dst, u, 2, f->big);
      }
      return 0;
    }
  }
  return 0;
}

static Value unpack_one(const Fmt *f, char c, size_t sz, const unsigned char *src) {
  switch (c) {
    case 'b': return val_int((int8_t)src[0]);
    case 'B': return val_int(src[0]);
    case '?': return val_bool(src[0] != 0);
    case 'c': return bytes_new((const char *)src, 1);
    case 'h': case 'i': case 'l': case 'q': case 'n': {
      uint64_t u = get_bytes(src, sz, f->big);
      if (sz < 8) { uint64_t m = 1ULL << (8 * sz - 1); u = (u ^ m) - m; }
      return val_int((int64_t)u);
    }
    case 'H': case 'I': case 'L': case 'Q': case 'N': case 'P': {
      uint64_t u = get_bytes(src, sz, f->big);
      if (u > (uint64_t)INT64_MAX) {
        unsigned char le[8];
        for (int k = 0; k < 8; k++) le[k] = (unsigned char)(u >> (8 * k));
        return num_big_from_bytes(le, 8, 1, 0);
      }
      return val_int((int64_t)u);
    }
    case 'e': return val_float(unpack_half((uint16_t)get_bytes(src, 2, f->big)));
    case 'f': {
      uint32_t u = (uint32_t)get_bytes(src, 4, f->big);
      float x;
      memcpy(&x, &u, 4);
      return val_float(x);
    }
    case 'd': {
      uint64_t u = get_bytes(src, 8, f->big);
      double x;
      memcpy(&x, &u, 8);
      return val_float(x);
    }
  }
  return val_none();
}

/* pack values into dst (f->size bytes, zeroed by the caller) */
static int pack_to(const Fmt *f, int argc, const Value *argv, unsigned char *dst) {
  if (argc != f->nvalues) {
    serr("pack expected %lld items for packing (got %d)", (long long)f->nvalues, argc);
    return -1;
  }
  int k = 0;
  for (int j = 0; j < f->n; j++) {
    const Item *it = &f->items[j];
    if (it->c == 'x') continue;
    if (it->c == 's' || it->c == 'p') {
      Value v = argv[k++];
      if (!VAL_IS_BYTES(v) && !VAL_IS_BYTEARRAY(v)) {
        serr("argument for '%c' must be a bytes object", it->c);
        return -1;
      }
      ObjBuffer b;
      if (bytes_view(v, &b) < 0) return -1;
      size_t n = (size_t)it->count, m = (size_t)b.len;
      if (it->c == 's') {
        memcpy(dst + it->off, b.buf, m < n ? m : n);
      } else if (n > 0) {
        size_t room = n - 1;
        if (m > room) m = room;
        if (m > 255) m = 255;
        dst[it->off] = (unsigned char)m;
        memcpy(dst + it->off + 1, b.buf, m);
      }
      continue;
    }
    for (int64_t r = 0; r < it->count; r++)
      if (pack_one(f, it->c, it->size, argv[k++], dst + it->off + (size_t)r * it->size) < 0) return -1;
  }
  return 0;
}

static Value unpack_from_mem(const Fmt *f, const unsigned char *src) {
  Value t = tuple_new(f->nvalues);
  if (VAL_IS_NULL(t)) return t;
  int64_t k = 0;
  for (int j = 0; j < f->n; j++) {
    const Item *it = &f->items[j];
    if (it->c == 'x') continue;
    if (it->c == 's' || it->c == 'p') {
      size_t n = (size_t)it->count;
      Value v;
      if (it->c == 's') v = bytes_new((const char *)src + it->off, n);
      else {
        size_t m = n ? src[it->off] : 0;
        if (n && m > n - 1) m = n - 1;
        v = bytes_new((const char *)src + it->off + (n ? 1 : 0), m);
      }
      if (VAL_IS_NULL(v)) { TUPLE(t.u.o)->len = k; val_decref(t); return v; }
      TUPLE_SET(t, k++, v);
      continue;
    }
    for (int64_t r = 0; r < it->count; r++) {
      Value v = unpack_one(f, it->c, it->size, src + it->off + (size_t)r * it->size);
      if (VAL_IS_NULL(v)) { TUPLE(t.u.o)->len = k; val_decref(t); return v; }
      TUPLE_SET(t, k++, v);
    }
  }
  return t;
}

/* ---- the Struct type ------------------------------------------------------------------- */
typedef struct StructObj { Obj ob; Fmt f; Value format; } StructObj;
static TypeObj struct_type;

static int fmt_of_value(Value v, Fmt *f) {
  if (VAL_IS_STR(v)) return fmt_parse(STR(v.u.o)->s, STR(v.u.o)->len, f);
  if (VAL_IS_BYTES(v)) return fmt_parse(BYTES(v.u.o)->s, BYTES(v.u.o)->len, f);
  obj_raise(&exc_TypeError, "Struct() argument 1 must be a str or bytes object, not %s", op_type_name(v));
  return -1;
}

static void st_dealloc(Obj *o) {
  StructObj *s = (StructObj *)o;
  fmt_free(&s->f);
  val_decref(s->format);
  obj_free(o);
}

static Value struct_make(Value fmt) {
  StructObj *s = obj_alloc(&struct_type, sizeof(StructObj));
  if (!s) return val_null();
  s->format = val_none();
  if (fmt_of_value(fmt, &s->f) < 0) { st_dealloc(&s->ob); return val_null(); }
  val_decref(s->format);
  s->format = VAL_IS_BYTES(fmt) ? str_new(BYTES(fmt.u.o)->s, BYTES(fmt.u.o)->len) : val_incref(fmt);
  if (VAL_IS_NULL(s->format)) { s->format = val_none(); st_dealloc(&s->ob); return val_null(); }
  return val_obj(&s->ob);
}

static Value st_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("Struct", argc, argv, kw, "format", a) < 0) return val_null();
  return struct_make(a[0]);
}

static Value do_pack(const Fmt *f, int argc, const Value *argv) {
  char *d;
  Value r = bytes_alloc(f->size, &d);
  if (VAL_IS_NULL(r)) return r;
  memset(d, 0, f->size);
  if (pack_to(f, argc, argv, (unsigned char *)d) < 0) { val_decref(r); return val_null(); }
  return r;
}

static Value do_unpack(const Fmt *f, Value buf) {
  ObjBuffer b;
  if (bytes_view(buf, &b) < 0) return val_null();
  if ((size_t)b.len != f->size) return serr("unpack requires a buffer of %zu bytes", f->size);
  return unpack_from_mem(f, b.buf);
}

static Value do_unpack_from(const Fmt *f, Value buf, Value voff) {
  ObjBuffer b;
  int64_t off = 0;
  if (!VAL_IS_NULL(voff) && op_as_int(voff, &off) < 0) return val_null();
  if (bytes_view(buf, &b) < 0) return val_null();
  if (off < 0) {
    if (off + b.len < 0) return serr("offset %lld out of range for %lld-byte buffer", (long long)off, (long long)b.len);
    off += b.len;
  }
  if (b.len - off < (int64_t)f->size) {
    if (off > b.len) return serr("offset %lld out of range for %lld-byte buffer", (long long)off, (long long)b.len);
    return serr("unpack_from requires a buffer of at least %lld bytes for unpacking %zu bytes at offset %lld (actual buffer size is %lld)",
                (long long)(f->size + (size_t)off), f->size, (long long)off, (long long)b.len);
  }
  return unpack_from_mem(f, (const unsigned char *)b.buf + off);
}

static Value do_pack_into(const Fmt *f, int argc, const Value *argv) {
  /* argv: buffer, offset, values... */
  if (argc < 2) {
    if (argc == 0) return serr("pack_into expected buffer argument");
    return serr("pack_into expected offset argument");
  }
  ObjBuffer b;
  if (!VAL_IS_BYTES(argv[0]) && !VAL_IS_BYTEARRAY(argv[0]) && !op_type(argv[0])->getbuffer)
    return obj_raise(&exc_TypeError, "argument must be read-write bytes-like object, not %s", op_type_name(argv[0]));
  if (bytes_view(argv[0], &b) < 0) return val_null();
  if (b.readonly)
    return obj_raise(&exc_TypeError, "argument must be read-write bytes-like object, not %s", op_type_name(argv[0]));
  int64_t off;
  if (op_as_int(argv[1], &off) < 0) return val_null();
  if (argc - 2 != f->nvalues)
    return serr("pack_into expected %lld items for packing (got %d)", (long long)f->nvalues, argc - 2);
  if (off < 0) {
    if (off + b.len < 0) return serr("offset %lld out of range for %lld-byte buffer", (long long)off, (long long)b.len);
    off += b.len;
  }
  if (b.len - off < (int64_t)f->size) {
    if (off > b.len) return serr("offset %lld out of range for %lld-byte buffer", (long long)off, (long long)b.len);
    return serr("pack_into requires a buffer of at least %lld bytes for packing %zu bytes at offset %lld (actual buffer size is %lld)",
                (long long)(f->size + (size_t)off), f->size, (long long)off, (long long)b.len);
  }
  unsigned char *tmp = obj_calloc(1, f->size ? f->size : 1);
  if (!tmp) return val_null();
  if (pack_to(f, argc - 2, argv + 2, tmp) < 0) { obj_mfree(tmp); return val_null(); }
  /* the buffer may have been resized by a callback (__index__): view it again */
  if (bytes_view(argv[0], &b) < 0 || b.len - off < (int64_t)f->size) {
    obj_mfree(tmp);
    return obj_err_occurred() ? val_null() : serr("buffer changed size during pack_into");
  }
  memcpy((unsigned char *)b.buf + off, tmp, f->size);
  obj_mfree(tmp);
  return val_none();
}

static Value do_iter_unpack(const Fmt *f, Value buf) {
  if (f->size == 0) return serr("cannot iteratively unpack with a struct of length 0");
  ObjBuffer b;
  if (bytes_view(buf, &b) < 0) return val_null();
  if ((size_t)b.len % f->size != 0)
    return serr("iterative unpacking requires a buffer of a multiple of %zu bytes", f->size);
  Value l = list_new(0);
  if (VAL_IS_NULL(l)) return l;
  for (size_t o = 0; o < (size_t)b.len; o += f->size) {
    Value t = unpack_from_mem(f, (const unsigned char *)b.buf + o);
    if (VAL_IS_NULL(t) || list_append_steal(l, t) < 0) { val_decref(l); return val_null(); }
  }
  Value it = op_iter(l);
  val_decref(l);
  return it;
}

#define SF (&((StructObj *)argv[0].u.o)->f)
static Value sm_pack(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("pack", 0, kw, 0, 0) < 0) return val_null();
  return do_pack(SF, argc - 1, argv + 1);
}
static Value sm_unpack(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("unpack", argc - 1, kw, 1, 1) < 0) return val_null();
  return do_unpack(SF, argv[1]);
}
static Value sm_unpack_from(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("unpack_from", argc - 1, argv + 1, kw, "buffer|offset", a) < 0) return val_null();
  return do_unpack_from(SF, a[0], a[1]);
}
static Value sm_pack_into(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("pack_into", 0, kw, 0, 0) < 0) return val_null();
  return do_pack_into(SF, argc - 1, argv + 1);
}
static Value sm_iter_unpack(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("iter_unpack", argc - 1, kw, 1, 1) < 0) return val_null();
  return do_iter_unpack(SF, argv[1]);
}
#undef SF
static Value sg_format(Value self) { return val_incref(((StructObj *)self.u.o)->format); }
static Value sg_size(Value self) { return val_int((int64_t)((StructObj *)self.u.o)->f.size); }

static const MethodDef struct_methods[] = {
    {"pack", sm_pack, "pack(v1, v2, ...)\nPack the values by this Struct's format.", 0},
    {"unpack", sm_unpack, "unpack(buffer)\nA tuple of the values in buffer (exactly size bytes).", 0},
    {"unpack_from", sm_unpack_from, "unpack_from(buffer, offset=0)", 0},
    {"pack_into", sm_pack_into, "pack_into(buffer, offset, v1, v2, ...)", 0},
    {"iter_unpack", sm_iter_unpack, "iter_unpack(buffer)", 0},
    {NULL, NULL, NULL, 0}};
static const GetSetDef struct_getset[] = {
    {"format", sg_format, NULL, "the format string"},
    {"size", sg_size, NULL, "the size in bytes of the packed data"},
    {NULL, NULL, NULL, NULL}};
static TypeObj struct_type = {OBJ_TYPE_HEAD, .name = "Struct",
                              .doc = "Struct(format)\nA compiled struct format.",
                              .dealloc = st_dealloc, .new = st_new, .methods = struct_methods,
                              .getset = struct_getset};

/* ---- module functions: compile the format each call (CPython caches; formats are short) ---- */
static int fmt_arg(const char *name, int argc, const Value *argv, Obj *kw, Fmt *f) {
  if (func_check_args(name, 0, kw, 0, 0) < 0) return -1;
  if (argc < 1) {
    obj_raise(&exc_TypeError, "%s expected at least 1 argument, got 0", name);
    return -1;
  }
  return fmt_of_value(argv[0], f);
}

static Value f_pack(int argc, const Value *argv, Obj *kw) {
  Fmt f;
  if (fmt_arg("pack", argc, argv, kw, &f) < 0) return val_null();
  Value r = do_pack(&f, argc - 1, argv + 1);
  fmt_free(&f);
  return r;
}
static Value f_unpack(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("unpack", argc, kw, 2, 2) < 0) return val_null();
  Fmt f;
  if (fmt_of_value(argv[0], &f) < 0) return val_null();
  Value r = do_unpack(&f, argv[1]);
  fmt_free(&f);
  return r;
}
static Value f_unpack_from(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("unpack_from", argc, argv, kw, "format,buffer|offset", a) < 0) return val_null();
  Fmt f;
  if (fmt_of_value(a[0], &f) < 0) return val_null();
  Value r = do_unpack_from(&f, a[1], a[2]);
  fmt_free(&f);
  return r;
}
static Value f_pack_into(int argc, const Value *argv, Obj *kw) {
  Fmt f;
  if (fmt_arg("pack_into", argc, argv, kw, &f) < 0) return val_null();
  Value r = do_pack_into(&f, argc - 1, argv + 1);
  fmt_free(&f);
  return r;
}
static Value f_iter_unpack(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("iter_unpack", argc, kw, 2, 2) < 0) return val_null();
  Fmt f;
  if (fmt_of_value(argv[0], &f) < 0) return val_null();
  Value r = do_iter_unpack(&f, argv[1]);
  fmt_free(&f);
  return r;
}
static Value f_calcsize(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("calcsize", argc, kw, 1, 1) < 0) return val_null();
  Fmt f;
  if (fmt_of_value(argv[0], &f) < 0) return val_null();
  size_t n = f.size;
  fmt_free(&f);
  return val_int((int64_t)n);
}

static const MethodDef struct_functions[] = {
    {"pack", f_pack, "pack(format, v1, v2, ...)\nThe values packed into bytes by the format.", 0},
    {"unpack", f_unpack, "unpack(format, buffer)\nA tuple of the values packed in buffer.", 0},
    {"unpack_from", f_unpack_from, "unpack_from(format, /, buffer, offset=0)", 0},
    {"pack_into", f_pack_into, "pack_into(format, buffer, offset, v1, v2, ...)", 0},
    {"iter_unpack", f_iter_unpack, "iter_unpack(format, buffer)\nAn iterator of tuples, one per format-sized chunk.", 0},
    {"calcsize", f_calcsize, "calcsize(format)\nThe size in bytes of the struct the format describes.", 0},
    {NULL, NULL, NULL, 0}};

int modinit_struct(Value m) {
  if (!struct_error) {
    Value bases = tuple_pack(1, val_obj(&exc_Exception.ob));
    Value ns = dict_new();
    if (VAL_IS_NULL(bases) || VAL_IS_NULL(ns)) { val_decref(bases); val_decref(ns); return -1; }
    dict_setstr(ns, "__module__", val_obj(str_intern("struct")));
    Value cls = class_new(str_intern("error"), bases, ns, NULL);
    val_decref(bases);
    val_decref(ns);
    if (VAL_IS_NULL(cls)) return -1;
    struct_error = (TypeObj *)cls.u.o;   /* kept for the life of the process */
  }
  if (type_ready(&struct_type) < 0) return -1;
  if (module_add_functions(m, struct_functions) < 0) return -1;
  if (module_add(m, "error", val_obj(&struct_error->ob)) < 0) return -1;
  return module_add(m, "Struct", val_obj(&struct_type.ob));
}
