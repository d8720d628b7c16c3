/* np_print.c - arrays printed exactly as NumPy 2 and JAX print them: array2string's float
 * formatting (Dragon4 shortest digits, maxprec, scientific switch), wrapping, summarisation. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"
#include "arrobj.h"

NpPrintOptions np_printopts = {8, 1000, 3, 75, 0};

/* {=== shortest digits ===} */
/* x finite. Shortest round-trip digits for its type: digits (no leading/trailing zeros;
 * "0" for zero) and e such that |x| = d1.d2d3... * 10^e. */
static void shortest(double x, int is32, char *dig, int *e) {
  char buf[64];
  x = fabs(x);
  if (x == 0) { strcpy(dig, "0"); *e = 0; return; }
  int p;
  for (p = 1; p <= 17; p++) {
    snprintf(buf, sizeof buf, "%.*e", p - 1, x);
    if (is32 ? (strtof(buf, NULL) == (float)x) : (strtod(buf, NULL) == x)) break;
  }
  /* buf = "d.ddde[+-]XX" */
  int k = 0;
  char *q = buf;
  for (; *q && *q != 'e'; q++) if (*q >= '0' && *q <= '9') dig[k++] = *q;
  dig[k] = 0;
  *e = atoi(q + 1);
  while (k > 1 && dig[k - 1] == '0') dig[--k] = 0;
}

/* Digits of x rounded (correctly, from its exact binary value) to `frac` fractional digits
 * (positional) or `sig` - 1 digits after the first (scientific); same output convention. */
static void rounded_pos(double x, int frac, char *dig, int *e) {
  char buf[400];
  snprintf(buf, sizeof buf, "%.*f", frac, fabs(x));
  /* leading digits before '.' */
  char *dot = strchr(buf, '.');
  int ip = dot ? (int)(dot - buf) : (int)strlen(buf);
  int k = 0, lead = 1, pos = 0, first = -1;
  for (char *q = buf; *q; q++) {
    if (*q == '.') continue;
    if (lead && *q == '0') { pos++; continue; }
    if (lead) first = pos;
    lead = 0;
    dig[k++] = *q;
    pos++;
  }
  if (k == 0) { strcpy(dig, "0"); *e = 0; return; }
  dig[k] = 0;
  *e = ip - first - 1;
  while (k > 1 && dig[k - 1] == '0') dig[--k] = 0;
}

static void rounded_sci(double x, int prec, char *dig, int *e) {
  char buf[64];
  snprintf(buf, sizeof buf, "%.*e", prec, fabs(x));
  int k = 0;
  char *q = buf;
  for (; *q && *q != 'e'; q++) if (*q >= '0' && *q <= '9') dig[k++] = *q;
  dig[k] = 0;
  *e = atoi(q + 1);
  while (k > 1 && dig[k - 1] == '0') dig[--k] = 0;
}

enum { TRIM_K, TRIM_DOT, TRIM_ZERO, TRIM_MINUS };

/* numpy.format_float_positional(x, precision, unique=True, fractional=True, trim, sign=False,
 * pad_left, pad_right, min_digits); precision < 0 = unlimited. */
static void dragon4_pos(FBuf *out, double x, int is32, int precision, int min_digits, int trim,
                        int pad_left, int pad_right) {
  char dig[400];
  int e;
  shortest(x, is32, dig, &e);
  int nd = (int)strlen(dig);
  int nfrac = nd - 1 - e;
  if (dig[0] == '0' && nd == 1) nfrac = 0;
  if (precision >= 0 && nfrac > precision) {
    rounded_pos(x, precision, dig, &e);
    nd = (int)strlen(dig);
    nfrac = nd - 1 - e;
    if (dig[0] == '0' && nd == 1) nfrac = 0;
  }
  if (nfrac < 0) nfrac = 0;
  char ip[400], fp[400];
  int ni = 0, nf = 0;
  if (dig[0] == '0' && nd == 1) ip[ni++] = '0';
  else if (e < 0) ip[ni++] = '0';
  else
    for (int i = 0; i <= e; i++) ip[ni++] = i < nd ? dig[i] : '0';
  for (int i = 0; i < nfrac; i++) {
    int di = e + 1 + i;   /* digit index */
    fp[nf++] = (di >= 0 && di < nd) ? dig[di] : '0';
  }
  while (nf < min_digits) fp[nf++] = '0';
  if (trim == TRIM_ZERO && nf == 0) fp[nf++] = '0';
  int neg = signbit(x) != 0;
  int left = ni + neg;
  for (int i = left; i < pad_left; i++) fbuf_putc(out, ' ');
  if (neg) fbuf_putc(out, '-');
  fbuf_putn(out, ip, (size_t)ni);
  if (!(trim == TRIM_MINUS && nf == 0)) fbuf_putc(out, '.');
  fbuf_putn(out, fp, (size_t)nf);
  for (int i = nf; i < pad_right; i++) fbuf_putc(out, ' ');
}

