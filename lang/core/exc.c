/* exc.c - the exception hierarchy as in Python (BaseException ... Warning), exception objects
 * with args, cause/context chaining and the traceback entries the evaluator attaches. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "core.h"

static void obj_xincref(Obj *o) { if (o) obj_incref(o); }

TypeObj *exc_oserror_type(int64_t err) {
  switch (err) {
    case EAGAIN: case EALREADY: case EINPROGRESS:
#if EWOULDBLOCK != EAGAIN
    case EWOULDBLOCK:
#endif
      return &exc_BlockingIOError;
    case ECHILD: return &exc_ChildProcessError;
    case EPIPE: case ESHUTDOWN: return &exc_BrokenPipeError;
    case ECONNABORTED: return &exc_ConnectionAbortedError;
    case ECONNREFUSED: return &exc_ConnectionRefusedError;
    case ECONNRESET: return &exc_ConnectionResetError;
    case EEXIST: return &exc_FileExistsError;
    case ENOENT: return &exc_FileNotFoundError;
    case EISDIR: return &exc_IsADirectoryError;
    case ENOTDIR: return &exc_NotADirectoryError;
    case EINTR: return &exc_InterruptedError;
    case EACCES: case EPERM: return &exc_PermissionError;
    case ESRCH: return &exc_ProcessLookupError;
    case ETIMEDOUT: return &exc_TimeoutError;
    default: return &exc_OSError;
  }
}

/* OSError(errno, strerror[, filename[, winerror[, filename2]]]) as CPython's oserror_parse_args:
   with 2 to 5 arguments the fields are set and args keeps only (errno, strerror) */
static int oserror_parse(ExcObj *e) {
  if (!VAL_IS_TUPLE(e->args)) return 0;
  TupleObj *a = TUPLE(e->args.u.o);
  if (a->len < 2 || a->len > 5) return 0;
  e->os_errno = val_incref(a->items[0]);
  e->os_strerror = val_incref(a->items[1]);
  if (a->len >= 3) {
    e->os_filename = val_incref(a->items[2]);
    if (a->len == 5) e->os_filename2 = val_incref(a->items[4]);
    Value t = tuple_pack(2, a->items[0], a->items[1]);
    if (VAL_IS_NULL(t)) return -1;
    val_decref(e->args);
    e->args = t;
  }
  return 0;
}

static void oserror_clear(ExcObj *e) {
  val_clear(&e->os_errno);
  val_clear(&e->os_strerror);
  val_clear(&e->os_filename);
  val_clear(&e->os_filename2);
}

Value exc_new(TypeObj *t, Value args) {
  /* OSError(errno.ENOENT, ...) is a FileNotFoundError, as in CPython (only for OSError itself) */
  if (t == &exc_OSError && VAL_IS_TUPLE(args) && TUPLE(args.u.o)->len >= 2 &&
      TUPLE(args.u.o)->len <= 5 && VAL_IS_INTLIKE(TUPLE(args.u.o)->items[0]))
    t = exc_oserror_type(TUPLE(args.u.o)->items[0].u.i);
  ExcObj *e = obj_alloc(t, sizeof(ExcObj));
  if (!e) return val_null();
  e->args = VAL_IS_NULL(args) ? tuple_new(0) : val_incref(args);
  if (VAL_IS_NULL(e->args)) { obj_decref(&e->ob); return val_null(); }
  if (op_is_subtype(t, &exc_OSError) && oserror_parse(e) < 0) { obj_decref(&e->ob); return val_null(); }
  return val_obj(&e->ob);
}

void exc_add_tb(Value exc, Obj *code, Obj *name, Span span) {
  exc_add_tb_anchored(exc, code, name, span, 0, 0, 0);
}

static TbEntry *tb_slot(Value exc) {
  if (!VAL_IS_OBJ(exc) || !(exc.u.o->type->flags & TF_EXC) || exc.u.o->rc >= OBJ_IMMORTAL / 2)
    return NULL;
  ExcObj *e = EXC(exc.u.o);
  if (e->ntb == e->captb) {
    int nc = e->captb ? e->captb * 2 : 8;
    if (nc > 1 << 20) return NULL;
    TbEntry *nt = realloc(e->tb, (size_t)nc * sizeof(TbEntry));
    if (!nt) return NULL;
    e->tb = nt;
    e->captb = nc;
  }
  return &e->tb[e->ntb++];
}

