/* mod_hashlib.c - the _hashlib module behind hashlib and hmac (lang/prelude): digests through
 * OpenSSL's EVP API, loaded with dlopen on first use so start-up never pays for libcrypto. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "core/core.h"
#include "core/modtable.h"
#include "mod_hashlib.h"

/* ---- libcrypto, resolved on first use --------------------------------------------------- */
typedef struct EvpMd EvpMd;     /* OpenSSL's EVP_MD and EVP_MD_CTX, opaque here */
typedef struct EvpCtx EvpCtx;
static struct {
  const EvpMd *(*get_digestbyname)(const char *);
  EvpCtx *(*ctx_new)(void);
  void (*ctx_free)(EvpCtx *);
  int (*init)(EvpCtx *, const EvpMd *, void *);
  int (*update)(EvpCtx *, const void *, size_t);
  int (*final)(EvpCtx *, unsigned char *, unsigned int *);
  int (*final_xof)(EvpCtx *, unsigned char *, size_t);
  int (*copy)(EvpCtx *, const EvpCtx *);
  int (*md_size)(const EvpMd *);
  int (*md_block_size)(const EvpMd *);
  int (*pbkdf2)(const char *, int, const unsigned char *, int, int, const EvpMd *, int, unsigned char *);
} ossl;
static pthread_once_t ossl_once = PTHREAD_ONCE_INIT;
static int ossl_ok;
static char ossl_why[320];

static void ossl_load(void) {
  static const char *names[] = {"libcrypto.so.3", "libcrypto.so", NULL};
  void *h = NULL;
  for (const char **n = names; *n && !h; n++) h = dlopen(*n, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    const char *e = dlerror();
    snprintf(ossl_why, sizeof ossl_why, "%s", e ? e : "libcrypto not found");
    return;
  }
  static const struct { const char *sym; size_t off; } syms[] = {
#define S(name, field) {name, offsetof(__typeof__(ossl), field)}
      S("EVP_get_digestbyname", get_digestbyname), S("EVP_MD_CTX_new", ctx_new),
      S("EVP_MD_CTX_free", ctx_free), S("EVP_DigestInit_ex", init), S("EVP_DigestUpdate", update),
      S("EVP_DigestFinal_ex", final), S("EVP_DigestFinalXOF", final_xof),
      S("EVP_MD_CTX_copy_ex", copy), S("EVP_MD_get_size", md_size),
      S("EVP_MD_get_block_size", md_block_size), S("PKCS5_PBKDF2_HMAC", pbkdf2),
#undef S
  };
  for (size_t i = 0; i < sizeof syms / sizeof *syms; i++) {
    void *p = dlsym(h, syms[i].sym);
    if (!p) {
      snprintf(ossl_why, sizeof ossl_why, "libcrypto has no symbol %s", syms[i].sym);
      return;
    }
    memcpy((char *)&ossl + syms[i].off, &p, sizeof p);   /* void * to function pointer */
  }
  ossl_ok = 1;
}
static int ossl_ready(void) {
  pthread_once(&ossl_once, ossl_load);
  return ossl_ok;
}

/* CPython's names and OpenSSL's; the first ones are algorithms_guaranteed (with blake2) */
static const struct { const char *py, *ssl; int guaranteed; } algos[] = {
    {"md5", "MD5", 1}, {"sha1", "SHA1", 1}, {"sha224", "SHA224", 1}, {"sha256", "SHA256", 1},
    {"sha384", "SHA384", 1}, {"sha512", "SHA512", 1}, {"sha3_224", "SHA3-224", 1},
    {"sha3_256", "SHA3-256", 1}, {"sha3_384", "SHA3-384", 1}, {"sha3_512", "SHA3-512", 1},
    {"shake_128", "SHAKE128", 1}, {"shake_256", "SHAKE256", 1}, {"sha512_224", "SHA512-224", 0},
    {"sha512_256", "SHA512-256", 0}, {"md5-sha1", "MD5-SHA1", 0}, {"ripemd160", "RIPEMD160", 0},
    {"sm3", "SM3", 0},
};
#define NALGOS (sizeof algos / sizeof *algos)

