/* np_math.c - elementwise functions of numpy / jax.numpy (the ufuncs): one table of unary and
 * binary functions bound to primitives, plus where, clip and round. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "arrobj.h"


enum {
  UF_FLOAT,      /* ints and bools become the default float first */
  UF_SAME,       /* same dtype out */
  UF_ROUNDING,   /* floor/ceil/trunc: identity on ints and bools */
  UF_RINT,       /* round to nearest even; ints become floats (numpy's rint) */
  UF_TEST,       /* isnan/isinf/isfinite: bool out, constant for non-floats */
  UF_LNOT,       /* logical_not */
  UF_INVERT,     /* bitwise not */
  UF_IDENT,      /* positive / conj / real */
  UF_SQUARE,
  UF_RECIP,
  UF_SCALE,      /* deg2rad etc.: float, multiplied by a constant */
  UF_ABS, UF_NEG, UF_FABS
};

typedef struct UFunc1 { const char *name; PrimId id; int kind; double c; } UFunc1;
static const UFunc1 ufuncs1[] = {
    {"exp", PRIM_exp, UF_FLOAT, 0}, {"exp2", PRIM_exp2, UF_FLOAT, 0},
    {"log", PRIM_log, UF_FLOAT, 0}, {"log2", PRIM_log2, UF_FLOAT, 0},
    {"log10", PRIM_log10, UF_FLOAT, 0}, {"log1p", PRIM_log1p, UF_FLOAT, 0},
    {"expm1", PRIM_expm1, UF_FLOAT, 0}, {"sqrt", PRIM_sqrt, UF_FLOAT, 0},
    {"cbrt", PRIM_cbrt, UF_FLOAT, 0}, {"sin", PRIM_sin, UF_FLOAT, 0},
    {"cos", PRIM_cos, UF_FLOAT, 0}, {"tan", PRIM_tan, UF_FLOAT, 0},
    {"arcsin", PRIM_asin, UF_FLOAT, 0}, {"arccos", PRIM_acos, UF_FLOAT, 0},
    {"arctan", PRIM_atan, UF_FLOAT, 0}, {"asin", PRIM_asin, UF_FLOAT, 0},
    {"acos", PRIM_acos, UF_FLOAT, 0}, {"atan", PRIM_atan, UF_FLOAT, 0},
    {"sinh", PRIM_sinh, UF_FLOAT, 0}, {"cosh", PRIM_cosh, UF_FLOAT, 0},
    {"tanh", PRIM_tanh, UF_FLOAT, 0}, {"arcsinh", PRIM_asinh, UF_FLOAT, 0},
    {"arccosh", PRIM_acosh, UF_FLOAT, 0}, {"arctanh", PRIM_atanh, UF_FLOAT, 0},
    {"asinh", PRIM_asinh, UF_FLOAT, 0}, {"acosh", PRIM_acosh, UF_FLOAT, 0},
    {"atanh", PRIM_atanh, UF_FLOAT, 0},
    {"negative", PRIM_neg, UF_NEG, 0}, {"positive", PRIM_copy, UF_IDENT, 0},
    {"absolute", PRIM_abs, UF_ABS, 0}, {"abs", PRIM_abs, UF_ABS, 0},
    {"fabs", PRIM_abs, UF_FABS, 0}, {"sign", PRIM_sign, UF_SAME, 0},
    {"floor", PRIM_floor, UF_ROUNDING, 0}, {"ceil", PRIM_ceil, UF_ROUNDING, 0},
    {"trunc", PRIM_floor, UF_ROUNDING, 1}, {"fix", PRIM_floor, UF_ROUNDING, 1},
    {"rint", PRIM_round, UF_RINT, 0},
    {"isnan", PRIM_is_nan, UF_TEST, 0}, {"isinf", PRIM_is_inf, UF_TEST, 0},
    {"isfinite", PRIM_is_finite, UF_TEST, 1},
    {"logical_not", PRIM_not, UF_LNOT, 0},
    {"invert", PRIM_not, UF_INVERT, 0}, {"bitwise_not", PRIM_not, UF_INVERT, 0},
    {"bitwise_invert", PRIM_not, UF_INVERT, 0},
    {"conj", PRIM_copy, UF_IDENT, 0}, {"conjugate", PRIM_copy, UF_IDENT, 0},
    {"real", PRIM_copy, UF_IDENT, 0},
    {"square", PRIM_mul, UF_SQUARE, 0}, {"reciprocal", PRIM_div, UF_RECIP, 0},
    {"deg2rad", PRIM_mul, UF_SCALE, M_PI / 180}, {"radians", PRIM_mul, UF_SCALE, M_PI / 180},
    {"rad2deg", PRIM_mul, UF_SCALE, 180 / M_PI}, {"degrees", PRIM_mul, UF_SCALE, 180 / M_PI},
    {"erf", PRIM_erf, UF_FLOAT, 0}, {"erfc", PRIM_erfc, UF_FLOAT, 0},
    {"erfinv", PRIM_erf_inv, UF_FLOAT, 0}, {"gammaln", PRIM_lgamma, UF_FLOAT, 0},
    {"expit", PRIM_logistic, UF_FLOAT, 0},
};
#define N_UF1 (int)(sizeof ufuncs1 / sizeof ufuncs1[0])

