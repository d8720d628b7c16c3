/* astdump.c - ast.dump() of CPython 3.11 for the ast.h tree, including Python's repr of str,
 * bytes, float and imaginary constants; used by the parser tests to diff against CPython. */
#include "astdump.h"

#include "lex.h"
#include <gmp.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends that abort when memory runs out: the header promises a realloc'd buffer, so this file
 * does not use fmt's fbuf_*, which poison the buffer instead. */
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

/* ---- reprs ---- */

/* repr() of a str (bytes: of a bytes): the quote CPython picks, its escapes, and the code points
 * str.isprintable() accepts left as they are. */
static void repr_str(FBuf *b, Str str, int bytes) {
  const char *s = str.s ? str.s : "";
  size_t n = str.s ? str.len : 0;
  int sq = memchr(s, '\'', n) != NULL, dq = memchr(s, '"', n) != NULL;
  char q = (sq && !dq) ? '"' : '\'';
  if (bytes) put(b, "b", 1);
  put(b, &q, 1);
  char t[16];
  for (size_t i = 0; i < n;) {
    unsigned char c = (unsigned char)s[i];
    uint32_t cp = c;
    int k = c < 0x80 ? 1 : bytes ? 0 : utf8_decode(s + i, n - i, &cp); /* 0: print as \xNN */
    if (c == (unsigned char)q || c == '\\') { put(b, "\\", 1); put(b, s + i, 1); }
    else if (c == '\n') put(b, "\\n", 2);
    else if (c == '\r') put(b, "\\r", 2);
    else if (c == '\t') put(b, "\\t", 2);
    else if (k == 0 || c < 0x20 || c == 0x7F) { snprintf(t, sizeof t, "\\x%02x", c); puts_(b, t); }
    else if (c < 0x80 || lex_printable(cp)) put(b, s + i, (size_t)k);
    else if (cp < 0x100) { snprintf(t, sizeof t, "\\x%02x", cp); puts_(b, t); }
    else if (cp < 0x10000) { snprintf(t, sizeof t, "\\u%04x", cp); puts_(b, t); }
    else { snprintf(t, sizeof t, "\\U%08x", cp); puts_(b, t); }
    i += k ? (size_t)k : 1;
  }
  put(b, &q, 1);
}

/* Python's repr(float); a complex part drops the ".0" ("2j", not "2.0j"). */
static void repr_float(FBuf *b, double x, int complex_part) {
  char t[64];
  size_t n = (size_t)fmt_float_repr(x, t, sizeof t);
  if (complex_part && n > 2 && strcmp(t + n - 2, ".0") == 0) n -= 2;
  put(b, t, n);
}

/* ---- the field table ---- */

/* How a field is stored and printed. The first four are enums, named through enum_names. */
typedef enum FieldKind {
  F_CTX, F_OP, F_UNARYOP, F_BOOLOP,
  F_NODE,     /* Node *, left out when NULL (as ast.dump leaves out None) */
  F_LIST,     /* NodeList; a NULL item prints None */
  F_STR,      /* Str, always printed */
  F_OPTSTR,   /* Str, left out when empty */
  F_INT,      /* int */
  F_ARGS,     /* Arguments *, printed through args_fields */
  F_TEXT,     /* no storage: the name is printed as it stands ("type_ignores=[]") */
  /* the few printed by code, from the whole node: */
  F_CONSTANT, /* value=<repr> and kind='u' */
  F_SIMPLE,   /* AnnAssign.simple */
  F_NAMES,    /* Global/Nonlocal names: a Str array */
  F_CMPOPS,   /* Compare.ops: one per comparator */
} FieldKind;

typedef struct Field {
  const char *name;
  FieldKind kind;
  size_t off; /* offset of the value in the struct the fields describe */
} Field;

#define MAX_FIELDS 7
typedef struct NodeInfo {
  const char *name; /* CPython's class name */
  Field fields[MAX_FIELDS + 1]; /* ended by a NULL name */
  int no_attrs; /* ast.dump prints no location for it */
} NodeInfo;

