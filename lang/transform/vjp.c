/* vjp.c - reverse-mode differentiation: the VJP interpreter records every primitive applied
 * to its tracers on a tape (primal values computed by the parent interpreter), and the
 * backward pass walks the tape with the primitives' VJP rules written with tr_bind, so it is
 * itself traced by whatever interpreter is current (grad of grad, jit of grad, vmap of vjp). */
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "transform.h"

typedef struct TapeNode {
  PrimId id;
  void *params;             /* owned copy */
  int nin, nout;
  int *in_var, *out_var;    /* tape variables, -1: constant / not differentiable */
  Value *in, *out;          /* primal values (parent level) */
  AVal *in_av, *out_av;
  VjpClosure cl;            /* custom backward (cl.backward != NULL) */
  void *block;              /* owns in/out/avals/vars */
} TapeNode;

struct Tape {
  int64_t rc;
  int nvars;
  int nnodes, cap;
  TapeNode *nodes;
};

typedef struct VjpTrace {
  LxTrace base;
  Tape *tape;
  int linear;    /* jax.linear_transpose: a primitive that is not linear in its tracers raises */
} VjpTrace;

static void node_free(TapeNode *n) {
  for (int i = 0; i < n->nin; i++) val_decref(n->in[i]);
  for (int i = 0; i < n->nout; i++) val_decref(n->out[i]);
  ir_params_free(n->id, n->params);
  if (n->cl.free) n->cl.free(n->cl.ctx);
  free(n->block);
}

void vjp_tape_decref(Tape *t) {
  if (!t || --t->rc > 0) return;
  for (int i = 0; i < t->nnodes; i++) node_free(&t->nodes[i]);
  free(t->nodes);
  free(t);
}
void vjp_tape_incref(Tape *t) { t->rc++; }

static int vjp_process(Interp *self, PrimId id, int nin, const Value *in, const void *params,
                       Value *out);
static void vjp_destroy(LxTrace *t) { vjp_tape_decref(((VjpTrace *)t)->tape); }
static const TraceVT vjp_vt = {{"vjp", vjp_process}, TK_VJP, "JVPTrace", vjp_destroy};

LxTrace *vjp_new(const char *transform, Value fun) {
  VjpTrace *t = calloc(1, sizeof(VjpTrace));
  Tape *tp = calloc(1, sizeof(Tape));
  if (!t || !tp) { free(t); free(tp); obj_raise_nomem(); return NULL; }
  tp->rc = 1;
  t->tape = tp;
  tr_init(&t->base, &vjp_vt, transform, fun);
  return &t->base;
}

Tape *vjp_tape(LxTrace *t) { return ((VjpTrace *)t)->tape; }
void vjp_set_linear(LxTrace *t) { ((VjpTrace *)t)->linear = 1; }

/* Under linear_transpose the backward pass must be the transpose, so every primitive applied
 * to tracers must be linear in them (JAX: its transpose rule must exist). mul and div have
 * partials rather than transpose rules, and are linear in one operand while the other is a
 * constant. Control flow and custom rules are not checked inside, so they are refused. */
static int check_linear(PrimId id, int nin, const uint8_t *diff) {
  const Prim *r = &prim_table[id];
  int ndiff = 0, ok = 0;
  for (int i = 0; i < nin; i++) ndiff += diff[i];
  if (r->ad == RK_LINEAR) {
    ok = 1;
    for (int i = 0; i < nin; i++)
      if (diff[i] && r->lin != LIN_ALL && (i >= 31 || !(r->lin & (1u << i)))) ok = 0;
  } else if (r->ad == RK_BILINEAR || id == PRIM_mul) {
    ok = ndiff == 1 && (diff[0] || diff[1]);
    if (!ok && ndiff > 1) {
      obj_raise(&exc_AssertionError, "linear_transpose: '%s' multiplies two values that depend "
                "on the input, so the function is not linear", r->name);
      return -1;
    }
  } else if (id == PRIM_div) {
    ok = ndiff == 1 && diff[0];
  } else if (r->ad == RK_DECOMP) {
    ok = 1;   /* checked primitive by primitive */
  }
  if (ok) return 0;
  obj_raise(&exc_NotImplementedError, "Transpose rule (for reverse-mode differentiation) for "
            "'%s' not implemented", r->name);
  return -1;
}

