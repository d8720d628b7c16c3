/* np_keys.c - typed PRNG key arrays (jax.random.key): a uint32 array of shape (..., 2) seen as
 * an array of keys of shape (...) and dtype key<fry>; the key dtype and the jax.dtypes module. */
#include <string.h>
#include "core/core.h"
#include "core/modtable.h"
#include "arrobj.h"

/* the words live in `data` (a jax array or a tracer), so the transformations see through a key
 * by flattening it to its data (tree.c) and rebuild it around their tracers */
typedef struct KeyObj { Obj ob; Value data; } KeyObj;
#define KEY(v) ((KeyObj *)(v).u.o)

/* {=== the key dtype: key<fry>, and the abstract jax.dtypes.prng_key / extended ===} */
typedef struct KeyDTypeObj { Obj ob; int kind; } KeyDTypeObj;   /* 0 key<fry>, 1 prng_key, 2 extended */
static const char *const kd_names[] = {"key<fry>", "prng_key", "extended"};
static Value kd_repr(Value self) {
  int k = ((KeyDTypeObj *)self.u.o)->kind;
  if (k == 0) return str_from_cstr(kd_names[0]);
  return str_fmt("<class 'jax.dtypes.%s'>", kd_names[k]);
}
static Value kd_str(Value self) {
  int k = ((KeyDTypeObj *)self.u.o)->kind;
  return k == 0 ? str_from_cstr(kd_names[0]) : kd_repr(self);
}
static int kd_hash(Value self, int64_t *out) { *out = 0x6b6579 + ((KeyDTypeObj *)self.u.o)->kind; return 0; }
static Value kd_compare(Value a, Value b, int op);
static Value kd_name(Value self) { return str_from_cstr(kd_names[((KeyDTypeObj *)self.u.o)->kind]); }
static Value kd_itemsize(Value self) { return val_int(8); }
static Value kd_impl(Value self) { return str_from_cstr("threefry2x32"); }
static const GetSetDef kd_getset[] = {
    {"name", kd_name, NULL, NULL},
    {"itemsize", kd_itemsize, NULL, "bytes of one key: two uint32 words"},
    {"_impl", kd_impl, NULL, NULL},
    {NULL}};
static TypeObj key_dtype_type = {OBJ_TYPE_HEAD, .name = "KeyTy", .doc = "the dtype of typed PRNG keys",
                                 .repr = kd_repr, .str = kd_str, .hash = kd_hash,
                                 .compare = kd_compare, .getset = kd_getset};
static KeyDTypeObj kd_objs[3] = {{{OBJ_IMMORTAL, &key_dtype_type}, 0},
                                 {{OBJ_IMMORTAL, &key_dtype_type}, 1},
                                 {{OBJ_IMMORTAL, &key_dtype_type}, 2}};
static int is_kd(Value v) { return v.tag == V_OBJ && v.u.o->type == &key_dtype_type; }
static Value kd_compare(Value a, Value b, int op) {
  if ((op != CMP_EQ && op != CMP_NOTEQ) || !is_kd(a) || !is_kd(b)) return obj_notimpl();
  int eq = ((KeyDTypeObj *)a.u.o)->kind == ((KeyDTypeObj *)b.u.o)->kind;
  return val_bool(op == CMP_EQ ? eq : !eq);
}

/* issubdtype when a key dtype is involved: 1/0, or -2 when neither side is one */
int lx_key_issubdtype(Value a, Value b) {
  if (!is_kd(a) && !is_kd(b)) return -2;
  if (!is_kd(a) || !is_kd(b)) return 0;
  int ka = ((KeyDTypeObj *)a.u.o)->kind, kb = ((KeyDTypeObj *)b.u.o)->kind;
  return ka == kb || kb == 2 || (ka == 0 && kb == 1);
}

/* {=== key arrays ===} */
TypeObj lx_key_type;
int lx_is_key(Value v) { return v.tag == V_OBJ && v.u.o->type == &lx_key_type; }
Value lx_key_data(Value k) { return KEY(k)->data; }

Value lx_key_wrap_any(Value data) {
  KeyObj *o = obj_alloc(&lx_key_type, sizeof(KeyObj));
  if (!o) return val_null();
  o->data = val_incref(data);
  return val_obj(&o->ob);
}

