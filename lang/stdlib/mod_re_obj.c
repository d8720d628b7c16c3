/* mod_re_obj.c - re's Pattern and Match objects over PCRE2: compiling (JIT when available, a
 * bounded cache as CPython's), matching with code-point positions, and match scanning. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mod_re.h"

/* ---- PCRE2 contexts (one per process) ------------------------------------------------- */
static pcre2_compile_context *cctx;
static pcre2_match_context *mctx;
static pcre2_jit_stack *jstack;

/* Python's re has no step limit; PCRE2's is what stops catastrophic backtracking. */
#define RE_MATCH_LIMIT 100000000u

static int contexts(void) {
  if (mctx) return 0;
  cctx = pcre2_compile_context_create(NULL);
  pcre2_match_context *m = pcre2_match_context_create(NULL);
  if (!cctx || !m) {
    if (m) pcre2_match_context_free(m);
    obj_raise_nomem();
    return -1;
  }
  pcre2_set_newline(cctx, PCRE2_NEWLINE_LF);
  pcre2_set_bsr(cctx, PCRE2_BSR_UNICODE);
  pcre2_set_parens_nest_limit(cctx, 1000);
  pcre2_set_match_limit(m, RE_MATCH_LIMIT);
  jstack = pcre2_jit_stack_create(32 * 1024, 16 * 1024 * 1024, NULL);
  if (jstack) pcre2_jit_stack_assign(m, NULL, jstack);
  mctx = m;
  return 0;
}

static size_t cp_to_byte(Value s, int64_t cp) {
  StrObj *so = STR(s.u.o);
  if (cp <= 0) return 0;
  if ((size_t)cp >= so->ncp) return so->len;
  if (so->ascii) return (size_t)cp;
  return utf8_offset(so->s, so->len, (size_t)cp);
}

/* ---- Pattern ------------------------------------------------------------------------------ */
static void pat_dealloc(Obj *o) {
  RePattern *p = (RePattern *)o;
  val_decref(p->pattern);
  val_decref(p->groupindex);
  val_decref(p->groupnames);
  for (int k = 0; k < 3; k++)
    if (p->code[k]) pcre2_code_free(p->code[k]);
  obj_mfree(p->src);
  obj_mfree(p->parent);
  obj_free(o);
}

static pcre2_code *compile_code(RePattern *p, int mode, Value pattern) {
  if (p->code[mode]) return p->code[mode];
  uint32_t o = p->opts;
  if (mode == RE_MATCH) o |= PCRE2_ANCHORED;
  if (mode == RE_FULL) o |= PCRE2_ANCHORED | PCRE2_ENDANCHORED;
  int err;
  PCRE2_SIZE off;
  pcre2_code *c = pcre2_compile((PCRE2_SPTR)p->src, p->srclen, o, &err, &off, cctx);
  if (!c) {
    if (err == PCRE2_ERROR_HEAP_FAILED) { obj_raise_nomem(); return NULL; }
    if (err == PCRE2_ERROR_LOOKBEHIND_NOT_FIXED_LENGTH) {
      re_raise("look-behind requires fixed-width pattern", pattern, -1);
      return NULL;
    }
    PCRE2_UCHAR msg[160];
    if (pcre2_get_error_message(err, msg, sizeof msg) < 0) strcpy((char *)msg, "invalid pattern");
    re_raise((const char *)msg, pattern, -1);
    return NULL;
  }
  pcre2_jit_compile(c, PCRE2_JIT_COMPLETE);   /* the interpreter runs it when JIT is absent */
  p->code[mode] = c;
  return c;
}

