/* batch.c - vmap: the batching interpreter (tracers carry a value and its batch axis) and the
 * batching rule of every array primitive (control flow's are in control.c). A rule moves the
 * batch axis where the primitive can carry it and adjusts the parameters. */
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "transform.h"

typedef struct BatchTrace {
  LxTrace base;
  int64_t size;
} BatchTrace;

static int batch_process(Interp *self, PrimId id, int nin, const Value *in, const void *params,
                         Value *out);
static const TraceVT batch_vt = {{"batch", batch_process}, TK_BATCH, "BatchTrace", NULL};

LxTrace *batch_new(const char *transform, Value fun, int64_t size) {
  BatchTrace *t = calloc(1, sizeof *t);
  if (!t) { obj_raise_nomem(); return NULL; }
  tr_init(&t->base, &batch_vt, transform, fun);
  t->size = size;
  return &t->base;
}

int64_t batch_size(LxTrace *t) { return ((BatchTrace *)t)->size; }

Value batch_wrap(LxTrace *t, Value v, int bdim) {
  if (bdim < 0) return val_incref(v);
  AVal av;
  if (lx_aval(v, &av) < 0) return val_null();
  if (bdim >= av.ndim) return obj_raise(&obj_RuntimeError, "internal: batch axis out of range");
  for (int i = bdim; i < av.ndim - 1; i++) av.shape[i] = av.shape[i + 1];
  av.ndim--;
  return tr_new(t, &av, val_incref(v), val_null(), bdim);
}

int batch_unwrap(LxTrace *t, Value v, Value *val, int *bdim) {
  Tracer *x = tr_own(t, v);
  if (x) { *val = val_incref(x->a); *bdim = (int)x->i; return 0; }
  if (tr_check_const(t, v) < 0) return -1;
  *val = val_incref(v);
  *bdim = -1;
  return 0;
}

Value batch_moveaxis(Value v, int bdim, int to, int64_t size) {
  if (bdim < 0) return t_expand(v, to, size);
  return t_moveaxis(v, bdim, to);
}

static int batch_process(Interp *self_, PrimId id, int nin, const Value *in, const void *params,
                         Value *out) {
  BatchTrace *self = (BatchTrace *)self_;
  Value val_s[8];
  int bd_s[8];
  Value *val = nin <= 8 ? val_s : calloc((size_t)nin, sizeof(Value));
  int *bd = nin <= 8 ? bd_s : calloc((size_t)nin, sizeof(int));
  int any = 0, rc = -1;
  if (!val || !bd) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < nin; i++) {
    Tracer *x = tr_own(&self->base, in[i]);
    if (x) { val[i] = x->a; bd[i] = (int)x->i; any = 1; }
    else {
      if (tr_check_const(&self->base, in[i]) < 0) goto done;
      val[i] = in[i];
      bd[i] = -1;
    }
  }
  Interp *prev = tr_enter(self->base.it.parent);
  if (!any) {
    rc = tr_bind(id, nin, val, params, out);
    tr_leave(prev);
    goto done;
  }
  const Rule *r = &lx_rules[id];
  if (!r->batch) {
    tr_leave(prev);
    obj_raise(&obj_NotImplementedError, "Batching rule for '%s' not implemented",
              prim_table[id].name);
    goto done;
  }
  int nmax = prim_nout(id, nin, params);
  Value o_s[8], *o = nmax <= 8 ? o_s : calloc((size_t)nmax + 1, sizeof(Value));
  int obd_s[8], *obd = nmax <= 8 ? obd_s : calloc((size_t)nmax + 1, sizeof(int));
  if (!o || !obd) { tr_leave(prev); obj_raise_nomem(); goto done; }
  int n = r->batch(id, params, nin, val, bd, self->size, o, obd);
  tr_leave(prev);
  if (n >= 0) {
    rc = n;
    for (int k = 0; k < n; k++) {
      out[k] = batch_wrap(&self->base, o[k], obd[k]);
      if (VAL_IS_NULL(out[k])) { t_clear(out, k); rc = -1; break; }
    }
    t_clear(o, n);
  }
  if (o != o_s) free(o);
  if (obd != obd_s) free(obd);
