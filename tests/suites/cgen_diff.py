#!/usr/bin/env python3
"""Compiled jit (engine/cgen) against the eager graph runner: random elementwise graphs over
every dtype the code generator handles (bool, uint8, uint32, int32, int64, float32, float64),
broadcasting patterns (size-1 dims, lower rank, 0-d), 0-d and empty shapes, non-contiguous
inputs (strided slices, transposes) and NaN/inf, run by one Sable program twice: with
SABLE_NO_CGEN=1 and with code generation forced on (SABLE_CGEN_MIN_SIZE=0). Integers and bools
must be equal; float graphs of exactly rounded operations (+ - * / sqrt, max/min, rounding,
compares, selects, converts, integer powers) must be bit-equal (the generated code does not
contract into FMA); graphs with a transcendental function (libmvec's vector variants, <= 4 ulp
each, vs the eager kernels' scalar or vector libm) within 2^-15 (f32) / 2^-40 (f64) relative.
Also checks that code was generated for the graphs (SABLE_CGEN_LOG) and that a second process
finds it in the disk cache.
Reduction graphs (NRED): an elementwise chain over a view made inside the graph (transpose,
slice with a step, reshape, rev, broadcast) ending in sum/prod/max/min/mean over random axes
(one or several reductions sharing the loop, sometimes with a full-size output too), every
dtype, 0-size and size-1 dims, sizes past NumPy's 128-element pairwise block and past the
parallel threshold (2 x 32768). Integer results and float sums/products of a computed operand
must be bit-equal (the fused loop sums in the eager kernel's pairwise order); max/min too, up
to the sign of a zero result (-0.0 vs 0.0 when both occur); a float sum of an input view itself
(summed in the group's C order where the eager kernel follows memory order) within
2(n-1)u * sum|x|; some graphs end without a reduction (transposed reads: the tiled walk); transcendental chains (sum of |f(x)|, max, min) within the tolerance above.
Env: SABLE (binary), SABLE_ROOT."""
import os
import random
import re
import sys
import tempfile

import numpy as np

from _cgen_common import drop_tmp, libm_tol, program_head, report, run_modes

