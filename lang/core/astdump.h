/* astdump.h - print a syntax tree exactly as CPython 3.11's ast.dump() does, so the parser can
 * be compared node for node (and span for span) with CPython's own. */
#ifndef SABLE_ASTDUMP_H
#define SABLE_ASTDUMP_H

#include "ast.h"
#include "fmt.h"

/* Append ast.dump(tree) (include_attributes=1: ast.dump(tree, include_attributes=True)).
 * The buffer is grown with realloc; free out->s with free(). */
void ast_dump(const Node *n, FBuf *out, int include_attributes);

#endif
