"""Shared by cgen_diff.py and cgen_epi.py: the head of the Sable program they generate, running
it once per mode, the tolerance of a transcendental function's result, and their ending."""
import os
import shutil
import subprocess

import numpy as np

_HEAD = r'''
import sys
import jax
import jax.numpy as jnp
import numpy as np
jax.config.update("jax_enable_x64", True)
{extra}D = sys.argv[1]
def load(name, layout):
    a = jnp.asarray(np.load(D + "/" + name))
    if layout == "slice":
        return a[..., ::2]
    if layout == "T":
        return jnp.transpose(a)
    return a
def run(gi, f, names):
    r = jax.jit(f)(*[load(n, l) for n, l in names])
    for k, y in enumerate(r):
        np.save(f"{{D}}/out{{sys.argv[2]}}_{{gi}}_{{k}}.npy", np.asarray(y))
'''


def program_head(extra=""):
    """The generated program's first lines: run `prog.py DIR TAG`, it defines load(name, layout),
    which reads DIR/name as saved ("c"), or the every-other-column slice ("slice") or the
    transpose ("T") of what was saved, and run(gi, f, names), which jits f over those inputs and
    saves its k-th output as DIR/out<TAG>_<gi>_<k>.npy. `extra`: lines to run before them."""
    return _HEAD.format(extra=extra)


def run_modes(sable, path, tmp, modes, timeout):
    """Runs the program once per (tag, env) in modes, in order. Returns ({tag: process}, None),
    or (those run, a FAIL result naming the first that exited non-zero) without running more."""
    runs = {}
    for tag, env in modes:
        p = subprocess.run([sable, path, tmp, tag], capture_output=True, env=env, timeout=timeout)
        runs[tag] = p
        if p.returncode != 0:
            err = p.stderr.decode(errors="replace").strip().splitlines()
            return runs, ("FAIL", f"run_{tag}", f"exit {p.returncode}: {err[-1] if err else ''}")
    return runs, None


def libm_tol(dtype):
    """Relative tolerance for a result of transcendental functions: libmvec's vector variants
    (<= 4 ulp each) against the eager kernels' scalar or vector libm, through a short chain."""
    return 2.0 ** -15 if np.dtype(dtype) == np.float32 else 2.0 ** -40


def drop_tmp(tmp, keep_var):
    """Removes the suite's scratch folder, unless $keep_var is set: then says where it is."""
    if not os.environ.get(keep_var):
        shutil.rmtree(tmp, ignore_errors=True)
    else:
        print("kept", tmp)


def report(results, detailed=()):
    """Prints a PASS/FAIL line a result, with its detail where it failed or is named in
    `detailed`; returns the exit status."""
    for st, name, why in results:
        print(f"{st} {name}" + (f": {why}" if st == "FAIL" or name in detailed else ""))
    return 1 if any(r[0] == "FAIL" for r in results) else 0
