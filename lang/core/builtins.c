/* builtins.c - the builtins module: print, len, sum, min/max, sorted, isinstance, getattr,
 * input, help, ... and the builtin types and exception classes under their Python names. */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include "eval.h"


/* ---- output --------------------------------------------------------------------------- */
static int write_to(Value file, const char *s, size_t n) {
  if (VAL_IS_NULL(file) || VAL_IS_NONE(file)) {
    obj_write(1, s, n);
    return 0;
  }
  Value str = str_new(s, n);
  if (VAL_IS_NULL(str)) return -1;
  Value r = op_call_method(file, "write", 1, &str);
  val_decref(str);
  if (VAL_IS_NULL(r)) return -1;
  val_decref(r);
  return 0;
}

static Value b_print(int argc, const Value *argv, Obj *kw) {
  Value sep = val_null(), end = val_null(), file = val_null(), flush = val_null();
  int nk = func_kwcount(kw);
  for (int k = 0; k < nk; k++) {
    const char *n = func_kwname(kw, k);
    Value v = argv[argc + k];
    if (strcmp(n, "sep") == 0) sep = v;
    else if (strcmp(n, "end") == 0) end = v;
    else if (strcmp(n, "file") == 0) file = v;
    else if (strcmp(n, "flush") == 0) flush = v;
    else return obj_raise(&exc_TypeError, "'%s' is an invalid keyword argument for print()", n);
  }
  if (!VAL_IS_NULL(sep) && !VAL_IS_NONE(sep) && !VAL_IS_STR(sep))
    return obj_raise(&exc_TypeError, "sep must be None or a string, not %s", op_type_name(sep));
  if (!VAL_IS_NULL(end) && !VAL_IS_NONE(end) && !VAL_IS_STR(end))
    return obj_raise(&exc_TypeError, "end must be None or a string, not %s", op_type_name(end));
  FBuf b = {0};
  for (int i = 0; i < argc; i++) {
    if (i) {
      if (VAL_IS_STR(sep)) fbuf_putn(&b, STR(sep.u.o)->s, STR(sep.u.o)->len);
      else fbuf_putc(&b, ' ');
    }
    Value s = op_str(argv[i]);
    if (VAL_IS_NULL(s)) { fbuf_free(&b); return s; }
    fbuf_putn(&b, STR(s.u.o)->s, STR(s.u.o)->len);
    val_decref(s);
  }
  if (VAL_IS_STR(end)) fbuf_putn(&b, STR(end.u.o)->s, STR(end.u.o)->len);
  else fbuf_putc(&b, '\n');
  int r = write_to(file, b.s ? b.s : "", b.len);
  fbuf_free(&b);
  if (r < 0) return val_null();
  if (!VAL_IS_NULL(flush)) {
    int t = op_truth(flush);
    if (t < 0) return val_null();
    /* the script sink writes to stdio: a crash after print(..., flush=True) must not lose it */
    if (t && (VAL_IS_NULL(file) || VAL_IS_NONE(file))) fflush(stdout);
    else if (t) {
      Value fr = op_call_method(file, "flush", 0, NULL);
      if (VAL_IS_NULL(fr)) return fr;
      val_decref(fr);
    }
  }
  return val_none();
}

static Value b_input(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("input", argc, kw, 0, 1) < 0) return val_null();
  const char *prompt = "";
  Value ps = val_null();
  if (argc == 1) {
    ps = op_str(argv[0]);
    if (VAL_IS_NULL(ps)) return ps;
    prompt = str_cstr(ps);
  }
  const sb_sink *k = obj_ts.sink;
  char *line = NULL;
  if (k && k->input) {
    line = k->input(k->ud, prompt, 0);
  } else {
    if (*prompt) obj_write(1, prompt, strlen(prompt));
    fflush(stdout);
    /* read fd 0 directly, waking up to notice Ctrl-C */
    FBuf b = {0};
    int eof = 0;
    for (;;) {
      struct pollfd pfd = {0, POLLIN, 0};
      int pr = poll(&pfd, 1, 100);
      if (obj_interrupted && obj_check_signals() < 0) { fbuf_free(&b); val_decref(ps); return val_null(); }
      if (pr <= 0) continue;
      char c;
      ssize_t r = read(0, &c, 1);
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) { eof = 1; break; }
      if (c == '\n') break;
      fbuf_putc(&b, c);
      if (b.len > obj_alloc_cap()) break;
    }
    if (eof && b.len == 0) {
      fbuf_free(&b);
    } else {
      line = strdup(b.s ? b.s : "");
      fbuf_free(&b);
      if (line && strlen(line) && line[strlen(line) - 1] == '\r') line[strlen(line) - 1] = 0;
    }
  }
  val_decref(ps);
  if (!line) {
    if (obj_interrupted && obj_check_signals() < 0) return val_null();
    return obj_raise(&exc_EOFError, "EOF when reading a line");
  }
  Value r = utf8_valid(line, strlen(line)) ? str_from_cstr(line)
                                            : obj_raise(&exc_UnicodeDecodeError, "input is not valid UTF-8");
  free(line);
  return r;
}

/* ---- numbers -------------------------------------------------------------------------------- */
static Value b_abs(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("abs", argc, kw, 1, 1) < 0) return val_null();
  return op_unary(OBJ_UOP_ABS, argv[0]);
}

static double round_half_even(double x) {
  double r = round(x);
  if (fabs(x - trunc(x)) == 0.5) r = 2.0 * round(x / 2.0);
  return r;
}

