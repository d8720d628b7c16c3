/* np_index.c - indexing: basic (ints, slices, ..., None) as views for numpy and slice/rev for
 * jax, advanced (integer arrays, boolean masks) as gather, item assignment and .at[] as scatter. */
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include "core/core.h"
#include "arrobj.h"


enum { IX_FULL, IX_SLICE, IX_INT, IX_ARRAY, IX_NEWAXIS };

typedef struct Item {
  int kind;
  int dim;                       /* operand dim (not for IX_NEWAXIS) */
  int64_t start, stop, step, len;/* IX_SLICE / IX_FULL (normalised) */
  int64_t i;                     /* IX_INT (raw, possibly negative or out of range) */
  Value arr;                     /* IX_ARRAY: an integer array-like (new ref) */
  int trusted;                   /* from a boolean mask: in range and non-negative */
} Item;

typedef struct Plan {
  int n;                         /* items */
  Item it[2 * ARR_MAXDIM + 2];
  int ndim;                      /* operand rank */
  int64_t shape[ARR_MAXDIM];
  int n_array;                   /* IX_ARRAY items */
} Plan;

static void plan_free(Plan *p) {
  for (int i = 0; i < p->n; i++) val_clear(&p->it[i].arr);
  p->n = 0;
}

static int index_error_too_many(int ndim, int used) {
  obj_raise(&exc_IndexError, "too many indices for array: array is %d-dimensional, but %d "
                             "were indexed", ndim, used);
  return -1;
}

/* nonzero of a concrete boolean array: k index arrays (one per dim) */
static int mask_to_arrays(Array *m0, Family f, Value *out) {
  Array *m = arr_contiguous(m0);
  if (!m) { lx_raise_engine(f); return -1; }
  const uint8_t *mp = arr_data(m);
  int64_t cnt = 0;
  for (int64_t i = 0; i < m->size; i++) cnt += mp[i] != 0;
  DType idt = f == FAM_NP ? DT_INT64 : arr_default_int(lx_promo(FAM_JAX));
  Array *ix[ARR_MAXDIM];
  for (int d = 0; d < m->ndim; d++) {
    ix[d] = arr_new(idt, 1, &cnt);
    if (!ix[d]) {
      for (int e = 0; e < d; e++) arr_release(ix[e]);
      arr_release(m);
      lx_raise_engine(f);
      return -1;
    }
  }
  int64_t k = 0, idx[ARR_MAXDIM] = {0};
  int nd = m->ndim;
  for (int64_t i = 0; i < m->size; i++) {
    if (mp[i]) {
      for (int d = 0; d < nd; d++) {
        if (idt == DT_INT64) ((int64_t *)arr_data(ix[d]))[k] = idx[d];
        else ((int32_t *)arr_data(ix[d]))[k] = (int32_t)idx[d];
      }
      k++;
    }
    for (int d = nd - 1; d >= 0; d--) {
      if (++idx[d] < m->shape[d]) break;
      idx[d] = 0;
    }
  }
  arr_release(m);
  for (int d = 0; d < nd; d++) out[d] = lx_wrap(ix[d], f);
  return 0;
}

static int is_seq(Value v) { return VAL_IS_LIST(v) || VAL_IS_TUPLE(v); }

/* Parse key against an operand of shape/ndim. Integer arrays of any kind become IX_ARRAY;
 * concrete 0-d integer arrays count as ints (numpy does the same). */
