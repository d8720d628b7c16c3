/* session.c - a plotting session: pyplot's figure registry and current figure, rc defaults,
 * and rendering a figure to PNG/SVG/PDF bytes, files or text through the gnuplot bridge. */
#include "plot_int.h"
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

struct plot_session {
  plot_bridge *bridge;
  plot_rc rc;
  plot_figure **figs;
  size_t nfigs, cap;
  plot_figure *cur;
  int tty_kind;          /* remembered plot_tty_detect answer, 0 until asked */
  char err[1024];
};

static int sfail(plot_session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int sfail(plot_session *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s->err, sizeof s->err, fmt, ap);
  va_end(ap);
  return -1;
}

plot_session *plot_session_new(void) {
  plot_session *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->bridge = plot__bridge_new();
  if (!s->bridge) {
    free(s);
    return NULL;
  }
  plot_rc_defaults(&s->rc);
  return s;
}

void plot_session_free(plot_session *s) {
  if (!s) return;
  plot_session_close_all(s);
  free(s->figs);
  plot__bridge_free(s->bridge);
  free(s);
}

const char *plot_session_error(const plot_session *s) { return s->err; }
plot_rc *plot_session_rc(plot_session *s) { return &s->rc; }
int plot_session_gnuplot_pid(const plot_session *s) { return (int)plot__bridge_pid(s->bridge); }

void plot_session_set_interrupt(plot_session *s, int (*fn)(void *), void *ud) {
  plot__bridge_set_interrupt(s->bridge, fn, ud);
}

/* ---- pyplot state --------------------------------------------------------------------- */
plot_figure *plot_session_figure(plot_session *s, int num, double w, double h, double dpi) {
  if (num < 0) {
    sfail(s, "figure number must be positive, not %d", num);
    return NULL;
  }
  if (num > 0)
    for (size_t i = 0; i < s->nfigs; i++)
      if (s->figs[i]->num == num) {
        s->cur = s->figs[i];
        if ((w > 0 || h > 0 || dpi > 0) && plot_figure_set_size(s->cur, w, h, dpi) < 0) {
          sfail(s, "%s", plot_figure_error(s->cur));
          return NULL;
        }
        return s->cur;
      }
  if (num == 0) {
    num = 1;
    for (size_t i = 0; i < s->nfigs; i++)
      if (s->figs[i]->num >= num) num = s->figs[i]->num + 1;
  }
  if (s->nfigs == s->cap) {
    size_t nc = s->cap ? s->cap * 2 : 4;
    plot_figure **nf = realloc(s->figs, nc * sizeof *nf);
    if (!nf) {
      sfail(s, "out of memory");
      return NULL;
    }
    s->figs = nf;
    s->cap = nc;
  }
  plot_figure *f = plot_figure_new(&s->rc, 0, 0, 0);
  if (!f) {
    sfail(s, "out of memory");
    return NULL;
  }
  if ((w > 0 || h > 0 || dpi > 0) && plot_figure_set_size(f, w, h, dpi) < 0) {
    sfail(s, "%s", plot_figure_error(f));
    plot_figure_unref(f);
    return NULL;
  }
  f->num = num;
  s->figs[s->nfigs++] = f;
  s->cur = f;
  return f;
}

plot_figure *plot_session_gcf(plot_session *s) {
  if (s->cur) return s->cur;
  return plot_session_figure(s, 0, 0, 0, 0);
}

void plot_session_close(plot_session *s, plot_figure *f) {
  if (!f) f = s->cur;
  if (!f) return;
  for (size_t i = 0; i < s->nfigs; i++)
    if (s->figs[i] == f) {
      memmove(s->figs + i, s->figs + i + 1, (s->nfigs - i - 1) * sizeof *s->figs);
      s->nfigs--;
      if (s->cur == f) s->cur = s->nfigs ? s->figs[s->nfigs - 1] : NULL;
      f->num = 0;
      plot_figure_unref(f);
      return;
    }
}

void plot_session_close_all(plot_session *s) {
  while (s->nfigs) plot_session_close(s, s->figs[s->nfigs - 1]);
  s->cur = NULL;
}

size_t plot_session_nfigures(const plot_session *s) { return s->nfigs; }
plot_figure *plot_session_figure_at(const plot_session *s, size_t i) {
  return i < s->nfigs ? s->figs[i] : NULL;
}