void exc_add_tb_anchored(Value exc, Obj *code, Obj *name, Span span, int kind, int c1, int c2) {
  TbEntry *t = tb_slot(exc);
  if (!t) return;
  *t = (TbEntry){code, name, span, kind, c1, c2, NULL, 1};
  if (code) obj_incref(code);
  if (name) obj_incref(name);
}

void exc_add_tb_frame(Value exc, Frame *f, Span span, int kind, int c1, int c2) {
  TbEntry *t = tb_slot(exc);
  if (!t) return;
  int first = f->func && f->func->def ? f->func->def->span.line : 1;
  *t = (TbEntry){f->code ? &f->code->ob : NULL, f->name, span, kind, c1, c2,
                 f->mod ? &f->mod->ob : NULL, first};
  obj_xincref(t->code);
  obj_xincref(t->name);
  obj_xincref(t->mod);
}

static void exc_clear_tb(ExcObj *e) {
  TbEntry *tb = e->tb;
  int n = e->ntb;
  Obj *head = e->tbhead;
  e->tb = NULL;
  e->ntb = e->captb = e->tbhead_n = 0;
  e->tbhead = NULL;
  for (int i = 0; i < n; i++) {
    obj_xdecref(tb[i].code);
    obj_xdecref(tb[i].name);
    obj_xdecref(tb[i].mod);
  }
  free(tb);
  obj_xdecref(head);
}

/* the traceback objects are made on demand, outermost (the last entry) first; the chain made
 * earlier stays the tail of the new one, as CPython prepends a frame's entry while unwinding */
Value exc_get_traceback(Value exc) {
  ExcObj *e = EXC(exc.u.o);
  if (e->ntb == 0) return val_none();
  if (e->tbhead_n > e->ntb || !e->tbhead) {
    obj_xdecref(e->tbhead);
    e->tbhead = NULL;
    e->tbhead_n = 0;
  }
  Value head = e->tbhead ? val_incref(val_obj(e->tbhead)) : val_none();
  for (int i = e->tbhead_n; i < e->ntb; i++) {
    TbEntry c = e->tb[i];
    obj_xincref(c.code);
    obj_xincref(c.name);
    obj_xincref(c.mod);
    Value t = frame_tb_new(&c, head);
    val_decref(head);
    if (VAL_IS_NULL(t)) return t;
    head = t;
  }
  obj_xdecref(e->tbhead);
  e->tbhead = head.u.o;
  e->tbhead_n = e->ntb;
  return val_incref(head);
}

int exc_set_traceback(Value exc, Value tb) {
  ExcObj *e = EXC(exc.u.o);
  if (VAL_IS_NONE(tb)) {
    exc_clear_tb(e);
    return 0;
  }
  Value next;
  if (!frame_tb_entry(tb, &next)) {
    obj_raise(&exc_TypeError, "__traceback__ must be a traceback or None");
    return -1;
  }
  int n = 0;
  for (Value t = tb; frame_tb_entry(t, &next); t = next)
    if (++n > 1 << 20) { obj_raise(&exc_MemoryError, "traceback too long"); return -1; }
  TbEntry *v = malloc((size_t)n * sizeof(TbEntry));
  if (!v) { obj_raise(&exc_MemoryError, "out of memory"); return -1; }
  int i = n;
  for (Value t = tb; i > 0; t = next) {
    TbEntry *c = &v[--i];
    *c = *frame_tb_entry(t, &next);
    obj_xincref(c->code);
    obj_xincref(c->name);
    obj_xincref(c->mod);
  }
  val_incref(tb);
  exc_clear_tb(e);
  e->tb = v;
  e->ntb = e->captb = n;
  e->tbhead = tb.u.o;
  e->tbhead_n = n;
  return 0;
}

static void exc_dealloc(Obj *o) {
  ExcObj *e = EXC(o);
  val_decref(e->args);
  val_decref(e->cause);
  val_decref(e->context);
  obj_xdecref(e->dict);
  val_decref(e->attr_obj);
  obj_xdecref(e->attr_name);
  obj_xdecref(e->suggestion);
  oserror_clear(e);
  exc_clear_tb(e);
  obj_free(o);
}

