"""Callback-mutator fuzzing (issue 18): generated programs in which user __eq__, __hash__,
__lt__, __repr__, __index__, __iter__/__next__, __len__, __bool__ and key functions mutate
(clear, append, pop, reassign elements, grow past a resize) the list, dict, set, tuple, str,
bytearray, deque, OrderedDict or array being operated on. Each program holds many cases, each
printing `N ok` or `N <exception type>`; the same program runs in the ASan build and in
CPython 3.11. Fails on a crash or a hang; differences in outcome are listed (SKIP line with
the list) since CPython's own answer there is partly an implementation detail."""
import os
import random
import sys

import _fuzz_util as fu

BUDGET = fu.seconds(35)
SEED = fu.seed()
CASES_PER_PROGRAM = 40

PRELUDE = r'''
import collections, array, heapq, bisect, functools, operator

class ST:
    n = 0
    when = 1
    every = False
    limit = 8
    done = 0
    busy = False
    act = None
    t = None

def hit():
    if ST.busy or ST.act is None:
        return
    ST.n += 1
    if ST.n < ST.when or ST.done >= ST.limit or (ST.done and not ST.every):
        return
    ST.busy = True
    try:
        ST.done += 1
        ST.act(ST.t)
    finally:
        ST.busy = False

def val(o):
    return o.v if isinstance(o, Evil) else o

class Evil:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        hit()
        return self.v == val(o)
    def __ne__(self, o):
        hit()
        return self.v != val(o)
    def __lt__(self, o):
        hit()
        return self.v < val(o)
    def __le__(self, o):
        hit()
        return self.v <= val(o)
    def __gt__(self, o):
        hit()
        return self.v > val(o)
    def __ge__(self, o):
        hit()
        return self.v >= val(o)
    def __hash__(self):
        hit()
        return hash(self.v)
    def __repr__(self):
        hit()
        return "E%d" % self.v
    def __str__(self):
        hit()
        return "s%d" % self.v
    def __format__(self, spec):
        hit()
        return "f%d" % self.v
    def __index__(self):
        hit()
        return self.v
    def __int__(self):
        hit()
        return self.v
    def __len__(self):
        hit()
        return abs(self.v) % 7
    def __bool__(self):
        hit()
        return self.v % 2 == 1
    def __iter__(self):
        hit()
        return iter(range(abs(self.v) % 5))

class It:
    """an iterable whose __iter__, __next__, __len__ and __length_hint__ call back"""
    def __init__(self, n, mk):
        self.n = n
        self.i = 0
        self.mk = mk
    def __iter__(self):
        hit()
        return self
    def __next__(self):
        hit()
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.mk(self.i)
    def __len__(self):
        hit()
        return self.n
    def __length_hint__(self):
        hit()
        return self.n

def key(x):
    hit()
    return val(x)

def gen(seq):
    for x in seq:
        hit()
        yield x

def setitem(t, k, v):
    t[k] = v

def delitem(t, k):
    del t[k]

def imul(t, n):
    t *= n

def iadd(t, o):
    t += o

def ior(t, o):
    t |= o

def iand(t, o):
    t &= o

def isub(t, o):
    t -= o

def ixor(t, o):
    t ^= o

def contains(t, x):
    return x in t

def E(v):
    return Evil(v)

def kv(i):
    return (Evil(i), Evil(i))

def b(i):
    return i % 256

def ev256(i):
    return Evil(i % 256)

def run(n, setup, op, act, when, every, limit=8):
    ST.n = 0
    ST.done = 0
    ST.when = when
    ST.every = every
    ST.limit = limit
    ST.act = None
    ST.t = None
    try:
        t, t2 = setup()
        ST.t = t
        ST.act = act
        op(t, t2)
        print(n, "ok", flush=True)
    except BaseException as e:
        print(n, type(e).__name__, flush=True)
    ST.act = None
    ST.t = None
'''

KINDS = {
    "list": "[E(i) for i in range({n})]",
    "tuple": "[E(i) for i in range({n})]",     # the ops build a tuple of the list
    "dict": "{{E(i): E(i) for i in range({n})}}",
    "set": "{{E(i) for i in range({n})}}",
    "frozenset": "{{E(i) for i in range({n})}}",
    "deque": "collections.deque(E(i) for i in range({n}))",
    "odict": "collections.OrderedDict((E(i), E(i)) for i in range({n}))",
    "bytearray": "bytearray(range({n}))",
    "array": "array.array('q', range({n}))",
    "str": "['s%d' % i for i in range({n})]",   # the list that str ops join or format
}

