/* mod_os.c - a small os / os.path for scripts that manage files: paths, listing, removing,
 * the environment and the working directory. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/core.h"
#include "core/modtable.h"

extern char **environ;

static Value os_error(const char *path) {
  int err = errno;
  TypeObj *t = exc_oserror_type(err);
  Value msg = str_from_cstr(strerror(err));
  Value p = path ? str_from_cstr(path) : val_null();
  Value args = VAL_IS_NULL(p) ? tuple_pack(2, val_int(err), msg) : tuple_pack(3, val_int(err), msg, p);
  val_decref(msg);
  val_decref(p);
  if (VAL_IS_NULL(args)) return args;
  Value e = exc_new(t, args);
  val_decref(args);
  if (!VAL_IS_NULL(e)) { obj_raise_value(e); val_decref(e); }
  return val_null();
}

static const char *path_arg(Value v) {
  if (!VAL_IS_STR(v)) {
    obj_raise(&exc_TypeError, "expected str, bytes or os.PathLike object, not %s", op_type_name(v));
    return NULL;
  }
  return str_cstr(v);
}

/* a path handed to the system: a NUL would cut it short, so it is refused as CPython does */
static const char *fs_path_arg(Value v) {
  const char *p = path_arg(v);
  if (p && memchr(p, 0, STR(v.u.o)->len)) {
    obj_raise(&exc_ValueError, "embedded null byte");
    return NULL;
  }
  return p;
}

/* ---- os.path -------------------------------------------------------------------------------- */
static Value p_join(int argc, const Value *argv, Obj *kw) {
  if (argc < 1) return obj_raise(&exc_TypeError, "join() missing 1 required positional argument: 'a'");
  FBuf b = {0};
  for (int i = 0; i < argc; i++) {
    const char *s = path_arg(argv[i]);
    if (!s) { fbuf_free(&b); return val_null(); }
    if (s[0] == '/') b.len = 0;
    else if (b.len && b.s[b.len - 1] != '/') fbuf_putc(&b, '/');
    fbuf_putn(&b, s, STR(argv[i].u.o)->len);   /* the whole string, NULs included */
  }
  Value r = str_new(b.s ? b.s : "", b.len);
  fbuf_free(&b);
  return r;
}

static Value stat_pred(int argc, const Value *argv, Obj *kw, const char *name, int which) {
  if (func_check_args(name, argc, kw, 1, 1) < 0) return val_null();
  if (!VAL_IS_STR(argv[0])) return val_bool(0);
  if (memchr(str_cstr(argv[0]), 0, STR(argv[0].u.o)->len)) return val_bool(0);   /* as CPython 3.11 */
  struct stat st;
  if (stat(str_cstr(argv[0]), &st) != 0) return val_bool(0);
  return val_bool(which == 0 ? 1 : which == 1 ? S_ISREG(st.st_mode) : S_ISDIR(st.st_mode));
}
static Value p_exists(int argc, const Value *argv, Obj *kw) { return stat_pred(argc, argv, kw, "exists", 0); }
static Value p_isfile(int argc, const Value *argv, Obj *kw) { return stat_pred(argc, argv, kw, "isfile", 1); }
static Value p_isdir(int argc, const Value *argv, Obj *kw) { return stat_pred(argc, argv, kw, "isdir", 2); }

static Value p_getsize(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("getsize", argc, kw, 1, 1) < 0) return val_null();
  const char *p = fs_path_arg(argv[0]);
  if (!p) return val_null();
  struct stat st;
  if (stat(p, &st) != 0) return os_error(p);
  return val_int((int64_t)st.st_size);
}

static Value p_basename(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("basename", argc, kw, 1, 1) < 0) return val_null();
  const char *p = path_arg(argv[0]);
  if (!p) return val_null();
  const char *s = strrchr(p, '/');
  return str_from_cstr(s ? s + 1 : p);
}

static Value p_dirname(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("dirname", argc, kw, 1, 1) < 0) return val_null();
  const char *p = path_arg(argv[0]);
  if (!p) return val_null();
  const char *s = strrchr(p, '/');
  if (!s) return str_new("", 0);
  size_t n = (size_t)(s - p);
  while (n > 1 && p[n - 1] == '/') n--;
  return str_new(p, n ? n : 1);
}

static Value p_split(int argc, const Value *argv, Obj *kw) {
  Value d = p_dirname(argc, argv, kw);
  if (VAL_IS_NULL(d)) return d;
  Value b = p_basename(argc, argv, kw);
  if (VAL_IS_NULL(b)) { val_decref(d); return b; }
  Value t = tuple_pack(2, d, b);
  val_decref(d);
  val_decref(b);
  return t;
}

static Value p_splitext(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("splitext", argc, kw, 1, 1) < 0) return val_null();
  const char *p = path_arg(argv[0]);
  if (!p) return val_null();
  const char *slash = strrchr(p, '/');
  const char *base = slash ? slash + 1 : p;
  const char *dot = strrchr(base, '.');
  /* leading dots do not start an extension */
  const char *q = base;
  while (*q == '.') q++;
  if (!dot || dot < q) return tuple_pack(2, argv[0], val_obj(str_intern("")));
  Value a = str_new(p, (size_t)(dot - p)), b = str_from_cstr(dot);
  Value t = VAL_IS_NULL(a) || VAL_IS_NULL(b) ? val_null() : tuple_pack(2, a, b);
  val_decref(a);
  val_decref(b);
  return t;
}

