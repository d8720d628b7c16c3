/* mod_transform.c - the language face of the transformations: grad, value_and_grad, jvp, vjp,
 * linearize, vmap, pmap, jit, make_jaxpr, custom_jvp/custom_vjp, stop_gradient, and the modules
 * sable.transforms (re-exported by `jax`), sable.lax_control (by `jax.lax`), jax.tree_util,
 * jax.tree, jax.debug and jax.errors. jacfwd/jacrev/hessian are Sable code (sable._autodiff). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "core/modtable.h"
#include "transform.h"
#include "coll.h"


static void lx_transform_init(void) {
  static int done;
  if (done) return;
  done = 1;
  flow_init();
  jit_init();
}

/* {=== helpers ===} */
static Value to_jax(Value v) {
  if (tr_is_tracer(v)) return val_incref(v);
  if (lx_is_arr(v) && v.u.o->type == &lx_jax_type) return val_incref(v);
  return lx_asarray(v, FAM_JAX, -1, 0);
}

static int is_float_leaf(Value v, DType *d) {
  AVal av;
  if (lx_aval(v, &av) < 0) return -1;
  *d = av.dtype;
  return dt_is_float(av.dtype);
}

/* argnums: an int or a tuple of ints; returns the count (or -1) and whether it was an int */
static int parse_argnums(Value v, int *out, int max, int *single) {
  *single = 0;
  if (VAL_IS_NULL(v)) { out[0] = 0; *single = 1; return 1; }
  if (VAL_IS_INTLIKE(v)) { out[0] = (int)v.u.i; *single = 1; return 1; }
  if (!VAL_IS_TUPLE(v) && !VAL_IS_LIST(v)) {
    obj_raise(&exc_TypeError, "argnums must be an int or a tuple of ints, got %s", op_type_name(v));
    return -1;
  }
  int64_t n = VAL_IS_TUPLE(v) ? TUPLE(v.u.o)->len : LIST(v.u.o)->len;
  if (n > max) { obj_raise(&exc_ValueError, "too many argnums"); return -1; }
  for (int64_t i = 0; i < n; i++) {
    Value it = VAL_IS_TUPLE(v) ? TUPLE(v.u.o)->items[i] : LIST(v.u.o)->items[i];
    if (!VAL_IS_INTLIKE(it)) { obj_raise(&exc_TypeError, "argnums must contain ints"); return -1; }
    out[i] = (int)it.u.i;
  }
  return (int)n;
}

/* {=== grad / value_and_grad ===} */
typedef struct GradCtx {
  Value fun;
  int nargnums, argnums[32], single;
  int has_aux, value_and_grad, allow_int;
} GradCtx;

static void gradctx_free(void *p) {
  GradCtx *g = p;
  val_decref(g->fun);
  free(g);
}

/* replace the tracers of t in a pytree by their primals (aux outputs) */
static Value strip_trace(LxTrace *t, Value tree) {
  Value leaves = list_new(0);
  if (VAL_IS_NULL(leaves)) return leaves;
  TreeDef *td = tree_flatten(tree, leaves, 0);
  if (!td) { val_decref(leaves); return val_null(); }
  int64_t n = LIST(leaves.u.o)->len;
  for (int64_t i = 0; i < n; i++) {
    Value *it = &LIST(leaves.u.o)->items[i];
    Tracer *x = tr_own(t, *it);
    if (x) { Value p = val_incref(x->a); val_decref(*it); *it = p; }
  }
  Value r = tree_unflatten(td, LIST(leaves.u.o)->items, n);
  tree_free(td);
  val_decref(leaves);
  return r;
}

/* One differentiated argument: its leaves and treedef, the tape variable of each leaf (-1:
 * not differentiated) and the argument rebuilt with tracers in place of its float leaves. */
typedef struct GradIn {
  TreeDef *td;
  Value leaves;      /* list */
  int n;             /* leaf count */
  int *vars;
  Value replaced;
} GradIn;

static int check_argnums(const GradCtx *g, int argc) {
  for (int k = 0; k < g->nargnums; k++) {
    int a = g->argnums[k];
    if (a < 0) a += argc;
    if (a < 0 || a >= argc) {
      obj_raise(&exc_TypeError, "differentiating with respect to argnums=%d requires at "
                "least %d positional arguments to be passed by the caller, but got only %d "
                "positional arguments.", g->argnums[k], g->argnums[k] + 1, argc);
      return -1;
    }
  }
  return 0;
}

/* Flattens arg into in: its float leaves become inputs of the tape of V (other leaves pass as
 * they are when allow_int), and in->replaced is arg rebuilt from them. */
static int grad_input(const GradCtx *g, LxTrace *V, Value arg, GradIn *in) {
  in->leaves = list_new(0);
  if (VAL_IS_NULL(in->leaves)) return -1;
  in->td = tree_flatten(arg, in->leaves, 0);
  if (!in->td) return -1;
  int n = in->n = (int)LIST(in->leaves.u.o)->len;
  in->vars = calloc((size_t)n + 1, sizeof(int));
  Value *tl = calloc((size_t)n + 1, sizeof(Value));
  if (!in->vars || !tl) { free(tl); obj_raise_nomem(); return -1; }
  int bad = 0;
  for (int i = 0; i < n && !bad; i++) {
    Value x = to_jax(LIST(in->leaves.u.o)->items[i]);
    DType d;
    int f = VAL_IS_NULL(x) ? -1 : is_float_leaf(x, &d);
    if (f < 0) { val_decref(x); bad = 1; break; }
    if (!f && !g->allow_int) {
      val_decref(x);
      obj_raise(&exc_TypeError, "grad requires real- or complex-valued inputs (input dtype that "
                "is a sub-dtype of np.inexact), but got %s. If you want to use Boolean- or "
                "integer-valued inputs, use vjp or set allow_int to True.", arr_dtypes[d].name);
      bad = 1;
      break;
    }
    in->vars[i] = -1;
    tl[i] = f ? vjp_input(V, x, &in->vars[i]) : val_incref(x);
    val_decref(x);
    if (VAL_IS_NULL(tl[i])) bad = 1;
  }
  if (!bad) in->replaced = tree_unflatten(in->td, tl, n);
  for (int i = 0; i < n; i++) val_decref(tl[i]);
  free(tl);
  return bad || VAL_IS_NULL(in->replaced) ? -1 : 0;
}

/* grad differentiates scalar float outputs only; *av gets the output's aval */
static int check_scalar_output(Value main, AVal *av) {
  if (lx_aval(main, av) < 0) {
    obj_err_clear();
    obj_raise(&exc_TypeError, "Gradient only defined for scalar-output functions. Output was "
              "%s.", op_type_name(main));
    return -1;
  }
  if (av->ndim != 0) {
    char s[200];
    arr_shape_str(av->shape, av->ndim, s, sizeof s);
    obj_raise(&exc_TypeError, "Gradient only defined for scalar-output functions. Output had "
              "shape: %s.", s);
    return -1;
  }
  if (!dt_is_float(av->dtype)) {
    obj_raise(&exc_TypeError, "grad requires real-valued outputs (output dtype that is a "
              "sub-dtype of np.floating), but got %s. For holomorphic differentiation, pass "
              "holomorphic=True. For differentiation of non-holomorphic functions involving "
              "complex outputs, use jax.vjp directly.", arr_dtypes[av->dtype].name);
    return -1;
  }
  return 0;
}

/* Runs the tape of V backward from the output variable ovar seeded with ones: grads[q] gets
 * the gradient of each input leaf in order, V_NULL where the output does not depend on it. */
static int grad_backward(LxTrace *V, const AVal *av, int ovar, const GradIn *in, int nin,
                         int total, Value *grads) {
  Value seed = t_full(av, 1.0);
  if (VAL_IS_NULL(seed)) return -1;
  int *want = calloc((size_t)total + 1, sizeof(int));
  if (!want) { val_decref(seed); obj_raise_nomem(); return -1; }
  for (int k = 0, q = 0; k < nin; k++)
    for (int i = 0; i < in[k].n; i++) want[q++] = in[k].vars[i];
  int br = vjp_tape_backward(vjp_tape(V), 1, &ovar, &seed, total, want, grads);
  free(want);
  val_decref(seed);
  return br < 0 ? -1 : 0;
}

/* The cotangent of an integer or boolean input, as JAX gives it: zeros of dtype float0
 * (sable._dtypes.TypedNdArray, which has a shape and no data). */
Value tr_float0_new(int ndim, const int64_t *shape) {
  Value m = module_import("sable._dtypes");
  if (VAL_IS_NULL(m)) return m;
  Value f = module_get(m, "_float0_zeros");   /* borrowed */
  Value sh = VAL_IS_NULL(f) ? f : tuple_new(ndim);
  Value r = val_null();
  if (!VAL_IS_NULL(sh)) {
    for (int d = 0; d < ndim; d++) TUPLE_SET(sh, d, val_int(shape[d]));
    r = op_call1(f, sh);
  }
  val_decref(sh);
  val_decref(m);
  return r;
}
static Value float0_zeros(const AVal *av) { return tr_float0_new(av->ndim, av->shape); }

int tr_float0_shape(Value v, int *ndim, int64_t *shape) {
  if (v.tag != V_OBJ || lx_is_arraylike(v) || strcmp(v.u.o->type->name, "TypedNdArray")) return 0;
  Value m = module_import("sable._dtypes");
  if (VAL_IS_NULL(m)) { obj_err_clear(); return 0; }
  Value cls = module_get(m, "TypedNdArray");   /* borrowed */
  int is = !VAL_IS_NULL(cls) && cls.tag == V_OBJ && (Obj *)v.u.o->type == cls.u.o;
  val_decref(m);
  if (!is) return 0;
  Value sh = op_getattr_s(v, "shape");
  int ok = VAL_IS_TUPLE(sh) && TUPLE(sh.u.o)->len <= ARR_MAXDIM;
  for (int64_t d = 0; ok && d < TUPLE(sh.u.o)->len; d++) {
    Value x = TUPLE(sh.u.o)->items[d];
    ok = x.tag == V_INT && x.u.i >= 0;
    if (ok) shape[d] = x.u.i;
  }
  if (ok) *ndim = (int)TUPLE(sh.u.o)->len;
  val_decref(sh);
  obj_err_clear();
  return ok;
}
static Value zero_cotangent(const AVal *av) {
  return dt_is_float(av->dtype) ? t_zeros(av) : float0_zeros(av);
}

/* zeros for the input leaves the output does not depend on */
static int fill_zero_grads(const GradIn *in, int nin, Value *grads) {
  for (int k = 0, q = 0; k < nin; k++)
    for (int i = 0; i < in[k].n; i++, q++) {
      if (!VAL_IS_NULL(grads[q])) continue;
      Value x = to_jax(LIST(in[k].leaves.u.o)->items[i]);
      AVal xa;
      if (VAL_IS_NULL(x) || lx_aval(x, &xa) < 0) { val_decref(x); return -1; }
      val_decref(x);
      grads[q] = zero_cotangent(&xa);
      if (VAL_IS_NULL(grads[q])) return -1;
    }
  return 0;
}

/* the gradients in each argument's structure: one tree, or a tuple of them (argnums a tuple) */
static Value grad_trees(const GradCtx *g, const GradIn *in, const Value *grads) {
  Value per[32];
  int q = 0;
  for (int k = 0; k < g->nargnums; k++) {
    per[k] = tree_unflatten(in[k].td, grads + q, in[k].n);
    q += in[k].n;
    if (VAL_IS_NULL(per[k])) { for (int m = 0; m < k; m++) val_decref(per[m]); return val_null(); }
  }
  if (g->single) return per[0];
  Value gres = tuple_new(g->nargnums);
  if (VAL_IS_NULL(gres)) { for (int m = 0; m < g->nargnums; m++) val_decref(per[m]); return gres; }
  for (int k = 0; k < g->nargnums; k++) TUPLE_SET(gres, k, per[k]);
  return gres;
}

static Value grad_call(void *ctx, int argc, const Value *argv, Obj *kw) {
  GradCtx *g = ctx;
  lx_transform_init();
  int nkw = func_kwcount(kw);
  Value *args = calloc((size_t)(argc + nkw) + 1, sizeof(Value));
  if (!args) return obj_raise_nomem();
  ir_memcpy(args, argv, sizeof(Value) * (size_t)(argc + nkw));
  if (check_argnums(g, argc) < 0) { free(args); return val_null(); }
  LxTrace *V = vjp_new(g->value_and_grad ? "value_and_grad" : "grad", g->fun);
  if (!V) { free(args); return val_null(); }
  GradIn in[32];
  for (int k = 0; k < 32; k++) in[k] = (GradIn){NULL, val_null(), 0, NULL, val_null()};
  Value out = val_null(), result = val_null(), value = val_null(), aux = val_null();
  Value *grads = NULL;
  int total = 0;
  for (int k = 0; k < g->nargnums; k++) {
    int a = g->argnums[k] < 0 ? g->argnums[k] + argc : g->argnums[k];
    if (grad_input(g, V, argv[a], &in[k]) < 0) goto done;
    args[a] = in[k].replaced;
    total += in[k].n;
  }
  {
    Interp *prev = tr_enter(&V->it);
    out = op_call(g->fun, argc, args, kw);
    tr_leave(prev);
  }
  if (VAL_IS_NULL(out)) goto done;
  Value main = out;
  if (g->has_aux) {
    if (!VAL_IS_TUPLE(out) || TUPLE(out.u.o)->len != 2) {
      obj_raise(&exc_TypeError, "has_aux=True requires the function to return a pair (value, "
                "auxiliary data), got %s", op_type_name(out));
      goto done;
    }
    main = TUPLE(out.u.o)->items[0];
    aux = strip_trace(V, TUPLE(out.u.o)->items[1]);
    if (VAL_IS_NULL(aux)) goto done;
  }
  {
    AVal av;
    int ovar;
    if (check_scalar_output(main, &av) < 0 || vjp_unwrap(V, main, &value, &ovar) < 0) goto done;
    grads = calloc((size_t)total + 1, sizeof(Value));
    if (!grads) { obj_raise_nomem(); goto done; }
    if (grad_backward(V, &av, ovar, in, g->nargnums, total, grads) < 0 ||
        fill_zero_grads(in, g->nargnums, grads) < 0)
      goto done;
    Value gres = grad_trees(g, in, grads);
    if (VAL_IS_NULL(gres)) goto done;
    if (!g->value_and_grad) {
      result = g->has_aux ? tuple_pack(2, gres, aux) : val_incref(gres);
    } else {
      Value vv = g->has_aux ? tuple_pack(2, value, aux) : val_incref(value);
      result = VAL_IS_NULL(vv) ? vv : tuple_pack(2, vv, gres);
      val_decref(vv);
    }
    val_decref(gres);
  }
done:
  if (grads) {
    t_clear(grads, total);
    free(grads);
  }
  for (int k = 0; k < 32; k++) {
    tree_free(in[k].td);
    val_decref(in[k].leaves);
    val_decref(in[k].replaced);
    free(in[k].vars);
  }
  val_decref(out);
  val_decref(value);
  val_decref(aux);
  free(args);
  tr_finish(V);
  return result;
}

static Value make_grad(int argc, const Value *argv, Obj *kw, int vag) {
  Value a[7];
  if (func_parse_args(vag ? "value_and_grad" : "grad", argc, argv, kw,
                      "fun|argnums,has_aux,holomorphic,allow_int,reduce_axes", a) < 0)
    return val_null();
  if (!op_callable(a[0]))
    return obj_raise(&exc_TypeError, "Expected a callable value, got %s", op_type_name(a[0]));
  GradCtx *g = calloc(1, sizeof *g);
  if (!g) return obj_raise_nomem();
  g->nargnums = parse_argnums(a[1], g->argnums, 32, &g->single);
  if (g->nargnums < 0) { free(g); return val_null(); }
  if (!VAL_IS_NULL(a[2])) { int t = op_truth(a[2]); if (t < 0) { free(g); return val_null(); } g->has_aux = t; }
  if (!VAL_IS_NULL(a[4])) { int t = op_truth(a[4]); if (t < 0) { free(g); return val_null(); } g->allow_int = t; }
  g->value_and_grad = vag;
  g->fun = val_incref(a[0]);
  return tr_closure_new(vag ? "value_and_grad_f" : "grad_f", grad_call, g, gradctx_free);
}
static Value m_grad(int argc, const Value *argv, Obj *kw) { return make_grad(argc, argv, kw, 0); }
static Value m_value_and_grad(int argc, const Value *argv, Obj *kw) { return make_grad(argc, argv, kw, 1); }

