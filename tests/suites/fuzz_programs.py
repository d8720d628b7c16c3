"""Program mutation fuzzing (issue 18): seeded mutants of tests/lang, tests/lang_np and
tests/lang_jax programs (byte flips, token deletion/duplication/swap between programs, lines
from other programs, deep nesting, huge literals, truncation, random unicode) run by the ASan
build; fails on a crash (signal, sanitizer report, exit status other than 0/1/2 unless CPython
exits the same way) or a hang.

Hangs: each mutant gets 5 CPU seconds (30 s wall). A mutant that runs out is run again by the
release build (10 CPU s): if that finishes it was only slow under ASan. If the release build
runs out too, CPython 3.11 runs the same mutant with the same limit: if CPython also runs out,
the mutation made a real endless (or very long) loop, e.g. a deleted `i += 1`, and it is
counted as a loop; if CPython finishes, Sable hung where Python does not: a failure.
Mutants run in a fresh temporary working directory; source programs that start processes,
send signals or remove trees are not mutated."""
import glob
import os
import random
import re
import sys

import _fuzz_util as fu

BUDGET = fu.seconds(40)
SEED = fu.seed()
UNSAFE = re.compile(r"rmtree|subprocess|os\.system|Popen|os\.kill|socket|rename|chmod|signal|"
                    r"input\(|getpass|os\.exec|os\.fork|spawn|datasets|urllib")
TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\"(?:[^\"\\\n]|\\.)*\"|"
                   r"'(?:[^'\\\n]|\\.)*'|\*\*|//|==|!=|<=|>=|->|[-+*/%@<>=(){}\[\]:;,.~^&|]|\n[ \t]*")
UNICODE = ["\u00e9", "\u20ac", "\U0001F600", "\u200b", "\u202e", "\u2028", "\ufeff", "\u0301",
           "\u00a0", "\u3000", "\ud7ff", "\U0010FFFF", "\u0000", "\x7f", "\u0130", "\u1e9e",
           "\u00b2", "\u2167", "\uff10", "\U0001d400", "\u05d0", "\u0663"]
BAD_UTF8 = [b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\xe2\x82", b"\xf4\x90\x80\x80", b"\x80",
            b"\xf0\x9f\x98"]


def sources():
    files = []
    for d in ("lang", "lang_np", "lang_jax"):
        files += sorted(glob.glob(os.path.join(fu.ROOT, "tests", d, "*.py")))
    out = []
    for f in files:
        data = open(f, "rb").read()
        if not UNSAFE.search(data.decode("utf-8", "replace")):
            out.append((os.path.relpath(f, fu.ROOT), data))
    return out


def tokens(data):
    text = data.decode("utf-8", "replace")
    return [(m.start(), m.end()) for m in TOKEN.finditer(text)], text


def m_flip(rng, data, other):
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if b:
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
    return bytes(b)


def m_printable(rng, data, other):
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if b:
            b[rng.randrange(len(b))] = rng.choice(b"()[]{}:;,.=+-*/%<>'\"#\\ \t\nabcxyz019_@!*")
    return bytes(b)


def m_tok_delete(rng, data, other):
    toks, text = tokens(data)
    for _ in range(rng.randint(1, 3)):
        if not toks:
            break
        s, e = toks[rng.randrange(len(toks))]
        text = text[:s] + text[e:]
        toks = tokens(text.encode())[0]
    return text.encode()


def m_tok_dup(rng, data, other):
    toks, text = tokens(data)
    if not toks:
        return data
    s, e = rng.choice(toks)
    n = rng.choice([2, 2, 3, 10, 100])
    return (text[:s] + text[s:e] * n + text[e:]).encode()


def m_tok_swap(rng, data, other):
    """a token from another program in place of one of this one's"""
    toks, text = tokens(data)
    otoks, otext = tokens(other)
    if not toks or not otoks:
        return data
    for _ in range(rng.randint(1, 3)):
        s, e = rng.choice(toks)
        os_, oe = rng.choice(otoks)
        text = text[:s] + otext[os_:oe] + text[e:]
        toks = tokens(text.encode())[0]
        if not toks:
            break
    return text.encode()


def m_lines(rng, data, other):
    """lines of another program spliced in (often keeps the indentation valid)"""
    a = data.split(b"\n")
    b = other.split(b"\n")
    i = rng.randrange(len(a) + 1)
    j = rng.randrange(len(b))
    k = rng.randint(1, 12)
    return b"\n".join(a[:i] + b[j:j + k] + a[i:])


def m_line_ops(rng, data, other):
    a = data.split(b"\n")
    if len(a) < 2:
        return data
    i, j = rng.randrange(len(a)), rng.randrange(len(a))
    op = rng.randrange(3)
    if op == 0:
        a[i], a[j] = a[j], a[i]
    elif op == 1:
        del a[i]
    else:
        a.insert(i, a[j])
    return b"\n".join(a)


