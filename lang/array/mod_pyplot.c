/* mod_pyplot.c - `matplotlib` (rcParams) and `matplotlib.pyplot`: Figure and Axes objects
 * over plotting/plot.h, one plotting session (one gnuplot) per language session. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "core/core.h"
#include "core/modtable.h"
#include "arrobj.h"
#include "arr.h"
#include "plot.h"

/* ---- the per-session state: owns the plot_session -------------------------------------- */
typedef struct PState {
  Obj ob;
  plot_session *s;
  Value rc;             /* the rcParams dict (shared with the matplotlib module) */
} PState;

static void pstate_dealloc(Obj *o) {
  PState *p = (PState *)o;
  plot_session_free(p->s);
  val_decref(p->rc);
  obj_free(o);
}
static Value plt_cell_end(void *data, int argc, const Value *argv, Obj *kw);
static Value pstate_call(Value self, int argc, const Value *argv, Obj *kw) {
  return plt_cell_end(VAL_OBJ(self), argc, argv, kw);
}
static TypeObj pstate_type = {OBJ_TYPE_HEAD, .name = "PyplotState", .dealloc = pstate_dealloc,
                              .call = pstate_call};

typedef struct FigObj { Obj ob; PState *st; plot_figure *f; } FigObj;
typedef struct AxObj { Obj ob; PState *st; plot_figure *f; plot_axes *ax; } AxObj;
typedef struct GridObj { Obj ob; int ndim; int64_t shape[2]; Value items; } GridObj;
typedef struct ArtistObj { Obj ob; const char *kind; } ArtistObj;

static TypeObj fig_type, ax_type, grid_type, artist_type;

static void fig_dealloc(Obj *o) {
  FigObj *f = (FigObj *)o;
  plot_figure_unref(f->f);
  obj_decref(&f->st->ob);
  obj_free(o);
}
static void ax_dealloc(Obj *o) {
  AxObj *a = (AxObj *)o;
  plot_figure_unref(a->f);
  obj_decref(&a->st->ob);
  obj_free(o);
}

static Value fig_wrap(PState *st, plot_figure *f) {
  FigObj *o = obj_alloc(&fig_type, sizeof(FigObj));
  if (!o) return val_null();
  o->st = st;
  obj_incref(&st->ob);
  o->f = plot_figure_ref(f);
  return val_obj(&o->ob);
}
static Value ax_wrap(PState *st, plot_axes *ax) {
  AxObj *o = obj_alloc(&ax_type, sizeof(AxObj));
  if (!o) return val_null();
  o->st = st;
  obj_incref(&st->ob);
  o->f = plot_figure_ref(plot_axes_figure(ax));
  o->ax = ax;
  return val_obj(&o->ob);
}
static Value artist_new(const char *kind) {
  ArtistObj *o = obj_alloc(&artist_type, sizeof(ArtistObj));
  if (!o) return val_null();
  o->kind = kind;
  return val_obj(&o->ob);
}

/* ---- errors -------------------------------------------------------------------------- */
static Value fig_err(plot_figure *f) {
  return obj_raise(&exc_ValueError, "%s", plot_figure_error(f));
}
static Value sess_err(PState *st) {
  /* Ctrl-C stopped gnuplot: the user's KeyboardInterrupt, not a plotting error */
  if (obj_interrupted && obj_check_signals() < 0) return val_null();
  const char *m = plot_session_error(st->s);
  if (strstr(m, "No such file") || strstr(m, "Permission denied") || strstr(m, "[Errno"))
    return obj_raise(&exc_OSError, "%s", m);
  return obj_raise(&exc_RuntimeError, "%s", m);
}

/* ---- keyword arguments ------------------------------------------------------------- */
typedef struct Args {
  const char *fname;
  int argc;
  const Value *argv;
  Obj *kw;
  uint64_t used;        /* bit i: keyword i consumed */
  int scatter;          /* c= is scatter's own argument, not a colour alias */
} Args;

static Value kwget(Args *a, const char *name) {
  int n = func_kwcount(a->kw);
  for (int i = 0; i < n && i < 64; i++)
    if (strcmp(func_kwname(a->kw, i), name) == 0) {
      a->used |= (uint64_t)1 << i;
      return a->argv[a->argc + i];
    }
  return val_null();
}
static int present(Value v) { return !VAL_IS_NULL(v) && !VAL_IS_NONE(v); }

/* keywords matplotlib users pass that have no effect here */
static const char *const IGNORED[] = {"zorder", "interpolation", "bbox_inches", "pad_inches",
                                      "transparent", "antialiased", "rasterized", "clip_on",
                                      "facecolor_", "which", "block", "frameon", "fancybox",
                                      "shadow", "framealpha", "ncol", "ncols", "fontsize",
                                      "rwidth", "align", "tick_label_", "density_", "fmt_",
                                      "h_pad", "w_pad", "rect", "layout", "sharex", "sharey",
                                      "squeeze", "resample", "filternorm", "markevery", NULL};

static int kwcheck(Args *a) {
  int n = func_kwcount(a->kw);
  for (int i = 0; i < n; i++) {
    if (i < 64 && (a->used & ((uint64_t)1 << i))) continue;
    const char *k = func_kwname(a->kw, i);
    int ok = 0;
    for (int j = 0; IGNORED[j]; j++) ok |= strcmp(IGNORED[j], k) == 0;
    if (!ok) {
      obj_raise(&exc_TypeError, "%s() got an unexpected keyword argument '%s'", a->fname, k);
      return -1;
    }
  }
  return 0;
}

static int as_double(Value v, double *out, const char *what) {
  if (op_as_float(v, out) < 0) {
    obj_err_clear();
    obj_raise(&exc_TypeError, "%s must be a number, not %s", what, op_type_name(v));
    return -1;
  }
  return 0;
}

static const char *as_cstr(Value v, const char *what) {
  if (!VAL_IS_STR(v)) {
    obj_raise(&exc_TypeError, "%s must be a str, not %s", what, op_type_name(v));
    return NULL;
  }
  return str_cstr(v);
}

/* ---- data conversion: lists, tuples, arrays, scalars to doubles ------------------------- */
typedef struct Data {
  double *v;
  size_t n;
  int ndim;
  int64_t shape[3];
  int is_u8, is_int;
} Data;

static void data_free(Data *d) { free(d->v); memset(d, 0, sizeof *d); }

static int from_array(Array *a, Data *d, const char *what) {
  if (a->buf && a->buf->device != 0) {
    obj_raise(&exc_TypeError, "%s: the array is on the GPU; copy it to the host first "
              "(jax.device_get)", what);
    return -1;
  }
  if (a->ndim > 3) {
    obj_raise(&exc_ValueError, "%s: %d-dimensional arrays cannot be plotted", what, a->ndim);
    return -1;
  }
  d->ndim = a->ndim;
  for (int i = 0; i < a->ndim; i++) d->shape[i] = a->shape[i];
  d->n = (size_t)a->size;
  d->is_u8 = a->dtype == DT_UINT8;
  d->is_int = dt_is_int(a->dtype) || a->dtype == DT_BOOL;
  d->v = malloc((d->n ? d->n : 1) * sizeof(double));
  if (!d->v) {
    obj_raise_nomem();
    return -1;
  }
  for (int64_t i = 0; i < a->size; i++) d->v[i] = arr_get_f(a, i);
  return 0;
}

/* a number, a (nested) list/tuple, an array, or any iterable of numbers */
static int to_data(Value v, Data *d, const char *what) {
  memset(d, 0, sizeof *d);
  Array *a = lx_arr(v);
  if (a) return from_array(a, d, what);
  if (VAL_IS_INT(v) || VAL_IS_FLOAT(v) || VAL_IS_BOOL(v)) {
    d->v = malloc(sizeof(double));
    if (!d->v) { obj_raise_nomem(); return -1; }
    op_as_float(v, d->v);
    d->n = 1;
    d->ndim = 0;
    d->is_int = !VAL_IS_FLOAT(v);
    return 0;
  }
  if (VAL_IS_STR(v) || VAL_IS_NONE(v) || VAL_IS_DICT(v)) {
    obj_raise(&exc_TypeError, "%s must be numbers (a list or an array), not %s", what,
              op_type_name(v));
    return -1;
  }
  Value list = (VAL_IS_LIST(v) || VAL_IS_TUPLE(v)) ? val_incref(v) : list_from_iterable(v);
  if (VAL_IS_NULL(list)) return -1;
  int64_t n = VAL_IS_LIST(list) ? LIST(list.u.o)->len : TUPLE(list.u.o)->len;
  Value *items = VAL_IS_LIST(list) ? LIST(list.u.o)->items : TUPLE(list.u.o)->items;
  d->ndim = 1;
  d->shape[0] = n;
  d->is_int = 1;
  /* rows of a nested list (imshow, 2-D y) */
  if (n > 0 && (VAL_IS_LIST(items[0]) || VAL_IS_TUPLE(items[0]) || lx_arr(items[0]))) {
    Data row;
    d->ndim = 0;
    for (int64_t i = 0; i < n; i++) {
      if (to_data(items[i], &row, what) < 0) { data_free(d); val_decref(list); return -1; }
      if (i == 0) {
        if (row.ndim > 2) { data_free(&row); val_decref(list); obj_raise(&exc_ValueError, "%s: too many dimensions", what); return -1; }
        d->ndim = row.ndim + 1;
        d->shape[0] = n;
        for (int k = 0; k < row.ndim; k++) d->shape[k + 1] = row.shape[k];
        d->n = (size_t)n * row.n;
        d->v = malloc((d->n ? d->n : 1) * sizeof(double));
        if (!d->v) { data_free(&row); val_decref(list); obj_raise_nomem(); return -1; }
      } else if (row.n * (size_t)n != d->n || row.ndim + 1 != d->ndim) {
        data_free(&row); data_free(d); val_decref(list);
        obj_raise(&exc_ValueError, "%s: setting an array element with a sequence: the rows "
                  "have different lengths", what);
        return -1;
      }
      memcpy(d->v + (size_t)i * row.n, row.v, row.n * sizeof(double));
      d->is_int &= row.is_int;
      d->is_u8 = 0;
      data_free(&row);
    }
    val_decref(list);
    return 0;
  }
  d->n = (size_t)n;
  d->v = malloc((d->n ? d->n : 1) * sizeof(double));
  if (!d->v) { val_decref(list); obj_raise_nomem(); return -1; }
  for (int64_t i = 0; i < n; i++) {
    if (!VAL_IS_FLOAT(items[i])) d->is_int &= VAL_IS_INT(items[i]) || VAL_IS_BOOL(items[i]);
    if (as_double(items[i], &d->v[i], what) < 0) { data_free(d); val_decref(list); return -1; }
  }
  val_decref(list);
  return 0;
}

/* a 1-D vector (scalars become length 1); with n_expected > 0 a scalar is broadcast */
static int to_vec(Value v, Data *d, const char *what, size_t n_expected) {
  if (to_data(v, d, what) < 0) return -1;
  if (d->ndim > 1) {
    int64_t sq = 0, other = 0;
    for (int i = 0; i < d->ndim; i++) {
      if (d->shape[i] != 1) { other++; sq = d->shape[i]; }
    }
    if (other > 1) {
      obj_raise(&exc_ValueError, "%s must be 1-dimensional, got shape (%lld, %lld)", what,
                (long long)d->shape[0], (long long)d->shape[1]);
      data_free(d);
      return -1;
    }
    (void)sq;
  }
  if (d->ndim == 0 && n_expected > 1) {
    double x = d->v[0];
    free(d->v);
    d->v = malloc(n_expected * sizeof(double));
    if (!d->v) { obj_raise_nomem(); return -1; }
    for (size_t i = 0; i < n_expected; i++) d->v[i] = x;
    d->n = n_expected;
  }
  d->ndim = 1;
  d->shape[0] = (int64_t)d->n;
  return 0;
}

static int same_len(Data *a, Data *b, const char *fn, const char *an, const char *bn) {
  if (a->n != b->n) {
    obj_raise(&exc_ValueError, "%s: %s and %s must have same first dimension, but have shapes "
              "(%zu,) and (%zu,)", fn, an, bn, a->n, b->n);
    return -1;
  }
  return 0;
}

