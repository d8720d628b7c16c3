/* cpu_dnnl.c - oneDNN (libdnnl.so.2) loaded with dlopen the first time a convolution asks for it;
 * maps a convolution onto its forward, backward-data or backward-weights primitive. */
#include "cpu_dnnl.h"

#include "cpu.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* SABLE_NO_DNNL: build as if the headers were missing (checks that configuration compiles) */
#if defined(__has_include) && !defined(SABLE_NO_DNNL)
#if __has_include(<oneapi/dnnl/dnnl.h>)
#define SABLE_HAVE_DNNL 1
#endif
#endif

#ifndef SABLE_HAVE_DNNL

/* Built without oneDNN's headers (libdnnl-dev): the GEMM kernels do all the work. */
int cpu_dnnl_available(void) { return 0; }
int cpu_dnnl_sgemm(int ta, int tb, int64_t M, int64_t N, int64_t K, const float *A, int64_t lda,
                   const float *B, int64_t ldb, float *C, int64_t ldc) { return 0; }
int cpu_dnnl_conv(const CpuDnnlConv *c, int kind) { return 0; }

#else

#include <dlfcn.h>
#include <oneapi/dnnl/dnnl.h>

#define DNNL_FN(X)                                                                              \
  X(dnnl_engine_create) X(dnnl_stream_create) X(dnnl_stream_wait)                             \
  X(dnnl_memory_desc_init_by_strides) X(dnnl_memory_desc_init_by_tag) X(dnnl_memory_desc_equal) \
  X(dnnl_dilated_convolution_forward_desc_init) X(dnnl_dilated_convolution_backward_data_desc_init) \
  X(dnnl_dilated_convolution_backward_weights_desc_init) X(dnnl_primitive_desc_create)        \
  X(dnnl_primitive_desc_destroy) X(dnnl_primitive_desc_query_md) X(dnnl_primitive_desc_query) X(dnnl_primitive_create)     \
  X(dnnl_primitive_destroy) X(dnnl_primitive_execute) X(dnnl_memory_create)                   \
  X(dnnl_memory_destroy) X(dnnl_reorder_primitive_desc_create) X(dnnl_memory_desc_get_size)

#define DNNL_FIELD(name) __typeof__(name) *name;
typedef struct Dnnl { DNNL_FN(DNNL_FIELD) } Dnnl;
#undef DNNL_FIELD

static Dnnl dn;
static int dn_ok;
/* optional: the GEMM for cpu_dot.c's blocks, and its OpenMP runtime's per-thread team size */
static dnnl_status_t (*dn_sgemm)(char, char, dnnl_dim_t, dnnl_dim_t, dnnl_dim_t, float, const float *, dnnl_dim_t,
                                 const float *, dnnl_dim_t, float, float *, dnnl_dim_t);
static void (*omp_set)(int);
static int (*omp_max)(void);
static pthread_once_t dn_once = PTHREAD_ONCE_INIT;
static dnnl_engine_t engine;
static dnnl_stream_t stream;

