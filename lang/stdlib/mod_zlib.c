/* mod_zlib.c - the zlib module over the system zlib: one-shot compress/decompress, crc32/adler32,
 * and the streaming compressobj/decompressobj objects that gzip (lang/prelude/gzip.py) builds on. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "core/core.h"
#include "core/modtable.h"

static TypeObj *zlib_error;

static Value zerr(int code, const char *when, z_stream *zs) {
  const char *msg = zs && zs->msg ? zs->msg : NULL;
  if (!msg) {
    switch (code) {
      case Z_BUF_ERROR: msg = "incomplete or truncated stream"; break;
      case Z_STREAM_ERROR: msg = "inconsistent stream state"; break;
      case Z_DATA_ERROR: msg = "invalid input data"; break;
      case Z_MEM_ERROR: return obj_raise_nomem();
      default: msg = "library error"; break;
    }
  }
  return obj_raise(zlib_error, "Error %d %s: %.200s", code, when, msg);
}

static int view(Value v, ObjBuffer *b) { return bytes_view(v, b); }

/* an output buffer that grows; into a bytes object at the end */
typedef struct Out { char *s; size_t len, cap; } Out;
static int out_grow(Out *o, size_t want) {
  if (o->cap - o->len >= want) return 0;
  size_t cap = o->cap ? o->cap : 16384;
  while (cap - o->len < want) {
    if (cap > obj_alloc_cap() / 2) { obj_raise_nomem(); return -1; }
    cap *= 2;
  }
  char *s = obj_realloc(o->s, cap);
  if (!s) return -1;
  o->s = s;
  o->cap = cap;
  return 0;
}
static Value out_bytes(Out *o) {
  Value r = bytes_new(o->s ? o->s : "", o->len);
  obj_mfree(o->s);
  return r;
}

/* feed in through deflate or inflate, flush applying to the last piece; appends to out. Inflate
 * stops at the end of the stream (*eof = 1); max_out > 0 bounds the output. What zlib did not
 * consume is left at zs->next_in / zs->avail_in (inputs are under 2 GiB in one piece). */
static int run(z_stream *zs, int inflating, const char *in, size_t n, int flush, Out *out,
               int *eof, size_t max_out) {
  zs->next_in = (Bytef *)in;
  zs->avail_in = 0;
  size_t left = n;
  for (;;) {
    if (zs->avail_in == 0 && left) {
      uInt k = left > (size_t)1 << 30 ? (uInt)1 << 30 : (uInt)left;
      zs->avail_in = k;
      left -= k;
    }
    size_t room = out->len > 65536 ? out->len : 65536;
    if (max_out) {
      if (out->len >= max_out) break;
      if (room > max_out - out->len) room = max_out - out->len;
    }
    if (room > (size_t)1 << 30) room = (size_t)1 << 30;
    if (out_grow(out, room) < 0) return -1;
    zs->next_out = (Bytef *)out->s + out->len;
    zs->avail_out = (uInt)room;
    int r = inflating ? inflate(zs, left ? Z_NO_FLUSH : flush) : deflate(zs, left ? Z_NO_FLUSH : flush);
    out->len += room - zs->avail_out;
    if (r == Z_STREAM_END) { if (inflating) *eof = 1; break; }
    if (r == Z_BUF_ERROR) break;                       /* no progress possible */
    if (r != Z_OK) {
      zerr(r, inflating ? "while decompressing data" : "while compressing data", zs);
      return -1;
    }
    if (zs->avail_out != 0 && zs->avail_in == 0 && left == 0) break;
  }
  return 0;
}

