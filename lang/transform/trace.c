/* trace.c - the Tracer type, trace lifetimes and scoping, leaked-tracer and concretization
 * errors, tr_bind (control-flow primitives at the eval interpreter) and the rule helpers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/core.h"
#include "trace.h"

/* {=== traces ===} */
void tr_init(LxTrace *t, const TraceVT *vt, const char *transform, Value fun) {
  Interp *cur = lx_current();
  t->it.vt = &vt->base;
  t->it.parent = cur;
  t->it.level = cur->level + 1;
  t->vt = vt;
  t->rc = 1;
  t->alive = 1;
  t->transform = transform;
  t->fun = val_incref(fun);
}

static void tr_decref(LxTrace *t) {
  if (--t->rc > 0) return;
  if (t->vt->destroy) t->vt->destroy(t);
  val_decref(t->fun);
  free(t);
}

void tr_finish(LxTrace *t) {
  t->alive = 0;
  tr_decref(t);
}

/* Is `t` the current interpreter or one of its ancestors? */
static int tr_in_scope(LxTrace *t) {
  for (Interp *it = lx_current(); it; it = it->parent)
    if (it == &t->it) return 1;
  return 0;
}

static const char *fun_name(Value f, char *buf, size_t n) {
  if (f.tag == V_OBJ && f.u.o->type == &func_type) {
    FuncObj *fo = FUNC(f.u.o);
    CodeObj *c = (CodeObj *)fo->code;
    snprintf(buf, n, "%s at %s:%d", fo->qualname ? STR(fo->qualname)->s : "<function>",
             c && c->filename ? c->filename : "<unknown>", fo->def ? fo->def->span.line : 0);
    return buf;
  }
  if (VAL_IS_NULL(f)) { snprintf(buf, n, "<unknown function>"); return buf; }
  Value nm = op_getattr_s(f, "__name__");
  if (VAL_IS_STR(nm)) snprintf(buf, n, "%s", str_cstr(nm));
  else { obj_err_clear(); snprintf(buf, n, "<%s object>", op_type_name(f)); }
  val_decref(nm);
  return buf;
}

static void aval_text(const AVal *av, char *buf, size_t n);

/* JAX's class names for the tracers of each kind (they appear in its leak message) */
static const char *jax_tracer_name(TraceKind k) {
  switch (k) {
    case TK_JVP: return "JVPTracer";
    case TK_VJP: return "LinearizeTracer";
    case TK_BATCH: return "BatchTracer";
    default: return "DynamicJaxprTracer";
  }
}

int tr_check_const(LxTrace *self, Value v) {
  if (!tr_is_tracer(v)) return 0;
  LxTrace *o = TRACER(v)->tr;
  if (o->alive && tr_in_scope(o)) return 0;
  if (tr_errors_init() < 0) return -1;
  char fn[300], av[300];
  aval_text(&TRACER(v)->aval, av, sizeof av);
  /* JAX's first sentences word for word, then where the value came from; one line, so that
   * the last line of the traceback names the error */
  obj_raise(tr_exc_leaked,
            "Encountered an unexpected tracer. A function transformed by JAX had a side effect, "
            "allowing for a reference to an intermediate value with type %s wrapped in a %s to "
            "escape the scope of the transformation. "
            "The value was created inside %s of %s, and that transformation %s when the value "
            "was used here (it was stored in a global, a list or an attribute, escaped the "
            "transformation and was read again afterwards). Return the value from the "
            "transformed function instead of storing it.",
            av, jax_tracer_name(o->vt->kind),
            o->transform ? o->transform : "a transformation", fun_name(o->fun, fn, sizeof fn),
            o->alive ? "is not active" : "had finished");
  return -1;
}

/* {=== the tracer type ===} */
Value tr_new(LxTrace *t, const AVal *av, Value a, Value b, int64_t i) {
  Tracer *x = obj_alloc(tr_kind_type(t->vt->kind), sizeof(Tracer));
  if (!x) { val_decref(a); val_decref(b); return val_null(); }
  x->tr = t;
  tr_incref(t);
  x->aval = *av;
  x->a = a;
  x->b = b;
  x->i = i;
  return val_obj(&x->ob);
}

static void tracer_dealloc(Obj *o) {
  Tracer *x = (Tracer *)o;
  val_decref(x->a);
  val_decref(x->b);
  LxTrace *t = x->tr;
  obj_free(o);
  tr_decref(t);
}

