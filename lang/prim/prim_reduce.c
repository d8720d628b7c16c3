/* prim_reduce.c - reductions over axes (sum, prod, max, min, or, and, argmax, argmin), the
 * cumulative ones along one axis, and sort (several operands, sorted by the first keys). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "prim_kit.h"

/* {=== shape/dtype rules ===} */
static int rule_reduce(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  int mask[ARR_MAXDIM];
  if (prim_check_axes(p, params, in[0].ndim, mask) < 0) return -1;
  DType d = in[0].dtype;
  if (!(p->dtypes & DTM(d))) return arr_err(ERR_TYPE, "%s does not accept dtype %s.", p->name, dtn(d));
  out->dtype = d;
  out->weak = in[0].weak;
  out->ndim = 0;
  for (int i = 0; i < in[0].ndim; i++)
    if (!mask[i]) out->shape[out->ndim++] = in[0].shape[i];
  if (p->np_name) {   /* max, min: no identity for an empty reduction in NumPy */
    for (int i = 0; i < in[0].ndim; i++)
      if (mask[i] && in[0].shape[i] == 0) {
        arr_err(ERR_VALUE, "zero-size array to reduction operation %s which has no identity",
                p->np_name);
        return -1;
      }
  }
  return 1;
}
static int rule_arg(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PArg *a = params;
  if (prim_check_axis(p, a->axis, in[0].ndim) < 0) return -1;
  if ((unsigned)a->index_dtype >= DT_COUNT || !dt_is_int(a->index_dtype)) return arr_err(ERR_TYPE, "%s: index_dtype must be an integer type", p->name);
  if (in[0].shape[a->axis] == 0)
    return arr_err(ERR_VALUE, "attempt to get %s of an empty sequence", p->name);
  out->dtype = a->index_dtype;
  out->weak = 0;
  out->ndim = 0;
  for (int i = 0; i < in[0].ndim; i++)
    if (i != a->axis) out->shape[out->ndim++] = in[0].shape[i];
  return 1;
}
static int rule_cum(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PCum *c = params;
  if (prim_check_axis(p, c->axis, in[0].ndim) < 0) return -1;
  if (in[0].dtype == DT_BOOL) return arr_err(ERR_TYPE, "%s does not accept dtype bool.", p->name);
  *out = in[0];
  return 1;
}
static int rule_sort(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  const PSort *s = params;
  if (nin < 1 || nin > 64) return arr_err(ERR_VALUE, "sort takes 1 to 64 operands, got %d", nin);
  if (prim_check_axis(p, s->dimension, in[0].ndim) < 0) return -1;
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

/* {=== differentiation ===} */
static int tp_reduce_sum(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  const PAxes *p = c->params;
  const AVal *x = &c->in_av[0];
  int red[ARR_MAXDIM] = {0}, bd[ARR_MAXDIM], k = 0;
  for (int i = 0; i < p->naxes; i++) red[p->axes[i]] = 1;
  for (int i = 0; i < x->ndim; i++) if (!red[i]) bd[k++] = i;
  return EM_IS_NULL(o[0] = t_bcast_in_dim(CT, x->ndim, x->shape, bd)) ? -1 : 0;
}
static int tp_cumsum(const RuleCtx *c, const Value *ct, const uint8_t *need, Value *o) {
  PCum p = *(const PCum *)c->params;
  p.reverse = !p.reverse;
  return EM_IS_NULL(o[0] = t_bind1(PRIM_cumsum, 1, &CT, &p)) ? -1 : 0;
}
/* {=== custom forward rules (their VJP comes from transposing them: vjp_from_jvp) ===} */
/* reduce_max / reduce_min: tangent = sum(t * mask) / count at the extremal positions */
static int jvp_reduce_chooser(PrimId id, const void *params, int nin, const Value *p,
                              const Value *t, Value *out, Value *tout) {
  const PAxes *ax = params;
  if (t_jvp_primal(id, params, 1, p, out, tout) < 0) return -1;
  if (EM_IS_NULL(t[0])) return 1;
  AVal xa;
  em_aval(p[0], &xa);
  int red[ARR_MAXDIM] = {0}, bd[ARR_MAXDIM], k = 0;
  for (int i = 0; i < ax->naxes; i++) red[ax->axes[i]] = 1;
  for (int i = 0; i < xa.ndim; i++) if (!red[i]) bd[k++] = i;
  Value zb = t_bcast_in_dim(out[0], xa.ndim, xa.shape, bd);
  Value m = EM_IS_NULL(zb) ? zb : t_binary(PRIM_eq, p[0], zb);
  Value mf = EM_IS_NULL(m) ? m : t_convert(m, xa.dtype, 0);
  Value cnt = EM_IS_NULL(mf) ? mf : t_reduce_sum(mf, ax->naxes, ax->axes);
  Value num = EM_IS_NULL(mf) ? mf : mul_(em_incref(t[0]), em_incref(mf));
  Value s = EM_IS_NULL(num) ? num : t_reduce_sum(num, ax->naxes, ax->axes);
  tout[0] = div_(s, cnt);
  em_decref(zb); em_decref(m); em_decref(mf); em_decref(num);
  if (EM_IS_NULL(tout[0])) { em_clear(&out[0]); return -1; }
  return 1;
}

/* reduce_prod: tangent = sum(t * prod of the others), with the others' products from
 * exclusive cumulative products so that zeros are handled */
static int jvp_reduce_prod(PrimId id, const void *params, int nin, const Value *p, const Value *t,
                           Value *out, Value *tout) {
  const PAxes *ax = params;
  if (t_jvp_primal(id, params, 1, p, out, tout) < 0) return -1;
  if (EM_IS_NULL(t[0])) return 1;
  AVal xa;
  em_aval(p[0], &xa);
  int red[ARR_MAXDIM] = {0}, perm[ARR_MAXDIM], inv[ARR_MAXDIM], k = 0;
  int64_t n = 1, rest = 1;
  for (int i = 0; i < ax->naxes; i++) { red[ax->axes[i]] = 1; perm[k++] = ax->axes[i]; n *= xa.shape[ax->axes[i]]; }
  for (int i = 0; i < xa.ndim; i++) if (!red[i]) { perm[k++] = i; rest *= xa.shape[i]; }
  for (int i = 0; i < xa.ndim; i++) inv[perm[i]] = i;
  Value w = em_null();
  Value xt = t_transpose(p[0], perm);
  int64_t sh2[2] = {n, rest};
  Value xm = EM_IS_NULL(xt) ? xt : t_reshape(xt, 2, sh2);
  if (!EM_IS_NULL(xm) && n > 0) {
    /* left[i] = prod(x[:i]), right[i] = prod(x[i+1:]) */
    Value one = t_scalar(xa.dtype, 1.0, 0);
    int64_t lo1[2] = {1, 0}, hi0[2] = {0, 0}, lo0[2] = {0, 0}, hi1[2] = {1, 0};
    int64_t s0[2] = {0, 0}, l0[2] = {n - 1, rest}, s1[2] = {1, 0}, l1[2] = {n, rest};
    Value a = t_slice(xm, s0, l0, NULL), b = t_slice(xm, s1, l1, NULL);
    Value pa = (EM_IS_NULL(a) || EM_IS_NULL(one)) ? em_null() : t_pad(a, one, lo1, hi0, NULL);
    Value pb = (EM_IS_NULL(b) || EM_IS_NULL(one)) ? em_null() : t_pad(b, one, lo0, hi1, NULL);
    PCum cf = {0, 0}, cr = {0, 1};
    Value left = EM_IS_NULL(pa) ? pa : t_bind1(PRIM_cumprod, 1, &pa, &cf);
    Value right = EM_IS_NULL(pb) ? pb : t_bind1(PRIM_cumprod, 1, &pb, &cr);
    Value wm = mul_(left, right);
    int64_t shp[ARR_MAXDIM];
    for (int i = 0; i < xa.ndim; i++) shp[i] = xa.shape[perm[i]];
    Value wt = EM_IS_NULL(wm) ? wm : t_reshape(wm, xa.ndim, shp);
    w = EM_IS_NULL(wt) ? wt : t_transpose(wt, inv);
    em_decref(one); em_decref(a); em_decref(b); em_decref(pa); em_decref(pb);
    em_decref(wm); em_decref(wt);
  } else if (!EM_IS_NULL(xm)) {
    w = t_zeros(&xa);
  }
  em_decref(xt);
  em_decref(xm);
  if (EM_IS_NULL(w)) { em_clear(&out[0]); return -1; }
  Value m = mul_(em_incref(t[0]), w);
  tout[0] = EM_IS_NULL(m) ? m : t_reduce_sum(m, ax->naxes, ax->axes);
  em_decref(m);
  if (EM_IS_NULL(tout[0])) { em_clear(&out[0]); return -1; }
  return 1;
}

/* {=== decompositions (differentiated through other primitives) ===} */
/* cumprod/cummax/cummin: a Hillis-Steele scan of the binary operation with shifted copies */
static int decomp_cum(PrimId id, const void *params, int nin, const Value *in, Value *out) {
  const PCum *p = params;
  const Prim *pr = &prim_table[id];
  PrimId op = (PrimId)pr->monoid;
  AVal av;
  if (em_aval(in[0], &av) < 0) return -1;
  double ident = prim_identity(pr->reduce_identity);
  if (!dt_is_float(av.dtype) && op != PRIM_mul) {
    em_raise(ERR_TYPE, "%s: differentiation needs a float operand", prim_table[id].name);
    return -1;
  }
  int ax = p->axis;
  int64_t n = av.shape[ax];
  Value y = em_incref(in[0]);
  Value idv = t_scalar(av.dtype, ident, 0);
  if (EM_IS_NULL(idv)) { em_decref(y); return -1; }
  for (int64_t s = 1; s < n; s *= 2) {
    int64_t st[ARR_MAXDIM] = {0}, lim[ARR_MAXDIM], lo[ARR_MAXDIM] = {0}, hi[ARR_MAXDIM] = {0};
    ir_memcpy(lim, av.shape, sizeof(int64_t) * (size_t)av.ndim);
    if (!p->reverse) { lim[ax] = n - s; lo[ax] = s; }
    else { st[ax] = s; hi[ax] = s; }
    Value sl = t_slice(y, st, lim, NULL);
    Value sh = EM_IS_NULL(sl) ? sl : t_pad(sl, idv, lo, hi, NULL);
    Value ny = EM_IS_NULL(sh) ? sh : t_binary(op, y, sh);
    em_decref(sl); em_decref(sh); em_decref(y);
    y = ny;
    if (EM_IS_NULL(y)) { em_decref(idv); return -1; }
  }
  em_decref(idv);
  out[0] = y;
  return 1;
}

/* reduce_window_*: the windows as strided slices of the padded operand, combined */
/* {=== sort ===} */
/* x[..., perm, ...] along `dim`: a gather with full index vectors */
static Value take_along(Value x, Value perm, int dim) {
  AVal av;
  if (em_aval(x, &av) < 0) return em_null();
  int r = av.ndim;
  int64_t sh1[ARR_MAXDIM];
  ir_memcpy(sh1, av.shape, sizeof(int64_t) * (size_t)r);
  sh1[r] = 1;
  Value parts[ARR_MAXDIM];
  int k;
  for (k = 0; k < r; k++) {
    Value comp = k == dim ? t_convert(perm, DT_INT32, 0) : t_iota(DT_INT32, r, av.shape, k);
    parts[k] = EM_IS_NULL(comp) ? comp : t_reshape(comp, r + 1, sh1);
    em_decref(comp);
    if (EM_IS_NULL(parts[k])) break;
  }
  Value idx = k == r ? t_concat(r, parts, r) : em_null();
  t_clear(parts, k);
  if (EM_IS_NULL(idx)) return idx;
  PGather g;
  memset(&g, 0, sizeof g);
  g.n_collapsed = r;
  g.n_start = r;
  for (int i = 0; i < r; i++) {
    g.collapsed_slice_dims[i] = i;
    g.start_index_map[i] = i;
    g.slice_sizes[i] = 1;
  }
  g.mode = IDX_CLIP;
  Value in[2] = {x, idx};
  Value res = t_bind1(PRIM_gather, 2, in, &g);
  em_decref(idx);
  return res;
}

static int jvp_sort(PrimId id, const void *params, int nin, const Value *p, const Value *t, Value *out,
             Value *tout) {
  const PSort *ps = params;
  AVal av;
  if (em_aval(p[0], &av) < 0) return -1;
  Value *in = calloc((size_t)nin + 2, sizeof(Value));
  Value *o = calloc((size_t)nin + 2, sizeof(Value));
  if (!in || !o) { free(in); free(o); em_raise(ERR_MEMORY, "out of memory"); return -1; }
  for (int i = 0; i < nin; i++) in[i] = p[i];
  Value iota = t_iota(DT_INT32, av.ndim, av.shape, ps->dimension);
  int rc = -1;
  if (!EM_IS_NULL(iota)) {
    in[nin] = iota;
    int n = em_bind(id, nin + 1, in, params, o);
    if (n == nin + 1) {
      rc = nin;
      for (int i = 0; i < nin; i++) {
        out[i] = o[i];
        tout[i] = em_null();
        if (!EM_IS_NULL(t[i]) && rc >= 0) {
          tout[i] = take_along(t[i], o[nin], ps->dimension);
          if (EM_IS_NULL(tout[i])) rc = -1;
        }
      }
      em_decref(o[nin]);
      if (rc < 0) { t_clear(out, nin); t_clear(tout, nin); }
    } else if (n >= 0) {
      t_clear(o, n);
    }
  }
  em_decref(iota);
  free(in);
  free(o);
  return rc;
}


/* {=== batching ===} */
int reduce_batch(PrimId id, const void *params, int nin, const Value *in, const int *bd,
             int64_t size, Value *out, int *obd) {
  PAxes p = *(const PAxes *)params;
  t_shift1(p.axes, p.axes, p.naxes);
  return t_front1(id, in, bd, &p, out, obd);
}
static int b_arg(PrimId id, const void *params, int nin, const Value *in, const int *bd, int64_t size,
          Value *out, int *obd) {
  PArg p = *(const PArg *)params;
  p.axis += 1;
  return t_front1(id, in, bd, &p, out, obd);
}
static int b_cum(PrimId id, const void *params, int nin, const Value *in, const int *bd, int64_t size,
          Value *out, int *obd) {
  PCum p = *(const PCum *)params;
  p.axis += 1;
  return t_front1(id, in, bd, &p, out, obd);
}
static int b_sort(PrimId id, const void *params, int nin, const Value *in, const int *bd, int64_t size,
           Value *out, int *obd) {
  PSort p = *(const PSort *)params;
  p.dimension += 1;
  return t_all_front(id, nin, in, bd, size, &p, out, obd);
}

/* {=== parameters ===} */
static const ParamField pf_axes[] = {PRIM_FIELD(PAxes, naxes, PT_INT, 0), PRIM_FIELD(PAxes, axes, PT_INT_ARR, 0)};
static const ParamField pf_arg[] = {PRIM_FIELD(PArg, axis, PT_INT, 0), PRIM_FIELD(PArg, index_dtype, PT_DTYPE, 0)};
static const ParamField pf_cum[] = {PRIM_FIELD(PCum, axis, PT_INT, 0), PRIM_FIELD(PCum, reverse, PT_INT, 0)};
static const ParamField pf_sort[] = {PRIM_FIELD(PSort, dimension, PT_INT, 0), PRIM_FIELD(PSort, num_keys, PT_INT, 0),
                                     PRIM_FIELD(PSort, descending, PT_INT, 0)};

/* {=== the parameters in jaxpr text (JAX's spelling) ===} */
static void pp_axes(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PAxes *c = e->params;
  ir_put(pr, "[");
  ir_put_tuple_i(pr, "axes", c->axes, c->naxes);
  ir_put(pr, "]");
}
static void pp_arg(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PArg *c = e->params;
  ir_put(pr, "[axes=(%d,) index_dtype=%s]", c->axis, dtn(c->index_dtype));
}
static void pp_cum(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PCum *c = e->params;
  ir_put(pr, "[axis=%d reverse=%s]", c->axis, c->reverse ? "True" : "False");
}
static void pp_sort(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PSort *c = e->params;
  ir_put(pr, "[dimension=%d is_stable=True num_keys=%d]", c->dimension, c->num_keys);
}

/* {=== the entries ===} */
const Prim prim_rows_reduce[] = {
    {.id = PRIM_reduce_sum, .nin = 1, .nout = 1, .kind = PK_REDUCE, PARAMS(PAxes, pf_axes),
     .print = pp_axes,
     .rule = rule_reduce, .cpu = cpu_k_reduce, .cgen = "(%0 + %1)", .reduce_combine = "(%0 + %1)",
     .reduce_identity = RI_ZERO, .dtypes = DTM_NUM,
     .ad = RK_LINEAR, .lin = LIN_ALL, .transpose = tp_reduce_sum, .batch = reduce_batch,
     .np_scalar = 1},
    {.id = PRIM_reduce_prod, .nin = 1, .nout = 1, .kind = PK_REDUCE, PARAMS(PAxes, pf_axes),
     .print = pp_axes,
     .rule = rule_reduce, .cpu = cpu_k_reduce, .cgen = "(%0 * %1)", .reduce_combine = "(%0 * %1)",
     .reduce_identity = RI_ONE, .dtypes = DTM_NUM,
     .ad = RK_CUSTOM, .jvp = jvp_reduce_prod, .batch = reduce_batch,
     .np_scalar = 1},
    {.id = PRIM_reduce_max, .nin = 1, .nout = 1, .kind = PK_REDUCE, PARAMS(PAxes, pf_axes),
     .print = pp_axes,
     .rule = rule_reduce, .cpu = cpu_k_reduce,
     .reduce_combine = "((%0 >= %1 || %0 != %0) ? %0 : %1)", .reduce_identity = RI_LOWEST,
     .dtypes = DTM_ALL,
     .ad = RK_CUSTOM, .jvp = jvp_reduce_chooser, .batch = reduce_batch,
     .np_name = "maximum", .np_scalar = 1},
    {.id = PRIM_reduce_min, .nin = 1, .nout = 1, .kind = PK_REDUCE, PARAMS(PAxes, pf_axes),
     .print = pp_axes,
     .rule = rule_reduce, .cpu = cpu_k_reduce,
     .reduce_combine = "((%0 <= %1 || %0 != %0) ? %0 : %1)", .reduce_identity = RI_HIGHEST,
     .dtypes = DTM_ALL,
     .ad = RK_CUSTOM, .jvp = jvp_reduce_chooser, .batch = reduce_batch,
     .np_name = "minimum", .np_scalar = 1},
    {.id = PRIM_reduce_or, .nin = 1, .nout = 1, .kind = PK_REDUCE, PARAMS(PAxes, pf_axes),
     .print = pp_axes,
     .rule = rule_reduce, .cpu = cpu_k_reduce, .cgen = "(%0 | %1)", .reduce_combine = "(%0 | %1)",
     .reduce_identity = RI_FALSE, .dtypes = DTM_INTB,
     .ad = RK_ZERO, .batch = reduce_batch,
     .np_scalar = 1},
    {.id = PRIM_reduce_and, .nin = 1, .nout = 1, .kind = PK_REDUCE, PARAMS(PAxes, pf_axes),
     .print = pp_axes,
     .rule = rule_reduce, .cpu = cpu_k_reduce, .cgen = "(%0 & %1)", .reduce_combine = "(%0 & %1)",
     .reduce_identity = RI_TRUE, .dtypes = DTM_INTB,
     .ad = RK_ZERO, .batch = reduce_batch,
     .np_scalar = 1},
    {.id = PRIM_argmax, .nin = 1, .nout = 1, .kind = PK_REDUCE, PARAMS(PArg, pf_arg),
     .print = pp_arg,
     .rule = rule_arg, .cpu = cpu_k_arg,
     .ad = RK_ZERO, .batch = b_arg,
     .monoid = PRIM_max, .np_scalar = 1},
    {.id = PRIM_argmin, .nin = 1, .nout = 1, .kind = PK_REDUCE, PARAMS(PArg, pf_arg),
     .print = pp_arg,
     .rule = rule_arg, .cpu = cpu_k_arg,
     .ad = RK_ZERO, .batch = b_arg,
     .monoid = PRIM_min, .np_scalar = 1},
    {.id = PRIM_cumsum, .nin = 1, .nout = 1, .kind = PK_SCAN, .half_native = 1, PARAMS(PCum, pf_cum), .print = pp_cum,
     .rule = rule_cum, .cpu = cpu_k_cum, .reduce_identity = RI_ZERO,
     .ad = RK_LINEAR, .lin = LIN_ALL, .transpose = tp_cumsum, .batch = b_cum,
     .monoid = PRIM_add},
    {.id = PRIM_cumprod, .nin = 1, .nout = 1, .kind = PK_SCAN, .half_native = 1, PARAMS(PCum, pf_cum),
     .print = pp_cum,
     .rule = rule_cum, .cpu = cpu_k_cum, .reduce_identity = RI_ONE,
     .ad = RK_DECOMP, .decomp = decomp_cum, .batch = b_cum,
     .monoid = PRIM_mul},
    {.id = PRIM_cummax, .nin = 1, .nout = 1, .kind = PK_SCAN, .half_native = 1, PARAMS(PCum, pf_cum), .print = pp_cum,
     .rule = rule_cum, .cpu = cpu_k_cum, .reduce_identity = RI_LOWEST,
     .ad = RK_DECOMP, .decomp = decomp_cum, .batch = b_cum,
     .monoid = PRIM_max},
    {.id = PRIM_cummin, .nin = 1, .nout = 1, .kind = PK_SCAN, .half_native = 1, PARAMS(PCum, pf_cum), .print = pp_cum,
     .rule = rule_cum, .cpu = cpu_k_cum, .reduce_identity = RI_HIGHEST,
     .ad = RK_DECOMP, .decomp = decomp_cum, .batch = b_cum,
     .monoid = PRIM_min},
    {.id = PRIM_sort, .nin = -1, .nout = -1, .kind = PK_OTHER, PARAMS(PSort, pf_sort),
     .print = pp_sort,
     .rule = rule_sort, .cpu = cpu_k_sort,
     .ad = RK_CUSTOM, .jvp = jvp_sort, .batch = b_sort},
    {.id = PRIM_COUNT}};
