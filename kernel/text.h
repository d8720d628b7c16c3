/* text.h - byte-level helpers of the kernel that touch no socket: UTF-8 cleaning (jansson
 * rejects invalid UTF-8), code-point <-> byte offsets, base64 for image/png. */
#ifndef SABLE_KRN_TEXT_H
#define SABLE_KRN_TEXT_H

#include <stddef.h>

/* Length of the longest prefix of s[0..n) that does not end inside a UTF-8 sequence that
 * could still be completed by more bytes. What follows it (at most 3 bytes) is a partial
 * character that the caller may carry over to the next write. */
size_t krn_utf8_complete_len(const char *s, size_t n);

/* Copy s[0..n) replacing every maximal invalid subsequence with U+FFFD. Returns a malloc'd
 * NUL-terminated string (it may contain NUL bytes; its length is *outn), or NULL on OOM. */
char *krn_utf8_clean(const char *s, size_t n, size_t *outn);

/* 1 if s[0..n) is valid UTF-8 (as jansson understands it). */
int krn_utf8_valid(const char *s, size_t n);

/* Byte offset of code point index cp in valid UTF-8 text (clamped to n). */
size_t krn_utf8_cp_to_byte(const char *s, size_t n, size_t cp);
/* Number of code points in s[0..byte) (byte clamped to n). */
size_t krn_utf8_byte_to_cp(const char *s, size_t n, size_t byte);

/* Standard base64 without line breaks. Returns malloc'd NUL-terminated text or NULL. */
char *krn_base64(const unsigned char *p, size_t n, size_t *outn);

#endif
