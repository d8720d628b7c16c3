/* arrobj.c - the array types (jax.Array, numpy.ndarray) and dtype objects: operators,
 * indexing, len/iter/truth, methods and attributes, written over array-like Values. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "arrobj.h"


/* {=== wrapping ===} */
static Value wrap(Array *a, Family f, int scalar) {
  if (!a) return lx_raise_engine(f);
  ArrObj *o = obj_alloc(f == FAM_NP ? &lx_np_type : &lx_jax_type, sizeof(ArrObj));
  if (!o) { arr_release(a); return val_null(); }
  if (f == FAM_NP) {
    if (a->refcount == 1 && a->buf->refcount == 1) a->flags |= ARR_WRITABLE;
  } else if (a->flags & ARR_WRITABLE) {
    a->flags &= ~ARR_WRITABLE;
  }
  o->a = a;
  o->npscalar = (uint8_t)(scalar && f == FAM_NP && a->ndim == 0);
  return val_obj(&o->ob);
}
Value lx_wrap(Array *a, Family f) { return wrap(a, f, 0); }
Value lx_wrap_scalar(Array *a, Family f) { return wrap(a, f, 1); }

static void arr_dealloc(Obj *o) {
  arr_release(ARROBJ(o)->a);
  obj_free(o);
}

/* {=== dtype objects ===} */
/* Abstract scalar classes for np.issubdtype: ids past the concrete dtypes. After them, the
 * integer types the engine has no arrays of: their names exist (np.int8, 'int16'), issubdtype
 * knows them, and making an array of one raises NotImplementedError naming it. */
enum { DTA_GENERIC = DT_COUNT, DTA_NUMBER, DTA_INEXACT, DTA_FLOATING, DTA_INTEGER,
       DTA_SIGNED, DTA_UNSIGNED, DTU_INT8, DTU_INT16, DTU_UINT16, DTU_UINT64, DTA_COUNT };
static const char *const abstract_names[] = {"generic", "number", "inexact", "floating",
                                             "integer", "signedinteger", "unsignedinteger",
                                             "int8", "int16", "uint16", "uint64"};
static int dt_unsupported(int d) { return d >= DTU_INT8 && d < DTA_COUNT; }
/* kind, itemsize, one-letter code and array-protocol string of the unsupported ones */
static const struct { char kind; int size; char code; const char *descr; } unsup_info[] = {
    {'i', 1, 'b', "|i1"}, {'i', 2, 'h', "<i2"}, {'u', 2, 'H', "<u2"}, {'u', 8, 'L', "<u8"}};
static int dt_unsupported_str(const char *s) {
  static const struct { const char *n; int d; } names[] = {
      {"int8", DTU_INT8},   {"i1", DTU_INT8},    {"b", DTU_INT8},     {"byte", DTU_INT8},
      {"int16", DTU_INT16}, {"i2", DTU_INT16},   {"h", DTU_INT16},    {"short", DTU_INT16},
      {"uint16", DTU_UINT16}, {"u2", DTU_UINT16}, {"H", DTU_UINT16},  {"ushort", DTU_UINT16},
      {"uint64", DTU_UINT64}, {"u8", DTU_UINT64}, {"L", DTU_UINT64},  {"Q", DTU_UINT64},
      {"ulonglong", DTU_UINT64}, {"ulong", DTU_UINT64}};
  if (*s == '<' || *s == '>' || *s == '=' || *s == '|') s++;
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (!strcmp(names[i].n, s)) return names[i].d;
  return -1;
}
/* An unsupported dtype asked for in family f: jax.numpy without x64 narrows uint64 to uint32
 * (as JAX does, which warns); everything else raises. */
static int raise_unsupported(int d, Family f) {
  if (d == DTU_UINT64 && f == FAM_JAX && arr_canonical(DT_INT64, lx_promo(f)) == DT_INT32)
    return DT_UINT32;
  obj_raise(&exc_NotImplementedError, "dtype %s is not supported: Sable's arrays hold bool, uint8, "
            "uint32, int32, int64, float16, bfloat16, float32 and float64 (use int32 or uint32 "
            "instead)", abstract_names[d - DT_COUNT]);
  return -2;
}

typedef struct DTypeObj { Obj ob; int dt; uint8_t fam; uint8_t is_class; } DTypeObj;
static DTypeObj dtype_objs[2][2][DTA_COUNT];
static int dtype_inited;

static void dtype_init(void) {
  for (int f = 0; f < 2; f++)
    for (int c = 0; c < 2; c++)
      for (int d = 0; d < DTA_COUNT; d++) {
        DTypeObj *o = &dtype_objs[f][c][d];
        o->ob.rc = OBJ_IMMORTAL;
        o->ob.type = &lx_dtype_type;
        o->dt = d;
        o->fam = (uint8_t)f;
        o->is_class = (uint8_t)c;
      }
  dtype_inited = 1;
}

static Value dtype_value(int d, Family f, int cls) {
  if (!dtype_inited) dtype_init();
  return val_obj(&dtype_objs[f][cls][d].ob);
}
Value lx_dtype_obj(DType d, Family f) { return dtype_value(d, f, 0); }
Value lx_dtype_class(DType d, Family f) { return dtype_value(d, f, 1); }
Value lx_dtype_abstract(const char *name, Family f) {
  for (int i = 0; i < DTA_COUNT - DT_COUNT; i++)
    if (!strcmp(abstract_names[i], name)) return dtype_value(DT_COUNT + i, f, 1);
  return val_null();
}
#define DTYPE(v) ((DTypeObj *)(v).u.o)
static int is_dtype_obj(Value v) { return v.tag == V_OBJ && v.u.o->type == &lx_dtype_type; }

static const char *dtype_name(int d) {
  return d < DT_COUNT ? arr_dtypes[d].name : abstract_names[d - DT_COUNT];
}

/* A dtype string as NumPy reads it: an optional byte-order mark ('<', '=', '|' and, for
   one-byte types, '>': arrays here are little-endian only), then a name, an array-protocol code
   or a one-letter type code. -1: not a dtype; -3: a big-endian multi-byte type. */
static int dt_from_str(const char *s) {
  static const struct { const char *n; DType d; } codes[] = {
      {"f", DT_FLOAT32}, {"d", DT_FLOAT64}, {"i", DT_INT32}, {"l", DT_INT64}, {"I", DT_UINT32},
      {"int_", DT_INT64}, {"intp", DT_INT64}, {"longlong", DT_INT64}, {"q", DT_INT64},
      {"double", DT_FLOAT64}, {"ubyte", DT_UINT8}, {"uintc", DT_UINT32}, {"intc", DT_INT32},
  };
  char order = 0;
  if (*s == '<' || *s == '>' || *s == '=' || *s == '|') order = *s++;
  int d = dt_from_name(s);
  for (size_t i = 0; d < 0 && i < sizeof codes / sizeof codes[0]; i++)
    if (!strcmp(codes[i].n, s)) d = (int)codes[i].d;
  if (d < 0) return -1;
  if (order == '>' && dt_size((DType)d) > 1) return -3;
  return d;
}

int lx_parse_dtype(Value v, Family f) {
  int d;
  if (VAL_IS_NULL(v) || VAL_IS_NONE(v)) return -1;
  if (is_dtype_obj(v)) {
    d = DTYPE(v)->dt;
    if (dt_unsupported(d)) return raise_unsupported(d, f);
    if (d >= DT_COUNT) {
      obj_raise(&exc_TypeError, "Cannot interpret '%s' as a data type", dtype_name(d));
      return -2;
    }
  } else if (VAL_IS_STR(v)) {
    d = dt_from_str(str_cstr(v));
    if (d == -3) {
      obj_raise(&exc_TypeError, "data type '%s': big-endian dtypes are not supported (arrays are little-endian)",
                str_cstr(v));
      return -2;
    }
    if (d < 0 && dt_unsupported_str(str_cstr(v)) >= 0)
      return raise_unsupported(dt_unsupported_str(str_cstr(v)), f);
    if (d < 0) {
      obj_raise(&exc_TypeError, "data type '%s' not understood", str_cstr(v));
      return -2;
    }
  } else if (v.tag == V_OBJ && v.u.o == &num_float_type.ob) {
    d = DT_FLOAT64;
  } else if (v.tag == V_OBJ && v.u.o == &num_int_type.ob) {
    d = DT_INT64;
  } else if (v.tag == V_OBJ && v.u.o == &num_bool_type.ob) {
    d = DT_BOOL;
  } else {
    Value r = op_repr(v);
    obj_raise(&exc_TypeError, "Cannot interpret '%s' as a data type",
              VAL_IS_NULL(r) ? "?" : str_cstr(r));
    val_decref(r);
    return -2;
  }
  return (int)arr_canonical((DType)d, lx_promo(f));
}

