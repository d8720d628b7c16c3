/* jax.random's threefry2x32 PRNG and its samplers, bit for bit with JAX on XLA:CPU. Built with
   -ffp-contract=off: each float operation below rounds exactly where XLA's kernel rounds. */

/* How XLA:CPU evaluates float code, which the math below reproduces:
   - LLVM compiles its kernels with FP-op fusion on: every multiply whose only use is an add or
     subtract becomes one fused multiply-add (vfmadd). Those are the explicit fmaf/fma calls.
   - Its threads run with denormals flushed (FTZ and DAZ), so subnormals read and round as 0.
   - float32 log / log1p / erf are XLA's own polynomials; float64 log and erf are libm's. */
#include "prng.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The fused multiply-adds below are single instructions where the CPU has them; without
   -mfma, fmaf() is a libm call, so the hot samplers are also built as FMA clones (ifunc). */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define FMA_CLONES __attribute__((target_clones("fma", "default")))
#define MATH_INLINE static inline __attribute__((always_inline))
#else
#define FMA_CLONES
#define MATH_INLINE static inline
#endif

/* ---------------------------------------------------------------- threefry2x32 */

static inline uint32_t rotl32(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

static inline void tf_block(const uint32_t key[2], uint32_t c0, uint32_t c1, uint32_t *y0,
                            uint32_t *y1)
{
    static const int rot[2][4] = {{13, 15, 26, 6}, {17, 29, 16, 24}};
    const uint32_t ks[3] = {key[0], key[1], key[0] ^ key[1] ^ 0x1BD11BDAu};
    uint32_t x0 = c0 + ks[0], x1 = c1 + ks[1];
    for (int i = 0; i < 5; i++) {
        const int *r = rot[i & 1];
        for (int j = 0; j < 4; j++) {
            x0 += x1;
            x1 = rotl32(x1, r[j]);
            x1 ^= x0;
        }
        x0 += ks[(i + 1) % 3];
        x1 += ks[(i + 2) % 3] + (uint32_t)(i + 1);
    }
    *y0 = x0;
    *y1 = x1;
}

void prng_threefry2x32(const uint32_t key[2], const uint32_t in[2], uint32_t out[2])
{
    uint32_t y0, y1;
    tf_block(key, in[0], in[1], &y0, &y1);
    out[0] = y0;
    out[1] = y1;
}

/* Reading counts[i] and counts[i + half] before writing the same two slots keeps out == counts
   safe: no later step reads them. */
void prng_hash(const uint32_t key[2], const uint32_t *counts, size_t n, uint32_t *out)
{
    size_t half = n / 2 + (n & 1);
    for (size_t i = 0; i < half; i++) {
        int has_hi = i + half < n;
        uint32_t y0, y1;
        tf_block(key, counts[i], has_hi ? counts[i + half] : 0u, &y0, &y1);
        out[i] = y0;
        if (has_hi) out[i + half] = y1;
    }
}

void prng_seed(int64_t seed, int x64, uint32_t key[2])
{
    uint64_t s = (uint64_t)seed;
    key[0] = x64 ? (uint32_t)(s >> 32) : 0u; /* an int32 seed shifted right by 32 is 0 */
    key[1] = (uint32_t)s;
}

void prng_fold_in(const uint32_t key[2], uint32_t data, uint32_t out[2])
{
    uint32_t y0, y1;
    tf_block(key, 0u, data, &y0, &y1);
    out[0] = y0;
    out[1] = y1;
}

/* Legacy counters index words of hash(key, iota(W)); word j and word j + half come out of one
   block. JAX splits W >= 2^32 - 1 into several keys; that is 16 GiB of bits, so refused here. */
#define LEGACY_MAX_WORDS 0xFFFFFFFFull

int prng_split(const uint32_t key[2], size_t n, int partitionable, uint32_t *out)
{
    if (partitionable) {
        for (size_t i = 0; i < n; i++)
            tf_block(key, (uint32_t)((uint64_t)i >> 32), (uint32_t)i, &out[2 * i], &out[2 * i + 1]);
        return PRNG_OK;
    }
    if ((uint64_t)n > 0x80000000ull) return PRNG_EINVAL; /* iota(uint32, 2n) must not wrap */
    for (size_t j = 0; j < n; j++)
        tf_block(key, (uint32_t)j, (uint32_t)(j + n), &out[j], &out[j + n]);
    return PRNG_OK;
}

/* Stores go through memcpy: the float samplers draw bits straight into their float output. */
static inline void put_word(void *out, int width, uint64_t i, uint64_t v)
{
    unsigned char *p = (unsigned char *)out + i * (uint64_t)(width / 8);
    if (width == 8) *p = (uint8_t)v;
    else if (width == 16) { uint16_t t = (uint16_t)v; memcpy(p, &t, 2); }
    else if (width == 32) { uint32_t t = (uint32_t)v; memcpy(p, &t, 4); }
    else memcpy(p, &v, 8);
}

int prng_bits(const uint32_t key[2], int width, size_t n, int partitionable, void *out)
{
    if (width != 8 && width != 16 && width != 32 && width != 64) return PRNG_EINVAL;
    if (partitionable) {
        for (size_t i = 0; i < n; i++) {
            uint32_t b1, b2;
            tf_block(key, (uint32_t)((uint64_t)i >> 32), (uint32_t)i, &b1, &b2);
            if (width == 64) put_word(out, 64, i, ((uint64_t)b1 << 32) | b2);
            else put_word(out, width, i, b1 ^ b2); /* 8/16 keep the low bits */
        }
        return PRNG_OK;
    }
    if ((uint64_t)n > UINT64_MAX / 64) return PRNG_EINVAL;
    uint64_t words = ((uint64_t)width * n + 31) / 32;
    if (words >= LEGACY_MAX_WORDS) return PRNG_EINVAL;
    uint64_t half = words / 2 + (words & 1);
    if (width == 64) { /* words = 2n: hi word j, lo word j + n */
        for (size_t j = 0; j < n; j++) {
            uint32_t hi, lo;
            tf_block(key, (uint32_t)j, (uint32_t)(j + n), &hi, &lo);
            put_word(out, 64, j, ((uint64_t)hi << 32) | lo);
        }
        return PRNG_OK;
    }
    int per = 32 / width;
    uint32_t mask = width == 32 ? 0xFFFFFFFFu : (1u << width) - 1u;
    for (uint64_t j = 0; j < half; j++) {
        uint32_t w[2];
        uint64_t at[2] = {j, j + half};
        int has_hi = j + half < words;
        tf_block(key, (uint32_t)j, has_hi ? (uint32_t)(j + half) : 0u, &w[0], &w[1]);
        for (int h = 0; h < 1 + has_hi; h++) {
            for (int s = 0; s < per; s++) { /* little-endian sub-words */
                uint64_t idx = at[h] * (uint64_t)per + (uint64_t)s;
                if (idx >= n) break;
                put_word(out, width, idx, (w[h] >> (width * s)) & mask);
            }
        }
    }
    return PRNG_OK;
}

/* ---------------------------------------------------------------- XLA:CPU elementwise math */

static inline float f32b(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
static inline double f64b(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }
static inline uint32_t bitsf(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }

/* Flush-to-zero / denormals-are-zero, as XLA:CPU's threads run. */
static inline float ftzf(float x) { return fabsf(x) < FLT_MIN ? copysignf(0.0f, x) : x; }
static inline double ftz(double x) { return fabs(x) < DBL_MIN ? copysign(0.0, x) : x; }

/* XLA's max/min propagate NaN. */
static inline float xmaxf(float a, float b) { return a != a ? a : b != b ? b : a >= b ? a : b; }
static inline float xminf(float a, float b) { return a != a ? a : b != b ? b : a <= b ? a : b; }
static inline double xmax(double a, double b) { return a != a ? a : b != b ? b : a >= b ? a : b; }
static inline double xmin(double a, double b) { return a != a ? a : b != b ? b : a <= b ? a : b; }

/* XLA:CPU's own float32 log (a Cephes polynomial), transcribed from the LLVM IR jaxlib emits. */
MATH_INLINE float xla_log_f32(float x)
{
    x = ftzf(x);
    if (x == 0.0f) return -INFINITY;
    if (x == INFINITY) return INFINITY;
    if (!(x > 0.0f)) return f32b(0xFFFFFFFFu);
    float xm = x > FLT_MIN ? x : FLT_MIN;
    uint32_t b = bitsf(xm);
    int32_t e = (int32_t)(b >> 23) - 127;
    float m = f32b((b & 0x807FFFFFu) | 0x3F000000u);
    float ef = 1.0f + (float)e;
    int below = m < f32b(0x3F3504F3u);
    float t = below ? m : 0.0f;
    float m1 = m - 1.0f;
    ef = ef - (below ? 1.0f : 0.0f);
    float z = m1 + t;
    float z2 = z * z;
    float z3 = z2 * z;
    float y0 = fmaf(z, f32b(0x3D9021BBu), f32b(0xBDEBD1B8u));
    float y1 = fmaf(z, f32b(0xBDFE5D4Fu), f32b(0x3E11E9BFu));
    float y2 = fmaf(z, f32b(0x3E4CCEACu), f32b(0xBE7FFFFCu));
    y0 = fmaf(y0, z, f32b(0x3DEF251Au));
    y1 = fmaf(y1, z, f32b(0xBE2AAE50u));
    y2 = fmaf(y2, z, f32b(0x3EAAAAAAu));
    float y = fmaf(y0, z3, y1);
    y = fmaf(y, z3, y2);
    y = fmaf(y, z3, ef * f32b(0xB95E8083u));
    float zs = fmaf(-0.5f, z2, z);
    return fmaf(ef, f32b(0x3F318000u), zs + y);
}

MATH_INLINE float xla_log1p_f32(float x)
{
    if (!(fabsf(x) < f32b(0x3ED413CDu))) return xla_log_f32(x + 1.0f);
    static const uint32_t den[6] = {0x417101ADu, 0x42A6185Bu, 0x435DC32Du,
                                    0x439A8CA3u, 0x43586D8Au, 0x42707982u};
    static const uint32_t num[6] = {0x3EFF40C5u, 0x40D284FAu, 0x41EF4B9Cu,
                                    0x4273CC76u, 0x426473ADu, 0x41A05101u};
    float x2 = x * x, z = x * 0.0f;
    float d = z + 1.0f, q = z + 4.527e-05f;
    for (int i = 0; i < 6; i++) {
        d = fmaf(d, x, f32b(den[i]));
        q = fmaf(q, x, f32b(num[i]));
    }
    float t = (x * x2) * (q / d);
    return x + fmaf(x2, -0.5f, t);
}

MATH_INLINE double xla_log1p_f64(double x)
{
    if (!(fabs(x) < f64b(0x3FDA827999FCEF32ull))) return log(x + 1.0);
    static const uint64_t den[6] = {0x402E20359E903E37ull, 0x4054C30B52213498ull,
                                    0x406BB86590FCFB56ull, 0x407351945DC908A5ull,
                                    0x406B0DB13E48E066ull, 0x404E0F304466448Eull};
    static const uint64_t num[7] = {0x3F07BC0962B395CAull, 0x3FDFE818A0FE1A83ull,
                                    0x401A509F46F4FA53ull, 0x403DE9738B8CB9C9ull,
                                    0x404E798EB86C3351ull, 0x404C8E7597479A10ull,
                                    0x40340A202D99830Aull};
    double x2 = x * x, z = x * 0.0;
    double d = z + 1.0, q = z + f64b(num[0]);
    for (int i = 0; i < 6; i++) {
        d = fma(d, x, f64b(den[i]));
        q = fma(q, x, f64b(num[i + 1]));
    }
    double t = (x * x2) * (q / d);
    return x + fma(x2, -0.5, t);
}

/* XLA:CPU's float32 erf: a rational approximation evaluated with explicit fused multiply-adds. */
MATH_INLINE float xla_erf_f32(float x)
{
    if (fabsf(x) >= f32b(0x407547CBu)) return copysignf(1.0f, x);
    float x2 = x * x;
    float p = fmaf(x2, f32b(0x39702D51u), f32b(0x3B5F5DA2u));
    p = fmaf(x2, p, f32b(0x3D50B6EBu));
    p = fmaf(x2, p, f32b(0x3E3DA740u));
    p = fmaf(x2, p, f32b(0x3F906EBAu));
    float q = fmaf(x2, f32b(0xB3FD3906u), f32b(0x37C588DFu));
    q = fmaf(x2, q, f32b(0x3A856D28u));
    q = fmaf(x2, q, f32b(0x3C6687D4u));
    q = fmaf(x2, q, f32b(0x3DE34C21u));
    q = fmaf(x2, q, f32b(0x3EFEB44Au));
    q = fmaf(x2, q, 1.0f);
    return (x * p) / q;
}

/* StableHLO's erf_inv decomposition (Giles), float32. */
MATH_INLINE float xla_erfinv_f32(float x)
{
    static const float lo[9] = {2.81022636e-08f, 3.43273939e-07f, -3.5233877e-06f,
                                -4.39150654e-06f, 0.00021858087f, -0.00125372503f,
                                -0.00417768164f, 0.246640727f, 1.50140941f};
    static const float hi[9] = {-0.000200214257f, 0.000100950558f, 0.00134934322f,
                                -0.00367342844f, 0.00573950773f, -0.0076224613f,
                                0.00943887047f, 1.00167406f, 2.83297682f};
    float w = -xla_log1p_f32(x * -x);
    const float *c = hi;
    if (w < 5.0f) {
        w = w + -2.5f;
        c = lo;
    } else {
        w = sqrtf(w) + -3.0f;
    }
    float p = c[0];
    for (int i = 1; i < 9; i++) p = fmaf(p, w, c[i]);
    return fabsf(x) == 1.0f ? x * INFINITY : p * x;
}

/* StableHLO's erf_inv decomposition, float64: three Giles polynomials. */
MATH_INLINE double xla_erfinv_f64(double x)
{
    static const double c625[23] = {
        -3.64441206401782e-21, -1.6850591381820166e-19, 1.28584807152564e-18,
        1.1157877678025181e-17, -1.3331716628546209e-16, 2.0972767875968562e-17,
        6.6376381343583238e-15, -4.0545662729752069e-14, -8.1519341976054722e-14,
        2.6335093153082323e-12, -1.2975133253453532e-11, -5.4154120542946279e-11,
        1.0512122733215323e-09, -4.1126339803469837e-09, -2.9070369957882005e-08,
        4.2347877827932404e-07, -1.3654692000834679e-06, -1.3882523362786469e-05,
        0.00018673420803405714, -0.000740702534166267, -0.0060336708714301491,
        0.24015818242558962, 1.6536545626831027};
    static const double c16[19] = {
        2.2137376921775787e-09, 9.0756561938885391e-08, -2.7517406297064545e-07,
        1.8239629214389228e-08, 1.5027403968909828e-06, -4.013867526981546e-06,
        2.9234449089955446e-06, 1.2475304481671779e-05, -4.7318229009055734e-05,
        6.8284851459573175e-05, 2.4031110387097894e-05, -0.00035503752036284748,
        0.0009532893797373805, -0.0016882755560235047, 0.0024914420961078508,
        -0.0037512085075692412, 0.0053709145535900636, 1.0052589676941592,
        3.0838856104922208};
    static const double cbig[17] = {
        -2.7109920616438573e-11, -2.5556418169965252e-10, 1.5076572693500548e-09,
        -3.789465440126737e-09, 7.61570120807834e-09, -1.496002662714924e-08,
        2.9147953450901081e-08, -6.7711997758452339e-08, 2.2900482228026655e-07,
        -9.9298272942317e-07, 4.5260625972231537e-06, -1.9681778105531671e-05,
        7.5995277030017761e-05, -0.00021503011930044477, -0.00013871931833623122,
        1.0103004648645344, 4.8499064014085844};
    double w = -xla_log1p_f64(x * -x);
    const double *c;
    int nc;
    if (w < 6.25) {
        w = w + -3.125;
        c = c625, nc = 23;
    } else if (w < 16.0) {
        w = sqrt(w) - 3.25;
        c = c16, nc = 19;
    } else {
        w = sqrt(w) - 5.0;
        c = cbig, nc = 17;
    }
    double p = c[0];
    for (int i = 1; i < nc; i++) p = fma(p, w, c[i]);
    return fabs(x) == 1.0 ? x * INFINITY : p * x;
}

float prng_xla_log_f32(float x) { return xla_log_f32(x); }
float prng_xla_log1p_f32(float x) { return xla_log1p_f32(x); }
double prng_xla_log1p_f64(double x) { return xla_log1p_f64(x); }
float prng_xla_erf_f32(float x) { return xla_erf_f32(x); }
float prng_xla_erfinv_f32(float x) { return xla_erfinv_f32(x); }
double prng_xla_erfinv_f64(double x) { return xla_erfinv_f64(x); }

/* malloc(n * size) that refuses an overflowing product; never returns NULL for n == 0. */
static void *alloc_n(size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size) return NULL;
    size_t bytes = n * size;
    return malloc(bytes ? bytes : 1);
}

/* XLA rewrites cumsum's O(n^2) reduce-window into rows of 16 scanned in order, plus the
   (recursively blocked) inclusive scan of the row totals added to the following rows. */
#define CUMSUM_IMPL(NAME, T)                                                                \
    int NAME(const T *x, size_t n, T *out)                                                  \
    {                                                                                       \
        if (n <= 16) {                                                                      \
            T s = 0;                                                                        \
            for (size_t i = 0; i < n; i++) out[i] = s = s + x[i];                           \
            return PRNG_OK;                                                                 \
        }                                                                                   \
        size_t rows = (n + 15) / 16;                                                        \
        T *tot = alloc_n(rows, sizeof(T)), *inc = alloc_n(rows, sizeof(T));                 \
        int rc = (tot && inc) ? PRNG_OK : PRNG_ENOMEM;                                      \
        for (size_t r = 0; !rc && r < rows; r++) {                                          \
            T s = 0;                                                                        \
            for (size_t c = 0; c < 16; c++) {                                               \
                size_t i = r * 16 + c;                                                      \
                s = s + (i < n ? x[i] : (T)0);                                              \
                if (i < n) out[i] = s;                                                      \
            }                                                                               \
            tot[r] = s;                                                                     \
        }                                                                                   \
        if (!rc) rc = NAME(tot, rows, inc);                                                 \
        for (size_t i = 16; !rc && i < n; i++) out[i] = out[i] + inc[i / 16 - 1];           \
        free(tot);                                                                          \
        free(inc);                                                                          \
        return rc;                                                                          \
    }
CUMSUM_IMPL(prng_cumsum_f32, float)
CUMSUM_IMPL(prng_cumsum_f64, double)

/* ---------------------------------------------------------------- float samplers */

static int bcast_ok(size_t count, size_t n) { return count == 1 || count == n; }
#define AT(p, cnt, i) ((cnt) == 1 ? (p)[0] : (p)[i])

static inline float unit_f32(uint32_t b) { return f32b((b >> 9) | 0x3F800000u) - 1.0f; }
static inline double unit_f64(uint64_t b)
{
    return f64b((b >> 12) | 0x3FF0000000000000ull) - 1.0;
}
MATH_INLINE float scale_f32(float f, float lo, float hi)
{
    lo = ftzf(lo), hi = ftzf(hi);
    return xmaxf(lo, ftzf(fmaf(f, ftzf(hi - lo), lo)));
}
MATH_INLINE double scale_f64(double f, double lo, double hi)
{
    lo = ftz(lo), hi = ftz(hi);
    return xmax(lo, ftz(fma(f, ftz(hi - lo), lo)));
}

/* Bits are drawn into the output buffer (same width as the float) and converted in place. */
static int unit_bits32(const uint32_t key[2], size_t n, int part, float *out)
{
    return prng_bits(key, 32, n, part, out);
}
static int unit_bits64(const uint32_t key[2], size_t n, int part, double *out)
{
    return prng_bits(key, 64, n, part, out);
}
static inline float take_f32(const float *slot)
{
    uint32_t b;
    memcpy(&b, slot, 4);
    return unit_f32(b);
}
static inline double take_f64(const double *slot)
{
    uint64_t b;
    memcpy(&b, slot, 8);
    return unit_f64(b);
}

FMA_CLONES int prng_uniform_f32(const uint32_t key[2], size_t n, const float *minval,
                                size_t nmin, const float *maxval, size_t nmax, int part,
                                float *out)
{
    if (!bcast_ok(nmin, n) || !bcast_ok(nmax, n)) return PRNG_EINVAL;
    int rc = unit_bits32(key, n, part, out);
    if (rc) return rc;
    for (size_t i = 0; i < n; i++)
        out[i] = scale_f32(take_f32(&out[i]), AT(minval, nmin, i), AT(maxval, nmax, i));
    return PRNG_OK;
}

FMA_CLONES int prng_uniform_f64(const uint32_t key[2], size_t n, const double *minval,
                                size_t nmin, const double *maxval, size_t nmax, int part,
                                double *out)
{
    if (!bcast_ok(nmin, n) || !bcast_ok(nmax, n)) return PRNG_EINVAL;
    int rc = unit_bits64(key, n, part, out);
    if (rc) return rc;
    for (size_t i = 0; i < n; i++)
        out[i] = scale_f64(take_f64(&out[i]), AT(minval, nmin, i), AT(maxval, nmax, i));
    return PRNG_OK;
}

FMA_CLONES int prng_normal_f32(const uint32_t key[2], size_t n, int part, float *out)
{
    int rc = unit_bits32(key, n, part, out);
    if (rc) return rc;
    const float lo = nextafterf(-1.0f, 0.0f);
    for (size_t i = 0; i < n; i++)
        out[i] = xla_erfinv_f32(scale_f32(take_f32(&out[i]), lo, 1.0f)) * 1.41421354f;
    return PRNG_OK;
}

FMA_CLONES int prng_normal_f64(const uint32_t key[2], size_t n, int part, double *out)
{
    int rc = unit_bits64(key, n, part, out);
    if (rc) return rc;
    const double lo = nextafter(-1.0, 0.0), sqrt2 = 1.4142135623730951;
    for (size_t i = 0; i < n; i++)
        out[i] = xla_erfinv_f64(scale_f64(take_f64(&out[i]), lo, 1.0)) * sqrt2;
    return PRNG_OK;
}

/* XLA folds lower / sqrt2 into lower * (1 / sqrt2), the reciprocal rounded in the dtype. */
FMA_CLONES int prng_truncated_normal_f32(const uint32_t key[2], size_t n, const float *lower,
                                         size_t nlow, const float *upper, size_t nup, int part,
                                         float *out)
{
    if (!bcast_ok(nlow, n) || !bcast_ok(nup, n)) return PRNG_EINVAL;
    int rc = unit_bits32(key, n, part, out);
    if (rc) return rc;
    const float sqrt2 = 1.41421354f, inv = 1.0f / sqrt2;
    for (size_t i = 0; i < n; i++) {
        float l = AT(lower, nlow, i), u = AT(upper, nup, i);
        float a = xla_erf_f32(l * inv), b = xla_erf_f32(u * inv);
        float z = xla_erfinv_f32(scale_f32(take_f32(&out[i]), a, b)) * sqrt2;
        out[i] = xminf(nextafterf(u, -INFINITY), xmaxf(nextafterf(l, INFINITY), z));
    }
    return PRNG_OK;
}

FMA_CLONES int prng_truncated_normal_f64(const uint32_t key[2], size_t n, const double *lower,
                                         size_t nlow, const double *upper, size_t nup, int part,
                                         double *out)
{
    if (!bcast_ok(nlow, n) || !bcast_ok(nup, n)) return PRNG_EINVAL;
    int rc = unit_bits64(key, n, part, out);
    if (rc) return rc;
    const double sqrt2 = 1.4142135623730951, inv = 1.0 / sqrt2;
    for (size_t i = 0; i < n; i++) {
        double l = AT(lower, nlow, i), u = AT(upper, nup, i);
        double a = erf(l * inv), b = erf(u * inv); /* XLA:CPU calls libm's erf for f64 */
        double z = xla_erfinv_f64(scale_f64(take_f64(&out[i]), a, b)) * sqrt2;
        out[i] = xmin(nextafter(u, -INFINITY), xmax(nextafter(l, INFINITY), z));
    }
    return PRNG_OK;
}

int prng_bernoulli_f32(const uint32_t key[2], size_t n, const float *p, size_t np, int part,
                       uint8_t *out)
{
    if (!bcast_ok(np, n)) return PRNG_EINVAL;
    float *u = alloc_n(n, sizeof(float));
    if (!u) return PRNG_ENOMEM;
    int rc = unit_bits32(key, n, part, u);
    if (rc == PRNG_OK)
        for (size_t i = 0; i < n; i++) out[i] = take_f32(&u[i]) < AT(p, np, i);
    free(u);
    return rc;
}

int prng_bernoulli_f64(const uint32_t key[2], size_t n, const double *p, size_t np, int part,
                       uint8_t *out)
{
    if (!bcast_ok(np, n)) return PRNG_EINVAL;
    double *u = alloc_n(n, sizeof(double));
    if (!u) return PRNG_ENOMEM;
    int rc = unit_bits64(key, n, part, u);
    if (rc == PRNG_OK)
        for (size_t i = 0; i < n; i++) out[i] = take_f64(&u[i]) < AT(p, np, i);
    free(u);
    return rc;
}

/* gumbel "low": uniform(minval=tiny, maxval=1), then -log(-log(u)). */
FMA_CLONES int prng_gumbel_f32(const uint32_t key[2], size_t n, int part, float *out)
{
    int rc = unit_bits32(key, n, part, out);
    if (rc) return rc;
    for (size_t i = 0; i < n; i++) {
        float u = scale_f32(take_f32(&out[i]), FLT_MIN, 1.0f);
        out[i] = -xla_log_f32(-xla_log_f32(u));
    }
    return PRNG_OK;
}

FMA_CLONES int prng_gumbel_f64(const uint32_t key[2], size_t n, int part, double *out)
{
    int rc = unit_bits64(key, n, part, out);
    if (rc) return rc;
    for (size_t i = 0; i < n; i++) {
        double u = scale_f64(take_f64(&out[i]), DBL_MIN, 1.0);
        out[i] = -log(-log(u)); /* XLA:CPU calls libm's log for f64 */
    }
    return PRNG_OK;
}

FMA_CLONES int prng_exponential_f32(const uint32_t key[2], size_t n, int part, float *out)
{
    int rc = unit_bits32(key, n, part, out);
    if (rc) return rc;
    for (size_t i = 0; i < n; i++)
        out[i] = -xla_log1p_f32(-scale_f32(take_f32(&out[i]), 0.0f, 1.0f));
    return PRNG_OK;
}

FMA_CLONES int prng_exponential_f64(const uint32_t key[2], size_t n, int part, double *out)
{
    int rc = unit_bits64(key, n, part, out);
    if (rc) return rc;
    for (size_t i = 0; i < n; i++)
        out[i] = -xla_log1p_f64(-scale_f64(take_f64(&out[i]), 0.0, 1.0));
    return PRNG_OK;
}

/* ---------------------------------------------------------------- randint */

/* XLA defines x % 0 = x, which randint relies on when the span wraps to 0. */
static inline uint32_t rem32(uint32_t a, uint32_t b) { return b ? a % b : a; }
static inline uint64_t rem64(uint64_t a, uint64_t b) { return b ? a % b : a; }

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

/* JAX's _randint: two bit draws from split(key), span = maxval - minval in the unsigned type,
   and (hi % span) * (2^(nbits/2) % span)^2 % span + lo % span, all with wrapping products. */
int prng_randint(const uint32_t key[2], size_t n, const int64_t *minval, size_t nmin,
                 const int64_t *maxval, size_t nmax, prng_int_dtype dtype, int part, void *out)
{
    if (!bcast_ok(nmin, n) || !bcast_ok(nmax, n)) return PRNG_EINVAL;
    if ((int)dtype < PRNG_I8 || (int)dtype > PRNG_I64) return PRNG_EINVAL;
    int wide = dtype == PRNG_I64;
    size_t esz = wide ? 8 : 4;
    uint32_t keys[4];
    int rc = prng_split(key, 2, part, keys);
    if (rc) return rc;
    void *hb = alloc_n(n, esz), *lb = alloc_n(n, esz);
    if (!hb || !lb) {
        free(hb);
        free(lb);
        return PRNG_ENOMEM;
    }
    rc = prng_bits(keys, wide ? 64 : 32, n, part, hb);
    if (!rc) rc = prng_bits(keys + 2, wide ? 64 : 32, n, part, lb);
    for (size_t i = 0; !rc && i < n; i++) {
        int64_t lo = AT(minval, nmin, i), hi = AT(maxval, nmax, i);
        if (wide) {
            /* int64 holds every bound, so nothing clips and maxval is never out of range */
            uint64_t span = (uint64_t)hi - (uint64_t)lo;
            if (hi <= lo) span = 1;
            uint64_t mult = rem64(1ull << 32, span);
            mult = rem64(mult * mult, span);
            uint64_t off = rem64(((uint64_t *)hb)[i], span) * mult +
                           rem64(((uint64_t *)lb)[i], span);
            off = rem64(off, span);
            ((int64_t *)out)[i] = (int64_t)((uint64_t)lo + off);
            continue;
        }
        int is_u32 = dtype == PRNG_U32, oor = 0;
        if (dtype == PRNG_I32 || is_u32) {
            int64_t tmin = is_u32 ? 0 : INT32_MIN, tmax = is_u32 ? (int64_t)UINT32_MAX : INT32_MAX;
            oor = hi > tmax;
            lo = clamp64(lo, tmin, tmax);
            hi = clamp64(hi, tmin, tmax);
        } else {
            /* narrow dtypes: bounds cast to int32 (wrapping), clipped to the dtype's range
               (maxval one past it), sampled as int32 */
            static const int64_t rng[4][2] = {{INT8_MIN, INT8_MAX}, {0, UINT8_MAX},
                                              {INT16_MIN, INT16_MAX}, {0, UINT16_MAX}};
            const int64_t *r = rng[dtype - PRNG_I8];
            lo = clamp64((int32_t)(uint32_t)(uint64_t)lo, r[0], r[1]);
            hi = clamp64((int32_t)(uint32_t)(uint64_t)hi, r[0], r[1] + 1);
        }
        uint32_t span = (uint32_t)((uint64_t)hi - (uint64_t)lo);
        if (hi <= lo) span = 1;
        if (oor && hi > lo) span += 1;
        uint32_t mult = rem32(1u << 16, span);
        mult = rem32(mult * mult, span);
        uint32_t off = rem32(((uint32_t *)hb)[i], span) * mult + rem32(((uint32_t *)lb)[i], span);
        off = rem32(off, span);
        uint32_t v = (uint32_t)(uint64_t)lo + off;
        switch (dtype) {
        case PRNG_I8: ((int8_t *)out)[i] = (int8_t)(int32_t)v; break;
        case PRNG_U8: ((uint8_t *)out)[i] = (uint8_t)v; break;
        case PRNG_I16: ((int16_t *)out)[i] = (int16_t)(int32_t)v; break;
        case PRNG_U16: ((uint16_t *)out)[i] = (uint16_t)v; break;
        case PRNG_I32: ((int32_t *)out)[i] = (int32_t)v; break;
        default: ((uint32_t *)out)[i] = v; break;
        }
    }
    free(hb);
    free(lb);
    return rc;
}

/* ---------------------------------------------------------------- sorting helpers */

typedef struct {
    uint64_t key; /* compared ascending */
    size_t idx;
} kv_t;

/* Stable bottom-up merge sort, as XLA's sort with is_stable=True orders ties. */
static void kv_sort(kv_t *a, kv_t *tmp, size_t n)
{
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) tmp[k++] = a[j].key < a[i].key ? a[j++] : a[i++];
            while (i < mid) tmp[k++] = a[i++];
            while (j < hi) tmp[k++] = a[j++];
        }
        memcpy(a, tmp, n * sizeof(kv_t));
        if (w > SIZE_MAX / 2) break;
    }
}