done:
  if (val != val_s) free(val);
  if (bd != bd_s) free(bd);
  return rc;
}

/* {=== helpers ===} */
static int rank_of(Value v) {
  AVal av;
  if (lx_aval(v, &av) < 0) { obj_err_clear(); return 0; }
  return av.ndim;
}

/* every operand with its batch axis at 0 (unbatched ones broadcast); new refs */
static int all_at_front(int nin, const Value *in, const int *bd, int64_t size, Value *moved) {
  for (int i = 0; i < nin; i++) {
    moved[i] = batch_moveaxis(in[i], bd[i], 0, size);
    if (VAL_IS_NULL(moved[i])) { t_clear(moved, i); return -1; }
  }
  return 0;
}

static int bind_out0(PrimId id, int nin, Value *args, const void *params, Value *out, int *obd) {
  int n = tr_bind(id, nin, args, params, out);
  t_clear(args, nin);
  for (int k = 0; k < n; k++) obd[k] = 0;
  return n;
}

/* every operand batched at the front (unbatched ones broadcast), one bind */
static int all_front(PrimId id, int nin, const Value *in, const int *bd, int64_t size,
                     const void *params, Value *out, int *obd) {
  Value *args = calloc((size_t)nin + 1, sizeof(Value));
  if (!args) { obj_raise_nomem(); return -1; }
  int n = -1;
  if (all_at_front(nin, in, bd, size, args) == 0) n = bind_out0(id, nin, args, params, out, obd);
  free(args);
  return n;
}

/* The one-operand rules: the batch axis moved to the front, params adjusted by the caller for
 * the extra leading dimension, one bind. */
static int front1(PrimId id, const Value *in, const int *bd, const void *params, Value *out,
                  int *obd) {
  Value x = t_moveaxis(in[0], bd[0], 0);
  if (VAL_IS_NULL(x)) return -1;
  return bind_out0(id, 1, &x, params, out, obd);
}
/* dimension numbers of an operand that gained a leading axis */
static void shift1(int *dst, const int *src, int n) {
  for (int i = 0; i < n; i++) dst[i] = src[i] + 1;
}
/* per-dimension params of an operand that gained a leading axis of extent v0 */
static void prepend64(int64_t *dst, int64_t v0, const int64_t *src, int n) {
  dst[0] = v0;
  ir_memcpy(dst + 1, src, sizeof(int64_t) * (size_t)n);
}

/* {=== elementwise ===} */
int b_elementwise(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                  int64_t size, Value *out, int *obd) {
  Value args[8];
  if (nin > 8) { obj_raise(&obj_RuntimeError, "batch: too many operands"); return -1; }
  int R = 0;
  for (int i = 0; i < nin; i++) {
    int r = rank_of(in[i]) - (bd[i] >= 0);
    if (r > R) R = r;
  }
  for (int i = 0; i < nin; i++) {
    if (bd[i] < 0) { args[i] = val_incref(in[i]); continue; }
    Value m = t_moveaxis(in[i], bd[i], 0);
    if (VAL_IS_NULL(m)) { t_clear(args, i); return -1; }
    AVal av;
    lx_aval(m, &av);
    if (av.ndim - 1 < R) {   /* align the example dims to the right of the batch axis */
      int64_t sh[ARR_MAXDIM];
      int k = 0;
      sh[k++] = av.shape[0];
      for (int j = 0; j < R - (av.ndim - 1); j++) sh[k++] = 1;
      for (int j = 1; j < av.ndim; j++) sh[k++] = av.shape[j];
      Value r = t_reshape(m, k, sh);
      val_decref(m);
      m = r;
      if (VAL_IS_NULL(m)) { t_clear(args, i); return -1; }
    }
    args[i] = m;
  }
  return bind_out0(id, nin, args, params, out, obd);
}

