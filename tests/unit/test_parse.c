/* test_parse.c - unit tests of the lexer and parser (errors, incomplete input, spans,
 * f-strings, precedence) and a --dump mode printing ast.dump() for the CPython diff suite. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/astdump.h"
#include "core/parse.h"

static int failures;

static const char *kind_name(ParseErrorKind k) {
  return k == PE_INDENTATION ? "IndentationError" : k == PE_TAB ? "TabError" : "SyntaxError";
}

static int dump_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    return 2;
  }
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  if (!buf) return 2;
  for (;;) {
    if (len == cap) {
      cap *= 2;
      char *nb = realloc(buf, cap);
      if (!nb) return 2;
      buf = nb;
    }
    size_t n = fread(buf + len, 1, cap - len, f);
    if (n == 0) break;
    len += n;
  }
  fclose(f);
  Arena *a = arena_new();
  ParseError err;
  Node *m = parse_module(a, buf, len, path, &err);
  if (!m) {
    printf("ERROR %s %d:%d %s\n", kind_name(err.kind), err.span.line, err.span.col, err.msg);
  } else {
    FBuf out = {0};
    ast_dump(m, &out, 1);
    fwrite(out.s, 1, out.len, stdout);
    putchar('\n');
    free(out.s);
  }
  arena_free(a);
  free(buf);
  return 0;
}

/* Parse src and compare ast.dump(tree) (attributes off) with the expected text. */
static void check_dump(const char *name, const char *src, const char *want) {
  Arena *a = arena_new();
  ParseError err;
  Node *m = parse_module(a, src, strlen(src), "<test>", &err);
  if (!m) {
    printf("FAIL %s: unexpected error %d:%d %s\n", name, err.span.line, err.span.col, err.msg);
    failures++;
  } else {
    FBuf out = {0};
    ast_dump(m, &out, 0);
    if (strcmp(out.s, want) != 0) {
      printf("FAIL %s: got %s\n     want %s\n", name, out.s, want);
      failures++;
    } else {
      printf("PASS %s\n", name);
    }
    free(out.s);
  }
  arena_free(a);
}

/* Parse src and compare the dump of body[0] with attributes. */
static void check_span(const char *name, const char *src, const char *want) {
  Arena *a = arena_new();
  ParseError err;
  Node *m = parse_module(a, src, strlen(src), "<test>", &err);
  if (!m || m->u.module.body.len == 0) {
    printf("FAIL %s: unexpected error %d:%d %s\n", name, err.span.line, err.span.col, err.msg);
    failures++;
  } else {
    FBuf out = {0};
    ast_dump(m->u.module.body.items[0], &out, 1);
    if (strcmp(out.s, want) != 0) {
      printf("FAIL %s: got %s\n     want %s\n", name, out.s, want);
      failures++;
    } else {
      printf("PASS %s\n", name);
    }
    free(out.s);
  }
  arena_free(a);
}

/* Expect an error: kind, line, message (NULL: any), incomplete flag. */
static void check_err(const char *name, const char *src, size_t len, ParseErrorKind kind,
                      int line, const char *msg, int incomplete) {
  Arena *a = arena_new();
  ParseError err;
  Node *m = parse_module(a, src, len ? len : strlen(src), "<test>", &err);
  if (m) {
    printf("FAIL %s: parsed, expected an error\n", name);
    failures++;
  } else if (err.kind != kind || err.span.line != line || (msg && strcmp(err.msg, msg) != 0) ||
             err.incomplete != incomplete) {
    printf("FAIL %s: got %s line %d '%s' incomplete=%d; want %s line %d '%s' incomplete=%d\n",
           name, kind_name(err.kind), err.span.line, err.msg, err.incomplete, kind_name(kind),
           line, msg ? msg : "*", incomplete);
    failures++;
  } else {
    printf("PASS %s\n", name);
  }
  arena_free(a);
}

static void check_semicolon(const char *name, const char *src, int want) {
  Arena *a = arena_new();
  ParseError err;
  Node *m = parse_module(a, src, strlen(src), "<test>", &err);
  if (!m || m->u.module.last_semicolon != want) {
    printf("FAIL %s: last_semicolon=%d want %d\n", name, m ? m->u.module.last_semicolon : -1, want);
    failures++;
  } else {
    printf("PASS %s\n", name);
  }
  arena_free(a);
}

#define M(body) "Module(body=[" body "], type_ignores=[])"

