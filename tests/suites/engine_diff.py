"""engine_diff.py - differential tests of the C array engine against NumPy.

Drives build/unit/test_engine_diff (or $ENGINE_DIFF) with primitive calls over many dtypes,
shapes, broadcasts, axes and edge cases (0-d, zero-size dims, negative axes normalised by the
caller, non-contiguous views, NaN/inf), and checks values, dtypes, errors, type promotion and
printing against real NumPy. Prints PASS/FAIL/SKIP lines and a closing count."""
import math
import os
import subprocess
import sys

import numpy as np

ROOT = os.environ.get("SABLE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
DRIVER = os.environ.get("ENGINE_DIFF", os.path.join(ROOT, "build/unit/test_engine_diff"))
QUICK = os.environ.get("ENGINE_DIFF_QUICK") == "1"   # fewer random cases (ASan runs)
rng = np.random.default_rng(1234)

DT = {"bool": np.bool_, "uint8": np.uint8, "uint32": np.uint32, "int32": np.int32,
      "int64": np.int64, "float32": np.float32, "float64": np.float64}
FLOATS = ["float32", "float64"]
INTS = ["uint8", "uint32", "int32", "int64"]
ALL = ["bool"] + INTS + FLOATS


# ---------------------------------------------------------------------------------------------
class Driver:
    """Batches commands; each command answers one header line (+ n lines for R outputs)."""

    def __init__(self):
        self.cmds = []
        self.checks = []   # (index of command, callback(result))
        self.n = 0

    def arr(self, x, weak=False):
        x = np.asarray(x)
        name = "a%d" % self.n
        self.n += 1
        vals = " ".join(fmt_val(v, x.dtype) for v in x.reshape(-1))
        dims = " ".join(str(d) for d in x.shape)
        self.cmds.append("A %s %s %d %s %s" % (name, x.dtype.name, x.ndim, dims, vals))
        if weak:
            self.cmds.append("W %s" % name)
        return name

    def view(self, src, kind, *args):
        name = "a%d" % self.n
        self.n += 1
        self.cmds.append("V %s %s %s %s" % (name, src, kind, " ".join(str(a) for a in args)))
        return name

    def run(self, prim, params, ins, check):
        ps = " ".join("%s=%s" % (k, ",".join(str(int(x)) for x in v) if isinstance(v, (list, tuple)) else v)
                      for k, v in params.items())
        self.cmds.append("R %s %s : %s" % (prim, ps, " ".join(ins)))
        self.checks.append((len(self.cmds) - 1, check))

    def raw(self, line, check):
        self.cmds.append(line)
        self.checks.append((len(self.cmds) - 1, check))

    def execute(self):
        inp = "\n".join(self.cmds) + "\n"
        if os.environ.get("ENGINE_DIFF_DUMP"):
            with open(os.environ["ENGINE_DIFF_DUMP"], "w") as f:
                f.write(inp)
        p = subprocess.run([DRIVER, "-"], input=inp.encode(), stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=300)
        out = p.stdout.decode(errors="replace").split("\n")
        results = []
        i = 0
        for _ in self.cmds:
            if i >= len(out) or not out[i]:
                results.append(("CRASH", p.returncode, p.stderr.decode(errors="replace")[-2000:]))
                continue
            line = out[i]
            i += 1
            if line.startswith("ERR "):
                results.append(("ERR",) + tuple(line[4:].split("|", 3)))
            elif line.startswith("TXT "):
                results.append(("OK", line[4:]))
            elif line.startswith("OK "):
                rest = line[3:]
                parts = rest.split(" ")
                if len(parts) == 1 and parts[0].isdigit():
                    n = int(parts[0])
                    arrs = []
                    for _k in range(n):
                        arrs.append(parse_arr(out[i]))
                        i += 1
                    results.append(("OK", arrs))
                else:
                    results.append(("OK", rest))
            else:
                results.append(("CRASH", line, ""))
        return results, p.returncode, p.stderr.decode(errors="replace")


def fmt_val(v, dt):
    if dt.kind == "f":
        v = float(v)
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if dt.kind == "b":
        return "1" if v else "0"
    return str(int(v))


def parse_arr(line):
    head, _, vals = line.partition(" |")
    h = head.split()
    dt = h[0]
    nd = int(h[1])
    shape = tuple(int(x) for x in h[2:2 + nd])
    toks = vals.split()
    if toks == ["huge"]:
        return np.zeros(0)
    if dt in FLOATS:
        data = np.array([float(t) for t in toks], dtype=np.float64).astype(DT[dt])
    elif dt == "bool":
        data = np.array([int(t) for t in toks], dtype=np.int64).astype(np.bool_)
    else:
        data = np.array([int(t) for t in toks], dtype=np.int64 if dt != "uint32" else np.uint64).astype(DT[dt])
    try:
        return data.reshape(shape)
    except ValueError:   # zero-size with dims NumPy refuses (fuzz cases only check OK/ERR)
        return data


# ---------------------------------------------------------------------------------------------
results = {"pass": 0, "fail": 0}
fails_by_group = {}


def report(name, ok, why=""):
    if ok:
        results["pass"] += 1
    else:
        results["fail"] += 1
        g = name.split(":")[0]
        fails_by_group[g] = fails_by_group.get(g, 0) + 1
        if fails_by_group[g] <= 12:
            print("FAIL %s: %s" % (name, why[:600]))


def same(got, exp, rtol=0.0, atol=0.0):
    """Values and dtype equal (NaN == NaN); float tolerance optional."""
    exp = np.asarray(exp)
    if got.dtype != exp.dtype:
        return False, "dtype %s != %s" % (got.dtype, exp.dtype)
    if got.shape != exp.shape:
        return False, "shape %s != %s" % (got.shape, exp.shape)
    if got.dtype.kind == "f":
        g = got.astype(np.float64)
        e = exp.astype(np.float64)
        nan_ok = np.array_equal(np.isnan(g), np.isnan(e))
        fin = ~np.isnan(e)
        if rtol == 0 and atol == 0:
            ok = nan_ok and np.array_equal(g[fin], e[fin])
        else:
            with np.errstate(all="ignore"):
                inf_ok = np.array_equal(g[np.isinf(e)], e[np.isinf(e)])
                fm = fin & ~np.isinf(e)
                ok = nan_ok and inf_ok and bool(np.all(np.abs(g[fm] - e[fm]) <= atol + rtol * np.abs(e[fm])))
        if not ok:
            return False, "got %s expected %s" % (np.array2string(got, threshold=20), np.array2string(exp, threshold=20))
        return True, ""
    if not np.array_equal(got, exp):
        return False, "got %s expected %s" % (np.array2string(got, threshold=20), np.array2string(exp, threshold=20))
    return True, ""


def expect(name, exp, rtol=0.0, atol=0.0, idx=0):
    def cb(res):
        if res[0] != "OK":
            report(name, False, "error %s" % (res[1:],))
            return
        arrs = res[1]
        if idx >= len(arrs):
            report(name, False, "missing output")
            return
        ok, why = same(arrs[idx], exp, rtol, atol)
        report(name, ok, why)
    return cb


def expect_multi(name, exps, rtol=0.0, atol=0.0):
    def cb(res):
        if res[0] != "OK":
            report(name, False, "error %s" % (res[1:],))
            return
        for k, e in enumerate(exps):
            ok, why = same(res[1][k], e, rtol, atol)
            if not ok:
                report(name, False, "output %d: %s" % (k, why))
                return
        report(name, True)
    return cb


def expect_err(name, kind, msg=None, np_kind=None, np_msg=None):
    def cb(res):
        if res[0] != "ERR":
            report(name, False, "expected %s, got %s" % (kind, res[0]))
            return
        ok = res[1] == kind and (msg is None or res[2] == msg)
        if np_kind is not None:
            ok = ok and res[3] == np_kind
        if np_msg is not None:
            ok = ok and res[4] == np_msg
        report(name, ok, "got %s" % (res[1:],))
    return cb


# ---------------------------------------------------------------------------------------------
def rand(dt, shape, special=False, lo=-5, hi=5):
    if dt == "bool":
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    if dt in INTS:
        if dt in ("uint8", "uint32"):
            lo = max(lo, 0)
        return rng.integers(lo, hi + 1, size=shape).astype(DT[dt])
    x = rng.standard_normal(size=shape) * 3
    x = x.astype(DT[dt])
    if special and x.size >= 4:
        flat = x.reshape(-1)
        for v in (np.nan, np.inf, -np.inf, 0.0, -0.0):
            flat[rng.integers(0, flat.size)] = v
    return x


SHAPES = [(), (0,), (1,), (3,), (2, 3), (4, 1, 5), (2, 0, 3), (3, 4, 2, 2), (7, 9)]
BCAST = [((3,), (3,)), ((2, 3), (3,)), ((2, 1), (1, 4)), ((), (4,)), ((5,), ()), ((0,), (1,)),
         ((2, 3, 1), (1, 4)), ((1,), (0,)), ((3, 1, 2), (3, 4, 1)), ((1000,), (1000,)),
         ((100, 300), (300,))]


def views(d, x):
    """Yield (name, numpy value) for the array and a few non-contiguous views of it."""
    name = d.arr(x)
    yield name, x
    if x.ndim >= 2:
        perm = list(range(x.ndim))[::-1]
        yield d.view(name, "T", *perm), np.transpose(x, perm)
    if x.ndim >= 1 and x.shape[-1] >= 2:
        args = []
        sl = []
        for k, n in enumerate(x.shape):
            if k == x.ndim - 1:
                args += [n - 1, -1, -2]
                sl.append(slice(n - 1, None, -2))
            else:
                args += [0, n, 1]
                sl.append(slice(0, n, 1))
        yield d.view(name, "S", *args), x[tuple(sl)]


F_UNARY = {
    "neg": np.negative, "abs": np.abs, "sign": np.sign, "floor": np.floor, "ceil": np.ceil,
    "round": np.round, "exp": np.exp, "exp2": np.exp2, "log": np.log, "log2": np.log2,
    "log10": np.log10, "log1p": np.log1p, "expm1": np.expm1, "sqrt": np.sqrt,
    "rsqrt": lambda x: (1 / np.sqrt(x)).astype(x.dtype), "cbrt": np.cbrt, "sin": np.sin,
    "cos": np.cos, "tan": np.tan, "asin": np.arcsin, "acos": np.arccos, "atan": np.arctan,
    "sinh": np.sinh, "cosh": np.cosh, "tanh": np.tanh, "asinh": np.arcsinh,
    "acosh": np.arccosh, "atanh": np.arctanh,
    "logistic": lambda x: (1 / (1 + np.exp(-x.astype(np.float64)))).astype(x.dtype),
    "erf": lambda x: np.vectorize(lambda v: v if math.isnan(v) else math.erf(v), otypes=[np.float64])(x.astype(np.float64)).astype(x.dtype) if x.size else x.copy(),
    "erfc": lambda x: np.vectorize(lambda v: v if math.isnan(v) else math.erfc(v), otypes=[np.float64])(x.astype(np.float64)).astype(x.dtype) if x.size else x.copy(),
    "lgamma": lambda x: np.vectorize(lambda v: v if math.isnan(v) else math.inf if math.isinf(v) or (v <= 0 and v == math.floor(v)) else math.lgamma(v),
                                     otypes=[np.float64])(x.astype(np.float64)).astype(x.dtype) if x.size else x.copy(),
    "is_finite": np.isfinite, "is_nan": np.isnan, "is_inf": np.isinf, "square": np.square,
    "reciprocal": np.reciprocal,
}
EXACT_UNARY = {"neg", "abs", "sign", "floor", "ceil", "round", "sqrt", "is_finite", "is_nan",
               "is_inf", "square", "reciprocal"}
I_UNARY = {"neg": np.negative, "abs": np.abs, "sign": np.sign, "square": np.square, "not": np.invert,
           "floor": lambda x: x.copy(), "ceil": lambda x: x.copy(), "round": lambda x: x.copy()}


def test_unary(d):
    for op, f in F_UNARY.items():
        for dt in FLOATS:
            for shp in (SHAPES if not QUICK else SHAPES[:6]):
                x = rand(dt, shp, special=True)
                for vn, xv in views(d, x):
                    with np.errstate(all="ignore"):
                        e = f(xv)
                    exact = op in EXACT_UNARY
                    tol = (0, 0) if exact else ((2e-6, 1e-6) if dt == "float32" else (1e-13, 1e-300))
                    if op == "lgamma":
                        tol = (1e-5, 1e-5) if dt == "float32" else (1e-12, 1e-12)
                    d.run(op, {}, [vn], expect("unary:%s:%s:%s" % (op, dt, shp), e, *tol))
    for op, f in I_UNARY.items():
        for dt in INTS:
            for shp in SHAPES[:6]:
                x = rand(dt, shp, lo=-100, hi=100)
                for vn, xv in views(d, x):
                    with np.errstate(all="ignore"):
                        e = f(xv)
                    d.run(op, {}, [vn], expect("iunary:%s:%s:%s" % (op, dt, shp), e))
    x = rand("bool", (2, 3))
    d.run("not", {}, [d.arr(x)], expect("unary:not:bool", ~x))
    # erf_inv: check erf(erf_inv(y)) == y
    for dt in FLOATS:
        y = np.array([-0.999, -0.5, 0.0, 0.1, 0.5, 0.9, 0.99999], dtype=DT[dt])
        e = np.array([0 for _ in y], dtype=DT[dt])

        def cb(res, y=y, dt=dt):
            if res[0] != "OK":
                report("unary:erf_inv:" + dt, False, str(res))
                return
            back = np.array([math.erf(v) for v in res[1][0].astype(np.float64)])
            tol = 1e-6 if dt == "float32" else 1e-14
            report("unary:erf_inv:" + dt, bool(np.all(np.abs(back - y.astype(np.float64)) <= tol)), str(back))
        d.run("erf_inv", {}, [d.arr(y)], cb)
        del e


def int_trunc_div(a, b):
    a64, b64 = a.astype(np.int64), b.astype(np.int64)
    with np.errstate(all="ignore"):
        q = np.where(b64 == 0, 0, np.trunc(a64 / np.where(b64 == 0, 1, b64)))
    return q.astype(a.dtype)


F_BINARY = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.true_divide,
    "floor_divide": np.floor_divide, "rem": np.remainder, "pow": np.power, "max": np.maximum,
    "min": np.minimum, "atan2": np.arctan2, "nextafter": np.nextafter, "hypot": np.hypot,
    "copysign": np.copysign,
    "eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal, "gt": np.greater,
    "ge": np.greater_equal,
}
I_BINARY = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply, "div": int_trunc_div,
    "floor_divide": np.floor_divide, "rem": np.remainder, "max": np.maximum, "min": np.minimum,
    "and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor,
    "eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal, "gt": np.greater,
    "ge": np.greater_equal,
}


