/* test_kernel.c - unit tests of the kernel's wire layer: the HMAC known-answer vector of
 * PROTOCOL.md, verification, framing and the decoder's rejections, UTF-8 repair, base64
 * (RFC 4648 vectors), connection files and history queries. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/batch.h"
#include "kernel/cell.h"
#include "kernel/krn.h"
#include "kernel/text.h"
#include "kernel/wire.h"

static int failures;

static void check(int ok, const char *name, const char *why) {
  if (ok) printf("PASS %s\n", name);
  else { printf("FAIL %s: %s\n", name, why); failures++; }
}

#define B(s) ((krn_buf){(s), sizeof(s) - 1})

static const char *KEY = "a0436f6c-1916-498b-8eb9-e81ab9368e84";
static const char *HDR =
    "{\"msg_id\":\"1\",\"msg_type\":\"kernel_info_request\",\"session\":\"s\",\"username\":\"u\","
    "\"date\":\"2024-01-01T00:00:00Z\",\"version\":\"5.3\"}";
static const char *WANT = "379f8cbe4b106c65c7596fbc516e45f8cdc83e589819e90cf25d93eb8ac82655";

static krn_signer *signer(const char *key) {
  char err[128];
  return krn_signer_new("hmac-sha256", key, strlen(key), err, sizeof err);
}

static void test_sign(void) {
  krn_signer *s = signer(KEY);
  krn_buf parts[4] = {{HDR, strlen(HDR)}, B("{}"), B("{}"), B("{}")};
  char out[KRN_MAX_SIG_HEX + 1];
  int n = s ? krn_sign(s, parts, out) : -1;
  check(n == 64 && strcmp(out, WANT) == 0, "sign_known_answer", s ? out : "no signer");
  /* signing twice with the same context gives the same answer */
  n = s ? krn_sign(s, parts, out) : -1;
  check(n == 64 && strcmp(out, WANT) == 0, "sign_reuses_context", out);
  krn_signer *d = s ? krn_signer_dup(s) : NULL;
  n = d ? krn_sign(d, parts, out) : -1;
  check(n == 64 && strcmp(out, WANT) == 0, "sign_dup", out);
  krn_signer_free(d);

  check(krn_verify(s, (krn_buf){WANT, 64}, parts) == 1, "verify_good", "rejected");
  char bad[65];
  strcpy(bad, WANT);
  bad[63] = bad[63] == '5' ? '4' : '5';
  check(krn_verify(s, (krn_buf){bad, 64}, parts) == 0, "verify_one_char_off", "accepted");
  check(krn_verify(s, (krn_buf){WANT, 63}, parts) == 0, "verify_short", "accepted");
  check(krn_verify(s, (krn_buf){"", 0}, parts) == 0, "verify_missing", "accepted");
  char up[65];
  for (int i = 0; i < 64; i++) up[i] = (char)(WANT[i] >= 'a' ? WANT[i] - 32 : WANT[i]);
  check(krn_verify(s, (krn_buf){up, 64}, parts) == 0, "verify_uppercase_hex", "accepted");
  krn_buf changed[4] = {{HDR, strlen(HDR)}, B("{}"), B("{}"), B("{ }")};
  check(krn_verify(s, (krn_buf){WANT, 64}, changed) == 0, "verify_changed_content", "accepted");
  krn_signer_free(s);

  s = signer("");
  check(s && !krn_signer_enabled(s) && krn_sign(s, parts, out) == 0 && out[0] == 0 &&
            krn_verify(s, (krn_buf){"junk", 4}, parts) == 1,
        "empty_key_turns_signing_off", "signed or checked");
  krn_signer_free(s);

  char err[128];
  s = krn_signer_new("hmac-md5", "k", 1, err, sizeof err);
  check(s == NULL && strstr(err, "hmac-md5"), "refuse_unsupported_scheme", "accepted");
  krn_signer_free(s);
  s = krn_signer_new("hmac-sha512", "k", 1, err, sizeof err);
  check(s && krn_sign(s, parts, out) == 128, "sha512_scheme", "wrong length");
  krn_signer_free(s);
}

