"""The kernel driven by jupyter_client (and raw ZeroMQ sockets) through what
jupyter_kernel_test does not cover: interrupts by signal and by message during a tight loop,
shutdown and restart, input() over stdin, wrongly signed and malformed messages, a million
characters of output, the heartbeat during a long cell, stop_on_error, execution counts, code
point cursors, comms, an empty key, ipc transport. Prints PASS/FAIL/SKIP lines."""
import hashlib
import hmac
import json
import os
import queue
import subprocess
import sys
import tempfile
import time
import uuid

import _kernel_util as ku

if not ku.have_binary():
    sys.exit(0)
ku.kernelspec()

import zmq  # noqa: E402
from jupyter_client import BlockingKernelClient  # noqa: E402
from jupyter_client.manager import KernelManager  # noqa: E402

BINARY = ku.SABLE


LOG = tempfile.NamedTemporaryFile(prefix="sable-kernel-", suffix=".log", delete=False)
KERNEL = "sable"


def launch(km):
    """Start the kernel with its log (stderr) going to LOG."""
    km.start_kernel(stderr=LOG, stdout=LOG)


def start(**kw):
    km = KernelManager(kernel_name=KERNEL, **kw)
    launch(km)
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=30)
    return km, kc


def stop(km, kc):
    try:
        kc.stop_channels()
    finally:
        km.shutdown_kernel(now=False)


def collect(kc, msg_id, timeout=10.0):
    """iopub messages of one request up to its status idle (not included)."""
    out = []
    end = time.time() + timeout
    while True:
        left = end - time.time()
        if left <= 0:
            raise TimeoutError(f"no idle for {msg_id}; got {[m['msg_type'] for m in out]}")
        m = kc.get_iopub_msg(timeout=left)
        if m["parent_header"].get("msg_id") != msg_id:
            continue
        if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
            return out
        out.append(m)


def shell_reply(kc, msg_id, timeout=10.0):
    end = time.time() + timeout
    while True:
        m = kc.get_shell_msg(timeout=max(0.01, end - time.time()))
        if m["parent_header"].get("msg_id") == msg_id:
            return m


def run(kc, code, timeout=10.0, **kw):
    """Execute code; returns (reply content, iopub messages)."""
    mid = kc.execute(code, **kw)
    reply = shell_reply(kc, mid, timeout)
    return reply["content"], collect(kc, mid, timeout)


def stdout_of(msgs, name="stdout"):
    return "".join(m["content"]["text"] for m in msgs
                   if m["msg_type"] == "stream" and m["content"]["name"] == name)


def result_of(msgs):
    for m in msgs:
        if m["msg_type"] == "execute_result":
            return m["content"]["data"]["text/plain"]
    return None


def expect(cond, why):
    if not cond:
        raise AssertionError(why)


def wait_busy(kc, msg_id, timeout=5.0):
    end = time.time() + timeout
    while time.time() < end:
        m = kc.get_iopub_msg(timeout=end - time.time())
        if m["parent_header"].get("msg_id") == msg_id and m["msg_type"] == "execute_input":
            return
    raise TimeoutError("the cell did not start")


# --- tests on one shared kernel -------------------------------------------------------------

def t_order_and_counts(km, kc):
    c0, _ = run(kc, "1", silent=False)
    n0 = c0["execution_count"]
    c, msgs = run(kc, 'print("out"); 6*7')
    types = [m["msg_type"] for m in msgs if m["msg_type"] != "status"]
    msgs = [m for m in msgs if m["msg_type"] != "status"]
    expect(types[:1] == ["execute_input"], f"first iopub is not execute_input: {types}")
    expect("stream" in types and "execute_result" in types, f"missing outputs: {types}")
    ei = msgs[0]["content"]["execution_count"]
    er = next(m for m in msgs if m["msg_type"] == "execute_result")["content"]["execution_count"]
    expect(c["execution_count"] == ei == er == n0 + 1, f"counts differ: {c['execution_count']} {ei} {er}")
    c, msgs = run(kc, "6*7", silent=True)
    msgs = [m for m in msgs if m["msg_type"] != "status"]
    expect(msgs == [], f"silent execute published {[m['msg_type'] for m in msgs]}")
    expect(c["execution_count"] == n0 + 1, "silent execute changed the count")
    c, msgs = run(kc, "6*7", store_history=False)
    expect(c["execution_count"] == n0 + 1, "store_history=False changed the count")
    c, msgs = run(kc, "raise ValueError('x')")
    expect(c["status"] == "error" and c["execution_count"] == n0 + 2, f"error reply: {c}")
    c, _ = run(kc, "1")
    expect(c["execution_count"] == n0 + 3, "an error did not count")


