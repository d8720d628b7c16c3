/* fmt.c - number and text formatting exactly as CPython 3.11 does it: float repr, the
 * format-spec mini-language for int, float and str, a growable buffer, UTF-8 helpers. */
#include "fmt.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Conventions beyond the header (until it grows fields for them):
 * - FmtSpec.alternate is a bit set: FMT_ALT ('#') and FMT_NONEG0 ('z').
 * - fmt_parse_spec cannot know the object's type, so its two messages that CPython phrases
 *   with one ("Invalid format specifier 'x!' ..." and "Unknown format code '\xe9' ...") stop
 *   before " for object of type 'T'": the caller appends that phrase.
 * - An FBuf whose allocation failed is "poisoned" (cap == SIZE_MAX, s == NULL); later
 *   appends are dropped and the format functions report "out of memory". */
#define FMT_ALT 1
#define FMT_NONEG0 2
#define FBUF_POISON ((size_t)-1)
/* Refuse outputs larger than this rather than try to allocate them. */
#define FMT_MAX_OUT ((size_t)1 << 30)

/* ---------------------------------------------------------------- FBuf */

static int fbuf_reserve(FBuf *b, size_t extra) {
  if (b->cap == FBUF_POISON) return -1;
  if (extra > FMT_MAX_OUT || b->len > FMT_MAX_OUT) goto fail;
  size_t need = b->len + extra + 1;
  if (need <= b->cap) return 0;
  size_t cap = b->cap ? b->cap : 32;
  while (cap < need) cap *= 2;
  char *s = realloc(b->s, cap);
  if (!s) goto fail;
  b->s = s;
  b->cap = cap;
  return 0;
fail:
  free(b->s);
  b->s = NULL;
  b->len = 0;
  b->cap = FBUF_POISON;
  return -1;
}

void fbuf_putn(FBuf *b, const char *s, size_t n) {
  if (fbuf_reserve(b, n) < 0) return;
  if (n) memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = 0;
}

void fbuf_puts(FBuf *b, const char *s) { fbuf_putn(b, s, strlen(s)); }

void fbuf_putc(FBuf *b, char c) { fbuf_putn(b, &c, 1); }

void fbuf_printf(FBuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0 || fbuf_reserve(b, (size_t)n) < 0) return;
  va_start(ap, fmt);
  vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

const char *fbuf_cstr(FBuf *b) {
  if (b->cap == FBUF_POISON) return "";
  if (!b->s && fbuf_reserve(b, 0) < 0) return "";
  b->s[b->len] = 0;
  return b->s;
}

void fbuf_free(FBuf *b) {
  if (b->cap != FBUF_POISON) free(b->s);
  b->s = NULL;
  b->len = b->cap = 0;
}

static void fbuf_fill(FBuf *b, uint32_t cp, size_t count) {
  char u[4];
  int k = utf8_encode(cp, u);
  if (k <= 0) { u[0] = '?'; k = 1; }
  if (count > FMT_MAX_OUT || fbuf_reserve(b, count * (size_t)k) < 0) {
    fbuf_reserve(b, FMT_MAX_OUT + 1);   /* poisons */
    return;
  }
  for (size_t i = 0; i < count; i++) {
    memcpy(b->s + b->len, u, (size_t)k);
    b->len += (size_t)k;
  }
  b->s[b->len] = 0;
}

static int seterr(char *err, size_t errn, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int seterr(char *err, size_t errn, const char *fmt, ...) {
  if (err && errn) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errn, fmt, ap);
    va_end(ap);
  }
  return -1;
}

static int oom_check(FBuf *out, char *err, size_t errn) {
  if (out->cap == FBUF_POISON) return seterr(err, errn, "out of memory");
  return 0;
}

/* ---------------------------------------------------------------- UTF-8 */