/* Stable sort on the low 32 bits of the keys: LSD radix (3 passes of 11 bits) for long lines,
   the merge sort otherwise. Same order as kv_sort when the keys fit in 32 bits. */
static void kv_sort32(kv_t *a, kv_t *tmp, size_t n)
{
    if (n < 4096) {
        kv_sort(a, tmp, n);
        return;
    }
    size_t count[2048];
    kv_t *src = a, *dst = tmp;
    for (int shift = 0; shift < 33; shift += 11) {
        memset(count, 0, sizeof count);
        for (size_t i = 0; i < n; i++) count[(src[i].key >> shift) & 2047]++;
        size_t sum = 0;
        for (size_t d = 0; d < 2048; d++) {
            size_t c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++) dst[count[(src[i].key >> shift) & 2047]++] = src[i];
        kv_t *t = src;
        src = dst, dst = t;
    }
    if (src != a) memcpy(a, src, n * sizeof(kv_t)); /* 3 passes end in tmp */
}

/* Float total order (XLA's sort comparator), reversed so that an ascending sort of the key
   lists the largest value first. */
static uint64_t desc_key_f32(float f)
{
    uint32_t b = bitsf(f);
    uint32_t ord = (b & 0x80000000u) ? ~b : (b | 0x80000000u); /* ascending unsigned order */
    return (uint64_t)(~ord);
}
static uint64_t desc_key_f64(double d)
{
    uint64_t b;
    memcpy(&b, &d, 8);
    uint64_t ord = (b & 0x8000000000000000ull) ? ~b : (b | 0x8000000000000000ull);
    return ~ord;
}

