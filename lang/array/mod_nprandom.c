/* mod_nprandom.c - numpy.random's legacy RandomState (MT19937, the polar Gaussian, masked
 * bounded integers), stream-for-stream equal to NumPy's for the same seed; module functions
 * (np.random.seed, rand, randn, ...) use one global state. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/core.h"
#include "core/modtable.h"
#include "arrobj.h"


/* {=== MT19937 ===} */
#define MT_N 624
#define MT_M 397
typedef struct MT { uint32_t key[MT_N]; int pos; int has_gauss; double gauss; } MT;

static void mt_seed(MT *s, uint32_t seed) {
  for (int i = 0; i < MT_N; i++) {
    s->key[i] = seed;
    seed = 1812433253U * (seed ^ (seed >> 30)) + (uint32_t)i + 1;
  }
  s->pos = MT_N;
  s->has_gauss = 0;
  s->gauss = 0;
}

/* init_by_array, as numpy seeds from an array of words */
static void mt_seed_array(MT *s, const uint32_t *key, int len) {
  mt_seed(s, 19650218U);
  int i = 1, j = 0, k = MT_N > len ? MT_N : len;
  for (; k; k--) {
    s->key[i] = (s->key[i] ^ ((s->key[i - 1] ^ (s->key[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
    i++;
    j++;
    if (i >= MT_N) { s->key[0] = s->key[MT_N - 1]; i = 1; }
    if (j >= len) j = 0;
  }
  for (k = MT_N - 1; k; k--) {
    s->key[i] = (s->key[i] ^ ((s->key[i - 1] ^ (s->key[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
    i++;
    if (i >= MT_N) { s->key[0] = s->key[MT_N - 1]; i = 1; }
  }
  s->key[0] = 0x80000000U;
}

static void mt_gen(MT *s) {
  int i;
  uint32_t y;
  for (i = 0; i < MT_N - MT_M; i++) {
    y = (s->key[i] & 0x80000000U) | (s->key[i + 1] & 0x7fffffffU);
    s->key[i] = s->key[i + MT_M] ^ (y >> 1) ^ (-(y & 1) & 0x9908b0dfU);
  }
  for (; i < MT_N - 1; i++) {
    y = (s->key[i] & 0x80000000U) | (s->key[i + 1] & 0x7fffffffU);
    s->key[i] = s->key[i + (MT_M - MT_N)] ^ (y >> 1) ^ (-(y & 1) & 0x9908b0dfU);
  }
  y = (s->key[MT_N - 1] & 0x80000000U) | (s->key[0] & 0x7fffffffU);
  s->key[MT_N - 1] = s->key[MT_M - 1] ^ (y >> 1) ^ (-(y & 1) & 0x9908b0dfU);
  s->pos = 0;
}

static uint32_t mt_next32(MT *s) {
  if (s->pos == MT_N) mt_gen(s);
  uint32_t y = s->key[s->pos++];
  y ^= (y >> 11);
  y ^= (y << 7) & 0x9d2c5680U;
  y ^= (y << 15) & 0xefc60000U;
  y ^= (y >> 18);
  return y;
}
static uint64_t mt_next64(MT *s) {
  uint64_t hi = mt_next32(s);
  return (hi << 32) | mt_next32(s);
}
static double mt_double(MT *s) {
  int32_t a = (int32_t)(mt_next32(s) >> 5), b = (int32_t)(mt_next32(s) >> 6);
  return (a * 67108864.0 + b) / 9007199254740992.0;
}
static double mt_gauss(MT *s) {
  if (s->has_gauss) {
    s->has_gauss = 0;
    double t = s->gauss;
    s->gauss = 0;
    return t;
  }
  double f, x1, x2, r2;
  do {
    x1 = 2.0 * mt_double(s) - 1.0;
    x2 = 2.0 * mt_double(s) - 1.0;
    r2 = x1 * x1 + x2 * x2;
  } while (r2 >= 1.0 || r2 == 0.0);
  f = sqrt(-2.0 * log(r2) / r2);
  s->gauss = f * x1;
  s->has_gauss = 1;
  return f * x2;
}
static uint64_t gen_mask(uint64_t m) {
  m |= m >> 1; m |= m >> 2; m |= m >> 4; m |= m >> 8; m |= m >> 16; m |= m >> 32;
  return m;
}
/* a value in [0, rng] by masked rejection (numpy's legacy bounded integers / random_interval) */
static uint64_t mt_bounded(MT *s, uint64_t rng) {
  if (rng == 0) return 0;
  uint64_t mask = gen_mask(rng), v;
  if (rng <= 0xffffffffULL) {
    if (rng == 0xffffffffULL) return mt_next32(s);
    while ((v = (mt_next32(s) & mask)) > rng) {}
  } else {
    if (rng == 0xffffffffffffffffULL) return mt_next64(s);
    while ((v = (mt_next64(s) & mask)) > rng) {}
  }
  return v;
}

/* {=== RandomState objects ===} */
typedef struct RSObj { Obj ob; MT mt; } RSObj;
static TypeObj rs_type;
static RSObj global_rs = {.ob = {OBJ_IMMORTAL, &rs_type}};
static int global_seeded;

static void seed_random(MT *s) {
  uint32_t words[4];
  FILE *f = fopen("/dev/urandom", "rb");
  if (!f || fread(words, sizeof words, 1, f) != 1) {
    words[0] = (uint32_t)time(NULL);
    words[1] = (uint32_t)clock();
    words[2] = 0x9e3779b9U;
    words[3] = (uint32_t)(uintptr_t)s;
  }
  if (f) fclose(f);
  mt_seed_array(s, words, 4);
}

static MT *state_of(Value self) {
  if (self.tag == V_OBJ && self.u.o->type == &rs_type) return &((RSObj *)self.u.o)->mt;
  if (!global_seeded) { seed_random(&global_rs.mt); global_seeded = 1; }
  return &global_rs.mt;
}

static int do_seed(MT *s, Value seed) {
  if (VAL_IS_NULL(seed) || VAL_IS_NONE(seed)) { seed_random(s); return 0; }
  if (VAL_IS_LIST(seed) || VAL_IS_TUPLE(seed) || lx_is_arr(seed)) {
    Value a = lx_asarray(seed, FAM_NP, DT_INT64, 0);
    if (VAL_IS_NULL(a)) return -1;
    Array *x = lx_arr(a);
    if (x->size == 0) { val_decref(a); obj_raise(&exc_ValueError, "Seed must be non-empty"); return -1; }
    if (x->ndim == 0) {
      int64_t v = arr_get_i(x, 0);
      val_decref(a);
      if (v < 0 || v > 0xffffffffLL) { obj_raise(&exc_ValueError, "Seed must be between 0 and 2**32 - 1"); return -1; }
      mt_seed(s, (uint32_t)v);
      return 0;
    }
    uint32_t *w = obj_malloc((size_t)x->size * sizeof(uint32_t));
    if (!w) { val_decref(a); return -1; }
    for (int64_t i = 0; i < x->size; i++) {
      int64_t v = arr_get_i(x, i);
      if (v < 0 || v > 0xffffffffLL) {
        obj_mfree(w);
        val_decref(a);
        obj_raise(&exc_ValueError, "Seed must be between 0 and 2**32 - 1");
        return -1;
      }
      w[i] = (uint32_t)v;
    }
    mt_seed_array(s, w, (int)x->size);
    obj_mfree(w);
    val_decref(a);
    return 0;
  }
  int64_t v;
  if (lx_as_int(seed, &v) < 0) return -1;
  if (v < 0 || v > 0xffffffffLL) {
    obj_raise(&exc_ValueError, "Seed must be between 0 and 2**32 - 1");
    return -1;
  }
  mt_seed(s, (uint32_t)v);
  return 0;
}

/* size argument: None -> scalar (returns 0 with *scalar = 1) */
static int size_arg(Value v, int64_t *shape, int *scalar) {
  *scalar = VAL_IS_NULL(v) || VAL_IS_NONE(v);
  if (*scalar) return 0;
  return lx_parse_shape(v, shape);
}

static Value new_f64(int nd, const int64_t *shape, Array **out) {
  *out = arr_new(DT_FLOAT64, nd, shape);
  if (!*out) return lx_raise_engine(FAM_NP);
  return lx_wrap(*out, FAM_NP);
}

/* methods take self first; the module functions pass V_NULL for the global state */
typedef Value (*RSFn)(Value self, int argc, const Value *argv, Obj *kw);

static Value rs_seed(Value self, int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("seed", argc, argv, kw, "|seed", a) < 0) return val_null();
  MT *s = state_of(self);
  if (do_seed(s, a[0]) < 0) return val_null();
  if (VAL_IS_NULL(self)) global_seeded = 1;
  return val_none();
}

static Value sample_doubles(MT *s, Value size, double lo, double span, int gauss) {
  int64_t shape[ARR_MAXDIM];
  int scalar;
  int nd = size_arg(size, shape, &scalar);
  if (nd < 0) return val_null();
  if (scalar) return val_float(lo + span * (gauss ? mt_gauss(s) : mt_double(s)));
  Array *x;
  Value r = new_f64(nd, shape, &x);
  if (VAL_IS_NULL(r)) return r;
  double *p = arr_data(x);
  for (int64_t i = 0; i < x->size; i++) p[i] = lo + span * (gauss ? mt_gauss(s) : mt_double(s));
  return r;
}

static Value rs_random_sample(Value self, int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("random_sample", argc, argv, kw, "|size", a) < 0) return val_null();
  return sample_doubles(state_of(self), a[0], 0.0, 1.0, 0);
}

static Value shape_from_args(int argc, const Value *argv) {
  Value t = tuple_new(argc);
  if (VAL_IS_NULL(t)) return t;
  for (int i = 0; i < argc; i++) TUPLE_SET(t, i, val_incref(argv[i]));
  return t;
}

static Value rs_rand(Value self, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("rand", argc, kw, 0, ARR_MAXDIM) < 0) return val_null();
  if (argc == 0) return val_float(mt_double(state_of(self)));
  Value t = shape_from_args(argc, argv);
  if (VAL_IS_NULL(t)) return t;
  Value r = sample_doubles(state_of(self), t, 0.0, 1.0, 0);
  val_decref(t);
  return r;
}

static Value rs_randn(Value self, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("randn", argc, kw, 0, ARR_MAXDIM) < 0) return val_null();
  if (argc == 0) return val_float(mt_gauss(state_of(self)));
  Value t = shape_from_args(argc, argv);
  if (VAL_IS_NULL(t)) return t;
  Value r = sample_doubles(state_of(self), t, 0.0, 1.0, 1);
  val_decref(t);
  return r;
}

static Value rs_standard_normal(Value self, int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("standard_normal", argc, argv, kw, "|size", a) < 0) return val_null();
  return sample_doubles(state_of(self), a[0], 0.0, 1.0, 1);
}

/* loc + scale * g with array-valued loc/scale broadcast against size */
static Value two_param(MT *s, Value p0, Value p1, Value size, double d0, double d1, int gauss,
                       int uniform) {
  int scalar0 = VAL_IS_NULL(p0) || p0.tag == V_INT || p0.tag == V_FLOAT || p0.tag == V_BOOL;
  int scalar1 = VAL_IS_NULL(p1) || p1.tag == V_INT || p1.tag == V_FLOAT || p1.tag == V_BOOL;
  double a = d0, b = d1;
  if (!VAL_IS_NULL(p0) && scalar0 && op_as_float(p0, &a) < 0) return val_null();
  if (!VAL_IS_NULL(p1) && scalar1 && op_as_float(p1, &b) < 0) return val_null();
  if (scalar0 && scalar1) {
    if (!uniform && b < 0) return obj_raise(&exc_ValueError, "scale < 0");
    return sample_doubles(s, size, uniform ? a : a, uniform ? b - a : b, gauss);
  }
  /* array parameters: broadcast to size (or to their common shape) */
  Value A = lx_asarray(VAL_IS_NULL(p0) ? val_float(d0) : p0, FAM_NP, DT_FLOAT64, 0);
  Value B = VAL_IS_NULL(A) ? A : lx_asarray(VAL_IS_NULL(p1) ? val_float(d1) : p1, FAM_NP, DT_FLOAT64, 0);
  Value r = val_null();
  if (VAL_IS_NULL(B)) { val_decref(A); return r; }
  Array *aa = lx_arr(A), *ba = lx_arr(B);
  int64_t shape[ARR_MAXDIM];
  int nd, sc;
  if (!VAL_IS_NULL(size) && !VAL_IS_NONE(size)) {
    nd = size_arg(size, shape, &sc);
    if (nd < 0) goto out;
  } else if (arr_broadcast_shapes("random", aa->shape, aa->ndim, ba->shape, ba->ndim, shape, &nd) < 0) {
    r = lx_raise_engine(FAM_NP);
    goto out;
  }
  {
    Value ab = lx_broadcast_to(A, nd, shape), bb = VAL_IS_NULL(ab) ? ab : lx_broadcast_to(B, nd, shape);
    if (VAL_IS_NULL(bb)) { val_decref(ab); goto out; }
    Array *x;
    r = new_f64(nd, shape, &x);
    if (!VAL_IS_NULL(r)) {
      double *p = arr_data(x);
      for (int64_t i = 0; i < x->size; i++) {
        double lo = arr_get_f(lx_arr(ab), i), hi = arr_get_f(lx_arr(bb), i);
        double g = gauss ? mt_gauss(s) : mt_double(s);
        p[i] = uniform ? lo + (hi - lo) * g : lo + hi * g;
      }
    }
    val_decref(ab);
    val_decref(bb);
  }
out:
  val_decref(A);
  val_decref(B);
  return r;
}

static Value rs_normal(Value self, int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("normal", argc, argv, kw, "|loc,scale,size", a) < 0) return val_null();
  return two_param(state_of(self), a[0], a[1], a[2], 0.0, 1.0, 1, 0);
}

static Value rs_uniform(Value self, int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("uniform", argc, argv, kw, "|low,high,size", a) < 0) return val_null();
  return two_param(state_of(self), a[0], a[1], a[2], 0.0, 1.0, 0, 1);
}

static Value rs_randint(Value self, int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("randint", argc, argv, kw, "low|high,size,dtype", a) < 0) return val_null();
  int64_t lo, hi;
  if (lx_as_int(a[0], &lo) < 0) return val_null();
  if (VAL_IS_NULL(a[1]) || VAL_IS_NONE(a[1])) { hi = lo; lo = 0; }
  else if (lx_as_int(a[1], &hi) < 0) return val_null();
  if (lo >= hi) return obj_raise(&exc_ValueError, "low >= high");
  int d = lx_parse_dtype(a[3], FAM_NP);
  if (d == -2) return val_null();
  if (d < 0) d = DT_INT64;
  if (!dt_is_int((DType)d)) return obj_raise(&exc_TypeError, "Unsupported dtype %s for randint", arr_dtypes[d].name);
  MT *s = state_of(self);
  uint64_t rng = (uint64_t)hi - (uint64_t)lo - 1;
  int64_t shape[ARR_MAXDIM];
  int scalar;
  int nd = size_arg(a[2], shape, &scalar);
  if (nd < 0) return val_null();
  if (scalar) return val_int(lo + (int64_t)mt_bounded(s, rng));
  Array *x = arr_new((DType)d, nd, shape);
  if (!x) return lx_raise_engine(FAM_NP);
  for (int64_t i = 0; i < x->size; i++) {
    int64_t v = lo + (int64_t)mt_bounded(s, rng);
    lx_store_i((DType)d, (char *)arr_data(x) + i * dt_size((DType)d), v);
  }
  return lx_wrap(x, FAM_NP);
}

/* Fisher-Yates from the end with random_interval, along the first axis */
static int shuffle_array(MT *s, Array *x) {
  if (x->ndim == 0) { obj_raise(&exc_TypeError, "object of type 'numpy.ndarray' has no len()"); return -1; }
  int64_t n = x->shape[0];
  if (n < 2) return 0;
  Array *row_i = NULL, *row_j = NULL, *tmp = NULL;
  for (int64_t i = n - 1; i >= 1; i--) {
    int64_t j = (int64_t)mt_bounded(s, (uint64_t)i);
    if (i == j) continue;
    row_i = arr_view_index(x, 0, i);
    row_j = arr_view_index(x, 0, j);
    tmp = row_i ? arr_copy(row_i) : NULL;
    int rc = (row_i && row_j && tmp && arr_assign(row_i, row_j) == 0 && arr_assign(row_j, tmp) == 0) ? 0 : -1;
    arr_release(row_i);
    arr_release(row_j);
    arr_release(tmp);
    if (rc < 0) { lx_raise_engine(FAM_NP); return -1; }
  }
  return 0;
}

static Value rs_shuffle(Value self, int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("shuffle", argc, argv, kw, "x", a) < 0) return val_null();
  MT *s = state_of(self);
  if (VAL_IS_LIST(a[0])) {
    ListObj *l = LIST(a[0].u.o);
    for (int64_t i = l->len - 1; i >= 1; i--) {
      int64_t j = (int64_t)mt_bounded(s, (uint64_t)i);
      Value t = l->items[i];
      l->items[i] = l->items[j];
      l->items[j] = t;
    }
    return val_none();
  }
  Array *x = lx_arr(a[0]);
  if (!x || lx_family(a[0]) != FAM_NP) return obj_raise(&exc_TypeError, "shuffle: expected a numpy array or a list");
  if (!(x->flags & ARR_WRITABLE)) return obj_raise(&exc_ValueError, "array is read-only");
  if (shuffle_array(s, x) < 0) return val_null();
  return val_none();
}

static Value permutation_of(MT *s, Value x) {
  Value arr;
  if (VAL_IS_INTLIKE(x)) {
    arr = lx_iota(FAM_NP, DT_INT64, x.u.i < 0 ? 0 : x.u.i);
  } else {
    arr = lx_asarray(x, FAM_NP, -1, 1);
  }
  if (VAL_IS_NULL(arr)) return arr;
  Array *a = lx_arr(arr);
  a->flags |= ARR_WRITABLE;
  if (shuffle_array(s, a) < 0) { val_decref(arr); return val_null(); }
  return arr;
}

static Value rs_permutation(Value self, int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("permutation", argc, argv, kw, "x", a) < 0) return val_null();
  return permutation_of(state_of(self), a[0]);
}

