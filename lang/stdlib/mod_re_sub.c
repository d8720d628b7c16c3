/* mod_re_sub.c - the re operations that scan a whole string: findall, finditer, split, sub and
 * subn (with CPython 3.11's replacement templates), and Match.expand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mod_re.h"

/* ---- replacement templates ------------------------------------------------------------- */
typedef struct TItem { int group; size_t off, len; } TItem;   /* group -1: literal text */
typedef struct Templ { FBuf lit; TItem *items; int n, cap; } Templ;

static void templ_free(Templ *t) {
  fbuf_free(&t->lit);
  obj_mfree(t->items);
}

static int templ_add(Templ *t, int group, const char *s, size_t len) {
  if (group < 0 && t->n > 0 && t->items[t->n - 1].group < 0 &&
      t->items[t->n - 1].off + t->items[t->n - 1].len == t->lit.len) {
    fbuf_putn(&t->lit, s, len);
    t->items[t->n - 1].len += len;
    return 0;
  }
  if (t->n == t->cap) {
    int nc = t->cap ? t->cap * 2 : 8;
    TItem *ni = obj_realloc_array(t->items, (size_t)nc, sizeof(TItem));
    if (!ni) return -1;
    t->items = ni;
    t->cap = nc;
  }
  TItem it = {group, t->lit.len, len};
  if (group < 0) fbuf_putn(&t->lit, s, len);
  t->items[t->n++] = it;
  return 0;
}

