/* prim.h - the primitive table (DESIGN §4): one entry per primitive holding its shape/dtype
 * rule, its eager kernels and codegen templates. The JVP/transpose/batching rules are written
 * over language values and live in one row per primitive in lang/rules.c (lang/rules.h). */
#ifndef SABLE_PRIM_H
#define SABLE_PRIM_H

#include "arr.h"

/* ---- the list of primitives ----------------------------------------------------------------
 * X(id, "name", nin, nout, kind, param struct, codegen template)
 * nin -1 = variadic (>= 1); nout -1 = as many outputs as inputs (sort).
 * Codegen templates (elementwise only): %0..%2 are the operands (already of the C type), %T is
 * the C type of the operands, %f is the libm suffix ("f" for float32, "" for float64). A NULL
 * template means the code generator must call the eager kernel. */
#define PRIM_UNARY_LIST(X)                                                     \
  X(neg,        "neg",        1, 1, PK_UNARY, void, "(-%0)")                   \
  X(abs,        "abs",        1, 1, PK_UNARY, void, "fabs%f(%0)")              \
  X(sign,       "sign",       1, 1, PK_UNARY, void, NULL)                      \
  X(floor,      "floor",      1, 1, PK_UNARY, void, "floor%f(%0)")             \
  X(ceil,       "ceil",       1, 1, PK_UNARY, void, "ceil%f(%0)")              \
  X(round,      "round",      1, 1, PK_UNARY, void, "nearbyint%f(%0)")         \
  X(exp,        "exp",        1, 1, PK_UNARY, void, "exp%f(%0)")               \
  X(exp2,       "exp2",       1, 1, PK_UNARY, void, "exp2%f(%0)")              \
  X(log,        "log",        1, 1, PK_UNARY, void, "log%f(%0)")               \
  X(log2,       "log2",       1, 1, PK_UNARY, void, "log2%f(%0)")              \
  X(log10,      "log10",      1, 1, PK_UNARY, void, "log10%f(%0)")             \
  X(log1p,      "log1p",      1, 1, PK_UNARY, void, "log1p%f(%0)")             \
  X(expm1,      "expm1",      1, 1, PK_UNARY, void, "expm1%f(%0)")             \
  X(sqrt,       "sqrt",       1, 1, PK_UNARY, void, "sqrt%f(%0)")              \
  X(rsqrt,      "rsqrt",      1, 1, PK_UNARY, void, "((%T)1 / sqrt%f(%0))")    \
  X(cbrt,       "cbrt",       1, 1, PK_UNARY, void, "cbrt%f(%0)")              \
  X(sin,        "sin",        1, 1, PK_UNARY, void, "sin%f(%0)")               \
  X(cos,        "cos",        1, 1, PK_UNARY, void, "cos%f(%0)")               \
  X(tan,        "tan",        1, 1, PK_UNARY, void, "tan%f(%0)")               \
  X(asin,       "asin",       1, 1, PK_UNARY, void, "asin%f(%0)")              \
  X(acos,       "acos",       1, 1, PK_UNARY, void, "acos%f(%0)")              \
  X(atan,       "atan",       1, 1, PK_UNARY, void, "atan%f(%0)")              \
  X(sinh,       "sinh",       1, 1, PK_UNARY, void, "sinh%f(%0)")              \
  X(cosh,       "cosh",       1, 1, PK_UNARY, void, "cosh%f(%0)")              \
  X(tanh,       "tanh",       1, 1, PK_UNARY, void, "tanh%f(%0)")              \
  X(asinh,      "asinh",      1, 1, PK_UNARY, void, "asinh%f(%0)")             \
  X(acosh,      "acosh",      1, 1, PK_UNARY, void, "acosh%f(%0)")             \
  X(atanh,      "atanh",      1, 1, PK_UNARY, void, "atanh%f(%0)")             \
  X(logistic,   "logistic",   1, 1, PK_UNARY, void, "((%T)1 / ((%T)1 + exp%f(-%0)))") \
  X(erf,        "erf",        1, 1, PK_UNARY, void, "erf%f(%0)")               \
  X(erfc,       "erfc",       1, 1, PK_UNARY, void, "erfc%f(%0)")              \
  X(erf_inv,    "erf_inv",    1, 1, PK_UNARY, void, NULL)                      \
  X(lgamma,     "lgamma",     1, 1, PK_UNARY, void, "lgamma%f(%0)")            \
  X(is_finite,  "is_finite",  1, 1, PK_UNARY, void, "isfinite(%0)")            \
  X(is_nan,     "is_nan",     1, 1, PK_UNARY, void, "isnan(%0)")               \
  X(is_inf,     "is_inf",     1, 1, PK_UNARY, void, "isinf(%0)")               \
  X(not,        "not",        1, 1, PK_UNARY, void, NULL)                      \
  X(square,     "square",     1, 1, PK_UNARY, void, "(%0 * %0)")               \
  X(reciprocal, "reciprocal", 1, 1, PK_UNARY, void, "((%T)1 / %0)")

