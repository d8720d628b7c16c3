/* mod_re_syntax.c - Python regular-expression syntax checked with CPython's messages and
 * rewritten for PCRE2 (\Z, \v, octal and \u escapes, named groups numbered, verbose mode). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mod_re.h"

typedef struct Grp { size_t open; int verbose; int num; int cond; int lookbehind; } Grp;

typedef struct St {
  const char *p;
  size_t n, i;
  ReXlat *x;
  int verbose;
  Grp *stack;
  int depth, cap;
  int prev;            /* what the last item was, for quantifier checks */
  size_t failpos;      /* the last character read when an error was found */
  int condref;         /* (?(N)...) naming a group not yet opened: checked at the end */
  size_t condpos;
} St;

enum { PV_NONE, PV_ITEM, PV_AT, PV_REPEAT };

static int64_t cpos(St *s, size_t byte) { return (int64_t)utf8_len(s->p, byte < s->n ? byte : s->n); }

static int fail(St *s, size_t byte, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(St *s, size_t byte, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(s->x->err, sizeof s->x->err, fmt, ap);
  va_end(ap);
  s->x->errpos = byte == (size_t)-1 ? -1 : cpos(s, byte);
  s->failpos = s->i > 0 ? s->i - 1 : (size_t)-1;   /* the last character read, if any */
  return -1;
}

/* the text of the code point at byte i (for messages), into buf */
static size_t cp_text(St *s, size_t i, char *buf) {
  uint32_t c;
  int k = i < s->n ? utf8_decode(s->p + i, s->n - i, &c) : 0;
  if (k <= 0) { buf[0] = 0; return 0; }
  if (c == '\\' && i + 1 < s->n) {   /* an escape is one token: "\\s" */
    uint32_t c2;
    int k2 = utf8_decode(s->p + i + 1, s->n - i - 1, &c2);
    if (k2 > 0) k += k2;
  }
  memcpy(buf, s->p + i, (size_t)k);
  buf[k] = 0;
  return (size_t)k;
}

static void emit_cp(St *s, uint32_t c) { fbuf_printf(&s->x->out, "\\x{%x}", (unsigned)c); }

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
static int isoct(char c) { return c >= '0' && c <= '7'; }
static int isdig(char c) { return c >= '0' && c <= '9'; }
static int isalpha_ascii(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static int grow(ReXlat *x, int need) {
  if (need < x->cap) return 0;
  int nc = x->cap ? x->cap * 2 : 16;
  while (nc <= need) nc *= 2;
  int *np = obj_realloc_array(x->parent, (size_t)nc, sizeof(int));
  if (!np) return -1;
  x->parent = np;
  char **nn = obj_realloc_array(x->names, (size_t)nc, sizeof(char *));
  if (!nn) return -1;
  x->names = nn;
  for (int k = x->cap; k < nc; k++) { x->parent[k] = 0; x->names[k] = NULL; }
  x->cap = nc;
  return 0;
}

/* \x, \u, \U: exactly k hex digits after the letter at i (the backslash at i-1) */
static int hex_escape(St *s, size_t bs, int k, uint32_t *out) {
  uint32_t v = 0;
  size_t j = bs + 2;
  int got = 0;
  while (got < k && j < s->n && hexval(s->p[j]) >= 0) { v = v * 16 + (uint32_t)hexval(s->p[j]); j++; got++; }
  if (got < k)
    return fail(s, bs, "incomplete escape %.*s", (int)(j - bs), s->p + bs);
  if (v > 0x10ffff) return fail(s, bs, "bad escape %.*s", (int)(j - bs), s->p + bs);
  *out = v;
  s->i = j;
  return 0;
}

/* An escape that denotes one character (both in and out of sets): 1 with *c set, 0 when it
 * is not one of those, -1 error. s->i is at the backslash. */
static int char_escape(St *s, int in_set, uint32_t *c) {
  size_t bs = s->i;
  char e = s->p[bs + 1];
  switch (e) {
    case 'a': *c = 7; s->i += 2; return 1;
    case 'f': *c = 12; s->i += 2; return 1;
    case 'n': *c = 10; s->i += 2; return 1;
    case 'r': *c = 13; s->i += 2; return 1;
    case 't': *c = 9; s->i += 2; return 1;
    case 'v': *c = 11; s->i += 2; return 1;
    case 'x': return hex_escape(s, bs, 2, c) < 0 ? -1 : 1;
    case 'u': return hex_escape(s, bs, 4, c) < 0 ? -1 : 1;
    case 'U': return hex_escape(s, bs, 8, c) < 0 ? -1 : 1;
    case 'N':
      return fail(s, bs, "\\N{...} named characters are not supported in Sable's re");
    case 'b':
      if (in_set) { *c = 8; s->i += 2; return 1; }
      return 0;
    default: break;
  }
  if (e == '0' || (in_set && isoct(e))) {
    /* octal: up to three digits (\0 takes two more) */
    size_t j = bs + 1;
    uint32_t v = 0;
    int max = 3;
    while (max-- > 0 && j < s->n && isoct(s->p[j])) v = v * 8 + (uint32_t)(s->p[j++] - '0');
    if (v > 0377) return fail(s, bs, "octal escape value %.*s outside of range 0-0o377", (int)(j - bs), s->p + bs);
    *c = v;
    s->i = j;
    return 1;
  }
  if (in_set && isdig(e)) return fail(s, bs, "bad escape %.*s", 2, s->p + bs);
  return 0;
}

/* ---- character sets ------------------------------------------------------------------- */
/* one set item: a character (1, *c), a class escape \d.. (2, emitted), or -1 */
static int set_item(St *s, uint32_t *c, size_t *start) {
  *start = s->i;
  if (s->p[s->i] == '\\') {
    if (s->i + 1 >= s->n) return fail(s, s->i, "bad escape (end of pattern)");
    char e = s->p[s->i + 1];
    if (strchr("dDsSwW", e) && e) {
      fbuf_putc(&s->x->out, '\\');
      fbuf_putc(&s->x->out, e);
      s->i += 2;
      return 2;
    }
    int r = char_escape(s, 1, c);
    if (r) return r;
    if (isalpha_ascii(e)) return fail(s, s->i, "bad escape \\%c", e);
    int k = utf8_decode(s->p + s->i + 1, s->n - s->i - 1, c);
    if (k <= 0) return fail(s, s->i, "invalid UTF-8 in pattern");
    s->i += 1 + (size_t)k;
    return 1;
  }
  int k = utf8_decode(s->p + s->i, s->n - s->i, c);
  if (k <= 0) return fail(s, s->i, "invalid UTF-8 in pattern");
  s->i += (size_t)k;
  return 1;
}

static int parse_set(St *s) {
  size_t open = s->i;
  s->i++;
  fbuf_putc(&s->x->out, '[');
  if (s->i < s->n && s->p[s->i] == '^') { fbuf_putc(&s->x->out, '^'); s->i++; }
  int first = 1;
  for (;;) {
    if (s->i >= s->n) return fail(s, open, "unterminated character set");
    if (s->p[s->i] == ']' && !first) { s->i++; break; }
    first = 0;
    uint32_t lo, hi;
    size_t st, st2;
    int r = set_item(s, &lo, &st);
    if (r < 0) return -1;
    if (s->i + 1 < s->n && s->p[s->i] == '-' && s->p[s->i + 1] != ']') {
      s->i++;
      int r2 = set_item(s, &hi, &st2);
      if (r2 < 0) return -1;
      if (r == 2 || r2 == 2)
        return fail(s, st, "bad character range %.*s", (int)(s->i - st), s->p + st);
      if (hi < lo) return fail(s, st, "bad character range %.*s", (int)(s->i - st), s->p + st);
      emit_cp(s, lo);
      fbuf_putc(&s->x->out, '-');
      emit_cp(s, hi);
    } else if (r == 1) {
      emit_cp(s, lo);
    }
  }
  fbuf_putc(&s->x->out, ']');
  return 0;
}

/* ---- groups ------------------------------------------------------------------------------- */
static int push(St *s, size_t open, int num, int cond, int lookbehind) {
  if (s->depth == s->cap) {
    int nc = s->cap ? s->cap * 2 : 16;
    Grp *ng = obj_realloc_array(s->stack, (size_t)nc, sizeof(Grp));
    if (!ng) return -1;
    s->stack = ng;
    s->cap = nc;
  }
  s->stack[s->depth++] = (Grp){open, s->verbose, num, cond, lookbehind};
  return 0;
}

static int cur_group(St *s) {
  for (int d = s->depth - 1; d >= 0; d--)
    if (s->stack[d].num > 0) return s->stack[d].num;
  return 0;
}

static int group_open(St *s, int g) {
  for (int d = 0; d < s->depth; d++)
    if (s->stack[d].num == g) return 1;
  return 0;
}

static int new_group(St *s, size_t open, const char *name, size_t nlen) {
  int g = s->x->ngroups + 1;
  if (grow(s->x, g) < 0) return -1;
  s->x->ngroups = g;
  s->x->parent[g] = cur_group(s);
  if (name) {
    char *nm = obj_malloc(nlen + 1);
    if (!nm) return -1;
    memcpy(nm, name, nlen);
    nm[nlen] = 0;
    s->x->names[g] = nm;
  }
  fbuf_putc(&s->x->out, '(');
  return push(s, open, g, 0, 0);
}

static int find_name(St *s, const char *name, size_t nlen) {
  for (int g = 1; g <= s->x->ngroups; g++)
    if (s->x->names[g] && strlen(s->x->names[g]) == nlen && !memcmp(s->x->names[g], name, nlen))
      return g;
  return 0;
}

/* a Python identifier (ASCII letters/digits/_ and any non-ASCII character) */
static int is_ident(const char *p, size_t n) {
  if (n == 0 || isdig(p[0])) return 0;
  for (size_t k = 0; k < n; k++) {
    unsigned char ch = (unsigned char)p[k];
    if (!(ch >= 0x80 || ch == '_' || isalpha_ascii((char)ch) || isdig((char)ch))) return 0;
  }
  return 1;
}

/* a name ended by `term` starting at s->i: sets name and nlen, moves past term */
static int read_name(St *s, char term, const char **name, size_t *nlen) {
  size_t st = s->i;
  while (s->i < s->n && s->p[s->i] != term) s->i++;
  if (s->i >= s->n) {
    if (st == s->n) return fail(s, st, "missing group name");
    return fail(s, st, "missing %c, unterminated name", term);
  }
  *name = s->p + st;
  *nlen = s->i - st;
  if (*nlen == 0) return fail(s, st, "missing group name");
  s->i++;
  return 0;
}

static int flag_of(char c) {
  switch (c) {
    case 'i': return RE_IGNORECASE;
    case 'L': return RE_LOCALE;
    case 'm': return RE_MULTILINE;
    case 's': return RE_DOTALL;
    case 'x': return RE_VERBOSE;
    case 'a': return RE_ASCII;
    case 'u': return RE_UNICODE;
    default: return 0;
  }
}

/* (?flags) or (?flags-flags:...) after "(?" at s->i */
static int parse_flags(St *s, size_t open) {
  int add = 0, del = 0;
  while (s->i < s->n && flag_of(s->p[s->i])) add |= flag_of(s->p[s->i++]);
  if (s->i >= s->n) return fail(s, s->i, "missing -, : or )");
  if (add & RE_LOCALE) return fail(s, s->i, "bad inline flags: cannot use 'L' flag with a str pattern");
  if ((add & RE_ASCII) && (add & RE_UNICODE))
    return fail(s, s->i, "bad inline flags: flags 'a', 'u' and 'L' are incompatible");
  if (s->p[s->i] == ')') {
    s->i++;
    if (s->x->out.len > 0 || s->depth > 0 || s->prev != PV_NONE)
      return fail(s, open, "global flags not at the start of the expression");
    s->x->flags |= add;
    if (add & RE_VERBOSE) s->verbose = 1;
    return 0;
  }
  if (s->p[s->i] == '-') {
    s->i++;
    if (s->i >= s->n) return fail(s, s->i, "missing flag");
    char c = s->p[s->i];
    if (c == 'a' || c == 'u' || c == 'L')
      return fail(s, s->i + 1, "bad inline flags: cannot turn off flags 'a', 'u' and 'L'");
    if (!flag_of(c)) return fail(s, s->i, isalpha_ascii(c) ? "unknown flag" : "missing flag");
    while (s->i < s->n && flag_of(s->p[s->i])) {
      c = s->p[s->i];
      if (c == 'a' || c == 'u' || c == 'L')
        return fail(s, s->i + 1, "bad inline flags: cannot turn off flags 'a', 'u' and 'L'");
      del |= flag_of(s->p[s->i++]);
    }
    if (s->i >= s->n) return fail(s, s->i, "missing :");
    if (s->p[s->i] != ':') return fail(s, s->i, isalpha_ascii(s->p[s->i]) ? "unknown flag" : "missing :");
    if (add & del) return fail(s, s->i, "bad inline flags: flag turned on and off");
  } else if (s->p[s->i] != ':') {
    return fail(s, s->i, isalpha_ascii(s->p[s->i]) ? "unknown flag" : "missing -, : or )");
  }
  s->i++;   /* ':' */
  if ((add & RE_ASCII) && !(s->x->flags & RE_ASCII))
    return fail(s, open, "scoped ASCII flags (?a:...) are not supported in Sable's re");
  if (push(s, open, 0, 0, 0) < 0) return -1;
  s->prev = PV_NONE;
  if (add & RE_VERBOSE) s->verbose = 1;
  if (del & RE_VERBOSE) s->verbose = 0;
  fbuf_puts(&s->x->out, "(?");
  if (add & RE_IGNORECASE) fbuf_putc(&s->x->out, 'i');
  if (add & RE_MULTILINE) fbuf_putc(&s->x->out, 'm');
  if (add & RE_DOTALL) fbuf_putc(&s->x->out, 's');
  if (del & (RE_IGNORECASE | RE_MULTILINE | RE_DOTALL)) {
    fbuf_putc(&s->x->out, '-');
    if (del & RE_IGNORECASE) fbuf_putc(&s->x->out, 'i');
    if (del & RE_MULTILINE) fbuf_putc(&s->x->out, 'm');
    if (del & RE_DOTALL) fbuf_putc(&s->x->out, 's');
  }
  fbuf_putc(&s->x->out, ':');
  return 0;
}

/* "(" at s->i. Sets s->prev for what follows (PV_NONE: a group opened). */
static int parse_open(St *s) {
  size_t open = s->i;
  s->i++;
  if (s->i >= s->n || s->p[s->i] != '?') { s->prev = PV_NONE; return new_group(s, open, NULL, 0); }
  s->i++;
  if (s->i >= s->n) return fail(s, s->i, "unexpected end of pattern");
  char c = s->p[s->i];
  const char *name;
  size_t nlen;
  if (c == 'P') {
    s->i++;
    if (s->i >= s->n) return fail(s, s->i, "unexpected end of pattern");
    char d = s->p[s->i++];
    if (d == '<') {
      size_t st = s->i;
      if (read_name(s, '>', &name, &nlen) < 0) return -1;
      if (!is_ident(name, nlen)) return fail(s, st, "bad character in group name '%.*s'", (int)nlen, name);
      int was = find_name(s, name, nlen);
      if (was)
        return fail(s, st, "redefinition of group name '%.*s' as group %d; was group %d", (int)nlen, name,
                    s->x->ngroups + 1, was);
      s->prev = PV_NONE;
      return new_group(s, open, name, nlen);
    }
    if (d == '=') {
      size_t st = s->i;
      if (read_name(s, ')', &name, &nlen) < 0) return -1;
      if (!is_ident(name, nlen)) return fail(s, st, "bad character in group name '%.*s'", (int)nlen, name);
      int g = find_name(s, name, nlen);
      if (!g) return fail(s, st, "unknown group name '%.*s'", (int)nlen, name);
      if (group_open(s, g)) return fail(s, st, "cannot refer to an open group");
      fbuf_printf(&s->x->out, "(?:\\g{%d})", g);
      s->prev = PV_ITEM;
      return 0;
    }
    return fail(s, open + 1, "unknown extension ?P%c", d);
  }
  if (c == ':') { s->i++; s->prev = PV_NONE; fbuf_puts(&s->x->out, "(?:"); return push(s, open, 0, 0, 0); }
  if (c == '>') { s->i++; s->prev = PV_NONE; fbuf_puts(&s->x->out, "(?>"); return push(s, open, 0, 0, 0); }
  if (c == '=' || c == '!') {
    s->i++;
    s->prev = PV_NONE;
    fbuf_printf(&s->x->out, "(?%c", c);
    return push(s, open, 0, 0, 0);
  }
  if (c == '#') {
    while (s->i < s->n && s->p[s->i] != ')') s->i++;
    if (s->i >= s->n) return fail(s, open, "missing ), unterminated comment");
    s->i++;
    return 0;   /* prev unchanged: a comment is not an item */
  }
  if (c == '<') {
    s->i++;
    char d = s->i < s->n ? s->p[s->i] : 0;
    if (d == '=' || d == '!') {
      s->i++;
      s->prev = PV_NONE;
      fbuf_printf(&s->x->out, "(?<%c", d);
      return push(s, open, 0, 0, 1);
    }
    if (!d) return fail(s, s->i, "unexpected end of pattern");
    char t[12];
    cp_text(s, s->i, t);
    return fail(s, open + 1, "unknown extension ?<%s", t);
  }
  if (c == '(') {
    /* (?(group)yes|no) */
    s->i++;
    size_t st = s->i;
    if (read_name(s, ')', &name, &nlen) < 0) return -1;
    int g = 0;
    int numeric = 1;
    for (size_t k = 0; k < nlen; k++) if (!isdig(name[k])) numeric = 0;
    if (numeric) {
      for (size_t k = 0; k < nlen && g < 100000; k++) g = g * 10 + (name[k] - '0');
      if (g == 0) return fail(s, st, "bad group number");
      if (g > s->x->ngroups && !s->condref) { s->condref = g; s->condpos = st; }
    } else {
      if (!is_ident(name, nlen)) return fail(s, st, "bad character in group name '%.*s'", (int)nlen, name);
      g = find_name(s, name, nlen);
      if (!g) return fail(s, st, "unknown group name '%.*s'", (int)nlen, name);
    }
    fbuf_printf(&s->x->out, "(?(%d)", g);
    s->prev = PV_NONE;
    return push(s, open, 0, 1, 0);
  }
  if (flag_of(c) || c == '-') return parse_flags(s, open);
  char t[12];
  cp_text(s, s->i, t);
  return fail(s, open + 1, "unknown extension ?%s", t);
}

/* ---- quantifiers ------------------------------------------------------------------------- */
/* A {m,n} at s->i: 1 (emitted) when it is a quantifier, 0 when a literal '{' */
static int parse_brace(St *s, size_t at) {
  size_t j = at + 1;
  size_t lo0 = j;
  while (j < s->n && isdig(s->p[j])) j++;
  size_t lo1 = j, hi0 = j, hi1 = j;
  int comma = 0;
  if (j < s->n && s->p[j] == ',') {
    comma = 1;
    j++;
    hi0 = j;
    while (j < s->n && isdig(s->p[j])) j++;
    hi1 = j;
  }
  if (j >= s->n || s->p[j] != '}' || (lo0 == lo1 && !comma)) return 0;
  s->i = j + 1;   /* sre has read the whole {m,n} when it finds these */
  if (s->prev == PV_NONE || s->prev == PV_AT) return fail(s, at, "nothing to repeat");
  if (s->prev == PV_REPEAT) return fail(s, at, "multiple repeat");
  unsigned long lo = 0, hi = 0;
  if (lo1 > lo0) lo = strtoul(s->p + lo0, NULL, 10);
  if (hi1 > hi0) hi = strtoul(s->p + hi0, NULL, 10);
  if ((lo1 - lo0) > 10 || (hi1 - hi0) > 10 || lo >= 4294967295ul || hi >= 4294967295ul) {
    obj_raise(&exc_OverflowError, "the repetition number is too large");
    return -1;
  }
  if (lo > 65535 || hi > 65535)
    return fail(s, at, "the repetition number is too large (Sable's re allows up to 65535)");
  if (comma && hi1 > hi0 && hi < lo) return fail(s, at + 1, "min repeat greater than max repeat");
  if (!comma) fbuf_printf(&s->x->out, "{%lu}", lo);
  else if (hi1 > hi0) fbuf_printf(&s->x->out, "{%lu,%lu}", lo, hi);
  else fbuf_printf(&s->x->out, "{%lu,}", lo);
  s->i = j + 1;
  return 1;
}

static void after_repeat(St *s) {
  s->prev = PV_REPEAT;
  if (s->i < s->n && (s->p[s->i] == '?' || s->p[s->i] == '+')) fbuf_putc(&s->x->out, s->p[s->i++]);
}

/* ---- the main loop ----------------------------------------------------------------------- */
static int escape_out(St *s) {
  size_t bs = s->i;
  if (bs + 1 >= s->n) return fail(s, bs, "bad escape (end of pattern)");
  char e = s->p[bs + 1];
  switch (e) {
    case 'A': fbuf_puts(&s->x->out, "\\A"); s->i += 2; s->prev = PV_AT; return 0;
    case 'Z': fbuf_puts(&s->x->out, "\\z"); s->i += 2; s->prev = PV_AT; return 0;
    case 'b': case 'B':
      fbuf_putc(&s->x->out, '\\'); fbuf_putc(&s->x->out, e); s->i += 2; s->prev = PV_AT; return 0;
    case 'd': case 'D': case 's': case 'S': case 'w': case 'W':
      fbuf_putc(&s->x->out, '\\'); fbuf_putc(&s->x->out, e); s->i += 2; s->prev = PV_ITEM; return 0;
    default: break;
  }
  uint32_t c;
  if (e >= '1' && e <= '9') {
    /* three octal digits make a character; otherwise a group reference of one or two digits */
    if (bs + 3 < s->n && isoct(e) && isoct(s->p[bs + 2]) && isoct(s->p[bs + 3])) {
      uint32_t v = (uint32_t)((e - '0') * 64 + (s->p[bs + 2] - '0') * 8 + (s->p[bs + 3] - '0'));
      if (v > 0377) return fail(s, bs, "octal escape value %.*s outside of range 0-0o377", 4, s->p + bs);
      emit_cp(s, v);
      s->i = bs + 4;
      s->prev = PV_ITEM;
      return 0;
    }
    int g = e - '0';
    size_t j = bs + 2;
    if (j < s->n && isdig(s->p[j])) g = g * 10 + (s->p[j++] - '0');
    s->i = j;
    if (g > s->x->ngroups) return fail(s, bs + 1, "invalid group reference %d", g);
    if (group_open(s, g)) return fail(s, bs, "cannot refer to an open group");
    fbuf_printf(&s->x->out, "(?:\\g{%d})", g);
    s->i = j;
    s->prev = PV_ITEM;
    return 0;
  }
  int r = char_escape(s, 0, &c);
  if (r < 0) return -1;
  if (r == 0) {
    if (isalpha_ascii(e)) return fail(s, bs, "bad escape \\%c", e);
    int k = utf8_decode(s->p + bs + 1, s->n - bs - 1, &c);
    if (k <= 0) return fail(s, bs, "invalid UTF-8 in pattern");
    s->i = bs + 1 + (size_t)k;
  }
  emit_cp(s, c);
  s->prev = PV_ITEM;
  return 0;
}

static int run(St *s) {
  while (s->i < s->n) {
    char c = s->p[s->i];
    if (s->verbose) {
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') { s->i++; continue; }
      if (c == '#') {
        while (s->i < s->n && s->p[s->i] != '\n') s->i++;
        continue;
      }
    }
    switch (c) {
      case '\\':
        if (escape_out(s) < 0) return -1;
        break;
      case '[':
        if (parse_set(s) < 0) return -1;
        s->prev = PV_ITEM;
        break;
      case '(':
        if (parse_open(s) < 0) return -1;
        break;
      case ')': {
        if (s->depth == 0) return fail(s, s->i, "unbalanced parenthesis");
        Grp g = s->stack[--s->depth];
        s->verbose = g.verbose;
        fbuf_putc(&s->x->out, ')');
        s->i++;
        s->prev = PV_ITEM;
        break;
      }
      case '|':
        fbuf_putc(&s->x->out, '|');
        s->i++;
        s->prev = PV_NONE;
        break;
      case '^': case '$':
        fbuf_putc(&s->x->out, c);
        s->i++;
        s->prev = PV_AT;
        break;
      case '.':
        fbuf_putc(&s->x->out, '.');
        s->i++;
        s->prev = PV_ITEM;
        break;
      case '*': case '+': case '?':
        s->i++;
        if (s->prev == PV_NONE || s->prev == PV_AT) return fail(s, s->i - 1, "nothing to repeat");
        if (s->prev == PV_REPEAT) return fail(s, s->i - 1, "multiple repeat");
        fbuf_putc(&s->x->out, c);
        after_repeat(s);
        break;
      case '{': {
        int r = parse_brace(s, s->i);
        if (r < 0) return -1;
        if (r) { after_repeat(s); break; }
        fbuf_puts(&s->x->out, "\\{");
        s->i++;
        s->prev = PV_ITEM;
        break;
      }
      default: {
        uint32_t cp;
        int k = utf8_decode(s->p + s->i, s->n - s->i, &cp);
        if (k <= 0) return fail(s, s->i, "invalid UTF-8 in pattern");
        if ((unsigned char)c < 0x80 && !(isalpha_ascii(c) || isdig(c) || c == '_')) {
          fbuf_putc(&s->x->out, '\\');   /* any other ASCII character is literal */
          fbuf_putc(&s->x->out, c);
        } else {
          fbuf_putn(&s->x->out, s->p + s->i, (size_t)k);
        }
        s->i += (size_t)k;
        s->prev = PV_ITEM;
      }
    }
    if (obj_err_occurred()) return -1;
  }
  if (s->depth > 0) {
    Grp *g = &s->stack[s->depth - 1];
    return fail(s, g->open, "missing ), unterminated subpattern");
  }
  if (s->condref > s->x->ngroups) return fail(s, s->condpos, "invalid group reference %d", s->condref);
  return 0;
}

int re_xlat(const char *pat, size_t n, int flags, ReXlat *x) {
  memset(x, 0, sizeof *x);
  x->flags = flags;
  x->errpos = -1;
  St s = {pat, n, 0, x, (flags & RE_VERBOSE) != 0, NULL, 0, 0, PV_NONE, 0, 0, 0};
  if (grow(x, 1) < 0) return -1;
  int r = run(&s);
  obj_mfree(s.stack);
  if (r < 0 && x->err[0] && n > 0 && pat[n - 1] == '\\') {
    /* sre reads one token ahead: a lone backslash at the end is reported as soon as the
       token before it is read, before an error found in that token */
    size_t k = n;
    while (k > 0 && pat[k - 1] == '\\') k--;
    if ((n - k) % 2 == 1) {
      size_t bs = n - 1, last = bs;
      if (bs >= 2 && pat[bs - 2] == '\\') {
        size_t j = bs - 2;
        while (j > 0 && pat[j - 1] == '\\') j--;
        if ((bs - 1 - j) % 2 == 1) last = bs - 2;
      }
      if (last == bs)
        while (last > 0 && ((unsigned char)pat[last - 1] & 0xc0) == 0x80) last--;
      if (last == bs && bs > 0) last--;
      while (last > 0 && ((unsigned char)pat[last] & 0xc0) == 0x80) last--;
      if (s.failpos != (size_t)-1 && s.failpos >= last) {
        snprintf(x->err, sizeof x->err, "bad escape (end of pattern)");
        x->errpos = (int64_t)utf8_len(pat, bs);
      }
    }
  }
  if (r == 0) fbuf_cstr(&x->out);
  return r;
}

void re_xlat_free(ReXlat *x) {
  fbuf_free(&x->out);
  if (x->names)
    for (int g = 0; g < x->cap; g++) obj_mfree(x->names[g]);
  obj_mfree(x->names);
  obj_mfree(x->parent);
  x->names = NULL;
  x->parent = NULL;
  x->cap = 0;
}