/* A differentiable input: a new tape variable. */
Value vjp_input(LxTrace *t, Value primal, int *var) {
  AVal av;
  if (lx_aval(primal, &av) < 0) return val_null();
  Tape *tp = vjp_tape(t);
  *var = tp->nvars++;
  return tr_new(t, &av, val_incref(primal), val_null(), *var);
}

/* The primal of a value and its tape variable (-1 for constants). */
int vjp_unwrap(LxTrace *t, Value v, Value *primal, int *var) {
  Tracer *x = tr_own(t, v);
  if (x) { *primal = val_incref(x->a); *var = (int)x->i; return 0; }
  if (tr_check_const(t, v) < 0) return -1;
  *primal = val_incref(v);
  *var = -1;
  return 0;
}

/* Append a node (references to the primal values are taken; the closure is owned on
 * success). Output variables are assigned to float outputs; out[] receive tracers for them
 * and the plain primal for the others. */
static int record(VjpTrace *self, PrimId id, const void *params, int nin, const Value *prim,
                  const int *var, int nout, Value *pout, VjpClosure *cl, Value *out) {
  Tape *tp = self->tape;
  if (tp->nnodes == tp->cap) {
    int nc = tp->cap ? tp->cap * 2 : 32;
    TapeNode *nn = realloc(tp->nodes, sizeof(TapeNode) * (size_t)nc);
    if (!nn) { obj_raise_nomem(); return -1; }
    tp->nodes = nn;
    tp->cap = nc;
  }
  TapeNode n;
  memset(&n, 0, sizeof n);
  n.id = id;
  n.nin = nin;
  n.nout = nout;
  int m = nin + nout;
  /* one block: Values, AVals, then ints */
  char *mem = calloc(1, (size_t)m * (sizeof(Value) + sizeof(AVal) + sizeof(int)) + 8);
  if (!mem) { obj_raise_nomem(); return -1; }
  n.block = mem;
  n.in = (Value *)mem;
  n.out = n.in + nin;
  n.in_av = (AVal *)(n.in + m);
  n.out_av = n.in_av + nin;
  n.in_var = (int *)(n.in_av + m);
  n.out_var = n.in_var + nin;
  int rc = 0;
  for (int i = 0; i < nin; i++) {
    n.in[i] = val_incref(prim[i]);
    n.in_var[i] = var[i];
    if (rc == 0) rc = lx_aval(prim[i], &n.in_av[i]);
  }
  for (int k = 0; k < nout; k++) {
    n.out[k] = val_incref(pout[k]);
    n.out_var[k] = -1;
    if (rc == 0 && (rc = lx_aval(pout[k], &n.out_av[k])) == 0 && dt_is_float(n.out_av[k].dtype))
      n.out_var[k] = tp->nvars++;
  }
  if (rc == 0 && params && prim_table[id].params_size) {
    n.params = ir_params_copy(id, params);
    if (!n.params) { tr_engine_err(); rc = -1; }
  }
  for (int k = 0; k < nout && rc == 0; k++) {
    out[k] = n.out_var[k] >= 0 ? tr_new(&self->base, &n.out_av[k], val_incref(pout[k]),
                                        val_null(), n.out_var[k])
                               : val_incref(pout[k]);
    if (VAL_IS_NULL(out[k])) { t_clear(out, k); rc = -1; }
  }
  if (rc < 0) { node_free(&n); return -1; }
  if (cl) n.cl = *cl;
  tp->nodes[tp->nnodes++] = n;
  return nout;
}