static int parse_key(Value key, const AVal *av, Family f, Plan *p) {
  memset(p, 0, sizeof *p);
  p->ndim = av->ndim;
  memcpy(p->shape, av->shape, sizeof(int64_t) * av->ndim);
  const Value *keys = &key;
  int64_t nk = 1;
  if (VAL_IS_TUPLE(key)) {
    keys = TUPLE(key.u.o)->items;
    nk = TUPLE(key.u.o)->len;
  }
  /* count the dims the key consumes (to expand the ellipsis) */
  int used = 0, n_ell = 0;
  Value conv[2 * ARR_MAXDIM + 2];
  if (nk > 2 * ARR_MAXDIM + 2) return index_error_too_many(av->ndim, (int)nk);
  for (int64_t k = 0; k < nk; k++) {
    Value v = keys[k];
    conv[k] = val_null();
    if (VAL_IS_NONE(v)) continue;
    if (v.tag == V_OBJ && v.u.o == &iter_ellipsis_obj) { n_ell++; continue; }
    if (is_seq(v)) {
      /* an empty list is an empty integer index (NumPy: arange(5)[[]] is int64 []) */
      int empty = VAL_IS_LIST(v) ? LIST(v.u.o)->len == 0 : TUPLE(v.u.o)->len == 0;
      conv[k] = lx_asarray(v, f == FAM_NP ? FAM_NP : FAM_JAX, empty ? DT_INT64 : -1, 0);
      if (VAL_IS_NULL(conv[k])) goto fail;
      v = conv[k];
    }
    if (lx_is_arraylike(v)) {
      AVal ia;
      if (lx_aval(v, &ia) < 0) goto fail;
      used += ia.dtype == DT_BOOL ? (ia.ndim ? ia.ndim : 0) : 1;
    } else {
      used++;
    }
  }
  if (n_ell > 1) {
    obj_raise(&exc_IndexError, "an index can only have a single ellipsis ('...')");
    goto fail;
  }
  if (used > av->ndim) { index_error_too_many(av->ndim, used); goto fail; }
  int dim = 0;
  for (int64_t k = 0; k < nk; k++) {
    Value v = VAL_IS_NULL(conv[k]) ? keys[k] : conv[k];
    Item *it = &p->it[p->n];
    memset(it, 0, sizeof *it);
    if (VAL_IS_NONE(v)) { it->kind = IX_NEWAXIS; it->dim = -1; p->n++; continue; }
    if (v.tag == V_OBJ && v.u.o == &iter_ellipsis_obj) {
      int fill = av->ndim - used;
      for (int j = 0; j < fill; j++) {
        it = &p->it[p->n++];
        memset(it, 0, sizeof *it);
        it->kind = IX_FULL;
        it->dim = dim;
        it->start = 0; it->stop = it->len = av->shape[dim]; it->step = 1;
        dim++;
      }
      continue;
    }
    if (v.tag == V_OBJ && v.u.o->type == &iter_slice_type) {
      SliceObj *so = (SliceObj *)v.u.o;
      Value ends[3] = {so->start, so->stop, so->step};
      for (int j = 0; j < 3; j++)
        if (lx_is_arraylike(ends[j]) && !lx_is_arr(ends[j])) {
          /* a traced bound: JAX's static-slice rule, before any concretization */
          Value r = op_repr(v);
          if (!VAL_IS_NULL(r))
            obj_raise(&exc_IndexError, "Slice entries must be static integers. Got %s at "
                      "position %lld", str_cstr(r), (long long)k);
          val_decref(r);
          goto fail;
        }
      int64_t st, sp, step, len;
      if (iter_slice_indices(v, av->shape[dim], &st, &sp, &step, &len) < 0) goto fail;
      it->kind = (st == 0 && step == 1 && len == av->shape[dim]) ? IX_FULL : IX_SLICE;
      it->dim = dim++;
      it->start = st; it->stop = sp; it->step = step; it->len = len;
      p->n++;
      continue;
    }
    if (v.tag == V_INT) {
      it->kind = IX_INT; it->dim = dim++; it->i = v.u.i; p->n++;
      continue;
    }
    if (v.tag == V_BOOL) {
      obj_raise(&exc_IndexError, "boolean scalar indices are not supported");
      goto fail;
    }
    if (lx_is_arraylike(v)) {
      AVal ia;
      if (lx_aval(v, &ia) < 0) goto fail;
      if (ia.dtype == DT_BOOL) {
        if (ia.ndim == 0) {
          obj_raise(&exc_IndexError, "boolean scalar indices are not supported");
          goto fail;
        }
        for (int j = 0; j < ia.ndim; j++)
          if (ia.shape[j] != av->shape[dim + j]) {
            obj_raise(&exc_IndexError, "boolean index did not match indexed array along axis "
                      "%d; size of axis is %lld but size of corresponding boolean axis is %lld",
                      dim + j, (long long)av->shape[dim + j], (long long)ia.shape[j]);
            goto fail;
          }
        Value c = lx_concrete(v, "boolean indexing (the result shape depends on the values)");
        if (VAL_IS_NULL(c)) {
          if (f != FAM_NP) { obj_err_clear(); lx_raise_bool_index(&ia); }
          goto fail;
        }
        Value parts[ARR_MAXDIM];
        int r = mask_to_arrays(lx_arr(c), f, parts);
        val_decref(c);
        if (r < 0) goto fail;
        for (int j = 0; j < ia.ndim; j++) {
          it = &p->it[p->n++];
          memset(it, 0, sizeof *it);
          it->kind = IX_ARRAY;
          it->dim = dim++;
          it->arr = parts[j];
          it->trusted = 1;
          p->n_array++;
        }
        continue;
      }
      if (!dt_is_int(ia.dtype)) {
        obj_raise(&exc_IndexError, "arrays used as indices must be of integer (or boolean) type");
        goto fail;
      }
      if (ia.ndim == 0 && lx_is_arr(v)) {
        it->kind = IX_INT; it->dim = dim++; it->i = arr_get_i(lx_arr(v), 0); p->n++;
        continue;
      }
      it->kind = IX_ARRAY;
      it->dim = dim++;
      it->arr = val_incref(v);
      p->n_array++;
      p->n++;
      continue;
    }
    if (v.tag == V_FLOAT)
      obj_raise(&exc_IndexError, "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis "
                                 "(`None`) and integer or boolean arrays are valid indices");
    else
      obj_raise(&exc_IndexError, "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis "
                                 "(`None`) and integer or boolean arrays are valid indices (got "
                                 "%s)", op_type_name(v));
    goto fail;
  }
  /* trailing dims not named by the key are full slices */
  while (dim < av->ndim) {
    Item *it = &p->it[p->n++];
    memset(it, 0, sizeof *it);
    it->kind = IX_FULL;
    it->dim = dim;
    it->start = 0; it->stop = it->len = av->shape[dim]; it->step = 1;
    dim++;
  }
  for (int64_t k = 0; k < nk; k++) val_decref(conv[k]);
  return 0;
fail:
  for (int64_t k = 0; k < nk; k++) val_decref(conv[k]);
  plan_free(p);
  return -1;
}

/* normalise a static int index: numpy raises, jax clamps */
static int norm_int(int64_t i, int64_t n, int dim, Family f, int64_t *out) {
  if (i < 0) i += n;
  if (i < 0 || i >= n) {
    if (f == FAM_NP || n == 0) {
      obj_raise(&exc_IndexError, "index %lld is out of bounds for axis %d with size %lld",
                (long long)(i < 0 ? i - n : i), dim, (long long)n);
      return -1;
    }
    i = i < 0 ? 0 : n - 1;
  }
  *out = i;
  return 0;
}

/* {=== advanced indexing: index arrays and gather ===} */
/* Index array for an IX_ARRAY item: negative indices wrapped (and for numpy bounds-checked),
 * converted to the index dtype. */
static Value norm_index_array(Value idx, int64_t n, int dim, Family f) {
  DType idt = f == FAM_NP ? DT_INT64 : arr_default_int(lx_promo(FAM_JAX));
  Array *a = lx_arr(idx);
  if (a) {
    /* concrete: check in C and skip the select when nothing is negative */
    int anyneg = 0;
    Array *c = arr_contiguous(a);
    if (!c) return lx_raise_engine(f);
    int64_t bad = 0, nbad = 0;
    const void *d0 = arr_data(c);
    for (int64_t i = 0; i < c->size; i++) {
      int64_t v;
      switch (c->dtype) {
        case DT_INT64: v = ((const int64_t *)d0)[i]; break;
        case DT_INT32: v = ((const int32_t *)d0)[i]; break;
        case DT_UINT32: v = ((const uint32_t *)d0)[i]; break;
        case DT_UINT8: case DT_BOOL: v = ((const uint8_t *)d0)[i]; break;
        default: v = arr_get_i(c, i); break;
      }
      if (v < 0) anyneg = 1;
      if (v >= n || v < -n) { if (!nbad++) bad = v; }
    }
    arr_release(c);
    if (f == FAM_NP && nbad) {
      obj_raise(&exc_IndexError, "index %lld is out of bounds for axis %d with size %lld",
                (long long)bad, dim, (long long)n);
      return val_null();
    }
    if (!anyneg) return lx_convert(idx, idt, 0);
  }
  Value ci = lx_convert(idx, idt, 0);
  if (VAL_IS_NULL(ci)) return ci;
  Value in[2] = {ci, val_int(0)}, pz[2];
  if (lx_promote_to(f, idt, 2, in, pz) < 0) { val_decref(ci); return val_null(); }
  Value neg = lx_bind1(PRIM_lt, 2, pz, NULL);
  val_decref(pz[1]);
  Value nn[2] = {ci, val_int(n)}, pn[2];
  Value wrapped = val_null();
  if (!VAL_IS_NULL(neg) && lx_promote_to(f, idt, 2, nn, pn) >= 0) {
    wrapped = lx_bind1(PRIM_add, 2, pn, NULL);
    val_decref(pn[0]);
    val_decref(pn[1]);
  }
  Value r = val_null();
  if (!VAL_IS_NULL(wrapped)) r = lx_select(neg, wrapped, ci);
  val_decref(pz[0]);
  val_decref(neg);
  val_decref(wrapped);
  val_decref(ci);
  return r;
}

