/* typeobj.c - `type` and `object`: attribute lookup through a type's bases, descriptor
 * binding (methods, properties, static/class methods), generic getattr/setattr, dir(). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

/* ---- getset descriptors (a GetSetDef as an object in a type's dict) ------------------- */
typedef struct GetSetObj { Obj ob; const GetSetDef *def; TypeObj *owner; } GetSetObj;
static void gs_dealloc(Obj *o) { obj_free(o); }
static Value gs_repr(Value v) {
  GetSetObj *g = (GetSetObj *)v.u.o;
  return str_fmt("<attribute '%s' of '%s' objects>", g->def->name, g->owner->name);
}
TypeObj type_getset_type = {OBJ_TYPE_HEAD, .name = "getset_descriptor", .dealloc = gs_dealloc,
                            .repr = gs_repr};

int type_ready(TypeObj *t) {
  if (t->dict) return 0;
  Value d = dict_new();
  if (VAL_IS_NULL(d)) return -1;
  if (t->methods)
    for (const MethodDef *m = t->methods; m->name; m++) {
      BuiltinObj *b = obj_alloc(&func_builtin_type, sizeof(BuiltinObj));
      if (!b) { val_decref(d); return -1; }
      b->name = m->name;
      b->fn = m->fn;
      b->doc = m->doc;
      b->flags = m->flags;
      b->owner = t;
      Value bv = val_obj(&b->ob);
      int r = dict_setstr(d, m->name, bv);
      val_decref(bv);
      if (r < 0) { val_decref(d); return -1; }
    }
  if (t->getset)
    for (const GetSetDef *g = t->getset; g->name; g++) {
      GetSetObj *o = obj_alloc(&type_getset_type, sizeof(GetSetObj));
      if (!o) { val_decref(d); return -1; }
      o->def = g;
      o->owner = t;
      Value ov = val_obj(&o->ob);
      int r = dict_setstr(d, g->name, ov);
      val_decref(ov);
      if (r < 0) { val_decref(d); return -1; }
    }
  if (slotwrap_add(t, d) < 0) { val_decref(d); return -1; }
  t->dict = d.u.o;
  type_version++;
  return 0;
}

/* A cache of (type, name) -> attribute, as CPython's method cache: valid while no type's
 * namespace changed (type_version counts the changes). */
#define MCACHE 4096
static struct { TypeObj *t; Obj *name; Value v; uint64_t ver; } mcache[MCACHE];
uint64_t type_version = 1;

static Value type_lookup_slow(TypeObj *t, Obj *name);

Value type_lookup(TypeObj *t, Obj *name) {
  size_t h = (((uintptr_t)t >> 4) ^ (((uintptr_t)name >> 4) * 2654435761u)) & (MCACHE - 1);
  if (mcache[h].t == t && mcache[h].name == name && mcache[h].ver == type_version)
    return mcache[h].v;
  Value v = type_lookup_slow(t, name);
  if (STR(name)->interned && !obj_err_occurred()) {
    mcache[h].t = t;
    mcache[h].name = name;
    mcache[h].v = v;
    mcache[h].ver = type_version;
  }
  return v;
}

static Value type_lookup_slow(TypeObj *t, Obj *name) {
  int64_t h = STR(name)->hash;
  if (h == -1) op_hash(val_obj(name), &h);
  if (t->mro) {
    if (!t->dict && type_ready(t) < 0) { obj_err_clear(); return val_null(); }
    Value v = dict_get_h(val_obj(t->dict), val_obj(name), h);
    if (!VAL_IS_NULL(v)) return v;
    for (int64_t i = 0; i < TUPLE(t->mro)->len; i++) {
      TypeObj *k = (TypeObj *)TUPLE(t->mro)->items[i].u.o;
      if (!k->dict && type_ready(k) < 0) { obj_err_clear(); return val_null(); }
      v = dict_get_h(val_obj(k->dict), val_obj(name), h);
      if (!VAL_IS_NULL(v)) return v;
    }
    return val_null();
  }
  for (TypeObj *k = t; k; k = k->base) {
    if (!k->dict && type_ready(k) < 0) { obj_err_clear(); return val_null(); }
    Value v = dict_get_h(val_obj(k->dict), val_obj(name), h);
    if (!VAL_IS_NULL(v)) return v;
  }
  if (t != &type_object_type) {
    if (!type_object_type.dict && type_ready(&type_object_type) < 0) {
      obj_err_clear();
      return val_null();
    }
    return dict_get_h(val_obj(type_object_type.dict), val_obj(name), h);
  }
  return val_null();
}

Obj **type_instance_dict_ptr(Value v) {
  if (!VAL_IS_OBJ(v)) return NULL;
  size_t off = v.u.o->type->dict_offset;
  if (!off) return v.u.o->type->layout ? class_var_dict_ptr(v.u.o) : NULL;
  return (Obj **)((char *)v.u.o + off);
}