static int terr(Value templ, const char *s, size_t at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int terr(Value templ, const char *s, size_t at, const char *fmt, ...) {
  char msg[200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  re_raise(msg, templ, (int64_t)utf8_len(s, at));
  return -1;
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_oct(char c) { return c >= '0' && c <= '7'; }

static int add_group(RePattern *p, Templ *t, Value templ, const char *s, size_t at, int64_t g) {
  if (g > p->ngroups) return terr(templ, s, at, "invalid group reference %lld", (long long)g);
  return templ_add(t, (int)g, NULL, 0);
}

static int templ_parse(RePattern *p, Value templ, Templ *t) {
  const char *s = STR(templ.u.o)->s;
  size_t n = STR(templ.u.o)->len, i = 0;
  memset(t, 0, sizeof *t);
  while (i < n) {
    const char *bsl = memchr(s + i, '\\', n - i);
    size_t j = bsl ? (size_t)(bsl - s) : n;
    if (j > i && templ_add(t, -1, s + i, j - i) < 0) return -1;
    if (j >= n) break;
    size_t bs = j;
    if (bs + 1 >= n) return terr(templ, s, bs, "bad escape (end of pattern)");
    char c = s[bs + 1];
    i = bs + 2;
    if (c == 'g') {
      if (i >= n || s[i] != '<') return terr(templ, s, i, "missing <");
      size_t st = ++i;
      while (i < n && s[i] != '>') i++;
      if (i >= n) return terr(templ, s, st, st == n ? "missing group name" : "missing >, unterminated name");
      size_t nl = i - st;
      i++;
      if (nl == 0) return terr(templ, s, st, "missing group name");
      Value name = str_new(s + st, nl);
      if (VAL_IS_NULL(name)) return -1;
      Value gi = dict_get(p->groupindex, name);
      val_decref(name);
      if (VAL_IS_INT(gi)) { if (add_group(p, t, templ, s, st, gi.u.i) < 0) return -1; continue; }
      int num = 1;
      for (size_t k = st; k < st + nl; k++) if (!is_digit(s[k])) num = 0;
      int ident = !is_digit(s[st]);
      for (size_t k = st; k < st + nl; k++) {
        unsigned char ch = (unsigned char)s[k];
        if (!(ch >= 0x80 || ch == '_' || is_digit((char)ch) || ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z'))) ident = 0;
      }
      if (ident) {
        obj_raise(&exc_IndexError, "unknown group name '%.*s'", (int)nl, s + st);
        return -1;
      }
      if (!num) return terr(templ, s, st, "bad character in group name '%.*s'", (int)nl, s + st);
      int64_t g = 0;
      for (size_t k = st; k < st + nl && g <= 1000000000; k++) g = g * 10 + (s[k] - '0');
      if (add_group(p, t, templ, s, st, g) < 0) return -1;
      continue;
    }
    if (c == '0') {
      int v = 0, k = 0;
      while (k < 2 && i < n && is_oct(s[i])) { v = v * 8 + (s[i++] - '0'); k++; }
      char ch = (char)v;
      if (templ_add(t, -1, &ch, 1) < 0) return -1;
      continue;
    }
    if (is_digit(c)) {
      if (i < n && is_digit(s[i])) {
        if (is_oct(c) && is_oct(s[i]) && i + 1 < n && is_oct(s[i + 1])) {
          int v = (c - '0') * 64 + (s[i] - '0') * 8 + (s[i + 1] - '0');
          if (v > 0377) return terr(templ, s, bs, "octal escape value %.4s outside of range 0-0o377", s + bs);
          char buf[4];
          int k = utf8_encode((uint32_t)v, buf);
          if (templ_add(t, -1, buf, (size_t)k) < 0) return -1;
          i += 2;
          continue;
        }
        int g = (c - '0') * 10 + (s[i] - '0');
        i++;
        if (add_group(p, t, templ, s, bs + 1, g) < 0) return -1;
        continue;
      }
      if (add_group(p, t, templ, s, bs + 1, c - '0') < 0) return -1;
      continue;
    }
    const char *esc = NULL;
    switch (c) {
      case 'a': esc = "\a"; break;
      case 'b': esc = "\b"; break;
      case 'f': esc = "\f"; break;
      case 'n': esc = "\n"; break;
      case 'r': esc = "\r"; break;
      case 't': esc = "\t"; break;
      case 'v': esc = "\v"; break;
      case '\\': esc = "\\"; break;
      default: break;
    }
    if (esc) { if (templ_add(t, -1, esc, 1) < 0) return -1; continue; }
    if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') return terr(templ, s, bs, "bad escape \\%c", c);
    /* any other escape is kept as written, backslash included */
    if (templ_add(t, -1, s + bs, 1) < 0) return -1;
    i = bs + 1;
  }
  return 0;
}

/* the expansion for the groups at ov (byte offsets into subject; -1 or PCRE2_UNSET: unset) */
static void templ_expand(const Templ *t, const char *subj, const size_t *ov, FBuf *out) {
  for (int k = 0; k < t->n; k++) {
    const TItem *it = &t->items[k];
    if (it->group < 0) { fbuf_putn(out, t->lit.s + it->off, it->len); continue; }
    size_t a = ov[2 * it->group], b = ov[2 * it->group + 1];
    if (a == (size_t)-1 || a == PCRE2_UNSET || b < a) continue;
    fbuf_putn(out, subj + a, b - a);
  }
}

Value re_match_expand(ReMatch *m, Value templ) {
  if (!VAL_IS_STR(templ)) return obj_raise(&exc_TypeError, "expected str instance, %s found", op_type_name(templ));
  Templ t;
  if (templ_parse((RePattern *)m->pattern.u.o, templ, &t) < 0) { templ_free(&t); return val_null(); }
  FBuf out = {0};
  templ_expand(&t, STR(m->string.u.o)->s, m->bspan, &out);
  templ_free(&t);
  Value r = str_new(out.s ? out.s : "", out.len);
  fbuf_free(&out);
  return r;
}

/* ---- findall ----------------------------------------------------------------------------- */
static Value slice_bytes(const char *s, size_t a, size_t b, Value dflt) {
  if (a == PCRE2_UNSET) return val_incref(dflt);
  return str_new(s + a, b - a);
}

static Value empty_str(void) { return str_new("", 0); }

Value re_do_findall(RePattern *p, Value s, int64_t pos, int64_t endpos) {
  ReScan sc;
  if (re_scan_init(&sc, p, s, pos, endpos) < 0) { re_scan_free(&sc); return val_null(); }
  Value out = list_new(0);
  Value e = empty_str();
  if (VAL_IS_NULL(out) || VAL_IS_NULL(e)) goto fail;
  for (;;) {
    if (obj_check_signals() < 0) goto fail;
    int r = re_scan_next(&sc);
    if (r < 0) goto fail;
    if (r == 0) break;
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(sc.md);
    Value item;
    if (p->ngroups == 0) item = str_new(sc.b + ov[0], ov[1] - ov[0]);
    else if (p->ngroups == 1) item = slice_bytes(sc.b, ov[2], ov[3], e);
    else {
      item = tuple_new(p->ngroups);
      if (VAL_IS_NULL(item)) goto fail;
      for (int g = 1; g <= p->ngroups; g++) TUPLE_SET(item, g - 1, val_none());
      for (int g = 1; g <= p->ngroups; g++) {
        Value x = slice_bytes(sc.b, ov[2 * g], ov[2 * g + 1], e);
        if (VAL_IS_NULL(x)) { val_decref(item); goto fail; }
        TUPLE_SET(item, g - 1, x);
      }
    }
    if (VAL_IS_NULL(item) || list_append_steal(out, item) < 0) goto fail;
  }
  re_scan_free(&sc);
  val_decref(e);
  return out;
fail:
  re_scan_free(&sc);
  val_decref(e);
  val_decref(out);
  return val_null();
}

/* ---- finditer ------------------------------------------------------------------------------ */
typedef struct ReIter { Obj ob; Value pattern, string; ReScan sc; int ready; } ReIter;

static void iter_dealloc(Obj *o) {
  ReIter *it = (ReIter *)o;
  re_scan_free(&it->sc);
  val_decref(it->pattern);
  val_decref(it->string);
  obj_free(o);
}
static Value iter_self(Value v) { return val_incref(v); }
static int iter_next(Value v, Value *out) {
  ReIter *it = (ReIter *)v.u.o;
  if (!it->ready) return 0;
  int r = re_scan_next(&it->sc);
  if (r <= 0) {
    re_scan_free(&it->sc);
    it->ready = 0;
    return r;
  }
  *out = re_scan_match(&it->sc);
  return VAL_IS_NULL(*out) ? -1 : 1;
}

TypeObj re_iter_type = {OBJ_TYPE_HEAD, .name = "callable_iterator", .dealloc = iter_dealloc,
                        .iter = iter_self, .next = iter_next};

Value re_do_finditer(RePattern *p, Value s, int64_t pos, int64_t endpos) {
  ReIter *it = obj_alloc(&re_iter_type, sizeof(ReIter));
  if (!it) return val_null();
  Value iv = val_obj(&it->ob);
  it->pattern = val_incref(val_obj(&p->ob));
  it->string = val_incref(s);
  if (re_scan_init(&it->sc, p, s, pos, endpos) < 0) { val_decref(iv); return val_null(); }
  it->ready = 1;
  return iv;
}

/* ---- split --------------------------------------------------------------------------------- */
Value re_do_split(RePattern *p, Value s, int64_t maxsplit) {
  ReScan sc;
  if (re_scan_init(&sc, p, s, 0, INT64_MAX) < 0) { re_scan_free(&sc); return val_null(); }
  Value out = list_new(0);
  if (VAL_IS_NULL(out)) goto fail;
  size_t last = 0;
  for (int64_t n = 0; maxsplit >= 0 && (maxsplit == 0 || n < maxsplit); n++) {
    if (obj_check_signals() < 0) goto fail;
    int r = re_scan_next(&sc);
    if (r < 0) goto fail;
    if (r == 0) break;
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(sc.md);
    if (list_append_steal(out, str_new(sc.b + last, ov[0] - last)) < 0) goto fail;
    for (int g = 1; g <= p->ngroups; g++)
      if (list_append_steal(out, slice_bytes(sc.b, ov[2 * g], ov[2 * g + 1], val_none())) < 0) goto fail;
    last = ov[1];
  }
  if (list_append_steal(out, str_new(sc.b + last, STR(s.u.o)->len - last)) < 0) goto fail;
  re_scan_free(&sc);
  return out;
fail:
  re_scan_free(&sc);
  val_decref(out);
  return val_null();
}

/* ---- sub / subn ---------------------------------------------------------------------------- */
Value re_do_sub(RePattern *p, Value repl, Value s, int64_t count, int subn) {
  int call = 0;
  Templ t;
  memset(&t, 0, sizeof t);
  if (VAL_IS_STR(repl)) {
    if (templ_parse(p, repl, &t) < 0) { templ_free(&t); return val_null(); }
  } else if (op_callable(repl)) {
    call = 1;
  } else {
    return obj_raise(&exc_TypeError, "expected str instance, %s found", op_type_name(repl));
  }
  ReScan sc;
  FBuf out = {0};
  Value res = val_null();
  int64_t n = 0, pieces = 0, bad_at = -1;
  const char *bad_type = NULL;
  if (re_scan_init(&sc, p, s, 0, INT64_MAX) < 0) goto done;
  size_t last = 0;
  for (; count >= 0 && (count == 0 || n < count); n++) {
    if (obj_check_signals() < 0) goto done;
    int r = re_scan_next(&sc);
    if (r < 0) goto done;
    if (r == 0) break;
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(sc.md);
    fbuf_putn(&out, sc.b + last, ov[0] - last);
    if (ov[0] > last) pieces++;
    last = ov[1];
    if (call) {
      Value m = re_scan_match(&sc);
      if (VAL_IS_NULL(m)) goto done;
      Value x = op_call1(repl, m);
      val_decref(m);
      if (VAL_IS_NULL(x)) goto done;
      /* None adds nothing; another non-str fails when the pieces are joined, as in CPython */
      if (VAL_IS_STR(x)) fbuf_putn(&out, str_cstr(x), STR(x.u.o)->len);
      else if (!VAL_IS_NONE(x) && bad_at < 0) { bad_at = pieces; bad_type = op_type_name(x); }
      if (!VAL_IS_NONE(x)) pieces++;
      val_decref(x);
    } else {
      templ_expand(&t, sc.b, ov, &out);
    }
  }
  if (bad_at >= 0) {
    obj_raise(&exc_TypeError, "sequence item %lld: expected str instance, %s found", (long long)bad_at, bad_type);
    goto done;
  }
  fbuf_putn(&out, sc.b + last, STR(s.u.o)->len - last);
  res = str_new(out.s ? out.s : "", out.len);
  if (subn && !VAL_IS_NULL(res)) {
    Value pair = tuple_pack(2, res, val_int(n));
    val_decref(res);
    res = pair;
  }
done:
  re_scan_free(&sc);
  templ_free(&t);
  fbuf_free(&out);
  return res;
}
