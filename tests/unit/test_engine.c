/* test_engine.c - C-level tests of the array engine with hand-computed expectations: dtypes,
 * promotion, views and refcounts, errors, kernels, linalg, printing and file I/O. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "engine/arr.h"
#include "engine/arr_io.h"
#include "engine/arr_print.h"
#include "engine/prim.h"

static int failures;
#define CHECK(name, cond, ...)                                                    \
  do {                                                                            \
    if (cond) printf("PASS %s\n", name);                                          \
    else { printf("FAIL %s: ", name); printf(__VA_ARGS__); printf("\n"); failures++; } \
  } while (0)

static Array *vec_f32(int n, const float *v) { int64_t s = n; return arr_from_data(DT_FLOAT32, 1, &s, v); }
static Array *mat_f64(int r, int c, const double *v) { int64_t s[2] = {r, c}; return arr_from_data(DT_FLOAT64, 2, s, v); }

static int text_is(Array *a, int kind, const char *want, char **got) {
  *got = kind == 0 ? arr_format_str(a, NULL) : arr_format_repr(a, kind == 2, NULL);
  return *got && !strcmp(*got, want);
}

static void test_dtypes(void) {
  CHECK("dtype_sizes", dt_size(DT_FLOAT32) == 4 && dt_size(DT_INT64) == 8 && dt_size(DT_BOOL) == 1 && dt_size(DT_UINT32) == 4, "sizes");
  CHECK("dtype_names", dt_from_name("float32") == DT_FLOAT32 && dt_from_name("f8") == DT_FLOAT64 && dt_from_name("bool_") == DT_BOOL && dt_from_name("nope") == -1, "names");
  DType r;
  int w;
  DType d2[2];
  uint8_t wk[2];
#define PROMO(nm, a, wa, b, wb, mode, er, ew)                                        \
  d2[0] = a; d2[1] = b; wk[0] = wa; wk[1] = wb;                                     \
  arr_result_type(2, d2, wk, mode, &r, &w);                                          \
  CHECK(nm, r == er && w == ew, "got %s weak=%d", arr_dtypes[r].name, w);
  PROMO("promo_jax_i32_f32", DT_INT32, 0, DT_FLOAT32, 0, PROMO_JAX, DT_FLOAT32, 0);
  PROMO("promo_jax_u8_i32", DT_UINT8, 0, DT_INT32, 0, PROMO_JAX, DT_INT32, 0);
  PROMO("promo_jax_u32_i32", DT_UINT32, 0, DT_INT32, 0, PROMO_JAX, DT_INT32, 0);
  PROMO("promo_x64_u32_i32", DT_UINT32, 0, DT_INT32, 0, PROMO_JAX_X64, DT_INT64, 0);
  PROMO("promo_jax_i32_weakfloat", DT_INT32, 0, DT_FLOAT32, 1, PROMO_JAX, DT_FLOAT32, 1);
  PROMO("promo_jax_u8_weakint", DT_UINT8, 0, DT_INT32, 1, PROMO_JAX, DT_UINT8, 0);
  PROMO("promo_jax_bool_weakint", DT_BOOL, 0, DT_INT32, 1, PROMO_JAX, DT_INT32, 1);
  PROMO("promo_x64_i64_f32", DT_INT64, 0, DT_FLOAT32, 0, PROMO_JAX_X64, DT_FLOAT32, 0);
  PROMO("promo_np_i32_f32", DT_INT32, 0, DT_FLOAT32, 0, PROMO_NUMPY, DT_FLOAT64, 0);
  PROMO("promo_np_u8_f32", DT_UINT8, 0, DT_FLOAT32, 0, PROMO_NUMPY, DT_FLOAT32, 0);
  PROMO("promo_np_i32_weakfloat", DT_INT32, 0, DT_FLOAT64, 1, PROMO_NUMPY, DT_FLOAT64, 0);
  PROMO("promo_np_f32_weakfloat", DT_FLOAT32, 0, DT_FLOAT64, 1, PROMO_NUMPY, DT_FLOAT32, 0);
  PROMO("promo_np_u8_weakint", DT_UINT8, 0, DT_INT64, 1, PROMO_NUMPY, DT_UINT8, 0);
  PROMO("promo_np_bool_weakint", DT_BOOL, 0, DT_INT64, 1, PROMO_NUMPY, DT_INT64, 0);
}

static void test_arrays(void) {
  int64_t shp[2] = {2, 3};
  Array *a = arr_zeros(DT_FLOAT64, 2, shp);
  CHECK("alloc_aligned", a && ((uintptr_t)arr_data(a) % 64) == 0 && a->size == 6 && a->strides[0] == 3, "align/strides");
  int64_t z[2] = {0, 5};
  Array *e = arr_new(DT_INT32, 2, z);
  CHECK("zero_size", e && e->size == 0 && arr_is_contiguous(e), "zero size");
  Array *s0 = arr_scalar_f(DT_FLOAT32, 2.5);
  CHECK("zero_d", s0 && s0->ndim == 0 && s0->size == 1 && arr_get_f(s0, 0) == 2.5, "0-d");
  /* a view writes through to its base, and keeps the buffer alive after the base is gone */
  int64_t b[2] = {0, 1}, en[2] = {2, 3}, st[2] = {1, 2};
  Array *v = arr_view_slice(a, b, en, st);   /* a[:, 1::2] -> shape (2, 1) */
  CHECK("view_shape", v && v->shape[0] == 2 && v->shape[1] == 1 && v->buf == a->buf, "view");
  *(double *)arr_ptr(v, (int64_t[]){1, 0}) = 7;
  CHECK("view_writes_through", arr_get_f(a, 4) == 7, "a[1,1]=%g", arr_get_f(a, 4));
  arr_release(a);
  CHECK("view_outlives_base", arr_get_f(v, 1) == 7, "value");
  Array *t = arr_view_transpose(v, NULL);
  CHECK("transpose_view", t && t->shape[0] == 1 && t->shape[1] == 2, "shape");
  Array *r = arr_view_reshape(t, 1, (int64_t[]){-1});
  CHECK("reshape_strided_view", r && r->shape[0] == 2 && r->strides[0] == 3, "reshape of (1,2) view: %p", (void *)r);
  arr_release(r);
  int64_t shp3[2] = {3, 4};
  Array *m = arr_zeros(DT_FLOAT32, 2, shp3);
  Array *mt = arr_view_transpose(m, NULL);
  Array *flat = arr_view_reshape(mt, 1, (int64_t[]){12});
  CHECK("reshape_needs_copy", flat == NULL && arr_last_error()->kind == ERR_NONE, "expected NULL without error");
  arr_release(mt);
  arr_release(m);
  arr_release(t);
  arr_release(v);
  arr_release(e);
  arr_release(s0);
  /* huge requests fail cleanly */
  int64_t huge[3] = {1 << 20, 1 << 20, 1 << 20};
  arr_err_clear();
  Array *h = arr_new(DT_FLOAT64, 3, huge);
  CHECK("alloc_huge_memoryerror", !h && arr_last_error()->kind == ERR_MEMORY, "kind %d msg %s", arr_last_error()->kind, arr_last_error()->msg);
  int64_t ovf[3] = {1LL << 40, 1LL << 40, 1LL << 40};
  Array *h2 = arr_new(DT_FLOAT64, 3, ovf);
  CHECK("alloc_overflow", !h2 && arr_last_error()->kind == ERR_VALUE, "kind %d", arr_last_error()->kind);
  int64_t negs[1] = {-1};
  CHECK("alloc_negative", !arr_new(DT_FLOAT64, 1, negs) && arr_last_error()->kind == ERR_VALUE, "neg");
  /* overlapping assignment x[1:] = x[:-1] */
  float xv[5] = {1, 2, 3, 4, 5};
  Array *x = vec_f32(5, xv);
  Array *dst = arr_view_slice(x, (int64_t[]){1}, (int64_t[]){5}, (int64_t[]){1});
  Array *src = arr_view_slice(x, (int64_t[]){0}, (int64_t[]){4}, (int64_t[]){1});
  arr_assign(dst, src);
  CHECK("assign_overlap", arr_get_f(x, 0) == 1 && arr_get_f(x, 1) == 1 && arr_get_f(x, 4) == 4, "%g %g %g", arr_get_f(x, 0), arr_get_f(x, 1), arr_get_f(x, 4));
  arr_release(dst); arr_release(src); arr_release(x);
  int64_t s3 = 3;
  Array *v3 = arr_zeros(DT_INT32, 1, &s3);
  Array *bad = arr_view_index(v3, 0, 3);
  CHECK("view_index_oob", !bad && arr_last_error()->kind == ERR_INDEX &&
        !strcmp(arr_last_error()->msg, "index 3 is out of bounds for axis 0 with size 3"), "%s", arr_last_error()->msg);
  Array *last = arr_view_index(v3, 0, -1);
  CHECK("view_index_negative", last && last->ndim == 0 && last->offset == 2, "neg index");
  arr_release(last);
  int badperm[1] = {1};
  CHECK("view_transpose_bad", !arr_view_transpose(v3, badperm) && arr_last_error()->kind == ERR_VALUE, "perm");
  CHECK("view_slice_bad", !arr_view_slice(v3, (int64_t[]){0}, (int64_t[]){9}, (int64_t[]){1}) && arr_last_error()->kind == ERR_INDEX, "slice");
  arr_release(v3);
  int64_t st1 = 0, sp1 = 0, step = -1;
  int64_t n = arr_slice_indices(5, &st1, &sp1, &step, 0, 0);
  CHECK("slice_indices_reverse", n == 5 && st1 == 4 && sp1 == -1, "n=%lld start=%lld stop=%lld", (long long)n, (long long)st1, (long long)sp1);
}

