/* test_cpu_blas.c - the dlopen shim for OpenBLAS/LAPACKE (engine/cpu/cpu_blas.c): results of
 * calls through it (hand-computed), one load under concurrent first use, the OSError naming the
 * Debian package when a library is missing (in forked children), LAPACKE kept off stdout. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/arr.h"
#include "engine/prim.h"
#include "engine/cpu/cpu_blas.h"

static int failures;
#define CHECK(name, cond, ...)                                                    \
  do {                                                                            \
    if (cond) printf("PASS %s\n", name);                                          \
    else { printf("FAIL %s: ", name); printf(__VA_ARGS__); printf("\n"); failures++; } \
  } while (0)

/* Run fn in a child with env NAME=VALUE set before any load; its PASS/FAIL lines go to our
 * stdout and its failure count comes back as the exit status. */
static void in_child(const char *label, const char *name, const char *value, void (*fn)(void)) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid < 0) { CHECK(label, 0, "fork failed"); return; }
  if (pid == 0) {
    setenv(name, value, 1);
    fn();
    fflush(stdout);
    _exit(failures > 100 ? 100 : failures);
  }
  int st = 0;
  if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st)) { CHECK(label, 0, "child crashed (status %d)", st); return; }
  failures += WEXITSTATUS(st);
}

static int msg_has(const char *a, const char *b) {
  const char *m = arr_last_error()->msg;
  return strstr(m, a) && (!b || strstr(m, b));
}

static Array *mat(DType dt, int r, int c, const double *v) {
  int64_t s[2] = {r, c};
  Array *a = arr_new(dt, 2, s);
  for (int i = 0; a && i < r * c; i++) {
    if (dt == DT_FLOAT64) ((double *)arr_data(a))[i] = v[i];
    else if (dt == DT_FLOAT32) ((float *)arr_data(a))[i] = (float)v[i];
    else ((int32_t *)arr_data(a))[i] = (int32_t)v[i];
  }
  return a;
}

static int dot2(DType dt, Array **out) {
  static const double a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
  Array *x = mat(dt, 2, 2, a), *y = mat(dt, 2, 2, b);
  PDot pd = {0};
  pd.nc = 1; pd.lhs_contract[0] = 1; pd.rhs_contract[0] = 0;
  Array *in[2] = {x, y};
  *out = NULL;
  int rc = prim_bind(PRIM_dot_general, in, 2, &pd, out);
  arr_release(x);
  arr_release(y);
  return rc;
}

static void no_blas(void) {
  arr_err_clear();
  const CpuBlas *b = cpu_blas();
  CHECK("missing_blas_null", !b && arr_last_error()->kind == ERR_IO, "got %p kind %d", (void *)b, arr_last_error()->kind);
  CHECK("missing_blas_message", msg_has("/nonexistent/libopenblas.so.0", "apt-get install libopenblas-dev"),
        "message: %s", arr_last_error()->msg);
  arr_err_clear();
  CHECK("missing_blas_again", !cpu_blas() && arr_last_error()->kind == ERR_IO && msg_has("libopenblas-dev", NULL),
        "second call: %s", arr_last_error()->msg);
  arr_err_clear();
  CHECK("missing_blas_lapack", !cpu_lapack() && msg_has("libopenblas-dev", NULL), "lapack: %s", arr_last_error()->msg);
  Array *o;
  arr_err_clear();
  int rc = dot2(DT_FLOAT64, &o);
  CHECK("missing_blas_matmul_raises", rc < 0 && !o && arr_last_error()->kind == ERR_IO && msg_has("libopenblas-dev", NULL),
        "rc %d: %s", rc, arr_last_error()->msg);
  rc = dot2(DT_INT32, &o);   /* integer products do not use BLAS */
  const int32_t *v = o ? arr_data(o) : NULL;
  CHECK("missing_blas_int_matmul_works", rc == 1 && v && v[0] == 19 && v[1] == 22 && v[2] == 43 && v[3] == 50, "rc %d", rc);
  arr_release(o);
}

static void no_lapacke(void) {
  arr_err_clear();
  CHECK("missing_lapacke_blas_ok", cpu_blas() != NULL, "%s", arr_last_error()->msg);
  const CpuLapack *l = cpu_lapack();
  CHECK("missing_lapacke_null", !l && arr_last_error()->kind == ERR_IO, "got %p", (void *)l);
  CHECK("missing_lapacke_message", msg_has("/nonexistent/liblapacke.so.3", "apt-get install liblapacke-dev"),
        "message: %s", arr_last_error()->msg);
}

