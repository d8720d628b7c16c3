/* jit.c - staging: the interpreter that records primitives into an IrGraph (engine/ir.h),
 * graph evaluation at any interpreter, and jax.jit itself: trace once per cache key (pytree
 * structure, shapes, dtypes, weak types, static arguments, x64), optimise, run on the eager
 * kernels; lower().as_text(), make_jaxpr, and cache-miss explanations. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "transform.h"
#include "cgen/cgen.h"

/* {=== the staging trace ===} */
typedef struct PtrMap { Obj **key; int *val; int cap, n; } PtrMap;

static int pm_get(PtrMap *m, Obj *k) {
  if (!m->cap) return -1;
  size_t h = ((uintptr_t)k >> 4) & (size_t)(m->cap - 1);
  while (m->key[h]) {
    if (m->key[h] == k) return m->val[h];
    h = (h + 1) & (size_t)(m->cap - 1);
  }
  return -1;
}
static int pm_put(PtrMap *m, Obj *k, int v) {
  if (2 * (m->n + 1) > m->cap) {
    int nc = m->cap ? m->cap * 2 : 32;
    Obj **nk = calloc((size_t)nc, sizeof(Obj *));
    int *nv = calloc((size_t)nc, sizeof(int));
    if (!nk || !nv) { free(nk); free(nv); obj_raise_nomem(); return -1; }
    for (int i = 0; i < m->cap; i++) {
      if (!m->key[i]) continue;
      size_t h = ((uintptr_t)m->key[i] >> 4) & (size_t)(nc - 1);
      while (nk[h]) h = (h + 1) & (size_t)(nc - 1);
      nk[h] = m->key[i];
      nv[h] = m->val[i];
    }
    free(m->key);
    free(m->val);
    m->key = nk;
    m->val = nv;
    m->cap = nc;
  }
  size_t h = ((uintptr_t)k >> 4) & (size_t)(m->cap - 1);
  while (m->key[h]) h = (h + 1) & (size_t)(m->cap - 1);
  m->key[h] = k;
  m->val[h] = v;
  m->n++;
  return 0;
}

struct StageTrace {
  LxTrace base;
  IrGraph *g;
  int capture_any;
  PtrMap consts;        /* ArrObj -> var (the objects are kept alive in `held`) */
  Value held;           /* list of Values referenced by the maps */
  PtrMap caps;          /* captured foreign tracer -> var */
  int ncap, capcap;
  Value *cap_vals;      /* captured values, in order */
  int *cap_vars;
  int ndecl;            /* declared inputs */
  char **names;         /* per declared input: its argument path (messages) */
  int saw_custom;       /* a custom_jvp/custom_vjp function was traced as its plain function */
};

static int stage_process(Interp *self, PrimId id, int nin, const Value *in, const void *params,
                         Value *out);
static void stage_destroy(LxTrace *t) {
  StageTrace *s = (StageTrace *)t;
  ir_release(s->g);
  free(s->consts.key); free(s->consts.val);
  free(s->caps.key); free(s->caps.val);
  val_decref(s->held);
  for (int i = 0; i < s->ncap; i++) val_decref(s->cap_vals[i]);
  free(s->cap_vals);
  free(s->cap_vars);
  for (int i = 0; i < s->ndecl; i++) free(s->names[i]);
  free(s->names);
}
static const TraceVT stage_vt = {{"jit", stage_process}, TK_STAGE, "DynamicJaxprTrace", stage_destroy};

StageTrace *jit_stage_new(const char *transform, Value fun, const char *name, int capture_any) {
  arr_init();
  StageTrace *s = calloc(1, sizeof *s);
  if (!s) { obj_raise_nomem(); return NULL; }
  s->g = ir_new(name);
  s->held = list_new(0);
  if (!s->g || VAL_IS_NULL(s->held)) {
    ir_release(s->g);
    val_decref(s->held);
    free(s);
    if (!obj_err_occurred()) obj_raise_nomem();
    return NULL;
  }
  tr_init(&s->base, &stage_vt, transform, fun);
  s->capture_any = capture_any;
  return s;
}

LxTrace *jit_stage_trace(StageTrace *s) { return &s->base; }

void jit_stage_note_custom(LxTrace *t) {
  if (t && t->vt->kind == TK_STAGE) ((StageTrace *)t)->saw_custom = 1;
}

Value jit_stage_input(StageTrace *s, const AVal *av, const char *argname) {
  int v = ir_add_input(s->g, av);
  if (v < 0) { tr_engine_err(); return val_null(); }
  char **nn = realloc(s->names, sizeof(char *) * (size_t)(s->ndecl + 1));
  if (!nn) { obj_raise_nomem(); return val_null(); }
  s->names = nn;
  s->names[s->ndecl++] = strdup(argname ? argname : "");
  return tr_new(&s->base, av, val_null(), val_null(), v);
}

/* The variable of a value seen by the trace: its own tracer, a constant (deduplicated), or a
 * captured outer tracer. Python scalars are handled by the caller (they need a dtype). */
static int var_of(StageTrace *s, Value v) {
  Tracer *x = tr_own(&s->base, v);
  if (x) return (int)x->i;
  if (lx_is_arr(v)) {
    int k = pm_get(&s->consts, v.u.o);
    if (k >= 0) return k;
    Array *a = lx_arr(v);
    k = ir_add_const(s->g, a);
    if (k < 0) return tr_engine_err();
    if (list_append(s->held, v) < 0 || pm_put(&s->consts, v.u.o, k) < 0) return -1;
    return k;
  }
  if (tr_is_tracer(v)) {
    LxTrace *o = TRACER(v)->tr;
    if (!(s->capture_any && o->alive) && tr_check_const(&s->base, v) < 0) return -1;
    int k = pm_get(&s->caps, v.u.o);
    if (k >= 0) return k;
    k = ir_add_input(s->g, &TRACER(v)->aval);
    if (k < 0) return tr_engine_err();
    s->g->nin--;   /* captured inputs are placed first at the end */
    if (s->ncap == s->capcap) {
      int nc = s->capcap ? s->capcap * 2 : 8;
      Value *nv = realloc(s->cap_vals, sizeof(Value) * (size_t)nc);
      if (!nv) { obj_raise_nomem(); return -1; }
      s->cap_vals = nv;
      int *ni = realloc(s->cap_vars, sizeof(int) * (size_t)nc);
      if (!ni) { obj_raise_nomem(); return -1; }
      s->cap_vars = ni;
      s->capcap = nc;
    }
    s->cap_vals[s->ncap] = val_incref(v);
    s->cap_vars[s->ncap++] = k;
    if (pm_put(&s->caps, v.u.o, k) < 0) return -1;
    return k;
  }
  obj_raise(&exc_TypeError, "Value %s of type %s is not a valid JAX type",
            "passed to a traced primitive", op_type_name(v));
  return -1;
}

static int is_pyscalar(Value v) { return v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL; }

static int scalar_var(StageTrace *s, Value v, DType d, int weak) {
  Array *a = v.tag == V_FLOAT ? arr_scalar_f(d, v.u.f) : arr_scalar_i(d, v.u.i);
  if (!a) return tr_engine_err();
  if (weak) a->flags |= ARR_WEAK;
  int k = ir_add_const(s->g, a);
  arr_release(a);
  return k < 0 ? tr_engine_err() : k;
}

#define NS 8
static int stage_process(Interp *self_, PrimId id, int nin, const Value *in, const void *params,
                         Value *out) {
  StageTrace *s = (StageTrace *)self_;
  int var_s[NS];
  AVal av_s[NS];
  Value conv_s[NS];
  int *var = nin <= NS ? var_s : calloc((size_t)nin + 1, sizeof(int));
  AVal *av = nin <= NS ? av_s : calloc((size_t)nin + 1, sizeof(AVal));
  Value *conv = nin <= NS ? conv_s : calloc((size_t)nin + 1, sizeof(Value));
  int rc = -1, any_scalar = 0;
  if (!var || !av || !conv) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < nin; i++) conv[i] = val_null();
  for (int i = 0; i < nin; i++) {
    if (is_pyscalar(in[i])) { var[i] = -1; any_scalar = 1; continue; }
    if ((var[i] = var_of(s, in[i])) < 0) goto done;
    av[i] = s->g->avals[var[i]];
  }
  {
    int lo, hi;
    prim_promoted(&prim_table[id], nin, &lo, &hi);
    int differ = 0;
    for (int i = lo; i < hi; i++) {
      if (var[i] < 0) { differ = 1; continue; }
      for (int j = lo; j < hi; j++) if (var[j] >= 0 && av[j].dtype != av[i].dtype) differ = 1;
    }
    if (hi > lo && differ && hi - lo <= NS) {
      DType dts[NS];
      uint8_t wk[NS];
      PromoMode mode = lx_promo(FAM_JAX);
      for (int i = lo; i < hi; i++) {
        if (var[i] >= 0) { dts[i - lo] = av[i].dtype; wk[i - lo] = av[i].weak; continue; }
        Value v = in[i];
        dts[i - lo] = v.tag == V_BOOL ? DT_BOOL : v.tag == V_INT ? arr_default_int(mode) : arr_default_float(mode);
        wk[i - lo] = v.tag != V_BOOL;
      }
      DType rt;
      int rweak;
      arr_result_type(hi - lo, dts, wk, mode, &rt, &rweak);
      for (int i = lo; i < hi; i++) {
        if (var[i] < 0) {
          if ((var[i] = scalar_var(s, in[i], rt, rweak)) < 0) goto done;
        } else if (av[i].dtype != rt) {
          PConvert pc;
          memset(&pc, 0, sizeof pc);
          pc.new_dtype = rt;
          pc.weak = rweak;
          Interp *prev = tr_enter(&s->base.it);
          conv[i] = tr_bind1(PRIM_convert, 1, &in[i], &pc);
          tr_leave(prev);
          if (VAL_IS_NULL(conv[i])) goto done;
          var[i] = (int)TRACER(conv[i])->i;
        } else {
          continue;
        }
        av[i] = s->g->avals[var[i]];
      }
    }
    if (any_scalar) {
      int ref = -1;
      for (int j = 0; j < nin; j++) if (var[j] >= 0) { ref = j; break; }
      for (int i = 0; i < nin; i++) {
        if (var[i] >= 0) continue;
        int index_operand = prim_is_index_operand(&prim_table[id], i);
        PromoMode mode = lx_promo(FAM_JAX);
        DType d = index_operand ? arr_default_int(mode)
                  : ref >= 0 ? av[ref].dtype
                  : in[i].tag == V_BOOL ? DT_BOOL
                  : in[i].tag == V_INT ? arr_default_int(mode) : arr_default_float(mode);
        if ((var[i] = scalar_var(s, in[i], d, in[i].tag != V_BOOL)) < 0) goto done;
        av[i] = s->g->avals[var[i]];
      }
    }
  }
  {
    int nmax = prim_nout(id, nin, params);
    AVal oav_s[NS], *oav = nmax <= NS ? oav_s : calloc((size_t)nmax + 1, sizeof(AVal));
    int ov_s[NS], *ov = nmax <= NS ? ov_s : calloc((size_t)nmax + 1, sizeof(int));
    if (!oav || !ov) { obj_raise_nomem(); goto done2; }
    int n = prim_abstract(id, av, nin, params, oav);
    if (n < 0) { tr_engine_err(); goto done2; }
    if (ir_add_eqn(s->g, id, nin, var, params, n, oav, ov) < 0) { tr_engine_err(); goto done2; }
    rc = n;
    for (int k = 0; k < n; k++) {
      out[k] = tr_new(&s->base, &oav[k], val_null(), val_null(), ov[k]);
      if (VAL_IS_NULL(out[k])) { t_clear(out, k); rc = -1; break; }
    }
  done2:
    if (oav != oav_s) free(oav);
    if (ov != ov_s) free(ov);
  }
