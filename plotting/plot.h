/* plot.h - Sable's plotting layer: a matplotlib-like figure model rendered by one long-lived
 * gnuplot process per session. Takes plain C data, returns bytes (PNG/SVG/PDF) or terminal text.
 *
 * ---------------------------------------------------------------------------------------
 * OBJECTS.
 *   plot_session  one per language session: the gnuplot bridge (started lazily on the first
 *                 render, restarted when it died), the pyplot state (open figures, numbered
 *                 like matplotlib's, and the current one) and rc defaults (plot_rc).
 *   plot_figure   size in inches, dpi, a suptitle and a list of axes. Reference counted:
 *                 plot_figure_ref/unref. The session holds one reference to each open figure.
 *   plot_axes     one subplot of a figure (rows, cols, index as in plt.subplot). An axes
 *                 pointer stays valid as long as its figure is alive (hold a figure ref).
 *   series        added to an axes by plot_line, plot_scatter, plot_bar, plot_hist,
 *                 plot_imshow, plot_fill_between, plot_errorbar. All data is copied.
 *
 * STYLE. A plot_style (plot_style_init first) carries colour, alpha, line style, marker,
 * line width and marker size (in points, as matplotlib), and the legend label. Unset fields
 * take matplotlib's defaults: the colour cycle C0..C9, 1.5pt lines, 6pt markers.
 * plot_style_fmt parses a format string ("r--o", "k.", "C2:"), plot_color_parse a colour
 * ("red", "C3", "tab:blue", "#1f77b4", "#abc", "0.5" grey, "r").
 *
 * RENDERING. plot_render turns a figure into PNG (size = figsize * dpi, default 6.4x4.8 in at
 * 100 dpi = 640x480), SVG or PDF bytes; plot_savefig picks the format from the extension;
 * plot_render_text draws with gnuplot's text terminal; plot_show_tty shows a figure where a
 * terminal user is (a gnuplot window when $DISPLAY is set and gnuplot has a window terminal,
 * sixel graphics when the terminal answers that it has them, text otherwise). Data travels in
 * binary (float64) through named pipes, never through gnuplot's command stream, so a
 * 1,000,000-point line costs one memcpy-speed transfer (and lines far denser than the pixels
 * are decimated per pixel column first). Markers are drawn by Sable into an RGBA image layer
 * that gnuplot composites (PNG and sixel always, PDF above 5,000 points): gnuplot's cairo
 * points cost ~16 us each. Series are drawn in matplotlib's zorder (images, then patches and
 * collections, then lines; ties in the order added); the legend lists them in the order
 * added, sized from DejaVu Sans's advance widths.
 *
 * ERRORS. Functions returning int return 0 on success and -1 on failure; the message is in
 * plot_figure_error (model calls: bad arguments) or plot_session_error (rendering: gnuplot
 * missing, gnuplot's own error text, a dead gnuplot, I/O). Messages are meant to be raised
 * as the text of a Python exception. No function aborts or exits.
 * --------------------------------------------------------------------------------------- */
#ifndef SABLE_PLOT_H
#define SABLE_PLOT_H

#include <stddef.h>
#include <stdint.h>

typedef struct plot_session plot_session;
typedef struct plot_figure plot_figure;
typedef struct plot_axes plot_axes;

/* ---- colours and styles --------------------------------------------------------------- */
typedef struct plot_color {
  double r, g, b, a;     /* 0..1 */
  int set;               /* 0: not given (use the default / the cycle) */
} plot_color;

enum plot_linestyle {
  PLOT_LS_DEFAULT = 0,   /* solid for plot(), none for scatter */
  PLOT_LS_SOLID, PLOT_LS_DASHED, PLOT_LS_DOTTED, PLOT_LS_DASHDOT, PLOT_LS_NONE
};

typedef struct plot_style {
  plot_color color;      /* .set == 0: next colour of the axes' cycle */
  double alpha;          /* 0..1; < 0: opaque (or the colour's own alpha) */
  int linestyle;         /* enum plot_linestyle */
  int marker;            /* 0 none, or one of o s ^ v < > x + . , * d D p h | _ */
  double linewidth;      /* points; <= 0: rc default (1.5) */
  double markersize;     /* points; <= 0: rc default (6) */
  const char *label;     /* legend entry; NULL, "" or "_..." means none (copied) */
  plot_color ecolor;     /* errorbar colour; unset: the series colour */
  double capsize;        /* errorbar cap length in points (0: none, matplotlib's default) */
  plot_color edgecolor;  /* bar edges; unset: none */
} plot_style;

