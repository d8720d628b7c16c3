/* cpu_elem.c - elementwise CPU kernels: per-dtype inner loops generated with X-macros (a tight
 * contiguous loop gcc vectorises, plus scalar-broadcast and strided variants), the N-d driver,
 * casts, select, integer_pow and the array copy helpers. */
#include "cpu.h"
#include "../arr_half.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <tgmath.h>

#pragma GCC optimize("O3")
/* The generators instantiate one expression for signed and unsigned types alike. */
#pragma GCC diagnostic ignored "-Wtype-limits"

/* {=== scalar helpers ===} */
#define DEF_FDIVMOD(T, sfx)                                                            \
  static inline T fmod_np_##sfx(T a, T b) {                                            \
    if (b == 0) return fmod(a, b);                                                     \
    T mod = fmod(a, b);                                                                \
    if (mod) { if ((b < 0) != (mod < 0)) mod += b; }                                   \
    else mod = copysign((T)0, b);                                                      \
    return mod;                                                                        \
  }                                                                                    \
  static inline T fdiv_np_##sfx(T a, T b) {                                            \
    if (b == 0) return a / b;                                                          \
    T mod = fmod(a, b);                                                                \
    T div = (a - mod) / b;                                                             \
    if (mod) { if ((b < 0) != (mod < 0)) div -= (T)1; }                                \
    T fl;                                                                              \
    if (div) { fl = floor(div); if (div - fl > (T)0.5) fl += (T)1; }                   \
    else fl = copysign((T)0, a / b);                                                   \
    return fl;                                                                         \
  }                                                                                    \
  static inline T sign_##sfx(T a) { return a > 0 ? (T)1 : a < 0 ? (T)-1 : a; }         \
  static inline T max_##sfx(T a, T b) { return (a >= b || a != a) ? a : b; }           \
  static inline T min_##sfx(T a, T b) { return (a <= b || a != a) ? a : b; }
DEF_FDIVMOD(float, f32)
DEF_FDIVMOD(double, f64)

/* erf^-1: Giles' single-precision approximation refined by two Newton steps on erf. */
static double erfinv_d(double y) {
  if (!(y > -1 && y < 1)) return y == 1 ? INFINITY : y == -1 ? -INFINITY : NAN;
  double w = -log((1.0 - y) * (1.0 + y)), p;
  if (w < 5.0) {
    w -= 2.5;
    p = 2.81022636e-08; p = 3.43273939e-07 + p * w; p = -3.5233877e-06 + p * w;
    p = -4.39150654e-06 + p * w; p = 0.00021858087 + p * w; p = -0.00125372503 + p * w;
    p = -0.00417768164 + p * w; p = 0.246640727 + p * w; p = 1.50140941 + p * w;
  } else {
    w = sqrt(w) - 3.0;
    p = -0.000200214257; p = 0.000100950558 + p * w; p = 0.00134934322 + p * w;
    p = -0.00367342844 + p * w; p = 0.00573950773 + p * w; p = -0.0076224613 + p * w;
    p = 0.00943887047 + p * w; p = 1.00167406 + p * w; p = 2.83297682 + p * w;
  }
  double x = p * y;
  for (int i = 0; i < 2; i++) {
    double err = erf(x) - y;
    x -= err / (1.1283791670955126 * exp(-x * x));
  }
  return x;
}

#define DEF_IPOW(T, UT, sfx)                                                           \
  static inline T ipow_##sfx(T a, T b) {                                               \
    if (b < 0) return a == 1 ? 1 : (a == (T)-1) ? ((b & 1) ? (T)-1 : 1) : 0;          \
    UT r = 1, base = (UT)a;                                                            \
    uint64_t e = (uint64_t)b;                                                          \
    while (e) { if (e & 1) r *= base; base *= base; e >>= 1; }                         \
    return (T)r;                                                                       \
  }
DEF_IPOW(int32_t, uint32_t, i32)
DEF_IPOW(int64_t, uint64_t, i64)
DEF_IPOW(uint8_t, unsigned, u8)
DEF_IPOW(uint32_t, uint32_t, u32)

/* Integer division with Python/NumPy semantics; x/0 = 0 (numpy returns 0 with a warning);
 * MIN/-1 wraps. */
#define DEF_IDIV(T, UT, sfx)                                                           \
  static inline T itrunc_##sfx(T a, T b) {                                             \
    if (b == 0) return 0;                                                              \
    if ((T)-1 < 0 && b == (T)-1) return (T)(0 - (UT)a);                                \
    return a / b;                                                                      \
  }                                                                                    \
  static inline T ifloordiv_##sfx(T a, T b) {                                          \
    if (b == 0) return 0;                                                              \
    if ((T)-1 < 0 && b == (T)-1) return (T)(0 - (UT)a);                                \
    T q = a / b;                                                                       \
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;                                     \
    return q;                                                                          \
  }                                                                                    \
  static inline T imod_##sfx(T a, T b) {                                               \
    if (b == 0 || ((T)-1 < 0 && b == (T)-1)) return 0;                                 \
    T r = a % b;                                                                       \
    if (r != 0 && ((r < 0) != (b < 0))) r += b;                                        \
    return r;                                                                          \
  }                                                                                    \
  static inline T ishl_##sfx(T a, T b) {                                               \
    if ((UT)b >= sizeof(T) * 8) return 0;                                              \
    return (T)((UT)a << (UT)b);                                                        \
  }                                                                                    \
  static inline T ishr_##sfx(T a, T b) {                                               \
    if ((UT)b >= sizeof(T) * 8) return a < 0 ? (T)-1 : 0;                              \
    return a >> b;                                                                     \
  }
DEF_IDIV(int32_t, uint32_t, i32)
DEF_IDIV(int64_t, uint64_t, i64)
DEF_IDIV(uint8_t, unsigned, u8)
DEF_IDIV(uint32_t, uint32_t, u32)

