/* help.c - signatures and docstrings for help() and sb_inspect: a user function's signature is
 * rebuilt from its parameters and defaults; a builtin's is the first line of its doc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

static void put_repr(FBuf *b, Value v) {
  Value r = op_repr(v);
  if (VAL_IS_NULL(r)) { obj_err_clear(); fbuf_puts(b, "?"); return; }
  fbuf_putn(b, STR(r.u.o)->s, STR(r.u.o)->len);
  val_decref(r);
}

/* "name(a, b=1, *args, c, **kw)"; skip_self drops the first parameter (methods) */
static void func_signature_as(FBuf *b, FuncObj *f, int skip_self, const char *name, size_t nlen) {
  Scope *sc = f->scope;
  Node *def = f->def;
  Arguments *a = def->kind == N_LAMBDA ? def->u.lambda.args : def->u.funcdef.args;
  fbuf_putn(b, name, nlen);
  fbuf_putc(b, '(');
  int first = 1, npos = sc->nargs, first_def = npos - f->ndefaults;
  for (int i = 0; i < npos; i++) {
    if (i == 0 && skip_self) continue;
    if (!first) fbuf_puts(b, ", ");
    first = 0;
    fbuf_puts(b, sc->slot_names[i] ? sc->slot_names[i] : "?");
    if (i >= first_def) {
      fbuf_putc(b, '=');
      put_repr(b, f->defaults[i - first_def]);
    }
    if (sc->nposonly && i == sc->nposonly - 1) fbuf_puts(b, ", /");
  }
  if (a->vararg) {
    if (!first) fbuf_puts(b, ", ");
    first = 0;
    fbuf_printf(b, "*%s", a->vararg->u.arg.arg.s);
  } else if (sc->nkwonly) {
    if (!first) fbuf_puts(b, ", ");
    first = 0;
    fbuf_putc(b, '*');
  }
  for (int j = 0; j < sc->nkwonly; j++) {
    fbuf_puts(b, ", ");
    fbuf_puts(b, sc->slot_names[npos + j] ? sc->slot_names[npos + j] : "?");
    if (f->kwdefaults && !VAL_IS_NULL(f->kwdefaults[j])) {
      fbuf_putc(b, '=');
      put_repr(b, f->kwdefaults[j]);
    }
  }
  if (a->kwarg) {
    if (!first) fbuf_puts(b, ", ");
    fbuf_printf(b, "**%s", a->kwarg->u.arg.arg.s);
  }
  fbuf_putc(b, ')');
}

static void func_signature(FBuf *b, FuncObj *f, int skip_self) {
  func_signature_as(b, f, skip_self, STR(f->name)->s, STR(f->name)->len);
}

/* a docstring with its common indentation removed (inspect.cleandoc) */
static void put_doc(FBuf *b, const char *doc, const char *indent) {
  if (!doc || !*doc) return;
  /* minimum indentation of lines after the first */
  size_t minind = (size_t)-1;
  const char *p = strchr(doc, '\n');
  while (p) {
    p++;
    const char *q = p;
    while (*q == ' ') q++;
    if (*q && *q != '\n' && (size_t)(q - p) < minind) minind = (size_t)(q - p);
    p = strchr(p, '\n');
  }
  if (minind == (size_t)-1) minind = 0;
  const char *line = doc;
  int lineno = 0;
  /* strip leading blank lines */
  while (*line == ' ' || *line == '\n') {
    if (*line == '\n') { line++; lineno++; continue; }
    const char *q = line;
    while (*q == ' ') q++;
    if (*q == '\n') { line = q + 1; lineno++; continue; }
    break;
  }
  FBuf out = {0};
  while (*line) {
    const char *e = strchr(line, '\n');
    size_t n = e ? (size_t)(e - line) : strlen(line);
    const char *s = line;
    if (lineno > 0) {
      size_t k = 0;
      while (k < minind && k < n && s[k] == ' ') k++;
      s += k;
      n -= k;
    } else {
      while (n && *s == ' ') { s++; n--; }
    }
    fbuf_puts(&out, indent);
    fbuf_putn(&out, s, n);
    fbuf_putc(&out, '\n');
    lineno++;
    if (!e) break;
    line = e + 1;
  }
  /* drop trailing blank lines */
  while (out.len && out.s[out.len - 1] == '\n') {
    size_t k = out.len - 1;
    size_t st = k;
    while (st > 0 && out.s[st - 1] != '\n') st--;
    int blank = 1;
    for (size_t i = st; i < k; i++) if (out.s[i] != ' ') blank = 0;
    if (!blank) break;
    out.len = st;
  }
  if (out.len) fbuf_putn(b, out.s, out.len);
  fbuf_free(&out);
}