void plot_style_init(plot_style *st);
/* Parse a matplotlib format string into st (colour, line style, marker). Returns 0, or -1
 * with a message in err ("Unrecognized character q in format string 'q-'"). */
int plot_style_fmt(plot_style *st, const char *fmt, char *err, size_t errlen);
/* Parse a colour specification. Returns 0, or -1 if it is not a colour. */
int plot_color_parse(const char *s, plot_color *out);
/* Parse a line style ("-", "--", ":", "-.", "solid", "dashed", "dotted", "dashdot", "None",
 * "", " "). Returns a plot_linestyle, or -1. */
int plot_linestyle_parse(const char *s);
/* 1 if name is a known colormap ("viridis", "gray", "hot", ..., any of them + "_r") */
int plot_cmap_exists(const char *name);
/* Colour of a colormap at t in [0,1] (clamped); 0 or -1 for an unknown map. */
int plot_cmap_color(const char *name, double t, plot_color *out);

/* ---- rc defaults --------------------------------------------------------------------- */
typedef struct plot_rc {
  double figsize[2];     /* inches, 6.4 x 4.8 */
  double dpi;            /* 100 */
  double savefig_dpi;    /* 0: use the figure's */
  double linewidth;      /* lines.linewidth, 1.5 pt */
  double markersize;     /* lines.markersize, 6 pt */
  double fontsize;       /* font.size, 10 pt */
  int grid;              /* axes.grid */
  char cmap[32];         /* image.cmap, "viridis" */
  char format[8];        /* figure.format for front ends: "png" or "svg" */
} plot_rc;
void plot_rc_defaults(plot_rc *rc);

/* ---- figures and axes ---------------------------------------------------------------- */
/* A new figure (refcount 1). w, h in inches and dpi <= 0 take rc's values (rc NULL: the
 * matplotlib defaults). */
plot_figure *plot_figure_new(const plot_rc *rc, double w, double h, double dpi);
plot_figure *plot_figure_ref(plot_figure *f);
void plot_figure_unref(plot_figure *f);
const char *plot_figure_error(const plot_figure *f);
int plot_figure_number(const plot_figure *f);      /* 0 for a figure not opened by a session */
void plot_figure_size(const plot_figure *f, double *w, double *h, double *dpi);
int plot_figure_set_size(plot_figure *f, double w, double h, double dpi);  /* <= 0 keeps */
/* Remove all axes and the suptitle (plt.clf). */
void plot_figure_clear(plot_figure *f);
int plot_figure_suptitle(plot_figure *f, const char *text, double fontsize);
/* tight_layout: margins and spacing sized to the tick labels, axis labels and titles (an
 * estimate from the font size, like matplotlib's tight_layout with pad=1.08). */
void plot_figure_tight_layout(plot_figure *f);
/* plt.subplot(rows, cols, index), index 1-based: the axes at that grid position (created if
 * missing, as matplotlib reuses an existing one). It becomes the current axes. */
plot_axes *plot_figure_subplot(plot_figure *f, int rows, int cols, int index);
/* plt.subplots(rows, cols): creates rows*cols axes (row major) after clearing the figure;
 * out must hold rows*cols pointers. Returns 0 or -1. */
int plot_figure_subplots(plot_figure *f, int rows, int cols, plot_axes **out);
/* current axes, created as subplot(1,1,1) when there is none; NULL only on out-of-memory */
plot_axes *plot_figure_gca(plot_figure *f);
void plot_figure_sca(plot_figure *f, plot_axes *ax);
size_t plot_figure_naxes(const plot_figure *f);
plot_axes *plot_figure_axes(const plot_figure *f, size_t i);
plot_figure *plot_axes_figure(const plot_axes *ax);

/* ---- series (all data copied; n may be 0) ---------------------------------------------- */
/* plot(x, y): x may be NULL (0, 1, 2, ...). */
int plot_line(plot_axes *ax, const double *x, const double *y, size_t n, const plot_style *st);
/* scatter(x, y, s=, c=): sizes (pt^2 per point) or NULL for size (pt^2, <= 0: 36); cvals
 * (numbers mapped through cmap between vmin and vmax, NaN: data range) or NULL; rgba (n x 4
 * colours in 0..1, one per point) or NULL. The style's colour is the face colour (alpha 0:
 * hollow markers), its edgecolor the edge (unset: the face's), its linewidth the edge width
 * (<= 0: as matplotlib, 1 pt for filled markers, rc lines.linewidth for + x | _). */
