/* exec.c - the statement executor: assignment and unpacking, control flow (if, while, for with
 * a lazy range fast path), try/except/finally, with, raise, assert, del, import. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eval.h"

/* ---- assignment ------------------------------------------------------------------------- */
static int unpack(Frame *f, Node *target, Value v) {
  NodeList *elts = &target->u.seq.elts;
  int n = elts->len, star = -1;
  for (int i = 0; i < n; i++)
    if (elts->items[i]->kind == N_STARRED) star = i;
  Value seq;
  if (VAL_IS_TUPLE(v) || VAL_IS_LIST(v)) {
    seq = val_incref(v);
  } else {
    TypeObj *t = op_type(v);
    if (!t->iter && !t->getitem) {
      obj_raise(&exc_TypeError, "cannot unpack non-iterable %s object", t->name);
      return -1;
    }
    seq = list_from_iterable(v);
    if (VAL_IS_NULL(seq)) return -1;
  }
  int64_t len = VAL_IS_TUPLE(seq) ? TUPLE(seq.u.o)->len : LIST(seq.u.o)->len;
  const Value *items = VAL_IS_TUPLE(seq) ? TUPLE(seq.u.o)->items : LIST(seq.u.o)->items;
  int r = 0;
  if (star < 0) {
    if (len != n) {
      if (len > n) obj_raise(&exc_ValueError, "too many values to unpack (expected %d)", n);
      else obj_raise(&exc_ValueError, "not enough values to unpack (expected %d, got %lld)", n, (long long)len);
      val_decref(seq);
      return -1;
    }
    /* hold the items: assigning may drop the sequence's last reference elsewhere */
    Value tmp = tuple_from(len, items);
    val_decref(seq);
    if (VAL_IS_NULL(tmp)) return -1;
    for (int i = 0; i < n && r == 0; i++) r = exec_assign(f, elts->items[i], TUPLE(tmp.u.o)->items[i]);
    val_decref(tmp);
    return r;
  }
  if (len < n - 1) {
    obj_raise(&exc_ValueError, "not enough values to unpack (expected at least %d, got %lld)", n - 1,
              (long long)len);
    val_decref(seq);
    return -1;
  }
  Value tmp = tuple_from(len, items);
  val_decref(seq);
  if (VAL_IS_NULL(tmp)) return -1;
  const Value *it = TUPLE(tmp.u.o)->items;
  int after = n - star - 1;
  for (int i = 0; i < star && r == 0; i++) r = exec_assign(f, elts->items[i], it[i]);
  if (r == 0) {
    Value mid = list_from(len - star - after, it + star);
    if (VAL_IS_NULL(mid)) r = -1;
    else {
      r = exec_assign(f, elts->items[star]->u.starred.value, mid);
      val_decref(mid);
    }
  }
  for (int i = 0; i < after && r == 0; i++)
    r = exec_assign(f, elts->items[star + 1 + i], it[len - after + i]);
  val_decref(tmp);
  return r;
}

/* the module's __annotations__ dict (borrowed), made if the name is unbound or not a dict */
Value exec_module_annotations(ModuleObj *m) {
  Obj *nm = str_intern("__annotations__");
  int64_t k = nm ? module_slot(m, nm) : -1;
  if (k < 0) return val_null();
  if (!VAL_IS_DICT(m->vals[k])) {
    Value d = dict_new();
    if (VAL_IS_NULL(d)) return d;
    Value old = m->vals[k];
    m->vals[k] = d;
    val_decref(old);
    MODULE_STORED(m, k);
  }
  return m->vals[k];
}

