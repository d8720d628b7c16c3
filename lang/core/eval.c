/* eval.c - the expression evaluator: a tree walk over the resolved syntax tree with unboxed
 * int/float fast paths, names read from frame slots, cells or module slots. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eval.h"

/* ---- names -------------------------------------------------------------------------------- */
static Value eval_builtin_lookup(Obj *name) {
  Session *s = obj_ts.session;
  if (!s || !s->builtins) return val_null();
  ModuleObj *b = s->builtins;
  Value k = dict_get_h(val_obj(b->index), val_obj(name), STR(name)->hash);
  if (VAL_IS_NULL(k)) return k;
  return b->vals[k.u.i];
}

static Value eval_name_error(Frame *f, Resolved r, const Str *name) {
  switch (r.scope) {
    case RS_LOCAL:
    case RS_CELL:
      return obj_raise(&exc_UnboundLocalError,
                       "cannot access local variable '%.*s' where it is not associated with a value",
                       (int)name->len, name->s);
    case RS_FREE:
      return obj_raise(&exc_NameError,
                       "cannot access free variable '%.*s' where it is not associated with a value in enclosing scope",
                       (int)name->len, name->s);
    default:
      break;
  }
  obj_raise(&exc_NameError, "name '%.*s' is not defined", (int)name->len, name->s);
  /* CPython's "Did you mean": the frame's locals, then the module, then the builtins */
  Value e = obj_err_peek();
  Obj *nm = str_intern_n(name->s, name->len);
  if (!VAL_IS_OBJ(e) || !nm || e.u.o->rc >= OBJ_IMMORTAL / 2) return val_null();
  Value saved = obj_err_fetch();
  Obj *sugg = NULL;
  Value l = list_new(0);
  if (!VAL_IS_NULL(l) && f->scope && (f->scope->kind == SK_FUNC || f->scope->kind == SK_COMP)) {
    for (int i = 0; i < f->scope->nlocals; i++)
      if (f->scope->slot_names[i]) {
        Value sn = str_from_cstr(f->scope->slot_names[i]);
        if (!VAL_IS_NULL(sn)) list_append_steal(l, sn);
      }
    sugg = exc_suggest(l, nm);
  }
  ModuleObj *ms[2] = {f->mod, obj_ts.session ? obj_ts.session->builtins : NULL};
  for (int k = 0; k < 2 && !sugg && !VAL_IS_NULL(l); k++) {
    if (!ms[k]) continue;
    val_decref(l);
    l = list_new(0);
    if (VAL_IS_NULL(l)) break;
    for (int64_t i = 0; i < ms[k]->n; i++)
      if (!VAL_IS_NULL(ms[k]->vals[i])) list_append(l, val_obj(ms[k]->names[i]));
    sugg = exc_suggest(l, nm);
  }
  val_decref(l);
  obj_err_clear();
  ExcObj *x = EXC(saved.u.o);
  x->attr_name = nm;
  obj_incref(nm);
  x->suggestion = sugg;
  obj_err_restore(saved);
  return val_null();
}

static inline Value load_name(Frame *f, Node *n) {
  Resolved r = n->u.name.res;
  Value v;
  switch (r.scope) {
    case RS_LOCAL:
      v = f->locals[r.slot];
      break;
    case RS_CELL:
      v = ((CellObj *)f->locals[r.slot].u.o)->v;
      break;
    case RS_FREE:
      v = ((CellObj *)f->cells[r.slot])->v;
      break;
    case RS_GLOBAL:
      v = f->mod->vals[r.slot];
      /* a class body reads its namespace first (names a metaclass's __prepare__ put there) */
      if (f->classdict) {
        Obj *nm = f->mod->names[r.slot];
        Value c = dict_get_h(val_obj(f->classdict), val_obj(nm), STR(nm)->hash);
        if (!VAL_IS_NULL(c)) v = c;
      }
      if (VAL_IS_NULL(v)) v = eval_builtin_lookup(f->mod->names[r.slot]);
      break;
    case RS_CLASS: {
      Obj *nm = f->mod->names[r.slot];
      v = dict_get_h(val_obj(f->classdict), val_obj(nm), STR(nm)->hash);
      if (VAL_IS_NULL(v)) v = f->mod->vals[r.slot];
      if (VAL_IS_NULL(v)) v = eval_builtin_lookup(nm);
      break;
    }
    default:
      return obj_raise(&exc_SystemError, "unresolved name '%.*s'", (int)n->u.name.id.len,
                       n->u.name.id.s);
  }
  if (VAL_IS_NULL(v)) return eval_name_error(f, r, &n->u.name.id);
  return val_incref(v);
}

