/* figure.c - the figure model: figures, their grid of axes, and the series added to an axes
 * (data copied, styles resolved against matplotlib's defaults and the colour cycle). */
#include "plot_int.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int plot__fail(plot_figure *f, const char *fmt, ...) {
  if (f) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->err, sizeof f->err, fmt, ap);
    va_end(ap);
  }
  return -1;
}

char *plot__strdup(const char *s) {
  if (!s) return NULL;
  size_t n = strlen(s);
  char *p = malloc(n + 1);
  if (p) memcpy(p, s, n + 1);
  return p;
}

void plot_rc_defaults(plot_rc *rc) {
  memset(rc, 0, sizeof *rc);
  rc->figsize[0] = 6.4;
  rc->figsize[1] = 4.8;
  rc->dpi = 100;
  rc->linewidth = 1.5;
  rc->markersize = 6;
  rc->fontsize = 10;
  strcpy(rc->cmap, "viridis");
  strcpy(rc->format, "png");
}

/* ---- figures ------------------------------------------------------------------------- */
static int good_size(double w, double h, double dpi) {
  /* the same sanity bound for every renderer: at most 100 megapixels */
  return w > 0 && h > 0 && dpi > 0 && isfinite(w) && isfinite(h) && isfinite(dpi) &&
         w * dpi >= 1 && h * dpi >= 1 && w * dpi * h * dpi <= 1e8;
}

plot_figure *plot_figure_new(const plot_rc *rc, double w, double h, double dpi) {
  plot_figure *f = calloc(1, sizeof *f);
  if (!f) return NULL;
  if (rc) f->rc = *rc; else plot_rc_defaults(&f->rc);
  f->refs = 1;
  f->w = w > 0 ? w : f->rc.figsize[0];
  f->h = h > 0 ? h : f->rc.figsize[1];
  f->dpi = dpi > 0 ? dpi : f->rc.dpi;
  if (!good_size(f->w, f->h, f->dpi)) {
    f->w = 6.4; f->h = 4.8; f->dpi = 100;
  }
  return f;
}

plot_figure *plot_figure_ref(plot_figure *f) {
  if (f) f->refs++;
  return f;
}

static void series_free(plot_series *s) {
  if (!s) return;
  free(s->x); free(s->y); free(s->y2);
  free(s->x0); free(s->x1); free(s->y0); free(s->y1);
  free(s->s); free(s->c); free(s->rgba); free(s->pix); free(s->label);
  free(s);
}

static void ticks_free(plot_ticks_fixed *t) {
  if (t->labels)
    for (size_t i = 0; i < t->n; i++) free(t->labels[i]);
  free(t->labels);
  free(t->locs);
  memset(t, 0, sizeof *t);
}

void plot_axes_clear(plot_axes *ax) {
  for (size_t i = 0; i < ax->nseries; i++) series_free(ax->series[i]);
  free(ax->series);
  free(ax->title); free(ax->xlabel); free(ax->ylabel); free(ax->cblabel);
  ticks_free(&ax->xt);
  ticks_free(&ax->yt);
  plot_figure *f = ax->fig;
  int rows = ax->rows, cols = ax->cols, index = ax->index;
  memset(ax, 0, sizeof *ax);
  ax->fig = f;
  ax->rows = rows; ax->cols = cols; ax->index = index;
  ax->xlim[0] = ax->xlim[1] = ax->ylim[0] = ax->ylim[1] = NAN;
  ax->aspect = -1;
  ax->legend_loc = 0;
  if (f && f->rc.grid) ax->gridx = ax->gridy = 1;
}

static void axes_free(plot_axes *ax) {
  if (!ax) return;
  plot_axes_clear(ax);
  free(ax);
}

void plot_figure_clear(plot_figure *f) {
  for (size_t i = 0; i < f->naxes; i++) axes_free(f->axes[i]);
  free(f->axes);
  f->axes = NULL;
  f->naxes = f->cap = 0;
  f->cur = NULL;
  free(f->suptitle);
  f->suptitle = NULL;
  f->tight = 0;
}

void plot_figure_unref(plot_figure *f) {
  if (!f || --f->refs > 0) return;
  plot_figure_clear(f);
  free(f);
}

const char *plot_figure_error(const plot_figure *f) { return f ? f->err : "no figure"; }
int plot_figure_number(const plot_figure *f) { return f->num; }

void plot_figure_size(const plot_figure *f, double *w, double *h, double *dpi) {
  if (w) *w = f->w;
  if (h) *h = f->h;
  if (dpi) *dpi = f->dpi;
}

int plot_figure_set_size(plot_figure *f, double w, double h, double dpi) {
  double nw = w > 0 ? w : f->w, nh = h > 0 ? h : f->h, nd = dpi > 0 ? dpi : f->dpi;
  if (!good_size(nw, nh, nd))
    return plot__fail(f, "figure size %gx%g in at %g dpi is not a sensible image size", nw,
                      nh, nd);
  f->w = nw; f->h = nh; f->dpi = nd;
  return 0;
}

