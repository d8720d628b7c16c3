/* astdump.c - ast.dump() of CPython 3.11 for the ast.h tree, including Python's repr of str,
 * bytes, float and imaginary constants; used by the parser tests to diff against CPython. */
#include "astdump.h"

#include "lex.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Private buffer helpers (fmt.c belongs to another module; this file only needs appends). */
static void put(FBuf *b, const char *s, size_t n) {
  if (b->len + n + 1 > b->cap) {
    size_t nc = b->cap ? b->cap * 2 : 256;
    while (nc < b->len + n + 1) nc *= 2;
    char *d = realloc(b->s, nc);
    if (!d) {
      fprintf(stderr, "sable: out of memory in ast_dump\n");
      abort();
    }
    b->s = d;
    b->cap = nc;
  }
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = 0;
}
static void puts_(FBuf *b, const char *s) { put(b, s, strlen(s)); }
static void putint(FBuf *b, long long v) {
  char t[32];
  int n = snprintf(t, sizeof t, "%lld", v);
  put(b, t, (size_t)n);
}

typedef struct Dumper {
  FBuf *b;
  int attrs;
} Dumper;

static void node(Dumper *d, const Node *n);

/* ---- reprs ---- */

static int dec_utf8(const unsigned char *s, size_t n, uint32_t *cp) {
  if (n == 0) return 0;
  if (s[0] < 0x80) { *cp = s[0]; return 1; }
  int len;
  uint32_t c;
  if ((s[0] & 0xE0) == 0xC0) { len = 2; c = s[0] & 0x1F; }
  else if ((s[0] & 0xF0) == 0xE0) { len = 3; c = s[0] & 0x0F; }
  else if ((s[0] & 0xF8) == 0xF0) { len = 4; c = s[0] & 0x07; }
  else return 0;
  if ((size_t)len > n) return 0;
  for (int i = 1; i < len; i++) {
    if ((s[i] & 0xC0) != 0x80) return 0;
    c = (c << 6) | (s[i] & 0x3F);
  }
  *cp = c;
  return len;
}

static void repr_text(FBuf *b, const char *s, size_t n, int bytes) {
  int sq = memchr(s, '\'', n) != NULL, dq = memchr(s, '"', n) != NULL;
  char q = (sq && !dq) ? '"' : '\'';
  if (bytes) put(b, "b", 1);
  put(b, &q, 1);
  const unsigned char *u = (const unsigned char *)s;
  char t[16];
  for (size_t i = 0; i < n;) {
    unsigned char c = u[i];
    if (c == (unsigned char)q || c == '\\') { put(b, "\\", 1); put(b, (const char *)&c, 1); i++; continue; }
    if (c == '\n') { put(b, "\\n", 2); i++; continue; }
    if (c == '\r') { put(b, "\\r", 2); i++; continue; }
    if (c == '\t') { put(b, "\\t", 2); i++; continue; }
    if (c < 0x20 || c == 0x7F || (bytes && c >= 0x80)) {
      snprintf(t, sizeof t, "\\x%02x", c);
      puts_(b, t);
      i++;
      continue;
    }
    if (c < 0x80) { put(b, (const char *)&c, 1); i++; continue; }
    uint32_t cp;
    int k = dec_utf8(u + i, n - i, &cp);
    if (k == 0) {
      snprintf(t, sizeof t, "\\x%02x", c);
      puts_(b, t);
      i++;
      continue;
    }
    if (lex_printable(cp)) put(b, s + i, (size_t)k);
    else if (cp < 0x100) { snprintf(t, sizeof t, "\\x%02x", cp); puts_(b, t); }
    else if (cp < 0x10000) { snprintf(t, sizeof t, "\\u%04x", cp); puts_(b, t); }
    else { snprintf(t, sizeof t, "\\U%08x", cp); puts_(b, t); }
    i += (size_t)k;
  }
  put(b, &q, 1);
}

/* Python's repr(float): shortest round-trip digits, exponent form outside 1e-4 <= |x| < 1e16.
 * add_dot0: "2.0" for floats; complex parts print "2". */
