/* mod_pyrandom.c - Python's `random` module: the Mersenne Twister seeded and consumed exactly as
 * CPython's, so random.seed(0); random.random() gives the same numbers (int and float seeds). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "core/core.h"
#include "core/modtable.h"

#define MT_N 624
#define MT_M 397

typedef struct RandomObj {
  Obj ob;
  uint32_t mt[MT_N];
  int mti;
  double gauss_next;
  int has_gauss;
} RandomObj;

static TypeObj random_type;

static void init_genrand(RandomObj *r, uint32_t s) {
  r->mt[0] = s;
  for (int i = 1; i < MT_N; i++)
    r->mt[i] = 1812433253U * (r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) + (uint32_t)i;
  r->mti = MT_N;
}

static void init_by_array(RandomObj *r, const uint32_t *key, size_t klen) {
  init_genrand(r, 19650218U);
  size_t i = 1, j = 0, k = MT_N > klen ? MT_N : klen;
  uint32_t *mt = r->mt;
  for (; k; k--) {
    mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
    i++;
    j++;
    if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
    if (j >= klen) j = 0;
  }
  for (k = MT_N - 1; k; k--) {
    mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
    i++;
    if (i >= MT_N) { mt[0] = mt[MT_N - 1]; i = 1; }
  }
  mt[0] = 0x80000000U;
}

static uint32_t genrand(RandomObj *r) {
  static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
  uint32_t y;
  uint32_t *mt = r->mt;
  if (r->mti >= MT_N) {
    int kk;
    for (kk = 0; kk < MT_N - MT_M; kk++) {
      y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
      mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
    }
    for (; kk < MT_N - 1; kk++) {
      y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
      mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
    }
    y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
    mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
    r->mti = 0;
  }
  y = mt[r->mti++];
  y ^= (y >> 11);
  y ^= (y << 7) & 0x9d2c5680U;
  y ^= (y << 15) & 0xefc60000U;
  y ^= (y >> 18);
  return y;
}

static double random_double(RandomObj *r) {
  uint32_t a = genrand(r) >> 5, b = genrand(r) >> 6;
  return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

static uint64_t getrandbits(RandomObj *r, int k) {
  if (k <= 32) return k == 0 ? 0 : genrand(r) >> (32 - k);
  uint64_t lo = genrand(r);
  uint64_t hi = genrand(r) >> (64 - k);
  return lo | (hi << 32);
}

static int bit_length(uint64_t n) {
  int k = 0;
  while (n) { k++; n >>= 1; }
  return k;
}

static uint64_t randbelow(RandomObj *r, uint64_t n) {
  if (n == 0) return 0;
  int k = bit_length(n);
  uint64_t x = getrandbits(r, k);
  while (x >= n) x = getrandbits(r, k);
  return x;
}

static int do_seed(RandomObj *r, Value a) {
  r->has_gauss = 0;
  uint64_t n;
  if (VAL_IS_NULL(a) || VAL_IS_NONE(a)) {
    uint32_t key[4];
    FILE *f = fopen("/dev/urandom", "rb");
    if (!f || fread(key, sizeof key, 1, f) != 1) {
      struct timespec ts;
      clock_gettime(CLOCK_REALTIME, &ts);
      key[0] = (uint32_t)ts.tv_sec; key[1] = (uint32_t)ts.tv_nsec; key[2] = (uint32_t)getpid(); key[3] = 0;
    }
    if (f) fclose(f);
    init_by_array(r, key, 4);
    return 0;
  }
  a = num_unbox(a);
  if (num_is_big(a)) {
    /* CPython: |a| as 32-bit words, least significant first */
    size_t words = (size_t)((num_big_bitlen(a) + 31) / 32);
    Value m = num_big_unary(OBJ_UOP_ABS, a);
    unsigned char *buf = VAL_IS_NULL(m) ? NULL : obj_malloc(words * 4);
    uint32_t *key = buf ? obj_malloc(words * sizeof(uint32_t)) : NULL;
    if (!key || num_big_to_bytes(m, buf, words * 4, 1, 0) < 0) {
      val_decref(m);
      obj_mfree(buf);
      obj_mfree(key);
      if (!obj_err_occurred()) obj_raise_nomem();
      return -1;
    }
    val_decref(m);
    for (size_t i = 0; i < words; i++)
      key[i] = (uint32_t)buf[4 * i] | (uint32_t)buf[4 * i + 1] << 8 |
               (uint32_t)buf[4 * i + 2] << 16 | (uint32_t)buf[4 * i + 3] << 24;
    init_by_array(r, key, words);
    obj_mfree(buf);
    obj_mfree(key);
    return 0;
  }
  if (VAL_IS_INTLIKE(a)) {
    int64_t v = a.u.i;
    n = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  } else if (VAL_IS_FLOAT(a)) {
    int64_t h = num_hash_double(a.u.f);
    n = h < 0 ? (uint64_t)0 - (uint64_t)h : (uint64_t)h;
  } else {
    obj_raise(&exc_TypeError, "The only supported seed types in Sable are: None, int and float.");
    return -1;
  }
  uint32_t key[2] = {(uint32_t)n, (uint32_t)(n >> 32)};
  init_by_array(r, key, key[1] ? 2 : 1);
  return 0;
}

