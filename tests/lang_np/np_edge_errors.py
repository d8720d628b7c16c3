import os
import tempfile
import numpy as np


def attempt(label, fn):
    try:
        r = fn()
        print(label, "->", repr(r))
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


def store_nan():
    a = np.arange(3)
    a[0] = np.nan
    return a


def store_inf():
    a = np.arange(3)
    a[1] = float("inf")
    return a


def store_300_u8():
    a = np.zeros(3, dtype=np.uint8)
    a[0] = 300
    return a


def store_neg_u8():
    a = np.zeros(3, dtype=np.uint8)
    a[2] = -1
    return a


def store_big_i32():
    a = np.zeros(2, dtype=np.int32)
    a[0] = 2**40
    return a


def store_ok():
    a = np.zeros(3, dtype=np.uint8)
    a[0] = 255
    a[1] = 2.7
    return a


attempt("a[0] = nan", store_nan)
attempt("a[1] = inf", store_inf)
attempt("uint8 a[0] = 300", store_300_u8)
attempt("uint8 a[2] = -1", store_neg_u8)
attempt("int32 a[0] = 2**40", store_big_i32)
attempt("uint8 in range", store_ok)
path = os.path.join(tempfile.mkdtemp(), "two_columns.txt")
with open(path, "w") as f:
    f.write("1 2\n3 4\n")
attempt("loadtxt usecols=(5,)", lambda: np.loadtxt(path, usecols=(5,)))
attempt("loadtxt usecols=(1,)", lambda: np.loadtxt(path, usecols=(1,)))
attempt("inv of nan", lambda: (np.linalg.inv(np.array([[np.nan, 1.0], [2.0, 3.0]])).shape,
                              bool(np.isnan(np.linalg.inv(np.array([[np.nan, 1.0], [2.0, 3.0]]))).any())))
attempt("arange(5)[[]]", lambda: np.arange(5)[[]])
attempt("arange(5)[[]].dtype", lambda: str(np.arange(5)[[]].dtype))
