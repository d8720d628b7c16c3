/* object.h - Sable's object model: values, reference counting, types with slots, errors,
 * native functions and the module registry. Everything outside the evaluator builds on this.
 *
 * ---------------------------------------------------------------------------------------
 * VALUES. A Value is a 16-byte tagged union passed by value. int (int64), float (double), bool
 * and None are unboxed; everything else is a heap object (Obj *) with a refcount and a type.
 * V_NULL (tag 0) is "no value": returned together with a pending exception on error, and used
 * for "absent" (unbound variable, missing argument, dict miss).
 *
 * OWNERSHIP. A function that returns a Value returns a NEW reference (the caller must
 * val_decref it), unless its comment says "borrowed". Arguments are BORROWED unless the name
 * ends in _steal or the comment says "steals".
 *
 * ERRORS. Return-code style, no longjmp. A failing operation sets the pending exception with
 * obj_raise(&exc_ValueError, "fmt", ...) and returns V_NULL (functions returning Value) or -1
 * (functions returning int). obj_raise itself returns V_NULL so one writes
 *     if (n < 0) return obj_raise(&exc_ValueError, "negative dimensions are not allowed");
 * Test with obj_err_occurred(), catch with obj_err_matches(&exc_KeyError) + obj_err_clear().
 * The evaluator attaches the source span of the failing expression and the frame list.
 *
 * ADDING A NATIVE TYPE (e.g. an array): define a struct whose first member is `Obj ob`, and a
 * static TypeObj filled with designated initializers:
 *
 *     typedef struct Array { Obj ob; ...; } Array;
 *     static void array_dealloc(Obj *o) { ...free buffers...; obj_free(o); }
 *     static Value array_repr(Value self) { return str_from_cstr("Array(...)"); }
 *     static Value array_binary(int op, Value a, Value b) {  // a or b is an Array
 *       if (op == OP_ADD) ...; return obj_notimpl();          // lets the other side try
 *     }
 *     static Value array_sum(int argc, const Value *argv, Obj *kw) { ... argv[0] is self ... }
 *     static const MethodDef array_methods[] = {{"sum", array_sum, "sum(axis=None)", 0}, {0}};
 *       (give all four fields: -Wextra rejects partly initialized entries)
 *     static Value get_shape(Value self) { ... }
 *     static const GetSetDef array_getset[] = {{"shape", get_shape, NULL, "the shape"}, {0}};
 *     TypeObj arr_type = {
 *       OBJ_TYPE_HEAD, .name = "Array", .dealloc = array_dealloc, .repr = array_repr,
 *       .binary = array_binary, .methods = array_methods, .getset = array_getset, ...};
 *
 * and allocate instances with obj_alloc(&arr_type, sizeof(Array)) (NULL + MemoryError on
 * failure). Slots left NULL mean "not supported" (a TypeError like CPython's). Binary slots
 * receive both operands (either may be the instance) and return obj_notimpl() for operand
 * types they do not handle, exactly like CPython's number slots; op is an ast.h Operator
 * (OP_ADD ... OP_FLOORDIV, OP_MATMULT for @), or'ed with OBJ_INPLACE for `+=` (return
 * obj_notimpl() to fall back to the plain operator). Comparison slots receive a CmpOp
 * (CMP_EQ ... CMP_GTE) and may return any value (an array of bools, say). A type whose
 * instances hold other Values must set TF_GC, allocate with obj_alloc too, and provide
 * .traverse and .clear so that reference cycles through it can be collected.
 *
 * ADDING A NATIVE MODULE: write an exported init function that fills the new, empty module,
 * named modinit_<dotted name with '_' for '.'>, declare it in core/modtable.h (include that in
 * the defining file), and add one row {"dotted.name", its init} to the table in
 * core/modtable.c, the one place that registers modules (aliases too):
 *
 *     int modinit_jax_numpy(Value m) {
 *       if (module_add_functions(m, jnp_functions) < 0) return -1;
 *       return module_add(m, "float32", some_value);       // borrows some_value
 *     }
 *
 * Modules are created lazily on the first `import` in a session; `import jax.numpy as jnp`
 * imports "jax" first (register it too, even if empty) and sets "numpy" as its attribute. A
 * row of the alias table makes one module answer to two names ("sable.numpy" -> "numpy"). A
 * module written in Sable itself is a file lang/prelude/<dotted name>.py: the build embeds it
 * (tools/embed.py) and the table registers every such file; its source is compiled on first
 * import, in its own namespace, and may import other modules. module_register/_prelude/
 * _alias below are what the table calls; elsewhere only tests use them (a module of a test).
 *
 * RICH OUTPUT: a value echoed in the REPL/notebook is shown with repr() as text/plain, plus
 * text/html, image/svg+xml, text/markdown or text/latex when it has a _repr_html_() (etc.)
 * method returning a str; native code shows images with obj_display().
 * --------------------------------------------------------------------------------------- */