static Value z_compress(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("compress", argc, argv, kw, "data|level,wbits", a) < 0) return val_null();
  int64_t level = Z_DEFAULT_COMPRESSION, wbits = MAX_WBITS;
  if (!VAL_IS_NULL(a[1]) && op_as_int(a[1], &level) < 0) return val_null();
  if (!VAL_IS_NULL(a[2]) && op_as_int(a[2], &wbits) < 0) return val_null();
  ObjBuffer b;
  if (view(a[0], &b) < 0) return val_null();
  z_stream zs;
  memset(&zs, 0, sizeof zs);
  int r = deflateInit2(&zs, (int)level, Z_DEFLATED, (int)wbits, 8, Z_DEFAULT_STRATEGY);
  if (r == Z_STREAM_ERROR) return obj_raise(zlib_error, "Bad compression level");
  if (r != Z_OK) return zerr(r, "while compressing data", &zs);
  Out o = {0};
  int eof = 0;
  r = run(&zs, 0, b.buf, (size_t)b.len, Z_FINISH, &o, &eof, 0);
  deflateEnd(&zs);
  if (r < 0) { obj_mfree(o.s); return val_null(); }
  return out_bytes(&o);
}

static Value z_decompress(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("decompress", argc, argv, kw, "data|wbits,bufsize", a) < 0) return val_null();
  int64_t wbits = MAX_WBITS;
  if (!VAL_IS_NULL(a[1]) && op_as_int(a[1], &wbits) < 0) return val_null();
  ObjBuffer b;
  if (view(a[0], &b) < 0) return val_null();
  z_stream zs;
  memset(&zs, 0, sizeof zs);
  int r = inflateInit2(&zs, (int)wbits);
  if (r != Z_OK) return zerr(r, "while preparing to decompress data", &zs);
  Out o = {0};
  int eof = 0;
  r = run(&zs, 1, b.buf, (size_t)b.len, Z_NO_FLUSH, &o, &eof, 0);
  inflateEnd(&zs);
  if (r < 0) { obj_mfree(o.s); return val_null(); }
  if (!eof) {
    obj_mfree(o.s);
    return obj_raise(zlib_error, "Error -5 while decompressing data: incomplete or truncated stream");
  }
  return out_bytes(&o);
}

static Value checksum(int argc, const Value *argv, Obj *kw, int adler) {
  Value a[2];
  if (func_parse_args(adler ? "adler32" : "crc32", argc, argv, kw, "data|value", a) < 0) return val_null();
  int64_t start = adler ? 1 : 0;
  if (!VAL_IS_NULL(a[1]) && op_as_int(a[1], &start) < 0) return val_null();
  ObjBuffer b;
  if (view(a[0], &b) < 0) return val_null();
  uLong v = (uLong)(uint32_t)start;
  const Bytef *p = b.buf;
  size_t n = (size_t)b.len;
  while (n > 0) {
    uInt k = n > (1u << 30) ? (1u << 30) : (uInt)n;
    v = adler ? adler32(v, p, k) : crc32(v, p, k);
    p += k;
    n -= k;
  }
  return val_int((int64_t)(v & 0xffffffffu));
}
static Value z_crc32(int argc, const Value *argv, Obj *kw) { return checksum(argc, argv, kw, 0); }
static Value z_adler32(int argc, const Value *argv, Obj *kw) { return checksum(argc, argv, kw, 1); }

/* ---- streaming objects ------------------------------------------------------------------ */
typedef struct ZObj {
  Obj ob;
  z_stream zs;
  int inflating, ready, eof;
  Value unused_data, unconsumed_tail;
} ZObj;
static TypeObj compress_type, decompress_type;
#define ZO(v) ((ZObj *)(v).u.o)

static void z_dealloc(Obj *o) {
  ZObj *z = (ZObj *)o;
  if (z->ready) { if (z->inflating) inflateEnd(&z->zs); else deflateEnd(&z->zs); }
  val_decref(z->unused_data);
  val_decref(z->unconsumed_tail);
  obj_free(o);
}