int utf8_decode(const char *s, size_t n, uint32_t *cp) {
  const unsigned char *u = (const unsigned char *)s;
  if (n == 0) return 0;
  uint32_t c = u[0];
  int k;
  uint32_t min;
  if (c < 0x80) { *cp = c; return 1; }
  if (c >= 0xC2 && c <= 0xDF) { k = 2; c &= 0x1F; min = 0x80; }
  else if (c >= 0xE0 && c <= 0xEF) { k = 3; c &= 0x0F; min = 0x800; }
  else if (c >= 0xF0 && c <= 0xF4) { k = 4; c &= 0x07; min = 0x10000; }
  else return 0;
  if (n < (size_t)k) return 0;
  for (int i = 1; i < k; i++) {
    if ((u[i] & 0xC0) != 0x80) return 0;
    c = (c << 6) | (u[i] & 0x3F);
  }
  if (c < min || c > 0x10FFFF) return 0;
  *cp = c;
  return k;
}

int utf8_encode(uint32_t cp, char out[4]) {
  if (cp < 0x80) { out[0] = (char)cp; return 1; }
  if (cp < 0x800) {
    out[0] = (char)(0xC0 | (cp >> 6));
    out[1] = (char)(0x80 | (cp & 0x3F));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = (char)(0xE0 | (cp >> 12));
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
  }
  if (cp <= 0x10FFFF) {
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
  }
  return 0;
}

/* An invalid byte counts as one code point, so lengths and offsets stay consistent on
 * malformed text instead of failing. */
static size_t utf8_step(const char *s, size_t n) {
  uint32_t cp;
  int k = utf8_decode(s, n, &cp);
  return k > 0 ? (size_t)k : 1;
}

size_t utf8_len(const char *s, size_t n) {
  size_t count = 0, i = 0;
  while (i < n) {
    if ((unsigned char)s[i] < 0x80) i++;
    else i += utf8_step(s + i, n - i);
    count++;
  }
  return count;
}

size_t utf8_offset(const char *s, size_t n, size_t index) {
  size_t i = 0;
  while (index > 0 && i < n) {
    if ((unsigned char)s[i] < 0x80) i++;
    else i += utf8_step(s + i, n - i);
    index--;
  }
  return i;
}

/* Strict: well-formed UTF-8 with no surrogates (utf8_decode itself accepts the 3-byte form
 * of a surrogate so that text built from "\ud800" escapes still indexes). */