static Value pattern_new(Value pattern, int flags) {
  if (contexts() < 0) return val_null();
  StrObj *so = STR(pattern.u.o);
  ReXlat x;
  if (re_xlat(so->s, so->len, flags, &x) < 0) {
    re_xlat_free(&x);
    if (obj_err_occurred()) return val_null();
    return re_raise(x.err, pattern, x.errpos);
  }
  RePattern *p = obj_alloc(&re_pattern_type, sizeof(RePattern));
  if (!p) { re_xlat_free(&x); return val_null(); }
  Value pv = val_obj(&p->ob);
  p->pattern = val_incref(pattern);
  p->flags = x.flags | ((x.flags & RE_ASCII) ? 0 : RE_UNICODE);
  p->ngroups = x.ngroups;
  p->parent = x.parent;
  x.parent = NULL;
  p->srclen = x.out.len;
  p->src = obj_malloc(x.out.len + 1);
  p->groupindex = dict_new();
  p->groupnames = tuple_new(x.ngroups + 1);
  if (!p->src || VAL_IS_NULL(p->groupindex) || VAL_IS_NULL(p->groupnames)) goto fail;
  memcpy(p->src, x.out.s ? x.out.s : "", x.out.len);
  p->src[x.out.len] = 0;
  TUPLE_SET(p->groupnames, 0, val_none());
  for (int g = 1; g <= x.ngroups; g++) {
    TUPLE_SET(p->groupnames, g, val_none());
    if (!x.names[g]) continue;
    Value nm = str_from_cstr(x.names[g]);
    if (VAL_IS_NULL(nm)) goto fail;
    TUPLE_SET(p->groupnames, g, nm);
    if (dict_set(p->groupindex, nm, val_int(g)) < 0) goto fail;
  }
  /* MATCH_INVALID_UTF: a str may hold lone surrogates (not valid UTF-8); PCRE2 then matches
   around them instead of failing */
  p->opts = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | PCRE2_ALT_CIRCUMFLEX | ((p->flags & RE_ASCII) ? 0 : PCRE2_UCP);
  if (p->flags & RE_IGNORECASE) p->opts |= PCRE2_CASELESS;
  if (p->flags & RE_MULTILINE) p->opts |= PCRE2_MULTILINE;
  if (p->flags & RE_DOTALL) p->opts |= PCRE2_DOTALL;
  re_xlat_free(&x);
  if (!compile_code(p, RE_SEARCH, pattern)) { val_decref(pv); return val_null(); }
  return pv;
fail:
  re_xlat_free(&x);
  val_decref(pv);
  return val_null();
}

/* ---- the cache (CPython's _cache: bounded; here a hash-indexed table) ------------------- */
#define RE_CACHE 512
static struct { Value key; int flags; Value pat; } cache[RE_CACHE];

void re_cache_purge(void) {
  for (int k = 0; k < RE_CACHE; k++) {
    val_clear(&cache[k].key);
    val_clear(&cache[k].pat);
  }
}

static int flags_of(Value v, int64_t *out) {
  if (VAL_IS_OBJ(v) && v.u.o->type == &re_flag_type) return op_as_int(v, out);
  if (!VAL_IS_INTLIKE(v)) {
    Value r = op_conv_dunder(v, "__index__");
    if (VAL_IS_NULL(r)) {
      if (!obj_err_occurred())
        obj_raise(&exc_TypeError, "unsupported operand type(s) for &: '%s' and 'RegexFlag'", op_type_name(v));
      return -1;
    }
    int rc = op_as_int(r, out);
    val_decref(r);
    return rc;
  }
  return op_as_int(v, out);
}

Value re_compile(Value pattern, Value flagsv) {
  int64_t flags = 0;
  if (!VAL_IS_NULL(flagsv) && flags_of(flagsv, &flags) < 0) return val_null();
  if (VAL_IS_OBJ(pattern) && pattern.u.o->type == &re_pattern_type) {
    if (flags) return obj_raise(&exc_ValueError, "cannot process flags argument with a compiled pattern");
    return val_incref(pattern);
  }
  if (!VAL_IS_STR(pattern)) return obj_raise(&exc_TypeError, "first argument must be string or compiled pattern");
  if (flags & RE_LOCALE) return obj_raise(&exc_ValueError, "cannot use LOCALE flag with a str pattern");
  if ((flags & RE_ASCII) && (flags & RE_UNICODE))
    return obj_raise(&exc_ValueError, "ASCII and UNICODE flags are incompatible");
  if (flags < INT32_MIN || flags > INT32_MAX) return obj_raise(&exc_OverflowError, "flags out of range");
  int64_t h;
  if (op_hash(pattern, &h) < 0) return val_null();
  size_t k = (size_t)((uint64_t)h ^ ((uint64_t)flags * 0x9e3779b97f4a7c15ull)) % RE_CACHE;
  if (VAL_IS_OBJ(cache[k].key) && cache[k].flags == (int)flags) {
    StrObj *a = STR(cache[k].key.u.o), *b = STR(pattern.u.o);
    if (a->len == b->len && !memcmp(a->s, b->s, a->len)) return val_incref(cache[k].pat);
  }
  Value p = pattern_new(pattern, (int)flags);
  if (VAL_IS_NULL(p)) return p;
  val_clear(&cache[k].key);
  val_clear(&cache[k].pat);
  cache[k].key = val_incref(pattern);
  cache[k].flags = (int)flags;
  cache[k].pat = val_incref(p);
  return p;
}

