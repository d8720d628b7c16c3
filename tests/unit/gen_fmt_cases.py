#!/usr/bin/env python3
"""Generate tests/unit/fmt_cases.h: expected results of format() and repr() computed by CPython.

Run with /usr/bin/python3 (3.11) from the repository root:
    /usr/bin/python3 tests/unit/gen_fmt_cases.py > tests/unit/fmt_cases.h
The output is deterministic (fixed seed). Each FMT_CASES row is
    {kind, value, spec, is_error, expected}
kind 'i' (value: decimal int64), 'f' (value: C99 hex float, "inf", "-inf", "nan", "-nan"),
's' (value: UTF-8 string). For errors `expected` is CPython's ValueError/OverflowError text.
REPR_CASES rows are {hex float, repr}.
"""
import random
import struct
import sys

assert sys.version_info[:2] == (3, 11), "generate with CPython 3.11"


def cstr(b):
    if isinstance(b, str):
        b = b.encode("utf-8", "surrogatepass")
    out = []
    for c in b:
        ch = chr(c)
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif ch == "?":
            out.append("\\?")   # no trigraphs
        elif 32 <= c < 127:
            out.append(ch)
        else:
            out.append("\\%03o" % c)
    return '"' + "".join(out) + '"'


def fval(x):
    if x != x:
        return "nan"
    if x == float("inf"):
        return "inf"
    if x == float("-inf"):
        return "-inf"
    return x.hex()


INTS = [0, 1, -7, 42, 255, -255, 1234, 65, 0x263A, -987654321, 2**53 + 1, 2**63 - 1, -2**63,
        0x110000]

FLOATS = [0.0, -0.0, 0.1, -1.0, 2.5, 0.5, 1234.5678, -1234.5678, 1e16, 9999999999999998.0,
          1e-5, 0.0001234, -1.5e-300, 5e-324, 1.7976931348623157e308, float("inf"),
          float("-inf"), float("nan"), 99.995, 0.125, 1e22, 3.141592653589793, -1e-10, 100.0,
          2/3, 9.5]

STRS = ["", "abc", "h\u00e9llo", "\u65e5\u672c\u8a9e", "a" * 20, "\U0001F600x"]

SPECS = ["", "d", "5", "<5", ">5", "^5", "=5", "*^9", "x<8", "0<6", "_>7", "\u00e9^7",
         "\u20ac>5", "^6", "^1", "+", "-", " ", "+5", "-5", " 5", "05", "010", "-010", "+010",
         " 010", "<010", ">010", "^010", "=010", ",", "_", "10,", "010,", "012,", "09,", "+013,",
         "_x", "_b", "_o", "_X", "010_x", "#x", "#X", "#o", "#b", "#010x", "#010b", "-#012X", "x",
         "X", "o", "b", "c", "^5c", "=5c", "n", "e", "E", "f", "F", "g", "G", "%", ".0f",
         ".1f", ".2f", ".3e", ".10g", ".0e", ".0g", ".0", ".1", ".2", ".3", ".12", ".17g", "#.0f",
         "#g", "#.3g", "#", "#.0e", "#.1", "z", "z.1f", "z.0f", "+z.2f", "z.3g", "z%", "s", ".2s",
         "10.3s", ">10.3s", "^9.1%", ",.2f", "_.3f", "015,.2f", "+.3e", "12.4E", "08.3g", ".20f",
         ".30e", ".25g", "30", "=+10.2f", ".1%", "10", "<10", "#.5G", ".0%", "0", "00", "1",
         "_d", ",d", "#d", "#n", "05n", ",e", "#e", ",g",
         # errors
         "abc", ".", "5,,", "_,", ",_", "q", "+c", "#c", "-c", " c", ".2d", ",c", ",s", "_s",
         ",n", "_n", "=5s", "+s", " s", "#s", "zs", "zd", ".2c", "1\u00e9", "\u00e9",
         "99999999999999999999", ".99999999999999999999", "5.", "d ", "5 ", "\u0001", "!",
         ",x", "z#", "+-5", "s5", ".x", "<<<"]


