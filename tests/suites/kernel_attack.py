"""The kernel and the REPL under attack and under Ctrl-C (issue 18): a malformed frame to the
heartbeat must not stop later pings, a resent signed request is refused (replay protection),
a completion with no match, and interrupts (SIGINT and interrupt_request; Ctrl-C in a pty)
during np.sort of 3e7 elements, a chain of large matmuls and a long jit trace: the cell fails
with KeyboardInterrupt and the statement after the long one does not run."""
import os
import socket
import sys
import tempfile
import time

import _kernel_util as ku

if not ku.have_binary():
    sys.exit(0)

from _pty_util import Term  # noqa: E402
import kernel_client as kcl  # noqa: E402  (installs the kernelspec; its main() does not run)
import zmq  # noqa: E402

expect = kcl.expect


def hb_ping(km, payload, timeout_ms=3000):
    s = zmq.Context.instance().socket(zmq.REQ)
    s.linger = 0
    s.connect(f"tcp://{km.ip}:{km.hb_port}")
    try:
        s.send(payload)
        if not s.poll(timeout_ms):
            return None
        return s.recv()
    finally:
        s.close()


def t_heartbeat_malformed(km, kc):
    expect(hb_ping(km, b"first") == b"first", "no echo before the attack")
    ctx = zmq.Context.instance()
    # raw bytes that are not a ZMTP greeting
    so = socket.create_connection((km.ip, km.hb_port))
    so.sendall(b"\xff" + b"\x00" * 8 + b"\x7f" + b"garbage" * 20)
    time.sleep(0.2)
    so.close()
    expect(hb_ping(km, b"a") == b"a", "no echo after a non-ZMTP frame")
    # a DEALER without the REQ envelope, multipart and single part
    for frames in ([b"x", b"y"], [b"nodelim"], [b"", b"", b""]):
        d = ctx.socket(zmq.DEALER)
        d.linger = 0
        d.connect(f"tcp://{km.ip}:{km.hb_port}")
        d.send_multipart(frames)
        time.sleep(0.2)
        d.close()
        expect(hb_ping(km, b"b") == b"b", f"no echo after a DEALER sent {frames!r}")
    # over the heartbeat's size limit; the sender leaves without reading
    r = ctx.socket(zmq.REQ)
    r.linger = 0
    r.connect(f"tcp://{km.ip}:{km.hb_port}")
    r.send(b"x" * (2 << 20))
    time.sleep(0.3)
    r.close()
    for i in range(3):
        expect(hb_ping(km, b"ping%d" % i) == b"ping%d" % i, "heartbeat stopped after a malformed frame")


def t_replay_refused(km, kc):
    kcl.run(kc, "replayed = 0")
    raw = kcl.Raw(km, km.shell_port, km.session.key)
    try:
        parts, _ = raw.parts("execute_request", {"code": "replayed += 1", "silent": False,
                                                 "store_history": False, "allow_stdin": False})
        frames = [b"<IDS|MSG>", raw.sign(parts)] + parts
        raw.send(frames)
        end = time.time() + 10
        got = None
        while time.time() < end and got is None:
            r = raw.reply(timeout=end - time.time())
            if r and r[0]["msg_type"] == "execute_reply":
                got = r
        expect(got is not None and got[1]["status"] == "ok", "the first send was not run")
        raw.send(frames)   # the same signed message again
        r = raw.reply(timeout=1.5)
        expect(r is None or r[0]["msg_type"] != "execute_reply", "a replayed request was answered")
        expect(raw.ok(), "the kernel stopped answering after a replay")
    finally:
        raw.close()
    _, msgs = kcl.run(kc, "replayed")
    expect(kcl.result_of(msgs) == "1", f"a replayed request ran again: {kcl.result_of(msgs)}")


def t_complete_no_match(km, kc):
    mid = kc.complete("zzqqxx_no_such_name", 19)
    r = kcl.shell_reply(kc, mid)["content"]
    expect(r["status"] == "ok" and r["matches"] == [], f"reply {r}")
    mid = kc.complete("", 0)
    r = kcl.shell_reply(kc, mid)["content"]
    expect(r["status"] == "ok", f"reply {r}")
    expect(km.is_alive(), "the kernel died on a completion with no match")