done:
  if (conv) t_clear(conv, nin);
  if (var != var_s) free(var);
  if (av != av_s) free(av);
  if (conv != conv_s) free(conv);
  return rc;
}

IrGraph *jit_stage_finish(StageTrace *s, int nout, const Value *outs, Value **captured, int *ncap) {
  int *ov = calloc((size_t)nout + 1, sizeof(int));
  IrGraph *g = NULL;
  if (!ov) { obj_raise_nomem(); goto done; }
  for (int k = 0; k < nout; k++) {
    if (is_pyscalar(outs[k])) {
      PromoMode mode = lx_promo(FAM_JAX);
      DType d = outs[k].tag == V_BOOL ? DT_BOOL : outs[k].tag == V_INT ? arr_default_int(mode) : arr_default_float(mode);
      ov[k] = scalar_var(s, outs[k], d, outs[k].tag != V_BOOL);
    } else {
      ov[k] = var_of(s, outs[k]);
    }
    if (ov[k] < 0) goto done;
  }
  if (ir_set_outputs(s->g, nout, ov) < 0) { tr_engine_err(); goto done; }
  /* inputs: captured first, then the declared ones */
  {
    IrGraph *gg = s->g;
    int *in = malloc(sizeof(int) * (size_t)(gg->nin + s->ncap + 1));
    if (!in) { obj_raise_nomem(); goto done; }
    ir_memcpy(in, s->cap_vars, sizeof(int) * (size_t)s->ncap);
    ir_memcpy(in + s->ncap, gg->in, sizeof(int) * (size_t)gg->nin);
    free(gg->in);
    gg->in = in;
    gg->nin += s->ncap;
    gg->capin = gg->nin + 1;
  }
  g = ir_retain(s->g);
  if (captured) {
    *captured = s->cap_vals;
    s->cap_vals = NULL;
    *ncap = s->ncap;
    s->ncap = 0;
  } else if (s->ncap) {
    ir_release(g);
    g = NULL;
    obj_raise(&exc_RuntimeError, "internal: a traced sub-graph captured outer values");
  }
done:
  free(ov);
  tr_finish(&s->base);
  return g;
}

void jit_stage_abort(StageTrace *s) { tr_finish(&s->base); }

TreeDef *jit_stage_outputs_f0(Value res, const char *what, Value outl, Value *f0) {
  TreeDef *t = tree_flatten(res, outl, 0);
  if (f0) *f0 = val_null();
  int64_t keep = 0, n = t ? LIST(outl.u.o)->len : 0;
  for (int64_t k = 0; t && k < n; k++) {
    Value v = LIST(outl.u.o)->items[k];
    int nd;
    int64_t sh[ARR_MAXDIM];
    if (f0 && !(lx_is_arraylike(v) || v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL) &&
        tr_float0_shape(v, &nd, sh)) {
      /* a float0 leaf: no data, so not a graph output; kept aside to put back */
      if (VAL_IS_NULL(*f0)) {
        *f0 = list_new(0);
        for (int64_t i = 0; i < k && !VAL_IS_NULL(*f0); i++)
          if (list_append(*f0, val_none()) < 0) val_clear(f0);
      }
      if (VAL_IS_NULL(*f0) || list_append(*f0, v) < 0) { tree_free(t); t = NULL; break; }
      continue;
    }
    if (!VAL_IS_NULL(f0 ? *f0 : val_null()) && list_append(*f0, val_none()) < 0) {
      tree_free(t);
      t = NULL;
      break;
    }
    if (!(lx_is_arraylike(v) || v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL)) {
      obj_raise(&exc_TypeError, "%s returned a value of type %s; it must return arrays, Python "
                "scalars, or lists/tuples/dicts of them", what, op_type_name(v));
      tree_free(t);
      t = NULL;
      break;
    }
    if (keep != k) {   /* close up over the float0 leaves taken out */
      Value *items = LIST(outl.u.o)->items;
      Value tmp = items[keep];
      items[keep] = items[k];
      items[k] = tmp;
    }
    keep++;
  }
  if (t && f0 && !VAL_IS_NULL(*f0)) {
    /* drop the float0 leaves (now at the end of outl) */
    ListObj *l = LIST(outl.u.o);
    for (int64_t k = keep; k < l->len; k++) val_decref(l->items[k]);
    l->len = keep;
  }
  if (!t && f0) val_clear(f0);
  return t;
}
TreeDef *jit_stage_outputs(Value res, const char *what, Value outl) {
  return jit_stage_outputs_f0(res, what, outl, NULL);
}

Value *jit_merge_float0(Value f0, const Value *outs, int n, int *nall) {
  int64_t m = LIST(f0.u.o)->len;
  Value *all = calloc((size_t)m + 1, sizeof(Value));
  if (!all) { obj_raise_nomem(); return NULL; }
  int j = 0;
  for (int64_t k = 0; k < m; k++) {
    Value v = LIST(f0.u.o)->items[k];
    int nd = 0;
    int64_t sh[ARR_MAXDIM];
    /* a fresh float0 array per call, as JAX returns a new one */
    if (!VAL_IS_NONE(v)) all[k] = tr_float0_shape(v, &nd, sh) ? tr_float0_new(nd, sh) : val_incref(v);
    else if (j < n) all[k] = val_incref(outs[j++]);
    else obj_raise(&exc_RuntimeError, "internal: float0 leaves do not fit the outputs");
    if (VAL_IS_NULL(all[k])) { t_clear(all, (int)k); free(all); return NULL; }
  }
  *nall = (int)m;
  return all;
}

/* Why a traced value is abstract: the arguments it depends on. */
void jit_describe_origin(Tracer *x, char *buf, size_t n) {
  StageTrace *s = (StageTrace *)x->tr;
  IrGraph *g = s->g;
  buf[0] = 0;
  uint8_t *mark = calloc((size_t)g->nvars + 1, 1);
  if (!mark) return;
  mark[x->i] = 1;
  for (int i = g->neqn - 1; i >= 0; i--) {
    IrEqn *e = &g->eqns[i];
    int any = 0;
    for (int k = 0; k < e->nout; k++) any |= mark[e->out[k]];
    if (any) for (int k = 0; k < e->nin; k++) mark[e->in[k]] = 1;
  }
  int cnt = 0;
  size_t len = 0;
  for (int i = 0; i < s->ndecl && i < g->nin; i++) {
    if (!mark[g->in[i]] || !s->names[i] || !s->names[i][0]) continue;
    len += (size_t)snprintf(buf + len, len < n ? n - len : 0, "%s%s", cnt ? ", " : "", s->names[i]);
    cnt++;
  }
  free(mark);
  if (cnt == 0) {
    snprintf(buf, n, "it is a traced value computed inside the function");
    return;
  }
  char tmp[400];
  snprintf(tmp, sizeof tmp, "it depends on the value of the argument%s %s", cnt > 1 ? "s" : "", buf);
  snprintf(buf, n, "%s", tmp);
}

/* {=== evaluating a graph at the current interpreter ===} */
int jit_graph_eval(IrGraph *g, const Value *in, Value *out) {
  Value *env = calloc((size_t)g->nvars + 1, sizeof(Value));
  if (!env) { obj_raise_nomem(); return -1; }
  int rc = 0;
  for (int i = 0; i < g->nin; i++) env[g->in[i]] = val_incref(in[i]);
  for (int i = 0; i < g->nconst && rc == 0; i++) {
    env[g->constvar[i]] = lx_wrap(arr_retain(g->consts[i]), FAM_JAX);
    if (VAL_IS_NULL(env[g->constvar[i]])) rc = -1;
  }
  Value ins_s[8], outs_s[8];
  for (int i = 0; i < g->neqn && rc == 0; i++) {
    IrEqn *e = &g->eqns[i];
    Value *ins = e->nin <= 8 ? ins_s : calloc((size_t)e->nin, sizeof(Value));
    Value *outs = e->nout <= 8 ? outs_s : calloc((size_t)e->nout, sizeof(Value));
    if (!ins || !outs) { obj_raise_nomem(); rc = -1; }
    else {
      for (int k = 0; k < e->nin; k++) ins[k] = env[e->in[k]];
      int n = tr_bind(e->prim, e->nin, ins, e->params, outs);
      if (n < 0) rc = -1;
      else for (int k = 0; k < e->nout && k < n; k++) { val_decref(env[e->out[k]]); env[e->out[k]] = outs[k]; }
    }
    if (ins != ins_s) free(ins);
    if (outs != outs_s) free(outs);
  }
  for (int k = 0; k < g->nout; k++) out[k] = rc == 0 ? val_incref(env[g->out[k]]) : val_null();
  for (int v = 0; v < g->nvars; v++) val_decref(env[v]);
  free(env);
  return rc < 0 ? -1 : g->nout;
}