static void load(void) {
  const char *e = getenv("SABLE_DNNL_LIB");
  /* RTLD_LOCAL: its symbols (and libgomp's) stay out of the global scope */
  void *h = dlopen(e && *e ? e : CPU_DNNL_LIB, RTLD_NOW | RTLD_LOCAL);
  if (!h) return;
  Dnnl d;
#define GET(fn)                                                                                \
  {                                                                                            \
    void *p = dlsym(h, #fn);                                                                   \
    if (!p) { dlclose(h); return; }                                                            \
    memcpy(&d.fn, &p, sizeof p);                                                               \
  }
  DNNL_FN(GET)
#undef GET
  /* its OpenMP runtime gets the pool's thread count: the two take turns on the cores */
  void *p = dlsym(h, "omp_set_num_threads");
  if (p) {
    void (*set)(int);
    memcpy(&set, &p, sizeof p);
    set(cpu_pool_threads());
  }
  void *g = dlsym(h, "dnnl_sgemm"), *os = p, *om = dlsym(h, "omp_get_max_threads");
  if (g && os && om) {
    memcpy(&dn_sgemm, &g, sizeof g);
    memcpy(&omp_set, &os, sizeof os);
    memcpy(&omp_max, &om, sizeof om);
  }
  if (d.dnnl_engine_create(&engine, dnnl_cpu, 0) != dnnl_success) return;
  if (d.dnnl_stream_create(&stream, engine, dnnl_stream_default_flags) != dnnl_success) return;
  dn = d;
  dn_ok = 1;
}

int cpu_dnnl_available(void) {
  pthread_once(&dn_once, load);
  return dn_ok;
}

/* OpenMP's team size is a per-thread setting: the pool thread that calls asks for a team of one
 * (the pool runs the other blocks), then puts its old value back (the main thread's convolutions
 * use the pool's count). */
int cpu_dnnl_sgemm(int ta, int tb, int64_t M, int64_t N, int64_t K, const float *A, int64_t lda,
                   const float *B, int64_t ldb, float *C, int64_t ldc) {
  if (!cpu_dnnl_available() || !dn_sgemm) return 0;
  int old = omp_max();
  if (old != 1) omp_set(1);
  dnnl_status_t st = dn_sgemm(ta ? 'T' : 'N', tb ? 'T' : 'N', M, N, K, 1.0f, A, lda, B, ldb, 0.0f, C, ldc);
  if (old != 1) omp_set(old);
  return st == dnnl_success;
}

/* A memory descriptor over user memory: dims and element strides as given. */
static int md_strided(dnnl_memory_desc_t *md, int nd, const int64_t *dims, const int64_t *st) {
  dnnl_dims_t d, s;
  for (int i = 0; i < nd; i++) { d[i] = dims[i]; s[i] = st[i]; }
  return dn.dnnl_memory_desc_init_by_strides(md, nd, d, dnnl_f32, s) == dnnl_success;
}

/* A contiguous descriptor: dims row-major. */
static int md_dense(dnnl_memory_desc_t *md, int nd, const int64_t *dims) {
  int64_t st[DNNL_MAX_NDIMS], run = 1;
  for (int i = nd - 1; i >= 0; i--) { st[i] = run; run *= dims[i]; }
  return md_strided(md, nd, dims, st);
}

/* Copies between a user layout and a primitive's layout through a reorder primitive. */
static int reorder(const dnnl_memory_desc_t *from, void *src, const dnnl_memory_desc_t *to, void *dst) {
  dnnl_primitive_desc_t pd = NULL;
  dnnl_primitive_t pr = NULL;
  dnnl_memory_t a = NULL, b = NULL;
  int ok = dn.dnnl_reorder_primitive_desc_create(&pd, from, engine, to, engine, NULL) == dnnl_success
           && dn.dnnl_primitive_create(&pr, pd) == dnnl_success
           && dn.dnnl_memory_create(&a, from, engine, src) == dnnl_success
           && dn.dnnl_memory_create(&b, to, engine, dst) == dnnl_success;
  if (ok) {
    dnnl_exec_arg_t args[2] = {{DNNL_ARG_FROM, a}, {DNNL_ARG_TO, b}};
    ok = dn.dnnl_primitive_execute(pr, stream, 2, args) == dnnl_success
         && dn.dnnl_stream_wait(stream) == dnnl_success;
  }
  if (a) dn.dnnl_memory_destroy(a);
  if (b) dn.dnnl_memory_destroy(b);
  if (pr) dn.dnnl_primitive_destroy(pr);
  if (pd) dn.dnnl_primitive_desc_destroy(pd);
  return ok;
}

/* The right padding that gives `out` positions from `in` with stride s and dilated kernel kd,
 * or -1 when none does (oneDNN takes no negative padding). */
static int64_t pad_r(int64_t in, int64_t out, int64_t kd, int64_t s, int64_t pl) {
  int64_t pr = (out - 1) * s + kd - in - pl;
  if (pr < 0) pr = (in + pl - kd) - (out - 1) * s < s ? 0 : -1;   /* floor leaves a remainder */
  return pr;
}

static int conv_locked(const CpuDnnlConv *c, int kind);

/* One call at a time: the stream is shared, and pmap's device workers may convolve at once. */
static pthread_mutex_t dn_lock = PTHREAD_MUTEX_INITIALIZER;

int cpu_dnnl_conv(const CpuDnnlConv *c, int kind) {
  if (!cpu_dnnl_available()) return 0;
  pthread_mutex_lock(&dn_lock);
  int r = conv_locked(c, kind);
  pthread_mutex_unlock(&dn_lock);
  return r;
}

static int conv_locked(const CpuDnnlConv *c, int kind) {
  int ns = c->nsp, off = 3 - ns, grouped = c->G > 1;
  int64_t Cg = c->C / c->G, Og = c->O / c->G;
  dnnl_dims_t st, dil, pl, pr;
  /* the operands in oneDNN's roles: a = src (diff_src), w = weights, b = dst (diff_dst) */
  int64_t adim[5], ast[5], bdim[5], bst[5], wdim[6];
  void *aptr, *bptr;
  int wnd = ns + 2 + grouped;
  for (int i = 0; i < ns + 2; i++) { adim[i] = bdim[i] = 0; ast[i] = bst[i] = 0; }
  /* y's strides on its spatial dims, as they are laid out */
  for (int i = 0; i < ns; i++) {
    int d = off + i;
    if (c->lo[d] < 0) return 0;
    if (kind == CPU_DNNL_FWD) {
      if (c->ld[d] != 1) return 0;
      st[i] = c->s[d];
      dil[i] = c->rd[d] - 1;
      pl[i] = c->lo[d];
      pr[i] = pad_r(c->n[d], c->od[d], (c->k[d] - 1) * c->rd[d] + 1, c->s[d], c->lo[d]);
    } else if (kind == CPU_DNNL_BWD_DATA) {
      /* y is the diff_src of the forward convolution with stride ld whose diff_dst is x */
      if (c->s[d] != 1) return 0;
      st[i] = c->ld[d];
      dil[i] = c->rd[d] - 1;
      pl[i] = (c->k[d] - 1) * c->rd[d] - c->lo[d];
      if (pl[i] < 0) return 0;
      pr[i] = pad_r(c->od[d], c->n[d], (c->k[d] - 1) * c->rd[d] + 1, c->ld[d], pl[i]);
    } else {
      /* y is the weight gradient of the convolution of x (stride rd, dilation s) giving w */
      if (c->ld[d] != 1 || grouped) return 0;
      st[i] = c->rd[d];
      dil[i] = c->s[d] - 1;
      pl[i] = c->lo[d];
      pr[i] = pad_r(c->n[d], c->k[d], (c->od[d] - 1) * c->s[d] + 1, c->rd[d], c->lo[d]);
    }
    if (pr[i] < 0) return 0;
  }
  /* w contiguous [O, Cg, k...]; as oneDNN's weights [G,] OC, IC, k... */
  int64_t run = c->O * Cg;
  for (int i = 0; i < ns; i++) run *= c->k[off + i];
  float *wre = NULL;   /* the backward-data weights, transposed and reversed */
  if (kind == CPU_DNNL_FWD) {
    adim[0] = c->B; adim[1] = c->C; ast[0] = c->xst[0]; ast[1] = c->xst[1];
    bdim[0] = c->B; bdim[1] = c->O; bst[0] = c->yst[0]; bst[1] = c->yst[1];
    for (int i = 0; i < ns; i++) {
      adim[2 + i] = c->n[off + i]; ast[2 + i] = c->xst[2 + i];
      bdim[2 + i] = c->od[off + i]; bst[2 + i] = c->yst[2 + i];
    }
    aptr = (void *)c->x;
    bptr = c->y;
    int j = 0;
    if (grouped) wdim[j++] = c->G;
    wdim[j++] = Og;
    wdim[j++] = Cg;
    for (int i = 0; i < ns; i++) wdim[j++] = c->k[off + i];
  } else if (kind == CPU_DNNL_BWD_DATA) {
    /* diff_src = y [B, O, od], diff_dst = x [B, C, n]; forward weights [G, C/G (oc), O/G (ic), k]
     * with W[g][oc][ic][kk] = w[g*Og + ic][oc][K-1-kk] */
    adim[0] = c->B; adim[1] = c->O; ast[0] = c->yst[0]; ast[1] = c->yst[1];
    bdim[0] = c->B; bdim[1] = c->C; bst[0] = c->xst[0]; bst[1] = c->xst[1];
    for (int i = 0; i < ns; i++) {
      adim[2 + i] = c->od[off + i]; ast[2 + i] = c->yst[2 + i];
      bdim[2 + i] = c->n[off + i]; bst[2 + i] = c->xst[2 + i];
    }
    aptr = c->y;
    bptr = (void *)c->x;
    int j = 0;
    if (grouped) wdim[j++] = c->G;
    wdim[j++] = Cg;
    wdim[j++] = Og;
    for (int i = 0; i < ns; i++) wdim[j++] = c->k[off + i];
    int64_t kvol = run / (c->O * Cg);
    wre = malloc((size_t)run * sizeof(float));
    if (!wre) return arr_err(ERR_MEMORY, "out of memory");
    int64_t k0 = ns == 3 ? c->k[0] : 1, k1 = ns >= 2 ? c->k[1] : 1, k2 = c->k[2];
    for (int64_t g = 0; g < c->G; g++)
      for (int64_t oc = 0; oc < Cg; oc++)
        for (int64_t ic = 0; ic < Og; ic++) {
          const float *src = c->w + ((g * Og + ic) * Cg + oc) * kvol;
          float *dst = wre + ((g * Cg + oc) * Og + ic) * kvol;
          for (int64_t a = 0; a < k0; a++)
            for (int64_t b = 0; b < k1; b++)
              for (int64_t e = 0; e < k2; e++)
                dst[(a * k1 + b) * k2 + e] = src[((k0 - 1 - a) * k1 + (k1 - 1 - b)) * k2 + (k2 - 1 - e)];
        }
  } else {
    /* src = x as [C (batch), B (features), n]; diff_dst = w as [Cg (batch), O, k];
     * diff_weights = y as [O, B, od] */
    adim[0] = c->C; adim[1] = c->B; ast[0] = c->xst[1]; ast[1] = c->xst[0];
    bdim[0] = c->C; bdim[1] = c->O; bst[0] = c->wst[1]; bst[1] = c->wst[0];
    for (int i = 0; i < ns; i++) {
      adim[2 + i] = c->n[off + i]; ast[2 + i] = c->xst[2 + i];
      bdim[2 + i] = c->k[off + i]; bst[2 + i] = c->wst[2 + i];
    }
    aptr = (void *)c->x;
    bptr = (void *)c->wv;
    wdim[0] = c->O;
    wdim[1] = c->B;
    for (int i = 0; i < ns; i++) wdim[2 + i] = c->od[off + i];
  }
  dnnl_memory_desc_t amd, bmd, wuser, wany;
  dnnl_dims_t wd;
  for (int i = 0; i < wnd; i++) wd[i] = wdim[i];
  int ok = md_strided(&amd, ns + 2, adim, ast) && md_strided(&bmd, ns + 2, bdim, bst)
           && dn.dnnl_memory_desc_init_by_tag(&wany, wnd, wd, dnnl_f32, dnnl_format_tag_any) == dnnl_success;
  if (ok && kind == CPU_DNNL_BWD_WEIGHTS) {
    int64_t ws[5];
    ws[0] = c->yst[1];
    ws[1] = c->yst[0];
    for (int i = 0; i < ns; i++) ws[2 + i] = c->yst[2 + i];
    ok = md_strided(&wuser, wnd, wdim, ws);
  } else if (ok) {
    ok = md_dense(&wuser, wnd, wdim);
  }
  dnnl_convolution_desc_t cd;
  if (ok) {
    if (kind == CPU_DNNL_FWD)
      ok = dn.dnnl_dilated_convolution_forward_desc_init(&cd, dnnl_forward_inference, dnnl_convolution_direct,
                                                         &amd, &wany, NULL, &bmd, st, dil, pl, pr) == dnnl_success;
    else if (kind == CPU_DNNL_BWD_DATA)
      ok = dn.dnnl_dilated_convolution_backward_data_desc_init(&cd, dnnl_convolution_direct, &amd, &wany, &bmd,
                                                               st, dil, pl, pr) == dnnl_success;
    else
      ok = dn.dnnl_dilated_convolution_backward_weights_desc_init(&cd, dnnl_convolution_direct, &amd, &wany, NULL,
                                                                  &bmd, st, dil, pl, pr) == dnnl_success;
  }
  dnnl_primitive_desc_t pd = NULL;
  dnnl_primitive_t prim = NULL;
  dnnl_primitive_desc_t hint = NULL;
  if (ok && kind != CPU_DNNL_FWD) {
    /* the backward primitives want the forward one's descriptor as a hint */
    dnnl_convolution_desc_t fd;
    ok = dn.dnnl_dilated_convolution_forward_desc_init(&fd, dnnl_forward_training, dnnl_convolution_direct,
                                                       &amd, &wany, NULL, &bmd, st, dil, pl, pr) == dnnl_success
         && dn.dnnl_primitive_desc_create(&hint, &fd, NULL, engine, NULL) == dnnl_success;
  }
  ok = ok && dn.dnnl_primitive_desc_create(&pd, &cd, NULL, engine, hint) == dnnl_success;
  /* its reference kernels ("ref:any") are far slower than the GEMM paths: decline them */
  const char *impl = NULL;
  if (ok && dn.dnnl_primitive_desc_query(pd, dnnl_query_impl_info_str, 0, &impl) == dnnl_success && impl
      && !strncmp(impl, "ref", 3))
    ok = 0;
  ok = ok && dn.dnnl_primitive_create(&prim, pd) == dnnl_success;
  void *wbuf = NULL, *wuptr = kind == CPU_DNNL_BWD_DATA ? (void *)wre : kind == CPU_DNNL_FWD ? (void *)c->w : c->y;
  dnnl_memory_t ma = NULL, mb = NULL, mw = NULL;
  int rc = 0;
  if (ok) {
    const dnnl_memory_desc_t *wmd = dn.dnnl_primitive_desc_query_md(
        pd, kind == CPU_DNNL_BWD_WEIGHTS ? dnnl_query_diff_weights_md : dnnl_query_weights_md, 0);
    int same = wmd && dn.dnnl_memory_desc_equal(wmd, &wuser);
    void *wp = wuptr;
    if (wmd && !same) {
      wbuf = malloc(dn.dnnl_memory_desc_get_size(wmd) + 64);
      if (!wbuf) ok = 0;
      else wp = wbuf;
      if (ok && kind != CPU_DNNL_BWD_WEIGHTS) ok = reorder(&wuser, wuptr, wmd, wp);
    }
    ok = ok && wmd && dn.dnnl_memory_create(&ma, &amd, engine, aptr) == dnnl_success
         && dn.dnnl_memory_create(&mb, &bmd, engine, bptr) == dnnl_success
         && dn.dnnl_memory_create(&mw, wmd, engine, wp) == dnnl_success;
    if (ok) {
      dnnl_exec_arg_t args[3];
      if (kind == CPU_DNNL_FWD) {
        args[0] = (dnnl_exec_arg_t){DNNL_ARG_SRC, ma};
        args[1] = (dnnl_exec_arg_t){DNNL_ARG_WEIGHTS, mw};
        args[2] = (dnnl_exec_arg_t){DNNL_ARG_DST, mb};
      } else if (kind == CPU_DNNL_BWD_DATA) {
        args[0] = (dnnl_exec_arg_t){DNNL_ARG_DIFF_SRC, ma};
        args[1] = (dnnl_exec_arg_t){DNNL_ARG_WEIGHTS, mw};
        args[2] = (dnnl_exec_arg_t){DNNL_ARG_DIFF_DST, mb};
      } else {
        args[0] = (dnnl_exec_arg_t){DNNL_ARG_SRC, ma};
        args[1] = (dnnl_exec_arg_t){DNNL_ARG_DIFF_WEIGHTS, mw};
        args[2] = (dnnl_exec_arg_t){DNNL_ARG_DIFF_DST, mb};
      }
      ok = dn.dnnl_primitive_execute(prim, stream, 3, args) == dnnl_success
           && dn.dnnl_stream_wait(stream) == dnnl_success;
      if (ok && kind == CPU_DNNL_BWD_WEIGHTS && !same) ok = reorder(wmd, wp, &wuser, c->y);
      /* a failure after the primitive ran is an error: y may be half written */
      if (!ok) rc = arr_err(ERR_INTERNAL, "oneDNN convolution failed (SABLE_CONV=im2col avoids oneDNN)");
      else rc = 1;
    }
  }
  if (ma) dn.dnnl_memory_destroy(ma);
  if (mb) dn.dnnl_memory_destroy(mb);
  if (mw) dn.dnnl_memory_destroy(mw);
  if (prim) dn.dnnl_primitive_destroy(prim);
  if (pd) dn.dnnl_primitive_desc_destroy(pd);
  if (hint) dn.dnnl_primitive_desc_destroy(hint);
  free(wbuf);
  free(wre);
  return rc;
}

#endif
