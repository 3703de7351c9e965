#!/usr/bin/env python3
"""Events per second of the predictive analyses (racelang predict) on long recorded traces.

For each program in bench/programs/, the size on its `// bench size` line is set so that one
interpreter run records about --events events; the run is recorded once (racelang predict
--write-trace), and then each analysis runs on that same trace with --stats, which times the
analysis alone (witnesses are not built: --no-witness; the thread's CPU time, so the load of a
shared machine does not inflate it) and, in the same process, happens-before (the VectorClock
detector) over the same events. Prints the load average, then one table: events, then for HB its
events/s, racy accesses and CPU ms, and for each analysis its events/s, the pairs it reports, how
many of them happens-before orders (races beyond HB: an HB detector on the same trace cannot
report them however long it keeps going) and its CPU ms; then a second table, the maximal
analysis on traces exactly one --window long (10^4 events by default). Synthetic traces of three
racy shapes (SYNTHETIC) follow the programs in both. Not run by CI.

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


# Synthetic traces of racy shapes the bench programs (race-free, or racing only at their end)
# do not give, each a block repeated until the trace is long enough; k numbers the block.
SYNTHETIC = {
    # POPL'20 Figure 1(a)'s shape: a race beyond happens-before that sync-preserving
    # reorderings (SyncP) and M2's Lemma 5.1 find.
    "synthetic_fig1a": ["T1 wr x{k} = 1", "T1 acq l", "T1 wr y = 1", "T1 rel l",
                        "T2 acq l", "T2 wr y = 2", "T2 rel l", "T2 rd x{k} = 1"],
    # A race that needs two critical sections reversed: M2 and the maximal analysis only.
    "synthetic_reversal": ["T1 acq l", "T1 wr x{k} = 1", "T1 rel l",
                           "T2 acq l", "T2 rel l", "T2 rd x{k} = 1"],
    # A race only the maximal model has: T2's read of z may read another value (no branch
    # depends on it), so T1's write of z, after its write of x, need not come first.
    "synthetic_values": ["T1 wr x{k} = 1", "T1 wr z{k} = 1", "T2 rd z{k} = 1", "T2 wr x{k} = 2"],
}


def synthetic(name, events, workdir):
    block = SYNTHETIC[name]
    lines = ["# racelang trace 1"]
    k = 0
    while len(lines) - 1 < events:
        lines += [line.format(k=k) for line in block]
        k += 1
    path = os.path.join(workdir, "%s_%d.trace" % (name, events))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path, len(lines) - 1


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
    parser.add_argument("--no-window-table", action="store_true",
                        help="skip the second table: maximal on traces of one window each")
    args = parser.parse_args()
    programs = sorted(os.listdir(os.path.join(ROOT, "bench", "programs")))
    if args.only:
        programs = [p for p in programs if os.path.splitext(p)[0] in args.only.split(",")]
    analyses = args.analyses.split(",")
    print("load average (1, 5, 15 min): %.1f %.1f %.1f" % os.getloadavg())
    header = ["program", "events", "hb Mev/s (racy accesses) CPU ms"] + [
        "%s Mev/s (pairs, beyond hb) CPU ms" % a for a in analyses]
    print(" | ".join(header))
    def traces(workdir, events):
        """(name, trace, events) for every program, then the synthetic shapes."""
        for program in programs:
            got = record(args.racelang, os.path.join(ROOT, "bench", "programs", program),
                         events, workdir)
            if got:
                yield (os.path.splitext(program)[0],) + got
        for name in sorted(SYNTHETIC):
            if not args.only or name in args.only.split(","):
                yield (name,) + synthetic(name, events, workdir)

    def stats_of(analysis, trace, timeout):
        try:
            out = subprocess.run([args.racelang, "predict", "--analysis=" + analysis, "--stats",
                                  "--no-witness", "--window=%d" % args.window,
                                  "--max-pairs=%d" % args.max_pairs, trace],
                                 capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "timeout (%ds)" % timeout
        stats = {m.group(1): m for m in STATS.finditer(out.stderr)}
        m = stats.get(analysis)
        cell = "%s (%s, %s)" % (m.group(4), m.group(5), m.group(6)) if m else "n/a"
        if "stopped at --max-pairs" in out.stderr:
            cell += " partial"
        if m:
            cell += " %s ms" % m.group(3)
        return cell

    with tempfile.TemporaryDirectory() as workdir:
        for name, trace, count in traces(workdir, args.events):
            row = [name, str(count)]
            # Happens-before first, from the fastest analysis's run (same trace, same process).
            out = subprocess.run([args.racelang, "predict", "--analysis=shb", "--stats",
                                  "--no-witness", "--max-pairs=%d" % args.max_pairs, trace],
                                 capture_output=True, text=True)
            hb = {m.group(1): m for m in STATS.finditer(out.stderr)}.get("hb (vc)")
            row.append("%s (%s) %s ms" % (hb.group(4), hb.group(5), hb.group(3)) if hb else "n/a")
            for analysis in analyses:
                row.append(stats_of(analysis, trace, args.timeout))
            print(" | ".join(row), flush=True)
        if args.no_window_table:
            return 0
        # The maximal analysis on traces as long as one window: every event may move.
        print()
        print("maximal, one window of %d events: program | events | maximal Mev/s (pairs, "
              "beyond hb) CPU ms" % args.window)
        for name, trace, count in traces(workdir, args.window):
            print(" | ".join([name, str(count), stats_of("maximal", trace, args.timeout)]),
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
