/* prim_control.c - control flow and the host: cond, while, scan, debug_callback, stop_gradient,
 * pure_callback, custom_jvp_call, custom_vjp_call. Their parameters carry sub-graphs (engine/ir.h);
 * shape rules and kernels interpret those graphs (engine/ir.c), and their transformation rules
 * transform them by tracing (lang/transform/flow.c, declared in prim_ops.h). */
#include "prim_kit.h"

/* {=== the parameters in jaxpr text (JAX's spelling) ===}
 * Multi-line: one parameter a line, two spaces in from the equation, sub-graphs printed by the
 * engine so that their variables continue the enclosing graph's names. */
static void pp_callback(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  ir_put(pr, "[callback=%d effect=Debug]", ((const PCallback *)e->params)->id);
}
/* "  key=<graph>" and the line's end */
static void graph_line(IrPrinter *pr, const char *key, const IrGraph *sub) {
  ir_put_indent(pr, 2);
  ir_put(pr, "%s=", key);
  ir_put_graph(pr, sub, 2);
  ir_put(pr, "\n");
}
static void pp_cond(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PCond *c = e->params;
  ir_put(pr, "[\n");
  ir_put_indent(pr, 2); ir_put(pr, "branches=(\n");
  for (int i = 0; i < c->nbranches; i++) {
    ir_put_indent(pr, 4);
    ir_put_graph(pr, c->branches[i], 4);
    ir_put(pr, "\n");
  }
  ir_put_indent(pr, 2); ir_put(pr, ")\n");
  ir_put_indent(pr, 0); ir_put(pr, "]");
}
static void pp_while(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PWhile *c = e->params;
  ir_put(pr, "[\n");
  graph_line(pr, "body_jaxpr", c->body);
  ir_put_indent(pr, 2); ir_put(pr, "body_nconsts=%d\n", c->body_nconsts);
  graph_line(pr, "cond_jaxpr", c->cond);
  ir_put_indent(pr, 2); ir_put(pr, "cond_nconsts=%d\n", c->cond_nconsts);
  ir_put_indent(pr, 0); ir_put(pr, "]");
}
static void pp_scan(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  const PScan *c = e->params;
  ir_put(pr, "[\n");
  ir_put_indent(pr, 2); ir_put(pr, "_split_transpose=False\n");
  graph_line(pr, "jaxpr", c->body);
  ir_put_indent(pr, 2); ir_put(pr, "length=%lld\n", (long long)c->length);
  ir_put_indent(pr, 2); ir_put(pr, "num_carry=%d\n", c->ncarry);
  ir_put_indent(pr, 2); ir_put(pr, "num_consts=%d\n", c->nconsts);
  ir_put_indent(pr, 2); ir_put(pr, "reverse=%s\n", c->reverse ? "True" : "False");
  ir_put_indent(pr, 2); ir_put(pr, "unroll=%d\n", c->unroll);
  ir_put_indent(pr, 0); ir_put(pr, "]");
}
/* custom_jvp_call and custom_vjp_call: the function, its rule's graph, (vjp: the host's
 * backward function), the count of constants */
static void pp_custom(IrPrinter *pr, const IrGraph *g, const IrEqn *e) {
  int jv = e->prim == PRIM_custom_jvp_call;
  const PCustomJvp *j = e->params;
  const PCustomVjp *v = e->params;
  ir_put(pr, "[\n");
  graph_line(pr, "call_jaxpr", jv ? j->fun : v->fun);
  graph_line(pr, jv ? "jvp_jaxpr" : "fwd_jaxpr", jv ? j->jvp : v->fwd);
  if (!jv) { ir_put_indent(pr, 2); ir_put(pr, "bwd=%d\n", v->bwd); }
  ir_put_indent(pr, 2); ir_put(pr, "num_consts=%d\n", jv ? j->nconsts : v->nconsts);
  ir_put_indent(pr, 0); ir_put(pr, "]");
}

/* {=== the entries ===} */
const Prim prim_rows_control[] = {
    {.id = PRIM_cond, .nin = -1, .nout = -2, .kind = PK_CONTROL, .params_size = sizeof(PCond),
     .print = pp_cond,
     .rule = ir_rule_cond, .cpu = ir_k_cond,
     .ad = RK_CUSTOM, .jvp = flow_jvp_cond, .vjp_fwd = flow_vjp_cond, .batch = flow_batch_cond,
     .graphs = ir_graphs_cond, .nout_of = ir_nout_cond, .deps = ir_deps_cond},
    {.id = PRIM_while, .nin = -1, .nout = -2, .kind = PK_CONTROL, .params_size = sizeof(PWhile),
     .print = pp_while,
     .rule = ir_rule_while, .cpu = ir_k_while,
     .ad = RK_CUSTOM, .jvp = flow_jvp_while, .vjp_fwd = flow_vjp_while, .batch = flow_batch_while,
     .graphs = ir_graphs_while, .nout_of = ir_nout_while, .deps = ir_deps_while},
    {.id = PRIM_scan, .nin = -1, .nout = -2, .kind = PK_CONTROL, .params_size = sizeof(PScan),
     .print = pp_scan,
     .rule = ir_rule_scan, .cpu = ir_k_scan,
     .ad = RK_CUSTOM, .jvp = flow_jvp_scan, .vjp_fwd = flow_vjp_scan, .batch = flow_batch_scan,
     .graphs = ir_graphs_scan, .nout_of = ir_nout_scan, .deps = ir_deps_scan},
    {.id = PRIM_debug_callback, .nin = -1, .nout = 0, .kind = PK_CONTROL,
     .params_size = sizeof(PCallback), .print = pp_callback,
     .rule = ir_rule_callback, .cpu = ir_k_callback,
     .ad = RK_CUSTOM, .jvp = flow_jvp_callback, .vjp_fwd = flow_vjp_callback,
     .batch = flow_batch_callback,
     .effect = 1},
    {.id = PRIM_stop_gradient, .nin = 1, .nout = 1, .kind = PK_CONTROL,
     .rule = ir_rule_same_av, .cpu = ir_k_identity, .cgen = "%0",
     .ad = RK_ZERO, .batch = elem_batch},
    {.id = PRIM_pure_callback, .nin = -1, .nout = -2, .kind = PK_CONTROL,
     .params_size = sizeof(PHostCall),
     .rule = ir_rule_host_call, .cpu = ir_k_host_call,
     .ad = RK_CUSTOM, .jvp = flow_jvp_hostcall, .batch = flow_batch_hostcall,
     .nout_of = ir_nout_host_call},
    {.id = PRIM_custom_jvp_call, .nin = -1, .nout = -2, .kind = PK_CONTROL,
     .params_size = sizeof(PCustomJvp), .print = pp_custom,
     .rule = ir_rule_custom, .cpu = ir_k_custom,
     .ad = RK_CUSTOM, .jvp = flow_jvp_custom_call, .batch = flow_batch_custom_call,
     .graphs = ir_graphs_custom_jvp, .nout_of = ir_nout_custom_jvp},
    {.id = PRIM_custom_vjp_call, .nin = -1, .nout = -2, .kind = PK_CONTROL,
     .params_size = sizeof(PCustomVjp), .print = pp_custom,
     .rule = ir_rule_custom, .cpu = ir_k_custom,
     .ad = RK_CUSTOM, .jvp = flow_jvp_custom_call, .vjp_fwd = flow_vjp_custom_call,
     .batch = flow_batch_custom_call,
     .graphs = ir_graphs_custom_vjp, .nout_of = ir_nout_custom_vjp},
    {.id = PRIM_COUNT}};
