/* cpu_index.c - gather, scatter (set/add/mul/min/max), dynamic_slice and dynamic_update_slice
 * with XLA's dimension numbers (index vector in the last dim of the indices). */
#include "cpu.h"

#include <stdlib.h>
#include <string.h>

/* Apply loop over an N-d window: dst[...] = f(dst[...], src[...]) with element strides. */
static void window_apply(ElemLoop loop, int binary, char *dst, const int64_t *dst_st, int dsz,
                         char *src, const int64_t *src_st, int ssz, const int64_t *shape, int nd) {
  if (nd == 0) {
    int64_t st[3] = {1, 1, 1};
    char *ins[2] = {binary ? dst : src, src};
    loop(dst, ins, st, 1);
    return;
  }
  int64_t idx[ARR_MAXDIM] = {0};
  for (int i = 0; i < nd; i++) if (shape[i] == 0) return;
  int64_t inner = shape[nd - 1];
  int64_t st[3] = {dst_st[nd - 1], binary ? dst_st[nd - 1] : src_st[nd - 1], src_st[nd - 1]};
  for (;;) {
    int64_t od = 0, os = 0;
    for (int i = 0; i < nd - 1; i++) { od += idx[i] * dst_st[i]; os += idx[i] * src_st[i]; }
    char *d = dst + od * dsz, *s = src + os * ssz;
    char *ins[2] = {binary ? d : s, s};
    loop(d, ins, st, inner);
    int i = nd - 2;
    for (; i >= 0; i--) { if (++idx[i] < shape[i]) break; idx[i] = 0; }
    if (i < 0) break;
  }
}

static int64_t load_index(const Array *ix, const char *p) {
  switch (ix->dtype) {
    case DT_INT32: return *(const int32_t *)p;
    case DT_INT64: return *(const int64_t *)p;
    case DT_UINT32: return *(const uint32_t *)p;
    case DT_UINT8: case DT_BOOL: return *(const uint8_t *)p;
    default: return 0;
  }
}

static int oob_error(int64_t i, int axis, int64_t size) {
  return arr_err(ERR_INDEX, "index %lld is out of bounds for axis %d with size %lld",
                 (long long)i, axis, (long long)size);
}

/* Resolve start[d] for the index vector at ix position `off`. Returns 1 ok, 0 out of bounds
 * (drop/fill), -1 error. */
static int resolve_starts(const Array *ix, int64_t ipos, int n, const int *map, const Array *op,
                          const int64_t *win, IndexMode mode, int64_t *start) {
  int isz = dt_size(ix->dtype);
  int64_t last_st = ix->strides[ix->ndim - 1];
  const char *base = (const char *)ix->buf->data;
  for (int d = 0; d < op->ndim; d++) start[d] = 0;
  int ok = 1;
  for (int k = 0; k < n; k++) {
    int d = map[k];
    int64_t v = load_index(ix, base + (ipos + k * last_st) * isz);
    int64_t dim = op->shape[d], hi = dim - win[d];
    if (mode == IDX_ERROR) {
      if (v < -dim || v >= dim) return oob_error(v, d, dim);
      if (v < 0) v += dim;
      if (v > hi) v = hi;
    } else if (mode == IDX_CLIP) {
      if (v < 0) v = 0;
      if (v > hi) v = hi;
    } else if (v < 0 || v > hi) {
      ok = 0;
    }
    start[d] = v;
  }
  return ok;
}

