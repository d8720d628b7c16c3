/* memview.c - the memoryview type (CPython 3.11's messages): strided views over any getbuffer
 * object that re-read the exporter's memory on every access, so a view can never dangle. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

#define MV_MAXDIM 64

typedef struct MemView {
  Obj ob;
  Value obj;                 /* the exporter; V_NULL once released */
  int64_t off;               /* bytes from the exporter's buffer start to element 0 */
  int64_t isz;
  char fmt;
  int ndim, readonly;
  int64_t hash;              /* -1 until computed */
  int64_t shape[MV_MAXDIM], strides[MV_MAXDIM];
} MemView;

#define MV(v) ((MemView *)(v).u.o)
static const char released_msg[] = "operation forbidden on released memoryview object";

static int64_t fmt_size(char f) {
  switch (f) {
    case 'B': case 'b': case 'c': case '?': return 1;
    case 'h': case 'H': return 2;
    case 'i': case 'I': case 'f': return 4;
    case 'l': case 'L': case 'q': case 'Q': case 'd': case 'n': case 'N': case 'P': return 8;
    default: return 0;
  }
}

static int check_live(MemView *m) {
  if (VAL_IS_NULL(m->obj)) { obj_raise(&exc_ValueError, "%s", released_msg); return -1; }
  return 0;
}

static int64_t nitems(MemView *m) {
  int64_t n = 1;
  for (int d = 0; d < m->ndim; d++) n *= m->shape[d];
  return n;
}

static int is_c_contig(MemView *m) {
  int64_t want = m->isz;
  if (nitems(m) == 0) return 1;
  for (int d = m->ndim - 1; d >= 0; d--) {
    if (m->shape[d] > 1 && m->strides[d] != want) return 0;
    want *= m->shape[d];
  }
  return 1;
}

/* the memory of element 0, after checking the exporter still covers every byte the view reaches */
static char *base(MemView *m) {
  if (check_live(m) < 0) return NULL;
  ObjBuffer b;
  if (bytes_view(m->obj, &b) < 0) return NULL;
  int64_t lo = m->off, hi = m->off + m->isz;
  if (nitems(m) == 0) hi = lo;
  else
    for (int d = 0; d < m->ndim; d++) {
      int64_t e = (m->shape[d] - 1) * m->strides[d];
      if (e < 0) lo += e; else hi += e;
    }
  if (lo < 0 || hi > b.len) {
    obj_raise(&exc_BufferError, "memoryview: the underlying buffer has shrunk");
    return NULL;
  }
  return (char *)b.buf + m->off;
}

/* ---- one element ----------------------------------------------------------------------- */
static Value unpack(char f, const char *p) {
  switch (f) {
    case 'B': return val_int(*(const uint8_t *)p);
    case 'b': return val_int(*(const int8_t *)p);
    case 'c': return bytes_new(p, 1);
    case '?': return val_bool(*p != 0);
    case 'h': { int16_t x; memcpy(&x, p, 2); return val_int(x); }
    case 'H': { uint16_t x; memcpy(&x, p, 2); return val_int(x); }
    case 'i': { int32_t x; memcpy(&x, p, 4); return val_int(x); }
    case 'I': { uint32_t x; memcpy(&x, p, 4); return val_int(x); }
    case 'l': case 'q': case 'n': { int64_t x; memcpy(&x, p, 8); return val_int(x); }
    case 'L': case 'Q': case 'N': case 'P': {
      uint64_t x;
      memcpy(&x, p, 8);
      if (x <= (uint64_t)INT64_MAX) return val_int((int64_t)x);
      return num_big_from_bytes((const unsigned char *)p, 8, 1, 0);   /* little-endian host */
    }
    case 'f': { float x; memcpy(&x, p, 4); return val_float(x); }
    case 'd': { double x; memcpy(&x, p, 8); return val_float(x); }
    default: return obj_raise(&exc_NotImplementedError, "memoryview: format %c not supported", f);
  }
}

