/* core.h - internals shared by the files of the language core (object model, evaluator,
 * builtins, session) and by the native modules of lang/stdlib, lang/array and lang/transform. */
#ifndef SABLE_CORE_H
#define SABLE_CORE_H

#include <signal.h>
#include <string.h>
#include "object.h"
#include "fmt.h"
#include "sb.h"

/* ---- dict ---------------------------------------------------------------------------- */
typedef struct DictEntry {
  int64_t hash;
  Value key;       /* V_NULL: deleted */
  Value val;
} DictEntry;

typedef struct DictObj {
  Obj ob;
  int64_t used;        /* live entries */
  int64_t n;           /* entries in use incl. deleted */
  int64_t cap;         /* capacity of entries */
  DictEntry *entries;
  int64_t *index;      /* -1 empty, -2 dummy, else entry index */
  size_t mask;         /* index size - 1 (0 with no index: n <= 8, linear search) */
  int64_t version;     /* bumped on every structural change (iteration checks) */
  Obj *ns_mod;         /* the module whose live namespace this is (globals()), else NULL; weak */
  int64_t odclears;    /* version bumps made by OrderedDict.clear (stdlib/mod_odict.c) */
} DictObj;
#define DICT(o) ((DictObj *)(o))
/* lookup with a precomputed hash; borrowed; V_NULL if absent, -1 error via obj_err_occurred */
Value dict_get_h(Value d, Value key, int64_t hash);
int dict_set_h(Value d, Value key, int64_t hash, Value x);
Value dict_copy(Value d);
int64_t dict_entry_index(Value d, Value key, int64_t hash);   /* entries[] index, or -1 */
int64_t dict_lookup_ix(Value d, Value key, int64_t hash);     /* the same; -2 on error */
int dict_update(Value d, Value other);       /* dict or iterable of pairs */
Value dict_pop(Value d, Value key);           /* new ref or V_NULL (absent: no error) */
void dict_raise_key_error(Value key);   /* KeyError(key), the key as its only argument */
Value dict_pop_h(Value d, Value key, int64_t hash);   /* the same with the key's hash */
int dict_pack_front(Value d, int64_t first);  /* OrderedDict's reorderings (dict.c) */
void dict_clear(Value d);

/* ---- set (CPython's open addressing, so small-int sets print in CPython's order) ----- */
typedef struct SetEntry { Value key; int64_t hash; } SetEntry;
typedef struct SetObj {
  Obj ob;
  int64_t fill, used;
  size_t mask;
  SetEntry *table;
  int64_t finger;
  int64_t hash;        /* frozenset */
  SetEntry small[8];
} SetObj;
#define SETO(o) ((SetObj *)(o))
#define VAL_IS_SETLIKE(v) ((v).tag == V_OBJ && (OBJ_LAYOUT((v).u.o) == &set_type || \
                           OBJ_LAYOUT((v).u.o) == &set_frozenset_type))
int set_contains(Value s, Value x);
Value set_from(TypeObj *t, Value iterable);

/* ---- misc objects ------------------------------------------------------------------- */
typedef struct CellObj { Obj ob; Value v; } CellObj;
Obj *func_cell_new(Value v);                 /* borrows v */

typedef struct SliceObj { Obj ob; Value start, stop, step; } SliceObj;
Value iter_slice_new(Value start, Value stop, Value step);  /* borrows */
/* normalise a slice against a length (CPython's PySlice_GetIndicesEx); -1 on error */
int iter_slice_unpack(Value slice, int64_t *start, int64_t *stop, int64_t *step, int *flags);
void iter_slice_adjust(int64_t len, int flags, int64_t *start, int64_t *stop, int64_t step,
                       int64_t *slicelen);
int iter_slice_indices(Value slice, int64_t len, int64_t *start, int64_t *stop, int64_t *step,
                       int64_t *slicelen);

/* big: NULL, or (start, stop, step, length) as int Values when a bound or the length does not
 * fit int64; then start/stop/step are 0 and ulen is the length capped at UINT64_MAX */
typedef struct RangeObj { Obj ob; int64_t start, stop, step, len; uint64_t ulen; Obj *big; } RangeObj;
  /* len is -1 when the length does not fit an int64 (ulen has it) */

typedef struct BuiltinObj {
  Obj ob;
  const char *name;
  NativeFn fn;
  NativeDataFn dfn;
  void *data;
  const char *doc;
  Value self;          /* bound self (a method of a native type), or V_NULL */
  int flags;
  TypeObj *owner;      /* for methods of a type: the type (for error messages) */
} BuiltinObj;