def test_binary(d):
    for op, f in F_BINARY.items():
        for dt in FLOATS:
            for sa, sb in (BCAST if not QUICK else BCAST[:5]):
                a = rand(dt, sa, special=True)
                b = rand(dt, sb, special=True)
                if op == "pow":
                    a = np.abs(a)
                an, bn = d.arr(a), d.arr(b)
                with np.errstate(all="ignore"):
                    e = f(a, b)
                tol = (0, 0) if op not in ("pow", "atan2", "hypot") else ((2e-6, 1e-30) if dt == "float32" else (1e-14, 1e-300))
                d.run(op, {}, [an, bn], expect("binary:%s:%s:%s,%s" % (op, dt, sa, sb), e, *tol))
    for op, f in I_BINARY.items():
        for dt in INTS:
            for sa, sb in BCAST[:7]:
                a = rand(dt, sa, lo=-50, hi=50)
                b = rand(dt, sb, lo=-7, hi=7)
                an, bn = d.arr(a), d.arr(b)
                with np.errstate(all="ignore"):
                    e = f(a, b)
                d.run(op, {}, [an, bn], expect("ibinary:%s:%s:%s,%s" % (op, dt, sa, sb), e))
    # integer pow (non-negative exponents), shifts in range
    for dt in INTS:
        a = rand(dt, (20,), lo=-6, hi=6)
        b = rand(dt, (20,), lo=0, hi=5).astype(DT[dt])
        b = np.abs(b)
        with np.errstate(all="ignore"):
            d.run("pow", {}, [d.arr(a), d.arr(b)], expect("ibinary:pow:" + dt, np.power(a, b)))
        bits = np.dtype(DT[dt]).itemsize * 8
        s = rng.integers(0, bits, size=20).astype(DT[dt])
        d.run("shift_left", {}, [d.arr(a), d.arr(s)], expect("ibinary:shl:" + dt, np.left_shift(a, s)))
        d.run("shift_right", {}, [d.arr(a), d.arr(s)], expect("ibinary:shr:" + dt, np.right_shift(a, s)))
    # integer division edge cases: by zero -> 0, INT_MIN // -1 wraps
    for dt in ("int32", "int64"):
        info = np.iinfo(DT[dt])
        a = np.array([7, -7, 7, -7, 0, info.min, 5], dtype=DT[dt])
        b = np.array([2, 2, -2, -2, 0, -1, 0], dtype=DT[dt])
        with np.errstate(all="ignore"):
            d.run("floor_divide", {}, [d.arr(a), d.arr(b)], expect("ibinary:fdiv_edge:" + dt, np.floor_divide(a, b)))
            d.run("rem", {}, [d.arr(a), d.arr(b)], expect("ibinary:rem_edge:" + dt, np.remainder(a, b)))
    for op in ("and", "or", "xor", "max", "min", "eq", "ne", "lt"):
        a, b = rand("bool", (2, 3)), rand("bool", (3,))
        f = {"and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor, "max": np.maximum,
             "min": np.minimum, "eq": np.equal, "ne": np.not_equal, "lt": np.less}[op]
        d.run(op, {}, [d.arr(a), d.arr(b)], expect("binary:%s:bool" % op, f(a, b)))
    # non-contiguous operands
    for dt in FLOATS:
        x = rand(dt, (4, 6))
        y = rand(dt, (6, 4))
        xn, yn = d.arr(x), d.arr(y)
        yt = d.view(yn, "T", 1, 0)
        xs = d.view(xn, "S", 3, -1, -1, 0, 6, 2)
        ys = d.view(yt, "S", 0, 4, 1, 0, 6, 2)
        d.run("add", {}, [xs, ys], expect("binary:views:" + dt, x[::-1, ::2] + y.T[:, ::2]))
        bb = rand(dt, (6,))
        bv = d.view(d.arr(bb), "B", 2, 4, 6)
        d.run("mul", {}, [xn, bv], expect("binary:bview:" + dt, x * bb))
    # big arrays (thread pool path)
    for dt in FLOATS:
        a = rand(dt, (200, 400))
        b = rand(dt, (400,))
        d.run("mul", {}, [d.arr(a), d.arr(b)], expect("binary:big:" + dt, a * b))
        d.run("exp", {}, [d.arr(a)], expect("unary:big:" + dt, np.exp(a), *((2e-6, 0) if dt == "float32" else (1e-14, 0))))
        at = d.view(d.arr(a), "T", 1, 0)
        d.run("add", {}, [at, at], expect("binary:bigT:" + dt, a.T + a.T))


