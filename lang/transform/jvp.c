/* jvp.c - forward-mode differentiation: the JVP interpreter. Its tracers carry (primal,
 * tangent); each primitive's tangent comes from the rules of its entry (engine/prim.h), computed with
 * the parent interpreter current so that nested derivatives see the operations. */
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "transform.h"

static int jvp_process(Interp *self, PrimId id, int nin, const Value *in, const void *params,
                       Value *out);
static const TraceVT jvp_vt = {{"jvp", jvp_process}, TK_JVP, "JVPTrace", NULL};

LxTrace *jvp_new(const char *transform, Value fun) {
  LxTrace *t = calloc(1, sizeof(LxTrace));
  if (!t) { obj_raise_nomem(); return NULL; }
  tr_init(t, &jvp_vt, transform, fun);
  return t;
}

Value jvp_wrap(LxTrace *t, Value primal, Value tangent) {
  AVal av;
  if (lx_aval(primal, &av) < 0) return val_null();
  if (VAL_IS_NULL(tangent) || !dt_is_float(av.dtype)) return val_incref(primal);
  return tr_new(t, &av, val_incref(primal), val_incref(tangent), 0);
}

int jvp_unwrap(LxTrace *t, Value v, Value *primal, Value *tangent) {
  Tracer *x = tr_own(t, v);
  if (x) {
    *primal = val_incref(x->a);
    *tangent = val_incref(x->b);
    return 0;
  }
  if (tr_check_const(t, v) < 0) return -1;
  *primal = val_incref(v);
  *tangent = val_null();
  return 0;
}

/* Instantiate a zero tangent for an operand. */
static Value zero_for(const AVal *av) { return t_zeros(av); }

/* The tangent of one-output rules of the generic kinds. */
static int generic_tangents(const Prim *r, const RuleCtx *c, const Value *tan, Value *tout) {
  int nin = c->nin;
  tout[0] = val_null();
  if (r->ad == RK_ZERO) return 0;
  if (r->ad == RK_PARTIALS) {
    uint8_t need[8] = {0};
    Value d[8] = {{0}};
    if (nin > 8) { obj_raise(&exc_RuntimeError, "partials: too many operands"); return -1; }
    for (int i = 0; i < nin; i++) need[i] = !VAL_IS_NULL(tan[i]);
    if (r->partials(c, need, d) < 0) { t_clear(d, nin); return -1; }
    Value acc = val_null();
    for (int i = 0; i < nin; i++) {
      if (!need[i] || VAL_IS_NULL(d[i])) continue;
      Value term = t_mul(tan[i], d[i]);
      if (VAL_IS_NULL(term)) { t_clear(d, nin); val_decref(acc); return -1; }
      if (VAL_IS_NULL(acc)) { acc = term; continue; }
      Value s = t_add(acc, term);
      val_decref(acc);
      val_decref(term);
      acc = s;
      if (VAL_IS_NULL(acc)) { t_clear(d, nin); return -1; }
    }
    t_clear(d, nin);
    if (VAL_IS_NULL(acc)) return 0;
    Value b = t_broadcast_to(acc, c->out_av[0].ndim, c->out_av[0].shape);
    val_decref(acc);
    if (VAL_IS_NULL(b)) return -1;
    tout[0] = t_convert(b, c->out_av[0].dtype, c->out_av[0].weak);
    val_decref(b);
    return VAL_IS_NULL(tout[0]) ? -1 : 0;
  }
  if (r->ad == RK_LINEAR) {
    /* add/sub with one zero tangent: no need to materialise zeros */
    if ((c->id == PRIM_add || c->id == PRIM_sub) && (VAL_IS_NULL(tan[0]) || VAL_IS_NULL(tan[1]))) {
      Value t = VAL_IS_NULL(tan[0]) ? tan[1] : tan[0];
      Value u = (c->id == PRIM_sub && VAL_IS_NULL(tan[0])) ? t_neg(t) : val_incref(t);
      if (VAL_IS_NULL(u)) return -1;
      Value b = t_broadcast_to(u, c->out_av[0].ndim, c->out_av[0].shape);
      val_decref(u);
      if (VAL_IS_NULL(b)) return -1;
      tout[0] = t_convert(b, c->out_av[0].dtype, c->out_av[0].weak);
      val_decref(b);
      return VAL_IS_NULL(tout[0]) ? -1 : 0;
    }
    Value *args = calloc((size_t)nin, sizeof(Value));
    if (!args) { obj_raise_nomem(); return -1; }
    int rc = 0;
    for (int i = 0; i < nin && rc == 0; i++) {
      if (!prim_linear_in(r, i)) args[i] = val_incref(c->in[i]);
      else if (!VAL_IS_NULL(tan[i])) args[i] = val_incref(tan[i]);
      else if (VAL_IS_NULL(args[i] = zero_for(&c->in_av[i]))) rc = -1;
    }
    if (rc == 0) {
      tout[0] = tr_bind1(c->id, nin, args, c->params);
      if (VAL_IS_NULL(tout[0])) rc = -1;
    }
    t_clear(args, nin);
    free(args);
    return rc;
  }
  if (r->ad == RK_BILINEAR) {
    Value acc = val_null();
    for (int i = 0; i < 2; i++) {
      if (VAL_IS_NULL(tan[i])) continue;
      Value args[8];
      for (int k = 0; k < nin && k < 8; k++) args[k] = c->in[k];
      args[i] = tan[i];
      Value term = tr_bind1(c->id, nin, args, c->params);
      if (VAL_IS_NULL(term)) { val_decref(acc); return -1; }
      if (VAL_IS_NULL(acc)) { acc = term; continue; }
      Value s = t_add(acc, term);
      val_decref(acc);
      val_decref(term);
      if (VAL_IS_NULL(acc = s)) return -1;
    }
    tout[0] = acc;
    return 0;
  }
  obj_raise(&exc_NotImplementedError, "Differentiation rule for '%s' not implemented",
            prim_table[c->id].name);
  return -1;
}

