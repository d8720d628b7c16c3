/* prim.c - the primitive table: names, arities, parameter descriptions and the shape/dtype
 * rules (where shape errors are raised), plus prim_bind, the eager dispatcher. */
#include "prim.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/cpu.h"

Prim prim_table[PRIM_COUNT];
static int inited;

/* {=== helpers for rules ===} */
static const char *dtn(DType d) { return arr_dtypes[d].name; }
#define SHAPE(av, buf) arr_shape_str((av)->shape, (av)->ndim, buf, sizeof buf)

static int same_dtypes(const Prim *p, const AVal *in, int nin) {
  for (int i = 1; i < nin; i++)
    if (in[i].dtype != in[0].dtype) {
      char list[256] = "";
      for (int k = 0; k < nin; k++) {
        strncat(list, k ? ", " : "", sizeof list - strlen(list) - 1);
        strncat(list, dtn(in[k].dtype), sizeof list - strlen(list) - 1);
      }
      return arr_err(ERR_TYPE, "%s requires arguments to have the same dtypes, got %s.",
                     p->name, list);
    }
  return 0;
}

static int accepts(const Prim *p, DType d) {
  if (p->loops[d]) return 0;
  const char *what = "numeric";
  if (p->loops[DT_FLOAT32] && !p->loops[DT_INT32]) what = "floating";
  else if (p->loops[DT_INT32] && !p->loops[DT_FLOAT32]) what = "integer or boolean";
  return arr_err(ERR_TYPE, "%s does not accept dtype %s. Accepted dtypes are subtypes of %s.",
                 p->name, dtn(d), what);
}

static int check_axis(const Prim *p, int axis, int ndim) {
  if (axis < 0 || axis >= ndim)
    return arr_err(ERR_VALUE, "axis %d is out of bounds for array of dimension %d", axis, ndim);
  return 0;
}

/* {=== elementwise ===} */
static int rule_unary(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  if (accepts(p, in[0].dtype) < 0) return -1;
  *out = in[0];
  if (p->id == PRIM_is_finite || p->id == PRIM_is_nan || p->id == PRIM_is_inf) {
    out->dtype = DT_BOOL;
    out->weak = 0;
  }
  return 1;
}

static int rule_binary(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  if (same_dtypes(p, in, 2) < 0 || accepts(p, in[0].dtype) < 0) return -1;
  int nd;
  if (arr_broadcast_shapes(p->name, in[0].shape, in[0].ndim, in[1].shape, in[1].ndim,
                           out->shape, &nd) < 0)
    return -1;
  out->ndim = nd;
  out->dtype = p->kind == PK_COMPARE ? DT_BOOL : in[0].dtype;
  out->weak = p->kind == PK_COMPARE ? 0 : (in[0].weak && in[1].weak);
  return 1;
}

static int rule_select(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  if (in[0].dtype != DT_BOOL)
    return arr_err(ERR_TYPE, "select pred must be boolean, got %s", dtn(in[0].dtype));
  if (same_dtypes(p, in + 1, 2) < 0) return -1;
  int64_t s1[ARR_MAXDIM];
  int n1;
  if (arr_broadcast_shapes("where", in[0].shape, in[0].ndim, in[1].shape, in[1].ndim, s1, &n1) < 0)
    return -1;
  if (arr_broadcast_shapes("where", s1, n1, in[2].shape, in[2].ndim, out->shape, &out->ndim) < 0)
    return -1;
  out->dtype = in[1].dtype;
  out->weak = in[1].weak && in[2].weak;
  return 1;
}

static int rule_convert(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PConvert *c = params;
  if ((unsigned)c->new_dtype >= DT_COUNT) return arr_err(ERR_TYPE, "invalid dtype");
  *out = in[0];
  out->dtype = c->new_dtype;
  out->weak = c->weak != 0;
  return 1;
}

static int rule_same(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  *out = in[0];
  return 1;
}

static int rule_integer_pow(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  if (in[0].dtype == DT_BOOL)
    return arr_err(ERR_TYPE, "integer_pow does not accept dtype bool.");
  *out = in[0];
  return 1;
}

/* {=== data movement ===} */
static int rule_broadcast(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PBroadcast *b = params;
  char s1[400], s2[400];
  if (b->ndim < 0 || b->ndim > ARR_MAXDIM) return arr_err(ERR_VALUE, "broadcast_in_dim: bad rank");
  for (int i = 0; i < b->ndim; i++)
    if (b->shape[i] < 0) return arr_err(ERR_VALUE, "negative dimensions are not allowed");
  for (int i = 0; i < in[0].ndim; i++) {
    int d = b->bdims[i];
    if (d < 0 || d >= b->ndim || (i > 0 && d <= b->bdims[i - 1]) ||
        (in[0].shape[i] != 1 && in[0].shape[i] != b->shape[d])) {
      SHAPE(&in[0], s1);
      arr_shape_str(b->shape, b->ndim, s2, sizeof s2);
      arr_err(ERR_TYPE, "broadcast_in_dim: operand shape %s cannot be broadcast to %s", s1, s2);
      arr_err_np(ERR_VALUE, "operands could not be broadcast together with remapped shapes "
                            "[original->remapped]: %s  and requested shape %s", s1, s2);
      return -1;
    }
  }
  if (in[0].ndim > b->ndim) {
    SHAPE(&in[0], s1);
    arr_shape_str(b->shape, b->ndim, s2, sizeof s2);
    return arr_err(ERR_VALUE, "input operand has more dimensions than allowed by the axis "
                              "remapping: %s to %s", s1, s2);
  }
  out->dtype = in[0].dtype;
  out->weak = in[0].weak;
  out->ndim = b->ndim;
  memcpy(out->shape, b->shape, sizeof(int64_t) * b->ndim);
  return arr_shape_size(out->shape, out->ndim) < 0 ? -1 : 1;
}

static int rule_reshape(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PShape *s = params;
  if (s->ndim < 0 || s->ndim > ARR_MAXDIM) return arr_err(ERR_VALUE, "reshape: bad rank");
  int64_t n0 = arr_shape_size(in[0].shape, in[0].ndim);
  int64_t sh[ARR_MAXDIM];
  memcpy(sh, s->shape, sizeof(int64_t) * s->ndim);
  if (arr_resolve_reshape(n0, s->ndim, sh) < 0) {
    int64_t known = 1;
    int neg = 0;
    int ovf = 0;
    for (int i = 0; i < s->ndim; i++) {
      if (s->shape[i] == -1) neg = 1;
      else if (s->shape[i] >= 0 && __builtin_mul_overflow(known, s->shape[i], &known)) ovf = 1;
    }
    if (ovf) neg = 1;   /* keep the generic message */
    if (arr_last_error()->np_msg[0] && !neg) {   /* a size mismatch: JAX's wording */
      char s1[400], s2[400];
      ArrError keep = *arr_last_error();
      SHAPE(&in[0], s1);
      arr_shape_str(s->shape, s->ndim, s2, sizeof s2);
      arr_err(ERR_TYPE, "cannot reshape array of shape %s (size %lld) into shape %s because the product of "
                        "specified axis sizes (%lld) != %lld", s1, (long long)n0, s2, (long long)known, (long long)n0);
      arr_err_np(keep.np_kind, "%s", keep.np_msg);
    }
    return -1;
  }
  *out = in[0];
  out->ndim = s->ndim;
  memcpy(out->shape, sh, sizeof(int64_t) * s->ndim);
  return 1;
}