#define SELFR ((RandomObj *)argv[0].u.o)

static Value r_seed(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("seed", argc - 1, argv + 1, kw, "|a,version", a) < 0) return val_null();
  if (do_seed(SELFR, a[0]) < 0) return val_null();
  return val_none();
}

static Value r_random(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("random", argc - 1, kw, 0, 0) < 0) return val_null();
  return val_float(random_double(SELFR));
}

/* getrandbits(k) for any k, as CPython: 32-bit words, least significant first, the last one
 * shifted right to the bits still wanted */
static Value getrandbits_val(RandomObj *r, int64_t k) {
  if (k <= 63) return val_int((int64_t)getrandbits(r, (int)k));
  int64_t words = (k - 1) / 32 + 1;
  unsigned char *buf = obj_malloc((size_t)words * 4);
  if (!buf) return val_null();
  for (int64_t i = 0; i < words; i++, k -= 32) {
    uint32_t w = genrand(r);
    if (k < 32) w >>= (32 - k);
    for (int b = 0; b < 4; b++) buf[4 * i + b] = (unsigned char)(w >> (8 * b));
  }
  Value v = num_big_from_bytes(buf, (size_t)words * 4, 1, 0);
  obj_mfree(buf);
  return v;
}

/* a random int in [0, n) for an int n > 0 of any size */
static Value randbelow_val(RandomObj *r, Value n) {
  if (VAL_IS_INTLIKE(n)) return val_int((int64_t)randbelow(r, (uint64_t)n.u.i));
  int64_t k = (int64_t)num_big_bitlen(n);
  for (;;) {
    Value x = getrandbits_val(r, k);
    if (VAL_IS_NULL(x) || num_big_cmp(x, n) < 0) return x;
    val_decref(x);
    if (obj_check_signals() < 0) return val_null();
  }
}

static Value r_getrandbits(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("getrandbits", argc - 1, kw, 1, 1) < 0) return val_null();
  int64_t k;
  if (op_as_int(argv[1], &k) < 0) return val_null();
  if (k < 0) return obj_raise(&exc_ValueError, "number of bits must be non-negative");
  return getrandbits_val(SELFR, k);
}

static Value int_of(Value v) {
  Value u = num_unbox(v);
  if (num_is_int(u)) return VAL_IS_BOOL(u) ? val_int(u.u.i) : val_incref(u);
  Value r = op_conv_dunder(v, "__index__");
  if (VAL_IS_NULL(r) && !obj_err_occurred())
    obj_raise(&exc_TypeError, "'%s' object cannot be interpreted as an integer", op_type_name(v));
  return r;
}