static Value b_round(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("round", argc, argv, kw, "number|ndigits", a) < 0) return val_null();
  Value x = a[0];
  if (VAL_IS_OBJ(x) && x.u.o->type->layout) {   /* an int/float subclass without __round__ */
    Value m = class_user_method(x, "__round__");
    if (VAL_IS_NULL(m)) x = num_unbox(x);
    val_decref(m);
  }
  int has_nd = !VAL_IS_NULL(a[1]) && !VAL_IS_NONE(a[1]);
  int64_t nd = 0;
  if (has_nd && op_as_int(a[1], &nd) < 0) return val_null();
  if (num_is_int(x)) {
    if (!has_nd || nd >= 0) return VAL_IS_BOOL(x) ? val_int(x.u.i) : val_incref(x);
    /* 10**-nd > 2|x|: the result is 0 (without computing a huge power) */
    if ((double)-nd * 3.3219280948873622 > (double)num_big_bitlen(x) + 2) return val_int(0);
    Value p = op_binop(OP_POW, val_int(10), val_int(-nd));
    if (VAL_IS_NULL(p)) return p;
    Value q = op_binop(OP_FLOORDIV, x, p), r = val_null(), t = val_null(), res = val_null();
    if (VAL_IS_NULL(q)) goto rdone;
    r = op_binop(OP_MOD, x, p);
    if (VAL_IS_NULL(r)) goto rdone;
    t = op_binop(OP_ADD, r, r);
    if (VAL_IS_NULL(t)) goto rdone;
    int c = num_big_cmp(t, p);
    Value qodd = op_binop(OP_BITAND, q, val_int(1));   /* always a small int */
    if (c > 0 || (c == 0 && VAL_IS_INT(qodd) && qodd.u.i == 1)) {
      Value q1 = op_binop(OP_ADD, q, val_int(1));
      val_decref(q);
      q = q1;
      if (VAL_IS_NULL(q)) goto rdone;
    }
    res = op_binop(OP_MULT, q, p);
  rdone:
    val_decref(p); val_decref(q); val_decref(r); val_decref(t);
    return res;
  }
  if (VAL_IS_FLOAT(x)) {
    double d = x.u.f;
    if (!has_nd) {
      if (isnan(d)) return obj_raise(&exc_ValueError, "cannot convert float NaN to integer");
      if (isinf(d)) return obj_raise(&exc_OverflowError, "cannot convert float infinity to integer");
      return num_big_from_double(round_half_even(d));
    }
    if (!isfinite(d) || d == 0.0) return val_float(d);
    if (nd > 330) return val_float(d);
    if (nd < -330) return val_float(copysign(0.0, d));
    if (nd >= 0) {
      char buf[400];
      snprintf(buf, sizeof buf, "%.*f", (int)nd, d);
      double r = strtod(buf, NULL);
      if (r == 0.0) r = copysign(0.0, d);
      return val_float(r);
    }
    double p = pow(10.0, (double)-nd);
    double y = round_half_even(d / p) * p;
    if (isinf(y)) return obj_raise(&exc_OverflowError, "rounded value too large to represent");
    if (y == 0.0) y = copysign(0.0, d);
    return val_float(y);
  }
  if (VAL_IS_OBJ(x)) {
    Value m = (x.u.o->type->flags & TF_USER) ? class_user_method(x, "__round__")
                                             : op_getattr_s(x, "__round__");
    if (!VAL_IS_NULL(m)) {
      Value r = has_nd ? op_call1(m, a[1]) : op_call0(m);
      val_decref(m);
      return r;
    }
    obj_err_clear();
  }
  return obj_raise(&exc_TypeError, "type %s doesn't define __round__ method", op_type_name(x));
}

static Value b_divmod(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("divmod", argc, kw, 2, 2) < 0) return val_null();
  if (VAL_IS_OBJ(argv[0]) && (argv[0].u.o->type->flags & TF_USER)) {
    Value m = class_user_method(argv[0], "__divmod__");
    if (!VAL_IS_NULL(m)) { Value r = op_call1(m, argv[1]); val_decref(m); return r; }
  }
  Value q = op_binop(OP_FLOORDIV, argv[0], argv[1]);
  if (VAL_IS_NULL(q)) {
    if (obj_err_matches(&exc_TypeError)) {
      obj_err_clear();
      return obj_raise(&exc_TypeError, "unsupported operand type(s) for divmod(): '%s' and '%s'",
                       op_type_name(argv[0]), op_type_name(argv[1]));
    }
    return q;
  }
  Value r = op_binop(OP_MOD, argv[0], argv[1]);
  if (VAL_IS_NULL(r)) { val_decref(q); return r; }
  Value t = tuple_pack(2, q, r);
  val_decref(q);
  val_decref(r);
  return t;
}

static Value b_pow(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("pow", argc, argv, kw, "base,exp|mod", a) < 0) return val_null();
  if (VAL_IS_NULL(a[2]) || VAL_IS_NONE(a[2])) return op_binop(OP_POW, a[0], a[1]);
  for (int i = 0; i < 3; i++) a[i] = num_unbox(a[i]);
  if (!num_is_int(a[0]) || !num_is_int(a[1]) || !num_is_int(a[2]))
    return obj_raise(&exc_TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
  if (!VAL_IS_INTLIKE(a[0]) || !VAL_IS_INTLIKE(a[1]) || !VAL_IS_INTLIKE(a[2]) || a[1].u.i < 0)
    return num_big_powmod(a[0], a[1], a[2]);
  int64_t b = a[0].u.i, e = a[1].u.i, m = a[2].u.i;
  if (m == 0) return obj_raise(&exc_ValueError, "pow() 3rd argument cannot be 0");
  __int128 mm = m < 0 ? -(__int128)m : m, r = 1 % mm, x = ((b % mm) + mm) % mm;
  while (e) {
    if (e & 1) r = r * x % mm;
    x = x * x % mm;
    e >>= 1;
  }
  if (m < 0 && r != 0) r -= mm;
  return val_int((int64_t)r);
}

