/* mod_io.c - data I/O: np.save/np.load (.npy through the engine; .npz and savez through
 * lang/prelude/_sable_npz.py), text files (loadtxt,
 * genfromtxt, savetxt) and the `sable.datasets` module (IDX files, Fashion-MNIST). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "core/modtable.h"
#include "arrobj.h"
#include "arr_io.h"

/* weak until the engine's arr_io.c lands: a missing reader raises instead of failing the link */
#pragma weak arr_load_npy
#pragma weak arr_save_npy
#pragma weak arr_load_idx

static int io_missing(const void *fn) {
  if (fn) return 0;
  obj_raise(&exc_NotImplementedError, "this build has no array file I/O (engine/arr_io.c)");
  return -1;
}

static int has(Value v) { return !VAL_IS_NULL(v) && !VAL_IS_NONE(v); }

static const char *path_arg(Value v, const char *fname) {
  if (VAL_IS_STR(v)) {
    if (memchr(str_cstr(v), 0, STR(v.u.o)->len)) {   /* a NUL would cut the name short */
      obj_raise(&exc_ValueError, "embedded null byte");
      return NULL;
    }
    return str_cstr(v);
  }
  /* pathlib-like objects: str(p) */
  obj_raise(&exc_TypeError, "%s: expected a file name (str), got %s", fname, op_type_name(v));
  return NULL;
}

static Value io_error(Family f, const char *path) {
  const ArrError *e = arr_last_error();
  if (e->kind == ERR_IO || e->kind == ERR_NONE) {
    if (errno == ENOENT)
      return obj_raise(&exc_FileNotFoundError, "[Errno 2] No such file or directory: '%s'", path);
    if (e->kind == ERR_IO) {
      obj_raise(&exc_OSError, "%s", e->msg);
      arr_err_clear();
      return val_null();
    }
  }
  return lx_raise_engine(f);
}

/* {=== .npy ===} */
/* _sable_npz.<fn>(*args): the .npz side, written in Sable */
static Value call_npz(const char *fn, int argc, const Value *argv) {
  Value m = module_import("_sable_npz");
  if (VAL_IS_NULL(m)) return m;
  Value f = module_get(m, fn);
  Value r = VAL_IS_NULL(f) ? obj_raise(&exc_AttributeError, "_sable_npz has no %s", fn) : op_call(f, argc, argv, NULL);
  val_decref(m);
  return r;
}

static Value load_impl(Family f, int argc, const Value *argv, Obj *kw) {
  Value a[5];
  if (func_parse_args("load", argc, argv, kw, "file|mmap_mode,allow_pickle,fix_imports,encoding", a) < 0)
    return val_null();
  if (!VAL_IS_STR(a[0])) return call_npz("load", 2, (Value[]){a[0], has(a[2]) ? a[2] : val_bool(0)});
  const char *p = path_arg(a[0], "load");
  if (!p) return val_null();
  /* a ZIP archive is an .npz: lang/prelude/_sable_npz.py reads it */
  FILE *fp = fopen(p, "rb");
  if (fp) {
    unsigned char magic[4] = {0};
    size_t n = fread(magic, 1, 4, fp);
    fclose(fp);
    if (n == 4 && !memcmp(magic, "PK\x03\x04", 4))
      return call_npz("open_path", 2, (Value[]){a[0], has(a[2]) ? a[2] : val_bool(0)});
  }
  if (io_missing((const void *)arr_load_npy)) return val_null();
  errno = 0;
  arr_err_clear();
  Array *x = arr_load_npy(p);
  if (!x) return io_error(f, p);
  return lx_wrap(x, f);
}
static Value np_load(int argc, const Value *argv, Obj *kw) { return load_impl(FAM_NP, argc, argv, kw); }
static Value jnp_load(int argc, const Value *argv, Obj *kw) { return load_impl(FAM_JAX, argc, argv, kw); }