/* {=== jvp / linearize ===} */
static Value jvp_impl(Value fun, Value primals, Value tangents, int has_aux) {
  lx_transform_init();
  if (!VAL_IS_TUPLE(primals) && !VAL_IS_LIST(primals))
    return obj_raise(&exc_TypeError, "primal arguments to jax.jvp must be a tuple or a list; found %s.", op_type_name(primals));
  if (!VAL_IS_TUPLE(tangents) && !VAL_IS_LIST(tangents))
    return obj_raise(&exc_TypeError, "tangent arguments to jax.jvp must be a tuple or a list; found %s.", op_type_name(tangents));
  Value pl = list_new(0), tl = list_new(0);
  TreeDef *pt = NULL, *tt = NULL;
  LxTrace *J = NULL;
  Value r = val_null(), out = val_null(), ol = val_null();
  Value *w = NULL, *po = NULL, *to = NULL;
  TreeDef *ot = NULL;
  int n = 0, no = 0;
  if (VAL_IS_NULL(pl) || VAL_IS_NULL(tl)) goto done;
  pt = tree_flatten(primals, pl, 0);
  tt = pt ? tree_flatten(tangents, tl, 0) : NULL;
  if (!pt || !tt) goto done;
  if (!tree_equal(pt, tt)) {
    Value r0 = tree_repr(pt), r1 = tree_repr(tt);
    obj_raise(&exc_TypeError, "primal and tangent arguments to jax.jvp must have the same tree "
              "structure; primals have tree structure %s whereas tangents have tree structure %s.",
              VAL_IS_NULL(r0) ? "?" : str_cstr(r0), VAL_IS_NULL(r1) ? "?" : str_cstr(r1));
    val_decref(r0); val_decref(r1);
    goto done;
  }
  n = (int)LIST(pl.u.o)->len;
  J = jvp_new("jvp", fun);
  w = calloc((size_t)n + 1, sizeof(Value));
  if (!J || !w) { if (!obj_err_occurred()) obj_raise_nomem(); goto done; }
  for (int i = 0; i < n; i++) {
    Value p = to_jax(LIST(pl.u.o)->items[i]);
    Value t = VAL_IS_NULL(p) ? p : to_jax(LIST(tl.u.o)->items[i]);
    AVal pa, ta;
    if (VAL_IS_NULL(t) || lx_aval(p, &pa) < 0 || lx_aval(t, &ta) < 0) { val_decref(p); val_decref(t); goto done; }
    if (dt_is_float(pa.dtype) && (ta.dtype != pa.dtype || ta.ndim != pa.ndim ||
                                  ir_memcmp(ta.shape, pa.shape, sizeof(int64_t) * (size_t)pa.ndim))) {
      char a1[200], a2[200];
      ir_aval_str(&pa, a1, sizeof a1);
      ir_aval_str(&ta, a2, sizeof a2);
      obj_raise(&exc_TypeError, "primal and tangent arguments to jax.jvp must have equal types; "
                "got primal %s and tangent %s.", a1, a2);
      val_decref(p); val_decref(t);
      goto done;
    }
    w[i] = jvp_wrap(J, p, t);
    val_decref(p);
    val_decref(t);
    if (VAL_IS_NULL(w[i])) goto done;
  }
  {
    Value args = tree_unflatten(pt, w, n);
    if (VAL_IS_NULL(args)) goto done;
    Value seq = VAL_IS_LIST(args) ? tuple_from(LIST(args.u.o)->len, LIST(args.u.o)->items) : val_incref(args);
    val_decref(args);
    if (VAL_IS_NULL(seq)) goto done;
    Interp *prev = tr_enter(&J->it);
    out = op_call(fun, (int)TUPLE(seq.u.o)->len, TUPLE(seq.u.o)->items, NULL);
    tr_leave(prev);
    val_decref(seq);
  }
  if (VAL_IS_NULL(out)) goto done;
  Value main = out, aux = val_null();
  if (has_aux) {
    if (!VAL_IS_TUPLE(out) || TUPLE(out.u.o)->len != 2) {
      obj_raise(&exc_TypeError, "has_aux=True requires the function to return a pair");
      goto done;
    }
    main = TUPLE(out.u.o)->items[0];
    aux = strip_trace(J, TUPLE(out.u.o)->items[1]);
    if (VAL_IS_NULL(aux)) goto done;
  }
  ol = list_new(0);
  ot = VAL_IS_NULL(ol) ? NULL : tree_flatten(main, ol, 0);
  if (!ot) { val_decref(aux); goto done; }
  no = (int)LIST(ol.u.o)->len;
  po = calloc((size_t)no + 1, sizeof(Value));
  to = calloc((size_t)no + 1, sizeof(Value));
  if (!po || !to) { val_decref(aux); obj_raise_nomem(); goto done; }
  for (int k = 0; k < no; k++) {
    Value leaf = LIST(ol.u.o)->items[k];
    if (jvp_unwrap(J, leaf, &po[k], &to[k]) < 0) { val_decref(aux); goto done; }
    if (VAL_IS_NULL(to[k])) {
      Value pj = to_jax(po[k]);
      AVal av;
      if (VAL_IS_NULL(pj) || lx_aval(pj, &av) < 0) { val_decref(pj); val_decref(aux); goto done; }
      val_decref(po[k]);
      po[k] = pj;
      to[k] = t_zeros(&av);
      if (VAL_IS_NULL(to[k])) { val_decref(aux); goto done; }
    }
  }
  {
    Value P = tree_unflatten(ot, po, no), T = tree_unflatten(ot, to, no);
    if (!VAL_IS_NULL(P) && !VAL_IS_NULL(T))
      r = has_aux ? tuple_pack(3, P, T, aux) : tuple_pack(2, P, T);
    val_decref(P);
    val_decref(T);
  }
  val_decref(aux);
done:
  if (w) t_clear(w, n);
  if (po) t_clear(po, no);
  if (to) t_clear(to, no);
  free(w); free(po); free(to);
  tree_free(pt); tree_free(tt); tree_free(ot);
  val_decref(pl); val_decref(tl); val_decref(out); val_decref(ol);
  if (J) tr_finish(J);
  return r;
}

static Value m_jvp(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("jvp", argc, argv, kw, "fun,primals,tangents|has_aux", a) < 0) return val_null();
  int ha = 0;
  if (!VAL_IS_NULL(a[3]) && (ha = op_truth(a[3])) < 0) return val_null();
  return jvp_impl(a[0], a[1], a[2], ha);
}

typedef struct LinCtx { Value fun, primals; } LinCtx;
static void linctx_free(void *p) { LinCtx *c = p; val_decref(c->fun); val_decref(c->primals); free(c); }
static Value lin_call(void *ctx, int argc, const Value *argv, Obj *kw) {
  LinCtx *c = ctx;
  Value t = tuple_from(argc, argv);
  if (VAL_IS_NULL(t)) return t;
  Value r = jvp_impl(c->fun, c->primals, t, 0);
  val_decref(t);
  if (VAL_IS_NULL(r)) return r;
  Value tan = val_incref(TUPLE(r.u.o)->items[1]);
  val_decref(r);
  return tan;
}
static Value m_linearize(int argc, const Value *argv, Obj *kw) {
  if (argc < 1 || func_kwcount(kw)) return obj_raise(&exc_TypeError, "linearize(fun, *primals)");
  Value prim = tuple_from(argc - 1, argv + 1);
  if (VAL_IS_NULL(prim)) return prim;
  /* the primal output now; each call of the linear function evaluates the JVP at the point */
  Value out = op_call(argv[0], argc - 1, argv + 1, NULL);
  if (VAL_IS_NULL(out)) { val_decref(prim); return out; }
  LinCtx *c = calloc(1, sizeof *c);
  if (!c) { val_decref(prim); val_decref(out); return obj_raise_nomem(); }
  c->fun = val_incref(argv[0]);
  c->primals = prim;
  Value f = tr_closure_new("f_jvp", lin_call, c, linctx_free);
  if (VAL_IS_NULL(f)) { val_decref(out); return f; }
  Value r = tuple_pack(2, out, f);
  val_decref(out);
  val_decref(f);
  return r;
}

/* {=== vjp ===} */
typedef struct VjpFnCtx {
  Tape *tape;
  TreeDef *in_tree, *out_tree;
  int nin, nout;
  int *in_var, *out_var;
  AVal *in_av, *out_av;
} VjpFnCtx;

static void vjpfn_free(void *p) {
  VjpFnCtx *c = p;
  vjp_tape_decref(c->tape);
  tree_free(c->in_tree);
  tree_free(c->out_tree);
  free(c->in_var); free(c->out_var); free(c->in_av); free(c->out_av);
  free(c);
}

static Value vjpfn_call(void *ctx, int argc, const Value *argv, Obj *kw) {
  VjpFnCtx *c = ctx;
  if (argc != 1 || func_kwcount(kw))
    return obj_raise(&exc_TypeError, "The function returned by `jax.vjp` applied to %s takes "
                     "exactly one argument (the cotangent of the output), got %d", "a function", argc);
  Value cl = list_new(0);
  if (VAL_IS_NULL(cl)) return cl;
  TreeDef *ct = tree_flatten(argv[0], cl, 0);
  Value r = val_null();
  Value *seeds = NULL, *g = NULL;
  if (!ct) goto done;
  if (!tree_equal(ct, c->out_tree)) {
    Value r0 = tree_repr(c->out_tree), r1 = tree_repr(ct);
    obj_raise(&exc_ValueError, "unexpected tree structure of argument to vjp function: got %s, "
              "but expected to match %s", VAL_IS_NULL(r1) ? "?" : str_cstr(r1),
              VAL_IS_NULL(r0) ? "?" : str_cstr(r0));
    val_decref(r0); val_decref(r1);
    goto done;
  }
  seeds = calloc((size_t)c->nout + 1, sizeof(Value));
  g = calloc((size_t)c->nin + 1, sizeof(Value));
  if (!seeds || !g) { obj_raise_nomem(); goto done; }
  for (int k = 0; k < c->nout; k++) {
    Value s = to_jax(LIST(cl.u.o)->items[k]);
    AVal av;
    if (VAL_IS_NULL(s) || lx_aval(s, &av) < 0) { val_decref(s); t_clear(seeds, k); goto done; }
    if (av.ndim != c->out_av[k].ndim || ir_memcmp(av.shape, c->out_av[k].shape, sizeof(int64_t) * (size_t)av.ndim)) {
      char a1[200], a2[200];
      ir_aval_str(&c->out_av[k], a1, sizeof a1);
      ir_aval_str(&av, a2, sizeof a2);
      val_decref(s);
      t_clear(seeds, k);
      obj_raise(&exc_ValueError, "Shape of cotangent input to vjp pullback function %s must be "
                "the same as the shape of corresponding primal input %s.", a2, a1);
      goto done;
    }
    seeds[k] = s;
  }
  int br = vjp_tape_backward(c->tape, c->nout, c->out_var, seeds, c->nin, c->in_var, g);
  t_clear(seeds, c->nout);
  if (br < 0) goto done;
  for (int i = 0; i < c->nin; i++)
    if (VAL_IS_NULL(g[i]) && VAL_IS_NULL(g[i] = zero_cotangent(&c->in_av[i]))) { t_clear(g, i); goto done; }
  {
    Value t = tree_unflatten(c->in_tree, g, c->nin);
    t_clear(g, c->nin);
    if (VAL_IS_NULL(t)) goto done;
    r = VAL_IS_LIST(t) ? tuple_from(LIST(t.u.o)->len, LIST(t.u.o)->items) : val_incref(t);
    val_decref(t);
  }
done:
  free(seeds);
  free(g);
  tree_free(ct);
  val_decref(cl);
  return r;
}

static Value m_vjp(int argc, const Value *argv, Obj *kw) {
  lx_transform_init();
  int has_aux = 0, linear = 0, nkw = func_kwcount(kw);
  for (int i = 0; i < nkw; i++) {
    if (!strcmp(func_kwname(kw, i), "has_aux")) { if ((has_aux = op_truth(argv[argc + i])) < 0) return val_null(); }
    /* private: jax.linear_transpose (sable._jaxapi) pulls back through a linear function */
    else if (!strcmp(func_kwname(kw, i), "_linear")) { if ((linear = op_truth(argv[argc + i])) < 0) return val_null(); }
    else if (strcmp(func_kwname(kw, i), "reduce_axes")) return obj_raise(&exc_TypeError, "vjp() got an unexpected keyword argument '%s'", func_kwname(kw, i));
  }
  if (argc < 1) return obj_raise(&exc_TypeError, "vjp() missing required argument 'fun'");
  Value prim = tuple_from(argc - 1, argv + 1);
  if (VAL_IS_NULL(prim)) return prim;
  LxTrace *V = vjp_new("vjp", argv[0]);
  if (V && linear) vjp_set_linear(V);
  VjpFnCtx *c = calloc(1, sizeof *c);
  Value pl = list_new(0), ol = list_new(0), out = val_null(), r = val_null(), aux = val_null();
  Value *w = NULL, *po = NULL;
  if (!V || !c || VAL_IS_NULL(pl) || VAL_IS_NULL(ol)) { if (!obj_err_occurred()) obj_raise_nomem(); goto done; }
  c->in_tree = tree_flatten(prim, pl, 0);
  if (!c->in_tree) goto done;
  c->nin = (int)LIST(pl.u.o)->len;
  c->in_var = calloc((size_t)c->nin + 1, sizeof(int));
  c->in_av = calloc((size_t)c->nin + 1, sizeof(AVal));
  w = calloc((size_t)c->nin + 1, sizeof(Value));
  if (!c->in_var || !c->in_av || !w) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < c->nin; i++) {
    Value x = to_jax(LIST(pl.u.o)->items[i]);
    if (VAL_IS_NULL(x) || lx_aval(x, &c->in_av[i]) < 0) { val_decref(x); goto done; }
    c->in_var[i] = -1;
    w[i] = dt_is_float(c->in_av[i].dtype) ? vjp_input(V, x, &c->in_var[i]) : val_incref(x);
    val_decref(x);
    if (VAL_IS_NULL(w[i])) goto done;
  }
  {
    Value args = tree_unflatten(c->in_tree, w, c->nin);
    if (VAL_IS_NULL(args)) goto done;
    Interp *prev = tr_enter(&V->it);
    out = op_call(argv[0], (int)TUPLE(args.u.o)->len, TUPLE(args.u.o)->items, NULL);
    tr_leave(prev);
    val_decref(args);
  }
  if (VAL_IS_NULL(out)) goto done;
  Value main = out;
  if (has_aux) {
    if (!VAL_IS_TUPLE(out) || TUPLE(out.u.o)->len != 2) {
      obj_raise(&exc_TypeError, "has_aux=True requires the function to return a pair");
      goto done;
    }
    main = TUPLE(out.u.o)->items[0];
    aux = strip_trace(V, TUPLE(out.u.o)->items[1]);
    if (VAL_IS_NULL(aux)) goto done;
  }
  c->out_tree = tree_flatten(main, ol, 0);
  if (!c->out_tree) goto done;
  c->nout = (int)LIST(ol.u.o)->len;
  c->out_var = calloc((size_t)c->nout + 1, sizeof(int));
  c->out_av = calloc((size_t)c->nout + 1, sizeof(AVal));
  po = calloc((size_t)c->nout + 1, sizeof(Value));
  if (!c->out_var || !c->out_av || !po) { obj_raise_nomem(); goto done; }
  for (int k = 0; k < c->nout; k++) {
    Value p;
    if (vjp_unwrap(V, LIST(ol.u.o)->items[k], &p, &c->out_var[k]) < 0) { t_clear(po, k); goto done; }
    po[k] = to_jax(p);
    val_decref(p);
    if (VAL_IS_NULL(po[k]) || lx_aval(po[k], &c->out_av[k]) < 0) { t_clear(po, k + 1); goto done; }
  }
  {
    Value P = tree_unflatten(c->out_tree, po, c->nout);
    t_clear(po, c->nout);
    if (VAL_IS_NULL(P)) goto done;
    c->tape = vjp_tape(V);
    vjp_tape_incref(c->tape);
    Value f = tr_closure_new("vjp_fn", vjpfn_call, c, vjpfn_free);
    c = NULL;
    if (VAL_IS_NULL(f)) { val_decref(P); goto done; }
    r = has_aux ? tuple_pack(3, P, f, aux) : tuple_pack(2, P, f);
    val_decref(P);
    val_decref(f);
  }
done:
  if (c) vjpfn_free(c);
  if (w) {
    int n = (int)(VAL_IS_NULL(pl) ? 0 : LIST(pl.u.o)->len);
    t_clear(w, n);
  }
  free(w);
  free(po);
  val_decref(prim); val_decref(pl); val_decref(ol); val_decref(out); val_decref(aux);
  if (V) tr_finish(V);
  return r;
}

/* {=== vmap ===} */
#define AX_NONE INT_MIN

/* the "... must be a tree prefix" error as JAX words it, at key path `path` */
static void prefix_error(const char *what, const char *path, const char *kind, const char *detail) {
  obj_raise(&exc_ValueError, "%s specification must be a tree prefix of the corresponding value; \n"
            "  Mismatch details (1 found):\n  pytree structure error: %s at key path\n    %s%s\n"
            "At that key path, the prefix pytree %s %s", what, kind, what, path, what, detail);
}

static char *type_text(Value x, int leaf) {
  if (leaf) return strdup("<class 'jax._src.api_util.PytreeLeaf'>");
  Value r = op_repr(val_obj(&op_type(x)->ob));
  if (VAL_IS_NULL(r)) { obj_err_clear(); return strdup("?"); }
  char *s = strdup(str_cstr(r));
  val_decref(r);
  return s;
}

/* the keys of a dict node joined by spaces (str of each), as JAX lists them */
static char *keys_text(Value keys) {
  Value parts = list_new(0);
  for (int64_t i = 0; !VAL_IS_NULL(parts) && i < LIST(keys.u.o)->len; i++)
    if (list_append_steal(parts, op_str(LIST(keys.u.o)->items[i])) < 0) val_clear(&parts);
  if (VAL_IS_NULL(parts)) { obj_err_clear(); return strdup("?"); }
  Value sep = str_from_cstr(" ");
  Value j = VAL_IS_NULL(sep) ? sep : op_call_method(sep, "join", 1, &parts);
  val_decref(sep);
  val_decref(parts);
  if (VAL_IS_NULL(j)) { obj_err_clear(); return strdup("?"); }
  char *s = strdup(str_cstr(j));
  val_decref(j);
  return s;
}

/* difflib.ndiff of two metadata reprs, each line indented by 4, as JAX shows it; NULL if that
   fails (the message then ends before the diff) */
static char *meta_diff(Value r1, Value r2) {
  Value m = module_import("difflib");
  if (VAL_IS_NULL(m)) { obj_err_clear(); return NULL; }
  Value nd = module_get(m, "ndiff");
  Value l1 = list_new(0), l2 = list_new(0), res = val_null(), s = val_null();
  char *out = NULL;
  if (!VAL_IS_NULL(nd) && !VAL_IS_NULL(l1) && !VAL_IS_NULL(l2) && list_append(l1, r1) == 0 &&
      list_append(l2, r2) == 0) {
    Value args[2] = {l1, l2};
    Value it = op_call(nd, 2, args, NULL);
    res = VAL_IS_NULL(it) ? it : list_from_iterable(it);
    val_decref(it);
  }
  if (!VAL_IS_NULL(res)) {
    s = str_from_cstr("");
    for (int64_t i = 0; !VAL_IS_NULL(s) && i < LIST(res.u.o)->len; i++) {
      Value line = LIST(res.u.o)->items[i];
      if (!VAL_IS_STR(line)) { val_clear(&s); break; }
      Value n = str_fmt("%s%s    %s", str_cstr(s), i ? "\n" : "", str_cstr(line));
      val_decref(s);
      s = n;
    }
  }
  if (!VAL_IS_NULL(s)) out = strdup(str_cstr(s));
  else obj_err_clear();
  val_decref(s);
  val_decref(res);
  val_decref(l1);
  val_decref(l2);
  val_decref(m);
  return out;
}

