/* modtable.h - the init functions of the native modules, each named by one row of the module
 * table (modtable.c), and the prelude modules embedded from lang/prelude/ (tools/embed.py). */
#ifndef SABLE_MODTABLE_H
#define SABLE_MODTABLE_H

#include "object.h"

/* a module written in Sable: lang/prelude/a.b.py becomes {"a.b", its source}; the list
 * (build/gen/prelude_data.c) ends with {NULL, NULL} */
typedef struct SbPreludeFile { const char *name; const char *src; } SbPreludeFile;
extern const SbPreludeFile sb_prelude_files[];

/* modinit_<dotted name, '.' as '_'>(module) fills the new, empty module of that name, like
 * Lua's luaopen_<lib>; 0 or -1 with an exception set. */
/* lang/stdlib */
int modinit_math(Value m);
int modinit_time(Value m);
int modinit_functools(Value m);
int modinit_os(Value m);
int modinit_errno(Value m);            /* stdlib/mod_errno.c */
int modinit__sable_odict(Value m);     /* stdlib/mod_odict.c */
int modinit__sable_deque(Value m);     /* stdlib/mod_deque.c */
int modinit_os_path(Value m);
int modinit_random(Value m);
int modinit_gc(Value m);
int modinit_struct(Value m);
int modinit_array(Value m);
int modinit_zlib(Value m);
int modinit_re(Value m);
int modinit__sable_posix(Value m);
int modinit_binascii(Value m);
int modinit__hashlib(Value m);
/* lang/core/display.c */
int modinit_sable__display(Value m);
int modinit_sable__comm(Value m);
int modinit_sable__ipython(Value m);
/* lang/array */
int modinit_sable(Value m);
int modinit_jax(Value m);
int modinit_jax_lax(Value m);
int modinit_jax_lax_linalg(Value m);
int modinit_numpy(Value m);
int modinit_numpy_linalg(Value m);
int modinit_numpy_random(Value m);
int modinit_jax_numpy(Value m);
int modinit_jax_numpy_linalg(Value m);
int modinit_jax_random(Value m);
int modinit_jax_dtypes(Value m);
int modinit_sable_datasets(Value m);
int modinit__thread(Value m);            /* core/thread.c: green threads, locks */
int modinit__weakref(Value m);           /* core/weakref.c: ref, proxy */
int modinit_sable__tb(Value m);          /* core/frameobj.c: what traceback.py needs */
int modinit_matplotlib(Value m);
int modinit_matplotlib_pyplot(Value m);
/* lang/transform */
int modinit_sable_transforms(Value m);
int modinit_sable_lax_control(Value m);
int modinit_jax_tree_util(Value m);
int modinit_jax_tree(Value m);
int modinit_jax_debug(Value m);
int modinit_jax_distributed(Value m);
int modinit_jax_errors(Value m);

#endif
