/* flow.c - structured control flow: lax.cond / switch / while_loop / fori_loop / scan / map
 * stage their bodies as sub-graphs of the cond, while and scan primitives; this file also holds
 * those primitives' rules for every transformation (jvp, vjp, vmap), the sub-graph transforms
 * they use, and jax.debug.print / jax.debug.callback (the debug_callback primitive). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "transform.h"

static Value as_array(Value v) {
  if (lx_is_arraylike(v)) return val_incref(v);
  if (v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL) return lx_asarray(v, FAM_JAX, -1, 0);
  if (lx_family(v) == FAM_NP) return lx_asarray(v, FAM_JAX, -1, 0);
  return obj_raise(&exc_TypeError, "Value %s of type %s is not a valid JAX type",
                   "passed to a control-flow function", op_type_name(v));
}

/* {=== tracing user functions into sub-graphs ===} */
typedef struct Traced {
  IrGraph *g;         /* inputs: captured values, then the declared leaves */
  Value *caps;
  int ncap;
  TreeDef *out_tree;
} Traced;

static void traced_free(Traced *t) {
  ir_release(t->g);
  for (int i = 0; i < t->ncap; i++) val_decref(t->caps[i]);
  free(t->caps);
  tree_free(t->out_tree);
  memset(t, 0, sizeof *t);
}

/* Flatten a pytree of operands into arrays (new refs in *arrs) and avals. */
static int flatten_operands(Value tree, TreeDef **td, Value **arrs, AVal **avals, int *n) {
  Value leaves = list_new(0);
  if (VAL_IS_NULL(leaves)) return -1;
  *td = tree_flatten(tree, leaves, 0);
  if (!*td) { val_decref(leaves); return -1; }
  *n = (int)LIST(leaves.u.o)->len;
  *arrs = calloc((size_t)*n + 1, sizeof(Value));
  *avals = calloc((size_t)*n + 1, sizeof(AVal));
  if (!*arrs || !*avals) { val_decref(leaves); obj_raise_nomem(); return -1; }
  for (int i = 0; i < *n; i++) {
    (*arrs)[i] = as_array(LIST(leaves.u.o)->items[i]);
    if (VAL_IS_NULL((*arrs)[i]) || lx_aval((*arrs)[i], &(*avals)[i]) < 0) { val_decref(leaves); return -1; }
  }
  val_decref(leaves);
  return 0;
}

/* Call f on abstract leaves (unflattened with in_tree; `spread`: the tree is a tuple of
 * positional arguments) and stage what it computes. */
static int trace_fun(Value f, const char *what, TreeDef *in_tree, int n, const AVal *avals,
                     int spread, Traced *out) {
  memset(out, 0, sizeof *out);
  StageTrace *s = jit_stage_new(what, f, what, 0);
  if (!s) return -1;
  Value *tin = calloc((size_t)n + 1, sizeof(Value));
  Value leaves = list_new(0), args = val_null(), res = val_null();
  int rc = -1;
  if (!tin || VAL_IS_NULL(leaves)) { obj_raise_nomem(); jit_stage_abort(s); goto done; }
  for (int i = 0; i < n; i++) {
    tin[i] = jit_stage_input(s, &avals[i], NULL);
    if (VAL_IS_NULL(tin[i])) { jit_stage_abort(s); goto done; }
  }
  args = tree_unflatten(in_tree, tin, n);
  if (VAL_IS_NULL(args)) { jit_stage_abort(s); goto done; }
  {
    Interp *prev = tr_enter(&jit_stage_trace(s)->it);
    if (spread) res = op_call(f, (int)TUPLE(args.u.o)->len, TUPLE(args.u.o)->items, NULL);
    else res = op_call1(f, args);
    tr_leave(prev);
  }
  if (VAL_IS_NULL(res)) { jit_stage_abort(s); goto done; }
  {
    char who[96];
    snprintf(who, sizeof who, "%s: the function", what);
    out->out_tree = jit_stage_outputs(res, who, leaves);
  }
  if (!out->out_tree) { jit_stage_abort(s); goto done; }
  out->g = jit_stage_finish(s, (int)LIST(leaves.u.o)->len, LIST(leaves.u.o)->items, &out->caps, &out->ncap);
  if (!out->g) goto done;
  if (ir_optimize(out->g) < 0) { tr_engine_err(); goto done; }
  rc = 0;
done:
  if (tin) t_clear(tin, n);
  free(tin);
  val_decref(leaves);
  val_decref(args);
  val_decref(res);
  if (rc < 0) traced_free(out);
  return rc;
}

/* Make every branch take the union of all branches' captured values as its first inputs. */
static int unify_caps(int nb, Traced *t, Value **all_out, int *nall_out) {
  int nall = 0, cap = 0;
  Value *all = NULL;
  for (int b = 0; b < nb; b++)
    for (int i = 0; i < t[b].ncap; i++) {
      int found = 0;
      for (int k = 0; k < nall; k++) if (op_is(all[k], t[b].caps[i])) found = 1;
      if (found) continue;
      if (nall == cap) {
        cap = cap ? cap * 2 : 8;
        Value *na = realloc(all, sizeof(Value) * (size_t)cap);
        if (!na) { free(all); obj_raise_nomem(); return -1; }
        all = na;
      }
      all[nall++] = val_incref(t[b].caps[i]);
    }
  for (int b = 0; b < nb; b++) {
    IrGraph *g = t[b].g;
    int ndecl = g->nin - t[b].ncap;
    int *in = malloc(sizeof(int) * (size_t)(nall + ndecl + 1));
    if (!in) { obj_raise_nomem(); goto fail; }
    for (int k = 0; k < nall; k++) {
      int v = -1;
      for (int i = 0; i < t[b].ncap; i++) if (op_is(all[k], t[b].caps[i])) v = g->in[i];
      if (v < 0) {
        AVal av;
        if (lx_aval(all[k], &av) < 0) { free(in); goto fail; }
        v = ir_add_input(g, &av);
        if (v < 0) { free(in); tr_engine_err(); goto fail; }
      }
      in[k] = v;
    }
    for (int i = 0; i < ndecl; i++) in[nall + i] = g->in[t[b].ncap + i];
    free(g->in);
    g->in = in;
    g->nin = nall + ndecl;
    g->capin = g->nin + 1;
  }
  *all_out = all;
  *nall_out = nall;
  return 0;
fail:
  for (int k = 0; k < nall; k++) val_decref(all[k]);
  free(all);
  return -1;
}

static Value aval_repr(const AVal *av) {
  char s[200];
  ir_aval_str(av, s, sizeof s);
  return str_fmt("%s", s);
}

/* Compare the output types of sub-graphs (cond branches, loop bodies). */
static int check_same_outputs(const char *what, const IrGraph *a, const IrGraph *b, int off_a,
                              int off_b, int n) {
  for (int i = 0; i < n; i++) {
    const AVal *x = &a->avals[a->out[off_a + i]], *y = &b->avals[b->out[off_b + i]];
    int same = x->dtype == y->dtype && x->ndim == y->ndim &&
               !ir_memcmp(x->shape, y->shape, sizeof(int64_t) * (size_t)x->ndim);
    if (!same) {
      Value r1 = aval_repr(x), r2 = aval_repr(y);
      obj_raise(&exc_TypeError, "%s: output %d has type %s in one and %s in the other; they "
                "must have identical shapes and dtypes", what, i,
                VAL_IS_NULL(r1) ? "?" : str_cstr(r1), VAL_IS_NULL(r2) ? "?" : str_cstr(r2));
      val_decref(r1);
      val_decref(r2);
      return -1;
    }
  }
  return 0;
}

/* {=== lax.cond / lax.switch ===} */
static Value cond_impl(Value index, int nb, const Value *branches, int nops, const Value *ops,
                       const char *what) {
  Value optree = tuple_from(nops, ops);
  if (VAL_IS_NULL(optree)) return optree;
  TreeDef *td = NULL;
  Value *arrs = NULL, *all = NULL, *outs = NULL, *in = NULL, r = val_null();
  AVal *avals = NULL;
  int n = 0, nall = 0, nout = 0;
  Traced t[PCOND_MAX];
  memset(t, 0, sizeof t);
  if (flatten_operands(optree, &td, &arrs, &avals, &n) < 0) goto done;
  for (int b = 0; b < nb; b++)
    if (trace_fun(branches[b], what, td, n, avals, 1, &t[b]) < 0) goto done;
  for (int b = 1; b < nb; b++) {
    if (!tree_equal(t[0].out_tree, t[b].out_tree)) {
      Value r0 = tree_repr(t[0].out_tree), r1 = tree_repr(t[b].out_tree);
      obj_raise(&exc_TypeError, "%s: branch outputs must have the same pytree structure, got %s "
                "and %s", what, VAL_IS_NULL(r0) ? "?" : str_cstr(r0),
                VAL_IS_NULL(r1) ? "?" : str_cstr(r1));
      val_decref(r0);
      val_decref(r1);
      goto done;
    }
    if (check_same_outputs(nb == 2 ? "true_fun and false_fun" : "switch branches", t[0].g,
                           t[b].g, 0, 0, t[0].g->nout) < 0)
      goto done;
  }
  if (unify_caps(nb, t, &all, &nall) < 0) goto done;
  {
    PCond pc;
    memset(&pc, 0, sizeof pc);
    pc.nbranches = nb;
    for (int b = 0; b < nb; b++) pc.branches[b] = t[b].g;
    nout = t[0].g->nout;
    in = calloc((size_t)(1 + nall + n), sizeof(Value));
    outs = calloc((size_t)nout + 1, sizeof(Value));
    if (!in || !outs) { obj_raise_nomem(); goto done; }
    in[0] = index;
    for (int k = 0; k < nall; k++) in[1 + k] = all[k];
    for (int i = 0; i < n; i++) in[1 + nall + i] = arrs[i];
    if (tr_bind(PRIM_cond, 1 + nall + n, in, &pc, outs) < 0) goto done;
    r = tree_unflatten(t[0].out_tree, outs, nout);
    t_clear(outs, nout);
  }
done:
  val_decref(optree);
  tree_free(td);
  if (arrs) t_clear(arrs, n);
  free(arrs);
  free(avals);
  for (int b = 0; b < nb; b++) traced_free(&t[b]);
  if (all) t_clear(all, nall);
  free(all);
  free(in);
  free(outs);
  return r;
}

/* the predicate of cond as a boolean scalar */
static Value cond_pred(Value pred) {
  Value p = as_array(pred);
  if (VAL_IS_NULL(p)) return p;
  AVal av;
  if (lx_aval(p, &av) < 0) { val_decref(p); return val_null(); }
  if (av.ndim != 0) {
    char s[200];
    ir_aval_str(&av, s, sizeof s);
    val_decref(p);
    return obj_raise(&exc_TypeError, "Pred must be a scalar, got %s.", s);
  }
  if (av.dtype == DT_BOOL) return p;
  Value z = t_scalar(av.dtype, 0, 0);
  Value b = VAL_IS_NULL(z) ? z : t_binary(PRIM_ne, p, z);
  val_decref(z);
  val_decref(p);
  return b;
}

static Value lax_cond(int argc, const Value *argv, Obj *kw) {
  int nkw = func_kwcount(kw);
  if (nkw) {
    for (int i = 0; i < nkw; i++)
      if (strcmp(func_kwname(kw, i), "operand"))
        return obj_raise(&exc_TypeError, "cond() got an unexpected keyword argument '%s'", func_kwname(kw, i));
  }
  if (argc < 3) return obj_raise(&exc_TypeError, "cond() missing required arguments: expected cond(pred, true_fun, false_fun, *operands)");
  for (int i = 1; i < 3; i++)
    if (!op_callable(argv[i]))
      return obj_raise(&exc_TypeError, "cond: %s must be callable, got %s", i == 1 ? "true_fun" : "false_fun", op_type_name(argv[i]));
  Value p = cond_pred(argv[0]);
  if (VAL_IS_NULL(p)) return p;
  Value br[2] = {argv[2], argv[1]};   /* index 0 = False */
  int nops = argc - 3 + nkw;
  Value *ops = calloc((size_t)nops + 1, sizeof(Value));
  if (!ops) { val_decref(p); return obj_raise_nomem(); }
  for (int i = 0; i < argc - 3; i++) ops[i] = argv[3 + i];
  for (int i = 0; i < nkw; i++) ops[argc - 3 + i] = argv[argc + i];
  Value r = cond_impl(p, 2, br, nops, ops, "cond");
  free(ops);
  val_decref(p);
  return r;
}

static Value lax_switch(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("switch", argc, kw, 2, 1 << 20) < 0) return val_null();
  Value bl = list_from_iterable(argv[1]);
  if (VAL_IS_NULL(bl)) return bl;
  int nb = (int)LIST(bl.u.o)->len;
  if (nb < 1 || nb > PCOND_MAX) {
    val_decref(bl);
    return obj_raise(&exc_ValueError, "switch: between 1 and %d branches are supported, got %d", PCOND_MAX, nb);
  }
  Value idx = as_array(argv[0]);
  Value r = val_null();
  if (!VAL_IS_NULL(idx)) {
    AVal av;
    if (lx_aval(idx, &av) == 0) {
      if (av.ndim != 0 || !(dt_is_int(av.dtype) || av.dtype == DT_BOOL)) {
        char s[200];
        ir_aval_str(&av, s, sizeof s);
        obj_raise(&exc_TypeError, "switch: index must be a scalar integer, got %s", s);
      } else {
        Value i32 = t_convert(idx, DT_INT32, 0);
        Value lo = t_scalar(DT_INT32, 0, 0), hi = t_scalar(DT_INT32, nb - 1, 0);
        Value c1 = (VAL_IS_NULL(i32) || VAL_IS_NULL(lo)) ? val_null() : t_binary(PRIM_max, i32, lo);
        Value c2 = (VAL_IS_NULL(c1) || VAL_IS_NULL(hi)) ? val_null() : t_binary(PRIM_min, c1, hi);
        if (!VAL_IS_NULL(c2)) r = cond_impl(c2, nb, LIST(bl.u.o)->items, argc - 2, argv + 2, "switch");
        val_decref(i32); val_decref(lo); val_decref(hi); val_decref(c1); val_decref(c2);
      }
    }
    val_decref(idx);
  }
  val_decref(bl);
  return r;
}

/* {=== lax.while_loop ===} */
static Value while_impl(Value cond_fun, Value body_fun, Value init) {
  TreeDef *td = NULL;
  Value *arrs = NULL, *in = NULL, *outs = NULL, r = val_null();
  AVal *avals = NULL;
  int n = 0;
  Traced tc, tb;
  memset(&tc, 0, sizeof tc);
  memset(&tb, 0, sizeof tb);
  if (flatten_operands(init, &td, &arrs, &avals, &n) < 0) goto done;
  if (trace_fun(cond_fun, "while_loop", td, n, avals, 0, &tc) < 0) goto done;
  if (tc.g->nout != 1 || tc.g->avals[tc.g->out[0]].dtype != DT_BOOL || tc.g->avals[tc.g->out[0]].ndim != 0) {
    Value rr = tc.g->nout ? aval_repr(&tc.g->avals[tc.g->out[0]]) : str_from_cstr("nothing");
    obj_raise(&exc_TypeError, "cond_fun must return a boolean scalar, but got output type(s) [%s].",
              VAL_IS_NULL(rr) ? "?" : str_cstr(rr));
    val_decref(rr);
    goto done;
  }
  if (trace_fun(body_fun, "while_loop", td, n, avals, 0, &tb) < 0) goto done;
  if (!tree_equal(tb.out_tree, td)) {
    Value r0 = tree_repr(td), r1 = tree_repr(tb.out_tree);
    obj_raise(&exc_TypeError, "body_fun output and input must have identical types: the carry "
              "structure is %s but body_fun returned %s", VAL_IS_NULL(r0) ? "?" : str_cstr(r0),
              VAL_IS_NULL(r1) ? "?" : str_cstr(r1));
    val_decref(r0);
    val_decref(r1);
    goto done;
  }
  for (int i = 0; i < n; i++) {
    const AVal *o = &tb.g->avals[tb.g->out[i]];
    if (o->dtype != avals[i].dtype || o->ndim != avals[i].ndim ||
        ir_memcmp(o->shape, avals[i].shape, sizeof(int64_t) * (size_t)o->ndim)) {
      Value r0 = aval_repr(&avals[i]), r1 = aval_repr(o);
      obj_raise(&exc_TypeError, "body_fun output and input must have identical types: carry "
                "component %d has type %s in init_val but %s in the output of body_fun", i,
                VAL_IS_NULL(r0) ? "?" : str_cstr(r0), VAL_IS_NULL(r1) ? "?" : str_cstr(r1));
      val_decref(r0);
      val_decref(r1);
      goto done;
    }
  }
  {
    PWhile pw;
    memset(&pw, 0, sizeof pw);
    pw.cond_nconsts = tc.ncap;
    pw.body_nconsts = tb.ncap;
    pw.cond = tc.g;
    pw.body = tb.g;
    int nin = tc.ncap + tb.ncap + n;
    in = calloc((size_t)nin + 1, sizeof(Value));
    outs = calloc((size_t)n + 1, sizeof(Value));
    if (!in || !outs) { obj_raise_nomem(); goto done; }
    for (int i = 0; i < tc.ncap; i++) in[i] = tc.caps[i];
    for (int i = 0; i < tb.ncap; i++) in[tc.ncap + i] = tb.caps[i];
    for (int i = 0; i < n; i++) in[tc.ncap + tb.ncap + i] = arrs[i];
    if (tr_bind(PRIM_while, nin, in, &pw, outs) < 0) goto done;
    r = tree_unflatten(td, outs, n);
    t_clear(outs, n);
  }
done:
  tree_free(td);
  if (arrs) t_clear(arrs, n);
  free(arrs);
  free(avals);
  traced_free(&tc);
  traced_free(&tb);
  free(in);
  free(outs);
  return r;
}

