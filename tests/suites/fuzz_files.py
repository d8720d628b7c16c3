"""Corrupt-file fuzzing (issue 18): valid .npy, .npz, IDX (raw and gzip'd), pickle, gzip, CSV,
JSON and text files, written here by NumPy and CPython's own modules, are corrupted with a
fixed seed (bit flips, truncation, inserted and deleted bytes, huge length and dimension
fields, edited .npy headers) and fed to np.load, sable.datasets.load_idx and mnist(path=),
pickle.load, gzip.open().read(), csv, json.load, np.loadtxt and open().read() in the ASan
build. Each load must return or raise an exception: a crash or a hang (a case over its CPU
limit alone) fails. The valid originals must all load."""
import gzip
import io
import json
import os
import pickle
import random
import struct
import sys

import numpy as np

import _fuzz_util as fu

BUDGET = fu.seconds(30)
SEED = fu.seed()
PER_PROGRAM = 30

PRELUDE = r'''
import numpy as np, pickle, gzip, csv, json, os, shutil
import sable.datasets as ds

def t(n, f):
    try:
        f()
        print(n, "ok", flush=True)
    except BaseException as e:
        print(n, type(e).__name__, flush=True)

def npz(p):
    z = np.load(p)
    return [z[k] for k in z.files]

def pk(p):
    with open(p, "rb") as f:
        return pickle.load(f)

def gz(p):
    with gzip.open(p) as f:
        return f.read()

def gzlines(p):
    with gzip.open(p, "rt") as f:
        return f.readlines()

def csvr(p):
    with open(p, newline="") as f:
        return list(csv.reader(f))

def csvd(p):
    with open(p, newline="") as f:
        return list(csv.DictReader(f))

def js(p):
    with open(p) as f:
        return json.load(f)

def txt(p):
    with open(p) as f:
        return f.read()

def txtlines(p):
    with open(p, encoding="utf-8", errors="replace") as f:
        return [ln for ln in f]

def raw(p):
    with open(p, "rb") as f:
        return f.read()

def mnist(p, slot):
    d = p + ".d"
    os.mkdir(d)
    names = ["train-images-idx3-ubyte", "train-labels-idx1-ubyte", "t10k-images-idx3-ubyte",
             "t10k-labels-idx1-ubyte"]
    for i, nm in enumerate(names):
        src = p if i == slot else "good_" + nm + ".gz"
        shutil.copyfile(src, d + "/" + nm + ".gz")
    try:
        return ds.mnist(path=d)
    finally:
        shutil.rmtree(d)
'''

LOADERS = {
    "npy": ["np.load({p})", "np.load({p}, allow_pickle=True)", "np.load({p}).sum()"],
    "npz": ["npz({p})"],
    "idx": ["ds.load_idx({p})", "ds.load_idx({p}).shape"],
    "idxgz": ["ds.load_idx({p})", "mnist({p}, {slot})"],
    "pickle": ["pk({p})", "pickle.loads(raw({p}))"],
    "gzip": ["gz({p})", "gzlines({p})"],
    "csv": ["csvr({p})", "csvd({p})", "np.loadtxt({p}, delimiter=',')", "np.loadtxt({p}, delimiter=',', skiprows=1)",
            "np.genfromtxt({p}, delimiter=',')"],
    "json": ["js({p})", "json.loads(raw({p}).decode('utf-8', 'replace'))"],
    "txt": ["txt({p})", "txtlines({p})", "raw({p})", "np.loadtxt({p})"],
}


def idx_bytes(arr):
    codes = {np.uint8: 0x08, np.int8: 0x09, np.int16: 0x0B, np.int32: 0x0C, np.float32: 0x0D, np.float64: 0x0E}
    code = codes[arr.dtype.type]
    hdr = struct.pack(">HBB", 0, code, arr.ndim) + b"".join(struct.pack(">I", d) for d in arr.shape)
    return hdr + arr.astype(arr.dtype.newbyteorder(">")).tobytes()