typedef struct MethodObj { Obj ob; Value func; Value self; } MethodObj;   /* bound method */
typedef struct WrapObj { Obj ob; Value f; Value g; Value s; Value doc; } WrapObj;
  /* property(fget, fset, ...)/staticmethod/classmethod */

typedef struct ModuleObj {
  Obj ob;
  Obj *name;           /* str */
  Obj *index;          /* dict: name -> int slot */
  Value *vals;
  Obj **names;         /* interned names per slot */
  int64_t n, cap;
  Value doc;
  Obj *gdict;          /* the namespace dict once globals()/__dict__ asked for it, else NULL */
  int64_t *gix, ngix;  /* slot -> the gdict entry last holding its name (-1: unknown): a cache */
  int future_annotations;   /* an interactive cell of this module imported annotations */
} ModuleObj;
#define MODULE(o) ((ModuleObj *)(o))
/* globals(): the module's namespace dict. Stores to either side reach the other: the dict's
   writes go to the slots (module_ns_store, called by dict.c), and every store to a slot is
   followed by MODULE_STORED so that the dict holds what the slots hold. */
void module_ns_sync(ModuleObj *m, int64_t slot);
int module_ns_store(DictObj *d, Value key, Value x);   /* x V_NULL: delete */
void module_ns_clear_all(DictObj *d);                  /* globals().clear() */
#define MODULE_STORED(m, slot) do { if ((m)->gdict) module_ns_sync((m), (slot)); } while (0)
/* slot for a name, created if needed (-1 on memory error) */
int64_t module_slot(ModuleObj *m, Obj *name);
Value module_dict(ModuleObj *m);              /* the live namespace dict (new reference) */
Value module_new(const char *name);

typedef struct InstObj { Obj ob; Obj *dict; } InstObj;
/* an instance of a user subclass of int or float: the unboxed number and the __dict__ */
typedef struct NumBoxObj { Obj ob; Value v; Obj *dict; } NumBoxObj;
Value num_box(TypeObj *t, Value v);           /* an instance of t (an int/float subclass) */
Value num_unbox(Value v);                     /* the number of a boxed one, else v (borrowed) */
/* where a user subclass of a variable-size builtin (tuple, str) keeps its __dict__ */
Obj **class_var_dict_ptr(Obj *o);
/* the value of a subclass instance as its builtin type (an exact copy or the unboxed number),
   or v itself; new reference */
Value class_as_base(Value v);
/* owner.__new__(cls, ...) for a builtin type: argv[0] is cls (owner or a subclass of it) */
Value tuple_sub_from(TypeObj *tp, Value v);   /* a tp (tuple subclass) with v's items */
Value str_sub_from(TypeObj *tp, Value v);     /* a tp (str subclass) with v's text */
size_t str_sub_dict_offset(size_t len);
Value class_builtin_new(TypeObj *owner, int argc, const Value *argv, Obj *kw);

/* ---- slot wrappers (slotwrap.c): list.__len__, int.__add__, [].__iter__ ------------------- */
extern TypeObj slotwrap_type, slotwrap_method_type;
int slotwrap_add(TypeObj *t, Value typedict);      /* type_ready: the dunders of t's slots */
Value slotwrap_bind(Value descr, Value self);      /* a method-wrapper */

/* ---- bytes and bytearray (bytes.c) ---------------------------------------------------- */
typedef struct BytesObj { Obj ob; int64_t hash; size_t len; char s[]; } BytesObj;  /* NUL-ended */
typedef struct ByteArrayObj { Obj ob; char *s; size_t len, cap; int64_t exports; } ByteArrayObj;
#define BYTES(o) ((BytesObj *)(o))
#define BYTEARRAY(o) ((ByteArrayObj *)(o))
#define VAL_IS_BYTES(v) ((v).tag == V_OBJ && (v).u.o->type == &bytes_type)
#define VAL_IS_BYTEARRAY(v) ((v).tag == V_OBJ && (v).u.o->type == &bytes_bytearray_type)
extern TypeObj bytes_type, bytes_bytearray_type;
Value bytes_new(const char *s, size_t n);               /* copies */
Value bytes_alloc(size_t n, char **data);                /* n bytes to fill in */
Value bytes_bytearray_new(const char *s, size_t n);
/* the memory of a bytes-like object (bytes, bytearray, a type with getbuffer); -1 and
 * "a bytes-like object is required, not 'T'" otherwise */
