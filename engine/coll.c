/* coll.c - pmap's CPU devices: persistent device workers that run one graph each, a barrier
 * that a failing device can break, and the collectives' kernels over the group's shared slots. */
#include "coll.h"
#include "cpu/cpu.h"
#include "cpu/cpu_blas.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* {=== axis names ===} */
#define MAX_AXES 256
static pthread_mutex_t axis_mu = PTHREAD_MUTEX_INITIALIZER;
static char *axis_names[MAX_AXES];
static int naxes;

int coll_axis_intern(const char *name) {
  pthread_mutex_lock(&axis_mu);
  int r = -1;
  for (int i = 0; i < naxes; i++)
    if (!strcmp(axis_names[i], name)) { r = i; break; }
  if (r < 0 && naxes < MAX_AXES) {
    char *c = strdup(name);
    if (c) { axis_names[naxes] = c; r = naxes++; }
  }
  pthread_mutex_unlock(&axis_mu);
  if (r < 0) arr_err(ERR_MEMORY, "too many axis names");
  return r;
}

const char *coll_axis_name(int id) {
  pthread_mutex_lock(&axis_mu);
  const char *s = id >= 0 && id < naxes ? axis_names[id] : "?";
  pthread_mutex_unlock(&axis_mu);
  return s;
}

/* {=== other processes ===} */
static const CollXProc *xproc;
void coll_set_xproc(const CollXProc *x) { xproc = x; }
const CollXProc *coll_get_xproc(void) { return xproc; }

/* {=== the group: slots and a breakable barrier ===} */
typedef struct Group {
  int n, axis;
  Array *result;          /* across processes: device 0's combined result, copied by the rest */
  pthread_mutex_t mu;
  pthread_cond_t cv;
  int arrived, aborted, left;   /* left: devices that finished their graph */
  uint64_t gen;
  Array *slot[COLL_MAX_DEV];
} Group;

static _Thread_local Group *my_group;
static _Thread_local int my_index = -1;

int coll_device_index(void) { return my_index; }

/* Waits for every device. It breaks (-1) when a device failed, when one finished its graph
 * while others still wait (they ran different numbers of collectives: a loop or branch that
 * depends on per-device values), and on an interrupt. */
static int barrier(Group *g) {
  pthread_mutex_lock(&g->mu);
  const char *why = NULL;
  uint64_t gen = g->gen;
  if (g->aborted) why = "pmap: another device failed";
  else if (++g->arrived == g->n) {
    g->arrived = 0;
    g->gen++;
    pthread_cond_broadcast(&g->cv);
  } else {
    while (gen == g->gen && !g->aborted && !g->left) {
      struct timespec ts;
      clock_gettime(CLOCK_REALTIME, &ts);
      ts.tv_nsec += 50 * 1000000L;
      if (ts.tv_nsec >= 1000000000L) { ts.tv_sec++; ts.tv_nsec -= 1000000000L; }
      pthread_cond_timedwait(&g->cv, &g->mu, &ts);
      if (gen == g->gen && arr_interrupted()) {
        g->aborted = 1;
        pthread_cond_broadcast(&g->cv);
        pthread_mutex_unlock(&g->mu);
        return arr_err(ERR_INTERRUPTED, "KeyboardInterrupt");
      }
    }
    if (gen == g->gen)
      why = g->aborted ? "pmap: another device failed"
                       : "pmap: the devices ran different numbers of collectives (a loop or branch "
                         "that depends on each device's values decides how many)";
  }
  pthread_mutex_unlock(&g->mu);
  return why ? arr_err(ERR_INTERNAL, "%s", why) : 0;
}

static void group_leave(Group *g) {
  pthread_mutex_lock(&g->mu);
  g->left++;
  pthread_cond_broadcast(&g->cv);
  pthread_mutex_unlock(&g->mu);
}

static void group_abort(Group *g) {
  pthread_mutex_lock(&g->mu);
  g->aborted = 1;
  pthread_cond_broadcast(&g->cv);
  pthread_mutex_unlock(&g->mu);
}

/* {=== device workers ===} */
static pthread_mutex_t pool_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t job_cv = PTHREAD_COND_INITIALIZER, done_cv = PTHREAD_COND_INITIALIZER;
static int nstarted;
static struct {
  uint64_t gen;
  IrGraph *g;
  int n;
  Array *const *in;
  Array **out;
  Group *grp;
  int remaining;
  int rc[COLL_MAX_DEV];
  ArrError err[COLL_MAX_DEV];
} job;