static void exc_traverse(Obj *o, VisitFn visit, void *arg) {
  ExcObj *e = EXC(o);
  if (VAL_IS_OBJ(e->args)) visit(e->args.u.o, arg);
  if (VAL_IS_OBJ(e->cause)) visit(e->cause.u.o, arg);
  if (VAL_IS_OBJ(e->context)) visit(e->context.u.o, arg);
  if (e->dict) visit(e->dict, arg);
  if (VAL_IS_OBJ(e->attr_obj)) visit(e->attr_obj.u.o, arg);
  if (e->tbhead) visit(e->tbhead, arg);
  if (VAL_IS_OBJ(e->os_errno)) visit(e->os_errno.u.o, arg);
  if (VAL_IS_OBJ(e->os_strerror)) visit(e->os_strerror.u.o, arg);
  if (VAL_IS_OBJ(e->os_filename)) visit(e->os_filename.u.o, arg);
  if (VAL_IS_OBJ(e->os_filename2)) visit(e->os_filename2.u.o, arg);
}

static void exc_clear(Obj *o) {
  ExcObj *e = EXC(o);
  val_clear(&e->args);
  val_clear(&e->cause);
  val_clear(&e->context);
  Obj *d = e->dict;
  e->dict = NULL;
  obj_xdecref(d);
  val_clear(&e->attr_obj);
  oserror_clear(e);
  exc_clear_tb(e);
}

static Value exc_new_slot(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  Value args = tuple_from(argc, argv);
  if (VAL_IS_NULL(args)) return args;
  Value e = exc_new(t, args);
  val_decref(args);
  return e;
}

Value exc_str(Value v) {
  ExcObj *e = EXC(v.u.o);
  if (!VAL_IS_TUPLE(e->args)) return op_str(e->args);
  TupleObj *a = TUPLE(e->args.u.o);
  TypeObj *t = v.u.o->type;
  if (op_is_subtype(t, &exc_OSError)) {
    /* CPython's OSError_str: filename (and filename2) first, then errno with strerror */
    Value en = VAL_IS_NULL(e->os_errno) ? val_none() : e->os_errno;
    Value se = VAL_IS_NULL(e->os_strerror) ? val_none() : e->os_strerror;
    int hasfn = !VAL_IS_NULL(e->os_filename) && !VAL_IS_NONE(e->os_filename);
    if (hasfn || (!VAL_IS_NULL(e->os_errno) && !VAL_IS_NULL(e->os_strerror))) {
      Value s1 = op_str(en), s2 = op_str(se);
      Value f1 = hasfn ? op_repr(e->os_filename) : val_none();
      int has2 = hasfn && !VAL_IS_NULL(e->os_filename2) && !VAL_IS_NONE(e->os_filename2);
      Value f2 = has2 ? op_repr(e->os_filename2) : val_none();
      Value r = val_null();
      if (!VAL_IS_NULL(s1) && !VAL_IS_NULL(s2) && !VAL_IS_NULL(f1) && !VAL_IS_NULL(f2)) {
        if (has2)
          r = str_fmt("[Errno %s] %s: %s -> %s", str_cstr(s1), str_cstr(s2), str_cstr(f1), str_cstr(f2));
        else if (hasfn)
          r = str_fmt("[Errno %s] %s: %s", str_cstr(s1), str_cstr(s2), str_cstr(f1));
        else
          r = str_fmt("[Errno %s] %s", str_cstr(s1), str_cstr(s2));
      }
      val_decref(s1);
      val_decref(s2);
      val_decref(f1);
      val_decref(f2);
      return r;
    }
  }
  if (a->len == 0) return str_new("", 0);
  if (a->len == 1) {
    if (op_is_subtype(t, &exc_KeyError)) return op_repr(a->items[0]);
    return op_str(a->items[0]);
  }
  return op_str(e->args);
}

static Value exc_str_slot(Value v) { return exc_str(v); }

static Value exc_repr(Value v) {
  ExcObj *e = EXC(v.u.o);
  const char *name = v.u.o->type->name;
  if (VAL_IS_TUPLE(e->args) && TUPLE(e->args.u.o)->len == 1) {
    Value r = op_repr(TUPLE(e->args.u.o)->items[0]);
    if (VAL_IS_NULL(r)) return r;
    Value s = str_fmt("%s(%s)", name, str_cstr(r));
    val_decref(r);
    return s;
  }
  if (VAL_IS_TUPLE(e->args) && TUPLE(e->args.u.o)->len == 0) return str_fmt("%s()", name);
  Value r = op_repr(e->args);
  if (VAL_IS_NULL(r)) return r;
  Value s = str_fmt("%s%s", name, str_cstr(r));
  val_decref(r);
  return s;
}