static const char *doc_of(Value v, Value *hold) {
  *hold = op_getattr_s(v, "__doc__");
  if (VAL_IS_NULL(*hold)) { obj_err_clear(); return NULL; }
  if (!VAL_IS_STR(*hold)) return NULL;
  return str_cstr(*hold);
}

char *help_text(Value v) {
  FBuf b = {0};
  Value hold = val_null();
  if (VAL_IS_OBJ(v) && v.u.o->type == &func_type) {
    FuncObj *f = FUNC(v.u.o);
    fbuf_printf(&b, "Help on function %s in module %s:\n\n", STR(f->name)->s,
                f->globals ? STR(f->globals->name)->s : "__main__");
    func_signature(&b, f, 0);
    fbuf_putc(&b, '\n');
    put_doc(&b, doc_of(v, &hold), "    ");
  } else if (VAL_IS_OBJ(v) && v.u.o->type == &func_method_type && VAL_IS_OBJ(((MethodObj *)v.u.o)->func) &&
             ((MethodObj *)v.u.o)->func.u.o->type == &func_type) {
    FuncObj *f = FUNC(((MethodObj *)v.u.o)->func.u.o);
    fbuf_printf(&b, "Help on method %s:\n\n", STR(f->name)->s);
    func_signature(&b, f, 1);
    fbuf_putc(&b, '\n');
    put_doc(&b, doc_of(v, &hold), "    ");
  } else if (VAL_IS_OBJ(v) && (v.u.o->type == &func_builtin_type || v.u.o->type == &func_method_type)) {
    BuiltinObj *bo = v.u.o->type == &func_builtin_type ? (BuiltinObj *)v.u.o
                     : (((MethodObj *)v.u.o)->func.tag == V_OBJ &&
                        ((MethodObj *)v.u.o)->func.u.o->type == &func_builtin_type)
                         ? (BuiltinObj *)((MethodObj *)v.u.o)->func.u.o : NULL;
    if (bo) {
      fbuf_printf(&b, "Help on built-in function %s:\n\n", bo->name);
      if (bo->doc) {
        const char *nl = strchr(bo->doc, '\n');
        if (!strchr(bo->doc, '(')) fbuf_printf(&b, "%s(...)\n", bo->name);
        fbuf_putn(&b, bo->doc, nl ? (size_t)(nl - bo->doc) : strlen(bo->doc));
        fbuf_putc(&b, '\n');
        if (nl) put_doc(&b, nl + 1, "    ");
      } else {
        fbuf_printf(&b, "%s(...)\n", bo->name);
      }
    } else {
      put_repr(&b, v);
    }
  } else if (VAL_IS_TYPE(v)) {
    TypeObj *t = (TypeObj *)v.u.o;
    fbuf_printf(&b, "Help on class %s", t->name);
    if (t->flags & TF_USER)
      fbuf_printf(&b, " in module %s", t->module ? STR(t->module)->s : "__main__");
    fbuf_puts(&b, ":\n\n");
    fbuf_printf(&b, "class %s", t->name);
    if (t->base) fbuf_printf(&b, "(%s)", t->base->name);
    fbuf_putc(&b, '\n');
    Value init = type_lookup(t, str_intern("__init__"));
    if (VAL_IS_OBJ(init) && init.u.o->type == &func_type) {
      fbuf_puts(&b, " |  ");
      FBuf s = {0};
      func_signature(&s, FUNC(init.u.o), 1);
      /* show it as the class call */
      const char *paren = strchr(s.s, '(');
      fbuf_printf(&b, "%s%s\n", t->name, paren ? paren : "()");
      fbuf_free(&s);
    }
    if (t->doc) put_doc(&b, t->doc, " |  ");
    /* methods */
    if (t->flags & TF_USER && t->dict) {
      int64_t pos = 0;
      Value k, x;
      int any = 0;
      while (dict_next(val_obj(t->dict), &pos, &k, &x)) {
        if (!VAL_IS_OBJ(x) || x.u.o->type != &func_type || !VAL_IS_STR(k)) continue;
        const char *kn = str_cstr(k);
        if (kn[0] == '_' && strcmp(kn, "__init__") != 0 && strcmp(kn, "__call__") != 0) continue;
        if (!any) { fbuf_puts(&b, " |  \n |  Methods defined here:\n |  \n"); any = 1; }
        fbuf_puts(&b, " |  ");
        func_signature(&b, FUNC(x.u.o), 0);
        fbuf_putc(&b, '\n');
        Value dh;
        const char *d = doc_of(x, &dh);
        if (d) put_doc(&b, d, " |      ");
        val_decref(dh);
        fbuf_puts(&b, " |  \n");
      }
    }
  } else if (VAL_IS_OBJ(v) && v.u.o->type == &module_type) {
    ModuleObj *m = MODULE(v.u.o);
    fbuf_printf(&b, "Help on module %s:\n\nNAME\n    %s\n", STR(m->name)->s, STR(m->name)->s);
    const char *d = doc_of(v, &hold);
    if (d) {
      fbuf_puts(&b, "\nDESCRIPTION\n");
      put_doc(&b, d, "    ");
    }
    fbuf_puts(&b, "\nCONTENTS\n");
    Value names = type_dir(v);
    if (VAL_IS_LIST(names))
      for (int64_t i = 0; i < LIST(names.u.o)->len; i++) {
        const char *n = str_cstr(LIST(names.u.o)->items[i]);
        if (n[0] == '_') continue;
        fbuf_printf(&b, "    %s\n", n);
      }
    val_decref(names);
    obj_err_clear();
  } else {
    TypeObj *t = op_type(v);
    Value r = op_repr(v);
    if (VAL_IS_NULL(r)) obj_err_clear();
    fbuf_printf(&b, "Help on %s object:\n\n", t->name);
    if (VAL_IS_STR(r)) {
      fbuf_printf(&b, "%s\n", str_cstr(r));
      val_decref(r);
    }
    if (t->doc) {
      fbuf_putc(&b, '\n');
      put_doc(&b, t->doc, "    ");
    }
  }
  val_decref(hold);
  while (b.len && b.s[b.len - 1] == '\n') b.len--;
  char *out = malloc(b.len + 1);
  if (out) {
    memcpy(out, b.s ? b.s : "", b.len);
    out[b.len] = 0;
  }
  fbuf_free(&b);
  return out;
}