def originals():
    """name -> (kind, bytes): valid files from NumPy and CPython"""
    rng = np.random.default_rng(5)
    out = {}
    arrays = [np.arange(12, dtype=np.int64).reshape(3, 4), rng.standard_normal((4, 5)).astype(np.float32),
              np.array([True, False]), np.zeros((2, 0, 3)), np.array(3.5), np.arange(6, dtype=">i2"),
              np.asfortranarray(np.arange(6.0).reshape(2, 3)), np.array([1 + 2j, 3j]), np.arange(5, dtype=np.uint8)]
    for i, a in enumerate(arrays):
        b = io.BytesIO()
        np.save(b, a)
        out[f"a{i}.npy"] = ("npy", b.getvalue())
    b = io.BytesIO()
    np.savez(b, x=np.arange(4), y=np.ones((2, 2)))
    out["z0.npz"] = ("npz", b.getvalue())
    b = io.BytesIO()
    np.savez_compressed(b, x=np.arange(40))
    out["z1.npz"] = ("npz", b.getvalue())
    imgs = (np.arange(3 * 4 * 5) % 256).astype(np.uint8).reshape(3, 4, 5)
    labels = np.array([1, 2, 3], dtype=np.uint8)
    for i, a in enumerate([imgs, labels, np.arange(6, dtype=np.int32).reshape(2, 3),
                           np.linspace(0, 1, 7).astype(np.float32), np.arange(4, dtype=np.float64)]):
        out[f"i{i}.idx"] = ("idx", idx_bytes(a))
        out[f"g{i}.idx.gz"] = ("idxgz", gzip.compress(idx_bytes(a), mtime=0))
    objs = [[1, 2.5, "x", None, True], {"a": (1, 2), "b": {3, 4}, "c": b"\x00\xff"}, list(range(300)),
            {"nested": [[[]]] * 3, "s": "\u00e9\u20ac" * 10}, (1 << 70, -5, 3.25), frozenset("abc"),
            [{"k": i} for i in range(20)], bytearray(b"xyz")]
    for i, o in enumerate(objs):
        proto = i % 6
        out[f"p{i}.pkl"] = ("pickle", pickle.dumps(o, protocol=proto))
    out["p8.pkl"] = ("pickle", pickle.dumps(np.arange(5), protocol=2))
    out["p9.pkl"] = ("pickle", pickle.dumps({"w": np.ones((2, 2), dtype=np.float32)}, protocol=4))
    text = "".join(f"line {i}: \u00e9\u20ac {i * i}\n" for i in range(50)).encode()
    out["t0.gz"] = ("gzip", gzip.compress(text, mtime=0))
    out["t1.gz"] = ("gzip", gzip.compress(b"", mtime=0) + gzip.compress(b"second member\n", mtime=0))
    out["c0.csv"] = ("csv", b"a,b,c\n1,2,3\n4.5,-6,7e3\n8,9,10\n")
    out["c1.csv"] = ("csv", b'name,"quoted, field",x\r\n"a ""b""",2,3\r\n"multi\nline",5,6\r\n')
    out["c2.csv"] = ("csv", ("\n".join(",".join(str(i * j + 0.5) for j in range(6)) for i in range(30)) + "\n").encode())
    out["j0.json"] = ("json", json.dumps({"a": [1, 2.5, None, True, "\u00e9\ud83d\ude00"], "b": {"c": [[[]]]}}).encode())
    out["j1.json"] = ("json", json.dumps([{"i": i, "s": "x" * i} for i in range(30)], indent=2).encode())
    out["j2.json"] = ("json", b'"\\u00e9\\ud83d\\ude00 \\n\\t"')
    out["x0.txt"] = ("txt", "caf\u00e9 \u20ac \U0001F600\n1 2 3\n4 5 6\n".encode())
    out["x1.txt"] = ("txt", b"1.5 2.5\n3.5 4.5\n# comment\n5 6\n")
    return out