static int tracer_aval(Value v, AVal *out) {
  *out = TRACER(v)->aval;
  return 0;
}

static void aval_text(const AVal *av, char *buf, size_t n) {
  size_t k = (size_t)snprintf(buf, n, "%s[", arr_dtypes[av->dtype].name);
  for (int i = 0; i < av->ndim && k < n; i++)
    k += (size_t)snprintf(buf + k, n - k, i ? ",%lld" : "%lld", (long long)av->shape[i]);
  if (k < n) k += (size_t)snprintf(buf + k, n - k, "]");
}

/* str() of a tracer's primal or tangent as JAX shows it inside its repr: an array's str, a
 * nested tracer's repr, a Python scalar as the (weakly typed) array it stands for */
static Value part_str(Value v) {
  if (v.tag == V_INT || v.tag == V_FLOAT || v.tag == V_BOOL) {
    Value a = lx_asarray(v, FAM_JAX, -1, 0);
    if (VAL_IS_NULL(a)) return a;
    Value r = op_str(a);
    val_decref(a);
    return r;
  }
  return op_str(v);
}

/* JAX 0.10's tracer reprs (str, repr and format alike): JitTracer(~float32[3]) ("~": weak
 * type), GradTracer(primal=..., typeof(tangent)=f32[3]), JVPTracer(primal=..., tangent=...),
 * VmapTracer(aval=float32[3], batched=float32[2,3]) (batched: the value with its batch dim). */
static Value tracer_repr(Value self) {
  Tracer *x = TRACER(self);
  char av[300];
  aval_text(&x->aval, av, sizeof av);
  TraceKind k = x->tr->vt->kind;
  if (k == TK_STAGE) return str_fmt("JitTracer(%s%s)", x->aval.weak ? "~" : "", av);
  if (k == TK_BATCH) {
    AVal bv;
    char bt[300];
    if (lx_aval(x->a, &bv) < 0) return val_null();
    aval_text(&bv, bt, sizeof bt);
    return str_fmt("VmapTracer(aval=%s, batched=%s)", av, bt);
  }
  Value ra = part_str(x->a);
  if (VAL_IS_NULL(ra)) return ra;
  Value r;
  if (k == TK_JVP) {
    char zt[320];
    if (VAL_IS_NULL(x->b)) {   /* a symbolic zero tangent */
      ir_aval_str(&x->aval, av, sizeof av);
      snprintf(zt, sizeof zt, "Zero(%s)", av);
    }
    Value rb = VAL_IS_NULL(x->b) ? str_from_cstr(zt) : part_str(x->b);
    r = VAL_IS_NULL(rb) ? rb : str_fmt("JVPTracer(primal=%s, tangent=%s)", str_cstr(ra), str_cstr(rb));
    val_decref(rb);
  } else {
    /* the tangent space: the primal's type, float0 for integers and bools */
    AVal t = x->aval;
    if (dt_is_float(t.dtype)) ir_aval_str(&t, av, sizeof av);
    else {
      char sh[300];
      ir_aval_str(&t, sh, sizeof sh);
      snprintf(av, sizeof av, "float0%s", strchr(sh, '[') ? strchr(sh, '[') : "[]");
    }
    r = str_fmt("GradTracer(primal=%s, typeof(tangent)=%s)", str_cstr(ra), av);
  }
  val_decref(ra);
  return r;
}

static Value tr_concretization_error(Value v, const char *what);

/* JVP/VJP tracers know their primal: concrete if it is (recursively). */
static Value tracer_concrete(Value v, const char *what) {
  Tracer *x = TRACER(v);
  TraceKind k = x->tr->vt->kind;
  int dead = !x->tr->alive;
  int scalar_conv = !strcmp(what, "float()") || !strcmp(what, "int()");
  /* a leaked tracer: JAX checks the rank before anything else */
  if (dead && scalar_conv && x->aval.ndim != 0)
    return obj_raise(&exc_TypeError, "Only scalar arrays can be converted to Python scalars; "
                     "got arr.ndim=%d", x->aval.ndim);
  /* a leaked JVP/VJP tracer still holds its primal; JAX lets bool() and int() see it but
   * reports every other conversion as abstract */
  if ((k == TK_JVP || k == TK_VJP) &&
      (!dead || !strcmp(what, "bool()") || !strcmp(what, "int()"))) {
    Value p = x->a;
    if (lx_is_arr(p)) return val_incref(p);
    if (tr_is_tracer(p)) return tracer_concrete(p, what);
    if (p.tag == V_INT || p.tag == V_FLOAT || p.tag == V_BOOL) return lx_asarray(p, FAM_JAX, -1, 0);
  }
  /* a leaked tracer of any kind: JAX's conversions report it as abstract (they never reach
   * the leak check), and int() of it as ConcretizationTypeError, not the integer subclass */
  if (dead && (!strcmp(what, "an index") || !strcmp(what, "int()") ||
                        !strcmp(what, "an integer argument")))
    what = "the integer conversion";
  return tr_concretization_error(v, what);
}

