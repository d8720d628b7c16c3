/* transform.h - the interfaces between the transformation files: JVP (jvp.c), VJP (vjp.c),
 * batching (vmap.c), staging and jit (jit.c), control flow and host calls (flow.c), pytrees
 * (tree.c). The language-facing functions are registered by mod_transform.c. */
#ifndef SABLE_TRANSFORM_H
#define SABLE_TRANSFORM_H

#include "trace.h"

/* A VJP closure that differentiates a JVP rule (by transposing its linear tangent part with a
 * nested reverse-mode trace): used for custom_jvp functions and RK_CUSTOM primitives that only
 * define jvp. `f` computes (out, out_tangents) from (primals, tangents). */
typedef int (*JvpCallback)(void *ctx, int nin, const Value *primals, const Value *tangents,
                           int nout, Value *out, Value *out_tangents);
int vjp_from_jvp(JvpCallback f, void *ctx, void (*free_ctx)(void *), int nin,
                 const Value *primals, const uint8_t *diff, int nout, Value *out, VjpClosure *cl);

/* ---- JVP ------------------------------------------------------------------------------ */
LxTrace *jvp_new(const char *transform, Value fun);
Value jvp_wrap(LxTrace *t, Value primal, Value tangent);       /* tangent V_NULL = zero */
int jvp_unwrap(LxTrace *t, Value v, Value *primal, Value *tangent);

/* ---- VJP ------------------------------------------------------------------------------ */
typedef struct Tape Tape;
LxTrace *vjp_new(const char *transform, Value fun);
void vjp_set_linear(LxTrace *t);   /* jax.linear_transpose: refuse non-linear primitives */
Tape *vjp_tape(LxTrace *t);
void vjp_tape_incref(Tape *t);
void vjp_tape_decref(Tape *t);
Value vjp_input(LxTrace *t, Value primal, int *var);
int vjp_unwrap(LxTrace *t, Value v, Value *primal, int *var);
int vjp_record_custom(LxTrace *t, int nin, const Value *in, int nout, Value *pout,
                      VjpClosure *cl, Value *out);
/* Walk the tape backwards from seeds (cotangents of variables); grads[k] receives the
 * cotangent of want_var[k] (V_NULL = zero). */
int vjp_tape_backward(Tape *tp, int nseed, const int *seed_var, const Value *seed, int nwant,
                  const int *want_var, Value *grads);

/* Run f under a private reverse-mode trace whose inputs are the primals flagged in diff;
 * out[] receive the primal outputs and cl the backward pass over that trace's tape. */
typedef int (*NestedFn)(void *ctx, int nin, const Value *in, int nout_max, Value *out);
int vjp_nested(NestedFn f, void *ctx, int nin, const Value *primals, const uint8_t *diff,
               int nout_max, Value *out, VjpClosure *cl);

/* ---- batching --------------------------------------------------------------------------- */
LxTrace *vmap_new(const char *transform, Value fun, int64_t size);
Value vmap_wrap(LxTrace *t, Value v, int bdim);                /* bdim -1: v itself */
int64_t vmap_axis_size(LxTrace *t);
/* name the trace's axis (an interned id, engine/coll.h): collectives over it batch by their
 * entries' coll_batch rules */
void vmap_set_axis(LxTrace *t, int axis);
int vmap_unwrap(LxTrace *t, Value v, Value *val, int *bdim);

/* ---- staging ------------------------------------------------------------------------------ */
typedef struct StageTrace StageTrace;
/* A staging trace over a new graph; inputs added with jit_stage_input. `capture_any`: foreign
 * tracers of any live trace become captured inputs (internal graph transforms). */
StageTrace *jit_stage_new(const char *transform, Value fun, const char *name, int capture_any);
LxTrace *jit_stage_trace(StageTrace *s);
Value jit_stage_input(StageTrace *s, const AVal *av, const char *argname);
/* Finish: outputs are Values seen by the trace (tracers, constants). Returns the graph (new
 * ref) and the captured outer values (new refs in *captured, count in *ncap); captured
 * values are extra graph inputs placed BEFORE the declared ones. */
IrGraph *jit_stage_finish(StageTrace *s, int nout, const Value *outs, Value **captured, int *ncap);
void jit_stage_abort(StageTrace *s);
typedef struct TreeDef TreeDef;
/* The outputs of a staged Python function: flattened into the list outl (returns the tree,
 * new), or NULL with a TypeError naming `what` when a leaf is not an array or a number. */
TreeDef *jit_stage_outputs(Value res, const char *what, Value outl);
/* The same, with float0 leaves (grad's cotangents of integers) allowed: they are taken out of
 * outl and *f0 becomes a list over all the leaves, None for each leaf left in outl and the
 * float0 array itself for the others (V_NULL when there are none). jit_merge_float0 puts them
 * back among n results: a new array of all the leaves (n + the float0 ones), or NULL. */
