/* batch.h - stream output batching for iopub: joins writes into fewer messages, keeps stdout
 * and stderr in the order written, and never splits a UTF-8 character between messages. */
#ifndef SABLE_KRN_BATCH_H
#define SABLE_KRN_BATCH_H

#include <stddef.h>

#define KRN_BATCH_BYTES (64 * 1024)
#define KRN_BATCH_MS 50

/* Receives one message's worth of text (valid UTF-8) for stream 1 (stdout) or 2 (stderr). */
typedef void (*krn_emit_fn)(void *ud, int stream, const char *parent, size_t pn,
                            const char *text, size_t n);

typedef struct krn_batch {
  krn_emit_fn emit;
  void *ud;
  int stream;            /* of the pending text: 0 none, 1 stdout, 2 stderr */
  char *parent;          /* raw parent header the pending text belongs to */
  size_t pn, pcap;
  char *text;
  size_t n, cap;
  char carry[3][4];      /* an unfinished UTF-8 character per stream */
  int ncarry[3];
  long long deadline;    /* when pending text must go out (ms clock); 0 when none */
} krn_batch;

/* Append a write. now is the caller's millisecond clock. */
void krn_batch_add(krn_batch *b, int stream, const char *parent, size_t pn, const char *s,
                   size_t n, long long now);
/* Send pending text. final: an unfinished character at the end goes out as U+FFFD too
 * (before any other message, and at the end of a request). */
void krn_batch_flush(krn_batch *b, int final);
/* Flush if the deadline has passed; returns the ms to wait until the next deadline, -1 none. */
long krn_batch_tick(krn_batch *b, long long now);
void krn_batch_free(krn_batch *b);

#endif
