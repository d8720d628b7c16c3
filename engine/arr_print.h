/* arr_print.h - array to text as NumPy prints it (str and repr, summarised past the threshold)
 * and as JAX prints it (Array(..., dtype=float32)). Text generation only. */
#ifndef SABLE_ARR_PRINT_H
#define SABLE_ARR_PRINT_H

#include "arr.h"

/* np.set_printoptions subset; defaults precision=8, threshold=1000, edgeitems=3,
 * linewidth=75, suppress=False. */
typedef struct ArrPrintOpts { int precision, threshold, edgeitems, linewidth, suppress; } ArrPrintOpts;
extern ArrPrintOpts arr_print_opts;

/* str(a) / print(a) as NumPy: "[1.  2.5 3. ]", "[[1 2]\n [3 4]]"; a 0-d array prints as its
 * scalar ("1.5", "True"). opts NULL = arr_print_opts. Returns malloc'd text (NULL + MemoryError). */
char *arr_format_str(const Array *a, const ArrPrintOpts *opts);
/* repr(a): jax=0 gives NumPy's "array([1., 2.], dtype=float32)" (dtype omitted for float64,
 * int64 and bool; shape= for empty and summarised arrays); jax=1 gives JAX's
 * "Array([1., 2.], dtype=float32)" (", weak_type=True" for weak arrays). */
char *arr_format_repr(const Array *a, int jax, const ArrPrintOpts *opts);

#endif
