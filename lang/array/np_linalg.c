/* np_linalg.c - matrix products (matmul/@, dot) as dot_general with numpy's broadcasting and
 * 1-d rules, and the LAPACK-backed linalg functions (inv, solve, det, slogdet, cholesky, qr,
 * eigh, svd). */
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "arrobj.h"


static int has(Value v) { return !VAL_IS_NULL(v) && !VAL_IS_NONE(v); }

/* promote a, b to one (numeric) dtype */
static int promote2(Family f, Value a, Value b, Value *pa, Value *pb) {
  Value in[2] = {a, b}, p[2];
  int w;
  int rt = lx_result_dtype(f, 2, in, &w);
  if (rt < 0) return -1;
  if (rt == DT_BOOL) rt = f == FAM_NP ? DT_INT64 : arr_default_int(lx_promo(f));
  if (lx_promote_to(f, (DType)rt, 2, in, p) < 0) return -1;
  *pa = p[0];
  *pb = p[1];
  return rt;
}

Value lx_matmul(Family f, Value a0, Value b0) {
  AVal aa, ba;
  if (!lx_is_arraylike(a0) || !lx_is_arraylike(b0)) {
    AVal t;
    Value s = lx_is_arraylike(a0) ? b0 : a0;
    if ((s.tag == V_INT || s.tag == V_FLOAT || s.tag == V_BOOL) && lx_aval(s, &t) == 0)
      return obj_raise(f == FAM_NP ? &exc_ValueError : &exc_TypeError,
                       "matmul: Input operand %d does not have enough dimensions (has 0, gufunc "
                       "core with signature (n?,k),(k,m?)->(n?,m?) requires 1)",
                       lx_is_arraylike(a0) ? 1 : 0);
    return obj_notimpl();
  }
  if (lx_aval(a0, &aa) < 0 || lx_aval(b0, &ba) < 0) return val_null();
  if (aa.ndim == 0 || ba.ndim == 0)
    return obj_raise(f == FAM_NP ? &exc_ValueError : &exc_TypeError,
                     "matmul: Input operand %d does not have enough dimensions (has 0, gufunc "
                     "core with signature (n?,k),(k,m?)->(n?,m?) requires 1)",
                     aa.ndim == 0 ? 0 : 1);
  int64_t ka = aa.shape[aa.ndim - 1];
  int64_t kb = ba.ndim == 1 ? ba.shape[0] : ba.shape[ba.ndim - 2];
  if (ka != kb) {
    if (f == FAM_NP)
      return obj_raise(&exc_ValueError, "matmul: Input operand 1 has a mismatch in its core "
                       "dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size %lld is "
                       "different from %lld)", (long long)kb, (long long)ka);
    return obj_raise(&exc_TypeError, "dot_general requires contracting dimensions to have the "
                     "same shape, got (%lld,) and (%lld,).", (long long)ka, (long long)kb);
  }
  Value a, b;
  if (promote2(f, a0, b0, &a, &b) < 0) return val_null();
  Value r = val_null();
  PDot dn;
  memset(&dn, 0, sizeof dn);
  if (ba.ndim <= 2 || aa.ndim == 1) {
    if (ba.ndim <= 2) {
      /* (..., n, k) @ (k, m) or (k,): plain contraction, a's leading dims stay in front */
      dn.nc = 1;
      dn.lhs_contract[0] = aa.ndim - 1;
      dn.rhs_contract[0] = 0;
      r = lx_dot_general(a, b, &dn);
      goto out;
    }
    /* (k,) @ (..., k, m): contract, output (..., m) */
    dn.nc = 1;
    dn.lhs_contract[0] = 0;
    dn.rhs_contract[0] = ba.ndim - 2;
    r = lx_dot_general(a, b, &dn);
    goto out;
  }
  {
    /* batched: broadcast the batch dims of both */
    int na = aa.ndim == 1 ? 0 : aa.ndim - 2, nb = ba.ndim - 2;
    int64_t bs[ARR_MAXDIM];
    int nbs;
    if (arr_broadcast_shapes("matmul", aa.shape, na, ba.shape, nb, bs, &nbs) < 0) {
      arr_err_clear();
      char b1[400], b2[400];
      arr_shape_str(aa.shape, aa.ndim, b1, sizeof b1);
      arr_shape_str(ba.shape, ba.ndim, b2, sizeof b2);
      r = obj_raise(f == FAM_NP ? &exc_ValueError : &exc_TypeError,
                    "operands could not be broadcast together with remapped shapes "
                    "[original->remapped]: %s->%s %s->%s", b1, b1, b2, b2);
      goto out;
    }
    int64_t sa[ARR_MAXDIM], sb[ARR_MAXDIM];
    memcpy(sa, bs, sizeof(int64_t) * nbs);
    memcpy(sb, bs, sizeof(int64_t) * nbs);
    sa[nbs] = aa.shape[aa.ndim - 2];
    sa[nbs + 1] = aa.shape[aa.ndim - 1];
    sb[nbs] = ba.shape[ba.ndim - 2];
    sb[nbs + 1] = ba.shape[ba.ndim - 1];
    Value xa = lx_broadcast_to(a, nbs + 2, sa);
    Value xb = VAL_IS_NULL(xa) ? xa : lx_broadcast_to(b, nbs + 2, sb);
    if (!VAL_IS_NULL(xb)) {
      dn.nb = nbs;
      for (int i = 0; i < nbs; i++) dn.lhs_batch[i] = dn.rhs_batch[i] = i;
      dn.nc = 1;
      dn.lhs_contract[0] = nbs + 1;
      dn.rhs_contract[0] = nbs;
      r = lx_dot_general(xa, xb, &dn);
    }
    val_decref(xa);
    val_decref(xb);
  }
out:
  val_decref(a);
  val_decref(b);
  return r;
}

