/* comm.c - sable._comm: the native half of Jupyter comms (lang/prelude/comm.py): publishing comm
 * messages (and binary buffers) through the front end's sink, the request's header and buffers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"
#include "modtable.h"

/* publish(msg_type, content_json, metadata_json="{}", buffers=None) -> bool: False when no
 * front end takes comms (a script, the REPL); buffers is a list of bytes, sent as the
 * message's binary frames */
static Value b_publish(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("publish", argc, kw, 2, 4) < 0) return val_null();
  if (!VAL_IS_STR(argv[0]) || !VAL_IS_STR(argv[1]) || (argc > 2 && !VAL_IS_STR(argv[2])))
    return obj_raise(&exc_TypeError, "publish(msg_type, content_json, metadata_json) takes str");
  const char *ty = str_cstr(argv[0]);
  if (strcmp(ty, "comm_open") && strcmp(ty, "comm_msg") && strcmp(ty, "comm_close"))
    return obj_raise(&exc_ValueError, "not a comm message type: %s", ty);
  const sb_sink *k = obj_ts.sink;
  if (!k || !k->comm) return val_bool(0);
  const char *md = argc > 2 ? str_cstr(argv[2]) : "{}";
  size_t mn = argc > 2 ? STR(argv[2].u.o)->len : 2;
  int64_t nb = 0;
  if (argc > 3 && !VAL_IS_NONE(argv[3])) {
    if (!VAL_IS_LIST(argv[3]))
      return obj_raise(&exc_TypeError, "publish: buffers must be a list of bytes");
    nb = LIST(argv[3].u.o)->len;
    for (int64_t i = 0; i < nb; i++)
      if (!VAL_IS_BYTES(LIST(argv[3].u.o)->items[i]))
        return obj_raise(&exc_TypeError, "publish: buffers must be a list of bytes");
    if (nb > 1000) return obj_raise(&exc_ValueError, "publish: at most 1000 buffers");
  }
  if (nb == 0)
    return val_bool(k->comm(k->ud, ty, str_cstr(argv[1]), STR(argv[1].u.o)->len, md, mn) == 0);
  if (!k->comm_bufs) return obj_raise(&exc_RuntimeError, "this front end takes no comm buffers");
  const char **bp = malloc(sizeof *bp * (size_t)nb);
  size_t *bl = malloc(sizeof *bl * (size_t)nb);
  if (!bp || !bl) {
    free(bp);
    free(bl);
    return obj_raise(&exc_MemoryError, "publish: out of memory");
  }
  for (int64_t i = 0; i < nb; i++) {
    BytesObj *b = BYTES(LIST(argv[3].u.o)->items[i].u.o);
    bp[i] = b->s;
    bl[i] = b->len;
  }
  int rc = k->comm_bufs(k->ud, ty, str_cstr(argv[1]), STR(argv[1].u.o)->len, md, mn, (int)nb,
                        bp, bl);
  free(bp);
  free(bl);
  return val_bool(rc == 0);
}

/* request_buffers() -> list of bytes: the binary buffers of the message being answered (a
 * comm message's frames after its content), [] when it has none */
static Value b_request_buffers(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("request_buffers", argc, kw, 0, 0) < 0) return val_null();
  const sb_sink *k = obj_ts.sink;
  Value out = list_new(0);
  if (VAL_IS_NULL(out) || !k || !k->request_buffer) return out;
  const char *p;
  size_t n;
  for (int i = 0; k->request_buffer(k->ud, i, &p, &n) == 0; i++) {
    Value b = bytes_new(p, n);
    if (VAL_IS_NULL(b) || list_append_steal(out, b) < 0) {
      val_decref(out);
      return val_null();
    }
  }
  return out;
}

/* show_traceback(exc, lines=None) -> bool: the exception as an error message to the front end
 * that does not fail the request (IPython's showtraceback); lines (a list of str) replaces the
 * formatted traceback (IPython's exception_only, _render_traceback_); False when there is no
 * front end to take it */
