/* cgen_red.c - fusion groups that end in reductions (reduce_sum/prod/max/min over any axes): the
 * reduced operand is computed in blocks of <= 256 values in L1 and folded into registers in the
 * order engine/cpu/cpu_reduce.c folds a contiguous operand, so that float sums agree bit for bit.
 *
 * Order (what cpu_reduce.c does with a C-contiguous operand, the case of a computed one): the
 * group's dims lose their size-1 dims and adjacent dims of one kind (reduced/kept) merge. When
 * the innermost dim is reduced, each output is 0 + pw(row_0) + pw(row_1) + ... over the outer
 * reduced combinations in C order, pw being NumPy's pairwise sum (8 accumulators, blocks of 128,
 * split at n/2 rounded down to a multiple of 8); a whole-array sum is one pairwise tree (the
 * parallel leaves are subtrees of it). When the innermost dim is kept, each output is a
 * sequential fold over the reduced combinations in C order. Products fold sequentially; a
 * whole-array product of >= 2 * CPU_GRAIN_CHEAP elements on several threads is folded per
 * cpu_parallel_for chunk and the chunks combined in order, as the eager kernel does.
 *
 * Hence, against the eager kernels (tests/suites/cgen_diff.py checks each case):
 *  - bit-equal: integer sums and products (wrapping: any order); float sums and products whose
 *    operand is computed in the group or is C-contiguous at run time (a plain input);
 *  - max/min: equal, but a zero result may differ in sign when -0.0 and 0.0 both occur (the eager
 *    float kernel compares in SIMD lanes; here in order), and a NaN result's payload may differ;
 *  - within a bound: a float sum whose operand is itself a non-contiguous input view (transposed,
 *    strided, reversed, broadcast): the eager kernel sums in memory order, this loop in the group's
 *    C order, both pairwise or sequential, so |fused - eager| <= 2(n-1)u * sum|x| (u = 2^-24 or
 *    2^-53); a float product in such a view, or in a whole-array group that also has a float
 *    sum (it follows the sum's tree), within a relative 2(n-1)u. */
#include "cgen_int.h"
#include "cpu/cpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RB_LEAF 128   /* NumPy's pairwise block */
#define RB_SEG 256    /* outputs per block when the innermost dim is kept */

static int is_red(PrimId p) {
  return p == PRIM_reduce_sum || p == PRIM_reduce_prod || p == PRIM_reduce_max || p == PRIM_reduce_min;
}

int cg_red_eqn_ok(const IrGraph *g, const IrEqn *e) {
  if (!is_red(e->prim) || e->nin != 1 || e->nout != 1 || !e->params) return 0;
  const PAxes *ax = e->params;
  if (ax->naxes < 1 || ax->naxes > ARR_MAXDIM) return 0;
  const AVal *x = &g->avals[e->in[0]], *y = &g->avals[e->out[0]];
  if (x->dtype != y->dtype || x->ndim > ARR_MAXDIM) return 0;
  for (int i = 0; i < ax->naxes; i++) if (ax->axes[i] < 0 || ax->axes[i] >= x->ndim) return 0;
  switch (x->dtype) {
    case DT_FLOAT32: case DT_FLOAT64: case DT_INT32: case DT_INT64: case DT_UINT8: case DT_UINT32:
      return 1;
    case DT_BOOL: return e->prim == PRIM_reduce_max || e->prim == PRIM_reduce_min;
    default: return 0;
  }
}

/* One reduction of the group: member eqn, operand, output slot in P, C type. */
typedef struct Red { const IrEqn *e; int x, y, slot, fsum; DType d; } Red;

static const char *ident_of(const Red *r) {
  int mx = r->e->prim == PRIM_reduce_max;
  switch (r->e->prim) {
    case PRIM_reduce_sum: return "0";
    case PRIM_reduce_prod: return "1";
    default: break;
  }
  switch (r->d) {
    case DT_FLOAT32: case DT_FLOAT64: return mx ? "(-INFINITY)" : "INFINITY";
    case DT_INT32: return mx ? "INT32_MIN" : "INT32_MAX";
    case DT_INT64: return mx ? "INT64_MIN" : "INT64_MAX";
    case DT_UINT32: return mx ? "0" : "UINT32_MAX";
    case DT_UINT8: return mx ? "0" : "255";
    default: return mx ? "0" : "1";
  }
}

