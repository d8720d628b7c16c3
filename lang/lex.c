/* lex.c - Python's tokenizer in one pass over the bytes: indentation stack, brackets,
 * continuation lines, names, numbers, string literals, and CPython's tokenizer error messages. */
#include "lex.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEX_TEXT_(k, s) [k] = s,
static const char *const kind_text[T__COUNT] = {
  LEX_OPERATORS(LEX_TEXT_)
  LEX_KEYWORDS(LEX_TEXT_)
};
#undef LEX_TEXT_

const char *lex_kind_text(int kind) {
  if (kind < 0 || kind >= T__COUNT) return NULL;
  return kind_text[kind];
}

void lex_error_at(ParseError *err, ParseErrorKind kind, int line, int col, int end_line,
                  int end_col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->msg, sizeof err->msg, fmt, ap);
  va_end(ap);
  err->kind = kind;
  err->span.line = line;
  err->span.col = col;
  err->span.end_line = end_line;
  err->span.end_col = end_col;
  err->incomplete = 0;
}

/* ---- Unicode classes (approximate beyond ASCII: everything is a letter except the symbol,
 * punctuation and space blocks a course notebook is likely to contain) ---- */

static int cp_is_symbol(uint32_t c) {
  if (c < 0x80) return 0;
  if (c >= 0x80 && c <= 0xBF) return !(c == 0xAA || c == 0xB5 || c == 0xBA);
  if (c == 0xD7 || c == 0xF7) return 1;
  if (c >= 0x2000 && c <= 0x206F) return !(c == 0x203F || c == 0x2040 || c == 0x2054);
  if (c >= 0x20A0 && c <= 0x20CF) return 1;
  if (c >= 0x2190 && c <= 0x2BFF) return 1;
  if (c >= 0x3000 && c <= 0x3004) return 1;
  if (c >= 0x3008 && c <= 0x3020) return 1;
  if (c >= 0xE000 && c <= 0xF8FF) return 1;
  if (c >= 0xFE10 && c <= 0xFE6F) return 1;
  if (c >= 0xFF01 && c <= 0xFF0F) return 1;
  if (c >= 0xFF1A && c <= 0xFF20) return 1;
  if (c == 0xFEFF || c == 0xFFFC || c == 0xFFFD) return 1;
  if (c >= 0xD800 && c <= 0xDFFF) return 1;
  if (c >= 0x1F000 && c <= 0x1FAFF) return 1;
  if (c >= 0xF0000) return 1;
  if (c == 0x2122 || c == 0x2103 || c == 0x2109 || c == 0x2116 || c == 0x2117) return 1;
  return 0;
}

/* Combining marks and digits of other scripts continue an identifier but cannot start one. */
static int cp_is_mark(uint32_t c) {
  return (c >= 0x300 && c <= 0x36F) || (c >= 0x1AB0 && c <= 0x1AFF) ||
         (c >= 0x1DC0 && c <= 0x1DFF) || (c >= 0x20D0 && c <= 0x20FF) ||
         (c >= 0xFE20 && c <= 0xFE2F) || (c >= 0xFE00 && c <= 0xFE0F) ||
         (c >= 0x660 && c <= 0x669) || (c >= 0x966 && c <= 0x96F) || c == 0x203F ||
         c == 0x2040 || c == 0x2054 || c == 0xB7;
}

int lex_id_start(uint32_t c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  return !cp_is_symbol(c) && !cp_is_mark(c);
}

int lex_id_continue(uint32_t c) {
  if (c < 0x80) return lex_id_start(c) || (c >= '0' && c <= '9');
  return !cp_is_symbol(c) || c == 0xB7;
}

/* Decode one UTF-8 sequence (validated up front, but stay safe on any input). */
static int dec_utf8(const char *s, size_t n, uint32_t *cp) {
  const unsigned char *u = (const unsigned char *)s;
  if (n == 0) return 0;
  if (u[0] < 0x80) { *cp = u[0]; return 1; }
  int len;
  uint32_t c;
  if ((u[0] & 0xE0) == 0xC0) { len = 2; c = u[0] & 0x1F; }
  else if ((u[0] & 0xF0) == 0xE0) { len = 3; c = u[0] & 0x0F; }
  else if ((u[0] & 0xF8) == 0xF0) { len = 4; c = u[0] & 0x07; }
  else return 0;
  if ((size_t)len > n) return 0;
  for (int i = 1; i < len; i++) {
    if ((u[i] & 0xC0) != 0x80) return 0;
    c = (c << 6) | (u[i] & 0x3F);
  }
  if ((len == 2 && c < 0x80) || (len == 3 && c < 0x800) || (len == 4 && (c < 0x10000 ||
      c > 0x10FFFF)))
    return 0;
  *cp = c;
  return len;
}

