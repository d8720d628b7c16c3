/* cgen_epi.c - matrix products fused with the elementwise kernel that reads them: the product
 * runs in row blocks and the kernel on each block right after it (cpu_dot_epi), in place of both. */
#include "cgen_int.h"
#include "cpu/cpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int epi_enabled(void) {
  static int on = -1;
  if (on < 0) {
    const char *s = getenv("SABLE_CGEN_EPI");
    on = !(s && *s == '0');
  }
  return on;
}

static int producer(const IrGraph *g, int v) {
  for (int i = 0; i < g->neqn; i++)
    for (int k = 0; k < g->eqns[i].nout; k++)
      if (g->eqns[i].out[k] == v) return i;
  return -1;
}

/* a float dot_general whose operands and output share one dtype: what cpu_dot_epi runs */
static int is_float_dot(const IrGraph *g, int d) {
  if (d < 0) return 0;
  const IrEqn *e = &g->eqns[d];
  if (e->prim != PRIM_dot_general || e->nin != 2 || e->nout != 1 || !e->params) return 0;
  DType t = g->avals[e->out[0]].dtype;
  return (t == DT_FLOAT32 || t == DT_FLOAT64) && g->avals[e->in[0]].dtype == t &&
         g->avals[e->in[1]].dtype == t;
}

/* slot s reads its variable whole, element for element over the group's iteration space */
static int slot_aligned(const IrGraph *g, const CgGroup *gr, int s) {
  const CgSlot *sl = &gr->in[s];
  if (sl->as != sl->var || sl->off) return 0;
  const AVal *av = &g->avals[sl->var];
  if (av->ndim != gr->nd) return 0;
  int64_t st = 1;
  for (int d = gr->nd - 1; d >= 0; d--) {
    if (av->shape[d] != gr->shape[d]) return 0;
    if (gr->shape[d] != 1 && sl->st[d] != st) return 0;
    st *= gr->shape[d];
  }
  return 1;
}

static int is_member(const CgGroup *gr, int i) {
  for (int m = 0; m < gr->nmem; m++) if (gr->mem[m] == i) return 1;
  return 0;
}

/* v is read only by members of gr, through slot s only, and is no graph output */
static int only_reader(const IrGraph *g, const CgGroup *gr, int v, int s) {
  for (int k = 0; k < g->nout; k++) if (g->out[k] == v) return 0;
  for (int t = 0; t < gr->nin; t++) if (t != s && gr->in[t].var == v) return 0;
  for (int i = 0; i < g->neqn; i++) {
    if (is_member(gr, i)) continue;
    for (int k = 0; k < g->eqns[i].nin; k++) if (g->eqns[i].in[k] == v) return 0;
  }
  return 1;
}

/* Does a group load v through a chain of views (reshape/transpose/... read with strides, cgen_plan)?
 * Then v itself must exist: its transpose cannot be computed in its place. */
static int viewed_by_group(const CgGroup *gr, int ng, int v) {
  for (int k = 0; k < ng; k++)
    for (int s = 0; gr[k].ok && s < gr[k].nin; s++)
      if (gr[k].in[s].var == v && gr[k].in[s].as != v) return 1;
  return 0;
}

/* The single reader of v when it is a transpose that turns product d's output (batch, lhs
 * free, rhs free) into (batch, rhs free, lhs free): what dot(b, a) gives; else -1. */
