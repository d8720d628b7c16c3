/* prim.h - the primitive table (DESIGN §4): one entry per primitive holding everything about it:
 * arity, parameter block and its printer, shape/dtype rule, accepted dtypes, differentiation and
 * batching rules (written over the value handle of emit.h), the jax.lax name, the eager CPU
 * kernel, the code-generation template and the GPU slot. The entries are rows in the family
 * files of lang/prim/ (prim_elem.c, prim_shape.c, ...); prim.c keeps the table and dispatches. */
#ifndef SABLE_PRIM_H
#define SABLE_PRIM_H

#include "arr.h"
#include "emit.h"

/* ---- the list of primitives ----------------------------------------------------------------
 * X(id, "name"): the ids (an enum, so that code can name a primitive) and JAX's names. Everything
 * else about a primitive is its entry, one row in the file of its family (lang/prim/prim_*.c),
 * which fills prim_table at start-up. */
#define PRIM_LIST(X) \
  /* elementwise (prim_elem.c) */ \
  X(neg, "neg") \
  X(abs, "abs") \
  X(sign, "sign") \
  X(floor, "floor") \
  X(ceil, "ceil") \
  X(round, "round") \
  X(exp, "exp") \
  X(exp2, "exp2") \
  X(log, "log") \
  X(log2, "log2") \
  X(log10, "log10") \
  X(log1p, "log1p") \
  X(expm1, "expm1") \
  X(sqrt, "sqrt") \
  X(rsqrt, "rsqrt") \
  X(cbrt, "cbrt") \
  X(sin, "sin") \
  X(cos, "cos") \
  X(tan, "tan") \
  X(asin, "asin") \
  X(acos, "acos") \
  X(atan, "atan") \
  X(sinh, "sinh") \
  X(cosh, "cosh") \
  X(tanh, "tanh") \
  X(asinh, "asinh") \
  X(acosh, "acosh") \
  X(atanh, "atanh") \
  X(logistic, "logistic") \
  X(erf, "erf") \
  X(erfc, "erfc") \
  X(erf_inv, "erf_inv") \
  X(lgamma, "lgamma") \
  X(is_finite, "is_finite") \
  X(is_nan, "is_nan") \
  X(is_inf, "is_inf") \
  X(not, "not") \
  X(square, "square") \
  X(reciprocal, "reciprocal") \
  X(population_count, "population_count") \
  X(clz, "clz") \
  X(add, "add") \
  X(sub, "sub") \
  X(mul, "mul") \
  X(div, "div") \
  X(floor_div, "floor_divide") \
  X(rem, "rem") \
  X(pow, "pow") \
  X(max, "max") \
  X(min, "min") \
  X(atan2, "atan2") \
  X(nextafter, "nextafter") \
  X(hypot, "hypot") \
  X(copysign, "copysign") \
  X(and, "and") \
  X(or, "or") \
  X(xor, "xor") \
  X(shift_left, "shift_left") \
  X(shift_right, "shift_right") \
  X(eq, "eq") \
  X(ne, "ne") \
  X(lt, "lt") \
  X(le, "le") \
  X(gt, "gt") \
  X(ge, "ge") \
  X(select, "select") \
  X(integer_pow, "integer_pow") \
  X(convert, "convert_element_type") \
  X(copy, "copy") \
  /* data movement (prim_shape.c) */ \
  X(broadcast_in_dim, "broadcast_in_dim") \
  X(reshape, "reshape") \
  X(transpose, "transpose") \
  X(slice, "slice") \
  X(rev, "rev") \
  X(pad, "pad") \
  X(concatenate, "concatenate") \
  X(iota, "iota") \
  /* indexing (prim_index.c) */ \
  X(gather, "gather") \
  X(scatter, "scatter") \
  X(scatter_add, "scatter-add") \
  X(scatter_mul, "scatter-mul") \
  X(scatter_min, "scatter-min") \
  X(scatter_max, "scatter-max") \
  X(dynamic_slice, "dynamic_slice") \
  X(dynamic_update_slice, "dynamic_update_slice") \
  /* reductions, scans and sort (prim_reduce.c) */ \
  X(reduce_sum, "reduce_sum") \
  X(reduce_prod, "reduce_prod") \
  X(reduce_max, "reduce_max") \
  X(reduce_min, "reduce_min") \
  X(reduce_or, "reduce_or") \
  X(reduce_and, "reduce_and") \
  X(argmax, "argmax") \
  X(argmin, "argmin") \
  X(cumsum, "cumsum") \
  X(cumprod, "cumprod") \
  X(cummax, "cummax") \
  X(cummin, "cummin") \
  X(sort, "sort") \
  /* products and windows (prim_dot.c) */ \
  X(dot_general, "dot_general") \
  X(conv, "conv_general_dilated") \
  X(reduce_window_sum, "reduce_window_sum") \
  X(reduce_window_max, "reduce_window_max") \
  X(reduce_window_min, "reduce_window_min") \
  X(select_and_gather_add, "select_and_gather_add") \
  X(select_and_scatter_add, "select_and_scatter_add") \
  /* linear algebra (prim_linalg.c) */ \
  X(lu, "lu") \
  X(inv, "inv") \
  X(solve, "solve") \
  X(det, "det") \
  X(slogdet, "slogdet") \
  X(cholesky, "cholesky") \
  X(qr, "qr") \
  X(eigh, "eigh") \
  X(svd, "svd") \
  X(triangular_solve, "triangular_solve") \
  /* control flow and the host (prim_control.c) */ \
  X(cond, "cond") \
  X(while, "while") \
  X(scan, "scan") \
  X(debug_callback, "debug_callback") \
  X(stop_gradient, "stop_gradient") \
  X(pure_callback, "pure_callback") \
  X(custom_jvp_call, "custom_jvp_call") \
  X(custom_vjp_call, "custom_vjp_call") \
  /* collectives over a named axis (lang/prim/prim_coll.c, kernels in engine/coll.c) */ \
  X(psum, "psum") \
  X(pmax, "pmax") \
  X(pmin, "pmin") \
  X(all_gather, "all_gather") \
  X(ppermute, "ppermute") \
  X(all_to_all, "all_to_all") \
  X(psum_scatter, "reduce_scatter") \
  X(axis_index, "axis_index")