static int bad(const char *what, char f) {
  obj_raise(what[0] == 't' ? &exc_TypeError : &exc_ValueError, "memoryview: invalid %s for format '%c'",
            what, f);
  return -1;
}

static int pack(char f, char *p, Value x) {
  if (f == 'c') {
    if (!VAL_IS_BYTES(x)) return bad("type", f);
    if (BYTES(x.u.o)->len != 1) return bad("value", f);
    *p = BYTES(x.u.o)->s[0];
    return 0;
  }
  if (f == 'f' || f == 'd') {
    double d;
    if (!VAL_IS_FLOAT(x) && !num_is_int(x)) return bad("type", f);
    if (op_as_float(x, &d) < 0) return -1;
    if (f == 'd') { memcpy(p, &d, 8); return 0; }
    float s = (float)d;
    if (isinf(s) && !isinf(d)) { obj_raise(&exc_OverflowError, "float too large to pack with f format"); return -1; }
    memcpy(p, &s, 4);
    return 0;
  }
  if (f == '?') {
    int t = op_truth(x);
    if (t < 0) return -1;
    *p = (char)t;
    return 0;
  }
  if (fmt_size(f) == 0) { obj_raise(&exc_NotImplementedError, "memoryview: format %c not supported", f); return -1; }
  if (!num_is_int(x)) return bad("type", f);
  int uns = f == 'B' || f == 'H' || f == 'I' || f == 'L' || f == 'Q' || f == 'N' || f == 'P';
  int64_t sz = fmt_size(f);
  if (num_is_big(x)) {
    unsigned char t[8];
    if (sz != 8 || num_big_to_bytes(x, t, 8, 1, !uns) < 0) { obj_err_clear(); return bad("value", f); }
    memcpy(p, t, 8);
    return 0;
  }
  int64_t v = VAL_IS_BOOL(x) ? (x.u.i != 0) : x.u.i;
  int64_t lo = uns ? 0 : (sz == 8 ? INT64_MIN : -((int64_t)1 << (sz * 8 - 1)));
  int64_t hi = sz == 8 ? INT64_MAX : uns ? ((int64_t)1 << (sz * 8)) - 1 : ((int64_t)1 << (sz * 8 - 1)) - 1;
  if (v < lo || v > hi) return bad("value", f);
  switch (sz) {
    case 1: *p = (char)v; break;
    case 2: { uint16_t t = (uint16_t)v; memcpy(p, &t, 2); break; }
    case 4: { uint32_t t = (uint32_t)v; memcpy(p, &t, 4); break; }
    default: memcpy(p, &v, 8); break;
  }
  return 0;
}

/* ---- construction ------------------------------------------------------------------------ */
TypeObj memview_type;

static MemView *alloc_view(Value obj) {
  MemView *m = obj_alloc(&memview_type, sizeof(MemView));
  if (!m) return NULL;
  m->obj = val_incref(obj);
  m->hash = -1;
  bytes_ba_export(obj, 1);
  return m;
}

static Value view_of(Value x) {
  if (VAL_IS_OBJ(x) && x.u.o->type == &memview_type) {
    MemView *s = MV(x);
    if (check_live(s) < 0) return val_null();
    MemView *m = alloc_view(s->obj);
    if (!m) return val_null();
    Obj keep = m->ob;
    *m = *s;
    m->ob = keep;
    m->hash = -1;
    return val_obj(&m->ob);
  }
  if (!VAL_IS_OBJ(x) || !op_type(x)->getbuffer)
    return obj_raise(&exc_TypeError, "memoryview: a bytes-like object is required, not '%s'", op_type_name(x));
  ObjBuffer b;
  if (bytes_view(x, &b) < 0) return val_null();
  int64_t isz = fmt_size(b.format) ? fmt_size(b.format) : (b.itemsize > 0 ? b.itemsize : 1);
  MemView *m = alloc_view(x);
  if (!m) return val_null();
  m->fmt = b.format;
  m->isz = isz;
  m->ndim = 1;
  m->shape[0] = b.len / isz;
  m->strides[0] = isz;
  m->readonly = b.readonly;
  return val_obj(&m->ob);
}