IrGraph *jit_trace_to_graph(const char *name, int nin, const AVal *in_av, TraceFn fn, void *ctx,
                        int max_out) {
  StageTrace *s = jit_stage_new("jit", val_null(), name, 0);
  if (!s) return NULL;
  Value *ins = calloc((size_t)nin + 1, sizeof(Value));
  Value *outs = calloc((size_t)max_out + 1, sizeof(Value));
  IrGraph *g = NULL;
  int nout = 0;
  if (!ins || !outs) { obj_raise_nomem(); jit_stage_abort(s); goto done; }
  for (int i = 0; i < nin; i++) {
    ins[i] = jit_stage_input(s, &in_av[i], NULL);
    if (VAL_IS_NULL(ins[i])) { jit_stage_abort(s); goto done; }
  }
  {
    Interp *prev = tr_enter(&s->base.it);
    int r = fn(ctx, nin, ins, &nout, outs);
    tr_leave(prev);
    if (r < 0) { jit_stage_abort(s); goto done; }
  }
  g = jit_stage_finish(s, nout, outs, NULL, NULL);
  if (g && ir_optimize(g) < 0) { ir_release(g); g = NULL; tr_engine_err(); }
done:
  if (ins) t_clear(ins, nin);
  if (outs) t_clear(outs, nout);
  free(ins);
  free(outs);
  return g;
}

/* {=== jax.jit ===} */
typedef struct CacheEntry {
  TreeDef *in_tree;
  int nleaves;
  AVal *avals;
  Value statics;        /* tuple of the static argument values, or V_NULL */
  int x64;
  IrGraph *g;
  TreeDef *out_tree;
  Value paths;          /* list of leaf names (messages) */
  uint64_t hash;
  int has_custom;       /* the graph lost a custom_jvp/custom_vjp rule (jit_stage_note_custom) */
  Value f0;             /* float0 output leaves (jit_stage_outputs_f0), or V_NULL */
} CacheEntry;

typedef struct JitObj {
  Obj ob;
  Value fun;
  int nstatic;
  int static_nums[32];
  Value static_names;   /* tuple of str or V_NULL */
  CacheEntry *cache;
  int ncache, capcache;
  int traces;           /* how many times the function was traced */
} JitObj;

static TypeObj jit_type;

static void cache_entry_free(CacheEntry *e) {
  tree_free(e->in_tree);
  tree_free(e->out_tree);
  free(e->avals);
  val_decref(e->statics);
  val_decref(e->paths);
  val_decref(e->f0);
  ir_release(e->g);
}

static void jit_clear_cache(JitObj *j) {
  for (int i = 0; i < j->ncache; i++) cache_entry_free(&j->cache[i]);
  j->ncache = 0;
}

static void jit_dealloc(Obj *o) {
  JitObj *j = (JitObj *)o;
  jit_clear_cache(j);
  free(j->cache);
  val_decref(j->fun);
  val_decref(j->static_names);
  obj_free(o);
}

static void jit_traverse(Obj *o, VisitFn visit, void *arg) {
  JitObj *j = (JitObj *)o;
  if (j->fun.tag == V_OBJ) visit(j->fun.u.o, arg);
}
static void jit_clear(Obj *o) {
  JitObj *j = (JitObj *)o;
  val_clear(&j->fun);
}

static Value fun_name_val(Value f) {
  Value n = op_getattr_s(f, "__name__");
  if (VAL_IS_NULL(n)) { obj_err_clear(); return str_from_cstr("<function>"); }
  return n;
}

static Value jit_repr(Value self) {
  JitObj *j = (JitObj *)self.u.o;
  Value n = fun_name_val(j->fun);
  Value r = str_fmt("<PjitFunction of <function %s>>", VAL_IS_STR(n) ? str_cstr(n) : "?");
  val_decref(n);
  return r;
}

/* positional parameter names of a function (for static_argnames and messages) */
static int param_names(Value f, const char **names, int max) {
  if (f.tag != V_OBJ || f.u.o->type != &func_type) return 0;
  FuncObj *fo = FUNC(f.u.o);
  int n = fo->scope ? fo->scope->nargs : 0;
  if (n > max) n = max;
  for (int i = 0; i < n; i++) names[i] = fo->scope->slot_names[i];
  return n;
}

/* The name JAX gives positional argument `pos` of f in its messages: the parameter's name,
 * "rest[k]" for the k-th value taken by a `*rest` parameter, "args[pos]" when unknown. */
void jit_arg_name(Value f, int pos, char *buf, size_t n) {
  const char *pn[64];
  int npn = param_names(f, pn, 64);
  if (pos < npn) { snprintf(buf, n, "%s", pn[pos]); return; }
  if (f.tag == V_OBJ && f.u.o->type == &func_type) {
    FuncObj *fo = FUNC(f.u.o);
    if (fo->scope && fo->scope->nargs <= 64 && fo->scope->vararg_slot >= 0) {
      snprintf(buf, n, "%s[%d]", fo->scope->slot_names[fo->scope->vararg_slot],
               pos - fo->scope->nargs);
      return;
    }
  }
  snprintf(buf, n, "args[%d]", pos);
}

static int is_static_num(JitObj *j, int i) {
  for (int k = 0; k < j->nstatic; k++) if (j->static_nums[k] == i) return 1;
  return 0;
}
static int is_static_name(JitObj *j, const char *n) {
  if (VAL_IS_NULL(j->static_names)) return 0;
  for (int64_t k = 0; k < TUPLE(j->static_names.u.o)->len; k++)
    if (!strcmp(str_cstr(TUPLE(j->static_names.u.o)->items[k]), n)) return 1;
  return 0;
}

/* AVal.weak of a float0 leaf: it differs from every real aval in the cache key */
#define AV_FLOAT0 2
#define IS_F0(a) ((a)->weak == AV_FLOAT0)

/* The call split into the traced part (args tuple + kwargs dict) and the statics. */
typedef struct CallParts {
  Value dyn;            /* (args_tuple, kwargs_dict) */
  Value statics;        /* tuple of (key, value) pairs, V_NULL when none */
  Value leaves;         /* list */
  TreeDef *tree;
  int nleaves;
  Value *arrs;          /* leaves converted to jax arrays (or tracers) */
  AVal *avals;
} CallParts;

static void parts_free(CallParts *p) {
  val_decref(p->dyn);
  val_decref(p->statics);
  val_decref(p->leaves);
  tree_free(p->tree);
  if (p->arrs) t_clear(p->arrs, p->nleaves);
  free(p->arrs);
  free(p->avals);
}

/* lower() and make_jaxpr only trace, so a leaf may be abstract: any object with shape and
 * dtype (jax.ShapeDtypeStruct, as JAX's shaped_abstractify accepts). 1: filled in, 0: not
 * abstract (no error), -1: error. */
static int abstract_aval(Value v, AVal *av) {
  if (v.tag != V_OBJ) return 0;
  Value sh = op_getattr_s(v, "shape");
  if (VAL_IS_NULL(sh)) { obj_err_clear(); return 0; }
  Value dt = op_getattr_s(v, "dtype");
  if (VAL_IS_NULL(dt)) { obj_err_clear(); val_decref(sh); return 0; }
  Value dims = list_from_iterable(sh);
  int rc = VAL_IS_NULL(dims) ? -1 : 1;
  memset(av, 0, sizeof *av);
  if (rc == 1 && LIST(dims.u.o)->len > ARR_MAXDIM) {
    obj_raise(&exc_ValueError, "too many dimensions: %lld", (long long)LIST(dims.u.o)->len);
    rc = -1;
  }
  for (int64_t i = 0; rc == 1 && i < LIST(dims.u.o)->len; i++) {
    int64_t d;
    if (op_as_int(LIST(dims.u.o)->items[i], &d) < 0) rc = -1;
    else if (d < 0) { obj_raise(&exc_ValueError, "negative dimension %lld", (long long)d); rc = -1; }
    else av->shape[av->ndim++] = d;
  }
  int d = rc == 1 ? lx_parse_dtype(dt, FAM_JAX) : -1;
  if (rc == 1 && d < 0) {
    if (d == -1) obj_raise(&exc_TypeError, "dtype None is not a valid dtype");
    rc = -1;
  }
  if (rc == 1) {
    av->dtype = (DType)d;
    Value w = op_getattr_s(v, "weak_type");
    if (VAL_IS_NULL(w)) obj_err_clear();
    else {
      int t = op_truth(w);
      if (t < 0) rc = -1;
      av->weak = t > 0;
    }
    val_decref(w);
  }
  val_decref(dims);
  val_decref(sh);
  val_decref(dt);
  return rc;
}

