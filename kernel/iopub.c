/* iopub.c - the iopub thread: the only user of the XPUB socket. It signs and publishes what
 * the other threads queue, batches stream text (cleaning UTF-8, also across writes), and
 * answers each new subscription with an iopub_welcome message. */
#include "krn.h"
#include "text.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zmq.h>

#define FLUSH_BYTES (64 * 1024)
#define FLUSH_MS 50

typedef struct strbuf { char *p; size_t n, cap; } strbuf;

typedef struct iopub {
  krn_kernel *k;
  krn_signer *signer;
  void *xpub, *pull;
  /* pending stream text: one stream at a time, so stdout/stderr interleave as written */
  int name;               /* 0 none, 1 stdout, 2 stderr */
  strbuf parent;          /* raw parent header of the pending text */
  strbuf text;
  char carry[3][4];       /* an unfinished UTF-8 character per stream */
  int ncarry[3];
  long long deadline;     /* ms clock when pending text must go out */
} iopub;

static long long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int sb_put(strbuf *b, const char *p, size_t n) {
  if (b->n + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->n + n + 1) cap *= 2;
    char *np = realloc(b->p, cap);
    if (!np) return -1;
    b->p = np;
    b->cap = cap;
  }
  if (n) memcpy(b->p + b->n, p, n);
  b->n += n;
  b->p[b->n] = 0;
  return 0;
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

static void emit_stream(iopub *io, int name, const char *parent, size_t pn, const char *s,
                        size_t n) {
  if (n == 0) return;
  size_t cn;
  char *clean = krn_utf8_clean(s, n, &cn);
  if (!clean) { krn_log("out of memory for stream output"); return; }
  json_t *c = json_object();
  json_object_set_new(c, "name", json_string(name == 2 ? "stderr" : "stdout"));
  json_object_set_new(c, "text", json_stringn_nocheck(clean, cn));
  free(clean);
  char *cs = json_dumps(c, JSON_COMPACT);
  json_decref(c);
  char header[512];
  int hn = krn_header(io->k, "stream", header, sizeof header);
  if (cs && hn > 0) {
    krn_buf parts[4] = {{header, (size_t)hn}, {parent, pn}, {"{}", 2}, {cs, strlen(cs)}};
    publish_typed(io, "stream", parts);
  }
  free(cs);
}

/* Send the pending text. final: also send an unfinished character (as U+FFFD) rather than
 * keeping it for the next write. */
static void flush_pending(iopub *io, int final) {
  int nm = io->name;
  if (nm) {
    size_t keep = final ? io->text.n : krn_utf8_complete_len(io->text.p, io->text.n);
    emit_stream(io, nm, io->parent.p, io->parent.n, io->text.p, keep);
    io->ncarry[nm] = (int)(io->text.n - keep);
    memcpy(io->carry[nm], io->text.p + keep, io->text.n - keep);
    io->text.n = 0;
    io->name = 0;
  }
  if (final)
    for (int s = 1; s <= 2; s++)
      if (io->ncarry[s]) {
        emit_stream(io, s, io->parent.p ? io->parent.p : "{}", io->parent.p ? io->parent.n : 2,
                    io->carry[s], (size_t)io->ncarry[s]);
        io->ncarry[s] = 0;
      }
  io->deadline = 0;
}

static void add_stream(iopub *io, const krn_buf *f, int n) {
  if (n != 4) return;
  int name = f[1].n == 6 && memcmp(f[1].p, "stderr", 6) == 0 ? 2 : 1;
  int same_parent = io->parent.p && io->parent.n == f[2].n && memcmp(io->parent.p, f[2].p, f[2].n) == 0;
  if (!same_parent) {
    flush_pending(io, 1);
    io->parent.n = 0;
    if (sb_put(&io->parent, f[2].p, f[2].n) < 0) return;
  } else if (io->name && io->name != name) {
    flush_pending(io, 0);
  }
  if (!io->name) {
    io->name = name;
    io->text.n = 0;
    if (sb_put(&io->text, io->carry[name], (size_t)io->ncarry[name]) < 0) return;
    io->ncarry[name] = 0;
    io->deadline = now_ms() + FLUSH_MS;
  }
  if (sb_put(&io->text, f[3].p, f[3].n) < 0) {
    krn_log("out of memory for stream output");
    return;
  }
  if (io->text.n >= FLUSH_BYTES || now_ms() >= io->deadline) flush_pending(io, 0);
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
  case 'S': add_stream(io, f, n); return 0;
  case 'F': flush_pending(io, 1); return 0;
  case 'Q': flush_pending(io, 1); return 1;
  case 'M':
    if (n != 6) return 0;
    flush_pending(io, 1);
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
    long timeout = -1;
    if (io->deadline) {
      timeout = (long)(io->deadline - now_ms());
      if (timeout < 0) timeout = 0;
    }
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
    if (io->deadline && now_ms() >= io->deadline) flush_pending(io, 0);
  }
  /* what was queued before the quit marker by other threads still goes out */
  for (;;) {
    krn_buf *f;
    int fn = krn_zrecv(io->pull, ZMQ_DONTWAIT, &f, (size_t)-1);
    if (fn < 0) break;
    handle(io, f, fn);
    krn_frames_free(f, fn);
  }
  flush_pending(io, 1);
  zmq_close(io->pull);
  zmq_close(io->xpub);
  krn_signer_free(io->signer);
  free(io->parent.p);
  free(io->text.p);
  free(io);
  return NULL;
}

int krn_iopub_start(krn_kernel *k, pthread_t *th) {
  iopub *io = calloc(1, sizeof *io);
  if (!io) return -1;
  io->k = k;
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
