/* cpu_reduce.c - reductions over any set of axes (sum with NumPy's pairwise summation, prod,
 * max/min propagating NaN, or/and), argmax/argmin and the cumulative scans. */
#include "cpu.h"
#include "../arr_half.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC optimize("O3")
#pragma GCC diagnostic ignored "-Wtype-limits"

enum { R_SUM, R_PROD, R_MAX, R_MIN, R_OR, R_AND, R_COUNT };

typedef void (*RowFn)(char *acc, const char *x, int64_t n, int64_t sx);
/* vec: o[i] = COMB(o[i], x[r][i]) for rows r = 0..nr-1 in order (row r at x + r * rs) */
typedef void (*VecFn)(char *o, int64_t so, const char *x, int64_t sx, int64_t n, int64_t rs,
                      int64_t nr);
static RowFn row_fn[R_COUNT][DT_COUNT];
static VecFn vec_fn[R_COUNT][DT_COUNT];

/* AVX2 clones (ifunc-selected at load time): with AVX2 gcc vectorises the NaN-propagating
 * max/min of vec_* (row-wise accumulation into the output, the axis-0 case). The pairwise
 * sum stays unversioned: it recurses, and every call through the ifunc cost more than the
 * wider vectors gained. */
#if defined(__x86_64__) && !defined(__clang__)
#define CLONES __attribute__((target_clones("avx2", "default")))
#else
#define CLONES
#endif

/* NumPy's pairwise summation (8 accumulators, blocks of 128), for contiguous rows and, with
 * the same split points, for strided ones (NumPy passes the stride down too). */
#define PAIRWISE(T, sfx, NAME, S)                                                     \
  static T NAME(const T *a, int64_t n, int64_t s) {                                   \
    (void)s;                                                                          \
    if (n < 8) {                                                                      \
      T res = (T)-0.0;                                                                \
      for (int64_t i = 0; i < n; i++) res += a[i * (S)];                              \
      return res;                                                                     \
    } else if (n <= 128) {                                                            \
      T r[8], res;                                                                    \
      for (int k = 0; k < 8; k++) r[k] = a[k * (S)];                                  \
      int64_t i;                                                                      \
      for (i = 8; i < n - (n % 8); i += 8)                                            \
        for (int k = 0; k < 8; k++) r[k] += a[(i + k) * (S)];                         \
      res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));        \
      for (; i < n; i++) res += a[i * (S)];                                           \
      return res;                                                                     \
    } else {                                                                          \
      int64_t n2 = n / 2;                                                             \
      n2 -= n2 % 8;                                                                   \
      return NAME(a, n2, s) + NAME(a + n2 * (S), n - n2, s);                          \
    }                                                                                 \
  }
PAIRWISE(float, f32, pwc_f32, 1)
PAIRWISE(double, f64, pwc_f64, 1)
PAIRWISE(float, f32, pws_f32, s)
PAIRWISE(double, f64, pws_f64, s)
static float pw_f32(const float *a, int64_t n, int64_t s) { return s == 1 ? pwc_f32(a, n, 1) : pws_f32(a, n, s); }
static double pw_f64(const double *a, int64_t n, int64_t s) { return s == 1 ? pwc_f64(a, n, 1) : pws_f64(a, n, s); }

#define FMAXC(a, b) (((a) >= (b) || (a) != (a)) ? (a) : (b))
#define FMINC(a, b) (((a) <= (b) || (a) != (a)) ? (a) : (b))
#define IMAXC(a, b) ((a) > (b) ? (a) : (b))
#define IMINC(a, b) ((a) < (b) ? (a) : (b))

#define ROW_VEC(name, T, COMB)                                                        \
  CLONES static void row_##name(char *acc_, const char *x_, int64_t n, int64_t sx) {         \
    T acc = *(T *)acc_;                                                               \
    const T *x = (const T *)x_;                                                       \
    if (sx == 1) for (int64_t i = 0; i < n; i++) { T b = x[i]; acc = COMB(acc, b); }  \
    else for (int64_t i = 0; i < n; i++) { T b = x[i * sx]; acc = COMB(acc, b); }     \
    *(T *)acc_ = acc;                                                                 \
  }                                                                                   \
  /* Contiguous rows go four at a time: the output is loaded and stored once per four rows, \
   * and each column still combines its rows in order (the same result as row by row). */ \
  CLONES static void vec_##name(char *o_, int64_t so, const char *x_, int64_t sx, int64_t n, \
                                int64_t rs, int64_t nr) {                             \
    T *restrict o = (T *)o_;                                                          \
    const T *restrict x = (const T *)x_;                                              \
    int64_t r = 0;                                                                    \
    if (so == 1 && sx == 1) {                                                         \
      for (; r + 4 <= nr; r += 4) {                                                   \
        const T *x0 = x + r * rs, *x1 = x0 + rs, *x2 = x1 + rs, *x3 = x2 + rs;        \
        for (int64_t i = 0; i < n; i++) {                                             \
          T a = o[i], b;                                                              \
          b = x0[i]; a = COMB(a, b); b = x1[i]; a = COMB(a, b);                       \
          b = x2[i]; a = COMB(a, b); b = x3[i]; a = COMB(a, b);                       \
          o[i] = a;                                                                   \
        }                                                                             \
      }                                                                               \
      for (; r < nr; r++) {                                                           \
        const T *x0 = x + r * rs;                                                     \
        for (int64_t i = 0; i < n; i++) { T a = o[i], b = x0[i]; o[i] = COMB(a, b); } \
      }                                                                               \
    } else {                                                                          \
      for (; r < nr; r++) {                                                           \
        const T *x0 = x + r * rs;                                                     \
        for (int64_t i = 0; i < n; i++) { T a = o[i * so], b = x0[i * sx]; o[i * so] = COMB(a, b); } \
      }                                                                               \
    }                                                                                 \
  }