static Value b_hex_like(int argc, const Value *argv, Obj *kw, const char *name, int base,
                        const char *prefix) {
  if (func_check_args(name, argc, kw, 1, 1) < 0) return val_null();
  int64_t v;
  if (num_is_big(num_unbox(argv[0]))) return num_big_to_base(num_unbox(argv[0]), base, prefix);
  if (VAL_IS_OBJ(argv[0]) && !num_is_int(num_unbox(argv[0]))) {
    Value r = op_conv_dunder(argv[0], "__index__");   /* may give a big int */
    if (!VAL_IS_NULL(r) && num_is_big(r)) {
      Value t = num_big_to_base(r, base, prefix);
      val_decref(r);
      return t;
    }
    val_decref(r);
    if (obj_err_occurred()) return val_null();
  }
  if (op_as_int(argv[0], &v) < 0) return val_null();
  uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  char digits[70];
  int k = 0;
  do {
    int d = (int)(u % (uint64_t)base);
    digits[k++] = (char)(d < 10 ? '0' + d : 'a' + d - 10);
    u /= (uint64_t)base;
  } while (u);
  char out[80];
  int p = 0;
  if (v < 0) out[p++] = '-';
  for (const char *q = prefix; *q; q++) out[p++] = *q;
  while (k) out[p++] = digits[--k];
  return str_new(out, (size_t)p);
}
static Value b_hex(int argc, const Value *argv, Obj *kw) { return b_hex_like(argc, argv, kw, "hex", 16, "0x"); }
static Value b_bin(int argc, const Value *argv, Obj *kw) { return b_hex_like(argc, argv, kw, "bin", 2, "0b"); }
static Value b_oct(int argc, const Value *argv, Obj *kw) { return b_hex_like(argc, argv, kw, "oct", 8, "0o"); }

static Value b_chr(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("chr", argc, kw, 1, 1) < 0) return val_null();
  if (num_is_big(num_unbox(argv[0])))
    return obj_raise(&exc_OverflowError, "Python int too large to convert to C int");
  int64_t c;
  if (op_as_int(argv[0], &c) < 0) return val_null();
  if (c < 0 || c > 0x10ffff) return obj_raise(&exc_ValueError, "chr() arg not in range(0x110000)");
  char u[4];
  int k = utf8_encode((uint32_t)c, u);
  if (k <= 0) {
    /* a lone surrogate cannot be UTF-8 */
    return obj_raise(&exc_ValueError, "chr() of a surrogate is not supported in Sable");
  }
  return str_new(u, (size_t)k);
}

static Value b_ord(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("ord", argc, kw, 1, 1) < 0) return val_null();
  if (!VAL_IS_STR(argv[0]))
    return obj_raise(&exc_TypeError, "ord() expected string of length 1, but %s found", op_type_name(argv[0]));
  StrObj *s = STR(argv[0].u.o);
  if (s->ncp != 1)
    return obj_raise(&exc_TypeError, "ord() expected a character, but string of length %zu found", s->ncp);
  uint32_t c;
  if (utf8_decode(s->s, s->len, &c) <= 0) c = (unsigned char)s->s[0];
  return val_int(c);
}

/* ---- iteration helpers ------------------------------------------------------------------ */
static Value b_len(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("len", argc, kw, 1, 1) < 0) return val_null();
  int64_t n;
  if (op_len(argv[0], &n) < 0) return val_null();
  return val_int(n);
}

static Value b_sum(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("sum", argc, argv, kw, "iterable|start", a) < 0) return val_null();
  Value acc = VAL_IS_NULL(a[1]) ? val_int(0) : val_incref(a[1]);
  if (VAL_IS_STR(acc)) {
    val_decref(acc);
    return obj_raise(&exc_TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
  }
  Value it = op_iter(a[0]);
  if (VAL_IS_NULL(it)) { val_decref(acc); return it; }
  Value x;
  int r;
  while ((r = op_next(it, &x)) == 1) {
    Value n;
    int64_t z;
    if (acc.tag == V_INT && x.tag == V_INT && !__builtin_add_overflow(acc.u.i, x.u.i, &z)) n = val_int(z);
    else if (acc.tag == V_FLOAT && x.tag == V_FLOAT) n = val_float(acc.u.f + x.u.f);
    else n = op_binop(OP_ADD, acc, x);
    val_decref(x);
    val_decref(acc);
    acc = n;
    if (VAL_IS_NULL(acc)) { r = -1; break; }
  }
  val_decref(it);
  if (r < 0) { val_decref(acc); return val_null(); }
  return acc;
}

static Value minmax(int argc, const Value *argv, Obj *kw, int is_max) {
  const char *name = is_max ? "max" : "min";
  Value key = val_null(), dflt = val_null();
  int nk = func_kwcount(kw);
  for (int k = 0; k < nk; k++) {
    const char *n = func_kwname(kw, k);
    if (strcmp(n, "key") == 0) key = argv[argc + k];
    else if (strcmp(n, "default") == 0) dflt = argv[argc + k];
    else return obj_raise(&exc_TypeError, "'%s' is an invalid keyword argument for %s()", n, name);
  }
  if (VAL_IS_NONE(key)) key = val_null();
  if (argc == 0) return obj_raise(&exc_TypeError, "%s expected at least 1 argument, got 0", name);
  Value it;
  if (argc == 1) {
    it = op_iter(argv[0]);
  } else {
    if (!VAL_IS_NULL(dflt))
      return obj_raise(&exc_TypeError, "Cannot specify a default for %s() with multiple positional arguments", name);
    Value t = tuple_from(argc, argv);
    if (VAL_IS_NULL(t)) return t;
    it = op_iter(t);
    val_decref(t);
  }
  if (VAL_IS_NULL(it)) return it;
  Value best = val_null(), bestk = val_null(), x;
  int r;
  while ((r = op_next(it, &x)) == 1) {
    Value k = VAL_IS_NULL(key) ? val_incref(x) : op_call1(key, x);
    if (VAL_IS_NULL(k)) { val_decref(x); r = -1; break; }
    if (VAL_IS_NULL(best)) {
      best = x;
      bestk = k;
      continue;
    }
    int c = op_compare_bool(k, bestk, is_max ? CMP_GT : CMP_LT);
    if (c < 0) { val_decref(x); val_decref(k); r = -1; break; }
    if (c) {
      val_decref(best);
      val_decref(bestk);
      best = x;
      bestk = k;
    } else {
      val_decref(x);
      val_decref(k);
    }
  }
  val_decref(it);
  val_decref(bestk);
  if (r < 0) { val_decref(best); return val_null(); }
  if (VAL_IS_NULL(best)) {
    if (!VAL_IS_NULL(dflt)) return val_incref(dflt);
    return obj_raise(&exc_ValueError, "%s() arg is an empty sequence", name);
  }
  return best;
}
static Value b_max(int argc, const Value *argv, Obj *kw) { return minmax(argc, argv, kw, 1); }
static Value b_min(int argc, const Value *argv, Obj *kw) { return minmax(argc, argv, kw, 0); }

