/* render.c - turns a figure into a gnuplot script plus binary data blocks, laid out and
 * styled like matplotlib's defaults (subplot geometry, fonts, ticks, grid, legend frame). */
#include "plot_int.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* matplotlib's figure.subplot.* defaults */
#define SP_LEFT 0.125
#define SP_RIGHT 0.9
#define SP_BOTTOM 0.11
#define SP_TOP 0.88
#define SP_WSPACE 0.2
#define SP_HSPACE 0.2

/* ---- buffers --------------------------------------------------------------------------- */
void plot__buf_put(plot_buf *b, const void *p, size_t n) {
  if (b->oom) return;
  if (b->len + n + 1 > b->cap) {
    size_t nc = b->cap ? b->cap : 4096;
    while (nc < b->len + n + 1) nc *= 2;
    char *np = realloc(b->p, nc);
    if (!np) {
      b->oom = 1;
      return;
    }
    b->p = np;
    b->cap = nc;
  }
  memcpy(b->p + b->len, p, n);
  b->len += n;
  b->p[b->len] = 0;
}

void plot__buf_printf(plot_buf *b, const char *fmt, ...) {
  char tmp[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n < sizeof tmp) {
    plot__buf_put(b, tmp, (size_t)n);
    return;
  }
  char *big = malloc((size_t)n + 1);
  if (!big) {
    b->oom = 1;
    return;
  }
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  plot__buf_put(b, big, (size_t)n);
  free(big);
}

/* a gnuplot double-quoted string: escapes for \ and ", newlines kept as \n, other control
 * characters dropped so that nothing can end the command line early */
void plot__buf_str(plot_buf *b, const char *s) {
  plot__buf_put(b, "\"", 1);
  for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
    if (*p == '\\' || *p == '"') {
      char e[2] = {'\\', (char)*p};
      plot__buf_put(b, e, 2);
    } else if (*p == '\n') {
      plot__buf_put(b, "\\n", 2);
    } else if (*p >= 32 && *p != 127) {
      plot__buf_put(b, p, 1);
    }
  }
  plot__buf_put(b, "\"", 1);
}

void plot__buf_free(plot_buf *b) {
  free(b->p);
  memset(b, 0, sizeof *b);
}

void plot__job_free(plot_job *job) {
  for (size_t i = 0; i < job->nblocks; i++) free(job->blocks[i].data);
  free(job->blocks);
  plot__buf_free(&job->script);
  memset(job, 0, sizeof *job);
}

/* takes ownership of data */
static int job_block(plot_job *job, void *data, size_t len) {
  if (job->nblocks == job->cap) {
    size_t nc = job->cap ? job->cap * 2 : 8;
    plot_block *nb = realloc(job->blocks, nc * sizeof *nb);
    if (!nb) {
      free(data);
      job->oom = 1;
      return -1;
    }
    job->blocks = nb;
    job->cap = nc;
  }
  job->blocks[job->nblocks].data = data;
  job->blocks[job->nblocks].len = len;
  return (int)job->nblocks++;
}

/* ---- text: matplotlib mathtext ($...$) to gnuplot enhanced text ------------------------ */
static const struct { const char *name, *utf8; } SYMBOLS[] = {
    {"alpha", "α"}, {"beta", "β"}, {"gamma", "γ"}, {"delta", "δ"}, {"epsilon", "ε"},
    {"varepsilon", "ε"}, {"zeta", "ζ"}, {"eta", "η"}, {"theta", "θ"}, {"iota", "ι"},
    {"kappa", "κ"}, {"lambda", "λ"}, {"mu", "μ"}, {"nu", "ν"}, {"xi", "ξ"}, {"pi", "π"},
    {"rho", "ρ"}, {"sigma", "σ"}, {"tau", "τ"}, {"upsilon", "υ"}, {"phi", "φ"},
    {"varphi", "φ"}, {"chi", "χ"}, {"psi", "ψ"}, {"omega", "ω"}, {"Gamma", "Γ"},
    {"Delta", "Δ"}, {"Theta", "Θ"}, {"Lambda", "Λ"}, {"Xi", "Ξ"}, {"Pi", "Π"},
    {"Sigma", "Σ"}, {"Phi", "Φ"}, {"Psi", "Ψ"}, {"Omega", "Ω"}, {"cdot", "·"},
    {"times", "×"}, {"pm", "±"}, {"infty", "∞"}, {"partial", "∂"}, {"nabla", "∇"},
    {"leq", "≤"}, {"le", "≤"}, {"geq", "≥"}, {"ge", "≥"}, {"neq", "≠"}, {"approx", "≈"},
    {"sum", "Σ"}, {"prod", "Π"}, {"int", "∫"}, {"rightarrow", "→"}, {"to", "→"},
    {"leftarrow", "←"}, {"in", "∈"}, {"sim", "∼"}, {"prime", "′"}, {"ell", "ℓ"},
    {"degree", "°"}, {"circ", "∘"}, {"log", "log"}, {"exp", "exp"}, {"sin", "sin"},
    {"cos", "cos"}, {"tanh", "tanh"}, {"max", "max"}, {"min", "min"}, {"ln", "ln"}};

static void enh_literal(plot_buf *b, char c) {
  if (strchr("^_@&~{}\\", c)) plot__buf_put(b, "\\", 1);
  plot__buf_put(b, &c, 1);
}

static const char *math(plot_buf *b, const char *p, const char *end, int depth);

/* one mathtext atom: a {group}, a \command, or a character */
static const char *math_atom(plot_buf *b, const char *p, const char *end, int depth) {
  if (p >= end) return p;
  if (*p == '{') {
    int lvl = 1;
    const char *q = p + 1;
    while (q < end && lvl) {
      if (*q == '{') lvl++;
      else if (*q == '}') lvl--;
      if (lvl) q++;
    }
    math(b, p + 1, q, depth + 1);
    return q < end ? q + 1 : q;
  }
  if (*p == '\\') {
    const char *q = p + 1;
    while (q < end && ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z'))) q++;
    size_t n = (size_t)(q - p - 1);
    if (n == 0) {                                 /* \, \; \! \{ \$ ... */
      if (q < end) {
        if (*q == ',' || *q == ';' || *q == ' ' || *q == ':') plot__buf_put(b, " ", 1);
        else if (*q != '!') enh_literal(b, *q);
        q++;
      }
      return q;
    }
    if ((n == 4 && strncmp(p + 1, "frac", 4) == 0)) {
      plot__buf_put(b, "(", 1);
      q = math_atom(b, q, end, depth + 1);
      plot__buf_put(b, ")/(", 3);
      q = math_atom(b, q, end, depth + 1);
      plot__buf_put(b, ")", 1);
      return q;
    }
    if (n == 4 && strncmp(p + 1, "sqrt", 4) == 0) {
      plot__buf_put(b, "√(", 4);
      q = math_atom(b, q, end, depth + 1);
      plot__buf_put(b, ")", 1);
      return q;
    }
    for (size_t i = 0; i < sizeof SYMBOLS / sizeof SYMBOLS[0]; i++)
      if (strlen(SYMBOLS[i].name) == n && strncmp(SYMBOLS[i].name, p + 1, n) == 0) {
        plot__buf_put(b, SYMBOLS[i].utf8, strlen(SYMBOLS[i].utf8));
        return q;
      }
    /* \mathrm{...}, \text{...}, \operatorname{...}: the content upright */
    if (q < end && *q == '{' &&
        ((n == 6 && strncmp(p + 1, "mathrm", 6) == 0) || (n == 4 && strncmp(p + 1, "text", 4) == 0) ||
         (n == 2 && strncmp(p + 1, "rm", 2) == 0) ||
         (n == 12 && strncmp(p + 1, "operatorname", 12) == 0))) {
      const char *e = q + 1;
      while (e < end && *e != '}') e++;
      for (const char *k = q + 1; k < e; k++) enh_literal(b, *k);
      return e < end ? e + 1 : e;
    }
    /* \mathbf{...} and unknown commands: just the content/name */
    if (q < end && *q == '{') return math_atom(b, q, end, depth + 1);
    return q;
  }
  if (*p == '-') {
    plot__buf_put(b, "\xe2\x88\x92", 3);
    return p + 1;
  }
  if (*p == '\'') {
    plot__buf_put(b, "′", strlen("′"));
    return p + 1;
  }
  if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) {
    /* mathtext sets letters in italic (variables); \sin, \mathrm{...} stay upright */
    plot__buf_put(b, "{/:Italic ", 10);
    plot__buf_put(b, p, 1);
    plot__buf_put(b, "}", 1);
    return p + 1;
  }
  enh_literal(b, *p);
  return p + 1;
}

static const char *math(plot_buf *b, const char *p, const char *end, int depth) {
  if (depth > 20) return end;
  while (p < end) {
    if (*p == '^' || *p == '_') {
      char op[3] = {*p, '{', 0};
      plot__buf_put(b, op, 2);
      p = math_atom(b, p + 1, end, depth + 1);
      plot__buf_put(b, "}", 1);
    } else if (*p == ' ') {
      p++;                                        /* spaces are ignored in math mode */
    } else {
      p = math_atom(b, p, end, depth);
    }
  }
  return p;
}

/* 1 if s has a $...$ pair (then it is converted to enhanced text) */
static int has_math(const char *s) {
  const char *a = s ? strchr(s, '$') : NULL;
  return a && strchr(a + 1, '$');
}

