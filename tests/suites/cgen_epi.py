#!/usr/bin/env python3
"""Matrix products fused with their epilogue (engine/cgen/cgen_epi.c, cpu_dot_epi) against the
eager graph runner (SABLE_NO_CGEN=1): dot_general (plain, transposed operands, contracting dim
0 as in a weight gradient, transpose of a product, batch dims, matrix @ vector) followed by
bias + relu, tanh, gelu, the relu-derivative select, scaling, the SGD update w - lr * g, or
nothing, over float32/float64 and random shapes (1 row, 0 rows, K = 0, 1 column, products big
enough to be cut into row blocks, or column blocks when M < N), with contiguous, strided and
transposed operands.
Oracles: with one thread, and for every product small enough that OpenBLAS runs it as one
single-threaded call (M*N*K <= 262144, or fewer than 32 rows), the fused result must be
bit-equal (the same GEMM call, the same epilogue arithmetic; transcendental epilogues: within
2^-15 / 2^-40 relative, libmvec vs libm, as cgen_diff.py). Products cut into row or column blocks run
one single-threaded GEMM per block (oneDNN's sgemm for wide enough float32 blocks), which sums K
in other blocks or order than OpenBLAS's threaded driver: there each element must be within L * 2 K u (|A| @ |B|) + 4 u |ref| of the eager
value (u the unit roundoff, L the epilogue's Lipschitz bound), computed here with NumPy.
Also checks from SABLE_CGEN_LOG that every product was fused (or, with nothing after it or
before a transpose it folds, run on its own; a small product before a transpose stays eager). Env: SABLE, SABLE_ROOT."""
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

# (name, operand shapes from (B, M, K, N), dot expression over module X, output shape)
DOTS = [
    ("mm", lambda B, M, K, N: [(M, K), (K, N)], "X.dot(a, b)", lambda B, M, K, N: (M, N)),
    ("mm_bT", lambda B, M, K, N: [(M, K), (N, K)], "X.dot(a, b.T)", lambda B, M, K, N: (M, N)),
    ("grad_w", lambda B, M, K, N: [(K, M), (K, N)], "X.dot(a.T, b)", lambda B, M, K, N: (M, N)),
    ("swapT", lambda B, M, K, N: [(K, N), (K, M)], "X.transpose(X.dot(a.T, b))", lambda B, M, K, N: (M, N)),
    ("batch", lambda B, M, K, N: [(B, M, K), (B, K, N)], "X.einsum('bij,bjk->bik', a, b)",
     lambda B, M, K, N: (B, M, N)),
    ("matvec", lambda B, M, K, N: [(M, K), (K,)], "X.matmul(a, b)", lambda B, M, K, N: (M,)),
]
# (name, expression of the product d and c (bias, last dim), w (output shape), m (mask),
#  Lipschitz bound, transcendental)
EPIS = [
    ("bias_relu", "X.maximum(d + c, 0.0)", 1.0, False),
    ("scale", "d * 3.0", 3.0, False),
    ("relu_grad", "X.where(m, d, 0.0)", 1.0, False),
    ("sgd", "w - 0.01 * d", 0.01, False),
    ("bias", "d + c", 1.0, False),
    ("tanh", "X.tanh(d + c)", 1.0, True),
    ("gelu", "0.5 * d * (1.0 + X.tanh(0.7978845608028654 * (d + 0.044715 * d * d * d)))", 1.5, True),
    ("lone", "d", 1.0, False),
]
SHAPES = [(1, 1, 7, 5), (1, 0, 4, 6), (1, 5, 0, 3), (1, 33, 65, 17), (1, 128, 300, 200),
          (1, 64, 512, 96), (1, 1, 600, 700), (1, 200, 1, 300), (1, 300, 40, 50), (3, 40, 50, 60),
          (4, 64, 100, 80), (1, 130, 70, 110), (1, 37, 129, 1),
          # column blocks (M < N), a last block narrower than 16 columns; oneDNN's sgemm on blocks
          # of >= 64 columns and K >= 64, OpenBLAS on narrower or shallower ones
          (1, 40, 90, 1001), (1, 100, 257, 130), (1, 48, 40, 700)]
