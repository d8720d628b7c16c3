/* parse.h - source text to syntax tree: the lexer (indentation, f-strings) and the parser. */
#ifndef SABLE_PARSE_H
#define SABLE_PARSE_H

#include "ast.h"

typedef enum ParseErrorKind { PE_SYNTAX, PE_INDENTATION, PE_TAB } ParseErrorKind;

typedef struct ParseError {
  ParseErrorKind kind;   /* SyntaxError, IndentationError or TabError */
  char msg[256];         /* as CPython words it where practical: "invalid syntax", "expected ':'" */
  Span span;             /* where; col is a byte offset within the line */
  int incomplete;        /* 1 when the input simply ended too early (open block, bracket,
                            triple-quoted string, trailing backslash): the REPL continues */
} ParseError;

/* Parse a whole module. Returns the N_MODULE node, or NULL with *err filled.
 * Never crashes on any input; nesting deeper than a fixed limit is a SyntaxError
 * ("too many nested parentheses" / "too deeply nested"). */
Node *parse_module(Arena *a, const char *src, size_t len, const char *filename, ParseError *err);

#endif
