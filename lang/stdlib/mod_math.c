/* mod_math.c - the math module: constants and the C library's functions with Python's error
 * rules (ValueError "math domain error", OverflowError "math range error"). */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include "core/core.h"
#include "core/modtable.h"

static int arg_float(Value v, double *out) {
  if (VAL_IS_FLOAT(v)) { *out = v.u.f; return 0; }
  if (VAL_IS_INTLIKE(v)) { *out = (double)v.u.i; return 0; }
  if (num_is_big(num_unbox(v))) return num_big_to_double(num_unbox(v), out);
  if (VAL_IS_OBJ(v)) {
    if (op_as_float(v, out) == 0) return 0;
    obj_err_clear();
    /* arrays and other native numbers may convert with float() */
    Value f = op_call1(val_obj(&num_float_type.ob), v);
    if (!VAL_IS_NULL(f)) { *out = f.u.f; return 0; }
    obj_err_clear();
  }
  obj_raise(&exc_TypeError, "must be real number, not %s", op_type_name(v));
  return -1;
}

static Value domain(void) { return obj_raise(&exc_ValueError, "math domain error"); }
static Value range(void) { return obj_raise(&exc_OverflowError, "math range error"); }

/* one-argument functions: compute, then apply CPython's checks */
static Value unary(int argc, const Value *argv, Obj *kw, const char *name, double (*fn)(double),
                   int can_overflow) {
  if (func_check_args(name, argc, kw, 1, 1) < 0) return val_null();
  double x;
  if (arg_float(argv[0], &x) < 0) return val_null();
  errno = 0;
  double r = fn(x);
  if (isnan(r) && !isnan(x)) return domain();
  if (isinf(r) && isfinite(x)) {
    if (can_overflow) return range();
    return domain();
  }
  return val_float(r);
}

#define UNARY(NAME, FN, OV) \
  static Value m_##NAME(int argc, const Value *argv, Obj *kw) { return unary(argc, argv, kw, #NAME, FN, OV); }
UNARY(exp, exp, 1)
UNARY(expm1, expm1, 1)
UNARY(sin, sin, 0)
UNARY(cos, cos, 0)
UNARY(tan, tan, 0)
UNARY(asin, asin, 0)
UNARY(acos, acos, 0)
UNARY(atan, atan, 0)
UNARY(sinh, sinh, 1)
UNARY(cosh, cosh, 1)
UNARY(tanh, tanh, 0)
UNARY(asinh, asinh, 0)
UNARY(acosh, acosh, 0)
UNARY(atanh, atanh, 0)
UNARY(fabs, fabs, 0)
UNARY(erf, erf, 0)
UNARY(erfc, erfc, 0)
UNARY(cbrt, cbrt, 0)

static Value m_sqrt(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("sqrt", argc, kw, 1, 1) < 0) return val_null();
  double x;
  if (arg_float(argv[0], &x) < 0) return val_null();
  if (x < 0) return domain();
  return val_float(sqrt(x));
}

static Value log_impl(double x) {
  if (isnan(x)) return val_float(x);
  if (x <= 0) return domain();
  return val_float(log(x));
}

/* fn(v) for a number, as CPython's loghelper: an int too large for a double is x * 2**e */
static int log_of(Value v, double (*fn)(double), double *out) {
  Value u = num_unbox(v);
  if (num_is_big(u)) {
    if (num_big_sign(u) < 0) { domain(); return -1; }
    int64_t e;
    double x = num_big_frexp(u, &e);
    *out = fn(x) + fn(2.0) * (double)e;
    return 0;
  }
  double x;
  if (arg_float(v, &x) < 0) return -1;
  if (x <= 0) { domain(); return -1; }
  *out = fn(x);
  return 0;
}

static Value m_log(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("log", argc, kw, 1, 2) < 0) return val_null();
  double x;
  if (num_is_big(num_unbox(argv[0]))) {
    if (log_of(argv[0], log, &x) < 0) return val_null();
    if (argc == 1) return val_float(x);
    double lb;
    if (log_of(argv[1], log, &lb) < 0) return val_null();
    if (lb == 0) return obj_raise(&exc_ZeroDivisionError, "float division by zero");
    return val_float(x / lb);
  }
  if (arg_float(argv[0], &x) < 0) return val_null();
  if (x <= 0) return domain();
  if (argc == 1) return log_impl(x);
  double b;
  if (num_is_big(num_unbox(argv[1]))) {
    double lb;
    if (log_of(argv[1], log, &lb) < 0) return val_null();
    return val_float(log(x) / lb);
  }
  if (arg_float(argv[1], &b) < 0) return val_null();
  if (b <= 0) return domain();
  double lb = log(b);
  if (lb == 0) return obj_raise(&exc_ZeroDivisionError, "float division by zero");
  return val_float(log(x) / lb);
}

