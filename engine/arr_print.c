/* arr_print.c - array text exactly as NumPy prints it (str: `[1.  2.5 3. ]`, repr:
 * `array([1., 2.])`, summarised with `...` past the threshold) and JAX's `Array(..., dtype=)`.
 * Floats use the shortest round-trip digits per element (NumPy's Dragon4 "unique" mode). */
#include "arr_print.h"
#include "arr_half.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ArrPrintOpts arr_print_opts = {8, 1000, 3, 75, 0};

/* {=== a growable string ===} */
typedef struct Str { char *s; size_t n, cap; int oom; } Str;

static void sput(Str *b, const char *s, size_t n) {
  if (b->oom) return;
  if (b->n + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->n + n + 1) cap *= 2;
    char *p = realloc(b->s, cap);
    if (!p) { b->oom = 1; return; }
    b->s = p; b->cap = cap;
  }
  memcpy(b->s + b->n, s, n);
  b->n += n;
  b->s[b->n] = 0;
}
static void sputs(Str *b, const char *s) { sput(b, s, strlen(s)); }
static void sputc(Str *b, char c, int times) { for (int i = 0; i < times; i++) sput(b, &c, 1); }
static char *sdone(Str *b) {
  if (b->oom) { free(b->s); arr_err(ERR_MEMORY, "out of memory while formatting an array"); return NULL; }
  if (!b->s) { b->s = malloc(1); if (b->s) b->s[0] = 0; }
  return b->s;
}

/* {=== float digits ===}
 * Shortest decimal digits that read back as the same float32/float64: digits (no dot, no
 * trailing zeros) and the decimal exponent of the first digit. f32: 0 float64, 1 float32,
 * 2 float16. */
static int shortest(double v, int f32, char *digits, int *exp10) {
  char buf[64];
  for (int p = 0; p < 17; p++) {
    snprintf(buf, sizeof buf, "%.*e", p, v);
    int ok = f32 == 2 ? arr_f64_to_f16(strtod(buf, NULL)) == arr_f64_to_f16(v)
             : f32 ? (strtof(buf, NULL) == (float)v) : (strtod(buf, NULL) == v);
    if (ok || p == 16) break;
  }
  /* buf: [-]d.ddde[+-]xx */
  const char *q = buf;
  if (*q == '-') q++;
  int n = 0;
  for (; *q && *q != 'e'; q++) if (*q != '.') digits[n++] = *q;
  *exp10 = atoi(q + 1);
  while (n > 1 && digits[n - 1] == '0') n--;
  digits[n] = 0;
  return n;
}

/* Positional, NumPy dragon4_positional(unique=True, precision=prec, trim='.'): writes int and
 * fraction parts (without the dot) and whether it is negative. */
static void positional(double v, int f32, int prec, char *ip, char *fp) {
  char d[40];
  int e, neg = signbit(v) != 0;
  double a = fabs(v);
  int n = shortest(a, f32, d, &e);
  int nfrac = n - 1 - e;
  char *o = ip;
  if (neg) *o++ = '-';
  if (nfrac > prec) {
    char buf[400];
    snprintf(buf, sizeof buf, "%.*f", prec, a);
    char *dot = strchr(buf, '.');
    if (dot) *dot = 0;
    strcpy(o, buf);
    strcpy(fp, dot ? dot + 1 : "");
    size_t k = strlen(fp);
    while (k > 0 && fp[k - 1] == '0') fp[--k] = 0;
    return;
  }
  if (a == 0) { strcpy(o, "0"); fp[0] = 0; return; }
  if (e < 0) { *o++ = '0'; *o = 0; }
  else {
    for (int i = 0; i <= e; i++) *o++ = i < n ? d[i] : '0';
    *o = 0;
  }
  int k = 0;
  for (int i = e + 1; i < n; i++) fp[k++] = i < 0 ? '0' : d[i];
  if (e < -1) {   /* leading zeros after the dot */
    k = 0;
    for (int i = 0; i < -e - 1; i++) fp[k++] = '0';
    for (int i = 0; i < n; i++) fp[k++] = d[i];
  }
  fp[k] = 0;
}