/* Broadcast the index arrays of the advanced items and stack them: (B..., k). Also returns
 * B's shape. */
static Value stack_indices(int k, Value *idx, int *nb, int64_t *bshape, Family f) {
  int64_t s[ARR_MAXDIM];
  int ns = 0;
  for (int j = 0; j < k; j++) {
    AVal a;
    if (lx_aval(idx[j], &a) < 0) return val_null();
    int64_t t[ARR_MAXDIM];
    int nt;
    if (arr_broadcast_shapes("index", s, ns, a.shape, a.ndim, t, &nt) < 0) {
      arr_err_clear();
      FBuf b = {0};
      for (int q = 0; q < k; q++) {
        AVal aq;
        char sb[400];
        if (lx_aval(idx[q], &aq) < 0) break;
        arr_shape_str(aq.shape, aq.ndim, sb, sizeof sb);
        fbuf_printf(&b, " %s", sb);
      }
      obj_raise(&exc_IndexError, "shape mismatch: indexing arrays could not be broadcast "
                                 "together with shapes%s", fbuf_cstr(&b));
      fbuf_free(&b);
      return val_null();
    }
    memcpy(s, t, sizeof(int64_t) * nt);
    ns = nt;
  }
  if (ns + 1 > ARR_MAXDIM) return obj_raise(&exc_IndexError, "too many index dimensions");
  *nb = ns;
  memcpy(bshape, s, sizeof(int64_t) * ns);
  Value parts[ARR_MAXDIM];
  int64_t s1[ARR_MAXDIM];
  memcpy(s1, s, sizeof(int64_t) * ns);
  s1[ns] = 1;
  for (int j = 0; j < k; j++) {
    Value b = lx_broadcast_to(idx[j], ns, s);
    if (VAL_IS_NULL(b)) { for (int q = 0; q < j; q++) val_decref(parts[q]); return b; }
    parts[j] = lx_reshape(b, ns + 1, s1);
    val_decref(b);
    if (VAL_IS_NULL(parts[j])) { for (int q = 0; q < j; q++) val_decref(parts[q]); return val_null(); }
  }
  Value r = k == 1 ? val_incref(parts[0]) : lx_concat(k, parts, ns);
  for (int j = 0; j < k; j++) val_decref(parts[j]);
  (void)f;
  return r;
}

/* Gather the advanced dims adv[0..k) (operand dims of x, increasing) with index arrays idx. */
static Value gather_adv(Value x, int k, const int *adv, Value *idx, Family f) {
  AVal xa;
  if (lx_aval(x, &xa) < 0) return val_null();
  int nb = 0;
  int64_t bshape[ARR_MAXDIM];
  Value ind = stack_indices(k, idx, &nb, bshape, f);
  if (VAL_IS_NULL(ind)) return ind;
  int contiguous = 1;
  for (int j = 1; j < k; j++) if (adv[j] != adv[j - 1] + 1) contiguous = 0;
  int outrank = nb + xa.ndim - k;
  if (outrank > ARR_MAXDIM) { val_decref(ind); return obj_raise(&exc_IndexError, "too many dimensions"); }
  PGather g;
  memset(&g, 0, sizeof g);
  int bpos = contiguous ? adv[0] : 0;     /* where B goes in the output */
  int q = 0, isadv[ARR_MAXDIM] = {0};
  for (int j = 0; j < k; j++) isadv[adv[j]] = 1;
  for (int d = 0; d < xa.ndim; d++) {
    if (isadv[d]) continue;
    g.offset_dims[g.n_offset++] = q < bpos ? q : q + nb;
    q++;
  }
  for (int j = 0; j < k; j++) {
    g.collapsed_slice_dims[g.n_collapsed++] = adv[j];
    g.start_index_map[g.n_start++] = adv[j];
  }
  for (int d = 0; d < xa.ndim; d++) g.slice_sizes[d] = isadv[d] ? 1 : xa.shape[d];
  g.mode = f == FAM_NP ? IDX_ERROR : IDX_CLIP;
  Value in[2] = {x, ind};
  Value r = lx_bind1(PRIM_gather, 2, in, &g);
  val_decref(ind);
  return r;
}

/* {=== getitem ===} */
/* numpy: build the basic-indexing view in one header. adv_dims receives the view dims of the
 * advanced items (IX_ARRAY, and IX_INT when any array is present). */