static void precedence(void) {
  check_dump("prec_neg_pow", "-x**2",
             M("Expr(value=UnaryOp(op=USub(), operand=BinOp(left=Name(id='x', ctx=Load()), op=Pow(), right=Constant(value=2))))"));
  check_dump("prec_pow_right", "a**b**c",
             M("Expr(value=BinOp(left=Name(id='a', ctx=Load()), op=Pow(), right=BinOp(left=Name(id='b', ctx=Load()), op=Pow(), right=Name(id='c', ctx=Load()))))"));
  check_dump("prec_pow_unary_rhs", "2**-1",
             M("Expr(value=BinOp(left=Constant(value=2), op=Pow(), right=UnaryOp(op=USub(), operand=Constant(value=1))))"));
  check_dump("prec_not_eq", "not a == b",
             M("Expr(value=UnaryOp(op=Not(), operand=Compare(left=Name(id='a', ctx=Load()), ops=[Eq()], comparators=[Name(id='b', ctx=Load())])))"));
  check_dump("prec_ifexp_lambda", "lambda: a if b else c",
             M("Expr(value=Lambda(args=arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]), body=IfExp(test=Name(id='b', ctx=Load()), body=Name(id='a', ctx=Load()), orelse=Name(id='c', ctx=Load()))))"));
  check_dump("prec_arith", "a + b * c - d / e % f @ g",
             M("Expr(value=BinOp(left=BinOp(left=Name(id='a', ctx=Load()), op=Add(), right=BinOp(left=Name(id='b', ctx=Load()), op=Mult(), right=Name(id='c', ctx=Load()))), op=Sub(), right=BinOp(left=BinOp(left=BinOp(left=Name(id='d', ctx=Load()), op=Div(), right=Name(id='e', ctx=Load())), op=Mod(), right=Name(id='f', ctx=Load())), op=MatMult(), right=Name(id='g', ctx=Load()))))"));
  check_dump("prec_bits", "a | b ^ c & d << e",
             M("Expr(value=BinOp(left=Name(id='a', ctx=Load()), op=BitOr(), right=BinOp(left=Name(id='b', ctx=Load()), op=BitXor(), right=BinOp(left=Name(id='c', ctx=Load()), op=BitAnd(), right=BinOp(left=Name(id='d', ctx=Load()), op=LShift(), right=Name(id='e', ctx=Load()))))))"));
  check_dump("prec_bool", "a or b and not c",
             M("Expr(value=BoolOp(op=Or(), values=[Name(id='a', ctx=Load()), BoolOp(op=And(), values=[Name(id='b', ctx=Load()), UnaryOp(op=Not(), operand=Name(id='c', ctx=Load()))])]))"));
  check_dump("cmp_chain", "a < b <= c is not d not in e",
             M("Expr(value=Compare(left=Name(id='a', ctx=Load()), ops=[Lt(), LtE(), IsNot(), NotIn()], comparators=[Name(id='b', ctx=Load()), Name(id='c', ctx=Load()), Name(id='d', ctx=Load()), Name(id='e', ctx=Load())]))"));
  check_dump("subscript_none", "x[:, None]",
             M("Expr(value=Subscript(value=Name(id='x', ctx=Load()), slice=Tuple(elts=[Slice(), Constant(value=None)], ctx=Load()), ctx=Load()))"));
  check_dump("subscript_ellipsis", "x[..., 0]",
             M("Expr(value=Subscript(value=Name(id='x', ctx=Load()), slice=Tuple(elts=[Constant(value=Ellipsis), Constant(value=0)], ctx=Load()), ctx=Load()))"));
  check_dump("star_assign", "a, *rest = b = 1",
             M("Assign(targets=[Tuple(elts=[Name(id='a', ctx=Store()), Starred(value=Name(id='rest', ctx=Store()), ctx=Store())], ctx=Store()), Name(id='b', ctx=Store())], value=Constant(value=1))"));
  check_dump("numbers", "0x_ff, 0o17, 0b101, 1_000, 1., .5, 1e-5, 2.5e+20, 1j, 1e16, 0.0001",
             M("Expr(value=Tuple(elts=[Constant(value=255), Constant(value=15), Constant(value=5), Constant(value=1000), Constant(value=1.0), Constant(value=0.5), Constant(value=1e-05), Constant(value=2.5e+20), Constant(value=1j), Constant(value=1e+16), Constant(value=0.0001)], ctx=Load()))"));
  check_dump("strings", "('a\\tb' \"c\\x41\\u00e9\\101\" r'\\n')[0:0] if 0 else b'\\x00\\xff'",
             M("Expr(value=IfExp(test=Constant(value=0), body=Subscript(value=Constant(value='a\\tbcA\xc3\xa9" "A\\\\n'), slice=Slice(lower=Constant(value=0), upper=Constant(value=0)), ctx=Load()), orelse=Constant(value=b'\\x00\\xff')))"));
}