def test_select_convert(d):
    for sp, sa, sb in [((3,), (3,), (3,)), ((2, 3), (3,), ()), ((2, 1), (1, 3), (2, 3)), ((0,), (1,), ())]:
        for dt in ALL:
            p = rand("bool", sp)
            a, b = rand(dt, sa), rand(dt, sb)
            d.run("select", {}, [d.arr(p), d.arr(a), d.arr(b)],
                  expect("select:%s:%s" % (dt, sp), np.where(p, a, b)))
    for src in ALL:
        for dst in ALL:
            if src in FLOATS:
                x = rand(src, (3, 4), special=True)
                if dst not in FLOATS and dst != "bool":
                    x = np.where(np.isfinite(x), x, 1.5).astype(DT[src])
                    if dst.startswith("uint"):
                        x = np.abs(x)
            else:
                x = rand(src, (3, 4), lo=0 if src.startswith("u") else -100, hi=100)
            with np.errstate(all="ignore"):
                e = x.astype(DT[dst])
            d.run("convert_element_type", {"new_dtype": dst}, [d.arr(x)], expect("convert:%s->%s" % (src, dst), e))
    for dt in FLOATS + ["int32", "int64"]:
        x = rand(dt, (10,), lo=-3, hi=3)
        for y in (0, 1, 2, 3, 5, -1, -2):
            if y < 0 and dt not in FLOATS:
                continue
            with np.errstate(all="ignore"):
                e = (x.astype(np.float64) ** y).astype(DT[dt]) if dt in FLOATS else np.power(x, y)
            d.run("integer_pow", {"y": y}, [d.arr(x)], expect("integer_pow:%s:%d" % (dt, y), e, *((1e-6, 1e-30) if dt == "float32" else (1e-14, 0)) if dt in FLOATS else (0, 0)))


def np_pad(x, lo, hi, interior, val):
    # reference: interior dilation then edge pad/crop
    for ax in range(x.ndim):
        n = x.shape[ax]
        if interior[ax] and n > 0:
            newn = n + (n - 1) * interior[ax]
            shape = list(x.shape)
            shape[ax] = newn
            y = np.full(shape, val, dtype=x.dtype)
            idx = [slice(None)] * x.ndim
            idx[ax] = slice(0, newn, interior[ax] + 1)
            y[tuple(idx)] = x
            x = y
        l, h = lo[ax], hi[ax]
        pw = [(0, 0)] * x.ndim
        pw[ax] = (max(l, 0), max(h, 0))
        x = np.pad(x, pw, constant_values=val)
        idx = [slice(None)] * x.ndim
        idx[ax] = slice(-min(l, 0), x.shape[ax] - (-min(h, 0)))
        x = x[tuple(idx)]
    return x


def test_shape(d):
    for dt in ("float32", "int32", "bool"):
        x = rand(dt, (2, 3))
        xn = d.arr(x)
        d.run("broadcast_in_dim", {"ndim": 3, "shape": [4, 2, 3], "bdims": [1, 2]}, [xn],
              expect("bcast:%s" % dt, np.broadcast_to(x, (4, 2, 3))))
        d.run("broadcast_in_dim", {"ndim": 3, "shape": [2, 5, 3], "bdims": [0, 2]}, [xn],
              expect("bcast2:%s" % dt, np.broadcast_to(x[:, None, :], (2, 5, 3))))
        d.run("reshape", {"ndim": 3, "shape": [3, 1, 2]}, [xn], expect("reshape:%s" % dt, x.reshape(3, 1, 2)))
        xt = d.view(xn, "T", 1, 0)
        d.run("reshape", {"ndim": 1, "shape": [6]}, [xt], expect("reshapeT:%s" % dt, x.T.reshape(6)))
        d.run("transpose", {"ndim": 2, "perm": [1, 0]}, [xn], expect("transpose:%s" % dt, x.T))
    # reshape of strided views (view when the strides allow it, else a copy): values must match
    for k in range(60):
        base = rand("int32", (4, 6, 2), lo=-100, hi=100)
        bn = d.arr(base)
        perm = [int(v) for v in rng.permutation(3)]
        v = np.transpose(base, perm)
        vn = d.view(bn, "T", *perm)
        if rng.random() < 0.5:
            sl = []
            args = []
            for n_ in v.shape:
                st = int(rng.choice([1, 1, 2, -1]))
                if st > 0:
                    sl.append(slice(0, n_, st)); args += [0, n_, st]
                else:
                    sl.append(slice(n_ - 1, None, -1)); args += [n_ - 1, -1, -1]
            v = v[tuple(sl)]
            vn = d.view(vn, "S", *args)
        size = v.size
        dims = []
        rest = size
        for f in (2, 3, 2, 2, 3):
            if rest % f == 0 and rng.random() < 0.6:
                dims.append(f); rest //= f
        dims.append(rest)
        if rng.random() < 0.3:
            dims.insert(int(rng.integers(0, len(dims) + 1)), 1)
        d.run("reshape", {"ndim": len(dims), "shape": dims}, [vn], expect("reshape_view:%d:%s->%s" % (k, v.shape, dims), v.reshape(dims)))
    x = rand("float64", (3, 4, 5))
    xn = d.arr(x)
    d.run("transpose", {"ndim": 3, "perm": [2, 0, 1]}, [xn], expect("transpose3", np.transpose(x, (2, 0, 1))))
    d.run("slice", {"ndim": 3, "start": [1, 0, 1], "limit": [3, 4, 5], "stride": [1, 2, 3]}, [xn],
          expect("slice", x[1:3, 0:4:2, 1:5:3]))
    d.run("slice", {"ndim": 3, "start": [1, 0, 1], "limit": [1, 4, 5], "stride": [1, 2, 3]}, [xn],
          expect("slice_empty", x[1:1, 0:4:2, 1:5:3]))
    d.run("rev", {"naxes": 2, "axes": [0, 2]}, [xn], expect("rev", x[::-1, :, ::-1]))
    for dt in ("float32", "int64", "uint8"):
        x = rand(dt, (3, 4))
        for lo, hi, it in [((1, 2), (0, 1), (0, 0)), ((0, 0), (0, 0), (1, 2)), ((-1, 2), (1, -2), (1, 0)),
                           ((2, -3), (-1, 0), (0, 1)), ((0, 0), (0, 0), (0, 0))]:
            pv = np.array(7, dtype=DT[dt])
            d.run("pad", {"ndim": 2, "lo": lo, "hi": hi, "interior": it}, [d.arr(x), d.arr(pv)],
                  expect("pad:%s:%s%s%s" % (dt, lo, hi, it), np_pad(x, lo, hi, it, pv)))
    for ax in (0, 1):
        a, b, c = rand("float32", (2, 3)), rand("float32", (2, 3)), rand("float32", (2, 3))
        sh = list(b.shape)
        sh[ax] = 0
        e0 = np.zeros(sh, np.float32)
        d.run("concatenate", {"axis": ax}, [d.arr(a), d.arr(e0), d.arr(b), d.arr(c)],
              expect("concat:%d" % ax, np.concatenate([a, e0, b, c], axis=ax)))
    for dt in ("int32", "float32", "uint8"):
        d.run("iota", {"dtype": dt, "ndim": 2, "shape": [3, 4], "dimension": 1}, [],
              expect("iota:%s" % dt, np.broadcast_to(np.arange(4, dtype=DT[dt]), (3, 4))))
        d.run("iota", {"dtype": dt, "ndim": 2, "shape": [3, 4], "dimension": 0}, [],
              expect("iota0:%s" % dt, np.broadcast_to(np.arange(3, dtype=DT[dt])[:, None], (3, 4))))