COMMON_ACTS = ["t.clear()"]
ACTS = {
    "list": ["t.clear()", "t.append(E(7))", "t.pop() if t else None", "setitem(t, slice(None), [E(i) for i in range(60)])",
             "t.extend(E(i) for i in range(200))", "delitem(t, slice(0, 1))", "t.insert(0, E(3))",
             "t.reverse()", "setitem(t, 0, E(9)) if t else None", "imul(t, 0)", "imul(t, 3)",
             "t.sort(key=val)", "delitem(t, slice(None))", "t.remove(t[-1]) if t else None"],
    "dict": ["t.clear()", "setitem(t, E(1000 + ST.n), 1)", "t.update({E(2000 + i): i for i in range(80)})",
             "t.popitem() if t else None", "t.pop(next(iter(t)), None) if t else None",
             "[setitem(t, k, E(5)) for k in list(t)]", "delitem(t, next(iter(t))) if t else None",
             "t.setdefault(E(3000 + ST.n), 0)"],
    "set": ["t.clear()", "t.add(E(3000 + ST.n))", "t.update(E(4000 + i) for i in range(80))",
            "t.pop() if t else None", "t.discard(next(iter(t))) if t else None",
            "t.intersection_update(set())", "t.symmetric_difference_update({E(1), E(5000)})"],
    "deque": ["t.clear()", "t.append(E(7))", "t.appendleft(E(8))", "t.pop() if t else None",
              "t.popleft() if t else None", "t.extend(E(i) for i in range(200))", "t.rotate(1)",
              "setitem(t, 0, E(9)) if t else None", "t.reverse()", "t.remove(t[0]) if t else None"],
    "odict": ["t.clear()", "setitem(t, E(1000 + ST.n), 1)", "t.update({E(2000 + i): i for i in range(80)})",
              "t.popitem() if t else None", "t.popitem(last=False) if t else None",
              "t.move_to_end(next(iter(t))) if t else None", "t.move_to_end(next(iter(t)), last=False) if t else None",
              "delitem(t, next(iter(t))) if t else None"],
    "bytearray": ["t.clear()", "t.extend(b'x' * 100)", "t.append(1)", "t.pop() if t else None",
                  "setitem(t, slice(None), b'')", "delitem(t, slice(0, 1))", "imul(t, 0)",
                  "imul(t, 3)", "t.insert(0, 5)", "t.reverse()"],
    "array": ["delitem(t, slice(None))", "t.extend(range(100))", "t.append(1)", "t.pop() if t else None",
              "setitem(t, slice(None), array.array('q'))", "delitem(t, slice(0, 1))", "imul(t, 0)",
              "imul(t, 3)", "t.insert(0, 5)", "t.reverse()", "t.frombytes(bytes(800))"],
    "str": ["t.clear()", "t.append('x')", "t.pop() if t else None", "t.extend(['y'] * 200)",
            "setitem(t, 0, 'z') if t else None", "setitem(t, 0, 5) if t else None"],
}
ACTS["tuple"] = ACTS["list"]
ACTS["frozenset"] = ACTS["set"]