static int name_eq(const char *a, const char *b) {   /* case-insensitive, '_' == '-' */
  for (; *a && *b; a++, b++) {
    int x = *a >= 'A' && *a <= 'Z' ? *a + 32 : *a, y = *b >= 'A' && *b <= 'Z' ? *b + 32 : *b;
    if (x == '_') x = '-';
    if (y == '_') y = '-';
    if (x != y) return 0;
  }
  return *a == *b;
}

/* the algorithm index of a name, or -1 */
static int algo_find(const char *name) {
  for (size_t i = 0; i < NALGOS; i++)
    if (name_eq(name, algos[i].py) || name_eq(name, algos[i].ssl)) return (int)i;
  return -1;
}
static const EvpMd *algo_md(int i) {
  if (i < 0 || !ossl_ready()) return NULL;
  return ossl.get_digestbyname(algos[i].ssl);
}

/* ---- the HASH object -------------------------------------------------------------------- */
typedef struct HashObj {
  Obj ob;
  int algo;          /* index into algos, or -1 (blake2b) / -2 (blake2s) */
  int xof;           /* shake: digest(length) */
  EvpCtx *ctx;
  Blake2 b2;
} HashObj;
static TypeObj hash_type;
#define HO(v) ((HashObj *)(v).u.o)

static void hash_dealloc(Obj *o) {
  HashObj *h = (HashObj *)o;
  if (h->ctx) ossl.ctx_free(h->ctx);
  obj_free(o);
}

static const char *hash_name(const HashObj *h) {
  if (h->algo >= 0 && h->algo < (int)NALGOS) return algos[h->algo].py;
  return h->algo == -1 ? "blake2b" : "blake2s";
}

static int feed(HashObj *h, Value data) {
  if (VAL_IS_STR(data)) {
    obj_raise(&exc_TypeError, "Strings must be encoded before hashing");
    return -1;
  }
  ObjBuffer b;
  if (bytes_view(data, &b) < 0) {
    if (obj_err_matches(&exc_TypeError)) {
      obj_err_clear();
      obj_raise(&exc_TypeError, "object supporting the buffer API required");
    }
    return -1;
  }
  if (h->algo < 0) { hashlib_blake2_update(&h->b2, b.buf, (size_t)b.len); return 0; }
  if (!ossl.update(h->ctx, b.buf, (size_t)b.len)) { obj_raise(&exc_ValueError, "digest update failed"); return -1; }
  return 0;
}

static HashObj *hash_alloc(int algo) {
  HashObj *h = obj_alloc(&hash_type, sizeof(HashObj));
  if (!h) return NULL;
  h->algo = algo;
  return h;
}

/* a new OpenSSL-backed hash of algorithm i, fed data (or V_NULL) */
static Value evp_new(int i, Value data, const char *asked) {
  const EvpMd *md = algo_md(i);
  if (!md) {
    if (i >= 0 && !ossl_ok) return obj_raise(&exc_ValueError, "unsupported hash type %s (%s)", asked, ossl_why);
    return obj_raise(&exc_ValueError, "unsupported hash type %s", asked);
  }
  HashObj *h = hash_alloc(i);
  if (!h) return val_null();
  h->xof = strncmp(algos[i].py, "shake", 5) == 0;
  Value r = val_obj(&h->ob);
  if (!(h->ctx = ossl.ctx_new()) || !ossl.init(h->ctx, md, NULL)) {
    val_decref(r);
    return obj_raise(&exc_ValueError, "unsupported hash type %s", asked);
  }
  if (!VAL_IS_NULL(data) && feed(h, data) < 0) { val_decref(r); return val_null(); }
  return r;
}

static Value h_update(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("update", argc - 1, kw, 1, 1) < 0) return val_null();
  if (feed(HO(argv[0]), argv[1]) < 0) return val_null();
  return val_none();
}

