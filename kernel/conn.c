/* conn.c - the connection file Jupyter hands the kernel: transport, address, five ports, key
 * and signature scheme. Unknown keys are ignored; the key is never logged. */
#include "krn.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const port_names[KRN_NCHAN] = {"shell_port", "iopub_port", "stdin_port",
                                                   "control_port", "hb_port"};

static int get_string(json_t *o, const char *name, char *out, size_t cap, const char *dflt,
                      char *err, size_t errlen) {
  json_t *v = json_object_get(o, name);
  const char *s = dflt;
  if (v && !json_is_null(v)) {
    if (!json_is_string(v)) { snprintf(err, errlen, "'%s' is not a string", name); return -1; }
    s = json_string_value(v);
  }
  if (strlen(s) >= cap) { snprintf(err, errlen, "'%s' is too long", name); return -1; }
  strcpy(out, s);
  return 0;
}

int krn_conn_parse(const char *text, size_t n, krn_conn *c, char *err, size_t errlen) {
  memset(c, 0, sizeof *c);
  json_error_t je;
  json_t *o = json_loadb(text, n, 0, &je);
  if (!o) { snprintf(err, errlen, "invalid JSON: %.80s (line %d)", je.text, je.line); return -1; }
  if (!json_is_object(o)) { snprintf(err, errlen, "not a JSON object"); goto fail; }
  if (get_string(o, "transport", c->transport, sizeof c->transport, "tcp", err, errlen) < 0 ||
      get_string(o, "ip", c->ip, sizeof c->ip, "127.0.0.1", err, errlen) < 0 ||
      get_string(o, "signature_scheme", c->scheme, sizeof c->scheme, "hmac-sha256", err,
                 errlen) < 0)
    goto fail;
  if (strcmp(c->transport, "tcp") != 0 && strcmp(c->transport, "ipc") != 0) {
    snprintf(err, errlen, "unsupported transport '%s'", c->transport);
    goto fail;
  }
  if (!c->ip[0]) strcpy(c->ip, "127.0.0.1");
  for (int i = 0; i < KRN_NCHAN; i++) {
    json_t *v = json_object_get(o, port_names[i]);
    if (!v || json_is_null(v)) { c->port[i] = 0; continue; }
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 65535) {
      snprintf(err, errlen, "'%s' is not a port number", port_names[i]);
      goto fail;
    }
    c->port[i] = (int)json_integer_value(v);
  }
  json_t *key = json_object_get(o, "key");
  if (key && !json_is_null(key) && !json_is_string(key)) {
    snprintf(err, errlen, "'key' is not a string");
    goto fail;
  }
  const char *ks = key && json_is_string(key) ? json_string_value(key) : "";
  c->keylen = key && json_is_string(key) ? json_string_length(key) : 0;
  c->key = malloc(c->keylen + 1);
  if (!c->key) { snprintf(err, errlen, "out of memory"); goto fail; }
  memcpy(c->key, ks, c->keylen);
  c->key[c->keylen] = 0;
  json_decref(o);
  return 0;
fail:
  json_decref(o);
  krn_conn_free(c);
  return -1;
}

int krn_conn_load(const char *path, krn_conn *c, char *err, size_t errlen) {
  FILE *f = fopen(path, "rb");
  if (!f) { snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno)); return -1; }
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    size_t r = fread(buf + n, 1, cap - n, f);
    n += r;
    if (r == 0) break;
    if (n == cap) {
      if (cap >= (1u << 20)) { free(buf); buf = NULL; break; }   /* not a connection file */
      char *nb = realloc(buf, cap * 2);
      if (!nb) { free(buf); buf = NULL; break; }
      buf = nb;
      cap *= 2;
    }
  }
  fclose(f);
  if (!buf) { snprintf(err, errlen, "cannot read %s", path); return -1; }
  int rc = krn_conn_parse(buf, n, c, err, errlen);
  free(buf);
  return rc;
}

void krn_conn_free(krn_conn *c) {
  if (c->key) {
    /* the key should not linger in freed memory */
    volatile char *p = c->key;
    for (size_t i = 0; i < c->keylen; i++) p[i] = 0;
    free(c->key);
  }
  c->key = NULL;
  c->keylen = 0;
}

int krn_conn_endpoint(const krn_conn *c, int chan, char *out, size_t n) {
  int r;
  if (strcmp(c->transport, "ipc") == 0)
    r = snprintf(out, n, "ipc://%s-%d", c->ip, c->port[chan] ? c->port[chan] : chan + 1);
  else if (c->port[chan])
    r = snprintf(out, n, "tcp://%s:%d", c->ip, c->port[chan]);
  else
    r = snprintf(out, n, "tcp://%s:*", c->ip);
  return r > 0 && (size_t)r < n ? 0 : -1;
}

int krn_conn_save(const char *path, const krn_conn *c) {
  json_t *o = json_object();
  if (!o) return -1;
  json_object_set_new(o, "transport", json_string(c->transport));
  json_object_set_new(o, "ip", json_string(c->ip));
  for (int i = 0; i < KRN_NCHAN; i++) json_object_set_new(o, port_names[i], json_integer(c->port[i]));
  json_object_set_new(o, "key", json_stringn(c->key ? c->key : "", c->keylen));
  json_object_set_new(o, "signature_scheme", json_string(c->scheme));
  json_object_set_new(o, "kernel_name", json_string("sable"));
  int rc = json_dump_file(o, path, JSON_INDENT(1));
  json_decref(o);
  return rc;
}