static Value leaf_paths(JitObj *j, CallParts *p);
static int split_call(JitObj *j, int argc, const Value *argv, Obj *kw, CallParts *p,
                      int abstract_ok) {
  memset(p, 0, sizeof *p);
  int nkw = func_kwcount(kw);
  const char *pn[64];
  int npn = param_names(j->fun, pn, 64);
  int ndyn = 0;
  Value args = tuple_new(argc);
  Value kwd = dict_new();
  Value st = list_new(0);
  if (VAL_IS_NULL(args) || VAL_IS_NULL(kwd) || VAL_IS_NULL(st)) goto fail;
  for (int i = 0; i < j->nstatic; i++)
    if (j->static_nums[i] >= argc && j->static_nums[i] >= npn) {
      /* a static argnum beyond the call: JAX raises unless defaulted; keep going */
    }
  for (int i = 0; i < argc; i++) {
    int stat = is_static_num(j, i) || (i < npn && is_static_name(j, pn[i]));
    if (stat) {
      Value pair = tuple_pack(2, val_int(i), argv[i]);
      if (VAL_IS_NULL(pair) || list_append_steal(st, pair) < 0) goto fail;
    } else {
      TUPLE_SET(args, ndyn++, val_incref(argv[i]));
    }
  }
  TUPLE(args.u.o)->len = ndyn;
  for (int i = 0; i < nkw; i++) {
    const char *n = func_kwname(kw, i);
    int stat = is_static_name(j, n);
    for (int k = 0; k < npn && !stat; k++) if (!strcmp(pn[k], n)) stat = is_static_num(j, k);
    Value key = str_from_cstr(n);
    if (VAL_IS_NULL(key)) goto fail;
    if (stat) {
      Value pair = tuple_pack(2, key, argv[argc + i]);
      val_decref(key);
      if (VAL_IS_NULL(pair) || list_append_steal(st, pair) < 0) goto fail;
    } else {
      int r = dict_set(kwd, key, argv[argc + i]);
      val_decref(key);
      if (r < 0) goto fail;
    }
  }
  p->dyn = tuple_pack(2, args, kwd);
  val_decref(args);
  val_decref(kwd);
  args = kwd = val_null();
  if (VAL_IS_NULL(p->dyn)) goto fail;
  if (LIST(st.u.o)->len) {
    p->statics = tuple_from(LIST(st.u.o)->len, LIST(st.u.o)->items);
    if (VAL_IS_NULL(p->statics)) goto fail;
    int64_t h;
    if (op_hash(p->statics, &h) < 0) {
      obj_err_clear();
      const char *tn = "?";
      for (int64_t i = 0; i < TUPLE(p->statics.u.o)->len; i++) {
        Value v = TUPLE(TUPLE(p->statics.u.o)->items[i].u.o)->items[1];
        int64_t hh;
        if (op_hash(v, &hh) < 0) { obj_err_clear(); tn = op_type_name(v); break; }
      }
      obj_raise(&exc_ValueError, "Non-hashable static arguments are not supported. An error "
                "occurred while trying to hash an object of type %s. The static arguments of a "
                "jit-compiled function must be hashable (numbers, strings, tuples); arrays "
                "should be passed as ordinary (traced) arguments instead.", tn);
      goto fail;
    }
  }
  val_decref(st);
  st = val_null();
  p->leaves = list_new(0);
  if (VAL_IS_NULL(p->leaves)) goto fail;
  p->tree = tree_flatten(p->dyn, p->leaves, 0);
  if (!p->tree) goto fail;
  p->nleaves = (int)LIST(p->leaves.u.o)->len;
  p->arrs = calloc((size_t)p->nleaves + 1, sizeof(Value));
  p->avals = calloc((size_t)p->nleaves + 1, sizeof(AVal));
  if (!p->arrs || !p->avals) { obj_raise_nomem(); goto fail; }
  for (int i = 0; i < p->nleaves; i++) {
    Value v = LIST(p->leaves.u.o)->items[i];
    int ab, f0nd;
    int64_t f0sh[ARR_MAXDIM];
    if (v.tag == V_OBJ && tr_float0_shape(v, &f0nd, f0sh)) {
      /* a float0 array (a cotangent of an integer): no data, so not a graph input; only its
       * shape is part of the cache key, and the function sees the array itself */
      if (abstract_ok) {
        obj_raise(&exc_NotImplementedError, "float0 arguments are not supported by lower() and "
                  "make_jaxpr(); call the jit-compiled function instead");
        goto fail;
      }
      p->arrs[i] = val_incref(v);
      memset(&p->avals[i], 0, sizeof p->avals[i]);
      p->avals[i].dtype = DT_BOOL;
      p->avals[i].weak = AV_FLOAT0;
      p->avals[i].ndim = f0nd;
      ir_memcpy(p->avals[i].shape, f0sh, sizeof(int64_t) * (size_t)f0nd);
      continue;
    }
    if (lx_is_arr(v) && v.u.o->type == &lx_jax_type) p->arrs[i] = val_incref(v);
    else if (tr_is_tracer(v)) p->arrs[i] = val_incref(v);
    else if (lx_is_arr(v) || v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL)
      p->arrs[i] = lx_asarray(v, FAM_JAX, -1, 0);
    else if (abstract_ok && (ab = abstract_aval(v, &p->avals[i])) != 0) {
      if (ab < 0) goto fail;
      p->arrs[i] = val_none();   /* traced only, never run */
      continue;
    } else if (!abstract_ok && (ab = abstract_aval(v, &p->avals[i])) != 0) {
      /* a ShapeDtypeStruct (or another object with shape and dtype) given to a call */
      if (ab < 0) goto fail;
      Value paths = leaf_paths(j, p);
      if (VAL_IS_NULL(paths)) obj_err_clear();
      Value tr = op_repr(val_obj(&v.u.o->type->ob));
      if (VAL_IS_NULL(tr)) obj_err_clear();
      char avs[200];
      int off = snprintf(avs, sizeof avs, "%s[", arr_dtypes[p->avals[i].dtype].name);
      for (int d = 0; d < p->avals[i].ndim && off > 0 && off < (int)sizeof avs - 24; d++)
        off += snprintf(avs + off, sizeof avs - (size_t)off, d ? ",%lld" : "%lld",
                        (long long)p->avals[i].shape[d]);
      if (off > 0 && off < (int)sizeof avs - 2) snprintf(avs + off, sizeof avs - (size_t)off, "]");
      obj_raise(&exc_TypeError, "Argument '%s' of shape %s of type %s is not a valid JAX type.",
                VAL_IS_NULL(paths) || i >= LIST(paths.u.o)->len ? "?"
                    : str_cstr(LIST(paths.u.o)->items[i]),
                avs, VAL_IS_NULL(tr) ? v.u.o->type->name : str_cstr(tr));
      val_decref(paths);
      val_decref(tr);
      goto fail;
    } else {
      /* JAX's words, naming the leaf by its path ("rest[1]", "params['w']") */
      Value paths = leaf_paths(j, p);
      if (VAL_IS_NULL(paths)) obj_err_clear();
      Value fr = op_repr(j->fun);
      if (VAL_IS_NULL(fr)) obj_err_clear();
      Value tr = op_repr(val_obj(&v.u.o->type->ob));
      if (VAL_IS_NULL(tr)) obj_err_clear();
      obj_raise(&exc_TypeError, "Error interpreting argument to %s as an abstract array. The "
                "problematic value is of type %s and was passed to the function at path %s.\n"
                "This typically means that a jit-wrapped function was called with a non-array "
                "argument, and this argument was not marked as static using the static_argnums "
                "or static_argnames parameters of jax.jit.",
                VAL_IS_NULL(fr) ? "the jit-compiled function" : str_cstr(fr),
                VAL_IS_NULL(tr) ? op_type_name(v) : str_cstr(tr),
                VAL_IS_NULL(paths) || i >= LIST(paths.u.o)->len ? "?"
                    : str_cstr(LIST(paths.u.o)->items[i]));
      val_decref(paths);
      val_decref(fr);
      val_decref(tr);
      goto fail;
    }
    if (VAL_IS_NULL(p->arrs[i]) || lx_aval(p->arrs[i], &p->avals[i]) < 0) goto fail;
  }
  return 0;
fail:
  val_decref(args);
  val_decref(kwd);
  val_decref(st);
  parts_free(p);
  memset(p, 0, sizeof *p);
  return -1;
}

static uint64_t key_hash(CallParts *p) {
  uint64_t h = tree_hash(p->tree) ^ (uint64_t)lx_flag_x64;
  for (int i = 0; i < p->nleaves; i++) {
    const AVal *a = &p->avals[i];
    h = (h ^ (uint64_t)(a->dtype * 7 + a->weak * 3 + a->ndim)) * 1099511628211ull;
    for (int d = 0; d < a->ndim; d++) h = (h ^ (uint64_t)a->shape[d]) * 1099511628211ull;
  }
  if (!VAL_IS_NULL(p->statics)) {
    int64_t sh = 0;
    if (op_hash(p->statics, &sh) < 0) obj_err_clear();
    h = (h ^ (uint64_t)sh) * 1099511628211ull;
  }
  return h;
}

static int aval_eq(const AVal *a, const AVal *b) {
  if (a->dtype != b->dtype || a->weak != b->weak || a->ndim != b->ndim) return 0;
  return !ir_memcmp(a->shape, b->shape, sizeof(int64_t) * (size_t)a->ndim);
}

static int entry_matches(CacheEntry *e, CallParts *p, uint64_t h) {
  if (e->hash != h || e->nleaves != p->nleaves || e->x64 != lx_flag_x64) return 0;
  if (!tree_equal(e->in_tree, p->tree)) return 0;
  for (int i = 0; i < p->nleaves; i++) if (!aval_eq(&e->avals[i], &p->avals[i])) return 0;
  if (VAL_IS_NULL(e->statics) != VAL_IS_NULL(p->statics)) return 0;
  if (!VAL_IS_NULL(e->statics)) {
    int eq = op_eq(e->statics, p->statics);
    if (eq < 0) { obj_err_clear(); return 0; }
    if (!eq) return 0;
  }
  return 1;
}

/* leaf names from the parameter names: "x", "params[0]['w']", "kwargs['lr']" */
static Value leaf_paths(JitObj *j, CallParts *p) {
  Value list = list_new(0);
  if (VAL_IS_NULL(list)) return list;
  const char *pn[64];
  int npn = param_names(j->fun, pn, 64);
  Value args = TUPLE(p->dyn.u.o)->items[0], kwd = TUPLE(p->dyn.u.o)->items[1];
  int pos = 0;
  for (int64_t i = 0; i < TUPLE(args.u.o)->len; i++) {
    /* skip the positions split_call took out as static */
    while (pos < 4096 && (is_static_num(j, pos) || (pos < npn && is_static_name(j, pn[pos])))) pos++;
    char nm[64];
    jit_arg_name(j->fun, pos, nm, sizeof nm);
    pos++;
    if (tree_leaf_paths(TUPLE(args.u.o)->items[i], nm, list) < 0) { val_decref(list); return val_null(); }
  }
  int64_t it = 0;
  Value k, v;
  while (dict_next(kwd, &it, &k, &v))
    if (tree_leaf_paths(v, str_cstr(k), list) < 0) { val_decref(list); return val_null(); }
  if (LIST(list.u.o)->len != p->nleaves) {   /* dict order differs: fall back to numbers */
    val_decref(list);
    list = list_new(0);
    for (int i = 0; i < p->nleaves && !VAL_IS_NULL(list); i++)
      list_append_steal(list, str_fmt("leaf %d", i));
  }
  return list;
}

static void fun_where(Value f, char *buf, size_t n) {
  if (f.tag == V_OBJ && f.u.o->type == &func_type) {
    FuncObj *fo = FUNC(f.u.o);
    CodeObj *c = (CodeObj *)fo->code;
    snprintf(buf, n, "%s defined at %s:%d", fo->qualname ? STR(fo->qualname)->s : "<function>",
             c && c->filename ? c->filename : "<unknown>", fo->def ? fo->def->span.line : 0);
  } else {
    Value nm = fun_name_val(f);
    snprintf(buf, n, "%s", VAL_IS_STR(nm) ? str_cstr(nm) : "<function>");
    val_decref(nm);
  }
}

/* "f32[3]", or "float0[3]" for a float0 leaf */
static void aval_text(const AVal *a, char *buf, size_t n) {
  ir_aval_str(a, buf, n);
  if (IS_F0(a) && n > 8) {
    const char *br = strchr(buf, '[');
    char tail[160];
    snprintf(tail, sizeof tail, "%s", br ? br : "[]");
    snprintf(buf, n, "float0%s", tail);
  }
}

