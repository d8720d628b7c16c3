/* test_fmt.c - checks lang/core/fmt.c against CPython: format() for int/float/str and float repr
 * from the generated table fmt_cases.h, plus hand-written FBuf and UTF-8 cases. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fmt.h"
#include "fmt_cases.h"

static int failures;

static void check(int ok, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#include <stdarg.h>
static void check(int ok, const char *name, const char *fmt, ...) {
  if (ok) {
    printf("PASS %s\n", name);
    return;
  }
  failures++;
  printf("FAIL %s: ", name);
  va_list ap;
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  printf("\n");
}

static double parse_double(const char *s) {
  if (strcmp(s, "nan") == 0) return NAN;
  return strtod(s, NULL);
}

/* What the evaluator does with fmt_parse_spec's type-free messages. */
static void add_type_name(char *err, size_t n, const char *tname) {
  if (strncmp(err, "Invalid format specifier", 24) == 0 ||
      strncmp(err, "Unknown format code", 19) == 0) {
    size_t l = strlen(err);
    snprintf(err + l, n - l, " for object of type '%s'", tname);
  }
}

static void run_table(void) {
  int fails = 0, shown = 0;
  for (int i = 0; i < FMT_NCASES; i++) {
    const struct FmtCase *c = &FMT_CASES[i];
    FmtSpec sp;
    char err[256] = "";
    FBuf out = {0};
    int rc = fmt_parse_spec(c->spec, strlen(c->spec), &sp, err, sizeof err);
    const char *tname = c->kind == 'i' ? "int" : c->kind == 'f' ? "float" : "str";
    if (rc == 0) {
      if (c->kind == 'i')
        rc = fmt_format_int(strtoll(c->val, NULL, 10), &sp, &out, err, sizeof err);
      else if (c->kind == 'f')
        rc = fmt_format_float(parse_double(c->val), &sp, &out, err, sizeof err);
      else
        rc = fmt_format_str(c->val, strlen(c->val), &sp, &out, err, sizeof err);
    } else {
      add_type_name(err, sizeof err, tname);
    }
    const char *got = rc == 0 ? fbuf_cstr(&out) : err;
    int ok = (rc != 0) == (c->err != 0) && strcmp(got, c->expect) == 0;
    if (!ok) {
      fails++;
      if (shown++ < 40)
        printf("FAIL format(%s %s, '%s'): got %s '%s', want %s '%s'\n", tname, c->val, c->spec,
               rc ? "error" : "", got, c->err ? "error" : "", c->expect);
    }
    fbuf_free(&out);
  }
  if (fails) failures++;
  printf("%s format_table: %d of %d cases %s\n", fails ? "FAIL" : "PASS",
         fails ? fails : FMT_NCASES, FMT_NCASES, fails ? "wrong" : "match CPython");
}

static void run_repr(void) {
  int fails = 0, rt_fails = 0, shown = 0;
  for (int i = 0; i < REPR_NCASES; i++) {
    double x = parse_double(REPR_CASES[i].val);
    char buf[40];
    int n = fmt_float_repr(x, buf, sizeof buf);
    if (strcmp(buf, REPR_CASES[i].expect) != 0 || n != (int)strlen(REPR_CASES[i].expect)) {
      fails++;
      if (shown++ < 20)
        printf("FAIL repr(%s): got '%s' want '%s'\n", REPR_CASES[i].val, buf,
               REPR_CASES[i].expect);
    }
    if (!isnan(x) && strtod(buf, NULL) != x) rt_fails++;
  }
  if (fails) failures++;
  printf("%s repr_table: %d cases, %d wrong\n", fails ? "FAIL" : "PASS", REPR_NCASES, fails);
  if (rt_fails) failures++;
  printf("%s repr_roundtrip: %d of %d do not read back\n", rt_fails ? "FAIL" : "PASS", rt_fails,
         REPR_NCASES);
}

