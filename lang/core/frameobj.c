/* frameobj.c - frame objects for sys._getframe (snapshots of the live frames: code name, file,
 * line, globals, locals, the caller), traceback objects, and the module sable._tb. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"
#include "modtable.h"

/* ---- code: what a frame ran (name, file, first line) ----------------------------------- */
typedef struct CodeInfo { Obj ob; Value name, filename; int firstline; } CodeInfo;
static void ci_dealloc(Obj *o) {
  val_decref(((CodeInfo *)o)->name);
  val_decref(((CodeInfo *)o)->filename);
  obj_free(o);
}
static Value ci_repr(Value v) {
  CodeInfo *c = (CodeInfo *)v.u.o;
  return str_fmt("<code object %s at %p, file \"%s\", line %d>", str_cstr(c->name), (void *)c,
                 str_cstr(c->filename), c->firstline);
}
static Value ci_name(Value v) { return val_incref(((CodeInfo *)v.u.o)->name); }
static Value ci_file(Value v) { return val_incref(((CodeInfo *)v.u.o)->filename); }
static Value ci_line(Value v) { return val_int(((CodeInfo *)v.u.o)->firstline); }
static const GetSetDef ci_getset[] = {
    {"co_name", ci_name, NULL, NULL}, {"co_qualname", ci_name, NULL, NULL},
    {"co_filename", ci_file, NULL, NULL}, {"co_firstlineno", ci_line, NULL, NULL}, {NULL}};
static TypeObj frame_code_type = {OBJ_TYPE_HEAD, .name = "code", .dealloc = ci_dealloc,
                                  .repr = ci_repr, .getset = ci_getset};

/* ---- frame ------------------------------------------------------------------------------ */
typedef struct FrameObj { Obj ob; Value code, globals, locals, back; int line; } FrameObj;
static void fr_dealloc(Obj *o) {
  FrameObj *f = (FrameObj *)o;
  val_decref(f->code);
  val_decref(f->globals);
  val_decref(f->locals);
  val_decref(f->back);
  obj_free(o);
}
static void fr_traverse(Obj *o, VisitFn visit, void *arg) {
  FrameObj *f = (FrameObj *)o;
  if (VAL_IS_OBJ(f->globals)) visit(f->globals.u.o, arg);
  if (VAL_IS_OBJ(f->locals)) visit(f->locals.u.o, arg);
  if (VAL_IS_OBJ(f->back)) visit(f->back.u.o, arg);
}
static void fr_clear(Obj *o) {
  FrameObj *f = (FrameObj *)o;
  val_clear(&f->globals);
  val_clear(&f->locals);
  val_clear(&f->back);
}
static Value fr_repr(Value v) {
  FrameObj *f = (FrameObj *)v.u.o;
  CodeInfo *c = (CodeInfo *)f->code.u.o;
  return str_fmt("<frame at %p, file '%s', line %d, code %s>", (void *)f, str_cstr(c->filename),
                 f->line, str_cstr(c->name));
}
static Value fr_code(Value v) { return val_incref(((FrameObj *)v.u.o)->code); }
static Value fr_line(Value v) { return val_int(((FrameObj *)v.u.o)->line); }
static Value fr_back(Value v) {
  Value b = ((FrameObj *)v.u.o)->back;
  return VAL_IS_NULL(b) ? val_none() : val_incref(b);
}
static Value fr_globals(Value v) { return val_incref(((FrameObj *)v.u.o)->globals); }
static Value fr_locals(Value v) {
  Value l = ((FrameObj *)v.u.o)->locals;
  if (VAL_IS_NULL(l))
    return obj_raise(&exc_AttributeError, "the locals of a traceback's frame are not kept");
  return val_incref(l);
}
static const GetSetDef fr_getset[] = {
    {"f_code", fr_code, NULL, NULL}, {"f_lineno", fr_line, NULL, NULL},
    {"f_back", fr_back, NULL, NULL}, {"f_globals", fr_globals, NULL, NULL},
    {"f_locals", fr_locals, NULL, NULL}, {NULL}};
static TypeObj frame_type = {OBJ_TYPE_HEAD, .name = "frame", .flags = TF_GC,
                             .dealloc = fr_dealloc, .traverse = fr_traverse, .clear = fr_clear,
                             .repr = fr_repr, .getset = fr_getset};

