#!/bin/sh
# A deliberately wrong racelang, for the test that shows bench/run.py's checks have teeth: its
# JIT with --detector=vc runs without detection and prints a different last digit. It passes
# the script's probe of the JIT (a trivial program) and is wrong on the benchmarks, which the
# script must report. $RACELANG_REAL is the real tool.
case "$*" in *jit_probe*) exec "$RACELANG_REAL" "$@" ;; esac
if [ "$1" = run ] && [ "$2" = --backend=jit ] && [ "$3" = --detector=vc ]; then
  for arg; do file=$arg; done # the program is the last argument
  "$RACELANG_REAL" run --backend=jit --detector=none "$file" | sed 's/0$/1/'
  exit 0
fi
exec "$RACELANG_REAL" "$@"