/* np.dtype(x) where x names an integer type with no arrays (int8, 'i2', np.uint64): its dtype
 * object, which has a name, itemsize and kind like any other; V_NULL, no error, otherwise. */
Value lx_dtype_unsupported(Value v, Family f) {
  int d = -1;
  if (is_dtype_obj(v)) d = DTYPE(v)->dt;
  else if (VAL_IS_STR(v) && dt_from_str(str_cstr(v)) == -1) d = dt_unsupported_str(str_cstr(v));
  return dt_unsupported(d) ? dtype_value(d, f, 0) : val_null();
}

static Value dtype_repr(Value self) {
  DTypeObj *o = DTYPE(self);
  if (o->is_class)
    return str_fmt("<class '%s.%s'>", o->fam == FAM_NP ? "numpy" : "jax.numpy",
                   o->dt == DT_BOOL ? "bool" : dtype_name(o->dt));
  if (o->dt == DT_BFLOAT16) return str_from_cstr("dtype(bfloat16)");   /* ml_dtypes' spelling */
  return str_fmt("dtype('%s')", dtype_name(o->dt));
}
static Value dtype_str(Value self) {
  DTypeObj *o = DTYPE(self);
  if (o->is_class) return dtype_repr(self);
  return str_from_cstr(dtype_name(o->dt));
}
static int dtype_hash(Value self, int64_t *out) {
  const char *n = dtype_name(DTYPE(self)->dt);
  *out = num_hash_bytes(n, strlen(n));
  return 0;
}

static int dtype_of_any(Value v) {   /* -1 if v does not name a dtype */
  if (is_dtype_obj(v)) return DTYPE(v)->dt;
  if (VAL_IS_STR(v)) {
    int d = dt_from_str(str_cstr(v));
    return d >= 0 ? d : dt_unsupported_str(str_cstr(v));
  }
  if (v.tag == V_OBJ && v.u.o == &num_float_type.ob) return DT_FLOAT64;
  if (v.tag == V_OBJ && v.u.o == &num_int_type.ob) return DT_INT64;
  if (v.tag == V_OBJ && v.u.o == &num_bool_type.ob) return DT_BOOL;
  return -1;
}

static Value dtype_compare(Value a, Value b, int op) {
  if (op != CMP_EQ && op != CMP_NOTEQ) return obj_notimpl();
  int da = dtype_of_any(a), db = dtype_of_any(b);
  if (da < 0 || db < 0) return obj_notimpl();
  int eq = da == db;
  return val_bool(op == CMP_EQ ? eq : !eq);
}

static Value dtype_call(Value self, int argc, const Value *argv, Obj *kw) {
  DTypeObj *o = DTYPE(self);
  Family f = (Family)o->fam;
  int du = dt_unsupported(o->dt) ? raise_unsupported(o->dt, f) : o->dt;
  if (du < 0) return val_null();
  if (du >= DT_COUNT)
    return obj_raise(&exc_TypeError, "cannot create '%s' instances", dtype_name(o->dt));
  if (func_check_args(dtype_name(o->dt), argc, kw, 0, 1) < 0) return val_null();
  DType d = arr_canonical((DType)du, lx_promo(f));
  Value x = argc ? argv[0] : val_int(0);
  Value r = lx_asarray(x, f, d, 0);
  if (VAL_IS_NULL(r) || f != FAM_NP) return r;
  Array *a = lx_arr(r);
  if (a && a->ndim == 0 && !ARROBJ(r.u.o)->npscalar) {
    Value s = lx_wrap_scalar(arr_retain(a), FAM_NP);
    val_decref(r);
    return s;
  }
  return r;
}

static Value dt_get_name(Value self) { return str_from_cstr(dtype_name(DTYPE(self)->dt)); }
static Value dt_get_itemsize(Value self) {
  int d = DTYPE(self)->dt;
  if (dt_unsupported(d)) return val_int(unsup_info[d - DTU_INT8].size);
  return d < DT_COUNT ? val_int(dt_size((DType)d)) : obj_raise(&exc_AttributeError, "itemsize");
}
static Value dt_get_kind(Value self) {
  int d = DTYPE(self)->dt;
  if (dt_unsupported(d)) return str_fmt("%c", unsup_info[d - DTU_INT8].kind);
  if (d >= DT_COUNT) return obj_raise(&exc_AttributeError, "kind");
  char k[2] = {d == DT_BFLOAT16 ? 'V' : arr_dtypes[d].kind, 0};   /* ml_dtypes' kind */
  return str_from_cstr(k);
}
static Value dt_get_char(Value self) {
  static const char chars[DT_COUNT] = {'?', 'B', 'I', 'i', 'l', 'f', 'd', 'e', 'E'};
  int d = DTYPE(self)->dt;
  if (dt_unsupported(d)) return str_fmt("%c", unsup_info[d - DTU_INT8].code);
  if (d >= DT_COUNT) return obj_raise(&exc_AttributeError, "char");
  char k[2] = {chars[d], 0};
  return str_from_cstr(k);
}
static Value dt_get_str(Value self) {
  int d = DTYPE(self)->dt;
  if (dt_unsupported(d)) return str_from_cstr(unsup_info[d - DTU_INT8].descr);
  if (d >= DT_COUNT) return obj_raise(&exc_AttributeError, "str");
  return str_from_cstr(arr_dtypes[d].npy_descr);
}
static Value dt_get_byteorder(Value self) {
  int d = DTYPE(self)->dt;
  if (d >= DT_COUNT) return obj_raise(&exc_AttributeError, "byteorder");
  return str_from_cstr(dt_size((DType)d) == 1 ? "|" : "=");
}
static Value dt_get_type(Value self) {
  return dtype_value(DTYPE(self)->dt, (Family)DTYPE(self)->fam, 1);
}
static Value dt_get_dtype(Value self) {   /* np.float32.dtype */
  return dtype_value(DTYPE(self)->dt, (Family)DTYPE(self)->fam, 0);
}

static const GetSetDef dtype_getset[] = {
    {"name", dt_get_name, NULL, "the dtype's name"},
    {"itemsize", dt_get_itemsize, NULL, "bytes per element"},
    {"kind", dt_get_kind, NULL, "'b', 'u', 'i' or 'f'"},
    {"char", dt_get_char, NULL, NULL},
    {"str", dt_get_str, NULL, "the array-protocol type string ('<f4')"},
    {"byteorder", dt_get_byteorder, NULL, "'=' (native) or '|' (not applicable)"},
    {"type", dt_get_type, NULL, "the scalar type"},
    {"dtype", dt_get_dtype, NULL, NULL},
    {NULL}};

/* isinstance(x, np.float64) / np.floating / np.generic: scalar classes are dtype objects here,
   and NumPy scalars are 0-d arrays marked npscalar; only those are instances (as NumPy, not a
   Python float, not a 0-d array). jnp.float32 and friends ask the same question (JAX's
   _ScalarMeta checks against the NumPy scalar type). */