int plot_figure_suptitle(plot_figure *f, const char *text, double fontsize) {
  char *t = plot__strdup(text ? text : "");
  if (!t) return plot__fail(f, "out of memory");
  free(f->suptitle);
  f->suptitle = t;
  f->suptitle_size = fontsize > 0 ? fontsize : 0;
  return 0;
}

void plot_figure_tight_layout(plot_figure *f) { f->tight = 1; }

static plot_axes *axes_new(plot_figure *f, int rows, int cols, int index) {
  if (f->naxes == f->cap) {
    size_t nc = f->cap ? f->cap * 2 : 4;
    plot_axes **na = realloc(f->axes, nc * sizeof *na);
    if (!na) return NULL;
    f->axes = na;
    f->cap = nc;
  }
  plot_axes *ax = calloc(1, sizeof *ax);
  if (!ax) return NULL;
  ax->fig = f;
  ax->rows = rows; ax->cols = cols; ax->index = index;
  plot_axes_clear(ax);
  f->axes[f->naxes++] = ax;
  return ax;
}

plot_axes *plot_figure_subplot(plot_figure *f, int rows, int cols, int index) {
  if (rows < 1 || cols < 1 || rows > 64 || cols > 64) {
    plot__fail(f, "subplot grid %dx%d: the number of rows and columns must be 1..64", rows,
               cols);
    return NULL;
  }
  if (index < 1 || index > rows * cols) {
    plot__fail(f, "num must be an integer with 1 <= num <= %d, not %d", rows * cols, index);
    return NULL;
  }
  for (size_t i = 0; i < f->naxes; i++) {
    plot_axes *a = f->axes[i];
    if (a->rows == rows && a->cols == cols && a->index == index) {
      f->cur = a;
      return a;
    }
  }
  /* as matplotlib does, a new subplot removes axes it would overlap in a different grid */
  int r = (index - 1) / cols, c = (index - 1) % cols;
  double nx0 = (double)c / cols, nx1 = (double)(c + 1) / cols;
  double ny0 = (double)r / rows, ny1 = (double)(r + 1) / rows;
  for (size_t i = 0; i < f->naxes;) {
    plot_axes *a = f->axes[i];
    int ar = (a->index - 1) / a->cols, ac = (a->index - 1) % a->cols;
    double ax0 = (double)ac / a->cols, ax1 = (double)(ac + 1) / a->cols;
    double ay0 = (double)ar / a->rows, ay1 = (double)(ar + 1) / a->rows;
    if (ax0 < nx1 - 1e-9 && nx0 < ax1 - 1e-9 && ay0 < ny1 - 1e-9 && ny0 < ay1 - 1e-9) {
      if (f->cur == a) f->cur = NULL;
      axes_free(a);
      memmove(f->axes + i, f->axes + i + 1, (f->naxes - i - 1) * sizeof *f->axes);
      f->naxes--;
    } else {
      i++;
    }
  }
  plot_axes *a = axes_new(f, rows, cols, index);
  if (!a) {
    plot__fail(f, "out of memory");
    return NULL;
  }
  f->cur = a;
  return a;
}

int plot_figure_subplots(plot_figure *f, int rows, int cols, plot_axes **out) {
  if (rows < 1 || cols < 1 || rows > 64 || cols > 64)
    return plot__fail(f, "subplots grid %dx%d: the number of rows and columns must be 1..64",
                      rows, cols);
  char *sup = f->suptitle;
  f->suptitle = NULL;
  plot_figure_clear(f);
  f->suptitle = sup;
  for (int i = 0; i < rows * cols; i++) {
    plot_axes *a = axes_new(f, rows, cols, i + 1);
    if (!a) return plot__fail(f, "out of memory");
    if (out) out[i] = a;
  }
  f->cur = f->axes[0];
  return 0;
}

plot_axes *plot_figure_gca(plot_figure *f) {
  if (f->cur) return f->cur;
  if (f->naxes) return f->cur = f->axes[f->naxes - 1];
  return plot_figure_subplot(f, 1, 1, 1);
}

void plot_figure_sca(plot_figure *f, plot_axes *ax) {
  for (size_t i = 0; i < f->naxes; i++)
    if (f->axes[i] == ax) f->cur = ax;
}

size_t plot_figure_naxes(const plot_figure *f) { return f->naxes; }
plot_axes *plot_figure_axes(const plot_figure *f, size_t i) {
  return i < f->naxes ? f->axes[i] : NULL;
}
plot_figure *plot_axes_figure(const plot_axes *ax) { return ax->fig; }
size_t plot_axes_nseries(const plot_axes *ax) { return ax->nseries; }

