/* cell.h - the sink that connects one running cell to the wire (used by shell.c). */
#ifndef SABLE_KRN_CELL_H
#define SABLE_KRN_CELL_H

#include "krn.h"

typedef struct krn_exec {
  krn_thr *t;
  const krn_msg *req;   /* the execute_request: parent and routing of everything sent */
  int silent, allow_stdin, count;
  json_t *error;        /* {ename, evalue, traceback} once the cell raised */
  char *result_text;    /* text/plain of the echoed value, for history with output */
} krn_exec;

void krn_exec_sink(krn_exec *x, sb_sink *s);
void krn_exec_clear(krn_exec *x);
/* data and metadata of a display/execute_result message from a bundle. */
int krn_bundle_json(const sb_bundle *b, json_t **data, json_t **meta);
json_t *krn_jtext(const char *s, size_t n);

#endif
