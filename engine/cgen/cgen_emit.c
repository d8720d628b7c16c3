/* cgen_emit.c - the C text of fused kernels: a prelude of per-dtype helpers that give the eager
 * kernels' semantics (engine/cpu/cpu_elem.c), and one loop nest per fusion group whose body is
 * the members' `cgen` templates expanded over typed locals, written so that gcc vectorises it. */
#include "cgen_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cg_put(CgBuf *b, const char *fmt, ...) {
  if (b->oom) return;
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    size_t room = b->cap - b->n;
    int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? room : 0, fmt, ap);
    va_end(ap);
    if (k < 0) { b->oom = 1; return; }
    if (b->s && (size_t)k < room) { b->n += (size_t)k; return; }
    size_t nc = b->cap ? b->cap * 2 : 4096;
    while (nc < b->n + (size_t)k + 1) nc *= 2;
    char *s = realloc(b->s, nc);
    if (!s) { b->oom = 1; return; }
    b->s = s;
    b->cap = nc;
  }
}

/* The outer walk of a kernel over [b, e) of a group's coalesced iteration space (cnd >= 2): the
 * index of b, then one inner call per run of the innermost dim, slot s at offset f<s>. The
 * caller emits the inner call's arguments between head and tail. */
void cg_walk_head(CgBuf *b, const CgGroup *gr) {
  int nd = gr->cnd, inner = nd - 1;
  cg_put(b, "  static const int64_t D[%d] = {", nd);
  for (int d = 0; d < nd; d++) cg_put(b, "%s%lldLL", d ? ", " : "", (long long)gr->cshape[d]);
  cg_put(b, "};\n  int64_t idx[%d];\n  int64_t rest = b / D[%d], pos = b %% D[%d];\n", nd - 1, nd - 1, nd - 1);
  cg_put(b, "  for (int d = %d; d >= 0; d--) { idx[d] = rest %% D[d]; rest /= D[d]; }\n", nd - 2);
  cg_put(b, "  while (b < e) {\n    int64_t cnt = D[%d] - pos;\n    if (cnt > e - b) cnt = e - b;\n", nd - 1);
  for (int s = 0; s < gr->nin; s++) {
    cg_put(b, "    int64_t f%d = pos * %lldLL", s, (long long)gr->cst[s][inner]);
    for (int d = 0; d < nd - 1; d++)
      if (gr->cst[s][d]) cg_put(b, " + idx[%d] * %lldLL", d, (long long)gr->cst[s][d]);
    cg_put(b, ";\n");
  }
}

void cg_walk_tail(CgBuf *b, const CgGroup *gr) {
  int nd = gr->cnd;
  cg_put(b, ");\n    b += cnt;\n    pos = 0;\n");
  cg_put(b, "    for (int d = %d; d >= 0; d--) { if (++idx[d] < D[d]) break; idx[d] = 0; }\n  }\n}\n", nd - 2);
}

int cg_dtype_ok(DType d) {
  switch (d) {
    case DT_BOOL: case DT_UINT8: case DT_UINT32: case DT_INT32: case DT_INT64:
    case DT_FLOAT32: case DT_FLOAT64: return 1;
    default: return 0;
  }
}
/* C type of a value in registers (bool as _Bool, so that + and * give | and &), of its storage,
 * the helpers' suffix and the libm suffix. */
static const char *ctype(DType d) {
  switch (d) {
    case DT_BOOL: return "_Bool";
    case DT_UINT8: return "uint8_t";
    case DT_UINT32: return "uint32_t";
    case DT_INT32: return "int32_t";
    case DT_INT64: return "int64_t";
    case DT_FLOAT32: return "float";
    default: return "double";
  }
}
static const char *stype(DType d) { return d == DT_BOOL ? "uint8_t" : ctype(d); }
static const char *sfx(DType d) {
  switch (d) {
    case DT_BOOL: return "b";
    case DT_UINT8: return "u8";
    case DT_UINT32: return "u32";
    case DT_INT32: return "i32";
    case DT_INT64: return "i64";
    case DT_FLOAT32: return "f32";
    default: return "f64";
  }
}

/* The helpers mirror cpu_elem.c expression for expression, so that results agree bit for bit
 * wherever the eager loop is exact. The vector variants of libm (glibc's libmvec, <= 4 ulp,
 * what the eager contiguous loops call) are declared as SIMD clones so that loops calling exp,
 * log, tanh, ... vectorise; -fno-math-errno lets gcc use them without -ffast-math. */
