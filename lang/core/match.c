/* match.c - the match statement (PEP 634) as CPython 3.11 runs it: patterns are tried in order,
 * captures are collected and stored only when a whole case pattern matched, then the guard. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eval.h"

typedef struct Binding { Node *name; Value v; } Binding;
typedef struct M { Frame *f; Binding *b; int n, cap; } M;

static int bind(M *m, Node *name, Value v) {
  if (!name) return 0;
  if (m->n == m->cap) {
    int nc = m->cap ? m->cap * 2 : 8;
    Binding *nb = obj_realloc_array(m->b, (size_t)nc, sizeof *nb);
    if (!nb) return -1;
    m->b = nb;
    m->cap = nc;
  }
  m->b[m->n].name = name;
  m->b[m->n].v = val_incref(v);
  m->n++;
  return 0;
}

static void unbind_to(M *m, int n) {
  while (m->n > n) val_decref(m->b[--m->n].v);
}

/* collections.abc flags, as CPython's Py_TPFLAGS_SEQUENCE / MAPPING: the builtin containers
 * carry them, and classes get them through `__abc_tpflags__` (collections.abc, deque). */
enum { ABC_SEQUENCE = 1 << 5, ABC_MAPPING = 1 << 6 };

static int abc_flags(Value v) {
  TypeObj *t = op_type(v);
  if (VAL_IS_DICT_ANY(v)) return ABC_MAPPING;
  if (VAL_IS_LIST_ANY(v) || VAL_IS_TUPLE_ANY(v) || t == &iter_range_type) return ABC_SEQUENCE;
  if (VAL_IS_STR_ANY(v) || VAL_HAS_LAYOUT(v, &bytes_type) || VAL_HAS_LAYOUT(v, &bytes_bytearray_type))
    return 0;
  if (!(t->flags & TF_HEAP)) return 0;
  Value fl = type_lookup(t, INTERNED("__abc_tpflags__"));
  if (VAL_IS_NULL(fl) || fl.tag != V_INT) return 0;
  return (int)(fl.u.i & (ABC_SEQUENCE | ABC_MAPPING));
}

static int match_pat(M *m, Node *pat, Value subj);

static int match_sequence(M *m, Node *pat, Value subj) {
  if (!(abc_flags(subj) & ABC_SEQUENCE)) return 0;
  NodeList *ps = &pat->u.matchseq.patterns;
  int star = -1;
  for (int i = 0; i < ps->len; i++)
    if (ps->items[i]->kind == N_MATCHSTAR) star = i;
  int64_t len;
  if (op_len(subj, &len) < 0) return -1;
  int64_t need = star < 0 ? ps->len : ps->len - 1;
  if (star < 0 ? len != need : len < need) return 0;
  Value items = VAL_IS_TUPLE(subj) ? val_incref(subj) : list_from_iterable(subj);
  if (VAL_IS_NULL(items)) return -1;
  Value *it;
  int64_t n;
  if (VAL_IS_TUPLE(items)) { it = TUPLE(items.u.o)->items; n = TUPLE(items.u.o)->len; }
  else { it = LIST(items.u.o)->items; n = LIST(items.u.o)->len; }
  int r = 1;
  if (n != len) r = 0;   /* the sequence changed under len() */
  for (int i = 0; i < ps->len && r == 1; i++) {
    Node *sp = ps->items[i];
    if (i == star) {
      int64_t cnt = n - (ps->len - 1);
      if (sp->u.matchas.name) {
        Value l = list_from(cnt, it + i);
        if (VAL_IS_NULL(l)) { r = -1; break; }
        r = bind(m, sp->u.matchas.name, l) < 0 ? -1 : 1;
        val_decref(l);
      }
    } else {
      int64_t k = star >= 0 && i > star ? n - (ps->len - i) : i;
      Value x = val_incref(it[k]);
      r = match_pat(m, sp, x);
      val_decref(x);
    }
  }
  val_decref(items);
  return r;
}

