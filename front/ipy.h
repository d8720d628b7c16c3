/* ipy.h - IPython's input syntax (`%magic`, `%%cell magic`, `!cmd`, `x = !cmd`, `obj?`), shared
 * by the REPL and the Jupyter kernel: a cell is rewritten before the language sees it. */
#ifndef SABLE_IPY_H
#define SABLE_IPY_H

#include <stddef.h>
#include "lang/core/sb.h"

/* The cell rewritten into plain Sable, as IPython 8's TransformerManager does
 * (`%time f(x)` -> `get_ipython().run_line_magic('time', 'f(x)')`). Returns a malloc'd,
 * NUL-terminated text and its length in *outlen, or NULL when the cell needs no rewriting (or
 * memory ran out: the cell then runs as written). */
char *ipy_transform(const char *src, size_t len, size_t *outlen);

/* sb_is_complete over the rewritten cell; a cell magic (`%%name` first line) is complete once
 * its last line is blank, as in IPython. */
sb_completeness ipy_is_complete(const char *src, size_t len, char **indent);

#endif