static void test_kernels(void) {
  float av[3] = {1, 2, 3}, bv[3] = {10, 20, 30};
  Array *a = vec_f32(3, av), *b = vec_f32(3, bv);
  Array *c = prim_binary(PRIM_add, a, b);
  CHECK("add_small", c && arr_get_f(c, 0) == 11 && arr_get_f(c, 2) == 33, "add");
  arr_release(c);
  float qv[4] = {1, 2, 3, 4};
  Array *q = vec_f32(4, qv);
  arr_err_clear();
  c = prim_binary(PRIM_add, a, q);
  CHECK("add_shape_error", !c && arr_err_kind(PROMO_JAX) == ERR_TYPE &&
        !strcmp(arr_err_msg(PROMO_JAX), "add got incompatible shapes for broadcasting: (3,), (4,)") &&
        arr_err_kind(PROMO_NUMPY) == ERR_VALUE &&
        !strcmp(arr_err_msg(PROMO_NUMPY), "operands could not be broadcast together with shapes (3,) (4,) "),
        "%s / %s", arr_err_msg(PROMO_JAX), arr_err_msg(PROMO_NUMPY));
  PAxes ax = {1, {0}};
  Array *s = prim_unary(PRIM_reduce_sum, b, &ax);
  CHECK("sum", s && s->ndim == 0 && arr_get_f(s, 0) == 60, "sum");
  arr_release(s);
  PArg pa = {0, DT_INT32};
  float mv[5] = {3, 9, 1, 9, 2};
  Array *mx = vec_f32(5, mv);
  Array *am = prim_unary(PRIM_argmax, mx, &pa);
  CHECK("argmax_first", am && am->dtype == DT_INT32 && arr_get_i(am, 0) == 1, "argmax");
  arr_release(am);
  arr_release(mx);
  /* floor_divide / rem with Python signs */
  int32_t iv[4] = {7, -7, 7, -7}, jv[4] = {2, 2, -2, -2};
  int64_t four = 4;
  Array *ia = arr_from_data(DT_INT32, 1, &four, iv), *ja = arr_from_data(DT_INT32, 1, &four, jv);
  Array *fd = prim_binary(PRIM_floor_div, ia, ja), *rm = prim_binary(PRIM_rem, ia, ja);
  CHECK("floordiv_signs", fd && arr_get_i(fd, 0) == 3 && arr_get_i(fd, 1) == -4 && arr_get_i(fd, 2) == -4 && arr_get_i(fd, 3) == 3, "fd");
  CHECK("rem_signs", rm && arr_get_i(rm, 0) == 1 && arr_get_i(rm, 1) == 1 && arr_get_i(rm, 2) == -1 && arr_get_i(rm, 3) == -1, "rem");
  arr_release(fd); arr_release(rm); arr_release(ia); arr_release(ja);
  /* round half to even */
  float rv[4] = {0.5f, 1.5f, 2.5f, -0.5f};
  Array *ra = vec_f32(4, rv), *rr = prim_unary(PRIM_round, ra, NULL);
  CHECK("round_half_even", rr && arr_get_f(rr, 0) == 0 && arr_get_f(rr, 1) == 2 && arr_get_f(rr, 2) == 2 && arr_get_f(rr, 3) == 0, "round");
  arr_release(rr); arr_release(ra);
  /* matmul 2x2 by hand */
  double A[4] = {1, 2, 3, 4}, B[4] = {5, 6, 7, 8};
  Array *ma = mat_f64(2, 2, A), *mb = mat_f64(2, 2, B);
  PDot pd = {0};
  pd.nc = 1; pd.lhs_contract[0] = 1; pd.rhs_contract[0] = 0;
  Array *in2[2] = {ma, mb}, *mm = NULL;
  prim_bind(PRIM_dot_general, in2, 2, &pd, &mm);
  CHECK("matmul_2x2", mm && arr_get_f(mm, 0) == 19 && arr_get_f(mm, 1) == 22 && arr_get_f(mm, 2) == 43 && arr_get_f(mm, 3) == 50, "matmul");
  arr_release(mm);
  /* inverse and determinant of [[4,7],[2,6]]: det 10, inv [[0.6,-0.7],[-0.2,0.4]] */
  double M[4] = {4, 7, 2, 6};
  Array *mi = mat_f64(2, 2, M);
  PLinalg pl = {1};
  Array *inv = prim_unary(PRIM_inv, mi, &pl), *det = prim_unary(PRIM_det, mi, NULL);
  CHECK("inv_2x2", inv && fabs(arr_get_f(inv, 0) - 0.6) < 1e-12 && fabs(arr_get_f(inv, 1) + 0.7) < 1e-12 &&
        fabs(arr_get_f(inv, 2) + 0.2) < 1e-12 && fabs(arr_get_f(inv, 3) - 0.4) < 1e-12, "inv");
  CHECK("det_2x2", det && fabs(arr_get_f(det, 0) - 10) < 1e-12, "det %g", det ? arr_get_f(det, 0) : 0);
  arr_release(inv); arr_release(det); arr_release(mi); arr_release(ma); arr_release(mb);
  /* big elementwise through the pool equals the serial result */
  int64_t big = 1 << 20;
  Array *x = arr_new(DT_FLOAT32, 1, &big);
  for (int64_t i = 0; i < big; i++) ((float *)arr_data(x))[i] = (float)(i % 1000);
  Array *y = prim_binary(PRIM_mul, x, x);
  int ok = y != NULL;
  for (int64_t i = 0; ok && i < big; i++) ok = ((float *)arr_data(y))[i] == (float)((i % 1000) * (i % 1000));
  CHECK("pool_elementwise", ok, "mismatch");
  PAxes all = {1, {0}};
  Array *ys = prim_unary(PRIM_reduce_sum, x, &all);
  /* 1048 cycles of 0..999 plus 0..575: 1048*499500 + 575*576/2 = 523641600 */
  CHECK("pool_sum", ys && fabs(arr_get_f(ys, 0) - 523641600.0) < 523641600.0 * 1e-6, "sum %f", ys ? arr_get_f(ys, 0) : -1);
  arr_release(ys); arr_release(y); arr_release(x);
  /* many back-to-back pool jobs (workers waking late, jobs overlapping their wake-ups) */
  int64_t mid = 100000;
  Array *ones = arr_new(DT_FLOAT64, 1, &mid);
  for (int64_t i = 0; i < mid; i++) ((double *)arr_data(ones))[i] = 1;
  int stress_ok = 1;
  for (int it = 0; it < 1500 && stress_ok; it++) {
    Array *r = prim_unary(PRIM_reduce_sum, ones, &all);
    Array *e2 = prim_binary(PRIM_add, ones, ones);
    stress_ok = r && e2 && arr_get_f(r, 0) == (double)mid && arr_get_f(e2, mid - 1) == 2;
    arr_release(r); arr_release(e2);
  }
  CHECK("pool_stress", stress_ok, "mismatch");
  arr_release(ones);
  char *ps = prim_params_str(PRIM_reduce_sum, &all);
  CHECK("params_str", ps && !strcmp(ps, "naxes=1 axes=(0,)"), "%s", ps ? ps : "NULL");
  free(ps);
  int64_t insz[2] = {28, 28}, win[2] = {3, 3}, strd[2] = {2, 1}, lo[2], hi[2];
  prim_padtype_to_pads(2, insz, win, strd, 1, lo, hi);   /* SAME: out 14 -> pad 1 (0,1); out 28 -> pad 2 (1,1) */
  CHECK("padtype_same", lo[0] == 0 && hi[0] == 1 && lo[1] == 1 && hi[1] == 1, "%lld %lld %lld %lld", (long long)lo[0], (long long)hi[0], (long long)lo[1], (long long)hi[1]);
  prim_padtype_to_pads(2, insz, win, strd, 0, lo, hi);
  CHECK("padtype_valid", lo[0] == 0 && hi[0] == 0 && lo[1] == 0 && hi[1] == 0, "valid");
  CHECK("table_slots", prim_table[PRIM_add].cpu && !prim_table[PRIM_add].gpu && prim_table[PRIM_add].nin == 2 &&
        !strcmp(prim_table[PRIM_exp].cgen, "exp%f(%0)") && prim_table[PRIM_reduce_sum].reduce_identity == RI_ZERO &&
        prim_table[PRIM_reduce_sum].params_size == sizeof(PAxes), "table");
  CHECK("prim_by_name", prim_by_name("dot_general") == PRIM_dot_general && prim_by_name("zzz") == -1, "lookup");
  arr_release(a); arr_release(b); arr_release(q);
}

