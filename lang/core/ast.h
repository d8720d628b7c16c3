/* ast.h - the syntax tree the parser builds and the evaluator walks.
 * It mirrors CPython's `ast` module (same node names and fields) so that both sides share one
 * well-known reference; every node keeps the source span it came from, for tracebacks. */
#ifndef SABLE_AST_H
#define SABLE_AST_H

#include <stddef.h>
#include <stdint.h>

/* A source span: lines are 1-based; columns are 0-based byte offsets within the line (the
 * traceback renderer turns them into code-point columns). end_* points one past the end. */
typedef struct Span {
  int line, col, end_line, end_col;
} Span;

typedef struct Node Node;

/* A growable array of nodes, allocated in the parse arena. */
typedef struct NodeList {
  Node **items;
  int len;
} NodeList;

/* A string in the arena: decoded UTF-8 (escapes processed), NUL-terminated, len in bytes. */
typedef struct Str {
  const char *s;
  size_t len;
} Str;

typedef enum NodeKind {
  /* ---- module ---- */
  N_MODULE,       /* body */
  /* ---- statements ---- */
  N_EXPR_STMT,    /* value */
  N_ASSIGN,       /* targets (a = b = value: two targets), value */
  N_AUGASSIGN,    /* target, op, value */
  N_ANNASSIGN,    /* target, annotation, value (may be NULL) */
  N_FUNCDEF,      /* name, args, body, decorators, returns (ignored) */
  N_CLASSDEF,     /* name, bases, keywords, body, decorators */
  N_RETURN,       /* value (may be NULL) */
  N_DELETE,       /* targets */
  N_IF,           /* test, body, orelse (an elif is an N_IF alone in orelse) */
  N_WHILE,        /* test, body, orelse */
  N_FOR,          /* target, iter, body, orelse */
  N_BREAK, N_CONTINUE, N_PASS,
  N_IMPORT,       /* names: list of N_ALIAS */
  N_IMPORTFROM,   /* module (dotted name), names: list of N_ALIAS ("*" allowed), level */
  N_TRY,          /* body, handlers (N_EXCEPTHANDLER), orelse, finalbody */
  N_RAISE,        /* exc (may be NULL: re-raise), cause (may be NULL) */
  N_ASSERT,       /* test, msg (may be NULL) */
  N_GLOBAL, N_NONLOCAL, /* names */
  N_WITH,         /* items: list of N_WITHITEM, body */
  N_MATCH,        /* subject, cases (N_MATCHCASE) */
  /* ---- expressions ---- */
  N_NAME,         /* id, ctx */
  N_CONSTANT,     /* constant kind + value */
  N_JOINEDSTR,    /* f-string: values = list of N_CONSTANT (str) and N_FORMATTEDVALUE */
  N_FORMATTEDVALUE, /* value, conversion ('s','r','a' or -1), format_spec (N_JOINEDSTR or NULL) */
  N_TUPLE, N_LIST, N_SET, /* elts, ctx (Tuple/List may be assignment targets) */
  N_DICT,         /* keys, values: a NULL key means `**values[i]` */
  N_BINOP,        /* left, op, right */
  N_UNARYOP,      /* op, operand */
  N_BOOLOP,       /* op, values (2 or more) */
  N_COMPARE,      /* left, ops (cmpops), comparators */
  N_CALL,         /* func, args (may contain N_STARRED), keywords (N_KEYWORD) */
  N_ATTRIBUTE,    /* value, attr, ctx */
  N_SUBSCRIPT,    /* value, slice (an expression, N_SLICE, or N_TUPLE of them), ctx */
  N_SLICE,        /* lower, upper, step (each may be NULL) */
  N_STARRED,      /* value, ctx */
  N_LAMBDA,       /* args, body (an expression) */
  N_IFEXP,        /* test, body, orelse */
  N_LISTCOMP, N_SETCOMP, N_GENERATOREXP, /* elt, generators (N_COMPREHENSION) */
  N_DICTCOMP,     /* key, value, generators */
  N_NAMEDEXPR,    /* target := value */
  N_YIELD,        /* value (may be NULL) */
  N_YIELDFROM,    /* value */
  /* ---- helpers ---- */
  N_COMPREHENSION, /* target, iter, ifs */
  N_EXCEPTHANDLER, /* type (may be NULL), name (may be empty), body */
  N_ALIAS,         /* name (dotted), asname (may be empty) */
  N_KEYWORD,       /* arg (empty for **value), value */
  N_WITHITEM,      /* context_expr, optional_vars (may be NULL) */
  N_ARG,           /* arg (a parameter name), annotation ignored */
  /* ---- match patterns (PEP 634); a capture is an N_NAME in store context ---- */
  N_MATCHCASE,     /* pattern, guard (may be NULL), body */
  N_MATCHVALUE,    /* value: an expression compared with == */
  N_MATCHSINGLETON, /* value: an N_CONSTANT None/True/False compared with `is` */
  N_MATCHSEQUENCE, /* patterns (at most one N_MATCHSTAR) */
  N_MATCHMAPPING,  /* keys (expressions), patterns, rest (N_NAME or NULL) */
  N_MATCHCLASS,    /* cls (expression), patterns, kwds (N_KEYWORD: arg, value = pattern) */
  N_MATCHSTAR,     /* name (N_NAME or NULL for *_) */
  N_MATCHAS,       /* pattern (NULL: capture or wildcard), name (N_NAME or NULL for _) */
  N_MATCHOR,       /* patterns */
  N__COUNT
} NodeKind;