#define ADDC(a, b) ((a) + (b))
#define MULC(a, b) ((a) * (b))
#define UADD32(a, b) ((int32_t)((uint32_t)(a) + (uint32_t)(b)))
#define UADD64(a, b) ((int64_t)((uint64_t)(a) + (uint64_t)(b)))
#define UMUL32(a, b) ((int32_t)((uint32_t)(a) * (uint32_t)(b)))
#define UMUL64(a, b) ((int64_t)((uint64_t)(a) * (uint64_t)(b)))
#define U8ADD(a, b) ((uint8_t)((a) + (b)))
#define U8MUL(a, b) ((uint8_t)((unsigned)(a) * (unsigned)(b)))
#define U32MUL(a, b) ((uint32_t)((a) * (b)))
#define ORC(a, b) ((a) | (b))
#define ANDC(a, b) ((a) & (b))

ROW_VEC(sum_f32, float, ADDC) ROW_VEC(sum_f64, double, ADDC)
ROW_VEC(sum_i32, int32_t, UADD32) ROW_VEC(sum_i64, int64_t, UADD64)
ROW_VEC(sum_u8, uint8_t, U8ADD) ROW_VEC(sum_u32, uint32_t, ADDC)
ROW_VEC(prod_f32, float, MULC) ROW_VEC(prod_f64, double, MULC)
ROW_VEC(prod_i32, int32_t, UMUL32) ROW_VEC(prod_i64, int64_t, UMUL64)
ROW_VEC(prod_u8, uint8_t, U8MUL) ROW_VEC(prod_u32, uint32_t, U32MUL)
ROW_VEC(max_f32, float, FMAXC) ROW_VEC(max_f64, double, FMAXC)
ROW_VEC(min_f32, float, FMINC) ROW_VEC(min_f64, double, FMINC)
#define INT_MM(sfx, T) ROW_VEC(max_##sfx, T, IMAXC) ROW_VEC(min_##sfx, T, IMINC) \
  ROW_VEC(or_##sfx, T, ORC) ROW_VEC(and_##sfx, T, ANDC)
INT_MM(b, uint8_t) INT_MM(u8, uint8_t) INT_MM(u32, uint32_t) INT_MM(i32, int32_t) INT_MM(i64, int64_t)

/* Contiguous float max/min with GCC vector extensions (4 independent vectors, a NaN mask on
 * the side); plain C compare-and-select does not vectorise without -ffast-math. */
typedef float vf4 __attribute__((vector_size(32)));
typedef int32_t vi4 __attribute__((vector_size(32)));
typedef double vd2 __attribute__((vector_size(32)));
typedef int64_t vl2 __attribute__((vector_size(32)));
#define FROW_MINMAX(name, T, VT, VI, L, CMP)                                          \
  __attribute__((target_clones("avx2", "default")))                                   \
  static void row_v##name(char *acc_, const char *x_, int64_t n, int64_t sx) {        \
    if (sx != 1) { row_##name(acc_, x_, n, sx); return; }                             \
    T acc = *(T *)acc_;                                                               \
    const T *x = (const T *)x_;                                                       \
    if (acc != acc) return;                                                           \
    VT m[4];                                                                          \
    VI bad = {0};                                                                     \
    for (int k = 0; k < 4; k++) for (int l = 0; l < L; l++) m[k][l] = acc;            \
    int64_t i = 0;                                                                    \
    for (; i + 4 * L <= n; i += 4 * L)                                                \
      for (int k = 0; k < 4; k++) {                                                   \
        VT v;                                                                         \
        memcpy(&v, x + i + k * L, sizeof v);                                          \
        VI g = v CMP m[k];                                                            \
        m[k] = (VT)(((VI)v & g) | ((VI)m[k] & ~g));                                   \
        bad |= v != v;                                                                \
      }                                                                               \
    int nan = 0;                                                                      \
    for (int k = 0; k < 4; k++)                                                       \
      for (int l = 0; l < L; l++) { acc = (m[k][l] CMP acc) ? m[k][l] : acc; nan |= bad[l] != 0; } \
    for (; i < n; i++) { T v = x[i]; acc = (v CMP acc) ? v : acc; nan |= v != v; }    \
    *(T *)acc_ = nan ? (T)NAN : acc;                                                  \
  }
FROW_MINMAX(max_f32, float, vf4, vi4, 8, >) FROW_MINMAX(max_f64, double, vd2, vl2, 4, >)
FROW_MINMAX(min_f32, float, vf4, vi4, 8, <) FROW_MINMAX(min_f64, double, vd2, vl2, 4, <)

/* Float sums along a row use the pairwise kernel, as NumPy's inner loop does. */
static void row_sum_pw_f32(char *acc, const char *x, int64_t n, int64_t sx) {
  *(float *)acc += pw_f32((const float *)x, n, sx);
}
static void row_sum_pw_f64(char *acc, const char *x, int64_t n, int64_t sx) {
  *(double *)acc += pw_f64((const double *)x, n, sx);
}

static void identity(int op, DType dt, void *p) {
  double v = 0;
  switch (op) {
    case R_SUM: case R_OR: v = 0; break;
    case R_PROD: v = 1; break;
    case R_AND:
      if (dt == DT_BOOL) { *(uint8_t *)p = 1; return; }
      memset(p, 0xff, (size_t)dt_size(dt));
      return;
    case R_MAX:
      switch (dt) {
        case DT_FLOAT32: case DT_FLOAT64: v = -INFINITY; break;
        case DT_INT32: *(int32_t *)p = INT32_MIN; return;
        case DT_INT64: *(int64_t *)p = INT64_MIN; return;
        default: v = 0;
      }
      break;
    case R_MIN:
      switch (dt) {
        case DT_FLOAT32: case DT_FLOAT64: v = INFINITY; break;
        case DT_INT32: *(int32_t *)p = INT32_MAX; return;
        case DT_INT64: *(int64_t *)p = INT64_MAX; return;
        case DT_UINT32: *(uint32_t *)p = UINT32_MAX; return;
        case DT_UINT8: *(uint8_t *)p = 0xff; return;
        case DT_BOOL: *(uint8_t *)p = 1; return;
        default: v = 0;
      }
      break;
  }
  cpu_store_f(dt, p, v);
}

/* n copies of one esz-byte value, by doubling */
static void fill_elems(char *dst, int64_t n, int esz, const char *val) {
  if (n <= 0) return;
  memcpy(dst, val, (size_t)esz);
  int64_t done = 1;
  while (done < n) {
    int64_t k = done < n - done ? done : n - done;
    memcpy(dst + done * esz, dst, (size_t)(k * esz));
    done += k;
  }
}

/* {=== the driver ===} */
typedef struct RedJob {
  RowFn row;
  VecFn vec;
  int nd, esz;
  int64_t shape[ARR_MAXDIM], ist[ARR_MAXDIM], ost[ARR_MAXDIM];
  char *in, *out;
  int split;                 /* dim split across threads, or -1 */
  /* scalar partials */
  _Alignas(64) char partial[64][8];
  int op, chunks;
  DType dt;
} RedJob;

static void reduce_serial(const RedJob *j, char *in, char *out, const int64_t *shape) {
  int nd = j->nd, esz = j->esz;
  int64_t idx[ARR_MAXDIM] = {0};
  for (int i = 0; i < nd; i++) if (shape[i] == 0) return;
  int64_t inner = shape[nd - 1], is = j->ist[nd - 1], os = j->ost[nd - 1];
  /* Kept inner dim under a reduced one (axis 0 of a matrix): the vec kernel folds all the
   * rows of that reduced dim in one call. */
  int fold = os != 0 && nd >= 2 && j->ost[nd - 2] == 0;
  int64_t nr = fold ? shape[nd - 2] : 1, rs = fold ? j->ist[nd - 2] : 0;
  int outer = fold ? nd - 2 : nd - 1;    /* dims walked here */
  int64_t since = 0;
  for (;;) {
    if ((since += inner * nr) >= CPU_POLL_BLOCK) {
      since = 0;
      if (arr_interrupted()) return;   /* prim_run_cpu drops the output */
    }
    int64_t io = 0, oo = 0;
    for (int i = 0; i < outer; i++) { io += idx[i] * j->ist[i]; oo += idx[i] * j->ost[i]; }
    char *x = in + io * esz, *o = out + oo * esz;
    if (os == 0) j->row(o, x, inner, is);
    else j->vec(o, os, x, is, inner, rs, nr);
    int i = outer - 1;
    for (; i >= 0; i--) { if (++idx[i] < shape[i]) break; idx[i] = 0; }
    if (i < 0) break;
  }
}

static void red_split(void *ctx, int64_t b, int64_t e) {
  RedJob *j = ctx;
  int64_t shape[ARR_MAXDIM];
  memcpy(shape, j->shape, sizeof(int64_t) * j->nd);
  shape[j->split] = e - b;
  reduce_serial(j, j->in + b * j->ist[j->split] * j->esz, j->out + b * j->ost[j->split] * j->esz, shape);
}

static void red_partial(void *ctx, int64_t b, int64_t e) {
  RedJob *j = ctx;
  int64_t n = j->shape[0];
  int k = (int)((b * j->chunks + n - 1) / n);   /* chunk number (matches cpu_parallel_for) */
  identity(j->op, j->dt, j->partial[k]);
  j->row(j->partial[k], j->in + b * j->ist[0] * j->esz, e - b, j->ist[0]);
}

#ifndef SPLIT_INNER_MIN
#define SPLIT_INNER_MIN 4096
#endif
/* {=== parallel reductions that give the serial result bit for bit ===} */
/* A contiguous float sum over everything: the leaves of NumPy's pairwise tree (the same split
 * points as pw_*) are summed in parallel and then added up in the tree's order, so the result
 * is exactly NumPy's. */
typedef struct PwNode { int64_t off, n; int left, right; } PwNode;   /* left < 0: a leaf */
typedef struct PwJob {
  const char *x;
  DType dt;
  int nleaves;
  int leaf[CPU_MAX_CHUNKS];
  PwNode node[2 * CPU_MAX_CHUNKS];
  double val[2 * CPU_MAX_CHUNKS];   /* a float leaf's sum is exact in double */
} PwJob;

static int pw_build(PwJob *j, int *count, int64_t off, int64_t n, int depth) {
  int me = (*count)++;
  PwNode *nd = &j->node[me];
  nd->off = off; nd->n = n; nd->left = nd->right = -1;
  if (depth == 0 || n <= 128) { j->leaf[j->nleaves++] = me; return me; }
  int64_t n2 = n / 2;
  n2 -= n2 % 8;
  int l = pw_build(j, count, off, n2, depth - 1);
  int r = pw_build(j, count, off + n2, n - n2, depth - 1);
  j->node[me].left = l;
  j->node[me].right = r;
  return me;
}

static void pw_leaf(void *ctx, int64_t b, int64_t e) {
  PwJob *j = ctx;
  for (int64_t k = b; k < e && !arr_interrupted(); k++) {
    PwNode *nd = &j->node[j->leaf[k]];
    if (j->dt == DT_FLOAT32) j->val[j->leaf[k]] = pw_f32((const float *)j->x + nd->off, nd->n, 1);
    else j->val[j->leaf[k]] = pw_f64((const double *)j->x + nd->off, nd->n, 1);
  }
}

static float pw_join_f32(const PwJob *j, int k) {
  const PwNode *nd = &j->node[k];
  if (nd->left < 0) return (float)j->val[k];
  return pw_join_f32(j, nd->left) + pw_join_f32(j, nd->right);
}
static double pw_join_f64(const PwJob *j, int k) {
  const PwNode *nd = &j->node[k];
  if (nd->left < 0) return j->val[k];
  return pw_join_f64(j, nd->left) + pw_join_f64(j, nd->right);
}

static void sum_pairwise_parallel(DType dt, const char *x, int64_t n, char *out, int threads) {
  PwJob j;
  j.x = x;
  j.dt = dt;
  j.nleaves = 0;
  int depth = 0, count = 0;
  while ((1 << depth) < 4 * threads && (2 << depth) <= CPU_MAX_CHUNKS) depth++;
  pw_build(&j, &count, 0, n, depth);
  cpu_parallel_for(j.nleaves, 1, pw_leaf, &j);
  if (dt == DT_FLOAT32) *(float *)out += pw_join_f32(&j, 0);
  else *(double *)out += pw_join_f64(&j, 0);
}

/* Reductions whose combine is associative and commutative in the machine arithmetic (max/min
 * keep the first NaN and the first of equal values either way, integer sums and products
 * wrap, or/and): a reduced outer dim is cut into row blocks reduced in parallel into private
 * copies of the output, which are then combined in block order. Axis-0 max of a 1000x1000
 * array runs on both cores this way, and gives the serial result exactly. */
typedef struct RowSplit { RedJob *j; int dim, chunks; char *tmp; size_t obytes; } RowSplit;

static void red_rows(void *ctx, int64_t b, int64_t e) {
  RowSplit *rs = ctx;
  RedJob *j = rs->j;
  int64_t n = j->shape[rs->dim];
  int k = (int)((b * rs->chunks + n - 1) / n);   /* chunk number (matches cpu_parallel_for) */
  int64_t shape[ARR_MAXDIM];
  memcpy(shape, j->shape, sizeof(int64_t) * j->nd);
  shape[rs->dim] = e - b;
  reduce_serial(j, j->in + b * j->ist[rs->dim] * j->esz, rs->tmp + k * rs->obytes, shape);
}

int cpu_k_reduce(const Prim *p, Array *const *in, int nin, const void *params,
                    const AVal *oav, Array **out) {
  const PAxes *ax = params;
  Array *x = in[0];
  int op = p->id - PRIM_reduce_sum;
  DType dt = x->dtype;
  RedJob j;
  j.row = row_fn[op][dt];
  j.vec = vec_fn[op][dt];
  if (!j.row) return arr_err(ERR_TYPE, "%s does not accept dtype %s.", p->name, arr_dtypes[dt].name);
  Array *o = arr_new_like(oav);
  if (!o) return -1;
  int esz = dt_size(dt);
  _Alignas(8) char idv[8];
  identity(op, dt, idv);
  char *od = arr_data(o);
  fill_elems(od, o->size, esz, idv);
  *out = o;
  if (x->size == 0) return 0;
  int red[ARR_MAXDIM] = {0};
  for (int i = 0; i < ax->naxes; i++) red[ax->axes[i]] = 1;
  /* Dims (size > 1) with input/output strides, sorted by input stride, outermost first. */
  int nd = 0, k = 0;
  int64_t sh[ARR_MAXDIM], is[ARR_MAXDIM], os[ARR_MAXDIM];
  for (int d = 0; d < x->ndim; d++) {
    int64_t ost = red[d] ? 0 : o->strides[k];
    if (!red[d]) k++;
    if (x->shape[d] == 1) continue;
    sh[nd] = x->shape[d]; is[nd] = x->strides[d]; os[nd] = ost; nd++;
  }
  for (int a = 1; a < nd; a++)
    for (int b = a; b > 0 && llabs(is[b - 1]) < llabs(is[b]); b--) {
      int64_t t;
      t = sh[b]; sh[b] = sh[b - 1]; sh[b - 1] = t;
      t = is[b]; is[b] = is[b - 1]; is[b - 1] = t;
      t = os[b]; os[b] = os[b - 1]; os[b - 1] = t;
    }
  j.nd = 0;
  for (int d = 0; d < nd; d++) {
    if (j.nd > 0) {
      int q = j.nd - 1;
      if (j.ist[q] == is[d] * sh[d] && j.ost[q] == os[d] * sh[d]) {
        j.shape[q] *= sh[d]; j.ist[q] = is[d]; j.ost[q] = os[d];
        continue;
      }
    }
    j.shape[j.nd] = sh[d]; j.ist[j.nd] = is[d]; j.ost[j.nd] = os[d]; j.nd++;
  }
  if (j.nd == 0) { j.nd = 1; j.shape[0] = 1; j.ist[0] = 0; j.ost[0] = 0; }
  j.esz = esz;
  j.in = arr_data(x);
  j.out = od;
  j.op = op;
  j.dt = dt;
  int threads = cpu_pool_threads();
  int64_t grain = CPU_GRAIN_CHEAP;
  if (x->size >= 2 * grain && threads > 1) {
    int best = -1;
    /* Split a kept dim across threads; the innermost one only when each thread still gets
     * long contiguous runs (short strips of many rows defeat the prefetcher). */
    for (int d = 0; d < j.nd; d++) {
      if (j.ost[d] == 0 || j.shape[d] < threads) continue;
      if (d == j.nd - 1 && j.shape[d] / threads < SPLIT_INNER_MIN) continue;
      if (best < 0 || j.shape[d] > j.shape[best]) best = d;
    }
    if (best >= 0) {
      j.split = best;
      int64_t per = x->size / j.shape[best];
      cpu_parallel_for(j.shape[best], (grain + per - 1) / per, red_split, &j);
      return 0;
    }
    if (j.nd == 1 && j.ost[0] == 0 && j.ist[0] == 1 && op == R_SUM &&
        (dt == DT_FLOAT32 || dt == DT_FLOAT64)) {
      sum_pairwise_parallel(dt, j.in, j.shape[0], od, threads);
      return 0;
    }
    int exact = op != R_SUM && op != R_PROD ? 1 : !dt_is_float(dt);
    int rdim = -1;
    if (exact && j.nd > 1)
      for (int d = 0; d < j.nd; d++)
        if (j.ost[d] == 0 && j.shape[d] >= 2 * threads && (rdim < 0 || j.shape[d] > j.shape[rdim])) rdim = d;
    if (rdim >= 0 && o->size * esz <= (1 << 20)) {
      int64_t per = x->size / j.shape[rdim];
      int64_t g = (grain + per - 1) / per;
      RowSplit rs = {&j, rdim, cpu_parallel_chunks(j.shape[rdim], g), NULL, (size_t)o->size * esz};
      rs.tmp = malloc(rs.obytes * (size_t)rs.chunks);
      if (rs.tmp) {
        fill_elems(rs.tmp, o->size * rs.chunks, esz, idv);
        cpu_parallel_for(j.shape[rdim], g, red_rows, &rs);
        /* the private outputs have the output's (contiguous) layout */
        j.vec(od, 1, rs.tmp, 1, o->size, o->size, rs.chunks);
        free(rs.tmp);
        return 0;
      }
    }
    if (j.nd == 1 && j.ost[0] == 0) {
      int64_t n = j.shape[0];
      int chunks = cpu_parallel_chunks(n, grain);
      j.chunks = chunks;
      for (int c = 0; c < 64; c++) identity(op, dt, j.partial[c]);
      cpu_parallel_for(n, grain, red_partial, &j);
      for (int c = 0; c < chunks; c++) j.row(od, j.partial[c], 1, 1);
      return 0;
    }
  }
  reduce_serial(&j, j.in, j.out, j.shape);
  return 0;
}

/* {=== argmax / argmin ===} */
#define ARG_FN(sfx, T)                                                                \
  static int64_t argmax_##sfx(const char *x_, int64_t n, int64_t s) {                 \
    const T *x = (const T *)x_;                                                       \
    T best = x[0];                                                                    \
    int64_t bi = 0;                                                                   \
    if (best != best) return 0;                                                       \
    for (int64_t i = 1; i < n; i++) {                                                 \
      T v = x[i * s];                                                                 \
      if (v != v) return i;                                                           \
      if (v > best) { best = v; bi = i; }                                             \
      if (!(i & (CPU_POLL_BLOCK - 1)) && arr_interrupted()) return bi;                 \
    }                                                                                 \
    return bi;                                                                        \
  }                                                                                   \
  static int64_t argmin_##sfx(const char *x_, int64_t n, int64_t s) {                 \
    const T *x = (const T *)x_;                                                       \
    T best = x[0];                                                                    \
    int64_t bi = 0;                                                                   \
    if (best != best) return 0;                                                       \
    for (int64_t i = 1; i < n; i++) {                                                 \
      T v = x[i * s];                                                                 \
      if (v != v) return i;                                                           \
      if (v < best) { best = v; bi = i; }                                             \
      if (!(i & (CPU_POLL_BLOCK - 1)) && arr_interrupted()) return bi;                 \
    }                                                                                 \
    return bi;                                                                        \
  }