/* the keys of a that are not in b, then those of b not in a */
static Value keys_symdiff(Value a, Value b) {
  Value out = list_new(0);
  for (int k = 0; k < 2 && !VAL_IS_NULL(out); k++) {
    Value x = k ? b : a, y = k ? a : b;
    for (int64_t i = 0; i < LIST(x.u.o)->len; i++) {
      int in = op_contains(y, LIST(x.u.o)->items[i]);
      if (in < 0 || (!in && list_append(out, LIST(x.u.o)->items[i]) < 0)) { val_clear(&out); break; }
    }
  }
  return out;
}

static int axes_prefix_at(Value spec, Value tree, int *out, int *n, int max, const char *what,
                          char *path, size_t plen, int depth);

/* Broadcast an in_axes/out_axes prefix tree over a value's leaves (one int per leaf): a spec's
   node must be a node of the value of the same type and metadata (dict keys, OrderedDict order,
   a registered class's aux data), as JAX's prefix matching; errors in JAX's words. */
static int axes_prefix(Value spec, Value tree, int *out, int *n, int max, const char *what) {
  char path[512];
  path[0] = 0;
  return axes_prefix_at(spec, tree, out, n, max, what, path, 0, 0);
}

static int axes_prefix_at(Value spec, Value tree, int *out, int *n, int max, const char *what,
                          char *path, size_t plen, int depth) {
  if (depth > 200) { obj_raise(&exc_RecursionError, "pytree too deep"); return -1; }
  if (VAL_IS_NONE(spec) || VAL_IS_INTLIKE(spec)) {
    Value l = list_new(0);
    if (VAL_IS_NULL(l)) return -1;
    TreeDef *t = tree_flatten(tree, l, 0);
    if (!t) { val_decref(l); return -1; }
    int64_t k = LIST(l.u.o)->len;
    tree_free(t);
    val_decref(l);
    if (*n + k > max) { obj_raise(&exc_ValueError, "%s: too many leaves", what); return -1; }
    for (int64_t i = 0; i < k; i++) out[(*n)++] = VAL_IS_NONE(spec) ? AX_NONE : (int)spec.u.i;
    return 0;
  }
  Value sc, sk, sm, tc, tk, tm;
  int so = tree_open(spec, &sc, &sk, &sm);
  if (so < 0) return -1;
  if (!so) {
    Value r = op_repr(spec);
    if (!VAL_IS_NULL(r)) {
      obj_raise(&exc_ValueError, "%s must be an int, None, or (nested) container with those types "
                "as leaves, but got %s.", what, str_cstr(r));
      val_decref(r);
    }
    return -1;
  }
  int to = VAL_IS_NONE(tree) ? 0 : tree_open(tree, &tc, &tk, &tm);
  if (to < 0) { val_decref(sc); val_decref(sk); val_decref(sm); return -1; }
  int r = -1;
  char *a = NULL, *b = NULL, *c = NULL, *msg = NULL;
  if (!to || op_type(spec) != op_type(tree)) {
    a = type_text(spec, 0);
    b = type_text(tree, !to && !VAL_IS_NONE(tree));
    if (a && b && asprintf(&msg, "has a subtree of type\n    %s\nbut at the same key path the full "
                           "pytree has a subtree of different type\n    %s.", a, b) >= 0)
      prefix_error(what, path, "different types", msg);
    else obj_raise_nomem();
    goto done;
  }
  int64_t ns = LIST(sc.u.o)->len, nt = LIST(tc.u.o)->len;
  if (VAL_IS_TUPLE_ANY(spec) || VAL_IS_LIST(spec)) {
    if (ns != nt) {
      char kind[96];
      snprintf(kind, sizeof kind, "different lengths of %s", op_type_name(spec));
      if (asprintf(&msg, "has a subtree of type %s of length %lld, but the full pytree has a "
                   "subtree of the same type but of length %lld.", op_type_name(spec),
                   (long long)ns, (long long)nt) >= 0)
        prefix_error(what, path, kind, msg);
      else obj_raise_nomem();
      goto done;
    }
  } else {
    int eq = op_eq(sm, tm);
    if (eq < 0) goto done;
    if (!eq) {
      a = type_text(spec, 0);
      int dictlike = VAL_IS_DICT_ANY(spec);
      if (dictlike && ns != nt) {
        Value d = keys_symdiff(sk, tk);
        if (VAL_IS_NULL(d)) goto done;
        b = keys_text(sk);
        c = keys_text(tk);
        char *dt = keys_text(d);
        val_decref(d);
        if (asprintf(&msg, "has a subtree of type\n    %s\nwith %lld child keys\n    %s\nbut at the "
                     "same key path the full pytree has a subtree of the same type but with %lld "
                     "child keys\n    %s\nso the symmetric difference on key sets is\n    %s", a,
                     (long long)ns, b, (long long)nt, c, dt ? dt : "?") >= 0)
          prefix_error(what, path, "different numbers of pytree children", msg);
        else obj_raise_nomem();
        free(dt);
        goto done;
      }
      Value mr1 = op_repr(sm), mr2 = op_repr(tm);
      char *df = VAL_IS_NULL(mr1) || VAL_IS_NULL(mr2) ? NULL : meta_diff(mr1, mr2);
      if (!VAL_IS_NULL(mr1) && !VAL_IS_NULL(mr2) &&
          asprintf(&msg, "has a subtree of type\n    %s\nwith metadata\n    %s\nbut at the same key "
                   "path the full pytree has a subtree of the same type but with metadata\n    %s%s%s",
                   a, str_cstr(mr1), str_cstr(mr2),
                   df ? "\nso the diff in the metadata at these pytree nodes is\n" : "", df ? df : "") >= 0)
        prefix_error(what, path, "different pytree metadata", msg);
      else if (!obj_err_occurred()) obj_raise_nomem();
      free(df);
      val_decref(mr1);
      val_decref(mr2);
      goto done;
    }
    if (ns != nt) {
      a = type_text(spec, 0);
      if (asprintf(&msg, "has a subtree of type\n    %s\nwith %lld children, but at the same key "
                   "path the full pytree has a subtree of the same type but with %lld children.",
                   a, (long long)ns, (long long)nt) >= 0)
        prefix_error(what, path, "different numbers of pytree children", msg);
      else obj_raise_nomem();
      goto done;
    }
  }
  r = 0;
  for (int64_t i = 0; i < ns && r == 0; i++) {
    Value key = LIST(sk.u.o)->items[i];
    Value kr = VAL_IS_NONE(key) ? val_null() : op_repr(key);
    if (!VAL_IS_NONE(key) && VAL_IS_NULL(kr)) { r = -1; break; }
    int w = VAL_IS_NONE(key) ? snprintf(path + plen, 512 - plen, "[<flat index %lld>]", (long long)i)
                             : snprintf(path + plen, 512 - plen, "[%s]", str_cstr(kr));
    val_decref(kr);
    size_t nl = w < 0 ? plen : plen + (size_t)w;
    if (nl >= 512) nl = 511;
    r = axes_prefix_at(LIST(sc.u.o)->items[i], LIST(tc.u.o)->items[i], out, n, max, what, path,
                       nl, depth + 1);
    path[plen] = 0;
  }
done:
  free(a);
  free(b);
  free(c);
  free(msg);
  val_decref(sc); val_decref(sk); val_decref(sm);
  if (to > 0) { val_decref(tc); val_decref(tk); val_decref(tm); }
  return r;
}

typedef struct VmapCtx { Value fun, in_axes, out_axes; int64_t axis_size; int has_size; int axis; } VmapCtx;
static void vmapctx_free(void *p) {
  VmapCtx *c = p;
  val_decref(c->fun); val_decref(c->in_axes); val_decref(c->out_axes);
  free(c);
}

/* in_axes against the positional arguments: ax[i] gets the axis of each leaf of args (AX_NONE:
 * not mapped). A list of per-argument specs is accepted like a tuple. */
static int parse_in_axes(Value spec, Value args, int argc, int *ax, int n) {
  int k = 0;
  if (VAL_IS_LIST(spec)) {
    Value t = tuple_from(LIST(spec.u.o)->len, LIST(spec.u.o)->items);
    if (VAL_IS_NULL(t)) return -1;
    spec = t;
  } else {
    val_incref(spec);
  }
  if (VAL_IS_TUPLE(spec) && TUPLE(spec.u.o)->len != argc) {
    obj_raise(&exc_ValueError, "vmap in_axes must be an int, None, or a tuple of entries "
              "corresponding to the positional arguments passed to the function, but got "
              "len(in_axes)=%lld, len(args)=%d", (long long)TUPLE(spec.u.o)->len, argc);
    val_decref(spec);
    return -1;
  }
  int rr = axes_prefix(spec, args, ax, &k, n, "vmap in_axes");
  val_decref(spec);
  return rr;
}

/* "float32[2,4]", as JAX's vmap messages write a type */
static void vmap_aval_text(const AVal *a, char *buf, size_t n) {
  int k = snprintf(buf, n, "%s[", arr_dtypes[a->dtype].name);
  for (int d = 0; d < a->ndim && k > 0 && (size_t)k < n; d++)
    k += snprintf(buf + k, n - (size_t)k, d ? ",%lld" : "%lld", (long long)a->shape[d]);
  if (k > 0 && (size_t)k < n) snprintf(buf + k, n - (size_t)k, "]");
}

/* JAX's message for mapped sizes that differ: each size with how many axes have it, the most
 * common first (ties in the order met), and the first axis of each as the example. */
static void vmap_size_error(const int *ax, const Value *w, int n, Value pathl) {
  int64_t *sz = calloc((size_t)n + 1, sizeof(int64_t));
  int *cnt = calloc((size_t)n + 1, sizeof(int)), *ex = calloc((size_t)n + 1, sizeof(int));
  if (!sz || !cnt || !ex) { free(sz); free(cnt); free(ex); obj_raise_nomem(); return; }
  int nd = 0;
  for (int i = 0; i < n; i++) {
    AVal av;
    if (ax[i] == AX_NONE || lx_aval(w[i], &av) < 0) { obj_err_clear(); continue; }
    int k = 0;
    while (k < nd && sz[k] != av.shape[ax[i]]) k++;
    if (k == nd) { sz[nd] = av.shape[ax[i]]; ex[nd] = i; cnt[nd++] = 0; }
    cnt[k]++;
  }
  /* stable sort by count, descending */
  for (int a = 1; a < nd; a++)
    for (int b = a; b > 0 && cnt[b] > cnt[b - 1]; b--) {
      int64_t t = sz[b]; sz[b] = sz[b - 1]; sz[b - 1] = t;
      int u = cnt[b]; cnt[b] = cnt[b - 1]; cnt[b - 1] = u;
      u = ex[b]; ex[b] = ex[b - 1]; ex[b - 1] = u;
    }
  char msg[4096];
  size_t len = (size_t)snprintf(msg, sizeof msg, "vmap got inconsistent sizes for array axes to be mapped:\n");
  for (int k = 0; k < nd && len < sizeof msg; k++) {
    AVal av;
    char ty[200], head[80];
    if (lx_aval(w[ex[k]], &av) < 0) { obj_err_clear(); continue; }
    vmap_aval_text(&av, ty, sizeof ty);
    const char *p = !VAL_IS_NULL(pathl) && ex[k] < LIST(pathl.u.o)->len
                        ? str_cstr(LIST(pathl.u.o)->items[ex[k]]) : "an argument";
    if (cnt[k] == 1) snprintf(head, sizeof head, "one axis had size %lld:", (long long)sz[k]);
    else snprintf(head, sizeof head, "%s axes (%d of them) had size %lld, e.g.",
                  k == 0 ? "most" : "some", cnt[k], (long long)sz[k]);
    int m = snprintf(msg + len, sizeof msg - len, "  * %s axis %d of %s of type %s%s", head,
                     ax[ex[k]], p, ty, k + 1 < nd ? ";\n" : "");
    if (m < 0) break;
    len += (size_t)m;
  }
  obj_raise(&exc_ValueError, "%s", msg);
  free(sz); free(cnt); free(ex);
}

/* The mapped size, checked to be the same for every mapped leaf (the message names leaves by
 * their paths, "argument x['w']"). ax[i] is normalised to a non-negative axis;
 * w[i] gets each leaf (a jax array where mapped), to be wrapped once the trace exists. */
static int vmap_size(const VmapCtx *c, int argc, const Value *argv, Obj *kw, Value leaves,
                     int *ax, Value *w, int64_t *size_out) {
  int nkw = func_kwcount(kw);
  int n = (int)LIST(leaves.u.o)->len;
  int64_t size = -1;
  int mismatch = 0, rc = -1;
  Value pathl = list_new(0);
  if (!VAL_IS_NULL(pathl)) {
    for (int i = 0; i < argc; i++) {
      /* JAX's words: "argument x['w']" for a named parameter, "args[2]" past them */
      char nm[80], an[64];
      jit_arg_name(c->fun, i, an, sizeof an);
      /* JAX binds the first value of a *rest parameter to the name itself ("argument rest") */
      size_t al = strlen(an);
      if (al > 3 && strncmp(an, "args[", 5) != 0 && !strcmp(an + al - 3, "[0]")) an[al - 3] = 0;
      if (strchr(an, '[')) snprintf(nm, sizeof nm, "args[%d]", i);
      else snprintf(nm, sizeof nm, "argument %s", an);
      if (tree_leaf_paths(argv[i], nm, pathl) < 0) { val_decref(pathl); pathl = val_null(); obj_err_clear(); break; }
    }
    for (int i = 0; i < nkw && !VAL_IS_NULL(pathl); i++)
      if (list_append_steal(pathl, str_fmt("kwargs['%s']", func_kwname(kw, i))) < 0) {
        val_decref(pathl); pathl = val_null(); obj_err_clear();
      }
  }
  /* keyword arguments are mapped over axis 0 (vmap_apply wraps them again): checked here
   * with the positional leaves, held in w[n..n+nkw) only until the check is done */
  for (int i = 0; i < n + nkw; i++) {
    Value x = i < n ? LIST(leaves.u.o)->items[i] : argv[argc + i - n];
    if (i >= n) ax[i] = 0;
    if (ax[i] == AX_NONE) { w[i] = val_incref(x); continue; }
    Value xa = to_jax(x);
    AVal av;
    if (VAL_IS_NULL(xa) || lx_aval(xa, &av) < 0) { val_decref(xa); goto done; }
    int a = ax[i] < 0 ? ax[i] + av.ndim : ax[i];
    if (av.ndim == 0 || a < 0 || a >= av.ndim) {
      char s[200];
      arr_shape_str(av.shape, av.ndim, s, sizeof s);
      val_decref(xa);
      obj_raise(&exc_ValueError, "vmap was requested to map its argument along axis %d, which "
                "implies that its rank should be at least %d, but is only %d (its shape is %s)",
                ax[i], (ax[i] < 0 ? -ax[i] : ax[i] + 1), av.ndim, s);
      goto done;
    }
    ax[i] = a;
    if (size < 0) size = av.shape[a];
    else if (av.shape[a] != size) mismatch = 1;
    w[i] = xa;
  }
  if (mismatch) { vmap_size_error(ax, w, n + nkw, pathl); goto done; }
  if (c->has_size) {
    if (size >= 0 && size != c->axis_size) {
      obj_raise(&exc_ValueError, "vmap got axis_size=%lld but the mapped axes have size %lld",
                (long long)c->axis_size, (long long)size);
      goto done;
    }
    size = c->axis_size;
  }
  if (size < 0) {
    obj_raise(&exc_ValueError, "vmap must have at least one non-None value in in_axes");
    goto done;
  }
  *size_out = size;
  rc = 0;
done:
  for (int i = n; i < n + nkw; i++) val_clear(&w[i]);
  val_decref(pathl);
  return rc;
}

/* Calls the function under the batch trace B on the arguments rebuilt from the wrapped leaves
 * w; keyword arguments are mapped over axis 0. */
static Value vmap_apply(const VmapCtx *c, LxTrace *B, TreeDef *td, Value *w, int n, int argc,
                        const Value *argv, Obj *kw) {
  int nkw = func_kwcount(kw);
  Value out = val_null();
  Value a2 = tree_unflatten(td, w, n);
  if (VAL_IS_NULL(a2)) return a2;
  Value *av2 = calloc((size_t)(argc + nkw) + 1, sizeof(Value));
  if (!av2) { val_decref(a2); return obj_raise_nomem(); }
  for (int i = 0; i < argc; i++) av2[i] = TUPLE(a2.u.o)->items[i];
  int bad = 0;
  for (int i = 0; i < nkw && !bad; i++) {
    Value x = to_jax(argv[argc + i]);
    av2[argc + i] = VAL_IS_NULL(x) ? x : vmap_wrap(B, x, 0);
    val_decref(x);
    if (VAL_IS_NULL(av2[argc + i])) bad = 1;
  }
  if (!bad) {
    Interp *prev = tr_enter(&B->it);
    out = op_call(c->fun, argc, av2, kw);
    tr_leave(prev);
  }
  for (int i = 0; i < nkw; i++) val_decref(av2[argc + i]);
  free(av2);
  val_decref(a2);
  return out;
}

/* One output leaf of the batched function, its batch axis moved to out_axis (AX_NONE: the
 * output must not be mapped). */