Value lx_dot(Family f, Value a0, Value b0) {
  AVal aa, ba;
  if (lx_aval(a0, &aa) < 0 || lx_aval(b0, &ba) < 0) return val_null();
  if (aa.ndim == 0 || ba.ndim == 0) {
    return lx_arith(f, OP_MULT, a0, b0);
  }
  int ca = aa.ndim - 1, cb = ba.ndim == 1 ? 0 : ba.ndim - 2;
  if (aa.shape[ca] != ba.shape[cb]) {
    char b1[400], b2[400];
    arr_shape_str(aa.shape, aa.ndim, b1, sizeof b1);
    arr_shape_str(ba.shape, ba.ndim, b2, sizeof b2);
    if (f == FAM_NP)
      return obj_raise(&exc_ValueError, "shapes %s and %s not aligned: %lld (dim %d) != %lld "
                       "(dim %d)", b1, b2, (long long)aa.shape[ca], ca, (long long)ba.shape[cb], cb);
    return obj_raise(&exc_TypeError, "dot_general requires contracting dimensions to have the "
                     "same shape, got (%lld,) and (%lld,).", (long long)aa.shape[ca],
                     (long long)ba.shape[cb]);
  }
  Value a, b;
  if (promote2(f, a0, b0, &a, &b) < 0) return val_null();
  PDot dn;
  memset(&dn, 0, sizeof dn);
  dn.nc = 1;
  dn.lhs_contract[0] = ca;
  dn.rhs_contract[0] = cb;
  Value r = lx_dot_general(a, b, &dn);
  val_decref(a);
  val_decref(b);
  return r;
}