/* {=== reductions and axis-parametrised ops ===} */
int b_reduce(PrimId id, const void *params, int nin, const Value *in, const int *bd,
             int64_t size, Value *out, int *obd) {
  PAxes p = *(const PAxes *)params;
  shift1(p.axes, p.axes, p.naxes);
  return front1(id, in, bd, &p, out, obd);
}

int b_arg(PrimId id, const void *params, int nin, const Value *in, const int *bd, int64_t size,
          Value *out, int *obd) {
  PArg p = *(const PArg *)params;
  p.axis += 1;
  return front1(id, in, bd, &p, out, obd);
}

int b_cum(PrimId id, const void *params, int nin, const Value *in, const int *bd, int64_t size,
          Value *out, int *obd) {
  PCum p = *(const PCum *)params;
  p.axis += 1;
  return front1(id, in, bd, &p, out, obd);
}

/* {=== shape ops ===} */
int b_broadcast(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                int64_t size, Value *out, int *obd) {
  const PBroadcast *b = params;
  PBroadcast p;
  memset(&p, 0, sizeof p);
  if (b->ndim + 1 > ARR_MAXDIM) { obj_raise(&obj_ValueError, "vmap: rank too large"); return -1; }
  p.ndim = b->ndim + 1;
  prepend64(p.shape, size, b->shape, b->ndim);
  p.bdims[0] = 0;
  shift1(p.bdims + 1, b->bdims, rank_of(in[0]) - 1);
  return front1(id, in, bd, &p, out, obd);
}

int b_reshape(PrimId id, const void *params, int nin, const Value *in, const int *bd,
              int64_t size, Value *out, int *obd) {
  const PShape *s = params;
  PShape p;
  memset(&p, 0, sizeof p);
  if (s->ndim + 1 > ARR_MAXDIM) { obj_raise(&obj_ValueError, "vmap: rank too large"); return -1; }
  p.ndim = s->ndim + 1;
  prepend64(p.shape, size, s->shape, s->ndim);
  return front1(id, in, bd, &p, out, obd);
}

int b_transpose(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                int64_t size, Value *out, int *obd) {
  const PPerm *s = params;
  PPerm p;
  memset(&p, 0, sizeof p);
  p.ndim = s->ndim + 1;
  p.perm[0] = 0;
  shift1(p.perm + 1, s->perm, s->ndim);
  return front1(id, in, bd, &p, out, obd);
}

int b_slice(PrimId id, const void *params, int nin, const Value *in, const int *bd,
            int64_t size, Value *out, int *obd) {
  const PSlice *s = params;
  PSlice p;
  memset(&p, 0, sizeof p);
  p.ndim = s->ndim + 1;
  prepend64(p.start, 0, s->start, s->ndim);
  prepend64(p.limit, size, s->limit, s->ndim);
  prepend64(p.stride, 1, s->stride, s->ndim);
  return front1(id, in, bd, &p, out, obd);
}

int b_rev(PrimId id, const void *params, int nin, const Value *in, const int *bd, int64_t size,
          Value *out, int *obd) {
  return b_reduce(id, params, nin, in, bd, size, out, obd);
}

