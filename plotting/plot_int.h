/* plot_int.h - internals shared by the plotting files: the figure model's structs, the
 * colour tables, tick computation and the gnuplot bridge. Not for use outside plotting/. */
#ifndef SABLE_PLOT_INT_H
#define SABLE_PLOT_INT_H

#include "plot.h"
#include <stdarg.h>
#include <sys/types.h>

enum series_kind { SK_LINE = 1, SK_SCATTER, SK_BARS, SK_IMAGE, SK_FILL, SK_ERRORBAR, SK_STEP };

typedef struct plot_series {
  int kind;
  size_t n;
  double *x, *y;             /* LINE, SCATTER, ERRORBAR (centres), FILL (x, y1), STEP */
  double *y2;                /* FILL: lower curve */
  double *x0, *x1, *y0, *y1; /* BARS: rectangles; ERRORBAR: bounds (NULL if absent) */
  double *s, *c;             /* SCATTER: sizes (pt^2), colour values */
  double *rgba;              /* SCATTER: n x 4 colours, or NULL */
  double alpha;              /* the alpha given (-1: none) */
  /* IMAGE */
  int iw, ih, ich;
  float *pix;                /* ih*iw*ich, row 0 at the top */
  int origin_lower;
  double extent[4];          /* left, right, bottom, top in data coordinates */
  /* colour mapping (IMAGE with ich == 1, SCATTER with c) */
  char cmap[40];
  double vmin, vmax;
  /* resolved style */
  plot_color color, ecolor, edgecolor;
  int ls, marker;
  double lw, ms, capsize;
  char *label;
} plot_series;

typedef struct plot_ticks_fixed {
  int set;
  size_t n;
  double *locs;
  char **labels;             /* NULL or n strings */
} plot_ticks_fixed;

struct plot_axes {
  plot_figure *fig;
  int rows, cols, index;     /* 1-based index, row major */
  plot_series **series;
  size_t nseries, cap;
  char *title, *xlabel, *ylabel;
  double xlim[2], ylim[2];   /* NaN: automatic */
  int xlog, ylog;
  int gridx, gridy;
  int legend;
  int legend_loc;            /* 0 best, 1..10 as matplotlib's codes */
  int cycle, pcycle;          /* next colour of the lines' and the patches' cycle */
  plot_ticks_fixed xt, yt;
  int colorbar;
  char *cblabel;
  int aspect;                /* 0 auto, 1 equal, -1 unset (equal if it has an image) */
  int axis_off;
};

struct plot_figure {
  int refs;
  int num;
  double w, h, dpi;
  plot_rc rc;
  plot_axes **axes;
  size_t naxes, cap;
  plot_axes *cur;
  char *suptitle;
  double suptitle_size;
  int tight;
  char err[512];
};