#define PRIM_BINARY_LIST(X)                                                    \
  X(add,         "add",         2, 1, PK_BINARY, void, "(%0 + %1)")            \
  X(sub,         "sub",         2, 1, PK_BINARY, void, "(%0 - %1)")            \
  X(mul,         "mul",         2, 1, PK_BINARY, void, "(%0 * %1)")            \
  X(div,         "div",         2, 1, PK_BINARY, void, NULL)                   \
  X(floor_div,   "floor_divide",2, 1, PK_BINARY, void, NULL)                   \
  X(rem,         "rem",         2, 1, PK_BINARY, void, NULL)                   \
  X(pow,         "pow",         2, 1, PK_BINARY, void, NULL)                   \
  X(max,         "max",         2, 1, PK_BINARY, void, NULL)                   \
  X(min,         "min",         2, 1, PK_BINARY, void, NULL)                   \
  X(atan2,       "atan2",       2, 1, PK_BINARY, void, "atan2%f(%0, %1)")      \
  X(nextafter,   "nextafter",   2, 1, PK_BINARY, void, "nextafter%f(%0, %1)")  \
  X(hypot,       "hypot",       2, 1, PK_BINARY, void, "hypot%f(%0, %1)")      \
  X(copysign,    "copysign",    2, 1, PK_BINARY, void, "copysign%f(%0, %1)")   \
  X(and,         "and",         2, 1, PK_BINARY, void, "(%0 & %1)")            \
  X(or,          "or",          2, 1, PK_BINARY, void, "(%0 | %1)")            \
  X(xor,         "xor",         2, 1, PK_BINARY, void, "(%0 ^ %1)")            \
  X(shift_left,  "shift_left",  2, 1, PK_BINARY, void, NULL)                   \
  X(shift_right, "shift_right", 2, 1, PK_BINARY, void, NULL)                   \
  X(eq,          "eq",          2, 1, PK_COMPARE, void, "(%0 == %1)")          \
  X(ne,          "ne",          2, 1, PK_COMPARE, void, "(%0 != %1)")          \
  X(lt,          "lt",          2, 1, PK_COMPARE, void, "(%0 < %1)")           \
  X(le,          "le",          2, 1, PK_COMPARE, void, "(%0 <= %1)")          \
  X(gt,          "gt",          2, 1, PK_COMPARE, void, "(%0 > %1)")           \
  X(ge,          "ge",          2, 1, PK_COMPARE, void, "(%0 >= %1)")