static void *device_main(void *arg) {
  int id = (int)(intptr_t)arg;
  uint64_t seen = 0;
  my_index = id;
  cpu_pool_mark_device_thread();
  for (;;) {
    pthread_mutex_lock(&pool_mu);
    while (job.gen == seen || id >= job.n) {
      if (job.gen != seen) seen = job.gen;   /* a job for fewer devices: not ours */
      pthread_cond_wait(&job_cv, &pool_mu);
    }
    seen = job.gen;
    IrGraph *g = job.g;
    Group *grp = job.grp;
    Array *const *in = job.in + (size_t)id * (size_t)g->nin;
    Array **out = job.out + (size_t)id * (size_t)g->nout;
    pthread_mutex_unlock(&pool_mu);

    my_group = grp;
    arr_err_clear();
    int rc = ir_run(g, in, out);
    if (rc < 0) group_abort(grp);
    group_leave(grp);
    my_group = NULL;

    pthread_mutex_lock(&pool_mu);
    job.rc[id] = rc;
    if (rc < 0) job.err[id] = *arr_last_error();
    if (--job.remaining == 0) pthread_cond_signal(&done_cv);
    pthread_mutex_unlock(&pool_mu);
  }
  return NULL;
}

static int start_workers(int n) {
  while (nstarted < n) {
    pthread_t t;
    pthread_attr_t at;
    pthread_attr_init(&at);
    pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
    int rc = pthread_create(&t, &at, device_main, (void *)(intptr_t)nstarted);
    pthread_attr_destroy(&at);
    if (rc != 0) return arr_err(ERR_MEMORY, "pmap: cannot start device worker %d", nstarted);
    nstarted++;
  }
  return 0;
}

int coll_run(IrGraph *g, int ndev, int axis, Array *const *in, Array **out) {
  if (ndev < 1 || ndev > COLL_MAX_DEV) return arr_err(ERR_VALUE, "pmap: %d devices", ndev);
  if (my_index >= 0) return arr_err(ERR_NOTIMPL, "pmap inside a pmap-ed function's devices");
  if (ir_prepare(g) < 0) return -1;
  Group grp;
  memset(&grp, 0, sizeof grp);
  grp.n = ndev;
  grp.axis = axis;
  pthread_mutex_init(&grp.mu, NULL);
  pthread_cond_init(&grp.cv, NULL);
  if (ndev > 1) cpu_blas_threads(1);
  pthread_mutex_lock(&pool_mu);
  int rc = start_workers(ndev);
  if (rc == 0) {
    job.g = g; job.n = ndev; job.in = in; job.out = out; job.grp = &grp;
    job.remaining = ndev;
    job.gen++;
    pthread_cond_broadcast(&job_cv);
    while (job.remaining > 0) pthread_cond_wait(&done_cv, &pool_mu);
    for (int d = 0; d < ndev; d++)
      if (job.rc[d] < 0) { rc = -1; break; }
    if (rc < 0) {
      /* the first device that failed on its own, not one stopped by it */
      int pick = -1;
      for (int d = 0; d < ndev && pick < 0; d++)
        if (job.rc[d] < 0 && strcmp(job.err[d].msg, "pmap: another device failed")) pick = d;
      for (int d = 0; d < ndev && pick < 0; d++) if (job.rc[d] < 0) pick = d;
      ArrError e = job.err[pick];
      for (int d = 0; d < ndev; d++)
        if (job.rc[d] < 0)
          for (int k = 0; k < g->nout; k++) out[(size_t)d * (size_t)g->nout + (size_t)k] = NULL;
      pthread_mutex_unlock(&pool_mu);
      for (int d = 0; d < ndev; d++)
        if (job.rc[d] == 0)
          for (int k = 0; k < g->nout; k++) {
            arr_release(out[(size_t)d * (size_t)g->nout + (size_t)k]);
            out[(size_t)d * (size_t)g->nout + (size_t)k] = NULL;
          }
      if (ndev > 1) cpu_blas_threads(0);
      arr_err(e.kind, "%s", e.msg);
      if (e.np_kind != ERR_NONE || e.np_msg[0]) arr_err_np(e.np_kind, "%s", e.np_msg);
      pthread_cond_destroy(&grp.cv);
      pthread_mutex_destroy(&grp.mu);
      return -1;
    }
  }
  pthread_mutex_unlock(&pool_mu);
  if (ndev > 1) cpu_blas_threads(0);
  pthread_cond_destroy(&grp.cv);
  pthread_mutex_destroy(&grp.mu);
  return rc;
}

/* {=== the collectives ===}
 * Each puts its operand in its slot, waits for every device, reads the others' slots (read
 * only: the arrays belong to their devices), then waits again so that no device frees its
 * operand while another still reads it. */
