/* common.c - requests answered the same way on shell and control: kernel_info, interrupt,
 * shutdown, connect and comm_info; plus the interrupt flag shared with the SIGINT handler. */
#include "cell.h"

#include <string.h>

/* set by the SIGINT handler and the control thread: a lock-free atomic is safe in both */
atomic_int krn_interrupted;

void krn_interrupt_now(void) {
  atomic_store(&krn_interrupted, 1);
  sb_interrupt();
}

json_t *krn_kernel_info(void) {
  return json_pack(
      "{ss ss ss ss s{ss ss ss ss ss s{ss si} ss} ss s[{ssss}{ssss}] sb}",
      "status", "ok", "protocol_version", KRN_PROTOCOL_VERSION, "implementation", "sable",
      "implementation_version", SB_VERSION, "language_info", "name", "sable", "version",
      SB_VERSION, "mimetype", "text/x-python", "file_extension", ".py", "pygments_lexer",
      "python3", "codemirror_mode", "name", "python", "version", 3, "nbconvert_exporter",
      "python", "banner",
      "Sable " SB_VERSION " -- an interactive array language with Python syntax: NumPy-style "
      "arrays, jit, grad and vmap.\n",
      "help_links", "text", "JAX documentation", "url", "https://docs.jax.dev/", "text",
      "NumPy reference", "url", "https://numpy.org/doc/stable/reference/", "debugger", 0);
}

int krn_reply(krn_thr *t, void *sock, const krn_msg *m, const char *reply_type,
              json_t *content) {
  return krn_send(t, sock, m->ids, m->nids, reply_type, m->raw[0], content);
}

static int reply_owned(krn_thr *t, void *sock, const krn_msg *m, const char *type, json_t *c) {
  if (!c) { krn_log("out of memory building %s", type); return -1; }
  int rc = krn_reply(t, sock, m, type, c);
  json_decref(c);
  return rc;
}

int krn_common_request(krn_thr *t, void *sock, const krn_msg *m) {
  const char *ty = m->msg_type;
  krn_kernel *k = t->k;
  if (strcmp(ty, "kernel_info_request") == 0)
    return reply_owned(t, sock, m, "kernel_info_reply", krn_kernel_info()), 1;
  if (strcmp(ty, "interrupt_request") == 0) {
    krn_interrupt_now();
    return reply_owned(t, sock, m, "interrupt_reply", json_pack("{ss}", "status", "ok")), 1;
  }
  if (strcmp(ty, "shutdown_request") == 0) {
    json_t *r = json_object_get(m->content, "restart");
    int restart = json_is_true(r);
    reply_owned(t, sock, m, "shutdown_reply",
                json_pack("{ss sb}", "status", "ok", "restart", restart));
    atomic_store(&k->restart, restart);
    atomic_store(&k->shutdown, 1);
    krn_interrupt_now();   /* a running cell stops, so the main thread can leave */
    return 1;
  }
  if (strcmp(ty, "connect_request") == 0)
    return reply_owned(t, sock, m, "connect_reply",
                       json_pack("{ss si si si si si}", "status", "ok", "shell_port",
                                 k->conn.port[KRN_SHELL], "iopub_port", k->conn.port[KRN_IOPUB],
                                 "stdin_port", k->conn.port[KRN_STDIN], "control_port",
                                 k->conn.port[KRN_CONTROL], "hb_port", k->conn.port[KRN_HB])),
           1;
  if (strcmp(ty, "comm_info_request") == 0) {
    /* the comms open in either direction, optionally of one target (as ipykernel) */
    json_t *tn = json_object_get(m->content, "target_name");
    json_t *comms = krn_comm_info(json_is_string(tn) ? json_string_value(tn) : NULL);
    return reply_owned(t, sock, m, "comm_info_reply",
                       comms ? json_pack("{ss so}", "status", "ok", "comms", comms) : NULL), 1;
  }
  return 0;
}