static void enh_text(plot_buf *b, const char *s) {
  const char *p = s;
  while (*p) {
    if (*p == '$') {
      const char *q = strchr(p + 1, '$');
      if (q) {
        math(b, p + 1, q, 0);
        p = q + 1;
        continue;
      }
    }
    enh_literal(b, *p++);
  }
}

/* emit a user string as a quoted gnuplot string followed by its (no)enhanced keyword */
/* set while building for gnuplot's dumb terminal, which prints enhanced markup as it is */
static __thread int text_target;

/* enhanced text as plain characters: font switches and braces dropped, x^{2} as x^2 */
static void plain_of_enhanced(plot_buf *o, const char *t) {
  for (const char *p = t; *p; p++) {
    if (strncmp(p, "\xe2\x88\x92", 3) == 0) {  /* dumb counts bytes when it aligns */
      plot__buf_put(o, "-", 1);
      p += 2;
      continue;
    }
    if (*p == '\\' && p[1]) { plot__buf_put(o, ++p, 1); continue; }
    if (*p == '{') {
      if (p[1] == '/') {
        while (p[1] && p[1] != ' ') p++;
        if (p[1] == ' ') p++;
      }
      continue;
    }
    if (*p == '}' || *p == '@' || *p == '&' || *p == '~') continue;
    plot__buf_put(o, p, 1);
  }
}

static void user_text(plot_buf *b, const char *s) {
  if (has_math(s)) {
    plot_buf t = {0};
    enh_text(&t, s);
    if (text_target) {
      plot_buf q = {0};
      plain_of_enhanced(&q, t.p ? t.p : "");
      plot__buf_str(b, q.p ? q.p : "");
      if (q.oom) b->oom = 1;
      plot__buf_free(&q);
      plot__buf_free(&t);
      plot__buf_printf(b, " noenhanced");
      return;
    }
    plot__buf_str(b, t.p ? t.p : "");
    if (t.oom) b->oom = 1;
    plot__buf_free(&t);
    plot__buf_printf(b, " enhanced");
  } else {
    plot__buf_str(b, s);
    plot__buf_printf(b, " noenhanced");
  }
}

/* ---- rendering context ----------------------------------------------------------------- */
typedef struct ctx {
  plot_figure *f;
  const plot_target *tg;
  plot_job *job;
  const char *dir;
  double W, H;          /* figure size in points */
  double k;             /* device units per point */
  double lwk, fsk, psk; /* gnuplot lw, font size and point size per point */
  int pt_noedge;        /* the terminal fills points without an outline (svg): add the edge */
  double fs;            /* rc font size, points */
  int layers;           /* markers drawn into layers: 1 always, 2 for large series only */
  double kr;            /* layer pixels per point */
  double LW, LH;        /* the figure in layer pixels */
} ctx;

static void color_str(char *buf, size_t n, plot_color c) {
  /* gnuplot's "#AARRGGBB": AA is transparency, 00 opaque */
  int a = (int)lround((1 - (c.a >= 0 && c.a <= 1 ? c.a : 1)) * 255);
  snprintf(buf, n, "#%02x%02x%02x%02x", a, (int)lround(c.r * 255), (int)lround(c.g * 255),
           (int)lround(c.b * 255));
}

static void fifo_name(ctx *c, int block, char *buf, size_t n) {
  snprintf(buf, n, "%s/d%d", c->dir, block);
}

static double fsz(ctx *c, double pt) { return pt * c->fsk; }

static void font(ctx *c, double pt) {
  if (c->tg->text) return;
  plot__buf_printf(&c->job->script, " font \",%.2f\"", fsz(c, pt));
}

/* dash pattern per matplotlib's lines.*_pattern (in units of the line width) */
static void dash(ctx *c, int ls) {
  plot_buf *b = &c->job->script;
  if (c->tg->text) return;
  switch (ls) {
  case PLOT_LS_DASHED: plot__buf_printf(b, " dt (%.2f,%.2f)", 3.7 * 4, 1.6 * 4); break;
  case PLOT_LS_DOTTED: plot__buf_printf(b, " dt (%.2f,%.2f)", 1.0 * 4, 1.65 * 4); break;
  case PLOT_LS_DASHDOT:
    plot__buf_printf(b, " dt (%.2f,%.2f,%.2f,%.2f)", 6.4 * 4, 1.6 * 4, 1.0 * 4, 1.6 * 4);
    break;
  default: plot__buf_printf(b, " dt solid"); break;
  }
}

/* gnuplot point type and a size factor for a matplotlib marker */
static int point_type(int marker, double *scale) {
  *scale = 1;
  switch (marker) {
  case 'o': case '8': return 7;
  case '.': *scale = 0.5; return 7;
  case ',': *scale = 0.2; return 7;
  case 's': return 5;
  case '^': return 9;
  case 'v': return 11;
  case '<': case '>': return 9;
  case 'x': case 'X': return 2;
  case '+': case 'P': return 1;
  case '*': return 3;
  case 'd': *scale = 0.8; return 13;
  case 'D': return 13;
  case 'p': case 'h': return 15;
  case '|': case '_': case '1': case '2': case '3': case '4': return 1;
  default: return 7;
  }
}

static void line_style(ctx *c, plot_series *s, int with_line, int with_points) {
  plot_buf *b = &c->job->script;
  char col[16];
  color_str(col, sizeof col, s->color);
  if (with_line && with_points) plot__buf_printf(b, " with linespoints");
  else if (with_points) plot__buf_printf(b, " with points");
  else plot__buf_printf(b, " with lines");
  if (with_line) {
    plot__buf_printf(b, " lw %.3f", s->lw * c->lwk);
    dash(c, s->ls);
  }
  if (with_points) {
    double sc;
    int pt = point_type(s->marker, &sc);
    plot__buf_printf(b, " pt %d ps %.3f", pt, (s->ms + (c->pt_noedge ? 1.0 : 0)) * sc * c->psk);
    if (!with_line) plot__buf_printf(b, " lw %.3f", 1.0 * c->lwk);
  }
  plot__buf_printf(b, " lc rgb \"%s\"", col);
}

/* ---- data blocks --------------------------------------------------------------------- */
static int columns_block(ctx *c, size_t n, int ncol, const double *const *cols) {
  size_t m = n ? n : 1;
  double *d = malloc(m * (size_t)ncol * sizeof *d);
  if (!d) {
    c->job->oom = 1;
    return -1;
  }
  for (size_t i = 0; i < n; i++)
    for (int j = 0; j < ncol; j++) d[i * (size_t)ncol + (size_t)j] = cols[j] ? cols[j][i] : 0;
  if (!n)
    for (int j = 0; j < ncol; j++) d[j] = NAN;   /* gnuplot cannot read zero records */
  return job_block(c->job, d, m * (size_t)ncol * sizeof *d);
}

static void binary_clause(ctx *c, int block, size_t n, int ncol) {
  char name[600];
  fifo_name(c, block, name, sizeof name);
  plot_buf *b = &c->job->script;
  plot__buf_str(b, name);
  plot__buf_printf(b, " binary record=(%zu) format=\"", n ? n : 1);
  for (int i = 0; i < ncol; i++) plot__buf_printf(b, "%%float64");
  plot__buf_printf(b, "\"");
}

/* A line with far more points than device pixels: keep, per pixel column, the first, the
 * lowest, the highest and the last point (in order). The drawn polyline covers the same
 * pixels, and gnuplot has a few thousand segments to stroke instead of millions. */
static size_t decimate(const double *x, const double *y, size_t n, double xlo, double xhi,
                       int xlog, int columns, double *ox, double *oy) {
  size_t m = 0;
  double a = xlog ? log10(xlo) : xlo, bnd = xlog ? log10(xhi) : xhi;
  double sc = columns / (bnd - a);
  long cur = 0;
  int have = 0;
  size_t first = 0, imin = 0, imax = 0, last = 0;
#define FLUSH()                                                              \
  do {                                                                       \
    if (have) {                                                              \
      size_t ids[4] = {first, imin < imax ? imin : imax, imin < imax ? imax : imin, last}; \
      size_t prev = (size_t)-1;                                              \
      for (int q = 0; q < 4; q++)                                            \
        if (ids[q] != prev) { ox[m] = x[ids[q]]; oy[m] = y[ids[q]]; m++; prev = ids[q]; } \
    }                                                                        \
    have = 0;                                                                \
  } while (0)
  for (size_t i = 0; i < n; i++) {
    double xv = x[i], yv = y[i];
    if (!isfinite(xv) || !isfinite(yv) || (xlog && xv <= 0)) {
      FLUSH();
      ox[m] = NAN; oy[m] = NAN; m++;
      continue;
    }
    double t = ((xlog ? log10(xv) : xv) - a) * sc;
    long col = t < 0 ? -1 : t >= columns ? columns : (long)t;
    if (!have || col != cur) {
      FLUSH();
      have = 1;
      cur = col;
      first = imin = imax = last = i;
    } else {
      last = i;
      if (yv < y[imin]) imin = i;
      if (yv > y[imax]) imax = i;
    }
  }
  FLUSH();
#undef FLUSH
  return m;
}

static int monotonic(const double *x, size_t n) {
  double prev = -INFINITY;
  for (size_t i = 0; i < n; i++) {
    if (isnan(x[i])) continue;
    if (x[i] < prev) return 0;
    prev = x[i];
  }
  return 1;
}

/* ---- one axes -------------------------------------------------------------------------- */
typedef struct box { double x0, y0, x1, y1; } box;   /* figure fractions */

