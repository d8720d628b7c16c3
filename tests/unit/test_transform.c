/* Unit tests for engine/ir.c, the staged-program core of the transformations: building graphs
   by hand, the optimiser (scalar-literal merging, CSE, constant folding, DCE), the executor,
   the control-flow primitives (cond, while, scan) and the jaxpr-style printer. Expectations
   are hand-computed. Also: every primitive of engine/prim.h has its row of transformation
   rules in the entries of lang/prim/ (tests/suites/transform_rules.py checks them numerically). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

static int failures;

static void report(int ok, const char *name, const char *fmt, ...) {
  if (ok) { printf("PASS %s\n", name); return; }
  failures++;
  printf("FAIL %s: ", name);
  va_list ap;
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

static Array *vec(int n, const float *v) {
  int64_t s[1] = {n};
  return arr_from_data(DT_FLOAT32, 1, s, v);
}

static int same(Array *a, int n, const float *want) {
  if (!a || a->size != n) return 0;
  for (int i = 0; i < n; i++)
    if (fabs(arr_get_f(a, i) - want[i]) > 1e-6) return 0;
  return 1;
}

/* one-output equation helper */
static int eqn(IrGraph *g, PrimId p, int nin, const int *in, const void *params, AVal out_av) {
  int o;
  if (ir_add_eqn(g, p, nin, in, params, 1, &out_av, &o) < 0) return -1;
  return o;
}

static void test_cse_dce(void) {
  int64_t s3[1] = {3};
  AVal v3 = f32(1, s3);
  IrGraph *g = ir_new("f");
  int a = ir_add_input(g, &v3);
  Array *two1 = arr_scalar_f(DT_FLOAT32, 2.0), *two2 = arr_scalar_f(DT_FLOAT32, 2.0);
  int k1 = ir_add_const(g, two1), k2 = ir_add_const(g, two2);
  arr_release(two1);
  arr_release(two2);
  int b = eqn(g, PRIM_mul, 2, (int[]){a, k1}, NULL, v3);
  int c = eqn(g, PRIM_mul, 2, (int[]){a, k2}, NULL, v3);
  int d = eqn(g, PRIM_add, 2, (int[]){b, c}, NULL, v3);
  (void)eqn(g, PRIM_sin, 1, (int[]){a}, NULL, v3);   /* dead */
  ir_set_outputs(g, 1, &d);
  report(g->neqn == 4, "ir_build", "%d equations", g->neqn);
  ir_optimize(g);
  report(g->neqn == 2, "ir_cse_dce", "%d equations after optimising, want 2 (mul, add)", g->neqn);
  report(g->neqn == 2 && g->eqns[1].in[0] == g->eqns[1].in[1], "ir_cse_shares_operand",
         "add should read the one mul twice");
  Array *x = vec(3, (float[]){1, 2, 3}), *out = NULL;
  int rc = ir_run(g, &x, &out);
  report(rc == 0 && same(out, 3, (float[]){4, 8, 12}), "ir_run", "rc %d", rc);
  char *text = ir_print(g);
  const char *want = "{ lambda ; a:f32[3]. let\n    b:f32[3] = mul a 2.0\n    c:f32[3] = add b b\n  in (c,) }";
  report(text && !strcmp(text, want), "ir_print", "got:\n%s\nwant:\n%s", text ? text : "(null)", want);
  free(text);
  arr_release(x);
  arr_release(out);
  ir_release(g);
}

static void test_fold(void) {
  int64_t s2[1] = {2};
  AVal v2 = f32(1, s2);
  IrGraph *g = ir_new("fold");
  int x = ir_add_input(g, &v2);
  Array *k = vec(2, (float[]){1, 2});
  int kv = ir_add_const(g, k);
  arr_release(k);
  int sq = eqn(g, PRIM_mul, 2, (int[]){kv, kv}, NULL, v2);   /* constant: folded */
  int r = eqn(g, PRIM_add, 2, (int[]){x, sq}, NULL, v2);
  ir_set_outputs(g, 1, &r);
  ir_optimize(g);
  report(g->neqn == 1 && g->eqns[0].prim == PRIM_add, "ir_constant_folding", "%d equations", g->neqn);
  Array *in = vec(2, (float[]){10, 20}), *out = NULL;
  int rc = ir_run(g, &in, &out);
  report(rc == 0 && same(out, 2, (float[]){11, 24}), "ir_run_folded", "rc %d", rc);
  uint8_t m[1] = {1}, o[1] = {0};
  ir_deps(g, m, o);
  report(o[0] == 1, "ir_deps", "output should depend on the input");
  arr_release(in);
  arr_release(out);
  ir_release(g);
}

