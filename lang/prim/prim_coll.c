/* prim_coll.c - the collectives over a named axis (psum, pmax, pmin, all_gather, ppermute,
 * all_to_all, reduce_scatter, axis_index): shape rules, transposes, and two batching rules each,
 * one for the batch interpreter's own axis (vmap(axis_name=), pmap run as a batch) and one for
 * another axis. Their kernels run on pmap's device workers (engine/coll.c). */
#include <stdio.h>
#include <string.h>
#include "prim_kit.h"
#include "coll.h"

/* {=== shape rules ===} */
static int rule_same(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  out[0] = in[0];
  return 1;
}

static int rule_all_gather(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PColl *c = params;
  const AVal *x = &in[0];
  if (c->tiled ? (c->dim < 0 || c->dim >= x->ndim) : (c->dim < 0 || c->dim > x->ndim))
    return arr_err(ERR_VALUE, "all_gather_dimension %d out of range for an operand of rank %d",
                   c->dim, x->ndim);
  if (!c->tiled && x->ndim >= ARR_MAXDIM) return arr_err(ERR_VALUE, "all_gather: too many dimensions");
  *out = *x;
  if (c->tiled) {
    out->shape[c->dim] = x->shape[c->dim] * c->size;
  } else {
    out->ndim = x->ndim + 1;
    for (int i = x->ndim; i > c->dim; i--) out->shape[i] = x->shape[i - 1];
    out->shape[c->dim] = c->size;
  }
  return 1;
}

static int rule_all_to_all(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PColl *c = params;
  const AVal *x = &in[0];
  if (c->dim < 0 || c->dim >= x->ndim || c->dim2 < 0 || c->dim2 >= x->ndim)
    return arr_err(ERR_VALUE, "all_to_all: split_axis %d or concat_axis %d out of range for an "
                   "operand of rank %d", c->dim, c->dim2, x->ndim);
  if (c->size < 1 || x->shape[c->dim] % c->size)
    return arr_err(ERR_VALUE, "all_to_all: the split axis has size %lld, which is not divisible "
                   "by the axis size %d", (long long)x->shape[c->dim], c->size);
  *out = *x;
  out->shape[c->dim] /= c->size;
  out->shape[c->dim2] *= c->size;
  return 1;
}

static int rule_psum_scatter(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PColl *c = params;
  const AVal *x = &in[0];
  if (c->dim < 0 || c->dim >= x->ndim)
    return arr_err(ERR_VALUE, "psum_scatter: scatter_dimension %d out of range for an operand of "
                   "rank %d", c->dim, x->ndim);
  *out = *x;
  if (c->tiled) {
    if (c->size < 1 || x->shape[c->dim] % c->size)
      return arr_err(ERR_VALUE, "psum_scatter: the scattered axis has size %lld, which is not "
                     "divisible by the axis size %d", (long long)x->shape[c->dim], c->size);
    out->shape[c->dim] /= c->size;
  } else {
    if (x->shape[c->dim] != c->size)
      return arr_err(ERR_VALUE, "reduce_scatter operand scatter dimension size %lld must match "
                     "shard count %d", (long long)x->shape[c->dim], c->size);
    out->ndim = x->ndim - 1;
    for (int i = c->dim; i < out->ndim; i++) out->shape[i] = x->shape[i + 1];
  }
  return 1;
}

static int rule_axis_index(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  memset(out, 0, sizeof *out);
  out->dtype = DT_INT32;
  return 1;
}