static void emit_palette(ctx *c, const char *cmap) {
  uint32_t t[256];
  int n = plot__cmap_samples(cmap, t, 256);
  if (n < 2) return;
  plot_buf *b = &c->job->script;
  plot__buf_printf(b, "set palette defined (");
  for (int i = 0; i < n; i++)
    plot__buf_printf(b, "%s%d \"#%06x\"", i ? ", " : "", i, (unsigned)t[i]);
  plot__buf_printf(b, ")\nset palette maxcolors %d\n", n < 256 ? n : 256);
}

static void emit_ticks(ctx *c, const char *axis, plot_tickset *ts, plot_ticks_fixed *fx,
                       double lo, double hi, int logscale) {
  plot_buf *b = &c->job->script;
  double vmin = fmin(lo, hi), vmax = fmax(lo, hi);
  int enhanced = logscale && !fx->set && !c->tg->text;
  int fixed_math = 0;
  if (fx->set && fx->labels)
    for (size_t i = 0; i < fx->n; i++) fixed_math |= has_math(fx->labels[i]);
  plot__buf_printf(b, "set %stics out nomirror %senhanced", axis,
                   enhanced || (fixed_math && !c->tg->text) ? "" : "no");
  if (c->tg->text) {
    plot__buf_printf(b, " scale 0");          /* a tick mark would take a whole character */
  } else {
    /* 3.5 pt major and 2 pt minor ticks; gnuplot's unit tick is tic_unit points */
    plot__buf_printf(b, " scale %.3f,%.3f", 3.5 / 9.0 * (c->k * 0.75) * 1.0,
                     2.0 / 9.0 * (c->k * 0.75));
    font(c, c->fs);
  }
  plot__buf_printf(b, " (");
  size_t cnt = 0;
  if (fx->set) {
    for (size_t i = 0; i < fx->n; i++) {
      if (fx->locs[i] < vmin - 1e-9 * (vmax - vmin) || fx->locs[i] > vmax + 1e-9 * (vmax - vmin))
        continue;
      char num[48];
      const char *lab = fx->labels ? fx->labels[i] : NULL;
      if (!lab) {
        plot__format_number(fx->locs[i], num, sizeof num);
        lab = num;
      }
      plot__buf_printf(b, "%s", cnt++ ? ", " : "");
      if (has_math(lab)) {
        plot_buf t = {0}, q = {0};
        enh_text(&t, lab);
        if (c->tg->text) plain_of_enhanced(&q, t.p ? t.p : "");
        plot__buf_str(b, c->tg->text ? (q.p ? q.p : "") : (t.p ? t.p : ""));
        plot__buf_free(&t);
        plot__buf_free(&q);
      } else if (c->tg->text) {
        plot_buf q = {0};
        plain_of_enhanced(&q, lab);
        plot__buf_str(b, q.p ? q.p : "");
        plot__buf_free(&q);
      } else {
        plot__buf_str(b, lab);
      }
      plot__buf_printf(b, " %.17g", fx->locs[i]);
    }
  } else {
    for (size_t i = 0; i < ts->n; i++) {
      double v = ts->locs[i];
      if (v < vmin - 1e-9 * (vmax - vmin) || v > vmax + 1e-9 * (vmax - vmin)) continue;
      plot__buf_printf(b, "%s", cnt++ ? ", " : "");
      if (c->tg->text) {           /* 10^{-1} printed as 10^-1, an ASCII minus */
        plot_buf q = {0};
        plain_of_enhanced(&q, ts->labels[i]);
        plot__buf_str(b, q.p ? q.p : "");
        plot__buf_free(&q);
      } else {
        plot__buf_str(b, ts->labels[i]);
      }
      plot__buf_printf(b, " %.17g", v);
    }
    /* minor ticks (none in text, where their empty labels blank out the major ones) */
    for (size_t i = 0; i < ts->nminor && !c->tg->text; i++)
      plot__buf_printf(b, "%s\"\" %.17g 1", cnt++ ? ", " : "", ts->minor[i]);
  }
  plot__buf_printf(b, ")\n");
  if (!cnt) plot__buf_printf(b, "unset %stics\n", axis);
}

/* a data value as a fraction of the axes (log axes in decades) */
static double nx(const plot_axes *ax, double v, double lo, double hi) {
  return ax->xlog ? (log10(v) - log10(lo)) / (log10(hi) - log10(lo)) : (v - lo) / (hi - lo);
}
static double ny(const plot_axes *ax, double v, double lo, double hi) {
  return ax->ylog ? (log10(v) - log10(lo)) / (log10(hi) - log10(lo)) : (v - lo) / (hi - lo);
}

/* legend placement for loc='best': the candidate box (matplotlib's order) that covers the
 * fewest data points, bars and line crossings */
static int best_loc(plot_axes *ax, double xlo, double xhi, double ylo, double yhi,
                    double fw, double fh) {
  static const double cand[10][2] = {{1, 1}, {0, 1}, {0, 0}, {1, 0}, {1, 0.5},
                                     {0, 0.5}, {1, 0.5}, {0.5, 0}, {0.5, 1}, {0.5, 0.5}};
  long best = -1;
  int bi = 1;
  double pad = 0.02;
  for (int k = 1; k <= 9; k++) {
    if (k == 5) continue;            /* 'right' is the same box as 'center right' */
    double cx = cand[k - 1][0], cy = cand[k - 1][1];
    double bx0 = cx * (1 - fw - 2 * pad) + pad, by0 = cy * (1 - fh - 2 * pad) + pad;
    double bx1 = bx0 + fw, by1 = by0 + fh;
    long cnt = 0;
    for (size_t i = 0; i < ax->nseries; i++) {
      plot_series *s = ax->series[i];
      const double *xs = s->x, *ys = s->y;
      if (s->kind == SK_BARS) {
        /* matplotlib counts the patches whose bounding box the legend overlaps */
        for (size_t j = 0; j < s->n; j++) {
          double u0 = nx(ax, s->x0[j], xlo, xhi), u1 = nx(ax, s->x1[j], xlo, xhi);
          double v0 = ny(ax, s->y0[j], ylo, yhi), v1 = ny(ax, s->y1[j], ylo, yhi);
          if (fmax(u0, u1) >= bx0 && fmin(u0, u1) <= bx1 && fmax(v0, v1) >= by0 &&
              fmin(v0, v1) <= by1)
            cnt++;
        }
        continue;
      }
      if (!xs || !ys) continue;
      size_t step = s->n > 20000 ? s->n / 20000 : 1;
      double px = NAN, py = NAN;
      for (size_t j = 0; j < s->n; j += step) {
        double u = ax->xlog ? (log10(xs[j]) - log10(xlo)) / (log10(xhi) - log10(xlo))
                            : (xs[j] - xlo) / (xhi - xlo);
        double v = ax->ylog ? (log10(ys[j]) - log10(ylo)) / (log10(yhi) - log10(ylo))
                            : (ys[j] - ylo) / (yhi - ylo);
        if (u >= bx0 && u <= bx1 && v >= by0 && v <= by1) cnt++;
        else if (s->kind == SK_LINE && isfinite(px) && step == 1) {
          /* a segment crossing the box without a vertex in it */
          for (int q = 1; q < 8; q++) {
            double t = q / 8.0, a = px + (u - px) * t, bb = py + (v - py) * t;
            if (a >= bx0 && a <= bx1 && bb >= by0 && bb <= by1) { cnt++; break; }
          }
        }
        px = u; py = v;
      }
    }
    if (best < 0 || cnt < best) {
      best = cnt;
      bi = k;
    }
    if (cnt == 0) break;
  }
  return bi;
}

/* a user label's width in ems and in characters as gnuplot counts them for its guess */
static double label_em(const char *s, size_t *nchars) {
  if (has_math(s)) {
    plot_buf t = {0};
    enh_text(&t, s);
    double w = plot__text_em(t.p ? t.p : "", 1);
    if (nchars) *nchars = plot__text_chars(t.p ? t.p : "", 1);
    plot__buf_free(&t);
    return w;
  }
  if (nchars) *nchars = plot__text_chars(s, 0);
  return plot__text_em(s, 0);
}

static void emit_legend(ctx *c, plot_axes *ax, box bx, double xlo, double xhi, double ylo,
                        double yhi) {
  plot_buf *b = &c->job->script;
  int n = 0;
  size_t nmax = 0;
  double tmax = 0;
  for (size_t i = 0; i < ax->nseries; i++)
    if (ax->series[i]->label) {
      n++;
      size_t k;
      double t = label_em(ax->series[i]->label, &k);
      if (k > nmax) nmax = k;
      if (t > tmax) tmax = t;
    }
  if (!ax->legend || n == 0) {
    plot__buf_printf(b, "unset key\n");
    return;
  }
  /* matplotlib's legend: 0.4 em border pad, 2 em handles, 0.8 em to the text, rows 0.5 em
   * apart, 0.5 em from the axes */
  double wpt = (bx.x1 - bx.x0) * c->W, hpt = (bx.y1 - bx.y0) * c->H;
  double fw = (c->fs * (3.6 + tmax)) / wpt;
  double fh = (c->fs * (0.8 + 1.5 * n - 0.5)) / hpt;
  int loc = ax->legend_loc ? ax->legend_loc : best_loc(ax, xlo, xhi, ylo, yhi, fw, fh);
  static const char *const pos[] = {"", "top right", "top left", "bottom left",
                                    "bottom right", "right center", "left center",
                                    "right center", "bottom center", "top center",
                                    "center center"};
  plot__buf_printf(b, "set key inside %s vertical reverse Left", pos[loc]);
  if (!c->tg->text) {
    /* matplotlib: a white, slightly transparent frame with a light grey edge */
    /* gnuplot sizes the frame from a guess per character (measured: cairo 3.06 em plus
     * 0.648 em a character, `width` adding 0.648 em a unit; svg 4.3 em + 0.7 em a character,
     * 0.84 em a unit): `width` corrects the guess to the widths measured here, for a frame
     * 3.6 em wider than the longest label as matplotlib's */
    double k0 = 0, kc = 0, ku = 1, spacing = 1.28;
    if (strcmp(c->tg->terminal, "pngcairo") == 0 || strcmp(c->tg->terminal, "pdfcairo") == 0)
      k0 = 3.06, kc = 0.648, ku = 0.648;
    else if (strcmp(c->tg->terminal, "svg") == 0)
      k0 = 4.3, kc = 0.7, ku = 0.84, spacing = 1.0;
    double wadj = kc > 0 ? (3.6 + tmax - k0 - kc * (double)nmax) / ku : 0;
    plot__buf_printf(b, " opaque box lc rgb \"#cccccc\" lw %.3f samplen 2 spacing %.2f "
                     "width %.3f height 0.3",
                     0.8 * c->lwk, spacing, wadj);
    font(c, c->fs);
  } else {
    plot__buf_printf(b, " samplen 2");
  }
  plot__buf_printf(b, "\n");
}

