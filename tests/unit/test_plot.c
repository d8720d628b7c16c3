/* test_plot.c - the plotting layer: colours, format strings, histogram binning, matplotlib's
 * ticks, and real renders through gnuplot (PNG decoded and inspected, SVG, PDF, text). */
#include "plot.h"
#include "plot_int.h"
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

static int failures;
static int have_gnuplot;

#define FAIL(name, ...)                      \
  do {                                       \
    printf("FAIL %s: ", name);               \
    printf(__VA_ARGS__);                     \
    printf("\n");                            \
    failures++;                              \
  } while (0)
#define PASS(name) printf("PASS %s\n", name)
#define SKIP(name, why) printf("SKIP %s: %s\n", name, why)

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- a small PNG decoder: chunks, CRCs, zlib, the five scanline filters ------------------ */
typedef struct image { int w, h; unsigned char *rgb; } image;

static uint32_t be32(const unsigned char *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int paeth(int a, int b, int c) {
  int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* decode an 8-bit RGB/RGBA/grey PNG to RGB (alpha composited on white); NULL why on error */
static const char *png_decode(const unsigned char *p, size_t n, image *im) {
  static const unsigned char sig[8] = {137, 80, 78, 71, 13, 10, 26, 10};
  if (n < 8 || memcmp(p, sig, 8) != 0) return "no PNG signature";
  size_t off = 8;
  int w = 0, h = 0, depth = 0, ctype = -1, seen_end = 0;
  unsigned char *idat = NULL;
  size_t idlen = 0;
  while (off + 12 <= n) {
    uint32_t len = be32(p + off);
    if (len > n - off - 12) { free(idat); return "chunk runs past the end"; }
    const unsigned char *type = p + off + 4, *data = p + off + 8;
    uint32_t crc = (uint32_t)crc32(0, type, len + 4);
    if (crc != be32(data + len)) { free(idat); return "bad chunk CRC"; }
    if (memcmp(type, "IHDR", 4) == 0) {
      w = (int)be32(data); h = (int)be32(data + 4); depth = data[8]; ctype = data[9];
      if (data[12] != 0) { free(idat); return "interlaced"; }
    } else if (memcmp(type, "IDAT", 4) == 0) {
      unsigned char *ni = realloc(idat, idlen + len + 1);
      if (!ni) { free(idat); return "oom"; }
      idat = ni;
      memcpy(idat + idlen, data, len);
      idlen += len;
    } else if (memcmp(type, "IEND", 4) == 0) {
      seen_end = 1;
      break;
    }
    off += 12 + len;
  }
  if (!seen_end) { free(idat); return "no IEND"; }
  if (depth != 8 || (ctype != 2 && ctype != 6 && ctype != 0 && ctype != 4)) {
    free(idat);
    return "unsupported colour type";
  }
  int ch = ctype == 2 ? 3 : ctype == 6 ? 4 : ctype == 4 ? 2 : 1;
  size_t stride = (size_t)w * ch, rawlen = (stride + 1) * (size_t)h;
  unsigned char *raw = malloc(rawlen);
  uLongf got = (uLongf)rawlen;
  if (!raw || uncompress(raw, &got, idat, (uLong)idlen) != Z_OK || got != rawlen) {
    free(idat); free(raw);
    return "IDAT does not inflate to the image size";
  }
  free(idat);
  unsigned char *cur = malloc(stride * (size_t)h);
  im->rgb = malloc((size_t)w * h * 3);
  if (!cur || !im->rgb) { free(raw); free(cur); free(im->rgb); return "oom"; }
  for (int y = 0; y < h; y++) {
    unsigned char *line = raw + (stride + 1) * (size_t)y, ft = line[0];
    unsigned char *out = cur + stride * (size_t)y, *prev = y ? out - stride : NULL;
    for (size_t x = 0; x < stride; x++) {
      int a = x >= (size_t)ch ? out[x - ch] : 0, b = prev ? prev[x] : 0;
      int c = prev && x >= (size_t)ch ? prev[x - ch] : 0, v = line[1 + x];
      switch (ft) {
      case 0: break;
      case 1: v += a; break;
      case 2: v += b; break;
      case 3: v += (a + b) / 2; break;
      case 4: v += paeth(a, b, c); break;
      default: free(raw); free(cur); free(im->rgb); return "bad filter type";
      }
      out[x] = (unsigned char)v;
    }
  }
  for (size_t i = 0; i < (size_t)w * h; i++) {
    unsigned char *px = cur + i * ch;
    int r, g, bl, al = 255;
    if (ch >= 3) { r = px[0]; g = px[1]; bl = px[2]; if (ch == 4) al = px[3]; }
    else { r = g = bl = px[0]; if (ch == 2) al = px[1]; }
    im->rgb[i * 3] = (unsigned char)((r * al + 255 * (255 - al)) / 255);
    im->rgb[i * 3 + 1] = (unsigned char)((g * al + 255 * (255 - al)) / 255);
    im->rgb[i * 3 + 2] = (unsigned char)((bl * al + 255 * (255 - al)) / 255);
  }
  free(raw);
  free(cur);
  im->w = w;
  im->h = h;
  return NULL;
}

/* distinct colours in a region (fractions of the image, y from the top) */
static int distinct_colours(const image *im, double fx0, double fy0, double fx1, double fy1,
                            int *nonwhite, int *saturated) {
  static unsigned char seen[1 << 21];
  memset(seen, 0, sizeof seen);
  int n = 0;
  *nonwhite = 0;
  *saturated = 0;
  for (int y = (int)(fy0 * im->h); y < (int)(fy1 * im->h); y++)
    for (int x = (int)(fx0 * im->w); x < (int)(fx1 * im->w); x++) {
      unsigned char *p = im->rgb + ((size_t)y * im->w + x) * 3;
      uint32_t key = (uint32_t)(p[0] >> 1) << 14 | (uint32_t)(p[1] >> 1) << 7 | (p[2] >> 1);
      if (!(seen[key >> 3] & (1 << (key & 7)))) {
        seen[key >> 3] |= (unsigned char)(1 << (key & 7));
        n++;
      }
      if (p[0] < 250 || p[1] < 250 || p[2] < 250) (*nonwhite)++;
      int mx = p[0] > p[1] ? (p[0] > p[2] ? p[0] : p[2]) : (p[1] > p[2] ? p[1] : p[2]);
      int mn = p[0] < p[1] ? (p[0] < p[2] ? p[0] : p[2]) : (p[1] < p[2] ? p[1] : p[2]);
      if (mx - mn > 60) (*saturated)++;
    }
  return n;
}

/* ---- model tests (no gnuplot needed) --------------------------------------------------- */
static int near(double a, double b) { return fabs(a - b) < 1e-9 * fmax(1, fabs(b)); }

static void test_colors(void) {
  const char *name = "colors";
  plot_color c;
  struct { const char *s; int r, g, b; } cases[] = {
      {"C0", 0x1f, 0x77, 0xb4}, {"C1", 0xff, 0x7f, 0x0e}, {"C9", 0x17, 0xbe, 0xcf},
      {"r", 255, 0, 0}, {"g", 0, 128, 0}, {"b", 0, 0, 255}, {"k", 0, 0, 0},
      {"w", 255, 255, 255}, {"red", 255, 0, 0}, {"tab:orange", 0xff, 0x7f, 0x0e},
      {"#abc", 0xaa, 0xbb, 0xcc}, {"#1f77b4", 0x1f, 0x77, 0xb4}, {"0.5", 128, 128, 128},
      {"DarkGrey", 0xa9, 0xa9, 0xa9}, {"steelblue", 0x46, 0x82, 0xb4}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    if (plot_color_parse(cases[i].s, &c) < 0) {
      FAIL(name, "'%s' not parsed", cases[i].s);
      return;
    }
    if (lround(c.r * 255) != cases[i].r || lround(c.g * 255) != cases[i].g ||
        lround(c.b * 255) != cases[i].b) {
      FAIL(name, "'%s' gave %ld,%ld,%ld", cases[i].s, lround(c.r * 255), lround(c.g * 255),
           lround(c.b * 255));
      return;
    }
  }
  const char *bad[] = {"", "R", "#12", "#ggg", "1.5", "notacolour", "C10", NULL};
  for (int i = 0; bad[i]; i++)
    if (plot_color_parse(bad[i], &c) == 0) {
      FAIL(name, "'%s' accepted", bad[i]);
      return;
    }
  if (plot_color_parse("#ff000080", &c) < 0 || fabs(c.a - 128 / 255.0) > 1e-9) {
    FAIL(name, "#rrggbbaa alpha");
    return;
  }
  plot_color v0, v1;
  if (plot_cmap_color("viridis", 0, &v0) < 0 || plot_cmap_color("viridis", 1, &v1) < 0 ||
      lround(v0.r * 255) != 0x44 || lround(v0.b * 255) != 0x54 ||
      lround(v1.r * 255) != 0xfd || lround(v1.g * 255) != 0xe7) {
    FAIL(name, "viridis ends are not #440154 and #fde725");
    return;
  }
  if (plot_cmap_color("gray_r", 0, &v0) < 0 || lround(v0.r * 255) != 255 ||
      plot_cmap_exists("nonexistent")) {
    FAIL(name, "gray_r or unknown map");
    return;
  }
  PASS(name);
}

static void test_fmt(void) {
  const char *name = "fmt_strings";
  char err[200];
  plot_style st;
  plot_style_init(&st);
  if (plot_style_fmt(&st, "r--o", err, sizeof err) < 0 || st.linestyle != PLOT_LS_DASHED ||
      st.marker != 'o' || !st.color.set || st.color.r != 1 || st.color.g != 0) {
    FAIL(name, "r--o");
    return;
  }
  plot_style_init(&st);
  if (plot_style_fmt(&st, "k.", err, sizeof err) < 0 || st.linestyle != PLOT_LS_NONE ||
      st.marker != '.') {
    FAIL(name, "k. should be markers only");
    return;
  }
  plot_style_init(&st);
  if (plot_style_fmt(&st, "C2-.", err, sizeof err) < 0 || st.linestyle != PLOT_LS_DASHDOT ||
      lround(st.color.g * 255) != 0xa0) {
    FAIL(name, "C2-.");
    return;
  }
  plot_style_init(&st);
  if (plot_style_fmt(&st, ":", err, sizeof err) < 0 || st.linestyle != PLOT_LS_DOTTED ||
      st.color.set) {
    FAIL(name, ":");
    return;
  }
  plot_style_init(&st);
  if (plot_style_fmt(&st, "q-", err, sizeof err) == 0 || !strstr(err, "Unrecognized character q")) {
    FAIL(name, "q- accepted or bad message '%s'", err);
    return;
  }
  if (plot_style_fmt(&st, "rg", err, sizeof err) == 0 || plot_style_fmt(&st, "--:", err, sizeof err) == 0) {
    FAIL(name, "two colours / two styles accepted");
    return;
  }
  if (plot_linestyle_parse("--") != PLOT_LS_DASHED || plot_linestyle_parse("dotted") != PLOT_LS_DOTTED ||
      plot_linestyle_parse("none") != PLOT_LS_NONE || plot_linestyle_parse("~") != -1) {
    FAIL(name, "linestyle names");
    return;
  }
  PASS(name);
}

static void test_hist(void) {
  const char *name = "hist_binning";
  plot_figure *f = plot_figure_new(NULL, 0, 0, 0);
  plot_axes *ax = plot_figure_gca(f);
  /* np.histogram([1,2,2,3,3,3,4,4,4,4], bins=3) -> [1, 2, 7], edges [1, 2, 3, 4] */
  double d[] = {1, 2, 2, 3, 3, 3, 4, 4, 4, 4};
  double counts[16], edges[17];
  plot_hist_opts o;
  memset(&o, 0, sizeof o);
  o.bins = 3;
  if (plot_hist(ax, d, 10, &o, NULL, counts, edges) < 0 || counts[0] != 1 || counts[1] != 2 ||
      counts[2] != 7 || edges[0] != 1 || edges[3] != 4 || !near(edges[1], 2)) {
    /* with edges 1, 2, 3, 4: [1,2) has 1, [2,3) has 2, [3,4] has 3+4 = 7 */
    FAIL(name, "bins=3 gave %g %g %g edges %g..%g", counts[0], counts[1], counts[2], edges[0],
         edges[3]);
    plot_figure_unref(f);
    return;
  }
  /* density: np.histogram([0, 0.5, 1.5], bins=2, range=(0, 2), density=True) -> [1, 0.5]/... */
  double d2[] = {0, 0.5, 1.5, 5, NAN};
  memset(&o, 0, sizeof o);
  o.bins = 2;
  o.has_range = 1;
  o.range[0] = 0;
  o.range[1] = 2;
  o.density = 1;
  if (plot_hist(ax, d2, 5, &o, NULL, counts, edges) < 0 || !near(counts[0], 2.0 / 3) ||
      !near(counts[1], 1.0 / 3)) {
    FAIL(name, "density gave %g %g, want 0.6667 0.3333", counts[0], counts[1]);
    plot_figure_unref(f);
    return;
  }
  /* explicit edges, value on the last edge counts in the last bin */
  double e[] = {0, 1, 10};
  double d3[] = {0, 0.99, 1, 9.5, 10, 11, -1};
  memset(&o, 0, sizeof o);
  o.edges = e;
  o.nedges = 3;
  if (plot_hist(ax, d3, 7, &o, NULL, counts, edges) < 0 || counts[0] != 2 || counts[1] != 3) {
    FAIL(name, "explicit edges gave %g %g, want 2 3", counts[0], counts[1]);
    plot_figure_unref(f);
    return;
  }
  /* a NaN without a range is an error as in NumPy; a constant sample gets a unit range */
  memset(&o, 0, sizeof o);
  if (plot_hist(ax, d2, 5, &o, NULL, NULL, NULL) == 0 ||
      !strstr(plot_figure_error(f), "not finite")) {
    FAIL(name, "NaN without range accepted");
    plot_figure_unref(f);
    return;
  }
  double d4[] = {5, 5, 5};
  o.bins = 2;
  if (plot_hist(ax, d4, 3, &o, NULL, counts, edges) < 0 || edges[0] != 4.5 || edges[2] != 5.5 ||
      counts[1] != 3) {
    FAIL(name, "constant sample edges %g..%g counts %g %g", edges[0], edges[2], counts[0], counts[1]);
    plot_figure_unref(f);
    return;
  }
  plot_figure_unref(f);
  PASS(name);
}

static int ticks_are(plot_tickset *t, double lo, double hi, const char *const *want, int n) {
  int k = 0;
  for (size_t i = 0; i < t->n; i++) {
    if (t->locs[i] < fmin(lo, hi) - 1e-9 || t->locs[i] > fmax(lo, hi) + 1e-9) continue;
    if (k >= n || strcmp(t->labels[i], want[k]) != 0) return 0;
    k++;
  }
  return k == n;
}

static void test_ticks(void) {
  const char *name = "ticks_like_matplotlib";
  plot_tickset t;
  /* the swish figure: x view (-6.6, 6.6) on a 357 pt axis -> matplotlib shows -6..6 by 2 */
  plot__ticks(-6.6, 6.6, 0, 357.12, 0, 10, &t);
  const char *w1[] = {"\xe2\x88\x92" "6", "\xe2\x88\x92" "4", "\xe2\x88\x92" "2", "0", "2", "4", "6"};
  if (!ticks_are(&t, -6.6, 6.6, w1, 7)) {
    FAIL(name, "(-6.6, 6.6) gave %zu ticks starting '%s'", t.n, t.n ? t.labels[0] : "");
    return;
  }
  /* (0.9, 3.1) on a full-width x axis: matplotlib 3.x shows 1.00, 1.25, ..., 3.00 */
  plot__ticks(0.9, 3.1, 0, 357.12, 0, 10, &t);
  const char *w2[] = {"1.00", "1.25", "1.50", "1.75", "2.00", "2.25", "2.50", "2.75", "3.00"};
  if (!ticks_are(&t, 0.9, 3.1, w2, 9)) {
    FAIL(name, "(0.9, 3.1) gave '%s' .. (%zu)", t.n ? t.labels[0] : "", t.n);
    return;
  }
  /* y (-0.05, 1.05) on a 266 pt axis: 0.0, 0.2, ..., 1.0 */
  plot__ticks(-0.05, 1.05, 0, 266.1, 1, 10, &t);
  const char *w3[] = {"0.0", "0.2", "0.4", "0.6", "0.8", "1.0"};
  if (!ticks_are(&t, -0.05, 1.05, w3, 6)) {
    FAIL(name, "(-0.05, 1.05) gave '%s'..", t.n ? t.labels[0] : "");
    return;
  }
  /* large values get a multiplier: (0, 2e6) -> 0.00 .. 2.00 with "1e6" */
  plot__ticks(0, 2e6, 0, 357.12, 0, 10, &t);
  if (strcmp(t.offset_text, "1e6") != 0) {
    FAIL(name, "(0, 2e6) offset text '%s', want 1e6", t.offset_text);
    return;
  }
  /* a narrow range far from 0 gets an offset: (1000.1, 1000.5) -> +1e3 and 0.10 .. 0.50 */
  plot__ticks(1000.1, 1000.5, 0, 357.12, 0, 10, &t);
  const char *w5[] = {"0.10", "0.15", "0.20", "0.25", "0.30", "0.35", "0.40", "0.45", "0.50"};
  if (strcmp(t.offset_text, "+1e3") != 0 || !ticks_are(&t, 1000.1, 1000.5, w5, 9)) {
    FAIL(name, "(1000.1, 1000.5) offset '%s' first '%s'", t.offset_text, t.n ? t.labels[0] : "");
    return;
  }
  /* log axis (1, 1000): decades 10^0 .. 10^3 and minor ticks 2..9 */
  plot__ticks(1, 1000, 1, 266, 1, 10, &t);
  const char *w4[] = {"10^{0}", "10^{1}", "10^{2}", "10^{3}"};
  if (!ticks_are(&t, 1, 1000, w4, 4) || t.nminor != 8 * 3) {
    FAIL(name, "log (1, 1000) ticks %zu minor %zu", t.n, t.nminor);
    return;
  }
  /* autoscale: line data -6..6 gets 5%% margins; bars stick to 0 */
  plot_figure *f = plot_figure_new(NULL, 0, 0, 0);
  plot_axes *ax = plot_figure_gca(f);
  double x[] = {-6, 6}, y[] = {0, 10};
  plot_line(ax, x, y, 2, NULL);
  double lo, hi;
  plot_axes_get_xlim(ax, &lo, &hi);
  if (!near(lo, -6.6) || !near(hi, 6.6)) {
    FAIL(name, "xlim (%g, %g), want (-6.6, 6.6)", lo, hi);
    plot_figure_unref(f);
    return;
  }
  plot_axes_clear(ax);
  double bx[] = {0, 1, 2}, bh[] = {3, 1, 2};
  plot_bar(ax, bx, bh, 3, NULL, 0.8, NULL, 0, NULL);
  plot_axes_get_ylim(ax, &lo, &hi);
  double xl, xh;
  plot_axes_get_xlim(ax, &xl, &xh);
  if (lo != 0 || !near(hi, 3.15) || !near(xl, -0.54) || !near(xh, 2.54)) {
    FAIL(name, "bar limits x (%g, %g) y (%g, %g), want (-0.54, 2.54) (0, 3.15)", xl, xh, lo, hi);
    plot_figure_unref(f);
    return;
  }
  /* imshow: exact extent, y inverted */
  plot_axes_clear(ax);
  unsigned char img[6] = {0, 1, 2, 3, 4, 5};
  plot_imshow(ax, img, PLOT_U8, 2, 3, 1, NULL);
  plot_axes_get_ylim(ax, &lo, &hi);
  plot_axes_get_xlim(ax, &xl, &xh);
  if (lo != 1.5 || hi != -0.5 || xl != -0.5 || xh != 2.5) {
    FAIL(name, "image limits x (%g, %g) y (%g, %g)", xl, xh, lo, hi);
    plot_figure_unref(f);
    return;
  }
  plot_figure_unref(f);
  PASS(name);
}

static void test_model_errors(void) {
  const char *name = "model_rejects_bad_input";
  plot_figure *f = plot_figure_new(NULL, 0, 0, 0);
  if (plot_figure_subplot(f, 2, 2, 5) || !strstr(plot_figure_error(f), "1 <= num <= 4")) {
    FAIL(name, "subplot index 5 of 2x2: '%s'", plot_figure_error(f));
    plot_figure_unref(f);
    return;
  }
  plot_axes *ax = plot_figure_gca(f);
  unsigned char px[4] = {0};
  plot_image_opts io;
  plot_image_opts_init(&io);
  io.cmap = "nosuchmap";
  if (plot_imshow(ax, px, PLOT_U8, 2, 2, 1, &io) == 0 || plot_imshow(ax, px, PLOT_U8, 0, 2, 1, NULL) == 0 ||
      plot_imshow(ax, px, PLOT_U8, 1, 2, 2, NULL) == 0) {
    FAIL(name, "bad imshow accepted");
    plot_figure_unref(f);
    return;
  }
  if (plot_axes_xscale(ax, "logit") == 0 || plot_axes_legend(ax, 1, "top") == 0 ||
      plot_axes_colorbar(ax, NULL) == 0) {
    FAIL(name, "bad scale/legend loc/colorbar accepted");
    plot_figure_unref(f);
    return;
  }
  plot_axes_yscale(ax, "log");
  if (plot_axes_ylim(ax, -1, 10) == 0 || !strstr(plot_figure_error(f), "log")) {
    FAIL(name, "non-positive log limit accepted");
    plot_figure_unref(f);
    return;
  }
  plot_style st;
  plot_style_init(&st);
  st.alpha = 2;
  double x[1] = {1};
  if (plot_line(ax, x, x, 1, &st) == 0) {
    FAIL(name, "alpha 2 accepted");
    plot_figure_unref(f);
    return;
  }
  /* subplot(2,2,1) twice is the same axes; subplots clears */
  plot_axes *a1 = plot_figure_subplot(f, 2, 2, 1), *a2 = plot_figure_subplot(f, 2, 2, 1);
  if (!a1 || a1 != a2) {
    FAIL(name, "subplot(2,2,1) not reused");
    plot_figure_unref(f);
    return;
  }
  plot_figure_unref(f);
  PASS(name);
}

/* ---- rendering tests ------------------------------------------------------------------ */
static void swish(double x, double *y) {
  double s = 1 / (1 + exp(-x));
  y[0] = x * s;
  y[1] = s + x * s * (1 - s);
  y[2] = s * (1 - s) * (2 + x * (1 - 2 * s));
  y[3] = s * (1 - s) * (3 * (1 - 2 * s) + x * (1 - 6 * s + 6 * s * s));
}

/* written under a temporary name and renamed, so parallel runs never see half a file */
static int write_bytes(const char *path, const unsigned char *p, size_t n) {
  char tmp[256];
  snprintf(tmp, sizeof tmp, "%s.%d.tmp", path, (int)getpid());
  FILE *f = fopen(tmp, "wb");
  if (!f) return -1;
  size_t w = fwrite(p, 1, n, f);
  if (fclose(f) != 0 || w != n) { unlink(tmp); return -1; }
  return rename(tmp, path);
}

static void test_derivatives_analytic(void) {
  /* the closed forms used for the figure, against central differences */
  const char *name = "swish_derivatives_closed_form";
  for (double x = -6; x <= 6; x += 0.37) {
    double y[4], a[4], b[4], h = 1e-4;
    swish(x, y);
    swish(x + h, a);
    swish(x - h, b);
    for (int k = 0; k < 3; k++) {
      double fd = (a[k] - b[k]) / (2 * h);
      if (fabs(fd - y[k + 1]) > 1e-6) {
        FAIL(name, "d%d at x=%g: closed form %g, difference %g", k + 1, x, y[k + 1], fd);
        return;
      }
    }
  }
  PASS(name);
}

static plot_figure *swish_figure(plot_session *s) {
  plot_figure *f = plot_session_figure(s, 0, 0, 0, 0);
  plot_axes *ax = plot_figure_gca(f);
  enum { N = 400 };
  static double x[N], y[4][N];
  for (int i = 0; i < N; i++) {
    double v[4];
    x[i] = -6 + 12.0 * i / (N - 1);
    swish(x[i], v);
    for (int k = 0; k < 4; k++) y[k][i] = v[k];
  }
  const char *labels[] = {"swish(x)", "swish'(x)", "swish''(x)", "swish'''(x)"};
  for (int k = 0; k < 4; k++) {
    plot_style st;
    plot_style_init(&st);
    st.label = labels[k];
    plot_line(ax, x, y[k], N, &st);
  }
  plot_axes_legend(ax, 1, NULL);
  plot_axes_grid(ax, 1, NULL);
  plot_axes_title(ax, "Swish and its derivatives");
  plot_axes_xlabel(ax, "x");
  plot_axes_ylabel(ax, "y");
  return f;
}

static void test_png(plot_session *s) {
  const char *name = "png_valid_and_not_blank";
  plot_figure *f = swish_figure(s);
  unsigned char *png;
  size_t len;
  if (plot_render(s, f, PLOT_PNG, 0, &png, &len) < 0) {
    FAIL(name, "%s", plot_session_error(s));
    return;
  }
  write_bytes("build/plots/swish.png", png, len);
  image im = {0};
  const char *why = png_decode(png, len, &im);
  free(png);
  if (why) {
    FAIL(name, "%s", why);
    return;
  }
  if (im.w != 640 || im.h != 480) {
    FAIL(name, "size %dx%d, want 640x480 (6.4x4.8 in at 100 dpi)", im.w, im.h);
    free(im.rgb);
    return;
  }
  int nonwhite, sat;
  /* the plot area (matplotlib's axes box is 0.125..0.9 x 0.12..0.89 from the top) */
  int nc = distinct_colours(&im, 0.13, 0.13, 0.89, 0.88, &nonwhite, &sat);
  /* the corner outside the axes is background */
  int cw, cs;
  distinct_colours(&im, 0.0, 0.0, 0.05, 0.05, &cw, &cs);
  free(im.rgb);
  if (nc < 50 || nonwhite < 2000 || sat < 800 || cw != 0) {
    FAIL(name, "plot area: %d colours, %d non-white, %d coloured px; corner %d non-white", nc,
         nonwhite, sat, cw);
    return;
  }
  PASS(name);
  plot_session_close(s, f);
}

static void test_svg_pdf(plot_session *s) {
  const char *name = "svg_and_pdf_by_extension";
  plot_figure *f = swish_figure(s);
  /* per-process names: the release and the ASan build of this test may run at once */
  char svg[64], pdf[64];
  snprintf(svg, sizeof svg, "build/plots/swish-%d.svg", (int)getpid());
  snprintf(pdf, sizeof pdf, "build/plots/swish-%d.pdf", (int)getpid());
  if (plot_savefig(s, f, svg, NULL, 0) < 0 || plot_savefig(s, f, pdf, NULL, 0) < 0) {
    FAIL(name, "%s", plot_session_error(s));
    return;
  }
  char buf[1 << 16];
  FILE *fp = fopen(svg, "rb");
  size_t n = fp ? fread(buf, 1, sizeof buf - 1, fp) : 0;
  if (fp) fclose(fp);
  buf[n] = 0;
  if (!strstr(buf, "<svg") || !strstr(buf, "swish") || !strstr(buf, "<path") ||
      !strstr(buf, "rgb( 31, 119, 180)")) {
    FAIL(name, "svg lacks <svg>, the legend text, paths or the C0 colour");
    return;
  }
  fp = fopen(pdf, "rb");
  struct stat st;
  n = fp ? fread(buf, 1, 8, fp) : 0;
  if (fp) fclose(fp);
  if (n < 8 || memcmp(buf, "%PDF-", 5) != 0 || stat(pdf, &st) < 0 ||
      st.st_size < 2000) {
    FAIL(name, "pdf header or size wrong");
    return;
  }
  fp = fopen(pdf, "rb");
  if (!fp) {
    FAIL(name, "pdf vanished");
    return;
  }
  fseek(fp, -32, SEEK_END);
  n = fread(buf, 1, 32, fp);
  fclose(fp);
  buf[n] = 0;
  if (!strstr(buf, "%%EOF")) {
    FAIL(name, "pdf has no %%%%EOF trailer");
    return;
  }
  if (plot_savefig(s, f, "build/plots/x.jpg", NULL, 0) == 0 ||
      !strstr(plot_session_error(s), "not supported")) {
    FAIL(name, ".jpg accepted: %s", plot_session_error(s));
    return;
  }
  if (plot_savefig(s, f, "/nonexistent-dir/x.png", NULL, 0) == 0 ||
      !strstr(plot_session_error(s), "No such file")) {
    FAIL(name, "unwritable path: %s", plot_session_error(s));
    return;
  }
  rename(svg, "build/plots/swish.svg");     /* kept for looking at */
  rename(pdf, "build/plots/swish.pdf");
  plot_session_close(s, f);
  PASS(name);
}

static void test_subplots(plot_session *s) {
  const char *name = "subplots_fill_each_quadrant";
  plot_figure *f = plot_session_figure(s, 0, 0, 0, 0);
  plot_axes *a[4];
  plot_figure_subplots(f, 2, 2, a);
  double x[50], y[50];
  for (int i = 0; i < 50; i++) { x[i] = i; y[i] = sin(i / 5.0); }
  plot_style st;
  plot_style_init(&st);
  st.linewidth = 4;
  plot_line(a[0], x, y, 50, &st);
  plot_scatter(a[1], x, y, 50, NULL, NULL);
  double bh[5] = {3, 1, 4, 1, 5}, bx[5] = {0, 1, 2, 3, 4};
  plot_bar(a[2], bx, bh, 5, NULL, 0.8, NULL, 0, NULL);
  plot_hist_opts ho;
  memset(&ho, 0, sizeof ho);
  plot_hist(a[3], y, 50, &ho, NULL, NULL, NULL);
  for (int i = 0; i < 4; i++) {
    char t[32];
    snprintf(t, sizeof t, "axes %d", i + 1);
    plot_axes_title(a[i], t);
  }
  plot_figure_suptitle(f, "four kinds", 0);
  unsigned char *png;
  size_t len;
  if (plot_render(s, f, PLOT_PNG, 0, &png, &len) < 0) {
    FAIL(name, "%s", plot_session_error(s));
    return;
  }
  write_bytes("build/plots/subplots.png", png, len);
  image im = {0};
  const char *why = png_decode(png, len, &im);
  free(png);
  if (why) {
    FAIL(name, "%s", why);
    return;
  }
  double q[4][4] = {{0.13, 0.12, 0.5, 0.5}, {0.55, 0.12, 0.9, 0.5},
                    {0.13, 0.55, 0.5, 0.89}, {0.55, 0.55, 0.9, 0.89}};
  for (int i = 0; i < 4; i++) {
    int nw, sat;
    distinct_colours(&im, q[i][0], q[i][1], q[i][2], q[i][3], &nw, &sat);
    if (sat < 300) {
      FAIL(name, "quadrant %d has only %d coloured pixels", i + 1, sat);
      free(im.rgb);
      return;
    }
  }
  free(im.rgb);
  plot_session_close(s, f);
  PASS(name);
}

static void test_images(plot_session *s) {
  const char *name = "imshow_grid_4x4";
  unsigned char img[16][784];
  int real = 0;
  gzFile gz = gzopen("/usr/share/datasets/fashion-mnist/t10k-images-idx3-ubyte.gz", "rb");
  if (gz) {
    unsigned char hdr[16];
    if (gzread(gz, hdr, 16) == 16 && be32(hdr) == 2051 && be32(hdr + 8) == 28 &&
        gzread(gz, img, sizeof img) == (int)sizeof img)
      real = 1;
    gzclose(gz);
  }
  if (!real)                 /* synthetic digits-like blobs */
    for (int k = 0; k < 16; k++)
      for (int i = 0; i < 784; i++) {
        double dx = i % 28 - 14 + (k % 4), dy = i / 28 - 14 + k / 4;
        img[k][i] = (unsigned char)(255 * exp(-(dx * dx + dy * dy) / (20.0 + 4 * k)));
      }
  plot_figure *f = plot_session_figure(s, 0, 0, 0, 0);
  plot_axes *a[16];
  plot_figure_subplots(f, 4, 4, a);
  for (int k = 0; k < 16; k++) {
    plot_image_opts io;
    plot_image_opts_init(&io);
    io.cmap = "gray";
    if (plot_imshow(a[k], img[k], PLOT_U8, 28, 28, 1, &io) < 0) {
      FAIL(name, "%s", plot_figure_error(f));
      return;
    }
    char t[16];
    snprintf(t, sizeof t, "%d", k);
    plot_axes_title(a[k], t);
  }
  unsigned char *png;
  size_t len;
  if (plot_render(s, f, PLOT_PNG, 0, &png, &len) < 0) {
    FAIL(name, "%s", plot_session_error(s));
    return;
  }
  write_bytes("build/plots/fashion_grid.png", png, len);
  image im = {0};
  const char *why = png_decode(png, len, &im);
  free(png);
  if (why) {
    FAIL(name, "%s", why);
    return;
  }
  /* the first image's box: black background pixels and light garment pixels */
  int dark = 0, light = 0;
  for (int y = (int)(0.13 * im.h); y < (int)(0.27 * im.h); y++)
    for (int x = (int)(0.14 * im.w); x < (int)(0.27 * im.w); x++) {
      unsigned char *p = im.rgb + ((size_t)y * im.w + x) * 3;
      if (p[0] < 10) dark++;
      if (p[0] > 90 && p[0] == p[1] && p[1] == p[2]) light++;
    }
  free(im.rgb);
  if (dark < 500 || light < 100) {
    FAIL(name, "first image: %d dark, %d light pixels", dark, light);
    return;
  }
  /* one image with viridis and a colorbar */
  plot_figure *g = plot_session_figure(s, 0, 0, 0, 0);
  plot_axes *ax = plot_figure_gca(g);
  plot_imshow(ax, img[0], PLOT_U8, 28, 28, 1, NULL);
  if (plot_axes_colorbar(ax, "intensity") < 0 ||
      plot_savefig(s, g, "build/plots/colorbar.png", NULL, 0) < 0) {
    FAIL(name, "colorbar: %s %s", plot_figure_error(g), plot_session_error(s));
    return;
  }
  plot_session_close(s, f);
  plot_session_close(s, g);
  printf("PASS %s (%s images)\n", name, real ? "Fashion-MNIST" : "synthetic");
}

static void test_all_kinds(plot_session *s) {
  const char *name = "every_series_kind_renders";
  plot_figure *f = plot_session_figure(s, 0, 8, 6, 0);
  plot_axes *a[6];
  plot_figure_subplots(f, 2, 3, a);
  double x[40], y[40], e[40], c[40];
  for (int i = 0; i < 40; i++) {
    x[i] = i * 0.25; y[i] = exp(-x[i] / 3) * cos(x[i]); e[i] = 0.05 + 0.01 * (i % 5); c[i] = i;
  }
  plot_style st;
  char err[100];
  plot_style_init(&st);
  plot_style_fmt(&st, "o", err, sizeof err);
  st.label = "data";
  st.capsize = 3;
  plot_errorbar(a[0], x, y, 40, e, e, NULL, NULL, &st);
  plot_axes_legend(a[0], 1, "upper right");
  plot_style_init(&st);
  st.alpha = 0.3;
  plot_fill_between(a[1], x, y, NULL, 40, &st);
  plot_style_init(&st);
  plot_style_fmt(&st, "k:", err, sizeof err);
  plot_line(a[1], x, y, 40, &st);
  plot_scatter_opts so = {0};
  so.cvals = c;
  so.vmin = so.vmax = NAN;
  so.cmap = "plasma";
  plot_scatter(a[2], x, y, 40, &so, NULL);
  plot_axes_colorbar(a[2], NULL);
  double yl[40];
  for (int i = 0; i < 40; i++) yl[i] = pow(10, x[i] / 2);
  plot_line(a[3], x, yl, 40, NULL);
  plot_axes_yscale(a[3], "log");
  plot_axes_title(a[3], "$\\sigma(x)^2$ log");
  plot_hist_opts ho;
  memset(&ho, 0, sizeof ho);
  ho.step = 1;
  ho.bins = 8;
  plot_hist(a[4], y, 40, &ho, NULL, NULL, NULL);
  plot_bar(a[5], x, y, 8, NULL, 0.2, NULL, 1, NULL);
  plot_axes_xlabel(a[5], "width_of_bar (a_b^c)");
  unsigned char *png;
  size_t len;
  if (plot_render(s, f, PLOT_PNG, 0, &png, &len) < 0) {
    FAIL(name, "%s", plot_session_error(s));
    return;
  }
  write_bytes("build/plots/kinds.png", png, len);
  image im = {0};
  const char *why = png_decode(png, len, &im);
  free(png);
  if (why || im.w != 800 || im.h != 600) {
    FAIL(name, "%s %dx%d", why ? why : "size", im.w, im.h);
    free(im.rgb);
    return;
  }
  free(im.rgb);
  plot_session_close(s, f);
  PASS(name);
}

static void test_text(plot_session *s) {
  const char *name = "text_terminal";
  plot_figure *f = swish_figure(s);
  char *text;
  if (plot_render_text(s, f, 80, 24, 0, &text) < 0) {
    FAIL(name, "%s", plot_session_error(s));
    return;
  }
  int lines = 0;
  for (char *p = text; *p; p++) lines += *p == '\n';
  int ok = strstr(text, "swish(x)") && lines >= 20 && lines <= 26;
  if (!ok) FAIL(name, "%d lines, legend %s:\n%s", lines, strstr(text, "swish(x)") ? "yes" : "no", text);
  free(text);
  plot_session_close(s, f);
  if (ok) PASS(name);
}

static void test_gnuplot_errors(plot_session *s) {
  const char *name = "gnuplot_error_text_surfaces";
  char *out = NULL;
  if (plot_gnuplot_command(s, "plot sin(x) with foo", &out) == 0 ||
      !strstr(plot_session_error(s), "unrecognized plot type")) {
    FAIL(name, "raw error: '%s'", plot_session_error(s));
    free(out);
    return;
  }
  /* an error inside a multi-line script: the lines after it still run, the message is the
   * first error */
  if (plot_gnuplot_command(s, "set xrange [0:1]\nset logscale y\nplot 'nonexistent-file' using 1:2\nprint 1", &out) == 0 ||
      !strstr(plot_session_error(s), "gnuplot error")) {
    FAIL(name, "missing data file: '%s'", plot_session_error(s));
    free(out);
    return;
  }
  printf("  (gnuplot said: %s)\n", plot_session_error(s));
  /* a log axis over data with no positive value draws empty axes, as matplotlib does */
  plot_figure *f = plot_session_figure(s, 0, 0, 0, 0);
  plot_axes *ax = plot_figure_gca(f);
  double x[3] = {1, 2, 3}, y[3] = {-1, -2, 0};
  plot_line(ax, x, y, 3, NULL);
  plot_axes_yscale(ax, "log");
  unsigned char *png;
  size_t len;
  if (plot_render(s, f, PLOT_PNG, 0, &png, &len) < 0) {
    FAIL(name, "log axis over non-positive data: %s", plot_session_error(s));
    return;
  }
  free(png);
  /* the session goes on */
  plot_axes_yscale(ax, "linear");
  if (plot_render(s, f, PLOT_PNG, 0, &png, &len) < 0) {
    FAIL(name, "next plot failed: %s", plot_session_error(s));
    return;
  }
  free(png);
  if (plot_gnuplot_command(s, "print 6*7", &out) < 0 || !out || !strstr(out, "42")) {
    FAIL(name, "print 6*7 gave '%s'", out ? out : plot_session_error(s));
    free(out);
    return;
  }
  free(out);
  plot_session_close(s, f);
  PASS(name);
}

static void test_restart(plot_session *s) {
  const char *name = "killed_gnuplot_restarts";
  plot_figure *f = swish_figure(s);
  unsigned char *png;
  size_t len;
  if (plot_render(s, f, PLOT_PNG, 0, &png, &len) < 0) {
    FAIL(name, "%s", plot_session_error(s));
    return;
  }
  free(png);
  int pid = plot_session_gnuplot_pid(s);
  if (pid <= 0 || kill(pid, SIGKILL) < 0) {
    FAIL(name, "no gnuplot pid to kill");
    return;
  }
  struct timespec ts = {0, 50000000};
  nanosleep(&ts, NULL);
  if (plot_render(s, f, PLOT_PNG, 0, &png, &len) < 0) {
    FAIL(name, "plot after kill: %s", plot_session_error(s));
    return;
  }
  free(png);
  int pid2 = plot_session_gnuplot_pid(s);
  plot_session_close(s, f);
  if (pid2 <= 0 || pid2 == pid) {
    FAIL(name, "gnuplot not restarted (pid %d -> %d)", pid, pid2);
    return;
  }
  PASS(name);
}

static void test_missing_gnuplot(void) {
  const char *name = "missing_gnuplot_clear_error";
  char *old = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
  char *over = getenv("SABLE_GNUPLOT") ? strdup(getenv("SABLE_GNUPLOT")) : NULL;
  unsetenv("SABLE_GNUPLOT");
  setenv("PATH", "/nonexistent-sable-test-dir", 1);
  plot_session *s = plot_session_new();
  plot_figure *f = swish_figure(s);
  unsigned char *png = NULL;
  size_t len;
  int rc = plot_render(s, f, PLOT_PNG, 0, &png, &len);
  char msg[1024];
  snprintf(msg, sizeof msg, "%s", plot_session_error(s));
  if (old) setenv("PATH", old, 1); else unsetenv("PATH");
  if (over) setenv("SABLE_GNUPLOT", over, 1);
  free(old);
  free(over);
  if (rc == 0 || !strstr(msg, "gnuplot not found") || !strstr(msg, "apt-get install gnuplot-nox")) {
    FAIL(name, "rc %d message '%s'", rc, msg);
    free(png);
    plot_session_free(s);
    return;
  }
  printf("  (message: %s)\n", msg);
  /* the same session works once gnuplot can be found again */
  if (plot_render(s, f, PLOT_PNG, 0, &png, &len) < 0) {
    FAIL(name, "after PATH restored: %s", plot_session_error(s));
    plot_session_free(s);
    return;
  }
  free(png);
  plot_session_free(s);
  PASS(name);
}

static void test_million(plot_session *s) {
  const char *name = "million_point_line";
  size_t n = 1000000;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  if (!x || !y) {
    FAIL(name, "oom");
    free(x); free(y);
    return;
  }
  for (size_t i = 0; i < n; i++) {
    x[i] = -6 + 12.0 * (double)i / (double)(n - 1);
    y[i] = sin(5 * x[i]) * x[i] + 0.3 * sin(997 * x[i]);
  }
  plot_figure *f = plot_session_figure(s, 0, 0, 0, 0);
  plot_line(plot_figure_gca(f), x, y, n, NULL);
  free(x);
  free(y);
  double t0 = now();
  unsigned char *png;
  size_t len;
  if (plot_render(s, f, PLOT_PNG, 0, &png, &len) < 0) {
    FAIL(name, "%s", plot_session_error(s));
    return;
  }
  double t1 = now();
  write_bytes("build/plots/million.png", png, len);
  image im = {0};
  const char *why = png_decode(png, len, &im);
  free(png);
  int nw = 0, sat = 0;
  if (!why) distinct_colours(&im, 0.13, 0.13, 0.89, 0.88, &nw, &sat);
  free(im.rgb);
  plot_session_close(s, f);
  if (why || sat < 5000) {
    FAIL(name, "%s, %d coloured pixels", why ? why : "too few", sat);
    return;
  }
  printf("PASS %s (1e6 points to PNG in %.3f s)\n", name, t1 - t0);
}

/* ---- markers drawn into a layer, label widths (no gnuplot needed) --------------------- */
static double layer_alpha(const plot_layer *L) {
  double t = 0;
  for (size_t i = 0; i < (size_t)L->w * L->h; i++) t += L->px[i * 4 + 3];
  return t;
}

static void test_marker_layer(void) {
  const char *name = "marker_layer_coverage";
  plot_color red = {1, 0, 0, 1, 1}, none = {0, 0, 0, 0, 1}, blue = {0, 0, 1, 1, 1};
  struct { int marker; double size, ew; plot_color face, edge; double want, tol; } c[] = {
      /* areas by hand: a disc of diameter 10 px; with a 2 px edge, diameter 12; a hollow
       * ring 10 +- 1; an 8 px square (snapped onto pixel corners: exact); a triangle of base
       * and height 10; a 10 px diamond (square of side 10 turned 45 degrees) */
      {'o', 10, 0, red, red, M_PI * 25, 1.0},
      {'o', 10, 2, red, red, M_PI * 36, 1.2},
      {'o', 10, 2, none, blue, M_PI * (36 - 16), 1.5},
      {'s', 8, 0, red, red, 64, 1e-3},
      {'^', 10, 0, red, red, 50, 1.5},
      {'D', 10, 0, red, red, 100, 2.0},
  };
  for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
    plot_layer L;
    if (plot__layer_init(&L, 0, 0, 40, 40) < 0) { FAIL(name, "layer init"); return; }
    plot__layer_marker(&L, c[k].marker, 20.2, 19.7, c[k].size, c[k].ew, c[k].face, c[k].edge);
    double a = layer_alpha(&L);
    if (fabs(a - c[k].want) > c[k].tol) {
      FAIL(name, "marker '%c' size %g edge %g: coverage %.3f, want %.3f", c[k].marker,
           c[k].size, c[k].ew, a, c[k].want);
      plot__layer_free(&L);
      return;
    }
    plot__layer_free(&L);
  }
  /* clipping: a disc centred on the layer's edge keeps half of itself; one outside none */
  plot_layer L;
  if (plot__layer_init(&L, 0, 0, 40, 40) < 0) { FAIL(name, "layer init"); return; }
  plot__layer_marker(&L, 'o', 0, 20.5, 10, 0, red, red);
  double half = layer_alpha(&L);
  plot__layer_marker(&L, 'o', -30, 20, 10, 0, red, red);
  double after = layer_alpha(&L);
  if (fabs(half - M_PI * 12.5) > 1.0 || after != half) {
    FAIL(name, "clipped disc: %.3f (want %.3f), outside one added %.3f", half, M_PI * 12.5,
         after - half);
    plot__layer_free(&L);
    return;
  }
  /* alpha: two half-transparent discs on one spot cover 1 - 0.5^2 = 0.75 at the centre */
  plot__layer_free(&L);
  plot_color half_red = {1, 0, 0, 0.5, 1};
  plot__layer_init(&L, 0, 0, 40, 40);
  plot__layer_marker(&L, 'o', 20.5, 20.5, 10, 0, half_red, half_red);
  plot__layer_marker(&L, 'o', 20.5, 20.5, 10, 0, half_red, half_red);
  float *centre = L.px + ((size_t)20 * L.w + 20) * 4;
  unsigned char *rgba = plot__layer_rgba8(&L);
  int ok = fabsf(centre[3] - 0.75f) < 1e-5 && fabsf(centre[0] - 0.75f) < 1e-5 && rgba &&
           rgba[((size_t)20 * L.w + 20) * 4] == 255 && rgba[((size_t)20 * L.w + 20) * 4 + 3] == 191;
  free(rgba);
  plot__layer_free(&L);
  if (!ok) { FAIL(name, "two alpha 0.5 discs: alpha %.4f, want 0.75", centre[3]); return; }
  PASS(name);
}

static void test_text_width(void) {
  const char *name = "label_widths_dejavu";
  /* DejaVu Sans advances in 1/2048 em: '0' 1303, 'M' 1767, 'i' 569, '-' 739, minus sign
   * U+2212 1716; superscripts at 0.8 */
  struct { const char *s; int enh; double want; size_t chars; } c[] = {
      {"0", 0, 1303 / 2048.0, 1},
      {"Mi", 0, (1767 + 569) / 2048.0, 2},
      {"10^{\xe2\x88\x92" "1}", 1, (2 * 1303 + 0.8 * (1716 + 1303)) / 2048.0, 4},
      {"a\\_b", 1, (1255 + 1024 + 1300) / 2048.0, 3},
  };
  for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
    double w = plot__text_em(c[k].s, c[k].enh);
    size_t n = plot__text_chars(c[k].s, c[k].enh);
    if (fabs(w - c[k].want) > 1e-9 || n != c[k].chars) {
      FAIL(name, "'%s': %.5f em, %zu chars; want %.5f, %zu", c[k].s, w, n, c[k].want, c[k].chars);
      return;
    }
  }
  PASS(name);
}

