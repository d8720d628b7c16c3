/* mod_binascii.c - the binascii module as CPython 3.11 has it: hex, base64 and crc32 conversions
 * with its messages and binascii.Error; the base64 module (lang/prelude/base64.py) builds on it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "core/core.h"
#include "core/modtable.h"

static TypeObj *ba_error, *ba_incomplete;

/* a2b_* take bytes-like objects or ASCII-only str, as CPython's ascii_buffer converter */
static int ascii_arg(Value v, const char **s, size_t *n) {
  if (VAL_IS_STR(v)) {
    StrObj *so = STR(v.u.o);
    if (!so->ascii) {
      obj_raise(&exc_ValueError, "string argument should contain only ASCII characters");
      return -1;
    }
    *s = so->s;
    *n = so->len;
    return 0;
  }
  ObjBuffer b;
  if (bytes_view(v, &b) < 0) {
    if (obj_err_matches(&exc_TypeError)) {
      obj_err_clear();
      obj_raise(&exc_TypeError, "argument should be bytes, buffer or ASCII string, not '%s'", op_type(v)->name);
    }
    return -1;
  }
  *s = b.buf;
  *n = (size_t)b.len;
  return 0;
}

static int data_arg(Value v, const char **s, size_t *n) {
  ObjBuffer b;
  if (bytes_view(v, &b) < 0) return -1;
  *s = b.buf;
  *n = (size_t)b.len;
  return 0;
}

static Value hexlify_impl(const char *fname, int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args(fname, argc, argv, kw, "data|sep,bytes_per_sep", a) < 0) return val_null();
  const char *s;
  size_t n;
  if (data_arg(a[0], &s, &n) < 0) return val_null();
  const char *sep = NULL;
  size_t seplen = 0;
  if (!VAL_IS_NULL(a[1]) && !VAL_IS_NONE(a[1])) {
    if (VAL_IS_STR(a[1])) { sep = STR(a[1].u.o)->s; seplen = STR(a[1].u.o)->len; }
    else if (data_arg(a[1], &sep, &seplen) < 0) return val_null();
    if (seplen != 1) return obj_raise(&exc_ValueError, "sep must be length 1.");
    if ((unsigned char)sep[0] > 127) return obj_raise(&exc_ValueError, "sep must be ASCII.");
  }
  int64_t per = 1;
  if (!VAL_IS_NULL(a[2]) && op_as_int(a[2], &per) < 0) return val_null();
  size_t group = (size_t)(per < 0 ? -per : per);
  if (group == 0) sep = NULL;
  size_t nsep = sep && n ? (n - 1) / group : 0;
  char *o;
  Value r = bytes_alloc(2 * n + nsep, &o);
  if (VAL_IS_NULL(r)) return r;
  static const char hx[] = "0123456789abcdef";
  size_t j = 0;
  for (size_t i = 0; i < n; i++) {
    /* with a positive count the groups are counted from the right, as CPython */
    if (sep && i > 0) {
      size_t k = per > 0 ? (n - i) : i;
      if (k % group == 0) o[j++] = sep[0];
    }
    unsigned char c = (unsigned char)s[i];
    o[j++] = hx[c >> 4];
    o[j++] = hx[c & 15];
  }
  return r;
}
static Value b_hexlify(int argc, const Value *argv, Obj *kw) { return hexlify_impl("hexlify", argc, argv, kw); }
static Value b_b2a_hex(int argc, const Value *argv, Obj *kw) { return hexlify_impl("b2a_hex", argc, argv, kw); }

static int hexv(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static Value unhex_impl(const char *fname, int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args(fname, argc, argv, kw, "hexstr", a) < 0) return val_null();
  const char *s;
  size_t n;
  if (ascii_arg(a[0], &s, &n) < 0) return val_null();
  if (n % 2) return obj_raise(ba_error, "Odd-length string");
  char *o;
  Value r = bytes_alloc(n / 2, &o);
  if (VAL_IS_NULL(r)) return r;
  for (size_t i = 0; i < n; i += 2) {
    int hi = hexv((unsigned char)s[i]), lo = hexv((unsigned char)s[i + 1]);
    if (hi < 0 || lo < 0) { val_decref(r); return obj_raise(ba_error, "Non-hexadecimal digit found"); }
    o[i / 2] = (char)(hi << 4 | lo);
  }
  return r;
}
static Value b_unhexlify(int argc, const Value *argv, Obj *kw) { return unhex_impl("unhexlify", argc, argv, kw); }
static Value b_a2b_hex(int argc, const Value *argv, Obj *kw) { return unhex_impl("a2b_hex", argc, argv, kw); }

