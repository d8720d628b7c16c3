/* lex.h - the tokenizer: Python's token stream (INDENT/DEDENT, NEWLINE, implicit joining)
 * produced one token at a time from a byte buffer, plus string-literal decoding helpers. */
#ifndef SABLE_LEX_H
#define SABLE_LEX_H

#include <stddef.h>
#include <stdint.h>
#include "ast.h"
#include "parse.h"

/* Token kinds: structural, then operators, then keywords (X-macro tables keep the spelling
 * next to the kind so the lexer and the parser's messages share one list). */
#define LEX_OPERATORS(X) \
  X(T_LPAR, "(") X(T_RPAR, ")") X(T_LSQB, "[") X(T_RSQB, "]") X(T_LBRACE, "{") \
  X(T_RBRACE, "}") X(T_COLON, ":") X(T_COMMA, ",") X(T_SEMI, ";") X(T_PLUS, "+") \
  X(T_MINUS, "-") X(T_STAR, "*") X(T_SLASH, "/") X(T_VBAR, "|") X(T_AMPER, "&") \
  X(T_LESS, "<") X(T_GREATER, ">") X(T_EQUAL, "=") X(T_DOT, ".") X(T_PERCENT, "%") \
  X(T_EQEQUAL, "==") X(T_NOTEQUAL, "!=") X(T_LESSEQUAL, "<=") X(T_GREATEREQUAL, ">=") \
  X(T_TILDE, "~") X(T_CIRCUMFLEX, "^") X(T_LEFTSHIFT, "<<") X(T_RIGHTSHIFT, ">>") \
  X(T_DOUBLESTAR, "**") X(T_PLUSEQUAL, "+=") X(T_MINEQUAL, "-=") X(T_STAREQUAL, "*=") \
  X(T_SLASHEQUAL, "/=") X(T_PERCENTEQUAL, "%=") X(T_AMPEREQUAL, "&=") X(T_VBAREQUAL, "|=") \
  X(T_CIRCUMFLEXEQUAL, "^=") X(T_LEFTSHIFTEQUAL, "<<=") X(T_RIGHTSHIFTEQUAL, ">>=") \
  X(T_DOUBLESTAREQUAL, "**=") X(T_DOUBLESLASH, "//") X(T_DOUBLESLASHEQUAL, "//=") \
  X(T_AT, "@") X(T_ATEQUAL, "@=") X(T_RARROW, "->") X(T_ELLIPSIS, "...") \
  X(T_COLONEQUAL, ":=")

#define LEX_KEYWORDS(X) \
  X(T_FALSE, "False") X(T_NONE, "None") X(T_TRUE, "True") X(T_AND, "and") X(T_AS, "as") \
  X(T_ASSERT, "assert") X(T_ASYNC, "async") X(T_AWAIT, "await") X(T_BREAK, "break") \
  X(T_CLASS, "class") X(T_CONTINUE, "continue") X(T_DEF, "def") X(T_DEL, "del") \
  X(T_ELIF, "elif") X(T_ELSE, "else") X(T_EXCEPT, "except") X(T_FINALLY, "finally") \
  X(T_FOR, "for") X(T_FROM, "from") X(T_GLOBAL, "global") X(T_IF, "if") \
  X(T_IMPORT, "import") X(T_IN, "in") X(T_IS, "is") X(T_LAMBDA, "lambda") \
  X(T_NONLOCAL, "nonlocal") X(T_NOT, "not") X(T_OR, "or") X(T_PASS, "pass") \
  X(T_RAISE, "raise") X(T_RETURN, "return") X(T_TRY, "try") X(T_WHILE, "while") \
  X(T_WITH, "with") X(T_YIELD, "yield")

#define LEX_ENUM_(k, s) k,
typedef enum TokKind {
  T_ENDMARKER, T_NAME, T_NUMBER, T_STRING, T_NEWLINE, T_INDENT, T_DEDENT,
  LEX_OPERATORS(LEX_ENUM_)
  LEX_KEYWORDS(LEX_ENUM_)
  T__COUNT
} TokKind;
#undef LEX_ENUM_

/* String token flags (prefix letters). */
enum { LEX_STR_RAW = 1, LEX_STR_BYTES = 2, LEX_STR_F = 4, LEX_STR_U = 8, LEX_STR_TRIPLE = 16 };

typedef struct Token {
  int kind;           /* TokKind */
  int flags;          /* strings: LEX_STR_*; numbers: 0 */
  uint32_t start, end; /* byte range in the source */
  uint32_t body;       /* strings: offset of the first byte after the opening quote(s) */
  int level;           /* bracket depth after this token */
  Span span;
} Token;

#define LEX_MAX_PAREN 200
#define LEX_MAX_INDENT 100

typedef struct Lexer {
  const char *src;
  size_t pos, end;          /* end: one past the last byte this lexer may read */
  size_t line_start;        /* byte offset of the current line's first byte */
  int line;
  int atbol;                /* at the beginning of a logical line */
  int pending;              /* >0: INDENTs to emit; <0: DEDENTs to emit */
  int indent;               /* top of the indentation stacks */
  int indstack[LEX_MAX_INDENT + 1], altstack[LEX_MAX_INDENT + 1];
  int level;                /* bracket depth */
  char parens[LEX_MAX_PAREN];
  int paren_line[LEX_MAX_PAREN], paren_col[LEX_MAX_PAREN];
  int sub;                  /* f-string expression mode: as if inside brackets, no NEWLINE */
  size_t sub_lpar, sub_rpar; /* f-string: the '{' and the byte after the expression read as
                                '(' and ')', as CPython compiles "(" expr ")" */
  int saw_eof_newline;      /* the implicit final NEWLINE has been produced */
  int last_kind;            /* kind of the last significant token (for NEWLINE suppression) */
  int done;                 /* ENDMARKER produced or an error raised */
  ParseError *err;
} Lexer;

/* Start a lexer over src[begin, end). For an f-string expression (sub=1) the region is lexed
 * as if inside brackets and spans are those of the real source (line/line_start given). */
void lex_init(Lexer *lx, const char *src, size_t begin, size_t end, int line, size_t line_start,
              int sub, ParseError *err);

/* Produce the next token. Returns 0, or -1 with lx->err filled (the lexer is then done). */
int lex_next(Lexer *lx, Token *t);

/* Check the whole buffer for NUL bytes and invalid UTF-8 up front (CPython decodes the source
 * before tokenizing, so these errors win over any syntax error). Returns 0 or -1 with err. */
int lex_check_source(const char *src, size_t len, ParseError *err);

/* Decode the body of a non-f string literal (escapes, \r\n -> \n) into the arena.
 * Returns 0 or -1 with err (message as CPython's). */
int lex_decode_string(Arena *a, const char *s, size_t n, int flags, Str *out, char *msg,
                      size_t msgn);

/* Spelling of a token kind ("(" or "if"), NULL for structural kinds. */
const char *lex_kind_text(int kind);

/* Set err to a SyntaxError-like error at the given position. */
void lex_error_at(ParseError *err, ParseErrorKind kind, int line, int col, int end_line,
                  int end_col, const char *fmt, ...) __attribute__((format(printf, 7, 8)));

/* str.isprintable() of one code point, exactly as CPython 3.11 (Unicode 14.0). */
int lex_printable(uint32_t cp);

#endif
