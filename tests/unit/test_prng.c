/* Unit tests for engine/prng.c: every vector of shared/PRNG.md, then the vectors real JAX
   computed (tests/unit/prng_vectors.h, written by tools/gen_prng_vectors.py). */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prng.h"
#include "prng_vectors.h"

static int failures;

static void pass(const char *name) { printf("PASS %s\n", name); }

static void fail(const char *name, const char *fmt, ...)
{
    va_list ap;
    failures++;
    printf("FAIL %s: ", name);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}

static void check(int ok, const char *name, const char *why)
{
    if (ok) pass(name);
    else fail(name, "%s", why);
}

static float f32_of(uint64_t b)
{
    uint32_t w = (uint32_t)b;
    float f;
    memcpy(&f, &w, 4);
    return f;
}
static double f64_of(uint64_t b)
{
    double d;
    memcpy(&d, &b, 8);
    return d;
}
static uint64_t bits_f32(float f)
{
    uint32_t w;
    memcpy(&w, &f, 4);
    return w;
}
static uint64_t bits_f64(double d)
{
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}

/* Distance in units in the last place, over the sign-magnitude order; NaNs equal NaNs. */
static uint64_t ulp_f32(uint64_t a, uint64_t b)
{
    float fa = f32_of(a), fb = f32_of(b);
    if (fa != fa || fb != fb) return (fa != fa && fb != fb) ? 0 : UINT64_MAX;
    int64_t ia = (int32_t)(uint32_t)a, ib = (int32_t)(uint32_t)b;
    if (ia < 0) ia = INT32_MIN - ia;
    if (ib < 0) ib = INT32_MIN - ib;
    return (uint64_t)(ia > ib ? ia - ib : ib - ia);
}
static uint64_t ulp_f64(uint64_t a, uint64_t b)
{
    double fa = f64_of(a), fb = f64_of(b);
    if (fa != fa || fb != fb) return (fa != fa && fb != fb) ? 0 : UINT64_MAX;
    if (a == b) return 0;
    /* map to a monotone unsigned order */
    uint64_t oa = (a >> 63) ? ~a : a | 0x8000000000000000ull;
    uint64_t ob = (b >> 63) ? ~b : b | 0x8000000000000000ull;
    return oa > ob ? oa - ob : ob - oa;
}

/* ---------------------------------------------------------------- shared/PRNG.md */

static int keys_eq(const uint32_t *got, const uint32_t *want, size_t n)
{
    return memcmp(got, want, n * sizeof(uint32_t)) == 0;
}

/* Decimal values in PRNG.md are JAX's reprs (NumPy prints float32 with 8 decimals, so not
   always round-trip): the value must round to the printed digits. */
static int f32_list_eq(const float *got, const char *const *want, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const char *dot = strchr(want[i], '.');
        int decimals = dot ? (int)strlen(dot + 1) : 0;
        double tol = 0.5 * pow(10.0, -decimals) * (1 + 1e-9);
        if (!(fabs((double)got[i] - strtod(want[i], NULL)) <= tol)) return 0;
    }
    return 1;
}