/* BaseException.__init__(self, *args): sets args */
static Value exc_init(int argc, const Value *argv, Obj *kw) {
  if (!VAL_IS_OBJ(argv[0]) || !(argv[0].u.o->type->flags & TF_EXC))
    return obj_raise(&exc_TypeError, "descriptor '__init__' requires a 'BaseException' object");
  ExcObj *e = EXC(argv[0].u.o);
  Value args = tuple_from(argc - 1, argv + 1);
  if (VAL_IS_NULL(args)) return args;
  val_decref(e->args);
  e->args = args;
  if (op_is_subtype(argv[0].u.o->type, &exc_OSError)) {
    oserror_clear(e);
    if (oserror_parse(e) < 0) return val_null();
  }
  return val_none();
}

static Value exc_with_traceback(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("with_traceback", argc - 1, kw, 1, 1) < 0) return val_null();
  if (exc_set_traceback(argv[0], argv[1]) < 0) return val_null();
  return val_incref(argv[0]);
}

static Value exc_add_note(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("add_note", argc - 1, kw, 1, 1) < 0) return val_null();
  Value notes = op_getattr_s(argv[0], "__notes__");
  if (VAL_IS_NULL(notes)) {
    obj_err_clear();
    notes = list_new(0);
    if (VAL_IS_NULL(notes) || op_setattr_s(argv[0], "__notes__", notes) < 0) {
      val_decref(notes);
      return val_null();
    }
  }
  int r = VAL_IS_LIST(notes) ? list_append(notes, argv[1]) : 0;
  val_decref(notes);
  return r < 0 ? val_null() : val_none();
}

static Value get_args(Value self) { return val_incref(EXC(self.u.o)->args); }
static int set_args(Value self, Value v) {
  Value t = VAL_IS_TUPLE(v) ? val_incref(v) : val_null();
  if (VAL_IS_NULL(t)) {
    Value l = list_from_iterable(v);
    if (VAL_IS_NULL(l)) return -1;
    t = tuple_from(LIST(l.u.o)->len, LIST(l.u.o)->items);
    val_decref(l);
    if (VAL_IS_NULL(t)) return -1;
  }
  val_decref(EXC(self.u.o)->args);
  EXC(self.u.o)->args = t;
  return 0;
}
static Value get_cause(Value self) {
  Value c = EXC(self.u.o)->cause;
  return VAL_IS_NULL(c) ? val_none() : val_incref(c);
}
static int set_cause(Value self, Value v) {
  if (!VAL_IS_NONE(v) && !(VAL_IS_OBJ(v) && (v.u.o->type->flags & TF_EXC))) {
    obj_raise(&exc_TypeError, "exception cause must be None or derive from BaseException");
    return -1;
  }
  val_decref(EXC(self.u.o)->cause);
  EXC(self.u.o)->cause = VAL_IS_NONE(v) ? val_null() : val_incref(v);
  EXC(self.u.o)->suppress_context = 1;
  return 0;
}
static Value get_context(Value self) {
  Value c = EXC(self.u.o)->context;
  return VAL_IS_NULL(c) ? val_none() : val_incref(c);
}
static int set_context(Value self, Value v) {
  val_decref(EXC(self.u.o)->context);
  EXC(self.u.o)->context = VAL_IS_NONE(v) ? val_null() : val_incref(v);
  return 0;
}
static Value get_suppress(Value self) { return val_bool(EXC(self.u.o)->suppress_context); }
static int set_suppress(Value self, Value v) {
  int t = op_truth(v);
  if (t < 0) return -1;
  EXC(self.u.o)->suppress_context = t;
  return 0;
}
static Value get_traceback(Value self) { return exc_get_traceback(self); }
static int set_traceback(Value self, Value v) { return exc_set_traceback(self, v); }

static Value arg0_or_none(Value self) {
  Value a = EXC(self.u.o)->args;
  if (VAL_IS_TUPLE(a) && TUPLE(a.u.o)->len >= 1) return val_incref(TUPLE(a.u.o)->items[0]);
  return val_none();
}
static Value get_code(Value self) {
  Value a = EXC(self.u.o)->args;
  if (VAL_IS_TUPLE(a) && TUPLE(a.u.o)->len == 1) return val_incref(TUPLE(a.u.o)->items[0]);
  if (VAL_IS_TUPLE(a) && TUPLE(a.u.o)->len == 0) return val_none();
  return val_incref(a);
}

