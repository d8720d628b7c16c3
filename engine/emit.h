/* emit.h - what a primitive's transformation rules are written against: an opaque value handle
 * and a small emitter interface (bind, incref, decref, aval, raise) that the language provides,
 * so the primitive entries (lang/prim/) need no language header. The rules' signatures are in
 * prim.h, with the entry.
 *
 * A rule sees values only through this interface: it binds primitives at whatever interpreter
 * is current (so rules are themselves differentiable, batchable and stageable), asks for abstract
 * values, and raises errors set with arr_err. The language installs its emitter once
 * (prim_set_emitter) before any rule runs. */
#ifndef SABLE_EMIT_H
#define SABLE_EMIT_H

#include <stdint.h>
#include "arr.h"

/* A value of the language, passed by value (16 bytes). The engine never looks inside, except
 * that tag 0 means "no value": a function returning one has raised an error. */
struct Obj;
typedef struct Value {
  uint32_t tag;
  union {
    int64_t i;
    double f;
    struct Obj *o;
  } u;
} Value;

typedef struct Emitter {
  /* Apply a primitive at the current interpreter; out[] receives new references; returns the
   * number of outputs or -1 with an error raised. */
  int (*bind)(int prim, int nin, const Value *in, const void *params, Value *out);
  void (*incref)(Value v);
  void (*decref)(Value v);
  int (*aval)(Value v, AVal *out);          /* 0, or -1 with an error raised (not an array) */
  Value (*wrap)(Array *a);                  /* a concrete array as a value (steals a) */
  Value (*raise)(void);                     /* raise the pending engine error (arr_err); no value */
  void (*clear_error)(void);                /* drop a raised error */
} Emitter;

extern const Emitter *prim_emitter;
void prim_set_emitter(const Emitter *em);

static inline Value em_null(void) { Value v; v.tag = 0; v.u.i = 0; return v; }
#define EM_IS_NULL(v) ((v).tag == 0)
static inline Value em_incref(Value v) { if (v.tag) prim_emitter->incref(v); return v; }
static inline void em_decref(Value v) { if (v.tag) prim_emitter->decref(v); }
static inline void em_clear(Value *p) { Value v = *p; p->tag = 0; em_decref(v); }
static inline int em_aval(Value v, AVal *out) { return prim_emitter->aval(v, out); }
static inline int em_bind(int prim, int nin, const Value *in, const void *params, Value *out) {
  return prim_emitter->bind(prim, nin, in, params, out);
}
static inline void em_clear_error(void) { prim_emitter->clear_error(); }
/* Set the engine error and raise it: `return em_raise(ERR_TYPE, "...")` in a function returning
 * a Value; `em_raise(...); return -1;` in one returning int. */
Value em_raise(ErrKind kind, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
