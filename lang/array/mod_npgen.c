/* mod_npgen.c - numpy.random.default_rng: SeedSequence + PCG64 and the Generator methods
 * (random, integers, uniform, normal via the ziggurat, choice, permutation, shuffle), giving
 * the same numbers as NumPy's Generator for the same seed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/core.h"
#include "arrobj.h"
#include "np_ziggurat.h"


/* {=== SeedSequence and PCG64 ===} */
typedef unsigned __int128 u128;
typedef struct PCG {
  u128 state, inc;
  int has32;
  uint32_t u32;
} PCG;

#define SS_INIT_A 0x43b0d7e5U
#define SS_MULT_A 0x931e8875U
#define SS_INIT_B 0x8b51f9ddU
#define SS_MULT_B 0x58f38dedU

static uint32_t hashmix(uint32_t v, uint32_t *hc) {
  v ^= *hc;
  *hc *= SS_MULT_A;
  v *= *hc;
  v ^= v >> 16;
  return v;
}
static uint32_t ss_mix(uint32_t x, uint32_t y) {
  uint32_t r = 0xca01f9ddU * x - 0x4973f715U * y;
  r ^= r >> 16;
  return r;
}

/* SeedSequence(entropy words).generate_state(8) -> PCG64 seeding */
static void pcg_seed_words(PCG *g, const uint32_t *ent, int n) {
  uint32_t pool[4], hc = SS_INIT_A;
  for (int i = 0; i < 4; i++) pool[i] = hashmix(i < n ? ent[i] : 0, &hc);
  for (int s = 0; s < 4; s++)
    for (int d = 0; d < 4; d++)
      if (s != d) pool[d] = ss_mix(pool[d], hashmix(pool[s], &hc));
  for (int s = 4; s < n; s++)
    for (int d = 0; d < 4; d++) pool[d] = ss_mix(pool[d], hashmix(ent[s], &hc));
  uint32_t w[8], hb = SS_INIT_B;
  for (int i = 0; i < 8; i++) {
    uint32_t v = pool[i % 4];
    v ^= hb;
    hb *= SS_MULT_B;
    v *= hb;
    v ^= v >> 16;
    w[i] = v;
  }
  uint64_t u[4];
  for (int i = 0; i < 4; i++) u[i] = (uint64_t)w[2 * i] | ((uint64_t)w[2 * i + 1] << 32);
  u128 s = ((u128)u[0] << 64) | u[1], inc = ((u128)u[2] << 64) | u[3];
  const u128 mult = ((u128)2549297995355413924ULL << 64) | 4865540595714422341ULL;
  g->inc = (inc << 1) | 1;
  g->state = 0;
  g->state = g->state * mult + g->inc;
  g->state += s;
  g->state = g->state * mult + g->inc;
  g->has32 = 0;
}

static uint64_t pcg_next64(PCG *g) {
  const u128 mult = ((u128)2549297995355413924ULL << 64) | 4865540595714422341ULL;
  g->state = g->state * mult + g->inc;
  uint64_t v = (uint64_t)(g->state >> 64) ^ (uint64_t)g->state;
  unsigned rot = (unsigned)(g->state >> 122);
  return (v >> rot) | (v << ((64 - rot) & 63));
}
static uint32_t pcg_next32(PCG *g) {
  if (g->has32) { g->has32 = 0; return g->u32; }
  uint64_t v = pcg_next64(g);
  g->has32 = 1;
  g->u32 = (uint32_t)(v >> 32);
  return (uint32_t)v;
}
static double pcg_double(PCG *g) { return (double)(pcg_next64(g) >> 11) * (1.0 / 9007199254740992.0); }
static float pcg_float(PCG *g) { return (float)(pcg_next32(g) >> 8) * (1.0f / 16777216.0f); }

