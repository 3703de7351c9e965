#!/usr/bin/env python3
"""The classic stateless-model-checking families (bench/explore/families.py) under
`racelang explore`, with --strategy=dpor and --strategy=states side by side in one run: trace
and execution counts, time, traces per second (wall and CPU) and peak memory of each racelang
process, the load average, every known trace count checked, and DPOR's final states, races,
failures and deadlocks checked against the state-caching search's. Then `racelang explore
--jobs=1`, `--jobs=2` and `--jobs=N` (every core, when that is more than 2) side by side on the
biggest families: traces per second, speed-up and peak memory, the outputs compared byte for
byte (they must be the same). Then the speed-up of `racelang test --jobs=2` over `--jobs=1` on
the same machine. Not run by CI.

    bench/explore/run.py                 # build/racelang, the default sizes
    bench/explore/run.py --smoke         # the smallest sizes only
    bench/explore/run.py --only filesystem,indexer --timeout 300
    bench/explore/run.py --jobs-only     # only the explore --jobs comparison
"""
import argparse
import concurrent.futures
import json
import os
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
import families  # noqa: E402
from run import log, problem, problems, run_peak  # noqa: E402  (bench/run.py)

# What both strategies must agree on (the JSON's outcome lists, witnesses left out).
OUTCOME_KEYS = ["final_states", "assertion_failures", "runtime_errors", "deadlocks"]


def outcomes(data):
    out = {}
    for key in OUTCOME_KEYS:
        items = data.get(key, [])
        out[key] = sorted(json.dumps({k: v for k, v in item.items()
                                      if k not in ("schedule", "replay")}, sort_keys=True)
                          for item in items)
    out["races"] = sorted(json.dumps({"location": r["location"], "accesses": sorted(
        json.dumps(a, sort_keys=True) for a in r["accesses"])}) for r in data.get("races", []))
    return out


def explore(racelang, path, strategy, timeout):
    """explore --json with one strategy: (parsed JSON or None, the run, its peak MiB)."""
    r, peak = run_peak([racelang, "explore", "--json", "--strategy=" + strategy,
                        "--max-states=1000000000", "--max-executions=1000000000", path], timeout)
    try:
        data = json.loads(r.out)
    except ValueError:
        return None, r, peak
    return data, r, peak


def families_table(racelang, work, args):
    rows = []
    only = set(args.only.split(",")) if args.only else None
    log("load average at start: %.2f %.2f %.2f" % os.getloadavg())
    for name, (generator, sizes, smoke_sizes, expected, rule) in families.FAMILIES.items():
        if only and name not in only:
            continue
        for n in smoke_sizes if args.smoke else sizes:
            path = os.path.join(work, "%s_%d.rl" % (name, n))
            with open(path, "w") as f:
                f.write(generator(n))
            row = {"family": name, "n": n, "rule": rule,
                   "expected": expected(n) if expected else None}
            results = {}
            for strategy in ("dpor", "states"):
                limit = args.timeout if strategy == "dpor" else args.states_timeout
                data, r, peak = explore(racelang, path, strategy, limit)
                if data is None or not data["complete"]:
                    row[strategy] = {"complete": False, "seconds": r.seconds, "peak_mib": peak,
                                     "exit": r.exit_code}
                    if strategy == "dpor":
                        problem("explore %s(%d) --strategy=dpor: incomplete (exit %s, %s)" % (
                            name, n, r.exit_code, r.err.strip()[:200]))
                    continue
                results[strategy] = data
                row[strategy] = {"complete": True, "seconds": r.seconds,
                                 "cpu_seconds": r.cpu_seconds, "peak_mib": peak,
                                 "exit": r.exit_code, "traces": data["traces"],
                                 "executions": data["executions"], "states": data["states"]}
            if "dpor" in results:
                traces = results["dpor"]["traces"]
                if row["expected"] is not None and traces != row["expected"]:
                    problem("explore %s(%d): %s traces, expected %s (%s)" % (
                        name, n, traces, row["expected"], rule))
            if "dpor" in results and "states" in results:
                if outcomes(results["dpor"]) != outcomes(results["states"]):
                    problem("explore %s(%d): dpor and states report different outcomes" % (name, n))
                if row["dpor"]["exit"] != row["states"]["exit"]:
                    problem("explore %s(%d): dpor exits %s, states %s" % (
                        name, n, row["dpor"]["exit"], row["states"]["exit"]))
            rows.append(row)
            print_row(row)
    return rows