/* Scientific, dragon4_scientific(unique=True, precision=prec): mantissa int digit, fraction
 * digits (trimmed), exponent value. */
static void scientific(double v, int f32, int prec, char *ip, char *fp, int *ex) {
  char d[40];
  int e, neg = signbit(v) != 0;
  double a = fabs(v);
  int n = shortest(a, f32, d, &e);
  if (n - 1 > prec) {
    char buf[64];
    snprintf(buf, sizeof buf, "%.*e", prec, a);
    n = 0;
    const char *q = buf;
    for (; *q && *q != 'e'; q++) if (*q != '.') d[n++] = *q;
    e = atoi(q + 1);
    while (n > 1 && d[n - 1] == '0') n--;
  }
  char *o = ip;
  if (neg) *o++ = '-';
  *o++ = d[0];
  *o = 0;
  memcpy(fp, d + 1, (size_t)(n - 1));
  fp[n - 1] = 0;
  *ex = a == 0 ? 0 : e;
}

/* {=== element formatters ===} */
typedef struct Fmt {
  DType dt;
  int f32;
  int exp_mode;
  int pad_left, pad_right, prec, exp_size;
  int int_width;
  int bool_0d;
} Fmt;

static double load(const Array *a, int64_t off) {
  const char *p = (const char *)a->buf->data + off * dt_size(a->dtype);
  switch (a->dtype) {
    case DT_BOOL: case DT_UINT8: return *(const uint8_t *)p;
    case DT_UINT32: return *(const uint32_t *)p;
    case DT_INT32: return *(const int32_t *)p;
    case DT_INT64: return (double)*(const int64_t *)p;
    case DT_FLOAT32: return *(const float *)p;
    case DT_FLOAT64: return *(const double *)p;
    case DT_FLOAT16: return arr_f16_to_f32(*(const uint16_t *)p);
    case DT_BFLOAT16: return arr_bf16_to_f32(*(const uint16_t *)p);
    default: return 0;
  }
}

static void int_text(const Array *a, int64_t off, char *buf) {
  const char *p = (const char *)a->buf->data + off * dt_size(a->dtype);
  switch (a->dtype) {
    case DT_UINT8: sprintf(buf, "%u", *(const uint8_t *)p); break;
    case DT_UINT32: sprintf(buf, "%u", *(const uint32_t *)p); break;
    case DT_INT32: sprintf(buf, "%d", *(const int32_t *)p); break;
    case DT_INT64: sprintf(buf, "%lld", (long long)*(const int64_t *)p); break;
    default: buf[0] = 0;
  }
}

static void exp_text(int ex, int digits, char *buf) {
  sprintf(buf, "e%c%0*d", ex < 0 ? '-' : '+', digits, ex < 0 ? -ex : ex);
}