static Value dtype_instancecheck(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__instancecheck__", argc - 1, kw, 1, 1) < 0) return val_null();
  DTypeObj *o = DTYPE(argv[0]);
  if (!o->is_class)
    return obj_raise(&exc_TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union");
  Value v = argv[1];
  if (!(v.tag == V_OBJ && v.u.o->type == &lx_np_type && ARROBJ(v.u.o)->npscalar)) return val_bool(0);
  int r = lx_issubdtype(dtype_value(ARROBJ(v.u.o)->a->dtype, FAM_NP, 0), argv[0]);
  return r < 0 ? val_null() : val_bool(r);
}

static const MethodDef dtype_methods[] = {
    {"__instancecheck__", dtype_instancecheck, NULL, 0},
    {NULL}};

TypeObj lx_dtype_type = {OBJ_TYPE_HEAD, .name = "dtype", .doc = "an array element type",
                          .repr = dtype_repr, .str = dtype_str, .hash = dtype_hash,
                          .compare = dtype_compare, .call = dtype_call, .getset = dtype_getset,
                          .methods = dtype_methods};

/* issubdtype(a, b) */
int lx_issubdtype(Value a, Value b) {
  int kr = lx_key_issubdtype(a, b);
  if (kr != -2) return kr;
  int da = dtype_of_any(a), db = dtype_of_any(b);
  if (da < 0 || db < 0) {
    obj_raise(&exc_TypeError, "issubdtype: arguments must be dtypes");
    return -1;
  }
  if (db < DT_COUNT || dt_unsupported(db)) return da == db;
  if (dt_unsupported(da)) {
    char k = unsup_info[da - DTU_INT8].kind;
    return db == DTA_GENERIC || db == DTA_NUMBER || db == DTA_INTEGER ||
           db == (k == 'i' ? DTA_SIGNED : DTA_UNSIGNED);
  }
  if (da >= DT_COUNT) {
    if (da == db || db == DTA_GENERIC) return 1;
    if (db == DTA_NUMBER) return da != DTA_GENERIC;
    if (db == DTA_INEXACT) return da == DTA_FLOATING;
    if (db == DTA_INTEGER) return da == DTA_SIGNED || da == DTA_UNSIGNED;
    return 0;
  }
  char k = arr_dtypes[da].kind;
  switch (db) {
    case DTA_GENERIC: return 1;
    case DTA_NUMBER: return k != 'b';
    case DTA_INEXACT: case DTA_FLOATING: return k == 'f';
    case DTA_INTEGER: return k == 'i' || k == 'u';
    case DTA_SIGNED: return k == 'i';
    case DTA_UNSIGNED: return k == 'u';
  }
  return 0;
}

/* {=== operators ===} */
static int pyscalar(Value v) { return v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL; }
static int is_seq(Value v) { return VAL_IS_LIST(v) || VAL_IS_TUPLE(v); }

static Value type_error_dtype(const char *op, DType d, Family f) {
  if (f == FAM_NP)
    return obj_raise(&exc_TypeError,
                     "ufunc '%s' not supported for the input types, and the inputs could not be "
                     "safely coerced to any supported types according to the casting rule "
                     "''safe''", op);
  return obj_raise(&exc_TypeError, "%s does not accept dtype %s", op, arr_dtypes[d].name);
}

/* floor-mod from the engine's rem, fixed to Python's sign rule when rem truncates */
static Value floor_mod(Family f, Value a, Value b) {
  Value r = lx_binary(f, PRIM_rem, a, b);
  return r;
}

Value lx_arith(Family f, int op, Value a, Value b) {
  Value in[2] = {a, b}, p[2];
  int rw, rt;
  switch (op) {
    case OP_MATMULT: return lx_matmul(f, a, b);
    case OP_POW:
      if (f == FAM_JAX && b.tag == V_INT && lx_is_arraylike(a) && b.u.i >= -(1 << 30) &&
          b.u.i <= (1 << 30)) {
        AVal av;
        if (lx_aval(a, &av) < 0) return val_null();
        if (dt_is_int(av.dtype) && b.u.i < 0)
          return obj_raise(&exc_ValueError, "Integers to negative integer powers are not allowed.");
        PIntPow pp = {b.u.i};
        return lx_bind1(PRIM_integer_pow, 1, &a, &pp);
      }
      break;
    default: break;
  }
  rt = lx_result_dtype(f, 2, in, &rw);
  if (rt < 0) return val_null();
  if (op != OP_DIV && lx_np_check_ints(f, (DType)rt, 2, in) < 0) return val_null();
  PrimId id;
  switch (op) {
    case OP_ADD: id = rt == DT_BOOL ? PRIM_or : PRIM_add; break;
    case OP_SUB:
      if (rt == DT_BOOL)
        return obj_raise(&exc_TypeError,
                         f == FAM_NP ? "numpy boolean subtract, the `-` operator, is not "
                                       "supported, use the bitwise_xor, the `^` operator, or "
                                       "the logical_xor function instead."
                                     : "sub does not accept dtype bool");
      id = PRIM_sub;
      break;
    case OP_MULT: id = rt == DT_BOOL ? PRIM_and : PRIM_mul; break;
    case OP_DIV:
      if (!dt_is_float((DType)rt)) {
        DType fd = arr_default_float(lx_promo(f));
        if (lx_promote_tw(f, fd, rw, 2, in, p) < 0) return val_null();
        goto bind2;
      }
      id = PRIM_div;
      break;
    case OP_FLOORDIV:
      if (rt == DT_BOOL) {
        DType d = f == FAM_NP ? DT_INT64 : arr_default_int(lx_promo(f));
        if (lx_promote_to(f, d, 2, in, p) < 0) return val_null();
        Value r = lx_bind1(PRIM_floor_div, 2, p, NULL);
        val_decref(p[0]); val_decref(p[1]);
        return r;
      }
      id = PRIM_floor_div;
      break;
    case OP_MOD:
      if (rt == DT_BOOL) return type_error_dtype("remainder", DT_BOOL, f);
      return floor_mod(f, a, b);
    case OP_POW:
      if (rt == DT_BOOL) return type_error_dtype("power", DT_BOOL, f);
      if (dt_is_int((DType)rt) && b.tag == V_INT && b.u.i < 0)
        return obj_raise(&exc_ValueError, "Integers to negative integer powers are not allowed.");
      if (dt_is_int((DType)rt) && f == FAM_NP && lx_arr(b)) {
        Array *e = lx_arr(b);
        for (int64_t i = 0; i < e->size; i++)
          if (!dt_is_unsigned(e->dtype) && arr_get_i(e, i) < 0)
            return obj_raise(&exc_ValueError, "Integers to negative integer powers are not allowed.");
      }
      id = PRIM_pow;
      break;
    case OP_LSHIFT: id = PRIM_shift_left; break;
    case OP_RSHIFT: id = PRIM_shift_right; break;
    case OP_BITAND: id = PRIM_and; break;
    case OP_BITOR: id = PRIM_or; break;
    case OP_BITXOR: id = PRIM_xor; break;
    default: return obj_notimpl();
  }
  if ((op == OP_LSHIFT || op == OP_RSHIFT || op == OP_BITAND || op == OP_BITOR ||
       op == OP_BITXOR) && dt_is_float((DType)rt)) {
    static const char *const names[] = {[OP_LSHIFT] = "left_shift", [OP_RSHIFT] = "right_shift",
                                        [OP_BITAND] = "bitwise_and", [OP_BITOR] = "bitwise_or",
                                        [OP_BITXOR] = "bitwise_xor"};
    return type_error_dtype(names[op], (DType)rt, f);
  }
  /* keep the weak type of the promotion (JAX: int32 array * 2.5 is weakly typed float32) */
  if (lx_promote_tw(f, (DType)rt, rw, 2, in, p) < 0) return val_null();
  {
    Value r = lx_bind1(id, 2, p, NULL);
    val_decref(p[0]); val_decref(p[1]);
    return r;
  }
bind2: {
    Value r = lx_bind1(PRIM_div, 2, p, NULL);
    val_decref(p[0]); val_decref(p[1]);
    return r;
  }
}

/* Convert a list/tuple operand for numpy-family arithmetic. */
static int operand(Value v, Family f, Value *out) {
  if (pyscalar(v) || lx_is_arraylike(v)) { *out = val_incref(v); return 1; }
  if (is_seq(v) && f == FAM_NP) {
    *out = lx_asarray(v, FAM_NP, -1, 0);
    return VAL_IS_NULL(*out) ? -1 : 1;
  }
  return 0;
}

static Value np_inplace(int op, Value a, Value b) {
  Array *x = lx_arr(a);
  if (ARROBJ(a.u.o)->npscalar) return obj_notimpl();
  if (!(x->flags & ARR_WRITABLE))
    return obj_raise(&exc_ValueError, "output array is read-only");
  Value r = lx_arith(FAM_NP, op, a, b);
  if (VAL_IS_NULL(r) || VAL_IS_NOTIMPL(r)) return r;
  Array *y = lx_arr(r);
  if (!y) { val_decref(r); return obj_raise(&exc_TypeError, "in-place operation failed"); }
  char kx = arr_dtypes[x->dtype].kind, ky = arr_dtypes[y->dtype].kind;
  int ok = x->dtype == y->dtype || (kx == 'f') || (kx == ky && dt_size(x->dtype) >= dt_size(y->dtype)) ||
           (kx == 'i' && ky == 'u' && dt_size(x->dtype) > dt_size(y->dtype)) || ky == 'b';
  if (!ok) {
    static const char *const names[] = {[OP_ADD] = "add", [OP_SUB] = "subtract",
                                        [OP_MULT] = "multiply", [OP_MATMULT] = "matmul",
                                        [OP_DIV] = "divide", [OP_MOD] = "remainder",
                                        [OP_POW] = "power", [OP_LSHIFT] = "left_shift",
                                        [OP_RSHIFT] = "right_shift", [OP_BITOR] = "bitwise_or",
                                        [OP_BITXOR] = "bitwise_xor", [OP_BITAND] = "bitwise_and",
                                        [OP_FLOORDIV] = "floor_divide"};
    DType yd = y->dtype;
    val_decref(r);
    return obj_raise(&exc_TypeError,
                     "Cannot cast ufunc '%s' output from dtype('%s') to dtype('%s') with "
                     "casting rule 'same_kind'", names[op], arr_dtypes[yd].name,
                     arr_dtypes[x->dtype].name);
  }
  int rc = arr_assign(x, y);
  val_decref(r);
  if (rc < 0) return lx_raise_engine(FAM_NP);
  return val_incref(a);
}

/* A Python int beyond int64 against a numpy array (NumPy 2): a float array takes it as a float;
 * an integer or bool one cannot hold it (OverflowError), though comparisons are exact, the same
 * for every element. 0: not this case; 1: *big replaced by a float; 2: *r is the result. */
static int np_big_operand(Value *big, Value other, int cmp_op, Value *r) {
  if (!num_is_big(*big) || !lx_is_arr(other) || lx_family(other) != FAM_NP) return 0;
  Array *o = lx_arr(other);
  if (dt_is_float(o->dtype)) {
    double d;
    if (num_big_to_double(*big, &d) < 0) return -1;
    *big = val_float(d);
    return 1;
  }
  if (cmp_op < 0 || o->dtype == DT_BOOL) {   /* bool OP int goes through int64 */
    obj_raise(&exc_OverflowError, "Python int too large to convert to C long");
    return -1;
  }
  int pos = num_big_sign(*big) > 0;
  int c;
  if (cmp_op == CMP_EQ) c = 0;
  else if (cmp_op == CMP_NOTEQ) c = 1;
  else c = (cmp_op == CMP_LT || cmp_op == CMP_LTE) ? pos : !pos;   /* other OP big */
  Value in[2] = {other, other};
  Value t = lx_bind1(PRIM_eq, 2, in, NULL);   /* all True, shaped as other (ints) */
  if (!VAL_IS_NULL(t) && !c) {
    Value nt = lx_unary(PRIM_not, t);
    val_decref(t);
    t = nt;
  }
  if (VAL_IS_NULL(t)) return -1;
  *r = t;
  return 2;
}

Value lx_binary_slot(int opc, Value a, Value b) {
  int op = opc & ~OBJ_INPLACE;
  /* fast path: two arrays of one dtype and family */
  if ((op == OP_ADD || op == OP_SUB || op == OP_MULT) && !(opc & OBJ_INPLACE) &&
      lx_is_arr(a) && lx_is_arr(b) && a.u.o->type == b.u.o->type) {
    Array *x = ARROBJ(a.u.o)->a, *y = ARROBJ(b.u.o)->a;
    if (x->dtype == y->dtype && x->dtype != DT_BOOL &&
        (x->ndim == y->ndim || a.u.o->type != &lx_jax_type)) {
      Value in[2] = {a, b};
      return lx_bind1(op == OP_ADD ? PRIM_add : op == OP_SUB ? PRIM_sub : PRIM_mul, 2, in, NULL);
    }
  }
  Family f = lx_family2(a, b);
  if ((opc & OBJ_INPLACE) && lx_family(a) != FAM_NP) return obj_notimpl();
  Value r0;
  int kbig = np_big_operand(&a, b, -1, &r0);
  if (kbig == 0) kbig = np_big_operand(&b, a, -1, &r0);
  if (kbig < 0) return val_null();
  Value x, y;
  int ka = operand(a, f, &x);
  if (ka <= 0) return ka < 0 ? val_null() : obj_notimpl();
  int kb = operand(b, f, &y);
  if (kb <= 0) { val_decref(x); return kb < 0 ? val_null() : obj_notimpl(); }
  Value xy[2] = {x, y};
  Value r = (opc & OBJ_INPLACE)                     ? np_inplace(op, x, y)
            : op != OP_MATMULT && lx_check_broadcast(f, 2, xy) < 0 ? val_null()
                                                 : lx_arith(f, op, x, y);
  val_decref(x);
  val_decref(y);
  return r;
}

Value lx_compare_slot(Value a, Value b, int op) {
  static const PrimId ids[] = {[CMP_EQ] = PRIM_eq, [CMP_NOTEQ] = PRIM_ne, [CMP_LT] = PRIM_lt,
                               [CMP_LTE] = PRIM_le, [CMP_GT] = PRIM_gt, [CMP_GTE] = PRIM_ge};
  if (op < CMP_EQ || op > CMP_GTE) return obj_notimpl();
  Family f = lx_family2(a, b);
  /* big int OP array: flip the operator so np_big_operand sees array OP big */
  static const int flip[] = {[CMP_EQ] = CMP_EQ, [CMP_NOTEQ] = CMP_NOTEQ, [CMP_LT] = CMP_GT,
                             [CMP_LTE] = CMP_GTE, [CMP_GT] = CMP_LT, [CMP_GTE] = CMP_LTE};
  Value r0;
  int kbig = np_big_operand(&b, a, op, &r0);
  if (kbig == 0) kbig = np_big_operand(&a, b, flip[op], &r0);
  if (kbig < 0) return val_null();
  if (kbig == 2) return r0;
  Value x, y;
  int ka = operand(a, f, &x);
  if (ka <= 0) return ka < 0 ? val_null() : obj_notimpl();
  int kb = operand(b, f, &y);
  if (kb <= 0) { val_decref(x); return kb < 0 ? val_null() : obj_notimpl(); }
  Value r = lx_binary(f, ids[op], x, y);
  val_decref(x);
  val_decref(y);
  return r;
}

Value lx_unary_slot(int op, Value a) {
  AVal av;
  if (lx_aval(a, &av) < 0) return val_null();
  Family f = lx_family(a) == FAM_NP ? FAM_NP : FAM_JAX;
  switch (op) {
    case UOP_USUB:
      if (av.dtype == DT_BOOL)
        return obj_raise(&exc_TypeError,
                         f == FAM_NP ? "The numpy boolean negative, the `-` operator, is not "
                                       "supported, use the `~` operator or the logical_not "
                                       "function instead."
                                     : "neg does not accept dtype bool");
      return lx_unary(PRIM_neg, a);
    case UOP_UADD: return val_incref(a);
    case UOP_INVERT:
      if (dt_is_float(av.dtype)) return type_error_dtype("invert", av.dtype, f);
      return lx_unary(PRIM_not, a);
    case OBJ_UOP_ABS:
      if (av.dtype == DT_BOOL || dt_is_unsigned(av.dtype)) return val_incref(a);
      return lx_unary(PRIM_abs, a);
    default: return obj_notimpl();
  }
}

/* numpy scalars hash like the Python number they hold (dict keys); arrays are unhashable */
static int np_hash(Value self, int64_t *out) {
  ArrObj *o = ARROBJ(self.u.o);
  if (!o->npscalar) {
    obj_raise(&exc_TypeError, "unhashable type: 'numpy.ndarray'");
    return -1;
  }
  Value v = lx_item(o->a, 0);
  int r = op_hash(v, out);
  val_decref(v);
  return r;
}

/* {=== container protocol ===} */
static int arr_truth(Value self) {
  Array *a = lx_arr(self);
  if (a->size != 1) {
    if (a->size == 0)
      obj_raise(&exc_ValueError, "The truth value of an empty array is ambiguous. Use "
                                 "`array.size > 0` to check that an array is not empty.");
    else
      obj_raise(&exc_ValueError, "The truth value of an array with more than one element is "
                                 "ambiguous. Use a.any() or a.all()");
    return -1;
  }
  return dt_is_float(a->dtype) ? arr_get_f(a, 0) != 0 : arr_get_i(a, 0) != 0;
}

int lx_len_slot(Value self, int64_t *out) {
  AVal av;
  if (lx_aval(self, &av) < 0) return -1;
  if (av.ndim == 0) {
    obj_raise(&exc_TypeError, "len() of unsized object");
    return -1;
  }
  *out = av.shape[0];
  return 0;
}

Value lx_getitem_slot(Value self, Value key) { return lx_getitem(self, key); }

int lx_setitem_slot(Value self, Value key, Value v) {
  if (lx_family(self) == FAM_NP && !ARROBJ(self.u.o)->npscalar) {
    if (VAL_IS_NULL(v)) {
      obj_raise(&exc_ValueError, "cannot delete array elements");
      return -1;
    }
    return np_setitem(self, key, v);
  }
  if (lx_family(self) == FAM_NP) {
    obj_raise(&exc_TypeError, "'numpy.%s' object does not support item assignment",
              arr_dtypes[lx_arr(self)->dtype].name);
    return -1;
  }
  obj_raise(&exc_TypeError,
            "JAX arrays are immutable and do not support in-place item assignment. Instead of "
            "x[idx] = y, use x = x.at[idx].set(y) or another .at[] method: "
            "https://docs.jax.dev/en/latest/_autosummary/jax.numpy.ndarray.at.html");
  return -1;
}

/* iteration over the first axis */
typedef struct ArrIterObj { Obj ob; Value arr; int64_t i, n; } ArrIterObj;
static void it_dealloc(Obj *o) { val_decref(((ArrIterObj *)o)->arr); obj_free(o); }
static void it_traverse(Obj *o, VisitFn visit, void *arg) {
  Value v = ((ArrIterObj *)o)->arr;
  if (v.tag == V_OBJ) visit(v.u.o, arg);
}
static void it_clear(Obj *o) { val_clear(&((ArrIterObj *)o)->arr); }
static Value it_iter(Value self) { return val_incref(self); }
static int it_next(Value self, Value *out) {
  ArrIterObj *it = (ArrIterObj *)self.u.o;
  if (VAL_IS_NULL(it->arr) || it->i >= it->n) return 0;
  Value r = lx_getitem(it->arr, val_int(it->i));
  if (VAL_IS_NULL(r)) return -1;
  it->i++;
  *out = r;
  return 1;
}
static TypeObj lx_iter_type = {OBJ_TYPE_HEAD, .name = "array_iterator", .flags = TF_GC,
                                .dealloc = it_dealloc, .traverse = it_traverse,
                                .clear = it_clear, .iter = it_iter, .next = it_next};

Value lx_iter_slot(Value self) {
  AVal av;
  if (lx_aval(self, &av) < 0) return val_null();
  if (av.ndim == 0) return obj_raise(&exc_TypeError, "iteration over a 0-d array");
  ArrIterObj *it = obj_alloc(&lx_iter_type, sizeof(ArrIterObj));
  if (!it) return val_null();
  it->arr = val_incref(self);
  it->i = 0;
  it->n = av.shape[0];
  return val_obj(&it->ob);
}

Value lx_format_slot(Value self, Value spec) {
  /* as NumPy's ndarray.__format__ (which jax.Array uses): a 0-d array formats its Python
   * scalar, even with an empty spec ("{}" of a float32 prints the double's repr); any other
   * rank takes only the empty spec, as str() */
  const char *s = VAL_IS_STR(spec) ? str_cstr(spec) : "";
  AVal av;
  if (lx_aval(self, &av) < 0) return val_null();
  if (av.ndim > 0 || !lx_is_arr(self)) {
    if (!*s) return op_str(self);
    if (av.ndim > 0)
      return obj_raise(&exc_TypeError, "unsupported format string passed to numpy.ndarray.__format__");
  }
  Value c = lx_concrete(self, "format()");
  if (VAL_IS_NULL(c)) return c;
  Value item = lx_item(lx_arr(c), 0);
  Value r = VAL_IS_NULL(item) ? item : op_format(item, spec);
  val_decref(item);
  val_decref(c);
  return r;
}

/* {=== methods ===} */
static Family fam_of(Value self) { return lx_family(self) == FAM_NP ? FAM_NP : FAM_JAX; }

/* call numpy.<name> / jax.numpy.<name> with the same arguments (self first) */
static Value forward(const char *name, int argc, const Value *argv, Obj *kw) {
  Family f = fam_of(argv[0]);
  Value m = module_import(f == FAM_NP ? "numpy" : "jax.numpy");
  if (VAL_IS_NULL(m)) return m;
  Value fn = module_get(m, name);
  Value r;
  if (VAL_IS_NULL(fn))
    r = obj_raise(&exc_AttributeError, "'%s' object has no attribute '%s'",
                  op_type_name(argv[0]), name);
  else
    r = op_call(fn, argc, argv, kw);
  val_decref(m);
  return r;
}
#define FORWARD(name) \
  static Value m_##name(int argc, const Value *argv, Obj *kw) { return forward(#name, argc, argv, kw); }
FORWARD(sum) FORWARD(prod) FORWARD(max) FORWARD(min) FORWARD(mean) FORWARD(var) FORWARD(std)
FORWARD(argmax) FORWARD(argmin) FORWARD(any) FORWARD(all) FORWARD(cumsum) FORWARD(cumprod)
FORWARD(clip) FORWARD(round) FORWARD(argsort) FORWARD(nonzero) FORWARD(repeat)
FORWARD(diagonal) FORWARD(trace) FORWARD(take) FORWARD(squeeze) FORWARD(swapaxes) FORWARD(ravel)
FORWARD(dot) FORWARD(searchsorted) FORWARD(conj) FORWARD(conjugate)

Value lx_reshape_method(Value x, int argc, const Value *argv) {
  int64_t shape[ARR_MAXDIM];
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  int nd;
  if (argc == 1 && (is_seq(argv[0]))) {
    int64_t n = VAL_IS_TUPLE(argv[0]) ? TUPLE(argv[0].u.o)->len : LIST(argv[0].u.o)->len;
    const Value *it = VAL_IS_TUPLE(argv[0]) ? TUPLE(argv[0].u.o)->items : LIST(argv[0].u.o)->items;
    if (n > ARR_MAXDIM) return obj_raise(&exc_ValueError, "too many dimensions");
    for (int64_t i = 0; i < n; i++) if (lx_as_int(it[i], &shape[i]) < 0) return val_null();
    nd = (int)n;
  } else {
    if (argc > ARR_MAXDIM) return obj_raise(&exc_ValueError, "too many dimensions");
    for (int i = 0; i < argc; i++) if (lx_as_int(argv[i], &shape[i]) < 0) return val_null();
    nd = argc;
  }
  int64_t size = 1;
  for (int i = 0; i < av.ndim; i++) size *= av.shape[i];
  int neg = 0;
  for (int i = 0; i < nd; i++) {
    if (shape[i] == -1) neg++;
    else if (shape[i] < 0) return obj_raise(&exc_ValueError, "negative dimensions are not allowed");
  }
  if (neg > 1) return obj_raise(&exc_ValueError, "can only specify one unknown dimension");
  if (arr_resolve_reshape(size, nd, shape) < 0) {
    char b1[400];
    if (fam_of(x) == FAM_NP) {
      arr_shape_str(shape, nd, b1, sizeof b1);
      arr_err_clear();
      /* NumPy prints the requested shape as given (with -1 kept) */
      int64_t req[ARR_MAXDIM];
      int k = 0;
      if (argc == 1 && is_seq(argv[0])) {
        int64_t n = VAL_IS_TUPLE(argv[0]) ? TUPLE(argv[0].u.o)->len : LIST(argv[0].u.o)->len;
        const Value *it = VAL_IS_TUPLE(argv[0]) ? TUPLE(argv[0].u.o)->items : LIST(argv[0].u.o)->items;
        for (int64_t i = 0; i < n; i++) lx_as_int(it[i], &req[k++]);
      } else {
        for (int i = 0; i < argc; i++) lx_as_int(argv[i], &req[k++]);
      }
      /* numpy prints the requested shape as a tuple without spaces: (4,2) */
      char *o = b1;
      *o++ = '(';
      for (int i = 0; i < k && o < b1 + sizeof b1 - 32; i++)
        o += snprintf(o, 30, i ? ",%lld" : "%lld", (long long)req[i]);
      if (k == 1) *o++ = ',';
      *o++ = ')';
      *o = 0;
      return obj_raise(&exc_ValueError, "cannot reshape array of size %lld into shape %s",
                       (long long)size, b1);
    }
    return lx_raise_engine(FAM_JAX);
  }
  return lx_reshape(x, nd, shape);
}

static Value m_reshape(int argc, const Value *argv, Obj *kw) {
  int nkw = func_kwcount(kw);
  for (int i = 0; i < nkw; i++) {
    const char *k = func_kwname(kw, i);
    if (strcmp(k, "order") && strcmp(k, "shape") && strcmp(k, "newshape"))
      return obj_raise(&exc_TypeError, "reshape() got an unexpected keyword argument '%s'", k);
    if (!strcmp(k, "order")) {
      Value o = argv[argc + i];
      if (!VAL_IS_STR(o) || strcmp(str_cstr(o), "C"))
        return obj_raise(&exc_NotImplementedError, "reshape: only order='C' is supported");
    } else {
      return lx_reshape_method(argv[0], 1, &argv[argc + i]);
    }
  }
  if (argc < 2) return obj_raise(&exc_TypeError, "reshape() missing required argument 'shape'");
  return lx_reshape_method(argv[0], argc - 1, argv + 1);
}

Value lx_transpose_method(Value x, int argc, const Value *argv) {
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  int perm[ARR_MAXDIM];
  const Value *it = argv;
  int64_t n = argc;
  if (argc == 1 && VAL_IS_NONE(argv[0])) n = 0;
  else if (argc == 1 && is_seq(argv[0])) {
    n = VAL_IS_TUPLE(argv[0]) ? TUPLE(argv[0].u.o)->len : LIST(argv[0].u.o)->len;
    it = VAL_IS_TUPLE(argv[0]) ? TUPLE(argv[0].u.o)->items : LIST(argv[0].u.o)->items;
  }
  if (n == 0) return lx_transpose(x, NULL);
  if (n != av.ndim) return obj_raise(&exc_ValueError, "axes don't match array");
  int seen[ARR_MAXDIM] = {0};
  for (int i = 0; i < n; i++) {
    if (lx_parse_axis(it[i], av.ndim, &perm[i]) < 0) return val_null();
    if (seen[perm[i]]++) return obj_raise(&exc_ValueError, "repeated axis in transpose");
  }
  return lx_transpose(x, perm);
}

static Value m_transpose(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("transpose", argc, kw, 1, 1 + ARR_MAXDIM) < 0) return val_null();
  return lx_transpose_method(argv[0], argc - 1, argv + 1);
}