static Value vmap_output(LxTrace *B, Value leaf, int out_axis, int64_t size) {
  Value v;
  int bd, nd0;
  int64_t sh[ARR_MAXDIM + 1];
  if (tr_float0_shape(leaf, &nd0, sh)) {
    /* float0 (no data): unmapped, so the batch axis is size copies of nothing */
    if (out_axis == AX_NONE) return val_incref(leaf);
    int to = out_axis < 0 ? out_axis + nd0 + 1 : out_axis;
    if (to < 0 || to > nd0 || nd0 + 1 > ARR_MAXDIM)
      return obj_raise(&exc_ValueError, "vmap out_axes %d is out of bounds for an output of rank %d",
                       out_axis, nd0 + 1);
    memmove(sh + to + 1, sh + to, sizeof(int64_t) * (size_t)(nd0 - to));
    sh[to] = size;
    return tr_float0_new(nd0 + 1, sh);
  }
  if (vmap_unwrap(B, leaf, &v, &bd) < 0) return val_null();
  if (out_axis == AX_NONE) {
    if (bd >= 0) {
      val_decref(v);
      return obj_raise(&exc_ValueError, "vmap has mapped output but out_axes is None");
    }
    return v;
  }
  Value vj = to_jax(v);
  val_decref(v);
  AVal av;
  if (VAL_IS_NULL(vj) || lx_aval(vj, &av) < 0) { val_decref(vj); return val_null(); }
  int nd = bd >= 0 ? av.ndim : av.ndim + 1;
  int to = out_axis < 0 ? out_axis + nd : out_axis;
  if (to < 0 || to >= nd) {
    val_decref(vj);
    return obj_raise(&exc_ValueError, "vmap out_axes %d is out of bounds for an output of rank %d",
                     out_axis, nd);
  }
  Value r = t_batch_at(vj, bd, to, size);
  val_decref(vj);
  return r;
}

/* the batched function's result: each output leaf placed by out_axes */
static Value vmap_outputs(const VmapCtx *c, LxTrace *B, Value out, int64_t size) {
  Value ol = list_new(0), r = val_null();
  if (VAL_IS_NULL(ol)) return ol;
  int *oax = NULL, no = 0;
  Value *outs = NULL;
  TreeDef *ot = tree_flatten(out, ol, 0);
  if (!ot) goto done;
  no = (int)LIST(ol.u.o)->len;
  oax = calloc((size_t)no + 1, sizeof(int));
  outs = calloc((size_t)no + 1, sizeof(Value));
  if (!oax || !outs) { obj_raise_nomem(); goto done; }
  {
    int k = 0;
    if (axes_prefix(c->out_axes, out, oax, &k, no, "vmap out_axes") < 0) goto done;
  }
  for (int k = 0; k < no; k++) {
    outs[k] = vmap_output(B, LIST(ol.u.o)->items[k], oax[k], size);
    if (VAL_IS_NULL(outs[k])) { t_clear(outs, k); goto done; }
  }
  r = tree_unflatten(ot, outs, no);
  t_clear(outs, no);
done:
  free(oax); free(outs);
  tree_free(ot);
  val_decref(ol);
  return r;
}

static Value vmap_call(void *ctx, int argc, const Value *argv, Obj *kw) {
  VmapCtx *c = ctx;
  lx_transform_init();
  int nkw = func_kwcount(kw);
  Value args = tuple_from(argc, argv);
  Value leaves = list_new(0);
  TreeDef *td = NULL;
  int *ax = NULL, n = 0;
  Value *w = NULL, out = val_null(), r = val_null();
  LxTrace *B = NULL;
  int64_t size;
  if (VAL_IS_NULL(args) || VAL_IS_NULL(leaves)) goto done;
  td = tree_flatten(args, leaves, 0);
  if (!td) goto done;
  n = (int)LIST(leaves.u.o)->len;
  ax = calloc((size_t)n + nkw + 1, sizeof(int));
  w = calloc((size_t)n + nkw + 1, sizeof(Value));
  if (!ax || !w) { obj_raise_nomem(); goto done; }
  if (parse_in_axes(c->in_axes, args, argc, ax, n) < 0) goto done;
  if (vmap_size(c, argc, argv, kw, leaves, ax, w, &size) < 0) goto done;
  B = vmap_new("vmap", c->fun, size);
  if (!B) goto done;
  if (c->axis >= 0) vmap_set_axis(B, c->axis);
  for (int i = 0; i < n; i++) {
    if (ax[i] == AX_NONE) continue;
    Value t = vmap_wrap(B, w[i], ax[i]);
    val_decref(w[i]);
    w[i] = t;
    if (VAL_IS_NULL(t)) goto done;
  }
  if (c->axis >= 0 && pmap_axis_push(c->axis, size) < 0) goto done;
  out = vmap_apply(c, B, td, w, n, argc, argv, kw);
  if (c->axis >= 0) pmap_axis_pop();
  if (VAL_IS_NULL(out)) goto done;
  r = vmap_outputs(c, B, out, size);
done:
  if (w) t_clear(w, n);
  free(w); free(ax);
  tree_free(td);
  val_decref(args); val_decref(leaves); val_decref(out);
  if (B) tr_finish(B);
  return r;
}

static Value m_vmap(int argc, const Value *argv, Obj *kw) {
  Value a[6];
  if (func_parse_args("vmap", argc, argv, kw, "fun|in_axes,out_axes,axis_name,axis_size,spmd_axis_name", a) < 0)
    return val_null();
  if (!op_callable(a[0]))
    return obj_raise(&exc_TypeError, "vmap requires a callable, got %s", op_type_name(a[0]));
  VmapCtx *c = calloc(1, sizeof *c);
  if (!c) return obj_raise_nomem();
  c->fun = val_incref(a[0]);
  c->in_axes = VAL_IS_NULL(a[1]) ? val_int(0) : val_incref(a[1]);
  c->out_axes = VAL_IS_NULL(a[2]) ? val_int(0) : val_incref(a[2]);
  c->axis = -1;
  if (!VAL_IS_NULL(a[3]) && !VAL_IS_NONE(a[3])) {
    lx_transform_init();
    c->axis = pmap_axis_id(a[3], "vmap");
    if (c->axis < 0) { vmapctx_free(c); return val_null(); }
  }
  if (!VAL_IS_NULL(a[4]) && !VAL_IS_NONE(a[4])) {
    if (op_as_int(a[4], &c->axis_size) < 0) { vmapctx_free(c); return val_null(); }
    c->has_size = 1;
  }
  return tr_closure_new("vmap_f", vmap_call, c, vmapctx_free);
}

/* {=== pmap ===}
 * The mapped axis is split over the devices (jax.devices(), or devices=): at the top level,
 * with concrete arguments, the function is traced once per argument signature into a
 * per-device graph that runs on one worker thread per device, the collectives exchanging
 * through shared memory (engine/coll.c). Under another transformation (grad of a pmap, jit of
 * a pmap), or when the graph calls back into the language, it runs as a batch over a named
 * axis: vmap(axis_name=) semantics, which is what pmap means. */
#define PMAP_CACHE 8
typedef struct PmapEntry {
  TreeDef *tree, *out_tree;
  int nleaves, ndev, x64, parallel;
  AVal *avals;
  int *ax;
  Value statics;
  IrGraph *g;
} PmapEntry;

typedef struct PmapCtx {
  Value fun, in_axes, out_axes;
  int axis;
  int nstatic, statics[32];
  int ndev_given;
  PmapEntry cache[PMAP_CACHE];
  int ncache, next;
} PmapCtx;

static void pmap_entry_free(PmapEntry *e) {
  tree_free(e->tree);
  tree_free(e->out_tree);
  free(e->avals);
  free(e->ax);
  val_decref(e->statics);
  ir_release(e->g);
  memset(e, 0, sizeof *e);
}

static void pmapctx_free(void *p) {
  PmapCtx *c = p;
  val_decref(c->fun); val_decref(c->in_axes); val_decref(c->out_axes);
  for (int i = 0; i < c->ncache; i++) pmap_entry_free(&c->cache[i]);
  free(c);
}

static int pmap_is_static(const PmapCtx *c, int i) {
  for (int k = 0; k < c->nstatic; k++) if (c->statics[k] == i) return 1;
  return 0;
}

static TypeObj *indivisible_error(void) {
  static TypeObj *t;
  if (t) return t;
  Value bases = tuple_pack(1, val_obj(&exc_ValueError.ob));
  Value ns = dict_new();
  if (VAL_IS_NULL(bases) || VAL_IS_NULL(ns)) { val_decref(bases); val_decref(ns); return NULL; }
  dict_setstr(ns, "__module__", val_obj(str_intern("jax._src.sharding_impls")));
  Value cls = class_new(str_intern("IndivisibleError"), bases, ns, NULL);
  val_decref(bases);
  val_decref(ns);
  if (VAL_IS_NULL(cls)) return NULL;
  t = (TypeObj *)cls.u.o;   /* kept for the life of the process */
  return t;
}

/* "(6,)", "(5, 2)": a shape as a Python tuple prints */
static void py_shape(const int64_t *s, int n, char *buf, size_t cap) {
  size_t k = (size_t)snprintf(buf, cap, "(");
  for (int i = 0; i < n && k < cap; i++)
    k += (size_t)snprintf(buf + k, cap - k, "%s%lld", i ? ", " : "", (long long)s[i]);
  if (k < cap) snprintf(buf + k, cap - k, n == 1 ? ",)" : ")");
}

/* The mapped size against the devices, with JAX 0.10's errors (pmap is sharding there: a size
 * above the device count is split into blocks, which then fail to squeeze). *m gets the number
 * of devices used. */
static int pmap_size(int argc, const Value *argv, Value leaves, int *ax, Value *w, int ndev, int *m) {
  int n = (int)LIST(leaves.u.o)->len;
  int64_t size = -1;
  for (int i = 0; i < n; i++) {
    Value x = LIST(leaves.u.o)->items[i];
    w[i] = to_jax(x);
    if (VAL_IS_NULL(w[i])) return -1;
    if (ax[i] == AX_NONE) continue;
    if (x.tag == V_INT || x.tag == V_FLOAT || x.tag == V_BOOL) { ax[i] = AX_NONE; continue; }
    AVal av;
    if (lx_aval(w[i], &av) < 0) return -1;
    int a = ax[i] < 0 ? ax[i] + av.ndim : ax[i];
    if (av.ndim == 0 || a < 0 || a >= av.ndim) {
      obj_raise(&exc_IndexError, "tuple index out of range");
      return -1;
    }
    ax[i] = a;
    if (size < 0) size = av.shape[a];
  }
  if (size < 0) {
    obj_raise(&exc_ValueError, "pmap requires at least one argument with a mapped axis.");
    return -1;
  }
  if (size == 0) {
    obj_raise(&exc_ValueError, "pmap got a mapped axis of size 0");
    return -1;
  }
  int64_t mm = size < ndev ? size : ndev;
  for (int i = 0; i < n; i++) {
    if (ax[i] == AX_NONE) continue;
    AVal av;
    if (lx_aval(w[i], &av) < 0) return -1;
    int64_t e = av.shape[ax[i]];
    if (e % mm) {
      char spec[400], full[300], tiles[300];
      size_t k = (size_t)snprintf(spec, sizeof spec, "P(");
      for (int d = 0; d <= ax[i] && k < sizeof spec; d++)
        k += (size_t)snprintf(spec + k, sizeof spec - k, "%s%s", d ? ", " : "",
                              d == ax[i] ? "'_internal_pmap_axis_name'" : "None");
      if (k < sizeof spec) snprintf(spec + k, sizeof spec - k, ax[i] == 0 ? ",)" : ")");
      py_shape(av.shape, av.ndim, full, sizeof full);
      k = (size_t)snprintf(tiles, sizeof tiles, "[");
      for (int d = 0; d < av.ndim && k < sizeof tiles; d++)
        k += (size_t)snprintf(tiles + k, sizeof tiles - k, "%s%lld", d ? ", " : "", (long long)(d == ax[i] ? mm : 1));
      if (k < sizeof tiles) snprintf(tiles + k, sizeof tiles - k, "]");
      TypeObj *t = indivisible_error();
      obj_raise(t ? t : &exc_ValueError, "Sharding NamedSharding(mesh=Mesh('_internal_pmap_axis_name': "
                "%lld, axis_types=(Auto,)), spec=%s, memory_kind=device) implies that array axis %d "
                "is partitioned %lld times, but the dimension size is %lld (full shape: %s, "
                "per-dimension tiling factors: %s should evenly divide the shape)",
                (long long)mm, spec, ax[i], (long long)mm, (long long)e, full, tiles);
      return -1;
    }
    if (e / mm != 1) {
      AVal b = av;
      b.shape[ax[i]] = e / mm;
      char s[300];
      py_shape(b.shape, b.ndim, s, sizeof s);
      obj_raise(&exc_ValueError, "cannot select an axis to squeeze out which has size not equal to "
                "one, got shape=%s and dimensions=(%d,)", s, ax[i]);
      return -1;
    }
  }
  *m = (int)mm;
  return 0;
}

/* the arguments rebuilt from leaves, the static ones put back */
static Value pmap_args(const PmapCtx *c, TreeDef *td, const Value *leaves, int n, int argc,
                       const Value *argv) {
  Value a = tree_unflatten(td, leaves, n);
  if (VAL_IS_NULL(a)) return a;
  for (int i = 0; i < argc; i++)
    if (pmap_is_static(c, i)) {
      val_decref(TUPLE(a.u.o)->items[i]);
      TUPLE(a.u.o)->items[i] = val_incref(argv[i]);
    }
  return a;
}

/* a concrete result as one slice per device (a new header, so no operand is marked) */
static Value mark_sharded(Value v) {
  Array *a = lx_arr(v);
  if (!a) return v;
  Array *h = arr_view(a);
  val_decref(v);
  if (!h) { tr_engine_err(); return val_null(); }
  h->flags = (h->flags & ~ARR_DEV_MASK & ~ARR_WRITABLE) | (ARR_DEV_SHARDED << ARR_DEV_SHIFT);
  return lx_wrap(h, FAM_JAX);
}

static Value pmap_mark_tree(Value tree) {
  if (lx_current() != lx_eval_interp()) return tree;
  Value l = list_new(0);
  if (VAL_IS_NULL(l)) { val_decref(tree); return l; }
  TreeDef *td = tree_flatten(tree, l, 0);
  val_decref(tree);
  if (!td) { val_decref(l); return val_null(); }
  int64_t n = LIST(l.u.o)->len;
  Value r = val_null();
  for (int64_t i = 0; i < n; i++) {
    Value *it = &LIST(l.u.o)->items[i];
    if (lx_is_arr(*it) && it->u.o->type == &lx_jax_type) {
      *it = mark_sharded(*it);
      if (VAL_IS_NULL(*it)) goto done;
    }
  }
  r = tree_unflatten(td, LIST(l.u.o)->items, n);
done:
  tree_free(td);
  val_decref(l);
  return r;
}

/* The batch route: vmap with the axis named. */
static Value pmap_batch(PmapCtx *c, TreeDef *td, Value *w, int *ax, int n, int m, int argc,
                        const Value *argv, Obj *kw) {
  if (lx_process_count() > 1)
    return obj_raise(&exc_NotImplementedError, "pmap across processes (jax.distributed) runs only "
                     "at the top level, on concrete arguments, without callbacks into Python; "
                     "put grad/jit inside the pmap-ed function");
  LxTrace *B = vmap_new("pmap", c->fun, m);
  if (!B) return val_null();
  vmap_set_axis(B, c->axis);
  Value r = val_null(), out = val_null();
  Value *wt = calloc((size_t)n + 1, sizeof(Value));
  if (!wt) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < n; i++) {
    wt[i] = ax[i] == AX_NONE ? val_incref(w[i]) : vmap_wrap(B, w[i], ax[i]);
    if (VAL_IS_NULL(wt[i])) { t_clear(wt, i); free(wt); wt = NULL; goto done; }
  }
  if (pmap_axis_push(c->axis, m) < 0) goto done;
  {
    Value args = pmap_args(c, td, wt, n, argc, argv);
    if (!VAL_IS_NULL(args)) {
      VmapCtx vc = {c->fun, c->in_axes, c->out_axes, 0, 0, c->axis};
      int nkw = func_kwcount(kw), bad = 0;
      Value *av2 = calloc((size_t)(argc + nkw) + 1, sizeof(Value));
      if (!av2) { obj_raise_nomem(); bad = 1; }
      for (int i = 0; i < argc && !bad; i++) av2[i] = val_incref(TUPLE(args.u.o)->items[i]);
      for (int i = 0; i < nkw && !bad; i++) {   /* keyword arguments: mapped over axis 0 */
        Value x = to_jax(argv[argc + i]);
        av2[argc + i] = VAL_IS_NULL(x) ? x : vmap_wrap(B, x, 0);
        val_decref(x);
        if (VAL_IS_NULL(av2[argc + i])) bad = 1;
      }
      if (!bad) {
        Interp *prev = tr_enter(&B->it);
        out = op_call(c->fun, argc, av2, kw);
        tr_leave(prev);
      }
      if (av2) { t_clear(av2, argc + nkw); free(av2); }
      if (!VAL_IS_NULL(out)) r = vmap_outputs(&vc, B, out, m);
      val_decref(args);
    }
  }
  pmap_axis_pop();
done:
  if (wt) { t_clear(wt, n); free(wt); }
  val_decref(out);
  tr_finish(B);
  return VAL_IS_NULL(r) ? r : pmap_mark_tree(r);
}

static int pmap_entry_matches(const PmapEntry *e, TreeDef *td, const AVal *av, const int *ax,
                              int n, Value statics, int m) {
  if (e->nleaves != n || e->ndev != m || e->x64 != lx_flag_x64 || !tree_equal(e->tree, td)) return 0;
  for (int i = 0; i < n; i++) {
    if (e->ax[i] != ax[i] || e->avals[i].dtype != av[i].dtype || e->avals[i].weak != av[i].weak ||
        e->avals[i].ndim != av[i].ndim ||
        ir_memcmp(e->avals[i].shape, av[i].shape, sizeof(int64_t) * (size_t)av[i].ndim)) return 0;
  }
  int eq = op_eq(e->statics, statics);
  if (eq < 0) { obj_err_clear(); return 0; }
  return eq;
}