int eval_store(Frame *f, Resolved r, Value v) {
  Value old, *slot;
  switch (r.scope) {
    case RS_LOCAL: slot = &f->locals[r.slot]; break;
    case RS_CELL: slot = &((CellObj *)f->locals[r.slot].u.o)->v; break;
    case RS_FREE: slot = &((CellObj *)f->cells[r.slot])->v; break;
    case RS_GLOBAL: slot = &f->mod->vals[r.slot]; break;
    case RS_CLASS: {
      Obj *nm = f->mod->names[r.slot];
      return dict_set_h(val_obj(f->classdict), val_obj(nm), STR(nm)->hash, v);
    }
    default:
      obj_raise(&exc_SystemError, "unresolved store");
      return -1;
  }
  old = *slot;
  *slot = val_incref(v);
  val_decref(old);
  if (r.scope == RS_GLOBAL) MODULE_STORED(f->mod, r.slot);
  return 0;
}

int eval_delete_res(Frame *f, Resolved r, const Str *name) {
  Value *slot;
  switch (r.scope) {
    case RS_LOCAL: slot = &f->locals[r.slot]; break;
    case RS_CELL: slot = &((CellObj *)f->locals[r.slot].u.o)->v; break;
    case RS_FREE: slot = &((CellObj *)f->cells[r.slot])->v; break;
    case RS_GLOBAL: slot = &f->mod->vals[r.slot]; break;
    case RS_CLASS: {
      Obj *nm = f->mod->names[r.slot];
      Value old = dict_pop(val_obj(f->classdict), val_obj(nm));
      if (VAL_IS_NULL(old)) {
        if (!obj_err_occurred()) eval_name_error(f, r, name);
        return -1;
      }
      val_decref(old);
      return 0;
    }
    default: return -1;
  }
  if (VAL_IS_NULL(*slot)) {
    eval_name_error(f, r, name);
    return -1;
  }
  val_clear(slot);
  if (r.scope == RS_GLOBAL) MODULE_STORED(f->mod, r.slot);
  return 0;
}

/* ---- constants ---------------------------------------------------------------------------- */
static Value eval_constant(Node *n) {
  switch (n->u.constant.kind) {
    case K_NONE: return val_none();
    case K_TRUE: return val_bool(1);
    case K_FALSE: return val_bool(0);
    case K_INT: return val_int(n->u.constant.i);
    case K_FLOAT: return val_float(n->u.constant.f);
    case K_ELLIPSIS: return val_obj(&iter_ellipsis_obj);
    case K_BIGINT:
      if (!n->u.constant.i)
        return num_big_from_digits(n->u.constant.s.s, n->u.constant.s.len,
                                   (int)n->u.constant.f, 0);
      obj_incref((Obj *)(intptr_t)n->u.constant.i);
      return val_obj((Obj *)(intptr_t)n->u.constant.i);
    case K_BYTES:
    case K_STR: {
      Obj *o = (Obj *)(intptr_t)n->u.constant.i;
      if (!o) return n->u.constant.kind == K_BYTES ? bytes_new(n->u.constant.s.s, n->u.constant.s.len)
                                                   : str_new(n->u.constant.s.s, n->u.constant.s.len);
      obj_incref(o);
      return val_obj(o);
    }
    case K_COMPLEX_IMAG:
      return obj_raise(&exc_NotImplementedError, "Sable has no complex numbers");
  }
  return val_none();
}