static Value m_astype(int argc, const Value *argv, Obj *kw) {
  Value a[7];
  if (func_parse_args("astype", argc, argv, kw, "self,dtype|order,casting,subok,copy,$device", a) < 0)
    return val_null();
  Family f = fam_of(argv[0]);
  int d = lx_parse_dtype(a[1], f);
  if (d == -2) return val_null();
  if (d == -1) return obj_raise(&exc_TypeError, "astype: dtype must not be None");
  return lx_astype(argv[0], d, f);
}

Value lx_astype(Value x, int d, Family f) {
  if (f == FAM_NP) {
    Array *a = lx_arr(x);
    if (!a) return obj_raise(&exc_TypeError, "astype: expected an array");
    Array *c;
    if ((int)a->dtype == d) c = arr_copy(a);
    else {
      PConvert pc = {(DType)d, 0, 0};
      c = prim_unary(PRIM_convert, a, &pc);
      if (c && c->buf == a->buf) { Array *cc = arr_copy(c); arr_release(c); c = cc; }
    }
    if (!c) return lx_raise_engine(f);
    return ARROBJ(x.u.o)->npscalar ? lx_wrap_scalar(c, f) : lx_wrap(c, f);
  }
  return lx_convert(x, (DType)d, 0);
}

static Value m_tolist(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("tolist", argc, kw, 1, 1) < 0) return val_null();
  Value c = lx_concrete(argv[0], "tolist()");
  if (VAL_IS_NULL(c)) return c;
  Value r = lx_tolist(lx_arr(c));
  val_decref(c);
  return r;
}