int lex_check_source(const char *src, size_t len, ParseError *err) {
  int line = 1;
  size_t ls = 0;
  for (size_t i = 0; i < len;) {
    unsigned char c = (unsigned char)src[i];
    if (c < 0x80) {
      if (c == 0) {
        lex_error_at(err, PE_SYNTAX, line, (int)(i - ls), line, (int)(i - ls) + 1,
                     "source code cannot contain null bytes");
        return -1;
      }
      if (c == '\n') { line++; ls = i + 1; }
      i++;
      continue;
    }
    uint32_t cp;
    int k = dec_utf8(src + i, len - i, &cp);
    if (k == 0 || (cp >= 0xD800 && cp <= 0xDFFF)) {
      const char *why = (c >= 0xC2 && c <= 0xF4) ? (len - i < 2 ? "unexpected end of data"
                                                                 : "invalid continuation byte")
                                                 : "invalid start byte";
      lex_error_at(err, PE_SYNTAX, line, (int)(i - ls), line, (int)(i - ls) + 1,
                   "(unicode error) 'utf-8' codec can't decode byte 0x%02x in position %zu: %s",
                   c, i, why);
      return -1;
    }
    i += (size_t)k;
  }
  return 0;
}

void lex_init(Lexer *lx, const char *src, size_t begin, size_t end, int line, size_t line_start,
              int sub, ParseError *err) {
  memset(lx, 0, sizeof *lx);
  lx->src = src;
  lx->pos = begin;
  lx->end = end;
  lx->line = line;
  lx->line_start = line_start;
  lx->sub = sub;
  lx->sub_lpar = lx->sub_rpar = (size_t)-1;
  lx->atbol = !sub;
  lx->err = err;
  lx->last_kind = T_NEWLINE;
  /* A UTF-8 byte order mark is not part of the first line. */
  if (!sub && begin == 0 && end >= 3 && memcmp(src, "\xEF\xBB\xBF", 3) == 0) {
    lx->pos = 3;
    lx->line_start = 3;
  }
}

/* ---- helpers ---- */

static inline int peekc(const Lexer *lx, size_t k) {
  size_t p = lx->pos + k;
  return p < lx->end ? (unsigned char)lx->src[p] : -1;
}

/* Length of a newline sequence at pos ("\n", "\r\n" or a lone "\r"), 0 if none. */
static inline int nl_len(const Lexer *lx, size_t p) {
  if (p >= lx->end) return 0;
  char c = lx->src[p];
  if (c == '\n') return 1;
  if (c == '\r') return (p + 1 < lx->end && lx->src[p + 1] == '\n') ? 2 : 1;
  return 0;
}

static inline void newline_at(Lexer *lx, int n) {
  lx->pos += (size_t)n;
  lx->line++;
  lx->line_start = lx->pos;
}

static inline int col_of(const Lexer *lx, size_t p) { return (int)(p - lx->line_start); }

