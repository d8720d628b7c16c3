/* shell.c - the main thread: receives shell requests and answers them in order, with status
 * busy/idle around each; runs cells; aborts queued cells after an error. */
#include "cell.h"
#include "text.h"
#include "front/ipy.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zmq.h>

#define MAX_MSG ((size_t)256 << 20)

/* Requests that were already waiting when a cell failed with stop_on_error. They are taken
 * off the socket before the failed cell's reply goes out, so a request sent in answer to
 * that reply is never among them; they are answered (cells: not run) after its idle. */
typedef struct queued { krn_buf *f; int n; } queued;
static queued *held;
static size_t nheld, capheld;

static void hold_waiting(krn_kernel *k) {
  for (;;) {
    krn_buf *f;
    int n = krn_zrecv(k->sock[KRN_SHELL], ZMQ_DONTWAIT, &f, MAX_MSG);
    if (n < 0) return;
    if (n == 0) continue;
    if (nheld == capheld) {
      size_t cap = capheld ? capheld * 2 : 16;
      queued *nq = realloc(held, cap * sizeof *nq);
      if (!nq) { krn_frames_free(f, n); return; }
      held = nq;
      capheld = cap;
    }
    held[nheld++] = (queued){f, n};
  }
}

static sb_session *session(krn_kernel *k) {
  if (!k->sb) {
    static char arg0[] = "";
    char *argv[] = {arg0, NULL};
    k->sb = sb_new(1, argv);
    if (!k->sb) krn_log("cannot create the language session");
    krn_catch_sigint();   /* the kernel, not the language, owns SIGINT */
  }
  return k->sb;
}

static void reply_owned(krn_thr *t, const krn_msg *m, const char *type, json_t *c) {
  if (!c) { krn_log("out of memory building %s", type); return; }
  krn_reply(t, t->k->sock[KRN_SHELL], m, type, c);
  json_decref(c);
}

/* A request whose fields have the wrong types still gets a reply, so no client hangs. */
static void bad_request(krn_thr *t, const krn_msg *m, const char *type, const char *why) {
  krn_log("bad %s: %s", m->msg_type, why);
  json_t *c = json_pack("{ss ss ss s[]}", "status", "error", "ename", "ValueError", "evalue",
                        why, "traceback");
  if (c && strcmp(type, "execute_reply") == 0)
    json_object_set_new(c, "execution_count", json_integer(t->k->exec_count));
  reply_owned(t, m, type, c);
}

/* Field getters: 0 ok (missing or null gives the default), -1 wrong type. */
static int get_bool(json_t *o, const char *name, int dflt, int *out) {
  json_t *v = json_object_get(o, name);
  *out = dflt;
  if (!v || json_is_null(v)) return 0;
  if (!json_is_boolean(v)) return -1;
  *out = json_is_true(v);
  return 0;
}

static int get_code(json_t *o, const char **s, size_t *n) {
  json_t *v = json_object_get(o, "code");
  if (!json_is_string(v)) return -1;
  *s = json_string_value(v);
  *n = json_string_length(v);
  return 0;
}

static int get_cursor(json_t *o, const char *code, size_t n, size_t *byte) {
  json_t *v = json_object_get(o, "cursor_pos");
  if (!v || json_is_null(v)) { *byte = n; return 0; }
  if (!json_is_integer(v) || json_integer_value(v) < 0) return -1;
  *byte = krn_utf8_cp_to_byte(code, n, (size_t)json_integer_value(v));
  return 0;
}

/* `name?` / `name??` / `?name`: IPython's help syntax, answered with a pager payload. */
static int pager_target(const char *code, size_t n, char *name, size_t cap, int *detail) {
  size_t a = 0, b = n;
  while (a < b && isspace((unsigned char)code[a])) a++;
  while (b > a && isspace((unsigned char)code[b - 1])) b--;
  int q = 0;
  while (a < b && code[a] == '?') { a++; q++; }
  while (b > a && code[b - 1] == '?') { b--; q++; }
  if (!q || a == b || b - a >= cap) return 0;
  if (!isalpha((unsigned char)code[a]) && code[a] != '_') return 0;
  for (size_t i = a; i < b; i++)
    if (!isalnum((unsigned char)code[i]) && code[i] != '_' && code[i] != '.') return 0;
  memcpy(name, code + a, b - a);
  name[b - a] = 0;
  *detail = q >= 2;
  return 1;
}

