/* test_engine_diff.c - driver for tests/suites/engine_diff.py: reads arrays and primitive calls
 * as lines on stdin, runs them through prim_bind and prints results at full precision.
 *   A name dtype ndim d0.. v0 v1 ..         define a C-contiguous array
 *   V name src T p0 p1 ..                   transposed view
 *   V name src S b0 e0 s0 b1 e1 s1 ..       sliced view (numpy slice, already normalised)
 *   V name src B ndim d0 ..                 broadcast_to view
 *   R prim key=v,v key=v .. : in0 in1 ..    run a primitive (params by field name)
 *   P dt w dt w .. mode                     result_type (mode jax|x64|numpy)
 *   F name str|repr|jrepr                   format an array
 *   M op shape..                            allocate huge (must fail with MemoryError)
 * Answers, one line per command R/P/F: "OK n" + one line per output "dtype ndim dims.. | v ..",
 * or "ERR Kind|message|npKind|npmessage". With no stdin (run by `make unit`) it does a
 * self-check and prints PASS. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/arr.h"
#include "engine/arr_print.h"
#include "engine/prim.h"

/* Arrays are named a<number>: the number indexes a growing table. */
static Array **vars;
static int64_t nvars;

static int64_t var_index(const char *n) {
  if (!n || n[0] != 'a' || !n[1]) return -1;
  char *end;
  long long k = strtoll(n + 1, &end, 10);
  return (*end || k < 0 || k > (1 << 24)) ? -1 : k;
}
static Array *get(const char *n) {
  int64_t k = var_index(n);
  return (k >= 0 && k < nvars) ? vars[k] : NULL;
}
static void put(const char *n, Array *a) {
  int64_t k = var_index(n);
  if (k < 0) { arr_release(a); return; }
  if (k >= nvars) {
    int64_t nn = k + 1024;
    Array **v = realloc(vars, sizeof(Array *) * (size_t)nn);
    if (!v) { arr_release(a); return; }
    for (int64_t i = nvars; i < nn; i++) v[i] = NULL;
    vars = v;
    nvars = nn;
  }
  arr_release(vars[k]);
  vars[k] = a;
}

static void print_err(void) {
  const ArrError *e = arr_last_error();
  printf("ERR %s|%s|%s|%s\n", arr_err_kind_name(e->kind), e->msg,
         arr_err_kind_name(e->np_kind ? e->np_kind : e->kind), e->np_msg[0] ? e->np_msg : e->msg);
}

static void print_arr(const Array *a) {
  printf("%s %d", arr_dtypes[a->dtype].name, a->ndim);
  for (int i = 0; i < a->ndim; i++) printf(" %lld", (long long)a->shape[i]);
  printf(" |");
  if (a->size > 50000000) { printf(" huge\n"); return; }
  for (int64_t i = 0; i < a->size; i++) {
    if (dt_is_float(a->dtype)) {
      double v = arr_get_f(a, i);
      if (isnan(v)) printf(" nan");
      else if (isinf(v)) printf(v < 0 ? " -inf" : " inf");
      else printf(a->dtype == DT_FLOAT32 ? " %.9g" : " %.17g", v);
    } else if (a->dtype == DT_UINT32) {
      printf(" %llu", (unsigned long long)(uint32_t)arr_get_i(a, i));
    } else {
      printf(" %lld", (long long)arr_get_i(a, i));
    }
  }
  printf("\n");
}

static char *tok(char **s) {
  while (**s == ' ' || **s == '\t') (*s)++;
  if (!**s || **s == '\n') return NULL;
  char *b = *s;
  while (**s && **s != ' ' && **s != '\t' && **s != '\n') (*s)++;
  if (**s) *(*s)++ = 0;
  return b;
}