static const char prelude[] =
  "#include <math.h>\n#include <stdint.h>\n"
  "#if defined(__x86_64__) && defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 35))\n"
  "#define SBV(fn) __attribute__((simd(\"notinbranch\"))) float fn##f(float); __attribute__((simd(\"notinbranch\"))) double fn(double);\n"
  "#define SBV2(fn) __attribute__((simd(\"notinbranch\"))) float fn##f(float, float); __attribute__((simd(\"notinbranch\"))) double fn(double, double);\n"
  "SBV(exp) SBV(log) SBV(sin) SBV(cos) SBV(tanh) SBV(exp2) SBV(expm1) SBV(log1p) SBV(log2)\n"
  "SBV(log10) SBV(tan) SBV(asin) SBV(acos) SBV(atan) SBV(sinh) SBV(cosh) SBV(asinh) SBV(acosh)\n"
  "SBV(atanh) SBV(erf) SBV(erfc) SBV(cbrt) SBV2(pow) SBV2(atan2) SBV2(hypot)\n"
  "#endif\n"
  "#define SB_FLT(T, s, F) \\\n"
  "static inline T sb_abs_##s(T a) { return fabs##F(a); } \\\n"
  "static inline T sb_sign_##s(T a) { return a > 0 ? (T)1 : a < 0 ? (T)-1 : a; } \\\n"
  "static inline T sb_floor_##s(T a) { return floor##F(a); } \\\n"
  "static inline T sb_ceil_##s(T a) { return ceil##F(a); } \\\n"
  "static inline T sb_round_##s(T a) { return nearbyint##F(a); } \\\n"
  "static inline T sb_div_##s(T a, T b) { return a / b; } \\\n"
  "static inline T sb_pow_##s(T a, T b) { return pow##F(a, b); } \\\n"
  "static inline T sb_max_##s(T a, T b) { return (a >= b || a != a) ? a : b; } \\\n"
  "static inline T sb_min_##s(T a, T b) { return (a <= b || a != a) ? a : b; } \\\n"
  "static inline T sb_rem_##s(T a, T b) { if (b == 0) return fmod##F(a, b); T m = fmod##F(a, b); \\\n"
  "  if (m) { if ((b < 0) != (m < 0)) m += b; } else m = copysign##F((T)0, b); return m; } \\\n"
  "static inline T sb_floordiv_##s(T a, T b) { if (b == 0) return a / b; T m = fmod##F(a, b); \\\n"
  "  T d = (a - m) / b; if (m) { if ((b < 0) != (m < 0)) d -= (T)1; } T fl; \\\n"
  "  if (d) { fl = floor##F(d); if (d - fl > (T)0.5) fl += (T)1; } else fl = copysign##F((T)0, a / b); \\\n"
  "  return fl; } \\\n"
  "static inline T sb_ipow_##s(T a, int64_t y) { int neg = y < 0; \\\n"
  "  uint64_t e = neg ? (uint64_t)0 - (uint64_t)y : (uint64_t)y; T base = a, r = 1; \\\n"
  "  _Pragma(\"GCC unroll 64\") for (int k = 0; k < 64; k++) { if (!(e >> k)) break; \\\n"
  "    if ((e >> k) & 1) r = r * base; base = base * base; } return neg ? (T)1 / r : r; }\n"
  "SB_FLT(float, f32, f)\nSB_FLT(double, f64, )\n"
  "#define SB_INT(T, UT, s) \\\n"
  "static inline T sb_abs_##s(T a) { return (T)(a < 0 ? 0 - (UT)a : (UT)a); } \\\n"
  "static inline T sb_sign_##s(T a) { return (T)(a > 0 ? 1 : a < 0 ? -1 : 0); } \\\n"
  "static inline T sb_floor_##s(T a) { return a; } \\\n"
  "static inline T sb_ceil_##s(T a) { return a; } \\\n"
  "static inline T sb_round_##s(T a) { return a; } \\\n"
  "static inline T sb_not_##s(T a) { return (T)~a; } \\\n"
  "static inline T sb_popcnt_##s(T a) { return (T)__builtin_popcountll((UT)a); } \\\n"
  "static inline T sb_clz_##s(T a) { return (T)(a ? __builtin_clzll((UT)a) - (64 - 8 * (int)sizeof(T)) : 8 * (int)sizeof(T)); } \\\n"
  "static inline T sb_max_##s(T a, T b) { return a > b ? a : b; } \\\n"
  "static inline T sb_min_##s(T a, T b) { return a < b ? a : b; } \\\n"
  "static inline T sb_div_##s(T a, T b) { if (b == 0) return 0; \\\n"
  "  if ((T)-1 < 0 && b == (T)-1) return (T)(0 - (UT)a); return a / b; } \\\n"
  "static inline T sb_floordiv_##s(T a, T b) { if (b == 0) return 0; \\\n"
  "  if ((T)-1 < 0 && b == (T)-1) return (T)(0 - (UT)a); T q = a / b; \\\n"
  "  if ((a % b != 0) && ((a < 0) != (b < 0))) q--; return q; } \\\n"
  "static inline T sb_rem_##s(T a, T b) { if (b == 0 || ((T)-1 < 0 && b == (T)-1)) return 0; \\\n"
  "  T r = a % b; if (r != 0 && ((r < 0) != (b < 0))) r += b; return r; } \\\n"
  "static inline T sb_shl_##s(T a, T b) { if ((UT)b >= sizeof(T) * 8) return 0; return (T)((UT)a << (UT)b); } \\\n"
  "static inline T sb_shr_##s(T a, T b) { if ((UT)b >= sizeof(T) * 8) return a < 0 ? (T)-1 : 0; return a >> b; } \\\n"
  "static inline T sb_pow_##s(T a, T b) { if (b < 0) return a == 1 ? 1 : (a == (T)-1) ? ((b & 1) ? (T)-1 : 1) : 0; \\\n"
  "  UT r = 1, base = (UT)a; uint64_t e = (uint64_t)b; \\\n"
  "  while (e) { if (e & 1) r *= base; base *= base; e >>= 1; } return (T)r; } \\\n"
  "static inline T sb_ipow_##s(T a, int64_t y) { uint64_t e = y < 0 ? (uint64_t)0 - (uint64_t)y : (uint64_t)y; \\\n"
  "  UT r = 1, base = (UT)a; _Pragma(\"GCC unroll 64\") for (int k = 0; k < 64; k++) { if (!(e >> k)) break; \\\n"
  "    if ((e >> k) & 1) r = (UT)(r * base); base = (UT)(base * base); } return (T)r; }\n"
  "SB_INT(uint8_t, unsigned, u8)\nSB_INT(uint32_t, uint32_t, u32)\n"
  "SB_INT(int32_t, uint32_t, i32)\nSB_INT(int64_t, uint64_t, i64)\n"
  "static inline _Bool sb_abs_b(_Bool a) { return a; }\n"
  "static inline _Bool sb_not_b(_Bool a) { return !a; }\n"
  "static inline _Bool sb_max_b(_Bool a, _Bool b) { return a | b; }\n"
  "static inline _Bool sb_min_b(_Bool a, _Bool b) { return a & b; }\n"
  /* float -> int as NumPy on x86-64 (cpu_elem.c's casts) */
  "static inline int64_t sb_f2i64(double x) { return (x >= -9223372036854775808.0 && x < 9223372036854775808.0) ? (int64_t)x : INT64_MIN; }\n"
  "static inline int32_t sb_f2i32(double x) { return (x > -2147483649.0 && x < 2147483648.0) ? (int32_t)x : INT32_MIN; }\n"
  /* float -> int as XLA (convert_element_type with sat=1): saturate, NaN -> 0 */
  "static inline int64_t sb_fsat(double x, double lo, double hi, int64_t ilo, int64_t ihi) {\n"
  "  return x != x ? 0 : x <= lo ? ilo : x >= hi ? ihi : (int64_t)x; }\n";

