/* cgen_tile.c - fusion groups without compiled code: each group runs tile by tile through the eager
 * kernels' own loops, its intermediates in L1/L2 instead of memory, bit-equal to the eager graph. */
#include "cgen_int.h"
#include "cpu/cpu.h"

#include <stdlib.h>
#include <string.h>

/* Elements per tile: 4 KiB of float32 per value; a group of 10 values stays within L1/L2. */
#define TILE 1024

enum { OP_LOOP, OP_IPOW, OP_SATCVT };
typedef struct TileOp {
  int kind, nin;
  ElemLoop loop;
  int src[3], dst;           /* value indices */
  DType dt, to;              /* OP_IPOW: the dtype; OP_SATCVT: from -> to */
  int64_t y;                 /* OP_IPOW: the exponent */
} TileOp;

/* Values 0..nin-1 are the group's slots (in slot order), then one per member output. */
enum { V_FLAT, V_CONST, V_GATHER, V_OUT, V_TEMP };
typedef struct TileVal {
  int mode, idx;             /* V_FLAT/V_CONST/V_GATHER: slot; V_OUT: output; V_TEMP: buffer */
  int var;
  DType dt;
} TileVal;

struct CgTile {
  int nops, nvals, nbuf;
  TileOp *ops;
  TileVal *vals;
};

void cg_tile_free(CgTile *t) {
  if (!t) return;
  free(t->ops);
  free(t->vals);
  free(t);
}

static int val_of(const CgTile *t, int var) {
  for (int v = t->nvals - 1; v >= 0; v--)
    if (t->vals[v].var == var) return v;
  return -1;
}

/* The eager kernel's own loop for member e (what prim_run_cpu would run), or -1. */
static int member_op(const IrGraph *g, const IrEqn *e, TileOp *op) {
  const Prim *p = &prim_table[e->prim];
  DType od = g->avals[e->out[0]].dtype;
  memset(op, 0, sizeof *op);
  op->nin = e->nin;
  op->kind = OP_LOOP;
  if (p->cpu == cpu_k_elementwise) {
    DType d = g->avals[e->in[p->promote > 1 ? p->promote - 1 : 0]].dtype;
    op->loop = cpu_loops[e->prim][d];
  } else if (p->cpu == cpu_k_convert && e->nin == 1) {
    const PConvert *c = e->params;
    DType from = g->avals[e->in[0]].dtype;
    if (c && c->sat && dt_is_float(from) &&
        (od == DT_UINT8 || od == DT_UINT32 || od == DT_INT32 || od == DT_INT64)) {
      if (from != DT_FLOAT32 && from != DT_FLOAT64) return -1;
      op->kind = OP_SATCVT;
      op->dt = from;
      op->to = od;
      return 0;
    }
    op->loop = cpu_convert_loop(from, od);
  } else if (p->cpu == cpu_k_copy && e->nin == 1) {
    op->loop = cpu_convert_loop(od, od);
  } else if (p->cpu == cpu_k_integer_pow && e->nin == 1 && e->params) {
    op->kind = OP_IPOW;
    op->dt = od;
    op->y = ((const PIntPow *)e->params)->y;
    switch (od) {
      case DT_FLOAT32: case DT_FLOAT64: case DT_INT32: case DT_INT64: case DT_UINT8: case DT_UINT32:
        return 0;
      default: return -1;
    }
  } else {
    return -1;
  }
  return op->loop ? 0 : -1;
}

