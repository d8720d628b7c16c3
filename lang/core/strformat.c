/* strformat.c - str.format (replacement fields, conversions, nested specs, attribute and index
 * lookups) and printf-style `%` formatting, both on top of fmt.h's format-spec engine. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

/* ---- str.format ------------------------------------------------------------------------ */
typedef struct FmtState {
  int argc;
  const Value *argv;
  Obj *kw;
  int auto_idx;       /* next automatic index, -1 once manual numbering is used */
  int manual;
} FmtState;

static Value lookup_kw(FmtState *st, const char *name, size_t n) {
  int nk = func_kwcount(st->kw);
  for (int k = 0; k < nk; k++) {
    StrObj *s = STR(TUPLE(st->kw)->items[k].u.o);
    if (s->len == n && memcmp(s->s, name, n) == 0) return st->argv[st->argc + k];
  }
  return val_null();
}

/* resolve a field name ("0", "", "name", "0.attr", "x[1]", "a[key].b") to a new reference */
static Value get_field(FmtState *st, const char *s, size_t n) {
  size_t i = 0;
  while (i < n && s[i] != '.' && s[i] != '[') i++;
  Value v;
  if (i == 0) {
    if (st->manual)
      return obj_raise(&exc_ValueError, "cannot switch from manual field specification to automatic field numbering");
    st->auto_idx++;
    int idx = st->auto_idx - 1;
    if (idx >= st->argc)
      return obj_raise(&exc_IndexError, "Replacement index %d out of range for positional args tuple", idx);
    v = val_incref(st->argv[idx]);
  } else {
    int digits = 1;
    for (size_t k = 0; k < i; k++) if (!isdigit((unsigned char)s[k])) digits = 0;
    if (digits) {
      if (st->auto_idx > 0)
        return obj_raise(&exc_ValueError, "cannot switch from automatic field numbering to manual field specification");
      st->manual = 1;
      long idx = strtol(s, NULL, 10);
      if (idx >= st->argc)
        return obj_raise(&exc_IndexError, "Replacement index %ld out of range for positional args tuple", idx);
      v = val_incref(st->argv[idx]);
    } else {
      v = lookup_kw(st, s, i);
      if (VAL_IS_NULL(v)) {
        Value key = str_new(s, i);
        if (VAL_IS_NULL(key)) return key;
        dict_raise_key_error(key);
        val_decref(key);
        return val_null();
      }
      val_incref(v);
    }
  }
  while (i < n) {
    if (s[i] == '.') {
      size_t j = ++i;
      while (i < n && s[i] != '.' && s[i] != '[') i++;
      if (i == j) { val_decref(v); return obj_raise(&exc_ValueError, "Empty attribute in format string"); }
      Obj *an = str_intern_n(s + j, i - j);
      Value w = an ? op_getattr(v, an) : val_null();
      val_decref(v);
      if (VAL_IS_NULL(w)) return w;
      v = w;
    } else {
      size_t j = ++i;
      while (i < n && s[i] != ']') i++;
      if (i >= n) { val_decref(v); return obj_raise(&exc_ValueError, "Missing ']' in format string"); }
      int digits = i > j;
      for (size_t k = j; k < i; k++) if (!isdigit((unsigned char)s[k])) digits = 0;
      Value key = digits ? val_int(strtol(s + j, NULL, 10)) : str_new(s + j, i - j);
      if (VAL_IS_NULL(key)) { val_decref(v); return key; }
      Value w = op_getitem(v, key);
      val_decref(key);
      val_decref(v);
      if (VAL_IS_NULL(w)) return w;
      v = w;
      i++;
    }
  }
  return v;
}

static int format_into(FmtState *st, const char *s, size_t n, FBuf *out, int depth);

