/* file.c - text and binary files for open() and `with`, and the sys.stdout / sys.stderr stream
 * objects that write through the session's output sink. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <limits.h>
#include <unistd.h>
#include "core.h"

typedef struct FileObj {
  Obj ob;
  FILE *fp;
  Value name;
  char mode[8];
  int readable, writable, closed;
  int stream;          /* 1/2: a sink stream (sys.stdout/stderr), 0: a real file */
  int bin;             /* 'b' in the mode: bytes in and out */
  int fd_shown;        /* open(fd, closefd=False): fd, which fileno() gives (fp is on a dup) */
} FileObj;

static Value oserror(int err, Value name) {
  TypeObj *t = exc_oserror_type(err);
  Value msg = str_from_cstr(strerror(err));
  if (VAL_IS_NULL(msg)) return msg;
  Value args = VAL_IS_NULL(name) ? tuple_pack(2, val_int(err), msg)
                                 : tuple_pack(3, val_int(err), msg, name);
  val_decref(msg);
  if (VAL_IS_NULL(args)) return args;
  Value e = exc_new(t, args);
  val_decref(args);
  if (VAL_IS_NULL(e)) return e;
  obj_raise_value(e);
  val_decref(e);
  return val_null();
}

static void file_dealloc(Obj *o) {
  FileObj *f = (FileObj *)o;
  if (f->fp && !f->stream) fclose(f->fp);
  val_decref(f->name);
  obj_free(o);
}

static Value file_repr(Value v) {
  FileObj *f = (FileObj *)v.u.o;
  if (f->stream) return str_fmt("<_io.TextIOWrapper name='<%s>' mode='w' encoding='utf-8'>",
                                f->stream == 1 ? "stdout" : "stderr");
  Value r = op_repr(f->name);
  if (VAL_IS_NULL(r)) return r;
  if (f->bin) {
    Value s = str_fmt("<_io.Buffered%s name=%s>", f->readable && f->writable ? "Random" : f->readable ? "Reader" : "Writer",
                      str_cstr(r));
    val_decref(r);
    return s;
  }
  Value s = str_fmt("<_io.TextIOWrapper name=%s mode='%s' encoding='UTF-8'>", str_cstr(r), f->mode);
  val_decref(r);
  return s;
}

static int check_open(FileObj *f) {
  if (f->closed) {
    obj_raise(&exc_ValueError, "I/O operation on closed file.");
    return -1;
  }
  return 0;
}

static Value text_value(const char *s, size_t n) {
  if (!utf8_valid(s, n))
    return obj_raise(&exc_UnicodeDecodeError, "'utf-8' codec can't decode the file's bytes: invalid UTF-8");
  /* universal newlines: \r\n -> \n */
  if (!memchr(s, '\r', n)) return str_new(s, n);
  char *t = malloc(n + 1);
  if (!t) return obj_raise_nomem();
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '\r') { t[k++] = '\n'; if (i + 1 < n && s[i + 1] == '\n') i++; }
    else t[k++] = s[i];
  }
  Value r = str_new(t, k);
  free(t);
  return r;
}

/* read(n) of a binary file: n bytes or up to the end (one allocation when the size is known) */
static Value read_bytes(FileObj *f, int64_t limit) {
  if (limit >= 0) {
    if ((uint64_t)limit > obj_alloc_cap()) limit = (int64_t)obj_alloc_cap();
    struct stat st;
    long pos = ftell(f->fp);
    if (fstat(fileno(f->fp), &st) == 0 && S_ISREG(st.st_mode) && pos >= 0 && st.st_size - pos < limit)
      limit = st.st_size - pos < 0 ? 0 : st.st_size - pos;
    char *d;
    Value r = bytes_alloc((size_t)limit, &d);
    if (VAL_IS_NULL(r)) return r;
    size_t got = fread(d, 1, (size_t)limit, f->fp);
    if (got == (size_t)limit) return r;
    Value t = bytes_new(d, got);
    val_decref(r);
    return t;
  }
  FBuf b = {0};
  char buf[65536];
  size_t r;
  struct stat st;
  long pos = ftell(f->fp);
  if (fstat(fileno(f->fp), &st) == 0 && S_ISREG(st.st_mode) && pos >= 0 && st.st_size >= pos) {
    /* a regular file: its size is known; read it straight into the bytes object */
    Value x = read_bytes(f, st.st_size - pos);
    if (VAL_IS_NULL(x) || !feof(f->fp)) {
      int c = VAL_IS_NULL(x) ? EOF : fgetc(f->fp);
      if (c == EOF) return x;
      ungetc(c, f->fp);
      fbuf_putn(&b, BYTES(x.u.o)->s, BYTES(x.u.o)->len);
      val_decref(x);
    }
    else return x;
  }
  while ((r = fread(buf, 1, sizeof buf, f->fp)) > 0) {
    fbuf_putn(&b, buf, r);
    if (!b.s || b.len > obj_alloc_cap()) { fbuf_free(&b); return obj_raise_nomem(); }
  }
  Value x = bytes_new(b.s ? b.s : "", b.len);
  fbuf_free(&b);
  return x;
}