static void store(Array *a, int64_t i, const char *t) {
  char *p = (char *)a->buf->data + i * dt_size(a->dtype);
  switch (a->dtype) {
    case DT_FLOAT32: *(float *)p = strtof(t, NULL); break;
    case DT_FLOAT64: *(double *)p = strtod(t, NULL); break;
    case DT_BOOL: *(uint8_t *)p = strcmp(t, "0") && strcmp(t, "False"); break;
    case DT_UINT8: *(uint8_t *)p = (uint8_t)strtoll(t, NULL, 10); break;
    case DT_UINT32: *(uint32_t *)p = (uint32_t)strtoull(t, NULL, 10); break;
    case DT_INT32: *(int32_t *)p = (int32_t)strtoll(t, NULL, 10); break;
    case DT_INT64: *(int64_t *)p = strtoll(t, NULL, 10); break;
    default: break;
  }
}

static int set_param(const Prim *p, void *params, char *kv) {
  char *eq = strchr(kv, '=');
  if (!eq) return -1;
  *eq = 0;
  const char *val = eq + 1;
  for (int i = 0; i < p->n_param_fields; i++) {
    const ParamField *f = &p->param_fields[i];
    if (strcmp(f->name, kv)) continue;
    char *base = (char *)params + f->offset;
    switch (f->type) {
      case PT_INT: *(int *)base = atoi(val); return 0;
      case PT_INT64: *(int64_t *)base = strtoll(val, NULL, 10); return 0;
      case PT_DOUBLE: *(double *)base = strtod(val, NULL); return 0;
      case PT_DTYPE: { int d = dt_from_name(val); if (d < 0) return -1; *(DType *)base = (DType)d; return 0; }
      case PT_INT_ARR: case PT_INT64_ARR: {
        int k = 0;
        const char *q = val;
        while (*q && k < ARR_MAXDIM) {
          long long v = strtoll(q, (char **)&q, 10);
          if (f->type == PT_INT_ARR) ((int *)base)[k++] = (int)v;
          else ((int64_t *)base)[k++] = v;
          if (*q == ',') q++;
          else break;
        }
        return 0;
      }
    }
  }
  return -1;
}

