/* num.c - the scalar types: None, bool, int (unboxed int64, big ints from bigint.c beyond),
 * float; their arithmetic with Python's semantics, hashes compatible with CPython's, parsing. */
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

#define HASH_BITS 61
#define HASH_MOD (((uint64_t)1 << HASH_BITS) - 1)

int64_t num_hash_int(int64_t i) {
  uint64_t a = i < 0 ? (uint64_t)0 - (uint64_t)i : (uint64_t)i;
  uint64_t h = a % HASH_MOD;
  int64_t r = i < 0 ? -(int64_t)h : (int64_t)h;
  return r == -1 ? -2 : r;
}

int64_t num_hash_double(double v) {
  if (!isfinite(v)) return isinf(v) ? (v > 0 ? 314159 : -314159) : 0;
  int e;
  double m = frexp(v, &e);
  int sign = 1;
  if (m < 0) { sign = -1; m = -m; }
  uint64_t x = 0, y;
  while (m) {
    x = ((x << 28) & HASH_MOD) | x >> (HASH_BITS - 28);
    m *= 268435456.0;
    e -= 28;
    y = (uint64_t)m;
    m -= (double)y;
    x += y;
    if (x >= HASH_MOD) x -= HASH_MOD;
  }
  e = e >= 0 ? e % HASH_BITS : HASH_BITS - 1 - ((-1 - e) % HASH_BITS);
  x = ((x << e) & HASH_MOD) | x >> (HASH_BITS - e);
  x = x * (uint64_t)(int64_t)sign;
  if (x == (uint64_t)-1) x = (uint64_t)-2;
  return (int64_t)x;
}

int64_t num_hash_bytes(const char *s, size_t n) {
  uint64_t h = 1469598103934665603ULL;
  for (size_t i = 0; i < n; i++) {
    h ^= (unsigned char)s[i];
    h *= 1099511628211ULL;
  }
  h ^= h >> 29;
  int64_t r = (int64_t)(h & 0x7fffffffffffffffULL);
  return r == -1 ? -2 : r;
}

/* ---- comparisons ---------------------------------------------------------------------- */
/* -1, 0, 1, or 2 when f is NaN */
static int cmp_int_float(int64_t i, double f) {
  if (isnan(f)) return 2;
  if (f >= 9223372036854775808.0) return -1;
  if (f < -9223372036854775808.0) return 1;
  double fl = floor(f);
  int64_t fi = (int64_t)fl;
  if (i < fi) return -1;
  if (i > fi) return 1;
  return f > fl ? -1 : 0;
}

static int cmp_result(int c, int op) {
  if (c == 2) return op == CMP_NOTEQ;
  switch (op) {
    case CMP_EQ: return c == 0;
    case CMP_NOTEQ: return c != 0;
    case CMP_LT: return c < 0;
    case CMP_LTE: return c <= 0;
    case CMP_GT: return c > 0;
    default: return c >= 0;
  }
}

int num_compare(Value a, Value b, int op) {
  int c;
  if (VAL_IS_INTLIKE(a)) {
    if (VAL_IS_INTLIKE(b)) c = a.u.i < b.u.i ? -1 : a.u.i > b.u.i;
    else if (VAL_IS_FLOAT(b)) c = cmp_int_float(a.u.i, b.u.f);
    else if (num_is_big(b)) c = num_big_cmp(a, b);
    else return -2;
  } else if (VAL_IS_FLOAT(a)) {
    if (VAL_IS_FLOAT(b)) {
      double x = a.u.f, y = b.u.f;
      c = (x != x || y != y) ? 2 : x < y ? -1 : x > y;
    } else if (VAL_IS_INTLIKE(b)) {
      c = cmp_int_float(b.u.i, a.u.f);
      if (c != 2) c = -c;
    } else if (num_is_big(b)) {
      c = num_big_cmp_float(b, a.u.f);
      if (c != 2) c = -c;
    } else {
      return -2;
    }
  } else if (num_is_big(a)) {
    if (num_is_int(b)) c = num_big_cmp(a, b);
    else if (VAL_IS_FLOAT(b)) c = num_big_cmp_float(a, b.u.f);
    else return -2;
  } else if (a.tag == V_NONE && b.tag == V_NONE) {
    if (op == CMP_EQ || op == CMP_NOTEQ) return op == CMP_EQ;
    return -2;
  } else {
    return -2;
  }
  return cmp_result(c, op);
}

/* ---- int arithmetic --------------------------------------------------------------------- */
static Value int_pow(int64_t a, int64_t b) {
  if (b < 0) {
    if (a == 0)
      return obj_raise(&exc_ZeroDivisionError, "0.0 cannot be raised to a negative power");
    return val_float(pow((double)a, (double)b));
  }
  int64_t r = 1, base = a, e = b;
  while (e) {
    if (e & 1) {
      if (__builtin_mul_overflow(r, base, &r)) return num_big_binary(OP_POW, val_int(a), val_int(b));
    }
    e >>= 1;
    if (e && __builtin_mul_overflow(base, base, &base))
      return num_big_binary(OP_POW, val_int(a), val_int(b));
  }
  return val_int(r);
}

