/* cgen_plan.c - the fusion plan over an optimised graph: groups of elementwise equations of one
 * output shape (broadcasts as index arithmetic), each run as one generated loop nest in place of
 * its last member, its values kept in registers unless used outside the group. */
#include "cgen_int.h"
#include "cpu/cpu.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct CgenPlan {
  const IrGraph *g;   /* the graph planned (cg_epi_lifetimes) */
  int neqn;
  int *role;          /* per equation: -1 eager, -2 fused (skipped), k >= 0 run group k here */
  int ng;
  CgGroup *gr;
  CgJob *job;         /* a compile running in the background (the groups run tiled meanwhile) */
  char *name;         /* the graph's, for the log */
  int nlone;          /* products run on their own (cgen_epi.c): role -3 - j runs lone[j] */
  CgProd *lone;
};

static int env_int(const char *name, int dflt) {
  const char *s = getenv(name);
  return s && *s ? atoi(s) : dflt;
}

static int same_shape(const AVal *a, int nd, const int64_t *shape) {
  if (a->ndim != nd) return 0;
  for (int d = 0; d < nd; d++) if (a->shape[d] != shape[d]) return 0;
  return 1;
}

/* Contiguous strides of av broadcast (right-aligned) to the group shape. */
/* (add_view_slot does this through view chains now; kept for the other cgen branches) */
__attribute__((unused)) static void bcast_strides(const AVal *av, const CgGroup *gr, int64_t *st) {
  int off = gr->nd - av->ndim;
  int64_t s = 1;
  for (int d = gr->nd - 1; d >= 0; d--) {
    int j = d - off;
    if (j < 0) { st[d] = 0; continue; }
    st[d] = (av->shape[j] == 1 && gr->shape[d] != 1) ? 0 : s;
    s *= av->shape[j];
  }
}

/* broadcast_in_dim: operand dim i is output dim bdims[i] */
static void bdim_strides(const AVal *av, const PBroadcast *pb, const CgGroup *gr, int64_t *st) {
  for (int d = 0; d < gr->nd; d++) st[d] = 0;
  int64_t s = 1;
  for (int i = av->ndim - 1; i >= 0; i--) {
    int d = pb->bdims[i];
    st[d] = (av->shape[i] == 1 && gr->shape[d] != 1) ? 0 : s;
    s *= av->shape[i];
  }
}

static int add_slot_off(CgGroup *gr, int var, int as, const int64_t *st, int64_t off) {
  for (int s = 0; s < gr->nin; s++)
    if (gr->in[s].var == var && gr->in[s].as == as) return 0;
  if (gr->nin >= CG_MAXSLOTS) return -1;
  CgSlot *sl = &gr->in[gr->nin++];
  sl->var = var;
  sl->as = as;
  memcpy(sl->st, st, sizeof(int64_t) * ARR_MAXDIM);
  sl->off = off;
  return 0;
}
static int add_slot(CgGroup *gr, int var, int as, const int64_t *st) {
  return add_slot_off(gr, var, as, st, 0);
}

/* {=== data movement as index arithmetic (cgenred) ===}
 * A value read by a group that a chain of view primitives (reshape, transpose, slice, rev,
 * broadcast_in_dim; copy and stop_gradient as the identity) made from a variable `root` is
 * loaded from root's (contiguous) buffer with the chain's static strides and offset, so that
 * x.T * y + b copies nothing. The view equations still run eagerly (O(1): they make views). */
typedef struct View { int nd; int64_t shape[ARR_MAXDIM], st[ARR_MAXDIM], off; } View;

static void view_contig(const AVal *av, View *v) {
  v->nd = av->ndim;
  v->off = 0;
  int64_t s = 1;
  for (int d = av->ndim - 1; d >= 0; d--) { v->shape[d] = av->shape[d]; v->st[d] = s; s *= av->shape[d]; }
}

