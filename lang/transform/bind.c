/* bind.c - the interpreter stack and its bottom, the eval interpreter: lx_bind hands a
 * primitive to the current interpreter; eval turns Values into engine arrays and calls prim_bind. */
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "array/arrobj.h"
#include "trace.h"

int lx_flag_x64 = 0;
int lx_flag_partitionable = 1;
int lx_flag_explain_cache_misses = 0;
Family lx_default_family = FAM_JAX;

/* {=== tracer kinds ===} */
#define MAX_TRACER_KINDS 8
static const LxTracerKind *tracer_kinds[MAX_TRACER_KINDS];
static int n_tracer_kinds;

int lx_register_tracer(const LxTracerKind *k) {
  for (int i = 0; i < n_tracer_kinds; i++)
    if (tracer_kinds[i]->type == k->type) { tracer_kinds[i] = k; return 0; }
  if (n_tracer_kinds == MAX_TRACER_KINDS) {
    obj_raise(&exc_RuntimeError, "too many tracer kinds");
    return -1;
  }
  tracer_kinds[n_tracer_kinds++] = k;
  return 0;
}

const LxTracerKind *lx_tracer_kind(Value v) {
  if (v.tag != V_OBJ) return NULL;
  TypeObj *t = v.u.o->type;
  for (int i = 0; i < n_tracer_kinds; i++)
    if (tracer_kinds[i]->type == t) return tracer_kinds[i];
  return NULL;
}

Value lx_concrete(Value v, const char *what) {
  if (lx_is_arr(v)) return val_incref(v);
  const LxTracerKind *k = lx_tracer_kind(v);
  if (k) {
    if (k->concrete) return k->concrete(v, what);
    return obj_raise(&exc_TypeError,
                     "%s needs a concrete value, but got a traced array (an abstract value "
                     "inside jit/vmap/grad). Mark the argument static (static_argnums) or use "
                     "lax.cond / jnp.where instead", what);
  }
  return obj_raise(&exc_TypeError, "%s expected an array, got %s", what, op_type_name(v));
}

/* {=== abstract values ===} */
int lx_aval(Value v, AVal *out) {
  switch (v.tag) {
    case V_BOOL: out->dtype = DT_BOOL; out->weak = 1; out->ndim = 0; return 0;
    case V_INT: out->dtype = lx_flag_x64 ? DT_INT64 : DT_INT32; out->weak = 1; out->ndim = 0; return 0;
    case V_FLOAT:
      out->dtype = lx_flag_x64 ? DT_FLOAT64 : DT_FLOAT32; out->weak = 1; out->ndim = 0; return 0;
    case V_OBJ:
      if (lx_is_arr(v)) { arr_aval(ARROBJ(v.u.o)->a, out); return 0; }
      {
        const LxTracerKind *k = lx_tracer_kind(v);
        if (k) return k->aval(v, out);
      }
      /* fall through */
    default:
      obj_raise(&exc_TypeError, "expected an array or a scalar, got %s", op_type_name(v));
      return -1;
  }
}

int lx_is_arraylike(Value v) { return lx_is_arr(v) || lx_tracer_kind(v) != NULL; }

int lx_family(Value v) {
  if (v.tag != V_OBJ) return -1;
  if (v.u.o->type == &lx_jax_type) return FAM_JAX;
  if (v.u.o->type == &lx_np_type) return FAM_NP;
  return lx_tracer_kind(v) ? FAM_JAX : -1;
}

Family lx_family2(Value a, Value b) {
  int fa = lx_family(a), fb = lx_family(b);
  if (fa == FAM_JAX || fb == FAM_JAX) return FAM_JAX;
  return (fa == FAM_NP || fb == FAM_NP) ? FAM_NP : FAM_JAX;
}

/* {=== errors ===} */
static TypeObj *linalg_error;