/* Build the formatter from the elements that will be shown (offsets list). */
static void fill_format(const Array *a, const int64_t *offs, int64_t n, const ArrPrintOpts *o, Fmt *f) {
  memset(f, 0, sizeof *f);
  f->dt = a->dtype;
  f->f32 = a->dtype == DT_FLOAT32 ? 1 : a->dtype == DT_FLOAT16 ? 2 : 0;
  if (a->dtype == DT_BFLOAT16) return;   /* elements print alone (bf16_text) */
  f->bool_0d = a->ndim == 0;
  if (dt_is_int(a->dtype)) {
    char buf[32];
    for (int64_t i = 0; i < n; i++) {
      int_text(a, offs[i], buf);
      int l = (int)strlen(buf);
      if (l > f->int_width) f->int_width = l;
    }
    return;
  }
  if (!dt_is_float(a->dtype)) return;
  double mx = 0, mn = INFINITY;
  int nfinite = 0, has_nonfinite = 0, neginf = 0;
  for (int64_t i = 0; i < n; i++) {
    double v = load(a, offs[i]);
    if (!isfinite(v)) { has_nonfinite = 1; if (isinf(v) && v < 0) neginf = 1; continue; }
    nfinite++;
    double av = fabs(v);
    if (av != 0) { if (av > mx) mx = av; if (av < mn) mn = av; }
  }
  f->prec = o->precision;
  if (mx > 0) {
    int big;
    if (f->f32 == 2) big = mx >= 1e3 || (!o->suppress && (mn < 0.0001 || mx / mn > 1000.));
    /* NumPy >= 2.3 cuts over to scientific at 10**min(8, finfo.precision): 1e6 for float32 */
    else if (f->f32) big = (float)mx >= 1e6f || (!o->suppress && ((float)mn < 0.0001f || (float)mx / (float)mn > 1000.f));
    else big = mx >= 1e8 || (!o->suppress && (mn < 0.0001 || mx / mn > 1000.));
    f->exp_mode = big;
  }
  if (nfinite == 0) {
    f->pad_left = f->pad_right = 0;
    f->exp_size = -1;
    f->exp_mode = 0;
  } else if (f->exp_mode) {
    char ip[64], fp[64];
    int ex, maxfrac = 0, maxint = 0, maxexp = 0;
    for (int64_t i = 0; i < n; i++) {
      double v = load(a, offs[i]);
      if (!isfinite(v)) continue;
      scientific(v, f->f32, o->precision, ip, fp, &ex);
      int fl = (int)strlen(fp), il = (int)strlen(ip);
      int el = (ex < 0 ? -ex : ex) >= 100 ? 3 : 2;
      if (fl > maxfrac) maxfrac = fl;
      if (il > maxint) maxint = il;
      if (el > maxexp) maxexp = el;
    }
    f->prec = maxfrac;
    f->exp_size = maxexp;
    f->pad_left = maxint;
    f->pad_right = maxexp + 2 + maxfrac;
  } else {
    char ip[400], fp[400];
    int maxfrac = 0, maxint = 0;
    for (int64_t i = 0; i < n; i++) {
      double v = load(a, offs[i]);
      if (!isfinite(v)) continue;
      positional(v, f->f32, o->precision, ip, fp);
      int fl = (int)strlen(fp), il = (int)strlen(ip);
      if (fl > maxfrac) maxfrac = fl;
      if (il > maxint) maxint = il;
    }
    f->pad_left = maxint;
    f->pad_right = maxfrac;
    f->exp_size = -1;
  }
  if (has_nonfinite) {
    int offset = f->pad_right + 1;
    int inflen = 3 + neginf;
    if (3 - offset > f->pad_left) f->pad_left = 3 - offset;
    if (inflen - offset > f->pad_left) f->pad_left = inflen - offset;
  }
}

/* bfloat16 is not a NumPy floating type: NumPy prints each element with ml_dtypes' str,
 * C++'s default stream format (%g), unpadded. */
static void bf16_text(double v, char *buf) {
  if (isnan(v)) strcpy(buf, "nan");
  else snprintf(buf, 64, "%g", v);
}

static void format_elem(const Array *a, int64_t off, const Fmt *f, Str *out) {
  char buf[512];
  if (a->dtype == DT_BFLOAT16) {
    bf16_text(load(a, off), buf);
    sputs(out, buf);
    return;
  }
  if (a->dtype == DT_BOOL) {
    int v = *((const uint8_t *)a->buf->data + off) != 0;
    sputs(out, v ? (f->bool_0d ? "True" : " True") : "False");
    return;
  }
  if (dt_is_int(a->dtype)) {
    int_text(a, off, buf);
    sputc(out, ' ', f->int_width - (int)strlen(buf));
    sputs(out, buf);
    return;
  }
  double v = load(a, off);
  if (!isfinite(v)) {
    const char *t = isnan(v) ? "nan" : v < 0 ? "-inf" : "inf";
    sputc(out, ' ', f->pad_left + f->pad_right + 1 - (int)strlen(t));
    sputs(out, t);
    return;
  }
  char ip[400], fp[400];
  if (f->exp_mode) {
    int ex;
    scientific(v, f->f32, f->prec, ip, fp, &ex);
    if (f->f32 == 2 && (int)strlen(fp) < f->prec) {
      /* Dragon4's min_digits continues with the exact digits; float16's show early */
      char t[64];
      snprintf(t, sizeof t, "%.*e", f->prec, fabs(v));
      char *dot = strchr(t, '.'), *e = strchr(t, 'e');
      if (dot && e) {
        *e = 0;
        strcpy(fp, dot + 1);
        ex = atoi(e + 1);
        ip[signbit(v) ? 1 : 0] = t[0];
      }
    }
    sputc(out, ' ', f->pad_left - (int)strlen(ip));
    sputs(out, ip);
    sputs(out, ".");
    sputs(out, fp);
    sputc(out, '0', f->prec - (int)strlen(fp));
    exp_text(ex, f->exp_size, buf);
    sputs(out, buf);
  } else {
    positional(v, f->f32, f->prec, ip, fp);
    sputc(out, ' ', f->pad_left - (int)strlen(ip));
    sputs(out, ip);
    sputs(out, ".");
    sputs(out, fp);
    sputc(out, ' ', f->pad_right - (int)strlen(fp));
  }
}

