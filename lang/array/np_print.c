/* np_print.c - repr()/str() of the array types: the text comes from the engine's printer
 * (engine/arr_print.h: NumPy's array2string and JAX's Array(...) repr); numpy scalars print
 * as NumPy 2 does (np.float64(1.5), np.True_). */
#include <stdlib.h>
#include "core/core.h"
#include "arrobj.h"
#include "arr_print.h"

static Value text_value(char *t) {
  if (!t) return obj_raise_nomem();
  Value r = str_from_cstr(t);
  free(t);
  return r;
}

Value np_scalar_str(Array *a) { return text_value(arr_format_str(a, NULL)); }

Value np_array_repr(Value self) {
  if (!lx_is_arr(self)) return str_from_cstr("<array>");
  ArrObj *o = ARROBJ(self.u.o);
  if (o->npscalar) {
    if (o->a->dtype == DT_BOOL)
      return str_from_cstr(arr_get_i(o->a, 0) ? "np.True_" : "np.False_");
    char *t = arr_format_str(o->a, NULL);
    if (!t) return obj_raise_nomem();
    Value r = str_fmt("np.%s(%s)", arr_dtypes[o->a->dtype].name, t);
    free(t);
    return r;
  }
  return text_value(arr_format_repr(o->a, self.u.o->type == &lx_jax_type, NULL));
}

Value np_array_str(Value self) {
  if (!lx_is_arr(self)) return str_from_cstr("<array>");
  return text_value(arr_format_str(ARROBJ(self.u.o)->a, NULL));
}