/* the digest into out (up to n bytes for shake); returns its length or -1 */
static int64_t do_digest(HashObj *h, unsigned char *out, size_t n) {
  if (h->algo < 0) { hashlib_blake2_final(&h->b2, out); return h->b2.outlen; }
  EvpCtx *c = ossl.ctx_new();
  if (!c) { obj_raise_nomem(); return -1; }
  int ok = ossl.copy(c, h->ctx);
  unsigned int len = 0;
  if (ok) ok = h->xof ? ossl.final_xof(c, out, n) : ossl.final(c, out, &len);
  ossl.ctx_free(c);
  if (!ok) { obj_raise(&exc_ValueError, "digest failed"); return -1; }
  return h->xof ? (int64_t)n : (int64_t)len;
}

static Value digest_impl(const char *fname, int argc, const Value *argv, Obj *kw, int hex) {
  HashObj *h = HO(argv[0]);
  unsigned char small[128], *buf = small;
  size_t n = sizeof small;
  if (h->xof) {
    Value a[1];
    if (func_parse_args(fname, argc - 1, argv + 1, kw, "length", a) < 0) return val_null();
    int64_t len;
    if (op_as_int(a[0], &len) < 0) return val_null();
    if (len < 0) return obj_raise(&exc_ValueError, "length must be non-negative");   /* CPython: SystemError */
    if (len == 0) return hex ? str_from_cstr("") : bytes_new("", 0);
    if ((uint64_t)len > sizeof small) {
      if (!(buf = obj_malloc((size_t)len))) return val_null();
    }
    n = (size_t)len;
  } else if (func_check_args(fname, argc - 1, kw, 0, 0) < 0) {
    return val_null();
  }
  int64_t len = do_digest(h, buf, n);
  Value r = val_null();
  if (len >= 0) {
    if (!hex) {
      r = bytes_new((const char *)buf, (size_t)len);
    } else {
      char *s = obj_malloc(2 * (size_t)len + 1);
      if (s) {
        static const char hx[] = "0123456789abcdef";
        for (int64_t i = 0; i < len; i++) { s[2 * i] = hx[buf[i] >> 4]; s[2 * i + 1] = hx[buf[i] & 15]; }
        r = str_new(s, 2 * (size_t)len);
        obj_mfree(s);
      }
    }
  }
  if (buf != small) obj_mfree(buf);
  return r;
}
static Value h_digest(int argc, const Value *argv, Obj *kw) { return digest_impl("digest", argc, argv, kw, 0); }
static Value h_hexdigest(int argc, const Value *argv, Obj *kw) { return digest_impl("hexdigest", argc, argv, kw, 1); }

static Value h_copy(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("copy", argc - 1, kw, 0, 0) < 0) return val_null();
  HashObj *h = HO(argv[0]);
  HashObj *c = hash_alloc(h->algo);
  if (!c) return val_null();
  c->xof = h->xof;
  c->b2 = h->b2;
  Value r = val_obj(&c->ob);
  if (h->algo >= 0 && (!(c->ctx = ossl.ctx_new()) || !ossl.copy(c->ctx, h->ctx))) {
    val_decref(r);
    return obj_raise(&exc_ValueError, "copy failed");
  }
  return r;
}

static Value h_get_name(Value self) { return str_from_cstr(hash_name(HO(self))); }
static Value h_get_digest_size(Value self) {
  HashObj *h = HO(self);
  if (h->algo < 0) return val_int(h->b2.outlen);
  return val_int(h->xof ? 0 : ossl.md_size(algo_md(h->algo)));
}
static Value h_get_block_size(Value self) {
  HashObj *h = HO(self);
  if (h->algo < 0) return val_int(h->algo == -1 ? 128 : 64);
  return val_int(ossl.md_block_size(algo_md(h->algo)));
}
static Value hash_repr(Value self) {
  HashObj *h = HO(self);
  const char *tn = h->algo < 0 ? hash_name(h) : h->xof ? "_hashlib.HASHXOF" : "_hashlib.HASH";
  if (h->algo < 0) return str_fmt("<_blake2.%s object at %p>", tn, (void *)h);
  return str_fmt("<%s %s object @ %p>", hash_name(h), tn, (void *)h);
}