int utf8_valid(const char *s, size_t n) {
  size_t i = 0;
  while (i < n) {
    uint32_t cp;
    int k = utf8_decode(s + i, n - i, &cp);
    if (k <= 0 || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    i += (size_t)k;
  }
  return 1;
}

/* ---------------------------------------------------------------- digits */

/* Decimal digits of a finite x > 0 in the style of David Gay's dtoa, which CPython uses:
 * mode 0 the shortest string that reads back as x (closest to x among the shortest),
 * mode 2 `nd` significant digits, mode 3 `nd` digits after the point; correctly rounded,
 * trailing zeros removed. glibc's printf is exact, so it supplies the rounding.
 * Returns 0 with digits in *dig and the decimal point position in *decpt. */
static int parse_e(const char *s, FBuf *dig, int *decpt) {
  /* s looks like "d.ddde+XX" or "de+XX" */
  const char *p = s;
  dig->len = 0;
  while (*p && *p != 'e') {
    if (*p != '.') fbuf_putc(dig, *p);
    p++;
  }
  int e = (*p == 'e') ? atoi(p + 1) : 0;
  *decpt = e + 1;
  while (dig->len > 1 && dig->s[dig->len - 1] == '0') dig->len--;
  if (dig->s) dig->s[dig->len] = 0;
  return oom_check(dig, NULL, 0);
}

/* Is there a p-digit decimal that reads back as x? If so, put the one closest to x (the one
 * Gay's mode 0 picks) in out as "d.ddde<exp>". */
static int try_digits(double x, int p, char out[64]) {
  snprintf(out, 64, "%.*e", p - 1, x);
  double y = strtod(out, NULL);
  if (y == x) return 1;
  /* The correctly rounded p-digit string misses x; at a power of two the rounding interval
   * is lopsided, so the neighbour on the other side of x may still read back as x. */
  char *e = strchr(out, 'e');
  if (!e) return 0;
  int exp10 = atoi(e + 1);
  char m[32];
  int nm = 0;
  for (char *q = out; q < e && nm < 30; q++)
    if (*q != '.') m[nm++] = *q;
  int i = nm - 1;
  if (y < x) {
    while (i >= 0 && m[i] == '9') m[i--] = '0';
    if (i < 0) {
      memmove(m + 1, m, (size_t)nm);
      m[0] = '1';
      exp10++;   /* 9.99 -> 10.00: one more digit, drop the last one */
    } else {
      m[i]++;
    }
  } else {
    while (i >= 0 && m[i] == '0') m[i--] = '9';
    if (i < 0) return 0;
    if (i == 0 && m[0] == '1') {   /* 1.00eX - 1 unit = 9.99e(X-1) */
      for (int j = 0; j < nm; j++) m[j] = '9';
      exp10--;
    } else {
      m[i]--;
    }
  }
  char cand[64];
  int k = 0;
  cand[k++] = m[0];
  if (p > 1) {
    cand[k++] = '.';
    for (int j = 1; j < p; j++) cand[k++] = m[j];
  }
  snprintf(cand + k, sizeof cand - (size_t)k, "e%d", exp10);
  if (strtod(cand, NULL) != x) return 0;
  memcpy(out, cand, sizeof cand);
  return 1;
}

/* try_digits is exact about existence, and a p-digit decimal is also a (p+1)-digit one, so
 * success is monotone in p: binary search for the least p (17 always succeeds). */
static int shortest_digits(double x, FBuf *dig, int *decpt) {
  char buf[64], best[64];
  int lo = 1, hi = 17;
  if (x < 9007199254740992.0 && x == floor(x)) {
    /* Integers below 2**53: the digits are the integer's own (fast path for 2.0, 1e3) */
    snprintf(buf, sizeof buf, "%.0f", x);
    *decpt = (int)strlen(buf);
    dig->len = 0;
    fbuf_puts(dig, buf);
    while (dig->len > 1 && dig->s[dig->len - 1] == '0') dig->s[--dig->len] = 0;
    return oom_check(dig, NULL, 0);
  }
  if (try_digits(x, 1, buf)) return parse_e(buf, dig, decpt);
  snprintf(best, sizeof best, "%.16e", x);
  lo = 2;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (try_digits(x, mid, buf)) {
      hi = mid;
      memcpy(best, buf, sizeof buf);
    } else {
      lo = mid + 1;
    }
  }
  return parse_e(best, dig, decpt);
}

static int gen_digits(double x, int mode, int nd, FBuf *dig, int *decpt) {
  dig->len = 0;
  if (x == 0) {
    fbuf_putc(dig, '0');
    *decpt = 1;
    return oom_check(dig, NULL, 0);
  }
  if (mode == 0) return shortest_digits(x, dig, decpt);
  size_t sz = (size_t)nd + 400;
  if ((size_t)nd > FMT_MAX_OUT) return -1;
  char *buf = malloc(sz);
  if (!buf) return -1;
  int rc = 0;
  if (mode == 2) {
    snprintf(buf, sz, "%.*e", nd - 1, x);
    rc = parse_e(buf, dig, decpt);
  } else {
    snprintf(buf, sz, "%.*f", nd, x);
    int intlen = 0;
    const char *p = buf;
    while (*p && *p != '.') { fbuf_putc(dig, *p); p++; intlen++; }
    if (*p == '.') fbuf_puts(dig, p + 1);
    if (dig->cap == FBUF_POISON) { free(buf); return -1; }
    size_t lead = 0;
    while (lead < dig->len && dig->s[lead] == '0') lead++;
    memmove(dig->s, dig->s + lead, dig->len - lead);
    dig->len -= lead;
    while (dig->len > 0 && dig->s[dig->len - 1] == '0') dig->len--;
    dig->s[dig->len] = 0;
    *decpt = dig->len ? intlen - (int)lead : -nd;
  }
  free(buf);
  return rc;
}