static int tracer_truth(Value self) {
  Value c = tracer_concrete(self, "bool()");
  if (VAL_IS_NULL(c)) return -1;
  int r = op_truth(c);
  val_decref(c);
  return r;
}

static Value tracer_hash_err(Value self) {
  return obj_raise(&exc_TypeError, "unhashable type: '%s'", "Tracer");
}
static int tracer_hash(Value self, int64_t *out) {
  tracer_hash_err(self);
  return -1;
}

/* Tracer is the base; instances are of one subclass per kind, named as JAX's classes are (what
 * type(x).__name__ shows), all with the same slots. */
#define TRACER_TYPE(nm, base_)                                                                 \
  {OBJ_TYPE_HEAD, .name = nm, .doc = "a traced array: the abstract value a transformation sees", \
   .base = base_, .dealloc = tracer_dealloc, .repr = tracer_repr, .hash = tracer_hash,         \
   .compare = lx_compare_slot, .binary = lx_binary_slot, .unary = lx_unary_slot,              \
   .truth = tracer_truth, .len = lx_len_slot, .getitem = lx_getitem_slot,                     \
   .setitem = lx_setitem_slot, .iter = lx_iter_slot, .format = lx_format_slot,                \
   .methods = lx_arr_methods, .getset = lx_arr_getset}
TypeObj tr_tracer_type = TRACER_TYPE("Tracer", &lx_jax_type);
static TypeObj kind_types[4] = {TRACER_TYPE("JVPTracer", &tr_tracer_type),
                                TRACER_TYPE("LinearizeTracer", &tr_tracer_type),
                                TRACER_TYPE("BatchTracer", &tr_tracer_type),
                                TRACER_TYPE("DynamicJaxprTracer", &tr_tracer_type)};

TypeObj *tr_kind_type(TraceKind k) {
  return k >= TK_JVP && k <= TK_STAGE ? &kind_types[k - TK_JVP] : &tr_tracer_type;
}

static const LxTracerKind tracer_kinds[5] = {
    {&tr_tracer_type, tracer_aval, tracer_concrete}, {&kind_types[0], tracer_aval, tracer_concrete},
    {&kind_types[1], tracer_aval, tracer_concrete}, {&kind_types[2], tracer_aval, tracer_concrete},
    {&kind_types[3], tracer_aval, tracer_concrete}};

__attribute__((constructor)) static void tracer_register(void) {
  for (int i = 0; i < 5; i++) lx_register_tracer(&tracer_kinds[i]);
}

/* {=== errors ===} */
TypeObj *tr_exc_concretization, *tr_exc_bool_conversion, *tr_exc_integer_conversion,
    *tr_exc_leaked, *tr_exc_jax_type, *tr_exc_jax_index, *tr_exc_bool_index;

static TypeObj *make_exc(const char *name, TypeObj *base) {
  Value bases = tuple_pack(1, val_obj(&base->ob));
  Value ns = dict_new();
  if (VAL_IS_NULL(bases) || VAL_IS_NULL(ns)) { val_decref(bases); val_decref(ns); return NULL; }
  dict_setstr(ns, "__module__", val_obj(str_intern("jax.errors")));
  Value cls = class_new(str_intern(name), bases, ns, NULL);
  val_decref(bases);
  val_decref(ns);
  if (VAL_IS_NULL(cls)) return NULL;
  return (TypeObj *)cls.u.o;    /* kept for the life of the process */
}

