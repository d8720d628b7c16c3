/* ir.c - the staged program: graph construction, the control-flow primitives (cond, while,
 * scan, debug_callback: shape rules and eager kernels), the executor, the optimiser, printing. */
#include "ir.h"
#include "cgen/cgen.h"
#include "coll.h"

#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int (*ir_host_callback)(int id, int n, Array *const *vals);
int (*ir_poll)(void);
static int poll_interrupt(void);
int (*ir_host_call)(int id, int n, Array *const *vals, int nout, const AVal *out, Array **res);

/* {=== construction ===} */
IrGraph *ir_new(const char *name) {
  IrGraph *g = calloc(1, sizeof *g);
  if (!g) { arr_err(ERR_MEMORY, "out of memory"); return NULL; }
  g->rc = 1;
  snprintf(g->name, sizeof g->name, "%s", name ? name : "graph");
  return g;
}

static void *grow(void *p, int *cap, int need, size_t elem) {
  if (need <= *cap) return p;
  int nc = *cap ? *cap * 2 : 8;
  while (nc < need) nc *= 2;
  void *q = realloc(p, (size_t)nc * elem);
  if (!q) { arr_err(ERR_MEMORY, "out of memory"); return NULL; }
  *cap = nc;
  return q;
}

void ir_release(IrGraph *g) {
  if (!g || --g->rc > 0) return;
  for (int i = 0; i < g->neqn; i++) {
    IrEqn *e = &g->eqns[i];
    free(e->in);
    ir_params_free(e->prim, e->params);
  }
  for (int i = 0; i < g->nconst; i++) arr_release(g->consts[i]);
  free(g->eqns);
  free(g->consts);
  free(g->constvar);
  free(g->avals);
  free(g->in);
  free(g->out);
  free(g->last_use);
  cgen_free(g->cgen);
  free(g);
}

static int new_var(IrGraph *g, const AVal *av) {
  AVal *a = grow(g->avals, &g->capvars, g->nvars + 1, sizeof(AVal));
  if (!a) return -1;
  g->avals = a;
  a[g->nvars] = *av;
  free(g->last_use);
  g->last_use = NULL;
  return g->nvars++;
}

int ir_add_input(IrGraph *g, const AVal *av) {
  int *in = grow(g->in, &g->capin, g->nin + 1, sizeof(int));
  if (!in) return -1;
  g->in = in;
  int v = new_var(g, av);
  if (v < 0) return -1;
  g->in[g->nin++] = v;
  return v;
}

static int bind_const(IrGraph *g, int var, Array *a) {
  if (g->nconst + 1 > g->capconst) {
    int nc = g->capconst ? g->capconst * 2 : 8;
    int *cv = realloc(g->constvar, sizeof(int) * (size_t)nc);
    if (!cv) return arr_err(ERR_MEMORY, "out of memory");
    g->constvar = cv;
    Array **cs = realloc(g->consts, sizeof(Array *) * (size_t)nc);
    if (!cs) return arr_err(ERR_MEMORY, "out of memory");
    g->consts = cs;
    g->capconst = nc;
  }
  g->constvar[g->nconst] = var;
  g->consts[g->nconst++] = arr_retain(a);
  return var;
}

int ir_add_const(IrGraph *g, Array *a) {
  AVal av;
  arr_aval(a, &av);
  int v = new_var(g, &av);
  if (v < 0) return -1;
  return bind_const(g, v, a);
}

/* The constant bound to a variable, or NULL. */
static Array *ir_const_of(const IrGraph *g, int var) {
  for (int i = 0; i < g->nconst; i++)
    if (g->constvar[i] == var) return g->consts[i];
  return NULL;
}

int ir_add_eqn(IrGraph *g, PrimId prim, int nin, const int *in, const void *params, int nout,
               const AVal *out_av, int *out) {
  IrEqn *es = grow(g->eqns, &g->capeqn, g->neqn + 1, sizeof(IrEqn));
  if (!es) return -1;
  g->eqns = es;
  IrEqn e = {prim, nin, nout, NULL, NULL, NULL};
  e.in = malloc(sizeof(int) * (size_t)(nin + nout + 1));
  if (!e.in) return arr_err(ERR_MEMORY, "out of memory");
  e.out = e.in + nin;
  ir_memcpy(e.in, in, sizeof(int) * (size_t)nin);
  if (prim_table[prim].params_size) {
    e.params = ir_params_copy(prim, params);
    if (!e.params) { free(e.in); return -1; }
  }
  for (int k = 0; k < nout; k++) {
    int v = new_var(g, &out_av[k]);
    if (v < 0) { free(e.in); ir_params_free(prim, e.params); return -1; }
    e.out[k] = out[k] = v;
  }
  g->eqns[g->neqn++] = e;
  free(g->last_use);
  g->last_use = NULL;
  return 0;
}

int ir_set_outputs(IrGraph *g, int n, const int *vars) {
  int *o = malloc(sizeof(int) * (size_t)(n + 1));
  if (!o) return arr_err(ERR_MEMORY, "out of memory");
  ir_memcpy(o, vars, sizeof(int) * (size_t)n);
  free(g->out);
  g->out = o;
  g->nout = n;
  free(g->last_use);
  g->last_use = NULL;
  return 0;
}

/* {=== parameter blocks ===} */
/* The sub-graphs of the control-flow primitives' params (their entries' .graphs) */
int ir_graphs_cond(const void *params, IrGraph **out, int max) {
  const PCond *c = params;
  int n = 0;
  for (int i = 0; i < c->nbranches && n < max; i++) out[n++] = c->branches[i];
  return n;
}
static int two_graphs(IrGraph *a, IrGraph *b, IrGraph **out, int max) {
  int n = 0;
  if (n < max) out[n++] = a;
  if (n < max) out[n++] = b;
  return n;
}
int ir_graphs_while(const void *params, IrGraph **out, int max) {
  const PWhile *w = params;
  return two_graphs(w->cond, w->body, out, max);
}
int ir_graphs_scan(const void *params, IrGraph **out, int max) {
  if (max < 1) return 0;
  out[0] = ((const PScan *)params)->body;
  return 1;
}
int ir_graphs_custom_jvp(const void *params, IrGraph **out, int max) {
  const PCustomJvp *c = params;
  return two_graphs(c->fun, c->jvp, out, max);
}
int ir_graphs_custom_vjp(const void *params, IrGraph **out, int max) {
  const PCustomVjp *c = params;
  return two_graphs(c->fun, c->fwd, out, max);
}

