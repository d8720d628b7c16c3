/* mod_hashlib_blake2.c - BLAKE2b and BLAKE2s (RFC 7693) with the parameter block CPython's
 * hashlib.blake2b/blake2s take (digest_size, key, salt, person), for mod_hashlib.c. */
#include <string.h>
#include "mod_hashlib.h"

static const uint64_t iv64[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};
static const uint32_t iv32[8] = {0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A,
                                 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19};
static const uint8_t sigma[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3}};

static uint64_t ld64(const uint8_t *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
  return v;
}
static uint32_t ld32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t ror64(uint64_t x, int n) { return x >> n | x << (64 - n); }
static uint32_t ror32(uint32_t x, int n) { return x >> n | x << (32 - n); }

static void compress_b(Blake2 *s, const uint8_t *blk, int last) {
  uint64_t m[16], v[16];
  for (int i = 0; i < 16; i++) m[i] = ld64(blk + 8 * i);
  for (int i = 0; i < 8; i++) { v[i] = s->h64[i]; v[i + 8] = iv64[i]; }
  v[12] ^= s->t[0];
  v[13] ^= s->t[1];
  if (last) v[14] = ~v[14];
#define GB(a, b, c, d, x, y)                       \
  do {                                             \
    v[a] = v[a] + v[b] + x; v[d] = ror64(v[d] ^ v[a], 32); \
    v[c] = v[c] + v[d]; v[b] = ror64(v[b] ^ v[c], 24);     \
    v[a] = v[a] + v[b] + y; v[d] = ror64(v[d] ^ v[a], 16); \
    v[c] = v[c] + v[d]; v[b] = ror64(v[b] ^ v[c], 63);     \
  } while (0)
  for (int r = 0; r < 12; r++) {
    const uint8_t *z = sigma[r];
    GB(0, 4, 8, 12, m[z[0]], m[z[1]]);
    GB(1, 5, 9, 13, m[z[2]], m[z[3]]);
    GB(2, 6, 10, 14, m[z[4]], m[z[5]]);
    GB(3, 7, 11, 15, m[z[6]], m[z[7]]);
    GB(0, 5, 10, 15, m[z[8]], m[z[9]]);
    GB(1, 6, 11, 12, m[z[10]], m[z[11]]);
    GB(2, 7, 8, 13, m[z[12]], m[z[13]]);
    GB(3, 4, 9, 14, m[z[14]], m[z[15]]);
  }
#undef GB
  for (int i = 0; i < 8; i++) s->h64[i] ^= v[i] ^ v[i + 8];
}

static void compress_s(Blake2 *s, const uint8_t *blk, int last) {
  uint32_t m[16], v[16];
  for (int i = 0; i < 16; i++) m[i] = ld32(blk + 4 * i);
  for (int i = 0; i < 8; i++) { v[i] = s->h32[i]; v[i + 8] = iv32[i]; }
  v[12] ^= (uint32_t)s->t[0];
  v[13] ^= (uint32_t)(s->t[0] >> 32);
  if (last) v[14] = ~v[14];
#define GS(a, b, c, d, x, y)                       \
  do {                                             \
    v[a] = v[a] + v[b] + x; v[d] = ror32(v[d] ^ v[a], 16); \
    v[c] = v[c] + v[d]; v[b] = ror32(v[b] ^ v[c], 12);     \
    v[a] = v[a] + v[b] + y; v[d] = ror32(v[d] ^ v[a], 8);  \
    v[c] = v[c] + v[d]; v[b] = ror32(v[b] ^ v[c], 7);      \
  } while (0)
  for (int r = 0; r < 10; r++) {
    const uint8_t *z = sigma[r];
    GS(0, 4, 8, 12, m[z[0]], m[z[1]]);
    GS(1, 5, 9, 13, m[z[2]], m[z[3]]);
    GS(2, 6, 10, 14, m[z[4]], m[z[5]]);
    GS(3, 7, 11, 15, m[z[6]], m[z[7]]);
    GS(0, 5, 10, 15, m[z[8]], m[z[9]]);
    GS(1, 6, 11, 12, m[z[10]], m[z[11]]);
    GS(2, 7, 8, 13, m[z[12]], m[z[13]]);
    GS(3, 4, 9, 14, m[z[14]], m[z[15]]);
  }
#undef GS
  for (int i = 0; i < 8; i++) s->h32[i] ^= v[i] ^ v[i + 8];
}

static void add_t(Blake2 *s, uint64_t n) {
  s->t[0] += n;
  if (s->t[0] < n) s->t[1]++;
}

void hashlib_blake2_update(Blake2 *s, const uint8_t *p, size_t n) {
  size_t bs = s->big ? 128 : 64;
  while (n > 0) {
    /* the last block is compressed at final time, so a full buffer waits for more input */
    if (s->buflen == bs) {
      add_t(s, bs);
      if (s->big) compress_b(s, s->buf, 0); else compress_s(s, s->buf, 0);
      s->buflen = 0;
    }
    size_t k = bs - s->buflen;
    if (k > n) k = n;
    memcpy(s->buf + s->buflen, p, k);
    s->buflen += k;
    p += k;
    n -= k;
  }
}

void hashlib_blake2_init(Blake2 *s, int big, int outlen, const uint8_t *key, size_t keylen,
                    const uint8_t *salt, size_t saltlen, const uint8_t *person, size_t personlen) {
  memset(s, 0, sizeof *s);
  s->big = big;
  s->outlen = outlen;
  uint8_t pb[64] = {0};
  pb[0] = (uint8_t)outlen;
  pb[1] = (uint8_t)keylen;
  pb[2] = 1;   /* fanout */
  pb[3] = 1;   /* depth */
  if (big) {
    if (saltlen) memcpy(pb + 32, salt, saltlen);
    if (personlen) memcpy(pb + 48, person, personlen);
    for (int i = 0; i < 8; i++) s->h64[i] = iv64[i] ^ ld64(pb + 8 * i);
  } else {
    if (saltlen) memcpy(pb + 16, salt, saltlen);
    if (personlen) memcpy(pb + 24, person, personlen);
    for (int i = 0; i < 8; i++) s->h32[i] = iv32[i] ^ ld32(pb + 4 * i);
  }
  if (keylen) {
    uint8_t blk[128] = {0};
    memcpy(blk, key, keylen);
    hashlib_blake2_update(s, blk, big ? 128 : 64);
  }
}

void hashlib_blake2_final(const Blake2 *s0, uint8_t *out) {
  Blake2 s = *s0;   /* digest() may be called again and more data added after it */
  size_t bs = s.big ? 128 : 64;
  add_t(&s, s.buflen);
  memset(s.buf + s.buflen, 0, bs - s.buflen);
  if (s.big) compress_b(&s, s.buf, 1); else compress_s(&s, s.buf, 1);
  for (int i = 0; i < s.outlen; i++)
    out[i] = s.big ? (uint8_t)(s.h64[i / 8] >> (8 * (i % 8))) : (uint8_t)(s.h32[i / 4] >> (8 * (i % 4)));
}