/* one replacement field body (between the braces) */
static int do_field(FmtState *st, const char *s, size_t n, FBuf *out, int depth) {
  size_t i = 0;
  int bracket = 0;
  while (i < n) {
    if (s[i] == '[') bracket = 1;
    else if (s[i] == ']') bracket = 0;
    else if (!bracket && (s[i] == '!' || s[i] == ':')) break;
    i++;
  }
  size_t name_end = i;
  char conv = 0;
  if (i < n && s[i] == '!') {
    if (i + 1 >= n) { obj_raise(&exc_ValueError, "end of string while looking for conversion specifier"); return -1; }
    conv = s[i + 1];
    i += 2;
    if (i < n && s[i] != ':') { obj_raise(&exc_ValueError, "expected ':' after conversion specifier"); return -1; }
    if (conv != 'r' && conv != 's' && conv != 'a') {
      obj_raise(&exc_ValueError, "Unknown conversion specifier %c", conv);
      return -1;
    }
  }
  /* the field's own argument is taken before those nested in its spec ('{:{}}' is 0, then 1) */
  Value v = get_field(st, s, name_end);
  if (VAL_IS_NULL(v)) return -1;
  Value spec;
  if (i < n && s[i] == ':') {
    FBuf sb = {0};
    if (depth > 1) { obj_raise(&exc_ValueError, "Max string recursion exceeded"); val_decref(v); return -1; }
    if (format_into(st, s + i + 1, n - i - 1, &sb, depth + 1) < 0) { fbuf_free(&sb); val_decref(v); return -1; }
    spec = sb.cap == (size_t)-1 ? obj_raise_nomem() : str_new(sb.s ? sb.s : "", sb.len);
    fbuf_free(&sb);
  } else {
    spec = str_new("", 0);
  }
  if (VAL_IS_NULL(spec)) { val_decref(v); return -1; }
  if (conv) {
    Value c = conv == 's' ? op_str(v) : op_repr(v);
    val_decref(v);
    if (VAL_IS_NULL(c)) { val_decref(spec); return -1; }
    v = c;
  }
  Value r = op_format(v, spec);
  val_decref(v);
  val_decref(spec);
  if (VAL_IS_NULL(r)) return -1;
  fbuf_putn(out, STR(r.u.o)->s, STR(r.u.o)->len);
  val_decref(r);
  return 0;
}

static int format_into(FmtState *st, const char *s, size_t n, FBuf *out, int depth) {
  size_t i = 0;
  while (i < n) {
    char c = s[i];
    if (c == '{') {
      if (i + 1 < n && s[i + 1] == '{') { fbuf_putc(out, '{'); i += 2; continue; }
      /* find the matching brace */
      size_t j = i + 1;
      int level = 1;
      while (j < n) {
        if (s[j] == '{') level++;
        else if (s[j] == '}' && --level == 0) break;
        j++;
      }
      if (j >= n) {
        obj_raise(&exc_ValueError, level > 1 ? "unmatched '{' in format spec" : "expected '}' before end of string");
        return -1;
      }
      if (do_field(st, s + i + 1, j - i - 1, out, depth) < 0) return -1;
      i = j + 1;
    } else if (c == '}') {
      if (i + 1 < n && s[i + 1] == '}') { fbuf_putc(out, '}'); i += 2; continue; }
      obj_raise(&exc_ValueError, "Single '}' encountered in format string");
      return -1;
    } else {
      fbuf_putc(out, c);
      i++;
    }
  }
  return 0;
}

Value strfmt_format(Value fmt, int argc, const Value *argv, Obj *kwnames) {
  FmtState st = {argc, argv, kwnames, 0, 0};
  FBuf out = {0};
  StrObj *s = STR(fmt.u.o);
  if (format_into(&st, s->s, s->len, &out, 0) < 0) { fbuf_free(&out); return val_null(); }
  if (out.cap == (size_t)-1) return obj_raise_nomem();   /* the buffer refused to grow */
  Value r = str_new(out.s ? out.s : "", out.len);
  fbuf_free(&out);
  return r;
}

/* ---- % formatting --------------------------------------------------------------------------- */
/* %d of an object: __int__ (numpy scalars, float ones too), else __index__; %x/%o: __index__.
 * The int (a new ref, possibly big), or V_NULL with an error pending; as CPython, a TypeError
 * on the way (no method, one returning a non-int) becomes the format's own message. */