/* Adapter: an RK_CUSTOM primitive's JVP rule as a JvpCallback. */
typedef struct PrimJvpCtx { PrimId id; void *params; } PrimJvpCtx;
static int prim_jvp_cb(void *ctx, int nin, const Value *p, const Value *t, int nout, Value *out,
                       Value *tout) {
  PrimJvpCtx *c = ctx;
  return prim_table[c->id].jvp(c->id, c->params, nin, p, t, out, tout);
}
static void prim_jvp_free(void *ctx) {
  PrimJvpCtx *c = ctx;
  ir_params_free(c->id, c->params);
  free(c);
}

static int vjp_process(Interp *self_, PrimId id, int nin, const Value *in, const void *params,
                       Value *out) {
  VjpTrace *self = (VjpTrace *)self_;
  Value prim_s[8];
  int var_s[8];
  Value *prim = nin <= 8 ? prim_s : calloc((size_t)nin, sizeof(Value));
  int *var = nin <= 8 ? var_s : calloc((size_t)nin, sizeof(int));
  uint8_t diff_s[8], *diff = nin <= 8 ? diff_s : calloc((size_t)nin, 1);
  int any = 0, rc = -1;
  if (!prim || !var || !diff) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < nin; i++) {
    Tracer *x = tr_own(&self->base, in[i]);
    if (x) { prim[i] = x->a; var[i] = (int)x->i; any = 1; }
    else {
      if (tr_check_const(&self->base, in[i]) < 0) goto done;
      prim[i] = in[i];
      var[i] = -1;
    }
    diff[i] = var[i] >= 0;
  }
  if (any && self->linear && check_linear(id, nin, diff) < 0) goto done;
  const Prim *r = &prim_table[id];
  if (any && r->ad == RK_DECOMP) {
    rc = r->decomp(id, params, nin, in, out);
    goto done;
  }
  Interp *prev = tr_enter(self->base.it.parent);
  if (!any || r->ad == RK_ZERO) {
    rc = tr_bind(id, nin, prim, params, out);
    tr_leave(prev);
    goto done;
  }
  if (r->ad == RK_NONE) {
    tr_leave(prev);
    obj_raise(&exc_NotImplementedError, "Differentiation rule for '%s' not implemented",
              prim_table[id].name);
    goto done;
  }
  int nmax = prim_nout(id, nin, params);
  Value pout_s[8], *pout = nmax <= 8 ? pout_s : calloc((size_t)nmax + 1, sizeof(Value));
  if (!pout) { tr_leave(prev); obj_raise_nomem(); goto done; }
  VjpClosure cl = {0};
  int n;
  if (r->ad == RK_CUSTOM && r->vjp_fwd) {
    n = r->vjp_fwd(id, params, nin, prim, diff, pout, &cl);
  } else if (r->ad == RK_CUSTOM) {
    PrimJvpCtx *c = calloc(1, sizeof *c);
    if (!c) { obj_raise_nomem(); n = -1; }
    else {
      c->id = id;
      c->params = params ? ir_params_copy(id, params) : NULL;
      if (params && prim_table[id].params_size && !c->params) { free(c); tr_engine_err(); n = -1; }
      else n = vjp_from_jvp(prim_jvp_cb, c, prim_jvp_free, nin, prim, diff, nmax, pout, &cl);
    }
  } else {
    n = tr_bind(id, nin, prim, params, pout);
  }
  tr_leave(prev);
  if (n >= 0) {
    rc = record(self, id, params, nin, prim, var, n, pout, cl.backward ? &cl : NULL, out);
    if (rc < 0 && cl.free) cl.free(cl.ctx);
    t_clear(pout, n);
  }
  if (pout != pout_s) free(pout);
done:
  if (prim != prim_s) free(prim);
  if (var != var_s) free(var);
  if (diff != diff_s) free(diff);
  return rc;
}

/* Record a custom node (custom_vjp functions, vjp_from_jvp): inputs are values seen by the
 * trace (tracers or constants), pout the primal outputs, cl the backward. */
