#!/usr/bin/env python3
"""Generate tests/broken/4NN_random_*.py: seeded random byte corruptions of tests/lang programs.

Run from anywhere with CPython 3.11: /usr/bin/python3 tests/broken/gen_random.py
Deterministic (fixed seed, and candidates are judged by running CPython on them). A candidate
is kept only if CPython rejects or stops it quickly with one of the exceptions below, so the
corrupted program is broken for any Python-like implementation, and the judgement does not
depend on big integers or on anything slow. Keeps the first COUNT that qualify.
"""
import glob
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LANG = os.path.join(os.path.dirname(HERE), "lang")
COUNT = 60
SEED = 20240601
OK_ERRORS = ("SyntaxError", "IndentationError", "TabError", "NameError", "TypeError",
             "AttributeError", "ValueError", "IndexError", "KeyError", "ZeroDivisionError",
             "UnboundLocalError")
PRINTABLE = b"()[]{}:;,.=+-*/%<>'\"#\\ \t\nabcxyz019_@!"


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        if not data:
            break
        op = rng.choice(["flip", "printable", "delete", "insert", "dup_line", "swap_lines",
                         "truncate", "indent", "high"])
        pos = rng.randrange(len(data))
        if op == "flip":
            data[pos] ^= 1 << rng.randrange(8)
        elif op == "printable":
            data[pos] = rng.choice(PRINTABLE)
        elif op == "delete":
            del data[pos:pos + rng.randint(1, 8)]
        elif op == "insert":
            data[pos:pos] = bytes(rng.choice(PRINTABLE) for _ in range(rng.randint(1, 4)))
        elif op == "high":
            data[pos:pos] = bytes(rng.randrange(128, 256) for _ in range(rng.randint(1, 3)))
        elif op in ("dup_line", "swap_lines", "indent"):
            lines = bytes(data).split(b"\n")
            i = rng.randrange(len(lines))
            j = rng.randrange(len(lines))
            if op == "dup_line":
                lines.insert(j, lines[i])
            elif op == "swap_lines":
                lines[i], lines[j] = lines[j], lines[i]
            else:
                lines[i] = rng.choice([b" ", b"\t", b"  ", b"        "]) + lines[i]
            data = bytearray(b"\n".join(lines))
        elif op == "truncate":
            del data[pos:]
    return bytes(data)


def judge(path):
    try:
        p = subprocess.run([sys.executable, path], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, timeout=3, cwd=os.path.dirname(LANG))
    except subprocess.TimeoutExpired:
        return None
    if p.returncode != 1:
        return None
    lines = [l for l in p.stderr.decode("utf-8", "replace").splitlines() if l.strip()]
    last = lines[-1] if lines else ""
    m = re.match(r"^(\w+)(: .*)?$", last)
    if not m or m.group(1) not in OK_ERRORS:
        return None
    return m.group(1)


def main():
    assert sys.version_info[:2] == (3, 11), "generate with CPython 3.11"
    for old in glob.glob(os.path.join(HERE, "4[0-9][0-9]_random_*.py")):
        os.remove(old)
    sources = sorted(f for f in glob.glob(os.path.join(LANG, "[0-9]*.py")))
    rng = random.Random(SEED)
    kept = 0
    tmp = os.path.join(HERE, ".candidate.py")
    kinds = {}
    while kept < COUNT:
        src = rng.choice(sources)
        with open(src, "rb") as f:
            data = mutate(rng, f.read())
        with open(tmp, "wb") as f:
            f.write(data)
        kind = judge(tmp)
        if kind is None:
            continue
        stem = os.path.basename(src)[:-3]
        name = os.path.join(HERE, f"{400 + kept:03d}_random_{stem}.py")
        os.replace(tmp, name)
        kinds[kind] = kinds.get(kind, 0) + 1
        kept += 1
    if os.path.exists(tmp):
        os.remove(tmp)
    print(kept, "programs:", kinds)


main()
