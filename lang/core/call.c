/* call.c - calls: evaluating call expressions (with a method-call fast path that binds no
 * method object), binding arguments to parameters, making functions and classes, running
 * comprehensions, imports, and zero-argument super(). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eval.h"

int call_stack_check(void) {
  obj_raise(&exc_RecursionError, "maximum recursion depth exceeded");
  return -1;
}

/* ---- argument binding -------------------------------------------------------------------- */
static void missing_error(FuncObj *fn, const char *kind, const char **names, int n) {
  char buf[600];
  size_t k = 0;
  for (int i = 0; i < n && k < sizeof buf - 80; i++) {
    const char *sep = i == 0 ? "" : (n == 2 ? " and " : (i == n - 1 ? ", and " : ", "));
    k += (size_t)snprintf(buf + k, sizeof buf - k, "%s'%s'", sep, names[i]);
  }
  obj_raise(&exc_TypeError, "%s() missing %d required %s argument%s: %s", STR(fn->qualname)->s,
            n, kind, n == 1 ? "" : "s", buf);
}

static int find_param(Scope *sc, const StrObj *name, int count) {
  for (int i = 0; i < count; i++) {
    const char *p = sc->slot_names[i];
    if (p && strlen(p) == name->len && memcmp(p, name->s, name->len) == 0) return i;
  }
  return -1;
}

static int bind_args(FuncObj *fn, Scope *sc, Value *locals, int argc, const Value *argv,
                     Obj *kwnames) {
  int npos = sc->nargs, nkwonly = sc->nkwonly;
  int nk = func_kwcount(kwnames);
  if (nk == 0 && argc == npos && sc->vararg_slot < 0 && sc->kwarg_slot < 0 && nkwonly == 0) {
    for (int i = 0; i < argc; i++) locals[i] = val_incref(argv[i]);
    return 0;
  }
  int n = argc < npos ? argc : npos;
  for (int i = 0; i < n; i++) locals[i] = val_incref(argv[i]);
  if (argc > npos) {
    if (sc->vararg_slot < 0) {
      int ndef = fn->ndefaults;
      const char *q = STR(fn->qualname)->s;
      if (ndef)
        obj_raise(&exc_TypeError, "%s() takes from %d to %d positional arguments but %d were given",
                  q, npos - ndef, npos, argc);
      else
        obj_raise(&exc_TypeError, "%s() takes %d positional argument%s but %d %s given", q, npos,
                  npos == 1 ? "" : "s", argc, argc == 1 ? "was" : "were");
      return -1;
    }
    Value t = tuple_from(argc - npos, argv + npos);
    if (VAL_IS_NULL(t)) return -1;
    locals[sc->vararg_slot] = t;
  } else if (sc->vararg_slot >= 0) {
    Value t = tuple_new(0);
    if (VAL_IS_NULL(t)) return -1;
    locals[sc->vararg_slot] = t;
  }
  Value kwd = val_null();
  if (sc->kwarg_slot >= 0) {
    kwd = dict_new();
    if (VAL_IS_NULL(kwd)) return -1;
    locals[sc->kwarg_slot] = kwd;
  }
  for (int k = 0; k < nk; k++) {
    Value kn = TUPLE(kwnames)->items[k];
    StrObj *name = STR(kn.u.o);
    int idx = find_param(sc, name, npos + nkwonly);
    if (idx >= 0 && idx < sc->nposonly) {
      if (!VAL_IS_NULL(kwd)) { if (dict_set(kwd, kn, argv[argc + k]) < 0) return -1; continue; }
      obj_raise(&exc_TypeError, "%s() got some positional-only arguments passed as keyword arguments: '%s'",
                STR(fn->qualname)->s, name->s);
      return -1;
    }
    if (idx >= 0) {
      if (!VAL_IS_NULL(locals[idx])) {
        obj_raise(&exc_TypeError, "%s() got multiple values for argument '%s'", STR(fn->qualname)->s,
                  name->s);
        return -1;
      }
      locals[idx] = val_incref(argv[argc + k]);
      continue;
    }
    if (!VAL_IS_NULL(kwd)) {
      if (dict_set(kwd, kn, argv[argc + k]) < 0) return -1;
      continue;
    }
    obj_raise(&exc_TypeError, "%s() got an unexpected keyword argument '%s'", STR(fn->qualname)->s,
              name->s);
    return -1;
  }
  /* defaults, then report what is still missing */
  int first_def = npos - fn->ndefaults;
  const char *miss[64];
  int nmiss = 0;
  for (int i = argc < npos ? argc : npos; i < npos; i++) {
    if (!VAL_IS_NULL(locals[i])) continue;
    if (i >= first_def) locals[i] = val_incref(fn->defaults[i - first_def]);
    else if (nmiss < 64) miss[nmiss++] = sc->slot_names[i];
  }
  if (nmiss) { missing_error(fn, "positional", miss, nmiss); return -1; }
  for (int j = 0; j < nkwonly; j++) {
    int i = npos + j;
    if (!VAL_IS_NULL(locals[i])) continue;
    if (fn->kwdefaults && !VAL_IS_NULL(fn->kwdefaults[j])) locals[i] = val_incref(fn->kwdefaults[j]);
    else if (nmiss < 64) miss[nmiss++] = sc->slot_names[i];
  }
  if (nmiss) { missing_error(fn, "keyword-only", miss, nmiss); return -1; }
  return 0;
}