static const MethodDef exc_methods[] = {
    {"__init__", exc_init, "__init__(*args)", 0},
    {"with_traceback", exc_with_traceback, "with_traceback(tb)", 0},
    {"add_note", exc_add_note, "add_note(note)", 0},
    {NULL}};
static const GetSetDef exc_getset[] = {
    {"args", get_args, set_args, NULL},
    {"__cause__", get_cause, set_cause, NULL},
    {"__context__", get_context, set_context, NULL},
    {"__suppress_context__", get_suppress, set_suppress, NULL},
    {"__traceback__", get_traceback, set_traceback, NULL},
    {NULL}};
static const GetSetDef stopiter_getset[] = {{"value", arg0_or_none, NULL, NULL}, {NULL}};
static const GetSetDef sysexit_getset[] = {{"code", get_code, NULL, NULL}, {NULL}};
#define OSERR_FIELD(F)                                                          \
  static Value get_os_##F(Value self) {                                        \
    Value v = EXC(self.u.o)->os_##F;                                           \
    return VAL_IS_NULL(v) ? val_none() : val_incref(v);                        \
  }                                                                            \
  static int set_os_##F(Value self, Value v) {                                 \
    Value old = EXC(self.u.o)->os_##F;                                         \
    EXC(self.u.o)->os_##F = val_incref(v);                                     \
    val_decref(old);                                                           \
    return 0;                                                                  \
  }
OSERR_FIELD(errno)
OSERR_FIELD(strerror)
OSERR_FIELD(filename)
OSERR_FIELD(filename2)
static const GetSetDef oserror_getset[] = {
    {"errno", get_os_errno, set_os_errno, NULL}, {"strerror", get_os_strerror, set_os_strerror, NULL},
    {"filename", get_os_filename, set_os_filename, NULL},
    {"filename2", get_os_filename2, set_os_filename2, NULL}, {NULL}};
static const GetSetDef syntax_getset[] = {{"msg", arg0_or_none, NULL, NULL}, {NULL}};

#define EXC_COMMON                                                                  \
  .flags = TF_EXC | TF_BASETYPE | TF_GC, .dict_offset = offsetof(ExcObj, dict),     \
  .dealloc = exc_dealloc, .traverse = exc_traverse, .clear = exc_clear,              \
  .new = exc_new_slot, .repr = exc_repr, .str = exc_str_slot

#define EXC_TYPE(NAME, BASE, DOC) \
  TypeObj exc_##NAME = {OBJ_TYPE_HEAD, .name = #NAME, .base = &exc_##BASE, .doc = DOC, EXC_COMMON};
#define EXC_TYPE_GS(NAME, BASE, DOC, GS)                                                \
  TypeObj exc_##NAME = {OBJ_TYPE_HEAD, .name = #NAME, .base = &exc_##BASE, .doc = DOC, \
                        EXC_COMMON, .getset = GS};

TypeObj exc_BaseException = {OBJ_TYPE_HEAD, .name = "BaseException",
                             .doc = "Common base class for all exceptions", EXC_COMMON,
                             .methods = exc_methods, .getset = exc_getset};