static int fail(Lexer *lx, ParseErrorKind kind, size_t at, int incomplete, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int fail(Lexer *lx, ParseErrorKind kind, size_t at, int incomplete, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(lx->err->msg, sizeof lx->err->msg, fmt, ap);
  va_end(ap);
  lx->err->kind = kind;
  int c = at >= lx->line_start ? col_of(lx, at) : 0;
  lx->err->span = (Span){lx->line, c, lx->line, c + 1};
  lx->err->incomplete = incomplete;
  lx->done = 1;
  return -1;
}

static int fail_at(Lexer *lx, int line, int col, int incomplete, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int fail_at(Lexer *lx, int line, int col, int incomplete, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(lx->err->msg, sizeof lx->err->msg, fmt, ap);
  va_end(ap);
  lx->err->kind = PE_SYNTAX;
  lx->err->span = (Span){line, col, line, col + 1};
  lx->err->incomplete = incomplete;
  lx->done = 1;
  return -1;
}

static void start_tok(Lexer *lx, Token *t, int kind) {
  t->kind = kind;
  t->flags = 0;
  t->start = (uint32_t)lx->pos;
  t->body = 0;
  t->span.line = lx->line;
  t->span.col = col_of(lx, lx->pos);
}

static int end_tok(Lexer *lx, Token *t) {
  t->end = (uint32_t)lx->pos;
  t->span.end_line = lx->line;
  t->span.end_col = col_of(lx, lx->pos);
  if (t->kind != T_INDENT && t->kind != T_DEDENT) lx->last_kind = t->kind;
  return 0;
}

static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_hex(int c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Code point at pos (0 bytes when at end or invalid). */
static int cp_at(const Lexer *lx, size_t p, uint32_t *cp) {
  if (p >= lx->end) return 0;
  return dec_utf8(lx->src + p, lx->end - p, cp);
}

static int cp_printable(uint32_t c) {
  if (c < 0x20 || (c >= 0x7F && c <= 0xA0) || c == 0xAD) return 0;
  if ((c >= 0x200B && c <= 0x200F) || (c >= 0x2028 && c <= 0x202F) ||
      (c >= 0x2060 && c <= 0x206F) || c == 0xFEFF || (c >= 0xD800 && c <= 0xDFFF) ||
      (c >= 0xE000 && c <= 0xF8FF) || c == 0x3000 || (c >= 0x2000 && c <= 0x200A))
    return 0;
  return 1;
}

static int bad_char(Lexer *lx, size_t at) {
  uint32_t cp = 0;
  int k = cp_at(lx, at, &cp);
  if (k == 0) cp = (unsigned char)lx->src[at];
  if (!cp_printable(cp)) return fail(lx, PE_SYNTAX, at, 0, "invalid non-printable character U+%04X", cp);
  char buf[8] = {0};
  if (k > 0) memcpy(buf, lx->src + at, (size_t)k);
  return fail(lx, PE_SYNTAX, at, 0, "invalid character '%s' (U+%04X)", buf, cp);
}

/* ---- numbers ---- */

static int id_char_at(const Lexer *lx, size_t p) {
  uint32_t cp;
  int k = cp_at(lx, p, &cp);
  return k > 0 && lex_id_continue(cp);
}

/* After a number: an identifier character right after it is an error, except the start of
 * a keyword that may follow a number (`1if x else 2`), which CPython 3.11 accepts. */
static int verify_end_of_number(Lexer *lx, size_t numstart, const char *kind) {
  if (!id_char_at(lx, lx->pos)) return 0;
  static const char *const kws[] = {"and", "else", "for", "if", "in", "is", "not", "or"};
  for (size_t i = 0; i < sizeof kws / sizeof kws[0]; i++) {
    size_t n = strlen(kws[i]);
    if (lx->pos + n <= lx->end && memcmp(lx->src + lx->pos, kws[i], n) == 0) return 0;
  }
  (void)numstart;
  return fail(lx, PE_SYNTAX, lx->pos, 0, "invalid %s literal", kind);
}

/* Digits with single underscores between them; returns count of digits, -1 on a bad '_'. */
static int scan_digits(Lexer *lx, int (*ok)(int)) {
  int n = 0;
  for (;;) {
    int c = peekc(lx, 0);
    if (ok(c)) { lx->pos++; n++; continue; }
    if (c == '_' && n > 0) {
      if (ok(peekc(lx, 1))) { lx->pos++; continue; }
      lx->pos++;
      return -1;
    }
    return n;
  }
}

static int is_oct(int c) { return c >= '0' && c <= '7'; }
static int is_bin(int c) { return c == '0' || c == '1'; }

static int lex_exponent_and_imag(Lexer *lx, size_t start, int is_float) {
  int c = peekc(lx, 0);
  if (c == 'e' || c == 'E') {
    size_t save = lx->pos;
    lx->pos++;
    c = peekc(lx, 0);
    if (c == '+' || c == '-') lx->pos++;
    if (!is_digit(peekc(lx, 0))) {
      lx->pos = save;
      return verify_end_of_number(lx, start, "decimal") ? -1 : 0;
    }
    if (scan_digits(lx, is_digit) < 0) return fail(lx, PE_SYNTAX, lx->pos - 1, 0, "invalid decimal literal");
    is_float = 1;
  }
  c = peekc(lx, 0);
  if (c == 'j' || c == 'J') {
    lx->pos++;
    return verify_end_of_number(lx, start, "imaginary");
  }
  return verify_end_of_number(lx, start, "decimal");
  (void)is_float;
}

static int lex_number(Lexer *lx, Token *t) {
  size_t start = lx->pos;
  start_tok(lx, t, T_NUMBER);
  int c = peekc(lx, 0);
  if (c == '0') {
    int x = peekc(lx, 1);
    if (x == 'x' || x == 'X' || x == 'o' || x == 'O' || x == 'b' || x == 'B') {
      lx->pos += 2;
      int (*ok)(int) = (x == 'x' || x == 'X') ? is_hex : (x == 'o' || x == 'O') ? is_oct : is_bin;
      const char *name = (x == 'x' || x == 'X') ? "hexadecimal" : (x == 'o' || x == 'O') ? "octal"
                                                                                       : "binary";
      if (peekc(lx, 0) == '_') lx->pos++;
      int n = scan_digits(lx, ok);
      if (n < 0) return fail(lx, PE_SYNTAX, lx->pos - 1, 0, "invalid %s literal", name);
      int d = peekc(lx, 0);
      if (ok != is_hex && is_digit(d))
        return fail(lx, PE_SYNTAX, lx->pos, 0, "invalid digit '%c' in %s literal", d, name);
      if (n == 0) return fail(lx, PE_SYNTAX, lx->pos, 0, "invalid %s literal", name);
      if (verify_end_of_number(lx, start, name)) return -1;
      return end_tok(lx, t);
    }
    /* Leading zeros: only zeros, unless this turns out to be a float or imaginary. */
    int nonzero = 0;
    for (;;) {
      c = peekc(lx, 0);
      if (c == '0') { lx->pos++; continue; }
      if (c == '_' && peekc(lx, 1) == '0') { lx->pos++; continue; }
      if (c == '_') return fail(lx, PE_SYNTAX, lx->pos, 0, "invalid decimal literal");
      break;
    }
    size_t zero_end = lx->pos;
    if (is_digit(peekc(lx, 0))) {
      nonzero = 1;
      if (scan_digits(lx, is_digit) < 0) return fail(lx, PE_SYNTAX, lx->pos - 1, 0, "invalid decimal literal");
    }
    c = peekc(lx, 0);
    if (c == '.' || c == 'e' || c == 'E' || c == 'j' || c == 'J') {
      /* fall through to the fraction below */
    } else if (nonzero) {
      lx->pos = zero_end;
      return fail(lx, PE_SYNTAX, zero_end, 0,
                  "leading zeros in decimal integer literals are not permitted; use an 0o "
                  "prefix for octal integers");
    } else {
      if (verify_end_of_number(lx, start, "decimal")) return -1;
      return end_tok(lx, t);
    }
  } else if (c != '.') {
    if (scan_digits(lx, is_digit) < 0) return fail(lx, PE_SYNTAX, lx->pos - 1, 0, "invalid decimal literal");
  }
  int is_float = 0;
  if (peekc(lx, 0) == '.') {
    lx->pos++;
    is_float = 1;
    if (is_digit(peekc(lx, 0)) && scan_digits(lx, is_digit) < 0)
      return fail(lx, PE_SYNTAX, lx->pos - 1, 0, "invalid decimal literal");
  }
  if (lex_exponent_and_imag(lx, start, is_float)) return -1;
  return end_tok(lx, t);
}

/* ---- strings ---- */

static int string_prefix(const char *s, size_t n) {
  int f = 0;
  for (size_t i = 0; i < n; i++) {
    int bit;
    switch (s[i]) {
      case 'r': case 'R': bit = LEX_STR_RAW; break;
      case 'b': case 'B': bit = LEX_STR_BYTES; break;
      case 'f': case 'F': bit = LEX_STR_F; break;
      case 'u': case 'U': bit = LEX_STR_U; break;
      default: return -1;
    }
    if (f & bit) return -1;
    f |= bit;
  }
  if ((f & LEX_STR_U) && f != LEX_STR_U) return -1;
  if ((f & LEX_STR_BYTES) && (f & LEX_STR_F)) return -1;
  return f;
}

static int lex_string(Lexer *lx, Token *t, int flags) {
  /* t was started at the prefix; pos is at the opening quote */
  int q = peekc(lx, 0);
  int triple = peekc(lx, 1) == q && peekc(lx, 2) == q;
  int sline = t->span.line, scol = t->span.col;
  lx->pos += triple ? 3 : 1;
  t->body = (uint32_t)lx->pos;
  t->flags = flags | (triple ? LEX_STR_TRIPLE : 0);
  t->kind = T_STRING;
  for (;;) {
    if (lx->pos >= lx->end) {
      /* CPython counts the last line that has text, not the empty one after a final \n */
      int at_line = lx->line - (lx->line_start == lx->end && lx->line > sline);
      if (triple)
        return fail_at(lx, sline, scol, 1,
                       "unterminated triple-quoted string literal (detected at line %d)",
                       at_line);
      return fail_at(lx, sline, scol, 0, "unterminated string literal (detected at line %d)",
                     lx->line);
    }
    int c = (unsigned char)lx->src[lx->pos];
    if (c == '\\') {
      lx->pos++;
      int n = nl_len(lx, lx->pos);
      if (n) newline_at(lx, n);
      else if (lx->pos < lx->end) lx->pos++;
      continue;
    }
    int n = nl_len(lx, lx->pos);
    if (n) {
      if (!triple)
        return fail_at(lx, sline, scol, 0, "unterminated string literal (detected at line %d)",
                       lx->line);
      newline_at(lx, n);
      continue;
    }
    if (c == q) {
      if (!triple) { lx->pos++; break; }
      if (peekc(lx, 1) == q && peekc(lx, 2) == q) { lx->pos += 3; break; }
    }
    lx->pos++;
  }
  return end_tok(lx, t);
}

/* ---- names ---- */

#define LEX_KW_(k, s) {s, k},
static const struct { const char *s; int kind; } keywords[] = {LEX_KEYWORDS(LEX_KW_)};
#undef LEX_KW_

static int keyword_kind(const char *s, size_t n) {
  if (n < 2 || n > 8) return T_NAME;
  for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
    if (strlen(keywords[i].s) == n && memcmp(keywords[i].s, s, n) == 0) return keywords[i].kind;
  return T_NAME;
}

static int lex_name(Lexer *lx, Token *t) {
  start_tok(lx, t, T_NAME);
  size_t start = lx->pos;
  int ascii = 1;
  for (;;) {
    int c = peekc(lx, 0);
    if (c < 0) break;
    if (c < 0x80) {
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || is_digit(c)) {
        lx->pos++;
        continue;
      }
      break;
    }
    uint32_t cp;
    int k = cp_at(lx, lx->pos, &cp);
    if (k == 0) break;
    if (!lex_id_continue(cp)) {
      /* CPython reports the offending character, not "invalid syntax" */
      return bad_char(lx, lx->pos);
    }
    ascii = 0;
    lx->pos += (size_t)k;
  }
  size_t n = lx->pos - start;
  int q = peekc(lx, 0);
  if (ascii && n <= 2 && (q == '"' || q == '\'')) {
    int f = string_prefix(lx->src + start, n);
    if (f >= 0) return lex_string(lx, t, f);
  }
  if (ascii) t->kind = keyword_kind(lx->src + start, n);
  return end_tok(lx, t);
}

/* ---- operators ---- */

static int op_kind(const char *s, size_t avail, int *len) {
  char a = s[0], b = avail > 1 ? s[1] : 0, c = avail > 2 ? s[2] : 0;
  *len = 3;
  if (a == '*' && b == '*' && c == '=') return T_DOUBLESTAREQUAL;
  if (a == '/' && b == '/' && c == '=') return T_DOUBLESLASHEQUAL;
  if (a == '<' && b == '<' && c == '=') return T_LEFTSHIFTEQUAL;
  if (a == '>' && b == '>' && c == '=') return T_RIGHTSHIFTEQUAL;
  if (a == '.' && b == '.' && c == '.') return T_ELLIPSIS;
  *len = 2;
  switch (a) {
    case '=': if (b == '=') return T_EQEQUAL; break;
    case '!': if (b == '=') return T_NOTEQUAL; break;
    case '<': if (b == '=') return T_LESSEQUAL; if (b == '<') return T_LEFTSHIFT; break;
    case '>': if (b == '=') return T_GREATEREQUAL; if (b == '>') return T_RIGHTSHIFT; break;
    case '*': if (b == '*') return T_DOUBLESTAR; if (b == '=') return T_STAREQUAL; break;
    case '/': if (b == '/') return T_DOUBLESLASH; if (b == '=') return T_SLASHEQUAL; break;
    case '+': if (b == '=') return T_PLUSEQUAL; break;
    case '-': if (b == '=') return T_MINEQUAL; if (b == '>') return T_RARROW; break;
    case '%': if (b == '=') return T_PERCENTEQUAL; break;
    case '&': if (b == '=') return T_AMPEREQUAL; break;
    case '|': if (b == '=') return T_VBAREQUAL; break;
    case '^': if (b == '=') return T_CIRCUMFLEXEQUAL; break;
    case '@': if (b == '=') return T_ATEQUAL; break;
    case ':': if (b == '=') return T_COLONEQUAL; break;
  }
  *len = 1;
  switch (a) {
    case '(': return T_LPAR;
    case ')': return T_RPAR;
    case '[': return T_LSQB;
    case ']': return T_RSQB;
    case '{': return T_LBRACE;
    case '}': return T_RBRACE;
    case ':': return T_COLON;
    case ',': return T_COMMA;
    case ';': return T_SEMI;
    case '+': return T_PLUS;
    case '-': return T_MINUS;
    case '*': return T_STAR;
    case '/': return T_SLASH;
    case '|': return T_VBAR;
    case '&': return T_AMPER;
    case '<': return T_LESS;
    case '>': return T_GREATER;
    case '=': return T_EQUAL;
    case '.': return T_DOT;
    case '%': return T_PERCENT;
    case '~': return T_TILDE;
    case '^': return T_CIRCUMFLEX;
    case '@': return T_AT;
  }
  return -1;
}

/* ---- indentation ---- */

/* At the start of a logical line outside brackets: measure indentation, skip blank and
 * comment-only lines, and queue INDENT/DEDENT. Returns 0, or -1 on error. */
static int lex_indentation(Lexer *lx) {
  for (;;) {
    int col = 0, alt = 0;
    size_t p = lx->pos;
    for (; p < lx->end; p++) {
      char c = lx->src[p];
      if (c == ' ') { col++; alt++; }
      else if (c == '\t') { col = (col / 8 + 1) * 8; alt++; }
      else if (c == '\f') { col = alt = 0; }
      else break;
    }
    lx->pos = p;
    if (p >= lx->end) return 0;           /* EOF: handled by the caller */
    char c = lx->src[p];
    if (c == '#' || c == '\n' || c == '\r') {
      /* blank or comment-only line: ignored entirely */
      while (lx->pos < lx->end && !nl_len(lx, lx->pos)) lx->pos++;
      int n = nl_len(lx, lx->pos);
      if (n == 0) return 0;
      newline_at(lx, n);
      continue;
    }
    if (c == '\\') return 0;               /* a continuation line decides nothing here */
    lx->atbol = 0;
    int top = lx->indstack[lx->indent];
    if (col == top) {
      if (alt != lx->altstack[lx->indent]) goto tab_error;
    } else if (col > top) {
      if (lx->indent + 1 >= LEX_MAX_INDENT) {
        fail(lx, PE_INDENTATION, p, 0, "too many levels of indentation");
        return -1;
      }
      if (alt <= lx->altstack[lx->indent]) goto tab_error;
      lx->pending++;
      lx->indent++;
      lx->indstack[lx->indent] = col;
      lx->altstack[lx->indent] = alt;
    } else {
      while (lx->indent > 0 && col < lx->indstack[lx->indent]) {
        lx->pending--;
        lx->indent--;
      }
      if (col != lx->indstack[lx->indent]) {
        fail(lx, PE_INDENTATION, p, 0, "unindent does not match any outer indentation level");
        return -1;
      }
      if (alt != lx->altstack[lx->indent]) goto tab_error;
    }
    return 0;
  tab_error:
    fail(lx, PE_TAB, p, 0, "inconsistent use of tabs and spaces in indentation");
    return -1;
  }
}

/* ---- the main entry ---- */

int lex_next(Lexer *lx, Token *t) {
  memset(t, 0, sizeof *t);
  if (lx->done && lx->err && lx->err->msg[0] && lx->last_kind != T_ENDMARKER) {
    /* after an error keep answering ENDMARKER so a caller can never loop forever */
  }
  if (lx->done) {
    start_tok(lx, t, T_ENDMARKER);
    t->span.end_line = t->span.line;
    t->span.end_col = t->span.col;
    return lx->last_kind == T_ENDMARKER ? 0 : 0;
  }
again:
  if (lx->atbol && !lx->sub && lx->level == 0 && lx->pending == 0) {
    if (lex_indentation(lx)) return -1;
  }
  if (lx->pending != 0) {
    int kind = lx->pending > 0 ? T_INDENT : T_DEDENT;
    lx->pending += lx->pending > 0 ? -1 : 1;
    start_tok(lx, t, kind);
    return end_tok(lx, t);
  }
  /* skip whitespace and comments */
  for (;;) {
    int c = peekc(lx, 0);
    if (c == ' ' || c == '\t' || c == '\f') { lx->pos++; continue; }
    if (c == '\r' && nl_len(lx, lx->pos) == 2 && 0) { lx->pos++; continue; }
    if (c == '#') {
      while (lx->pos < lx->end && !nl_len(lx, lx->pos)) lx->pos++;
      continue;
    }
    break;
  }
  if (lx->sub && (lx->pos == lx->sub_lpar || lx->pos == lx->sub_rpar)) {
    int open = lx->pos == lx->sub_lpar;
    start_tok(lx, t, open ? T_LPAR : T_RPAR);
    if (open) {
      lx->parens[0] = '(';
      lx->paren_line[0] = lx->line;
      lx->paren_col[0] = col_of(lx, lx->pos);
      lx->level = 1;
    } else {
      lx->level = 0;
    }
    lx->pos++;
    if (!open) lx->pos = lx->end;
    return end_tok(lx, t);
  }
  int c = peekc(lx, 0);
  if (c < 0) {
    /* end of input */
    if (lx->sub) {
      start_tok(lx, t, T_ENDMARKER);
      lx->done = 1;
      return end_tok(lx, t);
    }
    if (lx->level > 0) {
      int i = lx->level - 1;
      return fail_at(lx, lx->paren_line[i], lx->paren_col[i], 1, "'%c' was never closed",
                     lx->parens[i]);
    }
    if (lx->last_kind != T_NEWLINE && !lx->saw_eof_newline) {
      /* the source's last line has no newline: CPython adds one */
      lx->saw_eof_newline = 1;
      start_tok(lx, t, T_NEWLINE);
      end_tok(lx, t);
      t->span.end_col = t->span.col + 1;
      lx->atbol = 1;
      return 0;
    }
    if (lx->indent > 0) {
      lx->pending = -lx->indent;
      lx->indent = 0;
      goto again;
    }
    start_tok(lx, t, T_ENDMARKER);
    lx->done = 1;
    return end_tok(lx, t);
  }
  int n = nl_len(lx, lx->pos);
  if (n) {
    if (lx->level > 0 || lx->sub || lx->last_kind == T_NEWLINE) {
      newline_at(lx, n);
      goto again;
    }
    start_tok(lx, t, T_NEWLINE);
    lx->pos += (size_t)n;
    t->end = (uint32_t)lx->pos;
    t->span.end_line = lx->line;
    t->span.end_col = t->span.col + 1;
    lx->last_kind = T_NEWLINE;
    lx->line++;
    lx->line_start = lx->pos;
    lx->atbol = 1;
    return 0;
  }
  if (c == '\\') {
    size_t at = lx->pos;
    int m = nl_len(lx, lx->pos + 1);
    if (m) {
      lx->pos++;
      newline_at(lx, m);
      if (lx->pos >= lx->end) {
        if (lx->sub) goto again;
        return fail_at(lx, lx->line - 1, col_of(lx, at), 1, "unexpected EOF while parsing");
      }
      goto again;
    }
    if (lx->pos + 1 >= lx->end) {
      if (lx->sub) return fail(lx, PE_SYNTAX, at, 0, "unexpected character after line continuation character");
      return fail(lx, PE_SYNTAX, at + 1, 1, "unexpected EOF while parsing");
    }
    return fail(lx, PE_SYNTAX, at + 1, 0, "unexpected character after line continuation character");
  }
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') return lex_name(lx, t);
  if (c >= 0x80) {
    uint32_t cp;
    int k = cp_at(lx, lx->pos, &cp);
    if (k > 0 && lex_id_start(cp)) return lex_name(lx, t);
    return bad_char(lx, lx->pos);
  }
  if (is_digit(c) || (c == '.' && is_digit(peekc(lx, 1)))) return lex_number(lx, t);
  if (c == '"' || c == '\'') {
    start_tok(lx, t, T_STRING);
    return lex_string(lx, t, 0);
  }
  int len;
  int kind = op_kind(lx->src + lx->pos, lx->end - lx->pos, &len);
  if (kind < 0) {
    if (c < 0x20 || c == 0x7f) return bad_char(lx, lx->pos);
    return fail(lx, PE_SYNTAX, lx->pos, 0, "invalid syntax");
  }
  start_tok(lx, t, kind);
  if (kind == T_LPAR || kind == T_LSQB || kind == T_LBRACE) {
    if (lx->level >= LEX_MAX_PAREN) return fail(lx, PE_SYNTAX, lx->pos, 0, "too many nested parentheses");
    lx->parens[lx->level] = (char)c;
    lx->paren_line[lx->level] = lx->line;
    lx->paren_col[lx->level] = col_of(lx, lx->pos);
    lx->level++;
  } else if (kind == T_RPAR || kind == T_RSQB || kind == T_RBRACE) {
    if (lx->level == 0) {
      if (lx->sub) goto plain;  /* the f-string scanner reports its own messages */
      return fail(lx, PE_SYNTAX, lx->pos, 0, "unmatched '%c'", c);
    }
    char open = lx->parens[lx->level - 1];
    char want = open == '(' ? ')' : open == '[' ? ']' : '}';
    if (c != want) {
      if (lx->paren_line[lx->level - 1] != lx->line)
        return fail(lx, PE_SYNTAX, lx->pos, 0,
                    "closing parenthesis '%c' does not match opening parenthesis '%c' on line %d",
                    c, open, lx->paren_line[lx->level - 1]);
      return fail(lx, PE_SYNTAX, lx->pos, 0,
                  "closing parenthesis '%c' does not match opening parenthesis '%c'", c, open);
    }
    lx->level--;
  }
plain:
  lx->pos += (size_t)len;
  return end_tok(lx, t);
}

/* ---- string decoding ---- */

typedef struct DBuf {
  char *s;
  size_t len;
} DBuf;

static void put_utf8(DBuf *b, uint32_t cp) {
  unsigned char *o = (unsigned char *)b->s + b->len;
  if (cp < 0x80) { o[0] = (unsigned char)cp; b->len += 1; }
  else if (cp < 0x800) { o[0] = (unsigned char)(0xC0 | (cp >> 6)); o[1] = (unsigned char)(0x80 | (cp & 0x3F)); b->len += 2; }
  else if (cp < 0x10000) {
    o[0] = (unsigned char)(0xE0 | (cp >> 12)); o[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
    o[2] = (unsigned char)(0x80 | (cp & 0x3F)); b->len += 3;
  } else {
    o[0] = (unsigned char)(0xF0 | (cp >> 18)); o[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F)); o[3] = (unsigned char)(0x80 | (cp & 0x3F));
    b->len += 4;
  }
}

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

int lex_decode_string(Arena *a, const char *s, size_t n, int flags, Str *out, char *msg,
                      size_t msgn) {
  int bytes = (flags & LEX_STR_BYTES) != 0, raw = (flags & LEX_STR_RAW) != 0;
  /* escapes never grow the text: \U0001F600 (10 bytes) -> 4 bytes, \xff (4) -> 2 */
  DBuf b = {arena_alloc(a, n + 1), 0};
  if (!b.s) { snprintf(msg, msgn, "out of memory"); return -1; }
  size_t i = 0;
  while (i < n) {
    unsigned char c = (unsigned char)s[i];
    if (bytes && c >= 0x80) {
      snprintf(msg, msgn, "bytes can only contain ASCII literal characters");
      return -1;
    }
    if (c == '\r') {
      b.s[b.len++] = '\n';
      i += (i + 1 < n && s[i + 1] == '\n') ? 2 : 1;
      continue;
    }
    if (c != '\\' || raw) {
      if (raw && c == '\\' && i + 1 < n) {
        /* keep the backslash and the escaped character (which may be a quote or \r\n) */
        b.s[b.len++] = '\\';
        i++;
        continue;
      }
      b.s[b.len++] = (char)c;
      i++;
      continue;
    }
    size_t esc = i;
    i++;
    if (i >= n) { b.s[b.len++] = '\\'; break; }
    c = (unsigned char)s[i++];
    switch (c) {
      case '\n': break;
      case '\r': if (i < n && s[i] == '\n') i++; break;
      case '\\': b.s[b.len++] = '\\'; break;
      case '\'': b.s[b.len++] = '\''; break;
      case '"': b.s[b.len++] = '"'; break;
      case 'a': b.s[b.len++] = '\a'; break;
      case 'b': b.s[b.len++] = '\b'; break;
      case 'f': b.s[b.len++] = '\f'; break;
      case 'n': b.s[b.len++] = '\n'; break;
      case 'r': b.s[b.len++] = '\r'; break;
      case 't': b.s[b.len++] = '\t'; break;
      case 'v': b.s[b.len++] = '\v'; break;
      case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
        uint32_t v = c - '0';
        for (int k = 0; k < 2 && i < n && s[i] >= '0' && s[i] <= '7'; k++) v = v * 8 + (uint32_t)(s[i++] - '0');
        if (bytes) b.s[b.len++] = (char)(v & 0xFF);
        else put_utf8(&b, v);
        break;
      }
      case 'x': {
        int h1 = i < n ? hexval((unsigned char)s[i]) : -1;
        int h2 = i + 1 < n ? hexval((unsigned char)s[i + 1]) : -1;
        if (h1 < 0 || h2 < 0) {
          if (bytes) snprintf(msg, msgn, "(value error) invalid \\x escape at position %zu", esc);
          else snprintf(msg, msgn, "(unicode error) 'unicodeescape' codec can't decode bytes in position %zu-%zu: truncated \\xXX escape", esc, i + (h1 >= 0) - 1 + 1 - 1);
          return -1;
        }
        i += 2;
        uint32_t v = (uint32_t)(h1 * 16 + h2);
        if (bytes) b.s[b.len++] = (char)v;
        else put_utf8(&b, v);
        break;
      }
      case 'u': case 'U':
        if (bytes) { b.s[b.len++] = '\\'; b.s[b.len++] = (char)c; break; }
        {
          int digits = c == 'u' ? 4 : 8;
          uint32_t v = 0;
          int k;
          for (k = 0; k < digits && i < n && hexval((unsigned char)s[i]) >= 0; k++)
            v = v * 16 + (uint32_t)hexval((unsigned char)s[i++]);
          if (k < digits) {
            snprintf(msg, msgn, "(unicode error) 'unicodeescape' codec can't decode bytes in position %zu-%zu: truncated \\%sXXXX%s escape",
                     esc, i - 1, c == 'u' ? "u" : "U", c == 'u' ? "" : "XXXX");
            return -1;
          }
          if (v > 0x10FFFF) {
            snprintf(msg, msgn, "(unicode error) 'unicodeescape' codec can't decode bytes in position %zu-%zu: illegal Unicode character", esc, i - 1);
            return -1;
          }
          put_utf8(&b, v);
        }
        break;
      case 'N':
        if (bytes) { b.s[b.len++] = '\\'; b.s[b.len++] = 'N'; break; }
        snprintf(msg, msgn, "(unicode error) \\N{...} escapes are not supported");
        return -1;
      default:
        /* an unknown escape keeps its backslash (CPython warns, nothing more) */
        b.s[b.len++] = '\\';
        i--;
        break;
    }
  }
  b.s[b.len] = 0;
  out->s = b.s;
  out->len = b.len;
  return 0;
}