/* ---- series ------------------------------------------------------------------------- */
/* how an axes maps data to the page, for the series emitters */
typedef struct axmap {
  box bx;
  double xlo, xhi, ylo, yhi;
  int xlog, ylog;
  int noauto_map;            /* a log axis without a usable range: no layers */
  double wpt;                /* axes width in points */
  plot_series *mapped;       /* the series whose colour map the palette shows */
} axmap;

/* matplotlib's default zorder: images 0, patches and collections 1, lines 2 */
static int zorder(const plot_series *s) {
  switch (s->kind) {
  case SK_IMAGE: return 0;
  case SK_LINE: case SK_ERRORBAR: return 2;
  default: return 1;
  }
}

static void next_clause(ctx *c, int *nclause) {
  if ((*nclause)++) plot__buf_printf(&c->job->script, ", \\\n  ");
}

/* layer x (y) pixel of a data value; NaN outside a log axis' domain */
static double map_x(const ctx *c, const axmap *m, double v) {
  double u = m->xlog ? (v > 0 ? (log10(v) - log10(m->xlo)) / (log10(m->xhi) - log10(m->xlo)) : NAN)
                     : (v - m->xlo) / (m->xhi - m->xlo);
  return (m->bx.x0 + u * (m->bx.x1 - m->bx.x0)) * c->LW;
}
static double map_y(const ctx *c, const axmap *m, double v) {
  double u = m->ylog ? (v > 0 ? (log10(v) - log10(m->ylo)) / (log10(m->yhi) - log10(m->ylo)) : NAN)
                     : (v - m->ylo) / (m->yhi - m->ylo);
  return (m->bx.y0 + u * (m->bx.y1 - m->bx.y0)) * c->LH;
}

/* the colour map of a series as a 256-entry table */
static void cmap_table(const plot_series *s, plot_color *t) {
  uint32_t rgb[256];
  int n = plot__cmap_samples(s->cmap, rgb, 256);
  for (int i = 0; i < 256; i++) {
    int k = n > 1 ? (int)((double)i * (n - 1) / 255 + 0.5) : 0;
    t[i] = plot__rgb(n > 0 ? rgb[k] : 0);
  }
}

/* the face colour of point j of a scatter */
static plot_color point_color(const plot_series *s, const plot_color *lut, size_t j) {
  plot_color col = s->color;
  if (s->c) {
    double v = s->c[j];
    if (isnan(v)) {
      col.a = 0;                                   /* matplotlib: "bad" is transparent */
      return col;
    }
    double t = s->vmax > s->vmin ? (v - s->vmin) / (s->vmax - s->vmin) : 0;
    int k = t <= 0 ? 0 : t >= 1 ? 255 : (int)(t * 255.999);
    col = lut[k];
    col.a = s->alpha >= 0 ? s->alpha : 1;
  } else if (s->rgba) {
    col.r = s->rgba[4 * j]; col.g = s->rgba[4 * j + 1]; col.b = s->rgba[4 * j + 2];
    col.a = s->alpha >= 0 ? s->alpha : s->rgba[4 * j + 3];
    col.set = 1;
  }
  return col;
}

/* Markers of a series drawn into a layer, emitted as one rgbalpha image on the x2/y2 axes.
 * scatter: sizes from s->s (pt^2) or s->ms, colours per point; other kinds: s->ms and the
 * series colour with matplotlib's 1 pt marker edge. Returns 0, or -1 to let gnuplot draw
 * the points instead (a layer too large). */
static int marker_layer(ctx *c, const axmap *m, plot_series *s, int *nclause) {
  plot_layer L;
  if (plot__layer_init(&L, m->bx.x0 * c->LW, m->bx.y0 * c->LH, m->bx.x1 * c->LW,
                       m->bx.y1 * c->LH) < 0)
    return -1;
  int scatter = s->kind == SK_SCATTER;
  int marker = s->marker ? s->marker : 'o';
  double ew = (scatter ? s->lw : 1.0) * c->kr;
  plot_color lut[256];
  if (scatter && s->c) cmap_table(s, lut);
  int hollow_edge = s->edgecolor.set && s->edgecolor.a <= 0;
  for (size_t j = 0; j < s->n; j++) {
    double px = map_x(c, m, s->x[j]), py = map_y(c, m, s->y[j]);
    if (!isfinite(px) || !isfinite(py)) continue;
    double size = s->ms;
    if (scatter && s->s) size = sqrt(fabs(s->s[j]));
    plot_color face = scatter ? point_color(s, lut, j) : s->color;
    plot_color edge = s->edgecolor.set ? s->edgecolor : face;
    if (s->edgecolor.set && s->alpha >= 0) edge.a = s->alpha * (s->edgecolor.a > 0);
    if (plot__layer_marker(&L, marker, px, py, size * c->kr, hollow_edge ? 0 : ew, face,
                           edge) < 0) {
      plot__layer_free(&L);
      c->job->oom = 1;
      return 0;
    }
  }
  unsigned char *rgba = plot__layer_rgba8(&L);
  int w = L.w, h = L.h, x0 = L.ix0, y0 = L.iy0;
  plot__layer_free(&L);
  if (!rgba) {
    c->job->oom = 1;
    return 0;
  }
  int blk = job_block(c->job, rgba, (size_t)w * h * 4);
  if (blk < 0) return 0;
  next_clause(c, nclause);
  char name[600];
  fifo_name(c, blk, name, sizeof name);
  plot_buf *b = &c->job->script;
  plot__buf_str(b, name);
  plot__buf_printf(b, " binary array=(%d,%d) format=\"%%uchar%%uchar%%uchar%%uchar\" "
                   "origin=(%.1f,%.1f) dx=1 dy=1 axes x2y2 with rgbalpha notitle",
                   w, h, x0 + 0.5, y0 + 0.5);
  return 0;
}

/* gnuplot's own points for a scatter (text, SVG and window terminals) */
static void scatter_points(ctx *c, const axmap *m, plot_series *s, int *nclause) {
  plot_buf *b = &c->job->script;
  double *ps = malloc((s->n ? s->n : 1) * sizeof *ps);
  double *rgb = s->c || s->rgba ? malloc((s->n ? s->n : 1) * sizeof *rgb) : NULL;
  if (!ps || ((s->c || s->rgba) && !rgb)) {
    free(ps); free(rgb);
    c->job->oom = 1;
    return;
  }
  plot_color lut[256];
  if (s->c) cmap_table(s, lut);
  double sc;
  int pt = point_type(s->marker, &sc);
  for (size_t j = 0; j < s->n; j++) {
    double d = s->s ? sqrt(fabs(s->s[j])) : s->ms;
    ps[j] = (d + (c->pt_noedge ? s->lw : 0)) * sc * c->psk;
    if (rgb) {
      plot_color cc = point_color(s, lut, j);
      int a = (int)lround((1 - cc.a) * 255);
      rgb[j] = (double)(((uint32_t)a << 24) | ((uint32_t)lround(cc.r * 255) << 16) |
                        ((uint32_t)lround(cc.g * 255) << 8) | (uint32_t)lround(cc.b * 255));
    }
  }
  const double *cols[4] = {s->x, s->y, ps, rgb};
  int blk = columns_block(c, s->n, rgb ? 4 : 3, cols);
  free(ps); free(rgb);
  if (blk < 0) return;
  next_clause(c, nclause);
  binary_clause(c, blk, s->n, s->c || s->rgba ? 4 : 3);
  char col[16];
  color_str(col, sizeof col, s->color);
  if (s->c || s->rgba)
    plot__buf_printf(b, " using 1:2:3:4 with points pt %d ps variable lc rgb variable notitle",
                     pt);
  else
    plot__buf_printf(b, " using 1:2:3 with points pt %d ps variable lc rgb \"%s\" notitle", pt,
                     col);
  (void)m;
}