int b_pad(PrimId id, const void *params, int nin, const Value *in, const int *bd, int64_t size,
          Value *out, int *obd) {
  const PPad *s = params;
  PPad p;
  memset(&p, 0, sizeof p);
  p.ndim = s->ndim + 1;
  prepend64(p.lo, 0, s->lo, s->ndim);
  prepend64(p.hi, 0, s->hi, s->ndim);
  prepend64(p.interior, 0, s->interior, s->ndim);
  Value x = batch_moveaxis(in[0], bd[0], 0, size);
  if (VAL_IS_NULL(x)) return -1;
  if (bd[1] < 0) {
    Value args[2] = {x, val_incref(in[1])};
    return bind_out0(id, 2, args, &p, out, obd);
  }
  /* a batched padding value: pad with zero, pad a mask, select the padding value in */
  AVal av;
  lx_aval(x, &av);
  Value zero = t_scalar(av.dtype, 0, 0);
  Value args[2] = {x, zero};
  Value padded = tr_bind1(id, 2, args, &p);
  AVal bav = av;
  bav.dtype = DT_BOOL;
  Value ones = t_full(&bav, 1.0);
  Value f = t_scalar(DT_BOOL, 0, 0);
  Value margs[2] = {ones, f};
  Value mask = VAL_IS_NULL(ones) ? val_null() : tr_bind1(id, 2, margs, &p);
  val_decref(ones); val_decref(f); val_decref(zero); val_decref(x);
  Value pv = t_moveaxis(in[1], bd[1], 0);
  AVal pav;
  Value pvb = val_null();
  if (!VAL_IS_NULL(padded) && !VAL_IS_NULL(pv) && lx_aval(padded, &pav) == 0) {
    int bdims[1] = {0};
    pvb = t_bcast_in_dim(pv, pav.ndim, pav.shape, bdims);
  }
  val_decref(pv);
  if (VAL_IS_NULL(padded) || VAL_IS_NULL(mask) || VAL_IS_NULL(pvb)) {
    val_decref(padded); val_decref(mask); val_decref(pvb);
    return -1;
  }
  out[0] = t_select(mask, padded, pvb);
  val_decref(padded); val_decref(mask); val_decref(pvb);
  obd[0] = 0;
  return VAL_IS_NULL(out[0]) ? -1 : 1;
}

int b_concat(PrimId id, const void *params, int nin, const Value *in, const int *bd,
             int64_t size, Value *out, int *obd) {
  PAxis p = *(const PAxis *)params;
  p.axis += 1;
  return all_front(id, nin, in, bd, size, &p, out, obd);
}

/* {=== gather / scatter ===} */
static Value with_counts(Value idx) {   /* prepend iota(batch) along the index vector */
  AVal av;
  if (lx_aval(idx, &av) < 0) return val_null();
  int64_t sh[ARR_MAXDIM];
  ir_memcpy(sh, av.shape, sizeof(int64_t) * (size_t)av.ndim);
  sh[av.ndim - 1] = 1;
  Value counts = t_iota(av.dtype, av.ndim, sh, 0);
  if (VAL_IS_NULL(counts)) return counts;
  Value parts[2] = {counts, idx};
  Value r = t_concat(2, parts, av.ndim - 1);
  val_decref(counts);
  return r;
}

int b_gather(PrimId id, const void *params, int nin, const Value *in, const int *bd,
             int64_t size, Value *out, int *obd) {
  const PGather *g = params;
  PGather p = *g;
  int ob = bd[0], ib = bd[1];
  Value op = t_moveaxis(in[0], ob < 0 ? 0 : ob, 0);
  if (ob < 0) { val_decref(op); op = val_incref(in[0]); }
  Value idx = ib >= 0 ? t_moveaxis(in[1], ib, 0) : val_incref(in[1]);
  if (VAL_IS_NULL(op) || VAL_IS_NULL(idx)) { val_decref(op); val_decref(idx); return -1; }
  int nd = rank_of(op);
  if (ob >= 0 && ib < 0) {   /* the batch axis becomes a sliced (offset) dimension */
    prepend64(p.slice_sizes, size, g->slice_sizes, nd - 1);
    p.n_offset = g->n_offset + 1;
    p.offset_dims[0] = 0;
    shift1(p.offset_dims + 1, g->offset_dims, g->n_offset);
    shift1(p.collapsed_slice_dims, g->collapsed_slice_dims, g->n_collapsed);
    shift1(p.start_index_map, g->start_index_map, g->n_start);
  } else if (ob < 0) {       /* batched indices: one more batch dim of the output */
    shift1(p.offset_dims, g->offset_dims, g->n_offset);
  } else {                   /* both: each index vector also picks its example */
    Value ci = with_counts(idx);
    val_decref(idx);
    if (VAL_IS_NULL(ci)) { val_decref(op); return -1; }
    idx = ci;
    prepend64(p.slice_sizes, 1, g->slice_sizes, nd - 1);
    shift1(p.offset_dims, g->offset_dims, g->n_offset);
    p.n_collapsed = g->n_collapsed + 1;
    p.collapsed_slice_dims[0] = 0;
    shift1(p.collapsed_slice_dims + 1, g->collapsed_slice_dims, g->n_collapsed);
    p.n_start = g->n_start + 1;
    p.start_index_map[0] = 0;
    shift1(p.start_index_map + 1, g->start_index_map, g->n_start);
  }
  Value args[2] = {op, idx};
  return bind_out0(id, 2, args, &p, out, obd);
}