static Value m_item(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("item", argc, kw, 1, 1 + ARR_MAXDIM) < 0) return val_null();
  Value c = lx_concrete(argv[0], "item()");
  if (VAL_IS_NULL(c)) return c;
  Array *a = lx_arr(c);
  Value r;
  if (argc == 1) {
    r = a->size == 1 ? lx_item(a, 0)
                     : obj_raise(&exc_ValueError, "can only convert an array of size 1 to a "
                                                  "Python scalar");
  } else if (argc == 2) {
    int64_t i;
    if (lx_as_int(argv[1], &i) < 0) r = val_null();
    else {
      if (i < 0) i += a->size;
      r = (i < 0 || i >= a->size) ? obj_raise(&exc_IndexError, "index %lld is out of bounds "
                                              "for size %lld", (long long)i, (long long)a->size)
                                  : lx_item(a, i);
    }
  } else {
    if (argc - 1 != a->ndim) r = obj_raise(&exc_ValueError, "incorrect number of indices for array");
    else {
      int64_t flat = 0;
      r = val_null();
      int ok = 1;
      for (int k = 0; k < a->ndim && ok; k++) {
        int64_t i;
        if (lx_as_int(argv[1 + k], &i) < 0) { ok = 0; break; }
        if (i < 0) i += a->shape[k];
        if (i < 0 || i >= a->shape[k]) {
          obj_raise(&exc_IndexError, "index %lld is out of bounds for axis %d with size %lld",
                    (long long)i, k, (long long)a->shape[k]);
          ok = 0;
          break;
        }
        flat = flat * a->shape[k] + i;
      }
      if (ok) r = lx_item(a, flat);
    }
  }
  val_decref(c);
  return r;
}

