#!/usr/bin/env python3
"""Compiled jit (engine/cgen) without a working compiler, and its compile in the background.
Checked against the eager graph runner (SABLE_NO_FUSE=1), bit for bit:
  no_compiler     SABLE_CC=/nonexistent: the fused groups run tiled (cgen_tile.c), no warning
  broken_cc       a compiler that fails on every source: one UserWarning naming its exit status
                  and first diagnostic, tiled results, exit 0 (foreground and background compile)
  hanging_cc      a compiler that never finishes: killed after SABLE_CC_TIMEOUT, one warning,
                  no `cc` left running, no temporaries
  exit_*          a program that ends while its compiles run: it exits at once (its stdout/stderr
                  pipes close), the compile carries on detached and lands in the disk cache, where
                  a second process finds it (disk hits, bit-equal); a hanging compiler is still
                  killed at SABLE_CC_TIMEOUT and a failing one leaves nothing behind
  background      a cold cache: the first calls run tiled while `cc` runs on a thread, then the
                  program switches to the compiled kernels (log), every result exact; a second
                  process loads the object from the disk cache
  jit_in_loop     jit(f) made anew in a loop: every call re-traces; the plans share the one compile
                  (one `cc` run) and, once it has landed, find it in the memory cache (one may find it on disk
                  between its rename into the cache and its load by the compile thread)
  as_text         jit(f).lower(x).as_text() is the jaxpr-like module text, .compile().as_text()
                  the generated C
Env: SABLE (binary), SABLE_ROOT."""
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.environ.get("SABLE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
SABLE = os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable"))

# exact operations only (selects, compares, + - * /, integer powers, casts, broadcasts), so that
# the compiled kernels are bit-equal to the eager ones too; transcendental ones in a tiled-only run
PROG = r'''
import sys, time
import jax, jax.numpy as jnp, numpy as np
D, tag, reps, pause = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
rs = np.random.RandomState(0)
x = jnp.asarray(rs.randn(3000).astype(np.float32))
m = jnp.asarray(rs.randn(30, 100).astype(np.float32))
b = jnp.asarray(rs.randn(100).astype(np.float32))
i = jnp.asarray(rs.randint(-50, 50, 3000).astype(np.int32))
@jax.jit
def f1(x):
    return 1.0507 * jnp.where(x > 0, x, 1.6732 * (x * x - 1.0) / 3.0)
@jax.jit
def f2(m, b):
    y = (m * b + 0.5) ** 3 - m / (b + 3.0)
    return jnp.maximum(y, -1.0), (y * 4.0).astype(jnp.int32)
@jax.jit
def f3(i, x):
    return (i * 3 - 7) // 2 + (x > 0.1).astype(jnp.int32) * i
@jax.jit
def f4(x):
    return jnp.tanh(jnp.exp(-jnp.abs(x)) * 2.0) + jnp.log1p(x * x)
@jax.jit
def f5(x, m):   # reductions: no tiled form, run eagerly while `cc` runs in the background
    return (jnp.max(jnp.abs(x) * 2.0 - 1.0), jnp.sum((m * 3.0).astype(jnp.int32), axis=1),
            jnp.sum(x * x - x))
Xm = jnp.asarray(rs.randn(64, 8).astype(np.float32))
W1 = jnp.asarray(rs.randn(8, 16).astype(np.float32) * 0.3)
W2 = jnp.asarray(rs.randn(16, 3).astype(np.float32))
@jax.jit
def f6(W1, b):   # relu's JVP selects against a broadcast zero that a group outputs (once unwritten)
    return jax.grad(lambda W1, b: jnp.sum((jax.nn.relu(Xm @ W1 + b[:16]) @ W2) ** 2), argnums=(0, 1))(W1, b)
outs = []
for r in range(reps):
    res = [f1(x), *f2(m, b), f3(i, x), *f5(x, m), *f6(W1, b)] + ([f4(x)] if tag.startswith("t") else [])
    outs.append([np.asarray(a) for a in res])
    if pause:
        time.sleep(pause)
for k, a in enumerate(outs[0]):
    np.save(f"{D}/{tag}_{k}.npy", a)
same = all(o[k].tobytes() == outs[0][k].tobytes() for o in outs for k in range(len(o)))
print("runs_agree", same)
'''


def write_cc(path, body):
    with open(path, "w") as f:
        f.write("#!/bin/sh\ncase \"$*\" in *-dumpfullversion*) exec cc \"$@\";; esac\n" + body)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)