static Value b_sorted(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("sorted", argc, argv, kw, "iterable|$key,reverse", a) < 0) return val_null();
  int rev = 0;
  if (!VAL_IS_NULL(a[2]) && (rev = op_truth(a[2])) < 0) return val_null();
  return list_sorted(a[0], a[1], rev);
}

static Value anyall(int argc, const Value *argv, Obj *kw, int is_any) {
  if (func_check_args(is_any ? "any" : "all", argc, kw, 1, 1) < 0) return val_null();
  Value it = op_iter(argv[0]);
  if (VAL_IS_NULL(it)) return it;
  Value x;
  int r, result = !is_any;
  while ((r = op_next(it, &x)) == 1) {
    int t = op_truth(x);
    val_decref(x);
    if (t < 0) { r = -1; break; }
    if (t == is_any) { result = is_any; break; }
  }
  val_decref(it);
  if (r < 0) return val_null();
  return val_bool(result);
}
static Value b_any(int argc, const Value *argv, Obj *kw) { return anyall(argc, argv, kw, 1); }
static Value b_all(int argc, const Value *argv, Obj *kw) { return anyall(argc, argv, kw, 0); }

static Value b_iter(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("iter", argc, kw, 1, 2) < 0) return val_null();
  if (argc == 2) {
    if (!op_callable(argv[0])) return obj_raise(&exc_TypeError, "iter(v, w): v must be callable");
    return iter_calliter_new(argv[0], argv[1]);
  }
  return op_iter(argv[0]);
}

static Value b_next(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("next", argc, kw, 1, 2) < 0) return val_null();
  if (!op_type(argv[0])->next)
    return obj_raise(&exc_TypeError, "'%s' object is not an iterator", op_type_name(argv[0]));
  Value x;
  int r;
  if (VAL_IS_OBJ(argv[0]) && argv[0].u.o->type == &gen_type) {
    /* a generator's return value travels in the StopIteration */
    r = gen_send(argv[0], val_none(), &x);
    if (r == 0 && argc == 1 && !VAL_IS_NONE(x)) {
      Value e = op_call1(val_obj(&exc_StopIteration.ob), x);
      val_decref(x);
      if (!VAL_IS_NULL(e)) { obj_raise_value(e); val_decref(e); }
      return val_null();
    }
    if (r == 0) val_decref(x);
  } else {
    r = op_next(argv[0], &x);
  }
  if (r < 0) return val_null();
  if (r == 0) {
    if (argc == 2) return val_incref(argv[1]);
    return obj_raise(&exc_StopIteration, "%s", "");
  }
  return x;
}

/* ---- objects ---------------------------------------------------------------------------- */
static int isinst_spec(Value v, Value spec, int sub, const char *name) {
  if (union_args(spec)) spec = val_obj(union_args(spec));
  if (VAL_IS_TUPLE(spec)) {
    for (int64_t i = 0; i < TUPLE(spec.u.o)->len; i++) {
      int r = isinst_spec(v, TUPLE(spec.u.o)->items[i], sub, name);
      if (r) return r;
    }
    return 0;
  }
  /* the class's type may decide (abc.ABCMeta, typing's protocols): CPython looks
   * __instancecheck__/__subclasscheck__ up on type(spec), skipping type's own */
  TypeObj *mt = op_type(spec);
  if (mt != &type_type) {
    Obj *hn = str_intern(sub ? "__subclasscheck__" : "__instancecheck__");
    Value h = hn ? type_lookup(mt, hn) : val_null();
    if (!VAL_IS_NULL(h) && !(VAL_IS_OBJ(h) && h.u.o == type_lookup(&type_type, hn).u.o)) {
      if (!sub && VAL_IS_TYPE(spec) && op_type(v) == (TypeObj *)spec.u.o) return 1;
      STACK_CHECK_OR(-1);
      val_incref(h);
      Value b = type_bind(h, spec, mt);
      val_decref(h);
      if (VAL_IS_NULL(b)) return -1;
      Value r = op_call1(b, v);
      val_decref(b);
      if (VAL_IS_NULL(r)) return -1;
      int t = op_truth(r);
      val_decref(r);
      return t;
    }
  }
  if (!VAL_IS_TYPE(spec)) {
    obj_raise(&exc_TypeError, "%s() arg 2 must be a type, a tuple of types, or a union", name);
    return -1;
  }
  TypeObj *t = (TypeObj *)spec.u.o;
  if (sub) {
    if (!VAL_IS_TYPE(v)) {
      obj_raise(&exc_TypeError, "issubclass() arg 1 must be a class");
      return -1;
    }
    TypeObj *vt = (TypeObj *)v.u.o;
    if (vt == &num_bool_type && t == &num_int_type) return 1;
    return op_is_subtype(vt, t);
  }
  if (t == &type_type) return VAL_IS_TYPE(v);
  return op_isinstance(v, t);
}

static Value b_isinstance(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("isinstance", argc, kw, 2, 2) < 0) return val_null();
  int r = isinst_spec(argv[0], argv[1], 0, "isinstance");
  return r < 0 ? val_null() : val_bool(r);
}

static Value b_issubclass(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("issubclass", argc, kw, 2, 2) < 0) return val_null();
  int r = isinst_spec(argv[0], argv[1], 1, "issubclass");
  return r < 0 ? val_null() : val_bool(r);
}

static Value b_repr(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("repr", argc, kw, 1, 1) < 0) return val_null();
  return op_repr(argv[0]);
}

static Value b_ascii(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("ascii", argc, kw, 1, 1) < 0) return val_null();
  Value r = op_repr(argv[0]);
  if (VAL_IS_NULL(r)) return r;
  StrObj *s = STR(r.u.o);
  if (s->ascii) return r;
  FBuf b = {0};
  for (size_t i = 0; i < s->len;) {
    uint32_t c;
    int k = utf8_decode(s->s + i, s->len - i, &c);
    if (k <= 0) { k = 1; c = (unsigned char)s->s[i]; }
    if (c < 128) fbuf_putc(&b, (char)c);
    else if (c < 256) fbuf_printf(&b, "\\x%02x", c);
    else if (c < 65536) fbuf_printf(&b, "\\u%04x", c);
    else fbuf_printf(&b, "\\U%08x", c);
    i += (size_t)k;
  }
  val_decref(r);
  Value out = str_new(b.s, b.len);
  fbuf_free(&b);
  return out;
}