/* reshape without a copy (NumPy's attempt_nocopy_reshape); -1 when it needs one */
static int view_reshape(const View *u, const AVal *oav, View *v) {
  int on = 0;
  int64_t osh[ARR_MAXDIM], ost[ARR_MAXDIM];
  for (int d = 0; d < u->nd; d++) {
    if (u->shape[d] == 0) return -1;
    if (u->shape[d] != 1) { osh[on] = u->shape[d]; ost[on] = u->st[d]; on++; }
  }
  int nn = oav->ndim;
  v->nd = nn;
  for (int d = 0; d < nn; d++) { v->shape[d] = oav->shape[d]; v->st[d] = 0; }
  int oi = 0, oj = 1, ni = 0, nj = 1;
  while (ni < nn && oi < on) {
    int64_t np = v->shape[ni], op = osh[oi];
    while (np != op) {
      if (np < op) { if (nj >= nn) return -1; np *= v->shape[nj++]; }
      else { if (oj >= on) return -1; op *= osh[oj++]; }
    }
    for (int ok = oi; ok < oj - 1; ok++) if (ost[ok] != osh[ok + 1] * ost[ok + 1]) return -1;
    v->st[nj - 1] = ost[oj - 1];
    for (int nk = nj - 1; nk > ni; nk--) v->st[nk - 1] = v->st[nk] * v->shape[nk];
    ni = nj++;
    oi = oj++;
  }
  for (int d = 0; d < nn; d++) if (v->shape[d] == 0) return -1;
  v->off = u->off;
  return 0;
}

/* v = the view equation e applied to u (u: e's operand); -1 when it is not a static view */
static int view_apply(const IrGraph *g, const IrEqn *e, const View *u, View *v) {
  const AVal *oav = &g->avals[e->out[0]];
  if (oav->ndim > ARR_MAXDIM) return -1;
  switch (e->prim) {
    case PRIM_copy: case PRIM_stop_gradient:
      *v = *u;
      return 0;
    case PRIM_reshape:
      return view_reshape(u, oav, v);
    case PRIM_transpose: {
      const PPerm *pp = e->params;
      if (!pp || pp->ndim != u->nd) return -1;
      v->nd = u->nd;
      v->off = u->off;
      for (int d = 0; d < u->nd; d++) {
        int q = pp->perm[d];
        if (q < 0 || q >= u->nd) return -1;
        v->shape[d] = u->shape[q];
        v->st[d] = u->st[q];
      }
      return 0;
    }
    case PRIM_slice: {
      const PSlice *ps = e->params;
      if (!ps || ps->ndim != u->nd || oav->ndim != u->nd) return -1;
      *v = *u;
      for (int d = 0; d < u->nd; d++) {
        int64_t step = ps->stride[d] >= 1 ? ps->stride[d] : 1;
        if (ps->start[d] < 0 || ps->start[d] > u->shape[d]) return -1;
        v->off += ps->start[d] * u->st[d];
        v->st[d] = u->st[d] * step;
        v->shape[d] = oav->shape[d];
      }
      return 0;
    }
    case PRIM_rev: {
      const PAxes *pa = e->params;
      if (!pa) return -1;
      *v = *u;
      for (int i = 0; i < pa->naxes; i++) {
        int d = pa->axes[i];
        if (d < 0 || d >= u->nd) return -1;
        v->off += (u->shape[d] - 1) * u->st[d];
        v->st[d] = -u->st[d];
      }
      return 0;
    }
    case PRIM_broadcast_in_dim: {
      const PBroadcast *pb = e->params;
      if (!pb) return -1;
      v->nd = oav->ndim;
      v->off = u->off;
      for (int d = 0; d < v->nd; d++) { v->shape[d] = oav->shape[d]; v->st[d] = 0; }
      for (int i = 0; i < u->nd; i++) {
        int d = pb->bdims[i];
        if (d < 0 || d >= v->nd) return -1;
        v->st[d] = (u->shape[i] == 1 && v->shape[d] != 1) ? 0 : u->st[i];
      }
      return 0;
    }
    default:
      return -1;
  }
}