/* ---- styles from keywords ------------------------------------------------------------ */
static int color_kw(Args *a, const char *name, plot_color *out) {
  Value v = kwget(a, name);
  if (!present(v)) return 0;
  if (VAL_IS_STR(v)) {
    if (plot_color_parse(str_cstr(v), out) < 0) {
      obj_raise(&exc_ValueError, "%s: '%s' is not a valid color value", a->fname,
                str_cstr(v));
      return -1;
    }
    return 0;
  }
  if (VAL_IS_TUPLE(v) || VAL_IS_LIST(v)) {
    Data d;
    if (to_vec(v, &d, name, 0) < 0) return -1;
    if (d.n != 3 && d.n != 4) {
      data_free(&d);
      obj_raise(&exc_ValueError, "%s: an RGB(A) color needs 3 or 4 values", a->fname);
      return -1;
    }
    for (size_t i = 0; i < d.n; i++)
      if (!(d.v[i] >= 0 && d.v[i] <= 1)) {
        data_free(&d);
        obj_raise(&exc_ValueError, "RGBA values should be within 0-1 range");
        return -1;
      }
    out->r = d.v[0]; out->g = d.v[1]; out->b = d.v[2]; out->a = d.n == 4 ? d.v[3] : 1;
    out->set = 1;
    data_free(&d);
    return 0;
  }
  obj_raise(&exc_TypeError, "%s: %s must be a color name or an RGB tuple", a->fname, name);
  return -1;
}

static int num_kw(Args *a, const char *name, const char *alias, double *out) {
  Value v = kwget(a, name);
  if (!present(v) && alias) v = kwget(a, alias);
  if (!present(v)) return 0;
  return as_double(v, out, name);
}

static int style_kw(Args *a, plot_style *st) {
  if (color_kw(a, "color", &st->color) < 0) return -1;
  if (!st->color.set && !a->scatter && color_kw(a, "c", &st->color) < 0) return -1;
  if (color_kw(a, "ecolor", &st->ecolor) < 0) return -1;
  if (color_kw(a, "edgecolor", &st->edgecolor) < 0) return -1;
  Value ls = kwget(a, "linestyle");
  if (!present(ls)) ls = kwget(a, "ls");
  if (present(ls)) {
    const char *s = as_cstr(ls, "linestyle");
    if (!s) return -1;
    int k = plot_linestyle_parse(s);
    if (k < 0) {
      obj_raise(&exc_ValueError, "'%s' is not a valid value for linestyle; supported values "
                "are '-', '--', '-.', ':', 'None', ' ', '', 'solid', 'dashed', 'dashdot', "
                "'dotted'", s);
      return -1;
    }
    st->linestyle = k;
  }
  Value mk = kwget(a, "marker");
  if (present(mk)) {
    const char *s = as_cstr(mk, "marker");
    if (!s) return -1;
    if (strcmp(s, "") == 0 || strcmp(s, "None") == 0 || strcmp(s, "none") == 0) st->marker = 0;
    else if (strlen(s) == 1) st->marker = s[0];
    else {
      obj_raise(&exc_ValueError, "Unrecognized marker style '%s'", s);
      return -1;
    }
  }
  if (num_kw(a, "linewidth", "lw", &st->linewidth) < 0) return -1;
  if (num_kw(a, "markersize", "ms", &st->markersize) < 0) return -1;
  if (num_kw(a, "capsize", NULL, &st->capsize) < 0) return -1;
  double alpha = -1;
  if (num_kw(a, "alpha", NULL, &alpha) < 0) return -1;
  st->alpha = alpha;
  Value lab = kwget(a, "label");
  if (present(lab)) {
    if (!VAL_IS_STR(lab)) {
      Value s = op_str(lab);
      if (VAL_IS_NULL(s)) return -1;
      /* the style keeps a pointer: the caller copies before the str goes */
      static __thread char buf[256];
      snprintf(buf, sizeof buf, "%s", str_cstr(s));
      val_decref(s);
      st->label = buf;
    } else {
      st->label = str_cstr(lab);
    }
  }
  return 0;
}

/* ---- pyplot state helpers -------------------------------------------------------------- */
static double rc_num(PState *st, const char *key, double dflt) {
  Value v = dict_getstr(st->rc, key);
  double d;
  if (VAL_IS_NULL(v) || op_as_float(v, &d) < 0) { obj_err_clear(); return dflt; }
  return d;
}

/* copy rcParams into the session's defaults (called before creating figures) */
static void sync_rc(PState *st) {
  plot_rc *rc = plot_session_rc(st->s);
  Value fs = dict_getstr(st->rc, "figure.figsize");
  if (!VAL_IS_NULL(fs)) {
    Data d;
    if (to_vec(fs, &d, "figure.figsize", 0) == 0) {
      if (d.n == 2 && d.v[0] > 0 && d.v[1] > 0) { rc->figsize[0] = d.v[0]; rc->figsize[1] = d.v[1]; }
      data_free(&d);
    } else {
      obj_err_clear();
    }
  }
  rc->dpi = rc_num(st, "figure.dpi", 100);
  rc->savefig_dpi = rc_num(st, "savefig.dpi", 0);
  rc->linewidth = rc_num(st, "lines.linewidth", 1.5);
  rc->markersize = rc_num(st, "lines.markersize", 6);
  rc->fontsize = rc_num(st, "font.size", 10);
  rc->grid = rc_num(st, "axes.grid", 0) != 0;
  Value cm = dict_getstr(st->rc, "image.cmap");
  if (!VAL_IS_NULL(cm) && VAL_IS_STR(cm) && plot_cmap_exists(str_cstr(cm)))
    snprintf(rc->cmap, sizeof rc->cmap, "%s", str_cstr(cm));
  Value ff = dict_getstr(st->rc, "figure.format");
  if (!VAL_IS_NULL(ff) && VAL_IS_STR(ff)) snprintf(rc->format, sizeof rc->format, "%s", str_cstr(ff));
}

static plot_figure *gcf(PState *st) {
  if (plot_session_nfigures(st->s) == 0) sync_rc(st);
  plot_figure *f = plot_session_gcf(st->s);
  if (!f) sess_err(st);
  return f;
}

static plot_axes *gca(PState *st) {
  plot_figure *f = gcf(st);
  if (!f) return NULL;
  plot_axes *ax = plot_figure_gca(f);
  if (!ax) fig_err(f);
  return ax;
}

/* ---- Axes methods (argv[0] is the Axes) ------------------------------------------------- */
#define SELF_AX(a) AxObj *self = (AxObj *)VAL_OBJ(argv[0]); plot_axes *ax = self->ax; (void)ax

static int check_ax(int argc, const Value *argv, const char *fn) {
  if (argc < 1 || !VAL_IS_OBJ(argv[0]) || VAL_OBJ(argv[0])->type != &ax_type) {
    obj_raise(&exc_TypeError, "%s() needs an Axes", fn);
    return -1;
  }
  return 0;
}
#define AXFN(name) \
  static Value name(int argc, const Value *argv, Obj *kw)
#define AXCHECK(fn) if (check_ax(argc, argv, fn) < 0) return val_null(); SELF_AX(); \
  Args A = {fn, argc, argv, kw, 0, 0}; (void)A

static Value list_of_artists(int n, const char *kind) {
  Value l = list_new(0);
  if (VAL_IS_NULL(l)) return l;
  for (int i = 0; i < n; i++) {
    Value x = artist_new(kind);
    if (VAL_IS_NULL(x) || list_append_steal(l, x) < 0) { val_decref(l); return val_null(); }
  }
  return l;
}

/* plot(y), plot(x, y), plot(x, y, fmt), plot(x1, y1, fmt1, x2, y2, ...) */
AXFN(ax_plot) {
  AXCHECK("plot");
  plot_style base;
  plot_style_init(&base);
  if (style_kw(&A, &base) < 0 || kwcheck(&A) < 0) return val_null();
  int i = 1, nlines = 0;
  Value xv = val_null();
  while (i < argc) {
    Value a0 = argv[i], a1 = i + 1 < argc ? argv[i + 1] : val_null();
    Value yv;
    const char *fmt = NULL;
    if (!VAL_IS_NULL(a1) && !VAL_IS_STR(a1)) {
      xv = a0; yv = a1; i += 2;
    } else {
      xv = val_null(); yv = a0; i += 1;
    }
    if (VAL_IS_STR(yv)) return obj_raise(&exc_ValueError, "plot(): a format string must follow the data");
    if (i < argc && VAL_IS_STR(argv[i])) fmt = str_cstr(argv[i++]);
    plot_style st = base;
    char err[200];
    if (fmt && plot_style_fmt(&st, fmt, err, sizeof err) < 0)
      return obj_raise(&exc_ValueError, "%s", err);
    if (fmt && base.color.set) st.color = base.color;
    Data y, x = {0};
    if (to_data(yv, &y, "y") < 0) return val_null();
    size_t rows = y.ndim == 2 ? (size_t)y.shape[0] : y.n;
    size_t cols = y.ndim == 2 ? (size_t)y.shape[1] : 1;
    if (!VAL_IS_NULL(xv)) {
      if (to_vec(xv, &x, "x", 0) < 0) { data_free(&y); return val_null(); }
      if (x.n != rows) {
        data_free(&x); data_free(&y);
        return obj_raise(&exc_ValueError, "x and y must have same first dimension, but have "
                         "shapes (%zu,) and (%zu,)", x.n, rows);
      }
    }
    double *col = malloc((rows ? rows : 1) * sizeof(double));
    if (!col) { data_free(&x); data_free(&y); return obj_raise_nomem(); }
    for (size_t c = 0; c < cols; c++) {
      for (size_t r = 0; r < rows; r++) col[r] = y.v[r * cols + c];
      if (plot_line(ax, x.v, col, rows, &st) < 0) {
        free(col); data_free(&x); data_free(&y);
        return fig_err(self->f);
      }
      nlines++;
    }
    free(col);
    data_free(&x);
    data_free(&y);
  }
  return list_of_artists(nlines, "matplotlib.lines.Line2D");
}

/* a list or tuple of colour strings: n x 4 RGBA (malloc'd), or NULL with an error (or with
 * no error when v holds no strings) */
static double *color_list(Value v, size_t *n) {
  *n = 0;
  if (!(VAL_IS_LIST(v) || VAL_IS_TUPLE(v))) return NULL;
  int64_t len = VAL_IS_LIST(v) ? LIST(v.u.o)->len : TUPLE(v.u.o)->len;
  Value *it = VAL_IS_LIST(v) ? LIST(v.u.o)->items : TUPLE(v.u.o)->items;
  if (len == 0 || !VAL_IS_STR(it[0])) return NULL;
  double *rgba = malloc((size_t)len * 4 * sizeof(double));
  if (!rgba) { obj_raise_nomem(); return NULL; }
  for (int64_t i = 0; i < len; i++) {
    plot_color col;
    if (!VAL_IS_STR(it[i]) || plot_color_parse(str_cstr(it[i]), &col) < 0) {
      free(rgba);
      obj_raise(&exc_ValueError, "'c' argument must be a color, a sequence of colors, or a "
                "sequence of numbers, not %s", op_type_name(it[i]));
      return NULL;
    }
    rgba[4 * i] = col.r; rgba[4 * i + 1] = col.g; rgba[4 * i + 2] = col.b; rgba[4 * i + 3] = col.a;
  }
  *n = (size_t)len;
  return rgba;
}

/* scatter's c: a colour, colours (names or an n x 3/4 array), or n numbers for the colormap
 * (matplotlib's rule: numbers matching the number of points are mapped, even three or four) */
static int scatter_c(Value cv, size_t n, plot_style *st, Data *c, double **rgba) {
  if (VAL_IS_STR(cv)) {
    if (plot_color_parse(str_cstr(cv), &st->color) < 0) {
      obj_raise(&exc_ValueError, "'c' argument must be a color, a sequence of colors, or a "
                "sequence of numbers, not '%s'", str_cstr(cv));
      return -1;
    }
    return 0;
  }
  size_t nc;
  double *cl = color_list(cv, &nc);
  if (cl) {
    if (nc == 1 || nc == n) {
      if (nc == 1) {
        st->color.r = cl[0]; st->color.g = cl[1]; st->color.b = cl[2]; st->color.a = cl[3];
        st->color.set = 1;
        free(cl);
      } else {
        *rgba = cl;
      }
      return 0;
    }
    free(cl);
    obj_raise(&exc_ValueError, "'c' argument has %zu elements, which is inconsistent with 'x' "
              "and 'y' with size %zu.", nc, n);
    return -1;
  }
  if (obj_err_occurred()) return -1;
  if (to_data(cv, c, "c") < 0) return -1;
  int flat = c->ndim <= 1 || (c->ndim == 2 && (c->shape[0] == 1 || c->shape[1] == 1));
  if (c->n == n && flat && c->ndim > 0) return 0;            /* values for the colormap */
  if (c->ndim == 2 && (size_t)c->shape[0] == n && (c->shape[1] == 3 || c->shape[1] == 4)) {
    int k = (int)c->shape[1];
    *rgba = malloc((n ? n : 1) * 4 * sizeof(double));
    if (!*rgba) { data_free(c); obj_raise_nomem(); return -1; }
    for (size_t i = 0; i < n; i++) {
      for (int j = 0; j < 3; j++) (*rgba)[4 * i + j] = c->v[i * k + j];
      (*rgba)[4 * i + 3] = k == 4 ? c->v[i * k + 3] : 1;
    }
    data_free(c);
    return 0;
  }
  if (c->ndim == 1 && (c->n == 3 || c->n == 4)) {            /* one RGB(A) colour */
    for (size_t i = 0; i < c->n; i++)
      if (!(c->v[i] >= 0 && c->v[i] <= 1)) {
        data_free(c);
        obj_raise(&exc_ValueError, "RGBA values should be within 0-1 range");
        return -1;
      }
    st->color.r = c->v[0]; st->color.g = c->v[1]; st->color.b = c->v[2];
    st->color.a = c->n == 4 ? c->v[3] : 1;
    st->color.set = 1;
    data_free(c);
    return 0;
  }
  obj_raise(&exc_ValueError, "'c' argument has %zu elements, which is inconsistent with 'x' and "
            "'y' with size %zu.", c->n, n);
  data_free(c);
  return -1;
}