static int rule_transpose(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PPerm *pp = params;
  int seen[ARR_MAXDIM] = {0};
  if (pp->ndim != in[0].ndim) return arr_err(ERR_VALUE, "axes don't match array");
  *out = in[0];
  for (int i = 0; i < pp->ndim; i++) {
    int a = pp->perm[i];
    if (a < 0 || a >= pp->ndim) return check_axis(p, a, pp->ndim);
    if (seen[a]++) return arr_err(ERR_VALUE, "repeated axis in transpose");
    out->shape[i] = in[0].shape[a];
  }
  return 1;
}

static int rule_slice(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PSlice *s = params;
  char sh[400];
  if (s->ndim != in[0].ndim) return arr_err(ERR_TYPE, "slice: %d indices for an array of rank %d", s->ndim, in[0].ndim);
  *out = in[0];
  for (int i = 0; i < s->ndim; i++) {
    int64_t b = s->start[i], e = s->limit[i], st = s->stride[i];
    if (b < 0 || e < b || e > in[0].shape[i] || st < 1)
      return arr_err(ERR_TYPE, "slice start_indices/limit_indices/strides out of range for "
                               "operand of shape %s (dim %d: %lld:%lld:%lld)",
                     SHAPE(&in[0], sh), i, (long long)b, (long long)e, (long long)st);
    out->shape[i] = e > b ? (e - b - 1) / st + 1 : 0;
  }
  return 1;
}

static int check_axes(const Prim *p, const PAxes *ax, int ndim, int *mask) {
  memset(mask, 0, sizeof(int) * ARR_MAXDIM);
  if (ax->naxes < 0 || ax->naxes > ndim) return arr_err(ERR_VALUE, "too many axes");
  for (int i = 0; i < ax->naxes; i++) {
    if (check_axis(p, ax->axes[i], ndim) < 0) return -1;
    if (mask[ax->axes[i]]++) return arr_err(ERR_VALUE, "duplicate value in 'axis'");
  }
  return 0;
}

static int rule_rev(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  int mask[ARR_MAXDIM];
  if (check_axes(p, params, in[0].ndim, mask) < 0) return -1;
  *out = in[0];
  return 1;
}

static int rule_pad(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PPad *pp = params;
  if (in[1].ndim != 0) return arr_err(ERR_TYPE, "pad: padding value must be a scalar");
  if (same_dtypes(p, in, 2) < 0) return -1;
  if (pp->ndim != in[0].ndim) return arr_err(ERR_VALUE, "pad: padding config has %d entries for rank %d", pp->ndim, in[0].ndim);
  *out = in[0];
  for (int i = 0; i < pp->ndim; i++) {
    int64_t n = in[0].shape[i];
    if (pp->interior[i] < 0) return arr_err(ERR_VALUE, "pad: interior padding must be >= 0");
    int64_t d, t;
    if (__builtin_mul_overflow(n > 0 ? n - 1 : 0, pp->interior[i], &t) || __builtin_add_overflow(t, n, &d) ||
        __builtin_add_overflow(d, pp->lo[i], &d) || __builtin_add_overflow(d, pp->hi[i], &d))
      return arr_err(ERR_VALUE, "pad: padding too large");
    if (d < 0) return arr_err(ERR_VALUE, "pad: negative padding leaves dimension %d with size %lld", i, (long long)d);
    out->shape[i] = d;
  }
  return arr_shape_size(out->shape, out->ndim) < 0 ? -1 : 1;
}

static int rule_concat(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PAxis *ax = params;
  if (nin < 1) return arr_err(ERR_VALUE, "need at least one array to concatenate");
  if (in[0].ndim == 0) return arr_err(ERR_VALUE, "zero-dimensional arrays cannot be concatenated");
  if (check_axis(p, ax->axis, in[0].ndim) < 0) return -1;
  if (same_dtypes(p, in, nin) < 0) return -1;
  *out = in[0];
  int64_t total = 0;
  for (int k = 0; k < nin; k++) {
    char s1[400], s2[400];
    if (in[k].ndim != in[0].ndim)
      return arr_err(ERR_VALUE, "all the input array dimensions except for the concatenation axis "
                                "must match exactly, but along dimension 0, the array at index 0 "
                                "has %d dimension(s) and the array at index %d has %d dimension(s)",
                     in[0].ndim, k, in[k].ndim);
    for (int d = 0; d < in[0].ndim; d++)
      if (d != ax->axis && in[k].shape[d] != in[0].shape[d]) {
        arr_err(ERR_TYPE, "Cannot concatenate arrays with shapes that differ in dimensions other "
                          "than the one being concatenated: concatenating along dimension %d for "
                          "shapes %s, %s.", ax->axis, SHAPE(&in[0], s1), SHAPE(&in[k], s2));
        arr_err_np(ERR_VALUE, "all the input array dimensions except for the concatenation axis "
                              "must match exactly, but along dimension %d, the array at index 0 "
                              "has size %lld and the array at index %d has size %lld",
                   d, (long long)in[0].shape[d], k, (long long)in[k].shape[d]);
        return -1;
      }
    if (__builtin_add_overflow(total, in[k].shape[ax->axis], &total))
      return arr_err(ERR_VALUE, "concatenate: result too large");
    out->weak &= in[k].weak;
  }
  out->shape[ax->axis] = total;
  return 1;
}

static int rule_iota(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PIota *io = params;
  if (io->ndim < 1 || io->ndim > ARR_MAXDIM || io->dimension < 0 || io->dimension >= io->ndim)
    return arr_err(ERR_VALUE, "iota: bad dimension");
  if ((unsigned)io->dtype >= DT_COUNT || io->dtype == DT_BOOL)
    return arr_err(ERR_TYPE, "iota does not accept dtype bool");
  out->dtype = io->dtype;
  out->weak = 0;
  out->ndim = io->ndim;
  memcpy(out->shape, io->shape, sizeof(int64_t) * io->ndim);
  return arr_shape_size(out->shape, out->ndim) < 0 ? -1 : 1;
}

/* {=== indexing ===} */
static int is_in(int v, const int *list, int n) {
  for (int i = 0; i < n; i++) if (list[i] == v) return 1;
  return 0;
}

