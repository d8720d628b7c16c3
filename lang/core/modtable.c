/* modtable.c - every module that ships with Sable, in one place (as Lua's linit.c): the native
 * modules with their init functions, the aliases, and the preludes written in Sable. */
#include "modtable.h"

/* sys and builtins are not here: each session makes its own (sb.c). A parent package must be
 * registered too (`import jax.numpy` imports "jax" first). */
static const struct { const char *name; ModuleInitFn init; } native_modules[] = {
    /* the Python standard modules (lang/stdlib) */
    {"math", modinit_math},
    {"time", modinit_time},
    {"functools", modinit_functools},
    {"os", modinit_os},
    {"os.path", modinit_os_path},
    {"random", modinit_random},
    {"gc", modinit_gc},
    {"struct", modinit_struct},
    {"array", modinit_array},
    {"zlib", modinit_zlib},
    {"re", modinit_re},
    {"binascii", modinit_binascii},
    {"_hashlib", modinit__hashlib},
    {"_sable_posix", modinit__sable_posix},
    {"errno", modinit_errno},
    {"_sable_odict", modinit__sable_odict},
    {"_sable_deque", modinit__sable_deque},
    /* the notebook layer's native half (lang/core/display.c, ipython.c); IPython and tqdm
       themselves are preludes */
    {"sable._display", modinit_sable__display},
    {"sable._ipython", modinit_sable__ipython},
    {"sable._comm", modinit_sable__comm},
    /* the array library (lang/array) */
    {"sable", modinit_sable},
    {"sable.datasets", modinit_sable_datasets},
    {"sable._tb", modinit_sable__tb},
    {"_weakref", modinit__weakref},
    {"_thread", modinit__thread},
    {"numpy", modinit_numpy},
    {"numpy.linalg", modinit_numpy_linalg},
    {"numpy.random", modinit_numpy_random},
    {"jax", modinit_jax},
    {"jax.numpy", modinit_jax_numpy},
    {"jax.numpy.linalg", modinit_jax_numpy_linalg},
    {"jax.random", modinit_jax_random},
    {"jax.dtypes", modinit_jax_dtypes},
    {"jax.lax", modinit_jax_lax},
    {"jax.lax.linalg", modinit_jax_lax_linalg},
    {"matplotlib", modinit_matplotlib},
    {"matplotlib.pyplot", modinit_matplotlib_pyplot},
    /* the transformations (lang/transform) */
    {"sable.transforms", modinit_sable_transforms},
    {"sable.lax_control", modinit_sable_lax_control},
    {"jax.tree_util", modinit_jax_tree_util},
    {"jax.tree", modinit_jax_tree},
    {"jax.debug", modinit_jax_debug},
    {"jax.distributed", modinit_jax_distributed},
    {"jax.errors", modinit_jax_errors},
};

/* one module, two names: importing the alias imports the target */
static const struct { const char *alias, *target; } module_aliases[] = {
    {"sable.numpy", "numpy"},
    {"sable.jnp", "jax.numpy"},
    {"datasets", "sable.datasets"},
};

int modtable_register(void) {
  for (const SbPreludeFile *p = sb_prelude_files; p->name; p++) module_register_prelude(p->name, p->src);
  for (size_t i = 0; i < sizeof native_modules / sizeof *native_modules; i++)
    module_register(native_modules[i].name, native_modules[i].init);
  for (size_t i = 0; i < sizeof module_aliases / sizeof *module_aliases; i++)
    module_register_alias(module_aliases[i].alias, module_aliases[i].target);
  return 0;
}