static void fstrings(void) {
  check_dump("fstr_basic", "f'a{x!r:>{w}}b{{c}}'",
             M("Expr(value=JoinedStr(values=[Constant(value='a'), FormattedValue(value=Name(id='x', ctx=Load()), conversion=114, format_spec=JoinedStr(values=[Constant(value='>'), FormattedValue(value=Name(id='w', ctx=Load()), conversion=-1)])), Constant(value='b{c}')]))"));
  check_dump("fstr_debug", "f'{x=}' f'{y=:.2f}'",
             M("Expr(value=JoinedStr(values=[Constant(value='x='), FormattedValue(value=Name(id='x', ctx=Load()), conversion=114), Constant(value='y='), FormattedValue(value=Name(id='y', ctx=Load()), conversion=-1, format_spec=JoinedStr(values=[Constant(value='.2f')]))]))"));
  check_span("fstr_span", "y = f\"{x} {y+1}\" f\"{x}\"",
             "Assign(targets=[Name(id='y', ctx=Store(), lineno=1, col_offset=0, end_lineno=1, end_col_offset=1)], value=JoinedStr(values=[FormattedValue(value=Name(id='x', ctx=Load(), lineno=1, col_offset=7, end_lineno=1, end_col_offset=8), conversion=-1, lineno=1, col_offset=4, end_lineno=1, end_col_offset=23), Constant(value=' ', lineno=1, col_offset=4, end_lineno=1, end_col_offset=23), FormattedValue(value=BinOp(left=Name(id='y', ctx=Load(), lineno=1, col_offset=11, end_lineno=1, end_col_offset=12), op=Add(), right=Constant(value=1, lineno=1, col_offset=13, end_lineno=1, end_col_offset=14), lineno=1, col_offset=11, end_lineno=1, end_col_offset=14), conversion=-1, lineno=1, col_offset=4, end_lineno=1, end_col_offset=23), FormattedValue(value=Name(id='x', ctx=Load(), lineno=1, col_offset=20, end_lineno=1, end_col_offset=21), conversion=-1, lineno=1, col_offset=4, end_lineno=1, end_col_offset=23)], lineno=1, col_offset=4, end_lineno=1, end_col_offset=23), lineno=1, col_offset=0, end_lineno=1, end_col_offset=23)");
  check_dump("u_kind", "u'x'", M("Expr(value=Constant(value='x', kind='u'))"));
  {
    /* CPython parses "(" expr ")": a bare tuple spans the braces */
    Arena *a = arena_new();
    ParseError err;
    const char *src = "f\"{x, y}\"";
    Node *m = parse_module(a, src, strlen(src), "<t>", &err);
    Node *t = m ? m->u.module.body.items[0]->u.expr_stmt.value->u.joinedstr.values.items[0]
                      ->u.formattedvalue.value
                : NULL;
    if (t && t->kind == N_TUPLE && t->span.col == 2 && t->span.end_col == 8) printf("PASS fstr_tuple_span\n");
    else { printf("FAIL fstr_tuple_span\n"); failures++; }
    arena_free(a);
  }
  check_err("fstr_empty", "f'{}'", 0, PE_SYNTAX, 1, "f-string: empty expression not allowed", 0);
  check_err("fstr_single_brace", "f'a}'", 0, PE_SYNTAX, 1, "f-string: single '}' is not allowed", 0);
  check_err("fstr_backslash", "f'{a\\n}'", 0, PE_SYNTAX, 1,
            "f-string expression part cannot include a backslash", 0);
  check_err("fstr_bad_conv", "f'{a!x}'", 0, PE_SYNTAX, 1,
            "f-string: invalid conversion character: expected 's', 'r', or 'a'", 0);
  check_err("fstr_expecting", "f'{a'", 0, PE_SYNTAX, 1, "f-string: expecting '}'", 0);
}

