/* cgen_trans.c - elementwise groups that read a transposed view (an operand contiguous along the
 * next-to-innermost dim, strided along the innermost): walked in 64 x 64 tiles, so that x.T * y
 * reuses each cache line of x across the tile's rows instead of fetching one per element. */
#include "cgen_int.h"

#define TILE 64
/* A tile's rows reuse one cache line per column of the strided operand; when that stride is a
 * multiple of 1 KiB the lines fall into 4 of L1's 64 sets (8 ways) and 64 columns evict each
 * other: 16 columns then (512 x 512 float32 transpose: 515 -> 100 us on Zen 4). */
#define TILE_ALIASED 16

int cg_wants_tiles(const CgGroup *gr) {
  if (gr->nred || gr->cnd < 2) return 0;
  int in = gr->cnd - 1;
  if (gr->cshape[in] < 2 * TILE || gr->cshape[in - 1] < 2) return 0;
  for (int s = 0; s < gr->nin; s++) {
    int64_t a = gr->cst[s][in] < 0 ? -gr->cst[s][in] : gr->cst[s][in];
    int64_t c = gr->cst[s][in - 1] < 0 ? -gr->cst[s][in - 1] : gr->cst[s][in - 1];
    if (a >= TILE && c == 1) return 1;
  }
  return 0;
}

/* sbk<k>_t(P, b, e): the same range as sbk<k> (whose inner function it calls), in tiles over
 * whole rows of the two innermost dims, row by row at a partial row. */
int cg_emit_tiled(CgBuf *b, const IrGraph *g, const CgGroup *gr, int k) {
  int nd = gr->cnd, in = nd - 1, tc = TILE;
  for (int s = 0; s < gr->nin; s++) {
    int64_t a = gr->cst[s][in] < 0 ? -gr->cst[s][in] : gr->cst[s][in];
    if (a > 1 && (a * dt_size(g->avals[gr->in[s].var].dtype)) % 1024 == 0) tc = TILE_ALIASED;
  }
  cg_put(b, "void sbk%d_t(char *const *P, int64_t b, int64_t e) {\n", k);
  for (int o = 0; o < gr->nout; o++) {
    const char *t = cg_stype(g->avals[gr->out[o]].dtype);
    cg_put(b, "  %s *o%d = (%s *)P[%d];\n", t, o, t, o);
  }
  for (int s = 0; s < gr->nin; s++) {
    const char *t = cg_stype(g->avals[gr->in[s].var].dtype);
    cg_put(b, "  const %s *i%d = (const %s *)P[%d];\n", t, s, t, gr->nout + s);
  }
  cg_put(b, "  const int64_t C = %lldLL, R = %lldLL;\n", (long long)gr->cshape[in], (long long)gr->cshape[in - 1]);
  cg_put(b, "  while (b < e) {\n    int64_t pos = b %% C, row = b / C, r2 = row %% R, t = row / R;\n");
  /* offsets of the dims outside the two innermost */
  for (int s = 0; s < gr->nin; s++) cg_put(b, "    int64_t f%d = 0;\n", s);
  for (int d = nd - 3; d >= 0; d--) {
    cg_put(b, "    { int64_t x = t %% %lldLL; t /= %lldLL;", (long long)gr->cshape[d], (long long)gr->cshape[d]);
    for (int s = 0; s < gr->nin; s++)
      if (gr->cst[s][d]) cg_put(b, " f%d += x * %lldLL;", s, (long long)gr->cst[s][d]);
    cg_put(b, " }\n");
  }
  cg_put(b, "    (void)t;\n    if (pos != 0 || e - b < 2 * C) {\n      int64_t cnt = C - pos;\n"
            "      if (cnt > e - b) cnt = e - b;\n      sbk%d_in(cnt", k);
  for (int o = 0; o < gr->nout; o++) cg_put(b, ", o%d + b", o);
  for (int s = 0; s < gr->nin; s++)
    cg_put(b, ", i%d + f%d + r2 * %lldLL + pos * %lldLL", s, s, (long long)gr->cst[s][in - 1],
           (long long)gr->cst[s][in]);
  cg_put(b, ");\n      b += cnt;\n      continue;\n    }\n");
  cg_put(b, "    int64_t nr = (e - b) / C;\n    if (nr > R - r2) nr = R - r2;\n    if (nr > %d) nr = %d;\n", TILE, TILE);
  cg_put(b, "    for (int64_t c0 = 0; c0 < C; c0 += %d) {\n      int64_t cc = C - c0 < %d ? C - c0 : %d;\n", tc, tc, tc);
  cg_put(b, "      for (int64_t r = 0; r < nr; r++) {\n        int64_t fl = b + r * C + c0;\n        sbk%d_in(cc", k);
  for (int o = 0; o < gr->nout; o++) cg_put(b, ", o%d + fl", o);
  for (int s = 0; s < gr->nin; s++)
    cg_put(b, ", i%d + f%d + (r2 + r) * %lldLL + c0 * %lldLL", s, s, (long long)gr->cst[s][in - 1],
           (long long)gr->cst[s][in]);
  cg_put(b, ");\n      }\n    }\n    b += nr * C;\n  }\n}\n");
  return b->oom ? -1 : 0;
}