/* The root variable var is read through, with the view of it; var itself when no chain. */
static int view_resolve(const IrGraph *g, const int *prod, int var, int depth, View *v) {
  int pe = prod[var];
  if (pe >= 0 && depth < 64) {
    const IrEqn *e = &g->eqns[pe];
    PrimId p = e->prim;
    /* a product's transpose that cgen_epi.c computes as the swapped product stays a variable */
    int swapped = p == PRIM_transpose && e->nin == 1 && prod[e->in[0]] >= 0 &&
                  cg_epi_swaps(g, prod[e->in[0]], pe);
    if ((p == PRIM_copy || p == PRIM_stop_gradient || p == PRIM_reshape || (p == PRIM_transpose && !swapped) ||
         p == PRIM_slice || p == PRIM_rev || p == PRIM_broadcast_in_dim) &&
        e->nin == 1 && e->nout == 1 && g->avals[e->in[0]].dtype == g->avals[var].dtype) {
      View u;
      int root = view_resolve(g, prod, e->in[0], depth + 1, &u);
      if (view_apply(g, e, &u, v) == 0) return root;
    }
  }
  view_contig(&g->avals[var], v);
  return var;
}

/* A slot for var (external to group gr) broadcast (right-aligned) to the group's shape and
 * defined as `as` in the loop. */
static int add_view_slot(CgGroup *gr, const IrGraph *g, const int *prod, int var, int as) {
  View v;
  int root = view_resolve(g, prod, var, 0, &v);
  int64_t st[ARR_MAXDIM] = {0};
  int off = gr->nd - v.nd;
  if (off < 0) return -1;
  for (int d = 0; d < gr->nd; d++) {
    int j = d - off;
    st[d] = (j < 0 || (v.shape[j] == 1 && gr->shape[d] != 1)) ? 0 : v.st[j];
  }
  return add_slot_off(gr, root, as, st, v.off);
}

static int is_reduce(PrimId p) {
  return p == PRIM_reduce_sum || p == PRIM_reduce_prod || p == PRIM_reduce_max || p == PRIM_reduce_min;
}
static unsigned red_mask(const IrEqn *e) {
  const PAxes *ax = e->params;
  unsigned m = 0;
  for (int i = 0; i < ax->naxes; i++) m |= 1u << ax->axes[i];
  return m;
}
/* May equation e (a reduction or not) join group G? A group that reduces takes only more
 * reductions over the same dims (they share its loop); nothing follows them in it. */
static int red_compat(const IrGraph *g, const CgGroup *G, const IrEqn *e, const int *prod, const int *geq) {
  if (!is_reduce(e->prim)) return G->nred == 0;
  if (G->nred && G->redmask != red_mask(e)) return 0;
  /* a reduction of a value from outside joins only a group that already reduces, or that
   * reads the value too (sum(x) next to sum(x * x)), not any open group of its shape */
  int x = e->in[0], pe = prod[x];
  if (pe >= 0 && geq[pe] >= 0 && G->nmem > 0 && geq[pe] == geq[G->mem[0]]) return 1;
  if (G->nred) return 1;
  for (int m = 0; m < G->nmem; m++) {
    const IrEqn *f = &g->eqns[G->mem[m]];
    for (int k = 0; k < f->nin; k++) if (f->in[k] == x) return 1;
  }
  return 0;
}

/* Merge adjacent dims every operand walks contiguously across; drop size-1 dims. */
static void coalesce(CgGroup *gr) {
  int nd = 0;
  int64_t ost[ARR_MAXDIM], s = 1;
  for (int d = gr->nd - 1; d >= 0; d--) { ost[d] = s; s *= gr->shape[d]; }
  int64_t cost[ARR_MAXDIM];
  for (int d = 0; d < gr->nd; d++) {
    if (gr->shape[d] == 1) continue;
    if (nd > 0) {
      int ok = cost[nd - 1] == ost[d] * gr->shape[d];
      for (int k = 0; k < gr->nin && ok; k++)
        if (gr->cst[k][nd - 1] != gr->in[k].st[d] * gr->shape[d]) ok = 0;
      if (ok) {
        gr->cshape[nd - 1] *= gr->shape[d];
        cost[nd - 1] = ost[d];
        for (int k = 0; k < gr->nin; k++) gr->cst[k][nd - 1] = gr->in[k].st[d];
        continue;
      }
    }
    gr->cshape[nd] = gr->shape[d];
    cost[nd] = ost[d];
    for (int k = 0; k < gr->nin; k++) gr->cst[k][nd] = gr->in[k].st[d];
    nd++;
  }
  if (nd == 0) {
    gr->cshape[0] = 1;
    for (int k = 0; k < gr->nin; k++) gr->cst[k][0] = 0;
    nd = 1;
  }
  gr->cnd = nd;
}

