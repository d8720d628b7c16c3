/* modules.c - module objects (a namespace of slots the resolver binds names to), the
 * process-wide registry of native and prelude modules, and `import` itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core.h"

/* ---- module objects ---------------------------------------------------------------------- */
Value module_new(const char *name) {
  ModuleObj *m = obj_alloc(&module_type, sizeof(ModuleObj));
  if (!m) return val_null();
  Value nm = str_from_cstr(name);
  Value idx = dict_new();
  if (VAL_IS_NULL(nm) || VAL_IS_NULL(idx)) {
    val_decref(nm);
    val_decref(idx);
    obj_decref(&m->ob);
    return val_null();
  }
  m->name = nm.u.o;
  m->index = idx.u.o;
  m->doc = val_none();
  Value mv = val_obj(&m->ob);
  if (module_add(mv, "__name__", nm) < 0) { val_decref(mv); return val_null(); }
  return mv;
}

int64_t module_slot(ModuleObj *m, Obj *name) {
  Value s = dict_get_h(val_obj(m->index), val_obj(name), STR(name)->hash);
  if (!VAL_IS_NULL(s)) return s.u.i;
  if (m->n == m->cap) {
    int64_t nc = m->cap ? m->cap * 2 : 16;
    Value *nv = obj_realloc_array(m->vals, (size_t)nc, sizeof(Value));
    if (!nv) return -1;
    m->vals = nv;
    Obj **nn = obj_realloc_array(m->names, (size_t)nc, sizeof(Obj *));
    if (!nn) return -1;
    m->names = nn;
    m->cap = nc;
  }
  Obj *in = STR(name)->interned ? name : str_intern_n(STR(name)->s, STR(name)->len);
  if (!in) return -1;
  int64_t k = m->n;
  if (dict_set_h(val_obj(m->index), val_obj(in), STR(in)->hash, val_int(k)) < 0) return -1;
  m->vals[k] = val_null();
  m->names[k] = in;
  m->n++;
  return k;
}

int module_add(Value module, const char *name, Value x) {
  ModuleObj *m = MODULE(module.u.o);
  Obj *n = str_intern(name);
  if (!n) return -1;
  int64_t k = module_slot(m, n);
  if (k < 0) return -1;
  Value old = m->vals[k];
  m->vals[k] = val_incref(x);
  val_decref(old);
  MODULE_STORED(m, k);
  return 0;
}

int module_add_functions(Value module, const MethodDef *defs) {
  for (const MethodDef *d = defs; d->name; d++) {
    Value f = func_builtin_new(d->name, d->fn, d->doc);
    if (VAL_IS_NULL(f)) return -1;
    int r = module_add(module, d->name, f);
    val_decref(f);
    if (r < 0) return -1;
  }
  return 0;
}

Value module_get(Value module, const char *name) {
  ModuleObj *m = MODULE(module.u.o);
  Obj *n = str_intern(name);
  if (!n) { obj_err_clear(); return val_null(); }
  Value s = dict_get_h(val_obj(m->index), val_obj(n), STR(n)->hash);
  if (VAL_IS_NULL(s)) return s;
  return m->vals[s.u.i];
}

/* remember that slot i's name is entry ix of the namespace dict */
static void ns_note(ModuleObj *m, int64_t i, int64_t ix) {
  if (i >= m->ngix) {
    int64_t nc = m->n > i + 1 ? m->n : i + 1;
    if (nc < 16) nc = 16;
    int64_t *g = obj_realloc_array(m->gix, (size_t)nc, sizeof(int64_t));
    if (!g) { obj_err_clear(); return; }
    for (int64_t k = m->ngix; k < nc; k++) g[k] = -1;
    m->gix = g;
    m->ngix = nc;
  }
  m->gix[i] = ix;
}

/* the dict's entry for one slot made equal to the slot, without writing back to the module */
static int ns_put(ModuleObj *m, int64_t i) {
  DictObj *d = DICT(m->gdict);
  Value v = m->vals[i];
  /* the common case, a rebinding: the entry found through the cache, no hashing */
  if (!VAL_IS_NULL(v) && i < m->ngix) {
    int64_t ix = m->gix[i];
    if (ix >= 0 && ix < d->n && d->entries[ix].key.tag == V_OBJ &&
        d->entries[ix].key.u.o == m->names[i]) {
      Value old = d->entries[ix].val;
      d->entries[ix].val = val_incref(v);
      val_decref(old);
      return 0;
    }
  }
  Obj *saved = d->ns_mod;
  d->ns_mod = NULL;
  Value k = val_obj(m->names[i]);
  int r = 0;
  if (!VAL_IS_NULL(m->vals[i])) {
    r = dict_set_h(val_obj(m->gdict), k, STR(m->names[i])->hash, m->vals[i]);
    if (r == 0) {
      int64_t ix = dict_entry_index(val_obj(m->gdict), k, STR(m->names[i])->hash);
      if (ix >= 0 && d->entries[ix].key.u.o == m->names[i]) ns_note(m, i, ix);
    }
  } else {
    Value old = dict_pop(val_obj(m->gdict), k);
    val_decref(old);
    if (obj_err_occurred()) r = -1;
  }
  d->ns_mod = saved;
  return r;
}

