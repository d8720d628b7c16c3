/* unparse.c - an expression tree back to source text, with the precedence, parentheses and
 * quoting of CPython 3.11's Python/ast_unparse.c (the text `from __future__ import annotations` stores). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"
#include "fmt.h"

/* CPython's precedence levels (Python/ast_unparse.c); a node needs parentheses when the level
 * its context asks for is above its own */
enum { PR_TUPLE, PR_TEST, PR_OR, PR_AND, PR_NOT, PR_CMP, PR_EXPR, PR_BOR = PR_EXPR, PR_BXOR,
       PR_BAND, PR_SHIFT, PR_ARITH, PR_TERM, PR_FACTOR, PR_POWER, PR_AWAIT, PR_ATOM };

typedef struct UBuf { char *s; size_t len, cap; int failed; int depth; } UBuf;

static void put(UBuf *b, const char *s, size_t n) {
  if (b->failed) return;
  if (b->len + n + 1 > b->cap) {
    size_t nc = b->cap ? b->cap : 64;
    while (nc < b->len + n + 1) nc *= 2;
    char *ns = obj_realloc(b->s, nc);
    if (!ns) { b->failed = 1; return; }
    b->s = ns;
    b->cap = nc;
  }
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = 0;
}
static void puts_(UBuf *b, const char *s) { put(b, s, strlen(s)); }
static void put_str(UBuf *b, Str s) { put(b, s.s, s.len); }

/* repr() of a str, bytes or big int through the object model (CPython's quoting and escapes) */
static void put_repr(UBuf *b, Value v) {
  if (VAL_IS_NULL(v)) { b->failed = 1; return; }
  Value r = op_repr(v);
  val_decref(v);
  if (VAL_IS_NULL(r)) { b->failed = 1; return; }
  put(b, str_cstr(r), STR(r.u.o)->len);
  val_decref(r);
}

/* repr(float) with "inf" spelled 1e309, as CPython writes an overflowing literal */
static void put_float(UBuf *b, double f, int imag) {
  char buf[64];
  int n = fmt_float_repr(f, buf, sizeof buf);
  if (n < 0) { b->failed = 1; return; }
  if (strcmp(buf, "inf") == 0) { puts_(b, "1e309"); n = 0; }
  else if (imag && n > 2 && strcmp(buf + n - 2, ".0") == 0) n -= 2;  /* complex repr: 1j */
  put(b, buf, (size_t)n);
  if (imag) puts_(b, "j");
}

static void expr(UBuf *b, Node *e, int level);

static void open_if(UBuf *b, int cond) { if (cond) puts_(b, "("); }
static void close_if(UBuf *b, int cond) { if (cond) puts_(b, ")"); }

static void elts(UBuf *b, NodeList *l) {
  for (int i = 0; i < l->len; i++) {
    if (i) puts_(b, ", ");
    expr(b, l->items[i], PR_TEST);
  }
}

static void arg(UBuf *b, Node *a) {
  put_str(b, a->u.arg.arg);
  if (a->u.arg.annotation) {
    puts_(b, ": ");
    expr(b, a->u.arg.annotation, PR_TEST);
  }
}

static void arguments(UBuf *b, Arguments *a) {
  int first = 1;
  int npos = a->posonlyargs.len, nargs = a->args.len, ndef = a->defaults.len;
  for (int i = 0; i < npos + nargs; i++) {
    if (!first) puts_(b, ", ");
    first = 0;
    arg(b, i < npos ? a->posonlyargs.items[i] : a->args.items[i - npos]);
    int di = i - npos - nargs + ndef;
    if (di >= 0) {
      puts_(b, "=");
      expr(b, a->defaults.items[di], PR_TEST);
    }
    if (npos && i + 1 == npos) puts_(b, ", /");
  }
  if (a->vararg || a->kwonlyargs.len) {
    if (!first) puts_(b, ", ");
    first = 0;
    puts_(b, "*");
    if (a->vararg) arg(b, a->vararg);
  }
  for (int i = 0; i < a->kwonlyargs.len; i++) {
    if (!first) puts_(b, ", ");
    first = 0;
    arg(b, a->kwonlyargs.items[i]);
    Node *d = i < a->kw_defaults.len ? a->kw_defaults.items[i] : NULL;
    if (d) {
      puts_(b, "=");
      expr(b, d, PR_TEST);
    }
  }
  if (a->kwarg) {
    if (!first) puts_(b, ", ");
    puts_(b, "**");
    arg(b, a->kwarg);
  }
}

