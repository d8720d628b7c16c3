/* prng.h - jax.random's threefry2x32 PRNG reproduced bit for bit over raw C buffers (see
   shared/PRNG.md); lang/array/mod_random.c binds these to jax.random. */
#ifndef SABLE_PRNG_H
#define SABLE_PRNG_H

#include <stddef.h>
#include <stdint.h>

/* Return codes of every int-returning prng_ function. */
enum { PRNG_OK = 0, PRNG_ENOMEM = -1, PRNG_EINVAL = -2 };

/* Integer dtypes accepted by prng_randint (8/16-bit ones sample at 32 bits, as JAX does). */
typedef enum {
    PRNG_I8, PRNG_U8, PRNG_I16, PRNG_U16, PRNG_I32, PRNG_U32, PRNG_I64
} prng_int_dtype;

/* Conventions.
   - A key is uint32_t[2], exactly the data of jax.random.PRNGKey(seed).
   - `partitionable` selects the counter layout: 1 = jax_threefry_partitionable=True (JAX's
     default since 0.5.0), 0 = the legacy layout.
   - `n` is the element count of the requested shape (row-major); JAX's results depend on the
     shape only through it, except where an axis is named (shuffle, categorical).
   - Array parameters that JAX broadcasts against the shape (minval, maxval, p, lower, upper)
     come as a pointer and a count that is 1 (a scalar) or n (already broadcast, row-major).
   - Float parameters arrive already converted to the sample dtype, as JAX converts them.
   - Index results are int64_t; the caller narrows them to int32 when x64 is off.
   - Floats match JAX on CPU (XLA:CPU's own log/log1p/erf/erf_inv polynomials, its fused
     multiply-adds and flushed denormals); JAX on GPU/TPU computes some of them differently.
   - gumbel, and the categorical / choice(p=, replace=False) built on it, use JAX's default
     mode "low" only. Legacy-layout requests of 2^32 - 1 or more words are refused (EINVAL). */

/* One threefry2x32 block, 20 rounds: out = threefry(key, in). */
void prng_threefry2x32(const uint32_t key[2], const uint32_t in[2], uint32_t out[2]);
/* JAX's threefry_2x32(key, counts): the two halves are the lanes, one 0 pads an odd length;
   out may equal counts. */
void prng_hash(const uint32_t key[2], const uint32_t *counts, size_t n, uint32_t *out);
/* PRNGKey(seed): x64 off takes the seed as int32 ([0, (uint32)seed]), on as int64 ([hi, lo]). */
void prng_seed(int64_t seed, int x64, uint32_t key[2]);
/* split(key, n): n keys into out[2n]. */
int prng_split(const uint32_t key[2], size_t n, int partitionable, uint32_t *out);
/* fold_in(key, data). */
void prng_fold_in(const uint32_t key[2], uint32_t data, uint32_t out[2]);
/* bits(key, shape, uint<width>): width 8, 16, 32 or 64; out holds n such unsigned words. */
int prng_bits(const uint32_t key[2], int width, size_t n, int partitionable, void *out);

/* uniform(key, shape, dtype, minval, maxval), including the final max(minval, .) clamp. */
int prng_uniform_f32(const uint32_t key[2], size_t n, const float *minval, size_t nmin,
                     const float *maxval, size_t nmax, int partitionable, float *out);
int prng_uniform_f64(const uint32_t key[2], size_t n, const double *minval, size_t nmin,
                     const double *maxval, size_t nmax, int partitionable, double *out);
/* normal(key, shape, dtype): sqrt(2) * erfinv(uniform(nextafter(-1, 0), 1)). */
int prng_normal_f32(const uint32_t key[2], size_t n, int partitionable, float *out);
int prng_normal_f64(const uint32_t key[2], size_t n, int partitionable, double *out);
/* truncated_normal(key, lower, upper, shape, dtype). */
int prng_truncated_normal_f32(const uint32_t key[2], size_t n, const float *lower, size_t nlow,
                              const float *upper, size_t nup, int partitionable, float *out);
int prng_truncated_normal_f64(const uint32_t key[2], size_t n, const double *lower, size_t nlow,
                              const double *upper, size_t nup, int partitionable, double *out);
