#!/usr/bin/env python3
"""Peak memory and time of the frontend per statement (issue: resource limits).

Generates programs of N statements (half loads, half stores of one shared location, the shape
that costs the frontend most per byte) in two shapes: `top`, straight-line statements of the
main thread, and `thread`, the same statements as the body of one spawned thread (one block,
the shape of large programs). Runs `racelang check` on each with resource.getrusage of the
child and reports peak resident memory, bytes per statement above the tool's baseline (an
empty program), wall time and CPU time (user + system: the number a busy machine changes
least). With the heap-counting tool (`frontend_heap_bytes`, built next to racelang from
bench/frontend/heap_bytes.cpp) it also prints the AST's own bytes per statement (what is live
after parsing, minus the source text) and that tool's peak resident memory above its start,
so the two can be read side by side. Every size is measured in one run, so the ratios are what
to read on a noisy machine; the load average is printed with them.

    bench/frontend/memory.py [--racelang build/racelang] [--sizes 1000,10000,100000]
                             [--shapes top,thread] [--heap-tool build/bench/frontend/frontend_heap_bytes]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time


def program(n, shape):
    body = ["v := load x;" if i % 2 else f"store v + {i} x;" for i in range(n)]
    if shape == "top":
        return "shared x;\n" + "\n".join(body) + "\n"
    return "shared x;\nspawn 1 {\n" + "\n".join("  " + s for s in body) + "\n}\nwait 1;\n"


def measure(racelang, path):
    """Peak resident bytes, wall seconds and CPU seconds of one `racelang check` (wait4: the
    kernel's accounting of that one child)."""
    started = time.monotonic()
    child = subprocess.Popen([racelang, "check", path], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
    stderr = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.monotonic() - started
    if child.returncode != 0:
        sys.exit(f"racelang check {path} failed ({child.returncode}): {stderr[:500]}")
    return usage.ru_maxrss * 1024, seconds, usage.ru_utime + usage.ru_stime


def heap_counts(tool, path):
    done = subprocess.run([tool, path], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{tool} {path} failed ({done.returncode}): {done.stderr[:500]}")
    fields = {}
    for line in done.stdout.splitlines():
        name, *values = line.split()
        fields[name] = values
    return float(fields["ast_bytes"][1]), float(fields["peak_rss_bytes"][1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--racelang", default="build/racelang")
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--shapes", default="top,thread")
    parser.add_argument("--heap-tool", default="build/bench/frontend/frontend_heap_bytes",
                        help="frontend_heap_bytes; its columns are left out if it is missing")
    args = parser.parse_args()
    sizes = sorted(int(s) for s in args.sizes.split(","))
    shapes = args.shapes.split(",")
    heap_tool = args.heap_tool if os.access(args.heap_tool, os.X_OK) else None
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        empty = os.path.join(tmp, "empty.rl")
        with open(empty, "w") as f:
            f.write("shared x;\n")
        base, _, _ = measure(args.racelang, empty)
        print(f"baseline (empty program): {base / 2**20:.1f} MiB")
        header = (f"{'shape':>6} {'statements':>10} {'source KiB':>10} {'peak MiB':>9} "
                  f"{'bytes/stmt':>10} {'seconds':>8} {'cpu s':>6} {'cpu us/stmt':>11}")
        if heap_tool:
            header += f" {'AST B/stmt':>10} {'tool peak B/stmt':>16}"
        else:
            print(f"(no {args.heap_tool}: the AST's own size is not measured)")
        print(header)
        for shape in shapes:
            for n in sizes:
                path = os.path.join(tmp, f"{shape}{n}.rl")
                text = program(n, shape)
                with open(path, "w") as f:
                    f.write(text)
                peak, seconds, cpu = measure(args.racelang, path)
                per = (peak - base) / n
                row = (f"{shape:>6} {n:>10} {len(text) / 1024:>10.0f} {peak / 2**20:>9.1f} "
                       f"{per:>10.0f} {seconds:>8.2f} {cpu:>6.2f} {cpu / n * 1e6:>11.1f}")
                if heap_tool:
                    ast, tool_peak = heap_counts(heap_tool, path)
                    row += f" {ast:>10.0f} {tool_peak:>16.0f}"
                print(row)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