OPS = {
    "list": ["t.sort()", "t.sort(key=key)", "t.sort(reverse=True)", "t.index(E(2))", "t.count(E(1))",
             "t.remove(E(3))", "E(99) in t", "t == t2", "t != t2", "t < t2", "t >= t2", "repr(t)", "str(t)",
             "t[E(1)]", "t[E(1):E(3)]", "setitem(t, E(0), 5)", "delitem(t, E(1))",
             "setitem(t, slice(E(1), E(3)), It(5, E))", "setitem(t, slice(0, None, 2), gen([0] * ((len(t) + 1) // 2)))",
             "t.insert(E(1), E(5))", "t.pop(E(1))", "t.extend(It(30, E))", "iadd(t, It(30, E))",
             "min(t)", "max(t)", "min(t, key=key)", "sorted(t)", "sorted(t, key=key, reverse=True)",
             "list(It(20, E))", "t * E(2)", "hash(tuple(t))", "t.copy() == t", "set(t)", "dict.fromkeys(t)",
             "heapq.heapify(t)", "heapq.heappush(t, E(4))", "heapq.heappop(t)", "heapq.nsmallest(3, t)",
             "bisect.insort(t, E(2))", "bisect.bisect_left(t, E(2))", "[x for x in t]",
             "list(reversed(t))", "list(enumerate(t))", "list(zip(t, t2))", "sum(1 for x in t if x)",
             "any(t)", "all(t)", "list(filter(None, t))", "t.index(E(2), E(0), E(9))",
             "functools.reduce(lambda a, x: a + (x == E(1)), t, 0)", "[x == y for x, y in zip(t, t2)]",
             "contains(t, E(4))", "operator.countOf(t, E(2))", "operator.indexOf(t, E(3))", "sorted(t, key=len)",
             "list(map(bool, t))", "'%s' % (t,)", "'{}'.format(t)", "f'{t}'"],
    "tuple": ["tuple(t).index(E(2))", "tuple(t).count(E(1))", "E(3) in tuple(t)", "tuple(t) == tuple(t2)",
              "tuple(t) < tuple(t2)", "hash(tuple(t))", "repr(tuple(t))", "tuple(t)[E(1)]", "tuple(t)[E(0):E(2)]",
              "min(tuple(t))", "sorted(tuple(t))", "tuple(It(10, E))", "tuple(gen(t))", "{tuple(t): 1}",
              "(tuple(t),) == (tuple(t2),)", "tuple(t) * E(2)", "set(tuple(t))"],
    "dict": ["t[E(1)]", "setitem(t, E(1), 5)", "delitem(t, E(2))", "E(3) in t", "t.get(E(4))", "t.pop(E(5))",
             "t.setdefault(E(6), 1)", "t == t2", "t != t2", "repr(t)", "t.update(t2)", "t.update(It(10, kv))",
             "t.update([(E(i), i) for i in range(30)])", "dict(t)", "t.copy()", "t.keys() & {E(1)}", "t.keys() | t2.keys()",
             "t.keys() - {E(1)}", "t.items() == t2.items()", "(E(2), E(2)) in t.items()", "t | t2", "ior(t, t2)",
             "list(t.values())", "sorted(t)", "min(t)", "[k for k in t]", "[v for v in t.values()]",
             "[kv for kv in t.items()]", "dict.fromkeys(It(10, E))", "dict(It(10, kv))", "{**t, **t2}",
             "t.keys() == t2.keys()", "E(2) in t.values()", "list(reversed(t))", "t.keys().isdisjoint(t2)",
             "sorted(t.items())", "max(t.values())", "t.values() == t2.values()", "str(t)", "t.popitem()"],
    "set": ["E(1) in t", "t.add(E(2))", "t.discard(E(3))", "t.remove(E(4))", "t == t2", "t <= t2", "t < t2", "t >= t2",
            "t | t2", "t & t2", "t - t2", "t ^ t2", "t.update(It(20, E))", "t.intersection_update(t2)",
            "t.difference_update(t2)", "t.symmetric_difference_update(t2)", "t.issubset(t2)", "t.issuperset(It(5, E))",
            "t.isdisjoint(t2)", "frozenset(t)", "repr(t)", "sorted(t)", "min(t)", "max(t)", "[x for x in t]",
            "t.union(It(10, E))", "t.intersection(It(10, E))", "t.difference(It(10, E))", "set(It(20, E))",
            "ior(t, t2)", "iand(t, t2)", "isub(t, t2)", "ixor(t, t2)", "t.copy()", "str(t)", "hash(frozenset(t))",
            "sum(1 for x in t)", "t.pop()"],
    "frozenset": ["E(1) in frozenset(t)", "frozenset(t) == frozenset(t2)", "frozenset(t) <= t2", "hash(frozenset(t))",
                  "frozenset(t) | t2", "frozenset(t) & t2", "frozenset(t) - t2", "frozenset(t) ^ t2",
                  "repr(frozenset(t))", "{frozenset(t): 1}[frozenset(t2)]", "frozenset(It(10, E))",
                  "frozenset(t).issubset(It(10, E))", "sorted(frozenset(t))"],
    "deque": ["t.index(E(2))", "t.count(E(1))", "t.remove(E(3))", "E(99) in t", "t == t2", "t < t2", "repr(t)",
              "t[E(1)]", "setitem(t, E(1), 5)", "delitem(t, E(1))", "t.rotate(E(2))", "t.insert(E(1), E(2))",
              "t.extend(It(30, E))", "t.extendleft(It(30, E))", "t.extend(t)", "t.extendleft(t)", "iadd(t, t)",
              "min(t)", "sorted(t)", "[x for x in t]", "list(reversed(t))", "collections.deque(It(20, E), maxlen=5)",
              "t.copy() == t", "t * E(2)", "imul(t, E(2))", "max(t, key=key)", "str(t)", "t.index(E(2), E(0), E(5))",
              "sum(1 for x in t)", "collections.deque(t, E(3))"],
    "odict": ["t[E(1)]", "setitem(t, E(1), 5)", "delitem(t, E(2))", "E(3) in t", "t.pop(E(5))",
              "t.move_to_end(E(1))", "t.move_to_end(E(1), last=False)", "t == t2", "t != t2", "repr(t)",
              "t.update(t2)", "t.update(It(10, kv))", "t.copy()", "list(t.items())", "list(reversed(t))",
              "list(reversed(t.items()))", "[k for k in t]", "t.setdefault(E(6), 1)", "collections.OrderedDict(It(10, kv))",
              "t.keys() == t2.keys()", "t.items() == t2.items()", "str(t)", "t | t2", "sorted(t)", "t.popitem()"],
    "bytearray": ["t[E(1)]", "setitem(t, E(1), E(2))", "setitem(t, slice(E(1), E(4)), It(5, ev256))",
                  "delitem(t, E(1))", "t.index(E(2))", "t.count(E(1))", "E(3) in t", "t.insert(E(1), E(2))",
                  "t.pop(E(1))", "t.remove(E(4))", "t.extend(It(300, ev256))", "t.extend(gen(range(256)))",
                  "t.append(E(5))", "t * E(2)", "imul(t, E(2))", "bytearray(It(20, ev256))", "bytes(It(20, ev256))",
                  "t[E(1):E(5):E(2)]", "setitem(t, slice(0, None, 2), gen([1] * ((len(t) + 1) // 2)))",
                  "b'-'.join(It(5, lambda i: b'x'))", "t.find(E(3))", "t.rfind(E(3))", "t.ljust(E(40))",
                  "t.center(E(40), b'*')", "t.zfill(E(30))", "t.expandtabs(E(4))", "t.split(maxsplit=E(2))",
                  "setitem(t, slice(E(2), E(2)), t)", "iadd(t, It(3, ev256))", "t.decode('latin-1')",
                  "bytearray(E(20))", "t.hex(':', E(2))", "t.startswith(b'\\x00', E(0), E(3))"],
    "array": ["t[E(1)]", "setitem(t, E(1), E(2))", "delitem(t, E(1))", "t.index(E(2))", "t.count(E(1))",
              "E(3) in t", "t.insert(E(1), E(2))", "t.pop(E(1))", "t.remove(E(4))", "t.extend(It(300, E))",
              "t.append(E(5))", "t.fromlist([E(i) for i in range(10)])", "t * E(2)", "imul(t, E(2))",
              "t == t2", "t < t2", "repr(t)", "array.array('q', It(20, E))", "t[E(1):E(5)]",
              "setitem(t, slice(E(1), E(3)), array.array('q', [7, 8]))", "t.tolist()", "sorted(t, key=key)",
              "min(t, key=key)", "[x for x in t]", "iadd(t, t)", "t.extend(t)", "array.array('b', It(20, ev256))"],
    "str": ["''.join(gen(t))", "'-'.join(It(5, lambda i: t[0] if t else 'q'))", "'{}{}{}'.format(E(1), E(2), E(3))",
            "'%s %r' % (E(1), E(2))", "f'{E(1)}{E(2)!r:>5}'", "str(E(1))", "''.join(t)", "'x'.join(map(str, gen(t)))",
            "'abc'[E(1)]", "'abcdef'[E(1):E(4):E(1)]", "'ab' * E(3)", "'abc'.center(E(9))", "'a,b,c'.split(',', E(1))",
            "'abc'.find('b', E(0), E(3))", "'%*d' % (E(5), 3)", "'abc'.expandtabs(E(4))", "sorted(t, key=key)",
            "'{:{}}'.format('x', E(6))", "str.join('', gen(t))", "format(E(3), '')", "'x' in gen(t)"],
}

