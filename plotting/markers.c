/* markers.c - markers drawn by Sable into an RGBA layer that gnuplot then composites as one
 * image: gnuplot's cairo terminals spend ~16 us of CPU on each filled circle (100,000 points
 * took seconds), while a precomputed antialiased stamp costs a few hundred nanoseconds. */
#include "plot_int.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

int plot__layer_init(plot_layer *L, double x0, double y0, double x1, double y1) {
  memset(L, 0, sizeof *L);
  if (!(x1 > x0) || !(y1 > y0) || !isfinite(x0) || !isfinite(y0) || !isfinite(x1) ||
      !isfinite(y1))
    return -1;
  L->ix0 = (int)floor(x0);
  L->iy0 = (int)floor(y0);
  L->w = (int)ceil(x1) - L->ix0;
  L->h = (int)ceil(y1) - L->iy0;
  if (L->w < 1 || L->h < 1 || (double)L->w * L->h > PLOT_LAYER_MAX_PIXELS) return -1;
  L->clip[0] = x0; L->clip[1] = y0; L->clip[2] = x1; L->clip[3] = y1;
  L->px = calloc((size_t)L->w * L->h * 4, sizeof(float));
  L->colw = malloc((size_t)L->w * sizeof(float));
  L->rowh = malloc((size_t)L->h * sizeof(float));
  if (!L->px || !L->colw || !L->rowh) {
    plot__layer_free(L);
    return -1;
  }
  /* edge pixels of the clip box count for the part of them that lies inside */
  for (int i = 0; i < L->w; i++) {
    double a = fmax(L->ix0 + i, x0), b = fmin(L->ix0 + i + 1, x1);
    L->colw[i] = (float)(b > a ? b - a : 0);
  }
  for (int j = 0; j < L->h; j++) {
    double a = fmax(L->iy0 + j, y0), b = fmin(L->iy0 + j + 1, y1);
    L->rowh[j] = (float)(b > a ? b - a : 0);
  }
  return 0;
}

void plot__layer_free(plot_layer *L) {
  free(L->px);
  free(L->colw);
  free(L->rowh);
  free(L->stamp);
  free(L->span);
  memset(L, 0, sizeof *L);
}

/* ---- marker outlines (matplotlib's markers.py, unit size, y up) ------------------------ */
typedef struct shape {
  int circle;            /* 1: a disc of radius r */
  double r;
  int n;                 /* polygon vertices (filled) or segment endpoints (stroked) */
  double v[24][2];
  int stroked;           /* 1: n/2 line segments, only the edge is drawn */
} shape;

static void regular(shape *s, int n, double r, double rot_deg) {
  s->n = n;
  for (int i = 0; i < n; i++) {
    double a = (90 + rot_deg + 360.0 * i / n) * M_PI / 180;
    s->v[i][0] = r * cos(a);
    s->v[i][1] = r * sin(a);
  }
}

static void poly(shape *s, int n, const double (*v)[2], double scale, double rot_deg) {
  double c = cos(rot_deg * M_PI / 180), sn = sin(rot_deg * M_PI / 180);
  s->n = n;
  for (int i = 0; i < n; i++) {
    double x = v[i][0] * scale, y = v[i][1] * scale;
    s->v[i][0] = c * x - sn * y;
    s->v[i][1] = sn * x + c * y;
  }
}

/* 1 when the marker has a face (filled), 0 for the line markers (+ x | _ 1 2 3 4) */
int plot__marker_filled(int marker) { return !strchr("+x|_1234", marker); }

