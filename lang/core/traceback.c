/* traceback.c - formatting an uncaught exception as CPython 3.11 prints it: the frames, the
 * source lines with ~~^~~ / ^^^^ markers, chained exceptions, and SyntaxError's own layout. */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

typedef struct Lines { char **v; int n, cap; } Lines;

static void add_line(Lines *l, const char *s, size_t n) {
  if (l->n == l->cap) {
    int nc = l->cap ? l->cap * 2 : 32;
    char **nv = realloc(l->v, (size_t)nc * sizeof(char *));
    if (!nv) return;
    l->v = nv;
    l->cap = nc;
  }
  char *c = malloc(n + 1);
  if (!c) return;
  memcpy(c, s, n);
  c[n] = 0;
  l->v[l->n++] = c;
}

static void add_cstr(Lines *l, const char *s) { add_line(l, s, strlen(s)); }

/* number of code points in the first `bytes` bytes of s */
static int chars(const char *s, size_t n, int bytes) {
  if (bytes <= 0) return 0;
  if ((size_t)bytes > n) bytes = (int)n;
  return (int)utf8_len(s, (size_t)bytes);
}

static int is_ws(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r' || c == '\n'; }

/* CPython's _extract_caret_anchors_from_line_segment for BinOp and Subscript */
static int anchors(const TbEntry *t, const char *line, size_t n, int *left, int *right) {
  int start = t->span.col, end = t->span.end_col;
  if (t->span.line != t->span.end_line || end > (int)n || start < 0 || start >= end) return 0;
  const char *seg = line + start;
  int len = end - start;
  if (t->kind == N_BINOP) {
    int op_start = t->c1 - start, op_end = t->c2 - start;
    if (op_start < 0 || op_end > len || op_start > op_end) return 0;
    int ws = 0;
    while (op_start + ws < op_end && is_ws(seg[op_start + ws])) ws++;
    int la = op_start + ws, ra = la + 1;
    if (op_start + ws + 1 < op_end && !is_ws(seg[op_start + ws + 1])) ra++;
    while (la < len && (is_ws(seg[la]) || seg[la] == ')' || seg[la] == '#')) { la++; ra++; }
    *left = start + la;
    *right = start + ra;
    return 1;
  }
  if (t->kind == N_SUBSCRIPT) {
    int la = t->c1 - start, ra = t->c2 - start + 1;
    if (la < 0 || ra < 0) return 0;
    while (la < len && seg[la] != '[') la++;
    while (ra < len && seg[ra] != ']') ra++;
    if (ra < len) ra++;
    *left = start + la;
    *right = start + ra;
    return 1;
  }
  return 0;
}

static void format_frame(Lines *out, const TbEntry *t) {
  CodeObj *c = (CodeObj *)t->code;
  FBuf b = {0};
  fbuf_printf(&b, "  File \"%s\", line %d, in %s", c ? c->filename : "<unknown>", t->span.line,
              t->name ? STR(t->name)->s : "?");
  add_line(out, b.s, b.len);
  fbuf_free(&b);
  size_t n;
  const char *line = func_code_line(c, t->span.line, &n);
  if (!line) return;
  size_t a = 0, e = n;
  while (a < n && is_ws(line[a])) a++;
  while (e > a && is_ws(line[e - 1])) e--;
  if (e == a) return;
  FBuf s = {0};
  fbuf_puts(&s, "    ");
  fbuf_putn(&s, line + a, e - a);
  add_line(out, s.s, s.len);
  fbuf_free(&s);
  /* markers */
  int start = t->span.col, end;
  if (start < 0 || start > (int)n) return;
  int la = -1, ra = -1;
  int has_anchor = 0;
  if (t->span.line == t->span.end_line) {
    end = t->span.end_col;
    if (end > (int)n) end = (int)n;
    has_anchor = t->kind && anchors(t, line, n, &la, &ra);
  } else {
    end = (int)e;   /* multi-line: up to the last non-blank character */
  }
  if (end <= start) return;
  int cs = chars(line, n, start), ce = chars(line, n, end);
  int lead = chars(line, n, (int)a);
  int stripped_len = chars(line + a, e - a, (int)(e - a));
  int cl = has_anchor ? chars(line, n, la) : 0, cr = has_anchor ? chars(line, n, ra) : 0;
  if (!(ce - cs < stripped_len || (has_anchor && cr - cl > 0))) return;
  FBuf m = {0};
  fbuf_puts(&m, "    ");
  for (int i = lead; i < cs; i++) fbuf_putc(&m, ' ');
  for (int i = cs; i < ce; i++) {
    char ch = '^';
    if (has_anchor) ch = (i >= cl && i < cr) ? '^' : '~';
    fbuf_putc(&m, ch);
  }
  add_line(out, m.s, m.len);
  fbuf_free(&m);
}

/* "ValueError", "mymod.MyError" */
static void type_label(Value exc, FBuf *b) {
  TypeObj *t = exc.u.o->type;
  if ((t->flags & TF_USER) && t->module) {
    const char *m = STR(t->module)->s;
    if (strcmp(m, "__main__") != 0 && strcmp(m, "builtins") != 0) fbuf_printf(b, "%s.", m);
  }
  fbuf_puts(b, t->name);
}

static void syntax_error_lines(Lines *out, Value exc) {
  ExcObj *e = EXC(exc.u.o);
  TupleObj *a = VAL_IS_TUPLE(e->args) ? TUPLE(e->args.u.o) : NULL;
  Value msg = a && a->len > 0 ? a->items[0] : val_null();
  TupleObj *info = a && a->len > 1 && VAL_IS_TUPLE(a->items[1]) ? TUPLE(a->items[1].u.o) : NULL;
  if (info && info->len >= 4) {
    Value fn = info->items[0], ln = info->items[1], off = info->items[2], text = info->items[3];
    Value eoff = info->len >= 6 ? info->items[5] : val_null();
    FBuf b = {0};
    fbuf_printf(&b, "  File \"%s\", line %lld", VAL_IS_STR(fn) ? str_cstr(fn) : "<string>",
                VAL_IS_INTLIKE(ln) ? (long long)ln.u.i : 0LL);
    add_line(out, b.s, b.len);
    fbuf_free(&b);
    if (VAL_IS_STR(text)) {
      const char *t = str_cstr(text);
      size_t tn = STR(text.u.o)->len;
      while (tn && t[tn - 1] == '\n') tn--;
      size_t sp = 0;
      while (sp < tn && (t[sp] == ' ' || t[sp] == '\f')) sp++;
      FBuf s = {0};
      fbuf_puts(&s, "    ");
      fbuf_putn(&s, t + sp, tn - sp);
      add_line(out, s.s, s.len);
      fbuf_free(&s);
      if (VAL_IS_INTLIKE(off)) {
        int offset = (int)off.u.i;
        int end_offset = VAL_IS_INTLIKE(eoff) && eoff.u.i != 0 ? (int)eoff.u.i : offset;
        if (offset == end_offset || end_offset == -1) end_offset = offset + 1;
        int spaces = chars(t, tn, (int)sp);
        int colno = offset - 1 - spaces, end_colno = end_offset - 1 - spaces;
        if (colno >= 0) {
          FBuf m = {0};
          fbuf_puts(&m, "    ");
          const char *lt = t + sp;
          size_t ltn = tn - sp;
          int k = 0;
          for (size_t i = 0; i < ltn && k < colno; k++) {
            uint32_t c;
            int w = utf8_decode(lt + i, ltn - i, &c);
            if (w <= 0) w = 1;
            fbuf_putc(&m, (c == '\t' || c == '\f') ? (char)c : ' ');
            i += (size_t)w;
          }
          for (; k < colno; k++) fbuf_putc(&m, ' ');
          for (int i = colno; i < end_colno; i++) fbuf_putc(&m, '^');
          add_line(out, m.s, m.len);
          fbuf_free(&m);
        }
      }
    }
  }
  FBuf b = {0};
  type_label(exc, &b);
  Value ms = VAL_IS_NULL(msg) ? val_null() : op_str(msg);
  if (VAL_IS_NULL(ms)) obj_err_clear();
  fbuf_printf(&b, ": %s", VAL_IS_STR(ms) && STR(ms.u.o)->len ? str_cstr(ms) : "<no detail available>");
  val_decref(ms);
  add_line(out, b.s, b.len);
  fbuf_free(&b);
}

/* "Traceback (most recent call last):" and the entries v[n-1] ... v[0] (outermost first);
 * limit >= 0 keeps the outermost `limit`, limit < 0 the innermost -limit (INT_MIN: all) */
static void format_entries(Lines *out, const TbEntry *v, int n, int limit, int header) {
  int hi = n - 1, lo = 0;
  if (limit != INT_MIN) {
    if (limit >= 0) lo = n - limit > 0 ? n - limit : 0;
    else hi = -limit < n ? -limit - 1 : n - 1;
  }
  if (hi < lo) return;
  if (header) add_cstr(out, "Traceback (most recent call last):");
  const TbEntry *last = NULL;
  int count = 0;
  for (int i = hi; i >= lo; i--) {
    const TbEntry *t = &v[i];
    int same = last && last->code == t->code && last->span.line == t->span.line &&
               last->name == t->name;
    if (!same) {
      if (count > 3) {
        char buf[100];
        snprintf(buf, sizeof buf, "  [Previous line repeated %d more time%s]", count - 3,
                 count - 3 > 1 ? "s" : "");
        add_cstr(out, buf);
      }
      last = t;
      count = 0;
    }
    count++;
    if (count > 3) continue;
    format_frame(out, t);
  }
  if (count > 3) {
    char buf[100];
    snprintf(buf, sizeof buf, "  [Previous line repeated %d more time%s]", count - 3,
             count - 3 > 1 ? "s" : "");
    add_cstr(out, buf);
  }
}

/* the entries of a traceback object's chain, innermost first as ExcObj keeps them (borrowed
 * copies, freed with free()); n = 0 for None */
static TbEntry *chain_entries(Value tb, int *n) {
  Value next;
  int k = 0;
  *n = 0;
  for (Value t = tb; frame_tb_entry(t, &next) && k < 1 << 20; t = next) k++;
  if (!k) return NULL;
  TbEntry *v = malloc((size_t)k * sizeof(TbEntry));
  if (!v) return NULL;
  int i = k;
  for (Value t = tb; i > 0 && frame_tb_entry(t, &next); t = next) v[--i] = *frame_tb_entry(t, &next);
  *n = k;
  return v;
}

static void format_one(Lines *out, Value exc, int depth, const Value *tbover, int limit,
                       int chain) {
  ExcObj *e = EXC(exc.u.o);
  if (depth < 20 && chain) {
    if (VAL_IS_OBJ(e->cause)) {
      format_one(out, e->cause, depth + 1, NULL, limit, chain);
      add_cstr(out, "");
      add_cstr(out, "The above exception was the direct cause of the following exception:");
      add_cstr(out, "");
    } else if (VAL_IS_OBJ(e->context) && !e->suppress_context) {
      format_one(out, e->context, depth + 1, NULL, limit, chain);
      add_cstr(out, "");
      add_cstr(out, "During handling of the above exception, another exception occurred:");
      add_cstr(out, "");
    }
  }
  if (tbover) {
    int n;
    TbEntry *v = chain_entries(*tbover, &n);
    if (v) format_entries(out, v, n, limit, 1);
    free(v);
  } else if (e->ntb > 0) {
    format_entries(out, e->tb, e->ntb, limit, 1);
  }
  if (op_is_subtype(exc.u.o->type, &exc_SyntaxError)) {
    ExcObj *x = EXC(exc.u.o);
    if (VAL_IS_TUPLE(x->args) && TUPLE(x->args.u.o)->len == 2 &&
        VAL_IS_TUPLE(TUPLE(x->args.u.o)->items[1])) {
      syntax_error_lines(out, exc);
      return;
    }
  }
  FBuf b = {0};
  type_label(exc, &b);
  Value s = op_str(exc);
  if (VAL_IS_NULL(s)) {
    obj_err_clear();
    fbuf_puts(&b, ": <exception str() failed>");
  } else if (STR(s.u.o)->len) {
    fbuf_puts(&b, ": ");
    fbuf_putn(&b, STR(s.u.o)->s, STR(s.u.o)->len);
  }
  val_decref(s);
  /* "Did you mean" */
  Obj *sugg = NULL;
  if (e->suggestion) {
    sugg = e->suggestion;
    obj_incref(sugg);
  } else if (e->attr_name && VAL_IS_OBJ(e->attr_obj) &&
             op_is_subtype(exc.u.o->type, &exc_AttributeError)) {
    Value dir = type_dir(e->attr_obj);
    if (!VAL_IS_NULL(dir)) sugg = exc_suggest(dir, e->attr_name);
    val_decref(dir);
    obj_err_clear();
  }
  if (sugg) {
    fbuf_printf(&b, ". Did you mean: '%s'?", STR(sugg)->s);
    obj_decref(sugg);
  }
  /* a multi-line message becomes several lines */
  const char *p = b.s ? b.s : "";
  const char *q;
  while ((q = strchr(p, '\n'))) {
    add_line(out, p, (size_t)(q - p));
    p = q + 1;
  }
  add_cstr(out, p);
  fbuf_free(&b);
  /* notes */
  Value notes = val_null();
  if (e->dict) notes = dict_getstr(val_obj(e->dict), "__notes__");
  if (VAL_IS_LIST(notes))
    for (int64_t i = 0; i < LIST(notes.u.o)->len; i++) {
      Value nv = LIST(notes.u.o)->items[i];
      if (VAL_IS_STR(nv)) add_line(out, STR(nv.u.o)->s, STR(nv.u.o)->len);
    }
}

int tb_format_exception(Value exc, char ***lines) {
  return tb_format_exception_ex(exc, NULL, INT_MIN, 1, lines);
}

int tb_format_exception_ex(Value exc, const Value *tb, int limit, int chain, char ***lines) {
  Lines out = {0};
  Value saved = obj_err_fetch();
  format_one(&out, exc, 0, tb, limit, chain);
  obj_err_clear();
  obj_err_restore(saved);
  *lines = out.v;
  return out.n;
}

int tb_format_tb(Value tb, int limit, char ***lines) {
  Lines out = {0};
  int n;
  TbEntry *v = chain_entries(tb, &n);
  Value saved = obj_err_fetch();
  if (v) format_entries(&out, v, n, limit, 0);
  free(v);
  obj_err_clear();
  obj_err_restore(saved);
  *lines = out.v;
  return out.n;
}

/* the str of an exception for sink->error's evalue */
char *tb_exc_value(Value exc) {
  Value s = op_str(exc);
  if (VAL_IS_NULL(s)) { obj_err_clear(); return strdup(""); }
  char *r = strdup(str_cstr(s));
  val_decref(s);
  return r;
}

char *tb_exc_name(Value exc) {
  FBuf b = {0};
  type_label(exc, &b);
  char *r = strdup(b.s ? b.s : "");
  fbuf_free(&b);
  return r;
}