/* Lemire's bounded integers in [0, rng] */
static uint64_t pcg_lemire(PCG *g, uint64_t rng) {
  if (rng == 0) return 0;
  if (rng <= 0xffffffffULL) {
    if (rng == 0xffffffffULL) return pcg_next32(g);
    uint32_t ex = (uint32_t)rng + 1;
    uint64_t m = (uint64_t)pcg_next32(g) * ex;
    uint32_t lo = (uint32_t)m;
    if (lo < ex) {
      uint32_t th = (uint32_t)(0xffffffffU - (uint32_t)rng) % ex;
      while (lo < th) {
        m = (uint64_t)pcg_next32(g) * ex;
        lo = (uint32_t)m;
      }
    }
    return m >> 32;
  }
  if (rng == 0xffffffffffffffffULL) return pcg_next64(g);
  uint64_t ex = rng + 1;
  u128 m = (u128)pcg_next64(g) * ex;
  uint64_t lo = (uint64_t)m;
  if (lo < ex) {
    uint64_t th = (0xffffffffffffffffULL - rng) % ex;
    while (lo < th) {
      m = (u128)pcg_next64(g) * ex;
      lo = (uint64_t)m;
    }
  }
  return (uint64_t)(m >> 64);
}
/* masked rejection in [0, max] (numpy's random_interval, used by shuffle) */
static uint64_t pcg_interval(PCG *g, uint64_t max) {
  if (max == 0) return 0;
  uint64_t mask = max, v;
  mask |= mask >> 1; mask |= mask >> 2; mask |= mask >> 4; mask |= mask >> 8; mask |= mask >> 16; mask |= mask >> 32;
  if (max <= 0xffffffffULL) {
    while ((v = (pcg_next32(g) & mask)) > max) {}
  } else {
    while ((v = (pcg_next64(g) & mask)) > max) {}
  }
  return v;
}

/* the ziggurat (wi from np_ziggurat.h; ki, fi computed once) */
static uint64_t zig_ki[256];
static double zig_fi[256];
static int zig_ready;
static const double zig_r = 3.6541528853610088, zig_inv_r = 0.27366123732975828;

static void zig_init(void) {
  long double dn = 3.6541528853610087963519472518L, tn = dn;
  long double vn = dn * expl(-0.5L * dn * dn) +
                   sqrtl(3.14159265358979323846264338327950288L / 2) * erfcl(dn / sqrtl(2.0L));
  long double m1 = 4503599627370496.0L;
  long double q = vn / expl(-0.5L * dn * dn);
  zig_ki[0] = (uint64_t)((dn / q) * m1);
  zig_ki[1] = 0;
  zig_fi[0] = 1.0;
  zig_fi[255] = (double)expl(-0.5L * dn * dn);
  for (int i = 254; i >= 1; i--) {
    dn = sqrtl(-2.0L * logl(vn / dn + expl(-0.5L * dn * dn)));
    zig_ki[i + 1] = (uint64_t)((dn / tn) * m1);
    tn = dn;
    zig_fi[i] = (double)expl(-0.5L * dn * dn);
  }
  zig_ready = 1;
}

static double pcg_normal(PCG *g) {
  if (!zig_ready) zig_init();
  for (;;) {
    uint64_t r = pcg_next64(g);
    int idx = (int)(r & 0xff);
    r >>= 8;
    int sign = (int)(r & 1);
    uint64_t rabs = (r >> 1) & 0x000fffffffffffffULL;
    double x = (double)rabs * np_zig_wi[idx];
    if (sign) x = -x;
    if (rabs < zig_ki[idx]) return x;
    if (idx == 0) {
      for (;;) {
        double xx = -zig_inv_r * log1p(-pcg_double(g));
        double yy = -log1p(-pcg_double(g));
        if (yy + yy > xx * xx) return ((rabs >> 8) & 1) ? -(zig_r + xx) : zig_r + xx;
      }
    } else if ((zig_fi[idx - 1] - zig_fi[idx]) * pcg_double(g) + zig_fi[idx] < exp(-0.5 * x * x)) {
      return x;
    }
  }
}

/* {=== the Generator type ===} */
typedef struct GenObj { Obj ob; PCG g; } GenObj;
static TypeObj gen_type;
#define GEN(v) (&((GenObj *)(v).u.o)->g)

