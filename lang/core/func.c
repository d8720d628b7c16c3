/* func.c - callables and their plumbing: user functions, builtin functions and methods, bound
 * methods, closure cells, code units (a parsed source kept for tracebacks), argument parsing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

/* ---- argument helpers ------------------------------------------------------------------ */
int func_kwcount(Obj *kwnames) { return kwnames ? (int)TUPLE(kwnames)->len : 0; }

const char *func_kwname(Obj *kwnames, int i) { return STR(TUPLE(kwnames)->items[i].u.o)->s; }

int func_check_args(const char *fname, int argc, Obj *kwnames, int min, int max) {
  if (func_kwcount(kwnames)) {
    obj_raise(&exc_TypeError, "%s() takes no keyword arguments", fname);
    return -1;
  }
  if (argc >= min && argc <= max) return 0;
  if (min == max) {
    if (min == 0) obj_raise(&exc_TypeError, "%s() takes no arguments (%d given)", fname, argc);
    else if (min == 1) obj_raise(&exc_TypeError, "%s() takes exactly one argument (%d given)", fname, argc);
    else obj_raise(&exc_TypeError, "%s expected %d arguments, got %d", fname, min, argc);
  } else if (argc < min) {
    obj_raise(&exc_TypeError, "%s expected at least %d argument%s, got %d", fname, min,
              min == 1 ? "" : "s", argc);
  } else {
    obj_raise(&exc_TypeError, "%s expected at most %d argument%s, got %d", fname, max,
              max == 1 ? "" : "s", argc);
  }
  return -1;
}

int func_parse_args(const char *fname, int argc, const Value *argv, Obj *kwnames,
                    const char *spec, Value *out) {
  const char *names[24];
  size_t lens[24];
  int n = 0, nreq = -1, kwonly = -1;
  for (const char *p = spec; *p && n < 24;) {
    if (*p == '|') { nreq = n; p++; continue; }
    if (*p == '$') { kwonly = n; p++; continue; }
    if (*p == ',') { p++; continue; }
    const char *q = p;
    while (*q && *q != ',' && *q != '|' && *q != '$') q++;
    names[n] = p;
    lens[n] = (size_t)(q - p);
    n++;
    p = q;
  }
  if (nreq < 0) nreq = n;
  int npos = kwonly < 0 ? n : kwonly;
  for (int i = 0; i < n; i++) out[i] = val_null();
  if (argc > npos) {
    if (npos == 0) obj_raise(&exc_TypeError, "%s() takes no positional arguments", fname);
    else if (npos == nreq)
      obj_raise(&exc_TypeError, "%s() takes exactly %d positional argument%s (%d given)", fname,
                npos, npos == 1 ? "" : "s", argc);
    else
      obj_raise(&exc_TypeError, "%s() takes at most %d argument%s (%d given)", fname, npos,
                npos == 1 ? "" : "s", argc);
    return -1;
  }
  for (int i = 0; i < argc; i++) out[i] = argv[i];
  int nk = func_kwcount(kwnames);
  for (int k = 0; k < nk; k++) {
    StrObj *kn = STR(TUPLE(kwnames)->items[k].u.o);
    int found = -1;
    for (int i = 0; i < n; i++)
      if (lens[i] == kn->len && memcmp(names[i], kn->s, kn->len) == 0) { found = i; break; }
    if (found < 0) {
      obj_raise(&exc_TypeError, "'%s' is an invalid keyword argument for %s()", kn->s, fname);
      return -1;
    }
    if (!VAL_IS_NULL(out[found])) {
      obj_raise(&exc_TypeError, "argument for %s() given by name ('%s') and position (%d)",
                fname, kn->s, found + 1);
      return -1;
    }
    out[found] = argv[argc + k];
  }
  for (int i = 0; i < nreq; i++)
    if (VAL_IS_NULL(out[i])) {
      obj_raise(&exc_TypeError, "%s() missing required argument '%.*s' (pos %d)", fname,
                (int)lens[i], names[i], i + 1);
      return -1;
    }
  return 0;
}

/* ---- code units ------------------------------------------------------------------------ */
int func_code_own(CodeObj *c, Obj *o) {
  if (c->nowned == c->capowned) {
    int nc = c->capowned ? c->capowned * 2 : 64;
    Obj **n = obj_realloc_array(c->owned, (size_t)nc, sizeof(Obj *));
    if (!n) { obj_decref(o); return -1; }
    c->owned = n;
    c->capowned = nc;
  }
  c->owned[c->nowned++] = o;
  return 0;
}