Value lx_key_wrap(Value data) {
  AVal av;
  if (lx_aval(data, &av) < 0) return val_null();
  if (av.dtype != DT_UINT32 || av.ndim < 1 || av.shape[av.ndim - 1] != 2) {
    char b[400];
    arr_shape_str(av.shape, av.ndim, b, sizeof b);
    return obj_raise(&exc_ValueError, "threefry2x32 key data must be a uint32 array with a "
                     "trailing dimension of 2, got dtype %s and shape %s",
                     arr_dtypes[av.dtype].name, b);
  }
  return lx_key_wrap_any(data);
}

static void key_dealloc(Obj *o) {
  val_decref(((KeyObj *)o)->data);
  obj_free(o);
}

static int key_aval(Value self, AVal *av) {
  if (lx_aval(KEY(self)->data, av) < 0) return -1;
  if (av->ndim < 1) {   /* a placeholder key the transformations made around a scalar */
    obj_raise(&exc_TypeError, "a key array over data of dtype %s and no trailing dimension",
              arr_dtypes[av->dtype].name);
    return -1;
  }
  av->ndim--;
  return 0;
}

static Value key_repr(Value self) {
  AVal av;
  if (key_aval(self, &av) < 0) return val_null();
  char b[400];
  arr_shape_str(av.shape, av.ndim, b, sizeof b);
  Value s = op_str(KEY(self)->data);
  if (VAL_IS_NULL(s)) return s;
  Value r = str_fmt("Array(%s, dtype=key<fry>) overlaying:\n%s", b, str_cstr(s));
  val_decref(s);
  return r;
}

/* arithmetic: refused as JAX's primitives refuse a key operand */
static const char *op_prim(int op) {
  switch (op & ~OBJ_INPLACE) {
    case OP_ADD: return "add";
    case OP_SUB: return "sub";
    case OP_MULT: return "mul";
    case OP_DIV: return "div";
    case OP_FLOORDIV: return "floor_divide";
    case OP_MOD: return "rem";
    case OP_POW: return "pow";
    case OP_LSHIFT: return "shift_left";
    case OP_RSHIFT: return "shift_right_arithmetic";
    case OP_BITAND: return "and";
    case OP_BITOR: return "or";
    case OP_BITXOR: return "xor";
    case OP_MATMULT: return "dot_general";
  }
  return "binary operation";
}

static const char *operand_dtype(Value v) {
  if (lx_is_key(v)) return "key<fry>";
  AVal av;
  if (lx_aval(v, &av) < 0) { obj_err_clear(); return op_type_name(v); }
  return arr_dtypes[av.dtype].name;
}

static Value key_binary(int op, Value a, Value b) {
  const char *p = op_prim(op);
  int o = op & ~OBJ_INPLACE;
  if (o == OP_ADD)
    return obj_raise(&exc_TypeError, "%s does not accept dtypes %s, %s.", p, operand_dtype(a),
                     operand_dtype(b));
  int pos = lx_is_key(a) ? 0 : 1;
  return obj_raise(&exc_TypeError, "%s does not accept dtype key<fry> at position %d. Accepted "
                   "dtypes at position %d are subtypes of integer, floating, complexfloating.",
                   p, pos, pos);
}

static Value key_unary(int op, Value a) {
  const char *p = op == UOP_USUB ? "neg" : op == UOP_INVERT ? "not" : op == OBJ_UOP_ABS ? "abs" : "pos";
  if (op == UOP_UADD) return val_incref(a);
  return obj_raise(&exc_TypeError, "%s does not accept dtype key<fry>. Accepted dtypes are "
                   "subtypes of integer, floating, complexfloating.", p);
}

static Value key_compare(Value a, Value b, int op) {
  if (!lx_is_key(a) || !lx_is_key(b)) return obj_notimpl();
  if (op != CMP_EQ && op != CMP_NOTEQ)
    return obj_raise(&exc_TypeError, "%s does not accept dtype key<fry>.",
                     op == CMP_LT ? "lt" : op == CMP_LTE ? "le" : op == CMP_GT ? "gt" : "ge");
  Value e = op_compare(KEY(a)->data, KEY(b)->data, op);
  if (VAL_IS_NULL(e)) return e;
  Value axis = val_int(-1);
  Value r = op_call_method(e, op == CMP_EQ ? "all" : "any", 1, &axis);
  val_decref(e);
  return r;
}