static const MethodDef hash_methods[] = {
    {"update", h_update, "update(obj, /)\nUpdate this hash object's state with the provided string.", 0},
    {"digest", h_digest, "digest()\nReturn the digest value as a bytes object.", 0},
    {"hexdigest", h_hexdigest, "hexdigest()\nReturn the digest value as a string of hexadecimal digits.", 0},
    {"copy", h_copy, "copy()\nReturn a copy of the hash object.", 0},
    {NULL},
};
static const GetSetDef hash_getset[] = {
    {"name", h_get_name, NULL, "the algorithm's name"},
    {"digest_size", h_get_digest_size, NULL, "the digest's size in bytes"},
    {"block_size", h_get_block_size, NULL, "the internal block size in bytes"},
    {NULL},
};
static TypeObj hash_type = {OBJ_TYPE_HEAD, .name = "HASH", .dealloc = hash_dealloc, .repr = hash_repr,
                            .methods = hash_methods, .getset = hash_getset};

/* ---- constructors ----------------------------------------------------------------------- */
static Value hl_new(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("new", argc, argv, kw, "name|data,$usedforsecurity", a) < 0) return val_null();
  if (!VAL_IS_STR(a[0])) return obj_raise(&exc_TypeError, "new() argument 'name' must be str, not %s", op_type(a[0])->name);
  const char *name = str_cstr(a[0]);
  if (name_eq(name, "blake2b") || name_eq(name, "blake2s")) {
    HashObj *h = hash_alloc(name_eq(name, "blake2b") ? -1 : -2);
    if (!h) return val_null();
    int big = h->algo == -1;
    hashlib_blake2_init(&h->b2, big, big ? 64 : 32, NULL, 0, NULL, 0, NULL, 0);
    Value r = val_obj(&h->ob);
    if (!VAL_IS_NULL(a[1]) && feed(h, a[1]) < 0) { val_decref(r); return val_null(); }
    return r;
  }
  return evp_new(algo_find(name), a[1], name);
}

/* openssl_md5(data=b'', *, usedforsecurity=True) and the others: one function per algorithm,
 * its index in the data pointer */
static Value hl_named(void *data, int argc, const Value *argv, Obj *kw) {
  int i = (int)(intptr_t)data;
  Value a[3];
  if (func_parse_args(algos[i].py, argc, argv, kw, "|data,$usedforsecurity,string", a) < 0) return val_null();
  Value d = a[0];
  if (!VAL_IS_NULL(a[2])) {
    if (!VAL_IS_NULL(d)) return obj_raise(&exc_TypeError, "'data' and 'string' are mutually exclusive and support for 'string' keyword parameter is slated for removal in a future version.");
    d = a[2];
  }
  return evp_new(i, d, algos[i].py);
}