static void explain_miss(JitObj *j, CallParts *p, Value paths) {
  char where[400], a1[200], a2[200];
  fun_where(j->fun, where, sizeof where);
  Value msg = list_new(0);
  if (VAL_IS_NULL(msg)) { obj_err_clear(); return; }
#define LINE(...) list_append_steal(msg, str_fmt(__VA_ARGS__))
  LINE("TRACING CACHE MISS because:\n");
  if (j->ncache == 0) {
    LINE("  never seen function:\n    %s\n", where);
  } else {
    LINE("  for %s\n", where);
    /* the closest previous key: the one with the fewest differences */
    int best = -1, bestd = 1 << 30;
    for (int e = 0; e < j->ncache; e++) {
      CacheEntry *c = &j->cache[e];
      int d = 0;
      if (!tree_equal(c->in_tree, p->tree)) d += 1000;
      else for (int i = 0; i < p->nleaves; i++) d += !aval_eq(&c->avals[i], &p->avals[i]);
      if (VAL_IS_NULL(c->statics) != VAL_IS_NULL(p->statics)) d++;
      else if (!VAL_IS_NULL(c->statics)) { int eq = op_eq(c->statics, p->statics); if (eq <= 0) { obj_err_clear(); d++; } }
      if (c->x64 != lx_flag_x64) d++;
      if (d < bestd) { bestd = d; best = e; }
    }
    CacheEntry *c = &j->cache[best];
    if (!tree_equal(c->in_tree, p->tree)) {
      Value r0 = tree_repr(c->in_tree), r1 = tree_repr(p->tree);
      LINE("  different input pytree structure:\n    seen %s\n    now  %s\n",
           VAL_IS_NULL(r0) ? "?" : str_cstr(r0), VAL_IS_NULL(r1) ? "?" : str_cstr(r1));
      val_decref(r0); val_decref(r1);
    } else {
      int nm = 0;
      for (int i = 0; i < p->nleaves; i++) nm += !aval_eq(&c->avals[i], &p->avals[i]);
      if (nm) {
        LINE("  never seen input type signature:\n");
        for (int i = 0; i < p->nleaves; i++) {
          aval_text(&p->avals[i], a1, sizeof a1);
          LINE("    %s: %s%s\n", str_cstr(LIST(paths.u.o)->items[i]), a1, p->avals[i].weak == 1 ? "{weak_type=True}" : "");
        }
        LINE("  closest seen input type signature has %d mismatch%s, including:\n", nm, nm > 1 ? "es" : "");
        for (int i = 0; i < p->nleaves; i++) {
          if (aval_eq(&c->avals[i], &p->avals[i])) continue;
          aval_text(&c->avals[i], a1, sizeof a1);
          aval_text(&p->avals[i], a2, sizeof a2);
          if (!strcmp(a1, a2))
            LINE("    * at %s, seen %s with weak_type=%s, but now given weak_type=%s\n",
                 str_cstr(LIST(paths.u.o)->items[i]), a1, c->avals[i].weak ? "True" : "False",
                 p->avals[i].weak ? "True" : "False");
          else
            LINE("    * at %s, seen %s, but now given %s\n", str_cstr(LIST(paths.u.o)->items[i]), a1, a2);
        }
      }
    }
    if (!VAL_IS_NULL(p->statics) && !VAL_IS_NULL(c->statics)) {
      int eq = op_eq(c->statics, p->statics);
      if (eq < 0) obj_err_clear();
      if (eq == 0) {
        TupleObj *ns = TUPLE(p->statics.u.o), *os = TUPLE(c->statics.u.o);
        for (int64_t i = 0; i < ns->len; i++) {
          Value np = ns->items[i];
          Value key = TUPLE(np.u.o)->items[0], nv = TUPLE(np.u.o)->items[1];
          Value ov = val_null();
          for (int64_t k = 0; k < os->len; k++) {
            int e2 = op_eq(TUPLE(os->items[k].u.o)->items[0], key);
            if (e2 > 0) { ov = TUPLE(os->items[k].u.o)->items[1]; break; }
            if (e2 < 0) obj_err_clear();
          }
          int same = 0;
          if (!VAL_IS_NULL(ov)) { same = op_eq(ov, nv); if (same < 0) { obj_err_clear(); same = 0; } }
          if (same) continue;
          Value r1 = VAL_IS_NULL(ov) ? str_from_cstr("(not passed)") : op_repr(ov);
          Value r2 = op_repr(nv);
          char kn[64];
          if (VAL_IS_INT(key)) jit_arg_name(j->fun, (int)key.u.i, kn, sizeof kn);
          else snprintf(kn, sizeof kn, "%s", str_cstr(key));
          LINE("  static argument %s changed: seen %s, now given %s\n", kn,
               VAL_IS_NULL(r1) ? "?" : str_cstr(r1), VAL_IS_NULL(r2) ? "?" : str_cstr(r2));
          val_decref(r1); val_decref(r2);
        }
      }
    }
    if (c->x64 != lx_flag_x64) LINE("  jax_enable_x64 changed to %s\n", lx_flag_x64 ? "True" : "False");
  }
#undef LINE
  obj_err_clear();
  for (int64_t i = 0; i < LIST(msg.u.o)->len; i++) {
    Value s = LIST(msg.u.o)->items[i];
    if (VAL_IS_STR(s)) obj_write(2, str_cstr(s), STR(s.u.o)->len);
  }
  val_decref(msg);
}

/* Rebuild the call arguments from traced leaves plus the statics. */
static int rebuild_call(CallParts *p, const Value *leaves, Value *args_out, Value *kw_out) {
  Value dyn = tree_unflatten(p->tree, leaves, p->nleaves);
  if (VAL_IS_NULL(dyn)) return -1;
  Value args = TUPLE(dyn.u.o)->items[0], kwd = TUPLE(dyn.u.o)->items[1];
  int64_t na = TUPLE(args.u.o)->len;
  Value list = list_new(0), kw = dict_copy(kwd);
  if (VAL_IS_NULL(list) || VAL_IS_NULL(kw)) { val_decref(list); val_decref(kw); val_decref(dyn); return -1; }
  /* positional statics go back to their indices */
  int64_t ai = 0;
  int64_t ns = VAL_IS_NULL(p->statics) ? 0 : TUPLE(p->statics.u.o)->len;
  int64_t total = na;
  for (int64_t k = 0; k < ns; k++) if (VAL_IS_INT(TUPLE(TUPLE(p->statics.u.o)->items[k].u.o)->items[0])) total++;
  for (int64_t pos = 0; pos < total; pos++) {
    Value sv = val_null();
    for (int64_t k = 0; k < ns; k++) {
      Value pair = TUPLE(p->statics.u.o)->items[k];
      Value key = TUPLE(pair.u.o)->items[0];
      if (VAL_IS_INT(key) && key.u.i == pos) sv = TUPLE(pair.u.o)->items[1];
    }
    Value item = VAL_IS_NULL(sv) ? (ai < na ? TUPLE(args.u.o)->items[ai++] : val_none()) : sv;
    if (list_append(list, item) < 0) { val_decref(list); val_decref(kw); val_decref(dyn); return -1; }
  }
  for (int64_t k = 0; k < ns; k++) {
    Value pair = TUPLE(p->statics.u.o)->items[k];
    Value key = TUPLE(pair.u.o)->items[0];
    if (VAL_IS_STR(key) && dict_set(kw, key, TUPLE(pair.u.o)->items[1]) < 0) {
      val_decref(list); val_decref(kw); val_decref(dyn); return -1;
    }
  }
  val_decref(dyn);
  *args_out = list;
  *kw_out = kw;
  return 0;
}

/* Call f with a list of args and a dict of kwargs. */
static Value call_with(Value f, Value list, Value kw) {
  int64_t na = LIST(list.u.o)->len, nk = dict_len(kw);
  Value *argv = calloc((size_t)(na + nk) + 1, sizeof(Value));
  if (!argv) return obj_raise_nomem();
  ir_memcpy(argv, LIST(list.u.o)->items, sizeof(Value) * (size_t)na);
  Value names = nk ? tuple_new(nk) : val_null();
  int64_t it = 0, i = 0;
  Value k, v;
  while (nk && dict_next(kw, &it, &k, &v)) {
    TUPLE_SET(names, i, val_incref(k));
    argv[na + i++] = v;
  }
  Value r = op_call(f, (int)na, argv, nk ? names.u.o : NULL);
  val_decref(names);
  free(argv);
  return r;
}

/* Trace the function for a call: fills a cache entry (graph optimised when `optimize`). */
static int jit_trace(JitObj *j, CallParts *p, int optimize, CacheEntry *e, Value **captured,
                     int *ncap) {
  memset(e, 0, sizeof *e);
  Value paths = leaf_paths(j, p);
  if (VAL_IS_NULL(paths)) return -1;
  Value nm = fun_name_val(j->fun);
  char gname[64];
  snprintf(gname, sizeof gname, "jit_%s", VAL_IS_STR(nm) ? str_cstr(nm) : "f");
  val_decref(nm);
  StageTrace *s = jit_stage_new("jit", j->fun, gname, 0);
  if (!s) { val_decref(paths); return -1; }
  Value *tin = calloc((size_t)p->nleaves + 1, sizeof(Value));
  Value outl = list_new(0);
  Value res = val_null(), args = val_null(), kw = val_null();
  int rc = -1;
  if (!tin || VAL_IS_NULL(outl)) { obj_raise_nomem(); jit_stage_abort(s); goto done; }
  for (int i = 0; i < p->nleaves; i++) {
    if (IS_F0(&p->avals[i])) { tin[i] = val_incref(p->arrs[i]); continue; }
    tin[i] = jit_stage_input(s, &p->avals[i], str_cstr(LIST(paths.u.o)->items[i]));
    if (VAL_IS_NULL(tin[i])) { jit_stage_abort(s); goto done; }
  }
  if (rebuild_call(p, tin, &args, &kw) < 0) { jit_stage_abort(s); goto done; }
  {
    Interp *prev = tr_enter(&s->base.it);
    res = call_with(j->fun, args, kw);
    tr_leave(prev);
  }
  j->traces++;
  if (VAL_IS_NULL(res)) { jit_stage_abort(s); goto done; }
  e->out_tree = jit_stage_outputs_f0(res, "the jit-compiled function", outl, &e->f0);
  if (!e->out_tree) { jit_stage_abort(s); goto done; }
  e->has_custom = s->saw_custom;
  e->g = jit_stage_finish(s, (int)LIST(outl.u.o)->len, LIST(outl.u.o)->items, captured, ncap);
  if (!e->g) goto done;
  if (optimize && ir_optimize(e->g) < 0) { tr_engine_err(); goto done; }
  e->in_tree = tree_copy(p->tree);
  e->avals = malloc(sizeof(AVal) * (size_t)(p->nleaves + 1));
  if (!e->in_tree || !e->avals) { if (!obj_err_occurred()) obj_raise_nomem(); goto done; }
  ir_memcpy(e->avals, p->avals, sizeof(AVal) * (size_t)p->nleaves);
  e->nleaves = p->nleaves;
  e->statics = val_incref(p->statics);
  e->x64 = lx_flag_x64;
  e->paths = paths;
  paths = val_null();
  e->hash = key_hash(p);
  rc = 0;
done:
  if (rc < 0) cache_entry_free(e);
  if (tin) t_clear(tin, p->nleaves);
  free(tin);
  val_decref(outl);
  val_decref(res);
  val_decref(args);
  val_decref(kw);
  val_decref(paths);
  return rc;
}

