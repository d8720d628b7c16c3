/* bigint.c - arbitrary-precision ints (GMP): ints that do not fit int64 live in a BigIntObj
 * whose type is int itself; arithmetic, conversions, hashing and text with CPython's results. */
#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

/* Invariant: a BigIntObj never holds a value in the int64 range, so an int equal to a V_INT is
 * always a V_INT and equal ints of different representations cannot occur. */
typedef struct BigIntObj { Obj ob; mpz_t z; } BigIntObj;
#define BIG(o) (((BigIntObj *)(o))->z)

int num_int_max_str_digits = 4300;

void num_big_dealloc(Obj *o) {
  mpz_clear(BIG(o));
  obj_free(o);
}

int num_is_big(Value v) { return v.tag == V_OBJ && v.u.o->type == &num_int_type; }
int num_is_int(Value v) { return VAL_IS_INTLIKE(v) || num_is_big(v); }

static int fits64(const mpz_t z) {
  if (mpz_sizeinbase(z, 2) <= 63) return 1;
  return mpz_sgn(z) < 0 && mpz_sizeinbase(z, 2) == 64 && mpz_scan1(z, 0) == 63;
}

static int64_t get64(const mpz_t z) {
  if (mpz_sgn(z) < 0 && mpz_sizeinbase(z, 2) == 64) return INT64_MIN;
  uint64_t m = 0;
  size_t n = mpz_size(z);
  if (n > 0) m = (uint64_t)mpz_getlimbn(z, 0);
  return mpz_sgn(z) < 0 ? -(int64_t)m : (int64_t)m;
}

static void set64(mpz_t z, int64_t i) {
  uint64_t m = i < 0 ? (uint64_t)0 - (uint64_t)i : (uint64_t)i;
  mpz_set_ui(z, (unsigned long)m);
  if (i < 0) mpz_neg(z, z);
}

/* the int (a V_INT or a new BigIntObj) of z; clears z in every case */
Value num_big_from_mpz(mpz_t z) {
  if (fits64(z)) {
    int64_t i = get64(z);
    mpz_clear(z);
    return val_int(i);
  }
  BigIntObj *b = obj_alloc(&num_int_type, sizeof(BigIntObj));
  if (!b) { mpz_clear(z); return val_null(); }
  memcpy(b->z, z, sizeof(mpz_t));
  return val_obj(&b->ob);
}

/* z = the value of an int Value (V_INT, V_BOOL or big); z is initialized here */
void num_big_get(Value v, mpz_t z) {
  if (num_is_big(v)) mpz_init_set(z, BIG(v.u.o));
  else { mpz_init(z); set64(z, v.u.i); }
}

int num_big_sign(Value v) {
  if (num_is_big(v)) return mpz_sgn(BIG(v.u.o));
  return v.u.i < 0 ? -1 : v.u.i > 0;
}

uint64_t num_big_bitlen(Value v) {
  if (num_is_big(v)) return (uint64_t)mpz_sizeinbase(BIG(v.u.o), 2);
  uint64_t x = v.u.i < 0 ? (uint64_t)0 - (uint64_t)v.u.i : (uint64_t)v.u.i;
  return x ? 64 - (uint64_t)__builtin_clzll(x) : 0;
}

/* would a result of `bits` bits be refused (MemoryError raised)? */
static int too_big(double bits) {
  if (bits / 8.0 > (double)obj_alloc_cap() || bits > 1e16) {
    obj_raise_nomem();
    return 1;
  }
  return 0;
}

