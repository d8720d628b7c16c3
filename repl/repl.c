/* repl.c - the interactive terminal: libedit line editing and history, `...` continuation,
 * tab completion through sb_complete, Ctrl-C that interrupts without ending the session. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <unistd.h>

#include <editline/readline.h>

#include "repl.h"
#include "core/sb.h"
#include "front/ipy.h"

#define HISTORY_MAX 10000

static sb_session *sess;
static volatile sig_atomic_t got_sigint;

/* The handler only sets flags: sb_interrupt is async-signal-safe. */
static void on_sigint(int sig) {
  (void)sig;
  got_sigint = 1;
  sb_interrupt();
}

/* ---- output ---- */

static void out_write(void *ud, int stream, const char *s, size_t n) {
  (void)ud;
  FILE *f = stream == 2 ? stderr : stdout;
  if (stream == 2) fflush(stdout);
  fwrite(s, 1, n, f);
  fflush(f);
}

/* Rich output in a terminal: the text/plain part of the bundle. */
static void out_bundle(void *ud, const sb_bundle *b) {
  (void)ud;
  for (int i = 0; i < b->n; i++) {
    if (strcmp(b->mime[i], "text/plain") == 0) {
      fwrite(b->data[i], 1, b->len[i], stdout);
      if (b->len[i] == 0 || b->data[i][b->len[i] - 1] != '\n') fputc('\n', stdout);
      fflush(stdout);
      return;
    }
  }
}

/* An uncaught exception: its traceback on stderr; IPython's UsageError (an unknown magic, a
 * wrong option) as its one line, as IPython shows it. */
static void out_error(void *ud, const char *ename, const char *evalue, const char *const *tb,
                      int ntb) {
  (void)ud;
  const char *dot = ename ? strrchr(ename, '.') : NULL;
  fflush(stdout);
  if (ename && strcmp(dot ? dot + 1 : ename, "UsageError") == 0) {
    fprintf(stderr, "UsageError: %s\n", evalue ? evalue : "");
  } else {
    for (int i = 0; tb && i < ntb; i++)
      if (tb[i]) fprintf(stderr, "%s\n", tb[i]);
  }
  fflush(stderr);
}

/* ---- line input with the callback interface, so that Ctrl-C at the prompt is clean ---- */

static char *line_result;
static int line_done;

static void on_line(char *line) {
  line_result = line;
  line_done = 1;
  rl_callback_handler_remove();
}

/* Returns a malloc'd line, or NULL for EOF; *interrupted is set on Ctrl-C. */
static char *read_line(const char *prompt, int *interrupted) {
  *interrupted = 0;
  line_done = 0;
  line_result = NULL;
  got_sigint = 0;
  rl_callback_handler_install(prompt, on_line);
  while (!line_done) {
    fd_set fds;
    FD_ZERO(&fds);
    FD_SET(STDIN_FILENO, &fds);
    int r = select(STDIN_FILENO + 1, &fds, NULL, NULL, NULL);
    if (r < 0) {
      if (errno == EINTR && got_sigint) {
        rl_replace_line("", 0);
        rl_callback_handler_remove();
        *interrupted = 1;
        return NULL;
      }
      if (errno == EINTR) continue;
      rl_callback_handler_remove();
      return NULL;
    }
    rl_callback_read_char();
  }
  return line_result;
}

/* ---- completion ---- */

static char **cand;
static int ncand, cand_next;

static char *gen_candidate(const char *text, int state) {
  (void)text;
  if (state == 0) cand_next = 0;
  return cand_next < ncand ? strdup(cand[cand_next++]) : NULL;
}