static Value b_crc32(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("crc32", argc, argv, kw, "data|crc", a) < 0) return val_null();
  const char *s;
  size_t n;
  if (data_arg(a[0], &s, &n) < 0) return val_null();
  int64_t start = 0;
  if (!VAL_IS_NULL(a[1]) && op_as_int(a[1], &start) < 0) return val_null();
  uLong c = (uLong)(uint32_t)start;
  while (n) {
    uInt k = n > (1u << 30) ? (1u << 30) : (uInt)n;
    c = crc32(c, (const Bytef *)s, k);
    s += k;
    n -= k;
  }
  return val_int((int64_t)(uint32_t)c);
}

/* CRC-CCITT as binascii.crc_hqx (polynomial 0x1021, no reflection) */
static Value b_crc_hqx(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("crc_hqx", argc, argv, kw, "data,crc", a) < 0) return val_null();
  const char *s;
  size_t n;
  if (data_arg(a[0], &s, &n) < 0) return val_null();
  int64_t start;
  if (op_as_int(a[1], &start) < 0) return val_null();
  unsigned crc = (unsigned)start & 0xffff;
  for (size_t i = 0; i < n; i++) {
    crc ^= (unsigned)(unsigned char)s[i] << 8;
    for (int b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return val_int(crc);
}

static const char b64chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static Value b_b2a_base64(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("b2a_base64", argc, argv, kw, "data|$newline", a) < 0) return val_null();
  const char *s0;
  size_t n;
  if (data_arg(a[0], &s0, &n) < 0) return val_null();
  int nl = 1;
  if (!VAL_IS_NULL(a[1]) && (nl = op_truth(a[1])) < 0) return val_null();
  const unsigned char *s = (const unsigned char *)s0;
  if (n > ((size_t)1 << 60)) return obj_raise_nomem();
  size_t outn = (n + 2) / 3 * 4 + (nl ? 1 : 0);
  char *o;
  Value r = bytes_alloc(outn, &o);
  if (VAL_IS_NULL(r)) return r;
  size_t j = 0, i = 0;
  for (; i + 3 <= n; i += 3) {
    uint32_t v = (uint32_t)s[i] << 16 | (uint32_t)s[i + 1] << 8 | s[i + 2];
    o[j++] = b64chars[v >> 18];
    o[j++] = b64chars[(v >> 12) & 63];
    o[j++] = b64chars[(v >> 6) & 63];
    o[j++] = b64chars[v & 63];
  }
  if (n - i == 1) {
    o[j++] = b64chars[s[i] >> 2];
    o[j++] = b64chars[(s[i] & 3) << 4];
    o[j++] = '=';
    o[j++] = '=';
  } else if (n - i == 2) {
    o[j++] = b64chars[s[i] >> 2];
    o[j++] = b64chars[(s[i] & 3) << 4 | s[i + 1] >> 4];
    o[j++] = b64chars[(s[i + 1] & 15) << 2];
    o[j++] = '=';
  }
  if (nl) o[j++] = '\n';
  return r;
}