static TypeObj *get_linalg_error(void) {
  if (linalg_error) return linalg_error;
  Value bases = tuple_pack(1, val_obj(&exc_ValueError.ob));
  Value ns = dict_new();
  if (VAL_IS_NULL(bases) || VAL_IS_NULL(ns)) { val_decref(bases); val_decref(ns); return &exc_ValueError; }
  dict_setstr(ns, "__module__", val_obj(str_intern("numpy.linalg")));
  Value cls = class_new(str_intern("LinAlgError"), bases, ns, NULL);
  val_decref(bases);
  val_decref(ns);
  if (VAL_IS_NULL(cls)) { obj_err_clear(); return &exc_ValueError; }
  linalg_error = (TypeObj *)cls.u.o;     /* kept for the life of the process */
  return linalg_error;
}

TypeObj *lx_linalg_error_type(void) { return get_linalg_error(); }

Value lx_raise_engine(Family f) {
  PromoMode m = lx_promo(f);
  ErrKind k = arr_err_kind(m);
  const char *msg = arr_err_msg(m);
  TypeObj *t;
  if (k == ERR_INTERRUPTED || (obj_interrupted && !obj_err_occurred())) {
    /* the engine stopped for (or failed during) an interrupt: that is what the user sees */
    arr_err_clear();
    if (obj_check_signals() == 0) obj_raise(&exc_KeyboardInterrupt, "%s", "");
    return val_null();
  }
  switch (k) {
    case ERR_TYPE: t = &exc_TypeError; break;
    case ERR_VALUE: t = &exc_ValueError; break;
    case ERR_INDEX: t = &exc_IndexError; break;
    case ERR_MEMORY: t = &exc_MemoryError; break;
    case ERR_ZERODIV: t = &exc_ZeroDivisionError; break;
    case ERR_OVERFLOW: t = &exc_OverflowError; break;
    case ERR_NOTIMPL: t = &exc_NotImplementedError; break;
    case ERR_IO: t = &exc_OSError; break;
    case ERR_LINALG: t = get_linalg_error(); break;
    case ERR_NONE: if (obj_err_occurred()) return val_null(); /* fall through */
    default: t = &exc_RuntimeError; break;
  }
  if (!msg || !*msg) msg = k == ERR_NONE ? "internal error in the array engine" : "";
  /* JAX ends its shape messages with a period */
  size_t n = strlen(msg);
  int dot = f == FAM_JAX && n && msg[n - 1] != '.' && strstr(msg, "incompatible shapes");
  obj_raise(t, "%s%s", msg, dot ? "." : "");
  arr_err_clear();
  return val_null();
}

/* {=== the interpreter stack ===} */
static int lx_eval_process(Interp *self, PrimId id, int nin, const Value *in,
                           const void *params, Value *out);
static const InterpVT eval_vt = {"eval", lx_eval_process};
static Interp eval_interp = {&eval_vt, NULL, 0};
static Interp *current = &eval_interp;

Interp *lx_current(void) { return current; }
Interp *lx_set_current(Interp *it) {
  Interp *old = current;
  current = it ? it : &eval_interp;
  return old;
}
Interp *lx_eval_interp(void) { return &eval_interp; }

/* {=== the eval interpreter ===} */
/* Python scalar to a 0-d engine array of dtype d. */
static Array *scalar_array(Value v, DType d, int weak) {
  Array *a = (v.tag == V_FLOAT) ? arr_scalar_f(d, v.u.f) : arr_scalar_i(d, v.u.i);
  if (a && weak) a->flags |= ARR_WEAK;
  return a;
}

static int is_pyscalar(Value v) { return v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL; }