int exec_assign(Frame *f, Node *t, Value v) {
  switch (t->kind) {
    case N_NAME: return eval_store(f, t->u.name.res, v);
    case N_ATTRIBUTE: {
      Value o = eval_expr(f, t->u.attribute.value);
      if (VAL_IS_NULL(o)) return -1;
      int r = op_setattr(o, (Obj *)t->u.attribute.cache, v);
      val_decref(o);
      if (r < 0) eval_locate(f, t->span);
      return r;
    }
    case N_SUBSCRIPT: {
      Value o = eval_expr(f, t->u.subscript.value);
      if (VAL_IS_NULL(o)) return -1;
      Value k = eval_expr(f, t->u.subscript.slice);
      if (VAL_IS_NULL(k)) { val_decref(o); return -1; }
      int r;
      if (VAL_IS_LIST(o) && k.tag == V_INT) {
        ListObj *l = LIST(o.u.o);
        int64_t i = k.u.i < 0 ? k.u.i + l->len : k.u.i;
        if (i >= 0 && i < l->len) {
          Value old = l->items[i];
          l->items[i] = val_incref(v);
          val_decref(old);
          r = 0;
        } else {
          obj_raise(&exc_IndexError, "list assignment index out of range");
          r = -1;
        }
      } else {
        r = op_setitem(o, k, v);
      }
      val_decref(o);
      val_decref(k);
      if (r < 0) eval_locate_node(f, t);
      return r;
    }
    case N_TUPLE:
    case N_LIST:
      return unpack(f, t, v);
    case N_STARRED:
      obj_raise(&exc_SyntaxError, "starred assignment target must be in a list or tuple");
      return -1;
    default:
      obj_raise(&exc_SyntaxError, "cannot assign to expression");
      return -1;
  }
}

static int delete_target(Frame *f, Node *t) {
  switch (t->kind) {
    case N_NAME: return eval_delete_res(f, t->u.name.res, &t->u.name.id);
    case N_ATTRIBUTE: {
      Value o = eval_expr(f, t->u.attribute.value);
      if (VAL_IS_NULL(o)) return -1;
      int r = op_setattr(o, (Obj *)t->u.attribute.cache, val_null());
      val_decref(o);
      return r;
    }
    case N_SUBSCRIPT: {
      Value o = eval_expr(f, t->u.subscript.value);
      if (VAL_IS_NULL(o)) return -1;
      Value k = eval_expr(f, t->u.subscript.slice);
      if (VAL_IS_NULL(k)) { val_decref(o); return -1; }
      int r = op_setitem(o, k, val_null());
      val_decref(o);
      val_decref(k);
      return r;
    }
    case N_TUPLE:
    case N_LIST:
      for (int i = 0; i < t->u.seq.elts.len; i++)
        if (delete_target(f, t->u.seq.elts.items[i]) < 0) return -1;
      return 0;
    default:
      obj_raise(&exc_SyntaxError, "cannot delete expression");
      return -1;
  }
}

/* the storage of a resolved name in this frame (NULL for class namespaces) */
static Value *name_slot(Frame *f, Resolved r) {
  switch (r.scope) {
    case RS_LOCAL: return &f->locals[r.slot];
    case RS_CELL: return &((CellObj *)f->locals[r.slot].u.o)->v;
    case RS_FREE: return &((CellObj *)f->cells[r.slot])->v;
    case RS_GLOBAL: return &f->mod->vals[r.slot];
    default: return NULL;
  }
}