static Obj *attr_name(Value v) {
  if (!VAL_IS_STR(v)) {
    obj_raise(&exc_TypeError, "attribute name must be string, not '%s'", op_type_name(v));
    return NULL;
  }
  return str_intern_n(STR(v.u.o)->s, STR(v.u.o)->len);
}

static Value b_getattr(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("getattr", argc, kw, 2, 3) < 0) return val_null();
  Obj *n = attr_name(argv[1]);
  if (!n) return val_null();
  Value r = op_getattr(argv[0], n);
  if (VAL_IS_NULL(r) && argc == 3 && obj_err_matches(&exc_AttributeError)) {
    obj_err_clear();
    return val_incref(argv[2]);
  }
  return r;
}

static Value b_setattr(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("setattr", argc, kw, 3, 3) < 0) return val_null();
  Obj *n = attr_name(argv[1]);
  if (!n || op_setattr(argv[0], n, argv[2]) < 0) return val_null();
  return val_none();
}

static Value b_delattr(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("delattr", argc, kw, 2, 2) < 0) return val_null();
  Obj *n = attr_name(argv[1]);
  if (!n || op_setattr(argv[0], n, val_null()) < 0) return val_null();
  return val_none();
}

static Value b_hasattr(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("hasattr", argc, kw, 2, 2) < 0) return val_null();
  Obj *n = attr_name(argv[1]);
  if (!n) return val_null();
  Value r = op_getattr(argv[0], n);
  if (VAL_IS_NULL(r)) {
    if (obj_err_matches(&exc_AttributeError)) { obj_err_clear(); return val_bool(0); }
    return r;
  }
  val_decref(r);
  return val_bool(1);
}

static Value b_id(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("id", argc, kw, 1, 1) < 0) return val_null();
  Value v = argv[0];
  if (VAL_IS_OBJ(v)) return val_int((int64_t)(uintptr_t)v.u.o);
  /* unboxed values: a stable number derived from the value */
  return val_int((int64_t)(((uint64_t)v.u.i * 2654435761u) ^ ((uint64_t)v.tag << 56)) & INT64_MAX);
}

static Value b_hash(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("hash", argc, kw, 1, 1) < 0) return val_null();
  int64_t h;
  if (op_hash(argv[0], &h) < 0) return val_null();
  return val_int(h);
}

static Value b_callable(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("callable", argc, kw, 1, 1) < 0) return val_null();
  return val_bool(op_callable(argv[0]));
}

static Value b_format(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("format", argc, kw, 1, 2) < 0) return val_null();
  Value spec = argc > 1 ? val_incref(argv[1]) : str_new("", 0);
  if (!VAL_IS_STR(spec)) {
    val_decref(spec);
    return obj_raise(&exc_TypeError, "format() argument 2 must be str, not %s", op_type_name(argv[1]));
  }
  Value r = op_format(argv[0], spec);
  val_decref(spec);
  return r;
}

static Value frame_locals(Frame *f) {
  if (!f || !f->scope || (f->scope->kind != SK_FUNC && f->scope->kind != SK_COMP)) {
    if (f && f->classdict) return dict_copy(val_obj(f->classdict));
    return f ? module_dict(f->mod) : dict_new();
  }
  Value d = dict_new();
  if (VAL_IS_NULL(d)) return d;
  for (int i = 0; i < f->scope->nlocals; i++) {
    Value v = f->locals[i];
    if (f->scope->is_cell[i] && VAL_IS_OBJ(v)) v = ((CellObj *)v.u.o)->v;
    if (VAL_IS_NULL(v) || !f->scope->slot_names[i]) continue;
    if (dict_setstr(d, f->scope->slot_names[i], v) < 0) { val_decref(d); return val_null(); }
  }
  return d;
}

static Value b_globals(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("globals", argc, kw, 0, 0) < 0) return val_null();
  Frame *f = obj_ts.frame;
  return f ? module_dict(f->mod) : dict_new();
}

static Value b_locals(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("locals", argc, kw, 0, 0) < 0) return val_null();
  return frame_locals(obj_ts.frame);
}

static Value b_vars(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("vars", argc, kw, 0, 1) < 0) return val_null();
  if (argc == 0) return frame_locals(obj_ts.frame);
  Value d = op_getattr_s(argv[0], "__dict__");
  if (VAL_IS_NULL(d) && obj_err_matches(&exc_AttributeError)) {
    obj_err_clear();
    return obj_raise(&exc_TypeError, "vars() argument must have __dict__ attribute");
  }
  return d;
}

static Value b_dir(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("dir", argc, kw, 0, 1) < 0) return val_null();
  if (argc == 1) {
    if (VAL_IS_OBJ(argv[0]) && (argv[0].u.o->type->flags & TF_USER)) {
      Value m = class_user_method(argv[0], "__dir__");
      if (!VAL_IS_NULL(m)) {
        Value r = op_call0(m);
        val_decref(m);
        if (VAL_IS_NULL(r)) return r;
        Value s = list_sorted(r, val_null(), 0);
        val_decref(r);
        return s;
      }
    }
    return type_dir(argv[0]);
  }
  Value d = frame_locals(obj_ts.frame);
  if (VAL_IS_NULL(d)) return d;
  Value l = list_sorted(d, val_null(), 0);
  val_decref(d);
  return l;
}

static Value b_exit(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("exit", argc, kw, 0, 1) < 0) return val_null();
  Value args = argc ? tuple_pack(1, argv[0]) : tuple_new(0);
  if (VAL_IS_NULL(args)) return args;
  Value e = exc_new(&exc_SystemExit, args);
  val_decref(args);
  if (VAL_IS_NULL(e)) return e;
  obj_raise_value(e);
  val_decref(e);
  return val_null();
}