/* randrange over ints beyond int64 (CPython 3.11's algorithm, in int Values) */
static Value randrange_big(RandomObj *r, Value vstart, Value vstop, Value vstep) {
  Value start = int_of(vstart), stop = val_null(), step = val_null(), width = val_null();
  Value n = val_null(), res = val_null();
  if (VAL_IS_NULL(start)) return start;
  if (VAL_IS_NULL(vstop) || VAL_IS_NONE(vstop)) {
    if (num_big_sign(start) > 0) res = randbelow_val(r, start);
    else obj_raise(&exc_ValueError, "empty range for randrange()");
    goto done;
  }
  stop = int_of(vstop);
  if (VAL_IS_NULL(stop)) goto done;
  step = VAL_IS_NULL(vstep) ? val_int(1) : int_of(vstep);
  if (VAL_IS_NULL(step)) goto done;
  width = op_binop(OP_SUB, stop, start);
  if (VAL_IS_NULL(width)) goto done;
  if (VAL_IS_INT(step) && step.u.i == 1) {
    if (num_big_sign(width) > 0) {
      Value x = randbelow_val(r, width);
      if (!VAL_IS_NULL(x)) { res = op_binop(OP_ADD, start, x); val_decref(x); }
    } else {
      Value s1 = op_repr(start), s2 = op_repr(stop), s3 = op_repr(width);
      if (!VAL_IS_NULL(s1) && !VAL_IS_NULL(s2) && !VAL_IS_NULL(s3))
        obj_raise(&exc_ValueError, "empty range for randrange() (%s, %s, %s)", str_cstr(s1),
                  str_cstr(s2), str_cstr(s3));
      val_decref(s1); val_decref(s2); val_decref(s3);
    }
    goto done;
  }
  int sg = num_big_sign(step);
  if (sg == 0) { obj_raise(&exc_ValueError, "zero step for randrange()"); goto done; }
  Value t = op_binop(OP_ADD, width, step);
  if (VAL_IS_NULL(t)) goto done;
  Value t2 = op_binop(OP_ADD, t, val_int(sg > 0 ? -1 : 1));
  val_decref(t);
  if (VAL_IS_NULL(t2)) goto done;
  n = op_binop(OP_FLOORDIV, t2, step);
  val_decref(t2);
  if (VAL_IS_NULL(n)) goto done;
  if (num_big_sign(n) <= 0) { obj_raise(&exc_ValueError, "empty range for randrange()"); goto done; }
  Value x = randbelow_val(r, n);
  if (VAL_IS_NULL(x)) goto done;
  Value y = op_binop(OP_MULT, step, x);
  val_decref(x);
  if (VAL_IS_NULL(y)) goto done;
  res = op_binop(OP_ADD, start, y);
  val_decref(y);
done:
  val_decref(start); val_decref(stop); val_decref(step); val_decref(width); val_decref(n);
  return res;
}

static int is_big_arg(Value v) { return !VAL_IS_NULL(v) && num_is_big(num_unbox(v)); }

static Value randrange_impl(RandomObj *r, Value vstart, Value vstop, Value vstep) {
  if (is_big_arg(vstart) || is_big_arg(vstop) || is_big_arg(vstep))
    return randrange_big(r, vstart, vstop, vstep);
  int64_t start, stop, step = 1;
  if (op_as_int(vstart, &start) < 0) return val_null();
  if (VAL_IS_NULL(vstop) || VAL_IS_NONE(vstop)) {
    if (!VAL_IS_NULL(vstep) && !(VAL_IS_INTLIKE(vstep) && vstep.u.i == 1))
      return obj_raise(&exc_TypeError, "Missing a non-None stop argument");
    if (start > 0) return val_int((int64_t)randbelow(r, (uint64_t)start));
    return obj_raise(&exc_ValueError, "empty range for randrange()");
  }
  if (op_as_int(vstop, &stop) < 0) return val_null();
  if (!VAL_IS_NULL(vstep) && op_as_int(vstep, &step) < 0) return val_null();
  __int128 width = (__int128)stop - start;
  if (width > INT64_MAX || width < INT64_MIN) return randrange_big(r, vstart, vstop, vstep);
  if (step == 1) {
    if (width > 0) return val_int(start + (int64_t)randbelow(r, (uint64_t)width));
    return obj_raise(&exc_ValueError, "empty range for randrange() (%lld, %lld, %lld)", (long long)start,
                     (long long)stop, (long long)width);
  }
  if (step == 0) return obj_raise(&exc_ValueError, "zero step for randrange()");
  __int128 n = step > 0 ? (width + step - 1) / step : (width + step + 1) / step;
  if (n <= 0) return obj_raise(&exc_ValueError, "empty range for randrange()");
  return val_int(start + (int64_t)((__int128)step * (__int128)randbelow(r, (uint64_t)n)));
}

static Value r_randrange(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("randrange", argc - 1, argv + 1, kw, "start|stop,step", a) < 0) return val_null();
  return randrange_impl(SELFR, a[0], a[1], a[2]);
}

static Value r_randint(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("randint", argc - 1, kw, 2, 2) < 0) return val_null();
  Value b = int_of(argv[2]);
  if (VAL_IS_NULL(b)) return b;
  Value b1 = op_binop(OP_ADD, b, val_int(1));
  val_decref(b);
  if (VAL_IS_NULL(b1)) return b1;
  Value r = randrange_impl(SELFR, argv[1], b1, val_null());
  val_decref(b1);
  return r;
}