static Value np_save(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("save", argc, argv, kw, "file,arr|allow_pickle,fix_imports", a) < 0)
    return val_null();
  const char *p = path_arg(a[0], "save");
  if (!p) return val_null();
  Value x = lx_asarray(a[1], FAM_NP, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  char path[4096];
  size_t n = strlen(p);
  if (n + 5 >= sizeof path) { val_decref(x); return obj_raise(&exc_OSError, "file name too long"); }
  /* numpy appends .npy when the name lacks it */
  snprintf(path, sizeof path, "%s%s", p, (n >= 4 && !strcmp(p + n - 4, ".npy")) ? "" : ".npy");
  if (io_missing((const void *)arr_save_npy)) { val_decref(x); return val_null(); }
  errno = 0;
  arr_err_clear();
  int r = arr_save_npy(path, lx_arr(x));
  val_decref(x);
  if (r < 0) return io_error(FAM_NP, path);
  return val_none();
}

/* savez(file, *args, **kwds) / savez_compressed: one .npy member per array */
static Value savez_common(int argc, const Value *argv, Obj *kw, int compress) {
  const char *name = compress ? "savez_compressed" : "savez";
  Value args = tuple_new(argc > 0 ? argc - 1 : 0);
  if (VAL_IS_NULL(args)) return args;
  for (int i = 1; i < argc; i++) TUPLE(args.u.o)->items[i - 1] = val_incref(argv[i]);
  Value kwds = dict_new();
  if (VAL_IS_NULL(kwds)) { val_decref(args); return kwds; }
  Value file = argc > 0 ? argv[0] : val_null();
  int bad = 0;
  for (int i = 0; i < func_kwcount(kw) && !bad; i++) {
    const char *k = func_kwname(kw, i);
    if (!strcmp(k, "allow_pickle")) continue;
    if (!strcmp(k, "file") && argc == 0) { file = argv[argc + i]; continue; }
    bad = dict_set(kwds, TUPLE(kw)->items[i], argv[argc + i]) < 0;
  }
  if (!bad && VAL_IS_NULL(file)) {
    obj_raise(&exc_TypeError, "%s() missing 1 required positional argument: 'file'", name);
    bad = 1;
  }
  Value r = bad ? val_null() : call_npz("savez", 4, (Value[]){file, args, kwds, val_bool(compress)});
  val_decref(args);
  val_decref(kwds);
  return r;
}
static Value np_savez(int argc, const Value *argv, Obj *kw) { return savez_common(argc, argv, kw, 0); }
static Value np_savez_compressed(int argc, const Value *argv, Obj *kw) { return savez_common(argc, argv, kw, 1); }

/* _npy_loads(data) / _npy_dumps(arr): one array from / to its .npy bytes (the .npz members) */
static Value np_npy_loads(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("_npy_loads", argc, argv, kw, "data", a) < 0) return val_null();
  ObjBuffer b;
  if (bytes_view(a[0], &b) < 0) return val_null();
  arr_err_clear();
  Array *x = arr_npy_parse((const unsigned char *)b.buf, (size_t)b.len);
  return x ? lx_wrap(x, FAM_NP) : lx_raise_engine(FAM_NP);
}
static Value np_npy_dumps(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("_npy_dumps", argc, argv, kw, "arr", a) < 0) return val_null();
  Value x = lx_asarray(a[0], FAM_NP, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  arr_err_clear();
  size_t n = 0;
  unsigned char *p = arr_npy_bytes(lx_arr(x), &n);
  val_decref(x);
  if (!p) return lx_raise_engine(FAM_NP);
  Value r = bytes_new((const char *)p, n);
  free(p);
  return r;
}

/* {=== text files ===} */
typedef struct TextOpts {
  char delim;          /* 0: any whitespace */
  int64_t skip;        /* header lines */
  char comment;        /* '#' */
  int missing_nan;     /* genfromtxt: empty / unparsable fields become NaN */
  int usecols[64], nusecols;
} TextOpts;