Value type_bind(Value attr, Value self, TypeObj *t) {
  if (!VAL_IS_OBJ(attr)) return attr;
  TypeObj *at = attr.u.o->type;
  if (at == &func_type) return func_method_new(attr, self);
  if (at == &func_builtin_type) {
    BuiltinObj *b = (BuiltinObj *)attr.u.o;
    if (!VAL_IS_NULL(b->self)) return val_incref(attr);
    if (b->flags & METH_STATIC) return val_incref(attr);
    /* a module's builtin function has no __get__: `f = len` in a class body stays len */
    if (!b->owner && !(b->flags & METH_CLASS)) return val_incref(attr);
    if (b->flags & METH_CLASS) return func_method_new(attr, val_obj(&t->ob));
    /* object's methods see the instance itself (MyInt(3).__reduce_ex__ keeps the class) */
    if (b->owner == &type_object_type) return func_method_new(attr, self);
    return func_method_new(attr, num_unbox(self));
  }
  if (at == &slotwrap_type) return slotwrap_bind(attr, self);
  if (at == &class_staticmethod_type) return val_incref(((WrapObj *)attr.u.o)->f);
  if (at == &class_classmethod_type) return func_method_new(((WrapObj *)attr.u.o)->f, val_obj(&t->ob));
  if (at == &class_property_type) {
    WrapObj *p = (WrapObj *)attr.u.o;
    if (VAL_IS_NULL(p->f) || VAL_IS_NONE(p->f))
      return obj_raise(&exc_AttributeError, "property has no getter");
    return op_call1(p->f, self);
  }
  if (at == &type_getset_type) return ((GetSetObj *)attr.u.o)->def->get(self);
  return val_incref(attr);
}

static Value attr_error(Value v, Obj *name) {
  TypeObj *t = op_type(v);
  obj_raise(&exc_AttributeError, "'%s' object has no attribute '%s'", t->name, STR(name)->s);
  exc_attr_info(v, name);
  return val_null();
}

/* a user descriptor: an instance of a class defining __get__ (and __set__/__delete__ for a
 * data descriptor); 2 data, 1 non-data, 0 not one */
static int user_descr_kind(Value d) {
  if (!VAL_IS_OBJ(d) || !(d.u.o->type->flags & TF_USER)) return 0;
  TypeObj *dt = d.u.o->type;
  if (!VAL_IS_NULL(type_lookup(dt, INTERNED("__set__"))) ||
      !VAL_IS_NULL(type_lookup(dt, INTERNED("__delete__"))))
    return 2;
  return VAL_IS_NULL(type_lookup(dt, INTERNED("__get__"))) ? 0 : 1;
}

static Value user_descr_get(Value descr, Value inst, Value owner) {
  Value g = type_lookup(descr.u.o->type, INTERNED("__get__"));
  if (VAL_IS_NULL(g)) return val_incref(descr);
  val_incref(descr);
  Value args[3] = {descr, inst, owner};
  Value r = op_call(g, 3, args, NULL);
  val_decref(descr);
  return r;
}

Value type_generic_getattr(Value v, Obj *name) {
  TypeObj *t = op_type(v);
  Value descr = type_lookup(t, name);
  int uk = user_descr_kind(descr);
  if (uk == 2) return user_descr_get(descr, v, val_obj(&t->ob));
  if (!VAL_IS_NULL(descr) && VAL_IS_OBJ(descr)) {
    TypeObj *dt = descr.u.o->type;
    if (dt == &class_property_type || dt == &type_getset_type) {
      val_incref(descr);
      Value r = type_bind(descr, v, t);
      val_decref(descr);
      goto done_check;
    done_check:
      if (VAL_IS_NULL(r) && (t->flags & TF_USER) && obj_err_matches(&exc_AttributeError)) {
        Value ga = type_lookup(t, INTERNED("__getattr__"));
        if (!VAL_IS_NULL(ga)) {
          obj_err_clear();
          Value args[2] = {v, val_obj(name)};
          return op_call(ga, 2, args, NULL);
        }
      }
      return r;
    }
  }
  Obj **dp = type_instance_dict_ptr(v);
  if (dp && *dp) {
    Value x = dict_get_h(val_obj(*dp), val_obj(name), STR(name)->hash);
    if (!VAL_IS_NULL(x)) return val_incref(x);
  }
  if (uk == 1) return user_descr_get(descr, v, val_obj(&t->ob));
  if (!VAL_IS_NULL(descr)) {
    val_incref(descr);
    Value r = type_bind(descr, v, t);
    val_decref(descr);
    return r;
  }
  const char *n = STR(name)->s;
  if (n[0] == '_' && n[1] == '_') {
    if (strcmp(n, "__class__") == 0) {
      TypeObj *ct = t == &type_heaptype_type ? &type_type : t;
      return val_incref(val_obj(&ct->ob));
    }
    if (strcmp(n, "__dict__") == 0 && dp) {
      if (!*dp) {
        Value d = dict_new();
        if (VAL_IS_NULL(d)) return d;
        *dp = d.u.o;
      }
      return val_incref(val_obj(*dp));
    }
    if (strcmp(n, "__doc__") == 0) {
      return t->doc ? str_from_cstr(t->doc) : val_none();
    }
  }
  if (t->flags & TF_USER) {
    Value ga = type_lookup(t, INTERNED("__getattr__"));
    if (!VAL_IS_NULL(ga)) {
      Value args[2] = {v, val_obj(name)};
      return op_call(ga, 2, args, NULL);
    }
  }
  return attr_error(v, name);
}