/* {=== loop generators ===}
 * Each loop also gets an AVX2 clone (picked once at load time through an ifunc, so the binary
 * still runs on any x86-64): gcc vectorises the contiguous branches 32 bytes wide, and only
 * with AVX2 does it vectorise float compares into bool and the NaN-propagating max/min. */
#if defined(__x86_64__) && !defined(__clang__)
#define CLONES __attribute__((target_clones("avx2", "default")))
#else
#define CLONES
#endif
#define UNARY_LOOP(fname, TI, UTI, TO, EXPR)                                           \
  CLONES static void fname(char *o_, char *const *in, const int64_t *st, int64_t n) {          \
    typedef TI T; typedef UTI UT; (void)sizeof(UT);                                    \
    TO *restrict o = (TO *)o_;                                                         \
    const T *restrict x = (const T *)in[0];                                            \
    if (st[0] == 1 && st[1] == 1) {                                                    \
      for (int64_t i = 0; i < n; i++) { T a = x[i]; o[i] = (TO)(EXPR); }              \
    } else {                                                                           \
      int64_t so = st[0], sx = st[1];                                                  \
      for (int64_t i = 0; i < n; i++) { T a = x[i * sx]; o[i * so] = (TO)(EXPR); }    \
    }                                                                                  \
  }

#define BINARY_LOOP(fname, TI, UTI, TO, EXPR)                                          \
  CLONES static void fname(char *o_, char *const *in, const int64_t *st, int64_t n) {          \
    typedef TI T; typedef UTI UT; (void)sizeof(UT);                                    \
    TO *restrict o = (TO *)o_;                                                         \
    const T *restrict x = (const T *)in[0];                                            \
    const T *restrict y = (const T *)in[1];                                            \
    if (st[0] == 1 && st[1] == 1 && st[2] == 1) {                                      \
      for (int64_t i = 0; i < n; i++) { T a = x[i], b = y[i]; o[i] = (TO)(EXPR); }    \
    } else if (st[0] == 1 && st[1] == 1 && st[2] == 0) {                               \
      const T b = y[0];                                                                \
      for (int64_t i = 0; i < n; i++) { T a = x[i]; o[i] = (TO)(EXPR); }              \
    } else if (st[0] == 1 && st[1] == 0 && st[2] == 1) {                               \
      const T a = x[0];                                                                \
      for (int64_t i = 0; i < n; i++) { T b = y[i]; o[i] = (TO)(EXPR); }              \
    } else {                                                                           \
      int64_t so = st[0], sx = st[1], sy = st[2];                                      \
      for (int64_t i = 0; i < n; i++) {                                                \
        T a = x[i * sx], b = y[i * sy];                                                \
        o[i * so] = (TO)(EXPR);                                                        \
      }                                                                                \
    }                                                                                  \
  }