static IrGraph *unary_graph(PrimId p, double scalar) {
  AVal s = f32(0, NULL);
  IrGraph *g = ir_new("branch");
  int a = ir_add_input(g, &s);
  Array *c = arr_scalar_f(DT_FLOAT32, scalar);
  int k = ir_add_const(g, c);
  arr_release(c);
  int r = eqn(g, p, 2, (int[]){a, k}, NULL, s);
  ir_set_outputs(g, 1, &r);
  return g;
}

static void test_cond(void) {
  PCond pc;
  memset(&pc, 0, sizeof pc);
  pc.nbranches = 2;
  pc.branches[0] = unary_graph(PRIM_add, 1.0);
  pc.branches[1] = unary_graph(PRIM_mul, 10.0);
  for (int idx = -1; idx <= 2; idx++) {
    Array *in[2] = {arr_scalar_i(DT_INT32, idx), arr_scalar_f(DT_FLOAT32, 3.0)}, *out = NULL;
    int n = ir_bind(PRIM_cond, in, 2, &pc, &out);
    double want = idx <= 0 ? 4.0 : 30.0;   /* the index is clamped */
    char name[64];
    snprintf(name, sizeof name, "ir_cond_index_%d", idx);
    report(n == 1 && out && arr_get_f(out, 0) == want, name, "got %g", out ? arr_get_f(out, 0) : -1);
    arr_release(in[0]);
    arr_release(in[1]);
    arr_release(out);
  }
  /* a non-scalar index is a type error, reported by the rule */
  int64_t s2[1] = {2};
  Array *bad[2] = {arr_zeros(DT_INT32, 1, s2), arr_scalar_f(DT_FLOAT32, 3.0)}, *out = NULL;
  int n = ir_bind(PRIM_cond, bad, 2, &pc, &out);
  report(n < 0 && arr_last_error()->kind == ERR_TYPE, "ir_cond_bad_index", "n=%d", n);
  arr_err_clear();
  arr_release(bad[0]);
  arr_release(bad[1]);
  ir_release(pc.branches[0]);
  ir_release(pc.branches[1]);
}