#ifndef SABLE_OBJECT_H
#define SABLE_OBJECT_H

#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include "ast.h"
#include "emit.h"

typedef struct Obj Obj;
typedef struct TypeObj TypeObj;

typedef enum VTag { V_NULL = 0, V_NONE, V_BOOL, V_INT, V_FLOAT, V_OBJ } VTag;

/* Value: a tag and a union (int64_t i for V_INT and V_BOOL, double f for V_FLOAT, Obj *o for
 * V_OBJ), defined in engine/emit.h: the same handle is what primitives' rules are written over. */

/* Every heap object starts with this header. rc >= OBJ_IMMORTAL means never freed (static
 * type objects, interned names, singletons). */
struct Obj {
  intptr_t rc;
  TypeObj *type;
};
#define OBJ_IMMORTAL ((intptr_t)1 << 60)

/* ---- value constructors and tests ---------------------------------------------------- */
static inline Value val_int(int64_t i) { Value v; v.tag = V_INT; v.u.i = i; return v; }
static inline Value val_float(double f) { Value v; v.tag = V_FLOAT; v.u.f = f; return v; }
static inline Value val_bool(int b) { Value v; v.tag = V_BOOL; v.u.i = b != 0; return v; }
static inline Value val_none(void) { Value v; v.tag = V_NONE; v.u.i = 0; return v; }
static inline Value val_null(void) { Value v; v.tag = V_NULL; v.u.i = 0; return v; }
static inline Value val_obj(Obj *o) {   /* steals the reference to o; NULL gives V_NULL */
  Value v; v.tag = o ? V_OBJ : V_NULL; v.u.o = o; return v;
}
#define VAL_IS_NULL(v) ((v).tag == V_NULL)
#define VAL_IS_OBJ(v) ((v).tag == V_OBJ)
#define VAL_IS_INT(v) ((v).tag == V_INT)
#define VAL_IS_FLOAT(v) ((v).tag == V_FLOAT)
#define VAL_IS_NONE(v) ((v).tag == V_NONE)
#define VAL_IS_BOOL(v) ((v).tag == V_BOOL)
#define VAL_OBJ(v) ((v).u.o)
/* int or bool (bool is a subclass of int, as in Python) */
#define VAL_IS_INTLIKE(v) ((v).tag == V_INT || (v).tag == V_BOOL)

void obj_dealloc(Obj *o);    /* called when rc reaches 0; do not call directly */
static inline void obj_incref(Obj *o) { o->rc++; }
static inline void obj_decref(Obj *o) { if (--o->rc == 0) obj_dealloc(o); }
static inline void obj_xdecref(Obj *o) { if (o) obj_decref(o); }
static inline Value val_incref(Value v) { if (v.tag == V_OBJ) v.u.o->rc++; return v; }
static inline void val_decref(Value v) {
  if (v.tag == V_OBJ && --v.u.o->rc == 0) obj_dealloc(v.u.o);
}
/* decref and reset a slot to V_NULL */
static inline void val_clear(Value *p) { Value v = *p; p->tag = V_NULL; val_decref(v); }

/* ---- types ------------------------------------------------------------------------------ */
typedef Value (*NativeFn)(int argc, const Value *argv, Obj *kwnames);
typedef Value (*NativeDataFn)(void *data, int argc, const Value *argv, Obj *kwnames);
typedef void (*VisitFn)(Obj *o, void *arg);

/* A method of a native type: fn receives self as argv[0] (argc counts it). */
typedef struct MethodDef {
  const char *name;
  NativeFn fn;
  const char *doc;     /* first line: the signature, "split(sep=None, maxsplit=-1)" */
  int flags;           /* METH_STATIC: no self; METH_CLASS: argv[0] is the type */
} MethodDef;
#define METH_STATIC 1
#define METH_CLASS 2

/* A view of an object's memory (bytes, bytearray, array.array): valid while the object lives
 * and is not resized. format is a struct-module code ('B', 'h', 'd', ...). */