static Value r_choice(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("choice", argc - 1, kw, 1, 1) < 0) return val_null();
  int64_t n;
  if (op_len(argv[1], &n) < 0) return val_null();
  if (n == 0) return obj_raise(&exc_IndexError, "Cannot choose from an empty sequence");
  return op_getitem(argv[1], val_int((int64_t)randbelow(SELFR, (uint64_t)n)));
}

static Value r_shuffle(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("shuffle", argc - 1, kw, 1, 1) < 0) return val_null();
  Value x = argv[1];
  int64_t n;
  if (op_len(x, &n) < 0) return val_null();
  for (int64_t i = n - 1; i >= 1; i--) {
    int64_t j = (int64_t)randbelow(SELFR, (uint64_t)i + 1);
    if (VAL_IS_LIST(x) && LIST(x.u.o)->len == n) {
      Value t = LIST(x.u.o)->items[i];
      LIST(x.u.o)->items[i] = LIST(x.u.o)->items[j];
      LIST(x.u.o)->items[j] = t;
      continue;
    }
    Value a = op_getitem(x, val_int(i));
    if (VAL_IS_NULL(a)) return a;
    Value b = op_getitem(x, val_int(j));
    if (VAL_IS_NULL(b)) { val_decref(a); return b; }
    int r = op_setitem(x, val_int(i), b) < 0 || op_setitem(x, val_int(j), a) < 0;
    val_decref(a);
    val_decref(b);
    if (r) return val_null();
  }
  return val_none();
}

static Value r_uniform(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("uniform", argc - 1, kw, 2, 2) < 0) return val_null();
  double a, b;
  if (op_as_float(argv[1], &a) < 0 || op_as_float(argv[2], &b) < 0) return val_null();
  return val_float(a + (b - a) * random_double(SELFR));
}

static Value r_gauss(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("gauss", argc - 1, argv + 1, kw, "|mu,sigma", a) < 0) return val_null();
  double mu = 0.0, sigma = 1.0;
  if (!VAL_IS_NULL(a[0]) && op_as_float(a[0], &mu) < 0) return val_null();
  if (!VAL_IS_NULL(a[1]) && op_as_float(a[1], &sigma) < 0) return val_null();
  RandomObj *r = SELFR;
  double z;
  if (r->has_gauss) {
    z = r->gauss_next;
    r->has_gauss = 0;
  } else {
    double x2pi = random_double(r) * 2 * M_PI;
    double g2rad = sqrt(-2.0 * log(1.0 - random_double(r)));
    z = cos(x2pi) * g2rad;
    r->gauss_next = sin(x2pi) * g2rad;
    r->has_gauss = 1;
  }
  return val_float(mu + z * sigma);
}

static Value r_normalvariate(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("normalvariate", argc - 1, argv + 1, kw, "|mu,sigma", a) < 0) return val_null();
  double mu = 0.0, sigma = 1.0;
  if (!VAL_IS_NULL(a[0]) && op_as_float(a[0], &mu) < 0) return val_null();
  if (!VAL_IS_NULL(a[1]) && op_as_float(a[1], &sigma) < 0) return val_null();
  const double NV = 4 * exp(-0.5) / sqrt(2.0);
  double z;
  for (;;) {
    double u1 = random_double(SELFR), u2 = 1.0 - random_double(SELFR);
    z = NV * (u1 - 0.5) / u2;
    if (z * z / 4.0 <= -log(u2)) break;
  }
  return val_float(mu + z * sigma);
}

static Value r_expovariate(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("expovariate", argc - 1, kw, 1, 1) < 0) return val_null();
  double l;
  if (op_as_float(argv[1], &l) < 0) return val_null();
  if (l == 0) return obj_raise(&exc_ZeroDivisionError, "float division by zero");
  return val_float(-log(1.0 - random_double(SELFR)) / l);
}

