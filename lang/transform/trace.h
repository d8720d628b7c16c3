/* trace.h - the transformations' shared core: the Tracer type, the interpreters (traces) that
 * own tracers, binding helpers that route control-flow primitives, and the rule helpers
 * (small array operations written with lx_bind) every transformation rule is built from.
 *
 * ---------------------------------------------------------------------------------------
 * DESIGN (DESIGN.md §5). Stackless interpreters as in JAX's Autodidax 2: lx_bind hands every
 * primitive to the current interpreter (bind.h). A transformation pushes an LxTrace whose
 * parent is the interpreter that was current; its process() unwraps the tracers it owns,
 * treats everything else as a constant, and runs the primitive's rule with the PARENT as
 * current, so the operations a rule emits go one level out. Four kinds:
 *   jvp.c    JVP (forward mode): tracers carry (primal, tangent); tangent V_NULL = zero.
 *   vjp.c    VJP (reverse mode): tracers carry a primal and a tape variable; every primitive
 *            on them is recorded on a tape; the backward pass runs the primitives' VJP rules
 *            with lx_bind, at whatever interpreter is current then (so grad(grad(f)) records
 *            the inner backward pass on the outer tape, jit(grad(f)) stages it).
 *   batch.c  vmap: tracers carry (value, batch axis).
 *   jit.c    staging: tracers are variables of an IrGraph being recorded (engine/ir.h).
 * Rules live in one table per primitive (rules.h). Control flow (control.c) binds cond /
 * while / scan primitives whose params carry sub-graphs; each transformation has a rule
 * that transforms the sub-graphs by tracing them (ir transforms in control.c).
 * A tracer holds a reference to its trace; a trace dies (alive = 0) when its transformation
 * returns, and a tracer of a dead trace used later raises a clear "leaked tracer" error.
 * --------------------------------------------------------------------------------------- */
#ifndef SABLE_TRACE_H
#define SABLE_TRACE_H

#include "array/arrobj.h"
#include "ir.h"

typedef enum TraceKind { TK_JVP = 1, TK_VJP, TK_BATCH, TK_STAGE } TraceKind;

typedef struct LxTrace LxTrace;
typedef struct TraceVT {
  InterpVT base;                 /* must be first: Interp.vt points here */
  TraceKind kind;
  const char *trace_name;        /* "JVPTrace", "BatchTrace", "DynamicJaxprTrace" */
  void (*destroy)(LxTrace *t);   /* free the kind's data (not the struct) */
} TraceVT;

struct LxTrace {
  Interp it;                     /* it.vt == &vt->base, it.parent, it.level */
  const TraceVT *vt;
  int64_t rc;                    /* the transformation + every tracer hold one */
  int alive;
  const char *transform;         /* "jit", "vmap", "grad", "jvp", ... (messages) */
  Value fun;                     /* the function being transformed (messages), or V_NULL */
};

/* A traced value. Meaning of the fields per kind:
 *   JVP:   a = primal, b = tangent (V_NULL: symbolic zero)
 *   VJP:   a = primal, i = tape variable
 *   batch: a = batched value, i = batch axis of a (>= 0)
 *   stage: i = graph variable */
typedef struct Tracer {
  Obj ob;
  LxTrace *tr;
  AVal aval;                     /* the abstract value the program sees */
  Value a, b;
  int64_t i;
} Tracer;

extern TypeObj tr_tracer_type;
#define TRACER(v) ((Tracer *)(v).u.o)
static inline int tr_is_tracer(Value v) {
  return v.tag == V_OBJ && v.u.o->type == &tr_tracer_type;
}
/* v if it is a tracer owned by t, else NULL */
static inline Tracer *tr_own(LxTrace *t, Value v) {
  return (tr_is_tracer(v) && TRACER(v)->tr == t) ? TRACER(v) : NULL;
}

/* ---- traces ---------------------------------------------------------------------------- */
/* Initialise the common part of a trace allocated by the caller (size >= sizeof(LxTrace));
 * parent = the current interpreter. */
void tr_init(LxTrace *t, const TraceVT *vt, const char *transform, Value fun);
static inline void tr_incref(LxTrace *t) { t->rc++; }
void tr_decref(LxTrace *t);
/* Mark the trace finished (its tracers become leaked values) and drop the caller's ref. */
void tr_finish(LxTrace *t);
/* Is `t` the current interpreter or one of its ancestors? */
int tr_in_scope(LxTrace *t);
/* A foreign value reached `self`: a tracer of a dead or unrelated trace raises the leaked
 * tracer error (-1); anything else is a constant (0). */
int tr_check_const(LxTrace *self, Value v);
/* A new tracer (steals a and b). */
Value tr_new(LxTrace *t, const AVal *av, Value a, Value b, int64_t i);

/* Run a primitive at the current interpreter: lx_bind, except that control-flow primitives
 * at the eval interpreter run here (their output count comes from the params). */
int tr_bind(PrimId id, int nin, const Value *in, const void *params, Value *out);
Value tr_bind1(PrimId id, int nin, const Value *in, const void *params);
/* Make `t` current / restore. */
static inline Interp *tr_enter(Interp *it) { return lx_set_current(it); }
static inline void tr_leave(Interp *prev) { lx_set_current(prev); }

/* The eval interpreter met a tracer: the leaked-tracer error (for bind.c). Returns -1. */
int lx_leaked_tracer_error(Value v, const char *where);

/* The transformation name of the innermost non-eval interpreter ("jit"), for messages. */
const char *tr_context_name(void);

/* The JAX-family exception for a pending engine error. */
static inline int tr_engine_err(void) { lx_raise_engine(FAM_JAX); return -1; }

/* The error raised when a traced value is needed as a concrete one (bool(), float(), an
 * index...); TracerBoolConversionError / ConcretizationTypeError as JAX calls them. */
Value tr_concretization_error(Value v, const char *what);
extern TypeObj *tr_exc_concretization, *tr_exc_bool_conversion, *tr_exc_integer_conversion,
    *tr_exc_leaked, *tr_exc_unexpected_tracer;
int tr_errors_init(void);

/* ---- rule helpers (all through tr_bind at the current interpreter) ------------------ */
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
/* aval of a Value (lx_aval, -1 + error for non arrays) */
static inline int t_aval(Value v, AVal *av) { return lx_aval(v, av); }
int t_is_float(Value v);

/* A callable language object backed by a C function and a context freed with it. */
Value tr_closure_new(const char *name, Value (*fn)(void *ctx, int argc, const Value *argv, Obj *kw),
                     void *ctx, void (*free_ctx)(void *ctx));

/* Value arrays: release n values and set them to V_NULL */
void t_clear(Value *v, int n);

#endif