static Value p_abspath(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("abspath", argc, kw, 1, 1) < 0) return val_null();
  const char *p = path_arg(argv[0]);
  if (!p) return val_null();
  char buf[PATH_MAX];
  if (p[0] == '/') return val_incref(argv[0]);
  if (!getcwd(buf, sizeof buf)) return os_error(NULL);
  FBuf b = {0};
  fbuf_puts(&b, buf);
  if (*p && strcmp(p, ".") != 0) { fbuf_putc(&b, '/'); fbuf_puts(&b, p); }
  Value r = str_new(b.s, b.len);
  fbuf_free(&b);
  return r;
}

static Value p_expanduser(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("expanduser", argc, kw, 1, 1) < 0) return val_null();
  const char *p = path_arg(argv[0]);
  if (!p) return val_null();
  if (p[0] != '~') return val_incref(argv[0]);
  const char *home = getenv("HOME");
  return str_fmt("%s%s", home ? home : "", p + 1);
}

static const MethodDef path_functions[] = {
    {"join", p_join, "join(a, *p)\nJoin path components.", 0},
    {"exists", p_exists, "exists(path)", 0},
    {"isfile", p_isfile, "isfile(path)", 0},
    {"isdir", p_isdir, "isdir(path)", 0},
    {"getsize", p_getsize, "getsize(path)", 0},
    {"basename", p_basename, "basename(p)", 0},
    {"dirname", p_dirname, "dirname(p)", 0},
    {"split", p_split, "split(p)", 0},
    {"splitext", p_splitext, "splitext(p)", 0},
    {"abspath", p_abspath, "abspath(path)", 0},
    {"expanduser", p_expanduser, "expanduser(path)", 0},
    {NULL}};

int modinit_os_path(Value m) {
  if (module_add_functions(m, path_functions) < 0) return -1;
  Value sep = str_from_cstr("/");
  int r = VAL_IS_NULL(sep) ? -1 : module_add(m, "sep", sep);
  val_decref(sep);
  return r;
}

/* ---- os ---------------------------------------------------------------------------------------- */
static Value o_getcwd(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("getcwd", argc, kw, 0, 0) < 0) return val_null();
  char buf[PATH_MAX];
  if (!getcwd(buf, sizeof buf)) return os_error(NULL);
  return str_from_cstr(buf);
}

static Value o_listdir(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("listdir", argc, kw, 0, 1) < 0) return val_null();
  const char *p = argc ? fs_path_arg(argv[0]) : ".";
  if (!p) return val_null();
  DIR *d = opendir(p);
  if (!d) return os_error(p);
  Value l = list_new(0);
  struct dirent *e;
  while (!VAL_IS_NULL(l) && (e = readdir(d))) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    Value s = str_from_cstr(e->d_name);
    if (VAL_IS_NULL(s) || list_append_steal(l, s) < 0) { val_decref(l); l = val_null(); }
  }
  closedir(d);
  return l;
}

static Value path_op(int argc, const Value *argv, Obj *kw, const char *name, int (*fn)(const char *)) {
  if (func_check_args(name, argc, kw, 1, 1) < 0) return val_null();
  const char *p = fs_path_arg(argv[0]);
  if (!p) return val_null();
  if (fn(p) != 0) return os_error(p);
  return val_none();
}
static Value o_remove(int argc, const Value *argv, Obj *kw) { return path_op(argc, argv, kw, "remove", unlink); }
static Value o_rmdir(int argc, const Value *argv, Obj *kw) { return path_op(argc, argv, kw, "rmdir", rmdir); }
static int chdir_(const char *p) { return chdir(p); }
static Value o_chdir(int argc, const Value *argv, Obj *kw) { return path_op(argc, argv, kw, "chdir", chdir_); }

static Value o_mkdir(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("mkdir", argc, argv, kw, "path|mode", a) < 0) return val_null();
  const char *p = fs_path_arg(a[0]);
  if (!p) return val_null();
  if (mkdir(p, 0777) != 0) return os_error(p);
  return val_none();
}

static Value o_makedirs(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("makedirs", argc, argv, kw, "name|mode,exist_ok", a) < 0) return val_null();
  const char *p = fs_path_arg(a[0]);
  if (!p) return val_null();
  int exist_ok = !VAL_IS_NULL(a[2]) && op_truth(a[2]) > 0;
  char buf[PATH_MAX];
  snprintf(buf, sizeof buf, "%s", p);
  for (char *q = buf + 1; *q; q++) {
    if (*q != '/') continue;
    *q = 0;
    if (mkdir(buf, 0777) != 0 && errno != EEXIST) return os_error(buf);
    *q = '/';
  }
  if (mkdir(buf, 0777) != 0) {
    if (errno == EEXIST && exist_ok) return val_none();
    return os_error(p);
  }
  return val_none();
}