/* "a = COMB(a, b)" for reduction r */
static void put_comb(CgBuf *b, const Red *r, const char *a, const char *x) {
  switch (r->e->prim) {
    case PRIM_reduce_sum: cg_put(b, "%s = %s + %s;", a, a, x); break;
    case PRIM_reduce_prod: cg_put(b, "%s = %s * %s;", a, a, x); break;
    case PRIM_reduce_max: cg_put(b, "%s = sb_max_%s(%s, %s);", a, cg_sfx(r->d), a, x); break;
    default: cg_put(b, "%s = sb_min_%s(%s, %s);", a, cg_sfx(r->d), a, x); break;
  }
}

/* The reduction dims: size-1 dims dropped, adjacent dims of one kind merged (C order). */
typedef struct RDims { int n; int64_t size[ARR_MAXDIM], fst[ARR_MAXDIM]; int red[ARR_MAXDIM]; } RDims;
static void red_dims(const CgGroup *gr, RDims *r) {
  int64_t fst[ARR_MAXDIM], s = 1;
  for (int d = gr->nd - 1; d >= 0; d--) { fst[d] = s; s *= gr->shape[d]; }
  r->n = 0;
  for (int d = 0; d < gr->nd; d++) {
    if (gr->shape[d] == 1) continue;
    int rd = (gr->redmask >> d) & 1;
    if (r->n > 0 && r->red[r->n - 1] == rd) {
      r->size[r->n - 1] *= gr->shape[d];
      r->fst[r->n - 1] = fst[d];
      continue;
    }
    r->size[r->n] = gr->shape[d];
    r->fst[r->n] = fst[d];
    r->red[r->n] = rd;
    r->n++;
  }
}

/* sbk<k>_v(P, b, e, bufs): the reduced operands at flat positions [b, e) of the group's shape into
 * bufs[0 .. e-b), storing the full-size outputs on the way (the elementwise loop of cgen_emit.c). */