static void code_dealloc(Obj *o) {
  CodeObj *c = (CodeObj *)o;
  for (int i = 0; i < c->nowned; i++) obj_decref(c->owned[i]);
  free(c->owned);
  if (c->arena) arena_free(c->arena);
  free(c->src);
  free(c->filename);
  free(c->lines);
  obj_free(o);
}
TypeObj func_code_type = {OBJ_TYPE_HEAD, .name = "code", .dealloc = code_dealloc};

Obj *func_code_new(const char *src, size_t len, const char *filename) {
  CodeObj *c = obj_alloc(&func_code_type, sizeof(CodeObj));
  if (!c) return NULL;
  c->src = obj_malloc(len + 1);
  c->filename = strdup(filename ? filename : "<string>");
  int nl = 1;
  for (size_t i = 0; i < len; i++) nl += src[i] == '\n';
  c->lines = obj_calloc((size_t)nl + 1, sizeof(size_t));
  if (!c->src || !c->filename || !c->lines) { obj_decref(&c->ob); return NULL; }
  memcpy(c->src, src, len);
  c->src[len] = 0;
  c->len = len;
  int k = 0;
  c->lines[k++] = 0;
  for (size_t i = 0; i < len; i++)
    if (src[i] == '\n') c->lines[k++] = i + 1;
  c->nlines = k;
  return &c->ob;
}

const char *func_code_line(CodeObj *c, int line, size_t *n) {
  if (!c || line < 1 || line > c->nlines) { *n = 0; return NULL; }
  size_t a = c->lines[line - 1], b = line < c->nlines ? c->lines[line] - 1 : c->len;
  if (b > a && c->src[b - 1] == '\r') b--;
  if (b < a) b = a;
  *n = b - a;
  return c->src + a;
}

/* ---- cells -------------------------------------------------------------------------------- */
static void cell_dealloc(Obj *o) { val_decref(((CellObj *)o)->v); obj_free(o); }
static void cell_traverse(Obj *o, VisitFn visit, void *arg) {
  if (VAL_IS_OBJ(((CellObj *)o)->v)) visit(((CellObj *)o)->v.u.o, arg);
}
static void cell_clear(Obj *o) { val_clear(&((CellObj *)o)->v); }
TypeObj func_cell_type = {OBJ_TYPE_HEAD, .name = "cell", .flags = TF_GC, .dealloc = cell_dealloc,
                          .traverse = cell_traverse, .clear = cell_clear};

Obj *func_cell_new(Value v) {
  CellObj *c = obj_alloc(&func_cell_type, sizeof(CellObj));
  if (!c) return NULL;
  c->v = val_incref(v);
  return &c->ob;
}

/* ---- user functions ------------------------------------------------------------------- */
static void func_dealloc(Obj *o) {
  FuncObj *f = FUNC(o);
  for (int i = 0; i < f->ndefaults; i++) val_decref(f->defaults[i]);
  free(f->defaults);
  if (f->kwdefaults && f->scope)
    for (int i = 0; i < f->scope->nkwonly; i++) val_decref(f->kwdefaults[i]);
  free(f->kwdefaults);
  for (int i = 0; i < f->nclosure; i++) obj_xdecref(f->closure[i]);
  free(f->closure);
  obj_xdecref(f->code);
  if (f->globals) obj_decref(&f->globals->ob);
  obj_xdecref(f->name);
  obj_xdecref(f->qualname);
  val_decref(f->doc);
  obj_xdecref(f->dict);
  val_decref(f->annotations);
  obj_free(o);
}

static void func_traverse(Obj *o, VisitFn visit, void *arg) {
  FuncObj *f = FUNC(o);
  for (int i = 0; i < f->ndefaults; i++)
    if (VAL_IS_OBJ(f->defaults[i])) visit(f->defaults[i].u.o, arg);
  if (f->kwdefaults && f->scope)
    for (int i = 0; i < f->scope->nkwonly; i++)
      if (VAL_IS_OBJ(f->kwdefaults[i])) visit(f->kwdefaults[i].u.o, arg);
  for (int i = 0; i < f->nclosure; i++)
    if (f->closure[i]) visit(f->closure[i], arg);
  if (f->globals) visit(&f->globals->ob, arg);
  if (VAL_IS_OBJ(f->doc)) visit(f->doc.u.o, arg);
  if (f->dict) visit(f->dict, arg);
  if (VAL_IS_OBJ(f->annotations)) visit(f->annotations.u.o, arg);
}