static int key_truth(Value self) {
  obj_raise(&exc_TypeError, "The truth value of a key array is ambiguous");
  return -1;
}

static int key_len(Value self, int64_t *out) {
  AVal av;
  if (key_aval(self, &av) < 0) return -1;
  if (av.ndim == 0) { obj_raise(&exc_TypeError, "len() of unsized object"); return -1; }
  *out = av.shape[0];
  return 0;
}

/* index the data with the index followed by a full slice over the words */
static Value key_getitem(Value self, Value idx) {
  AVal av;
  if (key_aval(self, &av) < 0) return val_null();
  if (av.ndim == 0) return obj_raise(&exc_IndexError, "Too many indices: 0-dimensional array indexed with 1 regular index.");
  Value full = iter_slice_new(val_none(), val_none(), val_none());
  if (VAL_IS_NULL(full)) return full;
  Value t;
  if (VAL_IS_TUPLE(idx)) {
    int64_t n = TUPLE(idx.u.o)->len;
    t = tuple_new(n + 1);
    if (VAL_IS_NULL(t)) { val_decref(full); return t; }
    for (int64_t i = 0; i < n; i++) TUPLE_SET(t, i, val_incref(TUPLE(idx.u.o)->items[i]));
    TUPLE_SET(t, n, full);
  } else {
    t = tuple_pack(2, idx, full);
    val_decref(full);
    if (VAL_IS_NULL(t)) return t;
  }
  Value d = lx_getitem(KEY(self)->data, t);
  val_decref(t);
  if (VAL_IS_NULL(d)) return d;
  Value r = lx_key_wrap(d);
  val_decref(d);
  return r;
}

typedef struct KeyIter { Obj ob; Value key; int64_t i, n; } KeyIter;
static void kit_dealloc(Obj *o) { val_decref(((KeyIter *)o)->key); obj_free(o); }
static Value kit_iter(Value self) { return val_incref(self); }
static int kit_next(Value self, Value *out) {
  KeyIter *it = (KeyIter *)self.u.o;
  if (it->i >= it->n) return 0;
  *out = key_getitem(it->key, val_int(it->i++));
  return VAL_IS_NULL(*out) ? -1 : 1;
}
static TypeObj key_iter_type = {OBJ_TYPE_HEAD, .name = "key_iterator", .dealloc = kit_dealloc,
                                .iter = kit_iter, .next = kit_next};
static Value key_iter(Value self) {
  int64_t n;
  if (key_len(self, &n) < 0) {
    obj_err_clear();
    return obj_raise(&exc_TypeError, "iteration over a 0-d key array");
  }
  KeyIter *it = obj_alloc(&key_iter_type, sizeof(KeyIter));
  if (!it) return val_null();
  it->key = val_incref(self);
  it->n = n;
  return val_obj(&it->ob);
}

static Value shape_tuple(const AVal *av) {
  Value t = tuple_new(av->ndim);
  if (VAL_IS_NULL(t)) return t;
  for (int i = 0; i < av->ndim; i++) TUPLE_SET(t, i, val_int(av->shape[i]));
  return t;
}
static Value g_shape(Value self) {
  AVal av;
  return key_aval(self, &av) < 0 ? val_null() : shape_tuple(&av);
}
static Value g_ndim(Value self) {
  AVal av;
  return key_aval(self, &av) < 0 ? val_null() : val_int(av.ndim);
}
static Value g_size(Value self) {
  AVal av;
  if (key_aval(self, &av) < 0) return val_null();
  int64_t n = 1;
  for (int i = 0; i < av.ndim; i++) n *= av.shape[i];
  return val_int(n);
}
static Value g_dtype(Value self) { return val_obj(&kd_objs[0].ob); }
static Value g_itemsize(Value self) { return val_int(8); }