static Value entry_result(CacheEntry *e, const Value *outs, int nout) {
  if (VAL_IS_NULL(e->f0)) return tree_unflatten(e->out_tree, outs, nout);
  int nall = 0;
  Value *all = jit_merge_float0(e->f0, outs, nout, &nall);
  if (!all) return val_null();
  Value r = tree_unflatten(e->out_tree, all, nall);
  t_clear(all, nall);
  free(all);
  return r;
}

/* Run a traced entry on the call's leaves: eager kernels at the eval interpreter, equation by
 * equation at any other (grad/vmap/an enclosing jit see the primitives). */
static Value run_entry(CacheEntry *e, CallParts *p, const Value *captured, int ncap) {
  int nf0 = 0;
  for (int i = 0; i < p->nleaves; i++) nf0 += IS_F0(&p->avals[i]);
  int nin = ncap + p->nleaves - nf0, nout = e->g->nout;
  Value *outs = calloc((size_t)nout + 1, sizeof(Value));
  if (!outs) return obj_raise_nomem();
  Value r = val_null();
  int all_arr = ncap == 0 && lx_current() == lx_eval_interp();
  for (int i = 0; i < p->nleaves && all_arr; i++) all_arr = IS_F0(&p->avals[i]) || lx_is_arr(p->arrs[i]);
  if (all_arr) {
    Array *ins_s[16], **ins = nin <= 16 ? ins_s : calloc((size_t)nin, sizeof(Array *));
    Array *res_s[16], **res = nout <= 16 ? res_s : calloc((size_t)nout + 1, sizeof(Array *));
    if (!ins || !res) { obj_raise_nomem(); goto done_arr; }
    for (int i = 0, k = 0; i < p->nleaves; i++) if (!IS_F0(&p->avals[i])) ins[k++] = lx_arr(p->arrs[i]);
    if (ir_run(e->g, ins, res) < 0) { tr_engine_err(); goto done_arr; }
    for (int k = 0; k < nout; k++) {
      outs[k] = lx_wrap(res[k], FAM_JAX);
      if (VAL_IS_NULL(outs[k])) { for (int m = k + 1; m < nout; m++) arr_release(res[m]); t_clear(outs, k); goto done_arr; }
    }
    r = entry_result(e, outs, nout);
  done_arr:
    if (ins != ins_s) free(ins);
    if (res != res_s) free(res);
  } else {
    Value *ins = calloc((size_t)nin + 1, sizeof(Value));
    if (!ins) { obj_raise_nomem(); goto done; }
    for (int i = 0; i < ncap; i++) ins[i] = captured[i];
    for (int i = 0, k = ncap; i < p->nleaves; i++) if (!IS_F0(&p->avals[i])) ins[k++] = p->arrs[i];
    int n = jit_graph_eval(e->g, ins, outs);
    free(ins);
    if (n >= 0) r = entry_result(e, outs, nout);
  }
done:
  for (int k = 0; k < nout; k++) val_decref(outs[k]);
  free(outs);
  return r;
}

/* Find or trace the entry for a call. Returns the entry index, or -2 for an uncacheable
 * trace returned in *tmp (captured outer tracers), -1 on error. */
static int lookup(JitObj *j, CallParts *p, CacheEntry *tmp, Value **captured, int *ncap) {
  uint64_t h = key_hash(p);
  for (int i = 0; i < j->ncache; i++)
    if (entry_matches(&j->cache[i], p, h)) return i;
  if (lx_flag_explain_cache_misses) {
    Value paths = leaf_paths(j, p);
    if (!VAL_IS_NULL(paths)) explain_miss(j, p, paths);
    val_decref(paths);
    obj_err_clear();
  }
  *captured = NULL;
  *ncap = 0;
  if (jit_trace(j, p, 1, tmp, captured, ncap) < 0) return -1;
  if (*ncap > 0) return -2;
  if (j->ncache == j->capcache) {
    int nc = j->capcache ? j->capcache * 2 : 4;
    CacheEntry *ne = realloc(j->cache, sizeof(CacheEntry) * (size_t)nc);
    if (!ne) { cache_entry_free(tmp); obj_raise_nomem(); return -1; }
    j->cache = ne;
    j->capcache = nc;
  }
  j->cache[j->ncache] = *tmp;
  return j->ncache++;
}

static Value jit_call(Value self, int argc, const Value *argv, Obj *kw) {
  JitObj *j = (JitObj *)self.u.o;
  CallParts p;
  if (split_call(j, argc, argv, kw, &p, 0) < 0) return val_null();
  CacheEntry tmp;
  Value *captured = NULL;
  int ncap = 0;
  int idx = lookup(j, &p, &tmp, &captured, &ncap);
  Value r = val_null();
  /* Under another transformation a graph that lost custom differentiation rules is not used:
   * the function runs at the current interpreter (inlined, as nested jit is), so an enclosing
   * grad or vmap sees the custom_jvp/custom_vjp calls themselves. */
  CacheEntry *e = idx >= 0 ? &j->cache[idx] : idx == -2 ? &tmp : NULL;
  if (e && e->has_custom && lx_current() != lx_eval_interp()) {
    r = op_call(j->fun, argc, argv, kw);
    if (idx == -2) cache_entry_free(&tmp);
    for (int i = 0; i < ncap; i++) val_decref(captured[i]);
  } else if (idx >= 0) {
    r = run_entry(&j->cache[idx], &p, NULL, 0);
  } else if (idx == -2) {
    r = run_entry(&tmp, &p, captured, ncap);
    cache_entry_free(&tmp);
    for (int i = 0; i < ncap; i++) val_decref(captured[i]);
  }
  free(captured);
  parts_free(&p);
  return r;
}

/* {=== lowering and make_jaxpr ===} */
/* A lowered or compiled jit keeps the signature it was lowered for: a compiled one takes only
 * the traced arguments, and only of those types (JAX raises rather than retrace). */
typedef struct LowerSig {
  TreeDef *in_tree;     /* of (args, kwargs), the traced arguments */
  AVal *avals;
  int nleaves, nargs;
  Value kwkeys;         /* tuple of the traced keyword names */
  Value statics;        /* the static (position or name, value) pairs, or V_NULL */
  Value paths;          /* list of leaf names */
} LowerSig;
typedef struct LoweredObj { Obj ob; IrGraph *g; Value name; Value jit; int kind; LowerSig *sig; } LoweredObj;
static TypeObj lowered_type;
static void sig_free(LowerSig *s) {
  if (!s) return;
  tree_free(s->in_tree);
  free(s->avals);
  val_decref(s->kwkeys);
  val_decref(s->statics);
  val_decref(s->paths);
  free(s);
}
static void lowered_dealloc(Obj *o) {
  LoweredObj *l = (LoweredObj *)o;
  ir_release(l->g);
  val_decref(l->name);
  val_decref(l->jit);
  sig_free(l->sig);
  obj_free(o);
}
static Value lowered_text(LoweredObj *l) {
  if (l->kind == 2) {   /* compiled: the C of the fused loops (engine/cgen), as the compiler sees it */
    char *c = cgen_source(l->g);
    if (c) {
      Value r = str_fmt("// CModule %s: the fused elementwise loops as generated C (engine/cgen); the "
                        "other equations run on the eager CPU kernels\n%s", VAL_IS_STR(l->name) ?
                        str_cstr(l->name) : "jit", c);
      free(c);
      return r;
    }
  }
  char *s = ir_print(l->g);
  if (!s) return lx_raise_engine(FAM_JAX);
  Value r;
  if (l->kind >= 1) {   /* a lowered jit: the optimised program, as the code generator sees it */
    r = str_fmt("module @%s {\n      // Sable IR after constant folding, CSE and DCE; %s\n  %s\n}\n",
                VAL_IS_STR(l->name) ? str_cstr(l->name) : "jit",
                l->kind == 1 ? "fused elementwise groups become C (see .compile().as_text())"
                             : "nothing to fuse: runs on the eager CPU kernels", s);
  } else {
    r = str_from_cstr(s);
  }
  free(s);
  return r;
}
static Value lowered_repr(Value self) {
  LoweredObj *l = (LoweredObj *)self.u.o;
  if (l->kind == 0) return lowered_text(l);
  return str_fmt("<jax.stages.%s object>", l->kind == 1 ? "Lowered" : "Compiled");
}
static Value lowered_as_text(int argc, const Value *argv, Obj *kw) {
  return lowered_text((LoweredObj *)argv[0].u.o);
}
static Value make_lowered(IrGraph *g, Value name, Value jit, int kind) {
  LoweredObj *l = obj_alloc(&lowered_type, sizeof *l);
  if (!l) return val_null();
  l->g = ir_retain(g);
  l->name = val_incref(name);
  l->jit = val_incref(jit);
  l->kind = kind;
  return val_obj(&l->ob);
}
static LowerSig *sig_copy(const LowerSig *s) {
  LowerSig *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  *c = *s;
  c->in_tree = tree_copy(s->in_tree);
  c->avals = malloc(sizeof(AVal) * ((size_t)s->nleaves + 1));
  if (!c->in_tree || !c->avals) {
    tree_free(c->in_tree);
    free(c->avals);
    free(c);
    return NULL;
  }
  memcpy(c->avals, s->avals, sizeof(AVal) * (size_t)s->nleaves);
  val_incref(c->kwkeys);
  val_incref(c->statics);
  val_incref(c->paths);
  return c;
}
static Value lowered_compile(int argc, const Value *argv, Obj *kw) {
  LoweredObj *l = (LoweredObj *)argv[0].u.o;
  if (VAL_IS_NULL(l->jit)) return obj_raise(&exc_TypeError, "nothing to compile");
  Value r = make_lowered(l->g, l->name, l->jit, 2);
  if (!VAL_IS_NULL(r) && l->sig && !(((LoweredObj *)r.u.o)->sig = sig_copy(l->sig))) {
    val_decref(r);
    return obj_raise_nomem();
  }
  return r;
}