static Value mv_construct(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("memoryview", argc, argv, kw, "object", a) < 0) return val_null();
  return view_of(a[0]);
}

static void release(MemView *m) {
  if (VAL_IS_NULL(m->obj)) return;
  bytes_ba_export(m->obj, -1);
  val_clear(&m->obj);
}

static void mv_dealloc(Obj *o) {
  release((MemView *)o);
  obj_free(o);
}

/* ---- whole-view conversions --------------------------------------------------------------- */
static void copy_out(MemView *m, const char *p, int d, char **out) {
  if (d == m->ndim) { memcpy(*out, p, (size_t)m->isz); *out += m->isz; return; }
  for (int64_t i = 0; i < m->shape[d]; i++) copy_out(m, p + i * m->strides[d], d + 1, out);
}

static Value to_bytes(MemView *m) {
  char *p = base(m);
  if (!p) return val_null();
  char *d;
  Value r = bytes_alloc((size_t)(nitems(m) * m->isz), &d);
  if (VAL_IS_NULL(r)) return r;
  copy_out(m, p, 0, &d);
  return r;
}

static Value to_list(MemView *m, const char *p, int d) {
  if (d == m->ndim) return unpack(m->fmt, p);
  Value l = list_new(0);
  if (VAL_IS_NULL(l)) return l;
  for (int64_t i = 0; i < m->shape[d]; i++) {
    Value e = to_list(m, p + i * m->strides[d], d + 1);
    if (VAL_IS_NULL(e) || list_append_steal(l, e) < 0) { val_decref(l); return val_null(); }
  }
  return l;
}

static Value m_tolist(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("tolist", argc - 1, kw, 0, 0) < 0) return val_null();
  MemView *m = MV(argv[0]);
  char *p = base(m);
  if (!p) return val_null();
  if (fmt_size(m->fmt) == 0)
    return obj_raise(&exc_NotImplementedError, "memoryview: format %c not supported", m->fmt);
  return to_list(m, p, 0);
}

static Value m_tobytes(int argc, const Value *argv, Obj *kw) {
  Value a[1];
  if (func_parse_args("tobytes", argc - 1, argv + 1, kw, "|order", a) < 0) return val_null();
  if (!VAL_IS_NULL(a[0]) && !VAL_IS_NONE(a[0])) {
    const char *o = VAL_IS_STR(a[0]) ? str_cstr(a[0]) : "";
    if (strcmp(o, "C") && strcmp(o, "F") && strcmp(o, "A"))
      return obj_raise(&exc_ValueError, "order must be 'C', 'F' or 'A'");
    if (strcmp(o, "C") && MV(argv[0])->ndim > 1)
      return obj_raise(&exc_NotImplementedError, "memoryview: tobytes(order='%s') is not implemented", o);
  }
  return to_bytes(MV(argv[0]));
}

static Value m_hex(int argc, const Value *argv, Obj *kw) {
  Value b = to_bytes(MV(argv[0]));
  if (VAL_IS_NULL(b)) return b;
  Value f = op_getattr_s(b, "hex");
  val_decref(b);
  if (VAL_IS_NULL(f)) return f;
  Value r = op_call(f, argc - 1, argv + 1, kw);
  val_decref(f);
  return r;
}

static Value m_release(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("release", argc - 1, kw, 0, 0) < 0) return val_null();
  release(MV(argv[0]));
  return val_none();
}

static Value m_enter(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__enter__", argc - 1, kw, 0, 0) < 0) return val_null();
  if (check_live(MV(argv[0])) < 0) return val_null();
  return val_incref(argv[0]);
}

static Value m_exit(int argc, const Value *argv, Obj *kw) {
  release(MV(argv[0]));
  return val_none();
}

static Value m_toreadonly(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("toreadonly", argc - 1, kw, 0, 0) < 0) return val_null();
  Value r = view_of(argv[0]);
  if (!VAL_IS_NULL(r)) MV(r)->readonly = 1;
  return r;
}