/* matplotlib 3.11, ax.set_yscale('log') on data 1..3 and on 0.5..2: the minor tick labels
 * it shows (get_yticklabels(minor=True)); and only powers of ten over more than a decade */
static void test_log_ticks_short(void) {
  const char *name = "log_ticks_short_ranges";
  plot_tickset t;
  plot__ticks(0.9, 3.3, 1, 370, 1, 10, &t);
  int have1 = 0, have2 = 0, have3 = 0, extra = 0;
  for (size_t i = 0; i < t.n; i++) {
    if (t.locs[i] < 0.9 || t.locs[i] > 3.3) continue;
    if (t.locs[i] == 1 && strcmp(t.labels[i], "10^{0}") == 0) have1 = 1;
    else if (t.locs[i] == 2 && strcmp(t.labels[i], "2\xc3\x97" "10^{0}") == 0) have2 = 1;
    else if (t.locs[i] == 3 && strcmp(t.labels[i], "3\xc3\x97" "10^{0}") == 0) have3 = 1;
    else extra++;
  }
  if (!have1 || !have2 || !have3 || extra) {
    FAIL(name, "0.9..3.3: 1 %d, 2x %d, 3x %d, other labels %d", have1, have2, have3, extra);
    return;
  }
  /* 0.62..0.9 is 0.16 decade: every minor tick labelled (6, 7, 8 x 10^-1) */
  plot__ticks(0.62, 0.9, 1, 370, 1, 10, &t);
  int n7 = 0;
  for (size_t i = 0; i < t.n; i++)
    if (fabs(t.locs[i] - 0.7) < 1e-12 && strcmp(t.labels[i], "7\xc3\x97" "10^{\xe2\x88\x92" "1}") == 0) n7++;
  if (n7 != 1) { FAIL(name, "0.62..0.9: no 7x10^-1 label"); return; }
  /* 0.045..2.5: decades only */
  plot__ticks(0.045, 2.5, 1, 370, 1, 10, &t);
  for (size_t i = 0; i < t.n; i++)
    if (t.locs[i] >= 0.045 && t.locs[i] <= 2.5 && strncmp(t.labels[i], "10^{", 4) != 0) {
      FAIL(name, "0.045..2.5 labels %g as '%s'", t.locs[i], t.labels[i]);
      return;
    }
  PASS(name);
}

