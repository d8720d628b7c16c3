"""Builds the libFuzzer target tests/fuzz/fuzz_wire.c (message decoder, signature verifier,
UTF-8 repair, connection files, history requests) with clang -fsanitize=fuzzer,address and
runs it for a bounded time (SABLE_FUZZ_SECONDS, default 20). SKIP without clang/libFuzzer."""
import glob
import hashlib
import hmac
import json
import os
import shutil
import subprocess
import sys
import tempfile

import _kernel_util as ku

ROOT = ku.ROOT
OUT = os.path.join(ROOT, "build", "fuzz")
BIN = os.path.join(OUT, "fuzz_wire")
SOURCES = [os.path.join(ROOT, "tests", "fuzz", "fuzz_wire.c")] + [
    os.path.join(ROOT, "kernel", f) for f in ("wire.c", "text.c", "conn.c", "history.c", "batch.c")]
HEADERS = glob.glob(os.path.join(ROOT, "kernel", "*.h")) + [os.path.join(ROOT, "lang", "core", "sb.h")]
KEY = b"a0436f6c-1916-498b-8eb9-e81ab9368e84"


def pkg(flag):
    r = subprocess.run(["pkg-config", flag, "jansson", "openssl"], capture_output=True, text=True)
    return r.stdout.split() if r.returncode == 0 else None


def build():
    clang = shutil.which("clang") or shutil.which("clang-14")
    if not clang:
        return "SKIP clang is not installed"
    cflags, libs = pkg("--cflags"), pkg("--libs")
    if cflags is None or libs is None:
        return "SKIP pkg-config cannot find jansson/openssl"
    newest = max(os.path.getmtime(p) for p in SOURCES + HEADERS)
    if os.path.exists(BIN) and os.path.getmtime(BIN) >= newest:
        return None
    os.makedirs(OUT, exist_ok=True)
    cmd = [clang, "-g", "-O1", "-fsanitize=fuzzer,address,undefined", "-fno-sanitize-recover=undefined",
           "-I" + ROOT, "-I" + os.path.join(ROOT, "lang"), "-I" + os.path.join(ROOT, "kernel"),
           *cflags, *SOURCES, "-o", BIN + ".tmp", *libs]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        if "fuzzer" in r.stderr and ("cannot find" in r.stderr or "No such file" in r.stderr):
            return "SKIP the libFuzzer runtime is missing (libclang-rt-dev)"
        raise RuntimeError("build failed: " + r.stderr[-400:])
    os.replace(BIN + ".tmp", BIN)
    return None


def seeds(d):
    hdr = json.dumps({"msg_id": "1", "msg_type": "execute_request", "session": "s", "username": "u",
                      "date": "2024-01-01T00:00:00Z", "version": "5.3"}).encode()
    content = json.dumps({"code": "print('h\u00e9')", "silent": False}).encode()
    parts = [hdr, b"{}", b"{}", content]
    sig = hmac.new(KEY, b"".join(parts), hashlib.sha256).hexdigest().encode()
    frames = [b"id", b"<IDS|MSG>", sig] + parts
    items = {
        "keyed": b"\x00" + b"\x00".join(frames),
        "open": b"\x01" + b"\x00".join([b"<IDS|MSG>", b""] + parts + [b"buf"]),
        "signed": b"\x02" + b"\x00".join(frames),
        "utf8": b"\x03" + "a\u20ac\U0001F600".encode() + b"\xe2\x82\xff\xed\xa0\x80",
        "conn": b"\x04" + json.dumps({"shell_port": 1, "iopub_port": 2, "stdin_port": 3, "control_port": 4,
                                      "hb_port": 5, "ip": "127.0.0.1", "key": "k", "transport": "tcp",
                                      "signature_scheme": "hmac-sha256"}).encode(),
        "batch": b"\x06" + "a\u20ac".encode()[:3] + b"\x00" + "\u20ac".encode()[2:] + b"b\x00\xf0\x9f\x00\x98\x80",
        "hist": b"\x05" + json.dumps({"hist_access_type": "search", "pattern": "1?2*", "unique": True,
                                      "n": 3, "output": True}).encode(),
    }
    for name, data in items.items():
        with open(os.path.join(d, name), "wb") as f:
            f.write(data)


def fuzz():
    why = build()
    if why:
        return why
    secs = int(os.environ.get("SABLE_FUZZ_SECONDS", "20"))
    corpus = tempfile.mkdtemp(prefix="sable-fuzz-")
    keep = os.path.join(OUT, "corpus")   # grows across runs on one machine
    os.makedirs(keep, exist_ok=True)
    seeds(corpus)
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
    cmd = [BIN, f"-max_total_time={secs}", "-timeout=10", "-rss_limit_mb=2048", "-max_len=65536",
           f"-dict={os.path.join(ROOT, 'tests', 'fuzz', 'wire.dict')}", f"-artifact_prefix={OUT}/",
           "-print_final_stats=1", keep, corpus]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=secs + 120, env=env, cwd=OUT)
    shutil.rmtree(corpus, ignore_errors=True)
    if r.returncode != 0:
        lines = [ln for ln in r.stderr.splitlines() if "ERROR" in ln or "SUMMARY" in ln or "artifact" in ln]
        raise AssertionError("fuzzer found a problem: " + " | ".join(lines[:4]))
    runs = [ln for ln in r.stderr.splitlines() if "stat::number_of_executed_units" in ln]
    if runs:
        print("  " + runs[0].strip(), file=sys.stderr)
    return None


def main():
    ku.case("fuzz/wire_decoder", fuzz)
    return ku.exit_status()


if __name__ == "__main__":
    sys.exit(main())