/* ---- matching ------------------------------------------------------------------------------ */
static int match_error(int rc) {
  if (rc == PCRE2_ERROR_MATCHLIMIT || rc == PCRE2_ERROR_DEPTHLIMIT || rc == PCRE2_ERROR_HEAPLIMIT)
    return re_raise("pattern too complex: PCRE2's backtracking limit was reached (catastrophic "
                    "backtracking?)", val_none(), -1), -1;
  if (rc == PCRE2_ERROR_NOMEMORY) return obj_raise_nomem(), -1;
  if (rc <= PCRE2_ERROR_UTF8_ERR1 && rc >= PCRE2_ERROR_UTF8_ERR21)
    return obj_raise(&exc_ValueError, "the string holds a lone surrogate, which re cannot match"), -1;
  PCRE2_UCHAR msg[160];
  if (pcre2_get_error_message(rc, msg, sizeof msg) < 0) strcpy((char *)msg, "unknown error");
  obj_raise(&exc_RuntimeError, "PCRE2 match error: %s", (const char *)msg);
  return -1;
}

/* one pcre2_match: 1 match, 0 none, -1 error */
static int run_match(pcre2_code *c, const char *b, size_t blen, size_t at, uint32_t opts,
                     pcre2_match_data *md, int *checked) {
  if (*checked) opts |= PCRE2_NO_UTF_CHECK;
  int rc = pcre2_match(c, (PCRE2_SPTR)b, blen, at, opts, md, mctx);
  if (rc == PCRE2_ERROR_JIT_STACKLIMIT)
    rc = pcre2_match(c, (PCRE2_SPTR)b, blen, at, opts | PCRE2_NO_JIT, md, mctx);
  if (rc == PCRE2_ERROR_NOMATCH) { *checked = 1; return 0; }
  if (rc < 0) return match_error(rc);
  *checked = 1;
  return 1;
}

static void norm_range(Value s, int64_t *pos, int64_t *endpos) {
  int64_t n = (int64_t)STR(s.u.o)->ncp;
  if (*pos < 0) *pos = 0;
  if (*pos > n) *pos = n;
  if (*endpos < 0) *endpos = 0;
  if (*endpos > n) *endpos = n;
}

int re_scan_init(ReScan *sc, RePattern *p, Value s, int64_t pos, int64_t endpos) {
  memset(sc, 0, sizeof *sc);
  if (!VAL_IS_STR(s)) {
    obj_raise(&exc_TypeError, "expected string or bytes-like object, got '%s'", op_type_name(s));
    return -1;
  }
  norm_range(s, &pos, &endpos);
  sc->p = p;
  sc->s = s;
  sc->b = STR(s.u.o)->s;
  sc->pos = pos;
  sc->endpos = endpos;
  sc->at = cp_to_byte(s, pos);
  sc->blen = cp_to_byte(s, endpos);
  sc->hint_b = sc->at;
  sc->hint_c = pos;
  if (endpos < pos) sc->done = 1;
  sc->md = pcre2_match_data_create_from_pattern(p->code[RE_SEARCH], NULL);
  if (!sc->md) { obj_raise_nomem(); return -1; }
  return 0;
}

void re_scan_free(ReScan *sc) {
  if (sc->md) pcre2_match_data_free(sc->md);
  sc->md = NULL;
}

int64_t re_scan_cp(ReScan *sc, size_t byte) {
  if (STR(sc->s.u.o)->ascii) return (int64_t)byte;
  if (byte >= sc->hint_b) {
    sc->hint_c += (int64_t)utf8_len(sc->b + sc->hint_b, byte - sc->hint_b);
    sc->hint_b = byte;
    return sc->hint_c;
  }
  return (int64_t)utf8_len(sc->b, byte);
}

int re_scan_next(ReScan *sc) {
  if (sc->done) return 0;
  if (sc->at > sc->blen) { sc->done = 1; return 0; }
  int r = run_match(sc->p->code[RE_SEARCH], sc->b, sc->blen, sc->at,
                    sc->notempty ? PCRE2_NOTEMPTY_ATSTART : 0, sc->md, &sc->checked);
  if (r <= 0) { sc->done = 1; return r; }
  PCRE2_SIZE *ov = pcre2_get_ovector_pointer(sc->md);
  /* \K can put the start after the end; Python has no \K, so this does not occur */
  sc->notempty = ov[0] == ov[1];
  sc->at = ov[1];
  return 1;
}