static void emit_image(ctx *c, plot_series *s, int *nclause) {
  plot_buf *b = &c->job->script;
  int w = s->iw, h = s->ih, ch = s->ich;
  double dx = (s->extent[1] - s->extent[0]) / w;
  /* row 0 is the top row for origin 'upper': its centre is at extent[3] + dy/2 */
  double ytop = s->origin_lower ? s->extent[2] : s->extent[3];
  double ybot = s->origin_lower ? s->extent[3] : s->extent[2];
  double dy = (ybot - ytop) / h;         /* y step from one row to the next */
  int flipx = dx < 0, flipy = dy < 0;
  size_t npx = (size_t)w * h;
  void *buf;
  size_t len;
  if (ch == 1) {
    float *d = malloc(npx * sizeof *d);
    if (!d) { c->job->oom = 1; return; }
    for (int r = 0; r < h; r++)
      for (int q = 0; q < w; q++) {
        int sr = flipy ? h - 1 - r : r, sq = flipx ? w - 1 - q : q;
        d[(size_t)r * w + q] = s->pix[(size_t)sr * w + sq];
      }
    buf = d;
    len = npx * sizeof *d;
  } else {
    unsigned char *d = malloc(npx * (size_t)ch);
    if (!d) { c->job->oom = 1; return; }
    for (int r = 0; r < h; r++)
      for (int q = 0; q < w; q++) {
        int sr = flipy ? h - 1 - r : r, sq = flipx ? w - 1 - q : q;
        for (int k = 0; k < ch; k++) {
          double v = s->pix[((size_t)sr * w + sq) * ch + k];
          if (k == 3 || ch == 3) v *= 1;
          d[((size_t)r * w + q) * ch + k] = (unsigned char)lround(v * 255);
        }
      }
    buf = d;
    len = npx * (size_t)ch;
  }
  int blk = job_block(c->job, buf, len);
  if (blk < 0) return;
  next_clause(c, nclause);
  char name[600];
  fifo_name(c, blk, name, sizeof name);
  plot__buf_str(b, name);
  double adx = fabs(dx), ady = fabs(dy);
  double ox = fmin(s->extent[0], s->extent[1]) + adx / 2;
  double oy = fmin(ytop, ybot) + ady / 2;
  plot__buf_printf(b, " binary array=(%d,%d) format=\"%s\" origin=(%.17g,%.17g) "
                   "dx=%.17g dy=%.17g",
                   w, h, ch == 1 ? "%float32" : ch == 3 ? "%uchar%uchar%uchar"
                                                        : "%uchar%uchar%uchar%uchar",
                   ox, oy, adx, ady);
  plot__buf_printf(b, " with %s notitle",
                   ch == 1 ? "image" : ch == 3 ? "rgbimage" : "rgbalpha");
}

static void emit_series(ctx *c, const axmap *m, plot_series *s, int *nclause) {
  plot_buf *b = &c->job->script;
  char col[16];
  color_str(col, sizeof col, s->color);
  int layers = c->layers && !m->noauto_map && (c->layers == 1 || s->n > 5000);
  switch (s->kind) {
  case SK_LINE: case SK_STEP: {
    const double *cols[2] = {s->x, s->y};
    int blk;
    size_t n = s->n;
    int with_line = s->ls != PLOT_LS_NONE, with_points = s->marker != 0;
    if (!with_line && !with_points) with_line = 1, s->lw = 0;
    if (with_line) {
      double colsize = c->tg->text ? 2 : c->k;
      int columns = (int)(m->wpt * colsize) + 1;
      if (n > (size_t)columns * 8 && n > 4096 && !m->noauto_map && monotonic(s->x, n)) {
        double *ox = malloc(n * sizeof *ox), *oy = malloc(n * sizeof *oy);
        if (!ox || !oy) {
          free(ox); free(oy);
          c->job->oom = 1;
          return;
        }
        n = decimate(s->x, s->y, s->n, fmin(m->xlo, m->xhi), fmax(m->xlo, m->xhi), m->xlog,
                     columns, ox, oy);
        const double *dc[2] = {ox, oy};
        blk = columns_block(c, n, 2, dc);
        free(ox); free(oy);
      } else {
        blk = columns_block(c, n, 2, cols);
      }
      if (blk < 0) return;
      next_clause(c, nclause);
      binary_clause(c, blk, n, 2);
      plot__buf_printf(b, " using 1:2");
      line_style(c, s, 1, with_points && !layers);
      plot__buf_printf(b, " notitle");
    }
    if (with_points && (layers || !with_line)) {
      if (layers && marker_layer(c, m, s, nclause) == 0) return;
      blk = columns_block(c, s->n, 2, cols);
      if (blk < 0) return;
      next_clause(c, nclause);
      binary_clause(c, blk, s->n, 2);
      plot__buf_printf(b, " using 1:2");
      line_style(c, s, 0, 1);
      plot__buf_printf(b, " notitle");
    }
    return;
  }
  case SK_SCATTER:
    if (layers && marker_layer(c, m, s, nclause) == 0) return;
    scatter_points(c, m, s, nclause);
    return;
  case SK_BARS: {
    const double *cols[4] = {s->x0, s->x1, s->y0, s->y1};
    int blk = columns_block(c, s->n, 4, cols);
    if (blk < 0) return;
    next_clause(c, nclause);
    binary_clause(c, blk, s->n, 4);
    plot__buf_printf(b, " using (($1+$2)/2):(($3+$4)/2):1:2:3:4 with boxxyerror");
    if (c->tg->text) plot__buf_printf(b, " fs solid 1.0 border");
    else if (s->color.a < 1)
      plot__buf_printf(b, " fs transparent solid %.3f", s->color.a);
    else plot__buf_printf(b, " fs solid 1.0");
    if (s->edgecolor.set) {
      char ec[16];
      color_str(ec, sizeof ec, s->edgecolor);
      plot__buf_printf(b, " border lc rgb \"%s\" lw %.3f", ec, c->lwk);
    } else if (!c->tg->text && s->color.a >= 1) {
      /* a one-pixel line in the fill colour closes the antialiasing seams between bars
       * (matplotlib snaps bar edges to pixels; gnuplot's fills cannot be snapped) */
      plot__buf_printf(b, " border lc rgb \"%s\" lw %.3f", col,
                       c->layers == 1 ? 1.0 : 0.35 * c->lwk);
    } else if (!c->tg->text) {
      plot__buf_printf(b, " noborder");
    }
    plot_color opaque = s->color;
    opaque.a = 1;
    color_str(col, sizeof col, opaque);
    plot__buf_printf(b, " lc rgb \"%s\" notitle", col);
    return;
  }
  case SK_FILL: {
    const double *cols[3] = {s->x, s->y, s->y2};
    int blk = columns_block(c, s->n, 3, cols);
    if (blk < 0) return;
    next_clause(c, nclause);
    binary_clause(c, blk, s->n, 3);
    plot_color opaque = s->color;
    opaque.a = 1;
    color_str(col, sizeof col, opaque);
    plot__buf_printf(b, " using 1:2:3 with filledcurves");
    if (s->color.a < 1 && !c->tg->text)
      plot__buf_printf(b, " fs transparent solid %.3f noborder", s->color.a);
    else
      plot__buf_printf(b, " fs solid 1.0 noborder");
    plot__buf_printf(b, " lc rgb \"%s\" notitle", col);
    return;
  }
  case SK_ERRORBAR: {
    int hx = s->x0 != NULL, hy = s->y0 != NULL;
    char ecol[16];
    color_str(ecol, sizeof ecol, s->ecolor);
    if (hx || hy) {
      const double *cols[6] = {s->x, s->y, hx ? s->x0 : s->y0, hx ? s->x1 : s->y1,
                               s->y0, s->y1};
      int nc = hx && hy ? 6 : 4;
      int blk = columns_block(c, s->n, nc, cols);
      if (blk < 0) return;
      next_clause(c, nclause);
      binary_clause(c, blk, s->n, nc);
      plot__buf_printf(b, " using %s with %serrorbars pt 7 ps 0 lw %.3f lc rgb \"%s\" notitle",
                       nc == 6 ? "1:2:3:4:5:6" : "1:2:3:4",
                       hx && hy ? "xy" : hx ? "x" : "y", s->lw * c->lwk, ecol);
    }
    const double *cols[2] = {s->x, s->y};
    int with_line = s->ls != PLOT_LS_NONE, with_points = s->marker != 0;
    if (with_line) {
      int blk = columns_block(c, s->n, 2, cols);
      if (blk < 0) return;
      next_clause(c, nclause);
      binary_clause(c, blk, s->n, 2);
      plot__buf_printf(b, " using 1:2");
      line_style(c, s, 1, with_points && !layers);
      plot__buf_printf(b, " notitle");
    }
    if (with_points && (layers || !with_line)) {
      if (layers && marker_layer(c, m, s, nclause) == 0) return;
      int blk = columns_block(c, s->n, 2, cols);
      if (blk < 0) return;
      next_clause(c, nclause);
      binary_clause(c, blk, s->n, 2);
      plot__buf_printf(b, " using 1:2");
      line_style(c, s, 0, 1);
      plot__buf_printf(b, " notitle");
    }
    return;
  }
  case SK_IMAGE:
    emit_image(c, s, nclause);
    return;
  }
}