static Value b_show_traceback(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("show_traceback", argc, kw, 1, 2) < 0) return val_null();
  Value given = argc > 1 && !VAL_IS_NONE(argv[1]) ? argv[1] : val_null();
  if (!VAL_IS_NULL(given)) {
    if (!VAL_IS_LIST(given)) return obj_raise(&exc_TypeError, "show_traceback() lines must be a list of str");
    for (int64_t i = 0; i < LIST(given.u.o)->len; i++)
      if (!VAL_IS_STR(LIST(given.u.o)->items[i]))
        return obj_raise(&exc_TypeError, "show_traceback() lines must be a list of str");
  }
  const sb_sink *k = obj_ts.sink;
  if (!k || !k->show_error) return val_bool(0);
  char **lines = NULL;
  int n = 0;
  if (VAL_IS_NULL(given)) {
    n = tb_format_exception(argv[0], &lines);
  } else {
    int64_t len = LIST(given.u.o)->len;
    lines = len > 0 && len < (1 << 24) ? calloc((size_t)len, sizeof *lines) : NULL;
    if (len > 0 && !lines) return obj_raise(&exc_MemoryError, "show_traceback");
    for (int64_t i = 0; i < len; i++) {
      Value it = LIST(given.u.o)->items[i];
      lines[i] = strndup(str_cstr(it), STR(it.u.o)->len);
      if (!lines[i]) {
        for (int64_t j = 0; j < i; j++) free(lines[j]);
        free(lines);
        return obj_raise(&exc_MemoryError, "show_traceback");
      }
    }
    n = (int)len;
  }
  char *name = tb_exc_name(argv[0]), *val = tb_exc_value(argv[0]);
  k->show_error(k->ud, name, val, (const char *const *)lines, n < 0 ? 0 : n);
  free(name);
  free(val);
  for (int i = 0; i < n; i++) free(lines[i]);
  free(lines);
  return val_bool(1);
}

/* parent_header() -> str (JSON text of the request's header) or None */
static Value b_parent_header(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("parent_header", argc, kw, 0, 0) < 0) return val_null();
  const sb_sink *k = obj_ts.sink;
  const char *h = k && k->parent ? k->parent(k->ud) : NULL;
  if (!h) return val_none();
  return str_from_cstr(h);
}

/* has_frontend() -> bool: comms can reach a front end from here */
static Value b_has_frontend(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("has_frontend", argc, kw, 0, 0) < 0) return val_null();
  const sb_sink *k = obj_ts.sink;
  return val_bool(k && k->comm);
}

/* log(text): to the process's own stderr (a kernel's log, not the notebook), as ipykernel logs
 * a failing comm handler */
static Value b_log(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("log", argc, kw, 1, 1) < 0) return val_null();
  if (!VAL_IS_STR(argv[0])) return obj_raise(&exc_TypeError, "log(text) takes a str");
  fprintf(stderr, "%s\n", str_cstr(argv[0]));
  fflush(stderr);
  return val_none();
}

static const MethodDef comm_functions[] = {
    {"log", b_log, "log(text)\n\nWrite a line to the process's stderr (the kernel's log).", 0},
    {"publish", b_publish, "publish(msg_type, content_json, metadata_json='{}', buffers=None)\n\nSend a comm_open/comm_msg/comm_close (with a list of bytes as binary buffers) to the front end; False if there is none.", 0},
    {"request_buffers", b_request_buffers, "request_buffers()\n\nThe binary buffers of the message being answered, as a list of bytes.", 0},
    {"show_traceback", b_show_traceback, "show_traceback(exc, lines=None)\n\nShow a caught exception as an error message to the front end (lines: the traceback to show instead of exc's); False if there is none.", 0},
    {"parent_header", b_parent_header, "parent_header()\n\nThe JSON text of the header of the request being answered, or None.", 0},
    {"has_frontend", b_has_frontend, "has_frontend()\n\nWhether comm messages reach a front end.", 0},
    {NULL}};

int modinit_sable__comm(Value m) { return module_add_functions(m, comm_functions); }