int cpu_k_gather(const Prim *p, Array *const *in, int nin, const void *params,
                    const AVal *oav, Array **out) {
  const PGather *g = params;
  Array *op = in[0], *ix = in[1];
  Array *o = arr_new_like(oav);
  if (!o) return -1;
  int esz = dt_size(op->dtype);
  /* Output dims: batch dims (not in offset_dims) and offset dims; map offset dims to the
   * operand's non-collapsed dims. */
  int bdims[ARR_MAXDIM], nb = 0, wop[ARR_MAXDIM], nw = 0;
  for (int d = 0; d < o->ndim; d++) {
    int isoff = 0;
    for (int i = 0; i < g->n_offset; i++) if (g->offset_dims[i] == d) isoff = 1;
    if (!isoff) bdims[nb++] = d;
  }
  for (int d = 0; d < op->ndim; d++) {
    int col = 0;
    for (int i = 0; i < g->n_collapsed; i++) if (g->collapsed_slice_dims[i] == d) col = 1;
    if (!col) wop[nw++] = d;
  }
  int64_t wshape[ARR_MAXDIM], wst_o[ARR_MAXDIM], wst_x[ARR_MAXDIM];
  for (int i = 0; i < nw; i++) {
    wshape[i] = g->slice_sizes[wop[i]];
    wst_o[i] = o->strides[g->offset_dims[i]];
    wst_x[i] = op->strides[wop[i]];
  }
  ElemLoop copy = cpu_convert_loop(op->dtype, op->dtype);
  int64_t nbatch = 1;
  for (int i = 0; i < ix->ndim - 1; i++) nbatch *= ix->shape[i];
  int64_t bidx[ARR_MAXDIM] = {0};
  Array *fillv = NULL;
  if (o->size == 0) nbatch = 0;
  for (int64_t b = 0; b < nbatch; b++) {
    int64_t ipos = ix->offset, opos = 0;
    for (int i = 0; i < ix->ndim - 1; i++) {
      ipos += bidx[i] * ix->strides[i];
      opos += bidx[i] * o->strides[bdims[i]];
    }
    int64_t start[ARR_MAXDIM];
    int r = resolve_starts(ix, ipos, g->n_start, g->start_index_map, op, g->slice_sizes, g->mode, start);
    if (r < 0) { arr_release(o); arr_release(fillv); return -1; }
    char *dst = (char *)arr_data(o) + opos * esz;
    if (r == 1) {
      int64_t xoff = op->offset;
      for (int d = 0; d < op->ndim; d++) xoff += start[d] * op->strides[d];
      window_apply(copy, 0, dst, wst_o, esz, (char *)op->buf->data + xoff * esz, wst_x, esz, wshape, nw);
    } else {
      if (!fillv && !(fillv = arr_scalar_f(op->dtype, g->fill_value))) { arr_release(o); return -1; }
      int64_t zero[ARR_MAXDIM] = {0};
      window_apply(copy, 0, dst, wst_o, esz, arr_data(fillv), zero, esz, wshape, nw);
    }
    for (int i = ix->ndim - 2; i >= 0; i--) { if (++bidx[i] < ix->shape[i]) break; bidx[i] = 0; }
  }
  arr_release(fillv);
  *out = o;
  return 0;
}