static void test_prng_md(void)
{
    uint32_t out[8], k0[2], k42[2], k1701[2];
    prng_seed(0, 0, k0);
    prng_seed(42, 0, k42);
    prng_seed(1701, 0, k1701);

    static const uint32_t kat[3][3][2] = {
        {{0, 0}, {0, 0}, {0x6b200159u, 0x99ba4efeu}},
        {{0xFFFFFFFFu, 0xFFFFFFFFu}, {0xFFFFFFFFu, 0xFFFFFFFFu}, {0x1cb996fcu, 0xbb002be7u}},
        {{0x13198a2eu, 0x03707344u}, {0x243f6a88u, 0x85a308d3u}, {0xc4923a9cu, 0x483df7a0u}}};
    for (int i = 0; i < 3; i++) {
        char name[64];
        prng_threefry2x32(kat[i][0], kat[i][1], out);
        snprintf(name, sizeof name, "md: threefry2x32 known answer %d", i + 1);
        check(keys_eq(out, kat[i][2], 2), name, "block output differs");
    }
    uint32_t seedm1[2];
    prng_seed(-1, 0, seedm1);
    check(seedm1[0] == 0 && seedm1[1] == 4294967295u, "md: PRNGKey(-1) x64 off", "bad key");
    prng_seed(-1, 1, seedm1);
    check(seedm1[0] == 0xFFFFFFFFu && seedm1[1] == 0xFFFFFFFFu, "md: PRNGKey(-1) x64 on",
          "bad key");

    static const uint32_t s0[4] = {1797259609u, 2579123966u, 928981903u, 3453687069u};
    prng_split(k0, 2, 1, out);
    check(keys_eq(out, s0, 4), "md: split(PRNGKey(0))", "keys differ");
    static const uint32_t s0l[4] = {4146024105u, 967050713u, 2718843009u, 1272950319u};
    prng_split(k0, 2, 0, out);
    check(keys_eq(out, s0l, 4), "md: legacy split(PRNGKey(0))", "keys differ");
    static const uint32_t s04l[8] = {2285895361u, 1501764800u, 1518642379u, 4090693311u,
                                     433833334u,  4221794875u, 839183663u,  3740430601u};
    prng_split(k0, 4, 0, out);
    check(keys_eq(out, s04l, 8), "md: legacy split(PRNGKey(0), 4)", "keys differ");
    static const uint32_t f04[2] = {2285895361u, 433833334u};
    prng_fold_in(k0, 4, out);
    check(keys_eq(out, f04, 2), "md: fold_in(PRNGKey(0), 4)", "key differs");
    static const uint32_t b1701[3] = {56197195u, 4200222568u, 961309823u};
    prng_bits(k1701, 32, 3, 0, out);
    check(keys_eq(out, b1701, 3), "md: legacy bits32(PRNGKey(1701), (3,))", "bits differ");
    static const uint32_t s42[4] = {1832780943u, 270669613u, 64467757u, 2916123636u};
    prng_split(k42, 2, 1, out);
    check(keys_eq(out, s42, 4), "md: split(PRNGKey(42))", "keys differ");

    float f[6], zero = 0.0f, one = 1.0f;
    static const char *const u0[3] = {"0.947667", "0.9785799", "0.33229148"};
    prng_uniform_f32(k0, 1, &zero, 1, &one, 1, 1, f);
    check(f32_list_eq(f, u0, 1), "md: uniform(PRNGKey(0))", "value differs");
    prng_uniform_f32(k0, 3, &zero, 1, &one, 1, 1, f);
    check(f32_list_eq(f, u0, 3), "md: uniform(PRNGKey(0), (3,))", "values differ");
    static const char *const us1[1] = {"0.00729382"};
    prng_split(k0, 2, 1, out);
    prng_uniform_f32(out + 2, 1, &zero, 1, &one, 1, 1, f);
    check(f32_list_eq(f, us1, 1), "md: uniform(split(PRNGKey(0))[1])", "value differs");
    static const char *const n0[3] = {"1.6226422", "2.0252647", "-0.43359444"};
    prng_normal_f32(k0, 3, 1, f);
    check(f32_list_eq(f, n0, 3), "md: normal(PRNGKey(0), (3,))", "values differ");
    static const char *const n42[6] = {"-0.02830462", "0.46713185", "0.29570296",
                                       "0.15354592",  "-0.12403282", "0.21692315"};
    prng_normal_f32(k42, 6, 1, f);
    check(f32_list_eq(f, n42, 6), "md: normal(PRNGKey(42), (2, 3))", "values differ");
    static const char *const n42s[3] = {"0.07592554", "0.60576403", "0.4323065"};
    uint32_t ks[6];
    prng_split(k42, 3, 1, ks);
    for (int i = 0; i < 3; i++) prng_normal_f32(ks + 2 * i, 1, 1, &f[i]);
    check(f32_list_eq(f, n42s, 3), "md: normal of each of split(PRNGKey(42), 3)",
          "values differ");
    static const char *const nl0[1] = {"-0.20584226"};
    prng_normal_f32(k0, 1, 0, f);
    check(f32_list_eq(f, nl0, 1), "md: legacy normal(PRNGKey(0))", "value differs");
}