int type_generic_setattr(Value v, Obj *name, Value x) {
  TypeObj *t = op_type(v);
  Value descr = type_lookup(t, name);
  if (user_descr_kind(descr) == 2) {
    const char *m = VAL_IS_NULL(x) ? "__delete__" : "__set__";
    Value f = type_lookup(descr.u.o->type, str_intern(m));
    if (VAL_IS_NULL(f)) {
      obj_raise(&exc_AttributeError, "%s", m);
      return -1;
    }
    val_incref(descr);
    Value args[3] = {descr, v, x};
    Value r = op_call(f, VAL_IS_NULL(x) ? 2 : 3, args, NULL);
    val_decref(descr);
    if (VAL_IS_NULL(r)) return -1;
    val_decref(r);
    return 0;
  }
  if (!VAL_IS_NULL(descr) && VAL_IS_OBJ(descr)) {
    TypeObj *dt = descr.u.o->type;
    if (dt == &class_property_type) {
      WrapObj *p = (WrapObj *)descr.u.o;
      Value fn = VAL_IS_NULL(x) ? p->s : p->g;
      if (VAL_IS_NULL(fn) || VAL_IS_NONE(fn)) {
        obj_raise(&exc_AttributeError, "property '%s' of '%s' object has no %s", STR(name)->s,
                  t->name, VAL_IS_NULL(x) ? "deleter" : "setter");
        return -1;
      }
      Value r = VAL_IS_NULL(x) ? op_call1(fn, v) : op_call2(fn, v, x);
      if (VAL_IS_NULL(r)) return -1;
      val_decref(r);
      return 0;
    }
    if (dt == &type_getset_type) {
      GetSetObj *g = (GetSetObj *)descr.u.o;
      if (!g->def->set || VAL_IS_NULL(x)) {
        obj_raise(&exc_AttributeError, "attribute '%s' of '%s' objects is not writable",
                  g->def->name, g->owner->name);
        return -1;
      }
      return g->def->set(v, x);
    }
  }
  Obj **dp = type_instance_dict_ptr(v);
  if (!dp) {
    if (!VAL_IS_NULL(descr))
      obj_raise(&exc_AttributeError, "'%s' object attribute '%s' is read-only", t->name,
                STR(name)->s);
    else
      obj_raise(&exc_AttributeError, "'%s' object has no attribute '%s'", t->name, STR(name)->s);
    return -1;
  }
  if (!*dp) {
    Value d = dict_new();
    if (VAL_IS_NULL(d)) return -1;
    *dp = d.u.o;
  }
  if (VAL_IS_NULL(x)) {
    Value old = dict_pop(val_obj(*dp), val_obj(name));
    if (VAL_IS_NULL(old)) {
      if (!obj_err_occurred()) attr_error(v, name);
      return -1;
    }
    val_decref(old);
    return 0;
  }
  return dict_set_h(val_obj(*dp), val_obj(name), STR(name)->hash, x);
}

/* ---- dir() ------------------------------------------------------------------------------ */
static int add_keys(Value set, Obj *dict) {
  if (!dict) return 0;
  int64_t pos = 0;
  Value k;
  while (dict_next(val_obj(dict), &pos, &k, NULL))
    if (VAL_IS_STR(k) && set_add(set, k) < 0) return -1;
  return 0;
}

Value type_dir(Value v) {
  Value set = set_new();
  if (VAL_IS_NULL(set)) return set;
  int r = 0;
  if (VAL_IS_OBJ(v) && v.u.o->type == &module_type) {
    ModuleObj *m = MODULE(v.u.o);
    for (int64_t i = 0; i < m->n && r == 0; i++)
      if (!VAL_IS_NULL(m->vals[i])) r = set_add(set, val_obj(m->names[i]));
  } else {
    TypeObj *t = VAL_IS_TYPE(v) ? (TypeObj *)v.u.o : op_type(v);
    Obj **dp = type_instance_dict_ptr(v);
    if (dp) r = add_keys(set, *dp);
    if (t->mro) {
      if (type_ready(t) < 0) r = -1;
      else r = add_keys(set, t->dict);
      for (int64_t i = 0; t->mro && i < TUPLE(t->mro)->len && r == 0; i++) {
        TypeObj *k = (TypeObj *)TUPLE(t->mro)->items[i].u.o;
        if (type_ready(k) < 0) { r = -1; break; }
        r = add_keys(set, k->dict);
      }
    } else {
      for (TypeObj *k = t; k && r == 0; k = k->base) {
        if (type_ready(k) < 0) { r = -1; break; }
        r = add_keys(set, k->dict);
      }
    }
    if (r == 0 && type_ready(&type_object_type) == 0) r = add_keys(set, type_object_type.dict);
    if (r == 0 && VAL_IS_TYPE(v)) {
      static const char *const extra[] = {"__name__", "__doc__", "__module__", "__qualname__",
                                          "__dict__", "__bases__", "__mro__", NULL};
      for (int i = 0; extra[i] && r == 0; i++) r = set_add(set, val_obj(str_intern(extra[i])));
    } else if (r == 0) {
      r = set_add(set, val_obj(str_intern("__class__")));
      if (r == 0 && dp) r = set_add(set, val_obj(str_intern("__dict__")));
    }
  }
  if (r < 0) { val_decref(set); return val_null(); }
  Value l = list_sorted(set, val_null(), 0);
  val_decref(set);
  return l;
}

/* ---- the type `type` ---------------------------------------------------------------------- */
static Value type_repr(Value v) {
  TypeObj *t = (TypeObj *)v.u.o;
  if (t->flags & TF_USER) {
    const char *mod = t->module ? STR(t->module)->s : "__main__";
    return str_fmt("<class '%s.%s'>", mod, t->qualname ? STR(t->qualname)->s : t->name);
  }
  if (t->module) return str_fmt("<class '%s.%s'>", STR(t->module)->s, t->name);
  return str_fmt("<class '%s'>", t->name);
}

