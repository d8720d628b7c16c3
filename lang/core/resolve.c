/* resolve.c - the resolver: one pass over a parsed module before it runs that decides where
 * every name lives (frame slot, closure cell, module slot, class namespace), and caches
 * constants, attribute names and keyword-name tuples on the nodes, so the evaluator never
 * looks a name up in a dict on the hot path. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

enum { F_BOUND = 1, F_PARAM = 2, F_GLOBAL = 4, F_NONLOCAL = 8, F_USED = 16, F_CELL = 32,
       F_FREE = 64 };

typedef struct Sym { const char *name; size_t len; int flags; int slot; } Sym;

typedef struct RScope {
  int kind;
  Node *node;
  struct RScope *parent;
  Sym *syms;
  int nsyms, cap;
  int nfree;
  int is_generator;          /* a def or lambda whose own body holds a yield */
  Scope *out;
  struct RScope *next_all;   /* every scope, for analysis and freeing */
} RScope;

typedef struct Ctx {
  Arena *arena;
  ModuleObj *mod;
  CodeObj *code;
  RScope *all;
  RScope *module;
  int failed;
  Span err_span;
} Ctx;

static int fail(Ctx *c, Span sp, const char *fmt, const char *name) {
  if (!c->failed) {
    c->failed = 1;
    c->err_span = sp;
    obj_raise(&exc_SyntaxError, fmt, name);
  }
  return -1;
}

static RScope *new_scope(Ctx *c, int kind, Node *node, RScope *parent) {
  RScope *s = calloc(1, sizeof(RScope));
  if (!s) { c->failed = 1; obj_raise_nomem(); return NULL; }
  s->kind = kind;
  s->node = node;
  s->parent = parent;
  s->next_all = c->all;
  c->all = s;
  return s;
}

static Sym *find(RScope *s, const char *name, size_t len) {
  for (int i = 0; i < s->nsyms; i++)
    if (s->syms[i].len == len && memcmp(s->syms[i].name, name, len) == 0) return &s->syms[i];
  return NULL;
}

static Sym *add(Ctx *c, RScope *s, const char *name, size_t len, int flags) {
  Sym *y = find(s, name, len);
  if (y) { y->flags |= flags; return y; }
  if (s->nsyms == s->cap) {
    int nc = s->cap ? s->cap * 2 : 16;
    Sym *n = realloc(s->syms, (size_t)nc * sizeof(Sym));
    if (!n) { c->failed = 1; obj_raise_nomem(); return NULL; }
    s->syms = n;
    s->cap = nc;
  }
  y = &s->syms[s->nsyms++];
  y->name = name;
  y->len = len;
  y->flags = flags;
  y->slot = -1;
  return y;
}

/* ---- pass 1: declarations ------------------------------------------------------------- */
static void declare(Ctx *c, RScope *s, Node *n);

static void declare_list(Ctx *c, RScope *s, NodeList *l) {
  for (int i = 0; i < l->len; i++) declare(c, s, l->items[i]);
}

static void bind_name(Ctx *c, RScope *s, const char *name, size_t len) {
  if (s->kind == SK_MODULE) return;
  add(c, s, name, len, F_BOUND);
}

/* the annotations of a def's parameters (each N_ARG's annotation), evaluated with the
 * defaults in the enclosing scope */
static void each_annotation(Arguments *a, void (*fn)(Ctx *, RScope *, Node *), Ctx *c, RScope *s) {
  NodeList *lists[3] = {&a->posonlyargs, &a->args, &a->kwonlyargs};
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < lists[k]->len; i++)
      if (lists[k]->items[i]->u.arg.annotation) fn(c, s, lists[k]->items[i]->u.arg.annotation);
  if (a->vararg && a->vararg->u.arg.annotation) fn(c, s, a->vararg->u.arg.annotation);
  if (a->kwarg && a->kwarg->u.arg.annotation) fn(c, s, a->kwarg->u.arg.annotation);
}

static void declare_args(Ctx *c, RScope *s, RScope *inner, Arguments *a) {
  /* defaults are evaluated in the enclosing scope */
  declare_list(c, s, &a->defaults);
  for (int i = 0; i < a->kw_defaults.len; i++)
    if (a->kw_defaults.items[i]) declare(c, s, a->kw_defaults.items[i]);
  NodeList *lists[2] = {&a->posonlyargs, &a->args};
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < lists[k]->len; i++) {
      Str *n = &lists[k]->items[i]->u.arg.arg;
      add(c, inner, n->s, n->len, F_BOUND | F_PARAM);
    }
  for (int i = 0; i < a->kwonlyargs.len; i++) {
    Str *n = &a->kwonlyargs.items[i]->u.arg.arg;
    add(c, inner, n->s, n->len, F_BOUND | F_PARAM);
  }
  if (a->vararg) add(c, inner, a->vararg->u.arg.arg.s, a->vararg->u.arg.arg.len, F_BOUND | F_PARAM);
  if (a->kwarg) add(c, inner, a->kwarg->u.arg.arg.s, a->kwarg->u.arg.arg.len, F_BOUND | F_PARAM);
}

static void declare_comp(Ctx *c, RScope *s, Node *n) {
  NodeList *gens = &n->u.comp.generators;
  if (gens->len == 0) return;
  declare(c, s, gens->items[0]->u.comprehension.iter);
  RScope *cs = new_scope(c, SK_COMP, n, s);
  if (!cs) return;
  n->u.comp.scope_info = cs;
  for (int i = 0; i < gens->len; i++) {
    Node *g = gens->items[i];
    declare(c, cs, g->u.comprehension.target);
    if (i > 0) declare(c, cs, g->u.comprehension.iter);
    declare_list(c, cs, &g->u.comprehension.ifs);
  }
  if (n->u.comp.elt) declare(c, cs, n->u.comp.elt);
  if (n->u.comp.value) declare(c, cs, n->u.comp.value);
}