/* ---------------------------------------------------------------- API behaviour */

static void test_api(void)
{
    uint32_t key[2] = {0x12345678u, 0x9abcdef0u}, counts[7] = {1, 2, 3, 4, 5, 6, 7}, a[7], b[7];
    prng_hash(key, counts, 7, a);
    memcpy(b, counts, sizeof b);
    prng_hash(key, b, 7, b);
    check(memcmp(a, b, sizeof a) == 0, "api: hash in place equals hash out of place",
          "aliasing changed the result");
    /* odd length pads one zero: element i of 7 pairs with element i + 4 */
    uint32_t blk[2], in[2] = {counts[3], 0}, pair[2] = {counts[2], counts[6]};
    prng_threefry2x32(key, in, blk);
    check(a[3] == blk[0], "api: hash odd-length padding", "padded lane differs");
    prng_threefry2x32(key, pair, blk);
    check(a[2] == blk[0] && a[6] == blk[1], "api: hash pairs element i with i + ceil(n/2)",
          "lanes differ");

    uint64_t wide[4];
    float fl[4], one = 1.0f, two[2] = {0.0f, 1.0f};
    int64_t lo = 0, hi = 5, idx[4];
    check(prng_bits(key, 12, 3, 1, wide) == PRNG_EINVAL, "api: bits rejects width 12",
          "accepted");
    check(prng_uniform_f32(key, 3, two, 2, &one, 1, 1, fl) == PRNG_EINVAL,
          "api: uniform rejects a bound count that is neither 1 nor n", "accepted");
    check(prng_randint(key, 3, &lo, 1, &hi, 1, (prng_int_dtype)99, 1, idx) == PRNG_EINVAL,
          "api: randint rejects an unknown dtype", "accepted");
    check(prng_choice(key, 3, 4, 0, NULL, 0, 0, 1, idx) == PRNG_EINVAL,
          "api: choice without replacement rejects more draws than inputs", "accepted");
    check(prng_choice(key, 0, 2, 1, NULL, 0, 0, 1, idx) == PRNG_EINVAL,
          "api: choice rejects an empty population", "accepted");
    check(prng_choice(key, 0, 0, 1, NULL, 0, 0, 1, idx) == PRNG_OK,
          "api: choice of zero draws is fine", "refused");
    check(prng_normal_f32(key, 0, 1, fl) == PRNG_OK && prng_permutation(key, 0, 0, idx) == 0 &&
              prng_shuffle(key, idx, 8, 0, 0, 0, 1) == PRNG_OK,
          "api: empty shapes", "refused");
    check(prng_shuffle(key, idx, 8, SIZE_MAX, 2, 2, 1) == PRNG_EINVAL,
          "api: shuffle rejects an overflowing size", "accepted");
    float lg[3] = {0, 0, 0};
    check(prng_categorical_noreplace_f32(key, lg, 1, 3, 1, 4, 1, idx) == PRNG_EINVAL,
          "api: categorical without replacement rejects draws > k", "accepted");
}

/* ---------------------------------------------------------------- JAX vectors */

static void test_seeds(void)
{
    int bad = 0;
    for (size_t i = 0; i < PV_N_SEED; i++) {
        uint32_t k[2];
        prng_seed(pv_seed[i].seed, pv_seed[i].x64, k);
        if (!keys_eq(k, pv_seed[i].want, 2))
            bad++, fail(pv_seed[i].name, "got [%u, %u]", k[0], k[1]);
    }
    if (!bad) printf("PASS jax: PRNGKey (%d vectors)\n", PV_N_SEED);
}

