#!/usr/bin/env python3
"""The compile cache and compiler driver of compiled jit (engine/cgen/cgen_cc.c), results checked
against NumPy (float32, exact operations: bit-equal):
  stale_tmp_swept     tmp-PID-N.{c,so,err} left by a dead compile (old mtime, no lock) are removed by
                      the next process that compiles; a locked one (a live owner), a young one and
                      other names stay
  killed_compile      a program and its keeper SIGKILLed while `cc` runs leave temporaries; once they
                      are old, the next process removes them
  live_keeper_kept    a detached compile outliving its program, its temporaries made to look old, is
                      not disturbed by a second process compiling the same entries; both land
  queue_bound         12 graphs jitted at once: never more than SABLE_CC_JOBS (default: the CPUs)
                      compilers at a time, the rest queued (log), every graph switched, exact
  exit_hands_over     SABLE_CC_JOBS=1 and a program that exits at once: the queued compiles are
                      handed to one keeper at exit (log), all land, at most 2 compilers at a time,
                      nothing left behind; the next process hits every one on disk
  no_proc_knob        SABLE_CGEN_NOPROC=1 (as without /proc): background compiles still run (the
                      keeper spawned from the path the program was started with)
  no_proc             /proc hidden in a user+mount namespace (unshare -rm; SKIP where not allowed)
  no_proc_replaced    without /proc and the program's file replaced after start: one warning naming
                      that, tiled results, exit 0
  cache_bound         two processes compiling into one full cache (300 objects and a 70 MiB one):
                      at most 256 objects and 64 MiB afterwards, least recently used evicted first,
                      every new object kept, no more evicted than needed
Env: SABLE (binary), SABLE_ROOT."""
import fcntl
import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.environ.get("SABLE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
SABLE = os.environ.get("SABLE", os.path.join(ROOT, "bin", "sable"))

# graph k: y = x; y = y * x + 0.5 (k + 2 times): a different source (cache entry) per k
PROG = r'''
import sys, time
import jax, jax.numpy as jnp, numpy as np
D, tag, a, b, reps, pause, pre = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6]), float(sys.argv[7])
time.sleep(pre)
x = jnp.asarray(np.random.RandomState(0).randn(4000).astype(np.float32))
def mk(k):
    def f(x):
        y = x
        for i in range(k + 2):
            y = y * x + 0.5
        return y
    return jax.jit(f)
fs = [mk(k) for k in range(a, b)]
# reps < 0: at most -reps rounds, ending 8 rounds after every graph's object is in the disk cache
import os
cdir = os.path.join(os.environ["XDG_CACHE_HOME"], "sable")
first, same, after = None, True, 0
for r in range(abs(reps)):
    outs = [np.asarray(f(x)) for f in fs]
    if first is None:
        first = outs
    same = same and all(o.tobytes() == p.tobytes() for o, p in zip(outs, first))
    if reps < 0 and os.path.isdir(cdir) and len([n for n in os.listdir(cdir) if n.startswith("sbk-")]) >= b - a:
        after += 1
        if after > 8:
            break
    if pause:
        time.sleep(pause)
for k, o in zip(range(a, b), first):
    np.save(f"{D}/{tag}_{k}.npy", o)
print("runs_agree", same)
'''

XS = np.random.RandomState(0).randn(4000).astype(np.float32)


def want(k):
    y = XS.copy()
    for _ in range(k + 2):
        y = y * XS + np.float32(0.5)
    return y


def env_for(cache, extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("SABLE_") or k in ("SABLE", "SABLE_ROOT")}
    env["XDG_CACHE_HOME"] = cache
    env.update(extra)
    return env


def cmd(tmp, tag, a, b, reps=1, pause=0.0, pre=0.0, exe=None):
    return [exe or SABLE, os.path.join(tmp, "prog.py"), tmp, tag, str(a), str(b), str(reps), str(pause), str(pre)]


def run(tmp, tag, a, b, cache, extra=None, reps=1, pause=0.0, pre=0.0, timeout=120, exe=None, wrap=None):
    c = cmd(tmp, tag, a, b, reps, pause, pre, exe)
    return subprocess.run((wrap or []) + c, capture_output=True, text=True, env=env_for(cache, extra or {}),
                          timeout=timeout)


def exact(tmp, tag, a, b):
    bad = []
    for k in range(a, b):
        f = f"{tmp}/{tag}_{k}.npy"
        if not os.path.exists(f):
            bad.append(f"graph {k}: no output")
            continue
        o = np.load(f)
        if o.dtype != np.float32 or o.tobytes() != want(k).tobytes():
            bad.append(f"graph {k} differs from NumPy")
    return bad


def proc_problems(p, tmp, tag, a, b, warn=None):
    why = []
    if p.returncode != 0:
        why.append(f"exit {p.returncode}: {p.stderr.strip().splitlines()[-1:] if p.stderr.strip() else ''}")
        return why
    if "runs_agree True" not in p.stdout:
        why.append("repeated runs disagree")
    why += exact(tmp, tag, a, b)
    warns = [l for l in p.stderr.splitlines() if "UserWarning" in l]
    if warn is None and warns:
        why.append(f"unexpected warning {warns[0]!r}")
    if warn is not None and (len(warns) != 1 or not re.search(warn, warns[0])):
        why.append(f"warnings {warns}, expected one matching {warn!r}")
    return why


def write_cc(path, body):
    with open(path, "w") as f:
        f.write("#!/bin/sh\ncase \"$*\" in *-dumpfullversion*) exec cc \"$@\";; esac\n" + body)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)