LAYOUTS = ["c", "c", "slice", "T"]

PRELUDE = program_head("X = jnp\n")


def blocks(B, M, K, N, threads):
    return threads > 1 and M * N * K > 262144 and B * M >= 32


def split(shape_bmkn, dot, threads):
    """Does cpu_dot_epi cut the product (for swapT: before its transpose) into row or column
    blocks (cpu_dot_blocks)?"""
    B, M, K, N = shape_bmkn
    if dot == "matvec":
        N = 1
    if dot == "swapT":
        M, N = N, M
    if dot != "batch":
        B = 1
    return blocks(B, M, K, N, threads)


def swapped(shape_bmkn, dot, threads):
    """transpose(dot(a, b)) computed as dot(b, a): where both are cut into row blocks"""
    B, M, K, N = shape_bmkn
    return dot == "swapT" and blocks(1, M, K, N, threads) and blocks(1, N, K, M, threads)


def make_cases(rng):
    cases = []
    for si, shp in enumerate(SHAPES):
        for di, (dname, shapes_of, dex, out_of) in enumerate(DOTS):
            if (dname == "batch") != (shp[0] > 1) and not (dname == "batch" and si % 4 == 0):
                continue
            epi = EPIS[(si * 7 + di * 3) % len(EPIS)]
            dt = "float64" if (si + di) % 5 == 0 else "float32"
            cases.append((shp, dname, shapes_of(*shp), dex, out_of(*shp), epi, dt))
            if shp[1] >= 64:   # the big ones get a second epilogue
                epi2 = EPIS[(si * 5 + di + 3) % len(EPIS)]
                if epi2 != epi:
                    cases.append((shp, dname, shapes_of(*shp), dex, out_of(*shp), epi2, dt))
    return cases