static Value pct_obj_int(Value v, char type) {
  int dec = type == 'd' || type == 'i' || type == 'u';
  Value r = dec ? op_conv_dunder(v, "__int__") : val_null();
  if (VAL_IS_NULL(r) && !obj_err_occurred()) r = op_conv_dunder(v, "__index__");
  if (!VAL_IS_NULL(r) && num_is_int(r)) return r;
  val_decref(r);
  if (obj_err_occurred() && !obj_err_matches(&exc_TypeError)) return val_null();
  obj_err_clear();
  return obj_raise(&exc_TypeError, dec ? "%%%c format: a real number is required, not %s"
                                       : "%%%c format: an integer is required, not %s",
                   type, op_type_name(v));
}

static int pct_number(Value v, char type, FmtSpec *sp, FBuf *out) {
  char err[200];
  int r;
  Value big = num_unbox(v);
  if (!num_is_int(big) && !VAL_IS_FLOAT(big) && type != 'e' && type != 'E' &&
      type != 'f' && type != 'F' && type != 'g' && type != 'G') {
    Value iv = pct_obj_int(v, type);
    if (VAL_IS_NULL(iv)) return -1;
    r = pct_number(iv, type, sp, out);
    val_decref(iv);
    return r;
  }
  if (num_is_big(big) || (VAL_IS_FLOAT(v) && (type == 'd' || type == 'i' || type == 'u') &&
                          isfinite(v.u.f) && fabs(v.u.f) >= 9.2e18)) {
    /* an int beyond int64 (or %d of a float that becomes one) */
    big = VAL_IS_FLOAT(v) ? num_big_from_double(trunc(v.u.f)) : val_incref(big);
    if (VAL_IS_NULL(big)) return -1;
    sp->type = (type == 'i' || type == 'u') ? 'd' : type;
    if (sp->type != 'd' && sp->type != 'x' && sp->type != 'X' && sp->type != 'o' &&
        sp->precision < 0)
      sp->precision = 6;
    r = num_big_format(big, sp, out, err, sizeof err);
    val_decref(big);
    if (r == -2) return -1;
    if (r < 0) { obj_raise(&exc_ValueError, "%s", err); return -1; }
    return 0;
  }
  if (type == 'd' || type == 'i' || type == 'u') {
    int64_t i;
    if (VAL_IS_INTLIKE(big)) i = big.u.i;
    else if (num_float_to_int(big.u.f, &i) < 0) return -1;
    sp->type = 'd';
    r = fmt_format_int(i, sp, out, err, sizeof err);
  } else if (type == 'x' || type == 'X' || type == 'o') {
    int64_t i;
    int k = op_index_value(v, &i);
    if (k <= 0) {
      if (k == 0)
        obj_raise(&exc_TypeError, "%%%c format: an integer is required, not %s", type, op_type_name(v));
      return -1;
    }
    sp->type = type;
    r = fmt_format_int(i, sp, out, err, sizeof err);
  } else {
    double d;
    if (VAL_IS_FLOAT(v)) d = v.u.f;
    else if (VAL_IS_INTLIKE(v)) d = (double)v.u.i;
    else if (op_as_float(v, &d) < 0) {
      obj_err_clear();
      obj_raise(&exc_TypeError, "must be real number, not %s", op_type_name(v));
      return -1;
    }
    sp->type = type;
    if (sp->precision < 0) sp->precision = 6;
    r = fmt_format_float(d, sp, out, err, sizeof err);
  }
  if (r < 0) { obj_raise(&exc_ValueError, "%s", err); return -1; }
  return 0;
}

/* "%(key)s": the value args[key] (new ref); *pi is at the '(' and moves past the ')' */
static Value pct_mapping_value(Value args, int is_map, int bmode, const char *s, size_t n, size_t *pi) {
  size_t i = *pi;
  size_t j = ++i;
  int level = 1;
  while (i < n && level) {
    if (s[i] == '(') level++;
    else if (s[i] == ')') level--;
    if (level) i++;
  }
  if (i >= n) return obj_raise(&exc_ValueError, "incomplete format key");
  if (!is_map) return obj_raise(&exc_TypeError, "format requires a mapping");
  Value key = bmode ? bytes_new(s + j, i - j) : str_new(s + j, i - j);
  if (VAL_IS_NULL(key)) return key;
  Value v = op_getitem(args, key);
  val_decref(key);
  *pi = i + 1;
  return v;
}

/* The flags, width and precision of one conversion ("-08.3"; a '*' takes an int from the
 * arguments items[*next]) and the length modifiers, up to the conversion character.
 * *left: the '-' flag. */