static Value float_op(int op, double x, double y);

Value num_int_binary(int op, Value a, Value b) {
  op &= 0xff;
  if (!VAL_IS_INTLIKE(a) || !VAL_IS_INTLIKE(b)) {
    if (num_is_int(a) && num_is_int(b)) return num_big_binary(op, a, b);
    if ((VAL_IS_FLOAT(a) || num_is_int(a)) && (VAL_IS_FLOAT(b) || num_is_int(b))) {
      double x = a.u.f, y = b.u.f;
      if (!VAL_IS_FLOAT(a) && num_big_to_double(a, &x) < 0) return val_null();
      if (!VAL_IS_FLOAT(b) && num_big_to_double(b, &y) < 0) return val_null();
      return float_op(op, x, y);
    }
    return obj_notimpl();
  }
  int64_t x = a.u.i, y = b.u.i, r;
  switch (op) {
    case OP_ADD: if (__builtin_add_overflow(x, y, &r)) break; return val_int(r);
    case OP_SUB: if (__builtin_sub_overflow(x, y, &r)) break; return val_int(r);
    case OP_MULT: if (__builtin_mul_overflow(x, y, &r)) break; return val_int(r);
    case OP_DIV:
      if (y == 0) return obj_raise(&exc_ZeroDivisionError, "division by zero");
      if ((x < 0 ? -(uint64_t)x : (uint64_t)x) <= ((uint64_t)1 << 53) &&
          (y < 0 ? -(uint64_t)y : (uint64_t)y) <= ((uint64_t)1 << 53))
        return val_float((double)x / (double)y);
      break;   /* exactly rounded by bigint.c */
    case OP_FLOORDIV:
    case OP_MOD: {
      if (y == 0)
        return obj_raise(&exc_ZeroDivisionError, op == OP_MOD ? "integer modulo by zero"
                                                               : "integer division or modulo by zero");
      if (x == INT64_MIN && y == -1) {
        if (op == OP_MOD) return val_int(0);
        break;
      }
      int64_t q = x / y, m = x % y;
      if (m != 0 && ((m < 0) != (y < 0))) { q -= 1; m += y; }
      return val_int(op == OP_MOD ? m : q);
    }
    case OP_POW: return int_pow(x, y);
    case OP_LSHIFT:
      if (y < 0) return obj_raise(&exc_ValueError, "negative shift count");
      if (x == 0) return val_int(0);
      if (y >= 63) break;
      r = (int64_t)((uint64_t)x << y);
      if ((r >> y) != x) break;
      return val_int(r);
    case OP_RSHIFT:
      if (y < 0) return obj_raise(&exc_ValueError, "negative shift count");
      return val_int(y >= 63 ? (x < 0 ? -1 : 0) : x >> y);
    case OP_BITAND:
      return (a.tag == V_BOOL && b.tag == V_BOOL) ? val_bool(x & y) : val_int(x & y);
    case OP_BITOR:
      return (a.tag == V_BOOL && b.tag == V_BOOL) ? val_bool(x | y) : val_int(x | y);
    case OP_BITXOR:
      return (a.tag == V_BOOL && b.tag == V_BOOL) ? val_bool(x ^ y) : val_int(x ^ y);
    default: return obj_notimpl();
  }
  return num_big_binary(op, a, b);   /* the result does not fit int64 */
}

/* ---- float arithmetic ------------------------------------------------------------------- */
static Value float_op(int op, double x, double y) {
  switch (op) {
    case OP_ADD: return val_float(x + y);
    case OP_SUB: return val_float(x - y);
    case OP_MULT: return val_float(x * y);
    case OP_DIV:
      if (y == 0.0) return obj_raise(&exc_ZeroDivisionError, "float division by zero");
      return val_float(x / y);
    case OP_FLOORDIV:
    case OP_MOD: {
      if (y == 0.0)
        return obj_raise(&exc_ZeroDivisionError, op == OP_MOD ? "float modulo" :
                         "float floor division by zero");
      double mod = fmod(x, y), div = (x - mod) / y, fd;
      if (mod) {
        if ((y < 0) != (mod < 0)) { mod += y; div -= 1.0; }
      } else {
        mod = copysign(0.0, y);
      }
      if (div) {
        fd = floor(div);
        if (div - fd > 0.5) fd += 1.0;
      } else {
        fd = copysign(0.0, x / y);
      }
      return val_float(op == OP_MOD ? mod : fd);
    }
    case OP_POW: {
      if (y == 0.0) return val_float(1.0);
      if (isnan(x)) return val_float(x == 1.0 ? 1.0 : x);
      if (x == 0.0 && y < 0.0 && isfinite(y))
        return obj_raise(&exc_ZeroDivisionError, "0.0 cannot be raised to a negative power");
      if (x < 0.0 && isfinite(x) && isfinite(y) && floor(y) != y)
        return obj_raise(&exc_ValueError,
                         "negative number cannot be raised to a fractional power "
                         "(Sable has no complex numbers)");
      errno = 0;
      double r = pow(x, y);
      if (isinf(r) && isfinite(x) && isfinite(y))
        return obj_raise(&exc_OverflowError, "(34, 'Numerical result out of range')");
      return val_float(r);
    }
    default: return obj_notimpl();
  }
}