/* bernoulli(key, p, shape): uniform(key, shape, p.dtype) < p, as bytes 0/1. */
int prng_bernoulli_f32(const uint32_t key[2], size_t n, const float *p, size_t np,
                       int partitionable, uint8_t *out);
int prng_bernoulli_f64(const uint32_t key[2], size_t n, const double *p, size_t np,
                       int partitionable, uint8_t *out);
/* randint(key, shape, minval, maxval, dtype): the bounds are the integer values JAX holds
   (any integer dtype, widened to int64); out is an array of `dtype`. */
int prng_randint(const uint32_t key[2], size_t n, const int64_t *minval, size_t nmin,
                 const int64_t *maxval, size_t nmax, prng_int_dtype dtype, int partitionable,
                 void *out);
/* gumbel(key, shape, dtype) in JAX's default mode "low": -log(-log(uniform(tiny, 1))). */
int prng_gumbel_f32(const uint32_t key[2], size_t n, int partitionable, float *out);
int prng_gumbel_f64(const uint32_t key[2], size_t n, int partitionable, double *out);
/* exponential(key, shape, dtype): -log1p(-uniform). */
int prng_exponential_f32(const uint32_t key[2], size_t n, int partitionable, float *out);
int prng_exponential_f64(const uint32_t key[2], size_t n, int partitionable, double *out);

/* shuffle / permutation of an array along one axis, in place: data is row-major
   [outer][len][inner] elements of elsize bytes, each [o, :, i] line is permuted (JAX's
   sort-based _shuffle; permutation(key, x, axis, independent=True) is this too). */
int prng_shuffle(const uint32_t key[2], void *data, size_t elsize, size_t outer, size_t len,
                 size_t inner, int partitionable);
/* permutation(key, n) = shuffled arange(n); also the index order permutation(key, x, axis)
   applies to x along axis when x has more than one dimension. */
int prng_permutation(const uint32_t key[2], size_t n, int partitionable, int64_t *out);
/* choice(key, a, shape, replace, p) as indices into a (along its axis): n_inputs is
   a (or a.shape[axis]), n_draws is prod(shape). p is NULL or n_inputs floats, float64 when
   p_f64 is set (the dtype JAX promotes p to). x64 selects randint's dtype for replace=True
   without p (int64 bits when on). The caller gathers a[out] and reshapes. */
int prng_choice(const uint32_t key[2], size_t n_inputs, size_t n_draws, int replace,
                const void *p, int p_f64, int x64, int partitionable, int64_t *out);
/* categorical(key, logits, axis) with replace=True: logits row-major [outer][k][inner],
   already broadcast to the sample shape (a shape= prefix folds into outer); out[outer*inner]
   = argmax over k of gumbel + logits. */
int prng_categorical_f32(const uint32_t key[2], const float *logits, size_t outer, size_t k,
                         size_t inner, int partitionable, int64_t *out);
int prng_categorical_f64(const uint32_t key[2], const double *logits, size_t outer, size_t k,
                         size_t inner, int partitionable, int64_t *out);
/* categorical(..., replace=False): logits [outer][k][inner] as given (not broadcast),
   draws <= k samples per line; out is [draws][outer][inner] (shape = prefix + batch). */
int prng_categorical_noreplace_f32(const uint32_t key[2], const float *logits, size_t outer,
                                   size_t k, size_t inner, size_t draws, int partitionable,
                                   int64_t *out);
int prng_categorical_noreplace_f64(const uint32_t key[2], const double *logits, size_t outer,
                                   size_t k, size_t inner, size_t draws, int partitionable,
                                   int64_t *out);

/* The elementwise math as XLA:CPU (jaxlib) computes it, used above and exported so the
   engine can match jnp.log / lax.erf_inv bit for bit if it wants to. */
float prng_xla_log_f32(float x);
float prng_xla_log1p_f32(float x);
double prng_xla_log1p_f64(double x);
float prng_xla_erf_f32(float x);
float prng_xla_erfinv_f32(float x);
double prng_xla_erfinv_f64(double x);
/* jnp.cumsum's summation order (XLA's blocked reduce-window rewrite, blocks of 16). */
int prng_cumsum_f32(const float *x, size_t n, float *out);
int prng_cumsum_f64(const double *x, size_t n, double *out);

#endif