/* {=== layout (numpy's _formatArray) ===} */
typedef struct Ctx {
  const Array *a;
  const Fmt *f;
  const char *sep;
  int summary, edge;
} Ctx;

static void extend_line(Str *s, Str *line, const char *word, size_t wlen, int width, const char *prefix) {
  size_t plen = strlen(prefix);
  int wrap = (int)(line->n + wlen) > width;
  if (line->n <= plen) wrap = 0;
  if (wrap) {
    size_t k = line->n;
    while (k > 0 && line->s[k - 1] == ' ') k--;
    sput(s, line->s, k);
    sputs(s, "\n");
    line->n = 0;
    if (line->s) line->s[0] = 0;
    sputs(line, prefix);
  }
  sput(line, word, wlen);
}

static void recurse(const Ctx *c, int depth, int64_t off, const char *hang, int width, Str *out) {
  const Array *a = c->a;
  if (depth == a->ndim) { format_elem(a, off, c->f, out); return; }
  size_t hl = strlen(hang);
  char *next_hang = malloc(hl + 2);
  if (!next_hang) { out->oom = 1; return; }
  memcpy(next_hang, hang, hl);
  next_hang[hl] = ' ';
  next_hang[hl + 1] = 0;
  int next_width = width - 1;
  int64_t len = a->shape[depth], st = a->strides[depth];
  int show = c->summary && 2 * c->edge < len;
  int64_t lead = show ? c->edge : 0, trail = show ? c->edge : len;
  int axes_left = a->ndim - depth;
  Str s = {0};
  const char *sep = c->sep;
  size_t sep_r = strlen(sep);
  while (sep_r > 0 && sep[sep_r - 1] == ' ') sep_r--;
  if (axes_left == 1) {
    int elem_width = width - (sep_r > 1 ? (int)sep_r : 1);
    Str line = {0};
    sputs(&line, hang);
    Str w = {0};
    for (int64_t i = 0; i < lead; i++) {
      w.n = 0;
      recurse(c, depth + 1, off + i * st, next_hang, next_width, &w);
      extend_line(&s, &line, w.s ? w.s : "", w.n, elem_width, hang);
      sputs(&line, sep);
    }
    if (show) {
      extend_line(&s, &line, "...", 3, elem_width, hang);
      sputs(&line, sep);
    }
    for (int64_t i = trail; i > 1; i--) {
      w.n = 0;
      recurse(c, depth + 1, off + (len - i) * st, next_hang, next_width, &w);
      extend_line(&s, &line, w.s ? w.s : "", w.n, elem_width, hang);
      sputs(&line, sep);
    }
    w.n = 0;
    recurse(c, depth + 1, off + (len - 1) * st, next_hang, next_width, &w);
    extend_line(&s, &line, w.s ? w.s : "", w.n, elem_width, hang);
    sput(&s, line.s ? line.s : "", line.n);
    if (line.oom || w.oom) s.oom = 1;
    free(line.s);
    free(w.s);
  } else {
    Str w = {0};
    char line_sep[ARR_MAXDIM + 8];
    size_t k = 0;
    memcpy(line_sep, sep, sep_r);
    k = sep_r;
    for (int i = 0; i < axes_left - 1; i++) line_sep[k++] = '\n';
    line_sep[k] = 0;
    for (int64_t i = 0; i < lead; i++) {
      w.n = 0;
      recurse(c, depth + 1, off + i * st, next_hang, next_width, &w);
      sputs(&s, hang); sput(&s, w.s ? w.s : "", w.n); sputs(&s, line_sep);
    }
    if (show) { sputs(&s, hang); sputs(&s, "..."); sputs(&s, line_sep); }
    for (int64_t i = trail; i > 1; i--) {
      w.n = 0;
      recurse(c, depth + 1, off + (len - i) * st, next_hang, next_width, &w);
      sputs(&s, hang); sput(&s, w.s ? w.s : "", w.n); sputs(&s, line_sep);
    }
    w.n = 0;
    recurse(c, depth + 1, off + (len - 1) * st, next_hang, next_width, &w);
    sputs(&s, hang); sput(&s, w.s ? w.s : "", w.n);
    if (w.oom) s.oom = 1;
    free(w.s);
  }
  sputs(out, "[");
  if (s.s && s.n >= hl) sput(out, s.s + hl, s.n - hl);
  sputs(out, "]");
  if (s.oom) out->oom = 1;
  free(s.s);
  free(next_hang);
}