static int run_line(char *line) {
  char *s = line;
  char *cmd = tok(&s);
  if (!cmd) return 0;
  if (!strcmp(cmd, "A")) {
    char *name = tok(&s), *dts = tok(&s), *nds = tok(&s);
    int nd = atoi(nds), dt = dt_from_name(dts);
    int64_t shape[ARR_MAXDIM];
    for (int i = 0; i < nd && i < ARR_MAXDIM; i++) shape[i] = strtoll(tok(&s), NULL, 10);
    Array *a = arr_new((DType)dt, nd, shape);
    if (!a) { print_err(); return 0; }
    for (int64_t i = 0; i < a->size; i++) { char *t = tok(&s); if (!t) break; store(a, i, t); }
    put(name, a);
    printf("OK 0\n");
    return 0;
  }
  if (!strcmp(cmd, "V")) {
    char *name = tok(&s), *src = tok(&s), *kind = tok(&s);
    Array *a = get(src), *v = NULL;
    if (!a) { printf("ERR NoSuchArray|%s||\n", src); return 0; }
    if (!kind) { printf("ERR BadCommand|V||\n"); return 0; }
    if (!strcmp(kind, "T")) {
      int perm[ARR_MAXDIM];
      for (int i = 0; i < a->ndim; i++) perm[i] = atoi(tok(&s));
      v = arr_view_transpose(a, perm);
    } else if (!strcmp(kind, "S")) {
      int64_t b[ARR_MAXDIM], e[ARR_MAXDIM], st[ARR_MAXDIM];
      for (int i = 0; i < a->ndim; i++) {
        b[i] = strtoll(tok(&s), NULL, 10); e[i] = strtoll(tok(&s), NULL, 10); st[i] = strtoll(tok(&s), NULL, 10);
      }
      v = arr_view_slice(a, b, e, st);
    } else if (!strcmp(kind, "B")) {
      int nd = atoi(tok(&s));
      int64_t shape[ARR_MAXDIM];
      for (int i = 0; i < nd; i++) shape[i] = strtoll(tok(&s), NULL, 10);
      v = arr_view_broadcast(a, nd, shape);
    }
    if (!v) { print_err(); return 0; }
    put(name, v);
    printf("OK 0\n");
    return 0;
  }
  if (!strcmp(cmd, "R")) {
    char *pname = tok(&s);
    int id = prim_by_name(pname);
    if (id < 0) { printf("ERR NoSuchPrim|%s||\n", pname); return 0; }
    const Prim *p = &prim_table[id];
    union { char raw[4096]; double align; } params;
    memset(&params, 0, sizeof params);
    Array *in[64];
    int nin = 0, after = 0;
    char *t;
    while ((t = tok(&s))) {
      if (!strcmp(t, ":")) { after = 1; continue; }
      if (!after) {
        if (set_param(p, &params, t) < 0) { printf("ERR BadParam|%s||\n", t); return 0; }
      } else if (nin < 64) {
        in[nin] = get(t);
        if (!in[nin]) { printf("ERR NoSuchArray|%s||\n", t); return 0; }
        nin++;
      }
    }
    Array *out[64];
    int n = prim_bind((PrimId)id, in, nin, p->params_size ? (void *)&params : NULL, out);
    if (n < 0) { print_err(); return 0; }
    printf("OK %d\n", n);
    for (int i = 0; i < n; i++) { print_arr(out[i]); arr_release(out[i]); }
    return 0;
  }
  if (!strcmp(cmd, "P")) {
    DType dt[16];
    uint8_t weak[16];
    int n = 0;
    char *t, *mode = NULL;
    while ((t = tok(&s))) {
      int d = dt_from_name(t);
      if (d < 0) { mode = t; break; }
      dt[n] = (DType)d;
      weak[n++] = (uint8_t)atoi(tok(&s));
    }
    PromoMode m = !mode || !strcmp(mode, "jax") ? PROMO_JAX : !strcmp(mode, "x64") ? PROMO_JAX_X64 : PROMO_NUMPY;
    DType r;
    int w;
    arr_result_type(n, dt, weak, m, &r, &w);
    printf("OK %s %d\n", arr_dtypes[r].name, w);
    return 0;
  }
  if (!strcmp(cmd, "F")) {
    Array *a = get(tok(&s));
    char *kind = tok(&s);
    if (!a || !kind) { printf("ERR NoSuchArray|||\n"); return 0; }
    char *txt = !strcmp(kind, "str") ? arr_format_str(a, NULL) : arr_format_repr(a, !strcmp(kind, "jrepr"), NULL);
    if (!txt) { print_err(); return 0; }
    printf("TXT ");
    for (char *c = txt; *c; c++) {
      if (*c == '\n') printf("\\n");
      else if (*c == '\\') printf("\\\\");
      else putchar(*c);
    }
    printf("\n");
    free(txt);
    return 0;
  }
  if (!strcmp(cmd, "W")) {   /* mark an array weak */
    Array *a = get(tok(&s));
    if (a) a->flags |= ARR_WEAK;
    printf("OK 0\n");
    return 0;
  }
  printf("ERR BadCommand|%s||\n", cmd);
  return 0;
}

int main(int argc, char **argv) {
  arr_init();
  if (argc > 1 && !strcmp(argv[1], "-")) {
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) > 0) {
      run_line(line);
      fflush(stdout);
    }
    free(line);
    for (int64_t i = 0; i < nvars; i++) arr_release(vars[i]);
    free(vars);
    return 0;
  }
  /* self-check when run without the suite */
  float v[3] = {1, 2.5f, 3};
  int64_t n3 = 3;
  Array *x = arr_from_data(DT_FLOAT32, 1, &n3, v);
  char *t = arr_format_str(x, NULL);
  int ok = t && !strcmp(t, "[1.  2.5 3. ]");
  printf("%s engine_diff_selfcheck%s\n", ok ? "PASS" : "FAIL", ok ? "" : ": bad str");
  free(t);
  arr_release(x);
  return ok ? 0 : 1;
}
