/* coll.h - pmap's CPU devices: one worker thread per device runs the per-device graph, and the
 * collectives (psum, all_gather, ppermute, all_to_all, axis_index) meet in shared memory behind
 * a barrier. Also the table of axis names that the collectives' parameters (PColl) refer to. */
#ifndef SABLE_COLL_H
#define SABLE_COLL_H

#include "ir.h"

#define COLL_MAX_DEV 64

/* Axis names are interned: PColl.axis is an index into this table (a plain int keeps the
 * parameter block memcmp-able for jit's cache). -1 + error when the table is full. */
int coll_axis_intern(const char *name);
const char *coll_axis_name(int id);              /* "?" for an unknown id */

/* The device index of the calling thread (-1 outside a device worker). */
int coll_device_index(void);

/* Run g on ndev device workers at once (one thread each): device d reads its inputs at
 * in[d * g->nin ...] (borrowed; shared ones must not be written) and leaves new references at
 * out[d * g->nout ...]. Collectives over `axis` inside g exchange through shared memory. One
 * failing device stops the others at their next collective. 0, or -1 with the error of the
 * first device that failed. */
int coll_run(IrGraph *g, int ndev, int axis, Array *const *in, Array **out);

/* ---- several processes (jax.distributed) --------------------------------------------------
 * Each process runs its local devices; a collective over the named axis then spans every
 * device of every process: the local devices combine first, device 0 takes the step across
 * processes through these hooks, and shares the result. NULL: one process. */
typedef struct CollXProc {
  int nproc, rank;
  int (*allreduce)(void *buf, int64_t count, DType dt, PrimId op);   /* in place; add/max/min */
  int (*allgather)(const void *send, void *recv, int64_t bytes);     /* recv: nproc * bytes */
} CollXProc;
void coll_set_xproc(const CollXProc *x);
const CollXProc *coll_get_xproc(void);
/* OpenMPI, loaded with dlopen (coll_mpi.c): MPI_Init_thread, rank and size; installs the
 * hooks. 0, or -1 with the error set (no MPI library: ERR_IO naming the packages). */
int coll_mpi_init(int *rank, int *nproc);
void coll_mpi_finalize(void);

/* The collectives' eager kernels: they work only on a device worker (coll_run), over its
 * group; elsewhere they fail with "unbound axis name". */
IR_KERNEL(coll_k_psum);
IR_KERNEL(coll_k_pmax);
IR_KERNEL(coll_k_pmin);
IR_KERNEL(coll_k_all_gather);
IR_KERNEL(coll_k_ppermute);
IR_KERNEL(coll_k_all_to_all);
IR_KERNEL(coll_k_psum_scatter);
IR_KERNEL(coll_k_axis_index);

#endif