/* ---- IPython's object inspection (obj?, shift-tab): titled fields ------------------------- */
typedef struct { const char *title; FBuf text; } Field;

static Field *field_add(Field *fs, int *n, const char *title) {
  if (*n >= 8) return NULL;
  fs[*n].title = title;
  memset(&fs[*n].text, 0, sizeof(FBuf));
  return &fs[(*n)++];
}

/* a cleaned docstring as one field's text, "<no docstring>" when there is none */
static void doc_field(Field *fs, int *n, const char *title, const char *doc, int always) {
  FBuf d = {0};
  put_doc(&d, doc, "");
  while (d.len && d.s[d.len - 1] == '\n') d.len--;
  if (d.len || always) {
    Field *f = field_add(fs, n, title);
    if (f) {
      if (d.len) fbuf_putn(&f->text, d.s, d.len);
      else fbuf_puts(&f->text, "<no docstring>");
    }
  }
  fbuf_free(&d);
}

static const char *type_doc(TypeObj *t) {
  return t->doc;
}

/* The text/plain of an inspect_reply as IPython 8 writes it (colours left out): "Signature:",
 * "Docstring:" (its own lines when longer than one), "Type:"; classes show "Init signature:" and
 * "Init docstring:", other objects "Type:", "String form:" and their class's docstring.
 * expr is the inspected expression, used as the signature's name, as IPython does. */