static int pct_spec(const char *s, size_t n, size_t *pi, FmtSpec *sp, int *left,
                    const Value *items, int64_t nitems, int64_t *next) {
  size_t i = *pi;
  memset(sp, 0, sizeof *sp);
  sp->fill = ' ';
  sp->width = -1;
  sp->precision = -1;
  *left = 0;
  for (; i < n; i++) {
    char c = s[i];
    if (c == '-') *left = 1;
    else if (c == '+') sp->sign = '+';
    else if (c == ' ') { if (sp->sign != '+') sp->sign = ' '; }
    else if (c == '#') sp->alternate = 1;
    else if (c == '0') sp->zero = 1;
    else break;
  }
  if (i < n && s[i] == '*') {
    if (*next >= nitems || !VAL_IS_INTLIKE(items[*next])) {
      obj_raise(&exc_TypeError, "* wants int");
      return -1;
    }
    sp->width = (int)items[(*next)++].u.i;
    if (sp->width < 0) { *left = 1; sp->width = -sp->width; }
    i++;
  } else {
    while (i < n && isdigit((unsigned char)s[i])) {
      if (sp->width < 0) sp->width = 0;
      if (sp->width < 100000000) sp->width = sp->width * 10 + (s[i] - '0');
      i++;
    }
  }
  if (i < n && s[i] == '.') {
    i++;
    sp->precision = 0;
    if (i < n && s[i] == '*') {
      if (*next >= nitems || !VAL_IS_INTLIKE(items[*next])) {
        obj_raise(&exc_TypeError, "* wants int");
        return -1;
      }
      sp->precision = (int)items[(*next)++].u.i;
      if (sp->precision < 0) sp->precision = 0;
      i++;
    } else {
      while (i < n && isdigit((unsigned char)s[i])) {
        if (sp->precision < 100000000) sp->precision = sp->precision * 10 + (s[i] - '0');
        i++;
      }
    }
  }
  while (i < n && (s[i] == 'l' || s[i] == 'h' || s[i] == 'L')) i++;
  *pi = i;
  return 0;
}

/* bytes % (PEP 461): pad the raw bytes p[0..k) (cut to the precision for %s/%b/%r/%a) */
static void pct_pad_bytes(const char *p, size_t k, const FmtSpec *sp, int left, int cut, FBuf *out) {
  if (cut && sp->precision >= 0 && (size_t)sp->precision < k) k = (size_t)sp->precision;
  size_t w = sp->width > 0 ? (size_t)sp->width : 0;
  size_t pad = w > k ? w - k : 0;
  if (!left) for (size_t i = 0; i < pad; i++) fbuf_putc(out, ' ');
  fbuf_putn(out, p, k);
  if (left) for (size_t i = 0; i < pad; i++) fbuf_putc(out, ' ');
}

/* ascii(v): repr with the non-ASCII characters escaped */
static Value pct_ascii(Value v) {
  Value r = op_repr(v);
  if (VAL_IS_NULL(r) || STR(r.u.o)->ascii) return r;
  StrObj *s = STR(r.u.o);
  FBuf b = {0};
  for (size_t i = 0; i < s->len;) {
    uint32_t c;
    int k = utf8_decode(s->s + i, s->len - i, &c);
    if (k <= 0) { c = (unsigned char)s->s[i]; k = 1; }
    if (c < 0x80) fbuf_putc(&b, (char)c);
    else if (c < 0x100) fbuf_printf(&b, "\\x%02x", c);
    else if (c < 0x10000) fbuf_printf(&b, "\\u%04x", c);
    else fbuf_printf(&b, "\\U%08x", c);
    i += (size_t)k;
  }
  val_decref(r);
  Value out = b.cap == (size_t)-1 ? obj_raise_nomem() : str_new(b.s ? b.s : "", b.len);
  fbuf_free(&b);
  return out;
}

