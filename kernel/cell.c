/* cell.c - execute_request: runs a cell through sb_exec with a sink that turns the language's
 * output into iopub messages, input() into the stdin channel, and errors into the reply. */
#include "cell.h"
#include "text.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#define MAX_INPUT_MSG ((size_t)16 << 20)

/* A JSON string from bytes the language produced, which may not be valid UTF-8. */
json_t *krn_jtext(const char *s, size_t n) {
  if (!s) return json_string("");
  if (krn_utf8_valid(s, n)) return json_stringn_nocheck(s, n);
  size_t cn;
  char *c = krn_utf8_clean(s, n, &cn);
  json_t *j = c ? json_stringn_nocheck(c, cn) : NULL;
  free(c);
  return j;
}

static int is_binary_image(const char *mime) {
  return strncmp(mime, "image/", 6) == 0 && strcmp(mime, "image/svg+xml") != 0;
}

static int is_json_mime(const char *mime) {
  size_t n = strlen(mime);
  return strcmp(mime, "application/json") == 0 || (n > 5 && strcmp(mime + n - 5, "+json") == 0);
}

/* width and height from a PNG's IHDR chunk, for the front end's layout */
static json_t *png_meta(const unsigned char *p, size_t n) {
  static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (n < 24 || memcmp(p, sig, 8) != 0 || memcmp(p + 12, "IHDR", 4) != 0) return NULL;
  unsigned long w = (unsigned long)p[16] << 24 | (unsigned long)p[17] << 16 | p[18] << 8 | p[19];
  unsigned long h = (unsigned long)p[20] << 24 | (unsigned long)p[21] << 16 | p[22] << 8 | p[23];
  if (!w || !h || w > 1u << 20 || h > 1u << 20) return NULL;
  return json_pack("{sIsI}", "width", (json_int_t)w, "height", (json_int_t)h);
}

int krn_bundle_json(const sb_bundle *b, json_t **data_out, json_t **meta_out) {
  json_t *data = json_object(), *meta = json_object();
  if (!data || !meta) goto oom;
  for (int i = 0; b && i < b->n; i++) {
    const char *mime = b->mime[i], *d = b->data[i];
    if (!mime || !d) continue;
    size_t n = b->len ? b->len[i] : strlen(d);
    json_t *v = NULL;
    if (is_binary_image(mime)) {
      char *s = krn_base64((const unsigned char *)d, n, NULL);
      v = s ? json_string(s) : NULL;
      free(s);
      json_t *m = strcmp(mime, "image/png") == 0 ? png_meta((const unsigned char *)d, n) : NULL;
      if (m) json_object_set_new(meta, mime, m);
    } else if (is_json_mime(mime)) {
      json_error_t e;
      v = json_loadb(d, n, 0, &e);
      if (!v) { krn_log("dropped invalid %s output: %s", mime, e.text); continue; }
    } else {
      v = krn_jtext(d, n);
    }
    if (!v || json_object_set_new(data, mime, v) < 0) goto oom;
  }
  if (!json_object_get(data, "text/plain")) json_object_set_new(data, "text/plain", json_string(""));
  if (b && b->metadata) {
    json_error_t e;
    json_t *extra = json_loads(b->metadata, 0, &e);
    if (json_is_object(extra)) json_object_update(meta, extra);
    else krn_log("dropped invalid output metadata: %s", e.text);
    json_decref(extra);
  }
  *data_out = data;
  *meta_out = meta;
  return 0;
oom:
  json_decref(data);
  json_decref(meta);
  return -1;
}

static void on_write(void *ud, int stream, const char *s, size_t n) {
  krn_exec *x = ud;
  if (!x->silent) krn_pub_stream(x->t, stream, x->req->raw[0], s, n);
}

/* sys.stdout.flush(): the text held so far goes out before any later message (ipywidgets'
 * Output flushes so around its msg_id updates, which comm messages do not do themselves) */
static void on_flush(void *ud) {
  krn_exec *x = ud;
  if (!x->silent) krn_pub_flush(x->t);
}

