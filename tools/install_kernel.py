#!/usr/bin/env python3
"""Install Sable's Jupyter kernelspec (kernelspec/kernel.json and logos) with the absolute path
of the sable binary in argv.

  tools/install_kernel.py --user            # ~/.local/share/jupyter/kernels/sable (or
                                            # $JUPYTER_DATA_DIR/kernels/sable)
  tools/install_kernel.py --dir build/jupyter [--sable PATH]
                                            # build/jupyter/kernels/sable, for tests that set
                                            # JUPYTER_PATH=build/jupyter

Standard library only, so `make install-kernel` works with the system Python.
"""
import argparse
import json
import os
import re
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = os.path.join(ROOT, "kernelspec")
LOGOS = ("logo-32x32.png", "logo-64x64.png", "logo-svg.svg")


def user_data_dir():
    if os.environ.get("JUPYTER_DATA_DIR"):
        return os.environ["JUPYTER_DATA_DIR"]
    home = os.path.expanduser("~")
    if sys.platform == "darwin":
        return os.path.join(home, "Library", "Jupyter")
    xdg = os.environ.get("XDG_DATA_HOME") or os.path.join(home, ".local", "share")
    return os.path.join(xdg, "jupyter")


def install(base, sable, name="sable", display_name=None):
    """Write BASE/kernels/NAME/ and return its path."""
    with open(os.path.join(SPEC, "kernel.json")) as f:
        spec = json.load(f)
    spec["argv"][0] = os.path.abspath(sable)
    if display_name:
        spec["display_name"] = display_name
    dest = os.path.join(base, "kernels", name)
    os.makedirs(dest, exist_ok=True)
    tmp = os.path.join(dest, "kernel.json.tmp")
    with open(tmp, "w") as f:
        json.dump(spec, f, indent=2)
        f.write("\n")
    os.replace(tmp, os.path.join(dest, "kernel.json"))
    for logo in LOGOS:
        src = os.path.join(SPEC, logo)
        if os.path.exists(src):
            shutil.copyfile(src, os.path.join(dest, logo))
    return dest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--user", action="store_true", help="install for the current user")
    where.add_argument("--dir", help="install under DIR/kernels/ (a JUPYTER_PATH entry)")
    ap.add_argument("--sable", default=os.path.join(ROOT, "bin", "sable"),
                    help="the sable binary (default: bin/sable of this checkout)")
    ap.add_argument("--name", default="sable", help="kernel name (default: sable)")
    ap.add_argument("--display-name", help="name shown in Jupyter (default: Sable)")
    args = ap.parse_args(argv)
    if not re.fullmatch(r"[a-z0-9._-]+", args.name):
        ap.error("a kernel name may only contain a-z, 0-9, '.', '_' and '-'")
    if not os.access(args.sable, os.X_OK):
        print(f"warning: {args.sable} is not an executable (build it with `make`)", file=sys.stderr)
    base = user_data_dir() if args.user else args.dir
    dest = install(base, args.sable, args.name, args.display_name)
    print(f"installed kernelspec '{args.name}' in {dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
