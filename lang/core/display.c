/* display.c - rich output: MIME bundles of a value (repr plus _repr_html_ and friends), and the
 * IPython-style display(), update_display() and clear_output() builtins for notebooks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"
#include "modtable.h"

typedef struct Bundle {
  const char *mime[6];
  const char *data[6];
  size_t len[6];
  Value held[6];
  int n, nheld;
} Bundle;

static const char *const hooks[][2] = {{"text/html", "_repr_html_"}, {"image/svg+xml", "_repr_svg_"},
                                       {"text/markdown", "_repr_markdown_"}, {"text/latex", "_repr_latex_"},
                                       {"application/json", "_repr_json_"}};

/* _repr_json_ may return the object itself (as IPython allows): its JSON text by json.dumps;
 * steals v */
static Value json_text(Value v) {
  Value m = module_import("json");
  Value r = VAL_IS_NULL(m) ? m : op_call_method(m, "dumps", 1, &v);
  val_decref(m);
  val_decref(v);
  return r;
}

/* 0, or -1 when even repr() failed (exception pending) */
static int bundle_of(Value v, Bundle *b) {
  memset(b, 0, sizeof *b);
  Value r = op_repr(v);
  if (VAL_IS_NULL(r)) return -1;
  b->held[b->nheld++] = r;
  b->mime[0] = "text/plain";
  b->data[0] = str_cstr(r);
  b->len[0] = STR(r.u.o)->len;
  b->n = 1;
  for (int i = 0; i < 5 && VAL_IS_OBJ(v); i++) {
    Value m = op_getattr_s(v, hooks[i][1]);
    if (VAL_IS_NULL(m)) { obj_err_clear(); continue; }
    Value out = op_call0(m);
    val_decref(m);
    if (VAL_IS_NULL(out)) { obj_err_clear(); continue; }
    if (i == 4 && (VAL_IS_DICT(out) || VAL_IS_LIST(out))) out = json_text(out);
    if (VAL_IS_NULL(out) || !VAL_IS_STR(out)) { val_decref(out); obj_err_clear(); continue; }
    b->held[b->nheld++] = out;
    b->mime[b->n] = hooks[i][0];
    b->data[b->n] = str_cstr(out);
    b->len[b->n] = STR(out.u.o)->len;
    b->n++;
  }
  return 0;
}

static void bundle_free(Bundle *b) {
  for (int i = 0; i < b->nheld; i++) val_decref(b->held[i]);
}

/* send v as the result of an interactive cell (sink->result), or write its repr */
void display_echo_result(Value v, const sb_sink *sink) {
  Bundle b;
  if (bundle_of(v, &b) < 0) return;
  if (sink && sink->result) {
    sb_bundle sb = {b.n, b.mime, b.data, b.len, NULL, 0};
    sink->result(sink->ud, &sb);
  } else if (sink && sink->write) {
    sink->write(sink->ud, 1, b.data[0], b.len[0]);
    sink->write(sink->ud, 1, "\n", 1);
  }
  bundle_free(&b);
}

static int show(Value v, const char *display_id, int update) {
  Bundle b;
  if (bundle_of(v, &b) < 0) return -1;
  sb_bundle sb = {b.n, b.mime, b.data, b.len, display_id, update};
  if (!obj_display(&sb)) {
    /* no notebook: as IPython in a terminal, print the text form */
    obj_write(1, b.data[0], b.len[0]);
    obj_write(1, "\n", 1);
  }
  bundle_free(&b);
  return 0;
}

static int display_id_arg(Value v, char *buf, size_t n, const char **out) {
  *out = NULL;
  if (VAL_IS_NULL(v) || VAL_IS_NONE(v)) return 0;
  if (VAL_IS_BOOL(v)) {
    if (v.u.i) {
      static unsigned counter;
      snprintf(buf, n, "sable-display-%u", ++counter);
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

static Value b_display(int argc, const Value *argv, Obj *kw) {
  Value did = val_null();
  int nk = func_kwcount(kw);
  for (int k = 0; k < nk; k++) {
    const char *n = func_kwname(kw, k);
    if (strcmp(n, "display_id") == 0) did = argv[argc + k];
    else if (strcmp(n, "include") && strcmp(n, "exclude") && strcmp(n, "metadata") &&
             strcmp(n, "transient") && strcmp(n, "raw") && strcmp(n, "clear"))
      return obj_raise(&exc_TypeError, "display() got an unexpected keyword argument '%s'", n);
  }
  char buf[256];
  const char *id;
  if (display_id_arg(did, buf, sizeof buf, &id) < 0) return val_null();
  for (int i = 0; i < argc; i++)
    if (show(argv[i], id, 0) < 0) return val_null();
  return val_none();
}

static Value b_update_display(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("update_display", argc, argv, kw, "obj|$display_id", a) < 0) return val_null();
  if (VAL_IS_NULL(a[1]) || VAL_IS_NONE(a[1]))
    return obj_raise(&exc_TypeError, "update_display() missing 1 required keyword-only argument: 'display_id'");
  char buf[256];
  const char *id;
  if (display_id_arg(a[1], buf, sizeof buf, &id) < 0) return val_null();
  if (show(a[0], id, 1) < 0) return val_null();
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

static const MethodDef display_functions[] = {
    {"display", b_display, "display(*objs, display_id=None)\n\nShow objects as rich output in a notebook (their repr elsewhere).", 0},
    {"update_display", b_update_display, "update_display(obj, *, display_id)\n\nReplace the output shown with display(..., display_id=...).", 0},
    {"clear_output", b_clear_output, "clear_output(wait=False)\n\nClear the output of the current cell.", 0},
    {NULL}};

int display_builtins(Value builtins) { return module_add_functions(builtins, display_functions); }

int modinit_IPython(Value m) { return 0; }
int modinit_IPython_display(Value m) { return module_add_functions(m, display_functions); }
