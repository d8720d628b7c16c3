/* bind.h - the one door from the language to the array engine: every array operation of
 * numpy / jax.numpy / lax binds a primitive here, and the active transformation (if any)
 * handles it. This is the contract between the array library and the transformations.
 *
 * The model is JAX's stackless "Autodidax 2": there is always a current interpreter.
 * The bottom one evaluates eagerly (engine kernels via prim_bind). jvp/vmap/jit push an
 * interpreter whose parent is the previous current one; lx_bind hands every primitive to the
 * CURRENT interpreter. An interpreter's process() sees tracers it owns and treats every other
 * value (concrete arrays, Python scalars, tracers of other interpreters) as a constant. While a
 * rule runs, the current interpreter is set to the parent, so the primitives the rule emits
 * go one level out — that is what makes grad(grad(f)) and vmap(grad(f)) work.
 *
 * Values here are the language's Values (object.h): Python scalars, lang arrays (ArrObj,
 * wrapping an engine Array) and tracers (Tracer, owned by an interpreter). All array-like
 * Values answer lx_aval(). */
#ifndef SABLE_BIND_H
#define SABLE_BIND_H

#include "core/object.h"
#include "prim.h"

typedef struct Interp Interp;

typedef struct InterpVT {
  const char *name;                       /* "eval", "jvp", "batch", "jit" */
  /* Handle one primitive. in[] are borrowed, out[] receive new references. Returns the
   * number of outputs or -1 with an exception pending. */
  int (*process)(Interp *self, PrimId id, int nin, const Value *in, const void *params,
                 Value *out);
} InterpVT;

struct Interp {
  const InterpVT *vt;
  Interp *parent;                         /* the interpreter one level out */
  int level;                              /* depth: eval is 0 */
};

/* The current interpreter (thread-local; never NULL: the eval interpreter at the bottom). */
Interp *lx_current(void);
/* Make `it` current for a dynamic extent; returns the previous one to restore. */
Interp *lx_set_current(Interp *it);

/* Bind a primitive with the current interpreter. Returns nout or -1 (exception pending). A
 * shape/dtype error becomes the exception the emulated module raises (TypeError for
 * jax.numpy, ValueError for numpy), with the span of the user's expression attached by the
 * evaluator. */
int lx_bind(PrimId id, int nin, const Value *in, const void *params, Value *out);
Value lx_bind1(PrimId id, int nin, const Value *in, const void *params);  /* one output */

/* The abstract value (shape, dtype, weak type) of an array-like Value: an array, a tracer, or
 * a Python scalar (weak). -1 with TypeError for anything else. */
int lx_aval(Value v, AVal *out);
/* Is v an array or a tracer (not a Python scalar)? */
int lx_is_arraylike(Value v);

#endif