void module_ns_sync(ModuleObj *m, int64_t slot) {
  if (!m->gdict || slot < 0 || slot >= m->n) return;
  /* a store can happen while an exception is pending (an except-as name is unbound when its
   * handler raises): that exception must survive the dict update and its own failure */
  Value pending = obj_err_fetch();
  int located = obj_ts.located;
  if (ns_put(m, slot) < 0) obj_err_clear();   /* only memory can fail here; the slot is stored */
  if (!VAL_IS_NULL(pending)) { obj_err_restore(pending); obj_ts.located = located; }
}

int module_ns_store(DictObj *d, Value key, Value x) {
  ModuleObj *m = (ModuleObj *)d->ns_mod;
  if (!m || !VAL_IS_STR(key)) return 0;   /* non-str keys live in the dict only, as in CPython */
  int64_t k = module_slot(m, key.u.o);
  if (k < 0) return -1;
  Value old = m->vals[k];
  m->vals[k] = val_incref(x);
  val_decref(old);
  return 0;
}

void module_ns_clear_all(DictObj *d) {
  ModuleObj *m = (ModuleObj *)d->ns_mod;
  if (!m) return;
  for (int64_t i = 0; i < m->n; i++) val_clear(&m->vals[i]);
}

Value module_dict(ModuleObj *m) {
  if (!m->gdict) {
    Value d = dict_new();
    if (VAL_IS_NULL(d)) return d;
    m->gdict = d.u.o;
  }
  /* bring the dict up to date: a store that bypassed MODULE_STORED is caught here */
  for (int64_t i = 0; i < m->n; i++)
    if (ns_put(m, i) < 0) return val_null();
  DICT(m->gdict)->ns_mod = &m->ob;
  obj_incref(m->gdict);
  return val_obj(m->gdict);
}

static void module_drop_ns(ModuleObj *m) {
  Obj *g = m->gdict;
  free(m->gix);
  m->gix = NULL;
  m->ngix = 0;
  if (!g) return;
  m->gdict = NULL;
  DICT(g)->ns_mod = NULL;
  obj_decref(g);
}

static void module_dealloc(Obj *o) {
  ModuleObj *m = MODULE(o);
  module_drop_ns(m);
  for (int64_t i = 0; i < m->n; i++) val_decref(m->vals[i]);
  free(m->vals);
  free(m->names);
  obj_xdecref(m->name);
  obj_xdecref(m->index);
  val_decref(m->doc);
  obj_free(o);
}

static void module_traverse(Obj *o, VisitFn visit, void *arg) {
  ModuleObj *m = MODULE(o);
  for (int64_t i = 0; i < m->n; i++)
    if (VAL_IS_OBJ(m->vals[i])) visit(m->vals[i].u.o, arg);
  if (VAL_IS_OBJ(m->doc)) visit(m->doc.u.o, arg);
  if (m->gdict) visit(m->gdict, arg);
}

static void module_clear(Obj *o) {
  ModuleObj *m = MODULE(o);
  module_drop_ns(m);
  for (int64_t i = 0; i < m->n; i++) val_clear(&m->vals[i]);
  val_clear(&m->doc);
}

static Value module_repr(Value v) {
  ModuleObj *m = MODULE(v.u.o);
  Value f = module_get(v, "__file__");
  if (VAL_IS_STR(f)) return str_fmt("<module '%s' from '%s'>", STR(m->name)->s, str_cstr(f));
  return str_fmt("<module '%s' (built-in)>", STR(m->name)->s);
}

