/* textwidth.c - how wide a label is in DejaVu Sans (the font every figure uses), in ems, from
 * the font's advance widths: gnuplot only guesses widths by counting characters, which makes
 * legend frames and tight_layout margins too narrow for "MMWW" and too wide for "iill". */
#include "plot_int.h"
#include <string.h>

/* DejaVu Sans advance widths for ' '..'~' in 1/2048 em */
static const unsigned short ADV[95] = {
    651,  821,  942,  1716, 1303, 1946, 1597, 563,  799,  799,  1024, 1716, 651,  739,  651,
    690,  1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690,  690,  1716, 1716,
    1716, 1087, 2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604,  604,  1343, 1141,
    1767, 1532, 1612, 1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799,
    690,  799,  1716, 1024, 1024, 1255, 1300, 1126, 1300, 1260, 721,  1300, 1298, 569,  569,
    1186, 569,  1995, 1298, 1253, 1300, 1300, 842,  1067, 803,  1298, 1212, 1675, 1212, 1212,
    1075, 1303, 690,  1303, 1716};

static double char_em(unsigned cp) {
  if (cp >= 32 && cp < 127) return ADV[cp - 32] / 2048.0;
  if (cp == 0x2212) return 1716 / 2048.0;            /* the minus sign of tick labels */
  return 0.65;                                       /* Greek, symbols: about a digit */
}

/* next code point of UTF-8 text (malformed bytes count as one character each) */
static unsigned next_cp(const unsigned char **p) {
  const unsigned char *s = *p;
  unsigned c = s[0];
  int n = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
  for (int i = 1; i <= n; i++)
    if ((s[i] & 0xc0) != 0x80) n = 0;
  if (n) {
    c &= 0x3f >> n;
    for (int i = 1; i <= n; i++) c = (c << 6) | (s[i] & 0x3f);
  }
  *p = s + n + 1;
  return c;
}

/* Width of gnuplot enhanced text (what plot__enh_text produced): ^{...} and _{...} are set at
 * 0.8 size, \x escapes print x, braces and @ & ~ are markup. */
static double enhanced_em(const char *s) {
  double w = 0, scale = 1;
  int depth = 0, small_depth = -1;
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    if (*p == '\\' && p[1]) {
      p++;
      w += char_em(next_cp(&p)) * scale;
      continue;
    }
    if ((*p == '^' || *p == '_') && p[1] == '{') {
      if (small_depth < 0) {
        small_depth = depth;
        scale = 0.8;
      }
      depth++;
      p += 2;
      continue;
    }
    if (*p == '{') {
      depth++;
      p++;
      if (*p == '/')                          /* {/font text}: the font is no text */
        while (*p && *p != ' ') p++;
      if (*p == ' ') p++;
      continue;
    }
    if (*p == '}') {
      depth--;
      if (depth == small_depth) {
        small_depth = -1;
        scale = 1;
      }
      p++;
      continue;
    }
    if (*p == '@' || *p == '&' || *p == '~') { p++; continue; }
    w += char_em(next_cp(&p)) * scale;
  }
  return w;
}

double plot__text_em(const char *s, int enhanced) {
  if (!s) return 0;
  if (enhanced) return enhanced_em(s);
  double w = 0;
  const unsigned char *p = (const unsigned char *)s;
  while (*p) w += char_em(next_cp(&p));
  return w;
}

size_t plot__text_chars(const char *s, int enhanced) {
  size_t n = 0;
  const unsigned char *p = (const unsigned char *)(s ? s : "");
  while (*p) {
    if (enhanced) {
      if (*p == '\\' && p[1]) { p++; next_cp(&p); n++; continue; }
      if (*p == '{' && p[1] == '/') {
        while (*p && *p != ' ') p++;
        if (*p == ' ') p++;
        continue;
      }
      if (*p == '^' || *p == '_' || *p == '{' || *p == '}' || *p == '@' || *p == '&' ||
          *p == '~') {
        p++;
        continue;
      }
    }
    next_cp(&p);
    n++;
  }
  return n;
}