static void func_clear(Obj *o) {
  FuncObj *f = FUNC(o);
  for (int i = 0; i < f->ndefaults; i++) val_clear(&f->defaults[i]);
  if (f->kwdefaults && f->scope)
    for (int i = 0; i < f->scope->nkwonly; i++) val_clear(&f->kwdefaults[i]);
  for (int i = 0; i < f->nclosure; i++) {
    Obj *c = f->closure[i];
    f->closure[i] = NULL;
    obj_xdecref(c);
  }
  ModuleObj *g = f->globals;
  f->globals = NULL;
  if (g) obj_decref(&g->ob);
  val_clear(&f->doc);
  Obj *d = f->dict;
  f->dict = NULL;
  obj_xdecref(d);
  val_clear(&f->annotations);
}

static Value func_repr(Value v) {
  FuncObj *f = FUNC(v.u.o);
  return str_fmt("<function %s at %p>", f->qualname ? STR(f->qualname)->s : "?", (void *)f);
}

static Value func_call(Value v, int argc, const Value *argv, Obj *kw) {
  return call_function(FUNC(v.u.o), argc, argv, kw);
}

static Value func_getattr(Value v, Obj *name) {
  FuncObj *f = FUNC(v.u.o);
  const char *n = STR(name)->s;
  if (f->dict) {
    Value x = dict_get_h(val_obj(f->dict), val_obj(name), STR(name)->hash);
    if (!VAL_IS_NULL(x)) return val_incref(x);
  }
  if (n[0] == '_' && n[1] == '_') {
    if (strcmp(n, "__name__") == 0) return val_incref(val_obj(f->name));
    if (strcmp(n, "__qualname__") == 0) return val_incref(val_obj(f->qualname));
    if (strcmp(n, "__doc__") == 0) return VAL_IS_NULL(f->doc) ? val_none() : val_incref(f->doc);
    if (strcmp(n, "__module__") == 0)
      return f->globals ? val_incref(val_obj(f->globals->name)) : val_none();
    if (strcmp(n, "__defaults__") == 0)
      return f->ndefaults ? tuple_from(f->ndefaults, f->defaults) : val_none();
    if (strcmp(n, "__dict__") == 0) {
      if (!f->dict) {
        Value d = dict_new();
        if (VAL_IS_NULL(d)) return d;
        f->dict = d.u.o;
      }
      return val_incref(val_obj(f->dict));
    }
    if (strcmp(n, "__globals__") == 0 && f->globals) return module_dict(f->globals);
    if (strcmp(n, "__annotations__") == 0) {
      if (VAL_IS_NULL(f->annotations)) f->annotations = dict_new();
      return val_incref(f->annotations);
    }
    if (strcmp(n, "__kwdefaults__") == 0) {
      int k = f->scope ? f->scope->nkwonly : 0, any = 0;
      for (int i = 0; i < k && f->kwdefaults; i++) any |= !VAL_IS_NULL(f->kwdefaults[i]);
      if (!any) return val_none();
      Value d = dict_new();
      for (int i = 0; i < k && !VAL_IS_NULL(d); i++) {
        const char *pn = f->scope->slot_names ? f->scope->slot_names[f->scope->nargs + i] : NULL;
        if (!VAL_IS_NULL(f->kwdefaults[i]) && pn && dict_setstr(d, pn, f->kwdefaults[i]) < 0) {
          val_decref(d);
          d = val_null();
        }
      }
      return d;
    }
    if (strcmp(n, "__closure__") == 0) return val_none();
    if (strcmp(n, "__wrapped__") == 0) goto fail;
  }
  return type_generic_getattr(v, name);
fail:
  return obj_raise(&exc_AttributeError, "'function' object has no attribute '%s'", n);
}

