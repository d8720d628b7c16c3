/* fuzz_wire.c - libFuzzer target for what the kernel reads from the network and disk: the
 * multipart decoder with its signature check, UTF-8 repair, connection files and history
 * requests. Build: clang -fsanitize=fuzzer,address (tests/suites/kernel_fuzz.py does it). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/batch.h"
#include "kernel/krn.h"
#include "kernel/text.h"
#include "kernel/wire.h"

#define KEY "a0436f6c-1916-498b-8eb9-e81ab9368e84"

static krn_signer *keyed, *open_signer;

static void init(void) {
  char err[128];
  if (!keyed) keyed = krn_signer_new("hmac-sha256", KEY, strlen(KEY), err, sizeof err);
  if (!open_signer) open_signer = krn_signer_new("hmac-sha256", "", 0, err, sizeof err);
  if (!keyed || !open_signer) abort();
}

/* Frames are separated by NUL bytes in the fuzz input. */
static int split(const uint8_t *d, size_t n, krn_buf *f, int max) {
  int k = 0;
  size_t start = 0;
  for (size_t i = 0; i <= n && k < max; i++)
    if (i == n || d[i] == 0) {
      f[k].p = (const char *)d + start;
      f[k].n = i - start;
      k++;
      start = i + 1;
    }
  return k;
}

/* the batcher's output, joined */
static char *joined;
static size_t njoined;

static void collect(void *ud, int stream, const char *parent, size_t pn, const char *text, size_t n) {
  if (!krn_utf8_valid(text, n)) abort();
  char *p = realloc(joined, njoined + n + 1);
  if (!p) abort();
  joined = p;
  memcpy(joined + njoined, text, n);
  njoined += n;
}

static void use(const krn_msg *m) {
  /* touch what the kernel reads from a decoded message */
  volatile size_t sink = strlen(m->msg_type) + strlen(m->msg_id) + (size_t)m->nids + (size_t)m->nbuffers;
  json_t *code = json_object_get(m->content, "code");
  if (json_is_string(code)) sink += krn_utf8_cp_to_byte(json_string_value(code), json_string_length(code), 3);
  (void)sink;
}

static void decode(krn_signer *s, krn_buf *f, int k) {
  krn_msg m;
  char why[128];
  if (krn_decode(s, f, k, &m, why, sizeof why) == 0) {
    use(&m);
    krn_msg_clear(&m);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  init();
  if (size < 1) return 0;
  uint8_t mode = data[0] % 7;
  const uint8_t *d = data + 1;
  size_t n = size - 1;
  static krn_buf f[64];
  int k;
  switch (mode) {
  case 0:   /* as received, with a key: almost everything fails the signature */
    k = split(d, n, f, 64);
    decode(keyed, f, k);
    break;
  case 1:   /* with signing off: the JSON and frame checks */
    k = split(d, n, f, 64);
    decode(open_signer, f, k);
    break;
  case 2: { /* correctly signed, so the parser behind the verifier is reached with a key */
    k = split(d, n, f, 64);
    char sig[KRN_MAX_SIG_HEX + 1];
    for (int i = 0; i < k; i++)
      if (f[i].n == 9 && memcmp(f[i].p, KRN_DELIM, 9) == 0) {
        if (k - i - 1 >= 5 && krn_sign(keyed, f + i + 2, sig) == 64) {
          f[i + 1].p = sig;
          f[i + 1].n = 64;
        }
        break;
      }
    decode(keyed, f, k);
    break;
  }
  case 3: { /* bytes of output from the language */
    size_t cn;
    char *c = krn_utf8_clean((const char *)d, n, &cn);
    if (c && !krn_utf8_valid(c, cn)) abort();   /* the repair must yield valid UTF-8 */
    free(c);
    size_t keep = krn_utf8_complete_len((const char *)d, n);
    if (keep > n || n - keep > 3) abort();
    char *b = krn_base64(d, n, NULL);
    free(b);
    break;
  }
  case 4: { /* a connection file */
    krn_conn c;
    char err[128];
    if (krn_conn_parse((const char *)d, n, &c, err, sizeof err) == 0) {
      char ep[300];
      for (int i = 0; i < KRN_NCHAN; i++) krn_conn_endpoint(&c, i, ep, sizeof ep);
      krn_conn_free(&c);
    }
    break;
  }
  case 6: { /* writes split at NUL bytes, batched with deadlines in between: the joined
             * output must equal the whole text cleaned at once */
    k = split(d, n, f, 64);
    krn_batch b = {0};
    b.emit = collect;
    njoined = 0;
    char *all = malloc(n + 1);
    size_t na = 0;
    if (!all) break;
    for (int i = 0; i < k; i++) {
      krn_batch_add(&b, 1, "P", 1, f[i].p, f[i].n, i * 30);
      krn_batch_tick(&b, i * 30 + 10);
      memcpy(all + na, f[i].p, f[i].n);
      na += f[i].n;
    }
    krn_batch_flush(&b, 1);
    size_t cn;
    char *want = krn_utf8_clean(all, na, &cn);
    if (want && (cn != njoined || (cn && memcmp(want, joined, cn) != 0))) abort();
    free(want);
    free(all);
    krn_batch_free(&b);
    break;
  }
  case 5: { /* a history_request's content against a small history */
    json_t *req = json_loadb((const char *)d, n, 0, NULL);
    if (!req) break;
    krn_hist h = {0};
    krn_hist_add(&h, 1, "1+2", 3);
    krn_hist_add(&h, 2, "x = [1, 2]", 10);
    krn_hist_set_output(&h, 1, "3", 1);
    json_t *r = krn_hist_query(&h, req);
    json_decref(r);
    json_decref(req);
    krn_hist_free(&h);
    break;
  }
  }
  return 0;
}