static Value f_read(int argc, const Value *argv, Obj *kw) {
  FileObj *f = (FileObj *)argv[0].u.o;
  if (func_check_args("read", argc - 1, kw, 0, 1) < 0 || check_open(f) < 0) return val_null();
  if (!f->readable) return obj_raise(&exc_OSError, "not readable");
  int64_t limit = -1;
  if (argc > 1 && !VAL_IS_NONE(argv[1]) && op_as_int(argv[1], &limit) < 0) return val_null();
  if (f->bin) return read_bytes(f, limit);
  FBuf b = {0};
  if (limit < 0) {
    char buf[65536];
    size_t r;
    while ((r = fread(buf, 1, sizeof buf, f->fp)) > 0) {
      fbuf_putn(&b, buf, r);
      if (b.len > obj_alloc_cap()) { fbuf_free(&b); return obj_raise_nomem(); }
    }
  } else {
    /* limit counts characters: read bytes until that many code points */
    int64_t got = 0;
    int c;
    while (got < limit && (c = fgetc(f->fp)) != EOF) {
      fbuf_putc(&b, (char)c);
      if ((c & 0xc0) != 0x80) got++;
      /* complete a multi-byte character */
      int more = (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 : (c & 0xf8) == 0xf0 ? 3 : 0;
      for (int k = 0; k < more && (c = fgetc(f->fp)) != EOF; k++) fbuf_putc(&b, (char)c);
    }
  }
  Value r = text_value(b.s ? b.s : "", b.len);
  fbuf_free(&b);
  return r;
}

static Value read_line(FileObj *f) {
  FBuf b = {0};
  int c;
  if (f->bin) {
    while ((c = fgetc(f->fp)) != EOF) {
      fbuf_putc(&b, (char)c);
      if (c == '\n') break;
      if (!b.s || b.len > obj_alloc_cap()) { fbuf_free(&b); return obj_raise_nomem(); }
    }
    Value r = bytes_new(b.s ? b.s : "", b.len);
    fbuf_free(&b);
    return r;
  }
  while ((c = fgetc(f->fp)) != EOF) {
    if (c == '\r') {
      int d = fgetc(f->fp);
      if (d != '\n' && d != EOF) ungetc(d, f->fp);
      fbuf_putc(&b, '\n');
      break;
    }
    fbuf_putc(&b, (char)c);
    if (c == '\n') break;
    if (b.len > obj_alloc_cap()) { fbuf_free(&b); return obj_raise_nomem(); }
  }
  Value r = text_value(b.s ? b.s : "", b.len);
  fbuf_free(&b);
  return r;
}

static int line_empty(Value s) {
  return VAL_IS_STR(s) ? STR(s.u.o)->len == 0 : BYTES(s.u.o)->len == 0;
}

static Value f_readline(int argc, const Value *argv, Obj *kw) {
  FileObj *f = (FileObj *)argv[0].u.o;
  if (func_check_args("readline", argc - 1, kw, 0, 1) < 0 || check_open(f) < 0) return val_null();
  if (!f->readable) return obj_raise(&exc_OSError, "not readable");
  return read_line(f);
}

static Value f_readlines(int argc, const Value *argv, Obj *kw) {
  FileObj *f = (FileObj *)argv[0].u.o;
  if (func_check_args("readlines", argc - 1, kw, 0, 1) < 0 || check_open(f) < 0) return val_null();
  if (!f->readable) return obj_raise(&exc_OSError, "not readable");
  Value l = list_new(0);
  if (VAL_IS_NULL(l)) return l;
  for (;;) {
    Value s = read_line(f);
    if (VAL_IS_NULL(s)) { val_decref(l); return s; }
    if (line_empty(s)) { val_decref(s); break; }
    if (list_append_steal(l, s) < 0) { val_decref(l); return val_null(); }
  }
  return l;
}

static Value f_write(int argc, const Value *argv, Obj *kw) {
  FileObj *f = (FileObj *)argv[0].u.o;
  if (func_check_args("write", argc - 1, kw, 1, 1) < 0 || check_open(f) < 0) return val_null();
  if (f->bin) {
    if (!f->writable) return obj_raise(&exc_OSError, "write");
    ObjBuffer vb;
    if (bytes_view(argv[1], &vb) < 0) return val_null();
    if (fwrite(vb.buf, 1, (size_t)vb.len, f->fp) != (size_t)vb.len) return oserror(errno, f->name);
    return val_int(vb.len);
  }
  if (!VAL_IS_STR(argv[1]))
    return obj_raise(&exc_TypeError, "write() argument must be str, not %s", op_type_name(argv[1]));
  StrObj *s = STR(argv[1].u.o);
  if (f->stream) {
    obj_write(f->stream, s->s, s->len);
    return val_int((int64_t)s->ncp);
  }
  if (!f->writable) return obj_raise(&exc_OSError, "not writable");
  if (fwrite(s->s, 1, s->len, f->fp) != s->len) return oserror(errno, f->name);
  return val_int((int64_t)s->ncp);
}

static Value f_writelines(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("writelines", argc - 1, kw, 1, 1) < 0) return val_null();
  Value it = op_iter(argv[1]);
  if (VAL_IS_NULL(it)) return it;
  Value x;
  int r;
  while ((r = op_next(it, &x)) == 1) {
    Value a[2] = {argv[0], x};
    Value w = f_write(2, a, NULL);
    val_decref(x);
    if (VAL_IS_NULL(w)) { r = -1; break; }
    val_decref(w);
  }
  val_decref(it);
  return r < 0 ? val_null() : val_none();
}

