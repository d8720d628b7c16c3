#!/usr/bin/env python3
"""The sanitizer build compiles generated code (engine/cgen) with its own sanitizer flags, so
ASan/UBSan check the fused kernels too (issue #11).
  instrumented   the cached object of a jit-ed graph, built by the ASan binary, links libasan
                 and libubsan, and the result equals the release build's
  catches        a compiler wrapper that adds a heap overflow to the generated source: the ASan
                 binary reports it (heap-buffer-overflow), i.e. the flags reach the compiled code
Env: SABLE_ASAN (the ASan binary; SKIP without it), SABLE (release binary)."""
import os
import subprocess
import sys
import tempfile

ROOT = os.environ.get("SABLE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
SABLE = os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable"))
ASAN = os.environ.get("SABLE_ASAN", "")

PROG = r'''
import jax, jax.numpy as jnp
x = jnp.linspace(-3.0, 3.0, 20000, dtype=jnp.float32)
f = jax.jit(lambda x: jnp.where(x > 0, x, 1.5 * x) * 2.0 + jnp.abs(x - 1.0))
print(float(f(x).sum()))
'''

BAD_H = r'''
#include <stdlib.h>
__attribute__((constructor)) static void sable_test_overflow(void) {
  volatile char *p = malloc(4);
  p[4] = 1;   /* one past the end */
  free((void *)p);
}
'''


def run(binary, prog, cache, extra=None):
    env = dict(os.environ, XDG_CACHE_HOME=cache, SABLE_CGEN_SYNC="1", SABLE_CGEN_MIN_SIZE="0")
    env.update(extra or {})
    return subprocess.run([binary, prog], capture_output=True, text=True, env=env, timeout=600)


def main():
    if not ASAN or not os.access(ASAN, os.X_OK):
        print("SKIP instrumented: no ASan build (SABLE_ASAN)")
        return 0
    results = []
    with tempfile.TemporaryDirectory(prefix="cgen_asan_") as tmp:
        prog = os.path.join(tmp, "prog.py")
        with open(prog, "w") as f:
            f.write(PROG)
        rel = run(SABLE, prog, os.path.join(tmp, "rel"))
        asan = run(ASAN, prog, os.path.join(tmp, "asan"))
        why = []
        if rel.returncode or asan.returncode:
            why.append(f"exit {rel.returncode}/{asan.returncode}: {asan.stderr[-400:]}")
        elif rel.stdout != asan.stdout:
            why.append(f"release {rel.stdout!r} vs asan {asan.stdout!r}")
        objs = [os.path.join(d, n) for d, _, ns in os.walk(os.path.join(tmp, "asan")) for n in ns
                if n.endswith(".so")]
        if not objs:
            why.append("no compiled object in the ASan run's cache")
        for o in objs:
            deps = subprocess.run(["ldd", o], capture_output=True, text=True).stdout
            if "libasan" not in deps or "libubsan" not in deps:
                why.append(f"{os.path.basename(o)} is not instrumented: {deps.strip()[:300]}")
        results.append(("FAIL" if why else "PASS", "instrumented", "; ".join(why)))
        # a wrapper compiler that adds an overflow to every generated source
        bad = os.path.join(tmp, "bad.h")
        with open(bad, "w") as f:
            f.write(BAD_H)
        cc = os.path.join(tmp, "cc-wrap")
        with open(cc, "w") as f:
            f.write(f"#!/bin/sh\nexec cc \"$@\" -include {bad}\n")
        os.chmod(cc, 0o755)
        p = run(ASAN, prog, os.path.join(tmp, "bad"), {"SABLE_CC": cc})
        ok = p.returncode != 0 and ("heap-buffer-overflow" in p.stderr or "runtime error: store to address" in p.stderr)
        results.append(("PASS" if ok else "FAIL", "catches",
                        "" if ok else f"exit {p.returncode}, stderr {p.stderr[-400:]!r}"))
    for st, name, why in results:
        print(f"{st} {name}" + (f": {why}" if st == "FAIL" else ""))
    return 1 if any(st == "FAIL" for st, _, _ in results) else 0


if __name__ == "__main__":
    sys.exit(main())
