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
KEYS = []   # HMAC keys of the kernels started here: none may appear in the log
KERNEL = "sable"


def launch(km):
    """Start the kernel with its log (stderr) going to LOG."""
    KEYS.append(km.session.key)
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
    # "error" since protocol 5.1 (jupyter_kernel_test's schema rejects "aborted")
    expect(all(r["status"] == "error" for r in replies[1:]), f"queued cells: {replies[1:]}")
    expect(all(r["execution_count"] == replies[0]["execution_count"] for r in replies[1:]),
           f"aborted cells changed the count: {replies}")
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


def with_status(kc, msg_id, timeout=10.0):
    """Every iopub message of one request, its status messages included, up to its idle."""
    out = []
    end = time.time() + timeout
    while True:
        left = end - time.time()
        if left <= 0:
            raise TimeoutError(f"no idle for {msg_id}; got {[m['msg_type'] for m in out]}")
        m = kc.get_iopub_msg(timeout=left)
        if m["parent_header"].get("msg_id") != msg_id:
            continue
        out.append(m)
        if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
            return out


def states(msgs):
    return [m["content"]["execution_state"] if m["msg_type"] == "status" else m["msg_type"] for m in msgs]


def t_busy_idle_every_request(km, kc):
    """busy (parent = the request) before anything else, idle last, a reply, on shell and on
    control, for every request type."""
    shell = [("kernel_info_request", {}), ("complete_request", {"code": "pri", "cursor_pos": 3}),
             ("inspect_request", {"code": "print", "cursor_pos": 5, "detail_level": 0}),
             ("is_complete_request", {"code": "x = 1"}),
             ("history_request", {"output": False, "raw": True, "hist_access_type": "tail", "n": 2}),
             ("comm_info_request", {}), ("connect_request", {}),
             ("execute_request", {"code": "bi_x = 1", "silent": False, "store_history": True,
                                  "user_expressions": {}, "allow_stdin": False, "stop_on_error": True})]
    control = [("kernel_info_request", {}), ("connect_request", {}), ("comm_info_request", {}),
               ("interrupt_request", {})]
    for channel, reqs in (("shell", shell), ("control", control)):
        for msg_type, content in reqs:
            msg = kc.session.msg(msg_type, content)
            if channel == "shell":
                kc.shell_channel.send(msg)
                reply = shell_reply(kc, msg["header"]["msg_id"])
            else:
                kc.control_channel.send(msg)
                end = time.time() + 10
                while True:
                    reply = kc.control_channel.get_msg(timeout=max(0.01, end - time.time()))
                    if reply["parent_header"].get("msg_id") == msg["header"]["msg_id"]:
                        break
            expect(reply["msg_type"] == msg_type.replace("_request", "_reply"),
                   f"{channel} {msg_type}: reply {reply['msg_type']}")
            seq = states(with_status(kc, msg["header"]["msg_id"]))
            expect(seq[0] == "busy" and seq[-1] == "idle" and seq.count("busy") == 1 and
                   seq.count("idle") == 1, f"{channel} {msg_type}: iopub {seq}")
    # a cell: busy, execute_input, its outputs, idle
    mid = kc.execute('print("o"); 1 + 1')
    seq = states(with_status(kc, mid))
    expect(seq == ["busy", "execute_input", "stream", "execute_result", "idle"], f"execute: {seq}")
    shell_reply(kc, mid)


