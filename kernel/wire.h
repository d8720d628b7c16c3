/* wire.h - the Jupyter wire format without sockets: HMAC signing and verification, splitting
 * a multipart message at <IDS|MSG>, decoding its JSON parts. Used by the kernel, the unit
 * test and the fuzzer. */
#ifndef SABLE_KRN_WIRE_H
#define SABLE_KRN_WIRE_H

#include <stddef.h>
#include <jansson.h>

#define KRN_DELIM "<IDS|MSG>"
#define KRN_PROTOCOL_VERSION "5.3"
#define KRN_MAX_FRAMES 1024
#define KRN_MAX_SIG_HEX 128   /* hex of SHA-512 */

typedef struct krn_buf { const char *p; size_t n; } krn_buf;

/* One signer per thread: it holds an OpenSSL MAC context that is reused for each message. */
typedef struct krn_signer krn_signer;

/* scheme is "hmac-sha256" (also sha1/sha224/sha384/sha512). An empty key turns signing off.
 * Returns NULL and a reason in err for an unsupported scheme or OOM. */
krn_signer *krn_signer_new(const char *scheme, const char *key, size_t keylen, char *err,
                           size_t errlen);
krn_signer *krn_signer_dup(const krn_signer *s);
void krn_signer_free(krn_signer *s);
int krn_signer_enabled(const krn_signer *s);

/* Write the lowercase hex signature of the four parts to out (>= KRN_MAX_SIG_HEX + 1 bytes).
 * Returns its length (0 when signing is off), or -1 on an OpenSSL failure. */
int krn_sign(krn_signer *s, const krn_buf parts[4], char *out);
/* 1 if sig is the signature of parts (always 1 when signing is off). Constant time in the
 * content of sig once its length is right. */
int krn_verify(krn_signer *s, krn_buf sig, const krn_buf parts[4]);

/* A decoded request. The krn_buf fields point into the caller's frames. */
typedef struct krn_msg {
  const krn_buf *ids;       /* routing identities before <IDS|MSG> */
  int nids;
  krn_buf raw[4];           /* header, parent_header, metadata, content as received */
  krn_buf sig;              /* the signature frame as received */
  const krn_buf *buffers;   /* extra frames (not signed) */
  int nbuffers;
  json_t *header, *parent, *metadata, *content;
  const char *msg_type;     /* borrowed from header */
  const char *msg_id;       /* borrowed from header ("" if absent) */
} krn_msg;

/* Split, verify and parse frames. Returns 0 on success; otherwise -1 with a short reason in
 * why (no key material) and nothing allocated. On success free with krn_msg_clear. */
int krn_decode(krn_signer *s, const krn_buf *frames, int n, krn_msg *out, char *why,
               size_t whylen);
void krn_msg_clear(krn_msg *m);

#endif