Value call_function(FuncObj *fn, int argc, const Value *argv, Obj *kwnames) {
  char here;
  if (&here < obj_ts.stack_limit || obj_ts.depth >= obj_ts.limit) {
    obj_raise(&exc_RecursionError, "maximum recursion depth exceeded");
    return val_null();
  }
  if (obj_interrupted && obj_check_signals() < 0) return val_null();
  Scope *sc = fn->scope;
  int nl = sc->nlocals;
  Value lbuf[12];
  Value *locals = lbuf;
  if (nl > 12) {
    locals = obj_calloc((size_t)nl, sizeof(Value));
    if (!locals) return val_null();
  } else {
    /* only the tags matter (V_NULL = unbound); a memset of the whole buffer costs more */
    for (int i = 0; i < nl; i++) lbuf[i].tag = V_NULL;
  }
  Value result = val_null();
  if (bind_args(fn, sc, locals, argc, argv, kwnames) < 0) goto out;
  if (sc->ncellslots) {
    for (int i = 0; i < nl; i++)
      if (sc->is_cell[i]) {
        Obj *c = func_cell_new(locals[i]);
        if (!c) goto out;
        val_decref(locals[i]);
        locals[i] = val_obj(c);
      }
  }
  if (sc->is_generator) {
    result = gen_new(fn, locals, nl);   /* takes the locals */
    goto out;
  }
  Frame fr = {.back = obj_ts.frame, .locals = locals, .cells = fn->closure, .mod = fn->globals,
              .func = fn, .scope = sc, .code = (CodeObj *)fn->code, .name = fn->name,
              .ret = val_null()};
  obj_ts.frame = &fr;
  obj_ts.depth++;
  if (fn->def->kind == N_LAMBDA) {
    result = eval_expr(&fr, fn->def->u.lambda.body);
  } else {
    int st = exec_block(&fr, &fn->def->u.funcdef.body);
    if (st == EX_RETURN) result = fr.ret;
    else if (st == EX_OK) result = val_none();
    else val_decref(fr.ret);
    if (st == EX_BREAK || st == EX_CONTINUE) result = val_none();
  }
  obj_ts.depth--;
  obj_ts.frame = fr.back;
out:
  for (int i = 0; i < nl; i++) val_decref(locals[i]);
  if (locals != lbuf) free(locals);
  if (VAL_IS_NULL(result)) obj_ts.located = 0;
  return result;
}

/* ---- call expressions ------------------------------------------------------------------- */
static Value zero_arg_super(Frame *f) {
  if (!f->func || f->scope->nargs == 0)
    return obj_raise(&exc_RuntimeError, "super(): no arguments");
  Value self = f->locals[0];
  if (f->scope->is_cell[0] && VAL_IS_OBJ(self)) self = ((CellObj *)self.u.o)->v;
  if (VAL_IS_NULL(self)) return obj_raise(&exc_RuntimeError, "super(): arg[0] deleted");
  Node *def = f->func->def;
  /* the class whose namespace holds this function: in self's order (self a class, in a
     classmethod or a metaclass method) or in its type's */
  for (int pass = 0; pass < 2; pass++) {
    TypeObj *start = pass == 0 && VAL_IS_TYPE(self) ? (TypeObj *)self.u.o : op_type(self);
    if (pass == 1 && !VAL_IS_TYPE(self)) break;
    int64_t nm = start->mro ? TUPLE(start->mro)->len : 0;
    for (int64_t j = -1; j < nm; j++) {
      TypeObj *t = j < 0 ? start : (TypeObj *)TUPLE(start->mro)->items[j].u.o;
      if (!(t->flags & TF_USER) || !t->dict) continue;
      int64_t pos = 0;
      Value k, v;
      while (dict_next(val_obj(t->dict), &pos, &k, &v)) {
        if (!VAL_IS_OBJ(v)) continue;
        Value cands[3] = {v, val_null(), val_null()};
        TypeObj *vt = v.u.o->type;
        if (vt == &class_staticmethod_type || vt == &class_classmethod_type || vt == &class_property_type) {
          WrapObj *w = (WrapObj *)v.u.o;
          cands[0] = w->f;
          cands[1] = w->g;
          cands[2] = w->s;
        }
        for (int i = 0; i < 3; i++)
          if (VAL_IS_OBJ(cands[i]) && cands[i].u.o->type == &func_type &&
              FUNC(cands[i].u.o)->def == def)
            return class_super_new(t, self);
      }
    }
  }
  return obj_raise(&exc_RuntimeError, "super(): __class__ cell not found");
}

static int is_super_call(Frame *f, Node *n) {
  Node *fn = n->u.call.func;
  if (fn->kind != N_NAME || n->u.call.args.len || n->u.call.keywords.len) return 0;
  if (fn->u.name.id.len != 5 || memcmp(fn->u.name.id.s, "super", 5) != 0) return 0;
  Resolved r = fn->u.name.res;
  if (r.scope != RS_GLOBAL && r.scope != RS_CLASS) return 0;
  return VAL_IS_NULL(f->mod->vals[r.slot]);
}

/* "__main__.f()" / "print()" for messages about a call's arguments, as CPython words them */
static void func_str(Value f, char *buf, size_t n) {
  if (VAL_IS_OBJ(f) && f.u.o->type == &func_type) {
    FuncObj *fn = FUNC(f.u.o);
    snprintf(buf, n, "%s.%s()", fn->globals ? STR(fn->globals->name)->s : "__main__", STR(fn->qualname)->s);
  } else if (VAL_IS_OBJ(f) && f.u.o->type == &func_builtin_type) {
    snprintf(buf, n, "%s()", ((BuiltinObj *)f.u.o)->name);
  } else if (VAL_IS_TYPE(f)) {
    TypeObj *t = (TypeObj *)f.u.o;
    if (t->flags & TF_USER) snprintf(buf, n, "%s.%s()", t->module ? STR(t->module)->s : "__main__", t->name);
    else snprintf(buf, n, "%s()", t->name);
  } else {
    snprintf(buf, n, "%s object", op_type_name(f));
  }
}