#define ARG_X(d, T, sfx) ARG_FN(sfx, T)
CPU_DTYPE_CASES(ARG_X)
typedef int64_t (*ArgFn)(const char *, int64_t, int64_t);
#define ARG_ROW(d, T, sfx) [d] = {argmax_##sfx, argmin_##sfx},
static const ArgFn arg_fns[DT_COUNT][2] = {CPU_DTYPE_CASES(ARG_ROW)};

/* Offset (elements) of line l of array a along axis, and of the matching element of o
 * (o has a's shape, or a's shape without axis when drop). */
static void line_offsets(const Array *a, const Array *o, int axis, int drop, int64_t l,
                         int64_t *ia, int64_t *io) {
  int64_t offa = a->offset, offo = o->offset;
  int k = o->ndim - 1;
  for (int d = a->ndim - 1; d >= 0; d--) {
    if (d == axis) { if (!drop) k--; continue; }
    int64_t n = a->shape[d], i = l % n;
    l /= n;
    offa += i * a->strides[d];
    offo += i * o->strides[k];
    k--;
  }
  *ia = offa;
  *io = offo;
}

int cpu_k_arg(const Prim *p, Array *const *in, int nin, const void *params,
                 const AVal *oav, Array **out) {
  const PArg *pa = params;
  Array *x = in[0];
  Array *o = arr_new_like(oav);
  if (!o) return -1;
  int64_t n = x->shape[pa->axis], lines = n ? x->size / n : 0;
  ArgFn f = arg_fns[x->dtype][p->monoid == PRIM_min];
  int esz = dt_size(x->dtype), osz = dt_size(o->dtype);
  for (int64_t l = 0; l < lines && !arr_interrupted(); l++) {
    int64_t ia, io;
    line_offsets(x, o, pa->axis, 1, l, &ia, &io);
    int64_t r = f((const char *)x->buf->data + ia * esz, n, x->strides[pa->axis]);
    char *dst = (char *)o->buf->data + io * osz;
    if (o->dtype == DT_INT64) *(int64_t *)dst = r;
    else cpu_store_f(o->dtype, dst, (double)r);
  }
  *out = o;
  return 0;
}