static Array *numpy_view(Array *a, Plan *p, int *adv_dims, Value *adv_idx, int *adv_trusted,
                         int *nadv) {
  int perm[ARR_MAXDIM];
  for (int i = 0; i < a->ndim; i++) perm[i] = i;
  Array *v = arr_view_transpose(a, perm);
  if (!v) { lx_raise_engine(FAM_NP); return NULL; }
  int64_t off = a->offset, shape[ARR_MAXDIM], strides[ARR_MAXDIM];
  int nd = 0;
  *nadv = 0;
  for (int j = 0; j < p->n; j++) {
    Item *it = &p->it[j];
    if (nd >= ARR_MAXDIM) { arr_release(v); obj_raise(&exc_IndexError, "too many dimensions"); return NULL; }
    switch (it->kind) {
      case IX_NEWAXIS: shape[nd] = 1; strides[nd] = 0; nd++; break;
      case IX_FULL: case IX_SLICE:
        off += it->start * a->strides[it->dim];
        shape[nd] = it->len;
        strides[nd] = a->strides[it->dim] * it->step;
        nd++;
        break;
      case IX_INT: {
        int64_t i;
        if (norm_int(it->i, a->shape[it->dim], it->dim, FAM_NP, &i) < 0) { arr_release(v); return NULL; }
        if (p->n_array) {
          adv_dims[*nadv] = nd;
          adv_idx[*nadv] = lx_wrap(arr_scalar_i(DT_INT64, i), FAM_NP);
          (*nadv)++;
          shape[nd] = a->shape[it->dim];
          strides[nd] = a->strides[it->dim];
          nd++;
        } else {
          off += i * a->strides[it->dim];
        }
        break;
      }
      case IX_ARRAY:
        adv_dims[*nadv] = nd;
        adv_trusted[*nadv] = it->trusted;
        adv_idx[*nadv] = val_incref(it->arr);
        (*nadv)++;
        shape[nd] = a->shape[it->dim];
        strides[nd] = a->strides[it->dim];
        nd++;
        break;
    }
  }
  v->ndim = nd;
  v->offset = off;
  int64_t size = 1;
  for (int i = 0; i < nd; i++) { v->shape[i] = shape[i]; v->strides[i] = strides[i]; size *= shape[i]; }
  v->size = size;
  return v;
}

static Value numpy_getitem(Value x, Plan *p) {
  Array *a = lx_arr(x);
  int adv_dims[ARR_MAXDIM], adv_trusted[ARR_MAXDIM];
  Value adv_idx[ARR_MAXDIM];
  int nadv = 0;
  Array *v = numpy_view(a, p, adv_dims, adv_idx, adv_trusted, &nadv);
  if (!v) {
    for (int j = 0; j < nadv; j++) val_decref(adv_idx[j]);
    return val_null();
  }
  if (nadv == 0) {
    if (v->ndim == 0) {   /* a scalar is a copy */
      Array *c = arr_copy(v);
      arr_release(v);
      return lx_wrap_scalar(c, FAM_NP);
    }
    return lx_wrap(v, FAM_NP);
  }
  Value vv = lx_wrap(v, FAM_NP);
  Value r = val_null();
  if (!VAL_IS_NULL(vv)) {
    Value idx[ARR_MAXDIM];
    int ok = 1, j;
    for (j = 0; j < nadv; j++) {
      idx[j] = adv_trusted[j] ? val_incref(adv_idx[j])
                              : norm_index_array(adv_idx[j], v->shape[adv_dims[j]], adv_dims[j], FAM_NP);
      if (VAL_IS_NULL(idx[j])) { ok = 0; break; }
    }
    if (ok) r = gather_adv(vv, nadv, adv_dims, idx, FAM_NP);
    for (int q = 0; q < j; q++) val_decref(idx[q]);
    val_decref(vv);
  }
  for (int j = 0; j < nadv; j++) val_decref(adv_idx[j]);
  /* gather returns a numpy scalar for 0-d results, like numpy */
  return r;
}

static Value jax_getitem(Value x, Plan *p) {
  AVal xa;
  if (lx_aval(x, &xa) < 0) return val_null();
  Value cur = val_incref(x);
  /* 1. None: insert the new axes so every item names one dim */
  int n_new = 0;
  for (int j = 0; j < p->n; j++) n_new += p->it[j].kind == IX_NEWAXIS;
  if (n_new) {
    int64_t shape[ARR_MAXDIM];
    int nd = 0;
    if (p->n > ARR_MAXDIM) { val_decref(cur); return obj_raise(&exc_IndexError, "too many dimensions"); }
    for (int j = 0; j < p->n; j++) {
      Item *it = &p->it[j];
      if (it->kind == IX_NEWAXIS) {
        shape[nd] = 1;
        it->kind = IX_FULL;
        it->start = 0; it->stop = it->len = 1; it->step = 1;
      } else {
        shape[nd] = xa.shape[it->dim];
      }
      it->dim = nd++;
    }
    Value r = lx_reshape(cur, nd, shape);
    val_decref(cur);
    if (VAL_IS_NULL(r)) return r;
    cur = r;
    if (lx_aval(cur, &xa) < 0) { val_decref(cur); return val_null(); }
  }
  /* 2. static slices and ints: one slice (+ rev for negative steps) */
  int64_t st[ARR_MAXDIM], lim[ARR_MAXDIM], str[ARR_MAXDIM];
  int revd[ARR_MAXDIM], nrev = 0, drop[ARR_MAXDIM], ndrop = 0, need_slice = 0;
  for (int d = 0; d < xa.ndim; d++) { st[d] = 0; lim[d] = xa.shape[d]; str[d] = 1; }
  for (int j = 0; j < p->n; j++) {
    Item *it = &p->it[j];
    int d = it->dim;
    if (it->kind == IX_SLICE) {
      need_slice = 1;
      if (it->len == 0) { st[d] = 0; lim[d] = 0; str[d] = 1; }
      else if (it->step > 0) { st[d] = it->start; lim[d] = it->start + (it->len - 1) * it->step + 1; str[d] = it->step; }
      else {
        int64_t lo = it->start + (it->len - 1) * it->step;
        st[d] = lo; lim[d] = it->start + 1; str[d] = -it->step;
        revd[nrev++] = d;
      }
    } else if (it->kind == IX_INT && p->n_array == 0) {
      int64_t i;
      if (norm_int(it->i, xa.shape[d], d, FAM_JAX, &i) < 0) { val_decref(cur); return val_null(); }
      st[d] = i; lim[d] = i + 1; str[d] = 1;
      drop[ndrop++] = d;
      need_slice = 1;
    }
  }
  if (need_slice) {
    Value r = lx_slice(cur, st, lim, str);
    val_decref(cur);
    if (VAL_IS_NULL(r)) return r;
    cur = r;
  }
  if (nrev) {
    Value r = lx_rev(cur, nrev, revd);
    val_decref(cur);
    if (VAL_IS_NULL(r)) return r;
    cur = r;
  }
  if (lx_aval(cur, &xa) < 0) { val_decref(cur); return val_null(); }
  /* 3. advanced: gather */
  if (p->n_array) {
    int adv[ARR_MAXDIM], k = 0;
    Value idx[ARR_MAXDIM];
    int ok = 1;
    for (int j = 0; j < p->n && ok; j++) {
      Item *it = &p->it[j];
      if (it->kind != IX_ARRAY && it->kind != IX_INT) continue;
      adv[k] = it->dim;
      if (it->kind == IX_INT) {
        int64_t i;
        if (norm_int(it->i, xa.shape[it->dim], it->dim, FAM_JAX, &i) < 0) { ok = 0; break; }
        idx[k] = lx_wrap(arr_scalar_i(arr_default_int(lx_promo(FAM_JAX)), i), FAM_JAX);
      } else {
        idx[k] = it->trusted ? val_incref(it->arr)
                             : norm_index_array(it->arr, xa.shape[it->dim], it->dim, FAM_JAX);
      }
      if (VAL_IS_NULL(idx[k])) { ok = 0; break; }
      k++;
    }
    Value r = ok ? gather_adv(cur, k, adv, idx, FAM_JAX) : val_null();
    for (int q = 0; q < k; q++) val_decref(idx[q]);
    val_decref(cur);
    return r;
  }
  /* 4. drop the int dims */
  if (ndrop) {
    int64_t shape[ARR_MAXDIM];
    int nd = 0;
    for (int d = 0; d < xa.ndim; d++) {
      int dr = 0;
      for (int q = 0; q < ndrop; q++) if (drop[q] == d) dr = 1;
      if (!dr) shape[nd++] = xa.shape[d];
    }
    Value r = lx_reshape(cur, nd, shape);
    val_decref(cur);
    return r;
  }
  return cur;
}