def listing(cache):
    d = os.path.join(cache, "sable")
    return sorted(os.listdir(d)) if os.path.isdir(d) else []


def wait_settled(cache, nobj, limit=60.0):
    """until nobj objects are in the cache and no temporary is left (detached compiles)"""
    t0 = time.time()
    while True:
        names = listing(cache)
        objs = [n for n in names if n.startswith("sbk-")]
        tmps = [n for n in names if n.startswith("tmp-")]
        if (len(objs) >= nobj and not tmps) or time.time() - t0 > limit:
            return objs, tmps
        time.sleep(0.1)


def dead_pid():
    pid = 4000000
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return pid
        except OSError:
            pass
        pid += 1


def keeper_pids(marker):
    """pids of keepers (argv[0] sable-cc) whose arguments mention marker"""
    out = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/cmdline", "rb") as f:
                a = f.read().split(b"\0")
        except OSError:
            continue
        if a and a[0] == b"sable-cc" and any(marker.encode() in x for x in a):
            out.append(int(d))
    return out


def overlap(log):
    """most compilers running at once, from the wrapper's start/end lines"""
    ev = []
    if os.path.exists(log):
        for line in open(log):
            w = line.split()
            if len(w) == 3:
                ev.append((int(w[2]), 1 if w[0] == "start" else -1))
    ev.sort(key=lambda e: (e[0], e[1]))   # an end before a start at the same instant
    cur = best = 0
    for _, d in ev:
        cur += d
        best = max(best, cur)
    return best, sum(1 for e in ev if e[1] == 1)


def age(path, seconds=3600):
    t = time.time() - seconds
    os.utime(path, (t, t))