static void comprehensions(UBuf *b, NodeList *gens) {
  for (int i = 0; i < gens->len; i++) {
    Node *g = gens->items[i];
    puts_(b, " for ");
    expr(b, g->u.comprehension.target, PR_TUPLE);
    puts_(b, " in ");
    expr(b, g->u.comprehension.iter, PR_TEST + 1);
    for (int k = 0; k < g->u.comprehension.ifs.len; k++) {
      puts_(b, " if ");
      expr(b, g->u.comprehension.ifs.items[k], PR_TEST + 1);
    }
  }
}

static void fstring_body(UBuf *b, Node *js);

/* the literal text of an f-string part: braces doubled */
static void fstring_text(UBuf *b, Str s) {
  size_t start = 0;
  for (size_t i = 0; i < s.len; i++) {
    if (s.s[i] == '{' || s.s[i] == '}') {
      put(b, s.s + start, i + 1 - start);
      put(b, s.s + i, 1);
      start = i + 1;
    }
  }
  put(b, s.s + start, s.len - start);
}

static void formatted_value(UBuf *b, Node *fv) {
  UBuf inner = {0};
  inner.depth = b->depth;
  expr(&inner, fv->u.formattedvalue.value, PR_TEST + 1);
  if (inner.failed) { b->failed = 1; obj_mfree(inner.s); return; }
  /* "{ {" : a value that starts with a brace must not read as an escaped brace */
  puts_(b, inner.len && inner.s[0] == '{' ? "{ " : "{");
  put(b, inner.s ? inner.s : "", inner.len);
  obj_mfree(inner.s);
  int c = fv->u.formattedvalue.conversion;
  if (c == 'a') puts_(b, "!a");
  else if (c == 'r') puts_(b, "!r");
  else if (c == 's') puts_(b, "!s");
  if (fv->u.formattedvalue.format_spec) {
    puts_(b, ":");
    Node *sp = fv->u.formattedvalue.format_spec;
    if (sp->kind == N_JOINEDSTR) fstring_body(b, sp);
    else if (sp->kind == N_CONSTANT) fstring_text(b, sp->u.constant.s);
  }
  puts_(b, "}");
}

static void fstring_body(UBuf *b, Node *js) {
  for (int i = 0; i < js->u.joinedstr.values.len; i++) {
    Node *v = js->u.joinedstr.values.items[i];
    if (v->kind == N_CONSTANT) fstring_text(b, v->u.constant.s);
    else if (v->kind == N_FORMATTEDVALUE) formatted_value(b, v);
    else if (v->kind == N_JOINEDSTR) fstring_body(b, v);
  }
}

static const char *binop_text(Operator op, int *pr) {
  switch (op) {
    case OP_ADD: *pr = PR_ARITH; return " + ";
    case OP_SUB: *pr = PR_ARITH; return " - ";
    case OP_MULT: *pr = PR_TERM; return " * ";
    case OP_MATMULT: *pr = PR_TERM; return " @ ";
    case OP_DIV: *pr = PR_TERM; return " / ";
    case OP_MOD: *pr = PR_TERM; return " % ";
    case OP_FLOORDIV: *pr = PR_TERM; return " // ";
    case OP_LSHIFT: *pr = PR_SHIFT; return " << ";
    case OP_RSHIFT: *pr = PR_SHIFT; return " >> ";
    case OP_BITOR: *pr = PR_BOR; return " | ";
    case OP_BITXOR: *pr = PR_BXOR; return " ^ ";
    case OP_BITAND: *pr = PR_BAND; return " & ";
    case OP_POW: *pr = PR_POWER; return " ** ";
  }
  *pr = PR_ATOM;
  return " ? ";
}