static Value scalar_conv(Value self, const char *what, int kind) {
  Value c = lx_concrete(self, what);
  if (VAL_IS_NULL(c)) return c;
  Array *a = lx_arr(c);
  Value r;
  if (a->ndim != 0) {
    r = obj_raise(&exc_TypeError, "only 0-dimensional arrays can be converted to Python scalars");
  } else if (kind == 'f') {
    r = val_float(arr_get_f(a, 0));
  } else if (kind == 'x' && !dt_is_int(a->dtype) && a->dtype != DT_BOOL) {
    r = obj_raise(&exc_TypeError, "only integer scalar arrays can be converted to a scalar index");
  } else if (dt_is_float(a->dtype)) {
    double d = arr_get_f(a, 0);
    if (isnan(d)) r = obj_raise(&exc_ValueError, "cannot convert float NaN to integer");
    else if (isinf(d)) r = obj_raise(&exc_OverflowError, "cannot convert float infinity to integer");
    else if (fabs(d) >= 9.2233720368547758e18) r = obj_raise(&exc_OverflowError, "int too large");
    else r = val_int((int64_t)d);
  } else {
    r = val_int(arr_get_i(a, 0));
  }
  val_decref(c);
  return r;
}
static Value m_float(int argc, const Value *argv, Obj *kw) { return scalar_conv(argv[0], "float()", 'f'); }
static Value m_int(int argc, const Value *argv, Obj *kw) { return scalar_conv(argv[0], "int()", 'i'); }
static Value m_index(int argc, const Value *argv, Obj *kw) { return scalar_conv(argv[0], "an index", 'x'); }
static Value m_bool(int argc, const Value *argv, Obj *kw) {
  Value c = lx_concrete(argv[0], "bool()");
  if (VAL_IS_NULL(c)) return c;
  int t = arr_truth(c);
  val_decref(c);
  return t < 0 ? val_null() : val_bool(t);
}

/* round(x[, ndigits]): a 0-d value without ndigits rounds to a Python int (half to even) */
static Value m_round_dunder(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__round__", argc, kw, 1, 2) < 0) return val_null();
  Value self = argv[0];
  if (argc == 1 || VAL_IS_NONE(argv[1])) {
    AVal av;
    if (lx_aval(self, &av) < 0) return val_null();
    if (av.ndim == 0) {
      Value c = lx_concrete(self, "round()");
      if (VAL_IS_NULL(c)) return c;
      Array *a = lx_arr(c);
      Value r;
      if (dt_is_float(a->dtype)) {
        double d = nearbyint(arr_get_f(a, 0));
        r = !isfinite(d) ? obj_raise(isnan(d) ? &exc_ValueError : &exc_OverflowError,
                                     isnan(d) ? "cannot convert float NaN to integer"
                                              : "cannot convert float infinity to integer")
                         : val_int((int64_t)d);
      } else {
        r = val_int(arr_get_i(a, 0));
      }
      val_decref(c);
      return r;
    }
    return forward("round", 1, argv, NULL);
  }
  return forward("round", 2, argv, NULL);
}