int plot_axes_series_label(plot_axes *ax, size_t i, const char *label) {
  if (i >= ax->nseries) return plot__fail(ax->fig, "no series %zu to label", i);
  char *l = NULL;
  if (label && label[0] && label[0] != '_' && !(l = plot__strdup(label)))
    return plot__fail(ax->fig, "out of memory");
  free(ax->series[i]->label);
  ax->series[i]->label = l;
  return 0;
}

/* ---- series ------------------------------------------------------------------------------ */
static double *dup_doubles(const double *p, size_t n, int *oom) {
  if (!p) return NULL;
  double *d = malloc((n ? n : 1) * sizeof *d);
  if (!d) {
    *oom = 1;
    return NULL;
  }
  if (n) memcpy(d, p, n * sizeof *d);
  return d;
}

static plot_series *series_new(plot_axes *ax, int kind) {
  if (ax->nseries == ax->cap) {
    size_t nc = ax->cap ? ax->cap * 2 : 4;
    plot_series **ns = realloc(ax->series, nc * sizeof *ns);
    if (!ns) return NULL;
    ax->series = ns;
    ax->cap = nc;
  }
  plot_series *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->kind = kind;
  s->vmin = s->vmax = NAN;
  s->alpha = -1;
  return s;
}

static void series_commit(plot_axes *ax, plot_series *s) { ax->series[ax->nseries++] = s; }

/* colour, alpha and sizes from the style, the colour cycle and rc. matplotlib keeps two
 * cycles per axes: lines (plot, errorbar, hist) and patches (bar, fill_between, scatter). */
enum { CYCLE_LINES, CYCLE_PATCHES };
static int resolve_style(plot_axes *ax, plot_series *s, const plot_style *st, int default_ls,
                         int cycle) {
  plot_style def;
  if (!st) {
    plot_style_init(&def);
    st = &def;
  }
  if (st->color.set) {
    s->color = st->color;
  } else {
    int *c = cycle == CYCLE_PATCHES ? &ax->pcycle : &ax->cycle;
    s->color = plot__rgb(plot_cycle[*c % 10]);
    (*c)++;
  }
  if (st->alpha >= 0 && st->alpha <= 1) s->color.a = s->alpha = st->alpha;
  else if (st->alpha > 1 || (st->alpha < 0 && st->alpha != -1 && !isnan(st->alpha)))
    return plot__fail(ax->fig, "alpha (%g) is outside 0-1 range", st->alpha);
  s->ecolor = st->ecolor.set ? st->ecolor : s->color;
  s->edgecolor = st->edgecolor;
  s->ls = st->linestyle ? st->linestyle : default_ls;
  s->marker = st->marker;
  if (s->marker && !strchr("os^v<>x+.,*dDph|_P8X1234", s->marker))
    return plot__fail(ax->fig, "Unrecognized marker style '%c'", s->marker);
  s->lw = st->linewidth > 0 ? st->linewidth : ax->fig->rc.linewidth;
  s->ms = st->markersize > 0 ? st->markersize : ax->fig->rc.markersize;
  if (!isfinite(s->lw) || s->lw > 1000) return plot__fail(ax->fig, "linewidth is not sensible");
  if (!isfinite(s->ms) || s->ms > 1000) return plot__fail(ax->fig, "markersize is not sensible");
  s->capsize = st->capsize > 0 && st->capsize < 1000 ? st->capsize : 0;
  if (st->label && st->label[0] && st->label[0] != '_') {
    s->label = plot__strdup(st->label);
    if (!s->label) return plot__fail(ax->fig, "out of memory");
  }
  return 0;
}

static int nomem(plot_axes *ax, plot_series *s) {
  series_free(s);
  return plot__fail(ax->fig, "out of memory");
}

int plot_line(plot_axes *ax, const double *x, const double *y, size_t n, const plot_style *st) {
  if (!y && n) return plot__fail(ax->fig, "plot: y is missing");
  plot_series *s = series_new(ax, SK_LINE);
  if (!s) return plot__fail(ax->fig, "out of memory");
  int oom = 0;
  s->n = n;
  s->y = dup_doubles(y, n, &oom);
  if (x) {
    s->x = dup_doubles(x, n, &oom);
  } else if (!oom) {
    s->x = malloc((n ? n : 1) * sizeof(double));
    if (!s->x) oom = 1;
    else for (size_t i = 0; i < n; i++) s->x[i] = (double)i;
  }
  if (oom) return nomem(ax, s);
  if (resolve_style(ax, s, st, PLOT_LS_SOLID, CYCLE_LINES) < 0) {
    series_free(s);
    return -1;
  }
  series_commit(ax, s);
  return 0;
}