#define PRIM_OTHER_LIST(X)                                                                 \
  X(select,          "select",          3, 1, PK_OTHER, void, "(%0 ? %1 : %2)")           \
  X(integer_pow,     "integer_pow",     1, 1, PK_OTHER, PIntPow, NULL)                     \
  X(convert,         "convert_element_type", 1, 1, PK_OTHER, PConvert, "((%T)%0)")      \
  X(copy,            "copy",            1, 1, PK_OTHER, void, "%0")                        \
  X(broadcast_in_dim,"broadcast_in_dim",1, 1, PK_SHAPE, PBroadcast, NULL)                \
  X(reshape,         "reshape",         1, 1, PK_SHAPE, PShape, NULL)                      \
  X(transpose,       "transpose",       1, 1, PK_SHAPE, PPerm, NULL)                       \
  X(slice,           "slice",           1, 1, PK_SHAPE, PSlice, NULL)                      \
  X(rev,             "rev",             1, 1, PK_SHAPE, PAxes, NULL)                       \
  X(pad,             "pad",             2, 1, PK_SHAPE, PPad, NULL)                        \
  X(concatenate,     "concatenate",    -1, 1, PK_SHAPE, PAxis, NULL)                       \
  X(iota,            "iota",            0, 1, PK_SHAPE, PIota, NULL)                       \
  X(gather,          "gather",          2, 1, PK_INDEX, PGather, NULL)                     \
  X(scatter,         "scatter",         3, 1, PK_INDEX, PScatter, NULL)                    \
  X(scatter_add,     "scatter-add",     3, 1, PK_INDEX, PScatter, NULL)                    \
  X(scatter_mul,     "scatter-mul",     3, 1, PK_INDEX, PScatter, NULL)                    \
  X(scatter_min,     "scatter-min",     3, 1, PK_INDEX, PScatter, NULL)                    \
  X(scatter_max,     "scatter-max",     3, 1, PK_INDEX, PScatter, NULL)                    \
  X(dynamic_slice,   "dynamic_slice",  -1, 1, PK_INDEX, PShape, NULL)                      \
  X(dynamic_update_slice, "dynamic_update_slice", -1, 1, PK_INDEX, void, NULL)           \
  X(reduce_sum,      "reduce_sum",      1, 1, PK_REDUCE, PAxes, "(%0 + %1)")               \
  X(reduce_prod,     "reduce_prod",     1, 1, PK_REDUCE, PAxes, "(%0 * %1)")               \
  X(reduce_max,      "reduce_max",      1, 1, PK_REDUCE, PAxes, NULL)                      \
  X(reduce_min,      "reduce_min",      1, 1, PK_REDUCE, PAxes, NULL)                      \
  X(reduce_or,       "reduce_or",       1, 1, PK_REDUCE, PAxes, "(%0 | %1)")               \
  X(reduce_and,      "reduce_and",      1, 1, PK_REDUCE, PAxes, "(%0 & %1)")               \
  X(argmax,          "argmax",          1, 1, PK_REDUCE, PArg, NULL)                       \
  X(argmin,          "argmin",          1, 1, PK_REDUCE, PArg, NULL)                       \
  X(cumsum,          "cumsum",          1, 1, PK_SCAN, PCum, NULL)                         \
  X(cumprod,         "cumprod",         1, 1, PK_SCAN, PCum, NULL)                         \
  X(cummax,          "cummax",          1, 1, PK_SCAN, PCum, NULL)                         \
  X(cummin,          "cummin",          1, 1, PK_SCAN, PCum, NULL)                         \
  X(sort,            "sort",           -1, -1, PK_OTHER, PSort, NULL)                      \
  X(dot_general,     "dot_general",     2, 1, PK_OTHER, PDot, NULL)                        \
  X(conv,            "conv_general_dilated", 2, 1, PK_OTHER, PConv, NULL)                 \
  X(reduce_window_sum, "reduce_window_sum", 1, 1, PK_OTHER, PWindow, NULL)                \
  X(reduce_window_max, "reduce_window_max", 1, 1, PK_OTHER, PWindow, NULL)                \
  X(reduce_window_min, "reduce_window_min", 1, 1, PK_OTHER, PWindow, NULL)                \
  X(lu,              "lu",              1, 3, PK_LINALG, void, NULL)                       \
  X(inv,             "inv",             1, 1, PK_LINALG, PLinalg, NULL)                       \
  X(solve,           "solve",           2, 1, PK_LINALG, PLinalg, NULL)                       \
  X(det,             "det",             1, 1, PK_LINALG, void, NULL)                       \
  X(slogdet,         "slogdet",         1, 2, PK_LINALG, void, NULL)                       \
  X(cholesky,        "cholesky",        1, 1, PK_LINALG, PLinalg, NULL)                       \
  X(qr,              "qr",              1, 2, PK_LINALG, PQr, NULL)                        \
  X(eigh,            "eigh",            1, 2, PK_LINALG, PEigh, NULL)                      \
  X(svd,             "svd",             1, 3, PK_LINALG, PSvd, NULL)                       \
  X(triangular_solve,"triangular_solve",2, 1, PK_LINALG, PTriSolve, NULL)