static void marker_shape(int marker, shape *s) {
  memset(s, 0, sizeof *s);
  static const double tri[3][2] = {{0, 1}, {-1, -1}, {1, -1}};
  static const double sq[4][2] = {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}};
  static const double plus_f[12][2] = {{-1, -3}, {1, -3}, {1, -1}, {3, -1}, {3, 1}, {1, 1},
                                       {1, 3}, {-1, 3}, {-1, 1}, {-3, 1}, {-3, -1}, {-1, -1}};
  static const double seg_plus[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
  static const double seg_v[2][2] = {{0, -1}, {0, 1}};
  static const double seg_tri[6][2] = {{0, 0}, {0, -1}, {0, 0}, {-0.866, 0.5}, {0, 0},
                                       {0.866, 0.5}};
  switch (marker) {
  case '.': s->circle = 1; s->r = 0.25; break;
  case '8': regular(s, 8, 0.5, 22.5); break;
  case 's': poly(s, 4, sq, 1, 0); break;
  case 'D': poly(s, 4, sq, 1, 45); break;
  case 'd':
    poly(s, 4, sq, 1, 45);
    for (int i = 0; i < 4; i++) s->v[i][0] *= 0.6;
    break;
  case '^': poly(s, 3, tri, 0.5, 0); break;
  case 'v': poly(s, 3, tri, 0.5, 180); break;
  case '<': poly(s, 3, tri, 0.5, 90); break;
  case '>': poly(s, 3, tri, 0.5, 270); break;
  case 'p': regular(s, 5, 0.5, 0); break;
  case 'h': regular(s, 6, 0.5, 0); break;
  case 'H': regular(s, 6, 0.5, 30); break;
  case '*':
    s->n = 10;
    for (int i = 0; i < 10; i++) {
      double a = (90 + 36.0 * i) * M_PI / 180, r = i % 2 ? 0.5 * 0.381966 : 0.5;
      s->v[i][0] = r * cos(a);
      s->v[i][1] = r * sin(a);
    }
    break;
  case 'P': poly(s, 12, plus_f, 1 / 6.0, 0); break;
  case 'X': poly(s, 12, plus_f, 1 / 6.0, 45); break;
  case '+': poly(s, 4, seg_plus, 0.5, 0); s->stroked = 1; break;
  case 'x': poly(s, 4, seg_plus, 0.5, 45); s->stroked = 1; break;
  case '|': poly(s, 2, seg_v, 0.5, 0); s->stroked = 1; break;
  case '_': poly(s, 2, seg_v, 0.5, 90); s->stroked = 1; break;
  case '1': poly(s, 6, seg_tri, 0.5, 0); s->stroked = 1; break;
  case '2': poly(s, 6, seg_tri, 0.5, 180); s->stroked = 1; break;
  case '3': poly(s, 6, seg_tri, 0.5, 90); s->stroked = 1; break;
  case '4': poly(s, 6, seg_tri, 0.5, 270); s->stroked = 1; break;
  default: s->circle = 1; s->r = 0.5; break;          /* 'o' */
  }
}

static double seg_dist(double px, double py, const double *a, const double *b) {
  double dx = b[0] - a[0], dy = b[1] - a[1];
  double l2 = dx * dx + dy * dy;
  double t = l2 > 0 ? ((px - a[0]) * dx + (py - a[1]) * dy) / l2 : 0;
  if (t < 0) t = 0;
  if (t > 1) t = 1;
  double ex = px - (a[0] + t * dx), ey = py - (a[1] + t * dy);
  return sqrt(ex * ex + ey * ey);
}

/* signed distance from (px, py) to the outline of s scaled by size (negative inside) */
static double sdist(const shape *s, double size, double px, double py) {
  if (s->circle) return sqrt(px * px + py * py) - s->r * size;
  double best = INFINITY;
  if (s->stroked) {
    for (int i = 0; i + 1 < s->n; i += 2) {
      double a[2] = {s->v[i][0] * size, s->v[i][1] * size};
      double b[2] = {s->v[i + 1][0] * size, s->v[i + 1][1] * size};
      best = fmin(best, seg_dist(px, py, a, b));
    }
    return best;        /* a stroke: the edge half-width is subtracted by the caller */
  }
  int inside = 0;
  for (int i = 0, j = s->n - 1; i < s->n; j = i++) {
    double a[2] = {s->v[j][0] * size, s->v[j][1] * size};
    double b[2] = {s->v[i][0] * size, s->v[i][1] * size};
    best = fmin(best, seg_dist(px, py, a, b));
    if ((a[1] > py) != (b[1] > py) && px < (b[0] - a[0]) * (py - a[1]) / (b[1] - a[1]) + a[0])
      inside = !inside;
  }
  return inside ? -best : best;
}

static double cover(double d) { return d <= -0.5 ? 1 : d >= 0.5 ? 0 : 0.5 - d; }

/* Coverage stamps for a marker of size px (matplotlib's markersize in layer pixels) and edge
 * width ew: for each pixel of a (2r+1)^2 square around the centre, the face coverage (inside
 * the outline less half the edge) and the total coverage (face plus edge). */