/* {=== cumulative ===} */
#define CUM_FN(name, T, COMB)                                                         \
  static void cum_##name(char *o_, int64_t so, const char *x_, int64_t sx, int64_t n) { \
    T *o = (T *)o_;                                                                   \
    const T *x = (const T *)x_;                                                       \
    T acc = x[0];                                                                     \
    o[0] = acc;                                                                       \
    for (int64_t i = 1; i < n; i++) {                                                 \
      T b = x[i * sx]; acc = COMB(acc, b); o[i * so] = acc;                           \
      if (!(i & (CPU_POLL_BLOCK - 1)) && arr_interrupted()) return;                    \
    }                                                                                 \
  }
CUM_FN(sum_f32, float, ADDC) CUM_FN(sum_f64, double, ADDC) CUM_FN(sum_i32, int32_t, UADD32)
CUM_FN(sum_i64, int64_t, UADD64) CUM_FN(sum_u8, uint8_t, U8ADD) CUM_FN(sum_u32, uint32_t, ADDC)
CUM_FN(prod_f32, float, MULC) CUM_FN(prod_f64, double, MULC) CUM_FN(prod_i32, int32_t, UMUL32)
CUM_FN(prod_i64, int64_t, UMUL64) CUM_FN(prod_u8, uint8_t, U8MUL) CUM_FN(prod_u32, uint32_t, U32MUL)
CUM_FN(max_f32, float, FMAXC) CUM_FN(max_f64, double, FMAXC) CUM_FN(min_f32, float, FMINC)
CUM_FN(min_f64, double, FMINC)
#define CUM_INT(sfx, T) CUM_FN(max_##sfx, T, IMAXC) CUM_FN(min_##sfx, T, IMINC)
CUM_INT(i32, int32_t) CUM_INT(i64, int64_t) CUM_INT(u8, uint8_t) CUM_INT(u32, uint32_t)
typedef void (*CumFn)(char *, int64_t, const char *, int64_t, int64_t);
#define CUM_ROW(op) {[DT_FLOAT32] = cum_##op##_f32, [DT_FLOAT64] = cum_##op##_f64, \
  [DT_INT32] = cum_##op##_i32, [DT_INT64] = cum_##op##_i64, [DT_UINT8] = cum_##op##_u8, \
  [DT_UINT32] = cum_##op##_u32}