/* The common case, kept short: arrays of one family, equal dtypes, one output. */
static int eval_fast(PrimId id, int nin, const Value *in, const void *params, Value *out) {
  Array *arr[3];
  TypeObj *t = in[0].u.o->type;
  /* only arrays take this path: a leaked tracer goes to the checks below */
  if (t != &lx_jax_type && t != &lx_np_type) return -2;
  for (int i = 0; i < nin; i++) {
    if (in[i].tag != V_OBJ || in[i].u.o->type != t) return -2;
    arr[i] = ARROBJ(in[i].u.o)->a;
  }
  PrimKind k = prim_table[id].kind;
  if (k == PK_BINARY || k == PK_COMPARE) {
    if (arr[0]->dtype != arr[1]->dtype) return -2;
  } else if (k != PK_UNARY && k != PK_SHAPE && k != PK_REDUCE) {
    return -2;
  }
  Family fam = t == &lx_np_type ? FAM_NP : FAM_JAX;
  Array *o = NULL;
  if (prim_bind(id, arr, nin, params, &o) < 0) { lx_raise_engine(fam); return -1; }
  if (fam == FAM_NP) {
    int fresh = 1;
    for (int i = 0; i < nin; i++) if (arr[i]->buf == o->buf) fresh = 0;
    if (fresh) o->flags |= ARR_WRITABLE;
    o->flags &= ~ARR_WEAK;
    out[0] = (o->ndim == 0 && k != PK_SHAPE) ? lx_wrap_scalar(o, fam) : lx_wrap(o, fam);
  } else {
    o->flags &= ~ARR_WRITABLE;
    out[0] = lx_wrap(o, fam);
  }
  return VAL_IS_NULL(out[0]) ? -1 : 1;
}