static Value type_err(const char *name, DType d, Family f) {
  if (f == FAM_NP)
    return obj_raise(&exc_TypeError, "ufunc '%s' not supported for the input types, and the "
                                     "inputs could not be safely coerced to any supported types "
                                     "according to the casting rule ''safe''", name);
  return obj_raise(&exc_TypeError, "%s does not accept dtype %s", name, arr_dtypes[d].name);
}

static Value apply1(const UFunc1 *u, Family f, Value x0) {
  Value x = lx_asarray(x0, f, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  AVal av;
  Value r = val_null();
  if (lx_aval(x, &av) < 0) goto out;
  DType d = av.dtype;
  int isf = dt_is_float(d);
  switch (u->kind) {
    case UF_FLOAT: case UF_FABS: case UF_SCALE: {
      Value y = isf ? val_incref(x) : lx_convert(x, arr_default_float(lx_promo(f)), av.weak);
      if (VAL_IS_NULL(y)) goto out;
      if (u->kind == UF_FABS) r = lx_unary(PRIM_abs, y);
      else if (u->kind == UF_SCALE) r = lx_binary(f, PRIM_mul, y, val_float(u->c));
      else r = lx_unary(u->id, y);
      val_decref(y);
      break;
    }
    case UF_SAME:
      if (d == DT_BOOL) { r = type_err(u->name, d, f); break; }
      if (u->id == PRIM_sign && dt_is_unsigned(d)) {
        Value z = lx_binary(f, PRIM_ne, x, val_int(0));
        if (!VAL_IS_NULL(z)) { r = lx_convert(z, d, 0); val_decref(z); }
        break;
      }
      r = lx_unary(u->id, x);
      break;
    case UF_NEG:
      if (d == DT_BOOL) { r = op_unary(UOP_USUB, x); break; }
      r = lx_unary(PRIM_neg, x);
      break;
    case UF_ABS:
      if (d == DT_BOOL || dt_is_unsigned(d)) { r = val_incref(x); break; }
      r = lx_unary(PRIM_abs, x);
      break;
    case UF_ROUNDING:
      if (!isf) { r = val_incref(x); break; }
      if (u->c == 1) {   /* trunc: floor for positives, ceil for negatives */
        Value fl = lx_unary(PRIM_floor, x), ce = lx_unary(PRIM_ceil, x);
        Value neg = lx_binary(f, PRIM_lt, x, val_int(0));
        if (!VAL_IS_NULL(fl) && !VAL_IS_NULL(ce) && !VAL_IS_NULL(neg)) r = lx_select(neg, ce, fl);
        val_decref(fl); val_decref(ce); val_decref(neg);
        break;
      }
      r = lx_unary(u->id, x);
      break;
    case UF_RINT: {
      Value y = isf ? val_incref(x) : lx_convert(x, arr_default_float(lx_promo(f)), av.weak);
      if (VAL_IS_NULL(y)) goto out;
      r = lx_unary(PRIM_round, y);
      val_decref(y);
      break;
    }
    case UF_TEST:
      if (!isf) { r = lx_fill(f, DT_BOOL, av.ndim, av.shape, u->c, 0); break; }
      r = lx_unary(u->id, x);
      break;
    case UF_LNOT: {
      Value b = lx_convert(x, DT_BOOL, 0);
      if (VAL_IS_NULL(b)) goto out;
      r = lx_unary(PRIM_not, b);
      val_decref(b);
      break;
    }
    case UF_INVERT:
      if (isf) { r = type_err(u->name, d, f); break; }
      r = lx_unary(PRIM_not, x);
      break;
    case UF_IDENT:
      if (u->id == PRIM_copy && !strcmp(u->name, "positive") && d == DT_BOOL) {
        r = type_err(u->name, d, f);
        break;
      }
      r = val_incref(x);
      break;
    case UF_SQUARE:
      if (d == DT_BOOL) {
        Value y = lx_convert(x, f == FAM_NP ? DT_INT64 : arr_default_int(lx_promo(f)), 0);
        if (VAL_IS_NULL(y)) goto out;
        r = lx_arith(f, OP_MULT, y, y);
        val_decref(y);
        break;
      }
      r = lx_arith(f, OP_MULT, x, x);
      break;
    case UF_RECIP:
      if (isf) {
        Value one = lx_full(f, d, 0, av.shape, 1);
        if (VAL_IS_NULL(one)) goto out;
        Value in[2] = {one, x};
        r = lx_bind1(PRIM_div, 2, in, NULL);
        val_decref(one);
      } else {
        r = lx_arith(f, OP_FLOORDIV, val_int(1), x);
      }
      break;
  }
out:
  val_decref(x);
  return r;
}

typedef struct Bound { const void *entry; Family fam; } Bound;

static Value call1(void *data, int argc, const Value *argv, Obj *kw) {
  const Bound *b = data;
  const UFunc1 *u = b->entry;
  Value a[4];
  if (func_parse_args(u->name, argc, argv, kw, "x|out,$where,dtype", a) < 0) return val_null();
  if (!VAL_IS_NULL(a[1]) && !VAL_IS_NONE(a[1]))
    return obj_raise(&exc_NotImplementedError, "%s: out= is not supported", u->name);
  Value r = apply1(u, b->fam, a[0]);
  if (!VAL_IS_NULL(r) && !VAL_IS_NULL(a[3]) && !VAL_IS_NONE(a[3])) {
    int d = lx_parse_dtype(a[3], b->fam);
    if (d == -2) { val_decref(r); return val_null(); }
    if (d >= 0) { Value c = lx_astype(r, d, b->fam); val_decref(r); r = c; }
  }
  return r;
}

/* {=== binary ===} */
enum { UB_ARITH, UB_PRIM, UB_FLOATPRIM, UB_LOGICAL, UB_CMP, UB_FLOAT_POWER };
typedef struct UFunc2 { const char *name; int kind; int op; PrimId id; } UFunc2;
static const UFunc2 ufuncs2[] = {
    {"add", UB_ARITH, OP_ADD, 0}, {"subtract", UB_ARITH, OP_SUB, 0},
    {"multiply", UB_ARITH, OP_MULT, 0}, {"divide", UB_ARITH, OP_DIV, 0},
    {"true_divide", UB_ARITH, OP_DIV, 0}, {"floor_divide", UB_ARITH, OP_FLOORDIV, 0},
    {"mod", UB_ARITH, OP_MOD, 0}, {"remainder", UB_ARITH, OP_MOD, 0},
    {"power", UB_ARITH, OP_POW, 0}, {"pow", UB_ARITH, OP_POW, 0},
    {"left_shift", UB_ARITH, OP_LSHIFT, 0}, {"right_shift", UB_ARITH, OP_RSHIFT, 0},
    {"bitwise_left_shift", UB_ARITH, OP_LSHIFT, 0}, {"bitwise_right_shift", UB_ARITH, OP_RSHIFT, 0},
    {"bitwise_and", UB_ARITH, OP_BITAND, 0}, {"bitwise_or", UB_ARITH, OP_BITOR, 0},
    {"bitwise_xor", UB_ARITH, OP_BITXOR, 0},
    {"maximum", UB_PRIM, 0, PRIM_max}, {"minimum", UB_PRIM, 0, PRIM_min},
    {"arctan2", UB_FLOATPRIM, 0, PRIM_atan2}, {"atan2", UB_FLOATPRIM, 0, PRIM_atan2},
    {"hypot", UB_FLOATPRIM, 0, PRIM_hypot}, {"copysign", UB_FLOATPRIM, 0, PRIM_copysign},
    {"nextafter", UB_FLOATPRIM, 0, PRIM_nextafter},
    {"logical_and", UB_LOGICAL, 0, PRIM_and}, {"logical_or", UB_LOGICAL, 0, PRIM_or},
    {"logical_xor", UB_LOGICAL, 0, PRIM_xor},
    {"equal", UB_CMP, 0, PRIM_eq}, {"not_equal", UB_CMP, 0, PRIM_ne},
    {"less", UB_CMP, 0, PRIM_lt}, {"less_equal", UB_CMP, 0, PRIM_le},
    {"greater", UB_CMP, 0, PRIM_gt}, {"greater_equal", UB_CMP, 0, PRIM_ge},
    {"float_power", UB_FLOAT_POWER, 0, PRIM_pow},
};
#define N_UF2 (int)(sizeof ufuncs2 / sizeof ufuncs2[0])

static Value apply2(const UFunc2 *u, Family f, Value a0, Value b0) {
  /* arrays of the family; Python scalars stay weak */
  Value a = (a0.tag == V_INT || a0.tag == V_FLOAT || a0.tag == V_BOOL) ? a0 : lx_asarray(a0, f, -1, 0);
  if (VAL_IS_NULL(a)) return a;
  Value b = (b0.tag == V_INT || b0.tag == V_FLOAT || b0.tag == V_BOOL) ? b0 : lx_asarray(b0, f, -1, 0);
  if (VAL_IS_NULL(b)) { val_decref(a); return b; }
  Value r = val_null();
  switch (u->kind) {
    case UB_ARITH: r = lx_arith(f, u->op, a, b); break;
    case UB_CMP: r = lx_binary(f, u->id, a, b); break;
    case UB_PRIM: {   /* maximum/minimum: a Python int must fit the array's dtype (NumPy 2) */
      Value in[2] = {a, b};
      int w, rt = lx_result_dtype(f, 2, in, &w);
      if (rt >= 0 && lx_np_check_ints(f, (DType)rt, 2, in) == 0) r = lx_binary(f, u->id, a, b);
      break;
    }
    case UB_FLOATPRIM: case UB_FLOAT_POWER: {
      Value in[2] = {a, b}, p[2];
      int w;
      int rt = lx_result_dtype(f, 2, in, &w);
      if (rt < 0) break;
      if (u->kind == UB_FLOAT_POWER) rt = f == FAM_NP ? DT_FLOAT64 : arr_default_float(lx_promo(f));
      else if (!dt_is_float((DType)rt)) rt = arr_default_float(lx_promo(f));
      if (lx_promote_to(f, (DType)rt, 2, in, p) < 0) break;
      r = lx_bind1(u->id, 2, p, NULL);
      val_decref(p[0]);
      val_decref(p[1]);
      break;
    }
    case UB_LOGICAL: {
      Value x = lx_convert(a, DT_BOOL, 0), y = lx_convert(b, DT_BOOL, 0);
      if (!VAL_IS_NULL(x) && !VAL_IS_NULL(y)) r = lx_binary(f, u->id, x, y);
      val_decref(x);
      val_decref(y);
      break;
    }
  }
  val_decref(a);
  val_decref(b);
  return r;
}

static Value call2(void *data, int argc, const Value *argv, Obj *kw) {
  const Bound *bd = data;
  const UFunc2 *u = bd->entry;
  Value a[5];
  if (func_parse_args(u->name, argc, argv, kw, "x1,x2|out,$where,dtype", a) < 0) return val_null();
  if (!VAL_IS_NULL(a[2]) && !VAL_IS_NONE(a[2]))
    return obj_raise(&exc_NotImplementedError, "%s: out= is not supported", u->name);
  Value r = apply2(u, bd->fam, a[0], a[1]);
  if (!VAL_IS_NULL(r) && !VAL_IS_NULL(a[4]) && !VAL_IS_NONE(a[4])) {
    int d = lx_parse_dtype(a[4], bd->fam);
    if (d == -2) { val_decref(r); return val_null(); }
    if (d >= 0) { Value c = lx_astype(r, d, bd->fam); val_decref(r); r = c; }
  }
  return r;
}

static Bound bound1[2][N_UF1], bound2[2][N_UF2];

int np_math_add_ufuncs(Value m, Family f) {
  for (int i = 0; i < N_UF1; i++) {
    /* erf & co. live in jax.lax / jax.scipy.special, not in the numpy namespaces */
    static const char *const not_numpy[] = {"erf", "erfc", "erfinv", "gammaln", "expit", NULL};
    int skip = 0;
    for (int k = 0; not_numpy[k]; k++) if (!strcmp(not_numpy[k], ufuncs1[i].name)) skip = 1;
    if (skip) continue;
    bound1[f][i].entry = &ufuncs1[i];
    bound1[f][i].fam = f;
    Value fn = func_builtin_data_new(ufuncs1[i].name, call1, &bound1[f][i], "elementwise function");
    if (VAL_IS_NULL(fn)) return -1;
    int r = module_add(m, ufuncs1[i].name, fn);
    val_decref(fn);
    if (r < 0) return -1;
  }
  for (int i = 0; i < N_UF2; i++) {
    bound2[f][i].entry = &ufuncs2[i];
    bound2[f][i].fam = f;
    Value fn = func_builtin_data_new(ufuncs2[i].name, call2, &bound2[f][i], "elementwise function");
    if (VAL_IS_NULL(fn)) return -1;
    /* a ufunc object (np_ufunc.c): calls the function, adds reduce/accumulate/outer/at */
    Value uf = lx_ufunc_new(fn, ufuncs2[i].name, f);
    val_decref(fn);
    if (VAL_IS_NULL(uf)) return -1;
    int r = module_add(m, ufuncs2[i].name, uf);
    val_decref(uf);
    if (r < 0) return -1;
  }
  return 0;
}

/* {=== where, clip, round ===} */
LX_FN(where)
static Value where_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("where", argc, argv, kw, "condition|x,y", a) < 0) return val_null();
  if (VAL_IS_NULL(a[1]) && VAL_IS_NULL(a[2])) return lx_nonzero(fam, a[0]);
  if (VAL_IS_NULL(a[1]) || VAL_IS_NULL(a[2]))
    return obj_raise(&exc_ValueError, "either both or neither of x and y should be given");
  Value c = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(c)) return c;
  Value x = (a[1].tag == V_INT || a[1].tag == V_FLOAT || a[1].tag == V_BOOL) ? a[1] : lx_asarray(a[1], fam, -1, 0);
  Value y = (a[2].tag == V_INT || a[2].tag == V_FLOAT || a[2].tag == V_BOOL) ? a[2] : lx_asarray(a[2], fam, -1, 0);
  Value r = val_null();
  Value three[3] = {c, x, y};
  if (!VAL_IS_NULL(x) && !VAL_IS_NULL(y) && lx_check_broadcast(fam, 3, three) == 0) {
    AVal ca;
    if (lx_aval(c, &ca) == 0) {
      Value cb = ca.dtype == DT_BOOL ? val_incref(c) : lx_binary(fam, PRIM_ne, c, val_int(0));
      if (!VAL_IS_NULL(cb)) {
        if (fam == FAM_NP && x.tag != V_OBJ && y.tag != V_OBJ) {
          /* numpy: Python scalars in where() are strong */
          Value xs = lx_asarray(x, fam, -1, 0), ys = lx_asarray(y, fam, -1, 0);
          if (!VAL_IS_NULL(xs) && !VAL_IS_NULL(ys)) r = lx_select(cb, xs, ys);
          val_decref(xs);
          val_decref(ys);
        } else {
          r = lx_select(cb, x, y);
        }
        val_decref(cb);
      }
    }
  }
  val_decref(c);
  val_decref(x);
  val_decref(y);
  return r;
}