def t_kernel_info_fields(km, kc):
    c = shell_reply(kc, kc.kernel_info())["content"]
    for key in ("status", "protocol_version", "implementation", "implementation_version", "banner",
                "help_links", "language_info"):
        expect(key in c, f"kernel_info_reply lacks {key}")
    expect(c["status"] == "ok" and c["implementation"] == "sable", str(c))
    expect(isinstance(c["banner"], str) and c["banner"], "banner")
    expect(all(set(h) == {"text", "url"} for h in c["help_links"]) and c["help_links"], f"help_links {c['help_links']}")
    li = c["language_info"]
    for key in ("name", "version", "mimetype", "file_extension", "pygments_lexer", "codemirror_mode"):
        expect(li.get(key), f"language_info lacks {key}: {li}")
    expect(li["file_extension"].startswith("."), "file_extension without its dot")
    expect(li["codemirror_mode"] in ("python", {"name": "python", "version": 3}) or
           (isinstance(li["codemirror_mode"], dict) and li["codemirror_mode"].get("name") == "python"),
           f"codemirror_mode {li['codemirror_mode']}")
    # no debugger is advertised, and a debug_request is ignored without harm
    expect(not c.get("debugger"), "a debugger is advertised")
    msg = kc.session.msg("debug_request", {"command": "initialize", "seq": 1, "type": "request", "arguments": {}})
    kc.control_channel.send(msg)
    try:
        r = kc.control_channel.get_msg(timeout=0.5)
        expect(r["parent_header"].get("msg_id") != msg["header"]["msg_id"], "a debug_request was answered")
    except queue.Empty:
        pass
    _, msgs = run(kc, "20 + 22")
    expect(result_of(msgs) == "42", "the kernel stopped after a debug_request")


def t_is_complete_indent(km, kc):
    for code, status, indent in (("for i in range(3):", "incomplete", "    "),
                                 ("if x:\n    for y in z:", "incomplete", "        "),
                                 ("x = (1,", "incomplete", None), ("1 +* 2", "invalid", None),
                                 ("x = 1", "complete", None)):
        c = shell_reply(kc, kc.is_complete(code))["content"]
        expect(c["status"] == status, f"{code!r}: {c}")
        if indent is not None:
            expect(c.get("indent") == indent, f"{code!r}: indent {c.get('indent')!r}")
        if status == "incomplete":
            expect(isinstance(c.get("indent"), str), f"{code!r}: no indent string")


def t_history_missing_keys(km, kc):
    run(kc, "hist_probe = 1")
    for content in ({}, {"hist_access_type": "tail"}, {"hist_access_type": "range"},
                    {"hist_access_type": "search"}, {"hist_access_type": "tail", "n": 1, "output": True}):
        msg = kc.session.msg("history_request", content)
        kc.shell_channel.send(msg)
        r = shell_reply(kc, msg["header"]["msg_id"])["content"]
        collect(kc, msg["header"]["msg_id"])
        expect(r.get("status") == "ok" and isinstance(r.get("history"), list), f"{content}: {r}")
        for e in r["history"]:
            expect(isinstance(e, list) and len(e) == 3, f"{content}: entry {e}")
            if content.get("output"):
                expect(isinstance(e[2], list) and len(e[2]) == 2, f"output entry {e}")
    msg = kc.session.msg("history_request", {"hist_access_type": "tail", "n": 1, "output": False, "raw": True})
    kc.shell_channel.send(msg)
    r = shell_reply(kc, msg["header"]["msg_id"])["content"]
    collect(kc, msg["header"]["msg_id"])
    expect(r["history"] and r["history"][-1][2] == "hist_probe = 1", f"tail: {r['history']}")


def t_comm_no_reply(km, kc):
    """comm_open/comm_msg/comm_close get busy/idle but no shell reply."""
    for t, content in (("comm_open", {"comm_id": "c2", "target_name": "nope", "data": {}}),
                       ("comm_msg", {"comm_id": "c2", "data": {}}), ("comm_close", {"comm_id": "c2", "data": {}})):
        msg = kc.session.msg(t, content)
        kc.shell_channel.send(msg)
        seq = states(with_status(kc, msg["header"]["msg_id"]))
        expect(seq[0] == "busy" and seq[-1] == "idle", f"{t}: {seq}")
        try:
            r = kc.get_shell_msg(timeout=0.3)
            expect(r["parent_header"].get("msg_id") != msg["header"]["msg_id"], f"{t} was answered: {r['msg_type']}")
        except queue.Empty:
            pass


