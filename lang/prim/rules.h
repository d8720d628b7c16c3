/* rules.h - the transformation rules of every primitive, one row per primitive in lx_rules
 * (rules.c): how it differentiates (forward and reverse) and how it batches.
 *
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
 * All rule code runs with the PARENT interpreter current and builds values with tr_bind, so
 * derivatives of derivatives work. */
#ifndef SABLE_RULES_H
#define SABLE_RULES_H

#include "transform/trace.h"

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

/* d[i] for every i with need[i]; d[i] may stay V_NULL for a zero partial. */
typedef int (*PartialsFn)(const RuleCtx *c, const uint8_t *need, Value *d);
/* Linear/bilinear primitives: cotangents of the operands flagged in need from the output
 * cotangents (V_NULL = zero); the other operands' primal values are in c->in. */
typedef int (*TransposeFn)(const RuleCtx *c, const Value *ct_out, const uint8_t *need, Value *ct_in);
/* Custom forward mode: primal and tangent outputs together (tangents V_NULL = zero). */
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

typedef struct Rule {
  RuleKind ad;
  uint32_t lin;           /* RK_LINEAR: bit i set = operand i is linear (bit 31: all operands) */
  PartialsFn partials;
  TransposeFn transpose;
  JvpFn jvp;
  VjpFwdFn vjp_fwd;
  DecompFn decomp;
  BatchFn batch;
} Rule;

extern Rule lx_rules[PRIM_COUNT];
void lx_rules_init(void);              /* idempotent */
static inline int rule_is_linear_in(const Rule *r, int i) {
  return (r->lin >> 31) || (i < 31 && ((r->lin >> i) & 1));
}

/* batch.c: the batching rules (referenced from the table) */
int b_elementwise(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_reduce(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_arg(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_cum(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_broadcast(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_reshape(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_transpose(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_slice(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_rev(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_pad(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_concat(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_gather(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_scatter(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_dynamic_slice(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_dynamic_update_slice(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_dot_general(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_conv(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_window(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_sort(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_leading(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
/* control.c */
int b_cond(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_while(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_scan(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_callback(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int b_hostcall(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int jvp_cond(PrimId, const void *, int, const Value *, const Value *, Value *, Value *);
int jvp_while(PrimId, const void *, int, const Value *, const Value *, Value *, Value *);
int jvp_scan(PrimId, const void *, int, const Value *, const Value *, Value *, Value *);
int jvp_callback(PrimId, const void *, int, const Value *, const Value *, Value *, Value *);
int jvp_hostcall(PrimId, const void *, int, const Value *, const Value *, Value *, Value *);
int jvp_custom_call(PrimId, const void *, int, const Value *, const Value *, Value *, Value *);
int vjpf_custom_call(PrimId, const void *, int, const Value *, const uint8_t *, Value *, VjpClosure *);
int b_custom_call(PrimId, const void *, int, const Value *, const int *, int64_t, Value *, int *);
int vjpf_cond(PrimId, const void *, int, const Value *, const uint8_t *, Value *, VjpClosure *);
int vjpf_while(PrimId, const void *, int, const Value *, const uint8_t *, Value *, VjpClosure *);
int vjpf_scan(PrimId, const void *, int, const Value *, const uint8_t *, Value *, VjpClosure *);
int vjpf_callback(PrimId, const void *, int, const Value *, const uint8_t *, Value *, VjpClosure *);
/* rules_linalg.c */
int jvp_linalg(PrimId, const void *, int, const Value *, const Value *, Value *, Value *);
int vjpf_solve(PrimId, const void *, int, const Value *, const uint8_t *, Value *, VjpClosure *);
int jvp_sort(PrimId, const void *, int, const Value *, const Value *, Value *, Value *);

/* A VJP closure that differentiates a JVP rule (by transposing its linear tangent part with a
 * nested reverse-mode trace): used for custom_jvp functions and RK_CUSTOM primitives that only
 * define jvp. `f` computes (out, out_tangents) from (primals, tangents). */
typedef int (*JvpCallback)(void *ctx, int nin, const Value *primals, const Value *tangents,
                           int nout, Value *out, Value *out_tangents);
int vjp_from_jvp(JvpCallback f, void *ctx, void (*free_ctx)(void *), int nin,
                 const Value *primals, const uint8_t *diff, int nout, Value *out, VjpClosure *cl);

#endif