/* numpy.format_float_scientific(x, precision, unique=True, trim, sign=False, pad_left,
 * exp_digits, min_digits). */
static void dragon4_sci(FBuf *out, double x, int is32, int precision, int min_digits, int trim,
                        int pad_left, int exp_digits) {
  char dig[64];
  int e;
  shortest(x, is32, dig, &e);
  int nd = (int)strlen(dig);
  if (precision >= 0 && nd - 1 > precision) {
    rounded_sci(x, precision, dig, &e);
    nd = (int)strlen(dig);
  }
  if (x == 0) e = 0;
  int neg = signbit(x) != 0;
  for (int i = 1 + neg; i < pad_left; i++) fbuf_putc(out, ' ');
  if (neg) fbuf_putc(out, '-');
  fbuf_putc(out, dig[0]);
  int nf = nd - 1;
  if (!(trim == TRIM_MINUS && nf == 0 && min_digits <= 0)) fbuf_putc(out, '.');
  fbuf_putn(out, dig + 1, (size_t)nf);
  for (int i = nf; i < min_digits; i++) fbuf_putc(out, '0');
  if (trim == TRIM_ZERO && nf == 0 && min_digits <= 0) fbuf_putc(out, '0');
  char eb[32];
  int ae = e < 0 ? -e : e;
  int w = exp_digits > 2 ? (exp_digits > 5 ? 5 : exp_digits) : 2;
  snprintf(eb, sizeof eb, "e%c%0*d", e < 0 ? '-' : '+', w, ae);
  fbuf_puts(out, eb);
}

/* Python-style str of a float of the given width (np.float32 / np.float64 scalars). */
static void scalar_float_str(FBuf *out, double x, int is32) {
  if (isnan(x)) { fbuf_puts(out, "nan"); return; }
  if (isinf(x)) { fbuf_puts(out, x < 0 ? "-inf" : "inf"); return; }
  if (!is32) {
    char b[64];
    fmt_float_repr(x, b, sizeof b);
    fbuf_puts(out, b);
    return;
  }
  double ax = fabs(x);
  if (ax == 0 || (ax < 1e16 && ax >= 1e-4)) dragon4_pos(out, x, 1, -1, 0, TRIM_ZERO, 0, 0);
  else dragon4_sci(out, x, 1, -1, 0, TRIM_MINUS, 0, 0);
}

/* {=== element formatters (numpy's FloatingFormat, IntegerFormat, BoolFormat) ===} */
typedef struct EFmt {
  char kind;                 /* 'b' 'i' 'f' */
  int is32;
  int width;                 /* ints, bools */
  int bool_pad;              /* ' True' */
  int exp_format, precision, min_digits, trim, pad_left, pad_right, exp_size;
} EFmt;

static double load_f(DType d, const char *p) {
  switch (d) {
    case DT_FLOAT32: return *(const float *)p;
    case DT_FLOAT64: return *(const double *)p;
    default: return 0;
  }
}
static int64_t load_i(DType d, const char *p) {
  switch (d) {
    case DT_BOOL: case DT_UINT8: return *(const uint8_t *)p;
    case DT_UINT32: return *(const uint32_t *)p;
    case DT_INT32: return *(const int32_t *)p;
    case DT_INT64: return *(const int64_t *)p;
    default: return 0;
  }
}

/* iterate over the (summarised) elements: callback with the element pointer */
typedef void (*ElemCb)(void *ctx, const char *p);
static void visit(const Array *a, int depth, int64_t off, int summary, ElemCb cb, void *ctx) {
  if (depth == a->ndim) {
    cb(ctx, (const char *)a->buf->data + off * dt_size(a->dtype));
    return;
  }
  int64_t n = a->shape[depth];
  int edge = np_printopts.edgeitems;
  for (int64_t i = 0; i < n; i++) {
    if (summary && 2 * edge < n && i == edge) i = n - edge;
    visit(a, depth + 1, off + i * a->strides[depth], summary, cb, ctx);
  }
}