static void test_decode(void) {
  krn_signer *s = signer(KEY);
  char why[128];
  krn_msg m;
  krn_buf parts[4] = {{HDR, strlen(HDR)}, B("{}"), B("{}"), B("{}")};
  krn_buf ok[] = {B("id1"), B("id2"), B(KRN_DELIM), {WANT, 64}, parts[0], parts[1], parts[2],
                  parts[3], B("buffer")};
  int rc = krn_decode(s, ok, 9, &m, why, sizeof why);
  check(rc == 0 && m.nids == 2 && m.nbuffers == 1 && strcmp(m.msg_type, "kernel_info_request") == 0 &&
            strcmp(m.msg_id, "1") == 0 && m.raw[0].p == HDR && json_is_object(m.content),
        "decode_good", rc ? why : "fields");
  if (rc == 0) krn_msg_clear(&m);

  krn_buf nodelim[] = {B("id"), {WANT, 64}, parts[0], parts[1], parts[2], parts[3]};
  check(krn_decode(s, nodelim, 6, &m, why, sizeof why) < 0 && strstr(why, "delimiter"),
        "reject_no_delimiter", why);
  krn_buf few[] = {B(KRN_DELIM), {WANT, 64}, parts[0], parts[1], parts[2]};
  check(krn_decode(s, few, 5, &m, why, sizeof why) < 0 && strstr(why, "few"), "reject_too_few_frames", why);
  check(krn_decode(s, few, 0, &m, why, sizeof why) < 0, "reject_no_frames", why);
  char bad[65];
  strcpy(bad, WANT);
  bad[0] = bad[0] == '3' ? '4' : '3';
  krn_buf badsig[] = {B(KRN_DELIM), {bad, 64}, parts[0], parts[1], parts[2], parts[3]};
  check(krn_decode(s, badsig, 6, &m, why, sizeof why) < 0 && strstr(why, "signature"),
        "reject_bad_signature", why);
  /* the signature is checked before JSON: garbage with a wrong signature is a signature error */
  krn_buf garbage[] = {B(KRN_DELIM), {bad, 64}, B("{"), B("["), B("x"), B("\xff")};
  check(krn_decode(s, garbage, 6, &m, why, sizeof why) < 0 && strstr(why, "signature"),
        "signature_checked_before_json", why);

  /* well signed but malformed JSON parts, checked with signing off */
  krn_signer *open = signer("");
  struct { const char *name; krn_buf p[4]; const char *want; } bads[] = {
      {"reject_invalid_json", {B("{\"msg_type\":"), B("{}"), B("{}"), B("{}")}, "invalid JSON"},
      {"reject_header_not_object", {B("[]"), B("{}"), B("{}"), B("{}")}, "not a JSON object"},
      {"reject_content_not_object", {{HDR, strlen(HDR)}, B("{}"), B("{}"), B("3")}, "JSON"},
      {"reject_parent_not_object", {{HDR, strlen(HDR)}, B("null"), B("{}"), B("{}")}, "JSON"},
      {"reject_missing_msg_type", {B("{\"msg_id\":\"1\"}"), B("{}"), B("{}"), B("{}")}, "msg_type"},
      {"reject_msg_type_not_string", {B("{\"msg_type\":5}"), B("{}"), B("{}"), B("{}")}, "msg_type"},
      {"reject_msg_id_not_string", {B("{\"msg_type\":\"x\",\"msg_id\":[]}"), B("{}"), B("{}"), B("{}")}, "msg_type"},
      {"reject_invalid_utf8", {{HDR, strlen(HDR)}, B("{}"), B("{}"), B("{\"code\":\"\xc3\x28\"}")}, "invalid JSON"},
      {"reject_trailing_garbage", {{HDR, strlen(HDR)}, B("{}"), B("{}"), B("{} {}")}, "invalid JSON"},
  };
  for (size_t i = 0; i < sizeof bads / sizeof *bads; i++) {
    krn_buf f[6] = {B(KRN_DELIM), B(""), bads[i].p[0], bads[i].p[1], bads[i].p[2], bads[i].p[3]};
    int r = krn_decode(open, f, 6, &m, why, sizeof why);
    check(r < 0 && strstr(why, bads[i].want), bads[i].name, r < 0 ? why : "accepted");
    if (r == 0) krn_msg_clear(&m);
  }
  /* the first delimiter counts, even if a later frame also equals it */
  krn_buf two[] = {B(KRN_DELIM), B(""), {HDR, strlen(HDR)}, B("{}"), B("{}"), B("{}"), B(KRN_DELIM)};
  rc = krn_decode(open, two, 7, &m, why, sizeof why);
  check(rc == 0 && m.nids == 0 && m.nbuffers == 1, "first_delimiter_wins", why);
  if (rc == 0) krn_msg_clear(&m);
  krn_signer_free(open);
  krn_signer_free(s);
}

