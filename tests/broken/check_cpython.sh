#!/bin/sh
# Sanity check of the broken-program corpus against CPython: every file must make python3
# exit with status 1 within a few seconds and end stderr with an exception line, the same
# rule tests/run.py applies to sable. (CPython is only a reference here: a few programs fail
# in CPython for a different reason than in Sable, e.g. the integer-overflow ones.)
# Usage: tests/broken/check_cpython.sh [FILE ...]
cd "$(dirname "$0")/../.." || exit 1
PY=${PYTHON:-/usr/bin/python3}
status=0
if [ $# -eq 0 ]; then set -- tests/broken/[0-9]*; fi
for f in "$@"; do
  case $f in
    # CPython 3.11.2 runs a file of NUL bytes as an empty program (3.11.4+ rejects it).
    *334_deep_only_nul_bytes.py) continue ;;
  esac
  err=$(ulimit -v 4000000; timeout 10 "$PY" "$f" 2>&1 >/dev/null)
  rc=$?
  last=$(printf '%s\n' "$err" | sed '/^$/d' | tail -n 1)
  if [ $rc -ne 1 ]; then
    echo "BAD $f: exit status $rc, last line: $last"; status=1
  elif ! printf '%s\n' "$last" | grep -Eq '^[A-Za-z_][A-Za-z0-9_.]*(: .*)?$' ||
       ! printf '%s\n' "$last" | grep -Eq '^([A-Za-z0-9_]*(Error|Exception|Interrupt|Exit)|[A-Za-z0-9_]+\.error)\b'; then
    echo "BAD $f: last line: $last"; status=1
  fi
done
exit $status