int vjp_record_custom(LxTrace *t, int nin, const Value *in, int nout, Value *pout,
                      VjpClosure *cl, Value *out) {
  VjpTrace *self = (VjpTrace *)t;
  Value *prim = calloc((size_t)nin + 1, sizeof(Value));
  int *var = calloc((size_t)nin + 1, sizeof(int));
  int rc = -1;
  if (!prim || !var) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < nin; i++) {
    Tracer *x = tr_own(t, in[i]);
    prim[i] = x ? x->a : in[i];
    var[i] = x ? (int)x->i : -1;
    if (x && self->linear) {
      obj_raise(&exc_NotImplementedError, "linear_transpose: a function with a custom "
                "differentiation rule (custom_jvp/custom_vjp) cannot be transposed");
      goto done;
    }
  }
  rc = record(self, PRIM_copy, NULL, nin, prim, var, nout, pout, cl, out);
done:
  free(prim);
  free(var);
  return rc;
}

/* {=== the backward pass ===} */
static int accumulate(Value *slot, Value ct) {
  if (VAL_IS_NULL(*slot)) { *slot = ct; return 0; }
  Value s = t_add(*slot, ct);
  val_decref(ct);
  if (VAL_IS_NULL(s)) return -1;
  val_decref(*slot);
  *slot = s;
  return 0;
}

static int node_vjp(TapeNode *n, const Value *ct_out, const uint8_t *need, Value *ct_in) {
  if (n->cl.backward) return n->cl.backward(n->cl.ctx, n->nout, ct_out, n->nin, need, ct_in);
  const Prim *r = &prim_table[n->id];
  RuleCtx c = {n->id, n->params, n->nin, n->nout, n->in, n->in_av, n->out, n->out_av};
  if (r->ad == RK_PARTIALS) {
    if (VAL_IS_NULL(ct_out[0])) return 0;
    Value d[8] = {{0}};
    if (n->nin > 8) return -1;
    if (r->partials(&c, need, d) < 0) { t_clear(d, n->nin); return -1; }
    int rc = 0;
    for (int i = 0; i < n->nin && rc == 0; i++) {
      if (!need[i] || VAL_IS_NULL(d[i])) continue;
      Value m = t_mul(ct_out[0], d[i]);
      if (VAL_IS_NULL(m)) { rc = -1; break; }
      ct_in[i] = t_unbroadcast(m, &n->in_av[i]);
      val_decref(m);
      if (VAL_IS_NULL(ct_in[i])) rc = -1;
    }
    t_clear(d, n->nin);
    return rc;
  }
  if (r->ad == RK_LINEAR || r->ad == RK_BILINEAR) {
    if (!r->transpose) {
      obj_raise(&exc_NotImplementedError, "Transpose rule (for reverse-mode differentiation) "
                "for '%s' not implemented", prim_table[n->id].name);
      return -1;
    }
    int anyct = 0;
    for (int k = 0; k < n->nout; k++) anyct |= !VAL_IS_NULL(ct_out[k]);
    if (!anyct) return 0;
    return r->transpose(&c, ct_out, need, ct_in);
  }
  obj_raise(&exc_NotImplementedError, "Reverse-mode differentiation rule for '%s' not "
            "implemented", prim_table[n->id].name);
  return -1;
}