static void test_split_fold(void)
{
    int bad = 0;
    for (size_t i = 0; i < PV_N_SPLIT; i++) {
        const pv_split_t *v = &pv_split[i];
        uint32_t out[16];
        if (prng_split(v->key, v->n, v->part, out) || !keys_eq(out, v->want, 2 * v->n))
            bad++, fail(v->name, "keys differ");
    }
    for (size_t i = 0; i < PV_N_FOLD; i++) {
        const pv_fold_t *v = &pv_fold[i];
        uint32_t out[2];
        prng_fold_in(v->key, v->data, out);
        if (!keys_eq(out, v->want, 2)) bad++, fail(v->name, "got [%u, %u]", out[0], out[1]);
    }
    if (!bad) printf("PASS jax: split and fold_in (%d vectors)\n", PV_N_SPLIT + PV_N_FOLD);
}

static void test_bits(void)
{
    int bad = 0;
    for (size_t i = 0; i < PV_N_BITS; i++) {
        const pv_bits_t *v = &pv_bits[i];
        uint64_t out[16];
        int rc = prng_bits(v->key, v->width, v->n, v->part, out);
        const unsigned char *p = (const unsigned char *)out;
        for (size_t j = 0; !rc && j < v->n; j++) {
            uint64_t got;
            switch (v->width) {
            case 8: got = p[j]; break;
            case 16: { uint16_t t; memcpy(&t, p + 2 * j, 2); got = t; break; }
            case 32: { uint32_t t; memcpy(&t, p + 4 * j, 4); got = t; break; }
            default: got = out[j]; break;
            }
            if (got != v->want[j]) rc = 1;
        }
        if (rc) bad++, fail(v->name, "bits differ");
    }
    if (!bad) printf("PASS jax: bits (%d vectors)\n", PV_N_BITS);
}

static const char *const float_op_name[] = {"uniform", "normal", "truncated_normal", "gumbel",
                                            "exponential", "bernoulli"};