static int augassign(Frame *f, Node *n) {
  Node *t = n->u.augassign.target;
  int op = n->u.augassign.op;
  if (t->kind == N_NAME) {
    Value *slot0 = name_slot(f, t->u.name.res);
    if (slot0 && (slot0->tag == V_INT || slot0->tag == V_FLOAT)) {
      /* the hot `s += i` of numeric loops: no reference counting at all */
      Value cur = *slot0;
      Value v = eval_expr(f, n->u.augassign.value);
      if (VAL_IS_NULL(v)) return -1;
      Value r;
      int64_t z;
      if (cur.tag == V_INT && v.tag == V_INT && op == OP_ADD && !__builtin_add_overflow(cur.u.i, v.u.i, &z))
        r = val_int(z);
      else if (cur.tag == V_INT && v.tag == V_INT && op == OP_SUB && !__builtin_sub_overflow(cur.u.i, v.u.i, &z))
        r = val_int(z);
      else if (cur.tag == V_FLOAT && v.tag == V_FLOAT && op == OP_ADD)
        r = val_float(cur.u.f + v.u.f);
      else
        r = op_binop(op | OBJ_INPLACE, cur, v);
      val_decref(v);
      if (VAL_IS_NULL(r)) { eval_locate(f, n->span); return -1; }
      Value *slot = name_slot(f, t->u.name.res);   /* re-read: evaluating v may have moved it */
      Value old = *slot;
      *slot = r;
      val_decref(old);
      if (t->u.name.res.scope == RS_GLOBAL) MODULE_STORED(f->mod, t->u.name.res.slot);
      return 0;
    }
    Value cur = eval_expr(f, t);
    if (VAL_IS_NULL(cur)) return -1;
    Value v = eval_expr(f, n->u.augassign.value);
    if (VAL_IS_NULL(v)) { val_decref(cur); return -1; }
    if (op == OP_ADD && VAL_IS_STR(cur) && VAL_IS_STR(v) && cur.u.o != v.u.o && cur.u.o->rc == 2) {
      /* `s += t` with s held only by the variable: grow it in place (CPython does the same),
         so building a string in a loop is linear, not quadratic */
      Value *slot = name_slot(f, t->u.name.res);
      if (slot && VAL_IS_OBJ(*slot) && slot->u.o == cur.u.o) {
        *slot = val_null();
        val_decref(cur);   /* we hold the only reference now */
        Value grown = str_append_inplace(cur, v);
        val_decref(v);
        if (VAL_IS_NULL(grown)) { eval_locate(f, n->span); return -1; }
        *slot = grown;
        return 0;
      }
    }
    Value r;
    int64_t z;
    if (cur.tag == V_INT && v.tag == V_INT && op == OP_ADD && !__builtin_add_overflow(cur.u.i, v.u.i, &z))
      r = val_int(z);
    else if (cur.tag == V_FLOAT && v.tag == V_FLOAT && op == OP_ADD)
      r = val_float(cur.u.f + v.u.f);
    else
      r = op_binop(op | OBJ_INPLACE, cur, v);
    val_decref(cur);
    val_decref(v);
    if (VAL_IS_NULL(r)) { eval_locate(f, n->span); return -1; }
    int k = eval_store(f, t->u.name.res, r);
    val_decref(r);
    return k;
  }
  if (t->kind == N_ATTRIBUTE) {
    Value o = eval_expr(f, t->u.attribute.value);
    if (VAL_IS_NULL(o)) return -1;
    Obj *name = (Obj *)t->u.attribute.cache;
    Value cur = op_getattr(o, name);
    if (VAL_IS_NULL(cur)) { eval_locate(f, t->span); val_decref(o); return -1; }
    Value v = eval_expr(f, n->u.augassign.value);
    if (VAL_IS_NULL(v)) { val_decref(cur); val_decref(o); return -1; }
    Value r = op_binop(op | OBJ_INPLACE, cur, v);
    val_decref(cur);
    val_decref(v);
    if (VAL_IS_NULL(r)) { eval_locate(f, n->span); val_decref(o); return -1; }
    int k = op_setattr(o, name, r);
    val_decref(r);
    val_decref(o);
    return k;
  }
  if (t->kind == N_SUBSCRIPT) {
    Value o = eval_expr(f, t->u.subscript.value);
    if (VAL_IS_NULL(o)) return -1;
    Value key = eval_expr(f, t->u.subscript.slice);
    if (VAL_IS_NULL(key)) { val_decref(o); return -1; }
    Value cur = op_getitem(o, key);
    if (VAL_IS_NULL(cur)) { eval_locate(f, t->span); val_decref(o); val_decref(key); return -1; }
    Value v = eval_expr(f, n->u.augassign.value);
    Value r = val_null();
    if (!VAL_IS_NULL(v)) {
      int64_t z;
      if (cur.tag == V_INT && v.tag == V_INT && op == OP_ADD &&
          !__builtin_add_overflow(cur.u.i, v.u.i, &z))
        r = val_int(z);
      else
        r = op_binop(op | OBJ_INPLACE, cur, v);
      if (VAL_IS_NULL(r)) eval_locate(f, n->span);
    }
    val_decref(cur);
    val_decref(v);
    int k = -1;
    if (!VAL_IS_NULL(r)) k = op_setitem(o, key, r);
    val_decref(r);
    val_decref(o);
    val_decref(key);
    return k;
  }
  obj_raise(&exc_SyntaxError, "illegal expression for augmented assignment");
  return -1;
}