/* NumPy 2's _clip: a Python int bound beyond the integer array's range on its own side is
 * dropped (None: nothing to clip); any other bound must fit the dtype (OverflowError) */
static Value clip_bound(Family fam, Value x, Value bound, int upper) {
  if (fam != FAM_NP || bound.tag != V_INT) return val_incref(bound);
  AVal av;
  if (lx_aval(x, &av) < 0) return val_null();
  int64_t lo, hi;
  switch (av.dtype) {
    case DT_UINT8: lo = 0; hi = 255; break;
    case DT_UINT32: lo = 0; hi = 4294967295LL; break;
    case DT_INT32: lo = INT32_MIN; hi = INT32_MAX; break;
    default: return val_incref(bound);
  }
  if (upper ? bound.u.i >= hi : bound.u.i <= lo) return val_none();
  if (lx_np_check_ints(fam, av.dtype, 1, &bound) < 0) return val_null();
  return bound;
}

LX_FN(clip)
static Value clip_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  Value a[6];
  if (func_parse_args("clip", argc, argv, kw, "a|a_min,a_max,out,$min,max", a) < 0) return val_null();
  Value bounds[2] = {!VAL_IS_NULL(a[4]) ? a[4] : a[1], !VAL_IS_NULL(a[5]) ? a[5] : a[2]};
  if (!VAL_IS_NULL(a[3]) && !VAL_IS_NONE(a[3]))
    return obj_raise(&exc_NotImplementedError, "clip: out= is not supported");
  Value x = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  int applied = 0, given = 0;
  for (int k = 0; k < 2; k++) {
    Value bd = bounds[k];
    if (VAL_IS_NULL(bd) || VAL_IS_NONE(bd)) continue;
    given = 1;
    Value b = bd.tag == V_OBJ ? lx_asarray(bd, fam, -1, 0) : clip_bound(fam, x, bd, k);
    if (VAL_IS_NONE(b)) continue;
    Value r = VAL_IS_NULL(b) ? b : lx_binary(fam, k ? PRIM_min : PRIM_max, x, b);
    val_decref(b);
    val_decref(x);
    if (VAL_IS_NULL(r)) return r;
    x = r;
    applied = 1;
  }
  if (given && !applied) {   /* both bounds dropped: a new array all the same (np.positive) */
    Value c = lx_asarray(x, fam, -1, 1);
    val_decref(x);
    return c;
  }
  return x;
}

