/* colors.c - matplotlib's ways of naming colours, line styles and markers: colour strings,
 * format strings like "r--o", and colormap lookup over the tables in colors_data.c. */
#include "plot_int.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* matplotlib's default property cycle (tab10) */
const uint32_t plot_cycle[10] = {0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd,
                                 0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf};

plot_color plot__rgb(uint32_t rgb) {
  plot_color c = {((rgb >> 16) & 255) / 255.0, ((rgb >> 8) & 255) / 255.0, (rgb & 255) / 255.0,
                  1.0, 1};
  return c;
}

void plot_style_init(plot_style *st) {
  memset(st, 0, sizeof *st);
  st->alpha = -1;
  st->linestyle = PLOT_LS_DEFAULT;
  st->capsize = 0;
}

static int hexval(int ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  ch = tolower(ch);
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  return -1;
}

int plot_color_parse(const char *s, plot_color *out) {
  if (!s) return -1;
  while (*s == ' ') s++;
  size_t n = strlen(s);
  while (n && s[n - 1] == ' ') n--;
  if (n == 0 || n > 40) return -1;
  char buf[48];
  memcpy(buf, s, n);
  buf[n] = 0;
  if (buf[0] == '#') {             /* #rgb #rgba #rrggbb #rrggbbaa */
    int v[8];
    for (size_t i = 1; i < n; i++)
      if ((v[i - 1] = hexval((unsigned char)buf[i])) < 0) return -1;
    size_t k = n - 1;
    if (k == 3 || k == 4) {
      out->r = v[0] * 17 / 255.0; out->g = v[1] * 17 / 255.0; out->b = v[2] * 17 / 255.0;
      out->a = k == 4 ? v[3] * 17 / 255.0 : 1.0;
    } else if (k == 6 || k == 8) {
      out->r = (v[0] * 16 + v[1]) / 255.0; out->g = (v[2] * 16 + v[3]) / 255.0;
      out->b = (v[4] * 16 + v[5]) / 255.0;
      out->a = k == 8 ? (v[6] * 16 + v[7]) / 255.0 : 1.0;
    } else {
      return -1;
    }
    out->set = 1;
    return 0;
  }
  if (buf[0] == 'C' && n == 2 && isdigit((unsigned char)buf[1])) {   /* the cycle, C0..C9 */
    *out = plot__rgb(plot_cycle[buf[1] - '0']);
    return 0;
  }
  {                                /* a grey level "0.0".."1.0" */
    char *end;
    double g = strtod(buf, &end);
    if (end != buf && *end == 0 && (isdigit((unsigned char)buf[0]) || buf[0] == '.')) {
      if (!(g >= 0 && g <= 1)) return -1;
      out->r = out->g = out->b = g;
      out->a = 1;
      out->set = 1;
      return 0;
    }
  }
  /* names: exact for the one-letter ones ("b" vs "B" is not a colour), else case-insensitive
   * with "grey" spelled either way */
  char low[48];
  for (size_t i = 0; i <= n; i++) low[i] = (char)tolower((unsigned char)buf[i]);
  if (n == 1 && low[0] != buf[0]) return -1;
  if (strcmp(low, "none") == 0) {  /* matplotlib's fully transparent "none" */
    out->r = out->g = out->b = out->a = 0;
    out->set = 1;
    return 0;
  }
  char *gr = strstr(low, "grey");
  if (gr) gr[2] = 'a';
  size_t lo = 0, hi = 0;
  while (plot_named_colors[hi].name) hi++;
  while (lo < hi) {                /* the table is sorted by name */
    size_t mid = (lo + hi) / 2;
    int c = strcmp(plot_named_colors[mid].name, low);
    if (c == 0) {
      *out = plot__rgb(plot_named_colors[mid].rgb);
      return 0;
    }
    if (c < 0) lo = mid + 1; else hi = mid;
  }
  return -1;
}

int plot_linestyle_parse(const char *s) {
  if (!s) return -1;
  static const struct { const char *name; int ls; } t[] = {
      {"-", PLOT_LS_SOLID}, {"solid", PLOT_LS_SOLID}, {"--", PLOT_LS_DASHED},
      {"dashed", PLOT_LS_DASHED}, {":", PLOT_LS_DOTTED}, {"dotted", PLOT_LS_DOTTED},
      {"-.", PLOT_LS_DASHDOT}, {"dashdot", PLOT_LS_DASHDOT}, {"None", PLOT_LS_NONE},
      {"none", PLOT_LS_NONE}, {"", PLOT_LS_NONE}, {" ", PLOT_LS_NONE}};
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (strcmp(s, t[i].name) == 0) return t[i].ls;
  return -1;
}