HEAD = ["family", "n", "traces", "expected", "dpor s", "traces/s", "traces/cpu s", "dpor MiB",
        "interleavings", "states", "states s", "states MiB"]
WIDTHS = [12, 3, 8, 9, 7, 9, 12, 8, 13, 8, 8, 10]


def cell(value, i):
    return value.ljust(WIDTHS[i]) if i < 2 else value.rjust(WIDTHS[i])


def print_row(row):
    if row is None:
        log("  ".join(cell(h, i) for i, h in enumerate(HEAD)))
        return
    d, s = row["dpor"], row["states"]
    values = [row["family"], str(row["n"])]
    if d["complete"]:
        values += [str(d["traces"]), "-" if row["expected"] is None else str(row["expected"]),
                   "%.2f" % d["seconds"], "%.3g" % (d["traces"] / d["seconds"]),
                   "%.3g" % (d["traces"] / max(d["cpu_seconds"], 1e-3)), "%.0f" % d["peak_mib"]]
    else:
        values += ["-", str(row["expected"]), ">%.0f" % d["seconds"], "-", "-", "%.0f" % d["peak_mib"]]
    if s["complete"]:
        values += [str(s["executions"]), str(s["states"]), "%.2f" % s["seconds"],
                   "%.0f" % s["peak_mib"]]
    else:
        values += ["-", "-", ">%.0f" % s["seconds"] if s.get("exit") == -1 else "limit",
                   "%.0f" % s["peak_mib"]]
    log("  ".join(cell(v, i) for i, v in enumerate(values)))


# The explore --jobs comparison: a size of each family that one worker's DPOR search takes
# about a second or more on (smaller searches measure racelang's start-up and the split's
# replayed prefixes, not the search; the sizes were raised on 2026-11-26 when the search had
# become fast enough that stack(4) took 0.07 s), and a few seconds at most.
JOBS_SIZES = {"indexer": 15, "stack": 5, "queue": 5, "sigma": 6, "peterson": 3, "dekker": 3,
              "philosophers": 7, "filesystem": 22, "mpat": 10, "fib_bench": 5}
JOBS_SMOKE_SIZES = {"stack": 3, "peterson": 2}


def pair_throughput(argv, timeout, alone_seconds, expected_out):
    """Two copies of argv (a --jobs=1 run) at once: how much more work per second they do
    than one alone (2 x alone / the wall time until both end). Two processes that share
    nothing are the most two workers can get from this machine (its shared caches, memory
    bandwidth and whatever else the host runs), so this is the ceiling for --jobs=2's speed-up
    measured in the same run. None if either run's output differs from the one alone."""
    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda _: run_peak(argv, timeout)[0], range(2)))
    both = time.perf_counter() - start
    if any(r.out != expected_out for r in results):
        return None
    return 2 * alone_seconds / both


