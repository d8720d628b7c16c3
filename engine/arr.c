/* arr.c - dtypes, type promotion, the thread-local error slot, shape helpers, array allocation
 * (one aligned block for small results) and views that share the buffer. */
#include "arr.h"
#include "arr_half.h"

#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

const DTypeInfo arr_dtypes[DT_COUNT] = {
    [DT_BOOL] = {"bool", 1, 'b', "|b1"},      [DT_UINT8] = {"uint8", 1, 'u', "|u1"},
    [DT_UINT32] = {"uint32", 4, 'u', "<u4"},  [DT_INT32] = {"int32", 4, 'i', "<i4"},
    [DT_INT64] = {"int64", 8, 'i', "<i8"},    [DT_FLOAT32] = {"float32", 4, 'f', "<f4"},
    [DT_FLOAT64] = {"float64", 8, 'f', "<f8"},  [DT_FLOAT16] = {"float16", 2, 'f', "<f2"},
    [DT_BFLOAT16] = {"bfloat16", 2, 'f', "<V2"},
};

int64_t arr_max_bytes = 0;

int dt_from_name(const char *name) {
  static const struct { const char *n; DType d; } alias[] = {
      {"bool", DT_BOOL},       {"bool_", DT_BOOL},     {"b1", DT_BOOL},    {"?", DT_BOOL},
      {"uint8", DT_UINT8},     {"u1", DT_UINT8},       {"B", DT_UINT8},    {"uint32", DT_UINT32},
      {"u4", DT_UINT32},       {"int32", DT_INT32},    {"i4", DT_INT32},   {"int64", DT_INT64},
      {"i8", DT_INT64},        {"int", DT_INT64},      {"float32", DT_FLOAT32},
      {"f4", DT_FLOAT32},      {"float64", DT_FLOAT64}, {"f8", DT_FLOAT64},
      {"float", DT_FLOAT64},   {"double", DT_FLOAT64}, {"single", DT_FLOAT32},
      {"float16", DT_FLOAT16}, {"f2", DT_FLOAT16},     {"half", DT_FLOAT16}, {"e", DT_FLOAT16},
      {"bfloat16", DT_BFLOAT16},
  };
  for (size_t i = 0; i < sizeof alias / sizeof alias[0]; i++)
    if (strcmp(alias[i].n, name) == 0) return (int)alias[i].d;
  return -1;
}

/* {=== type promotion ===}
 * Lattice nodes: the nine dtypes plus JAX's weak int (i*) and weak float (f*). up[x] is the
 * set of nodes >= x (including x); the least upper bound of a set is the common upper node
 * that every other common upper node is above. JAX's lattice passes through i8/i16/u16/u64;
 * only their effect on our nodes is kept (u8 < i16 < i32, u32 < i64 < f* < bf16, f16 < f32). */
enum { N_B, N_U8, N_U32, N_I32, N_I64, N_F32, N_F64, N_IW, N_FW, N_F16, N_BF16, N_COUNT };
#define B(n) (1u << (n))
#define ALL_NODES (B(N_COUNT) - 1)
#define FLOATS_UP (B(N_FW) | B(N_F16) | B(N_BF16) | B(N_F32) | B(N_F64))
static const unsigned jax_up[N_COUNT] = {
    [N_B] = ALL_NODES,
    [N_IW] = B(N_IW) | B(N_U8) | B(N_U32) | B(N_I32) | B(N_I64) | FLOATS_UP,
    [N_U8] = B(N_U8) | B(N_U32) | B(N_I32) | B(N_I64) | FLOATS_UP,
    [N_U32] = B(N_U32) | B(N_I64) | FLOATS_UP,
    [N_I32] = B(N_I32) | B(N_I64) | FLOATS_UP,
    [N_I64] = B(N_I64) | FLOATS_UP,
    [N_FW] = FLOATS_UP,
    [N_F16] = B(N_F16) | B(N_F32) | B(N_F64),
    [N_BF16] = B(N_BF16) | B(N_F32) | B(N_F64),
    [N_F32] = B(N_F32) | B(N_F64),
    [N_F64] = B(N_F64),
};
/* NumPy's safe-casting order (promote_types) over strong dtypes; bfloat16 as ml_dtypes
 * registers it (above bool and uint8, below float32). */