static int match_mapping(M *m, Node *pat, Value subj) {
  if (!(abc_flags(subj) & ABC_MAPPING)) return 0;
  NodeList *ks = &pat->u.matchmap.keys, *ps = &pat->u.matchmap.patterns;
  int nk = ks->len;
  if (nk == 0 && !pat->u.matchmap.rest) return 1;
  int64_t len;
  if (op_len(subj, &len) < 0) return -1;
  if (len < nk) return 0;
  Value *keys = obj_calloc((size_t)(nk ? nk : 1), sizeof(Value));
  if (!keys) return -1;
  int got = 0, r = 1;
  Value dummy = val_null(), get = val_null();
  for (; got < nk; got++) {
    keys[got] = eval_expr(m->f, ks->items[got]);
    if (VAL_IS_NULL(keys[got])) { r = -1; goto done; }
    for (int j = 0; j < got; j++) {
      int e = op_eq(keys[j], keys[got]);
      if (e < 0) { r = -1; goto done; }
      if (e) {
        Value rp = op_repr(keys[got]);
        if (!VAL_IS_NULL(rp)) {
          obj_raise(&exc_ValueError, "mapping pattern checks duplicate key (%s)", str_cstr(rp));
          val_decref(rp);
        }
        got++;
        r = -1;
        goto done;
      }
    }
  }
  if (!VAL_IS_DICT(subj)) {
    dummy = list_new(0);
    get = VAL_IS_NULL(dummy) ? val_null() : op_getattr_s(subj, "get");
    if (VAL_IS_NULL(get)) { r = -1; goto done; }
  }
  for (int i = 0; i < nk && r == 1; i++) {
    Value v;
    if (VAL_IS_DICT(subj)) {
      v = dict_get(subj, keys[i]);
      if (VAL_IS_NULL(v)) { r = obj_err_occurred() ? -1 : 0; break; }
      val_incref(v);
    } else {
      v = op_call2(get, keys[i], dummy);
      if (VAL_IS_NULL(v)) { r = -1; break; }
      if (op_is(v, dummy)) { val_decref(v); r = 0; break; }
    }
    r = match_pat(m, ps->items[i], v);
    val_decref(v);
  }
  if (r == 1 && pat->u.matchmap.rest) {
    Value rest = op_call1(val_obj((Obj *)&dict_type), subj);
    if (VAL_IS_NULL(rest)) { r = -1; goto done; }
    for (int i = 0; i < nk && r == 1; i++)
      if (op_setitem(rest, keys[i], val_null()) < 0) r = -1;
    if (r == 1 && bind(m, pat->u.matchmap.rest, rest) < 0) r = -1;
    val_decref(rest);
  }
done:
  for (int i = 0; i < got; i++) val_decref(keys[i]);
  obj_mfree(keys);
  val_decref(dummy);
  val_decref(get);
  return r;
}

/* int, str, list, ... match themselves with one positional sub-pattern */
static int match_self(TypeObj *t) {
  TypeObj *selfs[] = {&num_bool_type, &bytes_bytearray_type, &bytes_type, &dict_type,
                      &num_float_type, &set_frozenset_type, &num_int_type, &list_type,
                      &set_type, &str_type, &tuple_type};
  for (size_t i = 0; i < sizeof selfs / sizeof *selfs; i++)
    if (op_is_subtype(t, selfs[i])) return 1;
  return 0;
}

static int attr_match(M *m, Value subj, Obj *name, Node *sub) {
  Value a = op_getattr(subj, name);
  if (VAL_IS_NULL(a)) {
    if (!obj_err_matches(&exc_AttributeError)) return -1;
    obj_err_clear();
    return 0;
  }
  int r = match_pat(m, sub, a);
  val_decref(a);
  return r;
}

static int match_class(M *m, Node *pat, Value subj) {
  Value cls = eval_expr(m->f, pat->u.matchclass.cls);
  if (VAL_IS_NULL(cls)) return -1;
  int r = 1;
  Obj **names = NULL;
  Value margs = val_null();
  NodeList *ps = &pat->u.matchclass.patterns, *kw = &pat->u.matchclass.kwds;
  if (!VAL_IS_TYPE(cls)) {
    obj_raise(&exc_TypeError, "called match pattern must be a type");
    r = -1;
    goto done;
  }
  TypeObj *t = (TypeObj *)cls.u.o;
  {
    Value isinst = module_get(module_import("builtins"), "isinstance");
    if (VAL_IS_NULL(isinst)) { r = -1; goto done; }
    Value res = op_call2(isinst, subj, cls);
    if (VAL_IS_NULL(res)) { r = -1; goto done; }
    r = op_truth(res);
    val_decref(res);
    if (r != 1) goto done;
  }
  int np = ps->len, total = np + kw->len;
  names = obj_calloc((size_t)(total ? total : 1), sizeof(Obj *));
  if (!names) { r = -1; goto done; }
  int self_pos = 0;
  if (np) {
    margs = op_getattr_s(cls, "__match_args__");
    if (VAL_IS_NULL(margs)) {
      if (!obj_err_matches(&exc_AttributeError)) { r = -1; goto done; }
      obj_err_clear();
      self_pos = match_self(t);
      int allowed = self_pos ? 1 : 0;
      if (np > allowed) {
        obj_raise(&exc_TypeError, "%s() accepts %d positional sub-pattern%s (%d given)", t->name,
                  allowed, allowed == 1 ? "" : "s", np);
        r = -1;
        goto done;
      }
    } else {
      if (!VAL_IS_TUPLE(margs)) {
        obj_raise(&exc_TypeError, "%s.__match_args__ must be a tuple (got %s)", t->name,
                  op_type_name(margs));
        r = -1;
        goto done;
      }
      int64_t na = TUPLE(margs.u.o)->len;
      if (np > na) {
        obj_raise(&exc_TypeError, "%s() accepts %lld positional sub-pattern%s (%d given)", t->name,
                  (long long)na, na == 1 ? "" : "s", np);
        r = -1;
        goto done;
      }
      for (int i = 0; i < np; i++) {
        Value nm = TUPLE(margs.u.o)->items[i];
        if (!VAL_IS_STR_ANY(nm)) {
          obj_raise(&exc_TypeError, "__match_args__ elements must be strings (got %s)",
                    op_type_name(nm));
          r = -1;
          goto done;
        }
        names[i] = nm.u.o;
      }
    }
  }
  for (int i = 0; i < kw->len; i++) {
    Str a = kw->items[i]->u.keyword.arg;
    names[np + i] = str_intern_n(a.s, a.len);
    if (!names[np + i]) { r = -1; goto done; }
  }
  for (int i = self_pos ? 1 : 0; i < total; i++)
    for (int j = self_pos ? 1 : 0; j < i; j++) {
      int e = op_eq(val_obj(names[i]), val_obj(names[j]));
      if (e < 0) { r = -1; goto done; }
      if (e) {
        Value rp = op_repr(val_obj(names[i]));
        if (!VAL_IS_NULL(rp)) {
          obj_raise(&exc_TypeError, "%s() got multiple sub-patterns for attribute %s", t->name,
                    str_cstr(rp));
          val_decref(rp);
        }
        r = -1;
        goto done;
      }
    }
  for (int i = 0; i < total && r == 1; i++) {
    Node *sub = i < np ? ps->items[i] : kw->items[i - np]->u.keyword.value;
    if (i == 0 && self_pos) r = match_pat(m, sub, subj);
    else r = attr_match(m, subj, names[i], sub);
  }
done:
  obj_mfree(names);
  val_decref(margs);
  val_decref(cls);
  return r;
}