int plot_scatter(plot_axes *ax, const double *x, const double *y, size_t n,
                 const plot_scatter_opts *o, const plot_style *st) {
  if ((!x || !y) && n) return plot__fail(ax->fig, "scatter: x and y are required");
  plot_series *s = series_new(ax, SK_SCATTER);
  if (!s) return plot__fail(ax->fig, "out of memory");
  int oom = 0;
  s->n = n;
  s->x = dup_doubles(x, n, &oom);
  s->y = dup_doubles(y, n, &oom);
  if (o) {
    s->s = dup_doubles(o->sizes, n, &oom);
    s->c = dup_doubles(o->cvals, n, &oom);
    if (o->rgba && !o->cvals && !oom) {
      s->rgba = malloc((n ? n : 1) * 4 * sizeof(double));
      if (!s->rgba) oom = 1;
      else if (n) memcpy(s->rgba, o->rgba, n * 4 * sizeof(double));
    }
  }
  if (oom) return nomem(ax, s);
  for (size_t i = 0; s->rgba && i < 4 * n; i++)
    if (!(s->rgba[i] >= 0 && s->rgba[i] <= 1)) {
      series_free(s);
      return plot__fail(ax->fig, "RGBA values should be within 0-1 range");
    }
  plot_style def;
  if (!st) {
    plot_style_init(&def);
    st = &def;
  }
  plot_style st2 = *st;
  /* colours from c= take the place of the colour cycle (matplotlib does not advance it) */
  if ((s->c || s->rgba) && !st2.color.set) st2.color = plot__rgb(0);
  if (!st2.marker) st2.marker = 'o';
  /* matplotlib's s is an area in pt^2: a marker of diameter sqrt(s) */
  double size = o && o->size > 0 ? o->size : 0;
  if (size > 0) st2.markersize = sqrt(size);
  if (!(st2.markersize > 0)) st2.markersize = ax->fig->rc.markersize;
  if (resolve_style(ax, s, &st2, PLOT_LS_NONE, CYCLE_PATCHES) < 0) {
    series_free(s);
    return -1;
  }
  /* matplotlib: filled markers get the collection's 1 pt edge, line markers (x, +) are
   * stroked with lines.linewidth */
  if (!(st2.linewidth > 0)) s->lw = plot__marker_filled(s->marker) ? 1.0 : ax->fig->rc.linewidth;
  if (s->c) {
    const char *cm = o->cmap ? o->cmap : ax->fig->rc.cmap;
    if (!plot_cmap_exists(cm)) {
      series_free(s);
      return plot__fail(ax->fig, "'%s' is not a valid value for cmap", cm);
    }
    snprintf(s->cmap, sizeof s->cmap, "%s", cm);
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < n; i++)
      if (isfinite(s->c[i])) {
        if (s->c[i] < lo) lo = s->c[i];
        if (s->c[i] > hi) hi = s->c[i];
      }
    s->vmin = isfinite(o->vmin) ? o->vmin : lo;
    s->vmax = isfinite(o->vmax) ? o->vmax : hi;
    if (!isfinite(s->vmin)) s->vmin = 0;
    if (!isfinite(s->vmax)) s->vmax = 1;
  }
  series_commit(ax, s);
  return 0;
}

static int bars_alloc(plot_series *s, size_t n) {
  int oom = 0;
  double dummy = 0;
  (void)dummy;
  s->n = n;
  s->x0 = malloc((n ? n : 1) * sizeof(double));
  s->x1 = malloc((n ? n : 1) * sizeof(double));
  s->y0 = malloc((n ? n : 1) * sizeof(double));
  s->y1 = malloc((n ? n : 1) * sizeof(double));
  if (!s->x0 || !s->x1 || !s->y0 || !s->y1) oom = 1;
  return oom ? -1 : 0;
}

int plot_bar(plot_axes *ax, const double *x, const double *height, size_t n,
             const double *widths, double width, const double *bottom, int horizontal,
             const plot_style *st) {
  if ((!x || !height) && n) return plot__fail(ax->fig, "bar: x and height are required");
  if (!widths && !(width > 0)) width = 0.8;
  plot_series *s = series_new(ax, SK_BARS);
  if (!s) return plot__fail(ax->fig, "out of memory");
  if (bars_alloc(s, n) < 0) return nomem(ax, s);
  for (size_t i = 0; i < n; i++) {
    double w = widths ? widths[i] : width, b = bottom ? bottom[i] : 0;
    double lo = x[i] - w / 2, hi = x[i] + w / 2;
    double v0 = b, v1 = b + height[i];
    if (horizontal) {
      s->y0[i] = lo; s->y1[i] = hi; s->x0[i] = v0; s->x1[i] = v1;
    } else {
      s->x0[i] = lo; s->x1[i] = hi; s->y0[i] = v0; s->y1[i] = v1;
    }
  }
  /* remember the orientation for the sticky edge at 0 */
  s->origin_lower = horizontal;
  if (resolve_style(ax, s, st, PLOT_LS_NONE, CYCLE_PATCHES) < 0) {
    series_free(s);
    return -1;
  }
  series_commit(ax, s);
  return 0;
}