/* {=== transposes (all linear in their one operand) ===} */
static int bind_coll(PrimId id, Value x, const PColl *c, Value *o) {
  *o = EM_IS_NULL(x) ? em_null() : t_bind1(id, 1, &x, c);
  return EM_IS_NULL(*o) ? -1 : 0;
}
static int tp_psum(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  return bind_coll(PRIM_psum, CT, c->params, o);
}
static int tp_all_gather(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  return bind_coll(PRIM_psum_scatter, CT, c->params, o);
}
static int tp_psum_scatter(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  return bind_coll(PRIM_all_gather, CT, c->params, o);
}
static int tp_ppermute(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  PColl p = *(const PColl *)c->params;
  for (int k = 0; k < p.nperm; k++) {
    int t = p.perm[2 * k];
    p.perm[2 * k] = p.perm[2 * k + 1];
    p.perm[2 * k + 1] = t;
  }
  return bind_coll(PRIM_ppermute, CT, &p, o);
}
static int tp_all_to_all(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  PColl p = *(const PColl *)c->params;
  int t = p.dim;
  p.dim = p.dim2;
  p.dim2 = t;
  return bind_coll(PRIM_all_to_all, CT, &p, o);
}

/* {=== batching over another axis: the batch axis is one more dimension, in front ===} */
static int b_same(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                  int64_t size, Value *out, int *obd) {
  return t_front1(id, in, bd, params, out, obd);
}
static int b_shift(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                   int64_t size, Value *out, int *obd) {
  PColl p = *(const PColl *)params;
  p.dim += 1;
  p.dim2 += 1;
  return t_front1(id, in, bd, &p, out, obd);
}

/* {=== batching over the named axis itself: the batch axis is the devices ===} */
static int one(Value v, int bdim, Value *out, int *obd) {
  out[0] = v;
  obd[0] = bdim;
  return EM_IS_NULL(v) ? -1 : 1;
}
static int nb_reduce(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                     int64_t size, Value *out, int *obd) {
  if (bd[0] < 0) {
    if (id == PRIM_psum) {
      AVal av;
      if (em_aval(in[0], &av) < 0) return -1;
      Value n = t_full(&av, (double)size);
      return one(mul_(em_incref(in[0]), n), -1, out, obd);
    }
    return one(em_incref(in[0]), -1, out, obd);
  }
  PrimId r = id == PRIM_psum ? PRIM_reduce_sum : id == PRIM_pmax ? PRIM_reduce_max : PRIM_reduce_min;
  return one(t_reduce(r, in[0], 1, &bd[0]), -1, out, obd);
}
static int nb_all_gather(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                         int64_t size, Value *out, int *obd) {
  const PColl *c = params;
  Value x = t_batch_at(in[0], bd[0], c->dim, size);
  if (EM_IS_NULL(x) || !c->tiled) return one(x, -1, out, obd);
  AVal av;
  if (em_aval(x, &av) < 0) { em_decref(x); return -1; }
  int64_t sh[ARR_MAXDIM];
  int k = 0;
  for (int i = 0; i < av.ndim; i++) {
    if (i == c->dim) { sh[k++] = av.shape[i] * av.shape[i + 1]; i++; }
    else sh[k++] = av.shape[i];
  }
  Value r = t_reshape(x, k, sh);
  em_decref(x);
  return one(r, -1, out, obd);
}
static int nb_ppermute(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                       int64_t size, Value *out, int *obd) {
  const PColl *c = params;
  Value x = t_batch_at(in[0], bd[0], 0, size);
  if (EM_IS_NULL(x)) return -1;
  AVal av;
  if (em_aval(x, &av) < 0) { em_decref(x); return -1; }
  Value parts[64];
  int rc = 0, n = (int)size;
  if (n > 64) { em_decref(x); em_raise(ERR_NOTIMPL, "ppermute over more than 64 devices"); return -1; }
  for (int d = 0; d < n; d++) {
    int src = -1;
    for (int k = 0; k < c->nperm; k++) if (c->perm[2 * k + 1] == d) src = c->perm[2 * k];
    int64_t st[ARR_MAXDIM] = {0}, lim[ARR_MAXDIM], str[ARR_MAXDIM];
    for (int i = 0; i < av.ndim; i++) { lim[i] = av.shape[i]; str[i] = 1; }
    if (src >= 0 && src < n) {
      st[0] = src;
      lim[0] = src + 1;
      parts[d] = t_slice(x, st, lim, str);
    } else {
      AVal z = av;
      z.shape[0] = 1;
      parts[d] = t_zeros(&z);
    }
    if (EM_IS_NULL(parts[d])) { t_clear(parts, d); rc = -1; break; }
  }
  Value r = em_null();
  if (rc == 0) { r = t_concat(n, parts, 0); t_clear(parts, n); }
  em_decref(x);
  return one(r, 0, out, obd);
}
static int nb_all_to_all(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                         int64_t size, Value *out, int *obd) {
  const PColl *c = params;
  Value x = t_batch_at(in[0], bd[0], 0, size);            /* (j, D...) */
  if (EM_IS_NULL(x)) return -1;
  Value y = t_reshape_axis_out_of(x, c->dim + 1, size);   /* D[s] -> (d, k) */
  em_decref(x);
  if (EM_IS_NULL(y)) return -1;
  Value z = t_moveaxis(y, c->dim + 1, 0);                 /* (d, j, D with D[s] = k) */
  em_decref(y);
  if (EM_IS_NULL(z)) return -1;
  Value r = t_reshape_axis_into(z, 1, c->dim2 + 1);       /* j merged into D[c], j major */
  em_decref(z);
  return one(r, 0, out, obd);
}
static int nb_psum_scatter(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                           int64_t size, Value *out, int *obd) {
  const PColl *c = params;
  Value s;
  if (bd[0] < 0) {
    AVal av;
    if (em_aval(in[0], &av) < 0) return -1;
    s = mul_(em_incref(in[0]), t_full(&av, (double)size));
  } else {
    s = t_reduce_sum(in[0], 1, &bd[0]);
  }
  if (EM_IS_NULL(s) || !c->tiled) return one(s, c->dim, out, obd);
  Value r = t_reshape_axis_out_of(s, c->dim, size);
  em_decref(s);
  return one(r, c->dim, out, obd);
}
static int nb_axis_index(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                         int64_t size, Value *out, int *obd) {
  int64_t n = size;
  return one(t_iota(DT_INT32, 1, &n, 0), 0, out, obd);
}