/* the general path: *args and **kwargs */
static Value call_general(Frame *f, Node *n, Value callee, Value self) {
  Value pos = list_new(0);
  if (VAL_IS_NULL(pos)) return pos;
  Value kwn = list_new(0), kwv = list_new(0), result = val_null();
  if (VAL_IS_NULL(kwn) || VAL_IS_NULL(kwv)) goto done;
  if (!VAL_IS_NULL(self) && list_append(pos, self) < 0) goto done;
  for (int i = 0; i < n->u.call.args.len; i++) {
    Node *a = n->u.call.args.items[i];
    if (a->kind == N_STARRED) {
      Value v = eval_expr(f, a->u.starred.value);
      if (VAL_IS_NULL(v)) goto done;
      TypeObj *t = op_type(v);
      if (!t->iter && !t->getitem) {
        /* CPython 3.11 names the callee only for a lone f(*x); else the args list is built
           first (f(1, *x), f(*a, *x)) and the message is the display's */
        char fs[300];
        func_str(callee, fs, sizeof fs);
        if (n->u.call.args.len == 1)
          obj_raise(&exc_TypeError, "%s argument after * must be an iterable, not %s", fs, t->name);
        else
          obj_raise(&exc_TypeError, "Value after * must be an iterable, not %s", t->name);
        val_decref(v);
        eval_locate(f, a->span);
        goto done;
      }
      Value r = op_binop(OP_ADD | OBJ_INPLACE, pos, v);
      val_decref(v);
      if (VAL_IS_NULL(r)) goto done;
      val_decref(r);
    } else {
      Value v = eval_expr(f, a);
      if (VAL_IS_NULL(v) || list_append_steal(pos, v) < 0) goto done;
    }
  }
  for (int i = 0; i < n->u.call.keywords.len; i++) {
    Node *k = n->u.call.keywords.items[i];
    Value v = eval_expr(f, k->u.keyword.value);
    if (VAL_IS_NULL(v)) goto done;
    if (k->u.keyword.arg.len) {
      Obj *nm = str_intern_n(k->u.keyword.arg.s, k->u.keyword.arg.len);
      if (!nm || list_append(kwn, val_obj(nm)) < 0 || list_append_steal(kwv, v) < 0) goto done;
      continue;
    }
    /* **mapping */
    Value d = VAL_IS_DICT(v) ? val_incref(v) : val_null();
    if (VAL_IS_NULL(d)) {
      if (!op_hasattr_s(v, "keys")) {
        char fs[300];
        func_str(callee, fs, sizeof fs);
        obj_raise(&exc_TypeError, "%s argument after ** must be a mapping, not %s", fs, op_type_name(v));
        val_decref(v);
        eval_locate(f, k->span);
        goto done;
      }
      d = dict_new();
      if (VAL_IS_NULL(d) || dict_update(d, v) < 0) { val_decref(d); val_decref(v); goto done; }
    }
    val_decref(v);
    int64_t pos2 = 0;
    Value key, val;
    while (dict_next(d, &pos2, &key, &val)) {
      if (!VAL_IS_STR(key)) {
        obj_raise(&exc_TypeError, "keywords must be strings");
        val_decref(d);
        goto done;
      }
      for (int64_t j = 0; j < LIST(kwn.u.o)->len; j++)
        if (op_eq(LIST(kwn.u.o)->items[j], key) == 1) {
          char fs[300];
          func_str(callee, fs, sizeof fs);
          obj_raise(&exc_TypeError, "%s got multiple values for keyword argument '%s'", fs, str_cstr(key));
          val_decref(d);
          goto done;
        }
      Obj *nm = str_intern(str_cstr(key));
      if (!nm || list_append(kwn, val_obj(nm)) < 0 || list_append(kwv, val) < 0) {
        val_decref(d);
        goto done;
      }
    }
    val_decref(d);
  }
  {
    int64_t np = LIST(pos.u.o)->len, nk = LIST(kwn.u.o)->len;
    Value *args = obj_calloc((size_t)(np + nk + 1), sizeof(Value));
    if (!args) goto done;
    for (int64_t i = 0; i < np; i++) args[i] = LIST(pos.u.o)->items[i];
    for (int64_t i = 0; i < nk; i++) args[np + i] = LIST(kwv.u.o)->items[i];
    Value names = nk ? tuple_from(nk, LIST(kwn.u.o)->items) : val_null();
    if (nk && VAL_IS_NULL(names)) { free(args); goto done; }
    result = op_call(callee, (int)np, args, nk ? names.u.o : NULL);
    val_decref(names);
    free(args);
  }
done:
  val_decref(pos);
  val_decref(kwn);
  val_decref(kwv);
  return result;
}