static int emit_values(CgBuf *b, const IrGraph *g, const CgGroup *gr, int k, const Red *rd, int nr) {
  cg_put(b, "\nstatic inline __attribute__((always_inline)) void sbk%d_in(int64_t n", k);
  for (int o = 0; o < gr->nout; o++) {
    int isr = 0;
    for (int j = 0; j < nr; j++) isr |= rd[j].slot == o;
    if (!isr) cg_put(b, ", %s *restrict o%d", cg_stype(g->avals[gr->out[o]].dtype), o);
  }
  for (int j = 0; j < nr; j++) cg_put(b, ", %s *restrict r%d", cg_ctype(rd[j].d), j);
  for (int s = 0; s < gr->nin; s++)
    cg_put(b, ", const %s *restrict i%d", cg_stype(g->avals[gr->in[s].var].dtype), s);
  cg_put(b, ") {\n");
  int inner = gr->cnd - 1;
  for (int s = 0; s < gr->nin; s++)
    if (gr->cst[s][inner] == 0) {
      DType d = g->avals[gr->in[s].var].dtype;
      cg_put(b, "  const %s h%d = (%s)i%d[0];\n", cg_ctype(d), s, cg_ctype(d), s);
    }
  cg_put(b, "  for (int64_t i = 0; i < n; i++) {\n");
  for (int s = 0; s < gr->nin; s++) {
    DType d = g->avals[gr->in[s].var].dtype;
    long long st = (long long)gr->cst[s][inner];
    if (st == 0) cg_put(b, "    const %s v%d = h%d;\n", cg_ctype(d), gr->in[s].as, s);
    else if (st == 1) cg_put(b, "    const %s v%d = (%s)i%d[i];\n", cg_ctype(d), gr->in[s].as, cg_ctype(d), s);
    else cg_put(b, "    const %s v%d = (%s)i%d[i * %lldLL];\n", cg_ctype(d), gr->in[s].as, cg_ctype(d), s, st);
  }
  for (int m = 0; m < gr->nmem; m++) {
    const IrEqn *e = &g->eqns[gr->mem[m]];
    if (e->prim == PRIM_broadcast_in_dim || is_red(e->prim)) continue;
    DType od = g->avals[e->out[0]].dtype;
    cg_put(b, "    const %s v%d = (%s)(", cg_ctype(od), e->out[0], cg_ctype(od));
    if (cg_expand(b, g, e) < 0) return -1;
    cg_put(b, ");\n");
  }
  for (int o = 0; o < gr->nout; o++) {
    int isr = 0;
    for (int j = 0; j < nr; j++) isr |= rd[j].slot == o;
    if (!isr) cg_put(b, "    o%d[i] = (%s)v%d;\n", o, cg_stype(g->avals[gr->out[o]].dtype), gr->out[o]);
  }
  for (int j = 0; j < nr; j++) cg_put(b, "    r%d[i] = v%d;\n", j, rd[j].x);
  cg_put(b, "  }\n}\n");

  cg_put(b, "static void sbk%d_v(char *const *P, int64_t b, int64_t e", k);
  for (int j = 0; j < nr; j++) cg_put(b, ", %s *r%d", cg_ctype(rd[j].d), j);
  cg_put(b, ") {\n  const int64_t b0 = b;\n  (void)b0;\n");
  for (int o = 0; o < gr->nout; o++) {
    const char *t = cg_stype(g->avals[gr->out[o]].dtype);
    cg_put(b, "  %s *o%d = (%s *)P[%d];\n  (void)o%d;\n", t, o, t, o, o);
  }
  for (int s = 0; s < gr->nin; s++) {
    const char *t = cg_stype(g->avals[gr->in[s].var].dtype);
    cg_put(b, "  const %s *i%d = (const %s *)P[%d];\n", t, s, t, gr->nout + s);
  }
  /* the argument list of one inner call, after n */
#define CALL_ARGS(OUTOFF, INOFF)                                                       \
  do {                                                                                 \
    for (int o = 0; o < gr->nout; o++) {                                               \
      int isr = 0;                                                                     \
      for (int j = 0; j < nr; j++) isr |= rd[j].slot == o;                             \
      if (!isr) cg_put(b, ", o%d + " OUTOFF, o);                                       \
    }                                                                                  \
    for (int j = 0; j < nr; j++) cg_put(b, ", r%d + (b - b0)", j);                     \
    for (int s = 0; s < gr->nin; s++) INOFF;                                           \
  } while (0)
  if (gr->cnd == 1) {
    cg_put(b, "  sbk%d_in(e - b", k);
    CALL_ARGS("b", (gr->cst[s][0] ? cg_put(b, ", i%d + b * %lldLL", s, (long long)gr->cst[s][0])
                                  : cg_put(b, ", i%d", s)));
    cg_put(b, ");\n}\n");
    return b->oom ? -1 : 0;
  }
  cg_walk_head(b, gr);
  cg_put(b, "    sbk%d_in(cnt", k);
  CALL_ARGS("b", cg_put(b, ", i%d + f%d", s, s));
  cg_walk_tail(b, gr);
#undef CALL_ARGS
  return b->oom ? -1 : 0;
}

/* sbk<k>_pw(P, p, n, a...): NumPy's pairwise sum of positions [p, p+n) into *a for float sums;
 * the other reductions fold the values into *a in order. */