static int swap_reader(const IrGraph *g, int d, int v) {
  for (int k = 0; k < g->nout; k++) if (g->out[k] == v) return -1;
  int t = -1;
  for (int i = 0; i < g->neqn; i++)
    for (int k = 0; k < g->eqns[i].nin; k++)
      if (g->eqns[i].in[k] == v) {
        if (t >= 0 && t != i) return -1;
        t = i;
      }
  if (t < 0 || g->eqns[t].prim != PRIM_transpose || g->eqns[t].nout != 1 || !g->eqns[t].params) return -1;
  const PDot *pd = g->eqns[d].params;
  const PPerm *pp = g->eqns[t].params;
  int nb = pd->nb, nlf = g->avals[g->eqns[d].in[0]].ndim - nb - pd->nc;
  int nrf = g->avals[g->eqns[d].in[1]].ndim - nb - pd->nc;
  if (nlf < 1 || nrf < 1 || pp->ndim != nb + nlf + nrf) return -1;
  for (int k = 0; k < nb; k++) if (pp->perm[k] != k) return -1;
  for (int j = 0; j < nrf; j++) if (pp->perm[nb + j] != nb + nlf + j) return -1;
  for (int j = 0; j < nlf; j++) if (pp->perm[nb + nrf + j] != nb + j) return -1;
  /* dot(b, a) sums as dot(a, b) only within OpenBLAS's rounding differences (its edge and
   * small-matrix kernels): swapped only where the row blocks already differ from the eager
   * product in the same way, never for a product that stays bit-equal */
  const AVal *oa = &g->avals[v];
  int64_t B = 1, M = 1, N = 1, K = 1;
  for (int k = 0; k < nb; k++) B *= oa->shape[k];
  for (int k = 0; k < nlf; k++) M *= oa->shape[nb + k];
  for (int k = 0; k < nrf; k++) N *= oa->shape[nb + nlf + k];
  for (int k = 0; k < pd->nc; k++) K *= g->avals[g->eqns[d].in[0]].shape[pd->lhs_contract[k]];
  if (cpu_dot_blocks(B, M, N, K) <= 1 || cpu_dot_blocks(B, N, M, K) <= 1) return -1;
  return t;
}

/* the product's operands must be defined before the group's kernel runs, not by it */
static int operands_outside(const IrGraph *g, const CgGroup *G, int d) {
  for (int k = 0; k < g->eqns[d].nin; k++) {
    int p = producer(g, g->eqns[d].in[k]);
    if (p >= 0 && is_member(G, p)) return 0;
  }
  return 1;
}

int cg_epi_wants(const IrGraph *g, const CgGroup *gr) {
  if (!epi_enabled()) return 0;
  for (int s = 0; s < gr->nin; s++)
    if (slot_aligned(g, gr, s)) {
      int v = gr->in[s].var, p = producer(g, v);
      if (is_float_dot(g, p)) return 1;
      /* the transpose of a product, computed as the swapped product */
      if (p >= 0 && g->eqns[p].prim == PRIM_transpose && g->eqns[p].nin == 1) {
        int d = producer(g, g->eqns[p].in[0]);
        if (is_float_dot(g, d) && swap_reader(g, d, g->eqns[p].in[0]) == p) return 1;
      }
    }
  return 0;
}

int cg_epi_swaps(const IrGraph *g, int d, int t) {
  return epi_enabled() && is_float_dot(g, d) && swap_reader(g, d, g->eqns[d].out[0]) == t;
}

void cg_epi_plan(const IrGraph *g, CgGroup *gr, int ng, int *role, CgProd **lone, int *nlone) {
  if (!epi_enabled()) return;
  int nf = 0, nl = 0, cap = 0;
  CgProd *L = NULL;
  for (int d = 0; d < g->neqn; d++) {
    if (!is_float_dot(g, d) || role[d] != -1) continue;
    int v = g->eqns[d].out[0], t = swap_reader(g, d, v);
    if (t >= 0 && (role[t] != -1 || viewed_by_group(gr, ng, v))) t = -1;
    int w = t >= 0 ? g->eqns[t].out[0] : v, at = t >= 0 ? t : d, done = 0;
    for (int k = 0; k < ng && !done; k++) {
      CgGroup *G = &gr[k];
      if (!G->ok || (!G->fn && !G->tile) || G->epi || G->nred || G->last < at) continue;
      for (int s = 0; s < G->nin && !done; s++) {
        if (G->in[s].var != w || !slot_aligned(g, G, s) || !only_reader(g, G, w, s) ||
            !operands_outside(g, G, d))
          continue;
        G->epi = d + 1;
        G->epi_slot = s;
        G->epi_swap = t >= 0;
        role[d] = -2;
        if (t >= 0) role[t] = -2;
        done = 1;
        nf++;
      }
    }
    if (done) continue;
    if (nl == cap) {
      int nc = cap ? cap * 2 : 8;
      CgProd *n2 = realloc(L, sizeof *L * (size_t)nc);
      if (!n2) break;   /* out of memory: the rest stay on the eager kernel */
      L = n2;
      cap = nc;
    }
    L[nl] = (CgProd){d, at, t >= 0, w};
    role[at] = -3 - nl;
    if (t >= 0) role[d] = -2;
    nl++;
  }
  *lone = L;
  *nlone = nl;
  if ((nf || nl) && cg_log_enabled())
    fprintf(stderr, "cgen-epi: %s: %d matrix product%s fused with an epilogue, %d on %s own\n", g->name,
            nf, nf == 1 ? "" : "s", nl, nl == 1 ? "its" : "their");
}