static Value blake2_impl(int big, int argc, const Value *argv, Obj *kw) {
  const char *fname = big ? "blake2b" : "blake2s";
  Value a[14];
  if (func_parse_args(fname, argc, argv, kw,
                      "|data,$digest_size,key,salt,person,fanout,depth,leaf_size,node_offset,node_depth,inner_size,last_node,usedforsecurity,string",
                      a) < 0)
    return val_null();
  int maxd = big ? 64 : 32, maxsalt = big ? 16 : 8;
  int64_t ds = maxd;
  if (!VAL_IS_NULL(a[1]) && op_as_int(a[1], &ds) < 0) return val_null();
  if (ds < 1 || ds > maxd) return obj_raise(&exc_ValueError, "digest_size must be between 1 and %d bytes", maxd);
  ObjBuffer kb = {0}, sb = {0}, pb = {0};
  if (!VAL_IS_NULL(a[2]) && bytes_view(a[2], &kb) < 0) return val_null();
  if (!VAL_IS_NULL(a[3]) && bytes_view(a[3], &sb) < 0) return val_null();
  if (!VAL_IS_NULL(a[4]) && bytes_view(a[4], &pb) < 0) return val_null();
  if (kb.len > maxd) return obj_raise(&exc_ValueError, "maximum key length is %d bytes", maxd);
  if (sb.len > maxsalt) return obj_raise(&exc_ValueError, "maximum salt length is %d bytes", maxsalt);
  if (pb.len > maxsalt) return obj_raise(&exc_ValueError, "maximum person length is %d bytes", maxsalt);
  /* the tree-hashing parameters other than their defaults are not supported */
  static const int64_t defaults[] = {1, 1, 0, 0, 0, 0};
  for (int i = 0; i < 6; i++) {
    int64_t v;
    if (VAL_IS_NULL(a[5 + i])) continue;
    if (op_as_int(a[5 + i], &v) < 0) return val_null();
    if (v != defaults[i]) return obj_raise(&exc_ValueError, "%s: tree hashing parameters are not supported in Sable", fname);
  }
  if (!VAL_IS_NULL(a[11])) {
    int t = op_truth(a[11]);
    if (t < 0) return val_null();
    if (t) return obj_raise(&exc_ValueError, "%s: tree hashing parameters are not supported in Sable", fname);
  }
  HashObj *h = hash_alloc(big ? -1 : -2);
  if (!h) return val_null();
  hashlib_blake2_init(&h->b2, big, (int)ds, kb.buf, (size_t)kb.len, sb.buf, (size_t)sb.len, pb.buf, (size_t)pb.len);
  Value r = val_obj(&h->ob);
  Value d = !VAL_IS_NULL(a[0]) ? a[0] : a[13];
  if (!VAL_IS_NULL(d) && feed(h, d) < 0) { val_decref(r); return val_null(); }
  return r;
}
static Value hl_blake2b(int argc, const Value *argv, Obj *kw) { return blake2_impl(1, argc, argv, kw); }
static Value hl_blake2s(int argc, const Value *argv, Obj *kw) { return blake2_impl(0, argc, argv, kw); }

static Value hl_pbkdf2(int argc, const Value *argv, Obj *kw) {
  Value a[5];
  if (func_parse_args("pbkdf2_hmac", argc, argv, kw, "hash_name,password,salt,iterations|dklen", a) < 0) return val_null();
  if (!VAL_IS_STR(a[0])) return obj_raise(&exc_TypeError, "pbkdf2_hmac() argument 'hash_name' must be str, not %s", op_type(a[0])->name);
  ObjBuffer pw, salt;
  if (bytes_view(a[1], &pw) < 0 || bytes_view(a[2], &salt) < 0) return val_null();
  int64_t iters, dklen;
  if (op_as_int(a[3], &iters) < 0) return val_null();
  if (iters < 1) return obj_raise(&exc_ValueError, "iteration value must be greater than 0.");
  if (iters > 0x7fffffff) return obj_raise(&exc_OverflowError, "iteration value is too great.");
  const char *name = str_cstr(a[0]);
  const EvpMd *md = algo_md(algo_find(name));
  if (!md) return obj_raise(&exc_ValueError, "unsupported hash type %s", name);
  if (VAL_IS_NULL(a[4]) || VAL_IS_NONE(a[4])) dklen = ossl.md_size(md);
  else if (op_as_int(a[4], &dklen) < 0) return val_null();
  if (dklen < 1) return obj_raise(&exc_ValueError, "key length must be greater than 0.");
  if (dklen > 0x7fffffff) return obj_raise(&exc_OverflowError, "key length is too great.");
  if (pw.len > 0x7fffffff || salt.len > 0x7fffffff) return obj_raise(&exc_OverflowError, "password or salt is too long.");
  char *out;
  Value r = bytes_alloc((size_t)dklen, &out);
  if (VAL_IS_NULL(r)) return r;
  if (!ossl.pbkdf2(pw.buf, (int)pw.len, salt.buf, (int)salt.len, (int)iters, md, (int)dklen, (unsigned char *)out)) {
    val_decref(r);
    return obj_raise(&exc_ValueError, "pbkdf2_hmac failed");
  }
  return r;
}

