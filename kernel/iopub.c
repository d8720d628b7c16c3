/* iopub.c - publishing on the XPUB socket. Every thread sends its iopub messages itself under
 * one mutex (no hop through another thread, so status and results leave at once); stream text
 * is batched (krn_batch); a small housekeeping thread sends batched text that has waited long
 * enough and answers each new subscription with an iopub_welcome message. */
#include "batch.h"
#include "krn.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zmq.h>

/* How often the housekeeping thread looks for new subscriptions: often while front ends
 * connect after start-up, rarely later, so an idle kernel hardly wakes. */
#define TICK_START_MS 10
#define TICK_IDLE_MS 100
#define START_PHASE_MS 3000

struct krn_iopub {
  krn_kernel *k;
  pthread_mutex_t mu;    /* guards everything below, the socket included */
  pthread_cond_t cv;
  void *xpub;            /* NULL once stopped */
  krn_signer *signer;
  krn_batch batch;
  int quit;
};

static long long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Sign and send [topic?, <IDS|MSG>, sig, header, parent, metadata, content, buffers...] (the
 * buffers are not signed, as in the wire protocol). Locked. */
static void publish_bufs(krn_iopub *io, const char *topic, size_t tn, const krn_buf parts[4],
                         const krn_buf *bufs, int nbufs) {
  char sig[KRN_MAX_SIG_HEX + 1];
  if (!io->xpub) return;
  int sn = krn_sign(io->signer, parts, sig);
  if (sn < 0) { krn_log("cannot sign an iopub message"); return; }
  int rc = 0;
  if (topic) rc = krn_zsend(io->xpub, topic, tn, 1);
  if (rc == 0) rc = krn_zsend(io->xpub, KRN_DELIM, sizeof KRN_DELIM - 1, 1);
  if (rc == 0) rc = krn_zsend(io->xpub, sig, (size_t)sn, 1);
  for (int i = 0; i < 4 && rc == 0; i++)
    rc = krn_zsend(io->xpub, parts[i].p, parts[i].n, i < 3 || nbufs > 0);
  for (int i = 0; i < nbufs && rc == 0; i++)
    rc = krn_zsend(io->xpub, bufs[i].p, bufs[i].n, i < nbufs - 1);
  if (rc < 0) krn_log("iopub send failed: %s", zmq_strerror(errno));
}

static void publish(krn_iopub *io, const char *topic, size_t tn, const krn_buf parts[4]) {
  publish_bufs(io, topic, tn, parts, NULL, 0);
}

static void publish_typed(krn_iopub *io, const char *msg_type, const krn_buf parts[4],
                          const krn_buf *bufs, int nbufs) {
  char topic[128];
  int tn = snprintf(topic, sizeof topic, "kernel.%s.%s", io->k->session, msg_type);
  publish_bufs(io, topic, tn > 0 && (size_t)tn < sizeof topic ? (size_t)tn : 0, parts, bufs,
               nbufs);
}

/* the batcher's output: one stream message. Locked. */
static void emit_stream(void *ud, int name, const char *parent, size_t pn, const char *text,
                        size_t n) {
  krn_iopub *io = ud;
  json_t *c = json_object();
  json_object_set_new(c, "name", json_string(name == 2 ? "stderr" : "stdout"));
  json_object_set_new(c, "text", json_stringn_nocheck(text, n));
  char *cs = json_dumps(c, JSON_COMPACT);
  json_decref(c);
  char header[512];
  int hn = krn_header(io->k, "stream", header, sizeof header);
  if (cs && hn > 0) {
    krn_buf parts[4] = {{header, (size_t)hn}, {parent, pn}, {"{}", 2}, {cs, strlen(cs)}};
    publish_typed(io, "stream", parts, NULL, 0);
  } else {
    krn_log("out of memory for stream output");
  }
  free(cs);
}

static void welcome(krn_iopub *io, const char *sub, size_t n) {
  json_t *c = json_object();
  json_object_set_new(c, "subscription", json_stringn(sub, n));
  char *cs = json_dumps(c, JSON_COMPACT);
  json_decref(c);
  char header[512];
  int hn = krn_header(io->k, "iopub_welcome", header, sizeof header);
  if (cs && hn > 0) {
    krn_buf parts[4] = {{header, (size_t)hn}, {"{}", 2}, {"{}", 2}, {cs, strlen(cs)}};
    publish(io, n ? sub : NULL, n, parts);
  }
  free(cs);
}