/* ---- conversion to double, correctly rounded (half to even) ---------------------------- */
static int mpz_to_double(const mpz_t z, double *out) {
  size_t nb = mpz_sizeinbase(z, 2);
  if (mpz_sgn(z) == 0) { *out = 0.0; return 0; }
  if (nb > 1024) goto ovf;
  double d;
  if (nb <= 63) {
    d = (double)get64(z);
  } else {
    mpz_t q;
    mpz_init(q);
    mpz_abs(q, z);
    size_t sh = nb - 55;
    int sticky = mpz_scan1(q, 0) < sh;
    mpz_tdiv_q_2exp(q, q, sh);
    uint64_t m = (uint64_t)mpz_get_ui(q) | (uint64_t)sticky;
    mpz_clear(q);
    d = ldexp((double)m, (int)sh);
    if (mpz_sgn(z) < 0) d = -d;
  }
  if (isinf(d)) goto ovf;
  *out = d;
  return 0;
ovf:
  obj_raise(&exc_OverflowError, "int too large to convert to float");
  return -1;
}

int num_big_to_double(Value v, double *out) {
  if (!num_is_big(v)) { *out = (double)v.u.i; return 0; }
  return mpz_to_double(BIG(v.u.o), out);
}

/* int(d) for a finite double */
Value num_big_from_double(double d) {
  mpz_t z;
  mpz_init_set_d(z, d);
  return num_big_from_mpz(z);
}

/* a / b exactly rounded, as CPython's long_true_divide */
static Value true_divide(const mpz_t a, const mpz_t b) {
  if (mpz_sgn(b) == 0) return obj_raise(&exc_ZeroDivisionError, "division by zero");
  int neg = mpz_sgn(a) * mpz_sgn(b) < 0;
  if (mpz_sgn(a) == 0) return val_float(neg ? -0.0 : 0.0);
  long na = (long)mpz_sizeinbase(a, 2), nb = (long)mpz_sizeinbase(b, 2);
  if (na - nb > 1025) goto ovf;
  long e = na - nb - 55;
  if (e < -1074) e = -1074;
  mpz_t n, dd, q, r;
  mpz_inits(n, dd, q, r, NULL);
  mpz_abs(n, a);
  mpz_abs(dd, b);
  if (e < 0) mpz_mul_2exp(n, n, (mp_bitcnt_t)-e);
  else mpz_mul_2exp(dd, dd, (mp_bitcnt_t)e);
  mpz_tdiv_qr(q, r, n, dd);
  int sticky = mpz_sgn(r) != 0;
  size_t qb = mpz_sizeinbase(q, 2);
  if (mpz_sgn(q) != 0 && qb > 53) {
    size_t extra = qb - 53;
    int half = mpz_tstbit(q, extra - 1);
    if (extra > 1 && mpz_scan1(q, 0) < extra - 1) sticky = 1;
    mpz_tdiv_q_2exp(q, q, extra);
    e += (long)extra;
    if (half && (sticky || mpz_odd_p(q))) mpz_add_ui(q, q, 1);
  } else {
    mpz_mul_2exp(r, r, 1);
    int c = mpz_cmp(r, dd);
    if (c > 0 || (c == 0 && mpz_odd_p(q))) mpz_add_ui(q, q, 1);
  }
  double m = (double)mpz_get_ui(q);
  mpz_clears(n, dd, q, r, NULL);
  double res = e > 2000 ? INFINITY : ldexp(m, (int)e);
  if (isinf(res)) goto ovf;
  return val_float(neg ? -res : res);
ovf:
  return obj_raise(&exc_OverflowError, "integer division result too large for a float");
}