static void repr_float(FBuf *b, double x, int add_dot0) {
  if (isnan(x)) { puts_(b, "nan"); return; }
  if (isinf(x)) { puts_(b, x < 0 ? "-inf" : "inf"); return; }
  char buf[64];
  int prec;
  for (prec = 1; prec <= 17; prec++) {
    snprintf(buf, sizeof buf, "%.*e", prec - 1, x);
    if (strtod(buf, NULL) == x) break;
  }
  /* buf = [-]d.ddde[+-]XX : split into digits and decimal exponent */
  char digits[32];
  int nd = 0, neg = 0;
  const char *c = buf;
  if (*c == '-') { neg = 1; c++; }
  for (; *c && *c != 'e'; c++)
    if (*c >= '0' && *c <= '9') digits[nd++] = *c;
  int exp10 = atoi(c + 1);
  while (nd > 1 && digits[nd - 1] == '0') nd--;
  digits[nd] = 0;
  int decpt = exp10 + 1; /* digits d1d2.. times 10^(decpt-nd) */
  FBuf *o = b;
  if (neg) puts_(o, "-");
  if (decpt > -4 && decpt <= 16) {
    if (decpt <= 0) {
      puts_(o, "0.");
      for (int i = 0; i < -decpt; i++) puts_(o, "0");
      put(o, digits, (size_t)nd);
    } else if (decpt >= nd) {
      put(o, digits, (size_t)nd);
      for (int i = nd; i < decpt; i++) puts_(o, "0");
      if (add_dot0) puts_(o, ".0");
    } else {
      put(o, digits, (size_t)decpt);
      puts_(o, ".");
      put(o, digits + decpt, (size_t)(nd - decpt));
    }
  } else {
    put(o, digits, 1);
    if (nd > 1) {
      puts_(o, ".");
      put(o, digits + 1, (size_t)(nd - 1));
    }
    char e[16];
    int ex = decpt - 1;
    snprintf(e, sizeof e, "e%c%02d", ex < 0 ? '-' : '+', ex < 0 ? -ex : ex);
    puts_(o, e);
  }
}

/* ---- fields ---- */

/* Fields are printed with a leading ", " except the first of each node. */
typedef struct F {
  Dumper *d;
  int first;
} F;

static void key(F *f, const char *k) {
  if (!f->first) puts_(f->d->b, ", ");
  f->first = 0;
  puts_(f->d->b, k);
  puts_(f->d->b, "=");
}

static void fnode(F *f, const char *k, const Node *n) {
  if (!n) return; /* None fields are left out, as ast.dump does */
  key(f, k);
  node(f->d, n);
}

static void flist(F *f, const char *k, NodeList l) {
  key(f, k);
  puts_(f->d->b, "[");
  for (int i = 0; i < l.len; i++) {
    if (i) puts_(f->d->b, ", ");
    if (l.items[i]) node(f->d, l.items[i]);
    else puts_(f->d->b, "None");
  }
  puts_(f->d->b, "]");
}

static void fstr(F *f, const char *k, Str s) {
  key(f, k);
  repr_text(f->d->b, s.s ? s.s : "", s.s ? s.len : 0, 0);
}

static void fstr_opt(F *f, const char *k, Str s) {
  if (!s.s || s.len == 0) return;
  fstr(f, k, s);
}

static void fraw(F *f, const char *k, const char *v) {
  key(f, k);
  puts_(f->d->b, v);
}

static void fint(F *f, const char *k, long long v) {
  key(f, k);
  putint(f->d->b, v);
}

static const char *ctx_name(ExprCtx c) {
  return c == CTX_STORE ? "Store()" : c == CTX_DEL ? "Del()" : "Load()";
}

static const char *op_name(Operator o) {
  static const char *const names[] = {"Add()", "Sub()", "Mult()", "MatMult()", "Div()",
                                      "Mod()", "Pow()", "LShift()", "RShift()", "BitOr()",
                                      "BitXor()", "BitAnd()", "FloorDiv()"};
  return (unsigned)o < 13 ? names[o] : "?";
}

static const char *cmp_name(CmpOp o) {
  static const char *const names[] = {"Eq()", "NotEq()", "Lt()", "LtE()", "Gt()",
                                      "GtE()", "Is()", "IsNot()", "In()", "NotIn()"};
  return (unsigned)o < 10 ? names[o] : "?";
}

static void arguments(Dumper *d, const Arguments *a) {
  puts_(d->b, "arguments(");
  F f = {d, 1};
  flist(&f, "posonlyargs", a->posonlyargs);
  flist(&f, "args", a->args);
  fnode(&f, "vararg", a->vararg);
  flist(&f, "kwonlyargs", a->kwonlyargs);
  flist(&f, "kw_defaults", a->kw_defaults);
  fnode(&f, "kwarg", a->kwarg);
  flist(&f, "defaults", a->defaults);
  puts_(d->b, ")");
}