CgTile *cg_tile_make(const IrGraph *g, const CgGroup *G) {
  if (!G->ok || G->cnd < 1) return NULL;
  CgTile *t = calloc(1, sizeof *t);
  int nv = G->nin + G->nmem;
  if (!t) return NULL;
  t->ops = calloc((size_t)G->nmem + 1, sizeof(TileOp));
  t->vals = calloc((size_t)nv + 1, sizeof(TileVal));
  int *last = calloc((size_t)nv + 1, sizeof(int));
  if (!t->ops || !t->vals || !last) goto bad;
  int64_t cont[ARR_MAXDIM], s = 1;
  for (int d = G->cnd - 1; d >= 0; d--) { cont[d] = s; s *= G->cshape[d]; }
  for (int k = 0; k < G->nin; k++) {
    TileVal *v = &t->vals[t->nvals++];
    int flat = 1, zero = 1;
    for (int d = 0; d < G->cnd; d++) {
      if (G->cst[k][d] != cont[d]) flat = 0;
      if (G->cst[k][d] != 0) zero = 0;
    }
    v->mode = flat ? V_FLAT : zero ? V_CONST : V_GATHER;
    v->idx = k;
    v->var = G->in[k].as;
    v->dt = g->avals[G->in[k].var].dtype;
    if (v->mode == V_GATHER) v->idx = t->nbuf++;   /* its own buffer for the whole tile */
  }
  /* members in graph order; temporaries share buffers once their last reader has run */
  for (int m = 0; m < G->nmem; m++) {
    const IrEqn *e = &g->eqns[G->mem[m]];
    if (e->prim == PRIM_broadcast_in_dim) continue;   /* a slot */
    if (e->nout != 1 || e->nin < 1 || e->nin > 3) goto bad;
    const AVal *oav = &g->avals[e->out[0]];
    if (oav->ndim != G->nd) goto bad;
    for (int d = 0; d < G->nd; d++) if (oav->shape[d] != G->shape[d]) goto bad;
    TileOp *op = &t->ops[t->nops];
    if (member_op(g, e, op) < 0) goto bad;
    for (int k = 0; k < e->nin; k++) {
      int v = val_of(t, e->in[k]);
      if (v < 0) goto bad;
      op->src[k] = v;
      last[v] = t->nops;
    }
    TileVal *v = &t->vals[t->nvals];
    v->var = e->out[0];
    v->dt = oav->dtype;
    v->mode = V_TEMP;
    for (int o = 0; o < G->nout; o++)
      if (G->out[o] == e->out[0]) { v->mode = V_OUT; v->idx = o; }
    op->dst = t->nvals++;
    t->nops++;
  }
  /* an output no member writes is a broadcast (a slot): copied out of its slot */
  for (int o = 0; o < G->nout; o++) {
    int done = 0;
    for (int v = G->nin; v < t->nvals; v++) done |= t->vals[v].mode == V_OUT && t->vals[v].idx == o;
    if (done) continue;
    int src = val_of(t, G->out[o]);
    if (src < 0 || t->nvals >= nv + 1 || t->nops >= G->nmem + 1) goto bad;
    TileOp *op = &t->ops[t->nops];
    memset(op, 0, sizeof *op);
    op->kind = OP_LOOP;
    op->nin = 1;
    op->loop = cpu_convert_loop(t->vals[src].dt, t->vals[src].dt);
    op->src[0] = src;
    last[src] = t->nops;
    TileVal *v = &t->vals[t->nvals];
    v->var = G->out[o];
    v->dt = t->vals[src].dt;
    v->mode = V_OUT;
    v->idx = o;
    op->dst = t->nvals++;
    t->nops++;
  }
  /* buffer assignment over the op sequence */
  {
    int nb0 = t->nbuf, nfree = 0;
    int *freel = calloc((size_t)nv + 1, sizeof(int));
    if (!freel) goto bad;
    for (int i = 0; i < t->nops; i++) {
      TileOp *op = &t->ops[i];
      TileVal *d = &t->vals[op->dst];
      if (d->mode == V_TEMP) d->idx = nfree ? freel[--nfree] : t->nbuf++;
      for (int k = 0; k < op->nin; k++) {
        int v = op->src[k];
        int dup = 0;
        for (int j = 0; j < k; j++) dup |= op->src[j] == v;
        if (!dup && last[v] == i && v >= G->nin && t->vals[v].mode == V_TEMP) freel[nfree++] = t->vals[v].idx;
      }
    }
    (void)nb0;
    free(freel);
  }
  free(last);
  if (t->nops == 0) { cg_tile_free(t); return NULL; }
  return t;
bad:
  free(last);
  cg_tile_free(t);
  return NULL;
}

/* integer_pow and the saturating float -> int casts, expression for expression as cpu_elem.c */
#define IPOW(T, MUL)                                                                   \
  {                                                                                    \
    const T *x = (const T *)in;                                                        \
    T *o = (T *)out;                                                                   \
    for (int64_t i = 0; i < n; i++) {                                                  \
      T base = x[i * sx], r = 1;                                                       \
      uint64_t k = e;                                                                  \
      while (k) { if (k & 1) r = MUL(r, base); base = MUL(base, base); k >>= 1; }      \
      o[i] = r;                                                                        \
    }                                                                                  \
  }
#define FMUL(a, b) ((a) * (b))
#define U32MUL(a, b) ((int32_t)((uint32_t)(a) * (uint32_t)(b)))
#define U64MUL(a, b) ((int64_t)((uint64_t)(a) * (uint64_t)(b)))
#define U8MUL(a, b) ((uint8_t)((unsigned)(a) * (unsigned)(b)))
#define UU32MUL(a, b) ((uint32_t)((a) * (b)))
static void run_ipow(DType dt, int64_t y, char *out, const char *in, int64_t sx, int64_t n) {
  int neg = y < 0;
  uint64_t e = neg ? (uint64_t)0 - (uint64_t)y : (uint64_t)y;
  switch (dt) {
    case DT_FLOAT32:
      IPOW(float, FMUL)
      if (neg) for (int64_t i = 0; i < n; i++) ((float *)out)[i] = 1.0f / ((float *)out)[i];
      break;
    case DT_FLOAT64:
      IPOW(double, FMUL)
      if (neg) for (int64_t i = 0; i < n; i++) ((double *)out)[i] = 1.0 / ((double *)out)[i];
      break;
    case DT_INT32: IPOW(int32_t, U32MUL) break;
    case DT_INT64: IPOW(int64_t, U64MUL) break;
    case DT_UINT8: IPOW(uint8_t, U8MUL) break;
    case DT_UINT32: IPOW(uint32_t, UU32MUL) break;
    default: break;
  }
}