/* help(x): the signature and docstring, written to stdout */
static Value b_help(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("help", argc, kw, 0, 1) < 0) return val_null();
  if (argc == 0) {
    const char *msg = "Type help(object) for help about object.\n";
    obj_write(1, msg, strlen(msg));
    return val_none();
  }
  char *t = help_text(argv[0]);
  if (!t) return val_null();
  obj_write(1, t, strlen(t));
  obj_write(1, "\n", 1);
  free(t);
  return val_none();
}

/* compile(): the source checked for syntax now, kept for exec()/eval() */
typedef struct CompiledObj { Obj ob; Value src, filename; int mode; } CompiledObj;
static void compiled_dealloc(Obj *o) {
  CompiledObj *c = (CompiledObj *)o;
  val_decref(c->src);
  val_decref(c->filename);
  obj_free(o);
}
static Value compiled_repr(Value v) {
  CompiledObj *c = (CompiledObj *)v.u.o;
  return str_fmt("<code object <module> at %p, file \"%s\", line 1>", (void *)c, str_cstr(c->filename));
}
static TypeObj compiled_type = {OBJ_TYPE_HEAD, .name = "code", .dealloc = compiled_dealloc,
                                .repr = compiled_repr};

#include "parse.h"
static Value b_compile(int argc, const Value *argv, Obj *kw) {
  Value a[6];
  if (func_parse_args("compile", argc, argv, kw, "source,filename,mode|flags,dont_inherit,optimize", a) < 0)
    return val_null();
  if (!VAL_IS_STR(a[0])) return obj_raise(&exc_TypeError, "compile() arg 1 must be a string");
  if (!VAL_IS_STR(a[1]) || !VAL_IS_STR(a[2])) return obj_raise(&exc_TypeError, "compile() arguments must be strings");
  const char *mode = str_cstr(a[2]);
  int m = strcmp(mode, "exec") == 0 ? 0 : strcmp(mode, "eval") == 0 ? 2 : strcmp(mode, "single") == 0 ? 1 : -1;
  if (m < 0) return obj_raise(&exc_ValueError, "compile() mode must be 'exec', 'eval' or 'single'");
  /* parse now, so that syntax errors surface at compile() as in Python */
  Session *s = obj_ts.session;
  Value tmp = module_new("<compile>");
  if (VAL_IS_NULL(tmp)) return tmp;
  (void)s;
  Arena *ar = arena_new();
  if (!ar) { val_decref(tmp); return obj_raise_nomem(); }
  ParseError pe;
  memset(&pe, 0, sizeof pe);
  Node *mod = parse_module(ar, str_cstr(a[0]), STR(a[0].u.o)->len, str_cstr(a[1]), &pe);
  arena_free(ar);
  val_decref(tmp);
  if (!mod) {
    /* run it through the normal path to get the SyntaxError with its location */
    Value dummy = val_null();
    Value mm = module_new("<compile>");
    if (VAL_IS_NULL(mm)) return mm;
    sb_exec_source(str_cstr(a[0]), STR(a[0].u.o)->len, str_cstr(a[1]), MODULE(mm.u.o), 2, &dummy);
    val_decref(dummy);
    val_decref(mm);
    return val_null();
  }
  CompiledObj *c = obj_alloc(&compiled_type, sizeof(CompiledObj));
  if (!c) return val_null();
  c->src = val_incref(a[0]);
  c->filename = val_incref(a[1]);
  c->mode = m;
  return val_obj(&c->ob);
}

static Value b_import(int argc, const Value *argv, Obj *kw) {
  Value a[5];
  if (func_parse_args("__import__", argc, argv, kw, "name|globals,locals,fromlist,level", a) < 0)
    return val_null();
  if (!VAL_IS_STR(a[0])) return obj_raise(&exc_TypeError, "__import__() argument 1 must be str");
  Value m = module_import(str_cstr(a[0]));
  if (VAL_IS_NULL(m)) return m;
  int from = !VAL_IS_NULL(a[3]) && !VAL_IS_NONE(a[3]) && op_truth(a[3]) > 0;
  const char *dot = strchr(str_cstr(a[0]), '.');
  if (from || !dot) return m;
  val_decref(m);
  char top[256];
  snprintf(top, sizeof top, "%.*s", (int)(dot - str_cstr(a[0])), str_cstr(a[0]));
  return module_import(top);
}

/* copy a dict's str-keyed entries into module slots; the values loaded are kept in *seen
   (name -> value) so that the write-back can tell the names the code rebound */
static int dict_into_module(Value d, ModuleObj *m, Value seen) {
  DictObj *dd = DICT(d.u.o);
  for (int64_t i = 0; i < dd->n; i++) {
    Value k = dd->entries[i].key, v = dd->entries[i].val;
    if (VAL_IS_NULL(k) || !VAL_IS_STR(k)) continue;
    int64_t slot = module_slot(m, k.u.o);
    if (slot < 0) return -1;
    val_decref(m->vals[slot]);
    m->vals[slot] = val_incref(v);
    if (dict_set_h(seen, k, STR(k.u.o)->hash, v) < 0) return -1;
  }
  return 0;
}

/* exec(src, globals[, locals]) / eval(src, globals[, locals]): the dicts' names are loaded into a
   fresh module, the code runs there, and the names it binds (or unbinds) are written back: into
   locals when given (only names new or rebound), else into globals. Functions defined by the
   code keep that module as their globals, so a later exec into the same dict does not rebind
   what they see. */
