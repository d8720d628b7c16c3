/* test_object.c - unit tests of the object model (values, containers, errors, native types and
 * modules added through object.h) and of the embedding interface (sb.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/object.h"
#include "core/sb.h"

static int failures;

#define CHECK(name, cond)                                        \
  do {                                                           \
    if (cond) printf("PASS %s\n", name);                         \
    else { printf("FAIL %s: %s\n", name, #cond); failures++; }   \
  } while (0)

/* ---- output capture --------------------------------------------------------------------- */
typedef struct Cap { char out[8192]; size_t no; char err[8192]; size_t ne; char result[1024];
                     char html[256]; char ename[64]; int ntb; char lastline[256]; char disp[256];
                     char disp_id[64]; int ndisp; } Cap;

static void cap_write(void *ud, int stream, const char *s, size_t n) {
  Cap *c = ud;
  char *buf = stream == 2 ? c->err : c->out;
  size_t *len = stream == 2 ? &c->ne : &c->no;
  if (*len + n >= sizeof c->out) n = sizeof c->out - *len - 1;
  memcpy(buf + *len, s, n);
  *len += n;
  buf[*len] = 0;
}
static void cap_result(void *ud, const sb_bundle *b) {
  Cap *c = ud;
  for (int i = 0; i < b->n; i++) {
    if (strcmp(b->mime[i], "text/plain") == 0) snprintf(c->result, sizeof c->result, "%s", b->data[i]);
    if (strcmp(b->mime[i], "text/html") == 0) snprintf(c->html, sizeof c->html, "%s", b->data[i]);
  }
}
static void cap_display(void *ud, const sb_bundle *b) {
  Cap *c = ud;
  c->ndisp++;
  for (int i = 0; i < b->n; i++)
    if (strcmp(b->mime[i], "text/plain") == 0) snprintf(c->disp, sizeof c->disp, "%s", b->data[i]);
  snprintf(c->disp_id, sizeof c->disp_id, "%s", b->display_id ? b->display_id : "");
}
static void cap_error(void *ud, const char *ename, const char *evalue, const char *const *tb, int ntb) {
  Cap *c = ud;
  snprintf(c->ename, sizeof c->ename, "%s", ename);
  c->ntb = ntb;
  if (ntb > 0) snprintf(c->lastline, sizeof c->lastline, "%s", tb[ntb - 1]);
}

static sb_status run(sb_session *s, Cap *c, const char *src, sb_mode mode) {
  memset(c, 0, sizeof *c);
  sb_sink sink = {.ud = c, .write = cap_write, .result = cap_result, .error = cap_error,
                 .display = cap_display};
  return sb_exec(s, src, strlen(src), "<test>", mode, &sink);
}

/* ---- a native type and module, written as another folder would ------------------------ */
typedef struct Pair { Obj ob; int64_t a, b; } Pair;
static TypeObj pair_type;