static void spans(void) {
  check_span("span_call_attr", "obj.f(a, *b, k=1, **kw)[1:2]",
             "Expr(value=Subscript(value=Call(func=Attribute(value=Name(id='obj', ctx=Load(), lineno=1, col_offset=0, end_lineno=1, end_col_offset=3), attr='f', ctx=Load(), lineno=1, col_offset=0, end_lineno=1, end_col_offset=5), args=[Name(id='a', ctx=Load(), lineno=1, col_offset=6, end_lineno=1, end_col_offset=7), Starred(value=Name(id='b', ctx=Load(), lineno=1, col_offset=10, end_lineno=1, end_col_offset=11), ctx=Load(), lineno=1, col_offset=9, end_lineno=1, end_col_offset=11)], keywords=[keyword(arg='k', value=Constant(value=1, lineno=1, col_offset=15, end_lineno=1, end_col_offset=16), lineno=1, col_offset=13, end_lineno=1, end_col_offset=16), keyword(value=Name(id='kw', ctx=Load(), lineno=1, col_offset=20, end_lineno=1, end_col_offset=22), lineno=1, col_offset=18, end_lineno=1, end_col_offset=22)], lineno=1, col_offset=0, end_lineno=1, end_col_offset=23), slice=Slice(lower=Constant(value=1, lineno=1, col_offset=24, end_lineno=1, end_col_offset=25), upper=Constant(value=2, lineno=1, col_offset=26, end_lineno=1, end_col_offset=27), lineno=1, col_offset=24, end_lineno=1, end_col_offset=27), ctx=Load(), lineno=1, col_offset=0, end_lineno=1, end_col_offset=28), lineno=1, col_offset=0, end_lineno=1, end_col_offset=28)");
  check_span("span_genexp_arg", "f(x for x in y)",
             "Expr(value=Call(func=Name(id='f', ctx=Load(), lineno=1, col_offset=0, end_lineno=1, end_col_offset=1), args=[GeneratorExp(elt=Name(id='x', ctx=Load(), lineno=1, col_offset=2, end_lineno=1, end_col_offset=3), generators=[comprehension(target=Name(id='x', ctx=Store(), lineno=1, col_offset=8, end_lineno=1, end_col_offset=9), iter=Name(id='y', ctx=Load(), lineno=1, col_offset=13, end_lineno=1, end_col_offset=14), ifs=[], is_async=0)], lineno=1, col_offset=1, end_lineno=1, end_col_offset=15)], keywords=[], lineno=1, col_offset=0, end_lineno=1, end_col_offset=15), lineno=1, col_offset=0, end_lineno=1, end_col_offset=15)");
  check_span("span_tuple_trailing_comma", "a, = b",
             "Assign(targets=[Tuple(elts=[Name(id='a', ctx=Store(), lineno=1, col_offset=0, end_lineno=1, end_col_offset=1)], ctx=Store(), lineno=1, col_offset=0, end_lineno=1, end_col_offset=2)], value=Name(id='b', ctx=Load(), lineno=1, col_offset=5, end_lineno=1, end_col_offset=6), lineno=1, col_offset=0, end_lineno=1, end_col_offset=6)");
  check_span("span_decorated_def", "@jit\ndef f(a:int=1,*,b)->int: pass\n",
             "FunctionDef(name='f', args=arguments(posonlyargs=[], args=[arg(arg='a', annotation=Name(id='int', ctx=Load(), lineno=2, col_offset=8, end_lineno=2, end_col_offset=11), lineno=2, col_offset=6, end_lineno=2, end_col_offset=11)], kwonlyargs=[arg(arg='b', lineno=2, col_offset=16, end_lineno=2, end_col_offset=17)], kw_defaults=[None], defaults=[Constant(value=1, lineno=2, col_offset=12, end_lineno=2, end_col_offset=13)]), body=[Pass(lineno=2, col_offset=25, end_lineno=2, end_col_offset=29)], decorator_list=[Name(id='jit', ctx=Load(), lineno=1, col_offset=1, end_lineno=1, end_col_offset=4)], returns=Name(id='int', ctx=Load(), lineno=2, col_offset=20, end_lineno=2, end_col_offset=23), lineno=2, col_offset=0, end_lineno=2, end_col_offset=29)");
}