typedef struct FloatScan {
  DType dt;
  int is32;
  int nfinite, nonfinite, any_neginf;
  double max_abs, min_abs;
  int have_nz;
  /* second pass */
  int pass;
  int exp_format, precision;
  int max_int, max_frac, max_exp;
} FloatScan;

static void scan_float(void *ctx, const char *p) {
  FloatScan *s = ctx;
  double x = load_f(s->dt, p);
  if (!isfinite(x)) {
    s->nonfinite++;
    if (isinf(x) && x < 0) s->any_neginf = 1;
    return;
  }
  if (s->pass == 0) {
    s->nfinite++;
    double ax = fabs(x);
    if (ax != 0) {
      if (!s->have_nz || ax > s->max_abs) s->max_abs = ax;
      if (!s->have_nz || ax < s->min_abs) s->min_abs = ax;
      s->have_nz = 1;
    }
    return;
  }
  FBuf b = {0};
  if (s->exp_format) dragon4_sci(&b, x, s->is32, s->precision, -1, TRIM_DOT, 0, 0);
  else dragon4_pos(&b, x, s->is32, s->precision, 0, TRIM_DOT, 0, 0);
  const char *str = fbuf_cstr(&b);
  const char *dot = strchr(str, '.');
  const char *ep = strchr(str, 'e');
  int ni = dot ? (int)(dot - str) : (int)b.len;
  int nf = dot ? (int)((ep ? ep : str + b.len) - dot - 1) : 0;
  if (ni > s->max_int) s->max_int = ni;
  if (nf > s->max_frac) s->max_frac = nf;
  if (ep) {
    int ne = (int)(str + b.len - ep) - 2;   /* digits after e+/- */
    if (ne > s->max_exp) s->max_exp = ne;
  }
  fbuf_free(&b);
}

typedef struct IntScan { DType dt; int64_t mx, mn; int any; } IntScan;
static void scan_int(void *ctx, const char *p) {
  IntScan *s = ctx;
  int64_t v = load_i(s->dt, p);
  if (!s->any || v > s->mx) s->mx = v;
  if (!s->any || v < s->mn) s->mn = v;
  s->any = 1;
}

static void make_efmt(const Array *a, int summary, EFmt *F) {
  memset(F, 0, sizeof *F);
  if (a->dtype == DT_BOOL) {
    F->kind = 'b';
    F->bool_pad = a->ndim != 0;
    return;
  }
  if (!dt_is_float(a->dtype)) {
    IntScan s = {a->dtype, 0, 0, 0};
    visit(a, 0, a->offset, summary, scan_int, &s);
    char b1[32], b2[32];
    int l1 = snprintf(b1, sizeof b1, "%lld", (long long)s.mx);
    int l2 = snprintf(b2, sizeof b2, "%lld", (long long)s.mn);
    F->kind = 'i';
    F->width = l1 > l2 ? l1 : l2;
    return;
  }
  F->kind = 'f';
  F->is32 = a->dtype == DT_FLOAT32;
  FloatScan s;
  memset(&s, 0, sizeof s);
  s.dt = a->dtype;
  s.is32 = F->is32;
  visit(a, 0, a->offset, summary, scan_float, &s);
  int prec = np_printopts.precision;
  if (s.have_nz) {
    if (s.max_abs >= 1e8 || (!np_printopts.suppress &&
                             (s.min_abs < 0.0001 || s.max_abs / s.min_abs > 1000.)))
      F->exp_format = 1;
  }
  if (s.nfinite == 0) {
    F->pad_left = 0;
    F->pad_right = 0;
    F->trim = TRIM_DOT;
    F->exp_size = -1;
    F->precision = prec;
    F->min_digits = 0;
  } else {
    s.pass = 1;
    s.exp_format = F->exp_format;
    s.precision = prec;
    s.nonfinite = 0;
    visit(a, 0, a->offset, summary, scan_float, &s);
    if (F->exp_format) {
      F->exp_size = s.max_exp;
      F->trim = TRIM_K;
      F->precision = s.max_frac;
      F->min_digits = s.max_frac;
      F->pad_left = s.max_int;
      F->pad_right = F->exp_size + 2 + F->precision;
    } else {
      F->pad_left = s.max_int;
      F->pad_right = s.max_frac;
      F->exp_size = -1;
      F->precision = prec;
      F->trim = TRIM_DOT;
      F->min_digits = 0;
    }
  }
  /* re-scan for non-finite values over the summarised data */
  if (s.nonfinite || s.nfinite == 0) {
    /* count non-finite in pass 0 (pass 1 skipped them) */
  }
  {
    FloatScan t;
    memset(&t, 0, sizeof t);
    t.dt = a->dtype;
    visit(a, 0, a->offset, summary, scan_float, &t);
    if (t.nonfinite) {
      int neginf = t.any_neginf;
      int offset = F->pad_right + 1;
      int l = 3 - offset;
      if (l > F->pad_left) F->pad_left = l;
      l = 3 + neginf - offset;
      if (l > F->pad_left) F->pad_left = l;
    }
  }
}