/* ---- rendering ------------------------------------------------------------------------ */
int plot_format_parse(const char *name) {
  if (!name) return -1;
  const char *dot = strrchr(name, '.');
  const char *ext = dot ? dot + 1 : name;
  if (strcasecmp(ext, "png") == 0) return PLOT_PNG;
  if (strcasecmp(ext, "svg") == 0) return PLOT_SVG;
  if (strcasecmp(ext, "pdf") == 0) return PLOT_PDF;
  return -1;
}

static int read_file(const char *path, unsigned char **out, size_t *len, char *err,
                     size_t errlen) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    snprintf(err, errlen, "gnuplot wrote no output (%s)", strerror(errno));
    return -1;
  }
  struct stat st;
  if (fstat(fd, &st) < 0 || st.st_size <= 0) {
    close(fd);
    snprintf(err, errlen, "gnuplot wrote an empty file");
    return -1;
  }
  size_t n = (size_t)st.st_size, got = 0;
  unsigned char *p = malloc(n + 1);
  if (!p) {
    close(fd);
    snprintf(err, errlen, "out of memory reading the rendered plot");
    return -1;
  }
  while (got < n) {
    ssize_t r = read(fd, p + got, n - got);
    if (r <= 0) break;
    got += (size_t)r;
  }
  close(fd);
  p[got] = 0;
  *out = p;
  *len = got;
  return 0;
}

/* Build and run a figure on a target; output read from the private directory. */
static int render_to(plot_session *s, plot_figure *f, plot_target *tg, const char *ext,
                     unsigned char **out, size_t *len) {
  char err[1024] = "";
  const char *dir = plot__bridge_dir(s->bridge, err, sizeof err);
  if (!dir) return sfail(s, "%s", err);
  char outpath[PATH_MAX + 32];
  snprintf(outpath, sizeof outpath, "%s/out.%s", dir, ext);
  unlink(outpath);
  plot_job job;
  if (plot__build(f, tg, dir, tg->window ? NULL : outpath, &job, err, sizeof err) < 0)
    return sfail(s, "%s", err);
  int rc = plot__bridge_run(s->bridge, &job, err, sizeof err);
  plot__job_free(&job);
  if (rc < 0) {
    unlink(outpath);
    return sfail(s, "%s", err);
  }
  if (tg->window) return 0;
  rc = read_file(outpath, out, len, err, sizeof err);
  unlink(outpath);
  if (rc < 0) return sfail(s, "%s", err);
  return 0;
}

/* make sure gnuplot runs, so that its list of terminals is known */
static int ensure_started(plot_session *s) {
  if (plot__bridge_has_terminal(s->bridge, "dumb") >= 0 && plot__bridge_pid(s->bridge) > 0)
    return 0;
  plot_job job = {0};
  char err[1024];
  int rc = plot__bridge_run(s->bridge, &job, err, sizeof err);
  plot__job_free(&job);
  return rc < 0 ? sfail(s, "%s", err) : 0;
}

int plot_render(plot_session *s, plot_figure *f, plot_format fmt, double dpi,
                unsigned char **out, size_t *len) {
  return plot_render_tight(s, f, fmt, dpi, 0, out, len);
}

int plot_render_tight(plot_session *s, plot_figure *f, plot_format fmt, double dpi, int tight,
                      unsigned char **out, size_t *len) {
  *out = NULL;
  *len = 0;
  if (!f) return sfail(s, "no figure to render");
  if (ensure_started(s) < 0) return -1;
  if (dpi <= 0) dpi = s->rc.savefig_dpi > 0 ? s->rc.savefig_dpi : f->dpi;
  if (!(dpi > 0) || f->w * dpi * f->h * dpi > 1e8 || f->w * dpi < 1 || f->h * dpi < 1)
    return sfail(s, "cannot render a %gx%g in figure at %g dpi", f->w, f->h, dpi);
  plot_target tg = {0};
  const char *ext;
  switch (fmt) {
  case PLOT_PNG:
    tg.terminal = plot__bridge_has_terminal(s->bridge, "pngcairo") == 1 ? "pngcairo" : "png";
    if (plot__bridge_has_terminal(s->bridge, tg.terminal) != 1)
      return sfail(s, "this gnuplot has no PNG terminal (pngcairo or png): install "
                   "gnuplot-nox");
    tg.px_per_pt = dpi / 72;
    tg.width = (double)(long)(f->w * dpi + 0.5);
    tg.height = (double)(long)(f->h * dpi + 0.5);
    tg.size_unit = "";
    ext = "png";
    break;
  case PLOT_SVG:
    if (plot__bridge_has_terminal(s->bridge, "svg") != 1)
      return sfail(s, "this gnuplot has no svg terminal");
    tg.terminal = "svg";
    /* SVG is sized in CSS pixels (96 per inch), as a browser shows matplotlib's pt units */
    tg.px_per_pt = 96.0 / 72;
    tg.width = f->w * 96;
    tg.height = f->h * 96;
    tg.size_unit = "";
    ext = "svg";
    break;
  case PLOT_PDF:
    if (plot__bridge_has_terminal(s->bridge, "pdfcairo") != 1)
      return sfail(s, "this gnuplot has no pdfcairo terminal: install gnuplot-nox");
    tg.terminal = "pdfcairo";
    tg.px_per_pt = 1;
    tg.width = f->w;
    tg.height = f->h;
    tg.size_unit = "in";
    ext = "pdf";
    break;
  default:
    return sfail(s, "unknown output format");
  }
  tg.tight = tight;
  return render_to(s, f, &tg, ext, out, len);
}

