/* kernel.c - `sable kernel -f CONNECTION_FILE`: reads the connection file, binds the five
 * sockets, starts the iopub, control and heartbeat threads, serves shell until shutdown. */
#include "kernel.h"
#include "krn.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>
#include <openssl/crypto.h>

static void on_sigint(int sig) {
  (void)sig;
  krn_interrupt_now();   /* only flags: async-signal-safe */
}

void krn_catch_sigint(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
}

static void make_uuid(char out[37]) {
  unsigned char r[16];
  size_t got = 0;
  while (got < sizeof r) {
    ssize_t n = getrandom(r + got, sizeof r - got, 0);
    if (n <= 0) {
      if (n < 0 && errno == EINTR) continue;
      /* no entropy source: fall back to something unique enough for a session name */
      unsigned long v = (unsigned long)getpid() ^ (unsigned long)time(NULL);
      for (size_t i = got; i < sizeof r; i++) r[i] = (unsigned char)(v >> (8 * (i % 8)));
      break;
    }
    got += (size_t)n;
  }
  r[6] = (unsigned char)((r[6] & 0x0F) | 0x40);
  r[8] = (unsigned char)((r[8] & 0x3F) | 0x80);
  static const char hex[] = "0123456789abcdef";
  int o = 0;
  for (int i = 0; i < 16; i++) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out[o++] = '-';
    out[o++] = hex[r[i] >> 4];
    out[o++] = hex[r[i] & 15];
  }
  out[o] = 0;
}

static void set_username(krn_kernel *k) {
  const char *u = getenv("USER");
  size_t o = 0;
  /* it goes into hand-written JSON: keep only plain characters */
  for (size_t i = 0; u && u[i] && o + 1 < sizeof k->username; i++) {
    char c = u[i];
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
        c == '-' || c == '.')
      k->username[o++] = c;
  }
  if (!o) o = (size_t)snprintf(k->username, sizeof k->username, "sable");
  k->username[o] = 0;
}

static void usage(void) {
  fprintf(stderr, "usage: sable kernel -f CONNECTION_FILE\n"
                  "  Runs Sable as a Jupyter kernel (see `make install-kernel`).\n");
}

static int bind_all(krn_kernel *k, int *changed) {
  static const int types[KRN_NCHAN] = {ZMQ_ROUTER, ZMQ_XPUB, ZMQ_ROUTER, ZMQ_ROUTER, ZMQ_ROUTER};
  static const char *const names[KRN_NCHAN] = {"shell", "iopub", "stdin", "control", "hb"};
  *changed = 0;
  for (int i = 0; i < KRN_NCHAN; i++) {
    void *s = zmq_socket(k->zctx, types[i]);
    if (!s) { krn_log("cannot create the %s socket: %s", names[i], zmq_strerror(errno)); return -1; }
    k->sock[i] = s;
    int linger = 1000, one = 1;
    zmq_setsockopt(s, ZMQ_LINGER, &linger, sizeof linger);
    if (types[i] == ZMQ_ROUTER) zmq_setsockopt(s, ZMQ_ROUTER_HANDOVER, &one, sizeof one);
    if (types[i] == ZMQ_XPUB) {
      /* a burst of output (many 64 KiB stream messages) must not be dropped at the default
       * 1000 messages while the front end catches up */
      int hwm = 100000;
      zmq_setsockopt(s, ZMQ_SNDHWM, &hwm, sizeof hwm);
    }
    int64_t maxsz = i == KRN_HB ? (int64_t)1 << 20 : (int64_t)256 << 20;
    zmq_setsockopt(s, ZMQ_MAXMSGSIZE, &maxsz, sizeof maxsz);
    char ep[300];
    if (krn_conn_endpoint(&k->conn, i, ep, sizeof ep) < 0 || zmq_bind(s, ep) < 0) {
      krn_log("cannot bind the %s socket to %s: %s", names[i], ep, zmq_strerror(errno));
      return -1;
    }
    if (k->conn.port[i] == 0) {
      char last[300];
      size_t ln = sizeof last;
      if (zmq_getsockopt(s, ZMQ_LAST_ENDPOINT, last, &ln) == 0) {
        char *colon = strrchr(last, strcmp(k->conn.transport, "ipc") == 0 ? '-' : ':');
        k->conn.port[i] = colon ? atoi(colon + 1) : 0;
      }
      *changed = 1;
    }
  }
  return 0;
}

/* The shell loop runs cells, so it runs on a thread with a stack as big as the language's
 * evaluation thread's: sb_exec then executes in place instead of handing every cell to that
 * thread and back. The main thread only waits (and takes SIGINT: the other threads block
 * it). Without such a thread the loop runs here and sb_exec uses its own thread. */
#define SHELL_STACK_SIZE ((size_t)512 << 20)

typedef struct shell_args { krn_kernel *k; krn_thr *t; int rc; } shell_args;

static void *shell_main(void *arg) {
  shell_args *a = arg;
  a->rc = krn_shell_loop(a->k, a->t) < 0 ? 1 : 0;
  return NULL;
}