AXFN(ax_scatter) {
  AXCHECK("scatter");
  A.scatter = 1;
  if (argc < 3) return obj_raise(&exc_TypeError, "scatter() missing required arguments 'x' and 'y'");
  Value sv = argc > 3 ? argv[3] : kwget(&A, "s");
  Value cv = argc > 4 ? argv[4] : kwget(&A, "c");
  Data x, y, s = {0}, c = {0};
  double *rgba = NULL;
  plot_style st;
  plot_style_init(&st);
  plot_scatter_opts o = {0};
  o.vmin = o.vmax = NAN;
  if (to_vec(argv[1], &x, "x", 0) < 0) return val_null();
  if (to_vec(argv[2], &y, "y", 0) < 0) { data_free(&x); return val_null(); }
  Value ret = val_null();
  if (same_len(&x, &y, "scatter", "x", "y") < 0) goto out;
  if (present(cv)) {
    if (present(kwget(&A, "color"))) {
      obj_raise(&exc_ValueError, "Supply a 'c' argument or a 'color' kwarg but not both; they "
                "differ but their functionalities overlap.");
      goto out;
    }
    if (scatter_c(cv, x.n, &st, &c, &rgba) < 0) goto out;
    o.cvals = c.v;
    o.rgba = rgba;
  }
  if (present(sv)) {
    if (to_vec(sv, &s, "s", x.n) < 0) goto out;
    if (s.n != x.n) {
      obj_raise(&exc_ValueError, "s must be a scalar, or float array-like with the same size as x and y");
      goto out;
    }
    o.sizes = s.v;
  }
  Value cm = kwget(&A, "cmap");
  if (present(cm) && !(o.cmap = as_cstr(cm, "cmap"))) goto out;
  if (num_kw(&A, "vmin", NULL, &o.vmin) < 0 || num_kw(&A, "vmax", NULL, &o.vmax) < 0) goto out;
  /* matplotlib's scatter spells these in the plural; edgecolors='face' is the default */
  Value ec = kwget(&A, "edgecolors");
  if (present(ec) && !(VAL_IS_STR(ec) && strcmp(str_cstr(ec), "face") == 0)) {
    if (!VAL_IS_STR(ec) || plot_color_parse(str_cstr(ec), &st.edgecolor) < 0) {
      obj_raise(&exc_ValueError, "scatter: edgecolors must be a color, 'face' or 'none'");
      goto out;
    }
  }
  plot_color fc = {0};
  if (color_kw(&A, "facecolors", &fc) < 0 || color_kw(&A, "facecolor", &fc) < 0) goto out;
  if (num_kw(&A, "linewidths", NULL, &st.linewidth) < 0) goto out;
  if (style_kw(&A, &st) < 0 || kwcheck(&A) < 0) goto out;
  if (fc.set) st.color = fc;
  if (plot_scatter(ax, x.v, y.v, x.n, &o, &st) < 0) { fig_err(self->f); goto out; }
  ret = artist_new("matplotlib.collections.PathCollection");
out:
  data_free(&x); data_free(&y); data_free(&s); data_free(&c);
  free(rgba);
  return ret;
}

/* categorical x (a list of str): positions 0..n-1 and the strings as tick labels */
static int categories(plot_axes *ax, Value v, Data *d, int horizontal) {
  if (!(VAL_IS_LIST(v) || VAL_IS_TUPLE(v))) return 0;
  int64_t n = VAL_IS_LIST(v) ? LIST(v.u.o)->len : TUPLE(v.u.o)->len;
  Value *it = VAL_IS_LIST(v) ? LIST(v.u.o)->items : TUPLE(v.u.o)->items;
  if (n == 0 || !VAL_IS_STR(it[0])) return 0;
  const char **labels = malloc((size_t)n * sizeof *labels);
  d->v = malloc((size_t)n * sizeof(double));
  if (!labels || !d->v) { free(labels); free(d->v); d->v = NULL; obj_raise_nomem(); return -1; }
  for (int64_t i = 0; i < n; i++) {
    if (!VAL_IS_STR(it[i])) {
      free(labels); free(d->v); d->v = NULL;
      obj_raise(&exc_TypeError, "categories must all be str");
      return -1;
    }
    labels[i] = str_cstr(it[i]);
    d->v[i] = (double)i;
  }
  d->n = (size_t)n;
  d->ndim = 1;
  int rc = horizontal ? plot_axes_yticks(ax, d->v, labels, (size_t)n)
                      : plot_axes_xticks(ax, d->v, labels, (size_t)n);
  free(labels);
  return rc < 0 ? -1 : 1;
}

static Value bar_common(int argc, const Value *argv, Obj *kw, int horizontal) {
  const char *fn = horizontal ? "barh" : "bar";
  AXCHECK(fn);
  if (argc < 3) return obj_raise(&exc_TypeError, "%s() missing required arguments", fn);
  Data x = {0}, h = {0}, w = {0}, b = {0};
  Value ret = val_null();
  int cat = categories(ax, argv[1], &x, horizontal);
  if (cat < 0) return cat == -1 && obj_err_occurred() ? val_null() : fig_err(self->f);
  if (!cat && to_vec(argv[1], &x, horizontal ? "y" : "x", 0) < 0) return val_null();
  if (to_vec(argv[2], &h, horizontal ? "width" : "height", x.n) < 0) goto out;
  if (x.n == 1 && h.n > 1) {
    double v = x.v[0];
    free(x.v);
    x.v = malloc(h.n * sizeof(double));
    if (!x.v) { obj_raise_nomem(); goto out; }
    for (size_t i = 0; i < h.n; i++) x.v[i] = v;
    x.n = h.n;
  }
  if (same_len(&x, &h, fn, "x", "height") < 0) goto out;
  Value wv = argc > 3 ? argv[3] : kwget(&A, horizontal ? "height" : "width");
  Value bv = argc > 4 ? argv[4] : kwget(&A, horizontal ? "left" : "bottom");
  double width = 0.8;
  if (present(wv)) {
    if (to_vec(wv, &w, "width", x.n) < 0) goto out;
    if (w.n != x.n) { obj_raise(&exc_ValueError, "%s: width has the wrong length", fn); goto out; }
  }
  if (present(bv)) {
    if (to_vec(bv, &b, "bottom", x.n) < 0) goto out;
    if (b.n != x.n) { obj_raise(&exc_ValueError, "%s: bottom has the wrong length", fn); goto out; }
  }
  plot_style st;
  plot_style_init(&st);
  if (style_kw(&A, &st) < 0) goto out;
  Value tl = kwget(&A, "tick_label");
  if (kwcheck(&A) < 0) goto out;
  if (plot_bar(ax, x.v, h.v, x.n, w.v, width, b.v, horizontal, &st) < 0) { fig_err(self->f); goto out; }
  if (present(tl) && (VAL_IS_LIST(tl) || VAL_IS_TUPLE(tl))) {
    Data dummy = {0};
    int r = categories(ax, tl, &dummy, horizontal);
    free(dummy.v);
    if (r < 0) goto out;
  }
  ret = artist_new("matplotlib.container.BarContainer");
out:
  data_free(&x); data_free(&h); data_free(&w); data_free(&b);
  return ret;
}
AXFN(ax_bar) { return bar_common(argc, argv, kw, 0); }
AXFN(ax_barh) { return bar_common(argc, argv, kw, 1); }

/* a numpy float64 array (what matplotlib returns), or a list if arrays are unavailable */
static Value floats_from(const double *v, size_t n) {
  int64_t shape[1] = {(int64_t)n};
  Array *a = arr_from_data(DT_FLOAT64, 1, shape, v);
  if (a) return lx_wrap(a, FAM_NP);
  obj_err_clear();
  Value l = list_new(0);
  if (VAL_IS_NULL(l)) return l;
  for (size_t i = 0; i < n; i++)
    if (list_append_steal(l, val_float(v[i])) < 0) { val_decref(l); return val_null(); }
  return l;
}

AXFN(ax_hist) {
  AXCHECK("hist");
  if (argc < 2) return obj_raise(&exc_TypeError, "hist() missing required argument 'x'");
  Data x, e = {0}, wts = {0};
  if (to_data(argv[1], &x, "x") < 0) return val_null();
  Value ret = val_null();
  double *counts = NULL, *edges = NULL;
  plot_hist_opts o;
  memset(&o, 0, sizeof o);
  o.bins = 10;
  Value bv = argc > 2 ? argv[2] : kwget(&A, "bins");
  if (present(bv)) {
    if (VAL_IS_INT(bv)) {
      if (bv.u.i < 1 || bv.u.i > 10000000) { obj_raise(&exc_ValueError, "`bins` must be positive, when an integer"); goto out; }
      o.bins = (int)bv.u.i;
    } else if (VAL_IS_STR(bv)) {
      obj_raise(&exc_ValueError, "bins='%s' is not supported; give a number of bins or the edges", str_cstr(bv));
      goto out;
    } else {
      if (to_vec(bv, &e, "bins", 0) < 0) goto out;
      o.edges = e.v;
      o.nedges = e.n;
    }
  }
  Value rv = kwget(&A, "range");
  if (present(rv)) {
    Data r;
    if (to_vec(rv, &r, "range", 0) < 0) goto out;
    if (r.n != 2) { data_free(&r); obj_raise(&exc_ValueError, "range must be a (min, max) pair"); goto out; }
    o.has_range = 1;
    o.range[0] = r.v[0];
    o.range[1] = r.v[1];
    data_free(&r);
  }
  Value dv = kwget(&A, "density");
  if (present(dv) && (o.density = op_truth(dv)) < 0) goto out;
  Value cv = kwget(&A, "cumulative");
  if (present(cv) && (o.cumulative = op_truth(cv)) < 0) goto out;
  Value wv = kwget(&A, "weights");
  if (present(wv)) {
    if (to_vec(wv, &wts, "weights", 0) < 0) goto out;
    if (wts.n != x.n) { obj_raise(&exc_ValueError, "weights should have the same shape as x"); goto out; }
    o.weights = wts.v;
  }
  Value ht = kwget(&A, "histtype");
  if (present(ht)) {
    const char *t = as_cstr(ht, "histtype");
    if (!t) goto out;
    if (strcmp(t, "step") == 0) o.step = 1;
    else if (strcmp(t, "bar") != 0 && strcmp(t, "stepfilled") != 0 && strcmp(t, "barstacked") != 0) {
      obj_raise(&exc_ValueError, "histtype %s is not recognized", t);
      goto out;
    }
  }
  plot_style st;
  plot_style_init(&st);
  if (style_kw(&A, &st) < 0 || kwcheck(&A) < 0) goto out;
  int nb = plot_hist_nbins(&o);
  if (nb < 1) { obj_raise(&exc_ValueError, "bins must have at least two edges"); goto out; }
  counts = malloc((size_t)nb * sizeof(double));
  edges = malloc((size_t)(nb + 1) * sizeof(double));
  if (!counts || !edges) { obj_raise_nomem(); goto out; }
  if (plot_hist(ax, x.v, x.n, &o, &st, counts, edges) < 0) { fig_err(self->f); goto out; }
  {
    Value n = floats_from(counts, (size_t)nb), b = floats_from(edges, (size_t)nb + 1);
    Value p = artist_new("matplotlib.container.BarContainer");
    if (!VAL_IS_NULL(n) && !VAL_IS_NULL(b) && !VAL_IS_NULL(p)) ret = tuple_pack(3, n, b, p);
    val_decref(n); val_decref(b); val_decref(p);
  }
out:
  free(counts); free(edges);
  data_free(&x); data_free(&e); data_free(&wts);
  return ret;
}