/* ---- arithmetic ------------------------------------------------------------------------ */
/* x ** y for y >= 0, by squaring, interruptible between steps */
static Value big_pow(const mpz_t x, const mpz_t y) {
  if (mpz_cmp_ui(x, 1) == 0 || mpz_sgn(x) == 0 || mpz_sgn(y) == 0) {
    if (mpz_sgn(y) == 0) return val_int(1);
    return val_int(mpz_sgn(x) == 0 ? 0 : 1);
  }
  if (mpz_cmp_si(x, -1) == 0) return val_int(mpz_odd_p(y) ? -1 : 1);
  if (!mpz_fits_ulong_p(y) || too_big((double)mpz_sizeinbase(x, 2) * mpz_get_d(y)))
    return mpz_fits_ulong_p(y) ? val_null() : obj_raise_nomem();
  unsigned long e = mpz_get_ui(y);
  if (mpz_popcount(x) == 1 || (mpz_sgn(x) < 0 && mpz_scan1(x, 0) + 1 == mpz_sizeinbase(x, 2))) {
    /* a power of two: one shift */
    mpz_t r;
    mpz_init_set_ui(r, 1);
    mpz_mul_2exp(r, r, (mp_bitcnt_t)(mpz_scan1(x, 0) * e));
    if (mpz_sgn(x) < 0 && (e & 1)) mpz_neg(r, r);
    return num_big_from_mpz(r);
  }
  mpz_t r, base;
  mpz_init_set_ui(r, 1);
  mpz_init_set(base, x);
  while (e) {
    if (e & 1) mpz_mul(r, r, base);
    e >>= 1;
    if (e) mpz_mul(base, base, base);
    if (obj_check_signals() < 0) { mpz_clears(r, base, NULL); return val_null(); }
  }
  mpz_clear(base);
  return num_big_from_mpz(r);
}

/* op on two ints (either may be big); op an Operator without OBJ_INPLACE */
Value num_big_binary(int op, Value a, Value b) {
  mpz_t x, y, r;
  Value res = val_null();
  if (op == OP_POW && num_big_sign(b) < 0) {
    double fx, fy;
    if (num_big_to_double(a, &fx) < 0 || num_big_to_double(b, &fy) < 0) return val_null();
    return num_float_binary(OP_POW, val_float(fx), val_float(fy));
  }
  num_big_get(a, x);
  num_big_get(b, y);
  mpz_init(r);
  switch (op) {
    case OP_ADD: mpz_add(r, x, y); break;
    case OP_SUB: mpz_sub(r, x, y); break;
    case OP_MULT:
      if (too_big((double)mpz_sizeinbase(x, 2) + (double)mpz_sizeinbase(y, 2))) goto done;
      mpz_mul(r, x, y);
      break;
    case OP_DIV: res = true_divide(x, y); goto done;
    case OP_FLOORDIV:
    case OP_MOD:
      if (mpz_sgn(y) == 0) {
        res = obj_raise(&exc_ZeroDivisionError, op == OP_MOD ? "integer modulo by zero"
                                                             : "integer division or modulo by zero");
        goto done;
      }
      if (op == OP_MOD) mpz_fdiv_r(r, x, y);
      else mpz_fdiv_q(r, x, y);
      break;
    case OP_POW: res = big_pow(x, y); goto done;
    case OP_LSHIFT:
    case OP_RSHIFT:
      if (mpz_sgn(y) < 0) { res = obj_raise(&exc_ValueError, "negative shift count"); goto done; }
      if (op == OP_RSHIFT) {
        if (!mpz_fits_ulong_p(y)) mpz_set_si(r, mpz_sgn(x) < 0 ? -1 : 0);
        else mpz_fdiv_q_2exp(r, x, (mp_bitcnt_t)mpz_get_ui(y));
        break;
      }
      if (mpz_sgn(x) == 0) break;
      if (!mpz_fits_ulong_p(y)) {
        res = obj_raise(&exc_OverflowError, "too many digits in integer");
        goto done;
      }
      if (too_big((double)mpz_sizeinbase(x, 2) + mpz_get_d(y))) goto done;
      mpz_mul_2exp(r, x, (mp_bitcnt_t)mpz_get_ui(y));
      break;
    case OP_BITAND: mpz_and(r, x, y); break;
    case OP_BITOR: mpz_ior(r, x, y); break;
    case OP_BITXOR: mpz_xor(r, x, y); break;
    default: res = obj_notimpl(); goto done;
  }
  mpz_clears(x, y, NULL);
  return num_big_from_mpz(r);
done:
  mpz_clears(x, y, r, NULL);
  return res;
}

Value num_big_unary(int op, Value a) {
  mpz_t r;
  num_big_get(a, r);
  switch (op) {
    case UOP_USUB: mpz_neg(r, r); break;
    case UOP_UADD: break;
    case UOP_INVERT: mpz_com(r, r); break;
    case OBJ_UOP_ABS: mpz_abs(r, r); break;
    default: mpz_clear(r); return obj_notimpl();
  }
  return num_big_from_mpz(r);
}