/* tobytes(): the elements in C order as bytes */
static Value m_tobytes(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("tobytes", argc - 1, kw, 0, 0) < 0) return val_null();
  Value c = lx_concrete(argv[0], "tobytes()");
  if (VAL_IS_NULL(c)) return c;
  Array *a = arr_copy(lx_arr(c));
  val_decref(c);
  if (!a) return val_null();
  Value r = bytes_new(arr_data(a), (size_t)(a->size * dt_size(a->dtype)));
  arr_release(a);
  return r;
}

static Value m_copy(int argc, const Value *argv, Obj *kw) {
  Value self = argv[0];
  Family f = fam_of(self);
  if (f == FAM_NP) {
    Array *c = arr_copy(lx_arr(self));
    return ARROBJ(self.u.o)->npscalar ? lx_wrap_scalar(c, f) : lx_wrap(c, f);
  }
  return lx_unary(PRIM_copy, self);
}

static Value m_block(int argc, const Value *argv, Obj *kw) { return val_incref(argv[0]); }

static Value m_flatten(int argc, const Value *argv, Obj *kw) {
  AVal av;
  if (lx_aval(argv[0], &av) < 0) return val_null();
  int64_t n = 1;
  for (int i = 0; i < av.ndim; i++) n *= av.shape[i];
  Value r = lx_reshape(argv[0], 1, &n);
  if (VAL_IS_NULL(r) || fam_of(argv[0]) != FAM_NP) return r;
  Array *a = lx_arr(r);
  if (a && a->buf == lx_arr(argv[0])->buf) {   /* flatten always copies in numpy */
    Value c = lx_wrap(arr_copy(a), FAM_NP);
    val_decref(r);
    return c;
  }
  return r;
}

static Value m_fill(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("fill", argc, kw, 2, 2) < 0) return val_null();
  if (fam_of(argv[0]) != FAM_NP) return obj_raise(&exc_AttributeError, "'Array' object has no attribute 'fill'");
  if (np_setitem(argv[0], val_obj(&iter_ellipsis_obj), argv[1]) < 0) return val_null();
  return val_none();
}

static Value m_sort(int argc, const Value *argv, Obj *kw) {
  Value r = forward("sort", argc, argv, kw);
  if (VAL_IS_NULL(r) || fam_of(argv[0]) != FAM_NP) return r;
  /* numpy sorts in place and returns None */
  Array *dst = lx_arr(argv[0]), *src = lx_arr(r);
  int rc = (dst && src) ? arr_assign(dst, src) : 0;
  val_decref(r);
  if (rc < 0) return lx_raise_engine(FAM_NP);
  return val_none();
}

static Value m_view(int argc, const Value *argv, Obj *kw) {
  if (argc > 1 || func_kwcount(kw))
    return obj_raise(&exc_NotImplementedError, "view(dtype) is not supported");
  Array *a = lx_arr(argv[0]);
  if (!a) return val_incref(argv[0]);
  int perm[ARR_MAXDIM];
  for (int i = 0; i < a->ndim; i++) perm[i] = i;
  return lx_wrap(arr_view_transpose(a, perm), fam_of(argv[0]));
}

static Value m_array_namespace(int argc, const Value *argv, Obj *kw) {
  return module_import(fam_of(argv[0]) == FAM_NP ? "numpy" : "jax.numpy");
}

static Value m_devices(int argc, const Value *argv, Obj *kw);
const MethodDef lx_arr_methods[] = {
    {"reshape", m_reshape, "reshape(*shape)", 0},
    {"transpose", m_transpose, "transpose(*axes)", 0},
    {"astype", m_astype, "astype(dtype)", 0},
    {"tolist", m_tolist, "tolist()", 0},
    {"tobytes", m_tobytes, "tobytes()\nThe elements in C order as bytes.", 0},
    {"item", m_item, "item(*args)", 0},
    {"copy", m_copy, "copy()", 0},
    {"flatten", m_flatten, "flatten()", 0},
    {"fill", m_fill, "fill(value)", 0},
    {"sort", m_sort, "sort(axis=-1)", 0},
    {"view", m_view, "view()", 0},
    {"block_until_ready", m_block, "block_until_ready()", 0},
    {"devices", m_devices, "devices(): the set of devices holding the array", 0},
    {"__float__", m_float, NULL, 0},
    {"__int__", m_int, NULL, 0},
    {"__index__", m_index, NULL, 0},
    {"__bool__", m_bool, NULL, 0},
    {"__round__", m_round_dunder, NULL, 0},
    {"__array_namespace__", m_array_namespace, NULL, 0},
    {"sum", m_sum, "sum(axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None)", 0},
    {"prod", m_prod, "prod(axis=None, dtype=None, out=None, keepdims=False)", 0},
    {"max", m_max, "max(axis=None, out=None, keepdims=False)", 0},
    {"min", m_min, "min(axis=None, out=None, keepdims=False)", 0},
    {"mean", m_mean, "mean(axis=None, dtype=None, out=None, keepdims=False)", 0},
    {"var", m_var, "var(axis=None, dtype=None, out=None, ddof=0, keepdims=False)", 0},
    {"std", m_std, "std(axis=None, dtype=None, out=None, ddof=0, keepdims=False)", 0},
    {"argmax", m_argmax, "argmax(axis=None)", 0},
    {"argmin", m_argmin, "argmin(axis=None)", 0},
    {"any", m_any, "any(axis=None, keepdims=False)", 0},
    {"all", m_all, "all(axis=None, keepdims=False)", 0},
    {"cumsum", m_cumsum, "cumsum(axis=None, dtype=None)", 0},
    {"cumprod", m_cumprod, "cumprod(axis=None, dtype=None)", 0},
    {"clip", m_clip, "clip(min=None, max=None)", 0},
    {"round", m_round, "round(decimals=0)", 0},
    {"argsort", m_argsort, "argsort(axis=-1)", 0},
    {"nonzero", m_nonzero, "nonzero()", 0},
    {"repeat", m_repeat, "repeat(repeats, axis=None)", 0},
    {"diagonal", m_diagonal, "diagonal(offset=0, axis1=0, axis2=1)", 0},
    {"trace", m_trace, "trace(offset=0)", 0},
    {"take", m_take, "take(indices, axis=None)", 0},
    {"squeeze", m_squeeze, "squeeze(axis=None)", 0},
    {"swapaxes", m_swapaxes, "swapaxes(axis1, axis2)", 0},
    {"ravel", m_ravel, "ravel()", 0},
    {"dot", m_dot, "dot(b)", 0},
    {"searchsorted", m_searchsorted, "searchsorted(v, side='left')", 0},
    {"conj", m_conj, "conj()", 0},
    {"conjugate", m_conjugate, "conjugate()", 0},
    {NULL}};