/* errors */
int plot__fail(plot_figure *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *plot__strdup(const char *s);

/* colours (colors.c) */
typedef struct plot_cmap_def { const char *name; int n; const char *hex; } plot_cmap_def;
typedef struct plot_named_color { const char *name; uint32_t rgb; } plot_named_color;
extern const plot_cmap_def plot_cmap_table[];
extern const plot_named_color plot_named_colors[];
extern const uint32_t plot_cycle[10];
/* n (<= 256) evenly spaced samples of a colormap as 0xRRGGBB; returns n or -1 */
int plot__cmap_samples(const char *name, uint32_t *out, int n);
plot_color plot__rgb(uint32_t rgb);

/* ticks and limits (ticks.c) */
typedef struct plot_tickset {
  size_t n;
  double locs[64];
  char labels[64][48];
  size_t nminor;
  double minor[128];
  char offset_text[128];      /* "1e6", "+1.234e3" or "" */
} plot_tickset;
/* the view limits of an axis, like matplotlib's autoscale with 5% margins */
void plot__axis_limits(plot_axes *ax, int yaxis, double *lo, double *hi);
/* ticks for the view [lo, hi] of an axis length_pt long, fontsize in points */
void plot__ticks(double lo, double hi, int logscale, double length_pt, int yaxis,
                 double fontsize, plot_tickset *t);
/* one number as matplotlib's ScalarFormatter would print it among these ticks */
void plot__format_number(double v, char *buf, size_t len);

/* label widths in DejaVu Sans (textwidth.c): ems, and characters as gnuplot counts them;
 * enhanced: s is gnuplot enhanced text (markup not counted) */
double plot__text_em(const char *s, int enhanced);
size_t plot__text_chars(const char *s, int enhanced);

/* growable byte buffer */
typedef struct plot_buf { char *p; size_t len, cap; int oom; } plot_buf;
void plot__buf_put(plot_buf *b, const void *p, size_t n);
void plot__buf_printf(plot_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void plot__buf_str(plot_buf *b, const char *s);        /* a gnuplot "..." string literal */
void plot__buf_free(plot_buf *b);

/* a rendered job: the script and its binary data blocks, each fed through its own fifo */
typedef struct plot_block { void *data; size_t len; } plot_block;
typedef struct plot_job {
  plot_buf script;
  plot_block *blocks;
  size_t nblocks, cap;
  int oom;
} plot_job;
/* Build the gnuplot commands for a figure; fifo names use %s (the session's directory) via
 * the placeholder the bridge substitutes. term: the "set terminal" line. */
typedef struct plot_target {
  const char *terminal;      /* "pngcairo", "png", "svg", "pdfcairo", "dumb", "sixelgd", "qt"... */
  double px_per_pt;          /* device pixels per point */
  double width, height;      /* in the terminal's size units */
  const char *size_unit;     /* "" (pixels/characters) or "in" */
  int text;                  /* dumb terminal: no fonts or widths */
  int color;                 /* dumb: 0, 1 ansi256, 2 ansirgb */
  int window;                /* a window terminal: no output file */
  int tight;                 /* cairo terminals: crop to the drawn content (bbox_inches="tight") */
} plot_target;
int plot__build(plot_figure *f, const plot_target *tg, const char *dir, const char *output,
                plot_job *job, char *err, size_t errlen);
void plot__job_free(plot_job *job);

/* markers drawn into an RGBA layer (markers.c). Coordinates are layer pixels with y up; the
 * layer covers the integer pixels around the clip box [x0,x1]x[y0,y1]. */
#define PLOT_LAYER_MAX_PIXELS 16e6
typedef struct plot_layer {
  int ix0, iy0, w, h;        /* first pixel and size */
  double clip[4];
  float *px;                 /* premultiplied RGBA, row 0 at the bottom */
  float *colw, *rowh;        /* the inside fraction of each column / row */
  float *stamp;              /* the current marker's coverage (face, total) */
  int *span;                 /* per stamp row: the covered columns [a, z) */
  int st_r, st_marker;
  double st_off, st_size, st_ew;
} plot_layer;
int plot__layer_init(plot_layer *L, double x0, double y0, double x1, double y1);
void plot__layer_free(plot_layer *L);
/* a marker of matplotlib's size `size` (layer pixels), edge width ew, face and edge colours
 * (alpha in .a); line markers (+ x | _ 1-4) use only the edge colour. 0, or -1 (memory) */
int plot__layer_marker(plot_layer *L, int marker, double cx, double cy, double size, double ew,
                       plot_color face, plot_color edge);
int plot__marker_filled(int marker);
/* straight-alpha RGBA bytes, rows from the bottom (malloc'd) */
unsigned char *plot__layer_rgba8(const plot_layer *L);

/* the gnuplot bridge (gnuplot.c) */
typedef struct plot_bridge plot_bridge;
plot_bridge *plot__bridge_new(void);
void plot__bridge_free(plot_bridge *b);
/* gnuplot.c: a poll the bridge calls while waiting for gnuplot (returns nonzero to stop) */
void plot__bridge_set_interrupt(plot_bridge *b, int (*fn)(void *), void *ud);
/* tty.c: what the terminal on fd can show, and its size in cells and pixels */
plot_tty_kind plot__tty_query(int fd);
int plot__tty_size(int fd, int *cols, int *rows, int *xpx, int *ypx);
/* Run a job (script + blocks). Starts gnuplot if needed. On failure returns -1 with err
 * filled. out (may be NULL) receives what gnuplot printed to stdout/stderr besides errors. */
int plot__bridge_run(plot_bridge *b, plot_job *job, char *err, size_t errlen);
const char *plot__bridge_dir(plot_bridge *b, char *err, size_t errlen);  /* private temp dir */
int plot__bridge_has_terminal(plot_bridge *b, const char *name);
pid_t plot__bridge_pid(const plot_bridge *b);
char *plot__bridge_output(plot_bridge *b);   /* text printed by the last job (owned by b) */

#endif