static void test_floats(void)
{
    /* per op: vectors, values, exact values, max ulp */
    size_t nvec[6] = {0}, nval[6] = {0}, nexact[6] = {0};
    uint64_t maxulp[6] = {0};
    int bad[6] = {0};
    for (size_t i = 0; i < PV_N_FLOAT; i++) {
        const pv_float_t *v = &pv_float[i];
        size_t n = v->n;
        double *buf = malloc((n ? n : 1) * sizeof(double));
        float *a32 = malloc((v->na + 1) * sizeof(float));
        float *b32 = malloc((v->nb + 1) * sizeof(float));
        double *a64 = malloc((v->na + 1) * sizeof(double));
        double *b64 = malloc((v->nb + 1) * sizeof(double));
        uint8_t *bools = malloc(n + 1);
        if (!buf || !a32 || !b32 || !a64 || !b64 || !bools) {
            fail(v->name, "out of memory");
            goto next;
        }
        for (size_t j = 0; j < v->na; j++) a32[j] = f32_of(v->a[j]), a64[j] = f64_of(v->a[j]);
        for (size_t j = 0; j < v->nb; j++) b32[j] = f32_of(v->b[j]), b64[j] = f64_of(v->b[j]);
        float *o32 = (float *)buf;
        int rc = -99;
        switch (v->op) {
        case PV_UNIFORM:
            rc = v->f64 ? prng_uniform_f64(v->key, n, a64, v->na, b64, v->nb, v->part, buf)
                        : prng_uniform_f32(v->key, n, a32, v->na, b32, v->nb, v->part, o32);
            break;
        case PV_NORMAL:
            rc = v->f64 ? prng_normal_f64(v->key, n, v->part, buf)
                        : prng_normal_f32(v->key, n, v->part, o32);
            break;
        case PV_TRUNCNORM:
            rc = v->f64 ? prng_truncated_normal_f64(v->key, n, a64, v->na, b64, v->nb, v->part,
                                                    buf)
                        : prng_truncated_normal_f32(v->key, n, a32, v->na, b32, v->nb, v->part,
                                                    o32);
            break;
        case PV_GUMBEL:
            rc = v->f64 ? prng_gumbel_f64(v->key, n, v->part, buf)
                        : prng_gumbel_f32(v->key, n, v->part, o32);
            break;
        case PV_EXPONENTIAL:
            rc = v->f64 ? prng_exponential_f64(v->key, n, v->part, buf)
                        : prng_exponential_f32(v->key, n, v->part, o32);
            break;
        case PV_BERNOULLI:
            rc = v->f64 ? prng_bernoulli_f64(v->key, n, a64, v->na, v->part, bools)
                        : prng_bernoulli_f32(v->key, n, a32, v->na, v->part, bools);
            break;
        }
        if (rc) {
            bad[v->op]++, fail(v->name, "returned %d", rc);
            goto next;
        }
        nvec[v->op]++;
        /* uniform, bernoulli: exact; the erfinv / log based samplers: within 1 ulp */
        uint64_t tol = (v->op == PV_UNIFORM || v->op == PV_BERNOULLI) ? 0 : 1;
        for (size_t j = 0; j < n; j++) {
            uint64_t d;
            if (v->op == PV_BERNOULLI) d = bools[j] != v->want[j] ? UINT64_MAX : 0;
            else if (v->f64) d = ulp_f64(bits_f64(buf[j]), v->want[j]);
            else d = ulp_f32(bits_f32(o32[j]), v->want[j]);
            nval[v->op]++;
            nexact[v->op] += d == 0;
            if (d > maxulp[v->op]) maxulp[v->op] = d;
            if (d > tol) {
                bad[v->op]++;
                if (v->f64)
                    fail(v->name, "element %zu: got %.17g want %.17g", j, buf[j],
                         f64_of(v->want[j]));
                else
                    fail(v->name, "element %zu: got %.9g want %.9g", j, (double)o32[j],
                         (double)f32_of(v->want[j]));
                break;
            }
        }
    next:
        free(buf), free(a32), free(b32), free(a64), free(b64), free(bools);
    }
    for (int op = 0; op < 6; op++)
        if (!bad[op])
            printf("PASS jax: %s (%zu vectors, %zu/%zu values bit-exact, max %" PRIu64
                   " ulp)\n", float_op_name[op], nvec[op], nexact[op], nval[op], maxulp[op]);
}

static void test_randint(void)
{
    int bad = 0;
    for (size_t i = 0; i < PV_N_RANDINT; i++) {
        const pv_randint_t *v = &pv_randint[i];
        int64_t out[16];
        unsigned char *p = (unsigned char *)out;
        int rc = prng_randint(v->key, v->n, v->lo, v->nlo, v->hi, v->nhi, v->dtype, v->part, out);
        for (size_t j = 0; !rc && j < v->n; j++) {
            int64_t got;
            switch (v->dtype) {
            case PRNG_I8: got = ((int8_t *)p)[j]; break;
            case PRNG_U8: got = p[j]; break;
            case PRNG_I16: { int16_t t; memcpy(&t, p + 2 * j, 2); got = t; break; }
            case PRNG_U16: { uint16_t t; memcpy(&t, p + 2 * j, 2); got = t; break; }
            case PRNG_I32: { int32_t t; memcpy(&t, p + 4 * j, 4); got = t; break; }
            case PRNG_U32: { uint32_t t; memcpy(&t, p + 4 * j, 4); got = t; break; }
            default: got = out[j]; break;
            }
            if (got != v->want[j]) {
                fail(v->name, "element %zu: got %" PRId64 " want %" PRId64, j, got, v->want[j]);
                rc = 1;
            }
        }
        if (rc) bad++;
    }
    if (!bad) printf("PASS jax: randint (%d vectors)\n", PV_N_RANDINT);
}