static json_t *user_expressions(krn_thr *t, const krn_msg *m, json_t *exprs) {
  krn_kernel *k = t->k;
  json_t *out = json_object();
  const char *key;
  json_t *v;
  json_object_foreach(exprs, key, v) {
    json_t *r;
    if (!json_is_string(v)) {
      r = json_pack("{ss ss ss s[]}", "status", "error", "ename", "TypeError", "evalue",
                    "user expression is not a string", "traceback");
    } else {
      /* evaluated quietly: only the value's text and an error are kept */
      krn_exec x = {.t = t, .req = m, .silent = 1, .allow_stdin = 0};
      sb_sink s;
      krn_exec_sink(&x, &s);
      s.write = NULL;
      s.display = NULL;
      s.clear_output = NULL;
      sb_clear_interrupt();
      atomic_store(&krn_interrupted, 0);
      sb_status st = sb_exec(session(k), json_string_value(v), json_string_length(v),
                             "<user_expression>", SB_INTERACTIVE, &s);
      if (st == SB_ERROR && x.error) {
        r = json_deep_copy(x.error);
        json_object_set_new(r, "status", json_string("error"));
      } else {
        const char *txt = x.result_text ? x.result_text : "None";
        r = json_pack("{ss s{so} s{}}", "status", "ok", "data", "text/plain",
                      krn_jtext(txt, strlen(txt)), "metadata");
      }
      krn_exec_clear(&x);
    }
    if (r) json_object_set_new(out, key, r);
  }
  return out;
}

static int do_execute(krn_thr *t, const krn_msg *m) {
  krn_kernel *k = t->k;
  json_t *c = m->content, *ue = json_object_get(c, "user_expressions");
  const char *code;
  size_t n;
  int silent, store, allow_stdin, stop;
  if (get_code(c, &code, &n) < 0 || get_bool(c, "silent", 0, &silent) < 0 ||
      get_bool(c, "store_history", !silent, &store) < 0 ||
      get_bool(c, "allow_stdin", 1, &allow_stdin) < 0 ||
      get_bool(c, "stop_on_error", 1, &stop) < 0 || (ue && !json_is_null(ue) && !json_is_object(ue))) {
    bad_request(t, m, "execute_reply", "execute_request needs a string 'code' and boolean flags");
    return 0;
  }
  if (silent) store = 0;
  if (store) k->exec_count++;
  int count = k->exec_count;
  if (!silent) {
    json_t *in = json_pack("{so si}", "code", json_stringn_nocheck(code, n), "execution_count", count);
    if (in) krn_pub(t, "execute_input", m->raw[0], in, NULL);
    json_decref(in);
  }
  if (store) krn_hist_add(&k->hist, count, code, n);

  krn_exec x = {.t = t, .req = m, .silent = silent, .allow_stdin = allow_stdin, .count = count};
  json_t *payload = json_array();
  sb_status st = SB_OK;
  char name[256];
  int detail;
  sb_session *sb = session(k);
  if (!sb) {
    x.error = json_pack("{ss ss s[s]}", "ename", "RuntimeError", "evalue",
                        "the language session could not be created", "traceback",
                        "RuntimeError: the language session could not be created");
    st = SB_ERROR;
  } else if (pager_target(code, n, name, sizeof name, &detail)) {
    char *text = sb_inspect(sb, name, strlen(name), detail);
    if (text) {
      json_array_append_new(payload, json_pack("{ss s{so} si}", "source", "page", "data",
                                               "text/plain", krn_jtext(text, strlen(text)),
                                               "start", 0));
      free(text);
    } else if (!silent) {
      char msg[320];
      int mn = snprintf(msg, sizeof msg, "Object `%s` not found.\n", name);
      krn_pub_stream(t, 1, m->raw[0], msg, (size_t)mn);
    }
  } else {
    sb_sink sink;
    krn_exec_sink(&x, &sink);
    char fname[64];
    if (store) snprintf(fname, sizeof fname, "<cell %d>", count);
    else snprintf(fname, sizeof fname, "<cell>");
    sb_clear_interrupt();
    atomic_store(&krn_interrupted, 0);
    size_t tn = 0;
    char *tc = ipy_transform(code, n, &tn);   /* IPython syntax: magics, !cmd, obj? */
    st = tc ? sb_exec(sb, tc, tn, fname, SB_INTERACTIVE, &sink)
            : sb_exec(sb, code, n, fname, SB_INTERACTIVE, &sink);
    free(tc);
    atomic_store(&krn_interrupted, 0);
    if (st == SB_EXIT)
      json_array_append_new(payload, json_pack("{ss sb}", "source", "ask_exit", "keepkernel", 0));
  }
  if (st == SB_ERROR && !x.error) {
    x.error = json_pack("{ss ss s[s]}", "ename", "Error", "evalue", "the cell failed",
                        "traceback", "Error: the cell failed");
    if (!silent && x.error) krn_pub(t, "error", m->raw[0], x.error, NULL);
  }
  if (store && x.result_text) krn_hist_set_output(&k->hist, count, x.result_text, strlen(x.result_text));

  json_t *reply;
  if (st == SB_ERROR) {
    reply = json_deep_copy(x.error);
    if (reply) {
      json_object_set_new(reply, "status", json_string("error"));
      json_object_set_new(reply, "execution_count", json_integer(count));
      json_object_set_new(reply, "payload", json_array());
      json_object_set_new(reply, "user_expressions", json_object());
    }
  } else {
    json_t *uev = ue && json_is_object(ue) && sb ? user_expressions(t, m, ue) : json_object();
    reply = json_pack("{ss si so so}", "status", "ok", "execution_count", count, "payload",
                      json_incref(payload), "user_expressions", uev);
  }
  json_decref(payload);
  krn_exec_clear(&x);
  int abort = st == SB_ERROR && stop && !silent;
  if (abort) hold_waiting(k);
  reply_owned(t, m, "execute_reply", reply);
  return abort;
}