static void emit_pairwise(CgBuf *b, int k, const Red *rd, int nr) {
  cg_put(b, "static __attribute__((noinline)) void sbk%d_leaf(char *const *P, int64_t p, int64_t n", k);
  for (int j = 0; j < nr; j++) cg_put(b, ", %s *a%d", cg_ctype(rd[j].d), j);
  cg_put(b, ") {\n");
  for (int j = 0; j < nr; j++) cg_put(b, "  %s r%d[%d];\n", cg_ctype(rd[j].d), j, RB_LEAF);
  cg_put(b, "  sbk%d_v(P, p, p + n", k);
  for (int j = 0; j < nr; j++) cg_put(b, ", r%d", j);
  cg_put(b, ");\n");
  for (int j = 0; j < nr; j++) {
    const char *T = cg_ctype(rd[j].d);
    if (rd[j].fsum) {
      cg_put(b, "  if (n < 8) {\n    %s s = (%s)-0.0;\n    for (int64_t i = 0; i < n; i++) s += r%d[i];\n"
                "    *a%d = s;\n  } else {\n    %s q[8], s;\n    for (int c = 0; c < 8; c++) q[c] = r%d[c];\n"
                "    int64_t i;\n    for (i = 8; i < n - (n %% 8); i += 8)\n"
                "      for (int c = 0; c < 8; c++) q[c] += r%d[i + c];\n"
                "    s = ((q[0] + q[1]) + (q[2] + q[3])) + ((q[4] + q[5]) + (q[6] + q[7]));\n"
                "    for (; i < n; i++) s += r%d[i];\n    *a%d = s;\n  }\n",
             T, T, j, j, T, j, j, j, j);
    } else {
      cg_put(b, "  { %s s = *a%d;\n    for (int64_t i = 0; i < n; i++) { ", T, j);
      char x[32];
      snprintf(x, sizeof x, "r%d[i]", j);
      put_comb(b, &rd[j], "s", x);
      cg_put(b, " }\n    *a%d = s; }\n", j);
    }
  }
  cg_put(b, "}\nstatic void sbk%d_pw(char *const *P, int64_t p, int64_t n", k);
  for (int j = 0; j < nr; j++) cg_put(b, ", %s *a%d", cg_ctype(rd[j].d), j);
  cg_put(b, ") {\n  if (n <= %d) { sbk%d_leaf(P, p, n", RB_LEAF, k);
  for (int j = 0; j < nr; j++) cg_put(b, ", a%d", j);
  cg_put(b, "); return; }\n  int64_t n2 = n / 2;\n  n2 -= n2 %% 8;\n");
  for (int j = 0; j < nr; j++)
    if (rd[j].fsum) cg_put(b, "  %s l%d, h%d;\n", cg_ctype(rd[j].d), j, j);
  for (int half = 0; half < 2; half++) {
    cg_put(b, half ? "  sbk%d_pw(P, p + n2, n - n2" : "  sbk%d_pw(P, p, n2", k);
    for (int j = 0; j < nr; j++) {
      if (rd[j].fsum) cg_put(b, half ? ", &h%d" : ", &l%d", j);
      else cg_put(b, ", a%d", j);
    }
    cg_put(b, ");\n");
  }
  for (int j = 0; j < nr; j++)
    if (rd[j].fsum) cg_put(b, "  *a%d = l%d + h%d;\n", j, j, j);
  cg_put(b, "}\n");
}

