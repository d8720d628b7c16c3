/* parse.c - recursive-descent parser from tokens to the ast.h tree, following CPython 3.11's
 * grammar, AST shapes, source spans and error messages; f-strings are parsed here too. */
#include "parse.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"

#define MAX_DEPTH 1000      /* nesting (and operator chain) levels before "too deeply nested" */

typedef struct Parser Parser;
struct Parser {
  Arena *a;
  const char *src;
  size_t len;
  Lexer lx;
  Token **blocks;           /* tokens in fixed blocks: a Token * stays valid while lexing on */
  int nblocks, capblocks;
  int ntok, pos;
  int toks_in_arena;        /* f-string sub-parsers keep their few tokens in the arena */
  ParseError *err;
  jmp_buf *jb;
  Parser *root;
  int depth;
  int func_depth, loop_depth, class_depth;
  int fstring;              /* parsing an f-string expression: errors get "f-string: " */
  int lexer_failed;         /* the error came from the lexer: no look further */
  int late_set;             /* a compile-time error (return outside function...) waits */
  Node *last_disj;          /* the disjunction parsed last (CPython's invalid_expression) */
  ParseError late;
};

/* ---------------------------------------------------------------- errors */

static void raise_err(Parser *p, ParseErrorKind kind, Span s, int incomplete, const char *fmt, ...)
    __attribute__((format(printf, 5, 6), noreturn));
static void raise_err(Parser *p, ParseErrorKind kind, Span s, int incomplete, const char *fmt, ...) {
  char buf[240];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (p->fstring && strncmp(buf, "f-string", 8) != 0)
    snprintf(p->err->msg, sizeof p->err->msg, "f-string: %s", buf);
  else
    snprintf(p->err->msg, sizeof p->err->msg, "%s", buf);
  p->err->kind = kind;
  p->err->span = s;
  p->err->incomplete = incomplete;
  longjmp(*p->jb, 1);
}

/* A compile-time error CPython raises after parsing (symtable/compiler): kept until the whole
 * module parsed, so a real syntax error later in the file still wins. */
static void late_err(Parser *p, Span s, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void late_err(Parser *p, Span s, const char *fmt, ...) {
  Parser *r = p->root;
  if (r->late_set) return;
  r->late_set = 1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->late.msg, sizeof r->late.msg, fmt, ap);
  va_end(ap);
  r->late.kind = PE_SYNTAX;
  r->late.span = s;
  r->late.incomplete = 0;
}

/* ---------------------------------------------------------------- tokens */

#define TB_SHIFT 9
#define TB_SIZE (1 << TB_SHIFT)

static inline Token *tokat(Parser *p, int i) { return &p->blocks[i >> TB_SHIFT][i & (TB_SIZE - 1)]; }

static void oom(Parser *p) __attribute__((noreturn));
static void oom(Parser *p) {
  Span s = {1, 0, 1, 0};
  p->root->lexer_failed = 1;
  raise_err(p, PE_SYNTAX, s, 0, "out of memory");
}

static void lex_more(Parser *p) {
  if (p->ntok == p->nblocks * TB_SIZE) {
    if (p->nblocks == p->capblocks) {
      int nc = p->capblocks ? p->capblocks * 2 : 8;
      Token **nb;
      if (p->toks_in_arena) {
        nb = arena_alloc(p->a, sizeof(Token *) * (size_t)nc);
        if (p->nblocks) memcpy(nb, p->blocks, sizeof(Token *) * (size_t)p->nblocks);
      } else {
        nb = realloc(p->blocks, sizeof(Token *) * (size_t)nc);
        if (!nb) oom(p);
      }
      p->blocks = nb;
      p->capblocks = nc;
    }
    /* sub-parsers (f-string expressions) lex a handful of tokens: small arena blocks */
    Token *blk = p->toks_in_arena ? arena_alloc(p->a, sizeof(Token) * TB_SIZE)
                                  : malloc(sizeof(Token) * TB_SIZE);
    if (!blk) oom(p);
    p->blocks[p->nblocks++] = blk;
  }
  if (p->ntok > 0 && tokat(p, p->ntok - 1)->kind == T_ENDMARKER) {
    *tokat(p, p->ntok) = *tokat(p, p->ntok - 1);
    p->ntok++;
    return;
  }
  if (lex_next(&p->lx, tokat(p, p->ntok)) < 0) {
    p->root->lexer_failed = 1;
    if (p->fstring && strncmp(p->err->msg, "f-string", 8) != 0) {
      char tmp[240];
      snprintf(tmp, sizeof tmp, "%.200s", p->err->msg);
      snprintf(p->err->msg, sizeof p->err->msg, "f-string: %s", tmp);
    }
    longjmp(*p->jb, 1);
  }
  p->ntok++;
}

static inline Token *peekn(Parser *p, int k) {
  while (p->pos + k >= p->ntok) lex_more(p);
  return tokat(p, p->pos + k);
}
static inline Token *peek(Parser *p) { return peekn(p, 0); }
static inline int at(Parser *p, int kind) { return peek(p)->kind == kind; }
static inline Token *next(Parser *p) {
  Token *t = peek(p);
  p->pos++;
  return t;
}
static inline Token *prev(Parser *p) { return tokat(p, p->pos - 1); }
static inline int accept(Parser *p, int kind) {
  if (at(p, kind)) { p->pos++; return 1; }
  return 0;
}

static void maybe_forgot_comma(Parser *p, Node *last);
static void invalid_named_expression(Parser *p, Node *a);

static void syntax_error_at(Parser *p, Token *t) __attribute__((noreturn));
static void syntax_error_at(Parser *p, Token *t) {
  /* CPython's second pass tries `disjunction expression` wherever an expression ended: that
   * gives the comma hint, or reaches a bracket left open to the end of the source */
  Node *d = p->last_disj;
  if (d && p->pos > 0 && t == peek(p) && prev(p)->span.end_line == d->span.end_line &&
      prev(p)->span.end_col == d->span.end_col) {
    if (t->kind == T_EQUAL) invalid_named_expression(p, d);
    maybe_forgot_comma(p, d);
  }
  /* CPython reports these without looking at the rest of the source for tokenizer errors */
  if (t->kind == T_INDENT || t->kind == T_DEDENT) p->root->lexer_failed = 1;
  if (t->kind == T_INDENT) raise_err(p, PE_INDENTATION, t->span, 0, "unexpected indent");
  if (t->kind == T_DEDENT) raise_err(p, PE_INDENTATION, t->span, 0, "unexpected unindent");
  raise_err(p, PE_SYNTAX, t->span, 0, "invalid syntax");
}

static Token *expect(Parser *p, int kind) {
  Token *t = peek(p);
  if (t->kind != kind) syntax_error_at(p, t);
  p->pos++;
  return t;
}

/* `&&':'` in CPython's grammar: a missing token is named in the message. */
static Token *expect_forced(Parser *p, int kind) {
  Token *t = peek(p);
  if (t->kind != kind) raise_err(p, PE_SYNTAX, t->span, 0, "expected '%s'", lex_kind_text(kind));
  p->pos++;
  return t;
}

static void enter(Parser *p, Token *t) {
  if (++p->root->depth > MAX_DEPTH)
    raise_err(p, PE_SYNTAX, t->span, 0, "too deeply nested");
}
static void leave(Parser *p) { p->root->depth--; }

/* ---------------------------------------------------------------- nodes and lists */

typedef struct Vec {
  Node **items;
  int len, cap;
} Vec;

static void vpush(Parser *p, Vec *v, Node *n) {
  if (v->len == v->cap) {
    int nc = v->cap ? v->cap * 2 : 4;
    Node **ni = arena_alloc(p->a, sizeof(Node *) * (size_t)nc);
    if (v->len) memcpy(ni, v->items, sizeof(Node *) * (size_t)v->len);
    v->items = ni;
    v->cap = nc;
  }
  v->items[v->len++] = n;
}

static NodeList vlist(Vec *v) {
  NodeList l = {v->items, v->len};
  return l;
}

static Node *mk(Parser *p, NodeKind k, Span s) {
  Node *n = arena_alloc(p->a, sizeof(Node));
  n->kind = k;
  n->span = s;
  return n;
}

static Span span2(Span a, Span b) {
  Span s = {a.line, a.col, b.end_line, b.end_col};
  return s;
}

/* span from the token at index `start` to the last consumed token */
static Span span_from(Parser *p, Span start) { return span2(start, prev(p)->span); }

static Str str_of(Parser *p, const char *s, size_t n) {
  char *d = arena_alloc(p->a, n + 1);
  memcpy(d, s, n);
  d[n] = 0;
  Str r = {d, n};
  return r;
}

static Str tok_str(Parser *p, Token *t) { return str_of(p, p->src + t->start, t->end - t->start); }

static Node *mk_name(Parser *p, Token *t, ExprCtx ctx) {
  Node *n = mk(p, N_NAME, t->span);
  n->u.name.id = tok_str(p, t);
  n->u.name.ctx = ctx;
  return n;
}

/* ---------------------------------------------------------------- forward declarations */

static Node *expression(Parser *p);
static Node *named_expression(Parser *p);
static Node *star_expressions(Parser *p);
static Node *yield_expr(Parser *p);
static Node *disjunction(Parser *p);
static Node *bitwise_or(Parser *p);
static const char *expr_name(const Node *e);
static Node *star_named_expression(Parser *p);
static NodeList block(Parser *p, const char *what, int line);
static void statement(Parser *p, Vec *out);
static Node *strings(Parser *p);
static Arguments *parameters(Parser *p, int is_lambda, int close_kind);

/* ---------------------------------------------------------------- targets */

typedef enum { STAR_TARGETS, DEL_TARGETS, FOR_TARGETS } TargetsType;

static const char *expr_name(const Node *e) {
  switch (e->kind) {
    case N_ATTRIBUTE: return "attribute";
    case N_SUBSCRIPT: return "subscript";
    case N_STARRED: return "starred";
    case N_NAME: return "name";
    case N_LIST: return "list";
    case N_TUPLE: return "tuple";
    case N_LAMBDA: return "lambda";
    case N_CALL: return "function call";
    case N_BOOLOP: case N_BINOP: case N_UNARYOP: return "expression";
    case N_GENERATOREXP: return "generator expression";
    case N_LISTCOMP: return "list comprehension";
    case N_SETCOMP: return "set comprehension";
    case N_DICTCOMP: return "dict comprehension";
    case N_DICT: return "dict literal";
    case N_SET: return "set display";
    case N_JOINEDSTR: case N_FORMATTEDVALUE: return "f-string expression";
    case N_CONSTANT:
      switch (e->u.constant.kind) {
        case K_NONE: return "None";
        case K_TRUE: return "True";
        case K_FALSE: return "False";
        case K_ELLIPSIS: return "ellipsis";
        default: return "literal";
      }
    case N_COMPARE: return "comparison";
    case N_IFEXP: return "conditional expression";
    case N_NAMEDEXPR: return "named expression";
    case N_YIELD: case N_YIELDFROM: return "yield expression";
    default: return "expression";
  }
}

static const Node *invalid_target(const Node *e, TargetsType type) {
  switch (e->kind) {
    case N_LIST: case N_TUPLE:
      for (int i = 0; i < e->u.seq.elts.len; i++) {
        const Node *c = invalid_target(e->u.seq.elts.items[i], type);
        if (c) return c;
      }
      return NULL;
    case N_STARRED:
      if (type == DEL_TARGETS) return e;
      return invalid_target(e->u.starred.value, type);
    case N_COMPARE:
      if (type == FOR_TARGETS && e->u.compare.ops[0] == CMP_IN)
        return invalid_target(e->u.compare.left, type);
      return e;
    case N_NAME: case N_SUBSCRIPT: case N_ATTRIBUTE:
      return NULL;
    default:
      return e;
  }
}

static void set_ctx(Node *e, ExprCtx ctx) {
  switch (e->kind) {
    case N_NAME: e->u.name.ctx = ctx; break;
    case N_ATTRIBUTE: e->u.attribute.ctx = ctx; break;
    case N_SUBSCRIPT: e->u.subscript.ctx = ctx; break;
    case N_STARRED: e->u.starred.ctx = ctx; set_ctx(e->u.starred.value, ctx); break;
    case N_LIST: case N_TUPLE:
      e->u.seq.ctx = ctx;
      for (int i = 0; i < e->u.seq.elts.len; i++) set_ctx(e->u.seq.elts.items[i], ctx);
      break;
    default: break;
  }
}

static void check_target(Parser *p, Node *e, TargetsType type) {
  const Node *bad = invalid_target(e, type);
  if (bad) {
    if (type == DEL_TARGETS)
      raise_err(p, PE_SYNTAX, bad->span, 0, "cannot delete %s", expr_name(bad));
    raise_err(p, PE_SYNTAX, bad->span, 0, "cannot assign to %s", expr_name(bad));
  }
  set_ctx(e, type == DEL_TARGETS ? CTX_DEL : CTX_STORE);
}

/* ---------------------------------------------------------------- atoms */

static int starts_expression(int k) {
  switch (k) {
    case T_NAME: case T_NUMBER: case T_STRING: case T_LPAR: case T_LSQB: case T_LBRACE:
    case T_MINUS: case T_PLUS: case T_TILDE: case T_ELLIPSIS: case T_TRUE: case T_FALSE:
    case T_NONE: case T_LAMBDA: case T_NOT: case T_AWAIT:
      return 1;
  }
  return 0;
}

/* Does a whole expression start here? Parsed speculatively, then the position is restored;
 * a tokenizer error met on the way is real and propagates. */
static int expression_follows_(Parser *p, int *end_level, int bitor_only) {
  jmp_buf jb, *saved_jb = p->jb;
  ParseError saved_err = *p->err;
  int pos = p->pos, depth = p->root->depth;
  Node *saved_disj = p->last_disj;
  volatile int ok = 0;
  p->jb = &jb;
  if (setjmp(jb) == 0) {
    if (bitor_only) bitwise_or(p);
    else expression(p);
    ok = 1;
    *end_level = bitor_only ? peek(p)->kind : prev(p)->level;
  }
  p->jb = saved_jb;
  if (!ok && p->root->lexer_failed) longjmp(*p->jb, 1);
  *p->err = saved_err;
  p->pos = pos;
  p->root->depth = depth;
  p->last_disj = saved_disj;
  return ok;
}

static int expression_follows(Parser *p, int *end_level) {
  return expression_follows_(p, end_level, 0);
}

static int is_bitwise_or_level(const Node *e);
static int starts_with_display(const Node *e);

/* CPython's invalid_named_expression at `a = B` where B (a bitwise_or) is not followed by
 * `=` or `:=`. The current token is the `=`. */