static void plan_free_groups(CgGroup *gr, int ng) {
  for (int k = 0; k < ng; k++) { free(gr[k].mem); cg_tile_free(gr[k].tile); }
  free(gr);
}

void cgen_free(CgenPlan *p) {
  if (!p) return;
  cg_job_release(p->job);
  free(p->name);
  free(p->role);
  free(p->lone);
  plan_free_groups(p->gr, p->ng);
  free(p);
}

/* Build the groups (without compiling). Returns the number of groups worth compiling, marking
 * them ok; -1 on out of memory. */
static int build_groups(const IrGraph *g, int **grp_of_eqn, CgGroup **out_gr, int *out_ng) {
  int minsz = env_int("SABLE_CGEN_MIN_SIZE", 256);
  int *geq = malloc(sizeof(int) * (size_t)(g->neqn + 1));
  int *prod = malloc(sizeof(int) * (size_t)(g->nvars + 1));   /* producing equation */
  CgGroup *gr = NULL;
  int ng = 0, cap = 0;
  if (!geq || !prod) goto oom;
  for (int v = 0; v < g->nvars; v++) prod[v] = -1;
  for (int i = 0; i < g->neqn; i++) {
    geq[i] = -1;
    for (int k = 0; k < g->eqns[i].nout; k++) prod[g->eqns[i].out[k]] = i;
  }
  for (int i = 0; i < g->neqn; i++) {
    const IrEqn *e = &g->eqns[i];
    int fus = 0;
    const AVal *oav = e->nout == 1 ? &g->avals[e->out[0]] : NULL;
    int red = is_reduce(e->prim) && cg_red_eqn_ok(g, e);
    if (red) {
      /* a reduction joins the group of its operand's shape; its output must be non-empty */
      int64_t osz = 1;
      for (int d = 0; d < oav->ndim; d++) osz *= oav->shape[d];
      oav = osz > 0 ? &g->avals[e->in[0]] : NULL;
    }
    if (oav && oav->ndim <= ARR_MAXDIM) {
      int64_t sz = 1;
      for (int d = 0; d < oav->ndim; d++) sz *= oav->shape[d];
      if (sz > 0 && sz >= minsz) {
        if (red) fus = 1;
        else if (e->prim == PRIM_broadcast_in_dim)
          fus = e->nin == 1 && e->params && cg_dtype_ok(oav->dtype);
        else
          fus = cg_eqn_ok(g, e);
      }
    }
    int join = -1;
    if (fus) {
      /* prefer the open group of this shape that produced an operand, else the latest */
      for (int k = 0; k < e->nin && join < 0; k++) {
        int pe = prod[e->in[k]];
        int h = pe >= 0 ? geq[pe] : -1;
        if (h >= 0 && !gr[h].closed && same_shape(oav, gr[h].nd, gr[h].shape) && red_compat(g, &gr[h], e, prod, geq))
          join = h;
      }
      for (int h = ng - 1; h >= 0 && join < 0; h--)
        if (!gr[h].closed && same_shape(oav, gr[h].nd, gr[h].shape) && red_compat(g, &gr[h], e, prod, geq)) join = h;
      /* a broadcast of a value of this very group is not a load */
      if (join >= 0 && e->prim == PRIM_broadcast_in_dim) {
        int pe = prod[e->in[0]];
        if (pe >= 0 && geq[pe] == join) join = -2;
      }
    }
    /* operands from other groups: those groups end before this equation */
    for (int k = 0; k < e->nin; k++) {
      int pe = prod[e->in[k]];
      int h = pe >= 0 ? geq[pe] : -1;
      if (h >= 0 && h != join) gr[h].closed = 1;
    }
    if (join == -2) continue;
    if (fus && join < 0) {
      if (ng == cap) {
        int nc = cap ? cap * 2 : 8;
        CgGroup *ngr = realloc(gr, sizeof(CgGroup) * (size_t)nc);
        if (!ngr) goto oom;
        gr = ngr;
        cap = nc;
      }
      CgGroup *G = &gr[ng];
      memset(G, 0, sizeof *G);
      G->nd = oav->ndim;
      memcpy(G->shape, oav->shape, sizeof(int64_t) * (size_t)oav->ndim);
      G->size = 1;
      for (int d = 0; d < G->nd; d++) G->size *= G->shape[d];
      G->mem = malloc(sizeof(int) * (size_t)(g->neqn + 1));
      if (!G->mem) goto oom;
      G->cheap = 1;
      join = ng++;
    }
    if (join >= 0) {
      CgGroup *G = &gr[join];
      G->mem[G->nmem++] = i;
      G->last = i;
      geq[i] = join;
      if (e->prim != PRIM_broadcast_in_dim && !prim_table[e->prim].cheap && !red) G->cheap = 0;
      if (red) { G->nred++; G->redmask = red_mask(e); }
    }
  }
  /* loads and stores */
  for (int h = 0; h < ng; h++) {
    CgGroup *G = &gr[h];
    int nreal = 0, bad = 0;
    for (int m = 0; m < G->nmem && !bad; m++) {
      const IrEqn *e = &g->eqns[G->mem[m]];
      int64_t st[ARR_MAXDIM];
      if (e->prim == PRIM_broadcast_in_dim) {
        /* its operand may itself be a view: the chain's strides (cgenred) */
        View u, v;
        int root = view_resolve(g, prod, e->in[0], 0, &u);
        if (view_apply(g, e, &u, &v) == 0 && v.nd == G->nd) {
          bad = add_slot_off(G, root, e->out[0], v.st, v.off) < 0;
          continue;
        }
        bdim_strides(&g->avals[e->in[0]], e->params, G, st);
        bad = add_slot(G, e->in[0], e->out[0], st) < 0;
        continue;
      }
      nreal++;
      for (int k = 0; k < e->nin && !bad; k++) {
        int v = e->in[k], pe = prod[v];
        if (pe >= 0 && geq[pe] == h) continue;
        bad = add_view_slot(G, g, prod, v, v) < 0;
      }
    }
    for (int m = 0; m < G->nmem && !bad; m++) {
      int v = g->eqns[G->mem[m]].out[0], used = 0;
      for (int k = 0; k < g->nout && !used; k++) used = g->out[k] == v;
      for (int i = 0; i < g->neqn && !used; i++) {
        if (geq[i] == h) continue;
        for (int k = 0; k < g->eqns[i].nin && !used; k++) used = g->eqns[i].in[k] == v;
      }
      if (!used) continue;
      if (G->nout + G->nin >= CG_MAXSLOTS) { bad = 1; break; }
      G->out[G->nout++] = v;
    }
    /* every reduction's output is kept (it is used: the graph is dead-code free) */
    for (int m = 0; m < G->nmem && !bad && G->nred; m++) {
      const IrEqn *e = &g->eqns[G->mem[m]];
      if (!is_reduce(e->prim)) continue;
      int found = 0;
      for (int o = 0; o < G->nout; o++) found |= G->out[o] == e->out[0];
      bad = !found;
    }
    /* a lone operation gains nothing over its eager kernel */
    G->ok = !bad && (nreal >= 2 || (nreal == 1 && cg_epi_wants(g, G))) && G->nout > 0;
    if (G->ok) coalesce(G);
  }
  free(prod);
  *grp_of_eqn = geq;
  *out_gr = gr;
  *out_ng = ng;
  int n = 0;
  for (int h = 0; h < ng; h++) n += gr[h].ok;
  return n;
oom:
  free(geq);
  free(prod);
  if (gr) plan_free_groups(gr, ng);
  return -1;
}