typedef enum PrimId {
#define X(id, name) PRIM_##id,
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
 * normalises negative axes first, with NumPy's AxisError text). */
typedef struct PAxis { int axis; } PAxis;
typedef struct PAxes { int naxes; int axes[ARR_MAXDIM]; } PAxes;     /* reductions, rev */
typedef struct PArg { int axis; DType index_dtype; } PArg;             /* argmax/argmin */
typedef struct PCum { int axis; int reverse; } PCum;
/* sat: float -> int saturates, NaN -> 0 (XLA's convert, set by the jax.numpy side); 0 wraps
 * as NumPy does on x86-64 */
typedef struct PConvert { DType new_dtype; int weak; int sat; } PConvert;
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
  int select;   /* select_and_*_add: 1 ge (max pooling), 2 le (min); 0 for reduce_window_* */
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
/* Collectives (pmap, vmap with axis_name): axis is an interned axis name (engine/coll.h) and
 * size its extent when traced; dim: all_gather's all_gather_dimension, all_to_all's
 * split_axis, psum_scatter's scatter_dimension; dim2: all_to_all's concat_axis; ppermute:
 * nperm (source, destination) pairs in perm. The axis is the first field: the batching
 * interpreter compares it with its own (Prim.coll_batch). */
#define PCOLL_MAX_PERM 64
typedef struct PColl {
  int axis, size, dim, dim2, tiled, nperm;
  int perm[2 * PCOLL_MAX_PERM];
} PColl;
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
/* The inner loop of an elementwise kernel (engine/cpu keeps them per primitive and dtype): n
 * elements, strides in elements for [out, in0, in1, in2]. */
typedef void (*ElemLoop)(char *out, char *const *in, const int64_t *strides, int64_t n);
/* Prints an equation's parameters in JAX's jaxpr spelling through the engine's printing context
 * (engine/ir.h: ir_put, ir_put_tuple_i, ir_put_graph, ...), brackets included. */
struct IrPrinter;
struct IrEqn;
typedef void (*PrimPrinter)(struct IrPrinter *pr, const struct IrGraph *g, const struct IrEqn *e);

/* Describes one field of a parameter struct, for printing IR and debugging. */
typedef enum ParamType { PT_INT, PT_INT64, PT_DTYPE, PT_DOUBLE, PT_INT_ARR, PT_INT64_ARR } ParamType;
typedef struct ParamField {
  const char *name;
  ParamType type;
  size_t offset;       /* of the field in the param struct */
  int count_field;     /* for arrays: index in the same field list of the PT_INT holding
                          the count, or -(fixed count) (e.g. -3) */
} ParamField;

typedef enum ReduceIdentity { RI_NONE, RI_ZERO, RI_ONE, RI_LOWEST, RI_HIGHEST, RI_TRUE, RI_FALSE } ReduceIdentity;

/* Accepted operand dtypes of an elementwise primitive (bit d = DType d). */
#define DTM(d) (1u << (d))
#define DTM_BOOL DTM(DT_BOOL)
#define DTM_INT (DTM(DT_UINT8) | DTM(DT_UINT32) | DTM(DT_INT32) | DTM(DT_INT64))
#define DTM_FLOAT (DTM(DT_FLOAT32) | DTM(DT_FLOAT64) | DTM(DT_FLOAT16) | DTM(DT_BFLOAT16))
#define DTM_INTB (DTM_INT | DTM_BOOL)
#define DTM_NUM (DTM_INT | DTM_FLOAT)
#define DTM_ALL (DTM_NUM | DTM_BOOL)

/* ---- the rules' signatures (fields of the entry, below) ------------------------------------
 * Differentiation comes in kinds, so that one description serves JVP and VJP:
 *   RK_ZERO      outputs do not depend differentiably on inputs (comparisons, floor, argmax)
 *   RK_PARTIALS  elementwise: partials(ctx) gives dout/din_i (broadcastable to the output);
 *                JVP = sum_i t_i * d_i, VJP = unbroadcast(ct * d_i)
 *   RK_LINEAR    linear in the operands flagged in `lin` (jointly): JVP = the primitive applied
 *                to the tangents; VJP = transpose(ct)
 *   RK_BILINEAR  bilinear in operands 0 and 1 (dot_general, conv): JVP = f(t0, x1) + f(x0, t1);
 *                VJP = transpose(ct) with the other operand as the constant
 *   RK_CUSTOM    own jvp (primal and tangent together) and own vjp_fwd (primal outputs plus a
 *                backward closure): control flow, sort, linear algebra
 *   RK_DECOMP    differentiated through a decomposition into other primitives (cummax, ...)
 *   RK_NONE      not differentiable: a clear NotImplementedError
 * All rule code runs with the PARENT interpreter current and builds values with em_bind, so
 * derivatives of derivatives work. */
typedef enum RuleKind { RK_NONE = 0, RK_ZERO, RK_PARTIALS, RK_LINEAR, RK_BILINEAR, RK_CUSTOM,
                        RK_DECOMP } RuleKind;

/* What a rule sees about one application of a primitive. in/out are primal values (parent
 * level), avals their abstract values. */
typedef struct RuleCtx {
  PrimId id;
  const void *params;
  int nin, nout;
  const Value *in;
  const AVal *in_av;
  const Value *out;
  const AVal *out_av;
} RuleCtx;

/* d[i] for every i with need[i]; d[i] may stay null for a zero partial. */
typedef int (*PartialsFn)(const RuleCtx *c, const uint8_t *need, Value *d);
/* Linear/bilinear primitives: cotangents of the operands flagged in need from the output
 * cotangents (null = zero); the other operands' primal values are in c->in. */
typedef int (*TransposeFn)(const RuleCtx *c, const Value *ct_out, const uint8_t *need, Value *ct_in);
/* Custom forward mode: primal and tangent outputs together (tangents null = zero). */
typedef int (*JvpFn)(PrimId id, const void *params, int nin, const Value *primals,
                     const Value *tangents, Value *out, Value *out_tangents);
/* Reverse mode of custom rules: the forward pass returns the primal outputs and a closure
 * that maps output cotangents to input cotangents later. */
typedef struct VjpClosure {
  int (*backward)(void *ctx, int nout, const Value *ct_out, int nin, const uint8_t *need,
                  Value *ct_in);
  void *ctx;
  void (*free)(void *ctx);
} VjpClosure;
typedef int (*VjpFwdFn)(PrimId id, const void *params, int nin, const Value *primals,
                        const uint8_t *diff, Value *out, VjpClosure *cl);
/* Computes the primitive's outputs from other primitives at the current interpreter. */
typedef int (*DecompFn)(PrimId id, const void *params, int nin, const Value *in, Value *out);
/* vmap: bd[i] is the batch axis of in[i] or -1; fills out and obd (-1: unbatched). */
typedef int (*BatchFn)(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                       int64_t size, Value *out, int *obd);


#define LIN_ALL (1u << 31)

typedef struct Prim {
  PrimId id;
  const char *name;              /* JAX's name (PRIM_LIST) */
  int nin, nout;                 /* -1: variadic (nin >= 1; nout: as many as inputs);
                                    nout -2: from the params (nout_of) */
  PrimKind kind;
  /* the parameter block: a plain struct (prim.h), its size and field list (for printing) */
  size_t params_size;
  const ParamField *param_fields; int n_param_fields;
  PrimPrinter print;             /* the params in jaxpr text; NULL: from param_fields, as
                                    prim_params_str spells them */
  PrimRule rule;                 /* shape/dtype rule (where shape errors are raised) */
  uint32_t dtypes;               /* elementwise: the accepted operand dtypes (DTM_*) */
  /* differentiation (the kinds are explained above) and batching */
  RuleKind ad;
  uint32_t lin;                  /* RK_LINEAR: bit i = linear in operand i (LIN_ALL: all) */
  PartialsFn partials;
  TransposeFn transpose;
  JvpFn jvp;
  VjpFwdFn vjp_fwd;
  DecompFn decomp;
  BatchFn batch;
  const char *lax;               /* bound as jax.lax.<lax>(x[, y]) by the generic elementwise
                                    binder (lang/array/mod_jax.c); NULL: bound by hand or not */
  /* back ends */
  PrimKernel cpu;                /* the eager CPU kernel (engine/cpu, engine/ir.c) */
  const char *cgen;              /* elementwise C template: %0..%2 the operands, %T their C
                                    type, %f the libm suffix; NULL: call the eager kernel */
  const char *reduce_combine;    /* reductions: "(%0 + %1)" etc. */
  ReduceIdentity reduce_identity; /* reductions, windows, cumulative ops: the identity */
  PrimKernel gpu;                /* NULL until the GPU engine (engine/gpu) registers it */
  /* properties that code elsewhere asks about (instead of testing ids) */
  uint8_t promote;               /* operands the language promotes to one dtype: 0 none, else
                                    those from operand (promote - 1) on (select: 2) */
  uint32_t index_ops;            /* operands that are indices (a Python scalar there becomes the
                                    default int): bit i = operand i, bit 31 = 31 and all after */
  uint8_t np_scalar;             /* numpy gives a scalar for a 0-d result: 1 always, 2 when an
                                    operand was a numpy scalar (astype of a scalar) */
  uint8_t cheap;                 /* elementwise at a few cycles per element (parallel grain) */
  uint8_t out_bool;              /* elementwise with a bool result whatever the operands */
  uint8_t half_native;           /* the kernel takes float16/bfloat16 arrays itself (else
                                    prim_run_cpu widens them to float32 and rounds back) */
  uint8_t effect;                /* has an effect: the optimiser never removes or merges it */
  int monoid;                    /* the binary primitive that combines elements (scatter-add:
                                    PRIM_add; reduce_window_max, cummax, argmax: PRIM_max);
                                    -1 for plain scatter; read only where set */
  const char *np_name;           /* NumPy's word for it in messages ("maximum") */
  /* 1: this application is the identity when the output type equals the operand's */
  int (*noop)(const void *params);
  /* control flow: the sub-graphs held by the params (retained with them), the output count
   * (nout -2), and which outputs depend on which inputs (data flow through the graphs) */
  int (*graphs)(const void *params, struct IrGraph **out, int max);
  int (*nout_of)(const void *params);
  void (*deps)(const void *params, int nin, const uint8_t *in, int nout, uint8_t *out, int depth);
  /* collectives (params start with the axis id, PColl): the batching rule used when the
   * batch interpreter's own axis name is the one named (vmap(axis_name=) and pmap run as a
   * batch); `batch` then handles another axis, which is carried like an extra dimension */
  BatchFn coll_batch;
} Prim;

/* The operands promoted to one dtype: [lo, hi) */
static inline void prim_promoted(const Prim *p, int nin, int *lo, int *hi) {
  *lo = p->promote ? p->promote - 1 : 0;
  *hi = p->promote ? nin : 0;
}
static inline int prim_is_index_operand(const Prim *p, int i) {
  return (p->index_ops >> (i < 31 ? i : 31)) & 1;
}
/* The value of a reduction identity for a dtype's range (RI_LOWEST: -inf) */
double prim_identity(ReduceIdentity ri);

static inline int prim_linear_in(const Prim *p, int i) {
  return (p->lin >> 31) || (i < 31 && ((p->lin >> i) & 1));
}

/* The parameter block of an entry: .params = PARAMS(PAxes, pf_axes) */
#define PARAMS(S, fields) \
  .params_size = sizeof(S), .param_fields = fields, .n_param_fields = (int)(sizeof fields / sizeof fields[0])
#define PRIM_FIELD(S, f, t, c) {#f, t, offsetof(S, f), c}

extern Prim prim_table[PRIM_COUNT];
/* The families' entry lists (lang/prim/prim_ops.c), NULL-terminated. */
extern const Prim *const prim_families[];

/* Call once at start-up (idempotent): fills the table from the families and starts the CPU
 * thread pool. */
void arr_init(void);
/* Look a primitive up by name (slow; not for the hot path). -1 if unknown. */
int prim_by_name(const char *name);

/* Abstract evaluation only (tracing/jit): out avals, returns nout or -1 with the error set. */
int prim_abstract(PrimId id, const AVal *in, int nin, const void *params, AVal *out);
/* Eager dispatch: check with the rule, run the CPU kernel. out[] receives new references.
 * Returns the number of outputs, or -1 with the error set (no outputs then). */
int prim_bind(PrimId id, Array *const *in, int nin, const void *params, Array **out);
/* Run p's CPU kernel on checked operands (out_av from the rule, nout of them). float16 and
 * bfloat16 operands are widened to float32 for the kernel and float32 results rounded back to
 * the 16-bit type the rule gave: XLA's CPU back end computes them so (control flow and rows
 * with half_native see the 16-bit arrays themselves). */
int prim_run_cpu(const Prim *p, Array *const *in, int nin, const void *params,
                 const AVal *out_av, int nout, Array **out);
/* After a kernel ran: when the interrupt flag is set, release out[0..nout) (the kernel may have
 * stopped part way) and fail with ERR_INTERRUPTED; else 0. */
int prim_drop_if_interrupted(Array **out, int nout);
/* Convenience for the common 1- and 2-input single-output cases (NULL on error). */
Array *prim_unary(PrimId id, Array *x, const void *params);
Array *prim_binary(PrimId id, Array *x, Array *y);
/* Number of outputs of a bind (resolves nout -1 / -2). */
int prim_nout(PrimId id, int nin, const void *params);
/* Format params for IR printing ("axes=(0, 1)"); returns malloc'd text. */
char *prim_params_str(PrimId id, const void *params);

/* ---- helpers for shape rules (errors worded as JAX's) ------------------------------------ */
/* all of in[] one dtype; d in p->dtypes. Inline: every elementwise bind runs them, and the
 * rules sit in another file than the engine (the errors are raised out of line). */
int prim_dtypes_differ(const Prim *p, const AVal *in, int nin);
int prim_dtype_refused(const Prim *p, DType d);
static inline int prim_same_dtypes(const Prim *p, const AVal *in, int nin) {
  for (int i = 1; i < nin; i++)
    if (in[i].dtype != in[0].dtype) return prim_dtypes_differ(p, in, nin);
  return 0;
}
static inline int prim_accepts(const Prim *p, DType d) {
  return (p->dtypes & DTM(d)) ? 0 : prim_dtype_refused(p, d);
}
int prim_check_axis(const Prim *p, int axis, int ndim);
/* distinct axes in range; mask[a] set for each */
int prim_check_axes(const Prim *p, const PAxes *ax, int ndim, int *mask);

#endif