typedef struct ObjBuffer {
  void *buf;
  int64_t len;          /* bytes */
  int64_t itemsize;
  char format;
  int readonly;
} ObjBuffer;

typedef struct GetSetDef {
  const char *name;
  Value (*get)(Value self);
  int (*set)(Value self, Value v);   /* NULL: read-only */
  const char *doc;
} GetSetDef;

/* type flags */
#define TF_BASETYPE 0x01    /* user classes may subclass it */
#define TF_USER     0x02    /* a class statement made it */
#define TF_GC       0x04    /* instances are tracked by the cycle collector */
#define TF_EXC      0x08    /* BaseException or a subclass */
#define TF_HEAP     0x10    /* the type object itself is heap allocated (user classes) */
#define TF_META     0x20    /* instances are type objects: `type` and its subclasses (metaclasses) */
#define TF_NODICT   0x40    /* a class with `__slots__ = ()` over a builtin: no instance __dict__ */

#define OBJ_INPLACE 0x100   /* or'ed into a binary op code for `x op= y` */

struct TypeObj {
  Obj ob;
  const char *name;
  TypeObj *base;            /* NULL means object */
  const char *doc;
  unsigned flags;
  size_t dict_offset;       /* offset of an `Obj *dict` (instance __dict__) in instances, or 0 */

  void (*dealloc)(Obj *o);  /* free what the object owns, then obj_free(o) */
  void (*traverse)(Obj *o, VisitFn visit, void *arg);  /* TF_GC: visit each held Obj */
  void (*clear)(Obj *o);    /* TF_GC: drop held references (breaks cycles) */

  /* type(...) called: construct an instance (type objects dispatch to this) */
  Value (*new)(TypeObj *t, int argc, const Value *argv, Obj *kwnames);

  Value (*repr)(Value self);
  Value (*str)(Value self);                 /* NULL: use repr */
  int (*hash)(Value self, int64_t *out);    /* NULL: unhashable (unless identity, see below) */
  Value (*compare)(Value a, Value b, int op);   /* CmpOp CMP_EQ..CMP_GTE; may be notimpl */
  Value (*binary)(int op, Value a, Value b);    /* Operator [| OBJ_INPLACE]; may be notimpl */
  Value (*unary)(int op, Value a);              /* UOP_USUB, UOP_UADD, UOP_INVERT, OBJ_UOP_ABS */
  int (*truth)(Value self);                     /* 1/0, -1 on error; NULL: len or true */
  int (*len)(Value self, int64_t *out);
  Value (*getattr)(Value self, Obj *name);      /* NULL: type_generic_getattr */
  int (*setattr)(Value self, Obj *name, Value v);   /* v V_NULL = delete */
  Value (*getitem)(Value self, Value key);
  int (*setitem)(Value self, Value key, Value v);   /* v V_NULL = delete */
  int (*contains)(Value self, Value x);             /* 1/0, -1 on error */
  Value (*iter)(Value self);
  int (*next)(Value self, Value *out);              /* 1 = *out set, 0 = exhausted, -1 error */
  Value (*call)(Value self, int argc, const Value *argv, Obj *kwnames);
  Value (*format)(Value self, Value spec);          /* format(x, spec); NULL: str(x) if spec
                                                       is empty, else TypeError */
  int (*getbuffer)(Value self, ObjBuffer *out);    /* 0, or -1 with an error pending */
  const MethodDef *methods;
  const GetSetDef *getset;

  /* filled at run time */
  Obj *dict;                /* attributes of the type (a dict); built from methods/getset */
  Obj *mro;                 /* tuple of the types after this one, to object (user classes) */
  Obj *bases;               /* tuple of the bases as written (user classes) */
  Obj *name_obj;            /* str name, module name */
  Obj *qualname;            /* user classes: __qualname__ (NULL: the name) */
  Obj *module;
  TypeObj *layout;          /* user classes: the builtin type whose instance memory they share
                               (tuple for a namedtuple; NULL for object's layout) */
};
/* the builtin type whose memory layout an object has: its own type, or a user class's builtin
   base (a subclass of tuple has a TupleObj plus a trailing __dict__ slot) */
#define OBJ_LAYOUT(o) ((o)->type->layout ? (o)->type->layout : (o)->type)
#define VAL_HAS_LAYOUT(v, t) ((v).tag == V_OBJ && OBJ_LAYOUT((v).u.o) == (t))
#define OBJ_UOP_ABS 16