AXFN(ax_imshow) {
  AXCHECK("imshow");
  if (argc < 2) return obj_raise(&exc_TypeError, "imshow() missing required argument 'X'");
  Data d;
  if (to_data(argv[1], &d, "X") < 0) return val_null();
  Value ret = val_null();
  int h, w, ch;
  if (d.ndim == 2) { h = (int)d.shape[0]; w = (int)d.shape[1]; ch = 1; }
  else if (d.ndim == 3 && (d.shape[2] == 3 || d.shape[2] == 4 || d.shape[2] == 1)) {
    h = (int)d.shape[0]; w = (int)d.shape[1]; ch = (int)d.shape[2];
  } else {
    obj_raise(&exc_TypeError, "Invalid shape for image data: imshow needs (M, N), (M, N, 3) or "
              "(M, N, 4), got %d dimensions", d.ndim);
    data_free(&d);
    return val_null();
  }
  plot_image_opts o;
  plot_image_opts_init(&o);
  Value cm = argc > 2 ? argv[2] : kwget(&A, "cmap");
  if (present(cm) && !(o.cmap = as_cstr(cm, "cmap"))) goto out;
  if (num_kw(&A, "vmin", NULL, &o.vmin) < 0 || num_kw(&A, "vmax", NULL, &o.vmax) < 0) goto out;
  if (num_kw(&A, "alpha", NULL, &o.alpha) < 0) goto out;
  Value org = kwget(&A, "origin");
  if (present(org)) {
    const char *s = as_cstr(org, "origin");
    if (!s) goto out;
    if (strcmp(s, "lower") == 0) o.origin_lower = 1;
    else if (strcmp(s, "upper") != 0) { obj_raise(&exc_ValueError, "origin must be 'upper' or 'lower'"); goto out; }
  }
  Value asp = kwget(&A, "aspect");
  if (present(asp)) {
    if (VAL_IS_STR(asp) && strcmp(str_cstr(asp), "auto") == 0) o.aspect_auto = 1;
    else if (!(VAL_IS_STR(asp) && strcmp(str_cstr(asp), "equal") == 0)) {
      obj_raise(&exc_ValueError, "aspect must be 'equal' or 'auto'");
      goto out;
    }
  }
  Value ext = kwget(&A, "extent");
  if (present(ext)) {
    Data e;
    if (to_vec(ext, &e, "extent", 0) < 0) goto out;
    if (e.n != 4) { data_free(&e); obj_raise(&exc_ValueError, "extent must be (left, right, bottom, top)"); goto out; }
    o.has_extent = 1;
    memcpy(o.extent, e.v, sizeof o.extent);
    data_free(&e);
  }
  kwget(&A, "interpolation");
  if (kwcheck(&A) < 0) goto out;
  int rc;
  if (ch > 1 && d.is_int) {
    /* integer RGB(A) is 0..255 as in matplotlib */
    unsigned char *u = malloc(d.n ? d.n : 1);
    if (!u) { obj_raise_nomem(); goto out; }
    for (size_t i = 0; i < d.n; i++) u[i] = (unsigned char)(d.v[i] < 0 ? 0 : d.v[i] > 255 ? 255 : d.v[i]);
    rc = plot_imshow(ax, u, PLOT_U8, h, w, ch, &o);
    free(u);
  } else {
    rc = plot_imshow(ax, d.v, PLOT_F64, h, w, ch, &o);
  }
  if (rc < 0) { fig_err(self->f); goto out; }
  ret = artist_new("matplotlib.image.AxesImage");
out:
  data_free(&d);
  return ret;
}

AXFN(ax_fill_between) {
  AXCHECK("fill_between");
  if (argc < 3) return obj_raise(&exc_TypeError, "fill_between() missing required arguments 'x' and 'y1'");
  Data x, y1, y2 = {0};
  if (to_vec(argv[1], &x, "x", 0) < 0) return val_null();
  Value ret = val_null();
  if (to_vec(argv[2], &y1, "y1", x.n) < 0) { data_free(&x); return val_null(); }
  Value v2 = argc > 3 ? argv[3] : kwget(&A, "y2");
  if (present(v2) && to_vec(v2, &y2, "y2", x.n) < 0) goto out;
  if (same_len(&x, &y1, "fill_between", "x", "y1") < 0) goto out;
  if (y2.v && same_len(&x, &y2, "fill_between", "x", "y2") < 0) goto out;
  plot_style st;
  plot_style_init(&st);
  plot_color fc = {0};
  if (color_kw(&A, "facecolor", &fc) < 0) goto out;
  if (style_kw(&A, &st) < 0 || kwcheck(&A) < 0) goto out;
  if (fc.set) st.color = fc;
  if (plot_fill_between(ax, x.v, y1.v, y2.v, x.n, &st) < 0) { fig_err(self->f); goto out; }
  ret = artist_new("matplotlib.collections.FillBetweenPolyCollection");
out:
  data_free(&x); data_free(&y1); data_free(&y2);
  return ret;
}

/* yerr: a scalar, n values, or a 2 x n pair (lower, upper) */
static int err_arg(Value v, size_t n, Data *d, double **lo, double **hi, const char *what) {
  *lo = *hi = NULL;
  if (!present(v)) return 0;
  if (to_data(v, d, what) < 0) return -1;
  if (d->ndim == 0) {
    double e = d->v[0];
    free(d->v);
    d->v = malloc((n ? n : 1) * sizeof(double));
    if (!d->v) { obj_raise_nomem(); return -1; }
    for (size_t i = 0; i < n; i++) d->v[i] = e;
    d->n = n;
    *lo = *hi = d->v;
    return 0;
  }
  if (d->ndim == 1 && d->n == n) { *lo = *hi = d->v; return 0; }
  if (d->ndim == 2 && d->shape[0] == 2 && (size_t)d->shape[1] == n) {
    *lo = d->v;
    *hi = d->v + n;
    return 0;
  }
  obj_raise(&exc_ValueError, "'%s' (shape (%zu,)) must be a scalar or a 1D or (2, n) array-like "
            "whose shape matches 'x' and 'y' (%zu points)", what, d->n, n);
  return -1;
}

AXFN(ax_errorbar) {
  AXCHECK("errorbar");
  if (argc < 3) return obj_raise(&exc_TypeError, "errorbar() missing required arguments 'x' and 'y'");
  Data x, y, ye = {0}, xe = {0};
  if (to_vec(argv[1], &x, "x", 0) < 0) return val_null();
  Value ret = val_null();
  if (to_vec(argv[2], &y, "y", 0) < 0) { data_free(&x); return val_null(); }
  double *ylo, *yhi, *xlo, *xhi;
  if (same_len(&x, &y, "errorbar", "x", "y") < 0) goto out;
  Value yv = argc > 3 ? argv[3] : kwget(&A, "yerr");
  Value xv = argc > 4 ? argv[4] : kwget(&A, "xerr");
  if (err_arg(yv, x.n, &ye, &ylo, &yhi, "yerr") < 0) goto out;
  if (err_arg(xv, x.n, &xe, &xlo, &xhi, "xerr") < 0) goto out;
  plot_style st;
  plot_style_init(&st);
  Value fmt = argc > 5 ? argv[5] : kwget(&A, "fmt");
  if (present(fmt)) {
    const char *f = as_cstr(fmt, "fmt");
    char err[200];
    if (!f) goto out;
    if (strcmp(f, "none") == 0) st.linestyle = PLOT_LS_NONE;
    else if (plot_style_fmt(&st, f, err, sizeof err) < 0) { obj_raise(&exc_ValueError, "%s", err); goto out; }
  }
  if (style_kw(&A, &st) < 0 || kwcheck(&A) < 0) goto out;
  if (plot_errorbar(ax, x.v, y.v, x.n, ylo, yhi, xlo, xhi, &st) < 0) { fig_err(self->f); goto out; }
  ret = artist_new("matplotlib.container.ErrorbarContainer");
out:
  data_free(&x); data_free(&y); data_free(&ye); data_free(&xe);
  return ret;
}

static Value text_setter(int argc, const Value *argv, Obj *kw, const char *fn,
                         int (*set)(plot_axes *, const char *)) {
  AXCHECK(fn);
  if (argc < 2) return obj_raise(&exc_TypeError, "%s() missing required argument", fn);
  Value s = op_str(argv[1]);
  if (VAL_IS_NULL(s)) return s;
  kwget(&A, "fontsize"); kwget(&A, "loc"); kwget(&A, "pad"); kwget(&A, "labelpad");
  kwget(&A, "fontweight"); kwget(&A, "color");
  if (kwcheck(&A) < 0) { val_decref(s); return val_null(); }
  int rc = set(ax, str_cstr(s));
  if (rc < 0) { val_decref(s); return fig_err(self->f); }
  Value t = artist_new("matplotlib.text.Text");
  val_decref(s);
  return t;
}
AXFN(ax_set_title) { return text_setter(argc, argv, kw, "set_title", plot_axes_title); }
AXFN(ax_set_xlabel) { return text_setter(argc, argv, kw, "set_xlabel", plot_axes_xlabel); }
AXFN(ax_set_ylabel) { return text_setter(argc, argv, kw, "set_ylabel", plot_axes_ylabel); }

AXFN(ax_legend) {
  AXCHECK("legend");
  Value loc = kwget(&A, "loc");
  const char *l = NULL;
  if (present(loc) && !(l = as_cstr(loc, "loc"))) return val_null();
  /* legend(["a", "b"]): labels for the series in order */
  if (argc > 1 && (VAL_IS_LIST(argv[1]) || VAL_IS_TUPLE(argv[1]))) {
    Value lst = argv[1];
    int64_t n = VAL_IS_LIST(lst) ? LIST(lst.u.o)->len : TUPLE(lst.u.o)->len;
    Value *it = VAL_IS_LIST(lst) ? LIST(lst.u.o)->items : TUPLE(lst.u.o)->items;
    for (int64_t i = 0; i < n && (size_t)i < plot_axes_nseries(ax); i++) {
      Value s = op_str(it[i]);
      if (VAL_IS_NULL(s)) return s;
      int rc = plot_axes_series_label(ax, (size_t)i, str_cstr(s));
      val_decref(s);
      if (rc < 0) return fig_err(self->f);
    }
  }
  if (kwcheck(&A) < 0) return val_null();
  if (plot_axes_legend(ax, 1, l) < 0) return fig_err(self->f);
  return artist_new("matplotlib.legend.Legend");
}

AXFN(ax_grid) {
  AXCHECK("grid");
  int on = 1;
  Value v = argc > 1 ? argv[1] : kwget(&A, "visible");
  if (!VAL_IS_NULL(v) && !VAL_IS_NONE(v) && (on = op_truth(v)) < 0) return val_null();
  Value axis = kwget(&A, "axis");
  const char *a = NULL;
  if (present(axis) && !(a = as_cstr(axis, "axis"))) return val_null();
  kwget(&A, "color"); kwget(&A, "linestyle"); kwget(&A, "linewidth"); kwget(&A, "alpha");
  kwget(&A, "ls"); kwget(&A, "lw");
  if (kwcheck(&A) < 0) return val_null();
  if (plot_axes_grid(ax, on, a) < 0) return fig_err(self->f);
  return val_none();
}

/* xlim(), xlim(lo, hi), xlim((lo, hi)), xlim(left=, right=) -> (lo, hi) */
static Value lim_common(int argc, const Value *argv, Obj *kw, int yaxis, const char *fn) {
  AXCHECK(fn);
  double lo = NAN, hi = NAN;
  int set = 0;
  Value a1 = argc > 1 ? argv[1] : val_null(), a2 = argc > 2 ? argv[2] : val_null();
  if (!VAL_IS_NULL(a1) && (VAL_IS_TUPLE(a1) || VAL_IS_LIST(a1))) {
    Data d;
    if (to_vec(a1, &d, fn, 0) < 0) return val_null();
    if (d.n != 2) { data_free(&d); return obj_raise(&exc_ValueError, "%s: give (low, high)", fn); }
    lo = d.v[0]; hi = d.v[1]; set = 1;
    data_free(&d);
  } else {
    Value l = !VAL_IS_NULL(a1) ? a1 : kwget(&A, yaxis ? "bottom" : "left");
    Value h = !VAL_IS_NULL(a2) ? a2 : kwget(&A, yaxis ? "top" : "right");
    if (VAL_IS_NULL(l)) l = kwget(&A, yaxis ? "ymin" : "xmin");
    if (VAL_IS_NULL(h)) h = kwget(&A, yaxis ? "ymax" : "xmax");
    if (present(l)) { if (as_double(l, &lo, fn) < 0) return val_null(); set = 1; }
    if (present(h)) { if (as_double(h, &hi, fn) < 0) return val_null(); set = 1; }
  }
  if (kwcheck(&A) < 0) return val_null();
  if (set) {
    double cl, ch;
    /* one end given: keep the other where it is drawn now */
    if (yaxis) plot_axes_get_ylim(ax, &cl, &ch); else plot_axes_get_xlim(ax, &cl, &ch);
    if (isnan(lo)) lo = cl;
    if (isnan(hi)) hi = ch;
    if ((yaxis ? plot_axes_ylim(ax, lo, hi) : plot_axes_xlim(ax, lo, hi)) < 0) return fig_err(self->f);
  }
  if (yaxis) plot_axes_get_ylim(ax, &lo, &hi); else plot_axes_get_xlim(ax, &lo, &hi);
  Value a = val_float(lo), b = val_float(hi);
  return tuple_pack(2, a, b);
}
AXFN(ax_set_xlim) { return lim_common(argc, argv, kw, 0, "set_xlim"); }
AXFN(ax_set_ylim) { return lim_common(argc, argv, kw, 1, "set_ylim"); }
AXFN(ax_get_xlim) { return lim_common(argc > 1 ? 1 : argc, argv, NULL, 0, "get_xlim"); }
AXFN(ax_get_ylim) { return lim_common(argc > 1 ? 1 : argc, argv, NULL, 1, "get_ylim"); }

