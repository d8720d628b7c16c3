/* send.c - putting messages on sockets: headers, signing, ROUTER replies, iopub messages
 * (handed to iopub.c), and EINTR-safe zmq calls. */
#include "krn.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zmq.h>

void krn_log(const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  fprintf(stderr, "[sable kernel] %s\n", buf);
}

int krn_thr_init(krn_thr *t, krn_kernel *k) {
  t->k = k;
  t->signer = krn_signer_dup(k->signer);
  return t->signer ? 0 : -1;
}

void krn_thr_close(krn_thr *t) {
  krn_signer_free(t->signer);
  t->signer = NULL;
}

/* Headers are written by hand: snprintf with this many fields was a tenth of the CPU time of
 * a short cell. The date's seconds part is kept per thread and redone once a second. */
static char *put(char *o, const char *end, const char *s, size_t n) {
  if (!o || (size_t)(end - o) < n) return NULL;
  memcpy(o, s, n);
  return o + n;
}

#define PUTLIT(o, end, lit) put(o, end, lit, sizeof lit - 1)

static char *put_digits(char *o, const char *end, unsigned long v, int width) {
  char d[24];
  int n = 0;
  do { d[n++] = (char)('0' + v % 10); v /= 10; } while (v && n < (int)sizeof d);
  while (n < width && n < (int)sizeof d) d[n++] = '0';
  if (!o || end - o < n) return NULL;
  while (n) *o++ = d[--n];
  return o;
}

int krn_header(krn_kernel *k, const char *msg_type, char *out, size_t cap) {
  static _Thread_local time_t last_sec = -1;
  static _Thread_local char stamp[32];   /* "YYYY-MM-DDTHH:MM:SS" of last_sec */
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  if (ts.tv_sec != last_sec) {
    struct tm tm;
    gmtime_r(&ts.tv_sec, &tm);
    char *e = stamp + sizeof stamp, *o = stamp;
    o = put_digits(o, e, (unsigned long)(tm.tm_year + 1900) % 10000, 4);
    o = PUTLIT(o, e, "-");
    o = put_digits(o, e, (unsigned long)tm.tm_mon + 1, 2);
    o = PUTLIT(o, e, "-");
    o = put_digits(o, e, (unsigned long)tm.tm_mday, 2);
    o = PUTLIT(o, e, "T");
    o = put_digits(o, e, (unsigned long)tm.tm_hour, 2);
    o = PUTLIT(o, e, ":");
    o = put_digits(o, e, (unsigned long)tm.tm_min, 2);
    o = PUTLIT(o, e, ":");
    o = put_digits(o, e, (unsigned long)tm.tm_sec, 2);
    if (!o) return -1;
    *o = 0;
    last_sec = ts.tv_sec;
  }
  unsigned long seq = atomic_fetch_add(&k->msg_seq, 1) + 1;
  size_t sn = strlen(k->session);
  const char *end = out + cap;
  char *o = out;
  o = PUTLIT(o, end, "{\"msg_id\":\"");
  o = put(o, end, k->session, sn);
  o = PUTLIT(o, end, "_");
  o = put_digits(o, end, seq, 1);
  o = PUTLIT(o, end, "\",\"msg_type\":\"");
  o = put(o, end, msg_type, strlen(msg_type));
  o = PUTLIT(o, end, "\",\"username\":\"");
  o = put(o, end, k->username, strlen(k->username));
  o = PUTLIT(o, end, "\",\"session\":\"");
  o = put(o, end, k->session, sn);
  o = PUTLIT(o, end, "\",\"date\":\"");
  o = put(o, end, stamp, strlen(stamp));
  o = PUTLIT(o, end, ".");
  o = put_digits(o, end, (unsigned long)(ts.tv_nsec / 1000), 6);
  o = PUTLIT(o, end, "Z\",\"version\":\"" KRN_PROTOCOL_VERSION "\"}");
  if (!o || o == end) return -1;
  *o = 0;
  return (int)(o - out);
}

int krn_zsend(void *sock, const void *p, size_t n, int more) {
  for (;;) {
    if (zmq_send(sock, p, n, more ? ZMQ_SNDMORE : 0) >= 0) return 0;
    if (errno != EINTR) return -1;
  }
}

void krn_frames_free(krn_buf *frames, int n) {
  if (!frames) return;
  for (int i = 0; i < n; i++) free((void *)frames[i].p);
  free(frames);
}