static Value m_log2(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("log2", argc, kw, 1, 1) < 0) return val_null();
  double x;
  if (num_is_big(num_unbox(argv[0])))
    return log_of(argv[0], log2, &x) < 0 ? val_null() : val_float(x);
  if (arg_float(argv[0], &x) < 0) return val_null();
  if (x <= 0) return domain();
  return val_float(log2(x));
}

static Value m_log10(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("log10", argc, kw, 1, 1) < 0) return val_null();
  double x;
  if (num_is_big(num_unbox(argv[0])))
    return log_of(argv[0], log10, &x) < 0 ? val_null() : val_float(x);
  if (arg_float(argv[0], &x) < 0) return val_null();
  if (x <= 0) return domain();
  return val_float(log10(x));
}

static Value m_log1p(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("log1p", argc, kw, 1, 1) < 0) return val_null();
  double x;
  if (arg_float(argv[0], &x) < 0) return val_null();
  if (x <= -1) return domain();
  return val_float(log1p(x));
}

static Value round_to_int(int argc, const Value *argv, Obj *kw, const char *name, double (*fn)(double),
                          const char *dunder) {
  if (func_check_args(name, argc, kw, 1, 1) < 0) return val_null();
  Value v = argv[0];
  if (VAL_IS_INTLIKE(v)) return val_int(v.u.i);
  if (num_is_big(v)) return val_incref(v);
  if (VAL_IS_OBJ(v) && (v.u.o->type->flags & TF_USER)) {
    Value m = class_user_method(v, dunder);
    if (!VAL_IS_NULL(m)) { Value r = op_call0(m); val_decref(m); return r; }
    if (obj_err_occurred()) return val_null();
  }
  double x;
  if (arg_float(v, &x) < 0) return val_null();
  x = fn(x);
  if (isnan(x)) return obj_raise(&exc_ValueError, "cannot convert float NaN to integer");
  if (isinf(x)) return obj_raise(&exc_OverflowError, "cannot convert float infinity to integer");
  return num_big_from_double(x);
}
static Value m_floor(int argc, const Value *argv, Obj *kw) { return round_to_int(argc, argv, kw, "floor", floor, "__floor__"); }
static Value m_ceil(int argc, const Value *argv, Obj *kw) { return round_to_int(argc, argv, kw, "ceil", ceil, "__ceil__"); }
static Value m_trunc(int argc, const Value *argv, Obj *kw) { return round_to_int(argc, argv, kw, "trunc", trunc, "__trunc__"); }

static Value m_pow(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("pow", argc, kw, 2, 2) < 0) return val_null();
  double x, y;
  if (arg_float(argv[0], &x) < 0 || arg_float(argv[1], &y) < 0) return val_null();
  if (x == 0.0 && y < 0 && isfinite(y)) return domain();
  if (x < 0 && isfinite(x) && isfinite(y) && floor(y) != y) return domain();
  double r = pow(x, y);
  if (isinf(r) && isfinite(x) && isfinite(y)) return range();
  return val_float(r);
}

static Value m_fmod(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("fmod", argc, kw, 2, 2) < 0) return val_null();
  double x, y;
  if (arg_float(argv[0], &x) < 0 || arg_float(argv[1], &y) < 0) return val_null();
  if (y == 0 || isinf(x)) {
    if (isnan(x) || isnan(y)) return val_float(NAN);
    return domain();
  }
  return val_float(fmod(x, y));
}

static Value m_atan2(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("atan2", argc, kw, 2, 2) < 0) return val_null();
  double y, x;
  if (arg_float(argv[0], &y) < 0 || arg_float(argv[1], &x) < 0) return val_null();
  return val_float(atan2(y, x));
}

static Value m_copysign(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("copysign", argc, kw, 2, 2) < 0) return val_null();
  double x, y;
  if (arg_float(argv[0], &x) < 0 || arg_float(argv[1], &y) < 0) return val_null();
  return val_float(copysign(x, y));
}