static Value scale_common(int argc, const Value *argv, Obj *kw, int yaxis, const char *fn) {
  AXCHECK(fn);
  if (argc < 2) return obj_raise(&exc_TypeError, "%s() missing required argument 'value'", fn);
  const char *s = as_cstr(argv[1], "scale");
  if (!s) return val_null();
  kwget(&A, "base"); kwget(&A, "nonpositive");
  if (kwcheck(&A) < 0) return val_null();
  if ((yaxis ? plot_axes_yscale(ax, s) : plot_axes_xscale(ax, s)) < 0) return fig_err(self->f);
  return val_none();
}
AXFN(ax_set_xscale) { return scale_common(argc, argv, kw, 0, "set_xscale"); }
AXFN(ax_set_yscale) { return scale_common(argc, argv, kw, 1, "set_yscale"); }

static Value ticks_common(int argc, const Value *argv, Obj *kw, int yaxis, const char *fn) {
  AXCHECK(fn);
  if (argc < 2) return val_none();
  Data d;
  if (to_vec(argv[1], &d, "ticks", 0) < 0) return val_null();
  Value lv = argc > 2 ? argv[2] : kwget(&A, "labels");
  const char **labels = NULL;
  Value *strs = NULL;
  size_t nstr = 0;
  Value ret = val_null();
  if (kwcheck(&A) < 0) goto out;
  if (present(lv)) {
    Value lst = list_from_iterable(lv);
    if (VAL_IS_NULL(lst)) goto out;
    int64_t n = LIST(lst.u.o)->len;
    if ((size_t)n != d.n) {
      val_decref(lst);
      obj_raise(&exc_ValueError, "The number of FixedLocator locations (%zu) does not match the "
                "number of labels (%lld).", d.n, (long long)n);
      goto out;
    }
    labels = calloc(d.n ? d.n : 1, sizeof *labels);
    strs = calloc(d.n ? d.n : 1, sizeof *strs);
    if (!labels || !strs) { val_decref(lst); obj_raise_nomem(); goto out; }
    for (size_t i = 0; i < d.n; i++) {
      strs[i] = op_str(LIST(lst.u.o)->items[i]);
      if (VAL_IS_NULL(strs[i])) { val_decref(lst); goto out; }
      nstr++;
      labels[i] = str_cstr(strs[i]);
    }
    val_decref(lst);
  }
  if ((yaxis ? plot_axes_yticks(ax, d.v, labels, d.n) : plot_axes_xticks(ax, d.v, labels, d.n)) < 0) {
    fig_err(self->f);
    goto out;
  }
  ret = val_none();
out:
  for (size_t i = 0; i < nstr; i++) val_decref(strs[i]);
  free(strs);
  free(labels);
  data_free(&d);
  return ret;
}
AXFN(ax_set_xticks) { return ticks_common(argc, argv, kw, 0, "set_xticks"); }
AXFN(ax_set_yticks) { return ticks_common(argc, argv, kw, 1, "set_yticks"); }

AXFN(ax_axis) {
  AXCHECK("axis");
  if (argc < 2) return val_none();
  if (VAL_IS_STR(argv[1])) {
    const char *s = str_cstr(argv[1]);
    if (strcmp(s, "off") == 0) plot_axes_axis(ax, 0);
    else if (strcmp(s, "on") == 0) plot_axes_axis(ax, 1);
    else if (strcmp(s, "equal") == 0 || strcmp(s, "scaled") == 0 || strcmp(s, "image") == 0) plot_axes_aspect(ax, "equal");
    else if (strcmp(s, "auto") == 0 || strcmp(s, "tight") == 0 || strcmp(s, "normal") == 0) plot_axes_aspect(ax, "auto");
    else return obj_raise(&exc_ValueError, "Unrecognized string '%s' to axis; try 'on' or 'off'", s);
    return val_none();
  }
  if (VAL_IS_BOOL(argv[1])) { plot_axes_axis(ax, (int)argv[1].u.i); return val_none(); }
  Data d;
  if (to_vec(argv[1], &d, "axis", 0) < 0) return val_null();
  if (d.n != 4) { data_free(&d); return obj_raise(&exc_TypeError, "axis() takes (xmin, xmax, ymin, ymax)"); }
  int rc = plot_axes_xlim(ax, d.v[0], d.v[1]) < 0 || plot_axes_ylim(ax, d.v[2], d.v[3]) < 0;
  data_free(&d);
  return rc ? fig_err(self->f) : val_none();
}

AXFN(ax_set_aspect) {
  AXCHECK("set_aspect");
  if (argc < 2 || !VAL_IS_STR(argv[1])) return obj_raise(&exc_TypeError, "set_aspect() takes 'equal' or 'auto'");
  if (plot_axes_aspect(ax, str_cstr(argv[1])) < 0) return fig_err(self->f);
  return val_none();
}

AXFN(ax_cla) {
  AXCHECK("cla");
  plot_axes_clear(ax);
  return val_none();
}

static const MethodDef ax_methods[] = {
    {"plot", ax_plot, "plot([x], y, [fmt], *, label=, color=, linestyle=, marker=, linewidth=)", 0},
    {"scatter", ax_scatter, "scatter(x, y, s=None, c=None, *, cmap=, vmin=, vmax=, marker=, alpha=)", 0},
    {"bar", ax_bar, "bar(x, height, width=0.8, bottom=None, *, color=, label=)", 0},
    {"barh", ax_barh, "barh(y, width, height=0.8, left=None, *, color=, label=)", 0},
    {"hist", ax_hist, "hist(x, bins=10, *, range=, density=False, weights=, histtype=) -> (n, bins, patches)", 0},
    {"imshow", ax_imshow, "imshow(X, cmap=None, *, vmin=, vmax=, origin='upper', extent=, aspect=)", 0},
    {"fill_between", ax_fill_between, "fill_between(x, y1, y2=0, *, alpha=, color=, label=)", 0},
    {"errorbar", ax_errorbar, "errorbar(x, y, yerr=None, xerr=None, fmt='', *, capsize=, ecolor=)", 0},
    {"set_title", ax_set_title, "set_title(label)", 0},
    {"set_xlabel", ax_set_xlabel, "set_xlabel(label)", 0},
    {"set_ylabel", ax_set_ylabel, "set_ylabel(label)", 0},
    {"legend", ax_legend, "legend(*, loc='best')", 0},
    {"grid", ax_grid, "grid(visible=True, *, axis='both')", 0},
    {"set_xlim", ax_set_xlim, "set_xlim(left=None, right=None)", 0},
    {"set_ylim", ax_set_ylim, "set_ylim(bottom=None, top=None)", 0},
    {"get_xlim", ax_get_xlim, "get_xlim() -> (left, right)", 0},
    {"get_ylim", ax_get_ylim, "get_ylim() -> (bottom, top)", 0},
    {"set_xscale", ax_set_xscale, "set_xscale('linear' | 'log')", 0},
    {"set_yscale", ax_set_yscale, "set_yscale('linear' | 'log')", 0},
    {"set_xticks", ax_set_xticks, "set_xticks(ticks, labels=None)", 0},
    {"set_yticks", ax_set_yticks, "set_yticks(ticks, labels=None)", 0},
    {"axis", ax_axis, "axis('off' | 'on' | 'equal' | [xmin, xmax, ymin, ymax])", 0},
    {"set_aspect", ax_set_aspect, "set_aspect('equal' | 'auto')", 0},
    {"cla", ax_cla, "cla(): clear the axes", 0},
    {"clear", ax_cla, "clear(): clear the axes", 0},
    {NULL, NULL, NULL, 0}};

static Value ax_repr(Value self) {
  (void)self;
  return str_from_cstr("<Axes: >");
}

static TypeObj ax_type = {OBJ_TYPE_HEAD, .name = "Axes", .dealloc = ax_dealloc,
                          .repr = ax_repr, .methods = ax_methods,
                          .doc = "matplotlib-style axes: one subplot of a figure"};

/* ---- grids of axes (what subplots returns, like a numpy array of Axes) ------------------ */
static void grid_dealloc(Obj *o) {
  GridObj *g = (GridObj *)o;
  val_decref(g->items);
  obj_free(o);
}
static Value grid_new(int ndim, int64_t r, int64_t c, Value items);

static Value grid_getitem(Value self, Value key) {
  GridObj *g = (GridObj *)VAL_OBJ(self);
  ListObj *l = LIST(g->items.u.o);
  if (VAL_IS_TUPLE(key)) {
    TupleObj *t = TUPLE(key.u.o);
    if (t->len != g->ndim) return obj_raise(&exc_IndexError, "too many indices for the axes array");
    if (g->ndim == 1) return grid_getitem(self, t->items[0]);
    int64_t i, j;
    if (op_as_index(t->items[0], g->shape[0], &i, "axes") < 0) return val_null();
    if (op_as_index(t->items[1], g->shape[1], &j, "axes") < 0) return val_null();
    return val_incref(l->items[i * g->shape[1] + j]);
  }
  int64_t i;
  if (op_as_index(key, g->shape[0], &i, "axes") < 0) return val_null();
  if (g->ndim == 1) return val_incref(l->items[i]);
  Value row = list_from(g->shape[1], l->items + i * g->shape[1]);
  if (VAL_IS_NULL(row)) return row;
  Value r = grid_new(1, g->shape[1], 1, row);
  val_decref(row);
  return r;
}
static int grid_len(Value self, int64_t *out) {
  *out = ((GridObj *)VAL_OBJ(self))->shape[0];
  return 0;
}
static Value grid_iter(Value self) {
  GridObj *g = (GridObj *)VAL_OBJ(self);
  if (g->ndim == 1) return op_iter(g->items);
  Value rows = list_new(0);
  if (VAL_IS_NULL(rows)) return rows;
  for (int64_t i = 0; i < g->shape[0]; i++) {
    Value r = grid_getitem(self, val_int(i));
    if (VAL_IS_NULL(r) || list_append_steal(rows, r) < 0) { val_decref(rows); return val_null(); }
  }
  Value it = op_iter(rows);
  val_decref(rows);
  return it;
}
static Value grid_flat(Value self) {
  GridObj *g = (GridObj *)VAL_OBJ(self);
  return list_from(LIST(g->items.u.o)->len, LIST(g->items.u.o)->items);
}
static Value grid_ravel(int argc, const Value *argv, Obj *kw) { return grid_flat(argv[0]); }
static Value grid_shape(Value self) {
  GridObj *g = (GridObj *)VAL_OBJ(self);
  if (g->ndim == 1) { Value a = val_int(g->shape[0]); return tuple_pack(1, a); }
  Value a = val_int(g->shape[0]), b = val_int(g->shape[1]);
  return tuple_pack(2, a, b);
}
static Value grid_repr(Value self) {
  GridObj *g = (GridObj *)VAL_OBJ(self);
  return str_fmt("array of Axes, shape (%lld%s%lld)", (long long)g->shape[0],
                 g->ndim == 2 ? ", " : ",", g->ndim == 2 ? (long long)g->shape[1] : 0LL);
}
static const MethodDef grid_methods[] = {{"ravel", grid_ravel, "ravel() -> list of Axes", 0},
                                         {"flatten", grid_ravel, "flatten() -> list of Axes", 0},
                                         {NULL, NULL, NULL, 0}};
static const GetSetDef grid_getset[] = {{"flat", grid_flat, NULL, "the axes in row order"},
                                        {"shape", grid_shape, NULL, "(rows, cols)"},
                                        {NULL, NULL, NULL, NULL}};
static TypeObj grid_type = {OBJ_TYPE_HEAD, .name = "AxesArray", .dealloc = grid_dealloc,
                            .getitem = grid_getitem, .len = grid_len, .iter = grid_iter,
                            .repr = grid_repr, .methods = grid_methods, .getset = grid_getset};

static Value grid_new(int ndim, int64_t r, int64_t c, Value items) {
  GridObj *g = obj_alloc(&grid_type, sizeof(GridObj));
  if (!g) return val_null();
  g->ndim = ndim;
  g->shape[0] = r;
  g->shape[1] = c;
  g->items = val_incref(items);
  return val_obj(&g->ob);
}

static Value artist_repr(Value self) {
  ArtistObj *a = (ArtistObj *)VAL_OBJ(self);
  return str_fmt("<%s object>", a->kind);
}
static TypeObj artist_type = {OBJ_TYPE_HEAD, .name = "Artist", .repr = artist_repr};