/* -1, 0, 1 comparing two ints */
int num_big_cmp(Value a, Value b) {
  mpz_t x, y;
  num_big_get(a, x);
  num_big_get(b, y);
  int c = mpz_cmp(x, y);
  mpz_clears(x, y, NULL);
  return c < 0 ? -1 : c > 0;
}

/* -1, 0, 1 comparing an int with a double exactly; 2 when f is NaN */
int num_big_cmp_float(Value a, double f) {
  if (isnan(f)) return 2;
  if (isinf(f)) return f > 0 ? -1 : 1;
  if (fabs(f) < 9223372036854775808.0) return num_big_sign(a);  /* |a| >= 2**63 */
  mpz_t x, y;
  num_big_get(a, x);
  mpz_init_set_d(y, f);   /* exact: such floats are integers */
  int c = mpz_cmp(x, y);
  mpz_clears(x, y, NULL);
  return c < 0 ? -1 : c > 0;
}

int64_t num_big_hash(Value v) {
  if (!num_is_big(v)) return num_hash_int(v.u.i);
  mpz_srcptr z = BIG(v.u.o);
  uint64_t h = (uint64_t)mpz_tdiv_ui(z, ((uint64_t)1 << 61) - 1);
  int64_t r = mpz_sgn(z) < 0 ? -(int64_t)h : (int64_t)h;
  return r == -1 ? -2 : r;
}

/* ---- text ------------------------------------------------------------------------------ */
static Value digits_limit_error(void) {
  return obj_raise(&exc_ValueError,
                   "Exceeds the limit (%d digits) for integer string conversion; use "
                   "sys.set_int_max_str_digits() to increase the limit", num_int_max_str_digits);
}

/* the digits of |v| in base (2..36, lower case), malloc'd; NULL with an error raised. The
 * decimal digit limit applies to base 10. */
char *num_big_digits(Value v, int base, int check_limit) {
  mpz_t z;
  num_big_get(v, z);
  mpz_abs(z, z);
  if (base == 10 && check_limit && num_int_max_str_digits > 0 &&
      mpz_sizeinbase(z, 10) > (size_t)num_int_max_str_digits + 1) {
    mpz_clear(z);
    digits_limit_error();
    return NULL;
  }
  size_t n = mpz_sizeinbase(z, base) + 2;
  char *s = obj_malloc(n);
  if (!s) { mpz_clear(z); return NULL; }
  mpz_get_str(s, base, z);
  mpz_clear(z);
  if (base == 10 && check_limit && num_int_max_str_digits > 0 &&
      strlen(s) > (size_t)num_int_max_str_digits) {
    obj_mfree(s);
    digits_limit_error();
    return NULL;
  }
  return s;
}

Value num_big_repr(Value v) {
  char *s = num_big_digits(v, 10, 1);
  if (!s) return val_null();
  size_t n = strlen(s);
  Value r;
  if (num_big_sign(v) < 0) {
    char *t = obj_malloc(n + 2);
    if (!t) { obj_mfree(s); return val_null(); }
    t[0] = '-';
    memcpy(t + 1, s, n + 1);
    r = str_new(t, n + 1);
    obj_mfree(t);
  } else {
    r = str_new(s, n);
  }
  obj_mfree(s);
  return r;
}

/* hex()/bin()/oct() text: sign, prefix, digits */
Value num_big_to_base(Value v, int base, const char *prefix) {
  char *s = num_big_digits(v, base, 0);
  if (!s) return val_null();
  size_t n = strlen(s), pn = strlen(prefix);
  char *t = obj_malloc(n + pn + 2);
  if (!t) { obj_mfree(s); return val_null(); }
  size_t k = 0;
  if (num_big_sign(v) < 0) t[k++] = '-';
  memcpy(t + k, prefix, pn);
  memcpy(t + k + pn, s, n);
  Value r = str_new(t, k + pn + n);
  obj_mfree(s);
  obj_mfree(t);
  return r;
}

