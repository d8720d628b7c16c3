/* prim_kit.h - shorthands for writing rules in the family files (prim_*.c): operands and
 * outputs of the RuleCtx, and value operations that consume their arguments (null in, null
 * out), so a derivative reads as one expression. */
#ifndef SABLE_PRIM_KIT_H
#define SABLE_PRIM_KIT_H

#include <math.h>
#include "prim_ops.h"
#include "cpu/cpu.h"

static inline const char *dtn(DType d) { return arr_dtypes[d].name; }
#define SHAPE(av, buf) arr_shape_str((av)->shape, (av)->ndim, buf, sizeof buf)

/* {=== small helpers ===} */
#define X0 (c->in[0])
#define X1 (c->in[1])
#define Z0 (c->out[0])
#define NEED(i) (need[i])

static inline Value sq(Value x) { return t_mul(x, x); }
static inline Value recip(Value x) { return t_unary(PRIM_reciprocal, x); }
static inline Value un(PrimId id, Value x) { return t_unary(id, x); }
/* f(a, b) consuming both (a null in gives a null out) */
static inline Value consume2(Value (*f)(Value, Value), Value a, Value b) {
  Value r = (EM_IS_NULL(a) || EM_IS_NULL(b)) ? em_null() : f(a, b);
  em_decref(a); em_decref(b);
  return r;
}
static inline Value mul_(Value a, Value b) { return consume2(t_mul, a, b); }
static inline Value add_(Value a, Value b) { return consume2(t_add, a, b); }
static inline Value sub_(Value a, Value b) { return consume2(t_sub, a, b); }
static inline Value div_(Value a, Value b) { return consume2(t_div, a, b); }
static inline Value scale_(Value a, double s) {
  Value r = EM_IS_NULL(a) ? a : t_mul_scalar(a, s);
  em_decref(a);
  return r;
}
static inline Value shift_(Value a, double s) {
  Value r = EM_IS_NULL(a) ? a : t_add_scalar(a, s);
  em_decref(a);
  return r;
}
static inline Value un_(PrimId id, Value a) {
  Value r = EM_IS_NULL(a) ? a : t_unary(id, a);
  em_decref(a);
  return r;
}
/* 1 - x*x */
static inline Value one_minus_sq(Value x) { return shift_(scale_(sq(x), -1.0), 1.0); }
#define RET1(expr) do { d[0] = (expr); return EM_IS_NULL(d[0]) ? -1 : 0; } while (0)
#define CT (ct[0])

#endif