static void do_complete(krn_thr *t, const krn_msg *m) {
  const char *code;
  size_t n, cur;
  if (get_code(m->content, &code, &n) < 0 || get_cursor(m->content, code, n, &cur) < 0) {
    bad_request(t, m, "complete_reply", "complete_request needs 'code' and 'cursor_pos'");
    return;
  }
  size_t len = strlen(code);   /* the language sees text up to an embedded NUL */
  if (cur > len) cur = len;
  char **matches = NULL;
  size_t start = cur, end = cur;
  int nm = 0;
  sb_session *sb = session(t->k);
  if (sb) {
    sb_clear_interrupt();
    nm = sb_complete(sb, code, cur, &matches, &start, &end);
  }
  if (nm < 0) nm = 0;
  if (start > len) start = len;
  if (end > len) end = len;
  if (start > end) start = end;
  json_t *arr = json_array();
  for (int i = 0; i < nm; i++)
    if (matches && matches[i]) json_array_append_new(arr, krn_jtext(matches[i], strlen(matches[i])));
  if (matches) sb_free_strings(matches, nm);
  reply_owned(t, m, "complete_reply",
              json_pack("{ss so sI sI s{}}", "status", "ok", "matches", arr, "cursor_start",
                        (json_int_t)krn_utf8_byte_to_cp(code, n, start), "cursor_end",
                        (json_int_t)krn_utf8_byte_to_cp(code, n, end), "metadata"));
}

static void do_inspect(krn_thr *t, const krn_msg *m) {
  const char *code;
  size_t n, cur;
  json_t *dl = json_object_get(m->content, "detail_level");
  if (get_code(m->content, &code, &n) < 0 || get_cursor(m->content, code, n, &cur) < 0 ||
      (dl && !json_is_null(dl) && !json_is_integer(dl))) {
    bad_request(t, m, "inspect_reply", "inspect_request needs 'code' and 'cursor_pos'");
    return;
  }
  size_t len = strlen(code);
  if (cur > len) cur = len;
  sb_session *sb = session(t->k);
  char *text = NULL;
  if (sb) {
    sb_clear_interrupt();
    text = sb_inspect(sb, code, cur, json_is_integer(dl) ? (int)(json_integer_value(dl) != 0) : 0);
  }
  json_t *data = json_object();
  if (text) json_object_set_new(data, "text/plain", krn_jtext(text, strlen(text)));
  free(text);
  reply_owned(t, m, "inspect_reply",
              json_pack("{ss sb so s{}}", "status", "ok", "found", text != NULL, "data", data,
                        "metadata"));
}

/* the text ends in a newline followed only by spaces (IPython's ends_with_newline) */
static int ends_with_newline(const char *s, size_t n) {
  while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) n--;
  return n > 0 && s[n - 1] == '\n';
}

static void do_is_complete(krn_thr *t, const krn_msg *m) {
  const char *code;
  size_t n;
  if (get_code(m->content, &code, &n) < 0) {
    bad_request(t, m, "is_complete_reply", "is_complete_request needs a string 'code'");
    return;
  }
  char *indent = NULL;
  sb_completeness c = ipy_is_complete(code, n, &indent);
  if (c == SB_INCOMPLETE && ends_with_newline(code, n)) {
    /* a finished block followed by a newline runs, as IPython's check_complete answers
     * (jupyter console then needs one Enter after a block, not two) */
    char *more = malloc(n + 2);
    if (more) {
      memcpy(more, code, n);
      more[n] = '\n';
      more[n + 1] = 0;
      if (ipy_is_complete(more, n + 1, NULL) == SB_COMPLETE) {
        c = SB_COMPLETE;
        free(indent);
        indent = NULL;
      }
      free(more);
    }
  }
  json_t *r;
  if (c == SB_INCOMPLETE)
    r = json_pack("{ss so}", "status", "incomplete", "indent", krn_jtext(indent ? indent : "", indent ? strlen(indent) : 0));
  else
    r = json_pack("{ss}", "status", c == SB_COMPLETE ? "complete" : c == SB_INVALID ? "invalid" : "unknown");
  free(indent);
  reply_owned(t, m, "is_complete_reply", r);
}