/* ---- loops ---------------------------------------------------------------------------------- */
static int truth_of(Value v) {
  if (v.tag == V_BOOL) return (int)v.u.i;
  int t = op_truth(v);
  val_decref(v);
  return t;
}

static int exec_while(Frame *f, Node *n) {
  for (;;) {
    Value t = eval_expr(f, n->u.if_.test);
    if (VAL_IS_NULL(t)) return EX_ERR;
    int b = truth_of(t);
    if (b < 0) return EX_ERR;
    if (!b) break;
    int st = exec_block(f, &n->u.if_.body);
    if (st == EX_BREAK) return EX_OK;
    if (st == EX_ERR || st == EX_RETURN) return st;
    if (eval_poll() < 0) return EX_ERR;
  }
  return exec_block(f, &n->u.if_.orelse);
}

static int exec_for(Frame *f, Node *n) {
  Value iterable = eval_expr(f, n->u.for_.iter);
  if (VAL_IS_NULL(iterable)) return EX_ERR;
  Node *target = n->u.for_.target;
  NodeList *body = &n->u.for_.body;
  int st = EX_OK;
  /* a range needs no iterator object and no allocation per step */
  if (VAL_IS_OBJ(iterable) && iterable.u.o->type == &iter_range_type &&
      !((RangeObj *)iterable.u.o)->big) {
    RangeObj *r = (RangeObj *)iterable.u.o;
    int64_t cur = r->start, step = r->step;
    uint64_t left = r->ulen;
    int simple = target->kind == N_NAME;
    Resolved res = simple ? target->u.name.res : (Resolved){0, 0};
    for (; left > 0; left--, cur = (int64_t)((uint64_t)cur + (uint64_t)step)) {
      Value iv = val_int(cur);
      if (simple && res.scope == RS_LOCAL) {
        Value old = f->locals[res.slot];
        f->locals[res.slot] = iv;
        val_decref(old);
      } else if (simple && res.scope == RS_GLOBAL) {
        Value *slot = &f->mod->vals[res.slot];
        Value old = *slot;
        *slot = iv;
        val_decref(old);
        MODULE_STORED(f->mod, res.slot);
      } else if (exec_assign(f, target, iv) < 0) {
        st = EX_ERR;
        break;
      }
      st = exec_block(f, body);
      if (st != EX_OK) {
        if (st == EX_CONTINUE) { st = EX_OK; goto poll; }
        if (st == EX_BREAK) { st = EX_OK; val_decref(iterable); return EX_OK; }
        break;
      }
    poll:
      if (obj_interrupted | obj_ts.gc_pending) {
        if (eval_poll() < 0) { st = EX_ERR; break; }
      }
    }
    val_decref(iterable);
    if (st != EX_OK) return st;
    return exec_block(f, &n->u.for_.orelse);
  }
  Value it = op_iter(iterable);
  val_decref(iterable);
  if (VAL_IS_NULL(it)) { eval_locate(f, n->u.for_.iter->span); return EX_ERR; }
  for (;;) {
    Value x;
    int r = op_next(it, &x);
    if (r < 0) { eval_locate(f, n->span); st = EX_ERR; break; }
    if (r == 0) {
      st = exec_block(f, &n->u.for_.orelse);
      break;
    }
    int a = exec_assign(f, target, x);
    val_decref(x);
    if (a < 0) { st = EX_ERR; break; }
    st = exec_block(f, body);
    if (st != EX_OK) {
      if (st == EX_CONTINUE) st = EX_OK;
      else if (st == EX_BREAK) { st = EX_OK; break; }
      else break;
    }
    if (obj_interrupted | obj_ts.gc_pending) {
      if (eval_poll() < 0) { st = EX_ERR; break; }
    }
  }
  val_decref(it);
  return st;
}

