"""jit_bench.py - issue #11's table: Sable's compiled jit (engine/cgen) side by side, in one run, with
real JAX (jaxlib, CPU) and PyTorch (CPU), plus Sable without a compiler (tiled fallback) and the
old equation-by-equation graph runner where they are cheap to run, and compile latency.

Run with any Python 3: `python3 bench/jit_bench.py [--quick] [--out FILE]`. One worker process per
implementation (`--worker sable|jax|torch`, this same file run by bin/sable, by /tmp/refvenv's
Python or by a Python with torch) prints one JSON line. Rows:
  selu_1M, gelu_softplus_1M   jit(selu) / jit(softplus(gelu)) on 1M float32 (ms per call)
  mlp_update                  the slide MLP's jit-ed SGD update, 784-512-512-10, batch 128 (ms)
  lenet_step                  LeNet-5 train step (bench/lenet_bench.py's model), batch 1024, Adam (ms)
  seed004_n                   f(x) = 0.2x + sin x + cos 2x, the capability analysis's JIT experiment
                              (/work/shared/seeds/004_*): n = 1e4..1e7 elements, 1e8/n calls, total s,
                              jit-ed and "normally" (eager); every call's result is waited for
  mlp_epoch                   one epoch of the MLP on 60000 Fashion-MNIST images, batch 128 (s)
  lenet_epoch                 one epoch of LeNet-5 on 60000 images, batch 1024, Adam 0.005 (s)
  latency_*                   first call of mlp_update / lenet_step in a fresh process (trace +
                              compile + run, s): cold cache and warm (disk cache, new process)
--quick: fewer repeats, 1e7 calls' worth for seed004, and the epochs estimated from 20 / 3 steps."""
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
QUICK = "--quick" in sys.argv
BATCH_MLP, BATCH_LENET, LR = 128, 1024, 0.005