static int parse_fmt(Value f, char *out) {
  if (!VAL_IS_STR(f)) {
    obj_raise(&exc_TypeError, "cast() argument 'format' must be str, not %s", op_type_name(f));
    return -1;
  }
  const char *s = str_cstr(f);
  if (s[0] == '@') s++;
  if (!s[0] || s[1] || fmt_size(s[0]) == 0) {
    obj_raise(&exc_ValueError,
              "memoryview: destination format must be a native single character format prefixed with an optional '@'");
    return -1;
  }
  *out = s[0];
  return 0;
}

static int byte_fmt(char f) { return f == 'B' || f == 'b' || f == 'c'; }

static Value m_cast(int argc, const Value *argv, Obj *kw) {
  Value a[2];
  if (func_parse_args("cast", argc - 1, argv + 1, kw, "format|shape", a) < 0) return val_null();
  MemView *m = MV(argv[0]);
  if (check_live(m) < 0) return val_null();
  if (!is_c_contig(m)) return obj_raise(&exc_TypeError, "memoryview: casts are restricted to C-contiguous views");
  Value shp = a[1];
  int has_shape = !VAL_IS_NULL(shp) && !VAL_IS_NONE(shp);
  int64_t nd = 1, dims[MV_MAXDIM];
  if (has_shape) {
    if (!VAL_IS_LIST(shp) && !VAL_IS_TUPLE(shp)) return obj_raise(&exc_TypeError, "shape must be a list or a tuple");
    nd = VAL_IS_LIST(shp) ? LIST(shp.u.o)->len : TUPLE(shp.u.o)->len;
  }
  if ((has_shape || m->ndim != 1) && m->ndim != 1 && nd != 1)
    return obj_raise(&exc_TypeError, "memoryview: cast must be 1D -> ND or ND -> 1D");
  if (nd > MV_MAXDIM) return obj_raise(&exc_ValueError, "memoryview: number of dimensions must not exceed %d", MV_MAXDIM);
  char f;
  if (parse_fmt(a[0], &f) < 0) return val_null();
  if (!byte_fmt(f) && !byte_fmt(m->fmt))
    return obj_raise(&exc_TypeError, "memoryview: cannot cast between two non-byte formats");
  int64_t isz = fmt_size(f), nbytes = nitems(m) * m->isz;
  if (nbytes % isz) return obj_raise(&exc_TypeError, "memoryview: length is not a multiple of itemsize");
  if (has_shape) {
    int64_t prod = 1;
    for (int64_t i = 0; i < nd; i++) {
      Value e = VAL_IS_LIST(shp) ? LIST(shp.u.o)->items[i] : TUPLE(shp.u.o)->items[i];
      if (!VAL_IS_INT(e) || e.u.i <= 0)
        return obj_raise(&exc_ValueError, "memoryview.cast(): elements of shape must be integers > 0");
      dims[i] = e.u.i;
      if (prod > INT64_MAX / dims[i]) return obj_raise(&exc_ValueError, "memoryview.cast(): product(shape) > SSIZE_MAX");
      prod *= dims[i];
    }
    if (prod * isz != nbytes) return obj_raise(&exc_TypeError, "memoryview: product(shape) * itemsize != buffer size");
  } else {
    dims[0] = nbytes / isz;
  }
  char *p = base(m);
  if (!p) return val_null();
  MemView *r = alloc_view(m->obj);
  if (!r) return val_null();
  r->off = m->off;
  r->fmt = f;
  r->isz = isz;
  r->readonly = m->readonly;
  r->ndim = (int)nd;
  int64_t st = isz;
  for (int64_t i = nd - 1; i >= 0; i--) { r->shape[i] = dims[i]; r->strides[i] = st; st *= dims[i]; }
  return val_obj(&r->ob);
}

/* ---- indexing ------------------------------------------------------------------------------ */
static int index_of(MemView *m, int d, Value key, int64_t *out) {
  int64_t i;
  if (op_as_int(key, &i) < 0) return -1;
  if (i < 0) i += m->shape[d];
  if (i < 0 || i >= m->shape[d]) {
    obj_raise(&exc_IndexError, "index out of bounds on dimension %d", d + 1);
    return -1;
  }
  *out = i * m->strides[d];
  return 0;
}

