/* ticks.c - axis limits, tick positions and tick labels computed the way matplotlib does
 * (autoscale with 5% margins and sticky edges, MaxNLocator, ScalarFormatter, LogLocator). */
#include "plot_int.h"
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MINUS "\xe2\x88\x92"   /* U+2212, matplotlib's axes.unicode_minus */

typedef struct range {
  double lo, hi;
  double sticky[8];
  int nsticky;
} range;

static void take(range *r, double v, int logscale) {
  if (!isfinite(v) || (logscale && v <= 0)) return;
  if (v < r->lo) r->lo = v;
  if (v > r->hi) r->hi = v;
}

static void take_all(range *r, const double *v, size_t n, int logscale) {
  if (!v) return;
  for (size_t i = 0; i < n; i++) take(r, v[i], logscale);
}

static void sticky(range *r, double v) {
  if (r->nsticky < 8 && isfinite(v)) r->sticky[r->nsticky++] = v;
}

/* the data range of one axis over all series, with matplotlib's sticky edges (bars stick
 * to their base, images to their extent) */
static int data_range(plot_axes *ax, int yaxis, range *r, int *has_image) {
  int lg = yaxis ? ax->ylog : ax->xlog;
  r->lo = INFINITY;
  r->hi = -INFINITY;
  r->nsticky = 0;
  *has_image = 0;
  for (size_t i = 0; i < ax->nseries; i++) {
    plot_series *s = ax->series[i];
    switch (s->kind) {
    case SK_LINE: case SK_SCATTER: case SK_STEP:
      take_all(r, yaxis ? s->y : s->x, s->n, lg);
      if (s->kind == SK_STEP && yaxis) sticky(r, 0);
      break;
    case SK_ERRORBAR:
      take_all(r, yaxis ? s->y : s->x, s->n, lg);
      take_all(r, yaxis ? s->y0 : s->x0, s->n, lg);
      take_all(r, yaxis ? s->y1 : s->x1, s->n, lg);
      break;
    case SK_FILL:
      if (yaxis) {
        take_all(r, s->y, s->n, lg);
        take_all(r, s->y2, s->n, lg);
      } else {
        take_all(r, s->x, s->n, lg);
        /* matplotlib's fill_between sticks to the x ends of the data */
        if (s->n) { sticky(r, s->x[0]); sticky(r, s->x[s->n - 1]); }
      }
      break;
    case SK_BARS:
      take_all(r, yaxis ? s->y0 : s->x0, s->n, lg);
      take_all(r, yaxis ? s->y1 : s->x1, s->n, lg);
      if (yaxis != s->origin_lower) sticky(r, 0);     /* the bars' base */
      break;
    case SK_IMAGE: {
      double a = yaxis ? s->extent[2] : s->extent[0], b = yaxis ? s->extent[3] : s->extent[1];
      take(r, a, lg);
      take(r, b, lg);
      sticky(r, a);
      sticky(r, b);
      *has_image = 1;
      break;
    }
    }
  }
  return r->lo <= r->hi;
}

static int image_inverted(plot_axes *ax) {
  for (size_t i = ax->nseries; i-- > 0;)
    if (ax->series[i]->kind == SK_IMAGE)
      return ax->series[i]->extent[3] < ax->series[i]->extent[2];
  return 0;
}

/* matplotlib's transforms.nonsingular */
static void nonsingular(double *lo, double *hi, int logscale) {
  if (*hi - *lo > 1e-14 * fmax(fabs(*lo), fabs(*hi)) + 1e-300) return;
  if (logscale) {
    double l = *lo;
    *lo = l / 10; *hi = l * 10;
    return;
  }
  if (*lo == 0) { *lo = -0.05; *hi = 0.05; return; }
  double v = *lo;
  *lo = v - 0.05 * fabs(v);
  *hi = v + 0.05 * fabs(v);
}