int plot_hist_nbins(const plot_hist_opts *o) {
  if (o && o->edges) return o->nedges >= 2 ? (int)o->nedges - 1 : -1;
  int b = o && o->bins > 0 ? o->bins : 10;
  return b;
}

int plot_hist(plot_axes *ax, const double *data, size_t n, const plot_hist_opts *o,
              const plot_style *st, double *counts_out, double *edges_out) {
  plot_hist_opts def;
  if (!o) {
    memset(&def, 0, sizeof def);
    o = &def;
  }
  if (!data && n) return plot__fail(ax->fig, "hist: data is missing");
  int nb = plot_hist_nbins(o);
  if (nb < 1) return plot__fail(ax->fig, "hist: bins must have at least two edges");
  if (o->bins < 0) return plot__fail(ax->fig, "`bins` must be positive, when an integer");
  if (nb > 10000000) return plot__fail(ax->fig, "hist: too many bins (%d)", nb);
  double *edges = malloc((size_t)(nb + 1) * sizeof *edges);
  double *counts = calloc((size_t)nb, sizeof *counts);
  if (!edges || !counts) {
    free(edges); free(counts);
    return plot__fail(ax->fig, "out of memory");
  }
  int uniform = 0;
  double lo = 0, hi = 0;
  if (o->edges) {
    for (int i = 0; i <= nb; i++) {
      edges[i] = o->edges[i];
      if (!isfinite(edges[i]) || (i && edges[i] < edges[i - 1])) {
        free(edges); free(counts);
        return plot__fail(ax->fig, "`bins` must increase monotonically, when an array");
      }
    }
  } else {
    uniform = 1;
    if (o->has_range) {
      lo = o->range[0]; hi = o->range[1];
      if (!isfinite(lo) || !isfinite(hi)) {
        free(edges); free(counts);
        return plot__fail(ax->fig, "supplied range of [%g, %g] is not finite", lo, hi);
      }
      if (lo > hi) {
        free(edges); free(counts);
        return plot__fail(ax->fig, "max must be larger than min in range parameter.");
      }
    } else if (n == 0) {
      lo = 0; hi = 1;
    } else {
      lo = INFINITY; hi = -INFINITY;
      for (size_t i = 0; i < n; i++) {
        if (isnan(data[i]) || isinf(data[i])) {
          free(edges); free(counts);
          return plot__fail(ax->fig, "autodetected range of [nan, nan] is not finite");
        }
        if (data[i] < lo) lo = data[i];
        if (data[i] > hi) hi = data[i];
      }
    }
    if (lo == hi) { lo -= 0.5; hi += 0.5; }   /* NumPy's rule for an empty span */
    for (int i = 0; i <= nb; i++) edges[i] = lo + (hi - lo) * i / nb;
    edges[nb] = hi;
  }
  double first = edges[0], last = edges[nb];
  for (size_t i = 0; i < n; i++) {
    double v = data[i];
    if (!(v >= first && v <= last)) continue;      /* outside, or NaN */
    int k;
    if (uniform) {
      k = (int)((v - lo) / (hi - lo) * nb);
      if (k >= nb) k = nb - 1;
      /* the float division can land one bin off at an edge: fix like NumPy does */
      if (k > 0 && v < edges[k]) k--;
      else if (k < nb - 1 && v >= edges[k + 1]) k++;
    } else {
      int a = 0, b = nb;                             /* last bin is closed on the right */
      while (b - a > 1) {
        int m = (a + b) / 2;
        if (v >= edges[m]) a = m; else b = m;
      }
      k = a;
    }
    counts[k] += o->weights ? o->weights[i] : 1;
  }
  if (o->density) {
    double tot = 0;
    for (int i = 0; i < nb; i++) tot += counts[i];
    for (int i = 0; i < nb; i++) {
      double w = edges[i + 1] - edges[i];
      counts[i] = tot > 0 && w > 0 ? counts[i] / (tot * w) : NAN;
    }
  }
  if (o->cumulative)
    for (int i = 1; i < nb; i++) counts[i] += counts[i - 1];
  if (counts_out) memcpy(counts_out, counts, (size_t)nb * sizeof *counts);
  if (edges_out) memcpy(edges_out, edges, (size_t)(nb + 1) * sizeof *edges);
  plot_series *s = series_new(ax, o->step ? SK_STEP : SK_BARS);
  if (!s) {
    free(edges); free(counts);
    return plot__fail(ax->fig, "out of memory");
  }
  int rc;
  if (o->step) {
    /* outline: up and down the bin edges, starting and ending at 0 */
    size_t m = 2 * (size_t)nb + 2;
    s->n = m;
    s->x = malloc(m * sizeof(double));
    s->y = malloc(m * sizeof(double));
    if (!s->x || !s->y) rc = -1;
    else {
      s->x[0] = edges[0]; s->y[0] = 0;
      for (int i = 0; i < nb; i++) {
        s->x[1 + 2 * i] = edges[i]; s->y[1 + 2 * i] = counts[i];
        s->x[2 + 2 * i] = edges[i + 1]; s->y[2 + 2 * i] = counts[i];
      }
      s->x[m - 1] = edges[nb]; s->y[m - 1] = 0;
      rc = 0;
    }
  } else {
    rc = bars_alloc(s, (size_t)nb);
    if (rc == 0)
      for (int i = 0; i < nb; i++) {
        s->x0[i] = edges[i]; s->x1[i] = edges[i + 1];
        s->y0[i] = 0; s->y1[i] = counts[i];
      }
  }
  free(edges);
  free(counts);
  if (rc < 0) return nomem(ax, s);
  if (resolve_style(ax, s, st, o->step ? PLOT_LS_SOLID : PLOT_LS_NONE, CYCLE_LINES) < 0) {
    series_free(s);
    return -1;
  }
  series_commit(ax, s);
  return 0;
}