static const char *cmp_text(CmpOp op) {
  static const char *t[] = {" == ", " != ", " < ", " <= ", " > ", " >= ", " is ", " is not ",
                            " in ", " not in "};
  return (unsigned)op < sizeof t / sizeof t[0] ? t[op] : " ? ";
}

static void constant(UBuf *b, Node *e) {
  switch (e->u.constant.kind) {
    case K_NONE: puts_(b, "None"); break;
    case K_TRUE: puts_(b, "True"); break;
    case K_FALSE: puts_(b, "False"); break;
    case K_ELLIPSIS: puts_(b, "..."); break;
    case K_INT: {
      char buf[32];
      snprintf(buf, sizeof buf, "%lld", (long long)e->u.constant.i);
      puts_(b, buf);
      break;
    }
    case K_FLOAT: put_float(b, e->u.constant.f, 0); break;
    case K_COMPLEX_IMAG: put_float(b, e->u.constant.f, 1); break;
    case K_STR: put_repr(b, str_new(e->u.constant.s.s, e->u.constant.s.len)); break;
    case K_BYTES: put_repr(b, bytes_new(e->u.constant.s.s, e->u.constant.s.len)); break;
    case K_BIGINT:   /* decimal, whatever base the literal was written in, as CPython */
      put_repr(b, num_big_from_digits(e->u.constant.s.s, e->u.constant.s.len, (int)e->u.constant.f, 0));
      break;
  }
}