def run(v, spec):
    try:
        return 0, format(v, spec)
    except (ValueError, OverflowError) as e:
        return 1, str(e)


def main():
    rng = random.Random(20240531)
    rows = []
    for v in INTS:
        for s in SPECS:
            err, r = run(v, s)
            rows.append(("i", str(v), s, err, r))
    for v in FLOATS:
        for s in SPECS:
            err, r = run(v, s)
            rows.append(("f", fval(v), s, err, r))
    for v in STRS:
        for s in SPECS:
            err, r = run(v, s)
            rows.append(("s", v, s, err, r))
    # random specs from the grammar
    fills = ["", "", "", "*", "0", "x", "\u00e9"]
    for _ in range(1000):
        spec = ""
        a = rng.choice(["", "", "<", ">", "^", "="])
        if a:
            spec += rng.choice(fills) + a
        spec += rng.choice(["", "", "+", "-", " "])
        spec += rng.choice(["", "", "", "z"])
        spec += rng.choice(["", "", "#"])
        spec += rng.choice(["", "", "0"])
        spec += rng.choice(["", "", str(rng.randrange(0, 25))])
        spec += rng.choice(["", "", "", ",", "_"])
        spec += rng.choice(["", "", "." + str(rng.randrange(0, 20))])
        spec += rng.choice(["", "", "d", "x", "X", "b", "o", "c", "n", "e", "E", "f", "F",
                            "g", "G", "%", "s"])
        kind = rng.choice("iiffs")
        if kind == "i":
            v = rng.choice([rng.randrange(-10**6, 10**6), rng.randrange(-2**63, 2**63),
                            rng.randrange(0, 200)])
            err, r = run(v, spec)
            rows.append(("i", str(v), spec, err, r))
        elif kind == "f":
            v = rng.choice([rng.uniform(-1e6, 1e6), rng.uniform(-1, 1),
                            10.0 ** rng.randrange(-20, 25) * rng.random(),
                            round(rng.uniform(-100, 100), rng.randrange(0, 4))])
            err, r = run(v, spec)
            rows.append(("f", fval(v), spec, err, r))
        else:
            v = rng.choice(STRS)
            err, r = run(v, spec)
            rows.append(("s", v, spec, err, r))

    # repr: every power of two (lopsided rounding intervals), random bit patterns, short decimals
    reprs = []
    vals = [2.0 ** k for k in range(-1074, 1024)]
    vals += [-(2.0 ** k) for k in range(-20, 20)]
    for _ in range(2000):
        bits = rng.getrandbits(64)
        x = struct.unpack("<d", struct.pack("<Q", bits))[0]
        if x != x or x in (float("inf"), float("-inf")):
            continue
        vals.append(x)
    for _ in range(600):
        vals.append(round(rng.uniform(-1000, 1000), rng.randrange(0, 8)))
        vals.append(rng.random() * 10.0 ** rng.randrange(-30, 30))
    for k in range(-25, 25):
        vals.append(10.0 ** k)
        vals.append(1.5 * 10.0 ** k)
    vals += [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 5e-324, 1e-5, 1e16,
             123456789012345.0, 1.7976931348623157e308, 0.1 + 0.2, 1 / 3, 2e16 + 8]
    for x in vals:
        reprs.append((fval(x), repr(x)))

    w = sys.stdout.write
    w("/* Generated by tests/unit/gen_fmt_cases.py with CPython %s. Do not edit. */\n"
      % sys.version.split()[0])
    w("#define FMT_NCASES %d\n" % len(rows))
    w("static const struct FmtCase { char kind; const char *val; const char *spec; int err;\n"
      "  const char *expect; } FMT_CASES[] = {\n")
    for kind, v, s, err, r in rows:
        w("  {'%s', %s, %s, %d, %s},\n" % (kind, cstr(v), cstr(s), err, cstr(r)))
    w("};\n")
    w("#define REPR_NCASES %d\n" % len(reprs))
    w("static const struct ReprCase { const char *val; const char *expect; } REPR_CASES[] = {\n")
    for v, r in reprs:
        w("  {%s, %s},\n" % (cstr(v), cstr(r)))
    w("};\n")


main()
