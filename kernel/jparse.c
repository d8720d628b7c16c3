/* jparse.c - a strict JSON parser for the parts of incoming messages, building jansson values.
 * jansson's own parser reads a byte at a time through several calls and took a fifth of a
 * short cell's CPU time; this one accepts what json_loadb(..., JSON_ALLOW_NUL) accepts and
 * builds equal values (tests/unit/test_kernel.c compares the two on many inputs), except that
 * jansson skips a NUL byte right after a number or a literal, which is refused here. */
#include "wire.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 2048   /* jansson's JSON_PARSER_MAX_DEPTH */

typedef struct parser {
  const unsigned char *p, *end;
  int depth;
  const char *err;
} parser;

static json_t *value(parser *ps);

static json_t *fail(parser *ps, const char *why) {
  if (!ps->err) ps->err = why;
  return NULL;
}

static void skip_ws(parser *ps) {
  while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r'))
    ps->p++;
}

/* Length of the valid UTF-8 sequence at p (no overlongs, surrogates or code points above
 * U+10FFFF), or 0. */
static size_t utf8_len(const unsigned char *p, const unsigned char *end) {
  unsigned c = p[0];
  size_t n;
  unsigned cp;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) { n = 2; cp = c & 0x1F; }
  else if (c >= 0xE0 && c <= 0xEF) { n = 3; cp = c & 0x0F; }
  else if (c >= 0xF0 && c <= 0xF4) { n = 4; cp = c & 0x07; }
  else return 0;
  if ((size_t)(end - p) < n) return 0;
  for (size_t i = 1; i < n; i++) {
    if ((p[i] & 0xC0) != 0x80) return 0;
    cp = cp << 6 | (p[i] & 0x3F);
  }
  if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10FFFF ||
      (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  return n;
}

static int hex4(const unsigned char *p, unsigned *out) {
  unsigned v = 0;
  for (int i = 0; i < 4; i++) {
    unsigned c = p[i], d;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
    else return -1;
    v = v << 4 | d;
  }
  *out = v;
  return 0;
}

