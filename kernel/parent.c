/* parent.c - the kernel ends when the process that started it is gone, as ipykernel's parent
 * poller does (JPY_PARENT_PID when the launcher sets it, else a change of getppid()). */
#include "krn.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

static pid_t watched, first_ppid;

static int parent_gone(void) {
  if (watched > 1) return kill(watched, 0) < 0 && errno == ESRCH;
  return getppid() != first_ppid;
}

static void *watch(void *arg) {
  (void)arg;
  for (;;) {
    sleep(1);
    if (parent_gone()) {
      krn_log("the parent process has exited; the kernel stops");
      _exit(1);   /* a cell may be running: nobody is left to interrupt or shut it down */
    }
  }
  return NULL;
}

int krn_parent_watch_start(void) {
  const char *e = getenv("JPY_PARENT_PID");
  char *end = NULL;
  long p = e ? strtol(e, &end, 10) : 0;
  watched = e && end && *end == 0 && p > 1 ? (pid_t)p : 0;
  first_ppid = getppid();
  if (!watched && first_ppid <= 1) return 0;   /* started by init: nothing to watch */
  pthread_t th;
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return -1;
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&attr, 64 * 1024);
  int rc = pthread_create(&th, &attr, watch, NULL);
  pthread_attr_destroy(&attr);
  return rc == 0 ? 0 : -1;
}