Value lx_getitem(Value x, Value key) {
  AVal xa;
  if (lx_aval(x, &xa) < 0) return val_null();
  Family f = lx_family(x) == FAM_NP ? FAM_NP : FAM_JAX;
  /* fast path: x[i] with a Python int on a numpy array */
  Plan p;
  if (parse_key(key, &xa, f, &p) < 0) return val_null();
  Value r = f == FAM_NP ? numpy_getitem(x, &p) : jax_getitem(x, &p);
  plan_free(&p);
  return r;
}

/* {=== scatter: .at[] and numpy assignment with arrays ===} */
/* Build the scatter operands for operand x (no new axes left in p): indices (Rb..., m),
 * the result shape R (numpy's), window dims and the operand dims indexed. */
typedef struct ScatterPlan {
  int nr;
  int64_t rshape[ARR_MAXDIM];   /* numpy result shape of x[key] (new axes removed) */
  PScatter sp;
  Value indices;                /* new ref, or V_NULL when nothing is indexed */
} ScatterPlan;

static int build_scatter(Value x, Plan *p, Family f, ScatterPlan *out) {
  AVal xa;
  memset(out, 0, sizeof *out);
  out->indices = val_null();
  if (lx_aval(x, &xa) < 0) return -1;
  DType idt = f == FAM_NP ? DT_INT64 : arr_default_int(lx_promo(FAM_JAX));
  /* advanced items: ints and arrays; their broadcast shape B */
  Value adv_idx[ARR_MAXDIM];
  int adv_dim[ARR_MAXDIM], k = 0, rc = -1;
  int first_adv_item = -1, last_adv_item = -1, contiguous = 1;
  for (int j = 0; j < p->n; j++) {
    Item *it = &p->it[j];
    if (it->kind != IX_INT && it->kind != IX_ARRAY) continue;
    if (first_adv_item < 0) first_adv_item = j;
    else if (last_adv_item != j - 1) contiguous = 0;
    last_adv_item = j;
    adv_dim[k] = it->dim;
    if (it->kind == IX_INT) {
      int64_t i = it->i;
      int64_t n = xa.shape[it->dim];
      if (i < 0) i += n;
      if (f == FAM_NP && (i < 0 || i >= n)) {
        obj_raise(&exc_IndexError, "index %lld is out of bounds for axis %d with size %lld",
                  (long long)it->i, it->dim, (long long)n);
        goto out;
      }
      adv_idx[k] = lx_wrap(arr_scalar_i(idt, i), f);
    } else {
      adv_idx[k] = norm_index_array(it->arr, xa.shape[it->dim], it->dim, f);
    }
    if (VAL_IS_NULL(adv_idx[k])) goto out;
    k++;
  }
  int nb = 0;
  int64_t bshape[ARR_MAXDIM];
  for (int j = 0; j < k; j++) {
    AVal a;
    int64_t t[ARR_MAXDIM];
    int nt;
    if (lx_aval(adv_idx[j], &a) < 0) goto out;
    if (arr_broadcast_shapes("index", bshape, nb, a.shape, a.ndim, t, &nt) < 0) {
      arr_err_clear();
      obj_raise(&exc_IndexError, "shape mismatch: indexing arrays could not be broadcast together");
      goto out;
    }
    memcpy(bshape, t, sizeof(int64_t) * nt);
    nb = nt;
  }
  /* R: the non-advanced items' dims in order, with B inserted at the first advanced
   * position when the advanced items are adjacent, else first. */
  if (nb + p->n > ARR_MAXDIM) { obj_raise(&exc_IndexError, "too many dimensions"); goto out; }
  int bpos = 0, item_rpos[2 * ARR_MAXDIM + 2];
  if (k && contiguous)
    for (int j = 0; j < first_adv_item; j++) bpos++;
  int nr = 0, q = 0;
  for (int j = 0; j < p->n; j++) {
    Item *it = &p->it[j];
    if (it->kind == IX_INT || it->kind == IX_ARRAY) { item_rpos[j] = -1; continue; }
    item_rpos[j] = q < bpos ? q : q + nb;
    out->rshape[item_rpos[j]] = it->len;
    q++;
    nr++;
  }
  nr += nb;
  int bstart = bpos;
  for (int j = 0; j < nb; j++) out->rshape[bstart + j] = bshape[j];
  out->nr = nr;
  /* scatter dims: every R dim except the FULL ones (the windows) */
  int isfull_r[ARR_MAXDIM] = {0};
  for (int j = 0; j < p->n; j++)
    if (item_rpos[j] >= 0 && p->it[j].kind == IX_FULL) isfull_r[item_rpos[j]] = 1;
  int64_t rb[ARR_MAXDIM];
  int nrb = 0, rb_of_r[ARR_MAXDIM];
  for (int r = 0; r < nr; r++) {
    rb_of_r[r] = isfull_r[r] ? -1 : nrb;
    if (!isfull_r[r]) rb[nrb++] = out->rshape[r];
  }
  /* one index array per indexed operand dim, broadcast to Rb */
  Value parts[ARR_MAXDIM];
  int m = 0, opdims[ARR_MAXDIM];
  for (int d = 0; d < xa.ndim; d++) {
    /* which item indexes dim d */
    int j;
    for (j = 0; j < p->n; j++) if (p->it[j].kind != IX_NEWAXIS && p->it[j].dim == d) break;
    Item *it = &p->it[j];
    if (it->kind == IX_FULL) continue;
    int64_t shp[ARR_MAXDIM];
    for (int q = 0; q < nrb; q++) shp[q] = 1;
    Value base;
    if (it->kind == IX_SLICE) {
      Array *ar = arr_new(idt, 1, &it->len);
      if (!ar) { lx_raise_engine(f); goto out_parts; }
      for (int64_t q = 0; q < it->len; q++) {
        int64_t v = it->start + q * it->step;
        if (idt == DT_INT32) ((int32_t *)arr_data(ar))[q] = (int32_t)v;
        else ((int64_t *)arr_data(ar))[q] = v;
      }
      base = lx_wrap(ar, f);
      shp[rb_of_r[item_rpos[j]]] = it->len;
    } else {
      int a;
      for (a = 0; a < k; a++) if (adv_dim[a] == d) break;
      base = val_incref(adv_idx[a]);
      AVal ia;
      if (lx_aval(base, &ia) < 0) { val_decref(base); goto out_parts; }
      /* right-align the index's shape inside B */
      int b0 = nb > 0 ? rb_of_r[bstart] : 0;
      for (int q = 0; q < ia.ndim; q++) shp[b0 + nb - ia.ndim + q] = ia.shape[q];
    }
    if (VAL_IS_NULL(base)) goto out_parts;
    Value r1 = lx_reshape(base, nrb, shp);
    val_decref(base);
    if (VAL_IS_NULL(r1)) goto out_parts;
    Value r2 = lx_broadcast_to(r1, nrb, rb);
    val_decref(r1);
    if (VAL_IS_NULL(r2)) goto out_parts;
    int64_t s1[ARR_MAXDIM + 1];
    memcpy(s1, rb, sizeof(int64_t) * nrb);
    s1[nrb] = 1;
    parts[m] = lx_reshape(r2, nrb + 1, s1);
    val_decref(r2);
    if (VAL_IS_NULL(parts[m])) goto out_parts;
    opdims[m++] = d;
  }
  if (m) {
    out->indices = m == 1 ? val_incref(parts[0]) : lx_concat(m, parts, nrb);
    if (VAL_IS_NULL(out->indices)) goto out_parts;
  }
  {
    PScatter *sp = &out->sp;
    for (int r = 0; r < nr; r++) if (isfull_r[r]) sp->update_window_dims[sp->n_window++] = r;
    for (int q = 0; q < m; q++) {
      sp->inserted_window_dims[sp->n_inserted++] = opdims[q];
      sp->scatter_dims_to_operand_dims[sp->n_sdims++] = opdims[q];
    }
    sp->mode = f == FAM_NP ? IDX_ERROR : IDX_FILL;
  }
  rc = 0;
out_parts:
  for (int q = 0; q < m; q++) val_decref(parts[q]);
out:
  for (int j = 0; j < k; j++) val_decref(adv_idx[j]);
  return rc;
}

