/* genexpr.c - generator expressions: objects of gen.c's `generator` type that need no stack
 * of their own, since the nested loops of `(elt for x in a if c for y in b)` are stepped in place.
 * So any(...)/next(...)/sum(...) over huge ranges run in constant memory and stop early. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eval.h"

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

void genexpr_finish(GenObj *g) {
  for (int i = 0; i < g->ngen; i++) val_clear(&g->iters[i]);
  g->depth = -1;
  g->state = GEN_DONE;
}

/* the next element (1), the end (0) or an error (-1); thrown: raise what is pending at the
 * point where it stopped, as a `yield` there would */
int genexpr_resume(GenObj *g, int thrown, Value *out) {
  if (thrown) {
    if (g->state == GEN_SUSPENDED) {
      obj_ts.located = 0;
      exc_add_tb_frame(obj_ts.exc, &g->fr, g->node->u.comp.elt->span, 0, 0, 0);
    }
    genexpr_finish(g);
    return -1;
  }
  if (g->depth < 0) { g->state = GEN_DONE; *out = val_none(); return 0; }
  if (obj_ts.depth >= obj_ts.limit) {
    obj_raise(&exc_RecursionError, "maximum recursion depth exceeded");
    return -1;
  }
  g->fr.back = obj_ts.frame;
  obj_ts.frame = &g->fr;
  obj_ts.depth++;
  g->state = GEN_RUNNING;
  obj_incref(&g->ob);   /* the loop body may drop the last outside reference */
  int r = gen_step(g, &g->fr, out);
  obj_ts.depth--;
  obj_ts.frame = g->fr.back;
  g->state = GEN_SUSPENDED;
  if (r < 0) obj_ts.located = 0;
  if (r <= 0) genexpr_finish(g);   /* a generator that raised or ended is finished */
  if (r == 0) *out = val_none();
  obj_decref(&g->ob);
  return r;
}

/* f runs the enclosing scope; it1 is the first iterator (evaluated there, as Python does) */
Value genexpr_new(Frame *f, Node *n, Value it1) {
  Scope *sc = n->u.comp.scope_info;
  GenObj *g = obj_alloc(&gen_type, sizeof(GenObj));
  if (!g) { val_decref(it1); return val_null(); }
  Value gv = val_obj(&g->ob);
  g->is_expr = 1;
  g->state = GEN_CREATED;
  g->xfer = g->handling = g->yf = val_null();
  g->node = n;
  g->code = &f->code->ob;
  obj_incref(g->code);
  g->mod = f->mod;
  obj_incref(&f->mod->ob);
  g->name = str_intern(sc->name);
  g->qualname = str_from_cstr(sc->qualname ? sc->qualname : sc->name).u.o;
  if (!g->qualname) { val_decref(it1); val_decref(gv); return val_null(); }
  obj_incref(g->name);
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
  Frame fr = {.locals = g->locals, .cells = g->cells, .mod = g->mod, .scope = sc,
              .code = (CodeObj *)g->code, .name = g->name, .ret = val_null()};
  g->fr = fr;
  return gv;
}
