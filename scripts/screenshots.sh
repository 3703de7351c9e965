#!/bin/sh
# Makes the screenshots of run pages that docs/run-view.md and the README show: the racy counter
# (programs/counter_racy.rl, seed 1) and the CPP'17 paper's Figure 6 program
# (programs/paper_read_shared.rl, seed 2), each written by `racelang run --html` and photographed
# by headless Chromium, with playback at a chosen row and one event's values and clocks shown
# (the page's #step=R&hover=I fragment). Usage: scripts/screenshots.sh [BUILD_DIR] (default
# build); needs chromium (scripts/setup.sh installs it).
set -eu

build=${1:-build}
cd "$(dirname "$0")/.."
browser=${RACELANG_CHROMIUM:-chromium}
command -v "$browser" >/dev/null 2>&1 || { echo "screenshots: no $browser" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sandbox=""
[ "$(id -u)" -eq 0 ] && sandbox="--no-sandbox"

# shot PROGRAM SEED NAME FRAGMENT HEIGHT: the page of one run, photographed to docs/NAME.png.
shot() {
  status=0
  "$build/racelang" run --seed="$2" "$1" --html="$tmp/$3.html" >/dev/null 2>&1 || status=$?
  [ "$status" -eq 0 ] || [ "$status" -eq 66 ] || { echo "screenshots: $1 exited $status" >&2; exit 1; }
  timeout -k 5 60 "$browser" --headless $sandbox --disable-gpu --hide-scrollbars \
    --user-data-dir="$tmp/profile-$3" --window-size="1100,$5" \
    --screenshot="docs/$3.png" "file://$tmp/$3.html#$4" >/dev/null 2>&1
  echo "screenshots: docs/$3.png"
}

shot programs/counter_racy.rl 1 run-view-counter-racy "hover=6" 640
shot programs/paper_read_shared.rl 2 run-view-paper-figure6 "step=9&hover=9" 760