def main():
    rng = random.Random(4321)
    nrng = np.random.default_rng(4321)
    tmp = tempfile.mkdtemp(prefix="cgen_epi_")
    results = []
    try:
        cases = make_cases(rng)
        prog, meta = [PRELUDE], []
        for gi, (shp, dname, opshapes, dex, oshape, epi, dt) in enumerate(cases):
            ename, eex, L, trans = epi
            vals, names = [], []
            extra = [(oshape[-1:] if oshape else ()), oshape, oshape]   # c, w, m
            for k, s in enumerate(list(opshapes) + extra):
                if k == 4:
                    a = nrng.random(s) < 0.5
                else:
                    a = nrng.standard_normal(s).astype(dt)
                vals.append(a)
                layout = rng.choice(LAYOUTS) if k < 2 and len(s) >= 1 else "c"
                stored = a
                if layout == "slice":
                    stored = np.repeat(a, 2, axis=-1).copy()
                    stored[..., 1::2] = -7.0
                elif layout == "T":
                    stored = np.ascontiguousarray(np.transpose(a))
                np.save(f"{tmp}/in_{gi}_{k}.npy", stored)
                names.append((f"in_{gi}_{k}.npy", layout))
            body = f"    d = {dex}\n"
            outs = [eex]
            if ename == "lone":
                outs.append("X.sin(w) + 1.0")   # a kernel elsewhere, so that the graph has a plan
            src = (f"def g{gi}(a, b, c, w, m):\n{body}    return ({', '.join(outs)},)\n")
            prog.append(src)
            prog.append(f"run({gi}, g{gi}, {names!r})\n")
            meta.append((gi, shp, dname, dex, ename, L, trans, dt, vals, src))
        path = os.path.join(tmp, "prog.py")
        with open(path, "w") as f:
            f.write("\n".join(prog))
        base = dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache"))
        base.pop("SABLE_NO_CGEN", None)
        base.pop("SABLE_CGEN_EPI", None)
        modes = [(tag, dict(base, **extra)) for tag, extra in (
            ("e", {"SABLE_NO_CGEN": "1", "SABLE_NUM_THREADS": "2"}),
            ("c", {"SABLE_CGEN_LOG": "1", "SABLE_NUM_THREADS": "2", "SABLE_CGEN_MIN_SIZE": "0"}),
            ("f", {"SABLE_NO_CGEN": "1", "SABLE_NUM_THREADS": "1"}),
            ("o", {"SABLE_NUM_THREADS": "1", "SABLE_CGEN_MIN_SIZE": "0"}))]
        runs, failed = run_modes(SABLE, path, tmp, modes, 900)
        if failed:
            results.append(failed)
            return results
        log = runs["c"].stderr.decode(errors="replace")
        got = {int(gi): (int(f), int(n)) for gi, f, n in re.findall(
            r"^cgen-epi: jit_g(\d+): (\d+) matrix products? fused with an epilogue, (\d+) on", log, re.M)}
        missed = [f"g{gi}" for gi, shp, dname, dex, ename, *_ in meta
                  if np.prod(DOTS[[d[0] for d in DOTS].index(dname)][3](*shp)) > 0
                  and not (dname == "swapT" and not swapped(shp, dname, 2))   # dot, transpose
                  and got.get(gi, (0, 0))[1 if ename == "lone" else 0] < 1]
        fused = sum(f for f, n in got.values())
        lone = sum(n for f, n in got.values())
        results.append(("FAIL" if missed else "PASS", "fused",
                        f"{fused} products fused with an epilogue, {lone} run on their own, {len(cases)} graphs"
                        + (f"; not fused: {' '.join(missed)}" if missed else "")))
        for gi, shp, dname, dex, ename, L, trans, dt, vals, src in meta:
            problems = []
            a, b, c, w, m = vals
            u = 2.0 ** -24 if dt == "float32" else 2.0 ** -53
            ttol = libm_tol(dt)
            X = np
            S = eval(dex, {"X": np, "a": np.abs(a).astype(np.float64), "b": np.abs(b).astype(np.float64)})
            K = shp[2]
            for pair, threads in ((("c", "e"), 2), (("o", "f"), 1)):
                exact = not split(shp, dname, threads)
                k = 0
                while os.path.exists(f"{tmp}/out{pair[1]}_{gi}_{k}.npy"):
                    x = np.load(f"{tmp}/out{pair[0]}_{gi}_{k}.npy")
                    ref = np.load(f"{tmp}/out{pair[1]}_{gi}_{k}.npy")
                    if x.shape != ref.shape or x.dtype != ref.dtype:
                        problems.append(f"{pair[0]} output {k}: {x.shape}{x.dtype} vs {ref.shape}{ref.dtype}")
                        k += 1
                        continue
                    r64 = ref.astype(np.float64)
                    diff = np.abs(x.astype(np.float64) - r64)
                    same = (x == ref) | (np.isnan(x) & np.isnan(ref))
                    if k == 0:
                        tol = np.zeros_like(r64)
                        if not exact:
                            tol = L * 2 * K * u * np.broadcast_to(S, r64.shape) + 4 * u * np.abs(r64)
                        if trans:
                            scale = np.max(np.abs(r64)) if r64.size else 0.0
                            tol = tol + ttol * np.maximum(np.abs(r64), 1e-3 * scale)
                    else:   # the other kernel's output (lone case): elementwise, exact or libmvec
                        scale = np.max(np.abs(r64)) if r64.size else 0.0
                        tol = ttol * np.maximum(np.abs(r64), 1e-3 * scale)
                    bad = ~(same | (diff <= tol))
                    if bad.any():
                        i = tuple(np.argwhere(bad)[0])
                        problems.append(f"threads={threads} output {k}: {bad.sum()} of {x.size} differ "
                                        f"({'exact' if exact and not trans else 'bounded'}), first at {i}: "
                                        f"{x[i]!r} vs eager {ref[i]!r} (tol {tol[i]:.3g})")
                    k += 1
                if k == 0:
                    problems.append(f"threads={threads}: no outputs")
            name = f"{dname}_{ename}_{dt}_{'x'.join(map(str, shp))}"
            results.append(("FAIL" if problems else "PASS", f"g{gi}_{name}",
                            "; ".join(problems) + (" in\n" + src if problems else "")))
    finally:
        drop_tmp(tmp, "CGEN_EPI_KEEP")
    return results


if __name__ == "__main__":
    sys.exit(report(main(), ("fused",)))