/* Trace the per-device function into e->g. */
static int pmap_trace(PmapCtx *c, PmapEntry *e, TreeDef *td, Value *w, int *ax, const AVal *av,
                      int n, int m, int argc, const Value *argv) {
  StageTrace *s = jit_stage_new("pmap", c->fun, "pmap", 0);
  if (!s) return -1;
  Value *tin = calloc((size_t)n + 1, sizeof(Value));
  Value outl = list_new(0), res = val_null();
  Value *captured = NULL;
  int ncap = 0, rc = -1;
  if (!tin || VAL_IS_NULL(outl)) { obj_raise_nomem(); jit_stage_abort(s); goto done; }
  for (int i = 0; i < n; i++) {
    AVal a = av[i];
    if (ax[i] != AX_NONE) {
      for (int d = ax[i]; d < a.ndim - 1; d++) a.shape[d] = a.shape[d + 1];
      a.ndim--;
    }
    char nm[32];
    snprintf(nm, sizeof nm, "args[%d]", i);
    tin[i] = jit_stage_input(s, &a, nm);
    if (VAL_IS_NULL(tin[i])) { t_clear(tin, i); jit_stage_abort(s); goto done; }
  }
  /* across processes (jax.distributed) the named axis spans every process's devices */
  if (pmap_axis_push(c->axis, (int64_t)m * lx_process_count()) < 0) { t_clear(tin, n); jit_stage_abort(s); goto done; }
  {
    Value args = pmap_args(c, td, tin, n, argc, argv);
    if (!VAL_IS_NULL(args)) {
      Interp *prev = tr_enter(&jit_stage_trace(s)->it);
      res = op_call(c->fun, argc, TUPLE(args.u.o)->items, NULL);
      tr_leave(prev);
      val_decref(args);
    }
  }
  pmap_axis_pop();
  t_clear(tin, n);
  if (VAL_IS_NULL(res)) { jit_stage_abort(s); goto done; }
  e->out_tree = jit_stage_outputs(res, "the pmap-ed function", outl);
  if (!e->out_tree) { jit_stage_abort(s); goto done; }
  e->g = jit_stage_finish(s, (int)LIST(outl.u.o)->len, LIST(outl.u.o)->items, &captured, &ncap);
  if (!e->g) goto done;
  for (int i = 0; i < ncap; i++) val_decref(captured[i]);
  free(captured);
  if (ir_optimize(e->g) < 0) { tr_engine_err(); goto done; }
  e->parallel = ncap == 0 && pmap_graph_parallel_ok(e->g);
  rc = 0;
done:
  free(tin);
  val_decref(outl);
  val_decref(res);
  return rc;
}

/* Run an entry on the devices and stack the results by out_axes. */
static Value pmap_run(PmapCtx *c, PmapEntry *e, Value *w, int *ax, int n, int m) {
  IrGraph *g = e->g;
  int nin = g->nin, nout = g->nout;
  Value r = val_null(), tree0 = val_null();
  int *oax = NULL;
  Array **ins = calloc((size_t)m * (size_t)nin + 1, sizeof(Array *));
  uint8_t *owned = calloc((size_t)m * (size_t)nin + 1, 1);
  Array **outs = calloc((size_t)m * (size_t)nout + 1, sizeof(Array *));
  Value *res = calloc((size_t)nout + 1, sizeof(Value));
  if (!ins || !owned || !outs || !res || nin != n) {
    if (nin != n) obj_raise(&exc_RuntimeError, "internal: pmap graph takes %d inputs, not %d", nin, n);
    else obj_raise_nomem();
    goto done;
  }
  /* each device owns a copy of its slice; unmapped inputs are shared, read only */
  for (int d = 0; d < m; d++)
    for (int i = 0; i < n; i++) {
      Array *a = lx_arr(w[i]);
      if (!a) { obj_raise(&exc_TypeError, "pmap: argument %d is not an array", i); goto done; }
      size_t k = (size_t)d * (size_t)nin + (size_t)i;
      if (ax[i] == AX_NONE) { ins[k] = a; continue; }
      Array *v = arr_view_index(a, ax[i], d);
      ins[k] = v ? arr_copy(v) : NULL;
      arr_release(v);
      if (!ins[k]) { tr_engine_err(); goto done; }
      owned[k] = 1;
    }
  if (pmap_run_graph(g, m, c->axis, ins, outs) < 0) goto done;
  /* out_axes against the output tree (built from device 0's results) */
  for (int k = 0; k < nout; k++) {
    res[k] = lx_wrap(arr_retain(outs[k]), FAM_JAX);
    if (VAL_IS_NULL(res[k])) { t_clear(res, k); goto done; }
  }
  tree0 = tree_unflatten(e->out_tree, res, nout);
  t_clear(res, nout);
  if (VAL_IS_NULL(tree0)) goto done;
  oax = calloc((size_t)nout + 1, sizeof(int));
  if (!oax) { obj_raise_nomem(); goto done; }
  {
    int k = 0;
    if (axes_prefix(c->out_axes, tree0, oax, &k, nout, "pmap out_axes") < 0) goto done;
  }
  for (int k = 0; k < nout; k++) {
    Array *o0 = outs[k];
    if (oax[k] == AX_NONE) {
      res[k] = lx_wrap(arr_retain(o0), FAM_JAX);
      if (VAL_IS_NULL(res[k])) { t_clear(res, k); goto done; }
      continue;
    }
    int nd = o0->ndim + 1, to = oax[k] < 0 ? oax[k] + nd : oax[k];
    if (to < 0 || to >= nd || o0->ndim >= ARR_MAXDIM) {
      t_clear(res, k);
      obj_raise(&exc_ValueError, "pmap out_axes %d is out of bounds for an output of rank %d", oax[k], nd);
      goto done;
    }
    int64_t sh[ARR_MAXDIM];
    for (int d = 0, j = 0; d < nd; d++) sh[d] = d == to ? m : o0->shape[j++];
    Array *st = arr_new(o0->dtype, nd, sh);
    int bad = !st;
    for (int d = 0; d < m && !bad; d++) {
      Array *v = arr_view_index(st, to, d);
      bad = !v || arr_assign(v, outs[(size_t)d * (size_t)nout + (size_t)k]) < 0;
      arr_release(v);
    }
    if (bad) { arr_release(st); t_clear(res, k); tr_engine_err(); goto done; }
    if (g->avals[g->out[k]].weak) st->flags |= ARR_WEAK;
    if (to == 0) st->flags |= ARR_DEV_SHARDED << ARR_DEV_SHIFT;
    res[k] = lx_wrap(st, FAM_JAX);
    if (VAL_IS_NULL(res[k])) { t_clear(res, k); goto done; }
  }
  r = tree_unflatten(e->out_tree, res, nout);
  t_clear(res, nout);
done:
  val_decref(tree0);
  free(oax);
  if (ins && owned)
    for (size_t k = 0; k < (size_t)m * (size_t)nin; k++) if (owned[k]) arr_release(ins[k]);
  if (outs)
    for (size_t k = 0; k < (size_t)m * (size_t)nout; k++) arr_release(outs[k]);
  free(ins); free(owned); free(outs); free(res);
  return r;
}

static Value pmap_call(void *ctx, int argc, const Value *argv, Obj *kw) {
  PmapCtx *c = ctx;
  lx_transform_init();
  for (int k = 0; k < c->nstatic; k++)
    if (c->statics[k] >= argc)
      return obj_raise(&exc_ValueError, "pmapped function has static_broadcasted_argnums=%d but "
                       "was called with only %d positional argument%s. All static broadcasted "
                       "arguments must be passed positionally.", c->statics[k], argc, argc == 1 ? "" : "s");
  Value args = tuple_new(argc), st = tuple_new(argc);
  if (VAL_IS_NULL(args) || VAL_IS_NULL(st)) { val_decref(args); val_decref(st); return val_null(); }
  for (int i = 0; i < argc; i++) {
    int s = pmap_is_static(c, i);
    TUPLE_SET(args, i, s ? val_none() : val_incref(argv[i]));
    TUPLE_SET(st, i, s ? val_incref(argv[i]) : val_none());
  }
  Value leaves = list_new(0), r = val_null();
  TreeDef *td = NULL;
  int *ax = NULL, n = 0, m = 0;
  Value *w = NULL;
  AVal *av = NULL;
  if (VAL_IS_NULL(leaves)) goto done;
  td = tree_flatten(args, leaves, 0);
  if (!td) goto done;
  n = (int)LIST(leaves.u.o)->len;
  ax = calloc((size_t)n + 1, sizeof(int));
  w = calloc((size_t)n + 1, sizeof(Value));
  av = calloc((size_t)n + 1, sizeof(AVal));
  if (!ax || !w || !av) { obj_raise_nomem(); goto done; }
  {
    Value spec = c->in_axes;
    if (VAL_IS_TUPLE(spec) || VAL_IS_LIST(spec)) {
      /* the static arguments' entries are skipped, as their leaves are */
      int64_t ns = VAL_IS_TUPLE(spec) ? TUPLE(spec.u.o)->len : LIST(spec.u.o)->len;
      if (ns != argc) {
        obj_raise(&exc_ValueError, "pmap in_axes must be an int, None, or a tuple of entries "
                  "corresponding to the positional arguments passed to the function, but got "
                  "len(in_axes)=%lld, len(args)=%d", (long long)ns, argc);
        goto done;
      }
    }
    int k = 0;
    Value sp = VAL_IS_LIST(spec) ? tuple_from(LIST(spec.u.o)->len, LIST(spec.u.o)->items) : val_incref(spec);
    if (VAL_IS_NULL(sp)) goto done;
    int rr = axes_prefix(sp, args, ax, &k, n, "pmap in_axes");
    val_decref(sp);
    if (rr < 0) goto done;
  }
  int ndev = c->ndev_given > 0 ? c->ndev_given : lx_local_device_count();
  if (pmap_size(argc, argv, leaves, ax, w, ndev, &m) < 0) goto done;
  int concrete = lx_current() == lx_eval_interp() && func_kwcount(kw) == 0 && !getenv("SABLE_PMAP_SERIAL");
  for (int i = 0; i < n && concrete; i++) {
    concrete = lx_is_arr(w[i]) != 0;
    if (concrete && lx_aval(w[i], &av[i]) < 0) goto done;
  }
  if (concrete) {
    PmapEntry *e = NULL;
    for (int i = 0; i < c->ncache && !e; i++)
      if (pmap_entry_matches(&c->cache[i], td, av, ax, n, st, m)) e = &c->cache[i];
    if (!e) {
      PmapEntry ne;
      memset(&ne, 0, sizeof ne);
      if (pmap_trace(c, &ne, td, w, ax, av, n, m, argc, argv) < 0) { pmap_entry_free(&ne); goto done; }
      ne.tree = tree_copy(td);
      ne.avals = malloc(sizeof(AVal) * (size_t)(n + 1));
      ne.ax = malloc(sizeof(int) * (size_t)(n + 1));
      if (!ne.tree || !ne.avals || !ne.ax) { pmap_entry_free(&ne); obj_raise_nomem(); goto done; }
      ir_memcpy(ne.avals, av, sizeof(AVal) * (size_t)n);
      ir_memcpy(ne.ax, ax, sizeof(int) * (size_t)n);
      ne.nleaves = n;
      ne.ndev = m;
      ne.x64 = lx_flag_x64;
      ne.statics = val_incref(st);
      int slot = c->ncache < PMAP_CACHE ? c->ncache++ : (c->next++ % PMAP_CACHE);
      if (slot < c->ncache && c->cache[slot].g) pmap_entry_free(&c->cache[slot]);
      c->cache[slot] = ne;
      e = &c->cache[slot];
    }
    if (e->parallel) { r = pmap_run(c, e, w, ax, n, m); goto done; }
  }
  r = pmap_batch(c, td, w, ax, n, m, argc, argv, kw);
done:
  if (w) t_clear(w, n);
  free(w); free(ax); free(av);
  tree_free(td);
  val_decref(leaves); val_decref(args); val_decref(st);
  return r;
}

static Value m_pmap(int argc, const Value *argv, Obj *kw) {
  Value a[11];
  if (func_parse_args("pmap", argc, argv, kw, "fun|axis_name,$in_axes,out_axes,static_broadcasted_argnums,"
                      "devices,backend,axis_size,donate_argnums,global_arg_shapes", a) < 0)
    return val_null();
  if (!op_callable(a[0])) {
    Value r = op_repr(a[0]);
    if (VAL_IS_NULL(r)) return r;
    obj_raise(&exc_TypeError, "Expected a callable value, got %s", str_cstr(r));
    val_decref(r);
    return val_null();
  }
  PmapCtx *c = calloc(1, sizeof *c);
  if (!c) return obj_raise_nomem();
  c->fun = val_incref(a[0]);
  c->in_axes = VAL_IS_NULL(a[2]) ? val_int(0) : val_incref(a[2]);
  c->out_axes = VAL_IS_NULL(a[3]) ? val_int(0) : val_incref(a[3]);
  c->axis = VAL_IS_NULL(a[1]) || VAL_IS_NONE(a[1]) ? coll_axis_intern("_internal_pmap_axis_name")
                                                    : pmap_axis_id(a[1], "pmap");
  if (c->axis < 0) { if (!obj_err_occurred()) tr_engine_err(); pmapctx_free(c); return val_null(); }
  if (!VAL_IS_NULL(a[4]) && !VAL_IS_NONE(a[4])) {
    int single;
    int k = parse_argnums(a[4], c->statics, 32, &single);
    if (k < 0) { pmapctx_free(c); return val_null(); }
    c->nstatic = k;
  }
  if (!VAL_IS_NULL(a[5]) && !VAL_IS_NONE(a[5])) {
    Value l = list_from_iterable(a[5]);
    if (VAL_IS_NULL(l)) { pmapctx_free(c); return val_null(); }
    int64_t nd = LIST(l.u.o)->len;
    for (int64_t i = 0; i < nd; i++)
      if (lx_device_id(LIST(l.u.o)->items[i]) != lx_device_id(lx_local_device((int)i))) {
        val_decref(l);
        pmapctx_free(c);
        return obj_raise(&exc_NotImplementedError, "pmap devices=: the devices must be the first "
                         "ones of jax.local_devices(), in order");
      }
    val_decref(l);
    if (nd < 1) { pmapctx_free(c); return obj_raise(&exc_ValueError, "pmap got an empty devices list"); }
    c->ndev_given = (int)nd;
  }
  return tr_closure_new("pmap_f", pmap_call, c, pmapctx_free);
}

/* {=== jit / make_jaxpr ===} */
typedef struct JitDeco { Value argnums, argnames; } JitDeco;
static void jitdeco_free(void *p) { JitDeco *d = p; val_decref(d->argnums); val_decref(d->argnames); free(d); }
static Value jitdeco_call(void *ctx, int argc, const Value *argv, Obj *kw) {
  JitDeco *d = ctx;
  if (argc != 1) return obj_raise(&exc_TypeError, "jit decorator expects one function");
  return jit_make(argv[0], d->argnums, d->argnames);
}

static Value m_jit(int argc, const Value *argv, Obj *kw) {
  lx_transform_init();
  Value a[10];
  if (func_parse_args("jit", argc, argv, kw,
                      "|fun,$static_argnums,static_argnames,donate_argnums,donate_argnames,device,"
                      "backend,inline,keep_unused,abstracted_axes", a) < 0)
    return val_null();
  if (VAL_IS_NULL(a[0])) {
    JitDeco *d = calloc(1, sizeof *d);
    if (!d) return obj_raise_nomem();
    d->argnums = val_incref(a[1]);
    d->argnames = val_incref(a[2]);
    return tr_closure_new("jit_decorator", jitdeco_call, d, jitdeco_free);
  }
  return jit_make(a[0], a[1], a[2]);
}

/* axis_env: (name, size) pairs bound while tracing, so that collectives appear in the jaxpr */
#define MJ_MAX_AXES 8
typedef struct MjCtx { Value fun, argnums; int naxes, axis[MJ_MAX_AXES]; int64_t size[MJ_MAX_AXES]; } MjCtx;
static void mjctx_free(void *p) { MjCtx *c = p; val_decref(c->fun); val_decref(c->argnums); free(c); }
static Value mj_call(void *ctx, int argc, const Value *argv, Obj *kw) {
  MjCtx *c = ctx;
  lx_transform_init();
  int pushed = 0;
  Value r = val_null();
  for (; pushed < c->naxes; pushed++)
    if (pmap_axis_push(c->axis[pushed], c->size[pushed]) < 0) goto done;
  r = jit_make_jaxpr(c->fun, c->argnums, argc, argv, kw);
done:
  while (pushed-- > 0) pmap_axis_pop();
  return r;
}
static int parse_axis_env(MjCtx *c, Value env) {
  if (VAL_IS_NULL(env) || VAL_IS_NONE(env)) return 0;
  Value l = list_from_iterable(env);
  if (VAL_IS_NULL(l)) return -1;
  int rc = 0;
  for (int64_t i = 0; i < LIST(l.u.o)->len && rc == 0; i++) {
    Value pr = list_from_iterable(LIST(l.u.o)->items[i]);
    int64_t sz;
    if (VAL_IS_NULL(pr)) { rc = -1; break; }
    if (LIST(pr.u.o)->len != 2 || c->naxes == MJ_MAX_AXES) {
      obj_raise(&exc_ValueError, "make_jaxpr axis_env must be a list of (name, size) pairs (at most %d)", MJ_MAX_AXES);
      rc = -1;
    } else if ((c->axis[c->naxes] = pmap_axis_id(LIST(pr.u.o)->items[0], "make_jaxpr")) < 0 ||
               op_as_int(LIST(pr.u.o)->items[1], &sz) < 0) {
      rc = -1;
    } else {
      c->size[c->naxes++] = sz;
    }
    val_decref(pr);
  }
  val_decref(l);
  return rc;
}
static Value m_make_jaxpr(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("make_jaxpr", argc, argv, kw, "fun|static_argnums,axis_env,return_shape", a) < 0)
    return val_null();
  MjCtx *c = calloc(1, sizeof *c);
  if (!c) return obj_raise_nomem();
  c->fun = val_incref(a[0]);
  c->argnums = val_incref(a[1]);
  if (parse_axis_env(c, a[2]) < 0) { mjctx_free(c); return val_null(); }
  return tr_closure_new("make_jaxpr_f", mj_call, c, mjctx_free);
}

/* {=== stop_gradient ===} */
static Value m_stop_gradient(int argc, const Value *argv, Obj *kw) {
  lx_transform_init();
  if (func_check_args("stop_gradient", argc, kw, 1, 1) < 0) return val_null();
  Value leaves = list_new(0);
  if (VAL_IS_NULL(leaves)) return leaves;
  TreeDef *td = tree_flatten(argv[0], leaves, 0);
  if (!td) { val_decref(leaves); return val_null(); }
  int64_t n = LIST(leaves.u.o)->len;
  Value r = val_null();
  int bad = 0;
  for (int64_t i = 0; i < n && !bad; i++) {
    Value *it = &LIST(leaves.u.o)->items[i];
    Value x = to_jax(*it);
    Value s = VAL_IS_NULL(x) ? x : tr_bind1(PRIM_stop_gradient, 1, &x, NULL);
    val_decref(x);
    if (VAL_IS_NULL(s)) { bad = 1; break; }
    val_decref(*it);
    *it = s;
  }
  if (!bad) r = tree_unflatten(td, LIST(leaves.u.o)->items, n);
  tree_free(td);
  val_decref(leaves);
  return r;
}