void plot__axis_limits(plot_axes *ax, int yaxis, double *plo, double *phi) {
  double *lim = yaxis ? ax->ylim : ax->xlim;
  int lg = yaxis ? ax->ylog : ax->xlog;
  double lo, hi;
  range r;
  int has_image;
  if (!isnan(lim[0]) && !isnan(lim[1])) {
    lo = lim[0]; hi = lim[1];
    if (lo == hi) nonsingular(&lo, &hi, lg);
    *plo = lo; *phi = hi;
    return;
  }
  if (!data_range(ax, yaxis, &r, &has_image)) {
    lo = lg ? 1 : 0;
    hi = lg ? 10 : 1;
  } else {
    lo = r.lo; hi = r.hi;
    nonsingular(&lo, &hi, lg);
    /* 5% margins in the axis' own scale, not crossing a sticky edge */
    double a = lg ? log10(lo) : lo, b = lg ? log10(hi) : hi;
    double d = (b - a) * 0.05;
    double na = a - d, nb = b + d;
    if (lg) { na = pow(10, na); nb = pow(10, nb); } 
    double lower = -INFINITY, upper = INFINITY;
    for (int i = 0; i < r.nsticky; i++) {
      double s = r.sticky[i], tol = 1e-5 * fmax(fabs(hi - lo), DBL_MIN);
      if (s <= lo + tol && s > lower) lower = s;
      if (s >= hi - tol && s < upper) upper = s;
    }
    lo = fmax(na, lower);
    hi = fmin(nb, upper);
    (void)has_image;
  }
  if (!isnan(lim[0])) lo = lim[0];
  if (!isnan(lim[1])) hi = lim[1];
  if (lo == hi) nonsingular(&lo, &hi, lg);
  if (yaxis && isnan(lim[0]) && isnan(lim[1]) && image_inverted(ax) && lo < hi) {
    double t = lo; lo = hi; hi = t;
  }
  *plo = lo; *phi = hi;
}

/* ---- MaxNLocator ------------------------------------------------------------------------- */
static void scale_range(double vmin, double vmax, int n, double *scale, double *offset) {
  double dv = fabs(vmax - vmin), meanv = (vmax + vmin) / 2;
  if (fabs(meanv) / dv < 100) *offset = 0;
  else *offset = copysign(pow(10, floor(log10(fabs(meanv)))), meanv);
  *scale = pow(10, floor(log10(dv / n)));
}

static int closeto(double ms, double edge, double step, double offset) {
  double tol;
  if (offset > 0) {
    double digits = log10(offset / step);
    tol = fmax(1e-10, pow(10, digits - 12));
    tol = fmin(0.4999, tol);
  } else {
    tol = 1e-10;
  }
  return fabs(ms - edge) < tol;
}

static double edge_le(double x, double step, double offset) {
  double d = floor(x / step), m = x - d * step;
  return closeto(m / step, 1, step, offset) ? d + 1 : d;
}
static double edge_ge(double x, double step, double offset) {
  double d = floor(x / step), m = x - d * step;
  return closeto(m / step, 0, step, offset) ? d : d + 1;
}

static size_t maxn_ticks(double vmin, double vmax, int nbins, double *out, size_t cap) {
  static const double base[] = {0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20};
  double scale, offset;
  scale_range(vmin, vmax, nbins, &scale, &offset);
  double _vmin = vmin - offset, _vmax = vmax - offset;
  double raw = (_vmax - _vmin) / nbins;
  int istep = 9;
  for (int i = 0; i < 10; i++)
    if (base[i] * scale >= raw) { istep = i; break; }
  size_t n = 0;
  for (int i = istep; i >= 0; i--) {
    double step = base[i] * scale;
    double best_vmin = floor(_vmin / step) * step;
    double low = edge_le(_vmin - best_vmin, step, fabs(offset));
    double high = edge_ge(_vmax - best_vmin, step, fabs(offset));
    n = 0;
    size_t inside = 0;
    for (double k = low; k <= high + 0.5 && n < cap; k++) {
      double t = k * step + best_vmin;
      out[n++] = t + offset;
      if (t <= _vmax && t >= _vmin) inside++;
    }
    if (inside >= 2) break;
  }
  return n;
}

/* ---- ScalarFormatter ------------------------------------------------------------------- */
static void fix_minus(char *s, size_t len) {
  char *p = strchr(s, '-');
  if (!p) return;
  char tmp[64];
  snprintf(tmp, sizeof tmp, "%.*s" MINUS "%s", (int)(p - s), s, p + 1);
  size_t l = strlen(tmp);
  if (l >= len) l = len - 1;
  memcpy(s, tmp, l);
  s[l] = 0;
}