int ir_param_graphs(PrimId prim, const void *params, IrGraph **out, int max) {
  const Prim *p = &prim_table[prim];
  return params && p->graphs ? p->graphs(params, out, max) : 0;
}

void *ir_params_copy(PrimId prim, const void *params) {
  size_t sz = prim_table[prim].params_size;
  if (!sz) return NULL;
  void *p = malloc(sz);
  if (!p) { arr_err(ERR_MEMORY, "out of memory"); return NULL; }
  ir_memcpy(p, params, sz);
  IrGraph *gs[PCOND_MAX];
  int n = ir_param_graphs(prim, p, gs, PCOND_MAX);
  for (int i = 0; i < n; i++) ir_retain(gs[i]);
  return p;
}

void ir_params_free(PrimId prim, void *params) {
  if (!params) return;
  IrGraph *gs[PCOND_MAX];
  int n = ir_param_graphs(prim, params, gs, PCOND_MAX);
  for (int i = 0; i < n; i++) ir_release(gs[i]);
  free(params);
}

/* {=== control flow: shape rules ===} */
static int same_type(const AVal *a, const AVal *b) {
  if (a->dtype != b->dtype || a->ndim != b->ndim) return 0;
  for (int i = 0; i < a->ndim; i++) if (a->shape[i] != b->shape[i]) return 0;
  return 1;
}

static int type_err(const char *prim, const char *what, const AVal *want, const AVal *got) {
  char a[200], b[200];
  ir_aval_str(want, a, sizeof a);
  ir_aval_str(got, b, sizeof b);
  return arr_err(ERR_TYPE, "%s: %s must have type %s, got %s", prim, what, a, b);
}

int ir_rule_cond(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PCond *c = params;
  if (c->nbranches < 1 || c->nbranches > PCOND_MAX) return arr_err(ERR_VALUE, "cond: bad branch count");
  if (in[0].ndim != 0 || !(dt_is_int(in[0].dtype) || in[0].dtype == DT_BOOL))
    return arr_err(ERR_TYPE, "cond: the index must be an integer or boolean scalar");
  for (int b = 0; b < c->nbranches; b++) {
    const IrGraph *g = c->branches[b];
    if (g->nin != nin - 1 || g->nout != c->branches[0]->nout)
      return arr_err(ERR_TYPE, "cond: branch %d takes %d operands and returns %d values; "
                               "expected %d and %d", b, g->nin, g->nout, nin - 1,
                     c->branches[0]->nout);
    for (int i = 0; i < g->nin; i++)
      if (!same_type(&g->avals[g->in[i]], &in[i + 1]))
        return type_err("cond", "operand", &g->avals[g->in[i]], &in[i + 1]);
    for (int i = 0; i < g->nout; i++)
      if (!same_type(&g->avals[g->out[i]], &c->branches[0]->avals[c->branches[0]->out[i]]))
        return type_err("cond", "every branch's output", &c->branches[0]->avals[c->branches[0]->out[i]],
                        &g->avals[g->out[i]]);
  }
  const IrGraph *g0 = c->branches[0];
  for (int i = 0; i < g0->nout; i++) {
    out[i] = g0->avals[g0->out[i]];
    for (int b = 1; b < c->nbranches; b++)
      if (!c->branches[b]->avals[c->branches[b]->out[i]].weak) out[i].weak = 0;
  }
  return g0->nout;
}

int ir_rule_while(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PWhile *w = params;
  const IrGraph *cg = w->cond, *bg = w->body;
  int ncarry = bg->nout;
  if (w->cond_nconsts < 0 || w->body_nconsts < 0 ||
      nin != w->cond_nconsts + w->body_nconsts + ncarry || cg->nin != w->cond_nconsts + ncarry ||
      bg->nin != w->body_nconsts + ncarry || cg->nout != 1)
    return arr_err(ERR_TYPE, "while: inconsistent operand counts");
  const AVal *cv = &cg->avals[cg->out[0]];
  if (cv->dtype != DT_BOOL || cv->ndim != 0)
    return arr_err(ERR_TYPE, "while_loop: cond_fun must return a boolean scalar, but got output "
                             "type(s) [%s%s]", arr_dtypes[cv->dtype].name, cv->ndim ? "[...]" : "[]");
  const AVal *carry = in + w->cond_nconsts + w->body_nconsts;
  for (int i = 0; i < w->cond_nconsts; i++)
    if (!same_type(&cg->avals[cg->in[i]], &in[i])) return type_err("while", "cond const", &cg->avals[cg->in[i]], &in[i]);
  for (int i = 0; i < w->body_nconsts; i++)
    if (!same_type(&bg->avals[bg->in[i]], &in[w->cond_nconsts + i]))
      return type_err("while", "body const", &bg->avals[bg->in[i]], &in[w->cond_nconsts + i]);
  for (int i = 0; i < ncarry; i++) {
    if (!same_type(&cg->avals[cg->in[w->cond_nconsts + i]], &carry[i]) ||
        !same_type(&bg->avals[bg->in[w->body_nconsts + i]], &carry[i]))
      return type_err("while_loop", "the carry (init_val)", &bg->avals[bg->in[w->body_nconsts + i]], &carry[i]);
    if (!same_type(&bg->avals[bg->out[i]], &carry[i]))
      return type_err("while_loop", "body_fun output (it must match init_val)", &carry[i],
                      &bg->avals[bg->out[i]]);
    out[i] = carry[i];
    if (!bg->avals[bg->out[i]].weak) out[i].weak = 0;
  }
  return ncarry;
}