typedef enum ExprCtx { CTX_LOAD, CTX_STORE, CTX_DEL } ExprCtx;

typedef enum Operator {
  OP_ADD, OP_SUB, OP_MULT, OP_MATMULT, OP_DIV, OP_MOD, OP_POW,
  OP_LSHIFT, OP_RSHIFT, OP_BITOR, OP_BITXOR, OP_BITAND, OP_FLOORDIV
} Operator;

typedef enum UnaryOp { UOP_INVERT, UOP_NOT, UOP_UADD, UOP_USUB } UnaryOp;
typedef enum BoolOpKind { BOP_AND, BOP_OR } BoolOpKind;
typedef enum CmpOp {
  CMP_EQ, CMP_NOTEQ, CMP_LT, CMP_LTE, CMP_GT, CMP_GTE, CMP_IS, CMP_ISNOT, CMP_IN, CMP_NOTIN
} CmpOp;

typedef enum ConstKind {
  K_NONE, K_TRUE, K_FALSE, K_ELLIPSIS, K_INT, K_FLOAT, K_COMPLEX_IMAG, K_STR, K_BYTES,
  K_BIGINT   /* an int literal beyond int64: s its digits, f its base; the resolver makes it */
} ConstKind;

/* Parameters of a def or lambda, as CPython's `arguments`. Each list holds N_ARG nodes. */
typedef struct Arguments {
  NodeList posonlyargs;  /* before a `/` */
  NodeList args;         /* ordinary positional-or-keyword */
  Node *vararg;          /* N_ARG for *args, or NULL */
  NodeList kwonlyargs;   /* after `*` or `*args` */
  NodeList kw_defaults;  /* one per kwonlyarg; NULL entry = required */
  Node *kwarg;           /* N_ARG for **kwargs, or NULL */
  NodeList defaults;     /* defaults of the LAST len(defaults) of posonlyargs+args */
} Arguments;

/* Filled by the evaluator's resolver, never by the parser (which leaves them zeroed). */
typedef struct Resolved {
  int scope;             /* evaluator-defined: local slot, cell, global, builtin, ... */
  int slot;              /* index within that scope */
} Resolved;