static char **complete(const char *text, int start, int end) {
  (void)end;
  rl_attempted_completion_over = 1;
  char **m = NULL;
  size_t ms = 0, me = 0;
  int n = sb_complete(sess, rl_line_buffer, (size_t)rl_point, &m, &ms, &me);
  if (n <= 0) return NULL;
  /* libedit replaces the word [start, rl_point); sb_complete's range may start later (after a
   * dot), so each match gets the part of the word before that range as a prefix. */
  size_t pre = ms > (size_t)start ? ms - (size_t)start : 0;
  cand = calloc((size_t)n, sizeof *cand);
  ncand = 0;
  for (int i = 0; cand && i < n; i++) {
    size_t ml = strlen(m[i]);
    char *c = malloc(pre + ml + 1);
    if (!c) break;
    memcpy(c, rl_line_buffer + start, pre);
    memcpy(c + pre, m[i], ml + 1);
    cand[ncand++] = c;
  }
  sb_free_strings(m, n);
  rl_completion_append_character = '\0';
  char **res = rl_completion_matches(text, gen_candidate);
  for (int i = 0; i < ncand; i++) free(cand[i]);
  free(cand);
  cand = NULL;
  ncand = 0;
  return res;
}

/* ---- the loop ---- */

static char *history_path(void) {
  const char *home = getenv("HOME");
  if (!home || !*home) return NULL;
  size_t n = strlen(home) + sizeof "/.sable_history";
  char *p = malloc(n);
  if (p) snprintf(p, n, "%s/.sable_history", home);
  return p;
}

/* Append line to the pending source; returns 0 on allocation failure. */
static int append(char **buf, size_t *len, const char *line) {
  size_t l = strlen(line);
  char *nb = realloc(*buf, *len + l + 2);
  if (!nb) return 0;
  memcpy(nb + *len, line, l);
  nb[*len + l] = '\n';
  nb[*len + l + 1] = '\0';
  *buf = nb;
  *len += l + 1;
  return 1;
}

int repl_main(int argc, char **argv) {
  sess = sb_new(argc, argv);
  if (!sess) { fputs("sable: out of memory\n", stderr); return 1; }

  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);   /* no SA_RESTART: select() must wake up */

  rl_catch_signals = 0;
  rl_readline_name = "sable";
  rl_basic_word_break_characters = " \t\n\"\\'`@$><=;|&{([,+-*/%~^!";
  rl_attempted_completion_function = complete;
  using_history();
  stifle_history(HISTORY_MAX);
  char *hist = history_path();
  if (hist && read_history(hist) != 0) write_history(hist);   /* create it on first use */

  printf("Sable %s -- Python-syntax arrays with jit, grad and vmap.\n"
         "Type help() for help; Ctrl-D exits.\n", SB_VERSION);
  fflush(stdout);

  sb_sink sink = { .write = out_write, .display = out_bundle, .result = out_bundle,
                   .error = out_error };
  char *buf = NULL;
  size_t len = 0;
  int code = 0;
  for (;;) {
    int interrupted;
    char *line = read_line(len ? "... " : ">>> ", &interrupted);
    if (interrupted) {
      fputs("\nKeyboardInterrupt\n", stdout);
      fflush(stdout);
      free(buf); buf = NULL; len = 0;
      continue;
    }
    if (!line) { fputc('\n', stdout); break; }   /* Ctrl-D */
    if (line[strspn(line, " \t")] != '\0') {
      add_history(line);
      /* The whole file each time: libedit's append_history mangles its own format, and a
       * session that is killed keeps what it typed. */
      if (hist) write_history(hist);
    }
    int ok = append(&buf, &len, line);
    free(line);
    if (!ok) { fputs("MemoryError\n", stderr); free(buf); buf = NULL; len = 0; continue; }
    char *indent = NULL;
    sb_completeness c = ipy_is_complete(buf, len, &indent);
    free(indent);
    if (c == SB_INCOMPLETE) continue;
    if (buf[strspn(buf, " \t\n")] == '\0') { free(buf); buf = NULL; len = 0; continue; }
    sb_clear_interrupt();
    size_t tn = 0;
    char *tc = ipy_transform(buf, len, &tn);   /* IPython syntax: magics, !cmd, obj? */
    sb_status st = tc ? sb_exec(sess, tc, tn, "<stdin>", SB_INTERACTIVE, &sink)
                      : sb_exec(sess, buf, len, "<stdin>", SB_INTERACTIVE, &sink);
    free(tc);
    free(buf); buf = NULL; len = 0;
    fflush(stdout);
    if (st == SB_EXIT) { code = sb_exit_code(sess); break; }
  }
  free(buf);
  if (hist) { history_truncate_file(hist, HISTORY_MAX); free(hist); }
  clear_history();
  sb_free(sess);
  return code;
}
