#!/bin/sh
# Installs the Debian (bookworm) packages racelang needs to build and test. Idempotent: it
# installs only what is missing, and touches nothing when everything is there. Run as root
# (or with sudo available).
set -eu

# gcc (with its ThreadSanitizer runtime) builds the C that `racelang emit-c` prints; python3
# runs bench/run.py. Both are used by tests (tests/emitc/) and the benchmarks. clang-19 with
# its compiler-rt (sanitizer and libFuzzer runtimes) builds the sanitizer and fuzzing jobs of
# the test suite (tests/sanitize/). libz3-dev (found through pkg-config) is the solver of
# predict/'s maximal causal model. chromium loads the run pages (`run --html`) in tests/view/
# and makes the screenshots (scripts/screenshots.sh).
PACKAGES="cmake ninja-build g++ antlr4 libantlr4-runtime-dev default-jre-headless uuid-dev
llvm-19-dev librapidcheck-dev libgtest-dev clang-format gcc python3 clang-19 libclang-rt-19-dev
libz3-dev pkg-config chromium"

missing=""
for p in $PACKAGES; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done
if [ -z "$missing" ]; then
  echo "setup: all packages are installed"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "setup: must run as root to install:$missing" >&2
    exit 1
  fi
fi
echo "setup: installing$missing"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $missing