static void on_display(void *ud, const sb_bundle *b) {
  krn_exec *x = ud;
  json_t *data, *meta;
  if (x->silent || krn_bundle_json(b, &data, &meta) < 0) return;
  int update = b->update && b->display_id;
  json_t *c = json_pack("{so so}", "data", data, "metadata", meta);
  if (!c) return;
  json_t *tr = json_object();
  if (b->display_id) json_object_set_new(tr, "display_id", krn_jtext(b->display_id, strlen(b->display_id)));
  json_object_set_new(c, "transient", tr);
  krn_pub(x->t, update ? "update_display_data" : "display_data", x->req->raw[0], c, NULL);
  json_decref(c);
}

static void on_result(void *ud, const sb_bundle *b) {
  krn_exec *x = ud;
  json_t *data, *meta;
  for (int i = 0; b && i < b->n; i++)
    if (b->mime[i] && b->data[i] && strcmp(b->mime[i], "text/plain") == 0) {
      free(x->result_text);
      size_t n = b->len ? b->len[i] : strlen(b->data[i]);
      size_t cn;
      x->result_text = krn_utf8_clean(b->data[i], n, &cn);
    }
  if (x->silent || krn_bundle_json(b, &data, &meta) < 0) return;
  json_t *c = json_pack("{si so so}", "execution_count", x->count, "data", data, "metadata", meta);
  if (c) krn_pub(x->t, "execute_result", x->req->raw[0], c, NULL);
  json_decref(c);
}

static void on_clear(void *ud, int wait) {
  krn_exec *x = ud;
  if (x->silent) return;
  json_t *c = json_pack("{sb}", "wait", wait);
  krn_pub(x->t, "clear_output", x->req->raw[0], c, NULL);
  json_decref(c);
}

/* A SyntaxError's evalue as IPython shows it, str() of the exception: "msg (file, line N)",
 * from the traceback's first line (`  File "<cell 1>", line 1`) and last ("SyntaxError: msg") */
static const char *syntax_evalue(const char *ename, const char *first, const char *last,
                                 char *buf, size_t n, const char *fallback) {
  size_t el = strlen(ename);
  const char *f = strstr(first, "File \""), *ln = strstr(first, "\", line ");
  if (!f || !ln || ln < f + 6 || strncmp(last, ename, el) != 0 || strncmp(last + el, ": ", 2) != 0)
    return fallback;
  long line = strtol(ln + 8, NULL, 10);
  snprintf(buf, n, "%s (%.*s, line %ld)", last + el + 2, (int)(ln - (f + 6)), f + 6, line);
  return buf;
}

static void on_error(void *ud, const char *ename, const char *evalue, const char *const *tb,
                     int ntb) {
  krn_exec *x = ud;
  json_decref(x->error);
  if (x->log_errors) {
    krn_log("exception in a comm handler:");
    for (int i = 0; tb && i < ntb; i++)
      if (tb[i]) krn_log("%s", tb[i]);
    x->error = json_pack("{ss ss s[]}", "ename", ename ? ename : "", "evalue", "", "traceback");
    return;
  }
  if (!tb) {
    /* a handler of IPython's set_custom_exc has shown it: the reply says error, no error
     * message (as ipykernel, whose reply then carries no traceback) */
    x->error = json_pack("{so so s[]}", "ename", krn_jtext(ename, ename ? strlen(ename) : 0),
                         "evalue", krn_jtext(evalue, evalue ? strlen(evalue) : 0), "traceback");
    return;
  }
  const char *dot = ename ? strrchr(ename, '.') : NULL;
  if (ename && strcmp(dot ? dot + 1 : ename, "UsageError") == 0) {
    /* as IPython's show_usage_error: one line on stderr, no traceback; the reply still
     * says error */
    char head[] = "UsageError: ";
    on_write(x, 2, head, sizeof head - 1);
    if (evalue) on_write(x, 2, evalue, strlen(evalue));
    on_write(x, 2, "\n", 1);
    x->error = json_pack("{ss so s[]}", "ename", "UsageError", "evalue",
                         krn_jtext(evalue, evalue ? strlen(evalue) : 0), "traceback");
    return;
  }
  char synbuf[1024];
  if (ename && evalue && evalue[0] == '(' && ntb >= 2 && tb[0] && tb[ntb - 1] &&
      (strcmp(ename, "SyntaxError") == 0 || strcmp(ename, "IndentationError") == 0 ||
       strcmp(ename, "TabError") == 0))
    evalue = syntax_evalue(ename, tb[0], tb[ntb - 1], synbuf, sizeof synbuf, evalue);
  json_t *lines = json_array();
  for (int i = 0; tb && i < ntb; i++)
    if (tb[i]) json_array_append_new(lines, krn_jtext(tb[i], strlen(tb[i])));
  x->error = json_pack("{so so so}", "ename", krn_jtext(ename, ename ? strlen(ename) : 0),
                       "evalue", krn_jtext(evalue, evalue ? strlen(evalue) : 0), "traceback",
                       lines);
  if (x->error && !x->silent) krn_pub(x->t, "error", x->req->raw[0], x->error, NULL);
}