int ir_rule_scan(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PScan *s = params;
  const IrGraph *b = s->body;
  if (s->length < 0 || s->nconsts < 0 || s->ncarry < 0 || b->nin != nin ||
      s->nconsts + s->ncarry > nin || b->nout < s->ncarry)
    return arr_err(ERR_TYPE, "scan: inconsistent operand counts");
  for (int i = 0; i < s->nconsts + s->ncarry; i++)
    if (!same_type(&b->avals[b->in[i]], &in[i])) return type_err("scan", "operand", &b->avals[b->in[i]], &in[i]);
  for (int i = s->nconsts + s->ncarry; i < nin; i++) {
    const AVal *x = &in[i], *bx = &b->avals[b->in[i]];
    int ok = x->ndim == bx->ndim + 1 && x->dtype == bx->dtype && x->shape[0] == s->length;
    for (int k = 0; ok && k < bx->ndim; k++) ok = x->shape[k + 1] == bx->shape[k];
    if (!ok) {
      char a[200];
      ir_aval_str(x, a, sizeof a);
      return arr_err(ERR_VALUE, "scan got value with leading axis size %lld (type %s) where the "
                                "length is %lld", (long long)(x->ndim ? x->shape[0] : -1), a,
                     (long long)s->length);
    }
  }
  for (int i = 0; i < s->ncarry; i++) {
    const AVal *c = &in[s->nconsts + i], *o = &b->avals[b->out[i]];
    if (!same_type(c, o))
      return type_err("scan", "body_fun output carry (it must match the input carry)", c, o);
    out[i] = *c;
    if (!o->weak) out[i].weak = 0;
  }
  for (int i = s->ncarry; i < b->nout; i++) {
    const AVal *y = &b->avals[b->out[i]];
    if (y->ndim + 1 > ARR_MAXDIM) return arr_err(ERR_VALUE, "scan: output rank too large");
    out[i] = *y;
    out[i].ndim = y->ndim + 1;
    out[i].shape[0] = s->length;
    ir_memcpy(out[i].shape + 1, y->shape, sizeof(int64_t) * y->ndim);
  }
  return b->nout;
}

int ir_rule_callback(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  return 0;
}

/* custom_jvp_call / custom_vjp_call: the results of fun; the rule graphs are the language's */
static const IrGraph *custom_fun(const Prim *p, const void *params) {
  IrGraph *g[2];
  return p->graphs(params, g, 2) > 0 ? g[0] : NULL;   /* fun comes first */
}
int ir_rule_custom(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const IrGraph *g = custom_fun(p, params);
  if (!g || g->nin != nin) return arr_err(ERR_TYPE, "%s: inconsistent operand counts", p->name);
  for (int i = 0; i < nin; i++)
    if (!same_type(&g->avals[g->in[i]], &in[i])) return type_err(p->name, "operand", &g->avals[g->in[i]], &in[i]);
  for (int k = 0; k < g->nout; k++) out[k] = g->avals[g->out[k]];
  return g->nout;
}

int ir_rule_host_call(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PHostCall *h = params;
  if (h->nout < 0 || h->nout > PHOST_MAX_OUT) return arr_err(ERR_VALUE, "pure_callback: bad output count");
  for (int k = 0; k < h->nout; k++) out[k] = h->out[k];
  return h->nout;
}

int ir_nout_cond(const void *params) { return ((const PCond *)params)->branches[0]->nout; }
int ir_nout_while(const void *params) { return ((const PWhile *)params)->body->nout; }
int ir_nout_scan(const void *params) { return ((const PScan *)params)->body->nout; }
int ir_nout_host_call(const void *params) { return ((const PHostCall *)params)->nout; }
int ir_nout_custom_jvp(const void *params) { return ((const PCustomJvp *)params)->fun->nout; }
int ir_nout_custom_vjp(const void *params) { return ((const PCustomVjp *)params)->fun->nout; }

int prim_nout(PrimId id, int nin, const void *params) {
  const Prim *p = &prim_table[id];
  if (p->nout >= 0) return p->nout;
  if (p->nout == -1) return nin;
  return params && p->nout_of ? p->nout_of(params) : 0;
}

/* {=== control flow: kernels ===} */
static int64_t index_value(Array *a) {
  return a->dtype == DT_BOOL ? (arr_get_i(a, 0) != 0) : arr_get_i(a, 0);
}

int ir_k_cond(const Prim *p, Array *const *in, int nin, const void *params,
                  const AVal *out_av, Array **out) {
  const PCond *c = params;
  int64_t i = index_value(in[0]);
  if (i < 0) i = 0;
  if (i >= c->nbranches) i = c->nbranches - 1;
  return ir_run(c->branches[i], in + 1, out);
}

int ir_k_custom(const Prim *p, Array *const *in, int nin, const void *params,
                    const AVal *out_av, Array **out) {
  return ir_run((IrGraph *)custom_fun(p, params), in, out);
}

static void release_all(Array **a, int n) {
  for (int i = 0; i < n; i++) { arr_release(a[i]); a[i] = NULL; }
}

int ir_k_while(const Prim *p, Array *const *in, int nin, const void *params,
                   const AVal *out_av, Array **out) {
  const PWhile *w = params;
  int nc = w->body->nout, cn = w->cond_nconsts, bn = w->body_nconsts;
  Array **cargs = calloc((size_t)(cn + nc) + (size_t)(bn + nc) + (size_t)nc + 1, sizeof(Array *));
  if (!cargs) return arr_err(ERR_MEMORY, "out of memory");
  Array **bargs = cargs + cn + nc, **next = bargs + bn + nc;
  Array *carry_s[8], **carry = nc <= 8 ? carry_s : calloc((size_t)nc, sizeof(Array *));
  if (!carry) { free(cargs); return arr_err(ERR_MEMORY, "out of memory"); }
  for (int i = 0; i < nc; i++) carry[i] = arr_retain(in[cn + bn + i]);
  ir_memcpy(cargs, in, sizeof(Array *) * (size_t)cn);
  ir_memcpy(bargs, in + cn, sizeof(Array *) * (size_t)bn);
  int rc = 0;
  for (;;) {
    if (poll_interrupt() < 0) { rc = -1; break; }
    ir_memcpy(cargs + cn, carry, sizeof(Array *) * (size_t)nc);
    Array *pred = NULL;
    if (ir_run(w->cond, cargs, &pred) < 0) { rc = -1; break; }
    int go = arr_get_i(pred, 0) != 0;
    arr_release(pred);
    if (!go) break;
    ir_memcpy(bargs + bn, carry, sizeof(Array *) * (size_t)nc);
    if (ir_run(w->body, bargs, next) < 0) { rc = -1; break; }
    release_all(carry, nc);
    ir_memcpy(carry, next, sizeof(Array *) * (size_t)nc);
  }
  if (rc == 0) ir_memcpy(out, carry, sizeof(Array *) * (size_t)nc);
  else release_all(carry, nc);
  if (carry != carry_s) free(carry);
  free(cargs);
  return rc;
}