int b_scatter(PrimId id, const void *params, int nin, const Value *in, const int *bd,
              int64_t size, Value *out, int *obd) {
  const PScatter *s = params;
  PScatter p = *s;
  Value op = batch_moveaxis(in[0], bd[0], 0, size);
  Value up = batch_moveaxis(in[2], bd[2], 0, size);
  Value idx = bd[1] >= 0 ? t_moveaxis(in[1], bd[1], 0) : val_incref(in[1]);
  if (VAL_IS_NULL(op) || VAL_IS_NULL(up) || VAL_IS_NULL(idx)) {
    val_decref(op); val_decref(up); val_decref(idx);
    return -1;
  }
  if (bd[1] < 0) {   /* the batch axis becomes a window dimension of the updates */
    p.n_window = s->n_window + 1;
    p.update_window_dims[0] = 0;
    shift1(p.update_window_dims + 1, s->update_window_dims, s->n_window);
    shift1(p.inserted_window_dims, s->inserted_window_dims, s->n_inserted);
    shift1(p.scatter_dims_to_operand_dims, s->scatter_dims_to_operand_dims, s->n_sdims);
  } else {           /* batched indices: each index vector also picks its example */
    Value ci = with_counts(idx);
    val_decref(idx);
    if (VAL_IS_NULL(ci)) { val_decref(op); val_decref(up); return -1; }
    idx = ci;
    shift1(p.update_window_dims, s->update_window_dims, s->n_window);
    p.n_inserted = s->n_inserted + 1;
    p.inserted_window_dims[0] = 0;
    shift1(p.inserted_window_dims + 1, s->inserted_window_dims, s->n_inserted);
    p.n_sdims = s->n_sdims + 1;
    p.scatter_dims_to_operand_dims[0] = 0;
    shift1(p.scatter_dims_to_operand_dims + 1, s->scatter_dims_to_operand_dims, s->n_sdims);
  }
  Value args[3] = {op, idx, up};
  return bind_out0(id, 3, args, &p, out, obd);
}

/* start indices (scalars) stacked into one index vector per example: (size, n) */
static Value stack_starts(int n, const Value *starts, const int *bd, int64_t size) {
  Value *cols = calloc((size_t)n + 1, sizeof(Value));
  if (!cols) { obj_raise_nomem(); return val_null(); }
  Value r = val_null();
  int i;
  for (i = 0; i < n; i++) {
    Value s = lx_is_arraylike(starts[i]) ? val_incref(starts[i]) : lx_asarray(starts[i], FAM_JAX, DT_INT32, 0);
    if (VAL_IS_NULL(s)) break;
    Value c = t_convert(s, DT_INT32, 0);
    val_decref(s);
    if (VAL_IS_NULL(c)) break;
    Value b = batch_moveaxis(c, bd[i], 0, size);   /* (size,) */
    val_decref(c);
    if (VAL_IS_NULL(b)) break;
    int64_t sh[2] = {size, 1};
    cols[i] = t_reshape(b, 2, sh);
    val_decref(b);
    if (VAL_IS_NULL(cols[i])) break;
  }
  if (i == n) r = t_concat(n, cols, 1);
  t_clear(cols, n);
  free(cols);
  return r;
}