extern TypeObj type_type, type_heaptype_type;
#define OBJ_TYPE_HEAD .ob = {OBJ_IMMORTAL, &type_type}
/* a type object (static native types have type `type`; classes made at run time have the
   collectable `type_heaptype_type`, which Python code also sees as `type`, or a metaclass) */
#define VAL_IS_TYPE(v) ((v).tag == V_OBJ && ((v).u.o->type->flags & TF_META))

/* builtin types */
extern TypeObj type_object_type, num_none_type, num_bool_type, num_int_type, num_float_type,
    str_type, list_type, tuple_type, dict_type, set_type,
    set_frozenset_type, iter_range_type, iter_slice_type, func_type, func_builtin_type,
    func_method_type, module_type, func_cell_type, iter_ellipsis_type,
    iter_notimpl_type, class_property_type, class_staticmethod_type, class_classmethod_type,
    class_super_type, file_type, dict_keys_type, dict_values_type,
    dict_items_type;

/* the type of any value (never NULL for a non-NULL value) */
TypeObj *op_type(Value v);
const char *op_type_name(Value v);        /* "int", "list", "Array", ... */
int op_is_subtype(TypeObj *t, TypeObj *base);
int op_isinstance(Value v, TypeObj *t);
/* prepare a native type (build its dict from methods/getset); idempotent, cheap */
int type_ready(TypeObj *t);

/* ---- allocation ------------------------------------------------------------------------ */
/* Allocate a zeroed object of `size` bytes with rc 1 and the given type (tracked by the cycle
 * collector when t has TF_GC). NULL with MemoryError pending on failure. */
void *obj_alloc(TypeObj *t, size_t size);
void obj_free(Obj *o);                  /* the memory of an object from obj_alloc */
/* Checked malloc/realloc for object contents: NULL + MemoryError on failure or when the size
 * exceeds the per-allocation cap. n*size overflow is checked. */
void *obj_malloc(size_t n);
void *obj_calloc(size_t n, size_t size);
void *obj_realloc(void *p, size_t n);
void *obj_realloc_array(void *p, size_t n, size_t size);
void obj_mfree(void *p);
size_t obj_alloc_cap(void);             /* bytes; the largest single allocation allowed */
void obj_gc_collect(void);              /* collect reference cycles now */

/* ---- errors ---------------------------------------------------------------------------- */
/* exception types (all TF_EXC), names as in Python */
extern TypeObj exc_BaseException, exc_SystemExit, exc_KeyboardInterrupt, exc_GeneratorExit,
    exc_Exception, exc_ArithmeticError, exc_ZeroDivisionError, exc_OverflowError,
    exc_FloatingPointError, exc_LookupError, exc_IndexError, exc_KeyError, exc_ValueError,
    exc_UnicodeError, exc_UnicodeDecodeError, exc_UnicodeEncodeError, exc_TypeError, exc_NameError,
    exc_UnboundLocalError, exc_AttributeError, exc_RuntimeError, exc_RecursionError,
    exc_NotImplementedError, exc_StopIteration, exc_AssertionError, exc_ImportError,
    exc_ModuleNotFoundError, exc_MemoryError, exc_OSError, exc_FileNotFoundError,
    exc_FileExistsError, exc_PermissionError, exc_IsADirectoryError, exc_EOFError,
    exc_NotADirectoryError, exc_InterruptedError, exc_ChildProcessError, exc_BlockingIOError,
    exc_ProcessLookupError, exc_TimeoutError, exc_ConnectionError, exc_BrokenPipeError,
    exc_ConnectionAbortedError, exc_ConnectionRefusedError, exc_ConnectionResetError,
    exc_SyntaxError, exc_IndentationError, exc_TabError, exc_SystemError, exc_BufferError,
    exc_Warning, exc_UserWarning, exc_DeprecationWarning, exc_RuntimeWarning;