/* hmac.compare_digest: the time taken depends on the length only, not on where they differ */
static Value hl_compare_digest(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("compare_digest", argc, kw, 2, 2) < 0) return val_null();
  Value x = argv[0], y = argv[1];
  const unsigned char *p, *q;
  size_t n, m;
  if (VAL_IS_STR(x) && VAL_IS_STR(y)) {
    if (!STR(x.u.o)->ascii || !STR(y.u.o)->ascii)
      return obj_raise(&exc_TypeError, "comparing strings with non-ASCII characters is not supported");
    p = (const unsigned char *)STR(x.u.o)->s, n = STR(x.u.o)->len;
    q = (const unsigned char *)STR(y.u.o)->s, m = STR(y.u.o)->len;
  } else {
    ObjBuffer b1, b2;
    if (VAL_IS_STR(x) || VAL_IS_STR(y) || bytes_view(x, &b1) < 0 || bytes_view(y, &b2) < 0) {
      obj_err_clear();
      return obj_raise(&exc_TypeError, "unsupported operand types(s) or combination of types: '%s' and '%s'",
                       op_type(x)->name, op_type(y)->name);
    }
    p = b1.buf, n = (size_t)b1.len, q = b2.buf, m = (size_t)b2.len;
  }
  /* as CPython: compare against the second operand's length throughout */
  const unsigned char *left = n == m ? p : q;
  unsigned result = n == m ? 0 : 1;
  for (size_t i = 0; i < m; i++) result |= (unsigned)(left[i] ^ q[i]);
  return val_bool(result == 0);
}

static const MethodDef hashlib_functions[] = {
    {"new", hl_new, "new(name, data=b'', *, usedforsecurity=True)\nReturn a new hash object using the named algorithm.", 0},
    {"blake2b", hl_blake2b, "blake2b(data=b'', *, digest_size=64, key=b'', salt=b'', person=b'', ...)\nReturn a new BLAKE2b hash object.", 0},
    {"blake2s", hl_blake2s, "blake2s(data=b'', *, digest_size=32, key=b'', salt=b'', person=b'', ...)\nReturn a new BLAKE2s hash object.", 0},
    {"pbkdf2_hmac", hl_pbkdf2, "pbkdf2_hmac(hash_name, password, salt, iterations, dklen=None)\nPassword based key derivation function 2 (PKCS #5 v2.0) with HMAC as pseudorandom function.", 0},
    {"compare_digest", hl_compare_digest, "compare_digest(a, b, /)\nReturn 'a == b', in time independent of where they differ.", 0},
    {NULL},
};

/* the set of names; guaranteed: only those every build has */
static Value name_set(int guaranteed) {
  Value s = set_new();
  if (VAL_IS_NULL(s)) return s;
  for (size_t i = 0; i < NALGOS; i++) {
    if (guaranteed ? !algos[i].guaranteed : !algo_md((int)i)) continue;
    if (set_add(s, val_obj(str_intern(algos[i].py))) < 0) { val_decref(s); return val_null(); }
  }
  if (set_add(s, val_obj(str_intern("blake2b"))) < 0 || set_add(s, val_obj(str_intern("blake2s"))) < 0) {
    val_decref(s);
    return val_null();
  }
  return s;
}

int modinit__hashlib(Value m) {
  if (type_ready(&hash_type) < 0) return -1;
  if (module_add_functions(m, hashlib_functions) < 0) return -1;
  if (module_add(m, "HASH", val_obj(&hash_type.ob)) < 0) return -1;
  for (size_t i = 0; i < NALGOS; i++) {
    char nm[48];
    snprintf(nm, sizeof nm, "openssl_%s", algos[i].py);
    for (char *c = nm; *c; c++) if (*c == '-') *c = '_';
    Value f = func_builtin_data_new(STR(str_intern(nm))->s, hl_named, (void *)(intptr_t)i,
                                    "Return a new hash object of this algorithm, fed data.");
    if (VAL_IS_NULL(f)) return -1;
    int r = module_add(m, nm, f);
    val_decref(f);
    if (r < 0) return -1;
  }
  /* algorithms_available probes libcrypto, so importing hashlib loads it (start-up does not) */
  Value av = name_set(0), gu = name_set(1);
  int r = VAL_IS_NULL(av) || VAL_IS_NULL(gu) ? -1
          : (module_add(m, "algorithms_available", av) < 0 || module_add(m, "algorithms_guaranteed", gu) < 0) ? -1 : 0;
  val_decref(av);
  val_decref(gu);
  return r;
}