/* ---- traceback: one entry of an exception's traceback, and the next (inner) one ---------- */
typedef struct TbObj { Obj ob; TbEntry e; Value next, frame; } TbObj;
static void tbo_dealloc(Obj *o) {
  TbObj *t = (TbObj *)o;
  obj_xdecref(t->e.code);
  obj_xdecref(t->e.name);
  obj_xdecref(t->e.mod);
  val_decref(t->next);
  val_decref(t->frame);
  obj_free(o);
}
static void tbo_traverse(Obj *o, VisitFn visit, void *arg) {
  TbObj *t = (TbObj *)o;
  if (VAL_IS_OBJ(t->next)) visit(t->next.u.o, arg);
  if (VAL_IS_OBJ(t->frame)) visit(t->frame.u.o, arg);
}
static void tbo_clear(Obj *o) {
  TbObj *t = (TbObj *)o;
  val_clear(&t->next);
  val_clear(&t->frame);
}

Value frame_tb_new(TbEntry *e, Value next) {
  TbObj *t = obj_alloc(&frame_tb_type, sizeof(TbObj));
  if (!t) {
    obj_xdecref(e->code);
    obj_xdecref(e->name);
    obj_xdecref(e->mod);
    return val_null();
  }
  t->e = *e;
  t->next = val_incref(next);
  t->frame = val_null();
  return val_obj(&t->ob);
}

const TbEntry *frame_tb_entry(Value tb, Value *next) {
  if (!VAL_IS_OBJ(tb) || tb.u.o->type != &frame_tb_type) return NULL;
  *next = ((TbObj *)tb.u.o)->next;
  return &((TbObj *)tb.u.o)->e;
}

/* tb_frame: the frame's code, line and globals; its locals and caller are not kept once the
 * frame has returned: f_locals raises AttributeError and f_back is None */
static Value tbo_frame(Value v) {
  TbObj *t = (TbObj *)v.u.o;
  if (!VAL_IS_NULL(t->frame)) return val_incref(t->frame);
  CodeInfo *c = obj_alloc(&frame_code_type, sizeof(CodeInfo));
  FrameObj *fo = c ? obj_alloc(&frame_type, sizeof(FrameObj)) : NULL;
  if (!fo) {
    if (c) obj_decref(&c->ob);
    return val_null();
  }
  CodeObj *co = (CodeObj *)t->e.code;
  fo->code = val_obj(&c->ob);
  fo->back = val_null();
  fo->line = t->e.span.line;
  c->name = t->e.name ? val_incref(val_obj(t->e.name)) : str_from_cstr("?");
  c->filename = str_from_cstr(co && co->filename ? co->filename : "<unknown>");
  c->firstline = t->e.firstline;
  fo->globals = t->e.mod ? module_dict((ModuleObj *)t->e.mod) : dict_new();
  fo->locals = val_null();
  if (VAL_IS_NULL(c->name) || VAL_IS_NULL(c->filename) || VAL_IS_NULL(fo->globals)) {
    obj_decref(&fo->ob);
    return val_null();
  }
  t->frame = val_obj(&fo->ob);
  return val_incref(t->frame);
}
static Value tbo_line(Value v) { return val_int(((TbObj *)v.u.o)->e.span.line); }
static Value tbo_next(Value v) {
  Value n = ((TbObj *)v.u.o)->next;
  return VAL_IS_NULL(n) ? val_none() : val_incref(n);
}
static const GetSetDef tbo_getset[] = {
    {"tb_frame", tbo_frame, NULL, NULL}, {"tb_lineno", tbo_line, NULL, NULL},
    {"tb_next", tbo_next, NULL, NULL}, {NULL}};
static Value tbo_repr(Value v) { return str_fmt("<traceback object at %p>", (void *)v.u.o); }
TypeObj frame_tb_type = {OBJ_TYPE_HEAD, .name = "traceback", .flags = TF_GC,
                         .dealloc = tbo_dealloc, .traverse = tbo_traverse, .clear = tbo_clear,
                         .repr = tbo_repr, .getset = tbo_getset};

static Value locals_of(Frame *f, Value globals) {
  if (f->classdict) return val_incref(val_obj(f->classdict));
  if (!f->func || !f->scope) return val_incref(globals);
  Value d = dict_new();
  if (VAL_IS_NULL(d)) return d;
  for (int i = 0; i < f->scope->nlocals; i++) {
    Value v = f->locals[i];
    if (f->scope->is_cell && f->scope->is_cell[i] && VAL_IS_OBJ(v)) v = ((CellObj *)v.u.o)->v;
    if (VAL_IS_NULL(v) || !f->scope->slot_names || !f->scope->slot_names[i]) continue;
    if (dict_setstr(d, f->scope->slot_names[i], v) < 0) { val_decref(d); return val_null(); }
  }
  return d;
}