/* ---- exceptions ---------------------------------------------------------------------- */
static int exc_matches(Value exc, Value spec) {
  if (VAL_IS_TUPLE(spec)) {
    for (int64_t i = 0; i < TUPLE(spec.u.o)->len; i++) {
      int m = exc_matches(exc, TUPLE(spec.u.o)->items[i]);
      if (m) return m;
    }
    return 0;
  }
  if (!VAL_IS_TYPE(spec) || !(((TypeObj *)spec.u.o)->flags & TF_EXC)) {
    obj_raise(&exc_TypeError, "catching classes that do not inherit from BaseException is not allowed");
    return -1;
  }
  return op_is_subtype(exc.u.o->type, (TypeObj *)spec.u.o);
}

static int exec_try(Frame *f, Node *n) {
  int st = exec_block(f, &n->u.try_.body);
  if (st == EX_ERR && n->u.try_.handlers.len) {
    Value exc = obj_err_fetch();
    int handled = 0;
    for (int i = 0; i < n->u.try_.handlers.len; i++) {
      Node *h = n->u.try_.handlers.items[i];
      if (h->u.excepthandler.type) {
        Value spec = eval_expr(f, h->u.excepthandler.type);
        if (VAL_IS_NULL(spec)) { val_decref(exc); st = EX_ERR; handled = 2; break; }
        int m = exc_matches(exc, spec);
        val_decref(spec);
        if (m < 0) { eval_locate(f, h->u.excepthandler.type->span); val_decref(exc); st = EX_ERR; handled = 2; break; }
        if (!m) continue;
      }
      handled = 1;
      Value saved = obj_ts.handling;
      obj_ts.handling = exc;
      if (h->u.excepthandler.name.len && eval_store(f, h->u.excepthandler.res, exc) < 0) {
        st = EX_ERR;
      } else {
        st = exec_block(f, &h->u.excepthandler.body);
        if (h->u.excepthandler.name.len) {
          /* the name is unbound when the handler ends, as in Python */
          Resolved r = h->u.excepthandler.res;
          Value *slot = NULL;
          if (r.scope == RS_LOCAL) slot = &f->locals[r.slot];
          else if (r.scope == RS_GLOBAL) slot = &f->mod->vals[r.slot];
          else if (r.scope == RS_CELL) slot = &((CellObj *)f->locals[r.slot].u.o)->v;
          else if (r.scope == RS_FREE) slot = &((CellObj *)f->cells[r.slot])->v;
          if (slot && VAL_IS_OBJ(*slot) && slot->u.o == exc.u.o) {
            val_clear(slot);
            if (r.scope == RS_GLOBAL) MODULE_STORED(f->mod, r.slot);
          }
        }
      }
      obj_ts.handling = saved;
      val_decref(exc);
      break;
    }
    if (!handled) obj_err_restore(exc);
  } else if (st == EX_OK && n->u.try_.orelse.len) {
    st = exec_block(f, &n->u.try_.orelse);
  }
  if (n->u.try_.finalbody.len) {
    Value pending = st == EX_ERR ? obj_err_fetch() : val_null();
    Value ret = st == EX_RETURN ? f->ret : val_null();
    if (st == EX_RETURN) f->ret = val_null();
    int located = obj_ts.located;
    Value saved = obj_ts.handling;
    if (!VAL_IS_NULL(pending)) obj_ts.handling = pending;
    int st2 = exec_block(f, &n->u.try_.finalbody);
    obj_ts.handling = saved;
    if (st2 != EX_OK) {
      val_decref(pending);
      val_decref(ret);
      return st2;
    }
    if (!VAL_IS_NULL(pending)) { obj_err_restore(pending); obj_ts.located = located; }
    if (st == EX_RETURN) f->ret = ret;
  }
  return st;
}