/* {=== parameters in jaxpr text ===} */
static void put_axis(IrPrinter *pr, const char *key, const PColl *c) {
  ir_put(pr, "%s=('%s',)", key, coll_axis_name(c->axis));
}
static void pp_psum(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  ir_put(pr, "[");
  put_axis(pr, "axes", e->params);
  ir_put(pr, " axis_index_groups=None]");
}
static void pp_all_gather(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PColl *c = e->params;
  ir_put(pr, "[all_gather_dimension=%d axis_index_groups=None ", c->dim);
  put_axis(pr, "axis_name", c);
  ir_put(pr, " axis_size=%d tiled=%s]", c->size, c->tiled ? "True" : "False");
}
static void pp_psum_scatter(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PColl *c = e->params;
  ir_put(pr, "[axis_index_groups=None ");
  put_axis(pr, "axis_name", c);
  ir_put(pr, " axis_size=%d scatter_dimension=%d tiled=%s]", c->size, c->dim, c->tiled ? "True" : "False");
}
static void pp_ppermute(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PColl *c = e->params;
  ir_put(pr, "[");
  put_axis(pr, "axis_name", c);
  ir_put(pr, " perm=(");
  for (int k = 0; k < c->nperm; k++)
    ir_put(pr, "%s(%d, %d)", k ? ", " : "", c->perm[2 * k], c->perm[2 * k + 1]);
  ir_put(pr, "%s)]", c->nperm == 1 ? "," : "");
}
static void pp_all_to_all(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PColl *c = e->params;
  /* the primitive is always the tiled form (lax.all_to_all reshapes around it) */
  ir_put(pr, "[axis_index_groups=None axis_name=%s concat_axis=%d split_axis=%d tiled=True]",
         coll_axis_name(c->axis), c->dim2, c->dim);
}
static void pp_axis_index(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  ir_put(pr, "[axis_name=%s]", coll_axis_name(((const PColl *)e->params)->axis));
}