FIRST = {"tuple", "frozenset"}


def make_program(rng, idx):
    lines = [PRELUDE]
    cases = []
    for c in range(CASES_PER_PROGRAM):
        kind = rng.choice(list(KINDS))
        n = rng.choice([0, 1, 2, 5, 8, 20])
        build = KINDS[kind].format(n=n)
        build2 = KINDS[kind].format(n=rng.choice([0, 3, 8, 20]))
        op = rng.choice(OPS[kind])
        # mostly a few mutations; sometimes hundreds (an operation that restarts after each
        # one must still end), then only with actions that do not multiply the size
        limit = rng.choice([8, 8, 8, 400])
        acts = ACTS[kind] if limit < 100 else [a for a in ACTS[kind] if not any(
            g in a for g in ("imul(t, 3)", "extend", "update", "range(60)", "* 100", "frombytes", "200"))]
        act = rng.choice(acts)
        when = rng.choice([1, 1, 2, 3, 5, 9])
        every = rng.random() < 0.4
        lines.append(f"run({c}, lambda: ({build}, {build2}), lambda t, t2: {op}, lambda t: {act}, {when}, {every}, {limit})")
        cases.append((kind, op, act, when, every, n))
    return "\n".join(lines) + "\n", cases


def outcomes(r):
    got = {}
    for line in r.out.decode("utf-8", "replace").splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0].isdigit():
            got[int(parts[0])] = parts[1]
    return got