static Value run_in_dict(const char *name, Value src, const char *fname, Value g, Value loc, int is_eval) {
  if (!VAL_IS_DICT_ANY(g))
    return obj_raise(&exc_TypeError, "%s() globals must be a dict, not %s", name, op_type_name(g));
  if (!VAL_IS_NULL(loc) && !VAL_IS_DICT_ANY(loc))
    return obj_raise(&exc_TypeError, "%s() locals must be a dict in Sable, not %s", name, op_type_name(loc));
  if (!VAL_IS_NULL(loc) && loc.u.o == g.u.o) loc = val_null();
  Session *s = obj_ts.session;
  if (!s || !s->builtins) return obj_raise(&exc_RuntimeError, "no session");
  if (VAL_IS_NULL(loc) && DICT(g.u.o)->ns_mod) {
    /* exec(code, globals()): a module's own namespace, so the code runs in that module */
    Value last = val_null();
    if (sb_exec_source(str_cstr(src), STR(src.u.o)->len, fname, (ModuleObj *)DICT(g.u.o)->ns_mod,
                       is_eval ? 2 : 0, &last) < 0)
      return val_null();
    if (is_eval) return VAL_IS_NULL(last) ? val_none() : last;
    val_decref(last);
    return val_none();
  }
  if (VAL_IS_NULL(dict_getstr(g, "__builtins__"))) {
    if (obj_err_occurred()) return val_null();
    /* CPython puts the builtins' dict there (a snapshot here: the names resolve natively) */
    Value bd = module_dict(s->builtins);
    if (VAL_IS_NULL(bd)) return bd;
    int rc = dict_setstr(g, "__builtins__", bd);
    val_decref(bd);
    if (rc < 0) return val_null();
  }
  Value gname = dict_getstr(g, "__name__");
  Value mv = module_new(!VAL_IS_NULL(gname) && VAL_IS_STR(gname) ? str_cstr(gname) : "builtins");
  if (VAL_IS_NULL(mv)) return mv;
  ModuleObj *m = MODULE(mv.u.o);
  int64_t own = m->n;   /* the module's own names (__name__, ...) are not the dict's */
  Value seen = dict_new();
  if (VAL_IS_NULL(seen)) { val_decref(mv); return seen; }
  Value result = val_null();
  if (dict_into_module(g, m, seen) < 0 || (!VAL_IS_NULL(loc) && dict_into_module(loc, m, seen) < 0))
    goto done;
  Value last = val_null();
  int r = sb_exec_source(str_cstr(src), STR(src.u.o)->len, fname, m, is_eval ? 2 : 0, &last);
  /* write back even after an exception: the dict holds what ran before it, as in CPython */
  Value target = VAL_IS_NULL(loc) ? g : loc;
  Value saved = r < 0 ? obj_err_fetch() : val_null();
  int ok = 1;
  for (int64_t i = 0; i < m->n && ok; i++) {
    Value k = val_obj(m->names[i]), v = m->vals[i];
    Value before = dict_get_h(seen, k, STR(m->names[i])->hash);
    if (i < own && VAL_IS_NULL(before)) continue;
    if (VAL_IS_NULL(v)) {
      if (!VAL_IS_NULL(before)) { Value p = dict_pop(target, k); val_decref(p); obj_err_clear(); }
      continue;
    }
    if (!VAL_IS_NULL(loc) && !VAL_IS_NULL(before) && op_is(before, v)) continue;
    if (VAL_IS_NULL(loc) && !VAL_IS_NULL(before) && op_is(before, v)) continue;
    if (dict_set_h(target, k, STR(m->names[i])->hash, v) < 0) ok = 0;
  }
  if (r < 0) {
    if (ok) obj_err_restore(saved);
    else val_decref(saved);
    val_decref(last);
    goto done;
  }
  if (!ok) { val_decref(last); goto done; }
  if (is_eval) result = VAL_IS_NULL(last) ? val_none() : last;
  else { val_decref(last); result = val_none(); }
done:
  val_decref(seen);
  val_decref(mv);
  return result;
}

/* eval(expr) / exec(code): run source text in the current module's namespace */
static Value run_text(int argc, const Value *argv, Obj *kw, int is_eval) {
  const char *name = is_eval ? "eval" : "exec";
  if (func_check_args(name, argc, kw, 1, 3) < 0) return val_null();
  const char *fname = "<string>";
  Value src = argv[0];
  if (VAL_IS_OBJ(src) && src.u.o->type == &compiled_type) {
    CompiledObj *c = (CompiledObj *)src.u.o;
    fname = str_cstr(c->filename);
    src = c->src;
  }
  if (!VAL_IS_STR(src))
    return obj_raise(&exc_TypeError, "%s() arg 1 must be a string, bytes or code object", name);
  if (argc > 1 && !VAL_IS_NONE(argv[1])) {
    Value loc = argc > 2 && !VAL_IS_NONE(argv[2]) ? argv[2] : val_null();
    return run_in_dict(name, src, fname, argv[1], loc, is_eval);
  }
  if (argc > 2 && !VAL_IS_NONE(argv[2]))
    return obj_raise(&exc_NotImplementedError, "%s() with locals but no globals is not supported in Sable", name);
  Frame *f = obj_ts.frame;
  ModuleObj *m = f ? f->mod : (obj_ts.session ? obj_ts.session->main : NULL);
  if (!m) return obj_raise(&exc_RuntimeError, "no module to run in");
  Value last = val_null();
  int r = sb_exec_source(str_cstr(src), STR(src.u.o)->len, fname, m, is_eval ? 2 : 0, &last);
  if (r < 0) return val_null();
  if (is_eval) return VAL_IS_NULL(last) ? val_none() : last;
  val_decref(last);
  return val_none();
}
static Value b_eval(int argc, const Value *argv, Obj *kw) { return run_text(argc, argv, kw, 1); }
static Value b_exec(int argc, const Value *argv, Obj *kw) { return run_text(argc, argv, kw, 0); }