TreeDef *jit_stage_outputs_f0(Value res, const char *what, Value outl, Value *f0);
Value *jit_merge_float0(Value f0, const Value *outs, int n, int *nall);
/* float0 arrays (sable._dtypes.TypedNdArray): 1 and its shape when v is one, 0 when not */
int tr_float0_shape(Value v, int *ndim, int64_t *shape);
Value tr_float0_new(int ndim, const int64_t *shape);
/* A custom_jvp/custom_vjp function ran its plain function under staging trace t: the graph
 * has lost its rule, so jit runs the function itself (inlines it) under an enclosing
 * transformation rather than the graph (jit.c). */
void jit_stage_note_custom(LxTrace *t);
/* Evaluate a graph at the current interpreter (every equation through tr_bind). */
int jit_graph_eval(IrGraph *g, const Value *in, Value *out);

/* Trace a C callback into a closed graph over inputs of the given avals. The callback runs
 * with the staging trace current. Returns the graph (no captures allowed). */
typedef int (*TraceFn)(void *ctx, int nin, const Value *in, int *nout, Value *out);
IrGraph *jit_trace_to_graph(const char *name, int nin, const AVal *in_av, TraceFn fn, void *ctx,
                        int max_out);

/* ---- named axes, collectives and pmap's devices (pmap.c) ---------------------------------- */
/* The axis names bound while a function is traced (pmap, vmap(axis_name=)): collectives look
 * their size up here. push: 0, or -1 with an error. */
int pmap_axis_push(int axis, int64_t size);
void pmap_axis_pop(void);
int pmap_axis_id(Value name, const char *fn);        /* interned id of an axis_name, -1 + error */
extern const MethodDef pmap_lax_functions[];
/* 1 when the graph may run on device worker threads (it never calls back into the language) */
int pmap_graph_parallel_ok(const IrGraph *g);
/* coll_run with the error raised as a language exception */
int pmap_run_graph(IrGraph *g, int ndev, int axis, Array *const *in, Array **out);

/* ---- pytrees (tree.c) --------------------------------------------------------------------- */
typedef struct TreeDef TreeDef;
/* Flatten: leaves appended to *leaves (list Value); returns the treedef (new) or NULL. */
TreeDef *tree_flatten(Value tree, Value leaves, int none_is_leaf);
Value tree_unflatten(TreeDef *t, const Value *leaves, int64_t n);
int64_t tree_nleaves(const TreeDef *t);
int tree_equal(const TreeDef *a, const TreeDef *b);
uint64_t tree_hash(const TreeDef *t);
void tree_free(TreeDef *t);
TreeDef *tree_copy(const TreeDef *t);
Value tree_repr(const TreeDef *t);                /* "PyTreeDef((*, {'a': *}))" */
/* One level of a pytree, as flattening sees it: 0 for a leaf or None, 1 for a node, with its
 * children in flattening order (*children, a new list), the key of each child for key paths
 * (*keys, a new list: ints for sequences, the dict keys, field names; or None each), and the
 * metadata that must match for two nodes to be the same (*meta, new: the sorted keys of a
 * dict, an OrderedDict's key order, a registered node's aux data). -1 on error. */
int tree_open(Value x, Value *children, Value *keys, Value *meta);
/* Leaf paths for messages: "x", "params[0]['w']" appended for each leaf of tree under name. */
int tree_leaf_paths(Value tree, const char *name, Value list);

/* ---- host calls (flow.c) ----------------------------------------------------------------- */
/* jax.pure_callback: fn(*args, **kw) on concrete values when the program runs; spec (a pytree of
 * objects with .shape and .dtype) describes its results. For library functions that need
 * concrete inputs (jax.random samplers) to work under jit and vmap: when an input is a tracer,
 * return flow_pure_callback(the function itself, its result spec, argc, argv, kw). */
Value flow_pure_callback(Value fn, Value spec, int argc, const Value *argv, Obj *kw);
/* A custom_jvp (is_vjp 0) / custom_vjp function called under a staging trace: f(*leaves), and
 * rule(P, T) -> (out, tout) or fwd(*leaves) -> (out, residuals) with bwd(residuals, ct) ->
 * a tuple of one cotangent per leaf (sable._autodiff._custom_flat), staged as a
 * custom_jvp_call / custom_vjp_call equation. Returns f's result. */
Value flow_custom_stage(int is_vjp, Value f, Value rule, Value bwd, Value leaves);

/* ---- jit (jit.c) -------------------------------------------------------------------------- */
void jit_init(void);
/* the name JAX's messages give positional argument pos of f: "x", "rest[1]", "args[2]" */
void jit_arg_name(Value f, int pos, char *buf, size_t n);
Value jit_make(Value fun, Value static_argnums, Value static_argnames);   /* jax.jit(f, ...) */
/* jax.make_jaxpr(f, static_argnums)(*args) */
Value jit_make_jaxpr(Value fun, Value static_argnums, int argc, const Value *argv, Obj *kw);

/* ---- the modules' function tables (flow.c, tree.c) ---------------------------------------- */
void flow_init(void);      /* installs the engine's host-call hooks */
extern const MethodDef flow_functions[], flow_debug_functions[], flow_callback_functions[];
extern const MethodDef tree_util_functions[], tree_functions[];
extern TypeObj tree_def_type;   /* PyTreeDef, the type of jax.tree_util's treedefs */

#endif