def t_user_expressions(km, kc):
    c, msgs = run(kc, "ue_x = 20", user_expressions={"a": "ue_x + 22", "b": "ue_undefined", "c": "'s'"})
    ue = c["user_expressions"]
    expect(ue["a"]["status"] == "ok" and ue["a"]["data"]["text/plain"] == "42", f"a: {ue.get('a')}")
    expect(ue["b"]["status"] == "error" and ue["b"]["ename"] == "NameError", f"b: {ue.get('b')}")
    expect(ue["c"]["data"]["text/plain"] == "'s'", f"c: {ue.get('c')}")
    outs = [m["msg_type"] for m in msgs if m["msg_type"] not in ("status", "execute_input")]
    expect(outs == [], f"user expressions published {outs}")


def t_two_clients(km, kc):
    """A second front end on the same kernel (e.g. a console beside a notebook), with its
    own session and so its own socket identities."""
    kc2 = BlockingKernelClient(connection_file=km.connection_file)
    kc2.load_connection_file()
    kc2.start_channels()
    try:
        kc2.wait_for_ready(timeout=10)
        run(kc, "shared_v = 5")
        c, msgs = run(kc2, "shared_v * 2")
        expect(result_of(msgs) == "10", f"second client: {c}")
        # the first client sees the second one's cell on iopub too
        seen = []
        end = time.time() + 2
        while time.time() < end and "execute_result" not in seen:
            try:
                m = kc.get_iopub_msg(timeout=0.2)
            except queue.Empty:
                continue
            if m["parent_header"].get("session") == kc2.session.session:
                seen.append(m["msg_type"])
        expect("execute_result" in seen, f"first client saw {seen}")
    finally:
        kc2.stop_channels()


def t_error_shape(km, kc):
    c, msgs = run(kc, "raise ValueError('boom')")
    expect(c["status"] == "error" and c["ename"] == "ValueError" and "boom" in c["evalue"], str(c))
    errs = [m for m in msgs if m["msg_type"] == "error"]
    expect(len(errs) == 1, f"{len(errs)} error messages")
    e = errs[0]["content"]
    expect(e["ename"] == "ValueError" and isinstance(e["traceback"], list) and e["traceback"],
           f"error content {e}")
    expect(all(isinstance(x, str) for x in e["traceback"]), "traceback entries are not strings")


def t_stop_on_error(km, kc):
    run(kc, "aborted_marker = 0")
    # the first cell takes a moment, so that the others are queued when it fails
    ids = [kc.execute("import time; time.sleep(0.3)\nraise ValueError('first')"), kc.execute("aborted_marker = 1"),
           kc.execute('print("never")')]
    replies = [shell_reply(kc, i)["content"] for i in ids]
    expect(replies[0]["status"] == "error", f"first: {replies[0]}")
    expect(all(r["status"] in ("error", "aborted") for r in replies[1:]), f"queued cells ran: {replies[1:]}")
    for i in ids:
        collect(kc, i)
    _, msgs = run(kc, "print(aborted_marker)")
    expect(stdout_of(msgs).strip() == "0", f"an aborted cell ran: {stdout_of(msgs)!r}")
    # without stop_on_error the next cells run
    ids = [kc.execute("raise ValueError('again')", stop_on_error=False), kc.execute("aborted_marker = 2")]
    replies = [shell_reply(kc, i)["content"] for i in ids]
    for i in ids:
        collect(kc, i)
    expect(replies[1]["status"] == "ok", f"cell after stop_on_error=False: {replies[1]}")