static int parse_field(const char *s, size_t n, double *out, int missing_nan) {
  char buf[128];
  while (n && (*s == ' ' || *s == '\t')) { s++; n--; }
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) n--;
  if (n == 0 || n >= sizeof buf) {
    if (missing_nan) { *out = NAN; return 0; }
    return -1;
  }
  memcpy(buf, s, n);
  buf[n] = 0;
  char *end;
  errno = 0;
  double v = strtod(buf, &end);
  if (*end) {
    if (missing_nan) { *out = NAN; return 0; }
    return -1;
  }
  *out = v;
  return 0;
}

static Value read_text(Family fam, const char *path, const TextOpts *o, int dt, const char *fname,
                       int64_t ndmin) {
  FILE *fp = fopen(path, "r");
  if (!fp) return obj_raise(&exc_FileNotFoundError, "%s not found.", path);
  size_t cap = 1024, n = 0;
  double *vals = malloc(cap * sizeof(double));
  char *line = NULL;
  size_t lcap = 0;
  ssize_t len;
  int64_t rows = 0, cols = -1, lineno = 0;
  Value r = val_null();
  if (!vals) { fclose(fp); return obj_raise_nomem(); }
  while ((len = getline(&line, &lcap, fp)) >= 0) {
    lineno++;
    /* a big file stays interruptible (raised by the call's return) */
    if (!(lineno & 4095) && obj_interrupted && obj_check_signals() < 0) goto out;
    if (lineno <= o->skip) continue;
    /* cut comments and the newline */
    char *c = o->comment ? strchr(line, o->comment) : NULL;
    if (c) { *c = 0; len = c - line; }
    while (len && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = 0;
    int blank = 1;
    for (ssize_t i = 0; i < len; i++) if (line[i] != ' ' && line[i] != '\t') blank = 0;
    if (blank) continue;
    int64_t k = 0, kept = 0;
    const char *s = line, *end = line + len;
    while (s <= end) {
      const char *e;
      if (o->delim) {
        e = memchr(s, o->delim, (size_t)(end - s));
        if (!e) e = end;
      } else {
        while (s < end && (*s == ' ' || *s == '\t')) s++;
        if (s >= end) break;
        e = s;
        while (e < end && *e != ' ' && *e != '\t') e++;
      }
      int use = o->nusecols == 0;
      for (int u = 0; u < o->nusecols; u++) if (o->usecols[u] == k) use = 1;
      if (use) {
        double v;
        if (parse_field(s, (size_t)(e - s), &v, o->missing_nan) < 0) {
          r = obj_raise(&exc_ValueError, "could not convert string '%.*s' to float64 at row %lld, "
                        "column %lld.", (int)(e - s), s, (long long)rows, (long long)k + 1);
          goto out;
        }
        if (n == cap) {
          double *nv = realloc(vals, cap * 2 * sizeof(double));
          if (!nv) { r = obj_raise_nomem(); goto out; }
          vals = nv;
          cap *= 2;
        }
        vals[n++] = v;
        kept++;
      }
      k++;
      if (e >= end) break;
      s = e + 1;
    }
    for (int u = 0; u < o->nusecols; u++)
      if (o->usecols[u] >= k) {
        r = obj_raise(&exc_ValueError, "invalid column index %d at row %lld with %lld columns",
                      o->usecols[u], (long long)rows + 1, (long long)k);
        goto out;
      }
    if (cols < 0) cols = kept;
    else if (kept != cols) {
      r = obj_raise(&exc_ValueError, "the number of columns changed from %lld to %lld at row "
                    "%lld; use `usecols` to select a subset and avoid this error",
                    (long long)cols, (long long)kept, (long long)rows + 1);
      goto out;
    }
    rows++;
  }
  {
    if (cols < 0) cols = 0;
    DType d = dt >= 0 ? (DType)dt : DT_FLOAT64;
    int64_t shape[2] = {rows, cols};
    int nd = 2;
    /* numpy squeezes single rows/columns to 1-d (ndmin=0 also gives 0-d for one value) */
    if (ndmin < 2) {
      if (cols == 1) { nd = 1; shape[0] = rows; }
      else if (rows == 1) { nd = 1; shape[0] = cols; }
    }
    Array *x = arr_new(d, nd, shape);
    if (!x) { r = lx_raise_engine(fam); goto out; }
    char *p = arr_data(x);
    for (size_t i = 0; i < n; i++) {
      lx_store_f(d, p + i * (size_t)dt_size(d), vals[i]);
    }
    r = lx_wrap(x, fam);
  }
out:
  free(line);
  free(vals);
  fclose(fp);
  (void)fname;
  return r;
}

static int text_opts(Value delim, Value skip, Value comments, Value usecols, TextOpts *o) {
  memset(o, 0, sizeof *o);
  o->comment = '#';
  if (has(delim)) {
    if (!VAL_IS_STR(delim) || STR(delim.u.o)->len != 1) {
      obj_raise(&exc_TypeError, "delimiter must be a single character");
      return -1;
    }
    o->delim = str_cstr(delim)[0];
    if (o->delim == ' ') o->delim = 0;
  }
  if (has(skip) && lx_as_int(skip, &o->skip) < 0) return -1;
  if (!VAL_IS_NULL(comments)) {
    if (VAL_IS_NONE(comments)) o->comment = 0;
    else if (VAL_IS_STR(comments) && STR(comments.u.o)->len >= 1) o->comment = str_cstr(comments)[0];
  }
  if (has(usecols)) {
    if (VAL_IS_LIST(usecols) || VAL_IS_TUPLE(usecols)) {
      int64_t n = VAL_IS_LIST(usecols) ? LIST(usecols.u.o)->len : TUPLE(usecols.u.o)->len;
      const Value *it = VAL_IS_LIST(usecols) ? LIST(usecols.u.o)->items : TUPLE(usecols.u.o)->items;
      if (n > 64) { obj_raise(&exc_ValueError, "too many usecols"); return -1; }
      for (int64_t i = 0; i < n; i++) {
        int64_t c;
        if (lx_as_int(it[i], &c) < 0) return -1;
        o->usecols[o->nusecols++] = (int)c;
      }
    } else {
      int64_t c;
      if (lx_as_int(usecols, &c) < 0) return -1;
      o->usecols[o->nusecols++] = (int)c;
    }
  }
  return 0;
}

static Value loadtxt_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[8];
  if (func_parse_args("loadtxt", argc, argv, kw,
                      "fname|dtype,comments,delimiter,converters,skiprows,usecols,unpack", a) < 0)
    return val_null();
  const char *p = path_arg(a[0], "loadtxt");
  if (!p) return val_null();
  TextOpts o;
  if (text_opts(a[3], a[5], a[2], a[6], &o) < 0) return val_null();
  int dt = lx_parse_dtype(a[1], fam);
  if (dt == -2) return val_null();
  Value r = read_text(fam, p, &o, dt, "loadtxt", 0);
  if (!VAL_IS_NULL(r) && has(a[7]) && op_truth(a[7]) > 0) {
    Value t = lx_transpose(r, NULL);
    val_decref(r);
    r = t;
  }
  return r;
}
static Value np_loadtxt(int argc, const Value *argv, Obj *kw) { return loadtxt_impl(FAM_NP, argc, argv, kw); }