static Value round_common(Family fam, int argc, const Value *argv, Obj *kw, const char *name) {
  Value a[3];
  if (func_parse_args(name, argc, argv, kw, "a|decimals,out", a) < 0) return val_null();
  int64_t dec = 0;
  if (!VAL_IS_NULL(a[1]) && lx_as_int(a[1], &dec) < 0) return val_null();
  Value x = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  AVal av;
  if (lx_aval(x, &av) < 0) { val_decref(x); return val_null(); }
  if (!dt_is_float(av.dtype)) {
    if (dec >= 0 || av.dtype == DT_BOOL) return x;
    /* negative decimals on ints: round in float, back to the int dtype */
    double s = pow(10.0, (double)-dec);
    Value xf = lx_convert(x, DT_FLOAT64, 0);
    val_decref(x);
    if (VAL_IS_NULL(xf)) return xf;
    Value y = lx_binary(fam, PRIM_div, xf, val_float(s));
    Value z = VAL_IS_NULL(y) ? y : lx_unary(PRIM_round, y);
    Value w = VAL_IS_NULL(z) ? z : lx_binary(fam, PRIM_mul, z, val_float(s));
    Value r = VAL_IS_NULL(w) ? w : lx_convert(w, av.dtype, 0);
    val_decref(xf); val_decref(y); val_decref(z); val_decref(w);
    return r;
  }
  if (dec == 0) {
    Value r = lx_unary(PRIM_round, x);
    val_decref(x);
    return r;
  }
  double s = pow(10.0, (double)(dec < 0 ? -dec : dec));
  Value y = dec > 0 ? lx_binary(fam, PRIM_mul, x, val_float(s)) : lx_binary(fam, PRIM_div, x, val_float(s));
  Value z = VAL_IS_NULL(y) ? y : lx_unary(PRIM_round, y);
  /* jax: XLA turns the division by the constant into a multiplication by its float32 reciprocal */
  Value r = VAL_IS_NULL(z) ? z
            : dec > 0 ? (fam == FAM_JAX && av.dtype == DT_FLOAT32
                             ? lx_binary(fam, PRIM_mul, z, val_float((double)(float)(1.0 / s)))
                             : lx_binary(fam, PRIM_div, z, val_float(s)))
                      : lx_binary(fam, PRIM_mul, z, val_float(s));
  val_decref(x); val_decref(y); val_decref(z);
  return r;
}
LX_FN(round)
static Value round_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  return round_common(fam, argc, argv, kw, "round");
}
LX_FN(around)
static Value around_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  return round_common(fam, argc, argv, kw, "around");
}