/* matplotlib 3.11: plot, fill_between, bar, scatter, hist, errorbar, plot on one axes get
 * #1f77b4 #1f77b4 #ff7f0e #2ca02c #ff7f0e #2ca02c #d62728 (lines and patches cycle apart) */
static void test_two_cycles(void) {
  const char *name = "colour_cycles_like_matplotlib";
  plot_figure *f = plot_figure_new(NULL, 0, 0, 0);
  plot_axes *ax = plot_figure_gca(f);
  double x[2] = {1, 2}, y[2] = {0, 1}, one[1] = {1}, err[1] = {1};
  plot_line(ax, x, y, 2, NULL);
  plot_fill_between(ax, x, y, NULL, 2, NULL);
  plot_bar(ax, one, one, 1, NULL, 0.8, NULL, 0, NULL);
  plot_scatter(ax, one, one, 1, NULL, NULL);
  plot_hist(ax, x, 2, NULL, NULL, NULL, NULL);
  plot_errorbar(ax, one, one, 1, err, err, NULL, NULL, NULL);
  plot_line(ax, x, y, 2, NULL);
  static const uint32_t want[7] = {0x1f77b4, 0x1f77b4, 0xff7f0e, 0x2ca02c, 0xff7f0e, 0x2ca02c,
                                   0xd62728};
  for (size_t i = 0; i < 7; i++) {
    plot_color c = i < ax->nseries ? ax->series[i]->color : plot__rgb(0);
    uint32_t got = (uint32_t)lround(c.r * 255) << 16 | (uint32_t)lround(c.g * 255) << 8 |
                   (uint32_t)lround(c.b * 255);
    if (ax->nseries != 7 || got != want[i]) {
      FAIL(name, "series %zu: #%06x, want #%06x", i, (unsigned)got, (unsigned)want[i]);
      plot_figure_unref(f);
      return;
    }
  }
  plot_figure_unref(f);
  PASS(name);
}

