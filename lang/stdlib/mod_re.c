/* mod_re.c - the re module: its functions over the cached Pattern objects, the RegexFlag values
 * with CPython 3.11's reprs, and re.error (CPython's own class source, run at import). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/modtable.h"
#include "mod_re.h"

/* ---- RegexFlag ---------------------------------------------------------------------------- */
typedef struct FlagObj { Obj ob; int64_t v; } FlagObj;

/* in the order of RegexFlag's members (their repr order) */
static const struct { int v; const char *n; } flag_names[] = {
    {RE_ASCII, "ASCII"}, {RE_IGNORECASE, "IGNORECASE"}, {RE_LOCALE, "LOCALE"},
    {RE_UNICODE, "UNICODE"}, {RE_MULTILINE, "MULTILINE"}, {RE_DOTALL, "DOTALL"},
    {RE_VERBOSE, "VERBOSE"}, {RE_TEMPLATE, "TEMPLATE"}, {RE_DEBUG, "DEBUG"}};
#define FLAG_MASK 511

Value re_flag_new(int64_t v) {
  FlagObj *f = obj_alloc(&re_flag_type, sizeof(FlagObj));
  if (!f) return val_null();
  f->v = v;
  return val_obj(&f->ob);
}

static int64_t fv(Value v) { return ((FlagObj *)v.u.o)->v; }
#define IS_FLAG(x) (VAL_IS_OBJ(x) && (x).u.o->type == &re_flag_type)

/* "IGNORECASE|MULTILINE" (with prefix before each name), unknown bits as hex */
static void flag_text(int64_t v, const char *prefix, FBuf *b) {
  int first = 1;
  for (size_t k = 0; k < sizeof flag_names / sizeof *flag_names; k++)
    if (v & flag_names[k].v) {
      fbuf_printf(b, "%s%s%s", first ? "" : "|", prefix, flag_names[k].n);
      first = 0;
      v &= ~(int64_t)flag_names[k].v;
    }
  if (v) fbuf_printf(b, "%s0x%llx", first ? "" : "|", (unsigned long long)v);
}

static Value flag_repr(Value self) {
  int64_t v = fv(self);
  if (v == 0) return str_from_cstr("re.NOFLAG");
  if (v < 0 || !(v & FLAG_MASK)) return str_fmt("re.RegexFlag(%lld)", (long long)v);
  FBuf b = {0};
  flag_text(v, "re.", &b);
  Value r = str_new(b.s, b.len);
  fbuf_free(&b);
  return r;
}

static int flag_hash(Value self, int64_t *out) { *out = num_hash_int(fv(self)); return 0; }
static int flag_truth(Value self) { return fv(self) != 0; }

static int as_plain(Value x, Value *out) {
  if (IS_FLAG(x)) { *out = val_int(fv(x)); return 1; }
  if (VAL_IS_INTLIKE(x) || VAL_IS_FLOAT(x)) { *out = x; return 1; }
  return 0;
}

static Value flag_compare(Value a, Value b, int op) {
  Value x, y;
  if (!as_plain(a, &x) || !as_plain(b, &y)) return obj_notimpl();
  return op_compare(x, y, op);
}

static Value flag_binary(int op, Value a, Value b) {
  Value x, y;
  if (!as_plain(a, &x) || !as_plain(b, &y)) return obj_notimpl();
  int bop = op & ~OBJ_INPLACE;
  if ((bop == OP_BITOR || bop == OP_BITAND || bop == OP_BITXOR) && VAL_IS_INTLIKE(x) && VAL_IS_INTLIKE(y)) {
    int64_t r = bop == OP_BITOR ? (x.u.i | y.u.i) : bop == OP_BITAND ? (x.u.i & y.u.i) : (x.u.i ^ y.u.i);
    return re_flag_new(r);
  }
  return op_binop(bop, x, y);
}

static Value flag_unary(int op, Value a) {
  if (op == UOP_INVERT) return re_flag_new(FLAG_MASK & ~fv(a));
  return op_unary(op, val_int(fv(a)));
}