static double compute_offset(const double *locs, size_t n) {
  if (n < 2) return 0;
  double lmin = locs[0], lmax = locs[0];
  for (size_t i = 1; i < n; i++) {
    if (locs[i] < lmin) lmin = locs[i];
    if (locs[i] > lmax) lmax = locs[i];
  }
  if (lmin == lmax || (lmin <= 0 && 0 <= lmax)) return 0;
  double abs_min = fmin(fabs(lmin), fabs(lmax)), abs_max = fmax(fabs(lmin), fabs(lmax));
  double sign = copysign(1, lmin);
  double oom_max = ceil(log10(abs_max)), oom = oom_max;
  for (int guard = 0; guard < 400; guard++, oom--)
    if (floor(abs_min / pow(10, oom)) != floor(abs_max / pow(10, oom))) break;
  oom += 1;
  if ((abs_max - abs_min) / pow(10, oom) <= 1e-2) {
    oom = oom_max;
    for (int guard = 0; guard < 400; guard++, oom--)
      if (floor(abs_max / pow(10, oom)) - floor(abs_min / pow(10, oom)) > 1) break;
    oom += 1;
  }
  /* only when it saves at least axes.formatter.offset_threshold (4) digits */
  if (floor(abs_max / pow(10, oom)) >= 1000) return sign * floor(abs_max / pow(10, oom)) * pow(10, oom);
  return 0;
}

static void exp_str(double v, char *buf, size_t len) {
  /* "1e6", "-1.5e-3": matplotlib's compact scientific notation for offsets */
  char tmp[48];
  snprintf(tmp, sizeof tmp, "%.10e", v);
  char *e = strchr(tmp, 'e');
  if (!e) { snprintf(buf, len, "%s", tmp); return; }
  *e = 0;
  int ex = atoi(e + 1);
  char *dot = strchr(tmp, '.');
  if (dot) {
    char *end = tmp + strlen(tmp) - 1;
    while (end > dot && *end == '0') *end-- = 0;
    if (end == dot) *end = 0;
  }
  snprintf(buf, len, "%se%d", tmp, ex);
}

static void scalar_labels(plot_tickset *t, double vlo, double vhi) {
  double vis[64];
  size_t nv = 0;
  for (size_t i = 0; i < t->n; i++)
    if (t->locs[i] >= vlo - 1e-12 * fabs(vhi - vlo) && t->locs[i] <= vhi + 1e-12 * fabs(vhi - vlo))
      vis[nv++] = t->locs[i];
  double offset = compute_offset(vis, nv);
  int oom = 0;
  if (nv) {
    double val;
    if (offset != 0) {
      val = vhi - vlo;
    } else {
      val = 0;
      for (size_t i = 0; i < nv; i++) val = fmax(val, fabs(vis[i]));
    }
    int o = val == 0 ? 0 : (int)floor(log10(val));
    if (o <= -5 || o >= 6) oom = o;
  }
  double scale = pow(10, oom);
  /* decimals: the fewest that keep the ticks distinct (ScalarFormatter._set_format) */
  double lr;
  {
    double mn = INFINITY, mx = -INFINITY;
    size_t cnt = t->n;
    double ls[66];
    for (size_t i = 0; i < cnt; i++) ls[i] = (t->locs[i] - offset) / scale;
    if (cnt < 2) { ls[cnt++] = (vlo - offset) / scale; ls[cnt++] = (vhi - offset) / scale; }
    for (size_t i = 0; i < cnt; i++) { mn = fmin(mn, ls[i]); mx = fmax(mx, ls[i]); }
    lr = mx - mn;
    if (lr == 0) lr = fmax(fabs(mn), fabs(mx));
    if (lr == 0) lr = 1;
    int lro = (int)floor(log10(lr));
    int sig = lro < 3 ? 3 - lro : 0;
    double thresh = 1e-3 * pow(10, lro);
    size_t nl = t->n < 2 ? 0 : t->n;
    while (sig >= 0) {
      double worst = 0, p = pow(10, sig);
      for (size_t i = 0; i < nl; i++) worst = fmax(worst, fabs(ls[i] - round(ls[i] * p) / p));
      if (worst < thresh) sig--; else break;
    }
    sig++;
    for (size_t i = 0; i < t->n; i++) {
      double xp = (t->locs[i] - offset) / scale;
      if (fabs(xp) < 1e-8) xp = 0;
      snprintf(t->labels[i], sizeof t->labels[i], "%.*f", sig, xp);
      if (strcmp(t->labels[i], "-0") == 0 || (t->labels[i][0] == '-' && strspn(t->labels[i] + 1, "0.") == strlen(t->labels[i] + 1)))
        memmove(t->labels[i], t->labels[i] + 1, strlen(t->labels[i]));
      fix_minus(t->labels[i], sizeof t->labels[i]);
    }
  }
  t->offset_text[0] = 0;
  char a[32] = "", b[80] = "";
  if (oom) {
    snprintf(a, sizeof a, "1e%d", oom);
    fix_minus(a, sizeof a);
  }
  if (offset != 0) {
    char e[64];
    exp_str(offset, e, sizeof e);
    snprintf(b, sizeof b, "%s%s", offset > 0 ? "+" : "", e);
    fix_minus(b, sizeof b);
  }
  snprintf(t->offset_text, sizeof t->offset_text, "%s%s", a, b);
}