def arg(name, default):
    return type(default)(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def timeit(f, n, reps):
    f()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(n):
            f()
        ts.append((time.perf_counter() - t0) / n * 1e3)
    ts.sort()
    return [ts[0], ts[len(ts) // 2]]


def fashion(n=60000):
    import lenet_bench
    xtr, ytr, _, _ = lenet_bench.load(n)
    return xtr, ytr


SEED_SIZES = [10 ** 4, 10 ** 5, 10 ** 6, 10 ** 7]


def seed_calls(n):
    return max(1, (10 ** 7 if QUICK else 10 ** 8) // n)


# {=== JAX API (Sable and jaxlib) ===}
def jax_rows(rows):
    import jax
    import jax.numpy as jnp
    import numpy as np
    import optax
    cache = os.environ.get("JIT_BENCH_JAX_CACHE")
    if cache:
        try:   # real JAX: its persistent compilation cache, for the warm-latency rows
            jax.config.update("jax_compilation_cache_dir", cache)
            jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
            jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)
        except Exception:
            pass
    out = {}
    reps = 3 if QUICK else 7

    def selu(x):
        return 1.0507009873554805 * jnp.where(x > 0, x, 1.6732632423543772 * jnp.expm1(x))

    def gelu_softplus(x):
        g = 0.5 * x * (1.0 + jnp.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)))
        return jnp.log1p(jnp.exp(-jnp.abs(g))) + jnp.maximum(g, 0.0)

    x1m = jnp.asarray(np.random.RandomState(0).randn(1000000).astype(np.float32))
    for name, f in (("selu_1M", selu), ("gelu_softplus_1M", gelu_softplus)):
        if name in rows:
            jf = jax.jit(f)
            out[name] = timeit(lambda: jf(x1m).block_until_ready(), 20, reps)

    # the slide MLP (bench/cgen_workloads.py)
    def predict(params, image):
        act = image
        for w, b in params[:-1]:
            act = jnp.maximum(0, jnp.dot(act, w) + b)
        w, b = params[-1]
        logits = jnp.dot(act, w) + b
        return logits - jax.scipy.special.logsumexp(logits, axis=1, keepdims=True)

    def loss(params, images, targets):
        return -jnp.mean(predict(params, images) * targets)

    @jax.jit
    def update(params, xb, yb):
        grads = jax.grad(loss)(params, xb, yb)
        return [(w - 0.01 * dw, b - 0.01 * db) for (w, b), (dw, db) in zip(params, grads)]

    rs = np.random.RandomState(1)
    sizes = [784, 512, 512, 10]
    params = [(jnp.asarray((rs.randn(m, n) * 0.01).astype(np.float32)),
               jnp.asarray((rs.randn(n) * 0.01).astype(np.float32))) for m, n in zip(sizes[:-1], sizes[1:])]
    xb = jnp.asarray(rs.rand(BATCH_MLP, 784).astype(np.float32))
    yb = jnp.asarray(np.eye(10, dtype=np.float32)[rs.randint(0, 10, BATCH_MLP)])
    if "latency_mlp" in rows:
        t0 = time.perf_counter()
        update(params, xb, yb)[-1][1].block_until_ready()
        out["latency_mlp"] = time.perf_counter() - t0
    if "mlp_update" in rows:
        out["mlp_update"] = timeit(lambda: update(params, xb, yb)[-1][1].block_until_ready(), 20, reps)

    # LeNet-5 as bench/lenet_bench.py's worker_jax trains it
    from lenet_bench import lenet_jax
    lp, opt, _, lstep = lenet_jax()

    need_data = any(r in rows for r in ("lenet_step", "latency_lenet", "lenet_epoch", "mlp_epoch"))
    if need_data:
        xtr, ytr = fashion()
        xl = jnp.asarray(xtr[:BATCH_LENET])
        yl = jnp.asarray(ytr[:BATCH_LENET])
    if "latency_lenet" in rows:
        st = opt.init(lp)
        t0 = time.perf_counter()
        lstep(lp, st, xl, yl)[2].block_until_ready()
        out["latency_lenet"] = time.perf_counter() - t0
    if "lenet_step" in rows:
        st = opt.init(lp)
        out["lenet_step"] = timeit(lambda: lstep(lp, st, xl, yl)[2].block_until_ready(), 1, 2 if QUICK else 3)

    # the capability analysis's JIT experiment
    def f(x):
        return 0.2 * x + jnp.sin(x) + jnp.cos(2 * x)
    fj = jax.jit(f)
    for n in SEED_SIZES:
        for mode, fn in (("jit", fj), ("eager", f)):
            key = f"seed004_{mode}_{n}"
            if key not in rows:
                continue
            x = jnp.linspace(0, 4 * np.pi, n, dtype=jnp.float32)
            fn(x).block_until_ready()
            calls = seed_calls(n)
            t0 = time.perf_counter()
            for _ in range(calls):
                fn(x).block_until_ready()
            out[key] = [(time.perf_counter() - t0) * (10 ** 8 // n / calls), calls]

    if "mlp_epoch" in rows:
        import lenet_bench
        X = xtr.reshape(len(xtr), -1)
        Y = np.eye(10, dtype=np.float32)[ytr]
        order = lenet_bench.batches(len(X), 0)
        nb = (len(X) + BATCH_MLP - 1) // BATCH_MLP
        steps = 20 if QUICK else nb
        p = params
        update(p, jnp.asarray(X[:BATCH_MLP]), jnp.asarray(Y[:BATCH_MLP]))   # compiled (as an epoch after the first)
        t0 = time.perf_counter()
        perm = np.random.RandomState(0).permutation(len(X))
        for k in range(steps):
            idx = perm[k * BATCH_MLP:(k + 1) * BATCH_MLP]
            p = update(p, jnp.asarray(X[idx]), jnp.asarray(Y[idx]))
        p[-1][1].block_until_ready()
        out["mlp_epoch"] = (time.perf_counter() - t0) * nb / steps
        del order
    if "lenet_epoch" in rows:
        import lenet_bench
        bs = lenet_bench.batches(len(xtr), 0)
        steps = 3 if QUICK else len(bs)
        st = opt.init(lp)
        p = lp
        lstep(p, st, xl, yl)[2].block_until_ready()   # compiled for the full batches
        t0 = time.perf_counter()
        for idx in bs[:steps]:
            p, st, lv = lstep(p, st, xtr[idx], ytr[idx])
        lv.block_until_ready()
        out["lenet_epoch"] = (time.perf_counter() - t0) * len(bs) / steps
    return out


# {=== PyTorch ===}
def torch_rows(rows):
    import numpy as np
    import torch
    from torch import nn
    out = {}
    reps = 3 if QUICK else 7
    x1m = torch.from_numpy(np.random.RandomState(0).randn(1000000).astype(np.float32))
    if "selu_1M" in rows:
        out["selu_1M"] = timeit(lambda: torch.nn.functional.selu(x1m), 20, reps)
    if "gelu_softplus_1M" in rows:
        def gs(x):
            g = 0.5 * x * (1.0 + torch.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)))
            return torch.log1p(torch.exp(-torch.abs(g))) + torch.clamp(g, min=0.0)
        gsj = torch.jit.script(gs)
        out["gelu_softplus_1M"] = timeit(lambda: gsj(x1m), 20, reps)
    torch.manual_seed(0)
    mlp = nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 10))
    sgd = torch.optim.SGD(mlp.parameters(), lr=0.01)
    rs = np.random.RandomState(1)
    xb = torch.from_numpy(rs.rand(BATCH_MLP, 784).astype(np.float32))
    yb = torch.from_numpy(rs.randint(0, 10, BATCH_MLP).astype(np.int64))

    def mstep(x, y):
        sgd.zero_grad()
        lv = nn.functional.cross_entropy(mlp(x), y)
        lv.backward()
        sgd.step()
        return lv
    if "mlp_update" in rows:
        out["mlp_update"] = timeit(lambda: mstep(xb, yb), 20, reps)
    lenet = nn.Sequential(
        nn.Conv2d(1, 6, 5, padding=2), nn.ReLU(), nn.AvgPool2d(2),
        nn.Conv2d(6, 16, 5), nn.ReLU(), nn.AvgPool2d(2), nn.Flatten(),
        nn.Linear(400, 120), nn.ReLU(), nn.Linear(120, 84), nn.ReLU(), nn.Linear(84, 10))
    adam = torch.optim.Adam(lenet.parameters(), lr=LR)

    def lstep(x, y):
        adam.zero_grad()
        lv = nn.functional.cross_entropy(lenet(x), y)
        lv.backward()
        adam.step()
        return lv
    need = any(r in rows for r in ("lenet_step", "lenet_epoch", "mlp_epoch"))
    if need:
        xtr, ytr = fashion()
        X = torch.from_numpy(xtr.transpose(0, 3, 1, 2).copy())
        Y = torch.from_numpy(ytr.astype(np.int64))
    if "lenet_step" in rows:
        out["lenet_step"] = timeit(lambda: lstep(X[:BATCH_LENET], Y[:BATCH_LENET]), 1, 2 if QUICK else 3)

    def f(x):
        return 0.2 * x + torch.sin(x) + torch.cos(2 * x)
    fj = torch.jit.script(f)
    for n in SEED_SIZES:
        for mode, fn in (("jit", fj), ("eager", f)):
            key = f"seed004_{mode}_{n}"
            if key not in rows:
                continue
            x = torch.linspace(0, 4 * np.pi, n)
            fn(x)
            fn(x)
            calls = seed_calls(n)
            t0 = time.perf_counter()
            for _ in range(calls):
                fn(x)
            out[key] = [(time.perf_counter() - t0) * (10 ** 8 // n / calls), calls]
    if "mlp_epoch" in rows:
        Xf = X.reshape(len(X), -1)
        nb = (len(Xf) + BATCH_MLP - 1) // BATCH_MLP
        steps = 20 if QUICK else nb
        perm = torch.from_numpy(np.random.RandomState(0).permutation(len(Xf)))
        t0 = time.perf_counter()
        for k in range(steps):
            idx = perm[k * BATCH_MLP:(k + 1) * BATCH_MLP]
            mstep(Xf[idx], Y[idx])
        out["mlp_epoch"] = (time.perf_counter() - t0) * nb / steps
    if "lenet_epoch" in rows:
        import lenet_bench
        bs = lenet_bench.batches(len(X), 0)
        steps = 3 if QUICK else len(bs)
        t0 = time.perf_counter()
        for idx in bs[:steps]:
            idx = torch.from_numpy(idx)
            lstep(X[idx], Y[idx])
        out["lenet_epoch"] = (time.perf_counter() - t0) * len(bs) / steps
    return out


# {=== the driver ===}
ELEM = ["selu_1M", "gelu_softplus_1M"]
SEED = [f"seed004_{m}_{n}" for n in SEED_SIZES for m in ("jit", "eager")]
MAIN = ELEM + ["mlp_update", "lenet_step"] + SEED + ["mlp_epoch", "lenet_epoch"]
CHEAP = ELEM + ["mlp_update"] + [r for r in SEED if "_jit_" in r]


def run(exe, worker, rows, env):
    if not exe or not os.access(exe, os.X_OK):
        return None, f"{exe} not found"
    cmd = [exe, os.path.abspath(__file__), "--worker", worker, "--rows", ",".join(rows)] + (["--quick"] if QUICK else [])
    p = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, JAX_PLATFORMS="cpu", **env), timeout=7200)
    res = [ln for ln in p.stdout.splitlines() if ln.startswith("RESULT ")]
    if p.returncode or not res:
        return None, "failed: " + ((p.stderr.strip().splitlines() or ["?"])[-1])[:160]
    return json.loads(res[-1][7:]), ""