char *inspect_text(Value v, const char *expr, size_t elen) {
  Field fs[8];
  int n = 0;
  Value hold = val_null();
  Field *f;
  if (VAL_IS_OBJ(v) && (v.u.o->type == &func_type ||
                        (v.u.o->type == &func_method_type && VAL_IS_OBJ(((MethodObj *)v.u.o)->func) &&
                         ((MethodObj *)v.u.o)->func.u.o->type == &func_type))) {
    int meth = v.u.o->type == &func_method_type;
    FuncObj *fo = meth ? FUNC(((MethodObj *)v.u.o)->func.u.o) : FUNC(v.u.o);
    if ((f = field_add(fs, &n, "Signature"))) func_signature_as(&f->text, fo, meth, expr, elen);
    doc_field(fs, &n, "Docstring", doc_of(v, &hold), 1);
    if ((f = field_add(fs, &n, "Type"))) fbuf_puts(&f->text, meth ? "method" : "function");
  } else if (VAL_IS_OBJ(v) && (v.u.o->type == &func_builtin_type || v.u.o->type == &func_method_type)) {
    BuiltinObj *bo = v.u.o->type == &func_builtin_type ? (BuiltinObj *)v.u.o
                     : (((MethodObj *)v.u.o)->func.tag == V_OBJ &&
                        ((MethodObj *)v.u.o)->func.u.o->type == &func_builtin_type)
                         ? (BuiltinObj *)((MethodObj *)v.u.o)->func.u.o : NULL;
    const char *doc = bo ? bo->doc : NULL;
    const char *nl = doc ? strchr(doc, '\n') : NULL;
    size_t first = doc ? (nl ? (size_t)(nl - doc) : strlen(doc)) : 0;
    const char *paren = doc ? memchr(doc, '(', first) : NULL;
    if (paren && first && doc[first - 1] == ')' && (f = field_add(fs, &n, "Signature"))) {
      fbuf_putn(&f->text, expr, elen);
      fbuf_putn(&f->text, paren, first - (size_t)(paren - doc));
      doc_field(fs, &n, "Docstring", nl ? nl + 1 : "", 1);
    } else {
      doc_field(fs, &n, "Docstring", doc, 1);
    }
    if ((f = field_add(fs, &n, "Type"))) fbuf_puts(&f->text, "builtin_function_or_method");
  } else if (VAL_IS_TYPE(v)) {
    TypeObj *t = (TypeObj *)v.u.o;
    Value init = type_lookup(t, str_intern("__init__"));
    int user_init = VAL_IS_OBJ(init) && init.u.o->type == &func_type;
    if (user_init || (t->flags & TF_USER)) {
      if ((f = field_add(fs, &n, "Init signature"))) {
        if (user_init) func_signature_as(&f->text, FUNC(init.u.o), 1, expr, elen);
        else { fbuf_putn(&f->text, expr, elen); fbuf_puts(&f->text, "()"); }
      }
    }
    doc_field(fs, &n, "Docstring", type_doc(t), 1);
    if (user_init) {
      Value dh;
      const char *d = doc_of(init, &dh);
      doc_field(fs, &n, "Init docstring", d, 0);
      val_decref(dh);
    }
    if ((f = field_add(fs, &n, "Type"))) fbuf_puts(&f->text, "type");
  } else {
    TypeObj *t = op_type(v);
    if ((f = field_add(fs, &n, "Type"))) fbuf_puts(&f->text, t->name);
    Value r = op_repr(v);
    if (VAL_IS_NULL(r)) obj_err_clear();
    if (VAL_IS_STR(r) && (f = field_add(fs, &n, "String form"))) {
      size_t rl = STR(r.u.o)->len;
      /* IPython shortens long forms to their head and tail */
      if (rl > 200) {
        fbuf_putn(&f->text, STR(r.u.o)->s, 100);
        fbuf_puts(&f->text, " <...> ");
        fbuf_putn(&f->text, STR(r.u.o)->s + rl - 100, 100);
      } else {
        fbuf_putn(&f->text, STR(r.u.o)->s, rl);
      }
    }
    val_decref(r);
    if (VAL_IS_OBJ(v) && v.u.o->type == &module_type) {
      doc_field(fs, &n, "Docstring", doc_of(v, &hold), 1);
    } else {
      doc_field(fs, &n, "Docstring", type_doc(t), 1);
      Value init = type_lookup(t, str_intern("__init__"));
      if (VAL_IS_OBJ(init) && init.u.o->type == &func_type) {
        Value dh;
        const char *d = doc_of(init, &dh);
        doc_field(fs, &n, "Init docstring", d, 0);
        val_decref(dh);
      }
    }
  }
  val_decref(hold);
  obj_err_clear();
  size_t width = 0;
  for (int i = 0; i < n; i++)
    if (strlen(fs[i].title) + 2 > width) width = strlen(fs[i].title) + 2;
  FBuf b = {0};
  for (int i = 0; i < n; i++) {
    if (i) fbuf_putc(&b, '\n');
    fbuf_printf(&b, "%s:", fs[i].title);
    int multi = fs[i].text.len && memchr(fs[i].text.s, '\n', fs[i].text.len) != NULL;
    if (multi) fbuf_putc(&b, '\n');
    else for (size_t k = strlen(fs[i].title) + 1; k < width; k++) fbuf_putc(&b, ' ');
    if (fs[i].text.len) fbuf_putn(&b, fs[i].text.s, fs[i].text.len);
    fbuf_free(&fs[i].text);
  }
  char *out = malloc(b.len + 1);
  if (out) {
    memcpy(out, b.s ? b.s : "", b.len);
    out[b.len] = 0;
  }
  fbuf_free(&b);
  return out;
}
