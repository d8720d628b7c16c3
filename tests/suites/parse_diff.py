#!/usr/bin/env python3
"""parse_diff: Sable's parser against CPython 3.11's, file by file.

For every tests/parse/*.py, `build/unit/test_parse --dump FILE` must print exactly what
`ast.dump(ast.parse(src), include_attributes=True)` prints under /usr/bin/python3 (node shapes
and every span). For every tests/parse/bad/*.py both must reject the file, on the same line;
the suite also counts how many messages match CPython's word for word (a bonus, not a failure).
Prints PASS/FAIL/SKIP lines and a closing `N passed, N failed` line.
"""
import json
import os
import subprocess
import sys

ROOT = os.environ.get("SABLE_ROOT") or os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
DUMP = os.path.join(ROOT, "build", "unit", "test_parse")
CPYTHON = "/usr/bin/python3"
CORPUS = os.path.join(ROOT, "tests", "parse")
BAD = os.path.join(CORPUS, "bad")

# Run once in CPython: dump every good file, compile every bad one.
REFERENCE = r"""
import ast, json, sys
out = {"version": list(sys.version_info[:2]), "good": {}, "bad": {}}
good, bad = json.loads(sys.stdin.read())
for path in good:
    with open(path, "rb") as f:
        src = f.read()
    try:
        out["good"][path] = ast.dump(ast.parse(src, path), include_attributes=True)
    except SyntaxError as e:
        out["good"][path] = "ERROR %s %s %s" % (type(e).__name__, e.lineno, e.msg)
for path in bad:
    with open(path, "rb") as f:
        src = f.read()
    try:
        compile(src, path, "exec")
        out["bad"][path] = None
    except (SyntaxError, ValueError) as e:
        out["bad"][path] = [type(e).__name__, getattr(e, "lineno", None) or 1, str(getattr(e, "msg", e))]
print(json.dumps(out))
"""


def files(folder):
    if not os.path.isdir(folder):
        return []
    return sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".py"))


def sable_dump(path):
    try:
        r = subprocess.run([DUMP, "--dump", path], capture_output=True, timeout=30)
    except subprocess.TimeoutExpired:
        return None, "timed out"
    if r.returncode != 0:
        return None, "exit status %d: %s" % (r.returncode, r.stderr.decode(errors="replace")[-300:])
    return r.stdout.decode("utf-8", errors="replace").rstrip("\n"), None


def first_difference(a, b):
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    return "at char %d: sable ...%s... cpython ...%s..." % (i, a[max(0, i - 60):i + 60],
                                                            b[max(0, i - 60):i + 60])


def main():
    passed = failed = good_pass = 0
    if not os.path.exists(DUMP):
        print("SKIP parse_diff: %s is not built (make unit)" % DUMP)
        return 0
    if not os.path.exists(CPYTHON):
        print("SKIP parse_diff: %s not found" % CPYTHON)
        return 0
    good, bad = files(CORPUS), files(BAD)
    r = subprocess.run([CPYTHON, "-c", REFERENCE], input=json.dumps([good, bad]).encode(),
                       capture_output=True, timeout=300)
    if r.returncode != 0:
        print("SKIP parse_diff: reference run failed: %s" % r.stderr.decode()[-300:])
        return 0
    ref = json.loads(r.stdout)
    if ref["version"] != [3, 11]:
        print("SKIP parse_diff: %s is Python %d.%d; the dumps are CPython 3.11's" %
              (CPYTHON, *ref["version"]))
        return 0
    for path in good:
        name = "parse_diff/" + os.path.basename(path)
        want = ref["good"][path]
        got, err = sable_dump(path)
        if err:
            print("FAIL %s: %s" % (name, err))
            failed += 1
        elif got == want:
            print("PASS %s" % name)
            passed += 1
            good_pass += 1
        else:
            print("FAIL %s: %s" % (name, first_difference(got, want)))
            failed += 1
    msg_match = 0
    for path in bad:
        name = "parse_diff/bad/" + os.path.basename(path)
        want = ref["bad"][path]
        got, err = sable_dump(path)
        if err:
            print("FAIL %s: %s" % (name, err))
            failed += 1
            continue
        if want is None:
            print("FAIL %s: CPython accepts this file; it does not belong in bad/" % name)
            failed += 1
            continue
        if not got.startswith("ERROR "):
            print("FAIL %s: Sable parsed it; CPython: line %s %s" % (name, want[1], want[2]))
            failed += 1
            continue
        # ERROR <kind> <line>:<col> <msg>
        parts = got.split(" ", 3)
        line = int(parts[2].split(":")[0])
        msg = parts[3] if len(parts) > 3 else ""
        same_msg = msg == want[2] and parts[1] == want[0]
        msg_match += same_msg
        if line == want[1]:
            print("PASS %s%s" % (name, "" if same_msg else "  (message differs: sable %r, cpython %s %r)"
                                 % (msg, want[0], want[2])))
            passed += 1
        else:
            print("FAIL %s: sable line %d %r; cpython line %d %s %r" % (name, line, msg, want[1],
                                                                       want[0], want[2]))
            failed += 1
    print("parse_diff: %d/%d good files match CPython exactly; %d/%d bad files give CPython's "
          "exact message" % (good_pass, len(good), msg_match, len(bad)))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