def t_big_output(km, kc):
    n = 1_000_000
    c, msgs = run(kc, f'print("a" * {n})', timeout=60)
    text = stdout_of(msgs)
    expect(c["status"] == "ok", str(c))
    expect(text == "a" * n + "\n", f"got {len(text)} characters, expected {n + 1}")
    # three-byte characters across the 64 KiB batches must not be split into U+FFFD
    c, msgs = run(kc, 'print("x" + "\u20ac" * 300000)', timeout=60)
    text = stdout_of(msgs)
    expect(text == "x" + "\u20ac" * 300000 + "\n", f"multibyte output damaged ({len(text)} chars, "
           f"{text.count(chr(0xFFFD))} replacement characters)")


def t_interrupt_signal(km, kc):
    run(kc, "kept = 41")
    mid = kc.execute("while True: pass")
    wait_busy(kc, mid)
    time.sleep(0.3)
    km.interrupt_kernel()
    reply = shell_reply(kc, mid, timeout=10)["content"]
    expect(reply["status"] == "error" and reply.get("ename") == "KeyboardInterrupt", f"reply {reply}")
    collect(kc, mid)
    c, msgs = run(kc, "kept + 1")
    expect(result_of(msgs) == "42", f"state lost after interrupt: {c} {result_of(msgs)}")
    # SIGINT while idle is harmless
    km.interrupt_kernel()
    time.sleep(0.2)
    c, msgs = run(kc, "kept + 2")
    expect(result_of(msgs) == "43" and km.is_alive(), "an idle interrupt broke the kernel")


def control_request(kc, msg_type, content=None, timeout=5.0):
    msg = kc.session.msg(msg_type, content or {})
    kc.control_channel.send(msg)
    end = time.time() + timeout
    while True:
        r = kc.control_channel.get_msg(timeout=max(0.01, end - time.time()))
        if r["parent_header"].get("msg_id") == msg["header"]["msg_id"]:
            return r


def t_interrupt_message(km, kc):
    run(kc, "kept2 = 7")
    mid = kc.execute("while True: pass")
    wait_busy(kc, mid)
    # the control thread answers while the cell runs
    info = control_request(kc, "kernel_info_request")
    expect(info["content"]["status"] == "ok", "kernel_info on control during a cell")
    t0 = time.time()
    r = control_request(kc, "interrupt_request")
    expect(r["msg_type"] == "interrupt_reply" and r["content"]["status"] == "ok", str(r["content"]))
    reply = shell_reply(kc, mid, timeout=10)["content"]
    expect(reply.get("ename") == "KeyboardInterrupt", f"reply {reply}")
    expect(time.time() - t0 < 5, "interrupt took too long")
    collect(kc, mid)
    _, msgs = run(kc, "kept2 * 6")
    expect(result_of(msgs) == "42", "state lost after interrupt_request")


def t_heartbeat_during_cell(km, kc):
    mid = kc.execute("while True: pass")
    wait_busy(kc, mid)
    ctx = zmq.Context.instance()
    s = ctx.socket(zmq.REQ)
    s.linger = 0
    s.connect(f"{km.transport}://{km.ip}:{km.hb_port}" if km.transport == "tcp"
              else f"ipc://{km.ip}-{km.hb_port}")
    try:
        for i in range(3):
            s.send(b"ping%d" % i)
            expect(s.poll(2000), "no heartbeat echo during a long cell")
            expect(s.recv() == b"ping%d" % i, "heartbeat did not echo the frame")
    finally:
        s.close()
        km.interrupt_kernel()
        shell_reply(kc, mid, timeout=10)
        collect(kc, mid)


