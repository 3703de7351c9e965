#!/bin/sh
# Times the run pictures (`racelang run --html --dot`, docs/run-view.md) on runs of about 10^3,
# 10^4 and 10^5 events (two threads, each a loop of locked writes and unlocked reads; the size is
# the loop count), against the same run without pictures, best of RUNS (default 3), with the
# files' sizes; then loads the 10^4-event page in headless Chromium with #selftest and prints
# its verdict and the time one playback step takes. Usage: bench/view/run.sh [BUILD_DIR].
set -eu
build=${1:-build}
runs=${RUNS:-3}
racelang="$build/racelang"
[ -x "$racelang" ] || { echo "run.sh: no $racelang; build first" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1 /proc/loadavg)"

program() { # program N: about 7N events
  cat <<EOP
shared a;
shared b;
mutex m;
spawn 1 {
  i := 0;
  while (i < $1) {
    lock m;
    store i a;
    unlock m;
    v := load b;
    i := i + 1;
  }
}
i := 0;
while (i < $1) {
  store i b;
  lock m;
  v := load a;
  unlock m;
  i := i + 1;
}
wait 1;
EOP
}

best_ms() { # best_ms ARGS...: the fastest of $runs runs, in ms
  best=""
  i=0
  while [ "$i" -lt "$runs" ]; do
    start=$(date +%s%N)
    "$racelang" "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    t=$(((end - start) / 1000000))
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
    i=$((i + 1))
  done
  echo "$best"
}

printf '%8s %8s %10s %12s %10s %10s\n' loops events "plain ms" "pictures ms" "html KiB" "dot KiB"
for n in 150 1500 15000; do
  program "$n" >"$tmp/p$n.rl"
  plain=$(best_ms run --seed=1 --keep-going "$tmp/p$n.rl")
  pict=$(best_ms run --seed=1 --keep-going --html="$tmp/p$n.html" --dot="$tmp/p$n.dot" "$tmp/p$n.rl")
  events=$(grep -c '^  e[0-9]* \[label=\|^    e[0-9]* \[label=' "$tmp/p$n.dot" || true)
  printf '%8d %8d %10d %12d %10d %10d\n' "$n" "$events" "$plain" "$pict" \
    $(($(wc -c <"$tmp/p$n.html") / 1024)) $(($(wc -c <"$tmp/p$n.dot") / 1024))
done

browser=${RACELANG_CHROMIUM:-chromium}
if command -v "$browser" >/dev/null 2>&1; then
  sandbox=""
  [ "$(id -u)" -eq 0 ] && sandbox="--no-sandbox"
  start=$(date +%s%N)
  timeout -k 5 120 "$browser" --headless $sandbox --disable-gpu --user-data-dir="$tmp/profile" \
    --dump-dom "file://$tmp/p1500.html#selftest" 2>/dev/null >"$tmp/dom.html" || true
  end=$(date +%s%N)
  verdict=$(grep -o '<pre id="selftest">[^<]*' "$tmp/dom.html" | sed 's/.*">//')
  echo "chromium, the page of loops=1500: ${verdict:-no verdict}; load and self-test $(((end - start) / 1000000)) ms wall"
else
  echo "chromium: not installed, page load not measured"
fi
