#!/usr/bin/env python3
"""Language benchmarks: start-up and interpreter loops, Sable next to CPython on this machine.
Run by hand (`make bench` or `python3 bench/lang.py`); never part of the tests."""
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SABLE = os.path.join(ROOT, "bin", "sable")
PY = "/usr/bin/python3"

PROGRAMS = {
    "loop_10M": "s = 0\nfor i in range(10_000_000):\n    s += i\nprint(s)\n",
    "fib_27": "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\nprint(fib(27))\n",
    "list_ops": ("xs = []\nfor i in range(1_000_000):\n    xs.append(i * 2)\n"
                 "print(sum(x for x in xs if x % 3 == 0))\n"),
    "dict_str": ("d = {}\nfor i in range(300_000):\n    d[str(i)] = i\n"
                 "t = 0\nfor k in d:\n    t += d[k]\nprint(t)\n"),
    # re over about 1 MB of text (PCRE2 with JIT in Sable, sre in CPython)
    "re_findall_1M": ("import re\ntext = 'the quick brown fox jumps over the lazy dog 12345 ' * 20000\n"
                      "n = 0\nfor _ in range(10):\n    n += len(re.findall(r'\\w+', text))\nprint(n)\n"),
    "re_sub_1M": ("import re\ntext = 'the quick brown fox jumps over the lazy dog 12345 ' * 20000\n"
                  "n = 0\nfor _ in range(10):\n    n += len(re.sub(r'(\\w+) (\\d+)', r'\\2 \\1', text))\nprint(n)\n"),
    "re_finditer_utf8": ("import re\ntext = 'žluťoučký kůň úpěl ďábelské ódy 42 ' * 30000\n"
                         "n = 0\nfor m in re.finditer(r'\\w+', text):\n    n += m.end() - m.start()\nprint(n)\n"),
}


def timed(cmd, n):
    ts = []
    for _ in range(n):
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
        ts.append(time.perf_counter() - t)
    return ts


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    start_s = timed([SABLE, "-c", "1"], 50)
    start_p = timed([PY, "-c", "1"], 50)
    print(f"{'startup -c 1':14s} sable {statistics.median(start_s)*1e3:7.2f} ms   "
          f"python3 {statistics.median(start_p)*1e3:7.2f} ms   (median of 50)")
    for name, src in PROGRAMS.items():
        s = min(timed([SABLE, "-c", src], n))
        p = min(timed([PY, "-c", src], n))
        print(f"{name:14s} sable {s:7.3f} s    python3 {p:7.3f} s    ratio {p/s:5.2f}x")


if __name__ == "__main__":
    main()