/* Compute primal outputs and tangents of one primitive application (parent is current). */
static int jvp_apply(PrimId id, const void *params, int nin, const Value *prim,
                     const Value *tan, Value *out, Value *tout) {
  const Prim *r = &prim_table[id];
  if (r->ad == RK_CUSTOM) {
    if (!r->jvp) {
      obj_raise(&exc_NotImplementedError, "Forward-mode differentiation rule for '%s' not "
                "implemented", prim_table[id].name);
      return -1;
    }
    return r->jvp(id, params, nin, prim, tan, out, tout);
  }
  if (r->ad == RK_NONE) {
    obj_raise(&exc_NotImplementedError, "Differentiation rule for '%s' not implemented",
              prim_table[id].name);
    return -1;
  }
  int n = tr_bind(id, nin, prim, params, out);
  if (n < 0) return -1;
  for (int k = 0; k < n; k++) tout[k] = val_null();
  if (r->ad == RK_ZERO) return n;
  AVal in_s[8], out_s[4];
  AVal *in_av = nin <= 8 ? in_s : malloc(sizeof(AVal) * (size_t)nin);
  int rc = n;
  if (!in_av || n > 4) { obj_raise(&exc_RuntimeError, "jvp: unsupported arity"); rc = -1; goto done; }
  int anyf = 0;
  for (int k = 0; k < n; k++) {
    if (lx_aval(out[k], &out_s[k]) < 0) { rc = -1; goto done; }
    anyf |= dt_is_float(out_s[k].dtype);
  }
  for (int i = 0; i < nin; i++)
    if (lx_aval(prim[i], &in_av[i]) < 0) { rc = -1; goto done; }
  if (!anyf) goto done;
  RuleCtx c = {id, params, nin, n, prim, in_av, out, out_s};
  if (generic_tangents(r, &c, tan, tout) < 0) rc = -1;
  else if (!VAL_IS_NULL(tout[0]) && !dt_is_float(out_s[0].dtype)) val_clear(&tout[0]);
done:
  if (rc < 0) { t_clear(out, n); t_clear(tout, n); }
  if (in_av != in_s) free(in_av);
  return rc;
}

static int jvp_process(Interp *self_, PrimId id, int nin, const Value *in, const void *params,
                       Value *out) {
  LxTrace *self = (LxTrace *)self_;
  Value prim_s[8], tan_s[8];
  Value *prim = nin <= 8 ? prim_s : calloc((size_t)nin * 2, sizeof(Value));
  if (!prim) { obj_raise_nomem(); return -1; }
  Value *tan = nin <= 8 ? tan_s : prim + nin;
  int any = 0, rc = -1;
  for (int i = 0; i < nin; i++) {
    Tracer *x = tr_own(self, in[i]);
    if (x) {
      prim[i] = x->a;
      tan[i] = x->b;
      any |= !VAL_IS_NULL(x->b);
    } else {
      if (tr_check_const(self, in[i]) < 0) goto done;
      prim[i] = in[i];
      tan[i] = val_null();
    }
  }
  if (any && prim_table[id].ad == RK_DECOMP) {
    rc = prim_table[id].decomp(id, params, nin, in, out);
    goto done;
  }
  Interp *prev = tr_enter(self->it.parent);
  if (!any) {
    rc = tr_bind(id, nin, prim, params, out);
    tr_leave(prev);
    goto done;
  }
  int nmax = prim_nout(id, nin, params);
  Value pout_s[8], tout_s[8];
  Value *pout = nmax <= 8 ? pout_s : calloc((size_t)nmax * 2 + 2, sizeof(Value));
  if (!pout) { tr_leave(prev); obj_raise_nomem(); goto done; }
  Value *tout = nmax <= 8 ? tout_s : pout + nmax;
  int n = jvp_apply(id, params, nin, prim, tan, pout, tout);
  tr_leave(prev);
  if (n >= 0) {
    rc = n;
    for (int k = 0; k < n; k++) {
      out[k] = jvp_wrap(self, pout[k], tout[k]);
      if (VAL_IS_NULL(out[k])) { t_clear(out, k); rc = -1; break; }
    }
    t_clear(pout, n);
    t_clear(tout, n);
  }
  if (pout != pout_s) free(pout);
done:
  if (prim != prim_s) free(prim);
  return rc;
}