int vjp_tape_backward(Tape *tp, int nseed, const int *seed_var, const Value *seed, int nwant,
                  const int *want_var, Value *grads) {
  Value *ct = calloc((size_t)tp->nvars + 1, sizeof(Value));
  if (!ct) { obj_raise_nomem(); return -1; }
  int rc = 0;
  for (int k = 0; k < nseed && rc == 0; k++)
    if (seed_var[k] >= 0 && !VAL_IS_NULL(seed[k]))
      rc = accumulate(&ct[seed_var[k]], val_incref(seed[k]));
  Value cto_s[8], cti_s[8];
  uint8_t need_s[8];
  for (int ni = tp->nnodes - 1; ni >= 0 && rc == 0; ni--) {
    TapeNode *n = &tp->nodes[ni];
    int any = 0;
    for (int k = 0; k < n->nout; k++) any |= n->out_var[k] >= 0 && !VAL_IS_NULL(ct[n->out_var[k]]);
    if (!any) continue;
    if (obj_check_signals() < 0) { rc = -1; break; }
    Value *cto = n->nout <= 8 ? cto_s : calloc((size_t)n->nout, sizeof(Value));
    Value *cti = n->nin <= 8 ? cti_s : calloc((size_t)n->nin, sizeof(Value));
    uint8_t *need = n->nin <= 8 ? need_s : calloc((size_t)n->nin, 1);
    if (!cto || !cti || !need) { obj_raise_nomem(); rc = -1; }
    else {
      int anyneed = 0;
      for (int k = 0; k < n->nout; k++)
        cto[k] = n->out_var[k] >= 0 ? ct[n->out_var[k]] : val_null();
      for (int i = 0; i < n->nin; i++) {
        need[i] = n->in_var[i] >= 0;
        anyneed |= need[i];
        cti[i] = val_null();
      }
      if (anyneed && node_vjp(n, cto, need, cti) < 0) rc = -1;
      for (int i = 0; i < n->nin; i++) {
        if (rc == 0 && need[i] && !VAL_IS_NULL(cti[i])) {
          if (accumulate(&ct[n->in_var[i]], cti[i]) < 0) rc = -1;
        } else {
          val_decref(cti[i]);
        }
      }
      for (int k = 0; k < n->nout; k++)
        if (n->out_var[k] >= 0) val_clear(&ct[n->out_var[k]]);
    }
    if (cto != cto_s) free(cto);
    if (cti != cti_s) free(cti);
    if (need != need_s) free(need);
  }
  for (int k = 0; k < nwant; k++) {
    grads[k] = rc == 0 && want_var[k] >= 0 ? val_incref(ct[want_var[k]]) : val_null();
  }
  for (int v = 0; v < tp->nvars; v++) val_decref(ct[v]);
  free(ct);
  return rc;
}

/* {=== differentiating a JVP rule (custom_jvp, custom primitives) ===}
 * The tangent outputs of a JVP rule are linear in the tangent inputs. Run the rule with the
 * tangents as inputs of a nested reverse-mode trace (primal values zero); its tape is the
 * linear map, and walking it backwards gives the transpose. */
typedef struct JvpVjp {
  Tape *tape;
  int nin, nout;
  int *in_var, *out_var;
  AVal *in_av;
} JvpVjp;

static void jvpvjp_free(void *p) {
  JvpVjp *c = p;
  vjp_tape_decref(c->tape);
  free(c->in_var);
  free(c);
}

static int jvpvjp_backward(void *p, int nout, const Value *ct_out, int nin, const uint8_t *need,
                           Value *ct_in) {
  JvpVjp *c = p;
  return vjp_tape_backward(c->tape, nout, c->out_var, ct_out, nin, c->in_var, ct_in);
}

/* hand the tape of t and the variable numbers of the inputs and outputs (vars: nin + n,
 * taken over) to the closure c, and c to cl */
static void jvpvjp_close(JvpVjp *c, LxTrace *t, int nin, int n, int *vars, VjpClosure *cl) {
  c->tape = vjp_tape(t);
  vjp_tape_incref(c->tape);
  c->nin = nin;
  c->nout = n;
  c->in_var = vars;
  c->out_var = vars + nin;
  cl->backward = jvpvjp_backward;
  cl->ctx = c;
  cl->free = jvpvjp_free;
}