static void test_shuffle(void)
{
    int bad = 0;
    for (size_t i = 0; i < PV_N_SHUFFLE; i++) {
        const pv_shuffle_t *v = &pv_shuffle[i];
        size_t total = v->outer * v->len * v->inner;
        int64_t *got = malloc((total + 1) * sizeof(int64_t));
        int64_t *ind = malloc((v->len + 1) * sizeof(int64_t));
        int rc = (!got || !ind) ? PRNG_ENOMEM : PRNG_OK;
        if (!rc && v->mode == 0) {
            rc = prng_permutation(v->key, v->len, v->part, got);
        } else if (!rc && v->mode == 1) {
            for (size_t j = 0; j < total; j++) got[j] = (int64_t)j;
            rc = prng_shuffle(v->key, got, sizeof(int64_t), v->outer, v->len, v->inner, v->part);
        } else if (!rc) {
            rc = prng_permutation(v->key, v->len, v->part, ind);
            for (size_t o = 0; !rc && o < v->outer; o++)
                for (size_t j = 0; j < v->len; j++)
                    for (size_t in = 0; in < v->inner; in++)
                        got[(o * v->len + j) * v->inner + in] =
                            (int64_t)((o * v->len + (size_t)ind[j]) * v->inner + in);
        }
        if (rc || (total && memcmp(got, v->want, total * sizeof(int64_t)) != 0))
            bad++, fail(v->name, rc ? "returned an error" : "order differs");
        free(got);
        free(ind);
    }
    if (!bad) printf("PASS jax: permutation and shuffle (%d vectors)\n", PV_N_SHUFFLE);
}

static void test_choice(void)
{
    int bad = 0;
    for (size_t i = 0; i < PV_N_CHOICE; i++) {
        const pv_choice_t *v = &pv_choice[i];
        int64_t *got = malloc((v->n_draws + 1) * sizeof(int64_t));
        void *p = NULL;
        if (v->p) {
            p = malloc(v->n_inputs * 8);
            for (size_t j = 0; p && j < v->n_inputs; j++) {
                if (v->p_f64) ((double *)p)[j] = f64_of(v->p[j]);
                else ((float *)p)[j] = f32_of(v->p[j]);
            }
        }
        int rc = (!got || (v->p && !p)) ? PRNG_ENOMEM
                                        : prng_choice(v->key, v->n_inputs, v->n_draws, v->replace,
                                                      p, v->p_f64, v->x64, v->part, got);
        if (rc || memcmp(got, v->want, v->n_draws * sizeof(int64_t)) != 0)
            bad++, fail(v->name, rc ? "returned an error" : "indices differ");
        free(got);
        free(p);
    }
    if (!bad) printf("PASS jax: choice (%d vectors)\n", PV_N_CHOICE);
}

static void test_categorical(void)
{
    int bad = 0;
    for (size_t i = 0; i < PV_N_CAT; i++) {
        const pv_cat_t *v = &pv_cat[i];
        size_t total = v->outer * v->k * v->inner;
        size_t nout = v->outer * v->inner * (v->draws ? v->draws : 1);
        float *l32 = malloc(total * sizeof(float));
        double *l64 = malloc(total * sizeof(double));
        int64_t *got = malloc(nout * sizeof(int64_t));
        int rc = PRNG_ENOMEM;
        if (l32 && l64 && got) {
            for (size_t j = 0; j < total; j++)
                l32[j] = f32_of(v->logits[j]), l64[j] = f64_of(v->logits[j]);
            if (v->draws == 0)
                rc = v->f64 ? prng_categorical_f64(v->key, l64, v->outer, v->k, v->inner,
                                                   v->part, got)
                            : prng_categorical_f32(v->key, l32, v->outer, v->k, v->inner,
                                                   v->part, got);
            else
                rc = v->f64 ? prng_categorical_noreplace_f64(v->key, l64, v->outer, v->k,
                                                             v->inner, v->draws, v->part, got)
                            : prng_categorical_noreplace_f32(v->key, l32, v->outer, v->k,
                                                             v->inner, v->draws, v->part, got);
        }
        if (rc || memcmp(got, v->want, nout * sizeof(int64_t)) != 0)
            bad++, fail(v->name, rc ? "returned an error" : "indices differ");
        free(l32), free(l64), free(got);
    }
    if (!bad) printf("PASS jax: categorical (%d vectors)\n", PV_N_CAT);
}