Value call_node(Frame *f, Node *n) {
  Node *fn = n->u.call.func;
  Value callee, self = val_null();
  if (fn->kind == N_ATTRIBUTE) {
    Value obj = eval_expr(f, fn->u.attribute.value);
    if (VAL_IS_NULL(obj)) return obj;
    Obj *name = (Obj *)fn->u.attribute.cache;
    TypeObj *t = op_type(obj);
    if (!t->getattr) {
      Value d = type_lookup(t, name);
      if (VAL_IS_OBJ(d)) {
        TypeObj *dt = d.u.o->type;
        int unbound = dt == &func_type ||
                      (dt == &func_builtin_type && !(((BuiltinObj *)d.u.o)->flags & (METH_STATIC | METH_CLASS)) &&
                       VAL_IS_NULL(((BuiltinObj *)d.u.o)->self) && ((BuiltinObj *)d.u.o)->owner);
        if (unbound) {
          Obj **dp = type_instance_dict_ptr(obj);
          if (!(dp && *dp && !VAL_IS_NULL(dict_get_h(val_obj(*dp), val_obj(name), STR(name)->hash)))) {
            callee = val_incref(d);
            self = obj;
            /* int/float methods read the number: unbox a subclass instance (for a builtin
               method only: a method of the subclass gets the instance, super() needs it) */
            if (dt == &func_builtin_type && obj.tag == V_OBJ && obj.u.o->type->layout &&
                ((BuiltinObj *)d.u.o)->owner != &type_object_type) {   /* object's: see type_bind */
              self = val_incref(num_unbox(obj));
              val_decref(obj);
            }
            goto have_callee;
          }
        }
      }
    }
    callee = op_getattr(obj, name);
    val_decref(obj);
    if (VAL_IS_NULL(callee)) { eval_locate(f, fn->span); return callee; }
  } else if (fn->kind == N_NAME && is_super_call(f, n)) {
    return zero_arg_super(f);
  } else {
    callee = eval_expr(f, fn);
    if (VAL_IS_NULL(callee)) return callee;
  }
have_callee:;
  NodeList *args = &n->u.call.args;
  int nkw = n->u.call.keywords.len;
  Obj *kwnames = n->u.call.cache;
  int simple = !(nkw && !kwnames);
  for (int i = 0; simple && i < args->len; i++)
    if (args->items[i]->kind == N_STARRED) simple = 0;
  Value result;
  if (!simple) {
    result = call_general(f, n, callee, self);
  } else {
    int off = VAL_IS_NULL(self) ? 0 : 1;
    int total = off + args->len + nkw;
    Value small[10];
    Value *argv = total <= 10 ? small : obj_calloc((size_t)total, sizeof(Value));
    if (!argv) { val_decref(callee); val_decref(self); return val_null(); }
    if (off) argv[0] = self;
    int k = off;
    for (int i = 0; i < args->len; i++, k++) {
      argv[k] = eval_expr(f, args->items[i]);
      if (VAL_IS_NULL(argv[k])) goto fail_args;
    }
    for (int i = 0; i < nkw; i++, k++) {
      argv[k] = eval_expr(f, n->u.call.keywords.items[i]->u.keyword.value);
      if (VAL_IS_NULL(argv[k])) goto fail_args;
    }
    {
      int argc = off + args->len;
      if (VAL_IS_OBJ(callee) && callee.u.o->type == &func_type) {
        result = call_function(FUNC(callee.u.o), argc, argv, kwnames);
      } else if (off && callee.u.o->type == &func_builtin_type) {
        BuiltinObj *b = (BuiltinObj *)callee.u.o;
        result = b->dfn ? b->dfn(b->data, argc, argv, kwnames) : b->fn(argc, argv, kwnames);
        if (VAL_IS_NULL(result)) func_builtin_fix_error(&b->ob);
      } else {
        result = op_call(callee, argc, argv, kwnames);
      }
    }
    for (int i = off; i < total; i++) val_decref(argv[i]);
    if (argv != small) free(argv);
    goto done;
  fail_args:
    for (int i = off; i < k; i++) val_decref(argv[i]);
    if (argv != small) free(argv);
    result = val_null();
  }
done:
  val_decref(callee);
  val_decref(self);
  if (obj_interrupted && !VAL_IS_NULL(result) && obj_check_signals() < 0) {
    /* the interrupt came while native code ran: raise it as soon as the call returns (in the
       main thread: another thread hands it over and goes on) */
    val_decref(result);
    return val_null();
  }
  return result;
}

/* ---- functions, classes -------------------------------------------------------------------- */
Obj **call_build_cells(Frame *f, Scope *sc) {
  if (sc->nfree == 0) return NULL;
  Obj **cells = obj_calloc((size_t)sc->nfree, sizeof(Obj *));
  if (!cells) return NULL;
  for (int i = 0; i < sc->nfree; i++) {
    FreeRef fr = sc->frees[i];
    Obj *c = fr.from_free ? (f->cells ? f->cells[fr.index] : NULL)
                          : (f->locals && VAL_IS_OBJ(f->locals[fr.index]) ? f->locals[fr.index].u.o : NULL);
    if (!c) {
      /* should not happen; an empty cell keeps things memory safe */
      c = func_cell_new(val_null());
      if (!c) {
        for (int j = 0; j < i; j++) obj_decref(cells[j]);
        free(cells);
        return NULL;
      }
    } else {
      obj_incref(c);
    }
    cells[i] = c;
  }
  return cells;
}

static Value eval_decorators(Frame *f, NodeList *decs, Value **out) {
  *out = NULL;
  if (!decs->len) return val_none();
  Value *d = obj_calloc((size_t)decs->len, sizeof(Value));
  if (!d) return val_null();
  for (int i = 0; i < decs->len; i++) {
    d[i] = eval_expr(f, decs->items[i]);
    if (VAL_IS_NULL(d[i])) {
      for (int j = 0; j < i; j++) val_decref(d[j]);
      free(d);
      return val_null();
    }
  }
  *out = d;
  return val_none();
}

static Value apply_decorators(Frame *f, NodeList *decs, Value *d, Value v) {
  for (int i = decs->len - 1; i >= 0; i--) {
    if (VAL_IS_NULL(v)) { val_decref(d[i]); continue; }
    Value r = op_call1(d[i], v);
    val_decref(v);
    if (VAL_IS_NULL(r)) eval_locate(f, decs->items[i]->span);
    val_decref(d[i]);
    v = r;
  }
  free(d);
  return v;
}

static int add_annotation(Frame *f, Value d, Str name, Node *ann) {
  if (!ann) return 0;
  Value v = eval_expr(f, ann);
  if (VAL_IS_NULL(v)) return -1;
  Value k = str_new(name.s, name.len);
  int r = VAL_IS_NULL(k) ? -1 : dict_set(d, k, v);
  val_decref(k);
  val_decref(v);
  return r;
}