static int match_pat(M *m, Node *pat, Value subj) {
  STACK_CHECK_OR(-1);
  switch (pat->kind) {
    case N_MATCHVALUE: {
      Value v = eval_expr(m->f, pat->u.matchvalue.value);
      if (VAL_IS_NULL(v)) return -1;
      int r = op_eq(subj, v);
      val_decref(v);
      return r;
    }
    case N_MATCHSINGLETON: {
      Value v = eval_expr(m->f, pat->u.matchvalue.value);
      if (VAL_IS_NULL(v)) return -1;
      int r = op_is(subj, v);
      val_decref(v);
      return r;
    }
    case N_MATCHAS:
      if (pat->u.matchas.pattern) {
        int r = match_pat(m, pat->u.matchas.pattern, subj);
        if (r != 1) return r;
      }
      return bind(m, pat->u.matchas.name, subj) < 0 ? -1 : 1;
    case N_MATCHOR: {
      NodeList *alts = &pat->u.matchseq.patterns;
      int mark = m->n;
      for (int i = 0; i < alts->len; i++) {
        int r = match_pat(m, alts->items[i], subj);
        if (r != 0) return r;
        unbind_to(m, mark);
      }
      return 0;
    }
    case N_MATCHSEQUENCE: return match_sequence(m, pat, subj);
    case N_MATCHMAPPING: return match_mapping(m, pat, subj);
    case N_MATCHCLASS: return match_class(m, pat, subj);
    default:
      obj_raise(&exc_SystemError, "bad pattern node %d", (int)pat->kind);
      return -1;
  }
}

int exec_match(Frame *f, Node *n) {
  Value subj = eval_expr(f, n->u.match.subject);
  if (VAL_IS_NULL(subj)) return EX_ERR;
  M m = {f, NULL, 0, 0};
  int st = EX_OK;
  NodeList *cases = &n->u.match.cases;
  for (int i = 0; i < cases->len; i++) {
    Node *c = cases->items[i];
    int r = match_pat(&m, c->u.matchcase.pattern, subj);
    if (r < 0) {
      eval_locate(f, c->u.matchcase.pattern->span);
      st = EX_ERR;
      break;
    }
    if (r == 1) {
      for (int k = 0; k < m.n && r == 1; k++)
        if (exec_assign(f, m.b[k].name, m.b[k].v) < 0) r = -1;
      unbind_to(&m, 0);
      if (r == 1 && c->u.matchcase.guard) {
        Value g = eval_expr(f, c->u.matchcase.guard);
        r = VAL_IS_NULL(g) ? -1 : op_truth(g);
        val_decref(g);
        if (r < 0) eval_locate(f, c->u.matchcase.guard->span);
      }
      if (r < 0) { st = EX_ERR; break; }
      if (r == 1) { st = exec_block(f, &c->u.matchcase.body); break; }
    }
    unbind_to(&m, 0);
  }
  unbind_to(&m, 0);
  obj_mfree(m.b);
  val_decref(subj);
  return st;
}