static Value r_sample(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("sample", argc - 1, argv + 1, kw, "population,k|$counts", a) < 0) return val_null();
  if (VAL_IS_SETLIKE(a[0]) || VAL_IS_DICT(a[0]))
    return obj_raise(&exc_TypeError, "Population must be a sequence.  For dicts or sets, use sorted(d).");
  Value pop = list_from_iterable(a[0]);
  if (VAL_IS_NULL(pop)) return pop;
  int64_t n = LIST(pop.u.o)->len, k;
  if (op_as_int(a[1], &k) < 0) { val_decref(pop); return val_null(); }
  if (k < 0 || k > n) {
    val_decref(pop);
    return obj_raise(&exc_ValueError, "Sample larger than population or is negative");
  }
  Value result = list_new(k);
  if (VAL_IS_NULL(result)) { val_decref(pop); return result; }
  RandomObj *r = SELFR;
  int64_t setsize = 21;
  if (k > 5) setsize += (int64_t)pow(4.0, ceil(log((double)k * 3) / log(4.0)));
  Value *items = LIST(pop.u.o)->items, *out = LIST(result.u.o)->items;
  if (n <= setsize) {
    for (int64_t i = 0; i < k; i++) {
      int64_t j = (int64_t)randbelow(r, (uint64_t)(n - i));
      val_decref(out[i]);
      out[i] = val_incref(items[j]);
      Value t = items[j];
      items[j] = items[n - i - 1];
      items[n - i - 1] = t;
    }
  } else {
    Value selected = set_new();
    if (VAL_IS_NULL(selected)) { val_decref(pop); val_decref(result); return selected; }
    for (int64_t i = 0; i < k; i++) {
      int64_t j = (int64_t)randbelow(r, (uint64_t)n);
      while (set_contains(selected, val_int(j)) > 0) j = (int64_t)randbelow(r, (uint64_t)n);
      set_add(selected, val_int(j));
      val_decref(out[i]);
      out[i] = val_incref(items[j]);
    }
    val_decref(selected);
  }
  val_decref(pop);
  return result;
}

static Value r_choices(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("choices", argc - 1, argv + 1, kw, "population|weights,$cum_weights,k", a) < 0)
    return val_null();
  int64_t k = 1;
  if (!VAL_IS_NULL(a[3]) && op_as_int(a[3], &k) < 0) return val_null();
  Value pop = list_from_iterable(a[0]);
  if (VAL_IS_NULL(pop)) return pop;
  int64_t n = LIST(pop.u.o)->len;
  Value out = list_new(0);
  double *cum = NULL;
  if (VAL_IS_NULL(out)) goto fail;
  RandomObj *r = SELFR;
  if ((VAL_IS_NULL(a[1]) || VAL_IS_NONE(a[1])) && (VAL_IS_NULL(a[2]) || VAL_IS_NONE(a[2]))) {
    if (n == 0 && k > 0) { obj_raise(&exc_IndexError, "list index out of range"); goto fail; }
    for (int64_t i = 0; i < k; i++)
      if (list_append(out, LIST(pop.u.o)->items[(int64_t)floor(random_double(r) * (double)n)]) < 0) goto fail;
    val_decref(pop);
    return out;
  }
  Value w = !VAL_IS_NULL(a[2]) && !VAL_IS_NONE(a[2]) ? a[2] : a[1];
  int cumulative = w.u.o == a[2].u.o && !VAL_IS_NULL(a[2]) && !VAL_IS_NONE(a[2]);
  Value wl = list_from_iterable(w);
  if (VAL_IS_NULL(wl)) goto fail;
  if (LIST(wl.u.o)->len != n) {
    val_decref(wl);
    obj_raise(&exc_ValueError, "The number of weights does not match the population");
    goto fail;
  }
  cum = obj_calloc((size_t)n + 1, sizeof(double));
  if (!cum) { val_decref(wl); goto fail; }
  double acc = 0;
  for (int64_t i = 0; i < n; i++) {
    double x;
    if (op_as_float(LIST(wl.u.o)->items[i], &x) < 0) { val_decref(wl); goto fail; }
    acc = cumulative ? x : acc + x;
    cum[i] = acc;
  }
  val_decref(wl);
  double total = n ? cum[n - 1] : 0.0;
  if (n == 0 || total <= 0.0) { obj_raise(&exc_ValueError, "Total of weights must be greater than zero"); goto fail; }
  for (int64_t i = 0; i < k; i++) {
    double x = random_double(r) * total;
    int64_t lo = 0, hi = n - 1;
    while (lo < hi) {
      int64_t mid = (lo + hi) / 2;
      if (x < cum[mid]) hi = mid;
      else lo = mid + 1;
    }
    if (list_append(out, LIST(pop.u.o)->items[lo]) < 0) goto fail;
  }
  free(cum);
  val_decref(pop);
  return out;
fail:
  free(cum);
  val_decref(pop);
  val_decref(out);
  return val_null();
}

