/* comm.c - Jupyter comms in the kernel: the table of open comms (for comm_info_request, on
 * shell and control) and the delivery of the front end's comm messages to Sable's `comm`. */
#include "cell.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* comm_id -> target_name of every comm open in either direction; kept here (not in the
 * language) so the control thread can answer comm_info while a cell runs */
static pthread_mutex_t table_mu = PTHREAD_MUTEX_INITIALIZER;
static json_t *table;

void krn_comm_opened(const char *id, const char *target) {
  pthread_mutex_lock(&table_mu);
  if (!table) table = json_object();
  if (table && id && json_object_size(table) < (1u << 20))
    json_object_set_new(table, id, json_string(target ? target : ""));
  pthread_mutex_unlock(&table_mu);
}

void krn_comm_closed(const char *id) {
  pthread_mutex_lock(&table_mu);
  if (table && id) json_object_del(table, id);
  pthread_mutex_unlock(&table_mu);
}

json_t *krn_comm_info(const char *target) {
  json_t *out = json_object();
  pthread_mutex_lock(&table_mu);
  const char *id;
  json_t *v;
  if (out && table)
    json_object_foreach(table, id, v) {
      if (target && strcmp(json_string_value(v), target) != 0) continue;
      json_object_set_new(out, id, json_pack("{sO}", "target_name", v));
    }
  pthread_mutex_unlock(&table_mu);
  return out;
}

/* Sable code that hands the message to comm._deliver: the message as JSON inside a raw string
 * literal (ASCII only, and a quote inside a JSON string is written \u0027, so the literal
 * cannot end early). Its binary buffers stay out of the JSON: _deliver asks for them
 * (sable._comm.request_buffers, the sink's request_buffer) */
static char *deliver_code(const krn_msg *m, size_t *len) {
  json_t *msg = json_pack("{sO sO so s[]}", "header", m->header, "content", m->content,
                          "metadata", m->metadata ? json_incref(m->metadata) : json_object(),
                          "buffers");
  if (!msg) return NULL;
  char *j = json_dumps(msg, JSON_COMPACT | JSON_ENSURE_ASCII);
  json_decref(msg);
  if (!j) return NULL;
  size_t n = strlen(j), q = 0;
  for (size_t i = 0; i < n; i++) q += j[i] == '\'';
  static const char pre[] = "__import__('comm')._deliver(r'", post[] = "')\n";
  char *code = malloc(sizeof pre + n + 5 * q + sizeof post);
  if (!code) { free(j); return NULL; }
  size_t o = 0;
  memcpy(code, pre, sizeof pre - 1);
  o = sizeof pre - 1;
  for (size_t i = 0; i < n; i++) {
    if (j[i] == '\'') { memcpy(code + o, "\\u0027", 6); o += 6; }
    else code[o++] = j[i];
  }
  memcpy(code + o, post, sizeof post);
  o += sizeof post - 1;
  free(j);
  *len = o;
  return code;
}

void krn_comm_request(krn_thr *t, const krn_msg *m, sb_session *sb) {
  const char *ty = m->msg_type;
  json_t *id = json_object_get(m->content, "comm_id");
  if (!json_is_string(id)) { krn_log("%s without a comm_id", ty); return; }
  if (strcmp(ty, "comm_open") == 0) {
    json_t *tn = json_object_get(m->content, "target_name");
    krn_comm_opened(json_string_value(id), json_is_string(tn) ? json_string_value(tn) : "");
  } else if (strcmp(ty, "comm_close") == 0) {
    krn_comm_closed(json_string_value(id));
  }
  size_t n = 0;
  char *code = sb ? deliver_code(m, &n) : NULL;
  if (!code) {
    /* no language session: an opened comm cannot be served, so it is closed at once */
    if (strcmp(ty, "comm_open") == 0) {
      json_t *c = json_pack("{sO s{}}", "comm_id", id, "data");
      if (c) krn_pub(t, "comm_close", m->raw[0], c, NULL);
      json_decref(c);
      krn_comm_closed(json_string_value(id));
    }
    return;
  }
  /* the handlers' output goes out with the comm message as parent, as in ipykernel; their
   * exceptions go to the log */
  krn_exec x = {.t = t, .req = m, .silent = 0, .allow_stdin = 0, .log_errors = 1};
  sb_sink s;
  krn_exec_sink(&x, &s);
  s.result = NULL;
  sb_clear_interrupt();
  atomic_store(&krn_interrupted, 0);
  sb_exec(sb, code, n, "<comm>", SB_FILE, &s);
  atomic_store(&krn_interrupted, 0);
  free(code);
  krn_exec_clear(&x);
}
