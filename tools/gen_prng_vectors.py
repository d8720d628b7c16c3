#!/usr/bin/env python3
"""Computes jax.random test vectors with real JAX and writes tests/unit/prng_vectors.h.

Run with a Python that has JAX's CPU wheel (kept outside the repo), e.g.
    /usr/bin/python3 -m venv /tmp/jaxenv && /tmp/jaxenv/bin/pip install jax
    /tmp/jaxenv/bin/python tools/gen_prng_vectors.py [out.h]
Each of the four (jax_threefry_partitionable, jax_enable_x64) settings is computed in its own
subprocess, so no config flag is ever flipped inside a running JAX.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "..", "tests", "unit", "prng_vectors.h")

# Raw keys used as jax.random keys: PRNGKey(0), PRNGKey(42), PRNGKey(1701) and an arbitrary one.
KEYS = [(0, 0), (0, 42), (0, 1701), (0x12345678, 0x9ABCDEF0)]


# ----------------------------------------------------------------- worker (inside one config)

def worker(part, x64):
    import numpy as np
    import jax
    jax.config.update("jax_threefry_partitionable", bool(part))
    jax.config.update("jax_enable_x64", bool(x64))
    import jax.numpy as jnp
    from jax import lax, random

    recs = []
    fdt = "f64" if x64 else "f32"
    npf = np.float64 if x64 else np.float32
    ubits = np.uint64 if x64 else np.uint32

    def K(k):
        return jnp.array(k, dtype=jnp.uint32)

    def fbits(a):
        a = np.asarray(a)
        if a.dtype == np.float32:
            return [int(v) for v in a.reshape(-1).view(np.uint32)]
        assert a.dtype == np.float64, a.dtype
        return [int(v) for v in a.reshape(-1).view(np.uint64)]

    def ints(a):
        return [int(v) for v in np.asarray(a).reshape(-1)]

    def add(op, name, **kw):
        kw.update(op=op, name=f"{name} [{'part' if part else 'legacy'}{', x64' if x64 else ''}]",
                  part=part, x64=x64)
        recs.append(kw)

    # seeds (PRNGKey does not depend on the layout; computed once per x64 setting)
    if part:
        seeds = [0, 1, 42, 1701, -1, 2**31 - 1, -2**31, 123456789]
        if x64:
            seeds += [2**40 + 7, -2**40, 2**63 - 1, -2**63, 2**32, 0x123456789ABCDEF]
        else:
            seeds += [2**40 + 7, 2**32 + 5, -2**40 - 3]  # wrap to int32 before hashing
        for s in seeds:
            add("seed", f"PRNGKey({s})", seed=s, want=ints(random.PRNGKey(s)))

    for k in KEYS:
        for n in (1, 2, 3, 5):
            add("split", f"split({list(k)}, {n})", key=list(k), n=n,
                want=ints(random.split(K(k), n)))
        for d in (0, 1, 4, 12345, 2**32 - 1):
            add("fold_in", f"fold_in({list(k)}, {d})", key=list(k), data=d,
                want=ints(random.fold_in(K(k), np.uint32(d))))

    widths = [8, 16, 32] + ([64] if x64 else [])
    for k in KEYS[:3]:
        for w in widths:
            for shape in [(), (1,), (3,), (2, 3), (5,), (7,)]:
                n = int(np.prod(shape))
                b = random.bits(K(k), shape, dtype=getattr(jnp, f"uint{w}"))
                add("bits", f"bits({list(k)}, {shape}, uint{w})", key=list(k), width=w, n=n,
                    want=ints(b))

    def fcase(op, name, key, dt, n, out, a=None, b=None):
        add(op, name, key=list(key), dtype=dt, n=n, a=a or [], b=b or [], want=fbits(out)
            if op != "bernoulli" else ints(out))

    def fb(vals, dt):
        return fbits(np.asarray(vals, dtype=np.float64 if dt == "f64" else np.float32))

    dts = ["f32"] + (["f64"] if x64 else [])
    for dt in dts:
        jdt = jnp.float64 if dt == "f64" else jnp.float32
        for k in KEYS:
            for shape in [(), (3,), (2, 3), (7,)]:
                n = int(np.prod(shape))
                fcase("uniform", f"uniform({list(k)}, {shape}, {dt})", k, dt, n,
                      random.uniform(K(k), shape, jdt), fb([0.0], dt), fb([1.0], dt))
            for lo, hi in [(-2.0, 5.0), (1e-3, 1e3), (5.0, -5.0), (-1e-30, 1e-30), (3.0, 3.0)]:
                fcase("uniform", f"uniform({list(k)}, (5,), {dt}, {lo}, {hi})", k, dt, 5,
                      random.uniform(K(k), (5,), jdt, lo, hi), fb([lo], dt), fb([hi], dt))
            lo = np.array([0.0, 1.0, -2.0, 100.0], np.float64 if dt == "f64" else np.float32)
            fcase("uniform", f"uniform({list(k)}, (4,), {dt}, [0,1,-2,100], 200)", k, dt, 4,
                  random.uniform(K(k), (4,), jdt, lo, 200.0), fb(lo, dt), fb([200.0], dt))
            for shape in [(), (3,), (2, 3), (7,)]:
                n = int(np.prod(shape))
                fcase("normal", f"normal({list(k)}, {shape}, {dt})", k, dt, n,
                      random.normal(K(k), shape, jdt))
            for lo, hi in [(-1.0, 2.0), (-2.0, -1.0), (0.5, 3.0), (-np.inf, np.inf),
                           (-5.0, 5.0), (2.5, 4.0)]:
                fcase("truncnorm", f"truncated_normal({list(k)}, {lo}, {hi}, (6,), {dt})", k,
                      dt, 6, random.truncated_normal(K(k), lo, hi, (6,), jdt),
                      fb([lo], dt), fb([hi], dt))
            lo = np.array([-1.0, -2.0, 0.0], np.float64 if dt == "f64" else np.float32)
            hi = np.array([1.0, 0.0, 3.0], np.float64 if dt == "f64" else np.float32)
            fcase("truncnorm", f"truncated_normal({list(k)}, [-1,-2,0], [1,0,3], {dt})", k, dt,
                  3, random.truncated_normal(K(k), lo, hi, None, jdt), fb(lo, dt), fb(hi, dt))
            for p, shape in [(0.5, (3,)), (0.3, (10,)), (0.999, (4,))]:
                pa = np.asarray(p, np.float64 if dt == "f64" else np.float32)
                fcase("bernoulli", f"bernoulli({list(k)}, {p}, {shape}, {dt})", k, dt,
                      int(np.prod(shape)), random.bernoulli(K(k), pa, shape), fb([p], dt))
            pa = np.array([0.1, 0.9, 0.5, 0.0, 1.0], np.float64 if dt == "f64" else np.float32)
            fcase("bernoulli", f"bernoulli({list(k)}, [.1,.9,.5,0,1], {dt})", k, dt, 5,
                  random.bernoulli(K(k), pa), fb(pa, dt))
            fcase("gumbel", f"gumbel({list(k)}, (7,), {dt})", k, dt, 7,
                  random.gumbel(K(k), (7,), jdt))
            fcase("exponential", f"exponential({list(k)}, (7,), {dt})", k, dt, 7,
                  random.exponential(K(k), (7,), jdt))
        # larger draws: a statistically meaningful count of erfinv / log evaluations
        fcase("normal", f"normal({list(KEYS[3])}, (1000,), {dt})", KEYS[3], dt, 1000,
              random.normal(K(KEYS[3]), (1000,), jdt))
        fcase("truncnorm", f"truncated_normal({list(KEYS[3])}, -3, 1.5, (300,), {dt})", KEYS[3],
              dt, 300, random.truncated_normal(K(KEYS[3]), -3.0, 1.5, (300,), jdt),
              fb([-3.0], dt), fb([1.5], dt))
        fcase("gumbel", f"gumbel({list(KEYS[3])}, (300,), {dt})", KEYS[3], dt, 300,
              random.gumbel(K(KEYS[3]), (300,), jdt))
        fcase("exponential", f"exponential({list(KEYS[3])}, (300,), {dt})", KEYS[3], dt, 300,
              random.exponential(K(KEYS[3]), (300,), jdt))

    # randint: bounds as the arrays JAX holds (dtype of jnp.asarray under this x64 setting)
    rcases = [("int32", 0, 10), ("int32", -5, 5), ("int32", -2**31, 2**31 - 1),
              ("int32", 0, 2**31 - 1), ("int32", 3, 3), ("int32", 5, 2), ("int32", 0, 1),
              ("int32", -100, 1000000), ("int32", 0, 65536), ("int32", 0, 65537),
              ("uint8", 0, 256), ("uint8", 10, 20), ("uint8", -5, 300), ("int8", -128, 128),
              ("int16", -1000, 1000), ("uint16", 0, 70000)]
    if x64:
        rcases += [("int64", 0, 10), ("int64", -2**63, 2**63 - 1), ("int64", -10**12, 10**12),
                   ("int64", 0, 2**40), ("int64", 7, 7), ("int32", -2**40, 2**40),
                   ("uint32", 0, 2**32), ("uint32", 5, 2**32 + 9), ("uint32", 0, 2**32 - 1),
                   ("int32", 2**40, 2**41), ("uint8", 0, 2**40 + 5)]
    else:
        rcases += [("uint32", np.uint32(0), np.uint32(2**32 - 1)),
                   ("uint32", np.uint32(7), np.uint32(3_000_000_000))]
    for k in KEYS:
        for dt, lo, hi in rcases:
            for shape in [(5,), (2, 3)] if dt == "int32" and lo == 0 and hi == 10 else [(5,)]:
                out = random.randint(K(k), shape, lo, hi, dtype=getattr(jnp, dt))
                add("randint", f"randint({list(k)}, {shape}, {int(lo)}, {int(hi)}, {dt})",
                    key=list(k), dtype=dt, n=int(np.prod(shape)), lo=[int(lo)], hi=[int(hi)],
                    want=ints(out))
        lo = np.array([0, -10, 100], np.int32)
        hi = np.array([5, 10, 1000], np.int32)
        add("randint", f"randint({list(k)}, (3,), [0,-10,100], [5,10,1000], int32)",
            key=list(k), dtype="int32", n=3, lo=ints(lo), hi=ints(hi),
            want=ints(random.randint(K(k), (3,), lo, hi, dtype=jnp.int32)))

    for k in KEYS:
        for n in (0, 1, 2, 10, 100):
            add("shuffle", f"permutation({list(k)}, {n})", key=list(k), mode=0, outer=1, len=n,
                inner=1, want=ints(random.permutation(K(k), n)))
        x = jnp.arange(24).reshape(2, 3, 4)
        for axis in (0, 1, 2):
            outer = int(np.prod(x.shape[:axis]))
            inner = int(np.prod(x.shape[axis + 1:]))
            add("shuffle", f"permutation({list(k)}, arange(24).reshape(2,3,4), axis={axis}, "
                "independent=True)", key=list(k), mode=1, outer=outer, len=x.shape[axis],
                inner=inner, want=ints(random.permutation(K(k), x, axis, independent=True)))
            add("shuffle", f"permutation({list(k)}, arange(24).reshape(2,3,4), axis={axis})",
                key=list(k), mode=2, outer=outer, len=x.shape[axis], inner=inner,
                want=ints(random.permutation(K(k), x, axis)))
    for n in (2000,) if x64 else (2000, 5000):  # two shuffle rounds; 5000: the radix sort
        add("shuffle", f"permutation({list(KEYS[1])}, {n})", key=list(KEYS[1]), mode=0, outer=1,
            len=n, inner=1, want=ints(random.permutation(K(KEYS[1]), n)))

    rng = np.random.default_rng(7)
    p40 = rng.uniform(0.0, 1.0, 40)
    p40[3] = 0.0
    p300 = rng.uniform(0.0, 1.0, 300)
    for k in KEYS:
        for n_in, shape, replace, p in [(10, (5,), True, None), (10, (5,), False, None),
                                        (3, (), True, None), (100, (100,), False, None),
                                        (5, (8,), True, [0.1, 0.2, 0.3, 0.15, 0.25]),
                                        (5, (3,), False, [0.1, 0.2, 0.3, 0.15, 0.25]),
                                        (4, (2, 3), True, [1, 0, 2, 5]),
                                        (40, (12,), True, list(p40)),
                                        (40, (12,), False, list(p40)),
                                        (300, (20,), True, list(p300))]:
            pa = None if p is None else np.asarray(p, npf)
            out = random.choice(K(k), n_in, shape, replace, pa)
            add("choice", f"choice({list(k)}, {n_in}, {shape}, replace={replace}"
                f"{'' if p is None else ', p'})", key=list(k), n_inputs=n_in,
                n_draws=int(np.prod(shape)), replace=int(replace),
                p=None if p is None else fbits(pa), p_dtype=fdt, want=ints(out))

    for k in KEYS:
        for dt in dts:
            ndt = np.float64 if dt == "f64" else np.float32
            l1 = np.array([0.1, -1.0, 2.0, 0.5, 0.0], ndt)
            l2 = np.array(rng.normal(size=(3, 4)), ndt)
            l3 = np.array(rng.normal(size=(2, 5)), ndt)
            # (name, logits, axis, shape, replace, outer, k, inner, draws, logits as given to C)
            cases = [
                ("[5]", l1, -1, None, True, 1, 5, 1, 0, l1),
                ("[5], shape=(6,)", l1, -1, (6,), True, 6, 5, 1, 0, np.broadcast_to(l1, (6, 5))),
                ("[3,4], axis=-1", l2, -1, None, True, 3, 4, 1, 0, l2),
                ("[3,4], axis=0", l2, 0, None, True, 1, 3, 4, 0, l2),
                ("[3,4], axis=-1, shape=(2,3)", l2, -1, (2, 3), True, 6, 4, 1, 0,
                 np.broadcast_to(l2, (2, 3, 4))),
                ("[5], shape=(3,), replace=False", l1, -1, (3,), False, 1, 5, 1, 3, l1),
                ("[2,5], shape=(3,2), replace=False", l3, -1, (3, 2), False, 2, 5, 1, 3, l3),
                ("[2,5], axis=0, shape=(2,5), replace=False", l3, 0, (2, 5), False, 1, 2, 5, 2,
                 l3),
            ]
            for nm, lg, axis, shape, replace, outer, kk, inner, draws, lgc in cases:
                out = random.categorical(K(k), lg, axis=axis, shape=shape, replace=replace)
                add("categorical", f"categorical({list(k)}, {nm}, {dt})", key=list(k), dtype=dt,
                    outer=outer, k=kk, inner=inner, draws=draws,
                    logits=fbits(np.ascontiguousarray(lgc)), want=ints(out))

    # The elementwise math the samplers use, evaluated by XLA:CPU at run time.
    if part:
        fns = [("erfinv", lax.erf_inv), ("log1p", jnp.log1p), ("log", jnp.log),
               ("erf", lax.erf)]
        for nm, f in fns:
            if nm in ("log", "erf") and x64:
                continue  # XLA:CPU calls libm for these on float64
            x = rng.uniform(-1, 1, 1500)
            if nm == "erfinv":
                x = np.concatenate([x, 1 - 10.0 ** -rng.uniform(0, 16, 600),
                                    -(1 - 10.0 ** -rng.uniform(0, 16, 300)),
                                    [0.0, -0.0, 1.0, -1.0, 0.5, -0.99999994, 0.99999994]])
            elif nm == "log1p":
                x = np.concatenate([x, x * 1e-4, rng.uniform(-0.999, 50, 1000), [0.0, -1.0]])
            elif nm == "log":
                x = np.concatenate([np.abs(x), 10.0 ** rng.uniform(-38, 38, 1000),
                                    [1.0, 0.0, 2.0, 1e-45]])
            elif nm == "erf":
                x = np.concatenate([x * 5, [0.0, 3.9, -4.5, 3.83]])
            xa = np.asarray(x, npf)
            y = np.asarray(jax.jit(f)(xa))
            add("fn", f"{nm} over {len(xa)} inputs, {fdt}", fn=f"{nm}_{fdt}", inp=fbits(xa),
                want=fbits(y))
        for n in (1, 5, 16, 17, 100, 300, 1000):  # > 256: the row totals are blocked too
            xa = np.asarray(rng.uniform(0, 1, n), npf)
            add("fn", f"cumsum of {n}, {fdt}", fn=f"cumsum_{fdt}", inp=fbits(xa),
                want=fbits(jax.jit(jnp.cumsum)(xa)))
    return recs


# ----------------------------------------------------------------- header writer

def c_u32(v):
    return f"0x{v & 0xFFFFFFFF:08x}u"


def c_u64(v):
    v &= 0xFFFFFFFFFFFFFFFF
    return f"0x{v:x}u" if v <= 0xFFFFFFFF else f"0x{v:x}ull"


def c_i64(v):
    if v == -2**63:
        return "(-INT64_C(9223372036854775807) - 1)"
    return f"INT64_C({v})"


def c_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Writer:
    def __init__(self):
        self.arrays = []
        self.count = 0

    def arr(self, ctype, fmt, vals):
        if not vals:
            return "NULL"
        self.count += 1
        name = f"pv_a{self.count}"
        body = []
        line = "   "
        for v in vals:
            t = " " + fmt(v) + ","
            if len(line) + len(t) > 96:
                body.append(line)
                line = "   "
            line += t
        body.append(line)
        self.arrays.append(f"static const {ctype} {name}[{len(vals)}] = {{\n" + "\n".join(body)
                           + "\n};")
        return name


FLOAT_OPS = {"uniform": "PV_UNIFORM", "normal": "PV_NORMAL", "truncnorm": "PV_TRUNCNORM",
             "gumbel": "PV_GUMBEL", "exponential": "PV_EXPONENTIAL",
             "bernoulli": "PV_BERNOULLI"}
RINT = {"int8": "PRNG_I8", "uint8": "PRNG_U8", "int16": "PRNG_I16", "uint16": "PRNG_U16",
        "int32": "PRNG_I32", "uint32": "PRNG_U32", "int64": "PRNG_I64"}


def key_lit(k):
    return "{" + c_u32(k[0]) + ", " + c_u32(k[1]) + "}"


def write_header(recs, version, out):
    w = Writer()
    tables = {t: [] for t in ("seed", "split", "fold", "bits", "float", "randint", "shuffle",
                              "choice", "cat", "fn")}
    for r in recs:
        op, nm = r["op"], c_str(r["name"])
        if op == "seed":
            tables["seed"].append(f"{{{nm}, {c_i64(r['seed'])}, {r['x64']}, "
                                  f"{key_lit(r['want'])}}}")
        elif op == "split":
            a = w.arr("uint32_t", c_u32, r["want"])
            tables["split"].append(f"{{{nm}, {r['part']}, {key_lit(r['key'])}, {r['n']}, {a}}}")
        elif op == "fold_in":
            tables["fold"].append(f"{{{nm}, {r['part']}, {key_lit(r['key'])}, "
                                  f"{c_u32(r['data'])}, {key_lit(r['want'])}}}")
        elif op == "bits":
            a = w.arr("uint64_t", c_u64, r["want"])
            tables["bits"].append(f"{{{nm}, {r['part']}, {key_lit(r['key'])}, {r['width']}, "
                                  f"{r['n']}, {a}}}")
        elif op in FLOAT_OPS:
            a = w.arr("uint64_t", c_u64, r["a"])
            b = w.arr("uint64_t", c_u64, r["b"])
            want = w.arr("uint64_t", c_u64, r["want"])
            tables["float"].append(
                f"{{{nm}, {FLOAT_OPS[op]}, {r['part']}, {int(r['dtype'] == 'f64')}, "
                f"{key_lit(r['key'])}, {r['n']}, {len(r['a'])}, {a}, {len(r['b'])}, {b}, "
                f"{want}}}")
        elif op == "randint":
            lo = w.arr("int64_t", c_i64, r["lo"])
            hi = w.arr("int64_t", c_i64, r["hi"])
            want = w.arr("int64_t", c_i64, r["want"])
            tables["randint"].append(
                f"{{{nm}, {r['part']}, {key_lit(r['key'])}, {RINT[r['dtype']]}, {r['n']}, "
                f"{len(r['lo'])}, {lo}, {len(r['hi'])}, {hi}, {want}}}")
        elif op == "shuffle":
            want = w.arr("int64_t", c_i64, r["want"])
            tables["shuffle"].append(
                f"{{{nm}, {r['part']}, {key_lit(r['key'])}, {r['mode']}, {r['outer']}, "
                f"{r['len']}, {r['inner']}, {want}}}")
        elif op == "choice":
            p = "NULL" if r["p"] is None else w.arr("uint64_t", c_u64, r["p"])
            want = w.arr("int64_t", c_i64, r["want"])
            tables["choice"].append(
                f"{{{nm}, {r['part']}, {key_lit(r['key'])}, {r['x64']}, {r['n_inputs']}, "
                f"{r['n_draws']}, {r['replace']}, {int(r['p_dtype'] == 'f64')}, {p}, {want}}}")
        elif op == "categorical":
            lg = w.arr("uint64_t", c_u64, r["logits"])
            want = w.arr("int64_t", c_i64, r["want"])
            tables["cat"].append(
                f"{{{nm}, {r['part']}, {key_lit(r['key'])}, {int(r['dtype'] == 'f64')}, "
                f"{r['outer']}, {r['k']}, {r['inner']}, {r['draws']}, {lg}, {want}}}")
        elif op == "fn":
            inp = w.arr("uint64_t", c_u64, r["inp"])
            want = w.arr("uint64_t", c_u64, r["want"])
            tables["fn"].append(f"{{{nm}, PV_FN_{r['fn'].upper()}, {len(r['inp'])}, {inp}, "
                                f"{want}}}")
        else:
            raise ValueError(op)

    types = {t: f"pv_{t}_t" for t in tables}
    lines = [
        f"/* Test vectors computed by real JAX {version} with",
        "   tools/gen_prng_vectors.py; generated, do not edit. Floats are stored as IEEE bits. */",
        "#ifndef SABLE_PRNG_VECTORS_H",
        "#define SABLE_PRNG_VECTORS_H",
        "#include <stddef.h>",
        "#include <stdint.h>",
        '#include "prng.h"',
        "",
        f'#define PV_JAX_VERSION {c_str(version)}',
        "",
        "enum { PV_UNIFORM, PV_NORMAL, PV_TRUNCNORM, PV_GUMBEL, PV_EXPONENTIAL, PV_BERNOULLI };",
        "enum { PV_FN_ERFINV_F32, PV_FN_ERFINV_F64, PV_FN_LOG1P_F32, PV_FN_LOG1P_F64,",
        "       PV_FN_LOG_F32, PV_FN_ERF_F32, PV_FN_CUMSUM_F32, PV_FN_CUMSUM_F64 };",
        "typedef struct { const char *name; int64_t seed; int x64; uint32_t want[2]; } pv_seed_t;",
        "typedef struct { const char *name; int part; uint32_t key[2]; size_t n;",
        "                 const uint32_t *want; } pv_split_t;",
        "typedef struct { const char *name; int part; uint32_t key[2]; uint32_t data;",
        "                 uint32_t want[2]; } pv_fold_t;",
        "typedef struct { const char *name; int part; uint32_t key[2]; int width; size_t n;",
        "                 const uint64_t *want; } pv_bits_t;",
        "/* a: minval / lower / p, b: maxval / upper; bernoulli wants 0/1 */",
        "typedef struct { const char *name; int op; int part; int f64; uint32_t key[2]; size_t n;",
        "                 size_t na; const uint64_t *a; size_t nb; const uint64_t *b;",
        "                 const uint64_t *want; } pv_float_t;",
        "typedef struct { const char *name; int part; uint32_t key[2]; prng_int_dtype dtype;",
        "                 size_t n; size_t nlo; const int64_t *lo; size_t nhi; const int64_t *hi;",
        "                 const int64_t *want; } pv_randint_t;",
        "/* mode 0: permutation(key, len); 1: arange(outer*len*inner) shuffled along the axis",
        "   (independent=True); 2: the same array with whole slices permuted (take) */",
        "typedef struct { const char *name; int part; uint32_t key[2]; int mode; size_t outer;",
        "                 size_t len; size_t inner; const int64_t *want; } pv_shuffle_t;",
        "typedef struct { const char *name; int part; uint32_t key[2]; int x64; size_t n_inputs;",
        "                 size_t n_draws; int replace; int p_f64; const uint64_t *p;",
        "                 const int64_t *want; } pv_choice_t;",
        "/* draws == 0: replace=True; logits [outer][k][inner] as the C API takes them */",
        "typedef struct { const char *name; int part; uint32_t key[2]; int f64; size_t outer;",
        "                 size_t k; size_t inner; size_t draws; const uint64_t *logits;",
        "                 const int64_t *want; } pv_cat_t;",
        "typedef struct { const char *name; int fn; size_t n; const uint64_t *in;",
        "                 const uint64_t *want; } pv_fn_t;",
        "",
    ]
    body = []
    for t, rows in tables.items():
        body.append(f"static const {types[t]} pv_{t}[] = {{")
        body.extend("    " + r + "," for r in rows)
        body.append("};")
        body.append(f"#define PV_N_{t.upper()} {len(rows)}")
        body.append("")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n" + "\n".join(w.arrays) + "\n\n" + "\n".join(body)
                + "#endif\n")
    return {t: len(rows) for t, rows in tables.items()}


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "--worker":
        part, x64 = int(sys.argv[2]), int(sys.argv[3])
        json.dump(worker(part, x64), sys.stdout)
        return
    out = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    import jax
    import jaxlib
    version = f"{jax.__version__} (jaxlib {jaxlib.__version__}, CPU)"
    cache = os.environ.get("PRNG_VECTORS_CACHE")  # reuse a previous run's numbers
    if cache and os.path.exists(cache):
        with open(cache) as f:
            recs = json.load(f)
    else:
        recs = []
        for part in (1, 0):
            for x64 in (0, 1):
                res = subprocess.run([sys.executable, __file__, "--worker", str(part), str(x64)],
                                     check=True, capture_output=True, text=True)
                recs.extend(json.loads(res.stdout))
        if cache:
            with open(cache, "w") as f:
                json.dump(recs, f)
    counts = write_header(recs, version, out)
    print(f"wrote {out}: {sum(counts.values())} vectors {counts}", file=sys.stderr)


if __name__ == "__main__":
    main()