def main():
    results = []

    def result(name, why):
        results.append(("FAIL" if why else "PASS", name, "; ".join(why)))

    tmp = tempfile.mkdtemp(prefix="cgen_cache_")
    held = []
    try:
        with open(os.path.join(tmp, "prog.py"), "w") as f:
            f.write(PROG)
        # 1. stale temporaries: swept when dead, kept when locked or young
        cache = os.path.join(tmp, "c-stale")
        d = os.path.join(cache, "sable")
        os.makedirs(d)
        pid = dead_pid()
        stale = [f"tmp-{pid}-1.c", f"tmp-{pid}-1.so", f"tmp-{pid}-1.err", f"tmp-{pid}-2.so", f"tmp-{pid}-3.err"]
        locked = [f"tmp-{pid}-4.c", f"tmp-{pid}-4.so", f"tmp-{pid}-4.err"]
        young = [f"tmp-{pid}-5.c", f"tmp-{pid}-5.so"]
        other = ["tmp-1-1.txt", "tmp-x-1.c", "other-1-1.c", f"tmp-{pid}-6.c.bak"]
        for n in stale + locked + young + other:
            with open(os.path.join(d, n), "w") as f:
                f.write("x")
            if n not in young:
                age(os.path.join(d, n))
        fd = os.open(os.path.join(d, locked[0]), os.O_RDWR)
        fcntl.flock(fd, fcntl.LOCK_EX)   # a live owner (this process) holds it
        held.append(fd)
        p = run(tmp, "st", 0, 2, cache, {"SABLE_CGEN_SYNC": "1"})
        names = set(listing(cache))
        why = proc_problems(p, tmp, "st", 0, 2)
        why += [f"stale {n} not removed" for n in stale if n in names]
        why += [f"{n} removed" for n in locked + young + other if n not in names]
        if len([n for n in names if n.startswith("sbk-")]) != 2:
            why.append(f"objects: {sorted(names)}")
        result("stale_tmp_swept", why)
        os.close(held.pop())

        # 2. a compile killed with its program: temporaries left, swept once old
        cache = os.path.join(tmp, "c-kill")
        hang = os.path.join(tmp, "hangcc")
        write_cc(hang, f"echo $$ > {tmp}/hang-$$.pid\nexec sleep 300\n")
        pr = subprocess.Popen(cmd(tmp, "kl", 0, 1, reps=400, pause=0.05), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, env=env_for(cache, {"SABLE_CC": hang}))
        why = []
        ks, t0 = [], time.time()
        while not ks and time.time() - t0 < 30:
            ks = keeper_pids(os.path.join(cache, "sable"))
            time.sleep(0.05)
        while time.time() - t0 < 30 and not any(n.startswith("hang-") for n in os.listdir(tmp)):
            time.sleep(0.05)
        pr.kill()   # the program first: it would remove the temporaries of a keeper that died
        pr.wait()
        for k in ks:
            os.kill(k, signal.SIGKILL)
        for n in os.listdir(tmp):
            if n.startswith("hang-"):
                try:
                    os.killpg(int(open(os.path.join(tmp, n)).read()), signal.SIGKILL)
                except (OSError, ValueError):
                    pass
                os.unlink(os.path.join(tmp, n))
        left = [n for n in listing(cache) if n.startswith("tmp-")]
        if not ks:
            why.append("no keeper seen")
        if not left:
            why.append("the killed compile left nothing (nothing to sweep)")
        for n in left:
            age(os.path.join(cache, "sable", n))
        p = run(tmp, "kl", 0, 1, cache, {"SABLE_CGEN_SYNC": "1"})
        why += proc_problems(p, tmp, "kl", 0, 1)
        rest = [n for n in listing(cache) if n.startswith("tmp-")]
        if rest:
            why.append(f"left after the next compile: {rest}")
        result("killed_compile", why)

        # 3. a live keeper whose temporaries look old is left alone by a second process
        cache = os.path.join(tmp, "c-live")
        slow = os.path.join(tmp, "slowcc")
        write_cc(slow, "sleep 8\nexec cc \"$@\"\n")
        t0 = time.time()
        # exits at once, its compiles go on
        p1 = run(tmp, "lv1", 0, 2, cache, {"SABLE_CC": slow, "SABLE_CC_JOBS": "2"})
        why = proc_problems(p1, tmp, "lv1", 0, 2)
        mine = []
        while time.time() - t0 < 4 and len([n for n in mine if n.endswith(".c")]) < 2:
            mine = [n for n in listing(cache) if n.startswith("tmp-")]
            time.sleep(0.05)
        for n in mine:
            try:
                age(os.path.join(cache, "sable", n))
            except OSError:
                pass
        p2 = run(tmp, "lv2", 0, 2, cache, {"SABLE_CGEN_SYNC": "1"})
        during = [n for n in listing(cache) if n.startswith("tmp-")]
        why += proc_problems(p2, tmp, "lv2", 0, 2)
        slow_run = time.time() - t0 >= 8
        if len([n for n in mine if n.endswith(".c")]) != 2:
            why.append(f"the first process's temporaries: {mine}")
        elif slow_run:
            pass   # the second process ended after the first's compiles had begun: nothing was checked
        elif sorted(n for n in mine if n.endswith(".c")) != sorted(n for n in during if n.endswith(".c")):
            why.append(f"live temporaries {mine} became {during}")
        objs, tmps = wait_settled(cache, 2)
        if len(objs) != 2 or tmps:
            why.append(f"after both: objects {objs}, temporaries {tmps}")
        p3 = run(tmp, "lv3", 0, 2, cache, {"SABLE_CGEN_LOG": "1"})
        why += proc_problems(p3, tmp, "lv3", 0, 2)
        if len(re.findall(r": disk cache in", p3.stderr)) != 2:
            why.append(f"no disk hits afterwards: {p3.stderr[-300:]}")
        if slow_run and not why:
            results.append(("SKIP", "live_keeper_kept", "the machine was too slow to overlap the two processes"))
        else:
            result("live_keeper_kept", why)

        # 4. many graphs at once: the compilers are bounded, the rest queued
        cache = os.path.join(tmp, "c-queue")
        log = os.path.join(tmp, "cc-queue.log")
        counting = os.path.join(tmp, "countcc")
        write_cc(counting, f"echo \"start $$ $(date +%s%N)\" >> {log}\ncc \"$@\"; rc=$?\n"
                           f"echo \"end $$ $(date +%s%N)\" >> {log}\nexit $rc\n")
        ncpu = len(os.sched_getaffinity(0))
        p = run(tmp, "q", 0, 12, cache, {"SABLE_CC": counting, "SABLE_CGEN_LOG": "1"}, reps=-1200, pause=0.05,
                timeout=300)
        why = proc_problems(p, tmp, "q", 0, 12)
        most, runs = overlap(log)
        switched = len(re.findall(r"\(background\), switched", p.stderr))
        queued = len(re.findall(r"cgen: compile queued: \d+ running, \d+ queued \(SABLE_CC_JOBS=%d\)" % ncpu, p.stderr))
        if most > ncpu:
            why.append(f"{most} compilers at once, bound {ncpu}")
        if runs != 12 or switched != 12:
            why.append(f"{runs} compiler runs, {switched} switches, expected 12")
        if queued != 12 - ncpu:
            why.append(f"{queued} compiles logged as queued, expected {12 - ncpu}: {p.stderr[-400:]}")
        result("queue_bound", why)

        # 5. exit with compiles queued: they go to one keeper and land
        cache = os.path.join(tmp, "c-exit")
        log = os.path.join(tmp, "cc-exit.log")
        write_cc(counting, f"echo \"start $$ $(date +%s%N)\" >> {log}\ncc \"$@\"; rc=$?\n"
                           f"echo \"end $$ $(date +%s%N)\" >> {log}\nexit $rc\n")
        t0 = time.time()
        p = run(tmp, "x", 0, 6, cache, {"SABLE_CC": counting, "SABLE_CC_JOBS": "1", "SABLE_CGEN_LOG": "1"})
        dt = time.time() - t0
        why = proc_problems(p, tmp, "x", 0, 6)
        if not re.search(r"cgen: [45] queued compiles handed over at exit", p.stderr):
            why.append(f"no hand-over logged: {p.stderr[-400:]}")
        objs, tmps = wait_settled(cache, 6)
        most, runs = overlap(log)
        if len(objs) != 6 or tmps:
            why.append(f"objects {objs}, temporaries {tmps}")
        if most > 2 or runs != 6:
            why.append(f"{runs} compiler runs, {most} at once (at most 2: the running one and the hand-over)")
        if dt > 10:
            why.append(f"exit took {dt:.1f} s")
        p = run(tmp, "xd", 0, 6, cache, {"SABLE_CGEN_LOG": "1"})
        why += proc_problems(p, tmp, "xd", 0, 6)
        if len(re.findall(r": disk cache in", p.stderr)) != 6:
            why.append(f"disk hits: {p.stderr[-400:]}")
        result("exit_hands_over", why)

        # 6. no /proc/self/exe
        cache = os.path.join(tmp, "c-noproc")
        p = run(tmp, "np", 0, 3, cache, {"SABLE_CGEN_NOPROC": "1", "SABLE_CGEN_LOG": "1"}, reps=-1200, pause=0.05)
        why = proc_problems(p, tmp, "np", 0, 3)
        if len(re.findall(r"\(background\), switched", p.stderr)) != 3:
            why.append(f"not switched: {p.stderr[-400:]}")
        result("no_proc_knob", why)

        cache = os.path.join(tmp, "c-noproc2")
        probe = subprocess.run(["unshare", "-rm", "sh", "-c", "mount -t tmpfs none /proc && test ! -e /proc/self/exe"],
                               capture_output=True)
        if probe.returncode != 0:
            results.append(("SKIP", "no_proc", "unshare -rm / mount not permitted here"))
        else:
            script = "mount -t tmpfs none /proc && exec \"$@\""
            # (LeakSanitizer needs /proc: off, for an ASan build)
            p = run(tmp, "nq", 0, 3, cache, {"SABLE_CGEN_LOG": "1", "ASAN_OPTIONS": "detect_leaks=0"}, reps=-1200,
                    pause=0.05,
                    wrap=["unshare", "-rm", "sh", "-c", script, "sh"])
            why = proc_problems(p, tmp, "nq", 0, 3)
            if len(re.findall(r"\(background\), switched", p.stderr)) != 3:
                why.append(f"not switched: {p.stderr[-400:]}")
            result("no_proc", why)

        cache = os.path.join(tmp, "c-replaced")
        exe = os.path.join(tmp, "bin", "sable")
        os.makedirs(os.path.dirname(exe))
        shutil.copy2(SABLE, exe)
        pr = subprocess.Popen(cmd(tmp, "rp", 0, 2, reps=20, pause=0.05, pre=1.0, exe=exe), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True,
                              env=env_for(cache, {"SABLE_CGEN_NOPROC": "1"}))
        time.sleep(0.3)
        shutil.copy2(SABLE, exe + ".new")
        os.replace(exe + ".new", exe)   # a rebuild while it runs
        out, err = pr.communicate(timeout=120)
        p = subprocess.CompletedProcess(pr.args, pr.returncode, out, err)
        why = proc_problems(p, tmp, "rp", 0, 2, warn=r"UserWarning: compiled jit unavailable: cannot start the C "
                            r"compiler: /proc/self/exe: .*, and the program's file .*bin/sable has been removed "
                            r"or replaced since it started")
        if [n for n in listing(cache) if n.startswith("tmp-")]:
            why.append(f"temporaries left: {listing(cache)}")
        result("no_proc_replaced", why)

        # 7. the bound of the disk cache, two processes compiling into a full cache at once
        cache = os.path.join(tmp, "c-bound")
        d = os.path.join(cache, "sable")
        os.makedirs(d)
        now = time.time()
        fakes = []
        big = os.path.join(d, "sbk-" + "f" * 32 + ".so")
        with open(big, "wb") as f:
            f.truncate(70 << 20)   # sparse: no disk used
        os.utime(big, (now - 5000, now - 5000))
        for i in range(300):
            n = os.path.join(d, "sbk-%032x.so" % i)
            with open(n, "wb") as f:
                f.write(b"\0" * 1000)
            os.utime(n, (now - 4000 + i, now - 4000 + i))   # fake i older than fake i + 1
            fakes.append(n)
        pa = subprocess.Popen(cmd(tmp, "ba", 0, 4), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=env_for(cache, {"SABLE_CGEN_SYNC": "1"}))
        pb = subprocess.Popen(cmd(tmp, "bb", 4, 8), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=env_for(cache, {"SABLE_CGEN_SYNC": "1"}))
        why = []
        for pp, tag, a in ((pa, "ba", 0), (pb, "bb", 4)):
            out, err = pp.communicate(timeout=180)
            why += proc_problems(subprocess.CompletedProcess(pp.args, pp.returncode, out, err), tmp, tag, a, a + 4)
        names = [n for n in listing(cache) if n.startswith("sbk-")]
        total = sum(os.path.getsize(os.path.join(d, n)) for n in names)
        kept = [os.path.exists(n) for n in fakes]
        new = [n for n in names if os.path.join(d, n) not in fakes and n != os.path.basename(big)]
        if len(names) > 256 or total > 64 << 20:
            why.append(f"{len(names)} objects, {total} bytes")
        if os.path.exists(big):
            why.append("the oldest (70 MiB) object was kept")
        if len(new) != 8:
            why.append(f"{len(new)} new objects kept, expected 8")
        if any(kept[i] and not kept[i + 1] for i in range(len(kept) - 1)):
            why.append("a newer object was evicted before an older one")
        if len(names) < 256 - 8:
            why.append(f"{len(names)} objects left: more evicted than needed")
        result("cache_bound", why)
    finally:
        for fd in held:
            os.close(fd)
        shutil.rmtree(tmp, ignore_errors=True)
    return results


if __name__ == "__main__":
    res = main()
    for st, name, why in res:
        print(f"{st} {name}" + (f": {why}" if st != "PASS" else ""))
    sys.exit(1 if any(r[0] == "FAIL" for r in res) else 0)
