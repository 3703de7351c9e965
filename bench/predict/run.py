#!/usr/bin/env python3
"""Events per second of the predictive analyses (racelang predict) on long recorded traces.

For each program in bench/programs/, the size on its `// bench size` line is set so that one
interpreter run records about --events events; the run is recorded once (racelang predict
--write-trace), and then each analysis runs on that same trace with --stats, which times the
analysis alone (witnesses are not built: --no-witness) and, in the same process, happens-before
(the VectorClock detector) over the same events. Prints the load average, then one table:
events, then for HB its events/s and racy accesses, and for each analysis its events/s, the pairs
it reports and how many of them happens-before orders (races beyond HB: an HB detector on the
same trace cannot report them however long it keeps going). Not run by CI.

    bench/predict/run.py                     # build/racelang, ~100000 events a trace
    bench/predict/run.py --events 1000000 --only locked_counter,bank
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIZE = re.compile(r"store (\d+) size; // bench size")
STATS = re.compile(r"stats: (.+?): (\d+) events in ([\d.]+) ms \(([\d.]+)M events/s\), (\d+)"
                   r"(?: pairs, (\d+) beyond hb)?")


def record(racelang, program, events, workdir):
    """Writes the program with its size scaled to about `events` events; returns the trace."""
    text = open(program).read()
    if not SIZE.search(text):
        return None
    name = os.path.splitext(os.path.basename(program))[0]
    trace = os.path.join(workdir, name + ".trace")
    size = 1
    # Grow the size until the trace is long enough (traces grow about linearly with it).
    while True:
        source = os.path.join(workdir, name + ".rl")
        with open(source, "w") as f:
            f.write(SIZE.sub("store %d size; // bench size" % size, text, count=1))
        subprocess.run([racelang, "predict", "--seed=1", "--analysis=shb", "--no-witness",
                        "--max-pairs=1", "--write-trace=" + trace, source],
                       capture_output=True, check=False)
        if not os.path.exists(trace):
            return None  # the recording failed: the row is left out
        count = sum(1 for line in open(trace) if line[:1] == "T")
        if count >= events or size > 1 << 30:
            return trace, count
        size = max(size + 1, int(size * events / max(count, 1) * 1.1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--racelang", default=os.path.join(ROOT, "build", "racelang"))
    parser.add_argument("--events", type=int, default=100000)
    parser.add_argument("--only", default="", help="comma-separated program names")
    parser.add_argument("--analyses", default="shb,wcp,syncp,m2,maximal")
    parser.add_argument("--max-pairs", type=int, default=100000000,
                        help="syncp, m2 and maximal stop after checking this many pairs, shb and wcp "
                             "after reporting this many")
    parser.add_argument("--window", type=int, default=10000, help="maximal's window")
    parser.add_argument("--timeout", type=int, default=120,
                        help="seconds one analysis may take on one trace (then: timeout)")
    args = parser.parse_args()
    programs = sorted(os.listdir(os.path.join(ROOT, "bench", "programs")))
    if args.only:
        programs = [p for p in programs if os.path.splitext(p)[0] in args.only.split(",")]
    analyses = args.analyses.split(",")
    print("load average (1, 5, 15 min): %.1f %.1f %.1f" % os.getloadavg())
    header = ["program", "events", "hb Mev/s (racy accesses)"] + [
        "%s Mev/s (pairs, beyond hb)" % a for a in analyses]
    print(" | ".join(header))
    with tempfile.TemporaryDirectory() as workdir:
        for program in programs:
            got = record(args.racelang, os.path.join(ROOT, "bench", "programs", program),
                         args.events, workdir)
            if not got:
                continue
            trace, count = got
            row = [os.path.splitext(program)[0], str(count)]
            # Happens-before first, from the fastest analysis's run (same trace, same process).
            out = subprocess.run([args.racelang, "predict", "--analysis=shb", "--stats",
                                  "--no-witness", "--max-pairs=%d" % args.max_pairs, trace],
                                 capture_output=True, text=True)
            hb = {m.group(1): m for m in STATS.finditer(out.stderr)}.get("hb (vc)")
            row.append("%s (%s)" % (hb.group(4), hb.group(5)) if hb else "n/a")
            for analysis in analyses:
                try:
                    out = subprocess.run([args.racelang, "predict", "--analysis=" + analysis,
                                          "--stats", "--no-witness", "--window=%d" % args.window,
                                          "--max-pairs=%d" % args.max_pairs, trace],
                                         capture_output=True, text=True, timeout=args.timeout)
                except subprocess.TimeoutExpired:
                    row.append("timeout (%ds)" % args.timeout)
                    continue
                stats = {m.group(1): m for m in STATS.finditer(out.stderr)}
                m = stats.get(analysis)
                cell = "%s (%s, %s)" % (m.group(4), m.group(5), m.group(6)) if m else "n/a"
                if "stopped at --max-pairs" in out.stderr:
                    cell += " partial"
                row.append(cell)
            print(" | ".join(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
