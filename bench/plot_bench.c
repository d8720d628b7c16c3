/* plot_bench.c - plotting timings by hand: gnuplot start-up (first plot) against a warm session
 * (second plot), a 1,000,000-point line, 100,000-point scatters, an image grid. Not run by the
 * tests; results in bench/plot_results.md.
 * Build and run from the repository root:
 *   cc -O2 -D_GNU_SOURCE -Iplotting bench/plot_bench.c plotting/*.c -lm -lpthread \
 *      -o build/plot_bench && ./build/plot_bench */
#include "plot.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double render(plot_session *s, plot_figure *f, plot_format fmt) {
  unsigned char *out;
  size_t len;
  double t0 = now();
  if (plot_render(s, f, fmt, 0, &out, &len) < 0) {
    fprintf(stderr, "error: %s\n", plot_session_error(s));
    exit(1);
  }
  double t = now() - t0;
  free(out);
  return t;
}

int main(void) {
  plot_session *s = plot_session_new();
  plot_figure *f = plot_session_figure(s, 0, 0, 0, 0);
  double x[200], y[200];
  for (int i = 0; i < 200; i++) { x[i] = i / 20.0; y[i] = sin(x[i]); }
  plot_line(plot_figure_gca(f), x, y, 200, NULL);
  double first = render(s, f, PLOT_PNG);
  double second = render(s, f, PLOT_PNG);
  double best = 1e9;
  for (int i = 0; i < 10; i++) { double t = render(s, f, PLOT_PNG); if (t < best) best = t; }
  printf("small line to PNG: first %.1f ms (starts gnuplot), second %.1f ms, best of 10 %.1f ms\n",
         first * 1e3, second * 1e3, best * 1e3);

  size_t n = 1000000;
  double *bx = malloc(n * sizeof *bx), *by = malloc(n * sizeof *by);
  for (size_t i = 0; i < n; i++) {
    bx[i] = (double)i / (double)n * 12 - 6;
    by[i] = sin(5 * bx[i]) * bx[i] + 0.3 * sin(997 * bx[i]);
  }
  plot_figure *g = plot_session_figure(s, 0, 0, 0, 0);
  plot_line(plot_figure_gca(g), bx, by, n, NULL);
  double t_png = render(s, g, PLOT_PNG), t_svg = render(s, g, PLOT_SVG), t_pdf = render(s, g, PLOT_PDF);
  printf("1,000,000-point line: PNG %.1f ms, SVG %.1f ms, PDF %.1f ms\n", t_png * 1e3,
         t_svg * 1e3, t_pdf * 1e3);
  /* no decimation for markers: a scatter of 100,000 points (drawn into an image layer by
   * Sable for PNG, and for PDF above 5,000 points; gnuplot's own points in SVG) */
  size_t m = 100000;
  double *sx = malloc(m * sizeof *sx), *sy = malloc(m * sizeof *sy), *sc = malloc(m * sizeof *sc);
  unsigned long long r = 88172645463325252ULL;
  for (size_t i = 0; i < m; i++) {
    double u[4];
    for (int k = 0; k < 4; k++) {       /* xorshift64: the same points every run */
      r ^= r << 13; r ^= r >> 7; r ^= r << 17;
      u[k] = (double)(r >> 11) / 9007199254740992.0;
    }
    sx[i] = sqrt(-2 * log(u[0] + 1e-300)) * cos(6.283185307179586 * u[1]);
    sy[i] = sqrt(-2 * log(u[2] + 1e-300)) * cos(6.283185307179586 * u[3]);
    sc[i] = sx[i] * sy[i];
  }
  plot_figure *h = plot_session_figure(s, 0, 0, 0, 0);
  plot_scatter(plot_figure_gca(h), sx, sy, m, NULL, NULL);
  double sp = render(s, h, PLOT_PNG), ss = render(s, h, PLOT_SVG), sd = render(s, h, PLOT_PDF);
  printf("100,000-point scatter: PNG %.1f ms, SVG %.1f ms, PDF %.1f ms\n", sp * 1e3, ss * 1e3,
         sd * 1e3);
  plot_figure *hc = plot_session_figure(s, 0, 0, 0, 0);
  plot_scatter_opts o = {0};
  o.cvals = sc;
  o.vmin = o.vmax = NAN;
  plot_style st;
  plot_style_init(&st);
  st.alpha = 0.5;
  plot_scatter(plot_figure_gca(hc), sx, sy, m, &o, &st);
  plot_axes_colorbar(plot_figure_gca(hc), NULL);
  printf("100,000-point scatter, c= through viridis, alpha 0.5, colorbar: PNG %.1f ms\n",
         render(s, hc, PLOT_PNG) * 1e3);
  /* a 4x4 grid of 28x28 grey images with titles, as the Fashion-MNIST slide */
  plot_figure *g4 = plot_session_figure(s, 0, 6, 6, 0);
  plot_axes *axs[16];
  plot_figure_subplots(g4, 4, 4, axs);
  unsigned char img[28 * 28];
  for (int k = 0; k < 28 * 28; k++) img[k] = (unsigned char)((k * 37) % 256);
  for (int k = 0; k < 16; k++) {
    plot_image_opts io;
    plot_image_opts_init(&io);
    io.cmap = "gray";
    plot_imshow(axs[k], img, PLOT_U8, 28, 28, 1, &io);
    plot_axes_title(axs[k], "Ankle boot");
    plot_axes_axis(axs[k], 0);
  }
  plot_figure_tight_layout(g4);
  printf("4x4 grid of 28x28 images: PNG %.1f ms\n", render(s, g4, PLOT_PNG) * 1e3);
  free(sx); free(sy); free(sc);
  free(bx);
  free(by);
  plot_session_free(s);
  return 0;
}
