# bench/transform/mlp.py's recipe in PyTorch (same network, loss, SGD step, batch order, raw
# pixels), for the epoch time on the same machine. /usr/bin/python3 with Debian's python3-torch.
import gzip
import sys
import time
import numpy as np
import torch

# thread count from BENCH_THREADS (default 1), as SABLE_NUM_THREADS does for Sable; both the
# intra-op and the inter-op pools, so that PyTorch does not oversubscribe the shared cores
_nt = int(__import__("os").environ.get("BENCH_THREADS", "1"))
torch.set_num_threads(_nt)
torch.set_num_interop_threads(_nt)

torch.manual_seed(0)
D = "/usr/share/datasets/fashion-mnist/"


def idx(name, off):
    with gzip.open(D + name, "rb") as f:
        return np.frombuffer(f.read(), np.uint8, offset=off)


x_train = torch.tensor(idx("train-images-idx3-ubyte.gz", 16).reshape(-1, 784).astype(np.float32))
y_train = torch.tensor(idx("train-labels-idx1-ubyte.gz", 8).astype(np.int64))
x_test = torch.tensor(idx("t10k-images-idx3-ubyte.gz", 16).reshape(-1, 784).astype(np.float32))
y_test = torch.tensor(idx("t10k-labels-idx1-ubyte.gz", 8).astype(np.int64))
sizes = [784, 512, 512, 10]
params = []
for m, n in zip(sizes[:-1], sizes[1:]):
    params.append((torch.randn(n, m) * 1e-2).requires_grad_())
    params.append((torch.randn(n) * 1e-2).requires_grad_())
onehot = torch.nn.functional.one_hot(y_train, 10).float()


def predict(x):
    a = x
    for k in range(0, len(params) - 2, 2):
        a = torch.relu(a @ params[k].T + params[k + 1])
    logits = a @ params[-2].T + params[-1]
    return logits - torch.logsumexp(logits, dim=1, keepdim=True)


batch, step, epochs = 128, 0.01, int(sys.argv[1]) if len(sys.argv) > 1 else 1
nb = len(x_train) // batch
for epoch in range(epochs):
    t0 = time.time()
    c0 = time.process_time()
    for i in range(nb):
        x = x_train[i * batch:(i + 1) * batch]
        t = onehot[i * batch:(i + 1) * batch]
        loss = -(predict(x) * t).mean()
        grads = torch.autograd.grad(loss, params)
        with torch.no_grad():
            for p, g in zip(params, grads):
                p -= step * g
    dt = time.time() - t0
    dc = time.process_time() - c0
    with torch.no_grad():
        tr = (predict(x_train).argmax(1) == y_train).float().mean().item()
        te = (predict(x_test).argmax(1) == y_test).float().mean().item()
    print("Epoch {} in {:0.2f} sec (cpu {:0.2f} sec, torch threads {})".format(epoch, dt, dc, torch.get_num_threads()))
    print("Training set accuracy {:.4f}".format(tr))
    print("Test set accuracy {:.4f}".format(te))
