#!/usr/bin/env python3
"""Differential tests of Sable's numpy / jax.numpy against real NumPy.

Every case is an expression over some arrays. The same expressions run in one batch Sable
program and in this Python process with NumPy; results are serialised the same way (dtype,
shape, values as repr'd Python scalars, or the exception class) and compared: dtypes and shapes
exactly, floats within a few ulps (libm differences), NaN == NaN. jnp cases compare Sable's
jax.numpy against NumPy run on float32/int32 data with the dtype JAX would give.
Prints one PASS/FAIL line per case group. Env: SABLE (binary), SABLE_ROOT.
"""
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.environ.get("SABLE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
SABLE = os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable"))
SABLE_ASAN = os.environ.get("SABLE_ASAN", "")
ASAN_ENV = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:exitcode=86",
                UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=87")

# ---- data ------------------------------------------------------------------------------
FLOATS = [0.5, -1.25, 3.0, 0.0, 2.75, -7.5, 100.0, 1e-3, -0.125, 6.5, 12.0, -3.0,
          0.25, 9.0, -2.5, 4.0, 1.5, 8.0, -0.75, 5.0, 2.0, -6.0, 7.25, 10.5]
SPECIAL = [float("nan"), float("inf"), -float("inf"), -0.0, 1.0, -2.0]
INTS = [3, -1, 0, 7, -5, 2, 9, 4, -8, 6, 1, -2, 5, 8, -3, 11, 0, 2, -7, 13, 4, -4, 10, 1]
UINTS = [3, 1, 0, 7, 5, 2, 9, 4, 8, 6, 1, 2, 5, 8, 3, 11, 0, 2, 7, 13, 4, 4, 10, 1]
BOOLS = [True, False, True, True, False, False, True, False, True, True, False, True,
         False, True, True, False, True, False, False, True, True, True, False, False]

DTYPES = ["float32", "float64", "int32", "int64", "uint8", "bool"]
SHAPES = [(), (0,), (5,), (2, 3), (2, 0, 3), (3, 4)]


def lit(v):
    if isinstance(v, float) and math.isnan(v):
        return "float('nan')"
    if isinstance(v, float) and math.isinf(v):
        return "float('inf')" if v > 0 else "-float('inf')"
    return repr(v)


def data_for(dtype, n, special=False):
    if dtype == "bool":
        src = BOOLS
    elif dtype == "uint8":
        src = UINTS
    elif dtype.startswith("int"):
        src = INTS
    else:
        src = (SPECIAL + FLOATS) if special else FLOATS
    return [src[i % len(src)] for i in range(n)]


def mk(mod, dtype, shape, special=False, offset=0):
    n = 1
    for s in shape:
        n *= s
    vals = data_for(dtype, n + offset, special)[offset:]
    body = "[" + ", ".join(lit(v) for v in vals) + "]"
    return "%s.array(%s, dtype=%s.%s).reshape(%r)" % (mod, body, mod, dtype, tuple(shape))


# ---- the cases ------------------------------------------------------------------------
class Case:
    def __init__(self, group, expr, ref=None, kind="value", tol=None):
        self.group = group
        self.expr = expr            # Sable expression (uses np / jnp)
        self.ref = ref or expr      # the NumPy expression for the reference
        self.kind = kind            # value | repr | error
        self.tol = tol


CASES = []


def add(group, expr, ref=None, kind="value", tol=None):
    CASES.append(Case(group, expr, ref, kind, tol))


UNARY = ["exp", "log", "log1p", "expm1", "sqrt", "sin", "cos", "tan", "tanh", "arctan", "sinh",
         "abs", "negative", "sign", "floor", "ceil", "rint", "square", "isnan", "isinf",
         "isfinite", "logical_not", "cbrt", "log2", "log10", "exp2", "arcsinh", "trunc"]
FLOAT_ONLY = {"exp", "log", "log1p", "expm1", "sqrt", "sin", "cos", "tan", "tanh", "arctan",
              "sinh", "cbrt", "log2", "log10", "exp2", "arcsinh", "rint"}


def build_cases():
    # creation
    for e in ["np.array([1, 2, 3])", "np.array([1.5, 2, 3])", "np.array([True, False])",
              "np.array([[1, 2], [3, 4]])", "np.array([[1.0], [2.0]], dtype=np.float32)",
              "np.array([])", "np.array([[], []])", "np.array(5)", "np.array(2.5)",
              "np.array([1, 2], dtype=np.uint8)", "np.array([True, 2])",
              "np.zeros((2, 3))", "np.zeros(4, dtype=np.int32)", "np.ones((2, 2), dtype=bool)",
              "np.full((2, 3), 7)", "np.full((2,), 1.5)", "np.full((2, 2), True)",
              "np.empty((0, 3)).shape", "np.arange(5)", "np.arange(2, 10, 3)",
              "np.arange(10, 2, -2)", "np.arange(0.0, 1.0, 0.25)", "np.arange(5, dtype=np.float32)",
              "np.arange(0, 1, 0.1)", "np.arange(-3, 3)", "np.arange(0)",
              "np.linspace(0, 1, 5)", "np.linspace(0, 1, 5, endpoint=False)",
              "np.linspace(2, 3, 1)", "np.linspace(-1, 1, 7, dtype=np.float32)",
              "np.eye(3)", "np.eye(2, 4, k=1)", "np.eye(3, k=-1, dtype=int)", "np.identity(2)",
              "np.zeros_like(np.arange(4))", "np.ones_like(np.zeros((2, 2), np.float32))",
              "np.full_like(np.arange(3), 9)", "np.asarray([[1, 2]]).shape",
              "np.array(np.arange(3), dtype=np.float64)", "np.array([np.float32(1), 2.0])",
              "np.tri(3)", "np.diag([1, 2, 3])", "np.diag(np.arange(9).reshape(3, 3))",
              "np.diag([1, 2], k=1)", "np.meshgrid(np.arange(3), np.arange(2))",
              "np.meshgrid(np.arange(3), np.arange(2), indexing='ij')", "np.logspace(0, 2, 3)",
              "np.vander([1, 2, 3])", "np.array(range(4))", "np.float32(3)", "np.int64(2.7)",
              "np.array([[1, 2], [3, 4]], ndmin=3).shape", "np.copy(np.arange(3))"]:
        add("creation", e)

    # unary ufuncs over dtypes and shapes
    for f in UNARY:
        for dt in DTYPES:
            if dt == "bool" and f in ("negative", "sign", "abs", "square"):
                continue
            if dt == "uint8" and f in ("negative",):
                continue
            if dt in ("uint8", "bool") and f in FLOAT_ONLY:
                continue    # numpy gives float16 there; Sable has no float16
            for shape in [(), (5,), (2, 3), (2, 0, 3)]:
                special = dt.startswith("float") and f not in ("sign",)
                x = mk("np", dt, shape, special)
                add("unary-" + f, "np.%s(%s)" % (f, x))
        add("unary-" + f, "np.%s(%s[::2])" % (f, mk("np", "float64", (7,))))
        add("unary-" + f, "np.%s(%s.T)" % (f, mk("np", "float32", (3, 4))))

    # binary arithmetic with broadcasting and mixed dtypes
    OPS = ["+", "-", "*", "/", "//", "%", "**", "<", "<=", "==", "!=", ">", ">="]
    PAIRS = [((3,), (3,)), ((2, 3), (3,)), ((2, 1), (1, 3)), ((), (3,)), ((0,), (1,)),
             ((2, 0), (2, 1)), ((4, 1, 2), (3, 1))]
    for op in OPS:
        for da, db in [("float64", "float64"), ("float32", "float32"), ("int64", "int64"),
                       ("int32", "int32"), ("float32", "float64"), ("int32", "float32"),
                       ("int64", "float32"), ("uint8", "int32"), ("bool", "int64"),
                       ("uint8", "uint8"), ("int32", "int64")]:
            for sa, sb in PAIRS[:4] if (da, db) != ("float64", "float64") else PAIRS:
                if op == "**" and (da.startswith("int") or da == "uint8") and not db.startswith("float"):
                    b = mk("np", db, sb, offset=3)
                    b = "np.abs(%s) %% 3" % b
                else:
                    b = mk("np", db, sb, offset=3)
                if op in ("//", "%") and not db.startswith("float") and db != "bool":
                    b = "(np.abs(%s) + 1)" % b
                a = mk("np", da, sa)
                add("binary-" + op, "(%s) %s (%s)" % (a, op, b))
        # Python scalars (weak)
        for dt in ["float32", "int32", "uint8", "float64", "int64", "bool"]:
            for s in ["2", "2.5", "True"]:
                if op in ("-",) and dt == "bool" and s == "True":
                    continue
                if op == "**" and s == "True":
                    continue
                if op in ("//", "%", "/", "**") and dt == "bool":
                    continue
                a = mk("np", dt, (2, 3))
                add("binary-" + op, "(%s) %s %s" % (a, op, s))
                add("binary-" + op, "%s %s (%s)" % (s, op, a if op != "**" else "np.abs(%s) %% 3" % a))
    for f in ["maximum", "minimum", "arctan2", "hypot", "logical_and", "logical_or",
              "logical_xor", "fmax", "fmin", "copysign", "logaddexp", "remainder", "fmod",
              "floor_divide", "power", "true_divide"]:
        for da, db in [("float64", "float64"), ("float32", "float32"), ("int64", "int64"),
                       ("int32", "float32")]:
            if f in ("fmod", "remainder", "floor_divide") and not db.startswith("float"):
                b = "(np.abs(%s) + 1)" % mk("np", db, (2, 3), offset=5)
            elif f == "power" and not db.startswith("float"):
                b = "(np.abs(%s) %% 3)" % mk("np", db, (2, 3), offset=5)
            else:
                b = mk("np", db, (2, 3), offset=5, special=f in ("maximum", "minimum", "fmax", "fmin"))
            add("binary-" + f, "np.%s(%s, %s)" % (f, mk("np", da, (3,), special=f in ("maximum", "minimum", "fmax", "fmin")), b))
    for op in ["&", "|", "^", "<<", ">>"]:
        for dt in ["int32", "int64", "uint8", "bool"]:
            if op in ("<<", ">>") and dt == "bool":
                continue
            b = mk("np", dt, (2, 3), offset=4)
            if op in ("<<", ">>"):
                b = "(np.abs(%s) %% 4)" % b
            add("binary-bitwise", "(%s) %s (%s)" % (mk("np", dt, (2, 3)), op, b))
        add("binary-bitwise", "~(%s)" % mk("np", "int32", (4,)))
        add("binary-bitwise", "~(%s)" % mk("np", "bool", (4,)))

    # reductions
    RED = ["sum", "prod", "max", "min", "mean", "var", "std", "argmax", "argmin", "any", "all",
           "cumsum", "cumprod", "ptp", "median", "count_nonzero"]
    for f in RED:
        for dt in ["float64", "float32", "int64", "int32", "bool"]:
            if f in ("var", "std", "mean", "median") and dt == "bool":
                continue
            if f in ("argmax", "argmin", "ptp", "max", "min") and dt == "bool":
                continue
            x = mk("np", dt, (3, 4))
            axes = [None, 0, 1, -1]
            if f not in ("argmax", "argmin", "cumsum", "cumprod", "median", "ptp"):
                axes.append((0, 1))
            for ax in axes:
                if f in ("cumsum", "cumprod"):
                    add("reduce-" + f, "np.%s(%s, axis=%r)" % (f, x, ax))
                    continue
                add("reduce-" + f, "np.%s(%s, axis=%r)" % (f, x, ax))
                if f not in ("argmax", "argmin", "count_nonzero", "median", "ptp"):
                    add("reduce-" + f, "np.%s(%s, axis=%r, keepdims=True)" % (f, x, ax))
            add("reduce-" + f, "(%s).%s()" % (x, f) if f not in ("median", "count_nonzero") else "np.%s(%s)" % (f, x))
        x3 = mk("np", "float64", (2, 3, 4))
        if f not in ("argmax", "argmin", "cumsum", "cumprod", "median", "ptp"):
            add("reduce-" + f, "np.%s(%s, axis=(0, 2))" % (f, x3))
            add("reduce-" + f, "np.%s(%s, axis=(-1, 0), keepdims=True)" % (f, x3))
        add("reduce-" + f, "np.%s(%s[:, ::2])" % (f, mk("np", "float64", (3, 5))))
    for f in ["sum", "prod", "any", "all", "mean"]:
        add("reduce-empty", "np.%s(np.zeros((0, 3)), axis=0)" % f)
        add("reduce-empty", "np.%s(np.zeros((2, 0)), axis=1)" % f)
    add("reduce-empty", "np.sum(np.zeros((0,)))")
    add("reduce-kw", "np.sum(%s, dtype=np.float32)" % mk("np", "int64", (3, 4)))
    add("reduce-kw", "np.sum(%s, axis=0, where=%s)" % (mk("np", "float64", (3, 4)), mk("np", "bool", (3, 4))))
    add("reduce-kw", "np.sum(%s, initial=10)" % mk("np", "int64", (3, 4)))
    add("reduce-kw", "np.max(%s, axis=1, initial=-100, where=%s)" % (mk("np", "float64", (3, 4)), mk("np", "bool", (3, 4))))
    add("reduce-kw", "np.mean(%s, where=%s)" % (mk("np", "float64", (3, 4)), mk("np", "bool", (3, 4))))
    add("reduce-kw", "np.var(%s, ddof=1)" % mk("np", "float64", (3, 4)))
    add("reduce-kw", "np.std(%s, axis=0, ddof=1)" % mk("np", "float64", (3, 4)))
    add("reduce-kw", "np.prod(%s, dtype=np.int32)" % mk("np", "int64", (2, 2)))
    add("reduce-kw", "np.percentile(%s, [10, 50, 90])" % mk("np", "float64", (3, 4)))
    add("reduce-kw", "np.quantile(%s, 0.3, axis=0)" % mk("np", "float64", (3, 4)))
    add("reduce-kw", "np.average(%s, axis=0, weights=[1, 2, 3])" % mk("np", "float64", (3, 4)))
    add("reduce-kw", "np.nansum(np.array([1.0, np.nan, 2.0]))")
    add("reduce-kw", "np.nanmean(np.array([[1.0, np.nan], [2.0, 4.0]]), axis=0)")
    add("reduce-kw", "np.nanmax(np.array([1.0, np.nan, 2.0]))")
    add("reduce-kw", "np.max(np.array([1.0, np.nan, 2.0]))")
    add("reduce-kw", "np.argmax(np.array([1.0, np.nan, 2.0]))")
    add("reduce-kw", "np.cumsum(%s, axis=0, dtype=np.float64)" % mk("np", "int32", (3, 4)))

    # shape manipulation
    X = mk("np", "float64", (2, 3, 4))
    for e in ["np.reshape(X, (6, 4))", "X.reshape(4, -1)", "X.reshape(-1)", "np.ravel(X)",
              "X.T", "np.transpose(X, (1, 0, 2))", "X.transpose(2, 0, 1)", "np.swapaxes(X, 0, 2)",
              "np.moveaxis(X, 0, -1)", "np.moveaxis(X, (0, 1), (2, 0))", "np.expand_dims(X, 1)",
              "np.expand_dims(X, (0, -1)).shape", "np.squeeze(X[:1])", "np.squeeze(X[:1], axis=0)",
              "np.concatenate([X, X], axis=1)", "np.concatenate([X, X], axis=-1)",
              "np.concatenate([X, X], axis=None)", "np.stack([X, X])", "np.stack([X, X], axis=-1)",
              "np.hstack([X[0], X[1]])", "np.vstack([X[0], X[1]])", "np.hstack([np.arange(3), np.arange(2)])",
              "np.vstack([np.arange(3), np.arange(3)])", "np.column_stack([np.arange(3), np.arange(3)])",
              "np.dstack([X[0], X[1]]).shape", "np.split(np.arange(6), 3)",
              "np.split(np.arange(6), [1, 4])", "np.array_split(np.arange(7), 3)",
              "np.split(X, 2, axis=2)", "np.tile(np.arange(3), 2)", "np.tile(np.arange(3), (2, 2))",
              "np.tile(X[0], (2, 1))", "np.repeat(np.arange(3), 2)", "np.repeat(X[0], 2, axis=1)",
              "np.repeat(np.arange(3), [1, 0, 2])", "np.flip(X, 1)", "np.flip(X)", "np.fliplr(X[0])",
              "np.flipud(X[0])", "np.roll(np.arange(5), 2)", "np.roll(X, -1, axis=2)",
              "np.roll(X, 1)", "np.broadcast_to(np.arange(3), (2, 3))", "np.pad(np.arange(3), 2)",
              "np.pad(X[0], ((1, 0), (0, 2)))", "np.pad(np.arange(3.0), (1, 2), constant_values=9)",
              "np.tril(X[0])", "np.triu(X[0], 1)", "np.tril(X[0], -1)", "np.diagonal(X[0])",
              "np.trace(X[0])", "np.diagonal(X, 0, 1, 2)", "np.rot90(X[0])", "np.atleast_2d(np.arange(3))",
              "np.atleast_1d(5)", "np.append(np.arange(3), [7, 8])", "np.diff(np.array([1, 4, 9, 16]))",
              "np.diff(X, axis=1)", "np.diff(np.arange(10) ** 2, n=2)", "np.broadcast_arrays(np.arange(3), np.zeros((2, 1)))",
              "np.take(np.arange(10), [1, 5, -1])", "np.take(X, [0, 2], axis=1)",
              "np.take_along_axis(X[0], np.argsort(X[0], axis=1), axis=1)", "np.kron(np.eye(2), np.arange(4).reshape(2, 2))"]:
        add("shape", e.replace("X", X))

    # indexing
    A = mk("np", "int64", (3, 4))
    B = mk("np", "float64", (2, 3, 4))
    for e in ["A[1]", "A[-1]", "A[1, 2]", "A[-1, -2]", "A[1:]", "A[:, 1]", "A[::2]", "A[::-1]",
              "A[1:3, ::-2]", "A[..., 1]", "A[None]", "A[:, None, 1]", "A[[0, 2]]", "A[[0, -1], [1, 3]]",
              "A[:, [3, 0, 0]]", "A[[[0], [2]], [1, 3]]", "A[A > 3]", "A[np.array([True, False, True])]",
              "A[1][2]", "A[0:0]", "A[5:]", "A[-10:2]", "A[:, ::3]",
              "B[0, ..., 1]", "B[:, [0, 1], 2]", "B[[0, 1], :, [0, 3]]", "B[:, [1], [2, 3]]",
              "B[..., [0, 3]]", "B[1, [0, 2], 1:3]", "B[B > 4]", "B[B[:, :, 0] > 0]",
              "B[np.array(1)]", "B[(0, 1)]", "B[0][1][2]", "A[np.nonzero(A > 2)]",
              "A.flatten()[[2, 7]]", "A[:, 1:3][1]", "A.T[1:, 0]"]:
        add("index", e.replace("A", A).replace("B", B))
    # assignment (numpy arrays are writable; views share memory)
    for body in ["a = np.arange(10); a[2] = 100; r = a",
                 "a = np.arange(10); a[2:5] = [7, 8, 9]; r = a",
                 "a = np.arange(12).reshape(3, 4); a[1] = 0; r = a",
                 "a = np.arange(12).reshape(3, 4); a[:, 1] = [5, 6, 7]; r = a",
                 "a = np.arange(10); b = a[3:6]; b[0] = 99; r = a",
                 "a = np.arange(12).reshape(3, 4); b = a.T; b[0, 1] = -1; r = a",
                 "a = np.arange(6.0); a[a > 2] = 0; r = a",
                 "a = np.arange(6); a[[0, 2, 4]] = [10, 20, 30]; r = a",
                 "a = np.arange(6); a[[0, 0]] = [1, 2]; r = a",
                 "a = np.zeros((3, 3)); a[[0, 1], [1, 2]] = 5; r = a",
                 "a = np.arange(6); a[...] = 1; r = a",
                 "a = np.arange(6.0); a += 1; r = a",
                 "a = np.arange(6.0); b = a[::2]; b *= 10; r = a",
                 "a = np.arange(6); a[1:3] = 2.7; r = a",
                 "a = np.ones((2, 3)); a[0, :] = np.arange(3); r = a",
                 "a = np.arange(4.0); a.fill(3); r = a",
                 "a = np.array([3, 1, 2]); a.sort(); r = a",
                 "a = np.arange(8).reshape(2, 4); a[:, 1:3] *= 2; r = a",
                 "a = np.arange(5); b = a.reshape(5, 1); b[2, 0] = 40; r = a"]:
        add("assign", "__block__" + body)

    # linalg and products
    M = "np.array([[4.0, 1.0, 2.0], [1.0, 5.0, 3.0], [2.0, 3.0, 6.0]])"
    for e in ["np.dot(np.arange(3), np.arange(3))", "np.dot(np.arange(6).reshape(2, 3), np.arange(3))",
              "np.dot(np.arange(6.).reshape(2, 3), np.arange(6.).reshape(3, 2))",
              "np.arange(6.).reshape(2, 3) @ np.arange(3.)", "np.arange(3.) @ np.arange(6.).reshape(3, 2)",
              "np.arange(24.).reshape(2, 3, 4) @ np.arange(8.).reshape(4, 2)",
              "np.arange(24.).reshape(2, 3, 4) @ np.arange(16.).reshape(2, 4, 2)",
              "np.arange(12.).reshape(3, 4) @ np.arange(16.).reshape(2, 4, 2)",
              "np.matmul(np.arange(4, dtype=np.float32).reshape(2, 2), np.eye(2, dtype=np.float32))",
              "np.dot(np.arange(24.).reshape(2, 3, 4), np.arange(8.).reshape(4, 2))",
              "np.dot(3, np.arange(3))", "np.outer(np.arange(3), np.arange(4))",
              "np.inner(np.arange(3.), np.arange(3.))", "np.vdot(np.arange(4.), np.arange(4.))",
              "np.tensordot(np.arange(24.).reshape(2, 3, 4), np.arange(12.).reshape(4, 3), axes=([1, 2], [1, 0]))",
              "np.tensordot(np.arange(6.).reshape(2, 3), np.arange(6.).reshape(3, 2), axes=1)",
              "np.einsum('ij,jk->ik', np.arange(6.).reshape(2, 3), np.arange(6.).reshape(3, 2))",
              "np.einsum('ij->ji', np.arange(6.).reshape(2, 3))", "np.einsum('ii', np.arange(9.).reshape(3, 3))",
              "np.einsum('ii->i', np.arange(9.).reshape(3, 3))", "np.einsum('i,i->', np.arange(3.), np.arange(3.))",
              "np.einsum('i,j->ij', np.arange(3.), np.arange(2.))",
              "np.einsum('bij,bjk->bik', np.arange(12.).reshape(2, 2, 3), np.arange(12.).reshape(2, 3, 2))",
              "np.einsum('ij->', np.arange(6.).reshape(2, 3))", "np.einsum('...j,j', np.arange(6.).reshape(2, 3), np.arange(3.))",
              "np.einsum('ij,ij->i', np.arange(6.).reshape(2, 3), np.arange(6.).reshape(2, 3))",
              "np.linalg.inv(M)", "np.linalg.solve(M, np.array([1.0, 2.0, 3.0]))",
              "np.linalg.solve(M, np.eye(3))", "np.linalg.det(M)", "np.linalg.slogdet(M)",
              "np.linalg.norm(M)", "np.linalg.norm(np.array([3.0, 4.0]))", "np.linalg.norm(M, axis=1)",
              "np.linalg.norm(M, ord=1)", "np.linalg.norm(M, ord=np.inf)", "np.linalg.norm(np.array([3.0, -4.0]), ord=1)",
              "np.linalg.norm(np.array([3.0, -4.0]), ord=np.inf)", "np.linalg.norm(M, 'fro')",
              "np.linalg.norm(M, 2)", "np.linalg.cholesky(M)", "np.linalg.eigh(M)[0]",
              "np.linalg.svd(M, compute_uv=False)", "np.abs(np.linalg.qr(M)[1])",
              "np.linalg.det(np.arange(18.).reshape(2, 3, 3) + np.eye(3))",
              "np.linalg.pinv(np.arange(6.).reshape(3, 2))", "np.linalg.matrix_rank(M)",
              "np.linalg.matrix_power(M, 3)", "np.trace(M)", "np.linalg.inv(np.arange(4).reshape(2, 2))",
              "np.cross(np.array([1.0, 0, 0]), np.array([0.0, 1, 0]))",
              "np.convolve(np.array([1.0, 2, 3]), np.array([0.0, 1, 0.5]))",
              "np.convolve(np.array([1.0, 2, 3, 4]), np.array([1.0, 1]), 'same')",
              "np.convolve(np.array([1.0, 2, 3, 4]), np.array([1.0, 1]), 'valid')"]:
        add("linalg", e.replace("M", M), tol=1e-9)

    # sorting, searching, misc
    S = mk("np", "float64", (3, 4), special=True)
    for e in ["np.sort(X)", "np.sort(X, axis=0)", "np.sort(X, axis=None)", "np.argsort(X)",
              "np.argsort(X, axis=0)", "np.sort(np.array([3, 1, 2, 1]))", "np.argsort(np.array([3, 1, 2, 1]))",
              "np.unique(np.array([3, 1, 2, 1, 3]))", "np.unique(np.array([3, 1, 2, 1, 3]), return_counts=True)",
              "np.unique(np.array([3, 1, 2, 1, 3]), return_index=True, return_inverse=True)",
              "np.unique(X)", "np.nonzero(np.array([[0, 1], [2, 0]]))", "np.where(X > 1)",
              "np.where(X > 1, X, -1)", "np.where(np.array([True, False]), 1, 2.5)",
              "np.where(np.array([1, 0, 2]), 5, 6)", "np.clip(X, -1, 5)", "np.clip(np.arange(10), 2, 7)",
              "np.clip(X, None, 2)", "np.round(np.array([0.5, 1.5, 2.5, -0.5, 1.2345]))",
              "np.round(np.array([1.2345, 2.5678]), 2)", "np.round(np.array([1234, 5678]), -2)",
              "np.searchsorted(np.array([1, 3, 5, 7]), np.array([0, 3, 6, 9]))",
              "np.searchsorted(np.array([1, 3, 5, 7]), 3, side='right')",
              "np.bincount(np.array([0, 1, 1, 3]))", "np.bincount(np.array([0, 1, 1]), minlength=4)",
              "np.histogram(np.array([1.0, 2, 2, 3, 4, 5]), bins=4)",
              "np.argwhere(np.array([[0, 1], [1, 1]]))", "np.flatnonzero(np.array([0, 3, 0, 4]))",
              "np.isclose(np.array([1.0, 2.0]), np.array([1.0 + 1e-9, 2.1]))",
              "np.allclose(np.array([1.0, 2.0]), np.array([1.0, 2.0 + 1e-10]))",
              "np.array_equal(np.arange(3), np.array([0, 1, 2]))", "np.array_equal(np.arange(3), np.arange(4))",
              "np.isin(np.arange(5), [1, 3])", "np.interp(np.array([0.5, 1.5, 5.0]), np.array([0.0, 1.0, 2.0]), np.array([0.0, 10.0, 20.0]))",
              "np.nan_to_num(np.array([np.nan, np.inf, -np.inf, 1.0]))", "np.sinc(np.array([0.0, 0.5, 1.0]))",
              "np.signbit(np.array([-0.0, 0.0, -1.0]))", "np.polyval([1, 2, 3], np.array([0.0, 1.0, 2.0]))",
              "np.cov(np.array([[1.0, 2, 4], [2.0, 1, 0]]))", "np.corrcoef(np.array([[1.0, 2, 4], [2.0, 1, 0]]))",
              "np.digitize(np.array([0.5, 1.5, 2.5]), np.array([1.0, 2.0]))",
              "np.select([np.arange(4) < 2, np.arange(4) > 2], [0, 9], default=5)",
              "np.setdiff1d(np.array([1, 2, 3, 4]), np.array([2, 4]))", "np.union1d([1, 3], [2, 3])",
              "np.intersect1d([1, 2, 3], [2, 3, 4])", "np.polyfit(np.array([0.0, 1, 2, 3]), np.array([1.0, 3, 5, 7]), 1)"]:
        add("sort-misc", e.replace("X", S), tol=1e-9)

    # conversions and attributes
    for e in ["np.arange(6).reshape(2, 3).tolist()", "np.float64(2.5).item()", "np.arange(4).item(2)",
              "float(np.array(2.5))", "float(np.array([2.5]))", "int(np.array(7))", "np.arange(3).dtype == np.int64",
              "np.arange(3.).dtype == 'float64'", "np.zeros(2, np.float32).dtype == np.float32",
              "str(np.zeros(2, np.float32).dtype)", "np.arange(6).reshape(2, 3).shape",
              "np.arange(6).reshape(2, 3).ndim", "np.arange(6).reshape(2, 3).size",
              "np.arange(6, dtype=np.int32).itemsize", "np.arange(6).nbytes", "len(np.zeros((4, 2)))",
              "[x.tolist() for x in np.arange(6).reshape(3, 2)]", "list(np.arange(3))",
              "np.arange(3).astype(np.float32)", "np.array([1.7, -1.7]).astype(np.int32)",
              "np.array([0, 2]).astype(bool)", "np.array([300, -1]).astype(np.uint8)",
              "np.result_type(np.float32, np.int64)", "np.promote_types('int32', 'float32')",
              "np.issubdtype(np.float32, np.floating)", "np.issubdtype(np.int32, np.floating)",
              "np.finfo(np.float32).eps", "np.iinfo(np.int32).max", "bool(np.array([1]))",
              "np.isscalar(3.0)", "np.ndim([[1, 2]])", "np.shape([[1, 2], [3, 4]])",
              "np.asarray(np.arange(3)) is not None", "np.arange(4).reshape(2, 2).T.copy()",
              "np.float32(0.1) + np.float64(0.1)", "np.float32(2) * 3", "np.int32(7) // 2",
              "np.uint8(200) + np.uint8(100)", "np.array([1, 2], dtype=np.int32) + np.int64(1)",
              "np.array([1.5], dtype=np.float32) + np.float64(1)", "sum(np.arange(4))", "abs(np.array([-1, 2]))",
              "-np.arange(3)", "+np.arange(3)", "max(np.arange(3))", "np.arange(6).reshape(2, 3).mT"]:
        add("convert", e)

    # printing: repr and str must match NumPy character for character
    P = ["np.array([1.0, 2.0])", "np.array([1.5, 2.25, 3.0])", "np.array([0.1, 0.2])",
         "np.array([1e-5, 1.0])", "np.array([1e8, 1.0])", "np.array([1.0, np.nan, np.inf, -np.inf])",
         "np.array([np.nan])", "np.array([-0.0, 0.0])", "np.arange(20.0)", "np.arange(2000.0)",
         "np.arange(1001)", "np.arange(12).reshape(3, 4)", "np.arange(24.0).reshape(2, 3, 4)",
         "np.array([True, False])", "np.array([True, True])", "np.array(5)", "np.array(2.5)",
         "np.array(True)", "np.zeros((0, 3))", "np.zeros(0)", "np.zeros(0, np.int32)",
         "np.array([1.0, 2.0], dtype=np.float32)", "np.array([0.1, 0.2], dtype=np.float32)",
         "np.arange(5, dtype=np.int32)", "np.arange(3, dtype=np.uint8)", "np.float64(1.5)",
         "np.float32(0.1)", "np.int64(3)", "np.bool_(True)", "np.float64(np.nan)",
         "np.array([123456789.0, 1.0])", "np.array([1.0 / 3, 2.0 / 3])", "np.array([1e-20, 1e20])",
         "np.array([-1.5, 22.25, 333.125])", "np.arange(100.0).reshape(10, 10) / 7",
         "np.linspace(0, 1, 11)", "np.array([[1.5, -2.0], [3.25, 4.0]])", "np.eye(3)",
         "np.array([1e-300, 1e300])", "np.array([0.001, 1000.0])", "np.array([0.0001, 1.0])",
         "np.arange(30).reshape(2, 15)", "np.arange(2500).reshape(50, 50)", "np.array([-1, 10, -100])",
         "np.array([1.123456789, 2.0])", "np.array([[True, False], [False, True]])",
         "np.array([0.5], dtype=np.float32) / 3", "np.arange(15.0) * 1.123456",
         "np.arange(-5.0, 5.0)", "np.array([2.0 ** 60])", "np.array([1.0, 1e16])",
         "np.ones((2, 1, 3))", "np.array([[1, 2], [3, 4]], dtype=np.uint8)"]
    for e in P:
        add("print-repr", "repr(%s)" % e, kind="repr")
        add("print-str", "str(%s)" % e, kind="repr")
    add("print-opts", "__block__np.set_printoptions(precision=3); r = repr(np.array([1.0 / 3, 2.5])); np.set_printoptions(precision=8)", kind="repr")
    add("print-opts", "__block__np.set_printoptions(suppress=True); r = repr(np.array([1e-5, 1.0])); np.set_printoptions(suppress=False)", kind="repr")
    add("print-opts", "__block__np.set_printoptions(threshold=5); r = str(np.arange(10)); np.set_printoptions(threshold=1000)", kind="repr")

    # errors: the exception class must match NumPy's (AxisError counts as ValueError)
    for e in ["np.arange(3) + np.arange(4)", "np.ones((2, 3)) * np.ones((3, 2))",
              "np.sum(np.ones((2, 3)), axis=2)", "np.sum(np.ones((2, 3)), axis=-3)",
              "np.arange(3)[3]", "np.arange(3)[-4]", "np.ones((2, 3))[0, 5]", "np.ones((2, 3))[1, 2, 3]",
              "np.arange(6).reshape(4, 2)", "np.arange(6).reshape(-1, 4)",
              "np.ones((2, 3)) @ np.ones((2, 3))", "np.dot(np.ones((2, 3)), np.ones((2, 3)))",
              "np.ones(3) & np.ones(3)", "np.zeros((1 << 20, 1 << 20))", "np.ones((1 << 30, 1 << 25), dtype=np.uint8)", "np.zeros(-1)",
              "np.concatenate([np.ones((2, 3)), np.ones((2, 4))])", "np.concatenate([np.ones(3), np.ones((2, 3))])",
              "np.array([1, 2], dtype='floaty')", "np.arange(3)[np.array([0.5])]", "np.arange(3)[[0, 5]]",
              "np.linalg.inv(np.ones((2, 2)))", "np.linalg.inv(np.ones((2, 3)))",
              "np.array([[1, 2], [3]])", "np.transpose(np.ones((2, 3)), (0, 0))", "np.squeeze(np.ones((2, 3)), 0)",
              "np.split(np.arange(5), 2)", "np.max(np.zeros(0))", "np.argmax(np.zeros(0))",
              "np.stack([np.ones(2), np.ones(3)])", "np.broadcast_to(np.ones(3), (2, 4))",
              "np.ones(3)[np.array([True, False])]", "bool(np.ones(3))", "len(np.float64(1))",
              "np.ones(3).reshape(2, 2)", "np.moveaxis(np.ones((2, 3)), 0, 5)", "-np.array([True])",
              "np.array([True]) - np.array([True])", "np.expand_dims(np.ones(3), 3)",
              "np.arange(1, 0.5, 0)", "np.float32(1)[0]", "np.eye(-2)", "np.tile(np.ones(2), -1)",
              "np.linalg.solve(np.ones((2, 2)), np.ones(2))", "np.ones((2, 2))[::0]",
              "np.arange(4).astype('int8x')", "np.random_nonexistent"]:
        add("errors", e, kind="error")
    add("errors", "__block__a = np.arange(3); a[5] = 1; r = a", kind="error")
    add("errors", "__block__a = np.arange(3); a[:2] = [1, 2, 3]; r = a", kind="error")
    add("errors", "__block__a = np.broadcast_to(np.arange(3), (2, 3)); a[0, 0] = 1; r = a", kind="error")
    add("errors", "__block__a = np.arange(3); a += 1.5; r = a", kind="error")

    # jax.numpy against NumPy on float32/int32 data (the dtypes JAX uses without x64)
    J = [("jnp.exp(X)", "np.exp(Xf)"), ("jnp.tanh(X)", "np.tanh(Xf)"), ("jnp.sum(X, axis=0)", "np.sum(Xf, axis=0)"),
         ("jnp.mean(X)", "np.mean(Xf)"), ("jnp.var(X, axis=1)", "np.var(Xf, axis=1)"),
         ("X @ X.T", "Xf @ Xf.T"), ("jnp.dot(X, X.T)", "np.dot(Xf, Xf.T)"), ("X[1:, ::2]", "Xf[1:, ::2]"),
         ("X[jnp.array([0, 2])]", "Xf[np.array([0, 2])]"), ("X[X > 1]", "Xf[Xf > 1]"),
         ("jnp.maximum(X, 0)", "np.maximum(Xf, np.float32(0))"), ("X * 2", "Xf * np.float32(2)"),
         ("X / 3", "Xf / np.float32(3)"), ("jnp.where(X > 0, X, 0.0)", "np.where(Xf > 0, Xf, np.float32(0))"),
         ("jnp.argmax(X, axis=1)", "np.argmax(Xf, axis=1).astype(np.int32)"), ("jnp.max(X)", "np.max(Xf)"),
         ("jnp.sort(X, axis=1)", "np.sort(Xf, axis=1)"), ("jnp.concatenate([X, X])", "np.concatenate([Xf, Xf])"),
         ("jnp.stack([X, X], axis=1)", "np.stack([Xf, Xf], axis=1)"), ("X.reshape(4, 3)", "Xf.reshape(4, 3)"),
         ("jnp.linalg.norm(X)", "np.linalg.norm(Xf)"), ("jnp.clip(X, -1, 1)", "np.clip(Xf, np.float32(-1), np.float32(1))"),
         ("jnp.cumsum(X, axis=1)", "np.cumsum(Xf, axis=1)"), ("X.at[0, 1].set(9.0)", "_set(Xf, (0, 1), 9.0)"),
         ("X.at[jnp.array([0, 0, 2])].add(1.0)", "_addat(Xf, np.array([0, 0, 2]), 1.0)"),
         ("jnp.arange(5)", "np.arange(5, dtype=np.int32)"), ("jnp.arange(5) * 2", "np.arange(5, dtype=np.int32) * 2"),
         ("jnp.arange(5) / 2", "(np.arange(5) / 2).astype(np.float32)"), ("jnp.zeros((2, 3))", "np.zeros((2, 3), np.float32)"),
         ("jnp.ones(3, dtype=jnp.int32)", "np.ones(3, np.int32)"), ("jnp.eye(3)", "np.eye(3, dtype=np.float32)"),
         ("jnp.linspace(0, 1, 5)", "np.linspace(0, 1, 5).astype(np.float32)"), ("jnp.einsum('ij,kj->ik', X, X)", "np.einsum('ij,kj->ik', Xf, Xf)"),
         ("jnp.transpose(X)", "Xf.T"), ("jnp.mean(X, axis=0, keepdims=True)", "np.mean(Xf, axis=0, keepdims=True)"),
         ("jnp.sum(jnp.arange(4))", "np.sum(np.arange(4, dtype=np.int32)).astype(np.int32)"),
         ("jnp.array([1, 2]) + jnp.array([1.5, 2.5])", "np.array([2.5, 4.5], np.float32)"),
         ("jnp.asarray(np.arange(3.0))", "np.arange(3.0, dtype=np.float32)"),
         ("np.asarray(jnp.arange(3.0))", "np.arange(3.0, dtype=np.float32)"),
         ("jnp.array(np.arange(3))", "np.arange(3, dtype=np.int32)"), ("jnp.round(X)", "np.round(Xf)"),
         ("jnp.take(X, jnp.array([2, 0]), axis=1)", "np.take(Xf, np.array([2, 0]), axis=1)"),
         ("jnp.tril(X[:, :3])", "np.tril(Xf[:, :3])"), ("jnp.tile(X[0], 2)", "np.tile(Xf[0], 2)"),
         ("jnp.repeat(X[0], 2)", "np.repeat(Xf[0], 2)"), ("jnp.roll(X, 1, axis=1)", "np.roll(Xf, 1, axis=1)"),
         ("jnp.flip(X)", "np.flip(Xf)"), ("jnp.outer(X[0], X[1])", "np.outer(Xf[0], Xf[1])"),
         ("jnp.linalg.inv(X[:, :3] + 3 * jnp.eye(3))", "np.linalg.inv(Xf[:, :3] + np.float32(3) * np.eye(3, dtype=np.float32))")]
    XJ = mk("jnp", "float32", (3, 4))
    XN = mk("np", "float32", (3, 4))
    for s, r in J:
        add("jnp", s.replace("X", XJ), ref=r.replace("Xf", XN), tol=2e-6)


# ---- running ---------------------------------------------------------------------------
SER = '''
def _ser(r):
    if isinstance(r, (tuple, list)):
        return "T[" + ";".join([_ser(x) for x in r]) + "]"
    if hasattr(r, "dtype") and hasattr(r, "shape"):
        a = np.asarray(r)
        return "A|%s|%s|%s" % (a.dtype, a.shape, repr(a.ravel().tolist()))
    if type(r).__name__.endswith("DType") or type(r).__name__ == "dtype":
        return "D|%s" % (r,)
    if isinstance(r, (bool, int, float, str)) or r is None:
        return "P|" + repr(r)
    return "O|" + type(r).__name__
'''

HELPERS = '''
def _set(a, idx, v):
    a = a.copy()
    a[idx] = v
    return a

def _addat(a, idx, v):
    a = a.copy()
    np.add.at(a, idx, v)
    return a
'''


def program(cases, use_ref, ids=None):
    lines = ["import numpy as np"]
    if not use_ref:
        lines.append("import jax.numpy as jnp")
    lines.append(SER)
    if use_ref:
        lines.append(HELPERS)
    for i, c in enumerate(cases):
        if ids is not None and i not in ids:
            continue
        e = c.ref if use_ref else c.expr
        if e.startswith("__block__"):
            body = e[len("__block__"):]
            stmts = [s.strip() for s in body.split(";")]
            lines.append("def _case%d():" % i)
            for s in stmts:
                lines.append("    " + s)
            lines.append("    return r")
            e = "_case%d()" % i
        if c.kind == "error":
            lines.append("try:\n    _r = %s\n    print('R%d ' + _ser(_r))\nexcept Exception as _e:\n"
                         "    print('E%d ' + type(_e).__name__)" % (e, i, i))
        else:
            lines.append("try:\n    _r = %s\n    print('R%d ' + (_r if %r else _ser(_r)).replace(chr(10), chr(1)))\n"
                         "except Exception as _e:\n    print('E%d ' + type(_e).__name__ + ': ' + str(_e).replace(chr(10), ' '))"
                         % (e, i, c.kind == "repr", i))
    return "\n".join(lines) + "\n"


CRASHED = {}


def run_sable(td, ids, binary=None, env=None):
    """Run the cases `ids` in one Sable process; a crash is narrowed down to the case."""
    binary = binary or SABLE
    sp = os.path.join(td, "cases.py")
    with open(sp, "w") as f:
        f.write(program(CASES, use_ref=False, ids=set(ids)))
    try:
        p = subprocess.run([binary, sp], capture_output=True, text=True, timeout=600,
                           errors="replace", env=env)
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        rc, out, err = None, "", "timeout"
    res = parse_output(out)
    if rc is None or rc < 0 or (rc != 0 and len(res) < len(ids)):
        if len(ids) == 1:
            CRASHED[ids[0]] = "crashed (%s): %s" % ("timeout" if rc is None else "rc %s" % rc,
                                                   " | ".join(err.strip().splitlines()[-2:]))
            return {}
        h = len(ids) // 2
        res = run_sable(td, ids[:h], binary, env)
        res.update(run_sable(td, ids[h:], binary, env))
    return res


def parse_output(text):
    res = {}
    for line in text.splitlines():
        if line[:1] in ("R", "E") and " " in line:
            head, _, rest = line.partition(" ")
            try:
                res[int(head[1:])] = (head[0], rest)
            except ValueError:
                pass
    return res


EXC_MAP = {"AxisError": "ValueError", "UFuncTypeError": "TypeError", "_UFuncNoLoopError": "TypeError",
           "_UFuncOutputCastingError": "TypeError", "ComplexWarning": "TypeError"}


def close(a, b, tol):
    if isinstance(a, float) and isinstance(b, float):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        if math.isinf(a) or math.isinf(b):
            return a == b
        return abs(a - b) <= tol * max(1.0, abs(a), abs(b))
    return a == b and type(a) == type(b)


def compare(c, got, want):
    gk, gv = got
    wk, wv = want
    if c.kind == "error":
        want_name = EXC_MAP.get(wv, wv) if wk == "E" else "no error"
        got_name = gv.split(":")[0] if gk == "E" else "no error"
        if want_name != got_name:
            return "expected %s, got %s" % (want_name, got_name + (" " + gv if gk == "R" else ""))
        return None
    if wk == "E" or gk == "E":
        if wk == gk and EXC_MAP.get(wv.split(":")[0], wv.split(":")[0]) == gv.split(":")[0]:
            return None
        return "numpy: %s %s | sable: %s %s" % (wk, wv[:200], gk, gv[:200])
    if c.kind == "repr":
        return None if gv == wv else "numpy: %r | sable: %r" % (wv.replace("\x01", "\n"), gv.replace("\x01", "\n"))
    return compare_ser(gv, wv, c.tol)


def split_top(s):
    parts, depth, cur = [], 0, ""
    for ch in s:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        if ch == ";" and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return parts


def compare_ser(g, w, tol):
    if g.startswith("T[") and w.startswith("T["):
        gp, wp = split_top(g[2:-1]), split_top(w[2:-1])
        if len(gp) != len(wp):
            return "tuple length %d vs %d" % (len(gp), len(wp))
        for x, y in zip(gp, wp):
            e = compare_ser(x, y, tol)
            if e:
                return e
        return None
    if g.startswith("A|") and w.startswith("A|"):
        _, gd, gs, gvals = g.split("|", 3)
        _, wd, ws, wvals = w.split("|", 3)
        if gd != wd or gs != ws:
            return "dtype/shape numpy %s %s | sable %s %s" % (wd, ws, gd, gs)
        gl = eval(gvals, {"nan": float("nan"), "inf": float("inf")})
        wl = eval(wvals, {"nan": float("nan"), "inf": float("inf")})
        t = tol if tol is not None else (4e-7 if gd == "float32" else 4e-15)
        for x, y in zip(gl, wl):
            if not close(x, y, t):
                return "values numpy %s | sable %s" % (wvals[:300], gvals[:300])
        return None
    if g != w:
        if g.startswith("P|") and w.startswith("P|"):
            try:
                gx = eval(g[2:], {"nan": float("nan"), "inf": float("inf")})
                wx = eval(w[2:], {"nan": float("nan"), "inf": float("inf")})
                if isinstance(gx, float) and isinstance(wx, float) and close(gx, wx, tol or 4e-15):
                    return None
            except Exception:
                pass
        return "numpy %s | sable %s" % (w[:300], g[:300])
    return None


def main():
    build_cases()
    builds = [("", SABLE, None)]
    if SABLE_ASAN and os.path.exists(SABLE_ASAN):
        builds.append(("asan-", SABLE_ASAN, ASAN_ENV))
    failed = 0
    with tempfile.TemporaryDirectory() as td:
        rp = os.path.join(td, "ref.py")
        with open(rp, "w") as f:
            f.write(program(CASES, use_ref=True))
        ref = subprocess.run([sys.executable, rp], capture_output=True, text=True, timeout=300)
        if ref.returncode != 0:
            print("FAIL np_diff/reference: the NumPy side failed: " + ref.stderr[-500:].replace("\n", " | "))
            return 1
        wres = parse_output(ref.stdout)
        for prefix, binary, env in builds:
            CRASHED.clear()
            gres = {}
            ids = list(range(len(CASES)))
            for k in range(0, len(ids), 400):
                gres.update(run_sable(td, ids[k:k + 400], binary, env))
            failed += report(prefix, gres, wres)
    return 1 if failed else 0


def report(prefix, gres, wres):
    groups = {}
    for i, c in enumerate(CASES):
        g = groups.setdefault(c.group, [0, 0, []])
        g[0] += 1
        if i in CRASHED:
            err = CRASHED[i]
        elif i not in gres:
            err = "no result"
        elif i not in wres:
            err = "no numpy result"
        else:
            err = compare(c, gres[i], wres[i])
        if err:
            g[1] += 1
            g[2].append("%s  ->  %s" % (c.expr[:160], err))
    verbose = os.environ.get("NP_DIFF_VERBOSE")
    failed = 0
    for name in sorted(groups):
        n, nf, msgs = groups[name]
        if nf:
            failed += 1
            print("FAIL %snp_diff/%s: %d of %d cases differ; first: %s" % (prefix, name, nf, n, msgs[0]))
            if verbose:
                for m in msgs[1:int(verbose) if verbose.isdigit() else None]:
                    print("    " + m)
        else:
            print("PASS %snp_diff/%s (%d cases)" % (prefix, name, n))
    return failed


if __name__ == "__main__":
    sys.exit(main())