static int rule_gather(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PGather *g = params;
  const AVal *op = &in[0], *ix = &in[1];
  if (g->n_offset < 0 || g->n_offset > ARR_MAXDIM || g->n_collapsed < 0 || g->n_collapsed > ARR_MAXDIM ||
      g->n_start < 0 || g->n_start > ARR_MAXDIM)
    return arr_err(ERR_TYPE, "gather: bad dimension numbers");
  if (!dt_is_int(ix->dtype)) return arr_err(ERR_TYPE, "gather indices must be integers, got %s", dtn(ix->dtype));
  if (ix->ndim < 1 || ix->shape[ix->ndim - 1] != g->n_start)
    return arr_err(ERR_TYPE, "gather: last dimension of indices must equal len(start_index_map)=%d", g->n_start);
  if (g->n_offset + g->n_collapsed != op->ndim)
    return arr_err(ERR_TYPE, "gather: offset_dims + collapsed_slice_dims must cover the operand rank %d", op->ndim);
  int nbatch = ix->ndim - 1, ondim = nbatch + g->n_offset;
  if (ondim > ARR_MAXDIM) return arr_err(ERR_VALUE, "gather: result rank too large");
  for (int i = 0; i < g->n_start; i++)
    if (g->start_index_map[i] < 0 || g->start_index_map[i] >= op->ndim) return arr_err(ERR_TYPE, "gather: bad start_index_map");
  for (int i = 0; i < g->n_collapsed; i++) {
    int d = g->collapsed_slice_dims[i];
    if (d < 0 || d >= op->ndim || g->slice_sizes[d] > 1 || (i && d <= g->collapsed_slice_dims[i - 1]))
      return arr_err(ERR_TYPE, "gather: collapsed_slice_dims must be sorted, within the operand rank and of slice size 1");
  }
  for (int i = 0; i < op->ndim; i++)
    if (g->slice_sizes[i] < 0 || g->slice_sizes[i] > op->shape[i])
      return arr_err(ERR_TYPE, "gather: slice size %lld out of range for dimension %d of size %lld",
                     (long long)g->slice_sizes[i], i, (long long)op->shape[i]);
  for (int i = 0; i < g->n_offset; i++)
    if (g->offset_dims[i] < 0 || g->offset_dims[i] >= ondim || (i && g->offset_dims[i] <= g->offset_dims[i - 1]))
      return arr_err(ERR_TYPE, "gather: offset_dims must be sorted and within the result rank");
  out->dtype = op->dtype;
  out->weak = op->weak;
  out->ndim = ondim;
  int bi = 0, oi = 0;
  for (int d = 0; d < ondim; d++) {
    if (is_in(d, g->offset_dims, g->n_offset)) {
      while (is_in(oi, g->collapsed_slice_dims, g->n_collapsed)) oi++;
      out->shape[d] = g->slice_sizes[oi++];
    } else {
      out->shape[d] = ix->shape[bi++];
    }
  }
  return 1;
}

static int rule_scatter(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PScatter *s = params;
  const AVal *op = &in[0], *ix = &in[1], *up = &in[2];
  if (s->n_window < 0 || s->n_window > ARR_MAXDIM || s->n_inserted < 0 || s->n_inserted > ARR_MAXDIM ||
      s->n_sdims < 0 || s->n_sdims > ARR_MAXDIM)
    return arr_err(ERR_TYPE, "scatter: bad dimension numbers");
  for (int i = 0; i < s->n_inserted; i++)
    if (s->inserted_window_dims[i] < 0 || s->inserted_window_dims[i] >= op->ndim || (i && s->inserted_window_dims[i] <= s->inserted_window_dims[i - 1]))
      return arr_err(ERR_TYPE, "scatter: bad inserted_window_dims");
  for (int i = 0; i < s->n_window; i++)
    if (s->update_window_dims[i] < 0 || s->update_window_dims[i] >= up->ndim || (i && s->update_window_dims[i] <= s->update_window_dims[i - 1]))
      return arr_err(ERR_TYPE, "scatter: update_window_dims must be sorted and within the updates rank");
  if (!dt_is_int(ix->dtype)) return arr_err(ERR_TYPE, "scatter indices must be integers, got %s", dtn(ix->dtype));
  if (op->dtype != up->dtype)
    return arr_err(ERR_TYPE, "%s requires arguments to have the same dtypes, got %s, %s.", p->name, dtn(op->dtype), dtn(up->dtype));
  if (ix->ndim < 1 || ix->shape[ix->ndim - 1] != s->n_sdims)
    return arr_err(ERR_TYPE, "scatter: last dimension of indices must equal len(scatter_dims_to_operand_dims)");
  if (s->n_window + s->n_inserted != op->ndim)
    return arr_err(ERR_TYPE, "scatter: update_window_dims + inserted_window_dims must cover the operand rank");
  int nbatch = ix->ndim - 1;
  if (up->ndim != nbatch + s->n_window) {
    char s1[400], s2[400];
    return arr_err(ERR_VALUE, "scatter: updates of shape %s do not match indices of shape %s",
                   SHAPE(up, s1), SHAPE(ix, s2));
  }
  for (int i = 0; i < s->n_sdims; i++)
    if (s->scatter_dims_to_operand_dims[i] < 0 || s->scatter_dims_to_operand_dims[i] >= op->ndim)
      return arr_err(ERR_TYPE, "scatter: bad scatter_dims_to_operand_dims");
  int bi = 0, wi = 0, oi = 0;
  for (int d = 0; d < up->ndim; d++) {
    if (is_in(d, s->update_window_dims, s->n_window)) {
      while (is_in(oi, s->inserted_window_dims, s->n_inserted)) oi++;
      if (oi >= op->ndim || up->shape[d] > op->shape[oi]) return arr_err(ERR_VALUE, "scatter: update window larger than operand");
      oi++; wi++;
    } else {
      if (up->shape[d] != ix->shape[bi]) {
        char s1[400], s2[400];
        return arr_err(ERR_VALUE, "scatter: updates of shape %s do not match indices of shape %s",
                       SHAPE(up, s1), SHAPE(ix, s2));
      }
      bi++;
    }
  }
  if (wi != s->n_window) return arr_err(ERR_TYPE, "scatter: bad update_window_dims");
  *out = *op;
  return 1;
}

static int rule_dynamic_slice(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PShape *s = params;
  if (nin != in[0].ndim + 1 || s->ndim != in[0].ndim)
    return arr_err(ERR_TYPE, "dynamic_slice: need one start index per dimension (%d)", in[0].ndim);
  for (int i = 1; i < nin; i++)
    if (in[i].ndim != 0 || !dt_is_int(in[i].dtype)) return arr_err(ERR_TYPE, "dynamic_slice: start indices must be integer scalars");
  *out = in[0];
  for (int i = 0; i < s->ndim; i++) {
    if (s->shape[i] < 0 || s->shape[i] > in[0].shape[i])
      return arr_err(ERR_TYPE, "dynamic_slice: slice size %lld larger than dimension %d of size %lld",
                     (long long)s->shape[i], i, (long long)in[0].shape[i]);
    out->shape[i] = s->shape[i];
  }
  return 1;
}