/* Answer new subscriptions (one frame: 0x01 + topic) with iopub_welcome. Locked. */
static void answer_subscriptions(krn_iopub *io) {
  for (;;) {
    krn_buf *f;
    int fn = io->xpub ? krn_zrecv(io->xpub, ZMQ_DONTWAIT, &f, 1 << 16) : -1;
    if (fn < 0) break;
    if (fn == 1 && f[0].n >= 1 && f[0].p[0] == 1) welcome(io, f[0].p + 1, f[0].n - 1);
    krn_frames_free(f, fn);
  }
}

void krn_iopub_subscriptions(krn_iopub *io) {
  pthread_mutex_lock(&io->mu);
  answer_subscriptions(io);
  pthread_mutex_unlock(&io->mu);
}

int krn_iopub_publish(krn_iopub *io, const char *msg_type, const krn_buf parts[4],
                      const krn_buf *bufs, int nbufs) {
  pthread_mutex_lock(&io->mu);
  /* output written before this message goes out first, except before comm messages: there
   * ipykernel sends the comm message at once and the text on its stream's own schedule (a
   * widget's comm_open/update before the print that preceded it), and front ends see it so */
  if (strncmp(msg_type, "comm_", 5) != 0) krn_batch_flush(&io->batch, 1);
  publish_typed(io, msg_type, parts, bufs, nbufs);
  pthread_mutex_unlock(&io->mu);
  return 0;
}

void krn_iopub_stream(krn_iopub *io, int stream, krn_buf parent, const char *s, size_t n) {
  pthread_mutex_lock(&io->mu);
  krn_batch_add(&io->batch, stream, parent.p, parent.n, s, n, now_ms());
  pthread_mutex_unlock(&io->mu);
}

void krn_iopub_flush(krn_iopub *io) {
  pthread_mutex_lock(&io->mu);
  krn_batch_flush(&io->batch, 1);
  pthread_mutex_unlock(&io->mu);
}

static void *housekeeping(void *arg) {
  krn_iopub *io = arg;
  long long started = now_ms();
  pthread_mutex_lock(&io->mu);
  while (!io->quit) {
    answer_subscriptions(io);
    long long now = now_ms();
    long tick = now - started < START_PHASE_MS ? TICK_START_MS : TICK_IDLE_MS;
    long wait = krn_batch_tick(&io->batch, now);
    if (wait < 0 || wait > tick) wait = tick;
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += wait * 1000000L;
    until.tv_sec += until.tv_nsec / 1000000000L;
    until.tv_nsec %= 1000000000L;
    pthread_cond_timedwait(&io->cv, &io->mu, &until);
  }
  krn_batch_flush(&io->batch, 1);
  zmq_close(io->xpub);
  io->xpub = NULL;
  pthread_mutex_unlock(&io->mu);
  return NULL;
}

int krn_iopub_start(krn_kernel *k, pthread_t *th) {
  krn_iopub *io = calloc(1, sizeof *io);
  if (!io) return -1;
  io->k = k;
  io->batch.emit = emit_stream;
  io->batch.ud = io;
  io->xpub = k->sock[KRN_IOPUB];
  io->signer = krn_signer_dup(k->signer);
  if (!io->signer || pthread_mutex_init(&io->mu, NULL) != 0) {
    krn_signer_free(io->signer);
    free(io);
    return -1;
  }
  pthread_cond_init(&io->cv, NULL);
  k->sock[KRN_IOPUB] = NULL;   /* owned by the iopub state from now on */
  k->iopub = io;
  if (pthread_create(th, NULL, housekeeping, io) != 0) {
    k->iopub = NULL;
    k->sock[KRN_IOPUB] = io->xpub;
    pthread_mutex_destroy(&io->mu);
    pthread_cond_destroy(&io->cv);
    krn_signer_free(io->signer);
    free(io);
    return -1;
  }
  return 0;
}

void krn_iopub_stop(krn_kernel *k, pthread_t th) {
  krn_iopub *io = k->iopub;
  if (!io) return;
  pthread_mutex_lock(&io->mu);
  io->quit = 1;
  pthread_cond_signal(&io->cv);
  pthread_mutex_unlock(&io->mu);
  pthread_join(th, NULL);   /* from here on publishing does nothing */
}

void krn_iopub_free(krn_kernel *k) {
  krn_iopub *io = k->iopub;
  if (!io) return;
  k->iopub = NULL;
  krn_batch_free(&io->batch);
  krn_signer_free(io->signer);
  pthread_mutex_destroy(&io->mu);
  pthread_cond_destroy(&io->cv);
  free(io);
}