void cg_prelude(CgBuf *b) {
  cg_put(b, "%s", prelude);
  /* conversions: sb_cvt_<from>_<to> */
  static const DType all[] = {DT_BOOL, DT_UINT8, DT_UINT32, DT_INT32, DT_INT64, DT_FLOAT32, DT_FLOAT64};
  for (int i = 0; i < 7; i++)
    for (int j = 0; j < 7; j++) {
      DType f = all[i], t = all[j];
      const char *e, *s = NULL;
      if (dt_is_float(f) && t == DT_UINT8) s = "((uint8_t)sb_fsat(v, 0.0, 255.0, 0, 255))";
      else if (dt_is_float(f) && t == DT_UINT32) s = "((uint32_t)sb_fsat(v, 0.0, 4294967295.0, 0, 4294967295LL))";
      else if (dt_is_float(f) && t == DT_INT32) s = "((int32_t)sb_fsat(v, -2147483648.0, 2147483647.0, INT32_MIN, INT32_MAX))";
      else if (dt_is_float(f) && t == DT_INT64) s = "(sb_fsat(v, -9223372036854775808.0, 9223372036854775807.0, INT64_MIN, INT64_MAX))";
      if (t == DT_BOOL) e = "((v) != 0)";
      else if (!dt_is_float(f) || dt_is_float(t)) e = t == DT_INT32 ? "((int32_t)(uint32_t)(v))" : NULL;
      else if (t == DT_UINT8) e = "((uint8_t)(uint32_t)sb_f2i32(v))";
      else if (t == DT_UINT32) e = "((uint32_t)(uint64_t)sb_f2i64(v))";
      else if (t == DT_INT32) e = "(sb_f2i32(v))";
      else e = "(sb_f2i64(v))";
      if (s) cg_put(b, "#define sb_cvt_%s_%s(v, sat) ((sat) ? %s : %s)\n", sfx(f), sfx(t), s, e);
      else if (e) cg_put(b, "#define sb_cvt_%s_%s(v, sat) %s\n", sfx(f), sfx(t), e);
      else cg_put(b, "#define sb_cvt_%s_%s(v, sat) ((%s)(v))\n", sfx(f), sfx(t), ctype(t));
    }
}