static Value rs_choice(Value self, int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("choice", argc, argv, kw, "a|size,replace,p", a) < 0) return val_null();
  MT *s = state_of(self);
  int replace = 1;
  if (!VAL_IS_NULL(a[2]) && (replace = op_truth(a[2])) < 0) return val_null();
  Value pool = val_null();
  int64_t n;
  if (VAL_IS_INTLIKE(a[0])) {
    n = a[0].u.i;
    if (n <= 0) return obj_raise(&exc_ValueError, "a must be a positive integer unless no samples are taken");
  } else {
    pool = lx_asarray(a[0], FAM_NP, -1, 0);
    if (VAL_IS_NULL(pool)) return pool;
    if (lx_arr(pool)->ndim != 1) { val_decref(pool); return obj_raise(&exc_ValueError, "a must be 1-dimensional"); }
    n = lx_arr(pool)->shape[0];
    if (n == 0) { val_decref(pool); return obj_raise(&exc_ValueError, "'a' cannot be empty unless no samples are taken"); }
  }
  int64_t shape[ARR_MAXDIM];
  int scalar;
  int nd = size_arg(a[1], shape, &scalar);
  if (nd < 0) { val_decref(pool); return val_null(); }
  int64_t m = 1;
  for (int i = 0; i < nd; i++) m *= shape[i];
  Array *idx = arr_new(DT_INT64, scalar ? 0 : nd, shape);
  Value r = val_null(), pv = val_null();
  if (!idx) { val_decref(pool); return lx_raise_engine(FAM_NP); }
  int64_t *ip = arr_data(idx);
  if (!VAL_IS_NULL(a[3]) && !VAL_IS_NONE(a[3])) {
    pv = lx_asarray(a[3], FAM_NP, DT_FLOAT64, 1);
    if (VAL_IS_NULL(pv)) goto out;
    Array *p = lx_arr(pv);
    if (p->ndim != 1 || p->shape[0] != n) { r = obj_raise(&exc_ValueError, "'a' and 'p' must have same size"); goto out; }
    double *pp = arr_data(p), tot = 0;
    for (int64_t i = 0; i < n; i++) {
      if (pp[i] < 0) { r = obj_raise(&exc_ValueError, "probabilities are not non-negative"); goto out; }
      tot += pp[i];
    }
    if (fabs(tot - 1.0) > sqrt(2.220446049250313e-16)) { r = obj_raise(&exc_ValueError, "probabilities do not sum to 1"); goto out; }
    double *cdf = obj_malloc((size_t)n * sizeof(double));
    if (!cdf) goto out;
    if (replace) {
      double c = 0;
      for (int64_t i = 0; i < n; i++) { c += pp[i]; cdf[i] = c; }
      for (int64_t i = 0; i < n; i++) cdf[i] /= cdf[n - 1];
      for (int64_t k = 0; k < (scalar ? 1 : m); k++) {
        double u = mt_double(s);
        int64_t lo = 0, hi = n;   /* searchsorted side='right' */
        while (lo < hi) { int64_t mid = (lo + hi) / 2; if (cdf[mid] <= u) lo = mid + 1; else hi = mid; }
        ip[k] = lo;
      }
    } else {
      int64_t need = scalar ? 1 : m, got = 0;
      if (need > n) { obj_mfree(cdf); r = obj_raise(&exc_ValueError, "Cannot take a larger sample than population when 'replace=False'"); goto out; }
      int64_t nz = 0;
      for (int64_t i = 0; i < n; i++) nz += pp[i] > 0;
      if (nz < need) { obj_mfree(cdf); r = obj_raise(&exc_ValueError, "Fewer non-zero entries in p than size"); goto out; }
      double *u = obj_malloc((size_t)need * sizeof(double));
      int64_t *nw = obj_malloc((size_t)need * sizeof(int64_t));
      if (!u || !nw) { obj_mfree(u); obj_mfree(nw); obj_mfree(cdf); goto out; }
      while (got < need) {
        int64_t k = need - got;
        for (int64_t q = 0; q < k; q++) u[q] = mt_double(s);
        for (int64_t q = 0; q < got; q++) pp[ip[q]] = 0;
        double c = 0;
        for (int64_t i = 0; i < n; i++) { c += pp[i]; cdf[i] = c; }
        for (int64_t i = 0; i < n; i++) cdf[i] /= cdf[n - 1];
        for (int64_t q = 0; q < k; q++) {
          int64_t lo = 0, hi = n;
          while (lo < hi) { int64_t mid = (lo + hi) / 2; if (cdf[mid] <= u[q]) lo = mid + 1; else hi = mid; }
          nw[q] = lo;
        }
        /* keep the first occurrence of each new index, in order of appearance */
        for (int64_t q = 0; q < k; q++) {
          int dup = 0;
          for (int64_t t = 0; t < q && !dup; t++) dup = nw[t] == nw[q];
          if (!dup) ip[got++] = nw[q];
        }
      }
      obj_mfree(u);
      obj_mfree(nw);
    }
    obj_mfree(cdf);
  } else if (replace) {
    for (int64_t k = 0; k < (scalar ? 1 : m); k++) ip[k] = (int64_t)mt_bounded(s, (uint64_t)(n - 1));
  } else {
    if ((scalar ? 1 : m) > n) { r = obj_raise(&exc_ValueError, "Cannot take a larger sample than population when 'replace=False'"); goto out; }
    Value perm = permutation_of(s, val_int(n));
    if (VAL_IS_NULL(perm)) goto out;
    int64_t *pp = arr_data(lx_arr(perm));
    for (int64_t k = 0; k < (scalar ? 1 : m); k++) ip[k] = pp[k];
    val_decref(perm);
  }
  if (VAL_IS_NULL(pool)) {
    r = scalar ? val_int(ip[0]) : lx_wrap(arr_retain(idx), FAM_NP);
  } else {
    Value iv = lx_wrap(arr_retain(idx), FAM_NP);
    r = VAL_IS_NULL(iv) ? iv : lx_getitem(pool, iv);
    val_decref(iv);
  }