/* {=== linalg ===} */
/* x as a float array of the family (ints -> default float) with at least 2 dims */
static Value float_matrix(Family f, Value v, const char *name, int min_nd, int square) {
  Value x = lx_asarray(v, f, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  AVal av;
  if (lx_aval(x, &av) < 0) { val_decref(x); return val_null(); }
  if (av.ndim < min_nd) {
    val_decref(x);
    return obj_raise(lx_linalg_error_type(), "%d-dimensional array given. Array must be at "
                     "least two-dimensional", av.ndim);
  }
  if (square && av.shape[av.ndim - 1] != av.shape[av.ndim - 2]) {
    val_decref(x);
    return obj_raise(lx_linalg_error_type(), "Last 2 dimensions of the array must be square");
  }
  if (!dt_is_float(av.dtype)) {
    Value c = lx_convert(x, arr_default_float(lx_promo(f)), 0);
    val_decref(x);
    return c;
  }
  (void)name;
  return x;
}

static Value linalg1(Family f, int argc, const Value *argv, Obj *kw, const char *name, PrimId id,
                     int square) {
  Value a[1];
  if (func_parse_args(name, argc, argv, kw, "a", a) < 0) return val_null();
  Value x = float_matrix(f, a[0], name, 2, square);
  if (VAL_IS_NULL(x)) return x;
  /* numpy raises LinAlgError for singular input, JAX returns inf/nan */
  PLinalg pl = {f == FAM_NP};
  Value r = lx_bind1(id, 1, &x, prim_table[id].params_size ? &pl : NULL);
  val_decref(x);
  return r;
}

LX_FN(inv)
static Value inv_impl(Family f, int argc, const Value *argv, Obj *kw) {
  Value r = linalg1(f, argc, argv, kw, "inv", PRIM_inv, 1);
  if (VAL_IS_NULL(r)) return r;
  /* LAPACK's getri leaves -0.0 where numpy/JAX (LU solves) give 0.0 */
  Value z = lx_binary(f, PRIM_add, r, val_float(0.0));
  val_decref(r);
  return z;
}
LX_FN(det)
static Value det_impl(Family f, int argc, const Value *argv, Obj *kw) {
  return linalg1(f, argc, argv, kw, "det", PRIM_det, 1);
}
LX_FN(cholesky)
static Value cholesky_impl(Family f, int argc, const Value *argv, Obj *kw) {
  return linalg1(f, argc, argv, kw, "cholesky", PRIM_cholesky, 1);
}

static Value tuple_of(int n, Value *v) {
  Value t = tuple_new(n);
  if (VAL_IS_NULL(t)) { for (int i = 0; i < n; i++) val_decref(v[i]); return t; }
  for (int i = 0; i < n; i++) TUPLE_SET(t, i, v[i]);
  return t;
}

LX_FN(slogdet)
static Value slogdet_impl(Family f, int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("slogdet", argc, argv, kw, "a", a) < 0) return val_null();
  Value x = float_matrix(f, a[0], "slogdet", 2, 1);
  if (VAL_IS_NULL(x)) return x;
  Value out[2];
  int n = lx_bind(PRIM_slogdet, 1, &x, NULL, out);
  val_decref(x);
  return n < 0 ? val_null() : tuple_of(2, out);
}

LX_FN(solve)
static Value solve_impl(Family f, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("solve", argc, argv, kw, "a,b", a) < 0) return val_null();
  Value x = float_matrix(f, a[0], "solve", 2, 1);
  if (VAL_IS_NULL(x)) return x;
  Value y = lx_asarray(a[1], f, -1, 0);
  if (VAL_IS_NULL(y)) { val_decref(x); return y; }
  Value px, py, r = val_null();
  int rt = promote2(f, x, y, &px, &py);
  val_decref(x);
  val_decref(y);
  if (rt < 0) return val_null();
  if (!dt_is_float((DType)rt)) {
    Value cx = lx_convert(px, arr_default_float(lx_promo(f)), 0);
    Value cy = lx_convert(py, arr_default_float(lx_promo(f)), 0);
    val_decref(px);
    val_decref(py);
    px = cx;
    py = cy;
    if (VAL_IS_NULL(px) || VAL_IS_NULL(py)) goto out;
  }
  {
    /* b of one dimension less than a is a (batch of) vector(s) */
    AVal aa, ba;
    if (lx_aval(px, &aa) < 0 || lx_aval(py, &ba) < 0) goto out;
    int vec = ba.ndim == aa.ndim - 1;
    if (vec) {
      Value e = lx_expand_dims(py, ba.ndim);
      val_decref(py);
      py = e;
      if (VAL_IS_NULL(py)) goto out;
    }
    Value in[2] = {px, py};
    PLinalg pl = {f == FAM_NP};
    r = lx_bind1(PRIM_solve, 2, in, &pl);
    if (vec && !VAL_IS_NULL(r)) {
      int64_t shape[ARR_MAXDIM];
      memcpy(shape, ba.shape, sizeof(int64_t) * ba.ndim);
      Value s = lx_reshape(r, ba.ndim, shape);
      val_decref(r);
      r = s;
    }
  }
