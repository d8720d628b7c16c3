/* arr.h - the array runtime's core: dtypes and their table, type promotion, the Array
 * (refcounted 64-byte aligned buffer + shape/strides/offset views), errors, shape helpers. */
#ifndef SABLE_ARR_H
#define SABLE_ARR_H

#include <stddef.h>
#include <stdint.h>
#include <signal.h>

#define ARR_MAXDIM 16          /* rank limit (JAX/XLA handle far more, courses need < 8) */
#define ARR_ALIGN 64           /* every buffer's data is 64-byte aligned */
/* The largest single allocation the engine attempts (bytes). Bigger requests fail with a
 * MemoryError instead of asking the system (overcommit would say yes, then kill us). */
#define ARR_MAX_BYTES_DEFAULT ((int64_t)1 << 40)
extern int64_t arr_max_bytes;  /* settable; defaults to min(ARR_MAX_BYTES_DEFAULT, RAM) */

/* ---- dtypes ----------------------------------------------------------------------------
 * The order is significant only in that DT_COUNT sizes the tables. */
#define ARR_DTYPES(X)                                                  \
  /*  id         name       C type     size kind  */                   \
  X(DT_BOOL,    "bool",    uint8_t,   1,   'b')                        \
  X(DT_UINT8,   "uint8",   uint8_t,   1,   'u')                        \
  X(DT_UINT32,  "uint32",  uint32_t,  4,   'u')                        \
  X(DT_INT32,   "int32",   int32_t,   4,   'i')                        \
  X(DT_INT64,   "int64",   int64_t,   8,   'i')                        \
  X(DT_FLOAT32, "float32", float,     4,   'f')                        \
  X(DT_FLOAT64, "float64", double,    8,   'f')                        \
  X(DT_FLOAT16, "float16", uint16_t,  2,   'f')                        \
  X(DT_BFLOAT16,"bfloat16",uint16_t,  2,   'f')

typedef enum DType {
#define X(id, name, ct, sz, kind) id,
  ARR_DTYPES(X)
#undef X
  DT_COUNT
} DType;

typedef struct DTypeInfo {
  const char *name;     /* "float32": also what numpy/jax print in dtype=... */
  int size;             /* bytes per element */
  char kind;            /* 'b' bool, 'u' unsigned, 'i' signed, 'f' float (numpy's dtype.kind) */
  const char *npy_descr;/* .npy header descr: "<f4", "|b1", ... */
} DTypeInfo;
extern const DTypeInfo arr_dtypes[DT_COUNT];

static inline int dt_size(DType d) { return arr_dtypes[d].size; }
static inline int dt_is_float(DType d) { return arr_dtypes[d].kind == 'f'; }
static inline int dt_is_int(DType d) { char k = arr_dtypes[d].kind; return k == 'i' || k == 'u'; }
static inline int dt_is_unsigned(DType d) { return arr_dtypes[d].kind == 'u'; }
/* float16 / bfloat16 are stored as their 16 bits and computed in float32 (arr_half.h). */
static inline int dt_is_half(DType d) { return d == DT_FLOAT16 || d == DT_BFLOAT16; }
/* Look a dtype up by name ("float32", "f4", "int", "float", "bool_", ...); -1 if unknown. */
int dt_from_name(const char *name);

/* ---- type promotion ----------------------------------------------------------------------
 * Modes: JAX's lattice (weak Python scalars, int32/float32 defaults, or int64/float64 with
 * jax_enable_x64) and NumPy 2's rules (NEP 50: Python scalars are weak, defaults
 * int64/float64). A weak operand is a Python scalar (or a JAX weakly typed array): its dtype
 * names only its kind, and it adopts the other operand's width. */
typedef enum PromoMode { PROMO_JAX = 0, PROMO_JAX_X64 = 1, PROMO_NUMPY = 2 } PromoMode;

/* Result dtype (and weakness) of combining n (dtype, weak) operands. Never fails for n >= 1. */
void arr_result_type(int n, const DType *dt, const uint8_t *weak, PromoMode mode,
                     DType *out, int *out_weak);
/* Default dtypes for a Python int / float / bool value under a mode. */
DType arr_default_int(PromoMode mode);
DType arr_default_float(PromoMode mode);
/* JAX canonicalises 64-bit dtypes to 32-bit without x64; identity for the other modes. */
DType arr_canonical(DType d, PromoMode mode);