static Value m_hypot(int argc, const Value *argv, Obj *kw) {
  if (func_kwcount(kw)) return obj_raise(&exc_TypeError, "hypot() takes no keyword arguments");
  double acc = 0, maxv = 0;
  double *v = obj_calloc((size_t)argc + 1, sizeof(double));
  if (!v) return val_null();
  for (int i = 0; i < argc; i++) {
    if (arg_float(argv[i], &v[i]) < 0) { free(v); return val_null(); }
    v[i] = fabs(v[i]);
    if (isinf(v[i])) { free(v); return val_float(INFINITY); }
    if (v[i] > maxv || isnan(v[i])) maxv = v[i];
  }
  if (isnan(maxv)) { free(v); return val_float(NAN); }
  if (maxv == 0) { free(v); return val_float(0.0); }
  for (int i = 0; i < argc; i++) { double t = v[i] / maxv; acc += t * t; }
  free(v);
  return val_float(maxv * sqrt(acc));
}

static Value m_dist(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("dist", argc, kw, 2, 2) < 0) return val_null();
  Value a = list_from_iterable(argv[0]);
  if (VAL_IS_NULL(a)) return a;
  Value b = list_from_iterable(argv[1]);
  if (VAL_IS_NULL(b)) { val_decref(a); return b; }
  Value r;
  if (LIST(a.u.o)->len != LIST(b.u.o)->len) {
    r = obj_raise(&exc_ValueError, "both points must have the same number of dimensions");
  } else {
    int64_t n = LIST(a.u.o)->len;
    Value *d = obj_calloc((size_t)n + 1, sizeof(Value));
    r = val_null();
    if (d) {
      int ok = 1;
      for (int64_t i = 0; i < n && ok; i++) {
        double x, y;
        if (arg_float(LIST(a.u.o)->items[i], &x) < 0 || arg_float(LIST(b.u.o)->items[i], &y) < 0) ok = 0;
        else d[i] = val_float(x - y);
      }
      if (ok) r = m_hypot((int)n, d, NULL);
      free(d);
    }
  }
  val_decref(a);
  val_decref(b);
  return r;
}

static Value m_degrees(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("degrees", argc, kw, 1, 1) < 0) return val_null();
  double x;
  if (arg_float(argv[0], &x) < 0) return val_null();
  return val_float(x * (180.0 / M_PI));
}

static Value m_radians(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("radians", argc, kw, 1, 1) < 0) return val_null();
  double x;
  if (arg_float(argv[0], &x) < 0) return val_null();
  return val_float(x * (M_PI / 180.0));
}

static Value pred(int argc, const Value *argv, Obj *kw, const char *name, int which) {
  if (func_check_args(name, argc, kw, 1, 1) < 0) return val_null();
  double x;
  if (arg_float(argv[0], &x) < 0) return val_null();
  return val_bool(which == 0 ? isnan(x) : which == 1 ? isinf(x) : isfinite(x));
}
static Value m_isnan(int argc, const Value *argv, Obj *kw) { return pred(argc, argv, kw, "isnan", 0); }
static Value m_isinf(int argc, const Value *argv, Obj *kw) { return pred(argc, argv, kw, "isinf", 1); }
static Value m_isfinite(int argc, const Value *argv, Obj *kw) { return pred(argc, argv, kw, "isfinite", 2); }

static Value m_isclose(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("isclose", argc, argv, kw, "a,b|$rel_tol,abs_tol", a) < 0) return val_null();
  double x, y, rt = 1e-9, at = 0.0;
  if (arg_float(a[0], &x) < 0 || arg_float(a[1], &y) < 0) return val_null();
  if (!VAL_IS_NULL(a[2]) && arg_float(a[2], &rt) < 0) return val_null();
  if (!VAL_IS_NULL(a[3]) && arg_float(a[3], &at) < 0) return val_null();
  if (rt < 0 || at < 0) return obj_raise(&exc_ValueError, "tolerances must be non-negative");
  if (x == y) return val_bool(1);
  if (isinf(x) || isinf(y)) return val_bool(0);
  double diff = fabs(y - x);
  return val_bool((diff <= fabs(rt * y)) || (diff <= fabs(rt * x)) || (diff <= at));
}