/* CPython's loop (Modules/binascii.c), with strict_mode's checks */
static Value b_a2b_base64(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("a2b_base64", argc, argv, kw, "data|$strict_mode", a) < 0) return val_null();
  const char *s0;
  size_t n;
  if (ascii_arg(a[0], &s0, &n) < 0) return val_null();
  int strict = 0;
  if (!VAL_IS_NULL(a[1]) && (strict = op_truth(a[1])) < 0) return val_null();
  const unsigned char *s = (const unsigned char *)s0;
  static signed char table[256];
  if (!table['B']) {
    memset(table, -1, sizeof table);
    for (int i = 0; i < 64; i++) table[(unsigned char)b64chars[i]] = (signed char)i;
  }
  char *out = obj_malloc(n / 4 * 3 + 3);
  if (!out) return val_null();
  size_t j = 0;
  int quad = 0, pads = 0, padding_started = 0;
  unsigned leftchar = 0;
  const char *err = NULL;
  if (strict && n > 0 && s[0] == '=') { err = "Leading padding not allowed"; goto fail; }
  for (size_t i = 0; i < n; i++) {
    unsigned char c = s[i];
    if (c == '=') {
      padding_started = 1;
      if (quad >= 2 && quad + ++pads >= 4) {
        if (strict && i + 1 < n) { err = "Excess data after padding"; goto fail; }
        goto done;
      }
      continue;
    }
    int v = table[c];
    if (v < 0) {
      if (strict) { err = "Only base64 data is allowed"; goto fail; }
      continue;
    }
    if (strict && padding_started) { err = "Discontinuous padding not allowed"; goto fail; }
    pads = 0;
    switch (quad) {
      case 0: quad = 1; leftchar = (unsigned)v; break;
      case 1: quad = 2; out[j++] = (char)(leftchar << 2 | (unsigned)v >> 4); leftchar = (unsigned)v & 15; break;
      case 2: quad = 3; out[j++] = (char)(leftchar << 4 | (unsigned)v >> 2); leftchar = (unsigned)v & 3; break;
      default: quad = 0; out[j++] = (char)(leftchar << 6 | (unsigned)v); leftchar = 0; break;
    }
  }
  if (quad == 1) {
    obj_mfree(out);
    return obj_raise(ba_error, "Invalid base64-encoded string: number of data characters (%zu) cannot be 1 more than a multiple of 4",
                     j / 3 * 4 + 1);
  }
  if (quad != 0) { err = "Incorrect padding"; goto fail; }
done:;
  Value r = bytes_new(out, j);
  obj_mfree(out);
  return r;
fail:
  obj_mfree(out);
  return obj_raise(ba_error, "%s", err);
}

static const MethodDef binascii_functions[] = {
    {"hexlify", b_hexlify, "hexlify(data, sep=None, bytes_per_sep=1)\nHexadecimal representation of binary data.", 0},
    {"b2a_hex", b_b2a_hex, "b2a_hex(data, sep=None, bytes_per_sep=1)\nHexadecimal representation of binary data.", 0},
    {"unhexlify", b_unhexlify, "unhexlify(hexstr)\nBinary data of hexadecimal representation.", 0},
    {"a2b_hex", b_a2b_hex, "a2b_hex(hexstr)\nBinary data of hexadecimal representation.", 0},
    {"crc32", b_crc32, "crc32(data, crc=0)\nCompute CRC-32 incrementally.", 0},
    {"crc_hqx", b_crc_hqx, "crc_hqx(data, crc)\nCompute CRC-CCITT incrementally.", 0},
    {"b2a_base64", b_b2a_base64, "b2a_base64(data, *, newline=True)\nBase64-code line of data.", 0},
    {"a2b_base64", b_a2b_base64, "a2b_base64(data, *, strict_mode=False)\nDecode a line of base64 data.", 0},
    {NULL},
};

static TypeObj *make_exc(const char *name, TypeObj *base) {
  Value bases = tuple_pack(1, val_obj(&base->ob));
  Value ns = dict_new();
  if (VAL_IS_NULL(bases) || VAL_IS_NULL(ns)) { val_decref(bases); val_decref(ns); return NULL; }
  dict_setstr(ns, "__module__", val_obj(str_intern("binascii")));
  Value cls = class_new(str_intern(name), bases, ns, NULL);
  val_decref(bases);
  val_decref(ns);
  return VAL_IS_NULL(cls) ? NULL : (TypeObj *)cls.u.o;   /* kept for the life of the process */
}

int modinit_binascii(Value m) {
  if (!ba_error && !(ba_error = make_exc("Error", &exc_ValueError))) return -1;
  if (!ba_incomplete && !(ba_incomplete = make_exc("Incomplete", &exc_Exception))) return -1;
  if (module_add_functions(m, binascii_functions) < 0) return -1;
  if (module_add(m, "Error", val_obj(&ba_error->ob)) < 0) return -1;
  return module_add(m, "Incomplete", val_obj(&ba_incomplete->ob));
}