static int lastindex_of(RePattern *p, const size_t *ov) {
  int best = 0;
  for (int g = 1; g <= p->ngroups; g++) {
    if (ov[2 * g] == PCRE2_UNSET) continue;
    if (!best || ov[2 * g + 1] > ov[2 * best + 1]) { best = g; continue; }
    if (ov[2 * g + 1] < ov[2 * best + 1]) continue;
    /* same end: an enclosing group closes after the groups inside it, else the later one */
    int anc = 0;
    for (int a = p->parent[g]; a; a = p->parent[a])
      if (a == best) { anc = 1; break; }
    if (!anc) best = g;
  }
  return best;
}

static Value match_from(RePattern *p, Value s, int64_t pos, int64_t endpos, pcre2_match_data *md,
                        ReScan *sc) {
  ReMatch *m = obj_alloc(&re_match_type, sizeof(ReMatch));
  if (!m) return val_null();
  Value mv = val_obj(&m->ob);
  m->pattern = val_incref(val_obj(&p->ob));
  m->string = val_incref(s);
  m->pos = pos;
  m->endpos = endpos;
  m->ngroups = p->ngroups;
  size_t n = 2 * ((size_t)p->ngroups + 1);
  m->span = obj_malloc(n * sizeof(int64_t));
  m->bspan = obj_malloc(n * sizeof(size_t));
  if (!m->span || !m->bspan) { val_decref(mv); return val_null(); }
  PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
  uint32_t novec = pcre2_get_ovector_count(md);
  ReScan tmp;
  if (!sc) {
    memset(&tmp, 0, sizeof tmp);
    tmp.s = s;
    tmp.b = STR(s.u.o)->s;
    tmp.hint_b = ov[0] == PCRE2_UNSET ? 0 : ov[0];
    tmp.hint_c = (int64_t)utf8_len(tmp.b, tmp.hint_b);
    sc = &tmp;
  }
  for (size_t k = 0; k < n; k++) {
    size_t b = k / 2 < novec ? ov[k] : PCRE2_UNSET;
    if (b == PCRE2_UNSET) { m->bspan[k] = (size_t)-1; m->span[k] = -1; continue; }
    m->bspan[k] = b;
  }
  /* offsets counted from the match start (a lookbehind group may start before it) */
  size_t b0 = m->bspan[0];
  int64_t c0 = re_scan_cp(sc, b0);
  const char *sb = STR(s.u.o)->s;
  int ascii = STR(s.u.o)->ascii;
  for (size_t k = 0; k < n; k++) {
    size_t b = m->bspan[k];
    if (b == (size_t)-1) continue;
    if (ascii) m->span[k] = (int64_t)b;
    else if (b >= b0) m->span[k] = c0 + (int64_t)utf8_len(sb + b0, b - b0);
    else m->span[k] = (int64_t)utf8_len(sb, b);
  }
  for (int g = 1; g <= p->ngroups; g++)
    if (m->bspan[2 * g] == (size_t)-1) m->bspan[2 * g + 1] = (size_t)-1, m->span[2 * g + 1] = -1;
  m->lastindex = lastindex_of(p, m->bspan);
  return mv;
}

Value re_scan_match(ReScan *sc) {
  return match_from(sc->p, sc->s, sc->pos, sc->endpos, sc->md, sc);
}

int re_pattern_exec(RePattern *p, Value s, int64_t pos, int64_t endpos, int mode, Value *m) {
  if (!VAL_IS_STR(s)) {
    obj_raise(&exc_TypeError, "expected string or bytes-like object, got '%s'", op_type_name(s));
    return -1;
  }
  norm_range(s, &pos, &endpos);
  if (endpos < pos) return 0;
  pcre2_code *c = compile_code(p, mode, p->pattern);
  if (!c) return -1;
  pcre2_match_data *md = pcre2_match_data_create_from_pattern(c, NULL);
  if (!md) { obj_raise_nomem(); return -1; }
  int checked = 0;
  int r = run_match(c, STR(s.u.o)->s, cp_to_byte(s, endpos), cp_to_byte(s, pos), 0, md, &checked);
  if (r == 1) {
    *m = match_from(p, s, pos, endpos, md, NULL);
    if (VAL_IS_NULL(*m)) r = -1;
  }
  pcre2_match_data_free(md);
  return r;
}

/* ---- Pattern methods ------------------------------------------------------------------- */
static int get_range(Value pv, Value ev, int64_t *pos, int64_t *endpos) {
  *pos = 0;
  *endpos = INT64_MAX;
  if (!VAL_IS_NULL(pv) && op_as_int(pv, pos) < 0) return -1;
  if (!VAL_IS_NULL(ev) && op_as_int(ev, endpos) < 0) return -1;
  return 0;
}

