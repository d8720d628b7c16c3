/* display.c - rich output: MIME bundles of a value (repr plus _repr_html_ and friends), and the
 * IPython-style display(), update_display() and clear_output() builtins for notebooks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "core.h"
#include "modtable.h"

#define BMAX 12
typedef struct Bundle {
  const char *mime[BMAX];
  const char *data[BMAX];
  size_t len[BMAX];
  Value held[BMAX * 2 + 2];
  int n, nheld;
  const char *metadata;   /* JSON text (held) or NULL */
  Value md;               /* dict: mime -> metadata, or V_NULL */
} Bundle;

/* the _repr_*_ methods IPython's formatters call, with the MIME type each one gives; the
 * images return bytes (or a (bytes, metadata) tuple) */
static const char *const hooks[][2] = {{"text/html", "_repr_html_"}, {"image/svg+xml", "_repr_svg_"},
                                       {"image/png", "_repr_png_"}, {"image/jpeg", "_repr_jpeg_"},
                                       {"text/markdown", "_repr_markdown_"}, {"text/latex", "_repr_latex_"},
                                       {"application/json", "_repr_json_"},
                                       {"application/javascript", "_repr_javascript_"},
                                       {"application/pdf", "_repr_pdf_"}};
#define NHOOKS ((int)(sizeof hooks / sizeof *hooks))

/* _repr_json_ may return the object itself (as IPython allows): its JSON text by json.dumps;
 * steals v */
static Value json_text(Value v) {
  Value m = module_import("json");
  Value r = VAL_IS_NULL(m) ? m : op_call_method(m, "dumps", 1, &v);
  val_decref(m);
  val_decref(v);
  return r;
}

/* one (mime, value) into the bundle; borrows v; 0, or -1 when v has the wrong type */
static int bundle_put(Bundle *b, const char *mime, Value v) {
  if (b->n >= BMAX || b->nheld >= BMAX * 2) return 0;
  int binary = strncmp(mime, "image/", 6) == 0 && strcmp(mime, "image/svg+xml") != 0;
  if (strcmp(mime, "application/pdf") == 0) binary = 1;
  if (strcmp(mime, "application/json") == 0 && !VAL_IS_STR(v)) {
    v = json_text(val_incref(v));
    if (VAL_IS_NULL(v)) return -1;
  } else {
    val_incref(v);
  }
  if (binary && VAL_IS_BYTES(v)) {
    b->data[b->n] = BYTES(v.u.o)->s;
    b->len[b->n] = BYTES(v.u.o)->len;
  } else if (VAL_IS_STR(v)) {
    b->data[b->n] = str_cstr(v);
    b->len[b->n] = STR(v.u.o)->len;
  } else {
    val_decref(v);
    return -1;
  }
  for (int i = 0; i < b->n; i++)
    if (strcmp(b->mime[i], mime) == 0) {   /* a later value for the same type replaces it */
      b->data[i] = b->data[b->n];
      b->len[i] = b->len[b->n];
      b->held[b->nheld++] = v;
      return 0;
    }
  b->mime[b->n++] = mime;
  b->held[b->nheld++] = v;
  return 0;
}

/* metadata for one MIME type (borrows md) */
static int bundle_meta(Bundle *b, const char *mime, Value md) {
  if (VAL_IS_NULL(b->md)) {
    b->md = dict_new();
    if (VAL_IS_NULL(b->md)) return -1;
  }
  return dict_setstr(b->md, mime, md);
}

/* a dict of mime -> data (as _repr_mimebundle_ and display(raw=True) give); keys are held by
 * the dict, which the bundle holds */
static int bundle_from_dict(Bundle *b, Value d) {
  int64_t pos = 0;
  Value k, v;
  b->held[b->nheld++] = val_incref(d);
  while (dict_next(d, &pos, &k, &v)) {
    if (!VAL_IS_STR(k)) continue;
    if (bundle_put(b, str_cstr(k), v) < 0) obj_err_clear();
  }
  return 0;
}