/* Control flow and host callbacks (engine/ir.c): their parameters carry sub-graphs (IrGraph,
 * engine/ir.h), their rules and kernels are registered by ir_init(). nout -2: the number of
 * outputs comes from the params (the sub-graph), see prim_nout(). */
#define PRIM_CONTROL_LIST(X)                                                                 \
  X(cond,            "cond",           -1, -2, PK_CONTROL, PCond, NULL)                      \
  X(while,           "while",          -1, -2, PK_CONTROL, PWhile, NULL)                     \
  X(scan,            "scan",           -1, -2, PK_CONTROL, PScan, NULL)                      \
  X(debug_callback,  "debug_callback", -1, 0, PK_CONTROL, PCallback, NULL)                  \
  X(stop_gradient,   "stop_gradient",   1, 1, PK_CONTROL, void, "%0")                        \
  X(pure_callback,   "pure_callback",  -1, -2, PK_CONTROL, PHostCall, NULL)                \
  X(custom_jvp_call, "custom_jvp_call", -1, -2, PK_CONTROL, PCustomJvp, NULL)               \
  X(custom_vjp_call, "custom_vjp_call", -1, -2, PK_CONTROL, PCustomVjp, NULL)

#define PRIM_LIST(X) PRIM_UNARY_LIST(X) PRIM_BINARY_LIST(X) PRIM_OTHER_LIST(X) PRIM_CONTROL_LIST(X)

typedef enum PrimId {
#define X(id, name, nin, nout, kind, pt, cg) PRIM_##id,
  PRIM_LIST(X)
#undef X
  PRIM_COUNT
} PrimId;

typedef enum PrimKind {
  PK_UNARY,    /* elementwise, one operand, same dtype out (is_* -> bool) */
  PK_BINARY,   /* elementwise, two operands of one dtype, numpy broadcasting */
  PK_COMPARE,  /* elementwise binary -> bool */
  PK_SHAPE,    /* data movement */
  PK_INDEX,    /* gather/scatter/dynamic slices */
  PK_REDUCE,   /* reductions over a set of axes */
  PK_SCAN,     /* cumulative along one axis */
  PK_LINALG,   /* LAPACK-backed, batched over leading dims */
  PK_OTHER,
  PK_CONTROL   /* carries sub-graphs (cond, while, scan) or calls the host (engine/ir.c) */
} PrimKind;

/* ---- parameter structs ------------------------------------------------------------------
 * Plain fixed-size structs, zero-initialise them (`PAxes p = {0};`): then memcmp/hash of
 * params_size bytes is a valid cache key for jit. Axis numbers are non-negative (the language
 * normalises negative axes with arr_norm_axis first). */
typedef struct PAxis { int axis; } PAxis;
typedef struct PAxes { int naxes; int axes[ARR_MAXDIM]; } PAxes;     /* reductions, rev */
typedef struct PArg { int axis; DType index_dtype; } PArg;             /* argmax/argmin */
typedef struct PCum { int axis; int reverse; } PCum;
typedef struct PConvert { DType new_dtype; int weak; } PConvert;
typedef struct PIntPow { int64_t y; } PIntPow;
typedef struct PShape { int ndim; int64_t shape[ARR_MAXDIM]; } PShape;  /* reshape, dynamic_slice sizes */
typedef struct PPerm { int ndim; int perm[ARR_MAXDIM]; } PPerm;
/* broadcast_in_dim: operand dim i becomes output dim bdims[i] (increasing); size must be 1 or
 * equal to shape[bdims[i]]. */
