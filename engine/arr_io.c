/* arr_io.c - .npy load/save (versions 1-3, either byte order, C or Fortran order on read),
 * IDX files (MNIST; gzip read through zlib, which passes plain files through) and CSV. */
#include "arr_io.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "prim.h"

static int io_err(const char *path, const char *what) {
  return arr_err(ERR_IO, "%s: %s", path, what);
}

/* {=== .npy ===} */
static const char *find_key(const char *h, const char *key) {
  const char *p = strstr(h, key);
  if (!p) return NULL;
  p += strlen(key);
  while (*p == ' ' || *p == '\'' || *p == '"') p++;
  if (*p != ':') return NULL;
  p++;
  while (*p == ' ') p++;
  return p;
}

static void bswap(unsigned char *p, int64_t n, int sz) {
  for (int64_t i = 0; i < n; i++, p += sz)
    for (int a = 0, b = sz - 1; a < b; a++, b--) { unsigned char t = p[a]; p[a] = p[b]; p[b] = t; }
}

Array *arr_npy_parse(const unsigned char *d, size_t len) {
  if (len < 10 || memcmp(d, "\x93NUMPY", 6) != 0) {
    arr_err(ERR_VALUE, "the magic string is not correct; expected b'\\x93NUMPY'");
    return NULL;
  }
  int major = d[6];
  size_t hlen, hoff;
  if (major == 1) { hlen = d[8] | (size_t)d[9] << 8; hoff = 10; }
  else if (major == 2 || major == 3) {
    if (len < 12) { arr_err(ERR_VALUE, "truncated .npy header"); return NULL; }
    hlen = d[8] | (size_t)d[9] << 8 | (size_t)d[10] << 16 | (size_t)d[11] << 24;
    hoff = 12;
  } else {
    arr_err(ERR_VALUE, "we only support format version (1,0), (2,0), and (3,0), not (%d, %d)", major, d[7]);
    return NULL;
  }
  if (hoff + hlen > len) { arr_err(ERR_VALUE, "truncated .npy header"); return NULL; }
  char *h = malloc(hlen + 1);
  if (!h) { arr_err(ERR_MEMORY, "out of memory"); return NULL; }
  memcpy(h, d + hoff, hlen);
  h[hlen] = 0;
  Array *a = NULL;
  const char *ds = find_key(h, "descr"), *fo = find_key(h, "fortran_order"), *sh = find_key(h, "shape");
  if (!ds || !fo || !sh || (*ds != '\'' && *ds != '"')) { arr_err(ERR_VALUE, "malformed .npy header: %.200s", h); goto done; }
  char descr[16] = {0};
  int k = 0;
  for (const char *p = ds + 1; *p && *p != '\'' && *p != '"' && k < 15; p++) descr[k++] = *p;
  char order = descr[0];
  int dt = -1;
  for (int i = 0; i < DT_COUNT; i++)
    if (!strcmp(descr + 1, arr_dtypes[i].npy_descr + 1)) dt = i;
  if (dt < 0 || (order != '<' && order != '>' && order != '|' && order != '=')) {
    arr_err(ERR_TYPE, "unsupported .npy dtype '%s' (Sable has bool, uint8, uint32, int32, int64, float32, float64)", descr);
    goto done;
  }
  int fortran = !strncmp(fo, "True", 4);
  int64_t shape[ARR_MAXDIM];
  int nd = 0;
  const char *p = strchr(sh, '(');
  if (!p) { arr_err(ERR_VALUE, "malformed .npy shape"); goto done; }
  p++;
  for (;;) {
    while (*p == ' ' || *p == ',') p++;
    if (*p == ')') break;
    if (!isdigit((unsigned char)*p) || nd >= ARR_MAXDIM) { arr_err(ERR_VALUE, "malformed .npy shape"); goto done; }
    errno = 0;
    long long v = strtoll(p, (char **)&p, 10);
    if (errno || v < 0) { arr_err(ERR_VALUE, "malformed .npy shape"); goto done; }
    shape[nd++] = v;
  }
  int64_t size = arr_shape_size(shape, nd);
  if (size < 0) goto done;
  int esz = arr_dtypes[dt].size;
  size_t off = hoff + hlen;
  if ((uint64_t)size > (len - off) / (uint64_t)(esz ? esz : 1)) { arr_err(ERR_VALUE, "the .npy data is truncated: shape needs %lld elements", (long long)size); goto done; }
  if (fortran && nd > 1) {
    int64_t rs[ARR_MAXDIM];
    for (int i = 0; i < nd; i++) rs[i] = shape[nd - 1 - i];
    Array *t = arr_from_data((DType)dt, nd, rs, d + off);
    if (!t) goto done;
    if (order == '>' && esz > 1) bswap(t->buf->data, size, esz);
    Array *v = arr_view_transpose(t, NULL);
    arr_release(t);
    if (!v) goto done;
    a = arr_copy(v);
    arr_release(v);
  } else {
    a = arr_from_data((DType)dt, nd, shape, d + off);
    if (a && order == '>' && esz > 1) bswap(a->buf->data, size, esz);
  }
  if (a && dt == DT_BOOL)
    for (int64_t i = 0; i < size; i++) ((uint8_t *)a->buf->data)[i] = ((uint8_t *)a->buf->data)[i] != 0;
done:
  free(h);
  return a;
}