/* ---- Figure --------------------------------------------------------------------------- */
static Value show_figure(PState *st, plot_figure *f);

static int check_fig(int argc, const Value *argv, const char *fn) {
  if (argc < 1 || !VAL_IS_OBJ(argv[0]) || VAL_OBJ(argv[0])->type != &fig_type) {
    obj_raise(&exc_TypeError, "%s() needs a Figure", fn);
    return -1;
  }
  return 0;
}
#define FIGCHECK(fn) if (check_fig(argc, argv, fn) < 0) return val_null(); \
  FigObj *self = (FigObj *)VAL_OBJ(argv[0]); Args A = {fn, argc, argv, kw, 0, 0}; (void)A

static Value savefig_impl(PState *st, plot_figure *f, Args *A, Value fname) {
  Value fm = kwget(A, "format");
  const char *fmt = NULL;
  if (present(fm) && !(fmt = as_cstr(fm, "format"))) return val_null();
  double dpi = 0;
  Value dv = kwget(A, "dpi");
  if (present(dv) && !VAL_IS_STR(dv) && as_double(dv, &dpi, "dpi") < 0) return val_null();
  kwget(A, "facecolor");
  /* bbox_inches: None (the figure) or "tight" (cropped to what is drawn) */
  Value bb = kwget(A, "bbox_inches");
  int tight = 0;
  if (present(bb)) {
    if (!VAL_IS_STR(bb) || strcmp(str_cstr(bb), "tight") != 0)
      return obj_raise(&exc_ValueError, "savefig: bbox_inches must be None or 'tight' in Sable");
    tight = 1;
  }
  if (kwcheck(A) < 0) return val_null();
  Value path = op_str(fname);
  if (VAL_IS_NULL(path)) return path;
  int rc = plot_savefig_tight(st->s, f, str_cstr(path), fmt, dpi, tight);
  val_decref(path);
  return rc < 0 ? sess_err(st) : val_none();
}

static Value fig_savefig(int argc, const Value *argv, Obj *kw) {
  FIGCHECK("savefig");
  if (argc < 2) return obj_raise(&exc_TypeError, "savefig() missing required argument 'fname'");
  return savefig_impl(self->st, self->f, &A, argv[1]);
}

static int inline_png(PState *st, plot_figure *f, unsigned char **png, size_t *plen, long *w2,
                      long *h2);

/* the PNG of the figure, for display(fig) and a figure as a cell's value (IPython's
 * formatters call _repr_png_); None for a figure without axes, as the inline backend */
static Value fig_repr_png(int argc, const Value *argv, Obj *kw) {
  FIGCHECK("_repr_png_");
  if (plot_figure_naxes(self->f) == 0) return val_none();
  sync_rc(self->st);
  unsigned char *png = NULL;
  size_t n = 0;
  long sw, sh;
  int retina = inline_png(self->st, self->f, &png, &n, &sw, &sh);
  if (retina < 0) return sess_err(self->st);
  Value r = bytes_new((const char *)png, n);
  free(png);
  if (!retina || VAL_IS_NULL(r)) return r;
  /* retina: (data, metadata) as IPython's formatter returns it */
  Value md = dict_new(), wv = val_int(sw), hv = val_int(sh);
  if (VAL_IS_NULL(md) || dict_setstr(md, "width", wv) < 0 || dict_setstr(md, "height", hv) < 0) {
    val_decref(md);
    val_decref(r);
    return val_null();
  }
  Value t = tuple_pack(2, r, md);
  val_decref(r);
  val_decref(md);
  return t;
}

static Value fig_add_subplot(int argc, const Value *argv, Obj *kw) {
  FIGCHECK("add_subplot");
  int64_t r = 1, c = 1, i = 1;
  if (argc == 2) {
    if (op_as_int(argv[1], &r) < 0) return val_null();
    if (r < 111 || r > 999) return obj_raise(&exc_ValueError, "Integer subplot specification must be a three-digit number, not %lld", (long long)r);
    i = r % 10; c = (r / 10) % 10; r = r / 100;
  } else if (argc == 4) {
    if (op_as_int(argv[1], &r) < 0 || op_as_int(argv[2], &c) < 0 || op_as_int(argv[3], &i) < 0)
      return val_null();
  } else if (argc != 1) {
    return obj_raise(&exc_TypeError, "add_subplot() takes 1 or 3 positional arguments");
  }
  if (kwcheck(&A) < 0) return val_null();
  if (r > 64 || c > 64 || r < 1 || c < 1 || i < 1 || i > r * c)
    return obj_raise(&exc_ValueError, "num must be an integer with 1 <= num <= %lld, not %lld", (long long)(r * c), (long long)i);
  plot_axes *ax = plot_figure_subplot(self->f, (int)r, (int)c, (int)i);
  if (!ax) return fig_err(self->f);
  return ax_wrap(self->st, ax);
}

static Value fig_suptitle(int argc, const Value *argv, Obj *kw) {
  FIGCHECK("suptitle");
  if (argc < 2) return obj_raise(&exc_TypeError, "suptitle() missing required argument 't'");
  double fs = 0;
  if (num_kw(&A, "fontsize", NULL, &fs) < 0) return val_null();
  if (kwcheck(&A) < 0) return val_null();
  Value s = op_str(argv[1]);
  if (VAL_IS_NULL(s)) return s;
  int rc = plot_figure_suptitle(self->f, str_cstr(s), fs);
  val_decref(s);
  return rc < 0 ? fig_err(self->f) : artist_new("matplotlib.text.Text");
}

static Value fig_tight_layout(int argc, const Value *argv, Obj *kw) {
  FIGCHECK("tight_layout");
  kwget(&A, "pad");
  if (kwcheck(&A) < 0) return val_null();
  plot_figure_tight_layout(self->f);
  return val_none();
}

static Value colorbar_impl(PState *st, plot_figure *f, Args *A, Value axv) {
  Value lab = kwget(A, "label");
  const char *l = NULL;
  if (present(lab) && !(l = as_cstr(lab, "label"))) return val_null();
  Value axk = kwget(A, "ax");
  if (present(axk)) axv = axk;
  kwget(A, "shrink"); kwget(A, "fraction"); kwget(A, "pad"); kwget(A, "orientation");
  if (kwcheck(A) < 0) return val_null();
  plot_axes *ax = NULL;
  if (present(axv) && VAL_IS_OBJ(axv) && VAL_OBJ(axv)->type == &ax_type) ax = ((AxObj *)VAL_OBJ(axv))->ax;
  if (!ax) ax = plot_figure_gca(f);
  if (!ax) return fig_err(f);
  /* the mappable's axes: the current one, else the last one holding an image */
  if (plot_axes_colorbar(ax, l) < 0) {
    for (size_t i = plot_figure_naxes(f); i-- > 0;)
      if (plot_axes_colorbar(plot_figure_axes(f, i), l) == 0) return artist_new("matplotlib.colorbar.Colorbar");
    return obj_raise(&exc_RuntimeError, "%s", plot_figure_error(f));
  }
  (void)st;
  return artist_new("matplotlib.colorbar.Colorbar");
}

static Value fig_colorbar(int argc, const Value *argv, Obj *kw) {
  FIGCHECK("colorbar");
  return colorbar_impl(self->st, self->f, &A, val_null());
}

static Value fig_gca(int argc, const Value *argv, Obj *kw) {
  FIGCHECK("gca");
  plot_axes *ax = plot_figure_gca(self->f);
  return ax ? ax_wrap(self->st, ax) : fig_err(self->f);
}

static Value fig_clf(int argc, const Value *argv, Obj *kw) {
  FIGCHECK("clf");
  plot_figure_clear(self->f);
  return val_none();
}

static Value fig_show(int argc, const Value *argv, Obj *kw) {
  FIGCHECK("show");
  return show_figure(self->st, self->f);
}

static Value fig_set_size_inches(int argc, const Value *argv, Obj *kw) {
  FIGCHECK("set_size_inches");
  double w = 0, h = 0;
  if (argc == 2) {
    Data d;
    if (to_vec(argv[1], &d, "size", 0) < 0) return val_null();
    if (d.n != 2) { data_free(&d); return obj_raise(&exc_ValueError, "set_size_inches needs (w, h)"); }
    w = d.v[0]; h = d.v[1];
    data_free(&d);
  } else if (argc == 3) {
    if (as_double(argv[1], &w, "w") < 0 || as_double(argv[2], &h, "h") < 0) return val_null();
  } else {
    return obj_raise(&exc_TypeError, "set_size_inches(w, h)");
  }
  if (!(w > 0 && h > 0)) return obj_raise(&exc_ValueError, "figure size must be positive finite not (%g, %g)", w, h);
  if (plot_figure_set_size(self->f, w, h, 0) < 0) return fig_err(self->f);
  return val_none();
}

static Value fig_get_axes(Value self) {
  FigObj *f = (FigObj *)VAL_OBJ(self);
  Value l = list_new(0);
  if (VAL_IS_NULL(l)) return l;
  for (size_t i = 0; i < plot_figure_naxes(f->f); i++) {
    Value a = ax_wrap(f->st, plot_figure_axes(f->f, i));
    if (VAL_IS_NULL(a) || list_append_steal(l, a) < 0) { val_decref(l); return val_null(); }
  }
  return l;
}
static Value fig_number(Value self) {
  return val_int(plot_figure_number(((FigObj *)VAL_OBJ(self))->f));
}

static Value fig_repr(Value self) {
  FigObj *f = (FigObj *)VAL_OBJ(self);
  double w, h, dpi;
  plot_figure_size(f->f, &w, &h, &dpi);
  size_t n = plot_figure_naxes(f->f);
  return str_fmt("<Figure size %gx%g with %zu Axes>", floor(w * dpi + 0.5),
                 floor(h * dpi + 0.5), n);
}

static const MethodDef fig_methods[] = {
    {"savefig", fig_savefig, "savefig(fname, *, dpi=None, format=None): .png, .svg or .pdf", 0},
    {"add_subplot", fig_add_subplot, "add_subplot(nrows, ncols, index) or add_subplot(221)", 0},
    {"_repr_png_", fig_repr_png, "_repr_png_(): the figure as PNG bytes (display(fig) in a notebook)", 0},
    {"suptitle", fig_suptitle, "suptitle(t)", 0},
    {"tight_layout", fig_tight_layout, "tight_layout()", 0},
    {"colorbar", fig_colorbar, "colorbar(mappable=None, *, ax=None, label=None)", 0},
    {"gca", fig_gca, "gca() -> the current Axes", 0},
    {"clf", fig_clf, "clf(): remove all axes", 0},
    {"show", fig_show, "show()", 0},
    {"set_size_inches", fig_set_size_inches, "set_size_inches(w, h)", 0},
    {NULL, NULL, NULL, 0}};
static const GetSetDef fig_getset[] = {{"axes", fig_get_axes, NULL, "the list of Axes"},
                                       {"number", fig_number, NULL, "the figure number"},
                                       {NULL, NULL, NULL, NULL}};
static TypeObj fig_type = {OBJ_TYPE_HEAD, .name = "Figure", .dealloc = fig_dealloc,
                           .repr = fig_repr, .methods = fig_methods, .getset = fig_getset,
                           .doc = "a matplotlib-style figure rendered by gnuplot"};

/* ---- showing figures ------------------------------------------------------------------ */
/* In a notebook (a sink that displays rich output, stdout not a terminal) the figure goes out
 * as display_data with image/png (plus image/svg+xml when rcParams["figure.format"] asks for
 * SVG) and text/plain; at a terminal it is drawn there (window, sixel or text); otherwise (a
 * script writing to a pipe) nothing happens, like matplotlib's Agg backend. */
static void sync_rc(PState *st);

/* a notebook front end (it can clear output) gets rich output even when the kernel's stdout
 * happens to be a terminal */
static int rich_frontend(void) {
  const sb_sink *sink = obj_ts.sink;
  return sink && sink->display && (sink->clear_output || !isatty(STDOUT_FILENO));
}

/* 1 if rcParams["figure.format"] (a str, or a list/tuple/set of them) names fmt */
static int wants_format(PState *st, const char *fmt) {
  Value ff = dict_getstr(st->rc, "figure.format");
  if (VAL_IS_NULL(ff)) { obj_err_clear(); return strcmp(fmt, "png") == 0; }
  if (VAL_IS_STR(ff)) {
    const char *v = str_cstr(ff);
    if (strcmp(fmt, "png") == 0 && (strcmp(v, "retina") == 0 || strcmp(v, "png2x") == 0))
      return 1;
    return strcasecmp(v, fmt) == 0;
  }
  Value l = list_from_iterable(ff);
  if (VAL_IS_NULL(l)) { obj_err_clear(); return 0; }
  int found = 0;
  for (int64_t i = 0; i < LIST(l.u.o)->len; i++) {
    Value it = LIST(l.u.o)->items[i];
    if (VAL_IS_STR(it) && strcasecmp(str_cstr(it), fmt) == 0) found = 1;
  }
  val_decref(l);
  return found;
}