EXC_TYPE_GS(SystemExit, BaseException, "Request to exit from the interpreter.", sysexit_getset)
EXC_TYPE(KeyboardInterrupt, BaseException, "Program interrupted by user.")
EXC_TYPE(GeneratorExit, BaseException, "Request that a generator exit.")
EXC_TYPE(Exception, BaseException, "Common base class for all non-exit exceptions.")
EXC_TYPE(ArithmeticError, Exception, "Base class for arithmetic errors.")
EXC_TYPE(ZeroDivisionError, ArithmeticError, "Second argument to a division or modulo operation was zero.")
EXC_TYPE(OverflowError, ArithmeticError, "Result too large to be represented.")
EXC_TYPE(FloatingPointError, ArithmeticError, "Floating point operation failed.")
EXC_TYPE(LookupError, Exception, "Base class for lookup errors.")
EXC_TYPE(IndexError, LookupError, "Sequence index out of range.")
EXC_TYPE(KeyError, LookupError, "Mapping key not found.")
EXC_TYPE(ValueError, Exception, "Inappropriate argument value (of correct type).")
EXC_TYPE(UnicodeError, ValueError, "Unicode related error.")
EXC_TYPE(UnicodeDecodeError, UnicodeError, "Unicode decoding error.")
EXC_TYPE(UnicodeEncodeError, UnicodeError, "Unicode encoding error.")
EXC_TYPE(TypeError, Exception, "Inappropriate argument type.")
EXC_TYPE(NameError, Exception, "Name not found globally.")
EXC_TYPE(UnboundLocalError, NameError, "Local name referenced but not bound to a value.")
EXC_TYPE(AttributeError, Exception, "Attribute not found.")
EXC_TYPE(RuntimeError, Exception, "Unspecified run-time error.")
EXC_TYPE(RecursionError, RuntimeError, "Recursion limit exceeded.")
EXC_TYPE(NotImplementedError, RuntimeError, "Method or function hasn't been implemented yet.")
EXC_TYPE_GS(StopIteration, Exception, "Signal the end from iterator.__next__().", stopiter_getset)
EXC_TYPE(AssertionError, Exception, "Assertion failed.")
EXC_TYPE(ImportError, Exception, "Import can't find module, or can't find name in module.")
EXC_TYPE(ModuleNotFoundError, ImportError, "Module not found.")
EXC_TYPE(MemoryError, Exception, "Out of memory.")
EXC_TYPE_GS(OSError, Exception, "Base class for I/O related errors.", oserror_getset)
EXC_TYPE(FileNotFoundError, OSError, "File not found.")
EXC_TYPE(FileExistsError, OSError, "File already exists.")
EXC_TYPE(PermissionError, OSError, "Not enough permissions.")
EXC_TYPE(IsADirectoryError, OSError, "Operation doesn't work on directories.")
EXC_TYPE(NotADirectoryError, OSError, "Operation only works on directories.")
EXC_TYPE(InterruptedError, OSError, "Interrupted by signal.")
EXC_TYPE(ChildProcessError, OSError, "Child process error.")
EXC_TYPE(BlockingIOError, OSError, "I/O operation would block.")
EXC_TYPE(ProcessLookupError, OSError, "Process not found.")
EXC_TYPE(TimeoutError, OSError, "Timeout expired.")
EXC_TYPE(ConnectionError, OSError, "Connection error.")
EXC_TYPE(BrokenPipeError, ConnectionError, "Broken pipe.")
EXC_TYPE(ConnectionAbortedError, ConnectionError, "Connection aborted.")
EXC_TYPE(ConnectionRefusedError, ConnectionError, "Connection refused.")
EXC_TYPE(ConnectionResetError, ConnectionError, "Connection reset.")
EXC_TYPE(EOFError, Exception, "Read beyond end of file.")
EXC_TYPE_GS(SyntaxError, Exception, "Invalid syntax.", syntax_getset)
EXC_TYPE(IndentationError, SyntaxError, "Improper indentation.")
EXC_TYPE(TabError, IndentationError, "Improper mixture of spaces and tabs.")
EXC_TYPE(SystemError, Exception, "Internal error in the Sable interpreter.")
EXC_TYPE(BufferError, Exception, "Buffer error.")
EXC_TYPE(ReferenceError, Exception, "Weak ref proxy used after referent went away.")
EXC_TYPE(Warning, Exception, "Base class for warning categories.")
EXC_TYPE(UserWarning, Warning, "Base class for warnings generated by user code.")
EXC_TYPE(DeprecationWarning, Warning, "Base class for warnings about deprecated features.")
EXC_TYPE(RuntimeWarning, Warning, "Base class for warnings about dubious runtime behavior.")

TypeObj *const exc_builtin_types[] = {
    &exc_BaseException, &exc_SystemExit, &exc_KeyboardInterrupt, &exc_GeneratorExit,
    &exc_Exception, &exc_ArithmeticError, &exc_ZeroDivisionError, &exc_OverflowError,
    &exc_FloatingPointError, &exc_LookupError, &exc_IndexError, &exc_KeyError,
    &exc_ValueError, &exc_UnicodeError, &exc_UnicodeDecodeError, &exc_UnicodeEncodeError,
    &exc_TypeError,
    &exc_NameError, &exc_UnboundLocalError, &exc_AttributeError, &exc_RuntimeError,
    &exc_RecursionError, &exc_NotImplementedError, &exc_StopIteration, &exc_AssertionError,
    &exc_ImportError, &exc_ModuleNotFoundError, &exc_MemoryError, &exc_OSError,
    &exc_FileNotFoundError, &exc_FileExistsError, &exc_PermissionError,
    &exc_IsADirectoryError, &exc_NotADirectoryError, &exc_InterruptedError,
    &exc_ChildProcessError, &exc_BlockingIOError, &exc_ProcessLookupError, &exc_TimeoutError,
    &exc_ConnectionError, &exc_BrokenPipeError, &exc_ConnectionAbortedError,
    &exc_ConnectionRefusedError, &exc_ConnectionResetError, &exc_EOFError, &exc_SyntaxError, &exc_IndentationError,
    &exc_TabError, &exc_SystemError, &exc_BufferError, &exc_ReferenceError, &exc_Warning, &exc_UserWarning,
    &exc_DeprecationWarning, &exc_RuntimeWarning, NULL};