static Value lax_while_loop(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("while_loop", argc, argv, kw, "cond_fun,body_fun,init_val", a) < 0) return val_null();
  return while_impl(a[0], a[1], a[2]);
}

/* {=== lax.scan ===} */
/* The scan length: the leading axis every leaf of xs shares, agreeing with the `length`
 * argument when there is one. */
static int scan_length(const AVal *xav, int nx, int has_length, int64_t *length) {
  for (int i = 0; i < nx; i++) {
    if (xav[i].ndim == 0) {
      obj_raise(&exc_ValueError, "scan got value with no leading axis to scan over: %s",
                "a scalar was passed in xs");
      return -1;
    }
    if (!has_length) { *length = xav[i].shape[0]; has_length = 1; }
    else if (xav[i].shape[0] != *length) {
      obj_raise(&exc_ValueError, "scan got `length` argument of %lld which disagrees with leading "
                "axis sizes [%lld].", (long long)*length, (long long)xav[i].shape[0]);
      return -1;
    }
  }
  if (!has_length) {
    obj_raise(&exc_ValueError, "scan got no values to scan over and `length` not provided.");
    return -1;
  }
  if (*length < 0) { obj_raise(&exc_ValueError, "scan: length must be non-negative"); return -1; }
  return 0;
}

/* the avals the body is traced on: the carry's, then one slice of each leaf of xs */
static AVal *scan_body_avals(const AVal *cav, int nc, const AVal *xav, int nx) {
  AVal *bav = calloc((size_t)(nc + nx) + 1, sizeof(AVal));
  if (!bav) { obj_raise_nomem(); return NULL; }
  ir_memcpy(bav, cav, sizeof(AVal) * (size_t)nc);
  for (int i = 0; i < nx; i++) {
    bav[nc + i] = xav[i];
    bav[nc + i].ndim--;
    ir_memmove(bav[nc + i].shape, xav[i].shape + 1, sizeof(int64_t) * (size_t)bav[nc + i].ndim);
  }
  return bav;
}

/* the body sees (carry, x): the (init, xs) structure its inputs are unflattened to */
static TreeDef *scan_body_tree(Value init, Value xs) {
  Value placeholder = tuple_pack(2, init, xs);
  Value leaves = list_new(0);
  if (VAL_IS_NULL(placeholder) || VAL_IS_NULL(leaves)) {
    val_decref(placeholder);
    val_decref(leaves);
    return NULL;
  }
  TreeDef *td = tree_flatten(placeholder, leaves, 0);
  val_decref(placeholder);
  val_decref(leaves);
  return td;
}

/* The traced body's output must be (carry, y) with the carry of init's structure (ctd) and
 * types (cav): *oc_out and *oy_out get the trees of the two parts. */
static int scan_out_trees(const Traced *tb, const TreeDef *ctd, const AVal *cav, int nc,
                          TreeDef **oc_out, TreeDef **oy_out) {
  int64_t nout = tb->g->nout;
  Value dummy = list_new(nout);       /* placeholder leaves (not None: None is a node) */
  if (VAL_IS_NULL(dummy)) return -1;
  for (int64_t i = 0; i < nout; i++) LIST(dummy.u.o)->items[i] = val_int(i);
  Value st = tree_unflatten(tb->out_tree, LIST(dummy.u.o)->items, nout);
  val_decref(dummy);
  if (VAL_IS_NULL(st)) return -1;
  int ok = VAL_IS_TUPLE(st) && TUPLE(st.u.o)->len == 2;
  if (!ok) {
    val_decref(st);
    obj_raise(&exc_TypeError, "scan body output must be a pair (carry, y), got %s",
              "another structure");
    return -1;
  }
  Value leaves = list_new(0);
  TreeDef *oc = VAL_IS_NULL(leaves) ? NULL : tree_flatten(TUPLE(st.u.o)->items[0], leaves, 0);
  TreeDef *oy = NULL;
  if (oc) {
    Value l2 = list_new(0);
    oy = VAL_IS_NULL(l2) ? NULL : tree_flatten(TUPLE(st.u.o)->items[1], l2, 0);
    val_decref(l2);
  }
  val_decref(leaves);
  val_decref(st);
  if (!oc || !oy) { tree_free(oc); tree_free(oy); return -1; }
  if (!tree_equal(oc, ctd)) {
    Value r0 = tree_repr(ctd), r1 = tree_repr(oc);
    obj_raise(&exc_TypeError, "scan body function carry input and carry output must have the "
              "same pytree structure, but they differ: the input carry is %s and the output "
              "carry is %s", VAL_IS_NULL(r0) ? "?" : str_cstr(r0), VAL_IS_NULL(r1) ? "?" : str_cstr(r1));
    val_decref(r0); val_decref(r1);
    tree_free(oc); tree_free(oy);
    return -1;
  }
  for (int i = 0; i < nc; i++) {
    const AVal *o = &tb->g->avals[tb->g->out[i]];
    if (o->dtype != cav[i].dtype || o->ndim != cav[i].ndim ||
        ir_memcmp(o->shape, cav[i].shape, sizeof(int64_t) * (size_t)o->ndim)) {
      Value r0 = aval_repr(&cav[i]), r1 = aval_repr(o);
      obj_raise(&exc_TypeError, "scan body function carry input and carry output must have "
                "equal types (e.g. shapes and dtypes of arrays), but they differ:\n  * the input "
                "carry component %d has type %s but the corresponding output carry component has "
                "type %s, so the %s do not match", i, VAL_IS_NULL(r0) ? "?" : str_cstr(r0),
                VAL_IS_NULL(r1) ? "?" : str_cstr(r1), o->dtype != cav[i].dtype ? "dtypes" : "shapes");
      val_decref(r0); val_decref(r1);
      tree_free(oc); tree_free(oy);
      return -1;
    }
  }
  *oc_out = oc;
  *oy_out = oy;
  return 0;
}

static Value scan_impl(Value f, Value init, Value xs, int64_t length, int has_length, int reverse,
                       int unroll) {
  TreeDef *ctd = NULL, *xtd = NULL, *bodytd = NULL, *oc = NULL, *oy = NULL;
  Value *carr = NULL, *xarr = NULL, *in = NULL, *outs = NULL, r = val_null();
  AVal *cav = NULL, *xav = NULL, *bav = NULL;
  int nc = 0, nx = 0;
  Traced tb;
  memset(&tb, 0, sizeof tb);
  if (flatten_operands(init, &ctd, &carr, &cav, &nc) < 0) goto done;
  if (flatten_operands(xs, &xtd, &xarr, &xav, &nx) < 0) goto done;
  if (scan_length(xav, nx, has_length, &length) < 0) goto done;
  bav = scan_body_avals(cav, nc, xav, nx);
  if (!bav) goto done;
  bodytd = scan_body_tree(init, xs);
  if (!bodytd) goto done;
  if (trace_fun(f, "scan", bodytd, nc + nx, bav, 1, &tb) < 0) goto done;
  if (scan_out_trees(&tb, ctd, cav, nc, &oc, &oy) < 0) goto done;
  {
    int64_t nout = tb.g->nout;
    PScan ps;
    memset(&ps, 0, sizeof ps);
    ps.length = length;
    ps.reverse = reverse;
    ps.unroll = unroll;
    ps.nconsts = tb.ncap;
    ps.ncarry = nc;
    ps.body = tb.g;
    int nin = tb.ncap + nc + nx;
    in = calloc((size_t)nin + 1, sizeof(Value));
    outs = calloc((size_t)nout + 1, sizeof(Value));
    if (!in || !outs) { obj_raise_nomem(); goto done; }
    for (int i = 0; i < tb.ncap; i++) in[i] = tb.caps[i];
    for (int i = 0; i < nc; i++) in[tb.ncap + i] = carr[i];
    for (int i = 0; i < nx; i++) in[tb.ncap + nc + i] = xarr[i];
    if (tr_bind(PRIM_scan, nin, in, &ps, outs) < 0) goto done;
    Value c = tree_unflatten(oc, outs, nc);
    Value y = tree_unflatten(oy, outs + nc, (int)tree_nleaves(oy));
    t_clear(outs, (int)nout);
    if (!VAL_IS_NULL(c) && !VAL_IS_NULL(y)) r = tuple_pack(2, c, y);
    val_decref(c);
    val_decref(y);
  }
done:
  tree_free(ctd);
  tree_free(xtd);
  tree_free(bodytd);
  tree_free(oc);
  tree_free(oy);
  if (carr) t_clear(carr, nc);
  if (xarr) t_clear(xarr, nx);
  free(carr); free(xarr); free(cav); free(xav); free(bav);
  traced_free(&tb);
  free(in);
  free(outs);
  return r;
}

static Value lax_scan(int argc, const Value *argv, Obj *kw) {
  Value a[6];
  if (func_parse_args("scan", argc, argv, kw, "f,init|xs,length,reverse,unroll", a) < 0) return val_null();
  int64_t length = 0;
  int has_length = 0, reverse = 0, unroll = 1;
  if (!VAL_IS_NULL(a[3]) && !VAL_IS_NONE(a[3])) {
    if (op_as_int(a[3], &length) < 0) return val_null();
    has_length = 1;
  }
  if (!VAL_IS_NULL(a[4])) { int t = op_truth(a[4]); if (t < 0) return val_null(); reverse = t; }
  if (!VAL_IS_NULL(a[5])) {
    int64_t u;
    if (VAL_IS_BOOL(a[5])) u = a[5].u.i ? -1 : 1;
    else if (op_as_int(a[5], &u) < 0) return val_null();
    unroll = (int)u;
  }
  return scan_impl(a[0], a[1], VAL_IS_NULL(a[2]) ? val_none() : a[2], length, has_length, reverse, unroll);
}

/* lax.map(f, xs): a scan without carry */
static Value map_body(void *ctx, int argc, const Value *argv, Obj *kw) {
  Value f = *(Value *)ctx;
  Value y = op_call1(f, argv[1]);
  if (VAL_IS_NULL(y)) return y;
  Value c = tuple_new(0);
  Value r = tuple_pack(2, c, y);
  val_decref(c);
  val_decref(y);
  return r;
}
static void free_valbox(void *p) { val_decref(*(Value *)p); free(p); }

static Value lax_map(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("map", argc, argv, kw, "f,xs", a) < 0) return val_null();
  Value *box = malloc(sizeof(Value));
  if (!box) return obj_raise_nomem();
  *box = val_incref(a[0]);
  Value body = tr_closure_new("map_body", map_body, box, free_valbox);
  if (VAL_IS_NULL(body)) return body;
  Value init = tuple_new(0);
  Value r = scan_impl(body, init, a[1], 0, 0, 0, 1);
  val_decref(init);
  val_decref(body);
  if (VAL_IS_NULL(r)) return r;
  Value ys = val_incref(TUPLE(r.u.o)->items[1]);
  val_decref(r);
  return ys;
}

/* lax.fori_loop: a scan when the trip count is known (differentiable), else a while loop */
typedef struct ForiCtx { Value body; Value upper; } ForiCtx;
static void fori_free(void *p) {
  ForiCtx *c = p;
  val_decref(c->body);
  val_decref(c->upper);
  free(c);
}
static Value fori_scan_body(void *ctx, int argc, const Value *argv, Obj *kw) {
  ForiCtx *c = ctx;
  Value carry = argv[0];
  Value i = TUPLE(carry.u.o)->items[0], x = TUPLE(carry.u.o)->items[1];
  Value nx = op_call2(c->body, i, x);
  if (VAL_IS_NULL(nx)) return nx;
  Value one = val_int(1);
  Value ni = op_binop(OP_ADD, i, one);
  if (VAL_IS_NULL(ni)) { val_decref(nx); return ni; }
  Value nc = tuple_pack(2, ni, nx);
  val_decref(ni);
  val_decref(nx);
  if (VAL_IS_NULL(nc)) return nc;
  Value r = tuple_pack(2, nc, val_none());
  val_decref(nc);
  return r;
}
static Value fori_while_cond(void *ctx, int argc, const Value *argv, Obj *kw) {
  Value carry = argv[0];
  return op_compare(TUPLE(carry.u.o)->items[0], TUPLE(carry.u.o)->items[1], CMP_LT);
}
static Value fori_while_body(void *ctx, int argc, const Value *argv, Obj *kw) {
  ForiCtx *c = ctx;
  Value carry = argv[0];
  Value i = TUPLE(carry.u.o)->items[0], up = TUPLE(carry.u.o)->items[1], x = TUPLE(carry.u.o)->items[2];
  Value nx = op_call2(c->body, i, x);
  if (VAL_IS_NULL(nx)) return nx;
  Value ni = op_binop(OP_ADD, i, val_int(1));
  if (VAL_IS_NULL(ni)) { val_decref(nx); return ni; }
  Value r = tuple_pack(3, ni, up, nx);
  val_decref(ni);
  val_decref(nx);
  return r;
}

static int concrete_int(Value v, int64_t *out) {
  if (VAL_IS_INTLIKE(v)) { *out = v.u.i; return 1; }
  if (lx_is_arr(v)) {
    Array *a = lx_arr(v);
    if (a->ndim == 0 && (dt_is_int(a->dtype))) { *out = arr_get_i(a, 0); return 1; }
  }
  return 0;
}

static Value lax_fori_loop(int argc, const Value *argv, Obj *kw) {
  Value a[5];
  if (func_parse_args("fori_loop", argc, argv, kw, "lower,upper,body_fun,init_val|unroll", a) < 0) return val_null();
  if (a[1].tag == V_INT) {
    /* a Python int bound must fit the counter's dtype (OverflowError, as JAX), not run a loop
     * of 2**63 steps */
    Value u = as_array(a[1]);
    if (VAL_IS_NULL(u)) return u;
    val_decref(u);
  }
  int64_t lo, hi;
  ForiCtx *c = calloc(1, sizeof *c);
  if (!c) return obj_raise_nomem();
  c->body = val_incref(a[2]);
  c->upper = val_incref(a[1]);
  Value r = val_null();
  /* the counter's dtype: that of the bounds (int32 for Python ints) */
  Value lower = as_array(a[0]);
  if (VAL_IS_NULL(lower)) { fori_free(c); return lower; }
  if (concrete_int(a[0], &lo) && concrete_int(a[1], &hi)) {
    Value body = tr_closure_new("fori_body", fori_scan_body, c, fori_free);
    if (VAL_IS_NULL(body)) { val_decref(lower); return body; }
    Value init = tuple_pack(2, lower, a[3]);
    Value s = VAL_IS_NULL(init) ? init : scan_impl(body, init, val_none(), hi > lo ? hi - lo : 0, 1, 0, 1);
    val_decref(init);
    val_decref(body);
    if (!VAL_IS_NULL(s)) r = val_incref(TUPLE(TUPLE(s.u.o)->items[0].u.o)->items[1]);
    val_decref(s);
  } else {
    Value upper = as_array(a[1]);
    Value cnd = tr_closure_new("fori_cond", fori_while_cond, NULL, NULL);
    Value body = tr_closure_new("fori_body", fori_while_body, c, fori_free);
    Value lu[2] = {lower, upper}, pl[2] = {val_null(), val_null()};
    if (!VAL_IS_NULL(upper) && lx_promote(FAM_JAX, 2, lu, pl) >= 0) {
      Value init = tuple_pack(3, pl[0], pl[1], a[3]);
      Value w = (VAL_IS_NULL(init) || VAL_IS_NULL(cnd) || VAL_IS_NULL(body)) ? val_null() : while_impl(cnd, body, init);
      val_decref(init);
      if (!VAL_IS_NULL(w)) r = val_incref(TUPLE(w.u.o)->items[2]);
      val_decref(w);
      val_decref(pl[0]);
      val_decref(pl[1]);
    } else if (VAL_IS_NULL(body)) {
      c = NULL;
    }
    val_decref(upper);
    val_decref(cnd);
    val_decref(body);
  }
  val_decref(lower);
  return r;
}

/* {=== jax.debug.print / jax.debug.callback ===} */
typedef struct HostCb { Value fmt; Value fn; TreeDef *tree; int ordered; } HostCb;
static HostCb *host_cbs;
static int n_host_cbs, cap_host_cbs;