static void test_print(void) {
  char *t;
  float v1[3] = {1, 2.5f, 3};
  Array *a = vec_f32(3, v1);
  CHECK("str_float", text_is(a, 0, "[1.  2.5 3. ]", &t), "%s", t); free(t);
  CHECK("repr_np_f32", text_is(a, 1, "array([1. , 2.5, 3. ], dtype=float32)", &t), "%s", t); free(t);
  CHECK("repr_jax_f32", text_is(a, 2, "Array([1. , 2.5, 3. ], dtype=float32)", &t), "%s", t); free(t);
  arr_release(a);
  int64_t s22[2] = {2, 2};
  int64_t iv[4] = {1, 2, 3, 4};
  Array *m = arr_from_data(DT_INT64, 2, s22, iv);
  CHECK("str_int2d", text_is(m, 0, "[[1 2]\n [3 4]]", &t), "%s", t); free(t);
  CHECK("repr_np_int64", text_is(m, 1, "array([[1, 2],\n       [3, 4]])", &t), "%s", t); free(t);
  arr_release(m);
  uint8_t bv[2] = {1, 0};
  int64_t two = 2;
  Array *b = arr_from_data(DT_BOOL, 1, &two, bv);
  CHECK("str_bool", text_is(b, 0, "[ True False]", &t), "%s", t); free(t);
  arr_release(b);
  double nv[3] = {NAN, INFINITY, -1.5};
  int64_t three = 3;
  Array *n = arr_from_data(DT_FLOAT64, 1, &three, nv);
  CHECK("str_nonfinite", text_is(n, 0, "[ nan  inf -1.5]", &t), "%s", t); free(t);
  arr_release(n);
  Array *w = arr_scalar_f(DT_FLOAT32, 1.0);
  w->flags |= ARR_WEAK;
  CHECK("repr_jax_weak", text_is(w, 2, "Array(1., dtype=float32, weak_type=True)", &t), "%s", t); free(t);
  CHECK("str_0d", text_is(w, 0, "1.0", &t), "%s", t); free(t);
  arr_release(w);
  double sm[2] = {1e-5, 1};
  Array *e = arr_from_data(DT_FLOAT64, 1, &two, sm);
  CHECK("str_exp_mode", text_is(e, 0, "[1.e-05 1.e+00]", &t), "%s", t); free(t);
  arr_release(e);
  int64_t big = 2000;
  Array *r = arr_new(DT_INT64, 1, &big);
  for (int64_t i = 0; i < big; i++) ((int64_t *)arr_data(r))[i] = i;
  CHECK("str_summarised", text_is(r, 0, "[   0    1    2 ... 1997 1998 1999]", &t), "%s", t); free(t);
  arr_release(r);
}