int bytes_view(Value v, ObjBuffer *out);
void bytes_ba_export(Value v, int delta);   /* a memoryview of a bytearray: +1 / -1 (no resize) */
extern TypeObj memview_type;                 /* memview.c */
Value memview_tobytes(Value mv);             /* a C-order copy of a memoryview's elements */
/* str.encode / bytes.decode with the utf-8, ascii and latin-1 codecs */
Value bytes_encode(Value str, const char *encoding, const char *errors);
Value bytes_decode(const char *s, size_t n, const char *encoding, const char *errors);

/* ---- exceptions ---------------------------------------------------------------------- */
typedef struct TbEntry {
  Obj *code;           /* CodeObj (new ref) */
  Obj *name;           /* function name (str) */
  Span span;
  int kind;            /* 0, or the node kind whose parts are anchored: N_BINOP, N_SUBSCRIPT */
  int c1, c2;          /* BinOp: left end col, right start col; Subscript: value end, slice end */
  Obj *mod;            /* ModuleObj of the frame (new ref, may be NULL): tb_frame.f_globals */
  int firstline;       /* first line of the frame's function (co_firstlineno) */
} TbEntry;

typedef struct ExcObj {
  Obj ob;
  Obj *dict;
  Value args;          /* tuple */
  Value cause, context;
  int suppress_context;
  TbEntry *tb;
  int ntb, captb;
  Value attr_obj;       /* AttributeError: the object, for "Did you mean" at print time */
  Obj *attr_name;       /* NameError/AttributeError: the missing name */
  Obj *suggestion;      /* NameError: the suggestion found when it was raised */
  Obj *tbhead;          /* the traceback object made for tb[0..tbhead_n) (e.__traceback__) */
  int tbhead_n;
  Value os_errno, os_strerror, os_filename, os_filename2;  /* OSError: V_NULL when not given */
} ExcObj;
/* the OSError subclass CPython picks for an errno (OSError itself for others) */
TypeObj *exc_oserror_type(int64_t err);
/* note the object and name on a pending AttributeError (for the "Did you mean" hint) */
void exc_attr_info(Value obj, Obj *name);
/* CPython's suggestion for a misspelt name among candidates (a list of str); NULL if none */
Obj *exc_suggest(Value candidates, Obj *name);
#define EXC(o) ((ExcObj *)(o))
Value exc_new(TypeObj *t, Value args_tuple);        /* borrows args */
Value exc_str(Value exc);
void exc_add_tb(Value exc, Obj *code, Obj *name, Span span);
void exc_add_tb_anchored(Value exc, Obj *code, Obj *name, Span span, int kind, int c1, int c2);
struct Frame;
/* the entry of frame f (code, name, module, first line) at span, anchored as above */
void exc_add_tb_frame(Value exc, struct Frame *f, Span span, int kind, int c1, int c2);
/* e.__traceback__ (a new reference: a traceback object or None) and its setter (None or a
 * traceback object; -1 with TypeError otherwise) */
Value exc_get_traceback(Value exc);
int exc_set_traceback(Value exc, Value tb);
/* frameobj.c: traceback objects over copies of the entries (the refs of *e are taken) */
extern TypeObj frame_tb_type;
Value frame_tb_new(TbEntry *e, Value next);
const TbEntry *frame_tb_entry(Value tb, Value *next);   /* borrowed; NULL if not a traceback */
extern TypeObj *const exc_builtin_types[];           /* NULL-terminated: for the builtins */

/* ---- code (a parsed source unit) ---------------------------------------------------- */
typedef struct CodeObj {
  Obj ob;
  Arena *arena;
  char *src;
  size_t len;
  char *filename;
  size_t *lines;        /* byte offset of each line start */
  int nlines;
  Obj **owned;          /* objects cached on the nodes (constants, keyword tuples) */
  int nowned, capowned;
} CodeObj;
int func_code_own(CodeObj *code, Obj *o);  /* steals o */
Obj *func_code_new(const char *src, size_t len, const char *filename);
/* the text of a 1-based line (without newline) */
const char *func_code_line(CodeObj *c, int line, size_t *n);

/* ---- functions ----------------------------------------------------------------------- */
typedef struct Scope Scope;
typedef struct FuncObj {
  Obj ob;
  Node *def;            /* N_FUNCDEF or N_LAMBDA */
  Scope *scope;
  Obj *code;            /* CodeObj */
  ModuleObj *globals;
  Value *defaults;      /* for the last ndefaults positional parameters */
  int ndefaults;
  Value *kwdefaults;    /* one per keyword-only parameter (V_NULL = required) */
  Obj **closure;
  int nclosure;
  Obj *name, *qualname;
  Value doc;
  Obj *dict;
  Value annotations;    /* dict, or V_NULL until asked for (then {}) */
} FuncObj;
#define FUNC(o) ((FuncObj *)(o))