/* Remove new axes from the plan; returns the R positions they had (for reshaping updates). */
static int strip_newaxes(Plan *p) {
  int n = 0, w = 0;
  for (int j = 0; j < p->n; j++) {
    if (p->it[j].kind == IX_NEWAXIS) { n++; continue; }
    p->it[w++] = p->it[j];
  }
  p->n = w;
  return n;
}

/* the result shape of x[key] with the new axes, to broadcast updates against */
static int result_shape_with_newaxes(Value x, Value key, int64_t *shape) {
  Value r = lx_getitem(x, key);   /* cheap for the shapes we need; exact semantics */
  if (VAL_IS_NULL(r)) return -1;
  AVal av;
  int rc = lx_aval(r, &av);
  val_decref(r);
  if (rc < 0) return -1;
  memcpy(shape, av.shape, sizeof(int64_t) * av.ndim);
  return av.ndim;
}

static Value scatter_op(Value x, Value key, Value v, PrimId id, Family f, int cast_updates) {
  AVal xa;
  if (lx_aval(x, &xa) < 0) return val_null();
  Plan p;
  if (parse_key(key, &xa, f, &p) < 0) return val_null();
  int nnew = 0;
  for (int j = 0; j < p.n; j++) nnew += p.it[j].kind == IX_NEWAXIS;
  Value r = val_null(), upd = val_null(), upd2 = val_null();
  ScatterPlan s;
  s.indices = val_null();
  /* updates: cast to x's dtype, broadcast to the result shape */
  upd = lx_asarray(v, f, -1, 0);
  if (VAL_IS_NULL(upd)) goto out;
  {
    Value c = lx_convert(upd, xa.dtype, xa.weak);
    val_decref(upd);
    upd = c;
    if (VAL_IS_NULL(upd)) goto out;
  }
  (void)cast_updates;
  if (nnew) {
    int64_t rs[ARR_MAXDIM];
    int nr = result_shape_with_newaxes(x, key, rs);
    if (nr < 0) goto out;
    upd2 = lx_broadcast_to(upd, nr, rs);
    if (VAL_IS_NULL(upd2)) goto out;
    strip_newaxes(&p);
  }
  if (build_scatter(x, &p, f, &s) < 0) goto out;
  {
    Value ub = lx_broadcast_to(VAL_IS_NULL(upd2) ? upd : upd2, s.nr, s.rshape);
    if (VAL_IS_NULL(ub)) {
      if (f == FAM_NP && obj_err_occurred()) {
        AVal ua;
        char b1[400], b2[400];
        obj_err_clear();
        if (lx_aval(upd, &ua) == 0) {
          arr_shape_str(ua.shape, ua.ndim, b1, sizeof b1);
          arr_shape_str(s.rshape, s.nr, b2, sizeof b2);
          obj_raise(&exc_ValueError, "could not broadcast input array from shape %s into "
                                     "shape %s", b1, b2);
        }
      }
      goto out;
    }
    if (VAL_IS_NULL(s.indices)) {
      /* nothing indexed (x[...] / x[:]): the update is the whole array */
      if (prim_table[id].monoid < 0) r = val_incref(ub);   /* plain scatter: replaced */
      else {
        Value in[2] = {x, ub};
        r = lx_bind1((PrimId)prim_table[id].monoid, 2, in, NULL);
      }
    } else {
      Value in[3] = {x, s.indices, ub};
      r = lx_bind1(id, 3, in, &s.sp);
    }
    val_decref(ub);
  }
out:
  val_decref(s.indices);
  val_decref(upd);
  val_decref(upd2);
  plan_free(&p);
  return r;
}