static const unsigned np_up[N_COUNT] = {
    [N_B] = ALL_NODES & ~(B(N_IW) | B(N_FW)),
    [N_U8] = B(N_U8) | B(N_U32) | B(N_I32) | B(N_I64) | B(N_F16) | B(N_BF16) | B(N_F32) | B(N_F64),
    [N_U32] = B(N_U32) | B(N_I64) | B(N_F64),
    [N_I32] = B(N_I32) | B(N_I64) | B(N_F64),
    [N_I64] = B(N_I64) | B(N_F64),
    [N_F16] = B(N_F16) | B(N_F32) | B(N_F64),
    [N_BF16] = B(N_BF16) | B(N_F32) | B(N_F64),
    [N_F32] = B(N_F32) | B(N_F64),
    [N_F64] = B(N_F64),
};
static const int node_of_dt[DT_COUNT] = {N_B, N_U8, N_U32, N_I32, N_I64, N_F32, N_F64, N_F16, N_BF16};
static const DType dt_of_node[N_COUNT] = {DT_BOOL,    DT_UINT8,   DT_UINT32, DT_INT32, DT_INT64,
                                          DT_FLOAT32, DT_FLOAT64, DT_INT64,  DT_FLOAT64,
                                          DT_FLOAT16, DT_BFLOAT16};

static int lub(const unsigned *up, unsigned nodes) {
  unsigned common = ALL_NODES;
  for (int n = 0; n < N_COUNT; n++)
    if (nodes & B(n)) common &= up[n];
  for (int c = 0; c < N_COUNT; c++)
    if ((common & B(c)) && (up[c] & common) == common) return c;
  return N_F64;   /* unreachable for these tables */
}

DType arr_default_int(PromoMode m) { return m == PROMO_JAX ? DT_INT32 : DT_INT64; }
DType arr_default_float(PromoMode m) { return m == PROMO_JAX ? DT_FLOAT32 : DT_FLOAT64; }
DType arr_canonical(DType d, PromoMode m) {
  if (m != PROMO_JAX) return d;
  return d == DT_INT64 ? DT_INT32 : d == DT_FLOAT64 ? DT_FLOAT32 : d;
}

void arr_result_type(int n, const DType *dt, const uint8_t *weak, PromoMode mode, DType *out,
                     int *out_weak) {
  if (mode != PROMO_NUMPY) {
    /* JAX: identical dtypes with at least one strong operand promote trivially. */
    int all_same = 1, any_strong = 0;
    for (int i = 0; i < n; i++) {
      if (dt[i] != dt[0]) all_same = 0;
      if (!weak || !weak[i]) any_strong = 1;
    }
    if (all_same && any_strong) { *out = arr_canonical(dt[0], mode); *out_weak = 0; return; }
    unsigned nodes = 0;
    for (int i = 0; i < n; i++) {
      int nd = node_of_dt[dt[i]];
      if (weak && weak[i] && dt[i] != DT_BOOL) nd = dt_is_float(dt[i]) ? N_FW : N_IW;
      nodes |= B(nd);
    }
    int r = lub(jax_up, nodes);
    *out_weak = (r == N_IW || r == N_FW);
    *out = arr_canonical(dt_of_node[r], mode);
    return;
  }
  /* NumPy 2 (NEP 50): weak scalars take the strong operands' dtype when the kind fits. */
  unsigned strong = 0;
  int weak_int = 0, weak_float = 0;
  for (int i = 0; i < n; i++) {
    if (weak && weak[i] && dt[i] != DT_BOOL) {
      if (dt_is_float(dt[i])) weak_float = 1; else weak_int = 1;
    } else {
      strong |= B(node_of_dt[dt[i]]);
    }
  }
  if (!strong) {
    *out = weak_float ? DT_FLOAT64 : DT_INT64;
    *out_weak = 1;
    return;
  }
  int has_float = (strong & (B(N_F16) | B(N_BF16) | B(N_F32) | B(N_F64))) != 0;
  int only_bool = strong == B(N_B);
  if (weak_float && !has_float) strong |= B(N_F64);
  if (weak_int && only_bool) strong |= B(N_I64);
  *out = dt_of_node[lub(np_up, strong)];
  *out_weak = 0;
}
#undef B

/* {=== errors ===} */
volatile sig_atomic_t *arr_interrupt_flag;
static _Thread_local ArrError last_err;

int arr_err(ErrKind kind, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  last_err.kind = kind;
  vsnprintf(last_err.msg, sizeof last_err.msg, fmt, ap);
  va_end(ap);
  last_err.np_kind = ERR_NONE;
  last_err.np_msg[0] = 0;
  return -1;
}

void arr_err_np(ErrKind kind, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  last_err.np_kind = kind;
  vsnprintf(last_err.np_msg, sizeof last_err.np_msg, fmt, ap);
  va_end(ap);
}