static void test_text(void) {
  size_t n;
  char *c = krn_utf8_clean("a\xff" "b", 3, &n);
  check(c && n == 5 && memcmp(c, "a\xEF\xBF\xBD" "b", 5) == 0, "utf8_stray_byte", "wrong bytes");
  free(c);
  /* a truncated 3-byte sequence followed by ASCII is one U+FFFD */
  c = krn_utf8_clean("\xE2\x82" "x", 3, &n);
  check(c && n == 4 && memcmp(c, "\xEF\xBF\xBD" "x", 4) == 0, "utf8_truncated_sequence", "wrong bytes");
  free(c);
  /* surrogates and overlongs are invalid; each bad byte becomes one U+FFFD */
  c = krn_utf8_clean("\xED\xA0\x80", 3, &n);
  check(c && n == 9, "utf8_surrogate", "wrong length");
  free(c);
  c = krn_utf8_clean("\xC0\xAF", 2, &n);
  check(c && n == 6, "utf8_overlong", "wrong length");
  free(c);
  c = krn_utf8_clean("\xE2\x82\xAC\xF0\x9F\x98\x80", 7, &n);
  check(c && n == 7 && memcmp(c, "\xE2\x82\xAC\xF0\x9F\x98\x80", 7) == 0, "utf8_valid_kept", "changed");
  free(c);
  check(krn_utf8_complete_len("ab\xE2\x82", 4) == 2, "utf8_split_3byte", "wrong length");
  check(krn_utf8_complete_len("ab\xF0", 3) == 2, "utf8_split_4byte", "wrong length");
  check(krn_utf8_complete_len("ab\xE2\x82\xAC", 5) == 5, "utf8_complete_kept", "wrong length");
  check(krn_utf8_complete_len("ab\xFF", 3) == 3, "utf8_invalid_not_held", "wrong length");
  const char *s = "a\xC3\xBC\xE4\xB8\xAD\xF0\x9F\x98\x80z";   /* a ü 中 😀 z */
  size_t sl = strlen(s);
  check(krn_utf8_cp_to_byte(s, sl, 0) == 0 && krn_utf8_cp_to_byte(s, sl, 2) == 3 &&
            krn_utf8_cp_to_byte(s, sl, 4) == 10 && krn_utf8_cp_to_byte(s, sl, 99) == sl,
        "codepoint_to_byte", "wrong offset");
  check(krn_utf8_byte_to_cp(s, sl, 10) == 4 && krn_utf8_byte_to_cp(s, sl, sl) == 5,
        "byte_to_codepoint", "wrong offset");

  const char *vec[][2] = {{"", ""}, {"f", "Zg=="}, {"fo", "Zm8="}, {"foo", "Zm9v"},
                          {"foob", "Zm9vYg=="}, {"fooba", "Zm9vYmE="}, {"foobar", "Zm9vYmFy"}};
  int ok = 1;
  for (int i = 0; i < 7; i++) {
    char *b = krn_base64((const unsigned char *)vec[i][0], strlen(vec[i][0]), &n);
    ok &= b && strcmp(b, vec[i][1]) == 0 && n == strlen(vec[i][1]);
    free(b);
  }
  check(ok, "base64_rfc4648", "mismatch");
}

static void test_conn(void) {
  krn_conn c;
  char err[128], ep[300];
  const char *j = "{\"shell_port\":5001,\"iopub_port\":5002,\"stdin_port\":5003,\"control_port\":5004,"
                  "\"hb_port\":5005,\"ip\":\"127.0.0.1\",\"key\":\"abc\",\"transport\":\"tcp\","
                  "\"signature_scheme\":\"hmac-sha256\",\"kernel_name\":\"x\",\"extra\":[1]}";
  int rc = krn_conn_parse(j, strlen(j), &c, err, sizeof err);
  check(rc == 0 && c.port[KRN_SHELL] == 5001 && c.port[KRN_HB] == 5005 && c.keylen == 3 &&
            krn_conn_endpoint(&c, KRN_CONTROL, ep, sizeof ep) == 0 && strcmp(ep, "tcp://127.0.0.1:5004") == 0,
        "conn_tcp", rc ? err : ep);
  if (rc == 0) krn_conn_free(&c);
  j = "{\"transport\":\"ipc\",\"ip\":\"/tmp/k\",\"shell_port\":1,\"hb_port\":5}";
  rc = krn_conn_parse(j, strlen(j), &c, err, sizeof err);
  check(rc == 0 && krn_conn_endpoint(&c, KRN_HB, ep, sizeof ep) == 0 && strcmp(ep, "ipc:///tmp/k-5") == 0 &&
            c.keylen == 0 && strcmp(c.scheme, "hmac-sha256") == 0,
        "conn_ipc_and_defaults", rc ? err : ep);
  if (rc == 0) krn_conn_free(&c);
  const char *bad[] = {"[]", "{\"shell_port\":\"1\"}", "{\"shell_port\":70000}", "{\"key\":5}",
                       "{\"transport\":\"udp\"}", "{", ""};
  int all = 1;
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    if (krn_conn_parse(bad[i], strlen(bad[i]), &c, err, sizeof err) == 0) {
      all = 0;
      krn_conn_free(&c);
    }
  }
  check(all, "conn_rejects_bad_files", "accepted one");
}