/* 1 when the inline backend's format is "retina" (or "png2x"): PNGs at twice the dpi, shown at
 * half their pixel size, as IPython's retina_figure */
static int wants_retina(PState *st) {
  return wants_format(st, "retina") || wants_format(st, "png2x");
}

/* the inline backend's PNG: cropped to the drawn content (its bbox_inches="tight"), at twice
 * the figure's dpi for retina; *w2, *h2 get the size to show it at (half the pixels for retina,
 * else the pixels) */
static int inline_png(PState *st, plot_figure *f, unsigned char **png, size_t *plen, long *w2, long *h2) {
  double w, h, dpi;
  plot_figure_size(f, &w, &h, &dpi);
  int retina = wants_retina(st);
  if (plot_render_tight(st->s, f, PLOT_PNG, retina ? 2 * dpi : 0, 1, png, plen) < 0) return -1;
  *w2 = *h2 = 0;
  if (*plen >= 24) {
    const unsigned char *p = *png;
    *w2 = (long)((unsigned long)p[16] << 24 | (unsigned long)p[17] << 16 | (unsigned long)p[18] << 8 | p[19]);
    *h2 = (long)((unsigned long)p[20] << 24 | (unsigned long)p[21] << 16 | (unsigned long)p[22] << 8 | p[23]);
    if (retina) { *w2 /= 2; *h2 /= 2; }
  }
  return retina;
}

/* display_data for one figure: image/png, image/svg+xml when chosen, text/plain */
static Value display_figure(PState *st, plot_figure *f) {
  const sb_sink *sink = obj_ts.sink;
  double w, h, dpi;
  plot_figure_size(f, &w, &h, &dpi);
  char text[96];
  snprintf(text, sizeof text, "<Figure size %gx%g with %zu Axes>", floor(w * dpi + 0.5),
           floor(h * dpi + 0.5), plot_figure_naxes(f));
  if (plot_figure_naxes(f) == 0) {
    /* as the inline backend: an empty figure is only its text */
    const char *mime[1] = {"text/plain"}, *data[1] = {text};
    size_t lens[1] = {strlen(text)};
    sb_bundle b = {1, mime, data, lens, NULL, 0, NULL};
    sink->display(sink->ud, &b);
    return val_none();
  }
  int svg = wants_format(st, "svg");
  /* PNG always, so that every front end (and nbconvert to PDF) has an image */
  unsigned char *png = NULL, *vec = NULL;
  size_t plen = 0, vlen = 0;
  long sw, sh;
  int retina = inline_png(st, f, &png, &plen, &sw, &sh);
  if (retina < 0) return sess_err(st);
  char md[96];
  snprintf(md, sizeof md, "{\"image/png\": {\"width\": %ld, \"height\": %ld}}", sw, sh);
  if (svg && plot_render(st->s, f, PLOT_SVG, 0, &vec, &vlen) < 0) {
    free(png);
    return sess_err(st);
  }
  const char *mime[3];
  const char *data[3];
  size_t lens[3];
  int n = 0;
  if (vec) { mime[n] = "image/svg+xml"; data[n] = (const char *)vec; lens[n++] = vlen; }
  mime[n] = "image/png"; data[n] = (const char *)png; lens[n++] = plen;
  mime[n] = "text/plain"; data[n] = text; lens[n++] = strlen(text);
  sb_bundle b = {n, mime, data, lens, NULL, 0, retina && sw > 0 ? md : NULL};
  sink->display(sink->ud, &b);
  free(png);
  free(vec);
  return val_none();
}

static Value show_figure(PState *st, plot_figure *f) {
  if (rich_frontend()) {
    sync_rc(st);
    return display_figure(st, f);
  }
  if (plot_figure_naxes(f) == 0) return val_none();
  sync_rc(st);
  if (isatty(STDOUT_FILENO)) {
    fflush(stdout);
    if (plot_show_tty(st->s, f, STDOUT_FILENO) < 0) return sess_err(st);
  }
  return val_none();
}

/* Run after every cell (sb_on_cell_end): as matplotlib's inline backend, a notebook cell that
 * left figures open shows them and closes them. Only a notebook front end (one that can clear
 * output: the kernel) does this; scripts and the REPL, even with stdout in a pipe, keep their
 * figures until plt.show(). All figures are closed even when one fails to render, so that a
 * broken plot (gnuplot missing, say) reports once and not again with every later cell. */
static Value plt_cell_end(void *data, int argc, const Value *argv, Obj *kw) {
  PState *st = (PState *)data;
  const sb_sink *sink = obj_ts.sink;
  size_t n = plot_session_nfigures(st->s);
  if (n == 0 || !sink || !sink->display || !sink->clear_output) return val_none();
  plot_figure **figs = malloc(n * sizeof *figs);
  if (!figs) return obj_raise_nomem();
  for (size_t i = 0; i < n; i++) figs[i] = plot_figure_ref(plot_session_figure_at(st->s, i));
  plot_session_close_all(st->s);
  Value r = val_none();
  for (size_t i = 0; i < n; i++) {
    if (!VAL_IS_NULL(r)) {
      sync_rc(st);
      r = display_figure(st, figs[i]);
    }
    plot_figure_unref(figs[i]);
  }
  free(figs);
  return r;
}

/* ---- pyplot functions ------------------------------------------------------------------ */
#define STATE PState *st = (PState *)data

/* call an Axes method on the current axes */
static Value on_gca(PState *st, NativeFn fn, int argc, const Value *argv, Obj *kw) {
  plot_axes *ax = gca(st);
  if (!ax) return val_null();
  Value axv = ax_wrap(st, ax);
  if (VAL_IS_NULL(axv)) return axv;
  int nk = func_kwcount(kw);
  Value *nv = malloc((size_t)(argc + nk + 1) * sizeof(Value));
  if (!nv) { val_decref(axv); return obj_raise_nomem(); }
  nv[0] = axv;
  memcpy(nv + 1, argv, (size_t)(argc + nk) * sizeof(Value));
  Value r = fn(argc + 1, nv, kw);
  free(nv);
  val_decref(axv);
  return r;
}

#define GCA_WRAPPER(pyname, fn) \
  static Value plt_##pyname(void *data, int argc, const Value *argv, Obj *kw) { \
    return on_gca((PState *)data, fn, argc, argv, kw); }
GCA_WRAPPER(plot, ax_plot)
GCA_WRAPPER(scatter, ax_scatter)
GCA_WRAPPER(bar, ax_bar)
GCA_WRAPPER(barh, ax_barh)
GCA_WRAPPER(hist, ax_hist)
GCA_WRAPPER(imshow, ax_imshow)
GCA_WRAPPER(fill_between, ax_fill_between)
GCA_WRAPPER(errorbar, ax_errorbar)
GCA_WRAPPER(title, ax_set_title)
GCA_WRAPPER(xlabel, ax_set_xlabel)
GCA_WRAPPER(ylabel, ax_set_ylabel)
GCA_WRAPPER(legend, ax_legend)
GCA_WRAPPER(grid, ax_grid)
GCA_WRAPPER(xlim, ax_set_xlim)
GCA_WRAPPER(ylim, ax_set_ylim)
GCA_WRAPPER(xscale, ax_set_xscale)
GCA_WRAPPER(yscale, ax_set_yscale)
GCA_WRAPPER(xticks, ax_set_xticks)
GCA_WRAPPER(yticks, ax_set_yticks)
GCA_WRAPPER(axis, ax_axis)
GCA_WRAPPER(cla, ax_cla)

static Value plt_figure(void *data, int argc, const Value *argv, Obj *kw) {
  STATE;
  Args A = {"figure", argc, argv, kw, 0, 0};
  Value num = argc > 0 ? argv[0] : kwget(&A, "num");
  Value fs = argc > 1 ? argv[1] : kwget(&A, "figsize");
  Value dv = argc > 2 ? argv[2] : kwget(&A, "dpi");
  kwget(&A, "facecolor"); kwget(&A, "clear");
  if (kwcheck(&A) < 0) return val_null();
  int64_t n = 0;
  if (present(num)) {
    if (VAL_IS_OBJ(num) && VAL_OBJ(num)->type == &fig_type) n = plot_figure_number(((FigObj *)VAL_OBJ(num))->f);
    else if (op_as_int(num, &n) < 0) return val_null();
    if (n < 1 || n > 1000000) return obj_raise(&exc_ValueError, "figure number must be 1 or more");
  }
  double w = 0, h = 0, dpi = 0;
  if (present(fs)) {
    Data d;
    if (to_vec(fs, &d, "figsize", 0) < 0) return val_null();
    if (d.n != 2 || !(d.v[0] > 0) || !(d.v[1] > 0)) {
      data_free(&d);
      return obj_raise(&exc_ValueError, "figsize must be two positive numbers (width, height) in inches");
    }
    w = d.v[0]; h = d.v[1];
    data_free(&d);
  }
  if (present(dv) && as_double(dv, &dpi, "dpi") < 0) return val_null();
  sync_rc(st);
  plot_figure *f = plot_session_figure(st->s, (int)n, w, h, dpi);
  if (!f) return sess_err(st);
  return fig_wrap(st, f);
}

static Value plt_gcf(void *data, int argc, const Value *argv, Obj *kw) {
  STATE;
  if (func_check_args("gcf", argc, kw, 0, 0) < 0) return val_null();
  plot_figure *f = gcf(st);
  return f ? fig_wrap(st, f) : val_null();
}

static Value plt_gca(void *data, int argc, const Value *argv, Obj *kw) {
  STATE;
  if (func_check_args("gca", argc, kw, 0, 0) < 0) return val_null();
  plot_axes *ax = gca(st);
  return ax ? ax_wrap(st, ax) : val_null();
}

/* subplot(2, 2, 1) or subplot(221) */
static Value plt_subplot(void *data, int argc, const Value *argv, Obj *kw) {
  STATE;
  plot_figure *f = gcf(st);
  if (!f) return val_null();
  Value fv = fig_wrap(st, f);
  if (VAL_IS_NULL(fv)) return fv;
  Value *nv = malloc((size_t)(argc + func_kwcount(kw) + 1) * sizeof(Value));
  if (!nv) { val_decref(fv); return obj_raise_nomem(); }
  nv[0] = fv;
  memcpy(nv + 1, argv, (size_t)(argc + func_kwcount(kw)) * sizeof(Value));
  Value r = fig_add_subplot(argc + 1, nv, kw);
  free(nv);
  val_decref(fv);
  return r;
}

static Value plt_subplots(void *data, int argc, const Value *argv, Obj *kw) {
  STATE;
  Args A = {"subplots", argc, argv, kw, 0, 0};
  Value rv = argc > 0 ? argv[0] : kwget(&A, "nrows");
  Value cv = argc > 1 ? argv[1] : kwget(&A, "ncols");
  Value fs = kwget(&A, "figsize"), dv = kwget(&A, "dpi"), sq = kwget(&A, "squeeze");
  int64_t r = 1, c = 1;
  if (present(rv) && op_as_int(rv, &r) < 0) return val_null();
  if (present(cv) && op_as_int(cv, &c) < 0) return val_null();
  if (r < 1 || c < 1 || r > 64 || c > 64)
    return obj_raise(&exc_ValueError, "Number of rows and columns must be 1..64, not %lld, %lld", (long long)r, (long long)c);
  int squeeze = 1;
  if (present(sq) && (squeeze = op_truth(sq)) < 0) return val_null();
  if (kwcheck(&A) < 0) return val_null();
  double w = 0, h = 0, dpi = 0;
  if (present(fs)) {
    Data d;
    if (to_vec(fs, &d, "figsize", 0) < 0) return val_null();
    if (d.n != 2 || !(d.v[0] > 0) || !(d.v[1] > 0)) {
      data_free(&d);
      return obj_raise(&exc_ValueError, "figsize must be two positive numbers (width, height) in inches");
    }
    w = d.v[0]; h = d.v[1];
    data_free(&d);
  }
  if (present(dv) && as_double(dv, &dpi, "dpi") < 0) return val_null();
  sync_rc(st);
  plot_figure *f = plot_session_figure(st->s, 0, w, h, dpi);
  if (!f) return sess_err(st);
  plot_axes **axs = malloc((size_t)(r * c) * sizeof *axs);
  if (!axs) return obj_raise_nomem();
  if (plot_figure_subplots(f, (int)r, (int)c, axs) < 0) { free(axs); return fig_err(f); }
  Value items = list_new(0), fv = val_null(), grid = val_null(), ret = val_null();
  if (VAL_IS_NULL(items)) goto out;
  for (int64_t i = 0; i < r * c; i++) {
    Value a = ax_wrap(st, axs[i]);
    if (VAL_IS_NULL(a) || list_append_steal(items, a) < 0) goto out;
  }
  fv = fig_wrap(st, f);
  if (VAL_IS_NULL(fv)) goto out;
  if (squeeze && r * c == 1) grid = val_incref(LIST(items.u.o)->items[0]);
  else if (squeeze && (r == 1 || c == 1)) grid = grid_new(1, r * c, 1, items);
  else grid = grid_new(2, r, c, items);
  if (VAL_IS_NULL(grid)) goto out;
  ret = tuple_pack(2, fv, grid);
out:
  free(axs);
  val_decref(items);
  val_decref(fv);
  val_decref(grid);
  return ret;
}

