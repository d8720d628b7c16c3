"""Kernel wire fuzzing (issue 18): seeded malformed and adversarial messages (bad HMACs, wrong
frame counts, huge frames, bad JSON, wrong types in content and header, unknown msg_types,
comm messages for unknown ids, junk on the stdin and control sockets) sent over ZeroMQ to the
ASan kernel (the release one without an ASan build). After each batch the kernel must still
answer kernel_info_request on shell and control and echo on the heartbeat; at the end its log
must hold no sanitizer report. Most messages are correctly signed, so that they get past the
signature check into the decoder and the handlers. shutdown_request is never sent."""
import hashlib
import hmac
import json
import os
import random
import sys
import time

import _fuzz_util as fu
import _kernel_util as ku

if not ku.have_binary():
    sys.exit(0)

import kernel_client as kcl  # noqa: E402  (installs the kernelspec; its main() does not run)
import zmq  # noqa: E402

BUDGET = fu.seconds(30)
SEED = fu.seed()
BATCH = 15

TYPES = ["execute_request", "complete_request", "inspect_request", "is_complete_request", "history_request",
         "kernel_info_request", "comm_info_request", "comm_open", "comm_msg", "comm_close", "connect_request",
         "interrupt_request", "input_reply", "debug_request", "usage_request", "", "x" * 300, "execute_reply",
         "status", "Execute_Request", "execute_request\x00x", "\u00e9\u20ac", "kernel_info_request ",
         "shutdown_reply", "comm_info_reply"]
CODES = ["1 + 1", "x = 5", "print('a')", "", "   ", "def f(:", "'\u00e9\U0001F600'", "import nosuchmodule",
         "1/0", "%time 1", "!true", "?print", "print?", "x = [0] * 1000", "raise SystemExit(3)",
         "\\", "\x00", "\ud800" if False else "'\\ud800'", "exit()", "quit", "import sys; sys.exit(0)",
         "get_ipython()", "display(1)", "input", "__import__('os').getpid()"]
JUNK = [None, True, False, 0, -1, 2 ** 31, 2 ** 63 - 1, -2 ** 63, 1.5, float("1e308"), "", "x" * 5000, [], {},
        [1, "a", None], {"a": {"b": [1, {}]}}, "\u00e9\U0001F600", "\x00\x01", "-5", "0x10"]