/* the legend entry of a series: a keyentry drawn with the series' style */
static void key_clause(ctx *c, plot_series *s, int *nclause) {
  plot_buf *b = &c->job->script;
  char col[16];
  next_clause(c, nclause);
  plot__buf_printf(b, "keyentry");
  switch (s->kind) {
  case SK_LINE: case SK_STEP: case SK_ERRORBAR: {
    int with_line = s->ls != PLOT_LS_NONE, with_points = s->marker != 0;
    if (!with_line && !with_points) with_line = 1;
    line_style(c, s, with_line, with_points);
    break;
  }
  case SK_SCATTER: {
    double sc;
    int pt = point_type(s->marker, &sc);
    plot_color lut[256], pc;
    if (s->c) cmap_table(s, lut);
    pc = s->n ? point_color(s, lut, 0) : s->color;
    if (pc.a <= 0 && s->edgecolor.set) {
      pc = s->edgecolor;                  /* hollow markers: an open symbol */
      pt = pt == 7 ? 6 : pt == 5 ? 4 : pt == 9 ? 8 : pt == 11 ? 10 : pt == 13 ? 12 : pt;
    }
    color_str(col, sizeof col, pc);
    double d = s->s && s->n ? sqrt(fabs(s->s[0])) : s->ms;
    plot__buf_printf(b, " with points pt %d ps %.3f lw %.3f lc rgb \"%s\"", pt,
                     (d + (c->pt_noedge ? s->lw : 0)) * sc * c->psk, c->lwk, col);
    break;
  }
  case SK_BARS: case SK_FILL: {
    plot_color opaque = s->color;
    opaque.a = 1;
    color_str(col, sizeof col, opaque);
    if (s->color.a < 1 && !c->tg->text)
      plot__buf_printf(b, " with boxes fs transparent solid %.3f noborder", s->color.a);
    else
      plot__buf_printf(b, " with boxes fs solid 1.0 noborder");
    plot__buf_printf(b, " lc rgb \"%s\"", col);
    break;
  }
  default:
    plot__buf_printf(b, " with lines lc rgb \"#000000\"");
    break;
  }
  plot__buf_printf(b, " title ");
  user_text(b, s->label);
}

static void emit_axes(ctx *c, plot_axes *ax, box bx, int first) {
  plot_buf *b = &c->job->script;
  plot_figure *f = c->f;
  plot__buf_printf(b, "reset\n");
  if (!c->tg->text) plot__buf_printf(b, "set encoding utf8\n");
  double xlo, xhi, ylo, yhi;
  plot__axis_limits(ax, 0, &xlo, &xhi);
  plot__axis_limits(ax, 1, &ylo, &yhi);
  int xlog = ax->xlog, ylog = ax->ylog;
  /* a log axis with no positive limits: leave the range to gnuplot, which reports it */
  int xauto = xlog && !(xlo > 0 && xhi > 0), yauto = ylog && !(ylo > 0 && yhi > 0);

  /* colour mapping source for the colorbar / palette: the last mapped series */
  plot_series *mapped = NULL;
  for (size_t i = 0; i < ax->nseries; i++) {
    plot_series *s = ax->series[i];
    if ((s->kind == SK_IMAGE && s->ich == 1) || (s->kind == SK_SCATTER && s->c)) mapped = s;
  }
  box cb = {0, 0, 0, 0};
  int colorbar = ax->colorbar && mapped;
  if (colorbar) {
    double w = bx.x1 - bx.x0;
    double hpt = (bx.y1 - bx.y0) * c->H;
    cb.x0 = bx.x0 + 0.85 * w;
    cb.x1 = cb.x0 + hpt / 20 / c->W;
    cb.y0 = bx.y0;
    cb.y1 = bx.y1;
    bx.x1 = bx.x0 + 0.8 * w;
  }
  if (c->tg->text) {
    /* text: the cell gives up whole characters for tick labels, axis labels and title */
    /* gnuplot's dumb terminal maps screen 0..1 onto columns 0..width-1 (rows likewise) and
     * truncates: a third of a cell more keeps an inset from losing a character */
    double cw = 1.0 / (c->tg->width - 1), chh = 1.0 / (c->tg->height - 1);
    plot_tickset ts;
    plot__ticks(ylo, yhi, ax->ylog, (bx.y1 - bx.y0) * c->H, 1, c->fs, &ts);
    size_t lab = 0;
    for (size_t i = 0; i < ts.n; i++) {
      plot_buf q = {0};                    /* as printed: 10^-1, five characters */
      plain_of_enhanced(&q, ts.labels[i]);
      size_t k = plot__text_chars(q.p ? q.p : "", 0);
      plot__buf_free(&q);
      if (k > lab) lab = k;
    }
    if (ax->yt.set) {
      lab = ax->yt.labels ? 0 : 4;
      for (size_t i = 0; ax->yt.labels && i < ax->yt.n; i++)
        if (plot__text_chars(ax->yt.labels[i], 0) > lab) lab = plot__text_chars(ax->yt.labels[i], 0);
    }
    int has_ylab = ax->ylabel && ax->ylabel[0], has_xlab = ax->xlabel && ax->xlabel[0];
    int has_title = (ax->title && ax->title[0]) || (first && f->suptitle && f->suptitle[0]);
    if (ax->axis_off) lab = 0, has_ylab = has_xlab = 0;
    bx.x0 += ((double)(lab + 1) + 0.3) * cw;
    bx.x1 -= 3 * cw;
    bx.y0 += ((double)((ax->axis_off ? 0 : 1) + (has_xlab ? 1 : 0)) + 0.3) * chh;
    bx.y1 -= (double)(has_title || has_ylab ? 2 : 1) * chh;
    if (bx.x1 - bx.x0 < 10 * cw || bx.y1 - bx.y0 < 4 * chh) {
      plot__buf_printf(b, "unset key\nunset border\nunset tics\nplot 1/0 notitle\n");
      return;                                   /* no room for this axes */
    }
  }
  int equal = ax->aspect == 1;
  if (equal && !xauto && !yauto) {
    double dx = fabs(xlog ? log10(xhi / xlo) : xhi - xlo);
    double dy = fabs(ylog ? log10(yhi / ylo) : yhi - ylo);
    double wpt = (bx.x1 - bx.x0) * c->W, hpt = (bx.y1 - bx.y0) * c->H;
    if (dx > 0 && dy > 0) {
      double want = dy / dx;
      if (wpt * want <= hpt) {
        double nh = wpt * want / c->H, cy = (bx.y0 + bx.y1) / 2;
        bx.y0 = cy - nh / 2;
        bx.y1 = cy + nh / 2;
      } else {
        /* matplotlib anchors the axes at its centre, or at the right next to a colorbar */
        double nw = hpt / want / c->W, cx = (bx.x0 + bx.x1) / 2;
        if (colorbar) cx = bx.x1 - nw / 2;
        bx.x0 = cx - nw / 2;
        bx.x1 = cx + nw / 2;
      }
    }
  }
  plot__buf_printf(b, "set lmargin at screen %.6f\nset rmargin at screen %.6f\n"
                   "set bmargin at screen %.6f\nset tmargin at screen %.6f\n",
                   bx.x0, bx.x1, bx.y0, bx.y1);
  if (xlog) plot__buf_printf(b, "set logscale x 10\n");
  if (ylog) plot__buf_printf(b, "set logscale y 10\n");
  if (!xauto) plot__buf_printf(b, "set xrange [%.17g:%.17g]\n", xlo, xhi);
  if (!yauto) plot__buf_printf(b, "set yrange [%.17g:%.17g]\n", ylo, yhi);
  double wpt = (bx.x1 - bx.x0) * c->W, hpt = (bx.y1 - bx.y0) * c->H;
  if (ax->axis_off) {
    plot__buf_printf(b, "unset border\nunset xtics\nunset ytics\nunset grid\n");
  } else {
    plot__buf_printf(b, "set border 15 back lw %.3f lc rgb \"#000000\"\n", 0.8 * c->lwk);
    if (!xauto) {
      plot_tickset ts;
      plot__ticks(xlo, xhi, xlog, wpt, 0, c->fs, &ts);
      emit_ticks(c, "x", &ts, &ax->xt, xlo, xhi, xlog);
      if (ts.offset_text[0] && !ax->xt.set && !c->tg->text) {
        plot__buf_printf(b, "set label 11 ");
        plot__buf_str(b, ts.offset_text);
        plot__buf_printf(b, " at screen %.6f,%.6f right", bx.x1,
                         bx.y0 - (3.5 + 3.5 + 2.4 * c->fs) / c->H);
        font(c, c->fs);
        plot__buf_printf(b, "\n");
      }
    }
    if (!yauto) {
      plot_tickset ts;
      plot__ticks(ylo, yhi, ylog, hpt, 1, c->fs, &ts);
      emit_ticks(c, "y", &ts, &ax->yt, ylo, yhi, ylog);
      if (ts.offset_text[0] && !ax->yt.set && !c->tg->text) {
        plot__buf_printf(b, "set label 12 ");
        plot__buf_str(b, ts.offset_text);
        plot__buf_printf(b, " at screen %.6f,%.6f left", bx.x0, bx.y1 + (0.7 * c->fs) / c->H);
        font(c, c->fs);
        plot__buf_printf(b, "\n");
      }
    }
    if (ax->gridx || ax->gridy) {
      plot__buf_printf(b, "set grid %s %s back lt 1 lw %.3f lc rgb \"#b0b0b0\" dt solid\n",
                       ax->gridx ? "xtics" : "noxtics", ax->gridy ? "ytics" : "noytics",
                       0.8 * c->lwk);
    }
    if (c->tg->text) {
      /* text: the x label on its own row under the tick labels, the y label (which cannot
       * be turned) over the top left corner */
      double chh = 1.0 / (c->tg->height - 1);
      if (ax->xlabel && ax->xlabel[0]) {
        plot__buf_printf(b, "set label 14 ");
        user_text(b, ax->xlabel);
        plot__buf_printf(b, " at screen %.6f,%.6f center\n", (bx.x0 + bx.x1) / 2,
                         bx.y0 - 2 * chh);
      }
      if (ax->ylabel && ax->ylabel[0]) {
        plot__buf_printf(b, "set label 15 ");
        user_text(b, ax->ylabel);
        plot__buf_printf(b, " at screen %.6f,%.6f left\n", bx.x0, bx.y1 + 0.5 * chh);
      }
    } else {
      if (ax->xlabel && ax->xlabel[0]) {
        plot__buf_printf(b, "set xlabel ");
        user_text(b, ax->xlabel);
        plot__buf_printf(b, " offset 0,0.45");
        font(c, c->fs);
        plot__buf_printf(b, "\n");
      }
      if (ax->ylabel && ax->ylabel[0]) {
        plot__buf_printf(b, "set ylabel ");
        user_text(b, ax->ylabel);
        plot__buf_printf(b, " offset 0.3,0");
        font(c, c->fs);
        plot__buf_printf(b, "\n");
      }
    }
  }
  if (ax->title && ax->title[0]) {
    if (c->tg->text) {
      plot__buf_printf(b, "set title ");
      user_text(b, ax->title);
      font(c, c->fs * 1.2);
    } else {
      /* matplotlib: baseline 6 pt above the axes; a gnuplot label is centred vertically */
      plot__buf_printf(b, "set label 13 ");
      user_text(b, ax->title);
      plot__buf_printf(b, " at screen %.6f,%.6f center front", (bx.x0 + bx.x1) / 2,
                       bx.y1 + (6 + 0.36 * c->fs * 1.2) / c->H);
      font(c, c->fs * 1.2);
    }
    plot__buf_printf(b, "\n");
  }
  if (first && f->suptitle && f->suptitle[0]) {
    double sz = f->suptitle_size > 0 ? f->suptitle_size : c->fs * 1.2;
    plot__buf_printf(b, "set label 10 ");
    user_text(b, f->suptitle);
    plot__buf_printf(b, " at screen 0.5,%.6f center front", 0.98 - 0.6 * sz / c->H);
    font(c, sz);
    plot__buf_printf(b, "\n");
  }
  emit_legend(c, ax, bx, xlo, xhi, ylo, yhi);

  /* palette, colour range and colour box */
  if (mapped) {
    emit_palette(c, mapped->cmap);
    double lo = mapped->vmin, hi = mapped->vmax;
    if (!(hi > lo)) hi = lo + 1e-9 * fmax(1, fabs(lo));
    plot__buf_printf(b, "set cbrange [%.17g:%.17g]\n", lo, hi);
    if (colorbar && !c->tg->text) {
      plot__buf_printf(b, "set style line 101 lt 1 lw %.3f lc rgb \"#000000\"\n"
                       "set colorbox user origin screen %.6f,%.6f size screen %.6f,%.6f "
                       "front border 101\n",
                       0.8 * c->lwk, cb.x0, cb.y0, cb.x1 - cb.x0, cb.y1 - cb.y0);
      plot_tickset ts;
      plot__ticks(lo, hi, 0, (cb.y1 - cb.y0) * c->H, 1, c->fs, &ts);
      plot_ticks_fixed none = {0};
      emit_ticks(c, "cb", &ts, &none, lo, hi, 0);
      if (ax->cblabel && ax->cblabel[0]) {
        /* as matplotlib: turned, right of the widest tick label (gnuplot's own cblabel
         * does not know how wide they are) */
        double lab = 0;
        for (size_t i = 0; i < ts.n; i++) lab = fmax(lab, plot__text_em(ts.labels[i], 0));
        double x = cb.x1 + (3.5 + 3.5 + lab * c->fs + 4 + 0.6 * c->fs) / c->W;
        plot__buf_printf(b, "set label 16 ");
        user_text(b, ax->cblabel);
        plot__buf_printf(b, " at screen %.6f,%.6f center rotate by 90 front", x,
                         (cb.y0 + cb.y1) / 2);
        font(c, c->fs);
        plot__buf_printf(b, "\n");
      }
    } else {
      plot__buf_printf(b, "unset colorbox\n");
    }
  } else {
    plot__buf_printf(b, "unset colorbox\n");
  }
  double capsize = 0;
  for (size_t i = 0; i < ax->nseries; i++)
    if (ax->series[i]->kind == SK_ERRORBAR && ax->series[i]->capsize > capsize)
      capsize = ax->series[i]->capsize;
  if (capsize > 0 && !c->tg->text)
    plot__buf_printf(b, "set errorbars %.3f\n", capsize * c->k / 12.0);
  else
    plot__buf_printf(b, "set errorbars 0\n");

  axmap m = {bx, xlo, xhi, ylo, yhi, xlog, ylog, xauto || yauto, wpt, mapped};
  if (c->layers && !m.noauto_map) {
    /* the marker layers are placed on the x2/y2 axes, which count in layer pixels */
    plot__buf_printf(b, "set x2range [%.17g:%.17g]\nset y2range [%.17g:%.17g]\n"
                     "unset x2tics\nunset y2tics\n",
                     bx.x0 * c->LW, bx.x1 * c->LW, bx.y0 * c->LH, bx.y1 * c->LH);
  }
  /* the plot command: the series in matplotlib's drawing order (zorder: images, then patches
   * and collections, then lines; ties in the order added), then the legend's entries in the
   * order added, so that the legend is the same whatever was drawn how */
  size_t ns = ax->nseries;
  plot_series **order = malloc((ns ? ns : 1) * sizeof *order);
  if (!order) {
    c->job->oom = 1;
    return;
  }
  size_t no = 0;
  for (int z = 0; z <= 2; z++)
    for (size_t i = 0; i < ns; i++)
      if (zorder(ax->series[i]) == z) order[no++] = ax->series[i];
  plot__buf_printf(b, "plot ");
  int nclause = 0;
  for (size_t i = 0; i < no && !c->job->oom; i++) emit_series(c, &m, order[i], &nclause);
  free(order);
  for (size_t i = 0; i < ns && !c->job->oom; i++)
    if (ax->series[i]->label) key_clause(c, ax->series[i], &nclause);
  if (mapped && ax->colorbar && !c->tg->text) {
    /* the colour box is drawn when some plot uses the palette */
    if (nclause++) plot__buf_printf(b, ", \\\n  ");
    plot__buf_printf(b, "keyentry with points pt 7 ps 0 lc palette z notitle");
  }
  if (nclause == 0) plot__buf_printf(b, "1/0 notitle");
  plot__buf_printf(b, "\n");
}