static int call_host_cb(HostCb *h, int n, const Value *vals) {
  Value tree = tree_unflatten(h->tree, vals, n);
  if (VAL_IS_NULL(tree)) return -1;
  Value args = TUPLE(tree.u.o)->items[0], kwd = TUPLE(tree.u.o)->items[1];
  int64_t na = TUPLE(args.u.o)->len, nk = dict_len(kwd);
  Value *argv = calloc((size_t)(na + nk) + 1, sizeof(Value));
  Value names = nk ? tuple_new(nk) : val_null();
  int rc = -1;
  if (argv) {
    ir_memcpy(argv, TUPLE(args.u.o)->items, sizeof(Value) * (size_t)na);
    int64_t it = 0, i = 0;
    Value k, v;
    while (nk && dict_next(kwd, &it, &k, &v)) { TUPLE_SET(names, i, val_incref(k)); argv[na + i++] = v; }
    Value r;
    if (!VAL_IS_NULL(h->fmt)) {
      r = strfmt_format(h->fmt, (int)na, argv, nk ? names.u.o : NULL);
      if (!VAL_IS_NULL(r)) {
        obj_write(1, str_cstr(r), STR(r.u.o)->len);
        obj_write(1, "\n", 1);
      }
    } else {
      r = op_call(h->fn, (int)na, argv, nk ? names.u.o : NULL);
    }
    if (!VAL_IS_NULL(r)) rc = 0;
    val_decref(r);
  } else {
    obj_raise_nomem();
  }
  free(argv);
  val_decref(names);
  val_decref(tree);
  return rc;
}

/* the engine runs a staged debug_callback: hand the arrays to the language */
static int host_callback(int id, int n, Array *const *vals) {
  Value *v = calloc((size_t)n + 1, sizeof(Value));
  if (!v) return arr_err(ERR_MEMORY, "out of memory");
  int rc = 0;
  for (int i = 0; i < n && rc == 0; i++) {
    v[i] = lx_wrap(arr_retain(vals[i]), FAM_JAX);
    if (VAL_IS_NULL(v[i])) rc = -1;
  }
  if (rc == 0 && id >= 0 && id < n_host_cbs) rc = call_host_cb(&host_cbs[id], n, v);
  t_clear(v, n);
  free(v);
  if (rc < 0) {
    /* keep the language error pending; the engine only needs to know it failed */
    return arr_err(ERR_NONE, "%s", "");
  }
  return 0;
}

static int poll_signals(void) {
  if (obj_check_signals() < 0) return arr_err(ERR_NONE, "%s", "");
  return 0;
}

static void control_init_host(void);
void flow_init(void) {
  arr_init();
  control_init_host();
  ir_host_callback = host_callback;
  ir_poll = poll_signals;
  arr_interrupt_flag = &obj_interrupted;
}

static Value debug_common(Value fmt, Value fn, int argc, const Value *argv, Obj *kw) {
  int nkw = func_kwcount(kw);
  Value args = tuple_from(argc, argv);
  Value kwd = dict_new();
  if (VAL_IS_NULL(args) || VAL_IS_NULL(kwd)) { val_decref(args); val_decref(kwd); return val_null(); }
  for (int i = 0; i < nkw; i++) {
    if (!strcmp(func_kwname(kw, i), "ordered")) continue;
    if (dict_setstr(kwd, func_kwname(kw, i), argv[argc + i]) < 0) { val_decref(args); val_decref(kwd); return val_null(); }
  }
  Value tree = tuple_pack(2, args, kwd);
  val_decref(args);
  val_decref(kwd);
  if (VAL_IS_NULL(tree)) return tree;
  Value leaves = list_new(0);
  TreeDef *td = VAL_IS_NULL(leaves) ? NULL : tree_flatten(tree, leaves, 0);
  Value r = val_null();
  if (!td) goto done;
  if (lx_current() == lx_eval_interp()) {
    /* eager: call right away */
    HostCb tmp = {fmt, fn, td, 0};
    int rc = call_host_cb(&tmp, (int)LIST(leaves.u.o)->len, LIST(leaves.u.o)->items);
    tree_free(td);
    if (rc == 0) r = val_none();
    goto done;
  }
  {
    /* staged: register the format and the structure; the values travel as operands */
    int n = (int)LIST(leaves.u.o)->len;
    Value *ops = calloc((size_t)n + 1, sizeof(Value));
    if (!ops) { obj_raise_nomem(); tree_free(td); goto done; }
    int ok = 1;
    for (int i = 0; i < n && ok; i++) {
      ops[i] = as_array(LIST(leaves.u.o)->items[i]);
      if (VAL_IS_NULL(ops[i])) ok = 0;
    }
    if (ok) {
      if (n_host_cbs == cap_host_cbs) {
        int nc = cap_host_cbs ? cap_host_cbs * 2 : 16;
        HostCb *nh = realloc(host_cbs, sizeof(HostCb) * (size_t)nc);
        if (!nh) { ok = 0; obj_raise_nomem(); }
        else { host_cbs = nh; cap_host_cbs = nc; }
      }
    }
    if (ok) {
      host_cbs[n_host_cbs] = (HostCb){val_incref(fmt), val_incref(fn), td, 0};
      PCallback pc = {n_host_cbs++};
      td = NULL;
      Value none[1];
      if (n == 0) {   /* a primitive needs an operand: pass a dummy scalar */
        ops[0] = t_scalar(DT_INT32, 0, 0);
        n = 1;
        host_cbs[pc.id].tree = host_cbs[pc.id].tree;   /* the dummy is ignored below */
      }
      if (tr_bind(PRIM_debug_callback, n, ops, &pc, none) >= 0) r = val_none();
    }
    tree_free(td);
    t_clear(ops, n);
    free(ops);
  }
done:
  val_decref(leaves);
  val_decref(tree);
  return r;
}

static Value debug_print(int argc, const Value *argv, Obj *kw) {
  if (argc < 1 || !VAL_IS_STR(argv[0]))
    return obj_raise(&exc_TypeError, "jax.debug.print(fmt, *args, **kwargs): fmt must be a str");
  return debug_common(argv[0], val_null(), argc - 1, argv + 1, kw);
}
static Value debug_callback(int argc, const Value *argv, Obj *kw) {
  if (argc < 1 || !op_callable(argv[0]))
    return obj_raise(&exc_TypeError, "jax.debug.callback(callback, *args): callback must be callable");
  return debug_common(val_null(), argv[0], argc - 1, argv + 1, kw);
}

/* {=== rules of debug_callback ===} */
int flow_jvp_callback(PrimId id, const void *params, int nin, const Value *p, const Value *t,
                 Value *out, Value *tout) {
  return tr_bind(id, nin, p, params, out);
}
int flow_vjp_callback(PrimId id, const void *params, int nin, const Value *p, const uint8_t *diff,
                  Value *out, VjpClosure *cl) {
  return tr_bind(id, nin, p, params, out);
}
/* Element b of every batched operand (bd[i] >= 0) and the unbatched ones as they are: the
 * operands of one call of a host function under vmap (new refs in ops). */
static int batch_element(int nin, const Value *in, const int *bd, int64_t b, Value *ops) {
  for (int i = 0; i < nin; i++) {
    if (bd[i] < 0) { ops[i] = val_incref(in[i]); continue; }
    AVal av;
    if (lx_aval(in[i], &av) < 0) { t_clear(ops, i); return -1; }
    int64_t st[ARR_MAXDIM] = {0}, lim[ARR_MAXDIM], sh[ARR_MAXDIM];
    ir_memcpy(lim, av.shape, sizeof(int64_t) * (size_t)av.ndim);
    st[bd[i]] = b;
    lim[bd[i]] = b + 1;
    Value sl = t_slice(in[i], st, lim, NULL);
    for (int d = 0, k = 0; d < av.ndim; d++) if (d != bd[i]) sh[k++] = av.shape[d];
    ops[i] = VAL_IS_NULL(sl) ? sl : t_reshape(sl, av.ndim - 1, sh);
    val_decref(sl);
    if (VAL_IS_NULL(ops[i])) { t_clear(ops, i); return -1; }
  }
  return 0;
}

/* under vmap: one call per batch element, as JAX prints them */
int flow_batch_callback(PrimId id, const void *params, int nin, const Value *in, const int *bd,
               int64_t size, Value *out, int *obd) {
  Value *ops = calloc((size_t)nin + 1, sizeof(Value));
  if (!ops) { obj_raise_nomem(); return -1; }
  int rc = 0;
  for (int64_t b = 0; b < size && rc == 0; b++) {
    if (batch_element(nin, in, bd, b, ops) < 0) { rc = -1; break; }
    if (tr_bind(id, nin, ops, params, out) < 0) rc = -1;
    t_clear(ops, nin);
  }
  free(ops);
  return rc < 0 ? -1 : 0;
}

/* {=== sub-graph transforms ===} */
typedef struct JvpG { IrGraph *g; const uint8_t *in_nz; const uint8_t *out_nz; } JvpG;

static int jvpg_fn(void *ctx_, int nin, const Value *in, int *nout, Value *out) {
  JvpG *c = ctx_;
  IrGraph *g = c->g;
  LxTrace *J = jvp_new("jvp", val_null());
  if (!J) return -1;
  Value *w = calloc((size_t)g->nin + 1, sizeof(Value));
  Value *o = calloc((size_t)g->nout + 1, sizeof(Value));
  int rc = -1, k = g->nin, n = 0;
  if (!w || !o) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < g->nin; i++) {
    w[i] = c->in_nz[i] ? jvp_wrap(J, in[i], in[k++]) : val_incref(in[i]);
    if (VAL_IS_NULL(w[i])) goto done;
  }
  {
    Interp *prev = tr_enter(&J->it);
    n = jit_graph_eval(g, w, o);
    tr_leave(prev);
  }
  if (n < 0) goto done;
  {
    int ti = g->nout, bad = 0;
    for (int j = 0; j < g->nout; j++) out[j] = val_null();
    for (int j = 0; j < g->nout; j++) {
      Value pv = val_null(), tv = val_null();
      if (!bad && jvp_unwrap(J, o[j], &pv, &tv) < 0) bad = 1;
      out[j] = pv;
      if (!bad && c->out_nz[j]) {
        if (VAL_IS_NULL(tv)) {
          AVal av;
          lx_aval(pv, &av);
          tv = t_zeros(&av);
          if (VAL_IS_NULL(tv)) bad = 1;
        }
        out[ti++] = tv;
      } else {
        val_decref(tv);
      }
    }
    if (bad) { t_clear(out, ti); goto done; }
    *nout = ti;
  }
  rc = 0;
done:
  if (w) t_clear(w, g->nin);
  if (o && n > 0) t_clear(o, n);
  free(w);
  free(o);
  tr_finish(J);
  return rc;
}

/* (primals..., tangents of in_nz) -> (outs..., tangents of out_nz); out_nz in/out: the
 * caller may force tangents (instantiate zeros) by setting entries before the call. */
static IrGraph *graph_jvp(IrGraph *g, const uint8_t *in_nz, uint8_t *out_nz) {
  int nt = 0;
  for (int i = 0; i < g->nin; i++) nt += in_nz[i] != 0;
  AVal *av = calloc((size_t)(g->nin + nt) + 1, sizeof(AVal));
  uint8_t *dep = calloc((size_t)g->nout + 1, 1);
  if (!av || !dep) { free(av); free(dep); obj_raise_nomem(); return NULL; }
  for (int i = 0, k = 0; i < g->nin; i++) {
    av[i] = g->avals[g->in[i]];
    if (in_nz[i]) av[g->nin + k++] = g->avals[g->in[i]];
  }
  ir_deps(g, in_nz, dep);
  for (int j = 0; j < g->nout; j++)
    out_nz[j] = (out_nz[j] || dep[j]) && dt_is_float(g->avals[g->out[j]].dtype);
  JvpG c = {g, in_nz, out_nz};
  IrGraph *r = jit_trace_to_graph("jvp", g->nin + nt, av, jvpg_fn, &c, 2 * g->nout + 1);
  free(av);
  free(dep);
  return r;
}

typedef struct BatchG { IrGraph *g; int64_t size; const int *in_bd; const uint8_t *force; int *out_bd; } BatchG;

static int batchg_fn(void *ctx_, int nin, const Value *in, int *nout, Value *out) {
  BatchG *c = ctx_;
  IrGraph *g = c->g;
  LxTrace *B = vmap_new("vmap", val_null(), c->size);
  if (!B) return -1;
  Value *w = calloc((size_t)g->nin + 1, sizeof(Value));
  Value *o = calloc((size_t)g->nout + 1, sizeof(Value));
  int rc = -1, n = 0;
  if (!w || !o) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < g->nin; i++) {
    w[i] = vmap_wrap(B, in[i], c->in_bd[i] >= 0 ? 0 : -1);
    if (VAL_IS_NULL(w[i])) goto done;
  }
  {
    Interp *prev = tr_enter(&B->it);
    n = jit_graph_eval(g, w, o);
    tr_leave(prev);
  }
  if (n < 0) goto done;
  for (int j = 0; j < g->nout; j++) {
    Value v;
    int bd;
    if (vmap_unwrap(B, o[j], &v, &bd) < 0) { t_clear(out, j); goto done; }
    if (bd >= 0 || c->force[j]) {
      out[j] = t_batch_at(v, bd, 0, c->size);
      val_decref(v);
      c->out_bd[j] = 0;
    } else {
      out[j] = v;
      c->out_bd[j] = -1;
    }
    if (VAL_IS_NULL(out[j])) { t_clear(out, j); goto done; }
  }
  *nout = g->nout;
  rc = 0;
done:
  if (w) t_clear(w, g->nin);
  if (o && n > 0) t_clear(o, n);
  free(w);
  free(o);
  tr_finish(B);
  return rc;
}

/* batch: in_bd[i] 0 (batched at axis 0) or -1; out_bd forced 0 where out_force[i];
 * result outputs batched at 0 or unbatched (out_bd[k] = 0 / -1). */
static IrGraph *graph_batch(IrGraph *g, int64_t size, const int *in_bd,
                            const uint8_t *out_force, int *out_bd) {
  AVal *av = calloc((size_t)g->nin + 1, sizeof(AVal));
  if (!av) { obj_raise_nomem(); return NULL; }
  for (int i = 0; i < g->nin; i++) {
    av[i] = g->avals[g->in[i]];
    if (in_bd[i] >= 0) {
      if (av[i].ndim + 1 > ARR_MAXDIM) { free(av); obj_raise(&exc_ValueError, "vmap: rank too large"); return NULL; }
      ir_memmove(av[i].shape + 1, av[i].shape, sizeof(int64_t) * (size_t)av[i].ndim);
      av[i].shape[0] = size;
      av[i].ndim++;
    }
  }
  BatchG c = {g, size, in_bd, out_force, out_bd};
  IrGraph *r = jit_trace_to_graph("vmap", g->nin, av, batchg_fn, &c, g->nout + 1);
  free(av);
  return r;
}

/* Which outputs of g are batched given batched inputs (data dependence). */
static void batched_outputs(IrGraph *g, const int *in_bd, uint8_t *out) {
  uint8_t *m = calloc((size_t)g->nin + 1, 1);
  if (!m) { for (int j = 0; j < g->nout; j++) out[j] = 1; return; }
  for (int i = 0; i < g->nin; i++) m[i] = in_bd[i] >= 0;
  ir_deps(g, m, out);
  free(m);
}

/* Reverse mode of a graph: fwd (inputs as g; outputs g's then residuals) and bwd (inputs:
 * residuals then the cotangents of g's float outputs; outputs: cotangents of the inputs
 * flagged in diff, in order). */
typedef struct GraphVjp { IrGraph *fwd, *bwd; int nres; } GraphVjp;