int cg_emit_red(CgBuf *b, const IrGraph *g, const CgGroup *gr, int k) {
  Red rd[CG_MAXSLOTS];
  int nr = 0;
  for (int m = 0; m < gr->nmem; m++) {
    const IrEqn *e = &g->eqns[gr->mem[m]];
    if (!is_red(e->prim)) continue;
    if (nr >= CG_MAXSLOTS) return -1;
    Red *r = &rd[nr++];
    r->e = e;
    r->x = e->in[0];
    r->y = e->out[0];
    r->d = g->avals[r->x].dtype;
    r->fsum = e->prim == PRIM_reduce_sum && dt_is_float(r->d);
    r->slot = -1;
    for (int o = 0; o < gr->nout; o++) if (gr->out[o] == r->y) r->slot = o;
    if (r->slot < 0) return -1;
  }
  if (nr == 0) return -1;
  if (emit_values(b, g, gr, k, rd, nr) < 0) return -1;
  RDims rdm;
  red_dims(gr, &rdm);
  int inner_red = rdm.n > 0 && rdm.red[rdm.n - 1];
  /* outer dims: kept ones give the output position, reduced ones are looped over */
  int nk = 0, nq = 0, kd[ARR_MAXDIM], qd[ARR_MAXDIM];
  for (int d = 0; d < rdm.n - 1; d++) {   /* the innermost run is handled apart */
    if (rdm.red[d]) qd[nq++] = d;
    else kd[nk++] = d;
  }
  if (inner_red) emit_pairwise(b, k, rd, nr);
  cg_put(b, "void sbk%d(char *const *P, int64_t ob, int64_t oe) {\n", k);
  for (int j = 0; j < nr; j++)
    cg_put(b, "  %s *y%d = (%s *)P[%d];\n", cg_stype(rd[j].d), j, cg_stype(rd[j].d), rd[j].slot);
  if (inner_red) {
    cg_put(b, "  for (int64_t o = ob; o < oe; o++) {\n    int64_t base = 0, t = o;\n    (void)t;\n");
    for (int q = nk - 1; q >= 0; q--)
      cg_put(b, "    base += (t %% %lldLL) * %lldLL; t /= %lldLL;\n", (long long)rdm.size[kd[q]],
             (long long)rdm.fst[kd[q]], (long long)rdm.size[kd[q]]);
    for (int j = 0; j < nr; j++)
      cg_put(b, "    %s a%d = (%s)%s;\n", cg_ctype(rd[j].d), j, cg_ctype(rd[j].d), ident_of(&rd[j]));
    for (int q = 0; q < nq; q++)
      cg_put(b, "    for (int64_t q%d = 0; q%d < %lldLL; q%d++) {\n", q, q, (long long)rdm.size[qd[q]], q);
    cg_put(b, "    {\n      int64_t p = base");
    for (int q = 0; q < nq; q++) cg_put(b, " + q%d * %lldLL", q, (long long)rdm.fst[qd[q]]);
    cg_put(b, ";\n");
    for (int j = 0; j < nr; j++)
      if (rd[j].fsum) cg_put(b, "      %s s%d;\n", cg_ctype(rd[j].d), j);
    cg_put(b, "      sbk%d_pw(P, p, %lldLL", k, (long long)rdm.size[rdm.n - 1]);
    for (int j = 0; j < nr; j++) cg_put(b, rd[j].fsum ? ", &s%d" : ", &a%d", j);
    cg_put(b, ");\n");
    for (int j = 0; j < nr; j++)
      if (rd[j].fsum) cg_put(b, "      a%d = a%d + s%d;\n", j, j, j);
    cg_put(b, "    }\n");
    for (int q = 0; q < nq; q++) cg_put(b, "    }\n");
    for (int j = 0; j < nr; j++) cg_put(b, "    y%d[o] = (%s)a%d;\n", j, cg_stype(rd[j].d), j);
    cg_put(b, "  }\n}\n");
    /* whole-array helpers: 8-byte accumulator slots, one per reduction */
    cg_put(b, "void sbk%d_part(char *const *P, int64_t p, int64_t n, char *A) {\n", k);
    for (int j = 0; j < nr; j++)
      cg_put(b, "  %s a%d = (%s)%s;\n", cg_ctype(rd[j].d), j, cg_ctype(rd[j].d), ident_of(&rd[j]));
    cg_put(b, "  sbk%d_pw(P, p, n", k);
    for (int j = 0; j < nr; j++) cg_put(b, ", &a%d", j);
    cg_put(b, ");\n");
    for (int j = 0; j < nr; j++) cg_put(b, "  __builtin_memcpy(A + %d, &a%d, sizeof a%d);\n", 8 * j, j, j);
    cg_put(b, "}\nvoid sbk%d_join(char *D, const char *A, const char *B) {\n", k);
    for (int j = 0; j < nr; j++) {
      const char *T = cg_ctype(rd[j].d);
      cg_put(b, "  { %s x, z; __builtin_memcpy(&x, A + %d, sizeof x); __builtin_memcpy(&z, B + %d, sizeof z); ",
             T, 8 * j, 8 * j);
      put_comb(b, &rd[j], "x", "z");
      cg_put(b, " __builtin_memcpy(D + %d, &x, sizeof x); }\n", 8 * j);
    }
    cg_put(b, "}\nvoid sbk%d_fin(char *const *P, const char *A) {\n", k);
    for (int j = 0; j < nr; j++)
      cg_put(b, "  %s *y%d = (%s *)P[%d];\n", cg_stype(rd[j].d), j, cg_stype(rd[j].d), rd[j].slot);
    for (int j = 0; j < nr; j++) {
      const char *T = cg_ctype(rd[j].d);
      cg_put(b, "  { %s x; __builtin_memcpy(&x, A + %d, sizeof x); ", T, 8 * j);
      if (rd[j].fsum) cg_put(b, "x = (%s)0 + x; ", T);   /* the eager output starts at 0 */
      cg_put(b, "y%d[0] = (%s)x; }\n", j, cg_stype(rd[j].d));
    }
    cg_put(b, "}\nvoid sbk%d_ident(char *A) {\n", k);
    for (int j = 0; j < nr; j++)
      cg_put(b, "  { %s x = (%s)%s; __builtin_memcpy(A + %d, &x, sizeof x); }\n", cg_ctype(rd[j].d),
             cg_ctype(rd[j].d), ident_of(&rd[j]), 8 * j);
    cg_put(b, "}\n");
    return b->oom ? -1 : 0;
  }
  /* innermost dim kept: blocks of <= RB_SEG outputs along it, folded row by row */
  int64_t kin = rdm.n > 0 ? rdm.size[rdm.n - 1] : 1;
  cg_put(b, "  int64_t o = ob;\n  while (o < oe) {\n    int64_t pos = o %% %lldLL, seg = %lldLL - pos;\n"
            "    if (seg > oe - o) seg = oe - o;\n    if (seg > %d) seg = %d;\n"
            "    int64_t base = pos, t = o / %lldLL;\n    (void)t;\n",
         (long long)kin, (long long)kin, RB_SEG, RB_SEG, (long long)kin);
  for (int q = nk - 1; q >= 0; q--)
    cg_put(b, "    base += (t %% %lldLL) * %lldLL; t /= %lldLL;\n", (long long)rdm.size[kd[q]],
           (long long)rdm.fst[kd[q]], (long long)rdm.size[kd[q]]);
  for (int j = 0; j < nr; j++) {
    const char *T = cg_ctype(rd[j].d);
    cg_put(b, "    %s a%d[%d], r%d[%d];\n    for (int64_t i = 0; i < seg; i++) a%d[i] = (%s)%s;\n", T, j,
           RB_SEG, j, RB_SEG, j, T, ident_of(&rd[j]));
  }
  for (int q = 0; q < nq; q++)
    cg_put(b, "    for (int64_t q%d = 0; q%d < %lldLL; q%d++) {\n", q, q, (long long)rdm.size[qd[q]], q);
  cg_put(b, "    {\n      int64_t p = base");
  for (int q = 0; q < nq; q++) cg_put(b, " + q%d * %lldLL", q, (long long)rdm.fst[qd[q]]);
  cg_put(b, ";\n      sbk%d_v(P, p, p + seg", k);
  for (int j = 0; j < nr; j++) cg_put(b, ", r%d", j);
  cg_put(b, ");\n");
  for (int j = 0; j < nr; j++) {
    char a[32], x[32];
    snprintf(a, sizeof a, "a%d[i]", j);
    snprintf(x, sizeof x, "r%d[i]", j);
    cg_put(b, "      for (int64_t i = 0; i < seg; i++) { ");
    put_comb(b, &rd[j], a, x);
    cg_put(b, " }\n");
  }
  cg_put(b, "    }\n");
  for (int q = 0; q < nq; q++) cg_put(b, "    }\n");
  for (int j = 0; j < nr; j++)
    cg_put(b, "    for (int64_t i = 0; i < seg; i++) y%d[o + i] = (%s)a%d[i];\n", j, cg_stype(rd[j].d), j);
  cg_put(b, "    o += seg;\n  }\n}\n");
  return b->oom ? -1 : 0;
}