static Value module_getattr(Value v, Obj *name) {
  ModuleObj *m = MODULE(v.u.o);
  Value s = dict_get_h(val_obj(m->index), val_obj(name), STR(name)->hash);
  if (!VAL_IS_NULL(s) && !VAL_IS_NULL(m->vals[s.u.i])) return val_incref(m->vals[s.u.i]);
  const char *n = STR(name)->s;
  if (strcmp(n, "__dict__") == 0) return module_dict(m);
  if (strcmp(n, "__doc__") == 0) return val_incref(m->doc);
  if (strcmp(n, "__class__") == 0) return val_obj(&module_type.ob);
  /* PEP 562: a module-level __getattr__ answers for names the module lacks (lazy submodules,
   * deprecated aliases); from-imports reach it through this function too. */
  if (strcmp(n, "__getattr__") != 0) {
    Obj *ga = INTERNED("__getattr__");
    Value g = dict_get_h(val_obj(m->index), val_obj(ga), STR(ga)->hash);
    if (!VAL_IS_NULL(g) && !VAL_IS_NULL(m->vals[g.u.i])) {
      Value fn = val_incref(m->vals[g.u.i]);
      Value r = op_call1(fn, val_obj(name));
      val_decref(fn);
      return r;
    }
  }
  obj_raise(&exc_AttributeError, "module '%s' has no attribute '%s'", STR(m->name)->s, n);
  exc_attr_info(v, name);
  return val_null();
}

static int module_setattr(Value v, Obj *name, Value x) {
  ModuleObj *m = MODULE(v.u.o);
  if (strcmp(STR(name)->s, "__doc__") == 0) {
    val_decref(m->doc);
    m->doc = VAL_IS_NULL(x) ? val_none() : val_incref(x);
    return 0;
  }
  int64_t k = module_slot(m, name);
  if (k < 0) return -1;
  if (VAL_IS_NULL(x) && VAL_IS_NULL(m->vals[k])) {
    obj_raise(&exc_AttributeError, "module '%s' has no attribute '%s'", STR(m->name)->s, STR(name)->s);
    return -1;
  }
  Value old = m->vals[k];
  m->vals[k] = val_incref(x);
  val_decref(old);
  MODULE_STORED(m, k);
  return 0;
}

TypeObj module_type = {OBJ_TYPE_HEAD, .name = "module", .flags = TF_GC,
                       .dealloc = module_dealloc, .traverse = module_traverse,
                       .clear = module_clear, .repr = module_repr,
                       .getattr = module_getattr, .setattr = module_setattr};

/* ---- the registry ------------------------------------------------------------------------ */
typedef struct RegEntry {
  char *name;
  ModuleInitFn init;
  const char *source;      /* prelude source, or NULL */
  char *alias_of;          /* alias target, or NULL */
} RegEntry;

static RegEntry *reg;
static int nreg, capreg;

static RegEntry *reg_find(const char *name) {
  for (int i = nreg - 1; i >= 0; i--)
    if (strcmp(reg[i].name, name) == 0) return &reg[i];
  return NULL;
}

static RegEntry *reg_add(const char *name) {
  RegEntry *e = reg_find(name);
  if (e) return e;
  if (nreg == capreg) {
    int nc = capreg ? capreg * 2 : 32;
    RegEntry *n = realloc(reg, (size_t)nc * sizeof(RegEntry));
    if (!n) return NULL;
    reg = n;
    capreg = nc;
  }
  e = &reg[nreg++];
  memset(e, 0, sizeof *e);
  e->name = strdup(name);
  if (!e->name) { nreg--; return NULL; }
  return e;
}

void module_register(const char *dotted_name, ModuleInitFn init) {
  RegEntry *e = reg_add(dotted_name);
  if (e) { e->init = init; e->source = NULL; free(e->alias_of); e->alias_of = NULL; }
}

void module_register_prelude(const char *dotted_name, const char *source) {
  RegEntry *e = reg_add(dotted_name);
  if (e) { e->source = source; e->init = NULL; free(e->alias_of); e->alias_of = NULL; }
}

void module_register_alias(const char *alias, const char *target) {
  RegEntry *e = reg_add(alias);
  if (e) { free(e->alias_of); e->alias_of = strdup(target); e->init = NULL; e->source = NULL; }
}

/* ---- import ---------------------------------------------------------------------------------- */
static Value modules_dict(void) {
  Session *s = obj_ts.session;
  return s ? s->modules : val_null();
}