static Value mro_tuple(TypeObj *t) {
  if (t->mro) {
    int64_t m = TUPLE(t->mro)->len;
    Value tup = tuple_new(m + 1);
    if (VAL_IS_NULL(tup)) return tup;
    TUPLE_SET(tup, 0, val_incref(val_obj(&t->ob)));
    for (int64_t i = 0; i < m; i++) TUPLE_SET(tup, i + 1, val_incref(TUPLE(t->mro)->items[i]));
    return tup;
  }
  int n = 0;
  for (TypeObj *k = t; k; k = k->base) n++;
  int has_obj = 0;
  for (TypeObj *k = t; k; k = k->base) if (k == &type_object_type) has_obj = 1;
  Value tup = tuple_new(n + !has_obj);
  if (VAL_IS_NULL(tup)) return tup;
  int i = 0;
  for (TypeObj *k = t; k; k = k->base) TUPLE_SET(tup, i++, val_incref(val_obj(&k->ob)));
  if (!has_obj) TUPLE_SET(tup, i, val_obj(&type_object_type.ob));
  return tup;
}

/* type.__dict__: a read-only view of the type's namespace */
typedef struct ProxyObj { Obj ob; Value d; } ProxyObj;
static void proxy_dealloc(Obj *o) { val_decref(((ProxyObj *)o)->d); obj_free(o); }
static void proxy_traverse(Obj *o, VisitFn visit, void *arg) {
  if (VAL_IS_OBJ(((ProxyObj *)o)->d)) visit(((ProxyObj *)o)->d.u.o, arg);
}
static void proxy_clear(Obj *o) { val_clear(&((ProxyObj *)o)->d); }
static Value proxy_getitem(Value v, Value k) { return op_getitem(((ProxyObj *)v.u.o)->d, k); }
static int proxy_len(Value v, int64_t *out) { return op_len(((ProxyObj *)v.u.o)->d, out); }
static Value proxy_iter(Value v) { return op_iter(((ProxyObj *)v.u.o)->d); }
static int proxy_contains(Value v, Value x) { return op_contains(((ProxyObj *)v.u.o)->d, x); }
static Value proxy_repr(Value v) {
  Value r = op_repr(((ProxyObj *)v.u.o)->d);
  if (VAL_IS_NULL(r)) return r;
  Value s = str_fmt("mappingproxy(%s)", str_cstr(r));
  val_decref(r);
  return s;
}
static Value proxy_getattr(Value v, Obj *name) {
  const char *n = STR(name)->s;
  if (!strcmp(n, "keys") || !strcmp(n, "values") || !strcmp(n, "items") || !strcmp(n, "get") ||
      !strcmp(n, "copy"))
    return op_getattr(((ProxyObj *)v.u.o)->d, name);
  return obj_raise(&exc_AttributeError, "'mappingproxy' object has no attribute '%s'", n);
}
static TypeObj proxy_type = {OBJ_TYPE_HEAD, .name = "mappingproxy", .flags = TF_GC,
                             .dealloc = proxy_dealloc, .traverse = proxy_traverse,
                             .clear = proxy_clear, .getitem = proxy_getitem, .len = proxy_len,
                             .iter = proxy_iter, .contains = proxy_contains, .repr = proxy_repr,
                             .getattr = proxy_getattr};

/* the type of a type object as Python sees it (the collectable heap type shows as `type`) */
static TypeObj *meta_type(Value v) {
  TypeObj *m = op_type(v);
  return m == &type_heaptype_type ? &type_type : m;
}

