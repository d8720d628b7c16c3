#!/usr/bin/env python3
"""Kernel latency, Sable vs ipykernel on this machine (run by hand; not part of the tests):
  start-up: from starting the process to the kernel_info reply (the client is connected and
            its request is queued before the process starts);
  1+1:      execute_request sent (its signed frames handed to the socket) until iopub status
            idle for it arrives (the reply is read afterwards; --with-encoding also counts the
            client's building and signing of the message, as this bench did before).
Median and 99th percentile of each. The machine is shared, so the kernels are measured
interleaved (start-ups alternate; cells go in short blocks, kernels in a shuffled order each
round, to kernels that are all running, with a pause before each block so that one kernel's
after-work (ipykernel writes history in a thread) does not land on the next), and each kernel
sees the same load. A p99 from 2000 cells on a loaded machine still moves by 2x between runs:
run it several times. --sable may be given more than once
(LABEL=PATH) to compare builds. Usage: bench/kernel_bench.py [--runs 20] [--cells 2000]
[--sable bin/sable] [--no-ipykernel] [--ipykernel-runs N]. Needs build/venv (pyzmq, jupyter_client, ipykernel)."""
import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV_PY = os.path.join(ROOT, "build", "venv", "bin", "python")

try:
    import zmq
    from jupyter_client.session import Session
except ImportError:
    if os.path.exists(VENV_PY) and os.path.realpath(sys.executable) != os.path.realpath(VENV_PY):
        os.execv(VENV_PY, [VENV_PY] + sys.argv)
    sys.exit("needs pyzmq and jupyter_client: make venv")


def free_ports(n):
    socks, ports = [], []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        socks.append(s)
        ports.append(s.getsockname()[1])
    for s in socks:
        s.close()
    return ports


EXEC = {"code": "1+1", "silent": False, "store_history": True, "user_expressions": {},
        "allow_stdin": False, "stop_on_error": True}