static void constant_value(Dumper *d, const Node *n) {
  FBuf *b = d->b;
  switch (n->u.constant.kind) {
    case K_NONE: puts_(b, "None"); break;
    case K_TRUE: puts_(b, "True"); break;
    case K_FALSE: puts_(b, "False"); break;
    case K_ELLIPSIS: puts_(b, "Ellipsis"); break;
    case K_INT: putint(b, (long long)n->u.constant.i); break;
    case K_FLOAT: repr_float(b, n->u.constant.f, 1); break;
    case K_COMPLEX_IMAG: repr_float(b, n->u.constant.f, 0); puts_(b, "j"); break;
    case K_STR: repr_text(b, n->u.constant.s.s ? n->u.constant.s.s : "", n->u.constant.s.len, 0); break;
    case K_BYTES: repr_text(b, n->u.constant.s.s ? n->u.constant.s.s : "", n->u.constant.s.len, 1); break;
  }
}

/* CPython's class name of each node kind */
static const char *const node_names[N__COUNT] = {
    [N_MODULE] = "Module", [N_EXPR_STMT] = "Expr", [N_ASSIGN] = "Assign",
    [N_AUGASSIGN] = "AugAssign", [N_ANNASSIGN] = "AnnAssign", [N_FUNCDEF] = "FunctionDef",
    [N_CLASSDEF] = "ClassDef", [N_RETURN] = "Return", [N_DELETE] = "Delete", [N_IF] = "If",
    [N_WHILE] = "While", [N_FOR] = "For", [N_BREAK] = "Break", [N_CONTINUE] = "Continue",
    [N_PASS] = "Pass", [N_IMPORT] = "Import", [N_IMPORTFROM] = "ImportFrom", [N_TRY] = "Try",
    [N_RAISE] = "Raise", [N_ASSERT] = "Assert", [N_GLOBAL] = "Global", [N_NONLOCAL] = "Nonlocal",
    [N_WITH] = "With", [N_NAME] = "Name", [N_CONSTANT] = "Constant", [N_JOINEDSTR] = "JoinedStr",
    [N_FORMATTEDVALUE] = "FormattedValue", [N_TUPLE] = "Tuple", [N_LIST] = "List", [N_SET] = "Set",
    [N_DICT] = "Dict", [N_BINOP] = "BinOp", [N_UNARYOP] = "UnaryOp", [N_BOOLOP] = "BoolOp",
    [N_COMPARE] = "Compare", [N_CALL] = "Call", [N_ATTRIBUTE] = "Attribute",
    [N_SUBSCRIPT] = "Subscript", [N_SLICE] = "Slice", [N_STARRED] = "Starred",
    [N_LAMBDA] = "Lambda", [N_IFEXP] = "IfExp", [N_LISTCOMP] = "ListComp", [N_SETCOMP] = "SetComp",
    [N_GENERATOREXP] = "GeneratorExp", [N_DICTCOMP] = "DictComp", [N_NAMEDEXPR] = "NamedExpr",
    [N_COMPREHENSION] = "comprehension", [N_EXCEPTHANDLER] = "ExceptHandler", [N_ALIAS] = "alias",
    [N_KEYWORD] = "keyword", [N_WITHITEM] = "withitem", [N_ARG] = "arg",
};

/* ast.dump prints no location for these */
static int has_attrs(NodeKind k) { return k != N_MODULE && k != N_COMPREHENSION && k != N_WITHITEM; }

/* the location fields, after the others (alone when a node printed no field) */
static void attrs(const F *f, const Node *n) {
  if (!f->d->attrs) return;
  char t[128];
  snprintf(t, sizeof t, "%slineno=%d, col_offset=%d, end_lineno=%d, end_col_offset=%d",
           f->first ? "" : ", ", n->span.line, n->span.col, n->span.end_line, n->span.end_col);
  puts_(f->d->b, t);
}

