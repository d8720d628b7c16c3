/* krn.h - what the kernel's files share: the connection, the kernel state, per-thread
 * signers, and the entry points of each part (iopub, control, shell, history). */
#ifndef SABLE_KRN_H
#define SABLE_KRN_H

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>

#include "core/sb.h"
#include "wire.h"

enum { KRN_SHELL, KRN_IOPUB, KRN_STDIN, KRN_CONTROL, KRN_HB, KRN_NCHAN };

typedef struct krn_conn {
  char transport[8];     /* "tcp" or "ipc" */
  char ip[256];
  int port[KRN_NCHAN];
  char *key;             /* never logged */
  size_t keylen;
  char scheme[32];
} krn_conn;

/* Parse a connection file's text / read one. 0 on success, -1 with a reason in err. */
int krn_conn_parse(const char *text, size_t n, krn_conn *c, char *err, size_t errlen);
int krn_conn_load(const char *path, krn_conn *c, char *err, size_t errlen);
void krn_conn_free(krn_conn *c);
/* The address for a channel; port 0 asks for any free port (tcp://ip:*). */
int krn_conn_endpoint(const krn_conn *c, int chan, char *out, size_t n);
/* Rewrite the file with the ports actually bound (when some were 0). */
int krn_conn_save(const char *path, const krn_conn *c);

/* In-memory input history of this process: [session, line, input(, output)]. */
typedef struct krn_hist_entry { int line; char *input; char *output; } krn_hist_entry;
typedef struct krn_hist { krn_hist_entry *v; size_t n, cap; } krn_hist;
int krn_hist_add(krn_hist *h, int line, const char *input, size_t len);
void krn_hist_set_output(krn_hist *h, int line, const char *out, size_t len);
/* Build the history list for a history_request's content (never NULL except on OOM). */
json_t *krn_hist_query(const krn_hist *h, json_t *req);
void krn_hist_free(krn_hist *h);

typedef struct krn_iopub krn_iopub;
typedef struct krn_replay krn_replay;

typedef struct krn_kernel {
  void *zctx;
  krn_conn conn;
  krn_signer *signer;            /* template; every thread works on its own copy */
  krn_replay *replay;            /* signatures already accepted (replay.c), shared */
  char session[40];              /* this process's session id (a UUID) */
  char username[64];
  sb_session *sb;
  void *sock[KRN_NCHAN];         /* bound sockets; each is used by one thread only */
  krn_iopub *iopub;              /* publishing state (iopub.c) */
  atomic_int shutdown;           /* 0 running, 1 shutdown requested */
  atomic_int main_done;          /* the main thread has left its loop */
  atomic_int restart;
  atomic_ulong msg_seq;          /* for message ids */
  int wake_fd;                   /* eventfd: the control thread wakes the shell loop for shutdown */
  int exec_count;                /* main thread only */
  krn_hist hist;                 /* main thread only */
  int stop_reason_logged;
} krn_kernel;

/* A thread's way to send: the kernel and the thread's own signer. */
typedef struct krn_thr {
  krn_kernel *k;
  krn_signer *signer;
} krn_thr;

int krn_thr_init(krn_thr *t, krn_kernel *k);

/* Replay protection: krn_replay_seen records sig and returns 1 if it was recorded before
 * (thread-safe; the oldest of cap entries is forgotten first). krn_decode_fresh is krn_decode
 * that also refuses a signature already seen, as ipykernel does. */
krn_replay *krn_replay_new(size_t cap);
void krn_replay_free(krn_replay *r);
int krn_replay_seen(krn_replay *r, krn_buf sig);
int krn_decode_fresh(krn_thr *t, const krn_buf *frames, int n, krn_msg *out, char *why,
                     size_t whylen);
void krn_thr_close(krn_thr *t);

/* Logging to stderr (the Jupyter server's log). Never pass the key. */
void krn_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A message header for msg_type, written into out (>= 512 bytes). Returns its length. */
int krn_header(krn_kernel *k, const char *msg_type, char *out, size_t cap);

