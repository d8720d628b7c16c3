/* mod_time.c - the time module: clocks, an interruptible sleep, and strftime/localtime basics. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "core/core.h"
#include "core/modtable.h"

static double clock_s(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int64_t clock_ns(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static Value t_time(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("time", argc, kw, 0, 0) < 0) return val_null();
  return val_float(clock_s(CLOCK_REALTIME));
}
static Value t_time_ns(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("time_ns", argc, kw, 0, 0) < 0) return val_null();
  return val_int(clock_ns(CLOCK_REALTIME));
}
static Value t_perf_counter(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("perf_counter", argc, kw, 0, 0) < 0) return val_null();
  return val_float(clock_s(CLOCK_MONOTONIC));
}
static Value t_perf_counter_ns(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("perf_counter_ns", argc, kw, 0, 0) < 0) return val_null();
  return val_int(clock_ns(CLOCK_MONOTONIC));
}
static Value t_process_time(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("process_time", argc, kw, 0, 0) < 0) return val_null();
  return val_float(clock_s(CLOCK_PROCESS_CPUTIME_ID));
}

static Value t_sleep(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("sleep", argc, kw, 1, 1) < 0) return val_null();
  double s;
  if (op_as_float(argv[0], &s) < 0) return val_null();
  /* CPython (3.11.2) converts to int64 nanoseconds first, with these messages */
  if (isnan(s)) return obj_raise(&exc_ValueError, "Invalid value NaN (not a number)");
  if (fabs(s) * 1e9 >= 9223372036854775808.0)
    return obj_raise(&exc_OverflowError, "timestamp too large to convert to C _PyTime_t");
  if (s < 0) return obj_raise(&exc_ValueError, "sleep length must be non-negative");
  if (thr_active()) return thr_sleep(s) < 0 ? val_null() : val_none();
  double end = clock_s(CLOCK_MONOTONIC) + s;
  /* in slices, so Ctrl-C interrupts promptly */
  for (;;) {
    if (obj_check_signals() < 0) return val_null();
    double left = end - clock_s(CLOCK_MONOTONIC);
    if (left <= 0) break;
    double step = left < 0.05 ? left : 0.05;
    struct timespec ts = {(time_t)step, (long)((step - (double)(time_t)step) * 1e9)};
    nanosleep(&ts, NULL);
  }
  return val_none();
}

static Value tm_tuple(struct tm *t) {
  int wday = (t->tm_wday + 6) % 7;
  return tuple_pack(9, val_int(t->tm_year + 1900), val_int(t->tm_mon + 1), val_int(t->tm_mday),
                    val_int(t->tm_hour), val_int(t->tm_min), val_int(t->tm_sec), val_int(wday),
                    val_int(t->tm_yday + 1), val_int(t->tm_isdst));
}

static int get_time_arg(int argc, const Value *argv, time_t *out) {
  if (argc == 0 || VAL_IS_NONE(argv[0])) { *out = time(NULL); return 0; }
  double d;
  if (op_as_float(argv[0], &d) < 0) return -1;
  *out = (time_t)d;
  return 0;
}

static Value t_localtime(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("localtime", argc, kw, 0, 1) < 0) return val_null();
  time_t t;
  if (get_time_arg(argc, argv, &t) < 0) return val_null();
  struct tm tmv;
  if (!localtime_r(&t, &tmv)) return obj_raise(&exc_OverflowError, "timestamp out of range");
  return tm_tuple(&tmv);
}

static Value t_gmtime(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("gmtime", argc, kw, 0, 1) < 0) return val_null();
  time_t t;
  if (get_time_arg(argc, argv, &t) < 0) return val_null();
  struct tm tmv;
  if (!gmtime_r(&t, &tmv)) return obj_raise(&exc_OverflowError, "timestamp out of range");
  return tm_tuple(&tmv);
}

static int tuple_to_tm(Value v, struct tm *t) {
  memset(t, 0, sizeof *t);
  if (!VAL_IS_TUPLE(v) || TUPLE(v.u.o)->len < 9) {
    obj_raise(&exc_TypeError, "time tuple of 9 elements expected");
    return -1;
  }
  int64_t f[9];
  for (int i = 0; i < 9; i++)
    if (op_as_int(TUPLE(v.u.o)->items[i], &f[i]) < 0) return -1;
  t->tm_year = (int)f[0] - 1900;
  t->tm_mon = (int)f[1] - 1;
  t->tm_mday = (int)f[2];
  t->tm_hour = (int)f[3];
  t->tm_min = (int)f[4];
  t->tm_sec = (int)f[5];
  t->tm_wday = (int)((f[6] + 1) % 7);
  t->tm_yday = (int)f[7] - 1;
  t->tm_isdst = (int)f[8];
  return 0;
}

static Value t_strftime(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("strftime", argc, kw, 1, 2) < 0) return val_null();
  if (!VAL_IS_STR(argv[0])) return obj_raise(&exc_TypeError, "strftime() argument 1 must be str");
  struct tm t;
  if (argc > 1) {
    if (tuple_to_tm(argv[1], &t) < 0) return val_null();
  } else {
    time_t now = time(NULL);
    localtime_r(&now, &t);
  }
  char buf[1024];
  size_t n = strftime(buf, sizeof buf, str_cstr(argv[0]), &t);
  return str_new(buf, n);
}

static Value t_ctime(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("ctime", argc, kw, 0, 1) < 0) return val_null();
  time_t t;
  if (get_time_arg(argc, argv, &t) < 0) return val_null();
  struct tm tmv;
  localtime_r(&t, &tmv);
  char buf[64];
  size_t n = strftime(buf, sizeof buf, "%a %b %e %H:%M:%S %Y", &tmv);
  return str_new(buf, n);
}

static const MethodDef time_functions[] = {
    {"time", t_time, "time() -> floating point number\nSeconds since the Epoch.", 0},
    {"time_ns", t_time_ns, "time_ns() -> int\nNanoseconds since the Epoch.", 0},
    {"perf_counter", t_perf_counter, "perf_counter() -> float\nPerformance counter for benchmarking.", 0},
    {"perf_counter_ns", t_perf_counter_ns, "perf_counter_ns() -> int", 0},
    {"monotonic", t_perf_counter, "monotonic() -> float\nMonotonic clock, cannot go backward.", 0},
    {"monotonic_ns", t_perf_counter_ns, "monotonic_ns() -> int", 0},
    {"process_time", t_process_time, "process_time() -> float\nProcess time for profiling.", 0},
    {"sleep", t_sleep, "sleep(seconds)\nDelay execution for a given number of seconds.", 0},
    {"localtime", t_localtime, "localtime([seconds]) -> tuple", 0},
    {"gmtime", t_gmtime, "gmtime([seconds]) -> tuple", 0},
    {"strftime", t_strftime, "strftime(format[, tuple]) -> string", 0},
    {"ctime", t_ctime, "ctime(seconds) -> string", 0},
    {NULL}};

int modinit_time(Value m) { return module_add_functions(m, time_functions); }