/* {=== custom_jvp ===} */
typedef struct CustomObj {
  Obj ob;
  Value fun, jvp, fwd, bwd;
  int nnondiff, nondiff[16];
  int is_vjp;
  int staging;          /* its function and rule are being staged (custom_staged) */
} CustomObj;
static TypeObj custom_jvp_type, custom_vjp_type;

static void custom_dealloc(Obj *o) {
  CustomObj *c = (CustomObj *)o;
  val_decref(c->fun); val_decref(c->jvp); val_decref(c->fwd); val_decref(c->bwd);
  obj_free(o);
}
static void custom_traverse(Obj *o, VisitFn visit, void *arg) {
  CustomObj *c = (CustomObj *)o;
  Value vs[4] = {c->fun, c->jvp, c->fwd, c->bwd};
  for (int i = 0; i < 4; i++) if (vs[i].tag == V_OBJ) visit(vs[i].u.o, arg);
}
static void custom_clear(Obj *o) {
  CustomObj *c = (CustomObj *)o;
  val_clear(&c->fun); val_clear(&c->jvp); val_clear(&c->fwd); val_clear(&c->bwd);
}

static int is_nondiff(CustomObj *c, int i) {
  for (int k = 0; k < c->nnondiff; k++) if (c->nondiff[k] == i) return 1;
  return 0;
}

/* call rule(*nondiff, primals_tuple, tangents_tuple) -> (out, tout), flattened. The
 * differentiable arguments are flattened to leaves (in_tree rebuilds the tuple of them). */
typedef struct CjCtx { CustomObj *c; int argc; const Value *argv; TreeDef *in_tree; TreeDef *out_tree; int nout; } CjCtx;

static int cj_rule(CjCtx *x, const Value *prim, const Value *tan, Value *po, Value *to, int max) {
  CustomObj *c = x->c;
  int nd = 0;
  for (int i = 0; i < x->argc; i++) nd += is_nondiff(c, i);
  int64_t nl = tree_nleaves(x->in_tree);
  Value *args = calloc((size_t)nd + 3, sizeof(Value));
  Value P = tree_unflatten(x->in_tree, prim, nl);
  Value T = VAL_IS_NULL(P) ? P : tree_unflatten(x->in_tree, tan, nl);
  int rc = -1;
  if (!args || VAL_IS_NULL(P) || VAL_IS_NULL(T)) { free(args); val_decref(P); val_decref(T); if (!obj_err_occurred()) obj_raise_nomem(); return -1; }
  int k = 0;
  for (int i = 0; i < x->argc; i++)
    if (is_nondiff(c, i)) args[k++] = x->argv[i];
  args[k++] = P;
  args[k++] = T;
  Value r = op_call(c->jvp, k, args, NULL);
  free(args);
  val_decref(P);
  val_decref(T);
  if (VAL_IS_NULL(r)) return -1;
  if (!VAL_IS_TUPLE(r) && !VAL_IS_LIST(r)) goto bad;
  if ((VAL_IS_TUPLE(r) ? TUPLE(r.u.o)->len : LIST(r.u.o)->len) != 2) goto bad;
  {
    Value ro = VAL_IS_TUPLE(r) ? TUPLE(r.u.o)->items[0] : LIST(r.u.o)->items[0];
    Value rt = VAL_IS_TUPLE(r) ? TUPLE(r.u.o)->items[1] : LIST(r.u.o)->items[1];
    Value l1 = list_new(0), l2 = list_new(0);
    TreeDef *t1 = VAL_IS_NULL(l1) ? NULL : tree_flatten(ro, l1, 0);
    TreeDef *t2 = (t1 && !VAL_IS_NULL(l2)) ? tree_flatten(rt, l2, 0) : NULL;
    if (t1 && t2 && tree_equal(t1, t2) && LIST(l1.u.o)->len <= max) {
      int n = (int)LIST(l1.u.o)->len;
      int ok = 1;
      for (int i = 0; i < n; i++) {
        po[i] = to_jax(LIST(l1.u.o)->items[i]);
        to[i] = VAL_IS_NULL(po[i]) ? val_null() : to_jax(LIST(l2.u.o)->items[i]);
        if (VAL_IS_NULL(to[i])) { val_decref(po[i]); t_clear(po, i); t_clear(to, i); ok = 0; break; }
      }
      if (ok) {
        if (!x->out_tree) { x->out_tree = t1; t1 = NULL; }
        x->nout = n;
        rc = n;
      }
    } else if (t1 && t2) {
      obj_raise(&exc_TypeError, "Custom JVP rule must produce primal and tangent outputs with "
                "equal container (pytree) structures, but got %s and %s respectively.",
                "one structure", "another");
    }
    tree_free(t1);
    tree_free(t2);
    val_decref(l1);
    val_decref(l2);
  }
  val_decref(r);
  return rc;
bad:
  val_decref(r);
  obj_raise(&exc_TypeError, "Custom JVP rule must produce a pair (list or tuple of length two) "
            "representing primal and tangent outputs.");
  return -1;
}

/* The differentiable arguments of a custom function call, flattened: leaves (as jax values)
 * and the structure of the tuple of those arguments. Returns the leaf count. */
static int diff_leaves(CustomObj *c, int argc, const Value *argv, Value **out, TreeDef **td) {
  int nd = 0;
  for (int i = 0; i < argc; i++) nd += !is_nondiff(c, i);
  Value t = tuple_new(nd);
  if (VAL_IS_NULL(t)) return -1;
  for (int i = 0, k = 0; i < argc; i++) if (!is_nondiff(c, i)) TUPLE_SET(t, k++, val_incref(argv[i]));
  Value l = list_new(0);
  *td = VAL_IS_NULL(l) ? NULL : tree_flatten(t, l, 0);
  val_decref(t);
  if (!*td) { val_decref(l); return -1; }
  int n = (int)LIST(l.u.o)->len;
  *out = calloc((size_t)n + 1, sizeof(Value));
  if (!*out) { val_decref(l); obj_raise_nomem(); return -1; }
  for (int i = 0; i < n; i++) {
    (*out)[i] = to_jax(LIST(l.u.o)->items[i]);
    if (VAL_IS_NULL((*out)[i])) { t_clear(*out, i); val_decref(l); return -1; }
  }
  val_decref(l);
  return n;
}

static int cj_vjp_cb(void *ctx, int nin, const Value *p, const Value *t, int nout, Value *out, Value *tout) {
  CjCtx *x = ctx;
  /* zero tangents for the inputs the nested trace did not make */
  Value *tt = calloc((size_t)nin + 1, sizeof(Value));
  if (!tt) { obj_raise_nomem(); return -1; }
  for (int i = 0; i < nin; i++) {
    if (!VAL_IS_NULL(t[i])) { tt[i] = val_incref(t[i]); continue; }
    AVal av;
    if (lx_aval(p[i], &av) < 0 || VAL_IS_NULL(tt[i] = t_zeros(&av))) { t_clear(tt, i); free(tt); return -1; }
  }
  int n = cj_rule(x, p, tt, out, tout, nout);
  t_clear(tt, nin);
  free(tt);
  return n;
}

/* {=== custom functions under vmap and jit ===}
 * JAX keeps custom_jvp_call / custom_vjp_call as primitives that every transformation
 * handles. Here: under a batching trace with a differentiation outside it (grad(vmap(f))), the
 * call goes one level out as the same custom function with its function and rules vmapped
 * (sable._autodiff._custom_batched); under a staging trace the plain function is traced and the
 * trace is marked so that jit inlines the function under an enclosing transformation. */
static int diff_outside(LxTrace *t) {
  for (Interp *i = t->it.parent; i && i != lx_eval_interp(); i = i->parent) {
    TraceKind k = ((LxTrace *)i)->vt->kind;
    if (k == TK_JVP || k == TK_VJP) return 1;
  }
  return 0;
}

static int tree_has_own(LxTrace *t, Value tree) {
  Value l = list_new(0);
  if (VAL_IS_NULL(l)) return -1;
  TreeDef *td = tree_flatten(tree, l, 0);
  int r = td ? 0 : -1;
  for (int64_t i = 0; td && i < LIST(l.u.o)->len && !r; i++) r = tr_own(t, LIST(l.u.o)->items[i]) != NULL;
  tree_free(td);
  val_decref(l);
  return r;
}

/* Returns the result, or V_NULL with no error pending when the call is not handled here (a
 * batched non-differentiable argument: the plain function runs then). */
static Value custom_batched(CustomObj *c, LxTrace *t, int argc, const Value *argv) {
  for (int i = 0; i < argc; i++) {
    if (!is_nondiff(c, i)) continue;
    int h = tree_has_own(t, argv[i]);
    if (h != 0) return val_null();
  }
  Value args = tuple_new(argc), dargs = val_null(), dl = val_null(), axes = val_null();
  Value fn = val_null(), res = val_null(), ol = val_null(), r = val_null(), nd = val_null();
  TreeDef *td = NULL, *ot = NULL;
  if (VAL_IS_NULL(args)) return args;
  int ndiff = 0;
  for (int i = 0; i < argc; i++) ndiff += !is_nondiff(c, i);
  dargs = tuple_new(ndiff);
  dl = list_new(0);
  axes = list_new(0);
  nd = tuple_new(c->nnondiff);
  if (VAL_IS_NULL(dargs) || VAL_IS_NULL(dl) || VAL_IS_NULL(axes) || VAL_IS_NULL(nd)) goto done;
  for (int i = 0; i < c->nnondiff; i++) TUPLE_SET(nd, i, val_int(c->nondiff[i]));
  for (int i = 0, k = 0; i < argc; i++) {
    Value a = strip_trace(t, argv[i]);
    if (VAL_IS_NULL(a)) goto done;
    TUPLE_SET(args, i, a);
    if (!is_nondiff(c, i)) TUPLE_SET(dargs, k++, val_incref(argv[i]));
  }
  td = tree_flatten(dargs, dl, 0);
  if (!td) goto done;
  for (int64_t i = 0; i < LIST(dl.u.o)->len; i++) {
    Tracer *x = tr_own(t, LIST(dl.u.o)->items[i]);
    Value ax = x ? val_int(x->i) : val_none();
    if (list_append(axes, ax) < 0) goto done;
  }
  {
    Value m = module_import("sable._autodiff");
    if (VAL_IS_NULL(m)) goto done;
    fn = op_getattr_s(m, "_custom_batched");
    val_decref(m);
    if (VAL_IS_NULL(fn)) goto done;
    Value cargs[8] = {val_bool(c->is_vjp), c->fun, c->is_vjp ? c->fwd : c->jvp,
                      c->is_vjp ? c->bwd : val_none(), nd, args, axes, val_int(vmap_axis_size(t))};
    Interp *prev = tr_enter(t->it.parent);
    c->staging++;   /* its rule calling it again gets the plain function (custom_outer) */
    res = op_call(fn, 8, cargs, NULL);
    c->staging--;
    tr_leave(prev);
    if (VAL_IS_NULL(res)) goto done;
  }
  /* every output leaf comes back batched at axis 0 */
  ol = list_new(0);
  ot = VAL_IS_NULL(ol) ? NULL : tree_flatten(res, ol, 0);
  if (!ot) goto done;
  for (int64_t i = 0; i < LIST(ol.u.o)->len; i++) {
    Value *it = &LIST(ol.u.o)->items[i];
    if (!lx_is_arraylike(*it)) continue;
    Value w = vmap_wrap(t, *it, 0);
    if (VAL_IS_NULL(w)) goto done;
    val_decref(*it);
    *it = w;
  }
  r = tree_unflatten(ot, LIST(ol.u.o)->items, LIST(ol.u.o)->len);
done:
  if (VAL_IS_NULL(r) && !obj_err_occurred()) obj_raise_nomem();
  tree_free(td);
  tree_free(ot);
  val_decref(args); val_decref(dargs); val_decref(dl); val_decref(axes); val_decref(nd);
  val_decref(fn); val_decref(res); val_decref(ol);
  return r;
}

/* Under a staging trace: a custom_jvp_call / custom_vjp_call equation (control.c). */
static Value custom_staged(CustomObj *c, int argc, const Value *argv) {
  Value args = tuple_from(argc, argv), nd = tuple_new(c->nnondiff), fn = val_null();
  Value res = val_null(), r = val_null();
  if (VAL_IS_NULL(args) || VAL_IS_NULL(nd)) goto done;
  for (int i = 0; i < c->nnondiff; i++) TUPLE_SET(nd, i, val_int(c->nondiff[i]));
  {
    Value m = module_import("sable._autodiff");
    if (VAL_IS_NULL(m)) goto done;
    fn = op_getattr_s(m, "_custom_flat");
    val_decref(m);
    if (VAL_IS_NULL(fn)) goto done;
  }
  {
    Value a[6] = {val_bool(c->is_vjp), c->fun, c->is_vjp ? c->fwd : c->jvp,
                  c->is_vjp ? c->bwd : val_none(), nd, args};
    res = op_call(fn, 6, a, NULL);
  }
  if (VAL_IS_NULL(res)) goto done;
  if (!VAL_IS_TUPLE(res) || TUPLE(res.u.o)->len != 4 || !VAL_IS_LIST(TUPLE(res.u.o)->items[0])) {
    obj_raise(&exc_RuntimeError, "internal: _custom_flat result");
    goto done;
  }
  r = flow_custom_stage(c->is_vjp, TUPLE(res.u.o)->items[1], TUPLE(res.u.o)->items[2],
                      TUPLE(res.u.o)->items[3], TUPLE(res.u.o)->items[0]);
done:
  val_decref(args); val_decref(nd); val_decref(fn); val_decref(res);
  return r;
}

/* The interception common to custom_jvp and custom_vjp calls: 1 with *r set when handled. */
static int custom_outer(CustomObj *c, LxTrace *t, int argc, const Value *argv, Obj *kw, Value *r) {
  if (!t) return 0;
  if (c->staging) {
    /* called from its own rule while that is staged or batched (`return f(x), ...`): the
     * plain function, as the rule's primal output (handling it again would recurse) */
    if (t->vt->kind == TK_STAGE) jit_stage_note_custom(t);
    *r = op_call(c->fun, argc, argv, kw);
    return 1;
  }
  if (t->vt->kind == TK_STAGE) {
    /* keywords: the plain function (jit then runs it inlined under a transformation) */
    if (func_kwcount(kw)) { jit_stage_note_custom(t); return 0; }
    c->staging++;
    *r = custom_staged(c, argc, argv);
    c->staging--;
    return 1;
  }
  if (func_kwcount(kw)) return 0;
  if (t->vt->kind != TK_BATCH || !diff_outside(t)) return 0;
  Value x = custom_batched(c, t, argc, argv);
  if (VAL_IS_NULL(x) && !obj_err_occurred()) return 0;
  *r = x;
  return 1;
}

/* The current interpreter as a transformation trace; NULL at eval and under an interpreter that
 * is not one (a test's recording interpreter): the plain function runs there. */
static LxTrace *current_trace(void) {
  Interp *cur = lx_current();
  if (cur == lx_eval_interp() || !cur->vt || !cur->vt->name) return NULL;
  static const char *const kinds[] = {"jit", "jvp", "vjp", "batch"};
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
    if (!strcmp(cur->vt->name, kinds[i])) return (LxTrace *)cur;
  return NULL;
}

static Value custom_jvp_call(Value self, int argc, const Value *argv, Obj *kw) {
  CustomObj *c = (CustomObj *)self.u.o;
  lx_transform_init();
  LxTrace *t = current_trace();
  Value handled;
  if (!VAL_IS_NULL(c->jvp) && custom_outer(c, t, argc, argv, kw, &handled)) return handled;
  if (!t || VAL_IS_NULL(c->jvp) || func_kwcount(kw) ||
      (t->vt->kind != TK_JVP && t->vt->kind != TK_VJP))
    return op_call(c->fun, argc, argv, kw);
  Value *d = NULL, *prim = NULL, *tan = NULL, *po = NULL, *to = NULL, *res = NULL;
  Value r = val_null();
  TreeDef *td = NULL;
  int nd = diff_leaves(c, argc, argv, &d, &td), n = -1, own = 0;
  CjCtx x = {c, argc, argv, td, NULL, 0};
  if (nd < 0) goto done;
  for (int i = 0; i < nd; i++) own |= tr_own(t, d[i]) != NULL;
  if (!own) {   /* nothing to differentiate at this level: the call one level out, where an
                 * enclosing differentiation still applies the rule (a rule calling its own
                 * function, differentiated twice, as JAX) */
    Interp *prev = tr_enter(t->it.parent);
    r = custom_jvp_call(self, argc, argv, NULL);
    tr_leave(prev);
    goto done;
  }
  prim = calloc((size_t)nd + 1, sizeof(Value));
  tan = calloc((size_t)nd + 1, sizeof(Value));
  po = calloc(64, sizeof(Value));
  to = calloc(64, sizeof(Value));
  res = calloc(64, sizeof(Value));
  if (!prim || !tan || !po || !to || !res) { obj_raise_nomem(); goto done; }
  if (t->vt->kind == TK_JVP) {
    for (int i = 0; i < nd; i++) {
      if (jvp_unwrap(t, d[i], &prim[i], &tan[i]) < 0) goto done;
      if (VAL_IS_NULL(tan[i])) {
        AVal av;
        if (lx_aval(prim[i], &av) < 0 || VAL_IS_NULL(tan[i] = t_zeros(&av))) goto done;
      }
    }
    Interp *prev = tr_enter(t->it.parent);
    n = cj_rule(&x, prim, tan, po, to, 64);
    tr_leave(prev);
    if (n < 0) goto done;
    for (int k = 0; k < n; k++) {
      res[k] = jvp_wrap(t, po[k], to[k]);
      if (VAL_IS_NULL(res[k])) { t_clear(res, k); goto done; }
    }
  } else {
    uint8_t diff[64] = {0};
    if (nd > 64) { obj_raise(&exc_ValueError, "custom_jvp: too many arguments"); goto done; }
    for (int i = 0; i < nd; i++) {
      int var;
      if (vjp_unwrap(t, d[i], &prim[i], &var) < 0) goto done;
      diff[i] = var >= 0;
    }
    VjpClosure cl = {0};
    Interp *prev = tr_enter(t->it.parent);
    n = vjp_from_jvp(cj_vjp_cb, &x, NULL, nd, prim, diff, 64, po, &cl);
    tr_leave(prev);
    if (n < 0) goto done;
    if (vjp_record_custom(t, nd, d, n, po, &cl, res) < 0) { if (cl.free) cl.free(cl.ctx); n = -1; goto done; }
  }
  if (x.out_tree) r = tree_unflatten(x.out_tree, res, n);
  if (n > 0) t_clear(res, n);
done:
  if (d && nd > 0) t_clear(d, nd);
  if (prim && nd > 0) t_clear(prim, nd);
  if (tan && nd > 0) t_clear(tan, nd);
  if (po && n > 0) t_clear(po, n);
  if (to && n > 0) t_clear(to, n);
  tree_free(x.out_tree);
  tree_free(td);
  free(d); free(prim); free(tan); free(po); free(to); free(res);
  return r;
}