static json_t *query(krn_hist *h, const char *req) {
  json_t *r = json_loads(req, 0, NULL);
  json_t *out = krn_hist_query(h, r);
  json_decref(r);
  return out;
}

static void test_history(void) {
  krn_hist h = {0};
  const char *in[] = {"1+2", "x = 5", "1+2", "print(x)", "12*2"};
  for (int i = 0; i < 5; i++) krn_hist_add(&h, i + 1, in[i], strlen(in[i]));
  krn_hist_set_output(&h, 5, "24", 2);
  json_t *r = query(&h, "{\"hist_access_type\":\"tail\",\"n\":2,\"output\":false}");
  check(json_array_size(r) == 2 && json_integer_value(json_array_get(json_array_get(r, 0), 1)) == 4,
        "history_tail", "wrong entries");
  json_decref(r);
  r = query(&h, "{\"hist_access_type\":\"tail\",\"n\":1,\"output\":true}");
  json_t *pair = json_array_get(json_array_get(r, 0), 2);
  check(json_array_size(pair) == 2 && strcmp(json_string_value(json_array_get(pair, 1)), "24") == 0,
        "history_output", "no output pair");
  json_decref(r);
  r = query(&h, "{\"hist_access_type\":\"range\",\"session\":1,\"start\":2,\"stop\":4}");
  check(json_array_size(r) == 2 && json_integer_value(json_array_get(json_array_get(r, 0), 1)) == 2,
        "history_range", "wrong entries");
  json_decref(r);
  r = query(&h, "{\"hist_access_type\":\"search\",\"pattern\":\"1?2*\"}");
  check(json_array_size(r) == 2, "history_search_glob", "wrong count");   /* 1+2 twice, not 12*2 */
  json_decref(r);
  r = query(&h, "{\"hist_access_type\":\"search\",\"pattern\":\"1+2\",\"unique\":true}");
  check(json_array_size(r) == 1 && json_integer_value(json_array_get(json_array_get(r, 0), 1)) == 3,
        "history_search_unique_latest", "wrong entries");
  json_decref(r);
  r = query(&h, "{\"hist_access_type\":\"search\",\"pattern\":\"*\",\"n\":2}");
  check(json_array_size(r) == 2 && json_integer_value(json_array_get(json_array_get(r, 1), 1)) == 5,
        "history_search_n_latest", "wrong entries");
  json_decref(r);
  r = query(&h, "{\"hist_access_type\":\"range\",\"session\":7}");
  check(json_array_size(r) == 0, "history_other_session_empty", "entries");
  json_decref(r);
  krn_hist_free(&h);
}

/* What the batcher emitted: messages as "<stream>:<parent>:<text>|" */
static char emitted[1 << 18];
static size_t nemitted;
static int nmsgs;

static void capture(void *ud, int stream, const char *parent, size_t pn, const char *text, size_t n) {
  (void)ud;
  if (!krn_utf8_valid(text, n)) { strcpy(emitted, "INVALID"); return; }
  nemitted += (size_t)snprintf(emitted + nemitted, sizeof emitted - nemitted, "%d:%.*s:%.*s|", stream,
                               (int)pn, parent, (int)n, text);
  nmsgs++;
}

static void reset(krn_batch *b) {
  krn_batch_free(b);
  b->emit = capture;
  nemitted = 0;
  nmsgs = 0;
  emitted[0] = 0;
}