def m_nest(rng, data, other):
    """deep nesting around a token or as new statements"""
    toks, text = tokens(data)
    n = rng.choice([50, 200, 1000, 5000, 30000, 200000])
    kind = rng.randrange(6)
    if kind == 0 and toks:
        s, e = rng.choice(toks)
        o, c = rng.choice([("(", ")"), ("[", "]"), ("{", "}"), ("-", ""), ("not ", ""), ("lambda: ", ""),
                           ("[(", ")]"), ("f'{", "}'")])
        return (text[:s] + o * n + text[s:e] + c * n + text[e:]).encode()
    if kind == 1:
        body = "".join(" " * i + "if True:\n" for i in range(min(n, 3000))) + " " * min(n, 3000) + "pass\n"
        return data + b"\n" + body.encode()
    if kind == 2:
        return data + b"\nx = " + b"1 + " * n + b"1\nprint(x)\n"
    if kind == 3:
        return data + b"\nx = " + b"[" * n + b"]" * n + b"\n"
    if kind == 4:
        body = "".join(" " * i + f"def f{i}():\n" for i in range(min(n, 2000)))
        return data + b"\n" + body.encode() + b" " * min(n, 2000) + b"return 1\n"
    return data + b"\nx = 0\n" + b"x = (x, " * min(n, 50000) + b"1" + b")" * min(n, 50000) + b"\n"


