/* cgen_int.h - what the parts of the code generator share: the fusion plan's groups (what one
 * generated kernel computes), the C emitter and the compiler/cache. Not for use outside cgen/. */
#ifndef SABLE_CGEN_INT_H
#define SABLE_CGEN_INT_H

#include "cgen.h"
#include "ir.h"

#define CG_MAXSLOTS 48   /* inputs + outputs of one kernel */

/* A value the kernel loads: variable `var` (external to the group) read with static element
 * strides over the group's iteration shape (0 on broadcast dims), contiguous in memory. `as` is
 * the variable it defines inside the loop (var itself, or a broadcast_in_dim's output). */
typedef struct CgSlot {
  int var, as;
  int64_t st[ARR_MAXDIM];
  int64_t off;                   /* first element: a sliced or reversed view of var (cgen_red) */
} CgSlot;

typedef struct CgGroup {
  int nd;                        /* iteration shape (the members' output shape) */
  int64_t shape[ARR_MAXDIM], size;
  int nmem, *mem;                /* equation indices, in graph order */
  int nin; CgSlot in[CG_MAXSLOTS];
  int nout, out[CG_MAXSLOTS];    /* member outputs kept (used outside, or graph outputs) */
  int last;                      /* the kernel runs in place of this equation */
  int cheap;                     /* all members cheap: the larger parallel grain */
  int closed, ok;
  /* coalesced loop nest */
  int cnd;
  int64_t cshape[ARR_MAXDIM];
  int64_t cst[CG_MAXSLOTS][ARR_MAXDIM];   /* per input slot */
  void (*fn)(char *const *ptrs, int64_t begin, int64_t end);
  struct CgTile *tile;           /* the tiled fallback (cgen_tile.c) while fn is NULL, or NULL */
  /* a matrix product run with this kernel as its epilogue (cgen_epi.c): 1 + its equation, 0
   * none; epi_slot is the input slot that reads its output; epi_swap: the slot reads the
   * transpose of the product, computed as the product with its operands swapped */
  int epi, epi_slot, epi_swap;
  /* reductions ending the group (cgen_red.c): members reduce_* over the dims in redmask of the
   * iteration shape; their outputs are among out[], the other outputs are stored full-size */
  int nred;
  unsigned redmask;
  void (*part)(char *const *P, int64_t p, int64_t n, char *acc);   /* whole-array helpers */
  void (*join)(char *d, const char *a, const char *b);
  void (*fin)(char *const *P, const char *acc);
  void (*ident)(char *acc);
} CgGroup;

/* cgen_tile.c: a group run tile by tile through the eager kernels' loops (no compiler, a failed
 * compile, or while it compiles in the background); bit-equal to the eager graph. */
typedef struct CgTile CgTile;
CgTile *cg_tile_make(const IrGraph *g, const CgGroup *G);   /* NULL: some member has no loop */
void cg_tile_free(CgTile *t);
int64_t cg_tile_scratch(const CgTile *t);                      /* bytes of scratch per thread */
/* [b, e) of the group's flattened space; ptrs as the generated kernel's (outputs, then slots) */
void cg_tile_run(const CgTile *t, const CgGroup *G, char *const *ptrs, char *scratch, int64_t b,
                 int64_t e);

/* A group's kernel over [b, e) of its flattened space on the pool (cpu_parallel_for's shape):
 * the compiled fn, or the tiled fallback when fn is NULL (nomem set if its scratch failed). */
typedef struct CgRunCtx {
  void (*fn)(char *const *, int64_t, int64_t);
  char *const *ptrs;
  const CgGroup *G;
  int nomem;
} CgRunCtx;
void cg_run_range(void *c, int64_t b, int64_t e);

/* The kinds of dtypes generated code handles; -1 for any other. */
int cg_dtype_ok(DType d);
/* Appends the kernel of group k to the source; 0, or -1 when an equation has no usable template
 * for its dtypes (the group is then left to the eager kernels). */
