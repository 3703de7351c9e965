#!/usr/bin/env python3
"""Peak memory and time of the frontend per statement (issue: resource limits).

Generates straight-line programs of N statements (half loads, half stores of one shared
location, the shape that costs the frontend most per byte), runs `racelang check` on each under
/usr/bin/time-style accounting (resource.getrusage of the child), and reports peak resident
memory, bytes per statement above the tool's baseline (an empty program), and time. Sizes are
measured in one run, so the ratios between them are what to read on a noisy machine; the load
average is printed with them.

    bench/frontend/memory.py [--racelang build/racelang] [--sizes 1000,10000,100000]
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time


def program(n):
    lines = ["shared x;"]
    for i in range(n):
        lines.append("v := load x;" if i % 2 else f"store v + {i} x;")
    return "\n".join(lines) + "\n"


def measure(racelang, path):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    done = subprocess.run([racelang, "check", path], capture_output=True, text=True)
    seconds = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"racelang check {path} failed ({done.returncode}): {done.stderr[:500]}")
    # ru_maxrss of RUSAGE_CHILDREN is the largest child so far: measure smallest first.
    return max(after.ru_maxrss, before.ru_maxrss) * 1024, seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--racelang", default="build/racelang")
    parser.add_argument("--sizes", default="1000,10000,100000")
    args = parser.parse_args()
    sizes = sorted(int(s) for s in args.sizes.split(","))
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        empty = os.path.join(tmp, "empty.rl")
        with open(empty, "w") as f:
            f.write("shared x;\n")
        base, _ = measure(args.racelang, empty)
        print(f"baseline (empty program): {base / 2**20:.1f} MiB")
        print(f"{'statements':>10} {'source KiB':>10} {'peak MiB':>9} {'bytes/stmt':>10} {'seconds':>8}")
        for n in sizes:
            path = os.path.join(tmp, f"s{n}.rl")
            text = program(n)
            with open(path, "w") as f:
                f.write(text)
            peak, seconds = measure(args.racelang, path)
            per = (peak - base) / n
            print(f"{n:>10} {len(text) / 1024:>10.0f} {peak / 2**20:>9.1f} {per:>10.0f} {seconds:>8.2f}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
