#!/usr/bin/env python3
"""Install what Sable needs on a Debian machine: only the packages that are missing.

Called by `make deps` (and so by `make run` and `make test`). Uses apt-get directly when run
as root, sudo otherwise; does nothing when everything is present. Python test tools go into
build/venv through `make venv`, never into the system Python.
"""
import os
import shutil
import subprocess
import sys

BUILD = ["gcc", "make", "pkg-config", "libzmq3-dev", "libssl-dev", "libjansson-dev",
         "libopenblas-dev", "liblapacke-dev", "libedit-dev", "zlib1g-dev", "libpcre2-dev",
         "libgmp-dev",
         "libdnnl-dev"]   # oneDNN convolutions (engine/cpu/cpu_dnnl.c; optional: dlopen'd, the build works without)
RUNTIME = ["gnuplot-nox", "dataset-fashion-mnist"]
TEST = ["python3-venv", "python3-dev", "clang", "libclang-rt-14-dev", "tmux",
        "openmpi-bin", "libopenmpi-dev",   # jax.distributed (loaded with dlopen; tests only)
        "chromium"]                        # widgets in JupyterLab (tests/suites/browser_widgets.py)


def missing(pkgs):
    out = []
    for p in pkgs:
        r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", p],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        if "install ok installed" not in r.stdout:
            out.append(p)
    return out


def main():
    if not shutil.which("dpkg-query"):
        print("deps: not a Debian system; install the packages listed in tools/deps.py by hand")
        return 0
    need = missing(BUILD + RUNTIME + TEST)
    if not need:
        return 0
    prefix = [] if os.geteuid() == 0 else (["sudo"] if shutil.which("sudo") else None)
    if prefix is None:
        print("deps: missing packages and no root/sudo:", " ".join(need), file=sys.stderr)
        return 1
    print("deps: installing", " ".join(need))
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(prefix + ["apt-get", "update", "-qq"], check=False, env=env)
    r = subprocess.run(prefix + ["apt-get", "install", "-y", "-qq", "--no-install-recommends"]
                       + need, env=env)
    if r.returncode != 0:
        # Optional test packages may be unavailable on some releases: retry without them.
        core = [p for p in need if p not in TEST]
        if core:
            r = subprocess.run(prefix + ["apt-get", "install", "-y", "-qq",
                                         "--no-install-recommends"] + core, env=env)
        return r.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
