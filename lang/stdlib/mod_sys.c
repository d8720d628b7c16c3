/* mod_sys.c - the sys module of a session (argv, path, modules, stdout/stderr writing through
 * the sink, exit, version, recursion limit), and the gc module. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/core.h"
#include "core/modtable.h"

static Value s_exit(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("exit", argc, kw, 0, 1) < 0) return val_null();
  Value args = argc ? tuple_pack(1, argv[0]) : tuple_new(0);
  if (VAL_IS_NULL(args)) return args;
  Value e = exc_new(&exc_SystemExit, args);
  val_decref(args);
  if (VAL_IS_NULL(e)) return e;
  obj_raise_value(e);
  val_decref(e);
  return val_null();
}

static Value s_setrecursionlimit(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("setrecursionlimit", argc, kw, 1, 1) < 0) return val_null();
  int64_t n;
  if (op_as_int(argv[0], &n) < 0) return val_null();
  if (n < 1) return obj_raise(&exc_ValueError, "recursion limit must be greater or equal than 1");
  if (n > 1000000000) n = 1000000000;
  if (n <= obj_ts.depth)
    return obj_raise(&exc_RecursionError,
                     "cannot set the recursion limit to %lld at the recursion depth %d: the limit is too low",
                     (long long)n, obj_ts.depth);
  obj_ts.limit = (int)n;
  return val_none();
}

static Value s_getrecursionlimit(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("getrecursionlimit", argc, kw, 0, 0) < 0) return val_null();
  return val_int(obj_ts.limit);
}

static Value s_setswitchinterval(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("setswitchinterval", argc, kw, 1, 1) < 0) return val_null();
  double s;
  if (op_as_float(argv[0], &s) < 0) return val_null();
  if (!(s > 0)) return obj_raise(&exc_ValueError, "switch interval must be strictly positive");
  thr_set_switchinterval(s);
  return val_none();
}

static Value s_getswitchinterval(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("getswitchinterval", argc, kw, 0, 0) < 0) return val_null();
  return val_float(thr_get_switchinterval());
}

static Value s_get_int_max_str_digits(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("get_int_max_str_digits", argc, kw, 0, 0) < 0) return val_null();
  return val_int(num_int_max_str_digits);
}

static Value s_set_int_max_str_digits(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  int64_t n;
  if (func_parse_args("set_int_max_str_digits", argc, argv, kw, "maxdigits", a) < 0 ||
      op_as_int(a[0], &n) < 0)
    return val_null();
  if (n != 0 && (n < 640 || n > INT32_MAX))
    return obj_raise(&exc_ValueError, "maxdigits must be 0 or larger than 640");
  num_int_max_str_digits = (int)n;
  return val_none();
}

static Value s_getsizeof(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("getsizeof", argc, kw, 1, 2) < 0) return val_null();
  Value v = argv[0];
  if (!VAL_IS_OBJ(v)) return val_int(28);
  TypeObj *t = v.u.o->type;
  if (t == &str_type) return val_int(49 + (int64_t)STR(v.u.o)->len);
  if (t == &list_type) return val_int(56 + 8 * LIST(v.u.o)->cap);
  if (t == &tuple_type) return val_int(40 + 8 * TUPLE(v.u.o)->len);
  return val_int(64);
}

static Value s_getframe(int argc, const Value *argv, Obj *kw) {
  int64_t depth = 0;
  if (func_check_args("_getframe", argc, kw, 0, 1) < 0 || (argc && op_as_int(argv[0], &depth) < 0))
    return val_null();
  if (depth < 0) depth = 0;
  return frame_get(depth > 1000000000 ? 1000000000 : (int)depth);
}

static Value s_intern(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("intern", argc, kw, 1, 1) < 0) return val_null();
  if (!VAL_IS_STR(argv[0])) return obj_raise(&exc_TypeError, "intern() argument must be str");
  Obj *o = str_intern_n(STR(argv[0].u.o)->s, STR(argv[0].u.o)->len);
  return o ? val_obj(o) : val_null();
}

/* (type, value, traceback) of the exception being handled, or three Nones */
static Value s_exc_info(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("exc_info", argc, kw, 0, 0) < 0) return val_null();
  Value h = obj_ts.handling;
  if (!VAL_IS_OBJ(h) || !(h.u.o->type->flags & TF_EXC))
    return tuple_pack(3, val_none(), val_none(), val_none());
  Value tb = exc_get_traceback(h);
  if (VAL_IS_NULL(tb)) return tb;
  Value r = tuple_pack(3, val_obj(&h.u.o->type->ob), h, tb);
  val_decref(tb);
  return r;
}

static Value s_exception(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("exception", argc, kw, 0, 0) < 0) return val_null();
  Value h = obj_ts.handling;
  return VAL_IS_OBJ(h) ? val_incref(h) : val_none();
}