/* Float ops (tgmath picks the float/double libm function from the operand type). */
#define FLOAT_UNARY(X, T, sfx)                                                         \
  X(neg, -a) X(abs, fabs(a)) X(sign, sign_##sfx(a)) X(floor, floor(a)) X(ceil, ceil(a)) \
  X(round, nearbyint(a)) X(exp, exp(a)) X(exp2, exp2(a)) X(log, log(a)) X(log2, log2(a)) \
  X(log10, log10(a)) X(log1p, log1p(a)) X(expm1, expm1(a)) X(sqrt, sqrt(a))            \
  X(rsqrt, (T)1 / sqrt(a)) X(cbrt, cbrt(a)) X(sin, sin(a)) X(cos, cos(a)) X(tan, tan(a)) \
  X(asin, asin(a)) X(acos, acos(a)) X(atan, atan(a)) X(sinh, sinh(a)) X(cosh, cosh(a))  \
  X(tanh, tanh(a)) X(asinh, asinh(a)) X(acosh, acosh(a)) X(atanh, atanh(a))            \
  X(logistic, (T)1 / ((T)1 + exp(-a))) X(erf, erf(a)) X(erfc, erfc(a))                  \
  X(erf_inv, (T)erfinv_d((double)a)) X(lgamma, lgamma(a)) X(square, a * a)            \
  X(reciprocal, (T)1 / a)
#define FLOAT_UNARY_BOOL(X) X(is_finite, isfinite(a)) X(is_nan, isnan(a)) X(is_inf, isinf(a))
#define FLOAT_BINARY(X, T, sfx)                                                        \
  X(add, a + b) X(sub, a - b) X(mul, a * b) X(div, a / b)                              \
  X(floor_div, fdiv_np_##sfx(a, b)) X(rem, fmod_np_##sfx(a, b)) X(pow, pow(a, b))     \
  X(max, max_##sfx(a, b)) X(min, min_##sfx(a, b)) X(atan2, atan2(a, b))               \
  X(nextafter, nextafter(a, b)) X(hypot, hypot(a, b)) X(copysign, copysign(a, b))
#define COMPARE_OPS(X) X(eq, a == b) X(ne, a != b) X(lt, a < b) X(le, a <= b) X(gt, a > b) X(ge, a >= b)
/* Integer ops: arithmetic through the unsigned type so overflow wraps instead of being UB. */
#define INT_UNARY(X, T, sfx)                                                           \
  X(neg, (T)(0 - (UT)a)) X(abs, (T)(a < 0 ? 0 - (UT)a : (UT)a))                        \
  X(sign, (T)(a > 0 ? 1 : a < 0 ? -1 : 0)) X(floor, a) X(ceil, a) X(round, a)          \
  X(square, (T)((UT)a * (UT)a)) X(not, (T)~a)                                          \
  X(population_count, (T)__builtin_popcountll((UT)a))                                  \
  X(clz, (T)(a ? __builtin_clzll((UT)a) - (64 - 8 * (int)sizeof(T)) : 8 * (int)sizeof(T)))
#define INT_BINARY(X, T, sfx)                                                          \
  X(add, (T)((UT)a + (UT)b)) X(sub, (T)((UT)a - (UT)b)) X(mul, (T)((UT)a * (UT)b))      \
  X(div, itrunc_##sfx(a, b)) X(floor_div, ifloordiv_##sfx(a, b)) X(rem, imod_##sfx(a, b)) \
  X(pow, ipow_##sfx(a, b)) X(max, a > b ? a : b) X(min, a < b ? a : b) X(and, a & b)   \
  X(or, a | b) X(xor, a ^ b) X(shift_left, ishl_##sfx(a, b)) X(shift_right, ishr_##sfx(a, b))
#define BOOL_UNARY(X) X(not, !a) X(abs, a)
#define BOOL_BINARY(X)                                                                 \
  X(and, a & b) X(or, a | b) X(xor, a ^ b) X(max, a | b) X(min, a & b) X(add, a | b)  \
  X(mul, a & b)

/* Instantiate. */
#define GEN_FU(T, sfx) FLOAT_UNARY(GEN_FU_1, T, sfx)
#define GEN_FU_1(op, E) UNARY_LOOP(u_##op##_CUR, CUR_T, CUR_T, CUR_T, E)
/* Token pasting of CUR needs a second level; spell the instantiations out per type. */
#undef GEN_FU
#undef GEN_FU_1

#define FU_F32(op, E) UNARY_LOOP(u_##op##_f32, float, float, float, E)
#define FU_F64(op, E) UNARY_LOOP(u_##op##_f64, double, double, double, E)
FLOAT_UNARY(FU_F32, float, f32)
FLOAT_UNARY(FU_F64, double, f64)
#define FUB_F32(op, E) UNARY_LOOP(u_##op##_f32, float, float, uint8_t, E)
#define FUB_F64(op, E) UNARY_LOOP(u_##op##_f64, double, double, uint8_t, E)
FLOAT_UNARY_BOOL(FUB_F32)
FLOAT_UNARY_BOOL(FUB_F64)
#define FB_F32(op, E) BINARY_LOOP(b_##op##_f32, float, float, float, E)
#define FB_F64(op, E) BINARY_LOOP(b_##op##_f64, double, double, double, E)
FLOAT_BINARY(FB_F32, float, f32)
FLOAT_BINARY(FB_F64, double, f64)

#define IU_GEN(sfx, T_, UT_) INT_UNARY(IU_##sfx, T_, sfx)
#define IU_i32(op, E) UNARY_LOOP(u_##op##_i32, int32_t, uint32_t, int32_t, E)
#define IU_i64(op, E) UNARY_LOOP(u_##op##_i64, int64_t, uint64_t, int64_t, E)
#define IU_u8(op, E) UNARY_LOOP(u_##op##_u8, uint8_t, unsigned, uint8_t, E)
#define IU_u32(op, E) UNARY_LOOP(u_##op##_u32, uint32_t, uint32_t, uint32_t, E)
IU_GEN(i32, int32_t, uint32_t)
IU_GEN(i64, int64_t, uint64_t)
IU_GEN(u8, uint8_t, unsigned)
IU_GEN(u32, uint32_t, uint32_t)
#define IB_GEN(sfx, T_) INT_BINARY(IB_##sfx, T_, sfx)
#define IB_i32(op, E) BINARY_LOOP(b_##op##_i32, int32_t, uint32_t, int32_t, E)
#define IB_i64(op, E) BINARY_LOOP(b_##op##_i64, int64_t, uint64_t, int64_t, E)
#define IB_u8(op, E) BINARY_LOOP(b_##op##_u8, uint8_t, unsigned, uint8_t, E)
#define IB_u32(op, E) BINARY_LOOP(b_##op##_u32, uint32_t, uint32_t, uint32_t, E)
IB_GEN(i32, int32_t)
IB_GEN(i64, int64_t)
IB_GEN(u8, uint8_t)
IB_GEN(u32, uint32_t)
#define BU_b(op, E) UNARY_LOOP(u_##op##_b, uint8_t, unsigned, uint8_t, E)
BOOL_UNARY(BU_b)
#define BB_b(op, E) BINARY_LOOP(b_##op##_b, uint8_t, unsigned, uint8_t, E)
BOOL_BINARY(BB_b)

#define CMP_GEN(op, E)                                                                 \
  BINARY_LOOP(c_##op##_b, uint8_t, unsigned, uint8_t, E)                               \
  BINARY_LOOP(c_##op##_u8, uint8_t, unsigned, uint8_t, E)                              \
  BINARY_LOOP(c_##op##_u32, uint32_t, uint32_t, uint8_t, E)                            \
  BINARY_LOOP(c_##op##_i32, int32_t, uint32_t, uint8_t, E)                             \
  BINARY_LOOP(c_##op##_i64, int64_t, uint64_t, uint8_t, E)                             \
  BINARY_LOOP(c_##op##_f32, float, float, uint8_t, E)                                  \
  BINARY_LOOP(c_##op##_f64, double, double, uint8_t, E)
COMPARE_OPS(CMP_GEN)

/* select(pred, on_true, on_false) */
#define SELECT_LOOP(sfx, T)                                                            \
  CLONES static void sel_##sfx(char *o_, char *const *in, const int64_t *st, int64_t n) {      \
    T *restrict o = (T *)o_;                                                           \
    const uint8_t *restrict p = (const uint8_t *)in[0];                                \
    const T *restrict x = (const T *)in[1], *restrict y = (const T *)in[2];            \
    if (st[0] == 1 && st[1] == 1 && st[2] == 1 && st[3] == 1) {                        \
      for (int64_t i = 0; i < n; i++) o[i] = p[i] ? x[i] : y[i];                       \
    } else {                                                                           \
      for (int64_t i = 0; i < n; i++)                                                  \
        o[i * st[0]] = p[i * st[1]] ? x[i * st[2]] : y[i * st[3]];                     \
    }                                                                                  \
  }
#define SEL_X(d, T, sfx) SELECT_LOOP(sfx, T)
CPU_DTYPE_CASES(SEL_X)

/* {=== casts ===}
 * float -> int follows what NumPy does on x86-64: in-range values truncate toward zero;
 * NaN and out-of-range values give the "integer indefinite" value (INT_MIN of the 32- or
 * 64-bit conversion), then narrower unsigned types keep the low bits. */
static inline int64_t f2i64(double x) {
  return (x >= -9223372036854775808.0 && x < 9223372036854775808.0) ? (int64_t)x : INT64_MIN;
}
static inline int32_t f2i32(double x) {
  return (x > -2147483649.0 && x < 2147483648.0) ? (int32_t)x : INT32_MIN;
}
#define CV_bool(v) ((uint8_t)((v) != 0))
#define CVF_b(v) ((uint8_t)((v) != 0))
#define CVF_u8(v) ((uint8_t)(uint32_t)f2i32(v))
#define CVF_u32(v) ((uint32_t)(uint64_t)f2i64(v))
#define CVF_i32(v) (f2i32(v))
#define CVF_i64(v) (f2i64(v))
#define CVF_f32(v) ((float)(v))
#define CVF_f64(v) ((double)(v))
#define CVI_b(v) ((uint8_t)((v) != 0))
#define CVI_u8(v) ((uint8_t)(v))
#define CVI_u32(v) ((uint32_t)(v))
#define CVI_i32(v) ((int32_t)(uint32_t)(v))
#define CVI_i64(v) ((int64_t)(v))
#define CVI_f32(v) ((float)(v))
#define CVI_f64(v) ((double)(v))

#define CAST_LOOP(fname, TI, TO, CONV)                                                 \
  CLONES static void fname(char *o_, char *const *in, const int64_t *st, int64_t n) {          \
    TO *restrict o = (TO *)o_;                                                         \
    const TI *restrict x = (const TI *)in[0];                                          \
    if (st[0] == 1 && st[1] == 1) for (int64_t i = 0; i < n; i++) o[i] = CONV(x[i]);   \
    else for (int64_t i = 0; i < n; i++) o[i * st[0]] = CONV(x[i * st[1]]);            \
  }
#define CAST_FROM_INT(d, TI, sfx)                                                      \
  CAST_LOOP(cv_##sfx##_b, TI, uint8_t, CVI_b) CAST_LOOP(cv_##sfx##_u8, TI, uint8_t, CVI_u8) \
  CAST_LOOP(cv_##sfx##_u32, TI, uint32_t, CVI_u32)                                     \
  CAST_LOOP(cv_##sfx##_i32, TI, int32_t, CVI_i32)                                      \
  CAST_LOOP(cv_##sfx##_i64, TI, int64_t, CVI_i64)                                      \
  CAST_LOOP(cv_##sfx##_f32, TI, float, CVI_f32) CAST_LOOP(cv_##sfx##_f64, TI, double, CVI_f64)
#define CAST_FROM_FLOAT(d, TI, sfx)                                                    \
  CAST_LOOP(cv_##sfx##_b, TI, uint8_t, CVF_b) CAST_LOOP(cv_##sfx##_u8, TI, uint8_t, CVF_u8) \
  CAST_LOOP(cv_##sfx##_u32, TI, uint32_t, CVF_u32)                                     \
  CAST_LOOP(cv_##sfx##_i32, TI, int32_t, CVF_i32)                                      \
  CAST_LOOP(cv_##sfx##_i64, TI, int64_t, CVF_i64)                                      \
  CAST_LOOP(cv_##sfx##_f32, TI, float, CVF_f32) CAST_LOOP(cv_##sfx##_f64, TI, double, CVF_f64)
CAST_FROM_INT(DT_BOOL, uint8_t, b)
CAST_FROM_INT(DT_UINT8, uint8_t, u8)
CAST_FROM_INT(DT_UINT32, uint32_t, u32)
CAST_FROM_INT(DT_INT32, int32_t, i32)
CAST_FROM_INT(DT_INT64, int64_t, i64)
CAST_FROM_FLOAT(DT_FLOAT32, float, f32)
CAST_FROM_FLOAT(DT_FLOAT64, double, f64)

/* float16 / bfloat16: widen exactly to float, round to them once from double. */
#define CV_TO_h16(v) arr_f64_to_f16((double)(v))
#define CV_TO_bf16(v) arr_f64_to_bf16((double)(v))
#define CAST_TO_HALF(d, TI, sfx)                                                       \
  CAST_LOOP(cv_##sfx##_h16, TI, uint16_t, CV_TO_h16) CAST_LOOP(cv_##sfx##_bf16, TI, uint16_t, CV_TO_bf16)
CPU_DTYPE_CASES(CAST_TO_HALF)
#define HALF_CASES(X, sfx, LD)                                                         \
  X(sfx, b, uint8_t, CVF_b(LD(v))) X(sfx, u8, uint8_t, CVF_u8(LD(v)))                  \
  X(sfx, u32, uint32_t, CVF_u32(LD(v))) X(sfx, i32, int32_t, CVF_i32(LD(v)))           \
  X(sfx, i64, int64_t, CVF_i64(LD(v))) X(sfx, f32, float, LD(v))                       \
  X(sfx, f64, double, (double)LD(v)) X(sfx, h16, uint16_t, CV_TO_h16(LD(v)))           \
  X(sfx, bf16, uint16_t, CV_TO_bf16(LD(v)))
#define HALF_CAST(sfx, to, TO, EXPR)                                                   \
  static inline TO hc_##sfx##_##to(uint16_t v) { return EXPR; }                       \
  CAST_LOOP(cv_##sfx##_##to, uint16_t, TO, hc_##sfx##_##to)
HALF_CASES(HALF_CAST, h16, arr_f16_to_f32)
HALF_CASES(HALF_CAST, bf16, arr_bf16_to_f32)

#define CV_ROW(d, T, sfx) [d] = {cv_##sfx##_b, cv_##sfx##_u8, cv_##sfx##_u32, cv_##sfx##_i32, \
                                 cv_##sfx##_i64, cv_##sfx##_f32, cv_##sfx##_f64,              \
                                 cv_##sfx##_h16, cv_##sfx##_bf16},
static const ElemLoop cvt[DT_COUNT][DT_COUNT] = {CPU_DTYPE_CASES(CV_ROW) CV_ROW(DT_FLOAT16, , h16)
                                                 CV_ROW(DT_BFLOAT16, , bf16)};

ElemLoop cpu_convert_loop(DType from, DType to) { return cvt[from][to]; }

/* float -> int as XLA converts (PConvert.sat): saturate at the target's bounds, NaN -> 0.
 * hi rounds up to 2**63 for int64, where x >= hi is exactly the out-of-range test. */
static inline int64_t fsat(double x, double lo, double hi, int64_t ilo, int64_t ihi) {
  return x != x ? 0 : x <= lo ? ilo : x >= hi ? ihi : (int64_t)x;
}
#define SVF_u8(v) ((uint8_t)fsat((double)(v), 0.0, 255.0, 0, 255))
#define SVF_u32(v) ((uint32_t)fsat((double)(v), 0.0, 4294967295.0, 0, 4294967295LL))
#define SVF_i32(v) ((int32_t)fsat((double)(v), -2147483648.0, 2147483647.0, INT32_MIN, INT32_MAX))
#define SVF_i64(v) (fsat((double)(v), -9223372036854775808.0, 9223372036854775807.0, INT64_MIN, INT64_MAX))
#define SAT_CASES(X, sfx, LD)                                                          \
  X(sfx, u8, uint8_t, SVF_u8(LD(v))) X(sfx, u32, uint32_t, SVF_u32(LD(v)))             \
  X(sfx, i32, int32_t, SVF_i32(LD(v))) X(sfx, i64, int64_t, SVF_i64(LD(v)))
#define SAT_CAST(sfx, to, TO, EXPR)                                                    \
  static inline TO sc_##sfx##_##to(TI_##sfx v) { return EXPR; }                       \
  CAST_LOOP(sv_##sfx##_##to, TI_##sfx, TO, sc_##sfx##_##to)
#define TI_f32 float
#define TI_f64 double
#define TI_h16 uint16_t
#define TI_bf16 uint16_t
#define LD_SAME(v) (v)
SAT_CASES(SAT_CAST, f32, LD_SAME)
SAT_CASES(SAT_CAST, f64, LD_SAME)
SAT_CASES(SAT_CAST, h16, arr_f16_to_f32)
SAT_CASES(SAT_CAST, bf16, arr_bf16_to_f32)

static ElemLoop sat_loop(DType from, DType to) {
#define SAT_ROW(sfx) return to == DT_UINT8 ? sv_##sfx##_u8 : to == DT_UINT32 ? sv_##sfx##_u32 \
                          : to == DT_INT32 ? sv_##sfx##_i32 : to == DT_INT64 ? sv_##sfx##_i64 : NULL
  switch (from) {
    case DT_FLOAT32: SAT_ROW(f32);
    case DT_FLOAT64: SAT_ROW(f64);
    case DT_FLOAT16: SAT_ROW(h16);
    case DT_BFLOAT16: SAT_ROW(bf16);
    default: return NULL;
  }
#undef SAT_ROW
}

double cpu_load_f(DType dt, const void *p) {
  switch (dt) {
#define X(d, T, s) case d: return (double)*(const T *)p;
    CPU_DTYPE_CASES(X)
#undef X
    case DT_FLOAT16: return arr_f16_to_f32(*(const uint16_t *)p);
    case DT_BFLOAT16: return arr_bf16_to_f32(*(const uint16_t *)p);
    default: return 0;
  }
}
void cpu_store_f(DType dt, void *p, double v) {
  char *in[1] = {(char *)&v};
  static const int64_t st[2] = {1, 1};
  cvt[DT_FLOAT64][dt]((char *)p, in, st, 1);
}

/* {=== the N-d driver ===} */
typedef struct ElemJob {
  ElemLoop loop;
  int nop;                           /* out + inputs */
  int ndim;                          /* coalesced; >= 1 */
  int64_t shape[ARR_MAXDIM];
  int64_t st[4][ARR_MAXDIM];         /* element strides per operand */
  char *base[4];
  int esz[4];
} ElemJob;

static void elem_range(void *ctx, int64_t b, int64_t e) {
  ElemJob *j = ctx;
  int nd = j->ndim, nop = j->nop;
  int64_t inner = j->shape[nd - 1];
  int64_t idx[ARR_MAXDIM];
  int64_t rest = b / inner, pos = b % inner;
  for (int d = nd - 2; d >= 0; d--) { idx[d] = rest % j->shape[d]; rest /= j->shape[d]; }
  int64_t st1[4];
  for (int k = 0; k < nop; k++) st1[k] = j->st[k][nd - 1];
  int64_t since = 0;
  while (b < e) {
    char *p[4];
    for (int k = 0; k < nop; k++) {
      int64_t off = pos * j->st[k][nd - 1];
      for (int d = 0; d < nd - 1; d++) off += idx[d] * j->st[k][d];
      p[k] = j->base[k] + off * j->esz[k];
    }
    int64_t cnt = inner - pos;
    if (cnt > e - b) cnt = e - b;
    if (cnt > CPU_POLL_BLOCK) cnt = CPU_POLL_BLOCK;   /* a long row is cut for the flag */
    j->loop(p[0], p + 1, st1, cnt);
    b += cnt;
    pos += cnt;
    since += cnt;
    if (since >= CPU_POLL_BLOCK) {
      since = 0;
      if (arr_interrupted()) return;   /* the caller drops the half-written output */
    }
    if (pos < inner) continue;
    pos = 0;
    for (int d = nd - 2; d >= 0; d--) {
      if (++idx[d] < j->shape[d]) break;
      idx[d] = 0;
    }
  }
}

/* Strides of a (right-aligned) broadcast to shape[ndim] (0 on broadcast dims). */
static void cpu_bcast_strides(const Array *a, int ndim, const int64_t *shape, int64_t *strides) {
  int off = ndim - a->ndim;
  for (int i = 0; i < ndim; i++) {
    int j = i - off;
    strides[i] = (j < 0 || (a->shape[j] == 1 && shape[i] != 1)) ? 0 : a->strides[j];
  }
}

void cpu_run_elementwise(ElemLoop loop, Array *out, Array *const *in, int nin, int64_t grain) {
  int64_t n = out->size;
  if (n == 0) return;
  ElemJob j;
  j.loop = loop;
  j.nop = nin + 1;
  int64_t full[4][ARR_MAXDIM];
  const Array *ops[4] = {out, nin > 0 ? in[0] : NULL, nin > 1 ? in[1] : NULL, nin > 2 ? in[2] : NULL};
  for (int k = 0; k < j.nop; k++) {
    cpu_bcast_strides(ops[k], out->ndim, out->shape, full[k]);
    j.base[k] = arr_data(ops[k]);
    j.esz[k] = dt_size(ops[k]->dtype);
  }
  /* Coalesce: drop size-1 dims, merge d into d+1 when every operand is contiguous across. */
  int nd = 0;
  for (int d = 0; d < out->ndim; d++) {
    if (out->shape[d] == 1) continue;
    if (nd > 0) {
      int ok = 1;
      for (int k = 0; k < j.nop; k++)
        if (j.st[k][nd - 1] != full[k][d] * out->shape[d]) { ok = 0; break; }
      if (ok) {
        j.shape[nd - 1] *= out->shape[d];
        for (int k = 0; k < j.nop; k++) j.st[k][nd - 1] = full[k][d];
        continue;
      }
    }
    j.shape[nd] = out->shape[d];
    for (int k = 0; k < j.nop; k++) j.st[k][nd] = full[k][d];
    nd++;
  }
  if (nd == 0) {
    j.shape[0] = 1;
    for (int k = 0; k < j.nop; k++) j.st[k][0] = 0;
    nd = 1;
  }
  j.ndim = nd;
  if (nd == 1 && n < 2 * grain) {   /* the hot small case: one call */
    int64_t st[4];
    char *p[3];
    for (int k = 0; k < j.nop; k++) st[k] = j.st[k][0];
    for (int k = 1; k < j.nop; k++) p[k - 1] = j.base[k];
    loop(j.base[0], p, st, n);
    return;
  }
  cpu_parallel_for(n, grain, elem_range, &j);
}

/* {=== kernels ===} */

int cpu_k_elementwise(const Prim *p, Array *const *in, int nin, const void *params,
                         const AVal *oav, Array **out) {
  Array *o = arr_new_like(oav);
  if (!o) return -1;
  DType dt = in[p->promote > 1 ? p->promote - 1 : 0]->dtype;   /* select: the pred is not the data */
  ElemLoop loop = cpu_loops[p->id][dt];
  /* Fast path: everything contiguous and the same size (or 0-d scalars). */
  int simple = 1;
  int64_t st[4] = {1, 1, 1, 1};
  char *ptrs[3];
  for (int k = 0; k < nin; k++) {
    ptrs[k] = arr_data(in[k]);
    if (in[k]->size == o->size && arr_is_contiguous(in[k])) st[k + 1] = 1;
    else if (in[k]->size == 1) st[k + 1] = 0;
    else { simple = 0; break; }
  }
  if (simple && o->size < 2 * (p->cheap ? CPU_GRAIN_CHEAP : CPU_GRAIN_MATH)) {
    if (o->size) loop(arr_data(o), ptrs, st, o->size);
  } else {
    cpu_run_elementwise(loop, o, in, nin, (p->cheap ? CPU_GRAIN_CHEAP : CPU_GRAIN_MATH));
  }
  *out = o;
  return 0;
}

int cpu_k_convert(const Prim *p, Array *const *in, int nin, const void *params,
                     const AVal *oav, Array **out) {
  Array *o = arr_new_like(oav);
  if (!o) return -1;
  const PConvert *c = params;
  ElemLoop loop = c && c->sat ? sat_loop(in[0]->dtype, oav->dtype) : NULL;
  cpu_run_elementwise(loop ? loop : cvt[in[0]->dtype][oav->dtype], o, in, 1, CPU_GRAIN_CHEAP);
  *out = o;
  return 0;
}

#define IPOW_LOOP(sfx, T, MUL)                                                         \
  static void ipow_loop_##sfx(T *o, int64_t n, int64_t y) {                            \
    int neg = y < 0;                                                                   \
    uint64_t e = neg ? (uint64_t)0 - (uint64_t)y : (uint64_t)y;                        \
    for (int64_t i = 0; i < n; i++) {                                                  \
      T base = o[i], r = 1;                                                            \
      uint64_t k = e;                                                                  \
      while (k) { if (k & 1) r = MUL(r, base); base = MUL(base, base); k >>= 1; }      \
      o[i] = r;                                                                        \
    }                                                                                  \
  }
#define FMUL(a, b) ((a) * (b))
#define U32MUL(a, b) ((int32_t)((uint32_t)(a) * (uint32_t)(b)))
#define U64MUL(a, b) ((int64_t)((uint64_t)(a) * (uint64_t)(b)))
#define U8MUL(a, b) ((uint8_t)((unsigned)(a) * (unsigned)(b)))
#define UU32MUL(a, b) ((uint32_t)((a) * (b)))
IPOW_LOOP(f32, float, FMUL)
IPOW_LOOP(f64, double, FMUL)
IPOW_LOOP(i32, int32_t, U32MUL)
IPOW_LOOP(i64, int64_t, U64MUL)
IPOW_LOOP(u8, uint8_t, U8MUL)
IPOW_LOOP(u32, uint32_t, UU32MUL)

int cpu_k_integer_pow(const Prim *p, Array *const *in, int nin, const void *params,
                         const AVal *oav, Array **out) {
  const PIntPow *pp = params;
  Array *o = arr_new_like(oav);
  if (!o) return -1;
  cpu_run_elementwise(cvt[in[0]->dtype][in[0]->dtype], o, in, 1, CPU_GRAIN_CHEAP);
  void *d = arr_data(o);
  int64_t n = o->size, y = pp->y;
  switch (o->dtype) {
    case DT_FLOAT32: ipow_loop_f32(d, n, y); if (y < 0) for (int64_t i = 0; i < n; i++) ((float *)d)[i] = 1.0f / ((float *)d)[i]; break;
    case DT_FLOAT64: ipow_loop_f64(d, n, y); if (y < 0) for (int64_t i = 0; i < n; i++) ((double *)d)[i] = 1.0 / ((double *)d)[i]; break;
    case DT_INT32: ipow_loop_i32(d, n, y); break;
    case DT_INT64: ipow_loop_i64(d, n, y); break;
    case DT_UINT8: ipow_loop_u8(d, n, y); break;
    case DT_UINT32: ipow_loop_u32(d, n, y); break;
    default: break;
  }
  *out = o;
  return 0;
}

int cpu_k_copy(const Prim *p, Array *const *in, int nin, const void *params,
                  const AVal *oav, Array **out) {
  *out = arr_copy(in[0]);
  return *out ? 0 : -1;
}

/* {=== copies (arr.h) ===} */
Array *arr_copy(const Array *a) {
  Array *o = arr_new(a->dtype, a->ndim, a->shape);
  if (!o) return NULL;
  o->flags |= a->flags & ARR_WEAK;
  if (arr_is_contiguous(a)) {
    if (a->size) memcpy(arr_data(o), arr_data(a), (size_t)a->size * dt_size(a->dtype));
  } else {
    Array *ins[1] = {(Array *)a};
    cpu_run_elementwise(cvt[a->dtype][a->dtype], o, ins, 1, CPU_GRAIN_CHEAP);
  }
  return o;
}

Array *arr_contiguous(Array *a) {
  if (arr_is_contiguous(a)) return arr_retain(a);
  return arr_copy(a);
}

int arr_assign(Array *dst, const Array *src) {
  Array *b = arr_view_broadcast((Array *)src, dst->ndim, dst->shape);
  if (!b) return -1;
  /* Overlapping buffers (x[1:] = x[:-1]) go through a temporary, as numpy does. */
  Array *tmp = NULL;
  if (b->buf == dst->buf) {
    tmp = arr_copy(b);
    arr_release(b);
    if (!tmp) return -1;
    b = arr_view_broadcast(tmp, dst->ndim, dst->shape);
    arr_release(tmp);
    if (!b) return -1;
  }
  Array *ins[1] = {b};
  cpu_run_elementwise(cvt[src->dtype][dst->dtype], dst, ins, 1, CPU_GRAIN_CHEAP);
  arr_release(b);
  return 0;
}

/* {=== libmvec fast path ===}
 * glibc (>= 2.35 on x86-64) ships vectorised float/double math (libmvec, <= 4 ulp, special
 * values handled). gcc only calls it under -ffast-math, so the contiguous loops of the common
 * transcendental ops call the AVX2 variants directly when the CPU has AVX2; strided loops and
 * other machines keep the scalar libm loops above. -lm links libmvec (AS_NEEDED). */
#if defined(__x86_64__) && defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 35))
#define HAVE_MVEC 1
#include <immintrin.h>
#define MVEC_OPS(X)                                                                    \
  X(exp, exp) X(log, log) X(sin, sin) X(cos, cos) X(tanh, tanh) X(exp2, exp2)           \
  X(expm1, expm1) X(log1p, log1p) X(log2, log2) X(log10, log10) X(tan, tan)            \
  X(asin, asin) X(acos, acos) X(atan, atan) X(sinh, sinh) X(cosh, cosh) X(asinh, asinh) \
  X(acosh, acosh) X(atanh, atanh) X(erf, erf) X(erfc, erfc) X(cbrt, cbrt)
#pragma GCC push_options
#pragma GCC target("avx2")
#define MV_DECL(op, fn) __m256 _ZGVdN8v_##fn##f(__m256); __m256d _ZGVdN4v_##fn(__m256d);
MVEC_OPS(MV_DECL)
#define MV_LOOP(op, fn)                                                                \
  static void mv_##op##_f32(char *o_, char *const *in, const int64_t *st, int64_t n) {  \
    if (st[0] != 1 || st[1] != 1) { u_##op##_f32(o_, in, st, n); return; }              \
    float *o = (float *)o_;                                                           \
    const float *x = (const float *)in[0];                                            \
    int64_t i = 0;                                                                    \
    for (; i + 8 <= n; i += 8) _mm256_storeu_ps(o + i, _ZGVdN8v_##fn##f(_mm256_loadu_ps(x + i))); \
    if (i < n) { char *p[1] = {(char *)(x + i)}; u_##op##_f32((char *)(o + i), p, st, n - i); } \
  }                                                                                   \
  static void mv_##op##_f64(char *o_, char *const *in, const int64_t *st, int64_t n) {  \
    if (st[0] != 1 || st[1] != 1) { u_##op##_f64(o_, in, st, n); return; }              \
    double *o = (double *)o_;                                                         \
    const double *x = (const double *)in[0];                                          \
    int64_t i = 0;                                                                    \
    for (; i + 4 <= n; i += 4) _mm256_storeu_pd(o + i, _ZGVdN4v_##fn(_mm256_loadu_pd(x + i))); \
    if (i < n) { char *p[1] = {(char *)(x + i)}; u_##op##_f64((char *)(o + i), p, st, n - i); } \
  }
MVEC_OPS(MV_LOOP)
#pragma GCC pop_options
#endif

/* {=== AVX2 rounding and square roots ===}
 * gcc keeps sqrt scalar (errno for negative inputs) and floor/ceil scalar (FP-exception
 * semantics) even in the AVX2 clones; the instructions give the same values (sqrt is
 * correctly rounded, NaN in gives NaN out), so the contiguous loops use them directly. */
#if defined(__x86_64__) && !defined(__clang__)
#define HAVE_AVX2_ROUND 1
#include <immintrin.h>
#pragma GCC push_options
#pragma GCC target("avx2")
#define AVX_OPS(X)                                                                     \
  X(sqrt, _mm256_sqrt_ps(v), _mm256_sqrt_pd(v))                                        \
  X(rsqrt, _mm256_div_ps(_mm256_set1_ps(1.0f), _mm256_sqrt_ps(v)),                     \
    _mm256_div_pd(_mm256_set1_pd(1.0), _mm256_sqrt_pd(v)))                             \
  X(floor, _mm256_round_ps(v, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC),              \
    _mm256_round_pd(v, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC))                     \
  X(ceil, _mm256_round_ps(v, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC),               \
    _mm256_round_pd(v, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC))
#define AVX_LOOP(op, EF, ED)                                                           \
  static void av_##op##_f32(char *o_, char *const *in, const int64_t *st, int64_t n) {  \
    if (st[0] != 1 || st[1] != 1) { u_##op##_f32(o_, in, st, n); return; }              \
    float *o = (float *)o_;                                                           \
    const float *x = (const float *)in[0];                                            \
    int64_t i = 0;                                                                    \
    for (; i + 8 <= n; i += 8) { __m256 v = _mm256_loadu_ps(x + i); _mm256_storeu_ps(o + i, EF); } \
    if (i < n) { char *p[1] = {(char *)(x + i)}; u_##op##_f32((char *)(o + i), p, st, n - i); } \
  }                                                                                   \
  static void av_##op##_f64(char *o_, char *const *in, const int64_t *st, int64_t n) {  \
    if (st[0] != 1 || st[1] != 1) { u_##op##_f64(o_, in, st, n); return; }              \
    double *o = (double *)o_;                                                         \
    const double *x = (const double *)in[0];                                          \
    int64_t i = 0;                                                                    \
    for (; i + 4 <= n; i += 4) { __m256d v = _mm256_loadu_pd(x + i); _mm256_storeu_pd(o + i, ED); } \
    if (i < n) { char *p[1] = {(char *)(x + i)}; u_##op##_f64((char *)(o + i), p, st, n - i); } \
  }
AVX_OPS(AVX_LOOP)
#pragma GCC pop_options
#endif

/* {=== registration ===} */
/* The per-dtype inner loops of the elementwise primitives, chosen once for this CPU. */
ElemLoop cpu_loops[PRIM_COUNT][DT_COUNT];

void cpu_init_loops(void) {
  ElemLoop (*t)[DT_COUNT] = cpu_loops;
  cpu_init_reduce_loops();
#define R_F(op, E) t[PRIM_##op][DT_FLOAT32] = u_##op##_f32; t[PRIM_##op][DT_FLOAT64] = u_##op##_f64;
  FLOAT_UNARY(R_F, , )
  FLOAT_UNARY_BOOL(R_F)
#undef R_F
#define R_FB(op, E) t[PRIM_##op][DT_FLOAT32] = b_##op##_f32; t[PRIM_##op][DT_FLOAT64] = b_##op##_f64;
  FLOAT_BINARY(R_FB, , )
#undef R_FB
#define R_I(op, E) t[PRIM_##op][DT_INT32] = u_##op##_i32; t[PRIM_##op][DT_INT64] = u_##op##_i64; \
  t[PRIM_##op][DT_UINT8] = u_##op##_u8; t[PRIM_##op][DT_UINT32] = u_##op##_u32;
  INT_UNARY(R_I, , )
#undef R_I
#define R_IB(op, E) t[PRIM_##op][DT_INT32] = b_##op##_i32; t[PRIM_##op][DT_INT64] = b_##op##_i64; \
  t[PRIM_##op][DT_UINT8] = b_##op##_u8; t[PRIM_##op][DT_UINT32] = b_##op##_u32;
  INT_BINARY(R_IB, , )
#undef R_IB
#define R_BU(op, E) t[PRIM_##op][DT_BOOL] = u_##op##_b;
  BOOL_UNARY(R_BU)
#undef R_BU
#define R_BB(op, E) t[PRIM_##op][DT_BOOL] = b_##op##_b;
  BOOL_BINARY(R_BB)
#undef R_BB
#define R_C(op, E) t[PRIM_##op][DT_BOOL] = c_##op##_b; t[PRIM_##op][DT_UINT8] = c_##op##_u8; \
  t[PRIM_##op][DT_UINT32] = c_##op##_u32; t[PRIM_##op][DT_INT32] = c_##op##_i32;              \
  t[PRIM_##op][DT_INT64] = c_##op##_i64; t[PRIM_##op][DT_FLOAT32] = c_##op##_f32;            \
  t[PRIM_##op][DT_FLOAT64] = c_##op##_f64;
  COMPARE_OPS(R_C)
#undef R_C
#define R_S(d, T, sfx) t[PRIM_select][d] = sel_##sfx;
  CPU_DTYPE_CASES(R_S)
#undef R_S
#ifdef HAVE_AVX2_ROUND
  if (__builtin_cpu_supports("avx2")) {
#define AV_REG(op, EF, ED) t[PRIM_##op][DT_FLOAT32] = av_##op##_f32; t[PRIM_##op][DT_FLOAT64] = av_##op##_f64;
    AVX_OPS(AV_REG)
#undef AV_REG
  }
#endif
#ifdef HAVE_MVEC
  if (!getenv("SABLE_NO_MVEC") && __builtin_cpu_supports("avx2")) {
#define MV_REG(op, fn) t[PRIM_##op][DT_FLOAT32] = mv_##op##_f32; t[PRIM_##op][DT_FLOAT64] = mv_##op##_f64;
    MVEC_OPS(MV_REG)
#undef MV_REG
  }
#endif
}
