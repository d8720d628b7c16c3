/* arr_half.h - float16 (IEEE binary16) and bfloat16 bit conversions: exact widening, and
 * rounding to nearest even from double (one rounding, as ml_dtypes and XLA do). */
#ifndef SABLE_ARR_HALF_H
#define SABLE_ARR_HALF_H

#include <math.h>
#include <stdint.h>
#include <string.h>

static inline float arr_bf16_to_f32(uint16_t h) {
  uint32_t u = (uint32_t)h << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static inline float arr_f16_to_f32(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff, u;
  if (e == 0) {
    float f = ldexpf((float)m, -24);
    return sign ? -f : f;
  }
  if (e == 31) u = sign | 0x7f800000u | (m << 13);
  else u = sign | ((e + 112) << 23) | (m << 13);
  float f;
  memcpy(&f, &u, 4);
  return f;
}

/* Round a double to a binary format with mbits stored mantissa bits, minimum normal exponent
 * emin and the given exponent bias; ties to even, overflow to infinity. */
static inline uint16_t arr_round_half_(double x, int mbits, int emin, int bias, uint16_t qnan,
                                       double inf_at) {
  uint16_t sign = signbit(x) ? 0x8000 : 0;
  if (isnan(x)) return sign | qnan;
  double a = fabs(x);
  if (a >= inf_at) return sign | (uint16_t)(((2 * bias + 1) << mbits));
  if (a == 0) return sign;
  int E;
  frexp(a, &E);
  int e = E - 1 < emin ? emin : E - 1;
  double r = nearbyint(ldexp(a, mbits - e));           /* in units of the quantum */
  if (r >= ldexp(1.0, mbits + 1)) { r /= 2; e++; }    /* rounded up to the next binade */
  uint32_t q = (uint32_t)r;
  if (q < (1u << mbits)) return sign | (uint16_t)q;    /* subnormal (e == emin) or zero */
  return sign | (uint16_t)(((uint32_t)(e + bias) << mbits) | (q - (1u << mbits)));
}

static inline uint16_t arr_f64_to_f16(double x) {
  return arr_round_half_(x, 10, -14, 15, 0x7e00, 65520.0);
}
static inline uint16_t arr_f64_to_bf16(double x) {
  return arr_round_half_(x, 7, -126, 127, 0x7fc0, ldexp(2.0 - ldexp(1.0, -8), 127));
}
static inline uint16_t arr_f32_to_bf16(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  if ((u & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((u >> 16) | 0x40);
  u += 0x7fffu + ((u >> 16) & 1);
  return (uint16_t)(u >> 16);
}
static inline uint16_t arr_f32_to_f16(float f) { return arr_f64_to_f16((double)f); }

/* Either half type, chosen by a flag (1: bfloat16). */
static inline float arr_half_to_f32(int bf, uint16_t h) {
  return bf ? arr_bf16_to_f32(h) : arr_f16_to_f32(h);
}
static inline uint16_t arr_f64_to_half(int bf, double x) {
  return bf ? arr_f64_to_bf16(x) : arr_f64_to_f16(x);
}

#endif