static int rule_dynamic_update_slice(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  if (nin != in[0].ndim + 2 || in[1].ndim != in[0].ndim)
    return arr_err(ERR_TYPE, "dynamic_update_slice: update rank and start indices must match the operand rank");
  if (same_dtypes(p, in, 2) < 0) return -1;
  for (int i = 2; i < nin; i++)
    if (in[i].ndim != 0 || !dt_is_int(in[i].dtype)) return arr_err(ERR_TYPE, "dynamic_update_slice: start indices must be integer scalars");
  for (int i = 0; i < in[0].ndim; i++)
    if (in[1].shape[i] > in[0].shape[i]) {
      char s1[400], s2[400];
      return arr_err(ERR_TYPE, "dynamic_update_slice: update shape %s larger than operand shape %s",
                     SHAPE(&in[1], s1), SHAPE(&in[0], s2));
    }
  *out = in[0];
  return 1;
}

/* {=== reductions ===} */
static int rule_reduce(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  int mask[ARR_MAXDIM];
  if (check_axes(p, params, in[0].ndim, mask) < 0) return -1;
  DType d = in[0].dtype;
  if ((p->id == PRIM_reduce_or || p->id == PRIM_reduce_and) && d != DT_BOOL && !dt_is_int(d))
    return arr_err(ERR_TYPE, "%s does not accept dtype %s.", p->name, dtn(d));
  if ((p->id == PRIM_reduce_sum || p->id == PRIM_reduce_prod) && d == DT_BOOL)
    return arr_err(ERR_TYPE, "%s does not accept dtype bool.", p->name);
  out->dtype = d;
  out->weak = in[0].weak;
  out->ndim = 0;
  for (int i = 0; i < in[0].ndim; i++)
    if (!mask[i]) out->shape[out->ndim++] = in[0].shape[i];
  if (p->id == PRIM_reduce_max || p->id == PRIM_reduce_min) {
    for (int i = 0; i < in[0].ndim; i++)
      if (mask[i] && in[0].shape[i] == 0) {
        arr_err(ERR_VALUE, "zero-size array to reduction operation %s which has no identity",
                p->id == PRIM_reduce_max ? "maximum" : "minimum");
        return -1;
      }
  }
  return 1;
}

static int rule_arg(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PArg *a = params;
  if (check_axis(p, a->axis, in[0].ndim) < 0) return -1;
  if ((unsigned)a->index_dtype >= DT_COUNT || !dt_is_int(a->index_dtype)) return arr_err(ERR_TYPE, "%s: index_dtype must be an integer type", p->name);
  if (in[0].shape[a->axis] == 0)
    return arr_err(ERR_VALUE, "attempt to get %s of an empty sequence", p->id == PRIM_argmax ? "argmax" : "argmin");
  out->dtype = a->index_dtype;
  out->weak = 0;
  out->ndim = 0;
  for (int i = 0; i < in[0].ndim; i++)
    if (i != a->axis) out->shape[out->ndim++] = in[0].shape[i];
  return 1;
}

static int rule_cum(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PCum *c = params;
  if (check_axis(p, c->axis, in[0].ndim) < 0) return -1;
  if (in[0].dtype == DT_BOOL) return arr_err(ERR_TYPE, "%s does not accept dtype bool.", p->name);
  *out = in[0];
  return 1;
}

static int rule_sort(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PSort *s = params;
  if (nin < 1 || nin > 64) return arr_err(ERR_VALUE, "sort takes 1 to 64 operands, got %d", nin);
  if (check_axis(p, s->dimension, in[0].ndim) < 0) return -1;
  if (s->num_keys != 1) return arr_err(ERR_NOTIMPL, "sort: only num_keys=1 is supported");
  for (int k = 0; k < nin; k++) {
    char s1[400], s2[400];
    if (in[k].ndim != in[0].ndim || memcmp(in[k].shape, in[0].shape, sizeof(int64_t) * in[0].ndim))
      return arr_err(ERR_TYPE, "sort: operands must have the same shape, got %s and %s",
                     SHAPE(&in[0], s1), SHAPE(&in[k], s2));
    out[k] = in[k];
  }
  return nin;
}

/* {=== products ===} */
static int rule_dot(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PDot *d = params;
  const AVal *a = &in[0], *b = &in[1];
  char s1[400], s2[400];
  if (same_dtypes(p, in, 2) < 0) return -1;
  if (a->dtype == DT_BOOL) return arr_err(ERR_TYPE, "dot_general does not accept dtype bool.");
  int ma[ARR_MAXDIM] = {0}, mb[ARR_MAXDIM] = {0};
  if (d->nc < 0 || d->nb < 0 || d->nc + d->nb > a->ndim || d->nc + d->nb > b->ndim)
    return arr_err(ERR_TYPE, "dot_general: too many contracting/batch dimensions");
  for (int i = 0; i < d->nc + d->nb; i++) {
    int x = i < d->nc ? d->lhs_contract[i] : d->lhs_batch[i - d->nc];
    int y = i < d->nc ? d->rhs_contract[i] : d->rhs_batch[i - d->nc];
    if (x < 0 || x >= a->ndim || y < 0 || y >= b->ndim || ma[x]++ || mb[y]++)
      return arr_err(ERR_TYPE, "dot_general: invalid or repeated dimension numbers");
  }
  /* JAX compares the contracting (then batch) sizes as tuples and prints those tuples. */
  for (int pass = 0; pass < 2; pass++) {
    int n = pass == 0 ? d->nc : d->nb;
    const int *l = pass == 0 ? d->lhs_contract : d->lhs_batch, *r = pass == 0 ? d->rhs_contract : d->rhs_batch;
    int bad = -1;
    for (int i = 0; i < n; i++) if (a->shape[l[i]] != b->shape[r[i]]) { bad = i; break; }
    if (bad < 0) continue;
    int64_t ls[ARR_MAXDIM], rs[ARR_MAXDIM];
    for (int i = 0; i < n; i++) { ls[i] = a->shape[l[i]]; rs[i] = b->shape[r[i]]; }
    char t1[400], t2[400];
    arr_shape_str(ls, n, t1, sizeof t1);
    arr_shape_str(rs, n, t2, sizeof t2);
    SHAPE(a, s1); SHAPE(b, s2);
    if (pass == 0) {
      arr_err(ERR_TYPE, "dot_general requires contracting dimensions to have the same shape, got %s and %s.", t1, t2);
      arr_err_np(ERR_VALUE, "shapes %s and %s not aligned: %lld (dim %d) != %lld (dim %d)",
                 s1, s2, (long long)a->shape[l[bad]], l[bad], (long long)b->shape[r[bad]], r[bad]);
    } else {
      arr_err(ERR_TYPE, "dot_general requires lhs batch dimensions and rhs batch dimensions to have the same "
                        "shape, got %s and %s.", t1, t2);
      arr_err_np(ERR_VALUE, "operands could not be broadcast together with shapes %s %s ", s1, s2);
    }
    return -1;
  }
  out->dtype = a->dtype;
  out->weak = a->weak && b->weak;
  out->ndim = 0;
  for (int i = 0; i < d->nb; i++) out->shape[out->ndim++] = a->shape[d->lhs_batch[i]];
  for (int i = 0; i < a->ndim; i++) if (!ma[i]) out->shape[out->ndim++] = a->shape[i];
  for (int i = 0; i < b->ndim; i++) if (!mb[i]) out->shape[out->ndim++] = b->shape[i];
  return 1;
}