static int gen_seed(PCG *g, Value seed) {
  uint32_t ent[64];
  int n = 0;
  if (VAL_IS_NULL(seed) || VAL_IS_NONE(seed)) {
    FILE *f = fopen("/dev/urandom", "rb");
    if (!f || fread(ent, sizeof(uint32_t), 4, f) != 4) {
      ent[0] = (uint32_t)time(NULL); ent[1] = (uint32_t)clock(); ent[2] = 0x9e3779b9U; ent[3] = 7;
    }
    if (f) fclose(f);
    n = 4;
  } else if (VAL_IS_LIST(seed) || VAL_IS_TUPLE(seed)) {
    int64_t len = VAL_IS_LIST(seed) ? LIST(seed.u.o)->len : TUPLE(seed.u.o)->len;
    const Value *it = VAL_IS_LIST(seed) ? LIST(seed.u.o)->items : TUPLE(seed.u.o)->items;
    for (int64_t i = 0; i < len; i++) {
      int64_t v;
      if (lx_as_int(it[i], &v) < 0) return -1;
      if (v < 0) { obj_raise(&exc_ValueError, "expected non-negative integer"); return -1; }
      /* each entry contributes its 32-bit words (numpy's _coerce_to_uint32_array) */
      do {
        if (n == 64) { obj_raise(&exc_ValueError, "seed too long"); return -1; }
        ent[n++] = (uint32_t)v;
        v = (int64_t)((uint64_t)v >> 32);
      } while (v);
    }
    if (n == 0) ent[n++] = 0;
  } else {
    int64_t v;
    if (lx_as_int(seed, &v) < 0) return -1;
    if (v < 0) { obj_raise(&exc_ValueError, "expected non-negative integer"); return -1; }
    ent[n++] = (uint32_t)v;
    if ((uint64_t)v >> 32) ent[n++] = (uint32_t)((uint64_t)v >> 32);
  }
  pcg_seed_words(g, ent, n);
  return 0;
}

static int size_of(Value v, int64_t *shape, int *scalar) {
  *scalar = VAL_IS_NULL(v) || VAL_IS_NONE(v);
  if (*scalar) return 0;
  return lx_parse_shape(v, shape);
}

static Value g_random(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("random", argc, argv, kw, "self|size,dtype,out", a) < 0) return val_null();
  PCG *g = GEN(argv[0]);
  int d = lx_parse_dtype(a[2], FAM_NP);
  if (d == -2) return val_null();
  if (d < 0) d = DT_FLOAT64;
  if (!dt_is_float((DType)d) || dt_is_half((DType)d))
    return obj_raise(&exc_TypeError, "Unsupported dtype %s for random", arr_dtypes[d].name);
  int64_t shape[ARR_MAXDIM];
  int scalar;
  int nd = size_of(a[1], shape, &scalar);
  if (nd < 0) return val_null();
  if (scalar) {
    if (d == DT_FLOAT32) {
      Array *x = arr_scalar_f(DT_FLOAT32, pcg_float(g));
      return lx_wrap_scalar(x, FAM_NP);
    }
    return val_float(pcg_double(g));
  }
  Array *x = arr_new((DType)d, nd, shape);
  if (!x) return lx_raise_engine(FAM_NP);
  for (int64_t i = 0; i < x->size; i++) {
    if (d == DT_FLOAT32) ((float *)arr_data(x))[i] = pcg_float(g);
    else ((double *)arr_data(x))[i] = pcg_double(g);
  }
  return lx_wrap(x, FAM_NP);
}

static Value g_integers(int argc, const Value *argv, Obj *kw) {
  Value a[6];
  if (func_parse_args("integers", argc, argv, kw, "self,low|high,size,dtype,endpoint", a) < 0)
    return val_null();
  PCG *g = GEN(argv[0]);
  int64_t lo, hi;
  if (lx_as_int(a[1], &lo) < 0) return val_null();
  if (VAL_IS_NULL(a[2]) || VAL_IS_NONE(a[2])) { hi = lo; lo = 0; }
  else if (lx_as_int(a[2], &hi) < 0) return val_null();
  int endpoint = 0;
  if (!VAL_IS_NULL(a[5]) && (endpoint = op_truth(a[5])) < 0) return val_null();
  if (endpoint ? lo > hi : lo >= hi) return obj_raise(&exc_ValueError, endpoint ? "low > high" : "low >= high");
  int d = lx_parse_dtype(a[4], FAM_NP);
  if (d == -2) return val_null();
  if (d < 0) d = DT_INT64;
  if (!dt_is_int((DType)d)) return obj_raise(&exc_TypeError, "Unsupported dtype %s for integers", arr_dtypes[d].name);
  uint64_t rng = (uint64_t)hi - (uint64_t)lo - (endpoint ? 0 : 1);
  int64_t shape[ARR_MAXDIM];
  int scalar;
  int nd = size_of(a[3], shape, &scalar);
  if (nd < 0) return val_null();
  if (scalar) {
    Array *x = arr_scalar_i((DType)d, lo + (int64_t)pcg_lemire(g, rng));
    return lx_wrap_scalar(x, FAM_NP);
  }
  Array *x = arr_new((DType)d, nd, shape);
  if (!x) return lx_raise_engine(FAM_NP);
  for (int64_t i = 0; i < x->size; i++)
    lx_store_i((DType)d, (char *)arr_data(x) + i * dt_size((DType)d), lo + (int64_t)pcg_lemire(g, rng));
  return lx_wrap(x, FAM_NP);
}