static char *emit_source(const IrGraph *g, CgGroup *gr, int ng) {
  CgBuf b = {0};
  cg_put(&b, "/* generated by sable (engine/cgen) for %s */\n", g->name);
  cg_prelude(&b);
  for (int h = 0; h < ng; h++)
    if (gr[h].ok && (gr[h].nred ? cg_emit_red(&b, g, &gr[h], h) : cg_emit_group(&b, g, &gr[h], h)) < 0) {
      free(b.s);
      return NULL;
    } else if (gr[h].ok && cg_wants_tiles(&gr[h]) && cg_emit_tiled(&b, g, &gr[h], h) < 0) {
      free(b.s);
      return NULL;
    }
  if (b.oom) { free(b.s); return NULL; }
  return b.s;
}

char *cgen_source(const IrGraph *g) {
  int *geq = NULL, ng = 0;
  CgGroup *gr = NULL;
  int n = build_groups(g, &geq, &gr, &ng);
  char *s = n > 0 ? emit_source(g, gr, ng) : NULL;
  free(geq);
  if (gr) plan_free_groups(gr, ng);
  return s;
}

/* Point the groups at their kernels in h; -1 if one is missing. The pointers are published with
 * release order: a pmap device worker running the graph at the same time sees either the tiled
 * fallback or the kernel, both the whole group. */