void plot_image_opts_init(plot_image_opts *o) {
  memset(o, 0, sizeof *o);
  o->vmin = o->vmax = NAN;
  o->alpha = -1;
}

int plot_imshow(plot_axes *ax, const void *data, int dtype, int h, int w, int channels,
                const plot_image_opts *o) {
  plot_image_opts def;
  if (!o) {
    plot_image_opts_init(&def);
    o = &def;
  }
  if (h < 1 || w < 1 || (double)h * w > 1e8)
    return plot__fail(ax->fig, "imshow: invalid image shape (%d, %d)", h, w);
  if (channels != 1 && channels != 3 && channels != 4)
    return plot__fail(ax->fig, "Invalid shape (%d, %d, %d) for image data", h, w, channels);
  if (dtype != PLOT_U8 && dtype != PLOT_F32 && dtype != PLOT_F64)
    return plot__fail(ax->fig, "imshow: unsupported element type");
  if (!data) return plot__fail(ax->fig, "imshow: no data");
  const char *cm = o->cmap ? o->cmap : ax->fig->rc.cmap;
  if (channels == 1 && !plot_cmap_exists(cm))
    return plot__fail(ax->fig, "'%s' is not a valid value for cmap", cm);
  plot_series *s = series_new(ax, SK_IMAGE);
  if (!s) return plot__fail(ax->fig, "out of memory");
  size_t total = (size_t)h * w * channels;
  s->pix = malloc(total * sizeof(float));
  if (!s->pix) return nomem(ax, s);
  double lo = INFINITY, hi = -INFINITY;
  for (size_t i = 0; i < total; i++) {
    double v;
    if (dtype == PLOT_U8) v = ((const uint8_t *)data)[i];
    else if (dtype == PLOT_F32) v = ((const float *)data)[i];
    else v = ((const double *)data)[i];
    if (channels > 1) {
      /* RGB(A): uint8 0..255 or floats clipped to 0..1, as matplotlib */
      if (dtype == PLOT_U8) v /= 255.0;
      if (!(v >= 0)) v = 0;
      if (v > 1) v = 1;
    } else if (isfinite(v)) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    s->pix[i] = (float)v;
  }
  s->iw = w; s->ih = h; s->ich = channels;
  s->origin_lower = o->origin_lower;
  if (o->has_extent) {
    memcpy(s->extent, o->extent, sizeof s->extent);
    for (int i = 0; i < 4; i++)
      if (!isfinite(s->extent[i])) {
        series_free(s);
        return plot__fail(ax->fig, "imshow: extent must be finite");
      }
  } else {
    s->extent[0] = -0.5; s->extent[1] = w - 0.5;
    s->extent[2] = o->origin_lower ? -0.5 : h - 0.5;
    s->extent[3] = o->origin_lower ? h - 0.5 : -0.5;
  }
  if (channels == 1) {
    snprintf(s->cmap, sizeof s->cmap, "%s", cm);
    if (!isfinite(lo)) { lo = 0; hi = 1; }
    s->vmin = isfinite(o->vmin) ? o->vmin : lo;
    s->vmax = isfinite(o->vmax) ? o->vmax : hi;
  }
  s->color = plot__rgb(0);
  s->color.a = o->alpha >= 0 && o->alpha <= 1 ? o->alpha : 1;
  if (ax->aspect == -1 || !o->aspect_auto) ax->aspect = o->aspect_auto ? 0 : 1;
  series_commit(ax, s);
  return 0;
}