static int rule_conv(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PConv *c = params;
  const AVal *x = &in[0], *w = &in[1];
  char s1[400], s2[400];
  if (same_dtypes(p, in, 2) < 0) return -1;
  if (!dt_is_float(x->dtype)) return arr_err(ERR_TYPE, "conv_general_dilated requires floating-point inputs, got %s", dtn(x->dtype));
  int nd = c->nsp + 2;
  if (c->nsp < 1 || c->nsp > 3 || x->ndim != nd || w->ndim != nd)
    return arr_err(ERR_TYPE, "conv_general_dilated: lhs %s and rhs %s must both have rank %d",
                   SHAPE(x, s1), SHAPE(w, s2), nd);
  {
    int seen[3][5] = {{0}};
    const int *specs[3] = {c->lhs_spec, c->rhs_spec, c->out_spec};
    for (int k = 0; k < 3; k++)
      for (int j = 0; j < nd; j++) {
        int v = specs[k][j];
        if (v < 0 || v >= nd || seen[k][v]++)
          return arr_err(ERR_VALUE, "conv_general_dilated: dimension numbers must be permutations of 0..%d", nd - 1);
      }
    for (int i = 0; i < c->nsp; i++)
      if (llabs(c->pad_lo[i]) > ((int64_t)1 << 40) || llabs(c->pad_hi[i]) > ((int64_t)1 << 40) ||
          c->lhs_dil[i] > ((int64_t)1 << 30) || c->rhs_dil[i] > ((int64_t)1 << 30))
        return arr_err(ERR_VALUE, "conv_general_dilated: padding or dilation too large");
  }
  int G = c->feature_group_count, BG = c->batch_group_count ? c->batch_group_count : 1;
  if (BG != 1) return arr_err(ERR_NOTIMPL, "conv_general_dilated: batch_group_count > 1 is not supported");
  int64_t N = x->shape[c->lhs_spec[0]], C = x->shape[c->lhs_spec[1]];
  int64_t O = w->shape[c->rhs_spec[0]], I = w->shape[c->rhs_spec[1]];
  if (G < 1 || C != I * G || O % G)
    return arr_err(ERR_TYPE, "conv_general_dilated: lhs feature dimension (%lld) must equal rhs input "
                             "feature dimension (%lld) times feature_group_count (%d), and the "
                             "output feature dimension (%lld) must be a multiple of it",
                   (long long)C, (long long)I, G, (long long)O);
  out->dtype = x->dtype;
  out->weak = 0;
  out->ndim = nd;
  out->shape[c->out_spec[0]] = N;
  out->shape[c->out_spec[1]] = O;
  for (int i = 0; i < c->nsp; i++) {
    int64_t n = x->shape[c->lhs_spec[2 + i]], k = w->shape[c->rhs_spec[2 + i]];
    int64_t ld = c->lhs_dil[i] ? c->lhs_dil[i] : 1, rd = c->rhs_dil[i] ? c->rhs_dil[i] : 1;
    int64_t s = c->strides[i] ? c->strides[i] : 1;
    if (ld < 1 || rd < 1 || s < 1) return arr_err(ERR_VALUE, "conv_general_dilated: strides and dilations must be positive");
    if (n > INT32_MAX || k > INT32_MAX) return arr_err(ERR_VALUE, "conv_general_dilated: spatial dimension too large");
    int64_t nin_d = (n > 0 ? (n - 1) * ld + 1 : 0) + c->pad_lo[i] + c->pad_hi[i];
    int64_t kd = (k > 0 ? (k - 1) * rd + 1 : 0);
    out->shape[c->out_spec[2 + i]] = (nin_d >= kd && nin_d > 0) ? (nin_d - kd) / s + 1 : 0;
  }
  return 1;
}

static int rule_window(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PWindow *w = params;
  if (w->ndim != in[0].ndim) return arr_err(ERR_TYPE, "reduce_window: window rank %d does not match operand rank %d", w->ndim, in[0].ndim);
  if (in[0].dtype == DT_BOOL) return arr_err(ERR_TYPE, "%s does not accept dtype bool.", p->name);
  *out = in[0];
  for (int i = 0; i < w->ndim; i++) {
    if (w->window[i] < 1 || w->strides[i] < 1) return arr_err(ERR_VALUE, "reduce_window: window and strides must be positive");
    if (llabs(w->pad_lo[i]) > ((int64_t)1 << 40) || llabs(w->pad_hi[i]) > ((int64_t)1 << 40) || w->window[i] > ((int64_t)1 << 40))
      return arr_err(ERR_VALUE, "reduce_window: padding or window too large");
    int64_t n = in[0].shape[i] + w->pad_lo[i] + w->pad_hi[i];
    out->shape[i] = n >= w->window[i] ? (n - w->window[i]) / w->strides[i] + 1 : 0;
  }
  return 1;
}

/* {=== linear algebra ===} */
static int square_float(const Prim *p, const AVal *a) {
  char s[400];
  if (!dt_is_float(a->dtype))
    return arr_err(ERR_TYPE, "%s: array type %s is unsupported in linalg", p->name, dtn(a->dtype));
  if (a->ndim < 2) {
    arr_err(ERR_VALUE, "%s: argument must have at least 2 dimensions, got shape %s", p->name, SHAPE(a, s));
    arr_err_np(ERR_LINALG, "%d-dimensional array given. Array must be at least two-dimensional", a->ndim);
    return -1;
  }
  if (a->shape[a->ndim - 1] > INT32_MAX || a->shape[a->ndim - 2] > INT32_MAX)
    return arr_err(ERR_VALUE, "%s: matrix too large for LAPACK, got shape %s", p->name, SHAPE(a, s));
  if (p->id != PRIM_qr && p->id != PRIM_svd && a->shape[a->ndim - 1] != a->shape[a->ndim - 2]) {
    arr_err(ERR_VALUE, "%s: argument must be a batch of square matrices, got shape %s", p->name, SHAPE(a, s));
    arr_err_np(ERR_LINALG, "Last 2 dimensions of the array must be square");
    return -1;
  }
  return 0;
}