static Value flag_new_slot(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  if (func_check_args("RegexFlag", argc, kw, 1, 1) < 0) return val_null();
  int64_t v;
  if (op_as_int(argv[0], &v) < 0) return val_null();
  return re_flag_new(v);
}

static Value fm_int(int argc, const Value *argv, Obj *kw) { return val_int(fv(argv[0])); }
static Value fg_value(Value self) { return val_int(fv(self)); }
static Value fg_name(Value self) {
  int64_t v = fv(self);
  if (v == 0) return str_from_cstr("NOFLAG");
  if (v < 0 || (v & ~(int64_t)FLAG_MASK)) return val_none();
  FBuf b = {0};
  flag_text(v, "", &b);
  Value r = str_new(b.s, b.len);
  fbuf_free(&b);
  return r;
}

static const MethodDef flag_methods[] = {
    {"__index__", fm_int, "__index__()", 0},
    {"__int__", fm_int, "__int__()", 0},
    {NULL, NULL, NULL, 0}};
static const GetSetDef flag_getset[] = {
    {"value", fg_value, NULL, NULL}, {"name", fg_name, NULL, NULL}, {NULL, NULL, NULL, NULL}};

TypeObj re_flag_type = {OBJ_TYPE_HEAD, .name = "RegexFlag", .doc = "An enumeration of the re flags.",
                        .new = flag_new_slot, .repr = flag_repr, .hash = flag_hash,
                        .compare = flag_compare, .binary = flag_binary, .unary = flag_unary,
                        .truth = flag_truth, .methods = flag_methods, .getset = flag_getset};

/* ---- re.error ------------------------------------------------------------------------------ */
/* CPython's class, word for word, so its attributes and message are the same */
static const char error_src[] =
    "class error(Exception):\n"
    "    def __init__(self, msg, pattern=None, pos=None):\n"
    "        self.msg = msg\n"
    "        self.pattern = pattern\n"
    "        self.pos = pos\n"
    "        if pattern is not None and pos is not None:\n"
    "            msg = '%s at position %d' % (msg, pos)\n"
    "            newline = '\\n'\n"
    "            self.lineno = pattern.count(newline, 0, pos) + 1\n"
    "            self.colno = pos - pattern.rfind(newline, 0, pos)\n"
    "            if newline in pattern:\n"
    "                msg = '%s (line %d, column %d)' % (msg, self.lineno, self.colno)\n"
    "        else:\n"
    "            self.lineno = self.colno = None\n"
    "        super().__init__(msg)\n"
    "error.__module__ = 're'\n";

Value re_error_class(void) {
  Value m = module_import("re");
  if (VAL_IS_NULL(m)) return m;
  Value e = module_get(m, "error");
  val_decref(m);
  if (VAL_IS_NULL(e)) return obj_raise(&exc_SystemError, "re.error is missing");
  return e;   /* borrowed: the module keeps it */
}

Value re_raise(const char *msg, Value pattern, int64_t pos) {
  Value cls = re_error_class();
  if (VAL_IS_NULL(cls)) return cls;
  Value ms = str_from_cstr(msg);
  if (VAL_IS_NULL(ms)) return ms;
  Value args[3] = {ms, VAL_IS_STR(pattern) ? pattern : val_none(), pos >= 0 ? val_int(pos) : val_none()};
  Value e = op_call(cls, 3, args, NULL);
  val_decref(ms);
  if (VAL_IS_NULL(e)) return e;
  obj_raise_value(e);
  val_decref(e);
  return val_null();
}

/* ---- module functions ----------------------------------------------------------------------- */
static Value f_compile(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("compile", argc, argv, kw, "pattern|flags", a) < 0) return val_null();
  return re_compile(a[0], a[1]);
}