static int graph_vjp(IrGraph *g, const uint8_t *diff, GraphVjp *r) {
  memset(r, 0, sizeof *r);
  int nin = g->nin, nout = g->nout, ndiff = 0, nfo = 0;
  for (int i = 0; i < nin; i++) ndiff += diff[i] != 0;
  for (int j = 0; j < nout; j++) nfo += dt_is_float(g->avals[g->out[j]].dtype);
  StageTrace *s1 = jit_stage_new("grad", val_null(), "fwd", 0), *s2 = NULL;
  if (!s1) return -1;
  LxTrace *V = NULL;
  Value *in = calloc((size_t)nin + 1, sizeof(Value)), *w = calloc((size_t)nin + 1, sizeof(Value));
  Value *o = calloc((size_t)nout + 1, sizeof(Value)), *po = calloc((size_t)nout + 1, sizeof(Value));
  int *ovar = calloc((size_t)nout + 1, sizeof(int)), *ivar = calloc((size_t)nin + 1, sizeof(int));
  Value *cts = calloc((size_t)nfo + 1, sizeof(Value)), *grads = calloc((size_t)nin + 1, sizeof(Value));
  int *seedvar = calloc((size_t)nfo + 1, sizeof(int));
  Value *caps = NULL, *fouts = NULL;
  int ncap = 0, n = -1, rc = -1, s1_done = 0;
  if (!in || !w || !o || !po || !ovar || !ivar || !cts || !grads || !seedvar) { obj_raise_nomem(); goto done; }
  {
    Interp *prev = tr_enter(&jit_stage_trace(s1)->it);   /* V's parent is the forward graph */
    V = vjp_new("grad", val_null());
    tr_leave(prev);
  }
  if (!V) goto done;
  for (int i = 0; i < nin; i++) {
    in[i] = jit_stage_input(s1, &g->avals[g->in[i]], NULL);
    if (VAL_IS_NULL(in[i])) goto done;
    ivar[i] = -1;
    w[i] = diff[i] ? vjp_input(V, in[i], &ivar[i]) : val_incref(in[i]);
    if (VAL_IS_NULL(w[i])) goto done;
  }
  {
    Interp *prev = tr_enter(&V->it);
    n = jit_graph_eval(g, w, o);
    tr_leave(prev);
  }
  if (n < 0) goto done;
  for (int j = 0; j < nout; j++) {
    Tracer *x = tr_own(V, o[j]);
    po[j] = x ? val_incref(x->a) : val_incref(o[j]);
    ovar[j] = x ? (int)x->i : -1;
  }
  /* the backward graph, capturing the forward values it needs (the residuals) */
  s2 = jit_stage_new("grad", val_null(), "bwd", 1);
  if (!s2) goto done;
  for (int j = 0, k = 0; j < nout; j++) {
    if (!dt_is_float(g->avals[g->out[j]].dtype)) continue;
    cts[k] = jit_stage_input(s2, &g->avals[g->out[j]], NULL);
    if (VAL_IS_NULL(cts[k])) goto done;
    seedvar[k++] = ovar[j];
  }
  {
    Interp *prev = tr_enter(&jit_stage_trace(s2)->it);
    int k = 0;
    int *want = calloc((size_t)ndiff + 1, sizeof(int));
    int brc = -1;
    if (want) {
      for (int i = 0; i < nin; i++) if (diff[i]) want[k++] = ivar[i];
      brc = vjp_tape_backward(vjp_tape(V), nfo, seedvar, cts, ndiff, want, grads);
      for (int i = 0, q = 0; brc == 0 && i < nin; i++) {
        if (!diff[i]) continue;
        if (VAL_IS_NULL(grads[q])) {
          grads[q] = t_zeros(&g->avals[g->in[i]]);
          if (VAL_IS_NULL(grads[q])) brc = -1;
        }
        q++;
      }
      free(want);
    } else {
      obj_raise_nomem();
    }
    tr_leave(prev);
    if (brc < 0) goto done;
  }
  r->bwd = jit_stage_finish(s2, ndiff, grads, &caps, &ncap);
  s2 = NULL;
  if (!r->bwd) goto done;
  fouts = calloc((size_t)(nout + ncap) + 1, sizeof(Value));
  if (!fouts) { obj_raise_nomem(); goto done; }
  for (int j = 0; j < nout; j++) fouts[j] = po[j];
  for (int q = 0; q < ncap; q++) fouts[nout + q] = caps[q];
  r->fwd = jit_stage_finish(s1, nout + ncap, fouts, NULL, NULL);
  s1_done = 1;
  if (!r->fwd) goto done;
  if (ir_optimize(r->fwd) < 0 || ir_optimize(r->bwd) < 0) { tr_engine_err(); goto done; }
  r->nres = ncap;
  rc = 0;
done:
  if (!s1_done) jit_stage_abort(s1);
  if (s2) jit_stage_abort(s2);
  if (V) tr_finish(V);
  if (in) t_clear(in, nin);
  if (w) t_clear(w, nin);
  if (o && n > 0) t_clear(o, n);
  if (po) t_clear(po, nout);
  if (cts) t_clear(cts, nfo);
  if (grads) t_clear(grads, ndiff);
  if (caps) t_clear(caps, ncap);
  free(caps); free(fouts); free(in); free(w); free(o); free(po); free(ovar); free(ivar);
  free(cts); free(grads); free(seedvar);
  if (rc < 0) { ir_release(r->fwd); ir_release(r->bwd); memset(r, 0, sizeof *r); }
  return rc;
}

/* A closure over another whose inputs start `off` positions later (cond's index). */
typedef struct OffCl { VjpClosure inner; int off; } OffCl;
static int offcl_backward(void *c_, int nout, const Value *ct, int nin, const uint8_t *need, Value *ct_in) {
  OffCl *c = c_;
  return c->inner.backward(c->inner.ctx, nout, ct, nin - c->off, need + c->off, ct_in + c->off);
}
static void offcl_free(void *c_) {
  OffCl *c = c_;
  if (c->inner.free) c->inner.free(c->inner.ctx);
  free(c);
}
static int offset_closure(VjpClosure *cl, int off) {
  OffCl *c = calloc(1, sizeof *c);
  if (!c) { if (cl->free) cl->free(cl->ctx); obj_raise_nomem(); return -1; }
  c->inner = *cl;
  c->off = off;
  cl->backward = offcl_backward;
  cl->ctx = c;
  cl->free = offcl_free;
  return 0;
}

static int eval_graph_fn(void *ctx, int nin, const Value *in, int nout_max, Value *out) {
  return jit_graph_eval((IrGraph *)ctx, in, out);
}

/* {=== cond: jvp, vjp, vmap ===} */
int flow_jvp_cond(PrimId id, const void *params, int nin, const Value *p, const Value *t, Value *out,
             Value *tout) {
  const PCond *pc = params;
  int nops = nin - 1, nb = pc->nbranches, nout = pc->branches[0]->nout;
  uint8_t *in_nz = calloc((size_t)nops + 1, 1), *out_nz = calloc((size_t)nout + 1, 1);
  Value *in = calloc((size_t)(1 + 2 * nops) + 1, sizeof(Value));
  Value *o = calloc((size_t)(2 * nout) + 1, sizeof(Value));
  PCond q;
  memset(&q, 0, sizeof q);
  int rc = -1, nt = 0;
  if (!in_nz || !out_nz || !in || !o) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < nops; i++) { in_nz[i] = !VAL_IS_NULL(t[1 + i]); nt += in_nz[i]; }
  /* the union of the branches' nonzero outputs, so all branches agree */
  for (int b = 0; b < nb; b++) {
    uint8_t *d = calloc((size_t)nout + 1, 1);
    if (!d) { obj_raise_nomem(); goto done; }
    ir_deps(pc->branches[b], in_nz, d);
    for (int j = 0; j < nout; j++) out_nz[j] |= d[j] && dt_is_float(pc->branches[b]->avals[pc->branches[b]->out[j]].dtype);
    free(d);
  }
  q.nbranches = nb;
  for (int b = 0; b < nb; b++) {
    uint8_t *m = malloc((size_t)nout + 1);
    if (!m) { obj_raise_nomem(); goto done; }
    ir_memcpy(m, out_nz, (size_t)nout);
    q.branches[b] = graph_jvp(pc->branches[b], in_nz, m);
    free(m);
    if (!q.branches[b]) goto done;
  }
  in[0] = p[0];
  for (int i = 0; i < nops; i++) in[1 + i] = p[1 + i];
  for (int i = 0, k = 0; i < nops; i++) if (in_nz[i]) in[1 + nops + k++] = t[1 + i];
  {
    int n = tr_bind(PRIM_cond, 1 + nops + nt, in, &q, o);
    if (n < 0) goto done;
    int k = nout;
    for (int j = 0; j < nout; j++) {
      out[j] = o[j];
      tout[j] = out_nz[j] ? o[k++] : val_null();
    }
    rc = nout;
  }
done:
  for (int b = 0; b < q.nbranches; b++) ir_release(q.branches[b]);
  free(in_nz); free(out_nz); free(in); free(o);
  return rc;
}

typedef struct CondBwd {
  Value index;
  int nres, nops, nout, nfo;
  Value *res;
  PCond bwd;
  uint8_t *diff;       /* per operand */
  AVal *out_av;
} CondBwd;

static void condbwd_free(void *c_) {
  CondBwd *c = c_;
  val_decref(c->index);
  if (c->res) t_clear(c->res, c->nres);
  free(c->res);
  for (int b = 0; b < c->bwd.nbranches; b++) ir_release(c->bwd.branches[b]);
  free(c->diff);
  free(c->out_av);
  free(c);
}

static int condbwd_backward(void *c_, int nout, const Value *ct, int nin, const uint8_t *need, Value *ct_in) {
  CondBwd *c = c_;
  int ndiff = 0;
  for (int i = 0; i < c->nops; i++) ndiff += c->diff[i];
  Value *in = calloc((size_t)(1 + c->nres + c->nfo) + 1, sizeof(Value));
  Value *g = calloc((size_t)ndiff + 1, sizeof(Value));
  int rc = -1, k = 1 + c->nres, made = 0;
  if (!in || !g) { obj_raise_nomem(); goto done; }
  in[0] = c->index;
  for (int i = 0; i < c->nres; i++) in[1 + i] = c->res[i];
  for (int j = 0; j < c->nout; j++) {
    if (!dt_is_float(c->out_av[j].dtype)) continue;
    in[k++] = VAL_IS_NULL(ct[j]) ? t_zeros(&c->out_av[j]) : val_incref(ct[j]);
    if (VAL_IS_NULL(in[k - 1])) goto done;
  }
  made = 1;
  if (tr_bind(PRIM_cond, 1 + c->nres + c->nfo, in, &c->bwd, g) < 0) goto done;
  for (int i = 0, q = 0; i < c->nops; i++) {
    if (!c->diff[i]) continue;
    if (need[1 + i]) ct_in[1 + i] = g[q]; else val_decref(g[q]);
    q++;
  }
  rc = 0;
done:
  if (in && made) for (int j = 1 + c->nres; j < k; j++) val_decref(in[j]);
  else if (in) for (int j = 1 + c->nres; j < k; j++) val_decref(in[j]);
  free(in);
  free(g);
  return rc;
}

/* fwd'_k: outputs, then the residuals of every branch (zeros for the other branches') */
typedef struct PadFwd { IrGraph *fwd; int k, nb, nout; const int *roff; const int *nres; const AVal *ravs; int ntot; } PadFwd;
static int padfwd_fn(void *c_, int nin, const Value *in, int *nout, Value *out) {
  PadFwd *c = c_;
  Value *o = calloc((size_t)c->fwd->nout + 1, sizeof(Value));
  if (!o) { obj_raise_nomem(); return -1; }
  if (jit_graph_eval(c->fwd, in, o) < 0) { free(o); return -1; }
  for (int j = 0; j < c->nout; j++) out[j] = o[j];
  for (int r = 0; r < c->ntot; r++) {
    int mine = r >= c->roff[c->k] && r < c->roff[c->k] + c->nres[c->k];
    out[c->nout + r] = mine ? o[c->nout + (r - c->roff[c->k])] : t_zeros(&c->ravs[r]);
    if (VAL_IS_NULL(out[c->nout + r])) {
      for (int q = 0; q < c->nout + r; q++) val_clear(&out[q]);
      for (int q = c->nout + (r - c->roff[c->k]) + 1; q < c->fwd->nout; q++) if (mine) val_decref(o[q]);
      free(o);
      return -1;
    }
  }
  free(o);
  *nout = c->nout + c->ntot;
  return 0;
}
/* bwd'_k: all residuals + cts -> this branch's bwd on its slice */
typedef struct PadBwd { IrGraph *bwd; int k; const int *roff; const int *nres; int ntot, nfo; } PadBwd;
static int padbwd_fn(void *c_, int nin, const Value *in, int *nout, Value *out) {
  PadBwd *c = c_;
  Value *args = calloc((size_t)(c->nres[c->k] + c->nfo) + 1, sizeof(Value));
  if (!args) { obj_raise_nomem(); return -1; }
  for (int r = 0; r < c->nres[c->k]; r++) args[r] = in[c->roff[c->k] + r];
  for (int j = 0; j < c->nfo; j++) args[c->nres[c->k] + j] = in[c->ntot + j];
  int n = jit_graph_eval(c->bwd, args, out);
  free(args);
  if (n < 0) return -1;
  *nout = n;
  return 0;
}

int flow_vjp_cond(PrimId id, const void *params, int nin, const Value *p, const uint8_t *diff,
              Value *out, VjpClosure *cl) {
  const PCond *pc = params;
  int nops = nin - 1, nb = pc->nbranches, nout = pc->branches[0]->nout;
  if (lx_is_arr(p[0])) {
    /* the branch is known: differentiate it alone with a private tape */
    Array *a = lx_arr(p[0]);
    int64_t i = a->dtype == DT_BOOL ? (arr_get_i(a, 0) != 0) : arr_get_i(a, 0);
    if (i < 0) i = 0;
    if (i >= nb) i = nb - 1;
    int n = vjp_nested(eval_graph_fn, pc->branches[i], nops, p + 1, diff + 1, nout, out, cl);
    if (n < 0) return -1;
    if (offset_closure(cl, 1) < 0) { t_clear(out, n); return -1; }
    return n;
  }
  GraphVjp gv[PCOND_MAX];
  memset(gv, 0, sizeof gv);
  int roff[PCOND_MAX + 1], nres[PCOND_MAX], ntot = 0, nfo = 0, rc = -1;
  AVal *ravs = NULL;
  PCond fq, bq;
  memset(&fq, 0, sizeof fq);
  memset(&bq, 0, sizeof bq);
  Value *o = NULL;
  CondBwd *cb = NULL;
  for (int j = 0; j < nout; j++) nfo += dt_is_float(pc->branches[0]->avals[pc->branches[0]->out[j]].dtype);
  for (int b = 0; b < nb; b++) {
    if (graph_vjp(pc->branches[b], diff + 1, &gv[b]) < 0) goto done;
    roff[b] = ntot;
    nres[b] = gv[b].nres;
    ntot += gv[b].nres;
  }
  ravs = calloc((size_t)ntot + 1, sizeof(AVal));
  if (!ravs) { obj_raise_nomem(); goto done; }
  for (int b = 0; b < nb; b++)
    for (int r = 0; r < nres[b]; r++) ravs[roff[b] + r] = gv[b].fwd->avals[gv[b].fwd->out[nout + r]];
  fq.nbranches = bq.nbranches = nb;
  for (int b = 0; b < nb; b++) {
    IrGraph *br = pc->branches[b];
    AVal *iav = calloc((size_t)br->nin + 1, sizeof(AVal));
    if (!iav) { obj_raise_nomem(); goto done; }
    for (int i = 0; i < br->nin; i++) iav[i] = br->avals[br->in[i]];
    PadFwd pf = {gv[b].fwd, b, nb, nout, roff, nres, ravs, ntot};
    fq.branches[b] = jit_trace_to_graph("cond_fwd", br->nin, iav, padfwd_fn, &pf, nout + ntot + 1);
    free(iav);
    if (!fq.branches[b]) goto done;
    AVal *bav = calloc((size_t)(ntot + nfo) + 1, sizeof(AVal));
    if (!bav) { obj_raise_nomem(); goto done; }
    ir_memcpy(bav, ravs, sizeof(AVal) * (size_t)ntot);
    for (int j = 0, k = 0; j < nout; j++)
      if (dt_is_float(br->avals[br->out[j]].dtype)) bav[ntot + k++] = br->avals[br->out[j]];
    PadBwd pb = {gv[b].bwd, b, roff, nres, ntot, nfo};
    bq.branches[b] = jit_trace_to_graph("cond_bwd", ntot + nfo, bav, padbwd_fn, &pb, nops + 1);
    free(bav);
    if (!bq.branches[b]) goto done;
  }
  o = calloc((size_t)(nout + ntot) + 1, sizeof(Value));
  cb = calloc(1, sizeof *cb);
  if (!o || !cb) { obj_raise_nomem(); goto done; }
  if (tr_bind(PRIM_cond, nin, p, &fq, o) < 0) goto done;
  for (int j = 0; j < nout; j++) out[j] = o[j];
  cb->index = val_incref(p[0]);
  cb->nres = ntot;
  cb->nops = nops;
  cb->nout = nout;
  cb->nfo = nfo;
  cb->res = calloc((size_t)ntot + 1, sizeof(Value));
  cb->diff = calloc((size_t)nops + 1, 1);
  cb->out_av = calloc((size_t)nout + 1, sizeof(AVal));
  if (!cb->res || !cb->diff || !cb->out_av) {
    t_clear(o, nout + ntot);
    obj_raise_nomem();
    goto done;
  }
  for (int r = 0; r < ntot; r++) cb->res[r] = o[nout + r];
  ir_memcpy(cb->diff, diff + 1, (size_t)nops);
  for (int j = 0; j < nout; j++) cb->out_av[j] = pc->branches[0]->avals[pc->branches[0]->out[j]];
  cb->bwd = bq;
  memset(&bq, 0, sizeof bq);
  cl->backward = condbwd_backward;
  cl->ctx = cb;
  cl->free = condbwd_free;
  cb = NULL;
  rc = nout;
done:
  for (int b = 0; b < nb; b++) { ir_release(gv[b].fwd); ir_release(gv[b].bwd); }
  for (int b = 0; b < fq.nbranches; b++) ir_release(fq.branches[b]);
  for (int b = 0; b < bq.nbranches; b++) ir_release(bq.branches[b]);
  if (cb) condbwd_free(cb);
  free(ravs);
  free(o);
  return rc;
}