/* {=== running a reducing group ===} */

typedef struct RedCtx {
  const CgGroup *gr;
  char *const *P;
  int64_t per;        /* group elements per output */
  int nred;
  /* whole-array: the pairwise tree's leaves (cpu_reduce.c's sum_pairwise_parallel) or chunks */
  int nnode, nleaf, chunks;
  int64_t noff[2 * CPU_MAX_CHUNKS], nn[2 * CPU_MAX_CHUNKS];
  int left[2 * CPU_MAX_CHUNKS], right[2 * CPU_MAX_CHUNKS], leaf[2 * CPU_MAX_CHUNKS];
  char *acc;          /* 8 * nred bytes per node or chunk */
  int64_t n;
} RedCtx;

static void run_outputs(void *c, int64_t b, int64_t e) {
  RedCtx *r = c;
  int64_t blk = CPU_POLL_BLOCK / (r->per > 0 ? r->per : 1);
  if (blk < 1) blk = 1;
  while (b < e) {
    int64_t m = e - b > blk ? b + blk : e;
    r->gr->fn(r->P, b, m);
    b = m;
    if (b < e && arr_interrupted()) return;
  }
}

static int pw_node(RedCtx *r, int64_t off, int64_t n, int depth) {
  int me = r->nnode++;
  r->noff[me] = off;
  r->nn[me] = n;
  r->left[me] = r->right[me] = -1;
  if (depth == 0 || n <= RB_LEAF) { r->leaf[r->nleaf++] = me; return me; }
  int64_t n2 = n / 2;
  n2 -= n2 % 8;
  int l = pw_node(r, off, n2, depth - 1);
  int h = pw_node(r, off + n2, n - n2, depth - 1);
  r->left[me] = l;
  r->right[me] = h;
  return me;
}