/* The fields of a statement node; 0 if n is not one. */
static int stmt_fields(F *f, const Node *n) {
  Dumper *d = f->d;
  FBuf *b = d->b;
  switch (n->kind) {
    case N_MODULE:
      flist(f, "body", n->u.module.body);
      fraw(f, "type_ignores", "[]");
      break;
    case N_EXPR_STMT: fnode(f, "value", n->u.expr_stmt.value); break;
    case N_ASSIGN:
      flist(f, "targets", n->u.assign.targets);
      fnode(f, "value", n->u.assign.value);
      break;
    case N_AUGASSIGN:
      fnode(f, "target", n->u.augassign.target);
      fraw(f, "op", op_name(n->u.augassign.op));
      fnode(f, "value", n->u.augassign.value);
      break;
    case N_ANNASSIGN: {
      const Node *t = n->u.annassign.target;
      fnode(f, "target", t);
      fnode(f, "annotation", n->u.annassign.annotation);
      fnode(f, "value", n->u.annassign.value);
      /* simple: a bare name, not in parentheses (then the statement starts where it does) */
      int simple = t->kind == N_NAME && t->span.line == n->span.line && t->span.col == n->span.col;
      fint(f, "simple", simple);
      break;
    }
    case N_FUNCDEF:
      fstr(f, "name", n->u.funcdef.name);
      key(f, "args");
      arguments(d, n->u.funcdef.args);
      flist(f, "body", n->u.funcdef.body);
      flist(f, "decorator_list", n->u.funcdef.decorators);
      fnode(f, "returns", n->u.funcdef.returns);
      break;
    case N_CLASSDEF:
      fstr(f, "name", n->u.classdef.name);
      flist(f, "bases", n->u.classdef.bases);
      flist(f, "keywords", n->u.classdef.keywords);
      flist(f, "body", n->u.classdef.body);
      flist(f, "decorator_list", n->u.classdef.decorators);
      break;
    case N_RETURN: fnode(f, "value", n->u.ret.value); break;
    case N_DELETE: flist(f, "targets", n->u.del.targets); break;
    case N_IF: case N_WHILE:
      fnode(f, "test", n->u.if_.test);
      flist(f, "body", n->u.if_.body);
      flist(f, "orelse", n->u.if_.orelse);
      break;
    case N_FOR:
      fnode(f, "target", n->u.for_.target);
      fnode(f, "iter", n->u.for_.iter);
      flist(f, "body", n->u.for_.body);
      flist(f, "orelse", n->u.for_.orelse);
      break;
    case N_BREAK: case N_CONTINUE: case N_PASS: break;
    case N_IMPORT: flist(f, "names", n->u.import.names); break;
    case N_IMPORTFROM:
      fstr_opt(f, "module", n->u.importfrom.module);
      flist(f, "names", n->u.importfrom.names);
      fint(f, "level", n->u.importfrom.level);
      break;
    case N_TRY:
      flist(f, "body", n->u.try_.body);
      flist(f, "handlers", n->u.try_.handlers);
      flist(f, "orelse", n->u.try_.orelse);
      flist(f, "finalbody", n->u.try_.finalbody);
      break;
    case N_RAISE:
      fnode(f, "exc", n->u.raise.exc);
      fnode(f, "cause", n->u.raise.cause);
      break;
    case N_ASSERT:
      fnode(f, "test", n->u.assert_.test);
      fnode(f, "msg", n->u.assert_.msg);
      break;
    case N_GLOBAL: case N_NONLOCAL:
      key(f, "names");
      puts_(b, "[");
      for (int i = 0; i < n->u.global.n; i++) {
        if (i) puts_(b, ", ");
        repr_text(b, n->u.global.names[i].s, n->u.global.names[i].len, 0);
      }
      puts_(b, "]");
      break;
    case N_WITH:
      flist(f, "items", n->u.with.items);
      flist(f, "body", n->u.with.body);
      break;
    default: return 0;
  }
  return 1;
}