static void pair_dealloc(Obj *o) { obj_free(o); }
static Value pair_repr(Value self) {
  Pair *p = (Pair *)self.u.o;
  return str_fmt("Pair(%lld, %lld)", (long long)p->a, (long long)p->b);
}
static Value pair_make(int64_t a, int64_t b) {
  Pair *p = obj_alloc(&pair_type, sizeof(Pair));
  if (!p) return val_null();
  p->a = a;
  p->b = b;
  return val_obj(&p->ob);
}
static Value pair_binary(int op, Value x, Value y) {
  /* Pair + int adds to both; anything else is not ours */
  Value pv = VAL_IS_OBJ(x) && x.u.o->type == &pair_type ? x : y;
  Value other = pv.u.o == x.u.o && VAL_IS_OBJ(x) ? y : x;
  if ((op & 0xff) != OP_ADD || !VAL_IS_INT(other)) return obj_notimpl();
  Pair *p = (Pair *)pv.u.o;
  return pair_make(p->a + other.u.i, p->b + other.u.i);
}
static Value pair_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("Pair", argc, argv, kw, "a|b", a) < 0) return val_null();
  int64_t x, y = 0;
  if (op_as_int(a[0], &x) < 0) return val_null();
  if (!VAL_IS_NULL(a[1]) && op_as_int(a[1], &y) < 0) return val_null();
  return pair_make(x, y);
}
static Value pair_sum(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("sum", argc - 1, kw, 0, 0) < 0) return val_null();
  Pair *p = (Pair *)argv[0].u.o;
  return val_int(p->a + p->b);
}
static Value pair_get_a(Value self) { return val_int(((Pair *)self.u.o)->a); }
static int pair_len(Value self, int64_t *out) { *out = 2; return 0; }
static Value pair_getitem(Value self, Value k) {
  Pair *p = (Pair *)self.u.o;
  int64_t i;
  if (op_as_index(k, 2, &i, "Pair") < 0) return val_null();
  return val_int(i == 0 ? p->a : p->b);
}
static const MethodDef pair_methods[] = {{"sum", pair_sum, "sum()\nThe sum of both.", 0}, {NULL}};
static const GetSetDef pair_getset[] = {{"a", pair_get_a, NULL, "first"}, {NULL}};
static TypeObj pair_type = {OBJ_TYPE_HEAD, .name = "Pair", .dealloc = pair_dealloc,
                            .repr = pair_repr, .binary = pair_binary, .new = pair_new,
                            .len = pair_len, .getitem = pair_getitem, .methods = pair_methods,
                            .getset = pair_getset};

static Value twice(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("twice", argc, argv, kw, "x|$scale", a) < 0) return val_null();
  int64_t s = 2;
  if (!VAL_IS_NULL(a[1]) && op_as_int(a[1], &s) < 0) return val_null();
  return op_binop(OP_MULT, a[0], val_int(s));
}
static const MethodDef demo_functions[] = {{"twice", twice, "twice(x, *, scale=2)\nMultiply.", 0}, {NULL}};

static int demo_init(Value m) {
  if (module_add_functions(m, demo_functions) < 0) return -1;
  if (module_add(m, "Pair", val_obj(&pair_type.ob)) < 0) return -1;
  return module_add(m, "answer", val_int(42));
}
static int demo_sub_init(Value m) { return module_add(m, "leaf", val_float(0.5)); }

static const char prelude_src[] = "def triple(x):\n    \"\"\"Three times x.\"\"\"\n    return 3 * x\nname = 'pre'\n";