static void expr(UBuf *b, Node *e, int level) {
  if (b->failed || !e) return;
  if (++b->depth > 500) {   /* a deeply nested tree: stop before the C stack does */
    b->failed = 1;
    if (!obj_err_occurred()) obj_raise(&exc_RecursionError, "maximum recursion depth exceeded during ast unparsing");
    return;
  }
  switch (e->kind) {
    case N_NAME: put_str(b, e->u.name.id); break;
    case N_CONSTANT: constant(b, e); break;
    case N_BOOLOP: {
      int pr = e->u.boolop.op == BOP_AND ? PR_AND : PR_OR;
      open_if(b, level > pr);
      for (int i = 0; i < e->u.boolop.values.len; i++) {
        if (i) puts_(b, e->u.boolop.op == BOP_AND ? " and " : " or ");
        expr(b, e->u.boolop.values.items[i], pr + 1);
      }
      close_if(b, level > pr);
      break;
    }
    case N_BINOP: {
      int pr;
      const char *op = binop_text(e->u.binop.op, &pr);
      int rassoc = e->u.binop.op == OP_POW;
      open_if(b, level > pr);
      expr(b, e->u.binop.left, pr + rassoc);
      puts_(b, op);
      expr(b, e->u.binop.right, pr + !rassoc);
      close_if(b, level > pr);
      break;
    }
    case N_UNARYOP: {
      int pr = e->u.unaryop.op == UOP_NOT ? PR_NOT : PR_FACTOR;
      const char *op = e->u.unaryop.op == UOP_NOT ? "not " : e->u.unaryop.op == UOP_INVERT ? "~"
                       : e->u.unaryop.op == UOP_UADD ? "+" : "-";
      open_if(b, level > pr);
      puts_(b, op);
      expr(b, e->u.unaryop.operand, pr);
      close_if(b, level > pr);
      break;
    }
    case N_LAMBDA: {
      Arguments *a = e->u.lambda.args;
      open_if(b, level > PR_TEST);
      puts_(b, a && a->args.len + a->posonlyargs.len ? "lambda " : "lambda");
      if (a) arguments(b, a);
      puts_(b, ": ");
      expr(b, e->u.lambda.body, PR_TEST);
      close_if(b, level > PR_TEST);
      break;
    }
    case N_IFEXP:
      open_if(b, level > PR_TEST);
      expr(b, e->u.ifexp.body, PR_TEST + 1);
      puts_(b, " if ");
      expr(b, e->u.ifexp.test, PR_TEST + 1);
      puts_(b, " else ");
      expr(b, e->u.ifexp.orelse, PR_TEST);
      close_if(b, level > PR_TEST);
      break;
    case N_DICT:
      puts_(b, "{");
      for (int i = 0; i < e->u.dict.values.len; i++) {
        if (i) puts_(b, ", ");
        Node *k = i < e->u.dict.keys.len ? e->u.dict.keys.items[i] : NULL;
        if (k) {
          expr(b, k, PR_TEST);
          puts_(b, ": ");
          expr(b, e->u.dict.values.items[i], PR_TEST);
        } else {
          puts_(b, "**");
          expr(b, e->u.dict.values.items[i], PR_EXPR);
        }
      }
      puts_(b, "}");
      break;
    case N_SET:
      puts_(b, "{");
      elts(b, &e->u.seq.elts);
      puts_(b, "}");
      break;
    case N_LIST:
      puts_(b, "[");
      elts(b, &e->u.seq.elts);
      puts_(b, "]");
      break;
    case N_TUPLE:
      if (e->u.seq.elts.len == 0) { puts_(b, "()"); break; }
      open_if(b, level > PR_TUPLE);
      elts(b, &e->u.seq.elts);
      if (e->u.seq.elts.len == 1) puts_(b, ",");
      close_if(b, level > PR_TUPLE);
      break;
    case N_LISTCOMP: case N_SETCOMP: case N_GENERATOREXP: {
      const char *o = e->kind == N_LISTCOMP ? "[" : e->kind == N_SETCOMP ? "{" : "(";
      const char *c = e->kind == N_LISTCOMP ? "]" : e->kind == N_SETCOMP ? "}" : ")";
      puts_(b, o);
      expr(b, e->u.comp.elt, PR_TEST);
      comprehensions(b, &e->u.comp.generators);
      puts_(b, c);
      break;
    }
    case N_DICTCOMP:
      puts_(b, "{");
      expr(b, e->u.comp.elt, PR_TEST);
      puts_(b, ": ");
      expr(b, e->u.comp.value, PR_TEST);
      comprehensions(b, &e->u.comp.generators);
      puts_(b, "}");
      break;
    case N_COMPARE:
      open_if(b, level > PR_CMP);
      expr(b, e->u.compare.left, PR_CMP + 1);
      for (int i = 0; i < e->u.compare.comparators.len; i++) {
        puts_(b, cmp_text(e->u.compare.ops[i]));
        expr(b, e->u.compare.comparators.items[i], PR_CMP + 1);
      }
      close_if(b, level > PR_CMP);
      break;
    case N_CALL: {
      expr(b, e->u.call.func, PR_ATOM);
      NodeList *args = &e->u.call.args, *kws = &e->u.call.keywords;
      if (args->len == 1 && kws->len == 0 && args->items[0]->kind == N_GENERATOREXP) {
        expr(b, args->items[0], PR_TEST);   /* f(x for x in y): the genexp's own parentheses */
        break;
      }
      puts_(b, "(");
      int first = 1;
      for (int i = 0; i < args->len; i++) {
        if (!first) puts_(b, ", ");
        first = 0;
        expr(b, args->items[i], PR_TEST);
      }
      for (int i = 0; i < kws->len; i++) {
        if (!first) puts_(b, ", ");
        first = 0;
        Node *k = kws->items[i];
        if (k->u.keyword.arg.len) {
          put_str(b, k->u.keyword.arg);
          puts_(b, "=");
        } else {
          puts_(b, "**");
        }
        expr(b, k->u.keyword.value, PR_TEST);
      }
      puts_(b, ")");
      break;
    }
    case N_ATTRIBUTE: {
      Node *v = e->u.attribute.value;
      expr(b, v, PR_ATOM);
      /* `1 .real`: an int literal followed by a dot would read as a float */
      puts_(b, v->kind == N_CONSTANT && v->u.constant.kind == K_INT ? " ." : ".");
      put_str(b, e->u.attribute.attr);
      break;
    }
    case N_SUBSCRIPT:
      expr(b, e->u.subscript.value, PR_ATOM);
      puts_(b, "[");
      expr(b, e->u.subscript.slice, PR_TUPLE);
      puts_(b, "]");
      break;
    case N_SLICE:
      if (e->u.slice.lower) expr(b, e->u.slice.lower, PR_TEST);
      puts_(b, ":");
      if (e->u.slice.upper) expr(b, e->u.slice.upper, PR_TEST);
      if (e->u.slice.step) {
        puts_(b, ":");
        expr(b, e->u.slice.step, PR_TEST);
      }
      break;
    case N_STARRED:
      puts_(b, "*");
      expr(b, e->u.starred.value, PR_EXPR);
      break;
    case N_NAMEDEXPR:
      open_if(b, level > PR_TUPLE);
      expr(b, e->u.namedexpr.target, PR_ATOM);
      puts_(b, " := ");
      expr(b, e->u.namedexpr.value, PR_ATOM);
      close_if(b, level > PR_TUPLE);
      break;
    case N_YIELD:
      if (!e->u.yield.value) { puts_(b, "(yield)"); break; }
      puts_(b, "(yield ");
      expr(b, e->u.yield.value, PR_TEST);
      puts_(b, ")");
      break;
    case N_YIELDFROM:
      puts_(b, "(yield from ");
      expr(b, e->u.yield.value, PR_TEST);
      puts_(b, ")");
      break;
    case N_JOINEDSTR: {
      UBuf body = {0};
      body.depth = b->depth;
      fstring_body(&body, e);
      if (body.failed) { obj_mfree(body.s); b->failed = 1; break; }
      puts_(b, "f");
      put_repr(b, str_new(body.s ? body.s : "", body.len));
      obj_mfree(body.s);
      break;
    }
    case N_FORMATTEDVALUE: formatted_value(b, e); break;
    default:
      b->failed = 1;
      if (!obj_err_occurred()) obj_raise(&exc_SystemError, "unknown expression kind in unparse");
      break;
  }
  b->depth--;
}