static int rule_linalg(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const AVal *a = &in[0];
  if (square_float(p, a) < 0) return -1;
  int nd = a->ndim;
  int64_t m = a->shape[nd - 2], n = a->shape[nd - 1], k = m < n ? m : n;
  for (int i = 0; i < 3; i++) { out[i] = *a; out[i].weak = 0; }
  switch (p->id) {
    case PRIM_inv: case PRIM_cholesky: return 1;
    case PRIM_det: out[0].ndim = nd - 2; return 1;
    case PRIM_slogdet: out[0].ndim = out[1].ndim = nd - 2; return 2;
    case PRIM_lu:
      out[1].ndim = nd - 1; out[1].dtype = DT_INT32;
      out[2].ndim = nd - 1; out[2].dtype = DT_INT32;
      return 3;
    case PRIM_eigh: out[0].ndim = nd - 1; return 2;
    case PRIM_qr: {
      const PQr *q = params;
      out[0].shape[nd - 1] = q->full_matrices ? m : k;
      out[1].shape[nd - 2] = q->full_matrices ? m : k;
      return 2;
    }
    case PRIM_svd: {
      const PSvd *s = params;
      out[0].ndim = nd - 1; out[0].shape[nd - 2] = k;
      if (!s->compute_uv) return 1;
      out[1].shape[nd - 1] = s->full_matrices ? m : k;
      out[2].shape[nd - 2] = s->full_matrices ? n : k;
      return 3;
    }
    case PRIM_solve: case PRIM_triangular_solve: {
      const AVal *b = &in[1];
      char s1[400], s2[400];
      if (b->dtype != a->dtype) return same_dtypes(p, in, 2);
      int left = p->id == PRIM_solve || ((const PTriSolve *)params)->left_side;
      int ok = b->ndim == nd;
      for (int i = 0; ok && i < nd - 2; i++) ok = b->shape[i] == a->shape[i];
      if (ok) ok = left ? b->shape[nd - 2] == n : b->shape[nd - 1] == n;
      if (!ok) {
        arr_err(ERR_VALUE, "%s: incompatible shapes %s and %s", p->name, SHAPE(a, s1), SHAPE(b, s2));
        arr_err_np(ERR_VALUE, "solve: Input operand 1 has a mismatch in its core dimension 0, with "
                              "gufunc signature (m,m),(m,n)->(m,n) (size %lld is different from %lld)",
                   (long long)(b->ndim >= 2 ? b->shape[b->ndim - 2] : b->shape[0]), (long long)n);
        return -1;
      }
      out[0] = *b;
      out[0].weak = 0;
      return 1;
    }
    default: return arr_err(ERR_INTERNAL, "linalg rule");
  }
}

/* {=== params descriptions ===} */
#define F(S, f, t, c) {#f, t, offsetof(S, f), c}
static const ParamField pf_axis[] = {F(PAxis, axis, PT_INT, 0)};
static const ParamField pf_axes[] = {F(PAxes, naxes, PT_INT, 0), F(PAxes, axes, PT_INT_ARR, 0)};
static const ParamField pf_arg[] = {F(PArg, axis, PT_INT, 0), F(PArg, index_dtype, PT_DTYPE, 0)};
static const ParamField pf_cum[] = {F(PCum, axis, PT_INT, 0), F(PCum, reverse, PT_INT, 0)};
static const ParamField pf_convert[] = {F(PConvert, new_dtype, PT_DTYPE, 0), F(PConvert, weak, PT_INT, 0)};
static const ParamField pf_intpow[] = {F(PIntPow, y, PT_INT64, 0)};
static const ParamField pf_shape[] = {F(PShape, ndim, PT_INT, 0), F(PShape, shape, PT_INT64_ARR, 0)};
static const ParamField pf_perm[] = {F(PPerm, ndim, PT_INT, 0), F(PPerm, perm, PT_INT_ARR, 0)};
static const ParamField pf_bcast[] = {F(PBroadcast, ndim, PT_INT, 0), F(PBroadcast, shape, PT_INT64_ARR, 0),
                                      F(PBroadcast, bdims, PT_INT_ARR, 100)};
static const ParamField pf_slice[] = {F(PSlice, ndim, PT_INT, 0), F(PSlice, start, PT_INT64_ARR, 0),
                                      F(PSlice, limit, PT_INT64_ARR, 0), F(PSlice, stride, PT_INT64_ARR, 0)};
static const ParamField pf_pad[] = {F(PPad, ndim, PT_INT, 0), F(PPad, lo, PT_INT64_ARR, 0),
                                    F(PPad, hi, PT_INT64_ARR, 0), F(PPad, interior, PT_INT64_ARR, 0)};
static const ParamField pf_iota[] = {F(PIota, dtype, PT_DTYPE, 0), F(PIota, ndim, PT_INT, 0),
                                     F(PIota, shape, PT_INT64_ARR, 1), F(PIota, dimension, PT_INT, 0)};
static const ParamField pf_gather[] = {
    F(PGather, n_offset, PT_INT, 0), F(PGather, n_collapsed, PT_INT, 0), F(PGather, n_start, PT_INT, 0),
    F(PGather, offset_dims, PT_INT_ARR, 0), F(PGather, collapsed_slice_dims, PT_INT_ARR, 1),
    F(PGather, start_index_map, PT_INT_ARR, 2), F(PGather, slice_sizes, PT_INT64_ARR, 100),
    F(PGather, mode, PT_INT, 0), F(PGather, fill_value, PT_DOUBLE, 0)};
static const ParamField pf_scatter[] = {
    F(PScatter, n_window, PT_INT, 0), F(PScatter, n_inserted, PT_INT, 0), F(PScatter, n_sdims, PT_INT, 0),
    F(PScatter, update_window_dims, PT_INT_ARR, 0), F(PScatter, inserted_window_dims, PT_INT_ARR, 1),
    F(PScatter, scatter_dims_to_operand_dims, PT_INT_ARR, 2), F(PScatter, mode, PT_INT, 0)};
static const ParamField pf_sort[] = {F(PSort, dimension, PT_INT, 0), F(PSort, num_keys, PT_INT, 0),
                                     F(PSort, descending, PT_INT, 0)};
static const ParamField pf_dot[] = {
    F(PDot, nc, PT_INT, 0), F(PDot, nb, PT_INT, 0), F(PDot, lhs_contract, PT_INT_ARR, 0),
    F(PDot, rhs_contract, PT_INT_ARR, 0), F(PDot, lhs_batch, PT_INT_ARR, 1), F(PDot, rhs_batch, PT_INT_ARR, 1)};
static const ParamField pf_conv[] = {
    F(PConv, nsp, PT_INT, 0), F(PConv, strides, PT_INT64_ARR, 0), F(PConv, pad_lo, PT_INT64_ARR, 0),
    F(PConv, pad_hi, PT_INT64_ARR, 0), F(PConv, lhs_dil, PT_INT64_ARR, 0), F(PConv, rhs_dil, PT_INT64_ARR, 0),
    F(PConv, lhs_spec, PT_INT_ARR, -5), F(PConv, rhs_spec, PT_INT_ARR, -5), F(PConv, out_spec, PT_INT_ARR, -5),
    F(PConv, feature_group_count, PT_INT, 0), F(PConv, batch_group_count, PT_INT, 0)};
static const ParamField pf_window[] = {
    F(PWindow, ndim, PT_INT, 0), F(PWindow, window, PT_INT64_ARR, 0), F(PWindow, strides, PT_INT64_ARR, 0),
    F(PWindow, pad_lo, PT_INT64_ARR, 0), F(PWindow, pad_hi, PT_INT64_ARR, 0)};
