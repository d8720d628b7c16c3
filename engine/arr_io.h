/* arr_io.h - arrays from and to files: .npy (format 1.0/2.0/3.0, little-endian, C or Fortran
 * order), IDX (MNIST format, plain or gzip) and CSV. Errors: NULL / -1 with ERR_IO/ERR_VALUE. */
#ifndef SABLE_ARR_IO_H
#define SABLE_ARR_IO_H

#include "arr.h"

Array *arr_load_npy(const char *path);
int arr_save_npy(const char *path, const Array *a);
/* From/to memory (the .npy bytes); arr_npy_bytes returns malloc'd bytes and their length. */
Array *arr_npy_parse(const unsigned char *data, size_t len);
unsigned char *arr_npy_bytes(const Array *a, size_t *len);

/* IDX: magic 0 0 type ndim, big-endian dims, big-endian data (ubyte, byte, short, int, float,
 * double). A path ending in .gz (or gzip magic) is decompressed with zlib. Types map to uint8,
 * int32 (byte/short/int), float32, float64. */
Array *arr_load_idx(const char *path);

/* CSV: numbers separated by `delim` (',' default when 0); skip_header lines skipped; empty
 * fields and "nan" read as NaN. Result is 2-d (rows, cols) of dtype dt (float64 usually), or
 * 1-d when there is a single column or row. */
Array *arr_load_csv(const char *path, char delim, int skip_header, DType dt);

#endif