/* ---------------------------------------------------------------- shuffle, permutation */

static int mul_ok(size_t a, size_t b, size_t *r)
{
    if (b && a > SIZE_MAX / b) return 0;
    *r = a * b;
    return 1;
}

/* JAX's _shuffle: ceil(3 ln(size) / ln(2^32 - 1)) rounds; each round splits the key, draws
   32-bit sort keys of the array's shape and stably sorts every line along the axis. */
int prng_shuffle(const uint32_t key[2], void *data, size_t elsize, size_t outer, size_t len,
                 size_t inner, int part)
{
    size_t total, t2, linebytes;
    if (!mul_ok(outer, len, &t2) || !mul_ok(t2, inner, &total) || !mul_ok(len, elsize, &linebytes))
        return PRNG_EINVAL;
    double size = total > 1 ? (double)total : 1.0;
    int rounds = (int)ceil(3.0 * log(size) / log(4294967295.0));
    if (total == 0 || len <= 1 || elsize == 0) return PRNG_OK;
    uint32_t *sk = alloc_n(total, sizeof(uint32_t));
    kv_t *kv = alloc_n(len, sizeof(kv_t)), *tmp = alloc_n(len, sizeof(kv_t));
    unsigned char *line = alloc_n(len, elsize);
    int rc = (sk && kv && tmp && line) ? PRNG_OK : PRNG_ENOMEM;
    uint32_t k[2] = {key[0], key[1]};
    unsigned char *bytes = data;
    for (int r = 0; !rc && r < rounds; r++) {
        uint32_t two[4];
        rc = prng_split(k, 2, part, two);
        if (!rc) rc = prng_bits(two + 2, 32, total, part, sk);
        if (rc) break;
        k[0] = two[0], k[1] = two[1];
        for (size_t o = 0; o < outer; o++) {
            for (size_t in = 0; in < inner; in++) {
                size_t base = o * len * inner + in;
                for (size_t j = 0; j < len; j++) kv[j] = (kv_t){sk[base + j * inner], j};
                kv_sort32(kv, tmp, len);
                for (size_t j = 0; j < len; j++)
                    memcpy(line + j * elsize, bytes + (base + kv[j].idx * inner) * elsize, elsize);
                for (size_t j = 0; j < len; j++)
                    memcpy(bytes + (base + j * inner) * elsize, line + j * elsize, elsize);
            }
        }
    }
    free(sk);
    free(kv);
    free(tmp);
    free(line);
    return rc;
}