int krn_zrecv(void *sock, int flags, krn_buf **out, size_t limit) {
  int n = 0, cap = 8, more = 1, overflow = 0;
  krn_buf *f = malloc(sizeof *f * (size_t)cap);
  size_t total = 0;
  *out = NULL;
  if (!f) return -1;
  while (more) {
    zmq_msg_t m;
    zmq_msg_init(&m);
    int r;
    while ((r = zmq_msg_recv(&m, sock, n ? 0 : flags)) < 0 && errno == EINTR) {}
    if (r < 0) {
      zmq_msg_close(&m);
      krn_frames_free(f, n);
      return -1;
    }
    more = zmq_msg_more(&m);
    size_t len = zmq_msg_size(&m);
    total += len;
    /* keep draining the frames of an oversized message, but do not store them */
    if (overflow || n >= KRN_MAX_FRAMES || total > limit) {
      overflow = 1;
      zmq_msg_close(&m);
      continue;
    }
    if (n == cap) {
      krn_buf *nf = realloc(f, sizeof *f * (size_t)(cap *= 2));
      if (!nf) { overflow = 1; zmq_msg_close(&m); continue; }
      f = nf;
    }
    char *p = malloc(len + 1);
    if (!p) { overflow = 1; zmq_msg_close(&m); continue; }
    memcpy(p, zmq_msg_data(&m), len);
    p[len] = 0;
    f[n].p = p;
    f[n].n = len;
    n++;
    zmq_msg_close(&m);
  }
  if (overflow) {
    krn_frames_free(f, n);
    errno = EMSGSIZE;
    return 0;   /* a message was consumed but is dropped */
  }
  *out = f;
  return n;
}

static char *dump(json_t *j, size_t *n) {
  char *s = j ? json_dumps(j, JSON_COMPACT | JSON_ENCODE_ANY) : strdup("{}");
  *n = s ? strlen(s) : 0;
  return s;
}

int krn_send(krn_thr *t, void *sock, const krn_buf *ids, int nids, const char *msg_type,
             krn_buf parent, json_t *content) {
  char header[512], sig[KRN_MAX_SIG_HEX + 1];
  int hn = krn_header(t->k, msg_type, header, sizeof header);
  size_t cn;
  char *cs = dump(content, &cn);
  if (hn < 0 || !cs) { free(cs); krn_log("cannot build %s", msg_type); return -1; }
  krn_buf parts[4] = {{header, (size_t)hn}, parent, {"{}", 2}, {cs, cn}};
  int sn = krn_sign(t->signer, parts, sig);
  int rc = 0;
  if (sn < 0) rc = -1;
  for (int i = 0; i < nids && rc == 0; i++) rc = krn_zsend(sock, ids[i].p, ids[i].n, 1);
  if (rc == 0) rc = krn_zsend(sock, KRN_DELIM, sizeof KRN_DELIM - 1, 1);
  if (rc == 0) rc = krn_zsend(sock, sig, (size_t)(sn > 0 ? sn : 0), 1);
  for (int i = 0; i < 4 && rc == 0; i++) rc = krn_zsend(sock, parts[i].p, parts[i].n, i < 3);
  free(cs);
  if (rc < 0) krn_log("cannot send %s: %s", msg_type, zmq_strerror(errno));
  return rc;
}

int krn_pub(krn_thr *t, const char *msg_type, krn_buf parent, json_t *content,
            json_t *metadata) {
  return krn_pub_bufs(t, msg_type, parent, content, metadata, NULL, 0);
}

int krn_pub_bufs(krn_thr *t, const char *msg_type, krn_buf parent, json_t *content,
                 json_t *metadata, const krn_buf *bufs, int nbufs) {
  char header[512];
  int hn = krn_header(t->k, msg_type, header, sizeof header);
  size_t cn, mn;
  char *cs = dump(content, &cn), *ms = dump(metadata, &mn);
  int rc = -1;
  if (hn > 0 && cs && ms && t->k->iopub) {
    krn_buf parts[4] = {{header, (size_t)hn}, parent, {ms, mn}, {cs, cn}};
    rc = krn_iopub_publish(t->k->iopub, msg_type, parts, bufs, nbufs);
  }
  free(cs);
  free(ms);
  return rc;
}

int krn_pub_status(krn_thr *t, const char *state, krn_buf parent) {
  if (t->k->iopub && strcmp(state, "idle") != 0) krn_iopub_subscriptions(t->k->iopub);
  char c[64];
  char *o = PUTLIT(c, c + sizeof c, "{\"execution_state\":\"");
  o = put(o, c + sizeof c, state, strlen(state));
  o = PUTLIT(o, c + sizeof c, "\"}");
  char header[512];
  int hn = krn_header(t->k, "status", header, sizeof header);
  if (!o || hn < 0 || !t->k->iopub) return -1;
  krn_buf parts[4] = {{header, (size_t)hn}, parent, {"{}", 2}, {c, (size_t)(o - c)}};
  return krn_iopub_publish(t->k->iopub, "status", parts, NULL, 0);
}

int krn_pub_stream(krn_thr *t, int stream, krn_buf parent, const char *s, size_t n) {
  if (n && t->k->iopub) krn_iopub_stream(t->k->iopub, stream, parent, s, n);
  return 0;
}

int krn_pub_flush(krn_thr *t) {
  if (t->k->iopub) krn_iopub_flush(t->k->iopub);
  return 0;
}