static void declare_funcdef(Ctx *c, RScope *s, Node *n) {
  declare_list(c, s, &n->u.funcdef.decorators);
  bind_name(c, s, n->u.funcdef.name.s, n->u.funcdef.name.len);
  RScope *fs = new_scope(c, SK_FUNC, n, s);
  if (!fs) return;
  n->u.funcdef.scope_info = fs;
  declare_args(c, s, fs, n->u.funcdef.args);
  each_annotation(n->u.funcdef.args, declare, c, s);
  if (n->u.funcdef.returns) declare(c, s, n->u.funcdef.returns);
  declare_list(c, fs, &n->u.funcdef.body);
}

static void declare_lambda(Ctx *c, RScope *s, Node *n) {
  RScope *fs = new_scope(c, SK_FUNC, n, s);
  if (!fs) return;
  n->u.lambda.scope_info = fs;
  declare_args(c, s, fs, n->u.lambda.args);
  declare(c, fs, n->u.lambda.body);
}

static void declare_classdef(Ctx *c, RScope *s, Node *n) {
  declare_list(c, s, &n->u.classdef.decorators);
  declare_list(c, s, &n->u.classdef.bases);
  for (int i = 0; i < n->u.classdef.keywords.len; i++)
    declare(c, s, n->u.classdef.keywords.items[i]);
  bind_name(c, s, n->u.classdef.name.s, n->u.classdef.name.len);
  RScope *cs = new_scope(c, SK_CLASS, n, s);
  if (!cs) return;
  n->u.classdef.scope_info = cs;
  declare_list(c, cs, &n->u.classdef.body);
}

/* import a.b binds a; import a.b as c and from m import x (as c) bind the last name */
static void declare_import(Ctx *c, RScope *s, Node *n) {
  if (n->kind == N_IMPORT) {
    for (int i = 0; i < n->u.import.names.len; i++) {
      Node *a = n->u.import.names.items[i];
      if (a->u.alias.asname.len) bind_name(c, s, a->u.alias.asname.s, a->u.alias.asname.len);
      else {
        const char *dot = memchr(a->u.alias.name.s, '.', a->u.alias.name.len);
        bind_name(c, s, a->u.alias.name.s, dot ? (size_t)(dot - a->u.alias.name.s) : a->u.alias.name.len);
      }
    }
    return;
  }
  for (int i = 0; i < n->u.importfrom.names.len; i++) {
    Node *a = n->u.importfrom.names.items[i];
    if (a->u.alias.name.len == 1 && a->u.alias.name.s[0] == '*') {
      if (s->kind != SK_MODULE) fail(c, n->span, "import * only allowed at module level%s", "");
      continue;
    }
    if (a->u.alias.asname.len) bind_name(c, s, a->u.alias.asname.s, a->u.alias.asname.len);
    else bind_name(c, s, a->u.alias.name.s, a->u.alias.name.len);
  }
}

/* global / nonlocal: CPython's errors for a parameter or a name used before the statement */
static void declare_global(Ctx *c, RScope *s, Node *n) {
  for (int i = 0; i < n->u.global.n; i++) {
    Str *nm = &n->u.global.names[i];
    if (s->kind == SK_MODULE) continue;
    Sym *y = find(s, nm->s, nm->len);
    if (y && (y->flags & F_PARAM)) {
      char buf[300];
      snprintf(buf, sizeof buf, "name '%.*s' is parameter and %s", (int)nm->len, nm->s,
               n->kind == N_GLOBAL ? "global" : "nonlocal");
      fail(c, n->span, "%s", buf);
      return;
    }
    if (y && (y->flags & (F_BOUND | F_USED)) && !(y->flags & (F_GLOBAL | F_NONLOCAL))) {
      char buf[300];
      snprintf(buf, sizeof buf, "name '%.*s' is %s prior to %s declaration", (int)nm->len,
               nm->s, (y->flags & F_BOUND) ? "assigned to" : "used",
               n->kind == N_GLOBAL ? "global" : "nonlocal");
      fail(c, n->span, "%s", buf);
      return;
    }
    add(c, s, nm->s, nm->len, n->kind == N_GLOBAL ? F_GLOBAL : F_NONLOCAL);
  }
}

/* zero-argument super() reads the first argument of the enclosing function */
static void note_super_call(Ctx *c, RScope *s, Node *n) {
  if (n->u.call.func->kind == N_NAME && n->u.call.func->u.name.id.len == 5 &&
      memcmp(n->u.call.func->u.name.id.s, "super", 5) == 0 && s->kind == SK_FUNC) {
    Node *fd = s->node;
    Arguments *a = fd->kind == N_FUNCDEF ? fd->u.funcdef.args : NULL;
    if (a && (a->posonlyargs.len || a->args.len)) {
      Node *first = a->posonlyargs.len ? a->posonlyargs.items[0] : a->args.items[0];
      add(c, s, first->u.arg.arg.s, first->u.arg.arg.len, F_USED);
    }
  }
}

/* x := v binds x in the nearest scope that is not a comprehension */
static void declare_namedexpr(Ctx *c, RScope *s, Node *n) {
  declare(c, s, n->u.namedexpr.value);
  Node *t = n->u.namedexpr.target;
  RScope *b = s;
  while (b->kind == SK_COMP) b = b->parent;
  if (b->kind != SK_MODULE) add(c, b, t->u.name.id.s, t->u.name.id.len, F_BOUND);
  if (b != s) {
    for (RScope *k = s; k != b; k = k->parent) add(c, k, t->u.name.id.s, t->u.name.id.len, F_USED);
    if (b->kind == SK_MODULE) {
      /* module-level walrus inside a comprehension: a global */
      for (RScope *k = s; k != b; k = k->parent) add(c, k, t->u.name.id.s, t->u.name.id.len, F_GLOBAL);
    }
  }
}