/* ---- operators ----------------------------------------------------------------------------- */
static inline Value binop_fast(int op, Value l, Value r) {
  if (l.tag == V_INT && r.tag == V_INT) {
    int64_t x = l.u.i, y = r.u.i, z;
    switch (op) {
      case OP_ADD: if (!__builtin_add_overflow(x, y, &z)) return val_int(z); break;
      case OP_SUB: if (!__builtin_sub_overflow(x, y, &z)) return val_int(z); break;
      case OP_MULT: if (!__builtin_mul_overflow(x, y, &z)) return val_int(z); break;
      case OP_FLOORDIV:
        if (y > 0) { int64_t q = x / y; if ((x % y) < 0) q--; return val_int(q); }
        break;
      case OP_MOD:
        if (y > 0) { int64_t m = x % y; if (m < 0) m += y; return val_int(m); }
        break;
      case OP_DIV:
        if (y != 0) return val_float((double)x / (double)y);
        break;
      default: break;
    }
    return num_int_binary(op, l, r);
  }
  if (l.tag == V_FLOAT && r.tag == V_FLOAT) {
    double x = l.u.f, y = r.u.f;
    switch (op) {
      case OP_ADD: return val_float(x + y);
      case OP_SUB: return val_float(x - y);
      case OP_MULT: return val_float(x * y);
      case OP_DIV: if (y != 0.0) return val_float(x / y); break;
      default: break;
    }
    return num_float_binary(op, l, r);
  }
  return op_binop(op, l, r);
}

static inline int compare_fast(Value l, Value r, int op, int *out) {
  if (l.tag == V_INT && r.tag == V_INT) {
    int64_t x = l.u.i, y = r.u.i;
    switch (op) {
      case CMP_EQ: *out = x == y; return 1;
      case CMP_NOTEQ: *out = x != y; return 1;
      case CMP_LT: *out = x < y; return 1;
      case CMP_LTE: *out = x <= y; return 1;
      case CMP_GT: *out = x > y; return 1;
      case CMP_GTE: *out = x >= y; return 1;
      default: return 0;
    }
  }
  if (l.tag == V_FLOAT && r.tag == V_FLOAT) {
    double x = l.u.f, y = r.u.f;
    switch (op) {
      case CMP_EQ: *out = x == y; return 1;
      case CMP_NOTEQ: *out = x != y; return 1;
      case CMP_LT: *out = x < y; return 1;
      case CMP_LTE: *out = x <= y; return 1;
      case CMP_GT: *out = x > y; return 1;
      case CMP_GTE: *out = x >= y; return 1;
      default: return 0;
    }
  }
  return 0;
}

/* one comparison `l op r` as a value (may be a non-bool for arrays) */
static Value compare_one(Value l, Value r, int op) {
  int b;
  if (compare_fast(l, r, op, &b)) return val_bool(b);
  switch (op) {
    case CMP_IS: return val_bool(op_is(l, r));
    case CMP_ISNOT: return val_bool(!op_is(l, r));
    case CMP_IN:
    case CMP_NOTIN: {
      int c = op_contains(r, l);
      if (c < 0) return val_null();
      return val_bool(op == CMP_IN ? c : !c);
    }
    default: return op_compare(l, r, op);
  }
}

static Value eval_compare(Frame *f, Node *n) {
  Value l = eval_expr(f, n->u.compare.left);
  if (VAL_IS_NULL(l)) return l;
  int nc = n->u.compare.comparators.len;
  for (int i = 0; i < nc; i++) {
    Value r = eval_expr(f, n->u.compare.comparators.items[i]);
    if (VAL_IS_NULL(r)) { val_decref(l); return r; }
    Value res = compare_one(l, r, n->u.compare.ops[i]);
    val_decref(l);
    if (VAL_IS_NULL(res) || i == nc - 1) { val_decref(r); return res; }
    /* chained: stop at the first false link */
    int t = res.tag == V_BOOL ? (int)res.u.i : op_truth(res);
    if (t <= 0) {
      val_decref(r);
      if (t < 0) { val_decref(res); return val_null(); }
      return res;
    }
    val_decref(res);
    l = r;
  }
  return l;
}