static Value o_rename(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("rename", argc, kw, 2, 2) < 0) return val_null();
  const char *a = fs_path_arg(argv[0]), *b = a ? fs_path_arg(argv[1]) : NULL;
  if (!a || !b) return val_null();
  if (rename(a, b) != 0) return os_error(a);
  return val_none();
}

static Value o_getpid(int argc, const Value *argv, Obj *kw) { return val_int(getpid()); }
static Value o_cpu_count(int argc, const Value *argv, Obj *kw) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? val_int(n) : val_none();
}

static Value o_getenv(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("getenv", argc, kw, 1, 2) < 0) return val_null();
  if (!VAL_IS_STR(argv[0])) return obj_raise(&exc_TypeError, "str expected, not %s", op_type_name(argv[0]));
  const char *v = getenv(str_cstr(argv[0]));
  if (!v) return argc > 1 ? val_incref(argv[1]) : val_none();
  return str_from_cstr(v);
}

/* os.urandom: getrandom(2), retried on EINTR and short reads, as CPython */
static Value o_urandom(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("urandom", argc, argv, kw, "size", a) < 0) return val_null();
  int64_t n;
  if (op_as_int(a[0], &n) < 0) return val_null();
  if (n < 0) return obj_raise(&exc_ValueError, "negative argument not allowed");
  char *p;
  Value r = bytes_alloc((size_t)n, &p);
  if (VAL_IS_NULL(r)) return r;
  size_t done = 0;
  while (done < (size_t)n) {
    size_t k = (size_t)n - done > 33554431 ? 33554431 : (size_t)n - done;
    ssize_t got = getrandom(p + done, k, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      int e = errno;
      val_decref(r);
      return obj_raise(&exc_OSError, "[Errno %d] %s", e, strerror(e));
    }
    done += (size_t)got;
  }
  return r;
}

static const MethodDef os_functions[] = {
    {"urandom", o_urandom, "urandom(size, /)\nReturn a bytes object containing random bytes suitable for cryptographic use.", 0},
    {"getcwd", o_getcwd, "getcwd()\nReturn the current working directory.", 0},
    {"listdir", o_listdir, "listdir(path='.')", 0},
    {"remove", o_remove, "remove(path)", 0},
    {"unlink", o_remove, "unlink(path)", 0},
    {"rmdir", o_rmdir, "rmdir(path)", 0},
    {"mkdir", o_mkdir, "mkdir(path, mode=0o777)", 0},
    {"makedirs", o_makedirs, "makedirs(name, mode=0o777, exist_ok=False)", 0},
    {"rename", o_rename, "rename(src, dst)", 0},
    {"chdir", o_chdir, "chdir(path)", 0},
    {"getpid", o_getpid, "getpid()", 0},
    {"cpu_count", o_cpu_count, "cpu_count()", 0},
    {"getenv", o_getenv, "getenv(key, default=None)", 0},
    {NULL}};

static int add_sable_part(Value m) {
  Value path = module_import("os.path");
  if (VAL_IS_NULL(path)) return -1;
  if (module_add(m, "path", path) < 0) { val_decref(path); return -1; }
  Value p = module_import("_sable_os");
  if (VAL_IS_NULL(p)) { val_decref(path); return -1; }
  Value inst = module_get(p, "_install");
  Value r = VAL_IS_NULL(inst) ? obj_raise(&exc_ImportError, "_sable_os has no _install") : op_call2(inst, m, path);
  val_decref(p);
  val_decref(path);
  if (VAL_IS_NULL(r)) return -1;
  val_decref(r);
  return 0;
}

int modinit_os(Value m) {
  if (module_add_functions(m, os_functions) < 0) return -1;
  Value env = dict_new();
  if (VAL_IS_NULL(env)) return -1;
  for (char **e = environ; e && *e; e++) {
    const char *eq = strchr(*e, '=');
    if (!eq) continue;
    Value k = str_new(*e, (size_t)(eq - *e)), v = str_from_cstr(eq + 1);
    if (!VAL_IS_NULL(k) && !VAL_IS_NULL(v) && utf8_valid(*e, strlen(*e))) dict_set(env, k, v);
    val_decref(k);
    val_decref(v);
    obj_err_clear();
  }
  int r = module_add(m, "environ", env);
  val_decref(env);
  Value sep = str_from_cstr("/"), ls = str_from_cstr("\n"), nm = str_from_cstr("posix");
  if (r == 0 && !VAL_IS_NULL(sep) && !VAL_IS_NULL(ls) && !VAL_IS_NULL(nm))
    r = module_add(m, "sep", sep) | module_add(m, "linesep", ls) | module_add(m, "name", nm);
  val_decref(sep);
  val_decref(ls);
  val_decref(nm);
  if (r < 0) return -1;
  /* the parts written in Sable (lang/prelude/_sable_os.py): _install(os, os.path) adds them */
  if (add_sable_part(m) < 0) return -1;
  /* `import os` makes os.path available too */
  Value path = module_import("os.path");
  if (VAL_IS_NULL(path)) return -1;
  val_decref(path);
  return 0;
}