static void test_repr_hand(void) {
  static const struct { double x; const char *s; } T[] = {
      {0.1, "0.1"}, {1e-5, "1e-05"}, {1e16, "1e+16"}, {1.5e300, "1.5e+300"}, {-0.0, "-0.0"},
      {2.0, "2.0"}, {123456789012345.0, "123456789012345.0"}, {1e15, "1000000000000000.0"},
      {0.0001, "0.0001"}, {5e-324, "5e-324"}, {-1.5, "-1.5"}, {0.30000000000000004,
      "0.30000000000000004"}};
  for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
    char buf[40], name[64];
    fmt_float_repr(T[i].x, buf, sizeof buf);
    snprintf(name, sizeof name, "repr_%s", T[i].s);
    check(strcmp(buf, T[i].s) == 0, name, "got %s", buf);
  }
  char buf[40];
  fmt_float_repr(INFINITY, buf, sizeof buf);
  check(strcmp(buf, "inf") == 0, "repr_inf", "got %s", buf);
  fmt_float_repr(-INFINITY, buf, sizeof buf);
  check(strcmp(buf, "-inf") == 0, "repr_-inf", "got %s", buf);
  fmt_float_repr(NAN, buf, sizeof buf);
  check(strcmp(buf, "nan") == 0, "repr_nan", "got %s", buf);
  char small[4];
  int n = fmt_float_repr(123.25, small, sizeof small);
  check(n == 6 && strcmp(small, "123") == 0, "repr_truncates", "n=%d got %s", n, small);
}

static void test_fbuf(void) {
  FBuf b = {0};
  check(strcmp(fbuf_cstr(&b), "") == 0, "fbuf_empty", "not empty");
  for (int i = 0; i < 1000; i++) fbuf_putc(&b, 'a' + i % 26);
  fbuf_puts(&b, "xyz");
  fbuf_printf(&b, "[%d|%s]", 42, "q");
  fbuf_putn(&b, "\0z", 2);
  check(b.len == 1000 + 3 + 6 + 2 && memcmp(b.s + 1000, "xyz[42|q]\0z", 11) == 0 &&
            b.s[0] == 'a' && b.s[999] == 'a' + 999 % 26 && b.s[b.len] == 0,
        "fbuf_append", "len=%zu", b.len);
  fbuf_free(&b);
  check(b.s == NULL && b.len == 0, "fbuf_free", "not reset");
}

static void test_utf8(void) {
  const char *s = "h\xc3\xa9llo \xe6\x97\xa5\xf0\x9f\x98\x80!";   /* héllo 日😀! */
  size_t n = strlen(s);
  check(utf8_len(s, n) == 9, "utf8_len", "got %zu", utf8_len(s, n));
  check(utf8_offset(s, n, 0) == 0 && utf8_offset(s, n, 2) == 3 && utf8_offset(s, n, 6) == 7 &&
            utf8_offset(s, n, 7) == 10 && utf8_offset(s, n, 8) == 14 &&
            utf8_offset(s, n, 9) == n && utf8_offset(s, n, 99) == n,
        "utf8_offset", "bad offsets");
  uint32_t cp = 0;
  check(utf8_decode(s + 1, n - 1, &cp) == 2 && cp == 0xE9, "utf8_decode_2", "cp=%x", cp);
  check(utf8_decode(s + 10, n - 10, &cp) == 4 && cp == 0x1F600, "utf8_decode_4", "cp=%x", cp);
  check(utf8_decode("\xc3", 1, &cp) == 0, "utf8_decode_truncated", "accepted");
  check(utf8_decode("\xc0\xaf", 2, &cp) == 0, "utf8_decode_overlong", "accepted");
  check(utf8_decode("\xe0\x80\xaf", 3, &cp) == 0, "utf8_decode_overlong3", "accepted");
  check(utf8_decode("\xf4\x90\x80\x80", 4, &cp) == 0, "utf8_decode_too_big", "accepted");
  check(utf8_decode("\x80", 1, &cp) == 0, "utf8_decode_continuation", "accepted");
  check(utf8_decode("", 0, &cp) == 0, "utf8_decode_empty", "accepted");
  char o[4];
  check(utf8_encode(0x41, o) == 1 && o[0] == 'A', "utf8_encode_1", "bad");
  check(utf8_encode(0xE9, o) == 2 && memcmp(o, "\xc3\xa9", 2) == 0, "utf8_encode_2", "bad");
  check(utf8_encode(0x20AC, o) == 3 && memcmp(o, "\xe2\x82\xac", 3) == 0, "utf8_encode_3",
        "bad");
  check(utf8_encode(0x1F600, o) == 4 && memcmp(o, "\xf0\x9f\x98\x80", 4) == 0,
        "utf8_encode_4", "bad");
  check(utf8_encode(0x110000, o) == 0, "utf8_encode_too_big", "accepted");
  check(utf8_valid(s, n), "utf8_valid", "rejected");
  check(!utf8_valid("a\xff", 2), "utf8_invalid_ff", "accepted");
  check(!utf8_valid("\xed\xa0\x80", 3), "utf8_invalid_surrogate", "accepted");
  check(!utf8_valid("ab\xe6\x97", 4), "utf8_invalid_truncated", "accepted");
  /* invalid bytes count as one code point each */
  check(utf8_len("a\xff\xfe" "b", 4) == 4 && utf8_offset("a\xff\xfe" "b", 4, 3) == 3,
        "utf8_len_invalid", "got %zu", utf8_len("a\xff\xfe" "b", 4));
  /* every code point round-trips through encode/decode */
  int bad = 0;
  for (uint32_t c = 0; c <= 0x10FFFF; c += (c < 0x3000 ? 1 : 97)) {
    int k = utf8_encode(c, o);
    uint32_t d;
    if (k <= 0 || utf8_decode(o, (size_t)k, &d) != k || d != c) bad++;
  }
  check(bad == 0, "utf8_roundtrip", "%d bad", bad);
}

