/* batch.c - stream batching with UTF-8 repair: text is cleaned only when it leaves, and a
 * character cut between two writes is carried over instead of becoming U+FFFD. */
#include "batch.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

static int put(char **p, size_t *n, size_t *cap, const char *s, size_t k) {
  if (*n + k + 1 > *cap) {
    size_t c = *cap ? *cap : 256;
    while (c < *n + k + 1) c *= 2;
    char *np = realloc(*p, c);
    if (!np) return -1;
    *p = np;
    *cap = c;
  }
  if (k) memcpy(*p + *n, s, k);
  *n += k;
  (*p)[*n] = 0;
  return 0;
}

static void emit(krn_batch *b, int stream, const char *s, size_t n) {
  if (n == 0) return;
  size_t cn;
  char *clean = krn_utf8_clean(s, n, &cn);
  if (!clean) return;
  b->emit(b->ud, stream, b->parent ? b->parent : "{}", b->parent ? b->pn : 2, clean, cn);
  free(clean);
}

void krn_batch_flush(krn_batch *b, int final) {
  int s = b->stream;
  if (s) {
    size_t keep = final ? b->n : krn_utf8_complete_len(b->text, b->n);
    emit(b, s, b->text, keep);
    b->ncarry[s] = (int)(b->n - keep);
    memcpy(b->carry[s], b->text + keep, b->n - keep);
    b->n = 0;
    b->stream = 0;
  }
  if (final)
    for (int k = 1; k <= 2; k++)
      if (b->ncarry[k]) {
        emit(b, k, b->carry[k], (size_t)b->ncarry[k]);
        b->ncarry[k] = 0;
      }
  b->deadline = 0;
}

void krn_batch_add(krn_batch *b, int stream, const char *parent, size_t pn, const char *s,
                   size_t n, long long now) {
  stream = stream == 2 ? 2 : 1;
  int same = b->parent && b->pn == pn && memcmp(b->parent, parent, pn) == 0;
  if (!same) {
    krn_batch_flush(b, 1);   /* text of another request is complete */
    b->pn = 0;
    if (put(&b->parent, &b->pn, &b->pcap, parent, pn) < 0) return;
  } else if (b->stream && b->stream != stream) {
    krn_batch_flush(b, 0);
  }
  if (!b->stream) {
    b->stream = stream;
    b->n = 0;
    if (put(&b->text, &b->n, &b->cap, b->carry[stream], (size_t)b->ncarry[stream]) < 0) return;
    b->ncarry[stream] = 0;
    b->deadline = now + KRN_BATCH_MS;
  }
  if (put(&b->text, &b->n, &b->cap, s, n) < 0) return;
  if (b->n >= KRN_BATCH_BYTES || now >= b->deadline) krn_batch_flush(b, 0);
}

long krn_batch_tick(krn_batch *b, long long now) {
  if (b->deadline && now >= b->deadline) krn_batch_flush(b, 0);
  return b->deadline ? (long)(b->deadline - now) : -1;
}

void krn_batch_free(krn_batch *b) {
  free(b->parent);
  free(b->text);
  memset(b, 0, sizeof *b);
}