/* "float32[3,4]", as JAX's messages write an abstract value */
static void aval_long(const AVal *a, char *buf, size_t n) {
  int off = snprintf(buf, n, "%s[", arr_dtypes[a->dtype].name);
  for (int d = 0; d < a->ndim && off > 0 && (size_t)off + 24 < n; d++)
    off += snprintf(buf + off, n - (size_t)off, d ? ",%lld" : "%lld", (long long)a->shape[d]);
  if (off > 0 && (size_t)off + 2 < n) snprintf(buf + off, n - (size_t)off, "]");
}

/* JAX's error for a compiled call whose pytree differs from the lowered one; the details name
 * the positional count and the keyword names, or else both structures */
static Value sig_tree_error(const LowerSig *s, int argc, Value kwd, TreeDef *t) {
  Value lines = list_new(0);
  if (VAL_IS_NULL(lines)) return lines;
  if (argc != s->nargs)
    list_append_steal(lines, str_fmt("    * at args, seen tuple of length %d but now given tuple "
                                     "of length %d, so the lengths do not match", s->nargs, argc));
  int64_t nk = dict_len(kwd), sk = TUPLE(s->kwkeys.u.o)->len;
  int same = nk == sk;
  for (int64_t i = 0; i < sk && same; i++) {
    same = !VAL_IS_NULL(dict_get(kwd, TUPLE(s->kwkeys.u.o)->items[i]));
  }
  if (!same) {
    /* the symmetric difference of the key sets, in JAX's {'a' 'b'} form */
    Value sd = str_from_cstr("");
    for (int64_t i = 0; i < sk && !VAL_IS_NULL(sd); i++) {
      Value k = TUPLE(s->kwkeys.u.o)->items[i];
      if (VAL_IS_NULL(dict_get(kwd, k))) { Value n2 = str_fmt("%s%s'%s'", str_cstr(sd), str_cstr(sd)[0] ? " " : "", str_cstr(k)); val_decref(sd); sd = n2; }
    }
    int64_t it = 0;
    Value k, v;
    while (!VAL_IS_NULL(sd) && dict_next(kwd, &it, &k, &v)) {
      int has = 0;
      for (int64_t i = 0; i < sk && !has; i++) has = op_eq(TUPLE(s->kwkeys.u.o)->items[i], k) == 1;
      if (!has) { Value n2 = str_fmt("%s%s'%s'", str_cstr(sd), str_cstr(sd)[0] ? " " : "", VAL_IS_STR(k) ? str_cstr(k) : "?"); val_decref(sd); sd = n2; }
    }
    if (VAL_IS_NULL(sd)) { val_decref(lines); return val_null(); }
    if (nk != sk)
      list_append_steal(lines, str_fmt("    * at kwargs, seen <class 'dict'> with %lld %s but now "
                                       "given <class 'dict'> with %lld %s, so the numbers of "
                                       "children do not match, with the symmetric difference of "
                                       "key sets: {%s}", (long long)sk, sk > 1 ? "children" : "child",
                                       (long long)nk, nk > 1 ? "children" : "child", str_cstr(sd)));
    else
      list_append_steal(lines, str_fmt("    * at kwargs, the keys differ: {%s}", str_cstr(sd)));
    val_decref(sd);
  }
  if (LIST(lines.u.o)->len == 0) {
    Value r0 = tree_repr(s->in_tree), r1 = tree_repr(t);
    list_append_steal(lines, str_fmt("    * seen %s but now given %s", VAL_IS_NULL(r0) ? "?" : str_cstr(r0),
                                     VAL_IS_NULL(r1) ? "?" : str_cstr(r1)));
    val_decref(r0);
    val_decref(r1);
  }
  Value nl = str_from_cstr("\n");
  Value body = VAL_IS_NULL(nl) ? nl : str_join(nl, lines);
  if (!VAL_IS_NULL(body))
    obj_raise(&exc_TypeError, "Function compiled with input pytree does not match the input pytree "
              "it was called with. There are %lld mismatches, including:\n%s",
              (long long)LIST(lines.u.o)->len, str_cstr(body));
  val_decref(body);
  val_decref(nl);
  val_decref(lines);
  return val_null();
}

/* 0 when the call's traced arguments have the lowered pytree and types; -1 with JAX's error */
static int sig_check(const LowerSig *s, int argc, const Value *argv, Obj *kw) {
  int nkw = func_kwcount(kw), rc = -1;
  Value args = tuple_from(argc, argv), kwd = dict_new(), dyn = val_null(), leaves = val_null();
  Value lines = val_null();
  TreeDef *t = NULL;
  if (VAL_IS_NULL(args) || VAL_IS_NULL(kwd)) goto done;
  for (int i = 0; i < nkw; i++) {
    Value key = str_from_cstr(func_kwname(kw, i));
    int r = VAL_IS_NULL(key) ? -1 : dict_set(kwd, key, argv[argc + i]);
    val_decref(key);
    if (r < 0) goto done;
  }
  dyn = tuple_pack(2, args, kwd);
  leaves = VAL_IS_NULL(dyn) ? dyn : list_new(0);
  t = VAL_IS_NULL(leaves) ? NULL : tree_flatten(dyn, leaves, 0);
  if (!t) goto done;
  if (!tree_equal(t, s->in_tree)) { sig_tree_error(s, argc, kwd, t); goto done; }
  lines = list_new(0);
  if (VAL_IS_NULL(lines)) goto done;
  for (int i = 0; i < s->nleaves && i < LIST(leaves.u.o)->len; i++) {
    Value v = LIST(leaves.u.o)->items[i];
    AVal av;
    Value a = val_null();
    if (lx_is_arr(v) || tr_is_tracer(v)) a = val_incref(v);
    else if (v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL) a = lx_asarray(v, FAM_JAX, -1, 0);
    else continue;   /* not an array: the call itself says why */
    int r = VAL_IS_NULL(a) ? -1 : lx_aval(a, &av);
    val_decref(a);
    if (r < 0) goto done;
    const AVal *w = &s->avals[i];
    /* weak types are not part of the executable's signature */
    if (w->dtype == av.dtype && w->ndim == av.ndim &&
        !memcmp(w->shape, av.shape, sizeof(int64_t) * (size_t)av.ndim))
      continue;
    char a1[200], a2[200];
    aval_long(w, a1, sizeof a1);
    aval_long(&av, a2, sizeof a2);
    const char *nm = i < LIST(s->paths.u.o)->len ? str_cstr(LIST(s->paths.u.o)->items[i]) : "?";
    if (list_append_steal(lines, str_fmt("Argument '%s' compiled with %s and called with %s", nm, a1, a2)) < 0)
      goto done;
  }
  if (LIST(lines.u.o)->len) {
    Value nl = str_from_cstr("\n");
    Value body = VAL_IS_NULL(nl) ? nl : str_join(nl, lines);
    if (!VAL_IS_NULL(body))
      obj_raise(&exc_TypeError, "Argument types differ from the types for which this computation "
                "was compiled. Perhaps you are calling the compiled executable with a different "
                "enable_x64 mode than when it was AOT compiled? The mismatches are:\n%s",
                str_cstr(body));
    val_decref(body);
    val_decref(nl);
    goto done;
  }
  rc = 0;
done:
  tree_free(t);
  val_decref(lines);
  val_decref(leaves);
  val_decref(dyn);
  val_decref(args);
  val_decref(kwd);
  return rc;
}

/* the jit's full argument list: the compiled call's traced arguments with the lowered statics
 * put back at their places */
static Value lowered_call(Value self, int argc, const Value *argv, Obj *kw) {
  LoweredObj *l = (LoweredObj *)self.u.o;
  if (l->kind != 2) return obj_raise(&exc_TypeError, "'Lowered' object is not callable; call .compile() first");
  const LowerSig *s = l->sig;
  if (!s) return op_call(l->jit, argc, argv, kw);
  if (sig_check(s, argc, argv, kw) < 0) return val_null();
  int nst = VAL_IS_NULL(s->statics) ? 0 : (int)TUPLE(s->statics.u.o)->len;
  int nkw = func_kwcount(kw), npos = argc, nskw = 0;
  for (int i = 0; i < nst; i++) {
    Value key = TUPLE(TUPLE(s->statics.u.o)->items[i].u.o)->items[0];
    if (key.tag == V_INT) npos++; else nskw++;
  }
  Value *all = calloc((size_t)(npos + nkw + nskw) + 1, sizeof(Value));
  Value names = tuple_new(nkw + nskw);
  if (!all || VAL_IS_NULL(names)) { free(all); val_decref(names); return obj_raise_nomem(); }
  int next = 0;
  for (int k = 0; k < npos; k++) {
    Value v = val_null();
    for (int i = 0; i < nst && VAL_IS_NULL(v); i++) {
      Value pr = TUPLE(s->statics.u.o)->items[i];
      Value key = TUPLE(pr.u.o)->items[0];
      if (key.tag == V_INT && key.u.i == k) v = TUPLE(pr.u.o)->items[1];
    }
    all[k] = VAL_IS_NULL(v) && next < argc ? argv[next++] : v;
  }
  int nn = 0;
  for (int i = 0; i < nkw; i++) {
    all[npos + nn] = argv[argc + i];
    TUPLE_SET(names, nn++, str_from_cstr(func_kwname(kw, i)));
  }
  for (int i = 0; i < nst; i++) {
    Value pr = TUPLE(s->statics.u.o)->items[i];
    Value key = TUPLE(pr.u.o)->items[0];
    if (key.tag == V_INT) continue;
    all[npos + nn] = TUPLE(pr.u.o)->items[1];
    TUPLE_SET(names, nn++, val_incref(key));
  }
  Value r = val_null();
  int bad = next != argc;
  for (int k = 0; k < npos + nn; k++) bad |= VAL_IS_NULL(all[k]);
  for (int k = 0; k < nn; k++) bad |= VAL_IS_NULL(TUPLE(names.u.o)->items[k]);
  if (bad) {
    if (!obj_err_occurred())
      obj_raise(&exc_TypeError, "compiled call: the static arguments do not fit the call's arguments");
  } else {
    r = op_call(l->jit, npos, all, nn ? names.u.o : NULL);
  }
  free(all);
  val_decref(names);
  return r;
}
static Value jaxpr_eqns(Value self) {
  LoweredObj *l = (LoweredObj *)self.u.o;
  Value list = list_new(0);
  for (int i = 0; i < l->g->neqn && !VAL_IS_NULL(list); i++)
    list_append_steal(list, str_from_cstr(prim_table[l->g->eqns[i].prim].name));
  return list;
}
static Value jaxpr_self(Value self) { return val_incref(self); }
static const MethodDef lowered_methods[] = {
    {"as_text", lowered_as_text, "as_text(): the program as text", 0},
    {"compile", lowered_compile, "compile(): the executable", 0},
    {NULL}};