Value num_float_binary(int op, Value a, Value b) {
  double x, y;
  if (VAL_IS_FLOAT(a)) x = a.u.f;
  else if (VAL_IS_INTLIKE(a)) x = (double)a.u.i;
  else if (num_is_big(a)) { if (num_big_to_double(a, &x) < 0) return val_null(); }
  else return obj_notimpl();
  if (VAL_IS_FLOAT(b)) y = b.u.f;
  else if (VAL_IS_INTLIKE(b)) y = (double)b.u.i;
  else if (num_is_big(b)) { if (num_big_to_double(b, &y) < 0) return val_null(); }
  else return obj_notimpl();
  return float_op(op & 0xff, x, y);
}

static Value int_unary(int op, Value a) {
  if (num_is_big(a)) return num_big_unary(op, a);
  int64_t x = a.u.i;
  switch (op) {
    case UOP_USUB: if (x == INT64_MIN) return num_big_unary(op, a); return val_int(-x);
    case UOP_UADD: return val_int(x);
    case UOP_INVERT: return val_int(~x);
    case OBJ_UOP_ABS:
      if (x == INT64_MIN) return num_big_unary(op, a);
      return val_int(x < 0 ? -x : x);
    default: return obj_notimpl();
  }
}

static Value float_unary(int op, Value a) {
  switch (op) {
    case UOP_USUB: return val_float(-a.u.f);
    case UOP_UADD: return a;
    case OBJ_UOP_ABS: return val_float(fabs(a.u.f));
    default: return obj_notimpl();
  }
}

/* ---- repr and format ------------------------------------------------------------------ */
static Value none_repr(Value v) { return val_obj(str_intern("None")); }
static Value bool_repr(Value v) {
  return val_obj(str_intern(v.u.i ? "True" : "False"));
}
static Value int_repr(Value v) {
  if (num_is_big(v)) return num_big_repr(v);
  char buf[32];
  int n = snprintf(buf, sizeof buf, "%lld", (long long)v.u.i);
  return str_new(buf, (size_t)n);
}

static Value obj_float_repr_val(double d) {
  char buf[40];
  int n = fmt_float_repr(d, buf, sizeof buf);
  return str_new(buf, (size_t)n);
}
static Value float_repr(Value v) { return obj_float_repr_val(v.u.f); }

/* a big int under a format spec: 0, -1 with err (a ValueError), -2 with an exception raised */
int num_big_format(Value v, const FmtSpec *sp, FBuf *out, char *err, size_t errn) {
  char type = sp->type ? sp->type : 'd';
  if (strchr("eEfFgG%", type)) {
    double d;
    if (num_big_to_double(v, &d) < 0) return -2;
    return fmt_format_float(d, sp, out, err, errn);
  }
  if (type == 'c') {
    obj_raise(&exc_OverflowError, "Python int too large to convert to C int");
    return -2;
  }
  if (!strchr("bdoxXn", type)) return fmt_format_int(0, sp, out, err, errn);  /* its error */
  int base = type == 'b' ? 2 : type == 'o' ? 8 : (type == 'x' || type == 'X') ? 16 : 10;
  char *dig = num_big_digits(v, base, 1);
  if (!dig) return -2;
  size_t n = strlen(dig);
  if (type == 'X')
    for (size_t i = 0; i < n; i++) dig[i] = (char)toupper((unsigned char)dig[i]);
  int r = fmt_format_int_digits(num_big_sign(v) < 0, dig, n, sp, out, err, errn);
  obj_mfree(dig);
  return r;
}

static Value format_with(Value v, Value spec) {
  if (!VAL_IS_STR(spec)) return obj_raise(&exc_TypeError, "format spec must be a str");
  StrObj *sp = STR(spec.u.o);
  if (sp->len == 0) return op_str(v);
  FmtSpec fs;
  char err[200];
  if (fmt_parse_spec(sp->s, sp->len, &fs, err, sizeof err) < 0) {
    if (strncmp(err, "Invalid format specifier", 24) == 0)
      return obj_raise(&exc_ValueError, "%s for object of type '%s'", err, op_type_name(v));
    return obj_raise(&exc_ValueError, "%s", err);
  }
  FBuf b = {0};
  int r;
  if (VAL_IS_FLOAT(v)) r = fmt_format_float(v.u.f, &fs, &b, err, sizeof err);
  else if (num_is_big(v)) r = num_big_format(v, &fs, &b, err, sizeof err);
  else r = fmt_format_int(v.u.i, &fs, &b, err, sizeof err);
  if (r == -2) return val_null();   /* an exception raised (a digit limit, an overflow) */
  if (r < 0) {
    fbuf_free(&b);
    if (VAL_IS_BOOL(v) && strstr(err, "'int'")) {
      /* CPython names the type bool in this message */
      char *p = strstr(err, "'int'");
      char tmp[220];
      snprintf(tmp, sizeof tmp, "%.*s'bool'%s", (int)(p - err), err, p + 5);
      return obj_raise(&exc_ValueError, "%s", tmp);
    }
    return obj_raise(&exc_ValueError, "%s", err);
  }
  Value s = str_new(b.s ? b.s : "", b.len);
  fbuf_free(&b);
  return s;
}