int ir_k_scan(const Prim *p, Array *const *in, int nin, const void *params,
                  const AVal *out_av, Array **out) {
  const PScan *s = params;
  const IrGraph *b = s->body;
  int nk = s->nconsts, nc = s->ncarry, nx = nin - nk - nc, ny = b->nout - nc;
  Array **args = calloc((size_t)nin + (size_t)b->nout + (size_t)nc + 1, sizeof(Array *));
  if (!args) return arr_err(ERR_MEMORY, "out of memory");
  Array **res = args + nin, **carry = res + b->nout;
  int rc = 0;
  for (int i = 0; i < ny; i++) out[nc + i] = NULL;
  for (int i = 0; i < ny && rc == 0; i++) {
    out[nc + i] = arr_new_like(&out_av[nc + i]);
    if (!out[nc + i]) rc = -1;
  }
  for (int i = 0; i < nc; i++) carry[i] = arr_retain(in[nk + i]);
  ir_memcpy(args, in, sizeof(Array *) * (size_t)nk);
  for (int64_t t = 0; t < s->length && rc == 0; t++) {
    int64_t it = s->reverse ? s->length - 1 - t : t;
    if (poll_interrupt() < 0) { rc = -1; break; }
    ir_memcpy(args + nk, carry, sizeof(Array *) * (size_t)nc);
    for (int i = 0; i < nx; i++) {
      args[nk + nc + i] = arr_view_index(in[nk + nc + i], 0, it);
      if (!args[nk + nc + i]) { rc = -1; break; }
    }
    if (rc == 0 && ir_run((IrGraph *)b, args, res) == 0) {
      release_all(carry, nc);
      ir_memcpy(carry, res, sizeof(Array *) * (size_t)nc);
      for (int i = 0; i < ny && rc == 0; i++) {
        Array *dst = arr_view_index(out[nc + i], 0, it);
        if (!dst || arr_assign(dst, res[nc + i]) < 0) rc = -1;
        arr_release(dst);
      }
      release_all(res + nc, ny);
    } else {
      rc = -1;
    }
    for (int i = 0; i < nx; i++) { arr_release(args[nk + nc + i]); args[nk + nc + i] = NULL; }
  }
  if (rc == 0) {
    ir_memcpy(out, carry, sizeof(Array *) * (size_t)nc);
    for (int i = 0; i < ny; i++)
      if (out_av[nc + i].weak) out[nc + i]->flags |= ARR_WEAK;
  } else {
    release_all(carry, nc);
    release_all(out + nc, ny);
  }
  free(args);
  return rc;
}

int ir_k_host_call(const Prim *p, Array *const *in, int nin, const void *params,
                       const AVal *out_av, Array **out) {
  const PHostCall *h = params;
  if (!ir_host_call) return arr_err(ERR_NOTIMPL, "pure_callback: no host");
  return ir_host_call(h->id, nin, in, h->nout, h->out, out);
}

int ir_k_callback(const Prim *p, Array *const *in, int nin, const void *params,
                      const AVal *out_av, Array **out) {
  if (!ir_host_callback) return 0;
  return ir_host_callback(((const PCallback *)params)->id, nin, in);
}

int ir_rule_same_av(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  out[0] = in[0];
  return 1;
}
int ir_k_identity(const Prim *p, Array *const *in, int nin, const void *params,
                      const AVal *out_av, Array **out) {
  out[0] = arr_retain(in[0]);
  return 0;
}

/* {=== execution ===} */
int ir_bind(PrimId id, Array *const *in, int nin, const void *params, Array **out) {
  arr_init();
  if (prim_table[id].kind != PK_CONTROL) return prim_bind(id, in, nin, params, out);
  /* control flow: as many outputs as the sub-graph has (prim_bind sizes for at most 3) */
  const Prim *p = &prim_table[id];
  int nmax = prim_nout(id, nin, params);
  AVal *ain = malloc(sizeof(AVal) * (size_t)(nin + 1)), *aout = malloc(sizeof(AVal) * (size_t)(nmax + 1));
  int rc = -1;
  if (!ain || !aout) { arr_err(ERR_MEMORY, "out of memory"); goto done; }
  for (int i = 0; i < nin; i++) {
    if (!in[i]) { arr_err(ERR_INTERNAL, "NULL operand"); goto done; }
    arr_aval(in[i], &ain[i]);
  }
  int n = p->rule(p, ain, nin, params, aout);
  if (n < 0) goto done;
  if (arr_interrupted()) { arr_err(ERR_INTERRUPTED, "interrupted"); goto done; }
  if (p->cpu(p, in, nin, params, aout, out) < 0 || prim_drop_if_interrupted(out, n) < 0) goto done;
  rc = n;
done:
  free(ain);
  free(aout);
  return rc;
}

/* The execution plan is made on first run. pmap's device workers (engine/coll.c) may run one
 * graph (or a sub-graph of its control flow) at once: the plan is built under a lock and
 * published last, through last_use. */
static pthread_mutex_t plan_mu = PTHREAD_MUTEX_INITIALIZER;
static int plan(IrGraph *g) {
  pthread_mutex_lock(&plan_mu);
  if (__atomic_load_n(&g->last_use, __ATOMIC_ACQUIRE)) { pthread_mutex_unlock(&plan_mu); return 0; }
  int *lu = malloc(sizeof(int) * (size_t)(g->nvars + 1));
  if (!lu) { pthread_mutex_unlock(&plan_mu); return arr_err(ERR_MEMORY, "out of memory"); }
  for (int v = 0; v < g->nvars; v++) lu[v] = -1;
  for (int i = 0; i < g->neqn; i++)
    for (int k = 0; k < g->eqns[i].nin; k++) lu[g->eqns[i].in[k]] = i;
  for (int k = 0; k < g->nout; k++) lu[g->out[k]] = INT_MAX;
  cgen_free(g->cgen);
  g->cgen = cgen_plan(g);   /* NULL: every equation on its eager kernel */
  if (!g->cgen && arr_interrupted()) {
    /* the compiler was stopped: plan again next run rather than stay eager for good */
    free(lu);
    g->last_use = NULL;
    return arr_err(ERR_INTERRUPTED, "interrupted");
  }
  cgen_extend_lifetimes(g->cgen, lu);
  __atomic_store_n(&g->last_use, lu, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&plan_mu);
  return 0;
}

int ir_prepare(IrGraph *g) {
  return __atomic_load_n(&g->last_use, __ATOMIC_ACQUIRE) ? 0 : plan(g);
}

