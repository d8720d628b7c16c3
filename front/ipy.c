/* ipy.c - IPython's input transformer: magics, shell escapes and help syntax become calls on
 * get_ipython(), line by line outside strings and brackets, as IPython 8's transformers do. */
#include <stdlib.h>
#include <string.h>
#include "front/ipy.h"

typedef struct Buf { char *s; size_t len, cap; int oom; } Buf;

static void put(Buf *b, const char *s, size_t n) {
  if (b->oom) return;
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n + 1) cap *= 2;
    char *ns = realloc(b->s, cap);
    if (!ns) { b->oom = 1; return; }
    b->s = ns;
    b->cap = cap;
  }
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = 0;
}
static void puts_(Buf *b, const char *s) { put(b, s, strlen(s)); }

/* a Python string literal for the bytes s[0..n) (UTF-8 passes through) */
static void put_lit(Buf *b, const char *s, size_t n) {
  put(b, "'", 1);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    char e[8];
    if (c == '\\' || c == '\'') { e[0] = '\\'; e[1] = (char)c; put(b, e, 2); }
    else if (c == '\n') put(b, "\\n", 2);
    else if (c == '\r') put(b, "\\r", 2);
    else if (c == '\t') put(b, "\\t", 2);
    else if (c < 0x20 || c == 0x7f) {
      static const char hx[] = "0123456789abcdef";
      e[0] = '\\'; e[1] = 'x'; e[2] = hx[c >> 4]; e[3] = hx[c & 15];
      put(b, e, 4);
    } else put(b, (const char *)&c, 1);
  }
  put(b, "'", 1);
}

static int is_sp(char c) { return c == ' ' || c == '\t'; }
static int is_ident(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         (unsigned char)c >= 0x80;
}

/* Scanner state carried from line to line: an open triple-quoted string, open brackets, a
 * backslash continuation. A line is transformed only when it starts a logical line. */
typedef struct Scan { char triple; int depth; int cont; } Scan;

/* Walk one physical line [p, e) updating the state; *qend receives the offset (from p) just
 * past the last character that is code (not a comment), so that `x?  # c` is seen. */