static Value cj_defjvp(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("defjvp", argc, argv, kw, "self,jvp|symbolic_zeros", a) < 0) return val_null();
  CustomObj *c = (CustomObj *)a[0].u.o;
  val_decref(c->jvp);
  c->jvp = val_incref(a[1]);
  return val_incref(a[1]);
}

/* defjvps(*fns): one function per argument, fn(tangent, primal_out, *primals) */
typedef struct JvpsCtx { Value fns; Value fun; } JvpsCtx;
static void jvps_free(void *p) { JvpsCtx *c = p; val_decref(c->fns); val_decref(c->fun); free(c); }
static Value jvps_rule(void *ctx, int argc, const Value *argv, Obj *kw) {
  JvpsCtx *c = ctx;
  if (argc != 2 || !VAL_IS_TUPLE(argv[0]) || !VAL_IS_TUPLE(argv[1]))
    return obj_raise(&exc_TypeError, "internal: defjvps rule arguments");
  Value P = argv[0], T = argv[1];
  int64_t n = TUPLE(P.u.o)->len;
  Value out = op_call(c->fun, (int)n, TUPLE(P.u.o)->items, NULL);
  if (VAL_IS_NULL(out)) return out;
  Value acc = val_null();
  for (int64_t i = 0; i < n && i < TUPLE(c->fns.u.o)->len; i++) {
    Value f = TUPLE(c->fns.u.o)->items[i];
    if (VAL_IS_NONE(f)) continue;
    Value *args = calloc((size_t)n + 3, sizeof(Value));
    if (!args) { val_decref(out); val_decref(acc); return obj_raise_nomem(); }
    args[0] = TUPLE(T.u.o)->items[i];
    args[1] = out;
    for (int64_t k = 0; k < n; k++) args[2 + k] = TUPLE(P.u.o)->items[k];
    Value term = op_call(f, (int)n + 2, args, NULL);
    free(args);
    if (VAL_IS_NULL(term)) { val_decref(out); val_decref(acc); return term; }
    if (VAL_IS_NULL(acc)) acc = term;
    else {
      Value s = op_binop(OP_ADD, acc, term);
      val_decref(acc);
      val_decref(term);
      acc = s;
      if (VAL_IS_NULL(acc)) { val_decref(out); return acc; }
    }
  }
  if (VAL_IS_NULL(acc)) {
    Value z = to_jax(out);
    acc = VAL_IS_NULL(z) ? z : t_full_like(z, 0.0);
    val_decref(z);
  }
  Value r = VAL_IS_NULL(acc) ? acc : tuple_pack(2, out, acc);
  val_decref(out);
  val_decref(acc);
  return r;
}
static Value cj_defjvps(int argc, const Value *argv, Obj *kw) {
  if (argc < 1 || func_kwcount(kw)) return obj_raise(&exc_TypeError, "defjvps(*jvp_fns)");
  CustomObj *c = (CustomObj *)argv[0].u.o;
  JvpsCtx *x = calloc(1, sizeof *x);
  if (!x) return obj_raise_nomem();
  x->fns = tuple_from(argc - 1, argv + 1);
  x->fun = val_incref(c->fun);
  Value rule = tr_closure_new("jvps_rule", jvps_rule, x, jvps_free);
  if (VAL_IS_NULL(rule)) return rule;
  val_decref(c->jvp);
  c->jvp = rule;
  return val_none();
}

static Value custom_getattr(Value self, Obj *name) {
  CustomObj *c = (CustomObj *)self.u.o;
  const char *n = STR(name)->s;
  if (!strcmp(n, "__wrapped__") || !strcmp(n, "fun")) return val_incref(c->fun);
  if (!strcmp(n, "__name__") || !strcmp(n, "__doc__") || !strcmp(n, "__qualname__"))
    return op_getattr(c->fun, name);
  return type_generic_getattr(self, name);
}
static Value custom_repr(Value self) {
  CustomObj *c = (CustomObj *)self.u.o;
  Value n = op_getattr_s(c->fun, "__name__");
  if (VAL_IS_NULL(n)) { obj_err_clear(); n = str_from_cstr("f"); }
  Value r = str_fmt("<jax.custom_%s function %s>", c->is_vjp ? "vjp" : "jvp", VAL_IS_STR(n) ? str_cstr(n) : "f");
  val_decref(n);
  return r;
}

static const MethodDef cj_methods[] = {
    {"defjvp", cj_defjvp, "defjvp(jvp): set the JVP rule jvp(primals, tangents) -> (out, tangent_out)", 0},
    {"defjvps", cj_defjvps, "defjvps(*fns): one rule per argument, fn(g, ans, *primals)", 0},
    {NULL}};
static TypeObj custom_jvp_type = {OBJ_TYPE_HEAD, .name = "custom_jvp", .flags = TF_GC,
                                  .dealloc = custom_dealloc, .traverse = custom_traverse,
                                  .clear = custom_clear, .repr = custom_repr, .call = custom_jvp_call,
                                  .getattr = custom_getattr, .methods = cj_methods};

/* {=== custom_vjp ===} */
typedef struct CvBwd { Value bwd; Value res; Value nondiff; TreeDef *out_tree; int nd; TreeDef **arg_trees; int *arg_leaves; int nargs; AVal *in_av; } CvBwd;

static void cvbwd_free(void *p) {
  CvBwd *c = p;
  val_decref(c->bwd); val_decref(c->res); val_decref(c->nondiff);
  tree_free(c->out_tree);
  free(c->in_av);
  free(c);
}

static int cvbwd_backward(void *p, int nout, const Value *ct, int nin, const uint8_t *need, Value *ct_in) {
  CvBwd *c = p;
  /* cotangent of the output as the output's structure (zeros for missing ones) */
  Value *cts = calloc((size_t)nout + 1, sizeof(Value));
  if (!cts) { obj_raise_nomem(); return -1; }
  int rc = -1;
  for (int k = 0; k < nout; k++) cts[k] = val_incref(ct[k]);
  for (int k = 0; k < nout; k++) {
    if (!VAL_IS_NULL(cts[k])) continue;
    cts[k] = val_int(0);   /* replaced below */
  }
  Value g = tree_unflatten(c->out_tree, cts, nout);
  t_clear(cts, nout);
  free(cts);
  if (VAL_IS_NULL(g)) return -1;
  int nn = VAL_IS_NULL(c->nondiff) ? 0 : (int)TUPLE(c->nondiff.u.o)->len;
  Value *args = calloc((size_t)nn + 3, sizeof(Value));
  if (!args) { val_decref(g); obj_raise_nomem(); return -1; }
  for (int i = 0; i < nn; i++) args[i] = TUPLE(c->nondiff.u.o)->items[i];
  args[nn] = c->res;
  args[nn + 1] = g;
  Value r = op_call(c->bwd, nn + 2, args, NULL);
  free(args);
  val_decref(g);
  if (VAL_IS_NULL(r)) return -1;
  if (!VAL_IS_TUPLE(r) && !VAL_IS_LIST(r)) {
    val_decref(r);
    obj_raise(&exc_TypeError, "Custom VJP bwd rule must produce a tuple (one cotangent per "
              "differentiable argument), got %s.", op_type_name(r));
    return -1;
  }
  Value l = list_new(0);
  TreeDef *td = VAL_IS_NULL(l) ? NULL : tree_flatten(r, l, 1);
  if (td) {
    if (LIST(l.u.o)->len != nin) {
      obj_raise(&exc_TypeError, "Custom VJP bwd rule must produce an output with the same "
                "structure as the primal arguments: expected %d cotangent leaves, got %lld",
                nin, (long long)LIST(l.u.o)->len);
    } else {
      rc = 0;
      for (int i = 0; i < nin && rc == 0; i++) {
        Value v = LIST(l.u.o)->items[i];
        if (!need[i] || VAL_IS_NONE(v)) continue;
        ct_in[i] = to_jax(v);
        if (VAL_IS_NULL(ct_in[i])) rc = -1;
      }
    }
  }
  tree_free(td);
  val_decref(l);
  val_decref(r);
  return rc;
}

static Value custom_vjp_call(Value self, int argc, const Value *argv, Obj *kw) {
  CustomObj *c = (CustomObj *)self.u.o;
  lx_transform_init();
  LxTrace *t = current_trace();
  Value handled;
  if (!VAL_IS_NULL(c->fwd) && custom_outer(c, t, argc, argv, kw, &handled)) return handled;
  if (!t || VAL_IS_NULL(c->fwd) || func_kwcount(kw) || t->vt->kind == TK_STAGE || t->vt->kind == TK_BATCH)
    return op_call(c->fun, argc, argv, kw);
  {
    Value *lv = NULL;
    TreeDef *td = NULL;
    int nl = diff_leaves(c, argc, argv, &lv, &td), own = 0;
    if (nl < 0) return val_null();
    for (int i = 0; i < nl; i++) own |= tr_own(t, lv[i]) != NULL;
    t_clear(lv, nl);
    free(lv);
    tree_free(td);
    if (!own) return op_call(c->fun, argc, argv, kw);
  }
  if (t->vt->kind == TK_JVP)
    return obj_raise(&exc_TypeError, "can't apply forward-mode autodiff (jvp) to a custom_vjp "
                     "function.");
  /* reverse mode: fwd at the parent, bwd later */
  Value r = val_null(), fo = val_null(), nondiff = val_null(), ol = val_null(), il = val_null();
  Value *prim = calloc((size_t)argc + 1, sizeof(Value));
  Value *po = NULL, *res = NULL;
  TreeDef *ot = NULL, *it = NULL;
  int n = 0, ni = 0;
  if (!prim) return obj_raise_nomem();
  /* the primal arguments: tracers of this trace replaced by their primals */
  int nn = 0;
  for (int i = 0; i < argc; i++) nn += is_nondiff(c, i);
  nondiff = tuple_new(nn);
  if (VAL_IS_NULL(nondiff)) goto done;
  for (int i = 0, k = 0; i < argc; i++) {
    Tracer *x = tr_own(t, argv[i]);
    if (x && !is_nondiff(c, i)) { prim[i] = val_incref(x->a); continue; }
    if (!x) {
      /* a pytree argument may hold tracers: replace leaf by leaf */
      prim[i] = strip_trace(t, argv[i]);
      if (VAL_IS_NULL(prim[i])) goto done;
    } else {
      prim[i] = val_incref(x->a);
    }
    if (is_nondiff(c, i)) TUPLE_SET(nondiff, k++, val_incref(prim[i]));
  }
  {
    Interp *prev = tr_enter(t->it.parent);
    fo = op_call(c->fwd, argc, prim, NULL);
    tr_leave(prev);
  }
  if (VAL_IS_NULL(fo)) goto done;
  if (!VAL_IS_TUPLE(fo) || TUPLE(fo.u.o)->len != 2) {
    obj_raise(&exc_TypeError, "Custom VJP fwd rule must produce a pair (list or tuple of length "
              "two) where the first element represents the primal output and the second element "
              "represents residuals, got %s.", op_type_name(fo));
    goto done;
  }
  ol = list_new(0);
  ot = VAL_IS_NULL(ol) ? NULL : tree_flatten(TUPLE(fo.u.o)->items[0], ol, 0);
  if (!ot) goto done;
  n = (int)LIST(ol.u.o)->len;
  /* the differentiable inputs: leaves of the non-static arguments */
  {
    Value dargs = tuple_new(argc - nn);
    if (VAL_IS_NULL(dargs)) goto done;
    for (int i = 0, k = 0; i < argc; i++) if (!is_nondiff(c, i)) TUPLE_SET(dargs, k++, val_incref(argv[i]));
    il = list_new(0);
    it = VAL_IS_NULL(il) ? NULL : tree_flatten(dargs, il, 0);
    val_decref(dargs);
    if (!it) goto done;
    ni = (int)LIST(il.u.o)->len;
  }
  po = calloc((size_t)n + 1, sizeof(Value));
  res = calloc((size_t)n + 1, sizeof(Value));
  if (!po || !res) { obj_raise_nomem(); goto done; }
  for (int k = 0; k < n; k++) {
    po[k] = to_jax(LIST(ol.u.o)->items[k]);
    if (VAL_IS_NULL(po[k])) { t_clear(po, k); goto done; }
  }
  {
    CvBwd *b = calloc(1, sizeof *b);
    if (!b) { t_clear(po, n); obj_raise_nomem(); goto done; }
    b->bwd = val_incref(c->bwd);
    b->res = val_incref(TUPLE(fo.u.o)->items[1]);
    b->nondiff = nn ? val_incref(nondiff) : val_null();
    b->out_tree = tree_copy(ot);
    VjpClosure cl = {cvbwd_backward, b, cvbwd_free};
    if (!b->out_tree) { cvbwd_free(b); t_clear(po, n); goto done; }
    Value *ins = calloc((size_t)ni + 1, sizeof(Value));
    if (!ins) { cvbwd_free(b); t_clear(po, n); obj_raise_nomem(); goto done; }
    for (int i = 0; i < ni; i++) ins[i] = LIST(il.u.o)->items[i];
    int rr = vjp_record_custom(t, ni, ins, n, po, &cl, res);
    free(ins);
    t_clear(po, n);
    if (rr < 0) { cvbwd_free(b); goto done; }
    r = tree_unflatten(ot, res, n);
    t_clear(res, n);
  }
done:
  for (int i = 0; i < argc; i++) val_decref(prim[i]);
  free(prim);
  free(po);
  free(res);
  tree_free(ot);
  tree_free(it);
  val_decref(fo); val_decref(nondiff); val_decref(ol); val_decref(il);
  return r;
}

static Value cv_defvjp(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("defvjp", argc, argv, kw, "self,fwd,bwd|symbolic_zeros", a) < 0) return val_null();
  CustomObj *c = (CustomObj *)a[0].u.o;
  val_decref(c->fwd);
  val_decref(c->bwd);
  c->fwd = val_incref(a[1]);
  c->bwd = val_incref(a[2]);
  return val_none();
}
static const MethodDef cv_methods[] = {
    {"defvjp", cv_defvjp, "defvjp(fwd, bwd): fwd(*args) -> (out, residuals); bwd(residuals, g) -> cotangents", 0},
    {NULL}};
static TypeObj custom_vjp_type = {OBJ_TYPE_HEAD, .name = "custom_vjp", .flags = TF_GC,
                                  .dealloc = custom_dealloc, .traverse = custom_traverse,
                                  .clear = custom_clear, .repr = custom_repr, .call = custom_vjp_call,
                                  .getattr = custom_getattr, .methods = cv_methods};

static Value make_custom(int argc, const Value *argv, Obj *kw, int is_vjp) {
  Value a[2];
  if (func_parse_args(is_vjp ? "custom_vjp" : "custom_jvp", argc, argv, kw, "fun|nondiff_argnums", a) < 0)
    return val_null();
  if (!op_callable(a[0])) return obj_raise(&exc_TypeError, "Expected a callable value, got %s", op_type_name(a[0]));
  CustomObj *c = obj_alloc(is_vjp ? &custom_vjp_type : &custom_jvp_type, sizeof *c);
  if (!c) return val_null();
  c->fun = val_incref(a[0]);
  c->is_vjp = is_vjp;
  if (!VAL_IS_NULL(a[1])) {
    int single;
    int n = parse_argnums(a[1], c->nondiff, 16, &single);
    if (n < 0) { Value s = val_obj(&c->ob); val_decref(s); return val_null(); }
    c->nnondiff = n;
  }
  return val_obj(&c->ob);
}

typedef struct CustomDeco { Value nondiff; int is_vjp; } CustomDeco;
static void cdeco_free(void *p) { CustomDeco *d = p; val_decref(d->nondiff); free(d); }
static Value cdeco_call(void *ctx, int argc, const Value *argv, Obj *kw) {
  CustomDeco *d = ctx;
  if (argc != 1) return obj_raise(&exc_TypeError, "expected one function");
  Value args[2] = {argv[0], d->nondiff};
  Value names = tuple_pack(1, str_from_cstr("nondiff_argnums"));
  /* the str made above is owned by the tuple now; tuple_pack took a new ref */
  val_decref(TUPLE(names.u.o)->items[0]);
  Value r = make_custom(1, args, names.u.o, d->is_vjp);
  val_decref(names);
  return r;
}
static Value custom_entry(int argc, const Value *argv, Obj *kw, int is_vjp) {
  lx_transform_init();
  if (argc == 0) {   /* @partial(custom_jvp, nondiff_argnums=(0,)) style, or keywords only */
    Value a[1];
    if (func_parse_args(is_vjp ? "custom_vjp" : "custom_jvp", argc, argv, kw, "|$nondiff_argnums", a) < 0) return val_null();
    CustomDeco *d = calloc(1, sizeof *d);
    if (!d) return obj_raise_nomem();
    d->nondiff = VAL_IS_NULL(a[0]) ? tuple_new(0) : val_incref(a[0]);
    d->is_vjp = is_vjp;
    return tr_closure_new("custom_decorator", cdeco_call, d, cdeco_free);
  }
  return make_custom(argc, argv, kw, is_vjp);
}
static Value m_custom_jvp(int argc, const Value *argv, Obj *kw) { return custom_entry(argc, argv, kw, 0); }
static Value m_custom_vjp(int argc, const Value *argv, Obj *kw) { return custom_entry(argc, argv, kw, 1); }