/* The dtype a template's %T/%s/%f refer to: the promoted operands' (select: the data) */
static DType op_dtype(const IrGraph *g, const IrEqn *e) {
  const Prim *p = &prim_table[e->prim];
  int k = p->promote > 1 ? p->promote - 1 : 0;
  return g->avals[e->in[k < e->nin ? k : 0]].dtype;
}

/* The first parameter field's value (%P0: integer_pow's y) */
static int param0(const IrEqn *e, long long *v) {
  const Prim *p = &prim_table[e->prim];
  if (!e->params || p->n_param_fields < 1) return -1;
  const ParamField *f = &p->param_fields[0];
  const char *base = (const char *)e->params + f->offset;
  if (f->type == PT_INT) { int x; memcpy(&x, base, sizeof x); *v = x; return 0; }
  if (f->type == PT_INT64) { int64_t x; memcpy(&x, base, sizeof x); *v = (long long)x; return 0; }
  return -1;
}

/* Expand the template of e into b; returns -1 if it uses something not available. */
static int expand(CgBuf *b, const IrGraph *g, const IrEqn *e) {
  const char *t = prim_table[e->prim].cgen;
  DType d = op_dtype(g, e), od = g->avals[e->out[0]].dtype;
  for (; *t; t++) {
    if (*t != '%') { cg_put(b, "%c", *t); continue; }
    char c = *++t;
    if (c >= '0' && c <= '2') {
      int k = c - '0';
      if (k >= e->nin) return -1;
      cg_put(b, "v%d", e->in[k]);
    } else if (c == 'T') cg_put(b, "%s", ctype(d));
    else if (c == 'O') cg_put(b, "%s", ctype(od));
    else if (c == 's') cg_put(b, "%s", sfx(d));
    else if (c == 'o') cg_put(b, "%s", sfx(od));
    else if (c == 'f') {
      if (!dt_is_float(d)) return -1;
      cg_put(b, "%s", d == DT_FLOAT32 ? "f" : "");
    } else if (c == 'P' && t[1] == '0') {
      long long v;
      if (param0(e, &v) < 0) return -1;
      cg_put(b, "(%lldLL)", v);
      t++;
    } else if (c == '%') cg_put(b, "%%");
    else return -1;
  }
  return 0;
}

int cg_eqn_ok(const IrGraph *g, const IrEqn *e) {
  const Prim *p = &prim_table[e->prim];
  if (!p->cgen || e->nout != 1 || e->nin < 1 || e->nin > 3) return 0;
  if (p->kind != PK_UNARY && p->kind != PK_BINARY && p->kind != PK_COMPARE && p->kind != PK_OTHER)
    return 0;
  for (int k = 0; k < e->nin; k++) if (!cg_dtype_ok(g->avals[e->in[k]].dtype)) return 0;
  if (!cg_dtype_ok(g->avals[e->out[0]].dtype)) return 0;
  if (!(p->dtypes == 0 || (p->dtypes & DTM(op_dtype(g, e))))) return 0;
  CgBuf tmp = {0};
  int ok = expand(&tmp, g, e) == 0 && !tmp.oom;
  free(tmp.s);
  return ok;
}