int b_dynamic_slice(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                    int64_t size, Value *out, int *obd) {
  const PShape *s = params;
  int idx_batched = 0;
  for (int i = 1; i < nin; i++) idx_batched |= bd[i] >= 0;
  if (!idx_batched) {
    PShape p;
    memset(&p, 0, sizeof p);
    p.ndim = s->ndim + 1;
    prepend64(p.shape, size, s->shape, s->ndim);
    Value *args = calloc((size_t)nin + 1, sizeof(Value));
    if (!args) { obj_raise_nomem(); return -1; }
    args[0] = t_moveaxis(in[0], bd[0], 0);
    args[1] = t_scalar(DT_INT32, 0, 0);
    for (int i = 1; i < nin; i++) args[i + 1] = val_incref(in[i]);
    int n = -1;
    if (!VAL_IS_NULL(args[0]) && !VAL_IS_NULL(args[1]))
      n = bind_out0(id, nin + 1, args, &p, out, obd);
    else
      t_clear(args, nin + 1);
    free(args);
    return n;
  }
  /* batched start indices: a gather with one index vector per example */
  int r = s->ndim;
  PGather g;
  memset(&g, 0, sizeof g);
  g.n_offset = r;
  g.n_start = r;
  for (int i = 0; i < r; i++) {
    g.offset_dims[i] = i;
    g.start_index_map[i] = i;
    g.slice_sizes[i] = s->shape[i];
  }
  g.mode = IDX_CLIP;
  Value idx = stack_starts(nin - 1, in + 1, bd + 1, size);
  if (VAL_IS_NULL(idx)) return -1;
  Value gin[2] = {in[0], idx};
  int gbd[2] = {bd[0], 0};
  int n = b_gather(PRIM_gather, &g, 2, gin, gbd, size, out, obd);
  val_decref(idx);
  return n;
}

int b_dynamic_update_slice(PrimId id, const void *params, int nin, const Value *in,
                           const int *bd, int64_t size, Value *out, int *obd) {
  int idx_batched = 0;
  for (int i = 2; i < nin; i++) idx_batched |= bd[i] >= 0;
  if (!idx_batched) {
    Value *args = calloc((size_t)nin + 2, sizeof(Value));
    if (!args) { obj_raise_nomem(); return -1; }
    args[0] = batch_moveaxis(in[0], bd[0], 0, size);
    args[1] = batch_moveaxis(in[1], bd[1], 0, size);
    args[2] = t_scalar(DT_INT32, 0, 0);
    for (int i = 2; i < nin; i++) args[i + 1] = val_incref(in[i]);
    int n = -1;
    if (!VAL_IS_NULL(args[0]) && !VAL_IS_NULL(args[1]) && !VAL_IS_NULL(args[2]))
      n = bind_out0(id, nin + 1, args, params, out, obd);
    else
      t_clear(args, nin + 1);
    free(args);
    return n;
  }
  /* batched starts: clamp them so the update fits (as dynamic_update_slice does), scatter */
  AVal oav, uav;
  if (lx_aval(in[0], &oav) < 0 || lx_aval(in[1], &uav) < 0) return -1;
  int r = oav.ndim - (bd[0] >= 0);
  int64_t osh[ARR_MAXDIM], ush[ARR_MAXDIM];
  for (int i = 0, k = 0; i < oav.ndim; i++) if (i != bd[0]) osh[k++] = oav.shape[i];
  for (int i = 0, k = 0; i < uav.ndim; i++) if (i != bd[1]) ush[k++] = uav.shape[i];
  Value idx = stack_starts(nin - 2, in + 2, bd + 2, size);
  if (VAL_IS_NULL(idx)) return -1;
  int32_t hi[ARR_MAXDIM];
  for (int i = 0; i < r; i++) hi[i] = (int32_t)(osh[i] - ush[i] < 0 ? 0 : osh[i] - ush[i]);
  int64_t rsh[1] = {r};
  Array *ha = arr_from_data(DT_INT32, 1, rsh, hi);
  Value hv = ha ? lx_wrap(ha, FAM_JAX) : lx_raise_engine(FAM_JAX);
  Value zero = t_scalar(DT_INT32, 0, 0);
  Value c1 = VAL_IS_NULL(hv) ? val_null() : t_binary(PRIM_min, idx, hv);
  Value c2 = VAL_IS_NULL(c1) ? val_null() : t_binary(PRIM_max, c1, zero);
  val_decref(idx); val_decref(hv); val_decref(zero); val_decref(c1);
  if (VAL_IS_NULL(c2)) return -1;
  PScatter sp;
  memset(&sp, 0, sizeof sp);
  sp.n_window = r;
  sp.n_sdims = r;
  for (int i = 0; i < r; i++) { sp.update_window_dims[i] = i; sp.scatter_dims_to_operand_dims[i] = i; }
  sp.mode = IDX_FILL;
  Value sin[3] = {in[0], c2, in[1]};
  int sbd[3] = {bd[0], 0, bd[1]};
  int n = b_scatter(PRIM_scatter, &sp, 3, sin, sbd, size, out, obd);
  val_decref(c2);
  return n;
}