static void bundle_finish(Bundle *b) {
  if (VAL_IS_NULL(b->md)) return;
  Value t = json_text(val_incref(b->md));
  if (VAL_IS_NULL(t)) { obj_err_clear(); return; }
  b->held[b->nheld++] = t;
  b->metadata = str_cstr(t);
}

/* 0, or -1 when even repr() failed (exception pending) */
static int bundle_of(Value v, Bundle *b) {
  memset(b, 0, sizeof *b);
  b->md = val_null();
  Value r = op_repr(v);
  if (VAL_IS_NULL(r)) return -1;
  b->held[b->nheld++] = r;
  b->mime[0] = "text/plain";
  b->data[0] = str_cstr(r);
  b->len[0] = STR(r.u.o)->len;
  b->n = 1;
  if (!VAL_IS_OBJ(v)) return 0;
  Value mb = op_getattr_s(v, "_repr_mimebundle_");
  if (VAL_IS_NULL(mb)) obj_err_clear();
  else {
    Value out = op_call0(mb);
    val_decref(mb);
    if (VAL_IS_NULL(out)) obj_err_clear();
    else {
      Value data = out, md = val_null();
      if (VAL_IS_TUPLE(out) && TUPLE(out.u.o)->len == 2) {
        data = TUPLE(out.u.o)->items[0];
        md = TUPLE(out.u.o)->items[1];
      }
      if (VAL_IS_DICT(data)) bundle_from_dict(b, data);
      if (VAL_IS_DICT(md) && dict_len(md) > 0) {
        val_decref(b->md);
        b->md = val_incref(md);
      }
      val_decref(out);
    }
  }
  for (int i = 0; i < NHOOKS; i++) {
    Value m = op_getattr_s(v, hooks[i][1]);
    if (VAL_IS_NULL(m)) { obj_err_clear(); continue; }
    Value out = op_call0(m);
    val_decref(m);
    if (VAL_IS_NULL(out)) { obj_err_clear(); continue; }
    if (VAL_IS_NONE(out)) { val_decref(out); continue; }
    Value data = out;
    if (VAL_IS_TUPLE(out) && TUPLE(out.u.o)->len == 2) {
      data = TUPLE(out.u.o)->items[0];
      Value md = TUPLE(out.u.o)->items[1];
      if (VAL_IS_DICT(md) && bundle_meta(b, hooks[i][0], md) < 0) obj_err_clear();
    }
    if (bundle_put(b, hooks[i][0], data) < 0) obj_err_clear();
    val_decref(out);
  }
  bundle_finish(b);
  return 0;
}

static void bundle_free(Bundle *b) {
  for (int i = 0; i < b->nheld; i++) val_decref(b->held[i]);
  val_decref(b->md);
}

/* %precision: the format of a float shown as a cell's value ("" = repr), as IPython's
 * PlainTextFormatter.float_format; checked to be one C float conversion */
static char float_format[32];

static Value b_set_float_format(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("set_float_format", argc, kw, 1, 1) < 0) return val_null();
  if (VAL_IS_NONE(argv[0])) { float_format[0] = 0; return val_none(); }
  if (!VAL_IS_STR(argv[0])) return obj_raise(&exc_TypeError, "a format must be a str");
  const char *f = str_cstr(argv[0]);
  const char *p = strchr(f, '%');
  int ok = p && strlen(f) < sizeof float_format;
  if (ok) {
    const char *q = p + 1;
    while (*q == '.' || (*q >= '0' && *q <= '9')) q++;
    ok = *q && strchr("eEfFgG", *q) && !strchr(q + 1, '%');
  }
  if (!ok) return obj_raise(&exc_ValueError, "Precision must be int or format string, not %s", f);
  snprintf(float_format, sizeof float_format, "%s", f);
  return val_none();
}