static int bind_kernels(CgGroup *gr, int ng, void *h) {
  for (int k = 0; k < ng; k++) {
    if (!gr[k].ok) continue;
    char nm[32];
    snprintf(nm, sizeof nm, "sbk%d", k);
    void *f = dlsym(h, nm);
    if (!f) return -1;
    if (cg_wants_tiles(&gr[k])) {   /* the tiled walk of a transposed read (cgen_trans.c) */
      snprintf(nm, sizeof nm, "sbk%d_t", k);
      void *t = dlsym(h, nm);
      if (t) f = t;
    }
    if (gr[k].nred) {   /* whole-array helpers (absent when the innermost dim is kept) */
      const char *hn[4] = {"part", "join", "fin", "ident"};
      void *hf[4];
      for (int q = 0; q < 4; q++) {
        snprintf(nm, sizeof nm, "sbk%d_%s", k, hn[q]);
        hf[q] = dlsym(h, nm);
      }
      if (hf[0] && hf[1] && hf[2] && hf[3]) {
        memcpy(&gr[k].part, &hf[0], sizeof hf[0]);
        memcpy(&gr[k].join, &hf[1], sizeof hf[1]);
        memcpy(&gr[k].fin, &hf[2], sizeof hf[2]);
        memcpy(&gr[k].ident, &hf[3], sizeof hf[3]);
      }
    }
    void (*fn)(char *const *, int64_t, int64_t);
    memcpy(&fn, &f, sizeof f);
    __atomic_store_n(&gr[k].fn, fn, __ATOMIC_RELEASE);   /* after the helpers it needs */
  }
  return 0;
}

static void plan_log(const IrGraph *g, const CgGroup *gr, int ng, const char *what, double ms) {
  if (!cg_log_enabled()) return;
  int n = 0, nops = 0;
  for (int k = 0; k < ng; k++) if (gr[k].ok) { n++; nops += gr[k].nmem; }
  fprintf(stderr, "cgen: %s: %d kernel%s, %d ops: %s in %.1f ms\n", g->name, n, n == 1 ? "" : "s",
          nops, what, ms);
}