/* ---- displays ---------------------------------------------------------------------------- */
static Value eval_seq_items(Frame *f, NodeList *elts) {
  Value list = list_new(0);
  if (VAL_IS_NULL(list)) return list;
  for (int i = 0; i < elts->len; i++) {
    Node *e = elts->items[i];
    if (e->kind == N_STARRED) {
      Value v = eval_expr(f, e->u.starred.value);
      if (VAL_IS_NULL(v)) { val_decref(list); return v; }
      /* reworded only for a type that cannot be iterated (CPython: no tp_iter, not a
         sequence); a TypeError from an __iter__ (or `__iter__ = None`) stays as raised */
      TypeObj *vt = op_type(v);
      Value r = !vt->iter && !vt->getitem
                    ? obj_raise(&exc_TypeError, "Value after * must be an iterable, not %s", vt->name)
                    : op_binop(OP_ADD | OBJ_INPLACE, list, v);
      if (VAL_IS_NULL(r)) {
        val_decref(v);
        val_decref(list);
        return r;
      }
      val_decref(v);
      val_decref(r);
      continue;
    }
    Value v = eval_expr(f, e);
    if (VAL_IS_NULL(v) || list_append_steal(list, v) < 0) { val_decref(list); return val_null(); }
  }
  return list;
}

static int has_starred(NodeList *l) {
  for (int i = 0; i < l->len; i++)
    if (l->items[i]->kind == N_STARRED) return 1;
  return 0;
}

static Value eval_tuple(Frame *f, Node *n) {
  NodeList *elts = &n->u.seq.elts;
  if (!has_starred(elts)) {
    Value t = tuple_new(elts->len);
    if (VAL_IS_NULL(t)) return t;
    for (int i = 0; i < elts->len; i++) {
      Value v = eval_expr(f, elts->items[i]);
      if (VAL_IS_NULL(v)) {
        TUPLE(t.u.o)->len = i;
        val_decref(t);
        return v;
      }
      TUPLE_SET(t, i, v);
    }
    return t;
  }
  Value l = eval_seq_items(f, elts);
  if (VAL_IS_NULL(l)) return l;
  Value t = tuple_from(LIST(l.u.o)->len, LIST(l.u.o)->items);
  val_decref(l);
  return t;
}

static Value eval_dict(Frame *f, Node *n) {
  Value d = dict_new();
  if (VAL_IS_NULL(d)) return d;
  for (int i = 0; i < n->u.dict.values.len; i++) {
    Node *kn = n->u.dict.keys.items[i];
    if (!kn) {
      Value m = eval_expr(f, n->u.dict.values.items[i]);
      if (VAL_IS_NULL(m)) { val_decref(d); return m; }
      if (!VAL_IS_DICT(m) && !(VAL_IS_OBJ(m) && op_hasattr_s(m, "keys"))) {
        obj_raise(&exc_TypeError, "'%s' object is not a mapping", op_type_name(m));
        val_decref(m);
        val_decref(d);
        return val_null();
      }
      int r = dict_update(d, m);
      val_decref(m);
      if (r < 0) { val_decref(d); return val_null(); }
      continue;
    }
    Value k = eval_expr(f, kn);
    if (VAL_IS_NULL(k)) { val_decref(d); return k; }
    Value v = eval_expr(f, n->u.dict.values.items[i]);
    if (VAL_IS_NULL(v)) { val_decref(k); val_decref(d); return v; }
    int r = dict_set(d, k, v);
    val_decref(k);
    val_decref(v);
    if (r < 0) { eval_locate(f, kn->span); val_decref(d); return val_null(); }
  }
  return d;
}

static Value eval_set(Frame *f, Node *n) {
  Value l = eval_seq_items(f, &n->u.seq.elts);
  if (VAL_IS_NULL(l)) return l;
  Value s = set_new();
  if (!VAL_IS_NULL(s)) {
    for (int64_t i = 0; i < LIST(l.u.o)->len; i++)
      if (set_add(s, LIST(l.u.o)->items[i]) < 0) { val_decref(s); s = val_null(); break; }
  }
  val_decref(l);
  return s;
}