/* Interrupts: the language's poll raises on its own thread only; a device worker reads the
 * flag and leaves the raising to the thread that waits for it. */
static int poll_interrupt(void) {
  if (coll_device_index() >= 0)
    return arr_interrupted() ? arr_err(ERR_INTERRUPTED, "KeyboardInterrupt") : 0;
  return ir_poll ? ir_poll() : 0;
}

/* One equation on the eager kernels: its inputs from env, its outputs into env (owned), its
 * inputs released after their last use. ir_run's step, and cgen's while a group waits for its
 * compiled code (cgen_plan.c). 0 / -1. */
int ir_run_eqn(const IrGraph *g, int i, Array **env, uint8_t *own) {
  const IrEqn *e = &g->eqns[i];
  int rc = 0;
  Array *ins_s[8], *outs_s[8];
  Array **ins = e->nin <= 8 ? ins_s : malloc(sizeof(Array *) * (size_t)e->nin);
  Array **outs = e->nout <= 8 ? outs_s : calloc((size_t)e->nout, sizeof(Array *));
  if (!ins || !outs) {
    rc = arr_err(ERR_MEMORY, "out of memory");
  } else {
    for (int k = 0; k < e->nin; k++) ins[k] = env[e->in[k]];
    /* the shape rules ran when the graph was traced: straight to the kernel */
    const Prim *p = &prim_table[e->prim];
    AVal oav_s[8], *oav = e->nout <= 8 ? oav_s : malloc(sizeof(AVal) * (size_t)e->nout);
    int n = -1;
    if (!oav) arr_err(ERR_MEMORY, "out of memory");
    else if (!p->cpu) arr_err(ERR_NOTIMPL, "%s has no CPU kernel", p->name);
    else {
      for (int k = 0; k < e->nout; k++) oav[k] = g->avals[e->out[k]];
      n = prim_run_cpu(p, ins, e->nin, e->params, oav, e->nout, outs) < 0 ? -1 : e->nout;
    }
    if (oav != oav_s) free(oav);
    if (n < 0) {
      rc = -1;
    } else {
      for (int k = 0; k < e->nout; k++) {
        int v = e->out[k];
        if (k >= n) { rc = arr_err(ERR_INTERNAL, "%s returned too few outputs", prim_table[e->prim].name); break; }
        if (g->last_use[v] < 0) { arr_release(outs[k]); continue; }
        env[v] = outs[k];
        own[v] = 1;
      }
      for (int k = 0; k < e->nin; k++) {
        int v = e->in[k];
        if (own[v] && g->last_use[v] == i) { arr_release(env[v]); env[v] = NULL; own[v] = 0; }
      }
    }
  }
  if (ins != ins_s) free(ins);
  if (outs != outs_s) free(outs);
  return rc;
}

int ir_run(IrGraph *g, Array *const *in, Array **out) {
  if (ir_prepare(g) < 0) return -1;
  Array *env_s[64], **env = env_s;
  uint8_t own_s[64], *own = own_s;
  if (g->nvars > 64) {
    env = calloc((size_t)g->nvars, sizeof(Array *) + 1);
    if (!env) return arr_err(ERR_MEMORY, "out of memory");
    own = (uint8_t *)(env + g->nvars);
  } else {
    memset(env_s, 0, sizeof(Array *) * (size_t)g->nvars);
    memset(own_s, 0, (size_t)g->nvars);
  }
  for (int i = 0; i < g->nin; i++) env[g->in[i]] = in[i];
  for (int i = 0; i < g->nconst; i++) env[g->constvar[i]] = g->consts[i];
  int rc = 0;
  for (int i = 0; i < g->neqn && rc == 0; i++) {
    if (g->cgen) {
      int r = cgen_step(g->cgen, g, i, env, own);
      if (r < 0) { rc = -1; break; }
      if (r > 0) continue;
    }
    rc = ir_run_eqn(g, i, env, own);
  }
  if (rc == 0)
    for (int k = 0; k < g->nout; k++) {
      out[k] = arr_retain(env[g->out[k]]);
      if (!out[k]) rc = arr_err(ERR_INTERNAL, "graph output %d undefined", k);
    }
  if (rc < 0 && out)
    for (int k = 0; k < g->nout; k++) out[k] = NULL;
  for (int v = 0; v < g->nvars; v++) if (own[v]) arr_release(env[v]);
  if (env != env_s) free(env);
  return rc;
}

/* {=== analysis ===} */
static void deps_rec(const IrGraph *g, const uint8_t *in_mask, uint8_t *out_mask, int depth);

/* Which outputs of one equation depend on its inputs flagged in `in`. Control flow is looked
 * into (so that a primal output of a JVP'd cond or scan does not count as depending on the
 * tangents); every other primitive mixes all its inputs into all its outputs. */
static void eqn_deps(const IrEqn *e, const uint8_t *in, uint8_t *out, int depth) {
  int any = 0;
  for (int k = 0; k < e->nin; k++) any |= in[k];
  for (int k = 0; k < e->nout; k++) out[k] = (uint8_t)any;
  const Prim *p = &prim_table[e->prim];
  if (!any || depth > 32 || !e->params || !p->deps) return;
  p->deps(e->params, e->nin, in, e->nout, out, depth);
}

/* The data flow of the control-flow primitives (their entries' .deps): out[] starts as "every
 * output depends on the flagged inputs" and is narrowed by looking into the sub-graphs. */
void ir_deps_cond(const void *params, int nin, const uint8_t *in, int nout, uint8_t *out, int depth) {
  if (in[0]) return;
  const PCond *c = params;
  uint8_t *tmp = calloc((size_t)nout + 1, 1);
  if (!tmp) return;
  for (int k = 0; k < nout; k++) out[k] = 0;
  for (int b = 0; b < c->nbranches; b++) {
    deps_rec(c->branches[b], in + 1, tmp, depth + 1);
    for (int k = 0; k < nout; k++) out[k] |= tmp[k];
  }
  free(tmp);
}