int tr_errors_init(void) {
  if (tr_exc_concretization) return 0;
  tr_exc_concretization = make_exc("ConcretizationTypeError", &exc_TypeError);
  if (!tr_exc_concretization) return -1;
  tr_exc_bool_conversion = make_exc("TracerBoolConversionError", tr_exc_concretization);
  tr_exc_integer_conversion = make_exc("TracerIntegerConversionError", tr_exc_concretization);
  tr_exc_leaked = make_exc("UnexpectedTracerError", &exc_Exception);
  tr_exc_jax_type = make_exc("JAXTypeError", &exc_TypeError);
  tr_exc_jax_index = make_exc("JAXIndexError", &exc_IndexError);
  if (!tr_exc_bool_conversion || !tr_exc_integer_conversion || !tr_exc_leaked ||
      !tr_exc_jax_type || !tr_exc_jax_index)
    return -1;
  tr_exc_bool_index = make_exc("NonConcreteBooleanIndexError", tr_exc_jax_index);
  return tr_exc_bool_index ? 0 : -1;
}

/* a boolean mask whose values are traced: JAX's NonConcreteBooleanIndexError */
Value lx_raise_bool_index(const AVal *av) {
  if (tr_errors_init() < 0) return val_null();
  char t[300];
  aval_text(av, t, sizeof t);
  return obj_raise(tr_exc_bool_index, "Array boolean indices must be concrete; got %s\n\n"
                   "See https://docs.jax.dev/en/latest/errors.html#jax.errors."
                   "NonConcreteBooleanIndexError", t);
}

/* The error raised when a traced value is needed as a concrete one (bool(), float(), an
 * index...); TracerBoolConversionError / ConcretizationTypeError as JAX calls them. The trace
 * that made the value abstract describes why (the innermost one that cannot give a concrete
 * value). */
static Value tr_concretization_error(Value v, const char *what) {
  if (tr_errors_init() < 0) return val_null();
  Tracer *x = TRACER(v);
  /* look through JVP/VJP layers to the trace that made the value abstract */
  while ((x->tr->vt->kind == TK_JVP || x->tr->vt->kind == TK_VJP) && tr_is_tracer(x->a))
    x = TRACER(x->a);
  char av[300], fn[300], origin[400] = "";
  aval_text(&x->aval, av, sizeof av);
  fun_name(x->tr->fun, fn, sizeof fn);
  const char *tf = x->tr->transform ? x->tr->transform : "a transformation";
  TraceKind k = x->tr->vt->kind;
  if (k == TK_STAGE) jit_describe_origin(x, origin, sizeof origin);
  else if (k == TK_BATCH) snprintf(origin, sizeof origin, "it is batched: it holds one value per "
                                   "element of the mapped axis");
  const char *advice =
      k == TK_BATCH
          ? "Inside vmap a value has one entry per batch element, so Python control flow cannot "
            "branch on it. Use jnp.where(cond, a, b), lax.select or lax.cond, which work "
            "element by element."
          : "Python control flow (if, while, and/or, int(), float(), indexing a list) needs a "
            "concrete value, but under jit the value is only known when the compiled function "
            "runs. Either mark the argument static (jax.jit(f, static_argnums=...) or "
            "static_argnames=...; the function is then retraced for each new value), or express "
            "the branch with jax.lax.cond / jax.lax.switch / jnp.where and loops with "
            "jax.lax.fori_loop / jax.lax.while_loop / jax.lax.scan.";
  char ctx[4096];   /* fits fn, tf, origin and advice whole */
  snprintf(ctx, sizeof ctx, "The error occurred while tracing the function %s for %s.%s%s%s\n%s",
           fn, tf, origin[0] ? " This concrete value was not available in Python because " : "",
           origin, origin[0] ? "." : "", advice);
  if (!strcmp(what, "bool()"))
    return obj_raise(tr_exc_bool_conversion,
                     "Attempted boolean conversion of traced array with shape %s.\n%s", av, ctx);
  if (!strcmp(what, "an index") || !strcmp(what, "int()") || !strcmp(what, "an integer argument"))
    return obj_raise(tr_exc_integer_conversion,
                     "The %s method was called on traced array with shape %s\n%s",
                     !strcmp(what, "int()") ? "__int__()" : "__index__()", av, ctx);
  return obj_raise(tr_exc_concretization,
                   "Abstract tracer value encountered where concrete value is expected: traced "
                   "array with shape %s\n%s needs a concrete value.\n%s", av, what, ctx);
}