/* {=== dot_general ===} */
int b_dot_general(PrimId id, const void *params, int nin, const Value *in, const int *bd,
                  int64_t size, Value *out, int *obd) {
  const PDot *d = params;
  PDot p = *d;
  Value a = bd[0] >= 0 ? t_moveaxis(in[0], bd[0], 0) : val_incref(in[0]);
  Value b = bd[1] >= 0 ? t_moveaxis(in[1], bd[1], 0) : val_incref(in[1]);
  if (VAL_IS_NULL(a) || VAL_IS_NULL(b)) { val_decref(a); val_decref(b); return -1; }
  int ra = rank_of(a) - (bd[0] >= 0);
  int sa = bd[0] >= 0, sb = bd[1] >= 0;
  for (int i = 0; i < d->nc; i++) { p.lhs_contract[i] = d->lhs_contract[i] + sa; p.rhs_contract[i] = d->rhs_contract[i] + sb; }
  for (int i = 0; i < d->nb; i++) { p.lhs_batch[i] = d->lhs_batch[i] + sa; p.rhs_batch[i] = d->rhs_batch[i] + sb; }
  int ob;
  if (sa && sb) {
    p.nb = d->nb + 1;
    ir_memmove(p.lhs_batch + 1, p.lhs_batch, sizeof(int) * (size_t)d->nb);
    ir_memmove(p.rhs_batch + 1, p.rhs_batch, sizeof(int) * (size_t)d->nb);
    p.lhs_batch[0] = 0;
    p.rhs_batch[0] = 0;
    ob = 0;
  } else if (sa) {
    ob = d->nb;
  } else if (rank_of(b) - 1 - d->nc - d->nb == 0) {
    /* only the rhs is batched and the batch axis is its only free dim (matrix @ vector under
     * vmap): with the operands swapped the result comes out (..., batch, lhs free), which is
     * the same layout with the batch axis in front of the lhs free dims, instead of after them
     * (no transpose of the result later: batched_predict's w @ x gives x @ w^T directly) */
    PDot q;
    memset(&q, 0, sizeof q);
    q.nc = p.nc;
    q.nb = p.nb;
    ir_memcpy(q.lhs_contract, p.rhs_contract, sizeof(int) * (size_t)p.nc);
    ir_memcpy(q.rhs_contract, p.lhs_contract, sizeof(int) * (size_t)p.nc);
    ir_memcpy(q.lhs_batch, p.rhs_batch, sizeof(int) * (size_t)p.nb);
    ir_memcpy(q.rhs_batch, p.lhs_batch, sizeof(int) * (size_t)p.nb);
    Value sw[2] = {b, a};
    int n = tr_bind(id, 2, sw, &q, out);
    t_clear(sw, 2);
    obd[0] = d->nb;
    return n;
  } else {
    ob = d->nb + (ra - d->nc - d->nb);
  }
  Value args[2] = {a, b};
  int n = tr_bind(id, 2, args, &p, out);
  t_clear(args, 2);
  obd[0] = ob;
  return n;
}