void ir_deps_scan(const void *params, int nin, const uint8_t *in, int nout, uint8_t *out, int depth) {
  const PScan *p = params;
  uint8_t *tmp = calloc((size_t)nout + (size_t)nin + 2, 1);
  if (!tmp) return;
  uint8_t *mask = tmp + nout;
  ir_memcpy(mask, in, (size_t)nin);
  for (int it = 0; it < p->ncarry + 2; it++) {
    deps_rec(p->body, mask, tmp, depth + 1);
    int changed = 0;
    for (int j = 0; j < p->ncarry; j++)
      if (tmp[j] && !mask[p->nconsts + j]) { mask[p->nconsts + j] = 1; changed = 1; }
    if (!changed) break;
  }
  for (int j = 0; j < p->ncarry; j++) out[j] = tmp[j] | mask[p->nconsts + j];
  for (int k = p->ncarry; k < nout; k++) out[k] = tmp[k];
  free(tmp);
}

void ir_deps_while(const void *params, int nin, const uint8_t *in, int nout, uint8_t *out, int depth) {
  const PWhile *w = params;
  int cn = w->cond_nconsts, bn = w->body_nconsts, nc = w->body->nout;
  if (cn < 0 || bn < 0 || nc < 0) return;
  uint8_t *mask = calloc((size_t)(bn + nc) + 1, 1);   /* body inputs: bconsts, carry */
  uint8_t *bo = calloc((size_t)nc + 1, 1), *cm = calloc((size_t)(cn + nc) + 1, 1);
  if (mask && bo && cm) {
    ir_memcpy(mask, in + cn, (size_t)(bn + nc));
    for (int it = 0; it < nc + 2; it++) {
      deps_rec(w->body, mask, bo, depth + 1);
      int changed = 0;
      for (int j = 0; j < nc; j++)
        if (bo[j] && !mask[bn + j]) { mask[bn + j] = 1; changed = 1; }
      if (!changed) break;
    }
    ir_memcpy(cm, in, (size_t)cn);
    ir_memcpy(cm + cn, mask + bn, (size_t)nc);
    uint8_t pred = 0;
    deps_rec(w->cond, cm, &pred, depth + 1);
    for (int j = 0; j < nc; j++) out[j] = pred | mask[bn + j];
  }
  free(mask);
  free(bo);
  free(cm);
}

static void deps_rec(const IrGraph *g, const uint8_t *in_mask, uint8_t *out_mask, int depth) {
  uint8_t *d = calloc((size_t)g->nvars + 1, 1);
  if (!d) { for (int k = 0; k < g->nout; k++) out_mask[k] = 1; return; }
  for (int i = 0; i < g->nin; i++) d[g->in[i]] = in_mask[i] ? 1 : 0;
  uint8_t in_s[16], out_s[16];
  for (int i = 0; i < g->neqn; i++) {
    const IrEqn *e = &g->eqns[i];
    uint8_t *in = e->nin <= 16 ? in_s : calloc((size_t)e->nin, 1);
    uint8_t *out = e->nout <= 16 ? out_s : calloc((size_t)e->nout, 1);
    if (!in || !out) {
      for (int k = 0; k < e->nout; k++) d[e->out[k]] = 1;
    } else {
      for (int k = 0; k < e->nin; k++) in[k] = d[e->in[k]];
      eqn_deps(e, in, out, depth);
      for (int k = 0; k < e->nout; k++) d[e->out[k]] = out[k];
    }
    if (in != in_s) free(in);
    if (out != out_s) free(out);
  }
  for (int k = 0; k < g->nout; k++) out_mask[k] = d[g->out[k]];
  free(d);
}

void ir_deps(const IrGraph *g, const uint8_t *in_mask, uint8_t *out_mask) {
  deps_rec(g, in_mask, out_mask, 0);
}

static int has_effects(const IrGraph *g, int depth);
static int eqn_effectful(const IrEqn *e, int depth) {
  if (prim_table[e->prim].effect) return 1;
  IrGraph *gs[PCOND_MAX];
  int n = ir_param_graphs(e->prim, e->params, gs, PCOND_MAX);
  for (int i = 0; i < n; i++) if (has_effects(gs[i], depth + 1)) return 1;
  return 0;
}
static int has_effects(const IrGraph *g, int depth) {
  if (depth > 64) return 1;
  for (int i = 0; i < g->neqn; i++) if (eqn_effectful(&g->eqns[i], depth)) return 1;
  return 0;
}

/* {=== optimisation ===} */
#define FOLD_MAX 64     /* fold equations on constants whose outputs are this small */

static int is_identity(const IrGraph *g, const IrEqn *e) {
  if (e->nin < 1 || e->nout != 1) return 0;
  const AVal *a = &g->avals[e->in[0]], *o = &g->avals[e->out[0]];
  if (!same_type(a, o) || a->weak != o->weak) return 0;
  const Prim *p = &prim_table[e->prim];
  return p->noop && p->noop(e->params);
}