/* loc + scale * sample for scalar or array parameters */
static Value two_params(PCG *g, Value p0, Value p1, Value size, double d0, double d1, int normal) {
  Value A = lx_asarray(VAL_IS_NULL(p0) ? val_float(d0) : p0, FAM_NP, DT_FLOAT64, 0);
  if (VAL_IS_NULL(A)) return A;
  Value B = lx_asarray(VAL_IS_NULL(p1) ? val_float(d1) : p1, FAM_NP, DT_FLOAT64, 0);
  if (VAL_IS_NULL(B)) { val_decref(A); return B; }
  Array *aa = lx_arr(A), *ba = lx_arr(B);
  Value r = val_null();
  int64_t shape[ARR_MAXDIM];
  int nd, scalar;
  if (!VAL_IS_NULL(size) && !VAL_IS_NONE(size)) {
    nd = size_of(size, shape, &scalar);
    if (nd < 0) goto out;
  } else if (arr_broadcast_shapes("random", aa->shape, aa->ndim, ba->shape, ba->ndim, shape, &nd) < 0) {
    r = lx_raise_engine(FAM_NP);
    goto out;
  }
  if (normal) {
    for (int64_t i = 0; i < ba->size; i++)
      if (arr_get_f(ba, i) < 0) { r = obj_raise(&exc_ValueError, "scale < 0"); goto out; }
  }
  if (nd == 0 && (VAL_IS_NULL(size) || VAL_IS_NONE(size))) {
    double lo = arr_get_f(aa, 0), s = arr_get_f(ba, 0);
    r = val_float(normal ? lo + s * pcg_normal(g) : lo + (s - lo) * pcg_double(g));
    goto out;
  }
  {
    Value ab = lx_broadcast_to(A, nd, shape);
    Value bb = VAL_IS_NULL(ab) ? ab : lx_broadcast_to(B, nd, shape);
    if (VAL_IS_NULL(bb)) { val_decref(ab); goto out; }
    Array *x = arr_new(DT_FLOAT64, nd, shape);
    if (!x) { r = lx_raise_engine(FAM_NP); val_decref(ab); val_decref(bb); goto out; }
    double *p = arr_data(x);
    for (int64_t i = 0; i < x->size; i++) {
      double lo = arr_get_f(lx_arr(ab), i), s = arr_get_f(lx_arr(bb), i);
      p[i] = normal ? lo + s * pcg_normal(g) : lo + (s - lo) * pcg_double(g);
    }
    val_decref(ab);
    val_decref(bb);
    r = lx_wrap(x, FAM_NP);
  }
out:
  val_decref(A);
  val_decref(B);
  return r;
}

static Value g_uniform(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("uniform", argc, argv, kw, "self|low,high,size", a) < 0) return val_null();
  return two_params(GEN(argv[0]), a[1], a[2], a[3], 0.0, 1.0, 0);
}
static Value g_normal(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("normal", argc, argv, kw, "self|loc,scale,size", a) < 0) return val_null();
  return two_params(GEN(argv[0]), a[1], a[2], a[3], 0.0, 1.0, 1);
}
static Value g_standard_normal(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("standard_normal", argc, argv, kw, "self|size,dtype,out", a) < 0) return val_null();
  int d = lx_parse_dtype(a[2], FAM_NP);
  if (d == -2) return val_null();
  if (d == DT_FLOAT32) return obj_raise(&exc_NotImplementedError, "standard_normal(dtype=float32) is not supported");
  return two_params(GEN(argv[0]), val_null(), val_null(), a[1], 0.0, 1.0, 1);
}

