#!/usr/bin/env python3
"""jax.distributed over MPI: two Sable processes started by `mpirun -np 2`, 2 CPU devices each,
run tests/distributed/mlp_2proc.py: the slide MLP trained data-parallel over the 4 devices with
gradients all-reduced across the processes. Its losses must be JAX's for the same training on 4
devices of one process (the last column of tests/lang_jax/pmap_mlp.out), and both processes
must end with the same parameters. SKIP with the reason where OpenMPI is missing (`make deps`
installs openmpi-bin and libopenmpi-dev). Env: SABLE, SABLE_ASAN, SABLE_ROOT.
"""
import ast
import os
import shutil
import subprocess
import sys

from _sable_bins import binaries

ROOT = os.environ.get("SABLE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
PROG = os.path.join(ROOT, "tests", "distributed", "mlp_2proc.py")
JAX_OUT = os.path.join(ROOT, "tests", "lang_jax", "pmap_mlp.out")


def jax_losses():
    """step -> loss of the 4-device run, from JAX's output"""
    out = {}
    with open(JAX_OUT) as f:
        for line in f:
            parts = line.split(" ", 2)
            if len(parts) == 3 and parts[0].isdigit() and parts[2].startswith("["):
                out[int(parts[0])] = ast.literal_eval(parts[2])[0]
    return out


def mpi_missing():
    if not shutil.which("mpirun"):
        return "mpirun not found (apt-get install openmpi-bin libopenmpi-dev)"
    libdirs = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib", "/usr/local/lib"]
    if not any(os.path.exists(os.path.join(d, n)) for d in libdirs for n in ("libmpi.so.40", "libmpi.so")):
        return "libmpi.so not found (apt-get install libopenmpi-dev)"
    return None


def check(name, ok, why=""):
    print(("PASS %s" % name) if ok else ("FAIL %s: %s" % (name, why[:600])))
    return 0 if ok else 1


def main():
    why = mpi_missing()
    if why:
        print("SKIP distributed/mlp_2proc: %s" % why)
        return 0
    want = jax_losses()
    failed = 0
    for label, binary, env in binaries():
        env = dict(env, XLA_FLAGS="--xla_force_host_platform_device_count=2",
                   OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                   OMPI_MCA_rmaps_base_oversubscribe="1")
        if label:
            # OpenMPI's own allocations are not ours to account for
            env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
        cmd = ["mpirun", "--oversubscribe", "-np", "2", binary, PROG]
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=600, env=env,
                               errors="replace")
            out, err, rc = p.stdout, p.stderr, p.returncode
        except subprocess.TimeoutExpired:
            out, err, rc = "", "timed out", None
        lines = {0: [], 1: []}
        for line in out.splitlines():
            for r in (0, 1):
                if line.startswith("[%d] " % r):
                    lines[r].append(line[4:])
        tail = " | ".join(err.strip().splitlines()[-3:])
        base = "distributed/mlp_2proc%s" % label
        failed += check(base + " runs", rc == 0 and lines[0] and lines[1], "rc=%s %s" % (rc, tail))
        heads = [l[0] if l else "" for l in (lines[0], lines[1])]
        failed += check(base + " devices", heads == [
            "process 0 of 2 local 2 global 4 [0, 1] [0, 0, 1, 1]",
            "process 1 of 2 local 2 global 4 [2, 3] [0, 0, 1, 1]"], repr(heads))
        axes = [next((l for l in lines[r] if l.startswith("axis")), "") for r in (0, 1)]
        failed += check(base + " collectives", axes == [
            "axis [0, 1] [6, 6] [0, 1, 2, 3]", "axis [2, 3] [6, 6] [0, 1, 2, 3]"], repr(axes))
        got = [{int(l.split()[1]): float(l.split()[2]) for l in lines[r] if l.startswith("step")}
               for r in (0, 1)]
        failed += check(base + " losses equal JAX on 4 devices",
                        bool(want) and got[0] == want and got[1] == want,
                        "jax %r sable %r" % (want, got))
        sums = [next((l for l in lines[r] if l.startswith("checksum")), None) for r in (0, 1)]
        failed += check(base + " replicas agree", sums[0] is not None and sums[0] == sums[1], repr(sums))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