/* The fields of an expression node; 0 if n is not one. */
static int expr_fields(F *f, const Node *n) {
  Dumper *d = f->d;
  FBuf *b = d->b;
  switch (n->kind) {
    case N_NAME:
      fstr(f, "id", n->u.name.id);
      fraw(f, "ctx", ctx_name(n->u.name.ctx));
      break;
    case N_CONSTANT:
      key(f, "value");
      constant_value(d, n);
      if (n->u.constant.kind == K_STR && n->u.constant.i == 1) fraw(f, "kind", "'u'");
      break;
    case N_JOINEDSTR: flist(f, "values", n->u.joinedstr.values); break;
    case N_FORMATTEDVALUE:
      fnode(f, "value", n->u.formattedvalue.value);
      fint(f, "conversion", n->u.formattedvalue.conversion);
      fnode(f, "format_spec", n->u.formattedvalue.format_spec);
      break;
    case N_TUPLE: case N_LIST:
      flist(f, "elts", n->u.seq.elts);
      fraw(f, "ctx", ctx_name(n->u.seq.ctx));
      break;
    case N_SET: flist(f, "elts", n->u.seq.elts); break;
    case N_DICT:
      flist(f, "keys", n->u.dict.keys);
      flist(f, "values", n->u.dict.values);
      break;
    case N_BINOP:
      fnode(f, "left", n->u.binop.left);
      fraw(f, "op", op_name(n->u.binop.op));
      fnode(f, "right", n->u.binop.right);
      break;
    case N_UNARYOP: {
      static const char *const un[] = {"Invert()", "Not()", "UAdd()", "USub()"};
      fraw(f, "op", un[n->u.unaryop.op & 3]);
      fnode(f, "operand", n->u.unaryop.operand);
      break;
    }
    case N_BOOLOP:
      fraw(f, "op", n->u.boolop.op == BOP_AND ? "And()" : "Or()");
      flist(f, "values", n->u.boolop.values);
      break;
    case N_COMPARE:
      fnode(f, "left", n->u.compare.left);
      key(f, "ops");
      puts_(b, "[");
      for (int i = 0; i < n->u.compare.comparators.len; i++) {
        if (i) puts_(b, ", ");
        puts_(b, cmp_name(n->u.compare.ops[i]));
      }
      puts_(b, "]");
      flist(f, "comparators", n->u.compare.comparators);
      break;
    case N_CALL:
      fnode(f, "func", n->u.call.func);
      flist(f, "args", n->u.call.args);
      flist(f, "keywords", n->u.call.keywords);
      break;
    case N_ATTRIBUTE:
      fnode(f, "value", n->u.attribute.value);
      fstr(f, "attr", n->u.attribute.attr);
      fraw(f, "ctx", ctx_name(n->u.attribute.ctx));
      break;
    case N_SUBSCRIPT:
      fnode(f, "value", n->u.subscript.value);
      fnode(f, "slice", n->u.subscript.slice);
      fraw(f, "ctx", ctx_name(n->u.subscript.ctx));
      break;
    case N_SLICE:
      fnode(f, "lower", n->u.slice.lower);
      fnode(f, "upper", n->u.slice.upper);
      fnode(f, "step", n->u.slice.step);
      break;
    case N_STARRED:
      fnode(f, "value", n->u.starred.value);
      fraw(f, "ctx", ctx_name(n->u.starred.ctx));
      break;
    case N_LAMBDA:
      key(f, "args");
      arguments(d, n->u.lambda.args);
      fnode(f, "body", n->u.lambda.body);
      break;
    case N_IFEXP:
      fnode(f, "test", n->u.ifexp.test);
      fnode(f, "body", n->u.ifexp.body);
      fnode(f, "orelse", n->u.ifexp.orelse);
      break;
    case N_LISTCOMP: case N_SETCOMP: case N_GENERATOREXP:
      fnode(f, "elt", n->u.comp.elt);
      flist(f, "generators", n->u.comp.generators);
      break;
    case N_DICTCOMP:
      fnode(f, "key", n->u.comp.elt);
      fnode(f, "value", n->u.comp.value);
      flist(f, "generators", n->u.comp.generators);
      break;
    case N_NAMEDEXPR:
      fnode(f, "target", n->u.namedexpr.target);
      fnode(f, "value", n->u.namedexpr.value);
      break;
    default: return 0;
  }
  return 1;
}

/* The fields of the nodes that are parts of others (comprehension, handler, alias, ...). */
static void part_fields(F *f, const Node *n) {
  switch (n->kind) {
    case N_COMPREHENSION:
      fnode(f, "target", n->u.comprehension.target);
      fnode(f, "iter", n->u.comprehension.iter);
      flist(f, "ifs", n->u.comprehension.ifs);
      fint(f, "is_async", 0);
      break;
    case N_EXCEPTHANDLER:
      fnode(f, "type", n->u.excepthandler.type);
      fstr_opt(f, "name", n->u.excepthandler.name);
      flist(f, "body", n->u.excepthandler.body);
      break;
    case N_ALIAS:
      fstr(f, "name", n->u.alias.name);
      fstr_opt(f, "asname", n->u.alias.asname);
      break;
    case N_KEYWORD:
      fstr_opt(f, "arg", n->u.keyword.arg);
      fnode(f, "value", n->u.keyword.value);
      break;
    case N_WITHITEM:
      fnode(f, "context_expr", n->u.withitem.context_expr);
      fnode(f, "optional_vars", n->u.withitem.optional_vars);
      break;
    case N_ARG:
      fstr(f, "arg", n->u.arg.arg);
      fnode(f, "annotation", n->u.arg.annotation);
      break;
    default: break;
  }
}

static void node(Dumper *d, const Node *n) {
  F f = {d, 1};
  const char *name = (unsigned)n->kind < N__COUNT ? node_names[n->kind] : NULL;
  puts_(d->b, name ? name : "?");
  puts_(d->b, "(");
  if (!stmt_fields(&f, n) && !expr_fields(&f, n)) part_fields(&f, n);
  if (has_attrs(n->kind)) attrs(&f, n);
  puts_(d->b, ")");
}

void ast_dump(const Node *n, FBuf *out, int include_attributes) {
  Dumper d = {out, include_attributes};
  if (!n) {
    puts_(out, "None");
    return;
  }
  node(&d, n);
}