static Value f_close(int argc, const Value *argv, Obj *kw) {
  FileObj *f = (FileObj *)argv[0].u.o;
  if (!f->stream && f->fp && !f->closed) {
    fclose(f->fp);
    f->fp = NULL;
  }
  if (!f->stream) f->closed = 1;
  return val_none();
}

static Value f_flush(int argc, const Value *argv, Obj *kw) {
  FileObj *f = (FileObj *)argv[0].u.o;
  if (f->fp && !f->stream && !f->closed) fflush(f->fp);
  if (f->stream) fflush(f->stream == 2 ? stderr : stdout);   /* the script sink's stdio */
  if (f->stream && obj_ts.sink && obj_ts.sink->flush) obj_ts.sink->flush(obj_ts.sink->ud);
  return val_none();
}

static Value f_seek(int argc, const Value *argv, Obj *kw) {
  FileObj *f = (FileObj *)argv[0].u.o;
  if (func_check_args("seek", argc - 1, kw, 1, 2) < 0 || check_open(f) < 0) return val_null();
  if (f->stream) return obj_raise(&exc_OSError, "underlying stream is not seekable");
  int64_t off, wh = 0;
  if (op_as_int(argv[1], &off) < 0 || (argc > 2 && op_as_int(argv[2], &wh) < 0)) return val_null();
  if (wh < 0 || wh > 2) return obj_raise(&exc_ValueError, "invalid whence (%lld, should be 0, 1 or 2)", (long long)wh);
  if (!f->bin && wh != 0 && off != 0)
    return obj_raise(&exc_OSError, "can't do nonzero %s-relative seeks", wh == 1 ? "cur" : "end");
  if (wh == 0 && off < 0) return obj_raise(&exc_ValueError, "negative seek position %lld", (long long)off);
  if (fseeko(f->fp, (off_t)off, wh == 0 ? SEEK_SET : wh == 1 ? SEEK_CUR : SEEK_END) != 0)
    return oserror(errno, val_null());
  return val_int((int64_t)ftello(f->fp));
}

static Value f_tell(int argc, const Value *argv, Obj *kw) {
  FileObj *f = (FileObj *)argv[0].u.o;
  if (func_check_args("tell", argc - 1, kw, 0, 0) < 0 || check_open(f) < 0) return val_null();
  if (f->stream) return obj_raise(&exc_OSError, "underlying stream is not seekable");
  return val_int((int64_t)ftello(f->fp));
}

static Value f_readable(int argc, const Value *argv, Obj *kw) {
  FileObj *f = (FileObj *)argv[0].u.o;
  if (check_open(f) < 0) return val_null();
  return val_bool(f->readable);
}
static Value f_writable(int argc, const Value *argv, Obj *kw) {
  FileObj *f = (FileObj *)argv[0].u.o;
  if (check_open(f) < 0) return val_null();
  return val_bool(f->writable);
}
static Value f_seekable(int argc, const Value *argv, Obj *kw) {
  FileObj *f = (FileObj *)argv[0].u.o;
  if (check_open(f) < 0) return val_null();
  return val_bool(!f->stream);
}