static Value snapshot(Frame *f) {
  if (!f) return val_none();
  STACK_CHECK_OR(val_null());
  Value back = snapshot(f->back);
  if (VAL_IS_NULL(back)) return back;
  CodeInfo *c = obj_alloc(&frame_code_type, sizeof(CodeInfo));
  FrameObj *fo = c ? obj_alloc(&frame_type, sizeof(FrameObj)) : NULL;
  if (!fo) {
    if (c) obj_decref(&c->ob);
    val_decref(back);
    return val_null();
  }
  fo->code = val_obj(&c->ob);
  fo->back = back;
  fo->line = f->line;
  c->name = f->name ? val_incref(val_obj(f->name)) : str_from_cstr("?");
  c->filename = str_from_cstr(f->code && f->code->filename ? f->code->filename : "<unknown>");
  c->firstline = f->func && f->func->def ? f->func->def->span.line : 1;
  fo->globals = module_dict(f->mod);
  if (VAL_IS_NULL(c->name) || VAL_IS_NULL(c->filename) || VAL_IS_NULL(fo->globals)) {
    obj_decref(&fo->ob);
    return val_null();
  }
  fo->locals = locals_of(f, fo->globals);
  if (VAL_IS_NULL(fo->locals)) { obj_decref(&fo->ob); return val_null(); }
  return val_obj(&fo->ob);
}

Value frame_get(int depth) {
  Frame *f = obj_ts.frame;
  for (int i = 0; i < depth && f; i++) f = f->back;
  if (!f) return obj_raise(&exc_ValueError, "call stack is not deep enough");
  return snapshot(f);
}

/* ---- sable._tb: what traceback.py needs from an exception ----------------------------- */
static Value lines_list(char **lines, int n) {
  Value l = list_new(0);
  for (int i = 0; i < n; i++) {
    if (!VAL_IS_NULL(l) && list_append_steal(l, str_from_cstr(lines[i] ? lines[i] : "")) < 0) {
      val_decref(l);
      l = val_null();
    }
    free(lines[i]);
  }
  free(lines);
  return l;
}

static int limit_arg(Value v, int *limit) {
  int64_t k;
  *limit = INT_MIN;
  if (VAL_IS_NONE(v)) return 0;
  if (op_as_int(v, &k) < 0) return -1;
  *limit = k > 1 << 20 ? 1 << 20 : k < -(1 << 20) ? -(1 << 20) : (int)k;
  return 0;
}

/* format(exc, tb, limit, chain): tb is the exception's own traceback when it is exc itself */
static Value tb_lines(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("format", argc, kw, 1, 4) < 0) return val_null();
  if (!VAL_IS_OBJ(argv[0]) || !(argv[0].u.o->type->flags & TF_EXC))
    return obj_raise(&exc_TypeError, "an exception is required");
  int limit = INT_MIN, chain = 1;
  if (argc > 2 && limit_arg(argv[2], &limit) < 0) return val_null();
  if (argc > 3 && (chain = op_truth(argv[3])) < 0) return val_null();
  const Value *tb = argc > 1 && !(VAL_IS_OBJ(argv[1]) && argv[1].u.o == argv[0].u.o) ? &argv[1] : NULL;
  char **lines = NULL;
  int n = tb_format_exception_ex(argv[0], tb, limit, chain, &lines);
  return lines_list(lines, n);
}

static Value tb_format_chain(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("format_tb", argc, kw, 1, 2) < 0) return val_null();
  int limit = INT_MIN;
  if (argc > 1 && limit_arg(argv[1], &limit) < 0) return val_null();
  char **lines = NULL;
  int n = tb_format_tb(argv[0], limit, &lines);
  return lines_list(lines, n);
}

static Value entry_tuple(const TbEntry *t) {
  CodeObj *c = (CodeObj *)t->code;
  size_t n = 0;
  const char *src = c ? func_code_line(c, t->span.line, &n) : NULL;
  Value line = src ? str_new(src, n) : str_from_cstr("");
  Value fn = str_from_cstr(c && c->filename ? c->filename : "<unknown>");
  Value nm = t->name ? val_incref(val_obj(t->name)) : str_from_cstr("?");
  Value tup = VAL_IS_NULL(line) || VAL_IS_NULL(fn) || VAL_IS_NULL(nm) ? val_null()
              : tuple_pack(4, fn, val_int(t->span.line), nm, line);
  val_decref(line);
  val_decref(fn);
  val_decref(nm);
  return tup;
}