int plot_fill_between(plot_axes *ax, const double *x, const double *y1, const double *y2,
                      size_t n, const plot_style *st) {
  if ((!x || !y1) && n) return plot__fail(ax->fig, "fill_between: x and y1 are required");
  plot_series *s = series_new(ax, SK_FILL);
  if (!s) return plot__fail(ax->fig, "out of memory");
  int oom = 0;
  s->n = n;
  s->x = dup_doubles(x, n, &oom);
  s->y = dup_doubles(y1, n, &oom);
  if (y2) {
    s->y2 = dup_doubles(y2, n, &oom);
  } else if (!oom) {
    s->y2 = calloc(n ? n : 1, sizeof(double));
    if (!s->y2) oom = 1;
  }
  if (oom) return nomem(ax, s);
  if (resolve_style(ax, s, st, PLOT_LS_NONE, CYCLE_PATCHES) < 0) {
    series_free(s);
    return -1;
  }
  series_commit(ax, s);
  return 0;
}

int plot_errorbar(plot_axes *ax, const double *x, const double *y, size_t n,
                  const double *yerr_lo, const double *yerr_hi,
                  const double *xerr_lo, const double *xerr_hi, const plot_style *st) {
  if ((!x || !y) && n) return plot__fail(ax->fig, "errorbar: x and y are required");
  plot_series *s = series_new(ax, SK_ERRORBAR);
  if (!s) return plot__fail(ax->fig, "out of memory");
  int oom = 0;
  s->n = n;
  s->x = dup_doubles(x, n, &oom);
  s->y = dup_doubles(y, n, &oom);
  size_t m = n ? n : 1;
  if ((yerr_lo || yerr_hi) && !oom) {
    s->y0 = malloc(m * sizeof(double));
    s->y1 = malloc(m * sizeof(double));
    if (!s->y0 || !s->y1) oom = 1;
    else for (size_t i = 0; i < n; i++) {
      double lo = yerr_lo ? yerr_lo[i] : 0, hi = yerr_hi ? yerr_hi[i] : lo;
      if (lo < 0 || hi < 0) {
        series_free(s);
        return plot__fail(ax->fig, "'yerr' must not contain negative values");
      }
      s->y0[i] = y[i] - lo;
      s->y1[i] = y[i] + hi;
    }
  }
  if ((xerr_lo || xerr_hi) && !oom) {
    s->x0 = malloc(m * sizeof(double));
    s->x1 = malloc(m * sizeof(double));
    if (!s->x0 || !s->x1) oom = 1;
    else for (size_t i = 0; i < n; i++) {
      double lo = xerr_lo ? xerr_lo[i] : 0, hi = xerr_hi ? xerr_hi[i] : lo;
      if (lo < 0 || hi < 0) {
        series_free(s);
        return plot__fail(ax->fig, "'xerr' must not contain negative values");
      }
      s->x0[i] = x[i] - lo;
      s->x1[i] = x[i] + hi;
    }
  }
  if (oom) return nomem(ax, s);
  if (resolve_style(ax, s, st, PLOT_LS_SOLID, CYCLE_LINES) < 0) {
    series_free(s);
    return -1;
  }
  series_commit(ax, s);
  return 0;
}

/* ---- axes properties ------------------------------------------------------------------- */
static int set_text(plot_axes *ax, char **slot, const char *text) {
  char *t = plot__strdup(text ? text : "");
  if (!t) return plot__fail(ax->fig, "out of memory");
  free(*slot);
  *slot = t;
  return 0;
}

int plot_axes_title(plot_axes *ax, const char *t) { return set_text(ax, &ax->title, t); }
int plot_axes_xlabel(plot_axes *ax, const char *t) { return set_text(ax, &ax->xlabel, t); }
int plot_axes_ylabel(plot_axes *ax, const char *t) { return set_text(ax, &ax->ylabel, t); }

static int set_lim(plot_axes *ax, double *lim, int logscale, double lo, double hi, char axis) {
  if (isinf(lo) || isinf(hi))
    return plot__fail(ax->fig, "Axis limits cannot be NaN or Inf");
  if (logscale && ((!isnan(lo) && lo <= 0) || (!isnan(hi) && hi <= 0)))
    return plot__fail(ax->fig,
                      "%clim: non-positive limit on a log-scaled axis (%g, %g)", axis, lo, hi);
  lim[0] = lo;
  lim[1] = hi;
  return 0;
}

int plot_axes_xlim(plot_axes *ax, double lo, double hi) {
  return set_lim(ax, ax->xlim, ax->xlog, lo, hi, 'x');
}
int plot_axes_ylim(plot_axes *ax, double lo, double hi) {
  return set_lim(ax, ax->ylim, ax->ylog, lo, hi, 'y');
}
void plot_axes_get_xlim(plot_axes *ax, double *lo, double *hi) {
  plot__axis_limits(ax, 0, lo, hi);
}
void plot_axes_get_ylim(plot_axes *ax, double *lo, double *hi) {
  plot__axis_limits(ax, 1, lo, hi);
}