static void test_while_scan(void) {
  AVal s = f32(0, NULL);
  /* while c < 5: c = c + 1 */
  IrGraph *cg = ir_new("cond");
  int c = ir_add_input(cg, &s);
  Array *five = arr_scalar_f(DT_FLOAT32, 5.0);
  int k = ir_add_const(cg, five);
  arr_release(five);
  AVal b = s;
  b.dtype = DT_BOOL;
  int lt = eqn(cg, PRIM_lt, 2, (int[]){c, k}, NULL, b);
  ir_set_outputs(cg, 1, &lt);
  IrGraph *bg = unary_graph(PRIM_add, 1.0);
  PWhile pw;
  memset(&pw, 0, sizeof pw);
  pw.cond = cg;
  pw.body = bg;
  Array *init = arr_scalar_f(DT_FLOAT32, 0.5), *out = NULL;
  int n = ir_bind(PRIM_while, &init, 1, &pw, &out);
  report(n == 1 && out && arr_get_f(out, 0) == 5.5, "ir_while", "got %g", out ? arr_get_f(out, 0) : -1);
  arr_release(init);
  arr_release(out);
  ir_release(cg);
  ir_release(bg);

  /* scan: (c, x) -> (c + x, c * x) over xs = [1, 2, 3] from c = 0: carry 6, ys [0, 2, 9] */
  IrGraph *body = ir_new("body");
  int cc = ir_add_input(body, &s), xx = ir_add_input(body, &s);
  int sum = eqn(body, PRIM_add, 2, (int[]){cc, xx}, NULL, s);
  int prod = eqn(body, PRIM_mul, 2, (int[]){cc, xx}, NULL, s);
  ir_set_outputs(body, 2, (int[]){sum, prod});
  PScan ps;
  memset(&ps, 0, sizeof ps);
  ps.length = 3;
  ps.ncarry = 1;
  ps.unroll = 1;
  ps.body = body;
  Array *in[2] = {arr_scalar_f(DT_FLOAT32, 0.0), vec(3, (float[]){1, 2, 3})}, *outs[2] = {0};
  n = ir_bind(PRIM_scan, in, 2, &ps, outs);
  report(n == 2 && arr_get_f(outs[0], 0) == 6.0 && same(outs[1], 3, (float[]){0, 2, 9}), "ir_scan",
         "n=%d", n);
  arr_release(outs[0]);
  arr_release(outs[1]);
  ps.reverse = 1;   /* from the end: c: 0 -> 3 -> 5 -> 6, ys at [2]=0, [1]=6, [0]=5 */
  n = ir_bind(PRIM_scan, in, 2, &ps, outs);
  report(n == 2 && arr_get_f(outs[0], 0) == 6.0 && same(outs[1], 3, (float[]){5, 6, 0}), "ir_scan_reverse",
         "n=%d", n);
  arr_release(outs[0]);
  arr_release(outs[1]);
  arr_release(in[0]);
  arr_release(in[1]);
  /* a sub-graph inside a graph: printing nests it */
  IrGraph *g = ir_new("outer");
  int xs = ir_add_input(g, &(AVal){DT_FLOAT32, 0, 1, {3}});
  Array *z = arr_scalar_f(DT_FLOAT32, 0.0);
  int zv = ir_add_const(g, z);
  arr_release(z);
  ps.reverse = 0;
  int o[2];
  AVal oav[2] = {s, {DT_FLOAT32, 0, 1, {3}}};
  ir_add_eqn(g, PRIM_scan, 2, (int[]){zv, xs}, &ps, 2, oav, o);
  ir_set_outputs(g, 1, &o[1]);
  char *text = ir_print(g);
  report(text && strstr(text, "b:f32[] c:f32[3] = scan[") && strstr(text, "jaxpr={ lambda ; d:f32[] e:f32[]. let") && strstr(text, "length=3") &&
             strstr(text, "] 0.0 a\n"),
         "ir_print_scan", "got:\n%s", text ? text : "(null)");
  free(text);
  ir_release(g);
  ir_release(body);
}

/* Every primitive says how it differentiates (RK_NONE would be a silent gap: differentiation
 * raises NotImplementedError) and has a batching rule, except iota and axis_index, which have
 * no operands and so never meet a tracer. pmax and pmin have no derivative in JAX either
 * ("Differentiation rule for 'pmax' not implemented"). The kinds that need functions have them. */
static void test_rule_table(void) {
  for (int id = 0; id < PRIM_COUNT; id++) {
    const Prim *r = &prim_table[id];
    const char *nm = prim_table[id].name;
    char name[96];
    snprintf(name, sizeof name, "rules/%s", nm);
    int ok = r->ad != RK_NONE || !strcmp(nm, "pmax") || !strcmp(nm, "pmin");
    const char *why = "no differentiation rule (RK_NONE)";
    if (ok && r->ad == RK_PARTIALS && !r->partials) { ok = 0; why = "RK_PARTIALS without partials"; }
    if (ok && (r->ad == RK_LINEAR || r->ad == RK_BILINEAR) && !r->transpose) { ok = 0; why = "linear without a transpose"; }
    if (ok && r->ad == RK_CUSTOM && !r->jvp && !r->vjp_fwd) { ok = 0; why = "custom without jvp or vjp"; }
    if (ok && r->ad == RK_DECOMP && !r->decomp) { ok = 0; why = "decomposition without a function"; }
    if (ok && !r->batch && r->nin != 0) { ok = 0; why = "no batching rule"; }
    report(ok, name, "%s", why);
  }
}

int main(void) {
  arr_init();
  test_rule_table();
  test_cse_dce();
  test_fold();
  test_cond();
  test_while_scan();
  return failures ? 1 : 0;
}