/* Raise t with a printf-style message. Returns V_NULL. */
Value obj_raise(TypeObj *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Raise an exception instance or class (as the `raise` statement). Returns V_NULL. */
Value obj_raise_value(Value exc);
Value obj_raise_nomem(void);            /* MemoryError() */
int obj_err_occurred(void);
int obj_err_matches(TypeObj *t);        /* pending exception is an instance of t */
void obj_err_clear(void);
Value obj_err_fetch(void);              /* take the pending exception (new ref); clears it */
void obj_err_restore(Value exc);        /* steals; makes it pending */
Value obj_err_peek(void);               /* borrowed */
/* The interrupt flag (sb_interrupt). obj_check_signals raises KeyboardInterrupt if set. */
int obj_check_signals(void);

/* ---- generic operations (the evaluator uses these too) ------------------------------- */
Value op_repr(Value v);                 /* a str */
Value op_str(Value v);                  /* a str */
Value op_format(Value v, Value spec);   /* format(v, spec) */
int op_truth(Value v);                  /* 1/0, -1 on error */
int op_hash(Value v, int64_t *out);     /* 0, -1 on error (TypeError: unhashable type) */
int op_eq(Value a, Value b);            /* a == b as a truth value: 1/0, -1 on error */
Value op_compare(Value a, Value b, int op);   /* the value of `a op b`, op a CmpOp */
int op_compare_bool(Value a, Value b, int op);
Value op_binop(int op, Value a, Value b);      /* Operator [| OBJ_INPLACE] */
Value op_unary(int op, Value a);               /* UnaryOp (UOP_NOT handled too) */
int op_is(Value a, Value b);
Value op_getattr(Value v, Obj *name);          /* name: a str (interned for speed) */
Value op_getattr_s(Value v, const char *name);
int op_setattr(Value v, Obj *name, Value x);   /* x V_NULL deletes */
int op_setattr_s(Value v, const char *name, Value x);
int op_hasattr_s(Value v, const char *name);
Value type_generic_getattr(Value v, Obj *name); /* dict, then type's attributes */
int type_generic_setattr(Value v, Obj *name, Value x);
/* look an attribute up on a type (through its bases); borrowed, V_NULL if absent (no error) */
Value type_lookup(TypeObj *t, Obj *name);
Value op_getitem(Value v, Value key);
int op_setitem(Value v, Value key, Value x);   /* x V_NULL deletes */
int op_len(Value v, int64_t *out);
int op_contains(Value container, Value x);     /* 1/0/-1 */
Value op_iter(Value v);
int op_next(Value it, Value *out);             /* 1 value, 0 exhausted, -1 error */
Value op_call(Value f, int argc, const Value *argv, Obj *kwnames);
Value op_call0(Value f);
Value op_call1(Value f, Value a);
Value op_call2(Value f, Value a, Value b);
Value op_call_method(Value self, const char *name, int argc, const Value *argv);
int op_callable(Value v);
/* a list of attribute names for dir() / completion (a list of str, sorted) */
Value type_dir(Value v);

/* conversions; they raise TypeError/OverflowError and return -1 on failure */
int op_as_int(Value v, int64_t *out);          /* int, bool (or __index__) */
int op_as_float(Value v, double *out);         /* int, bool, float */
int op_as_index(Value v, int64_t len, int64_t *out, const char *what); /* normalise a[i] */

/* ---- str --------------------------------------------------------------------------------- */
typedef struct StrObj {
  Obj ob;
  int64_t hash;          /* -1 until computed */
  size_t len;            /* bytes */
  size_t ncp;            /* code points */
  uint8_t ascii;
  uint8_t interned;
  char s[];              /* UTF-8, NUL-terminated */
} StrObj;
#define STR(o) ((StrObj *)(o))
#define VAL_IS_STR(v) ((v).tag == V_OBJ && (v).u.o->type == &str_type)
Value str_new(const char *s, size_t len);          /* copies; s must be valid UTF-8 */
Value str_from_cstr(const char *s);
Value str_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
Obj *str_intern(const char *s);                    /* immortal interned str (borrowed) */
Obj *str_intern_n(const char *s, size_t n);
const char *str_cstr(Value v);                     /* v must be a str */

/* ---- containers ------------------------------------------------------------------------ */
typedef struct ListObj { Obj ob; Value *items; int64_t len, cap; } ListObj;
typedef struct TupleObj { Obj ob; int64_t hash; int64_t len; Value items[]; } TupleObj;
#define LIST(o) ((ListObj *)(o))
#define TUPLE(o) ((TupleObj *)(o))
#define VAL_IS_LIST(v) ((v).tag == V_OBJ && (v).u.o->type == &list_type)
#define VAL_IS_TUPLE(v) ((v).tag == V_OBJ && (v).u.o->type == &tuple_type)
#define VAL_IS_DICT(v) ((v).tag == V_OBJ && (v).u.o->type == &dict_type)
/* the type or a subclass of it (the same memory layout) */
#define VAL_IS_TUPLE_ANY(v) VAL_HAS_LAYOUT(v, &tuple_type)
#define VAL_IS_LIST_ANY(v) VAL_HAS_LAYOUT(v, &list_type)
#define VAL_IS_DICT_ANY(v) VAL_HAS_LAYOUT(v, &dict_type)
#define VAL_IS_STR_ANY(v) VAL_HAS_LAYOUT(v, &str_type)

Value list_new(int64_t n);                         /* n items, all None */
Value list_from(int64_t n, const Value *items);/* borrows items */
int list_append(Value list, Value x);              /* borrows x */
int list_append_steal(Value list, Value x);        /* steals x (also on failure) */
Value tuple_new(int64_t n);                        /* n items, V_NULL: fill with TUPLE_SET */
#define TUPLE_SET(t, i, v) (TUPLE(VAL_OBJ(t))->items[i] = (v))  /* steals v */
Value tuple_pack(int n, ...);                      /* n Values, borrowed */
Value tuple_from(int64_t n, const Value *items);
Value list_from_iterable(Value iterable);          /* list(iterable) */

Value dict_new(void);
Value dict_get(Value d, Value key);                /* borrowed; V_NULL if absent (check
                                                      obj_err_occurred for hash errors) */
Value dict_getstr(Value d, const char *key);       /* borrowed */
int dict_set(Value d, Value key, Value x);         /* borrows both */
int dict_setstr(Value d, const char *key, Value x);
int64_t dict_len(Value d);
/* iterate: pos starts at 0; returns 1 with borrowed key/value, 0 at the end */
int dict_next(Value d, int64_t *pos, Value *key, Value *val);

Value set_new(void);
int set_add(Value s, Value x);

/* ---- functions ------------------------------------------------------------------------- */
/* a builtin function object (name and doc are static strings) */
Value func_builtin_new(const char *name, NativeFn fn, const char *doc);
/* a builtin with a data pointer passed to fn (owner keeps data alive) */
Value func_builtin_data_new(const char *name, NativeDataFn fn, void *data, const char *doc);
/* a bound method: calling it calls f(self, ...) */
Value func_method_new(Value f, Value self);

/* keyword arguments: kwnames is NULL or a tuple of str; their values follow the argc
 * positional values in argv */
int func_kwcount(Obj *kwnames);
const char *func_kwname(Obj *kwnames, int i);
/* Parse arguments by name. spec lists parameter names separated by ',', '|' before the first
 * optional one and '$' before the first keyword-only one: "x,base|ndigits,$key". out[i]
 * receives a borrowed value or V_NULL when an optional one is absent. fname is used in
 * messages ("round() missing required argument 'number' (pos 1)"). Returns 0 or -1. */
int func_parse_args(const char *fname, int argc, const Value *argv, Obj *kwnames,
                    const char *spec, Value *out);
/* no keywords allowed / between min and max positional arguments */
int func_check_args(const char *fname, int argc, Obj *kwnames, int min, int max);

/* ---- modules --------------------------------------------------------------------------- */
typedef int (*ModuleInitFn)(Value module);
void module_register(const char *dotted_name, ModuleInitFn init);
void module_register_prelude(const char *dotted_name, const char *source);
void module_register_alias(const char *alias, const char *target);
int modtable_register(void);          /* the table of core/modtable.c, once, by the first sb_new */
Value module_import(const char *dotted_name);     /* the module (new ref) */
int module_add(Value module, const char *name, Value x);         /* borrows x */
int module_add_functions(Value module, const MethodDef *defs);
Value module_get(Value module, const char *name);                /* borrowed or V_NULL */

/* singletons */
extern Obj iter_notimpl_obj, iter_ellipsis_obj;
static inline Value obj_notimpl(void) { return val_obj(&iter_notimpl_obj); }
#define VAL_IS_NOTIMPL(v) ((v).tag == V_OBJ && (v).u.o == &iter_notimpl_obj)

/* output of print()/sys.stdout in the running session: stream 1 or 2 */
void obj_write(int stream, const char *s, size_t n);
/* rich output (a plot, an image) in the running session: a MIME bundle for the front end
 * (sb.h's sb_bundle: mime types, data, lengths; "text/plain" should be present). Returns 1 if
 * a front end took it, 0 if there is none (a script: the caller may write text instead). */
struct sb_bundle;
int obj_display(const struct sb_bundle *b);
void obj_clear_output(int wait);
/* Run f() after every later top-level execution in this session (a notebook cell, a REPL
 * entry, a script), whether it ended in an error or not: how pyplot shows the figures a cell
 * drew, as IPython's post_execute hooks do. Borrows f. 0 ok, -1 error raised. */
int sb_on_cell_end(Value f);

#endif
