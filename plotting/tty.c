/* tty.c - what the user's terminal can show: its size in characters and pixels, and whether
 * it draws sixel graphics (asked with the DA1 query, as libsixel-aware programs do). */
#include "plot_int.h"
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

int plot__tty_size(int fd, int *cols, int *rows, int *xpx, int *ypx) {
  struct winsize ws;
  if (ioctl(fd, TIOCGWINSZ, &ws) < 0 || ws.ws_col == 0 || ws.ws_row == 0) {
    const char *c = getenv("COLUMNS"), *l = getenv("LINES");
    if (c && atoi(c) > 0) *cols = atoi(c);
    if (l && atoi(l) > 0) *rows = atoi(l);
    return -1;
  }
  *cols = ws.ws_col;
  *rows = ws.ws_row;
  *xpx = ws.ws_xpixel;
  *ypx = ws.ws_ypixel;
  return 0;
}

/* Send "ESC [ c" (primary device attributes); a terminal with sixel graphics lists 4 among
 * the attributes of its answer "ESC [ ? 6x ; ... ; 4 ; ... c". Waits at most 300 ms. */
plot_tty_kind plot__tty_query(int fd) {
  if (!isatty(fd)) return PLOT_TTY_TEXT;
  const char *term = getenv("TERM");
  if (!term || strcmp(term, "dumb") == 0) return PLOT_TTY_TEXT;
  struct termios old, raw;
  if (tcgetattr(fd, &old) < 0) return PLOT_TTY_TEXT;
  raw = old;
  raw.c_lflag &= (tcflag_t) ~(ICANON | ECHO);
  raw.c_cc[VMIN] = 0;
  raw.c_cc[VTIME] = 0;
  if (tcsetattr(fd, TCSANOW, &raw) < 0) return PLOT_TTY_TEXT;
  plot_tty_kind k = PLOT_TTY_TEXT;
  if (write(fd, "\033[c", 3) == 3) {
    char buf[128];
    size_t n = 0;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
      struct pollfd pf = {fd, POLLIN, 0};
      struct timespec t1;
      clock_gettime(CLOCK_MONOTONIC, &t1);
      long left = 300 - ((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000);
      if (left <= 0 || poll(&pf, 1, (int)left) <= 0) break;
      ssize_t r = read(fd, buf + n, sizeof buf - 1 - n);
      if (r <= 0) break;
      n += (size_t)r;
      buf[n] = 0;
      if (strchr(buf, 'c') || n >= sizeof buf - 1) break;
    }
    buf[n] = 0;
    char *q = strstr(buf, "\033[?");
    if (q) {
      /* attributes separated by ';' */
      for (char *p = q + 3; *p && *p != 'c';) {
        long v = strtol(p, &p, 10);
        if (v == 4) k = PLOT_TTY_SIXEL;
        if (*p == ';') p++;
        else if (*p != 'c') break;
      }
    }
  }
  tcsetattr(fd, TCSANOW, &old);
  return k;
}