out:
  val_decref(px);
  val_decref(py);
  return r;
}

LX_FN(qr)
static Value qr_impl(Family f, int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("qr", argc, argv, kw, "a|mode", a) < 0) return val_null();
  PQr p = {0};
  int r_only = 0;
  if (has(a[1])) {
    const char *m = VAL_IS_STR(a[1]) ? str_cstr(a[1]) : "";
    if (!strcmp(m, "complete")) p.full_matrices = 1;
    else if (!strcmp(m, "r")) r_only = 1;
    else if (strcmp(m, "reduced"))
      return obj_raise(&exc_ValueError, "Unrecognized mode '%s'", m);
  }
  Value x = float_matrix(f, a[0], "qr", 2, 0);
  if (VAL_IS_NULL(x)) return x;
  Value out[2];
  int n = lx_bind(PRIM_qr, 1, &x, &p, out);
  val_decref(x);
  if (n < 0) return val_null();
  if (r_only) { val_decref(out[0]); return out[1]; }
  return tuple_of(2, out);
}

LX_FN(eigh)
static Value eigh_impl(Family f, int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("eigh", argc, argv, kw, "a|UPLO,$symmetrize_input", a) < 0) return val_null();
  PEigh p = {1};
  if (has(a[1])) {
    const char *u = VAL_IS_STR(a[1]) ? str_cstr(a[1]) : "";
    if (!strcmp(u, "U")) p.lower = 0;
    else if (strcmp(u, "L")) return obj_raise(&exc_ValueError, "UPLO argument must be 'L' or 'U'");
  }
  Value x = float_matrix(f, a[0], "eigh", 2, 1);
  if (VAL_IS_NULL(x)) return x;
  Value out[2];
  int n = lx_bind(PRIM_eigh, 1, &x, &p, out);
  val_decref(x);
  return n < 0 ? val_null() : tuple_of(2, out);
}

LX_FN(svd)
static Value svd_impl(Family f, int argc, const Value *argv, Obj *kw) {
  Value a[4];
  if (func_parse_args("svd", argc, argv, kw, "a|full_matrices,compute_uv,hermitian", a) < 0)
    return val_null();
  PSvd p = {1, 1};
  int uv = 1;
  if (has(a[1]) && (p.full_matrices = op_truth(a[1])) < 0) return val_null();
  if (has(a[2]) && (uv = op_truth(a[2])) < 0) return val_null();
  Value x = float_matrix(f, a[0], "svd", 2, 0);
  if (VAL_IS_NULL(x)) return x;
  /* the primitive's outputs are (s, u, vh); singular values alone are taken from a full
   * decomposition (the engine's compute_uv=0 path is not usable yet) */
  if (!uv) p.full_matrices = 0;
  Value out[3];
  int n = lx_bind(PRIM_svd, 1, &x, &p, out);
  val_decref(x);
  if (n < 0) return val_null();
  if (!uv) {
    for (int i = 1; i < n; i++) val_decref(out[i]);
    return out[0];
  }
  Value t[3] = {out[1], out[0], out[2]};
  return tuple_of(3, t);
}

/* _dot_general(a, b, ((lc, rc), (lb, rb))): the family-preserving dot_general the Sable
 * prelude (einsum, tensordot) is written with */
