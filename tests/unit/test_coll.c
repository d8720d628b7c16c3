/* Unit tests for engine/coll.c: hand-built per-device graphs run on 4 device workers, the
 * collectives' results against hand-computed values, and the clean failure of devices that
 * run different numbers of collectives (a loop count that depends on the device). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "coll.h"

static int failures;

static void check(int ok, const char *name, const char *fmt, ...) {
  if (ok) { printf("PASS %s\n", name); return; }
  failures++;
  va_list ap;
  printf("FAIL %s: ", name);
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  printf("\n");
}

static AVal f32(int ndim, const int64_t *shape) {
  AVal a;
  memset(&a, 0, sizeof a);
  a.dtype = DT_FLOAT32;
  a.ndim = ndim;
  for (int i = 0; i < ndim; i++) a.shape[i] = shape[i];
  return a;
}

static float at(Array *a, int64_t i) { return (float)arr_get_f(a, i); }

#define NDEV 4

/* x: f32[2] on device d = [d, 10 + d]; one graph with every collective over axis "i" */
static void test_values(void) {
  int axis = coll_axis_intern("i");
  int64_t two = 2, four = 4, eight = 8;
  IrGraph *g = ir_new("coll");
  AVal xa = f32(1, &two), ya = f32(1, &four);
  int x = ir_add_input(g, &xa), y = ir_add_input(g, &ya);
  PColl p;
  memset(&p, 0, sizeof p);
  p.axis = axis;
  p.size = NDEV;
  int o[8];
  ir_add_eqn(g, PRIM_psum, 1, &x, &p, 1, &xa, &o[0]);
  ir_add_eqn(g, PRIM_pmax, 1, &x, &p, 1, &xa, &o[1]);
  PColl gp = p;
  gp.tiled = 1;
  AVal ga = f32(1, &eight);
  ir_add_eqn(g, PRIM_all_gather, 1, &x, &gp, 1, &ga, &o[2]);
  PColl pp = p;
  pp.nperm = 4;
  int ring[8] = {0, 1, 1, 2, 2, 3, 3, 0};
  memcpy(pp.perm, ring, sizeof ring);
  ir_add_eqn(g, PRIM_ppermute, 1, &x, &pp, 1, &xa, &o[3]);
  AVal ia;
  memset(&ia, 0, sizeof ia);
  ia.dtype = DT_INT32;
  ir_add_eqn(g, PRIM_axis_index, 0, NULL, &p, 1, &ia, &o[4]);
  PColl ap = p;
  ap.tiled = 1;   /* split f32[4] into 4 blocks of 1, concatenate along 0 */
  ir_add_eqn(g, PRIM_all_to_all, 1, &y, &ap, 1, &ya, &o[5]);
  int64_t one = 1;
  AVal sa = f32(1, &one);
  PColl sp = p;
  sp.tiled = 1;
  ir_add_eqn(g, PRIM_psum_scatter, 1, &y, &sp, 1, &sa, &o[6]);
  ir_set_outputs(g, 7, o);

  Array *in[NDEV * 2], *out[NDEV * 7];
  for (int d = 0; d < NDEV; d++) {
    float xv[2] = {(float)d, 10.0f + d}, yv[4];
    for (int k = 0; k < 4; k++) yv[k] = 100.0f * d + k;
    in[2 * d] = arr_from_data(DT_FLOAT32, 1, &two, xv);
    in[2 * d + 1] = arr_from_data(DT_FLOAT32, 1, &four, yv);
  }
  int rc = coll_run(g, NDEV, axis, in, out);
  check(rc == 0, "coll/run", "%s", rc ? arr_last_error()->msg : "");
  if (rc == 0) {
    int ok = 1;
    for (int d = 0; d < NDEV; d++) ok &= at(out[7 * d], 0) == 6 && at(out[7 * d], 1) == 46;
    check(ok, "coll/psum", "device 0 got [%g, %g], want [6, 46]", at(out[0], 0), at(out[0], 1));
    ok = 1;
    for (int d = 0; d < NDEV; d++) ok &= at(out[7 * d + 1], 0) == 3 && at(out[7 * d + 1], 1) == 13;
    check(ok, "coll/pmax", "want [3, 13]");
    ok = 1;
    for (int d = 0; d < NDEV; d++)
      for (int j = 0; j < NDEV; j++)
        ok &= at(out[7 * d + 2], 2 * j) == j && at(out[7 * d + 2], 2 * j + 1) == 10 + j;
    check(ok, "coll/all_gather_tiled", "want [0, 10, 1, 11, 2, 12, 3, 13]");
    ok = 1;
    for (int d = 0; d < NDEV; d++) ok &= at(out[7 * d + 3], 0) == (d + 3) % 4;   /* from d - 1 */
    check(ok, "coll/ppermute_ring", "device 0 got %g, want 3", at(out[3], 0));
    ok = 1;
    for (int d = 0; d < NDEV; d++) ok &= arr_get_i(out[7 * d + 4], 0) == d;
    check(ok, "coll/axis_index", "want 0..3");
    ok = 1;   /* device d receives block d of every device j: 100 j + d */
    for (int d = 0; d < NDEV; d++)
      for (int j = 0; j < NDEV; j++) ok &= at(out[7 * d + 5], j) == 100.0f * j + d;
    check(ok, "coll/all_to_all", "device 1 got [%g, %g, %g, %g], want [1, 101, 201, 301]",
          at(out[12], 0), at(out[12], 1), at(out[12], 2), at(out[12], 3));
    ok = 1;   /* block d of the sum: sum_j (100 j + d) = 600 + 4 d */
    for (int d = 0; d < NDEV; d++) ok &= at(out[7 * d + 6], 0) == 600.0f + 4 * d;
    check(ok, "coll/psum_scatter", "device 2 got %g, want 608", at(out[20], 0));
    for (int k = 0; k < NDEV * 7; k++) arr_release(out[k]);
  }
  for (int k = 0; k < NDEV * 2; k++) arr_release(in[k]);
  ir_release(g);
}