static Value f_enter(int argc, const Value *argv, Obj *kw) {
  FileObj *f = (FileObj *)argv[0].u.o;
  if (check_open(f) < 0) return val_null();
  return val_incref(argv[0]);
}

static Value f_exit(int argc, const Value *argv, Obj *kw) { return f_close(1, argv, NULL); }

static Value f_isatty(int argc, const Value *argv, Obj *kw) { return val_bool(0); }
static Value f_fileno(int argc, const Value *argv, Obj *kw) {
  FileObj *f = (FileObj *)argv[0].u.o;
  if (f->stream) return val_int(f->stream);
  if (check_open(f) < 0) return val_null();
  return val_int(f->fd_shown > 0 ? f->fd_shown - 1 : fileno(f->fp));
}

static Value file_iter(Value v) {
  FileObj *f = (FileObj *)v.u.o;
  if (check_open(f) < 0) return val_null();
  return val_incref(v);
}
static int file_next(Value v, Value *out) {
  FileObj *f = (FileObj *)v.u.o;
  if (check_open(f) < 0) return -1;
  if (!f->readable) { obj_raise(&exc_OSError, "not readable"); return -1; }
  Value s = read_line(f);
  if (VAL_IS_NULL(s)) return -1;
  if (line_empty(s)) { val_decref(s); return 0; }
  *out = s;
  return 1;
}

static Value g_name(Value self) {
  FileObj *f = (FileObj *)self.u.o;
  if (f->stream) return str_from_cstr(f->stream == 1 ? "<stdout>" : "<stderr>");
  return val_incref(f->name);
}
static Value g_closed(Value self) { return val_bool(((FileObj *)self.u.o)->closed); }
static Value g_mode(Value self) { return str_from_cstr(((FileObj *)self.u.o)->mode); }
static Value g_encoding(Value self) { return str_from_cstr("utf-8"); }

static const MethodDef file_methods[] = {
    {"read", f_read, "read(size=-1)\nRead at most size characters (all when negative).", 0},
    {"readline", f_readline, "readline()\nRead one line, including the newline.", 0},
    {"readlines", f_readlines, "readlines()\nRead all lines into a list.", 0},
    {"write", f_write, "write(text)\nWrite text; return the number of characters written.", 0},
    {"writelines", f_writelines, "writelines(lines)", 0},
    {"close", f_close, "close()", 0},
    {"seek", f_seek, "seek(offset, whence=0)\nMove to a byte offset; return the new position.", 0},
    {"tell", f_tell, "tell()\nThe current position.", 0},
    {"readable", f_readable, "readable()", 0},
    {"writable", f_writable, "writable()", 0},
    {"seekable", f_seekable, "seekable()", 0},
    {"flush", f_flush, "flush()", 0},
    {"isatty", f_isatty, "isatty()", 0},
    {"fileno", f_fileno, "fileno()", 0},
    {"__enter__", f_enter, NULL, 0},
    {"__exit__", f_exit, NULL, 0},
    {NULL}};
static const GetSetDef file_getset[] = {
    {"name", g_name, NULL, NULL}, {"closed", g_closed, NULL, NULL}, {"mode", g_mode, NULL, NULL},
    {"encoding", g_encoding, NULL, NULL}, {NULL}};

TypeObj file_type = {OBJ_TYPE_HEAD, .name = "TextIOWrapper", .dealloc = file_dealloc,
                     .repr = file_repr, .iter = file_iter, .next = file_next,
                     .methods = file_methods, .getset = file_getset};

static Value file_open_parsed(Value *a);

Value file_open(int argc, const Value *argv, Obj *kw) {
  Value a[7];
  if (func_parse_args("open", argc, argv, kw, "file|mode,buffering,encoding,errors,newline,closefd", a) < 0)
    return val_null();
  if (!VAL_IS_STR(a[0]) && op_hasattr_s(a[0], "__fspath__") > 0) {
    /* an os.PathLike (pathlib.Path): open the str it stands for */
    Value s = op_call_method(a[0], "__fspath__", 0, NULL);
    if (VAL_IS_NULL(s)) return s;
    Value b[7];
    for (int i = 0; i < 7; i++) b[i] = a[i];
    b[0] = s;
    Value r = VAL_IS_STR(s) ? file_open_parsed(b) : obj_raise(&exc_TypeError, "__fspath__() must return str");
    val_decref(s);
    return r;
  }
  if (VAL_IS_INTLIKE(a[0])) return file_open_parsed(a);   /* open(fd) */
  if (!VAL_IS_STR(a[0]))
    return obj_raise(&exc_TypeError, "expected str, bytes or os.PathLike object, not %s", op_type_name(a[0]));
  return file_open_parsed(a);
}