/* ---- resolver output (arena allocated, hung on scope_info) -------------------------- */
enum { RS_NONE = 0, RS_LOCAL, RS_CELL, RS_FREE, RS_GLOBAL, RS_CLASS };
enum { SK_MODULE, SK_FUNC, SK_CLASS, SK_COMP };

typedef struct FreeRef { int from_free; int index; } FreeRef;
  /* where an inner scope's free variable comes from in the defining frame: its closure
     (from_free, index into cells) or a local slot holding a cell */

typedef struct SymEntry { const char *name; Resolved res; } SymEntry;

struct Scope {
  int kind;
  int is_generator;                /* a def or lambda with a yield in its own body */
  int nlocals;
  int nposonly, nargs, nkwonly;   /* parameters, in slot order: posonly, args, kwonly */
  int vararg_slot, kwarg_slot;     /* -1 if none */
  uint8_t *is_cell;                /* per local slot */
  int ncellslots;
  int nfree;
  FreeRef *frees;
  const char **slot_names;
  SymEntry *syms;                  /* every name bound in this scope, for by-name binding */
  int nsyms;
  Resolved bind;                   /* def/class: where the name goes in the enclosing scope */
  const char *name;
  char *qualname;
  Node *doc;                       /* the docstring constant, or NULL */
  Scope *parent;
};
/* resolve a parsed module (in code's arena) against a module namespace; 0, or -1 with
 * SyntaxError pending (span in *err_span) */
int resolve_code(Node *module, ModuleObj *m, CodeObj *code, Span *err_span);
/* unparse.c: an expression's source text as CPython 3.11 writes it for PEP 563 (a str) */
Value unparse_expr(Node *e);
Value exec_module_annotations(ModuleObj *m);   /* borrowed; made on first use */
/* weakref.c: while weak_live is 0 no object has a weak reference. weak_kill detaches a dying
 * object's references and returns those whose callbacks must run (is_garbage: skip the
 * references that die in the same collection); weak_run_callbacks runs and releases them. */
extern int64_t weak_live;
extern TypeObj exc_ReferenceError;
struct WeakRefObj *weak_kill(Obj *o, int (*is_garbage)(Obj *));
void weak_run_callbacks(struct WeakRefObj *chain);
struct WeakRefObj **weak_chain_next(struct WeakRefObj *w);   /* the link field of a chain */
/* under `from __future__ import annotations`, turn every annotation of the module into the
 * string constant of its text (0, or -1 with an error pending) */
int unparse_future_annotations(Node *module, Arena *a);
/* an interactive cell after one that ran `from __future__ import annotations`: as CPython's
   REPL, the later cells are compiled under it too. 1 if module declares it itself. */
int unparse_declares_future_annotations(Node *module);
int unparse_annotations_as_strings(Node *module, Arena *a);

/* ---- evaluator --------------------------------------------------------------------- */
typedef struct Frame {
  struct Frame *back;
  Value *locals;
  Obj **cells;          /* closure cells (free variables) */
  ModuleObj *mod;
  Obj *classdict;       /* class body namespace */
  FuncObj *func;
  Scope *scope;
  CodeObj *code;
  Obj *name;            /* str: "<module>", "f", "<listcomp>" */
  Value ret;
  Obj *excinfo;         /* exception being handled in this frame (for bare raise) */
  int line;             /* line of the statement being executed (sys._getframe().f_lineno) */
} Frame;

typedef struct Session Session;
typedef struct ThreadState {
  Value exc;              /* pending exception */
  int located;            /* the innermost frame already recorded a traceback entry */
  Value handling;         /* exception currently handled by an except block */
  int depth, limit;
  char *stack_limit;      /* lowest safe address of the C stack */
  Frame *frame;
  Session *session;
  const sb_sink *sink;
  int gc_pending;
} ThreadState;
extern ThreadState obj_ts;
/* threads (thread.c): green threads that take turns at blocking calls and poll points */
int thr_active(void);                /* a thread other than the main one is alive */
int thr_sleep(double secs);          /* let the others run meanwhile; -1: KeyboardInterrupt */
void thr_preempt(void);              /* the switch interval passed (bit 2 of gc_pending) */
int thr_defer_interrupt(void);       /* 1: Ctrl-C belongs to the main thread, which now runs */
double thr_get_switchinterval(void);
void thr_set_switchinterval(double s);
extern volatile sig_atomic_t obj_interrupted;