static int run_shell(krn_kernel *k, krn_thr *t) {
  shell_args a = {k, t, 1};
  void *stack = mmap(NULL, SHELL_STACK_SIZE, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  pthread_attr_t attr;
  pthread_t th;
  int started = 0;
  if (stack != MAP_FAILED && pthread_attr_init(&attr) == 0) {
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    started = pthread_attr_setstack(&attr, stack, SHELL_STACK_SIZE) == 0 &&
              pthread_create(&th, &attr, shell_main, &a) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&attr);
  }
  if (started) {
    pthread_join(th, NULL);   /* SIGINT interrupts the wait only to run the handler */
  } else {
    krn_log("no thread with a large stack: cells run on their own thread");
    shell_main(&a);
  }
  if (stack != MAP_FAILED) munmap(stack, SHELL_STACK_SIZE);
  return a.rc;
}

int krn_main(int argc, char **argv) {
  const char *path = NULL;
  for (int i = 0; i < argc; i++) {
    if ((strcmp(argv[i], "-f") == 0 || strcmp(argv[i], "--f") == 0) && i + 1 < argc) path = argv[++i];
    else if (strncmp(argv[i], "-f=", 3) == 0) path = argv[i] + 3;
    else if (strncmp(argv[i], "--f=", 4) == 0) path = argv[i] + 4;
    else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) { usage(); return 0; }
  }
  if (!path) { usage(); return 2; }

  /* Jupyter's interrupt signals the whole process group, possibly while we start up */
  krn_catch_sigint();
  signal(SIGPIPE, SIG_IGN);

  static krn_kernel kernel;   /* one per process; threads hold pointers into it */
  krn_kernel *k = &kernel;
  char err[256];
  if (krn_conn_load(path, &k->conn, err, sizeof err) < 0) {
    krn_log("bad connection file: %s", err);
    return 1;
  }
  /* HMAC needs nothing from openssl.cnf; reading it would cost start-up time */
  OPENSSL_init_crypto(OPENSSL_INIT_NO_LOAD_CONFIG, NULL);
  k->signer = krn_signer_new(k->conn.scheme, k->conn.key, k->conn.keylen, err, sizeof err);
  if (!k->signer) { krn_log("%s", err); krn_conn_free(&k->conn); return 1; }
  if (!krn_signer_enabled(k->signer))
    krn_log("warning: the connection file has an empty key; messages are not signed or checked");
  else if (!(k->replay = krn_replay_new(65536))) {
    krn_log("out of memory");
    krn_signer_free(k->signer);
    krn_conn_free(&k->conn);
    return 1;
  }
  make_uuid(k->session);
  set_username(k);
  json_object_seed(0);

  /* input() goes through the stdin channel; the process's own stdin is never read */
  int devnull = open("/dev/null", O_RDONLY);
  if (devnull >= 0) { dup2(devnull, 0); if (devnull != 0) close(devnull); }

  k->wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (k->wake_fd < 0) {
    krn_log("cannot create an eventfd");
    krn_conn_free(&k->conn);
    krn_signer_free(k->signer);
    krn_replay_free(k->replay);
    return 1;
  }
  k->zctx = zmq_ctx_new();
  int changed = 0, rc = 1;
  pthread_t th_iopub, th_control, th_hb;
  int started = 0;
  krn_thr t = {0};
  if (!k->zctx || bind_all(k, &changed) < 0) goto out;
  if (changed && krn_conn_save(path, &k->conn) < 0) krn_log("cannot update %s", path);

  /* SIGINT goes to the main thread only: the threads are created with it blocked */
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGINT);
  pthread_sigmask(SIG_BLOCK, &block, &old);
  if (krn_iopub_start(k, &th_iopub) == 0) started = 1;
  if (started && krn_control_start(k, &th_control) == 0) started = 2;
  if (started == 2 && krn_hb_start(k, &th_hb) == 0) started = 3;
  if (started == 3 && krn_parent_watch_start() < 0) krn_log("cannot watch the parent process");
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (started != 3) { krn_log("cannot start the kernel's threads"); goto stop; }

  if (krn_thr_init(&t, k) < 0) { krn_log("cannot set up the main thread"); goto stop; }
  krn_pub_status(&t, "starting", (krn_buf){"{}", 2});
  rc = run_shell(k, &t);

stop:
  atomic_store(&k->shutdown, 1);
  atomic_store(&k->main_done, 1);
  if (started >= 1) krn_iopub_stop(k, th_iopub);
  krn_thr_close(&t);
  zmq_ctx_shutdown(k->zctx);   /* wakes the control and heartbeat threads */
  if (started >= 2) pthread_join(th_control, NULL);
  if (started >= 3) pthread_join(th_hb, NULL);
  krn_iopub_free(k);
out:
  for (int i = 0; i < KRN_NCHAN; i++)
    if (k->sock[i]) zmq_close(k->sock[i]);
  if (k->zctx) zmq_ctx_term(k->zctx);
  if (k->sb) sb_free(k->sb);
  krn_hist_free(&k->hist);
  krn_signer_free(k->signer);
  krn_replay_free(k->replay);
  krn_conn_free(&k->conn);
  close(k->wake_fd);
  return rc;
}