/* ---- hashes ------------------------------------------------------------------------- */
static int none_hash(Value v, int64_t *out) { *out = 0x5a5a5a; return 0; }
static int int_hash(Value v, int64_t *out) { *out = num_big_hash(v); return 0; }
static int float_hash(Value v, int64_t *out) { *out = num_hash_double(v.u.f); return 0; }

static Value num_compare_slot(Value a, Value b, int op) {
  int r = num_compare(a, b, op);
  if (r < 0) return obj_notimpl();
  return val_bool(r);
}

/* ---- parsing ------------------------------------------------------------------------ */
static int digit_val(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return 99;
}

/* int(s, base): whitespace, sign, optional 0x/0o/0b prefix, underscores between digits */
static Value obj_int_from_str(const char *s0, size_t n, int base) {
  const char *s = s0, *e = s0 + n;
  while (s < e && isspace((unsigned char)*s)) s++;
  while (e > s && isspace((unsigned char)e[-1])) e--;
  int neg = 0;
  if (s < e && (*s == '+' || *s == '-')) neg = *s++ == '-';
  int b = base;
  if (s + 1 < e && s[0] == '0') {
    char c = (char)tolower((unsigned char)s[1]);
    if ((c == 'x' && (b == 16 || b == 0)) || (c == 'o' && (b == 8 || b == 0)) ||
        (c == 'b' && (b == 2 || b == 0))) {
      b = c == 'x' ? 16 : c == 'o' ? 8 : 2;
      s += 2;
      if (s < e && *s == '_') s++;
    }
  }
  if (b == 0) {
    b = 10;
    /* base 0: a leading zero must be followed only by zeros */
    if (s < e && *s == '0') {
      for (const char *p = s; p < e; p++)
        if (*p != '0' && *p != '_') goto bad;
    }
  }
  if (s >= e) goto bad;
  uint64_t acc = 0;
  size_t ndig = 0;
  int prev_us = 1, over = 0;
  for (const char *p = s; p < e; p++) {
    if (*p == '_') {
      if (prev_us) goto bad;
      prev_us = 1;
      continue;
    }
    int d = digit_val((unsigned char)*p);
    if (d >= b) goto bad;
    prev_us = 0;
    ndig++;
    if (acc > (UINT64_MAX - (uint64_t)d) / (uint64_t)b) over = 1;
    else acc = acc * (uint64_t)b + (uint64_t)d;
  }
  if (prev_us) goto bad;
  if (over || acc > (uint64_t)INT64_MAX + (uint64_t)neg ||
      (b == 10 && num_int_max_str_digits > 0 && ndig > (size_t)num_int_max_str_digits)) {
    char *dig = obj_malloc(ndig + 1);
    if (!dig) return val_null();
    size_t k = 0;
    for (const char *p = s; p < e; p++)
      if (*p != '_') dig[k++] = *p;
    Value r = num_big_from_digits(dig, k, b, neg);
    obj_mfree(dig);
    return r;
  }
  return val_int(neg ? (int64_t)(0 - acc) : (int64_t)acc);
bad: {
    Value str = str_new(s0, n);
    if (VAL_IS_NULL(str)) return str;
    Value r = op_repr(str);
    val_decref(str);
    if (VAL_IS_NULL(r)) return r;
    obj_raise(&exc_ValueError, "invalid literal for int() with base %d: %s", base,
              str_cstr(r));
    val_decref(r);
    return val_null();
  }
}

static Value float_from_str(Value str) {
  StrObj *so = STR(str.u.o);
  const char *s = so->s, *e = so->s + so->len;
  while (s < e && isspace((unsigned char)*s)) s++;
  while (e > s && isspace((unsigned char)e[-1])) e--;
  size_t n = (size_t)(e - s);
  char buf[128];
  char *tmp = n < sizeof buf ? buf : malloc(n + 1);
  if (!tmp) return obj_raise_nomem();
  /* drop underscores that sit between digits */
  size_t k = 0;
  int ok = n > 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '_') {
      if (i == 0 || i + 1 == n || !isdigit((unsigned char)s[i - 1]) ||
          !isdigit((unsigned char)s[i + 1])) ok = 0;
      continue;
    }
    tmp[k++] = s[i];
  }
  tmp[k] = 0;
  double d = 0;
  if (ok) {
    const char *p = tmp;
    if (*p == '+' || *p == '-') p++;
    if (strcasecmp(p, "inf") == 0 || strcasecmp(p, "infinity") == 0 || strcasecmp(p, "nan") == 0) {
      d = strtod(tmp, NULL);
    } else if (isdigit((unsigned char)*p) || (*p == '.' && isdigit((unsigned char)p[1]))) {
      /* only decimal forms: no hex floats */
      for (const char *q = p; *q; q++)
        if (!(isdigit((unsigned char)*q) || *q == '.' || *q == 'e' || *q == 'E' || *q == '+' ||
              *q == '-')) ok = 0;
      char *end;
      if (ok) {
        d = strtod(tmp, &end);
        if (*end) ok = 0;
      }
    } else {
      ok = 0;
    }
  }
  if (tmp != buf) free(tmp);
  if (!ok) {
    Value r = op_repr(str);
    if (VAL_IS_NULL(r)) return r;
    obj_raise(&exc_ValueError, "could not convert string to float: %s", str_cstr(r));
    val_decref(r);
    return val_null();
  }
  return val_float(d);
}

