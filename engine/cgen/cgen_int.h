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
  /* reductions ending the group (cgen_red.c): members reduce_* over the dims in redmask of the
   * iteration shape; their outputs are among out[], the other outputs are stored full-size */
  int nred;
  unsigned redmask;
  void (*part)(char *const *P, int64_t p, int64_t n, char *acc);   /* whole-array helpers */
  void (*join)(char *d, const char *a, const char *b);
  void (*fin)(char *const *P, const char *acc);
  void (*ident)(char *acc);
} CgGroup;

/* The kinds of dtypes generated code handles; -1 for any other. */
int cg_dtype_ok(DType d);
/* Appends the kernel of group k to the source; 0, or -1 when an equation has no usable template
 * for its dtypes (the group is then left to the eager kernels). */
typedef struct CgBuf { char *s; size_t n, cap; int oom; } CgBuf;
void cg_put(CgBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
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

#endif