# many_adds traces for ~2.5 s on an idle machine: the interrupt, sent 0.4-0.6 s after the cell
# starts, must land inside the trace even when the machine is fast (400k adds finished first).
SETUP = ("import numpy as np\nimport jax\nimport jax.numpy as jnp\n"
         "if 'big' not in globals():\n    big = np.random.default_rng(0).random(30_000_000)\n"
         "m = np.ones((1500, 1500))\n"
         "def many_adds(x):\n    for i in range(1500000):\n        x = x + 1.0\n    return x\n")

LONG = {
    "sort": "ran = 0\ny = np.sort(big)\nran = 1",
    "matmul_chain": "ran = 0\ny = m @ m @ m @ m @ m @ m @ m @ m @ m @ m @ m @ m @ m @ m @ m @ m\nran = 1",
    "jit_trace": "ran = 0\ny = jax.jit(many_adds)(jnp.float32(0))\nran = 1",
}


def interrupt_during(km, kc, code, by_message):
    kcl.run(kc, SETUP, timeout=120)
    mid = kc.execute(code)
    kcl.wait_busy(kc, mid)
    time.sleep(0.4)
    if by_message:
        r = kcl.control_request(kc, "interrupt_request")
        expect(r["content"]["status"] == "ok", str(r["content"]))
    else:
        km.interrupt_kernel()
    reply = kcl.shell_reply(kc, mid, timeout=120)["content"]
    expect(reply.get("ename") == "KeyboardInterrupt", f"the cell ended {reply.get('status')} "
           f"{reply.get('ename')}: the interrupt was lost")
    kcl.collect(kc, mid)
    _, msgs = kcl.run(kc, "ran")
    expect(kcl.result_of(msgs) == "0", "the statement after the interrupted one ran")


def make_interrupt_case(code, by_message):
    return lambda km, kc: interrupt_during(km, kc, code, by_message)


# --- the REPL in a pseudo-terminal ------------------------------------------------------------

def t_repl_interrupts():
    t = Term(ku.SABLE, tempfile.mkdtemp(prefix="sable-pty-"))
    try:
        t.read_until(">>> ", 30)
        # the setup as single lines (the REPL reads one statement per prompt)
        for stmt in ("import numpy as np", "import jax", "import jax.numpy as jnp",
                     "big = np.random.default_rng(0).random(30_000_000)", "m = np.ones((1500, 1500))",
                     "exec('def many_adds(x):\\n    for i in range(1500000):\\n        x = x + 1.0\\n    return x')"):
            t.send(stmt + "\n")
            t.read_until(">>> ", 60)
        for name, code in LONG.items():
            one = code.replace("\n", "; ").replace("ran = 1", "print('RAN' + 'NEXT')")
            t.send(one + "\n")
            time.sleep(0.6)
            t.send("\x03")
            text = t.read_until(">>> ", 120)
            expect("KeyboardInterrupt" in text, f"{name}: no KeyboardInterrupt in {text[-200:]!r}")
            expect("RANNEXT" not in text, f"{name}: the next statement ran")
        t.send("exit()\n")
    finally:
        t.close()


def main():
    cases = [("heartbeat_malformed", t_heartbeat_malformed), ("replay_refused", t_replay_refused),
             ("complete_no_match", t_complete_no_match)]
    for name, code in LONG.items():
        cases.append((f"interrupt_signal_{name}", make_interrupt_case(code, False)))
        cases.append((f"interrupt_message_{name}", make_interrupt_case(code, True)))
    only = os.environ.get("KTEST_ONLY")
    if only:
        cases = [c for c in cases if c[0] in only.split(",")]
    kcl.suite("attack", cases, [] if only else [("repl_interrupts", t_repl_interrupts)])
    if ku.SABLE_ASAN and os.access(ku.SABLE_ASAN, os.X_OK) and not only:
        # the sanitizer kernel used to die on qsort(NULL) for a completion with no match
        ku.kernelspec(ku.SABLE_ASAN, name="sable-asan")
        kcl.KERNEL = "sable-asan"
        os.environ["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0:exitcode=86"
        os.environ["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1:exitcode=87"
        kcl.suite("attack-asan", [c for c in cases if c[0] in ("heartbeat_malformed", "replay_refused",
                                                             "complete_no_match")], [])
    rep = kcl.sanitizer_report()
    ku.report("FAIL" if rep else "PASS", "attack/sanitizer_log", rep or "")
    return ku.exit_status()


if __name__ == "__main__":
    sys.exit(main())