static int exec_raise(Frame *f, Node *n) {
  if (!n->u.raise.exc) {
    Value h = obj_ts.handling;
    if (VAL_IS_NULL(h)) {
      obj_raise(&exc_RuntimeError, "No active exception to reraise");
      return EX_ERR;
    }
    obj_err_restore(val_incref(h));
    obj_ts.located = 1;    /* a bare raise keeps the original traceback */
    return EX_ERR;
  }
  Value e = eval_expr(f, n->u.raise.exc);
  if (VAL_IS_NULL(e)) return EX_ERR;
  Value cause = val_null();
  if (n->u.raise.cause) {
    cause = eval_expr(f, n->u.raise.cause);
    if (VAL_IS_NULL(cause)) { val_decref(e); return EX_ERR; }
  }
  /* instantiate a class first, then chain */
  Value inst = e;
  if (VAL_IS_TYPE(e)) {
    if (!(((TypeObj *)e.u.o)->flags & TF_EXC)) {
      val_decref(e);
      val_decref(cause);
      obj_raise(&exc_TypeError, "exceptions must derive from BaseException");
      return EX_ERR;
    }
    inst = op_call0(e);
    val_decref(e);
    if (VAL_IS_NULL(inst)) { val_decref(cause); return EX_ERR; }
  }
  if (!VAL_IS_OBJ(inst) || !(inst.u.o->type->flags & TF_EXC)) {
    val_decref(inst);
    val_decref(cause);
    obj_raise(&exc_TypeError, "exceptions must derive from BaseException");
    return EX_ERR;
  }
  if (n->u.raise.cause) {
    Value c = cause;
    if (VAL_IS_TYPE(cause)) {
      c = op_call0(cause);
      if (VAL_IS_NULL(c)) { val_decref(cause); val_decref(inst); return EX_ERR; }
      val_decref(cause);
    }
    if (!VAL_IS_NONE(c) && !(VAL_IS_OBJ(c) && (c.u.o->type->flags & TF_EXC))) {
      val_decref(c);
      val_decref(inst);
      obj_raise(&exc_TypeError, "exception causes must derive from BaseException");
      return EX_ERR;
    }
    ExcObj *x = EXC(inst.u.o);
    val_decref(x->cause);
    x->cause = VAL_IS_NONE(c) ? val_null() : c;
    x->suppress_context = 1;
  }
  obj_raise_value(inst);
  val_decref(inst);
  return EX_ERR;
}

/* ---- with ------------------------------------------------------------------------------- */
static Value special_method(Value obj, const char *name) {
  TypeObj *t = op_type(obj);
  Value m = type_lookup(t, str_intern(name));
  if (VAL_IS_NULL(m)) return m;
  val_incref(m);
  Value b = type_bind(m, obj, t);
  val_decref(m);
  return b;
}

static int exec_with_items(Frame *f, Node *n, int idx) {
  if (idx >= n->u.with.items.len) return exec_block(f, &n->u.with.body);
  Node *item = n->u.with.items.items[idx];
  Value mgr = eval_expr(f, item->u.withitem.context_expr);
  if (VAL_IS_NULL(mgr)) return EX_ERR;
  Value enter = special_method(mgr, "__enter__");
  Value exit = VAL_IS_NULL(enter) ? enter : special_method(mgr, "__exit__");
  if (VAL_IS_NULL(enter) || VAL_IS_NULL(exit)) {
    if (!obj_err_occurred() || obj_err_matches(&exc_AttributeError)) {
      obj_err_clear();
      obj_raise(&exc_TypeError, "'%s' object does not support the context manager protocol",
                op_type_name(mgr));
    }
    val_decref(enter);
    val_decref(mgr);
    eval_locate(f, item->u.withitem.context_expr->span);
    return EX_ERR;
  }
  val_decref(mgr);
  Value v = op_call0(enter);
  val_decref(enter);
  if (VAL_IS_NULL(v)) { val_decref(exit); return EX_ERR; }
  int st;
  if (item->u.withitem.optional_vars && exec_assign(f, item->u.withitem.optional_vars, v) < 0)
    st = EX_ERR;
  else
    st = exec_with_items(f, n, idx + 1);
  val_decref(v);
  if (st == EX_ERR) {
    Value exc = obj_err_fetch();
    int located = obj_ts.located;
    Value tb = exc_get_traceback(exc);
    if (VAL_IS_NULL(tb)) { val_decref(exc); val_decref(exit); return EX_ERR; }
    Value args[3] = {val_obj(&exc.u.o->type->ob), exc, tb};
    Value saved = obj_ts.handling;
    obj_ts.handling = exc;
    Value r = op_call(exit, 3, args, NULL);
    val_decref(tb);
    obj_ts.handling = saved;
    val_decref(exit);
    if (VAL_IS_NULL(r)) { val_decref(exc); return EX_ERR; }
    int t = op_truth(r);
    val_decref(r);
    if (t < 0) { val_decref(exc); return EX_ERR; }
    if (t) { val_decref(exc); return EX_OK; }
    obj_err_restore(exc);
    obj_ts.located = located;
    return EX_ERR;
  }
  Value ret = st == EX_RETURN ? f->ret : val_null();
  if (st == EX_RETURN) f->ret = val_null();
  Value args[3] = {val_none(), val_none(), val_none()};
  Value r = op_call(exit, 3, args, NULL);
  val_decref(exit);
  if (VAL_IS_NULL(r)) { val_decref(ret); return EX_ERR; }
  val_decref(r);
  if (st == EX_RETURN) f->ret = ret;
  return st;
}