def t_input(km, kc):
    mid = kc.execute('name = input("who? ")\nprint("hi " + name)', allow_stdin=True)
    req = kc.get_stdin_msg(timeout=10)
    expect(req["msg_type"] == "input_request" and req["content"]["prompt"] == "who? ",
           f"input_request {req['content']}")
    expect(req["parent_header"].get("msg_id") == mid, "input_request parent is not the cell")
    expect(req["content"]["password"] is False, "password flag")
    kc.input("Ada")
    reply = shell_reply(kc, mid)["content"]
    msgs = collect(kc, mid)
    expect(reply["status"] == "ok", str(reply))
    expect("hi Ada" in stdout_of(msgs), f"stdout {stdout_of(msgs)!r}")
    # an interrupt while waiting for input ends the wait
    mid = kc.execute('input("waiting: ")', allow_stdin=True)
    kc.get_stdin_msg(timeout=10)
    km.interrupt_kernel()
    reply = shell_reply(kc, mid, timeout=10)["content"]
    collect(kc, mid)
    expect(reply["status"] == "error" and reply.get("ename") == "KeyboardInterrupt",
           f"interrupted input: {reply.get('ename')}: {reply.get('evalue')}")
    # without stdin, input() fails instead of hanging
    c, _ = run(kc, 'input("no stdin: ")', allow_stdin=False)
    expect(c["status"] == "error", f"input with allow_stdin=False: {c}")
    c, msgs = run(kc, "print(name)")
    expect(stdout_of(msgs).strip() == "Ada", "session lost after input")


def t_complete_code_points(km, kc):
    code = 'x = "\u00fc\u00e9\u4e2d\U0001F600"; pri'
    mid = kc.complete(code, len(code))
    c = shell_reply(kc, mid)["content"]
    collect(kc, mid)
    expect("print" in c["matches"], f"matches {c['matches']}")
    expect(c["cursor_start"] == len(code) - 3 and c["cursor_end"] == len(code),
           f"cursor_start/end {c['cursor_start']}/{c['cursor_end']} for {len(code)} code points")


def t_comms(km, kc):
    mid = kc.session.msg("comm_info_request", {})
    kc.shell_channel.send(mid)
    r = shell_reply(kc, mid["header"]["msg_id"])["content"]
    expect(r["status"] == "ok" and r["comms"] == {}, str(r))
    msg = kc.session.msg("comm_open", {"comm_id": "c1", "target_name": "nope", "data": {}})
    kc.shell_channel.send(msg)
    msgs = collect(kc, msg["header"]["msg_id"])
    closes = [m for m in msgs if m["msg_type"] == "comm_close"]
    expect(closes and closes[0]["content"]["comm_id"] == "c1", f"no comm_close: {msgs}")
    for t in ("comm_msg", "comm_close"):
        msg = kc.session.msg(t, {"comm_id": "c1", "data": {}})
        kc.shell_channel.send(msg)
        collect(kc, msg["header"]["msg_id"])


def t_display(km, kc):
    c, msgs = run(kc, 'display(42, display_id="d1")\nupdate_display(43, display_id="d1")\nclear_output(wait=True)')
    expect(c["status"] == "ok", f"display cell: {c}")
    types = [m["msg_type"] for m in msgs if m["msg_type"] != "status"]
    expect(types == ["execute_input", "display_data", "update_display_data", "clear_output"], f"messages {types}")
    d, u, cl = [m["content"] for m in msgs if m["msg_type"] in ("display_data", "update_display_data", "clear_output")]
    expect(d["transient"].get("display_id") == "d1" and u["transient"].get("display_id") == "d1",
           f"transient {d['transient']} {u['transient']}")
    expect(d["data"]["text/plain"] == "42" and u["data"]["text/plain"] == "43", f"data {d['data']} {u['data']}")
    expect(cl["wait"] is True, f"clear_output {cl}")


