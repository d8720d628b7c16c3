/* vmap.c - vmap: the batching interpreter. Its tracers carry a value and its batch axis; each
 * primitive is handed to the batching rule of its entry (lang/prim/), which moves the batch axis
 * where the primitive can carry it and adjusts the parameters. */
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "transform.h"

typedef struct BatchTrace {
  LxTrace base;
  int64_t size;
  int axis;           /* the interned axis name (vmap(axis_name=), pmap), -1: none */
} BatchTrace;

static int batch_process(Interp *self, PrimId id, int nin, const Value *in, const void *params,
                         Value *out);
static const TraceVT batch_vt = {{"batch", batch_process}, TK_BATCH, "BatchTrace", NULL};

LxTrace *vmap_new(const char *transform, Value fun, int64_t size) {
  BatchTrace *t = calloc(1, sizeof *t);
  if (!t) { obj_raise_nomem(); return NULL; }
  tr_init(&t->base, &batch_vt, transform, fun);
  t->size = size;
  t->axis = -1;
  return &t->base;
}

void vmap_set_axis(LxTrace *t, int axis) { ((BatchTrace *)t)->axis = axis; }

int64_t vmap_axis_size(LxTrace *t) { return ((BatchTrace *)t)->size; }

Value vmap_wrap(LxTrace *t, Value v, int bdim) {
  if (bdim < 0) return val_incref(v);
  AVal av;
  if (lx_aval(v, &av) < 0) return val_null();
  if (bdim >= av.ndim) return obj_raise(&exc_RuntimeError, "internal: batch axis out of range");
  for (int i = bdim; i < av.ndim - 1; i++) av.shape[i] = av.shape[i + 1];
  av.ndim--;
  return tr_new(t, &av, val_incref(v), val_null(), bdim);
}

int vmap_unwrap(LxTrace *t, Value v, Value *val, int *bdim) {
  Tracer *x = tr_own(t, v);
  if (x) { *val = val_incref(x->a); *bdim = (int)x->i; return 0; }
  if (tr_check_const(t, v) < 0) return -1;
  *val = val_incref(v);
  *bdim = -1;
  return 0;
}


static int batch_process(Interp *self_, PrimId id, int nin, const Value *in, const void *params,
                         Value *out) {
  BatchTrace *self = (BatchTrace *)self_;
  Value val_s[8];
  int bd_s[8];
  Value *val = nin <= 8 ? val_s : calloc((size_t)nin, sizeof(Value));
  int *bd = nin <= 8 ? bd_s : calloc((size_t)nin, sizeof(int));
  int any = 0, rc = -1;
  if (!val || !bd) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < nin; i++) {
    Tracer *x = tr_own(&self->base, in[i]);
    if (x) { val[i] = x->a; bd[i] = (int)x->i; any = 1; }
    else {
      if (tr_check_const(&self->base, in[i]) < 0) goto done;
      val[i] = in[i];
      bd[i] = -1;
    }
  }
  Interp *prev = tr_enter(self->base.it.parent);
  const Prim *r = &prim_table[id];
  /* a collective over this trace's own axis: the batch axis is the devices (before the
   * unbatched shortcut: psum of an unmapped value is size * x, axis_index has no operand) */
  if (r->coll_batch && self->axis >= 0 && params && *(const int *)params == self->axis) {
    int obd_n[8];
    Value o_n[8];
    if (prim_nout(id, nin, params) > 8) { tr_leave(prev); obj_raise(&exc_ValueError, "internal: collective outputs"); goto done; }
    int n = r->coll_batch(id, params, nin, val, bd, self->size, o_n, obd_n);
    tr_leave(prev);
    if (n >= 0) {
      rc = n;
      for (int k = 0; k < n; k++) {
        out[k] = vmap_wrap(&self->base, o_n[k], obd_n[k]);
        if (VAL_IS_NULL(out[k])) { t_clear(out, k); rc = -1; break; }
      }
      t_clear(o_n, n);
    }
    goto done;
  }
  if (!any) {
    rc = tr_bind(id, nin, val, params, out);
    tr_leave(prev);
    goto done;
  }
  if (!r->batch) {
    tr_leave(prev);
    obj_raise(&exc_NotImplementedError, "Batching rule for '%s' not implemented",
              prim_table[id].name);
    goto done;
  }
  int nmax = prim_nout(id, nin, params);
  Value o_s[8], *o = nmax <= 8 ? o_s : calloc((size_t)nmax + 1, sizeof(Value));
  int obd_s[8], *obd = nmax <= 8 ? obd_s : calloc((size_t)nmax + 1, sizeof(int));
  if (!o || !obd) { tr_leave(prev); obj_raise_nomem(); goto done; }
  int n = r->batch(id, params, nin, val, bd, self->size, o, obd);
  tr_leave(prev);
  if (n >= 0) {
    rc = n;
    for (int k = 0; k < n; k++) {
      out[k] = vmap_wrap(&self->base, o[k], obd[k]);
      if (VAL_IS_NULL(out[k])) { t_clear(out, k); rc = -1; break; }
    }
    t_clear(o, n);
  }
  if (o != o_s) free(o);
  if (obd != obd_s) free(obd);
done:
  if (val != val_s) free(val);
  if (bd != bd_s) free(bd);
  return rc;
}