/* PyOS_double_to_string + format_float_short. code: 'e' 'f' 'g' 'r'. */
static int float_to_string(double val, char code, int precision, int always_sign,
                           int add_dot_0, int alt, int no_neg_0, int upper, FBuf *out) {
  int mode;
  switch (code) {
  case 'e': mode = 2; precision++; break;
  case 'f': mode = 3; break;
  case 'g': mode = 2; if (precision == 0) precision = 1; break;
  default: mode = 0; break;
  }
  int neg = signbit(val) != 0;
  if (isnan(val) || isinf(val)) {
    if (isnan(val)) neg = 0;
    if (neg) fbuf_putc(out, '-');
    else if (always_sign) fbuf_putc(out, '+');
    fbuf_puts(out, isnan(val) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf"));
    return oom_check(out, NULL, 0);
  }
  FBuf dig = {0};
  int decpt;
  if (gen_digits(fabs(val), mode, precision, &dig, &decpt) < 0) {
    fbuf_free(&dig);
    return -1;
  }
  const char *digits = dig.s;
  long digits_len = (long)dig.len;
  if (no_neg_0 && neg) {
    int allzero = 1;
    for (long i = 0; i < digits_len; i++)
      if (digits[i] != '0') allzero = 0;
    if (allzero) neg = 0;
  }
  long vend = digits_len, dp = decpt, exp = 0;
  int use_exp = 0;
  switch (code) {
  case 'e': use_exp = 1; vend = precision; break;
  case 'f': vend = dp + precision; break;
  case 'g':
    if (dp <= -4 || dp > (add_dot_0 ? precision - 1 : precision)) use_exp = 1;
    if (alt) vend = precision;
    break;
  default:
    if (dp <= -4 || dp > 16) use_exp = 1;
    break;
  }
  if (use_exp) {
    exp = dp - 1;
    dp = 1;
  }
  long vstart = dp <= 0 ? dp - 1 : 0;
  if (!use_exp && add_dot_0)
    vend = vend > dp ? vend : dp + 1;
  else
    vend = vend > dp ? vend : dp;

  if (neg) fbuf_putc(out, '-');
  else if (always_sign) fbuf_putc(out, '+');
  size_t start = out->len;
  if (dp <= 0) {
    fbuf_fill(out, '0', (size_t)(dp - vstart));
    fbuf_putc(out, '.');
    fbuf_fill(out, '0', (size_t)(0 - dp));
  } else {
    fbuf_fill(out, '0', (size_t)(0 - vstart));
  }
  if (0 < dp && dp <= digits_len) {
    fbuf_putn(out, digits, (size_t)dp);
    fbuf_putc(out, '.');
    fbuf_putn(out, digits + dp, (size_t)(digits_len - dp));
  } else {
    fbuf_putn(out, digits, (size_t)digits_len);
  }
  if (digits_len < dp) {
    fbuf_fill(out, '0', (size_t)(dp - digits_len));
    fbuf_putc(out, '.');
    fbuf_fill(out, '0', (size_t)(vend - dp));
  } else {
    fbuf_fill(out, '0', (size_t)(vend - digits_len));
  }
  if (out->cap != FBUF_POISON && out->len > start && out->s[out->len - 1] == '.' && !alt)
    out->s[--out->len] = 0;
  if (use_exp) fbuf_printf(out, "%c%+.02ld", upper ? 'E' : 'e', exp);
  fbuf_free(&dig);
  return oom_check(out, NULL, 0);
}

int fmt_float_repr(double x, char *buf, size_t n) {
  FBuf b = {0};
  float_to_string(x, 'r', 0, 0, 1, 0, 0, 0, &b);
  const char *s = fbuf_cstr(&b);
  size_t len = b.cap == FBUF_POISON ? 0 : b.len;
  if (n > 0) {
    size_t k = len < n - 1 ? len : n - 1;
    memcpy(buf, s, k);
    buf[k] = 0;
  }
  fbuf_free(&b);
  return (int)len;
}

/* ---------------------------------------------------------------- spec parsing */

static int is_align(uint32_t c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

/* "'%c'" for printable ASCII, "'\x..'" otherwise, as CPython's messages spell a code. */
static void code_repr(uint32_t c, char *out, size_t n) {
  if (c > 32 && c < 128) snprintf(out, n, "'%c'", (char)c);
  else snprintf(out, n, "'\\x%x'", (unsigned)c);
}

/* Read a non-negative decimal; returns digits consumed, or -1 on overflow. */
static int get_integer(const uint32_t *cp, size_t n, size_t *pos, int *result) {
  long long acc = 0;
  int consumed = 0;
  while (*pos < n && cp[*pos] >= '0' && cp[*pos] <= '9') {
    int d = (int)(cp[*pos] - '0');
    if (acc > (INT_MAX - d) / 10) return -1;
    acc = acc * 10 + d;
    (*pos)++;
    consumed++;
  }
  *result = (int)acc;
  return consumed;
}

int fmt_parse_spec(const char *spec, size_t len, FmtSpec *out, char *err, size_t errn) {
  FmtSpec f = {.fill = ' ', .align = 0, .sign = 0, .alternate = 0, .zero = 0,
               .width = -1, .grouping = 0, .precision = -1, .type = 0};
  uint32_t small[64];
  uint32_t *cp = len <= 64 ? small : malloc(len * sizeof *cp);
  if (!cp) return seterr(err, errn, "out of memory");
  size_t n = 0;
  for (size_t i = 0; i < len;) {
    uint32_t c;
    int k = utf8_decode(spec + i, len - i, &c);
    if (k <= 0) { c = (unsigned char)spec[i]; k = 1; }
    cp[n++] = c;
    i += (size_t)k;
  }
  int rc = -1;
  size_t pos = 0;
  int fill_specified = 0;
  char code[32];
  if (n - pos >= 2 && is_align(cp[pos + 1])) {
    f.fill = cp[pos];
    f.align = (char)cp[pos + 1];
    fill_specified = 1;
    pos += 2;
  } else if (n - pos >= 1 && is_align(cp[pos])) {
    f.align = (char)cp[pos];
    pos++;
  }
  if (pos < n && (cp[pos] == '+' || cp[pos] == '-' || cp[pos] == ' ')) f.sign = (char)cp[pos++];
  if (pos < n && cp[pos] == 'z') { f.alternate |= FMT_NONEG0; pos++; }
  if (pos < n && cp[pos] == '#') { f.alternate |= FMT_ALT; pos++; }
  /* '0' means zero fill; the '=' alignment it implies for numbers is applied by the
   * number formatters when no alignment was given. */
  if (!fill_specified && pos < n && cp[pos] == '0') {
    f.fill = '0';
    f.zero = 1;
    pos++;
  }
  int consumed = get_integer(cp, n, &pos, &f.width);
  if (consumed < 0) { seterr(err, errn, "Too many decimal digits in format string"); goto done; }
  if (consumed == 0) f.width = -1;
  if (pos < n && cp[pos] == ',') { f.grouping = ','; pos++; }
  if (pos < n && cp[pos] == '_') {
    if (f.grouping) { seterr(err, errn, "Cannot specify both ',' and '_'."); goto done; }
    f.grouping = '_';
    pos++;
  }
  if (pos < n && cp[pos] == ',' && f.grouping == '_') {
    seterr(err, errn, "Cannot specify both ',' and '_'.");
    goto done;
  }
  if (pos < n && cp[pos] == '.') {
    pos++;
    consumed = get_integer(cp, n, &pos, &f.precision);
    if (consumed < 0) {
      seterr(err, errn, "Too many decimal digits in format string");
      goto done;
    }
    if (consumed == 0) { seterr(err, errn, "Format specifier missing precision"); goto done; }
  }
  if (n - pos > 1) {
    seterr(err, errn, "Invalid format specifier '%.*s'", (int)len, spec);
    goto done;
  }
  uint32_t type = 0;
  if (n - pos == 1) type = cp[pos++];
  if (f.grouping) {
    switch (type) {
    case 'd': case 'e': case 'f': case 'g': case 'E': case 'G': case '%': case 'F': case 0:
      break;
    case 'b': case 'o': case 'x': case 'X':
      if (f.grouping == '_') break;
      /* fall through */
    default:
      code_repr(type, code, sizeof code);
      seterr(err, errn, "Cannot specify '%c' with %s.", f.grouping, code);
      goto done;
    }
  }
  if (type >= 128) {
    code_repr(type, code, sizeof code);
    seterr(err, errn, "Unknown format code %s", code);
    goto done;
  }
  f.type = (char)type;
  *out = f;
  rc = 0;
done:
  if (cp != small) free(cp);
  return rc;
}

/* ---------------------------------------------------------------- number layout */

/* CPython's calc_number_widths + fill_number: lay out
 *   <lpad><sign><prefix><spad><grouped digits><remainder><rpad>
 * where zero fill with '=' alignment becomes zeros inside the digit grouping. Widths count
 * code points; rem_w is the remainder's width (it is one code point for 'c'). */
static int emit_number(FBuf *out, const FmtSpec *sp, char align, char sign_char,
                       const char *prefix, size_t nprefix, const char *digits, size_t nd,
                       const char *rem, size_t nrem, size_t rem_w, int group, char sep,
                       char *err, size_t errn) {
  int n_sign = 0;
  char sign = 0;
  if (sp->sign == '+') { n_sign = 1; sign = sign_char == '-' ? '-' : '+'; }
  else if (sp->sign == ' ') { n_sign = 1; sign = sign_char == '-' ? '-' : ' '; }
  else if (sign_char == '-') { n_sign = 1; sign = '-'; }
  long long nondigit = n_sign + (long long)nprefix + (long long)rem_w;
  long long min_width = (sp->fill == '0' && align == '=') ? sp->width - nondigit : 0;

  /* The grouped digits, built right to left into g (reversed). */
  FBuf g = {0};
  if (nd > 0) {
    long long remaining = (long long)nd, mw = min_width > 0 ? min_width : 0;
    size_t dpos = nd;
    int use_sep = 0, broken = 0;
    while (group > 0) {
      long long m = remaining > mw ? remaining : mw;
      if (m < 1) m = 1;
      long long l = group < m ? group : m;
      long long nz = l - remaining > 0 ? l - remaining : 0;
      long long nc = remaining < l ? remaining : l;
      if (nc < 0) nc = 0;
      if (use_sep) fbuf_putc(&g, sep);
      for (long long i = 0; i < nc; i++) fbuf_putc(&g, digits[--dpos]);
      fbuf_fill(&g, '0', (size_t)nz);
      use_sep = 1;
      remaining -= nc;
      mw -= l;
      if (remaining <= 0 && mw <= 0) { broken = 1; break; }
      mw -= 1;
      if (g.cap == FBUF_POISON) break;
    }
    if (!broken) {
      long long l = remaining > mw ? remaining : mw;
      if (l < 1) l = 1;
      long long nz = l - remaining > 0 ? l - remaining : 0;
      long long nc = remaining < l ? remaining : l;
      if (nc < 0) nc = 0;
      if (use_sep) fbuf_putc(&g, sep);
      for (long long i = 0; i < nc; i++) fbuf_putc(&g, digits[--dpos]);
      fbuf_fill(&g, '0', (size_t)nz);
    }
    if (g.cap == FBUF_POISON) { fbuf_free(&g); return seterr(err, errn, "out of memory"); }
    for (size_t i = 0, j = g.len ? g.len - 1 : 0; i < j; i++, j--) {
      char t = g.s[i];
      g.s[i] = g.s[j];
      g.s[j] = t;
    }
  }
  long long ngrouped = (long long)g.len;
  long long lpad = 0, spad = 0, rpad = 0;
  long long npad = sp->width - (nondigit + ngrouped);
  if (npad > 0) {
    switch (align) {
    case '<': rpad = npad; break;
    case '^': lpad = npad / 2; rpad = npad - lpad; break;
    case '=': spad = npad; break;
    default: lpad = npad; break;
    }
  }
  fbuf_fill(out, sp->fill, (size_t)lpad);
  if (n_sign) fbuf_putc(out, sign);
  fbuf_putn(out, prefix, nprefix);
  fbuf_fill(out, sp->fill, (size_t)spad);
  fbuf_putn(out, g.s ? g.s : "", g.len);
  fbuf_putn(out, rem, nrem);
  fbuf_fill(out, sp->fill, (size_t)rpad);
  fbuf_free(&g);
  return oom_check(out, err, errn);
}

static int unknown_code(char type, const char *tname, char *err, size_t errn) {
  char code[32];
  code_repr((unsigned char)type, code, sizeof code);
  return seterr(err, errn, "Unknown format code %s for object of type '%s'", code, tname);
}

static int format_float_internal(double val, const FmtSpec *sp, FBuf *out, char *err,
                                 size_t errn) {
  char type = sp->type;
  int precision = sp->precision;
  int default_precision = 6, add_dot_0 = 0, add_pct = 0, upper = 0;
  char code;
  if (type == 0) {
    add_dot_0 = 1;
    code = 'r';
    default_precision = 0;
  } else {
    code = type;
  }
  if (code == 'n') code = 'g';
  if (code == '%') {
    code = 'f';
    val *= 100;
    add_pct = 1;
  }
  if (precision < 0) precision = default_precision;
  else if (code == 'r') code = 'g';
  if (code == 'E' || code == 'F' || code == 'G') {
    upper = 1;
    code = (char)(code - 'A' + 'a');
  }
  FBuf num = {0};
  if (float_to_string(val, code, precision, 0, add_dot_0, sp->alternate & FMT_ALT,
                      (sp->alternate & FMT_NONEG0) != 0, upper, &num) < 0) {
    fbuf_free(&num);
    return seterr(err, errn, "out of memory");
  }
  if (add_pct) fbuf_putc(&num, '%');
  if (num.cap == FBUF_POISON) return seterr(err, errn, "out of memory");
  const char *s = num.s;
  size_t n = num.len;
  char sign_char = 0;
  if (n && s[0] == '-') { sign_char = '-'; s++; n--; }
  size_t nd = 0;
  while (nd < n && s[nd] >= '0' && s[nd] <= '9') nd++;
  char align = sp->align ? sp->align : (sp->zero ? '=' : '>');
  int rc = emit_number(out, sp, align, sign_char, "", 0, s, nd, s + nd, n - nd, n - nd,
                       sp->grouping ? 3 : 0, sp->grouping, err, errn);
  fbuf_free(&num);
  return rc;
}

int fmt_format_float(double v, const FmtSpec *sp, FBuf *out, char *err, size_t errn) {
  switch (sp->type) {
  case 0: case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'n': case '%':
    return format_float_internal(v, sp, out, err, errn);
  default:
    return unknown_code(sp->type, "float", err, errn);
  }
}

int fmt_format_int(int64_t v, const FmtSpec *sp, FBuf *out, char *err, size_t errn) {
  char type = sp->type ? sp->type : 'd';
  switch (type) {
  case 'b': case 'c': case 'd': case 'o': case 'x': case 'X': case 'n':
    break;
  case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
    return format_float_internal((double)v, sp, out, err, errn);
  default:
    return unknown_code(type, "int", err, errn);
  }
  if (sp->precision != -1)
    return seterr(err, errn, "Precision not allowed in integer format specifier");
  if (sp->alternate & FMT_NONEG0)
    return seterr(err, errn,
                  "Negative zero coercion (z) not allowed in integer format specifier");
  char align = sp->align ? sp->align : (sp->zero ? '=' : '>');
  if (type == 'c') {
    if (sp->sign)
      return seterr(err, errn, "Sign not allowed with integer format specifier 'c'");
    if (sp->alternate & FMT_ALT)
      return seterr(err, errn,
                    "Alternate form (#) not allowed with integer format specifier 'c'");
    if (v < 0 || v > 0x10FFFF) return seterr(err, errn, "%%c arg not in range(0x110000)");
    char u[4];
    int k = utf8_encode((uint32_t)v, u);
    if (k <= 0) return seterr(err, errn, "%%c arg not in range(0x110000)");
    return emit_number(out, sp, align, 0, "", 0, "", 0, u, (size_t)k, 1, 0, 0, err, errn);
  }
  int base = 10;
  const char *prefix = "";
  switch (type) {
  case 'b': base = 2; prefix = "0b"; break;
  case 'o': base = 8; prefix = "0o"; break;
  case 'x': base = 16; prefix = "0x"; break;
  case 'X': base = 16; prefix = "0X"; break;
  default: break;
  }
  const char *dchars = type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
  uint64_t mag = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  char buf[72];
  int i = (int)sizeof buf;
  do {
    buf[--i] = dchars[mag % (uint64_t)base];
    mag /= (uint64_t)base;
  } while (mag);
  size_t nprefix = (sp->alternate & FMT_ALT) && base != 10 ? 2 : 0;
  int group = 0;
  if (sp->grouping) group = (sp->grouping == '_' && base != 10) ? 4 : 3;
  return emit_number(out, sp, align, v < 0 ? '-' : 0, prefix, nprefix, buf + i,
                     sizeof buf - (size_t)i, "", 0, 0, group, sp->grouping, err, errn);
}

int fmt_format_int_digits(int neg, const char *digits, size_t nd, const FmtSpec *sp, FBuf *out,
                          char *err, size_t errn) {
  char type = sp->type ? sp->type : 'd';
  if (sp->precision != -1)
    return seterr(err, errn, "Precision not allowed in integer format specifier");
  if (sp->alternate & FMT_NONEG0)
    return seterr(err, errn,
                  "Negative zero coercion (z) not allowed in integer format specifier");
  char align = sp->align ? sp->align : (sp->zero ? '=' : '>');
  int base = type == 'b' ? 2 : type == 'o' ? 8 : (type == 'x' || type == 'X') ? 16 : 10;
  const char *prefix = type == 'b' ? "0b" : type == 'o' ? "0o" : type == 'x' ? "0x" :
                       type == 'X' ? "0X" : "";
  size_t nprefix = (sp->alternate & FMT_ALT) && base != 10 ? 2 : 0;
  int group = 0;
  if (sp->grouping) group = (sp->grouping == '_' && base != 10) ? 4 : 3;
  return emit_number(out, sp, align, neg ? '-' : 0, prefix, nprefix, digits, nd, "", 0, 0,
                     group, sp->grouping, err, errn);
}

int fmt_format_str(const char *s, size_t len, const FmtSpec *sp, FBuf *out, char *err,
                   size_t errn) {
  char type = sp->type ? sp->type : 's';
  if (type != 's') return unknown_code(type, "str", err, errn);
  if (sp->grouping) return seterr(err, errn, "Cannot specify '%c' with 's'.", sp->grouping);
  if (sp->sign == ' ') return seterr(err, errn, "Space not allowed in string format specifier");
  if (sp->sign) return seterr(err, errn, "Sign not allowed in string format specifier");
  if (sp->alternate & FMT_NONEG0)
    return seterr(err, errn,
                  "Negative zero coercion (z) not allowed in string format specifier");
  if (sp->alternate & FMT_ALT)
    return seterr(err, errn, "Alternate form (#) not allowed in string format specifier");
  if (sp->align == '=')
    return seterr(err, errn, "'=' alignment not allowed in string format specifier");
  size_t nbytes = len;
  size_t nchars = utf8_len(s, len);
  if (sp->precision >= 0 && (size_t)sp->precision < nchars) {
    nbytes = utf8_offset(s, len, (size_t)sp->precision);
    nchars = (size_t)sp->precision;
  }
  size_t total = sp->width >= 0 && (size_t)sp->width > nchars ? (size_t)sp->width : nchars;
  char align = sp->align ? sp->align : '<';
  size_t left = 0;
  if (align == '>') left = total - nchars;
  else if (align == '^') left = (total - nchars) / 2;
  size_t right = total - nchars - left;
  fbuf_fill(out, sp->fill, left);
  fbuf_putn(out, s, nbytes);
  fbuf_fill(out, sp->fill, right);
  return oom_check(out, err, errn);
}