typedef struct PBroadcast { int ndim; int64_t shape[ARR_MAXDIM]; int bdims[ARR_MAXDIM]; } PBroadcast;
/* slice: limit exclusive, stride >= 1 (flip with rev). */
typedef struct PSlice { int ndim; int64_t start[ARR_MAXDIM], limit[ARR_MAXDIM], stride[ARR_MAXDIM]; } PSlice;
/* pad: lo/hi may be negative (crop); interior >= 0 inserts padding between elements. */
typedef struct PPad { int ndim; int64_t lo[ARR_MAXDIM], hi[ARR_MAXDIM], interior[ARR_MAXDIM]; } PPad;
typedef struct PIota { DType dtype; int ndim; int64_t shape[ARR_MAXDIM]; int dimension; } PIota;

/* Gather/scatter: XLA's GatherDimensionNumbers / ScatterDimensionNumbers without batching dims,
 * index_vector_dim always the LAST dimension of the indices array (JAX's convention).
 * gather(operand, indices): for every index vector (indices[..., :]), a slice of size
 * slice_sizes starts at operand position start[start_index_map[k]] = idx[k]; the slice's dims
 * listed in collapsed_slice_dims (size 1) are dropped, the others become output dims
 * offset_dims (in order); the remaining output dims are the indices' batch dims.
 * x[idx] with integer array idx on axis 0 of (n, m): offset_dims={1}, collapsed={0},
 * start_index_map={0}, slice_sizes=(1, m), indices shape idx.shape + (1,). */
typedef enum IndexMode {
  IDX_CLIP = 0,       /* clamp starts into range (JAX gather default, dynamic_slice) */
  IDX_FILL = 1,       /* gather: out-of-bounds slices filled with fill_value; scatter: dropped */
  IDX_ERROR = 2       /* IndexError "index 5 is out of bounds for axis 0 with size 3" (numpy) */
} IndexMode;
typedef struct PGather {
  int n_offset, n_collapsed, n_start;
  int offset_dims[ARR_MAXDIM];
  int collapsed_slice_dims[ARR_MAXDIM];
  int start_index_map[ARR_MAXDIM];
  int64_t slice_sizes[ARR_MAXDIM];
  IndexMode mode;
  double fill_value;      /* IDX_FILL: NaN for floats in JAX, 0 here unless set */
} PGather;
/* scatter(operand, indices, updates): updates dims = scatter (batch) dims of the indices +
 * update_window_dims; the window is placed at the operand position given by the index vector
 * (scatter_dims_to_operand_dims), inserted_window_dims are operand dims with implicit size 1.
 * Duplicate indices: scatter-add/mul/min/max combine all, plain scatter keeps the last one. */
typedef struct PScatter {
  int n_window, n_inserted, n_sdims;
  int update_window_dims[ARR_MAXDIM];
  int inserted_window_dims[ARR_MAXDIM];
  int scatter_dims_to_operand_dims[ARR_MAXDIM];
  IndexMode mode;         /* IDX_CLIP is treated as IDX_FILL (drop), as JAX does */
} PScatter;
typedef struct PSort { int dimension; int num_keys; int descending; } PSort;  /* stable, NaN last */
/* dot_general: output dims = batch dims, lhs free dims (in order), rhs free dims. */
typedef struct PDot {
  int nc, nb;
  int lhs_contract[ARR_MAXDIM], rhs_contract[ARR_MAXDIM];
  int lhs_batch[ARR_MAXDIM], rhs_batch[ARR_MAXDIM];
} PDot;
/* conv_general_dilated. Spatial rank nsp (1..3). Dimension numbers as XLA: for lhs, out:
 * [batch dim, feature dim, spatial dims...] positions; for rhs: [out-feature, in-feature,
 * spatial...]. NCHW/OIHW/NCHW = {0,1,2,3}; NHWC = {0,3,1,2}; HWIO = {3,2,0,1}. */
