/* cgen.h - compiled jit on the CPU: fused elementwise loops emitted as C from the primitive
 * entries' templates, compiled with the system C compiler and loaded with dlopen (DESIGN §6).
 *
 * ir_run asks for a plan once per graph (cgen_plan, when it builds its execution plan) and then
 * asks the plan, equation by equation, whether it runs the equation itself (cgen_step). A graph
 * with nothing worth fusing or SABLE_NO_FUSE=1 gives no plan: the graph runs on the eager kernels.
 * Without compiled code (no compiler, a failed compile, a compile still running in the background)
 * the groups run tile by tile through the eager loops (cgen_tile.c). Settings (environment):
 *   SABLE_NO_FUSE=1         no plan: equation by equation
 *   SABLE_NO_CGEN=1         never generate code: groups run tiled
 *   SABLE_CGEN_SYNC=1       the first run waits for the compiler (default: it runs in the background)
 *   SABLE_CC_TIMEOUT=s      kill a compile after s seconds (default 60)
 *   SABLE_CGEN_MIN_SIZE=n   fuse only loops of at least n elements (default 256)
 *   SABLE_CGEN_LOG=1        one line on stderr per graph: kernels, compile time, cache hits
 *   SABLE_CGEN_EPI=0        matrix products stay on the eager kernel (cgen_epi.c)
 *   SABLE_CC=cc             the compiler; XDG_CACHE_HOME: the disk cache is $XDG_CACHE_HOME/sable
 *                           (default ~/.cache/sable), at most 256 objects / 64 MiB */
#ifndef SABLE_CGEN_H
#define SABLE_CGEN_H

#include <stdint.h>
#include "arr.h"

struct IrGraph;
typedef struct CgenPlan CgenPlan;

/* NULL when the graph runs on the eager kernels only (never an error). */
CgenPlan *cgen_plan(const struct IrGraph *g);
void cgen_free(CgenPlan *p);                      /* NULL is fine */
/* A fused kernel runs at its group's last member, so an operand read by an earlier member must
 * outlive the eager equations in between that would otherwise free it: raise last_use to the
 * kernel's run point. */
void cgen_extend_lifetimes(const CgenPlan *p, int *last_use);
/* Equation i of the graph: 0 = run it eagerly; 1 = done here (a fused member, or the fused
 * kernel ending at i ran and bound its outputs into env/own); -1 with the engine error set. */
int cgen_step(CgenPlan *p, const struct IrGraph *g, int i, Array **env, uint8_t *own);
/* The C source generated for a graph (malloc'd), or NULL with no fusion to show. */
char *cgen_source(const struct IrGraph *g);

#endif