static Value pat_exec(const char *name, int mode, int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args(name, argc - 1, argv + 1, kw, "string|pos,endpos", a) < 0) return val_null();
  int64_t pos, endpos;
  if (get_range(a[1], a[2], &pos, &endpos) < 0) return val_null();
  Value m = val_none();
  int r = re_pattern_exec((RePattern *)argv[0].u.o, a[0], pos, endpos, mode, &m);
  return r < 0 ? val_null() : m;
}
static Value pm_match(int argc, const Value *argv, Obj *kw) { return pat_exec("match", RE_MATCH, argc, argv, kw); }
static Value pm_search(int argc, const Value *argv, Obj *kw) { return pat_exec("search", RE_SEARCH, argc, argv, kw); }
static Value pm_fullmatch(int argc, const Value *argv, Obj *kw) { return pat_exec("fullmatch", RE_FULL, argc, argv, kw); }

static Value pm_findall(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("findall", argc - 1, argv + 1, kw, "string|pos,endpos", a) < 0) return val_null();
  int64_t pos, endpos;
  if (get_range(a[1], a[2], &pos, &endpos) < 0) return val_null();
  return re_do_findall((RePattern *)argv[0].u.o, a[0], pos, endpos);
}
static Value pm_finditer(int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("finditer", argc - 1, argv + 1, kw, "string|pos,endpos", a) < 0) return val_null();
  int64_t pos, endpos;
  if (get_range(a[1], a[2], &pos, &endpos) < 0) return val_null();
  return re_do_finditer((RePattern *)argv[0].u.o, a[0], pos, endpos);
}
static Value pm_split(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("split", argc - 1, argv + 1, kw, "string|maxsplit", a) < 0) return val_null();
  int64_t ms = 0;
  if (!VAL_IS_NULL(a[1]) && op_as_int(a[1], &ms) < 0) return val_null();
  return re_do_split((RePattern *)argv[0].u.o, a[0], ms);
}
static Value sub_common(const char *name, int subn, int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args(name, argc - 1, argv + 1, kw, "repl,string|count", a) < 0) return val_null();
  int64_t count = 0;
  if (!VAL_IS_NULL(a[2]) && op_as_int(a[2], &count) < 0) return val_null();
  return re_do_sub((RePattern *)argv[0].u.o, a[0], a[1], count, subn);
}
static Value pm_sub(int argc, const Value *argv, Obj *kw) { return sub_common("sub", 0, argc, argv, kw); }
static Value pm_subn(int argc, const Value *argv, Obj *kw) { return sub_common("subn", 1, argc, argv, kw); }
static Value pm_copy(int argc, const Value *argv, Obj *kw) { return val_incref(argv[0]); }

static Value pat_repr(Value self) {
  RePattern *p = (RePattern *)self.u.o;
  Value r = op_repr(p->pattern);
  if (VAL_IS_NULL(r)) return r;
  FBuf b = {0};
  fbuf_puts(&b, "re.compile(");
  /* %.200R: the repr cut at 200 characters */
  StrObj *rs = STR(r.u.o);
  size_t cut = rs->ncp > 200 ? (rs->ascii ? 200 : utf8_offset(rs->s, rs->len, 200)) : rs->len;
  fbuf_putn(&b, rs->s, cut);
  val_decref(r);
  int flags = p->flags;
  if ((flags & (RE_LOCALE | RE_UNICODE | RE_ASCII)) == RE_UNICODE) flags &= ~RE_UNICODE;
  if (flags) {
    static const struct { int v; const char *n; } names[] = {
        {RE_TEMPLATE, "re.TEMPLATE"}, {RE_IGNORECASE, "re.IGNORECASE"}, {RE_LOCALE, "re.LOCALE"},
        {RE_MULTILINE, "re.MULTILINE"}, {RE_DOTALL, "re.DOTALL"}, {RE_UNICODE, "re.UNICODE"},
        {RE_VERBOSE, "re.VERBOSE"}, {RE_DEBUG, "re.DEBUG"}, {RE_ASCII, "re.ASCII"}};
    fbuf_puts(&b, ", ");
    int first = 1;
    for (size_t k = 0; k < sizeof names / sizeof *names; k++)
      if (flags & names[k].v) {
        fbuf_printf(&b, "%s%s", first ? "" : "|", names[k].n);
        first = 0;
        flags &= ~names[k].v;
      }
    if (flags) fbuf_printf(&b, "%s0x%x", first ? "" : "|", (unsigned)flags);
  }
  fbuf_putc(&b, ')');
  Value out = str_new(b.s, b.len);
  fbuf_free(&b);
  return out;
}