int flow_batch_cond(PrimId id, const void *params, int nin, const Value *in, const int *bd, int64_t size,
           Value *out, int *obd) {
  const PCond *pc = params;
  int nops = nin - 1, nb = pc->nbranches, nout = pc->branches[0]->nout;
  int *ibd = calloc((size_t)nops + 1, sizeof(int));
  uint8_t *force = calloc((size_t)nout + 1, 1);
  int *o_bd = calloc((size_t)nout + 1, sizeof(int));
  Value *args = calloc((size_t)nin + 1, sizeof(Value));
  PCond q;
  memset(&q, 0, sizeof q);
  int rc = -1;
  if (!ibd || !force || !o_bd || !args) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < nops; i++) {
    ibd[i] = bd[1 + i] >= 0 ? 0 : -1;
    args[1 + i] = bd[1 + i] >= 0 ? t_moveaxis(in[1 + i], bd[1 + i], 0) : val_incref(in[1 + i]);
    if (VAL_IS_NULL(args[1 + i])) goto done;
  }
  if (bd[0] < 0) {
    for (int b = 0; b < nb; b++) {
      uint8_t *d = calloc((size_t)nout + 1, 1);
      if (!d) { obj_raise_nomem(); goto done; }
      batched_outputs(pc->branches[b], ibd, d);
      for (int j = 0; j < nout; j++) force[j] |= d[j];
      free(d);
    }
    q.nbranches = nb;
    for (int b = 0; b < nb; b++) {
      q.branches[b] = graph_batch(pc->branches[b], size, ibd, force, o_bd);
      if (!q.branches[b]) goto done;
    }
    args[0] = val_incref(in[0]);
    if (tr_bind(PRIM_cond, nin, args, &q, out) < 0) goto done;
    for (int j = 0; j < nout; j++) obd[j] = o_bd[j];
    rc = nout;
  } else {
    /* a batched predicate: every branch runs, the results are selected per element */
    for (int j = 0; j < nout; j++) force[j] = 1;
    Value idx = t_moveaxis(in[0], bd[0], 0);
    if (VAL_IS_NULL(idx)) goto done;
    Value *res = calloc((size_t)nout * (size_t)nb + 1, sizeof(Value));
    if (!res) { val_decref(idx); obj_raise_nomem(); goto done; }
    int ok = 1;
    for (int b = 0; b < nb && ok; b++) {
      IrGraph *g = graph_batch(pc->branches[b], size, ibd, force, o_bd);
      if (!g) { ok = 0; break; }
      if (jit_graph_eval(g, args + 1, res + (size_t)b * (size_t)nout) < 0) ok = 0;
      ir_release(g);
    }
    for (int j = 0; j < nout && ok; j++) {
      Value acc = val_incref(res[j]);
      AVal av;
      lx_aval(acc, &av);
      int bd0[1] = {0};
      for (int b = 1; b < nb && ok; b++) {
        AVal iav;
        lx_aval(idx, &iav);
        Value kk = t_scalar(iav.dtype, iav.dtype == DT_BOOL ? (b != 0) : b, 0);
        Value m = VAL_IS_NULL(kk) ? kk : t_binary(PRIM_eq, idx, kk);
        Value mb = VAL_IS_NULL(m) ? m : t_bcast_in_dim(m, av.ndim, av.shape, bd0);
        Value s = VAL_IS_NULL(mb) ? mb : t_select(mb, res[(size_t)b * (size_t)nout + (size_t)j], acc);
        val_decref(kk); val_decref(m); val_decref(mb); val_decref(acc);
        acc = s;
        if (VAL_IS_NULL(acc)) ok = 0;
      }
      out[j] = acc;
      obd[j] = 0;
      if (!ok) t_clear(out, j);
    }
    t_clear(res, nout * nb);
    free(res);
    val_decref(idx);
    if (ok) rc = nout;
  }
done:
  for (int b = 0; b < q.nbranches; b++) ir_release(q.branches[b]);
  if (args) t_clear(args, nin);
  free(args); free(ibd); free(force); free(o_bd);
  return rc;
}

/* {=== while: jvp, vjp (known trip count), vmap ===} */
/* permute the inputs / outputs of a graph in place: new[i] = old[perm[i]] */
static int permute(int *arr, int n, const int *perm) {
  int *tmp = malloc(sizeof(int) * (size_t)(n + 1));
  if (!tmp) { obj_raise_nomem(); return -1; }
  for (int i = 0; i < n; i++) tmp[i] = arr[perm[i]];
  ir_memcpy(arr, tmp, sizeof(int) * (size_t)n);
  free(tmp);
  return 0;
}


/* a graph that evaluates g on the first g->nin of its inputs (extra inputs ignored) */
static int prefix_fn(void *c, int nin, const Value *in, int *nout, Value *out) {
  int n = jit_graph_eval((IrGraph *)c, in, out);
  if (n < 0) return -1;
  *nout = n;
  return 0;
}
static IrGraph *with_extra_inputs(IrGraph *g, int nextra, const AVal *extra) {
  AVal *av = calloc((size_t)(g->nin + nextra) + 1, sizeof(AVal));
  if (!av) { obj_raise_nomem(); return NULL; }
  for (int i = 0; i < g->nin; i++) av[i] = g->avals[g->in[i]];
  ir_memcpy(av + g->nin, extra, sizeof(AVal) * (size_t)nextra);
  IrGraph *r = jit_trace_to_graph(g->name, g->nin + nextra, av, prefix_fn, g, g->nout + 1);
  free(av);
  return r;
}

/* carry entries made differentiable / batched by the loop body: a fixpoint */
static void carry_fixpoint(IrGraph *body, int ncons, int nc, uint8_t *mask) {
  uint8_t *o = calloc((size_t)body->nout + 1, 1);
  if (!o) return;
  for (int iter = 0; iter < nc + 2; iter++) {
    ir_deps(body, mask, o);
    int changed = 0;
    for (int j = 0; j < nc; j++)
      if (o[j] && !mask[ncons + j]) { mask[ncons + j] = 1; changed = 1; }
    if (!changed) break;
  }
  free(o);
}

int flow_jvp_while(PrimId id, const void *params, int nin, const Value *p, const Value *t, Value *out,
              Value *tout) {
  const PWhile *pw = params;
  int cn = pw->cond_nconsts, bn = pw->body_nconsts, nc = pw->body->nout;
  uint8_t *nz = calloc((size_t)(bn + nc) + 1, 1), *onz = calloc((size_t)nc + 1, 1);
  IrGraph *body = NULL, *cond = NULL;
  Value *in = NULL, *o = NULL;
  AVal *tav = NULL;
  int rc = -1, ntb = 0, ntc = 0, made = 0;
  if (!nz || !onz) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < bn + nc; i++) nz[i] = !VAL_IS_NULL(t[cn + i]);
  carry_fixpoint(pw->body, bn, nc, nz);
  for (int j = 0; j < nc; j++) {
    if (!dt_is_float(pw->body->avals[pw->body->in[bn + j]].dtype)) nz[bn + j] = 0;
    onz[j] = nz[bn + j];
    ntc += onz[j];
  }
  for (int i = 0; i < bn; i++) ntb += nz[i];
  body = graph_jvp(pw->body, nz, onz);
  if (!body) goto done;
  for (int j = 0; j < nc; j++)
    if (onz[j] != nz[bn + j]) { obj_raise(&exc_RuntimeError, "internal: while jvp carry mismatch"); goto done; }
  {
    /* body inputs: bconsts, carry, t_bconsts, t_carry -> bconsts, t_bconsts, carry, t_carry */
    int total = bn + nc + ntb + ntc, k = 0;
    int *perm = malloc(sizeof(int) * (size_t)(total + 1));
    if (!perm) { obj_raise_nomem(); goto done; }
    for (int i = 0; i < bn; i++) perm[k++] = i;
    for (int i = 0; i < ntb; i++) perm[k++] = bn + nc + i;
    for (int i = 0; i < nc; i++) perm[k++] = bn + i;
    for (int i = 0; i < ntc; i++) perm[k++] = bn + nc + ntb + i;
    int r = permute(body->in, total, perm);
    free(perm);
    if (r < 0) goto done;
  }
  tav = calloc((size_t)ntc + 1, sizeof(AVal));
  if (!tav) { obj_raise_nomem(); goto done; }
  for (int j = 0, k = 0; j < nc; j++) if (onz[j]) tav[k++] = pw->body->avals[pw->body->in[bn + j]];
  cond = with_extra_inputs(pw->cond, ntc, tav);
  if (!cond) goto done;
  {
    int tot = cn + bn + ntb + nc + ntc, k = 0;
    in = calloc((size_t)tot + 1, sizeof(Value));
    o = calloc((size_t)(nc + ntc) + 1, sizeof(Value));
    if (!in || !o) { obj_raise_nomem(); goto done; }
    for (int i = 0; i < cn + bn; i++) in[k++] = val_incref(p[i]);
    for (int i = 0; i < bn; i++) if (nz[i]) in[k++] = val_incref(t[cn + i]);
    for (int j = 0; j < nc; j++) in[k++] = val_incref(p[cn + bn + j]);
    for (int j = 0, q = 0; j < nc; j++) {
      if (!onz[j]) continue;
      in[k++] = VAL_IS_NULL(t[cn + bn + j]) ? t_zeros(&tav[q]) : val_incref(t[cn + bn + j]);
      q++;
      if (VAL_IS_NULL(in[k - 1])) { t_clear(in, k); goto done; }
    }
    made = k;
    PWhile q;
    memset(&q, 0, sizeof q);
    q.cond_nconsts = cn;
    q.body_nconsts = bn + ntb;
    q.cond = cond;
    q.body = body;
    int n = tr_bind(PRIM_while, tot, in, &q, o);
    t_clear(in, made);
    if (n < 0) goto done;
    for (int j = 0, q2 = nc; j < nc; j++) {
      out[j] = o[j];
      tout[j] = onz[j] ? o[q2++] : val_null();
    }
    rc = nc;
  }
done:
  ir_release(body);
  ir_release(cond);
  free(nz); free(onz); free(in); free(o); free(tav);
  return rc;
}

/* reverse mode of a while loop whose predicate is concrete: run it, recording every
 * iteration on a private tape (JAX cannot do this: it needs the trip count) */
static int while_run_fn(void *ctx, int nin, const Value *in, int nout_max, Value *out) {
  const PWhile *pw = ctx;
  int cn = pw->cond_nconsts, bn = pw->body_nconsts, nc = pw->body->nout;
  Value *carry = calloc((size_t)nc + 1, sizeof(Value));
  Value *args = calloc((size_t)(cn + bn + nc) + 1, sizeof(Value));
  if (!carry || !args) { free(carry); free(args); obj_raise_nomem(); return -1; }
  for (int j = 0; j < nc; j++) carry[j] = val_incref(in[cn + bn + j]);
  int rc = -1;
  for (;;) {
    if (obj_check_signals() < 0) goto done;
    for (int i = 0; i < cn; i++) args[i] = in[i];
    for (int j = 0; j < nc; j++) args[cn + j] = carry[j];
    Value pred;
    if (jit_graph_eval(pw->cond, args, &pred) < 0) goto done;
    Value c = lx_concrete(pred, "the while_loop predicate");
    val_decref(pred);
    if (VAL_IS_NULL(c)) {
      obj_err_clear();
      obj_raise(&exc_ValueError, "Reverse-mode differentiation does not work for lax.while_loop "
                "or lax.fori_loop with dynamic start/stop values. Try using lax.scan, or using "
                "fori_loop with static start/stop.");
      goto done;
    }
    int go = arr_get_i(lx_arr(c), 0) != 0;
    val_decref(c);
    if (!go) break;
    for (int i = 0; i < bn; i++) args[i] = in[cn + i];
    for (int j = 0; j < nc; j++) args[bn + j] = carry[j];
    Value *nw = calloc((size_t)nc + 1, sizeof(Value));
    if (!nw) { obj_raise_nomem(); goto done; }
    if (jit_graph_eval(pw->body, args, nw) < 0) { free(nw); goto done; }
    t_clear(carry, nc);
    ir_memcpy(carry, nw, sizeof(Value) * (size_t)nc);
    free(nw);
  }
  for (int j = 0; j < nc; j++) { out[j] = carry[j]; carry[j] = val_null(); }
  rc = nc;
done:
  t_clear(carry, nc);
  free(carry);
  free(args);
  return rc;
}

int flow_vjp_while(PrimId id, const void *params, int nin, const Value *p, const uint8_t *diff,
               Value *out, VjpClosure *cl) {
  const PWhile *pw = params;
  return vjp_nested(while_run_fn, (void *)pw, nin, p, diff, pw->body->nout, out, cl);
}

/* vmap of a while loop with a batched predicate: run while any element continues, and keep
 * the finished elements' carries */
typedef struct WhileB { IrGraph *condb, *bodyb; int cn, bn, nc; } WhileB;
static int whileb_cond_fn(void *c_, int nin, const Value *in, int *nout, Value *out) {
  WhileB *c = c_;
  Value pred;
  if (jit_graph_eval(c->condb, in, &pred) < 0) return -1;
  int ax[1] = {0};
  out[0] = t_reduce(PRIM_reduce_or, pred, 1, ax);
  val_decref(pred);
  if (VAL_IS_NULL(out[0])) return -1;
  *nout = 1;
  return 0;
}
static int whileb_body_fn(void *c_, int nin, const Value *in, int *nout, Value *out) {
  WhileB *c = c_;
  /* inputs: cond consts, body consts, carry */
  Value *args = calloc((size_t)(c->cn + c->bn + c->nc) + 1, sizeof(Value));
  Value *nw = calloc((size_t)c->nc + 1, sizeof(Value));
  Value pred = val_null();
  int rc = -1;
  if (!args || !nw) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < c->cn; i++) args[i] = in[i];
  for (int j = 0; j < c->nc; j++) args[c->cn + j] = in[c->cn + c->bn + j];
  if (jit_graph_eval(c->condb, args, &pred) < 0) goto done;
  for (int i = 0; i < c->bn; i++) args[i] = in[c->cn + i];
  for (int j = 0; j < c->nc; j++) args[c->bn + j] = in[c->cn + c->bn + j];
  if (jit_graph_eval(c->bodyb, args, nw) < 0) goto done;
  for (int j = 0; j < c->nc; j++) {
    Value old = in[c->cn + c->bn + j];
    AVal av;
    lx_aval(old, &av);
    int bd0[1] = {0};
    Value pb = t_bcast_in_dim(pred, av.ndim, av.shape, bd0);
    out[j] = VAL_IS_NULL(pb) ? pb : t_select(pb, nw[j], old);
    val_decref(pb);
    if (VAL_IS_NULL(out[j])) { t_clear(out, j); goto done; }
  }
  *nout = c->nc;
  rc = 0;
done:
  if (nw) t_clear(nw, c->nc);
  free(nw);
  free(args);
  val_decref(pred);
  return rc;
}

static void batched_aval(const AVal *a, int64_t size, AVal *o) {
  *o = *a;
  ir_memmove(o->shape + 1, a->shape, sizeof(int64_t) * (size_t)a->ndim);
  o->shape[0] = size;
  o->ndim = a->ndim + 1;
}

int flow_batch_while(PrimId id, const void *params, int nin, const Value *in, const int *bd, int64_t size,
            Value *out, int *obd) {
  const PWhile *pw = params;
  int cn = pw->cond_nconsts, bn = pw->body_nconsts, nc = pw->body->nout;
  uint8_t *bm = calloc((size_t)(bn + nc) + 1, 1), *cm = calloc((size_t)(cn + nc) + 1, 1);
  uint8_t *force = calloc((size_t)nc + 1, 1), pred_b = 0;
  int *cbd = calloc((size_t)(cn + nc) + 1, sizeof(int)), *bbd = calloc((size_t)(bn + nc) + 1, sizeof(int));
  int *o_bd = calloc((size_t)nc + 1, sizeof(int));
  Value *args = calloc((size_t)(2 * cn + bn + nc) + 1, sizeof(Value));
  IrGraph *cg = NULL, *bg = NULL, *ncg = NULL, *nbg = NULL;
  AVal *av = NULL;
  int rc = -1, nargs = 0;
  if (!bm || !cm || !force || !cbd || !bbd || !o_bd || !args) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < bn; i++) bm[i] = bd[cn + i] >= 0;
  for (int j = 0; j < nc; j++) bm[bn + j] = bd[cn + bn + j] >= 0;
  carry_fixpoint(pw->body, bn, nc, bm);
  for (int i = 0; i < cn; i++) cm[i] = bd[i] >= 0;
  for (int j = 0; j < nc; j++) cm[cn + j] = bm[bn + j];
  ir_deps(pw->cond, cm, &pred_b);
  if (pred_b) for (int j = 0; j < nc; j++) bm[bn + j] = 1;
  for (int i = 0; i < cn; i++) cbd[i] = cm[i] ? 0 : -1;
  for (int j = 0; j < nc; j++) cbd[cn + j] = bbd[bn + j] = bm[bn + j] ? 0 : -1;
  for (int i = 0; i < bn; i++) bbd[i] = bm[i] ? 0 : -1;
  for (int j = 0; j < nc; j++) force[j] = bm[bn + j];
  {
    uint8_t none = 0;
    int pbd;
    cg = graph_batch(pw->cond, size, cbd, &none, &pbd);
    if (!cg) goto done;
  }
  bg = graph_batch(pw->body, size, bbd, force, o_bd);
  if (!bg) goto done;
  /* operands: batched ones with the axis at 0 */
  for (int i = 0; i < cn; i++) {
    args[nargs++] = cbd[i] >= 0 ? t_moveaxis(in[i], bd[i], 0) : val_incref(in[i]);
    if (VAL_IS_NULL(args[nargs - 1])) goto done;
  }
  if (pred_b) {
    for (int i = 0; i < cn; i++) { args[nargs++] = val_incref(args[i]); }
  }
  for (int i = 0; i < bn; i++) {
    args[nargs++] = bbd[i] >= 0 ? t_moveaxis(in[cn + i], bd[cn + i], 0) : val_incref(in[cn + i]);
    if (VAL_IS_NULL(args[nargs - 1])) goto done;
  }
  for (int j = 0; j < nc; j++) {
    Value x = in[cn + bn + j];
    args[nargs++] = bm[bn + j] ? t_batch_at(x, bd[cn + bn + j], 0, size) : val_incref(x);
    if (VAL_IS_NULL(args[nargs - 1])) goto done;
  }
  PWhile q;
  memset(&q, 0, sizeof q);
  if (!pred_b) {
    q.cond_nconsts = cn;
    q.body_nconsts = bn;
    q.cond = cg;
    q.body = bg;
  } else {
    WhileB wb = {cg, bg, cn, bn, nc};
    av = calloc((size_t)(2 * cn + bn + nc) + 1, sizeof(AVal));
    if (!av) { obj_raise_nomem(); goto done; }
    for (int i = 0; i < cn + nc; i++) av[i] = cg->avals[cg->in[i]];
    ncg = jit_trace_to_graph("while_cond", cn + nc, av, whileb_cond_fn, &wb, 1);
    if (!ncg) goto done;
    for (int i = 0; i < cn; i++) av[i] = cg->avals[cg->in[i]];
    for (int i = 0; i < bn + nc; i++) av[cn + i] = bg->avals[bg->in[i]];
    nbg = jit_trace_to_graph("while_body", cn + bn + nc, av, whileb_body_fn, &wb, nc + 1);
    if (!nbg) goto done;
    q.cond_nconsts = cn;
    q.body_nconsts = cn + bn;
    q.cond = ncg;
    q.body = nbg;
  }
  if (tr_bind(PRIM_while, nargs, args, &q, out) < 0) goto done;
  for (int j = 0; j < nc; j++) obd[j] = bm[bn + j] ? 0 : -1;
  rc = nc;