/* search sys.path for name.py (user modules next to the script) */
static char *find_source_module(const char *dotted) {
  Session *s = obj_ts.session;
  if (!s || VAL_IS_NULL(s->sys)) return NULL;
  Value path = module_get(s->sys, "path");
  if (!VAL_IS_LIST(path)) return NULL;
  char rel[512];
  size_t k = 0;
  for (const char *p = dotted; *p && k + 4 < sizeof rel; p++) rel[k++] = *p == '.' ? '/' : *p;
  rel[k] = 0;
  for (int64_t i = 0; i < LIST(path.u.o)->len; i++) {
    Value d = LIST(path.u.o)->items[i];
    if (!VAL_IS_STR(d)) continue;
    char full[1200];
    const char *dir = str_cstr(d);
    snprintf(full, sizeof full, "%s%s%s.py", dir, *dir ? "/" : "", rel);
    if (access(full, R_OK) == 0) return strdup(full);
  }
  return NULL;
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    size_t r = fread(buf + n, 1, cap - n, f);
    n += r;
    if (n < cap) break;
    char *nb = realloc(buf, cap * 2);
    if (!nb) { free(buf); buf = NULL; break; }
    buf = nb;
    cap *= 2;
  }
  fclose(f);
  *len = n;
  return buf;
}

Value module_import(const char *dotted) {
  Value mods = modules_dict();
  if (VAL_IS_NULL(mods)) return obj_raise(&exc_ImportError, "no session");
  Value have = dict_getstr(mods, dotted);
  if (!VAL_IS_NULL(have)) return val_incref(have);
  if (obj_err_occurred()) return val_null();
  RegEntry *e = reg_find(dotted);
  if (e && e->alias_of) {
    Value m = module_import(e->alias_of);
    if (VAL_IS_NULL(m)) return m;
    if (dict_setstr(mods, dotted, m) < 0) { val_decref(m); return val_null(); }
    const char *dot = strrchr(dotted, '.');
    if (dot) {
      char parent[512];
      snprintf(parent, sizeof parent, "%.*s", (int)(dot - dotted), dotted);
      Value p = module_import(parent);
      if (VAL_IS_NULL(p)) { val_decref(m); return p; }
      if (op_setattr_s(p, dot + 1, m) < 0) { val_decref(p); val_decref(m); return val_null(); }
      val_decref(p);
    }
    return m;
  }
  /* the parent package first */
  Value parent = val_null();
  const char *dot = strrchr(dotted, '.');
  if (dot) {
    char pn[512];
    if ((size_t)(dot - dotted) >= sizeof pn)
      return obj_raise(&exc_ModuleNotFoundError, "No module named '%s'", dotted);
    snprintf(pn, sizeof pn, "%.*s", (int)(dot - dotted), dotted);
    parent = module_import(pn);
    if (VAL_IS_NULL(parent)) return parent;
    /* the parent's init may have created the submodule */
    have = dict_getstr(mods, dotted);
    if (!VAL_IS_NULL(have)) { val_decref(parent); return val_incref(have); }
  }
  char *srcpath = NULL;
  if (!e) {
    srcpath = find_source_module(dotted);
    if (!srcpath) {
      val_decref(parent);
      return obj_raise(&exc_ModuleNotFoundError, "No module named '%s'", dotted);
    }
  }
  Value m = module_new(dotted);
  if (VAL_IS_NULL(m)) { val_decref(parent); free(srcpath); return m; }
  if (dict_setstr(mods, dotted, m) < 0) goto fail;
  int r;
  if (e && e->init) {
    r = e->init(m);
  } else {
    const char *src;
    size_t len;
    char *owned = NULL;
    const char *fname;
    char pname[600];
    if (e) {
      src = e->source;
      len = strlen(src);
      snprintf(pname, sizeof pname, "<prelude %s>", dotted);
      fname = pname;
    } else {
      owned = read_file(srcpath, &len);
      if (!owned) { obj_raise(&exc_ImportError, "cannot read %s", srcpath); goto fail_del; }
      src = owned;
      fname = srcpath;
      Value fv = str_from_cstr(srcpath);
      if (VAL_IS_NULL(fv)) { free(owned); goto fail_del; }
      module_add(m, "__file__", fv);
      val_decref(fv);
    }
    r = sb_exec_source(src, len, fname, MODULE(m.u.o), 0, NULL);
    free(owned);
  }
  if (r < 0) goto fail_del;
  if (!VAL_IS_NULL(parent) && op_setattr_s(parent, dot + 1, m) < 0) goto fail_del;
  val_decref(parent);
  free(srcpath);
  return m;
fail_del: {
    Value ex = obj_err_fetch();
    Value k = str_from_cstr(dotted);
    if (!VAL_IS_NULL(k)) {
      Value old = dict_pop(mods, k);
      val_decref(old);
      val_decref(k);
    }
    obj_err_clear();
    obj_err_restore(ex);
  }
fail:
  val_decref(m);
  val_decref(parent);
  free(srcpath);
  return val_null();
}