static Value plt_suptitle(void *data, int argc, const Value *argv, Obj *kw) {
  STATE;
  plot_figure *f = gcf(st);
  if (!f) return val_null();
  Value fv = fig_wrap(st, f);
  if (VAL_IS_NULL(fv)) return fv;
  Value *nv = malloc((size_t)(argc + func_kwcount(kw) + 1) * sizeof(Value));
  if (!nv) { val_decref(fv); return obj_raise_nomem(); }
  nv[0] = fv;
  memcpy(nv + 1, argv, (size_t)(argc + func_kwcount(kw)) * sizeof(Value));
  Value r = fig_suptitle(argc + 1, nv, kw);
  free(nv);
  val_decref(fv);
  return r;
}

static Value plt_tight_layout(void *data, int argc, const Value *argv, Obj *kw) {
  STATE;
  plot_figure *f = gcf(st);
  if (!f) return val_null();
  plot_figure_tight_layout(f);
  return val_none();
}

static Value plt_colorbar(void *data, int argc, const Value *argv, Obj *kw) {
  STATE;
  Args A = {"colorbar", argc, argv, kw, 0, 0};
  plot_figure *f = gcf(st);
  if (!f) return val_null();
  return colorbar_impl(st, f, &A, val_null());
}

static Value plt_savefig(void *data, int argc, const Value *argv, Obj *kw) {
  STATE;
  Args A = {"savefig", argc, argv, kw, 0, 0};
  if (argc < 1) return obj_raise(&exc_TypeError, "savefig() missing required argument 'fname'");
  plot_figure *f = gcf(st);
  if (!f) return val_null();
  return savefig_impl(st, f, &A, argv[0]);
}

static Value plt_show(void *data, int argc, const Value *argv, Obj *kw) {
  STATE;
  Args A = {"show", argc, argv, kw, 0, 0};
  kwget(&A, "block");
  if (kwcheck(&A) < 0) return val_null();
  /* show every open figure, then close them (matplotlib's non-interactive behaviour) */
  while (plot_session_nfigures(st->s) > 0) {
    plot_figure *f = plot_session_figure_at(st->s, 0);
    plot_figure_ref(f);
    Value r = show_figure(st, f);
    plot_session_close(st->s, f);
    plot_figure_unref(f);
    if (VAL_IS_NULL(r)) return r;
  }
  return val_none();
}

static Value plt_close(void *data, int argc, const Value *argv, Obj *kw) {
  STATE;
  if (func_check_args("close", argc, kw, 0, 1) < 0) return val_null();
  if (argc == 0 || VAL_IS_NONE(argv[0])) {
    plot_session_close(st->s, NULL);
  } else if (VAL_IS_STR(argv[0]) && strcmp(str_cstr(argv[0]), "all") == 0) {
    plot_session_close_all(st->s);
  } else if (VAL_IS_OBJ(argv[0]) && VAL_OBJ(argv[0])->type == &fig_type) {
    plot_session_close(st->s, ((FigObj *)VAL_OBJ(argv[0]))->f);
  } else if (VAL_IS_INT(argv[0])) {
    for (size_t i = 0; i < plot_session_nfigures(st->s); i++) {
      plot_figure *f = plot_session_figure_at(st->s, i);
      if (plot_figure_number(f) == argv[0].u.i) { plot_session_close(st->s, f); break; }
    }
  } else {
    return obj_raise(&exc_TypeError, "close() argument must be a Figure, an int, 'all' or None");
  }
  return val_none();
}

static Value plt_clf(void *data, int argc, const Value *argv, Obj *kw) {
  STATE;
  if (func_check_args("clf", argc, kw, 0, 0) < 0) return val_null();
  plot_figure *f = gcf(st);
  if (!f) return val_null();
  plot_figure_clear(f);
  return val_none();
}

static Value plt_get_fignums(void *data, int argc, const Value *argv, Obj *kw) {
  STATE;
  if (func_check_args("get_fignums", argc, kw, 0, 0) < 0) return val_null();
  Value l = list_new(0);
  if (VAL_IS_NULL(l)) return l;
  /* in increasing order, as matplotlib's */
  int last = 0;
  for (;;) {
    int next = 0;
    for (size_t i = 0; i < plot_session_nfigures(st->s); i++) {
      int k = plot_figure_number(plot_session_figure_at(st->s, i));
      if (k > last && (next == 0 || k < next)) next = k;
    }
    if (next == 0) break;
    if (list_append_steal(l, val_int(next)) < 0) {
      val_decref(l);
      return val_null();
    }
    last = next;
  }
  return l;
}

static Value plt_gnuplot(void *data, int argc, const Value *argv, Obj *kw) {
  STATE;
  if (func_check_args("gnuplot", argc, kw, 1, 1) < 0) return val_null();
  const char *cmd = as_cstr(argv[0], "commands");
  if (!cmd) return val_null();
  char *out = NULL;
  if (plot_gnuplot_command(st->s, cmd, &out) < 0) return sess_err(st);
  Value r = str_from_cstr(out ? out : "");
  free(out);
  return r;
}

typedef struct PDef { const char *name; NativeDataFn fn; const char *doc; } PDef;
static const PDef plt_functions[] = {
    {"figure", plt_figure, "figure(num=None, figsize=None, dpi=None) -> Figure"},
    {"gcf", plt_gcf, "gcf() -> the current Figure"},
    {"gca", plt_gca, "gca() -> the current Axes"},
    {"subplot", plt_subplot, "subplot(nrows, ncols, index) or subplot(221) -> Axes"},
    {"subplots", plt_subplots, "subplots(nrows=1, ncols=1, *, figsize=None, dpi=None, squeeze=True) -> (fig, axes)"},
    {"plot", plt_plot, "plot([x], y, [fmt], *, label=, color=, linestyle=, marker=, linewidth=, markersize=, alpha=)"},
    {"scatter", plt_scatter, "scatter(x, y, s=None, c=None, *, cmap=, vmin=, vmax=, marker=, alpha=, label=)"},
    {"bar", plt_bar, "bar(x, height, width=0.8, bottom=None, *, color=, label=)"},
    {"barh", plt_barh, "barh(y, width, height=0.8, left=None, *, color=, label=)"},
    {"hist", plt_hist, "hist(x, bins=10, *, range=None, density=False, weights=None, histtype='bar') -> (n, bins, patches)"},
    {"imshow", plt_imshow, "imshow(X, cmap=None, *, vmin=None, vmax=None, origin='upper', extent=None, aspect=None)"},
    {"fill_between", plt_fill_between, "fill_between(x, y1, y2=0, *, alpha=None, color=None, label=None)"},
    {"errorbar", plt_errorbar, "errorbar(x, y, yerr=None, xerr=None, fmt='', *, capsize=0, ecolor=None)"},
    {"title", plt_title, "title(label)"},
    {"xlabel", plt_xlabel, "xlabel(label)"},
    {"ylabel", plt_ylabel, "ylabel(label)"},
    {"suptitle", plt_suptitle, "suptitle(t)"},
    {"legend", plt_legend, "legend(*, loc='best')"},
    {"grid", plt_grid, "grid(visible=True, *, axis='both')"},
    {"xlim", plt_xlim, "xlim(left=None, right=None) -> (left, right)"},
    {"ylim", plt_ylim, "ylim(bottom=None, top=None) -> (bottom, top)"},
    {"xscale", plt_xscale, "xscale('linear' | 'log')"},
    {"yscale", plt_yscale, "yscale('linear' | 'log')"},
    {"xticks", plt_xticks, "xticks(ticks=None, labels=None)"},
    {"yticks", plt_yticks, "yticks(ticks=None, labels=None)"},
    {"axis", plt_axis, "axis('off' | 'on' | 'equal' | [xmin, xmax, ymin, ymax])"},
    {"cla", plt_cla, "cla(): clear the current axes"},
    {"colorbar", plt_colorbar, "colorbar(*, label=None, ax=None)"},
    {"tight_layout", plt_tight_layout, "tight_layout(): size subplot margins to their labels"},
    {"savefig", plt_savefig, "savefig(fname, *, dpi=None, format=None): .png, .svg or .pdf"},
    {"show", plt_show, "show(): display every open figure (inline in Jupyter, in the terminal in the REPL)"},
    {"close", plt_close, "close(fig=None): close a figure, a figure number, or 'all'"},
    {"clf", plt_clf, "clf(): clear the current figure"},
    {"get_fignums", plt_get_fignums, "get_fignums() -> the numbers of the open figures"},
    {"gnuplot", plt_gnuplot, "gnuplot(commands) -> output: send raw commands to this session's gnuplot"},
    {NULL, NULL, NULL}};

/* ---- modules ----------------------------------------------------------------------------- */
static int rc_set(Value d, const char *k, Value v) {
  int r = dict_setstr(d, k, v);
  val_decref(v);
  return r;
}

int modinit_matplotlib(Value m) {
  Value rc = dict_new();
  if (VAL_IS_NULL(rc)) return -1;
  Value fs = list_new(0);
  if (VAL_IS_NULL(fs) || list_append_steal(fs, val_float(6.4)) < 0 ||
      list_append_steal(fs, val_float(4.8)) < 0 || rc_set(rc, "figure.figsize", fs) < 0 ||
      rc_set(rc, "figure.dpi", val_float(100)) < 0 ||
      rc_set(rc, "savefig.dpi", str_from_cstr("figure")) < 0 ||
      rc_set(rc, "lines.linewidth", val_float(1.5)) < 0 ||
      rc_set(rc, "lines.markersize", val_float(6)) < 0 ||
      rc_set(rc, "font.size", val_float(10)) < 0 ||
      rc_set(rc, "axes.grid", val_bool(0)) < 0 ||
      rc_set(rc, "image.cmap", str_from_cstr("viridis")) < 0 ||
      rc_set(rc, "figure.format", str_from_cstr("png")) < 0 ||
      module_add(m, "rcParams", rc) < 0) {
    val_decref(rc);
    return -1;
  }
  val_decref(rc);
  Value ver = str_from_cstr("3.8.0");
  if (VAL_IS_NULL(ver)) return -1;
  int r = module_add(m, "__version__", ver);
  val_decref(ver);
  return r;
}

/* polled by the gnuplot bridge while it waits: Ctrl-C (REPL) or interrupt_request (kernel) */
static int interrupt_pending(void *ud) { return obj_interrupted != 0; }

int modinit_matplotlib_pyplot(Value m) {
  static int ready;
  if (!ready) {
    if (type_ready(&fig_type) < 0 || type_ready(&ax_type) < 0 ||
        type_ready(&grid_type) < 0 || type_ready(&artist_type) < 0 ||
        type_ready(&pstate_type) < 0)
      return -1;
    ready = 1;
  }
  Value mpl = module_import("matplotlib");
  if (VAL_IS_NULL(mpl)) return -1;
  Value rc = module_get(mpl, "rcParams");
  if (VAL_IS_NULL(rc)) {
    val_decref(mpl);
    obj_raise(&exc_ImportError, "matplotlib.rcParams is missing");
    return -1;
  }
  PState *st = obj_alloc(&pstate_type, sizeof(PState));
  if (!st) { val_decref(mpl); return -1; }
  st->rc = val_incref(rc);
  val_decref(mpl);
  st->s = plot_session_new();
  if (!st->s) {
    obj_decref(&st->ob);
    obj_raise_nomem();
    return -1;
  }
  plot_session_set_interrupt(st->s, interrupt_pending, NULL);
  Value stv = val_obj(&st->ob);
  int rcode = module_add(m, "_state", stv);
  if (rcode == 0) rcode = module_add(m, "rcParams", st->rc);
  for (const PDef *d = plt_functions; rcode == 0 && d->name; d++) {
    Value f = func_builtin_data_new(d->name, d->fn, st, d->doc);
    if (VAL_IS_NULL(f)) { rcode = -1; break; }
    rcode = module_add(m, d->name, f);
    val_decref(f);
  }
  /* the inline backend's end-of-cell display: the state itself is the hook, so the session's
   * hook list keeps it (and the raw pointer the functions above hold) alive */
  if (rcode == 0) rcode = sb_on_cell_end(stv);
  val_decref(stv);
  return rcode;
}