static const CumFn cum_fns[4][DT_COUNT] = {CUM_ROW(sum), CUM_ROW(prod), CUM_ROW(max), CUM_ROW(min)};

/* float16/bfloat16: XLA runs JAX's associative_scan (pairs, recursion on the pair sums, then
 * the even elements), rounding every sum or product to the 16-bit type; max/min are exact. */
static float rnd16(int bf, float v) { return arr_half_to_f32(bf, arr_f64_to_half(bf, v)); }
static int half_scan(const float *x, int64_t n, int prod, int bf, float *out) {
  if (n < 2) { if (n) out[0] = x[0]; return 0; }
  int64_t m = n / 2;
  float *r = malloc(sizeof(float) * (size_t)m * 2);
  if (!r) return arr_err(ERR_MEMORY, "out of memory");
  float *odd = r + m;
  for (int64_t k = 0; k < m; k++)
    r[k] = rnd16(bf, prod ? x[2 * k] * x[2 * k + 1] : x[2 * k] + x[2 * k + 1]);
  if (half_scan(r, m, prod, bf, odd) < 0) { free(r); return -1; }
  out[0] = x[0];
  for (int64_t k = 0; k < m; k++) out[2 * k + 1] = odd[k];
  for (int64_t k = 1; 2 * k < n; k++)
    out[2 * k] = rnd16(bf, prod ? odd[k - 1] * x[2 * k] : odd[k - 1] + x[2 * k]);
  free(r);
  return 0;
}