static Value np_genfromtxt(int argc, const Value *argv, Obj *kw) {
  Value a[8];
  if (func_parse_args("genfromtxt", argc, argv, kw,
                      "fname|dtype,comments,delimiter,skip_header,skip_footer,usecols,unpack", a) < 0)
    return val_null();
  const char *p = path_arg(a[0], "genfromtxt");
  if (!p) return val_null();
  TextOpts o;
  if (text_opts(a[3], a[4], a[2], a[6], &o) < 0) return val_null();
  o.missing_nan = 1;
  int dt = lx_parse_dtype(a[1], FAM_NP);
  if (dt == -2) return val_null();
  Value r = read_text(FAM_NP, p, &o, dt, "genfromtxt", 0);
  if (!VAL_IS_NULL(r) && has(a[7]) && op_truth(a[7]) > 0) {
    Value t = lx_transpose(r, NULL);
    val_decref(r);
    r = t;
  }
  return r;
}

static Value np_savetxt(int argc, const Value *argv, Obj *kw) {
  Value a[6];
  if (func_parse_args("savetxt", argc, argv, kw, "fname,X|fmt,delimiter,newline,header", a) < 0)
    return val_null();
  const char *p = path_arg(a[0], "savetxt");
  if (!p) return val_null();
  Value x = lx_asarray(a[1], FAM_NP, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  Array *arr = lx_arr(x);
  if (arr->ndim > 2 || arr->ndim < 1) {
    val_decref(x);
    return obj_raise(&exc_ValueError, "Expected 1D or 2D array, got %dD array instead", arr->ndim);
  }
  const char *fmt = VAL_IS_STR(a[2]) ? str_cstr(a[2]) : "%.18e";
  const char *delim = VAL_IS_STR(a[3]) ? str_cstr(a[3]) : " ";
  const char *nl = VAL_IS_STR(a[4]) ? str_cstr(a[4]) : "\n";
  /* the format is applied through Sable's % operator, one value at a time */
  FILE *fp = fopen(p, "w");
  if (!fp) { val_decref(x); return obj_raise(&exc_OSError, "cannot open %s for writing", p); }
  if (VAL_IS_STR(a[5]) && STR(a[5].u.o)->len) fprintf(fp, "# %s%s", str_cstr(a[5]), nl);
  int64_t rows = arr->ndim == 1 ? arr->shape[0] : arr->shape[0];
  int64_t cols = arr->ndim == 1 ? 1 : arr->shape[1];
  Value fv = str_from_cstr(fmt);
  Value r = val_none();
  for (int64_t i = 0; i < rows && !VAL_IS_NULL(r); i++) {
    for (int64_t j = 0; j < cols; j++) {
      Value item = lx_item(arr, i * cols + j);
      Value s = op_binop(OP_MOD, fv, item);
      val_decref(item);
      if (VAL_IS_NULL(s)) { r = s; break; }
      fprintf(fp, "%s%s", j ? delim : "", str_cstr(s));
      val_decref(s);
    }
    fputs(nl, fp);
  }
  val_decref(fv);
  fclose(fp);
  val_decref(x);
  return r;
}

const MethodDef np_io_np[] = {
    {"load", np_load, "load(file, allow_pickle=False): read an .npy file or an .npz archive (NpzFile)", 0},
    {"save", np_save, "save(file, arr): write an .npy file", 0},
    {"savez", np_savez, "savez(file, *args, **kwds): write an uncompressed .npz archive", 0},
    {"savez_compressed", np_savez_compressed, "savez_compressed(file, *args, **kwds): write a deflated .npz archive", 0},
    {"_npy_loads", np_npy_loads, "_npy_loads(data): the array of .npy bytes", 0},
    {"_npy_dumps", np_npy_dumps, "_npy_dumps(arr): the .npy bytes of an array", 0},
    {"loadtxt", np_loadtxt, "loadtxt(fname, dtype=float, comments='#', delimiter=None, skiprows=0, usecols=None, unpack=False)", 0},
    {"genfromtxt", np_genfromtxt, "genfromtxt(fname, dtype=float, comments='#', delimiter=None, skip_header=0)", 0},
    {"savetxt", np_savetxt, "savetxt(fname, X, fmt='%.18e', delimiter=' ', newline='\\n', header='')", 0},
    {NULL}};
const MethodDef np_io_jax[] = {
    {"load", jnp_load, "load(file, allow_pickle=False): read an .npy file or an .npz archive (NpzFile)", 0},
    {NULL}};

/* {=== sable.datasets ===} */
static Value load_idx(const char *path, Family f) {
  if (io_missing((const void *)arr_load_idx)) return val_null();
  errno = 0;
  arr_err_clear();
  Array *x = arr_load_idx(path);
  if (!x) return io_error(f, path);
  return lx_wrap(x, f);
}

static Value ds_load_idx(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("load_idx", argc, argv, kw, "path", a) < 0) return val_null();
  const char *p = path_arg(a[0], "load_idx");
  return p ? load_idx(p, FAM_NP) : val_null();
}