static void test_spec_fields(void) {
  FmtSpec sp;
  char err[128];
  int rc = fmt_parse_spec("*^+#012,.3f", 11, &sp, err, sizeof err);
  check(rc == 0 && sp.fill == '*' && sp.align == '^' && sp.sign == '+' && sp.alternate &&
            sp.width == 12 && sp.grouping == ',' && sp.precision == 3 && sp.type == 'f',
        "spec_fields", "rc=%d", rc);
  rc = fmt_parse_spec("\xe2\x82\xac<5", 5, &sp, err, sizeof err);
  check(rc == 0 && sp.fill == 0x20AC && sp.align == '<' && sp.width == 5, "spec_fill_utf8",
        "rc=%d fill=%x", rc, (unsigned)sp.fill);
  rc = fmt_parse_spec("", 0, &sp, err, sizeof err);
  check(rc == 0 && sp.width == -1 && sp.precision == -1 && sp.type == 0 && sp.fill == ' ',
        "spec_empty", "rc=%d", rc);
  /* a spec with an embedded NUL is length-delimited, not NUL-terminated */
  rc = fmt_parse_spec("5\0d", 3, &sp, err, sizeof err);
  check(rc != 0, "spec_nul", "accepted");
  /* a long spec (heap path) */
  char big[300];
  memset(big, '1', sizeof big);
  rc = fmt_parse_spec(big, sizeof big, &sp, err, sizeof err);
  check(rc != 0 && strcmp(err, "Too many decimal digits in format string") == 0, "spec_long",
        "rc=%d err=%s", rc, err);
  /* the output cap refuses absurd widths instead of allocating gigabytes */
  rc = fmt_parse_spec("2000000000", 10, &sp, err, sizeof err);
  FBuf out = {0};
  if (rc == 0) rc = fmt_format_int(1, &sp, &out, err, sizeof err);
  check(rc != 0, "spec_huge_width", "accepted");
  fbuf_free(&out);
  rc = fmt_parse_spec(".2000000000f", 12, &sp, err, sizeof err);
  if (rc == 0) rc = fmt_format_float(1.0, &sp, &out, err, sizeof err);
  check(rc != 0, "spec_huge_precision", "accepted");
  fbuf_free(&out);
}

int main(void) {
  test_fbuf();
  test_utf8();
  test_spec_fields();
  test_repr_hand();
  run_table();
  run_repr();
  return failures ? 1 : 0;
}
