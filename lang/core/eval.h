/* eval.h - internals shared by the evaluator's files (expressions, statements, calls). */
#ifndef SABLE_EVAL_H
#define SABLE_EVAL_H

#include "core.h"

/* statement outcomes */
enum { EX_OK = 0, EX_ERR, EX_BREAK, EX_CONTINUE, EX_RETURN };

Value eval_expr(Frame *f, Node *n);
int exec_block(Frame *f, NodeList *body);
int exec_stmt(Frame *f, Node *n);
int exec_assign(Frame *f, Node *target, Value v);   /* borrows v */
int exec_match(Frame *f, Node *n);                  /* the match statement (match.c) */
int eval_store(Frame *f, Resolved r, Value v);       /* borrows v */
int eval_delete_res(Frame *f, Resolved r, const Str *name);
Value call_node(Frame *f, Node *n);
Value call_make_function(Frame *f, Node *def);
int call_classdef(Frame *f, Node *n);
Value call_comprehension(Frame *f, Node *n);
Value genexpr_new(Frame *f, Node *n, Value first_iter);        /* steals first_iter */

/* ---- generators (gen.c; generator expressions step in genexpr.c) ---- */
enum { GEN_CREATED, GEN_SUSPENDED, GEN_RUNNING, GEN_DONE };
typedef struct GenStack GenStack;
typedef struct GenObj {
  Obj ob;
  int state;
  int is_expr;               /* a generator expression: stepped in place, no stack */
  Obj *name, *qualname;
  Frame fr;                  /* its frame (back is set at each resume) */
  Value *locals;
  int nlocals;
  FuncObj *func;             /* def/lambda generators: the function (closure, globals, body) */
  /* generator expressions */
  Obj **cells;
  int nfree;
  Obj *code;                 /* keeps the syntax tree alive */
  ModuleObj *mod;
  Node *node;                /* the N_GENERATOREXP */
  Value *iters;              /* one iterator per `for` (V_NULL above depth) */
  int ngen, depth;           /* depth: the innermost active level, -1 when finished */
  /* the stack and the switch */
  GenStack *stk;
  void *sp, *caller_sp;
  void *fake;                /* AddressSanitizer's fake stack while switched out */
  const void *caller_bottom;
  size_t caller_size;
  Value xfer;                /* the value crossing a switch */
  int xfer_st;               /* 1 yielded, 0 returned, -1 raised (2: abandoned) */
  Value handling;            /* borrowed: what its except block handles while suspended */
  Value yf;                  /* the iterator a yield from delegates to */
  int kills;                 /* being destroyed: yields raise GeneratorExit again */
} GenObj;
extern TypeObj gen_type;
Value gen_new(FuncObj *fn, Value *locals, int nl);   /* takes locals[0..nl) */
Value gen_yield(Frame *f, Node *n);
Value gen_yield_from(Frame *f, Node *n);
int gen_send(Value gen, Value sent, Value *out);     /* 1 yielded, 0 returned, -1 raised */
int genexpr_resume(GenObj *g, int thrown, Value *out);
void genexpr_finish(GenObj *g);
/* the generators' C stacks, lent to threads (thread.c) */
GenStack *gen_stack_get(void);                    /* NULL with MemoryError pending */
void gen_stack_put(GenStack *s);
char *gen_stack_lo(GenStack *s);
size_t gen_stack_size(GenStack *s);
char *gen_stack_limit(GenStack *s);
void *gen_swap_current(void *g);                  /* the running generator, for a switch */
int call_import(Frame *f, Node *n);
int call_importfrom(Frame *f, Node *n);
Obj **call_build_cells(Frame *f, Scope *sc);               /* closure for an inner scope */

/* record the span of the failing expression in the innermost frame, once */
static inline void eval_locate(Frame *f, Span sp) {
  if (obj_ts.located || VAL_IS_NULL(obj_ts.exc)) return;
  obj_ts.located = 1;
  exc_add_tb_frame(obj_ts.exc, f, sp, 0, 0, 0);
}

/* the same with the parts of a binary operation or subscript, for CPython's ~~^~~ markers */
static inline void eval_locate_node(Frame *f, Node *n) {
  if (obj_ts.located || VAL_IS_NULL(obj_ts.exc)) return;
  obj_ts.located = 1;
  int kind = 0, c1 = 0, c2 = 0;
  if (n->kind == N_BINOP && n->span.line == n->span.end_line) {
    kind = N_BINOP;
    c1 = n->u.binop.left->span.end_col;
    c2 = n->u.binop.right->span.col;
  } else if (n->kind == N_SUBSCRIPT && n->span.line == n->span.end_line) {
    kind = N_SUBSCRIPT;
    c1 = n->u.subscript.value->span.end_col;
    c2 = n->u.subscript.slice->span.end_col;
  }
  exc_add_tb_frame(obj_ts.exc, f, n->span, kind, c1, c2);
}

static inline int eval_poll(void) {
  if (obj_interrupted) return obj_check_signals();
  if (obj_ts.gc_pending) obj_gc_collect();
  return 0;
}

#endif