static const GetSetDef lowered_getset[] = {
    {"eqns", jaxpr_eqns, NULL, "the primitive names of the equations"},
    {"jaxpr", jaxpr_self, NULL, "the jaxpr"},
    {NULL}};
static TypeObj lowered_type = {OBJ_TYPE_HEAD, .name = "Lowered", .dealloc = lowered_dealloc,
                               .repr = lowered_repr, .call = lowered_call, .methods = lowered_methods,
                               .getset = lowered_getset};

/* the signature of the lowering, moved out of the call parts */
static int lower_keep_sig(JitObj *j, CallParts *p, LoweredObj *l) {
  LowerSig *s = calloc(1, sizeof *s);
  if (!s) { obj_raise_nomem(); return -1; }
  Value args = TUPLE(p->dyn.u.o)->items[0], kwd = TUPLE(p->dyn.u.o)->items[1];
  s->nargs = (int)TUPLE(args.u.o)->len;
  s->nleaves = p->nleaves;
  s->statics = val_incref(p->statics);
  s->paths = leaf_paths(j, p);
  s->kwkeys = tuple_new(dict_len(kwd));
  if (VAL_IS_NULL(s->paths) || VAL_IS_NULL(s->kwkeys)) { sig_free(s); return -1; }
  int64_t it = 0, n = 0;
  Value k, v;
  while (dict_next(kwd, &it, &k, &v) && n < TUPLE(s->kwkeys.u.o)->len) TUPLE_SET(s->kwkeys, n++, val_incref(k));
  TUPLE(s->kwkeys.u.o)->len = n;
  s->in_tree = p->tree;
  s->avals = p->avals;
  p->tree = NULL;
  p->avals = NULL;
  l->sig = s;
  return 0;
}

static Value jit_lower(int argc, const Value *argv, Obj *kw) {
  JitObj *j = (JitObj *)argv[0].u.o;
  CallParts p;
  if (split_call(j, argc - 1, argv + 1, kw, &p, 1) < 0) return val_null();
  CacheEntry tmp;
  Value *captured = NULL;
  int ncap = 0;
  int idx = lookup(j, &p, &tmp, &captured, &ncap);
  Value r = val_null();
  Value nm = fun_name_val(j->fun);
  Value gname = str_fmt("jit_%s", VAL_IS_STR(nm) ? str_cstr(nm) : "f");
  val_decref(nm);
  if (idx >= 0) r = make_lowered(j->cache[idx].g, gname, argv[0], 1);
  else if (idx == -2) {
    r = make_lowered(tmp.g, gname, argv[0], 1);
    cache_entry_free(&tmp);
    for (int i = 0; i < ncap; i++) val_decref(captured[i]);
  }
  if (!VAL_IS_NULL(r) && lower_keep_sig(j, &p, (LoweredObj *)r.u.o) < 0) {
    val_decref(r);
    r = val_null();
  }
  val_decref(gname);
  free(captured);
  parts_free(&p);
  return r;
}

static Value jit_cache_size(int argc, const Value *argv, Obj *kw) {
  return val_int(((JitObj *)argv[0].u.o)->ncache);
}
static Value jit_clear_cache_m(int argc, const Value *argv, Obj *kw) {
  jit_clear_cache((JitObj *)argv[0].u.o);
  return val_none();
}
static Value jit_getattr(Value self, Obj *name) {
  JitObj *j = (JitObj *)self.u.o;
  const char *n = STR(name)->s;
  if (!strcmp(n, "__wrapped__")) return val_incref(j->fun);
  if (!strcmp(n, "__name__") || !strcmp(n, "__qualname__") || !strcmp(n, "__doc__") ||
      !strcmp(n, "__module__"))
    return op_getattr(j->fun, name);
  return type_generic_getattr(self, name);
}
static const MethodDef jit_methods[] = {
    {"lower", jit_lower, "lower(*args, **kwargs): trace and return the Lowered program", 0},
    {"_cache_size", jit_cache_size, "_cache_size(): number of cached traces", 0},
    {"clear_cache", jit_clear_cache_m, "clear_cache()", 0},
    {NULL}};
static TypeObj jit_type = {OBJ_TYPE_HEAD, .name = "PjitFunction", .flags = TF_GC,
                           .dealloc = jit_dealloc, .traverse = jit_traverse, .clear = jit_clear,
                           .repr = jit_repr, .call = jit_call, .getattr = jit_getattr,
                           .methods = jit_methods};

/* parse static_argnums (int or sequence) */
static int parse_int_list(Value v, int *out, int max, const char *what) {
  if (VAL_IS_NULL(v) || VAL_IS_NONE(v)) return 0;
  if (VAL_IS_INTLIKE(v)) { out[0] = (int)v.u.i; return 1; }
  if (!VAL_IS_TUPLE(v) && !VAL_IS_LIST(v)) {
    obj_raise(&exc_TypeError, "%s must be an int or a sequence of ints, got %s", what, op_type_name(v));
    return -1;
  }
  int64_t n = VAL_IS_TUPLE(v) ? TUPLE(v.u.o)->len : LIST(v.u.o)->len;
  if (n > max) { obj_raise(&exc_ValueError, "%s: too many entries", what); return -1; }
  for (int64_t i = 0; i < n; i++) {
    Value it = VAL_IS_TUPLE(v) ? TUPLE(v.u.o)->items[i] : LIST(v.u.o)->items[i];
    if (!VAL_IS_INTLIKE(it)) { obj_raise(&exc_TypeError, "%s must contain ints", what); return -1; }
    out[i] = (int)it.u.i;
  }
  return (int)n;
}

Value jit_make(Value fun, Value static_argnums, Value static_argnames) {
  if (!op_callable(fun))
    return obj_raise(&exc_TypeError, "Expected a callable value, got %s", op_type_name(fun));
  JitObj *j = obj_alloc(&jit_type, sizeof *j);
  if (!j) return val_null();
  j->fun = val_incref(fun);
  j->static_names = val_null();
  Value self = val_obj(&j->ob);
  int n = parse_int_list(static_argnums, j->static_nums, 32, "static_argnums");
  if (n < 0) { val_decref(self); return val_null(); }
  j->nstatic = n;
  const char *pn[64];
  int npn = param_names(fun, pn, 64);
  for (int i = 0; i < j->nstatic; i++)
    if (j->static_nums[i] < 0) j->static_nums[i] += npn;
  if (!VAL_IS_NULL(static_argnames) && !VAL_IS_NONE(static_argnames)) {
    Value t;
    if (VAL_IS_STR(static_argnames)) t = tuple_pack(1, static_argnames);
    else t = list_from_iterable(static_argnames);
    if (VAL_IS_NULL(t)) { val_decref(self); return t; }
    if (VAL_IS_LIST(t)) {
      Value tt = tuple_from(LIST(t.u.o)->len, LIST(t.u.o)->items);
      val_decref(t);
      t = tt;
      if (VAL_IS_NULL(t)) { val_decref(self); return t; }
    }
    for (int64_t i = 0; i < TUPLE(t.u.o)->len; i++)
      if (!VAL_IS_STR(TUPLE(t.u.o)->items[i])) {
        val_decref(t);
        val_decref(self);
        return obj_raise(&exc_TypeError, "static_argnames must be strings");
      }
    j->static_names = t;
    /* names given: their positions are static too (JAX infers one from the other) */
    for (int64_t i = 0; i < TUPLE(t.u.o)->len; i++)
      for (int k = 0; k < npn; k++)
        if (!strcmp(pn[k], str_cstr(TUPLE(t.u.o)->items[i])) && !is_static_num(j, k) && j->nstatic < 32)
          j->static_nums[j->nstatic++] = k;
  }
  return self;
}

/* make_jaxpr(f, static_argnums=())(*args): the traced graph (dead code removed only) */
Value jit_make_jaxpr(Value fun, Value static_argnums, int argc, const Value *argv, Obj *kw) {
  Value jf = jit_make(fun, static_argnums, val_null());
  if (VAL_IS_NULL(jf)) return jf;
  JitObj *j = (JitObj *)jf.u.o;
  CallParts p;
  Value r = val_null();
  if (split_call(j, argc, argv, kw, &p, 1) == 0) {
    CacheEntry e;
    Value *captured = NULL;
    int ncap = 0;
    if (jit_trace(j, &p, 0, &e, &captured, &ncap) == 0) {
      /* dead-code elimination only: keep what the user wrote visible */
      IrGraph *g = e.g;
      uint8_t *live = calloc((size_t)g->nvars + 1, 1);
      if (live) {
        for (int k = 0; k < g->nout; k++) live[g->out[k]] = 1;
        int n = 0;
        uint8_t *keep = calloc((size_t)g->neqn + 1, 1);
        if (keep) {
          for (int i = g->neqn - 1; i >= 0; i--) {
            IrEqn *q = &g->eqns[i];
            int used = prim_table[q->prim].effect;
            for (int k = 0; k < q->nout && !used; k++) used = live[q->out[k]];
            if (!used) continue;
            keep[i] = 1;
            for (int k = 0; k < q->nin; k++) live[q->in[k]] = 1;
          }
          for (int i = 0; i < g->neqn; i++) {
            if (keep[i]) g->eqns[n++] = g->eqns[i];
            else { free(g->eqns[i].in); ir_params_free(g->eqns[i].prim, g->eqns[i].params); }
          }
          g->neqn = n;
          free(keep);
        }
        free(live);
      }
      r = make_lowered(g, val_null(), val_null(), 0);
      cache_entry_free(&e);
      for (int i = 0; i < ncap; i++) val_decref(captured[i]);
      free(captured);
    }
    parts_free(&p);
  }
  val_decref(jf);
  return r;
}

void jit_init(void) {
  type_ready(&jit_type);
  type_ready(&lowered_type);
}