static unsigned char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) { arr_err(ERR_IO, "[Errno %d] %s: '%s'", errno, strerror(errno), path); return NULL; }
  /* sized from the file (one allocation, no copying regrowth); grows if the file does */
  struct stat st;
  size_t cap = 1 << 16, n = 0;
  if (fstat(fileno(f), &st) == 0 && st.st_size > 0 && (uint64_t)st.st_size < (uint64_t)arr_max_bytes)
    cap = (size_t)st.st_size + 1;
  unsigned char *b = malloc(cap);
  while (b) {
    if (n == cap) {
      if (cap > (size_t)arr_max_bytes) { free(b); b = NULL; break; }
      unsigned char *nb = realloc(b, cap * 2);
      if (!nb) { free(b); b = NULL; break; }
      b = nb; cap *= 2;
    }
    /* at most 16 MiB per read, then a look at the interrupt flag */
    size_t want = cap - n < ((size_t)16 << 20) ? cap - n : ((size_t)16 << 20);
    size_t r = fread(b + n, 1, want, f);
    n += r;
    if (r == 0) break;
    if (arr_interrupted()) {
      free(b);
      fclose(f);
      arr_err(ERR_INTERRUPTED, "interrupted");
      return NULL;
    }
  }
  fclose(f);
  if (!b) { arr_err(ERR_MEMORY, "out of memory reading %s", path); return NULL; }
  *len = n;
  return b;
}

Array *arr_load_npy(const char *path) {
  size_t n;
  unsigned char *d = read_file(path, &n);
  if (!d) return NULL;
  Array *a = arr_npy_parse(d, n);
  free(d);
  if (a && arr_interrupted()) {
    arr_release(a);
    arr_err(ERR_INTERRUPTED, "interrupted");
    return NULL;
  }
  return a;
}