typedef struct plot_scatter_opts {
  const double *sizes;
  double size;
  const double *cvals;
  const char *cmap;      /* NULL: rc image.cmap */
  double vmin, vmax;
  const double *rgba;
} plot_scatter_opts;
int plot_scatter(plot_axes *ax, const double *x, const double *y, size_t n,
                 const plot_scatter_opts *o, const plot_style *st);
/* bar(x, height, width, bottom): widths and bottoms may be NULL (then width, 0).
 * horizontal: barh (x are y positions, heights are widths). */
int plot_bar(plot_axes *ax, const double *x, const double *height, size_t n,
             const double *widths, double width, const double *bottom, int horizontal,
             const plot_style *st);
/* hist(data, bins, range, density, weights). edges != NULL gives explicit bin edges
 * (nedges = bins+1, increasing); otherwise bins equal bins over range (has_range) or the
 * data's min..max. NaNs are ignored when a range is given (an error otherwise, like NumPy).
 * counts_out (bins) and edges_out (bins+1) receive the result when not NULL. */
typedef struct plot_hist_opts {
  int bins;                  /* default 10 */
  const double *edges;
  size_t nedges;
  int has_range;
  double range[2];
  int density;
  const double *weights;
  int cumulative;
  int step;                  /* histtype='step': outline only */
} plot_hist_opts;
int plot_hist(plot_axes *ax, const double *data, size_t n, const plot_hist_opts *o,
              const plot_style *st, double *counts_out, double *edges_out);
/* Number of bins plot_hist will make (for sizing counts_out). */
int plot_hist_nbins(const plot_hist_opts *o);
/* imshow. data is h x w x channels (1: mapped through cmap; 3: RGB; 4: RGBA), row major,
 * row 0 at the top (origin "upper") unless origin_lower. dtype PLOT_U8 (0..255) or
 * PLOT_F32/PLOT_F64 (RGB(A) floats in 0..1). */
enum plot_dtype { PLOT_U8 = 1, PLOT_F32, PLOT_F64 };
typedef struct plot_image_opts {
  const char *cmap;          /* NULL: rc image.cmap */
  double vmin, vmax;         /* NaN: the data's min / max */
  int origin_lower;
  int has_extent;
  double extent[4];          /* left, right, bottom, top */
  int aspect_auto;           /* 0: 'equal' (square pixels), as matplotlib's default */
  double alpha;              /* < 0: opaque */
} plot_image_opts;
void plot_image_opts_init(plot_image_opts *o);
int plot_imshow(plot_axes *ax, const void *data, int dtype, int h, int w, int channels,
                const plot_image_opts *o);
/* fill_between(x, y1, y2): y2 NULL means 0. Colour with alpha from st. */
int plot_fill_between(plot_axes *ax, const double *x, const double *y1, const double *y2,
                      size_t n, const plot_style *st);
/* errorbar(x, y, yerr, xerr): each error is given as lower and upper deltas (pass the same
 * array twice for symmetric errors); NULL for none. A line through the points is drawn per
 * st (linestyle NONE for bars and markers only). */
int plot_errorbar(plot_axes *ax, const double *x, const double *y, size_t n,
                  const double *yerr_lo, const double *yerr_hi,
                  const double *xerr_lo, const double *xerr_hi, const plot_style *st);

/* ---- axes properties ----------------------------------------------------------------- */
int plot_axes_title(plot_axes *ax, const char *text);
int plot_axes_xlabel(plot_axes *ax, const char *text);
int plot_axes_ylabel(plot_axes *ax, const char *text);
/* limits; NaN leaves that end automatic; lo > hi inverts the axis. Infinite limits and
 * non-positive limits on a log axis are errors. */
int plot_axes_xlim(plot_axes *ax, double lo, double hi);
int plot_axes_ylim(plot_axes *ax, double lo, double hi);
/* The limits the axes will be drawn with (autoscaled like matplotlib when not set). */
void plot_axes_get_xlim(plot_axes *ax, double *lo, double *hi);
void plot_axes_get_ylim(plot_axes *ax, double *lo, double *hi);
/* "linear" or "log"; -1 for anything else */
int plot_axes_xscale(plot_axes *ax, const char *scale);
int plot_axes_yscale(plot_axes *ax, const char *scale);
/* grid on/off; axis "both", "x" or "y" (NULL: both) */
int plot_axes_grid(plot_axes *ax, int on, const char *axis);
/* legend: on/off and loc ("best", "upper right", ..., "center"; NULL: best) */
int plot_axes_legend(plot_axes *ax, int on, const char *loc);
/* Fixed ticks (plt.xticks(locs, labels)); labels may be NULL (numbers are formatted). */
int plot_axes_xticks(plot_axes *ax, const double *locs, const char *const *labels, size_t n);
int plot_axes_yticks(plot_axes *ax, const double *locs, const char *const *labels, size_t n);
/* colorbar for the last image or coloured scatter of the axes (-1 if there is none) */
int plot_axes_colorbar(plot_axes *ax, const char *label);
/* plt.axis("off") / ("on"); aspect "equal" or "auto" */
int plot_axes_axis(plot_axes *ax, int on);
int plot_axes_aspect(plot_axes *ax, const char *aspect);
/* remove all series and labels (plt.cla) */
void plot_axes_clear(plot_axes *ax);
size_t plot_axes_nseries(const plot_axes *ax);
/* set the legend label of the i-th series (plt.legend(["a", "b"])); "" or "_..." removes it */
int plot_axes_series_label(plot_axes *ax, size_t i, const char *label);