/* %s / %b in bytes: a buffer, or __bytes__ */
static int pct_bytes_arg(Value v, const FmtSpec *sp, int left, FBuf *out) {
  ObjBuffer vb;
  if (VAL_IS_BYTES(v) || VAL_IS_BYTEARRAY(v) || (VAL_IS_OBJ(v) && op_type(v)->getbuffer && !VAL_IS_STR(v))) {
    if (bytes_view(v, &vb) < 0) return -1;
    pct_pad_bytes(vb.buf, (size_t)vb.len, sp, left, 1, out);
    return 0;
  }
  if (VAL_IS_OBJ(v) && !VAL_IS_STR(v) && op_hasattr_s(v, "__bytes__")) {
    Value b = op_call_method(v, "__bytes__", 0, NULL);
    if (VAL_IS_NULL(b)) return -1;
    if (!VAL_IS_BYTES(b)) {
      obj_raise(&exc_TypeError, "__bytes__ returned non-bytes (type %s)", op_type_name(b));
      val_decref(b);
      return -1;
    }
    pct_pad_bytes(BYTES(b.u.o)->s, BYTES(b.u.o)->len, sp, left, 1, out);
    val_decref(b);
    return 0;
  }
  obj_raise(&exc_TypeError, "%%b requires a bytes-like object, or an object that implements "
            "__bytes__, not '%s'", op_type_name(v));
  return -1;
}

static int pct_convert_bytes(Value v, char type, FmtSpec *sp, int left, FBuf *out) {
  if (type == 's' || type == 'b') return pct_bytes_arg(v, sp, left, out);
  if (type == 'r' || type == 'a') {
    Value t = pct_ascii(v);
    if (VAL_IS_NULL(t)) return -1;
    pct_pad_bytes(STR(t.u.o)->s, STR(t.u.o)->len, sp, left, 1, out);
    val_decref(t);
    return 0;
  }
  /* 'c' */
  char ch;
  if (VAL_IS_BYTES(v) || VAL_IS_BYTEARRAY(v)) {
    ObjBuffer vb;
    if (bytes_view(v, &vb) < 0) return -1;
    if (vb.len != 1) {
      obj_raise(&exc_TypeError, "%%c requires an integer in range(256) or a single byte");
      return -1;
    }
    ch = *(const char *)vb.buf;
  } else {
    int64_t i;
    int k = VAL_IS_STR(v) || VAL_IS_FLOAT(v) ? 0 : op_index_value(v, &i);
    if (k < 0) return -1;
    if (k == 0) {
      obj_raise(&exc_TypeError, "%%c requires an integer in range(256) or a single byte");
      return -1;
    }
    if (i < 0 || i > 255) { obj_raise(&exc_OverflowError, "%%c arg not in range(256)"); return -1; }
    ch = (char)i;
  }
  pct_pad_bytes(&ch, 1, sp, left, 0, out);
  return 0;
}

/* One conversion of v by its character type into out; at: the type's index (for errors). */
static int pct_convert(Value v, char type, FmtSpec *sp, int left, size_t at, int bmode, FBuf *out) {
  char err[200];
  int r = 0;
  if (bmode && (type == 's' || type == 'b' || type == 'r' || type == 'a' || type == 'c'))
    return pct_convert_bytes(v, type, sp, left, out);
  switch (type) {
    case 'd': case 'i': case 'u': case 'x': case 'X': case 'o':
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G':
      if (sp->zero && !left) { sp->align = '='; sp->fill = '0'; }
      if (!left && !sp->align) sp->align = '>';
      r = pct_number(v, type, sp, out);
      break;
    case 'c': {
      char u[4];
      int k = -1;
      if (VAL_IS_INTLIKE(v)) k = utf8_encode((uint32_t)v.u.i, u);
      else if (VAL_IS_STR(v) && STR(v.u.o)->ncp == 1) { k = (int)STR(v.u.o)->len; memcpy(u, STR(v.u.o)->s, (size_t)k); }
      if (k <= 0) { obj_raise(&exc_TypeError, "%%c requires int or char"); r = -1; break; }
      FmtSpec cs = *sp;
      cs.precision = -1;
      cs.zero = 0;
      cs.sign = 0;
      if (!left) cs.align = '>';
      r = fmt_format_str(u, (size_t)k, &cs, out, err, sizeof err);
      if (r < 0) obj_raise(&exc_ValueError, "%s", err);
      break;
    }
    case 's': case 'r': case 'a': {
      Value t = type == 's' ? op_str(v) : op_repr(v);
      if (VAL_IS_NULL(t)) { r = -1; break; }
      FmtSpec cs = *sp;
      cs.zero = 0;
      cs.sign = 0;
      cs.alternate = 0;
      cs.type = 's';
      if (!left) cs.align = '>';
      r = fmt_format_str(STR(t.u.o)->s, STR(t.u.o)->len, &cs, out, err, sizeof err);
      if (r < 0) obj_raise(&exc_ValueError, "%s", err);
      val_decref(t);
      break;
    }
    default:
      obj_raise(&exc_ValueError, "unsupported format character '%c' (0x%x) at index %zu", type,
                (unsigned char)type, at);
      r = -1;
  }
  return r;
}

