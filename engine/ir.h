/* ir.h - the staged program (what jit records): a graph of primitive equations over typed
 * variables, its optimiser (constant folding, CSE, DCE), printer and eager executor.
 *
 * A graph is a jaxpr without language objects: every variable has an AVal (dtype, weak flag,
 * shape); constants are engine arrays owned by the graph; an equation names a primitive, its
 * parameter block (a copy; sub-graphs of control-flow primitives are retained) and variable
 * ids. Variables are numbered densely in creation order. The code generator of a later issue
 * lowers exactly this structure: the optimised equation list with explicit shapes. */
#ifndef SABLE_IR_H
#define SABLE_IR_H

#include <string.h>
#include "prim.h"

/* memcpy/memmove/memcmp that accept (NULL, 0): empty operand lists are common here */
static inline void *ir_memcpy(void *d, const void *s, size_t n) { return n ? memcpy(d, s, n) : d; }
static inline void *ir_memmove(void *d, const void *s, size_t n) { return n ? memmove(d, s, n) : d; }
static inline int ir_memcmp(const void *a, const void *b, size_t n) { return n ? memcmp(a, b, n) : 0; }

typedef struct IrEqn {
  PrimId prim;
  int nin, nout;
  int *in;              /* variable ids */
  int *out;
  void *params;         /* owned copy (params_size bytes), NULL when the primitive has none */
} IrEqn;

typedef struct IrGraph {
  int64_t rc;
  int nvars, capvars;
  AVal *avals;          /* one per variable */
  int nin, capin, *in;  /* the input variables, in call order */
  int nconst, capconst;
  int *constvar;        /* variables bound to constants */
  Array **consts;       /* their values (owned) */
  int neqn, capeqn;
  IrEqn *eqns;
  int nout, *out;       /* output variables (may be inputs or constants) */
  int *last_use;        /* execution plan (ir_run): equation after which a var dies */
  struct CgenPlan *cgen; /* with it: the fused kernels that replace equations (engine/cgen) */
  char name[64];
} IrGraph;

IrGraph *ir_new(const char *name);                  /* NULL + arr_err on failure */
static inline IrGraph *ir_retain(IrGraph *g) { if (g) g->rc++; return g; }
void ir_release(IrGraph *g);                         /* NULL is fine */

int ir_add_input(IrGraph *g, const AVal *av);        /* var id, or -1 */
int ir_add_const(IrGraph *g, Array *a);              /* retains a; var id, or -1 */
/* Append an equation; out_av gives the output avals, out receives the new var ids. */
int ir_add_eqn(IrGraph *g, PrimId prim, int nin, const int *in, const void *params, int nout,
               const AVal *out_av, int *out);
int ir_set_outputs(IrGraph *g, int n, const int *vars);

/* Constant folding (small results), forwarding of identity ops, CSE and DCE, in place. */
int ir_optimize(IrGraph *g);

/* prim_bind for every primitive, control flow included (any number of outputs). */
int ir_bind(PrimId id, Array *const *in, int nin, const void *params, Array **out);
/* Run a graph with the eager kernels. in[] borrowed; out[] receive new references.
 * Returns 0, or -1 with the engine error set. */
int ir_run(IrGraph *g, Array *const *in, Array **out);
/* One equation of a prepared graph on the eager kernels, env/own as ir_run keeps them. 0 / -1. */
int ir_run_eqn(const IrGraph *g, int i, Array **env, uint8_t *own);
/* Make the execution plan now (ir_run makes it on first use); thread-safe. 0 / -1. */
int ir_prepare(IrGraph *g);

/* Which outputs depend on the inputs flagged in in_mask (data flow through the graph). */
void ir_deps(const IrGraph *g, const uint8_t *in_mask, uint8_t *out_mask);

/* The jaxpr-style text of a graph ("{ lambda ; a:f32[3]. let ... in (b,) }"); malloc'd. */
char *ir_print(const IrGraph *g);
/* "f32[3,4]" */
void ir_aval_str(const AVal *av, char *buf, size_t n);