/* input(): ask the front end over stdin, with the identities and header of the request. */
static char *on_input(void *ud, const char *prompt, int password) {
  krn_exec *x = ud;
  krn_kernel *k = x->t->k;
  void *sock = k->sock[KRN_STDIN];
  if (!x->allow_stdin || !sock) return NULL;   /* EOFError: this front end has no stdin */
  krn_pub_flush(x->t);   /* what was printed before the prompt shows first */
  krn_buf *f;
  int n;
  while ((n = krn_zrecv(sock, ZMQ_DONTWAIT, &f, MAX_INPUT_MSG)) >= 0)
    krn_frames_free(f, n);   /* stale replies from an earlier prompt */
  json_t *c = json_pack("{so sb}", "prompt", krn_jtext(prompt, prompt ? strlen(prompt) : 0),
                        "password", password);
  int rc = c ? krn_send(x->t, sock, x->req->ids, x->req->nids, "input_request",
                        x->req->raw[0], c)
             : -1;
  json_decref(c);
  if (rc < 0) return NULL;
  for (;;) {
    if (atomic_load(&krn_interrupted) || atomic_load(&k->shutdown)) return NULL;
    zmq_pollitem_t it = {sock, 0, ZMQ_POLLIN, 0};
    int r = zmq_poll(&it, 1, 100);   /* short, so interrupt_request is noticed */
    if (r < 0 && errno != EINTR) return NULL;
    if (r <= 0) continue;
    n = krn_zrecv(sock, ZMQ_DONTWAIT, &f, MAX_INPUT_MSG);
    if (n <= 0) continue;
    krn_msg m;
    char why[128];
    if (krn_decode_fresh(x->t, f, n, &m, why, sizeof why) < 0) {
      krn_log("stdin: dropped a message: %s", why);
      krn_frames_free(f, n);
      continue;
    }
    char *line = NULL;
    json_t *v = json_object_get(m.content, "value");
    int ok = strcmp(m.msg_type, "input_reply") == 0 && json_is_string(v);
    if (ok && (line = malloc(json_string_length(v) + 1)))
      memcpy(line, json_string_value(v), json_string_length(v) + 1);
    if (!ok) krn_log("stdin: ignored a %.64s", m.msg_type);
    krn_msg_clear(&m);
    krn_frames_free(f, n);
    if (ok) return line;
  }
}

/* a comm message from Sable code: published with the request as parent; the table of open
 * comms follows it */
static int on_comm(void *ud, const char *type, const char *js, size_t n, const char *ms,
                   size_t mn) {
  krn_exec *x = ud;
  json_error_t e;
  json_t *c = json_loadb(js, n, 0, &e);
  json_t *md = c && ms ? json_loadb(ms, mn, 0, &e) : NULL;
  if (!json_is_object(c) || (md && !json_is_object(md))) {
    krn_log("dropped an invalid %s: %s", type, e.text);
    json_decref(c);
    json_decref(md);
    return -1;
  }
  json_t *id = json_object_get(c, "comm_id"), *tn = json_object_get(c, "target_name");
  if (json_is_string(id)) {
    if (strcmp(type, "comm_open") == 0)
      krn_comm_opened(json_string_value(id), json_is_string(tn) ? json_string_value(tn) : "");
    else if (strcmp(type, "comm_close") == 0)
      krn_comm_closed(json_string_value(id));
  }
  int rc = krn_pub_bufs(x->t, type, x->req->raw[0], c, md, x->bufs, x->nbufs);
  json_decref(c);
  json_decref(md);
  return rc < 0 ? -1 : 0;
}