#define NSMALL 8
static int lx_eval_process(Interp *self, PrimId id, int nin, const Value *in,
                           const void *params, Value *out) {
  if (nin >= 1 && nin <= 3 && prim_table[id].nout == 1 && in[0].tag == V_OBJ) {
    int r = eval_fast(id, nin, in, params, out);
    if (r != -2) return r;
  }
  Array *arr_s[NSMALL], *own_s[NSMALL];
  Array **arr = arr_s, **own = own_s;
  if (nin > NSMALL) {
    arr = calloc((size_t)nin * 2, sizeof(Array *));
    if (!arr) { obj_raise_nomem(); return -1; }
    own = arr + nin;
  } else {
    memset(own_s, 0, sizeof own_s);
  }
  int rc = -1, have_jax = 0, have_np = 0, need_promo = 0, np_scalar_in = 0;
  Family fam;
  for (int i = 0; i < nin; i++) {
    Value v = in[i];
    if (lx_is_arr(v)) {
      arr[i] = ARROBJ(v.u.o)->a;
      if (v.u.o->type == &lx_jax_type) have_jax = 1; else have_np = 1;
      if (i == 0 && ARROBJ(v.u.o)->npscalar) np_scalar_in = 1;
    } else if (is_pyscalar(v)) {
      arr[i] = NULL;
      need_promo = 1;
    } else {
      /* no trace is active here, so a tracer can only have leaked out of its own */
      if (tr_is_tracer(v))
        tr_check_const(NULL, v);
      else if (lx_tracer_kind(v))
        obj_raise(&exc_TypeError,
                  "a traced value escaped the transformation that created it (it was stored "
                  "in a global or returned through a side channel) and was then used in %s",
                  prim_table[id].name);
      else
        obj_raise(&exc_TypeError, "%s: expected an array or a scalar, got %s",
                  prim_table[id].name, op_type_name(v));
      goto done;
    }
  }
  fam = have_jax ? FAM_JAX : have_np ? FAM_NP : lx_default_family;
  {
    int lo, hi;
    prim_promoted(&prim_table[id], nin, &lo, &hi);
    if (hi > lo) {
      /* dtype promotion of the elementwise operands (library code normally did it already) */
      DType dts[NSMALL]; uint8_t wk[NSMALL];
      int n = hi - lo, differ = need_promo;
      for (int i = lo; i < hi && !differ; i++)
        if (arr[i]->dtype != arr[lo]->dtype) differ = 1;
      if (differ && n <= NSMALL) {
        PromoMode mode = lx_promo(fam);
        for (int i = 0; i < n; i++) {
          Value v = in[lo + i];
          if (arr[lo + i]) {
            dts[i] = arr[lo + i]->dtype;
            wk[i] = (arr[lo + i]->flags & ARR_WEAK) != 0;
          } else {
            dts[i] = v.tag == V_BOOL ? DT_BOOL
                     : v.tag == V_INT ? arr_default_int(mode) : arr_default_float(mode);
            wk[i] = v.tag != V_BOOL;
          }
        }
        DType rt;
        int rweak;
        arr_result_type(n, dts, wk, mode, &rt, &rweak);
        if (fam == FAM_NP) rweak = 0;
        for (int i = lo; i < hi; i++) {
          if (!arr[i]) {
            arr[i] = own[i] = scalar_array(in[i], rt, rweak);
          } else if (arr[i]->dtype != rt) {
            PConvert pc = {rt, rweak, 0};
            arr[i] = own[i] = prim_unary(PRIM_convert, arr[i], &pc);
          } else {
            continue;
          }
          if (!arr[i]) { lx_raise_engine(fam); goto done; }
        }
      }
    }
    /* remaining scalars: index operands are ints, others take the first array's dtype */
    for (int i = 0; i < nin; i++) {
      if (arr[i]) continue;
      DType d;
      Array *ref = NULL;
      for (int j = 0; j < nin; j++) if (arr[j]) { ref = arr[j]; break; }
      int index_operand = prim_is_index_operand(&prim_table[id], i);
      if (index_operand) d = arr_default_int(lx_promo(fam));
      else if (ref) d = ref->dtype;
      else d = in[i].tag == V_BOOL ? DT_BOOL : in[i].tag == V_INT ? arr_default_int(lx_promo(fam))
                                                                : arr_default_float(lx_promo(fam));
      arr[i] = own[i] = scalar_array(in[i], d, fam == FAM_JAX && in[i].tag != V_BOOL);
      if (!arr[i]) { lx_raise_engine(fam); goto done; }
    }
  }
  {
    Array *res_s[4];
    Array **res = res_s;
    int nmax = prim_table[id].nout < 0 ? nin : prim_table[id].nout;
    if (nmax > 4) {
      res = calloc((size_t)nmax, sizeof(Array *));
      if (!res) { obj_raise_nomem(); goto done; }
    }
    int n = prim_bind(id, arr, nin, params, res);
    if (n < 0) {
      lx_raise_engine(fam);
    } else {
      int scalar = fam == FAM_NP && (prim_table[id].np_scalar == 1 ||
                                     (prim_table[id].np_scalar == 2 && np_scalar_in));
      for (int k = 0; k < n; k++) {
        Array *o = res[k];
        if (fam == FAM_NP) {
          int fresh = 1;
          for (int i = 0; i < nin; i++) if (arr[i] && arr[i]->buf == o->buf) fresh = 0;
          if (fresh) o->flags |= ARR_WRITABLE;
          o->flags &= ~ARR_WEAK;
        } else {
          o->flags &= ~ARR_WRITABLE;
        }
        out[k] = (scalar && o->ndim == 0) ? lx_wrap_scalar(o, fam) : lx_wrap(o, fam);
        if (VAL_IS_NULL(out[k])) {
          for (int j = 0; j < k; j++) val_clear(&out[j]);
          for (int j = k + 1; j < n; j++) arr_release(res[j]);
          n = -1;
          break;
        }
      }
      rc = n;
    }
    if (res != res_s) free(res);
  }
done:
  for (int i = 0; i < nin; i++) arr_release(own[i]);
  if (arr != arr_s) free(arr);
  return rc;
}

int lx_bind(PrimId id, int nin, const Value *in, const void *params, Value *out) {
  Interp *it = current;
  if (it == &eval_interp) return lx_eval_process(it, id, nin, in, params, out);
  return it->vt->process(it, id, nin, in, params, out);
}

Value lx_bind1(PrimId id, int nin, const Value *in, const void *params) {
  Value out[4] = {{0}};
  int nout = prim_table[id].nout;
  if (nout != 1) return obj_raise(&exc_RuntimeError, "lx_bind1: %s has several outputs",
                                  prim_table[id].name);
  if (lx_bind(id, nin, in, params, out) < 0) return val_null();
  return out[0];
}