def jobs_table(racelang, work, args):
    """explore --json with --jobs=1, 2 and every core on each family: wall and CPU time,
    traces per second, speed-up over one worker, peak memory, and the sleep-set-blocked
    executions of the split (the same for every N); the outputs must be the same. Beside the
    speed-up of --jobs=2, "pair x": two --jobs=1 runs at once over one alone (pair_throughput),
    the ceiling this machine sets for it in the same run."""
    cores = os.cpu_count() or 1
    counts = [1, 2] + ([cores] if cores > 2 else [])
    only = set(args.only.split(",")) if args.only else None
    sizes = JOBS_SMOKE_SIZES if args.smoke else JOBS_SIZES
    log("\nexplore --jobs (%d cores); load average at start: %.2f %.2f %.2f"
        % ((cores,) + os.getloadavg()))
    head = ["family", "n", "traces", "parts", "blocked"]
    for j in counts:
        head += ["j%d s" % j, "j%d cpu s" % j, "j%d traces/s" % j, "j%d MiB" % j]
        if j > 1:
            head += ["j%d speed-up" % j]
        if j == 2:
            head += ["pair x"]
    log("  ".join(h.rjust(10) if i > 1 else h.ljust(12 if i == 0 else 3) for i, h in enumerate(head)))
    extra = [] if args.resplit_after is None else ["--resplit-after=%d" % args.resplit_after]
    if args.give_after is not None:
        extra.append("--give-after=%d" % args.give_after)
    if args.split_parts is not None:
        extra.append("--split-parts=%d" % args.split_parts)
    rows = []
    for name, n in sizes.items():
        if only and name not in only:
            continue
        generator = families.FAMILIES[name][0]
        path = os.path.join(work, "jobs_%s_%d.rl" % (name, n))
        with open(path, "w") as f:
            f.write(generator(n))
        row = {"family": name, "n": n, "load": os.getloadavg()[0], "jobs": {}}

        def argv(j):
            return [racelang, "explore", "--json", "--jobs=%d" % j, "--max-states=1000000000",
                    "--max-executions=1000000000"] + extra + [path]

        outputs = {}
        speedups = {}
        pairs = []
        # Rounds alternate the worker counts, and each time is the fastest round's: the host
        # is shared, and its other load comes and goes within a run. The speed-ups and "pair x"
        # are the median of the rounds' own.
        for _ in range(args.rounds):
            this_round = {}
            for j in counts:
                r, peak = run_peak(argv(j), args.timeout)
                outputs[j] = r.out
                this_round[j] = r.seconds
                try:
                    data = json.loads(r.out)
                except ValueError:
                    data = None
                if data is None or not data["complete"]:
                    problem("explore %s(%d) --jobs=%d: incomplete (exit %s)"
                            % (name, n, j, r.exit_code))
                    row["jobs"][j] = {"complete": False, "seconds": r.seconds}
                    continue
                row["traces"] = data["traces"]
                row["parts"] = data.get("parts")
                row["blocked"] = data.get("sleep_blocked")
                best = row["jobs"].get(j)
                if best is None or (best["complete"] and r.seconds < best["seconds"]):
                    row["jobs"][j] = {"complete": True, "seconds": r.seconds,
                                      "cpu_seconds": r.cpu_seconds, "peak_mib": peak}
            # The ratios are taken within a round, of runs beside each other in time: the host's
            # speed changes between rounds more than the ratios do.
            if all(row["jobs"][j]["complete"] for j in counts):
                for j in counts[1:]:
                    speedups.setdefault(j, []).append(this_round[1] / this_round[j])
                if 2 in counts:
                    pair = pair_throughput(argv(1), args.timeout, this_round[1], outputs[1])
                    if pair is None:
                        problem("explore %s(%d): two --jobs=1 runs at once printed other results"
                                % (name, n))
                    else:
                        pairs.append(pair)
        for j, ratios in speedups.items():
            row["jobs"][j]["speedup"] = statistics.median(ratios)
        if pairs:
            row["pair"] = statistics.median(pairs)
        for j in counts[1:]:
            if outputs[j] != outputs[1]:
                problem("explore %s(%d): --jobs=%d prints other results than --jobs=1" % (name, n, j))
        values = [name.ljust(12), str(n).ljust(3), str(row.get("traces", "-")).rjust(10),
                  str(row.get("parts", "-")).rjust(10), str(row.get("blocked", "-")).rjust(10)]
        for j in counts:
            d = row["jobs"][j]
            if not d["complete"]:
                values += [">%.0f" % d["seconds"], "-", "-", "-"] + (["-"] if j > 1 else [])
            else:
                values += ["%.2f" % d["seconds"], "%.2f" % d["cpu_seconds"],
                           "%.3g" % (row["traces"] / d["seconds"]), "%.0f" % d["peak_mib"]]
                if j > 1:
                    values += ["%.2fx" % d["speedup"] if "speedup" in d else "-"]
            if j == 2:
                values += ["%.2fx" % row["pair"] if row.get("pair") else "-"]
        log("  ".join(v.rjust(10) if i > 1 else v for i, v in enumerate(values)))
        rows.append(row)
    log("load average at end: %.2f %.2f %.2f" % os.getloadavg())
    return rows