def t_headers(km, kc):
    mid = kc.kernel_info()
    r = shell_reply(kc, mid)
    h = r["header"]
    expect(h["version"] == "5.3" and h["msg_type"] == "kernel_info_reply", str(h))
    expect(r["parent_header"]["msg_id"] == mid, "parent header")
    expect(hasattr(h["date"], "tzinfo") and h["date"].tzinfo is not None, f"date {h['date']!r}")
    li = r["content"]["language_info"]
    expect(li["name"] == "sable" and li["file_extension"] == ".py" and li.get("codemirror_mode"),
           str(li))
    expect(r["content"]["protocol_version"] == "5.3", "protocol_version")
    s1 = h["session"]
    r2 = shell_reply(kc, kc.kernel_info())
    expect(r2["header"]["session"] == s1, "session id changed within a process")


# --- raw sockets: bad input -----------------------------------------------------------------

class Raw:
    """A DEALER on the shell (or control) port that speaks the wire format by hand."""

    def __init__(self, km, port, key):
        self.ctx = zmq.Context.instance()
        self.s = self.ctx.socket(zmq.DEALER)
        self.s.linger = 0
        self.s.connect(f"tcp://{km.ip}:{port}")
        self.key = key

    def sign(self, parts):
        if not self.key:
            return b""
        h = hmac.new(self.key, digestmod=hashlib.sha256)
        for p in parts:
            h.update(p)
        return h.hexdigest().encode()

    def parts(self, msg_type, content, header=None):
        hdr = header or {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": "raw",
                         "username": "t", "date": "2024-01-01T00:00:00Z", "version": "5.3"}
        return [json.dumps(hdr).encode(), b"{}", b"{}", json.dumps(content).encode()], hdr["msg_id"]

    def send(self, frames):
        self.s.send_multipart(frames)

    def request(self, msg_type, content, sig=None, mangle=None):
        parts, mid = self.parts(msg_type, content)
        if mangle:
            parts = mangle(parts)
        self.send([b"<IDS|MSG>", self.sign(parts) if sig is None else sig] + parts)
        return mid

    def reply(self, timeout=1.0):
        if not self.s.poll(int(timeout * 1000)):
            return None
        f = self.s.recv_multipart()
        i = f.index(b"<IDS|MSG>")
        return json.loads(f[i + 2]), json.loads(f[i + 5])

    def ok(self):
        """A normal kernel_info_request must still be answered."""
        mid = self.request("kernel_info_request", {})
        end = time.time() + 5
        while time.time() < end:
            r = self.reply(timeout=end - time.time())
            if r and r[0]["msg_type"] == "kernel_info_reply":
                return True
        raise AssertionError("the kernel stopped answering")

    def close(self):
        self.s.close()