static void errors(void) {
  check_err("err_invalid", "x = = 1\n", 0, PE_SYNTAX, 1, "invalid syntax", 0);
  check_err("err_expected_colon", "if x\n  pass\n", 0, PE_SYNTAX, 1, "expected ':'", 0);
  check_err("err_unexpected_indent", " x\n", 0, PE_INDENTATION, 1, "unexpected indent", 0);
  check_err("err_expected_block", "x = 1\n\n\nif x:\ny\n", 0, PE_INDENTATION, 5,
            "expected an indented block after 'if' statement on line 4", 0);
  check_err("err_unindent", "if x:\n  a\n b\n", 0, PE_INDENTATION, 3,
            "unindent does not match any outer indentation level", 0);
  check_err("err_tab", "if x:\n        a\n\tb\n", 0, PE_TAB, 3,
            "inconsistent use of tabs and spaces in indentation", 0);
  check_err("err_unterminated", "x = 'abc\n", 0, PE_SYNTAX, 1,
            "unterminated string literal (detected at line 1)", 0);
  check_err("err_unclosed", "x = (1,\n", 0, PE_SYNTAX, 1, "'(' was never closed", 1);
  check_err("err_unmatched", "x = )\n", 0, PE_SYNTAX, 1, "unmatched ')'", 0);
  check_err("err_mismatch", "x = (]\n", 0, PE_SYNTAX, 1,
            "closing parenthesis ']' does not match opening parenthesis '('", 0);
  check_err("err_decimal", "1abc\n", 0, PE_SYNTAX, 1, "invalid decimal literal", 0);
  check_err("err_leading_zero", "x = 0777\n", 0, PE_SYNTAX, 1,
            "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers", 0);
  check_err("err_call_assign", "f() = 1\n", 0, PE_SYNTAX, 1,
            "cannot assign to function call here. Maybe you meant '==' instead of '='?", 0);
  check_err("err_literal_in_tuple", "(a, 1) = x\n", 0, PE_SYNTAX, 1, "cannot assign to literal", 0);
  check_err("err_kwarg_expr", "f(a.b=1)\n", 0, PE_SYNTAX, 1,
            "expression cannot contain assignment, perhaps you meant \"==\"?", 0);
  check_err("err_return_outside", "return 1\n", 0, PE_SYNTAX, 1, "'return' outside function", 0);
  check_err("err_break_outside", "def f():\n    break\n", 0, PE_SYNTAX, 2, "'break' outside loop", 0);
  check_err("err_invalid_char", "a = 1 \xe2\x82\xac 2\n", 0, PE_SYNTAX, 1,
            "invalid character '\xe2\x82\xac' (U+20AC)", 0);
  check_err("err_nul", "x = 1\0\n", 7, PE_SYNTAX, 1, "source code cannot contain null bytes", 0);
  check_err("err_bad_utf8", "x = '\xff'\n", 0, PE_SYNTAX, 1, NULL, 0);
  check_err("err_later_tokenizer_error_wins", "x = = 1\ny = 'abc\n", 0, PE_SYNTAX, 2,
            "unterminated string literal (detected at line 2)", 0);
  check_err("err_forgot_comma", "x = [1, 2\n     3]\n", 0, PE_SYNTAX, 1,
            "invalid syntax. Perhaps you forgot a comma?", 0);
  check_err("err_print", "print 'x'\n", 0, PE_SYNTAX, 1,
            "Missing parentheses in call to 'print'. Did you mean print(...)?", 0);
  check_err("err_comp_target", "[a, for x in y]\n", 0, PE_SYNTAX, 1,
            "did you forget parentheses around the comprehension target?", 0);
  check_err("err_eq_in_list", "x = [y = 2]\n", 0, PE_SYNTAX, 1,
            "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", 0);
  check_err("err_tuple_literal_target", "a, 1 = x\n", 0, PE_SYNTAX, 1,
            "cannot assign to literal here. Maybe you meant '==' instead of '='?", 0);
  check_err("err_tuple_name_last", "1, a = x\n", 0, PE_SYNTAX, 1,
            "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", 0);
  check_err("err_indent_not_overridden", "x\n  y\nz = 'abc\n", 0, PE_INDENTATION, 2,
            "unexpected indent", 0);
  check_err("err_eof_block_line", "if x:\n\n\n# c\n", 0, PE_INDENTATION, 4,
            "expected an indented block after 'if' statement on line 1", 1);
  check_err("err_no_comma_hint", "f(1 lambda)\n", 0, PE_SYNTAX, 1, "invalid syntax", 0);
  check_err("err_comma_hint_eof", "x = [1 2 3", 0, PE_SYNTAX, 1,
            "invalid syntax. Perhaps you forgot a comma?", 0);
  /* deep nesting is an error, not a stack overflow */
  {
    static char deep[20000];
    int n = 0;
    for (int i = 0; i < 5000; i++) deep[n++] = '(';
    deep[n++] = '1';
    for (int i = 0; i < 5000; i++) deep[n++] = ')';
    deep[n] = 0;
    check_err("err_deep_parens", deep, 0, PE_SYNTAX, 1, "too many nested parentheses", 0);
    n = 0;
    for (int i = 0; i < 5000; i++) { deep[n++] = '-'; }
    deep[n++] = '1';
    deep[n] = 0;
    check_err("err_deep_unary", deep, 0, PE_SYNTAX, 1, NULL, 0);
  }
}

