/* cell.h - the sink that connects one running cell to the wire (used by shell.c). */
#ifndef SABLE_KRN_CELL_H
#define SABLE_KRN_CELL_H

#include "krn.h"

typedef struct krn_exec {
  krn_thr *t;
  const krn_msg *req;   /* the execute_request: parent and routing of everything sent */
  int silent, allow_stdin, count;
  int log_errors;       /* exceptions go to the log, not to iopub (comm handlers) */
  json_t *error;        /* {ename, evalue, traceback} once the cell raised */
  char *parent_text;    /* the request's header as a C string, made on demand */
  char *result_text;    /* text/plain of the echoed value, for history with output */
  const krn_buf *bufs;  /* binary buffers of the comm message being sent (on_comm_bufs) */
  int nbufs;
} krn_exec;

void krn_exec_sink(krn_exec *x, sb_sink *s);
void krn_exec_clear(krn_exec *x);
/* data and metadata of a display/execute_result message from a bundle. */
int krn_bundle_json(const sb_bundle *b, json_t **data, json_t **meta);
json_t *krn_jtext(const char *s, size_t n);

/* comm.c: the table of open comms, and comm_open/comm_msg/comm_close from the front end
 * handed to the language's `comm` module (sb may be NULL: an opened comm is closed again) */
void krn_comm_opened(const char *id, const char *target);
void krn_comm_closed(const char *id);
json_t *krn_comm_info(const char *target);   /* {comm_id: {target_name}} */
void krn_comm_request(krn_thr *t, const krn_msg *m, sb_session *sb);

#endif
