/* cpu_shape.c - data-movement kernels: broadcast_in_dim, reshape, transpose, slice and rev
 * return views of their operand (arrays are immutable in jax; numpy semantics for views);
 * pad, concatenate and iota write fresh arrays. */
#include "cpu.h"

#include <string.h>

int cpu_k_broadcast(const Prim *p, Array *const *in, int nin, const void *params,
                       const AVal *oav, Array **out) {
  const PBroadcast *b = params;
  Array *x = in[0];
  Array *v = arr_view(x);
  if (!v) return -1;
  v->ndim = b->ndim;
  for (int i = 0; i < b->ndim; i++) { v->shape[i] = b->shape[i]; v->strides[i] = 0; }
  for (int i = 0; i < x->ndim; i++) {
    int d = b->bdims[i];
    v->strides[d] = (x->shape[i] == b->shape[d]) ? x->strides[i] : 0;
  }
  int64_t s = 1;
  for (int i = 0; i < b->ndim; i++) s *= b->shape[i];
  v->size = s;
  v->flags &= ~ARR_WRITABLE;
  *out = v;
  return 0;
}

int cpu_k_reshape(const Prim *p, Array *const *in, int nin, const void *params,
                     const AVal *oav, Array **out) {
  Array *v = arr_view_reshape(in[0], oav->ndim, oav->shape);
  if (!v) {
    Array *c = arr_copy(in[0]);
    if (!c) return -1;
    v = arr_view_reshape(c, oav->ndim, oav->shape);
    arr_release(c);
    if (!v) return -1;
  }
  *out = v;
  return 0;
}

int cpu_k_transpose(const Prim *p, Array *const *in, int nin, const void *params,
                       const AVal *oav, Array **out) {
  *out = arr_view_transpose(in[0], ((const PPerm *)params)->perm);
  return *out ? 0 : -1;
}

int cpu_k_slice(const Prim *p, Array *const *in, int nin, const void *params,
                   const AVal *oav, Array **out) {
  const PSlice *s = params;
  *out = arr_view_slice(in[0], s->start, s->limit, s->stride);
  return *out ? 0 : -1;
}

int cpu_k_rev(const Prim *p, Array *const *in, int nin, const void *params,
                 const AVal *oav, Array **out) {
  const PAxes *ax = params;
  Array *x = in[0];
  int64_t b[ARR_MAXDIM], e[ARR_MAXDIM], st[ARR_MAXDIM];
  for (int i = 0; i < x->ndim; i++) { b[i] = 0; e[i] = x->shape[i]; st[i] = 1; }
  for (int k = 0; k < ax->naxes; k++) {
    int i = ax->axes[k];
    b[i] = x->shape[i] - 1; e[i] = -1; st[i] = -1;
  }
  *out = arr_view_slice(x, b, e, st);
  return *out ? 0 : -1;
}

/* Copy src into dst (same shape, same dtype, any strides). */
static void copy_into(Array *dst, Array *src) {
  Array *ins[1] = {src};
  cpu_run_elementwise(cpu_convert_loop(src->dtype, dst->dtype), dst, ins, 1, CPU_GRAIN_CHEAP);
}

int cpu_k_pad(const Prim *p, Array *const *in, int nin, const void *params,
                 const AVal *oav, Array **out) {
  const PPad *pp = params;
  Array *x = in[0];
  Array *o = arr_new_like(oav);
  if (!o) return -1;
  Array *fill[1] = {in[1]};
  cpu_run_elementwise(cpu_convert_loop(in[1]->dtype, o->dtype), o, fill, 1, CPU_GRAIN_CHEAP);
  /* The operand's element j along dim i lands at lo + j*(interior+1); keep those in range. */
  int64_t xb[ARR_MAXDIM], xe[ARR_MAXDIM], xs[ARR_MAXDIM];
  int64_t ob[ARR_MAXDIM], oe[ARR_MAXDIM], os[ARR_MAXDIM];
  int empty = x->size == 0 || o->size == 0;
  for (int i = 0; i < x->ndim && !empty; i++) {
    int64_t step = pp->interior[i] + 1, lo = pp->lo[i], n = x->shape[i], on = o->shape[i];
    int64_t j0 = lo >= 0 ? 0 : (-lo + step - 1) / step;
    int64_t j1 = n;   /* exclusive */
    if (lo + (n - 1) * step >= on) j1 = (on - 1 - lo) / step + 1;
    if (on - 1 - lo < 0) j1 = 0;
    if (j1 <= j0) { empty = 1; break; }
    xb[i] = j0; xe[i] = j1; xs[i] = 1;
    ob[i] = lo + j0 * step; os[i] = step; oe[i] = ob[i] + (j1 - j0 - 1) * step + 1;
  }
  if (!empty) {
    Array *xv = arr_view_slice(x, xb, xe, xs);
    Array *ov = arr_view_slice(o, ob, oe, os);
    if (!xv || !ov) { arr_release(xv); arr_release(ov); arr_release(o); return -1; }
    copy_into(ov, xv);
    arr_release(xv);
    arr_release(ov);
  }
  *out = o;
  return 0;
}

int cpu_k_concat(const Prim *p, Array *const *in, int nin, const void *params,
                    const AVal *oav, Array **out) {
  int ax = ((const PAxis *)params)->axis;
  Array *o = arr_new_like(oav);
  if (!o) return -1;
  int64_t b[ARR_MAXDIM] = {0}, e[ARR_MAXDIM], s[ARR_MAXDIM];
  for (int i = 0; i < o->ndim; i++) { e[i] = o->shape[i]; s[i] = 1; }
  int64_t pos = 0;
  for (int k = 0; k < nin; k++) {
    int64_t n = in[k]->shape[ax];
    if (n == 0 || in[k]->size == 0) { pos += n; continue; }
    b[ax] = pos; e[ax] = pos + n;
    Array *v = arr_view_slice(o, b, e, s);
    if (!v) { arr_release(o); return -1; }
    copy_into(v, in[k]);
    arr_release(v);
    pos += n;
  }
  *out = o;
  return 0;
}

#define IOTA_FILL(d, T, sfx)                                                     \
  case d: for (int64_t i = 0; i < n; i++) ((T *)data)[i] = (T)((i / inner) % len); break;

int cpu_k_iota(const Prim *p, Array *const *in, int nin, const void *params,
                  const AVal *oav, Array **out) {
  const PIota *io = params;
  Array *o = arr_new_like(oav);
  if (!o) return -1;
  int64_t inner = 1, len = o->shape[io->dimension], n = o->size;
  for (int i = io->dimension + 1; i < o->ndim; i++) inner *= o->shape[i];
  void *data = arr_data(o);
  switch (o->dtype) {
    CPU_DTYPE_CASES(IOTA_FILL)
    default: break;
  }
  *out = o;
  return 0;
}