/* send v as the result of an interactive cell (sink->result), or write its repr */
void display_echo_result(Value v, const sb_sink *sink) {
  Bundle b;
  if (VAL_IS_FLOAT(v) && float_format[0]) {
    char t[400];
    snprintf(t, sizeof t, float_format, v.u.f);
    Value sv = str_from_cstr(t);
    if (VAL_IS_NULL(sv)) return;
    memset(&b, 0, sizeof b);
    b.md = val_null();
    b.held[b.nheld++] = sv;
    b.mime[0] = "text/plain";
    b.data[0] = str_cstr(sv);
    b.len[0] = STR(sv.u.o)->len;
    b.n = 1;
  } else if (bundle_of(v, &b) < 0) return;
  if (sink && sink->result) {
    sb_bundle sb = {b.n, b.mime, b.data, b.len, NULL, 0, b.metadata};
    sink->result(sink->ud, &sb);
  } else if (sink && sink->write) {
    sink->write(sink->ud, 1, b.data[0], b.len[0]);
    sink->write(sink->ud, 1, "\n", 1);
  }
  bundle_free(&b);
}

/* show one object (raw: a dict of mime -> data) with extra metadata (a dict or V_NULL) */
static int show(Value v, const char *display_id, int update, int raw, Value md) {
  Bundle b;
  if (raw) {
    if (!VAL_IS_DICT(v)) {
      obj_raise(&exc_TypeError, "display(raw=True) needs a dict of MIME type -> data, not %s", op_type_name(v));
      return -1;
    }
    memset(&b, 0, sizeof b);
    b.md = val_null();
    bundle_from_dict(&b, v);
    if (b.n == 0 || strcmp(b.mime[0], "text/plain") != 0) {
      int has = 0;
      for (int i = 0; i < b.n; i++) has |= strcmp(b.mime[i], "text/plain") == 0;
      if (!has) {
        Value t = str_from_cstr("");
        if (!VAL_IS_NULL(t)) { bundle_put(&b, "text/plain", t); val_decref(t); }
      }
    }
  } else if (bundle_of(v, &b) < 0) {
    return -1;
  }
  if (VAL_IS_DICT(md) && dict_len(md) > 0) {
    int64_t pos = 0;
    Value k, x;
    while (dict_next(md, &pos, &k, &x))
      if (VAL_IS_STR(k) && bundle_meta(&b, str_cstr(k), x) < 0) obj_err_clear();
    b.metadata = NULL;
    bundle_finish(&b);
  } else if (raw) {
    bundle_finish(&b);
  }
  sb_bundle sb = {b.n, b.mime, b.data, b.len, display_id, update, b.metadata};
  if (!obj_display(&sb)) {
    /* no notebook: as IPython in a terminal, print the text form */
    for (int i = 0; i < b.n; i++)
      if (strcmp(b.mime[i], "text/plain") == 0) {
        obj_write(1, b.data[i], b.len[i]);
        obj_write(1, "\n", 1);
        break;
      }
  }
  bundle_free(&b);
  return 0;
}

static int display_id_arg(Value v, char *buf, size_t n, const char **out) {
  *out = NULL;
  if (VAL_IS_NULL(v) || VAL_IS_NONE(v)) return 0;
  if (VAL_IS_BOOL(v)) {
    if (v.u.i) {
      /* a fresh id, unique across kernels as IPython's uuid4 hex is */
      static unsigned counter;
      snprintf(buf, n, "%08x%08x%016x", (unsigned)getpid(), (unsigned)time(NULL), ++counter);
      *out = buf;
    }
    return 0;
  }
  if (!VAL_IS_STR(v)) {
    obj_raise(&exc_TypeError, "display_id must be a str, not %s", op_type_name(v));
    return -1;
  }
  snprintf(buf, n, "%s", str_cstr(v));
  *out = buf;
  return 0;
}

/* IPython.display.DisplayHandle(display_id) from the prelude */
static Value display_handle(const char *id) {
  Value m = module_import("IPython.display");
  if (VAL_IS_NULL(m)) return m;
  Value a = str_from_cstr(id);
  Value r = VAL_IS_NULL(a) ? a : op_call_method(m, "DisplayHandle", 1, &a);
  val_decref(a);
  val_decref(m);
  return r;
}