static const char MARKERS[] = "os^v<>x+.,*dDph|_P8X1234";

int plot_style_fmt(plot_style *st, const char *fmt, char *err, size_t errlen) {
  if (!fmt) return 0;
  const char *p = fmt;
  int ls = 0, marker = 0, have_color = 0;
  while (*p) {
    int l = 0;
    if (p[0] == '-' && p[1] == '-') l = PLOT_LS_DASHED;
    else if (p[0] == '-' && p[1] == '.') l = PLOT_LS_DASHDOT;
    if (l) {
      if (ls) goto dup_ls;
      ls = l;
      p += 2;
      continue;
    }
    if (*p == '-' || *p == ':') {
      if (ls) goto dup_ls;
      ls = *p == '-' ? PLOT_LS_SOLID : PLOT_LS_DOTTED;
      p++;
      continue;
    }
    if (*p == 'C' && isdigit((unsigned char)p[1])) {
      if (have_color) goto dup_color;
      st->color = plot__rgb(plot_cycle[p[1] - '0']);
      have_color = 1;
      p += 2;
      continue;
    }
    if (strchr("bgrcmykw", *p)) {
      if (have_color) goto dup_color;
      char name[2] = {*p, 0};
      plot_color_parse(name, &st->color);
      have_color = 1;
      p++;
      continue;
    }
    if (strchr(MARKERS, *p)) {
      if (marker) {
        snprintf(err, errlen, "Illegal format string \"%s\"; two marker symbols", fmt);
        return -1;
      }
      marker = *p;
      p++;
      continue;
    }
    snprintf(err, errlen, "Unrecognized character %c in format string '%s'", *p, fmt);
    return -1;
  }
  /* a marker without a line style means markers only, as in matplotlib */
  if (marker && !ls) ls = PLOT_LS_NONE;
  if (ls) st->linestyle = ls;
  if (marker) st->marker = marker;
  return 0;
dup_ls:
  snprintf(err, errlen, "Illegal format string \"%s\"; two linestyle symbols", fmt);
  return -1;
dup_color:
  snprintf(err, errlen, "Illegal format string \"%s\"; two color symbols", fmt);
  return -1;
}

static const plot_cmap_def *find_cmap(const char *name, int *reversed) {
  if (!name) return NULL;
  size_t n = strlen(name);
  *reversed = 0;
  char base[48];
  if (n >= sizeof base) return NULL;
  memcpy(base, name, n + 1);
  if (n > 2 && strcmp(base + n - 2, "_r") == 0) {
    base[n - 2] = 0;
    *reversed = 1;
  }
  for (const plot_cmap_def *d = plot_cmap_table; d->name; d++)
    if (strcmp(d->name, base) == 0) return d;
  /* "grey" and "Greys" spelled by users in other cases */
  if (strcmp(base, "grey") == 0) return find_cmap(*reversed ? "gray_r" : "gray", reversed);
  for (const plot_cmap_def *d = plot_cmap_table; d->name; d++)
    if (strcasecmp(d->name, base) == 0) return d;
  return NULL;
}

int plot_cmap_exists(const char *name) {
  int r;
  return find_cmap(name, &r) != NULL;
}

static uint32_t entry(const plot_cmap_def *d, int i) {
  const char *h = d->hex + 6 * i;
  uint32_t v = 0;
  for (int k = 0; k < 6; k++) v = v * 16 + (uint32_t)hexval((unsigned char)h[k]);
  return v;
}

/* sampled like matplotlib's lookup table: t in [0,1] picks entry floor(t*N), clamped */
static uint32_t lookup(const plot_cmap_def *d, int rev, double t) {
  if (!(t >= 0)) t = 0;
  if (t > 1) t = 1;
  if (rev) t = 1 - t;
  int i = (int)(t * d->n);
  if (i >= d->n) i = d->n - 1;
  return entry(d, i);
}

int plot_cmap_color(const char *name, double t, plot_color *out) {
  int rev;
  const plot_cmap_def *d = find_cmap(name, &rev);
  if (!d) return -1;
  *out = plot__rgb(lookup(d, rev, t));
  return 0;
}

int plot__cmap_samples(const char *name, uint32_t *out, int n) {
  int rev;
  const plot_cmap_def *d = find_cmap(name, &rev);
  if (!d || n < 2 || n > 256) return -1;
  /* qualitative maps have few entries: give each its own sample */
  if (d->n < n) n = d->n;
  for (int i = 0; i < n; i++) {
    int k = (int)((double)i * (d->n - 1) / (n - 1) + 0.5);
    out[i] = entry(d, rev ? d->n - 1 - k : k);
  }
  return n;
}