static void test_scatter_model(void) {
  const char *name = "scatter_colour_arguments";
  plot_figure *f = plot_figure_new(NULL, 0, 0, 0);
  plot_axes *ax = plot_figure_gca(f);
  double x[3] = {1, 2, 3}, y[3] = {3, 1, 2}, v[3] = {1, 2, 3};
  double bad[12] = {1, 0, 0, 1, 0, 1, 0, 1, 2, 0, 0, 1};   /* 2 is no colour value */
  plot_scatter_opts o = {0};
  o.vmin = o.vmax = NAN;
  o.rgba = bad;
  if (plot_scatter(ax, x, y, 3, &o, NULL) == 0 || !strstr(plot_figure_error(f), "0-1 range")) {
    FAIL(name, "RGBA 2.0 accepted: %s", plot_figure_error(f));
    plot_figure_unref(f);
    return;
  }
  /* numbers go through the colormap, the range is the data's, the cycle is not advanced */
  plot_scatter_opts m = {0};
  m.cvals = v;
  m.vmin = m.vmax = NAN;
  if (plot_scatter(ax, x, y, 3, &m, NULL) < 0 || ax->nseries != 1 || ax->pcycle != 0 ||
      ax->series[0]->vmin != 1 || ax->series[0]->vmax != 3 ||
      strcmp(ax->series[0]->cmap, "viridis") != 0 || ax->series[0]->lw != 1.0) {
    FAIL(name, "c= values: %s", plot_figure_error(f));
    plot_figure_unref(f);
    return;
  }
  if (plot_axes_colorbar(ax, "v") < 0) {
    FAIL(name, "no colorbar for a mapped scatter: %s", plot_figure_error(f));
    plot_figure_unref(f);
    return;
  }
  /* a line marker is stroked with lines.linewidth (1.5), a filled one has a 1 pt edge */
  plot_style st;
  plot_style_init(&st);
  st.marker = 'x';
  plot_scatter(ax, x, y, 3, NULL, &st);
  if (ax->series[1]->lw != 1.5 || ax->pcycle != 1 || ax->cycle != 0) {
    FAIL(name, "'x' marker edge %g, cycles %d %d", ax->series[1]->lw, ax->cycle, ax->pcycle);
    plot_figure_unref(f);
    return;
  }
  plot_color none;
  if (plot_color_parse("none", &none) < 0 || none.a != 0) {
    FAIL(name, "'none' is not a transparent colour");
    plot_figure_unref(f);
    return;
  }
  plot_figure_unref(f);
  PASS(name);
}