/* {=== numpy item assignment ===} */
/* NumPy refuses to store a Python float NaN/infinity or an out-of-range Python int into an
 * integer array (instead of wrapping or storing INT64_MIN). */
static int check_int_store(DType d, Value v) {
  if (!dt_is_int(d)) return 0;
  if (VAL_IS_FLOAT(v)) {
    if (isnan(v.u.f)) { obj_raise(&exc_ValueError, "cannot convert float NaN to integer"); return -1; }
    if (isinf(v.u.f)) { obj_raise(&exc_OverflowError, "cannot convert float infinity to integer"); return -1; }
    return 0;
  }
  if (!VAL_IS_INT(v)) return 0;
  int64_t lo, hi;
  switch (d) {
    case DT_UINT8: lo = 0; hi = UINT8_MAX; break;
    case DT_UINT32: lo = 0; hi = UINT32_MAX; break;
    case DT_INT32: lo = INT32_MIN; hi = INT32_MAX; break;
    default: return 0;
  }
  if (v.u.i < lo || v.u.i > hi) {
    obj_raise(&exc_OverflowError, "Python integer %lld out of bounds for %s", (long long)v.u.i,
              arr_dtypes[d].name);
    return -1;
  }
  return 0;
}

int np_setitem(Value x, Value key, Value v) {
  Array *a = lx_arr(x);
  if (check_int_store(a->dtype, v) < 0) return -1;
  if (!(a->flags & ARR_WRITABLE)) {
    obj_raise(&exc_ValueError, "assignment destination is read-only");
    return -1;
  }
  AVal xa;
  arr_aval(a, &xa);
  Plan p;
  if (parse_key(key, &xa, FAM_NP, &p) < 0) return -1;
  int rc = -1;
  if (p.n_array == 0) {
    int adv_dims[ARR_MAXDIM], adv_trusted[ARR_MAXDIM], nadv;
    Value adv_idx[ARR_MAXDIM];
    Array *view = numpy_view(a, &p, adv_dims, adv_idx, adv_trusted, &nadv);
    if (view) {
      Value src = lx_asarray(v, FAM_NP, -1, 0);
      if (!VAL_IS_NULL(src)) {
        Array *s = lx_arr(src);
        /* numpy: the value must broadcast to the view's shape */
        int64_t t[ARR_MAXDIM];
        int nt;
        if (s->ndim > view->ndim ||
            arr_broadcast_shapes("assign", view->shape, view->ndim, s->shape, s->ndim, t, &nt) < 0 ||
            nt != view->ndim) {
          char b1[400], b2[400];
          arr_err_clear();
          arr_shape_str(s->shape, s->ndim, b1, sizeof b1);
          arr_shape_str(view->shape, view->ndim, b2, sizeof b2);
          /* numpy allows extra leading 1-dims in the value */
          int ok = 0;
          if (s->ndim > view->ndim) {
            ok = 1;
            for (int i = 0; i < s->ndim - view->ndim; i++) if (s->shape[i] != 1) ok = 0;
            for (int i = 0; ok && i < view->ndim; i++) {
              int64_t sd = s->shape[s->ndim - view->ndim + i];
              if (sd != 1 && sd != view->shape[i]) ok = 0;
            }
          }
          if (!ok) {
            obj_raise(&exc_ValueError, "could not broadcast input array from shape %s into "
                                       "shape %s", b1, b2);
          } else {
            Array *sv = arr_view_reshape(s, s->ndim - (s->ndim - view->ndim),
                                         s->shape + (s->ndim - view->ndim));
            if (!sv) { Array *c = arr_copy(s); sv = c ? arr_view_reshape(c, view->ndim, s->shape + (s->ndim - view->ndim)) : NULL; arr_release(c); }
            if (sv && arr_assign(view, sv) == 0) rc = 0;
            else lx_raise_engine(FAM_NP);
            arr_release(sv);
          }
        } else if (arr_assign(view, s) < 0) {
          lx_raise_engine(FAM_NP);
        } else {
          rc = 0;
        }
        val_decref(src);
      }
      arr_release(view);
    }
    plan_free(&p);
    return rc;
  }
  plan_free(&p);
  /* advanced: scatter into a copy, then write it back through x (which may be a view) */
  Value r = scatter_op(x, key, v, PRIM_scatter, FAM_NP, 1);
  if (VAL_IS_NULL(r)) return -1;
  Array *res = lx_arr(r);
  if (res && arr_assign(a, res) < 0) lx_raise_engine(FAM_NP);
  else rc = 0;
  val_decref(r);
  return rc;
}

/* x.at[key].get(mode='fill'): out-of-bounds integer indices give fill_value (NaN for
 * floats, the lowest int, the highest unsigned, True for bool, as JAX). Keys of integers
 * and integer arrays only; any other key cannot leave the bounds and is a plain gather. */