/* Fisher-Yates over the first axis with numpy's random_interval (Generator.shuffle) */
static int gen_shuffle_array(PCG *g, Array *x) {
  if (x->ndim == 0) { obj_raise(&exc_TypeError, "shuffle: x must be at least 1-dimensional"); return -1; }
  int64_t n = x->shape[0];
  for (int64_t i = n - 1; i >= 1; i--) {
    int64_t j = (int64_t)pcg_interval(g, (uint64_t)i);
    if (i == j) continue;
    Array *ri = arr_view_index(x, 0, i), *rj = arr_view_index(x, 0, j);
    Array *t = ri ? arr_copy(ri) : NULL;
    int rc = (ri && rj && t && arr_assign(ri, rj) == 0 && arr_assign(rj, t) == 0) ? 0 : -1;
    arr_release(ri);
    arr_release(rj);
    arr_release(t);
    if (rc < 0) { lx_raise_engine(FAM_NP); return -1; }
  }
  return 0;
}

static Value g_shuffle(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("shuffle", argc, argv, kw, "self,x|axis", a) < 0) return val_null();
  PCG *g = GEN(argv[0]);
  if (VAL_IS_LIST(a[1])) {
    ListObj *l = LIST(a[1].u.o);
    for (int64_t i = l->len - 1; i >= 1; i--) {
      int64_t j = (int64_t)pcg_interval(g, (uint64_t)i);
      Value t = l->items[i];
      l->items[i] = l->items[j];
      l->items[j] = t;
    }
    return val_none();
  }
  Array *x = lx_arr(a[1]);
  if (!x || lx_family(a[1]) != FAM_NP) return obj_raise(&exc_TypeError, "shuffle: expected a numpy array or a list");
  if (!(x->flags & ARR_WRITABLE)) return obj_raise(&exc_ValueError, "array is read-only");
  if (!VAL_IS_NULL(a[2]) && !VAL_IS_NONE(a[2]) && !(VAL_IS_INTLIKE(a[2]) && a[2].u.i == 0))
    return obj_raise(&exc_NotImplementedError, "shuffle: only axis=0 is supported");
  return gen_shuffle_array(g, x) < 0 ? val_null() : val_none();
}

static Value gen_permutation(PCG *g, Value x) {
  Value arr = VAL_IS_INTLIKE(x) ? lx_iota(FAM_NP, DT_INT64, x.u.i < 0 ? 0 : x.u.i)
                                : lx_asarray(x, FAM_NP, -1, 1);
  if (VAL_IS_NULL(arr)) return arr;
  lx_arr(arr)->flags |= ARR_WRITABLE;
  if (gen_shuffle_array(g, lx_arr(arr)) < 0) { val_decref(arr); return val_null(); }
  return arr;
}

static Value g_permutation(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("permutation", argc, argv, kw, "self,x|axis", a) < 0) return val_null();
  return gen_permutation(GEN(argv[0]), a[1]);
}

static int64_t search_right(const double *cdf, int64_t n, double u) {
  int64_t lo = 0, hi = n;
  while (lo < hi) {
    int64_t mid = (lo + hi) / 2;
    if (cdf[mid] <= u) lo = mid + 1; else hi = mid;
  }
  return lo;
}