ROOT = os.environ.get("SABLE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
SABLE = os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable"))
NGRAPHS = 120
NRED = 120

DTYPES = ["bool", "uint8", "uint32", "int32", "int64", "float32", "float64"]
SHAPES = [(), (1,), (7,), (0,), (3, 0), (4, 5), (2, 3, 4), (3, 1, 5), (1, 6), (33, 65), (5, 4, 3, 2)]

# (name, arity, dtype classes accepted, expression); classes: f float, i int, u unsigned,
# b bool. Exact ops round once per IEEE (bit-equal expected); trans ones call libm.
EXACT = [
    ("add", 2, "fiub", "{0} + {1}"), ("sub", 2, "fiu", "{0} - {1}"), ("mul", 2, "fiub", "{0} * {1}"),
    ("div", 2, "f", "{0} / {1}"), ("maximum", 2, "fiub", "jnp.maximum({0}, {1})"),
    ("minimum", 2, "fiub", "jnp.minimum({0}, {1})"), ("neg", 1, "fi", "-{0}"),
    ("abs", 1, "fiu", "jnp.abs({0})"), ("floor", 1, "f", "jnp.floor({0})"), ("ceil", 1, "f", "jnp.ceil({0})"),
    ("round", 1, "f", "jnp.round({0})"), ("sqrt", 1, "f", "jnp.sqrt({0})"), ("square", 1, "fiu", "jnp.square({0})"),
    ("sign", 1, "fi", "jnp.sign({0})"), ("pow3", 1, "fiu", "{0} ** 3"), ("powm2", 1, "f", "{0} ** -2"),
    ("fdiv", 2, "fiu", "jnp.floor_divide({0}, {1})"), ("rem", 2, "fiu", "jnp.remainder({0}, {1})"),
    ("where", 3, "fiub", "jnp.where({0} > {1}, {1}, {2})"), ("and", 2, "iub", "{0} & {1}"),
    ("or", 2, "iub", "{0} | {1}"), ("xor", 2, "iub", "{0} ^ {1}"), ("not", 1, "iub", "~{0}"),
    ("shl", 2, "iu", "{0} << {1}"), ("shr", 2, "iu", "{0} >> {1}"),
    ("eq", 2, "fiub", "jnp.where({0} == {1}, {0}, {1})"), ("lt", 2, "fiub", "jnp.where({0} < {1}, {1}, {0})"),
    ("ne", 2, "fiub", "jnp.where({0} != {1}, {0}, {1})"), ("isnan", 1, "f", "jnp.where(jnp.isnan({0}), 0, {0})"),
    ("isfin", 1, "f", "jnp.where(jnp.isfinite({0}), {0}, 1)"), ("copysign", 2, "f", "jnp.copysign({0}, {1})"),
    ("recip", 1, "f", "jnp.reciprocal({0})"), ("rsqrt", 1, "f", "jax.lax.rsqrt({0})"),
    ("popcnt", 1, "iu", "jax.lax.population_count({0})"), ("clz", 1, "iu", "jax.lax.clz({0})"),
    ("ipow", 2, "iu", "jnp.power({0}, {1} & 3)"),
]
TRANS = [
    ("exp", "jnp.exp({0})"), ("log", "jnp.log({0})"), ("tanh", "jnp.tanh({0})"), ("expm1", "jnp.expm1({0})"),
    ("log1p", "jnp.log1p({0})"), ("sin", "jnp.sin({0})"), ("cos", "jnp.cos({0})"),
    ("erf", "jax.scipy.special.erf({0})"), ("sigmoid", "jax.nn.sigmoid({0})"), ("atan", "jnp.arctan({0})"),
    ("pow", "jnp.power(jnp.abs({0}), 1.5)"), ("atan2", "jnp.arctan2({0}, 2.0)"), ("cbrt", "jnp.cbrt({0})"),
]


def cls(dt):
    return {"bool": "b", "uint8": "u", "uint32": "u"}.get(dt, "f" if dt.startswith("float") else "i")


def sub_shape(rng, shape):
    """A shape that broadcasts to `shape`."""
    k = rng.random()
    if k < 0.45 or not shape:
        return shape
    if k < 0.6:
        return ()
    if k < 0.8:
        return tuple(1 if rng.random() < 0.5 else d for d in shape)
    return shape[rng.randrange(len(shape)):]


def make_input(rng, nrng, dt, shape, special):
    if dt == "bool":
        return nrng.random(shape) < 0.5
    if dt in ("uint8", "uint32"):
        hi = 256 if dt == "uint8" else 1 << 32
        a = nrng.integers(0, 6, shape) if rng.random() < 0.5 else nrng.integers(0, hi, shape, dtype=np.uint64)
        return a.astype(dt)
    if dt in ("int32", "int64"):
        if rng.random() < 0.5:
            return nrng.integers(-6, 7, shape).astype(dt)
        info = np.iinfo(dt)
        return nrng.integers(info.min, info.max, shape, dtype=dt)
    a = (nrng.standard_normal(shape) * (4 if rng.random() < 0.5 else 1e3)).astype(dt)
    if rng.random() < 0.3:
        a = np.round(a).astype(dt)   # ties for round/floor_divide/rem
    if special and a.size:
        flat = a.reshape(-1)
        for _ in range(max(1, flat.size // 8)):
            flat[nrng.integers(0, flat.size)] = rng.choice([np.nan, np.inf, -np.inf, 0.0, -0.0])
    return a


def gen_graph(rng, gi, trans):
    shape = rng.choice(SHAPES)
    dt = rng.choice(["float32", "float64"] if trans else DTYPES)
    nin = rng.randint(1, 3)
    ins = []
    for k in range(nin):
        s = sub_shape(rng, shape) if k else shape
        d = dt if rng.random() < 0.8 else rng.choice(DTYPES)
        layout = rng.choice(["c", "c", "slice", "T"]) if len(s) >= 1 else "c"
        ins.append((d, s, layout))
    # values: (expr, dtype class, dtype)
    vals = [(f"a{k}", d) for k, (d, s, _) in enumerate(ins)]
    lines, outs = [], []
    nops = rng.randint(2, 7)
    used_trans = False
    for j in range(nops):
        if trans and (j == nops // 2 or (not used_trans and j == nops - 1)):
            name, ex = rng.choice(TRANS)
            src = rng.choice(vals)
            x = src[0] if cls(src[1]) == "f" else f"{src[0]}.astype(jnp.{dt})"
            lines.append(f"    v{j} = {ex.format(x)}")
            vals.append((f"v{j}", dt if cls(src[1]) != "f" else src[1]))
            used_trans = True
            continue
        name, ar, classes, ex = rng.choice(EXACT)
        if trans and name in ("sub", "fdiv", "rem", "floor", "ceil", "round", "sign", "copysign",
                              "eq", "ne", "lt", "where", "isnan", "isfin", "maximum", "minimum"):
            name, ar, classes, ex = ("mul", 2, "fiub", "{0} * {1}") if rng.random() < 0.5 else ("add", 2, "fiub", "{0} + {1}")
        target = rng.choice([v[1] for v in vals])
        if cls(target) not in classes:
            target = rng.choice([d for d in DTYPES if cls(d) in classes])
        ops = []
        for _ in range(ar):
            e, d = rng.choice(vals)
            ops.append(e if d == target else f"{e}.astype(jnp.{target})")
        lines.append(f"    v{j} = {ex.format(*ops)}")
        vals.append((f"v{j}", target))
        if rng.random() < 0.3:
            outs.append(f"v{j}")
    outs.append(f"v{nops - 1}")
    body = "\n".join(lines)
    args = ", ".join(f"a{k}" for k in range(nin))
    src = f"def g{gi}({args}):\n{body}\n    return ({', '.join(outs)},)\n"
    return src, ins


RSHAPES = [(7,), (4, 5), (2, 3, 4), (3, 1, 5), (1, 6), (33, 65), (5, 4, 3, 2), (300,), (1000,),
           (3, 0), (1, 1), (2, 700), (700, 3), (130, 9), (1, 130, 2), (70000,), (300, 230),
           (6, 5, 7), (3, 4, 130), (4, 50, 3), (2, 3, 4, 5), (3, 2, 1, 40), (9, 1, 11, 3),
           (130, 300), (2, 150, 140)]
REDS = {"sum": "jnp.sum({0}, axis={1})", "prod": "jnp.prod({0}, axis={1})",
        "max": "jnp.max({0}, axis={1})", "min": "jnp.min({0}, axis={1})", "mean": "jnp.mean({0}, axis={1})"}


def gen_red_graph(rng, gi, trans, tiled=False):
    """(source, inputs, output kinds) of a graph ending in reductions; inputs (dtype, stored
    shape, in-graph view) with views applied inside the jitted function."""
    shape = rng.choice(RSHAPES)
    if shape == (70000,) and rng.random() < 0.5:
        shape = (300, 230)
    if tiled:   # a transposed input, no reduction: the tiled walk
        # (256, 300), (512, 130): the transposed operand's stride a multiple of 1 KiB (16-column tiles)
        shape = rng.choice([(130, 300), (300, 230), (2, 150, 140), (5, 129), (256, 300), (512, 130)])
    dt = rng.choice(["float32", "float64"] if trans else DTYPES)
    nd = len(shape)
    nin = rng.randint(1, 3)
    ins, pre = [], []
    for k in range(nin):
        d = dt if rng.random() < 0.85 else rng.choice(DTYPES)
        view = rng.choice(["c", "T", "slice", "reshape", "rev", "bcast"]) if k or nd else "c"
        if tiled and k == 0:
            view = "T"
        if view == "bcast" and (k == 0 or nd < 2):
            view = "c"
        if view == "T":
            ins.append((d, tuple(reversed(shape)), "c"))
            pre.append(f"    a{k} = jnp.transpose(a{k})")
        elif view == "slice" and nd:
            ins.append((d, shape[:-1] + (2 * shape[-1] + 1,), "c"))
            pre.append(f"    a{k} = a{k}[..., 1::2]")
        elif view == "reshape":
            n = int(np.prod(shape))
            ins.append((d, (n,), "c"))
            pre.append(f"    a{k} = jnp.reshape(a{k}, {shape!r})")
        elif view == "rev" and nd:
            ins.append((d, shape, "c"))
            pre.append(f"    a{k} = a{k}[::-1]")
        elif view == "bcast":
            ins.append((d, shape[1:], "c"))
            pre.append(f"    a{k} = jnp.broadcast_to(a{k}[None], {shape!r})")
        else:
            ins.append((d, shape, "c"))
    vals = [(f"a{k}", d) for k, (d, s, _) in enumerate(ins)]
    lines = list(pre)
    nops = rng.randint(1, 4)
    for j in range(nops):
        if trans and j == nops - 1:
            name, ex = rng.choice(TRANS)
            src = rng.choice(vals)
            x = src[0] if cls(src[1]) == "f" else f"{src[0]}.astype(jnp.{dt})"
            lines.append(f"    v{j} = {ex.format(x)}")
            vals.append((f"v{j}", dt if cls(src[1]) != "f" else src[1]))
            continue
        name, ar, classes, ex = rng.choice(EXACT)
        if trans and name not in ("add", "mul", "neg", "abs", "square"):
            name, ar, classes, ex = ("add", 2, "fiub", "{0} + {1}")
        target = dt if cls(dt) in classes else rng.choice([d for d in DTYPES if cls(d) in classes])
        ops = []
        for _ in range(ar):
            e, d = rng.choice(vals)
            ops.append(e if d == target else f"{e}.astype(jnp.{target})")
        lines.append(f"    v{j} = {ex.format(*ops)}")
        vals.append((f"v{j}", target))
    last, ldt = vals[-1]
    if nd and rng.random() < 0.8:
        axes = tuple(d for d in range(nd) if rng.random() < 0.5) or (rng.randrange(nd),)
    else:
        axes = None
    n_red = int(np.prod([shape[a] for a in (axes if axes is not None else range(nd))]))
    if trans:
        kinds = rng.sample(["sum", "max", "min"], rng.randint(1, 2))
        operand = {"sum": f"jnp.abs({last})"}
    else:
        kinds = rng.sample(["sum", "prod", "max", "min"] + (["mean"] if cls(ldt) == "f" else []),
                           rng.randint(1, 3))
        if cls(ldt) == "b":
            kinds = [k for k in kinds if k in ("max", "min")] or ["max"]
        operand = {}
    if n_red == 0:   # max/min of nothing raise, in JAX too
        kinds = [k for k in kinds if k not in ("max", "min")] or (["sum"] if cls(ldt) != "b" else [])
    if tiled or rng.random() < 0.2:   # no reduction: transposed reads walked in tiles (cgen_trans.c)
        kinds = []
        operand = {}
    outs, okinds = [], []
    if not kinds and (tiled or rng.random() < 0.5):
        outs.append(last)
        okinds.append("trans" if trans else "exact")
    elif not kinds:
        outs.append(f"jnp.sum({last}.astype(jnp.int32), axis={axes})")
        okinds.append("exact")
    for kname in kinds:
        outs.append(REDS[kname].format(operand.get(kname, last), axes))
        okinds.append("trans" if trans else ("maxmin" if kname in ("max", "min") and cls(ldt) == "f" else "exact"))
    if rng.random() < 0.25:
        outs.append(last)
        okinds.append("trans" if trans else "exact")
    if not trans and cls(vals[0][1]) == "f" and rng.random() < 0.3:
        # a float sum of the input view itself, next to the computed chain's reduction
        outs.append(f"jnp.sum(a0, axis={axes})")
        okinds.append(f"bound:{n_red}")
        outs.append(f"jnp.sum(jnp.abs(a0).astype(jnp.float64), axis={axes})")
        okinds.append("scale")
    body = "\n".join(lines + [f"    r{k} = {o}" for k, o in enumerate(outs)])
    args = ", ".join(f"a{k}" for k in range(nin))
    src = f"def g{gi}({args}):\n{body}\n    return ({', '.join(f'r{k}' for k in range(len(outs)))},)\n"
    return src, ins, okinds


PRELUDE = program_head("import jax.scipy.special\n")


def close(a, b, exact, dt, kind=None, scale=None):
    if a.shape != b.shape or a.dtype != b.dtype:
        return f"shape/dtype {a.shape}{a.dtype} vs {b.shape}{b.dtype}"
    if a.dtype.kind != "f":
        bad = a != b
    elif kind == "maxmin":
        bad = ~((a == b) | (np.isnan(a) & np.isnan(b)))
    elif kind and kind.startswith("bound:"):
        n = int(kind[6:])
        u = 2.0 ** -24 if a.dtype == np.float32 else 2.0 ** -53
        with np.errstate(all="ignore"):
            lim = 2 * max(n - 1, 0) * u * scale.astype(np.float64)
            d = np.abs(a.astype(np.float64) - b.astype(np.float64))
            ok = (a == b) | (np.isnan(a) & np.isnan(b)) | ~np.isfinite(scale) | (d <= lim)
        bad = ~ok
    else:
        na, nb = np.isnan(a), np.isnan(b)
        if exact:
            it = np.uint32 if a.dtype == np.float32 else np.uint64
            bad = ~((np.atleast_1d(a).view(it) == np.atleast_1d(b).view(it)).reshape(a.shape) | (na & nb))
        else:
            tol = libm_tol(a.dtype)
            with np.errstate(all="ignore"):
                fin = np.isfinite(b)
                scale = np.max(np.abs(b[fin])) if fin.any() else 0.0
                ok = (na & nb) | (a == b) | (np.abs(a - b) <= tol * np.maximum(np.abs(b), 1e-3 * scale))
            bad = ~ok
    if bad.any():
        i = np.argwhere(bad)[0]
        return f"{bad.sum()} of {a.size} differ, first at {tuple(i)}: {a[tuple(i)]!r} vs eager {b[tuple(i)]!r}"
    return None


def main():
    rng = random.Random(1234)
    nrng = np.random.default_rng(1234)
    tmp = tempfile.mkdtemp(prefix="cgen_diff_")
    results = []
    try:
        prog = [PRELUDE]
        meta = []
        for gi in range(NGRAPHS):
            trans = gi % 3 == 2
            src, ins = gen_graph(rng, gi, trans)
            names = []
            for k, (d, s, layout) in enumerate(ins):
                a = make_input(rng, nrng, d, s, rng.random() < 0.5)
                if layout == "slice":
                    big = np.repeat(a, 2, axis=-1) if a.ndim else a
                    if a.ndim:
                        big = big.copy()
                        big[..., 1::2] = make_input(rng, nrng, d, s, False)
                    a = big
                elif layout == "T":
                    a = np.ascontiguousarray(np.transpose(a))
                np.save(f"{tmp}/in_{gi}_{k}.npy", a)
                names.append((f"in_{gi}_{k}.npy", layout))
            prog.append(src)
            prog.append(f"run({gi}, g{gi}, {names!r})\n")
            meta.append((gi, trans, src, None))
        for ri in range(NRED):
            gi = NGRAPHS + ri
            trans = ri % 4 == 3
            src, ins, kinds = gen_red_graph(rng, gi, trans, ri % 10 == 1)
            names = []
            for k, (d, s, layout) in enumerate(ins):
                a = make_input(rng, nrng, d, s, rng.random() < 0.5)
                if d in ("float32", "float64") and rng.random() < 0.3:
                    a = np.abs(a)   # no cancellation: products and sums of one sign
                np.save(f"{tmp}/in_{gi}_{k}.npy", a)
                names.append((f"in_{gi}_{k}.npy", layout))
            prog.append(src)
            prog.append(f"run({gi}, g{gi}, {names!r})\n")
            meta.append((gi, trans, src, kinds))
        path = os.path.join(tmp, "prog.py")
        with open(path, "w") as f:
            f.write("\n".join(prog))
        cache = os.path.join(tmp, "cache")
        base = dict(os.environ, XDG_CACHE_HOME=cache)
        modes = []
        for tag, extra in (("e", {"SABLE_NO_FUSE": "1"}),
                           ("c", {"SABLE_CGEN_MIN_SIZE": "0", "SABLE_CGEN_LOG": "1", "SABLE_CGEN_SYNC": "1"}),
                           ("d", {"SABLE_CGEN_MIN_SIZE": "0", "SABLE_CGEN_LOG": "1", "SABLE_CGEN_SYNC": "1"}),
                           ("t", {"SABLE_CGEN_MIN_SIZE": "0", "SABLE_CGEN_LOG": "1", "SABLE_NO_CGEN": "1"})):
            env = dict(base, **extra)
            for k in ("SABLE_NO_CGEN", "SABLE_NO_FUSE", "SABLE_CGEN_SYNC"):
                if k not in extra:
                    env.pop(k, None)
            modes.append((tag, env))
        runs, failed = run_modes(SABLE, path, tmp, modes, 600)
        if failed:
            results.append(failed)
            return results
        log = runs["c"].stderr.decode(errors="replace")
        compiled = len(re.findall(r"^cgen: .*: (compiled|disk cache|memory cache) in", log, re.M))
        failed = len(re.findall(r"FAILED", log))
        results.append(("FAIL" if failed or compiled < (NGRAPHS + NRED) // 2 else "PASS", "generated",
                        f"{compiled} graphs compiled, {failed} failed to compile"))
        log2 = runs["d"].stderr.decode(errors="replace")
        fresh = len(re.findall(r": compiled in", log2))
        results.append(("FAIL" if fresh else "PASS", "disk_cache",
                        f"{fresh} graphs recompiled by a second process"))
        tiled = len(re.findall(r"tiled fallback", runs["t"].stderr.decode(errors="replace")))
        results.append(("FAIL" if tiled < NGRAPHS // 2 else "PASS", "tiled_planned",
                        f"{tiled} graphs planned tiled"))
        for gi, trans, src, kinds in meta:
            k, problems = 0, []
            while os.path.exists(f"{tmp}/oute_{gi}_{k}.npy"):
                a = np.load(f"{tmp}/outt_{gi}_{k}.npy")
                b = np.load(f"{tmp}/oute_{gi}_{k}.npy")
                why = close(a, b, True, a.dtype)
                if why:
                    problems.append(f"output {k}: {why}")
                k += 1
            results.append(("FAIL" if problems else "PASS", f"graph{gi}_tiled",
                            "; ".join(problems) + (" in\n" + src if problems else "")))
        for gi, trans, src, kinds in meta:
            k, problems = 0, []
            while os.path.exists(f"{tmp}/oute_{gi}_{k}.npy"):
                a = np.load(f"{tmp}/outc_{gi}_{k}.npy")
                b = np.load(f"{tmp}/oute_{gi}_{k}.npy")
                kind = kinds[k] if kinds else None
                if kind == "scale":
                    k += 1
                    continue
                scale = np.load(f"{tmp}/oute_{gi}_{k + 1}.npy") if kind and kind.startswith("bound") else None
                why = close(a, b, not trans, a.dtype, kind, scale)
                if why:
                    problems.append(f"output {k}: {why}")
                k += 1
            if k == 0:
                problems.append("no outputs")
            name = f"{'red' if kinds else 'graph'}{gi}_{'trans' if trans else 'exact'}"
            results.append(("FAIL" if problems else "PASS", name,
                            "; ".join(problems) + (" in\n" + src if problems else "")))
    finally:
        drop_tmp(tmp, "CGEN_DIFF_KEEP")
    return results


if __name__ == "__main__":
    sys.exit(report(main(), ("generated", "disk_cache", "tiled_planned")))