def torch_python():
    for py in (os.environ.get("TORCH_PY", ""), "/usr/bin/python3", "/tmp/nb-torch/bin/python"):
        if py and os.access(py, os.X_OK) and subprocess.run([py, "-c", "import torch"], capture_output=True).returncode == 0:
            return py
    return None


def fmt(v, row):
    if v is None:
        return ""
    if isinstance(v, list):
        return f"{v[0]:.3f}" if row.startswith("seed004") else f"{v[0]:.2f} / {v[1]:.2f}"
    return f"{v:.2f}"


def main():
    if "--worker" in sys.argv:
        rows = arg("--rows", "").split(",")
        r = torch_rows(rows) if arg("--worker", "") == "torch" else jax_rows(rows)
        print("RESULT " + json.dumps(r))
        return 0
    me = os.path.abspath(__file__)
    sable = os.environ.get("SABLE") or os.path.join(os.path.dirname(HERE), "bin", "sable")
    jax_py = os.environ.get("JAX_PY", "/tmp/refvenv-flax/bin/python")
    if not os.access(jax_py, os.X_OK):
        jax_py = "/tmp/refvenv/bin/python"
    tpy = torch_python()
    load0 = os.getloadavg()
    t_start = time.time()
    cache = tempfile.mkdtemp(prefix="jit_bench_cache_")
    cols = {}
    notes = []

    def col(name, exe, worker, rows, env):
        r, why = run(exe, worker, rows, env)
        print(f"{name}: {r if r is not None else why}", flush=True)
        if r is None:
            notes.append(f"{name}: {why}")
        cols.setdefault(name, {}).update(r or {})

    # latency first, in fresh processes: cold cache, then warm (the disk cache, a new process)
    scache = os.path.join(cache, "sable")
    col("Sable", sable, "sable", ["latency_mlp", "latency_lenet"], {"XDG_CACHE_HOME": scache})
    cols["Sable"] = {k + "_cold": v for k, v in cols["Sable"].items()}
    col("Sable", sable, "sable", ["latency_mlp", "latency_lenet"], {"XDG_CACHE_HOME": scache})
    col("Sable sync", sable, "sable", ["latency_mlp", "latency_lenet"],
        {"XDG_CACHE_HOME": os.path.join(cache, "sable-sync"), "SABLE_CGEN_SYNC": "1"})
    jcache = os.path.join(cache, "jax")
    col("JAX", jax_py, "jax", ["latency_mlp", "latency_lenet"], {"JIT_BENCH_JAX_CACHE": jcache})
    cols["JAX"] = {k + "_cold": v for k, v in cols["JAX"].items()}
    col("JAX", jax_py, "jax", ["latency_mlp", "latency_lenet"], {"JIT_BENCH_JAX_CACHE": jcache})
    lat = {k: dict(v) for k, v in cols.items()}
    cols = {}
    # the table (Sable with its disk cache warm: compiled code from the first call)
    env_s = {"XDG_CACHE_HOME": scache, "SABLE_CGEN_SYNC": "1"}
    col("Sable", sable, "sable", MAIN, env_s)
    col("JAX", jax_py, "jax", MAIN, {})
    if tpy:
        col("PyTorch", tpy, "torch", MAIN, {})
    else:
        notes.append("PyTorch: not installed for /usr/bin/python3 (Debian python3-torch) nor /tmp/nb-torch: skipped")
    col("Sable, no compiler (tiled)", sable, "sable", CHEAP, {"SABLE_NO_CGEN": "1"})
    col("Sable, graph runner (no fusion)", sable, "sable", CHEAP, {"SABLE_NO_FUSE": "1"})
    load1 = os.getloadavg()

    names = ["Sable", "Sable, no compiler (tiled)", "Sable, graph runner (no fusion)", "JAX", "PyTorch"]
    names = [n for n in names if n in cols]
    unit = {"selu_1M": "ms", "gelu_softplus_1M": "ms", "mlp_update": "ms", "lenet_step": "ms",
            "mlp_epoch": "s", "lenet_epoch": "s"}
    lines = [f"jit benchmark (bench/jit_bench.py{' --quick' if QUICK else ''}), {time.strftime('%d %b %Y %H:%M UTC', time.gmtime(t_start))}; "
             f"{os.cpu_count()} CPUs, load average {load0[0]:.1f} before, {load1[0]:.1f} after.",
             "Cells: best / median of the repeats (ms per call) for the kernels and steps; seconds for "
             "seed004 (1e8 elements' worth of calls) and the epochs" +
             (" (--quick: epochs estimated from 20 MLP / 3 LeNet steps, seed004 from 1e7 elements)" if QUICK else "") + ".",
             "", "| workload | " + " | ".join(names) + " | Sable/JAX speed |",
             "|---|" + "---|" * (len(names) + 1)]
    for row in MAIN:
        cells = [fmt(cols[n].get(row), row) for n in names]
        s, j = cols.get("Sable", {}).get(row), cols.get("JAX", {}).get(row)
        sp = ""
        if s is not None and j is not None:
            sv = s[0] if isinstance(s, list) else s
            jv = j[0] if isinstance(j, list) else j
            sp = f"{jv / sv:.2f}x" if sv else ""
        label = row + (f" ({unit[row]})" if row in unit else " (s)")
        lines.append(f"| {label} | " + " | ".join(cells) + f" | {sp} |")
    lines += ["", "Compile latency: the first call in a fresh process (trace + compile + run), seconds.",
              "Sable compiles in the background and runs the fused groups tiled meanwhile (default); "
              "'sync' waits for `cc` (SABLE_CGEN_SYNC=1). JAX warm: its persistent compilation cache.", "",
              "| first call | Sable (background) | Sable (sync) | JAX |", "|---|---|---|---|"]
    for w in ("mlp", "lenet"):
        s = lat.get("Sable", {})
        ss = lat.get("Sable sync", {})
        jj = lat.get("JAX", {})
        g = lambda d, k: f"{d[k]:.2f}" if k in d else ""
        lines.append(f"| {w} cold cache | {g(s, f'latency_{w}_cold')} | {g(ss, f'latency_{w}')} | {g(jj, f'latency_{w}_cold')} |")
        lines.append(f"| {w} warm (disk cache, new process) | {g(s, f'latency_{w}')} | | {g(jj, f'latency_{w}')} |")
    lines += [""] + [f"- {n}" for n in notes]
    text = "\n".join(lines) + "\n"
    print(text)
    out = arg("--out", "")
    if out:
        with open(out, "w") as f:
            f.write(text)
    import shutil
    shutil.rmtree(cache, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