/* {=== conv ===} */
int b_conv(PrimId id, const void *params, int nin, const Value *in, const int *bd, int64_t size,
           Value *out, int *obd) {
  const PConv *c = params;
  PConv p = *c;
  Value lhs = val_null(), rhs = val_null(), r = val_null();
  int od;
  if (bd[0] >= 0 && bd[1] >= 0) {
    lhs = t_reshape_axis_into(in[0], bd[0], c->lhs_spec[1]);
    rhs = t_reshape_axis_into(in[1], bd[1], c->rhs_spec[0]);
    p.feature_group_count = c->feature_group_count * (int)size;
    od = c->out_spec[1];
  } else if (bd[0] >= 0) {
    lhs = t_reshape_axis_into(in[0], bd[0], c->lhs_spec[0]);
    rhs = val_incref(in[1]);
    od = c->out_spec[0];
  } else if (c->feature_group_count == 1) {
    lhs = val_incref(in[0]);
    rhs = t_reshape_axis_into(in[1], bd[1], c->rhs_spec[0]);
    od = c->out_spec[1];
  } else {
    /* JAX's batching rule: the groups must stay outermost in the kernel's output features, so
     * factor them out, fold the batch into what remains, and put them back (same on the
     * output) */
    int G = c->feature_group_count, o = c->rhs_spec[0], b = bd[1];
    Value r1 = t_reshape_axis_out_of(in[1], o + (b <= o), G);
    Value r2 = VAL_IS_NULL(r1) ? r1 : t_reshape_axis_into(r1, b + (o < b), o + 1);
    rhs = VAL_IS_NULL(r2) ? r2 : t_reshape_axis_into(r2, o, o);
    val_decref(r1);
    val_decref(r2);
    lhs = val_incref(in[0]);
    Value args[2] = {lhs, rhs};
    if (!VAL_IS_NULL(rhs)) r = tr_bind1(id, 2, args, &p);
    val_decref(lhs);
    val_decref(rhs);
    if (VAL_IS_NULL(r)) return -1;
    od = c->out_spec[1];
    Value o1 = t_reshape_axis_out_of(r, od, G);
    val_decref(r);
    Value o2 = VAL_IS_NULL(o1) ? o1 : t_reshape_axis_out_of(o1, od + 1, size);
    val_decref(o1);
    out[0] = VAL_IS_NULL(o2) ? o2 : t_reshape_axis_into(o2, od, od + 1);
    val_decref(o2);
    obd[0] = od;
    return VAL_IS_NULL(out[0]) ? -1 : 1;
  }
  if (!VAL_IS_NULL(lhs) && !VAL_IS_NULL(rhs)) {
    Value args[2] = {lhs, rhs};
    r = tr_bind1(id, 2, args, &p);
  }
  val_decref(lhs);
  val_decref(rhs);
  if (VAL_IS_NULL(r)) return -1;
  out[0] = t_reshape_axis_out_of(r, od, size);
  val_decref(r);
  obd[0] = od;
  return VAL_IS_NULL(out[0]) ? -1 : 1;
}

/* {=== windows, sort, linear algebra ===} */
int b_window(PrimId id, const void *params, int nin, const Value *in, const int *bd,
             int64_t size, Value *out, int *obd) {
  const PWindow *w = params;
  PWindow p;
  memset(&p, 0, sizeof p);
  p.ndim = w->ndim + 1;
  prepend64(p.window, 1, w->window, w->ndim);
  prepend64(p.strides, 1, w->strides, w->ndim);
  prepend64(p.pad_lo, 0, w->pad_lo, w->ndim);
  prepend64(p.pad_hi, 0, w->pad_hi, w->ndim);
  return front1(id, in, bd, &p, out, obd);
}

int b_sort(PrimId id, const void *params, int nin, const Value *in, const int *bd, int64_t size,
           Value *out, int *obd) {
  PSort p = *(const PSort *)params;
  p.dimension += 1;
  return all_front(id, nin, in, bd, size, &p, out, obd);
}

/* linear algebra: batched over leading dimensions already */
int b_leading(PrimId id, const void *params, int nin, const Value *in, const int *bd,
              int64_t size, Value *out, int *obd) {
  return all_front(id, nin, in, bd, size, params, out, obd);
}