static int set_scale(plot_axes *ax, int *slot, const char *scale) {
  if (scale && strcmp(scale, "linear") == 0) *slot = 0;
  else if (scale && strcmp(scale, "log") == 0) *slot = 1;
  else
    return plot__fail(ax->fig, "Unknown scale '%s': Sable supports 'linear' and 'log'",
                      scale ? scale : "(null)");
  return 0;
}
int plot_axes_xscale(plot_axes *ax, const char *s) { return set_scale(ax, &ax->xlog, s); }
int plot_axes_yscale(plot_axes *ax, const char *s) { return set_scale(ax, &ax->ylog, s); }

int plot_axes_grid(plot_axes *ax, int on, const char *axis) {
  if (!axis || strcmp(axis, "both") == 0) ax->gridx = ax->gridy = on;
  else if (strcmp(axis, "x") == 0) ax->gridx = on;
  else if (strcmp(axis, "y") == 0) ax->gridy = on;
  else return plot__fail(ax->fig, "grid: axis must be 'both', 'x' or 'y', not '%s'", axis);
  return 0;
}

static const char *const LOCS[] = {"best", "upper right", "upper left", "lower left",
                                   "lower right", "right", "center left", "center right",
                                   "lower center", "upper center", "center"};

int plot_axes_legend(plot_axes *ax, int on, const char *loc) {
  int code = 0;
  if (loc) {
    code = -1;
    for (int i = 0; i < 11; i++)
      if (strcmp(loc, LOCS[i]) == 0) code = i;
    if (code < 0)
      return plot__fail(ax->fig, "'%s' is not a valid value for loc; supported values are "
                        "'best', 'upper right', 'upper left', 'lower left', 'lower right', "
                        "'right', 'center left', 'center right', 'lower center', "
                        "'upper center', 'center'", loc);
  }
  ax->legend = on;
  ax->legend_loc = code;
  return 0;
}

static int set_ticks(plot_axes *ax, plot_ticks_fixed *t, const double *locs,
                     const char *const *labels, size_t n) {
  plot_ticks_fixed nt = {1, n, NULL, NULL};
  if (n > 1000) return plot__fail(ax->fig, "too many ticks (%zu)", n);
  nt.locs = malloc((n ? n : 1) * sizeof(double));
  if (!nt.locs) return plot__fail(ax->fig, "out of memory");
  for (size_t i = 0; i < n; i++) {
    if (!isfinite(locs[i])) {
      free(nt.locs);
      return plot__fail(ax->fig, "tick locations must be finite");
    }
    nt.locs[i] = locs[i];
  }
  if (labels) {
    nt.labels = calloc(n ? n : 1, sizeof(char *));
    if (!nt.labels) {
      free(nt.locs);
      return plot__fail(ax->fig, "out of memory");
    }
    for (size_t i = 0; i < n; i++) {
      nt.labels[i] = plot__strdup(labels[i] ? labels[i] : "");
      if (!nt.labels[i]) {
        ticks_free(&nt);
        return plot__fail(ax->fig, "out of memory");
      }
    }
  }
  ticks_free(t);
  *t = nt;
  return 0;
}

int plot_axes_xticks(plot_axes *ax, const double *l, const char *const *lab, size_t n) {
  return set_ticks(ax, &ax->xt, l, lab, n);
}
int plot_axes_yticks(plot_axes *ax, const double *l, const char *const *lab, size_t n) {
  return set_ticks(ax, &ax->yt, l, lab, n);
}

int plot_axes_colorbar(plot_axes *ax, const char *label) {
  int found = 0;
  for (size_t i = 0; i < ax->nseries; i++) {
    plot_series *s = ax->series[i];
    if ((s->kind == SK_IMAGE && s->ich == 1) || (s->kind == SK_SCATTER && s->c)) found = 1;
  }
  if (!found)
    return plot__fail(ax->fig, "No mappable was found to use for colorbar creation. First "
                      "define a mappable such as an image (with imshow) or a scatter with c=");
  ax->colorbar = 1;
  return label ? set_text(ax, &ax->cblabel, label) : 0;
}

int plot_axes_axis(plot_axes *ax, int on) {
  ax->axis_off = !on;
  return 0;
}

int plot_axes_aspect(plot_axes *ax, const char *aspect) {
  if (aspect && strcmp(aspect, "equal") == 0) ax->aspect = 1;
  else if (aspect && strcmp(aspect, "auto") == 0) ax->aspect = 0;
  else return plot__fail(ax->fig, "aspect must be 'equal' or 'auto'");
  return 0;
}