static int is_index(Value k) { return VAL_IS_INTLIKE(k) || num_is_big(k) || (VAL_IS_OBJ(k) && op_hasattr_s(k, "__index__") && !VAL_IS_TUPLE(k)); }

/* the byte offset (from element 0) of the element key names: 1 found, 0 not an element key, -1 error */
static int element(MemView *m, Value key, int64_t *off) {
  if (VAL_IS_TUPLE(key)) {
    int64_t n = TUPLE(key.u.o)->len;
    for (int64_t i = 0; i < n; i++)
      if (!is_index(TUPLE(key.u.o)->items[i])) return 0;
    if (n == 0 && m->ndim == 0) { *off = 0; return 1; }
    if (n < m->ndim) {
      obj_raise(&exc_NotImplementedError, "sub-views are not implemented");
      return -1;
    }
    if (n > m->ndim) {
      obj_raise(&exc_TypeError, "cannot index %d-dimension view with %lld-element tuple", m->ndim, (long long)n);
      return -1;
    }
    int64_t o = 0;
    for (int64_t i = 0; i < n; i++) {
      int64_t x;
      if (index_of(m, (int)i, TUPLE(key.u.o)->items[i], &x) < 0) return -1;
      o += x;
    }
    *off = o;
    return 1;
  }
  if (!is_index(key)) return 0;
  if (m->ndim == 0) { obj_raise(&exc_TypeError, "invalid indexing of 0-dim memory"); return -1; }
  if (m->ndim > 1) { obj_raise(&exc_NotImplementedError, "multi-dimensional sub-views are not implemented"); return -1; }
  return index_of(m, 0, key, off) < 0 ? -1 : 1;
}

static Value mv_getitem(Value v, Value key) {
  MemView *m = MV(v);
  if (check_live(m) < 0) return val_null();
  int64_t off;
  int e = element(m, key, &off);
  if (e < 0) return val_null();
  if (e) {
    char *p = base(m);
    return p ? unpack(m->fmt, p + off) : val_null();
  }
  if (VAL_IS_OBJ(key) && key.u.o == &iter_ellipsis_obj) return val_incref(v);
  if (VAL_IS_OBJ(key) && key.u.o->type == &iter_slice_type) {
    if (m->ndim == 0) return obj_raise(&exc_TypeError, "invalid indexing of 0-dim memory");
    int64_t st, sp, step, n;
    if (iter_slice_indices(key, m->shape[0], &st, &sp, &step, &n) < 0) return val_null();
    Value r = view_of(v);
    if (VAL_IS_NULL(r)) return r;
    MemView *s = MV(r);
    s->off += st * m->strides[0];
    s->shape[0] = n;
    s->strides[0] = m->strides[0] * step;
    return r;
  }
  if (VAL_IS_TUPLE(key)) return obj_raise(&exc_NotImplementedError, "multi-dimensional slicing is not implemented");
  return obj_raise(&exc_TypeError, "memoryview: invalid slice key");
}