static void run_leaves(void *c, int64_t b, int64_t e) {
  RedCtx *r = c;
  for (int64_t k = b; k < e && !arr_interrupted(); k++) {
    int nd = r->leaf[k];
    r->gr->part(r->P, r->noff[nd], r->nn[nd], r->acc + (size_t)nd * 8 * (size_t)r->nred);
  }
}

static void pw_join(RedCtx *r, int nd) {
  if (r->left[nd] < 0) return;
  pw_join(r, r->left[nd]);
  pw_join(r, r->right[nd]);
  size_t w = 8 * (size_t)r->nred;
  r->gr->join(r->acc + nd * w, r->acc + (size_t)r->left[nd] * w, r->acc + (size_t)r->right[nd] * w);
}

static void run_chunks(void *c, int64_t b, int64_t e) {
  RedCtx *r = c;
  int k = (int)((b * r->chunks + r->n - 1) / r->n);   /* chunk number (as cpu_reduce.c) */
  r->gr->part(r->P, b, e - b, r->acc + (size_t)k * 8 * (size_t)r->nred);
}

int cg_red_run(const IrGraph *g, CgGroup *gr, int k, char *const *ptrs) {
  (void)k;
  int nred = 0, fsum = 0, yv = -1;
  for (int m = 0; m < gr->nmem; m++) {
    const IrEqn *e = &g->eqns[gr->mem[m]];
    if (!is_red(e->prim)) continue;
    nred++;
    if (e->prim == PRIM_reduce_sum && dt_is_float(g->avals[e->in[0]].dtype)) fsum = 1;
    yv = e->out[0];
  }
  if (yv < 0) return arr_err(ERR_INTERNAL, "fused reduction without a reduction");
  int64_t kept = 1;
  for (int d = 0; d < g->avals[yv].ndim; d++) kept *= g->avals[yv].shape[d];
  RedCtx r;
  r.gr = gr;
  r.P = ptrs;
  r.nred = nred;
  r.per = kept > 0 ? gr->size / kept : 0;
  r.n = gr->size;
  r.acc = NULL;
  int threads = cpu_pool_threads();
  if (kept != 1 || !gr->part) {
    int64_t grain = (gr->cheap ? CPU_GRAIN_CHEAP : CPU_GRAIN_MATH) / (r.per > 0 ? r.per : 1);
    cpu_parallel_for(kept, grain < 1 ? 1 : grain, run_outputs, &r);
  } else if (r.n >= 2 * CPU_GRAIN_CHEAP && threads > 1 && fsum) {
    int depth = 0;
    while ((1 << depth) < 4 * threads && (2 << depth) <= CPU_MAX_CHUNKS) depth++;
    r.nnode = r.nleaf = 0;
    pw_node(&r, 0, r.n, depth);
    r.acc = malloc((size_t)r.nnode * 8 * (size_t)nred);
    if (!r.acc) return arr_err(ERR_MEMORY, "out of memory");
    cpu_parallel_for(r.nleaf, 1, run_leaves, &r);
    pw_join(&r, 0);
    gr->fin(ptrs, r.acc);
  } else if (r.n >= 2 * CPU_GRAIN_CHEAP && threads > 1) {
    r.chunks = cpu_parallel_chunks(r.n, CPU_GRAIN_CHEAP);
    r.acc = malloc((size_t)(r.chunks + 1) * 8 * (size_t)nred);
    if (!r.acc) return arr_err(ERR_MEMORY, "out of memory");
    cpu_parallel_for(r.n, CPU_GRAIN_CHEAP, run_chunks, &r);
    char *tot = r.acc + (size_t)r.chunks * 8 * (size_t)nred;
    gr->ident(tot);
    for (int c = 0; c < r.chunks; c++) gr->join(tot, tot, r.acc + (size_t)c * 8 * (size_t)nred);
    gr->fin(ptrs, tot);
  } else {
    char acc[8 * CG_MAXSLOTS];
    gr->part(ptrs, 0, r.n, acc);
    gr->fin(ptrs, acc);
  }
  free(r.acc);
  if (arr_interrupted()) return arr_err(ERR_INTERRUPTED, "interrupted");
  return 0;
}
