/* prim.c - the primitive table: filled at start-up from the families' entries (lang/prim/),
 * the eager dispatcher prim_bind, the helpers shape rules share, the parameter printer, and the
 * emitter the language installs for the transformation rules (emit.h). */
#include "prim.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/cpu.h"

Prim prim_table[PRIM_COUNT];
static int inited;
const Emitter *prim_emitter;

void prim_set_emitter(const Emitter *em) { prim_emitter = em; }

Value em_raise(ErrKind kind, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  arr_err(kind, "%s", msg);
  return prim_emitter->raise();
}

/* {=== helpers for shape rules ===} */
static const char *dtn(DType d) { return arr_dtypes[d].name; }

int prim_dtypes_differ(const Prim *p, const AVal *in, int nin) {
  char list[256] = "";
  for (int k = 0; k < nin; k++) {
    strncat(list, k ? ", " : "", sizeof list - strlen(list) - 1);
    strncat(list, dtn(in[k].dtype), sizeof list - strlen(list) - 1);
  }
  return arr_err(ERR_TYPE, "%s requires arguments to have the same dtypes, got %s.", p->name, list);
}

int prim_dtype_refused(const Prim *p, DType d) {
  const char *what = "numeric";
  if ((p->dtypes & DTM(DT_FLOAT32)) && !(p->dtypes & DTM(DT_INT32))) what = "floating";
  else if ((p->dtypes & DTM(DT_INT32)) && !(p->dtypes & DTM(DT_FLOAT32)))
    what = p->dtypes & DTM(DT_BOOL) ? "integer or boolean" : "integer";
  return arr_err(ERR_TYPE, "%s does not accept dtype %s. Accepted dtypes are subtypes of %s.",
                 p->name, dtn(d), what);
}

int prim_check_axis(const Prim *p, int axis, int ndim) {
  if (axis < 0 || axis >= ndim)
    return arr_err(ERR_VALUE, "axis %d is out of bounds for array of dimension %d", axis, ndim);
  return 0;
}

int prim_check_axes(const Prim *p, const PAxes *ax, int ndim, int *mask) {
  memset(mask, 0, sizeof(int) * ARR_MAXDIM);
  if (ax->naxes < 0 || ax->naxes > ndim) return arr_err(ERR_VALUE, "too many axes");
  for (int i = 0; i < ax->naxes; i++) {
    if (prim_check_axis(p, ax->axes[i], ndim) < 0) return -1;
    if (mask[ax->axes[i]]++) return arr_err(ERR_VALUE, "duplicate value in 'axis'");
  }
  return 0;
}

void prim_padtype_to_pads(int n, const int64_t *in_sizes, const int64_t *window,
                          const int64_t *strides, int same, int64_t *lo, int64_t *hi) {
  for (int i = 0; i < n; i++) {
    if (!same) { lo[i] = hi[i] = 0; continue; }
    int64_t s = strides[i] > 0 ? strides[i] : 1;
    int64_t out = in_sizes[i] / s + (in_sizes[i] % s != 0);   /* ceil, no overflow for huge s */
    int64_t pad;
    if (__builtin_mul_overflow(out - 1, s, &pad) || __builtin_add_overflow(pad, window[i] - in_sizes[i], &pad))
      pad = 0;
    if (pad < 0) pad = 0;
    if (same == 2) { hi[i] = pad / 2; lo[i] = pad - pad / 2; }
    else { lo[i] = pad / 2; hi[i] = pad - pad / 2; }
  }
}

double prim_identity(ReduceIdentity ri) {
  switch (ri) {
    case RI_ONE: case RI_TRUE: return 1.0;
    case RI_LOWEST: return -INFINITY;
    case RI_HIGHEST: return INFINITY;
    default: return 0.0;
  }
}

/* {=== the table ===} */
/* An id of PRIM_LIST whose family file has no row for it: a clear error, not a NULL call. */
static int rule_missing(const Prim *p, const AVal *in, int nin, const void *params, AVal *out) {
  return arr_err(ERR_INTERNAL, "primitive %s has no entry in lang/prim", p->name);
}