int prng_permutation(const uint32_t key[2], size_t n, int part, int64_t *out)
{
    for (size_t i = 0; i < n; i++) out[i] = (int64_t)i;
    return prng_shuffle(key, out, sizeof(int64_t), 1, n, 1, part);
}

/* ---------------------------------------------------------------- choice, categorical */

/* Indices of the `draws` largest values, largest first, ties to the lower index (XLA TopK). */
static int top_k(const uint64_t *keys, size_t n, size_t draws, int64_t *out, size_t ostride)
{
    kv_t *kv = alloc_n(n, sizeof(kv_t)), *tmp = alloc_n(n, sizeof(kv_t));
    if (!kv || !tmp) {
        free(kv);
        free(tmp);
        return PRNG_ENOMEM;
    }
    for (size_t j = 0; j < n; j++) kv[j] = (kv_t){keys[j], j};
    kv_sort(kv, tmp, n);
    for (size_t d = 0; d < draws; d++) out[d * ostride] = (int64_t)kv[d].idx;
    free(kv);
    free(tmp);
    return PRNG_OK;
}

static size_t lower_bound_f32(const float *a, size_t n, float v)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (a[mid] < v) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}
static size_t lower_bound_f64(const double *a, size_t n, double v)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (a[mid] < v) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* p given, replace=True: searchsorted(cumsum(p), cumsum(p)[-1] * (1 - uniform)). */
static int choice_cdf(const uint32_t key[2], size_t n_in, size_t n_draws, const void *p,
                      int f64, int part, int64_t *out)
{
    void *cum = alloc_n(n_in, f64 ? 8 : 4), *u = alloc_n(n_draws, f64 ? 8 : 4);
    int rc = (cum && u) ? PRNG_OK : PRNG_ENOMEM;
    if (!rc && f64) {
        double *c = cum, *uu = u, one = 1.0, zero = 0.0;
        rc = prng_cumsum_f64(p, n_in, c);
        if (!rc) rc = prng_uniform_f64(key, n_draws, &zero, 1, &one, 1, part, uu);
        for (size_t i = 0; !rc && i < n_draws; i++)
            out[i] = (int64_t)lower_bound_f64(c, n_in, c[n_in - 1] * (1.0 - uu[i]));
    } else if (!rc) {
        float *c = cum, *uu = u, one = 1.0f, zero = 0.0f;
        rc = prng_cumsum_f32(p, n_in, c);
        if (!rc) rc = prng_uniform_f32(key, n_draws, &zero, 1, &one, 1, part, uu);
        for (size_t i = 0; !rc && i < n_draws; i++)
            out[i] = (int64_t)lower_bound_f32(c, n_in, c[n_in - 1] * (1.0f - uu[i]));
    }
    free(cum);
    free(u);
    return rc;
}