/* offsetof(S, m), refused at compile time unless S.m has type T */
#define OFF(S, T, m) (offsetof(S, m) + 0 * sizeof(&((S *)0)->m - (T *)0))
#define NODE(k, m) {k, F_NODE, OFF(Node, Node *, u.m)}
#define LIST(k, m) {k, F_LIST, OFF(Node, NodeList, u.m)}
#define STR(k, m) {k, F_STR, OFF(Node, Str, u.m)}
#define OPTSTR(k, m) {k, F_OPTSTR, OFF(Node, Str, u.m)}
#define INT(k, m) {k, F_INT, OFF(Node, int, u.m)}
#define ARGS(m) {"args", F_ARGS, OFF(Node, Arguments *, u.m)}
#define CTX(m) {"ctx", F_CTX, OFF(Node, ExprCtx, u.m)}
#define OP(m) {"op", F_OP, OFF(Node, Operator, u.m)}
#define SPECIAL(k, kind) {k, kind, 0}

#define IF_FIELDS {NODE("test", if_.test), LIST("body", if_.body), LIST("orelse", if_.orelse)}
#define SEQ_FIELDS {LIST("elts", seq.elts), CTX(seq.ctx)}
#define COMP_FIELDS {NODE("elt", comp.elt), LIST("generators", comp.generators)}