static void format_elem(const EFmt *F, DType dt, const char *p, FBuf *out) {
  if (F->kind == 'b') {
    int v = *(const uint8_t *)p != 0;
    fbuf_puts(out, v ? (F->bool_pad ? " True" : "True") : "False");
    return;
  }
  if (F->kind == 'i') {
    char b[32];
    int l = snprintf(b, sizeof b, "%lld", (long long)load_i(dt, p));
    for (int i = l; i < F->width; i++) fbuf_putc(out, ' ');
    fbuf_puts(out, b);
    return;
  }
  double x = load_f(dt, p);
  if (!isfinite(x)) {
    const char *s = isnan(x) ? "nan" : x < 0 ? "-inf" : "inf";
    int l = (int)strlen(s);
    for (int i = l; i < F->pad_left + F->pad_right + 1; i++) fbuf_putc(out, ' ');
    fbuf_puts(out, s);
    return;
  }
  if (F->exp_format)
    dragon4_sci(out, x, F->is32, F->precision, F->min_digits, F->trim, F->pad_left, F->exp_size);
  else
    dragon4_pos(out, x, F->is32, F->precision, F->min_digits, F->trim, F->pad_left,
                F->pad_right);
}

/* {=== _formatArray ===} */
typedef struct Ctx {
  const Array *a;
  const EFmt *F;
  const char *sep;
  int summary;
} Ctx;

static size_t rstrip_len(const char *s, size_t n) {
  while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\n')) n--;
  return n;
}

static void extend_line(FBuf *s, FBuf *line, const char *word, size_t wlen, int width,
                        const char *next_prefix) {
  int needs_wrap = (int)(line->len + wlen) > width;
  if (line->len <= strlen(next_prefix)) needs_wrap = 0;
  if (needs_wrap) {
    fbuf_putn(s, line->s, rstrip_len(line->s, line->len));
    fbuf_putc(s, '\n');
    line->len = 0;
    fbuf_puts(line, next_prefix);
  }
  fbuf_putn(line, word, wlen);
}