def test_index(d):
    for dt in ("float32", "int64", "bool"):
        x = rand(dt, (5, 3))
        idx = np.array([0, 4, 2, 2, 1], dtype=np.int32)
        g = {"n_offset": 1, "n_collapsed": 1, "n_start": 1, "offset_dims": [1], "collapsed_slice_dims": [0],
             "start_index_map": [0], "slice_sizes": [1, 3], "mode": 2}
        d.run("gather", g, [d.arr(x), d.arr(idx[:, None])], expect("gather:rows:" + dt, x[idx]))
        idx2 = np.array([[0, 1], [4, 2]], dtype=np.int64)
        d.run("gather", dict(g, offset_dims=[2]), [d.arr(x), d.arr(idx2[..., None])], expect("gather:rows2d:" + dt, x[idx2]))
        neg = np.array([-1, -5], dtype=np.int32)
        d.run("gather", g, [d.arr(x), d.arr(neg[:, None])], expect("gather:neg:" + dt, x[neg]))
        # x[i, j] pairs (point gather)
        ii = np.array([0, 4, 3], dtype=np.int32)
        jj = np.array([2, 0, 1], dtype=np.int32)
        gp = {"n_offset": 0, "n_collapsed": 2, "n_start": 2, "offset_dims": [], "collapsed_slice_dims": [0, 1],
              "start_index_map": [0, 1], "slice_sizes": [1, 1], "mode": 2}
        d.run("gather", gp, [d.arr(x), d.arr(np.stack([ii, jj], -1))], expect("gather:points:" + dt, x[ii, jj]))
        # out of bounds: numpy mode raises, clip mode clamps, fill mode fills
        bad = np.array([[1], [7]], dtype=np.int32)
        d.run("gather", g, [d.arr(x), d.arr(bad)], expect_err("gather:oob:" + dt, "IndexError",
              "index 7 is out of bounds for axis 0 with size 5"))
        gc = dict(g, mode=0)
        d.run("gather", gc, [d.arr(x), d.arr(bad)], expect("gather:clip:" + dt, x[[1, 4]]))
        if dt != "bool":
            gf = dict(g, mode=1, fill_value=-1)
            ef = x[[1, 1]].copy()
            ef[1] = -1 if dt != "bool" else True
            d.run("gather", gf, [d.arr(x), d.arr(bad)], expect("gather:fill:" + dt, ef))
        # column gather x[:, idx] : offset dim 0 (size 5), collapsed 1
        gcol = {"n_offset": 1, "n_collapsed": 1, "n_start": 1, "offset_dims": [0], "collapsed_slice_dims": [1],
                "start_index_map": [1], "slice_sizes": [5, 1], "mode": 2}
        cidx = np.array([2, 0], dtype=np.int32)
        d.run("gather", gcol, [d.arr(x), d.arr(cidx[:, None])], expect("gather:cols:" + dt, x[:, cidx]))
    for dt in ("float32", "float64", "int32"):
        x = rand(dt, (5, 3))
        idx = np.array([0, 4, 2, 2, 1, 2], dtype=np.int32)
        upd = rand(dt, (6, 3))
        s = {"n_window": 1, "n_inserted": 1, "n_sdims": 1, "update_window_dims": [1], "inserted_window_dims": [0],
             "scatter_dims_to_operand_dims": [0], "mode": 1}
        e = x.copy()
        np.add.at(e, idx, upd)
        d.run("scatter-add", s, [d.arr(x), d.arr(idx[:, None]), d.arr(upd)], expect("scatter_add:" + dt, e, *((1e-6, 1e-6) if dt == "float32" else (0, 0))))
        e = x.copy()
        np.multiply.at(e, idx, upd)
        d.run("scatter-mul", s, [d.arr(x), d.arr(idx[:, None]), d.arr(upd)], expect("scatter_mul:" + dt, e, *((1e-6, 1e-6) if dt == "float32" else (0, 0))))
        e = x.copy()
        np.maximum.at(e, idx, upd)
        d.run("scatter-max", s, [d.arr(x), d.arr(idx[:, None]), d.arr(upd)], expect("scatter_max:" + dt, e))
        e = x.copy()
        np.minimum.at(e, idx, upd)
        d.run("scatter-min", s, [d.arr(x), d.arr(idx[:, None]), d.arr(upd)], expect("scatter_min:" + dt, e))
        uidx = np.array([3, 0], dtype=np.int32)
        e = x.copy()
        e[uidx] = upd[:2]
        d.run("scatter", s, [d.arr(x), d.arr(uidx[:, None]), d.arr(upd[:2])], expect("scatter_set:" + dt, e))
        # out-of-bounds updates are dropped in fill mode, IndexError in numpy mode
        bidx = np.array([1, 9], dtype=np.int32)
        e = x.copy()
        e[1] += upd[0]
        d.run("scatter-add", s, [d.arr(x), d.arr(bidx[:, None]), d.arr(upd[:2])], expect("scatter_drop:" + dt, e))
        d.run("scatter-add", dict(s, mode=2), [d.arr(x), d.arr(bidx[:, None]), d.arr(upd[:2])],
              expect_err("scatter_oob:" + dt, "IndexError"))
        # point scatter x.at[i, j].add(v)
        sp = {"n_window": 0, "n_inserted": 2, "n_sdims": 2, "update_window_dims": [], "inserted_window_dims": [0, 1],
              "scatter_dims_to_operand_dims": [0, 1], "mode": 1}
        ii = np.array([[0, 1], [4, 2], [0, 1]], dtype=np.int32)
        v = rand(dt, (3,))
        e = x.copy()
        np.add.at(e, (ii[:, 0], ii[:, 1]), v)
        d.run("scatter-add", sp, [d.arr(x), d.arr(ii), d.arr(v)], expect("scatter_points:" + dt, e, *((1e-6, 1e-6) if dt == "float32" else (0, 0))))
    x = rand("float32", (5, 6))
    for st in ((1, 2), (4, 5), (-3, 1)):
        sizes = (2, 3)
        cl = [min(max(s, 0), n - z) for s, n, z in zip(st, x.shape, sizes)]
        e = x[cl[0]:cl[0] + 2, cl[1]:cl[1] + 3]
        d.run("dynamic_slice", {"ndim": 2, "shape": sizes}, [d.arr(x), d.arr(np.int32(st[0])), d.arr(np.int32(st[1]))],
              expect("dynamic_slice:%s" % (st,), e))
        u = rand("float32", sizes)
        e2 = x.copy()
        e2[cl[0]:cl[0] + 2, cl[1]:cl[1] + 3] = u
        d.run("dynamic_update_slice", {}, [d.arr(x), d.arr(u), d.arr(np.int64(st[0])), d.arr(np.int64(st[1]))],
              expect("dynamic_update_slice:%s" % (st,), e2))


def axes_subsets(nd):
    out = [[]]
    for k in range(nd):
        out = out + [o + [k] for o in out]
    return out


