/* prim_ops.h - the small array operations that transformation rules are written with, over the
 * emitter (engine/emit.h): each binds primitives at the current interpreter, so whatever a rule
 * builds is itself differentiable, batchable and stageable. Used by the primitive entries and
 * by the transformations (lang/transform). No language header: values are handles. */
#ifndef SABLE_PRIM_OPS_H
#define SABLE_PRIM_OPS_H

#include "prim.h"
#include "ir.h"

/* .noop of the primitives that are the identity whenever the types match (convert, reshape) */
int t_noop_always(const void *params);

/* em_bind for one output; null on error */
Value t_bind1(PrimId id, int nin, const Value *in, const void *params);

/* ---- rule helpers (all through em_bind at the current interpreter) ------------------ */
Value t_scalar(DType d, double v, int weak);     /* a concrete 0-d array */
Value t_full(const AVal *av, double v);          /* broadcast of a scalar to av */
Value t_zeros(const AVal *av);
Value t_ones(const AVal *av);
Value t_full_like(Value x, double v);
Value t_unary(PrimId id, Value x);
Value t_binary(PrimId id, Value a, Value b);     /* operands converted to a's dtype */
Value t_add(Value a, Value b);
Value t_sub(Value a, Value b);
Value t_mul(Value a, Value b);
Value t_div(Value a, Value b);
Value t_neg(Value a);
Value t_mul_scalar(Value a, double s);
Value t_add_scalar(Value a, double s);
Value t_select(Value pred, Value a, Value b);
Value t_convert(Value x, DType d, int weak);
Value t_integer_pow(Value x, int64_t y);
Value t_bcast_in_dim(Value x, int ndim, const int64_t *shape, const int *bdims);
/* numpy broadcast of x to a shape (right-aligned) */
Value t_broadcast_to(Value x, int ndim, const int64_t *shape);
Value t_reshape(Value x, int ndim, const int64_t *shape);
Value t_transpose(Value x, const int *perm);
Value t_reduce_sum(Value x, int naxes, const int *axes);
Value t_reduce(PrimId id, Value x, int naxes, const int *axes);
Value t_moveaxis(Value x, int from, int to);
/* Sum x down to the shape of av (undo numpy broadcasting), then match av's dtype/weak. */
Value t_unbroadcast(Value x, const AVal *av);
Value t_dot_general(Value a, Value b, const PDot *dn);
Value t_concat(int n, const Value *xs, int axis);
Value t_slice(Value x, const int64_t *start, const int64_t *limit, const int64_t *stride);
Value t_pad(Value x, Value padval, const int64_t *lo, const int64_t *hi, const int64_t *interior);
Value t_iota(DType d, int ndim, const int64_t *shape, int dimension);
Value t_expand(Value x, int axis, int64_t size);   /* insert axis of `size` (broadcast) */
/* Move axis src of x next to (before) dst, counted without src, and merge the two (src major);
 * and the inverse: split axis src into (size1, rest). Grouped convolutions and their vmap. */
Value t_reshape_axis_into(Value x, int src, int dst);
Value t_reshape_axis_out_of(Value x, int src, int64_t size1);
int t_is_float(Value v);

/* The start of a forward rule: the primitive on the primals, every output tangent null (zero);
 * the number of outputs, or -1 */
int t_jvp_primal(PrimId id, const void *params, int nin, const Value *p, Value *out, Value *tout);

/* Value arrays: release n values and set them to null */
void t_clear(Value *v, int n);

/* ---- batching helpers (vmap rules) ------------------------------------------------------- */
/* v with its batch axis bdim moved to `to` (bdim < 0: broadcast a new axis of `size` there) */
Value t_batch_at(Value v, int bdim, int to, int64_t size);
int t_rank(Value v);                        /* 0 for a non-array (error cleared) */
/* every operand with its batch axis at 0 (unbatched ones broadcast); new refs */
int t_all_at_front(int nin, const Value *in, const int *bd, int64_t size, Value *moved);
/* bind, release args, all outputs batched at 0 */
int t_bind_out0(PrimId id, int nin, Value *args, const void *params, Value *out, int *obd);
/* every operand batched at the front (unbatched ones broadcast), one bind */
int t_all_front(PrimId id, int nin, const Value *in, const int *bd, int64_t size,
                const void *params, Value *out, int *obd);
/* The one-operand rules: the batch axis moved to the front, params adjusted by the caller for
 * the extra leading dimension, one bind. */
int t_front1(PrimId id, const Value *in, const int *bd, const void *params, Value *out, int *obd);
/* dimension numbers of an operand that gained a leading axis */
void t_shift1(int *dst, const int *src, int n);
/* per-dimension params of an operand that gained a leading axis of extent v0 */
void t_prepend64(int64_t *dst, int64_t v0, const int64_t *src, int n);

/* The batching rule of the elementwise primitives (prim_elem.c), also stop_gradient's. */
int elem_batch(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
/* The batching rule of the reductions over axes (prim_reduce.c), also rev's. */
int reduce_batch(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);

/* ---- rules the transformations implement (lang/transform/flow.c): control flow transforms
 * its sub-graphs by tracing them, which needs the language's interpreters ---------------- */
int flow_batch_cond(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int flow_batch_while(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int flow_batch_scan(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int flow_batch_callback(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int flow_batch_hostcall(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int flow_jvp_cond(PrimId, const void *, int, const Value *, const Value *, Value *, Value *);
int flow_jvp_while(PrimId, const void *, int, const Value *, const Value *, Value *, Value *);
int flow_jvp_scan(PrimId, const void *, int, const Value *, const Value *, Value *, Value *);
int flow_jvp_callback(PrimId, const void *, int, const Value *, const Value *, Value *, Value *);
int flow_jvp_hostcall(PrimId, const void *, int, const Value *, const Value *, Value *, Value *);
int flow_jvp_custom_call(PrimId, const void *, int, const Value *, const Value *, Value *, Value *);
int flow_vjp_custom_call(PrimId, const void *, int, const Value *, const uint8_t *, Value *, VjpClosure *);
int flow_batch_custom_call(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int flow_vjp_cond(PrimId, const void *, int, const Value *, const uint8_t *, Value *, VjpClosure *);
int flow_vjp_while(PrimId, const void *, int, const Value *, const uint8_t *, Value *, VjpClosure *);
int flow_vjp_scan(PrimId, const void *, int, const Value *, const uint8_t *, Value *, VjpClosure *);
int flow_vjp_callback(PrimId, const void *, int, const Value *, const uint8_t *, Value *, VjpClosure *);

/* The entry lists of the families (prim_*.c), ended by an entry with id PRIM_COUNT. */
extern const Prim prim_rows_elem[], prim_rows_shape[], prim_rows_index[], prim_rows_reduce[],
    prim_rows_dot[], prim_rows_linalg[], prim_rows_control[], prim_rows_coll[];

#endif