static int make_stamp(plot_layer *L, int marker, double size, double ew) {
  if (L->stamp && L->st_marker == marker && L->st_size == size && L->st_ew == ew) return 0;
  shape s;
  marker_shape(marker, &s);
  int filled = !s.stroked;
  /* the centre sits on a pixel centre when the marker spans an odd number of pixels, on a
   * pixel corner otherwise, so that straight edges fall on pixel boundaries (crisp) */
  long span = lround(size + (filled ? ew : 0));
  double off = span % 2 ? 0.5 : 0;
  double ext = size * (s.circle ? s.r : 0.75) + ew / 2 + 1;
  int r = (int)ceil(ext);
  if (r > 1000) r = 1000;
  int side = 2 * r + 1;
  float *st = malloc((size_t)side * side * 2 * sizeof(float));
  if (!st) return -1;
  for (int j = 0; j < side; j++)
    for (int i = 0; i < side; i++) {
      /* pixel (i, j) of the stamp covers [i - r, i - r + 1] around the snapped centre */
      double px = i - r + 0.5 - off, py = j - r + 0.5 - off;
      double d = sdist(&s, size, px, py);
      float face, all;
      if (filled) {
        face = (float)cover(d + ew / 2);
        all = (float)cover(d - ew / 2);
      } else {
        face = 0;
        all = (float)cover(d - fmax(ew, 0.5) / 2);
      }
      st[((size_t)j * side + i) * 2] = face;
      st[((size_t)j * side + i) * 2 + 1] = all;
    }
  /* each row's covered span, so that blending skips the empty corners */
  int *span_lr = malloc((size_t)side * 2 * sizeof(int));
  if (!span_lr) {
    free(st);
    return -1;
  }
  for (int j = 0; j < side; j++) {
    int a = side, z = 0;
    for (int i = 0; i < side; i++)
      if (st[((size_t)j * side + i) * 2 + 1] > 0) {
        if (i < a) a = i;
        z = i + 1;
      }
    span_lr[2 * j] = a < z ? a : 0;
    span_lr[2 * j + 1] = a < z ? z : 0;
  }
  free(L->stamp);
  free(L->span);
  L->span = span_lr;
  L->stamp = st;
  L->st_r = r;
  L->st_off = off;
  L->st_marker = marker;
  L->st_size = size;
  L->st_ew = ew;
  return 0;
}

int plot__layer_marker(plot_layer *L, int marker, double cx, double cy, double size, double ew,
                       plot_color face, plot_color edge) {
  if (!isfinite(cx) || !isfinite(cy) || !(size >= 0) || !(ew >= 0)) return 0;
  if (marker == ',') {              /* one pixel */
    size = 1;
    ew = 0;
    marker = 's';
  }
  if (size > 1000) size = 1000;           /* a stamp of at most ~1500 px square */
  if (make_stamp(L, marker, size, ew) < 0) return -1;
  int r = L->st_r, side = 2 * r + 1;
  /* snap the centre (see make_stamp) and find the stamp's origin pixel in the layer */
  long sx = lround(cx - L->st_off), sy = lround(cy - L->st_off);
  long ox = sx - r - L->ix0, oy = sy - r - L->iy0;
  if (ox >= L->w || oy >= L->h || ox + side <= 0 || oy + side <= 0) return 0;
  double fa = face.a, ea = edge.a;
  float fr = (float)(face.r * fa), fg = (float)(face.g * fa), fb = (float)(face.b * fa);
  float er = (float)(edge.r * ea), eg = (float)(edge.g * ea), eb = (float)(edge.b * ea);
  int j0 = oy < 0 ? (int)-oy : 0, j1 = oy + side > L->h ? (int)(L->h - oy) : side;
  int i0 = ox < 0 ? (int)-ox : 0, i1 = ox + side > L->w ? (int)(L->w - ox) : side;
  for (int j = j0; j < j1; j++) {
    int ly = (int)(oy + j);
    float rh = L->rowh[ly];
    const float *srow = L->stamp + (size_t)j * side * 2;
    float *drow = L->px + ((size_t)ly * L->w) * 4;
    int a = L->span[2 * j] > i0 ? L->span[2 * j] : i0;
    int z = L->span[2 * j + 1] < i1 ? L->span[2 * j + 1] : i1;
    for (int i = a; i < z; i++) {
      float cf = srow[i * 2], ca = srow[i * 2 + 1];
      if (ca <= 0) continue;
      int lx = (int)(ox + i);
      float k = rh * L->colw[lx];
      cf *= k;
      ca *= k;
      float ce = ca - cf;
      /* premultiplied source: the face part and the edge ring, then "over" */
      float sr = fr * cf + er * ce, sg = fg * cf + eg * ce, sb = fb * cf + eb * ce;
      float sa = (float)(fa * cf + ea * ce);
      float *d = drow + (size_t)lx * 4;
      float keep = 1 - sa;
      d[0] = sr + d[0] * keep;
      d[1] = sg + d[1] * keep;
      d[2] = sb + d[2] * keep;
      d[3] = sa + d[3] * keep;
    }
  }
  return 0;
}

unsigned char *plot__layer_rgba8(const plot_layer *L) {
  size_t n = (size_t)L->w * L->h;
  unsigned char *o = malloc(n * 4);
  if (!o) return NULL;
  for (size_t i = 0; i < n; i++) {
    const float *p = L->px + i * 4;
    float a = p[3];
    if (a <= 0) {
      memset(o + i * 4, 0, 4);
      continue;
    }
    for (int k = 0; k < 3; k++) {
      float v = p[k] / a;
      o[i * 4 + k] = (unsigned char)lroundf((v < 0 ? 0 : v > 1 ? 1 : v) * 255);
    }
    o[i * 4 + 3] = (unsigned char)lroundf((a > 1 ? 1 : a) * 255);
  }
  return o;
}