def m_huge(rng, data, other):
    toks, text = tokens(data)
    n = rng.choice([25, 400, 5000, 100000, 3000000])
    lit = rng.choice(["9" * n, "0x" + "f" * n, "1" + "0" * n + ".5", "1e" + "9" * min(n, 30),
                      "'" + "a" * n + "'", "b'" + "\\x00" * (n // 4) + "'", "'''" + "\n" * n + "'''",
                      "0b" + "1" * n, "1" + "_0" * (n // 2), "1j" * 2, "'" + "\\N{LATIN SMALL LETTER A}" * (n // 20) + "'",
                      "f'{" + "1" * n + "}'", "[" + "1," * n + "]", "{" + ",".join(str(i) for i in range(min(n, 20000))) + "}"])
    nums = [(s, e) for s, e in toks if text[s].isdigit() or text[s] in "'\""]
    if nums:
        s, e = rng.choice(nums)
        return (text[:s] + lit + text[e:]).encode()
    return data + b"\nprint(" + lit.encode() + b")\n"


def m_truncate(rng, data, other):
    if not data:
        return data
    return data[:rng.randrange(len(data))]


def m_unicode(rng, data, other):
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        pos = rng.randrange(len(b) + 1)
        if rng.random() < 0.3:
            ins = rng.choice(BAD_UTF8)
        elif rng.random() < 0.5:
            ins = rng.choice(UNICODE).encode("utf-8", "surrogatepass")
        else:
            ins = chr(rng.choice([rng.randrange(0x80, 0x800), rng.randrange(0x800, 0xd800),
                                  rng.randrange(0xe000, 0x110000)])).encode()
        b[pos:pos] = ins
    return bytes(b)


EDGE = ["0", "-1", "1", "2", "255", "256", "-0.0", "1e308", "1e-320", "float('nan')", "float('inf')",
        "2**31", "2**63-1", "-2**63", "2**63", "2**64", "10**20", "(1<<62)", "True", "None", "''", "[]", "()",
        "b''", "0x7fffffff", "-2**31", "3.5", "1j", "10**6", "-10**6"]


def m_num_edge(rng, data, other):
    """numbers replaced by edge values: keeps the program valid, changes sizes and counts"""
    toks, text = tokens(data)
    nums = [(s, e) for s, e in toks if text[s].isdigit()]
    for _ in range(rng.randint(1, 3)):
        if not nums:
            break
        s, e = rng.choice(nums)
        text = text[:s] + rng.choice(EDGE) + text[e:]
        nums = [(a, b) for a, b in tokens(text.encode())[0] if text[a].isdigit()]
    return text.encode()


def m_ident_swap(rng, data, other):
    """a name replaced by another name of the same program (or a builtin)"""
    toks, text = tokens(data)
    names = [(s, e) for s, e in toks if text[s].isalpha() or text[s] == "_"]
    pool = sorted({text[s:e] for s, e in names}) + ["len", "list", "dict", "print", "range", "self", "None",
                                                    "__class__", "__dict__", "object", "type", "super"]
    for _ in range(rng.randint(1, 2)):
        if not names:
            break
        s, e = rng.choice(names)
        text = text[:s] + rng.choice(pool) + text[e:]
        names = [(a, b) for a, b in tokens(text.encode())[0] if text[a].isalpha() or text[a] == "_"]
    return text.encode()


MUTATORS = [m_num_edge, m_num_edge, m_num_edge, m_ident_swap, m_ident_swap, m_lines, m_line_ops, m_flip, m_printable, m_tok_delete, m_tok_dup, m_tok_swap, m_lines, m_line_ops, m_nest,
            m_huge, m_truncate, m_unicode]


def mutants(progs, rng):
    i = 0
    while True:
        name, data = rng.choice(progs)
        other = rng.choice(progs)[1]
        ops = [rng.choice(MUTATORS) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
        for op in ops:
            data = op(rng, data, other)
        yield i, name, "+".join(op.__name__[2:] for op in ops), data
        i += 1


class State:
    def __init__(self):
        self.crashes = {}   # reason key -> (case, artifact, reason)
        self.hangs = []
        self.counts = {"tried": 0, "ok": 0, "slow": 0, "loops": 0, "undecided": 0, "crash": 0, "hang": 0,
                       "exit0": 0, "error": 0}


def reason_key(reason):
    """one entry per distinct crash: the sanitizer's first frame in Sable's code, or the reason"""
    m = re.search(r"#\d+ 0x[0-9a-f]+ in (\w+) (\S+)", reason)
    return m.group(1) if m else reason[:80]


REF_PY = os.environ.get("SABLE_REF_PYTHON", "/tmp/refvenv/bin/python")


def oracle(name):
    """the Python that judges a hang: CPython, or for NumPy/JAX programs the reference venv
    (real JAX and NumPy) when this machine has one, else the test venv (NumPy)"""
    if name.startswith(("tests/lang_np", "tests/lang_jax")):
        if os.access(REF_PY, os.X_OK):
            return REF_PY
        venv = os.path.join(fu.ROOT, "build", "venv", "bin", "python")
        if os.access(venv, os.X_OK):
            return venv
    return fu.CPYTHON


def judge(state, label, binary, env, item):
    i, name, ops, data = item
    d = fu.tmpdir("fuzzprog")
    try:
        path = os.path.join(d, "m.py")
        with open(path, "wb") as f:
            f.write(data)
        r = fu.run([binary, "m.py"], env=env, cwd=d, cpu=5, wall=30)
        why = fu.crash_reason(r)
        verdict = "ok"
        if why is None and r.rc not in (0, 1, 2) and not r.timed_out:
            c = fu.run([oracle(name), "m.py"], cwd=d, cpu=5, wall=30)
            if c.rc != r.rc:
                why = f"exit status {r.rc} (CPython: {c.rc})"
        if why:
            verdict = "crash"
            art = fu.keep_artifact(f"prog_{SEED}_{i}.py", data)
            state.crashes.setdefault(reason_key(why), (i, art, f"{name} [{ops}] {why}"))
        elif r.timed_out:
            rel = fu.run([fu.release_binary(), "m.py"], cwd=d, cpu=10, wall=40)
            verdict = "slow"
            if rel.timed_out:
                c = fu.run([oracle(name), "m.py"], cwd=d, cpu=10, wall=40)
                if c.timed_out:
                    verdict = "loops"
                elif b"ModuleNotFoundError" in c.err:
                    verdict = "undecided"   # no JAX/NumPy here to ask
                else:
                    verdict = "hang"
                    art = fu.keep_artifact(f"prog_{SEED}_{i}_hang.py", data)
                    state.hangs.append((i, art, f"{name} [{ops}]: CPython finished in {c.secs:.1f}s"))
            elif fu.crash_reason(rel):
                verdict = "crash"
                art = fu.keep_artifact(f"prog_{SEED}_{i}.py", data)
                state.crashes.setdefault(reason_key(fu.crash_reason(rel)), (i, art, f"{name} [{ops}] release: {fu.crash_reason(rel)}"))
        state.counts[verdict] += 1
        state.counts["tried"] += 1
        if verdict == "ok":
            state.counts["exit0" if r.rc == 0 else "error"] += 1
    finally:
        fu.cleanup(d)


def main():
    label, binary, env = fu.binary()
    if not os.access(binary, os.X_OK):
        fu.report("SKIP", "fuzz_programs", f"{binary} is not built")
        return 0
    progs = sources()
    rng = random.Random(SEED)
    state = State()
    fu.until(BUDGET, mutants(progs, rng), lambda it: judge(state, label, binary, env, it))
    c = state.counts
    summary = (f"{label} build, seed {SEED}, {c['tried']} mutants of {len(progs)} programs: {c['ok']} ran "
               f"({c['exit0']} to the end, {c['error']} stopped by an exception), "
               f"{c['slow']} slow under ASan only, {c['loops']} endless in CPython too, "
               f"{c['undecided']} timeouts without JAX/NumPy to ask, "
               f"{c['crash']} crashes, {c['hang']} hangs")
    fu.stat(summary)
    if state.crashes:
        fu.report("FAIL", "no_crash", "; ".join(f"case {i} ({a}): {w}" for i, a, w in state.crashes.values()))
    else:
        fu.report("PASS", "no_crash", summary)
    if state.hangs:
        fu.report("FAIL", "no_hang", "; ".join(f"case {i} ({a}): {w}" for i, a, w in state.hangs))
    else:
        fu.report("PASS", "no_hang")
    return 1 if state.crashes or state.hangs else 0


if __name__ == "__main__":
    sys.exit(main())