Value call_function(FuncObj *f, int argc, const Value *argv, Obj *kwnames);
/* raise RecursionError when the C stack or the depth limit is exhausted */
int call_stack_check(void);
#define STACK_CHECK_OR(fail) do { char here__; \
    if (&here__ < obj_ts.stack_limit && call_stack_check() < 0) return fail; } while (0)

/* ---- session ------------------------------------------------------------------------ */
struct Session {
  ModuleObj *main;
  ModuleObj *builtins;
  Value modules;          /* dict: name -> module (sys.modules) */
  Value argv;             /* list */
  int exit_code;
  Value sys;
  Value cell_end;         /* list of callables run after each execution (sb_on_cell_end) */
};
int sb_exec_source(const char *src, size_t len, const char *filename, ModuleObj *m,
                   int interactive, Value *last_value);
Value sys_module_new(Session *s, int argc, char **argv);   /* stdlib/mod_sys.c */
/* traceback.c: the lines of a formatted exception, its value and its type name (malloc'd) */
int tb_format_exception(Value exc, char ***lines);
/* the same with the top exception's traceback taken from *tb (a traceback object or None) when
 * tb is not NULL, `limit` as traceback.py's (INT_MIN: no limit), chained exceptions or not */
int tb_format_exception_ex(Value exc, const Value *tb, int limit, int chain, char ***lines);
/* the frame lines of a traceback object's chain (no header), as traceback.format_tb */
int tb_format_tb(Value tb, int limit, char ***lines);
char *tb_exc_value(Value exc);
char *tb_exc_name(Value exc);
char *help_text(Value v);                                    /* help.c: help(v) */
char *inspect_text(Value v, const char *expr, size_t elen);  /* help.c: IPython's obj? */
void display_echo_result(Value v, const sb_sink *sink);     /* display.c: the REPL's echo */
int display_builtins(Value builtins);                        /* display.c: display() & co. */

/* ---- helpers shared by the type files --------------------------------------------- */
int64_t num_hash_int(int64_t i);
int64_t num_hash_double(double d);
int64_t num_hash_bytes(const char *s, size_t n);
Value str_append_inplace(Value a, Value b);       /* steals a */
void func_builtin_fix_error(Obj *builtin);
Value str_join(Value sep, Value iterable);
/* repr of containers: guard against self-reference ("[...]") */
int op_repr_enter(Obj *o);              /* 1 if already being printed */
void op_repr_leave(Obj *o);
Value list_sorted(Value iterable, Value key, int reverse);
Value list_seq_iter_new(Value seq);     /* an iterator over a list/tuple/str by index */
/* list and tuple share these (list.c) */
Value list_seq_repr(Value self, const Value *items, int64_t n, const char *open,
                    const char *close, int tuple1);