out:
  arr_release(idx);
  val_decref(pool);
  val_decref(pv);
  return r;
}

#define RS_METHODS(X)                                                                          \
  X(seed, "seed(seed=None)") X(random_sample, "random_sample(size=None)")                      \
  X(rand, "rand(d0, d1, ...)") X(randn, "randn(d0, d1, ...)")                                  \
  X(standard_normal, "standard_normal(size=None)") X(normal, "normal(loc=0.0, scale=1.0, size=None)") \
  X(uniform, "uniform(low=0.0, high=1.0, size=None)") X(randint, "randint(low, high=None, size=None, dtype=int)") \
  X(shuffle, "shuffle(x): in place along the first axis") X(permutation, "permutation(x)")    \
  X(choice, "choice(a, size=None, replace=True, p=None)")

/* methods: argv[0] is self */
#define RS_M(name, doc) \
  static Value m_##name(int argc, const Value *argv, Obj *kw) { return rs_##name(argv[0], argc - 1, argv + 1, kw); }
RS_METHODS(RS_M)
#define RS_F(name, doc) \
  static Value f_##name(int argc, const Value *argv, Obj *kw) { return rs_##name(val_null(), argc, argv, kw); }
RS_METHODS(RS_F)

static Value m_random(int argc, const Value *argv, Obj *kw) { return rs_random_sample(argv[0], argc - 1, argv + 1, kw); }
static Value f_random(int argc, const Value *argv, Obj *kw) { return rs_random_sample(val_null(), argc, argv, kw); }