static int mv_setitem(Value v, Value key, Value x) {
  MemView *m = MV(v);
  if (check_live(m) < 0) return -1;
  if (m->readonly) { obj_raise(&exc_TypeError, "cannot modify read-only memory"); return -1; }
  if (VAL_IS_NULL(x)) { obj_raise(&exc_TypeError, "cannot delete memory"); return -1; }
  int64_t off;
  int e;
  if (VAL_IS_OBJ(key) && key.u.o == &iter_ellipsis_obj && m->ndim == 0) { e = 1; off = 0; }
  else if ((e = element(m, key, &off)) < 0) return -1;
  if (e) {
    char tmp[8];
    if (pack(m->fmt, tmp, x) < 0) return -1;   /* before base(): pack may run user code */
    char *p = base(m);
    if (!p) return -1;
    memcpy(p + off, tmp, (size_t)m->isz);
    return 0;
  }
  if (!VAL_IS_OBJ(key) || key.u.o->type != &iter_slice_type) {
    if (VAL_IS_TUPLE(key)) obj_raise(&exc_NotImplementedError, "memoryview slice assignments are currently restricted to ndim = 1");
    else obj_raise(&exc_TypeError, "memoryview: invalid slice key");
    return -1;
  }
  if (m->ndim != 1) {
    obj_raise(&exc_NotImplementedError, "memoryview slice assignments are currently restricted to ndim = 1");
    return -1;
  }
  if (!VAL_IS_OBJ(x) || !op_type(x)->getbuffer) {
    obj_raise(&exc_TypeError, "a bytes-like object is required, not '%s'", op_type_name(x));
    return -1;
  }
  Value src = view_of(x);
  if (VAL_IS_NULL(src)) return -1;
  MemView *s = MV(src);
  int64_t st, sp, step, n;
  if (iter_slice_indices(key, m->shape[0], &st, &sp, &step, &n) < 0) { val_decref(src); return -1; }
  if (s->ndim != 1 || s->fmt != m->fmt || s->isz != m->isz || s->shape[0] != n) {
    val_decref(src);
    obj_raise(&exc_ValueError, "memoryview assignment: lvalue and rvalue have different structures");
    return -1;
  }
  Value b = to_bytes(s);   /* a copy first: source and destination may overlap */
  val_decref(src);
  if (VAL_IS_NULL(b)) return -1;
  char *p = base(m);
  if (!p) { val_decref(b); return -1; }
  for (int64_t i = 0; i < n; i++)
    memcpy(p + (st + i * step) * m->strides[0], BYTES(b.u.o)->s + i * m->isz, (size_t)m->isz);
  val_decref(b);
  return 0;
}

static int mv_len(Value v, int64_t *out) {
  MemView *m = MV(v);
  if (check_live(m) < 0) return -1;
  if (m->ndim == 0) { obj_raise(&exc_TypeError, "0-dim memory has no length"); return -1; }
  *out = m->shape[0];
  return 0;
}

typedef struct MVIter { Obj ob; Value mv; int64_t i; } MVIter;
static void mvi_dealloc(Obj *o) { val_decref(((MVIter *)o)->mv); obj_free(o); }
static Value mvi_iter(Value v) { return val_incref(v); }
static int mvi_next(Value v, Value *out) {
  MVIter *it = (MVIter *)v.u.o;
  if (VAL_IS_NULL(it->mv)) return 0;
  MemView *m = MV(it->mv);
  if (check_live(m) < 0) return -1;
  if (it->i >= m->shape[0]) { val_clear(&it->mv); return 0; }
  char *p = base(m);
  if (!p) return -1;
  Value x = unpack(m->fmt, p + it->i * m->strides[0]);
  if (VAL_IS_NULL(x)) return -1;
  it->i++;
  *out = x;
  return 1;
}
static TypeObj memview_iter_type = {OBJ_TYPE_HEAD, .name = "memory_iterator", .dealloc = mvi_dealloc,
                                    .iter = mvi_iter, .next = mvi_next};
static Value mv_iter(Value v) {
  MemView *m = MV(v);
  if (check_live(m) < 0) return val_null();
  if (m->ndim == 0) return obj_raise(&exc_TypeError, "invalid indexing of 0-dim memory");
  if (m->ndim > 1) return obj_raise(&exc_NotImplementedError, "multi-dimensional sub-views are not implemented");
  MVIter *it = obj_alloc(&memview_iter_type, sizeof(MVIter));
  if (!it) return val_null();
  it->mv = val_incref(v);
  return val_obj(&it->ob);
}

/* ---- protocols -------------------------------------------------------------------------------- */
static Value mv_repr(Value v) {
  char b[64];
  snprintf(b, sizeof b, "<%smemory at %p>", VAL_IS_NULL(MV(v)->obj) ? "released " : "", (void *)v.u.o);
  return str_from_cstr(b);
}

