/* text.c - UTF-8 repair and offsets, base64: the byte work between the language's output
 * and JSON strings on the wire. */
#include "text.h"

#include <stdlib.h>
#include <string.h>

/* Length of the valid UTF-8 sequence starting at s[i]; -k if it is a valid but truncated
 * prefix (k bytes present, the rest missing at the end of the buffer); 0 if invalid, with
 * *bad = the length of the maximal invalid subpart (the lead byte and the continuation
 * bytes that were still acceptable), so that it becomes one U+FFFD. */
static int seq_len(const unsigned char *s, size_t n, size_t i, int *bad) {
  unsigned c = s[i];
  int need;
  unsigned lo = 0x80, hi = 0xBF;
  *bad = 1;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) need = 1;
  else if (c >= 0xE0 && c <= 0xEF) {
    need = 2;
    if (c == 0xE0) lo = 0xA0;        /* no overlongs */
    if (c == 0xED) hi = 0x9F;        /* no surrogates */
  } else if (c >= 0xF0 && c <= 0xF4) {
    need = 3;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;        /* nothing above U+10FFFF */
  } else return 0;
  for (int k = 1; k <= need; k++) {
    if (i + (size_t)k >= n) return -k;
    unsigned d = s[i + (size_t)k];
    unsigned l = k == 1 ? lo : 0x80, h = k == 1 ? hi : 0xBF;
    if (d < l || d > h) { *bad = k; return 0; }
  }
  return need + 1;
}

size_t krn_utf8_complete_len(const char *str, size_t n) {
  const unsigned char *s = (const unsigned char *)str;
  /* only the last 3 bytes can start an unfinished sequence */
  size_t from = n > 3 ? n - 3 : 0;
  for (size_t i = from; i < n; i++) {
    if (s[i] < 0xC0) continue;
    int bad;
    if (seq_len(s, n, i, &bad) < 0) return i;
  }
  return n;
}

int krn_utf8_valid(const char *str, size_t n) {
  const unsigned char *s = (const unsigned char *)str;
  size_t i = 0;
  while (i < n) {
    if (s[i] < 0x80) { i++; continue; }
    int bad, k = seq_len(s, n, i, &bad);
    if (k <= 0) return 0;
    i += (size_t)k;
  }
  return 1;
}

char *krn_utf8_clean(const char *str, size_t n, size_t *outn) {
  const unsigned char *s = (const unsigned char *)str;
  /* each invalid byte becomes at most 3 bytes */
  if (n > ((size_t)-1 - 1) / 3) return NULL;
  char *out = malloc(n * 3 + 1);
  if (!out) return NULL;
  size_t o = 0, i = 0;
  while (i < n) {
    if (s[i] < 0x80) { out[o++] = (char)s[i++]; continue; }
    int bad, k = seq_len(s, n, i, &bad);
    if (k > 0) {
      memcpy(out + o, s + i, (size_t)k);
      o += (size_t)k;
      i += (size_t)k;
      continue;
    }
    size_t skip = k < 0 ? (size_t)(-k) : (size_t)bad;
    out[o++] = (char)0xEF; out[o++] = (char)0xBF; out[o++] = (char)0xBD;
    i += skip;
  }
  out[o] = 0;
  if (outn) *outn = o;
  return out;
}

size_t krn_utf8_cp_to_byte(const char *str, size_t n, size_t cp) {
  const unsigned char *s = (const unsigned char *)str;
  size_t i = 0;
  while (i < n && cp > 0) {
    i++;
    while (i < n && (s[i] & 0xC0) == 0x80) i++;
    cp--;
  }
  return i;
}

size_t krn_utf8_byte_to_cp(const char *str, size_t n, size_t byte) {
  const unsigned char *s = (const unsigned char *)str;
  if (byte > n) byte = n;
  size_t cp = 0;
  for (size_t i = 0; i < byte; i++)
    if ((s[i] & 0xC0) != 0x80) cp++;
  return cp;
}

char *krn_base64(const unsigned char *p, size_t n, size_t *outn) {
  static const char tab[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  if (n > ((size_t)-1 / 4) * 3 - 3) return NULL;
  size_t len = (n + 2) / 3 * 4;
  char *out = malloc(len + 1);
  if (!out) return NULL;
  size_t o = 0, i = 0;
  for (; i + 2 < n; i += 3) {
    unsigned v = (unsigned)p[i] << 16 | (unsigned)p[i + 1] << 8 | p[i + 2];
    out[o++] = tab[v >> 18]; out[o++] = tab[(v >> 12) & 63];
    out[o++] = tab[(v >> 6) & 63]; out[o++] = tab[v & 63];
  }
  if (i < n) {
    unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0);
    out[o++] = tab[v >> 18]; out[o++] = tab[(v >> 12) & 63];
    out[o++] = i + 1 < n ? tab[(v >> 6) & 63] : '=';
    out[o++] = '=';
  }
  out[o] = 0;
  if (outn) *outn = o;
  return out;
}
