#!/usr/bin/env python3
"""Kernel latency, Sable vs ipykernel on this machine (run by hand; not part of the tests):
  start-up: from starting the process to the kernel_info reply (the client is connected and
            its request is queued before the process starts);
  1+1:      execute_request until iopub status idle for it.
Median and 99th percentile of each. Usage: bench/kernel_bench.py [--runs 20] [--cells 300]
[--sable bin/sable] [--no-ipykernel]. Needs build/venv (pyzmq, jupyter_client, ipykernel)."""
import argparse
import json
import os
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


class Client:
    def __init__(self, ctx, conn, key):
        self.session = Session(key=key, username="bench")
        self.shell = ctx.socket(zmq.DEALER)
        self.iopub = ctx.socket(zmq.SUB)
        for s in (self.shell, self.iopub):
            s.setsockopt(zmq.RECONNECT_IVL, 1)   # the kernel is not there yet: retry quickly
            s.linger = 0
        self.iopub.setsockopt(zmq.SUBSCRIBE, b"")
        self.shell.connect(f"tcp://127.0.0.1:{conn['shell_port']}")
        self.iopub.connect(f"tcp://127.0.0.1:{conn['iopub_port']}")

    def send(self, msg_type, content):
        msg = self.session.msg(msg_type, content)
        self.session.send(self.shell, msg)
        return msg["header"]["msg_id"]

    def shell_reply(self, timeout=30):
        if not self.shell.poll(timeout * 1000):
            raise TimeoutError("no reply")
        frames = self.shell.recv_multipart()
        return json.loads(frames[frames.index(b"<IDS|MSG>") + 3])

    def wait_idle(self, msg_id, timeout=30):
        end = time.perf_counter() + timeout
        needle = msg_id.encode()
        while time.perf_counter() < end:
            if not self.iopub.poll(1000):
                continue
            f = self.iopub.recv_multipart()
            i = f.index(b"<IDS|MSG>")
            if needle in f[i + 3] and b'"idle"' in f[i + 5]:
                return
        raise TimeoutError("no idle")

    def close(self):
        self.shell.close()
        self.iopub.close()


def one_kernel(argv_for, cells, ctx):
    """Start a kernel; returns (seconds to kernel_info reply, [1+1 round trips], process)."""
    ports = free_ports(5)
    key = uuid.uuid4().hex
    conn = dict(zip(["shell_port", "iopub_port", "stdin_port", "control_port", "hb_port"], ports),
                ip="127.0.0.1", transport="tcp", key=key, signature_scheme="hmac-sha256")
    d = tempfile.mkdtemp(prefix="sable-bench-")
    path = os.path.join(d, "conn.json")
    with open(path, "w") as f:
        json.dump(conn, f)
    c = Client(ctx, conn, key.encode())
    t0 = time.perf_counter()
    c.send("kernel_info_request", {})
    p = subprocess.Popen(argv_for(path), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        c.shell_reply()
        startup = time.perf_counter() - t0
        trips = []
        if cells:
            time.sleep(0.3)   # let the iopub subscription settle
            for i in range(cells + 5):
                t = time.perf_counter()
                mid = c.send("execute_request", {"code": "1+1", "silent": False, "store_history": True,
                                                 "user_expressions": {}, "allow_stdin": False,
                                                 "stop_on_error": True})
                c.wait_idle(mid)
                c.shell_reply()
                if i >= 5:   # warm-up
                    trips.append(time.perf_counter() - t)
        c.send("shutdown_request", {"restart": False})
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            p.kill()
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        c.close()
    return startup, trips


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q / 100 * (len(xs) - 1))))]


def measure(name, argv_for, runs, cells, ctx):
    starts, trips = [], []
    for r in range(runs):
        s, t = one_kernel(argv_for, cells if r == 0 else 0, ctx)
        starts.append(s)
        trips += t
    return {"name": name, "startup_median_ms": statistics.median(starts) * 1e3,
            "startup_p99_ms": pct(starts, 99) * 1e3, "rt_median_ms": statistics.median(trips) * 1e3,
            "rt_p99_ms": pct(trips, 99) * 1e3, "runs": runs, "cells": len(trips)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--cells", type=int, default=300)
    ap.add_argument("--sable", default=os.path.join(ROOT, "bin", "sable"))
    ap.add_argument("--no-ipykernel", action="store_true")
    a = ap.parse_args()
    ctx = zmq.Context.instance()
    rows = [measure("sable", lambda p: [a.sable, "kernel", "-f", p], a.runs, a.cells, ctx)]
    if not a.no_ipykernel:
        rows.append(measure("ipykernel", lambda p: [VENV_PY, "-m", "ipykernel_launcher", "-f", p],
                            max(5, a.runs // 2), a.cells, ctx))
    print(f"{'kernel':<10} {'start median':>13} {'start p99':>10} {'1+1 median':>11} {'1+1 p99':>9}")
    for r in rows:
        print(f"{r['name']:<10} {r['startup_median_ms']:>10.2f} ms {r['startup_p99_ms']:>7.2f} ms "
              f"{r['rt_median_ms']:>8.3f} ms {r['rt_p99_ms']:>6.3f} ms")
    if len(rows) == 2:
        s, i = rows
        print(f"speed-up: start-up {i['startup_median_ms'] / s['startup_median_ms']:.0f}x (median), "
              f"{i['startup_p99_ms'] / s['startup_p99_ms']:.0f}x (p99); 1+1 "
              f"{i['rt_median_ms'] / s['rt_median_ms']:.1f}x (median), {i['rt_p99_ms'] / s['rt_p99_ms']:.1f}x (p99)")
    os.makedirs(os.path.join(ROOT, "build", "bench"), exist_ok=True)
    with open(os.path.join(ROOT, "build", "bench", "kernel.json"), "w") as f:
        json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