int plot_savefig(plot_session *s, plot_figure *f, const char *path, const char *format,
                 double dpi) {
  return plot_savefig_tight(s, f, path, format, dpi, 0);
}

int plot_savefig_tight(plot_session *s, plot_figure *f, const char *path, const char *format,
                       double dpi, int tight) {
  if (!path || !path[0]) return sfail(s, "savefig: no file name");
  int fmt = plot_format_parse(format ? format : path);
  if (fmt < 0) {
    const char *dot = strrchr(path, '.');
    if (format)
      return sfail(s, "Format '%s' is not supported (supported formats: pdf, png, svg)",
                   format);
    if (!dot || strchr(dot, '/'))
      fmt = PLOT_PNG;     /* matplotlib's savefig.format default */
    else
      return sfail(s, "Format '%s' is not supported (supported formats: pdf, png, svg)",
                   dot + 1);
  }
  unsigned char *data;
  size_t len;
  if (plot_render_tight(s, f, (plot_format)fmt, dpi, tight, &data, &len) < 0) return -1;
  FILE *fp = fopen(path, "wb");
  if (!fp) {
    int e = errno;
    free(data);
    return sfail(s, "[Errno %d] %s: '%s'", e, strerror(e), path);
  }
  size_t w = fwrite(data, 1, len, fp);
  int bad = w != len;
  if (fclose(fp) != 0) bad = 1;
  free(data);
  if (bad) return sfail(s, "savefig: could not write '%s': %s", path, strerror(errno));
  return 0;
}

int plot_render_text(plot_session *s, plot_figure *f, int cols, int rows, int color,
                     char **out) {
  *out = NULL;
  if (!f) return sfail(s, "no figure to render");
  if (cols < 20 || rows < 8 || cols > 2000 || rows > 1000)
    return sfail(s, "text plot size %dx%d is out of range", cols, rows);
  plot_target tg = {0};
  tg.terminal = "dumb";
  tg.text = 1;
  tg.color = color;
  tg.width = cols;
  tg.height = rows;
  tg.size_unit = "";
  /* a character cell is about 7 x 14 pt: enough for tick spacing decisions */
  tg.px_per_pt = 1;
  double w = f->w, h = f->h;
  f->w = cols * 7 / 72.0;
  f->h = rows * 14 / 72.0;
  unsigned char *data;
  size_t len;
  int rc = render_to(s, f, &tg, "txt", &data, &len);
  f->w = w;
  f->h = h;
  if (rc < 0) return -1;
  /* gnuplot starts a dumb page with a form feed */
  size_t off = 0;
  while (off < len && (data[off] == '\f' || data[off] == '\r')) off++;
  memmove(data, data + off, len - off + 1);
  *out = (char *)data;
  return 0;
}

int plot_gnuplot_command(plot_session *s, const char *commands, char **out) {
  if (out) *out = NULL;
  plot_job job = {0};
  plot__buf_put(&job.script, commands ? commands : "", commands ? strlen(commands) : 0);
  char err[1024];
  int rc = plot__bridge_run(s->bridge, &job, err, sizeof err);
  plot__job_free(&job);
  if (rc < 0) return sfail(s, "%s", err);
  if (out) {
    *out = plot__strdup(plot__bridge_output(s->bridge));
    if (!*out) return sfail(s, "out of memory");
  }
  return 0;
}