/* ---- constructors ------------------------------------------------------------------- */
int num_float_to_int(double d, int64_t *out) {
  if (isnan(d)) { obj_raise(&exc_ValueError, "cannot convert float NaN to integer"); return -1; }
  if (isinf(d)) {
    obj_raise(&exc_OverflowError, "cannot convert float infinity to integer");
    return -1;
  }
  double t = trunc(d);
  if (t >= 9223372036854775808.0 || t < -9223372036854775808.0) {
    obj_raise(&exc_OverflowError, "float too large for Sable's 64-bit int");
    return -1;
  }
  *out = (int64_t)t;
  return 0;
}

/* ---- instances of user subclasses of int and float: a boxed number ------------------- */
static void box_dealloc(Obj *o) {
  if (o->type == &num_int_type) { num_big_dealloc(o); return; }
  val_decref(((NumBoxObj *)o)->v);   /* a boxed big int */
  obj_free(o);
}
static TypeObj *box_layout(Value v) {
  return VAL_IS_OBJ(v) && v.u.o->type->layout &&
         (v.u.o->type->layout == &num_int_type || v.u.o->type->layout == &num_float_type)
             ? v.u.o->type->layout : NULL;
}

Value num_box(TypeObj *t, Value v) {
  if (VAL_IS_NULL(v)) return v;
  NumBoxObj *b = obj_alloc(t, sizeof(NumBoxObj));
  if (!b) return val_null();
  b->v = v.tag == V_BOOL ? val_int(v.u.i) : v;
  return val_obj(&b->ob);
}

Value num_unbox(Value v) { return box_layout(v) ? ((NumBoxObj *)v.u.o)->v : v; }

/* int(b'12') / float(b'1.5'): the text of a bytes or bytearray; 1 if x is one */
static int num_bytes_text(Value x, const char **p, size_t *n) {
  if (VAL_IS_BYTES(x)) { *p = BYTES(x.u.o)->s; *n = BYTES(x.u.o)->len; return 1; }
  if (VAL_IS_BYTEARRAY(x)) { *p = BYTEARRAY(x.u.o)->s ? BYTEARRAY(x.u.o)->s : ""; *n = BYTEARRAY(x.u.o)->len; return 1; }
  return 0;
}

/* CPython names the bytes (bytearray too) in its ValueError: b'...' */
static Value num_bytes_error(const char *what, const char *p, size_t n) {
  Value b = bytes_new(p, n);
  if (VAL_IS_NULL(b)) return b;
  Value r = op_repr(b);
  val_decref(b);
  if (VAL_IS_NULL(r)) return r;
  obj_raise(&exc_ValueError, "%s%s", what, str_cstr(r));
  val_decref(r);
  return val_null();
}

static Value int_new_base(TypeObj *t, int argc, const Value *argv, Obj *kw);
static Value int_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  Value r = int_new_base(t, argc, argv, kw);
  if (t == &num_int_type || VAL_IS_NULL(r)) return r;
  return num_box(t, r);
}

static Value int_from_bytes_text(const char *p, size_t n, int base) {
  Value r = obj_int_from_str(p, n, base);
  if (!VAL_IS_NULL(r) || !obj_err_matches(&exc_ValueError)) return r;
  obj_err_clear();
  char what[64];
  snprintf(what, sizeof what, "invalid literal for int() with base %d: ", base);
  return num_bytes_error(what, p, n);
}