def test_reduce(d):
    shapes = [(), (0,), (5,), (3, 4), (2, 0, 3), (3, 1, 4, 2), (64, 300), (1100,)]
    for shp in shapes:
        for dt in ALL:
            x = rand(dt, shp, special=(dt in FLOATS and len(shp) < 2 and rng.random() < 0.5), lo=-4, hi=4)
            for vn, xv in views(d, x):
                subsets = axes_subsets(xv.ndim)
                if len(subsets) > 6:
                    subsets = [subsets[i] for i in rng.choice(len(subsets), 6, replace=False)]
                for axes in subsets:
                    ax = tuple(axes)
                    p = {"naxes": len(axes), "axes": axes}
                    tag = "%s:%s:%s" % (dt, xv.shape, ax)
                    if dt != "bool":
                        with np.errstate(all="ignore"):
                            es = np.sum(xv, axis=ax, dtype=xv.dtype)
                            ep = np.prod(xv, axis=ax, dtype=xv.dtype)
                        tol = (1e-5, 1e-5) if dt == "float32" else ((1e-12, 1e-12) if dt == "float64" else (0, 0))
                        d.run("reduce_sum", p, [vn], expect("reduce_sum:" + tag, es, *tol))
                        d.run("reduce_prod", p, [vn], expect("reduce_prod:" + tag, ep, *((1e-5, 1e-30) if dt == "float32" else (1e-12, 1e-300)) if dt in FLOATS else (0, 0)))
                    empty = any(xv.shape[a] == 0 for a in axes)
                    if empty:
                        d.run("reduce_max", p, [vn], expect_err("reduce_max_empty:" + tag, "ValueError"))
                    else:
                        d.run("reduce_max", p, [vn], expect("reduce_max:" + tag, np.max(xv, axis=ax)))
                        d.run("reduce_min", p, [vn], expect("reduce_min:" + tag, np.min(xv, axis=ax)))
                    if dt == "bool":
                        d.run("reduce_or", p, [vn], expect("reduce_or:" + tag, np.any(xv, axis=ax)))
                        d.run("reduce_and", p, [vn], expect("reduce_and:" + tag, np.all(xv, axis=ax)))
                for axis in range(xv.ndim):
                    if xv.shape[axis] == 0:
                        d.run("argmax", {"axis": axis, "index_dtype": "int64"}, [vn], expect_err("argmax_empty", "ValueError"))
                        continue
                    for idt in ("int32", "int64"):
                        d.run("argmax", {"axis": axis, "index_dtype": idt}, [vn],
                              expect("argmax:%s:%d:%s" % (tag, axis, idt), np.argmax(xv, axis=axis).astype(DT[idt])))
                        d.run("argmin", {"axis": axis, "index_dtype": idt}, [vn],
                              expect("argmin:%s:%d:%s" % (tag, axis, idt), np.argmin(xv, axis=axis).astype(DT[idt])))
                    if dt != "bool":
                        for rev in (0, 1):
                            src = np.flip(xv, axis) if rev else xv
                            with np.errstate(all="ignore"):
                                ec = np.cumsum(src, axis=axis, dtype=xv.dtype)
                                ecp = np.cumprod(src, axis=axis, dtype=xv.dtype)
                            ecm = np.maximum.accumulate(src, axis=axis)
                            ecn = np.minimum.accumulate(src, axis=axis)
                            if rev:
                                ec, ecp, ecm, ecn = (np.flip(v, axis) for v in (ec, ecp, ecm, ecn))
                            tol = (1e-5, 1e-5) if dt == "float32" else ((1e-12, 1e-12) if dt == "float64" else (0, 0))
                            pc = {"axis": axis, "reverse": rev}
                            d.run("cumsum", pc, [vn], expect("cumsum:%s:%d:%d" % (tag, axis, rev), ec, *tol))
                            d.run("cumprod", pc, [vn], expect("cumprod:%s:%d:%d" % (tag, axis, rev), ecp, *((1e-5, 1e-30) if dt == "float32" else (1e-12, 1e-300)) if dt in FLOATS else (0, 0)))
                            d.run("cummax", pc, [vn], expect("cummax:%s:%d:%d" % (tag, axis, rev), ecm))
                            d.run("cummin", pc, [vn], expect("cummin:%s:%d:%d" % (tag, axis, rev), ecn))
        if QUICK:
            break
    # big reductions through the pool, NaN in the middle
    for dt in FLOATS:
        x = rand(dt, (1 << 18,))
        xn = d.arr(x)
        d.run("reduce_sum", {"naxes": 1, "axes": [0]}, [xn], expect("reduce_sum:big:" + dt, np.sum(x), *((1e-4, 1e-3) if dt == "float32" else (1e-11, 1e-9))))
        d.run("reduce_max", {"naxes": 1, "axes": [0]}, [xn], expect("reduce_max:big:" + dt, np.max(x)))
        x2 = x.copy()
        x2[177777] = np.nan
        d.run("reduce_max", {"naxes": 1, "axes": [0]}, [d.arr(x2)], expect("reduce_max:bignan:" + dt, np.max(x2)))
        y = rand(dt, (300, 500))
        yn = d.arr(y)
        for ax in (0, 1):
            d.run("reduce_sum", {"naxes": 1, "axes": [ax]}, [yn], expect("reduce_sum:big2:%s:%d" % (dt, ax), np.sum(y, axis=ax), *((1e-4, 1e-4) if dt == "float32" else (1e-11, 1e-11))))


def test_sort(d):
    for dt in ALL:
        for shp, axis in [((10,), 0), ((4, 7), 1), ((4, 7), 0), ((0,), 0), ((3, 1, 5), 2)]:
            x = rand(dt, shp, special=dt in FLOATS, lo=-3, hi=3)
            io = np.broadcast_to(np.arange(shp[axis], dtype=np.int32).reshape([-1 if k == axis else 1 for k in range(len(shp))]), shp).copy()
            xn, ion = d.arr(x), d.arr(io)
            es = np.sort(x, axis=axis, kind="stable")
            ea = np.argsort(x, axis=axis, kind="stable").astype(np.int32)
            d.run("sort", {"dimension": axis, "num_keys": 1}, [xn, ion],
                  expect_multi("sort:%s:%s:%d" % (dt, shp, axis), [es, ea]))


def test_dot(d):
    cases = [((3, 4), (4, 5), [1], [0], [], []), ((4,), (4,), [0], [0], [], []), ((2, 3, 4), (2, 4, 5), [2], [1], [0], [0]),
             ((3, 4), (5, 4), [1], [1], [], []), ((4, 3), (4, 5), [0], [0], [], []), ((0, 4), (4, 5), [1], [0], [], []),
             ((3, 0), (0, 5), [1], [0], [], []), ((2, 3, 4), (4,), [2], [0], [], []), ((5, 2, 3), (3, 5, 4), [2], [0], [0], [1]),
             ((2, 3, 4, 5), (4, 5, 6), [2, 3], [0, 1], [], []), ((1, 4), (4, 1), [1], [0], [], [])]
    for dt in FLOATS + ["int32", "int64"]:
        for sa, sb, lc, rc, lb, rb in cases:
            a, b = rand(dt, sa), rand(dt, sb)
            lfree = [i for i in range(len(sa)) if i not in lc + lb]
            rfree = [i for i in range(len(sb)) if i not in rc + rb]
            letters = "abcdefghijklmnop"
            la = [""] * len(sa)
            rb_ = [""] * len(sb)
            k = 0
            for i, j in zip(lb, rb):
                la[i] = rb_[j] = letters[k]; k += 1
            for i, j in zip(lc, rc):
                la[i] = rb_[j] = letters[k]; k += 1
            out = "".join(la[i] for i in lb)
            for i in lfree:
                la[i] = letters[k]; out += letters[k]; k += 1
            for i in rfree:
                rb_[i] = letters[k]; out += letters[k]; k += 1
            e = np.einsum("%s,%s->%s" % ("".join(la), "".join(rb_), out), a.astype(np.float64) if dt in FLOATS else a, b.astype(np.float64) if dt in FLOATS else b).astype(DT[dt])
            p = {"nc": len(lc), "nb": len(lb), "lhs_contract": lc, "rhs_contract": rc, "lhs_batch": lb, "rhs_batch": rb}
            tol = (1e-5, 1e-5) if dt == "float32" else ((1e-12, 1e-12) if dt == "float64" else (0, 0))
            d.run("dot_general", p, [d.arr(a), d.arr(b)], expect("dot:%s:%s@%s" % (dt, sa, sb), e, *tol))
    # transposed and sliced views into GEMM
    for dt in FLOATS:
        a, b = rand(dt, (6, 5)), rand(dt, (7, 6))
        an, bn = d.arr(a), d.arr(b)
        at = d.view(an, "T", 1, 0)
        bt = d.view(bn, "T", 1, 0)
        p = {"nc": 1, "nb": 0, "lhs_contract": [1], "rhs_contract": [0], "lhs_batch": [], "rhs_batch": []}
        tol = (1e-5, 1e-5) if dt == "float32" else (1e-12, 1e-12)
        d.run("dot_general", p, [at, bt], expect("dot:views:" + dt, (a.T.astype(np.float64) @ b.T).astype(DT[dt]), *tol))
        asl = d.view(an, "S", 0, 6, 2, 4, -1, -1)
        d.run("dot_general", p, [asl, d.view(d.arr(b[:5, :]), "S", 0, 5, 1, 0, 6, 1)],
              expect("dot:slices:" + dt, (a[0:6:2, 4::-1].astype(np.float64) @ b[:5, :]).astype(DT[dt]), *tol))