/* ---- errors ------------------------------------------------------------------------------
 * Engine functions never abort. A failing call returns NULL (or -1) and records an error in a
 * thread-local slot: a kind and a message for JAX mode, and (when NumPy's wording or exception
 * class differs) a second kind/message for numpy mode. The language reads it right after the
 * failing call and raises the mapped exception. */
typedef enum ErrKind {
  ERR_NONE = 0,
  ERR_TYPE,        /* TypeError */
  ERR_VALUE,       /* ValueError */
  ERR_INDEX,       /* IndexError */
  ERR_MEMORY,      /* MemoryError */
  ERR_ZERODIV,     /* ZeroDivisionError */
  ERR_OVERFLOW,    /* OverflowError */
  ERR_NOTIMPL,     /* NotImplementedError */
  ERR_IO,          /* OSError (file not found, bad format) */
  ERR_LINALG,      /* numpy.linalg.LinAlgError (a ValueError subclass in NumPy) */
  ERR_INTERNAL,    /* RuntimeError: a bug */
  ERR_INTERRUPTED  /* KeyboardInterrupt: the interrupt flag was seen in a long loop */
} ErrKind;

typedef struct ArrError {
  ErrKind kind;
  char msg[480];
  ErrKind np_kind;     /* numpy-mode kind; ERR_NONE means the same as kind */
  char np_msg[480];    /* numpy-mode message; "" means the same as msg */
} ArrError;