static Value z_compressobj(int argc, const Value *argv, Obj *kw) {
  Value a[6];
  if (func_parse_args("compressobj", argc, argv, kw, "|level,method,wbits,memLevel,strategy,zdict", a) < 0)
    return val_null();
  int64_t v[5] = {Z_DEFAULT_COMPRESSION, Z_DEFLATED, MAX_WBITS, 8, Z_DEFAULT_STRATEGY};
  for (int i = 0; i < 5; i++)
    if (!VAL_IS_NULL(a[i]) && op_as_int(a[i], &v[i]) < 0) return val_null();
  ZObj *z = obj_alloc(&compress_type, sizeof(ZObj));
  if (!z) return val_null();
  z->unused_data = val_null();
  z->unconsumed_tail = val_null();
  int r = deflateInit2(&z->zs, (int)v[0], (int)v[1], (int)v[2], (int)v[3], (int)v[4]);
  if (r != Z_OK) {
    obj_free(&z->ob);
    if (r == Z_STREAM_ERROR) return obj_raise(&exc_ValueError, "Invalid initialization option");
    return zerr(r, "while creating compression object", NULL);
  }
  z->ready = 1;
  return val_obj(&z->ob);
}

static Value z_decompressobj(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("decompressobj", argc, argv, kw, "|wbits,zdict", a) < 0) return val_null();
  int64_t wbits = MAX_WBITS;
  if (!VAL_IS_NULL(a[0]) && op_as_int(a[0], &wbits) < 0) return val_null();
  ZObj *z = obj_alloc(&decompress_type, sizeof(ZObj));
  if (!z) return val_null();
  z->inflating = 1;
  z->unused_data = bytes_new("", 0);
  z->unconsumed_tail = bytes_new("", 0);
  int r = inflateInit2(&z->zs, (int)wbits);
  if (r != Z_OK) {
    z_dealloc(&z->ob);
    if (r == Z_STREAM_ERROR) return obj_raise(&exc_ValueError, "Invalid initialization option");
    return zerr(r, "while creating decompression object", NULL);
  }
  z->ready = 1;
  return val_obj(&z->ob);
}

static Value c_compress(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("compress", argc - 1, kw, 1, 1) < 0) return val_null();
  ZObj *z = ZO(argv[0]);
  if (!z->ready) return obj_raise(zlib_error, "Error -2 while compressing data: inconsistent stream state");
  ObjBuffer b;
  if (view(argv[1], &b) < 0) return val_null();
  Out o = {0};
  int eof = 0;
  if (run(&z->zs, 0, b.buf, (size_t)b.len, Z_NO_FLUSH, &o, &eof, 0) < 0) { obj_mfree(o.s); return val_null(); }
  return out_bytes(&o);
}

static Value c_flush(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("flush", argc - 1, kw, 0, 1) < 0) return val_null();
  ZObj *z = ZO(argv[0]);
  int64_t mode = Z_FINISH;
  if (argc > 1 && op_as_int(argv[1], &mode) < 0) return val_null();
  if (mode == Z_NO_FLUSH) return bytes_new("", 0);
  if (!z->ready) return obj_raise(zlib_error, "Error -2 while flushing: inconsistent stream state");
  Out o = {0};
  int eof = 0;
  if (run(&z->zs, 0, "", 0, (int)mode, &o, &eof, 0) < 0) { obj_mfree(o.s); return val_null(); }
  if (mode == Z_FINISH) { deflateEnd(&z->zs); z->ready = 0; }
  return out_bytes(&o);
}

static void set_leftovers(ZObj *z, int tail) {
  /* input not consumed: after the end of the stream it is unused_data, else (a max_length
   * stop) unconsumed_tail */
  if (z->zs.avail_in == 0 && !tail) return;
  Value v = bytes_new((const char *)z->zs.next_in, z->zs.avail_in);
  if (VAL_IS_NULL(v)) { obj_err_clear(); return; }
  if (z->eof) {
    Value old = z->unused_data;
    ObjBuffer ob;
    if (!VAL_IS_NULL(old) && bytes_view(old, &ob) == 0 && ob.len > 0) {
      char *d;
      Value c = bytes_alloc((size_t)ob.len + z->zs.avail_in, &d);
      if (!VAL_IS_NULL(c)) {
        memcpy(d, ob.buf, (size_t)ob.len);
        memcpy(d + ob.len, z->zs.next_in, z->zs.avail_in);
        val_decref(v);
        v = c;
      }
    }
    val_decref(z->unused_data);
    z->unused_data = v;
  } else {
    val_decref(z->unconsumed_tail);
    z->unconsumed_tail = v;
  }
}

