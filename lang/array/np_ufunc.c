/* np_ufunc.c - numpy.ufunc / jax.numpy.ufunc: the binary elementwise functions as objects that call
 * like the function and carry NumPy's methods (reduce/accumulate/outer/at in lang/prelude/sable._ufunc.py). */
#include <string.h>
#include "core/core.h"
#include "arrobj.h"

typedef struct UFuncObj { Obj ob; Value fn; const char *name; uint8_t fam; } UFuncObj;
#define UFUNC(v) ((UFuncObj *)(v).u.o)

static void uf_dealloc(Obj *o) {
  val_decref(((UFuncObj *)o)->fn);
  obj_free(o);
}

static Value uf_call(Value self, int argc, const Value *argv, Obj *kw) {
  return op_call(UFUNC(self)->fn, argc, argv, kw);
}

static Value uf_repr(Value self) {
  return str_fmt(UFUNC(self)->fam == FAM_NP ? "<ufunc '%s'>" : "<jnp.ufunc '%s'>", UFUNC(self)->name);
}

/* sable._ufunc.<method>(ufunc, *args, **kwargs) */
static Value uf_forward(const char *method, int argc, const Value *argv, Obj *kw) {
  Value m = module_import("sable._ufunc");
  if (VAL_IS_NULL(m)) return m;
  Value f = module_get(m, method);
  Value r = VAL_IS_NULL(f) ? obj_raise(&exc_AttributeError, "sable._ufunc has no %s", method)
                           : op_call(f, argc, argv, kw);
  val_decref(m);
  return r;
}
static Value uf_reduce(int argc, const Value *argv, Obj *kw) { return uf_forward("reduce", argc, argv, kw); }
static Value uf_accumulate(int argc, const Value *argv, Obj *kw) { return uf_forward("accumulate", argc, argv, kw); }
static Value uf_outer(int argc, const Value *argv, Obj *kw) { return uf_forward("outer", argc, argv, kw); }
static Value uf_at(int argc, const Value *argv, Obj *kw) { return uf_forward("at", argc, argv, kw); }

static Value uf_get_name(Value self) { return str_from_cstr(UFUNC(self)->name); }
static Value uf_get_nin(Value self) { return val_int(2); }
static Value uf_get_nout(Value self) { return val_int(1); }
static Value uf_get_nargs(Value self) { return val_int(3); }
static Value uf_get_fam(Value self) { return val_bool(UFUNC(self)->fam == FAM_NP); }
static Value uf_get_identity(Value self) {
  static const struct { const char *n; int kind; } ids[] = {
      {"add", 0}, {"multiply", 1}, {"logical_and", 2}, {"logical_or", 3}, {"logical_xor", 3},
      {"bitwise_and", -1}, {"bitwise_or", 0}, {"bitwise_xor", 0}};
  for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
    if (!strcmp(ids[i].n, UFUNC(self)->name))
      return ids[i].kind == 2 ? val_bool(1) : ids[i].kind == 3 ? val_bool(0) : val_int(ids[i].kind);
  return val_none();
}

static const MethodDef uf_methods[] = {
    {"reduce", uf_reduce, "reduce(array, axis=0, dtype=None, out=None, keepdims=False, initial=<no value>, where=True)", 0},
    {"accumulate", uf_accumulate, "accumulate(array, axis=0, dtype=None, out=None)", 0},
    {"outer", uf_outer, "outer(A, B, /, **kwargs)", 0},
    {"at", uf_at, "at(a, indices, b=None, /)", 0},
    {NULL}};

static const GetSetDef uf_getset[] = {
    {"__name__", uf_get_name, NULL, NULL},
    {"nin", uf_get_nin, NULL, "the number of inputs"},
    {"nout", uf_get_nout, NULL, "the number of outputs"},
    {"nargs", uf_get_nargs, NULL, "the number of arguments"},
    {"identity", uf_get_identity, NULL, "the identity value (None if there is none)"},
    {"_numpy", uf_get_fam, NULL, NULL},
    {NULL}};

/* numpy.ufunc and jax.numpy.ufunc: one implementation, two classes */
TypeObj lx_ufunc_type = {OBJ_TYPE_HEAD, .name = "ufunc", .doc = "a binary elementwise function",
                         .dealloc = uf_dealloc, .call = uf_call, .repr = uf_repr,
                         .methods = uf_methods, .getset = uf_getset};
TypeObj lx_jufunc_type = {OBJ_TYPE_HEAD, .name = "ufunc", .doc = "a binary elementwise function",
                          .dealloc = uf_dealloc, .call = uf_call, .repr = uf_repr,
                          .methods = uf_methods, .getset = uf_getset};

Value lx_ufunc_new(Value fn, const char *name, Family f) {
  if (!lx_ufunc_type.module) lx_ufunc_type.module = str_intern("numpy");
  if (!lx_jufunc_type.module) lx_jufunc_type.module = str_intern("jax.numpy");
  UFuncObj *o = obj_alloc(f == FAM_NP ? &lx_ufunc_type : &lx_jufunc_type, sizeof(UFuncObj));
  if (!o) return val_null();
  o->fn = val_incref(fn);
  o->name = name;
  o->fam = (uint8_t)f;
  return val_obj(&o->ob);
}