void plot__format_number(double v, char *buf, size_t len) {
  char tmp[48];
  snprintf(tmp, sizeof tmp, "%.6g", v);
  fix_minus(tmp, sizeof tmp);
  snprintf(buf, len, "%s", tmp);
}

static int tick_space(double length_pt, int yaxis, double fontsize) {
  double size = fontsize * (yaxis ? 2 : 3);
  int n = (int)floor(length_pt / size);
  if (n < 1) n = 1;
  if (n > 9) n = 9;
  return n;
}

void plot__ticks(double lo, double hi, int logscale, double length_pt, int yaxis,
                 double fontsize, plot_tickset *t) {
  memset(t, 0, sizeof *t);
  double vmin = fmin(lo, hi), vmax = fmax(lo, hi);
  if (!(vmax > vmin) || !isfinite(vmin) || !isfinite(vmax)) return;
  int nbins = tick_space(length_pt, yaxis, fontsize);
  if (logscale && vmin > 0) {
    double lmin = log10(vmin), lmax = log10(vmax);
    int numticks = nbins < 2 ? 2 : nbins;
    double numdec = floor(lmax) - ceil(lmin);
    int stride = (int)((numdec + 1) / numticks) + 1;
    if (stride < 1) stride = 1;
    size_t n = 0, inside = 0;
    for (double d = floor(lmin) - stride; d <= ceil(lmax) + stride && n < 64; d += stride) {
      double v = pow(10, d);
      t->locs[n] = v;
      int k = (int)d;
      if (k == 0) snprintf(t->labels[n], sizeof t->labels[n], "10^{0}");
      else if (k < 0) snprintf(t->labels[n], sizeof t->labels[n], "10^{" MINUS "%d}", -k);
      else snprintf(t->labels[n], sizeof t->labels[n], "10^{%d}", k);
      if (v >= vmin * (1 - 1e-9) && v <= vmax * (1 + 1e-9)) inside++;
      n++;
    }
    t->n = n;
    if (stride == 1 && numdec < 20)
      for (double d = floor(lmin); d <= ceil(lmax) && t->nminor < 128; d++)
        for (int k = 2; k <= 9 && t->nminor < 128; k++) {
          double v = k * pow(10, d);
          if (v >= vmin && v <= vmax) t->minor[t->nminor++] = v;
        }
    /* matplotlib's LogFormatterSciNotation: over more than a decade only the powers of
     * ten are labelled; from 0.4 to 1 decade also the minor ticks 2, 3, 4 and 6 x 10^k,
     * under 0.4 decade every minor tick, as "2×10^{k}" */
    (void)inside;
    double span = lmax - lmin;
    if (span > 1) return;
    size_t nm = 0;
    for (size_t i = 0; i < t->nminor && n < 64; i++) {
      double v = t->minor[i];
      int e = (int)floor(log10(v) + 1e-9);
      int k = (int)lround(v / pow(10, e));
      if (span > 0.4 && k != 2 && k != 3 && k != 4 && k != 6) {
        t->minor[nm++] = v;                   /* stays an unlabelled minor tick */
        continue;
      }
      t->locs[n] = v;
      if (e < 0) snprintf(t->labels[n], sizeof t->labels[n], "%d\xc3\x97" "10^{" MINUS "%d}", k, -e);
      else snprintf(t->labels[n], sizeof t->labels[n], "%d\xc3\x97" "10^{%d}", k, e);
      n++;
    }
    t->nminor = nm;
    t->n = n;
    return;
  }
  t->n = maxn_ticks(vmin, vmax, nbins, t->locs, 64);
  scalar_labels(t, vmin, vmax);
}