static const ParamField pf_linalg[] = {F(PLinalg, check, PT_INT, 0)};
static const ParamField pf_qr[] = {F(PQr, full_matrices, PT_INT, 0)};
static const ParamField pf_eigh[] = {F(PEigh, lower, PT_INT, 0)};
static const ParamField pf_svd[] = {F(PSvd, full_matrices, PT_INT, 0), F(PSvd, compute_uv, PT_INT, 0)};
static const ParamField pf_trisolve[] = {F(PTriSolve, left_side, PT_INT, 0), F(PTriSolve, lower, PT_INT, 0),
                                         F(PTriSolve, transpose_a, PT_INT, 0), F(PTriSolve, unit_diagonal, PT_INT, 0)};
#undef F
/* The field tables' count_field: 0 means "the first int field" for arrays listed right after a
 * count (naxes, ndim, nc, n_offset); 1/2 index the second/third count; 100 = same as field 0;
 * negative = fixed count. For conv, arrays of 3 use nsp; for PConv specs 5 = nsp + 2 max. */

static void set_params(Prim *p, size_t size, const ParamField *f, int n) {
  p->params_size = size;
  p->param_fields = f;
  p->n_param_fields = n;
}
#define SETP(id, S, f) set_params(&prim_table[PRIM_##id], sizeof(S), f, (int)(sizeof f / sizeof f[0]))

void prim_padtype_to_pads(int n, const int64_t *in_sizes, const int64_t *window,
                          const int64_t *strides, int same, int64_t *lo, int64_t *hi) {
  for (int i = 0; i < n; i++) {
    if (!same) { lo[i] = hi[i] = 0; continue; }
    int64_t s = strides[i] > 0 ? strides[i] : 1;
    int64_t out = (in_sizes[i] + s - 1) / s;
    int64_t pad = (out - 1) * s + window[i] - in_sizes[i];
    if (pad < 0) pad = 0;
    if (same == 2) { hi[i] = pad / 2; lo[i] = pad - pad / 2; }
    else { lo[i] = pad / 2; hi[i] = pad - pad / 2; }
  }
}

/* {=== the table ===} */
void arr_init(void) {
  if (inited) return;
  static const struct { const char *name; int nin, nout; PrimKind kind; const char *cg; } base[] = {
#define X(id, name, nin, nout, kind, pt, cg) [PRIM_##id] = {name, nin, nout, kind, cg},
      PRIM_LIST(X)
#undef X
  };
  for (int i = 0; i < PRIM_COUNT; i++) {
    Prim *p = &prim_table[i];
    p->id = (PrimId)i;
    p->name = base[i].name;
    p->nin = base[i].nin;
    p->nout = base[i].nout;
    p->kind = base[i].kind;
    p->cgen = base[i].cg;
    switch (p->kind) {
      case PK_UNARY: p->rule = rule_unary; break;
      case PK_BINARY: case PK_COMPARE: p->rule = rule_binary; break;
      case PK_REDUCE: p->rule = rule_reduce; break;
      case PK_SCAN: p->rule = rule_cum; break;
      case PK_LINALG: p->rule = rule_linalg; break;
      default: break;
    }
  }
  Prim *t = prim_table;
  t[PRIM_select].rule = rule_select;
  t[PRIM_integer_pow].rule = rule_integer_pow;
  t[PRIM_convert].rule = rule_convert;
  t[PRIM_copy].rule = rule_same;
  t[PRIM_broadcast_in_dim].rule = rule_broadcast;
  t[PRIM_reshape].rule = rule_reshape;
  t[PRIM_transpose].rule = rule_transpose;
  t[PRIM_slice].rule = rule_slice;
  t[PRIM_rev].rule = rule_rev;
  t[PRIM_pad].rule = rule_pad;
  t[PRIM_concatenate].rule = rule_concat;
  t[PRIM_iota].rule = rule_iota;
  t[PRIM_gather].rule = rule_gather;
  for (int i = PRIM_scatter; i <= PRIM_scatter_max; i++) t[i].rule = rule_scatter;
  t[PRIM_dynamic_slice].rule = rule_dynamic_slice;
  t[PRIM_dynamic_update_slice].rule = rule_dynamic_update_slice;
  t[PRIM_argmax].rule = t[PRIM_argmin].rule = rule_arg;
  t[PRIM_sort].rule = rule_sort;
  t[PRIM_dot_general].rule = rule_dot;
  t[PRIM_conv].rule = rule_conv;
  t[PRIM_reduce_window_sum].rule = t[PRIM_reduce_window_max].rule = t[PRIM_reduce_window_min].rule = rule_window;

  SETP(integer_pow, PIntPow, pf_intpow);
  SETP(convert, PConvert, pf_convert);
  SETP(broadcast_in_dim, PBroadcast, pf_bcast);
  SETP(reshape, PShape, pf_shape);
  SETP(transpose, PPerm, pf_perm);
  SETP(slice, PSlice, pf_slice);
  SETP(rev, PAxes, pf_axes);
  SETP(pad, PPad, pf_pad);
  SETP(concatenate, PAxis, pf_axis);
  SETP(iota, PIota, pf_iota);
  SETP(gather, PGather, pf_gather);
  for (int i = PRIM_scatter; i <= PRIM_scatter_max; i++)
    set_params(&t[i], sizeof(PScatter), pf_scatter, (int)(sizeof pf_scatter / sizeof pf_scatter[0]));
  SETP(dynamic_slice, PShape, pf_shape);
  for (int i = PRIM_reduce_sum; i <= PRIM_reduce_and; i++)
    set_params(&t[i], sizeof(PAxes), pf_axes, 2);
  SETP(argmax, PArg, pf_arg);
  SETP(argmin, PArg, pf_arg);
  for (int i = PRIM_cumsum; i <= PRIM_cummin; i++) set_params(&t[i], sizeof(PCum), pf_cum, 2);
  SETP(sort, PSort, pf_sort);
  SETP(dot_general, PDot, pf_dot);
  SETP(conv, PConv, pf_conv);
  for (int i = PRIM_reduce_window_sum; i <= PRIM_reduce_window_min; i++)
    set_params(&t[i], sizeof(PWindow), pf_window, 5);
  SETP(inv, PLinalg, pf_linalg);
  SETP(solve, PLinalg, pf_linalg);
  SETP(cholesky, PLinalg, pf_linalg);
  SETP(qr, PQr, pf_qr);
  SETP(eigh, PEigh, pf_eigh);
  SETP(svd, PSvd, pf_svd);
  SETP(triangular_solve, PTriSolve, pf_trisolve);

  t[PRIM_reduce_sum].reduce_combine = "(%0 + %1)"; t[PRIM_reduce_sum].reduce_identity = RI_ZERO;
  t[PRIM_reduce_prod].reduce_combine = "(%0 * %1)"; t[PRIM_reduce_prod].reduce_identity = RI_ONE;
  t[PRIM_reduce_max].reduce_combine = "((%0 >= %1 || %0 != %0) ? %0 : %1)";
  t[PRIM_reduce_max].reduce_identity = RI_LOWEST;
  t[PRIM_reduce_min].reduce_combine = "((%0 <= %1 || %0 != %0) ? %0 : %1)";
  t[PRIM_reduce_min].reduce_identity = RI_HIGHEST;
  t[PRIM_reduce_or].reduce_combine = "(%0 | %1)"; t[PRIM_reduce_or].reduce_identity = RI_FALSE;
  t[PRIM_reduce_and].reduce_combine = "(%0 & %1)"; t[PRIM_reduce_and].reduce_identity = RI_TRUE;

  cpu_pool_init();
  cpu_register_elementwise(t);
  cpu_register_shape(t);
  cpu_register_index(t);
  cpu_register_reduce(t);
  cpu_register_sort(t);
  cpu_register_dot(t);
  cpu_register_linalg(t);
  inited = 1;
}

