/* mod_np.c - the numpy and jax.numpy modules (and their linalg submodules): the C function
 * tables of np_*.c, dtypes and constants, print options, and the Sable-written part. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/core.h"
#include "core/modtable.h"
#include "arrobj.h"
#include "arr_print.h"


/* {=== print options ===} */
static Value set_printoptions(int argc, const Value *argv, Obj *kw) {
  Value a[10];
  if (func_parse_args("set_printoptions", argc, argv, kw,
                      "|precision,threshold,edgeitems,linewidth,suppress,nanstr,infstr,formatter,sign,floatmode",
                      a) < 0)
    return val_null();
  int64_t v;
  ArrPrintOpts o = arr_print_opts;
  if (!VAL_IS_NULL(a[0]) && !VAL_IS_NONE(a[0])) { if (op_as_int(a[0], &v) < 0) return val_null(); o.precision = (int)v; }
  if (!VAL_IS_NULL(a[1]) && !VAL_IS_NONE(a[1])) {
    if (a[1].tag == V_FLOAT && isinf(a[1].u.f)) o.threshold = 0x7fffffff;
    else { if (op_as_int(a[1], &v) < 0) return val_null(); o.threshold = v > 0x7fffffff ? 0x7fffffff : (int)v; }
  }
  if (!VAL_IS_NULL(a[2]) && !VAL_IS_NONE(a[2])) { if (op_as_int(a[2], &v) < 0) return val_null(); o.edgeitems = (int)v; }
  if (!VAL_IS_NULL(a[3]) && !VAL_IS_NONE(a[3])) { if (op_as_int(a[3], &v) < 0) return val_null(); o.linewidth = (int)v; }
  if (!VAL_IS_NULL(a[4]) && !VAL_IS_NONE(a[4])) { int t = op_truth(a[4]); if (t < 0) return val_null(); o.suppress = t; }
  if (o.precision < 0 || o.precision > 100) return obj_raise(&exc_ValueError, "precision must be between 0 and 100");
  if (o.edgeitems < 0 || o.linewidth < 1) return obj_raise(&exc_ValueError, "invalid print option");
  arr_print_opts = o;
  return val_none();
}

static Value get_printoptions(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("get_printoptions", argc, kw, 0, 0) < 0) return val_null();
  Value d = dict_new();
  if (VAL_IS_NULL(d)) return d;
  dict_setstr(d, "precision", val_int(arr_print_opts.precision));
  dict_setstr(d, "threshold", val_int(arr_print_opts.threshold));
  dict_setstr(d, "edgeitems", val_int(arr_print_opts.edgeitems));
  dict_setstr(d, "linewidth", val_int(arr_print_opts.linewidth));
  dict_setstr(d, "suppress", val_bool(arr_print_opts.suppress));
  return d;
}

static Value array2string_fn(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("array2string", argc, argv, kw, "a|max_line_width,precision,separator", a) < 0)
    return val_null();
  Value c = lx_concrete(a[0], "array2string");
  if (VAL_IS_NULL(c)) return c;
  if (VAL_IS_STR(a[3]) && strcmp(str_cstr(a[3]), " ")) {
    val_decref(c);
    return obj_raise(&exc_NotImplementedError, "array2string: only separator=' ' is supported");
  }
  ArrPrintOpts save = arr_print_opts;
  int64_t v;
  if (!VAL_IS_NULL(a[1]) && !VAL_IS_NONE(a[1]) && op_as_int(a[1], &v) == 0) arr_print_opts.linewidth = (int)v;
  if (!VAL_IS_NULL(a[2]) && !VAL_IS_NONE(a[2]) && op_as_int(a[2], &v) == 0) arr_print_opts.precision = (int)v;
  obj_err_clear();
  Array *x = lx_arr(c);
  Value r = np_scalar_str(x);
  arr_print_opts = save;
  val_decref(c);
  return r;
}

static const MethodDef print_funcs[] = {
    {"set_printoptions", set_printoptions, "set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, suppress=None)", 0},
    {"get_printoptions", get_printoptions, "get_printoptions()", 0},
    {"array2string", array2string_fn, "array2string(a, max_line_width=None, precision=None, separator=' ')", 0},
    {NULL}};