def corrupt(rng, kind, data):
    b = bytearray(data)
    ops = rng.randint(1, 3)
    for _ in range(ops):
        op = rng.randrange(11)
        pos = rng.randrange(len(b) + 1) if b else 0
        if op == 0 and b:
            for _ in range(rng.randint(1, 8)):
                b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        elif op == 1:
            del b[rng.randrange(len(b) + 1):]
        elif op == 2:
            b[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
        elif op == 3 and b:
            del b[pos:pos + rng.randint(1, 32)]
        elif op == 4 and len(b) >= 4:
            # a length, count or dimension field made huge or negative
            p = rng.randrange(0, min(len(b) - 3, 64))
            b[p:p + 4] = rng.choice([b"\xff\xff\xff\xff", b"\x7f\xff\xff\xff", b"\x80\x00\x00\x00",
                                     b"\x00\x00\x00\x00", b"\x00\x01\x00\x00", struct.pack("<i", -1)])
        elif op == 5 and b:
            b[pos:pos] = b[pos:pos + rng.randint(1, 64)] * rng.randint(2, 50)
        elif op == 6 and b:
            b[pos:pos + rng.randint(1, 16)] = bytes(rng.randint(1, 16))
        elif op == 7 and kind == "npy":
            hdr = rng.choice(["{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000000,), }",
                              "{'descr': '<f8', 'fortran_order': False, 'shape': (-1,), }",
                              "{'descr': '|O', 'fortran_order': False, 'shape': (2,), }",
                              "{'descr': '<U99999999', 'fortran_order': False, 'shape': (1,), }",
                              "{'descr': [('a', '<i4'), ('b', '<f8')], 'fortran_order': False, 'shape': (2,), }",
                              "{'descr': '<f8', 'fortran_order': True, 'shape': (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33), }",
                              "{'descr': '<f8', 'fortran_order': False, 'shape': (4611686018427387904, 4), }",
                              "{'descr': '<f8', 'fortran_order': 'x', 'shape': (2,)}",
                              "{'descr': '<f8', 'shape': (2,)}", "{}", "[1, 2]", "{'descr': '<f8', " * 500,
                              "{'descr': '>c32', 'fortran_order': False, 'shape': (1,), }",
                              "{'descr': '<m8[ns]', 'fortran_order': False, 'shape': (1,), }",
                              "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), 'x': " + "(" * 3000 + ")" * 3000 + "}"])
            body = hdr.encode().ljust(rng.choice([len(hdr) + 1, 118, 65530]), b" ") + b"\n"
            ver = rng.choice([b"\x01\x00" + struct.pack("<H", len(body)), b"\x02\x00" + struct.pack("<I", len(body)),
                              b"\x03\x00" + struct.pack("<I", len(body)), b"\x01\x00\xff\xff", b"\x09\x00\x10\x00"])
            b = bytearray(b"\x93NUMPY" + ver + body + bytes(rng.choice([0, 8, 48, 1000])))
        elif op == 8 and kind in ("idx", "idxgz"):
            raw = gzip.decompress(bytes(data)) if kind == "idxgz" else bytes(data)
            nd = rng.choice([0, 1, 3, 255])
            code = rng.choice([0x08, 0x09, 0x0B, 0x0C, 0x0D, 0x0E, 0x00, 0x07, 0xFF])
            dims = [rng.choice([0, 1, 3, 0xFFFFFFFF, 0x10000, 0x7FFFFFFF]) for _ in range(min(nd, 6))]
            hdr = struct.pack(">HBB", rng.choice([0, 0, 1]), code, nd) + b"".join(struct.pack(">I", d) for d in dims)
            raw = hdr + raw[4 + 4 * min(nd, 6):]
            b = bytearray(gzip.compress(raw, mtime=0) if kind == "idxgz" else raw)
        elif op == 9 and kind == "pickle":
            # an opcode stream with a few opcodes replaced or repeated
            ops_ = b"(.0123FGIJKLMNPQRSTUVXabcdeghijklopqrstu}\x80\x81\x82\x83\x84\x85\x86\x87\x88\x89\x8a\x8b\x8c\x8d\x8e\x8f\x90\x91\x92\x93\x94\x95\x96\x97\x98"
            for _ in range(rng.randint(1, 4)):
                if b:
                    b[rng.randrange(len(b))] = rng.choice(ops_)
        elif op == 10 and kind in ("json", "csv", "txt"):
            s = rng.choice([b"[" * 100000, b"{\"a\":" * 50000, b"\"\\ud800\"", b"\"\\u12\"", b"1e999999",
                            b"-" + b"9" * 5000, b"NaN", b"\xff\xfe", b"\x00", b"\"" * 3, b",,,,\n" * 1000,
                            b"\r", b"1" * 100000, b"\xef\xbb\xbf", b"\xed\xa0\x80", b"\"\n\"", b"nan,inf,-inf\n"])
            b[pos:pos] = s
    return bytes(b)


def cases(rng, files):
    names = sorted(files)
    while True:
        name = rng.choice(names)
        kind, data = files[name]
        loader = rng.choice(LOADERS[kind])
        yield name, kind, loader, corrupt(rng, kind, data)


def write_program(d, items):
    lines = [PRELUDE]
    for i, (name, kind, loader, data, slot) in enumerate(items):
        fn = f"f{i}_{name}"
        with open(os.path.join(d, fn), "wb") as f:
            f.write(data)
        lines.append(f"t({i}, lambda: {loader.format(p=repr(fn), slot=slot)})")
    return "\n".join(lines) + "\n"


def good_mnist(d, files):
    for slot, nm in enumerate(["train-images-idx3-ubyte", "train-labels-idx1-ubyte", "t10k-images-idx3-ubyte",
                               "t10k-labels-idx1-ubyte"]):
        with open(os.path.join(d, "good_" + nm + ".gz"), "wb") as f:
            f.write(files[f"g{slot % 2}.idx.gz"][1])


def outcomes(r):
    got = {}
    for line in r.out.decode("utf-8", "replace").splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0].isdigit():
            got[int(parts[0])] = parts[1]
    return got


class State:
    def __init__(self):
        self.crashes = {}
        self.hangs = []
        self.cases = 0
        self.programs = 0
        self.kinds = {}