void arr_init(void) {
  if (inited) return;
  static const char *const names[PRIM_COUNT] = {
#define X(id, name) [PRIM_##id] = name,
      PRIM_LIST(X)
#undef X
  };
  for (int f = 0; prim_families[f]; f++)
    for (const Prim *e = prim_families[f]; e->id != PRIM_COUNT; e++) prim_table[e->id] = *e;
  for (int i = 0; i < PRIM_COUNT; i++) {
    prim_table[i].id = (PrimId)i;
    prim_table[i].name = names[i];
    if (!prim_table[i].rule) prim_table[i].rule = rule_missing;
  }
  cpu_pool_init();
  cpu_init_loops();
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

static Array *cast_to(Array *a, DType dt) {
  Array *o = arr_new(dt, a->ndim, a->shape);
  if (!o) return NULL;
  o->flags |= a->flags & ARR_WEAK;
  Array *ins[1] = {a};
  cpu_run_elementwise(cpu_convert_loop(a->dtype, dt), o, ins, 1, CPU_GRAIN_CHEAP);
  return o;
}

/* Long kernels stop early when the interrupt flag is set and leave garbage in their fresh
 * outputs (never in their inputs: primitives do not write them): drop those and raise. */
int prim_drop_if_interrupted(Array **out, int nout) {
  if (!arr_interrupted()) return 0;
  for (int k = 0; k < nout; k++) { arr_release(out[k]); out[k] = NULL; }
  return arr_err(ERR_INTERRUPTED, "interrupted");
}

#define HSMALL 8
int prim_run_cpu(const Prim *p, Array *const *in, int nin, const void *params,
                 const AVal *out_av, int nout, Array **out) {
  if (!p->cpu) return arr_err(ERR_NOTIMPL, "%s has no CPU kernel", p->name);
  /* one flag load per kernel: a chain of large matmuls stops at the next link */
  if (arr_interrupted()) return arr_err(ERR_INTERRUPTED, "interrupted");
  int half = 0;
  if (p->kind != PK_CONTROL && !p->half_native) {
    for (int i = 0; i < nin && !half; i++) half = dt_is_half(in[i]->dtype);
    for (int k = 0; k < nout && !half; k++) half = dt_is_half(out_av[k].dtype);
  }
  if (!half) {
    if (p->cpu(p, in, nin, params, out_av, out) < 0) return -1;
    return prim_drop_if_interrupted(out, nout);
  }
  Array *ins_s[HSMALL], **ins = nin <= HSMALL ? ins_s : calloc((size_t)nin, sizeof(Array *));
  AVal oav_s[HSMALL], *oav = nout <= HSMALL ? oav_s : malloc(sizeof(AVal) * (size_t)nout);
  int rc = -1, made = 0;
  if (!ins || !oav) { arr_err(ERR_MEMORY, "out of memory"); goto done; }
  for (; made < nin; made++) {
    Array *a = in[made];
    ins[made] = dt_is_half(a->dtype) ? cast_to(a, DT_FLOAT32) : arr_retain(a);
    if (!ins[made]) goto done;
  }
  for (int k = 0; k < nout; k++) {
    oav[k] = out_av[k];
    if (dt_is_half(oav[k].dtype)) oav[k].dtype = DT_FLOAT32;
  }
  if (p->cpu(p, ins, nin, params, oav, out) < 0 || prim_drop_if_interrupted(out, nout) < 0) goto done;
  rc = 0;
  for (int k = 0; k < nout; k++) {
    if (!dt_is_half(out_av[k].dtype) || !out[k] || out[k]->dtype == out_av[k].dtype) continue;
    Array *h = rc == 0 ? cast_to(out[k], out_av[k].dtype) : NULL;
    arr_release(out[k]);
    out[k] = h;
    if (!h) rc = -1;
  }
  if (rc < 0)
    for (int k = 0; k < nout; k++) { arr_release(out[k]); out[k] = NULL; }
done:
  for (int i = 0; i < made; i++) arr_release(ins[i]);
  if (ins != ins_s) free(ins);
  if (oav != oav_s) free(oav);
  return rc;
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
    if (prim_run_cpu(p, in, nin, params, aout, nout, out) < 0) rc = -1;
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

/* The entries an array field prints: a fixed count, or the value of the PT_INT field that
 * count_field names (clamped to the arrays' capacity). */
static int field_count(const Prim *p, const char *base, const ParamField *f) {
  int n = -f->count_field;
  if (f->count_field >= 0) {
    const ParamField *c = f->count_field < p->n_param_fields ? &p->param_fields[f->count_field] : NULL;
    n = c && c->type == PT_INT ? *(const int *)(base + c->offset) : 0;
  }
  return n < 0 || n > ARR_MAXDIM ? 0 : n;
}

/* One field as "name=value" into tmp (n bytes); returns the length. */
static int field_str(const Prim *p, const char *base, const ParamField *f, char *tmp, size_t n) {
  const char *at = base + f->offset;
  switch (f->type) {
    case PT_INT: return snprintf(tmp, n, "%s=%d", f->name, *(const int *)at);
    case PT_INT64: return snprintf(tmp, n, "%s=%lld", f->name, (long long)*(const int64_t *)at);
    case PT_DOUBLE: return snprintf(tmp, n, "%s=%g", f->name, *(const double *)at);
    case PT_DTYPE: {
      int d = *(const int *)at;
      return snprintf(tmp, n, "%s=%s", f->name, (unsigned)d < DT_COUNT ? dtn((DType)d) : "?");
    }
    case PT_INT_ARR: case PT_INT64_ARR: break;
  }
  int cnt = field_count(p, base, f);
  int k = snprintf(tmp, n, "%s=(", f->name);
  for (int j = 0; j < cnt && k < (int)n - 32; j++) {
    long long v = f->type == PT_INT_ARR ? ((const int *)at)[j] : (long long)((const int64_t *)at)[j];
    k += snprintf(tmp + k, n - k, j ? ", %lld" : "%lld", v);
  }
  return k + snprintf(tmp + k, n - k, cnt == 1 ? ",)" : ")");
}

char *prim_params_str(PrimId id, const void *params) {
  const Prim *p = &prim_table[id];
  size_t cap = 1024, len = 0;
  char *s = malloc(cap);
  if (!s) return NULL;
  s[0] = 0;
  if (!params) return s;
  for (int i = 0; i < p->n_param_fields; i++) {
    char tmp[512];
    int k = field_str(p, params, &p->param_fields[i], tmp, sizeof tmp);
    if (len + k + 4 >= cap) {
      char *n = realloc(s, cap = cap * 2 + k);
      if (!n) { free(s); return NULL; }
      s = n;
    }
    len += sprintf(s + len, "%s%s", i ? " " : "", tmp);
  }
  return s;
}