static Value pat_compare(Value a, Value b, int op) {
  if ((op != CMP_EQ && op != CMP_NOTEQ) || !VAL_IS_OBJ(b) || b.u.o->type != &re_pattern_type)
    return obj_notimpl();
  RePattern *x = (RePattern *)a.u.o, *y = (RePattern *)b.u.o;
  int eq = x == y;
  if (!eq && x->flags == y->flags) {
    int r = op_eq(x->pattern, y->pattern);
    if (r < 0) return val_null();
    eq = r;
  }
  return val_bool(op == CMP_EQ ? eq : !eq);
}

static int pat_hash(Value self, int64_t *out) {
  RePattern *p = (RePattern *)self.u.o;
  if (op_hash(p->pattern, out) < 0) return -1;
  *out ^= (int64_t)p->flags * 1000003;
  if (*out == -1) *out = -2;
  return 0;
}

static Value pg_pattern(Value self) { return val_incref(((RePattern *)self.u.o)->pattern); }
static Value pg_flags(Value self) { return val_int(((RePattern *)self.u.o)->flags); }
static Value pg_groups(Value self) { return val_int(((RePattern *)self.u.o)->ngroups); }
static Value pg_groupindex(Value self) { return dict_copy(((RePattern *)self.u.o)->groupindex); }

static const MethodDef pat_methods[] = {
    {"match", pm_match, "match(string, pos=0, endpos=sys.maxsize)\nMatches zero or more characters at the beginning of the string.", 0},
    {"fullmatch", pm_fullmatch, "fullmatch(string, pos=0, endpos=sys.maxsize)\nMatches against all of the string.", 0},
    {"search", pm_search, "search(string, pos=0, endpos=sys.maxsize)\nScan through string looking for a match, and return a corresponding match object instance.", 0},
    {"findall", pm_findall, "findall(string, pos=0, endpos=sys.maxsize)\nReturn a list of all non-overlapping matches of pattern in string.", 0},
    {"finditer", pm_finditer, "finditer(string, pos=0, endpos=sys.maxsize)\nReturn an iterator over all non-overlapping matches for the RE pattern in string.", 0},
    {"split", pm_split, "split(string, maxsplit=0)\nSplit string by the occurrences of pattern.", 0},
    {"sub", pm_sub, "sub(repl, string, count=0)\nReturn the string obtained by replacing the leftmost non-overlapping occurrences of pattern in string by the replacement repl.", 0},
    {"subn", pm_subn, "subn(repl, string, count=0)\nReturn the tuple (new_string, number_of_subs_made) found by replacing the leftmost non-overlapping occurrences of pattern with the replacement repl.", 0},
    {"__copy__", pm_copy, "__copy__()", 0},
    {"__deepcopy__", pm_copy, "__deepcopy__(memo)", 0},
    {NULL, NULL, NULL, 0}};
static const GetSetDef pat_getset[] = {
    {"pattern", pg_pattern, NULL, "The pattern string from which the RE object was compiled."},
    {"flags", pg_flags, NULL, "The regex matching flags."},
    {"groups", pg_groups, NULL, "The number of capturing groups in the pattern."},
    {"groupindex", pg_groupindex, NULL, "A dictionary mapping group names to group numbers."},
    {NULL, NULL, NULL, NULL}};

TypeObj re_pattern_type = {OBJ_TYPE_HEAD, .name = "Pattern", .doc = "Compiled regular expression object.",
                           .dealloc = pat_dealloc, .repr = pat_repr, .compare = pat_compare,
                           .hash = pat_hash, .methods = pat_methods, .getset = pat_getset};

/* ---- Match ---------------------------------------------------------------------------------- */
static void match_dealloc(Obj *o) {
  ReMatch *m = (ReMatch *)o;
  val_decref(m->pattern);
  val_decref(m->string);
  obj_mfree(m->span);
  obj_mfree(m->bspan);
  obj_free(o);
}

/* the group number for an index or name, -1 with IndexError */
static int group_index(ReMatch *m, Value g) {
  if (VAL_IS_INTLIKE(g)) {
    if (g.u.i >= 0 && g.u.i <= m->ngroups) return (int)g.u.i;
  } else if (VAL_IS_STR(g)) {
    Value v = dict_get(((RePattern *)m->pattern.u.o)->groupindex, g);
    if (VAL_IS_INT(v)) return (int)v.u.i;
  } else if (VAL_IS_OBJ(g) && !VAL_IS_FLOAT(g)) {
    int64_t i;
    int r = op_index_value(g, &i);
    if (r < 0) return -1;
    if (r == 1 && i >= 0 && i <= m->ngroups) return (int)i;
  }
  obj_raise(&exc_IndexError, "no such group");
  return -1;
}