/* the formatting of s[0..n) with args into out: str % args, or bytes % args (bmode) */
static int pct_run(const char *s, size_t n, Value args, int bmode, FBuf *out_) {
  int is_map = VAL_IS_DICT(args) || (VAL_IS_OBJ(args) && (args.u.o->type->flags & TF_USER) &&
                                     !VAL_IS_TUPLE(args) && op_hasattr_s(args, "keys"));
  const Value *items;
  int64_t nitems, next = 0;
  Value single = args;
  if (VAL_IS_TUPLE(args)) { items = TUPLE(args.u.o)->items; nitems = TUPLE(args.u.o)->len; }
  else { items = &single; nitems = 1; }
  int used_map = 0;
  FBuf out = *out_;
  for (size_t i = 0; i < n;) {
    if (s[i] != '%') {
      size_t j = i;
      while (j < n && s[j] != '%') j++;
      fbuf_putn(&out, s + i, j - i);
      i = j;
      continue;
    }
    i++;
    if (i >= n) { obj_raise(&exc_ValueError, "incomplete format"); goto fail; }
    Value v = val_null();
    int have_v = 0;
    if (s[i] == '(') {
      v = pct_mapping_value(args, is_map, bmode, s, n, &i);
      if (VAL_IS_NULL(v)) goto fail;
      have_v = 1;
      used_map = 1;
    }
    FmtSpec sp;
    int left;
    if (pct_spec(s, n, &i, &sp, &left, items, nitems, &next) < 0) {
      if (have_v) val_decref(v);
      goto fail;
    }
    if (i >= n) {
      obj_raise(&exc_ValueError, "incomplete format");
      if (have_v) val_decref(v);
      goto fail;
    }
    char type = s[i++];
    if (type == '%') {
      fbuf_putc(&out, '%');
      if (have_v) val_decref(v);
      continue;
    }
    if (!have_v) {
      if (is_map && !VAL_IS_TUPLE(args)) {
        v = val_incref(args);
        used_map = 1;
      } else {
        if (next >= nitems) { obj_raise(&exc_TypeError, "not enough arguments for format string"); goto fail; }
        v = val_incref(items[next++]);
      }
    }
    if (left) { sp.align = '<'; sp.zero = 0; }
    int r = pct_convert(v, type, &sp, left, i - 1, bmode, &out);
    val_decref(v);
    if (r < 0) goto fail;
  }
  if (!used_map && next < nitems && !(is_map && !VAL_IS_TUPLE(args))) {
    obj_raise(&exc_TypeError, bmode ? "not all arguments converted during bytes formatting"
                                    : "not all arguments converted during string formatting");
    goto fail;
  }
  *out_ = out;
  if (out.cap == (size_t)-1) { obj_raise_nomem(); return -1; }
  return 0;
fail:
  *out_ = out;
  return -1;
}

Value strfmt_percent(Value fmtv, Value args) {
  FBuf out = {0};
  if (pct_run(STR(fmtv.u.o)->s, STR(fmtv.u.o)->len, args, 0, &out) < 0) { fbuf_free(&out); return val_null(); }
  Value r = str_new(out.s ? out.s : "", out.len);
  fbuf_free(&out);
  return r;
}

Value strfmt_percent_bytes(const char *s, size_t n, Value args, int bytearray) {
  FBuf out = {0};
  if (pct_run(s, n, args, 1, &out) < 0) { fbuf_free(&out); return val_null(); }
  Value r = bytearray ? bytes_bytearray_new(out.s ? out.s : "", out.len) : bytes_new(out.s ? out.s : "", out.len);
  fbuf_free(&out);
  return r;
}