static inline int64_t fsat(double x, double lo, double hi, int64_t ilo, int64_t ihi) {
  return x != x ? 0 : x <= lo ? ilo : x >= hi ? ihi : (int64_t)x;
}
static void run_satcvt(DType from, DType to, char *out, const char *in, int64_t sx, int64_t n) {
  for (int64_t i = 0; i < n; i++) {
    double x = from == DT_FLOAT32 ? (double)((const float *)in)[i * sx] : ((const double *)in)[i * sx];
    switch (to) {
      case DT_UINT8: ((uint8_t *)out)[i] = (uint8_t)fsat(x, 0.0, 255.0, 0, 255); break;
      case DT_UINT32: ((uint32_t *)out)[i] = (uint32_t)fsat(x, 0.0, 4294967295.0, 0, 4294967295LL); break;
      case DT_INT32: ((int32_t *)out)[i] = (int32_t)fsat(x, -2147483648.0, 2147483647.0, INT32_MIN, INT32_MAX); break;
      default: ((int64_t *)out)[i] = fsat(x, -9223372036854775808.0, 9223372036854775807.0, INT64_MIN, INT64_MAX); break;
    }
  }
}

/* Copy the part [b, e) of slot k's values (walked over the coalesced shape) into buf. */
static void gather(const CgGroup *G, int k, DType dt, const char *base, char *buf, int64_t b, int64_t e) {
  int nd = G->cnd, in1 = nd - 1;
  int64_t idx[ARR_MAXDIM], rest = b / G->cshape[in1], pos = b % G->cshape[in1];
  for (int d = nd - 2; d >= 0; d--) { idx[d] = rest % G->cshape[d]; rest /= G->cshape[d]; }
  ElemLoop cp = cpu_convert_loop(dt, dt);
  size_t esz = dt_size(dt);
  int64_t st[2] = {1, G->cst[k][in1]};
  char *o = buf;
  while (b < e) {
    int64_t cnt = G->cshape[in1] - pos;
    if (cnt > e - b) cnt = e - b;
    int64_t off = pos * G->cst[k][in1];
    for (int d = 0; d < nd - 1; d++) off += idx[d] * G->cst[k][d];
    char *src = (char *)base + off * (int64_t)esz;
    cp(o, &src, st, cnt);
    o += cnt * (int64_t)esz;
    b += cnt;
    pos = 0;
    for (int d = nd - 2; d >= 0; d--) { if (++idx[d] < G->cshape[d]) break; idx[d] = 0; }
  }
}

int64_t cg_tile_scratch(const CgTile *t) { return t ? (int64_t)t->nbuf * TILE * 8 : 0; }

/* Where value v of the tile starting at b lives, and its stride (0 for a constant). */
static char *val_ptr(const CgTile *t, const CgGroup *G, char *const *ptrs, char *scratch, int v,
                     int64_t b, int64_t *st) {
  const TileVal *x = &t->vals[v];
  size_t esz = dt_size(x->dt);
  *st = 1;
  switch (x->mode) {
    case V_FLAT: return ptrs[G->nout + x->idx] + b * (int64_t)esz;
    case V_CONST: *st = 0; return ptrs[G->nout + x->idx];
    case V_OUT: return ptrs[x->idx] + b * (int64_t)esz;
    default: return scratch + (int64_t)x->idx * TILE * 8;
  }
}

void cg_tile_run(const CgTile *t, const CgGroup *G, char *const *ptrs, char *scratch, int64_t b, int64_t e) {
  while (b < e) {
    int64_t n = e - b > TILE ? TILE : e - b;
    for (int v = 0; v < G->nin; v++)
      if (t->vals[v].mode == V_GATHER)
        gather(G, v, t->vals[v].dt, ptrs[G->nout + v], scratch + (int64_t)t->vals[v].idx * TILE * 8, b, b + n);
    for (int i = 0; i < t->nops; i++) {
      const TileOp *op = &t->ops[i];
      int64_t st[4], so;
      char *in[3];
      char *out = val_ptr(t, G, ptrs, scratch, op->dst, b, &so);
      st[0] = 1;
      for (int k = 0; k < op->nin; k++) in[k] = val_ptr(t, G, ptrs, scratch, op->src[k], b, &st[k + 1]);
      if (op->kind == OP_LOOP) op->loop(out, in, st, n);
      else if (op->kind == OP_IPOW) run_ipow(op->dt, op->y, out, in[0], st[1], n);
      else run_satcvt(op->dt, op->to, out, in[0], st[1], n);
    }
    b += n;
  }
}