def np_conv(x, w, strides, pads, lhs_dil, rhs_dil, groups):
    """Reference NCHW/OIHW convolution in float64 by explicit loops over the kernel."""
    x = x.astype(np.float64)
    w = w.astype(np.float64)
    N, C = x.shape[:2]
    sp = x.shape[2:]
    nsp = len(sp)
    # lhs dilation
    dil = [(n - 1) * l + 1 if n > 0 else 0 for n, l in zip(sp, lhs_dil)]
    xd = np.zeros((N, C) + tuple(dil))
    xd[(slice(None), slice(None)) + tuple(slice(None, None, l) for l in lhs_dil)] = x
    # pad (possibly negative)
    for i, (lo, hi) in enumerate(pads):
        ax = 2 + i
        pw = [(0, 0)] * xd.ndim
        pw[ax] = (max(lo, 0), max(hi, 0))
        xd = np.pad(xd, pw)
        idx = [slice(None)] * xd.ndim
        idx[ax] = slice(-min(lo, 0), xd.shape[ax] - (-min(hi, 0)))
        xd = xd[tuple(idx)]
    O, I = w.shape[:2]
    k = w.shape[2:]
    kd = [(kk - 1) * r + 1 for kk, r in zip(k, rhs_dil)]
    outsp = [max((n - kk) // s + 1, 0) if n >= kk else 0 for n, kk, s in zip(xd.shape[2:], kd, strides)]
    out = np.zeros((N, O) + tuple(outsp))
    Og = O // groups
    for g in range(groups):
        for kidx in np.ndindex(*k):
            sl = tuple(slice(kidx[i] * rhs_dil[i], kidx[i] * rhs_dil[i] + (outsp[i] - 1) * strides[i] + 1, strides[i]) for i in range(nsp))
            patch = xd[(slice(None), slice(g * I, (g + 1) * I)) + sl]   # N, I, out...
            wk = w[(slice(g * Og, (g + 1) * Og), slice(None)) + kidx]      # Og, I
            out[:, g * Og:(g + 1) * Og] += np.einsum("ni...,oi->no...", patch, wk)
    return out


def test_conv(d):
    cases = [((2, 3, 7, 7), (4, 3, 3, 3), (1, 1), ((0, 0), (0, 0)), (1, 1), (1, 1), 1),
             ((1, 4, 8, 6), (6, 2, 3, 2), (2, 1), ((1, 1), (0, 2)), (1, 1), (1, 1), 2),
             ((2, 2, 5, 5), (3, 2, 2, 2), (1, 2), ((1, 0), (2, 1)), (2, 1), (1, 2), 1),
             ((1, 3, 9), (2, 3, 3), (2,), ((1, 1),), (1,), (2,), 1),
             ((1, 1, 4, 4), (1, 1, 3, 3), (1, 1), ((-1, 0), (0, -1)), (1, 1), (1, 1), 1)]
    for dt in FLOATS:
        for xs, ws, st, pads, ld, rd, G in cases:
            x, w = rand(dt, xs), rand(dt, ws)
            e = np_conv(x, w, st, pads, ld, rd, G).astype(DT[dt])
            nsp = len(xs) - 2
            ident = list(range(nsp + 2))
            p = {"nsp": nsp, "strides": st, "pad_lo": [a for a, b in pads], "pad_hi": [b for a, b in pads],
                 "lhs_dil": ld, "rhs_dil": rd, "lhs_spec": ident, "rhs_spec": ident, "out_spec": ident,
                 "feature_group_count": G, "batch_group_count": 1}
            tol = (1e-4, 1e-4) if dt == "float32" else (1e-12, 1e-12)
            d.run("conv_general_dilated", p, [d.arr(x), d.arr(w)], expect("conv:%s:%s*%s" % (dt, xs, ws), e, *tol))
            if nsp == 2:
                # NHWC / HWIO / NHWC
                xh = np.transpose(x, (0, 2, 3, 1)).copy()
                wh = np.transpose(w, (2, 3, 1, 0)).copy()
                p2 = dict(p, lhs_spec=[0, 3, 1, 2], rhs_spec=[3, 2, 0, 1], out_spec=[0, 3, 1, 2])
                d.run("conv_general_dilated", p2, [d.arr(xh), d.arr(wh)],
                      expect("conv_nhwc:%s:%s*%s" % (dt, xs, ws), np.transpose(e, (0, 2, 3, 1)), *tol))


def np_window(x, win, strides, lo, hi, op):
    init = {"sum": 0, "max": -np.inf, "min": np.inf}[op]
    xp = np.pad(x.astype(np.float64), list(zip(lo, hi)), constant_values=init)
    outs = [(n - w) // s + 1 if n >= w else 0 for n, w, s in zip(xp.shape, win, strides)]
    out = np.zeros(outs)
    for idx in np.ndindex(*outs):
        sl = tuple(slice(i * s, i * s + w) for i, s, w in zip(idx, strides, win))
        v = xp[sl]
        out[idx] = {"sum": np.sum, "max": np.max, "min": np.min}[op](v)
    return out


def test_window(d):
    for dt in FLOATS + ["int32"]:
        x = rand(dt, (2, 6, 7))
        for win, st, lo, hi in [((1, 2, 2), (1, 2, 2), (0, 0, 0), (0, 0, 0)), ((1, 3, 3), (1, 1, 2), (0, 1, 1), (0, 1, 1)),
                                ((2, 1, 3), (1, 1, 1), (0, 0, 2), (0, 0, 0))]:
            for op in ("sum", "max", "min"):
                e = np_window(x, win, st, lo, hi, op).astype(DT[dt])
                p = {"ndim": 3, "window": win, "strides": st, "pad_lo": lo, "pad_hi": hi}
                d.run("reduce_window_" + op, p, [d.arr(x)], expect("window:%s:%s:%s" % (op, dt, win), e, *((1e-5, 1e-5) if dt == "float32" else ((1e-14, 1e-14) if dt == "float64" else (0, 0)))))


def test_linalg(d):
    for dt in FLOATS:
        tol = (2e-3, 2e-3) if dt == "float32" else (1e-9, 1e-9)
        for shp in ((3, 3), (2, 4, 4), (1, 1), (0, 0)):
            a = rand(dt, shp) + (np.eye(shp[-1]) * 4).astype(DT[dt])
            an = d.arr(a)
            if a.size:
                d.run("inv", {"check": 1}, [an], expect("inv:%s:%s" % (dt, shp), np.linalg.inv(a), *tol))
                d.run("det", {}, [an], expect("det:%s:%s" % (dt, shp), np.linalg.det(a), *tol))
                s, l = np.linalg.slogdet(a)
                d.run("slogdet", {}, [an], expect_multi("slogdet:%s:%s" % (dt, shp), [s, l], *tol))
                b = rand(dt, shp[:-1] + (2,))
                d.run("solve", {"check": 1}, [an, d.arr(b)], expect("solve:%s:%s" % (dt, shp), np.linalg.solve(a, b), *tol))
                spd = (a @ np.swapaxes(a, -1, -2)).astype(DT[dt])
                d.run("cholesky", {"check": 1}, [d.arr(spd)], expect("cholesky:%s:%s" % (dt, shp), np.linalg.cholesky(spd), *tol))
                w, v = np.linalg.eigh(spd)

                def cb_eigh(res, w=w, v=v, name="eigh:%s:%s" % (dt, shp), tol=tol):
                    if res[0] != "OK":
                        report(name, False, str(res))
                        return
                    ok1, why = same(res[1][0], w, *tol)
                    ok2, why2 = same(np.abs(res[1][1]), np.abs(v), *tol)
                    report(name, ok1 and ok2, why + why2)
                d.run("eigh", {"lower": 1}, [d.arr(spd)], cb_eigh)
                tril = np.tril(a)
                d.run("triangular_solve", {"left_side": 1, "lower": 1, "transpose_a": 0, "unit_diagonal": 0},
                      [d.arr(tril), d.arr(b)], expect("trisolve:%s:%s" % (dt, shp), np.linalg.solve(tril, b), *tol))
        # singular: numpy mode raises, jax mode gives non-finite
        sing = np.array([[1, 2], [2, 4]], dtype=DT[dt])
        d.run("inv", {"check": 1}, [d.arr(sing)], expect_err("inv:singular:" + dt, "LinAlgError", "Singular matrix"))
        d.run("det", {}, [d.arr(sing)], expect("det:singular:" + dt, np.array(0, dtype=DT[dt])))
        for shp in ((4, 3), (3, 5), (2, 3, 3)):
            a = rand(dt, shp)
            for full in (0, 1):
                q, r = np.linalg.qr(a, mode="complete" if full else "reduced")
                d.run("qr", {"full_matrices": full}, [d.arr(a)], expect_multi("qr:%s:%s:%d" % (dt, shp, full), [q, r], *tol))
                u, s, vt = np.linalg.svd(a, full_matrices=bool(full))

                def cb_svd(res, s=s, u=u, vt=vt, a=a, name="svd:%s:%s:%d" % (dt, shp, full), tol=tol):
                    if res[0] != "OK":
                        report(name, False, str(res))
                        return
                    S, U, VT = res[1]
                    ok1, why = same(S, s, *tol)
                    k = S.shape[-1]
                    rec = (U[..., :, :k] * S[..., None, :]) @ VT[..., :k, :]
                    ok2 = np.allclose(rec, a, rtol=tol[0] * 10, atol=tol[1] * 10) and U.shape == u.shape and VT.shape == vt.shape
                    report(name, ok1 and ok2, why + " reconstruct %s" % ok2)
                d.run("svd", {"full_matrices": full, "compute_uv": 1}, [d.arr(a)], cb_svd)


def test_errors(d):
    a, b = d.arr(np.zeros(3, np.float32)), d.arr(np.zeros(4, np.float32))
    d.run("add", {}, [a, b], expect_err("err:broadcast", "TypeError", "add got incompatible shapes for broadcasting: (3,), (4,)",
                                        "ValueError", "operands could not be broadcast together with shapes (3,) (4,) "))
    c = d.arr(np.zeros((2, 3), np.float32))
    e = d.arr(np.zeros((4, 1, 2), np.float32))
    d.run("mul", {}, [c, e], expect_err("err:broadcast2", "TypeError", "mul got incompatible shapes for broadcasting: (2, 3), (4, 1, 2)"))
    i = d.arr(np.zeros(3, np.int32))
    d.run("add", {}, [a, i], expect_err("err:dtypes", "TypeError", "add requires arguments to have the same dtypes, got float32, int32."))
    d.run("exp", {}, [i], expect_err("err:exp_int", "TypeError"))
    d.run("and", {}, [a, a], expect_err("err:and_float", "TypeError"))
    d.run("reduce_sum", {"naxes": 1, "axes": [3]}, [c], expect_err("err:axis", "ValueError", "axis 3 is out of bounds for array of dimension 2"))
    d.run("reduce_sum", {"naxes": 2, "axes": [1, 1]}, [c], expect_err("err:dupaxis", "ValueError"))
    d.run("reshape", {"ndim": 1, "shape": [4]}, [c], expect_err("err:reshape", "TypeError", "cannot reshape array of shape (2, 3) (size 6) into shape (4,) because the product of specified axis sizes (4) != 6", "ValueError", "cannot reshape array of size 6 into shape (4,)"))
    d.run("transpose", {"ndim": 2, "perm": [0, 0]}, [c], expect_err("err:perm", "ValueError"))
    d.run("iota", {"dtype": "float64", "ndim": 2, "shape": [1 << 20, 1 << 22], "dimension": 0}, [],
          expect_err("err:memory", "MemoryError", "Unable to allocate 32 TiB for an array with shape (1048576, 4194304) and data type float64"))
    d.run("iota", {"dtype": "float64", "ndim": 3, "shape": [1 << 40, 1 << 40, 1 << 40], "dimension": 0}, [],
          expect_err("err:overflow", "ValueError"))
    d.run("broadcast_in_dim", {"ndim": 2, "shape": [1 << 30, 1 << 30], "bdims": [1]}, [d.arr(np.zeros(1, np.float32))],
          (lambda r: report("err:bcast_huge_view", r[0] == "OK" or r[0] == "ERR", str(r[:2]))))
    d.run("dot_general", {"nc": 1, "nb": 0, "lhs_contract": [1], "rhs_contract": [0], "lhs_batch": [], "rhs_batch": []},
          [c, d.arr(np.zeros((4, 2), np.float32))],
          expect_err("err:dot", "TypeError", "dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).",
                     "ValueError", "shapes (2, 3) and (4, 2) not aligned: 3 (dim 1) != 4 (dim 0)"))
    d.run("concatenate", {"axis": 0}, [c, d.arr(np.zeros((2, 4), np.float32))], expect_err("err:concat", "TypeError"))
    d.run("concatenate", {"axis": 0}, [c, d.arr(np.zeros((2, 3), np.int32))], expect_err("err:concat_dtype", "TypeError"))
    d.run("slice", {"ndim": 2, "start": [0, 0], "limit": [3, 3], "stride": [1, 1]}, [c], expect_err("err:slice", "TypeError"))
    d.run("inv", {"check": 1}, [d.arr(np.zeros((2, 3)))], expect_err("err:inv_square", "ValueError", None, "LinAlgError"))
    d.run("inv", {"check": 1}, [i], expect_err("err:inv_int", "TypeError"))
    d.run("add", {}, [a], expect_err("err:arity", "TypeError"))
    d.run("gather", {"n_offset": 0, "n_collapsed": 1, "n_start": 1, "offset_dims": [], "collapsed_slice_dims": [0],
                     "start_index_map": [0], "slice_sizes": [1], "mode": 2}, [a, d.arr(np.zeros((2, 1), np.float32))],
          expect_err("err:gather_float_idx", "TypeError"))
    d.run("sort", {"dimension": 2, "num_keys": 1}, [a], expect_err("err:sort_axis", "ValueError"))
    d.run("conv_general_dilated", {"nsp": 2, "strides": [1, 1], "pad_lo": [0, 0], "pad_hi": [0, 0], "lhs_dil": [1, 1],
                                   "rhs_dil": [1, 1], "lhs_spec": [0, 1, 2, 3], "rhs_spec": [0, 1, 2, 3], "out_spec": [0, 1, 2, 3],
                                   "feature_group_count": 1}, [d.arr(np.zeros((1, 3, 4, 4), np.float32)), d.arr(np.zeros((2, 2, 3, 3), np.float32))],
          expect_err("err:conv_features", "TypeError"))


# {=== type promotion ===}
# JAX's lattice (jax/_src/dtypes.py _type_promotion_lattice) with every node, implemented
# independently of the C tables, then canonicalised.
JAX_LATTICE = {
    "b1": ["i*"], "u8": ["i16", "u16"], "u16": ["i32", "u32"], "u32": ["i64", "u64"], "u64": ["f*"],
    "i*": ["u8", "i8"], "i8": ["i16"], "i16": ["i32"], "i32": ["i64"], "i64": ["f*"],
    "f*": ["c*", "bf16", "f16"], "bf16": ["f32"], "f16": ["f32"], "f32": ["f64", "c64"], "f64": ["c128"],
    "c*": ["c64"], "c64": ["c128"], "c128": [],
}
NODE = {"bool": "b1", "uint8": "u8", "uint32": "u32", "int32": "i32", "int64": "i64", "float32": "f32", "float64": "f64"}


def upper(n):
    out = {n}
    todo = [n]
    while todo:
        for m in JAX_LATTICE[todo.pop()]:
            if m not in out:
                out.add(m)
                todo.append(m)
    return out


def jax_result(items, x64):
    dts = [t for t, w in items]
    weak = [w for t, w in items]
    canon = (lambda t: t) if x64 else (lambda t: {"int64": "int32", "float64": "float32", "uint64": "uint32"}.get(t, t))
    if len(set(dts)) == 1 and not all(weak):
        return canon(dts[0]), 0
    nodes = set()
    for t, w in items:
        if w and t != "bool":
            nodes.add("f*" if t.startswith("float") else "i*")
        else:
            nodes.add(NODE[t])
    common = set.intersection(*(upper(n) for n in nodes))
    lub = [c for c in common if all(o in upper(c) for o in common)][0]
    back = {v: k for k, v in NODE.items()}
    if lub == "i*":
        return canon("int64"), 1
    if lub == "f*":
        return canon("float64"), 1
    return canon(back[lub]), 0


def numpy_result(items):
    vals = []
    for t, w in items:
        if w and t != "bool":
            vals.append(1.0 if t.startswith("float") else 1)
        else:
            vals.append(np.dtype(DT[t]))
    if all(isinstance(v, (int, float)) for v in vals):
        r = np.result_type(*[np.asarray(v) for v in vals]) if False else (np.float64 if any(isinstance(v, float) for v in vals) else np.int64)
        return np.dtype(r).name, 1
    return np.result_type(*vals).name, 0


def test_promotion(d):
    names = list(NODE)
    for mode in ("jax", "x64", "numpy"):
        for a in names:
            for wa in (0, 1):
                for b in names:
                    for wb in (0, 1):
                        if (wa and a not in ("int32", "int64", "float32", "float64")) or (wb and b not in ("int32", "int64", "float32", "float64")):
                            continue
                        items = [(a, wa), (b, wb)]
                        if mode == "numpy":
                            exp = numpy_result(items)
                        else:
                            exp = jax_result(items, mode == "x64")
                            if mode == "jax" and any(t in ("int64", "float64") and not w for t, w in items):
                                continue   # such arrays do not exist without x64
                        name = "promote:%s:%s%s+%s%s" % (mode, a, "*" if wa else "", b, "*" if wb else "")
                        d.raw("P %s %d %s %d %s" % (a, wa, b, wb, mode),
                              (lambda r, exp=exp, name=name: report(name, r[0] == "OK" and r[1] == "%s %d" % exp, "got %s expected %s" % (r[1:], exp))))


# {=== printing ===}
def jax_repr(x, weak=False):
    prefix = "Array("
    dtype_str = "dtype=%s%s)" % (x.dtype.name, ", weak_type=True" if weak else "")
    if x.size == 0:
        s = "[], shape=%s" % (x.shape,)
    else:
        s = np.array2string(x, prefix=prefix, suffix=",", separator=", ", max_line_width=75)
    last_line_len = len(s) - s.rfind("\n") + 1
    sep = " "
    if last_line_len + len(dtype_str) + 1 > 75:
        sep = " " * len(prefix)   # jax/_src/array.py: no newline
    return "%s%s,%s%s" % (prefix, s, sep, dtype_str)


def test_print(d):
    samples = [
        np.array([1.0, 2.5, 3.0]), np.array([[1, 2], [3, 4]]), np.array([True, False]), np.array(1.5, np.float32),
        np.array(2.0), np.array(True), np.array(7, np.int32), np.array([1e-5, 1.0]), np.array([1.5e-5, 1.0]),
        np.array([np.nan, -np.inf]), np.array([0.1, np.nan]), np.array([1e8, 1.0]), np.array([123456789.5, 1.25], np.float32),
        np.arange(1001), np.arange(2000.0).reshape(40, 50), np.zeros((0, 3)), np.zeros(0, np.int32), np.zeros(0),
        np.linspace(0, 1, 100), np.linspace(0, 1, 100, dtype=np.float32), np.array([0.1 + 0.2, 1 / 3]), np.array([-0.0, 0.0]),
        np.array([[1.5, -2.25], [np.inf, 3.0]]), np.arange(24).reshape(2, 3, 4), np.array([255, 0, 7], np.uint8),
        np.array([4294967295, 1], np.uint32), np.array([-2 ** 63, 2 ** 63 - 1]), np.array([1e-300, 1e300]),
        np.array([1.0, 1e16]), np.array([3.14159265358979, 2.718281828]), np.array([1e-4, 2e-4]), np.array([100000.0, 0.5]),
        np.array([[True, False], [False, True]]), rng.standard_normal((5, 7)), rng.standard_normal((3, 30)).astype(np.float32),
        np.array(np.nan), np.array(-np.inf, np.float32), np.array(1e20), np.array(1e-7, np.float32), np.array(123456789.0, np.float32),
        np.array(0.0001, np.float32), np.array(0.0001), np.arange(1100.0).reshape(1100, 1), np.ones((2, 1, 1001)),
        np.array([1e-9, 1e-8]), np.array([0.5] * 30), np.arange(30, dtype=np.int64) * 10 ** 10, np.zeros((3, 0, 2), np.float32),
    ]
    for k, x in enumerate(samples):
        n = d.arr(x)
        for kind, exp in (("str", str(x)), ("repr", repr(x)), ("jrepr", jax_repr(x))):
            d.raw("F %s %s" % (n, kind), (lambda r, exp=exp, name="print:%s:%d:%s" % (kind, k, x.dtype): report(
                name, r[0] == "OK" and r[1].replace("\\n", "\n").replace("\\\\", "\\") == exp,
                "got %r expected %r" % (r[1] if len(r) > 1 else r, exp))))
    w = d.arr(np.array(1.0, np.float32), weak=True)
    d.raw("F %s jrepr" % w, lambda r: report("print:weak", r[0] == "OK" and r[1] == "Array(1., dtype=float32, weak_type=True)", str(r)))

# {=== fuzz: random (mostly invalid) parameters and operands must give OK or an error ===}
I, A, D = "int", "arr", "dtype"
FUZZ_PARAMS = {
    "reduce_sum": [("naxes", I), ("axes", A)], "reduce_max": [("naxes", I), ("axes", A)],
    "reduce_or": [("naxes", I), ("axes", A)], "argmax": [("axis", I), ("index_dtype", D)],
    "cumsum": [("axis", I), ("reverse", I)], "cummax": [("axis", I), ("reverse", I)],
    "convert_element_type": [("new_dtype", D)], "integer_pow": [("y", I)],
    "broadcast_in_dim": [("ndim", I), ("shape", A), ("bdims", A)], "reshape": [("ndim", I), ("shape", A)],
    "transpose": [("ndim", I), ("perm", A)], "slice": [("ndim", I), ("start", A), ("limit", A), ("stride", A)],
    "rev": [("naxes", I), ("axes", A)], "pad": [("ndim", I), ("lo", A), ("hi", A), ("interior", A)],
    "concatenate": [("axis", I)], "iota": [("dtype", D), ("ndim", I), ("shape", A), ("dimension", I)],
    "gather": [("n_offset", I), ("n_collapsed", I), ("n_start", I), ("offset_dims", A), ("collapsed_slice_dims", A),
               ("start_index_map", A), ("slice_sizes", A), ("mode", I)],
    "scatter-add": [("n_window", I), ("n_inserted", I), ("n_sdims", I), ("update_window_dims", A),
                    ("inserted_window_dims", A), ("scatter_dims_to_operand_dims", A), ("mode", I)],
    "dynamic_slice": [("ndim", I), ("shape", A)], "dynamic_update_slice": [], "sort": [("dimension", I), ("num_keys", I)],
    "dot_general": [("nc", I), ("nb", I), ("lhs_contract", A), ("rhs_contract", A), ("lhs_batch", A), ("rhs_batch", A)],
    "conv_general_dilated": [("nsp", I), ("strides", A), ("pad_lo", A), ("pad_hi", A), ("lhs_dil", A), ("rhs_dil", A),
                             ("lhs_spec", A), ("rhs_spec", A), ("out_spec", A), ("feature_group_count", I)],
    "reduce_window_max": [("ndim", I), ("window", A), ("strides", A), ("pad_lo", A), ("pad_hi", A)],
    "inv": [("check", I)], "solve": [("check", I)], "det": [], "slogdet": [], "lu": [], "cholesky": [("check", I)],
    "qr": [("full_matrices", I)], "eigh": [("lower", I)], "svd": [("full_matrices", I), ("compute_uv", I)],
    "triangular_solve": [("left_side", I), ("lower", I), ("transpose_a", I), ("unit_diagonal", I)],
    "add": [], "exp": [], "select": [], "eq": [], "not": [],
}
ARITY = {"select": 3, "pad": 2, "gather": 2, "scatter-add": 3, "dot_general": 2, "conv_general_dilated": 2,
         "solve": 2, "triangular_solve": 2, "add": 2, "eq": 2, "iota": 0}


def fuzz_int():
    r = rng.random()
    if r < 0.8:
        return int(rng.integers(-2, 5))
    if r < 0.9:
        return int(rng.integers(5, 20))
    return int(rng.choice([-(1 << 40), 1 << 40, -(1 << 62), 1 << 62, 2 ** 31, -2 ** 31]))


def test_fuzz(d):
    pool = []
    for shp in [(), (0,), (3,), (2, 3), (3, 1), (2, 0, 3), (4, 4), (2, 3, 3), (1, 2, 3, 3)]:
        for dt in ("float32", "float64", "int32", "bool", "uint8"):
            pool.append(d.arr(rand(dt, shp, lo=-3, hi=5)))
    for shp in [(2, 1), (3, 2), (1,), (2, 2, 1)]:
        pool.append(d.arr(rng.integers(-3, 6, size=shp).astype(np.int32)))
    # zero-size arrays whose other dims are huge
    for dims in ("0 4611686018427387904", "4611686018427387904 0"):
        name = "a%d" % d.n
        d.n += 1
        d.cmds.append("A %s float32 2 %s" % (name, dims))
        pool.append(name)
    n = 600 if QUICK else 3000
    names = list(FUZZ_PARAMS)
    for k in range(n):
        prim = names[k % len(names)]
        params = {}
        for f, kind in FUZZ_PARAMS[prim]:
            if kind == I:
                params[f] = fuzz_int()
            elif kind == D:
                params[f] = str(rng.choice(ALL))
            else:
                params[f] = [fuzz_int() for _ in range(int(rng.integers(0, 6)))] or [0]
        nin = ARITY.get(prim, 1)
        if prim in ("concatenate", "dynamic_slice", "dynamic_update_slice", "sort"):
            nin = int(rng.integers(1, 5))
        if rng.random() < 0.1:
            nin = max(0, nin + int(rng.choice([-1, 1])))
        ins = [pool[int(rng.integers(0, len(pool)))] for _ in range(nin)]

        def cb(r, prim=prim, params=params, ins=ins):
            ok = r[0] in ("OK", "ERR") and not (r[0] == "ERR" and r[1] in ("BadParam", "NoSuchArray", "NoSuchPrim", "RuntimeError"))
            report("fuzz:%s" % prim, ok, "%s %s -> %s" % (params, ins, r[:3]))
        d.run(prim, params, ins, cb)


def main():
    if not os.path.exists(DRIVER):
        print("SKIP engine_diff: driver %s not built" % DRIVER)
        print("0 passed, 0 failed, 1 skipped")
        return 0
    d = Driver()
    for t in (test_unary, test_binary, test_select_convert, test_shape, test_index, test_reduce, test_sort,
              test_dot, test_conv, test_window, test_linalg, test_errors, test_promotion, test_print, test_fuzz):
        t(d)
    res, rc, err = d.execute()
    crashed = False
    for idx, cb in d.checks:
        r = res[idx]
        if r[0] == "CRASH":
            if not crashed:
                report("driver", False, "crashed (rc=%s): %s" % (r[1], r[2]))
            crashed = True
            continue
        cb(r)
    # also fail on any unexpected ERR answer to an array/view definition
    for k, c in enumerate(d.cmds):
        if c[0] in "AVW" and res[k][0] != "OK":
            report("setup:%s" % c[:40], False, str(res[k]))
    if rc != 0:
        report("driver_exit", False, "exit %d: %s" % (rc, err[-2000:]))
    for g, n in sorted(fails_by_group.items()):
        print("# %s: %d failures" % (g, n))
    print("%d passed, %d failed" % (results["pass"], results["fail"]))
    return 1 if results["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