class Gen:
    def __init__(self, rng, key):
        self.rng = rng
        self.key = key
        self.n = 0

    def mid(self):
        self.n += 1
        return "%08x-%d" % (self.rng.getrandbits(32), self.n)

    def junk(self, depth=0):
        r = self.rng
        if depth < 3 and r.random() < 0.3:
            if r.random() < 0.5:
                return [self.junk(depth + 1) for _ in range(r.randint(0, 4))]
            return {r.choice(["code", "cursor_pos", "comm_id", "data", "a", ""]): self.junk(depth + 1)
                    for _ in range(r.randint(0, 4))}
        return r.choice(JUNK)

    def content(self, ty):
        r = self.rng
        c = {}
        if ty == "execute_request":
            c = {"code": r.choice(CODES), "silent": r.random() < 0.2, "store_history": r.random() < 0.5,
                 "user_expressions": r.choice([{}, {"a": "1+1"}, {"b": "1/0"}, {"c": "\u00e9"}]),
                 "allow_stdin": False, "stop_on_error": r.random() < 0.5}
        elif ty in ("complete_request", "inspect_request"):
            code = r.choice(CODES + ["pri", "np.", "x.", "\U0001F600.a", ""])
            c = {"code": code, "cursor_pos": r.choice([0, len(code), len(code) + 5, -1, 2 ** 40]),
                 "detail_level": r.choice([0, 1, 2, -1])}
        elif ty == "is_complete_request":
            c = {"code": r.choice(CODES + ["if x:", "for i in range(3):\n", "(", "'''", "x = \\"])}
        elif ty == "history_request":
            c = {"hist_access_type": r.choice(["tail", "range", "search", "x", ""]), "n": r.choice([0, 1, 10, -3, 2 ** 40]),
                 "output": r.random() < 0.5, "raw": r.random() < 0.5, "session": r.choice([0, -1, 1, 99]),
                 "start": r.choice([0, -5, 1, 2 ** 40]), "stop": r.choice([0, 3, -1, 2 ** 40]),
                 "pattern": r.choice(["*", "?", "[", "x*", "\\", "*" * 200]), "unique": r.random() < 0.5}
        elif ty.startswith("comm_"):
            c = {"comm_id": r.choice(["no-such-comm", "", self.mid(), "\u00e9" * 50]),
                 "target_name": r.choice(["jupyter.widget", "", "x" * 500, "nosuch"]),
                 "data": self.junk()}
        elif ty == "input_reply":
            c = {"value": r.choice(["", "x", "\u00e9" * 10])}
        # wrong types in some fields
        for _ in range(r.choice([0, 0, 1, 2, 4])):
            k = r.choice(list(c) or ["code"]) if r.random() < 0.8 else r.choice(["x", "", "\u00e9"])
            c[k] = self.junk()
        return c

    def header(self, ty):
        r = self.rng
        h = {"msg_id": self.mid(), "msg_type": ty, "session": "fuzz", "username": "f",
             "date": "2024-01-01T00:00:00Z", "version": "5.3"}
        for _ in range(r.choice([0, 0, 0, 1, 2])):
            k = r.choice(list(h) + ["subshell_id", ""])
            if k == "msg_id":
                continue       # keep ids fresh: a repeated signature is refused as a replay
            h[k] = self.junk() if r.random() < 0.7 else r.choice(["", "x" * 100000])
        if r.random() < 0.05:
            del h["msg_type"]
        return h

    def sign(self, parts):
        h = hmac.new(self.key, digestmod=hashlib.sha256)
        for p in parts:
            h.update(p)
        return h.hexdigest().encode()

    def enc(self, v):
        return json.dumps(v).encode()

    def message(self):
        """(socket name, frames)"""
        r = self.rng
        ty = r.choice(TYPES)
        hdr, content = self.header(ty), self.content(ty)
        parent = self.junk() if r.random() < 0.1 else {}
        meta = self.junk() if r.random() < 0.1 else {}
        parts = [self.enc(hdr), self.enc(parent), self.enc(meta), self.enc(content)]
        kind = r.randrange(12)
        sig = None
        if kind == 0:     # bad HMAC
            sig = r.choice([b"0" * 64, b"", b"abc", self.sign(parts).upper(), self.sign(parts)[:-1],
                            self.sign(parts) + b"0", bytes(r.randrange(256) for _ in range(64)), b"g" * 64])
        elif kind == 1:   # a frame is bad JSON
            i = r.randrange(4)
            parts[i] = r.choice([b"", b"{", b"[1,2]", b"null", b"3", b'"s"', b"{'a': 1}", b'{"a": NaN}',
                                 b"[" * 50000 + b"]" * 50000, b'{"a":' * 20000 + b"1" + b"}" * 20000,
                                 b"\xff\xfe{}", b'{"msg_type": "\xed\xa0\x80"}', b'{"a": 1e999999}',
                                 b'{"a": 123456789012345678901234567890}', b'{"a": "\\ud800"}',
                                 b'{"a": 1, "a": 2}', parts[i][:r.randrange(len(parts[i]) + 1)], b"\x00" * 10])
        elif kind == 2:   # huge frame
            i = r.randrange(4)
            n = r.choice([1 << 16, 1 << 20, 5 << 20])
            if i == 3 and ty == "execute_request":
                parts[3] = self.enc({"code": "#" + "x" * n, "silent": True})
            else:
                parts[i] = parts[i][:-1] + b', "pad": "' + b"y" * n + b'"}' if parts[i].endswith(b"}") else b"y" * n
        frames = [b"<IDS|MSG>", sig if sig is not None else self.sign(parts)] + parts
        if kind == 3:     # wrong frame counts
            frames = r.choice([frames[:r.randrange(len(frames))], frames + [b"buf"] * r.randint(1, 20),
                               [b"<IDS|MSG>"] * r.randint(1, 8), [b"id"] * r.randint(1, 30) + frames,
                               frames[2:], [b"<IDS|MSG>", b"<IDS|MSG>"] + frames, [], [b""] * r.randint(1, 10)])
        elif kind == 4:   # random bytes in a frame, signed
            i = r.randrange(4)
            parts[i] = bytes(r.randrange(256) for _ in range(r.randint(0, 200)))
            frames = [b"<IDS|MSG>", self.sign(parts)] + parts
        sock = r.choice(["shell"] * 6 + ["control"] * 3 + ["stdin", "hb"])
        if sock == "hb":
            frames = r.choice([[b"ping"], [b""], [b"a", b"b"], [b"x" * (1 << 20)], frames])
        return sock, frames


