/* history.c - the inputs (and text outputs) of this kernel process, kept in memory, and the
 * tail / range / search queries of history_request, with IPython's semantics. */
#include "krn.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

/* Entries belong to session 1; IPython also treats 0 and negative numbers as relative to the
 * current session, where 0 is this one. */
#define SESSION 1

int krn_hist_add(krn_hist *h, int line, const char *input, size_t len) {
  if (h->n == h->cap) {
    size_t cap = h->cap ? h->cap * 2 : 64;
    krn_hist_entry *nv = realloc(h->v, cap * sizeof *nv);
    if (!nv) return -1;
    h->v = nv;
    h->cap = cap;
  }
  char *s = malloc(len + 1);
  if (!s) return -1;
  memcpy(s, input, len);
  s[len] = 0;
  h->v[h->n++] = (krn_hist_entry){line, s, NULL};
  return 0;
}

void krn_hist_set_output(krn_hist *h, int line, const char *out, size_t len) {
  for (size_t i = h->n; i-- > 0;)
    if (h->v[i].line == line) {
      char *s = malloc(len + 1);
      if (!s) return;
      memcpy(s, out, len);
      s[len] = 0;
      free(h->v[i].output);
      h->v[i].output = s;
      return;
    }
}

void krn_hist_free(krn_hist *h) {
  for (size_t i = 0; i < h->n; i++) {
    free(h->v[i].input);
    free(h->v[i].output);
  }
  free(h->v);
  memset(h, 0, sizeof *h);
}

static json_t *entry(const krn_hist_entry *e, int output) {
  json_t *in = json_string(e->input);
  if (!in) in = json_string("");   /* cannot happen: inputs came from JSON strings */
  if (output)
    in = json_pack("[o o]", in, e->output ? json_string(e->output) : json_null());
  return json_pack("[i i o]", SESSION, e->line, in);
}

static long get_int(json_t *req, const char *name, long dflt) {
  json_t *v = json_object_get(req, name);
  return json_is_integer(v) ? (long)json_integer_value(v) : dflt;
}

json_t *krn_hist_query(const krn_hist *h, json_t *req) {
  json_t *out = json_array();
  if (!out) return NULL;
  const char *type = json_string_value(json_object_get(req, "hist_access_type"));
  int output = json_is_true(json_object_get(req, "output"));
  size_t lo = 0, hi = h->n;   /* the entries to report: [lo, hi) */
  if (!type) type = "tail";
  if (strcmp(type, "tail") == 0) {
    long n = get_int(req, "n", 10);
    if (n < 0) n = 0;
    lo = (size_t)n < h->n ? h->n - (size_t)n : 0;
  } else if (strcmp(type, "range") == 0) {
    long session = get_int(req, "session", 0);
    if (session != 0 && session != SESSION) return out;   /* other sessions: not kept */
    long start = get_int(req, "start", 0), stop = get_int(req, "stop", -1);
    json_t *sv = json_object_get(req, "stop");
    int open_end = !json_is_integer(sv);
    lo = h->n;
    hi = 0;
    for (size_t i = 0; i < h->n; i++) {
      int in = h->v[i].line >= start && (open_end || h->v[i].line < stop);
      if (in && i < lo) lo = i;
      if (in) hi = i + 1;
    }
    if (lo >= hi) return out;
  } else if (strcmp(type, "search") == 0) {
    json_t *pv = json_object_get(req, "pattern");
    const char *pat = json_is_string(pv) ? json_string_value(pv) : "*";
    int unique = json_is_true(json_object_get(req, "unique"));
    long n = get_int(req, "n", 0);   /* 0 or absent: every match */
    /* walk backwards so that n keeps the latest matches and unique keeps the latest copy */
    size_t *pick = malloc((h->n ? h->n : 1) * sizeof *pick), np = 0;
    if (!pick) { json_decref(out); return NULL; }
    for (size_t i = h->n; i-- > 0;) {
      if (n > 0 && np >= (size_t)n) break;
      if (fnmatch(pat, h->v[i].input, 0) != 0) continue;
      int dup = 0;
      for (size_t j = 0; unique && j < np && !dup; j++)
        dup = strcmp(h->v[pick[j]].input, h->v[i].input) == 0;
      if (!dup) pick[np++] = i;
    }
    while (np-- > 0) json_array_append_new(out, entry(&h->v[pick[np]], output));
    free(pick);
    return out;
  } else {
    return out;
  }
  for (size_t i = lo; i < hi; i++) json_array_append_new(out, entry(&h->v[i], output));
  return out;
}