class Kernel:
    """A kernel process and a client connected to it (connected before the process starts)."""

    def __init__(self, ctx, argv_for):
        ports = free_ports(5)
        key = uuid.uuid4().hex
        conn = dict(zip(["shell_port", "iopub_port", "stdin_port", "control_port", "hb_port"], ports),
                    ip="127.0.0.1", transport="tcp", key=key, signature_scheme="hmac-sha256")
        self.dir = tempfile.mkdtemp(prefix="sable-bench-")
        path = os.path.join(self.dir, "conn.json")
        with open(path, "w") as f:
            json.dump(conn, f)
        self.session = Session(key=key.encode(), username="bench")
        self.shell = ctx.socket(zmq.DEALER)
        self.iopub = ctx.socket(zmq.SUB)
        for s in (self.shell, self.iopub):
            s.setsockopt(zmq.RECONNECT_IVL, 1)   # the kernel is not there yet: retry quickly
            s.linger = 0
        self.iopub.setsockopt(zmq.SUBSCRIBE, b"")
        self.shell.connect(f"tcp://127.0.0.1:{conn['shell_port']}")
        self.iopub.connect(f"tcp://127.0.0.1:{conn['iopub_port']}")
        t0 = time.perf_counter()
        self.send("kernel_info_request", {})
        self.proc = subprocess.Popen(argv_for(path), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            self.shell_reply()
        except BaseException:
            self.close()
            raise
        self.startup = time.perf_counter() - t0

    def send(self, msg_type, content):
        msg = self.session.msg(msg_type, content)
        self.session.send(self.shell, msg)
        return msg["header"]["msg_id"]

    def shell_reply(self, timeout=30):
        if not self.shell.poll(timeout * 1000):
            raise TimeoutError("no reply")
        frames = self.shell.recv_multipart()
        return json.loads(frames[frames.index(b"<IDS|MSG>") + 5])

    def wait_idle(self, needle, timeout=30):
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            if not self.iopub.poll(1000):
                continue
            f = self.iopub.recv_multipart()
            i = f.index(b"<IDS|MSG>")
            if needle in f[i + 3] and b'"idle"' in f[i + 5]:
                return
        raise TimeoutError("no idle")

    def cell(self, with_encoding=False):
        """One 1+1 round trip: from handing the signed frames to the socket until the idle
        status for it arrives (with_encoding: from before building and signing the message,
        which costs this Python client ~0.1-0.2 ms)."""
        t = time.perf_counter()
        msg = self.session.msg("execute_request", EXEC)
        frames = self.session.serialize(msg)
        needle = msg["header"]["msg_id"].encode()
        if not with_encoding:
            t = time.perf_counter()
        self.shell.send_multipart(frames)
        self.wait_idle(needle)
        dt = time.perf_counter() - t
        reply = self.shell_reply()
        if reply.get("status") != "ok":
            raise RuntimeError(f"1+1 failed: {reply}")
        return dt

    def close(self):
        if self.proc.poll() is None:
            try:
                self.send("shutdown_request", {"restart": False})
                self.proc.wait(5)
            except (subprocess.TimeoutExpired, zmq.ZMQError):
                pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.shell.close()
        self.iopub.close()


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q / 100 * (len(xs) - 1))))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=20, help="start-ups per kernel")
    ap.add_argument("--cells", type=int, default=2000, help="1+1 round trips per kernel")
    ap.add_argument("--sable", action="append", help="[LABEL=]PATH of a sable binary (repeatable)")
    ap.add_argument("--no-ipykernel", action="store_true")
    ap.add_argument("--ipykernel-runs", type=int, help="start-ups of ipykernel (default: half of --runs, at least 5)")
    ap.add_argument("--with-encoding", action="store_true",
                    help="count the client's building and signing of each execute_request in the round trip")
    ap.add_argument("--block", type=int, default=25,
                    help="cells in a row per kernel before the next kernel's turn (the order of kernels is shuffled each round)")
    ap.add_argument("--settle", type=float, default=0.1, help="seconds of quiet before each block")
    ap.add_argument("--json", help="also write the figures here")
    a = ap.parse_args()
    kinds = []
    for i, s in enumerate(a.sable or [os.path.join(ROOT, "bin", "sable")]):
        label, _, path = s.rpartition("=")
        label = label or ("sable" if i == 0 else f"sable{i + 1}")
        kinds.append((label, lambda p, path=path: [path, "kernel", "-f", p]))
    if not a.no_ipykernel:
        kinds.append(("ipykernel", lambda p: [VENV_PY, "-m", "ipykernel_launcher", "-f", p]))
    ctx = zmq.Context.instance()

    starts = {k: [] for k, _ in kinds}
    ipy_runs = a.ipykernel_runs if a.ipykernel_runs is not None else max(5, a.runs // 2)
    for r in range(max(a.runs, 0 if a.no_ipykernel else ipy_runs)):
        order = kinds[:] if r % 2 == 0 else kinds[::-1]
        for name, argv_for in order:
            if r >= (ipy_runs if name == "ipykernel" else a.runs):
                continue
            k = Kernel(ctx, argv_for)
            starts[name].append(k.startup)
            k.close()

    trips = {k: [] for k, _ in kinds}
    if a.cells:
        live = {}
        try:
            for name, argv_for in kinds:
                live[name] = Kernel(ctx, argv_for)
            time.sleep(0.5)   # let the iopub subscriptions settle
            for k in live.values():
                for _ in range(20):   # warm-up
                    k.cell()
            names = list(live)
            for _ in range(0, a.cells, a.block):
                random.shuffle(names)
                for name in names:
                    # the kernel measured before may still be busy after its idle (ipykernel
                    # writes its history in a thread): let that finish, then warm up
                    time.sleep(a.settle)
                    live[name].cell()
                    for _ in range(a.block):
                        trips[name].append(live[name].cell(a.with_encoding))
        finally:
            for k in live.values():
                k.close()

    rows = []
    for name, _ in kinds:
        s, t = starts[name], trips[name]
        rows.append({"name": name, "runs": len(s), "cells": len(t),
                     "startup_median_ms": statistics.median(s) * 1e3 if s else float("nan"),
                     "startup_p99_ms": pct(s, 99) * 1e3 if s else float("nan"),
                     "rt_median_ms": statistics.median(t) * 1e3 if t else float("nan"),
                     "rt_p99_ms": pct(t, 99) * 1e3 if t else float("nan")})
    print(f"{'kernel':<10} {'start median':>13} {'start p99':>10} {'1+1 median':>11} {'1+1 p99':>9}")
    for r in rows:
        print(f"{r['name']:<10} {r['startup_median_ms']:>10.2f} ms {r['startup_p99_ms']:>7.2f} ms "
              f"{r['rt_median_ms']:>8.3f} ms {r['rt_p99_ms']:>6.3f} ms")
    ipy = rows[-1] if not a.no_ipykernel else None
    for s in rows[:-1] if ipy else []:
        print(f"speed-up of {s['name']}: start-up {ipy['startup_median_ms'] / s['startup_median_ms']:.0f}x "
              f"(median), {ipy['startup_p99_ms'] / s['startup_p99_ms']:.0f}x (p99); 1+1 "
              f"{ipy['rt_median_ms'] / s['rt_median_ms']:.1f}x (median), "
              f"{ipy['rt_p99_ms'] / s['rt_p99_ms']:.1f}x (p99)")
    out = a.json or os.path.join(ROOT, "build", "bench", "kernel.json")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w") as f:
        json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