static Value int_new_base(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("int", argc, argv, kw, "|x,base", a) < 0) return val_null();
  a[0] = num_unbox(a[0]);
  if (VAL_IS_NULL(a[0])) {
    if (!VAL_IS_NULL(a[1])) return obj_raise(&exc_TypeError, "int() missing string argument");
    return val_int(0);
  }
  Value x = a[0];
  if (!VAL_IS_NULL(a[1])) {
    int64_t base;
    if (op_as_int(a[1], &base) < 0) return val_null();
    const char *bp;
    size_t bn;
    int isb = num_bytes_text(x, &bp, &bn);
    if (!VAL_IS_STR_ANY(x) && !isb)
      return obj_raise(&exc_TypeError, "int() can't convert non-string with explicit base");
    if (base != 0 && (base < 2 || base > 36))
      return obj_raise(&exc_ValueError, "int() base must be >= 2 and <= 36, or 0");
    if (isb) return int_from_bytes_text(bp, bn, (int)base);
    return obj_int_from_str(STR(x.u.o)->s, STR(x.u.o)->len, (int)base);
  }
  if (VAL_IS_INTLIKE(x)) return val_int(x.u.i);
  if (num_is_big(x)) return val_incref(x);
  if (VAL_IS_FLOAT(x)) {
    double d = x.u.f;
    if (isnan(d)) return obj_raise(&exc_ValueError, "cannot convert float NaN to integer");
    if (isinf(d)) return obj_raise(&exc_OverflowError, "cannot convert float infinity to integer");
    return num_big_from_double(trunc(d));
  }
  if (VAL_IS_STR_ANY(x)) return obj_int_from_str(STR(x.u.o)->s, STR(x.u.o)->len, 10);
  const char *bp;
  size_t bn;
  if (num_bytes_text(x, &bp, &bn)) return int_from_bytes_text(bp, bn, 10);
  static const char *const names[] = {"__int__", "__index__", "__trunc__"};
  for (int i = 0; i < 3; i++) {
    Value r = op_conv_dunder(x, names[i]);
    if (VAL_IS_NULL(r)) {
      if (obj_err_occurred()) return r;
      continue;
    }
    if (!num_is_int(r)) {
      val_decref(r);
      return obj_raise(&exc_TypeError, "%s returned non-int", names[i]);
    }
    return r;
  }
  ObjBuffer ob;   /* memoryview, array.array: their bytes as text, as CPython's PyNumber_Long */
  if (op_type(x)->getbuffer) {
    if (op_type(x)->getbuffer(x, &ob) < 0) return val_null();
    return int_from_bytes_text(ob.buf ? (const char *)ob.buf : "", (size_t)ob.len, 10);
  }
  return obj_raise(&exc_TypeError,
                   "int() argument must be a string, a bytes-like object or a real number, "
                   "not '%s'", op_type_name(x));
}

static Value float_new_base(TypeObj *t, int argc, const Value *argv, Obj *kw);
static Value float_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  Value r = float_new_base(t, argc, argv, kw);
  if (t == &num_float_type || VAL_IS_NULL(r)) return r;
  return num_box(t, r);
}

static Value float_new_base(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("float", argc, kw, 0, 1) < 0) return val_null();
  if (argc == 0) return val_float(0.0);
  Value x = num_unbox(argv[0]);
  if (VAL_IS_FLOAT(x)) return x;
  if (VAL_IS_INTLIKE(x)) return val_float((double)x.u.i);
  if (num_is_big(x)) {
    double d;
    return num_big_to_double(x, &d) < 0 ? val_null() : val_float(d);
  }
  if (VAL_IS_STR_ANY(x)) return float_from_str(x);
  const char *bp;
  size_t bn;
  ObjBuffer ob;
  int isb = num_bytes_text(x, &bp, &bn);
  if (!isb && op_type(x)->getbuffer && !op_hasattr_s(x, "__float__") && !op_hasattr_s(x, "__index__")) {
    if (op_type(x)->getbuffer(x, &ob) < 0) return val_null();
    bp = ob.buf ? (const char *)ob.buf : "";
    bn = (size_t)ob.len;
    isb = 1;
  }
  if (isb) {
    int ascii = 1;
    for (size_t i = 0; i < bn; i++) if ((unsigned char)bp[i] >= 0x80 || !bp[i]) ascii = 0;
    if (!ascii) return num_bytes_error("could not convert string to float: ", bp, bn);
    Value s = str_new(bp, bn);
    if (VAL_IS_NULL(s)) return s;
    Value r = float_from_str(s);
    val_decref(s);
    if (!VAL_IS_NULL(r) || !obj_err_matches(&exc_ValueError)) return r;
    obj_err_clear();
    return num_bytes_error("could not convert string to float: ", bp, bn);
  }
  Value r = op_conv_dunder(x, "__float__");
  if (!VAL_IS_NULL(r)) {
    if (VAL_IS_FLOAT(r)) return r;
    val_decref(r);
    return obj_raise(&exc_TypeError, "__float__ returned non-float");
  }
  if (obj_err_occurred()) return r;
  return obj_raise(&exc_TypeError, "float() argument must be a string or a real number, not '%s'",
                   op_type_name(x));
}

static Value bool_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("bool", argc, kw, 0, 1) < 0) return val_null();
  if (argc == 0) return val_bool(0);
  int r = op_truth(argv[0]);
  return r < 0 ? val_null() : val_bool(r);
}

static Value none_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("NoneType", argc, kw, 0, 0) < 0) return val_null();
  return val_none();
}

/* ---- methods ---------------------------------------------------------------------- */
static Value int_m_new(int argc, const Value *argv, Obj *kw) {
  return class_builtin_new(&num_int_type, argc, argv, kw);
}
static Value float_m_new(int argc, const Value *argv, Obj *kw) {
  return class_builtin_new(&num_float_type, argc, argv, kw);
}
static Value int_bit_length(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("bit_length", argc - 1, kw, 0, 0) < 0) return val_null();
  return val_int((int64_t)num_big_bitlen(num_unbox(argv[0])));
}