static Value idx_dataset(const char *fname, const char *defdir, int argc, const Value *argv,
                         Obj *kw) {
  Value a[1];
  if (func_parse_args(fname, argc, argv, kw, "|path", a) < 0) return val_null();
  const char *dir = defdir;
  if (has(a[0])) {
    dir = path_arg(a[0], fname);
    if (!dir) return val_null();
  }
  static const char *const files[4] = {"train-images-idx3-ubyte", "train-labels-idx1-ubyte",
                                       "t10k-images-idx3-ubyte", "t10k-labels-idx1-ubyte"};
  Value parts[4];
  for (int i = 0; i < 4; i++) {
    char p[4096];
    snprintf(p, sizeof p, "%s/%s.gz", dir, files[i]);
    FILE *t = fopen(p, "rb");
    if (t) fclose(t);
    else snprintf(p, sizeof p, "%s/%s", dir, files[i]);
    parts[i] = load_idx(p, FAM_NP);
    if (VAL_IS_NULL(parts[i])) {
      for (int j = 0; j < i; j++) val_decref(parts[j]);
      if (obj_err_matches(&exc_FileNotFoundError)) {
        obj_err_clear();
        return obj_raise(&exc_FileNotFoundError,
                         "%s: %s/%s.gz not found (install the Debian package "
                         "dataset-fashion-mnist, or pass path=)", fname, dir, files[i]);
      }
      return val_null();
    }
  }
  Value tr = tuple_pack(2, parts[0], parts[1]);
  Value te = tuple_pack(2, parts[2], parts[3]);
  for (int i = 0; i < 4; i++) val_decref(parts[i]);
  if (VAL_IS_NULL(tr) || VAL_IS_NULL(te)) { val_decref(tr); val_decref(te); return val_null(); }
  Value r = tuple_pack(2, tr, te);
  val_decref(tr);
  val_decref(te);
  return r;
}