/* jnp.matmul/jnp.dot take precision= (no effect on CPU, as in XLA) and preferred_element_type=
 * (the result's dtype); numpy's take out= only */
static Value product_common(Family fam, int argc, const Value *argv, Obj *kw, const char *name,
                            const char *np_spec, const char *jax_spec, int is_dot) {
  Value a[5];
  if (func_parse_args(name, argc, argv, kw, fam == FAM_NP ? np_spec : jax_spec, a) < 0) return val_null();
  Value x = lx_asarray(a[0], fam, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  Value y = lx_asarray(a[1], fam, -1, 0);
  if (VAL_IS_NULL(y)) { val_decref(x); return y; }
  Value r = is_dot ? lx_dot(fam, x, y) : lx_matmul(fam, x, y);
  val_decref(x);
  val_decref(y);
  if (fam == FAM_JAX && !VAL_IS_NULL(r) && !VAL_IS_NULL(a[4]) && !VAL_IS_NONE(a[4])) {
    int d = lx_parse_dtype(a[4], fam);
    if (d == -2) { val_decref(r); return val_null(); }
    if (d >= 0) { Value c = lx_astype(r, d, fam); val_decref(r); r = c; }
  }
  return r;
}

LX_FN(matmul)
static Value matmul_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  return product_common(fam, argc, argv, kw, "matmul", "x1,x2|out",
                        "x1,x2|out,$precision,preferred_element_type", 0);
}

LX_FN(dot)
static Value dot_impl(Family fam, int argc, const Value *argv, Obj *kw) {
  return product_common(fam, argc, argv, kw, "dot", "a,b|out", "a,b|out,$precision,preferred_element_type", 1);
}

#define MATH_FUNCS(X)                                           \
  X(where, "where(condition, x=None, y=None)")                  \
  X(clip, "clip(a, min=None, max=None)")                        \
  X(round, "round(a, decimals=0)")                              \
  X(around, "around(a, decimals=0)")                            \
  X(matmul, "matmul(x1, x2)")                                   \
  X(dot, "dot(a, b)")

const MethodDef np_math_jax[] = {MATH_FUNCS(LX_DEF_JAX){NULL}};
const MethodDef np_math_np[] = {MATH_FUNCS(LX_DEF_NP){NULL}};