/* as on_comm, with binary buffers after the content */
static int on_comm_bufs(void *ud, const char *type, const char *js, size_t n, const char *ms,
                        size_t mn, int nbuf, const char *const *buf, const size_t *blen) {
  krn_exec *x = ud;
  if (nbuf < 0 || nbuf > KRN_MAX_FRAMES - 16) return -1;
  krn_buf *b = nbuf ? malloc(sizeof *b * (size_t)nbuf) : NULL;
  if (nbuf && !b) return -1;
  for (int i = 0; i < nbuf; i++) b[i] = (krn_buf){buf[i] ? buf[i] : "", buf[i] ? blen[i] : 0};
  x->bufs = b;
  x->nbufs = nbuf;
  int rc = on_comm(ud, type, js, n, ms, mn);
  x->bufs = NULL;
  x->nbufs = 0;
  free(b);
  return rc;
}

/* an exception a handler caught and showed: an error message parented to the request, the
 * reply unchanged (IPython's showtraceback) */
static void on_show_error(void *ud, const char *ename, const char *evalue,
                          const char *const *tb, int ntb) {
  krn_exec *x = ud;
  if (x->silent) return;
  char synbuf[1024];
  if (ename && evalue && evalue[0] == '(' && ntb >= 2 && tb[0] && tb[ntb - 1] &&
      (strcmp(ename, "SyntaxError") == 0 || strcmp(ename, "IndentationError") == 0 ||
       strcmp(ename, "TabError") == 0))
    evalue = syntax_evalue(ename, tb[0], tb[ntb - 1], synbuf, sizeof synbuf, evalue);
  json_t *lines = json_array();
  for (int i = 0; tb && i < ntb; i++)
    if (tb[i]) json_array_append_new(lines, krn_jtext(tb[i], strlen(tb[i])));
  json_t *c = json_pack("{so so so}", "ename", krn_jtext(ename, ename ? strlen(ename) : 0),
                        "evalue", krn_jtext(evalue, evalue ? strlen(evalue) : 0), "traceback",
                        lines);
  if (c) krn_pub(x->t, "error", x->req->raw[0], c, NULL);
  json_decref(c);
}

/* the binary buffers of the request (a comm message from the front end) for comm._deliver */
static int on_request_buffer(void *ud, int i, const char **p, size_t *n) {
  krn_exec *x = ud;
  if (i < 0 || i >= x->req->nbuffers) return -1;
  *p = x->req->buffers[i].p;
  *n = x->req->buffers[i].n;
  return 0;
}

/* the request's header as a C string (kept until the next call or krn_exec_clear) */
static const char *on_parent(void *ud) {
  krn_exec *x = ud;
  if (!x->parent_text) {
    krn_buf h = x->req->raw[0];
    x->parent_text = malloc(h.n + 1);
    if (!x->parent_text) return NULL;
    memcpy(x->parent_text, h.p, h.n);
    x->parent_text[h.n] = 0;
  }
  return x->parent_text;
}

void krn_exec_sink(krn_exec *x, sb_sink *s) {
  memset(s, 0, sizeof *s);
  s->ud = x;
  s->write = on_write;
  s->display = on_display;
  s->result = on_result;
  s->clear_output = on_clear;
  s->input = on_input;
  s->error = on_error;
  s->comm = on_comm;
  s->parent = on_parent;
  s->comm_bufs = on_comm_bufs;
  s->show_error = on_show_error;
  s->request_buffer = on_request_buffer;
  s->flush = on_flush;
}

void krn_exec_clear(krn_exec *x) {
  json_decref(x->error);
  free(x->result_text);
  free(x->parent_text);
  x->parent_text = NULL;
  x->error = NULL;
  x->result_text = NULL;
}