static Group *enter(const Prim *p, const void *params) {
  const PColl *c = params;
  Group *g = my_group;
  if (!g || c->axis != g->axis) {
    arr_err(ERR_VALUE, "unbound axis name: %s", coll_axis_name(c->axis));
    return NULL;
  }
  return g;
}

static int share(Group *g, Array *x) {
  g->slot[my_index] = x;
  return barrier(g);
}

static int reduce_all(Group *g, PrimId op, Array **res) {
  Array *acc = arr_retain(g->slot[0]);
  for (int j = 1; j < g->n && acc; j++) {
    Array *t = prim_binary(op, acc, g->slot[j]);
    arr_release(acc);
    acc = t;
  }
  if (acc && g->n == 1) {   /* never hand back the operand itself */
    Array *c = arr_copy(acc);
    arr_release(acc);
    acc = c;
  }
  *res = acc;
  return acc ? 0 : -1;
}

/* Across processes: device 0 combines the local operands, then the processes' (in place),
 * and the other devices copy its result; a third barrier keeps it alive until they have. */
static int xproc_result(Group *g, int rc, Array **out) {
  if (my_index == 0) g->result = rc == 0 ? *out : NULL;
  if (barrier(g) < 0) rc = -1;
  if (rc == 0 && my_index != 0) {
    *out = g->result ? arr_copy(g->result) : NULL;
    if (!*out) rc = g->result ? -1 : arr_err(ERR_INTERNAL, "pmap: device 0 failed");
  }
  if (barrier(g) < 0) rc = -1;
  return rc;
}

static int k_reduce(const Prim *p, PrimId op, Array *const *in, const void *params, Array **out) {
  Group *g = enter(p, params);
  if (!g || share(g, in[0]) < 0) return -1;
  *out = NULL;
  int rc = 0;
  if (!xproc || my_index == 0) {
    rc = reduce_all(g, op, out);
    if (rc == 0 && xproc) rc = xproc->allreduce(arr_data(*out), (*out)->size, (*out)->dtype, op);
  }
  if (barrier(g) < 0) rc = -1;
  if (xproc) rc = xproc_result(g, rc, out);
  if (rc < 0) { arr_release(*out); *out = NULL; }
  return rc;
}

IR_KERNEL(coll_k_psum) { return k_reduce(p, PRIM_add, in, params, out); }
IR_KERNEL(coll_k_pmax) { return k_reduce(p, PRIM_max, in, params, out); }
IR_KERNEL(coll_k_pmin) { return k_reduce(p, PRIM_min, in, params, out); }

/* dst[k-th block of `size` along axis] = src; untiled: the axis is dropped from the view */
static int put_block(Array *dst, int axis, int64_t k, int64_t size, int tiled, Array *src) {
  Array *v;
  if (!tiled) {
    v = arr_view_index(dst, axis, k);
  } else {
    int64_t st[ARR_MAXDIM], sp[ARR_MAXDIM], sd[ARR_MAXDIM];
    for (int i = 0; i < dst->ndim; i++) { st[i] = 0; sp[i] = dst->shape[i]; sd[i] = 1; }
    st[axis] = k * size;
    sp[axis] = (k + 1) * size;
    v = arr_view_slice(dst, st, sp, sd);
  }
  if (!v) return -1;
  int rc = arr_assign(v, src);
  arr_release(v);
  return rc;
}

/* the k-th block of `size` along axis of src (a view) */
static Array *get_block(Array *src, int axis, int64_t k, int64_t size) {
  int64_t st[ARR_MAXDIM], sp[ARR_MAXDIM], sd[ARR_MAXDIM];
  for (int i = 0; i < src->ndim; i++) { st[i] = 0; sp[i] = src->shape[i]; sd[i] = 1; }
  st[axis] = k * size;
  sp[axis] = (k + 1) * size;
  return arr_view_slice(src, st, sp, sd);
}

/* Across processes: device 0 stacks the local operands (device-major, contiguous) and gathers
 * every process's stack; each device then reads block j of that. */
static Array *xproc_gather(Group *g, int *rc) {
  Array *all = NULL;
  if (my_index == 0) {
    Array *x0 = g->slot[0];
    int64_t sh[ARR_MAXDIM];
    sh[0] = g->n;
    memcpy(sh + 1, x0->shape, sizeof(int64_t) * (size_t)x0->ndim);
    Array *loc = x0->ndim < ARR_MAXDIM ? arr_new(x0->dtype, x0->ndim + 1, sh) : NULL;
    for (int j = 0; j < g->n && loc && *rc == 0; j++) {
      Array *v = arr_view_index(loc, 0, j);
      *rc = v ? arr_assign(v, g->slot[j]) : -1;
      arr_release(v);
    }
    sh[0] = (int64_t)g->n * xproc->nproc;
    all = loc && *rc == 0 ? arr_new(x0->dtype, x0->ndim + 1, sh) : NULL;
    if (!all) *rc = -1;
    else if (xproc->allgather(arr_data(loc), arr_data(all), loc->size * (int64_t)dt_size(loc->dtype)) < 0) *rc = -1;
    arr_release(loc);
    g->result = *rc == 0 ? all : NULL;
  }
  if (barrier(g) < 0) *rc = -1;
  if (!g->result && *rc == 0) *rc = arr_err(ERR_INTERNAL, "pmap: device 0 failed");
  return my_index == 0 ? all : NULL;
}