int cg_emit_group(CgBuf *b, const IrGraph *g, const CgGroup *gr, int k) {
  /* the inner loop: contiguous or hoisted operands, one typed local per value */
  cg_put(b, "\nstatic inline __attribute__((always_inline)) void sbk%d_in(int64_t n", k);
  for (int o = 0; o < gr->nout; o++)
    cg_put(b, ", %s *restrict o%d", stype(g->avals[gr->out[o]].dtype), o);
  for (int s = 0; s < gr->nin; s++)
    cg_put(b, ", const %s *restrict i%d", stype(g->avals[gr->in[s].var].dtype), s);
  cg_put(b, ") {\n");
  int inner = gr->cnd - 1;
  for (int s = 0; s < gr->nin; s++)
    if (gr->cst[s][inner] == 0) {
      DType d = g->avals[gr->in[s].var].dtype;
      cg_put(b, "  const %s h%d = (%s)i%d[0];\n", ctype(d), s, ctype(d), s);
    }
  cg_put(b, "  for (int64_t i = 0; i < n; i++) {\n");
  for (int s = 0; s < gr->nin; s++) {
    DType d = g->avals[gr->in[s].var].dtype;
    if (gr->cst[s][inner] == 0) cg_put(b, "    const %s v%d = h%d;\n", ctype(d), gr->in[s].as, s);
    else if (gr->cst[s][inner] == 1) cg_put(b, "    const %s v%d = (%s)i%d[i];\n", ctype(d), gr->in[s].as, ctype(d), s);
    else cg_put(b, "    const %s v%d = (%s)i%d[i * %lldLL];\n", ctype(d), gr->in[s].as, ctype(d), s,
                (long long)gr->cst[s][inner]);   /* a transposed or strided view */
  }
  for (int m = 0; m < gr->nmem; m++) {
    const IrEqn *e = &g->eqns[gr->mem[m]];
    if (e->prim == PRIM_broadcast_in_dim) continue;   /* a load (above) */
    DType od = g->avals[e->out[0]].dtype;
    cg_put(b, "    const %s v%d = (%s)(", ctype(od), e->out[0], ctype(od));
    if (expand(b, g, e) < 0) return -1;
    cg_put(b, ");\n");
  }
  for (int o = 0; o < gr->nout; o++)
    cg_put(b, "    o%d[i] = (%s)v%d;\n", o, stype(g->avals[gr->out[o]].dtype), gr->out[o]);
  cg_put(b, "  }\n}\n");

  /* the outer loops over [b, e) of the flattened iteration space */
  cg_put(b, "void sbk%d(char *const *P, int64_t b, int64_t e) {\n", k);
  for (int o = 0; o < gr->nout; o++)
    cg_put(b, "  %s *o%d = (%s *)P[%d];\n", stype(g->avals[gr->out[o]].dtype), o,
           stype(g->avals[gr->out[o]].dtype), o);
  for (int s = 0; s < gr->nin; s++)
    cg_put(b, "  const %s *i%d = (const %s *)P[%d];\n", stype(g->avals[gr->in[s].var].dtype), s,
           stype(g->avals[gr->in[s].var].dtype), gr->nout + s);
  if (gr->cnd == 1) {
    cg_put(b, "  sbk%d_in(e - b", k);
    for (int o = 0; o < gr->nout; o++) cg_put(b, ", o%d + b", o);
    for (int s = 0; s < gr->nin; s++)
      if (gr->cst[s][0]) cg_put(b, ", i%d + b * %lldLL", s, (long long)gr->cst[s][0]);
      else cg_put(b, ", i%d", s);
    cg_put(b, ");\n}\n");
    return b->oom ? -1 : 0;
  }
  cg_walk_head(b, gr);
  cg_put(b, "    sbk%d_in(cnt", k);
  for (int o = 0; o < gr->nout; o++) cg_put(b, ", o%d + b", o);
  for (int s = 0; s < gr->nin; s++) cg_put(b, ", i%d + f%d", s, s);
  cg_walk_tail(b, gr);
  return b->oom ? -1 : 0;
}

/* for cgen_red.c */
const char *cg_ctype(DType d) { return ctype(d); }
const char *cg_stype(DType d) { return stype(d); }
const char *cg_sfx(DType d) { return sfx(d); }
int cg_expand(CgBuf *b, const IrGraph *g, const IrEqn *e) { return expand(b, g, e); }