CgenPlan *cgen_plan(const IrGraph *g) {
  static int off = -1, sync = -1, nocgen = -1;
  if (off < 0) off = env_int("SABLE_NO_FUSE", 0) != 0;
  if (nocgen < 0) nocgen = env_int("SABLE_NO_CGEN", 0) != 0;
  if (sync < 0) sync = env_int("SABLE_CGEN_SYNC", 0) != 0;
  if (off || g->neqn < 2) return NULL;
  cg_warn_pending();
  int *geq = NULL, ng = 0;
  CgGroup *gr = NULL;
  int n = build_groups(g, &geq, &gr, &ng);
  CgenPlan *p = NULL;
  char *src = NULL;
  CgJob *job = NULL;
  if (n <= 0) goto fail;
  src = emit_source(g, gr, ng);
  if (!src) goto fail;
  const char *lg = getenv("SABLE_CGEN_LOG");
  if (lg && !strcmp(lg, "2")) fprintf(stderr, "%s\n", src);
  /* the tiled fallback of every group, used until (or unless) compiled code is there */
  for (int k = 0; k < ng; k++)
    if (gr[k].ok) gr[k].tile = cg_tile_make(g, &gr[k]);
  int how = 0;
  double ms = 0;
  void *h = nocgen ? NULL : cg_lookup(src, strlen(src), &how, &ms);
  if (h) {
    static const char *what[] = {"memory cache", "disk cache"};
    plan_log(g, gr, ng, what[how], ms);
  } else if (cg_compiler_ok() && !sync && (job = cg_compile_async(src, strlen(src)))) {
    plan_log(g, gr, ng, "compiling in the background, tiled meanwhile; started", ms);
  } else if (cg_compiler_ok()) {
    h = cg_load(src, strlen(src), &how, &ms);
    plan_log(g, gr, ng, h ? "compiled" : "FAILED (tiled fallback)", ms);
    if (!h) {
      if (arr_interrupted()) goto fail;   /* ir.c plans again on the next run */
      cg_warn(cg_last_failure());
    }
  } else {
    plan_log(g, gr, ng, nocgen ? "SABLE_NO_CGEN (tiled fallback); planned" : "no compiler (tiled fallback); planned", ms);
  }
  if (h && bind_kernels(gr, ng, h) < 0) goto fail;
  if (!h && !job) {
    /* no compiled code: the groups without a tiled form run on the eager kernels */
    n = 0;
    for (int k = 0; k < ng; k++) {
      if (gr[k].ok && !gr[k].tile) gr[k].ok = 0;
      n += gr[k].ok;
    }
    if (n == 0) goto fail;
  }
  p = calloc(1, sizeof *p);
  if (!p) goto fail;
  p->neqn = g->neqn;
  p->g = g;
  p->role = geq;
  p->gr = gr;
  p->ng = ng;
  p->job = job;
  p->name = strdup(g->name);
  for (int i = 0; i < g->neqn; i++) {
    int k = geq[i];
    geq[i] = (k >= 0 && gr[k].ok) ? (gr[k].last == i ? k : -2) : -1;
  }
  cg_epi_plan(g, gr, ng, geq, &p->lone, &p->nlone);
  free(src);
  return p;
fail:
  cg_job_release(job);
  free(src);
  free(geq);
  if (gr) plan_free_groups(gr, ng);
  return NULL;
}

/* A background compile that finished: switch to its kernels (between two runs of the graph, on
 * the thread that runs it, so never while the pool runs a group), or stay tiled and warn. */