static void recurse(const Ctx *c, int depth, int64_t off, const char *hang, int width, FBuf *res) {
  const Array *a = c->a;
  int axes_left = a->ndim - depth;
  if (axes_left == 0) {
    format_elem(c->F, a->dtype, (const char *)a->buf->data + off * dt_size(a->dtype), res);
    return;
  }
  size_t hl = strlen(hang);
  char *next_hang = malloc(hl + 2);
  if (!next_hang) return;
  memcpy(next_hang, hang, hl);
  next_hang[hl] = ' ';
  next_hang[hl + 1] = 0;
  int next_width = width - 1;
  int64_t n = a->shape[depth];
  int edge = np_printopts.edgeitems;
  int show_summary = c->summary && 2 * edge < n;
  int64_t leading = show_summary ? edge : 0, trailing = show_summary ? edge : n;
  int64_t st = a->strides[depth];
  FBuf s = {0};
  size_t seplen = strlen(c->sep);
  size_t sep_rs = rstrip_len(c->sep, seplen);
  if (axes_left == 1) {
    int elem_width = width - (int)(sep_rs > 1 ? sep_rs : 1);
    FBuf line = {0};
    fbuf_puts(&line, hang);
    FBuf w = {0};
    for (int64_t i = 0; i < leading; i++) {
      w.len = 0;
      recurse(c, depth + 1, off + i * st, next_hang, next_width, &w);
      extend_line(&s, &line, w.s, w.len, elem_width, hang);
      fbuf_puts(&line, c->sep);
    }
    if (show_summary) {
      extend_line(&s, &line, "...", 3, elem_width, hang);
      fbuf_puts(&line, c->sep);
    }
    for (int64_t i = trailing; i > 1; i--) {
      w.len = 0;
      recurse(c, depth + 1, off + (n - i) * st, next_hang, next_width, &w);
      extend_line(&s, &line, w.s, w.len, elem_width, hang);
      fbuf_puts(&line, c->sep);
    }
    w.len = 0;
    recurse(c, depth + 1, off + (n - 1) * st, next_hang, next_width, &w);
    extend_line(&s, &line, w.s, w.len, elem_width, hang);
    fbuf_putn(&s, line.s, line.len);
    fbuf_free(&line);
    fbuf_free(&w);
  } else {
    FBuf line_sep = {0};
    fbuf_putn(&line_sep, c->sep, sep_rs);
    for (int i = 0; i < axes_left - 1; i++) fbuf_putc(&line_sep, '\n');
    FBuf w = {0};
    for (int64_t i = 0; i < leading; i++) {
      w.len = 0;
      recurse(c, depth + 1, off + i * st, next_hang, next_width, &w);
      fbuf_puts(&s, hang);
      fbuf_putn(&s, w.s, w.len);
      fbuf_putn(&s, line_sep.s, line_sep.len);
    }
    if (show_summary) {
      fbuf_puts(&s, hang);
      fbuf_puts(&s, "...");
      fbuf_putn(&s, line_sep.s, line_sep.len);
    }
    for (int64_t i = trailing; i > 1; i--) {
      w.len = 0;
      recurse(c, depth + 1, off + (n - i) * st, next_hang, next_width, &w);
      fbuf_puts(&s, hang);
      fbuf_putn(&s, w.s, w.len);
      fbuf_putn(&s, line_sep.s, line_sep.len);
    }
    w.len = 0;
    recurse(c, depth + 1, off + (n - 1) * st, next_hang, next_width, &w);
    fbuf_puts(&s, hang);
    fbuf_putn(&s, w.s, w.len);
    fbuf_free(&w);
    fbuf_free(&line_sep);
  }
  fbuf_putc(res, '[');
  if (s.len > hl) fbuf_putn(res, s.s + hl, s.len - hl);
  fbuf_putc(res, ']');
  fbuf_free(&s);
  free(next_hang);
}

/* array2string(a, max_line_width, separator=sep, prefix, suffix) into out */
static void array2string(const Array *a, const char *prefix, const char *sep, const char *suffix,
                         FBuf *out) {
  if (a->size == 0) { fbuf_puts(out, "[]"); return; }
  int summary = a->size > np_printopts.threshold;
  EFmt F;
  make_efmt(a, summary, &F);
  int width = np_printopts.linewidth - (int)strlen(suffix);
  size_t pl = strlen(prefix);
  char *hang = malloc(pl + 2);
  if (!hang) return;
  hang[0] = ' ';
  memset(hang + 1, ' ', pl);
  hang[pl + 1] = 0;
  Ctx c = {a, &F, sep, summary};
  recurse(&c, 0, a->offset, hang, width, out);
  free(hang);
}

/* {=== public entry points ===} */
static void shape_tuple(const Array *a, FBuf *b) {
  fbuf_putc(b, '(');
  for (int i = 0; i < a->ndim; i++) {
    if (i) fbuf_puts(b, ", ");
    fbuf_printf(b, "%lld", (long long)a->shape[i]);
  }
  if (a->ndim == 1) fbuf_putc(b, ',');
  fbuf_putc(b, ')');
}

static Value fbuf_value(FBuf *b) {
  Value r = obj_str_new(b->s ? b->s : "", b->len);
  fbuf_free(b);
  return r;
}

static void scalar_str(const Array *a, FBuf *b) {
  const char *p = arr_data(a);
  if (a->dtype == DT_BOOL) fbuf_puts(b, *(const uint8_t *)p ? "True" : "False");
  else if (dt_is_float(a->dtype)) scalar_float_str(b, load_f(a->dtype, p), a->dtype == DT_FLOAT32);
  else fbuf_printf(b, "%lld", (long long)load_i(a->dtype, p));
}