static int dims_of(Value v, int *out, int max) {
  if (!VAL_IS_TUPLE(v) && !VAL_IS_LIST(v)) { obj_raise(&exc_TypeError, "dimension numbers must be tuples"); return -1; }
  int64_t n = VAL_IS_TUPLE(v) ? TUPLE(v.u.o)->len : LIST(v.u.o)->len;
  const Value *it = VAL_IS_TUPLE(v) ? TUPLE(v.u.o)->items : LIST(v.u.o)->items;
  if (n > max) { obj_raise(&exc_ValueError, "too many dimensions"); return -1; }
  for (int64_t i = 0; i < n; i++) {
    int64_t k;
    if (lx_as_int(it[i], &k) < 0) return -1;
    out[i] = (int)k;
  }
  return (int)n;
}

LX_FN(_dot_general)
static Value _dot_general_impl(Family f, int argc, const Value *argv, Obj *kw) {
  Value a[3];
  if (func_parse_args("_dot_general", argc, argv, kw, "a,b,dimension_numbers", a) < 0) return val_null();
  Value dn = a[2];
  if (!VAL_IS_TUPLE(dn) || TUPLE(dn.u.o)->len != 2 || !VAL_IS_TUPLE(TUPLE(dn.u.o)->items[0]) ||
      !VAL_IS_TUPLE(TUPLE(dn.u.o)->items[1]))
    return obj_raise(&exc_TypeError, "dimension_numbers must be ((lc, rc), (lb, rb))");
  Value con = TUPLE(dn.u.o)->items[0], bat = TUPLE(dn.u.o)->items[1];
  if (TUPLE(con.u.o)->len != 2 || TUPLE(bat.u.o)->len != 2)
    return obj_raise(&exc_TypeError, "dimension_numbers must be ((lc, rc), (lb, rb))");
  PDot p;
  memset(&p, 0, sizeof p);
  int n1 = dims_of(TUPLE(con.u.o)->items[0], p.lhs_contract, ARR_MAXDIM);
  int n2 = n1 < 0 ? -1 : dims_of(TUPLE(con.u.o)->items[1], p.rhs_contract, ARR_MAXDIM);
  int n3 = n2 < 0 ? -1 : dims_of(TUPLE(bat.u.o)->items[0], p.lhs_batch, ARR_MAXDIM);
  int n4 = n3 < 0 ? -1 : dims_of(TUPLE(bat.u.o)->items[1], p.rhs_batch, ARR_MAXDIM);
  if (n4 < 0) return val_null();
  if (n1 != n2 || n3 != n4) return obj_raise(&exc_TypeError, "dot_general: unequal dimension lists");
  p.nc = n1;
  p.nb = n3;
  Value x = lx_asarray(a[0], f, -1, 0);
  if (VAL_IS_NULL(x)) return x;
  Value y = lx_asarray(a[1], f, -1, 0);
  if (VAL_IS_NULL(y)) { val_decref(x); return y; }
  Value px, py, r = val_null();
  if (promote2(f, x, y, &px, &py) >= 0) {
    r = lx_dot_general(px, py, &p);
    val_decref(px);
    val_decref(py);
  }
  val_decref(x);
  val_decref(y);
  return r;
}

#define LINALG_FUNCS(X)                                  \
  X(inv, "inv(a)")                                       \
  X(det, "det(a)")                                       \
  X(slogdet, "slogdet(a) -> (sign, logabsdet)")          \
  X(solve, "solve(a, b)")                                \
  X(cholesky, "cholesky(a)")                             \
  X(qr, "qr(a, mode='reduced')")                         \
  X(eigh, "eigh(a, UPLO='L')")                           \
  X(svd, "svd(a, full_matrices=True, compute_uv=True)")

const MethodDef np_linalg_jax[] = {LINALG_FUNCS(LX_DEF_JAX){NULL}};
const MethodDef np_linalg_np[] = {LINALG_FUNCS(LX_DEF_NP){NULL}};
/* the hidden helper goes into numpy / jax.numpy themselves */
const MethodDef np_dotg_jax[] = {LX_DEF_JAX(_dot_general, "_dot_general(a, b, dimension_numbers)"){NULL}};
const MethodDef np_dotg_np[] = {LX_DEF_NP(_dot_general, "_dot_general(a, b, dimension_numbers)"){NULL}};