/* ---- terminal display ---------------------------------------------------------------- */

static const char *window_terminal(plot_session *s) {
  static const char *const wins[] = {"qt", "wxt", "x11"};
  for (int i = 0; i < 3; i++)
    if (plot__bridge_has_terminal(s->bridge, wins[i]) == 1) return wins[i];
  return NULL;
}

plot_tty_kind plot_tty_detect(plot_session *s, int fd) {
  const char *over = getenv("SABLE_PLOT_TERM");
  if (over && strcmp(over, "text") == 0) return PLOT_TTY_TEXT;
  if (over && strcmp(over, "sixel") == 0) return PLOT_TTY_SIXEL;
  if (over && strcmp(over, "window") == 0) return PLOT_TTY_WINDOW;
  if (s->tty_kind) return (plot_tty_kind)s->tty_kind;
  plot_tty_kind k = PLOT_TTY_TEXT;
  const char *disp = getenv("DISPLAY");
  const char *wl = getenv("WAYLAND_DISPLAY");
  if (((disp && disp[0]) || (wl && wl[0])) && ensure_started(s) == 0 && window_terminal(s))
    k = PLOT_TTY_WINDOW;
  else if (plot__tty_query(fd) == PLOT_TTY_SIXEL && ensure_started(s) == 0 &&
           plot__bridge_has_terminal(s->bridge, "sixelgd") == 1)
    k = PLOT_TTY_SIXEL;
  s->tty_kind = k;
  return k;
}

static int write_all(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      return -1;
    }
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

int plot_show_tty(plot_session *s, plot_figure *f, int fd) {
  if (!f) return sfail(s, "no figure to show");
  plot_tty_kind k = plot_tty_detect(s, fd);
  int cols = 80, rows = 24, xpx = 0, ypx = 0;
  plot__tty_size(fd, &cols, &rows, &xpx, &ypx);
  if (k == PLOT_TTY_WINDOW) {
    const char *wt = window_terminal(s);
    if (wt) {
      plot_target tg = {0};
      tg.terminal = wt;
      tg.window = 1;
      tg.px_per_pt = f->dpi / 72;
      tg.width = (double)(long)(f->w * f->dpi + 0.5);
      tg.height = (double)(long)(f->h * f->dpi + 0.5);
      tg.size_unit = "";
      /* one window per figure number, kept open by the long-lived gnuplot */
      char term[32];
      snprintf(term, sizeof term, "%s %d", wt, f->num > 0 ? f->num : 0);
      tg.terminal = term;
      return render_to(s, f, &tg, "win", NULL, NULL);
    }
    k = PLOT_TTY_TEXT;
  }
  if (k == PLOT_TTY_SIXEL) {
    plot_target tg = {0};
    tg.terminal = "sixelgd";
    double dpi = f->dpi;
    double wpx = f->w * dpi, hpx = f->h * dpi;
    /* fit the window's pixel width when it is known */
    if (xpx > 0 && wpx > xpx * 0.9) {
      double sc = xpx * 0.9 / wpx;
      dpi *= sc;
      wpx *= sc;
      hpx *= sc;
    }
    tg.px_per_pt = dpi / 72;
    tg.width = (double)(long)(wpx + 0.5);
    tg.height = (double)(long)(hpx + 0.5);
    tg.size_unit = "";
    unsigned char *data;
    size_t len;
    if (render_to(s, f, &tg, "six", &data, &len) < 0) return -1;
    int rc = write_all(fd, (const char *)data, len);
    free(data);
    if (rc == 0) rc = write_all(fd, "\n", 1);
    return rc < 0 ? sfail(s, "cannot write the plot to the terminal") : 0;
  }
  if (cols > 200) cols = 200;
  int h = rows - 2 > 12 ? rows - 2 : 12;
  if (h > cols / 2) h = cols / 2;
  const char *ct = getenv("COLORTERM");
  int color = ct && (strstr(ct, "truecolor") || strstr(ct, "24bit")) ? 2 : 1;
  const char *term = getenv("TERM");
  if (!term || strcmp(term, "dumb") == 0 || !isatty(fd)) color = 0;
  char *text;
  if (plot_render_text(s, f, cols < 20 ? 80 : cols, h < 8 ? 24 : h, color, &text) < 0)
    return -1;
  int rc = write_all(fd, text, strlen(text));
  free(text);
  return rc < 0 ? sfail(s, "cannot write the plot to the terminal") : 0;
}