static uint64_t eqn_hash(const IrEqn *e) {
  uint64_t h = 1469598103934665603ull ^ (uint64_t)e->prim;
  for (int k = 0; k < e->nin; k++) h = (h ^ (uint64_t)e->in[k]) * 1099511628211ull;
  size_t sz = prim_table[e->prim].params_size;
  const unsigned char *p = e->params;
  for (size_t i = 0; i < sz && p; i++) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

static int eqn_same(const IrEqn *a, const IrEqn *b) {
  if (a->prim != b->prim || a->nin != b->nin || a->nout != b->nout) return 0;
  if (ir_memcmp(a->in, b->in, sizeof(int) * (size_t)a->nin)) return 0;
  size_t sz = prim_table[a->prim].params_size;
  return !sz || !ir_memcmp(a->params, b->params, sz);
}

int ir_optimize(IrGraph *g) {
  int nv = g->nvars;
  int *sub = malloc(sizeof(int) * (size_t)(nv + 1));
  uint8_t *isconst = calloc((size_t)nv + 1, 1);
  uint8_t *live = calloc((size_t)nv + 1, 1);
  int hcap = 16;
  while (hcap < 2 * g->neqn + 2) hcap *= 2;
  int *htab = malloc(sizeof(int) * (size_t)hcap);
  uint8_t *keep = calloc((size_t)g->neqn + 1, 1);
  if (!sub || !isconst || !live || !htab || !keep) {
    free(sub); free(isconst); free(live); free(htab); free(keep);
    return arr_err(ERR_MEMORY, "out of memory");
  }
  for (int v = 0; v < nv; v++) sub[v] = v;
  for (int i = 0; i < g->nconst; i++) isconst[g->constvar[i]] = 1;
  /* equal scalar literals are one variable (so that CSE sees `mul a 2.0` twice as equal) */
  for (int i = 0; i < g->nconst; i++) {
    Array *a = g->consts[i];
    if (a->ndim != 0) continue;
    for (int j = 0; j < i; j++) {
      Array *b = g->consts[j];
      if (b->ndim != 0 || b->dtype != a->dtype || (b->flags & ARR_WEAK) != (a->flags & ARR_WEAK) ||
          sub[g->constvar[j]] != g->constvar[j])
        continue;
      if (!ir_memcmp(arr_data(a), arr_data(b), (size_t)dt_size(a->dtype))) {
        sub[g->constvar[i]] = g->constvar[j];
        break;
      }
    }
  }
  for (int i = 0; i < hcap; i++) htab[i] = -1;
  int rc = 0;
  /* forward pass: substitute, fold, forward identities, CSE */
  int stop = 0;   /* interrupted: the rest only gets its substitutions, so the graph stays valid */
  for (int i = 0; i < g->neqn && rc == 0; i++) {
    IrEqn *e = &g->eqns[i];
    keep[i] = 1;
    for (int k = 0; k < e->nin; k++) e->in[k] = sub[e->in[k]];
    if (!stop && !(i & 0xFFF) && arr_interrupted()) stop = 1;
    if (stop) continue;
    int effect = eqn_effectful(e, 0);
    if (effect) continue;
    int allc = 1;
    int64_t osz = 0;
    for (int k = 0; k < e->nin; k++) allc &= isconst[e->in[k]];
    for (int k = 0; k < e->nout; k++) {
      const AVal *o = &g->avals[e->out[k]];
      int64_t s = 1;
      for (int d = 0; d < o->ndim; d++) s *= o->shape[d];
      osz += s;
    }
    if (allc && osz <= FOLD_MAX && prim_table[e->prim].kind != PK_CONTROL && e->nout <= 4) {
      Array *ins[8], *outs[4] = {0};
      if (e->nin <= 8) {
        for (int k = 0; k < e->nin; k++) ins[k] = ir_const_of(g, e->in[k]);
        int n = ir_bind(e->prim, ins, e->nin, e->params, outs);
        if (n == e->nout) {
          for (int k = 0; k < n; k++) {
            Array *c = outs[k];
            if (g->avals[e->out[k]].weak) c->flags |= ARR_WEAK; else c->flags &= ~ARR_WEAK;
            if (bind_const(g, e->out[k], c) < 0) rc = -1;
            isconst[e->out[k]] = 1;
            arr_release(c);
          }
          keep[i] = 0;
          continue;
        }
        for (int k = 0; k < 4; k++) arr_release(outs[k]);
        arr_err_clear();   /* leave it to run time to report */
      }
    }
    if (is_identity(g, e)) {
      sub[e->out[0]] = e->in[0];
      keep[i] = 0;
      continue;
    }
    uint64_t h = eqn_hash(e);
    int slot = (int)(h & (uint64_t)(hcap - 1));
    int found = -1;
    while (htab[slot] >= 0) {
      if (eqn_same(&g->eqns[htab[slot]], e)) { found = htab[slot]; break; }
      slot = (slot + 1) & (hcap - 1);
    }
    if (found >= 0) {
      for (int k = 0; k < e->nout; k++) sub[e->out[k]] = g->eqns[found].out[k];
      keep[i] = 0;
    } else {
      htab[slot] = i;
    }
  }
  for (int k = 0; k < g->nout; k++) g->out[k] = sub[g->out[k]];
  /* backward pass: dead code */
  for (int k = 0; k < g->nout; k++) live[g->out[k]] = 1;
  for (int i = g->neqn - 1; i >= 0; i--) {
    IrEqn *e = &g->eqns[i];
    if (!keep[i]) continue;
    int used = eqn_effectful(e, 0);
    for (int k = 0; k < e->nout && !used; k++) used = live[e->out[k]];
    if (!used) { keep[i] = 0; continue; }
    for (int k = 0; k < e->nin; k++) live[e->in[k]] = 1;
  }
  int n = 0;
  for (int i = 0; i < g->neqn; i++) {
    if (keep[i]) { g->eqns[n++] = g->eqns[i]; continue; }
    free(g->eqns[i].in);
    ir_params_free(g->eqns[i].prim, g->eqns[i].params);
  }
  g->neqn = n;
  int nc = 0;
  for (int i = 0; i < g->nconst; i++) {
    if (live[g->constvar[i]]) {
      g->constvar[nc] = g->constvar[i];
      g->consts[nc++] = g->consts[i];
    } else {
      arr_release(g->consts[i]);
    }
  }
  g->nconst = nc;
  free(g->last_use);
  g->last_use = NULL;
  free(sub); free(isconst); free(live); free(htab); free(keep);
  if (rc == 0 && stop) rc = arr_err(ERR_INTERRUPTED, "interrupted");
  return rc;
}

/* {=== printing ===} */
struct IrPrinter {
  char *s;
  size_t n, cap;
  int err;
  int indent;     /* of the equation whose params are being printed */
  int counter;    /* the next variable name: sub-graphs continue the naming */
};

void ir_put(IrPrinter *pr, const char *fmt, ...) {
  if (pr->err) return;
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(pr->s ? pr->s + pr->n : NULL, pr->s ? pr->cap - pr->n : 0, fmt, ap);
    va_end(ap);
    if (k < 0) { pr->err = 1; return; }
    if (pr->s && pr->n + (size_t)k < pr->cap) { pr->n += (size_t)k; return; }
    size_t nc = pr->cap ? pr->cap * 2 : 1024;
    while (nc < pr->n + (size_t)k + 1) nc *= 2;
    char *s = realloc(pr->s, nc);
    if (!s) { pr->err = 1; return; }
    pr->s = s;
    pr->cap = nc;
  }
}

static const char *short_dtype(DType d) {
  static const char *n[DT_COUNT] = {"bool", "u8", "u32", "i32", "i64", "f32", "f64", "f16", "bf16"};
  return (unsigned)d < DT_COUNT ? n[d] : "?";
}

void ir_aval_str(const AVal *av, char *buf, size_t n) {
  size_t k = (size_t)snprintf(buf, n, "%s[", short_dtype(av->dtype));
  for (int i = 0; i < av->ndim && k < n; i++)
    k += (size_t)snprintf(buf + k, n - k, i ? ",%lld" : "%lld", (long long)av->shape[i]);
  if (k < n) snprintf(buf + k, n - k, "]");
}