static int type_setattr(Value v, Obj *name, Value x);
static Value type_getattr(Value v, Obj *name) {
  TypeObj *t = (TypeObj *)v.u.o;
  TypeObj *meta = meta_type(v);
  const char *n = STR(name)->s;
  /* a data descriptor of the metaclass (a property of a user metaclass) comes first */
  Value md = meta == &type_type ? val_null() : type_lookup(meta, name);
  if (VAL_IS_OBJ(md) && (md.u.o->type == &class_property_type || user_descr_kind(md) == 2)) {
    if (md.u.o->type == &class_property_type) {
      val_incref(md);
      Value r = type_bind(md, v, meta);
      val_decref(md);
      return r;
    }
    return user_descr_get(md, v, val_obj(&meta->ob));
  }
  /* type's own data descriptors: a class's names, never inherited from a base's dict */
  if (n[0] == '_' && n[1] == '_' && (!strcmp(n, "__name__") || !strcmp(n, "__qualname__"))) {
    if (n[2] == 'q' && t->qualname) return val_incref(val_obj(t->qualname));
    if (t->name_obj) return val_incref(val_obj(t->name_obj));
    return str_from_cstr(t->name);
  }
  Value descr = type_lookup(t, name);
  if (!VAL_IS_NULL(descr)) {
    if (VAL_IS_OBJ(descr)) {
      TypeObj *dt = descr.u.o->type;
      if (dt == &class_staticmethod_type) return val_incref(((WrapObj *)descr.u.o)->f);
      if (dt == &class_classmethod_type) return func_method_new(((WrapObj *)descr.u.o)->f, v);
      if (dt == &func_builtin_type && (((BuiltinObj *)descr.u.o)->flags & METH_CLASS))
        return func_method_new(descr, v);
      if (user_descr_kind(descr)) return user_descr_get(descr, val_none(), v);
    }
    return val_incref(descr);
  }
  if (n[0] == '_' && n[1] == '_') {
    if (strcmp(n, "__module__") == 0)
      return t->module ? val_incref(val_obj(t->module)) : str_from_cstr("builtins");
    if (strcmp(n, "__doc__") == 0) return t->doc ? str_from_cstr(t->doc) : val_none();
    if (strcmp(n, "__mro__") == 0) return mro_tuple(t);
    if (strcmp(n, "__bases__") == 0) {
      if (t->bases) return val_incref(val_obj(t->bases));
      TypeObj *b = t->base ? t->base : (t == &type_object_type ? NULL : &type_object_type);
      if (!b) return tuple_new(0);
      return tuple_pack(1, val_obj(&b->ob));
    }
    if (strcmp(n, "__base__") == 0) {
      TypeObj *b = t->base ? t->base : (t == &type_object_type ? NULL : &type_object_type);
      return b ? val_incref(val_obj(&b->ob)) : val_none();
    }
    if (strcmp(n, "__dict__") == 0) {
      if (type_ready(t) < 0) return val_null();
      ProxyObj *p = obj_alloc(&proxy_type, sizeof(ProxyObj));
      if (!p) return val_null();
      p->d = val_incref(val_obj(t->dict));
      return val_obj(&p->ob);
    }
    if (strcmp(n, "__class__") == 0) return val_incref(val_obj(&meta->ob));
  }
  /* attributes of the metaclass (type.mro, a user metaclass's methods), bound to the class */
  if (meta != &type_type) {
    if (!VAL_IS_NULL(md)) {
      if (user_descr_kind(md)) return user_descr_get(md, v, val_obj(&meta->ob));
      val_incref(md);
      Value r = type_bind(md, v, meta);
      val_decref(md);
      return r;
    }
  } else if (type_ready(&type_type) == 0) {
    Value m = dict_get_h(val_obj(type_type.dict), val_obj(name), STR(name)->hash);
    if (VAL_IS_OBJ(m) && m.u.o->type == &func_builtin_type &&
        !(((BuiltinObj *)m.u.o)->flags & METH_STATIC))
      return func_method_new(m, v);
  }
  if (meta != &type_type && (meta->flags & TF_USER)) {
    Value ga = type_lookup(meta, INTERNED("__getattr__"));
    if (!VAL_IS_NULL(ga) && VAL_IS_OBJ(ga) && ga.u.o->type == &func_type) {
      Value args[2] = {v, val_obj(name)};
      return op_call(ga, 2, args, NULL);
    }
  }
  obj_raise(&exc_AttributeError, "type object '%s' has no attribute '%s'", t->name, n);
  exc_attr_info(v, name);
  return val_null();
}

static int type_setattr(Value v, Obj *name, Value x) {
  TypeObj *t = (TypeObj *)v.u.o;
  type_version++;
  if (!(t->flags & TF_HEAP)) {
    obj_raise(&exc_TypeError, "cannot set '%s' attribute of immutable type '%s'", STR(name)->s,
              t->name);
    return -1;
  }
  if (type_ready(t) < 0) return -1;
  const char *n = STR(name)->s;
  if (!strcmp(n, "__name__") || !strcmp(n, "__qualname__")) {   /* type's data descriptors */
    if (VAL_IS_NULL(x)) {
      obj_raise(&exc_TypeError, "cannot delete '%s' attribute of immutable type '%s'", n, t->name);
      return -1;
    }
    if (!VAL_IS_STR(x)) {
      obj_raise(&exc_TypeError, "can only assign string to %s.%s, not '%s'", t->name, n, op_type_name(x));
      return -1;
    }
    Obj **slot = n[2] == 'q' ? &t->qualname : &t->name_obj;
    Obj *old = *slot;
    obj_incref(x.u.o);
    *slot = x.u.o;
    if (slot == &t->name_obj) t->name = STR(x.u.o)->s;
    obj_xdecref(old);
    return 0;
  }
  if (VAL_IS_NULL(x)) {
    Value old = dict_pop(val_obj(t->dict), val_obj(name));
    if (VAL_IS_NULL(old)) {
      if (!obj_err_occurred())
        obj_raise(&exc_AttributeError, "type object '%s' has no attribute '%s'", t->name,
                  STR(name)->s);
      return -1;
    }
    val_decref(old);
    return 0;
  }
  return dict_set(val_obj(t->dict), val_obj(name), x);
}

static int type_hash(Value v, int64_t *out) { *out = (int64_t)((uintptr_t)v.u.o >> 4); return 0; }

static Value type_compare(Value a, Value b, int op) {
  if ((op != CMP_EQ && op != CMP_NOTEQ) || !VAL_IS_TYPE(b)) return obj_notimpl();
  return val_bool((a.u.o == b.u.o) == (op == CMP_EQ));
}

static Value type_call_slot(Value v, int argc, const Value *argv, Obj *kw) {
  return class_type_call(v, argc, argv, kw);
}

static Value type_or(int op, Value a, Value b) {
  if ((op & 0xff) != OP_BITOR || (op & OBJ_INPLACE)) return obj_notimpl();
  return union_new(a, b);
}