/* an integer argument (an int, a subclass, or __index__) as an int value, new reference */
static int arg_int(Value v, Value *out) {
  Value u = num_unbox(v);
  if (num_is_int(u)) { *out = VAL_IS_BOOL(u) ? val_int(u.u.i) : val_incref(u); return 0; }
  Value r = VAL_IS_FLOAT(u) ? val_null() : op_conv_dunder(v, "__index__");
  if (VAL_IS_NULL(r)) {
    if (!obj_err_occurred())
      obj_raise(&exc_TypeError, "'%s' object cannot be interpreted as an integer", op_type_name(v));
    return -1;
  }
  if (!num_is_int(r)) {
    val_decref(r);
    obj_raise(&exc_TypeError, "__index__ returned non-int (type %s)", op_type_name(r));
    return -1;
  }
  *out = r;
  return 0;
}

static Value m_factorial(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("factorial", argc, kw, 1, 1) < 0) return val_null();
  Value n;
  if (arg_int(argv[0], &n) < 0) return val_null();
  Value r;
  if (num_big_sign(n) < 0) r = obj_raise(&exc_ValueError, "factorial() not defined for negative values");
  else if (num_is_big(n))
    r = obj_raise(&exc_OverflowError, "factorial() argument should not exceed %lld", (long long)INT64_MAX);
  else r = num_big_math(3, n, val_int(0));
  val_decref(n);
  return r;
}

/* gcd (which 0) or lcm (1) of all the arguments */
static Value gcd_lcm(int argc, const Value *argv, Obj *kw, int which) {
  if (func_kwcount(kw))
    return obj_raise(&exc_TypeError, "%s() takes no keyword arguments", which ? "lcm" : "gcd");
  Value acc = val_int(which);
  for (int i = 0; i < argc; i++) {
    Value v;
    if (arg_int(argv[i], &v) < 0) { val_decref(acc); return val_null(); }
    Value r = num_big_math(which, acc, v);
    val_decref(v);
    val_decref(acc);
    if (VAL_IS_NULL(r)) return r;
    acc = r;
  }
  if (argc == 1) {   /* gcd(x) and lcm(x) are abs(x) */
    Value r = op_unary(OBJ_UOP_ABS, acc);
    val_decref(acc);
    return r;
  }
  return acc;
}
static Value m_gcd(int argc, const Value *argv, Obj *kw) { return gcd_lcm(argc, argv, kw, 0); }
static Value m_lcm(int argc, const Value *argv, Obj *kw) { return gcd_lcm(argc, argv, kw, 1); }

static Value m_comb_perm(int argc, const Value *argv, Obj *kw, int comb) {
  const char *name = comb ? "comb" : "perm";
  if (func_check_args(name, argc, kw, comb ? 2 : 1, 2) < 0) return val_null();
  Value n, k;
  if (arg_int(argv[0], &n) < 0) return val_null();
  if (argc > 1 && !VAL_IS_NONE(argv[1])) {
    if (arg_int(argv[1], &k) < 0) { val_decref(n); return val_null(); }
  } else {
    k = val_incref(n);
  }
  Value r;
  if (num_big_sign(n) < 0) r = obj_raise(&exc_ValueError, "n must be a non-negative integer");
  else if (num_big_sign(k) < 0) r = obj_raise(&exc_ValueError, "k must be a non-negative integer");
  else if (num_big_cmp(k, n) > 0) r = val_int(0);
  else r = num_big_math(comb ? 4 : 5, n, k);
  val_decref(n);
  val_decref(k);
  return r;
}
static Value m_comb(int argc, const Value *argv, Obj *kw) { return m_comb_perm(argc, argv, kw, 1); }
static Value m_perm(int argc, const Value *argv, Obj *kw) { return m_comb_perm(argc, argv, kw, 0); }

static Value m_isqrt(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("isqrt", argc, kw, 1, 1) < 0) return val_null();
  Value n;
  if (arg_int(argv[0], &n) < 0) return val_null();
  Value r = num_big_sign(n) < 0 ? obj_raise(&exc_ValueError, "isqrt() argument must be nonnegative")
                                : num_big_math(2, n, val_int(0));
  val_decref(n);
  return r;
}