static Value int_bit_count(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("bit_count", argc - 1, kw, 0, 0) < 0) return val_null();
  return val_int((int64_t)num_big_popcount(num_unbox(argv[0])));
}

static Value int_self(Value v) {
  v = num_unbox(v);
  return VAL_IS_BOOL(v) ? val_int(v.u.i) : val_incref(v);
}

static Value int_conjugate(int argc, const Value *argv, Obj *kw) { return int_self(argv[0]); }

static Value int_as_integer_ratio(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("as_integer_ratio", argc - 1, kw, 0, 0) < 0) return val_null();
  Value n = int_self(argv[0]);
  if (VAL_IS_NULL(n)) return n;
  Value t = tuple_pack(2, n, val_int(1));
  val_decref(n);
  return t;
}

/* byteorder argument: 1 little, 0 big, -1 error */
static int byteorder_arg(Value v) {
  if (VAL_IS_NULL(v)) return 0;
  if (!VAL_IS_STR(v)) {
    obj_raise(&exc_TypeError, "to_bytes() argument 'byteorder' must be str, not %s",
              op_type_name(v));
    return -1;
  }
  if (strcmp(str_cstr(v), "little") == 0) return 1;
  if (strcmp(str_cstr(v), "big") == 0) return 0;
  obj_raise(&exc_ValueError, "byteorder must be either 'little' or 'big'");
  return -1;
}

static Value int_to_bytes(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("to_bytes", argc - 1, argv + 1, kw, "|length,byteorder,$signed", a) < 0)
    return val_null();
  int64_t len = 1;
  if (!VAL_IS_NULL(a[0]) && op_as_int(a[0], &len) < 0) return val_null();
  if (len < 0) return obj_raise(&exc_ValueError, "length argument must be non-negative");
  int little = byteorder_arg(a[1]);
  if (little < 0) return val_null();
  int sg = 0;
  if (!VAL_IS_NULL(a[2]) && (sg = op_truth(a[2])) < 0) return val_null();
  Value self = num_unbox(argv[0]);
  /* refuse before allocating when the value cannot fit anyway */
  if (num_big_bitlen(self) > (uint64_t)len * 8 + 1)
    return obj_raise(&exc_OverflowError, "int too big to convert");
  char *buf;
  Value r = bytes_alloc((size_t)len, &buf);
  if (VAL_IS_NULL(r)) return r;
  if (num_big_to_bytes(self, (unsigned char *)buf, (size_t)len, little, sg) < 0) {
    val_decref(r);
    return val_null();
  }
  return r;
}

static Value int_from_bytes(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("from_bytes", argc - 1, argv + 1, kw, "bytes|byteorder,$signed", a) < 0)
    return val_null();
  int little = byteorder_arg(a[1]);
  if (little < 0) return val_null();
  int sg = 0;
  if (!VAL_IS_NULL(a[2]) && (sg = op_truth(a[2])) < 0) return val_null();
  Value src = a[0], tmp = val_null();
  if (!VAL_IS_BYTES(src) && !VAL_IS_BYTEARRAY(src) && !(VAL_IS_OBJ(src) && op_type(src)->getbuffer)) {
    Value f = val_obj(&bytes_type.ob);
    tmp = op_call1(f, src);     /* bytes(iterable of ints) */
    if (VAL_IS_NULL(tmp)) return tmp;
    src = tmp;
  }
  ObjBuffer vb;
  if (bytes_view(src, &vb) < 0) { val_decref(tmp); return val_null(); }
  Value r = num_big_from_bytes((const unsigned char *)vb.buf, (size_t)vb.len, little, sg);
  val_decref(tmp);
  if (VAL_IS_NULL(r) || VAL_IS_TYPE(argv[0]) == 0 || argv[0].u.o == &num_int_type.ob) return r;
  Value x = op_call1(argv[0], r);   /* a subclass: cls(value), as CPython */
  val_decref(r);
  return x;
}

static Value int_format_m(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__format__", argc - 1, kw, 1, 1) < 0) return val_null();
  return format_with(argv[0], argv[1]);
}

static Value float_is_integer(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("is_integer", argc - 1, kw, 0, 0) < 0) return val_null();
  double d = argv[0].u.f;
  return val_bool(isfinite(d) && floor(d) == d);
}

static Value float_as_integer_ratio(int argc, const Value *argv, Obj *kw) {
  double d = argv[0].u.f;
  if (isinf(d)) return obj_raise(&exc_OverflowError, "cannot convert Infinity to integer ratio");
  if (isnan(d)) return obj_raise(&exc_ValueError, "cannot convert NaN to integer ratio");
  int e;
  double m = frexp(d, &e);
  for (int i = 0; i < 300 && m != floor(m); i++) { m *= 2.0; e--; }
  /* m is an integer of at most 53 bits: num = m << e or den = 1 << -e */
  Value num = num_big_binary(OP_LSHIFT, val_int((int64_t)m), val_int(e > 0 ? e : 0));
  if (VAL_IS_NULL(num)) return num;
  Value den = num_big_binary(OP_LSHIFT, val_int(1), val_int(e < 0 ? -e : 0));
  if (VAL_IS_NULL(den)) { val_decref(num); return den; }
  Value t = tuple_pack(2, num, den);
  val_decref(num);
  val_decref(den);
  return t;
}