static const NodeInfo node_info[N__COUNT] = {
    [N_MODULE] = {"Module", {LIST("body", module.body), SPECIAL("type_ignores=[]", F_TEXT)}, 1},
    /* statements */
    [N_EXPR_STMT] = {"Expr", {NODE("value", expr_stmt.value)}},
    [N_ASSIGN] = {"Assign", {LIST("targets", assign.targets), NODE("value", assign.value)}},
    [N_AUGASSIGN] = {"AugAssign", {NODE("target", augassign.target), OP(augassign.op),
                                   NODE("value", augassign.value)}},
    [N_ANNASSIGN] = {"AnnAssign", {NODE("target", annassign.target),
                                   NODE("annotation", annassign.annotation),
                                   NODE("value", annassign.value), SPECIAL("simple", F_SIMPLE)}},
    [N_FUNCDEF] = {"FunctionDef", {STR("name", funcdef.name), ARGS(funcdef.args),
                                   LIST("body", funcdef.body),
                                   LIST("decorator_list", funcdef.decorators),
                                   NODE("returns", funcdef.returns)}},
    [N_CLASSDEF] = {"ClassDef", {STR("name", classdef.name), LIST("bases", classdef.bases),
                                 LIST("keywords", classdef.keywords), LIST("body", classdef.body),
                                 LIST("decorator_list", classdef.decorators)}},
    [N_RETURN] = {"Return", {NODE("value", ret.value)}},
    [N_DELETE] = {"Delete", {LIST("targets", del.targets)}},
    [N_IF] = {"If", IF_FIELDS},
    [N_WHILE] = {"While", IF_FIELDS},
    [N_FOR] = {"For", {NODE("target", for_.target), NODE("iter", for_.iter),
                       LIST("body", for_.body), LIST("orelse", for_.orelse)}},
    [N_BREAK] = {"Break"},
    [N_CONTINUE] = {"Continue"},
    [N_PASS] = {"Pass"},
    [N_IMPORT] = {"Import", {LIST("names", import.names)}},
    [N_IMPORTFROM] = {"ImportFrom", {OPTSTR("module", importfrom.module),
                                     LIST("names", importfrom.names),
                                     INT("level", importfrom.level)}},
    [N_TRY] = {"Try", {LIST("body", try_.body), LIST("handlers", try_.handlers),
                       LIST("orelse", try_.orelse), LIST("finalbody", try_.finalbody)}},
    [N_RAISE] = {"Raise", {NODE("exc", raise.exc), NODE("cause", raise.cause)}},
    [N_ASSERT] = {"Assert", {NODE("test", assert_.test), NODE("msg", assert_.msg)}},
    [N_GLOBAL] = {"Global", {SPECIAL("names", F_NAMES)}},
    [N_NONLOCAL] = {"Nonlocal", {SPECIAL("names", F_NAMES)}},
    [N_WITH] = {"With", {LIST("items", with.items), LIST("body", with.body)}},
    [N_MATCH] = {"Match", {NODE("subject", match.subject), LIST("cases", match.cases)}},
    [N_MATCHCASE] = {"match_case", {NODE("pattern", matchcase.pattern),
                                    NODE("guard", matchcase.guard), LIST("body", matchcase.body)}},
    [N_MATCHVALUE] = {"MatchValue", {NODE("value", matchvalue.value)}},
    [N_MATCHSINGLETON] = {"MatchSingleton", {NODE("value", matchvalue.value)}},
    [N_MATCHSEQUENCE] = {"MatchSequence", {LIST("patterns", matchseq.patterns)}},
    [N_MATCHMAPPING] = {"MatchMapping", {LIST("keys", matchmap.keys),
                                         LIST("patterns", matchmap.patterns),
                                         NODE("rest", matchmap.rest)}},
    [N_MATCHCLASS] = {"MatchClass", {NODE("cls", matchclass.cls),
                                     LIST("patterns", matchclass.patterns),
                                     LIST("kwd_patterns", matchclass.kwds)}},
    [N_MATCHSTAR] = {"MatchStar", {NODE("name", matchas.name)}},
    [N_MATCHAS] = {"MatchAs", {NODE("pattern", matchas.pattern), NODE("name", matchas.name)}},
    [N_MATCHOR] = {"MatchOr", {LIST("patterns", matchseq.patterns)}},
    /* expressions */
    [N_NAME] = {"Name", {STR("id", name.id), CTX(name.ctx)}},
    [N_CONSTANT] = {"Constant", {SPECIAL("value", F_CONSTANT)}},
    [N_JOINEDSTR] = {"JoinedStr", {LIST("values", joinedstr.values)}},
    [N_FORMATTEDVALUE] = {"FormattedValue", {NODE("value", formattedvalue.value),
                                             INT("conversion", formattedvalue.conversion),
                                             NODE("format_spec", formattedvalue.format_spec)}},
    [N_TUPLE] = {"Tuple", SEQ_FIELDS},
    [N_LIST] = {"List", SEQ_FIELDS},
    [N_SET] = {"Set", {LIST("elts", seq.elts)}},
    [N_DICT] = {"Dict", {LIST("keys", dict.keys), LIST("values", dict.values)}},
    [N_BINOP] = {"BinOp", {NODE("left", binop.left), OP(binop.op), NODE("right", binop.right)}},
    [N_UNARYOP] = {"UnaryOp", {{"op", F_UNARYOP, OFF(Node, UnaryOp, u.unaryop.op)},
                               NODE("operand", unaryop.operand)}},
    [N_BOOLOP] = {"BoolOp", {{"op", F_BOOLOP, OFF(Node, BoolOpKind, u.boolop.op)},
                             LIST("values", boolop.values)}},
    [N_COMPARE] = {"Compare", {NODE("left", compare.left), SPECIAL("ops", F_CMPOPS),
                               LIST("comparators", compare.comparators)}},
    [N_CALL] = {"Call", {NODE("func", call.func), LIST("args", call.args),
                         LIST("keywords", call.keywords)}},
    [N_ATTRIBUTE] = {"Attribute", {NODE("value", attribute.value), STR("attr", attribute.attr),
                                   CTX(attribute.ctx)}},
    [N_SUBSCRIPT] = {"Subscript", {NODE("value", subscript.value), NODE("slice", subscript.slice),
                                   CTX(subscript.ctx)}},
    [N_SLICE] = {"Slice", {NODE("lower", slice.lower), NODE("upper", slice.upper),
                           NODE("step", slice.step)}},
    [N_STARRED] = {"Starred", {NODE("value", starred.value), CTX(starred.ctx)}},
    [N_LAMBDA] = {"Lambda", {ARGS(lambda.args), NODE("body", lambda.body)}},
    [N_IFEXP] = {"IfExp", {NODE("test", ifexp.test), NODE("body", ifexp.body),
                           NODE("orelse", ifexp.orelse)}},
    [N_LISTCOMP] = {"ListComp", COMP_FIELDS},
    [N_SETCOMP] = {"SetComp", COMP_FIELDS},
    [N_GENERATOREXP] = {"GeneratorExp", COMP_FIELDS},
    [N_DICTCOMP] = {"DictComp", {NODE("key", comp.elt), NODE("value", comp.value),
                                 LIST("generators", comp.generators)}},
    [N_NAMEDEXPR] = {"NamedExpr", {NODE("target", namedexpr.target),
                                   NODE("value", namedexpr.value)}},
    [N_YIELD] = {"Yield", {NODE("value", yield.value)}},
    [N_YIELDFROM] = {"YieldFrom", {NODE("value", yield.value)}},
    /* parts of other nodes */
    [N_COMPREHENSION] = {"comprehension", {NODE("target", comprehension.target),
                                           NODE("iter", comprehension.iter),
                                           LIST("ifs", comprehension.ifs),
                                           SPECIAL("is_async=0", F_TEXT)}, 1},
    [N_EXCEPTHANDLER] = {"ExceptHandler", {NODE("type", excepthandler.type),
                                           OPTSTR("name", excepthandler.name),
                                           LIST("body", excepthandler.body)}},
    [N_ALIAS] = {"alias", {STR("name", alias.name), OPTSTR("asname", alias.asname)}},
    [N_KEYWORD] = {"keyword", {OPTSTR("arg", keyword.arg), NODE("value", keyword.value)}},
    [N_WITHITEM] = {"withitem", {NODE("context_expr", withitem.context_expr),
                                 NODE("optional_vars", withitem.optional_vars)}, 1},
    [N_ARG] = {"arg", {STR("arg", arg.arg), NODE("annotation", arg.annotation)}},
};