static int cum_half(const Prim *p, const PCum *c, Array *x, Array *o) {
  int bf = x->dtype == DT_BFLOAT16, op = p->id - PRIM_cumsum;
  int64_t n = x->shape[c->axis], lines = n ? x->size / n : 0;
  int64_t sx = x->strides[c->axis], so = o->strides[c->axis];
  float *buf = malloc(sizeof(float) * (size_t)(2 * n + 1));
  if (!buf) return arr_err(ERR_MEMORY, "out of memory");
  for (int64_t l = 0; l < lines; l++) {
    int64_t ia, io;
    line_offsets(x, o, c->axis, 0, l, &ia, &io);
    if (c->reverse) { ia += (n - 1) * sx; io += (n - 1) * so; sx = -sx; so = -so; }
    const uint16_t *xs = (const uint16_t *)x->buf->data + ia;
    uint16_t *os = (uint16_t *)o->buf->data + io;
    float *v = buf, *r = buf + n;
    for (int64_t i = 0; i < n; i++) v[i] = arr_half_to_f32(bf, xs[i * sx]);
    if (op < 2) {
      if (half_scan(v, n, op == 1, bf, r) < 0) { free(buf); return -1; }
    } else {
      r[0] = v[0];
      for (int64_t i = 1; i < n; i++)
        r[i] = op == 2 ? FMAXC(r[i - 1], v[i]) : FMINC(r[i - 1], v[i]);
    }
    for (int64_t i = 0; i < n; i++) os[i * so] = arr_f64_to_half(bf, r[i]);
    if (c->reverse) { sx = -sx; so = -so; }
  }
  free(buf);
  return 0;
}

