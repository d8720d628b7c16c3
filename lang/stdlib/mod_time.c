/* mod_time.c - the time module: clocks, an interruptible sleep, localtime/gmtime as struct_time
   (lang/prelude/_sable_time.py), and strftime/mktime/asctime/ctime over them. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

/* a struct_time (the class lives in lang/prelude/_sable_time.py) of t's nine fields, tm_zone, tm_gmtoff */
static Value tm_tuple(struct tm *t) {
  Value mod = module_import("_sable_time");
  if (VAL_IS_NULL(mod)) return val_null();
  Value cls = module_get(mod, "struct_time");
  if (VAL_IS_NULL(cls)) {
    val_decref(mod);
    return obj_raise(&exc_ImportError, "_sable_time has no struct_time");
  }
  int wday = (t->tm_wday + 6) % 7;
  Value zone = t->tm_zone ? str_from_cstr(t->tm_zone) : val_none();
  if (VAL_IS_NULL(zone)) { val_decref(mod); return zone; }
  Value items = tuple_pack(11, val_int(t->tm_year + 1900), val_int(t->tm_mon + 1), val_int(t->tm_mday),
                           val_int(t->tm_hour), val_int(t->tm_min), val_int(t->tm_sec), val_int(wday),
                           val_int(t->tm_yday + 1), val_int(t->tm_isdst), zone, val_int(t->tm_gmtoff));
  val_decref(zone);
  Value r = VAL_IS_NULL(items) ? items : op_call1(cls, items);
  val_decref(items);
  val_decref(mod);
  return r;
}

static int get_time_arg(int argc, const Value *argv, time_t *out) {
  if (argc == 0 || VAL_IS_NONE(argv[0])) { *out = time(NULL); return 0; }
  double d;
  if (op_as_float(argv[0], &d) < 0) return -1;
  if (isnan(d)) { obj_raise(&exc_ValueError, "Invalid value NaN (not a number)"); return -1; }
  if (!(fabs(d) < 9.2e18)) { obj_raise(&exc_OverflowError, "timestamp out of range for platform time_t"); return -1; }
  *out = (time_t)floor(d);
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

/* CPython's gettmarg: a tuple (or struct_time) of exactly nine ints; *zone keeps a struct_time's
   tm_zone alive while t->tm_zone points into it */
static int tuple_to_tm(const char *fn, Value v, struct tm *t, Value *zone) {
  memset(t, 0, sizeof *t);
  *zone = val_none();
  if (!VAL_IS_TUPLE_ANY(v)) {
    obj_raise(&exc_TypeError, "Tuple or struct_time argument required");
    return -1;
  }
  if (TUPLE(v.u.o)->len != 9) {
    obj_raise(&exc_TypeError, "%s(): illegal time tuple argument", fn);
    return -1;
  }
  int64_t f[9];
  for (int i = 0; i < 9; i++) {
    if (op_as_int(TUPLE(v.u.o)->items[i], &f[i]) < 0) return -1;
    if (f[i] < INT32_MIN || f[i] > INT32_MAX) {
      obj_raise(&exc_OverflowError, "Python int too large to convert to C int");
      return -1;
    }
  }
  t->tm_year = (int)(f[0] - 1900);
  t->tm_mon = (int)f[1] - 1;
  t->tm_mday = (int)f[2];
  t->tm_hour = (int)f[3];
  t->tm_min = (int)f[4];
  t->tm_sec = (int)f[5];
  t->tm_wday = (int)((f[6] + 1) % 7);
  t->tm_yday = (int)f[7] - 1;
  t->tm_isdst = (int)f[8];
  if (!VAL_IS_TUPLE(v)) {
    Value z = op_getattr_s(v, "tm_zone");
    if (VAL_IS_NULL(z)) { obj_err_clear(); return 0; }
    if (VAL_IS_STR(z)) { *zone = z; t->tm_zone = str_cstr(z); }
    else val_decref(z);
    Value g = op_getattr_s(v, "tm_gmtoff");
    int64_t off;
    if (VAL_IS_NULL(g)) obj_err_clear();
    else if (!VAL_IS_NONE(g) && op_as_int(g, &off) == 0) t->tm_gmtoff = (long)off;
    else obj_err_clear();
    val_decref(g);
  }
  return 0;
}

/* CPython's checktm: the range checks strftime and asctime make (0 for month/day/yday means 1) */
static int check_tm(struct tm *t) {
  const char *bad = NULL;
  if (t->tm_mon == -1) t->tm_mon = 0;
  else if (t->tm_mon < 0 || t->tm_mon > 11) bad = "month out of range";
  if (!bad && t->tm_mday == 0) t->tm_mday = 1;
  else if (!bad && (t->tm_mday < 0 || t->tm_mday > 31)) bad = "day of month out of range";
  if (!bad && (t->tm_hour < 0 || t->tm_hour > 23)) bad = "hour out of range";
  if (!bad && (t->tm_min < 0 || t->tm_min > 59)) bad = "minute out of range";
  if (!bad && (t->tm_sec < 0 || t->tm_sec > 61)) bad = "seconds out of range";
  if (!bad && t->tm_wday < 0) bad = "day of week out of range";
  if (!bad && t->tm_yday == -1) t->tm_yday = 0;
  else if (!bad && (t->tm_yday < 0 || t->tm_yday > 365)) bad = "day of year out of range";
  if (bad) { obj_raise(&exc_ValueError, "%s", bad); return -1; }
  return 0;
}

static Value t_strftime(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("strftime", argc, kw, 1, 2) < 0) return val_null();
  if (!VAL_IS_STR(argv[0])) return obj_raise(&exc_TypeError, "strftime() argument 1 must be str");
  struct tm t;
  Value zone = val_none();
  if (argc > 1) {
    if (tuple_to_tm("strftime", argv[1], &t, &zone) < 0 || check_tm(&t) < 0) { val_decref(zone); return val_null(); }
    if (t.tm_isdst < -1) t.tm_isdst = -1;
    else if (t.tm_isdst > 1) t.tm_isdst = 1;
  } else {
    time_t now = time(NULL);
    localtime_r(&now, &t);
  }
  const char *fmt = str_cstr(argv[0]);
  Value r;
  if (!*fmt) {
    r = str_new("", 0);
  } else {
    /* strftime's 0 means both "empty" and "too small": grow as CPython does */
    size_t cap = 1024;
    char *buf = NULL;
    size_t n = 0;
    for (;;) {
      char *nb = realloc(buf, cap);
      if (!nb) { free(buf); val_decref(zone); return obj_raise(&exc_MemoryError, "strftime"); }
      buf = nb;
      n = strftime(buf, cap, fmt, &t);
      if (n > 0 || cap >= 256 * strlen(fmt) + 1024) break;
      cap *= 2;
    }
    r = str_new(buf, n);
    free(buf);
  }
  val_decref(zone);
  return r;
}