unsigned char *arr_npy_bytes(const Array *a, size_t *len) {
  char hdr[1024], shp[600];
  size_t k = 0;
  k += snprintf(shp + k, sizeof shp - k, "(");
  for (int i = 0; i < a->ndim; i++) k += snprintf(shp + k, sizeof shp - k, i ? ", %lld" : "%lld", (long long)a->shape[i]);
  snprintf(shp + k, sizeof shp - k, a->ndim == 1 ? ",)" : ")");
  int hl = snprintf(hdr, sizeof hdr, "{'descr': '%s', 'fortran_order': False, 'shape': %s, }",
                    arr_dtypes[a->dtype].npy_descr, shp);
  int v2 = hl + 11 > 65535;
  size_t pre = v2 ? 12 : 10;
  size_t total_h = ((pre + hl + 1 + 63) / 64) * 64;
  size_t pad = total_h - pre - hl - 1;
  size_t dbytes = (size_t)a->size * dt_size(a->dtype);
  unsigned char *out = malloc(total_h + dbytes + 1);
  if (!out) { arr_err(ERR_MEMORY, "out of memory"); return NULL; }
  memcpy(out, "\x93NUMPY", 6);
  out[6] = v2 ? 2 : 1;
  out[7] = 0;
  size_t hsz = total_h - pre;
  out[8] = hsz & 0xff; out[9] = (hsz >> 8) & 0xff;
  if (v2) { out[10] = (hsz >> 16) & 0xff; out[11] = (hsz >> 24) & 0xff; }
  memcpy(out + pre, hdr, (size_t)hl);
  memset(out + pre + hl, ' ', pad);
  out[total_h - 1] = '\n';
  Array *c = arr_contiguous((Array *)a);
  if (!c) { free(out); return NULL; }
  if (dbytes) memcpy(out + total_h, arr_data(c), dbytes);
  arr_release(c);
  *len = total_h + dbytes;
  return out;
}

int arr_save_npy(const char *path, const Array *a) {
  size_t n;
  unsigned char *b = arr_npy_bytes(a, &n);
  if (!b) return -1;
  FILE *f = fopen(path, "wb");
  if (!f) { free(b); return arr_err(ERR_IO, "[Errno %d] %s: '%s'", errno, strerror(errno), path); }
  size_t w = fwrite(b, 1, n, f);
  int bad = fclose(f) != 0 || w != n;
  free(b);
  return bad ? io_err(path, "write failed") : 0;
}

/* {=== IDX ===} */
Array *arr_load_idx(const char *path) {
  gzFile g = gzopen(path, "rb");
  if (!g) { arr_err(ERR_IO, "[Errno %d] %s: '%s'", errno ? errno : 2, strerror(errno ? errno : 2), path); return NULL; }
  unsigned char m[4];
  Array *a = NULL;
  if (gzread(g, m, 4) != 4 || m[0] || m[1]) { io_err(path, "not an IDX file (bad magic)"); goto done; }
  int type = m[2], nd = m[3];
  DType dt;
  int esz;
  switch (type) {
    case 0x08: dt = DT_UINT8; esz = 1; break;
    case 0x09: dt = DT_INT32; esz = 1; break;
    case 0x0B: dt = DT_INT32; esz = 2; break;
    case 0x0C: dt = DT_INT32; esz = 4; break;
    case 0x0D: dt = DT_FLOAT32; esz = 4; break;
    case 0x0E: dt = DT_FLOAT64; esz = 8; break;
    default: io_err(path, "unknown IDX data type"); goto done;
  }
  if (nd > ARR_MAXDIM) { io_err(path, "too many IDX dimensions"); goto done; }
  int64_t shape[ARR_MAXDIM];
  for (int i = 0; i < nd; i++) {
    unsigned char b[4];
    if (gzread(g, b, 4) != 4) { io_err(path, "truncated IDX header"); goto done; }
    shape[i] = (int64_t)b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3];
  }
  if (!(a = arr_new(dt, nd, shape))) goto done;
  unsigned char *raw = (unsigned char *)a->buf->data;
  size_t need = (size_t)a->size * esz;
  unsigned char *tmp = esz == dt_size(dt) ? raw : malloc(need ? need : 1);
  if (!tmp) { arr_release(a); a = NULL; arr_err(ERR_MEMORY, "out of memory"); goto done; }
  size_t got = 0;
  while (got < need) {
    unsigned chunk = need - got > (1u << 30) ? (1u << 30) : (unsigned)(need - got);
    int r = gzread(g, tmp + got, chunk);
    if (r <= 0) break;
    got += (size_t)r;
  }
  if (got < need) {
    if (tmp != raw) free(tmp);
    arr_release(a); a = NULL;
    io_err(path, "truncated IDX data");
    goto done;
  }
  if (tmp != raw) {   /* signed byte / short -> int32 */
    for (int64_t i = 0; i < a->size; i++)
      ((int32_t *)raw)[i] = esz == 1 ? (int32_t)(int8_t)tmp[i] : (int32_t)(int16_t)(tmp[2 * i] << 8 | tmp[2 * i + 1]);
    free(tmp);
  } else if (esz > 1) {
    bswap(raw, a->size, esz);
  }