static Value get_fill(Value x, Value key, Value fill) {
  AVal xa;
  if (lx_aval(x, &xa) < 0) return val_null();
  int nk = key.tag == V_OBJ && key.u.o->type == &tuple_type ? (int)TUPLE(key.u.o)->len : 1;
  const Value *ks = nk == 1 && !(key.tag == V_OBJ && key.u.o->type == &tuple_type)
                        ? &key : TUPLE(key.u.o)->items;
  if (nk > xa.ndim) return lx_getitem(x, key);
  for (int i = 0; i < nk; i++) {
    AVal ka;
    if (ks[i].tag == V_INT) continue;
    if (!lx_is_arraylike(ks[i]) || lx_aval(ks[i], &ka) < 0 || !dt_is_int(ka.dtype))
      return lx_getitem(x, key);
  }
  Value g = lx_getitem(x, key);
  if (VAL_IS_NULL(g)) return g;
  Value valid = val_bool(1);
  for (int i = 0; i < nk && !VAL_IS_NULL(valid); i++) {
    Value lo = lx_binary(FAM_JAX, PRIM_ge, ks[i], val_int(-xa.shape[i]));
    Value hi = lx_binary(FAM_JAX, PRIM_lt, ks[i], val_int(xa.shape[i]));
    Value both = (VAL_IS_NULL(lo) || VAL_IS_NULL(hi)) ? val_null() : lx_binary(FAM_JAX, PRIM_and, lo, hi);
    Value nv = VAL_IS_NULL(both) ? val_null() : lx_binary(FAM_JAX, PRIM_and, valid, both);
    val_decref(lo); val_decref(hi); val_decref(both); val_decref(valid);
    valid = nv;
  }
  Value fv = val_null(), r = val_null();
  AVal ga, va;
  if (VAL_IS_NULL(valid) || lx_aval(g, &ga) < 0) goto out;
  if (!lx_is_arraylike(valid)) { r = val_incref(g); goto out; }   /* all int keys in range */
  if (lx_aval(valid, &va) < 0) goto out;
  {
    /* the mask covers the indexed dims; the trailing ones broadcast */
    int64_t shape[ARR_MAXDIM];
    int nd = ga.ndim;
    for (int i = 0; i < nd; i++) shape[i] = i < va.ndim ? va.shape[i] : 1;
    Value vr = lx_reshape(valid, nd, shape);
    if (VAL_IS_NULL(vr)) goto out;
    Value vb = lx_broadcast_to(vr, ga.ndim, ga.shape);
    val_decref(vr);
    if (VAL_IS_NULL(vb)) goto out;
    if (!VAL_IS_NULL(fill) && !VAL_IS_NONE(fill)) {
      fv = lx_asarray(fill, FAM_JAX, ga.dtype, 0);
    } else {
      Value d = dt_is_float(ga.dtype) ? val_float(NAN)
                : ga.dtype == DT_BOOL ? val_bool(1)
                : dt_is_unsigned(ga.dtype) ? val_int(ga.dtype == DT_UINT8 ? 255 : 4294967295LL)
                : val_int(ga.dtype == DT_INT32 ? INT32_MIN : INT64_MIN);
      fv = lx_asarray(d, FAM_JAX, ga.dtype, 0);
    }
    Value fb = VAL_IS_NULL(fv) ? fv : lx_broadcast_to(fv, ga.ndim, ga.shape);
    if (!VAL_IS_NULL(fb)) r = lx_select(vb, g, fb);
    val_decref(fb);
    val_decref(vb);
  }
out:
  val_decref(fv);
  val_decref(valid);
  val_decref(g);
  return r;
}

/* {=== .at[] ===} */
Value lx_at_update(Value x, Value key, const char *op, Value v, Obj *kw, int argc,
                   const Value *argv) {
  Family f = FAM_JAX;
  int nkw = func_kwcount(kw);
  for (int i = 0; i < nkw; i++) {
    const char *k = func_kwname(kw, i);
    if (strcmp(k, "mode") && strcmp(k, "indices_are_sorted") && strcmp(k, "unique_indices") &&
        strcmp(k, "fill_value"))
      return obj_raise(&exc_TypeError, "%s() got an unexpected keyword argument '%s'", op, k);
  }
  if (!strcmp(op, "get")) {
    if (argc != 0) return obj_raise(&exc_TypeError, "get() takes no positional arguments");
    Value mode = val_null(), fill = val_null();
    for (int i = 0; i < nkw; i++) {
      if (!strcmp(func_kwname(kw, i), "mode")) mode = argv[argc + i];
      if (!strcmp(func_kwname(kw, i), "fill_value")) fill = argv[argc + i];
    }
    if (!VAL_IS_NULL(mode) && !VAL_IS_NONE(mode)) {
      const char *m = VAL_IS_STR(mode) ? str_cstr(mode) : "";
      if (strcmp(m, "fill") && strcmp(m, "clip") && strcmp(m, "promise_in_bounds") &&
          strcmp(m, "drop"))
        return obj_raise(&exc_ValueError, "'%s' is not a valid GatherScatterMode", m);
      if (!strcmp(m, "fill") || !strcmp(m, "drop")) return get_fill(x, key, fill);
    }
    return lx_getitem(x, key);
  }
  if (argc != 1) return obj_raise(&exc_TypeError, "%s() takes exactly one argument (%d given)", op, argc);
  if (!strcmp(op, "set")) return scatter_op(x, key, v, PRIM_scatter, f, 1);
  if (!strcmp(op, "add")) return scatter_op(x, key, v, PRIM_scatter_add, f, 1);
  if (!strcmp(op, "multiply") || !strcmp(op, "mul")) return scatter_op(x, key, v, PRIM_scatter_mul, f, 1);
  if (!strcmp(op, "min")) return scatter_op(x, key, v, PRIM_scatter_min, f, 1);
  if (!strcmp(op, "max")) return scatter_op(x, key, v, PRIM_scatter_max, f, 1);
  if (!strcmp(op, "subtract")) {
    Value nv = op_unary(UOP_USUB, v);
    if (VAL_IS_NULL(nv)) return nv;
    Value r = scatter_op(x, key, nv, PRIM_scatter_add, f, 1);
    val_decref(nv);
    return r;
  }
  if (!strcmp(op, "divide") || !strcmp(op, "power")) {
    /* x[idx] op v for the indexed elements, the rest unchanged (duplicates apply once) */
    Value cur = lx_getitem(x, key);
    if (VAL_IS_NULL(cur)) return cur;
    Value nv = op_binop(!strcmp(op, "divide") ? OP_DIV : OP_POW, cur, v);
    val_decref(cur);
    if (VAL_IS_NULL(nv)) return nv;
    Value r = scatter_op(x, key, nv, PRIM_scatter, f, 1);
    val_decref(nv);
    return r;
  }
  if (!strcmp(op, "apply")) {
    Value cur = lx_getitem(x, key);
    if (VAL_IS_NULL(cur)) return cur;
    Value nv = op_call1(v, cur);
    val_decref(cur);
    if (VAL_IS_NULL(nv)) return nv;
    Value r = scatter_op(x, key, nv, PRIM_scatter, f, 1);
    val_decref(nv);
    return r;
  }
  return obj_raise(&exc_AttributeError, "'_IndexUpdateRef' object has no attribute '%s'", op);
}