static Value m_prod(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("prod", argc, argv, kw, "iterable|$start", a) < 0) return val_null();
  Value acc = VAL_IS_NULL(a[1]) ? val_int(1) : val_incref(a[1]);
  Value it = op_iter(a[0]);
  if (VAL_IS_NULL(it)) { val_decref(acc); return it; }
  Value x;
  int r;
  while ((r = op_next(it, &x)) == 1) {
    Value n = op_binop(OP_MULT, acc, x);
    val_decref(x);
    val_decref(acc);
    acc = n;
    if (VAL_IS_NULL(acc)) { r = -1; break; }
  }
  val_decref(it);
  if (r < 0) { val_decref(acc); return val_null(); }
  return acc;
}

static Value m_fsum(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("fsum", argc, kw, 1, 1) < 0) return val_null();
  Value it = op_iter(argv[0]);
  if (VAL_IS_NULL(it)) return it;
  /* Shewchuk's exact partial sums, as CPython's msum */
  double partials[64];
  int np = 0;
  Value x;
  int r;
  while ((r = op_next(it, &x)) == 1) {
    double v;
    int e = arg_float(x, &v);
    val_decref(x);
    if (e < 0) { r = -1; break; }
    int i = 0;
    for (int j = 0; j < np; j++) {
      double y = partials[j];
      if (fabs(v) < fabs(y)) { double t = v; v = y; y = t; }
      double hi = v + y, lo = y - (hi - v);
      if (lo != 0.0) partials[i++] = lo;
      v = hi;
    }
    if (i < 64) partials[i++] = v;
    np = i;
  }
  val_decref(it);
  if (r < 0) return val_null();
  double hi = 0.0;
  if (np > 0) {
    hi = partials[--np];
    double lo = 0;
    while (np > 0) {
      double xx = hi;
      double y = partials[--np];
      hi = xx + y;
      double yr = hi - xx;
      lo = y - yr;
      if (lo != 0.0) break;
    }
    if (np > 0 && ((lo < 0.0 && partials[np - 1] < 0.0) || (lo > 0.0 && partials[np - 1] > 0.0))) {
      double y = lo * 2.0;
      double xx = hi + y;
      double yr = xx - hi;
      if (y == yr) hi = xx;
    }
  }
  return val_float(hi);
}

static Value m_gamma(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("gamma", argc, kw, 1, 1) < 0) return val_null();
  double x;
  if (arg_float(argv[0], &x) < 0) return val_null();
  if ((x <= 0 && floor(x) == x) || (isinf(x) && x < 0)) return domain();
  double r = tgamma(x);
  if (isinf(r) && isfinite(x)) return range();
  return val_float(r);
}

static Value m_lgamma(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("lgamma", argc, kw, 1, 1) < 0) return val_null();
  double x;
  if (arg_float(argv[0], &x) < 0) return val_null();
  if (x <= 0 && floor(x) == x) return domain();
  return val_float(lgamma(x));
}

static Value m_modf(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("modf", argc, kw, 1, 1) < 0) return val_null();
  double x, ip;
  if (arg_float(argv[0], &x) < 0) return val_null();
  double fp = modf(x, &ip);
  return tuple_pack(2, val_float(fp), val_float(ip));
}

static Value m_frexp(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("frexp", argc, kw, 1, 1) < 0) return val_null();
  double x;
  if (arg_float(argv[0], &x) < 0) return val_null();
  int e = 0;
  double m = frexp(x, &e);
  return tuple_pack(2, val_float(m), val_int(e));
}

static Value m_ldexp(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("ldexp", argc, kw, 2, 2) < 0) return val_null();
  double x;
  int64_t e;
  if (arg_float(argv[0], &x) < 0 || op_as_int(argv[1], &e) < 0) return val_null();
  if (e > 100000) e = 100000;
  if (e < -100000) e = -100000;
  double r = ldexp(x, (int)e);
  if (isinf(r) && isfinite(x)) return range();
  return val_float(r);
}