static void scan_line(Scan *st, const char *p, const char *e, size_t *code_end) {
  const char *q = p, *last = p;
  st->cont = 0;
  while (q < e) {
    char c = *q;
    if (st->triple) {
      if (c == '\\') { q += 2; continue; }
      if (c == st->triple && e - q >= 3 && q[1] == c && q[2] == c) { st->triple = 0; q += 3; last = q; continue; }
      q++;
      continue;
    }
    if (c == '#') break;
    if (c == '\'' || c == '"') {
      if (e - q >= 3 && q[1] == c && q[2] == c) { st->triple = c; q += 3; continue; }
      q++;
      while (q < e && *q != c) q += (*q == '\\' && q + 1 < e) ? 2 : 1;
      if (q < e) q++;
      last = q;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') st->depth++;
    else if ((c == ')' || c == ']' || c == '}') && st->depth > 0) st->depth--;
    if (c == '\\' && q + 1 == e) { st->cont = 1; q++; continue; }
    q++;
    if (!is_sp(c) && c != '\r') last = q;
  }
  *code_end = (size_t)(last - p);
}

/* `%name args` (the text after the escape) -> run_line_magic('name', 'args') */
static void put_magic_call(Buf *b, const char *s, size_t n) {
  size_t i = 0;
  while (i < n && !is_sp(s[i])) i++;
  size_t a = i;
  while (a < n && is_sp(s[a])) a++;
  size_t z = n;
  while (z > a && (is_sp(s[z - 1]) || s[z - 1] == '\r')) z--;
  puts_(b, "get_ipython().run_line_magic(");
  put_lit(b, s, i);
  puts_(b, ", ");
  put_lit(b, s + a, z - a);
  puts_(b, ")");
}

static size_t trim_end(const char *s, size_t n) {
  while (n > 0 && (is_sp(s[n - 1]) || s[n - 1] == '\r')) n--;
  return n;
}

/* an escaped command at the start of a logical line (text after the indentation); 1 if written */
static int escaped(Buf *b, const char *s, size_t n) {
  n = trim_end(s, n);
  if (n == 0) return 0;
  if (s[0] == '!') {
    int cap = n > 1 && s[1] == '!';
    size_t k = cap ? 2 : 1;
    puts_(b, cap ? "get_ipython().getoutput(" : "get_ipython().system(");
    put_lit(b, s + k, n - k);
    puts_(b, ")");
    return 1;
  }
  if (s[0] == '%') {
    size_t k = n > 1 && s[1] == '%' ? 2 : 1;
    if (k == 2) {   /* a cell magic not on the first line: IPython reports it as a line magic */
      puts_(b, "get_ipython().run_line_magic(");
      put_lit(b, s + 1, strcspn(s + 1, " \t") < n - 1 ? strcspn(s + 1, " \t") : n - 1);
      puts_(b, ", '')");
      return 1;
    }
    put_magic_call(b, s + 1, n - 1);
    return 1;
  }
  if (s[0] == '?') {   /* ?obj / ??obj */
    size_t k = n > 1 && s[1] == '?' ? 2 : 1;
    size_t a = k;
    while (a < n && is_sp(s[a])) a++;
    puts_(b, "get_ipython().run_line_magic(");
    puts_(b, k == 2 ? "'pinfo2', " : "'pinfo', ");
    put_lit(b, s + a, n - a);
    puts_(b, ")");
    return 1;
  }
  return 0;
}

/* `targets = %magic` / `targets = !cmd`: the assignment kept, the right side rewritten */
static int assign(Buf *b, const char *s, size_t n) {
  size_t i = 0;
  while (i < n && (is_ident(s[i]) || is_sp(s[i]) || s[i] == ',' || s[i] == '.' || s[i] == '[' ||
                   s[i] == ']' || s[i] == '(' || s[i] == ')' || s[i] == '*'))
    i++;
  if (i == 0 || i >= n || s[i] != '=' || (i + 1 < n && s[i + 1] == '=')) return 0;
  size_t r = i + 1;
  while (r < n && is_sp(s[r])) r++;
  if (r >= n || (s[r] != '%' && s[r] != '!')) return 0;
  if (s[r] == '%' && r + 1 < n && s[r + 1] == '=') return 0;   /* x = %= is not a magic */
  if (s[r] == '!' && r + 1 < n && s[r + 1] == '=') return 0;
  put(b, s, r);
  size_t z = trim_end(s, n);
  if (s[r] == '!') {
    puts_(b, "get_ipython().getoutput(");
    put_lit(b, s + r + 1, z - r - 1);
    puts_(b, ")");
  } else {
    put_magic_call(b, s + r + 1, z - r - 1);
  }
  return 1;
}

/* `obj?` / `obj??` at the end of a line (its code part) */
static int help_end(Buf *b, const char *s, size_t code_end) {
  if (code_end == 0 || s[code_end - 1] != '?') return 0;
  size_t q = code_end - 1;
  int two = q > 0 && s[q - 1] == '?';
  if (two) q--;
  size_t z = q;
  while (z > 0 && is_sp(s[z - 1])) z--;
  size_t a = z;
  while (a > 0 && (is_ident(s[a - 1]) || s[a - 1] == '.' || s[a - 1] == '[' || s[a - 1] == ']' ||
                   s[a - 1] == '(' || s[a - 1] == ')' || s[a - 1] == '*'))
    a--;
  if (a == z) return 0;
  for (size_t i = 0; i < a; i++)
    if (!is_sp(s[i])) return 0;   /* `x = y?` is not help syntax */
  puts_(b, "get_ipython().run_line_magic(");
  puts_(b, two ? "'pinfo2', " : "'pinfo', ");
  put_lit(b, s + a, z - a);
  puts_(b, ")");
  return 1;
}

/* exactly `exit` or `quit` (with optional whitespace) as the whole cell: IPython's autocall */
static int bare_exit(const char *src, size_t len) {
  size_t a = 0, z = len;
  while (a < z && (is_sp(src[a]) || src[a] == '\n' || src[a] == '\r')) a++;
  while (z > a && (is_sp(src[z - 1]) || src[z - 1] == '\n' || src[z - 1] == '\r')) z--;
  return (z - a == 4 && (memcmp(src + a, "exit", 4) == 0 || memcmp(src + a, "quit", 4) == 0));
}

/* the first non-blank line, when it starts with %% */
static int cell_magic_start(const char *src, size_t len, size_t *at) {
  size_t i = 0;
  for (;;) {
    size_t j = i;
    while (j < len && (is_sp(src[j]) || src[j] == '\r')) j++;
    if (j < len && src[j] == '\n') { i = j + 1; continue; }
    if (j + 2 <= len && src[j] == '%' && src[j + 1] == '%' && j + 2 < len && is_ident(src[j + 2])) {
      *at = j;
      return 1;
    }
    return 0;
  }
}

char *ipy_transform(const char *src, size_t len, size_t *outlen) {
  Buf b = {0};
  size_t at;
  if (!src) return NULL;
  if (cell_magic_start(src, len, &at)) {
    const char *p = src + at + 2, *e = src + len;
    const char *nl = memchr(p, '\n', (size_t)(e - p));
    const char *le = nl ? nl : e;
    size_t n = (size_t)(le - p), i = 0;
    while (i < n && !is_sp(p[i])) i++;
    size_t a = i;
    while (a < n && is_sp(p[a])) a++;
    size_t z = trim_end(p, n);
    if (z < a) z = a;
    puts_(&b, "get_ipython().run_cell_magic(");
    put_lit(&b, p, i);
    puts_(&b, ", ");
    put_lit(&b, p + a, z - a);
    puts_(&b, ", ");
    const char *body = nl ? nl + 1 : e;
    put_lit(&b, body, (size_t)(e - body));
    puts_(&b, ")\n");
  } else if (bare_exit(src, len)) {
    puts_(&b, "exit()\n");
  } else {
    Scan st = {0, 0, 0};
    int changed = 0;
    const char *p = src, *e = src + len;
    while (p < e) {
      const char *nl = memchr(p, '\n', (size_t)(e - p));
      const char *le = nl ? nl : e;
      int logical_start = !st.triple && st.depth == 0 && !st.cont;
      size_t code_end;
      scan_line(&st, p, le, &code_end);
      int done = 0;
      if (logical_start) {
        const char *s = p;
        while (s < le && is_sp(*s)) s++;
        size_t ind = (size_t)(s - p), n = (size_t)(le - s);
        size_t ce = code_end > ind ? code_end - ind : 0;
        /* a line that opens a bracket or a string is left to the language */
        if (n && !st.triple && st.depth == 0) {
          size_t mark = b.len;
          put(&b, p, ind);
          if (escaped(&b, s, n) || assign(&b, s, n) || help_end(&b, s, ce)) done = 1;
          else b.len = mark;
        } else if (n && (*s == '!' || *s == '%')) {
          /* an escape whose argument has brackets or quotes: the whole physical line is the
           * command, as IPython takes it */
          size_t mark = b.len;
          put(&b, p, ind);
          if (escaped(&b, s, n)) { done = 1; st.triple = 0; st.depth = 0; st.cont = 0; }
          else b.len = mark;
        }
      }
      if (done) changed = 1;
      else put(&b, p, (size_t)(le - p));
      if (nl) put(&b, "\n", 1);
      p = nl ? nl + 1 : e;
    }
    if (!changed) { free(b.s); return NULL; }
  }
  if (b.oom) { free(b.s); return NULL; }
  if (outlen) *outlen = b.len;
  return b.s;
}

sb_completeness ipy_is_complete(const char *src, size_t len, char **indent) {
  size_t at;
  if (indent) *indent = NULL;
  if (cell_magic_start(src, len, &at)) {
    /* complete once its last line (as str.splitlines sees it) is blank, as in IPython */
    size_t z = len;
    if (z > at && src[z - 1] == '\n') z--;
    size_t a = z;
    while (a > at && src[a - 1] != '\n') a--;
    int blank = a > at;
    for (size_t i = a; i < z && blank; i++) blank = is_sp(src[i]) || src[i] == '\r';
    if (blank) return SB_COMPLETE;
    if (indent) *indent = calloc(1, 1);
    return SB_INCOMPLETE;
  }
  size_t n = 0;
  char *t = ipy_transform(src, len, &n);
  sb_completeness r = t ? sb_is_complete(t, n, indent) : sb_is_complete(src, len, indent);
  free(t);
  return r;
}