static size_t put_utf8(char *o, unsigned cp) {
  if (cp < 0x80) { o[0] = (char)cp; return 1; }
  if (cp < 0x800) {
    o[0] = (char)(0xC0 | cp >> 6);
    o[1] = (char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    o[0] = (char)(0xE0 | cp >> 12);
    o[1] = (char)(0x80 | (cp >> 6 & 0x3F));
    o[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
  }
  o[0] = (char)(0xF0 | cp >> 18);
  o[1] = (char)(0x80 | (cp >> 12 & 0x3F));
  o[2] = (char)(0x80 | (cp >> 6 & 0x3F));
  o[3] = (char)(0x80 | (cp & 0x3F));
  return 4;
}

/* A string after its opening quote. Returns 0 with its bytes in *s (pointing into the input
 * when it has no escapes, else into *buf, which the caller frees) and length *n; -1 on error. */
static int string(parser *ps, const char **s, size_t *n, char **buf) {
  const unsigned char *start = ps->p;
  *buf = NULL;
  /* fast path: no escapes */
  while (ps->p < ps->end) {
    unsigned c = *ps->p;
    if (c == '"') {
      *s = (const char *)start;
      *n = (size_t)(ps->p - start);
      ps->p++;
      return 0;
    }
    if (c == '\\') break;
    if (c < 0x20) return fail(ps, "control character in a string"), -1;
    if (c < 0x80) { ps->p++; continue; }
    size_t l = utf8_len(ps->p, ps->end);
    if (!l) return fail(ps, "invalid UTF-8 in a string"), -1;
    ps->p += l;
  }
  if (ps->p >= ps->end) return fail(ps, "unterminated string"), -1;
  /* escapes: decoding never makes the text longer */
  char *out = malloc((size_t)(ps->end - start) + 1);
  if (!out) return fail(ps, "out of memory"), -1;
  size_t o = (size_t)(ps->p - start);
  memcpy(out, start, o);
  while (ps->p < ps->end) {
    unsigned c = *ps->p;
    if (c == '"') {
      ps->p++;
      *s = out;
      *n = o;
      *buf = out;
      return 0;
    }
    if (c < 0x20) { free(out); return fail(ps, "control character in a string"), -1; }
    if (c >= 0x80) {
      size_t l = utf8_len(ps->p, ps->end);
      if (!l) { free(out); return fail(ps, "invalid UTF-8 in a string"), -1; }
      memcpy(out + o, ps->p, l);
      o += l;
      ps->p += l;
      continue;
    }
    if (c != '\\') { out[o++] = (char)c; ps->p++; continue; }
    if (ps->end - ps->p < 2) break;
    unsigned e = ps->p[1];
    ps->p += 2;
    switch (e) {
      case '"': out[o++] = '"'; break;
      case '\\': out[o++] = '\\'; break;
      case '/': out[o++] = '/'; break;
      case 'b': out[o++] = '\b'; break;
      case 'f': out[o++] = '\f'; break;
      case 'n': out[o++] = '\n'; break;
      case 'r': out[o++] = '\r'; break;
      case 't': out[o++] = '\t'; break;
      case 'u': {
        unsigned cp, lo;
        if (ps->end - ps->p < 4 || hex4(ps->p, &cp) < 0) {
          free(out);
          return fail(ps, "invalid \\u escape"), -1;
        }
        ps->p += 4;
        if (cp >= 0xDC00 && cp <= 0xDFFF) { free(out); return fail(ps, "lone low surrogate"), -1; }
        if (cp >= 0xD800 && cp <= 0xDBFF) {
          if (ps->end - ps->p < 6 || ps->p[0] != '\\' || ps->p[1] != 'u' || hex4(ps->p + 2, &lo) < 0 ||
              lo < 0xDC00 || lo > 0xDFFF) {
            free(out);
            return fail(ps, "invalid surrogate pair"), -1;
          }
          ps->p += 6;
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        }
        o += put_utf8(out + o, cp);
        break;
      }
      default: free(out); return fail(ps, "invalid escape"), -1;
    }
  }
  free(out);
  return fail(ps, "unterminated string"), -1;
}

/* strtod follows LC_NUMERIC; JSON's decimal point is always '.' */
static locale_t c_loc;
static pthread_once_t c_loc_once = PTHREAD_ONCE_INIT;
static void make_c_locale(void) { c_loc = newlocale(LC_ALL_MASK, "C", (locale_t)0); }

static locale_t c_locale(void) {
  pthread_once(&c_loc_once, make_c_locale);
  return c_loc;
}

static json_t *number(parser *ps) {
  const unsigned char *a = ps->p, *q = ps->p;
  int real = 0;
  if (q < ps->end && *q == '-') q++;
  if (q >= ps->end) return fail(ps, "invalid number");
  if (*q == '0') q++;
  else if (*q >= '1' && *q <= '9') while (q < ps->end && *q >= '0' && *q <= '9') q++;
  else return fail(ps, "invalid number");
  if (q < ps->end && *q == '.') {
    real = 1;
    q++;
    if (q >= ps->end || *q < '0' || *q > '9') return fail(ps, "invalid number");
    while (q < ps->end && *q >= '0' && *q <= '9') q++;
  }
  if (q < ps->end && (*q == 'e' || *q == 'E')) {
    real = 1;
    q++;
    if (q < ps->end && (*q == '+' || *q == '-')) q++;
    if (q >= ps->end || *q < '0' || *q > '9') return fail(ps, "invalid number");
    while (q < ps->end && *q >= '0' && *q <= '9') q++;
  }
  /* jansson reads "01" as an invalid token, not as 0 followed by 1 */
  if (q < ps->end && *q >= '0' && *q <= '9') return fail(ps, "invalid number");
  size_t n = (size_t)(q - a);
  char small[64], *txt = n < sizeof small ? small : malloc(n + 1);
  if (!txt) return fail(ps, "out of memory");
  memcpy(txt, a, n);
  txt[n] = 0;
  ps->p = q;
  json_t *v = NULL;
  errno = 0;
  if (!real) {
    long long x = strtoll(txt, NULL, 10);
    if (errno == ERANGE) fail(ps, "integer out of range");
    else v = json_integer((json_int_t)x);
  } else {
    locale_t loc = c_locale();
    double d = loc ? strtod_l(txt, NULL, loc) : strtod(txt, NULL);
    if ((d == HUGE_VAL || d == -HUGE_VAL) && errno == ERANGE) fail(ps, "real number overflow");
    else v = json_real(d);
  }
  if (txt != small) free(txt);
  if (!v) return fail(ps, "out of memory");
  return v;
}

static int literal(parser *ps, const char *word) {
  size_t n = strlen(word);
  if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0) return 0;
  ps->p += n;
  return 1;
}

static json_t *object(parser *ps) {
  json_t *obj = json_object();
  if (!obj) return fail(ps, "out of memory");
  skip_ws(ps);
  if (ps->p < ps->end && *ps->p == '}') { ps->p++; return obj; }
  for (;;) {
    skip_ws(ps);
    if (ps->p >= ps->end || *ps->p != '"') { json_decref(obj); return fail(ps, "string or '}' expected"); }
    ps->p++;
    const char *k;
    size_t kn;
    char *kbuf;
    if (string(ps, &k, &kn, &kbuf) < 0) { json_decref(obj); return NULL; }
    if (memchr(k, 0, kn)) {
      free(kbuf);
      json_decref(obj);
      return fail(ps, "NUL byte in an object key");
    }
    skip_ws(ps);
    if (ps->p >= ps->end || *ps->p != ':') { free(kbuf); json_decref(obj); return fail(ps, "':' expected"); }
    ps->p++;
    json_t *v = value(ps);
    if (!v || json_object_setn_new_nocheck(obj, k, kn, v) < 0) {
      free(kbuf);
      json_decref(obj);
      return fail(ps, "out of memory");
    }
    free(kbuf);
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == ',') { ps->p++; continue; }
    if (ps->p < ps->end && *ps->p == '}') { ps->p++; return obj; }
    json_decref(obj);
    return fail(ps, "',' or '}' expected");
  }
}