/* reshape(*shape) / reshape(shape): the data gets the trailing 2 back */
static Value m_reshape(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("reshape", argc, kw, 2, ARR_MAXDIM) < 0) return val_null();
  Value dims[ARR_MAXDIM + 1];
  int n = 0;
  if (argc == 2 && (VAL_IS_TUPLE(argv[1]) || VAL_IS_LIST(argv[1]))) {
    int64_t len = VAL_IS_TUPLE(argv[1]) ? TUPLE(argv[1].u.o)->len : LIST(argv[1].u.o)->len;
    const Value *it = VAL_IS_TUPLE(argv[1]) ? TUPLE(argv[1].u.o)->items : LIST(argv[1].u.o)->items;
    if (len >= ARR_MAXDIM) return obj_raise(&exc_ValueError, "too many dimensions");
    for (int64_t i = 0; i < len; i++) dims[n++] = it[i];
  } else {
    for (int i = 1; i < argc; i++) dims[n++] = argv[i];
  }
  dims[n++] = val_int(2);
  Value d = lx_reshape_method(KEY(argv[0])->data, n, dims);
  if (VAL_IS_NULL(d)) return d;
  Value r = lx_key_wrap(d);
  val_decref(d);
  return r;
}

static Value m_ravel(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("ravel", argc, kw, 1, 1) < 0) return val_null();
  Value m1 = val_int(-1);
  Value a[2] = {argv[0], m1};
  return m_reshape(2, a, NULL);
}

static const MethodDef key_methods[] = {
    {"reshape", m_reshape, "reshape(*shape): the same keys in another shape", 0},
    {"ravel", m_ravel, "ravel(): the keys as a 1-D key array", 0},
    {NULL}};
static const GetSetDef key_getset[] = {
    {"shape", g_shape, NULL, "the shape of the key array (without the trailing words)"},
    {"ndim", g_ndim, NULL, NULL},
    {"size", g_size, NULL, NULL},
    {"dtype", g_dtype, NULL, "key<fry>"},
    {"itemsize", g_itemsize, NULL, NULL},
    {NULL}};

TypeObj lx_key_type = {OBJ_TYPE_HEAD, .name = "PRNGKeyArray", .doc = "an array of typed PRNG keys",
                       .dealloc = key_dealloc, .repr = key_repr, .binary = key_binary,
                       .unary = key_unary, .compare = key_compare, .truth = key_truth,
                       .len = key_len, .getitem = key_getitem, .iter = key_iter,
                       .methods = key_methods, .getset = key_getset};

/* jnp.concatenate of key arrays: the list of their data and the axis for the data, or V_NULL */
Value lx_key_datas(Value seq, int64_t *axis) {
  int64_t n = VAL_IS_TUPLE(seq) ? TUPLE(seq.u.o)->len : LIST(seq.u.o)->len;
  const Value *it = VAL_IS_TUPLE(seq) ? TUPLE(seq.u.o)->items : LIST(seq.u.o)->items;
  Value l = list_new(0);
  if (VAL_IS_NULL(l)) return l;
  for (int64_t i = 0; i < n; i++) {
    if (!lx_is_key(it[i])) {
      val_decref(l);
      return obj_raise(&exc_TypeError, "concatenate: cannot mix key arrays with arrays of dtype %s",
                       operand_dtype(it[i]));
    }
    if (list_append(l, KEY(it[i])->data) < 0) { val_decref(l); return val_null(); }
  }
  if (*axis < 0) *axis -= 1;
  return l;
}

int lx_key_seq(Value seq) {
  if (VAL_IS_TUPLE(seq)) return TUPLE(seq.u.o)->len > 0 && lx_is_key(TUPLE(seq.u.o)->items[0]);
  if (VAL_IS_LIST(seq)) return LIST(seq.u.o)->len > 0 && lx_is_key(LIST(seq.u.o)->items[0]);
  return 0;
}

/* {=== jax.dtypes ===} */
static Value d_issubdtype(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("issubdtype", argc, argv, kw, "a,b", a) < 0) return val_null();
  int r = lx_issubdtype(a[0], a[1]);
  return r < 0 ? val_null() : val_bool(r);
}

static const MethodDef dtypes_functions[] = {
    {"issubdtype", d_issubdtype, "issubdtype(a, b): whether dtype a is b or below it", 0},
    {NULL}};

int modinit_jax_dtypes(Value m) {
  if (type_ready(&lx_key_type) < 0 || type_ready(&key_dtype_type) < 0) return -1;
  if (module_add(m, "prng_key", val_obj(&kd_objs[1].ob)) < 0) return -1;
  if (module_add(m, "extended", val_obj(&kd_objs[2].ob)) < 0) return -1;
  return module_add_functions(m, dtypes_functions);
}
