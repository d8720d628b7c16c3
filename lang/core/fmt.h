/* fmt.h - number and text formatting exactly as CPython does it: float repr (shortest
 * round-trip), the format-spec mini-language, %-formatting of one value, and UTF-8 helpers.
 * Pure C over C values: no dependency on the object model, so every caller can use it. */
#ifndef SABLE_FMT_H
#define SABLE_FMT_H

#include <stddef.h>
#include <stdint.h>

/* A growable byte buffer (always NUL-terminated when len > 0 or after fbuf_cstr). */
typedef struct FBuf {
  char *s;
  size_t len, cap;
} FBuf;
void fbuf_putn(FBuf *b, const char *s, size_t n);
void fbuf_puts(FBuf *b, const char *s);
void fbuf_putc(FBuf *b, char c);
void fbuf_printf(FBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *fbuf_cstr(FBuf *b);
void fbuf_free(FBuf *b);

/* repr(float) / str(float) as CPython: "0.1", "1e-05", "1e+16", "inf", "-0.0", "nan", "2.0".
 * Writes at most n bytes incl. NUL; returns the length. n >= 32 always suffices. */
int fmt_float_repr(double x, char *buf, size_t n);

/* A parsed format spec: [[fill]align][sign][z][#][0][width][grouping][.precision][type] */
typedef struct FmtSpec {
  uint32_t fill;        /* code point, default ' ' */
  char align;           /* '<' '>' '^' '=' or 0 */
  char sign;            /* '+' '-' ' ' or 0 */
  int alternate;        /* '#' */
  int zero;             /* '0' */
  int width;            /* -1 if absent */
  char grouping;        /* ',' '_' or 0 */
  int precision;        /* -1 if absent */
  char type;            /* 'd' 'f' 'e' 'g' '%' 's' 'x' ... or 0 */
} FmtSpec;

/* Parse a spec. Returns 0, or -1 with a CPython-style message in err
 * ("Invalid format specifier"). */
int fmt_parse_spec(const char *spec, size_t len, FmtSpec *out, char *err, size_t errn);

/* format(value, spec) for each scalar kind; append to out. Return 0, or -1 with a CPython-style
 * message in err, e.g. "Unknown format code 'd' for object of type 'float'". */
int fmt_format_int(int64_t v, const FmtSpec *sp, FBuf *out, char *err, size_t errn);
/* an integer given as the digits of its magnitude in the base of sp's type (b, o, x/X, d, n;
 * 'X' digits upper case), as fmt_format_int formats it: big ints */
int fmt_format_int_digits(int neg, const char *digits, size_t nd, const FmtSpec *sp, FBuf *out,
                          char *err, size_t errn);
int fmt_format_float(double v, const FmtSpec *sp, FBuf *out, char *err, size_t errn);
int fmt_format_str(const char *s, size_t len, const FmtSpec *sp, FBuf *out, char *err,
                   size_t errn);

/* UTF-8: count code points; byte offset of the i-th code point (i may equal the count);
 * decode one code point at s (returns bytes consumed, 0 on invalid); encode one. */
size_t utf8_len(const char *s, size_t n);
size_t utf8_offset(const char *s, size_t n, size_t index);
int utf8_decode(const char *s, size_t n, uint32_t *cp);
int utf8_encode(uint32_t cp, char out[4]);
int utf8_valid(const char *s, size_t n);

#endif