static void *first_use(void *arg) {
  *(const CpuBlas **)arg = cpu_blas();
  return NULL;
}

static void test_loaded(void) {
  pthread_t t[8];
  const CpuBlas *got[8] = {0};
  for (int i = 0; i < 8; i++) pthread_create(&t[i], NULL, first_use, &got[i]);
  for (int i = 0; i < 8; i++) pthread_join(t[i], NULL);
  int same = 1;
  for (int i = 0; i < 8; i++) same &= got[i] == got[0];
  CHECK("concurrent_first_use", got[0] && same && cpu_blas() == got[0], "pointers differ or NULL: %s", arr_last_error()->msg);
  const CpuBlas *b = cpu_blas();
  if (!b) return;

  /* [1 2 3; 4 5 6] x [7 8; 9 10; 11 12] = [58 64; 139 154] */
  double a[6] = {1, 2, 3, 4, 5, 6}, bm[6] = {7, 8, 9, 10, 11, 12}, c[4] = {0};
  b->cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 2, 2, 3, 1.0, a, 3, bm, 2, 0.0, c, 2);
  CHECK("dgemm", c[0] == 58 && c[1] == 64 && c[2] == 139 && c[3] == 154, "got %g %g %g %g", c[0], c[1], c[2], c[3]);
  float af[6] = {1, 2, 3, 4, 5, 6}, bf[6] = {7, 8, 9, 10, 11, 12}, cf[4] = {0};
  b->cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 2, 2, 3, 1.0f, af, 3, bf, 3, 0.0f, cf, 2);
  /* B^T with B read as 2x3 [7 8 9; 10 11 12]: [1 2 3]·[7 8 9] = 50, ·[10 11 12] = 68; 122, 167 */
  CHECK("sgemm_trans", cf[0] == 50 && cf[1] == 68 && cf[2] == 122 && cf[3] == 167, "got %g %g %g %g", cf[0], cf[1], cf[2], cf[3]);
  /* lower-triangular [2 0; 1 4] x = [4; 6] -> x = [2; 1] */
  double l[4] = {2, 0, 1, 4}, x[2] = {4, 6};
  b->cblas_dtrsm(CblasRowMajor, CblasLeft, CblasLower, CblasNoTrans, CblasNonUnit, 2, 1, 1.0, l, 2, x, 1);
  CHECK("dtrsm", x[0] == 2 && x[1] == 1, "got %g %g", x[0], x[1]);

  const CpuLapack *lp = cpu_lapack();
  CHECK("lapack_loaded", lp != NULL, "%s", arr_last_error()->msg);
  if (!lp) return;
  /* [2 1; 1 3] x = [3; 5] -> x = [0.8; 1.4] */
  double m[4] = {2, 1, 1, 3}, r[2] = {3, 5};
  lapack_int ip[2];
  int info = lp->LAPACKE_dgesv(LAPACK_ROW_MAJOR, 2, 1, m, 2, ip, r, 1);
  CHECK("dgesv", info == 0 && r[0] > 0.8 - 1e-12 && r[0] < 0.8 + 1e-12 && r[1] > 1.4 - 1e-12 && r[1] < 1.4 + 1e-12,
        "info %d x %.17g %.17g", info, r[0], r[1]);

  /* An illegal argument: LAPACKE returns -1 and, through Sable's LAPACKE_xerbla, prints
   * nothing (liblapacke's own would print to stdout). */
  fflush(stdout);
  char path[] = "/tmp/sable_blas_XXXXXX";
  int fd = mkstemp(path), saved = dup(1);
  if (fd < 0 || saved < 0) { CHECK("xerbla_silent", 0, "mkstemp/dup failed"); return; }
  unlink(path);
  dup2(fd, 1);
  info = lp->LAPACKE_dgetrf(12345, 2, 2, m, 2, ip);
  fflush(stdout);
  dup2(saved, 1);
  close(saved);
  off_t printed = lseek(fd, 0, SEEK_END);
  close(fd);
  CHECK("xerbla_silent", info == -1 && printed == 0, "info %d, %lld bytes printed", info, (long long)printed);
}

int main(void) {
  arr_init();
  in_child("missing_blas", "SABLE_BLAS_LIB", "/nonexistent/libopenblas.so.0", no_blas);
  in_child("missing_lapacke", "SABLE_LAPACKE_LIB", "/nonexistent/liblapacke.so.3", no_lapacke);
  test_loaded();
  return failures ? 1 : 0;
}