static Value exec_fn(const char *name, int mode, int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args(name, argc, argv, kw, "pattern,string|flags", a) < 0) return val_null();
  Value p = re_compile(a[0], a[2]);
  if (VAL_IS_NULL(p)) return p;
  Value m = val_none();
  int r = re_pattern_exec((RePattern *)p.u.o, a[1], 0, INT64_MAX, mode, &m);
  val_decref(p);
  return r < 0 ? val_null() : m;
}
static Value f_match(int argc, const Value *argv, Obj *kw) { return exec_fn("match", RE_MATCH, argc, argv, kw); }
static Value f_search(int argc, const Value *argv, Obj *kw) { return exec_fn("search", RE_SEARCH, argc, argv, kw); }
static Value f_fullmatch(int argc, const Value *argv, Obj *kw) { return exec_fn("fullmatch", RE_FULL, argc, argv, kw); }

static Value f_findall(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("findall", argc, argv, kw, "pattern,string|flags", a) < 0) return val_null();
  Value p = re_compile(a[0], a[2]);
  if (VAL_IS_NULL(p)) return p;
  Value r = re_do_findall((RePattern *)p.u.o, a[1], 0, INT64_MAX);
  val_decref(p);
  return r;
}
static Value f_finditer(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("finditer", argc, argv, kw, "pattern,string|flags", a) < 0) return val_null();
  Value p = re_compile(a[0], a[2]);
  if (VAL_IS_NULL(p)) return p;
  Value r = re_do_finditer((RePattern *)p.u.o, a[1], 0, INT64_MAX);
  val_decref(p);
  return r;
}
static Value f_split(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("split", argc, argv, kw, "pattern,string|maxsplit,flags", a) < 0) return val_null();
  int64_t ms = 0;
  if (!VAL_IS_NULL(a[2]) && op_as_int(a[2], &ms) < 0) return val_null();
  Value p = re_compile(a[0], a[3]);
  if (VAL_IS_NULL(p)) return p;
  Value r = re_do_split((RePattern *)p.u.o, a[1], ms);
  val_decref(p);
  return r;
}
static Value sub_fn(const char *name, int subn, int argc, const Value *argv, Obj *kw) {
  Value a[5];
  if (func_parse_args(name, argc, argv, kw, "pattern,repl,string|count,flags", a) < 0) return val_null();
  int64_t count = 0;
  if (!VAL_IS_NULL(a[3]) && op_as_int(a[3], &count) < 0) return val_null();
  Value p = re_compile(a[0], a[4]);
  if (VAL_IS_NULL(p)) return p;
  Value r = re_do_sub((RePattern *)p.u.o, a[1], a[2], count, subn);
  val_decref(p);
  return r;
}
static Value f_sub(int argc, const Value *argv, Obj *kw) { return sub_fn("sub", 0, argc, argv, kw); }
static Value f_subn(int argc, const Value *argv, Obj *kw) { return sub_fn("subn", 1, argc, argv, kw); }

static Value f_escape(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("escape", argc, argv, kw, "pattern", a) < 0) return val_null();
  if (!VAL_IS_STR(a[0]))
    return obj_raise(&exc_TypeError, "escape() argument must be str (Sable has no bytes type yet), not %s",
                     op_type_name(a[0]));
  StrObj *s = STR(a[0].u.o);
  FBuf b = {0};
  for (size_t i = 0; i < s->len; i++) {
    char c = s->s[i];
    switch (c) {
      case '\t': fbuf_puts(&b, "\\\t"); continue;
      case '\n': fbuf_puts(&b, "\\\n"); continue;
      case '\r': fbuf_puts(&b, "\\\r"); continue;
      case '\v': fbuf_puts(&b, "\\\v"); continue;
      case '\f': fbuf_puts(&b, "\\\f"); continue;
      default: break;
    }
    if (c && strchr("()[]{}?*+-|^$\\.&~# ", c)) fbuf_putc(&b, '\\');
    fbuf_putc(&b, c);
  }
  Value r = str_new(b.s ? b.s : "", b.len);
  fbuf_free(&b);
  return r;
}

static Value f_purge(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("purge", argc, kw, 0, 0) < 0) return val_null();
  re_cache_purge();
  return val_none();
}