done:
  if (args) t_clear(args, nargs);
  ir_release(cg); ir_release(bg); ir_release(ncg); ir_release(nbg);
  free(bm); free(cm); free(force); free(cbd); free(bbd); free(o_bd); free(args); free(av);
  (void)batched_aval;
  return rc;
}

/* {=== scan: jvp, vjp, vmap ===} */
int flow_jvp_scan(PrimId id, const void *params, int nin, const Value *p, const Value *t, Value *out,
             Value *tout) {
  const PScan *ps = params;
  IrGraph *b = ps->body;
  int nk = ps->nconsts, nc = ps->ncarry, nx = nin - nk - nc, ny = b->nout - nc;
  uint8_t *nz = calloc((size_t)nin + 1, 1), *onz = calloc((size_t)b->nout + 1, 1);
  IrGraph *body = NULL;
  Value *in = NULL, *o = NULL;
  int rc = -1, made = 0;
  if (!nz || !onz) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < nin; i++) nz[i] = !VAL_IS_NULL(t[i]);
  carry_fixpoint(b, nk, nc, nz);
  for (int j = 0; j < nc; j++) {
    if (!dt_is_float(b->avals[b->in[nk + j]].dtype)) nz[nk + j] = 0;
    onz[j] = nz[nk + j];
  }
  body = graph_jvp(b, nz, onz);
  if (!body) goto done;
  int ntk = 0, ntc = 0, ntx = 0, nty = 0;
  for (int i = 0; i < nk; i++) ntk += nz[i];
  for (int j = 0; j < nc; j++) ntc += nz[nk + j];
  for (int i = 0; i < nx; i++) ntx += nz[nk + nc + i];
  for (int j = 0; j < ny; j++) nty += onz[nc + j];
  {
    /* inputs [k c x tk tc tx] -> [k tk c tc x tx]; outputs [c y tc ty] -> [c tc y ty] */
    int total = nin + ntk + ntc + ntx, q = 0;
    int *perm = malloc(sizeof(int) * (size_t)(total + b->nout + ntc + nty + 2));
    if (!perm) { obj_raise_nomem(); goto done; }
    for (int i = 0; i < nk; i++) perm[q++] = i;
    for (int i = 0; i < ntk; i++) perm[q++] = nin + i;
    for (int i = 0; i < nc; i++) perm[q++] = nk + i;
    for (int i = 0; i < ntc; i++) perm[q++] = nin + ntk + i;
    for (int i = 0; i < nx; i++) perm[q++] = nk + nc + i;
    for (int i = 0; i < ntx; i++) perm[q++] = nin + ntk + ntc + i;
    int r = permute(body->in, total, perm);
    q = 0;
    for (int j = 0; j < nc; j++) perm[q++] = j;
    for (int j = 0; j < ntc; j++) perm[q++] = b->nout + j;
    for (int j = 0; j < ny; j++) perm[q++] = nc + j;
    for (int j = 0; j < nty; j++) perm[q++] = b->nout + ntc + j;
    if (r == 0) r = permute(body->out, b->nout + ntc + nty, perm);
    free(perm);
    if (r < 0) goto done;
    free(body->last_use);
    body->last_use = NULL;
    in = calloc((size_t)total + 1, sizeof(Value));
    o = calloc((size_t)(b->nout + ntc + nty) + 1, sizeof(Value));
    if (!in || !o) { obj_raise_nomem(); goto done; }
    int k = 0;
    for (int i = 0; i < nk; i++) in[k++] = val_incref(p[i]);
    for (int i = 0; i < nk; i++) if (nz[i]) in[k++] = val_incref(t[i]);
    for (int i = 0; i < nc; i++) in[k++] = val_incref(p[nk + i]);
    for (int i = 0; i < nc; i++) {
      if (!nz[nk + i]) continue;
      in[k++] = VAL_IS_NULL(t[nk + i]) ? t_zeros(&b->avals[b->in[nk + i]]) : val_incref(t[nk + i]);
      if (VAL_IS_NULL(in[k - 1])) { made = k; goto done; }
    }
    for (int i = 0; i < nx; i++) in[k++] = val_incref(p[nk + nc + i]);
    for (int i = 0; i < nx; i++) if (nz[nk + nc + i]) in[k++] = val_incref(t[nk + nc + i]);
    made = k;
    PScan q2 = *ps;
    q2.nconsts = nk + ntk;
    q2.ncarry = nc + ntc;
    q2.body = body;
    int n = tr_bind(PRIM_scan, total, in, &q2, o);
    if (n < 0) goto done;
    int tc = nc, ty = nc + ntc + ny;
    for (int j = 0; j < nc; j++) { out[j] = o[j]; tout[j] = onz[j] ? o[tc++] : val_null(); }
    for (int j = 0; j < ny; j++) {
      out[nc + j] = o[nc + ntc + j];
      tout[nc + j] = onz[nc + j] ? o[ty++] : val_null();
    }
    rc = b->nout;
  }
done:
  if (in) t_clear(in, made);
  ir_release(body);
  free(nz); free(onz); free(in); free(o);
  return rc;
}

typedef struct ScanBwd {
  PScan ps;                 /* the primal scan's parameters (body unused) */
  int nk, nc, nx, ny;
  uint8_t *mask;            /* per body input: differentiated */
  int nres, *res_const;     /* residual r: const index or -1 (stacked) */
  Value *cres;              /* const residual values, per residual (V_NULL if stacked) */
  Value *sres;              /* stacked residuals (nsr) */
  int nsr;
  IrGraph *bwd;
  AVal *in_av, *out_av, *res_av;   /* body input / output / residual avals */
} ScanBwd;

static void scanbwd_free(void *c_) {
  ScanBwd *c = c_;
  for (int r = 0; r < c->nres; r++) val_decref(c->cres[r]);
  if (c->sres) t_clear(c->sres, c->nsr);
  free(c->cres); free(c->sres); free(c->mask); free(c->res_const);
  free(c->in_av); free(c->out_av); free(c->res_av);
  ir_release(c->bwd);
  free(c);
}

/* the backward scan's body: (const res, ct carry (D), acc (K), stacked res slices, ct y) */
typedef struct ScanBwdBody { ScanBwd *c; int nD, nK, nX, ncr, nfy; } ScanBwdBody;
static int scanbwd_body_fn(void *ctx, int nin, const Value *in, int *nout, Value *out) {
  ScanBwdBody *s = ctx;
  ScanBwd *c = s->c;
  int nfo = 0;
  for (int j = 0; j < c->nc + c->ny; j++) nfo += dt_is_float(c->out_av[j].dtype);
  Value *args = calloc((size_t)(c->nres + nfo) + 1, sizeof(Value));
  Value *made = calloc((size_t)nfo + 1, sizeof(Value));
  int ndiff = s->nK + s->nD + s->nX;
  Value *g = calloc((size_t)ndiff + 1, sizeof(Value));
  int rc = -1, ci = 0, si = 0;
  if (!args || !made || !g) { obj_raise_nomem(); goto done; }
  const Value *cr = in, *ctc = in + s->ncr, *acc = ctc + s->nD, *sr = acc + s->nK, *cty = sr + c->nsr;
  for (int r = 0; r < c->nres; r++) args[r] = c->res_const[r] >= 0 ? cr[ci++] : sr[si++];
  int k = c->nres, dq = 0, yq = 0, m = 0;
  for (int j = 0; j < c->nc + c->ny; j++) {
    if (!dt_is_float(c->out_av[j].dtype)) continue;
    if (j < c->nc) {
      if (c->mask[c->nk + j]) args[k++] = ctc[dq++];
      else { made[m] = t_zeros(&c->out_av[j]); if (VAL_IS_NULL(made[m])) goto done; args[k++] = made[m++]; }
    } else {
      args[k++] = cty[yq++];
    }
  }
  if (jit_graph_eval(c->bwd, args, g) < 0) goto done;
  /* grads in mask order: consts (K), carry (D), xs (X) */
  int o = 0;
  for (int j = 0; j < s->nD; j++) out[o++] = val_incref(g[s->nK + j]);
  for (int i = 0; i < s->nK; i++) {
    out[o] = t_add(acc[i], g[i]);
    if (VAL_IS_NULL(out[o])) { t_clear(out, o); goto done; }
    o++;
  }
  for (int i = 0; i < s->nX; i++) out[o++] = val_incref(g[s->nK + s->nD + i]);
  *nout = o;
  rc = 0;
done:
  if (g) t_clear(g, ndiff);
  if (made) t_clear(made, nfo);
  free(args); free(made); free(g);
  return rc;
}

static int scanbwd_backward(void *c_, int nout, const Value *ct, int nin, const uint8_t *need,
                            Value *ct_in) {
  ScanBwd *c = c_;
  int nK = 0, nD = 0, nX = 0, ncr = 0, nfy = 0;
  for (int i = 0; i < c->nk; i++) nK += c->mask[i];
  for (int j = 0; j < c->nc; j++) nD += c->mask[c->nk + j];
  for (int i = 0; i < c->nx; i++) nX += c->mask[c->nk + c->nc + i];
  for (int r = 0; r < c->nres; r++) ncr += c->res_const[r] >= 0;
  for (int j = 0; j < c->ny; j++) nfy += dt_is_float(c->out_av[c->nc + j].dtype);
  int nbin = ncr + nD + nK + c->nsr + nfy;
  AVal *av = calloc((size_t)nbin + 1, sizeof(AVal));
  Value *args = calloc((size_t)nbin + 1, sizeof(Value));
  Value *o = calloc((size_t)(nD + nK + nX) + 1, sizeof(Value));
  IrGraph *body = NULL;
  int rc = -1, k = 0;
  if (!av || !args || !o) { obj_raise_nomem(); goto done; }
  for (int r = 0; r < c->nres; r++)
    if (c->res_const[r] >= 0) { av[k] = c->res_av[r]; args[k++] = val_incref(c->cres[r]); }
  for (int j = 0; j < c->nc; j++) {
    if (!c->mask[c->nk + j]) continue;
    av[k] = c->in_av[c->nk + j];
    args[k++] = VAL_IS_NULL(ct[j]) ? t_zeros(&c->in_av[c->nk + j]) : val_incref(ct[j]);
    if (VAL_IS_NULL(args[k - 1])) goto done;
  }
  for (int i = 0; i < c->nk; i++) {
    if (!c->mask[i]) continue;
    av[k] = c->in_av[i];
    args[k++] = t_zeros(&c->in_av[i]);
    if (VAL_IS_NULL(args[k - 1])) goto done;
  }
  for (int r = 0, s = 0; r < c->nres; r++) {
    if (c->res_const[r] >= 0) continue;
    av[k] = c->res_av[r];
    args[k++] = val_incref(c->sres[s++]);
  }
  for (int j = 0; j < c->ny; j++) {
    const AVal *ya = &c->out_av[c->nc + j];
    if (!dt_is_float(ya->dtype)) continue;
    av[k] = *ya;
    if (VAL_IS_NULL(ct[c->nc + j])) {
      AVal st;
      batched_aval(ya, c->ps.length, &st);
      args[k++] = t_zeros(&st);
    } else {
      args[k++] = val_incref(ct[c->nc + j]);
    }
    if (VAL_IS_NULL(args[k - 1])) goto done;
  }
  {
    ScanBwdBody sb = {c, nD, nK, nX, ncr, nfy};
    body = jit_trace_to_graph("scan_bwd", nbin, av, scanbwd_body_fn, &sb, nD + nK + nX + 1);
    if (!body) goto done;
    PScan q = c->ps;
    q.reverse = !c->ps.reverse;
    q.nconsts = ncr;
    q.ncarry = nD + nK;
    q.body = body;
    if (tr_bind(PRIM_scan, nbin, args, &q, o) < 0) goto done;
  }
  {
    int d = 0;
    for (int j = 0; j < c->nc; j++) {
      if (!c->mask[c->nk + j]) continue;
      if (need[c->nk + j]) ct_in[c->nk + j] = o[d]; else val_decref(o[d]);
      o[d++] = val_null();
    }
    for (int i = 0; i < c->nk; i++) {
      if (!c->mask[i]) continue;
      if (need[i]) ct_in[i] = o[d]; else val_decref(o[d]);
      o[d++] = val_null();
    }
    for (int i = 0; i < c->nx; i++) {
      if (!c->mask[c->nk + c->nc + i]) continue;
      if (need[c->nk + c->nc + i]) ct_in[c->nk + c->nc + i] = o[d]; else val_decref(o[d]);
      o[d++] = val_null();
    }
  }
  rc = 0;
done:
  if (args) t_clear(args, k);
  ir_release(body);
  free(av); free(args); free(o);
  return rc;
}

int flow_vjp_scan(PrimId id, const void *params, int nin, const Value *p, const uint8_t *diff,
              Value *out, VjpClosure *cl) {
  const PScan *ps = params;
  IrGraph *b = ps->body;
  int nk = ps->nconsts, nc = ps->ncarry, nx = nin - nk - nc, ny = b->nout - nc;
  ScanBwd *c = calloc(1, sizeof *c);
  GraphVjp gv;
  memset(&gv, 0, sizeof gv);
  Value *o = NULL;
  int rc = -1;
  if (!c) { obj_raise_nomem(); return -1; }
  c->ps = *ps;
  c->ps.body = NULL;
  c->nk = nk; c->nc = nc; c->nx = nx; c->ny = ny;
  c->mask = calloc((size_t)nin + 1, 1);
  c->in_av = calloc((size_t)nin + 1, sizeof(AVal));
  c->out_av = calloc((size_t)b->nout + 1, sizeof(AVal));
  if (!c->mask || !c->in_av || !c->out_av) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < nin; i++) {
    c->mask[i] = diff[i] && dt_is_float(b->avals[b->in[i]].dtype);
    c->in_av[i] = b->avals[b->in[i]];
  }
  for (int j = 0; j < b->nout; j++) c->out_av[j] = b->avals[b->out[j]];
  carry_fixpoint(b, nk, nc, c->mask);
  for (int j = 0; j < nc; j++) if (!dt_is_float(c->in_av[nk + j].dtype)) c->mask[nk + j] = 0;
  if (graph_vjp(b, c->mask, &gv) < 0) goto done;
  c->nres = gv.nres;
  c->res_const = calloc((size_t)gv.nres + 1, sizeof(int));
  c->cres = calloc((size_t)gv.nres + 1, sizeof(Value));
  c->res_av = calloc((size_t)gv.nres + 1, sizeof(AVal));
  if (!c->res_const || !c->cres || !c->res_av) { obj_raise_nomem(); goto done; }
  {
    /* residuals that are scan constants are not stacked: the backward scan gets them as
       constants too */
    int *keep = malloc(sizeof(int) * (size_t)(gv.fwd->nout + 1));
    if (!keep) { obj_raise_nomem(); goto done; }
    int nkeep = 0;
    for (int j = 0; j < b->nout; j++) keep[nkeep++] = gv.fwd->out[j];
    for (int r = 0; r < gv.nres; r++) {
      int v = gv.fwd->out[b->nout + r];
      c->res_av[r] = gv.fwd->avals[v];
      c->res_const[r] = -1;
      for (int i = 0; i < nk; i++) if (gv.fwd->in[i] == v) c->res_const[r] = i;
      if (c->res_const[r] >= 0) c->cres[r] = val_incref(p[c->res_const[r]]);
      else keep[nkeep++] = v;
    }
    c->nsr = nkeep - b->nout;
    int r2 = ir_set_outputs(gv.fwd, nkeep, keep);
    free(keep);
    if (r2 < 0) { tr_engine_err(); goto done; }
  }
  o = calloc((size_t)(b->nout + c->nsr) + 1, sizeof(Value));
  c->sres = calloc((size_t)c->nsr + 1, sizeof(Value));
  if (!o || !c->sres) { obj_raise_nomem(); goto done; }
  {
    PScan q = *ps;
    q.body = gv.fwd;
    if (tr_bind(PRIM_scan, nin, p, &q, o) < 0) goto done;
  }
  for (int j = 0; j < b->nout; j++) out[j] = o[j];
  for (int s = 0; s < c->nsr; s++) c->sres[s] = o[b->nout + s];
  c->bwd = ir_retain(gv.bwd);
  cl->backward = scanbwd_backward;
  cl->ctx = c;
  cl->free = scanbwd_free;
  c = NULL;
  rc = b->nout;
