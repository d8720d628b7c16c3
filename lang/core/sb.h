/* sb.h - the embedding interface: the one door through which the REPL and the Jupyter kernel
 * use the language (create a session, execute, complete, inspect, is-complete, interrupt). */
#ifndef SABLE_SB_H
#define SABLE_SB_H

#include <stddef.h>

#define SB_VERSION "0.1.0"

typedef struct sb_session sb_session;

/* A MIME bundle: parallel arrays of (mime type, data). Data is UTF-8 text, except image/png
 * which is raw bytes (the kernel base64-encodes it). Always contains "text/plain". */
typedef struct sb_bundle {
  int n;
  const char **mime;
  const char **data;
  const size_t *len;
  const char *display_id;   /* NULL unless display(..., display_id=...) was used */
  int update;               /* 1 for update_display_data */
  const char *metadata;     /* NULL, or a JSON object's text: the message's metadata (per MIME
                               type, as IPython's {"image/png": {"width": 100}}) */
} sb_bundle;

/* Where a running program's output goes. Any callback may be NULL (output is dropped). */
typedef struct sb_sink {
  void *ud;
  /* stream 1 = stdout, 2 = stderr */
  void (*write)(void *ud, int stream, const char *s, size_t n);
  /* rich output produced during execution (plots, display()) */
  void (*display)(void *ud, const sb_bundle *b);
  /* the value of the final expression statement in SB_INTERACTIVE mode (not None, not
   * suppressed by a trailing `;`) */
  void (*result)(void *ud, const sb_bundle *b);
  void (*clear_output)(void *ud, int wait);
  /* input(): return a malloc'd line without the newline, or NULL for EOF (raises EOFError).
   * If NULL the session reads from the process's stdin. */
  char *(*input)(void *ud, const char *prompt, int password);
  /* an uncaught exception: name ("ValueError"), value (str of the exception) and the
   * traceback as lines (the last one is "ValueError: ..."). Called before sb_exec returns.
   * tb NULL (ntb 0): a handler the program registered (IPython's set_custom_exc) has shown the
   * exception already; the request still fails, nothing more is shown. */
  void (*error)(void *ud, const char *ename, const char *evalue, const char *const *tb, int ntb);
  /* Jupyter comms (the `comm` module, ipywidgets): publish a comm_open / comm_msg / comm_close
   * whose content is the JSON object text json (n bytes) and metadata the JSON object text meta
   * (mn bytes). 0 on success, -1 if not sent. */
  int (*comm)(void *ud, const char *msg_type, const char *json, size_t n, const char *meta,
              size_t mn);
  /* the header (JSON text) of the request being answered, or NULL: ipywidgets' Output widget
   * routes output by its msg_id */
  const char *(*parent)(void *ud);
  /* as comm, with nbuf binary buffers (the wire's frames after the content); NULL if the
   * front end takes none */
  int (*comm_bufs)(void *ud, const char *msg_type, const char *json, size_t n, const char *meta,
                   size_t mn, int nbuf, const char *const *buf, const size_t *blen);
  /* an exception caught and shown by the program (IPython's showtraceback in a widget
   * callback): an error message that does not fail the request; NULL: printed to stderr */
  void (*show_error)(void *ud, const char *ename, const char *evalue, const char *const *tb,
                     int ntb);
  /* the i-th binary buffer of the request being answered (a comm message's frames after the
   * content): 0 with *p and *n set, -1 past the last; NULL: requests carry none */
  int (*request_buffer)(void *ud, int i, const char **p, size_t *n);
  /* sys.stdout.flush() / sys.stderr.flush(): send the text written so far now; NULL: writes
   * are not held */
  void (*flush)(void *ud);
} sb_sink;

typedef enum sb_mode {
  SB_FILE,         /* run a script: no echo */
  SB_INTERACTIVE   /* a REPL entry or notebook cell: the final expression's value is echoed */
} sb_mode;

typedef enum sb_status {
  SB_OK = 0,
  SB_ERROR = 1,    /* an uncaught exception (reported through sink->error, or printed to
                      stderr as a traceback when sink->error is NULL) */
  SB_EXIT = 2      /* SystemExit / exit(): the front end should end; see sb_exit_code */
} sb_status;

sb_session *sb_new(int argc, char **argv);   /* argv becomes sys.argv */
void sb_free(sb_session *s);

/* Execute source text. filename names it in tracebacks ("<stdin>", "<cell 3>", a path).
 * Variables persist across calls. */
sb_status sb_exec(sb_session *s, const char *src, size_t len, const char *filename,
                  sb_mode mode, const sb_sink *sink);
int sb_exit_code(sb_session *s);

/* Completion at a cursor (a byte offset into code). Fills *matches with a malloc'd array of
 * malloc'd strings (free with sb_free_strings) and the replaced range [start, end) in bytes.
 * Completes names (locals, globals, builtins, keywords) and `expr.attr` after a dot. */
int sb_complete(sb_session *s, const char *code, size_t cursor, char ***matches,
                size_t *start, size_t *end);
void sb_free_strings(char **v, int n);

/* Help text for the name or dotted expression under/before the cursor: signature and
 * docstring. Returns malloc'd text, or NULL when nothing is found. */
char *sb_inspect(sb_session *s, const char *code, size_t cursor, int detail);

typedef enum sb_completeness { SB_COMPLETE, SB_INCOMPLETE, SB_INVALID } sb_completeness;
/* Would this input run as it is, or does it need more lines (REPL continuation, Jupyter
 * is_complete)? For SB_INCOMPLETE, *indent receives the suggested indentation (malloc'd). */
sb_completeness sb_is_complete(const char *code, size_t len, char **indent);

/* Ask the running computation to stop with KeyboardInterrupt. Async-signal-safe and
 * thread-safe: it only sets a flag that the evaluator polls at loop back-edges and calls. */
void sb_interrupt(void);
/* Clear a pending interrupt (e.g. one that arrived while idle). */
void sb_clear_interrupt(void);

#endif