int main(void) {
  module_register("demo", demo_init);
  module_register("demo.sub", demo_sub_init);
  module_register_prelude("demo_pre", prelude_src);
  module_register_alias("demo_alias", "demo");
  sb_session *s = sb_new(0, NULL);
  CHECK("session_new", s != NULL);
  if (!s) return 1;
  Cap c;

  /* values */
  Value i = val_int(7), f = val_float(0.5), n = val_none();
  CHECK("value_tags", VAL_IS_INT(i) && VAL_IS_FLOAT(f) && VAL_IS_NONE(n) && sizeof(Value) == 16);
  Value sum = op_binop(OP_ADD, i, f);
  CHECK("binop_int_float", VAL_IS_FLOAT(sum) && sum.u.f == 7.5);
  Value q = op_binop(OP_FLOORDIV, val_int(-7), val_int(2));
  CHECK("floordiv_floor", VAL_IS_INT(q) && q.u.i == -4);
  /* past int64 an int becomes a big int: (2**63 - 1) * 2 == 18446744073709551614 (by hand) */
  Value ov = op_binop(OP_MULT, val_int(INT64_MAX), val_int(2));
  Value ovr = VAL_IS_NULL(ov) ? ov : op_repr(ov);
  CHECK("int_overflow_promotes", VAL_IS_STR(ovr) && strcmp(str_cstr(ovr), "18446744073709551614") == 0);
  Value back = VAL_IS_NULL(ov) ? ov : op_binop(OP_FLOORDIV, ov, val_int(2));
  CHECK("int_big_back_to_small", VAL_IS_INT(back) && back.u.i == INT64_MAX);
  val_decref(ov);
  val_decref(ovr);
  val_decref(back);
  obj_err_clear();

  /* strings */
  Value str = str_from_cstr("h\xc3\xa9llo");
  int64_t len = -1;
  op_len(str, &len);
  CHECK("str_len_codepoints", len == 5);
  Value ch = op_getitem(str, val_int(1));
  CHECK("str_index_codepoint", VAL_IS_STR(ch) && strcmp(str_cstr(ch), "\xc3\xa9") == 0);
  Value r = op_repr(str);
  CHECK("str_repr", VAL_IS_STR(r) && strcmp(str_cstr(r), "'h\xc3\xa9llo'") == 0);
  val_decref(ch);
  val_decref(r);
  val_decref(str);
  r = op_repr(val_float(0.1));
  CHECK("float_repr_shortest", VAL_IS_STR(r) && strcmp(str_cstr(r), "0.1") == 0);
  val_decref(r);
  r = op_repr(val_float(1e16));
  CHECK("float_repr_exp", VAL_IS_STR(r) && strcmp(str_cstr(r), "1e+16") == 0);
  val_decref(r);
  CHECK("intern_identity", str_intern("abc") == str_intern("abc"));

  /* containers */
  Value l = list_new(0);
  list_append(l, val_int(3));
  list_append(l, val_int(1));
  list_append(l, val_int(2));
  Value sorted = op_call_method(l, "copy", 0, NULL);
  Value none = op_call_method(sorted, "sort", 0, NULL);
  r = op_repr(sorted);
  CHECK("list_sort_method", VAL_IS_NONE(none) && strcmp(str_cstr(r), "[1, 2, 3]") == 0);
  val_decref(r);
  val_decref(sorted);
  Value d = dict_new();
  dict_setstr(d, "x", l);
  dict_setstr(d, "y", val_int(5));
  CHECK("dict_get", dict_len(d) == 2 && dict_getstr(d, "y").u.i == 5);
  r = op_repr(d);
  CHECK("dict_repr_order", strcmp(str_cstr(r), "{'x': [3, 1, 2], 'y': 5}") == 0);
  val_decref(r);
  Value miss = op_getitem(d, val_int(9));
  CHECK("dict_keyerror", VAL_IS_NULL(miss) && obj_err_matches(&exc_KeyError));
  Value exc = obj_err_fetch();
  r = op_str(exc);
  CHECK("keyerror_str", strcmp(str_cstr(r), "9") == 0);
  val_decref(r);
  val_decref(exc);
  val_decref(d);
  val_decref(l);
  Value set = set_new();
  set_add(set, val_int(100));
  set_add(set, val_int(5));
  set_add(set, val_int(3));
  r = op_repr(set);
  /* CPython prints {3, 100, 5}: 100 % 8 == 4 comes between 3 and 5 */
  CHECK("set_cpython_order", strcmp(str_cstr(r), "{3, 100, 5}") == 0);
  val_decref(r);
  val_decref(set);
  Value t = tuple_pack(2, val_int(1), val_none());
  r = op_repr(t);
  CHECK("tuple_repr", strcmp(str_cstr(r), "(1, None)") == 0);
  val_decref(r);
  val_decref(t);

  /* errors */
  Value e = obj_raise(&exc_ValueError, "bad %d", 3);
  CHECK("raise_returns_null", VAL_IS_NULL(e) && obj_err_occurred());
  CHECK("err_matches_base", obj_err_matches(&exc_Exception) && !obj_err_matches(&exc_TypeError));
  exc = obj_err_fetch();
  r = op_repr(exc);
  CHECK("exc_repr", strcmp(str_cstr(r), "ValueError('bad 3')") == 0 && !obj_err_occurred());
  val_decref(r);
  val_decref(exc);
  CHECK("exc_hierarchy", op_is_subtype(&exc_ZeroDivisionError, &exc_ArithmeticError) &&
                             op_is_subtype(&exc_ModuleNotFoundError, &exc_ImportError) &&
                             !op_is_subtype(&exc_KeyboardInterrupt, &exc_Exception));

  /* native types and modules through the interpreter */
  run(s, &c, "import demo\nprint(demo.answer, demo.twice(4), demo.twice(3, scale=5))\n", SB_FILE);
  CHECK("native_module_functions", strcmp(c.out, "42 8 15\n") == 0);
  run(s, &c, "p = demo.Pair(1, 2)\nprint(p, p + 10, p.sum(), p.a, len(p), list(p), p[1])\n", SB_FILE);
  CHECK("native_type_slots", strcmp(c.out, "Pair(1, 2) Pair(11, 12) 3 1 2 [1, 2] 2\n") == 0);
  sb_status st = run(s, &c, "p + 'x'\n", SB_FILE);
  CHECK("native_type_notimpl", st == SB_ERROR && strstr(c.lastline, "unsupported operand type(s) for +: 'Pair' and 'str'"));
  run(s, &c, "import demo.sub as ds\nfrom demo import twice\nprint(ds.leaf, twice(1), demo.sub.leaf)\n", SB_FILE);
  CHECK("dotted_import", strcmp(c.out, "0.5 2 0.5\n") == 0);
  run(s, &c, "from demo_pre import triple, name\nimport demo_alias\nprint(triple(2), name, demo_alias.answer)\n", SB_FILE);
  CHECK("prelude_and_alias", strcmp(c.out, "6 pre 42\n") == 0);
  st = run(s, &c, "import nosuchmodule\n", SB_FILE);
  CHECK("import_missing", st == SB_ERROR && strcmp(c.ename, "ModuleNotFoundError") == 0);

  /* the session */
  run(s, &c, "x = 40\n", SB_FILE);
  run(s, &c, "x + 2\n", SB_INTERACTIVE);
  CHECK("interactive_echo", strcmp(c.result, "42") == 0);
  run(s, &c, "x + 2;\n", SB_INTERACTIVE);
  CHECK("semicolon_suppresses", c.result[0] == 0);
  run(s, &c, "None\n", SB_INTERACTIVE);
  CHECK("none_not_echoed", c.result[0] == 0);
  run(s, &c, "'a' * 2\n", SB_FILE);
  CHECK("file_mode_no_echo", c.result[0] == 0 && c.no == 0);
  st = run(s, &c, "def f(v):\n    return 1 / v\nf(0)\n", SB_FILE);
  CHECK("error_status", st == SB_ERROR);
  CHECK("error_sink", strcmp(c.ename, "ZeroDivisionError") == 0 &&
                          strcmp(c.lastline, "ZeroDivisionError: division by zero") == 0 && c.ntb >= 7);
  run(s, &c, "print(x)\n", SB_FILE);
  CHECK("variables_survive_errors", strcmp(c.out, "40\n") == 0);
  st = run(s, &c, "raise SystemExit(3)\n", SB_FILE);
  CHECK("system_exit", st == SB_EXIT && sb_exit_code(s) == 3);
  st = run(s, &c, "x = = 1\n", SB_FILE);
  CHECK("syntax_error", st == SB_ERROR && strcmp(c.ename, "SyntaxError") == 0);
  {
    /* with no error callback the traceback goes to stream 2 */
    memset(&c, 0, sizeof c);
    sb_sink sink = {.ud = &c, .write = cap_write};
    const char *src = "[1][3]\n";
    sb_exec(s, src, strlen(src), "<t>", SB_FILE, &sink);
    CHECK("traceback_to_stderr", strstr(c.err, "Traceback (most recent call last):\n") &&
                                     strstr(c.err, "IndexError: list index out of range\n"));
  }
  run(s, &c, "import sys\nprint('e', file=sys.stderr)\nsys.stdout.write('o\\n')\n", SB_FILE);
  CHECK("sys_streams_sink", strcmp(c.out, "o\n") == 0 && strcmp(c.err, "e\n") == 0);

  /* rich output */
  run(s, &c, "class H:\n    def _repr_html_(self): return '<b>h</b>'\n    def __repr__(self): return 'H'\n",
      SB_FILE);
  run(s, &c, "H()\n", SB_INTERACTIVE);
  CHECK("rich_result", strcmp(c.result, "H") == 0 && strcmp(c.html, "<b>h</b>") == 0);
  run(s, &c, "display(42, display_id='d1')\n", SB_FILE);
  CHECK("display_builtin", c.ndisp == 1 && strcmp(c.disp, "42") == 0 && strcmp(c.disp_id, "d1") == 0);

  /* modules written in Sable */
  run(s, &c, "from collections import Counter\nimport json, itertools\n"
             "print(Counter('aab').most_common(1), json.dumps({'a': [1, 2.5]}), list(itertools.permutations('ab')))\n",
      SB_FILE);
  CHECK("sable_written_modules", strcmp(c.out, "[('a', 2)] {\"a\": [1, 2.5]} [('a', 'b'), ('b', 'a')]\n") == 0);

  /* completion */
  run(s, &c, "import math\nmy_variable = 1\n", SB_FILE);
  char **m = NULL;
  size_t a0, a1;
  int nm = sb_complete(s, "my_va", 5, &m, &a0, &a1);
  CHECK("complete_name", nm == 1 && strcmp(m[0], "my_variable") == 0 && a0 == 0 && a1 == 5);
  sb_free_strings(m, nm);
  nm = sb_complete(s, "x = math.sq", 11, &m, &a0, &a1);
  CHECK("complete_attr", nm == 1 && strcmp(m[0], "sqrt") == 0 && a0 == 9);
  sb_free_strings(m, nm);
  nm = sb_complete(s, "whi", 3, &m, &a0, &a1);
  int kw = 0;
  for (int k = 0; k < nm; k++) kw |= strcmp(m[k], "while") == 0;
  CHECK("complete_keyword", kw);
  sb_free_strings(m, nm);

  /* inspect */
  run(s, &c, "def area(w, h=2):\n    \"\"\"Area of a rectangle.\"\"\"\n    return w * h\n", SB_FILE);
  char *txt = sb_inspect(s, "area(", 5, 0);
  CHECK("inspect_user_function", txt && strstr(txt, "area(w, h=2)") && strstr(txt, "Area of a rectangle."));
  free(txt);
  txt = sb_inspect(s, "len", 3, 0);
  CHECK("inspect_builtin", txt && strstr(txt, "len(obj, /)"));
  free(txt);
  txt = sb_inspect(s, "nothing_here", 5, 0);
  CHECK("inspect_unknown", txt == NULL);

  /* is-complete */
  char *ind = NULL;
  CHECK("complete_simple", sb_is_complete("x = 1", 5, &ind) == SB_COMPLETE);
  const char *blk = "for i in range(3):";
  CHECK("incomplete_block", sb_is_complete(blk, strlen(blk), &ind) == SB_INCOMPLETE && ind &&
                                strcmp(ind, "    ") == 0);
  free(ind);
  ind = NULL;
  const char *blk2 = "for i in range(3):\n    print(i)\n";
  CHECK("block_needs_blank_line", sb_is_complete(blk2, strlen(blk2), &ind) == SB_INCOMPLETE);
  free(ind);
  ind = NULL;
  const char *blk3 = "for i in range(3):\n    print(i)\n\n";
  CHECK("block_complete_after_blank", sb_is_complete(blk3, strlen(blk3), &ind) == SB_COMPLETE);
  const char *br = "f(1,";
  CHECK("open_bracket_incomplete", sb_is_complete(br, strlen(br), &ind) == SB_INCOMPLETE);
  free(ind);
  ind = NULL;
  CHECK("invalid", sb_is_complete("x = = 1", 7, &ind) == SB_INVALID);

  /* interrupt */
  sb_interrupt();
  st = run(s, &c, "while True:\n    pass\n", SB_FILE);
  CHECK("interrupt", st == SB_ERROR && strcmp(c.ename, "KeyboardInterrupt") == 0);
  run(s, &c, "print(x)\n", SB_FILE);
  CHECK("survives_interrupt", strcmp(c.out, "40\n") == 0);

  /* deep recursion is an exception, not a crash */
  st = run(s, &c, "def r(n):\n    return r(n + 1)\nr(0)\n", SB_FILE);
  CHECK("recursion_error", st == SB_ERROR && strcmp(c.ename, "RecursionError") == 0);
  st = run(s, &c, "a = [0] * 10**12\n", SB_FILE);
  CHECK("memory_error", st == SB_ERROR && strcmp(c.ename, "MemoryError") == 0);

  sb_free(s);
  return failures ? 1 : 0;
}