static Value b_display(int argc, const Value *argv, Obj *kw) {
  Value did = val_null(), md = val_null();
  int raw = 0, clear = 0;
  int nk = func_kwcount(kw);
  for (int k = 0; k < nk; k++) {
    const char *n = func_kwname(kw, k);
    Value x = argv[argc + k];
    if (strcmp(n, "display_id") == 0) did = x;
    else if (strcmp(n, "metadata") == 0) md = x;
    else if (strcmp(n, "raw") == 0) { if ((raw = op_truth(x)) < 0) return val_null(); }
    else if (strcmp(n, "clear") == 0) { if ((clear = op_truth(x)) < 0) return val_null(); }
    else if (strcmp(n, "include") && strcmp(n, "exclude") && strcmp(n, "transient"))
      return obj_raise(&exc_TypeError, "display() got an unexpected keyword argument '%s'", n);
  }
  char buf[256];
  const char *id;
  if (display_id_arg(did, buf, sizeof buf, &id) < 0) return val_null();
  if (clear) obj_clear_output(1);
  for (int i = 0; i < argc; i++)
    if (show(argv[i], id, 0, raw, md) < 0) return val_null();
  if (id) return display_handle(id);
  return val_none();
}

static Value b_update_display(int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("update_display", argc, argv, kw, "obj|$display_id,raw,metadata", a) < 0) return val_null();
  if (VAL_IS_NULL(a[1]) || VAL_IS_NONE(a[1]))
    return obj_raise(&exc_TypeError, "update_display() missing 1 required keyword-only argument: 'display_id'");
  char buf[256];
  const char *id;
  if (display_id_arg(a[1], buf, sizeof buf, &id) < 0) return val_null();
  int raw = VAL_IS_NULL(a[2]) ? 0 : op_truth(a[2]);
  if (raw < 0) return val_null();
  if (show(a[0], id, 1, raw, a[3]) < 0) return val_null();
  return val_none();
}

static Value b_clear_output(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("clear_output", argc, argv, kw, "|wait", a) < 0) return val_null();
  int wait = VAL_IS_NULL(a[0]) ? 0 : op_truth(a[0]);
  if (wait < 0) return val_null();
  obj_clear_output(wait);
  return val_none();
}

/* get_ipython(): the InteractiveShell of IPython (lang/prelude/IPython.py) */
static Value b_get_ipython(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("get_ipython", argc, kw, 0, 0) < 0) return val_null();
  Value m = module_import("IPython");
  if (VAL_IS_NULL(m)) return m;
  Value r = op_call_method(m, "get_ipython", 0, NULL);
  val_decref(m);
  return r;
}

static const MethodDef display_functions[] = {
    {"display", b_display, "display(*objs, display_id=None)\n\nShow objects as rich output in a notebook (their repr elsewhere).", 0},
    {"update_display", b_update_display, "update_display(obj, *, display_id)\n\nReplace the output shown with display(..., display_id=...).", 0},
    {"clear_output", b_clear_output, "clear_output(wait=False)\n\nClear the output of the current cell.", 0},
    {"get_ipython", b_get_ipython, "get_ipython()\n\nThe running IPython-compatible shell (magics, shell commands, user_ns).", 0},
    {NULL}};

int display_builtins(Value builtins) { return module_add_functions(builtins, display_functions); }

/* echo_result(value): value as a cell's result (an execute_result in a notebook, its repr in
 * the REPL), as IPython's displayhook shows the last expression of a nested run_cell */
static Value b_echo_result(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("echo_result", argc, kw, 1, 1) < 0) return val_null();
  if (VAL_IS_NONE(argv[0])) return val_none();
  display_echo_result(argv[0], obj_ts.sink);
  if (obj_err_occurred()) return val_null();
  return val_none();
}

static const MethodDef private_functions[] = {
    {"echo_result", b_echo_result, "echo_result(value)\n\nShow value as a cell's result (an execute_result in a notebook).", 0},
    {"set_float_format", b_set_float_format, "set_float_format(fmt)\n\nThe %-format of floats shown as a cell's value (None: repr).", 0},
    {NULL}};

int modinit_sable__display(Value m) {
  return module_add_functions(m, display_functions) < 0 ? -1 : module_add_functions(m, private_functions);
}