static Value group_str(ReMatch *m, int g, Value dflt) {
  if (m->bspan[2 * g] == (size_t)-1) return val_incref(dflt);
  return str_new(STR(m->string.u.o)->s + m->bspan[2 * g], m->bspan[2 * g + 1] - m->bspan[2 * g]);
}

static Value mm_group(int argc, const Value *argv, Obj *kw) {
  if (func_kwcount(kw)) return obj_raise(&exc_TypeError, "group() takes no keyword arguments");
  ReMatch *m = (ReMatch *)argv[0].u.o;
  if (argc == 1) return group_str(m, 0, val_none());
  if (argc == 2) {
    int g = group_index(m, argv[1]);
    return g < 0 ? val_null() : group_str(m, g, val_none());
  }
  Value t = tuple_new(argc - 1);
  if (VAL_IS_NULL(t)) return t;
  for (int k = 1; k < argc; k++) {
    int g = group_index(m, argv[k]);
    Value s = g < 0 ? val_null() : group_str(m, g, val_none());
    if (VAL_IS_NULL(s)) {
      for (int j = k; j < argc; j++) TUPLE_SET(t, j - 1, val_none());
      val_decref(t);
      return val_null();
    }
    TUPLE_SET(t, k - 1, s);
  }
  return t;
}

static Value m_getitem(Value self, Value key) {
  ReMatch *m = (ReMatch *)self.u.o;
  int g = group_index(m, key);
  return g < 0 ? val_null() : group_str(m, g, val_none());
}

static Value mm_groups(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("groups", argc - 1, argv + 1, kw, "|default", a) < 0) return val_null();
  ReMatch *m = (ReMatch *)argv[0].u.o;
  Value d = VAL_IS_NULL(a[0]) ? val_none() : a[0];
  Value t = tuple_new(m->ngroups);
  if (VAL_IS_NULL(t)) return t;
  for (int g = 1; g <= m->ngroups; g++) TUPLE_SET(t, g - 1, val_none());
  for (int g = 1; g <= m->ngroups; g++) {
    Value s = group_str(m, g, d);
    if (VAL_IS_NULL(s)) { val_decref(t); return s; }
    TUPLE_SET(t, g - 1, s);
  }
  return t;
}

static Value mm_groupdict(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("groupdict", argc - 1, argv + 1, kw, "|default", a) < 0) return val_null();
  ReMatch *m = (ReMatch *)argv[0].u.o;
  Value d = VAL_IS_NULL(a[0]) ? val_none() : a[0];
  Value out = dict_new();
  if (VAL_IS_NULL(out)) return out;
  Value names = ((RePattern *)m->pattern.u.o)->groupnames;
  for (int g = 1; g <= m->ngroups; g++) {
    Value nm = TUPLE(names.u.o)->items[g];
    if (!VAL_IS_STR(nm)) continue;
    Value s = group_str(m, g, d);
    if (VAL_IS_NULL(s) || dict_set(out, nm, s) < 0) { val_decref(s); val_decref(out); return val_null(); }
    val_decref(s);
  }
  return out;
}

static int span_arg(const char *name, int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args(name, argc - 1, argv + 1, kw, "|group", a) < 0) return -1;
  if (VAL_IS_NULL(a[0])) return 0;
  return group_index((ReMatch *)argv[0].u.o, a[0]);
}
static Value mm_start(int argc, const Value *argv, Obj *kw) {
  int g = span_arg("start", argc, argv, kw);
  return g < 0 ? val_null() : val_int(((ReMatch *)argv[0].u.o)->span[2 * g]);
}
static Value mm_end(int argc, const Value *argv, Obj *kw) {
  int g = span_arg("end", argc, argv, kw);
  return g < 0 ? val_null() : val_int(((ReMatch *)argv[0].u.o)->span[2 * g + 1]);
}
static Value span_tuple(ReMatch *m, int g) {
  return tuple_pack(2, val_int(m->span[2 * g]), val_int(m->span[2 * g + 1]));
}
static Value mm_span(int argc, const Value *argv, Obj *kw) {
  int g = span_arg("span", argc, argv, kw);
  return g < 0 ? val_null() : span_tuple((ReMatch *)argv[0].u.o, g);
}
static Value mm_expand(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("expand", argc - 1, argv + 1, kw, "template", a) < 0) return val_null();
  return re_match_expand((ReMatch *)argv[0].u.o, a[0]);
}
static Value mm_copy(int argc, const Value *argv, Obj *kw) { return val_incref(argv[0]); }