static void test_batch(void) {
  krn_batch b = {0};
  reset(&b);
  /* writes within the time window become one message */
  krn_batch_add(&b, 1, "P", 1, "hel", 3, 1000);
  krn_batch_add(&b, 1, "P", 1, "lo\n", 3, 1010);
  check(nmsgs == 0, "batch_holds_small_writes", emitted);
  krn_batch_flush(&b, 1);
  check(strcmp(emitted, "1:P:hello\n|") == 0, "batch_joins_writes", emitted);

  /* stdout/stderr keep their order */
  reset(&b);
  krn_batch_add(&b, 1, "P", 1, "a", 1, 0);
  krn_batch_add(&b, 2, "P", 1, "b", 1, 0);
  krn_batch_add(&b, 1, "P", 1, "c", 1, 0);
  krn_batch_flush(&b, 1);
  check(strcmp(emitted, "1:P:a|2:P:b|1:P:c|") == 0, "batch_keeps_stream_order", emitted);

  /* a euro sign cut between two writes, with a deadline flush between them */
  reset(&b);
  krn_batch_add(&b, 1, "P", 1, "x\xE2\x82", 3, 0);
  check(krn_batch_tick(&b, 49) == 1, "batch_deadline", "wrong wait");
  krn_batch_tick(&b, 60);
  krn_batch_add(&b, 1, "P", 1, "\xAC!", 2, 70);
  krn_batch_flush(&b, 1);
  check(strcmp(emitted, "1:P:x|1:P:\xE2\x82\xAC!|") == 0, "batch_split_character_carried", emitted);

  /* the same across the size limit */
  reset(&b);
  static char big[KRN_BATCH_BYTES + 2];
  memset(big, 'a', sizeof big);
  big[KRN_BATCH_BYTES - 1] = '\xE2';
  big[KRN_BATCH_BYTES] = '\x82';
  big[KRN_BATCH_BYTES + 1] = '\xAC';
  krn_batch_add(&b, 1, "P", 1, big, KRN_BATCH_BYTES, 0);
  krn_batch_add(&b, 1, "P", 1, big + KRN_BATCH_BYTES, 2, 1);
  krn_batch_flush(&b, 1);
  check(nmsgs == 2 && strstr(emitted, "\xE2\x82\xAC") && !strstr(emitted, "\xEF\xBF\xBD"),
        "batch_split_at_size_limit", "character damaged");

  /* an unfinished character at the end of a request becomes U+FFFD; a new parent flushes */
  reset(&b);
  krn_batch_add(&b, 1, "P", 1, "y\xE2", 2, 0);
  krn_batch_add(&b, 1, "Q", 1, "z", 1, 0);
  krn_batch_flush(&b, 1);
  check(strcmp(emitted, "1:P:y\xEF\xBF\xBD|1:Q:z|") == 0, "batch_new_parent_finishes_old", emitted);

  /* invalid bytes are replaced */
  reset(&b);
  krn_batch_add(&b, 2, "P", 1, "\xFFok", 3, 0);
  krn_batch_flush(&b, 0);
  check(strcmp(emitted, "2:P:\xEF\xBF\xBDok|") == 0, "batch_invalid_replaced", emitted);
  krn_batch_free(&b);
}

/* the table of open comms behind comm_info_reply (ipykernel: {id: {target_name}}, filtered by
 * target_name when one is given) */
static void test_comm_table(void) {
  krn_comm_opened("a", "jupyter.widget");
  krn_comm_opened("b", "jupyter.widget");
  krn_comm_opened("c", "other");
  krn_comm_closed("b");
  krn_comm_closed("never-opened");
  json_t *all = krn_comm_info(NULL), *w = krn_comm_info("jupyter.widget"), *none = krn_comm_info("x");
  json_t *want_all = json_loads("{\"a\":{\"target_name\":\"jupyter.widget\"},\"c\":{\"target_name\":\"other\"}}", 0, NULL);
  json_t *want_w = json_loads("{\"a\":{\"target_name\":\"jupyter.widget\"}}", 0, NULL);
  check(json_equal(all, want_all), "comm_info_all", "wrong table");
  check(json_equal(w, want_w), "comm_info_target", "wrong filter");
  check(json_is_object(none) && json_object_size(none) == 0, "comm_info_none", "not empty");
  json_decref(all);
  json_decref(w);
  json_decref(none);
  json_decref(want_all);
  json_decref(want_w);
  krn_comm_closed("a");
  krn_comm_closed("c");
}

int main(void) {
  test_comm_table();
  test_batch();
  test_sign();
  test_decode();
  test_text();
  test_conn();
  test_history();
  return failures ? 1 : 0;
}