typedef struct PConv {
  int nsp;
  int64_t strides[3], pad_lo[3], pad_hi[3], lhs_dil[3], rhs_dil[3];
  int lhs_spec[5], rhs_spec[5], out_spec[5];
  int feature_group_count, batch_group_count;
} PConv;
/* reduce_window over every dim of the operand (window 1 / stride 1 for untouched dims);
 * padding with the reduction's identity. */
typedef struct PWindow {
  int ndim;
  int64_t window[ARR_MAXDIM], strides[ARR_MAXDIM], pad_lo[ARR_MAXDIM], pad_hi[ARR_MAXDIM];
} PWindow;
/* inv/solve/cholesky: check=1 raises LinAlgError ("Singular matrix", "Matrix is not positive
 * definite") as numpy.linalg does; check=0 returns inf/NaN results as JAX does. */
typedef struct PLinalg { int check; } PLinalg;
typedef struct PQr { int full_matrices; } PQr;
typedef struct PEigh { int lower; } PEigh;         /* which triangle is read */
typedef struct PSvd { int full_matrices; int compute_uv; } PSvd;
/* triangular_solve(a, b): left_side: a @ x = b, else x @ a = b; transpose_a uses a^T. */
typedef struct PTriSolve { int left_side, lower, transpose_a, unit_diagonal; } PTriSolve;

/* Control flow (engine/ir.h describes the graphs). Operands, in order:
 *   cond:  index (int32 scalar, clamped into range; or a bool scalar: False=0, True=1),
 *          then the operands every branch receives; outputs: the branches' outputs.
 *   while: cond_consts, body_consts, carry; cond(cond_consts, carry) -> bool scalar,
 *          body(body_consts, carry) -> carry; outputs: the final carry.
 *   scan:  consts, carry, xs (leading axis = length); body(consts, carry, x slices) ->
 *          (carry, y slices); outputs: final carry, then the ys stacked on a new axis 0.
 *   debug_callback: any operands, no outputs; calls the host hook `id` with the values.
 *   stop_gradient: the identity, which differentiation treats as a constant.
 *   pure_callback: any operands; calls the host hook `id` to compute outputs of the given
 *          avals (jax.pure_callback; how traced jax.random calls run).
 *   custom_jvp_call: consts, primals; runs fun(consts, primals) -> outs. jvp(consts, primals,
 *          tangents of the primals) -> (outs, tangents of the outs) is the rule the language's
 *          transformations apply instead of differentiating fun (jax.custom_jvp, staged).
 *   custom_vjp_call: consts, primals; runs fun. fwd(consts, primals) -> (outs, residuals) and
 *          the host's backward function `bwd` (an id the language keeps) are the reverse rule
 *          (jax.custom_vjp, staged). */
#define PCOND_MAX 16
struct IrGraph;
typedef struct PCond { int nbranches; struct IrGraph *branches[PCOND_MAX]; } PCond;
typedef struct PWhile { int cond_nconsts, body_nconsts; struct IrGraph *cond, *body; } PWhile;
typedef struct PScan {
  int64_t length;
  int reverse, unroll, nconsts, ncarry;
  struct IrGraph *body;
} PScan;
typedef struct PCallback { int id; } PCallback;
#define PHOST_MAX_OUT 4
typedef struct PHostCall { int id, nout; AVal out[PHOST_MAX_OUT]; } PHostCall;
typedef struct PCustomJvp { int nconsts; struct IrGraph *fun, *jvp; } PCustomJvp;
typedef struct PCustomVjp { int nconsts, bwd; struct IrGraph *fun, *fwd; } PCustomVjp;