/* f.__annotations__, evaluated at def time in CPython's order (parameters, then return) */
static int make_annotations(Frame *f, Node *def, FuncObj *fn) {
  Arguments *a = def->u.funcdef.args;
  Node *ret = def->u.funcdef.returns;
  NodeList *lists[3] = {&a->posonlyargs, &a->args, &a->kwonlyargs};
  int any = ret != NULL || (a->vararg && a->vararg->u.arg.annotation) ||
            (a->kwarg && a->kwarg->u.arg.annotation);
  for (int k = 0; k < 3 && !any; k++)
    for (int i = 0; i < lists[k]->len; i++) any |= lists[k]->items[i]->u.arg.annotation != NULL;
  if (!any) return 0;
  Value d = dict_new();
  if (VAL_IS_NULL(d)) return -1;
  int r = 0;
  /* CPython visits the ordinary parameters before the positional-only ones */
  for (int k = 1; k >= 0 && r == 0; k--)
    for (int i = 0; i < lists[k]->len && r == 0; i++)
      r = add_annotation(f, d, lists[k]->items[i]->u.arg.arg, lists[k]->items[i]->u.arg.annotation);
  if (r == 0 && a->vararg) r = add_annotation(f, d, a->vararg->u.arg.arg, a->vararg->u.arg.annotation);
  for (int i = 0; i < lists[2]->len && r == 0; i++)
    r = add_annotation(f, d, lists[2]->items[i]->u.arg.arg, lists[2]->items[i]->u.arg.annotation);
  if (r == 0 && a->kwarg) r = add_annotation(f, d, a->kwarg->u.arg.arg, a->kwarg->u.arg.annotation);
  if (r == 0 && ret) r = add_annotation(f, d, (Str){"return", 6}, ret);
  if (r < 0) { val_decref(d); return -1; }
  fn->annotations = d;
  return 0;
}

Value call_make_function(Frame *f, Node *def) {
  int is_lambda = def->kind == N_LAMBDA;
  Arguments *a = is_lambda ? def->u.lambda.args : def->u.funcdef.args;
  Scope *sc = is_lambda ? def->u.lambda.scope_info : def->u.funcdef.scope_info;
  Value *decs = NULL;
  if (!is_lambda && VAL_IS_NULL(eval_decorators(f, &def->u.funcdef.decorators, &decs))) return val_null();
  FuncObj *fn = obj_alloc(&func_type, sizeof(FuncObj));
  if (!fn) goto fail_decs;
  fn->def = def;
  fn->scope = sc;
  fn->code = &f->code->ob;
  obj_incref(fn->code);
  fn->globals = f->mod;
  obj_incref(&f->mod->ob);
  fn->doc = val_none();
  Obj *nm = str_intern(sc->name);
  Value qn = str_from_cstr(sc->qualname);
  if (!nm || VAL_IS_NULL(qn)) goto fail_fn;
  fn->name = nm;
  fn->qualname = qn.u.o;
  if (sc->nfree) {
    fn->closure = call_build_cells(f, sc);
    if (!fn->closure) goto fail_fn;
    fn->nclosure = sc->nfree;
  }
  if (a->defaults.len) {
    fn->defaults = obj_calloc((size_t)a->defaults.len, sizeof(Value));
    if (!fn->defaults) goto fail_fn;
    for (int i = 0; i < a->defaults.len; i++) {
      Value v = eval_expr(f, a->defaults.items[i]);
      if (VAL_IS_NULL(v)) goto fail_fn;
      fn->defaults[fn->ndefaults++] = v;
    }
  }
  if (a->kwonlyargs.len) {
    fn->kwdefaults = obj_calloc((size_t)a->kwonlyargs.len, sizeof(Value));
    if (!fn->kwdefaults) goto fail_fn;
    for (int i = 0; i < a->kw_defaults.len && i < a->kwonlyargs.len; i++) {
      if (!a->kw_defaults.items[i]) continue;
      Value v = eval_expr(f, a->kw_defaults.items[i]);
      if (VAL_IS_NULL(v)) goto fail_fn;
      fn->kwdefaults[i] = v;
    }
  }
  if (!is_lambda && make_annotations(f, def, fn) < 0) goto fail_fn;
  if (sc->doc) {
    Obj *d = (Obj *)(intptr_t)sc->doc->u.constant.i;
    if (d) { val_decref(fn->doc); obj_incref(d); fn->doc = val_obj(d); }
  }
  Value v = val_obj(&fn->ob);
  if (!is_lambda) v = apply_decorators(f, &def->u.funcdef.decorators, decs, v);
  return v;
fail_fn:
  obj_decref(&fn->ob);
fail_decs:
  if (decs) {
    for (int i = 0; i < def->u.funcdef.decorators.len; i++) val_decref(decs[i]);
    free(decs);
  }
  return val_null();
}

/* PEP 560: a base that is not a class but has __mro_entries__ (list[int], typing.Generic[T])
   is replaced by the classes that method returns; *orig gets the bases as written when any was.
   0, or -1 with an exception. */
static int resolve_bases(Value *bases, Value *orig) {
  TupleObj *b = TUPLE(bases->u.o);
  Value out = val_null();
  for (int64_t i = 0; i < b->len; i++) {
    Value x = b->items[i];
    if (VAL_IS_TYPE(x)) {
      if (!VAL_IS_NULL(out) && list_append(out, x) < 0) goto fail;
      continue;
    }
    Value m = op_getattr_s(x, "__mro_entries__");
    if (VAL_IS_NULL(m)) {
      if (!obj_err_matches(&exc_AttributeError)) goto fail;
      obj_err_clear();
      if (!VAL_IS_NULL(out) && list_append(out, x) < 0) goto fail;
      continue;
    }
    Value r = op_call1(m, *bases);
    val_decref(m);
    if (VAL_IS_NULL(r)) goto fail;
    if (!VAL_IS_TUPLE(r)) {
      val_decref(r);
      obj_raise(&exc_TypeError, "__mro_entries__ must return a tuple");
      goto fail;
    }
    if (VAL_IS_NULL(out)) {
      out = list_new(0);
      if (VAL_IS_NULL(out)) { val_decref(r); return -1; }
      for (int64_t j = 0; j < i; j++)
        if (list_append(out, b->items[j]) < 0) { val_decref(r); goto fail; }
    }
    for (int64_t j = 0; j < TUPLE(r.u.o)->len; j++)
      if (list_append(out, TUPLE(r.u.o)->items[j]) < 0) { val_decref(r); goto fail; }
    val_decref(r);
  }
  if (VAL_IS_NULL(out)) return 0;
  Value t = tuple_from(LIST(out.u.o)->len, LIST(out.u.o)->items);
  val_decref(out);
  if (VAL_IS_NULL(t)) return -1;
  *orig = *bases;
  *bases = t;
  return 0;
fail:
  val_decref(out);
  return -1;
}