def judge(state, binary, env, files, item):
    idx, items = item
    d = fu.tmpdir("fuzzfile")
    try:
        good_mnist(d, files)
        text = write_program(d, items)
        with open(os.path.join(d, "l.py"), "w") as f:
            f.write(text)
        r = fu.run([binary, "l.py"], env=env, cwd=d, cpu=30, wall=120)
        got = outcomes(r)
        why = fu.crash_reason(r)
        if why or r.timed_out:
            bad = next((i for i in range(len(items)) if i not in got), 0)
            name, kind, loader, data, slot = items[bad]
            d1 = fu.tmpdir("fuzzfile1")
            try:
                good_mnist(d1, files)
                one = write_program(d1, [items[bad]])
                with open(os.path.join(d1, "l.py"), "w") as f:
                    f.write(one)
                again = fu.run([binary, "l.py"], env=env, cwd=d1, cpu=10, wall=60)
            finally:
                fu.cleanup(d1)
            art = fu.keep_artifact(f"file_{SEED}_{idx}_{bad}_{name}", data)
            desc = f"{loader.format(p=repr(art), slot=slot)} on a corrupted {name}"
            if why:
                state.crashes.setdefault((kind, loader, why[:60]), f"{desc}: {why}")
            elif again.timed_out:
                state.hangs.append(f"{desc}: over 10 CPU seconds alone")
        for i, (name, kind, loader, data, slot) in enumerate(items):
            if i in got:
                state.kinds.setdefault(kind, {}).setdefault(got[i], 0)
                state.kinds[kind][got[i]] += 1
        state.cases += len(got)
        state.programs += 1
    finally:
        fu.cleanup(d)


def batches(rng, files):
    gen = cases(rng, files)
    i = 0
    while True:
        items = []
        for _ in range(PER_PROGRAM):
            name, kind, loader, data = next(gen)
            items.append((name, kind, loader, data, rng.randrange(4)))
        yield i, items
        i += 1


def check_valid(binary, env, files):
    d = fu.tmpdir("fuzzfile")
    try:
        good_mnist(d, files)
        # not expected to load: .npz (np.load reads .npy only), big-endian and complex .npy
        # (dtypes Sable does not have; it says so), text that np.loadtxt cannot parse
        items = [(n, k, ld, data, 0) for n, (k, data) in sorted(files.items())
                 if k != "npz" and n not in ("a5.npy", "a7.npy")
                 for ld in LOADERS[k]
                 if not (k == "txt" and "loadtxt" in ld and n == "x0.txt")
                 and not (k == "csv" and ("loadtxt" in ld or "genfromtxt" in ld) and n == "c1.csv")
                 and not (n == "c0.csv" and ld == "np.loadtxt({p}, delimiter=',')")]
        text = write_program(d, items)
        with open(os.path.join(d, "l.py"), "w") as f:
            f.write(text)
        r = fu.run([binary, "l.py"], env=env, cwd=d, cpu=60, wall=180)
        got = outcomes(r)
        bad = [f"{items[i][2].format(p=items[i][0], slot=0)}: {got.get(i, 'no answer')}"
               for i in range(len(items)) if got.get(i) != "ok"]
        why = fu.crash_reason(r)
        if why:
            bad.append(why)
        if bad:
            raise AssertionError("valid files did not load: " + "; ".join(bad))
    finally:
        fu.cleanup(d)


def main():
    label, binary, env = fu.binary()
    if not os.access(binary, os.X_OK):
        fu.report("SKIP", "fuzz_files", f"{binary} is not built")
        return 0
    files = originals()
    try:
        check_valid(binary, env, files)
        fu.report("PASS", "valid_inputs_load")
    except AssertionError as e:
        fu.report("FAIL", "valid_inputs_load", str(e))
    state = State()
    rng = random.Random(SEED)
    fu.until(BUDGET, batches(rng, files), lambda it: judge(state, binary, env, files, it))
    summary = (f"{label} build, seed {SEED}: {state.programs} programs, {state.cases} corrupt-file loads, "
               f"{len(state.crashes)} crashes, {len(state.hangs)} hangs")
    fu.stat(summary)
    for kind, outs in sorted(state.kinds.items()):
        fu.stat(f"{kind}: " + ", ".join(f"{k} {v}" for k, v in sorted(outs.items(), key=lambda x: -x[1])))
    if state.crashes:
        fu.report("FAIL", "no_crash", "; ".join(state.crashes.values()))
    else:
        fu.report("PASS", "no_crash", summary)
    if state.hangs:
        fu.report("FAIL", "no_hang", "; ".join(state.hangs))
    else:
        fu.report("PASS", "no_hang")
    return 1 if state.crashes or state.hangs else 0


if __name__ == "__main__":
    sys.exit(main())
