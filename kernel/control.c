/* control.c - the control and heartbeat threads. Control answers interrupt, shutdown and
 * kernel_info while a cell runs; the heartbeat (a ROUTER) echoes pings. */
#include "krn.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>

#define MAX_MSG ((size_t)256 << 20)

typedef struct control { krn_kernel *k; void *sock; } control;

static void *control_main(void *arg) {
  control *c = arg;
  krn_kernel *k = c->k;
  krn_thr t = {0};
  if (krn_thr_init(&t, k) < 0) {
    krn_log("control thread cannot start");
    goto out;
  }
  struct timespec asked = {0};
  for (;;) {
    zmq_pollitem_t it = {c->sock, 0, ZMQ_POLLIN, 0};
    int r = zmq_poll(&it, 1, atomic_load(&k->shutdown) ? 100 : -1);
    if (r < 0) {
      if (errno == EINTR) continue;
      break;   /* the context is shutting down */
    }
    if (atomic_load(&k->shutdown)) {
      /* a cell that ignores the interrupt must not keep the process alive */
      struct timespec now;
      clock_gettime(CLOCK_MONOTONIC, &now);
      if (atomic_load(&k->main_done)) break;
      if (now.tv_sec - asked.tv_sec >= 3) {
        krn_log("the running cell did not stop; exiting");
        _exit(0);
      }
    }
    if (r == 0) continue;
    krn_buf *f;
    int n = krn_zrecv(c->sock, ZMQ_DONTWAIT, &f, MAX_MSG);
    if (n < 0) continue;
    if (n == 0) { krn_log("control: dropped an oversized message"); continue; }
    krn_msg m;
    char why[128];
    if (krn_decode_fresh(&t, f, n, &m, why, sizeof why) < 0) {
      krn_log("control: dropped a message: %s", why);
      krn_frames_free(f, n);
      continue;
    }
    krn_pub_status(&t, "busy", m.raw[0]);
    int was_down = atomic_load(&k->shutdown);
    if (!krn_common_request(&t, c->sock, &m))
      krn_log("control: ignored a %.64s", m.msg_type);
    krn_pub_status(&t, "idle", m.raw[0]);
    if (!was_down && atomic_load(&k->shutdown)) {
      clock_gettime(CLOCK_MONOTONIC, &asked);
      uint64_t one = 1;
      if (write(k->wake_fd, &one, sizeof one) < 0) krn_log("cannot wake the shell loop");
    }
    krn_msg_clear(&m);
    krn_frames_free(f, n);
  }
out:
  krn_thr_close(&t);
  zmq_close(c->sock);
  free(c);
  return NULL;
}

int krn_control_start(krn_kernel *k, pthread_t *th) {
  control *c = malloc(sizeof *c);
  if (!c) return -1;
  c->k = k;
  c->sock = k->sock[KRN_CONTROL];
  k->sock[KRN_CONTROL] = NULL;
  if (pthread_create(th, NULL, control_main, c) != 0) {
    k->sock[KRN_CONTROL] = c->sock;
    free(c);
    return -1;
  }
  return 0;
}

/* Echo every message back to its sender. A ROUTER (as ipykernel's heartbeat) rather than
 * zmq_proxy on a REP: one malformed or unexpected message must cost only itself, never stop the
 * echo for later pings. Only the context's termination ends the loop. */
static void *hb_main(void *arg) {
  void *hb = arg;
  for (;;) {
    zmq_msg_t part;
    zmq_msg_init(&part);
    if (zmq_msg_recv(&part, hb, 0) < 0) {
      zmq_msg_close(&part);
      if (errno == ETERM) break;
      continue;
    }
    int more = zmq_msg_more(&part);
    /* a send error (the peer left, its queue is full) drops this part only */
    if (zmq_msg_send(&part, hb, more ? ZMQ_SNDMORE : 0) < 0) zmq_msg_close(&part);
  }
  zmq_close(hb);
  return NULL;
}

int krn_hb_start(krn_kernel *k, pthread_t *th) {
  void *hb = k->sock[KRN_HB];
  k->sock[KRN_HB] = NULL;
  if (pthread_create(th, NULL, hb_main, hb) != 0) {
    k->sock[KRN_HB] = hb;
    return -1;
  }
  return 0;
}
