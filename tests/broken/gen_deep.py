#!/usr/bin/env python3
"""Generate the large and binary members of tests/broken (3NN_deep_*.py).

Run from anywhere: /usr/bin/python3 tests/broken/gen_deep.py  (deterministic; overwrites).
Each program must end in an exception in Sable: either the front end refuses it (too deep,
too long, bad bytes) or it runs and fails at its end (every program that could legitimately
be accepted carries a final error), never a crash or a hang.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
progs = []


def add(name, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    progs.append((name, data))


# Deep nesting in the source: the parser must not recurse itself to death.
add("parens_10000", "x = " + "(" * 10000 + "1 / 0" + ")" * 10000 + "\n")
add("brackets_100000", "x = " + "[" * 100000 + "]" * 100000 + "\nprint(len(x))\nraise RuntimeError('end')\n")
add("braces_50000", "x = " + "{1: " * 50000 + "0" + "}" * 50000 + "\nraise RuntimeError('end')\n")
add("parens_unclosed_100000", "x = " + "(" * 100000 + "\n")
add("calls_10000", "def f(v):\n    return v\nx = " + "f(" * 10000 + "1 / 0" + ")" * 10000 + "\n")
add("unary_minus_100000", "x = " + "-" * 100000 + "1\nraise RuntimeError('end')\n")
add("not_chain_100000", "x = " + "not " * 100000 + "True\nraise RuntimeError('end')\n")
add("binop_chain_100000", "x = " + " + ".join(["1"] * 100000) + "\nraise RuntimeError('end')\n")
add("power_chain_50000", "x = " + " ** ".join(["1"] * 50000) + "\nraise RuntimeError('end')\n")
add("attr_chain_100000", "class A:\n    pass\na = A()\nx = a" + ".a" * 100000 + "\n")
add("subscript_chain_100000", "x = [0]\ny = x" + "[0]" * 100000 + "\n")
add("lambda_chain_10000", "f = " + "lambda: " * 10000 + "1 / 0\nraise RuntimeError('end')\n")
add("ternary_chain_20000", "x = " + "1 if False else " * 20000 + "1 / 0\n")
add("and_chain_20000", "x = " + " and ".join(["True"] * 20000) + "\nraise RuntimeError('end')\n")
add("compare_chain_20000", "x = " + " < ".join(["1"] * 20000) + "\nraise RuntimeError('end')\n")
add("fstring_nested_4", "x = 1\nprint(f\"\"\"{f'''{f\"{f'{x}'}\"}'''}\"\"\")\nraise RuntimeError('end')\n")
add("tuple_nesting_in_target", "(" * 5000 + "a" + ")" * 5000 + " = 1\nraise RuntimeError('end')\n")

# Deep block nesting: 1000 nested ifs, deep defs, deep loops.
src = ""
for i in range(1000):
    src += " " * i + "if True:\n"
src += " " * 1000 + "x = 1 / 0\n"
add("nested_ifs_1000", src)
src = ""
for i in range(150):
    src += "    " * i + f"def f{i}():\n"
src += "    " * 150 + "return 1 / 0\n"
for i in range(149, -1, -1):
    src += "    " * i + f"return f{i + 1}()\n" if i < 149 else "    " * i + f"return f{i + 1}()\n"
src += "f0()\n"
add("nested_defs_150", src)
src = ""
for i in range(120):
    src += "\t" * i + "for _ in range(1):\n"
src += "\t" * 120 + "raise RuntimeError('innermost')\n"
add("nested_fors_tabs_120", src)
src = ""
for i in range(200):
    src += "  " * i + "try:\n"
src += "  " * 200 + "x = 1 / 0\n"
for i in range(199, -1, -1):
    src += "  " * i + "finally:\n" + "  " * (i + 1) + "pass\n"
add("nested_try_200", src)
src = ""
for i in range(300):
    src += " " * i + "class C:\n"
src += " " * 300 + "raise RuntimeError('deep class body')\n"
add("nested_classes_300", src)

# Sizes: long lines, long names, many lines, many elifs, huge literals.
add("long_string_literal_256k", "s = '" + "x" * (1 << 18) + "'\nprint(len(s))\nraise RuntimeError('end')\n")
add("long_identifier_100k", "a" * 100000 + " = 1\nprint(" + "a" * 100000 + " + undefined_name)\n")
add("many_lines_50k", "x = 0\n" + "x = x + 1\n" * 50000 + "raise RuntimeError(str(x))\n")
add("many_elifs_5000", "x = -1\nif x == 0:\n    pass\n" + "".join(f"elif x == {i}:\n    pass\n" for i in range(1, 5000)) + "else:\n    raise RuntimeError('no branch matched')\n")
add("huge_int_literal_100k_digits", "x = " + "9" * 100000 + "\nraise RuntimeError('end')\n")
add("huge_float_literal", "x = " + "1" * 400 + ".5\nprint(x)\nraise RuntimeError('end')\n")
add("many_args_100000", "def f(*a):\n    return len(a)\nprint(f(" + ", ".join(["1"] * 100000) + "))\nraise RuntimeError('end')\n")
add("big_list_literal_50000", "x = [" + ", ".join([str(i) for i in range(50000)]) + "]\nprint(sum(x))\nraise RuntimeError('end')\n")
add("many_string_concats", "s = " + " ".join(["'ab'"] * 20000) + "\nprint(len(s))\nraise RuntimeError('end')\n")

# Bytes the tokenizer must reject cleanly.
add("nul_byte_in_code", b"x = 1\x00\nprint(x)\n")
add("nul_byte_in_string", b"s = 'a\x00b'\nprint(s)\n")
add("nul_byte_in_comment", b"# comment \x00 here\nx = 1\nraise RuntimeError('NUL bytes must be rejected')\n")
add("only_nul_bytes", b"\x00" * 64)
add("invalid_utf8_ff", b"x = '\xff'\nprint(x)\n")
add("invalid_utf8_lone_continuation", b"print('a')\n\x80\n")
add("invalid_utf8_truncated", b"s = 'caf\xc3'\n")
add("invalid_utf8_overlong", b"s = '\xc0\xaf'\n")
add("invalid_utf8_surrogate", b"s = '\xed\xa0\x80'\n")
add("invalid_utf8_too_large", b"s = '\xf4\x90\x80\x80'\n")
add("invalid_utf8_in_comment", b"# \xfe\xfe\nx = 1\n")
add("invalid_utf8_in_name", b"caf\xe9 = 1\n")
add("binary_garbage", bytes((i * 73 + 41) % 256 for i in range(4096)))
add("control_chars", b"x = 1\n\x01\x02\x03\nprint(x)\n")
add("lone_cr_in_string", b"s = 'a\rb\nprint(s)\n")
add("escape_null_char", b"x = 1\n\x1b[31mprint(x)\n")

for i, (name, data) in enumerate(progs):
    with open(os.path.join(HERE, f"{300 + i:03d}_deep_{name}.py"), "wb") as f:
        f.write(data)
print(len(progs), "programs")