static json_t *array(parser *ps) {
  json_t *arr = json_array();
  if (!arr) return fail(ps, "out of memory");
  skip_ws(ps);
  if (ps->p < ps->end && *ps->p == ']') { ps->p++; return arr; }
  for (;;) {
    json_t *v = value(ps);
    if (!v || json_array_append_new(arr, v) < 0) { json_decref(arr); return fail(ps, "out of memory"); }
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == ',') { ps->p++; continue; }
    if (ps->p < ps->end && *ps->p == ']') { ps->p++; return arr; }
    json_decref(arr);
    return fail(ps, "',' or ']' expected");
  }
}

static json_t *value(parser *ps) {
  skip_ws(ps);
  if (ps->p >= ps->end) return fail(ps, "unexpected end of input");
  unsigned c = *ps->p;
  if (c == '{' || c == '[') {
    if (++ps->depth > MAX_DEPTH) return fail(ps, "nested too deeply");
    ps->p++;
    json_t *v = c == '{' ? object(ps) : array(ps);
    ps->depth--;
    return v;
  }
  if (c == '"') {
    ps->p++;
    const char *s;
    size_t n;
    char *buf;
    if (string(ps, &s, &n, &buf) < 0) return NULL;
    json_t *v = json_stringn_nocheck(s, n);
    free(buf);
    return v ? v : fail(ps, "out of memory");
  }
  if (c == '-' || (c >= '0' && c <= '9')) return number(ps);
  if (literal(ps, "true")) return json_true();
  if (literal(ps, "false")) return json_false();
  if (literal(ps, "null")) return json_null();
  return fail(ps, "invalid token");
}

json_t *krn_json_parse(const char *s, size_t n, const char **why) {
  parser ps = {(const unsigned char *)s, (const unsigned char *)s + n, 0, NULL};
  skip_ws(&ps);
  /* as jansson without JSON_DECODE_ANY: the text is an object or an array */
  if (ps.p >= ps.end || (*ps.p != '{' && *ps.p != '[')) {
    *why = "'[' or '{' expected";
    return NULL;
  }
  json_t *v = value(&ps);
  if (v) {
    skip_ws(&ps);
    if (ps.p != ps.end) {
      json_decref(v);
      v = NULL;
      ps.err = "end of file expected";
    }
  }
  if (!v) *why = ps.err ? ps.err : "invalid JSON";
  return v;
}