#define RS_MDEF(name, doc) {#name, m_##name, doc, 0},
#define RS_FDEF(name, doc) {#name, f_##name, doc, 0},
static const MethodDef rs_methods[] = {RS_METHODS(RS_MDEF){"random", m_random, "random(size=None)", 0}, {NULL}};
static const MethodDef rs_functions[] = {RS_METHODS(RS_FDEF){"random", f_random, "random(size=None)", 0},
                                        {"ranf", f_random_sample, "ranf(size=None)", 0},
                                        {"sample", f_random_sample, "sample(size=None)", 0},
                                        {NULL}};

static void rs_dealloc(Obj *o) { obj_free(o); }
static Value rs_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("RandomState", argc, argv, kw, "|seed", a) < 0) return val_null();
  RSObj *r = obj_alloc(&rs_type, sizeof(RSObj));
  if (!r) return val_null();
  if (do_seed(&r->mt, a[0]) < 0) { obj_decref(&r->ob); return val_null(); }
  return val_obj(&r->ob);
}
static Value rs_repr(Value self) { return str_from_cstr("RandomState(MT19937)"); }
static TypeObj rs_type = {OBJ_TYPE_HEAD, .name = "RandomState", .doc = "numpy's legacy random generator (MT19937)",
                          .dealloc = rs_dealloc, .new = rs_new, .repr = rs_repr, .methods = rs_methods};

int modinit_numpy_random(Value m) {
  arr_init();
  if (module_add_functions(m, rs_functions) < 0) return -1;
  if (np_generator_init(m) < 0) return -1;
  return module_add(m, "RandomState", val_obj(&rs_type.ob));
}
