/* wire.c - signing (HMAC with OpenSSL's EVP_MAC, compared with CRYPTO_memcmp) and decoding of
 * the multipart wire format. The signature is checked before any JSON is parsed. */
#include "wire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

struct krn_signer {
  EVP_MAC_CTX *ctx;   /* NULL when signing is off */
  size_t maclen;      /* bytes of raw MAC */
};

krn_signer *krn_signer_new(const char *scheme, const char *key, size_t keylen, char *err,
                           size_t errlen) {
  static const char *const digests[] = {"sha256", "sha1", "sha224", "sha384", "sha512"};
  const char *digest = NULL;
  if (!scheme) scheme = "hmac-sha256";
  if (strncmp(scheme, "hmac-", 5) == 0)
    for (size_t i = 0; i < sizeof digests / sizeof *digests; i++)
      if (strcmp(scheme + 5, digests[i]) == 0) digest = digests[i];
  if (!digest) {
    snprintf(err, errlen, "unsupported signature_scheme '%.40s'", scheme);
    return NULL;
  }
  krn_signer *s = calloc(1, sizeof *s);
  if (!s) { snprintf(err, errlen, "out of memory"); return NULL; }
  if (!key || keylen == 0) return s;
  EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
  if (mac) s->ctx = EVP_MAC_CTX_new(mac);
  EVP_MAC_free(mac);
  OSSL_PARAM params[2];
  params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)digest, 0);
  params[1] = OSSL_PARAM_construct_end();
  if (!s->ctx || !EVP_MAC_init(s->ctx, (const unsigned char *)key, keylen, params)) {
    snprintf(err, errlen, "OpenSSL cannot set up HMAC-%s", digest);
    krn_signer_free(s);
    return NULL;
  }
  s->maclen = EVP_MAC_CTX_get_mac_size(s->ctx);
  if (s->maclen == 0 || s->maclen * 2 > KRN_MAX_SIG_HEX) {
    snprintf(err, errlen, "unexpected MAC size");
    krn_signer_free(s);
    return NULL;
  }
  return s;
}

krn_signer *krn_signer_dup(const krn_signer *s) {
  krn_signer *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  d->maclen = s->maclen;
  if (s->ctx && !(d->ctx = EVP_MAC_CTX_dup(s->ctx))) { free(d); return NULL; }
  return d;
}

void krn_signer_free(krn_signer *s) {
  if (!s) return;
  EVP_MAC_CTX_free(s->ctx);
  free(s);
}

int krn_signer_enabled(const krn_signer *s) { return s && s->ctx; }

static int mac(krn_signer *s, const krn_buf parts[4], unsigned char *out) {
  size_t len = 0;
  /* a NULL key re-initialises with the key already set */
  if (!EVP_MAC_init(s->ctx, NULL, 0, NULL)) return -1;
  for (int i = 0; i < 4; i++)
    if (parts[i].n && !EVP_MAC_update(s->ctx, (const unsigned char *)parts[i].p, parts[i].n))
      return -1;
  if (!EVP_MAC_final(s->ctx, out, &len, KRN_MAX_SIG_HEX / 2) || len != s->maclen) return -1;
  return 0;
}

int krn_sign(krn_signer *s, const krn_buf parts[4], char *out) {
  static const char hex[] = "0123456789abcdef";
  unsigned char raw[KRN_MAX_SIG_HEX / 2];
  out[0] = 0;
  if (!krn_signer_enabled(s)) return 0;
  if (mac(s, parts, raw) < 0) return -1;
  for (size_t i = 0; i < s->maclen; i++) {
    out[2 * i] = hex[raw[i] >> 4];
    out[2 * i + 1] = hex[raw[i] & 15];
  }
  out[2 * s->maclen] = 0;
  return (int)(2 * s->maclen);
}

int krn_verify(krn_signer *s, krn_buf sig, const krn_buf parts[4]) {
  char want[KRN_MAX_SIG_HEX + 1];
  if (!krn_signer_enabled(s)) return 1;
  if (sig.n != 2 * s->maclen) return 0;
  if (krn_sign(s, parts, want) < 0) return 0;
  return CRYPTO_memcmp(sig.p, want, sig.n) == 0;
}

static json_t *parse_obj(krn_buf b, const char *what, char *why, size_t whylen) {
  json_error_t e;
  json_t *j = json_loadb(b.p, b.n, JSON_ALLOW_NUL, &e);
  if (!j) {
    snprintf(why, whylen, "invalid JSON in %s (%.60s)", what, e.text);
    return NULL;
  }
  if (!json_is_object(j)) {
    snprintf(why, whylen, "%s is not a JSON object", what);
    json_decref(j);
    return NULL;
  }
  return j;
}

int krn_decode(krn_signer *s, const krn_buf *frames, int n, krn_msg *out, char *why,
               size_t whylen) {
  memset(out, 0, sizeof *out);
  if (n < 0 || n > KRN_MAX_FRAMES) {
    snprintf(why, whylen, "too many frames (%d)", n);
    return -1;
  }
  int d = -1;
  for (int i = 0; i < n; i++)
    if (frames[i].n == sizeof KRN_DELIM - 1 && memcmp(frames[i].p, KRN_DELIM, frames[i].n) == 0) {
      d = i;
      break;
    }
  if (d < 0) { snprintf(why, whylen, "no <IDS|MSG> delimiter"); return -1; }
  if (n - d - 1 < 5) { snprintf(why, whylen, "too few frames after the delimiter"); return -1; }
  const krn_buf *parts = frames + d + 2;
  if (!krn_verify(s, frames[d + 1], parts)) {
    snprintf(why, whylen, frames[d + 1].n ? "bad signature" : "missing signature");
    return -1;
  }
  static const char *const names[4] = {"header", "parent_header", "metadata", "content"};
  json_t *j[4] = {0};
  for (int i = 0; i < 4; i++) {
    if (!(j[i] = parse_obj(parts[i], names[i], why, whylen))) {
      for (int k = 0; k < i; k++) json_decref(j[k]);
      return -1;
    }
  }
  json_t *mt = json_object_get(j[0], "msg_type");
  json_t *id = json_object_get(j[0], "msg_id");
  if (!json_is_string(mt) || json_string_length(mt) == 0 ||
      strlen(json_string_value(mt)) != json_string_length(mt) || (id && !json_is_string(id))) {
    snprintf(why, whylen, "header lacks a msg_type string");
    for (int k = 0; k < 4; k++) json_decref(j[k]);
    return -1;
  }
  out->ids = frames;
  out->nids = d;
  out->sig = frames[d + 1];
  for (int i = 0; i < 4; i++) out->raw[i] = parts[i];
  out->buffers = frames + d + 6;
  out->nbuffers = n - d - 6;
  out->header = j[0];
  out->parent = j[1];
  out->metadata = j[2];
  out->content = j[3];
  out->msg_type = json_string_value(mt);
  out->msg_id = id ? json_string_value(id) : "";
  return 0;
}

void krn_msg_clear(krn_msg *m) {
  json_decref(m->header);
  json_decref(m->parent);
  json_decref(m->metadata);
  json_decref(m->content);
  memset(m, 0, sizeof *m);
}