/* [(filename, lineno, name, line), ...] of an exception's or a traceback chain's entries,
 * outermost first */
static Value tb_extract(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("extract", argc, kw, 1, 1) < 0) return val_null();
  Value l = list_new(0);
  Value next;
  if (frame_tb_entry(argv[0], &next)) {
    int k = 0;
    for (Value t = argv[0]; !VAL_IS_NULL(l) && k < 1 << 20; t = next, k++) {
      const TbEntry *e = frame_tb_entry(t, &next);
      if (!e) break;
      Value tup = entry_tuple(e);
      if (VAL_IS_NULL(tup) || list_append_steal(l, tup) < 0) { val_decref(l); l = val_null(); }
    }
    return l;
  }
  if (!VAL_IS_OBJ(argv[0]) || !(argv[0].u.o->type->flags & TF_EXC)) return l;
  ExcObj *e = (ExcObj *)argv[0].u.o;
  for (int i = e->ntb - 1; i >= 0 && !VAL_IS_NULL(l); i--) {
    Value tup = entry_tuple(&e->tb[i]);
    if (VAL_IS_NULL(tup) || list_append_steal(l, tup) < 0) { val_decref(l); l = val_null(); }
  }
  return l;
}

static Value tb_current(int argc, const Value *argv, Obj *kw) {
  Value h = obj_ts.handling;
  return VAL_IS_NULL(h) ? val_none() : val_incref(h);
}

/* [(filename, lineno, name, line), ...] of the live frames, outermost first, leaving out the
 * `skip` innermost ones */
static Value tb_stack(int argc, const Value *argv, Obj *kw) {
  int64_t skip = 0;
  if (func_check_args("stack", argc, kw, 0, 1) < 0 || (argc && op_as_int(argv[0], &skip) < 0))
    return val_null();
  Frame *f = obj_ts.frame;
  for (int64_t i = 0; i < skip && f; i++) f = f->back;
  Value l = list_new(0);
  for (; f && !VAL_IS_NULL(l); f = f->back) {
    CodeObj *c = f->code;
    size_t n = 0;
    const char *src = c ? func_code_line(c, f->line, &n) : NULL;
    Value line = src ? str_new(src, n) : str_from_cstr("");
    Value fn = str_from_cstr(c && c->filename ? c->filename : "<unknown>");
    Value nm = f->name ? val_incref(val_obj(f->name)) : str_from_cstr("?");
    Value tup = VAL_IS_NULL(line) || VAL_IS_NULL(fn) || VAL_IS_NULL(nm) ? val_null()
                : tuple_pack(4, fn, val_int(f->line), nm, line);
    val_decref(line);
    val_decref(fn);
    val_decref(nm);
    if (VAL_IS_NULL(tup) || list_append_steal(l, tup) < 0) { val_decref(l); l = val_null(); }
  }
  if (!VAL_IS_NULL(l) && LIST(l.u.o)->len > 1) {
    ListObj *L = LIST(l.u.o);
    for (int64_t i = 0, j = L->len - 1; i < j; i++, j--) {
      Value t = L->items[i];
      L->items[i] = L->items[j];
      L->items[j] = t;
    }
  }
  return l;
}

/* [(name, kind, has_default, default), ...] of a user function's parameters, kind as
 * inspect.Parameter's (0 positional-only ... 4 var-keyword); None for other callables */