/* CPython's symtable checks: where a yield may stand, and which functions it makes generators */
static void declare_yield(Ctx *c, RScope *s, Node *n) {
  if (s->kind == SK_COMP) {
    int k = s->node->kind;
    fail(c, n->span, "'yield' inside %s",
         k == N_LISTCOMP ? "list comprehension" : k == N_SETCOMP ? "set comprehension"
         : k == N_DICTCOMP ? "dict comprehension" : "generator expression");
    return;
  }
  if (s->kind != SK_FUNC) { fail(c, n->span, "%s", "'yield' outside function"); return; }
  s->is_generator = 1;
  declare(c, s, n->u.yield.value);
}

static void declare(Ctx *c, RScope *s, Node *n) {
  if (!n || c->failed) return;
  switch (n->kind) {
    case N_MODULE: declare_list(c, s, &n->u.module.body); break;
    case N_EXPR_STMT: declare(c, s, n->u.expr_stmt.value); break;
    case N_ASSIGN: declare_list(c, s, &n->u.assign.targets); declare(c, s, n->u.assign.value); break;
    case N_AUGASSIGN:
      declare(c, s, n->u.augassign.target);
      if (n->u.augassign.target->kind == N_NAME) {
        Str *id = &n->u.augassign.target->u.name.id;
        if (s->kind != SK_MODULE) add(c, s, id->s, id->len, F_USED);
      }
      declare(c, s, n->u.augassign.value);
      break;
    case N_ANNASSIGN:
      declare(c, s, n->u.annassign.target);
      declare(c, s, n->u.annassign.annotation);
      declare(c, s, n->u.annassign.value);
      break;
    case N_FUNCDEF: declare_funcdef(c, s, n); break;
    case N_LAMBDA: declare_lambda(c, s, n); break;
    case N_CLASSDEF: declare_classdef(c, s, n); break;
    case N_RETURN: declare(c, s, n->u.ret.value); break;
    case N_DELETE: declare_list(c, s, &n->u.del.targets); break;
    case N_IF:
    case N_WHILE:
      declare(c, s, n->u.if_.test);
      declare_list(c, s, &n->u.if_.body);
      declare_list(c, s, &n->u.if_.orelse);
      break;
    case N_FOR:
      declare(c, s, n->u.for_.target);
      declare(c, s, n->u.for_.iter);
      declare_list(c, s, &n->u.for_.body);
      declare_list(c, s, &n->u.for_.orelse);
      break;
    case N_IMPORT: case N_IMPORTFROM: declare_import(c, s, n); break;
    case N_TRY:
      declare_list(c, s, &n->u.try_.body);
      declare_list(c, s, &n->u.try_.handlers);
      declare_list(c, s, &n->u.try_.orelse);
      declare_list(c, s, &n->u.try_.finalbody);
      break;
    case N_EXCEPTHANDLER:
      declare(c, s, n->u.excepthandler.type);
      if (n->u.excepthandler.name.len)
        bind_name(c, s, n->u.excepthandler.name.s, n->u.excepthandler.name.len);
      declare_list(c, s, &n->u.excepthandler.body);
      break;
    case N_RAISE: declare(c, s, n->u.raise.exc); declare(c, s, n->u.raise.cause); break;
    case N_ASSERT: declare(c, s, n->u.assert_.test); declare(c, s, n->u.assert_.msg); break;
    case N_GLOBAL: case N_NONLOCAL: declare_global(c, s, n); break;
    case N_WITH:
      for (int i = 0; i < n->u.with.items.len; i++) {
        Node *it = n->u.with.items.items[i];
        declare(c, s, it->u.withitem.context_expr);
        declare(c, s, it->u.withitem.optional_vars);
      }
      declare_list(c, s, &n->u.with.body);
      break;
    case N_NAME:
      if (s->kind == SK_MODULE) break;
      add(c, s, n->u.name.id.s, n->u.name.id.len, n->u.name.ctx == CTX_LOAD ? F_USED : F_BOUND);
      break;
    case N_CONSTANT: break;
    case N_JOINEDSTR: declare_list(c, s, &n->u.joinedstr.values); break;
    case N_FORMATTEDVALUE:
      declare(c, s, n->u.formattedvalue.value);
      declare(c, s, n->u.formattedvalue.format_spec);
      break;
    case N_TUPLE: case N_LIST: case N_SET: declare_list(c, s, &n->u.seq.elts); break;
    case N_DICT:
      for (int i = 0; i < n->u.dict.keys.len; i++) declare(c, s, n->u.dict.keys.items[i]);
      declare_list(c, s, &n->u.dict.values);
      break;
    case N_BINOP: declare(c, s, n->u.binop.left); declare(c, s, n->u.binop.right); break;
    case N_UNARYOP: declare(c, s, n->u.unaryop.operand); break;
    case N_BOOLOP: declare_list(c, s, &n->u.boolop.values); break;
    case N_COMPARE: declare(c, s, n->u.compare.left); declare_list(c, s, &n->u.compare.comparators); break;
    case N_CALL:
      declare(c, s, n->u.call.func);
      declare_list(c, s, &n->u.call.args);
      declare_list(c, s, &n->u.call.keywords);
      note_super_call(c, s, n);
      break;
    case N_KEYWORD: declare(c, s, n->u.keyword.value); break;
    case N_MATCH:
      declare(c, s, n->u.match.subject);
      declare_list(c, s, &n->u.match.cases);
      break;
    case N_MATCHCASE:
      declare(c, s, n->u.matchcase.pattern);
      declare(c, s, n->u.matchcase.guard);
      declare_list(c, s, &n->u.matchcase.body);
      break;
    case N_MATCHVALUE: case N_MATCHSINGLETON: declare(c, s, n->u.matchvalue.value); break;
    case N_MATCHSEQUENCE: case N_MATCHOR: declare_list(c, s, &n->u.matchseq.patterns); break;
    case N_MATCHMAPPING:
      declare_list(c, s, &n->u.matchmap.keys);
      declare_list(c, s, &n->u.matchmap.patterns);
      declare(c, s, n->u.matchmap.rest);
      break;
    case N_MATCHCLASS:
      declare(c, s, n->u.matchclass.cls);
      declare_list(c, s, &n->u.matchclass.patterns);
      declare_list(c, s, &n->u.matchclass.kwds);
      break;
    case N_MATCHSTAR: case N_MATCHAS:
      declare(c, s, n->u.matchas.pattern);
      declare(c, s, n->u.matchas.name);
      break;
    case N_ATTRIBUTE: declare(c, s, n->u.attribute.value); break;
    case N_SUBSCRIPT: declare(c, s, n->u.subscript.value); declare(c, s, n->u.subscript.slice); break;
    case N_SLICE:
      declare(c, s, n->u.slice.lower);
      declare(c, s, n->u.slice.upper);
      declare(c, s, n->u.slice.step);
      break;
    case N_STARRED: declare(c, s, n->u.starred.value); break;
    case N_IFEXP:
      declare(c, s, n->u.ifexp.test);
      declare(c, s, n->u.ifexp.body);
      declare(c, s, n->u.ifexp.orelse);
      break;
    case N_LISTCOMP: case N_SETCOMP: case N_GENERATOREXP: case N_DICTCOMP:
      declare_comp(c, s, n);
      break;
    case N_NAMEDEXPR: declare_namedexpr(c, s, n); break;
    case N_YIELD: case N_YIELDFROM: declare_yield(c, s, n); break;
    default: break;
  }
}