def t_stale_input_reply(km, kc):
    """A stale input_reply waiting on stdin is drained: the prompt gets the answer sent after it."""
    kc.input("stale")
    time.sleep(0.3)
    mid = kc.execute('got = input("? ")\nprint("got " + got)', allow_stdin=True)
    req = kc.get_stdin_msg(timeout=10)
    expect(req["msg_type"] == "input_request", f"{req['msg_type']}")
    kc.input("fresh")
    reply = shell_reply(kc, mid)["content"]
    msgs = collect(kc, mid)
    expect(reply["status"] == "ok", str(reply))
    expect(stdout_of(msgs).strip() == "got fresh", f"stdout {stdout_of(msgs)!r}")


def t_deep_recursion(km, kc):
    """User code cannot crash the kernel by recursing: RecursionError at the limit, and a raised
    limit runs deep (the cell runs on a thread with a large stack)."""
    c, msgs = run(kc, "def deep(n):\n    return 0 if n == 0 else 1 + deep(n - 1)\ndeep(10 ** 6)", timeout=60)
    expect(c["status"] == "error" and c["ename"] == "RecursionError", f"{c.get('ename')}: {c.get('evalue')}")
    c, msgs = run(kc, "import sys\nold_limit = sys.getrecursionlimit()\nsys.setrecursionlimit(100000)\n"
                      "r = deep(50000)\nsys.setrecursionlimit(old_limit)\nr", timeout=60)
    expect(c["status"] == "ok" and result_of(msgs) == "50000", f"{c} {result_of(msgs)}")
    _, msgs = run(kc, "deep(10)")
    expect(result_of(msgs) == "10" and km.is_alive(), "the kernel suffered")


def t_rich_mime(km, kc):
    """application/json goes out as a JSON object, SVG as text, text/plain always."""
    c, msgs = run(kc, "class Rich:\n"
                      "    def _repr_json_(self):\n        return '{\"a\": [1, 2]}'\n"
                      "    def _repr_svg_(self):\n        return '<svg xmlns=\"http://www.w3.org/2000/svg\"/>'\n"
                      "    def _repr_html_(self):\n        return '<b>rich</b>'\n"
                      "    def __repr__(self):\n        return 'Rich()'\n"
                      "Rich()")
    expect(c["status"] == "ok", str(c))
    res = [m["content"] for m in msgs if m["msg_type"] == "execute_result"]
    expect(len(res) == 1, f"{len(res)} execute_result")
    d = res[0]["data"]
    expect(d.get("text/plain") == "Rich()", f"text/plain {d.get('text/plain')!r}")
    expect(d.get("application/json") == {"a": [1, 2]}, f"application/json {d.get('application/json')!r}")
    expect(isinstance(d.get("image/svg+xml"), str) and d["image/svg+xml"].startswith("<svg"), "image/svg+xml")
    expect(d.get("text/html") == "<b>rich</b>", "text/html")
    expect(isinstance(res[0]["metadata"], dict), "metadata")
    # _repr_json_ may return the object itself, as IPython allows
    c, msgs = run(kc, "class J:\n    def _repr_json_(self):\n        return {'k': [1, 2.5, None, 'x']}\nJ()")
    res = [m["content"] for m in msgs if m["msg_type"] == "execute_result"]
    expect(c["status"] == "ok" and len(res) == 1, f"{c} {len(res)}")
    expect(res[0]["data"].get("application/json") == {"k": [1, 2.5, None, "x"]},
           f"application/json from a dict {res[0]['data']!r}")
    # text types only (the result of most cells): quotes, backslashes, control and multi-byte
    # characters arrive intact
    c, msgs = run(kc, "class Html:\n    def _repr_html_(self):\n        return '<i>\"q\"\\\\</i>\\n\\t\\x01\u00e9'\n"
                      "    def __repr__(self):\n        return 'Html()'\nHtml()")
    res = [m["content"] for m in msgs if m["msg_type"] == "execute_result"]
    expect(c["status"] == "ok" and len(res) == 1, f"{c} {len(res)}")
    expect(res[0]["data"] == {"text/plain": "Html()", "text/html": '<i>"q"\\</i>\n\t\x01\u00e9'},
           f"data {res[0]['data']!r}")
    expect(res[0]["metadata"] == {}, f"metadata {res[0]['metadata']}")
    text = 'a"b\\c\n\t\x01\x1f\u00e9\u20ac\U0001F600'
    c, msgs = run(kc, repr(text))
    expect(result_of(msgs) == repr(text), f"{result_of(msgs)!r} != {repr(text)!r}")