/* Set the error (printf-style); returns NULL-friendly -1 so `return arr_err(...)` works. */
int arr_err(ErrKind kind, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Add the numpy-mode variant of the error just set. */
void arr_err_np(ErrKind kind, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const ArrError *arr_last_error(void);
void arr_err_clear(void);
const char *arr_err_kind_name(ErrKind k);   /* "TypeError", ... */

/* The language's interrupt flag (set by SIGINT / interrupt_request), NULL when none is hooked
 * up. Long native loops read it at coarse intervals (a load, no call) and give up with
 * arr_err(ERR_INTERRUPTED); the language then raises KeyboardInterrupt. */
extern volatile sig_atomic_t *arr_interrupt_flag;
static inline int arr_interrupted(void) { return arr_interrupt_flag && *arr_interrupt_flag; }
/* The message/kind for a mode (numpy mode falls back to the JAX text). */
const char *arr_err_msg(PromoMode mode);
ErrKind arr_err_kind(PromoMode mode);

/* ---- shapes ------------------------------------------------------------------------------ */
/* Format "(3,)", "(2, 3)", "()" into buf (>= 24*ndim+4 bytes suffices); returns buf. */
char *arr_shape_str(const int64_t *shape, int ndim, char *buf, size_t n);
/* Product of dims with overflow check: -1 (error set: MemoryError/ValueError) on overflow. */
int64_t arr_shape_size(const int64_t *shape, int ndim);
/* Broadcast two shapes (numpy rules, right-aligned). op names the operation for JAX's message
 * ("add got incompatible shapes for broadcasting: (3,), (4,)"). Returns 0 / -1. */
int arr_broadcast_shapes(const char *op, const int64_t *a, int na, const int64_t *b, int nb,
                         int64_t *out, int *nout);

/* Abstract value: what the shape/dtype rules and the tracers see. */
typedef struct AVal {
  DType dtype;
  uint8_t weak;          /* JAX weak_type */
  int ndim;
  int64_t shape[ARR_MAXDIM];
} AVal;

/* ---- buffers and arrays -------------------------------------------------------------------
 * A Buffer owns memory on one device and is shared by every view of it. An Array is a view:
 * dtype, shape, strides and offset **counted in elements** (not bytes; strides may be
 * negative or 0 for broadcast views), and a reference to its buffer.
 * Reference counts are atomic: pmap's device workers (engine/coll.c) run graphs on their own
 * threads and share read-only inputs and constants; the CPU thread pool only touches data. */
typedef struct Buffer {
  int64_t refcount;
  void *data;              /* 64-byte aligned */
  size_t nbytes;
  int device;              /* 0 = CPU; GPU engine uses 1.. */
  void *block;             /* what to free (NULL when the memory is not ours) */
  void (*free_fn)(struct Buffer *);   /* non-NULL for foreign memory (GPU, mmap) */
} Buffer;

enum {
  ARR_WRITABLE = 1,        /* numpy-module array: item assignment allowed (writes through views) */
  ARR_WEAK = 2,            /* JAX weak_type */
  ARR_EMBEDDED = 4         /* the Array header lives inside its buffer's block (one malloc) */
};
/* Bits 8..15 of flags: the device an array is committed to (jax.device_put(x, dev)), stored as
 * id + 1 (0: uncommitted, on the default device); ARR_DEV_SHARDED: a pmap result, one slice
 * per device. Fresh primitive outputs are uncommitted. */
#define ARR_DEV_SHIFT 8
#define ARR_DEV_MASK (0xff << ARR_DEV_SHIFT)
#define ARR_DEV_SHARDED 0xff

typedef struct Array {
  int64_t refcount;
  DType dtype;
  int ndim;
  int flags;
  int64_t size;            /* product of shape */
  int64_t offset;          /* element offset of [0,...,0] in the buffer */
  Buffer *buf;
  int64_t shape[ARR_MAXDIM];
  int64_t strides[ARR_MAXDIM];   /* in elements */
} Array;

/* New C-contiguous array with uninitialised / zeroed data. NULL + MemoryError/ValueError on
 * failure (negative dims, too many dims, size overflow, above arr_max_bytes, malloc failure). */
Array *arr_new(DType dt, int ndim, const int64_t *shape);
Array *arr_zeros(DType dt, int ndim, const int64_t *shape);
Array *arr_new_like(const AVal *av);
/* A 0-d array holding one value given as double / int64 (converted to dt). */
Array *arr_scalar_f(DType dt, double v);
Array *arr_scalar_i(DType dt, int64_t v);
/* Copy n elements from C memory (already of dtype dt, C order). */
Array *arr_from_data(DType dt, int ndim, const int64_t *shape, const void *data);

static inline Array *arr_retain(Array *a) {
  if (a) __atomic_fetch_add(&a->refcount, 1, __ATOMIC_RELAXED);
  return a;
}
void arr_release(Array *a);     /* NULL is fine */

static inline void *arr_data(const Array *a) {   /* address of element [0,..,0] */
  return (char *)a->buf->data + a->offset * dt_size(a->dtype);
}
void arr_aval(const Array *a, AVal *out);
int arr_is_contiguous(const Array *a);           /* C order, no gaps */
/* Element address from an index tuple (no bounds checks; callers check). */
void *arr_ptr(const Array *a, const int64_t *idx);
/* Read one element as double / int64 (flat C-order index into the logical array). */
double arr_get_f(const Array *a, int64_t flat);
int64_t arr_get_i(const Array *a, int64_t flat);
/* A C-contiguous copy (or a new reference if already contiguous). */
Array *arr_contiguous(Array *a);
Array *arr_copy(const Array *a);                  /* always a fresh contiguous array */
/* Copy src into dst (same shape or broadcastable to dst, any dtypes: casts). 0 / -1. */
int arr_assign(Array *dst, const Array *src);

/* ---- views (share the buffer; flags inherited) ------------------------------------------- */
Array *arr_view(Array *a);                                 /* same view, new header */
/* Basic slicing along every axis: start/stop/step already normalised by the caller with
 * arr_slice_indices (Python semantics). */
Array *arr_view_slice(Array *a, const int64_t *start, const int64_t *stop, const int64_t *step);
/* Python slice.indices(len): normalise; returns the resulting length. step==0 -> ValueError. */
int64_t arr_slice_indices(int64_t len, int64_t *start, int64_t *stop, int64_t *step,
                          int has_start, int has_stop);
/* Views validate their arguments (IndexError/ValueError, NULL) but expect normalised values:
 * slices as arr_slice_indices leaves them; arr_view_index accepts negative i. */
Array *arr_view_index(Array *a, int axis, int64_t i);      /* drop one axis: a[..., i, ...] */
Array *arr_view_transpose(Array *a, const int *perm);      /* perm NULL = reverse axes */
Array *arr_view_broadcast(Array *a, int ndim, const int64_t *shape);  /* numpy broadcast_to */
/* Reshape as a view when the strides allow it (always for contiguous data); otherwise NULL
 * without an error set (the caller copies). shape may contain one -1. */
Array *arr_view_reshape(Array *a, int ndim, const int64_t *shape);

/* Numpy-style reshape: resolve one -1 in shape and check the size. 0 / -1 (ValueError
 * "cannot reshape array of size 6 into shape (4,)"). */
int arr_resolve_reshape(int64_t size, int ndim, int64_t *shape);

#endif