/* ---- analysis: free variables and cells ------------------------------------------------- */
static int is_local(Sym *y) {
  return (y->flags & (F_BOUND | F_PARAM)) && !(y->flags & (F_GLOBAL | F_NONLOCAL));
}

static int analyze_sym(Ctx *c, RScope *s, Sym *ys) {
  int want = (ys->flags & F_NONLOCAL) ||
             ((ys->flags & F_USED) && !(ys->flags & (F_BOUND | F_PARAM | F_GLOBAL)));
  if (!want || (ys->flags & F_FREE)) return 0;
  const char *name = ys->name;
  size_t len = ys->len;
  RScope *chain[256];
  int nchain = 0;
  for (RScope *p = s->parent; p; p = p->parent) {
    if (p->kind == SK_MODULE) break;
    Sym *y = find(p, name, len);
    if (p->kind == SK_CLASS) {
      if (y && (y->flags & (F_NONLOCAL | F_FREE)) && !(y->flags & F_BOUND)) goto found_free;
      if (nchain < 256) chain[nchain++] = p;
      continue;
    }
    if (y) {
      if (y->flags & F_GLOBAL) break;
      if (is_local(y)) {
        y->flags |= F_CELL;
        goto link;
      }
      if (y->flags & (F_NONLOCAL | F_FREE)) goto found_free;
    }
    if (nchain < 256) chain[nchain++] = p;
    continue;
  found_free:
  link:
    ys = find(s, name, len);   /* re-find: chain additions may move arrays of other scopes */
    ys->flags |= F_FREE;
    for (int i = 0; i < nchain; i++) {
      Sym *z = add(c, chain[i], name, len, F_FREE);
      if (!z) return -1;
      z->flags |= F_FREE;
    }
    return 0;
  }
  ys = find(s, name, len);
  if (ys->flags & F_NONLOCAL) {
    char buf[300];
    snprintf(buf, sizeof buf, "no binding for nonlocal '%.*s' found", (int)len, name);
    Span sp = s->node ? s->node->span : (Span){1, 0, 1, 0};
    return fail(c, sp, "%s", buf);
  }
  return 0;
}