/* Send a signed message on a ROUTER socket with the given identities. content is borrowed;
 * parent is the raw bytes of the request's header (or "{}"). */
int krn_send(krn_thr *t, void *sock, const krn_buf *ids, int nids, const char *msg_type,
             krn_buf parent, json_t *content);
/* Publish on iopub. metadata may be NULL ({}). Any thread. */
int krn_pub(krn_thr *t, const char *msg_type, krn_buf parent, json_t *content, json_t *metadata);
/* krn_pub with binary buffers after the content frame (comm messages) */
int krn_pub_bufs(krn_thr *t, const char *msg_type, krn_buf parent, json_t *content,
                 json_t *metadata, const krn_buf *bufs, int nbufs);
int krn_pub_status(krn_thr *t, const char *state, krn_buf parent);
/* Stream bytes (stream 1 = stdout, 2 = stderr): batched and UTF-8-cleaned, sent at the
 * latest ~50 ms later or before the next other message. */
int krn_pub_stream(krn_thr *t, int stream, krn_buf parent, const char *s, size_t n);
/* Send out batched stream text now. */
int krn_pub_flush(krn_thr *t);

/* zmq helpers that retry on EINTR. */
int krn_zsend(void *sock, const void *p, size_t n, int more);
/* Receive every frame of one message (blocking unless flags has ZMQ_DONTWAIT). Returns the
 * frame count (>= 1) or -1; *frames is malloc'd, free with krn_frames_free. */
int krn_zrecv(void *sock, int flags, krn_buf **frames, size_t limit);
void krn_frames_free(krn_buf *frames, int n);

/* kernel_info_reply content (thread-safe). */
json_t *krn_kernel_info(void);
/* Common replies used by both the shell and the control thread. */
int krn_reply(krn_thr *t, void *sock, const krn_msg *m, const char *reply_type, json_t *content);
/* Handles kernel_info/interrupt/shutdown/connect/comm_info; 1 if it was one of those. */
int krn_common_request(krn_thr *t, void *sock, const krn_msg *m);

/* Interrupt bookkeeping: set by the SIGINT handler and by interrupt_request. */
extern atomic_int krn_interrupted;
void krn_interrupt_now(void);
/* (Re)install the SIGINT handler, e.g. after the language session was created. */
void krn_catch_sigint(void);

/* iopub (iopub.c): start takes over the XPUB socket and starts the housekeeping thread;
 * stop sends what is batched, closes the socket and joins the thread; later publishing is a
 * no-op. */
int krn_iopub_start(krn_kernel *k, pthread_t *th);
void krn_iopub_stop(krn_kernel *k, pthread_t th);
void krn_iopub_free(krn_kernel *k);   /* once no other thread runs */
/* bufs: the message's binary buffers (frames after content), NULL when nbufs is 0 */
int krn_iopub_publish(krn_iopub *io, const char *msg_type, const krn_buf parts[4],
                      const krn_buf *bufs, int nbufs);
void krn_iopub_stream(krn_iopub *io, int stream, krn_buf parent, const char *s, size_t n);
void krn_iopub_flush(krn_iopub *io);
/* Answer subscriptions that arrived since the housekeeping thread last looked (it looks every
 * 10-100 ms), so that a new subscriber's first message is its iopub_welcome; called before the
 * first message of each request (a client subscribes, then asks). */
void krn_iopub_subscriptions(krn_iopub *io);

/* Threads. */
int krn_control_start(krn_kernel *k, pthread_t *th);
int krn_hb_start(krn_kernel *k, pthread_t *th);
/* parent.c: a thread that ends the process once its parent has exited (ipykernel's poller) */
int krn_parent_watch_start(void);

/* The main thread's loop over shell requests. Returns when shutdown is requested. */
int krn_shell_loop(krn_kernel *k, krn_thr *t);

#endif