Value list_seq_compare(const Value *a, int64_t na, const Value *b, int64_t nb, int op);
Value list_seq_index(const char *tname, Value self, int argc, const Value *argv, Obj *kw);
Value list_seq_count(Value self, Value x);
Value iter_calliter_new(Value f, Value sentinel);  /* iter(f, sentinel) */
void type_inst_slots(TypeObj *t);
Value strfmt_percent(Value fmt, Value args);
/* bytes % args (PEP 461) over the format s[0..n): a bytes, or a bytearray */
Value strfmt_percent_bytes(const char *s, size_t n, Value args, int bytearray);
Value strfmt_format(Value fmt, int argc, const Value *argv, Obj *kwnames);
Value file_stdstream_new(int stream);
Value file_open(int argc, const Value *argv, Obj *kwnames);
Value num_int_binary(int op, Value a, Value b);
Value num_float_binary(int op, Value a, Value b);
int num_compare(Value a, Value b, int op);          /* numbers only: 1/0, -2 if not numbers */
/* big ints (bigint.c): an int outside int64 is a V_OBJ whose type is num_int_type itself */
extern int num_int_max_str_digits;           /* sys.set_int_max_str_digits; 0 = no limit */
int num_is_big(Value v);                     /* a big int (not a V_INT) */
int num_is_int(Value v);                     /* V_INT, V_BOOL or a big int */
void num_big_dealloc(Obj *o);
int num_big_sign(Value v);
uint64_t num_big_bitlen(Value v);            /* bits of |v| */
uint64_t num_big_popcount(Value v);          /* one bits of |v| */
int num_big_to_double(Value v, double *out); /* correctly rounded; OverflowError */
Value num_big_from_double(double d);         /* int(d), d finite */
Value num_big_binary(int op, Value a, Value b);   /* both ints */
Value num_big_unary(int op, Value a);
int num_big_cmp(Value a, Value b);           /* -1/0/1, both ints */
int num_big_cmp_float(Value a, double f);    /* -1/0/1, 2 if f is NaN */
int64_t num_big_hash(Value v);               /* CPython's hash of any int */
char *num_big_digits(Value v, int base, int check_limit);   /* |v|'s digits, obj_malloc'd */
Value num_big_repr(Value v);
Value num_big_to_base(Value v, int base, const char *prefix);  /* "-0x1f" */
Value num_big_from_digits(const char *s, size_t n, int base, int neg);
int num_big_to_bytes(Value v, unsigned char *out, size_t len, int little, int is_signed);
Value num_big_from_bytes(const unsigned char *s, size_t len, int little, int is_signed);
Value num_big_powmod(Value a, Value e, Value m);
Value num_big_math(int which, Value a, Value b);  /* 0 gcd 1 lcm 2 isqrt 3 factorial 4 comb 5 perm */
/* a big int under a format spec (num.c): 0, -1 with err set (a ValueError), -2 raised */
int num_big_format(Value v, const FmtSpec *sp, FBuf *out, char *err, size_t errn);
double num_big_frexp(Value v, int64_t *e);   /* v = x * 2**e, 0.5 <= |x| < 1 */
Value class_type_call(Value t, int argc, const Value *argv, Obj *kwnames);
Value class_new(Obj *name, Value bases, Value ns, ModuleObj *mod);
/* a class whose type is the metaclass meta (type or a subclass), then __set_name__ and the
 * parent's __init_subclass__(**kw) (kw: the keyword values and their names, or NULL) */
Value class_new_meta(TypeObj *meta, Obj *name, Value bases, Value ns, ModuleObj *mod,
                     const Value *kwv, Obj *kwnames);
/* the metaclass of a class statement: the most derived of meta and the bases' types */
TypeObj *class_find_meta(TypeObj *meta, Value bases);
/* `X | Y` on types: a types.UnionType (union.c); its args tuple, borrowed, or NULL */
extern TypeObj union_type;
Value union_new(Value a, Value b);
Obj *union_args(Value v);
/* PEP 585 `list[int]`: a types.GenericAlias of origin and args (a tuple, or one argument) */
extern TypeObj union_genalias_type;
Value union_genalias_new(Value origin, Value args);
/* frameobj.c: a snapshot of the frame `depth` levels up (0: the innermost), as sys._getframe */
Value frame_get(int depth);
Value class_super_new(TypeObj *t, Value self);
Value type_bind(Value attr, Value self, TypeObj *t);  /* descriptor binding for lookups */
/* the instance dict pointer of v (NULL if it has none) */
Obj **type_instance_dict_ptr(Value v);
Value class_user_method(Value self, const char *dunder); /* lookup a special method (bound) */
/* v.<dunder>() for a conversion method (__index__, __float__, __int__) of a user class or a
 * native type such as a 0-d array; V_NULL with no error pending when the type has none */
Value op_conv_dunder(Value v, const char *dunder);
int op_index_value(Value v, int64_t *out);    /* int or __index__: 1 done, 0 has none, -1 error */
/* the count of seq * k: 1 when k is an int or converts by __index__ (np.int64(3)), 0 when not
 * (the other operand's __mul__ then gets its turn), -1 on an error other than TypeError */
int op_repeat_count(Value k, int64_t *n);
int builtins_init(ModuleObj *m);
extern const char *const sb_keywords[];
void obj_gc_collect_full(void);
int op_contains_iter(Value c, Value x);
extern uint64_t type_version;
/* an interned name for a string literal, looked up once per call site */
#define INTERNED(lit) __extension__({ static Obj *in_; if (!in_) in_ = str_intern(lit); in_; })   /* bump after changing any type's dict directly */
Value op_seq_getitem_iter(Value v);
int num_float_to_int(double d, int64_t *out);
Value list_seq_reversed_new(Value seq);
extern TypeObj list_seqiter_type, type_getset_type, func_code_type;
extern TypeObj iter_enumerate_type, iter_zip_type, iter_map_type, iter_filter_type, iter_reversed_type;

#endif
