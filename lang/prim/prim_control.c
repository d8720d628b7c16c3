/* prim_control.c - control flow and the host: cond, while, scan, debug_callback, stop_gradient,
 * pure_callback, custom_jvp_call, custom_vjp_call. Their parameters carry sub-graphs (engine/ir.h);
 * shape rules and kernels interpret those graphs (engine/ir.c), and their transformation rules
 * transform them by tracing (lang/transform/flow.c, declared in prim_ops.h). */
#include "prim_kit.h"

/* {=== the entries ===} */
const Prim prim_rows_control[] = {
    {.id = PRIM_cond, .nin = -1, .nout = -2, .kind = PK_CONTROL, .params_size = sizeof(PCond), .rule = ir_rule_cond, .cpu = ir_k_cond, .ad = RK_CUSTOM, .jvp = jvp_cond, .vjp_fwd = vjpf_cond, .batch = b_cond, .graphs = ir_graphs_cond, .nout_of = ir_nout_cond, .deps = ir_deps_cond},
    {.id = PRIM_while, .nin = -1, .nout = -2, .kind = PK_CONTROL, .params_size = sizeof(PWhile), .rule = ir_rule_while, .cpu = ir_k_while, .ad = RK_CUSTOM, .jvp = jvp_while, .vjp_fwd = vjpf_while, .batch = b_while, .graphs = ir_graphs_while, .nout_of = ir_nout_while, .deps = ir_deps_while},
    {.id = PRIM_scan, .nin = -1, .nout = -2, .kind = PK_CONTROL, .params_size = sizeof(PScan), .rule = ir_rule_scan, .cpu = ir_k_scan, .ad = RK_CUSTOM, .jvp = jvp_scan, .vjp_fwd = vjpf_scan, .batch = b_scan, .graphs = ir_graphs_scan, .nout_of = ir_nout_scan, .deps = ir_deps_scan},
    {.id = PRIM_debug_callback, .nin = -1, .nout = 0, .kind = PK_CONTROL, .params_size = sizeof(PCallback), .rule = ir_rule_callback, .cpu = ir_k_callback, .ad = RK_CUSTOM, .jvp = jvp_callback, .vjp_fwd = vjpf_callback, .batch = b_callback, .effect = 1},
    {.id = PRIM_stop_gradient, .nin = 1, .nout = 1, .kind = PK_CONTROL, .rule = ir_rule_same_av, .cpu = ir_k_identity, .cgen = "%0", .ad = RK_ZERO, .batch = b_elementwise},
    {.id = PRIM_pure_callback, .nin = -1, .nout = -2, .kind = PK_CONTROL, .params_size = sizeof(PHostCall), .rule = ir_rule_host_call, .cpu = ir_k_host_call, .ad = RK_CUSTOM, .jvp = jvp_hostcall, .batch = b_hostcall, .nout_of = ir_nout_host_call},
    {.id = PRIM_custom_jvp_call, .nin = -1, .nout = -2, .kind = PK_CONTROL, .params_size = sizeof(PCustomJvp), .rule = ir_rule_custom, .cpu = ir_k_custom, .ad = RK_CUSTOM, .jvp = jvp_custom_call, .batch = b_custom_call, .graphs = ir_graphs_custom_jvp, .nout_of = ir_nout_custom_jvp},
    {.id = PRIM_custom_vjp_call, .nin = -1, .nout = -2, .kind = PK_CONTROL, .params_size = sizeof(PCustomVjp), .rule = ir_rule_custom, .cpu = ir_k_custom, .ad = RK_CUSTOM, .jvp = jvp_custom_call, .vjp_fwd = vjpf_custom_call, .batch = b_custom_call, .graphs = ir_graphs_custom_vjp, .nout_of = ir_nout_custom_vjp},
    {.id = PRIM_COUNT}};