static int func_setattr(Value v, Obj *name, Value x) {
  FuncObj *f = FUNC(v.u.o);
  const char *n = STR(name)->s;
  if (strcmp(n, "__name__") == 0 || strcmp(n, "__qualname__") == 0) {
    if (!VAL_IS_STR(x)) {
      obj_raise(&exc_TypeError, "%s must be set to a string object", n);
      return -1;
    }
    Obj **slot = n[2] == 'n' ? &f->name : &f->qualname;
    obj_xdecref(*slot);
    *slot = x.u.o;
    obj_incref(x.u.o);
    return 0;
  }
  if (strcmp(n, "__doc__") == 0) {
    val_decref(f->doc);
    f->doc = VAL_IS_NULL(x) ? val_none() : val_incref(x);
    return 0;
  }
  if (strcmp(n, "__annotations__") == 0) {
    if (!VAL_IS_NULL(x) && !VAL_IS_NONE(x) && !VAL_IS_DICT(x)) {
      obj_raise(&exc_TypeError, "__annotations__ must be set to a dict object");
      return -1;
    }
    val_decref(f->annotations);
    f->annotations = VAL_IS_NULL(x) || VAL_IS_NONE(x) ? val_null() : val_incref(x);
    return 0;
  }
  if (!f->dict) {
    Value d = dict_new();
    if (VAL_IS_NULL(d)) return -1;
    f->dict = d.u.o;
  }
  if (VAL_IS_NULL(x)) {
    Value old = dict_pop(val_obj(f->dict), val_obj(name));
    if (VAL_IS_NULL(old)) {
      if (!obj_err_occurred())
        obj_raise(&exc_AttributeError, "'function' object has no attribute '%s'", n);
      return -1;
    }
    val_decref(old);
    return 0;
  }
  return dict_set(val_obj(f->dict), val_obj(name), x);
}

static int id_hash(Value v, int64_t *out) { *out = (int64_t)((uintptr_t)v.u.o >> 4); return 0; }

TypeObj func_type = {OBJ_TYPE_HEAD, .name = "function", .flags = TF_GC,
                     .dealloc = func_dealloc, .traverse = func_traverse,
                     .clear = func_clear, .repr = func_repr, .call = func_call,
                     .getattr = func_getattr, .setattr = func_setattr, .hash = id_hash};

/* ---- builtin functions ------------------------------------------------------------------- */
static void builtin_dealloc(Obj *o) {
  val_decref(((BuiltinObj *)o)->self);
  obj_free(o);
}
static void builtin_traverse(Obj *o, VisitFn visit, void *arg) {
  Value s = ((BuiltinObj *)o)->self;
  if (VAL_IS_OBJ(s)) visit(s.u.o, arg);
}
static void builtin_clear(Obj *o) { val_clear(&((BuiltinObj *)o)->self); }

static Value call_with_self(Value self, Value f, int argc, const Value *argv, Obj *kw) {
  int nk = func_kwcount(kw);
  Value small[16];
  Value *args = argc + nk + 1 <= 16 ? small : obj_calloc((size_t)(argc + nk + 1), sizeof(Value));
  if (!args) return val_null();
  args[0] = self;
  if (argc + nk) memcpy(args + 1, argv, (size_t)(argc + nk) * sizeof(Value));
  Value r;
  if (VAL_IS_OBJ(f) && f.u.o->type == &func_type)
    r = call_function(FUNC(f.u.o), argc + 1, args, kw);
  else
    r = op_call(f, argc + 1, args, kw);
  if (args != small) free(args);
  return r;
}

/* CPython names methods "list.append()" in argument errors; the methods say "append()" */
void func_builtin_fix_error(Obj *bo) {
  BuiltinObj *b = (BuiltinObj *)bo;
  if (!b->owner || !obj_err_matches(&exc_TypeError)) return;
  Value e = obj_err_peek();
  ExcObj *x = EXC(e.u.o);
  if (!VAL_IS_TUPLE(x->args) || TUPLE(x->args.u.o)->len != 1 || !VAL_IS_STR(TUPLE(x->args.u.o)->items[0])) return;
  const char *msg = str_cstr(TUPLE(x->args.u.o)->items[0]);
  size_t n = strlen(b->name);
  if (strncmp(msg, b->name, n) != 0 || strncmp(msg + n, "() ", 3) != 0) return;
  Value m = str_fmt("%s.%s", b->owner->name, msg);
  if (VAL_IS_NULL(m)) { obj_err_clear(); obj_err_restore(e); return; }
  val_decref(TUPLE(x->args.u.o)->items[0]);
  TUPLE(x->args.u.o)->items[0] = m;
}