int vjp_from_jvp(JvpCallback f, void *ctx, void (*free_ctx)(void *), int nin,
                 const Value *primals, const uint8_t *diff, int nout, Value *out, VjpClosure *cl) {
  LxTrace *t = vjp_new("linearize", val_null());
  JvpVjp *c = calloc(1, sizeof *c);
  Value *tan = calloc((size_t)nin + 1, sizeof(Value));
  Value *tout = calloc((size_t)nout + 1, sizeof(Value));
  int *vars = calloc((size_t)(nin + nout) + 1, sizeof(int));
  int rc = -1, n = -1;
  if (!t || !c || !tan || !tout || !vars) { if (!obj_err_occurred()) obj_raise_nomem(); goto done; }
  for (int i = 0; i < nin; i++) {
    vars[i] = -1;
    if (!diff[i] || !t_is_float(primals[i])) continue;
    Value z = t_full_like(primals[i], 0.0);
    if (VAL_IS_NULL(z)) goto done;
    tan[i] = vjp_input(t, z, &vars[i]);
    val_decref(z);
    if (VAL_IS_NULL(tan[i])) goto done;
  }
  {
    Interp *prev = tr_enter(&t->it);
    n = f(ctx, nin, primals, tan, nout, out, tout);
    tr_leave(prev);
  }
  if (n < 0) goto done;
  for (int k = 0; k < n; k++) {
    vars[nin + k] = -1;
    Tracer *x = tr_own(t, tout[k]);
    if (x) vars[nin + k] = (int)x->i;
    Tracer *y = tr_own(t, out[k]);
    if (y) {   /* a primal output that depends on the tangents: the rule is not a JVP rule */
      t_clear(out, n);
      obj_raise(&exc_TypeError, "a custom JVP rule's primal output must not depend on the "
                "input tangents");
      goto done;
    }
  }
  jvpvjp_close(c, t, nin, n, vars, cl);
  vars = NULL;
  c = NULL;
  rc = n;
done:
  if (free_ctx && ctx) free_ctx(ctx);
  if (tan) t_clear(tan, nin);
  if (tout && n > 0) t_clear(tout, n);
  free(tan);
  free(tout);
  free(vars);
  if (c) { vjp_tape_decref(c->tape); free(c); }
  if (t) tr_finish(t);
  return rc;
}

/* {=== reverse mode of a computation run with a private tape ===}
 * Control flow whose branch or trip count is known (a concrete predicate) is differentiated
 * by running the chosen code under a nested reverse-mode trace: the closure walks that tape. */
int vjp_nested(NestedFn f, void *ctx, int nin, const Value *primals, const uint8_t *diff,
               int nout_max, Value *out, VjpClosure *cl) {
  LxTrace *t = vjp_new("grad", val_null());
  JvpVjp *c = calloc(1, sizeof *c);
  Value *in = calloc((size_t)nin + 1, sizeof(Value));
  Value *o = calloc((size_t)nout_max + 1, sizeof(Value));
  int *vars = calloc((size_t)(nin + nout_max) + 1, sizeof(int));
  int rc = -1, n = -1;
  if (!t || !c || !in || !o || !vars) { if (!obj_err_occurred()) obj_raise_nomem(); goto done; }
  for (int i = 0; i < nin; i++) {
    vars[i] = -1;
    if (diff[i] && t_is_float(primals[i])) in[i] = vjp_input(t, primals[i], &vars[i]);
    else in[i] = val_incref(primals[i]);
    if (VAL_IS_NULL(in[i])) goto done;
  }
  {
    Interp *prev = tr_enter(&t->it);
    n = f(ctx, nin, in, nout_max, o);
    tr_leave(prev);
  }
  if (n < 0) goto done;
  for (int k = 0; k < n; k++) {
    Tracer *x = tr_own(t, o[k]);
    vars[nin + k] = x ? (int)x->i : -1;
    out[k] = x ? val_incref(x->a) : val_incref(o[k]);
  }
  jvpvjp_close(c, t, nin, n, vars, cl);
  vars = NULL;
  c = NULL;
  rc = n;
done:
  if (in) t_clear(in, nin);
  if (o && n > 0) t_clear(o, n);
  free(in);
  free(o);
  free(vars);
  free(c);
  if (t) tr_finish(t);
  return rc;
}