done:
  if (c) scanbwd_free(c);
  ir_release(gv.fwd);
  ir_release(gv.bwd);
  free(o);
  return rc;
}

int flow_batch_scan(PrimId id, const void *params, int nin, const Value *in, const int *bd, int64_t size,
           Value *out, int *obd) {
  const PScan *ps = params;
  IrGraph *b = ps->body;
  int nk = ps->nconsts, nc = ps->ncarry, ny = b->nout - nc;
  uint8_t *m = calloc((size_t)nin + 1, 1), *force = calloc((size_t)b->nout + 1, 1);
  int *ibd = calloc((size_t)nin + 1, sizeof(int)), *o_bd = calloc((size_t)b->nout + 1, sizeof(int));
  Value *args = calloc((size_t)nin + 1, sizeof(Value));
  IrGraph *body = NULL;
  int rc = -1, made = 0;
  if (!m || !force || !ibd || !o_bd || !args) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < nin; i++) m[i] = bd[i] >= 0;
  carry_fixpoint(b, nk, nc, m);
  for (int i = 0; i < nin; i++) ibd[i] = m[i] ? 0 : -1;
  for (int j = 0; j < nc; j++) force[j] = m[nk + j];
  body = graph_batch(b, size, ibd, force, o_bd);
  if (!body) goto done;
  for (int i = 0; i < nin; i++) {
    if (i < nk + nc) args[i] = m[i] ? t_batch_at(in[i], bd[i], 0, size) : val_incref(in[i]);
    else args[i] = m[i] ? t_moveaxis(in[i], bd[i], 1) : val_incref(in[i]);
    made = i + 1;
    if (VAL_IS_NULL(args[i])) goto done;
  }
  {
    PScan q = *ps;
    q.body = body;
    if (tr_bind(PRIM_scan, nin, args, &q, out) < 0) goto done;
  }
  for (int j = 0; j < nc; j++) obd[j] = m[nk + j] ? 0 : -1;
  for (int j = 0; j < ny; j++) obd[nc + j] = o_bd[nc + j] >= 0 ? 1 : -1;
  rc = b->nout;
done:
  if (args) t_clear(args, made);
  ir_release(body);
  free(m); free(force); free(ibd); free(o_bd); free(args);
  return rc;
}

/* {=== the functions the modules export ===} */
const MethodDef flow_functions[] = {
    {"cond", lax_cond, "cond(pred, true_fun, false_fun, *operands): staged if/else", 0},
    {"switch", lax_switch, "switch(index, branches, *operands): staged multi-way branch", 0},
    {"while_loop", lax_while_loop, "while_loop(cond_fun, body_fun, init_val): staged while", 0},
    {"fori_loop", lax_fori_loop, "fori_loop(lower, upper, body_fun, init_val): staged for loop", 0},
    {"scan", lax_scan, "scan(f, init, xs=None, length=None, reverse=False, unroll=1)", 0},
    {"map", lax_map, "map(f, xs): apply f over the leading axis (staged)", 0},
    {NULL}};

const MethodDef flow_debug_functions[] = {
    {"print", debug_print, "print(fmt, *args, **kwargs): print values when the program runs", 0},
    {"callback", debug_callback, "callback(f, *args): call f with the values when the program runs", 0},
    {NULL}};

/* {=== jax.pure_callback ===} */
/* leaves that are not arrays (shapes, dtypes, Python numbers) stay in `tmpl`, the operands
 * fill the positions flagged in `dyn` */
typedef struct PureCb { Value fn; TreeDef *in_tree; TreeDef *out_tree; Value tmpl; uint8_t *dyn; } PureCb;
static PureCb *pure_cbs;
static int n_pure_cbs, cap_pure_cbs;

/* call fn on a flattened (args, kwargs) tree; results flattened (new refs in res) */
static int pure_call(Value fn, TreeDef *in_tree, int n, const Value *vals, Value *resl) {
  Value tree = tree_unflatten(in_tree, vals, n);
  if (VAL_IS_NULL(tree)) return -1;
  Value args = TUPLE(tree.u.o)->items[0], kwd = TUPLE(tree.u.o)->items[1];
  int64_t na = TUPLE(args.u.o)->len, nk = dict_len(kwd);
  Value *argv = calloc((size_t)(na + nk) + 1, sizeof(Value));
  Value names = nk ? tuple_new(nk) : val_null();
  Value r = val_null();
  if (argv) {
    ir_memcpy(argv, TUPLE(args.u.o)->items, sizeof(Value) * (size_t)na);
    int64_t it = 0, i = 0;
    Value k, v;
    while (nk && dict_next(kwd, &it, &k, &v)) { TUPLE_SET(names, i, val_incref(k)); argv[na + i++] = v; }
    r = op_call(fn, (int)na, argv, nk ? names.u.o : NULL);
  } else {
    obj_raise_nomem();
  }
  free(argv);
  val_decref(names);
  val_decref(tree);
  if (VAL_IS_NULL(r)) return -1;
  *resl = r;
  return 0;
}

static int host_call(int id, int n, Array *const *vals, int nout, const AVal *out, Array **res) {
  if (id < 0 || id >= n_pure_cbs) return arr_err(ERR_INTERNAL, "pure_callback: unknown callback");
  PureCb *c = &pure_cbs[id];
  Value *v = calloc((size_t)n + 1, sizeof(Value));
  if (!v) return arr_err(ERR_MEMORY, "out of memory");
  int rc = 0, made = 0;
  for (int i = 0; i < n && rc == 0; i++) {
    v[i] = lx_wrap(arr_retain(vals[i]), FAM_JAX);
    if (VAL_IS_NULL(v[i])) rc = -1;
  }
  Value r = val_null(), l = val_null();
  TreeDef *td = NULL;
  int nl = (int)tree_nleaves(c->in_tree);
  Value *all = rc == 0 ? calloc((size_t)nl + 1, sizeof(Value)) : NULL;
  if (rc == 0 && !all) rc = arr_err(ERR_MEMORY, "out of memory");
  if (rc == 0) {
    for (int i = 0, k = 0; i < nl; i++)
      all[i] = c->dyn[i] && k < n ? v[k++] : LIST(c->tmpl.u.o)->items[i];
    rc = pure_call(c->fn, c->in_tree, nl, all, &r);
  }
  free(all);
  if (rc == 0) {
    l = list_new(0);
    td = VAL_IS_NULL(l) ? NULL : tree_flatten(r, l, 0);
    if (!td) rc = -1;
    else if (!tree_equal(td, c->out_tree) || LIST(l.u.o)->len != nout) {
      obj_raise(&exc_TypeError, "pure_callback: the callback returned a structure that differs "
                "from result_shape_dtypes");
      rc = -1;
    }
  }
  for (int k = 0; k < nout && rc == 0; k++) {
    Value a = lx_asarray(LIST(l.u.o)->items[k], FAM_JAX, out[k].dtype, 0);
    if (VAL_IS_NULL(a)) { rc = -1; break; }
    Array *x = lx_arr(a);
    int ok = x && x->ndim == out[k].ndim && x->dtype == out[k].dtype;
    for (int d = 0; ok && d < x->ndim; d++) ok = x->shape[d] == out[k].shape[d];
    if (!ok) {
      char s[200];
      ir_aval_str(&out[k], s, sizeof s);
      obj_raise(&exc_TypeError, "pure_callback: result %d should have type %s", k, s);
      val_decref(a);
      rc = -1;
      break;
    }
    res[k] = arr_retain(x);
    made = k + 1;
    val_decref(a);
  }
  if (rc < 0) for (int k = 0; k < made; k++) { arr_release(res[k]); res[k] = NULL; }
  tree_free(td);
  val_decref(l);
  val_decref(r);
  t_clear(v, n);
  free(v);
  return rc < 0 ? arr_err(ERR_NONE, "%s", "") : 0;
}

/* Run fn(*args, **kw) at run time with concrete values; result_shape_dtypes (a pytree of
 * objects with .shape and .dtype) gives its outputs. Eagerly it is just the call. */
Value flow_pure_callback(Value fn, Value spec, int argc, const Value *argv, Obj *kw) {
  if (!op_callable(fn)) return obj_raise(&exc_TypeError, "pure_callback: callback must be callable");
  if (lx_current() == lx_eval_interp()) {
    Value r = op_call(fn, argc, argv, kw);
    return r;
  }
  PHostCall hc;
  memset(&hc, 0, sizeof hc);
  Value sl = list_new(0), tree = val_null(), leaves = list_new(0), r = val_null();
  TreeDef *st = NULL, *it = NULL;
  Value *ops = NULL, *outs = NULL;
  int n = 0, nops = 0;
  if (VAL_IS_NULL(sl) || VAL_IS_NULL(leaves)) goto done;
  st = tree_flatten(spec, sl, 0);
  if (!st) goto done;
  hc.nout = (int)LIST(sl.u.o)->len;
  if (hc.nout > PHOST_MAX_OUT) { obj_raise(&exc_ValueError, "pure_callback: at most %d results", PHOST_MAX_OUT); goto done; }
  for (int k = 0; k < hc.nout; k++) {
    Value s = LIST(sl.u.o)->items[k];
    Value shp = op_getattr_s(s, "shape"), dt = VAL_IS_NULL(shp) ? shp : op_getattr_s(s, "dtype");
    int nd = VAL_IS_NULL(dt) ? -1 : lx_parse_shape(shp, hc.out[k].shape);
    int d = nd < 0 ? -2 : lx_parse_dtype(dt, FAM_JAX);
    val_decref(shp);
    val_decref(dt);
    if (nd < 0 || d < 0) {
      if (!obj_err_occurred() || d == -1) obj_raise(&exc_TypeError, "pure_callback: result_shape_dtypes leaves need .shape and .dtype");
      goto done;
    }
    hc.out[k].ndim = nd;
    hc.out[k].dtype = (DType)d;
  }
  {
    Value args = tuple_from(argc, argv), kwd = dict_new();
    int nkw = func_kwcount(kw);
    for (int i = 0; i < nkw && !VAL_IS_NULL(kwd); i++)
      if (dict_setstr(kwd, func_kwname(kw, i), argv[argc + i]) < 0) { val_decref(kwd); kwd = val_null(); }
    if (!VAL_IS_NULL(args) && !VAL_IS_NULL(kwd)) tree = tuple_pack(2, args, kwd);
    val_decref(args);
    val_decref(kwd);
    if (VAL_IS_NULL(tree)) goto done;
  }
  it = tree_flatten(tree, leaves, 0);
  if (!it) goto done;
  n = (int)LIST(leaves.u.o)->len;
  ops = calloc((size_t)n + 2, sizeof(Value));
  outs = calloc((size_t)hc.nout + 1, sizeof(Value));
  if (!ops || !outs) { obj_raise_nomem(); goto done; }
  uint8_t *dyn = calloc((size_t)n + 1, 1);
  if (!dyn) { obj_raise_nomem(); goto done; }
  {
    int k = 0;
    for (int i = 0; i < n; i++) {
      Value x = LIST(leaves.u.o)->items[i];
      if (!lx_is_arraylike(x)) continue;   /* shapes, dtypes, numbers: passed as they are */
      dyn[i] = 1;
      ops[k++] = val_incref(x);
    }
    nops = k;
  }
  if (n_pure_cbs == cap_pure_cbs) {
    int nc = cap_pure_cbs ? cap_pure_cbs * 2 : 16;
    PureCb *np = realloc(pure_cbs, sizeof(PureCb) * (size_t)nc);
    if (!np) { free(dyn); obj_raise_nomem(); goto done; }
    pure_cbs = np;
    cap_pure_cbs = nc;
  }
  pure_cbs[n_pure_cbs] = (PureCb){val_incref(fn), it, st, val_incref(leaves), dyn};
  it = st = NULL;
  hc.id = n_pure_cbs++;
  {
    int nin = nops;
    if (nin == 0) { ops[0] = t_scalar(DT_INT32, 0, 0); nin = 1; nops = 1; }   /* a primitive needs an operand */
    if (tr_bind(PRIM_pure_callback, nin, ops, &hc, outs) >= 0) {
      r = tree_unflatten(pure_cbs[hc.id].out_tree, outs, hc.nout);
      t_clear(outs, hc.nout);
    }
  }
done:
  if (ops) t_clear(ops, nops);
  free(ops);
  free(outs);
  tree_free(st);
  tree_free(it);
  val_decref(sl);
  val_decref(leaves);
  val_decref(tree);
  return r;
}

static Value m_pure_callback(int argc, const Value *argv, Obj *kw) {
  /* pure_callback(callback, result_shape_dtypes, *args, vmap_method=None, **kwargs) */
  if (argc < 2) return obj_raise(&exc_TypeError, "pure_callback(callback, result_shape_dtypes, *args)");
  int nkw = func_kwcount(kw);
  Value names = val_null();
  int keep = 0;
  Value *av = calloc((size_t)(argc + nkw) + 1, sizeof(Value));
  if (!av) return obj_raise_nomem();
  for (int i = 2; i < argc; i++) av[i - 2] = argv[i];
  Value kn = list_new(0);
  for (int i = 0; i < nkw && !VAL_IS_NULL(kn); i++) {
    const char *nm = func_kwname(kw, i);
    if (!strcmp(nm, "vmap_method") || !strcmp(nm, "vectorized") || !strcmp(nm, "sharding")) continue;
    av[argc - 2 + keep++] = argv[argc + i];
    list_append_steal(kn, str_from_cstr(nm));
  }
  if (keep && !VAL_IS_NULL(kn)) names = tuple_from(LIST(kn.u.o)->len, LIST(kn.u.o)->items);
  Value r = flow_pure_callback(argv[0], argv[1], argc - 2, av, keep ? names.u.o : NULL);
  val_decref(kn);
  val_decref(names);
  free(av);
  return r;
}

/* under vmap: one call per batch element, the results stacked */
int flow_batch_hostcall(PrimId id, const void *params, int nin, const Value *in, const int *bd,
               int64_t size, Value *out, int *obd) {
  const PHostCall *h = params;
  Value *ops = calloc((size_t)nin + 1, sizeof(Value));
  Value *res = calloc((size_t)h->nout * (size_t)(size > 0 ? size : 1) + 1, sizeof(Value));
  int rc = 0;
  if (!ops || !res) { free(ops); free(res); obj_raise_nomem(); return -1; }
  for (int64_t b = 0; b < size && rc == 0; b++) {
    if (batch_element(nin, in, bd, b, ops) < 0) { rc = -1; break; }
    if (tr_bind(id, nin, ops, params, res + (size_t)b * (size_t)h->nout) < 0) rc = -1;
    t_clear(ops, nin);
  }
  for (int k = 0; k < h->nout && rc == 0; k++) {
    Value *parts = calloc((size_t)size + 1, sizeof(Value));
    if (!parts) { obj_raise_nomem(); rc = -1; break; }
    int64_t sh[ARR_MAXDIM];
    sh[0] = 1;
    ir_memcpy(sh + 1, h->out[k].shape, sizeof(int64_t) * (size_t)h->out[k].ndim);
    for (int64_t b = 0; b < size && rc == 0; b++) {
      parts[b] = t_reshape(res[(size_t)b * (size_t)h->nout + (size_t)k], h->out[k].ndim + 1, sh);
      if (VAL_IS_NULL(parts[b])) rc = -1;
    }
    if (rc == 0) {
      if (size == 0) {
        AVal z = h->out[k];
        ir_memmove(z.shape + 1, z.shape, sizeof(int64_t) * (size_t)z.ndim);
        z.shape[0] = 0;
        z.ndim++;
        out[k] = t_zeros(&z);
      } else {
        out[k] = t_concat((int)size, parts, 0);
      }
      obd[k] = 0;
      if (VAL_IS_NULL(out[k])) { t_clear(out, k); rc = -1; }
    }
    for (int64_t b = 0; b < size; b++) val_decref(parts[b]);
    free(parts);
  }
  for (int64_t i = 0; i < (int64_t)h->nout * size; i++) val_decref(res[i]);
  free(res);
  free(ops);
  return rc < 0 ? -1 : h->nout;
}