struct Node {
  NodeKind kind;
  Span span;
  union {
    struct { NodeList body; int last_semicolon; void *scope_info; } module;
      /* last_semicolon: the final simple statement ended with `;` (suppresses the REPL echo) */
    struct { Node *value; } expr_stmt;
    struct { NodeList targets; Node *value; } assign;
    struct { Node *target; Operator op; Node *value; } augassign;
    struct { Node *target; Node *annotation; Node *value; } annassign;
    struct { Str name; Arguments *args; NodeList body; NodeList decorators; Node *returns;
             void *scope_info; } funcdef;
    struct { Str name; NodeList bases; NodeList keywords; NodeList body; NodeList decorators;
             void *scope_info; } classdef;
    struct { Node *value; } ret;
    struct { NodeList targets; } del;
    struct { Node *test; NodeList body; NodeList orelse; } if_;    /* N_IF, N_WHILE */
    struct { Node *target; Node *iter; NodeList body; NodeList orelse; } for_;
    struct { NodeList names; } import;                          /* N_IMPORT */
    struct { Str module; NodeList names; int level; } importfrom;
    struct { NodeList body; NodeList handlers; NodeList orelse; NodeList finalbody; } try_;
    struct { Node *exc; Node *cause; } raise;
    struct { Node *test; Node *msg; } assert_;
    struct { Str *names; int n; Resolved *res; } global;        /* N_GLOBAL, N_NONLOCAL */
    struct { NodeList items; NodeList body; } with;
    struct { Node *subject; NodeList cases; } match;
    struct { Node *pattern; Node *guard; NodeList body; } matchcase;
    struct { Node *value; } matchvalue;           /* N_MATCHVALUE, N_MATCHSINGLETON */
    struct { NodeList patterns; } matchseq;       /* N_MATCHSEQUENCE, N_MATCHOR */
    struct { NodeList keys; NodeList patterns; Node *rest; } matchmap;
    struct { Node *cls; NodeList patterns; NodeList kwds; } matchclass;
    struct { Node *pattern; Node *name; } matchas; /* N_MATCHAS, N_MATCHSTAR (no pattern) */

    struct { Str id; ExprCtx ctx; Resolved res; } name;
    struct { ConstKind kind; int64_t i; double f; Str s; } constant;
    struct { NodeList values; } joinedstr;
    struct { Node *value; int conversion; Node *format_spec; } formattedvalue;
    struct { NodeList elts; ExprCtx ctx; } seq;                /* N_TUPLE, N_LIST, N_SET */
    struct { NodeList keys; NodeList values; } dict;
    struct { Node *left; Operator op; Node *right; } binop;
    struct { UnaryOp op; Node *operand; } unaryop;
    struct { BoolOpKind op; NodeList values; } boolop;
    struct { Node *left; CmpOp *ops; NodeList comparators; } compare;
    struct { Node *func; NodeList args; NodeList keywords; void *cache; } call;
    struct { Node *value; Str attr; ExprCtx ctx; void *cache; } attribute;
    struct { Node *value; Node *slice; ExprCtx ctx; } subscript;
    struct { Node *lower; Node *upper; Node *step; } slice;
    struct { Node *value; ExprCtx ctx; } starred;
    struct { Arguments *args; Node *body; void *scope_info; } lambda;
    struct { Node *test; Node *body; Node *orelse; } ifexp;
    struct { Node *elt; Node *value; NodeList generators; void *scope_info; } comp;
      /* N_LISTCOMP/N_SETCOMP/N_GENERATOREXP use elt; N_DICTCOMP uses elt as key and value */
    struct { Node *target; Node *value; } namedexpr;
    struct { Node *value; } yield;                              /* N_YIELD, N_YIELDFROM */

    struct { Node *target; Node *iter; NodeList ifs; } comprehension;
    struct { Node *type; Str name; NodeList body; Resolved res; } excepthandler;
    struct { Str name; Str asname; } alias;
    struct { Str arg; Node *value; } keyword;
    struct { Node *context_expr; Node *optional_vars; } withitem;
    struct { Str arg; Node *annotation; Resolved res; } arg;
  } u;
};

/* The arena that owns every node, list and string of one parse. */
typedef struct Arena Arena;
Arena *arena_new(void);
void *arena_alloc(Arena *a, size_t n);   /* zeroed, 16-byte aligned; aborts only if malloc does */
void arena_free(Arena *a);

#endif