/* {=== binding ===} */
static int eval_control(PrimId id, int nin, const Value *in, const void *params, Value *out) {
  arr_init();
  Array *arr_s[16], **arr = nin <= 16 ? arr_s : calloc((size_t)nin, sizeof(Array *));
  Value *tmp = calloc((size_t)nin + 1, sizeof(Value));
  int nout = prim_nout(id, nin, params);
  Array **res = calloc((size_t)nout + 1, sizeof(Array *));
  int rc = -1;
  if (!arr || !tmp || !res) { obj_raise_nomem(); goto done; }
  for (int i = 0; i < nin; i++) {
    if (tr_is_tracer(in[i])) { tr_check_const(NULL, in[i]); goto done; }
    tmp[i] = lx_asarray(in[i], FAM_JAX, -1, 0);
    if (VAL_IS_NULL(tmp[i])) goto done;
    arr[i] = lx_arr(tmp[i]);
  }
  if (ir_bind(id, arr, nin, params, res) < 0) {
    if (!obj_err_occurred()) lx_raise_engine(FAM_JAX);
    goto done;
  }
  for (int k = 0; k < nout; k++) {
    out[k] = lx_wrap(res[k], FAM_JAX);
    res[k] = NULL;
    if (VAL_IS_NULL(out[k])) {
      t_clear(out, k);
      for (int j = k + 1; j < nout; j++) arr_release(res[j]);
      goto done;
    }
  }
  rc = nout;
done:
  if (tmp) t_clear(tmp, nin);
  free(tmp);
  if (arr != arr_s) free(arr);
  free(res);
  return rc;
}

int tr_bind(PrimId id, int nin, const Value *in, const void *params, Value *out) {
  if (prim_table[id].kind == PK_CONTROL && lx_current() == lx_eval_interp())
    return eval_control(id, nin, in, params, out);
  return lx_bind(id, nin, in, params, out);
}

Value tr_bind1(PrimId id, int nin, const Value *in, const void *params) {
  Value out[1] = {{0}};
  if (tr_bind(id, nin, in, params, out) < 0) return val_null();
  return out[0];
}

/* {=== native closures (vjp functions, loop-body adapters) ===} */
typedef struct ClosureObj {
  Obj ob;
  const char *name;
  Value (*fn)(void *ctx, int argc, const Value *argv, Obj *kw);
  void *ctx;
  void (*free_ctx)(void *ctx);
} ClosureObj;

static void closure_dealloc(Obj *o) {
  ClosureObj *c = (ClosureObj *)o;
  if (c->free_ctx) c->free_ctx(c->ctx);
  obj_free(o);
}
static Value closure_call(Value self, int argc, const Value *argv, Obj *kw) {
  ClosureObj *c = (ClosureObj *)self.u.o;
  return c->fn(c->ctx, argc, argv, kw);
}
static Value closure_repr(Value self) {
  return str_fmt("<function %s>", ((ClosureObj *)self.u.o)->name);
}
static Value closure_name(Value self) { return str_from_cstr(((ClosureObj *)self.u.o)->name); }
static const GetSetDef closure_getset[] = {{"__name__", closure_name, NULL, NULL}, {NULL}};
static TypeObj closure_type = {OBJ_TYPE_HEAD, .name = "function", .dealloc = closure_dealloc,
                               .call = closure_call, .repr = closure_repr,
                               .getset = closure_getset};

Value tr_closure_new(const char *name, Value (*fn)(void *, int, const Value *, Obj *), void *ctx,
                     void (*free_ctx)(void *)) {
  ClosureObj *c = obj_alloc(&closure_type, sizeof *c);
  if (!c) { if (free_ctx) free_ctx(ctx); return val_null(); }
  c->name = name;
  c->fn = fn;
  c->ctx = ctx;
  c->free_ctx = free_ctx;
  return val_obj(&c->ob);
}

/* {=== the emitter: how primitives' rules (lang/prim/) reach the language ===} */
static int em_bind_impl(int prim, int nin, const Value *in, const void *params, Value *out) {
  return tr_bind((PrimId)prim, nin, in, params, out);
}
static void em_incref_impl(Value v) { val_incref(v); }
static void em_decref_impl(Value v) { val_decref(v); }
static Value em_wrap_impl(Array *a) { return lx_wrap(a, FAM_JAX); }
static Value em_raise_impl(void) { return lx_raise_engine(FAM_JAX); }
static void em_clear_error_impl(void) { obj_err_clear(); }
static const Emitter lx_emitter = {em_bind_impl, em_incref_impl, em_decref_impl, lx_aval,
                                   em_wrap_impl, em_raise_impl, em_clear_error_impl};

/* Before any rule can run: the program's first function calls happen after constructors. */
__attribute__((constructor)) static void emitter_install(void) { prim_set_emitter(&lx_emitter); }
