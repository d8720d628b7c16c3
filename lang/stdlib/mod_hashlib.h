/* mod_hashlib.h - shared between mod_hashlib.c (the _hashlib module over libcrypto) and
 * mod_hashlib_blake2.c (BLAKE2, which CPython also implements itself rather than via OpenSSL). */
#ifndef SABLE_MOD_HASHLIB_H
#define SABLE_MOD_HASHLIB_H

#include <stddef.h>
#include <stdint.h>

typedef struct Blake2 {
  uint64_t h64[8];
  uint32_t h32[8];
  uint64_t t[2];
  uint8_t buf[128];
  size_t buflen;
  int big;        /* 1: BLAKE2b (64-byte words, 128-byte blocks), 0: BLAKE2s */
  int outlen;
} Blake2;

/* salt/person at most 16/16 (b) or 8/8 (s) bytes, key at most 64 (b) or 32 (s); checked by the caller */
void hashlib_blake2_init(Blake2 *s, int big, int outlen, const uint8_t *key, size_t keylen,
                         const uint8_t *salt, size_t saltlen, const uint8_t *person, size_t personlen);
void hashlib_blake2_update(Blake2 *s, const uint8_t *p, size_t n);
void hashlib_blake2_final(const Blake2 *s, uint8_t *out);    /* outlen bytes; s unchanged */

#endif