static Value d_decompress(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("decompress", argc - 1, argv + 1, kw, "data|max_length", a) < 0) return val_null();
  ZObj *z = ZO(argv[0]);
  int64_t maxl = 0;
  if (!VAL_IS_NULL(a[1]) && op_as_int(a[1], &maxl) < 0) return val_null();
  if (maxl < 0) return obj_raise(&exc_ValueError, "max_length must be non-negative");
  ObjBuffer b;
  if (view(a[0], &b) < 0) return val_null();
  Out o = {0};
  if (z->eof) {
    /* everything after the end of the stream is unused data */
    z->zs.next_in = (Bytef *)b.buf;
    z->zs.avail_in = (uInt)b.len;
    set_leftovers(z, 0);
    return bytes_new("", 0);
  }
  if (run(&z->zs, 1, b.buf, (size_t)b.len, Z_SYNC_FLUSH, &o, &z->eof, (size_t)maxl) < 0) {
    obj_mfree(o.s);
    return val_null();
  }
  Value empty = bytes_new("", 0);
  if (!z->eof) { val_decref(z->unconsumed_tail); z->unconsumed_tail = empty; }
  else val_decref(empty);
  set_leftovers(z, maxl > 0 && !z->eof);
  return out_bytes(&o);
}

static Value d_flush(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("flush", argc - 1, kw, 0, 1) < 0) return val_null();
  ZObj *z = ZO(argv[0]);
  ObjBuffer b;
  if (z->eof || bytes_view(z->unconsumed_tail, &b) < 0 || b.len == 0) {
    obj_err_clear();
    return bytes_new("", 0);
  }
  Out o = {0};
  if (run(&z->zs, 1, b.buf, (size_t)b.len, Z_FINISH, &o, &z->eof, 0) < 0) {
    obj_mfree(o.s);
    return val_null();
  }
  Value empty = bytes_new("", 0);
  val_decref(z->unconsumed_tail);
  z->unconsumed_tail = empty;
  set_leftovers(z, 0);
  return out_bytes(&o);
}

static Value g_eof(Value self) { return val_bool(ZO(self)->eof); }
static Value g_unused(Value self) { return val_incref(ZO(self)->unused_data); }
static Value g_tail(Value self) { return val_incref(ZO(self)->unconsumed_tail); }

static const MethodDef compress_methods[] = {
    {"compress", c_compress, "compress(data)\nCompressed data so far (may be empty).", 0},
    {"flush", c_flush, "flush(mode=zlib.Z_FINISH)\nThe rest of the compressed data.", 0},
    {NULL, NULL, NULL, 0}};
static const MethodDef decompress_methods[] = {
    {"decompress", d_decompress, "decompress(data, max_length=0)", 0},
    {"flush", d_flush, "flush(length=zlib.DEF_BUF_SIZE)", 0},
    {NULL, NULL, NULL, 0}};
static const GetSetDef decompress_getset[] = {
    {"eof", g_eof, NULL, "True once the end of the compressed stream was reached"},
    {"unused_data", g_unused, NULL, "bytes after the end of the compressed stream"},
    {"unconsumed_tail", g_tail, NULL, "input not yet decompressed because of max_length"},
    {NULL, NULL, NULL, NULL}};
static TypeObj compress_type = {OBJ_TYPE_HEAD, .name = "Compress", .dealloc = z_dealloc,
                                .methods = compress_methods};