static const MethodDef sys_functions[] = {
    {"exc_info", s_exc_info, "exc_info()\nReturn (type, value, traceback) of the exception being handled.", 0},
    {"exception", s_exception, "exception()\nReturn the exception being handled, or None.", 0},
    {"exit", s_exit, "exit(status=None, /)\nExit the interpreter by raising SystemExit(status).", 0},
    {"setrecursionlimit", s_setrecursionlimit, "setrecursionlimit(limit, /)\nSet the maximum depth of the Sable call stack.", 0},
    {"setswitchinterval", s_setswitchinterval, "setswitchinterval(interval, /)\nSet how long a thread runs before the others get a turn (seconds).", 0},
    {"getswitchinterval", s_getswitchinterval, "getswitchinterval()\nReturn the thread switch interval.", 0},
    {"getrecursionlimit", s_getrecursionlimit, "getrecursionlimit()\nReturn the current recursion limit.", 0},
    {"get_int_max_str_digits", s_get_int_max_str_digits, "get_int_max_str_digits()\nThe maximum string digits limit for non-binary int<->str conversions.", 0},
    {"set_int_max_str_digits", s_set_int_max_str_digits, "set_int_max_str_digits(maxdigits)\nSet the maximum string digits limit for non-binary int<->str conversions.", 0},
    {"getsizeof", s_getsizeof, "getsizeof(object[, default]) -> int", 0},
    {"intern", s_intern, "intern(string, /)", 0},
    {"_getframe", s_getframe, "_getframe(depth=0, /)\nReturn a frame object from the call stack.", 0},
    {NULL}};

Value sys_module_new(Session *s, int argc, char **argv) {
  Value m = module_new("sys");
  if (VAL_IS_NULL(m)) return m;
  if (module_add_functions(m, sys_functions) < 0) goto fail;
  Value av = list_new(0);
  if (VAL_IS_NULL(av)) goto fail;
  for (int i = 0; i < argc; i++) {
    Value a = str_from_cstr(argv[i] ? argv[i] : "");
    if (VAL_IS_NULL(a) || list_append_steal(av, a) < 0) { val_decref(av); goto fail; }
  }
  if (argc == 0) {
    Value e = str_new("", 0);
    list_append_steal(av, e);
  }
  int r = module_add(m, "argv", av);
  s->argv = av;
  if (r < 0) goto fail;
  /* sys.path: the script's directory (or '' for the current one) */
  Value path = list_new(0);
  if (VAL_IS_NULL(path)) goto fail;
  const char *script = argc > 0 ? argv[0] : NULL;
  char dir[1024] = "";
  if (script && strcmp(script, "-c") != 0 && strcmp(script, "-") != 0 && access(script, R_OK) == 0) {
    const char *slash = strrchr(script, '/');
    if (slash) snprintf(dir, sizeof dir, "%.*s", (int)(slash - script), script);
  }
  Value d = str_from_cstr(dir);
  if (VAL_IS_NULL(d) || list_append_steal(path, d) < 0) { val_decref(path); goto fail; }
  r = module_add(m, "path", path);
  val_decref(path);
  if (r < 0) goto fail;
  Value out = file_stdstream_new(1), err = file_stdstream_new(2);
  if (VAL_IS_NULL(out) || VAL_IS_NULL(err)) { val_decref(out); val_decref(err); goto fail; }
  r = module_add(m, "stdout", out) | module_add(m, "stderr", err) |
      module_add(m, "__stdout__", out) | module_add(m, "__stderr__", err);
  val_decref(out);
  val_decref(err);
  if (r < 0) goto fail;
  Value ver = str_from_cstr("3.11.7 (Sable " SB_VERSION ")");
  Value rel = str_from_cstr("final");
  Value vi = (VAL_IS_NULL(rel)) ? rel : tuple_pack(5, val_int(3), val_int(11), val_int(7), rel, val_int(0));
  Value plat = str_from_cstr("linux"), bo = str_from_cstr("little"), ex = str_from_cstr("sable");
  r = VAL_IS_NULL(ver) || VAL_IS_NULL(vi) || VAL_IS_NULL(plat) || VAL_IS_NULL(bo) || VAL_IS_NULL(ex) ? -1 : 0;
  if (r == 0)
    r = module_add(m, "version", ver) | module_add(m, "version_info", vi) |
        module_add(m, "platform", plat) | module_add(m, "byteorder", bo) |
        module_add(m, "executable", ex) | module_add(m, "maxsize", val_int(INT64_MAX)) |
        module_add(m, "modules", s->modules);
  val_decref(ver);
  val_decref(rel);
  val_decref(vi);
  val_decref(plat);
  val_decref(bo);
  val_decref(ex);
  if (r < 0) goto fail;
  return m;
fail:
  val_decref(m);
  return val_null();
}

/* ---- gc ------------------------------------------------------------------------------------ */
static int gc_enabled = 1;
static Value g_collect(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("collect", argc, kw, 0, 1) < 0) return val_null();
  obj_gc_collect_full();
  return val_int(0);
}
static Value g_enable(int argc, const Value *argv, Obj *kw) { gc_enabled = 1; return val_none(); }
static Value g_disable(int argc, const Value *argv, Obj *kw) { gc_enabled = 0; return val_none(); }
static Value g_isenabled(int argc, const Value *argv, Obj *kw) { return val_bool(gc_enabled); }
static const MethodDef gc_functions[] = {
    {"collect", g_collect, "collect(generation=2)\nRun a full collection of reference cycles.", 0},
    {"enable", g_enable, "enable()", 0},
    {"disable", g_disable, "disable()", 0},
    {"isenabled", g_isenabled, "isenabled()", 0},
    {NULL}};
int modinit_gc(Value m) { return module_add_functions(m, gc_functions); }
