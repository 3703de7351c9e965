#!/bin/sh
# Times the JIT on locked_counter_8x1m.rl without the detector, with the default detection
# (FastTrack with check elimination) and with the CPP'17 paper's VectorClock pass, side by side
# in one run: each mode runs RUNS times (default 5) and the fastest wall time is kept, with the
# compile/run split from --stats. Usage: bench/jit/run.sh [BUILD_DIR] (default: build).
set -eu
here=$(dirname "$0")
build=${1:-build}
runs=${RUNS:-5}
racelang="$build/racelang"
program="$here/locked_counter_8x1m.rl"
[ -x "$racelang" ] || { echo "run.sh: no $racelang; build first" >&2; exit 2; }
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
for mode in none fasttrack vc-no-elide; do
  case $mode in
  vc-no-elide) flags="--detector=vc --no-elide" ;;
  *) flags="--detector=$mode" ;;
  esac
  best=""
  stats=""
  i=0
  while [ "$i" -lt "$runs" ]; do
    start=$(date +%s%N)
    # shellcheck disable=SC2086 # $flags is two words on purpose
    out=$("$racelang" run --backend=jit $flags --stats "$program" 2>&1)
    end=$(date +%s%N)
    t=$(((end - start) / 1000000))
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then
      best=$t
      stats=$(echo "$out" | grep 'racelang: jit' | head -1 | sed 's/racelang: jit: //')
    fi
    echo "$out" | grep -q '^8000000$' || { echo "run.sh: wrong result: $out" >&2; exit 1; }
    i=$((i + 1))
  done
  printf '%-12s %5d ms total   %s\n' "$mode" "$best" "$stats"
done