static Value eval_slice(Frame *f, Node *n) {
  Value a = val_none(), b = val_none(), c = val_none();
  if (n->u.slice.lower && VAL_IS_NULL(a = eval_expr(f, n->u.slice.lower))) return a;
  if (n->u.slice.upper && VAL_IS_NULL(b = eval_expr(f, n->u.slice.upper))) { val_decref(a); return b; }
  if (n->u.slice.step && VAL_IS_NULL(c = eval_expr(f, n->u.slice.step))) {
    val_decref(a);
    val_decref(b);
    return c;
  }
  Value s = iter_slice_new(a, b, c);
  val_decref(a);
  val_decref(b);
  val_decref(c);
  return s;
}

/* ---- f-strings ------------------------------------------------------------------------------ */
static Value eval_formatted(Frame *f, Node *n) {
  Value v = eval_expr(f, n->u.formattedvalue.value);
  if (VAL_IS_NULL(v)) return v;
  int conv = n->u.formattedvalue.conversion;
  if (conv == 'r' || conv == 'a') {
    Value r = op_repr(v);
    val_decref(v);
    v = r;
  } else if (conv == 's') {
    Value r = op_str(v);
    val_decref(v);
    v = r;
  }
  if (VAL_IS_NULL(v)) return v;
  Value spec;
  if (n->u.formattedvalue.format_spec) {
    spec = eval_expr(f, n->u.formattedvalue.format_spec);
    if (VAL_IS_NULL(spec)) { val_decref(v); return spec; }
  } else {
    if (VAL_IS_STR(v)) return v;
    spec = str_new("", 0);
  }
  Value r = op_format(v, spec);
  val_decref(v);
  val_decref(spec);
  return r;
}

static Value eval_joined(Frame *f, Node *n) {
  NodeList *vals = &n->u.joinedstr.values;
  if (vals->len == 1) {
    Value v = eval_expr(f, vals->items[0]);
    if (VAL_IS_NULL(v) || VAL_IS_STR(v)) return v;
    Value s = op_str(v);
    val_decref(v);
    return s;
  }
  FBuf b = {0};
  for (int i = 0; i < vals->len; i++) {
    Value v = eval_expr(f, vals->items[i]);
    if (VAL_IS_NULL(v)) { fbuf_free(&b); return v; }
    if (!VAL_IS_STR(v)) {
      Value s = op_str(v);
      val_decref(v);
      if (VAL_IS_NULL(s)) { fbuf_free(&b); return s; }
      v = s;
    }
    fbuf_putn(&b, STR(v.u.o)->s, STR(v.u.o)->len);
    val_decref(v);
  }
  Value r = str_new(b.s ? b.s : "", b.len);
  fbuf_free(&b);
  return r;
}