static TypeObj decompress_type = {OBJ_TYPE_HEAD, .name = "Decompress", .dealloc = z_dealloc,
                                  .methods = decompress_methods, .getset = decompress_getset};

static const MethodDef zlib_functions[] = {
    {"compress", z_compress, "compress(data, /, level=-1, wbits=15)\nCompress data in one go.", 0},
    {"decompress", z_decompress, "decompress(data, /, wbits=15, bufsize=16384)\nDecompress data in one go.", 0},
    {"crc32", z_crc32, "crc32(data, value=0)\nThe CRC-32 checksum of data, continuing from value.", 0},
    {"adler32", z_adler32, "adler32(data, value=1)\nThe Adler-32 checksum of data, continuing from value.", 0},
    {"compressobj", z_compressobj, "compressobj(level=-1, method=8, wbits=15, memLevel=8, strategy=0)", 0},
    {"decompressobj", z_decompressobj, "decompressobj(wbits=15)", 0},
    {NULL, NULL, NULL, 0}};

int modinit_zlib(Value m) {
  if (!zlib_error) {
    Value bases = tuple_pack(1, val_obj(&exc_Exception.ob));
    Value ns = dict_new();
    if (VAL_IS_NULL(bases) || VAL_IS_NULL(ns)) { val_decref(bases); val_decref(ns); return -1; }
    dict_setstr(ns, "__module__", val_obj(str_intern("zlib")));
    Value cls = class_new(str_intern("error"), bases, ns, NULL);
    val_decref(bases);
    val_decref(ns);
    if (VAL_IS_NULL(cls)) return -1;
    zlib_error = (TypeObj *)cls.u.o;   /* kept for the life of the process */
  }
  if (type_ready(&compress_type) < 0 || type_ready(&decompress_type) < 0) return -1;
  if (module_add_functions(m, zlib_functions) < 0) return -1;
  if (module_add(m, "error", val_obj(&zlib_error->ob)) < 0) return -1;
  static const struct { const char *n; int64_t v; } consts[] = {
      {"MAX_WBITS", MAX_WBITS}, {"DEFLATED", Z_DEFLATED}, {"DEF_MEM_LEVEL", 8},
      {"DEF_BUF_SIZE", 16384}, {"Z_NO_COMPRESSION", Z_NO_COMPRESSION},
      {"Z_BEST_SPEED", Z_BEST_SPEED}, {"Z_BEST_COMPRESSION", Z_BEST_COMPRESSION},
      {"Z_DEFAULT_COMPRESSION", Z_DEFAULT_COMPRESSION}, {"Z_FILTERED", Z_FILTERED},
      {"Z_HUFFMAN_ONLY", Z_HUFFMAN_ONLY}, {"Z_RLE", Z_RLE}, {"Z_FIXED", Z_FIXED},
      {"Z_DEFAULT_STRATEGY", Z_DEFAULT_STRATEGY}, {"Z_NO_FLUSH", Z_NO_FLUSH},
      {"Z_PARTIAL_FLUSH", Z_PARTIAL_FLUSH}, {"Z_SYNC_FLUSH", Z_SYNC_FLUSH},
      {"Z_FULL_FLUSH", Z_FULL_FLUSH}, {"Z_FINISH", Z_FINISH}, {"Z_BLOCK", Z_BLOCK},
      {"Z_TREES", Z_TREES}};
  for (size_t i = 0; i < sizeof consts / sizeof *consts; i++)
    if (module_add(m, consts[i].n, val_int(consts[i].v)) < 0) return -1;
  Value ver = str_from_cstr(ZLIB_VERSION), rver = str_from_cstr(zlibVersion());
  int r = VAL_IS_NULL(ver) || VAL_IS_NULL(rver) ? -1
          : (module_add(m, "ZLIB_VERSION", ver) < 0 || module_add(m, "ZLIB_RUNTIME_VERSION", rver) < 0) ? -1 : 0;
  val_decref(ver);
  val_decref(rver);
  return r;
}