/* ---- printing an equation's parameters (the entries' printers, Prim.print) --------------
 * An entry's printer writes its params in JAX's spelling, brackets included ("[axes=(0,)]"),
 * through this context: the engine keeps the text, the indentation of the equation being
 * printed and the variable names, so that a sub-graph printed by a parameter continues the
 * naming of the graph around it. Printing never fails here: running out of memory is noted in
 * the context and reported by ir_print. */
typedef struct IrPrinter IrPrinter;
void ir_put(IrPrinter *pr, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* key=(1, 2), key=(1,), key=() */
void ir_put_tuple_i(IrPrinter *pr, const char *key, const int *v, int n);
void ir_put_tuple_l(IrPrinter *pr, const char *key, const int64_t *v, int n);
/* [1, 2] */
void ir_put_list_i(IrPrinter *pr, const int *v, int n);
/* spaces up to the equation's indentation plus extra (to start a line of a multi-line param) */
void ir_put_indent(IrPrinter *pr, int extra);
/* a sub-graph ("{ lambda ; ... }"), its lines indented by the equation's indentation + extra */
void ir_put_graph(IrPrinter *pr, const IrGraph *g, int extra);

/* ---- parameter blocks -------------------------------------------------------------------- */
void *ir_params_copy(PrimId prim, const void *params);  /* retains sub-graphs; NULL on OOM */
void ir_params_free(PrimId prim, void *params);
/* Sub-graphs held by a parameter block (cond branches, while cond/body, scan body). */
int ir_param_graphs(PrimId prim, const void *params, IrGraph **out, int max);

/* ---- control flow and the host -------------------------------------------------------- */
/* The shape rules and eager kernels of the control-flow and host primitives (their entries are
 * in lang/prim/prim_control.c): they interpret the sub-graphs in the params. */
int ir_rule_cond(const Prim *p, const AVal *in, int nin, const void *params, AVal *out);
int ir_rule_while(const Prim *p, const AVal *in, int nin, const void *params, AVal *out);
int ir_rule_scan(const Prim *p, const AVal *in, int nin, const void *params, AVal *out);
int ir_rule_callback(const Prim *p, const AVal *in, int nin, const void *params, AVal *out);
int ir_rule_host_call(const Prim *p, const AVal *in, int nin, const void *params, AVal *out);
int ir_rule_same_av(const Prim *p, const AVal *in, int nin, const void *params, AVal *out);
int ir_rule_custom(const Prim *p, const AVal *in, int nin, const void *params, AVal *out);
#define IR_KERNEL(name) \
  int name(const Prim *p, Array *const *in, int nin, const void *params, const AVal *out_av, Array **out)
IR_KERNEL(ir_k_cond);
IR_KERNEL(ir_k_while);
IR_KERNEL(ir_k_scan);
IR_KERNEL(ir_k_callback);
IR_KERNEL(ir_k_host_call);
IR_KERNEL(ir_k_identity);
IR_KERNEL(ir_k_custom);
int ir_graphs_cond(const void *params, IrGraph **out, int max);
int ir_graphs_while(const void *params, IrGraph **out, int max);
int ir_graphs_scan(const void *params, IrGraph **out, int max);
int ir_graphs_custom_jvp(const void *params, IrGraph **out, int max);
int ir_graphs_custom_vjp(const void *params, IrGraph **out, int max);
int ir_nout_cond(const void *params);
int ir_nout_while(const void *params);
int ir_nout_scan(const void *params);
int ir_nout_host_call(const void *params);
int ir_nout_custom_jvp(const void *params);
int ir_nout_custom_vjp(const void *params);
void ir_deps_cond(const void *params, int nin, const uint8_t *in, int nout, uint8_t *out, int depth);
void ir_deps_while(const void *params, int nin, const uint8_t *in, int nout, uint8_t *out, int depth);
void ir_deps_scan(const void *params, int nin, const uint8_t *in, int nout, uint8_t *out, int depth);
/* The language installs these: a debug callback (jax.debug.print), and a poll called once
 * per loop iteration that returns -1 (with arr_err set) to stop a runaway loop. */
extern int (*ir_host_callback)(int id, int n, Array *const *vals);
extern int (*ir_poll)(void);
/* pure_callback: compute nout arrays of the avals out[] from the operands (new refs). */
extern int (*ir_host_call)(int id, int n, Array *const *vals, int nout, const AVal *out, Array **res);

#endif
