/* trace.h - the transformations' shared core: the Tracer type, the interpreters (traces) that
 * own tracers, binding helpers that route control-flow primitives, and the rule helpers (the
 * t_* operations of prim/prim_ops.h, bound through the emitter that trace.c installs).
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
 *   vmap.c   vmap: tracers carry (value, batch axis).
 *   jit.c    staging: tracers are variables of an IrGraph being recorded (engine/ir.h).
 * Rules live in each primitive's entry (engine/prim.h, lang/prim/). Control flow (flow.c) binds cond /
 * while / scan primitives whose params carry sub-graphs; each transformation has a rule
 * that transforms the sub-graphs by tracing them (ir transforms in flow.c).
 * A tracer holds a reference to its trace; a trace dies (alive = 0) when its transformation
 * returns, and a tracer of a dead trace used later raises a clear "leaked tracer" error.
 * --------------------------------------------------------------------------------------- */
#ifndef SABLE_TRACE_H
#define SABLE_TRACE_H

#include "array/arrobj.h"
#include "ir.h"
#include "prim/prim_ops.h"

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

extern TypeObj tr_tracer_type;   /* the base; instances are of tr_kind_type(kind) */
TypeObj *tr_kind_type(TraceKind k);
#define TRACER(v) ((Tracer *)(v).u.o)
static inline int tr_is_tracer(Value v) {
  return v.tag == V_OBJ && v.u.o->type->base == &tr_tracer_type;
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
/* Mark the trace finished (its tracers become leaked values) and drop the caller's ref. */
void tr_finish(LxTrace *t);
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

/* The JAX-family exception for a pending engine error. */
static inline int tr_engine_err(void) { lx_raise_engine(FAM_JAX); return -1; }

extern TypeObj *tr_exc_concretization, *tr_exc_bool_conversion, *tr_exc_integer_conversion,
    *tr_exc_leaked, *tr_exc_jax_type, *tr_exc_jax_index, *tr_exc_bool_index;
int tr_errors_init(void);
/* Why a jit-staged value is abstract, for the concretization error (jit.c): "it depends on
 * the value of the argument x", or that it was computed inside the function. */
void jit_describe_origin(Tracer *x, char *buf, size_t n);

/* A callable language object backed by a C function and a context freed with it. */
Value tr_closure_new(const char *name, Value (*fn)(void *ctx, int argc, const Value *argv, Obj *kw),
                     void *ctx, void (*free_ctx)(void *ctx));


#endif