/* ---- the dispatcher ------------------------------------------------------------------------- */
static Value eval_inner(Frame *f, Node *n) {
  switch (n->kind) {
    case N_NAME: return load_name(f, n);
    case N_CONSTANT: return eval_constant(n);
    case N_BINOP: {
      Value l = eval_expr(f, n->u.binop.left);
      if (VAL_IS_NULL(l)) return l;
      Value r = eval_expr(f, n->u.binop.right);
      if (VAL_IS_NULL(r)) { val_decref(l); return r; }
      Value v = binop_fast(n->u.binop.op, l, r);
      val_decref(l);
      val_decref(r);
      return v;
    }
    case N_COMPARE: {
      if (n->u.compare.comparators.len == 1) {
        Value l = eval_expr(f, n->u.compare.left);
        if (VAL_IS_NULL(l)) return l;
        Value r = eval_expr(f, n->u.compare.comparators.items[0]);
        if (VAL_IS_NULL(r)) { val_decref(l); return r; }
        Value v = compare_one(l, r, n->u.compare.ops[0]);
        val_decref(l);
        val_decref(r);
        return v;
      }
      return eval_compare(f, n);
    }
    case N_CALL: return call_node(f, n);
    case N_ATTRIBUTE: {
      Value o = eval_expr(f, n->u.attribute.value);
      if (VAL_IS_NULL(o)) return o;
      Value v = op_getattr(o, (Obj *)n->u.attribute.cache);
      val_decref(o);
      return v;
    }
    case N_SUBSCRIPT: {
      Value o = eval_expr(f, n->u.subscript.value);
      if (VAL_IS_NULL(o)) return o;
      Value k = eval_expr(f, n->u.subscript.slice);
      if (VAL_IS_NULL(k)) { val_decref(o); return k; }
      Value v;
      if (VAL_IS_LIST(o) && k.tag == V_INT) {
        ListObj *l = LIST(o.u.o);
        int64_t i = k.u.i < 0 ? k.u.i + l->len : k.u.i;
        v = (i >= 0 && i < l->len) ? val_incref(l->items[i])
                                   : obj_raise(&exc_IndexError, "list index out of range");
      } else {
        v = op_getitem(o, k);
      }
      val_decref(o);
      val_decref(k);
      return v;
    }
    case N_UNARYOP: {
      Value v = eval_expr(f, n->u.unaryop.operand);
      if (VAL_IS_NULL(v)) return v;
      Value r;
      int op = n->u.unaryop.op;
      if (op == UOP_NOT) {
        int t = v.tag == V_BOOL ? (int)v.u.i : op_truth(v);
        r = t < 0 ? val_null() : val_bool(!t);
      } else if (op == UOP_USUB && v.tag == V_FLOAT) {
        r = val_float(-v.u.f);
      } else if (op == UOP_USUB && v.tag == V_INT && v.u.i != INT64_MIN) {
        r = val_int(-v.u.i);
      } else {
        r = op_unary(op, v);
      }
      val_decref(v);
      return r;
    }
    case N_BOOLOP: {
      NodeList *vals = &n->u.boolop.values;
      int is_and = n->u.boolop.op == BOP_AND;
      Value v = val_null();
      for (int i = 0; i < vals->len; i++) {
        v = eval_expr(f, vals->items[i]);
        if (VAL_IS_NULL(v) || i == vals->len - 1) return v;
        int t = v.tag == V_BOOL ? (int)v.u.i : op_truth(v);
        if (t < 0) { val_decref(v); return val_null(); }
        if (is_and ? !t : t) return v;
        val_decref(v);
      }
      return v;
    }
    case N_IFEXP: {
      Value t = eval_expr(f, n->u.ifexp.test);
      if (VAL_IS_NULL(t)) return t;
      int b = t.tag == V_BOOL ? (int)t.u.i : op_truth(t);
      val_decref(t);
      if (b < 0) return val_null();
      return eval_expr(f, b ? n->u.ifexp.body : n->u.ifexp.orelse);
    }
    case N_TUPLE: return eval_tuple(f, n);
    case N_LIST: return eval_seq_items(f, &n->u.seq.elts);
    case N_SET: return eval_set(f, n);
    case N_DICT: return eval_dict(f, n);
    case N_SLICE: return eval_slice(f, n);
    case N_JOINEDSTR: return eval_joined(f, n);
    case N_FORMATTEDVALUE: return eval_formatted(f, n);
    case N_LAMBDA: return call_make_function(f, n);
    case N_LISTCOMP: case N_SETCOMP: case N_DICTCOMP: case N_GENERATOREXP:
      return call_comprehension(f, n);
    case N_NAMEDEXPR: {
      Value v = eval_expr(f, n->u.namedexpr.value);
      if (VAL_IS_NULL(v)) return v;
      if (eval_store(f, n->u.namedexpr.target->u.name.res, v) < 0) { val_decref(v); return val_null(); }
      return v;
    }
    case N_YIELD: return gen_yield(f, n);
    case N_YIELDFROM: return gen_yield_from(f, n);
    case N_STARRED:
      return obj_raise(&exc_SyntaxError, "can't use starred expression here");
    default:
      return obj_raise(&exc_SystemError, "cannot evaluate node kind %d", (int)n->kind);
  }
}

Value eval_expr(Frame *f, Node *n) {
  Value v = eval_inner(f, n);
  if (VAL_IS_NULL(v)) eval_locate_node(f, n);
  return v;
}