/* p given, replace=False: top_k(gumbel(key, (n,)) + log(p), draws). */
static int choice_gumbel_topk(const uint32_t key[2], size_t n_in, size_t n_draws, const void *p,
                              int f64, int part, int64_t *out)
{
    void *g = alloc_n(n_in, f64 ? 8 : 4);
    uint64_t *keys = alloc_n(n_in, sizeof(uint64_t));
    int rc = (g && keys) ? PRNG_OK : PRNG_ENOMEM;
    if (!rc) rc = f64 ? prng_gumbel_f64(key, n_in, part, g) : prng_gumbel_f32(key, n_in, part, g);
    for (size_t j = 0; !rc && j < n_in; j++) {
        if (f64) keys[j] = desc_key_f64(((double *)g)[j] + log(((const double *)p)[j]));
        else keys[j] = desc_key_f32(((float *)g)[j] + xla_log_f32(((const float *)p)[j]));
    }
    if (!rc) rc = top_k(keys, n_in, n_draws, out, 1);
    free(g);
    free(keys);
    return rc;
}

int prng_choice(const uint32_t key[2], size_t n_inputs, size_t n_draws, int replace,
                const void *p, int p_f64, int x64, int part, int64_t *out)
{
    if (n_draws == 0) return PRNG_OK;
    if (n_inputs == 0 || (!replace && n_draws > n_inputs)) return PRNG_EINVAL;
    if (p) {
        return replace ? choice_cdf(key, n_inputs, n_draws, p, p_f64, part, out)
                       : choice_gumbel_topk(key, n_inputs, n_draws, p, p_f64, part, out);
    }
    if (!replace) {
        int64_t *perm = alloc_n(n_inputs, sizeof(int64_t));
        if (!perm) return PRNG_ENOMEM;
        int rc = prng_permutation(key, n_inputs, part, perm);
        if (!rc) memcpy(out, perm, n_draws * sizeof(int64_t));
        free(perm);
        return rc;
    }
    /* randint(key, shape, 0, n_inputs) in the default int dtype */
    int64_t zero = 0, hi = (int64_t)n_inputs;
    if (x64) return prng_randint(key, n_draws, &zero, 1, &hi, 1, PRNG_I64, part, out);
    if ((uint64_t)n_inputs > INT32_MAX) return PRNG_EINVAL;
    int32_t *tmp = alloc_n(n_draws, sizeof(int32_t));
    if (!tmp) return PRNG_ENOMEM;
    int rc = prng_randint(key, n_draws, &zero, 1, &hi, 1, PRNG_I32, part, tmp);
    for (size_t i = 0; !rc && i < n_draws; i++) out[i] = tmp[i];
    free(tmp);
    return rc;
}