int call_classdef(Frame *f, Node *n) {
  Scope *sc = n->u.classdef.scope_info;
  Value *decs = NULL;
  if (VAL_IS_NULL(eval_decorators(f, &n->u.classdef.decorators, &decs))) return -1;
  NodeList *bl = &n->u.classdef.bases;
  Value bases = tuple_new(bl->len), ns = val_null(), meta = val_null(), kwnames = val_null();
  Value orig_bases = val_null();
  Value *kwv = NULL;
  Obj *cname0 = str_intern_n(n->u.classdef.name.s, n->u.classdef.name.len);
  if (!cname0) { val_decref(bases); return -1; }
  Obj **cells = NULL;
  int r = -1;
  if (VAL_IS_NULL(bases)) goto out;
  for (int i = 0; i < bl->len; i++) {
    Value b = eval_expr(f, bl->items[i]);
    if (VAL_IS_NULL(b)) { TUPLE(bases.u.o)->len = i; goto out; }
    TUPLE_SET(bases, i, b);
  }
  if (resolve_bases(&bases, &orig_bases) < 0) goto out;
  int nkw = n->u.classdef.keywords.len, nk = 0;
  if (nkw) {
    kwv = obj_calloc((size_t)nkw + 3, sizeof(Value));
    if (!kwv) goto out;
  }
  for (int i = 0; i < nkw; i++) {
    Node *k = n->u.classdef.keywords.items[i];
    if (!k->u.keyword.arg.s) {
      obj_raise(&exc_TypeError, "class keyword arguments of the form **kwargs are not supported in Sable");
      eval_locate(f, k->span);
      goto out;
    }
    Value m = eval_expr(f, k->u.keyword.value);
    if (VAL_IS_NULL(m)) goto out;
    if (k->u.keyword.arg.len == 9 && memcmp(k->u.keyword.arg.s, "metaclass", 9) == 0) {
      val_decref(meta);
      meta = m;
      continue;
    }
    Obj *kn = str_intern_n(k->u.keyword.arg.s, k->u.keyword.arg.len);
    if (!kn || (VAL_IS_NULL(kwnames) && VAL_IS_NULL(kwnames = tuple_new(nkw)))) { val_decref(m); goto out; }
    TUPLE_SET(kwnames, nk, val_obj(kn));
    kwv[3 + nk++] = m;
  }
  if (!VAL_IS_NULL(kwnames)) TUPLE(kwnames.u.o)->len = nk;
  if (VAL_IS_NULL(meta) || VAL_IS_TYPE(meta)) {
    TypeObj *w = class_find_meta(VAL_IS_NULL(meta) ? NULL : (TypeObj *)meta.u.o, bases);
    if (!w) goto out;
    val_decref(meta);
    meta = val_incref(val_obj(&w->ob));
  }
  if (meta.u.o != &type_type.ob) {
    Value prep = op_getattr_s(meta, "__prepare__");
    if (VAL_IS_NULL(prep)) {
      if (!obj_err_matches(&exc_AttributeError)) goto out;
      obj_err_clear();
    } else {
      Value pa[2 + 64];
      int np = nk < 64 ? nk : 64;
      pa[0] = val_obj(cname0);
      pa[1] = bases;
      for (int i = 0; i < np; i++) pa[2 + i] = kwv[3 + i];
      ns = op_call(prep, 2, pa, VAL_IS_NULL(kwnames) ? NULL : kwnames.u.o);
      val_decref(prep);
      if (VAL_IS_NULL(ns)) goto out;
      if (!VAL_IS_DICT(ns)) {
        obj_raise(&exc_TypeError, "%s.__prepare__() must return a dict in Sable, not %s",
                  op_type_name(meta), op_type_name(ns));
        goto out;
      }
    }
  }
  if (VAL_IS_NULL(ns)) ns = dict_new();
  if (VAL_IS_NULL(ns)) goto out;
  Value qn = str_from_cstr(sc->qualname);
  if (VAL_IS_NULL(qn)) goto out;
  int e = dict_setstr(ns, "__module__", val_obj(f->mod->name)) < 0 ||
          dict_setstr(ns, "__qualname__", qn) < 0;
  val_decref(qn);
  if (e) goto out;
  if (sc->doc) {
    Obj *d = (Obj *)(intptr_t)sc->doc->u.constant.i;
    if (d && dict_setstr(ns, "__doc__", val_obj(d)) < 0) goto out;
  }
  if (sc->nfree && !(cells = call_build_cells(f, sc))) goto out;
  Obj *cname = str_intern_n(n->u.classdef.name.s, n->u.classdef.name.len);
  if (!cname) goto out;
  if (obj_ts.depth >= obj_ts.limit) {
    obj_raise(&exc_RecursionError, "maximum recursion depth exceeded");
    goto out;
  }
  Frame cf = {.back = obj_ts.frame, .cells = cells, .mod = f->mod, .classdict = ns.u.o,
              .scope = sc, .code = f->code, .name = cname, .ret = val_null()};
  obj_ts.frame = &cf;
  obj_ts.depth++;
  int st = exec_block(&cf, &n->u.classdef.body);
  obj_ts.depth--;
  obj_ts.frame = cf.back;
  val_decref(cf.ret);
  if (st == EX_ERR) { obj_ts.located = 0; goto out; }
  if (!VAL_IS_NULL(orig_bases) && dict_setstr(ns, "__orig_bases__", orig_bases) < 0) goto out;
  Value cls;
  if (meta.u.o == &type_type.ob) {
    cls = class_new_meta(&type_type, cname, bases, ns, f->mod, kwv ? kwv + 3 : NULL,
                         VAL_IS_NULL(kwnames) ? NULL : kwnames.u.o);
  } else {
    kwv = kwv ? kwv : obj_calloc(3, sizeof(Value));
    if (!kwv) goto out;
    kwv[0] = val_obj(cname);
    kwv[1] = bases;
    kwv[2] = ns;
    cls = op_call(meta, 3, kwv, VAL_IS_NULL(kwnames) ? NULL : kwnames.u.o);
    kwv[0] = kwv[1] = kwv[2] = val_null();
  }
  if (VAL_IS_NULL(cls)) goto out;
  cls = apply_decorators(f, &n->u.classdef.decorators, decs, cls);
  decs = NULL;
  if (VAL_IS_NULL(cls)) goto out;
  r = eval_store(f, sc->bind, cls);
  val_decref(cls);
out:
  if (decs) {
    for (int i = 0; i < n->u.classdef.decorators.len; i++) val_decref(decs[i]);
    free(decs);
  }
  if (cells) {
    for (int i = 0; i < sc->nfree; i++) obj_decref(cells[i]);
    free(cells);
  }
  if (kwv) {
    for (int i = 0; i < n->u.classdef.keywords.len + 3; i++) val_decref(kwv[i]);
    free(kwv);
  }
  val_decref(meta);
  val_decref(kwnames);
  val_decref(bases);
  val_decref(orig_bases);
  val_decref(ns);
  return r;
}