static void test_io(void) {
  char dir[] = "/tmp/sable_engine_XXXXXX";
  if (!mkdtemp(dir)) { CHECK("io_tmpdir", 0, "mkdtemp"); return; }
  char path[256];
  /* .npy round trip */
  double v[6] = {1, 2, 3, 4, 5, 6.5};
  int64_t s23[2] = {2, 3};
  Array *a = arr_from_data(DT_FLOAT64, 2, s23, v);
  snprintf(path, sizeof path, "%s/a.npy", dir);
  int rc = arr_save_npy(path, a);
  Array *b = rc == 0 ? arr_load_npy(path) : NULL;
  CHECK("npy_roundtrip", b && b->ndim == 2 && b->shape[1] == 3 && arr_get_f(b, 5) == 6.5, "rc=%d", rc);
  size_t len;
  unsigned char *bytes = arr_npy_bytes(a, &len);
  CHECK("npy_header", bytes && len == 128 + 48 && !memcmp(bytes + 10, "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }", 59) && bytes[127] == '\n', "len %zu", len);
  free(bytes);
  arr_release(b);
  /* a hand-written Fortran-order int32 file: [[1,2,3],[4,5,6]] stored column-major */
  unsigned char f[128 + 24];
  memset(f, ' ', 128);
  memcpy(f, "\x93NUMPY\x01\x00\x76\x00", 10);
  const char *hd = "{'descr': '<i4', 'fortran_order': True, 'shape': (2, 3), }";
  memcpy(f + 10, hd, strlen(hd));
  f[127] = '\n';
  int32_t col[6] = {1, 4, 2, 5, 3, 6};
  memcpy(f + 128, col, 24);
  Array *fo = arr_npy_parse(f, sizeof f);
  CHECK("npy_fortran", fo && fo->dtype == DT_INT32 && arr_get_i(fo, 1) == 2 && arr_get_i(fo, 3) == 4, "fortran");
  arr_release(fo);
  CHECK("npy_truncated", !arr_npy_parse(f, 140) && arr_last_error()->kind == ERR_VALUE, "truncated");
  CHECK("npy_missing", !arr_load_npy("/nonexistent/x.npy") && arr_last_error()->kind == ERR_IO, "missing");
  /* IDX, gzip and plain: 2 images of 2x3 ubyte */
  unsigned char idx[4 + 12 + 12] = {0, 0, 8, 3, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 3};
  for (int i = 0; i < 12; i++) idx[16 + i] = (unsigned char)(i * 20);
  snprintf(path, sizeof path, "%s/img.gz", dir);
  gzFile g = gzopen(path, "wb");
  gzwrite(g, idx, sizeof idx);
  gzclose(g);
  Array *im = arr_load_idx(path);
  CHECK("idx_gz", im && im->dtype == DT_UINT8 && im->ndim == 3 && im->shape[2] == 3 && arr_get_i(im, 11) == 220, "idx");
  arr_release(im);
  snprintf(path, sizeof path, "%s/img.idx", dir);
  FILE *fp = fopen(path, "wb");
  fwrite(idx, 1, 20, fp);   /* truncated data */
  fclose(fp);
  CHECK("idx_truncated", !arr_load_idx(path) && arr_last_error()->kind == ERR_IO, "trunc");
  /* CSV */
  snprintf(path, sizeof path, "%s/d.csv", dir);
  fp = fopen(path, "w");
  fputs("a,b,c\n1,2,3\n4.5,,6\n", fp);
  fclose(fp);
  Array *c = arr_load_csv(path, ',', 1, DT_FLOAT64);
  CHECK("csv", c && c->ndim == 2 && c->shape[0] == 2 && arr_get_f(c, 3) == 4.5 && isnan(arr_get_f(c, 4)), "csv");
  arr_release(c);
  fp = fopen(path, "w");
  fputs("1,2\n3\n", fp);
  fclose(fp);
  CHECK("csv_ragged", !arr_load_csv(path, ',', 0, DT_FLOAT64) && arr_last_error()->kind == ERR_VALUE, "ragged");
  arr_release(a);
  /* the real Fashion-MNIST test set when the Debian package is installed: 10000 labels,
   * 1000 of each class (published), images 10000 x 28 x 28 */
  const char *lab = "/usr/share/datasets/fashion-mnist/t10k-labels-idx1-ubyte.gz";
  if (access(lab, R_OK) == 0) {
    Array *l = arr_load_idx(lab);
    int counts[10] = {0}, ok = l && l->ndim == 1 && l->shape[0] == 10000 && l->dtype == DT_UINT8;
    for (int64_t i = 0; ok && i < l->size; i++) { int64_t v = arr_get_i(l, i); if (v < 0 || v > 9) ok = 0; else counts[v]++; }
    for (int k = 0; k < 10; k++) if (counts[k] != 1000) ok = 0;
    CHECK("idx_fashion_mnist_labels", ok, "labels");
    arr_release(l);
    Array *im2 = arr_load_idx("/usr/share/datasets/fashion-mnist/t10k-images-idx3-ubyte.gz");
    CHECK("idx_fashion_mnist_images", im2 && im2->ndim == 3 && im2->shape[0] == 10000 && im2->shape[1] == 28 && im2->shape[2] == 28, "images");
    arr_release(im2);
  } else {
    printf("SKIP idx_fashion_mnist: dataset-fashion-mnist not installed\n");
  }
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd) != 0) printf("# could not remove %s\n", dir);
}

int main(void) {
  arr_init();
  test_dtypes();
  test_arrays();
  test_kernels();
  test_print();
  test_io();
  return failures ? 1 : 0;
}