static Value mg_string(Value self) { return val_incref(((ReMatch *)self.u.o)->string); }
static Value mg_re(Value self) { return val_incref(((ReMatch *)self.u.o)->pattern); }
static Value mg_pos(Value self) { return val_int(((ReMatch *)self.u.o)->pos); }
static Value mg_endpos(Value self) { return val_int(((ReMatch *)self.u.o)->endpos); }
static Value mg_lastindex(Value self) {
  ReMatch *m = (ReMatch *)self.u.o;
  return m->lastindex ? val_int(m->lastindex) : val_none();
}
static Value mg_lastgroup(Value self) {
  ReMatch *m = (ReMatch *)self.u.o;
  if (!m->lastindex) return val_none();
  return val_incref(TUPLE(((RePattern *)m->pattern.u.o)->groupnames.u.o)->items[m->lastindex]);
}
static Value mg_regs(Value self) {
  ReMatch *m = (ReMatch *)self.u.o;
  Value t = tuple_new(m->ngroups + 1);
  if (VAL_IS_NULL(t)) return t;
  for (int g = 0; g <= m->ngroups; g++) TUPLE_SET(t, g, val_none());
  for (int g = 0; g <= m->ngroups; g++) {
    Value s = span_tuple(m, g);
    if (VAL_IS_NULL(s)) { val_decref(t); return s; }
    TUPLE_SET(t, g, s);
  }
  return t;
}

static Value match_repr(Value self) {
  ReMatch *m = (ReMatch *)self.u.o;
  Value g = group_str(m, 0, val_none());
  if (VAL_IS_NULL(g)) return g;
  Value r = op_repr(g);
  val_decref(g);
  if (VAL_IS_NULL(r)) return r;
  StrObj *rs = STR(r.u.o);
  size_t cut = rs->ncp > 50 ? (rs->ascii ? 50 : utf8_offset(rs->s, rs->len, 50)) : rs->len;
  Value out = str_fmt("<re.Match object; span=(%lld, %lld), match=%.*s>", (long long)m->span[0],
                      (long long)m->span[1], (int)cut, rs->s);
  val_decref(r);
  return out;
}

static int match_truth(Value self) { return 1; }

static const MethodDef match_methods[] = {
    {"group", mm_group, "group([group1, ...])\nReturn subgroup(s) of the match by indices or names.", 0},
    {"groups", mm_groups, "groups(default=None)\nReturn a tuple containing all the subgroups of the match.", 0},
    {"groupdict", mm_groupdict, "groupdict(default=None)\nReturn a dictionary containing all the named subgroups of the match.", 0},
    {"start", mm_start, "start(group=0)\nReturn index of the start of the substring matched by group.", 0},
    {"end", mm_end, "end(group=0)\nReturn index of the end of the substring matched by group.", 0},
    {"span", mm_span, "span(group=0)\nFor match object m, return the 2-tuple (m.start(group), m.end(group)).", 0},
    {"expand", mm_expand, "expand(template)\nReturn the string obtained by doing backslash substitution on the string template.", 0},
    {"__copy__", mm_copy, "__copy__()", 0},
    {"__deepcopy__", mm_copy, "__deepcopy__(memo)", 0},
    {NULL, NULL, NULL, 0}};
static const GetSetDef match_getset[] = {
    {"string", mg_string, NULL, "The string passed to match() or search()."},
    {"re", mg_re, NULL, "The regular expression object."},
    {"pos", mg_pos, NULL, "The index into the string at which the RE engine started looking for a match."},
    {"endpos", mg_endpos, NULL, "The index into the string beyond which the RE engine will not go."},
    {"lastindex", mg_lastindex, NULL, "The integer index of the last matched capturing group."},
    {"lastgroup", mg_lastgroup, NULL, "The name of the last matched capturing group."},
    {"regs", mg_regs, NULL, NULL},
    {NULL, NULL, NULL, NULL}};

TypeObj re_match_type = {OBJ_TYPE_HEAD, .name = "Match", .doc = "The result of re.match() and re.search().",
                         .dealloc = match_dealloc, .repr = match_repr, .truth = match_truth,
                         .getitem = m_getitem, .methods = match_methods, .getset = match_getset};