class Conn:
    def __init__(self, km):
        self.ctx = zmq.Context.instance()
        self.km = km
        self.socks = {}
        for name, port, kind in (("shell", km.shell_port, zmq.DEALER), ("control", km.control_port, zmq.DEALER),
                                 ("stdin", km.stdin_port, zmq.DEALER), ("hb", km.hb_port, zmq.DEALER)):
            s = self.ctx.socket(kind)
            s.linger = 0
            s.setsockopt(zmq.SNDHWM, 0)
            s.connect(f"tcp://{km.ip}:{port}")
            self.socks[name] = s

    def send(self, sock, frames):
        s = self.socks[sock]
        if sock == "hb" and frames:
            frames = [b""] + frames        # a DEALER talks to the REP with an empty delimiter
        if frames:
            s.send_multipart(frames)

    def drain(self):
        for s in self.socks.values():
            while s.poll(0):
                s.recv_multipart()

    def close(self):
        for s in self.socks.values():
            s.close()


def alive(km, g):
    """kernel_info on shell and control, and a heartbeat echo"""
    for port in (km.shell_port, km.control_port):
        raw = kcl.Raw(km, port, km.session.key)
        try:
            raw.ok()
        finally:
            raw.close()
    r = zmq.Context.instance().socket(zmq.REQ)
    r.linger = 0
    r.connect(f"tcp://{km.ip}:{km.hb_port}")
    try:
        r.send(b"alive?")
        if not r.poll(5000) or r.recv() != b"alive?":
            raise AssertionError("no heartbeat echo")
    finally:
        r.close()


def fuzz(stats):
    km, kc = kcl.start()
    conn = Conn(km)
    rng = random.Random(SEED)
    g = Gen(rng, km.session.key)
    end = time.time() + BUDGET
    log = []
    try:
        while time.time() < end:
            batch = [g.message() for _ in range(BATCH)]
            for sock, frames in batch:
                conn.send(sock, frames)
                stats["messages"] += 1
            time.sleep(0.05)
            conn.drain()
            try:
                alive(km, g)
            except AssertionError as e:
                art = fu.keep_artifact(f"kernel_{SEED}_{stats['batches']}.txt",
                                       "\n".join(repr(b) for b in batch))
                raise AssertionError(f"after batch {stats['batches']} ({art}): {e}; "
                                     f"kernel {'alive' if km.is_alive() else 'dead'}")
            conn.drain()
            stats["batches"] += 1
            log.append(batch)
    finally:
        conn.close()
        kcl.stop(km, kc)


def main():
    label = "release"
    if ku.SABLE_ASAN and os.access(ku.SABLE_ASAN, os.X_OK):
        ku.kernelspec(ku.SABLE_ASAN, name="sable-asan")
        kcl.KERNEL = "sable-asan"
        os.environ["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0:exitcode=86"
        os.environ["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1:exitcode=87"
        label = "asan"
    stats = {"messages": 0, "batches": 0}
    ku.case("still_answers", fuzz, stats)
    fu.stat(f"{label} kernel, seed {SEED}: {stats['messages']} messages in {stats['batches']} batches")
    rep = kcl.sanitizer_report()
    ku.report("FAIL" if rep else "PASS", "sanitizer_log", rep or "")
    return ku.exit_status()


if __name__ == "__main__":
    sys.exit(main())