/* jax.checkpoint / remat: recomputation is an optimisation; the result is the function itself */
static Value m_checkpoint(int argc, const Value *argv, Obj *kw) {
  if (argc < 1) return obj_raise(&exc_TypeError, "checkpoint(fun)");
  return val_incref(argv[0]);
}

/* {=== the modules ===} */
static const MethodDef transform_functions[] = {
    {"grad", m_grad, "grad(fun, argnums=0, has_aux=False): the gradient function of fun", 0},
    {"value_and_grad", m_value_and_grad, "value_and_grad(fun, argnums=0, has_aux=False)", 0},
    {"jvp", m_jvp, "jvp(fun, primals, tangents, has_aux=False) -> (primals_out, tangents_out)", 0},
    {"vjp", m_vjp, "vjp(fun, *primals, has_aux=False) -> (primals_out, vjp_fn)", 0},
    {"linearize", m_linearize, "linearize(fun, *primals) -> (primals_out, f_jvp)", 0},
    {"vmap", m_vmap, "vmap(fun, in_axes=0, out_axes=0, axis_size=None): vectorise fun", 0},
    {"pmap", m_pmap, "pmap(fun, axis_name=None, in_axes=0, out_axes=0, static_broadcasted_argnums=()): fun on every device, in parallel", 0},
    {"jit", m_jit, "jit(fun, static_argnums=None, static_argnames=None): trace once, run fast", 0},
    {"make_jaxpr", m_make_jaxpr, "make_jaxpr(fun, static_argnums=())(*args): the traced program", 0},
    {"custom_jvp", m_custom_jvp, "custom_jvp(fun, nondiff_argnums=()): a function with its own JVP rule", 0},
    {"custom_vjp", m_custom_vjp, "custom_vjp(fun, nondiff_argnums=()): a function with its own VJP rule", 0},
    {"checkpoint", m_checkpoint, "checkpoint(fun): fun (rematerialisation is not needed eagerly)", 0},
    {"remat", m_checkpoint, "remat(fun): the same as checkpoint", 0},
    {"stop_gradient", m_stop_gradient, "stop_gradient(x): x, treated as a constant by differentiation", 0},
    {NULL}};

static const MethodDef lax_extra_functions[] = {
    {"stop_gradient", m_stop_gradient, "stop_gradient(x): x, treated as a constant by differentiation", 0},
    {NULL}};

static int add_module(Value m, const char *attr, const char *name) {
  Value s = module_import(name);
  if (VAL_IS_NULL(s)) return -1;
  int r = module_add(m, attr, s);
  val_decref(s);
  return r;
}

static int add_prelude_names(Value m, const char *name) {
  Value p = module_import(name);
  if (VAL_IS_NULL(p)) return -1;
  ModuleObj *mo = MODULE(p.u.o);
  for (int64_t i = 0; i < mo->n; i++) {
    const char *n = STR(mo->names[i])->s;
    if (n[0] == '_' || VAL_IS_NULL(mo->vals[i])) continue;
    Value v = mo->vals[i];
    if (!(v.tag == V_OBJ && (v.u.o->type == &func_type || VAL_IS_TYPE(v)))) continue;       /* its own functions and classes */
    if (module_add(m, n, v) < 0) { val_decref(p); return -1; }
  }
  val_decref(p);
  return 0;
}

static int add_prelude_all(const char *target, const char *name) {
  Value t = module_import(target);
  Value p = VAL_IS_NULL(t) ? t : module_import(name);
  Value all = VAL_IS_NULL(p) ? p : module_get(p, "__all__");   /* borrowed */
  Value l = VAL_IS_NULL(all) ? all : list_from_iterable(all);
  int rc = VAL_IS_NULL(l) ? -1 : 0;
  for (int64_t i = 0; rc == 0 && i < LIST(l.u.o)->len; i++) {
    Value n = LIST(l.u.o)->items[i];
    Value v = VAL_IS_STR(n) ? module_get(p, str_cstr(n)) : val_null();
    if (VAL_IS_NULL(v)) {
      if (!obj_err_occurred()) obj_raise(&exc_AttributeError, "%s.__all__ names a missing value", name);
      rc = -1;
    } else {
      rc = module_add(t, str_cstr(n), v);
    }
  }
  val_decref(l);
  val_decref(p);
  val_decref(t);
  return rc;
}

/* jax.random under jit and vmap: the samplers compute on concrete keys, so a call with traced
 * arguments becomes a pure_callback whose result types come from running the sampler once on
 * zero-valued stand-ins (eagerly, at trace time). Shapes, counts, axes and flags are static in
 * JAX: they must be concrete, and the result's type depends on them. */
typedef struct RandWrap { Value orig; const char *name; } RandWrap;
static void randwrap_free(void *p) { RandWrap *r = p; val_decref(r->orig); free(r); }

/* 'S' a shape, 'N' split's count, 'I' an axis, 'B' a flag, 'A' choice's `a` (a scalar is the
 * population size, which sets the result's values: concrete, as JAX requires); by name and
 * positional index */
typedef struct RandStatic { const char *fn, *param; int pos; char kind; } RandStatic;
static const RandStatic rand_static[] = {
    {"split", "num", 1, 'N'},         {"bits", "shape", 1, 'S'},
    {"uniform", "shape", 1, 'S'},     {"normal", "shape", 1, 'S'},
    {"gumbel", "shape", 1, 'S'},      {"exponential", "shape", 1, 'S'},
    {"randint", "shape", 1, 'S'},     {"truncated_normal", "shape", 3, 'S'},
    {"bernoulli", "shape", 2, 'S'},   {"permutation", "axis", 2, 'I'},
    {"permutation", "independent", 3, 'B'}, {"shuffle", "axis", 2, 'I'},
    {"choice", "shape", 2, 'S'},      {"choice", "replace", 3, 'B'},
    {"choice", "axis", 5, 'I'},       {"choice", "a", 1, 'A'},
    {"categorical", "axis", 2, 'I'},
    {"categorical", "shape", 3, 'S'}, {"categorical", "replace", 4, 'B'},
    {NULL, NULL, 0, 0}};

/* JAX's error for a shape that holds traced values (core.canonicalize_shape) */
static Value rand_shape_error(Value shape) {
  /* a bare traced count is iterated as a sequence first */
  if (!VAL_IS_TUPLE_ANY(shape) && !VAL_IS_LIST_ANY(shape))
    return obj_raise(&exc_TypeError, "iteration over a 0-d array");
  Value r = op_repr(shape);
  if (VAL_IS_NULL(r)) return r;
  obj_raise(&exc_TypeError, "Shapes must be 1D sequences of concrete values of integer type, "
            "got %s.\nIf using `jit`, try using `static_argnums` or applying `jit` to smaller "
            "subfunctions.", str_cstr(r));
  val_decref(r);
  return val_null();
}

/* The static argument *slot with every traced leaf made concrete (a JVP tracer knows its
 * primal) or JAX's error. Returns 0, or -1 with the error set. */
static int rand_concretize(Value *slot, char kind) {
  if (kind == 'A') {   /* only a scalar must be concrete; an array of choices may be traced */
    if (!tr_is_tracer(*slot) || TRACER(*slot)->aval.ndim != 0) return 0;
    Value c = lx_concrete(*slot, "jax.random.choice() with a scalar `a` (the population size)");
    if (VAL_IS_NULL(c)) return -1;
    val_decref(*slot);
    *slot = c;
    return 0;
  }
  Value l = list_new(0);
  TreeDef *t = VAL_IS_NULL(l) ? NULL : tree_flatten(*slot, l, 0);
  if (!t) { val_decref(l); return -1; }
  int rc = 0, any = 0;
  for (int64_t k = 0; k < LIST(l.u.o)->len && rc == 0; k++) {
    Value *it = &LIST(l.u.o)->items[k];
    if (!tr_is_tracer(*it)) continue;
    any = 1;
    int64_t n = 0;
    int b = 0;
    if (kind == 'B' ? (b = op_truth(*it)) < 0 : op_as_int(*it, &n) < 0) {
      if (kind == 'S') { obj_err_clear(); rand_shape_error(*slot); }
      if (kind == 'N') {
        obj_err_clear();
        Value r = op_repr(*slot);
        if (!VAL_IS_NULL(r))
          obj_raise(&exc_TypeError, "split: the number of keys must be concrete (a static "
                    "argument under jit), got %s", str_cstr(r));
        val_decref(r);
      }
      rc = -1;
      break;
    }
    val_decref(*it);
    *it = kind == 'B' ? val_bool(b) : val_int(n);
  }
  if (rc == 0 && any) {
    Value nv = tree_unflatten(t, LIST(l.u.o)->items, LIST(l.u.o)->len);
    if (VAL_IS_NULL(nv)) rc = -1;
    else { val_decref(*slot); *slot = nv; }
  }
  tree_free(t);
  val_decref(l);
  return rc;
}

static Value randwrap_traced(RandWrap *w, int argc, const Value *argv, Obj *kw);

static Value randwrap_call(void *ctx, int argc, const Value *argv, Obj *kw) {
  RandWrap *w = ctx;
  int nkw = func_kwcount(kw);
  Value *args = calloc((size_t)(argc + nkw) + 1, sizeof(Value));
  if (!args) return obj_raise_nomem();
  for (int i = 0; i < argc + nkw; i++) args[i] = val_incref(argv[i]);
  int ok = 1;
  for (const RandStatic *s = rand_static; s->fn && ok; s++) {
    if (strcmp(s->fn, w->name)) continue;
    int at = s->pos < argc ? s->pos : -1;
    for (int i = 0; at < 0 && i < nkw; i++)
      if (!strcmp(func_kwname(kw, i), s->param)) at = argc + i;
    if (at >= 0 && rand_concretize(&args[at], s->kind) < 0) ok = 0;
  }
  Value r = ok ? randwrap_traced(w, argc, args, kw) : val_null();
  for (int i = 0; i < argc + nkw; i++) val_decref(args[i]);
  free(args);
  return r;
}

static Value randwrap_traced(RandWrap *w, int argc, const Value *argv, Obj *kw) {
  int nkw = func_kwcount(kw), traced = 0;
  for (int i = 0; i < argc + nkw && !traced; i++) {
    Value l = list_new(0);
    TreeDef *t = VAL_IS_NULL(l) ? NULL : tree_flatten(argv[i], l, 0);
    if (!t) { val_decref(l); return val_null(); }
    for (int64_t k = 0; k < LIST(l.u.o)->len; k++) traced |= tr_is_tracer(LIST(l.u.o)->items[k]);
    tree_free(t);
    val_decref(l);
  }
  if (!traced) return op_call(w->orig, argc, argv, kw);
  /* stand-ins: every traced leaf replaced by zeros of its abstract value */
  Value *dummy = calloc((size_t)(argc + nkw) + 1, sizeof(Value));
  if (!dummy) return obj_raise_nomem();
  int ok = 1;
  for (int i = 0; i < argc + nkw && ok; i++) {
    Value l = list_new(0);
    TreeDef *t = VAL_IS_NULL(l) ? NULL : tree_flatten(argv[i], l, 0);
    if (!t) { val_decref(l); ok = 0; break; }
    for (int64_t k = 0; k < LIST(l.u.o)->len && ok; k++) {
      Value *it = &LIST(l.u.o)->items[k];
      if (!tr_is_tracer(*it)) continue;
      Array *z = arr_zeros(TRACER(*it)->aval.dtype, TRACER(*it)->aval.ndim, TRACER(*it)->aval.shape);
      Value zv = z ? lx_wrap(z, FAM_JAX) : lx_raise_engine(FAM_JAX);
      if (VAL_IS_NULL(zv)) { ok = 0; break; }
      val_decref(*it);
      *it = zv;
    }
    if (ok) dummy[i] = tree_unflatten(t, LIST(l.u.o)->items, LIST(l.u.o)->len);
    if (ok && VAL_IS_NULL(dummy[i])) ok = 0;
    tree_free(t);
    val_decref(l);
  }
  Value r = val_null();
  if (ok) {
    Interp *prev = tr_enter(lx_eval_interp());
    Value spec = op_call(w->orig, argc, dummy, kw);
    tr_leave(prev);
    if (!VAL_IS_NULL(spec)) r = flow_pure_callback(w->orig, spec, argc, argv, kw);
    val_decref(spec);
  }
  for (int i = 0; i < argc + nkw; i++) val_decref(dummy[i]);
  free(dummy);
  return r;
}

static int wrap_random_module(void) {
  Value mod = module_import("jax.random");
  if (VAL_IS_NULL(mod)) { obj_err_clear(); return 0; }   /* no jax.random: nothing to do */
  ModuleObj *mo = MODULE(mod.u.o);
  for (int64_t i = 0; i < mo->n; i++) {
    const char *n = STR(mo->names[i])->s;
    Value v = mo->vals[i];
    if (n[0] == '_' || VAL_IS_NULL(v) || !(v.tag == V_OBJ && v.u.o->type == &func_builtin_type))
      continue;
    RandWrap *w = calloc(1, sizeof *w);
    if (!w) { val_decref(mod); obj_raise_nomem(); return -1; }
    w->orig = val_incref(v);
    w->name = STR(mo->names[i])->s;   /* interned, kept by the module */
    Value c = tr_closure_new(STR(mo->names[i])->s, randwrap_call, w, randwrap_free);
    if (VAL_IS_NULL(c) || module_add(mod, n, c) < 0) { val_decref(c); val_decref(mod); return -1; }
    val_decref(c);
  }
  val_decref(mod);
  return 0;
}

int modinit_sable_transforms(Value m) {
  lx_transform_init();
  if (tr_errors_init() < 0) return -1;
  if (module_add_functions(m, transform_functions) < 0) return -1;
  if (module_add_functions(m, flow_callback_functions) < 0) return -1;
  if (add_module(m, "tree_util", "jax.tree_util") < 0) return -1;
  if (add_module(m, "tree", "jax.tree") < 0) return -1;
  if (add_module(m, "debug", "jax.debug") < 0) return -1;
  if (add_module(m, "errors", "jax.errors") < 0) return -1;
  if (add_module(m, "distributed", "jax.distributed") < 0) return -1;
  /* jax.tree_map: the old name of tree_util.tree_map */
  for (const MethodDef *d = tree_util_functions; d->name; d++)
    if (!strcmp(d->name, "tree_map") || !strcmp(d->name, "tree_leaves") ||
        !strcmp(d->name, "tree_flatten") || !strcmp(d->name, "tree_unflatten") ||
        !strcmp(d->name, "tree_structure")) {
      Value f = func_builtin_new(d->name, d->fn, d->doc);
      if (VAL_IS_NULL(f) || module_add(m, d->name, f) < 0) { val_decref(f); return -1; }
      val_decref(f);
    }
  if (wrap_random_module() < 0) return -1;
  /* the tracers' base class, for jax.core.Tracer (lang/prelude/jax.core.py); private here */
  if (module_add(m, "_Tracer", val_obj(&tr_tracer_type.ob)) < 0) return -1;
  /* jacfwd, jacrev, hessian are written in Sable on top of jvp/vjp/vmap */
  if (add_prelude_names(m, "sable._autodiff") < 0) return -1;
  /* jax.dtypes.float0 and the dtype helpers written in Sable (their __all__) */
  if (add_prelude_all("jax.dtypes", "sable._dtypes") < 0) return -1;
  /* ShapeDtypeStruct, eval_shape, linear_transpose: Sable code over jit.lower and vjp */
  return add_prelude_names(m, "sable._jaxapi");
}

int modinit_sable_lax_control(Value m) {
  lx_transform_init();
  if (module_add_functions(m, flow_functions) < 0) return -1;
  if (module_add_functions(m, pmap_lax_functions) < 0) return -1;
  return module_add_functions(m, lax_extra_functions);
}

int modinit_jax_tree_util(Value m) {
  if (module_add_functions(m, tree_util_functions) < 0) return -1;
  if (module_add(m, "PyTreeDef", val_obj(&tree_def_type.ob)) < 0) return -1;
  /* key paths, Partial, tree_transpose: Sable code over _node_children */
  return add_prelude_names(m, "sable._treepath");
}
static int add_alias(Value m, Value src, const char *name, const char *from) {
  Value v = module_get(src, from);   /* borrowed */
  return VAL_IS_NULL(v) ? -1 : module_add(m, name, v);
}
int modinit_jax_tree(Value m) {
  if (module_add_functions(m, tree_functions) < 0) return -1;
  Value tp = module_import("sable._treepath");
  if (VAL_IS_NULL(tp)) return -1;
  int r = 0;
  if (add_alias(m, tp, "map_with_path", "tree_map_with_path") < 0 ||
      add_alias(m, tp, "flatten_with_path", "tree_flatten_with_path") < 0 ||
      add_alias(m, tp, "leaves_with_path", "tree_leaves_with_path") < 0 ||
      add_alias(m, tp, "transpose", "tree_transpose") < 0)
    r = -1;
  val_decref(tp);
  return r;
}
int modinit_jax_debug(Value m) {
  lx_transform_init();
  return module_add_functions(m, flow_debug_functions);
}
int modinit_jax_errors(Value m) {
  if (tr_errors_init() < 0) return -1;
  if (module_add(m, "ConcretizationTypeError", val_obj(&tr_exc_concretization->ob)) < 0) return -1;
  if (module_add(m, "TracerBoolConversionError", val_obj(&tr_exc_bool_conversion->ob)) < 0) return -1;
  if (module_add(m, "TracerIntegerConversionError", val_obj(&tr_exc_integer_conversion->ob)) < 0) return -1;
  if (module_add(m, "JAXTypeError", val_obj(&tr_exc_jax_type->ob)) < 0) return -1;
  if (module_add(m, "JAXIndexError", val_obj(&tr_exc_jax_index->ob)) < 0) return -1;
  if (module_add(m, "NonConcreteBooleanIndexError", val_obj(&tr_exc_bool_index->ob)) < 0) return -1;
  return module_add(m, "UnexpectedTracerError", val_obj(&tr_exc_leaked->ob));
}