static Value g_choice(int argc, const Value *argv, Obj *kw) {
  Value a[7];
  if (func_parse_args("choice", argc, argv, kw, "self,a|size,replace,p,axis,shuffle", a) < 0) return val_null();
  PCG *g = GEN(argv[0]);
  int replace = 1, shuf = 1;
  if (!VAL_IS_NULL(a[3]) && (replace = op_truth(a[3])) < 0) return val_null();
  if (!VAL_IS_NULL(a[6]) && (shuf = op_truth(a[6])) < 0) return val_null();
  if (!VAL_IS_NULL(a[5]) && !VAL_IS_NONE(a[5]) && !(VAL_IS_INTLIKE(a[5]) && a[5].u.i == 0))
    return obj_raise(&exc_NotImplementedError, "choice: only axis=0 is supported");
  Value pool = val_null(), pv = val_null(), r = val_null();
  int64_t n;
  if (VAL_IS_INTLIKE(a[1])) {
    n = a[1].u.i;
    if (n <= 0) return obj_raise(&exc_ValueError, "a must be a positive integer unless no samples are taken");
  } else {
    pool = lx_asarray(a[1], FAM_NP, -1, 0);
    if (VAL_IS_NULL(pool)) return pool;
    if (lx_arr(pool)->ndim == 0) { val_decref(pool); return obj_raise(&exc_ValueError, "a must be a sequence or an integer, not a 0-d array"); }
    n = lx_arr(pool)->shape[0];
  }
  int64_t shape[ARR_MAXDIM];
  int scalar;
  int nd = size_of(a[2], shape, &scalar);
  if (nd < 0) { val_decref(pool); return val_null(); }
  int64_t m = 1;
  for (int i = 0; i < nd; i++) m *= shape[i];
  if (scalar) m = 1;
  Array *idx = arr_new(DT_INT64, scalar ? 0 : nd, shape);
  if (!idx) { val_decref(pool); return lx_raise_engine(FAM_NP); }
  int64_t *ip = arr_data(idx);
  double *cdf = NULL;
  if (!VAL_IS_NULL(a[4]) && !VAL_IS_NONE(a[4])) {
    pv = lx_asarray(a[4], FAM_NP, DT_FLOAT64, 1);
    if (VAL_IS_NULL(pv)) goto out;
    Array *p = lx_arr(pv);
    if (p->ndim != 1 || p->shape[0] != n) { r = obj_raise(&exc_ValueError, "a and p must have same size"); goto out; }
    double *pp = arr_data(p);
    cdf = obj_malloc((size_t)n * sizeof(double));
    if (!cdf) goto out;
    if (replace) {
      double c = 0;
      for (int64_t i = 0; i < n; i++) { c += pp[i]; cdf[i] = c; }
      for (int64_t i = 0; i < n; i++) cdf[i] /= cdf[n - 1];
      for (int64_t k = 0; k < m; k++) ip[k] = search_right(cdf, n, pcg_double(g));
    } else {
      if (m > n) { r = obj_raise(&exc_ValueError, "Cannot take a larger sample than population when replace is False"); goto out; }
      int64_t got = 0;
      double *u = obj_malloc((size_t)(m ? m : 1) * sizeof(double));
      int64_t *nw = obj_malloc((size_t)(m ? m : 1) * sizeof(int64_t));
      if (!u || !nw) { obj_mfree(u); obj_mfree(nw); goto out; }
      while (got < m) {
        int64_t k = m - got;
        for (int64_t q = 0; q < k; q++) u[q] = pcg_double(g);
        for (int64_t q = 0; q < got; q++) pp[ip[q]] = 0;
        double c = 0;
        for (int64_t i = 0; i < n; i++) { c += pp[i]; cdf[i] = c; }
        for (int64_t i = 0; i < n; i++) cdf[i] /= cdf[n - 1];
        for (int64_t q = 0; q < k; q++) nw[q] = search_right(cdf, n, u[q]);
        for (int64_t q = 0; q < k; q++) {
          int dup = 0;
          for (int64_t t = 0; t < q && !dup; t++) dup = nw[t] == nw[q];
          if (!dup) ip[got++] = nw[q];
        }
      }
      obj_mfree(u);
      obj_mfree(nw);
    }
  } else if (replace) {
    for (int64_t k = 0; k < m; k++) ip[k] = (int64_t)pcg_lemire(g, (uint64_t)(n - 1));
  } else {
    if (m > n) { r = obj_raise(&exc_ValueError, "Cannot take a larger sample than population when replace is False"); goto out; }
    int64_t cutoff = shuf ? 50 : 20;
    if (n > 10000 && m > n / cutoff) {
      /* tail shuffle of an arange */
      int64_t *all = obj_malloc((size_t)n * sizeof(int64_t));
      if (!all) goto out;
      for (int64_t i = 0; i < n; i++) all[i] = i;
      int64_t first = n - m > 1 ? n - m : 1;
      for (int64_t i = n - 1; i >= first; i--) {
        int64_t j = (int64_t)pcg_lemire(g, (uint64_t)i);
        int64_t t = all[j]; all[j] = all[i]; all[i] = t;
      }
      memcpy(ip, all + (n - m), (size_t)m * sizeof(int64_t));
      obj_mfree(all);
    } else {
      /* Floyd's algorithm with an open-addressing set, then a shuffle */
      uint64_t set_size = (uint64_t)(1.2 * (double)m), mask = set_size;
      mask |= mask >> 1; mask |= mask >> 2; mask |= mask >> 4; mask |= mask >> 8; mask |= mask >> 16; mask |= mask >> 32;
      uint64_t *hs = obj_malloc((size_t)(mask + 1) * sizeof(uint64_t));
      if (!hs) goto out;
      for (uint64_t i = 0; i <= mask; i++) hs[i] = UINT64_MAX;
      for (int64_t j = n - m; j < n; j++) {
        uint64_t val = pcg_lemire(g, (uint64_t)j), loc = val & mask;
        while (hs[loc] != UINT64_MAX && hs[loc] != val) loc = (loc + 1) & mask;
        if (hs[loc] == UINT64_MAX) {
          hs[loc] = val;
          ip[j - n + m] = (int64_t)val;
        } else {
          loc = (uint64_t)j & mask;
          while (hs[loc] != UINT64_MAX) loc = (loc + 1) & mask;
          hs[loc] = (uint64_t)j;
          ip[j - n + m] = j;
        }
      }
      obj_mfree(hs);
      if (shuf)
        for (int64_t i = m - 1; i >= 1; i--) {
          int64_t j = (int64_t)pcg_lemire(g, (uint64_t)i);
          int64_t t = ip[j]; ip[j] = ip[i]; ip[i] = t;
        }
    }
  }
  if (VAL_IS_NULL(pool)) {
    r = lx_wrap(arr_retain(idx), FAM_NP);
    if (scalar && !VAL_IS_NULL(r)) { Value s = lx_wrap_scalar(arr_retain(idx), FAM_NP); val_decref(r); r = s; }
  } else {
    Value iv = lx_wrap(arr_retain(idx), FAM_NP);
    r = VAL_IS_NULL(iv) ? iv : lx_getitem(pool, iv);
    val_decref(iv);
  }
out:
  obj_mfree(cdf);
  arr_release(idx);
  val_decref(pool);
  val_decref(pv);
  return r;
}