/* JAX: a pure_callback has no derivative of its own; the user gives one with custom_jvp. */
int flow_jvp_hostcall(PrimId id, const void *params, int nin, const Value *p, const Value *t,
                 Value *out, Value *tout) {
  const PHostCall *h = params;
  char nm[96] = "<callback>";
  if (h->id >= 0 && h->id < n_pure_cbs) {
    Value n = op_getattr_s(pure_cbs[h->id].fn, "__name__");
    if (VAL_IS_STR(n)) snprintf(nm, sizeof nm, "%s", str_cstr(n));
    else obj_err_clear();
    val_decref(n);
  }
  obj_raise(&exc_ValueError, "Pure callbacks do not support JVP: jax.pure_callback(%s, ...) was "
            "differentiated. Please use `jax.custom_jvp` (or `jax.custom_vjp`) around the function "
            "that calls it to use callbacks while taking gradients.", nm);
  return -1;
}

const MethodDef flow_callback_functions[] = {
    {"pure_callback", m_pure_callback, "pure_callback(callback, result_shape_dtypes, *args): run a host function on concrete values", 0},
    {NULL}};

static void control_init_host(void) { ir_host_call = host_call; }

/* {=== custom_jvp / custom_vjp staged ===}
 * Called under a staging trace (jit, a control-flow body), a custom function becomes a
 * custom_jvp_call / custom_vjp_call equation holding the function's graph and its rule's
 * graph, so that grad or vmap applied to the staged program later still use the rule (JAX's
 * custom_jvp_call). The callables come from sable._autodiff._custom_flat, over the flat leaves
 * of the differentiable arguments. A custom_vjp's backward function stays a language function,
 * kept in a table whose index the equation holds. */
typedef struct CustomBwd { Value bwd; TreeDef *out_tree, *pair_tree; int nout, nres; } CustomBwd;
static CustomBwd *custom_bwds;
static int n_custom_bwds, cap_custom_bwds;

static int custom_bwd_add(Value bwd, TreeDef *out_tree, TreeDef *pair_tree, int nout, int nres) {
  if (n_custom_bwds == cap_custom_bwds) {
    int nc = cap_custom_bwds ? cap_custom_bwds * 2 : 16;
    CustomBwd *nb = realloc(custom_bwds, sizeof(CustomBwd) * (size_t)nc);
    if (!nb) { obj_raise_nomem(); return -1; }
    custom_bwds = nb;
    cap_custom_bwds = nc;
  }
  TreeDef *a = tree_copy(out_tree), *b = tree_copy(pair_tree);
  if (!a || !b) { tree_free(a); tree_free(b); if (!obj_err_occurred()) obj_raise_nomem(); return -1; }
  custom_bwds[n_custom_bwds] = (CustomBwd){val_incref(bwd), a, b, nout, nres};
  return n_custom_bwds++;
}

static int all_same_type(const IrGraph *a, int ka, const IrGraph *b, int kb, int n) {
  for (int i = 0; i < n; i++) {
    const AVal *x = &a->avals[a->out[ka + i]], *y = &b->avals[b->out[kb + i]];
    if (x->dtype != y->dtype || x->ndim != y->ndim) return 0;
    for (int d = 0; d < x->ndim; d++) if (x->shape[d] != y->shape[d]) return 0;
  }
  return 1;
}

Value flow_custom_stage(int is_vjp, Value f, Value rule, Value bwd, Value leaves) {
  int n = (int)LIST(leaves.u.o)->len;
  Value *arrs = calloc((size_t)n + 1, sizeof(Value));
  AVal *av = calloc((size_t)n * 2 + 1, sizeof(AVal));
  Traced t[2];
  memset(t, 0, sizeof t);
  Value *caps = NULL, *ins = NULL, *outs = NULL, r = val_null(), ptuple = val_null();
  TreeDef *in_tree = NULL, *rule_tree = NULL;
  int ncap = 0, nout = 0, ok = 0;
  if (!arrs || !av) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < n; i++) {
    arrs[i] = as_array(LIST(leaves.u.o)->items[i]);
    if (VAL_IS_NULL(arrs[i]) || lx_aval(arrs[i], &av[i]) < 0) goto done;
    av[n + i] = av[i];
  }
  /* the function over the leaves as positional arguments */
  ptuple = tuple_from(n, arrs);
  if (VAL_IS_NULL(ptuple)) goto done;
  {
    Value l = list_new(0);
    in_tree = VAL_IS_NULL(l) ? NULL : tree_flatten(ptuple, l, 0);
    val_decref(l);
  }
  if (!in_tree || trace_fun(f, is_vjp ? "custom_vjp" : "custom_jvp", in_tree, n, av, 1, &t[0]) < 0)
    goto done;
  nout = t[0].g->nout;
  /* the rule: jvp(P, T) over two tuples of leaves, or fwd(*leaves) */
  if (!is_vjp) {
    Value pair = tuple_pack(2, ptuple, ptuple), l = list_new(0);
    rule_tree = (VAL_IS_NULL(pair) || VAL_IS_NULL(l)) ? NULL : tree_flatten(pair, l, 0);
    val_decref(pair);
    val_decref(l);
    if (!rule_tree || trace_fun(rule, "custom_jvp rule", rule_tree, 2 * n, av, 1, &t[1]) < 0) goto done;
    if (t[1].g->nout != 2 * nout || !all_same_type(t[0].g, 0, t[1].g, 0, nout)) {
      obj_raise(&exc_TypeError, "Custom JVP rule must produce primal outputs with the same "
                "structure, shapes and dtypes as the custom_jvp function's outputs");
      goto done;
    }
  } else {
    if (trace_fun(rule, "custom_vjp fwd", in_tree, n, av, 1, &t[1]) < 0) goto done;
    if (t[1].g->nout < nout || !all_same_type(t[0].g, 0, t[1].g, 0, nout)) {
      obj_raise(&exc_TypeError, "Custom VJP fwd rule must produce a pair whose first element "
                "has the structure, shapes and dtypes of the custom_vjp function's outputs");
      goto done;
    }
  }
  if (unify_caps(2, t, &caps, &ncap) < 0) goto done;
  ins = calloc((size_t)(ncap + n) + 1, sizeof(Value));
  outs = calloc((size_t)nout + 1, sizeof(Value));
  if (!ins || !outs) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < ncap; i++) ins[i] = caps[i];
  for (int i = 0; i < n; i++) ins[ncap + i] = arrs[i];
  if (!is_vjp) {
    PCustomJvp p = {ncap, t[0].g, t[1].g};
    ok = tr_bind(PRIM_custom_jvp_call, ncap + n, ins, &p, outs) >= 0;
  } else {
    int id = custom_bwd_add(bwd, t[0].out_tree, t[1].out_tree, nout, t[1].g->nout - nout);
    PCustomVjp p = {ncap, id, t[0].g, t[1].g};
    ok = id >= 0 && tr_bind(PRIM_custom_vjp_call, ncap + n, ins, &p, outs) >= 0;
  }
  if (ok) {
    r = tree_unflatten(t[0].out_tree, outs, nout);
    t_clear(outs, nout);
  }
done:
  if (arrs) t_clear(arrs, n);
  free(arrs);
  free(av);
  for (int i = 0; i < ncap; i++) val_decref(caps[i]);
  free(caps);
  free(ins);
  free(outs);
  traced_free(&t[0]);
  traced_free(&t[1]);
  tree_free(in_tree);
  tree_free(rule_tree);
  val_decref(ptuple);
  return r;
}

/* The operands of a rule graph: consts, primals, then (jvp) the primals' tangents, zeros
 * where absent (new refs). */
static Value *custom_operands(int nin, const Value *p, const Value *t, int nconsts) {
  int np = nin - nconsts;
  Value *in = calloc((size_t)(nin + (t ? np : 0)) + 1, sizeof(Value));
  if (!in) { obj_raise_nomem(); return NULL; }
  for (int i = 0; i < nin; i++) in[i] = val_incref(p[i]);
  for (int i = 0; t && i < np; i++) {
    Value ti = t[nconsts + i];
    if (!VAL_IS_NULL(ti)) { in[nin + i] = val_incref(ti); continue; }
    AVal av;
    if (lx_aval(p[nconsts + i], &av) < 0 || VAL_IS_NULL(in[nin + i] = t_zeros(&av))) {
      t_clear(in, nin + i);
      free(in);
      return NULL;
    }
  }
  return in;
}

/* forward mode: the staged rule, evaluated at the current interpreter (tangents of the
 * captured consts are dropped: a custom rule decides the derivative of its arguments) */
int flow_jvp_custom_call(PrimId id, const void *params, int nin, const Value *p, const Value *t,
                    Value *out, Value *tout) {
  if (id == PRIM_custom_vjp_call) {
    obj_raise(&exc_TypeError, "can't apply forward-mode autodiff (jvp) to a custom_vjp function.");
    return -1;
  }
  const PCustomJvp *c = params;
  int np = nin - c->nconsts, nout = c->fun->nout;
  Value *in = custom_operands(nin, p, t, c->nconsts);
  Value *o = calloc((size_t)(2 * nout) + 1, sizeof(Value));
  int rc = -1;
  if (in && o && jit_graph_eval(c->jvp, in, o) >= 0) {
    for (int k = 0; k < nout; k++) {
      out[k] = o[k];
      tout[k] = t_is_float(o[k]) ? o[nout + k] : val_null();
      if (VAL_IS_NULL(tout[k])) val_decref(o[nout + k]);
    }
    rc = nout;
  } else if (!in || !o) {
    if (!obj_err_occurred()) obj_raise_nomem();
  }
  if (in) t_clear(in, nin + np);
  free(in);
  free(o);
  return rc;
}

/* reverse mode of custom_vjp_call: the fwd graph now, the language's bwd later */
typedef struct CvjpCtx { int bwd, nconsts, nout, nres; Value *res; AVal *out_av; } CvjpCtx;
static void cvjp_free(void *p) {
  CvjpCtx *c = p;
  t_clear(c->res, c->nres);
  free(c->res);
  free(c->out_av);
  free(c);
}
static int cvjp_backward(void *p, int nout, const Value *ct, int nin, const uint8_t *need,
                         Value *ct_in) {
  CvjpCtx *c = p;
  CustomBwd *b = &custom_bwds[c->bwd];
  int np = nin - c->nconsts, rc = -1;
  Value *cts = calloc((size_t)(nout + c->nres) + 1, sizeof(Value));
  Value ctree = val_null(), pair = val_null(), r = val_null(), l = val_null();
  TreeDef *td = NULL;
  if (!cts) { obj_raise_nomem(); return -1; }
  for (int k = 0; k < nout; k++) {
    cts[k] = VAL_IS_NULL(ct[k]) ? t_zeros(&c->out_av[k]) : val_incref(ct[k]);
    if (VAL_IS_NULL(cts[k])) goto done;
  }
  for (int k = 0; k < c->nres; k++) cts[nout + k] = val_incref(c->res[k]);
  ctree = tree_unflatten(b->out_tree, cts, nout);
  pair = VAL_IS_NULL(ctree) ? ctree : tree_unflatten(b->pair_tree, cts, nout + c->nres);
  if (VAL_IS_NULL(pair)) goto done;
  {
    Value args[2] = {TUPLE(pair.u.o)->items[1], ctree};
    r = op_call(b->bwd, 2, args, NULL);
  }
  if (VAL_IS_NULL(r)) goto done;
  l = list_new(0);
  td = VAL_IS_NULL(l) ? NULL : tree_flatten(r, l, 1);
  if (!td) goto done;
  if (LIST(l.u.o)->len != np) {
    obj_raise(&exc_TypeError, "Custom VJP bwd rule must produce one cotangent per "
              "differentiable argument leaf (%d), got %lld", np, (long long)LIST(l.u.o)->len);
    goto done;
  }
  rc = 0;
  for (int i = 0; i < np && rc == 0; i++) {
    Value v = LIST(l.u.o)->items[i];
    if (!need[c->nconsts + i] || VAL_IS_NONE(v)) continue;
    ct_in[c->nconsts + i] = as_array(v);
    if (VAL_IS_NULL(ct_in[c->nconsts + i])) rc = -1;
  }
done:
  t_clear(cts, nout + c->nres);
  free(cts);
  tree_free(td);
  val_decref(l); val_decref(r); val_decref(pair); val_decref(ctree);
  return rc;
}

int flow_vjp_custom_call(PrimId id, const void *params, int nin, const Value *p, const uint8_t *diff,
                     Value *out, VjpClosure *cl) {
  const PCustomVjp *c = params;
  int nout = c->fun->nout, nres = c->fwd->nout - nout;
  Value *o = calloc((size_t)c->fwd->nout + 1, sizeof(Value));
  CvjpCtx *x = calloc(1, sizeof *x);
  if (!o || !x) { free(o); free(x); obj_raise_nomem(); return -1; }
  if (jit_graph_eval(c->fwd, p, o) < 0) { free(o); free(x); return -1; }
  x->bwd = c->bwd;
  x->nconsts = c->nconsts;
  x->nout = nout;
  x->nres = nres;
  x->res = calloc((size_t)nres + 1, sizeof(Value));
  x->out_av = calloc((size_t)nout + 1, sizeof(AVal));
  if (!x->res || !x->out_av) { t_clear(o, c->fwd->nout); free(o); cvjp_free(x); obj_raise_nomem(); return -1; }
  for (int k = 0; k < nout; k++) {
    out[k] = o[k];
    x->out_av[k] = c->fun->avals[c->fun->out[k]];
  }
  for (int k = 0; k < nres; k++) x->res[k] = o[nout + k];
  free(o);
  cl->backward = cvjp_backward;
  cl->ctx = x;
  cl->free = cvjp_free;
  return nout;
}

/* vmap: both graphs batched (every output batched at 0); a custom_vjp's bwd vmapped too
 * (sable._autodiff._custom_bwd_batched sums the cotangents of unbatched operands) */
int flow_batch_custom_call(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                  int64_t size, Value *out, int *obd) {
  int jv = id == PRIM_custom_jvp_call;
  IrGraph *fun = jv ? ((const PCustomJvp *)params)->fun : ((const PCustomVjp *)params)->fun;
  IrGraph *rg = jv ? ((const PCustomJvp *)params)->jvp : ((const PCustomVjp *)params)->fwd;
  int nconsts = jv ? ((const PCustomJvp *)params)->nconsts : ((const PCustomVjp *)params)->nconsts;
  int np = nin - nconsts, nout = fun->nout, rc = -1;
  Value *args = calloc((size_t)nin + 1, sizeof(Value));
  int *ib = calloc((size_t)(nin + np) + 1, sizeof(int)), *ob = calloc((size_t)rg->nout + 1, sizeof(int));
  uint8_t *force = calloc((size_t)rg->nout + 1, 1);
  IrGraph *f2 = NULL, *r2 = NULL;
  Value bb = val_null(), flags = val_null();
  if (!args || !ib || !ob || !force) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < nin; i++) {
    args[i] = bd[i] >= 0 ? t_moveaxis(in[i], bd[i], 0) : val_incref(in[i]);
    if (VAL_IS_NULL(args[i])) { t_clear(args, i); goto done; }
    ib[i] = bd[i] >= 0 ? 0 : -1;
  }
  for (int i = 0; i < np; i++) ib[nin + i] = ib[nconsts + i];   /* tangents as their primals */
  memset(force, 1, (size_t)rg->nout);
  f2 = graph_batch(fun, size, ib, force, ob);
  r2 = f2 ? graph_batch(rg, size, ib, force, ob) : NULL;
  if (!r2) goto done_args;
  if (jv) {
    PCustomJvp p = {nconsts, f2, r2};
    rc = tr_bind(id, nin, args, &p, out);
  } else {
    const CustomBwd *b = &custom_bwds[((const PCustomVjp *)params)->bwd];
    flags = tuple_new(np);
    if (VAL_IS_NULL(flags)) goto done_args;
    for (int i = 0; i < np; i++) TUPLE_SET(flags, i, val_bool(bd[nconsts + i] >= 0));
    Value m = module_import("sable._autodiff"), fn = val_null();
    if (!VAL_IS_NULL(m)) { fn = op_getattr_s(m, "_custom_bwd_batched"); val_decref(m); }
    if (VAL_IS_NULL(fn)) goto done_args;
    Value a3[3] = {b->bwd, val_int(size), flags};
    bb = op_call(fn, 3, a3, NULL);
    val_decref(fn);
    if (VAL_IS_NULL(bb)) goto done_args;
    int nid = custom_bwd_add(bb, b->out_tree, b->pair_tree, b->nout, b->nres);
    if (nid < 0) goto done_args;
    PCustomVjp p = {nconsts, nid, f2, r2};
    rc = tr_bind(id, nin, args, &p, out);
  }
  for (int k = 0; k < rc; k++) obd[k] = 0;
done_args:
  t_clear(args, nin);
done:
  ir_release(f2);
  ir_release(r2);
  val_decref(bb);
  val_decref(flags);
  free(args); free(ib); free(ob); free(force);
  return rc < 0 ? -1 : nout;
}
