/* plot_bench.c - plotting timings by hand: gnuplot start-up (first plot) against a warm session
 * (second plot), and a 1,000,000-point line to PNG. Not run by the tests.
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
  /* the same without decimation help: a scatter of 100,000 points */
  plot_figure *h = plot_session_figure(s, 0, 0, 0, 0);
  plot_scatter(plot_figure_gca(h), bx, by, 100000, NULL, NULL);
  printf("100,000-point scatter: PNG %.1f ms\n", render(s, h, PLOT_PNG) * 1e3);
  free(bx);
  free(by);
  plot_session_free(s);
  return 0;
}