int prim_by_name(const char *name) {
  if (!inited) arr_init();
  for (int i = 0; i < PRIM_COUNT; i++)
    if (strcmp(prim_table[i].name, name) == 0) return i;
  return -1;
}

/* {=== dispatch ===} */
static int check_arity(const Prim *p, int nin) {
  if ((p->nin >= 0 && nin != p->nin) || (p->nin < 0 && nin < 1) || nin > 4096)
    return arr_err(ERR_TYPE, "%s takes %d operand(s), got %d", p->name, p->nin, nin);
  return 0;
}

int prim_abstract(PrimId id, const AVal *in, int nin, const void *params, AVal *out) {
  if (!inited) arr_init();
  if ((unsigned)id >= PRIM_COUNT) return arr_err(ERR_INTERNAL, "bad primitive id");
  const Prim *p = &prim_table[id];
  if (check_arity(p, nin) < 0) return -1;
  if (p->params_size && !params) return arr_err(ERR_INTERNAL, "%s needs params", p->name);
  return p->rule(p, in, nin, params, out);
}

#define SMALL 4
int prim_bind(PrimId id, Array *const *in, int nin, const void *params, Array **out) {
  if (__builtin_expect(!inited, 0)) arr_init();
  if ((unsigned)id >= PRIM_COUNT) return arr_err(ERR_INTERNAL, "bad primitive id");
  const Prim *p = &prim_table[id];
  if (__builtin_expect(check_arity(p, nin) < 0, 0)) return -1;
  if (p->params_size && !params) return arr_err(ERR_INTERNAL, "%s needs params", p->name);
  AVal ain_s[SMALL], aout_s[SMALL > 3 ? SMALL : 3];
  AVal *ain = ain_s, *aout = aout_s;
  int nmax = nin > 3 ? nin : 3;
  if (nin > SMALL) {
    ain = malloc(sizeof(AVal) * nin);
    aout = malloc(sizeof(AVal) * nmax);
    if (!ain || !aout) { free(ain); free(aout); return arr_err(ERR_MEMORY, "out of memory"); }
  }
  for (int i = 0; i < nin; i++) {
    if (!in[i]) { if (ain != ain_s) { free(ain); free(aout); } return arr_err(ERR_INTERNAL, "NULL operand"); }
    arr_aval(in[i], &ain[i]);
  }
  int nout = p->rule(p, ain, nin, params, aout);
  int rc = nout;
  if (nout >= 0) {
    if (!p->cpu) rc = arr_err(ERR_NOTIMPL, "%s has no CPU kernel", p->name);
    else if (p->cpu(p, in, nin, params, aout, out) < 0) rc = -1;
  }
  if (ain != ain_s) { free(ain); free(aout); }
  return rc;
}

Array *prim_unary(PrimId id, Array *x, const void *params) {
  Array *o = NULL;
  Array *in[1] = {x};
  return prim_bind(id, in, 1, params, &o) < 0 ? NULL : o;
}

Array *prim_binary(PrimId id, Array *x, Array *y) {
  Array *o = NULL;
  Array *in[2] = {x, y};
  return prim_bind(id, in, 2, NULL, &o) < 0 ? NULL : o;
}

char *prim_params_str(PrimId id, const void *params) {
  const Prim *p = &prim_table[id];
  size_t cap = 1024, len = 0;
  char *s = malloc(cap);
  if (!s) return NULL;
  s[0] = 0;
  if (!params) return s;
  const char *base = params;
  for (int i = 0; i < p->n_param_fields; i++) {
    const ParamField *f = &p->param_fields[i];
    char tmp[512];
    int k = 0;
    if (f->type == PT_INT) k = snprintf(tmp, sizeof tmp, "%s=%d", f->name, *(const int *)(base + f->offset));
    else if (f->type == PT_INT64) k = snprintf(tmp, sizeof tmp, "%s=%lld", f->name, (long long)*(const int64_t *)(base + f->offset));
    else if (f->type == PT_DOUBLE) k = snprintf(tmp, sizeof tmp, "%s=%g", f->name, *(const double *)(base + f->offset));
    else if (f->type == PT_DTYPE) {
      int d = *(const int *)(base + f->offset);
      k = snprintf(tmp, sizeof tmp, "%s=%s", f->name, (unsigned)d < DT_COUNT ? dtn((DType)d) : "?");
    } else {
      int cnt;
      if (f->count_field < 0) cnt = -f->count_field;
      else {
        int ci = f->count_field >= 100 ? 0 : f->count_field;
        /* the count is the ci-th PT_INT field */
        int seen = 0; cnt = 0;
        for (int j = 0; j < p->n_param_fields; j++)
          if (p->param_fields[j].type == PT_INT && seen++ == ci) { cnt = *(const int *)(base + p->param_fields[j].offset); break; }
        if (f->count_field == 100 && id == PRIM_broadcast_in_dim) cnt = ARR_MAXDIM;  /* printed up to operand rank by callers */
      }
      if (cnt < 0 || cnt > ARR_MAXDIM) cnt = 0;
      if (id == PRIM_conv && f->type == PT_INT64_ARR) cnt = *(const int *)base;
      k = snprintf(tmp, sizeof tmp, "%s=(", f->name);
      for (int j = 0; j < cnt && k < (int)sizeof tmp - 32; j++) {
        long long v = f->type == PT_INT_ARR ? ((const int *)(base + f->offset))[j] : (long long)((const int64_t *)(base + f->offset))[j];
        k += snprintf(tmp + k, sizeof tmp - k, j ? ", %lld" : "%lld", v);
      }
      k += snprintf(tmp + k, sizeof tmp - k, cnt == 1 ? ",)" : ")");
    }
    if (len + k + 4 >= cap) {
      char *n = realloc(s, cap = cap * 2 + k);
      if (!n) { free(s); return NULL; }
      s = n;
    }
    len += sprintf(s + len, "%s%s", i ? " " : "", tmp);
  }
  return s;
}
