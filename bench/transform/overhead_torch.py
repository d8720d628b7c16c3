# PyTorch side of bench/transform_bench.py: autograd of sum(tanh(x)**2) at 1,000 elements.
import time
import torch

# thread count from BENCH_THREADS (default 1), as SABLE_NUM_THREADS does for Sable; both the
# intra-op and the inter-op pools, so that PyTorch does not oversubscribe the shared cores
_nt = int(__import__("os").environ.get("BENCH_THREADS", "1"))
torch.set_num_threads(_nt)
torch.set_num_interop_threads(_nt)

x = torch.linspace(-1, 1, 1000)


def step():
    xx = x.clone().requires_grad_(True)
    y = (torch.tanh(xx) ** 2).sum()
    (g,) = torch.autograd.grad(y, xx)
    return g


def timeit(f, n):
    f()
    best = 1e9
    for rep in range(5):
        t0 = time.perf_counter()
        for i in range(n):
            f()
        best = min(best, (time.perf_counter() - t0) / n)
    return best * 1e6


print("torch_autograd_tanh_sq_1000", timeit(step, 3000))