def t_bad_messages(km, kc):
    key = km.session.key
    raw = Raw(km, km.shell_port, key)
    try:
        cases = [
            ("wrong signature", lambda: raw.request("execute_request", {"code": "bad_1 = 1"}, sig=b"0" * 64)),
            ("missing signature", lambda: raw.request("execute_request", {"code": "bad_1 = 1"}, sig=b"")),
            ("short signature", lambda: raw.request("execute_request", {"code": "bad_1 = 1"}, sig=b"abc")),
            ("uppercase signature", lambda: raw.request(
                "execute_request", {"code": "bad_1 = 1"},
                sig=raw.sign(raw.parts("execute_request", {"code": "bad_1 = 1"})[0]).upper() + b"")),
            ("signed other bytes", lambda: raw.send([b"<IDS|MSG>", raw.sign([b"{}"] * 4)] +
                                                   raw.parts("execute_request", {"code": "bad_1 = 1"})[0])),
            ("no delimiter", lambda: raw.send([b"x", b"y", b"z", b"w", b"v", b"u"])),
            ("too few frames", lambda: raw.send([b"<IDS|MSG>", b"sig", b"{}"])),
            ("one empty frame", lambda: raw.send([b""])),
            ("invalid JSON", lambda: raw.request("execute_request", {}, mangle=lambda p: [p[0], p[1], p[2], b"{not json"])),
            ("header not an object", lambda: raw.request("x", {}, mangle=lambda p: [b"[1,2]", p[1], p[2], p[3]])),
            ("no msg_type", lambda: raw.request("x", {}, mangle=lambda p: [b'{"msg_id":"1"}', p[1], p[2], p[3]])),
            ("content is a list", lambda: raw.request("execute_request", {}, mangle=lambda p: [p[0], p[1], p[2], b"[]"])),
            ("invalid UTF-8", lambda: raw.request("execute_request", {}, mangle=lambda p: [p[0], p[1], p[2], b'{"code":"\xff\xfe"}'])),
            ("binary garbage", lambda: raw.send([b"<IDS|MSG>", os.urandom(64)] + [os.urandom(100) for _ in range(4)])),
            ("huge message", lambda: raw.request("execute_request", {"code": "#" + "x" * (20 << 20)}, sig=b"0" * 64)),
            ("unknown type", lambda: raw.request("no_such_request", {})),
            ("nothing", lambda: None),
        ]
        for name, fn in cases:
            fn()
            r = raw.reply(timeout=0.3)
            if r is not None and name != "unknown type":
                expect(r[0]["msg_type"] != "execute_reply", f"{name}: a bad message was answered")
            raw.ok()
            while raw.reply(timeout=0.05):
                pass
        # wrong field types get an error reply
        mid = raw.request("execute_request", {"code": 5})
        r = raw.reply(timeout=5)
        expect(r and r[0]["msg_type"] == "execute_reply" and r[1]["status"] == "error",
               f"execute_request with code=5: {r}")
        mid = raw.request("complete_request", {"code": "pri", "cursor_pos": "x"})
        r = raw.reply(timeout=5)
        expect(r and r[1]["status"] == "error", f"complete_request with a bad cursor: {r}")
        raw.ok()
        # none of the wrongly signed cells ran
        c, msgs = run(kc, "bad_1")
        expect(c["status"] == "error", "a wrongly signed execute_request was executed")
    finally:
        raw.close()
    # a wrongly signed shutdown on control does nothing
    ctl = Raw(km, km.control_port, key)
    try:
        ctl.request("shutdown_request", {"restart": False}, sig=b"f" * 64)
        time.sleep(0.3)
        expect(km.is_alive(), "a wrongly signed shutdown_request stopped the kernel")
        ctl.ok()
    finally:
        ctl.close()


# --- tests that need their own kernel ---------------------------------------------------------

def t_shutdown_restart():
    km, kc = start()
    try:
        run(kc, "before_restart = 1")
        km.restart_kernel(now=False)
        kc.wait_for_ready(timeout=30)
        c, msgs = run(kc, "before_restart")
        expect(c["status"] == "error" and c.get("ename") == "NameError",
               f"variables survived a restart: {c}")
        r = control_request(kc, "shutdown_request", {"restart": False})
        expect(r["content"] == {"status": "ok", "restart": False}, str(r["content"]))
        end = time.time() + 3
        while km.is_alive() and time.time() < end:
            time.sleep(0.05)
        expect(not km.is_alive(), "the kernel did not exit after shutdown_request")
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def t_shutdown_during_cell():
    km, kc = start()
    try:
        mid = kc.execute("while True: pass")
        wait_busy(kc, mid)
        t0 = time.time()
        r = control_request(kc, "shutdown_request", {"restart": False})
        expect(r["content"]["status"] == "ok", str(r["content"]))
        while km.is_alive() and time.time() - t0 < 5:
            time.sleep(0.05)
        expect(not km.is_alive(), "the kernel did not exit while a cell ran")
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def t_empty_key():
    km = KernelManager(kernel_name=KERNEL)
    km.session.key = b""
    launch(km)
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=30)
        _, msgs = run(kc, "20 + 22")
        expect(result_of(msgs) == "42", "execute without signing")
    finally:
        stop(km, kc)


def t_ipc():
    d = tempfile.mkdtemp(prefix="sable-ipc-")
    km = KernelManager(kernel_name=KERNEL, transport="ipc", ip=os.path.join(d, "k"))
    launch(km)
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=30)
        _, msgs = run(kc, "20 + 22")
        expect(result_of(msgs) == "42", "execute over ipc")
    finally:
        stop(km, kc)