static void invalid_named_expression(Parser *p, Node *a) {
  Token *eq = peek(p);
  int next_kind = 0;
  p->pos++;
  int ok = expression_follows_(p, &next_kind, 1);
  p->pos--;
  if (!ok || next_kind == T_EQUAL || next_kind == T_COLONEQUAL) return;
  if (a->kind == N_NAME)
    raise_err(p, PE_SYNTAX, span2(a->span, eq->span), 0,
              "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
  if (is_bitwise_or_level(a) && !starts_with_display(a))
    raise_err(p, PE_SYNTAX, a->span, 0,
              "cannot assign to %s here. Maybe you meant '==' instead of '='?", expr_name(a));
}

static int is_soft_keyword(const Node *n) {
  if (n->kind != N_NAME) return 0;
  Str s = n->u.name.id;
  return (s.len == 5 && memcmp(s.s, "match", 5) == 0) || (s.len == 4 && memcmp(s.s, "case", 4) == 0) ||
         (s.len == 1 && s.s[0] == '_');
}

/* CPython's invalid_expression: two expressions side by side inside brackets. */
static void maybe_forgot_comma(Parser *p, Node *last) {
  Token *t = peek(p);
  int level = 0;
  if (last && starts_expression(t->kind) && t->kind != T_NOT && !is_soft_keyword(last) &&
      !(last->kind == N_NAME && t->kind == T_STRING) && expression_follows(p, &level) &&
      level > 0)
    raise_err(p, PE_SYNTAX, span2(last->span, t->span), 0,
              "invalid syntax. Perhaps you forgot a comma?");
}

static Node *number(Parser *p, Token *t) {
  Node *n = mk(p, N_CONSTANT, t->span);
  char buf[128];
  size_t len = t->end - t->start, k = 0;
  const char *s = p->src + t->start;
  char *dyn = NULL;
  char *d = buf;
  if (len + 1 > sizeof buf) {
    dyn = arena_alloc(p->a, len + 1);
    d = dyn;
  }
  for (size_t i = 0; i < len; i++)
    if (s[i] != '_') d[k++] = s[i];
  d[k] = 0;
  char last = k ? d[k - 1] : 0;
  if (last == 'j' || last == 'J') {
    d[k - 1] = 0;
    n->u.constant.kind = K_COMPLEX_IMAG;
    n->u.constant.f = strtod(d, NULL);
    return n;
  }
  int base = 10;
  const char *digits = d;
  if (k > 1 && d[0] == '0' && (d[1] == 'x' || d[1] == 'X')) { base = 16; digits = d + 2; }
  else if (k > 1 && d[0] == '0' && (d[1] == 'o' || d[1] == 'O')) { base = 8; digits = d + 2; }
  else if (k > 1 && d[0] == '0' && (d[1] == 'b' || d[1] == 'B')) { base = 2; digits = d + 2; }
  else if (strpbrk(d, ".eE")) {
    n->u.constant.kind = K_FLOAT;
    n->u.constant.f = strtod(d, NULL);
    return n;
  }
  uint64_t v = 0;
  for (const char *c = digits; *c; c++) {
    int dv = (*c >= '0' && *c <= '9') ? *c - '0' : (*c >= 'a' && *c <= 'f') ? *c - 'a' + 10
                                                                           : *c - 'A' + 10;
    if (v > (UINT64_MAX - (uint64_t)dv) / (uint64_t)base) goto too_large;
    v = v * (uint64_t)base + (uint64_t)dv;
  }
  if (v > (uint64_t)INT64_MAX) goto too_large;
  n->u.constant.kind = K_INT;
  n->u.constant.i = (int64_t)v;
  return n;
too_large: {
    size_t nd = strlen(digits);
    char *copy = arena_alloc(p->a, nd + 1);
    memcpy(copy, digits, nd + 1);
    n->u.constant.kind = K_BIGINT;
    n->u.constant.s.s = copy;
    n->u.constant.s.len = nd;
    n->u.constant.f = base;
    return n;
  }
}

static Node *mk_const(Parser *p, Token *t, ConstKind k) {
  Node *n = mk(p, N_CONSTANT, t->span);
  n->u.constant.kind = k;
  return n;
}

static Node *comprehension_tail(Parser *p, NodeKind kind, Node *elt, Node *value, Span start,
                                int close);
static Node *slices(Parser *p);
static Node *call_args(Parser *p, Node *func, Span start);

static void check_unparenthesized_comp(Parser *p, Vec *elts) {
  if (elts->len >= 1 && (at(p, T_FOR) || at(p, T_ASYNC)))
    raise_err(p, PE_SYNTAX, span2(elts->items[0]->span, elts->items[elts->len - 1]->span), 0,
              "did you forget parentheses around the comprehension target?");
}

/* '(' ... ')' : group, tuple, generator expression */
static Node *paren_atom(Parser *p) {
  Token *open = next(p);
  if (at(p, T_RPAR)) {
    next(p);
    Node *n = mk(p, N_TUPLE, span_from(p, open->span));
    return n;
  }
  if (at(p, T_YIELD)) {
    Node *y = yield_expr(p);
    expect(p, T_RPAR);
    return y;
  }
  Node *first = star_named_expression(p);
  if (at(p, T_FOR) || at(p, T_ASYNC)) {
    if (first->kind == N_STARRED)
      raise_err(p, PE_SYNTAX, first->span, 0, "iterable unpacking cannot be used in comprehension");
    return comprehension_tail(p, N_GENERATOREXP, first, NULL, open->span, T_RPAR);
  }
  if (accept(p, T_RPAR)) {
    if (first->kind == N_STARRED)
      raise_err(p, PE_SYNTAX, first->span, 0, "cannot use starred expression here");
    return first;
  }
  if (!at(p, T_COMMA)) {
    maybe_forgot_comma(p, first);
    if (at(p, T_EQUAL) && first->kind == N_NAME)
      raise_err(p, PE_SYNTAX, span2(first->span, peek(p)->span), 0,
                "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
    syntax_error_at(p, peek(p));
  }
  Vec elts = {0};
  vpush(p, &elts, first);
  while (accept(p, T_COMMA)) {
    if (at(p, T_RPAR)) break;
    Node *e = star_named_expression(p);
    vpush(p, &elts, e);
    if (!at(p, T_COMMA) && !at(p, T_RPAR)) {
      check_unparenthesized_comp(p, &elts);
      maybe_forgot_comma(p, e);
    }
  }
  expect(p, T_RPAR);
  Node *n = mk(p, N_TUPLE, span_from(p, open->span));
  n->u.seq.elts = vlist(&elts);
  return n;
}

static Node *list_atom(Parser *p) {
  Token *open = next(p);
  Vec elts = {0};
  if (!at(p, T_RSQB)) {
    Node *first = star_named_expression(p);
    if (at(p, T_FOR) || at(p, T_ASYNC)) {
      if (first->kind == N_STARRED)
        raise_err(p, PE_SYNTAX, first->span, 0, "iterable unpacking cannot be used in comprehension");
      return comprehension_tail(p, N_LISTCOMP, first, NULL, open->span, T_RSQB);
    }
    vpush(p, &elts, first);
    if (!at(p, T_COMMA) && !at(p, T_RSQB)) maybe_forgot_comma(p, first);
    while (accept(p, T_COMMA)) {
      if (at(p, T_RSQB)) break;
      check_unparenthesized_comp(p, &elts);
      Node *e = star_named_expression(p);
      vpush(p, &elts, e);
      if (!at(p, T_COMMA) && !at(p, T_RSQB)) {
        check_unparenthesized_comp(p, &elts);
        maybe_forgot_comma(p, e);
      }
    }
  }
  expect(p, T_RSQB);
  Node *n = mk(p, N_LIST, span_from(p, open->span));
  n->u.seq.elts = vlist(&elts);
  return n;
}

static Node *brace_atom(Parser *p) {
  Token *open = next(p);
  if (accept(p, T_RBRACE)) return mk(p, N_DICT, span_from(p, open->span));
  Vec keys = {0}, vals = {0};
  if (at(p, T_DOUBLESTAR)) goto dict;
  Node *first = star_named_expression(p);
  if (at(p, T_COLON) && first->kind != N_STARRED) {
    Token *colon = next(p);
    if (at(p, T_RBRACE) || at(p, T_COMMA))
      raise_err(p, PE_SYNTAX, colon->span, 0, "expression expected after dictionary key and ':'");
    Node *v = expression(p);
    if (at(p, T_FOR) || at(p, T_ASYNC))
      return comprehension_tail(p, N_DICTCOMP, first, v, open->span, T_RBRACE);
    vpush(p, &keys, first);
    vpush(p, &vals, v);
    if (!accept(p, T_COMMA)) goto dict_close;
    goto dict;
  }
  if (at(p, T_FOR) || at(p, T_ASYNC)) {
    if (first->kind == N_STARRED)
      raise_err(p, PE_SYNTAX, first->span, 0, "iterable unpacking cannot be used in comprehension");
    return comprehension_tail(p, N_SETCOMP, first, NULL, open->span, T_RBRACE);
  }
  {
    Vec elts = {0};
    vpush(p, &elts, first);
    if (!at(p, T_COMMA) && !at(p, T_RBRACE)) maybe_forgot_comma(p, first);
    while (accept(p, T_COMMA)) {
      if (at(p, T_RBRACE)) break;
      check_unparenthesized_comp(p, &elts);
      Node *e = star_named_expression(p);
      vpush(p, &elts, e);
      if (!at(p, T_COMMA) && !at(p, T_RBRACE)) {
        check_unparenthesized_comp(p, &elts);
        maybe_forgot_comma(p, e);
      }
    }
    expect(p, T_RBRACE);
    Node *n = mk(p, N_SET, span_from(p, open->span));
    n->u.seq.elts = vlist(&elts);
    return n;
  }
dict:
  while (!at(p, T_RBRACE)) {
    if (at(p, T_DOUBLESTAR)) {
      Token *ds = next(p);
      vpush(p, &keys, NULL);
      vpush(p, &vals, bitwise_or(p));
      if (at(p, T_FOR))
        raise_err(p, PE_SYNTAX, span_from(p, ds->span), 0,
                  "dict unpacking cannot be used in dict comprehension");
    } else {
      Node *k = expression(p);
      if (!at(p, T_COLON)) {
        if (at(p, T_RBRACE) || at(p, T_COMMA))
          raise_err(p, PE_SYNTAX, k->span, 0, "':' expected after dictionary key");
        maybe_forgot_comma(p, k);
        syntax_error_at(p, peek(p));
      }
      Token *colon = next(p);
      if (at(p, T_RBRACE) || at(p, T_COMMA))
        raise_err(p, PE_SYNTAX, colon->span, 0, "expression expected after dictionary key and ':'");
      vpush(p, &keys, k);
      vpush(p, &vals, expression(p));
    }
    if (!accept(p, T_COMMA)) break;
  }
dict_close:
  if (!at(p, T_RBRACE) && vals.len) maybe_forgot_comma(p, vals.items[vals.len - 1]);
  expect(p, T_RBRACE);
  Node *n = mk(p, N_DICT, span_from(p, open->span));
  n->u.dict.keys = vlist(&keys);
  n->u.dict.values = vlist(&vals);
  return n;
}

static Node *atom(Parser *p) {
  Token *t = peek(p);
  switch (t->kind) {
    case T_NAME: next(p); return mk_name(p, t, CTX_LOAD);
    case T_TRUE: next(p); return mk_const(p, t, K_TRUE);
    case T_FALSE: next(p); return mk_const(p, t, K_FALSE);
    case T_NONE: next(p); return mk_const(p, t, K_NONE);
    case T_ELLIPSIS: next(p); return mk_const(p, t, K_ELLIPSIS);
    case T_NUMBER: next(p); return number(p, t);
    case T_STRING: return strings(p);
    case T_LPAR: return paren_atom(p);
    case T_LSQB: return list_atom(p);
    case T_LBRACE: return brace_atom(p);
    case T_AWAIT: case T_ASYNC:
      raise_err(p, PE_SYNTAX, t->span, 0, "'%s' is not supported", lex_kind_text(t->kind));
    default:
      syntax_error_at(p, t);
  }
}

/* ---------------------------------------------------------------- primary */

static Node *primary(Parser *p) {
  Token *start = peek(p);
  enter(p, start);
  Node *e = atom(p);
  for (;;) {
    Token *t = peek(p);
    if (t->kind == T_DOT) {
      next(p);
      Token *name = expect(p, T_NAME);
      Node *n = mk(p, N_ATTRIBUTE, span_from(p, start->span));
      n->u.attribute.value = e;
      n->u.attribute.attr = tok_str(p, name);
      e = n;
    } else if (t->kind == T_LPAR) {
      e = call_args(p, e, start->span);
    } else if (t->kind == T_LSQB) {
      next(p);
      Node *s = slices(p);
      expect(p, T_RSQB);
      Node *n = mk(p, N_SUBSCRIPT, span_from(p, start->span));
      n->u.subscript.value = e;
      n->u.subscript.slice = s;
      e = n;
    } else {
      break;
    }
  }
  leave(p);
  return e;
}

static Node *slice_item(Parser *p) {
  Token *start = peek(p);
  Node *lower = NULL, *upper = NULL, *step = NULL;
  if (!at(p, T_COLON)) {
    if (at(p, T_STAR)) {
      Token *st = next(p);
      Node *v = bitwise_or(p);
      Node *n = mk(p, N_STARRED, span_from(p, st->span));
      n->u.starred.value = v;
      return n;
    }
    lower = named_expression(p);
    if (!at(p, T_COLON)) return lower;
    if (lower->kind == N_NAMEDEXPR) syntax_error_at(p, peek(p));
  }
  next(p); /* ':' */
  if (!at(p, T_COLON) && !at(p, T_COMMA) && !at(p, T_RSQB)) upper = expression(p);
  if (accept(p, T_COLON)) {
    if (!at(p, T_COMMA) && !at(p, T_RSQB)) step = expression(p);
  }
  Node *n = mk(p, N_SLICE, span_from(p, start->span));
  n->u.slice.lower = lower;
  n->u.slice.upper = upper;
  n->u.slice.step = step;
  return n;
}

static Node *slices(Parser *p) {
  Token *start = peek(p);
  Node *first = slice_item(p);
  if (!at(p, T_COMMA)) {
    if (first->kind == N_STARRED) {
      /* x[*a] is a one-element tuple */
      Node *n = mk(p, N_TUPLE, first->span);
      Vec v = {0};
      vpush(p, &v, first);
      n->u.seq.elts = vlist(&v);
      return n;
    }
    if (!at(p, T_RSQB)) maybe_forgot_comma(p, first);
    return first;
  }
  Vec elts = {0};
  vpush(p, &elts, first);
  while (accept(p, T_COMMA)) {
    if (at(p, T_RSQB)) break;
    Node *e = slice_item(p);
    vpush(p, &elts, e);
    if (!at(p, T_COMMA) && !at(p, T_RSQB)) maybe_forgot_comma(p, e);
  }
  Node *n = mk(p, N_TUPLE, span_from(p, start->span));
  n->u.seq.elts = vlist(&elts);
  return n;
}

static Node *call_args(Parser *p, Node *func, Span start) {
  Token *open = next(p);
  Vec args = {0}, kws = {0};
  int seen_kw = 0, seen_dstar = 0;
  while (!at(p, T_RPAR)) {
    Token *t = peek(p);
    if (t->kind == T_STAR) {
      next(p);
      Node *v = expression(p);
      Node *n = mk(p, N_STARRED, span_from(p, t->span));
      n->u.starred.value = v;
      if (seen_dstar)
        raise_err(p, PE_SYNTAX, n->span, 0,
                  "iterable argument unpacking follows keyword argument unpacking");
      vpush(p, &args, n);
    } else if (t->kind == T_DOUBLESTAR) {
      next(p);
      Node *v = expression(p);
      Node *k = mk(p, N_KEYWORD, span_from(p, t->span));
      k->u.keyword.value = v;
      vpush(p, &kws, k);
      seen_dstar = 1;
    } else if (t->kind == T_NAME && peekn(p, 1)->kind == T_EQUAL) {
      next(p);
      next(p);
      Node *v = expression(p);
      Node *k = mk(p, N_KEYWORD, span_from(p, t->span));
      k->u.keyword.arg = tok_str(p, t);
      k->u.keyword.value = v;
      for (int i = 0; i < kws.len; i++) {
        Str a = kws.items[i]->u.keyword.arg;
        if (a.s && a.len == k->u.keyword.arg.len && memcmp(a.s, k->u.keyword.arg.s, a.len) == 0)
          late_err(p, k->span, "keyword argument repeated: %s", a.s);
      }
      vpush(p, &kws, k);
      seen_kw = 1;
    } else {
      Node *e = named_expression(p);
      if (at(p, T_FOR) || at(p, T_ASYNC)) {
        Node *g = comprehension_tail(p, N_GENERATOREXP, e, NULL, open->span, -1);
        /* the generator's parentheses are the call's */
        if (args.len || kws.len || !at(p, T_RPAR)) {
          if (at(p, T_COMMA) && peekn(p, 1)->kind == T_RPAR && !args.len && !kws.len) {
            next(p);
          } else {
            raise_err(p, PE_SYNTAX, span2(e->span, prev(p)->span), 0,
                      "Generator expression must be parenthesized");
          }
        }
        Token *close = expect(p, T_RPAR);
        g->span = span2(open->span, close->span);
        vpush(p, &args, g);
        Node *n = mk(p, N_CALL, span2(start, close->span));
        n->u.call.func = func;
        n->u.call.args = vlist(&args);
        n->u.call.keywords = vlist(&kws);
        return n;
      }
      if (at(p, T_EQUAL)) {
        Token *eq = peek(p);
        if (e->kind == N_CONSTANT && (e->u.constant.kind == K_TRUE || e->u.constant.kind == K_FALSE ||
                                      e->u.constant.kind == K_NONE))
          raise_err(p, PE_SYNTAX, span2(e->span, eq->span), 0, "cannot assign to %s", expr_name(e));
        raise_err(p, PE_SYNTAX, span2(e->span, eq->span), 0,
                  "expression cannot contain assignment, perhaps you meant \"==\"?");
      }
      if (seen_dstar)
        raise_err(p, PE_SYNTAX, e->span, 0, "positional argument follows keyword argument unpacking");
      if (seen_kw)
        raise_err(p, PE_SYNTAX, e->span, 0, "positional argument follows keyword argument");
      vpush(p, &args, e);
      if (!at(p, T_COMMA) && !at(p, T_RPAR)) maybe_forgot_comma(p, e);
    }
    if (!accept(p, T_COMMA)) break;
  }
  Token *close = expect(p, T_RPAR);
  Node *n = mk(p, N_CALL, span2(start, close->span));
  n->u.call.func = func;
  n->u.call.args = vlist(&args);
  n->u.call.keywords = vlist(&kws);
  return n;
}

/* ---------------------------------------------------------------- operators */

static Node *factor(Parser *p);

static Node *power(Parser *p) {
  Span start = peek(p)->span;
  Node *e = primary(p);
  if (at(p, T_DOUBLESTAR)) {
    Token *op = next(p);
    enter(p, op);
    Node *r = factor(p);
    leave(p);
    Node *n = mk(p, N_BINOP, span_from(p, start));
    n->u.binop.left = e;
    n->u.binop.op = OP_POW;
    n->u.binop.right = r;
    return n;
  }
  return e;
}

static Node *factor(Parser *p) {
  Token *t = peek(p);
  UnaryOp op;
  switch (t->kind) {
    case T_PLUS: op = UOP_UADD; break;
    case T_MINUS: op = UOP_USUB; break;
    case T_TILDE: op = UOP_INVERT; break;
    default: return power(p);
  }
  next(p);
  enter(p, t);
  Node *v = factor(p);
  leave(p);
  Node *n = mk(p, N_UNARYOP, span_from(p, t->span));
  n->u.unaryop.op = op;
  n->u.unaryop.operand = v;
  return n;
}

static int binop_of(int kind, int level, Operator *op) {
  switch (level) {
    case 0: /* term */
      switch (kind) {
        case T_STAR: *op = OP_MULT; return 1;
        case T_SLASH: *op = OP_DIV; return 1;
        case T_DOUBLESLASH: *op = OP_FLOORDIV; return 1;
        case T_PERCENT: *op = OP_MOD; return 1;
        case T_AT: *op = OP_MATMULT; return 1;
      }
      return 0;
    case 1: /* sum */
      if (kind == T_PLUS) { *op = OP_ADD; return 1; }
      if (kind == T_MINUS) { *op = OP_SUB; return 1; }
      return 0;
    case 2:
      if (kind == T_LEFTSHIFT) { *op = OP_LSHIFT; return 1; }
      if (kind == T_RIGHTSHIFT) { *op = OP_RSHIFT; return 1; }
      return 0;
    case 3: if (kind == T_AMPER) { *op = OP_BITAND; return 1; } return 0;
    case 4: if (kind == T_CIRCUMFLEX) { *op = OP_BITXOR; return 1; } return 0;
    case 5: if (kind == T_VBAR) { *op = OP_BITOR; return 1; } return 0;
  }
  return 0;
}

/* Left-associative binary levels: term(0) sum(1) shift(2) and(3) xor(4) or(5). */
static Node *binary(Parser *p, int level) {
  Span start = peek(p)->span;
  Node *e = level == 0 ? factor(p) : binary(p, level - 1);
  Operator op;
  int chain = 0;
  while (binop_of(peek(p)->kind, level, &op)) {
    /* a long chain is a deep left-leaning tree: it counts towards the nesting limit, so
     * nothing walking the tree recursively can run out of stack */
    enter(p, next(p));
    chain++;
    Node *r = level == 0 ? factor(p) : binary(p, level - 1);
    Node *n = mk(p, N_BINOP, span_from(p, start));
    n->u.binop.left = e;
    n->u.binop.op = op;
    n->u.binop.right = r;
    e = n;
  }
  p->root->depth -= chain;
  return e;
}

static Node *bitwise_or(Parser *p) { return binary(p, 5); }

static int cmp_op(Parser *p, CmpOp *op) {
  Token *t = peek(p);
  switch (t->kind) {
    case T_EQEQUAL: *op = CMP_EQ; break;
    case T_NOTEQUAL: *op = CMP_NOTEQ; break;
    case T_LESS: *op = CMP_LT; break;
    case T_LESSEQUAL: *op = CMP_LTE; break;
    case T_GREATER: *op = CMP_GT; break;
    case T_GREATEREQUAL: *op = CMP_GTE; break;
    case T_IN: *op = CMP_IN; break;
    case T_IS:
      if (peekn(p, 1)->kind == T_NOT) { next(p); *op = CMP_ISNOT; }
      else *op = CMP_IS;
      break;
    case T_NOT:
      if (peekn(p, 1)->kind != T_IN) return 0;
      next(p);
      *op = CMP_NOTIN;
      break;
    default: return 0;
  }
  next(p);
  return 1;
}

static Node *comparison(Parser *p) {
  Span start = peek(p)->span;
  Node *e = bitwise_or(p);
  CmpOp op;
  if (!cmp_op(p, &op)) return e;
  Vec comps = {0};
  CmpOp opsbuf[16];
  CmpOp *ops = opsbuf;
  int nops = 0, capops = 16;
  for (;;) {
    if (nops == capops) {
      CmpOp *n = arena_alloc(p->a, sizeof(CmpOp) * (size_t)capops * 2);
      memcpy(n, ops, sizeof(CmpOp) * (size_t)nops);
      ops = n;
      capops *= 2;
    }
    ops[nops++] = op;
    vpush(p, &comps, bitwise_or(p));
    if (!cmp_op(p, &op)) break;
  }
  Node *n = mk(p, N_COMPARE, span_from(p, start));
  n->u.compare.left = e;
  n->u.compare.ops = arena_alloc(p->a, sizeof(CmpOp) * (size_t)nops);
  memcpy(n->u.compare.ops, ops, sizeof(CmpOp) * (size_t)nops);
  n->u.compare.comparators = vlist(&comps);
  return n;
}

static Node *inversion(Parser *p) {
  Token *t = peek(p);
  if (t->kind == T_NOT) {
    next(p);
    enter(p, t);
    Node *v = inversion(p);
    leave(p);
    Node *n = mk(p, N_UNARYOP, span_from(p, t->span));
    n->u.unaryop.op = UOP_NOT;
    n->u.unaryop.operand = v;
    return n;
  }
  return comparison(p);
}

static Node *boolop(Parser *p, int is_or) {
  Span start = peek(p)->span;
  Node *e = is_or ? boolop(p, 0) : inversion(p);
  int tk = is_or ? T_OR : T_AND;
  if (!at(p, tk)) return e;
  Vec vals = {0};
  vpush(p, &vals, e);
  while (accept(p, tk)) vpush(p, &vals, is_or ? boolop(p, 0) : inversion(p));
  Node *n = mk(p, N_BOOLOP, span_from(p, start));
  n->u.boolop.op = is_or ? BOP_OR : BOP_AND;
  n->u.boolop.values = vlist(&vals);
  return n;
}

static Node *disjunction(Parser *p) {
  Node *e = boolop(p, 1);
  p->last_disj = e;
  return e;
}

static Node *lambdef(Parser *p) {
  Token *t = next(p);
  Arguments *args = parameters(p, 1, T_COLON);
  expect(p, T_COLON);
  Node *body = expression(p);
  Node *n = mk(p, N_LAMBDA, span_from(p, t->span));
  n->u.lambda.args = args;
  n->u.lambda.body = body;
  return n;
}

static Node *expression(Parser *p) {
  Token *t = peek(p);
  enter(p, t);
  Node *r;
  if (t->kind == T_LAMBDA) {
    r = lambdef(p);
  } else {
    Node *e = disjunction(p);
    if (at(p, T_IF)) {
      next(p);
      Node *test = disjunction(p);
      if (!at(p, T_ELSE))
        raise_err(p, PE_SYNTAX, span2(e->span, test->span), 0, "expected 'else' after 'if' expression");
      next(p);
      Node *orelse = expression(p);
      Node *n = mk(p, N_IFEXP, span_from(p, t->span));
      n->u.ifexp.test = test;
      n->u.ifexp.body = e;
      n->u.ifexp.orelse = orelse;
      e = n;
    }
    r = e;
  }
  leave(p);
  return r;
}

static Node *named_expression(Parser *p) {
  Token *t = peek(p);
  if (t->kind == T_NAME && peekn(p, 1)->kind == T_COLONEQUAL) {
    next(p);
    next(p);
    Node *v = expression(p);
    Node *n = mk(p, N_NAMEDEXPR, span_from(p, t->span));
    n->u.namedexpr.target = mk_name(p, t, CTX_STORE);
    n->u.namedexpr.value = v;
    return n;
  }
  Node *e = expression(p);
  if (at(p, T_COLONEQUAL))
    raise_err(p, PE_SYNTAX, e->span, 0, "cannot use assignment expressions with %s", expr_name(e));
  return e;
}

static Node *star_named_expression(Parser *p) {
  Token *t = peek(p);
  if (t->kind == T_STAR) {
    next(p);
    Node *v = bitwise_or(p);
    Node *n = mk(p, N_STARRED, span_from(p, t->span));
    n->u.starred.value = v;
    return n;
  }
  return named_expression(p);
}

static Node *star_expression(Parser *p) {
  Token *t = peek(p);
  if (t->kind == T_STAR) {
    next(p);
    Node *v = bitwise_or(p);
    Node *n = mk(p, N_STARRED, span_from(p, t->span));
    n->u.starred.value = v;
    return n;
  }
  return expression(p);
}

static int ends_expr_list(int k) {
  switch (k) {
    case T_NEWLINE: case T_SEMI: case T_EQUAL: case T_RPAR: case T_RSQB: case T_RBRACE:
    case T_COLON: case T_ENDMARKER: case T_FOR: case T_IN: case T_IF: case T_ELSE:
    case T_PLUSEQUAL: case T_MINEQUAL: case T_STAREQUAL: case T_SLASHEQUAL:
    case T_PERCENTEQUAL: case T_AMPEREQUAL: case T_VBAREQUAL: case T_CIRCUMFLEXEQUAL:
    case T_LEFTSHIFTEQUAL: case T_RIGHTSHIFTEQUAL: case T_DOUBLESTAREQUAL:
    case T_DOUBLESLASHEQUAL: case T_ATEQUAL: case T_FROM: case T_AS:
      return 1;
  }
  return 0;
}

/* star_expressions: a tuple when there is a comma (the tuple spans the trailing comma). */
static Node *star_expressions(Parser *p) {
  Token *start = peek(p);
  Node *e = star_expression(p);
  if (!at(p, T_COMMA)) return e;
  Vec elts = {0};
  vpush(p, &elts, e);
  while (accept(p, T_COMMA)) {
    if (ends_expr_list(peek(p)->kind)) break;
    vpush(p, &elts, star_expression(p));
  }
  Node *n = mk(p, N_TUPLE, span_from(p, start->span));
  n->u.seq.elts = vlist(&elts);
  return n;
}

/* yield_expr: 'yield' 'from' expression | 'yield' [star_expressions] (the parentheses around
 * one used as a value belong to the caller) */
static Node *yield_expr(Parser *p) {
  Token *t = next(p);
  if (accept(p, T_FROM)) {
    Node *v = expression(p);
    Node *n = mk(p, N_YIELDFROM, span_from(p, t->span));
    n->u.yield.value = v;
    return n;
  }
  Node *v = NULL;
  if (starts_expression(peek(p)->kind) || at(p, T_STAR)) v = star_expressions(p);
  Node *n = mk(p, N_YIELD, span_from(p, t->span));
  n->u.yield.value = v;
  return n;
}

/* the right side of an assignment */
static Node *assign_value(Parser *p) {
  return at(p, T_YIELD) ? yield_expr(p) : star_expressions(p);
}

/* Targets of `for` and comprehensions: stop before `in`. */
static Node *star_targets(Parser *p, TargetsType type) {
  Token *start = peek(p);
  Vec elts = {0};
  int tuple = 0;
  for (;;) {
    Token *t = peek(p);
    Node *e;
    if (t->kind == T_STAR) {
      next(p);
      Node *v = bitwise_or(p);
      e = mk(p, N_STARRED, span_from(p, t->span));
      e->u.starred.value = v;
    } else {
      e = bitwise_or(p);
    }
    vpush(p, &elts, e);
    if (!at(p, T_COMMA)) break;
    next(p);
    tuple = 1;
    if (at(p, T_IN) || at(p, T_EQUAL)) break;
  }
  Node *target;
  if (!tuple) {
    target = elts.items[0];
  } else {
    target = mk(p, N_TUPLE, span_from(p, start->span));
    target->u.seq.elts = vlist(&elts);
  }
  check_target(p, target, type);
  return target;
}

static Node *comprehension_tail(Parser *p, NodeKind kind, Node *elt, Node *value, Span start,
                                int close) {
  Vec gens = {0};
  while (at(p, T_FOR) || at(p, T_ASYNC)) {
    if (at(p, T_ASYNC)) raise_err(p, PE_SYNTAX, peek(p)->span, 0, "'async' is not supported");
    next(p);
    Node *target = star_targets(p, FOR_TARGETS);
    if (!at(p, T_IN)) {
      maybe_forgot_comma(p, target);
      syntax_error_at(p, peek(p));
    }
    next(p);
    /* iter and conditions are bare disjunctions in CPython's grammar: no comma hint after */
    Node *iter = disjunction(p);
    p->last_disj = NULL;
    Vec ifs = {0};
    while (accept(p, T_IF)) {
      vpush(p, &ifs, disjunction(p));
      p->last_disj = NULL;
    }
    Node *c = mk(p, N_COMPREHENSION, span2(target->span, prev(p)->span));
    c->u.comprehension.target = target;
    c->u.comprehension.iter = iter;
    c->u.comprehension.ifs = vlist(&ifs);
    vpush(p, &gens, c);
  }
  if (close >= 0) expect(p, close);
  Node *n = mk(p, kind, span_from(p, start));
  n->u.comp.elt = elt;
  n->u.comp.value = value;
  n->u.comp.generators = vlist(&gens);
  return n;
}

/* ---------------------------------------------------------------- parameters */

static int same_str(Str a, Str b) { return a.len == b.len && memcmp(a.s, b.s, a.len) == 0; }

static Arguments *parameters(Parser *p, int is_lambda, int close_kind) {
  Arguments *args = arena_alloc(p->a, sizeof *args);
  Vec pos = {0}, kwonly = {0}, kwdef = {0}, defs = {0}, all = {0};
  int star_seen = 0, slash_seen = 0, seen_default = 0;
  int npos_before_slash = -1;
  while (!at(p, close_kind)) {
    Token *t = peek(p);
    if (args->kwarg) {
      raise_err(p, PE_SYNTAX, t->span, 0, "arguments cannot follow var-keyword argument");
    }
    if (t->kind == T_SLASH) {
      if (slash_seen) raise_err(p, PE_SYNTAX, t->span, 0, "/ may appear only once");
      if (star_seen) raise_err(p, PE_SYNTAX, t->span, 0, "/ must be ahead of *");
      if (pos.len == 0) raise_err(p, PE_SYNTAX, t->span, 0, "invalid syntax");
      next(p);
      slash_seen = 1;
      npos_before_slash = pos.len;
    } else if (t->kind == T_STAR) {
      if (star_seen) raise_err(p, PE_SYNTAX, t->span, 0, "* argument may appear only once");
      next(p);
      star_seen = 1;
      if (at(p, T_COMMA) || at(p, close_kind)) {
        Token *nx = peek(p);
        if (nx->kind == close_kind || (nx->kind == T_COMMA && (peekn(p, 1)->kind == close_kind ||
                                                               peekn(p, 1)->kind == T_DOUBLESTAR)))
          raise_err(p, PE_SYNTAX, t->span, 0, "named arguments must follow bare *");
      } else {
        Token *name = expect(p, T_NAME);
        Node *a = mk(p, N_ARG, name->span);
        a->u.arg.arg = tok_str(p, name);
        if (!is_lambda && accept(p, T_COLON)) {
          a->u.arg.annotation = at(p, T_STAR) ? star_expression(p) : expression(p);
          a->span = span_from(p, name->span);
        }
        if (at(p, T_EQUAL))
          raise_err(p, PE_SYNTAX, peek(p)->span, 0, "var-positional argument cannot have default value");
        args->vararg = a;
        vpush(p, &all, a);
      }
    } else if (t->kind == T_DOUBLESTAR) {
      next(p);
      Token *name = expect(p, T_NAME);
      Node *a = mk(p, N_ARG, name->span);
      a->u.arg.arg = tok_str(p, name);
      if (!is_lambda && accept(p, T_COLON)) {
        a->u.arg.annotation = expression(p);
        a->span = span_from(p, name->span);
      }
      if (at(p, T_EQUAL))
        raise_err(p, PE_SYNTAX, peek(p)->span, 0, "var-keyword argument cannot have default value");
      args->kwarg = a;
      vpush(p, &all, a);
    } else if (t->kind == T_NAME) {
      next(p);
      Node *a = mk(p, N_ARG, t->span);
      a->u.arg.arg = tok_str(p, t);
      if (!is_lambda && accept(p, T_COLON)) {
        a->u.arg.annotation = expression(p);
        a->span = span_from(p, t->span);
      }
      Node *def = NULL;
      if (accept(p, T_EQUAL)) def = expression(p);
      if (star_seen) {
        vpush(p, &kwonly, a);
        vpush(p, &kwdef, def);
      } else {
        if (def) {
          seen_default = 1;
          vpush(p, &defs, def);
        } else if (seen_default) {
          raise_err(p, PE_SYNTAX, a->span, 0, "non-default argument follows default argument");
        }
        vpush(p, &pos, a);
      }
      vpush(p, &all, a);
    } else {
      if (t->kind == T_LPAR && !is_lambda)
        raise_err(p, PE_SYNTAX, t->span, 0, "Function parameters cannot be parenthesized");
      syntax_error_at(p, t);
    }
    if (!at(p, close_kind)) {
      if (!at(p, T_COMMA)) syntax_error_at(p, peek(p));
      next(p);
    }
  }
  if (star_seen && !args->vararg && kwonly.len == 0)
    raise_err(p, PE_SYNTAX, prev(p)->span, 0, "named arguments must follow bare *");
  for (int i = 0; i < all.len; i++)
    for (int j = 0; j < i; j++)
      if (same_str(all.items[i]->u.arg.arg, all.items[j]->u.arg.arg))
        late_err(p, all.items[i]->span, "duplicate argument '%s' in function definition",
                 all.items[i]->u.arg.arg.s);
  if (npos_before_slash >= 0) {
    args->posonlyargs.items = pos.items;
    args->posonlyargs.len = npos_before_slash;
    args->args.items = pos.items + npos_before_slash;
    args->args.len = pos.len - npos_before_slash;
  } else {
    args->args = vlist(&pos);
  }
  args->kwonlyargs = vlist(&kwonly);
  args->kw_defaults = vlist(&kwdef);
  args->defaults = vlist(&defs);
  return args;
}

/* ---------------------------------------------------------------- f-strings */

typedef struct Pieces {
  Parser *p;
  Vec values;
  char *lit;           /* pending literal text */
  size_t litlen, litcap;
  Span span;           /* every piece gets the span of the whole concatenation */
  int ukind;           /* the first literal is u'...': CPython's Constant.kind == 'u' */
} Pieces;

static void lit_append(Pieces *pc, const char *s, size_t n) {
  if (pc->litlen + n + 1 > pc->litcap) {
    size_t nc = pc->litcap ? pc->litcap * 2 : 64;
    while (nc < pc->litlen + n + 1) nc *= 2;
    char *d = arena_alloc(pc->p->a, nc);
    if (pc->litlen) memcpy(d, pc->lit, pc->litlen);
    pc->lit = d;
    pc->litcap = nc;
  }
  memcpy(pc->lit + pc->litlen, s, n);
  pc->litlen += n;
  pc->lit[pc->litlen] = 0;
}

static void lit_flush_at(Pieces *pc, Span sp) {
  if (pc->litlen == 0) return;
  Node *c = mk(pc->p, N_CONSTANT, sp);
  c->u.constant.kind = K_STR;
  c->u.constant.s = str_of(pc->p, pc->lit, pc->litlen);
  vpush(pc->p, &pc->values, c);
  pc->litlen = 0;
}

static void lit_flush(Pieces *pc) {
  if (pc->litlen == 0) return;
  lit_flush_at(pc, pc->span);
  /* constant.i is unused for strings: 1 records CPython's kind='u' (ast_dump prints it) */
  pc->values.items[pc->values.len - 1]->u.constant.i = pc->ukind;
}

typedef struct FCtx {
  Parser *p;
  Token *tok;          /* the STRING token being scanned */
  int raw;
  Span errspan;
} FCtx;

static void fstring_error(FCtx *f, const char *msg) __attribute__((noreturn));
static void fstring_error(FCtx *f, const char *msg) {
  raise_err(f->p, PE_SYNTAX, f->errspan, 0, "%s", msg);
}

/* Line number and line start of a byte offset inside the token t. */
static void locate(Parser *p, Token *t, size_t off, int *line, size_t *line_start) {
  int l = t->span.line;
  size_t ls = t->start - (size_t)t->span.col;
  for (size_t i = t->start; i < off; i++) {
    char c = p->src[i];
    if (c == '\n' || (c == '\r' && !(i + 1 < p->len && p->src[i + 1] == '\n'))) {
      l++;
      ls = i + 1;
    }
  }
  *line = l;
  *line_start = ls;
}

static Node *parse_fexpr(FCtx *f, size_t b, size_t e) {
  Parser *p = f->p;
  Parser sub;
  memset(&sub, 0, sizeof sub);
  sub.a = p->a;
  sub.src = p->src;
  sub.len = p->len;
  sub.err = p->err;
  sub.jb = p->jb;
  sub.root = p->root;
  sub.toks_in_arena = 1;
  sub.fstring = 1;
  int line;
  size_t ls;
  locate(p, f->tok, b, &line, &ls);
  lex_init(&sub.lx, p->src, b - 1, e + 1, line, ls, 1, p->err);
  sub.lx.sub_lpar = b - 1;
  sub.lx.sub_rpar = e;
  Node *n = star_expressions(&sub);
  if (!at(&sub, T_ENDMARKER)) syntax_error_at(&sub, peek(&sub));
  return n;
}

static void decode_lit(FCtx *f, Pieces *pc, size_t b, size_t e) {
  if (e <= b) return;
  Str s;
  char msg[200];
  if (lex_decode_string(f->p->a, f->p->src + b, e - b, f->raw ? LEX_STR_RAW : 0, &s, msg,
                        sizeof msg) < 0)
    raise_err(f->p, PE_SYNTAX, f->errspan, 0, "%s", msg);
  lit_append(pc, s.s, s.len);
}

static Node *fstring_parse(FCtx *f, size_t *pos, size_t end, int lvl, Pieces *pc);

/* At '{': scan the expression, conversion and format spec; append a FormattedValue. */
static void fstring_expr(FCtx *f, size_t *pos, size_t end, int lvl, Pieces *pc) {
  Parser *p = f->p;
  const char *s = p->src;
  if (lvl >= 2) fstring_error(f, "f-string: expressions nested too deeply");
  size_t i = *pos + 1, b = i;
  char quote = 0;
  int triple = 0, depth = 0;
  char stack[200];
  for (; i < end; i++) {
    char ch = s[i];
    if (ch == '\\') fstring_error(f, "f-string expression part cannot include a backslash");
    if (quote) {
      if (ch == quote) {
        if (triple) {
          if (i + 2 < end && s[i + 1] == ch && s[i + 2] == ch) { i += 2; quote = 0; }
        } else {
          quote = 0;
        }
      }
    } else if (ch == '\'' || ch == '"') {
      if (i + 2 < end && s[i + 1] == ch && s[i + 2] == ch) { triple = 1; i += 2; }
      else triple = 0;
      quote = ch;
    } else if (ch == '[' || ch == '{' || ch == '(') {
      if (depth >= 200) fstring_error(f, "f-string: too many nested parenthesis");
      stack[depth++] = ch;
    } else if (ch == '#') {
      fstring_error(f, "f-string expression part cannot include '#'");
    } else if (depth == 0 && (ch == '!' || ch == ':' || ch == '}' || ch == '=' || ch == '>' ||
                              ch == '<')) {
      if (i + 1 < end) {
        char nx = s[i + 1];
        if ((ch == '!' && nx == '=') || (ch == '=' && nx == '=') || (ch == '<' && nx == '=') ||
            (ch == '>' && nx == '=')) {
          i++;
          continue;
        }
        if (ch == '>' || ch == '<') continue;
      }
      break;
    } else if (ch == ']' || ch == '}' || ch == ')') {
      char m[128];
      if (!depth) {
        snprintf(m, sizeof m, "f-string: unmatched '%c'", ch);
        fstring_error(f, m);
      }
      char o = stack[--depth];
      if (!((o == '(' && ch == ')') || (o == '[' && ch == ']') || (o == '{' && ch == '}'))) {
        snprintf(m, sizeof m, "f-string: closing parenthesis '%c' does not match opening parenthesis '%c'", ch, o);
        fstring_error(f, m);
      }
    }
  }
  size_t e = i;
  if (quote) fstring_error(f, "f-string: unterminated string");
  if (depth) {
    char m[128];
    snprintf(m, sizeof m, "f-string: unmatched '%c'", stack[depth - 1]);
    fstring_error(f, m);
  }
  if (i >= end) fstring_error(f, "f-string: expecting '}'");
  size_t k;
  for (k = b; k < e; k++)
    if (!(s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\f' || s[k] == '\r')) break;
  if (k == e) fstring_error(f, "f-string: empty expression not allowed");
  Node *expr = parse_fexpr(f, b, e);
  int debug = 0;
  if (s[i] == '=') {
    i++;
    while (i < end && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' ||
                       s[i] == '\f' || s[i] == '\v'))
      i++;
    lit_append(pc, s + b, i - b);
    debug = 1;
  }
  int conversion = -1;
  if (i < end && s[i] == '!') {
    i++;
    if (i >= end) fstring_error(f, "f-string: expecting '}'");
    conversion = (unsigned char)s[i++];
    if (!(conversion == 's' || conversion == 'r' || conversion == 'a'))
      fstring_error(f, "f-string: invalid conversion character: expected 's', 'r', or 'a'");
  }
  if (i >= end) fstring_error(f, "f-string: expecting '}'");
  Node *spec = NULL;
  if (s[i] == ':') {
    i++;
    if (i >= end) fstring_error(f, "f-string: expecting '}'");
    Pieces sp = {0};
    sp.p = p;
    sp.span = pc->span;
    spec = fstring_parse(f, &i, end, lvl + 1, &sp);
  }
  if (i >= end || s[i] != '}') fstring_error(f, "f-string: expecting '}'");
  i++;
  if (debug && !spec && conversion == -1) conversion = 'r';
  lit_flush(pc);
  Node *fv = mk(p, N_FORMATTEDVALUE, pc->span);
  fv->u.formattedvalue.value = expr;
  fv->u.formattedvalue.conversion = conversion;
  fv->u.formattedvalue.format_spec = spec;
  vpush(p, &pc->values, fv);
  *pos = i;
}

/* Scan literal text and expressions until end (top level) or an unmatched '}' (a nested
 * format spec). At lvl > 0 returns the spec's JoinedStr. */
static Node *fstring_parse(FCtx *f, size_t *pos, size_t end, int lvl, Pieces *pc) {
  const char *s = f->p->src;
  size_t i = *pos, lit = i;
  while (i < end) {
    char ch = s[i];
    if (!f->raw && ch == '\\' && i + 1 < end) {
      if (s[i + 1] == 'N' && i + 2 < end && s[i + 2] == '{') {
        i += 3;
        while (i < end && s[i] != '}') i++;
        if (i < end) i++;
        continue;
      }
      i += 2;
      continue;
    }
    if (ch == '{' || ch == '}') {
      if (lvl == 0 && i + 1 < end && s[i + 1] == ch) {
        decode_lit(f, pc, lit, i + 1);
        i += 2;
        lit = i;
        continue;
      }
      if (ch == '}') {
        if (lvl == 0) fstring_error(f, "f-string: single '}' is not allowed");
        break;
      }
      decode_lit(f, pc, lit, i);
      fstring_expr(f, &i, end, lvl, pc);
      lit = i;
      continue;
    }
    i++;
  }
  decode_lit(f, pc, lit, i);
  *pos = i;
  if (lvl == 0) return NULL;
  /* CPython 3.11 gives a format spec's last literal and the spec itself the span of the one
   * string token they are in, but earlier pieces the span of the whole concatenation */
  lit_flush_at(pc, f->tok->span);
  Node *j = mk(f->p, N_JOINEDSTR, f->tok->span);
  j->u.joinedstr.values = vlist(&pc->values);
  return j;
}

static Node *strings(Parser *p) {
  int first = p->pos;
  int any_f = 0, any_bytes = 0, any_str = 0;
  while (at(p, T_STRING)) {
    Token *t = next(p);
    if (t->flags & LEX_STR_F) any_f = 1;
    if (t->flags & LEX_STR_BYTES) any_bytes = 1;
    else any_str = 1;
  }
  int last = p->pos - 1;
  Span whole = span2(tokat(p, first)->span, tokat(p, last)->span);
  /* CPython reports string errors at the token after the strings */
  Span errspan = peek(p)->span;
  if (any_bytes && any_str)
    raise_err(p, PE_SYNTAX, tokat(p, first)->span, 0, "cannot mix bytes and nonbytes literals");
  Pieces pc = {0};
  pc.p = p;
  pc.span = whole;
  pc.ukind = p->src[tokat(p, first)->start] == 'u';
  for (int k = first; k <= last; k++) {
    Token *t = tokat(p, k);
    size_t q = (t->flags & LEX_STR_TRIPLE) ? 3 : 1;
    size_t b = t->body, e = t->end - q;
    if (t->flags & LEX_STR_F) {
      FCtx f = {p, t, (t->flags & LEX_STR_RAW) != 0, errspan};
      size_t i = b;
      fstring_parse(&f, &i, e, 0, &pc);
    } else {
      Str s;
      char msg[200];
      if (lex_decode_string(p->a, p->src + b, e - b, t->flags, &s, msg, sizeof msg) < 0)
        raise_err(p, PE_SYNTAX, t->span, 0, "%s", msg);
      lit_append(&pc, s.s, s.len);
    }
  }
  if (!any_f) {
    Node *c = mk(p, N_CONSTANT, whole);
    c->u.constant.kind = any_bytes ? K_BYTES : K_STR;
    c->u.constant.s = pc.litlen ? str_of(p, pc.lit, pc.litlen) : str_of(p, "", 0);
    c->u.constant.i = pc.ukind;
    return c;
  }
  lit_flush(&pc);
  Node *j = mk(p, N_JOINEDSTR, whole);
  j->u.joinedstr.values = vlist(&pc.values);
  return j;
}

/* ---------------------------------------------------------------- simple statements */

static Node *stmt_node(Parser *p, NodeKind k, Span start) { return mk(p, k, span_from(p, start)); }

static int augassign_op(int kind, Operator *op) {
  switch (kind) {
    case T_PLUSEQUAL: *op = OP_ADD; return 1;
    case T_MINEQUAL: *op = OP_SUB; return 1;
    case T_STAREQUAL: *op = OP_MULT; return 1;
    case T_ATEQUAL: *op = OP_MATMULT; return 1;
    case T_SLASHEQUAL: *op = OP_DIV; return 1;
    case T_PERCENTEQUAL: *op = OP_MOD; return 1;
    case T_AMPEREQUAL: *op = OP_BITAND; return 1;
    case T_VBAREQUAL: *op = OP_BITOR; return 1;
    case T_CIRCUMFLEXEQUAL: *op = OP_BITXOR; return 1;
    case T_LEFTSHIFTEQUAL: *op = OP_LSHIFT; return 1;
    case T_RIGHTSHIFTEQUAL: *op = OP_RSHIFT; return 1;
    case T_DOUBLESTAREQUAL: *op = OP_POW; return 1;
    case T_DOUBLESLASHEQUAL: *op = OP_FLOORDIV; return 1;
  }
  return 0;
}

static int is_bitwise_or_level(const Node *e) {
  switch (e->kind) {
    case N_COMPARE: case N_BOOLOP: case N_IFEXP: case N_LAMBDA: case N_NAMEDEXPR:
    case N_STARRED:
      return 0;
    case N_UNARYOP: return e->u.unaryop.op != UOP_NOT;
    default: return 1;
  }
}

/* CPython's second pass reports a bad assignment through invalid_named_expression when the
 * last element of the FIRST target is followed by `= B` and B by neither `=` nor `:=`. */
static int starts_with_display(const Node *e) {
  for (;;) {
    switch (e->kind) {
      case N_TUPLE: case N_LIST: case N_GENERATOREXP: return 1;
      case N_CONSTANT:
        return e->u.constant.kind == K_TRUE || e->u.constant.kind == K_FALSE ||
               e->u.constant.kind == K_NONE;
      case N_ATTRIBUTE: e = e->u.attribute.value; break;
      case N_SUBSCRIPT: e = e->u.subscript.value; break;
      case N_CALL: e = e->u.call.func; break;
      default: return 0;
    }
  }
}

static void check_assign_targets(Parser *p, Vec *targets, Node *value) {
  int bad = 0;
  for (int i = 0; i < targets->len; i++)
    if (invalid_target(targets->items[i], STAR_TARGETS)) bad = 1;
  if (bad) {
    Node *t0 = targets->items[0];
    Node *next_chunk = targets->len > 1 ? targets->items[1] : value;
    int unparen_tuple_t0 = t0->kind == N_TUPLE && t0->u.seq.elts.len > 0 &&
                           t0->u.seq.elts.items[0]->span.col == t0->span.col &&
                           t0->u.seq.elts.items[0]->span.line == t0->span.line;
    Node *l0 = unparen_tuple_t0 ? t0->u.seq.elts.items[t0->u.seq.elts.len - 1] : t0;
    int next_unparen_tuple = next_chunk->kind == N_TUPLE && next_chunk->u.seq.elts.len > 0 &&
                             next_chunk->u.seq.elts.items[0]->span.col == next_chunk->span.col &&
                             next_chunk->u.seq.elts.items[0]->span.line == next_chunk->span.line;
    Node *b = next_unparen_tuple ? next_chunk->u.seq.elts.items[0] : next_chunk;
    /* B is the leftmost bitwise_or of that chunk; an operator after it also counts as
     * "not followed by =" */
    Node *lb = b;
    for (;;) {
      if (lb->kind == N_COMPARE) lb = lb->u.compare.left;
      else if (lb->kind == N_BOOLOP) lb = lb->u.boolop.values.items[0];
      else if (lb->kind == N_IFEXP) lb = lb->u.ifexp.body;
      else break;
    }
    int lb_ok = is_bitwise_or_level(lb);
    int b_followed_by_eq = targets->len >= 2 && !next_unparen_tuple && lb == b;
    if (lb_ok && !b_followed_by_eq) {
      if (l0->kind == N_NAME)
        raise_err(p, PE_SYNTAX, span2(l0->span, b->span), 0,
                  "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
      if (!starts_with_display(l0) && is_bitwise_or_level(l0))
        raise_err(p, PE_SYNTAX, l0->span, 0,
                  "cannot assign to %s here. Maybe you meant '==' instead of '='?",
                  expr_name(l0));
    }
  }
  for (int i = 0; i < targets->len; i++) {
    check_target(p, targets->items[i], STAR_TARGETS);
    if (targets->items[i]->kind == N_STARRED)
      late_err(p, targets->items[i]->span, "starred assignment target must be in a list or tuple");
  }
}

static Node *expr_or_assign(Parser *p) {
  Token *start = peek(p);
  Node *e = assign_value(p);
  Token *t = peek(p);
  if (t->kind == T_COLONEQUAL)
    raise_err(p, PE_SYNTAX, e->span, 0, "cannot use assignment expressions with %s", expr_name(e));
  if (t->kind == T_COLON) {
    next(p);
    int lvl;
    if (e->kind != N_NAME && e->kind != N_ATTRIBUTE && e->kind != N_SUBSCRIPT &&
        !(starts_expression(peek(p)->kind) && expression_follows(p, &lvl)))
      syntax_error_at(p, peek(p));
    if (e->kind == N_TUPLE && start->kind != T_LPAR)
      raise_err(p, PE_SYNTAX, e->u.seq.elts.len ? e->u.seq.elts.items[0]->span : e->span, 0,
                "only single target (not tuple) can be annotated");
    if (e->kind != N_NAME && e->kind != N_ATTRIBUTE && e->kind != N_SUBSCRIPT) {
      if (e->kind == N_TUPLE || e->kind == N_LIST)
        raise_err(p, PE_SYNTAX, e->span, 0, "only single target (not %s) can be annotated",
                  expr_name(e));
      raise_err(p, PE_SYNTAX, e->span, 0, "illegal target for annotation");
    }
    set_ctx(e, CTX_STORE);
    Node *ann = expression(p);
    Node *val = NULL;
    if (accept(p, T_EQUAL)) val = assign_value(p);
    Node *n = stmt_node(p, N_ANNASSIGN, start->span);
    n->u.annassign.target = e;
    n->u.annassign.annotation = ann;
    n->u.annassign.value = val;
    return n;
  }
  if (t->kind == T_EQUAL) {
    Vec targets = {0};
    vpush(p, &targets, e);
    Node *val = NULL;
    while (accept(p, T_EQUAL)) {
      val = assign_value(p);
      if (at(p, T_EQUAL)) vpush(p, &targets, val);
    }
    check_assign_targets(p, &targets, val);
    if (val->kind == N_STARRED) late_err(p, val->span, "can't use starred expression here");
    Node *n = stmt_node(p, N_ASSIGN, start->span);
    n->u.assign.targets = vlist(&targets);
    n->u.assign.value = val;
    return n;
  }
  Operator op;
  if (augassign_op(t->kind, &op)) {
    if (e->kind != N_NAME && e->kind != N_ATTRIBUTE && e->kind != N_SUBSCRIPT)
      raise_err(p, PE_SYNTAX, e->span, 0, "'%s' is an illegal expression for augmented assignment",
                expr_name(e));
    next(p);
    set_ctx(e, CTX_STORE);
    Node *val = assign_value(p);
    Node *n = stmt_node(p, N_AUGASSIGN, start->span);
    n->u.augassign.target = e;
    n->u.augassign.op = op;
    n->u.augassign.value = val;
    return n;
  }
  if (t->kind != T_NEWLINE && t->kind != T_SEMI) {
    if (e->kind == N_NAME && starts_expression(t->kind) && t->kind != T_LPAR &&
        t->kind != T_LSQB && t->kind != T_LBRACE && t->kind != T_MINUS && t->kind != T_PLUS &&
        t->kind != T_TILDE && t->kind != T_NOT && t->kind != T_LAMBDA &&
        ((e->u.name.id.len == 5 && memcmp(e->u.name.id.s, "print", 5) == 0) ||
         (e->u.name.id.len == 4 && memcmp(e->u.name.id.s, "exec", 4) == 0))) {
      Node *arg = star_expressions(p);
      raise_err(p, PE_SYNTAX, span2(e->span, arg->span), 0,
                "Missing parentheses in call to '%s'. Did you mean %s(...)?", e->u.name.id.s,
                e->u.name.id.s);
    }
  }
  Node *n = mk(p, N_EXPR_STMT, span_from(p, start->span));
  n->u.expr_stmt.value = e;
  return n;
}

static Str dotted_name(Parser *p, Span *sp) {
  int first = p->pos;
  Token *ft = expect(p, T_NAME);
  Span fs = ft->span;
  while (at(p, T_DOT) && peekn(p, 1)->kind == T_NAME) {
    next(p);
    next(p);
  }
  if (at(p, T_DOT)) syntax_error_at(p, peekn(p, 1));
  int last = p->pos - 1;
  *sp = span2(fs, tokat(p, last)->span);
  /* names are joined without any whitespace or comments the source had between them */
  size_t n = 0;
  for (int i = first; i <= last; i++) n += tokat(p, i)->end - tokat(p, i)->start;
  char *d = arena_alloc(p->a, n + 1);
  size_t k = 0;
  for (int i = first; i <= last; i++) {
    Token *t = tokat(p, i);
    memcpy(d + k, p->src + t->start, t->end - t->start);
    k += t->end - t->start;
  }
  d[k] = 0;
  Str s = {d, k};
  return s;
}

static Node *import_stmt(Parser *p) {
  Token *start = next(p);
  Vec names = {0};
  do {
    Span sp;
    Str name = dotted_name(p, &sp);
    Node *a = mk(p, N_ALIAS, sp);
    a->u.alias.name = name;
    if (accept(p, T_AS)) {
      Token *as = expect(p, T_NAME);
      a->u.alias.asname = tok_str(p, as);
      a->span = span2(sp, as->span);
    }
    vpush(p, &names, a);
  } while (accept(p, T_COMMA));
  Node *n = stmt_node(p, N_IMPORT, start->span);
  n->u.import.names = vlist(&names);
  return n;
}

static Node *import_from(Parser *p) {
  Token *start = next(p);
  int level = 0;
  for (;;) {
    if (accept(p, T_DOT)) level++;
    else if (accept(p, T_ELLIPSIS)) level += 3;
    else break;
  }
  Str module = {0};
  if (!at(p, T_IMPORT)) {
    Span sp;
    module = dotted_name(p, &sp);
  } else if (level == 0) {
    syntax_error_at(p, peek(p));
  }
  expect(p, T_IMPORT);
  Vec names = {0};
  if (at(p, T_STAR)) {
    Token *st = next(p);
    Node *a = mk(p, N_ALIAS, st->span);
    a->u.alias.name = str_of(p, "*", 1);
    vpush(p, &names, a);
  } else {
    int paren = accept(p, T_LPAR);
    for (;;) {
      Token *nm = expect(p, T_NAME);
      Node *a = mk(p, N_ALIAS, nm->span);
      a->u.alias.name = tok_str(p, nm);
      if (accept(p, T_AS)) {
        Token *as = expect(p, T_NAME);
        a->u.alias.asname = tok_str(p, as);
        a->span = span2(nm->span, as->span);
      }
      vpush(p, &names, a);
      if (!at(p, T_COMMA)) break;
      Token *comma = next(p);
      if (paren && at(p, T_RPAR)) break;
      if (!paren && (at(p, T_NEWLINE) || at(p, T_SEMI) || at(p, T_ENDMARKER)))
        raise_err(p, PE_SYNTAX, comma->span, 0, "trailing comma not allowed without surrounding parentheses");
    }
    if (paren) expect(p, T_RPAR);
  }
  Node *n = stmt_node(p, N_IMPORTFROM, start->span);
  n->u.importfrom.module = module;
  n->u.importfrom.names = vlist(&names);
  n->u.importfrom.level = level;
  return n;
}

static Node *global_stmt(Parser *p, NodeKind k) {
  Token *start = next(p);
  Str buf[64];
  Str *names = buf;
  int n = 0, cap = 64;
  do {
    Token *t = expect(p, T_NAME);
    if (n == cap) {
      Str *nn = arena_alloc(p->a, sizeof(Str) * (size_t)cap * 2);
      memcpy(nn, names, sizeof(Str) * (size_t)n);
      names = nn;
      cap *= 2;
    }
    names[n++] = tok_str(p, t);
  } while (accept(p, T_COMMA));
  Node *node = stmt_node(p, k, start->span);
  node->u.global.names = arena_alloc(p->a, sizeof(Str) * (size_t)n);
  memcpy(node->u.global.names, names, sizeof(Str) * (size_t)n);
  node->u.global.n = n;
  node->u.global.res = arena_alloc(p->a, sizeof(Resolved) * (size_t)n);
  if (k == N_NONLOCAL && p->func_depth == 0)
    late_err(p, node->span, "nonlocal declaration not allowed at module level");
  return node;
}

static Node *simple_stmt(Parser *p) {
  Token *t = peek(p);
  Node *n;
  switch (t->kind) {
    case T_PASS: next(p); return stmt_node(p, N_PASS, t->span);
    case T_BREAK:
      next(p);
      if (p->loop_depth == 0) late_err(p, t->span, "'break' outside loop");
      return stmt_node(p, N_BREAK, t->span);
    case T_CONTINUE:
      next(p);
      if (p->loop_depth == 0) late_err(p, t->span, "'continue' not properly in loop");
      return stmt_node(p, N_CONTINUE, t->span);
    case T_RETURN: {
      next(p);
      Node *v = NULL;
      if (!at(p, T_NEWLINE) && !at(p, T_SEMI)) v = star_expressions(p);
      n = stmt_node(p, N_RETURN, t->span);
      n->u.ret.value = v;
      if (p->func_depth == 0) late_err(p, n->span, "'return' outside function");
      return n;
    }
    case T_IMPORT: return import_stmt(p);
    case T_FROM: return import_from(p);
    case T_RAISE: {
      next(p);
      Node *exc = NULL, *cause = NULL;
      if (!at(p, T_NEWLINE) && !at(p, T_SEMI)) {
        exc = expression(p);
        if (accept(p, T_FROM)) cause = expression(p);
      }
      n = stmt_node(p, N_RAISE, t->span);
      n->u.raise.exc = exc;
      n->u.raise.cause = cause;
      return n;
    }
    case T_ASSERT: {
      next(p);
      Node *test = expression(p), *msg = NULL;
      if (accept(p, T_COMMA)) msg = expression(p);
      n = stmt_node(p, N_ASSERT, t->span);
      n->u.assert_.test = test;
      n->u.assert_.msg = msg;
      return n;
    }
    case T_DEL: {
      next(p);
      Vec targets = {0};
      for (;;) {
        Node *e = star_named_expression(p);
        check_target(p, e, DEL_TARGETS);
        vpush(p, &targets, e);
        if (!accept(p, T_COMMA)) break;
        if (at(p, T_NEWLINE) || at(p, T_SEMI)) break;
      }
      n = stmt_node(p, N_DELETE, t->span);
      n->u.del.targets = vlist(&targets);
      return n;
    }
    case T_GLOBAL: return global_stmt(p, N_GLOBAL);
    case T_NONLOCAL: return global_stmt(p, N_NONLOCAL);
    default: return expr_or_assign(p);
  }
}

/* simple_stmts: one or more `;`-separated simple statements ending the line. Returns 1 when
 * the last one was followed by `;`. */
static int simple_stmts(Parser *p, Vec *out) {
  int semi = 0;
  for (;;) {
    vpush(p, out, simple_stmt(p));
    semi = 0;
    if (!accept(p, T_SEMI)) break;
    semi = 1;
    if (at(p, T_NEWLINE)) break;
  }
  Token *t = peek(p);
  if (t->kind != T_NEWLINE) {
    Node *last = out->items[out->len - 1];
    if (last->kind == N_EXPR_STMT) maybe_forgot_comma(p, last->u.expr_stmt.value);
    syntax_error_at(p, t);
  }
  next(p);
  return semi;
}

/* ---------------------------------------------------------------- compound statements */

static int at_eof_after_dedents(Parser *p) {
  for (int k = 0;; k++) {
    int kind = peekn(p, k)->kind;
    if (kind == T_ENDMARKER) return 1;
    if (kind != T_DEDENT) return 0;
  }
}

static NodeList block(Parser *p, const char *what, int line) {
  Vec body = {0};
  if (at(p, T_NEWLINE)) {
    Token *nl = next(p);
    if (!at(p, T_INDENT)) {
      int eof = at_eof_after_dedents(p);
      (void)nl;
      raise_err(p, PE_INDENTATION, peek(p)->span, eof,
                "expected an indented block after %s on line %d", what, line);
    }
    next(p);
    while (!at(p, T_DEDENT) && !at(p, T_ENDMARKER)) statement(p, &body);
    accept(p, T_DEDENT);
  } else {
    if (at(p, T_ENDMARKER) || at(p, T_INDENT) || at(p, T_DEDENT)) syntax_error_at(p, peek(p));
    simple_stmts(p, &body);
  }
  return vlist(&body);
}

static Span body_end(Span start, NodeList body) {
  if (body.len == 0) return start;
  return span2(start, body.items[body.len - 1]->span);
}

/* The ':' ending a compound statement's header. */
static void header_colon(Parser *p, int forced) {
  Token *t = peek(p);
  if (t->kind == T_COLON) { next(p); return; }
  if (forced || t->kind == T_NEWLINE) raise_err(p, PE_SYNTAX, t->span, 0, "expected ':'");
  syntax_error_at(p, t);
}

static Node *condition(Parser *p) {
  Node *e = named_expression(p);
  if (at(p, T_EQUAL)) {
    Token *eq = peek(p);
    if (e->kind == N_NAME)
      raise_err(p, PE_SYNTAX, span2(e->span, eq->span), 0,
                "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
    if (is_bitwise_or_level(e))
      raise_err(p, PE_SYNTAX, e->span, 0,
                "cannot assign to %s here. Maybe you meant '==' instead of '='?", expr_name(e));
  }
  return e;
}

static Node *if_stmt(Parser *p, const char *what) {
  Token *t = next(p);
  Node *test = condition(p);
  header_colon(p, 0);
  Node *n = mk(p, N_IF, t->span);
  n->u.if_.test = test;
  n->u.if_.body = block(p, what, t->span.line);
  if (at(p, T_ELIF)) {
    Node *e = if_stmt(p, "'elif' statement");
    Vec v = {0};
    vpush(p, &v, e);
    n->u.if_.orelse = vlist(&v);
    n->span = span2(t->span, e->span);
    return n;
  }
  if (at(p, T_ELSE)) {
    Token *el = next(p);
    header_colon(p, 1);
    n->u.if_.orelse = block(p, "'else' statement", el->span.line);
    n->span = body_end(t->span, n->u.if_.orelse);
    return n;
  }
  n->span = body_end(t->span, n->u.if_.body);
  return n;
}

static Node *while_stmt(Parser *p) {
  Token *t = next(p);
  Node *test = condition(p);
  header_colon(p, 0);
  Node *n = mk(p, N_WHILE, t->span);
  n->u.if_.test = test;
  p->loop_depth++;
  n->u.if_.body = block(p, "'while' statement", t->span.line);
  p->loop_depth--;
  n->span = body_end(t->span, n->u.if_.body);
  if (at(p, T_ELSE)) {
    Token *el = next(p);
    header_colon(p, 1);
    n->u.if_.orelse = block(p, "'else' statement", el->span.line);
    n->span = body_end(t->span, n->u.if_.orelse);
  }
  return n;
}

static Node *for_stmt(Parser *p) {
  Token *t = next(p);
  Node *target = star_targets(p, FOR_TARGETS);
  if (target->kind == N_STARRED)
    late_err(p, target->span, "starred assignment target must be in a list or tuple");
  if (!at(p, T_IN)) {
    maybe_forgot_comma(p, target);
    syntax_error_at(p, peek(p));
  }
  next(p);
  Node *iter = star_expressions(p);
  header_colon(p, 0);
  Node *n = mk(p, N_FOR, t->span);
  n->u.for_.target = target;
  n->u.for_.iter = iter;
  p->loop_depth++;
  n->u.for_.body = block(p, "'for' statement", t->span.line);
  p->loop_depth--;
  n->span = body_end(t->span, n->u.for_.body);
  if (at(p, T_ELSE)) {
    Token *el = next(p);
    header_colon(p, 1);
    n->u.for_.orelse = block(p, "'else' statement", el->span.line);
    n->span = body_end(t->span, n->u.for_.orelse);
  }
  return n;
}

static Node *with_item(Parser *p) {
  Node *ctx = expression(p);
  Node *item = mk(p, N_WITHITEM, ctx->span);
  item->u.withitem.context_expr = ctx;
  if (accept(p, T_AS)) {
    Token *st = peek(p);
    Node *target;
    if (st->kind == T_STAR) {
      next(p);
      Node *v = bitwise_or(p);
      target = mk(p, N_STARRED, span_from(p, st->span));
      target->u.starred.value = v;
    } else {
      target = bitwise_or(p);
    }
    check_target(p, target, STAR_TARGETS);
    if (target->kind == N_STARRED)
      late_err(p, target->span, "starred assignment target must be in a list or tuple");
    item->u.withitem.optional_vars = target;
  }
  return item;
}

static Node *with_stmt(Parser *p) {
  Token *t = next(p);
  Vec items = {0};
  int paren_form = 0;
  if (at(p, T_LPAR)) {
    /* `with (a as b, c):` - parenthesised items when the ')' is followed by ':' */
    int depth = 0, k = 0;
    for (;; k++) {
      int kind = peekn(p, k)->kind;
      if (kind == T_LPAR || kind == T_LSQB || kind == T_LBRACE) depth++;
      else if (kind == T_RPAR || kind == T_RSQB || kind == T_RBRACE) {
        if (--depth == 0) break;
      } else if (kind == T_ENDMARKER || kind == T_NEWLINE) {
        k = -1;
        break;
      }
    }
    if (k > 0 && peekn(p, k + 1)->kind == T_COLON) paren_form = 1;
  }
  if (paren_form) {
    next(p);
    for (;;) {
      vpush(p, &items, with_item(p));
      if (!accept(p, T_COMMA)) break;
      if (at(p, T_RPAR)) break;
    }
    expect(p, T_RPAR);
  } else {
    do vpush(p, &items, with_item(p));
    while (accept(p, T_COMMA));
  }
  header_colon(p, 0);
  Node *n = mk(p, N_WITH, t->span);
  n->u.with.items = vlist(&items);
  n->u.with.body = block(p, "'with' statement", t->span.line);
  n->span = body_end(t->span, n->u.with.body);
  return n;
}

static Node *try_stmt(Parser *p) {
  Token *t = next(p);
  header_colon(p, 1);
  Node *n = mk(p, N_TRY, t->span);
  n->u.try_.body = block(p, "'try' statement", t->span.line);
  Vec handlers = {0};
  Span end = body_end(t->span, n->u.try_.body);
  while (at(p, T_EXCEPT)) {
    Token *ex = next(p);
    if (at(p, T_STAR)) raise_err(p, PE_SYNTAX, peek(p)->span, 0, "'except*' is not supported");
    Node *h = mk(p, N_EXCEPTHANDLER, ex->span);
    if (!at(p, T_COLON)) {
      Node *type = expression(p);
      if (at(p, T_COMMA)) {
        Token *c = peek(p);
        raise_err(p, PE_SYNTAX, span2(type->span, c->span), 0,
                  "multiple exception types must be parenthesized");
      }
      h->u.excepthandler.type = type;
      if (accept(p, T_AS)) h->u.excepthandler.name = tok_str(p, expect(p, T_NAME));
    }
    header_colon(p, 0);
    if (handlers.len && !handlers.items[handlers.len - 1]->u.excepthandler.type)
      late_err(p, handlers.items[handlers.len - 1]->span, "default 'except:' must be last");
    h->u.excepthandler.body = block(p, "'except' statement", ex->span.line);
    h->span = body_end(ex->span, h->u.excepthandler.body);
    end = h->span;
    vpush(p, &handlers, h);
  }
  n->u.try_.handlers = vlist(&handlers);
  if (handlers.len && at(p, T_ELSE)) {
    Token *el = next(p);
    header_colon(p, 1);
    n->u.try_.orelse = block(p, "'else' statement", el->span.line);
    end = body_end(t->span, n->u.try_.orelse);
  }
  if (at(p, T_FINALLY)) {
    Token *fi = next(p);
    header_colon(p, 1);
    n->u.try_.finalbody = block(p, "'finally' statement", fi->span.line);
    end = body_end(t->span, n->u.try_.finalbody);
  } else if (!handlers.len) {
    Token *nt = peek(p);
    int eof = at_eof_after_dedents(p);
    raise_err(p, PE_SYNTAX, nt->span, eof, "expected 'except' or 'finally' block");
  }
  n->span = span2(t->span, end);
  return n;
}

static Node *funcdef(Parser *p, NodeList decorators) {
  Token *t = next(p);
  Token *name = expect(p, T_NAME);
  expect_forced(p, T_LPAR);
  Arguments *args = parameters(p, 0, T_RPAR);
  expect(p, T_RPAR);
  Node *returns = NULL;
  if (accept(p, T_RARROW)) returns = expression(p);
  header_colon(p, 1);
  Node *n = mk(p, N_FUNCDEF, t->span);
  n->u.funcdef.name = tok_str(p, name);
  n->u.funcdef.args = args;
  n->u.funcdef.returns = returns;
  n->u.funcdef.decorators = decorators;
  int saved_loop = p->loop_depth;
  p->loop_depth = 0;
  p->func_depth++;
  n->u.funcdef.body = block(p, "function definition", t->span.line);
  p->func_depth--;
  p->loop_depth = saved_loop;
  n->span = body_end(t->span, n->u.funcdef.body);
  return n;
}

static Node *classdef(Parser *p, NodeList decorators) {
  Token *t = next(p);
  Token *name = expect(p, T_NAME);
  Node *n = mk(p, N_CLASSDEF, t->span);
  n->u.classdef.name = tok_str(p, name);
  n->u.classdef.decorators = decorators;
  if (at(p, T_LPAR)) {
    /* reuse the call-argument parser: same grammar, same errors */
    Node *fake = mk(p, N_NAME, name->span);
    Node *call = call_args(p, fake, name->span);
    n->u.classdef.bases = call->u.call.args;
    n->u.classdef.keywords = call->u.call.keywords;
    for (int i = 0; i < call->u.call.args.len; i++)
      if (call->u.call.args.items[i]->kind == N_GENERATOREXP)
        raise_err(p, PE_SYNTAX, call->u.call.args.items[i]->span, 0, "invalid syntax");
  }
  header_colon(p, 0);
  int saved_loop = p->loop_depth, saved_func = p->func_depth;
  p->loop_depth = 0;
  p->func_depth = 0;
  p->class_depth++;
  n->u.classdef.body = block(p, "class definition", t->span.line);
  p->class_depth--;
  p->loop_depth = saved_loop;
  p->func_depth = saved_func;
  n->span = body_end(t->span, n->u.classdef.body);
  return n;
}

static Node *decorated(Parser *p) {
  Vec decs = {0};
  while (at(p, T_AT)) {
    next(p);
    vpush(p, &decs, named_expression(p));
    if (!at(p, T_NEWLINE)) syntax_error_at(p, peek(p));
    next(p);
  }
  if (at(p, T_DEF)) return funcdef(p, vlist(&decs));
  if (at(p, T_CLASS)) return classdef(p, vlist(&decs));
  Token *t = peek(p);
  if (at_eof_after_dedents(p)) raise_err(p, PE_SYNTAX, t->span, 1, "invalid syntax");
  if (t->kind == T_ASYNC) raise_err(p, PE_SYNTAX, t->span, 0, "'async' is not supported");
  syntax_error_at(p, t);
}

/* ---------------------------------------------------------------- match statement (PEP 634) */

static int tok_is(Parser *p, Token *t, const char *word) {
  size_t n = strlen(word);
  return t->kind == T_NAME && (size_t)(t->end - t->start) == n && memcmp(p->src + t->start, word, n) == 0;
}

/* `match` is a soft keyword: the line is a match statement when it reads `match <subject>:`
 * with the ':' (at bracket depth 0) ending the line, which no other statement allows. */
static int at_match_stmt(Parser *p) {
  if (!tok_is(p, peek(p), "match")) return 0;
  int k1 = peekn(p, 1)->kind;
  if (k1 == T_COLON || k1 == T_EQUAL || k1 == T_NEWLINE || k1 == T_DOT || k1 == T_COMMA ||
      k1 == T_SEMI || k1 == T_ENDMARKER || k1 == T_RPAR || k1 == T_RSQB || k1 == T_RBRACE)
    return 0;
  int depth = 0;
  for (int k = 1;; k++) {
    int kind = peekn(p, k)->kind;
    if (kind == T_LPAR || kind == T_LSQB || kind == T_LBRACE) depth++;
    else if (kind == T_RPAR || kind == T_RSQB || kind == T_RBRACE) {
      if (--depth < 0) return 0;
    } else if (kind == T_NEWLINE || kind == T_ENDMARKER || kind == T_SEMI || kind == T_INDENT ||
               kind == T_DEDENT) return 0;
    else if (kind == T_LAMBDA && depth == 0) return 0;
    else if (kind == T_COLON && depth == 0) return peekn(p, k + 1)->kind == T_NEWLINE;
  }
}

static Node *pattern(Parser *p);
static Node *closed_pattern(Parser *p);

static Node *capture_name(Parser *p, Token *t) { return mk_name(p, t, CTX_STORE); }

/* signed_number, optionally `+ imag` / `- imag` (a complex literal) */
static Node *signed_number(Parser *p) {
  Token *t = peek(p);
  Node *num;
  if (t->kind == T_MINUS) {
    next(p);
    Token *nt = peek(p);
    if (nt->kind != T_NUMBER) syntax_error_at(p, nt);
    next(p);
    num = mk(p, N_UNARYOP, span_from(p, t->span));
    num->u.unaryop.op = UOP_USUB;
    num->u.unaryop.operand = number(p, nt);
  } else {
    next(p);
    num = number(p, t);
  }
  if (at(p, T_PLUS) || at(p, T_MINUS)) {
    Token *op = next(p);
    Token *it = peek(p);
    if (it->kind != T_NUMBER) syntax_error_at(p, it);
    next(p);
    Node *im = number(p, it);
    Node *real = num->kind == N_UNARYOP ? num->u.unaryop.operand : num;
    if (real->u.constant.kind == K_COMPLEX_IMAG)
      raise_err(p, PE_SYNTAX, num->span, 0, "real number required in complex literal");
    if (im->u.constant.kind != K_COMPLEX_IMAG)
      raise_err(p, PE_SYNTAX, im->span, 0, "imaginary number required in complex literal");
    Node *b = mk(p, N_BINOP, span_from(p, t->span));
    b->u.binop.left = num;
    b->u.binop.op = op->kind == T_PLUS ? OP_ADD : OP_SUB;
    b->u.binop.right = im;
    num = b;
  }
  return num;
}

/* a literal usable as a value pattern or a mapping key; NULL if the token starts none */
static Node *literal_expr(Parser *p, int *singleton) {
  Token *t = peek(p);
  *singleton = 0;
  switch (t->kind) {
    case T_NUMBER: case T_MINUS: return signed_number(p);
    case T_STRING: {
      Node *s = strings(p);
      if (s->kind != N_CONSTANT)
        raise_err(p, PE_SYNTAX, s->span, 0, "patterns may only match literals and attribute lookups");
      return s;
    }
    case T_NONE: next(p); *singleton = 1; return mk_const(p, t, K_NONE);
    case T_TRUE: next(p); *singleton = 1; return mk_const(p, t, K_TRUE);
    case T_FALSE: next(p); *singleton = 1; return mk_const(p, t, K_FALSE);
  }
  return NULL;
}

/* NAME ('.' NAME)* as a load expression */
static Node *name_or_attr(Parser *p) {
  Token *t = expect(p, T_NAME);
  Node *e = mk_name(p, t, CTX_LOAD);
  while (at(p, T_DOT)) {
    next(p);
    Token *a = expect(p, T_NAME);
    Node *n = mk(p, N_ATTRIBUTE, span_from(p, t->span));
    n->u.attribute.value = e;
    n->u.attribute.attr = tok_str(p, a);
    n->u.attribute.ctx = CTX_LOAD;
    e = n;
  }
  return e;
}

static Node *star_pattern(Parser *p) {
  Token *st = next(p);
  Token *t = expect(p, T_NAME);
  Node *n = mk(p, N_MATCHSTAR, span_from(p, st->span));
  if (!tok_is(p, t, "_")) n->u.matchas.name = capture_name(p, t);
  return n;
}

static Node *maybe_star_pattern(Parser *p) {
  if (at(p, T_STAR)) return star_pattern(p);
  return pattern(p);
}

/* the items of a [...] or (...) sequence pattern up to `close` */
static void sequence_items(Parser *p, Vec *v, int close) {
  while (!at(p, close)) {
    vpush(p, v, maybe_star_pattern(p));
    if (!accept(p, T_COMMA)) break;
  }
  expect(p, close);
}

static Node *class_pattern(Parser *p, Node *cls, Span start) {
  next(p);   /* ( */
  Vec pos = {0}, kw = {0};
  while (!at(p, T_RPAR)) {
    if (at(p, T_NAME) && peekn(p, 1)->kind == T_EQUAL) {
      Token *k = next(p);
      next(p);
      Node *kn = mk(p, N_KEYWORD, k->span);
      kn->u.keyword.arg = tok_str(p, k);
      kn->u.keyword.value = pattern(p);
      kn->span = span_from(p, k->span);
      vpush(p, &kw, kn);
    } else {
      Node *pat = pattern(p);
      if (kw.len) raise_err(p, PE_SYNTAX, pat->span, 0, "positional patterns follow keyword patterns");
      vpush(p, &pos, pat);
    }
    if (!accept(p, T_COMMA)) break;
  }
  expect(p, T_RPAR);
  Node *n = mk(p, N_MATCHCLASS, span_from(p, start));
  n->u.matchclass.cls = cls;
  n->u.matchclass.patterns = vlist(&pos);
  n->u.matchclass.kwds = vlist(&kw);
  return n;
}

static Node *mapping_pattern(Parser *p) {
  Token *open = next(p);
  Vec keys = {0}, pats = {0};
  Node *rest = NULL;
  while (!at(p, T_RBRACE)) {
    if (at(p, T_DOUBLESTAR)) {
      next(p);
      Token *t = expect(p, T_NAME);
      if (tok_is(p, t, "_")) syntax_error_at(p, t);
      rest = capture_name(p, t);
      accept(p, T_COMMA);
      if (!at(p, T_RBRACE)) syntax_error_at(p, peek(p));
      break;
    }
    int single;
    Node *key = literal_expr(p, &single);
    if (!key) {
      Token *t = peek(p);
      if (t->kind == T_NAME && peekn(p, 1)->kind != T_DOT) {
        next(p);
        syntax_error_at(p, peek(p));
      }
      if (t->kind != T_NAME) syntax_error_at(p, t);
      key = name_or_attr(p);
    }
    expect(p, T_COLON);
    vpush(p, &keys, key);
    vpush(p, &pats, pattern(p));
    if (!accept(p, T_COMMA)) break;
  }
  expect(p, T_RBRACE);
  Node *n = mk(p, N_MATCHMAPPING, span_from(p, open->span));
  n->u.matchmap.keys = vlist(&keys);
  n->u.matchmap.patterns = vlist(&pats);
  n->u.matchmap.rest = rest;
  return n;
}

static Node *closed_pattern(Parser *p) {
  Token *t = peek(p);
  int single;
  Node *lit = literal_expr(p, &single);
  if (lit) {
    Node *n = mk(p, single ? N_MATCHSINGLETON : N_MATCHVALUE, lit->span);
    n->u.matchvalue.value = lit;
    return n;
  }
  switch (t->kind) {
    case T_NAME: {
      if (peekn(p, 1)->kind != T_DOT && peekn(p, 1)->kind != T_LPAR) {
        next(p);
        Node *n = mk(p, N_MATCHAS, t->span);
        if (!tok_is(p, t, "_")) n->u.matchas.name = capture_name(p, t);
        return n;
      }
      Node *e = name_or_attr(p);
      if (at(p, T_LPAR)) return class_pattern(p, e, t->span);
      Node *n = mk(p, N_MATCHVALUE, e->span);
      n->u.matchvalue.value = e;
      return n;
    }
    case T_LPAR: {
      next(p);
      enter(p, t);
      Vec v = {0};
      if (at(p, T_RPAR)) {
        next(p);
      } else {
        Node *first = maybe_star_pattern(p);
        if (at(p, T_RPAR) && first->kind != N_MATCHSTAR) {
          next(p);
          leave(p);
          return first;   /* a group */
        }
        vpush(p, &v, first);
        expect(p, T_COMMA);
        sequence_items(p, &v, T_RPAR);
      }
      leave(p);
      Node *n = mk(p, N_MATCHSEQUENCE, span_from(p, t->span));
      n->u.matchseq.patterns = vlist(&v);
      return n;
    }
    case T_LSQB: {
      next(p);
      enter(p, t);
      Vec v = {0};
      sequence_items(p, &v, T_RSQB);
      leave(p);
      Node *n = mk(p, N_MATCHSEQUENCE, span_from(p, t->span));
      n->u.matchseq.patterns = vlist(&v);
      return n;
    }
    case T_LBRACE: {
      enter(p, t);
      Node *n = mapping_pattern(p);
      leave(p);
      return n;
    }
  }
  syntax_error_at(p, t);
}

static Node *or_pattern(Parser *p) {
  Span start = peek(p)->span;
  Node *first = closed_pattern(p);
  if (!at(p, T_VBAR)) return first;
  Vec v = {0};
  vpush(p, &v, first);
  while (accept(p, T_VBAR)) vpush(p, &v, closed_pattern(p));
  Node *n = mk(p, N_MATCHOR, span_from(p, start));
  n->u.matchseq.patterns = vlist(&v);
  return n;
}

static Node *pattern(Parser *p) {
  Span start = peek(p)->span;
  Node *o = or_pattern(p);
  if (!at(p, T_AS)) return o;
  next(p);
  Token *t = peek(p);
  if (t->kind != T_NAME) syntax_error_at(p, t);
  next(p);
  if (tok_is(p, t, "_")) raise_err(p, PE_SYNTAX, t->span, 0, "cannot use '_' as a target");
  Node *n = mk(p, N_MATCHAS, span_from(p, start));
  n->u.matchas.pattern = o;
  n->u.matchas.name = capture_name(p, t);
  return n;
}

/* patterns: an open sequence `a, *b` or a single pattern */
static Node *patterns(Parser *p) {
  Span start = peek(p)->span;
  Node *first = maybe_star_pattern(p);
  if (!at(p, T_COMMA)) {
    if (first->kind == N_MATCHSTAR) syntax_error_at(p, peek(p));
    return first;
  }
  Vec v = {0};
  vpush(p, &v, first);
  while (accept(p, T_COMMA)) {
    if (at(p, T_COLON) || at(p, T_IF)) break;
    vpush(p, &v, maybe_star_pattern(p));
  }
  Node *n = mk(p, N_MATCHSEQUENCE, span_from(p, start));
  n->u.matchseq.patterns = vlist(&v);
  return n;
}

/* ---- the compiler's checks on patterns (CPython raises them after parsing) ---- */

typedef struct Bound { Vec names; } Bound;

static void bind_capture(Parser *p, Bound *b, Node *name) {
  if (!name) return;
  for (int i = 0; i < b->names.len; i++) {
    Str a = b->names.items[i]->u.name.id, c = name->u.name.id;
    if (a.len == c.len && memcmp(a.s, c.s, a.len) == 0) {
      late_err(p, name->span, "multiple assignments to name '%s' in pattern", c.s);
      return;
    }
  }
  vpush(p, &b->names, name);
}

static int same_name_set(Vec *a, Vec *b) {
  if (a->len != b->len) return 0;
  for (int i = 0; i < a->len; i++) {
    int found = 0;
    for (int j = 0; j < b->len && !found; j++) {
      Str x = a->items[i]->u.name.id, y = b->items[j]->u.name.id;
      found = x.len == y.len && memcmp(x.s, y.s, x.len) == 0;
    }
    if (!found) return 0;
  }
  return 1;
}

/* two constant keys that compare equal (numbers across int/float/bool, strings, bytes) */
static int const_num(Node *k, double *out) {
  int neg = 0;
  if (k->kind == N_UNARYOP && k->u.unaryop.operand->kind == N_CONSTANT) { neg = 1; k = k->u.unaryop.operand; }
  if (k->kind != N_CONSTANT) return 0;
  switch (k->u.constant.kind) {
    case K_INT: *out = (double)k->u.constant.i; break;
    case K_FLOAT: *out = k->u.constant.f; break;
    case K_TRUE: *out = 1; break;
    case K_FALSE: *out = 0; break;
    default: return 0;
  }
  if (neg) *out = -*out;
  return 1;
}

static int same_key(Node *a, Node *b) {
  double x, y;
  if (const_num(a, &x) && const_num(b, &y)) return x == y;
  if (a->kind != N_CONSTANT || b->kind != N_CONSTANT) return 0;
  ConstKind ka = a->u.constant.kind, kb = b->u.constant.kind;
  if (ka != kb) return 0;
  if (ka == K_NONE) return 1;
  if (ka == K_STR || ka == K_BYTES)
    return a->u.constant.s.len == b->u.constant.s.len &&
           memcmp(a->u.constant.s.s, b->u.constant.s.s, a->u.constant.s.len) == 0;
  return 0;
}

static void key_text(Parser *p, Node *k, char *buf, size_t n) {
  Span s = k->span;
  if (k->kind == N_CONSTANT && k->u.constant.kind == K_STR && !memchr(k->u.constant.s.s, '\'', k->u.constant.s.len)) {
    snprintf(buf, n, "'%s'", k->u.constant.s.s);
    return;
  }
  if (k->kind == N_CONSTANT && k->u.constant.kind == K_INT) { snprintf(buf, n, "%lld", (long long)k->u.constant.i); return; }
  (void)p;
  (void)s;
  snprintf(buf, n, "%s", k->kind == N_CONSTANT && k->u.constant.kind == K_NONE ? "None" :
           k->kind == N_CONSTANT && k->u.constant.kind == K_TRUE ? "True" :
           k->kind == N_CONSTANT && k->u.constant.kind == K_FALSE ? "False" : "...");
}

/* the pattern CPython's compiler visits last in pat: where it reports an OR-pattern's names */
static Node *last_visited(Node *pat) {
  for (;;) {
    NodeList *l = NULL;
    switch (pat->kind) {
      case N_MATCHSEQUENCE: case N_MATCHOR: l = &pat->u.matchseq.patterns; break;
      case N_MATCHMAPPING: l = &pat->u.matchmap.patterns; break;
      case N_MATCHCLASS:
        if (pat->u.matchclass.kwds.len) {
          NodeList *k = &pat->u.matchclass.kwds;
          pat = k->items[k->len - 1]->u.keyword.value;
          continue;
        }
        l = &pat->u.matchclass.patterns;
        break;
      case N_MATCHAS:
        if (!pat->u.matchas.pattern) return pat;
        pat = pat->u.matchas.pattern;
        continue;
      default: return pat;
    }
    if (!l->len) return pat;
    pat = l->items[l->len - 1];
  }
}

static void check_pattern(Parser *p, Node *pat, Bound *b, int allow_irrefutable) {
  switch (pat->kind) {
    case N_MATCHAS:
      if (!pat->u.matchas.pattern) {
        if (!allow_irrefutable) {
          if (pat->u.matchas.name)
            late_err(p, pat->span, "name capture '%s' makes remaining patterns unreachable",
                     pat->u.matchas.name->u.name.id.s);
          else
            late_err(p, pat->span, "wildcard makes remaining patterns unreachable");
        }
      } else {
        check_pattern(p, pat->u.matchas.pattern, b, allow_irrefutable);
      }
      bind_capture(p, b, pat->u.matchas.name);
      break;
    case N_MATCHSTAR: bind_capture(p, b, pat->u.matchas.name); break;
    case N_MATCHSEQUENCE: {
      int stars = 0;
      for (int i = 0; i < pat->u.matchseq.patterns.len; i++)
        stars += pat->u.matchseq.patterns.items[i]->kind == N_MATCHSTAR;
      if (stars > 1) late_err(p, pat->span, "multiple starred names in sequence pattern");
      for (int i = 0; i < pat->u.matchseq.patterns.len; i++)
        check_pattern(p, pat->u.matchseq.patterns.items[i], b, 1);
      break;
    }
    case N_MATCHMAPPING: {
      NodeList *ks = &pat->u.matchmap.keys;
      for (int i = 0; i < ks->len; i++)
        for (int j = 0; j < i; j++)
          if (same_key(ks->items[i], ks->items[j])) {
            char kt[120];
            key_text(p, ks->items[i], kt, sizeof kt);
            late_err(p, pat->span, "mapping pattern checks duplicate key (%s)", kt);
          }
      for (int i = 0; i < pat->u.matchmap.patterns.len; i++)
        check_pattern(p, pat->u.matchmap.patterns.items[i], b, 1);
      bind_capture(p, b, pat->u.matchmap.rest);
      break;
    }
    case N_MATCHCLASS: {
      for (int i = 0; i < pat->u.matchclass.patterns.len; i++)
        check_pattern(p, pat->u.matchclass.patterns.items[i], b, 1);
      NodeList *kw = &pat->u.matchclass.kwds;
      for (int i = 0; i < kw->len; i++) {
        for (int j = 0; j < i; j++) {
          Str x = kw->items[i]->u.keyword.arg, y = kw->items[j]->u.keyword.arg;
          if (x.len == y.len && memcmp(x.s, y.s, x.len) == 0)
            late_err(p, kw->items[i]->u.keyword.value->span,
                     "attribute name repeated in class pattern: %s", x.s);
        }
        check_pattern(p, kw->items[i]->u.keyword.value, b, 1);
      }
      break;
    }
    case N_MATCHOR: {
      NodeList *alts = &pat->u.matchseq.patterns;
      Bound first = {0};
      for (int i = 0; i < alts->len; i++) {
        Bound here = {0};
        check_pattern(p, alts->items[i], &here, allow_irrefutable && i == alts->len - 1);
        if (i == 0) first = here;
        else if (!same_name_set(&first.names, &here.names))
          late_err(p, last_visited(alts->items[i])->span, "alternative patterns bind different names");
      }
      for (int i = 0; i < first.names.len; i++) bind_capture(p, b, first.names.items[i]);
      break;
    }
    default: break;
  }
}

static Node *match_stmt(Parser *p) {
  Token *t = next(p);
  Span s0 = peek(p)->span;
  Node *subject = star_named_expression(p);
  if (at(p, T_COMMA)) {
    Vec elts = {0};
    vpush(p, &elts, subject);
    while (accept(p, T_COMMA) && !at(p, T_COLON)) vpush(p, &elts, star_named_expression(p));
    subject = mk(p, N_TUPLE, span_from(p, s0));
    subject->u.seq.elts = vlist(&elts);
    subject->u.seq.ctx = CTX_LOAD;
  } else if (subject->kind == N_STARRED) {
    syntax_error_at(p, peek(p));
  }
  header_colon(p, 0);
  expect(p, T_NEWLINE);
  if (!at(p, T_INDENT)) {
    int eof = at_eof_after_dedents(p);
    raise_err(p, PE_INDENTATION, peek(p)->span, eof,
              "expected an indented block after 'match' statement on line %d", t->span.line);
  }
  next(p);
  Vec cases = {0};
  while (tok_is(p, peek(p), "case")) {
    Token *ct = next(p);
    Node *c = mk(p, N_MATCHCASE, ct->span);
    c->u.matchcase.pattern = patterns(p);
    if (accept(p, T_IF)) c->u.matchcase.guard = named_expression(p);
    header_colon(p, 0);
    c->u.matchcase.body = block(p, "'case' statement", ct->span.line);
    c->span = body_end(ct->span, c->u.matchcase.body);
    vpush(p, &cases, c);
  }
  if (!cases.len) syntax_error_at(p, peek(p));
  if (!at(p, T_DEDENT) && !at(p, T_ENDMARKER)) syntax_error_at(p, peek(p));
  accept(p, T_DEDENT);
  for (int i = 0; i < cases.len; i++) {
    Bound b = {0};
    Node *c = cases.items[i];
    check_pattern(p, c->u.matchcase.pattern, &b, c->u.matchcase.guard || i == cases.len - 1);
  }
  Node *n = mk(p, N_MATCH, t->span);
  n->u.match.subject = subject;
  n->u.match.cases = vlist(&cases);
  n->span = span2(t->span, cases.items[cases.len - 1]->span);
  return n;
}

static void statement(Parser *p, Vec *out) {
  Token *t = peek(p);
  NodeList none = {0};
  enter(p, t);
  switch (t->kind) {
    case T_DEF: vpush(p, out, funcdef(p, none)); break;
    case T_CLASS: vpush(p, out, classdef(p, none)); break;
    case T_AT: vpush(p, out, decorated(p)); break;
    case T_IF: vpush(p, out, if_stmt(p, "'if' statement")); break;
    case T_WHILE: vpush(p, out, while_stmt(p)); break;
    case T_FOR: vpush(p, out, for_stmt(p)); break;
    case T_WITH: vpush(p, out, with_stmt(p)); break;
    case T_TRY: vpush(p, out, try_stmt(p)); break;
    case T_NAME:
      if (at_match_stmt(p)) vpush(p, out, match_stmt(p));
      else simple_stmts(p, out);
      break;
    case T_ASYNC: raise_err(p, PE_SYNTAX, t->span, 0, "'async' is not supported");
    case T_INDENT: syntax_error_at(p, t);
    case T_ELSE: case T_ELIF: case T_EXCEPT: case T_FINALLY: case T_DEDENT:
      syntax_error_at(p, t);
    default:
      simple_stmts(p, out);
      break;
  }
  leave(p);
}

/* ---------------------------------------------------------------- entry */

/* After a parser error, CPython tokenizes the rest of the source: a tokenizer error found
 * there replaces the parser's message (an unclosed bracket only when it opened earlier). */
static void check_rest(Parser *p) {
  ParseError saved = *p->err;
  int furthest = p->ntok ? tokat(p, p->ntok - 1)->span.line : saved.span.line;
  Lexer *lx = &p->lx;
  for (int guard = 0; guard < 100000000; guard++) {
    Token t;
    if (lx->done && p->ntok && tokat(p, p->ntok - 1)->kind == T_ENDMARKER) return;
    if (lex_next(lx, &t) < 0) {
      ParseError found = *p->err;
      /* CPython's tokenizer reports indentation and continuation problems through the parser,
       * so only its own syntax errors replace the parser's */
      if (found.kind != PE_SYNTAX || strncmp(found.msg, "unexpected EOF", 14) == 0 ||
          strncmp(found.msg, "unexpected character after line", 31) == 0) {
        *p->err = saved;
        return;
      }
      if (strstr(found.msg, "was never closed")) {
        if (furthest > found.span.line) return;  /* keep found */
        *p->err = saved;
        return;
      }
      return;
    }
    if (t.kind == T_ENDMARKER) return;
  }
}

Node *parse_module(Arena *a, const char *src, size_t len, const char *filename, ParseError *err) {
  (void)filename;
  memset(err, 0, sizeof *err);
  if (lex_check_source(src, len, err) < 0) return NULL;
  if (len > 0x7fffffff) {
    lex_error_at(err, PE_SYNTAX, 1, 0, 1, 0, "source code too long");
    return NULL;
  }
  Parser *p = calloc(1, sizeof *p);
  if (!p) {
    lex_error_at(err, PE_SYNTAX, 1, 0, 1, 0, "out of memory");
    return NULL;
  }
  jmp_buf jb;
  p->a = a;
  p->src = src;
  p->len = len;
  p->err = err;
  p->jb = &jb;
  p->root = p;
  lex_init(&p->lx, src, 0, len, 1, 0, 0, err);
  Node *mod = NULL;
  if (setjmp(jb) == 0) {
    Vec body = {0};
    int semi = 0;
    while (!at(p, T_ENDMARKER)) {
      int before = body.len;
      Token *t = peek(p);
      int simple = !(t->kind == T_DEF || t->kind == T_CLASS || t->kind == T_AT ||
                     t->kind == T_IF || t->kind == T_WHILE || t->kind == T_FOR ||
                     t->kind == T_WITH || t->kind == T_TRY || at_match_stmt(p));
      if (simple && t->kind != T_INDENT && t->kind != T_DEDENT && t->kind != T_ASYNC &&
          t->kind != T_ELSE && t->kind != T_ELIF && t->kind != T_EXCEPT && t->kind != T_FINALLY) {
        semi = simple_stmts(p, &body);
      } else {
        statement(p, &body);
        semi = 0;
      }
      (void)before;
    }
    if (p->late_set) {
      *err = p->late;
    } else {
      mod = mk(p, N_MODULE, (Span){1, 0, 1, 0});
      mod->u.module.body = vlist(&body);
      mod->u.module.last_semicolon = semi;
      if (body.len) mod->span = span2(body.items[0]->span, body.items[body.len - 1]->span);
    }
  } else {
    mod = NULL;
    if (!p->lexer_failed) check_rest(p);
  }
  for (int i = 0; i < p->nblocks; i++) free(p->blocks[i]);
  free(p->blocks);
  free(p);
  return mod;
}