done:
  gzclose(g);
  return a;
}

/* {=== CSV ===} */
Array *arr_load_csv(const char *path, char delim, int skip_header, DType dt) {
  if (!delim) delim = ',';
  FILE *f = fopen(path, "r");
  if (!f) { arr_err(ERR_IO, "[Errno %d] %s: '%s'", errno, strerror(errno), path); return NULL; }
  size_t cap = 1024, n = 0;
  double *vals = malloc(cap * sizeof(double));
  char *line = NULL;
  size_t lcap = 0;
  int64_t rows = 0, cols = -1, lineno = 0;
  Array *a = NULL;
  if (!vals) { arr_err(ERR_MEMORY, "out of memory"); goto done; }
  while (getline(&line, &lcap, f) > 0) {
    lineno++;
    if (!(lineno & 4095) && arr_interrupted()) { arr_err(ERR_INTERRUPTED, "interrupted"); goto done; }
    if (lineno <= skip_header) continue;
    char *s = line;
    while (*s == ' ' || *s == '\t') s++;
    if (*s == '\n' || *s == '\r' || *s == 0 || *s == '#') continue;
    int64_t c = 0;
    for (;;) {
      while (*s == ' ' || *s == '\t') s++;
      char *end;
      double v;
      if (*s == delim || *s == '\n' || *s == '\r' || *s == 0) v = NAN;
      else {
        v = strtod(s, &end);
        if (end == s) {
          arr_err(ERR_VALUE, "could not convert string to float: '%.40s' (line %lld)", s, (long long)lineno);
          goto done;
        }
        s = end;
        while (*s == ' ' || *s == '\t') s++;
      }
      if (n == cap) {
        if (cap * sizeof(double) > (size_t)arr_max_bytes) { arr_err(ERR_MEMORY, "CSV too large"); goto done; }
        double *nv = realloc(vals, cap * 2 * sizeof(double));
        if (!nv) { arr_err(ERR_MEMORY, "out of memory"); goto done; }
        vals = nv; cap *= 2;
      }
      vals[n++] = v;
      c++;
      if (*s == delim) { s++; continue; }
      if (*s == '\n' || *s == '\r' || *s == 0) break;
      arr_err(ERR_VALUE, "could not convert string to float: '%.40s' (line %lld)", s, (long long)lineno);
      goto done;
    }
    if (cols >= 0 && c != cols) {
      arr_err(ERR_VALUE, "the number of columns changed from %lld to %lld at row %lld; use `usecols` "
                         "to select a subset and avoid this error", (long long)cols, (long long)c, (long long)lineno);
      goto done;
    }
    cols = c;
    rows++;
  }
  {
    int64_t shape[2] = {rows, cols < 0 ? 0 : cols};
    int nd = 2;
    if (rows == 1) { shape[0] = shape[1]; nd = 1; }
    else if (cols == 1) nd = 1;
    Array *t = arr_from_data(DT_FLOAT64, nd, shape, vals);
    if (!t) goto done;
    if (dt == DT_FLOAT64) a = t;
    else {
      PConvert pc = {dt, 0, 0};
      a = prim_unary(PRIM_convert, t, &pc);
      arr_release(t);
    }
  }
done:
  free(line);
  free(vals);
  fclose(f);
  return a;
}
