/* coll_mpi.c - jax.distributed over MPI: Debian's OpenMPI loaded with dlopen at initialize()
 * (the binary runs without it), giving the collectives their step across processes. */
#include "coll.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* OpenMPI's handles are the addresses of its predefined objects (mpi.h's
 * OMPI_PREDEFINED_GLOBAL), so they are found with dlsym like the functions. */
typedef void *Handle;
static struct {
  int (*init_thread)(int *, char ***, int, int *);
  int (*initialized)(int *);
  int (*finalized)(int *);
  int (*finalize)(void);
  int (*comm_rank)(Handle, int *);
  int (*comm_size)(Handle, int *);
  int (*allreduce)(const void *, void *, int, Handle, Handle, Handle);
  int (*allgather)(const void *, int, Handle, void *, int, Handle, Handle);
  Handle world, op_sum, op_max, op_min, t_float, t_double, t_i32, t_i64, t_u32, t_u8, t_byte;
} mpi;
static int loaded;
static CollXProc xp;

#define MPI_THREAD_SERIALIZED_OMPI 2   /* OpenMPI's enum: SINGLE, FUNNELED, SERIALIZED, MULTIPLE */
#define MPI_IN_PLACE_OMPI ((void *)1)

static int load(void) {
  if (loaded) return 0;
  const char *names[] = {getenv("SABLE_MPI_LIB"), "libmpi.so.40", "libmpi.so", NULL};
  void *h = NULL;
  for (int i = 0; i < 3 && !h; i++)
    if (names[i]) h = dlopen(names[i], RTLD_NOW | RTLD_GLOBAL);
  if (!h)
    return arr_err(ERR_IO, "jax.distributed needs MPI, which could not be loaded: %s (on "
                   "Debian/Ubuntu: apt-get install openmpi-bin libopenmpi-dev)", dlerror());
#define SYM(field, name) do { void *p = dlsym(h, name); \
    if (!p) return arr_err(ERR_IO, "MPI library lacks %s (Sable speaks OpenMPI's ABI)", name); \
    memcpy(&mpi.field, &p, sizeof p); } while (0)
  SYM(init_thread, "MPI_Init_thread");
  SYM(initialized, "MPI_Initialized");
  SYM(finalized, "MPI_Finalized");
  SYM(finalize, "MPI_Finalize");
  SYM(comm_rank, "MPI_Comm_rank");
  SYM(comm_size, "MPI_Comm_size");
  SYM(allreduce, "MPI_Allreduce");
  SYM(allgather, "MPI_Allgather");
  SYM(world, "ompi_mpi_comm_world");
  SYM(op_sum, "ompi_mpi_op_sum");
  SYM(op_max, "ompi_mpi_op_max");
  SYM(op_min, "ompi_mpi_op_min");
  SYM(t_float, "ompi_mpi_float");
  SYM(t_double, "ompi_mpi_double");
  SYM(t_i32, "ompi_mpi_int32_t");
  SYM(t_i64, "ompi_mpi_int64_t");
  SYM(t_u32, "ompi_mpi_uint32_t");
  SYM(t_u8, "ompi_mpi_uint8_t");
  SYM(t_byte, "ompi_mpi_byte");
#undef SYM
  loaded = 1;
  return 0;
}

static Handle mpi_type(DType d) {
  switch (d) {
    case DT_FLOAT32: return mpi.t_float;
    case DT_FLOAT64: return mpi.t_double;
    case DT_INT32: return mpi.t_i32;
    case DT_INT64: return mpi.t_i64;
    case DT_UINT32: return mpi.t_u32;
    case DT_UINT8: return mpi.t_u8;
    default: return NULL;
  }
}

static int x_allreduce(void *buf, int64_t count, DType dt, PrimId op) {
  Handle t = mpi_type(dt);
  Handle o = op == PRIM_add ? mpi.op_sum : op == PRIM_max ? mpi.op_max : op == PRIM_min ? mpi.op_min : NULL;
  if (!t || !o) return arr_err(ERR_NOTIMPL, "collective across processes: dtype %s is not supported", arr_dtypes[dt].name);
  if (count > 0x7fffffff) return arr_err(ERR_NOTIMPL, "collective across processes: array too big for one MPI call");
  if (mpi.allreduce(MPI_IN_PLACE_OMPI, buf, (int)count, t, o, mpi.world) != 0)
    return arr_err(ERR_INTERNAL, "MPI_Allreduce failed");
  return 0;
}

static int x_allgather(const void *send, void *recv, int64_t bytes) {
  if (bytes > 0x7fffffff) return arr_err(ERR_NOTIMPL, "collective across processes: array too big for one MPI call");
  if (mpi.allgather(send, (int)bytes, mpi.t_byte, recv, (int)bytes, mpi.t_byte, mpi.world) != 0)
    return arr_err(ERR_INTERNAL, "MPI_Allgather failed");
  return 0;
}

static void finalize_at_exit(void) { coll_mpi_finalize(); }

int coll_mpi_init(int *rank, int *nproc) {
  if (load() < 0) return -1;
  int inited = 0, provided = 0;
  mpi.initialized(&inited);
  if (!inited) {
    if (mpi.init_thread(NULL, NULL, MPI_THREAD_SERIALIZED_OMPI, &provided) != 0)
      return arr_err(ERR_INTERNAL, "MPI_Init_thread failed");
    atexit(finalize_at_exit);
  }
  if (mpi.comm_rank(mpi.world, rank) != 0 || mpi.comm_size(mpi.world, nproc) != 0)
    return arr_err(ERR_INTERNAL, "MPI_Comm_rank/MPI_Comm_size failed");
  xp.nproc = *nproc;
  xp.rank = *rank;
  xp.allreduce = x_allreduce;
  xp.allgather = x_allgather;
  coll_set_xproc(*nproc > 1 ? &xp : NULL);
  return 0;
}

void coll_mpi_finalize(void) {
  if (!loaded) return;
  int fin = 0, inited = 0;
  mpi.initialized(&inited);
  mpi.finalized(&fin);
  coll_set_xproc(NULL);
  if (inited && !fin) mpi.finalize();
}