/* the box of subplot (rows, cols, index) in figure fractions, as matplotlib's GridSpec with
 * the given subplot parameters (left, right, bottom, top, wspace and hspace in points) */
typedef struct grid_params { double left, right, bottom, top, wsp, hsp; int abs; } grid_params;

static box cell_box(int rows, int cols, int index, const grid_params *g, double W, double H) {
  int r = (index - 1) / cols, c = (index - 1) % cols;
  box bx;
  double tw = g->right - g->left, th = g->top - g->bottom;
  double cw, sw, chh, sh;
  if (g->abs) {              /* spacing given in points */
    sw = g->wsp / W; sh = g->hsp / H;
    cw = (tw - sw * (cols - 1)) / cols;
    chh = (th - sh * (rows - 1)) / rows;
  } else {                   /* matplotlib's wspace/hspace: fractions of the mean cell */
    cw = tw / (cols + g->wsp * (cols - 1)); sw = g->wsp * cw;
    chh = th / (rows + g->hsp * (rows - 1)); sh = g->hsp * chh;
  }
  bx.x0 = g->left + c * (cw + sw);
  bx.x1 = bx.x0 + cw;
  bx.y1 = g->top - r * (chh + sh);
  bx.y0 = bx.y1 - chh;
  return bx;
}

/* tight_layout: room for each axes' tick labels, axis labels and title (estimated from the
 * font size, DejaVu's digits are 0.64 em wide), then matplotlib's pad of 1.08 font sizes */