/* a mapped scatter rendered: viridis' two ends are where the smallest and largest values are */
static void test_scatter_render(plot_session *s) {
  const char *name = "scatter_c_through_viridis";
  plot_figure *f = plot_figure_new(NULL, 0, 0, 0);
  plot_axes *ax = plot_figure_gca(f);
  double x[3] = {0, 1, 2}, y[3] = {0, 1, 2}, v[3] = {10, 20, 30};
  plot_scatter_opts o = {0};
  o.cvals = v;
  o.vmin = o.vmax = NAN;
  o.size = 400;
  plot_scatter(ax, x, y, 3, &o, NULL);
  plot_axes_xlim(ax, -1, 3);
  plot_axes_ylim(ax, -1, 3);
  unsigned char *png;
  size_t len;
  if (plot_render(s, f, PLOT_PNG, 0, &png, &len) < 0) {
    FAIL(name, "%s", plot_session_error(s));
    plot_figure_unref(f);
    return;
  }
  image im;
  const char *why = png_decode(png, len, &im);
  free(png);
  plot_figure_unref(f);
  if (why) { FAIL(name, "%s", why); return; }
  /* the axes box: x 80..576, y 57.6..427.2 px; data -1..3 on both */
  struct { double dx, dy; int r, g, b; } want[2] = {{0, 0, 0x44, 0x01, 0x54}, {2, 2, 0xfd, 0xe7, 0x25}};
  for (int k = 0; k < 2; k++) {
    int px = (int)(80 + (want[k].dx + 1) / 4 * 496), py = (int)(427.2 - (want[k].dy + 1) / 4 * 369.6);
    unsigned char *p = im.rgb + ((size_t)py * im.w + px) * 3;
    if (abs(p[0] - want[k].r) > 3 || abs(p[1] - want[k].g) > 3 || abs(p[2] - want[k].b) > 3) {
      FAIL(name, "point %d at (%d, %d) is #%02x%02x%02x, want #%02x%02x%02x", k, px, py, p[0],
           p[1], p[2], want[k].r, want[k].g, want[k].b);
      free(im.rgb);
      return;
    }
  }
  free(im.rgb);
  PASS(name);
}