/* argmax over k of gumbel + logits; the first maximum wins and NaN counts as the maximum. */
#define CATEGORICAL_IMPL(NAME, T, GUMBEL)                                                   \
    int NAME(const uint32_t key[2], const T *logits, size_t outer, size_t k, size_t inner, \
             int part, int64_t *out)                                                        \
    {                                                                                       \
        size_t t1, total;                                                                   \
        if (!mul_ok(outer, k, &t1) || !mul_ok(t1, inner, &total)) return PRNG_EINVAL;       \
        if (k == 0) return (outer && inner) ? PRNG_EINVAL : PRNG_OK;                      \
        T *g = alloc_n(total, sizeof(T));                                                   \
        if (!g) return PRNG_ENOMEM;                                                         \
        int rc = GUMBEL(key, total, part, g);                                               \
        for (size_t o = 0; !rc && o < outer; o++)                                           \
            for (size_t in = 0; in < inner; in++) {                                         \
                size_t base = o * k * inner + in, best = 0;                                 \
                T bv = g[base] + logits[base];                                              \
                for (size_t j = 1; j < k; j++) {                                            \
                    T v = g[base + j * inner] + logits[base + j * inner];                   \
                    if (bv == bv && (v > bv || v != v)) bv = v, best = j;                   \
                }                                                                           \
                out[o * inner + in] = (int64_t)best;                                        \
            }                                                                               \
        free(g);                                                                            \
        return rc;                                                                          \
    }