static grid_params tight_params(ctx *c, plot_figure *f) {
  grid_params g = {SP_LEFT, SP_RIGHT, SP_BOTTOM, SP_TOP, SP_WSPACE, SP_HSPACE, 0};
  if (f->naxes == 0) return g;
  int rows = f->axes[0]->rows, cols = f->axes[0]->cols;
  for (size_t i = 1; i < f->naxes; i++)
    if (f->axes[i]->rows != rows || f->axes[i]->cols != cols) return g;   /* mixed grids */
  double fs = c->fs, pad = 1.08 * fs;
  double left = 0, right = 0, top = 0, bottom = 0, wsp = 0, hsp = 0;
  double need_l[64] = {0}, need_r[64] = {0}, need_t[64] = {0}, need_b[64] = {0};
  for (size_t i = 0; i < f->naxes; i++) {
    plot_axes *ax = f->axes[i];
    int r = (ax->index - 1) / cols, col = (ax->index - 1) % cols;
    box bx = cell_box(rows, cols, ax->index, &g, c->W, c->H);
    double l = 0, rt = 0, t = 0, b = 0;
    if (!ax->axis_off) {
      double xlo, xhi, ylo, yhi;
      plot__axis_limits(ax, 0, &xlo, &xhi);
      plot__axis_limits(ax, 1, &ylo, &yhi);
      /* tick labels measured in DejaVu Sans (log labels are enhanced text: 10^{-1}) */
      plot_tickset ts;
      plot__ticks(ylo, yhi, ax->ylog, (bx.y1 - bx.y0) * c->H, 1, fs, &ts);
      double wmax = 0;
      for (size_t k = 0; k < ts.n; k++) wmax = fmax(wmax, plot__text_em(ts.labels[k], ax->ylog));
      if (ax->yt.set) {
        wmax = ax->yt.labels ? 0 : 3;
        for (size_t k = 0; ax->yt.labels && k < ax->yt.n; k++)
          wmax = fmax(wmax, label_em(ax->yt.labels[k], NULL));
      }
      l = 3.5 + 3.5 + wmax * fs + (ax->ylabel && ax->ylabel[0] ? 1.2 * fs + 4 : 0);
      b = 3.5 + 3.5 + 1.1 * fs + (ax->xlabel && ax->xlabel[0] ? 1.2 * fs + 4 : 0);
      /* the first and last x tick labels stick out by half their width */
      plot__ticks(xlo, xhi, ax->xlog, (bx.x1 - bx.x0) * c->W, 0, fs, &ts);
      double xfirst = 0, xlast = 0;
      if (ax->xt.set) {
        xlast = ax->xt.labels && ax->xt.n ? label_em(ax->xt.labels[ax->xt.n - 1], NULL) : 2;
        xfirst = ax->xt.labels && ax->xt.n ? label_em(ax->xt.labels[0], NULL) : 2;
      } else if (ts.n) {
        /* only what reaches past the axes' edge: a tick inside it takes its label along */
        double wpt = (bx.x1 - bx.x0) * c->W;
        size_t k0 = 0, k1 = ts.n - 1;
        double lo = fmin(xlo, xhi), hi = fmax(xlo, xhi);
        while (k0 < k1 && ts.locs[k0] < lo - 1e-9 * (hi - lo)) k0++;
        while (k1 > k0 && ts.locs[k1] > hi + 1e-9 * (hi - lo)) k1--;
        double f0 = ax->xlog ? log10(ts.locs[k0] / lo) / log10(hi / lo) : (ts.locs[k0] - lo) / (hi - lo);
        double f1 = ax->xlog ? log10(hi / ts.locs[k1]) / log10(hi / lo) : (hi - ts.locs[k1]) / (hi - lo);
        xfirst = fmax(0, plot__text_em(ts.labels[k0], ax->xlog) - 2 * f0 * wpt / fs);
        xlast = fmax(0, plot__text_em(ts.labels[k1], ax->xlog) - 2 * f1 * wpt / fs);
      }
      rt = 0.5 * xlast * fs;
      l = fmax(l, 0.5 * xfirst * fs);
      if (ax->colorbar) {
        /* the bar sits at 85% of the cell, 1/20 of its height wide, labels after it */
        double wpt = (bx.x1 - bx.x0) * c->W, hpt = (bx.y1 - bx.y0) * c->H;
        double lab = ax->cblabel && ax->cblabel[0] ? 1.2 * fs + 4 : 0;
        rt = fmax(rt, hpt / 20 + 7 + 2.2 * fs + lab - 0.15 * wpt);
      }
    }
    /* matplotlib counts the title's ink: 6 pt of pad and about 0.8 em of 1.2x text */
    if (ax->title && ax->title[0]) t = 6 + 0.8 * fs * 1.2;
    if (col < 64) { need_l[col] = fmax(need_l[col], l); need_r[col] = fmax(need_r[col], rt); }
    if (r < 64) { need_t[r] = fmax(need_t[r], t); need_b[r] = fmax(need_b[r], b); }
  }
  left = need_l[0];
  right = need_r[cols - 1 < 64 ? cols - 1 : 63];
  top = need_t[0];
  bottom = need_b[rows - 1 < 64 ? rows - 1 : 63];
  for (int k = 0; k + 1 < cols && k + 1 < 64; k++) wsp = fmax(wsp, need_r[k] + need_l[k + 1]);
  for (int k = 0; k + 1 < rows && k + 1 < 64; k++) hsp = fmax(hsp, need_b[k] + need_t[k + 1]);
  double sup = f->suptitle && f->suptitle[0] ? 0.02 * c->H + 1.4 * fs * 1.2 : 0;
  g.left = (pad + left) / c->W;
  g.right = 1 - (pad + right) / c->W;
  g.bottom = (pad + bottom) / c->H;
  g.top = 1 - (pad + top + sup) / c->H;
  g.wsp = wsp + pad;
  g.hsp = hsp + pad;
  g.abs = 1;
  if (g.right - g.left < 0.2 || g.top - g.bottom < 0.2) {   /* too small to be tight */
    grid_params d = {SP_LEFT, SP_RIGHT, SP_BOTTOM, SP_TOP, SP_WSPACE, SP_HSPACE, 0};
    return d;
  }
  return g;
}

int plot__build(plot_figure *f, const plot_target *tg, const char *dir, const char *output,
                plot_job *job, char *err, size_t errlen) {
  memset(job, 0, sizeof *job);
  ctx c = {0};
  c.f = f;
  c.tg = tg;
  c.job = job;
  c.dir = dir;
  c.W = f->w * 72;
  c.H = f->h * 72;
  c.k = tg->px_per_pt;
  c.fs = f->rc.fontsize > 0 ? f->rc.fontsize : 10;
  text_target = tg->text;
  plot_buf *b = &job->script;
  if (strcmp(tg->terminal, "pdfcairo") == 0) {
    c.lwk = 2; c.fsk = 1.5; c.psk = 1.0 / 6;
  } else if (strcmp(tg->terminal, "svg") == 0) {
    /* svg: point size 1 is a 10 px marker, filled without an outline */
    c.lwk = c.k; c.fsk = c.k; c.psk = c.k / 10; c.pt_noedge = 1;
  } else if (strcmp(tg->terminal, "pngcairo") == 0) {
    c.lwk = c.k; c.fsk = c.k * 0.75; c.psk = c.k / 6;
  } else {                                   /* libgd terminals and windows */
    c.lwk = c.k; c.fsk = c.k * 0.75; c.psk = c.k / 6;
  }
  /* Markers are drawn by Sable into image layers on raster terminals (gnuplot's cairo
   * points are slow: ~16 us each) and, for large series only, in PDF at 150 dpi. SVG keeps
   * gnuplot's vector points; text and window terminals draw their own. */
  if (!tg->text && !tg->window) {
    if (strcmp(tg->terminal, "pngcairo") == 0 || strcmp(tg->terminal, "png") == 0 ||
        strcmp(tg->terminal, "sixelgd") == 0) {
      c.layers = 1;
      c.kr = c.k;
      c.LW = tg->width;
      c.LH = tg->height;
    } else if (strcmp(tg->terminal, "pdfcairo") == 0) {
      c.layers = 2;
      c.kr = 150.0 / 72;
      c.LW = c.W * c.kr;
      c.LH = c.H * c.kr;
    }
  }
  /* the terminal */
  if (tg->text) {
    plot__buf_printf(b, "set terminal dumb size %d,%d %s\n", (int)tg->width, (int)tg->height,
                     tg->color == 2 ? "ansirgb" : tg->color == 1 ? "ansi256" : "mono");
  } else {
    plot__buf_printf(b, "set terminal %s size %.6g%s,%.6g%s enhanced", tg->terminal, tg->width,
                     tg->size_unit, tg->height, tg->size_unit);
    if (strcmp(tg->terminal, "sixelgd") == 0 || strcmp(tg->terminal, "png") == 0)
      plot__buf_printf(b, " truecolor");
    plot__buf_printf(b, " font \"DejaVu Sans,%.2f\"", fsz(&c, c.fs));
    if (strcmp(tg->terminal, "svg") != 0 && strcmp(tg->terminal, "sixelgd") != 0 &&
        strcmp(tg->terminal, "png") != 0)
      plot__buf_printf(b, " background rgb \"white\"");
    else if (strcmp(tg->terminal, "svg") == 0)
      plot__buf_printf(b, " background rgb \"white\"");
    if (strcmp(tg->terminal, "pngcairo") == 0 || strcmp(tg->terminal, "pdfcairo") == 0)
      plot__buf_printf(b, " linewidth 1 rounded%s", tg->tight ? " crop" : " nocrop");
    plot__buf_printf(b, "\n");
  }
  if (output) {
    plot__buf_printf(b, "set output ");
    plot__buf_str(b, output);
    plot__buf_printf(b, "\n");
  }
  plot__buf_printf(b, "set multiplot\n");
  grid_params gp = {SP_LEFT, SP_RIGHT, SP_BOTTOM, SP_TOP, SP_WSPACE, SP_HSPACE, 0};
  if (f->tight && !tg->text) gp = tight_params(&c, f);
  if (tg->text) {            /* cells share the page; each axes insets by characters */
    grid_params t = {0, 1, 0, 1, 0, 0, 1};
    gp = t;
  }
  for (size_t i = 0; i < f->naxes && !job->oom; i++) {
    plot_axes *ax = f->axes[i];
    box bx = cell_box(ax->rows, ax->cols, ax->index, &gp, c.W, c.H);
    emit_axes(&c, ax, bx, i == 0);
  }
  if (f->naxes == 0 && f->suptitle && f->suptitle[0] && !job->oom) {
    /* a figure with only a suptitle still shows it */
    plot__buf_printf(b, "reset\nunset border\nunset tics\nunset key\nset label 10 ");
    user_text(b, f->suptitle);
    plot__buf_printf(b, " at screen 0.5,0.95 center\nset xrange [0:1]\nset yrange [0:1]\n"
                     "plot 1/0 notitle\n");
  }
  plot__buf_printf(b, "unset multiplot\n");
  if (output) plot__buf_printf(b, "unset output\n");
  if (job->oom || b->oom) {
    snprintf(err, errlen, "out of memory while preparing the plot");
    plot__job_free(job);
    return -1;
  }
  return 0;
}