static Value builtin_call(Value v, int argc, const Value *argv, Obj *kw) {
  BuiltinObj *b = (BuiltinObj *)v.u.o;
  if (!VAL_IS_NULL(b->self)) {
    int nk = func_kwcount(kw);
    Value small[16];
    Value *args = argc + nk + 1 <= 16 ? small : obj_calloc((size_t)(argc + nk + 1), sizeof(Value));
    if (!args) return val_null();
    args[0] = b->self;
    if (argc + nk) memcpy(args + 1, argv, (size_t)(argc + nk) * sizeof(Value));
    Value r = b->dfn ? b->dfn(b->data, argc + 1, args, kw) : b->fn(argc + 1, args, kw);
    if (args != small) free(args);
    if (VAL_IS_NULL(r)) func_builtin_fix_error(&b->ob);
    return r;
  }
  if (b->owner && !(b->flags & METH_STATIC)) {
    /* an unbound method of a native type: the first argument must be an instance */
    if (argc < 1 || !(op_isinstance(argv[0], b->owner) ||
                      ((b->flags & METH_CLASS) && VAL_IS_TYPE(argv[0]))))
      return obj_raise(&exc_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
                       b->name, b->owner->name, argc ? op_type_name(argv[0]) : "NoneType");
    if ((b->owner == &num_int_type || b->owner == &num_float_type) && VAL_IS_OBJ(argv[0])) {
      /* int.bit_length(an int subclass instance): the method reads the unboxed number */
      int nk = func_kwcount(kw);
      Value *args = obj_calloc((size_t)(argc + nk), sizeof(Value));
      if (!args) return val_null();
      memcpy(args, argv, (size_t)(argc + nk) * sizeof(Value));
      args[0] = num_unbox(argv[0]);
      Value r = b->dfn ? b->dfn(b->data, argc, args, kw) : b->fn(argc, args, kw);
      free(args);
      if (VAL_IS_NULL(r)) func_builtin_fix_error(&b->ob);
      return r;
    }
  }
  Value r = b->dfn ? b->dfn(b->data, argc, argv, kw) : b->fn(argc, argv, kw);
  if (VAL_IS_NULL(r)) func_builtin_fix_error(&b->ob);
  return r;
}

static Value builtin_repr(Value v) {
  BuiltinObj *b = (BuiltinObj *)v.u.o;
  if (!VAL_IS_NULL(b->self))
    return str_fmt("<built-in method %s of %s object at %p>", b->name,
                   op_type_name(b->self), (void *)b->self.u.o);
  if (b->owner) return str_fmt("<method '%s' of '%s' objects>", b->name, b->owner->name);
  return str_fmt("<built-in function %s>", b->name);
}

static Value doc_body(const char *doc) {
  if (!doc) return val_none();
  return str_from_cstr(doc);
}

static Value builtin_getattr(Value v, Obj *name) {
  BuiltinObj *b = (BuiltinObj *)v.u.o;
  const char *n = STR(name)->s;
  if (strcmp(n, "__name__") == 0 || strcmp(n, "__qualname__") == 0) return str_from_cstr(b->name);
  if (strcmp(n, "__doc__") == 0) return doc_body(b->doc);
  if (strcmp(n, "__self__") == 0) return VAL_IS_NULL(b->self) ? val_none() : val_incref(b->self);
  if (strcmp(n, "__module__") == 0) return b->owner ? val_none() : str_from_cstr("builtins");
  return type_generic_getattr(v, name);
}

TypeObj func_builtin_type = {OBJ_TYPE_HEAD, .name = "builtin_function_or_method",
                             .flags = TF_GC, .dealloc = builtin_dealloc,
                             .traverse = builtin_traverse, .clear = builtin_clear,
                             .call = builtin_call, .repr = builtin_repr,
                             .getattr = builtin_getattr, .hash = id_hash};

Value func_builtin_new(const char *name, NativeFn fn, const char *doc) {
  BuiltinObj *b = obj_alloc(&func_builtin_type, sizeof(BuiltinObj));
  if (!b) return val_null();
  b->name = name;
  b->fn = fn;
  b->doc = doc;
  return val_obj(&b->ob);
}

