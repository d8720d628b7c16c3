/* iopub.c - the iopub thread: the only user of the XPUB socket. It signs and publishes what
 * the other threads queue, batches stream text (cleaning UTF-8, also across writes), and
 * answers each new subscription with an iopub_welcome message. */
#include "batch.h"
#include "krn.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zmq.h>

typedef struct iopub {
  krn_kernel *k;
  krn_signer *signer;
  void *xpub, *pull;
  krn_batch batch;
} iopub;

static long long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Sign and send [topic?, <IDS|MSG>, sig, header, parent, metadata, content]. */
static void publish(iopub *io, const char *topic, size_t tn, const krn_buf parts[4]) {
  char sig[KRN_MAX_SIG_HEX + 1];
  int sn = krn_sign(io->signer, parts, sig);
  if (sn < 0) { krn_log("cannot sign an iopub message"); return; }
  int rc = 0;
  if (topic) rc = krn_zsend(io->xpub, topic, tn, 1);
  if (rc == 0) rc = krn_zsend(io->xpub, KRN_DELIM, sizeof KRN_DELIM - 1, 1);
  if (rc == 0) rc = krn_zsend(io->xpub, sig, (size_t)sn, 1);
  for (int i = 0; i < 4 && rc == 0; i++) rc = krn_zsend(io->xpub, parts[i].p, parts[i].n, i < 3);
  if (rc < 0) krn_log("iopub send failed: %s", zmq_strerror(errno));
}

static void publish_typed(iopub *io, const char *msg_type, const krn_buf parts[4]) {
  char topic[128];
  int tn = snprintf(topic, sizeof topic, "kernel.%s.%s", io->k->session, msg_type);
  publish(io, topic, tn > 0 && (size_t)tn < sizeof topic ? (size_t)tn : 0, parts);
}

/* the batcher's output: one stream message */
static void emit_stream(void *ud, int name, const char *parent, size_t pn, const char *text,
                        size_t n) {
  iopub *io = ud;
  json_t *c = json_object();
  json_object_set_new(c, "name", json_string(name == 2 ? "stderr" : "stdout"));
  json_object_set_new(c, "text", json_stringn_nocheck(text, n));
  char *cs = json_dumps(c, JSON_COMPACT);
  json_decref(c);
  char header[512];
  int hn = krn_header(io->k, "stream", header, sizeof header);
  if (cs && hn > 0) {
    krn_buf parts[4] = {{header, (size_t)hn}, {parent, pn}, {"{}", 2}, {cs, strlen(cs)}};
    publish_typed(io, "stream", parts);
  } else {
    krn_log("out of memory for stream output");
  }
  free(cs);
}

static void welcome(iopub *io, const char *sub, size_t n) {
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

/* Handle one queued item; returns 1 on the quit marker. */
static int handle(iopub *io, krn_buf *f, int n) {
  if (n < 1 || f[0].n != 1) return 0;
  switch (f[0].p[0]) {
  case 'S':
    if (n == 4)
      krn_batch_add(&io->batch, f[1].n == 6 && memcmp(f[1].p, "stderr", 6) == 0 ? 2 : 1, f[2].p,
                    f[2].n, f[3].p, f[3].n, now_ms());
    return 0;
  case 'F': krn_batch_flush(&io->batch, 1); return 0;
  case 'Q': krn_batch_flush(&io->batch, 1); return 1;
  case 'M':
    if (n != 6) return 0;
    krn_batch_flush(&io->batch, 1);   /* output before this message goes out first */
    {
      char type[64];
      size_t tn = f[1].n < sizeof type ? f[1].n : sizeof type - 1;
      memcpy(type, f[1].p, tn);
      type[tn] = 0;
      publish_typed(io, type, f + 2);
    }
    return 0;
  }
  return 0;
}

static void *iopub_main(void *arg) {
  iopub *io = arg;
  int quit = 0;
  while (!quit) {
    zmq_pollitem_t items[2] = {{io->pull, 0, ZMQ_POLLIN, 0}, {io->xpub, 0, ZMQ_POLLIN, 0}};
    long timeout = krn_batch_tick(&io->batch, now_ms());
    int r = zmq_poll(items, 2, timeout);
    if (r < 0) {
      if (errno == EINTR) continue;
      break;   /* context terminated */
    }
    if (items[1].revents & ZMQ_POLLIN) {
      krn_buf *f;
      int fn = krn_zrecv(io->xpub, ZMQ_DONTWAIT, &f, 1 << 16);
      /* subscribe events are one frame: 0x01 + topic */
      if (fn == 1 && f[0].n >= 1 && f[0].p[0] == 1) welcome(io, f[0].p + 1, f[0].n - 1);
      krn_frames_free(f, fn > 0 ? fn : 0);
    }
    /* drain everything queued, so a burst of writes becomes one message */
    while (!quit && (items[0].revents & ZMQ_POLLIN)) {
      krn_buf *f;
      int fn = krn_zrecv(io->pull, ZMQ_DONTWAIT, &f, (size_t)-1);
      if (fn < 0) break;
      quit = handle(io, f, fn);
      krn_frames_free(f, fn);
    }
    krn_batch_tick(&io->batch, now_ms());
  }
  /* what was queued before the quit marker by other threads still goes out */
  for (;;) {
    krn_buf *f;
    int fn = krn_zrecv(io->pull, ZMQ_DONTWAIT, &f, (size_t)-1);
    if (fn < 0) break;
    handle(io, f, fn);
    krn_frames_free(f, fn);
  }
  krn_batch_flush(&io->batch, 1);
  zmq_close(io->pull);
  zmq_close(io->xpub);
  krn_signer_free(io->signer);
  krn_batch_free(&io->batch);
  free(io);
  return NULL;
}

int krn_iopub_start(krn_kernel *k, pthread_t *th) {
  iopub *io = calloc(1, sizeof *io);
  if (!io) return -1;
  io->k = k;
  io->batch.emit = emit_stream;
  io->batch.ud = io;
  io->xpub = k->sock[KRN_IOPUB];
  io->signer = krn_signer_dup(k->signer);
  io->pull = zmq_socket(k->zctx, ZMQ_PULL);
  int hwm = 0;
  if (io->pull) zmq_setsockopt(io->pull, ZMQ_RCVHWM, &hwm, sizeof hwm);
  if (!io->signer || !io->pull || zmq_bind(io->pull, KRN_IOPUB_INPROC) < 0) {
    if (io->pull) zmq_close(io->pull);
    krn_signer_free(io->signer);
    free(io);
    return -1;
  }
  k->sock[KRN_IOPUB] = NULL;   /* owned by the thread from now on */
  if (pthread_create(th, NULL, iopub_main, io) != 0) {
    k->sock[KRN_IOPUB] = io->xpub;
    zmq_close(io->pull);
    krn_signer_free(io->signer);
    free(io);
    return -1;
  }
  return 0;
}