void exc_attr_info(Value obj, Obj *name) {
  Value e = obj_err_peek();
  if (!VAL_IS_OBJ(e) || !op_is_subtype(e.u.o->type, &exc_AttributeError) || e.u.o->rc >= OBJ_IMMORTAL / 2)
    return;
  ExcObj *x = EXC(e.u.o);
  val_decref(x->attr_obj);
  x->attr_obj = val_incref(obj);
  obj_xdecref(x->attr_name);
  x->attr_name = name;
  obj_incref(name);
}

/* ---- "Did you mean" (CPython's Python/suggestions.c) ------------------------------------ */
#define MAX_CANDIDATE_ITEMS 750
#define MAX_STRING_SIZE 40
#define MOVE_COST 2
#define CASE_COST 1

static int substitution_cost(char a, char b) {
  if ((a & 31) != (b & 31)) return MOVE_COST;
  if (a == b) return 0;
  if ('A' <= a && a <= 'Z') a += 'a' - 'A';
  if ('A' <= b && b <= 'Z') b += 'a' - 'A';
  return a == b ? CASE_COST : MOVE_COST;
}

static size_t levenshtein(const char *a, size_t an, const char *b, size_t bn, size_t max_cost) {
  size_t buffer[MAX_STRING_SIZE];
  while (an && bn && a[0] == b[0]) { a++; an--; b++; bn--; }
  while (an && bn && a[an - 1] == b[bn - 1]) { an--; bn--; }
  if (an == 0 || bn == 0) return (an + bn) * MOVE_COST;
  if (an > MAX_STRING_SIZE || bn > MAX_STRING_SIZE) return max_cost + 1;
  if (bn < an) {
    const char *t = a; a = b; b = t;
    size_t tn = an; an = bn; bn = tn;
  }
  if ((bn - an) * MOVE_COST > max_cost) return max_cost + 1;
  size_t tmp = MOVE_COST;
  for (size_t i = 0; i < an; i++) { buffer[i] = tmp; tmp += MOVE_COST; }
  size_t result = 0;
  for (size_t bi = 0; bi < bn; bi++) {
    char code = b[bi];
    size_t distance = result = bi * MOVE_COST;
    size_t minimum = (size_t)-1;
    for (size_t i = 0; i < an; i++) {
      size_t substitute = distance + (size_t)substitution_cost(code, a[i]);
      distance = buffer[i];
      size_t insert_delete = (result < distance ? result : distance) + MOVE_COST;
      result = insert_delete < substitute ? insert_delete : substitute;
      buffer[i] = result;
      if (result < minimum) minimum = result;
    }
    if (minimum > max_cost) return max_cost + 1;
  }
  return result;
}

Obj *exc_suggest(Value dir, Obj *name) {
  if (!VAL_IS_LIST(dir) || LIST(dir.u.o)->len >= MAX_CANDIDATE_ITEMS) return NULL;
  StrObj *n = STR(name);
  size_t best = (size_t)-1;
  Obj *sugg = NULL;
  for (int64_t i = 0; i < LIST(dir.u.o)->len; i++) {
    Value it = LIST(dir.u.o)->items[i];
    if (!VAL_IS_STR(it)) continue;
    StrObj *s = STR(it.u.o);
    if (s->len == n->len && memcmp(s->s, n->s, n->len) == 0) continue;
    size_t maxd = (n->len + s->len + 3) * MOVE_COST / 6;
    if (best != (size_t)-1 && best - 1 < maxd) maxd = best - 1;
    size_t d = levenshtein(n->s, n->len, s->s, s->len, maxd);
    if (d > maxd) continue;
    if (!sugg || d < best) { sugg = it.u.o; best = d; }
  }
  if (sugg) obj_incref(sugg);
  return sugg;
}