int cpu_k_cum(const Prim *p, Array *const *in, int nin, const void *params,
                 const AVal *oav, Array **out) {
  const PCum *c = params;
  Array *x = in[0];
  if (dt_is_half(x->dtype)) {
    Array *o = arr_new_like(oav);
    if (!o) return -1;
    if (cum_half(p, c, x, o) < 0) { arr_release(o); return -1; }
    *out = o;
    return 0;
  }
  CumFn f = cum_fns[p->id - PRIM_cumsum][x->dtype];
  if (!f) return arr_err(ERR_TYPE, "%s does not accept dtype %s.", p->name, arr_dtypes[x->dtype].name);
  Array *o = arr_new_like(oav);
  if (!o) return -1;
  int64_t n = x->shape[c->axis], lines = n ? x->size / n : 0;
  int esz = dt_size(x->dtype);
  int64_t sx = x->strides[c->axis], so = o->strides[c->axis];
  for (int64_t l = 0; l < lines && !arr_interrupted(); l++) {
    int64_t ia, io;
    line_offsets(x, o, c->axis, 0, l, &ia, &io);
    if (c->reverse) { ia += (n - 1) * sx; io += (n - 1) * so; }
    f((char *)o->buf->data + io * esz, c->reverse ? -so : so,
      (const char *)x->buf->data + ia * esz, c->reverse ? -sx : sx, n);
  }
  *out = o;
  return 0;
}