const ArrError *arr_last_error(void) { return &last_err; }
void arr_err_clear(void) { memset(&last_err, 0, sizeof last_err); }

const char *arr_err_kind_name(ErrKind k) {
  static const char *names[] = {"NoError",       "TypeError",     "ValueError",
                                "IndexError",    "MemoryError",   "ZeroDivisionError",
                                "OverflowError", "NotImplementedError", "OSError",
                                "LinAlgError",   "RuntimeError", "KeyboardInterrupt"};
  return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "RuntimeError";
}
const char *arr_err_msg(PromoMode m) {
  return (m == PROMO_NUMPY && last_err.np_msg[0]) ? last_err.np_msg : last_err.msg;
}
ErrKind arr_err_kind(PromoMode m) {
  return (m == PROMO_NUMPY && last_err.np_kind != ERR_NONE) ? last_err.np_kind : last_err.kind;
}

/* {=== shapes ===} */
char *arr_shape_str(const int64_t *shape, int ndim, char *buf, size_t n) {
  size_t k = 0;
  if (n == 0) return buf;
  k += snprintf(buf + k, n - k, "(");
  for (int i = 0; i < ndim && k < n; i++)
    k += snprintf(buf + k, n - k, i ? ", %lld" : "%lld", (long long)shape[i]);
  if (k < n) snprintf(buf + k, n - k, ndim == 1 ? ",)" : ")");
  return buf;
}

int64_t arr_shape_size(const int64_t *shape, int ndim) {
  int64_t s = 1;
  int zero = 0;
  for (int i = 0; i < ndim; i++) {
    if (shape[i] < 0) {
      arr_err(ERR_VALUE, "negative dimensions are not allowed");
      return -1;
    }
    if (shape[i] == 0) zero = 1;
  }
  /* NumPy refuses a shape whose nonzero extents overflow even when another extent is 0 */
  for (int i = 0; i < ndim; i++) {
    if (shape[i] != 0 && __builtin_mul_overflow(s, shape[i], &s)) {
      arr_err(ERR_VALUE, "array is too big; `arr.size * arr.dtype.itemsize` is larger than the "
                         "maximum possible size.");
      return -1;
    }
  }
  return zero ? 0 : s;
}

/* NumPy's AxisError text for an axis out of range; the index on success. */
static int arr_norm_axis(int64_t axis, int ndim) {
  if (axis < -(int64_t)ndim || axis >= ndim) {
    arr_err(ERR_VALUE, "axis %lld is out of bounds for array of dimension %d", (long long)axis,
            ndim);
    return -1;
  }
  return (int)(axis < 0 ? axis + ndim : axis);
}

int arr_broadcast_shapes(const char *op, const int64_t *a, int na, const int64_t *b, int nb,
                         int64_t *out, int *nout) {
  int n = na > nb ? na : nb;
  for (int i = 0; i < n; i++) {
    int64_t da = i < n - na ? 1 : a[i - (n - na)];
    int64_t db = i < n - nb ? 1 : b[i - (n - nb)];
    if (da == db || db == 1) out[i] = da;
    else if (da == 1) out[i] = db;
    else {
      char sa[400], sb[400];
      arr_shape_str(a, na, sa, sizeof sa);
      arr_shape_str(b, nb, sb, sizeof sb);
      arr_err(ERR_TYPE, "%s got incompatible shapes for broadcasting: %s, %s", op, sa, sb);
      arr_err_np(ERR_VALUE, "operands could not be broadcast together with shapes %s %s ", sa, sb);
      return -1;
    }
  }
  *nout = n;
  return 0;
}

int arr_resolve_reshape(int64_t size, int ndim, int64_t *shape) {
  int neg = -1;
  int64_t known = 1;
  for (int i = 0; i < ndim; i++) {
    if (shape[i] == -1) {
      if (neg >= 0) return arr_err(ERR_VALUE, "can only specify one unknown dimension");
      neg = i;
    } else if (shape[i] < 0) {
      return arr_err(ERR_VALUE, "negative dimensions not allowed");
    } else if (__builtin_mul_overflow(known, shape[i], &known)) {
      return arr_err(ERR_VALUE, "array is too big; `arr.size * arr.dtype.itemsize` is larger "
                                "than the maximum possible size.");
    }
  }
  if (neg >= 0 && known != 0 && size % known == 0) shape[neg] = size / known;
  else if (neg >= 0) shape[neg] = -1;
  if ((neg < 0 && known != size) || (neg >= 0 && shape[neg] < 0)) {
    char s[400];
    if (neg >= 0) shape[neg] = -1;
    arr_shape_str(shape, ndim, s, sizeof s);
    arr_err(ERR_TYPE, "cannot reshape array of shape (size %lld) into shape %s", (long long)size, s);
    arr_err_np(ERR_VALUE, "cannot reshape array of size %lld into shape %s", (long long)size, s);
    return -1;
  }
  return 0;
}