#define ARG_LIST(m) {#m, F_LIST, OFF(Arguments, NodeList, m)}
#define ARG_NODE(m) {#m, F_NODE, OFF(Arguments, Node *, m)}
static const Field args_fields[] = {ARG_LIST(posonlyargs), ARG_LIST(args), ARG_NODE(vararg),
                                    ARG_LIST(kwonlyargs), ARG_LIST(kw_defaults), ARG_NODE(kwarg),
                                    ARG_LIST(defaults), {NULL}};

typedef struct Names {
  const char *const *v;
  unsigned n;
  const char *other; /* for a value out of range */
} Names;

static const char *const ctx_v[] = {"Load()", "Store()", "Del()"};
static const char *const op_v[] = {"Add()", "Sub()", "Mult()", "MatMult()", "Div()", "Mod()",
                                   "Pow()", "LShift()", "RShift()", "BitOr()", "BitXor()",
                                   "BitAnd()", "FloorDiv()"};
static const char *const unaryop_v[] = {"Invert()", "Not()", "UAdd()", "USub()"};
static const char *const boolop_v[] = {"And()", "Or()"};
static const char *const cmpop_v[] = {"Eq()", "NotEq()", "Lt()", "LtE()", "Gt()", "GtE()",
                                      "Is()", "IsNot()", "In()", "NotIn()"};
#define NAMES(v, other) {v, sizeof v / sizeof *v, other}
static const Names enum_names[] = {[F_CTX] = NAMES(ctx_v, "Load()"), [F_OP] = NAMES(op_v, "?"),
                                   [F_UNARYOP] = NAMES(unaryop_v, "?"),
                                   [F_BOOLOP] = NAMES(boolop_v, "Or()")};
static const Names cmpop_names = NAMES(cmpop_v, "?");

/* The enum fields are read as int. */
_Static_assert(sizeof(ExprCtx) == sizeof(int) && sizeof(Operator) == sizeof(int) &&
                   sizeof(UnaryOp) == sizeof(int) && sizeof(BoolOpKind) == sizeof(int) &&
                   sizeof(CmpOp) == sizeof(int),
               "enum fields are read as int");

static const char *enum_name(const Names *e, int v) {
  return (unsigned)v < e->n ? e->v[v] : e->other;
}

/* ---- the walk ---- */

typedef struct Dumper {
  FBuf *b;
  int attrs;
} Dumper;

static void node(Dumper *d, const Node *n);

/* The fields at base (a Node, or the Arguments of one), each but the first after ", ". Returns
 * whether any was printed. n is the node printed (for the fields printed by code). */