/* Offsets of the elements that will be shown (all, or numpy's _leading_trailing). */
static int64_t collect(const Array *a, int depth, int64_t off, int summary, int edge, int64_t *offs, int64_t n) {
  if (depth == a->ndim) { offs[n] = off; return n + 1; }
  int64_t len = a->shape[depth], st = a->strides[depth];
  if (summary && 2 * edge < len) {
    for (int64_t i = 0; i < edge; i++) n = collect(a, depth + 1, off + i * st, summary, edge, offs, n);
    for (int64_t i = len - edge; i < len; i++) n = collect(a, depth + 1, off + i * st, summary, edge, offs, n);
  } else {
    for (int64_t i = 0; i < len; i++) n = collect(a, depth + 1, off + i * st, summary, edge, offs, n);
  }
  return n;
}

/* numpy array2string(a, separator, prefix, suffix) for a non-empty array. */
static char *array2string(const Array *a, const char *sep, const char *prefix, const char *suffix,
                          const ArrPrintOpts *o) {
  int summary = a->size > o->threshold;
  int64_t shown = 1;
  for (int d = 0; d < a->ndim; d++) {
    int64_t len = a->shape[d];
    shown *= (summary && 2 * o->edgeitems < len) ? 2 * o->edgeitems : len;
  }
  int64_t *offs = malloc(sizeof(int64_t) * (size_t)(shown ? shown : 1));
  if (!offs) { arr_err(ERR_MEMORY, "out of memory while formatting an array"); return NULL; }
  int64_t n = collect(a, 0, a->offset, summary, o->edgeitems, offs, 0);
  Fmt f;
  fill_format(a, offs, n, o, &f);
  free(offs);
  size_t pl = strlen(prefix);
  char *hang = malloc(pl + 2);
  if (!hang) { arr_err(ERR_MEMORY, "out of memory"); return NULL; }
  hang[0] = ' ';
  memset(hang + 1, ' ', pl);
  hang[pl + 1] = 0;
  Ctx c = {a, &f, sep, summary, o->edgeitems};
  Str out = {0};
  recurse(&c, 0, a->offset, hang, o->linewidth - (int)strlen(suffix), &out);
  free(hang);
  return sdone(&out);
}

