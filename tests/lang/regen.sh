#!/bin/sh
# Regenerate the expected outputs of tests/lang with CPython 3.11 (the oracle):
#   NNN_topic.py      -> NNN_topic.out (stdout; must exit 0 with empty stderr)
#   err_NNN_topic.py  -> err_NNN_topic.out (stdout) + err_NNN_topic.err (stderr; must exit 1,
#                        or 2, which is then written to err_NNN_topic.rc)
# Run from anywhere; programs run with the repository root as working directory and are
# named by their relative path (tests/lang/x.py), the way tests/run.py starts sable, so the
# tracebacks name "tests/lang/x.py". CPython >= 3.9 prints absolute paths: they are rewritten
# (in tracebacks and at the start of warning lines).
# Each program runs twice with different string-hash seeds to catch nondeterminism.
# Usage: tests/lang/regen.sh [FILE.py ...]
cd "$(dirname "$0")/../.." || exit 1
PY=${PYTHON:-/usr/bin/python3}
root=$(pwd)
status=0
if [ $# -eq 0 ]; then set -- tests/lang/*.py; fi
for f in "$@"; do
  f=tests/lang/$(basename "$f")
  base=${f%.py}
  name=$(basename "$f")
  PYTHONHASHSEED=1 timeout 60 "$PY" "$f" > "$base.out" 2> "$base.stderr.tmp"
  rc=$?
  PYTHONHASHSEED=2 timeout 60 "$PY" "$f" > "$base.out2.tmp" 2> /dev/null
  if ! cmp -s "$base.out" "$base.out2.tmp"; then
    echo "NONDETERMINISTIC $f"; status=1
  fi
  rm -f "$base.out2.tmp"
  case $name in
    err_*)
      # exit status 2 (argparse's usage errors) is recorded in NNN.rc; 1 is the default
      rm -f "$base.rc"
      case $rc in
        1) ;;
        2) echo 2 > "$base.rc" ;;
        *) echo "BAD $f: exit status $rc, expected 1 (or 2)"; status=1 ;;
      esac
      sed -e "s|File \"$root/|File \"|" -e "s|^$root/||" "$base.stderr.tmp" > "$base.err"
      ;;
    *)
      [ $rc -eq 0 ] || { echo "BAD $f: exit status $rc"; status=1; }
      [ -s "$base.stderr.tmp" ] && { echo "BAD $f: wrote to stderr:"; head -5 "$base.stderr.tmp"; status=1; }
      ;;
  esac
  rm -f "$base.stderr.tmp"
done
exit $status