IR_KERNEL(coll_k_all_gather) {
  const PColl *c = params;
  Group *g = enter(p, params);
  if (!g || share(g, in[0]) < 0) return -1;
  Array *o = arr_new_like(&out_av[0]);
  int rc = o ? 0 : -1;
  int64_t blk = c->tiled ? in[0]->shape[c->dim] : 1;
  if (xproc) {
    Array *all = xproc_gather(g, &rc);
    for (int j = 0; j < g->n * xproc->nproc && rc == 0; j++) {
      Array *b = arr_view_index(g->result, 0, j);
      rc = b ? put_block(o, c->dim, j, blk, c->tiled, b) : -1;
      arr_release(b);
    }
    if (barrier(g) < 0) rc = -1;   /* device 0 frees the gathered stack only after all read it */
    arr_release(all);
  }
  for (int j = 0; j < g->n && rc == 0 && !xproc; j++) rc = put_block(o, c->dim, j, blk, c->tiled, g->slot[j]);
  if (barrier(g) < 0) rc = -1;
  if (rc < 0) { arr_release(o); return -1; }
  out[0] = o;
  return 0;
}

static int local_only(Group *g, const Prim *p) {
  if (!xproc) return 0;
  (void)g;
  return arr_err(ERR_NOTIMPL, "%s across processes is not supported (psum, pmean, pmax, pmin, "
                 "all_gather and axis_index are)", p->name);
}

IR_KERNEL(coll_k_ppermute) {
  const PColl *c = params;
  Group *g = enter(p, params);
  if (!g || local_only(g, p) < 0 || share(g, in[0]) < 0) return -1;
  int src = -1;
  for (int k = 0; k < c->nperm; k++)
    if (c->perm[2 * k + 1] == my_index) src = c->perm[2 * k];
  Array *o = src >= 0 && src < g->n ? arr_copy(g->slot[src]) : arr_zeros(out_av[0].dtype, out_av[0].ndim, out_av[0].shape);
  int rc = o ? 0 : -1;
  if (barrier(g) < 0) rc = -1;
  if (rc < 0) { arr_release(o); return -1; }
  if (out_av[0].weak) o->flags |= ARR_WEAK;
  out[0] = o;
  return 0;
}

IR_KERNEL(coll_k_all_to_all) {
  const PColl *c = params;
  Group *g = enter(p, params);
  if (!g || local_only(g, p) < 0 || share(g, in[0]) < 0) return -1;
  Array *o = arr_new_like(&out_av[0]);
  int rc = o ? 0 : -1;
  int64_t k = in[0]->shape[c->dim] / g->n;
  for (int j = 0; j < g->n && rc == 0; j++) {
    Array *b = get_block(g->slot[j], c->dim, my_index, k);
    rc = b ? put_block(o, c->dim2, j, b->shape[c->dim2], 1, b) : -1;
    arr_release(b);
  }
  if (barrier(g) < 0) rc = -1;
  if (rc < 0) { arr_release(o); return -1; }
  out[0] = o;
  return 0;
}

IR_KERNEL(coll_k_psum_scatter) {
  const PColl *c = params;
  Group *g = enter(p, params);
  if (!g || local_only(g, p) < 0 || share(g, in[0]) < 0) return -1;
  Array *sum = NULL, *o = NULL;
  int rc = reduce_all(g, PRIM_add, &sum);
  if (barrier(g) < 0) rc = -1;
  if (rc == 0) {
    Array *v = c->tiled ? get_block(sum, c->dim, my_index, sum->shape[c->dim] / g->n)
                        : arr_view_index(sum, c->dim, my_index);
    o = v ? arr_copy(v) : NULL;
    arr_release(v);
    if (!o) rc = -1;
  }
  arr_release(sum);
  if (rc < 0) { arr_release(o); return -1; }
  out[0] = o;
  return 0;
}

IR_KERNEL(coll_k_axis_index) {
  if (!enter(p, params)) return -1;
  out[0] = arr_scalar_i(DT_INT32, (xproc ? xproc->rank * my_group->n : 0) + my_index);
  return out[0] ? 0 : -1;
}
