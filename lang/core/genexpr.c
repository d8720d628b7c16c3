/* genexpr.c - lazy generator expressions without `yield`: a resumable iterator over the nested
 * loops of `(elt for x in a if c for y in b)`, so any(...)/next(...)/sum(...) over huge ranges
 * run in constant memory and stop early, as in Python. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eval.h"

typedef struct GenObj {
  Obj ob;
  Node *node;            /* the N_GENERATOREXP */
  Scope *scope;
  Obj *code;             /* keeps the syntax tree alive */
  ModuleObj *mod;
  Value *locals;
  Obj **cells;
  int nlocals, nfree;
  Value *iters;          /* one iterator per generator level (V_NULL above `depth`) */
  int ngen, depth;       /* depth: index of the innermost active level, -1 when finished */
  int running;
} GenObj;

static void gen_dealloc(Obj *o) {
  GenObj *g = (GenObj *)o;
  for (int i = 0; i < g->nlocals; i++) val_decref(g->locals[i]);
  free(g->locals);
  for (int i = 0; i < g->nfree; i++) obj_xdecref(g->cells[i]);
  free(g->cells);
  for (int i = 0; i < g->ngen; i++) val_decref(g->iters[i]);
  free(g->iters);
  obj_xdecref(g->code);
  if (g->mod) obj_decref(&g->mod->ob);
  obj_free(o);
}

static void gen_traverse(Obj *o, VisitFn visit, void *arg) {
  GenObj *g = (GenObj *)o;
  for (int i = 0; i < g->nlocals; i++)
    if (VAL_IS_OBJ(g->locals[i])) visit(g->locals[i].u.o, arg);
  for (int i = 0; i < g->nfree; i++)
    if (g->cells[i]) visit(g->cells[i], arg);
  for (int i = 0; i < g->ngen; i++)
    if (VAL_IS_OBJ(g->iters[i])) visit(g->iters[i].u.o, arg);
  if (g->mod) visit(&g->mod->ob, arg);
}

static void gen_clear(Obj *o) {
  GenObj *g = (GenObj *)o;
  for (int i = 0; i < g->nlocals; i++) val_clear(&g->locals[i]);
  for (int i = 0; i < g->nfree; i++) {
    Obj *c = g->cells[i];
    g->cells[i] = NULL;
    obj_xdecref(c);
  }
  for (int i = 0; i < g->ngen; i++) val_clear(&g->iters[i]);
  g->depth = -1;
  ModuleObj *m = g->mod;
  g->mod = NULL;
  if (m) obj_decref(&m->ob);
}

static Value gen_iter(Value v) { return val_incref(v); }

/* resume the loops until the next element: 1 with *out, 0 when done, -1 on error */
static int gen_step(GenObj *g, Frame *f, Value *out) {
  Node *n = g->node;
  while (g->depth >= 0) {
    if (obj_interrupted | obj_ts.gc_pending)
      if (eval_poll() < 0) return -1;
    int lvl = g->depth;
    Node *gn = n->u.comp.generators.items[lvl];
    Value x;
    int r = op_next(g->iters[lvl], &x);
    if (r < 0) { eval_locate(f, gn->u.comprehension.iter->span); return -1; }
    if (r == 0) {
      val_clear(&g->iters[lvl]);
      g->depth--;
      continue;
    }
    r = exec_assign(f, gn->u.comprehension.target, x);
    val_decref(x);
    if (r < 0) return -1;
    int ok = 1;
    for (int i = 0; i < gn->u.comprehension.ifs.len; i++) {
      Value t = eval_expr(f, gn->u.comprehension.ifs.items[i]);
      if (VAL_IS_NULL(t)) return -1;
      int b = t.tag == V_BOOL ? (int)t.u.i : op_truth(t);
      val_decref(t);
      if (b < 0) return -1;
      if (!b) { ok = 0; break; }
    }
    if (!ok) continue;
    if (lvl + 1 < g->ngen) {
      Node *g2 = n->u.comp.generators.items[lvl + 1];
      Value src = eval_expr(f, g2->u.comprehension.iter);
      if (VAL_IS_NULL(src)) return -1;
      Value it = op_iter(src);
      val_decref(src);
      if (VAL_IS_NULL(it)) { eval_locate(f, g2->u.comprehension.iter->span); return -1; }
      g->iters[lvl + 1] = it;
      g->depth = lvl + 1;
      continue;
    }
    *out = eval_expr(f, n->u.comp.elt);
    return VAL_IS_NULL(*out) ? -1 : 1;
  }
  return 0;
}

static int gen_next(Value v, Value *out) {
  GenObj *g = (GenObj *)v.u.o;
  if (g->depth < 0) return 0;
  if (g->running) {
    obj_raise(&exc_ValueError, "generator already executing");
    return -1;
  }
  if (obj_ts.depth >= obj_ts.limit) {
    obj_raise(&exc_RecursionError, "maximum recursion depth exceeded");
    return -1;
  }
  Frame fr = {.back = obj_ts.frame, .locals = g->locals, .cells = g->cells, .mod = g->mod,
              .scope = g->scope, .code = (CodeObj *)g->code, .name = str_intern(g->scope->name),
              .ret = val_null()};
  obj_ts.frame = &fr;
  obj_ts.depth++;
  g->running = 1;
  val_incref(v);   /* the loop body may drop the last outside reference */
  int r = gen_step(g, &fr, out);
  g->running = 0;
  obj_ts.depth--;
  obj_ts.frame = fr.back;
  if (r < 0) {
    obj_ts.located = 0;
    /* a generator that raised is finished */
    for (int i = 0; i < g->ngen; i++) val_clear(&g->iters[i]);
    g->depth = -1;
  }
  val_decref(v);
  return r;
}

static Value gen_repr(Value v) { return str_fmt("<generator object <genexpr> at %p>", (void *)v.u.o); }

TypeObj genexpr_type = {OBJ_TYPE_HEAD, .name = "generator", .flags = TF_GC,
                        .dealloc = gen_dealloc, .traverse = gen_traverse, .clear = gen_clear,
                        .iter = gen_iter, .next = gen_next, .repr = gen_repr};

/* f runs the enclosing scope; it1 is the first iterator (evaluated there, as Python does) */
Value genexpr_new(Frame *f, Node *n, Value it1) {
  Scope *sc = n->u.comp.scope_info;
  GenObj *g = obj_alloc(&genexpr_type, sizeof(GenObj));
  if (!g) { val_decref(it1); return val_null(); }
  Value gv = val_obj(&g->ob);
  g->node = n;
  g->scope = sc;
  g->code = &f->code->ob;
  obj_incref(g->code);
  g->mod = f->mod;
  obj_incref(&f->mod->ob);
  g->ngen = n->u.comp.generators.len;
  g->iters = obj_calloc((size_t)g->ngen, sizeof(Value));
  g->locals = obj_calloc((size_t)sc->nlocals + 1, sizeof(Value));
  if (!g->iters || !g->locals) { val_decref(it1); val_decref(gv); return val_null(); }
  g->iters[0] = it1;
  g->nlocals = sc->nlocals;
  for (int i = 0; i < sc->nlocals; i++)
    if (sc->is_cell[i]) {
      Obj *c = func_cell_new(val_null());
      if (!c) { val_decref(gv); return val_null(); }
      g->locals[i] = val_obj(c);
    }
  if (sc->nfree) {
    g->cells = call_build_cells(f, sc);
    if (!g->cells) { val_decref(gv); return val_null(); }
    g->nfree = sc->nfree;
  }
  g->depth = 0;
  return gv;
}