static Value ds_fashion_mnist(int argc, const Value *argv, Obj *kw) {
  return idx_dataset("fashion_mnist", "/usr/share/datasets/fashion-mnist", argc, argv, kw);
}
static Value ds_mnist(int argc, const Value *argv, Obj *kw) {
  return idx_dataset("mnist", "/usr/share/datasets/mnist", argc, argv, kw);
}

static const MethodDef datasets_functions[] = {
    {"fashion_mnist", ds_fashion_mnist, "fashion_mnist(path=None) -> ((x_train, y_train), (x_test, y_test)): uint8 numpy arrays from the IDX files", 0},
    {"mnist", ds_mnist, "mnist(path=None) -> ((x_train, y_train), (x_test, y_test))", 0},
    {"load_idx", ds_load_idx, "load_idx(path): an IDX file (.gz or plain) as a numpy array", 0},
    {NULL}};

int modinit_sable_datasets(Value m) {
  if (module_add_functions(m, datasets_functions) < 0) return -1;
  Value cls = tuple_new(10);
  if (VAL_IS_NULL(cls)) return -1;
  static const char *const names[10] = {"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
                                        "Sandal", "Shirt", "Sneaker", "Bag", "Ankle boot"};
  for (int i = 0; i < 10; i++) TUPLE_SET(cls, i, str_from_cstr(names[i]));
  int r = module_add(m, "fashion_mnist_classes", cls);
  val_decref(cls);
  return r;
}