/* {=== public ===} */
static char *scalar_str(const Array *a) {
  Str out = {0};
  char buf[512];
  if (a->dtype == DT_BOOL) sputs(&out, *(const uint8_t *)arr_data(a) ? "True" : "False");
  else if (dt_is_int(a->dtype)) { int_text(a, a->offset, buf); sputs(&out, buf); }
  else if (a->dtype == DT_BFLOAT16) { bf16_text(load(a, a->offset), buf); sputs(&out, buf); }
  else {
    double v = load(a, a->offset);
    double av = fabs(v);
    int f32 = a->dtype == DT_FLOAT32 ? 1 : a->dtype == DT_FLOAT16 ? 2 : 0;
    if (isnan(v)) sputs(&out, "nan");
    else if (isinf(v)) sputs(&out, v < 0 ? "-inf" : "inf");
    else if (av == 0 || (av >= 1e-4 && av < (f32 == 2 ? 1e3 : f32 ? 1e6 : 1e16))) {
      char ip[400], fp[400];
      positional(v, f32, 400, ip, fp);
      sputs(&out, ip); sputs(&out, "."); sputs(&out, fp[0] ? fp : "0");
    } else {
      char d[40];
      int e, n = shortest(av, f32, d, &e);
      if (v < 0) sputs(&out, "-");
      sput(&out, d, 1);
      if (n > 1) { sputs(&out, "."); sput(&out, d + 1, (size_t)(n - 1)); }
      exp_text(e, 2, buf);
      sputs(&out, buf);
    }
  }
  return sdone(&out);
}

char *arr_format_str(const Array *a, const ArrPrintOpts *o) {
  if (!o) o = &arr_print_opts;
  if (a->ndim == 0) return scalar_str(a);
  if (a->size == 0) { char *s = malloc(3); if (s) strcpy(s, "[]"); else arr_err(ERR_MEMORY, "out of memory"); return s; }
  return array2string(a, " ", "", "", o);
}

char *arr_format_repr(const Array *a, int jax, const ArrPrintOpts *o) {
  if (!o) o = &arr_print_opts;
  Str out = {0};
  char shp[400];
  const char *dname = arr_dtypes[a->dtype].name;
  if (jax) {
    char dstr[96];
    snprintf(dstr, sizeof dstr, "dtype=%s%s)", dname, (a->flags & ARR_WEAK) ? ", weak_type=True" : "");
    char *s;
    if (a->size == 0) {
      Str t = {0};
      sputs(&t, "[], shape=");
      sputs(&t, arr_shape_str(a->shape, a->ndim, shp, sizeof shp));
      s = sdone(&t);
    } else {
      s = array2string(a, ", ", "Array(", ",", o);
    }
    if (!s) return NULL;
    const char *nl = strrchr(s, '\n');
    /* JAX computes len(s) - s.rfind('\n') + 1 (sic) */
    long last = (long)strlen(s) - (nl ? (long)(nl - s) : -1) + 1;
    sputs(&out, "Array(");
    sputs(&out, s);
    sputs(&out, ",");
    /* JAX's sep is ' ' * len(prefix) here: no newline (sic) */
    if (last + (long)strlen(dstr) + 1 > o->linewidth) sputs(&out, "      ");
    else sputs(&out, " ");
    sputs(&out, dstr);
    free(s);
    return sdone(&out);
  }
  char *s = a->size == 0 ? NULL : array2string(a, ", ", "array(", ")", o);
  if (a->size && !s) return NULL;
  sputs(&out, "array(");
  sputs(&out, s ? s : "[]");
  free(s);
  Str extras = {0};
  int one_dim_empty = a->ndim == 1 && a->shape[0] == 0;
  if ((a->size == 0 && !one_dim_empty) || a->size > o->threshold) {
    sputs(&extras, "shape=");
    sputs(&extras, arr_shape_str(a->shape, a->ndim, shp, sizeof shp));
  }
  int implied = a->dtype == DT_FLOAT64 || a->dtype == DT_INT64 || a->dtype == DT_BOOL;
  if (!implied || a->size == 0) {
    if (extras.n) sputs(&extras, ", ");
    sputs(&extras, "dtype=");
    sputs(&extras, dname);
  }
  if (!extras.n) { sputs(&out, ")"); return sdone(&out); }
  sputs(&extras, ")");
  sputs(&out, ",");
  const char *nl = out.s ? strrchr(out.s, '\n') : NULL;
  long last = (long)out.n - (nl ? (long)(nl - out.s) + 1 : 0);
  if (last + (long)extras.n + 1 > o->linewidth) sputs(&out, "\n      ");
  else sputs(&out, " ");
  sput(&out, extras.s, extras.n);
  free(extras.s);
  return sdone(&out);
}