static int mv_hash(Value v, int64_t *out) {
  MemView *m = MV(v);
  if (m->hash != -1) { *out = m->hash; return 0; }
  if (check_live(m) < 0) return -1;
  if (!m->readonly) { obj_raise(&exc_ValueError, "cannot hash writable memoryview object"); return -1; }
  if (!byte_fmt(m->fmt)) {
    obj_raise(&exc_ValueError, "memoryview: hashing is restricted to formats 'B', 'b' or 'c'");
    return -1;
  }
  int64_t oh;
  if (op_hash(m->obj, &oh) < 0) return -1;   /* as CPython: the exporter must be hashable */
  Value b = to_bytes(m);
  if (VAL_IS_NULL(b)) return -1;
  m->hash = num_hash_bytes(BYTES(b.u.o)->s, BYTES(b.u.o)->len);
  val_decref(b);
  *out = m->hash;
  return 0;
}

/* element by element on unpacked values, as struct would give them: a nan is never equal */
static int same_items(MemView *x, const char *px, MemView *y, const char *py, int d) {
  if (d == x->ndim) {
    Value a = unpack(x->fmt, px);
    if (VAL_IS_NULL(a)) return -1;
    Value b = unpack(y->fmt, py);
    if (VAL_IS_NULL(b)) { val_decref(a); return -1; }
    int r = VAL_IS_FLOAT(a) && VAL_IS_FLOAT(b) ? a.u.f == b.u.f : op_eq(a, b);
    val_decref(a);
    val_decref(b);
    return r;
  }
  for (int64_t i = 0; i < x->shape[d]; i++) {
    int r = same_items(x, px + i * x->strides[d], y, py + i * y->strides[d], d + 1);
    if (r != 1) return r;
  }
  return 1;
}

static Value mv_compare(Value a, Value b, int op) {
  if (op != CMP_EQ && op != CMP_NOTEQ) return obj_notimpl();
  if (!VAL_IS_OBJ(b) || !op_type(b)->getbuffer) return obj_notimpl();
  int eq;
  /* a released view equals only itself; a live one compares element values (nan != nan) */
  if (VAL_IS_NULL(MV(a)->obj) || (b.u.o->type == &memview_type && VAL_IS_NULL(MV(b)->obj))) eq = a.u.o == b.u.o;
  else {
    Value vb = view_of(b);
    if (VAL_IS_NULL(vb)) return vb;
    MemView *x = MV(a), *y = MV(vb);
    eq = x->ndim == y->ndim;
    for (int d = 0; eq && d < x->ndim; d++) eq = x->shape[d] == y->shape[d];
    if (eq) {
      char *px = base(x), *py = base(y);
      if (!px || !py) { val_decref(vb); return val_null(); }
      eq = same_items(x, px, y, py, 0);
      if (eq < 0) { val_decref(vb); return val_null(); }
    }
    val_decref(vb);
  }
  return val_bool(op == CMP_EQ ? eq : !eq);
}

static int mv_getbuffer(Value v, ObjBuffer *out) {
  MemView *m = MV(v);
  if (check_live(m) < 0) return -1;
  if (!is_c_contig(m)) {
    obj_raise(&exc_BufferError, "memoryview: underlying buffer is not C-contiguous");
    return -1;
  }
  char *p = base(m);
  if (!p) return -1;
  *out = (ObjBuffer){p, nitems(m) * m->isz, m->isz, m->fmt, m->readonly};
  return 0;
}

Value memview_tobytes(Value v) { return to_bytes(MV(v)); }