/* ---- statements ---------------------------------------------------------------------------- */
static int exec_stmt_inner(Frame *f, Node *n) {
  switch (n->kind) {
    case N_EXPR_STMT: {
      Value v = eval_expr(f, n->u.expr_stmt.value);
      if (VAL_IS_NULL(v)) return EX_ERR;
      val_decref(v);
      return EX_OK;
    }
    case N_ASSIGN: {
      Value v = eval_expr(f, n->u.assign.value);
      if (VAL_IS_NULL(v)) return EX_ERR;
      NodeList *ts = &n->u.assign.targets;
      int r = 0;
      if (ts->len == 1 && ts->items[0]->kind == N_NAME) {
        Resolved res = ts->items[0]->u.name.res;
        if (res.scope == RS_LOCAL) {
          Value old = f->locals[res.slot];
          f->locals[res.slot] = v;
          val_decref(old);
          return EX_OK;
        }
        r = eval_store(f, res, v);
      } else {
        for (int i = 0; i < ts->len && r == 0; i++) r = exec_assign(f, ts->items[i], v);
      }
      val_decref(v);
      return r < 0 ? EX_ERR : EX_OK;
    }
    case N_AUGASSIGN: return augassign(f, n) < 0 ? EX_ERR : EX_OK;
    case N_ANNASSIGN: {
      /* in a class body, annotated names are recorded in __annotations__ (dataclasses read it) */
      /* ... and at module level in the module's __annotations__ (never inside a def) */
      if ((f->classdict || !f->func) && n->u.annassign.target->kind == N_NAME &&
          n->u.annassign.annotation) {
        Value ann = eval_expr(f, n->u.annassign.annotation);
        if (VAL_IS_NULL(ann)) return EX_ERR;
        int r = 0;
        Value d;
        if (f->classdict) {
          d = dict_getstr(val_obj(f->classdict), "__annotations__");
          if (!VAL_IS_DICT(d)) {
            d = dict_new();
            r = VAL_IS_NULL(d) ? -1 : dict_setstr(val_obj(f->classdict), "__annotations__", d);
            val_decref(d);
          }
        } else {
          d = exec_module_annotations(f->mod);
          if (VAL_IS_NULL(d)) r = -1;
        }
        Str *id = &n->u.annassign.target->u.name.id;
        Obj *nm = r < 0 ? NULL : str_intern_n(id->s, id->len);
        if (!nm || dict_set(d, val_obj(nm), ann) < 0) r = -1;
        val_decref(ann);
        if (r < 0) return EX_ERR;
      }
      if (!n->u.annassign.value) return EX_OK;
      Value v = eval_expr(f, n->u.annassign.value);
      if (VAL_IS_NULL(v)) return EX_ERR;
      int r = exec_assign(f, n->u.annassign.target, v);
      val_decref(v);
      return r < 0 ? EX_ERR : EX_OK;
    }
    case N_IF: {
      for (;;) {
        Value t = eval_expr(f, n->u.if_.test);
        if (VAL_IS_NULL(t)) return EX_ERR;
        int b = truth_of(t);
        if (b < 0) return EX_ERR;
        if (b) return exec_block(f, &n->u.if_.body);
        NodeList *e = &n->u.if_.orelse;
        if (e->len == 1 && e->items[0]->kind == N_IF) { n = e->items[0]; continue; }
        return exec_block(f, e);
      }
    }
    case N_WHILE: return exec_while(f, n);
    case N_FOR: return exec_for(f, n);
    case N_BREAK: return EX_BREAK;
    case N_CONTINUE: return EX_CONTINUE;
    case N_PASS: return EX_OK;
    case N_RETURN: {
      Value v = n->u.ret.value ? eval_expr(f, n->u.ret.value) : val_none();
      if (VAL_IS_NULL(v)) return EX_ERR;
      val_decref(f->ret);
      f->ret = v;
      return EX_RETURN;
    }
    case N_FUNCDEF: {
      Value fn = call_make_function(f, n);
      if (VAL_IS_NULL(fn)) return EX_ERR;
      Scope *sc = n->u.funcdef.scope_info;
      int r = eval_store(f, sc->bind, fn);
      val_decref(fn);
      return r < 0 ? EX_ERR : EX_OK;
    }
    case N_CLASSDEF: return call_classdef(f, n) < 0 ? EX_ERR : EX_OK;
    case N_DELETE:
      for (int i = 0; i < n->u.del.targets.len; i++)
        if (delete_target(f, n->u.del.targets.items[i]) < 0) {
          eval_locate(f, n->u.del.targets.items[i]->span);
          return EX_ERR;
        }
      return EX_OK;
    case N_TRY: return exec_try(f, n);
    case N_RAISE: return exec_raise(f, n);
    case N_ASSERT: {
      Value t = eval_expr(f, n->u.assert_.test);
      if (VAL_IS_NULL(t)) return EX_ERR;
      int b = truth_of(t);
      if (b < 0) return EX_ERR;
      if (b) return EX_OK;
      Value args;
      if (n->u.assert_.msg) {
        Value m = eval_expr(f, n->u.assert_.msg);
        if (VAL_IS_NULL(m)) return EX_ERR;
        args = tuple_pack(1, m);
        val_decref(m);
      } else {
        args = tuple_new(0);
      }
      if (VAL_IS_NULL(args)) return EX_ERR;
      Value e = exc_new(&exc_AssertionError, args);
      val_decref(args);
      if (VAL_IS_NULL(e)) return EX_ERR;
      obj_raise_value(e);
      val_decref(e);
      eval_locate(f, n->u.assert_.test->span);   /* CPython points at the test */
      return EX_ERR;
    }
    case N_GLOBAL:
    case N_NONLOCAL: return EX_OK;
    case N_WITH: return exec_with_items(f, n, 0);
    case N_MATCH: return exec_match(f, n);
    case N_IMPORT: return call_import(f, n) < 0 ? EX_ERR : EX_OK;
    case N_IMPORTFROM: return call_importfrom(f, n) < 0 ? EX_ERR : EX_OK;
    default:
      obj_raise(&exc_SystemError, "cannot execute node kind %d", (int)n->kind);
      return EX_ERR;
  }
}

int exec_stmt(Frame *f, Node *n) {
  f->line = n->span.line;
  int st = exec_stmt_inner(f, n);
  if (st == EX_ERR) eval_locate(f, n->span);
  return st;
}

int exec_block(Frame *f, NodeList *body) {
  for (int i = 0; i < body->len; i++) {
    int st = exec_stmt(f, body->items[i]);
    if (st != EX_OK) return st;
    /* an interrupt that arrived during a long native call (a sort, a matmul, a trace) stops
     * the block here: the next statement must not run */
    if (obj_interrupted && obj_check_signals() < 0) {
      eval_locate(f, body->items[i]->span);
      return EX_ERR;
    }
  }
  return EX_OK;
}