/* while (i < limit) { i += 1; acc = psum(acc) } with limit = the device's index: device 0
 * finishes at once while the others wait for it at the first psum */
static void test_divergent(void) {
  int axis = coll_axis_intern("i");
  AVal s = f32(0, NULL), b;
  memset(&b, 0, sizeof b);
  b.dtype = DT_BOOL;
  PColl p;
  memset(&p, 0, sizeof p);
  p.axis = axis;
  p.size = NDEV;

  IrGraph *cond = ir_new("cond");
  int ci = ir_add_input(cond, &s), cl = ir_add_input(cond, &s), ca = ir_add_input(cond, &s), co;
  (void)ca;
  int cin[2] = {ci, cl};
  ir_add_eqn(cond, PRIM_lt, 2, cin, NULL, 1, &b, &co);
  ir_set_outputs(cond, 1, &co);

  IrGraph *body = ir_new("body");
  int bi = ir_add_input(body, &s), bl = ir_add_input(body, &s), ba = ir_add_input(body, &s);
  Array *one = arr_scalar_f(DT_FLOAT32, 1.0);
  int c1 = ir_add_const(body, one);
  arr_release(one);
  int bo[3], bin[2] = {bi, c1};
  ir_add_eqn(body, PRIM_add, 2, bin, NULL, 1, &s, &bo[0]);
  bo[1] = bl;
  ir_add_eqn(body, PRIM_psum, 1, &ba, &p, 1, &s, &bo[2]);
  ir_set_outputs(body, 3, bo);

  IrGraph *g = ir_new("loop");
  int gi = ir_add_input(g, &s), gl = ir_add_input(g, &s), ga = ir_add_input(g, &s);
  PWhile w;
  memset(&w, 0, sizeof w);
  w.cond = cond;
  w.body = body;
  AVal oav[3] = {s, s, s};
  int gin[3] = {gi, gl, ga}, go[3];
  ir_add_eqn(g, PRIM_while, 3, gin, &w, 3, oav, go);
  ir_set_outputs(g, 3, go);
  ir_release(cond);
  ir_release(body);

  Array *in[NDEV * 3], *out[NDEV * 3];
  for (int d = 0; d < NDEV; d++) {
    in[3 * d] = arr_scalar_f(DT_FLOAT32, 0);
    in[3 * d + 1] = arr_scalar_f(DT_FLOAT32, d);
    in[3 * d + 2] = arr_scalar_f(DT_FLOAT32, 1);
  }
  int rc = coll_run(g, NDEV, axis, in, out);
  check(rc < 0 && strstr(arr_last_error()->msg, "different numbers of collectives"),
        "coll/divergent_loop_fails", "rc=%d %s", rc, rc < 0 ? arr_last_error()->msg : "");
  int nulls = 1;
  for (int k = 0; k < NDEV * 3 && rc < 0; k++) nulls &= out[k] == NULL;
  check(rc < 0 && nulls, "coll/divergent_loop_no_outputs", "outputs left behind");
  arr_err_clear();

  /* the same loop with one limit for all: every device runs 2 psums, acc = 4 * 4 = 16 */
  for (int d = 0; d < NDEV; d++) {
    arr_release(in[3 * d + 1]);
    in[3 * d + 1] = arr_scalar_f(DT_FLOAT32, 2);
  }
  rc = coll_run(g, NDEV, axis, in, out);
  int ok = rc == 0;
  for (int d = 0; d < NDEV && ok; d++) ok &= at(out[3 * d + 2], 0) == 16;
  check(ok, "coll/uniform_loop", "rc=%d %s", rc, rc < 0 ? arr_last_error()->msg : "");
  if (rc == 0) for (int k = 0; k < NDEV * 3; k++) arr_release(out[k]);
  for (int k = 0; k < NDEV * 3; k++) arr_release(in[k]);
  ir_release(g);
}

static void test_unbound(void) {
  /* a collective outside a device worker names an unbound axis */
  PColl p;
  memset(&p, 0, sizeof p);
  p.axis = coll_axis_intern("k");
  p.size = 2;
  Array *x = arr_scalar_f(DT_FLOAT32, 1), *o = NULL;
  int n = prim_bind(PRIM_psum, &x, 1, &p, &o);
  check(n < 0 && !strcmp(arr_last_error()->msg, "unbound axis name: k"), "coll/unbound_eager",
        "n=%d %s", n, n < 0 ? arr_last_error()->msg : "");
  arr_err_clear();
  arr_release(x);
  arr_release(o);
}

int main(void) {
  arr_init();
  test_values();
  test_divergent();
  test_unbound();
  return failures ? 1 : 0;
}