/* type(x), or type(name, bases, dict, **kw) as a class statement (meta: type or a subclass) */
static Value type_new(TypeObj *meta, int argc, const Value *argv, Obj *kw) {
  if (argc == 1 && func_kwcount(kw) == 0 && (meta == &type_type || meta == &type_heaptype_type)) {
    TypeObj *t = op_type(argv[0]);
    if (t == &type_heaptype_type) t = &type_type;
    return val_incref(val_obj(&t->ob));
  }
  if (argc == 3) {
    if (!VAL_IS_STR(argv[0]))
      return obj_raise(&exc_TypeError, "type.__new__() argument 1 must be str, not %s", op_type_name(argv[0]));
    if (!VAL_IS_TUPLE(argv[1]))
      return obj_raise(&exc_TypeError, "type.__new__() argument 2 must be tuple, not %s", op_type_name(argv[1]));
    if (!VAL_IS_DICT(argv[2]))
      return obj_raise(&exc_TypeError, "type.__new__() argument 3 must be dict, not %s", op_type_name(argv[2]));
    Obj *name = str_intern(str_cstr(argv[0]));
    if (!name) return val_null();
    ModuleObj *mod = obj_ts.frame ? obj_ts.frame->mod : NULL;
    return class_new_meta(meta, name, argv[1], argv[2], mod, argv + 3, kw);
  }
  if (meta == &type_type || meta == &type_heaptype_type)
    return obj_raise(&exc_TypeError, "type() takes 1 or 3 arguments");
  return obj_raise(&exc_TypeError, "type.__new__() takes exactly 3 arguments (%d given)", argc);
}

/* cls[key] on a class: its __class_getitem__ (an implicit classmethod) */
static Value type_getitem(Value v, Value key) {
  TypeObj *t = (TypeObj *)v.u.o;
  Value cg = type_lookup(t, INTERNED("__class_getitem__"));
  if (VAL_IS_NONE(cg))   /* CPython reads `__class_getitem__ = None` as absent */
    return obj_raise(&exc_TypeError, "type '%s' is not subscriptable", t->name);
  if (!VAL_IS_NULL(cg)) {
    Value m = VAL_IS_OBJ(cg) && cg.u.o->type == &class_classmethod_type
                  ? func_method_new(((WrapObj *)cg.u.o)->f, v) : val_incref(cg);
    if (VAL_IS_NULL(m)) return m;
    Value r = op_call1(m, key);
    val_decref(m);
    return r;
  }
  /* the builtins CPython gives a __class_getitem__ (PEP 585), and their subclasses */
  static TypeObj *const generic[] = {&list_type, &dict_type, &tuple_type, &set_type,
                                     &set_frozenset_type, &type_type};
  for (size_t i = 0; i < sizeof generic / sizeof *generic; i++)
    if (op_is_subtype(t, generic[i])) return union_genalias_new(v, key);
  return obj_raise(&exc_TypeError, "type '%s' is not subscriptable", t->name);
}

static Value tm_new(int argc, const Value *argv, Obj *kw) {
  if (argc < 1 || !VAL_IS_TYPE(argv[0]) || !op_is_subtype((TypeObj *)argv[0].u.o, &type_type))
    return obj_raise(&exc_TypeError, "type.__new__(X): X is not a type object");
  TypeObj *m = (TypeObj *)argv[0].u.o;
  return type_new(m, argc - 1, argv + 1, kw);
}
static Value tm_init(int argc, const Value *argv, Obj *kw) { return val_none(); }
static Value tm_call(int argc, const Value *argv, Obj *kw) {
  if (argc < 1 || !VAL_IS_TYPE(argv[0]))
    return obj_raise(&exc_TypeError, "descriptor '__call__' requires a 'type' object");
  return class_type_call(argv[0], argc - 1, argv + 1, kw);
}
static Value tm_setattr(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__setattr__", argc - 1, kw, 2, 2) < 0) return val_null();
  if (!VAL_IS_STR(argv[1])) return obj_raise(&exc_TypeError, "attribute name must be string");
  Obj *n = str_intern(str_cstr(argv[1]));
  if (!n || type_setattr(argv[0], n, argv[2]) < 0) return val_null();
  return val_none();
}
static Value tm_repr(int argc, const Value *argv, Obj *kw) { return type_repr(argv[0]); }

static Value mro_tuple(TypeObj *t);
static Value type_instancecheck(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__instancecheck__", argc - 1, kw, 1, 1) < 0) return val_null();
  return val_bool(op_isinstance(argv[1], (TypeObj *)argv[0].u.o));
}
static Value type_subclasses(int argc, const Value *argv, Obj *kw) { return list_new(0); }
static Value type_mro(int argc, const Value *argv, Obj *kw) {
  Value t = mro_tuple((TypeObj *)argv[0].u.o);
  if (VAL_IS_NULL(t)) return t;
  Value l = list_from_iterable(t);
  val_decref(t);
  return l;
}

static const MethodDef type_methods[] = {
    {"__new__", tm_new, "__new__(type, name, bases, dict, **kwds)", METH_STATIC},
    {"__init__", tm_init, "__init__(self, /, *args, **kwargs)", 0},
    {"__call__", tm_call, "__call__(self, /, *args, **kwargs)", 0},
    {"__setattr__", tm_setattr, "__setattr__(self, name, value, /)", 0},
    {"__repr__", tm_repr, "__repr__(self, /)", 0},
    {"__instancecheck__", type_instancecheck, NULL, 0},
    {"__subclasses__", type_subclasses, NULL, 0},
    {"mro", type_mro, "mro()\nReturn a type's method resolution order.", 0},
    {NULL}};

static void heaptype_dealloc(Obj *o);
static void heaptype_traverse(Obj *o, VisitFn visit, void *arg);
static void heaptype_clear(Obj *o);

TypeObj type_type = {
    OBJ_TYPE_HEAD, .name = "type", .flags = TF_META, .getitem = type_getitem,
    .doc = "type(object) -> the object's type\ntype(name, bases, dict) -> a new type",
    .repr = type_repr, .getattr = type_getattr, .setattr = type_setattr, .hash = type_hash,
    .compare = type_compare, .call = type_call_slot, .new = type_new, .binary = type_or,
    .methods = type_methods};