static const ParamField pf_coll[] = {
    PRIM_FIELD(PColl, axis, PT_INT, 0), PRIM_FIELD(PColl, size, PT_INT, 0),
    PRIM_FIELD(PColl, dim, PT_INT, 0), PRIM_FIELD(PColl, dim2, PT_INT, 0),
    PRIM_FIELD(PColl, tiled, PT_INT, 0)};

/* {=== the entries ===}
 * effect: never folded at trace time (there is no device group then) nor merged. */
const Prim prim_rows_coll[] = {
    {.id = PRIM_psum, .nin = 1, .nout = 1, .kind = PK_OTHER, PARAMS(PColl, pf_coll),
     .print = pp_psum, .rule = rule_same, .cpu = coll_k_psum, .effect = 1,
     .ad = RK_LINEAR, .lin = LIN_ALL, .transpose = tp_psum, .batch = b_same, .coll_batch = nb_reduce},
    {.id = PRIM_pmax, .nin = 1, .nout = 1, .kind = PK_OTHER, PARAMS(PColl, pf_coll),
     .print = pp_psum, .rule = rule_same, .cpu = coll_k_pmax, .effect = 1,
     .ad = RK_NONE, .batch = b_same, .coll_batch = nb_reduce},
    {.id = PRIM_pmin, .nin = 1, .nout = 1, .kind = PK_OTHER, PARAMS(PColl, pf_coll),
     .print = pp_psum, .rule = rule_same, .cpu = coll_k_pmin, .effect = 1,
     .ad = RK_NONE, .batch = b_same, .coll_batch = nb_reduce},
    {.id = PRIM_all_gather, .nin = 1, .nout = 1, .kind = PK_OTHER, PARAMS(PColl, pf_coll),
     .print = pp_all_gather, .rule = rule_all_gather, .cpu = coll_k_all_gather, .effect = 1,
     .ad = RK_LINEAR, .lin = LIN_ALL, .transpose = tp_all_gather, .batch = b_shift,
     .coll_batch = nb_all_gather},
    {.id = PRIM_ppermute, .nin = 1, .nout = 1, .kind = PK_OTHER, PARAMS(PColl, pf_coll),
     .print = pp_ppermute, .rule = rule_same, .cpu = coll_k_ppermute, .effect = 1,
     .ad = RK_LINEAR, .lin = LIN_ALL, .transpose = tp_ppermute, .batch = b_same,
     .coll_batch = nb_ppermute},
    {.id = PRIM_all_to_all, .nin = 1, .nout = 1, .kind = PK_OTHER, PARAMS(PColl, pf_coll),
     .print = pp_all_to_all, .rule = rule_all_to_all, .cpu = coll_k_all_to_all, .effect = 1,
     .ad = RK_LINEAR, .lin = LIN_ALL, .transpose = tp_all_to_all, .batch = b_shift,
     .coll_batch = nb_all_to_all},
    {.id = PRIM_psum_scatter, .nin = 1, .nout = 1, .kind = PK_OTHER, PARAMS(PColl, pf_coll),
     .print = pp_psum_scatter, .rule = rule_psum_scatter, .cpu = coll_k_psum_scatter, .effect = 1,
     .ad = RK_LINEAR, .lin = LIN_ALL, .transpose = tp_psum_scatter, .batch = b_shift,
     .coll_batch = nb_psum_scatter},
    {.id = PRIM_axis_index, .nin = 0, .nout = 1, .kind = PK_OTHER, PARAMS(PColl, pf_coll),
     .print = pp_axis_index, .rule = rule_axis_index, .cpu = coll_k_axis_index, .effect = 1,
     .ad = RK_ZERO, .coll_batch = nb_axis_index},
    {.id = PRIM_COUNT}};