static Value tb_params(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("params", argc, kw, 1, 1) < 0) return val_null();
  if (!VAL_IS_OBJ(argv[0]) || argv[0].u.o->type != &func_type) return val_none();
  FuncObj *fn = FUNC(argv[0].u.o);
  Node *def = fn->def;
  Arguments *a = def->kind == N_LAMBDA ? def->u.lambda.args : def->u.funcdef.args;
  Value l = list_new(0);
  int npos = a->posonlyargs.len + a->args.len;
  for (int i = 0; i < npos + 2 + a->kwonlyargs.len + 1 && !VAL_IS_NULL(l); i++) {
    Node *p = NULL;
    int kind = 0;
    Value d = val_null();
    if (i < npos) {
      p = i < a->posonlyargs.len ? a->posonlyargs.items[i] : a->args.items[i - a->posonlyargs.len];
      kind = i < a->posonlyargs.len ? 0 : 1;
      int k = i - (npos - fn->ndefaults);
      if (k >= 0 && fn->defaults) d = fn->defaults[k];
    } else if (i == npos) {
      p = a->vararg;
      kind = 2;
    } else if (i < npos + 1 + a->kwonlyargs.len) {
      int k = i - npos - 1;
      p = a->kwonlyargs.items[k];
      kind = 3;
      if (fn->kwdefaults) d = fn->kwdefaults[k];
    } else if (i == npos + 1 + a->kwonlyargs.len) {
      p = a->kwarg;
      kind = 4;
    }
    if (!p) continue;
    Value nm = str_new(p->u.arg.arg.s, p->u.arg.arg.len);
    Value t = VAL_IS_NULL(nm) ? nm : tuple_pack(4, nm, val_int(kind), val_bool(!VAL_IS_NULL(d)),
                                                 VAL_IS_NULL(d) ? val_none() : d);
    val_decref(nm);
    if (VAL_IS_NULL(t) || list_append_steal(l, t) < 0) { val_decref(l); l = val_null(); }
  }
  return l;
}

/* (text, first line) of a user function's definition, decorators included; None if unknown */
static Value tb_source(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("source", argc, kw, 1, 1) < 0) return val_null();
  if (!VAL_IS_OBJ(argv[0]) || argv[0].u.o->type != &func_type) return val_none();
  FuncObj *fn = FUNC(argv[0].u.o);
  CodeObj *c = (CodeObj *)fn->code;
  Node *def = fn->def;
  if (!c || !c->src || !def) return val_none();
  int first = def->span.line, last = def->span.end_line;
  if (def->kind == N_FUNCDEF)
    for (int i = 0; i < def->u.funcdef.decorators.len; i++)
      if (def->u.funcdef.decorators.items[i]->span.line < first)
        first = def->u.funcdef.decorators.items[i]->span.line;
  if (first < 1 || last < first || last > c->nlines) return val_none();
  FBuf b = {0};
  for (int ln = first; ln <= last; ln++) {
    size_t n = 0;
    const char *t = func_code_line(c, ln, &n);
    if (t) fbuf_putn(&b, t, n);
    fbuf_putc(&b, '\n');
  }
  Value text = str_new(b.s ? b.s : "", b.len);
  fbuf_free(&b);
  if (VAL_IS_NULL(text)) return text;
  Value r = tuple_pack(2, text, val_int(first));
  val_decref(text);
  return r;
}

static Value tb_is_generator(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("is_generator", argc, kw, 1, 1) < 0) return val_null();
  return val_bool(VAL_IS_OBJ(argv[0]) && argv[0].u.o->type == &func_type &&
                  FUNC(argv[0].u.o)->scope && FUNC(argv[0].u.o)->scope->is_generator);
}

static Value tb_filename(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("filename", argc, kw, 1, 1) < 0) return val_null();
  if (!VAL_IS_OBJ(argv[0]) || argv[0].u.o->type != &func_type) return val_none();
  CodeObj *c = (CodeObj *)FUNC(argv[0].u.o)->code;
  return str_from_cstr(c && c->filename ? c->filename : "<unknown>");
}

static const MethodDef tb_functions[] = {
    {"is_generator", tb_is_generator, "is_generator(f)\nWhether a user function's body yields.", 0},
    {"filename", tb_filename, "filename(f)\nThe file a user function was defined in.", 0},
    {"source", tb_source, "source(f)\n(text, first line) of a function's definition, or None.", 0},
    {"params", tb_params, "params(f)\n(name, kind, has_default, default) of each parameter.", 0},
    {"format", tb_lines, "format(exc)\nThe lines of the exception as an uncaught one prints.", 0},
    {"format_tb", tb_format_chain, "format_tb(tb, limit=None)\nThe frame lines of a traceback chain.", 0},
    {"extract", tb_extract, "extract(exc)\n(filename, lineno, name, line) of each frame.", 0},
    {"current", tb_current, "current()\nThe exception being handled, or None.", 0},
    {"stack", tb_stack, "stack(skip=0)\n(filename, lineno, name, line) of each live frame.", 0},
    {NULL}};

int modinit_sable__tb(Value m) { return module_add_functions(m, tb_functions); }