Value unparse_expr(Node *e) {
  UBuf b = {0};
  expr(&b, e, PR_TEST);
  if (b.failed) {
    obj_mfree(b.s);
    return obj_err_occurred() ? val_null() : obj_raise_nomem();
  }
  Value r = str_new(b.s ? b.s : "", b.len);
  obj_mfree(b.s);
  return r;
}

/* ---- PEP 563: annotations kept as their source text ---------------------------------- */

/* `from __future__ import annotations` among the future imports that open the module */
static int has_future_annotations(Node *module) {
  NodeList *body = &module->u.module.body;
  for (int i = 0; i < body->len; i++) {
    Node *s = body->items[i];
    if (i == 0 && s->kind == N_EXPR_STMT && s->u.expr_stmt.value->kind == N_CONSTANT &&
        s->u.expr_stmt.value->u.constant.kind == K_STR)
      continue;   /* the docstring */
    if (s->kind != N_IMPORTFROM || s->u.importfrom.level != 0 ||
        s->u.importfrom.module.len != 10 || memcmp(s->u.importfrom.module.s, "__future__", 10))
      return 0;
    NodeList *names = &s->u.importfrom.names;
    for (int k = 0; k < names->len; k++) {
      Str nm = names->items[k]->u.alias.name;
      if (nm.len == 11 && memcmp(nm.s, "annotations", 11) == 0) return 1;
    }
  }
  return 0;
}