def t_bad_connection_files():
    d = tempfile.mkdtemp(prefix="sable-conn-")
    cases = {
        "scheme": {"signature_scheme": "hmac-md5", "key": "k", "transport": "tcp", "ip": "127.0.0.1",
                   "shell_port": 0, "iopub_port": 0, "stdin_port": 0, "control_port": 0, "hb_port": 0},
        "json": "{not json",
        "port": {"shell_port": "x"},
    }
    for name, content in cases.items():
        p = os.path.join(d, name + ".json")
        with open(p, "w") as f:
            f.write(content if isinstance(content, str) else json.dumps(content))
        r = subprocess.run([BINARY, "kernel", "-f", p], capture_output=True, timeout=10)
        expect(r.returncode != 0 and b"[sable kernel]" in r.stderr, f"{name}: rc {r.returncode} {r.stderr[-200:]!r}")
        expect(b'"k"' not in r.stderr, "the key was logged")
    r = subprocess.run([BINARY, "kernel", "-f", os.path.join(d, "missing.json")], capture_output=True, timeout=10)
    expect(r.returncode != 0, "a missing connection file was accepted")


def sanitizer_report():
    LOG.flush()
    with open(LOG.name, "rb") as f:
        text = f.read().decode("utf-8", "replace")
    for marker in ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:"):
        i = text.find(marker)
        if i >= 0:
            return text[i:i + 300]
    return None


def suite(prefix, shared, alone):
    km, kc = start()
    try:
        for name, fn in shared:
            if not km.is_alive():
                ku.report("FAIL", f"{prefix}/{name}", "the kernel died earlier")
                continue
            ku.case(f"{prefix}/{name}", fn, km, kc)
            # drain what a failed test left behind
            for ch in (kc.shell_channel, kc.iopub_channel, kc.stdin_channel):
                try:
                    while True:
                        ch.get_msg(timeout=0.05)
                except queue.Empty:
                    pass
    finally:
        stop(km, kc)
    for name, fn in alone:
        ku.case(f"{prefix}/{name}", fn)


def main():
    global KERNEL
    shared = [("order_and_counts", t_order_and_counts), ("user_expressions", t_user_expressions),
              ("two_clients", t_two_clients), ("error_shape", t_error_shape),
              ("stop_on_error", t_stop_on_error), ("big_output", t_big_output),
              ("interrupt_signal", t_interrupt_signal), ("interrupt_message", t_interrupt_message),
              ("heartbeat_during_cell", t_heartbeat_during_cell), ("input", t_input),
              ("complete_code_points", t_complete_code_points), ("comms", t_comms),
              ("display", t_display), ("headers", t_headers), ("bad_messages", t_bad_messages)]
    alone = [("shutdown_restart", t_shutdown_restart), ("shutdown_during_cell", t_shutdown_during_cell),
             ("empty_key", t_empty_key), ("ipc", t_ipc), ("bad_connection_files", t_bad_connection_files)]
    only = os.environ.get("KTEST_ONLY")
    if only:
        shared = [t for t in shared if t[0] in only.split(",")]
        alone = [t for t in alone if t[0] in only.split(",")]
    suite("client", shared, alone)
    if ku.SABLE_ASAN and os.access(ku.SABLE_ASAN, os.X_OK):
        # the same requests against the ASan+UBSan build: memory errors show in its log
        ku.kernelspec(ku.SABLE_ASAN, name="sable-asan")
        KERNEL = "sable-asan"
        os.environ["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0:exitcode=86"
        os.environ["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1:exitcode=87"
        keep = {"order_and_counts", "big_output", "interrupt_message", "input", "complete_code_points",
                "comms", "bad_messages"}
        suite("client-asan", [t for t in shared if t[0] in keep], [alone[0]])
    rep = sanitizer_report()
    ku.report("FAIL" if rep else "PASS", "client/sanitizer_log", rep or "")
    return ku.exit_status()


if __name__ == "__main__":
    sys.exit(main())