/* ---- comprehensions ----------------------------------------------------------------------- */
static int comp_add(Frame *cf, Node *n, Value result) {
  if (n->kind == N_DICTCOMP) {
    Value k = eval_expr(cf, n->u.comp.elt);
    if (VAL_IS_NULL(k)) return -1;
    Value v = eval_expr(cf, n->u.comp.value);
    if (VAL_IS_NULL(v)) { val_decref(k); return -1; }
    int r = dict_set(result, k, v);
    val_decref(k);
    val_decref(v);
    if (r < 0) eval_locate(cf, n->u.comp.elt->span);
    return r;
  }
  Value x = eval_expr(cf, n->u.comp.elt);
  if (VAL_IS_NULL(x)) return -1;
  if (n->kind == N_SETCOMP) {
    int r = set_add(result, x);
    val_decref(x);
    if (r < 0) eval_locate(cf, n->u.comp.elt->span);
    return r;
  }
  return list_append_steal(result, x);
}

static int comp_loop(Frame *cf, Node *n, int gi, Value it, Value result) {
  Node *g = n->u.comp.generators.items[gi];
  int ngen = n->u.comp.generators.len;
  for (;;) {
    Value x;
    int r = op_next(it, &x);
    if (r < 0) { eval_locate(cf, g->u.comprehension.iter->span); return -1; }
    if (r == 0) return 0;
    r = exec_assign(cf, g->u.comprehension.target, x);
    val_decref(x);
    if (r < 0) return -1;
    int ok = 1;
    for (int i = 0; i < g->u.comprehension.ifs.len; i++) {
      Value t = eval_expr(cf, g->u.comprehension.ifs.items[i]);
      if (VAL_IS_NULL(t)) return -1;
      int b = t.tag == V_BOOL ? (int)t.u.i : op_truth(t);
      val_decref(t);
      if (b < 0) return -1;
      if (!b) { ok = 0; break; }
    }
    if (!ok) continue;
    if (gi + 1 < ngen) {
      Node *g2 = n->u.comp.generators.items[gi + 1];
      Value src = eval_expr(cf, g2->u.comprehension.iter);
      if (VAL_IS_NULL(src)) return -1;
      Value it2 = op_iter(src);
      val_decref(src);
      if (VAL_IS_NULL(it2)) { eval_locate(cf, g2->u.comprehension.iter->span); return -1; }
      r = comp_loop(cf, n, gi + 1, it2, result);
      val_decref(it2);
      if (r < 0) return -1;
    } else if (comp_add(cf, n, result) < 0) {
      return -1;
    }
    if (obj_interrupted | obj_ts.gc_pending)
      if (eval_poll() < 0) return -1;
  }
}

Value call_comprehension(Frame *f, Node *n) {
  Scope *sc = n->u.comp.scope_info;
  Node *g0 = n->u.comp.generators.items[0];
  Value src = eval_expr(f, g0->u.comprehension.iter);
  if (VAL_IS_NULL(src)) return src;
  Value it = op_iter(src);
  val_decref(src);
  if (VAL_IS_NULL(it)) { eval_locate(f, g0->u.comprehension.iter->span); return it; }
  if (n->kind == N_GENERATOREXP) return genexpr_new(f, n, it);
  Value result = n->kind == N_DICTCOMP ? dict_new() : n->kind == N_SETCOMP ? set_new()
                                                                                : list_new(0);
  if (VAL_IS_NULL(result)) { val_decref(it); return result; }
  int nl = sc->nlocals;
  Value lbuf[8];
  Value *locals = nl <= 8 ? lbuf : obj_calloc((size_t)nl, sizeof(Value));
  Obj **cells = NULL;
  int r = -1;
  if (!locals) goto out;
  memset(locals, 0, sizeof(Value) * (size_t)nl);
  for (int i = 0; i < nl; i++)
    if (sc->is_cell[i]) {
      Obj *c = func_cell_new(val_null());
      if (!c) goto out;
      locals[i] = val_obj(c);
    }
  if (sc->nfree && !(cells = call_build_cells(f, sc))) goto out;
  if (obj_ts.depth >= obj_ts.limit) {
    obj_raise(&exc_RecursionError, "maximum recursion depth exceeded");
    goto out;
  }
  Frame cf = {.back = obj_ts.frame, .locals = locals, .cells = cells, .mod = f->mod,
              .scope = sc, .code = f->code, .name = str_intern(sc->name), .ret = val_null()};
  obj_ts.frame = &cf;
  obj_ts.depth++;
  r = comp_loop(&cf, n, 0, it, result);
  obj_ts.depth--;
  obj_ts.frame = cf.back;
  if (r < 0) obj_ts.located = 0;
out:
  val_decref(it);
  if (locals) {
    for (int i = 0; i < nl; i++) val_decref(locals[i]);
    if (locals != lbuf) free(locals);
  }
  if (cells) {
    for (int i = 0; i < sc->nfree; i++) obj_decref(cells[i]);
    free(cells);
  }
  if (r < 0) { val_decref(result); return val_null(); }
  return result;
}