Value np_scalar_str(Array *a) {
  FBuf b = {0};
  scalar_str(a, &b);
  return fbuf_value(&b);
}

static Value str_of(Array *a) {
  FBuf b = {0};
  if (a->ndim == 0) scalar_str(a, &b);
  else array2string(a, "", " ", "", &b);
  return fbuf_value(&b);
}

static Value numpy_repr(ArrObj *o) {
  Array *a = o->a;
  FBuf b = {0};
  if (o->npscalar) {
    if (a->dtype == DT_BOOL) {
      fbuf_puts(&b, *(const uint8_t *)arr_data(a) ? "np.True_" : "np.False_");
    } else {
      fbuf_printf(&b, "np.%s(", arr_dtypes[a->dtype].name);
      scalar_str(a, &b);
      fbuf_putc(&b, ')');
    }
    return fbuf_value(&b);
  }
  const char *prefix = "array(";
  fbuf_puts(&b, prefix);
  array2string(a, prefix, ", ", ")", &b);
  int shape_extra = (a->size == 0 && !(a->ndim == 1 && a->shape[0] == 0)) ||
                    a->size > np_printopts.threshold;
  int implied = a->dtype == DT_FLOAT64 || a->dtype == DT_INT64 || a->dtype == DT_BOOL;
  int dtype_extra = !implied || a->size == 0;
  if (!shape_extra && !dtype_extra) {
    fbuf_putc(&b, ')');
    return fbuf_value(&b);
  }
  fbuf_putc(&b, ',');
  FBuf ex = {0};
  if (shape_extra) {
    fbuf_puts(&ex, "shape=");
    shape_tuple(a, &ex);
  }
  if (dtype_extra) {
    if (shape_extra) fbuf_puts(&ex, ", ");
    fbuf_printf(&ex, "dtype=%s", arr_dtypes[a->dtype].name);
  }
  fbuf_putc(&ex, ')');
  const char *nl = b.s ? strrchr(fbuf_cstr(&b), '\n') : NULL;
  size_t last = nl ? b.len - (size_t)(nl - b.s + 1) : b.len;
  if ((int)(last + ex.len + 1) > np_printopts.linewidth) {
    fbuf_putc(&b, '\n');
    fbuf_puts(&b, "      ");
  } else {
    fbuf_putc(&b, ' ');
  }
  fbuf_putn(&b, ex.s, ex.len);
  fbuf_free(&ex);
  return fbuf_value(&b);
}

static Value jax_repr(Array *a) {
  FBuf s = {0}, b = {0};
  char dts[64];
  snprintf(dts, sizeof dts, "dtype=%s%s", arr_dtypes[a->dtype].name,
           (a->flags & ARR_WEAK) ? ", weak_type=True" : "");
  if (a->size == 0) {
    fbuf_puts(&s, "[], shape=");
    shape_tuple(a, &s);
  } else {
    array2string(a, "Array(", ", ", ",", &s);
  }
  const char *str = fbuf_cstr(&s);
  const char *nl = strrchr(str, '\n');
  /* JAX computes len(s) - s.rfind('\n') + 1 */
  long last = (long)s.len - (nl ? (long)(nl - str) : -1) + 1;
  fbuf_puts(&b, "Array(");
  fbuf_putn(&b, s.s, s.len);
  fbuf_putc(&b, ',');
  fbuf_puts(&b, last + (long)strlen(dts) + 2 > np_printopts.linewidth ? "      " : " ");
  fbuf_puts(&b, dts);
  fbuf_putc(&b, ')');
  fbuf_free(&s);
  return fbuf_value(&b);
}

Value np_array_repr(Value self) {
  if (!lx_is_arr(self)) return obj_str_from_cstr("<array>");
  ArrObj *o = ARROBJ(self.u.o);
  if (self.u.o->type == &lx_np_type) return numpy_repr(o);
  return jax_repr(o->a);
}

Value np_array_str(Value self) {
  if (!lx_is_arr(self)) return obj_str_from_cstr("<array>");
  return str_of(ARROBJ(self.u.o)->a);
}

Value np_format_array(Array *a, const char *prefix, const char *sep, const char *suffix,
                      int for_repr) {
  FBuf b = {0};
  array2string(a, prefix, sep, suffix, &b);
  return fbuf_value(&b);
}