Value func_builtin_data_new(const char *name, NativeDataFn fn, void *data, const char *doc) {
  BuiltinObj *b = obj_alloc(&func_builtin_type, sizeof(BuiltinObj));
  if (!b) return val_null();
  b->name = name;
  b->dfn = fn;
  b->data = data;
  b->doc = doc;
  return val_obj(&b->ob);
}

/* ---- bound methods -------------------------------------------------------------------- */
static void method_dealloc(Obj *o) {
  MethodObj *m = (MethodObj *)o;
  val_decref(m->func);
  val_decref(m->self);
  obj_free(o);
}
static void method_traverse(Obj *o, VisitFn visit, void *arg) {
  MethodObj *m = (MethodObj *)o;
  if (VAL_IS_OBJ(m->func)) visit(m->func.u.o, arg);
  if (VAL_IS_OBJ(m->self)) visit(m->self.u.o, arg);
}
static void method_clear(Obj *o) {
  MethodObj *m = (MethodObj *)o;
  val_clear(&m->func);
  val_clear(&m->self);
}

static Value method_call(Value v, int argc, const Value *argv, Obj *kw) {
  MethodObj *m = (MethodObj *)v.u.o;
  Value f = val_incref(m->func), s = val_incref(m->self);
  Value r = call_with_self(s, f, argc, argv, kw);
  val_decref(f);
  val_decref(s);
  return r;
}

static Value method_repr(Value v) {
  MethodObj *m = (MethodObj *)v.u.o;
  if (VAL_IS_OBJ(m->func) && m->func.u.o->type == &func_builtin_type) {
    BuiltinObj *b = (BuiltinObj *)m->func.u.o;
    if (VAL_IS_TYPE(m->self))
      return str_fmt("<built-in method %s of type object at %p>", b->name, (void *)m->self.u.o);
    return str_fmt("<built-in method %s of %s object at %p>", b->name,
                   op_type_name(m->self), VAL_IS_OBJ(m->self) ? (void *)m->self.u.o : NULL);
  }
  Value qn = op_getattr_s(m->func, "__qualname__");
  if (VAL_IS_NULL(qn)) { obj_err_clear(); qn = str_from_cstr("?"); }
  Value sr = op_repr(m->self);
  if (VAL_IS_NULL(sr)) { val_decref(qn); return sr; }
  Value r = str_fmt("<bound method %s of %s>", VAL_IS_STR(qn) ? str_cstr(qn) : "?",
                    str_cstr(sr));
  val_decref(qn);
  val_decref(sr);
  return r;
}

static Value method_getattr(Value v, Obj *name) {
  MethodObj *m = (MethodObj *)v.u.o;
  const char *n = STR(name)->s;
  if (strcmp(n, "__func__") == 0) return val_incref(m->func);
  if (strcmp(n, "__self__") == 0) return val_incref(m->self);
  return op_getattr(m->func, name);
}

static Value method_compare(Value a, Value b, int op) {
  if ((op != CMP_EQ && op != CMP_NOTEQ) || !VAL_IS_OBJ(b) || b.u.o->type != &func_method_type)
    return obj_notimpl();
  MethodObj *x = (MethodObj *)a.u.o, *y = (MethodObj *)b.u.o;
  int eq = op_is(x->func, y->func) && op_is(x->self, y->self);
  return val_bool(op == CMP_EQ ? eq : !eq);
}

static int method_hash(Value v, int64_t *out) {
  MethodObj *m = (MethodObj *)v.u.o;
  int64_t a = 0, b = 0;
  if (VAL_IS_OBJ(m->func)) a = (int64_t)((uintptr_t)m->func.u.o >> 4);
  if (op_hash(m->self, &b) < 0) { obj_err_clear(); b = (int64_t)(uintptr_t)m->self.u.o; }
  *out = a ^ b;
  return 0;
}

TypeObj func_method_type = {OBJ_TYPE_HEAD, .name = "method", .flags = TF_GC,
                            .dealloc = method_dealloc, .traverse = method_traverse,
                            .clear = method_clear, .call = method_call, .repr = method_repr,
                            .getattr = method_getattr, .compare = method_compare,
                            .hash = method_hash};

Value func_method_new(Value f, Value self) {
  MethodObj *m = obj_alloc(&func_method_type, sizeof(MethodObj));
  if (!m) return val_null();
  m->func = val_incref(f);
  m->self = val_incref(self);
  return val_obj(&m->ob);
}