/* SAME/VALID padding helper (lax.padtype_to_pads): fills lo/hi for each spatial dim.
 * same=0: VALID (all zero); 1: SAME (extra on the high side); 2: SAME_LOWER. */
void prim_padtype_to_pads(int n, const int64_t *in_sizes, const int64_t *window,
                          const int64_t *strides, int same, int64_t *lo, int64_t *hi);

/* ---- the entry --------------------------------------------------------------------------- */
struct Prim;

/* Shape/dtype rule: fill out avals, return the number of outputs, or -1 with the error set
 * (shape errors name both shapes). Never touches data. */
typedef int (*PrimRule)(const struct Prim *p, const AVal *in, int nin, const void *params,
                        AVal *out);
/* Eager kernel: inputs already checked by the rule, out avals given; the kernel creates the
 * outputs (fresh, or views of an input for data-movement primitives). 0 / -1 + error. */
typedef int (*PrimKernel)(const struct Prim *p, Array *const *in, int nin, const void *params,
                          const AVal *out_av, Array **out);
/* The inner loop of an elementwise kernel: n elements, strides in elements for [out, in0, in1,
 * in2]. */
typedef void (*ElemLoop)(char *out, char *const *in, const int64_t *strides, int64_t n);

/* Describes one field of a parameter struct, for printing IR and debugging. */
typedef enum ParamType { PT_INT, PT_INT64, PT_DTYPE, PT_DOUBLE, PT_INT_ARR, PT_INT64_ARR } ParamType;
typedef struct ParamField {
  const char *name;
  ParamType type;
  size_t offset;       /* of the field in the param struct */
  int count_field;     /* for arrays: index in the same field list of the int holding the
                          count, or -(fixed count) (e.g. -3), or 100 + field index: ndim */
} ParamField;

typedef enum ReduceIdentity { RI_NONE, RI_ZERO, RI_ONE, RI_LOWEST, RI_HIGHEST, RI_TRUE, RI_FALSE } ReduceIdentity;

typedef struct Prim {
  PrimId id;
  const char *name;
  int nin, nout;                 /* -1: variadic (see PRIM_LIST) */
  PrimKind kind;
  size_t params_size;            /* 0 = no params */
  const ParamField *param_fields; int n_param_fields;
  PrimRule rule;
  PrimKernel cpu;
  PrimKernel gpu;                /* NULL until the GPU engine registers it */
  ElemLoop loops[DT_COUNT];      /* elementwise: per input dtype, NULL = dtype not accepted */
  const char *cgen;              /* elementwise C template, see PRIM_LIST */
  const char *reduce_combine;    /* reductions: "(%0 + %1)" etc. */
  ReduceIdentity reduce_identity;
} Prim;

extern Prim prim_table[PRIM_COUNT];

/* Call once at start-up (idempotent): fills the table and starts the CPU thread pool. */
void arr_init(void);
/* Look a primitive up by name (slow; not for the hot path). -1 if unknown. */
int prim_by_name(const char *name);

/* Abstract evaluation only (tracing/jit): out avals, returns nout or -1 with the error set. */
int prim_abstract(PrimId id, const AVal *in, int nin, const void *params, AVal *out);
/* Eager dispatch: check with the rule, run the CPU kernel. out[] receives new references.
 * Returns the number of outputs, or -1 with the error set (no outputs then). */
int prim_bind(PrimId id, Array *const *in, int nin, const void *params, Array **out);
/* Convenience for the common 1- and 2-input single-output cases (NULL on error). */
Array *prim_unary(PrimId id, Array *x, const void *params);
Array *prim_binary(PrimId id, Array *x, Array *y);
/* Number of outputs of a bind (resolves nout -1 / -2). */
int prim_nout(PrimId id, int nin, const void *params);
/* Format params for IR printing ("axes=(0, 1)"); returns malloc'd text. */
char *prim_params_str(PrimId id, const void *params);

#endif