TypeObj type_heaptype_type = {
    OBJ_TYPE_HEAD, .name = "type", .base = &type_type, .flags = TF_GC | TF_META,
    .getitem = type_getitem,
    .dealloc = heaptype_dealloc, .traverse = heaptype_traverse, .clear = heaptype_clear,
    .repr = type_repr, .getattr = type_getattr, .setattr = type_setattr, .hash = type_hash,
    .compare = type_compare, .call = type_call_slot, .new = type_new, .binary = type_or,
    .methods = type_methods};

static void heaptype_dealloc(Obj *o) {
  TypeObj *t = (TypeObj *)o;
  type_version++;
  obj_xdecref(t->dict);
  obj_xdecref(t->mro);
  obj_xdecref(t->bases);
  obj_xdecref(t->name_obj);
  obj_xdecref(t->qualname);
  obj_xdecref(t->module);
  if (t->base && (t->base->flags & TF_HEAP)) obj_decref(&t->base->ob);
  free((char *)t->doc);
  obj_free(o);
}

static void heaptype_traverse(Obj *o, VisitFn visit, void *arg) {
  TypeObj *t = (TypeObj *)o;
  if (t->dict) visit(t->dict, arg);
  if (t->mro) visit(t->mro, arg);
  if (t->bases) visit(t->bases, arg);
  if (t->base && (t->base->flags & TF_HEAP)) visit(&t->base->ob, arg);
}

static void heaptype_clear(Obj *o) {
  TypeObj *t = (TypeObj *)o;
  type_version++;
  Obj *d = t->dict;
  t->dict = NULL;
  obj_xdecref(d);
  /* an empty dict keeps the type usable while the cycle is torn down */
  Value nd = dict_new();
  if (!VAL_IS_NULL(nd)) t->dict = nd.u.o;
}

/* ---- object ------------------------------------------------------------------------------ */
static void inst_dealloc(Obj *o) {
  InstObj *i = (InstObj *)o;
  obj_xdecref(i->dict);
  obj_free(o);
}
static void inst_traverse(Obj *o, VisitFn visit, void *arg) {
  if (((InstObj *)o)->dict) visit(((InstObj *)o)->dict, arg);
}
static void inst_clear(Obj *o) {
  Obj *d = ((InstObj *)o)->dict;
  ((InstObj *)o)->dict = NULL;
  obj_xdecref(d);
}

static Value object_new(TypeObj *t, int argc, const Value *argv, Obj *kw) {
  if (t == &type_object_type && (argc || func_kwcount(kw)))
    return obj_raise(&exc_TypeError, "object() takes no arguments");
  InstObj *i = obj_alloc(t, sizeof(InstObj));
  if (!i) return val_null();
  return val_obj(&i->ob);
}

static Value object_repr(Value v) {
  TypeObj *t = op_type(v);
  if (t->flags & TF_USER)
    return str_fmt("<%s.%s object at %p>", t->module ? STR(t->module)->s : "__main__",
                   t->name, VAL_IS_OBJ(v) ? (void *)v.u.o : NULL);
  return str_fmt("<%s object at %p>", t->name, VAL_IS_OBJ(v) ? (void *)v.u.o : NULL);
}

static int object_hash(Value v, int64_t *out) {
  *out = VAL_IS_OBJ(v) ? (int64_t)((uintptr_t)v.u.o >> 4) : 0;
  return 0;
}

static Value m_init(int argc, const Value *argv, Obj *kw) {
  if (argc > 1 || func_kwcount(kw)) {
    TypeObj *t = op_type(argv[0]);
    /* object.__init__ complains only when the class did not define __init__ itself */
    if (VAL_IS_NULL(type_lookup(t, str_intern("__init__"))) ||
        !(t->flags & TF_USER))
      return obj_raise(&exc_TypeError, "object.__init__() takes exactly one argument (the instance to initialize)");
    return obj_raise(&exc_TypeError, "object.__init__() takes exactly one argument (the instance to initialize)");
  }
  return val_none();
}
static Value m_repr(int argc, const Value *argv, Obj *kw) { return object_repr(argv[0]); }
static Value m_str(int argc, const Value *argv, Obj *kw) { return op_repr(argv[0]); }
static Value m_eq(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__eq__", argc - 1, kw, 1, 1) < 0) return val_null();
  if (op_is(argv[0], argv[1])) return val_bool(1);
  return obj_notimpl();
}
static Value m_ne(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__ne__", argc - 1, kw, 1, 1) < 0) return val_null();
  Value r = op_compare(argv[0], argv[1], CMP_EQ);
  if (VAL_IS_NULL(r) || VAL_IS_NOTIMPL(r)) return r;
  int t = op_truth(r);
  val_decref(r);
  return t < 0 ? val_null() : val_bool(!t);
}
static Value m_hash(int argc, const Value *argv, Obj *kw) {
  int64_t h;
  if (op_hash(argv[0], &h) < 0) return val_null();
  return val_int(h);
}
static Value m_setattr(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__setattr__", argc - 1, kw, 2, 2) < 0) return val_null();
  if (!VAL_IS_STR(argv[1])) return obj_raise(&exc_TypeError, "attribute name must be string");
  Obj *n = str_intern(str_cstr(argv[1]));
  if (!n || type_generic_setattr(argv[0], n, argv[2]) < 0) return val_null();
  return val_none();
}
static Value m_delattr(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__delattr__", argc - 1, kw, 1, 1) < 0) return val_null();
  if (!VAL_IS_STR(argv[1])) return obj_raise(&exc_TypeError, "attribute name must be string");
  Obj *n = str_intern(str_cstr(argv[1]));
  if (!n || type_generic_setattr(argv[0], n, val_null()) < 0) return val_null();
  return val_none();
}
static Value m_getattribute(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__getattribute__", argc - 1, kw, 1, 1) < 0) return val_null();
  if (!VAL_IS_STR(argv[1])) return obj_raise(&exc_TypeError, "attribute name must be string");
  Obj *n = str_intern(str_cstr(argv[1]));
  if (!n) return val_null();
  return type_generic_getattr(argv[0], n);
}
static Value m_format(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__format__", argc - 1, kw, 1, 1) < 0) return val_null();
  if (VAL_IS_STR(argv[1]) && STR(argv[1].u.o)->len == 0) return op_str(argv[0]);
  return obj_raise(&exc_TypeError, "unsupported format string passed to %s.__format__",
                   op_type_name(argv[0]));
}
static Value m_dir(int argc, const Value *argv, Obj *kw) { return type_dir(argv[0]); }