static const MethodDef builtin_functions[] = {
    {"print", b_print, "print(*objects, sep=' ', end='\\n', file=None, flush=False)\n\n"
                       "Print the values to a stream, or to sys.stdout by default.", 0},
    {"input", b_input, "input(prompt='', /)\n\nRead a string from standard input. The trailing newline is stripped.", 0},
    {"len", b_len, "len(obj, /)\n\nReturn the number of items in a container.", 0},
    {"abs", b_abs, "abs(x, /)\n\nReturn the absolute value of the argument.", 0},
    {"round", b_round, "round(number, ndigits=None)\n\nRound a number to a given precision in decimal digits.", 0},
    {"divmod", b_divmod, "divmod(x, y, /)\n\nReturn the tuple (x//y, x%y).", 0},
    {"pow", b_pow, "pow(base, exp, mod=None)\n\nEquivalent to base**exp with 2 arguments or base**exp % mod with 3 arguments.", 0},
    {"hex", b_hex, "hex(number, /)\n\nReturn the hexadecimal representation of an integer.", 0},
    {"bin", b_bin, "bin(number, /)\n\nReturn the binary representation of an integer.", 0},
    {"oct", b_oct, "oct(number, /)\n\nReturn the octal representation of an integer.", 0},
    {"chr", b_chr, "chr(i, /)\n\nReturn a Unicode string of one character with ordinal i.", 0},
    {"ord", b_ord, "ord(c, /)\n\nReturn the Unicode code point for a one-character string.", 0},
    {"sum", b_sum, "sum(iterable, /, start=0)\n\nReturn the sum of a 'start' value (default: 0) plus an iterable of numbers.", 0},
    {"min", b_min, "min(iterable, *[, default=obj, key=func]) -> value\nmin(arg1, arg2, *args, *[, key=func]) -> value\n\nReturn the smallest item.", 0},
    {"max", b_max, "max(iterable, *[, default=obj, key=func]) -> value\nmax(arg1, arg2, *args, *[, key=func]) -> value\n\nReturn the largest item.", 0},
    {"sorted", b_sorted, "sorted(iterable, /, *, key=None, reverse=False)\n\nReturn a new list containing all items from the iterable in ascending order.", 0},
    {"any", b_any, "any(iterable, /)\n\nReturn True if bool(x) is True for any x in the iterable.", 0},
    {"all", b_all, "all(iterable, /)\n\nReturn True if bool(x) is True for all values x in the iterable.", 0},
    {"iter", b_iter, "iter(iterable) -> iterator\niter(callable, sentinel) -> iterator", 0},
    {"next", b_next, "next(iterator[, default])\n\nReturn the next item from the iterator.", 0},
    {"isinstance", b_isinstance, "isinstance(obj, class_or_tuple, /)\n\nReturn whether an object is an instance of a class or of a subclass thereof.", 0},
    {"issubclass", b_issubclass, "issubclass(cls, class_or_tuple, /)\n\nReturn whether 'cls' is derived from another class or is the same class.", 0},
    {"repr", b_repr, "repr(obj, /)\n\nReturn the canonical string representation of the object.", 0},
    {"ascii", b_ascii, "ascii(obj, /)\n\nLike repr() but with non-ASCII characters escaped.", 0},
    {"getattr", b_getattr, "getattr(object, name[, default]) -> value\n\nGet a named attribute from an object.", 0},
    {"setattr", b_setattr, "setattr(obj, name, value, /)\n\nSets the named attribute on the given object to the specified value.", 0},
    {"delattr", b_delattr, "delattr(obj, name, /)\n\nDeletes the named attribute from the given object.", 0},
    {"hasattr", b_hasattr, "hasattr(obj, name, /)\n\nReturn whether the object has an attribute with the given name.", 0},
    {"id", b_id, "id(obj, /)\n\nReturn the identity of an object.", 0},
    {"hash", b_hash, "hash(obj, /)\n\nReturn the hash value for the given object.", 0},
    {"callable", b_callable, "callable(obj, /)\n\nReturn whether the object is callable.", 0},
    {"format", b_format, "format(value, format_spec='', /)\n\nReturn value.__format__(format_spec).", 0},
    {"globals", b_globals, "globals()\n\nReturn a dictionary of the current module's global variables.", 0},
    {"locals", b_locals, "locals()\n\nReturn a dictionary of the current scope's local variables.", 0},
    {"vars", b_vars, "vars([object]) -> dictionary\n\nWithout arguments, equivalent to locals(). With an argument, equivalent to object.__dict__.", 0},
    {"dir", b_dir, "dir([object]) -> list of strings\n\nThe names in the current scope, or the attributes of the object.", 0},
    {"exit", b_exit, "exit(code=None)\n\nExit the interpreter by raising SystemExit(code).", 0},
    {"quit", b_exit, "quit(code=None)\n\nExit the interpreter by raising SystemExit(code).", 0},
    {"help", b_help, "help(object)\n\nShow the signature and documentation of an object.", 0},
    {"open", file_open, "open(file, mode='r', encoding=None)\n\nOpen a text file and return a file object.", 0},
    {"eval", b_eval, "eval(source)\n\nEvaluate an expression in the current module's namespace.", 0},
    {"exec", b_exec, "exec(source)\n\nExecute statements in the current module's namespace.", 0},
    {"compile", b_compile, "compile(source, filename, mode)\n\nCheck source for syntax and return a code object for exec() or eval().", 0},
    {"__import__", b_import, "__import__(name, globals=None, locals=None, fromlist=(), level=0)\n\nImport a module.", 0},
    {NULL}};

static TypeObj *const builtin_types[] = {
    &type_object_type, &type_type, &num_int_type, &num_float_type, &num_bool_type,
    &str_type, &bytes_type, &bytes_bytearray_type, &memview_type, &list_type, &tuple_type, &dict_type, &set_type,
    &set_frozenset_type, &iter_range_type, &iter_slice_type, &iter_enumerate_type, &iter_zip_type,
    &iter_map_type, &iter_filter_type, &iter_reversed_type, &class_property_type,
    &class_staticmethod_type, &class_classmethod_type, &class_super_type, NULL};

int builtins_init(ModuleObj *mo) {
  Value m = val_obj(&mo->ob);
  if (module_add_functions(m, builtin_functions) < 0) return -1;
  if (display_builtins(m) < 0) return -1;
  for (int i = 0; builtin_types[i]; i++)
    if (module_add(m, builtin_types[i]->name, val_obj(&builtin_types[i]->ob)) < 0) return -1;
  for (int i = 0; exc_builtin_types[i]; i++)
    if (module_add(m, exc_builtin_types[i]->name, val_obj(&exc_builtin_types[i]->ob)) < 0)
      return -1;
  if (module_add(m, "EnvironmentError", val_obj(&exc_OSError.ob)) < 0 ||
      module_add(m, "IOError", val_obj(&exc_OSError.ob)) < 0 ||
      module_add(m, "NotImplemented", val_obj(&iter_notimpl_obj)) < 0 ||
      module_add(m, "Ellipsis", val_obj(&iter_ellipsis_obj)) < 0 ||
      module_add(m, "__debug__", val_bool(1)) < 0)
    return -1;
  return 0;
}