CATEGORICAL_IMPL(prng_categorical_f32, float, prng_gumbel_f32)
CATEGORICAL_IMPL(prng_categorical_f64, double, prng_gumbel_f64)

/* top_k along the axis of logits + gumbel(logits.shape); out[d][o][i]. */
#define CATEGORICAL_NR_IMPL(NAME, T, GUMBEL, DKEY)                                          \
    int NAME(const uint32_t key[2], const T *logits, size_t outer, size_t k, size_t inner, \
             size_t draws, int part, int64_t *out)                                          \
    {                                                                                       \
        size_t t1, total;                                                                   \
        if (!mul_ok(outer, k, &t1) || !mul_ok(t1, inner, &total) || draws > k)              \
            return PRNG_EINVAL;                                                             \
        if (total == 0 || draws == 0) return PRNG_OK;                                       \
        T *g = alloc_n(total, sizeof(T));                                                   \
        uint64_t *keys = alloc_n(k, sizeof(uint64_t));                                      \
        int rc = (g && keys) ? GUMBEL(key, total, part, g) : PRNG_ENOMEM;                   \
        for (size_t o = 0; !rc && o < outer; o++)                                           \
            for (size_t in = 0; !rc && in < inner; in++) {                                  \
                size_t base = o * k * inner + in;                                           \
                for (size_t j = 0; j < k; j++)                                              \
                    keys[j] = DKEY(logits[base + j * inner] + g[base + j * inner]);         \
                rc = top_k(keys, k, draws, out + o * inner + in, outer * inner);            \
            }                                                                               \
        free(g);                                                                            \
        free(keys);                                                                         \
        return rc;                                                                          \
    }
CATEGORICAL_NR_IMPL(prng_categorical_noreplace_f32, float, prng_gumbel_f32, desc_key_f32)
CATEGORICAL_NR_IMPL(prng_categorical_noreplace_f64, double, prng_gumbel_f64, desc_key_f64)