/* ---- building the runtime Scope ------------------------------------------------------ */
static char *arena_strndup(Arena *a, const char *s, size_t n) {
  char *p = arena_alloc(a, n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

static int param_index(Arguments *a, const char *name, size_t len) {
  int k = 0;
  NodeList *lists[2] = {&a->posonlyargs, &a->args};
  for (int l = 0; l < 2; l++)
    for (int i = 0; i < lists[l]->len; i++, k++) {
      Str *s = &lists[l]->items[i]->u.arg.arg;
      if (s->len == len && memcmp(s->s, name, len) == 0) return k;
    }
  for (int i = 0; i < a->kwonlyargs.len; i++, k++) {
    Str *s = &a->kwonlyargs.items[i]->u.arg.arg;
    if (s->len == len && memcmp(s->s, name, len) == 0) return k;
  }
  if (a->vararg) {
    Str *s = &a->vararg->u.arg.arg;
    if (s->len == len && memcmp(s->s, name, len) == 0) return k;
    k++;
  }
  if (a->kwarg) {
    Str *s = &a->kwarg->u.arg.arg;
    if (s->len == len && memcmp(s->s, name, len) == 0) return k;
  }
  return -1;
}

static Node *docstring_of(NodeList *body) {
  if (body->len == 0) return NULL;
  Node *st = body->items[0];
  if (st->kind == N_EXPR_STMT && st->u.expr_stmt.value->kind == N_CONSTANT &&
      st->u.expr_stmt.value->u.constant.kind == K_STR)
    return st->u.expr_stmt.value;
  return NULL;
}

static int build_scope(Ctx *c, RScope *s) {
  Scope *o = arena_alloc(c->arena, sizeof(Scope));
  s->out = o;
  o->kind = s->kind;
  o->is_generator = s->is_generator;
  o->vararg_slot = o->kwarg_slot = -1;
  Arguments *a = NULL;
  if (s->node && s->node->kind == N_FUNCDEF) a = s->node->u.funcdef.args;
  if (s->node && s->node->kind == N_LAMBDA) a = s->node->u.lambda.args;
  int nslot = 0;
  if (a) {
    o->nposonly = a->posonlyargs.len;
    o->nargs = a->posonlyargs.len + a->args.len;
    o->nkwonly = a->kwonlyargs.len;
    nslot = o->nargs + o->nkwonly;
    if (a->vararg) o->vararg_slot = nslot++;
    if (a->kwarg) o->kwarg_slot = nslot++;
    for (int i = 0; i < s->nsyms; i++) {
      Sym *y = &s->syms[i];
      if (y->flags & F_PARAM) y->slot = param_index(a, y->name, y->len);
    }
  }
  if (s->kind == SK_FUNC || s->kind == SK_COMP) {
    for (int i = 0; i < s->nsyms; i++) {
      Sym *y = &s->syms[i];
      if ((y->flags & F_PARAM) || !is_local(y)) continue;
      y->slot = nslot++;
    }
  }
  o->nlocals = nslot;
  o->is_cell = arena_alloc(c->arena, (size_t)nslot + 1);
  o->slot_names = arena_alloc(c->arena, sizeof(char *) * ((size_t)nslot + 1));
  int nfree = 0;
  for (int i = 0; i < s->nsyms; i++) {
    Sym *y = &s->syms[i];
    if (y->slot >= 0 && (s->kind == SK_FUNC || s->kind == SK_COMP)) {
      o->slot_names[y->slot] = arena_strndup(c->arena, y->name, y->len);
      if (y->flags & F_CELL) { o->is_cell[y->slot] = 1; o->ncellslots++; }
    }
    if ((y->flags & F_FREE) && !is_local(y)) nfree++;
  }
  /* free variables: their index in the closure */
  o->nfree = nfree;
  o->frees = arena_alloc(c->arena, sizeof(FreeRef) * ((size_t)nfree + 1));
  int k = 0;
  for (int i = 0; i < s->nsyms; i++) {
    Sym *y = &s->syms[i];
    if ((y->flags & F_FREE) && !is_local(y)) y->slot = k++;
  }
  /* by-name binding table (imports inside functions) */
  o->syms = arena_alloc(c->arena, sizeof(SymEntry) * ((size_t)s->nsyms + 1));
  o->nsyms = 0;
  /* names */
  Node *n = s->node;
  const char *nm = "<module>";
  size_t nl = 8;
  if (n && n->kind == N_FUNCDEF) { nm = n->u.funcdef.name.s; nl = n->u.funcdef.name.len; }
  else if (n && n->kind == N_CLASSDEF) { nm = n->u.classdef.name.s; nl = n->u.classdef.name.len; }
  else if (n && n->kind == N_LAMBDA) { nm = "<lambda>"; nl = 8; }
  else if (n && n->kind == N_LISTCOMP) { nm = "<listcomp>"; nl = 10; }
  else if (n && n->kind == N_SETCOMP) { nm = "<setcomp>"; nl = 9; }
  else if (n && n->kind == N_DICTCOMP) { nm = "<dictcomp>"; nl = 10; }
  else if (n && n->kind == N_GENERATOREXP) { nm = "<genexpr>"; nl = 9; }
  o->name = arena_strndup(c->arena, nm, nl);
  if (s->parent && s->parent->kind != SK_MODULE) {
    Scope *po = s->parent->out;
    size_t pl = strlen(po->qualname);
    int loc = s->parent->kind != SK_CLASS;
    o->qualname = arena_alloc(c->arena, pl + nl + 12);
    sprintf(o->qualname, "%s.%s%.*s", po->qualname, loc ? "<locals>." : "", (int)nl, nm);
  } else {
    o->qualname = arena_strndup(c->arena, nm, nl);
  }
  if (n && n->kind == N_FUNCDEF) o->doc = docstring_of(&n->u.funcdef.body);
  if (n && n->kind == N_CLASSDEF) o->doc = docstring_of(&n->u.classdef.body);
  if (n && n->kind == N_MODULE) o->doc = docstring_of(&n->u.module.body);
  o->parent = s->parent ? s->parent->out : NULL;
  return 0;
}

/* where `name` lives when referenced from scope s */
static Resolved resolve_in(Ctx *c, RScope *s, const char *name, size_t len) {
  Resolved r = {RS_GLOBAL, 0};
  Sym *y = s->kind == SK_MODULE ? NULL : find(s, name, len);
  if (y) {
    if (y->flags & F_GLOBAL) goto global;
    if (s->kind == SK_CLASS) {
      if ((y->flags & F_FREE) && !(y->flags & F_BOUND)) { r.scope = RS_FREE; r.slot = y->slot; return r; }
      if (y->flags & F_BOUND) {
        r.scope = RS_CLASS;
        goto global_slot;
      }
      goto global;
    }
    if (is_local(y)) {
      r.scope = (y->flags & F_CELL) ? RS_CELL : RS_LOCAL;
      r.slot = y->slot;
      return r;
    }
    if (y->flags & F_FREE) { r.scope = RS_FREE; r.slot = y->slot; return r; }
  }
global:
  r.scope = RS_GLOBAL;
global_slot: {
    Obj *in = str_intern_n(name, len);
    int64_t k = in ? module_slot(c->mod, in) : -1;
    if (k < 0) { c->failed = 1; return r; }
    r.slot = (int)k;
  }
  return r;
}

static void fill_free_refs(RScope *s) {
  /* for each free variable of s, where the defining frame (the parent's) holds it */
  Scope *o = s->out;
  RScope *p = s->parent;
  for (int i = 0; i < s->nsyms; i++) {
    Sym *y = &s->syms[i];
    if (!((y->flags & F_FREE) && !is_local(y))) continue;
    Sym *py = p ? find(p, y->name, y->len) : NULL;
    FreeRef fr = {1, 0};
    if (py && is_local(py) && (py->flags & F_CELL) && p->kind != SK_CLASS) fr = (FreeRef){0, py->slot};
    else if (py) fr = (FreeRef){1, py->slot};
    o->frees[y->slot] = fr;
  }
}

/* ---- pass 2: fill the nodes ---------------------------------------------------------- */
static void fill(Ctx *c, RScope *s, Node *n);

static void fill_list(Ctx *c, RScope *s, NodeList *l) {
  for (int i = 0; i < l->len; i++) fill(c, s, l->items[i]);
}

static void own(Ctx *c, Obj *o);

static void fill_args(Ctx *c, RScope *s, RScope *inner, Arguments *a) {
  fill_list(c, s, &a->defaults);
  for (int i = 0; i < a->kw_defaults.len; i++)
    if (a->kw_defaults.items[i]) fill(c, s, a->kw_defaults.items[i]);
  NodeList *lists[3] = {&a->posonlyargs, &a->args, &a->kwonlyargs};
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < lists[k]->len; i++) {
      Node *ar = lists[k]->items[i];
      ar->u.arg.res = resolve_in(c, inner, ar->u.arg.arg.s, ar->u.arg.arg.len);
    }
  if (a->vararg) a->vararg->u.arg.res = resolve_in(c, inner, a->vararg->u.arg.arg.s, a->vararg->u.arg.arg.len);
  if (a->kwarg) a->kwarg->u.arg.res = resolve_in(c, inner, a->kwarg->u.arg.arg.s, a->kwarg->u.arg.arg.len);
}

static void fill_symtable(Ctx *c, RScope *s) {
  Scope *o = s->out;
  for (int i = 0; i < s->nsyms; i++) {
    Sym *y = &s->syms[i];
    if (!(y->flags & (F_BOUND | F_GLOBAL | F_FREE | F_NONLOCAL))) continue;
    SymEntry *e = &o->syms[o->nsyms++];
    e->name = arena_strndup(c->arena, y->name, y->len);
    e->res = resolve_in(c, s, y->name, y->len);
  }
}

static void fill_funcdef(Ctx *c, RScope *s, Node *n) {
  RScope *fs = n->u.funcdef.scope_info;
  fill_list(c, s, &n->u.funcdef.decorators);
  fs->out->bind = resolve_in(c, s, n->u.funcdef.name.s, n->u.funcdef.name.len);
  fill_args(c, s, fs, n->u.funcdef.args);
  each_annotation(n->u.funcdef.args, fill, c, s);
  if (n->u.funcdef.returns) fill(c, s, n->u.funcdef.returns);
  fill_free_refs(fs);
  fill_symtable(c, fs);
  n->u.funcdef.scope_info = fs->out;
  fill_list(c, fs, &n->u.funcdef.body);
}

static void fill_lambda(Ctx *c, RScope *s, Node *n) {
  RScope *fs = n->u.lambda.scope_info;
  fill_args(c, s, fs, n->u.lambda.args);
  fill_free_refs(fs);
  fill_symtable(c, fs);
  n->u.lambda.scope_info = fs->out;
  fill(c, fs, n->u.lambda.body);
}

static void fill_classdef(Ctx *c, RScope *s, Node *n) {
  RScope *cs = n->u.classdef.scope_info;
  fill_list(c, s, &n->u.classdef.decorators);
  fill_list(c, s, &n->u.classdef.bases);
  for (int i = 0; i < n->u.classdef.keywords.len; i++) fill(c, s, n->u.classdef.keywords.items[i]);
  cs->out->bind = resolve_in(c, s, n->u.classdef.name.s, n->u.classdef.name.len);
  fill_free_refs(cs);
  n->u.classdef.scope_info = cs->out;
  fill_list(c, cs, &n->u.classdef.body);
}

/* str and bytes constants get their object once, owned by the code unit */
static void fill_constant(Ctx *c, Node *n) {
  if (n->u.constant.kind == K_STR || n->u.constant.kind == K_BYTES) {
    Value v = n->u.constant.kind == K_BYTES ? bytes_new(n->u.constant.s.s, n->u.constant.s.len)
                                            : str_new(n->u.constant.s.s, n->u.constant.s.len);
    if (VAL_IS_NULL(v)) { c->failed = 1; return; }
    own(c, v.u.o);
    n->u.constant.i = (int64_t)(intptr_t)v.u.o;
  } else if (n->u.constant.kind == K_BIGINT && !n->u.constant.i) {
    Value v = num_big_from_digits(n->u.constant.s.s, n->u.constant.s.len,
                                  (int)n->u.constant.f, 0);
    if (VAL_IS_NULL(v)) { c->failed = 1; return; }
    own(c, v.u.o);
    n->u.constant.i = (int64_t)(intptr_t)v.u.o;
  }
}

/* a call with named keywords only (no **) caches the tuple of their interned names */
static void fill_call(Ctx *c, RScope *s, Node *n) {
  fill(c, s, n->u.call.func);
  fill_list(c, s, &n->u.call.args);
  int named = 0, dstar = 0;
  for (int i = 0; i < n->u.call.keywords.len; i++) {
    Node *k = n->u.call.keywords.items[i];
    fill(c, s, k->u.keyword.value);
    if (k->u.keyword.arg.len) named++;
    else dstar = 1;
  }
  if (named && !dstar) {
    Value t = tuple_new(named);
    if (VAL_IS_NULL(t)) { c->failed = 1; return; }
    for (int i = 0; i < named; i++) {
      Str *a = &n->u.call.keywords.items[i]->u.keyword.arg;
      Obj *in = str_intern_n(a->s, a->len);
      if (!in) { val_decref(t); c->failed = 1; return; }
      TUPLE_SET(t, i, val_obj(in));
    }
    own(c, t.u.o);
    n->u.call.cache = t.u.o;
  }
}

/* the first iterable is evaluated in the enclosing scope, the rest in the comprehension's */
static void fill_comp(Ctx *c, RScope *s, Node *n) {
  NodeList *gens = &n->u.comp.generators;
  if (gens->len == 0) return;
  RScope *cs = n->u.comp.scope_info;
  fill(c, s, gens->items[0]->u.comprehension.iter);
  fill_free_refs(cs);
  fill_symtable(c, cs);
  n->u.comp.scope_info = cs->out;
  for (int i = 0; i < gens->len; i++) {
    Node *g = gens->items[i];
    fill(c, cs, g->u.comprehension.target);
    if (i > 0) fill(c, cs, g->u.comprehension.iter);
    fill_list(c, cs, &g->u.comprehension.ifs);
  }
  fill(c, cs, n->u.comp.elt);
  fill(c, cs, n->u.comp.value);
}

static void fill(Ctx *c, RScope *s, Node *n) {
  if (!n || c->failed) return;
  switch (n->kind) {
    case N_MODULE: fill_list(c, s, &n->u.module.body); break;
    case N_EXPR_STMT: fill(c, s, n->u.expr_stmt.value); break;
    case N_ASSIGN: fill_list(c, s, &n->u.assign.targets); fill(c, s, n->u.assign.value); break;
    case N_AUGASSIGN: fill(c, s, n->u.augassign.target); fill(c, s, n->u.augassign.value); break;
    case N_ANNASSIGN:
      fill(c, s, n->u.annassign.target);
      fill(c, s, n->u.annassign.annotation);
      fill(c, s, n->u.annassign.value);
      break;
    case N_FUNCDEF: fill_funcdef(c, s, n); break;
    case N_LAMBDA: fill_lambda(c, s, n); break;
    case N_CLASSDEF: fill_classdef(c, s, n); break;
    case N_RETURN: fill(c, s, n->u.ret.value); break;
    case N_DELETE: fill_list(c, s, &n->u.del.targets); break;
    case N_IF:
    case N_WHILE:
      fill(c, s, n->u.if_.test);
      fill_list(c, s, &n->u.if_.body);
      fill_list(c, s, &n->u.if_.orelse);
      break;
    case N_FOR:
      fill(c, s, n->u.for_.target);
      fill(c, s, n->u.for_.iter);
      fill_list(c, s, &n->u.for_.body);
      fill_list(c, s, &n->u.for_.orelse);
      break;
    case N_TRY:
      fill_list(c, s, &n->u.try_.body);
      fill_list(c, s, &n->u.try_.handlers);
      fill_list(c, s, &n->u.try_.orelse);
      fill_list(c, s, &n->u.try_.finalbody);
      break;
    case N_EXCEPTHANDLER:
      fill(c, s, n->u.excepthandler.type);
      if (n->u.excepthandler.name.len)
        n->u.excepthandler.res = resolve_in(c, s, n->u.excepthandler.name.s, n->u.excepthandler.name.len);
      fill_list(c, s, &n->u.excepthandler.body);
      break;
    case N_RAISE: fill(c, s, n->u.raise.exc); fill(c, s, n->u.raise.cause); break;
    case N_ASSERT: fill(c, s, n->u.assert_.test); fill(c, s, n->u.assert_.msg); break;
    case N_GLOBAL:
    case N_NONLOCAL:
      if (n->u.global.res)
        for (int i = 0; i < n->u.global.n; i++)
          n->u.global.res[i] = resolve_in(c, s, n->u.global.names[i].s, n->u.global.names[i].len);
      break;
    case N_WITH:
      for (int i = 0; i < n->u.with.items.len; i++) {
        Node *it = n->u.with.items.items[i];
        fill(c, s, it->u.withitem.context_expr);
        fill(c, s, it->u.withitem.optional_vars);
      }
      fill_list(c, s, &n->u.with.body);
      break;
    case N_NAME:
      n->u.name.res = resolve_in(c, s, n->u.name.id.s, n->u.name.id.len);
      break;
    case N_CONSTANT: fill_constant(c, n); break;
    case N_JOINEDSTR: fill_list(c, s, &n->u.joinedstr.values); break;
    case N_FORMATTEDVALUE:
      fill(c, s, n->u.formattedvalue.value);
      fill(c, s, n->u.formattedvalue.format_spec);
      break;
    case N_TUPLE: case N_LIST: case N_SET: fill_list(c, s, &n->u.seq.elts); break;
    case N_DICT:
      for (int i = 0; i < n->u.dict.keys.len; i++) fill(c, s, n->u.dict.keys.items[i]);
      fill_list(c, s, &n->u.dict.values);
      break;
    case N_BINOP: fill(c, s, n->u.binop.left); fill(c, s, n->u.binop.right); break;
    case N_UNARYOP: fill(c, s, n->u.unaryop.operand); break;
    case N_BOOLOP: fill_list(c, s, &n->u.boolop.values); break;
    case N_COMPARE: fill(c, s, n->u.compare.left); fill_list(c, s, &n->u.compare.comparators); break;
    case N_CALL: fill_call(c, s, n); break;
    case N_KEYWORD: fill(c, s, n->u.keyword.value); break;
    case N_MATCH:
      fill(c, s, n->u.match.subject);
      fill_list(c, s, &n->u.match.cases);
      break;
    case N_MATCHCASE:
      fill(c, s, n->u.matchcase.pattern);
      fill(c, s, n->u.matchcase.guard);
      fill_list(c, s, &n->u.matchcase.body);
      break;
    case N_MATCHVALUE: case N_MATCHSINGLETON: fill(c, s, n->u.matchvalue.value); break;
    case N_MATCHSEQUENCE: case N_MATCHOR: fill_list(c, s, &n->u.matchseq.patterns); break;
    case N_MATCHMAPPING:
      fill_list(c, s, &n->u.matchmap.keys);
      fill_list(c, s, &n->u.matchmap.patterns);
      fill(c, s, n->u.matchmap.rest);
      break;
    case N_MATCHCLASS:
      fill(c, s, n->u.matchclass.cls);
      fill_list(c, s, &n->u.matchclass.patterns);
      fill_list(c, s, &n->u.matchclass.kwds);
      break;
    case N_MATCHSTAR: case N_MATCHAS:
      fill(c, s, n->u.matchas.pattern);
      fill(c, s, n->u.matchas.name);
      break;
    case N_ATTRIBUTE:
      fill(c, s, n->u.attribute.value);
      n->u.attribute.cache = str_intern_n(n->u.attribute.attr.s, n->u.attribute.attr.len);
      if (!n->u.attribute.cache) c->failed = 1;
      break;
    case N_SUBSCRIPT: fill(c, s, n->u.subscript.value); fill(c, s, n->u.subscript.slice); break;
    case N_SLICE:
      fill(c, s, n->u.slice.lower);
      fill(c, s, n->u.slice.upper);
      fill(c, s, n->u.slice.step);
      break;
    case N_STARRED: fill(c, s, n->u.starred.value); break;
    case N_IFEXP:
      fill(c, s, n->u.ifexp.test);
      fill(c, s, n->u.ifexp.body);
      fill(c, s, n->u.ifexp.orelse);
      break;
    case N_LISTCOMP: case N_SETCOMP: case N_GENERATOREXP: case N_DICTCOMP: fill_comp(c, s, n); break;
    case N_NAMEDEXPR:
      fill(c, s, n->u.namedexpr.value);
      fill(c, s, n->u.namedexpr.target);
      break;
    case N_YIELD: case N_YIELDFROM: fill(c, s, n->u.yield.value); break;
    default: break;
  }
}

/* objects created for the nodes (constants, keyword tuples) live as long as the code unit */
static void own(Ctx *c, Obj *o) {
  if (func_code_own(c->code, o) < 0) c->failed = 1;
}

/* an `x: T` at module level (in any block that is not a def or class) */
static int has_module_annotations(NodeList *body) {
  for (int i = 0; i < body->len; i++) {
    Node *s = body->items[i];
    switch (s->kind) {
      case N_ANNASSIGN: if (s->u.annassign.target->kind == N_NAME) return 1; break;
      case N_IF: case N_WHILE:
        if (has_module_annotations(&s->u.if_.body) || has_module_annotations(&s->u.if_.orelse))
          return 1;
        break;
      case N_FOR:
        if (has_module_annotations(&s->u.for_.body) || has_module_annotations(&s->u.for_.orelse))
          return 1;
        break;
      case N_WITH: if (has_module_annotations(&s->u.with.body)) return 1; break;
      case N_TRY:
        if (has_module_annotations(&s->u.try_.body) || has_module_annotations(&s->u.try_.orelse) ||
            has_module_annotations(&s->u.try_.finalbody))
          return 1;
        for (int k = 0; k < s->u.try_.handlers.len; k++)
          if (has_module_annotations(&s->u.try_.handlers.items[k]->u.excepthandler.body)) return 1;
        break;
      default: break;
    }
  }
  return 0;
}

int resolve_code(Node *module, ModuleObj *m, CodeObj *code, Span *err_span) {
  Ctx c = {.arena = code->arena, .mod = m, .code = code};
  if (unparse_future_annotations(module, code->arena) < 0) return -1;
  /* a module with annotated names has __annotations__ from its first line on, as in CPython */
  if (m && has_module_annotations(&module->u.module.body) &&
      VAL_IS_NULL(exec_module_annotations(m)))
    return -1;
  RScope *ms = new_scope(&c, SK_MODULE, module, NULL);
  if (!ms) return -1;
  c.module = ms;
  declare(&c, ms, module);
  /* parents come after children in c.all (prepended); analyze every scope */
  for (RScope *s = c.all; s && !c.failed; s = s->next_all) {
    if (s->kind == SK_MODULE) continue;
    for (int i = 0; i < s->nsyms && !c.failed; i++)
      if (analyze_sym(&c, s, &s->syms[i]) < 0) break;
  }
  /* runtime scopes, parents first (for qualnames) */
  if (!c.failed) {
    RScope *order[4096];
    int n = 0;
    RScope **big = NULL;
    for (RScope *s = c.all; s; s = s->next_all) n++;
    RScope **v = n <= 4096 ? order : (big = malloc(sizeof(RScope *) * (size_t)n));
    if (!v) { c.failed = 1; obj_raise_nomem(); }
    else {
      int k = n;
      for (RScope *s = c.all; s; s = s->next_all) v[--k] = s;
      for (int i = 0; i < n; i++) build_scope(&c, v[i]);
      free(big);
    }
  }
  if (!c.failed) {
    module->u.module.scope_info = ms->out;
    fill(&c, ms, module);
  }
  RScope *s = c.all;
  while (s) {
    RScope *nx = s->next_all;
    free(s->syms);
    free(s);
    s = nx;
  }
  if (c.failed) {
    if (err_span) *err_span = c.err_span;
    if (!obj_err_occurred()) obj_raise(&exc_SystemError, "resolver failed");
    return -1;
  }
  return 0;
}