int main(void) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  mkdir("build", 0755);
  mkdir("build/plots", 0755);
  test_colors();
  test_fmt();
  test_hist();
  test_ticks();
  test_model_errors();
  test_derivatives_analytic();
  test_marker_layer();
  test_text_width();
  test_scatter_model();
  test_two_cycles();
  test_log_ticks_short();
  plot_session *s = plot_session_new();
  char *out = NULL;
  have_gnuplot = plot_gnuplot_command(s, "print 1", &out) == 0;
  free(out);
  if (!have_gnuplot) {
    const char *why = plot_session_error(s);
    printf("SKIP rendering tests: %s\n", why);
    plot_session_free(s);
    test_missing_gnuplot();
    printf("%s\n", failures ? "some tests FAILED" : "all tests passed");
    return failures ? 1 : 0;
  }
  /* a fresh session pays gnuplot's start-up once; the second plot does not */
  plot_session *s0 = plot_session_new();
  double t0 = now();
  plot_figure *f = swish_figure(s0);
  unsigned char *png;
  size_t len;
  if (plot_render(s0, f, PLOT_PNG, 0, &png, &len) == 0) free(png);
  double t1 = now();
  if (plot_render(s0, f, PLOT_PNG, 0, &png, &len) == 0) free(png);
  double t2 = now();
  plot_session_free(s0);
  printf("  (swish figure: first plot of a session %.3f s, second %.3f s)\n", t1 - t0, t2 - t1);
  test_png(s);
  test_svg_pdf(s);
  test_subplots(s);
  test_images(s);
  test_all_kinds(s);
  test_text(s);
  test_gnuplot_errors(s);
  test_restart(s);
  test_million(s);
  test_scatter_render(s);
  plot_session_free(s);
  test_missing_gnuplot();
  return failures ? 1 : 0;
}