/* int(s, base) for digits already checked (no sign, no underscores, valid for base) */
Value num_big_from_digits(const char *s, size_t n, int base, int neg) {
  if (base == 10 && num_int_max_str_digits > 0 && n > (size_t)num_int_max_str_digits)
    return obj_raise(&exc_ValueError,
                     "Exceeds the limit (%d digits) for integer string conversion: value has "
                     "%zu digits; use sys.set_int_max_str_digits() to increase the limit",
                     num_int_max_str_digits, n);
  char *t = obj_malloc(n + 1);
  if (!t) return val_null();
  memcpy(t, s, n);
  t[n] = 0;
  mpz_t z;
  mpz_init(z);
  int bad = mpz_set_str(z, t, base);
  obj_mfree(t);
  if (bad) { mpz_clear(z); return obj_raise(&exc_ValueError, "invalid literal for int()"); }
  if (neg) mpz_neg(z, z);
  return num_big_from_mpz(z);
}

/* ---- bytes ------------------------------------------------------------------------------ */
/* v as `len` bytes (two's complement if is_signed); -1 with OverflowError as CPython */
int num_big_to_bytes(Value v, unsigned char *out, size_t len, int little, int is_signed) {
  mpz_t z;
  num_big_get(v, z);
  int sg = mpz_sgn(z);
  if (sg < 0 && !is_signed) {
    mpz_clear(z);
    obj_raise(&exc_OverflowError, "can't convert negative int to unsigned");
    return -1;
  }
  /* range check: unsigned < 2**(8len); signed in [-2**(8len-1), 2**(8len-1)) */
  size_t bits = mpz_sizeinbase(z, 2);
  int fits;
  if (sg == 0) fits = 1;
  else if (!is_signed) fits = bits <= 8 * len;
  else if (sg > 0) fits = bits < 8 * len;
  else fits = bits < 8 * len || (bits == 8 * len && mpz_scan1(z, 0) == bits - 1);
  if (!fits) {
    mpz_clear(z);
    obj_raise(&exc_OverflowError, "int too big to convert");
    return -1;
  }
  if (sg < 0) {   /* two's complement: 2**(8len) + z */
    mpz_t m;
    mpz_init_set_ui(m, 1);
    mpz_mul_2exp(m, m, 8 * len);
    mpz_add(z, z, m);
    mpz_clear(m);
  }
  memset(out, 0, len);
  size_t cnt = 0;
  if (mpz_sgn(z) != 0) {
    unsigned char *tmp = mpz_export(NULL, &cnt, -1, 1, 0, 0, z);   /* little endian */
    if (tmp) {
      for (size_t i = 0; i < cnt && i < len; i++) out[little ? i : len - 1 - i] = tmp[i];
      void (*freef)(void *, size_t);
      mp_get_memory_functions(NULL, NULL, &freef);
      freef(tmp, cnt);
    }
  }
  mpz_clear(z);
  return 0;
}

Value num_big_from_bytes(const unsigned char *s, size_t len, int little, int is_signed) {
  mpz_t z;
  mpz_init(z);
  if (len) mpz_import(z, len, little ? -1 : 1, 1, 0, 0, s);
  if (is_signed && len && (s[little ? len - 1 : 0] & 0x80)) {
    mpz_t m;
    mpz_init_set_ui(m, 1);
    mpz_mul_2exp(m, m, 8 * len);
    mpz_sub(z, z, m);
    mpz_clear(m);
  }
  return num_big_from_mpz(z);
}