/* ---- sessions and rendering ---------------------------------------------------------- */
plot_session *plot_session_new(void);
void plot_session_free(plot_session *s);   /* ends gnuplot, closes every figure */
const char *plot_session_error(const plot_session *s);
plot_rc *plot_session_rc(plot_session *s);  /* mutable defaults for new figures */
/* fn(ud) is polled while gnuplot works; returning nonzero abandons the plot (Ctrl-C) */
void plot_session_set_interrupt(plot_session *s, int (*fn)(void *), void *ud);
/* gnuplot's pid (0 when not running) - for tests and diagnostics */
int plot_session_gnuplot_pid(const plot_session *s);

/* pyplot state. plt.figure(num): num > 0 selects or creates that figure, num == 0 creates
 * a new one with the next free number. Returns a borrowed pointer (the session's reference);
 * NULL with plot_session_error on failure. w, h, dpi <= 0: rc defaults. */
plot_figure *plot_session_figure(plot_session *s, int num, double w, double h, double dpi);
/* the current figure, created when none is open */
plot_figure *plot_session_gcf(plot_session *s);
/* close one figure (NULL: the current one) / all of them */
void plot_session_close(plot_session *s, plot_figure *f);
void plot_session_close_all(plot_session *s);
size_t plot_session_nfigures(const plot_session *s);
plot_figure *plot_session_figure_at(const plot_session *s, size_t i);   /* borrowed */

typedef enum plot_format { PLOT_PNG = 1, PLOT_SVG, PLOT_PDF } plot_format;
/* "png", "svg", "pdf" (case-insensitive) or a file name ending in one; -1 otherwise */
int plot_format_parse(const char *name_or_path);
/* Render to malloc'd bytes (*out, *len; the caller frees). dpi <= 0: the figure's. */
int plot_render(plot_session *s, plot_figure *f, plot_format fmt, double dpi,
                unsigned char **out, size_t *len);
/* tight: crop PNG and PDF to the drawn content, as bbox_inches="tight" (without its 0.1 in
 * padding); SVG is not cropped */
int plot_render_tight(plot_session *s, plot_figure *f, plot_format fmt, double dpi, int tight,
                      unsigned char **out, size_t *len);
/* savefig: format NULL picks it from the path's extension (.png .svg .pdf). */
int plot_savefig(plot_session *s, plot_figure *f, const char *path, const char *format,
                 double dpi);
int plot_savefig_tight(plot_session *s, plot_figure *f, const char *path, const char *format,
                       double dpi, int tight);
/* Text rendering with gnuplot's dumb terminal, cols x rows characters; color: 0 plain,
 * 1 ANSI 256 colours, 2 24-bit colour. Returns malloc'd NUL-terminated text. */
int plot_render_text(plot_session *s, plot_figure *f, int cols, int rows, int color,
                     char **out);

/* Where the REPL shows a figure. */
typedef enum plot_tty_kind { PLOT_TTY_WINDOW = 1, PLOT_TTY_SIXEL, PLOT_TTY_TEXT } plot_tty_kind;
/* Decide for the terminal on fd (queries it for sixel support when it is a tty; the answer
 * is remembered by the session). $SABLE_PLOT_TERM=window|sixel|text overrides. */
plot_tty_kind plot_tty_detect(plot_session *s, int fd);
/* Show f for a terminal user: opens/updates a gnuplot window, or writes sixel or text to fd
 * (sized to the window, TIOCGWINSZ). */
int plot_show_tty(plot_session *s, plot_figure *f, int fd);

/* Send raw gnuplot commands (for diagnostics and power users); *out (may be NULL) receives
 * what gnuplot printed, malloc'd. gnuplot errors return -1 with the message. */
int plot_gnuplot_command(plot_session *s, const char *commands, char **out);

#endif