static Value file_open_parsed(Value *a) {
  const char *mode = "r";
  if (!VAL_IS_NULL(a[1])) {
    if (!VAL_IS_STR(a[1])) return obj_raise(&exc_TypeError, "open() argument 'mode' must be str, not %s", op_type_name(a[1]));
    mode = str_cstr(a[1]);
  }
  int r = 0, w = 0, ap = 0, x = 0, plus = 0, bin = 0;
  for (const char *p = mode; *p; p++) {
    switch (*p) {
      case 'r': r = 1; break;
      case 'w': w = 1; break;
      case 'a': ap = 1; break;
      case 'x': x = 1; break;
      case '+': plus = 1; break;
      case 't': break;
      case 'b': bin = 1; break;
      default: return obj_raise(&exc_ValueError, "invalid mode: '%s'", mode);
    }
  }
  if (r + w + ap + x != 1) return obj_raise(&exc_ValueError, "must have exactly one of create/read/write/append mode");
  if (bin && !VAL_IS_NULL(a[3]) && !VAL_IS_NONE(a[3]))
    return obj_raise(&exc_ValueError, "binary mode doesn't take an encoding argument");
  if (bin && !VAL_IS_NULL(a[4]) && !VAL_IS_NONE(a[4]))
    return obj_raise(&exc_ValueError, "binary mode doesn't take an errors argument");
  if (bin && !VAL_IS_NULL(a[5]) && !VAL_IS_NONE(a[5]))
    return obj_raise(&exc_ValueError, "binary mode doesn't take a newline argument");
  for (const char *p = mode; *p; p++)
    if (*p == 't' && bin) return obj_raise(&exc_ValueError, "can't have text and binary mode at once");
  int closefd = 1;
  if (!VAL_IS_NULL(a[6])) {
    closefd = op_truth(a[6]);
    if (closefd < 0) return val_null();
  }
  const char *cm = r ? (plus ? "r+" : "r") : (w || x) ? (plus ? "w+" : "w") : (plus ? "a+" : "a");
  FILE *fp;
  if (VAL_IS_INTLIKE(a[0])) {
    /* open(fd[, closefd=False]): without closefd the file closes a duplicate, the fd stays open */
    int64_t fd = a[0].u.i;
    if (fd < 0) return obj_raise(&exc_ValueError, "negative file descriptor");
    struct stat st;
    if (fd > INT_MAX || fstat((int)fd, &st) != 0) return oserror(fd > INT_MAX ? EBADF : errno, val_null());
    if (S_ISDIR(st.st_mode)) return oserror(EISDIR, val_null());
    int use = closefd ? (int)fd : dup((int)fd);
    if (use < 0) return oserror(errno, val_null());
    fp = fdopen(use, cm);
    if (!fp) {
      int err = errno;
      if (!closefd) close(use);
      return oserror(err, val_null());
    }
  } else {
    if (!closefd) return obj_raise(&exc_ValueError, "Cannot use closefd=False with file name");
    const char *path = str_cstr(a[0]);
    if (memchr(path, 0, STR(a[0].u.o)->len))   /* a NUL would cut the name short */
      return obj_raise(&exc_ValueError, "embedded null byte");
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) return oserror(EISDIR, a[0]);
    if (x && stat(path, &st) == 0) return oserror(EEXIST, a[0]);
    fp = fopen(path, cm);
    if (!fp) return oserror(errno, a[0]);
  }
  FileObj *f = obj_alloc(&file_type, sizeof(FileObj));
  if (!f) { fclose(fp); return val_null(); }
  f->fp = fp;
  f->name = VAL_IS_INTLIKE(a[0]) ? val_int(a[0].u.i) : val_incref(a[0]);
  if (VAL_IS_INTLIKE(a[0]) && !closefd) f->fd_shown = (int)a[0].u.i + 1;   /* 0: none */
  snprintf(f->mode, sizeof f->mode, "%s", mode);
  f->bin = bin;
  f->readable = r || plus;
  f->writable = !r || plus;
  return val_obj(&f->ob);
}

Value file_stdstream_new(int stream) {
  FileObj *f = obj_alloc(&file_type, sizeof(FileObj));
  if (!f) return val_null();
  f->stream = stream;
  f->writable = 1;
  f->name = val_none();
  snprintf(f->mode, sizeof f->mode, "w");
  return val_obj(&f->ob);
}