static void adopt_job(CgenPlan *p) {
  CgJob *j = __atomic_load_n(&p->job, __ATOMIC_ACQUIRE);
  void *h = NULL;
  double ms = 0;
  const char *why = NULL;
  if (!j) return;
  int s = cg_job_poll(j, &h, &ms, &why);
  /* pmap's device workers may start the graph at once: one of them adopts */
  if (s == 0 || !__atomic_compare_exchange_n(&p->job, &j, NULL, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) return;
  if (s > 0 && bind_kernels(p->gr, p->ng, h) < 0) {
    s = -1;
    why = "the compiled code lacks a kernel";
  }
  if (cg_log_enabled())
    fprintf(stderr, "cgen: %s: %s in %.1f ms (background)%s\n", p->name ? p->name : "jit",
            s > 0 ? "compiled" : "FAILED", ms, s > 0 ? ", switched to the compiled kernels" : ", staying tiled");
  if (s < 0) cg_warn(why);
  cg_job_release(j);
}

void cgen_extend_lifetimes(const CgenPlan *p, int *last_use) {
  if (!p) return;
  for (int k = 0; k < p->ng; k++) {
    const CgGroup *G = &p->gr[k];
    if (!G->ok) continue;
    for (int s = 0; s < G->nin; s++) {
      int v = G->in[s].var;
      if (last_use[v] >= 0 && last_use[v] < G->last) last_use[v] = G->last;
    }
    cg_epi_lifetimes(p->g, G, last_use);
  }
  for (int j = 0; j < p->nlone; j++) cg_epi_lone_lifetimes(p->g, &p->lone[j], last_use);
}

/* The generated kernels (and the tiled fallback) take any [b, e) of the flattened space, so the
 * range is run in blocks with one read of the interrupt flag between them (a call and a load per
 * 64K elements). The tiled fallback's scratch is per thread, allocated here. */
void cg_run_range(void *c, int64_t b, int64_t e) {
  CgRunCtx *r = c;
  char *scratch = NULL;
  if (!r->fn && !(scratch = malloc((size_t)cg_tile_scratch(r->G->tile) + 64))) {
    __atomic_store_n(&r->nomem, 1, __ATOMIC_RELAXED);
    return;
  }
  while (b < e) {
    int64_t m = e - b > CPU_POLL_BLOCK ? b + CPU_POLL_BLOCK : e;
    if (r->fn) r->fn(r->ptrs, b, m);
    else cg_tile_run(r->G->tile, r->G, r->ptrs, scratch, b, m);
    b = m;
    if (b < e && arr_interrupted()) break;
  }
  free(scratch);
}

int cgen_step(CgenPlan *p, const IrGraph *g, int i, Array **env, uint8_t *own) {
  if (i >= p->neqn) return 0;
  if (i == 0) {
    adopt_job(p);
    cg_warn_pending();
  }
  int k = p->role[i];
  if (k == -1) return 0;
  if (k == -2) return 1;
  if (k <= -3) return cg_epi_lone(g, &p->lone[-3 - k], i, env, own);
  CgGroup *G = &p->gr[k];
  if (!G->epi && !G->tile && !__atomic_load_n(&G->fn, __ATOMIC_ACQUIRE)) {
    /* compiling in the background and no tiled form (a reduction): its members, eagerly, here
     * where its outputs are due (cgen_extend_lifetimes kept its operands alive) */
    for (int m = 0; m < G->nmem; m++)
      if (ir_run_eqn(g, G->mem[m], env, own) < 0) return -1;
    return 1;
  }
  char *ptrs[CG_MAXSLOTS];
  Array *tmp[CG_MAXSLOTS];
  int ntmp = 0, rc = 0;
  for (int o = 0; o < G->nout; o++) {
    int v = G->out[o];
    Array *a = arr_new_like(&g->avals[v]);
    if (!a) { rc = -1; break; }
    if (own[v]) arr_release(env[v]);   /* not expected: a value is defined once */
    env[v] = a;
    own[v] = 1;
    ptrs[o] = arr_data(a);
  }
  for (int s = 0; s < G->nin && rc == 0; s++) {
    if (G->epi && s == G->epi_slot) continue;   /* the product's output, made by cg_epi_run */
    Array *a = env[G->in[s].var];
    if (!a) { rc = arr_err(ERR_INTERNAL, "fused kernel operand undefined"); break; }
    if (!arr_is_contiguous(a)) {
      a = arr_copy(a);
      if (!a) { rc = -1; break; }
      tmp[ntmp++] = a;
    }
    ptrs[G->nout + s] = arr_data(a) + G->in[s].off * dt_size(a->dtype);
  }
  if (rc == 0 && G->nred) {
    rc = cg_red_run(g, G, k, ptrs);
  } else if (rc == 0 && G->epi) {
    rc = cg_epi_run(g, G, ptrs, env);
  } else if (rc == 0) {
    CgRunCtx c = {__atomic_load_n(&G->fn, __ATOMIC_ACQUIRE), ptrs, G, 0};
    if (!c.fn && !G->tile) rc = arr_err(ERR_INTERNAL, "fused group has neither a kernel nor a tiled form");
    else cpu_parallel_for(G->size, G->cheap ? CPU_GRAIN_CHEAP : CPU_GRAIN_MATH, cg_run_range, &c);
    /* stopped part way: the outputs (in env, released by ir_run) are garbage */
    if (rc == 0 && arr_interrupted()) rc = arr_err(ERR_INTERRUPTED, "interrupted");
    else if (rc == 0 && c.nomem) rc = arr_err(ERR_MEMORY, "out of memory");
  }
  for (int t = 0; t < ntmp; t++) arr_release(tmp[t]);
  /* operands whose last use was inside the group die here */
  for (int s = 0; s < G->nin; s++) {
    int v = G->in[s].var;
    if (own[v] && g->last_use[v] <= i) { arr_release(env[v]); env[v] = NULL; own[v] = 0; }
  }
  if (G->epi) cg_epi_release(g, G, i, env, own);
  return rc < 0 ? -1 : 1;
}