def t_png_metadata(km, kc):
    """A PNG is base64 (no data: prefix) with its width and height in the metadata."""
    import base64
    import binascii
    import struct
    c, msgs = run(kc, "import matplotlib.pyplot as plt\nplt.figure(figsize=(3, 2))\nplt.plot([1, 3, 2])\nplt.show()",
                  timeout=60)
    if c["status"] != "ok":
        return f"SKIP pyplot: {c.get('ename')}: {c.get('evalue')}"
    ds = [m["content"] for m in msgs if m["msg_type"] == "display_data" and "image/png" in m["content"]["data"]]
    expect(ds, f"no image/png display: {[m['msg_type'] for m in msgs]}")
    d = ds[0]
    b64 = d["data"]["image/png"]
    expect(not b64.startswith("data:"), "a data: prefix")
    try:
        png = base64.b64decode(b64, validate=True)
    except binascii.Error as e:
        raise AssertionError(f"not base64: {e}")
    expect(png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG")
    w, h = struct.unpack(">II", png[16:24])
    meta = d["metadata"].get("image/png", {})
    expect(meta.get("width") == w and meta.get("height") == h, f"metadata {d['metadata']} for {w}x{h}")
    expect("text/plain" in d["data"], "no text/plain beside the PNG")


def t_inspect_ipython(km, kc):
    """inspect_request's text/plain is IPython 8's (colours aside): Signature/Docstring/Type for
    functions, methods and builtins, Init signature/Init docstring for classes, Type/String form
    for other objects. The expected texts are what IPython 8.12 printed for the same code."""
    c, _ = run(kc, 'def f(x, y=2):\n    """Add things."""\n    return x + y\n'
               'def g(a, *args, k=3, **kw):\n    """First line.\n\n    More text here.\n    """\n'
               'def h(z): pass\n'
               'class P:\n    """A point."""\n    def __init__(self, x, y=0):\n        """Make it."""\n'
               '        self.x = x\n    def norm(self, p=2):\n        """The norm."""\n'
               'class Q: pass\npt = P(1)\nn = 5\n')
    expect(c["status"] == "ok", f"setup {c}")
    want = {
        "f": "Signature: f(x, y=2)\nDocstring: Add things.\nType:      function",
        "g": "Signature: g(a, *args, k=3, **kw)\nDocstring:\nFirst line.\n\nMore text here.\nType:      function",
        "h": "Signature: h(z)\nDocstring: <no docstring>\nType:      function",
        "P": "Init signature: P(x, y=0)\nDocstring:      A point.\nInit docstring: Make it.\nType:           type",
        "Q": "Init signature: Q()\nDocstring:      <no docstring>\nType:           type",
        "pt.norm": "Signature: pt.norm(p=2)\nDocstring: The norm.\nType:      method",
        "len": "Signature: len(obj, /)\nDocstring: Return the number of items in a container.\n"
               "Type:      builtin_function_or_method",
        "pt": "Type:           P\nString form:    <__main__.P object at 0x",
    }
    for code, text in want.items():
        for cur in (len(code), len(code) + 1):   # on the name, and inside "name(" as shift-tab sends
            src = code + "(" if cur > len(code) else code
            msg = kc.session.msg("inspect_request", {"code": src, "cursor_pos": cur, "detail_level": 0})
            kc.shell_channel.send(msg)
            r = shell_reply(kc, msg["header"]["msg_id"])["content"]
            got = r.get("data", {}).get("text/plain", "")
            expect(r["status"] == "ok" and r["found"], f"{src!r}: {r}")
            ok = got.startswith(text) if code == "pt" else got == text
            expect(ok, f"{src!r}: {got!r} != {text!r}")
    msg = kc.session.msg("inspect_request", {"code": "pt", "cursor_pos": 2, "detail_level": 0})
    kc.shell_channel.send(msg)
    got = shell_reply(kc, msg["header"]["msg_id"])["content"]["data"]["text/plain"]
    expect(got.endswith("\nDocstring:      A point.\nInit docstring: Make it."), f"pt: {got!r}")
    # a prelude class (written in Sable) shows its __init__ as the Init signature
    c, _ = run(kc, "import collections")
    msg = kc.session.msg("inspect_request", {"code": "collections.Counter(", "cursor_pos": 20, "detail_level": 0})
    kc.shell_channel.send(msg)
    got = shell_reply(kc, msg["header"]["msg_id"])["content"]["data"]["text/plain"]
    expect(got.startswith("Init signature: collections.Counter(iterable=None, /, **kwds)\nDocstring:") and "\nType:           type" in got, repr(got))


def t_png_retina_tight(km, kc):
    """As IPython's inline backend: figures are cropped to their drawn content (bbox_inches
    'tight': smaller than figsize * dpi, as matplotlib's), and with figure_format 'retina' (by
    %config or set_matplotlib_formats) the PNG has twice the pixels and its metadata half of
    them; savefig crops only when asked."""
    import base64
    import struct

    def shown(code):
        c, msgs = run(kc, code, timeout=60)
        expect(c["status"] == "ok", f"{code!r}: {c.get('ename')}: {c.get('evalue')}")
        ds = [m["content"] for m in msgs if m["msg_type"] == "display_data" and "image/png" in m["content"]["data"]]
        expect(len(ds) == 1, f"{code!r}: {len(ds)} PNG displays")
        png = base64.b64decode(ds[0]["data"]["image/png"])
        return struct.unpack(">II", png[16:24]), ds[0]["metadata"].get("image/png")

    plot = "plt.figure(figsize=(3, 2), dpi=100)\nplt.plot([1, 3, 2])\nplt.title('t')\nplt.show()"
    c, _ = run(kc, "import matplotlib.pyplot as plt", timeout=60)
    (w, h), md = shown(plot)
    expect(150 < w <= 300 and 100 < h <= 200 and (w < 300 or h < 200), f"inline PNG {w}x{h} not cropped")
    expect(md == {"width": w, "height": h}, f"metadata {md} for {w}x{h}")
    for how in ("%config InlineBackend.figure_format = 'retina'",
                "from IPython.display import set_matplotlib_formats\nset_matplotlib_formats('retina')"):
        run(kc, "%config InlineBackend.figure_format = 'png'")
        run(kc, how)
        (w2, h2), md2 = shown(plot)
        expect(abs(w2 - 2 * w) <= 8 and abs(h2 - 2 * h) <= 8, f"{how!r}: retina {w2}x{h2} for {w}x{h}")
        expect(md2 == {"width": w2 // 2, "height": h2 // 2}, f"{how!r}: metadata {md2} for {w2}x{h2}")
    run(kc, "%config InlineBackend.figure_format = 'png'")
    c, msgs = run(kc, "import struct, tempfile, os\nd = tempfile.mkdtemp()\n"
                      "plt.figure(figsize=(3, 2), dpi=100)\nplt.plot([1, 3, 2])\n"
                      "plt.savefig(os.path.join(d, 'a.png'))\n"
                      "plt.savefig(os.path.join(d, 'b.png'), bbox_inches='tight')\nplt.close()\n"
                      "print([struct.unpack('>II', open(os.path.join(d, n), 'rb').read()[16:24]) for n in ('a.png', 'b.png')])",
                 timeout=60)
    out = "".join(m["content"].get("text", "") for m in msgs if m["msg_type"] == "stream")
    sizes = eval(out)
    expect(sizes[0] == (300, 200) and sizes[1][0] < 300 and sizes[1][1] < 200, f"savefig sizes {sizes}")


def t_ids_and_usernames(km, kc):
    mid = kc.execute('print("a"); 1')
    msgs = with_status(kc, mid)
    msgs.append(shell_reply(kc, mid))
    ids = [m["header"]["msg_id"] for m in msgs]
    expect(all(isinstance(i, str) and i for i in ids) and len(set(ids)) == len(ids), f"msg_ids {ids}")
    expect(all(isinstance(m["header"].get("username"), str) for m in msgs), "username")
    expect(len({m["header"]["session"] for m in msgs}) == 1, "more than one session id")
    expect(all(m["header"]["version"] == "5.3" for m in msgs), "version")


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


def t_raw_framing(km, kc):
    """Identity frames are copied into replies (several of them, as behind a proxy), extra
    buffers after the content are not signed, and iopub messages carry one topic frame
    `kernel.<session>.<msg_type>`."""
    raw = Raw(km, km.shell_port, km.session.key)
    sub = raw.ctx.socket(zmq.SUB)
    sub.linger = 0
    sub.setsockopt(zmq.SUBSCRIBE, b"")
    sub.connect(f"tcp://{km.ip}:{km.iopub_port}")
    try:
        time.sleep(0.3)   # the subscription reaches the kernel
        parts, mid = raw.parts("kernel_info_request", {})
        raw.send([b"proxy-1", b"proxy-2", b"<IDS|MSG>", raw.sign(parts)] + parts)
        expect(raw.s.poll(5000), "no reply with extra identities")
        f = raw.s.recv_multipart()
        expect(f[:3] == [b"proxy-1", b"proxy-2", b"<IDS|MSG>"], f"identities not copied: {f[:3]}")
        # a buffer after the content: signed over the four parts only, still accepted
        parts, mid = raw.parts("execute_request", {"code": "buf_ok = 1", "silent": False})
        raw.send([b"<IDS|MSG>", raw.sign(parts)] + parts + [b"\x00binary buffer\xff"])
        r = raw.reply(timeout=5)
        expect(r and r[0]["msg_type"] == "execute_reply" and r[1]["status"] == "ok", f"with a buffer: {r}")
        # the topic frames of that request's iopub messages
        topics = []
        end = time.time() + 5
        while time.time() < end:
            if not sub.poll(int((end - time.time()) * 1000)):
                break
            fr = sub.recv_multipart()
            i = fr.index(b"<IDS|MSG>")
            hdr, parent = json.loads(fr[i + 2]), json.loads(fr[i + 3])
            if parent.get("msg_id") != mid:
                continue
            expect(i == 1, f"{i} frames before <IDS|MSG> on iopub")
            topics.append((fr[0].decode(), hdr["msg_type"], hdr["session"]))
            if hdr["msg_type"] == "status" and json.loads(fr[i + 5])["execution_state"] == "idle":
                break
        expect(topics, "no iopub messages seen")
        for topic, msg_type, session in topics:
            expect(topic == f"kernel.{session}.{msg_type}", f"topic {topic!r} for {msg_type}")
    finally:
        sub.close()
        raw.close()


def t_router_handover(km, kc):
    """A client that reconnects with the identity of a connection that is still open takes the
    replies over (ZMQ_ROUTER_HANDOVER on the ROUTER sockets)."""
    ctx = zmq.Context.instance()
    a = ctx.socket(zmq.DEALER)
    b = ctx.socket(zmq.DEALER)
    raw = Raw(km, km.shell_port, km.session.key)
    try:
        for s in (a, b):
            s.linger = 0
            s.setsockopt(zmq.IDENTITY, b"same-identity")
        a.connect(f"tcp://{km.ip}:{km.shell_port}")
        parts, _ = raw.parts("kernel_info_request", {})
        a.send_multipart([b"<IDS|MSG>", raw.sign(parts)] + parts)
        expect(a.poll(5000), "no reply to the first connection")
        a.recv_multipart()
        b.connect(f"tcp://{km.ip}:{km.shell_port}")
        time.sleep(0.3)
        parts, _ = raw.parts("kernel_info_request", {})
        b.send_multipart([b"<IDS|MSG>", raw.sign(parts)] + parts)
        expect(b.poll(5000), "the second connection with the same identity got no reply")
    finally:
        a.close()
        b.close()
        raw.close()


def t_sockets_bound(km, kc):
    """All five ports accept connections, stdin included, before any input() asked."""
    import socket
    for name in ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port"):
        port = getattr(km, name)
        with socket.create_connection((km.ip, port), timeout=2):
            pass


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


def t_restart_fresh():
    """A restart gives a new process: a new session id and execution_count from 1."""
    km, kc = start()
    try:
        run(kc, "1")
        s1 = shell_reply(kc, kc.kernel_info())["header"]["session"]
        km.restart_kernel(now=False)
        kc.wait_for_ready(timeout=30)
        r = shell_reply(kc, kc.kernel_info())
        expect(r["header"]["session"] != s1, "the session id survived a restart")
        c, _ = run(kc, "1")
        expect(c["execution_count"] == 1, f"first count after restart {c['execution_count']}")
    finally:
        stop(km, kc)


def t_shutdown_on_shell():
    km, kc = start()
    try:
        msg = kc.session.msg("shutdown_request", {"restart": False})
        kc.shell_channel.send(msg)
        r = shell_reply(kc, msg["header"]["msg_id"])
        expect(r["msg_type"] == "shutdown_reply" and r["content"] == {"status": "ok", "restart": False},
               str(r["content"]))
        end = time.time() + 3
        while km.is_alive() and time.time() < end:
            time.sleep(0.05)
        expect(not km.is_alive(), "the kernel did not exit after shutdown_request on shell")
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def t_empty_key_raw():
    """With an empty key the kernel signs nothing (empty signature frame) and accepts any
    signature."""
    km = KernelManager(kernel_name=KERNEL)
    km.session.key = b""
    launch(km)
    kc = km.client()
    kc.start_channels()
    raw = None
    try:
        kc.wait_for_ready(timeout=30)
        raw = Raw(km, km.shell_port, b"")
        mid = raw.request("kernel_info_request", {}, sig=b"whatever")
        expect(raw.s.poll(5000), "a message with a made-up signature was not answered")
        f = raw.s.recv_multipart()
        i = f.index(b"<IDS|MSG>")
        expect(f[i + 1] == b"", f"signature frame {f[i + 1][:20]!r} with an empty key")
        expect(json.loads(f[i + 3]).get("msg_id") == mid, "parent")
    finally:
        if raw:
            raw.close()
        stop(km, kc)


def t_status_starting():
    """status: starting goes out once at start-up. A PUB drops what is sent before a subscriber's
    subscription arrives, so a SUB connects (retrying every millisecond) before the process
    starts; the kernel may still be quicker, so a few tries, and SKIP if none saw it."""
    import socket
    ctx = zmq.Context.instance()
    for attempt in range(5):
        ports = []
        for _ in range(5):
            with socket.socket() as so:
                so.bind(("127.0.0.1", 0))
                ports.append(so.getsockname()[1])
        key = uuid.uuid4().hex
        KEYS.append(key.encode())
        conn = dict(zip(["shell_port", "iopub_port", "stdin_port", "control_port", "hb_port"], ports),
                    ip="127.0.0.1", transport="tcp", key=key, signature_scheme="hmac-sha256")
        path = os.path.join(tempfile.mkdtemp(prefix="sable-start-"), "conn.json")
        with open(path, "w") as f:
            json.dump(conn, f)
        sub = ctx.socket(zmq.SUB)
        sub.linger = 0
        sub.setsockopt(zmq.RECONNECT_IVL, 1)
        sub.setsockopt(zmq.SUBSCRIBE, b"")
        sub.connect(f"tcp://127.0.0.1:{conn['iopub_port']}")
        p = subprocess.Popen([BINARY, "kernel", "-f", path], stdout=LOG, stderr=LOG)
        starting = []
        try:
            end = time.time() + 3
            while time.time() < end:
                if not sub.poll(100):
                    continue
                f = sub.recv_multipart()
                i = f.index(b"<IDS|MSG>")
                h, c = json.loads(f[i + 2]), json.loads(f[i + 5])
                sig = hmac.new(key.encode(), b"".join(f[i + 2:i + 6]), hashlib.sha256).hexdigest().encode()
                expect(f[i + 1] == sig, "iopub message with a wrong signature")
                if h["msg_type"] == "status" and c["execution_state"] == "starting":
                    starting.append(json.loads(f[i + 3]))
        finally:
            sub.close()
            p.kill()
            p.wait()
        if starting:
            expect(len(starting) == 1, f"{len(starting)} starting messages")
            expect(starting[0] == {}, f"parent of starting: {starting[0]}")
            return None
    return "SKIP the kernel published before the subscription arrived in 5 tries"


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


def log_text():
    LOG.flush()
    with open(LOG.name, "rb") as f:
        return f.read().decode("utf-8", "replace")


def t_log():
    """Dropped messages are logged; no key ever is."""
    text = log_text()
    expect("dropped a message" in text, "bad messages were dropped silently")
    empty = sum(1 for k in KEYS if not k)
    expect(text.count("empty key") == empty, f"{text.count('empty key')} empty-key warnings from {empty} kernels")
    for key in KEYS:
        if key:
            expect(key.decode() not in text, "a key appears in the kernel log")


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
    shared = [("busy_idle_every_request", t_busy_idle_every_request),
              ("kernel_info_fields", t_kernel_info_fields), ("is_complete_indent", t_is_complete_indent),
              ("history_missing_keys", t_history_missing_keys), ("comm_no_reply", t_comm_no_reply),
              ("stale_input_reply", t_stale_input_reply), ("deep_recursion", t_deep_recursion),
              ("rich_mime", t_rich_mime), ("png_metadata", t_png_metadata),
              ("inspect_ipython", t_inspect_ipython), ("png_retina_tight", t_png_retina_tight),
              ("ids_and_usernames", t_ids_and_usernames), ("raw_framing", t_raw_framing),
              ("router_handover", t_router_handover), ("sockets_bound", t_sockets_bound),
              ("order_and_counts", t_order_and_counts), ("user_expressions", t_user_expressions),
              ("two_clients", t_two_clients), ("error_shape", t_error_shape),
              ("stop_on_error", t_stop_on_error), ("big_output", t_big_output),
              ("interrupt_signal", t_interrupt_signal), ("interrupt_message", t_interrupt_message),
              ("heartbeat_during_cell", t_heartbeat_during_cell), ("input", t_input),
              ("complete_code_points", t_complete_code_points), ("comms", t_comms),
              ("display", t_display), ("headers", t_headers), ("bad_messages", t_bad_messages)]
    alone = [("shutdown_restart", t_shutdown_restart), ("shutdown_during_cell", t_shutdown_during_cell),
             ("restart_fresh", t_restart_fresh), ("shutdown_on_shell", t_shutdown_on_shell),
             ("status_starting", t_status_starting),
             ("empty_key", t_empty_key), ("empty_key_raw", t_empty_key_raw), ("ipc", t_ipc),
             ("bad_connection_files", t_bad_connection_files)]
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
    if not only:
        ku.case("client/log", t_log)
    rep = sanitizer_report()
    ku.report("FAIL" if rep else "PASS", "client/sanitizer_log", rep or "")
    return ku.exit_status()


if __name__ == "__main__":
    sys.exit(main())