def single(prog_text, c):
    """the program with only case c, for the artifact"""
    head, _, rest = prog_text.partition("\nrun(")
    lines = [ln for ln in ("run(" + rest).split("\n") if ln.startswith(f"run({c},")]
    return head + "\n" + "\n".join(lines) + "\n" if lines else prog_text


class State:
    def __init__(self):
        self.crashes = {}
        self.hangs = []
        self.diffs = {}
        self.programs = 0
        self.cases = 0
        self.cpython_short = 0
        self.cpython_crash = 0


def judge(state, binary, env, item):
    idx, text, cases = item
    d = fu.tmpdir("fuzzcb")
    try:
        with open(os.path.join(d, "c.py"), "w") as f:
            f.write(text)
        r = fu.run([binary, "c.py"], env=env, cwd=d, cpu=20, wall=90)
        c = fu.run([fu.CPYTHON, "c.py"], cwd=d, cpu=20, wall=90)
        got, want = outcomes(r), outcomes(c)
        why = fu.crash_reason(r)
        first_missing = next((i for i in range(len(cases)) if i not in got), None)
        if why or (r.timed_out and not c.timed_out):
            bad = first_missing if first_missing is not None else 0
            alone = single(text, bad)
            with open(os.path.join(d, "one.py"), "w") as f:
                f.write(alone)
            again = fu.run([binary, "one.py"], env=env, cwd=d, cpu=20, wall=90)
            if not (fu.crash_reason(again) or again.timed_out):
                alone = text   # it needs the cases before it: keep the whole program
            art = fu.keep_artifact(f"cb_{SEED}_{idx}_{bad}.py", alone)
            kind, op, act, when, every, n = cases[bad]
            desc = f"{kind}: op `{op}` act `{act}` when={when} every={every} n={n}"
            if why:
                state.crashes.setdefault((kind, op), f"{art}: {desc}: {why}")
            else:
                state.hangs.append(f"{art}: {desc}")
        for i, (kind, op, act, when, every, n) in enumerate(cases):
            if i in got and i in want and got[i] != want[i]:
                state.diffs.setdefault((kind, op, act), (got[i], want[i], when, every, n))
        if len(want) < len(cases):
            # CPython itself stopped early: 3.11.2 segfaults on some of these programs
            state.cpython_short += 1
            state.cpython_crash += c.rc is not None and c.rc < 0
        state.programs += 1
        state.cases += len(got)
    finally:
        fu.cleanup(d)


def programs(rng):
    i = 0
    while True:
        text, cases = make_program(rng, i)
        yield i, text, cases
        i += 1


def main():
    label, binary, env = fu.binary()
    if not os.access(binary, os.X_OK):
        fu.report("SKIP", "fuzz_callbacks", f"{binary} is not built")
        return 0
    state = State()
    rng = random.Random(SEED)
    fu.until(BUDGET, programs(rng), lambda it: judge(state, binary, env, it))
    summary = (f"{label} build, seed {SEED}: {state.programs} programs, {state.cases} cases, "
               f"{len(state.crashes)} crashes, {len(state.hangs)} hangs, {len(state.diffs)} outcome differences, "
               f"{state.cpython_short} programs CPython did not finish ({state.cpython_crash} by a signal)")
    fu.stat(summary)
    for (kind, op, act), (g, w, when, every, n) in sorted(state.diffs.items()):
        fu.stat(f"differs: {kind} `{op}` act `{act}` (when={when} every={every} n={n}): Sable {g}, CPython {w}")
    if state.crashes:
        fu.report("FAIL", "no_crash", "; ".join(state.crashes.values()))
    else:
        fu.report("PASS", "no_crash", summary)
    if state.hangs:
        fu.report("FAIL", "no_hang", "; ".join(state.hangs))
    else:
        fu.report("PASS", "no_hang")
    if state.diffs:
        fu.report("SKIP", "same_outcomes", f"{len(state.diffs)} differences from CPython "
                  "(listed on stderr): " + "; ".join(f"{k[0]} `{k[1]}` act `{k[2]}`: {v[0]} vs {v[1]}"
                                                     for k, v in sorted(state.diffs.items())[:5]))
    else:
        fu.report("PASS", "same_outcomes")
    return 1 if state.crashes or state.hangs else 0


if __name__ == "__main__":
    sys.exit(main())