static Value float_hex_unsupported(int argc, const Value *argv, Obj *kw) {
  char buf[64];
  snprintf(buf, sizeof buf, "%a", argv[0].u.f);
  return str_from_cstr(buf);
}

static Value num_real(Value self) {
  return VAL_IS_FLOAT(self) ? self : int_self(self);
}
static Value num_imag(Value self) { return VAL_IS_FLOAT(self) ? val_float(0.0) : val_int(0); }
static Value int_numerator(Value self) { return int_self(self); }
static Value int_denominator(Value self) { return val_int(1); }

static const MethodDef int_methods[] = {
    {"__new__", int_m_new, "__new__(type, x=0, /, base=10)", METH_STATIC},
    {"bit_length", int_bit_length, "bit_length()\nNumber of bits necessary to represent self in binary.", 0},
    {"bit_count", int_bit_count, "bit_count()\nNumber of ones in the binary representation of abs(self).", 0},
    {"conjugate", int_conjugate, "conjugate()", 0},
    {"as_integer_ratio", int_as_integer_ratio, "as_integer_ratio()", 0},
    {"to_bytes", int_to_bytes, "to_bytes(length=1, byteorder='big', *, signed=False)\nAn array of bytes representing the integer.", 0},
    {"from_bytes", int_from_bytes, "from_bytes(bytes, byteorder='big', *, signed=False)\nThe integer represented by the given array of bytes.", METH_CLASS},
    {"__format__", int_format_m, "__format__(format_spec)", 0},
    {NULL}};
static const GetSetDef int_getset[] = {
    {"real", num_real, NULL, NULL}, {"imag", num_imag, NULL, NULL},
    {"numerator", int_numerator, NULL, NULL}, {"denominator", int_denominator, NULL, NULL},
    {NULL}};
static const MethodDef float_methods[] = {
    {"__new__", float_m_new, "__new__(type, x=0.0, /)", METH_STATIC},
    {"is_integer", float_is_integer, "is_integer()\nReturn True if the float is an integer.", 0},
    {"as_integer_ratio", float_as_integer_ratio, "as_integer_ratio()", 0},
    {"hex", float_hex_unsupported, "hex()", 0},
    {"__format__", int_format_m, "__format__(format_spec)", 0},
    {NULL}};
static const GetSetDef float_getset[] = {
    {"real", num_real, NULL, NULL}, {"imag", num_imag, NULL, NULL}, {NULL}};

static int num_truth(Value v) { return num_is_big(v) ? 1 : op_truth(v); }

TypeObj num_none_type = {OBJ_TYPE_HEAD, .name = "NoneType", .repr = none_repr,
                         .hash = none_hash, .compare = num_compare_slot, .new = none_new,
                         .truth = num_truth};
TypeObj num_int_type = {
    OBJ_TYPE_HEAD, .name = "int", .flags = TF_BASETYPE, .dealloc = box_dealloc,
    .doc =
           "int([x]) -> integer\n"
           "int(x, base=10) -> integer\n"
           "\n"
           "Convert a number or string to an integer, or return 0 if no arguments\n"
           "are given.  If x is a number, return x.__int__().  For floating point\n"
           "numbers, this truncates towards zero.\n"
           "\n"
           "If x is not a number or if base is given, then x must be a string,\n"
           "bytes, or bytearray instance representing an integer literal in the\n"
           "given base.  The literal can be preceded by '+' or '-' and be surrounded\n"
           "by whitespace.  The base defaults to 10.  Valid bases are 0 and 2-36.\n"
           "Base 0 means to interpret the base from the string as an integer literal.\n"
           ">>> int('0b100', base=0)\n"
           "4",
    .repr = int_repr, .hash = int_hash, .compare = num_compare_slot, .binary = num_int_binary,
    .unary = int_unary, .truth = num_truth, .new = int_new, .format = format_with,
    .methods = int_methods, .getset = int_getset};
TypeObj num_bool_type = {
    OBJ_TYPE_HEAD, .name = "bool", .base = &num_int_type,
    .doc = "bool(x) -> bool\n\nReturns True when the argument x is true, False otherwise.",
    .repr = bool_repr, .hash = int_hash, .compare = num_compare_slot, .binary = num_int_binary,
    .unary = int_unary, .truth = num_truth, .new = bool_new, .format = format_with};
TypeObj num_float_type = {
    OBJ_TYPE_HEAD, .name = "float", .flags = TF_BASETYPE, .dealloc = box_dealloc,
    .doc = "float(x=0, /)\n\nConvert a string or number to a floating point number, if possible.",
    .repr = float_repr, .hash = float_hash, .compare = num_compare_slot,
    .binary = num_float_binary, .unary = float_unary, .truth = num_truth, .new = float_new,
    .format = format_with, .methods = float_methods, .getset = float_getset};
