#!/usr/bin/env python3
"""Run every benchmark script in bench/ (by hand; not part of the tests)."""
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
for f in sorted(os.listdir(here)):
    if f.endswith(".py") and f != "run.py":
        print(f"== {f}", flush=True)
        subprocess.run([sys.executable, os.path.join(here, f)])