def run(tmp, tag, env_extra, reps=1, pause=0.0, timeout=120):
    env = {k: v for k, v in os.environ.items() if not k.startswith("SABLE_") or k in ("SABLE", "SABLE_ROOT")}
    env["XDG_CACHE_HOME"] = os.path.join(tmp, "cache-" + env_extra.pop("_cache", tag))
    env.update(env_extra)
    t0 = time.time()
    p = subprocess.run([SABLE, os.path.join(tmp, "prog.py"), tmp, tag, str(reps), str(pause)],
                       capture_output=True, text=True, env=env, timeout=timeout)
    return p, time.time() - t0


def compare(tmp, tag, ref="e"):
    k, bad = 0, []
    while os.path.exists(f"{tmp}/{ref}_{k}.npy"):
        if not os.path.exists(f"{tmp}/{tag}_{k}.npy"):
            break
        a, b = np.load(f"{tmp}/{tag}_{k}.npy"), np.load(f"{tmp}/{ref}_{k}.npy")
        if a.dtype != b.dtype or a.shape != b.shape or a.tobytes() != b.tobytes():
            bad.append(f"output {k} differs from the eager runner's")
        k += 1
    return bad if k else ["no outputs"]


def check(results, name, p, tmp, tag, want_warn=None, more=None, ref="e"):
    why = []
    if p.returncode != 0:
        why.append(f"exit {p.returncode}: {p.stderr.strip().splitlines()[-1:] if p.stderr.strip() else ''}")
    else:
        why += compare(tmp, tag, ref)
        if "runs_agree True" not in p.stdout:
            why.append("repeated runs disagree")
    warns = [l for l in p.stderr.splitlines() if "UserWarning" in l]
    if want_warn is None and warns:
        why.append(f"unexpected warning {warns[0]!r}")
    if want_warn is not None:
        if len(warns) != 1:
            why.append(f"{len(warns)} warnings, expected 1: {warns}")
        elif not re.search(want_warn, warns[0]):
            why.append(f"warning {warns[0]!r} does not match {want_warn!r}")
    if more:
        why += more
    results.append(("FAIL" if why else "PASS", name, "; ".join(why)))


def hang_alive(tmp, kill=False):
    """pids of the hanging compilers (hang-PID.pid files) whose `sleep` still runs"""
    alive = []
    for fn in os.listdir(tmp):
        if fn.startswith("hang-") and fn.endswith(".pid"):
            pid = open(os.path.join(tmp, fn)).read().strip()
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    if b"sleep" in f.read():
                        alive.append(pid)
                        if kill:
                            os.kill(int(pid), 9)
            except OSError:
                pass
    return alive