/* Variable names as JAX prints them: a..z, ba..bz, ... */
typedef struct Names { int *id; int n; int next; } Names;

static void var_name(int k, char *buf) {
  char tmp[16];
  int n = 0;
  do { tmp[n++] = (char)('a' + k % 26); k /= 26; } while (k > 0);
  for (int i = 0; i < n; i++) buf[i] = tmp[n - 1 - i];
  buf[n] = 0;
}

static void shortest_float(double v, int is32, char *buf, size_t n) {
  if (isnan(v)) { snprintf(buf, n, "nan"); return; }
  if (isinf(v)) { snprintf(buf, n, v > 0 ? "inf" : "-inf"); return; }
  for (int p = 1; p <= 17; p++) {
    snprintf(buf, n, "%.*g", p, v);
    double r = strtod(buf, NULL);
    if (is32 ? (float)r == (float)v : r == v) break;
  }
  if (!strpbrk(buf, ".eni")) strncat(buf, ".0", n - strlen(buf) - 1);
}

static void print_graph(IrPrinter *pr, const IrGraph *g, int indent);

static void name_of(const IrGraph *g, int *names, int v, IrPrinter *pr) {
  Array *c = ir_const_of(g, v);
  if (c && c->ndim == 0) {   /* literals print inline */
    char t[64];
    if (dt_is_float(c->dtype)) shortest_float(arr_get_f(c, 0), c->dtype == DT_FLOAT32, t, sizeof t);
    else if (c->dtype == DT_BOOL) snprintf(t, sizeof t, arr_get_i(c, 0) ? "True" : "False");
    else snprintf(t, sizeof t, "%lld", (long long)arr_get_i(c, 0));
    ir_put(pr, "%s", t);
    return;
  }
  char nm[16];
  var_name(names[v] >= 0 ? names[v] : 0, nm);
  ir_put(pr, "%s", names[v] >= 0 ? nm : "_");
}

void ir_put_tuple_i(IrPrinter *pr, const char *key, const int *v, int n) {
  ir_put(pr, "%s=(", key);
  for (int i = 0; i < n; i++) ir_put(pr, i ? ", %d" : "%d", v[i]);
  ir_put(pr, n == 1 ? ",)" : ")");
}
void ir_put_tuple_l(IrPrinter *pr, const char *key, const int64_t *v, int n) {
  ir_put(pr, "%s=(", key);
  for (int i = 0; i < n; i++) ir_put(pr, i ? ", %lld" : "%lld", (long long)v[i]);
  ir_put(pr, n == 1 ? ",)" : ")");
}
void ir_put_list_i(IrPrinter *pr, const int *v, int n) {
  ir_put(pr, "[");
  for (int i = 0; i < n; i++) ir_put(pr, i ? ", %d" : "%d", v[i]);
  ir_put(pr, "]");
}

void ir_put_indent(IrPrinter *pr, int extra) { ir_put(pr, "%*s", pr->indent + extra, ""); }

/* The equation around keeps its indentation for the lines after the sub-graph. */
void ir_put_graph(IrPrinter *pr, const IrGraph *g, int extra) {
  int indent = pr->indent;
  print_graph(pr, g, indent + extra);
  pr->indent = indent;
}

/* The entry's printer (JAX's spelling), else the fields as prim_params_str spells them. */
static void print_params(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const Prim *p = &prim_table[e->prim];
  if (p->print) { p->print(pr, g, e); return; }
  if (!e->params) return;
  char *s = prim_params_str(e->prim, e->params);
  if (!s) { pr->err = 1; return; }
  if (*s) ir_put(pr, "[%s]", s);
  free(s);
}

static void print_graph(IrPrinter *pr, const IrGraph *g, int indent) {
  int *names = malloc(sizeof(int) * (size_t)(g->nvars + 1));
  if (!names) { pr->err = 1; return; }
  for (int v = 0; v < g->nvars; v++) names[v] = -1;
  char av[256], nm[16];
  ir_put(pr, "{ lambda ");
  int first = 1;
  for (int i = 0; i < g->nconst; i++) {
    Array *c = g->consts[i];
    if (c->ndim == 0) continue;
    names[g->constvar[i]] = pr->counter++;
    var_name(names[g->constvar[i]], nm);
    ir_aval_str(&g->avals[g->constvar[i]], av, sizeof av);
    ir_put(pr, "%s%s:%s", first ? "" : " ", nm, av);
    first = 0;
  }
  ir_put(pr, "; ");
  for (int i = 0; i < g->nin; i++) {
    names[g->in[i]] = pr->counter++;
    var_name(names[g->in[i]], nm);
    ir_aval_str(&g->avals[g->in[i]], av, sizeof av);
    ir_put(pr, "%s%s:%s", i ? " " : "", nm, av);
  }
  ir_put(pr, ". let");
  int inner = indent + 4;
  int oneline = g->neqn <= 1 && indent > 0;
  for (int i = 0; i < g->neqn; i++) {
    const IrEqn *e = &g->eqns[i];
    if (oneline) ir_put(pr, " ");
    else ir_put(pr, "\n%*s", inner, "");
    for (int k = 0; k < e->nout; k++) {
      names[e->out[k]] = pr->counter++;
      var_name(names[e->out[k]], nm);
      ir_aval_str(&g->avals[e->out[k]], av, sizeof av);
      ir_put(pr, "%s%s:%s", k ? " " : "", nm, av);
    }
    ir_put(pr, e->nout ? " = %s" : "%s", prim_table[e->prim].name);
    pr->indent = inner;
    print_params(pr, g, e);
    for (int k = 0; k < e->nin; k++) { ir_put(pr, " "); name_of(g, names, e->in[k], pr); }
  }
  if (oneline || g->neqn == 0) ir_put(pr, " in (");
  else ir_put(pr, "\n%*sin (", indent + 2, "");
  for (int k = 0; k < g->nout; k++) {
    if (k) ir_put(pr, ", ");
    name_of(g, names, g->out[k], pr);
  }
  ir_put(pr, g->nout == 1 ? ",) }" : ") }");
  free(names);
}

char *ir_print(const IrGraph *g) {
  IrPrinter pr = {0};
  print_graph(&pr, g, 0);
  if (pr.err) { free(pr.s); arr_err(ERR_MEMORY, "out of memory"); return NULL; }
  return pr.s;
}