static int fields(Dumper *d, const Node *n, const char *base, const Field *fs) {
  FBuf *b = d->b;
  int first = 1;
  for (const Field *f = fs; f->name; f++) {
    const char *p = base + f->off;
    if (f->kind == F_NODE && !*(Node *const *)p) continue;
    if (f->kind == F_OPTSTR && (!((const Str *)p)->s || !((const Str *)p)->len)) continue;
    if (!first) puts_(b, ", ");
    first = 0;
    puts_(b, f->name);
    if (f->kind == F_TEXT) continue;
    puts_(b, "=");
    switch (f->kind) {
      case F_CTX: case F_OP: case F_UNARYOP: case F_BOOLOP: {
        int v;
        memcpy(&v, p, sizeof v);
        puts_(b, enum_name(&enum_names[f->kind], v));
        break;
      }
      case F_NODE: node(d, *(Node *const *)p); break;
      case F_LIST: {
        const NodeList *l = (const NodeList *)p;
        puts_(b, "[");
        for (int i = 0; i < l->len; i++) {
          if (i) puts_(b, ", ");
          if (l->items[i]) node(d, l->items[i]);
          else puts_(b, "None");
        }
        puts_(b, "]");
        break;
      }
      case F_STR: case F_OPTSTR: repr_str(b, *(const Str *)p, 0); break;
      case F_INT: putint(b, *(const int *)p); break;
      case F_ARGS:
        puts_(b, "arguments(");
        fields(d, NULL, *(const char *const *)p, args_fields);
        puts_(b, ")");
        break;
      case F_CONSTANT: {
        const Node *c = n;
        switch (c->u.constant.kind) {
          case K_NONE: puts_(b, "None"); break;
          case K_TRUE: puts_(b, "True"); break;
          case K_FALSE: puts_(b, "False"); break;
          case K_ELLIPSIS: puts_(b, "Ellipsis"); break;
          case K_INT: putint(b, (long long)c->u.constant.i); break;
          case K_FLOAT: repr_float(b, c->u.constant.f, 0); break;
          case K_COMPLEX_IMAG: repr_float(b, c->u.constant.f, 1); puts_(b, "j"); break;
          case K_STR: repr_str(b, c->u.constant.s, 0); break;
          case K_BYTES: repr_str(b, c->u.constant.s, 1); break;
          case K_BIGINT: {   /* the literal in decimal, as ast.dump shows any int */
            char *t = malloc(c->u.constant.s.len + 1);
            mpz_t z;
            mpz_init(z);
            if (t) {
              memcpy(t, c->u.constant.s.s, c->u.constant.s.len);
              t[c->u.constant.s.len] = 0;
              if (mpz_set_str(z, t, (int)c->u.constant.f) != 0) mpz_set_ui(z, 0);
              free(t);
            }
            char *d = mpz_get_str(NULL, 10, z);
            puts_(b, d);
            void (*freef)(void *, size_t);
            mp_get_memory_functions(NULL, NULL, &freef);
            freef(d, strlen(d) + 1);
            mpz_clear(z);
            break;
          }
        }
        /* constant.i is otherwise unused for a str: 1 records a u'' prefix */
        if (c->u.constant.kind == K_STR && c->u.constant.i == 1) puts_(b, ", kind='u'");
        break;
      }
      case F_SIMPLE: {
        /* a bare name, not in parentheses (then the statement starts where it does) */
        const Node *t = n->u.annassign.target;
        putint(b, t->kind == N_NAME && t->span.line == n->span.line && t->span.col == n->span.col);
        break;
      }
      case F_NAMES:
        puts_(b, "[");
        for (int i = 0; i < n->u.global.n; i++) {
          if (i) puts_(b, ", ");
          repr_str(b, n->u.global.names[i], 0);
        }
        puts_(b, "]");
        break;
      case F_CMPOPS:
        puts_(b, "[");
        for (int i = 0; i < n->u.compare.comparators.len; i++) {
          if (i) puts_(b, ", ");
          puts_(b, enum_name(&cmpop_names, (int)n->u.compare.ops[i]));
        }
        puts_(b, "]");
        break;
      case F_TEXT: break;
    }
  }
  return !first;
}

static void node(Dumper *d, const Node *n) {
  const NodeInfo *ni = (unsigned)n->kind < N__COUNT ? &node_info[n->kind] : NULL;
  puts_(d->b, ni && ni->name ? ni->name : "?");
  puts_(d->b, "(");
  int any = ni ? fields(d, n, (const char *)n, ni->fields) : 0;
  if (d->attrs && !(ni && ni->no_attrs)) {
    /* the location fields, after the others */
    char t[128];
    snprintf(t, sizeof t, "%slineno=%d, col_offset=%d, end_lineno=%d, end_col_offset=%d",
             any ? ", " : "", n->span.line, n->span.col, n->span.end_line, n->span.end_col);
    puts_(d->b, t);
  }
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