void cg_epi_lifetimes(const IrGraph *g, const CgGroup *gr, int *last_use) {
  if (!gr->epi) return;
  const IrEqn *e = &g->eqns[gr->epi - 1];
  for (int k = 0; k < e->nin; k++) {
    int v = e->in[k];
    if (last_use[v] >= 0 && last_use[v] < gr->last) last_use[v] = gr->last;
  }
}

/* the product dot(a, b) of equation d, or dot(b, a) with swap */
static int run_prod(const IrGraph *g, int d, int swap, Array *o, CpuEpiFn epi, void *ctx, int64_t grain,
                    Array **env) {
  const IrEqn *e = &g->eqns[d];
  Array *a = env[e->in[0]], *b = env[e->in[1]];
  if (!a || !b) return arr_err(ERR_INTERNAL, "fused matrix product operand undefined");
  const PDot *pd = e->params;
  if (!swap) return cpu_dot_epi(pd, a, b, o, epi, ctx, grain);
  PDot sw = *pd;
  memcpy(sw.lhs_contract, pd->rhs_contract, sizeof sw.lhs_contract);
  memcpy(sw.rhs_contract, pd->lhs_contract, sizeof sw.rhs_contract);
  memcpy(sw.lhs_batch, pd->rhs_batch, sizeof sw.lhs_batch);
  memcpy(sw.rhs_batch, pd->lhs_batch, sizeof sw.rhs_batch);
  return cpu_dot_epi(&sw, b, a, o, epi, ctx, grain);
}

int cg_epi_run(const IrGraph *g, const CgGroup *gr, char **ptrs, Array **env) {
  Array *v = arr_new_like(&g->avals[gr->in[gr->epi_slot].var]);
  if (!v) return -1;
  ptrs[gr->nout + gr->epi_slot] = arr_data(v);
  /* the compiled kernel, or the tiled fallback while it compiles in the background */
  CgRunCtx c = {__atomic_load_n(&gr->fn, __ATOMIC_ACQUIRE), ptrs, gr, 0};
  if (!c.fn && !gr->tile) { arr_release(v); return arr_err(ERR_INTERNAL, "fused group has neither a kernel nor a tiled form"); }
  int rc = run_prod(g, gr->epi - 1, gr->epi_swap, v, cg_run_range, &c,
                    gr->cheap ? CPU_GRAIN_CHEAP : CPU_GRAIN_MATH, env);
  arr_release(v);
  if (rc == 0 && c.nomem) rc = arr_err(ERR_MEMORY, "out of memory");
  return rc;
}

static void release_operands(const IrGraph *g, int d, int i, Array **env, uint8_t *own) {
  const IrEqn *e = &g->eqns[d];
  for (int k = 0; k < e->nin; k++) {
    int v = e->in[k];
    if (own[v] && g->last_use[v] <= i) { arr_release(env[v]); env[v] = NULL; own[v] = 0; }
  }
}

void cg_epi_lone_lifetimes(const IrGraph *g, const CgProd *pr, int *last_use) {
  const IrEqn *e = &g->eqns[pr->dot];
  for (int k = 0; k < e->nin; k++) {
    int v = e->in[k];
    if (last_use[v] >= 0 && last_use[v] < pr->at) last_use[v] = pr->at;
  }
}

int cg_epi_lone(const IrGraph *g, const CgProd *pr, int i, Array **env, uint8_t *own) {
  Array *o = arr_new_like(&g->avals[pr->out]);
  if (!o) return -1;
  if (run_prod(g, pr->dot, pr->swap, o, NULL, NULL, 0, env) < 0) { arr_release(o); return -1; }
  if (g->last_use[pr->out] < 0) arr_release(o);
  else {
    if (own[pr->out]) arr_release(env[pr->out]);
    env[pr->out] = o;
    own[pr->out] = 1;
  }
  release_operands(g, pr->dot, i, env, own);
  return 1;
}

void cg_epi_release(const IrGraph *g, const CgGroup *gr, int i, Array **env, uint8_t *own) {
  release_operands(g, gr->epi - 1, i, env, own);
}