static const MethodDef gen_methods[] = {
    {"random", g_random, "random(size=None, dtype=float64)", 0},
    {"integers", g_integers, "integers(low, high=None, size=None, dtype=int64, endpoint=False)", 0},
    {"uniform", g_uniform, "uniform(low=0.0, high=1.0, size=None)", 0},
    {"normal", g_normal, "normal(loc=0.0, scale=1.0, size=None)", 0},
    {"standard_normal", g_standard_normal, "standard_normal(size=None)", 0},
    {"choice", g_choice, "choice(a, size=None, replace=True, p=None, shuffle=True)", 0},
    {"permutation", g_permutation, "permutation(x)", 0},
    {"shuffle", g_shuffle, "shuffle(x): in place along the first axis", 0},
    {NULL}};

static void gen_dealloc(Obj *o) { obj_free(o); }
static Value gen_repr(Value self) { return str_from_cstr("Generator(PCG64)"); }
static TypeObj gen_type = {OBJ_TYPE_HEAD, .name = "Generator", .doc = "numpy's Generator over PCG64",
                           .dealloc = gen_dealloc, .repr = gen_repr, .methods = gen_methods};

static Value default_rng(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("default_rng", argc, argv, kw, "|seed", a) < 0) return val_null();
  if (a[0].tag == V_OBJ && a[0].u.o->type == &gen_type) return val_incref(a[0]);
  GenObj *g = obj_alloc(&gen_type, sizeof(GenObj));
  if (!g) return val_null();
  if (gen_seed(&g->g, a[0]) < 0) { obj_decref(&g->ob); return val_null(); }
  return val_obj(&g->ob);
}

static const MethodDef gen_functions[] = {
    {"default_rng", default_rng, "default_rng(seed=None): a Generator (PCG64)", 0},
    {NULL}};

int np_generator_init(Value m) {
  if (module_add_functions(m, gen_functions) < 0) return -1;
  return module_add(m, "Generator", val_obj(&gen_type.ob));
}