/* The row and vector loops of the reductions, chosen once (from cpu_init_loops). */
void cpu_init_reduce_loops(void) {
#define SET(op, name, sfx, d) row_fn[op][d] = row_##name##_##sfx; vec_fn[op][d] = vec_##name##_##sfx;
  SET(R_SUM, sum, f32, DT_FLOAT32) SET(R_SUM, sum, f64, DT_FLOAT64) SET(R_SUM, sum, i32, DT_INT32)
  SET(R_SUM, sum, i64, DT_INT64) SET(R_SUM, sum, u8, DT_UINT8) SET(R_SUM, sum, u32, DT_UINT32)
  SET(R_PROD, prod, f32, DT_FLOAT32) SET(R_PROD, prod, f64, DT_FLOAT64) SET(R_PROD, prod, i32, DT_INT32)
  SET(R_PROD, prod, i64, DT_INT64) SET(R_PROD, prod, u8, DT_UINT8) SET(R_PROD, prod, u32, DT_UINT32)
  SET(R_MAX, max, f32, DT_FLOAT32) SET(R_MAX, max, f64, DT_FLOAT64)
  SET(R_MIN, min, f32, DT_FLOAT32) SET(R_MIN, min, f64, DT_FLOAT64)
#define SETI(sfx, d) SET(R_MAX, max, sfx, d) SET(R_MIN, min, sfx, d) SET(R_OR, or, sfx, d) SET(R_AND, and, sfx, d)
  SETI(b, DT_BOOL) SETI(u8, DT_UINT8) SETI(u32, DT_UINT32) SETI(i32, DT_INT32) SETI(i64, DT_INT64)
#undef SETI
#undef SET
  row_fn[R_SUM][DT_FLOAT32] = row_sum_pw_f32;
  row_fn[R_SUM][DT_FLOAT64] = row_sum_pw_f64;
  row_fn[R_MAX][DT_FLOAT32] = row_vmax_f32;
  row_fn[R_MAX][DT_FLOAT64] = row_vmax_f64;
  row_fn[R_MIN][DT_FLOAT32] = row_vmin_f32;
  row_fn[R_MIN][DT_FLOAT64] = row_vmin_f64;
}