/* Token pointers must survive the token buffer growing: a class header followed by many
 * statements keeps its own line. */
static void long_input(void) {
  static char src[200000];
  size_t n = 0;
  n += (size_t)sprintf(src + n, "class A:\n");
  for (int i = 0; i < 3000; i++) n += (size_t)sprintf(src + n, "    x%d = f(a, b)[c] + %d\n", i, i);
  Arena *a = arena_new();
  ParseError err;
  Node *m = parse_module(a, src, n, "<t>", &err);
  Node *c = m ? m->u.module.body.items[0] : NULL;
  if (c && c->kind == N_CLASSDEF && c->span.line == 1 && c->span.col == 0 &&
      c->span.end_line == 3001 && c->u.classdef.body.len == 3000 &&
      strcmp(c->u.classdef.name.s, "A") == 0)
    printf("PASS long_input_spans\n");
  else {
    printf("FAIL long_input_spans\n");
    failures++;
  }
  arena_free(a);
}

static void incomplete(void) {
  check_err("inc_def", "def f():\n", 0, PE_INDENTATION, 1,
            "expected an indented block after function definition on line 1", 1);
  check_err("inc_def_no_newline", "def f():", 0, PE_INDENTATION, 1, NULL, 1);
  check_err("inc_nested_if", "def f():\n    if x:\n", 0, PE_INDENTATION, 2, NULL, 1);
  check_err("inc_bracket", "x = [1,\n 2,\n", 0, PE_SYNTAX, 1, "'[' was never closed", 1);
  check_err("inc_triple", "s = '''abc\ndef\n", 0, PE_SYNTAX, 1,
            "unterminated triple-quoted string literal (detected at line 2)", 1);
  check_err("inc_backslash", "x = 1 + \\\n", 0, PE_SYNTAX, 1, "unexpected EOF while parsing", 1);
  check_err("inc_decorator", "@jit\n", 0, PE_SYNTAX, 1, NULL, 1);
  check_err("inc_else", "if x:\n    a\nelse:\n", 0, PE_INDENTATION, 3, NULL, 1);
  check_err("not_inc_bad_expr", "x = \n", 0, PE_SYNTAX, 1, "invalid syntax", 0);
  check_err("not_inc_unmatched", "x = 1)\n", 0, PE_SYNTAX, 1, "unmatched ')'", 0);
  {
    Arena *a = arena_new();
    ParseError err;
    const char *src = "if x:\n    y";
    Node *m = parse_module(a, src, strlen(src), "<t>", &err);
    if (m) printf("PASS complete_if_without_blank\n");
    else { printf("FAIL complete_if_without_blank: %s\n", err.msg); failures++; }
    arena_free(a);
  }
  check_semicolon("semi_last", "x = 1\nplt.plot(x);", 1);
  check_semicolon("semi_last_two", "a; b;\n", 1);
  check_semicolon("semi_not_last", "a;\nb\n", 0);
  check_semicolon("semi_compound_last", "a;\nif x: y\n", 0);
  check_semicolon("semi_if_inline", "if x: y;\n", 0);
}

/* --bench FILE: parse it repeatedly and print the time per parse (by hand, never in tests). */
static int bench_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return 2;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc((size_t)n + 1);
  if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) return 2;
  fclose(f);
  struct timespec t0, t1;
  int reps = 20;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int i = 0; i < reps; i++) {
    Arena *a = arena_new();
    ParseError err;
    Node *m = parse_module(a, buf, (size_t)n, path, &err);
    if (!m) printf("error %d:%d %s\n", err.span.line, err.span.col, err.msg);
    arena_free(a);
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double ms = ((t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6) / reps;
  printf("%ld bytes: %.3f ms per parse, %.1f MB/s\n", n, ms, n / ms / 1e3);
  free(buf);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[1], "--dump") == 0) return dump_file(argv[2]);
  if (argc == 3 && strcmp(argv[1], "--bench") == 0) return bench_file(argv[2]);
  precedence();
  fstrings();
  spans();
  errors();
  incomplete();
  long_input();
  return failures ? 1 : 0;
}