int cpu_k_scatter(const Prim *p, Array *const *in, int nin, const void *params,
                     const AVal *oav, Array **out) {
  const PScatter *s = params;
  Array *ix = in[1], *up = in[2];
  Array *o = arr_copy(in[0]);
  if (!o) return -1;
  o->flags = (o->flags & ~ARR_WEAK) | (oav->weak ? ARR_WEAK : 0);
  int esz = dt_size(o->dtype);
  ElemLoop loop;
  int binary = 1;
  if (p->monoid >= 0) loop = cpu_loops[p->monoid][o->dtype];   /* scatter-add, -mul, ... */
  else { loop = cpu_convert_loop(o->dtype, o->dtype); binary = 0; }   /* scatter: replace */
  if (!loop) { arr_release(o); return arr_err(ERR_TYPE, "%s does not accept dtype %s", p->name, arr_dtypes[o->dtype].name); }
  int bdims[ARR_MAXDIM], nb = 0, wop[ARR_MAXDIM], nw = 0;
  for (int d = 0; d < up->ndim; d++) {
    int isw = 0;
    for (int i = 0; i < s->n_window; i++) if (s->update_window_dims[i] == d) isw = 1;
    if (!isw) bdims[nb++] = d;
  }
  for (int d = 0; d < o->ndim; d++) {
    int ins = 0;
    for (int i = 0; i < s->n_inserted; i++) if (s->inserted_window_dims[i] == d) ins = 1;
    if (!ins) wop[nw++] = d;
  }
  int64_t win[ARR_MAXDIM], wshape[ARR_MAXDIM], wst_o[ARR_MAXDIM], wst_u[ARR_MAXDIM];
  for (int d = 0; d < o->ndim; d++) win[d] = 1;
  for (int i = 0; i < nw; i++) {
    wshape[i] = up->shape[s->update_window_dims[i]];
    win[wop[i]] = wshape[i];
    wst_o[i] = o->strides[wop[i]];
    wst_u[i] = up->strides[s->update_window_dims[i]];
  }
  IndexMode mode = s->mode == IDX_CLIP ? IDX_FILL : s->mode;
  int64_t nbatch = 1;
  for (int i = 0; i < ix->ndim - 1; i++) nbatch *= ix->shape[i];
  if (up->size == 0) nbatch = 0;
  int64_t bidx[ARR_MAXDIM] = {0};
  for (int64_t b = 0; b < nbatch; b++) {
    int64_t ipos = ix->offset, upos = up->offset;
    for (int i = 0; i < ix->ndim - 1; i++) {
      ipos += bidx[i] * ix->strides[i];
      upos += bidx[i] * up->strides[bdims[i]];
    }
    int64_t start[ARR_MAXDIM];
    int r = resolve_starts(ix, ipos, s->n_sdims, s->scatter_dims_to_operand_dims, o, win, mode, start);
    if (r < 0) { arr_release(o); return -1; }
    if (r == 1) {
      int64_t xoff = o->offset;
      for (int d = 0; d < o->ndim; d++) xoff += start[d] * o->strides[d];
      window_apply(loop, binary, (char *)o->buf->data + xoff * esz, wst_o, esz,
                   (char *)up->buf->data + upos * esz, wst_u, esz, wshape, nw);
    }
    for (int i = ix->ndim - 2; i >= 0; i--) { if (++bidx[i] < ix->shape[i]) break; bidx[i] = 0; }
  }
  *out = o;
  return 0;
}

static void clamp_starts(Array *const *idx, const Array *op, const int64_t *sizes, int64_t *start) {
  for (int d = 0; d < op->ndim; d++) {
    int64_t v = load_index(idx[d], arr_data(idx[d]));
    int64_t hi = op->shape[d] - sizes[d];
    start[d] = v < 0 ? 0 : v > hi ? hi : v;
  }
}

int cpu_k_dynamic_slice(const Prim *p, Array *const *in, int nin, const void *params,
                           const AVal *oav, Array **out) {
  const PShape *s = params;
  Array *op = in[0];
  int64_t b[ARR_MAXDIM], e[ARR_MAXDIM], st[ARR_MAXDIM];
  clamp_starts(in + 1, op, s->shape, b);
  for (int d = 0; d < op->ndim; d++) { e[d] = b[d] + s->shape[d]; st[d] = 1; }
  Array *v = arr_view_slice(op, b, e, st);
  if (!v) return -1;
  *out = arr_copy(v);
  arr_release(v);
  return *out ? 0 : -1;
}

int cpu_k_dynamic_update_slice(const Prim *p, Array *const *in, int nin, const void *params,
                                  const AVal *oav, Array **out) {
  Array *op = in[0], *upd = in[1];
  int64_t b[ARR_MAXDIM], e[ARR_MAXDIM], st[ARR_MAXDIM];
  clamp_starts(in + 2, op, upd->shape, b);
  Array *o = arr_copy(op);
  if (!o) return -1;
  for (int d = 0; d < op->ndim; d++) { e[d] = b[d] + upd->shape[d]; st[d] = 1; }
  Array *v = arr_view_slice(o, b, e, st);
  if (!v) { arr_release(o); return -1; }
  Array *ins[1] = {upd};
  cpu_run_elementwise(cpu_convert_loop(upd->dtype, o->dtype), v, ins, 1, CPU_GRAIN_CHEAP);
  arr_release(v);
  *out = o;
  return 0;
}