/* object.__new__(cls): an instance of cls with __init__ not run (for user __new__ methods) */
static Value m_new(int argc, const Value *argv, Obj *kw) {
  if (argc < 1 || !VAL_IS_TYPE(argv[0]))
    return obj_raise(&exc_TypeError, "object.__new__(X): X is not a type object");
  TypeObj *t = (TypeObj *)argv[0].u.o;
  TypeObj *lb = t;
  while (lb && (lb->flags & TF_USER)) lb = lb->base;
  if (!lb) lb = &type_object_type;
  if (!lb->new) return obj_raise(&exc_TypeError, "cannot create '%s' instances", t->name);
  if (lb->flags & TF_EXC) return lb->new(t, argc - 1, argv + 1, NULL);
  return lb->new(t, 0, NULL, NULL);
}
static Value m_init_subclass(int argc, const Value *argv, Obj *kw) { return val_none(); }

/* __reduce_ex__, __reduce__, __getstate__: computed in lang/prelude/copyreg.py (CPython's
 * typeobject.c calls into copyreg too), imported on the first call so start-up is unchanged */
static Value copyreg_call(const char *fn, int argc, const Value *argv) {
  Value mod = module_import("copyreg");
  if (VAL_IS_NULL(mod)) return mod;
  Value f = module_get(mod, fn);   /* borrowed */
  Value r = VAL_IS_NULL(f) ? obj_raise(&exc_ImportError, "cannot import name '%s' from 'copyreg'", fn)
                           : op_call(f, argc, argv, NULL);
  val_decref(mod);
  return r;
}
static Value m_reduce_ex(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__reduce_ex__", argc - 1, kw, 1, 1) < 0) return val_null();
  int64_t proto;
  if (op_as_int(argv[1], &proto) < 0) return val_null();
  Value args[2] = {argv[0], val_int(proto)};
  return copyreg_call("_object_reduce_ex", 2, args);
}
static Value m_reduce(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__reduce__", argc - 1, kw, 0, 0) < 0) return val_null();
  Value args[2] = {argv[0], val_int(0)};
  return copyreg_call("_object_reduce", 2, args);
}
static Value m_getstate(int argc, const Value *argv, Obj *kw) {
  if (func_check_args("__getstate__", argc - 1, kw, 0, 0) < 0) return val_null();
  return copyreg_call("_object_getstate", 1, argv);
}

static const MethodDef object_methods[] = {
    {"__init__", m_init, "__init__(self, /, *args, **kwargs)\nInitialize self.", 0},
    {"__repr__", m_repr, "__repr__(self, /)\nReturn repr(self).", 0},
    {"__str__", m_str, "__str__(self, /)\nReturn str(self).", 0},
    {"__eq__", m_eq, "__eq__(self, value, /)", 0},
    {"__ne__", m_ne, "__ne__(self, value, /)", 0},
    {"__hash__", m_hash, "__hash__(self, /)", 0},
    {"__setattr__", m_setattr, "__setattr__(self, name, value, /)", 0},
    {"__delattr__", m_delattr, "__delattr__(self, name, /)", 0},
    {"__getattribute__", m_getattribute, "__getattribute__(self, name, /)", 0},
    {"__format__", m_format, "__format__(self, format_spec, /)", 0},
    {"__dir__", m_dir, "__dir__(self, /)", 0},
    {"__new__", m_new, "__new__(cls, /, *args)\nCreate a new instance of cls.", METH_STATIC},
    {"__init_subclass__", m_init_subclass, NULL, METH_CLASS},
    {"__reduce_ex__", m_reduce_ex, "__reduce_ex__(self, protocol, /)\nHelper for pickle.", 0},
    {"__reduce__", m_reduce, "__reduce__(self, /)\nHelper for pickle.", 0},
    {"__getstate__", m_getstate, "__getstate__(self, /)\nHelper for pickle.", 0},
    {NULL}};

TypeObj type_object_type = {
    OBJ_TYPE_HEAD, .name = "object", .flags = TF_BASETYPE,
    .doc = "The base class of the class hierarchy.",
    .dealloc = inst_dealloc, .traverse = inst_traverse, .clear = inst_clear,
    .new = object_new, .repr = object_repr, .hash = object_hash, .methods = object_methods};

/* the layout used by instances of classes deriving from object */
void type_inst_slots(TypeObj *t) {
  t->dealloc = inst_dealloc;
  t->traverse = inst_traverse;
  t->clear = inst_clear;
  t->dict_offset = offsetof(InstObj, dict);
}