static void do_history(krn_thr *t, const krn_msg *m) {
  json_t *h = krn_hist_query(&t->k->hist, m->content);
  reply_owned(t, m, "history_reply", h ? json_pack("{ss so}", "status", "ok", "history", h) : NULL);
}

/* Answer one request; returns 1 when it was a cell that failed with stop_on_error. */
static int dispatch(krn_thr *t, const krn_msg *m) {
  const char *ty = m->msg_type;
  int failed = 0;
  krn_pub_status(t, "busy", m->raw[0]);
  if (strcmp(ty, "execute_request") == 0) failed = do_execute(t, m);
  else if (strcmp(ty, "complete_request") == 0) do_complete(t, m);
  else if (strcmp(ty, "inspect_request") == 0) do_inspect(t, m);
  else if (strcmp(ty, "is_complete_request") == 0) do_is_complete(t, m);
  else if (strcmp(ty, "history_request") == 0) do_history(t, m);
  else if (strcmp(ty, "comm_open") == 0 || strcmp(ty, "comm_msg") == 0 ||
           strcmp(ty, "comm_close") == 0)
    krn_comm_request(t, m, session(t->k));
  else if (!krn_common_request(t, t->k->sock[KRN_SHELL], m))
    krn_log("shell: ignored a %.64s", ty);
  krn_pub_status(t, "idle", m->raw[0]);
  return failed;
}

/* Answer one received message (frames are freed). abort: reply to execute_requests without
 * running them. Returns 1 if a cell failed with stop_on_error. */
static int serve(krn_thr *t, krn_buf *f, int n, int abort) {
  krn_msg m;
  char why[128];
  int failed = 0;
  if (krn_decode_fresh(t, f, n, &m, why, sizeof why) < 0) {
    krn_log("shell: dropped a message: %s", why);
  } else {
    if (abort && strcmp(m.msg_type, "execute_request") == 0) {
      krn_pub_status(t, "busy", m.raw[0]);
      reply_owned(t, &m, "execute_reply",
                  json_pack("{ss ss ss s[] si}", "status", "error", "ename", "ExecutionAborted",
                            "evalue", "not run because an earlier cell failed", "traceback",
                            "execution_count", t->k->exec_count));
      krn_pub_status(t, "idle", m.raw[0]);
    } else {
      failed = dispatch(t, &m);
    }
    krn_msg_clear(&m);
  }
  krn_frames_free(f, n);
  return failed;
}

int krn_shell_loop(krn_kernel *k, krn_thr *t) {
  while (!atomic_load(&k->shutdown)) {
    /* the wake-up is a plain eventfd: polled in the same poll(2), at no extra cost */
    zmq_pollitem_t items[2] = {{k->sock[KRN_SHELL], 0, ZMQ_POLLIN, 0}, {NULL, k->wake_fd, ZMQ_POLLIN, 0}};
    int r = zmq_poll(items, 2, -1);
    if (r < 0) {
      if (errno == EINTR) continue;   /* SIGINT while idle: nothing to stop */
      krn_log("shell poll failed: %s", zmq_strerror(errno));
      break;
    }
    if (items[1].revents & ZMQ_POLLIN) {
      uint64_t v;
      if (read(k->wake_fd, &v, sizeof v) < 0 && errno != EAGAIN && errno != EINTR)
        krn_log("cannot read the wake-up eventfd");
    }
    if (!(items[0].revents & ZMQ_POLLIN)) continue;
    krn_buf *f;
    int n = krn_zrecv(k->sock[KRN_SHELL], ZMQ_DONTWAIT, &f, MAX_MSG);
    if (n == 0) krn_log("shell: dropped an oversized message");
    if (n <= 0) continue;
    serve(t, f, n, 0);
    /* stop_on_error: the requests held when the cell failed; a cell among them that is
     * not run cannot fail, so this never holds more */
    for (size_t i = 0; i < nheld; i++) serve(t, held[i].f, held[i].n, 1);
    nheld = 0;
  }
  for (size_t i = 0; i < nheld; i++) krn_frames_free(held[i].f, held[i].n);
  free(held);
  held = NULL;
  nheld = capheld = 0;
  return 0;
}