static Value r_getstate(int argc, const Value *argv, Obj *kw) {
  RandomObj *r = SELFR;
  Value t = tuple_new(MT_N + 1);
  if (VAL_IS_NULL(t)) return t;
  for (int i = 0; i < MT_N; i++) TUPLE_SET(t, i, val_int(r->mt[i]));
  TUPLE_SET(t, MT_N, val_int(r->mti));
  Value s = tuple_pack(3, val_int(3), t, r->has_gauss ? val_float(r->gauss_next) : val_none());
  val_decref(t);
  return s;
}

static Value r_setstate(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("setstate", argc - 1, kw, 1, 1) < 0) return val_null();
  Value s = argv[1];
  if (!VAL_IS_TUPLE(s) || TUPLE(s.u.o)->len != 3 || !VAL_IS_TUPLE(TUPLE(s.u.o)->items[1]) ||
      TUPLE(TUPLE(s.u.o)->items[1].u.o)->len != MT_N + 1)
    return obj_raise(&exc_ValueError, "state vector is the wrong size");
  RandomObj *r = SELFR;
  TupleObj *t = TUPLE(TUPLE(s.u.o)->items[1].u.o);
  for (int i = 0; i <= MT_N; i++)
    if (!VAL_IS_INTLIKE(t->items[i])) return obj_raise(&exc_TypeError, "state vector items must be integers");
  for (int i = 0; i < MT_N; i++) r->mt[i] = (uint32_t)t->items[i].u.i;
  r->mti = (int)t->items[MT_N].u.i;
  if (r->mti < 0 || r->mti > MT_N) r->mti = MT_N;
  Value g = TUPLE(s.u.o)->items[2];
  r->has_gauss = VAL_IS_FLOAT(g);
  if (r->has_gauss) r->gauss_next = g.u.f;
  return val_none();
}

static const MethodDef random_methods[] = {
    {"seed", r_seed, "seed(a=None)\nInitialize the generator from an int (or None: the OS's randomness).", 0},
    {"random", r_random, "random()\nx in the interval [0, 1).", 0},
    {"getrandbits", r_getrandbits, "getrandbits(k)\nAn int with k random bits.", 0},
    {"randrange", r_randrange, "randrange(start, stop=None, step=1)\nChoose a random item from range(start, stop[, step]).", 0},
    {"randint", r_randint, "randint(a, b)\nA random integer in [a, b], both ends included.", 0},
    {"choice", r_choice, "choice(seq)\nChoose a random element from a non-empty sequence.", 0},
    {"choices", r_choices, "choices(population, weights=None, *, cum_weights=None, k=1)\nA k sized list of elements chosen with replacement.", 0},
    {"shuffle", r_shuffle, "shuffle(x)\nShuffle list x in place.", 0},
    {"sample", r_sample, "sample(population, k)\nChoose k unique random elements.", 0},
    {"uniform", r_uniform, "uniform(a, b)\nA random number in the range [a, b).", 0},
    {"gauss", r_gauss, "gauss(mu=0.0, sigma=1.0)\nGaussian distribution.", 0},
    {"normalvariate", r_normalvariate, "normalvariate(mu=0.0, sigma=1.0)\nNormal distribution.", 0},
    {"expovariate", r_expovariate, "expovariate(lambd)\nExponential distribution.", 0},
    {"getstate", r_getstate, "getstate()", 0},
    {"setstate", r_setstate, "setstate(state)", 0},
    {NULL}};

static void random_dealloc(Obj *o) { obj_free(o); }

static Value random_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("Random", argc, kw, 0, 1) < 0) return val_null();
  RandomObj *r = obj_alloc(t, sizeof(RandomObj));
  if (!r) return val_null();
  Value v = val_obj(&r->ob);
  if (do_seed(r, argc ? argv[0] : val_null()) < 0) { val_decref(v); return val_null(); }
  return v;
}

static TypeObj random_type = {OBJ_TYPE_HEAD, .name = "Random",
                              .doc = "Random(x=None)\nA Mersenne Twister random number generator.",
                              .dealloc = random_dealloc, .new = random_new, .methods = random_methods};

int modinit_random(Value m) {
  Value inst = random_new(&random_type, 0, NULL, NULL);
  if (VAL_IS_NULL(inst)) return -1;
  int r = module_add(m, "Random", val_obj(&random_type.ob)) | module_add(m, "_inst", inst);
  for (const MethodDef *d = random_methods; d->name && r == 0; d++) {
    Value bm = op_getattr_s(inst, d->name);
    if (VAL_IS_NULL(bm)) { r = -1; break; }
    r = module_add(m, d->name, bm);
    val_decref(bm);
  }
  val_decref(inst);
  return r;
}