typedef struct CgBuf { char *s; size_t n, cap; int oom; } CgBuf;
void cg_put(CgBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* the outer loop nest of a kernel over a group's coalesced shape (cgen_emit.c), shared by the
 * elementwise and the reducing kernels: head opens it and defines f<s>, tail closes the call and
 * the kernel */
void cg_walk_head(CgBuf *b, const CgGroup *gr);
void cg_walk_tail(CgBuf *b, const CgGroup *gr);
void cg_prelude(CgBuf *b);
int cg_emit_group(CgBuf *b, const IrGraph *g, const CgGroup *gr, int k);
/* Can this equation be expressed by its template for its dtypes? */
int cg_eqn_ok(const IrGraph *g, const IrEqn *e);

/* The emitter's C types (value, storage), helper suffix and template expansion. */
const char *cg_ctype(DType d);
const char *cg_stype(DType d);
const char *cg_sfx(DType d);
int cg_expand(CgBuf *b, const IrGraph *g, const IrEqn *e);
/* Reducing groups (cgen_red.c). Is e a reduction the generator handles (dtype and op)? */
int cg_red_eqn_ok(const IrGraph *g, const IrEqn *e);
/* The kernel of a reducing group k: sbk<k>(P, b, e) over outputs [b, e) of the kept space plus
 * the helpers sbk<k>_part/_join/_fin/_size used for whole-array reductions. */
int cg_emit_red(CgBuf *b, const IrGraph *g, const CgGroup *gr, int k);
/* Run it (ptrs as cgen_step lays them out); 0, or -1 with the engine error set. */
int cg_red_run(const IrGraph *g, CgGroup *gr, int k, char *const *ptrs);

/* Transposed reads (cgen_trans.c): does group gr want the tiled walk sbk<k>_t, emitted after
 * cg_emit_group's kernel (whose inner function it calls)? */
int cg_wants_tiles(const CgGroup *gr);
int cg_emit_tiled(CgBuf *b, const IrGraph *g, const CgGroup *gr, int k);

/* Compile (or find in the memory/disk caches) a source; returns a dlopen handle or NULL.
 * *how: 0 memory hit, 1 disk hit, 2 compiled. */
void *cg_load(const char *src, size_t n, int *how, double *ms);
int cg_log_enabled(void);
/* The memory and disk caches only (no compile): a handle, or NULL. */
void *cg_lookup(const char *src, size_t n, int *how, double *ms);
/* Is there a compiler to try (SABLE_NO_CGEN unset, `cc` runs, no earlier timeout)? */
int cg_compiler_ok(void);
/* A compile on a thread of its own. poll: 0 running, 1 done (*handle), -1 failed (*why: the
 * message, NULL when the compile was merely stopped). release: the plan lets go of it (a running
 * compile finishes and frees it). */
typedef struct CgJob CgJob;
CgJob *cg_compile_async(const char *src, size_t n);
int cg_job_poll(CgJob *j, void **handle, double *ms, const char **why);
void cg_job_release(CgJob *j);
/* The last synchronous failure's message (cg_load returned NULL with a compiler present), or
 * NULL; printed once per process as a UserWarning by cg_warn. */
const char *cg_last_failure(void);
void cg_warn(const char *why);
void cg_warn_pending(void);   /* a background compile's failure, printed by the program's thread */

/* A float matrix product run on its own by cgen_epi.c in place of equation `at`, in row
 * blocks on the pool: equation dot's product, or with swap, that of the transpose equation at
 * that reads it, as dot(b, a); out is the variable defined. */
typedef struct CgProd { int dot, at, swap, out; } CgProd;

/* Matrix products with an epilogue (cgen_epi.c). cg_epi_wants: a group of one operation is
 * still worth a kernel when it reads a product's output. cg_epi_plan: after the kernels are
 * loaded, pair each product whose output only its group reads with that group (role: the
 * plan's per-equation roles; the product's becomes -2). cg_epi_lifetimes: the product's
 * operands live until the group runs. cg_epi_run: at the group's step, with ptrs filled but for
 * the product's slot, run product and kernel; cg_epi_release: the product's operands whose last
 * use this was. Products that feed no kernel run on their own (lone, role -3 - j), so that no
 * product wakes OpenBLAS's threads (cpu_dot_epi). */
int cg_epi_wants(const IrGraph *g, const CgGroup *gr);
/* Is equation t the transpose of product d's output that cg_epi_plan computes as dot(b, a)? (The
 * view tracing of cgen_plan.c then leaves it a variable of its own.) */
int cg_epi_swaps(const IrGraph *g, int d, int t);
void cg_epi_plan(const IrGraph *g, CgGroup *gr, int ng, int *role, CgProd **lone, int *nlone);
void cg_epi_lifetimes(const IrGraph *g, const CgGroup *gr, int *last_use);
void cg_epi_lone_lifetimes(const IrGraph *g, const CgProd *pr, int *last_use);
/* a product of the plan's own (role -3 - j: lone[j]) at its step; 1, or -1 with the error set */
int cg_epi_lone(const IrGraph *g, const CgProd *pr, int i, Array **env, uint8_t *own);
int cg_epi_run(const IrGraph *g, const CgGroup *gr, char **ptrs, Array **env);
void cg_epi_release(const IrGraph *g, const CgGroup *gr, int i, Array **env, uint8_t *own);

#endif