/* {=== attributes ===} */
static Value g_shape(Value self) {
  AVal av;
  if (lx_aval(self, &av) < 0) return val_null();
  Value t = tuple_new(av.ndim);
  if (VAL_IS_NULL(t)) return t;
  for (int i = 0; i < av.ndim; i++) TUPLE_SET(t, i, val_int(av.shape[i]));
  return t;
}
static Value g_dtype(Value self) {
  AVal av;
  if (lx_aval(self, &av) < 0) return val_null();
  return lx_dtype_obj(av.dtype, fam_of(self));
}
static Value g_ndim(Value self) {
  AVal av;
  if (lx_aval(self, &av) < 0) return val_null();
  return val_int(av.ndim);
}
static Value g_size(Value self) {
  AVal av;
  if (lx_aval(self, &av) < 0) return val_null();
  int64_t n = 1;
  for (int i = 0; i < av.ndim; i++) n *= av.shape[i];
  return val_int(n);
}
static Value g_itemsize(Value self) {
  AVal av;
  if (lx_aval(self, &av) < 0) return val_null();
  return val_int(dt_size(av.dtype));
}
static Value g_nbytes(Value self) {
  AVal av;
  if (lx_aval(self, &av) < 0) return val_null();
  int64_t n = dt_size(av.dtype);
  for (int i = 0; i < av.ndim; i++) n *= av.shape[i];
  return val_int(n);
}
static Value g_T(Value self) { return lx_transpose(self, NULL); }
static Value g_mT(Value self) {
  AVal av;
  if (lx_aval(self, &av) < 0) return val_null();
  if (av.ndim < 2) return obj_raise(&exc_ValueError, "matrix transpose with ndim < 2 is undefined");
  int perm[ARR_MAXDIM];
  for (int i = 0; i < av.ndim; i++) perm[i] = i;
  perm[av.ndim - 1] = av.ndim - 2;
  perm[av.ndim - 2] = av.ndim - 1;
  return lx_transpose(self, perm);
}
static Value g_weak(Value self) {
  AVal av;
  if (lx_aval(self, &av) < 0) return val_null();
  return val_bool(av.weak);
}
static Value g_strides(Value self) {
  Array *a = lx_arr(self);
  if (!a) return obj_raise(&exc_AttributeError, "strides");
  Value t = tuple_new(a->ndim);
  if (VAL_IS_NULL(t)) return t;
  for (int i = 0; i < a->ndim; i++) TUPLE_SET(t, i, val_int(a->strides[i] * dt_size(a->dtype)));
  return t;
}
static Value g_real(Value self) { return val_incref(self); }
static Value g_imag(Value self) {
  AVal av;
  if (lx_aval(self, &av) < 0) return val_null();
  return lx_fill(fam_of(self), av.dtype, av.ndim, av.shape, 0, av.weak);
}
static Value g_base(Value self) { return val_none(); }
static Value g_device(Value self) {
  if (lx_family(self) == FAM_NP) return str_from_cstr("cpu");
  return lx_array_device(self);
}
static Value m_devices(int argc, const Value *argv, Obj *kw) {
  return lx_array_devices(argc > 0 ? argv[0] : val_none());
}

/* .at[idx].op(v): two small helper objects */
typedef struct AtObj { Obj ob; Value arr; Value key; } AtObj;
static void at_dealloc(Obj *o) {
  val_decref(((AtObj *)o)->arr);
  val_decref(((AtObj *)o)->key);
  obj_free(o);
}
static void at_traverse(Obj *o, VisitFn visit, void *arg) {
  AtObj *a = (AtObj *)o;
  if (a->arr.tag == V_OBJ) visit(a->arr.u.o, arg);
  if (a->key.tag == V_OBJ) visit(a->key.u.o, arg);
}
static void at_clear(Obj *o) { val_clear(&((AtObj *)o)->arr); val_clear(&((AtObj *)o)->key); }
static TypeObj at_ref_type;
static Value at_getitem(Value self, Value key) {
  AtObj *r = obj_alloc(&at_ref_type, sizeof(AtObj));
  if (!r) return val_null();
  r->arr = val_incref(((AtObj *)self.u.o)->arr);
  r->key = val_incref(key);
  return val_obj(&r->ob);
}
static Value at_repr(Value self) { return str_from_cstr("_IndexUpdateHelper"); }
static TypeObj at_type = {OBJ_TYPE_HEAD, .name = "_IndexUpdateHelper", .flags = TF_GC,
                          .dealloc = at_dealloc, .traverse = at_traverse, .clear = at_clear,
                          .getitem = at_getitem, .repr = at_repr};

#define AT_OP(name)                                                                     \
  static Value at_##name(int argc, const Value *argv, Obj *kw) {                        \
    AtObj *r = (AtObj *)argv[0].u.o;                                                    \
    return lx_at_update(r->arr, r->key, #name, argc > 1 ? argv[1] : val_null(), kw,     \
                        argc - 1, argv + 1);                                            \
  }
AT_OP(set) AT_OP(add) AT_OP(multiply) AT_OP(mul) AT_OP(divide) AT_OP(power) AT_OP(min)
AT_OP(max) AT_OP(get) AT_OP(apply) AT_OP(subtract)
static const MethodDef at_ref_methods[] = {
    {"set", at_set, "set(values)", 0}, {"add", at_add, "add(values)", 0},
    {"multiply", at_multiply, "multiply(values)", 0}, {"mul", at_mul, "mul(values)", 0},
    {"divide", at_divide, "divide(values)", 0}, {"power", at_power, "power(values)", 0},
    {"min", at_min, "min(values)", 0}, {"max", at_max, "max(values)", 0},
    {"get", at_get, "get()", 0}, {"apply", at_apply, "apply(ufunc)", 0},
    {"subtract", at_subtract, "subtract(values)", 0}, {NULL}};
static Value at_ref_repr(Value self) { return str_from_cstr("_IndexUpdateRef"); }
static TypeObj at_ref_type = {OBJ_TYPE_HEAD, .name = "_IndexUpdateRef", .flags = TF_GC,
                              .dealloc = at_dealloc, .traverse = at_traverse, .clear = at_clear,
                              .methods = at_ref_methods, .repr = at_ref_repr};

static Value g_at(Value self) {
  if (lx_family(self) == FAM_NP)
    return obj_raise(&exc_AttributeError, "'numpy.ndarray' object has no attribute 'at'");
  AtObj *a = obj_alloc(&at_type, sizeof(AtObj));
  if (!a) return val_null();
  a->arr = val_incref(self);
  a->key = val_none();
  return val_obj(&a->ob);
}

const GetSetDef lx_arr_getset[] = {
    {"shape", g_shape, NULL, "tuple of array dimensions"},
    {"dtype", g_dtype, NULL, "data type of the elements"},
    {"ndim", g_ndim, NULL, "number of dimensions"},
    {"size", g_size, NULL, "number of elements"},
    {"itemsize", g_itemsize, NULL, "bytes per element"},
    {"nbytes", g_nbytes, NULL, "bytes of the elements"},
    {"T", g_T, NULL, "the transposed array"},
    {"mT", g_mT, NULL, "transpose of the last two axes"},
    {"at", g_at, NULL, "functional updates: x.at[idx].set(y)"},
    {"weak_type", g_weak, NULL, "JAX weak type flag"},
    {"strides", g_strides, NULL, "bytes to step in each dimension"},
    {"real", g_real, NULL, NULL},
    {"imag", g_imag, NULL, NULL},
    {"base", g_base, NULL, NULL},
    {"device", g_device, NULL, "the device holding the array"},
    {"sharding", lx_array_sharding, NULL, "how the array is laid out over devices"},
    {NULL}};

/* {=== the types ===} */
static Value np_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  /* np.ndarray(shape, dtype=float) */
  Value a[2];
  if (func_parse_args("ndarray", argc, argv, kw, "shape|dtype", a) < 0) return val_null();
  int64_t shape[ARR_MAXDIM];
  int nd = lx_parse_shape(a[0], shape);
  if (nd < 0) return val_null();
  int d = lx_parse_dtype(a[1], FAM_NP);
  if (d == -2) return val_null();
  return lx_full(FAM_NP, d < 0 ? DT_FLOAT64 : (DType)d, nd, shape, 0);
}

TypeObj lx_jax_type = {OBJ_TYPE_HEAD, .name = "ArrayImpl", .doc = "a JAX array (immutable)",
                        .flags = 0, .dealloc = arr_dealloc, .repr = np_array_repr,
                        .str = np_array_str, .compare = lx_compare_slot,
                        .binary = lx_binary_slot, .unary = lx_unary_slot, .truth = arr_truth,
                        .len = lx_len_slot, .getitem = lx_getitem_slot,
                        .setitem = lx_setitem_slot, .iter = lx_iter_slot,
                        .format = lx_format_slot, .methods = lx_arr_methods, .getset = lx_arr_getset};

TypeObj lx_np_type = {OBJ_TYPE_HEAD, .name = "ndarray", .doc = "a NumPy array",
                       .flags = 0, .dealloc = arr_dealloc, .new = np_new, .repr = np_array_repr,
                       .hash = np_hash,
                       .str = np_array_str, .compare = lx_compare_slot,
                       .binary = lx_binary_slot, .unary = lx_unary_slot, .truth = arr_truth,
                       .len = lx_len_slot, .getitem = lx_getitem_slot,
                       .setitem = lx_setitem_slot, .iter = lx_iter_slot,
                       .format = lx_format_slot, .methods = lx_arr_methods, .getset = lx_arr_getset};