/* ---- attributes ------------------------------------------------------------------------------- */
#define LIVE(v) if (check_live(MV(v)) < 0) return val_null()
static Value g_obj(Value v) { LIVE(v); return val_incref(MV(v)->obj); }
static Value g_format(Value v) { LIVE(v); char s[2] = {MV(v)->fmt, 0}; return str_from_cstr(s); }
static Value g_itemsize(Value v) { LIVE(v); return val_int(MV(v)->isz); }
static Value g_nbytes(Value v) { LIVE(v); return val_int(nitems(MV(v)) * MV(v)->isz); }
static Value g_ndim(Value v) { LIVE(v); return val_int(MV(v)->ndim); }
static Value g_readonly(Value v) { LIVE(v); return val_bool(MV(v)->readonly); }
static Value dims(int n, const int64_t *x) {
  Value t = tuple_new(n);
  if (VAL_IS_NULL(t)) return t;
  for (int i = 0; i < n; i++) TUPLE(t.u.o)->items[i] = val_int(x[i]);
  return t;
}
static Value g_shape(Value v) { LIVE(v); return dims(MV(v)->ndim, MV(v)->shape); }
static Value g_strides(Value v) { LIVE(v); return dims(MV(v)->ndim, MV(v)->strides); }
static Value g_suboffsets(Value v) { LIVE(v); return tuple_new(0); }
static Value g_c_contig(Value v) { LIVE(v); return val_bool(is_c_contig(MV(v))); }
static Value g_f_contig(Value v) {
  LIVE(v);
  MemView *m = MV(v);
  int64_t want = m->isz;
  int ok = 1;
  if (nitems(m) != 0)
    for (int d = 0; d < m->ndim; d++) {
      if (m->shape[d] > 1 && m->strides[d] != want) ok = 0;
      want *= m->shape[d];
    }
  return val_bool(ok);
}
static Value g_contig(Value v) {
  LIVE(v);
  Value c = g_c_contig(v);
  if (VAL_IS_NULL(c) || c.u.i) return c;
  return g_f_contig(v);
}
#undef LIVE

static const GetSetDef mv_getset[] = {
    {"obj", g_obj, NULL, "The underlying object of the memoryview."},
    {"format", g_format, NULL, "A string with the struct-module format of each element."},
    {"itemsize", g_itemsize, NULL, "The size in bytes of each element."},
    {"nbytes", g_nbytes, NULL, "The amount of space in bytes the array would use in a contiguous representation."},
    {"ndim", g_ndim, NULL, "The number of dimensions."},
    {"shape", g_shape, NULL, "A tuple of ndim integers: the shape of the memory."},
    {"strides", g_strides, NULL, "A tuple of ndim integers: the bytes between elements along each dimension."},
    {"suboffsets", g_suboffsets, NULL, "Always an empty tuple."},
    {"readonly", g_readonly, NULL, "A bool indicating whether the memory is read only."},
    {"c_contiguous", g_c_contig, NULL, "A bool indicating whether the memory is C contiguous."},
    {"f_contiguous", g_f_contig, NULL, "A bool indicating whether the memory is Fortran contiguous."},
    {"contiguous", g_contig, NULL, "A bool indicating whether the memory is contiguous."},
    {NULL}};

static const MethodDef mv_methods[] = {
    {"tobytes", m_tobytes, "tobytes(order='C')\nThe data in the buffer as a bytestring.", 0},
    {"tolist", m_tolist, "tolist()\nThe data in the buffer as a list of elements.", 0},
    {"hex", m_hex, "hex(sep=None, bytes_per_sep=1)\nThe data as hexadecimal digits.", 0},
    {"cast", m_cast, "cast(format, shape=None)\nA memoryview with a new format or shape.", 0},
    {"release", m_release, "release()\nRelease the underlying buffer exposed by the memoryview object.", 0},
    {"toreadonly", m_toreadonly, "toreadonly()\nA readonly version of the memoryview.", 0},
    {"__enter__", m_enter, NULL, 0},
    {"__exit__", m_exit, NULL, 0},
    {NULL, NULL, NULL, 0}};

TypeObj memview_type = {OBJ_TYPE_HEAD, .name = "memoryview",
                        .doc = "memoryview(object)\nCreate a new memoryview object which references the given object.",
                        .dealloc = mv_dealloc, .new = mv_construct, .repr = mv_repr, .hash = mv_hash,
                        .compare = mv_compare, .len = mv_len, .getitem = mv_getitem,
                        .setitem = mv_setitem, .iter = mv_iter, .getbuffer = mv_getbuffer,
                        .methods = mv_methods, .getset = mv_getset};