/* ---- imports ----------------------------------------------------------------------------- */
static int eval_bind_name(Frame *f, const char *name, Value v) {
  Scope *sc = f->scope;
  if (f->classdict) return dict_setstr(val_obj(f->classdict), name, v);
  if (sc && (sc->kind == SK_FUNC || sc->kind == SK_COMP)) {
    for (int i = 0; i < sc->nsyms; i++)
      if (strcmp(sc->syms[i].name, name) == 0) return eval_store(f, sc->syms[i].res, v);
  }
  return module_add(val_obj(&f->mod->ob), name, v);
}

int call_import(Frame *f, Node *n) {
  for (int i = 0; i < n->u.import.names.len; i++) {
    Node *a = n->u.import.names.items[i];
    char name[512];
    if (a->u.alias.name.len >= sizeof name) { obj_raise(&exc_ImportError, "module name too long"); return -1; }
    memcpy(name, a->u.alias.name.s, a->u.alias.name.len);
    name[a->u.alias.name.len] = 0;
    Value m = module_import(name);
    if (VAL_IS_NULL(m)) { eval_locate(f, n->span); return -1; }
    int r;
    if (a->u.alias.asname.len) {
      char as[256];
      snprintf(as, sizeof as, "%.*s", (int)a->u.alias.asname.len, a->u.alias.asname.s);
      r = eval_bind_name(f, as, m);
    } else {
      char *dot = strchr(name, '.');
      if (dot) {
        *dot = 0;
        Value top = module_import(name);
        if (VAL_IS_NULL(top)) { val_decref(m); return -1; }
        r = eval_bind_name(f, name, top);
        val_decref(top);
      } else {
        r = eval_bind_name(f, name, m);
      }
    }
    val_decref(m);
    if (r < 0) return -1;
  }
  return 0;
}

int call_importfrom(Frame *f, Node *n) {
  if (n->u.importfrom.level > 0) {
    obj_raise(&exc_ImportError, "attempted relative import with no known parent package");
    return -1;
  }
  char mname[512];
  Str *ms = &n->u.importfrom.module;
  if (ms->len >= sizeof mname) { obj_raise(&exc_ImportError, "module name too long"); return -1; }
  memcpy(mname, ms->s, ms->len);
  mname[ms->len] = 0;
  Value m = module_import(mname);
  if (VAL_IS_NULL(m)) return -1;
  for (int i = 0; i < n->u.importfrom.names.len; i++) {
    Node *a = n->u.importfrom.names.items[i];
    char nm[256];
    snprintf(nm, sizeof nm, "%.*s", (int)a->u.alias.name.len, a->u.alias.name.s);
    if (strcmp(nm, "*") == 0) {
      if (!VAL_IS_OBJ(m) || m.u.o->type != &module_type) continue;
      ModuleObj *mo = MODULE(m.u.o);
      Value all = module_get(m, "__all__");
      if (VAL_IS_LIST(all) || VAL_IS_TUPLE(all)) {
        Value l = list_from_iterable(all);
        if (VAL_IS_NULL(l)) { val_decref(m); return -1; }
        for (int64_t k = 0; k < LIST(l.u.o)->len; k++) {
          Value key = LIST(l.u.o)->items[k];
          if (!VAL_IS_STR(key)) continue;
          Value v = op_getattr_s(m, str_cstr(key));
          if (VAL_IS_NULL(v) || eval_bind_name(f, str_cstr(key), v) < 0) {
            val_decref(v);
            val_decref(l);
            val_decref(m);
            return -1;
          }
          val_decref(v);
        }
        val_decref(l);
        continue;
      }
      for (int64_t k = 0; k < mo->n; k++) {
        const char *kn = STR(mo->names[k])->s;
        if (kn[0] == '_' || VAL_IS_NULL(mo->vals[k])) continue;
        Value v = val_incref(mo->vals[k]);
        int r = eval_bind_name(f, kn, v);
        val_decref(v);
        if (r < 0) { val_decref(m); return -1; }
      }
      continue;
    }
    Value v = op_getattr_s(m, nm);
    if (VAL_IS_NULL(v)) {
      if (!obj_err_matches(&exc_AttributeError)) { val_decref(m); return -1; }
      obj_err_clear();
      char sub[800];
      snprintf(sub, sizeof sub, "%s.%s", mname, nm);
      v = module_import(sub);
      if (VAL_IS_NULL(v)) {
        if (obj_err_matches(&exc_ModuleNotFoundError)) {
          obj_err_clear();
          obj_raise(&exc_ImportError, "cannot import name '%s' from '%s' (unknown location)", nm, mname);
        }
        val_decref(m);
        return -1;
      }
    }
    char as[256];
    if (a->u.alias.asname.len) snprintf(as, sizeof as, "%.*s", (int)a->u.alias.asname.len, a->u.alias.asname.s);
    int r = eval_bind_name(f, a->u.alias.asname.len ? as : nm, v);
    val_decref(v);
    if (r < 0) { val_decref(m); return -1; }
  }
  val_decref(m);
  return 0;
}
