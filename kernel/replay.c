/* replay.c - the bounded history of signatures already accepted, so that a captured, validly
 * signed message sent again is refused (ipykernel keeps 2**16 digests the same way). */
#include <pthread.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "krn.h"

/* A signature is an HMAC: its first 32 hex digits identify it as well as the whole. */
#define SIG_KEEP 32

typedef struct entry { char sig[SIG_KEEP]; unsigned char len; int32_t next; } entry;

struct krn_replay {
  pthread_mutex_t mu;
  entry *ring;        /* oldest is overwritten first */
  int32_t *bucket;    /* chain heads, -1 = empty */
  size_t cap, nbucket, used, pos;
};

krn_replay *krn_replay_new(size_t cap) {
  if (cap == 0 || cap > ((size_t)1 << 24)) return NULL;
  krn_replay *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  r->cap = cap;
  r->nbucket = 1;
  while (r->nbucket < cap) r->nbucket <<= 1;
  r->ring = calloc(cap, sizeof *r->ring);
  r->bucket = malloc(r->nbucket * sizeof *r->bucket);
  if (!r->ring || !r->bucket || pthread_mutex_init(&r->mu, NULL) != 0) {
    free(r->ring);
    free(r->bucket);
    free(r);
    return NULL;
  }
  for (size_t i = 0; i < r->nbucket; i++) r->bucket[i] = -1;
  return r;
}

void krn_replay_free(krn_replay *r) {
  if (!r) return;
  pthread_mutex_destroy(&r->mu);
  free(r->ring);
  free(r->bucket);
  free(r);
}

static size_t hash(const char *p, size_t n, size_t mask) {
  uint64_t h = 1469598103934665603ull;   /* FNV-1a */
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
  return (size_t)h & mask;
}

static void unlink_entry(krn_replay *r, int32_t idx) {
  entry *e = &r->ring[idx];
  int32_t *link = &r->bucket[hash(e->sig, e->len, r->nbucket - 1)];
  while (*link >= 0 && *link != idx) link = &r->ring[*link].next;
  if (*link == idx) *link = e->next;
}

int krn_replay_seen(krn_replay *r, krn_buf sig) {
  if (!r || sig.n == 0) return 0;   /* signing off: nothing to remember */
  size_t n = sig.n < SIG_KEEP ? sig.n : SIG_KEEP;
  size_t b = hash(sig.p, n, r->nbucket - 1);
  pthread_mutex_lock(&r->mu);
  for (int32_t i = r->bucket[b]; i >= 0; i = r->ring[i].next)
    if (r->ring[i].len == n && memcmp(r->ring[i].sig, sig.p, n) == 0) {
      pthread_mutex_unlock(&r->mu);
      return 1;
    }
  int32_t idx = (int32_t)r->pos;
  if (r->used == r->cap) unlink_entry(r, idx);
  else r->used++;
  entry *e = &r->ring[idx];
  memcpy(e->sig, sig.p, n);
  e->len = (unsigned char)n;
  e->next = r->bucket[b];
  r->bucket[b] = idx;
  r->pos = (r->pos + 1) % r->cap;
  pthread_mutex_unlock(&r->mu);
  return 0;
}

int krn_decode_fresh(krn_thr *t, const krn_buf *frames, int n, krn_msg *out, char *why,
                     size_t whylen) {
  if (krn_decode(t->signer, frames, n, out, why, whylen) < 0) return -1;
  if (krn_signer_enabled(t->signer) && krn_replay_seen(t->k->replay, out->sig)) {
    snprintf(why, whylen, "duplicate signature (a replayed message)");
    krn_msg_clear(out);
    return -1;
  }
  return 0;
}