def test_speedup(racelang, work, args):
    """`racelang test` on a family program with --jobs=1 and --jobs=2: wall time of each and
    the speed-up, with the output compared (it must be the same)."""
    path = os.path.join(work, "speedup.rl")
    with open(path, "w") as f:
        f.write(families.philosophers(8))
    iterations = 2000 if args.smoke else 200000
    log("\nracelang test --iterations=%d --schedule=pct on philosophers(8); load average %.2f"
        % (iterations, os.getloadavg()[0]))
    times = {}
    outputs = {}
    for jobs in (1, 2):
        r, peak = run_peak([racelang, "test", path, "--iterations=%d" % iterations, "--seed=1",
                            "--schedule=pct", "--jobs=%d" % jobs], args.timeout)
        times[jobs] = r.seconds
        outputs[jobs] = r.out
        log("  --jobs=%d: %.2f s wall, %.2f s CPU, %.0f MiB" % (jobs, r.seconds, r.cpu_seconds, peak))
    if outputs[1] != outputs[2]:
        problem("racelang test: --jobs=1 and --jobs=2 print different results")
    log("  speed-up of --jobs=2 over --jobs=1: %.2fx" % (times[1] / times[2]))
    return {"iterations": iterations, "jobs1_seconds": times[1], "jobs2_seconds": times[2]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--racelang", default=os.path.join(ROOT, "build", "racelang"))
    ap.add_argument("--timeout", type=int, default=120, help="seconds per racelang run")
    ap.add_argument("--states-timeout", type=int, default=30,
                    help="seconds per --strategy=states run (it blows up on the thread-heavy "
                         "families; default 30)")
    ap.add_argument("--only", default="", help="comma-separated family names")
    ap.add_argument("--smoke", action="store_true", help="the smallest sizes only")
    ap.add_argument("--json", help="also write the rows to this file")
    ap.add_argument("--resplit-after", type=int, default=None,
                    help="explore --resplit-after=N in the --jobs comparison (default: "
                         "racelang's own)")
    ap.add_argument("--give-after", type=int, default=None,
                    help="explore --give-after=N in the --jobs comparison (default: "
                         "racelang's own)")
    ap.add_argument("--split-parts", type=int, default=None,
                    help="explore --split-parts=N in the --jobs comparison (default: "
                         "racelang's own)")
    ap.add_argument("--rounds", type=int, default=3,
                    help="explore --jobs table: runs of each cell, the fastest kept")
    ap.add_argument("--jobs-only", action="store_true",
                    help="only the explore --jobs comparison")
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="racelang-explore-bench-")
    rows, speedup = [], None
    if not args.jobs_only:
        print_row(None)
        rows = families_table(args.racelang, work, args)
    jobs = jobs_table(args.racelang, work, args)
    if not args.jobs_only:
        speedup = test_speedup(args.racelang, work, args)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"families": rows, "explore_jobs": jobs, "test_speedup": speedup}, f,
                      indent=2)
    if problems:
        log("\n%d problem(s)" % len(problems))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