/* {=== module construction ===} */
static int add_dtypes(Value m, Family f) {
  static const struct { const char *name; DType d; } names[] = {
      {"float32", DT_FLOAT32}, {"float64", DT_FLOAT64}, {"int32", DT_INT32},
      {"int64", DT_INT64},     {"uint8", DT_UINT8},     {"uint32", DT_UINT32},
      {"bool_", DT_BOOL},      {"bool", DT_BOOL},       {"int_", DT_INT64},
      {"double", DT_FLOAT64},  {"single", DT_FLOAT32},  {"intp", DT_INT64},
      {"float_", DT_FLOAT64},  {"uint", DT_UINT32},     {"longlong", DT_INT64},
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (module_add(m, names[i].name, lx_dtype_class(names[i].d, f)) < 0) return -1;
  /* NumPy has float16 (and half); bfloat16 comes from ml_dtypes, which jax.numpy exports */
  if (module_add(m, "float16", lx_dtype_class(DT_FLOAT16, f)) < 0 ||
      module_add(m, "half", lx_dtype_class(DT_FLOAT16, f)) < 0) return -1;
  if (f == FAM_JAX && module_add(m, "bfloat16", lx_dtype_class(DT_BFLOAT16, f)) < 0) return -1;
  static const char *const abstract[] = {"generic", "number", "inexact", "floating", "integer",
                                         "signedinteger", "unsignedinteger",
                                         /* names only: no arrays of these (lang/array/arrobj.c) */
                                         "int8", "int16", "uint16", "uint64"};
  for (size_t i = 0; i < sizeof abstract / sizeof abstract[0]; i++) {
    Value v = lx_dtype_abstract(abstract[i], f);
    if (VAL_IS_NULL(v) || module_add(m, abstract[i], v) < 0) return -1;
  }
  return 0;
}

/* Add the functions written in Sable (lang/prelude/sable._npx.py): _install(xp) returns a
 * dict of name -> function closed over this module. */
static int add_prelude_part(Value m, const char *prelude, Value extra) {
  Value p = module_import(prelude);
  if (VAL_IS_NULL(p)) return -1;
  Value inst = module_get(p, "_install");
  if (VAL_IS_NULL(inst)) {
    val_decref(p);
    obj_raise(&exc_ImportError, "%s has no _install", prelude);
    return -1;
  }
  Value d = VAL_IS_NULL(extra) ? op_call1(inst, m) : op_call2(inst, m, extra);
  val_decref(p);
  if (VAL_IS_NULL(d)) return -1;
  if (!VAL_IS_DICT(d)) {
    val_decref(d);
    obj_raise(&exc_ImportError, "%s._install must return a dict", prelude);
    return -1;
  }
  int64_t pos = 0;
  Value k, v;
  int rc = 0;
  while (dict_next(d, &pos, &k, &v))
    if (VAL_IS_STR(k) && module_add(m, str_cstr(k), v) < 0) { rc = -1; break; }
  val_decref(d);
  return rc;
}

/* numpy functions written in Sable that load on first use: np.<name> / jnp.<name> call
 * sable._npextra.np_<name> / jnp_<name> (lang/prelude/sable._npextra.py) */
static const char *const lazy_np[] = {"block", "broadcast", "format_float_positional",
                                      "format_float_scientific", NULL};
static const char *const lazy_jax[] = {"block", NULL};

static Value lazy_call(void *data, int argc, const Value *argv, Obj *kw) {
  Value m = module_import("sable._npextra");
  if (VAL_IS_NULL(m)) return m;
  Value f = module_get(m, (const char *)data);
  Value r = VAL_IS_NULL(f) ? obj_raise(&exc_AttributeError, "sable._npextra has no %s", (const char *)data)
                           : op_call(f, argc, argv, kw);
  val_decref(m);
  return r;
}

static int add_lazy(Value m, Family f) {
  static char names[2][8][48];
  const char *const *tab = f == FAM_NP ? lazy_np : lazy_jax;
  for (int i = 0; tab[i] && i < 8; i++) {
    snprintf(names[f][i], sizeof names[f][i], "%s_%s", f == FAM_NP ? "np" : "jnp", tab[i]);
    Value fn = func_builtin_data_new(tab[i], lazy_call, names[f][i], "written in Sable (sable._npextra)");
    if (VAL_IS_NULL(fn)) return -1;
    int r = module_add(m, tab[i], fn);
    val_decref(fn);
    if (r < 0) return -1;
  }
  return 0;
}

static int add_tables(Value m, const MethodDef *const *tabs) {
  for (int i = 0; tabs[i]; i++)
    if (module_add_functions(m, tabs[i]) < 0) return -1;
  return 0;
}

static int add_constants(Value m) {
  if (module_add(m, "pi", val_float(M_PI)) < 0) return -1;
  if (module_add(m, "e", val_float(M_E)) < 0) return -1;
  if (module_add(m, "euler_gamma", val_float(0.5772156649015329)) < 0) return -1;
  if (module_add(m, "inf", val_float(INFINITY)) < 0) return -1;
  if (module_add(m, "nan", val_float(NAN)) < 0) return -1;
  if (module_add(m, "newaxis", val_none()) < 0) return -1;
  return 0;
}

static int np_common(Value m, Family f) {
  arr_init();    /* the primitive table and the CPU pool, before the first array */
  /* <class 'numpy.ndarray'>, <class 'jax.Array'> */
  if (!lx_np_type.module) lx_np_type.module = str_intern("numpy");
  if (!lx_jax_type.module) lx_jax_type.module = str_intern("jax");
  static const MethodDef *const jtabs[] = {np_create_jax, np_math_jax, np_reduce_jax,
                                           np_shape_jax, np_sort_jax, np_io_jax, print_funcs,
                                           np_dotg_jax, NULL};
  static const MethodDef *const ntabs[] = {np_create_np, np_math_np, np_reduce_np,
                                           np_shape_np, np_sort_np, np_io_np, print_funcs,
                                           np_dotg_np, NULL};
  if (add_tables(m, f == FAM_NP ? ntabs : jtabs) < 0) return -1;
  if (np_math_add_ufuncs(m, f) < 0) return -1;
  if (add_dtypes(m, f) < 0) return -1;
  if (add_constants(m) < 0) return -1;
  Value t = val_obj(f == FAM_NP ? &lx_np_type.ob : &lx_jax_type.ob);
  if (module_add(m, "ndarray", t) < 0) return -1;
  if (module_add(m, "ufunc", val_obj(f == FAM_NP ? &lx_ufunc_type.ob : &lx_jufunc_type.ob)) < 0) return -1;
  Value lin = module_import(f == FAM_NP ? "numpy.linalg" : "jax.numpy.linalg");
  if (VAL_IS_NULL(lin)) return -1;
  int r = module_add(m, "linalg", lin);
  val_decref(lin);
  if (r < 0) return -1;
  if (add_lazy(m, f) < 0) return -1;
  return add_prelude_part(m, "sable._npx", val_null());
}

int modinit_numpy(Value m) {
  if (module_add(m, "__version__", val_obj(str_intern("2.4.6-sable"))) < 0) return -1;
  if (np_common(m, FAM_NP) < 0) return -1;
  Value r = module_import("numpy.random");
  if (VAL_IS_NULL(r)) { obj_err_clear(); return 0; }   /* optional */
  int k = module_add(m, "random", r);
  val_decref(r);
  return k;
}

int modinit_jax_numpy(Value m) { return np_common(m, FAM_JAX); }

static int linalg_common(Value m, Family f) {
  if (module_add_functions(m, f == FAM_NP ? np_linalg_np : np_linalg_jax) < 0) return -1;
  if (module_add(m, "LinAlgError", val_obj(&lx_linalg_error_type()->ob)) < 0) return -1;
  Value parent = module_import(f == FAM_NP ? "numpy" : "jax.numpy");
  if (VAL_IS_NULL(parent)) return -1;
  int r = add_prelude_part(m, "sable._linalg", parent);
  val_decref(parent);
  return r;
}
int modinit_numpy_linalg(Value m) { return linalg_common(m, FAM_NP); }
int modinit_jax_numpy_linalg(Value m) { return linalg_common(m, FAM_JAX); }