static Value t_mktime(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("mktime", argc, kw, 1, 1) < 0) return val_null();
  struct tm t;
  Value zone;
  if (tuple_to_tm("mktime", argv[0], &t, &zone) < 0) { val_decref(zone); return val_null(); }
  val_decref(zone);
  t.tm_zone = NULL;
  /* a sentinel in tm_wday tells -1 as an error from -1 as 1969-12-31 23:59:59 */
  t.tm_wday = -1;
  time_t r = mktime(&t);
  if (r == (time_t)-1 && t.tm_wday == -1)
    return obj_raise(&exc_OverflowError, "mktime argument out of range");
  return val_float((double)r);
}

static Value asctime_of(struct tm *t) {
  static const char days[7][4] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static const char months[12][4] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                     "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  char buf[96];
  int n = snprintf(buf, sizeof buf, "%s %s%3d %.2d:%.2d:%.2d %lld", days[((t->tm_wday % 7) + 7) % 7],
                   months[((t->tm_mon % 12) + 12) % 12], t->tm_mday, t->tm_hour, t->tm_min, t->tm_sec,
                   (long long)t->tm_year + 1900);
  return str_new(buf, n < 0 ? 0 : (size_t)n);
}

static Value t_asctime(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("asctime", argc, kw, 0, 1) < 0) return val_null();
  struct tm t;
  if (argc > 0) {
    Value zone;
    int bad = tuple_to_tm("asctime", argv[0], &t, &zone) < 0 || check_tm(&t) < 0;
    val_decref(zone);
    if (bad) return val_null();
  } else {
    time_t now = time(NULL);
    localtime_r(&now, &t);
  }
  return asctime_of(&t);
}

static Value t_ctime(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("ctime", argc, kw, 0, 1) < 0) return val_null();
  time_t t;
  if (get_time_arg(argc, argv, &t) < 0) return val_null();
  struct tm tmv;
  if (!localtime_r(&t, &tmv)) return obj_raise(&exc_OverflowError, "timestamp out of range");
  return asctime_of(&tmv);
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
    {"localtime", t_localtime, "localtime([seconds]) -> struct_time", 0},
    {"gmtime", t_gmtime, "gmtime([seconds]) -> struct_time", 0},
    {"strftime", t_strftime, "strftime(format[, tuple]) -> string", 0},
    {"mktime", t_mktime, "mktime(tuple) -> floating point number", 0},
    {"asctime", t_asctime, "asctime([tuple]) -> string", 0},
    {"ctime", t_ctime, "ctime(seconds) -> string", 0},
    {NULL}};

int modinit_time(Value m) {
  if (module_add_functions(m, time_functions) < 0) return -1;
  Value p = module_import("_sable_time");
  if (VAL_IS_NULL(p)) return -1;
  Value cls = module_get(p, "struct_time");
  int r = VAL_IS_NULL(cls) ? -1 : module_add(m, "struct_time", cls);
  if (VAL_IS_NULL(cls)) obj_raise(&exc_ImportError, "_sable_time has no struct_time");
  val_decref(p);
  return r;
}