static const MethodDef re_functions[] = {
    {"compile", f_compile, "compile(pattern, flags=0)\nCompile a regular expression pattern, returning a Pattern object.", 0},
    {"match", f_match, "match(pattern, string, flags=0)\nTry to apply the pattern at the start of the string, returning a Match object, or None if no match was found.", 0},
    {"fullmatch", f_fullmatch, "fullmatch(pattern, string, flags=0)\nTry to apply the pattern to all of the string, returning a Match object, or None if no match was found.", 0},
    {"search", f_search, "search(pattern, string, flags=0)\nScan through string looking for a match to the pattern, returning a Match object, or None if no match was found.", 0},
    {"findall", f_findall, "findall(pattern, string, flags=0)\nReturn a list of all non-overlapping matches in the string.", 0},
    {"finditer", f_finditer, "finditer(pattern, string, flags=0)\nReturn an iterator over all non-overlapping matches in the string.", 0},
    {"split", f_split, "split(pattern, string, maxsplit=0, flags=0)\nSplit the source string by the occurrences of the pattern, returning a list containing the resulting substrings.", 0},
    {"sub", f_sub, "sub(pattern, repl, string, count=0, flags=0)\nReturn the string obtained by replacing the leftmost non-overlapping occurrences of the pattern in string by the replacement repl.", 0},
    {"subn", f_subn, "subn(pattern, repl, string, count=0, flags=0)\nReturn a 2-tuple containing (new_string, number).", 0},
    {"escape", f_escape, "escape(pattern)\nEscape special characters in a string.", 0},
    {"purge", f_purge, "purge()\nClear the regular expression caches.", 0},
    {NULL, NULL, NULL, 0}};

static int add_flag(Value m, const char *n1, const char *n2, int v) {
  Value f = re_flag_new(v);
  if (VAL_IS_NULL(f)) return -1;
  int r = module_add(m, n1, f);
  if (r == 0 && n2) r = module_add(m, n2, f);
  val_decref(f);
  return r;
}

int modinit_re(Value m) {
  /* <class 're.Pattern'> as in CPython */
  TypeObj *types[] = {&re_pattern_type, &re_match_type, &re_flag_type};
  for (size_t k = 0; k < sizeof types / sizeof *types; k++)
    if (!types[k]->module) types[k]->module = str_intern("re");
  if (module_add_functions(m, re_functions) < 0) return -1;
  if (add_flag(m, "A", "ASCII", RE_ASCII) < 0 || add_flag(m, "I", "IGNORECASE", RE_IGNORECASE) < 0 ||
      add_flag(m, "L", "LOCALE", RE_LOCALE) < 0 || add_flag(m, "U", "UNICODE", RE_UNICODE) < 0 ||
      add_flag(m, "M", "MULTILINE", RE_MULTILINE) < 0 || add_flag(m, "S", "DOTALL", RE_DOTALL) < 0 ||
      add_flag(m, "X", "VERBOSE", RE_VERBOSE) < 0 || add_flag(m, "T", "TEMPLATE", RE_TEMPLATE) < 0 ||
      add_flag(m, "DEBUG", NULL, RE_DEBUG) < 0 || add_flag(m, "NOFLAG", NULL, 0) < 0)
    return -1;
  if (module_add(m, "RegexFlag", val_obj(&re_flag_type.ob)) < 0 ||
      module_add(m, "Pattern", val_obj(&re_pattern_type.ob)) < 0 ||
      module_add(m, "Match", val_obj(&re_match_type.ob)) < 0 ||
      module_add(m, "_MAXCACHE", val_int(512)) < 0)
    return -1;
  Value ver = str_from_cstr("2.2.1");
  if (VAL_IS_NULL(ver) || module_add(m, "__version__", ver) < 0) { val_decref(ver); return -1; }
  val_decref(ver);
  return sb_exec_source(error_src, sizeof error_src - 1, "<re>", MODULE(m.u.o), 0, NULL) < 0 ? -1 : 0;
}