def main():
    results = []
    tmp = tempfile.mkdtemp(prefix="cgen_fallback_")
    try:
        with open(os.path.join(tmp, "prog.py"), "w") as f:
            f.write(PROG)
        p, _ = run(tmp, "e", {"SABLE_NO_FUSE": "1"})
        if p.returncode != 0:
            return [("FAIL", "eager_reference", p.stderr[-500:])]
        p, _ = run(tmp, "te", {"SABLE_NO_FUSE": "1"})   # with the transcendental graph
        # 1. no compiler: tiled, silent
        p, _ = run(tmp, "tn", {"SABLE_CC": "/nonexistent", "SABLE_CGEN_LOG": "1"})
        n = len(re.findall(r"no compiler \(tiled fallback\)", p.stderr))
        check(results, "no_compiler", p, tmp, "tn", ref="te",
              more=[] if n >= 4 else [f"{n} graphs planned tiled, expected 4"])
        # 2. a compiler that fails
        bad = os.path.join(tmp, "badcc")
        write_cc(bad, "echo 'gen.c:1:1: error: simulated compiler failure' >&2\nexit 3\n")
        pat = r"^UserWarning: compiled jit unavailable: the C compiler '.*badcc' failed on the generated code \(exit status 3\): gen.c:1:1: error: simulated compiler failure\."
        p, _ = run(tmp, "bs", {"SABLE_CC": bad, "SABLE_CGEN_SYNC": "1"}, reps=2)
        check(results, "broken_cc_sync", p, tmp, "bs", want_warn=pat)
        p, _ = run(tmp, "bb", {"SABLE_CC": bad}, reps=20, pause=0.05)
        check(results, "broken_cc_background", p, tmp, "bb", want_warn=pat)
        # 3. a compiler that hangs: killed after the timeout, not left running
        hang = os.path.join(tmp, "hangcc")
        write_cc(hang, f"echo $$ > {tmp}/hang-$$.pid\nexec sleep 300\n")
        p, dt = run(tmp, "hs", {"SABLE_CC": hang, "SABLE_CGEN_SYNC": "1", "SABLE_CC_TIMEOUT": "1"})
        check(results, "hanging_cc_sync", p, tmp, "hs",
              want_warn=r"did not finish within 1 s \(SABLE_CC_TIMEOUT\) and was killed",
              more=[] if dt < 30 else [f"took {dt:.1f} s"])
        p, dt = run(tmp, "hb", {"SABLE_CC": hang, "SABLE_CC_TIMEOUT": "1"}, reps=40, pause=0.05)
        time.sleep(0.3)
        alive = []
        for fn in os.listdir(tmp):
            if fn.startswith("hang-") and fn.endswith(".pid"):
                pid = open(os.path.join(tmp, fn)).read().strip()
                try:
                    with open(f"/proc/{pid}/cmdline", "rb") as f:
                        if b"sleep" in f.read():
                            alive.append(pid)
                except OSError:
                    pass
        check(results, "hanging_cc_background", p, tmp, "hb",
              want_warn=r"did not finish within 1 s", more=([] if dt < 30 else [f"took {dt:.1f} s"]) +
              ([f"compiler still running after exit: pids {alive}"] if alive else []))
        leftovers = [f for f in os.listdir(os.path.join(tmp, "cache-hb", "sable")) if f.startswith("tmp-")] \
            if os.path.isdir(os.path.join(tmp, "cache-hb", "sable")) else []
        results.append(("FAIL" if leftovers else "PASS", "hanging_cc_cleanup",
                        f"temporaries left: {leftovers}" if leftovers else ""))
        # a program that ends while its compile runs: exit is not delayed, the compiler carries on
        # (detached) until SABLE_CC_TIMEOUT kills it, and nothing is left in the cache directory
        for fn in os.listdir(tmp):
            if fn.startswith("hang-"):
                os.unlink(os.path.join(tmp, fn))
        t0 = time.time()
        p, dt = run(tmp, "hx", {"SABLE_CC": hang, "SABLE_CC_TIMEOUT": "4"}, reps=1)
        early = None
        while time.time() - t0 < 3.5 and not early:   # the compiler starts a few ms after exit
            early = hang_alive(tmp)
            time.sleep(0.05)
        time.sleep(max(0.0, t0 + 6.0 - time.time()))
        late = hang_alive(tmp, kill=True)
        cdir = os.path.join(tmp, "cache-hx", "sable")
        litter = os.listdir(cdir) if os.path.isdir(cdir) else []
        check(results, "exit_while_compiling", p, tmp, "hx",
              more=([f"exit took {dt:.1f} s (waited for the compiler?)"] if dt >= 3.5 else []) +
              (["the compiler did not outlive the program"] if early == [] else []) +
              ([f"compiler still running after its timeout: pids {late}"] if late else []) +
              ([f"left in the cache: {litter}"] if litter else []))
        # a compile that fails after the program has gone: nothing is left behind
        slowbad = os.path.join(tmp, "slowbadcc")
        write_cc(slowbad, "sleep 1\necho 'gen.c:1:1: error: late failure' >&2\nexit 3\n")
        t0 = time.time()
        p, dt = run(tmp, "fx", {"SABLE_CC": slowbad}, reps=1)
        # (each compile takes 1 s; beyond SABLE_CC_JOBS they run one after another in the keeper
        # that takes over the queue at exit, so wait for the last of them, up to 30 s)
        cdir = os.path.join(tmp, "cache-fx", "sable")
        while True:
            time.sleep(0.5)
            litter = os.listdir(cdir) if os.path.isdir(cdir) else []
            if not litter or time.time() - t0 > 30:
                break
        check(results, "exit_failing_compile", p, tmp, "fx",
              more=[f"left in the cache: {litter}"] if litter else [])
        # a short program on a cold cache (one run of each graph, so never switched): its compiles
        # land in the disk cache after it exits, and the next process hits them
        p, dt = run(tmp, "xs", {"SABLE_CGEN_LOG": "1"}, reps=1)
        started = len(re.findall(r"compiling in the background", p.stderr))
        cdir = os.path.join(tmp, "cache-xs", "sable")
        objs, litter = [], ["?"]
        for _ in range(600):   # up to 60 s for the detached compiles
            names = os.listdir(cdir) if os.path.isdir(cdir) else []
            objs = [f for f in names if f.startswith("sbk-") and f.endswith(".so")]
            litter = [f for f in names if f.startswith("tmp-")]
            if len(objs) >= started and not litter:
                break
            time.sleep(0.1)
        check(results, "exit_compiles_land", p, tmp, "xs",
              more=([f"{started} background compiles started: {p.stderr[-500:]}"] if started < 3 else []) +
              ([f"{len(objs)} objects in the cache for {started} compiles"] if len(objs) < started else []) +
              ([f"temporaries left: {litter}"] if litter else []))
        p, _ = run(tmp, "xd", {"SABLE_CGEN_LOG": "1", "_cache": "xs"}, reps=1)
        hits = len(re.findall(r": disk cache in", p.stderr))
        check(results, "exit_then_disk_hit", p, tmp, "xd",
              more=[] if hits >= 3 and hits == started else
              [f"{hits} disk cache hits for {started} graphs: {p.stderr[-500:]}"])
        # 4. background compile: tiled first, then switched; bit-equal throughout
        p, _ = run(tmp, "bg", {"SABLE_CGEN_LOG": "1"}, reps=60, pause=0.1, timeout=300)
        started = len(re.findall(r"compiling in the background", p.stderr))
        switched = len(re.findall(r"compiled in [0-9.]+ ms \(background\), switched", p.stderr))
        check(results, "background_switch", p, tmp, "bg",
              more=[] if started >= 4 and switched >= 4 else
              [f"{started} background compiles, {switched} switches: {p.stderr[-800:]}"])
        p, _ = run(tmp, "bd", {"SABLE_CGEN_LOG": "1", "_cache": "bg"}, reps=1)
        hits = len(re.findall(r": disk cache in", p.stderr))
        check(results, "background_disk_cache", p, tmp, "bd",
              more=[] if hits >= 4 else [f"{hits} disk cache hits: {p.stderr[-500:]}"])
        # jit(f) made inside a loop: one compile shared by the re-traced plans, then memory hits
        counting = os.path.join(tmp, "countcc")
        write_cc(counting, f"echo run >> {tmp}/cc-runs\nexec cc \"$@\"\n")
        prog = os.path.join(tmp, "jitloop.py")
        with open(prog, "w") as f:
            # until 8 calls after the object is in the cache (at most 600 calls)
            f.write("import os, sys, time\nimport jax, jax.numpy as jnp, numpy as np\n"
                    "d = os.path.join(os.environ['XDG_CACHE_HOME'], 'sable')\n"
                    "x = jnp.asarray(np.random.RandomState(1).randn(5000).astype(np.float32))\n"
                    "outs, after = [], 0\n"
                    "while after < 8 and len(outs) < 600:\n"
                    "    f = jax.jit(lambda x: jnp.where(x > 0.25, x * 3.0 - 1.0, (x + 2.0) / 7.0))\n"
                    "    outs.append(np.asarray(f(x)).tobytes())\n"
                    "    if os.path.isdir(d) and any(n.startswith('sbk-') for n in os.listdir(d)):\n"
                    "        after += 1\n"
                    "    time.sleep(0.05)\n"
                    "print('calls', len(outs))\n"
                    "print('same', all(o == outs[0] for o in outs))\n"
                    "want = np.where(np.asarray(x) > 0.25, np.asarray(x) * np.float32(3.0) - np.float32(1.0),"
                    " (np.asarray(x) + np.float32(2.0)) / np.float32(7.0))\n"
                    "print('exact', outs[0] == want.astype(np.float32).tobytes())\n")
        env = {k: v for k, v in os.environ.items() if not k.startswith("SABLE_") or k in ("SABLE", "SABLE_ROOT")}
        env.update({"XDG_CACHE_HOME": os.path.join(tmp, "cache-loop"), "SABLE_CC": counting, "SABLE_CGEN_LOG": "1"})
        p = subprocess.run([SABLE, prog], capture_output=True, text=True, env=env, timeout=120)
        plans = re.findall(r"jit_<lambda>: 1 kernel, \d+ ops: (memory cache|disk cache|compiling in the "
                           r"background|compiled|FAILED|no compiler)", p.stderr)
        ccruns = len(open(f"{tmp}/cc-runs").read().split()) if os.path.exists(f"{tmp}/cc-runs") else 0
        why = []
        if p.returncode or "same True" not in p.stdout or "exact True" not in p.stdout:
            why.append(f"exit {p.returncode}, stdout {p.stdout!r}, {p.stderr[-300:]}")
        m = re.search(r"calls (\d+)", p.stdout)
        calls = int(m.group(1)) if m else -1
        if len(plans) != calls:
            why.append(f"{len(plans)} plans for {calls} traces")
        else:
            k = next((i for i, w in enumerate(plans) if w != "compiling in the background"), calls)
            # a plan that comes between the object's rename into the cache and its load by the
            # compile thread (a few ms) finds it on disk
            j = next((i for i in range(k, calls) if plans[i] != "disk cache"), calls)
            if k == 0 or j - k > 2 or calls - j < 4 or any(w != "memory cache" for w in plans[j:]):
                why.append(f"plans: {plans}")
        if ccruns != 1:
            why.append(f"{ccruns} compiler runs, expected 1")
        results.append(("FAIL" if why else "PASS", "jit_in_loop", "; ".join(why)))
        # 5. as_text
        prog = os.path.join(tmp, "astext.py")
        with open(prog, "w") as f:
            f.write("import jax, jax.numpy as jnp\n"
                    "def f(x):\n    return jnp.sin(x) * 2.0 + 1.0\n"
                    "x = jnp.ones((1000,), jnp.float32)\nl = jax.jit(f).lower(x)\n"
                    "print(l.as_text())\nprint('=====')\nprint(l.compile().as_text())\n")
        p = subprocess.run([SABLE, prog], capture_output=True, text=True, timeout=60)
        lo, _, co = p.stdout.partition("=====\n")
        why = []
        if not re.match(r"module @jit_f \{", lo) or "sin a" not in lo or not lo.rstrip().endswith("}"):
            why.append(f"lowered text: {lo[:200]!r}")
        if "void sbk0(char *const *P, int64_t b, int64_t e)" not in co or "sinf(" not in co:
            why.append(f"compiled text: {co[:200]!r}")
        results.append(("FAIL" if why or p.returncode else "PASS", "as_text", "; ".join(why)))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return results


if __name__ == "__main__":
    res = main()
    for st, name, why in res:
        print(f"{st} {name}" + (f": {why}" if st == "FAIL" else ""))
    sys.exit(1 if any(r[0] == "FAIL" for r in res) else 0)