typedef struct SCtx { Arena *a; int failed; } SCtx;

/* replace *slot (an annotation) with the string constant of its text */
static void stringify(SCtx *c, Node **slot) {
  if (!*slot || c->failed) return;
  Value t = unparse_expr(*slot);
  if (VAL_IS_NULL(t)) { c->failed = 1; return; }
  size_t n = STR(t.u.o)->len;
  char *s = arena_alloc(c->a, n + 1);
  Node *k = arena_alloc(c->a, sizeof(Node));
  if (!s || !k) { val_decref(t); c->failed = 1; obj_raise_nomem(); return; }
  memcpy(s, str_cstr(t), n + 1);
  val_decref(t);
  k->kind = N_CONSTANT;
  k->span = (*slot)->span;
  k->u.constant.kind = K_STR;
  k->u.constant.s.s = s;
  k->u.constant.s.len = n;
  *slot = k;
}

static void stringify_args(SCtx *c, Arguments *a) {
  NodeList *lists[3] = {&a->posonlyargs, &a->args, &a->kwonlyargs};
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < lists[k]->len; i++) stringify(c, &lists[k]->items[i]->u.arg.annotation);
  if (a->vararg) stringify(c, &a->vararg->u.arg.annotation);
  if (a->kwarg) stringify(c, &a->kwarg->u.arg.annotation);
}

static void stringify_block(SCtx *c, NodeList *body);

static void stringify_stmt(SCtx *c, Node *s) {
  switch (s->kind) {
    case N_ANNASSIGN: stringify(c, &s->u.annassign.annotation); break;
    case N_FUNCDEF:
      stringify_args(c, s->u.funcdef.args);
      stringify(c, &s->u.funcdef.returns);
      stringify_block(c, &s->u.funcdef.body);
      break;
    case N_CLASSDEF: stringify_block(c, &s->u.classdef.body); break;
    case N_IF: case N_WHILE:
      stringify_block(c, &s->u.if_.body);
      stringify_block(c, &s->u.if_.orelse);
      break;
    case N_FOR:
      stringify_block(c, &s->u.for_.body);
      stringify_block(c, &s->u.for_.orelse);
      break;
    case N_WITH: stringify_block(c, &s->u.with.body); break;
    case N_MATCH:
      for (int i = 0; i < s->u.match.cases.len; i++)
        stringify_block(c, &s->u.match.cases.items[i]->u.matchcase.body);
      break;
    case N_TRY:
      stringify_block(c, &s->u.try_.body);
      for (int i = 0; i < s->u.try_.handlers.len; i++)
        stringify_block(c, &s->u.try_.handlers.items[i]->u.excepthandler.body);
      stringify_block(c, &s->u.try_.orelse);
      stringify_block(c, &s->u.try_.finalbody);
      break;
    default: break;
  }
}

static void stringify_block(SCtx *c, NodeList *body) {
  for (int i = 0; i < body->len && !c->failed; i++) stringify_stmt(c, body->items[i]);
}

int unparse_declares_future_annotations(Node *module) {
  return module && module->kind == N_MODULE && has_future_annotations(module);
}

int unparse_annotations_as_strings(Node *module, Arena *a) {
  if (!module || module->kind != N_MODULE) return 0;
  SCtx c = {a, 0};
  stringify_block(&c, &module->u.module.body);
  return c.failed ? -1 : 0;
}

int unparse_future_annotations(Node *module, Arena *a) {
  if (!module || module->kind != N_MODULE || !has_future_annotations(module)) return 0;
  SCtx c = {a, 0};
  stringify_block(&c, &module->u.module.body);
  return c.failed ? -1 : 0;
}