/* ---- number theory for math/pow ---------------------------------------------------------- */
/* pow(a, e, m) for ints; negative e uses the inverse */
Value num_big_powmod(Value a, Value e, Value m) {
  if (num_big_sign(m) == 0) return obj_raise(&exc_ValueError, "pow() 3rd argument cannot be 0");
  mpz_t x, y, mod, am, r;
  num_big_get(a, x);
  num_big_get(e, y);
  num_big_get(m, mod);
  mpz_init(am);
  mpz_init(r);
  mpz_abs(am, mod);
  Value res = val_null();
  if (mpz_sgn(y) < 0) {
    if (!mpz_invert(x, x, am) && mpz_cmp_ui(am, 1) != 0) {
      res = obj_raise(&exc_ValueError, "base is not invertible for the given modulus");
      goto done;
    }
    mpz_neg(y, y);
  }
  mpz_mod(x, x, am);
  mpz_powm(r, x, y, am);
  if (mpz_sgn(mod) < 0 && mpz_sgn(r) != 0) mpz_add(r, r, mod);
  res = num_big_from_mpz(r);
  mpz_init(r);
done:
  mpz_clears(x, y, mod, am, r, NULL);
  return res;
}

/* math functions: which 0 gcd, 1 lcm, 2 isqrt, 3 factorial, 4 comb(n,k), 5 perm(n,k) */
Value num_big_math(int which, Value a, Value b) {
  mpz_t x, y, r;
  num_big_get(a, x);
  num_big_get(b, y);
  mpz_init(r);
  Value res = val_null();
  switch (which) {
    case 0: mpz_gcd(r, x, y); break;
    case 1: mpz_lcm(r, x, y); break;
    case 2: mpz_sqrt(r, x); break;
    case 3:
    case 4:
    case 5: {
      if (!mpz_fits_ulong_p(which == 3 ? x : y)) { res = obj_raise_nomem(); goto done; }
      unsigned long n = mpz_get_ui(which == 3 ? x : y);
      if (which == 3) {
        if (too_big((double)n * log2((double)n + 1))) goto done;
        mpz_fac_ui(r, n);
      } else if (which == 4) {
        if (mpz_cmp(y, x) > 0) break;
        mpz_sub(r, x, y);
        if (mpz_cmp(r, y) < 0) n = mpz_get_ui(r);   /* comb(n, k) == comb(n, n-k) */
        if (too_big((double)n * (double)mpz_sizeinbase(x, 2))) goto done;
        mpz_bin_ui(r, x, n);
      } else {
        if (mpz_cmp(y, x) > 0) break;
        if (too_big((double)n * (double)mpz_sizeinbase(x, 2))) goto done;
        mpz_set_ui(r, 1);
        mpz_t t;
        mpz_init_set(t, x);
        for (unsigned long i = 0; i < n; i++) {
          mpz_mul(r, r, t);
          mpz_sub_ui(t, t, 1);
          if ((i & 1023) == 1023 && obj_check_signals() < 0) {
            mpz_clear(t);
            goto done;
          }
        }
        mpz_clear(t);
      }
      break;
    }
    default: break;
  }
  mpz_clears(x, y, NULL);
  return num_big_from_mpz(r);
done:
  mpz_clears(x, y, r, NULL);
  return res;
}

/* v = x * 2**e with 0.5 <= |x| < 1, x correctly rounded (CPython's _PyLong_Frexp) */
double num_big_frexp(Value v, int64_t *e) {
  mpz_t q;
  num_big_get(v, q);
  int neg = mpz_sgn(q) < 0;
  mpz_abs(q, q);
  size_t nb = mpz_sizeinbase(q, 2), sh = nb > 55 ? nb - 55 : 0;
  int sticky = sh && mpz_scan1(q, 0) < sh;
  mpz_tdiv_q_2exp(q, q, sh);
  double d = (double)((uint64_t)mpz_get_ui(q) | (uint64_t)sticky);
  mpz_clear(q);
  int k;
  double x = frexp(d, &k);
  *e = (int64_t)k + (int64_t)sh;
  return neg ? -x : x;
}

uint64_t num_big_popcount(Value v) {
  mpz_t z;
  num_big_get(v, z);
  mpz_abs(z, z);
  uint64_t c = (uint64_t)mpz_popcount(z);
  mpz_clear(z);
  return c;
}