static const MethodDef math_functions[] = {
    {"sqrt", m_sqrt, "sqrt(x, /)\nReturn the square root of x.", 0},
    {"exp", m_exp, "exp(x, /)\nReturn e raised to the power of x.", 0},
    {"expm1", m_expm1, "expm1(x, /)\nReturn exp(x)-1.", 0},
    {"log", m_log, "log(x, [base=math.e])\nReturn the logarithm of x to the given base.", 0},
    {"log2", m_log2, "log2(x, /)\nReturn the base 2 logarithm of x.", 0},
    {"log10", m_log10, "log10(x, /)\nReturn the base 10 logarithm of x.", 0},
    {"log1p", m_log1p, "log1p(x, /)\nReturn the natural logarithm of 1+x (base e).", 0},
    {"sin", m_sin, "sin(x, /)\nReturn the sine of x (measured in radians).", 0},
    {"cos", m_cos, "cos(x, /)\nReturn the cosine of x (measured in radians).", 0},
    {"tan", m_tan, "tan(x, /)\nReturn the tangent of x (measured in radians).", 0},
    {"asin", m_asin, "asin(x, /)", 0},
    {"acos", m_acos, "acos(x, /)", 0},
    {"atan", m_atan, "atan(x, /)", 0},
    {"atan2", m_atan2, "atan2(y, x, /)\nReturn the arc tangent (measured in radians) of y/x.", 0},
    {"sinh", m_sinh, "sinh(x, /)", 0},
    {"cosh", m_cosh, "cosh(x, /)", 0},
    {"tanh", m_tanh, "tanh(x, /)", 0},
    {"asinh", m_asinh, "asinh(x, /)", 0},
    {"acosh", m_acosh, "acosh(x, /)", 0},
    {"atanh", m_atanh, "atanh(x, /)", 0},
    {"fabs", m_fabs, "fabs(x, /)\nReturn the absolute value of the float x.", 0},
    {"erf", m_erf, "erf(x, /)", 0},
    {"erfc", m_erfc, "erfc(x, /)", 0},
    {"cbrt", m_cbrt, "cbrt(x, /)", 0},
    {"floor", m_floor, "floor(x, /)\nReturn the floor of x as an Integral.", 0},
    {"ceil", m_ceil, "ceil(x, /)\nReturn the ceiling of x as an Integral.", 0},
    {"trunc", m_trunc, "trunc(x, /)\nTruncates the Real x to the nearest Integral toward 0.", 0},
    {"pow", m_pow, "pow(x, y, /)\nReturn x**y (x to the power of y).", 0},
    {"fmod", m_fmod, "fmod(x, y, /)", 0},
    {"copysign", m_copysign, "copysign(x, y, /)", 0},
    {"hypot", m_hypot, "hypot(*coordinates) -> value", 0},
    {"dist", m_dist, "dist(p, q, /)", 0},
    {"degrees", m_degrees, "degrees(x, /)", 0},
    {"radians", m_radians, "radians(x, /)", 0},
    {"isnan", m_isnan, "isnan(x, /)", 0},
    {"isinf", m_isinf, "isinf(x, /)", 0},
    {"isfinite", m_isfinite, "isfinite(x, /)", 0},
    {"isclose", m_isclose, "isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0)", 0},
    {"factorial", m_factorial, "factorial(n, /)", 0},
    {"gcd", m_gcd, "gcd(*integers)", 0},
    {"lcm", m_lcm, "lcm(*integers)", 0},
    {"comb", m_comb, "comb(n, k, /)", 0},
    {"perm", m_perm, "perm(n, k=None, /)", 0},
    {"isqrt", m_isqrt, "isqrt(n, /)", 0},
    {"prod", m_prod, "prod(iterable, /, *, start=1)", 0},
    {"fsum", m_fsum, "fsum(seq, /)", 0},
    {"gamma", m_gamma, "gamma(x, /)", 0},
    {"lgamma", m_lgamma, "lgamma(x, /)", 0},
    {"modf", m_modf, "modf(x, /)", 0},
    {"frexp", m_frexp, "frexp(x, /)", 0},
    {"ldexp", m_ldexp, "ldexp(x, i, /)", 0},
    {NULL}};

int modinit_math(Value m) {
  if (module_add_functions(m, math_functions) < 0) return -1;
  if (module_add(m, "pi", val_float(M_PI)) < 0 || module_add(m, "e", val_float(M_E)) < 0 ||
      module_add(m, "tau", val_float(2 * M_PI)) < 0 ||
      module_add(m, "inf", val_float(INFINITY)) < 0 || module_add(m, "nan", val_float(NAN)) < 0)
    return -1;
  Value doc = str_from_cstr("This module provides access to the mathematical functions defined by the C standard.");
  if (VAL_IS_NULL(doc)) return -1;
  op_setattr_s(m, "__doc__", doc);
  val_decref(doc);
  return 0;
}