/* {=== allocation ===} */
/* C-order strides; a zero-size array may have huge other dims, so saturate instead of
 * overflowing (its strides are never used to address anything). */
static int64_t next_stride(int64_t st, int64_t dim) {
  int64_t r;
  if (dim <= 1) return st;
  return __builtin_mul_overflow(st, dim, &r) ? st : r;
}

static void init_max_bytes(void) {
  long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
  int64_t ram = (pages > 0 && psz > 0) ? (int64_t)pages * psz : ARR_MAX_BYTES_DEFAULT;
  arr_max_bytes = ram < ARR_MAX_BYTES_DEFAULT ? ram : ARR_MAX_BYTES_DEFAULT;
}

static void fmt_bytes(double b, char *buf, size_t n) {
  static const char *u[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int i = 0;
  while (b >= 1024 && i < 6) { b /= 1024; i++; }
  if (i == 0) snprintf(buf, n, "%.0f %s", b, u[i]);
  else snprintf(buf, n, "%.3g %s", b, u[i]);
}

static int mem_error(DType dt, int ndim, const int64_t *shape, double bytes) {
  char s[400], b[64];
  arr_shape_str(shape, ndim, s, sizeof s);
  fmt_bytes(bytes, b, sizeof b);
  return arr_err(ERR_MEMORY, "Unable to allocate %s for an array with shape %s and data type %s",
                 b, s, arr_dtypes[dt].name);
}

/* Big buffers ask for transparent huge pages, as NumPy does (its threshold too): a fresh
 * 200 MB result otherwise takes ~50000 page faults (~140 ms here, 3% of a 5000x5000 dgemm)
 * and big operands miss the TLB on every 4 KiB page. Only the page-aligned interior is
 * advised; failure (no THP, other kernels) changes nothing. */
#define ARR_HUGE_BYTES ((int64_t)4 << 20)
static void advise_huge(void *p, size_t n) {
#ifdef MADV_HUGEPAGE
  uintptr_t lo = ((uintptr_t)p + 4095) & ~(uintptr_t)4095, hi = ((uintptr_t)p + n) & ~(uintptr_t)4095;
  if (hi > lo) (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
  (void)p; (void)n;
#endif
}

/* A few freed big blocks are kept for the next allocation of about the same size: `c = a @ b`
 * in a loop, or any chain of big temporaries, then writes into memory that is already mapped
 * instead of taking a page fault per page (3-5% of a 5000x5000 sgemm into a fresh output, more
 * for elementwise work on big arrays). glibc maps and unmaps blocks of 32 MiB and more afresh
 * each time, and gives the top of its heap back to the system (trims) once the free space
 * there passes twice its last mmap threshold: a jit-ed training step whose temporaries are a
 * few MiB each (LeNet-5 at batch 256: ~2500 faults, 10 MB, per step) faults them all in again
 * every step. So blocks from 256 KiB up are kept too. At most BIG_CACHE_N blocks and
 * big_cache_cap bytes are held (released at exit); not under AddressSanitizer, which must see
 * every free. */
#define BIG_MIN ((size_t)256 << 10)
#define BIG_CACHE_N 32
#if defined(__SANITIZE_ADDRESS__)
#define BIG_CACHE 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BIG_CACHE 0
#endif
#endif
#ifndef BIG_CACHE
#define BIG_CACHE 1
#endif
static pthread_mutex_t big_mu = PTHREAD_MUTEX_INITIALIZER;
static struct { void *block; size_t size; } big_cache[BIG_CACHE_N];   /* [0] most recent */
static int big_n;
static size_t big_bytes;

static size_t big_cache_cap(void) {
  if (!arr_max_bytes) init_max_bytes();
  size_t cap = (size_t)(arr_max_bytes / 8);
  return cap < ((size_t)1 << 30) ? cap : ((size_t)1 << 30);
}

static void *big_take(size_t total) {
  void *p = NULL;
  pthread_mutex_lock(&big_mu);
  for (int i = 0; i < big_n; i++)
    if (big_cache[i].size >= total && big_cache[i].size - total <= total / 8) {
      p = big_cache[i].block;
      big_bytes -= big_cache[i].size;
      for (int k = i; k + 1 < big_n; k++) big_cache[k] = big_cache[k + 1];
      big_n--;
      break;
    }
  pthread_mutex_unlock(&big_mu);
  return p;
}

/* 1 if the cache took the block */
static int big_put(void *block, size_t size) {
  if (!BIG_CACHE || size < BIG_MIN || size > big_cache_cap()) return 0;
  void *evict[BIG_CACHE_N + 1];
  int ne = 0;
  pthread_mutex_lock(&big_mu);
  while (big_n > 0 && (big_n == BIG_CACHE_N || big_bytes + size > big_cache_cap())) {
    big_n--;
    big_bytes -= big_cache[big_n].size;
    evict[ne++] = big_cache[big_n].block;
  }
  for (int k = big_n; k > 0; k--) big_cache[k] = big_cache[k - 1];
  big_cache[0].block = block;
  big_cache[0].size = size;
  big_n++;
  big_bytes += size;
  pthread_mutex_unlock(&big_mu);
  for (int i = 0; i < ne; i++) free(evict[i]);
  return 1;
}

/* leak checkers see the held blocks freed */
__attribute__((destructor)) static void big_release_all(void) {
  pthread_mutex_lock(&big_mu);
  while (big_n > 0) {
    big_n--;
    free(big_cache[big_n].block);
  }
  big_bytes = 0;
  pthread_mutex_unlock(&big_mu);
}

static Array *alloc_array(DType dt, int ndim, const int64_t *shape, int zero) {
  if ((unsigned)dt >= DT_COUNT) { arr_err(ERR_TYPE, "invalid dtype"); return NULL; }
  if (ndim < 0 || ndim > ARR_MAXDIM) {
    arr_err(ERR_VALUE, "maximum supported dimension for an ndarray is %d, found %d", ARR_MAXDIM,
            ndim);
    return NULL;
  }
  int64_t size = arr_shape_size(shape, ndim);
  if (size < 0) return NULL;
  if (!arr_max_bytes) init_max_bytes();
  int64_t nbytes;
  if (__builtin_mul_overflow(size, (int64_t)dt_size(dt), &nbytes) || nbytes > arr_max_bytes) {
    mem_error(dt, ndim, shape, (double)size * dt_size(dt));
    return NULL;
  }
  /* One malloc holds the header and the data; the data start is rounded up to 64 bytes by
   * hand (plain malloc is much cheaper than aligned_alloc for the many small results). */
  size_t total = sizeof(Array) + sizeof(Buffer) + ARR_ALIGN + (size_t)nbytes;
  char *block = BIG_CACHE && total >= BIG_MIN ? big_take(total) : NULL;
  if (!block) {
    block = malloc(total);
    if (!block) { mem_error(dt, ndim, shape, (double)nbytes); return NULL; }
    if (nbytes >= ARR_HUGE_BYTES) advise_huge(block, total);
  }
  Array *a = (Array *)block;
  Buffer *b = (Buffer *)(block + sizeof(Array));
  b->refcount = 1;
  uintptr_t d0 = (uintptr_t)(block + sizeof(Array) + sizeof(Buffer));
  b->data = (void *)((d0 + ARR_ALIGN - 1) & ~(uintptr_t)(ARR_ALIGN - 1));
  b->nbytes = (size_t)nbytes;
  b->device = 0;
  b->block = block;
  b->free_fn = NULL;
  if (zero && nbytes) memset(b->data, 0, (size_t)nbytes);
  a->refcount = 1;
  a->dtype = dt;
  a->ndim = ndim;
  a->flags = ARR_EMBEDDED;
  a->size = size;
  a->offset = 0;
  a->buf = b;
  int64_t st = 1;
  for (int i = ndim - 1; i >= 0; i--) {
    a->shape[i] = shape[i];
    a->strides[i] = st;
    st = next_stride(st, shape[i]);
  }
  return a;
}

Array *arr_new(DType dt, int ndim, const int64_t *shape) { return alloc_array(dt, ndim, shape, 0); }
Array *arr_zeros(DType dt, int ndim, const int64_t *shape) { return alloc_array(dt, ndim, shape, 1); }
Array *arr_new_like(const AVal *av) {
  Array *a = alloc_array(av->dtype, av->ndim, av->shape, 0);
  if (a && av->weak) a->flags |= ARR_WEAK;
  return a;
}

static void buf_release(Buffer *b) {
  if (__atomic_sub_fetch(&b->refcount, 1, __ATOMIC_ACQ_REL) > 0) return;
  if (b->free_fn) b->free_fn(b);
  /* an embedded buffer (one block from alloc_array) may go back to the big-block cache */
  if (!b->free_fn && b->block && (char *)b->block + sizeof(Array) == (char *)b &&
      big_put(b->block, sizeof(Array) + sizeof(Buffer) + ARR_ALIGN + b->nbytes))
    return;
  free(b->block);   /* for embedded buffers this also frees the owning Array header */
}

void arr_release(Array *a) {
  if (!a || __atomic_sub_fetch(&a->refcount, 1, __ATOMIC_ACQ_REL) > 0) return;
  Buffer *b = a->buf;
  if (!(a->flags & ARR_EMBEDDED)) free(a);
  buf_release(b);
}

Array *arr_from_data(DType dt, int ndim, const int64_t *shape, const void *data) {
  Array *a = arr_new(dt, ndim, shape);
  if (a && a->size) memcpy(a->buf->data, data, (size_t)a->size * dt_size(dt));
  return a;
}

#define STORE_CASES(X)                                                                   \
  X(DT_BOOL, uint8_t) X(DT_UINT8, uint8_t) X(DT_UINT32, uint32_t) X(DT_INT32, int32_t)  \
  X(DT_INT64, int64_t) X(DT_FLOAT32, float) X(DT_FLOAT64, double)

Array *arr_scalar_f(DType dt, double v) {
  Array *a = arr_new(dt, 0, NULL);
  if (!a) return NULL;
  void *p = a->buf->data;
  if (dt == DT_BOOL) *(uint8_t *)p = v != 0;
  else if (dt == DT_FLOAT32) *(float *)p = (float)v;
  else if (dt == DT_FLOAT64) *(double *)p = v;
  else if (dt_is_half(dt)) *(uint16_t *)p = arr_f64_to_half(dt == DT_BFLOAT16, v);
  else {
    int64_t iv = (v >= -9.2e18 && v <= 9.2e18) ? (int64_t)v : 0;
    memcpy(p, &iv, (size_t)dt_size(dt));   /* little-endian truncation = C wrap */
  }
  return a;
}

Array *arr_scalar_i(DType dt, int64_t v) {
  Array *a = arr_new(dt, 0, NULL);
  if (!a) return NULL;
  void *p = a->buf->data;
  if (dt == DT_BOOL) *(uint8_t *)p = v != 0;
  else if (dt == DT_FLOAT32) *(float *)p = (float)v;
  else if (dt == DT_FLOAT64) *(double *)p = (double)v;
  else if (dt_is_half(dt)) *(uint16_t *)p = arr_f64_to_half(dt == DT_BFLOAT16, (double)v);
  else memcpy(p, &v, (size_t)dt_size(dt));
  return a;
}

void arr_aval(const Array *a, AVal *out) {
  out->dtype = a->dtype;
  out->weak = (a->flags & ARR_WEAK) != 0;
  out->ndim = a->ndim;
  memcpy(out->shape, a->shape, sizeof(int64_t) * a->ndim);
}

int arr_is_contiguous(const Array *a) {
  int64_t st = 1;
  if (a->size == 0) return 1;
  for (int i = a->ndim - 1; i >= 0; i--) {
    if (a->shape[i] != 1 && a->strides[i] != st) return 0;
    st *= a->shape[i];
  }
  return 1;
}

void *arr_ptr(const Array *a, const int64_t *idx) {
  int64_t off = a->offset;
  for (int i = 0; i < a->ndim; i++) off += idx[i] * a->strides[i];
  return (char *)a->buf->data + off * dt_size(a->dtype);
}

static int64_t flat_offset(const Array *a, int64_t flat) {
  int64_t off = a->offset;
  for (int i = a->ndim - 1; i >= 0; i--) {
    int64_t n = a->shape[i];
    off += (flat % n) * a->strides[i];
    flat /= n;
  }
  return off;
}

double arr_get_f(const Array *a, int64_t flat) {
  char *p = (char *)a->buf->data + flat_offset(a, flat) * dt_size(a->dtype);
  switch (a->dtype) {
#define X(d, T) case d: return (double)*(T *)p;
    STORE_CASES(X)
#undef X
    case DT_FLOAT16: case DT_BFLOAT16: return arr_half_to_f32(a->dtype == DT_BFLOAT16, *(uint16_t *)p);
    default: return 0;
  }
}

int64_t arr_get_i(const Array *a, int64_t flat) {
  char *p = (char *)a->buf->data + flat_offset(a, flat) * dt_size(a->dtype);
  switch (a->dtype) {
    case DT_FLOAT32: { float f = *(float *)p; return (f >= -9.2e18f && f <= 9.2e18f) ? (int64_t)f : INT64_MIN; }
    case DT_FLOAT64: { double f = *(double *)p; return (f >= -9.2e18 && f <= 9.2e18) ? (int64_t)f : INT64_MIN; }
    case DT_FLOAT16: case DT_BFLOAT16: {
      float f = arr_half_to_f32(a->dtype == DT_BFLOAT16, *(uint16_t *)p);
      return (f >= -9.2e18f && f <= 9.2e18f) ? (int64_t)f : INT64_MIN;
    }
#define X(d, T) case d: return (int64_t)*(T *)p;
    X(DT_BOOL, uint8_t) X(DT_UINT8, uint8_t) X(DT_UINT32, uint32_t) X(DT_INT32, int32_t)
    X(DT_INT64, int64_t)
#undef X
    default: return 0;
  }
}

/* {=== views ===} */
static Array *view_of(Array *a) {
  Array *v = malloc(sizeof(Array));
  if (!v) { arr_err(ERR_MEMORY, "out of memory"); return NULL; }
  *v = *a;
  v->refcount = 1;
  v->flags = a->flags & ~ARR_EMBEDDED;
  __atomic_fetch_add(&a->buf->refcount, 1, __ATOMIC_RELAXED);
  return v;
}

Array *arr_view(Array *a) { return view_of(a); }

static void fix_size(Array *v) {
  int64_t s = 1;
  for (int i = 0; i < v->ndim; i++) s *= v->shape[i];
  v->size = s;
}

int64_t arr_slice_indices(int64_t len, int64_t *start, int64_t *stop, int64_t *step, int has_start,
                          int has_stop) {
  int64_t st = *step;
  if (st == 0) { arr_err(ERR_VALUE, "slice step cannot be zero"); return -1; }
  int64_t lo = st < 0 ? -1 : 0, hi = st < 0 ? len - 1 : len;
  int64_t b, e;
  if (!has_start) b = st < 0 ? hi : lo;
  else { b = *start; if (b < 0) { b += len; if (b < lo) b = lo; } else if (b > hi) b = hi; }
  if (!has_stop) e = st < 0 ? lo : hi;
  else { e = *stop; if (e < 0) { e += len; if (e < lo) e = lo; } else if (e > hi) e = hi; }
  *start = b; *stop = e;
  int64_t n;
  if (st > 0) n = e > b ? (e - b - 1) / st + 1 : 0;
  else n = b > e ? (b - e - 1) / (-st) + 1 : 0;
  return n;
}

Array *arr_view_slice(Array *a, const int64_t *start, const int64_t *stop, const int64_t *step) {
  for (int i = 0; i < a->ndim; i++) {   /* as arr_slice_indices leaves them */
    int64_t b = start[i], e = stop[i], st = step[i], len = a->shape[i];
    int ok = st > 0 ? (b >= 0 && b <= len && e >= 0 && e <= len)
                    : (st < 0 && b >= -1 && b < (len ? len : 1) && e >= -1 && e < (len ? len : 1));
    if (!ok) { arr_err(ERR_INDEX, "slice %lld:%lld:%lld out of range for axis %d with size %lld",
                       (long long)b, (long long)e, (long long)st, i, (long long)len); return NULL; }
  }
  Array *v = view_of(a);
  if (!v) return NULL;
  for (int i = 0; i < a->ndim; i++) {
    int64_t b = start[i], e = stop[i], st = step[i], n;
    if (st > 0) n = e > b ? (e - b - 1) / st + 1 : 0;
    else n = b > e ? (b - e - 1) / (-st) + 1 : 0;
    if (n) v->offset += b * a->strides[i];
    v->shape[i] = n;
    v->strides[i] = a->strides[i] * st;
  }
  fix_size(v);
  return v;
}

Array *arr_view_index(Array *a, int axis, int64_t i) {
  if (axis < 0 || axis >= a->ndim) { arr_norm_axis(axis, a->ndim); return NULL; }
  if (i < -a->shape[axis] || i >= a->shape[axis]) {
    arr_err(ERR_INDEX, "index %lld is out of bounds for axis %d with size %lld", (long long)i, axis,
            (long long)a->shape[axis]);
    return NULL;
  }
  if (i < 0) i += a->shape[axis];
  Array *v = view_of(a);
  if (!v) return NULL;
  v->offset += i * a->strides[axis];
  for (int k = axis; k < a->ndim - 1; k++) {
    v->shape[k] = a->shape[k + 1];
    v->strides[k] = a->strides[k + 1];
  }
  v->ndim--;
  fix_size(v);
  return v;
}

Array *arr_view_transpose(Array *a, const int *perm) {
  if (perm) {
    int seen[ARR_MAXDIM] = {0};
    for (int i = 0; i < a->ndim; i++)
      if (perm[i] < 0 || perm[i] >= a->ndim || seen[perm[i]]++) {
        arr_err(ERR_VALUE, "axes don't match array");
        return NULL;
      }
  }
  Array *v = view_of(a);
  if (!v) return NULL;
  for (int i = 0; i < a->ndim; i++) {
    int p = perm ? perm[i] : a->ndim - 1 - i;
    v->shape[i] = a->shape[p];
    v->strides[i] = a->strides[p];
  }
  return v;
}

Array *arr_view_broadcast(Array *a, int ndim, const int64_t *shape) {
  if (ndim < a->ndim || ndim > ARR_MAXDIM) goto bad;
  for (int i = 0; i < a->ndim; i++) {
    int64_t d = a->shape[i], t = shape[ndim - a->ndim + i];
    if (d != t && d != 1) goto bad;
  }
  Array *v = view_of(a);
  if (!v) return NULL;
  v->ndim = ndim;
  for (int i = 0; i < ndim; i++) {
    int j = i - (ndim - a->ndim);
    v->shape[i] = shape[i];
    v->strides[i] = (j < 0 || a->shape[j] != shape[i]) ? 0 : a->strides[j];
  }
  fix_size(v);
  v->flags &= ~ARR_WRITABLE;   /* numpy: broadcast_to returns a read-only view */
  return v;
bad:;
  char s1[400], s2[400];
  arr_shape_str(a->shape, a->ndim, s1, sizeof s1);
  arr_shape_str(shape, ndim, s2, sizeof s2);
  arr_err(ERR_VALUE, "Incompatible shapes for broadcasting: %s and requested shape %s", s1, s2);
  arr_err_np(ERR_VALUE, "operands could not be broadcast together with remapped shapes "
                        "[original->remapped]: %s  and requested shape %s", s1, s2);
  return NULL;
}

Array *arr_view_reshape(Array *a, int ndim, const int64_t *shape_in) {
  int64_t shape[ARR_MAXDIM];
  if (ndim > ARR_MAXDIM) { arr_err(ERR_VALUE, "too many dimensions"); return NULL; }
  memcpy(shape, shape_in, sizeof(int64_t) * ndim);
  if (arr_resolve_reshape(a->size, ndim, shape) < 0) return NULL;
  int64_t strides[ARR_MAXDIM];
  if (a->size == 0 || arr_is_contiguous(a)) {
    int64_t st = 1;
    for (int i = ndim - 1; i >= 0; i--) { strides[i] = st; st = next_stride(st, shape[i]); }
  } else {
    /* numpy's _attempt_nocopy_reshape: match runs of old dims to runs of new dims. */
    int64_t od[ARR_MAXDIM], os[ARR_MAXDIM];
    int on = 0;
    for (int i = 0; i < a->ndim; i++)
      if (a->shape[i] != 1) { od[on] = a->shape[i]; os[on] = a->strides[i]; on++; }
    int oi = 0, oj = 1, ni = 0, nj = 1;
    while (ni < ndim && oi < on) {
      int64_t np_ = shape[ni], op = od[oi];
      while (np_ != op) {
        if (np_ < op) np_ *= shape[nj++];
        else op *= od[oj++];
      }
      for (int ok = oi; ok < oj - 1; ok++)
        if (os[ok] != od[ok + 1] * os[ok + 1]) return NULL;   /* needs a copy */
      strides[nj - 1] = os[oj - 1];
      for (int nk = nj - 1; nk > ni; nk--) strides[nk - 1] = strides[nk] * shape[nk];
      ni = nj++; oi = oj++;
    }
    int64_t last = ni > 0 ? strides[ni - 1] : 1;
    for (int nk = ni; nk < ndim; nk++) strides[nk] = last;   /* trailing 1s */
  }
  Array *v = view_of(a);
  if (!v) return NULL;
  v->ndim = ndim;
  memcpy(v->shape, shape, sizeof(int64_t) * ndim);
  memcpy(v->strides, strides, sizeof(int64_t) * ndim);
  return v;
}