static void test_fns(void)
{
    for (size_t i = 0; i < PV_N_FN; i++) {
        const pv_fn_t *v = &pv_fn[i];
        int f64 = v->fn == PV_FN_ERFINV_F64 || v->fn == PV_FN_LOG1P_F64 ||
                  v->fn == PV_FN_CUMSUM_F64;
        size_t exact = 0, worst_at = 0;
        uint64_t worst = 0;
        float *x32 = malloc(v->n * sizeof(float)), *y32 = malloc(v->n * sizeof(float));
        double *x64 = malloc(v->n * sizeof(double)), *y64 = malloc(v->n * sizeof(double));
        if (!x32 || !y32 || !x64 || !y64) {
            fail(v->name, "out of memory");
            goto next;
        }
        for (size_t j = 0; j < v->n; j++) x32[j] = f32_of(v->in[j]), x64[j] = f64_of(v->in[j]);
        if (v->fn == PV_FN_CUMSUM_F32) prng_cumsum_f32(x32, v->n, y32);
        if (v->fn == PV_FN_CUMSUM_F64) prng_cumsum_f64(x64, v->n, y64);
        for (size_t j = 0; j < v->n; j++) {
            switch (v->fn) {
            case PV_FN_ERFINV_F32: y32[j] = prng_xla_erfinv_f32(x32[j]); break;
            case PV_FN_ERFINV_F64: y64[j] = prng_xla_erfinv_f64(x64[j]); break;
            case PV_FN_LOG1P_F32: y32[j] = prng_xla_log1p_f32(x32[j]); break;
            case PV_FN_LOG1P_F64: y64[j] = prng_xla_log1p_f64(x64[j]); break;
            case PV_FN_LOG_F32: y32[j] = prng_xla_log_f32(x32[j]); break;
            case PV_FN_ERF_F32: y32[j] = prng_xla_erf_f32(x32[j]); break;
            default: break;
            }
            uint64_t d = f64 ? ulp_f64(bits_f64(y64[j]), v->want[j])
                             : ulp_f32(bits_f32(y32[j]), v->want[j]);
            exact += d == 0;
            if (d > worst) worst = d, worst_at = j;
        }
        /* the XLA kernels are transcribed operation for operation: demand bit equality */
        if (worst == 0) printf("PASS jax: %s (%zu/%zu bit-exact)\n", v->name, exact, v->n);
        else if (f64)
            fail(v->name, "%zu/%zu exact; worst %" PRIu64 " ulp at x=%.17g: got %.17g want %.17g",
                 exact, v->n, worst, x64[worst_at], y64[worst_at], f64_of(v->want[worst_at]));
        else
            fail(v->name, "%zu/%zu exact; worst %" PRIu64 " ulp at x=%.9g: got %.9g want %.9g",
                 exact, v->n, worst, (double)x32[worst_at], (double)y32[worst_at],
                 (double)f32_of(v->want[worst_at]));
    next:
        free(x32), free(y32), free(x64), free(y64);
    }
}

int main(void)
{
    printf("# vectors from JAX %s\n", PV_JAX_VERSION);
    test_prng_md();
    test_api();
    test_seeds();
    test_split_fold();
    test_bits();
    test_floats();
    test_randint();
    test_shuffle();
    test_choice();
    test_categorical();
    test_fns();
    return failures ? 1 : 0;
}
