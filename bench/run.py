#!/usr/bin/env python3
"""racelang benchmarks: racelang's detection against native C and ThreadSanitizer, measured
side by side in one run on one machine, and the explorer on families with known answers.

    bench/run.py                 build racelang, run everything, write results (see --help)
    bench/run.py --smoke         every benchmark once at a tiny size (the ctest smoke test)

For every program in bench/programs/ the script builds (racelang emit-c, gcc -O2):
  native   the emitted C, gcc -O2
  tsan     the emitted C, gcc -O2 -fsanitize=thread
  jit           racelang run --backend=jit --detector=none
  jit-vc        racelang run --backend=jit --detector=vc --no-elide (the CPP'17 paper's pass)
  jit-ft        racelang run --backend=jit --detector=fasttrack --no-elide (the FastTrack pass)
  jit-ft-elide  racelang run --backend=jit --detector=fasttrack (the default: FastTrack with
                the static check eliminations, what `racelang FILE` runs)
  jit-ft-range  racelang run --backend=jit --detector=fasttrack --elide=all (the default and
                range coalescing, which is off by default: docs/instrumentation.md)
  c-vc          racelang emit-c --detector=vc --no-elide (the paper's pass as C), gcc -O2
  c-ft          racelang emit-c --detector=fasttrack (the default configuration as C), gcc -O2
  jit-ft-elide-base  with --baseline RACELANG: jit-ft-elide with that (earlier) racelang build,
                so that a change's effect is measured in the same interleaved run
and runs them interleaved (native tsan jit jit-vc ... c-ft, native tsan ..., so that noise hits all
alike), after one untimed warm-up round, taking the median wall time of --runs runs (at least
5 unless --smoke). It checks what each run printed and reported: a race-free program must
exit 0 everywhere with the same output, a racy one (racy_*.rl) must be reported by every
detector. Results go to OUT/results.{csv,json}, the slowdown plot to OUT/slowdowns.svg, the
explorer's to OUT/explore.{csv,json}, the instrumentation's operation counts to
OUT/instrumentation_ops.csv. Python 3 standard library only.
"""

import argparse
import concurrent.futures
import csv
import datetime
import json
import math
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAMS_DIR = os.path.join(ROOT, "bench", "programs")
SIZE_LINE = re.compile(r"^store (\d+) size;(.*bench size.*)$", re.M)

VARIANTS = ["native", "tsan", "jit", "jit-vc", "jit-ft", "jit-ft-elide", "jit-ft-range", "c-vc",
            "c-ft"]
# Ratios: (name, numerator, denominator).
RATIOS = [
    ("tsan/native", "tsan", "native"),
    ("jit-vc/jit", "jit-vc", "jit"),
    ("jit-ft/jit", "jit-ft", "jit"),
    ("jit-ft-elide/jit", "jit-ft-elide", "jit"),
    ("jit-ft-range/jit", "jit-ft-range", "jit"),
    ("jit/native", "jit", "native"),
    ("c-vc/native", "c-vc", "native"),
    ("c-ft/native", "c-ft", "native"),
]
DETECTORS = ["tsan", "jit-vc", "jit-ft", "jit-ft-elide", "jit-ft-range", "c-vc",
             "c-ft"]  # variants that report races
# --breakdown: c-vc with parts of the instrumentation left out (racelang instrument's
# deliberately broken variants), to measure what each part costs. Race-free programs only.
ABLATIONS = [("c-vc-no-location-locks", "no-location-locks"),
             ("c-vc-store-skips-reads", "store-skips-reads")]
# --baseline: the racelang build the jit-ft-elide-base column runs (None: no such column).
BASELINE = None
SKIP_EXIT = 77  # ctest's SKIP_RETURN_CODE for the smoke test: no C compiler

problems = []  # everything that must make the run fail, reported loudly at the end


def problem(message):
    problems.append(message)
    print("PROBLEM: " + message, file=sys.stderr, flush=True)


def log(message):
    print(message, flush=True)


# ---- running things ---------------------------------------------------------------------


class Result:
    def __init__(self, exit_code, out, err, seconds, cpu_seconds, timed_out=False):
        self.exit_code = exit_code
        self.out = out
        self.err = err
        self.seconds = seconds
        self.cpu_seconds = cpu_seconds
        self.timed_out = timed_out


def run(argv, timeout, env=None, cwd=None):
    """Runs argv; wall and CPU (user + sys of the child) seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=timeout,
                           env=env, cwd=cwd, errors="replace")
        code, out, err, timed_out = p.returncode, p.stdout, p.stderr, False
    except subprocess.TimeoutExpired as e:
        code, timed_out = -1, True
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        err = e.stderr.decode(errors="replace") if isinstance(e.stderr, bytes) else (e.stderr or "")
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if code is not None and code < 0 and not timed_out:
        code = 128 - code  # killed by a signal, as a shell shows it
    return Result(code, out, err, seconds, cpu, timed_out)


def run_peak(argv, timeout):
    """Runs argv and returns (Result, peak resident memory of that one child in MiB): the
    kernel's accounting of the child alone (wait4), whatever else runs at the same time."""
    start = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    chunks = {"out": b"", "err": b""}

    def drain(name, stream):
        chunks[name] = stream.read()

    readers = [threading.Thread(target=drain, args=("out", p.stdout)),
               threading.Thread(target=drain, args=("err", p.stderr))]
    for t in readers:
        t.start()
    timer = threading.Timer(timeout, p.kill)
    timer.start()
    _, status, usage = os.wait4(p.pid, 0)
    timer.cancel()
    for t in readers:
        t.join()
    p.returncode = os.waitstatus_to_exitcode(status)  # already reaped: tell Popen
    seconds = time.perf_counter() - start
    timed_out = seconds >= timeout
    code = -1 if timed_out else p.returncode
    if code < 0 and not timed_out:
        code = 128 - code
    result = Result(code, chunks["out"].decode(errors="replace"),
                    chunks["err"].decode(errors="replace"), seconds,
                    usage.ru_utime + usage.ru_stime, timed_out)
    return result, usage.ru_maxrss / 1024.0  # ru_maxrss is in KiB on Linux


def must(argv, what, cwd=None):
    r = run(argv, timeout=1800, cwd=cwd)
    if r.exit_code != 0:
        sys.stderr.write(r.out + r.err)
        raise SystemExit("bench: %s failed: %s" % (what, " ".join(argv)))
    return r


# ---- the machine ------------------------------------------------------------------------


def machine_info():
    model = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    cc_version = ""
    cc = shutil.which("gcc")
    if cc:
        cc_version = run([cc, "--version"], 30).out.splitlines()[0]
    return {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "nproc": os.cpu_count(),
        "cpu": model,
        "kernel": platform.release(),
        "compiler": cc_version,
        "python": platform.python_version(),
        # Other work on the machine skews every column; the load is recorded, not controlled.
        "loadavg_at_start": list(os.getloadavg()),
    }


# ---- building ---------------------------------------------------------------------------


def build_racelang(build_dir, jobs):
    if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
        log("configuring %s" % build_dir)
        must(["cmake", "-S", ROOT, "-B", build_dir, "-G", "Ninja"], "cmake configure")
    log("building racelang in %s" % build_dir)
    argv = ["cmake", "--build", build_dir, "--target", "racelang"]
    if jobs:
        argv += ["-j", str(jobs)]
    must(argv, "cmake build")


def jit_status(racelang, work):
    """Whether `racelang run --backend=jit` works here; why not, if it does not."""
    help_text = run([racelang, "run", "--help"], 60).out
    backend_lines = [l for l in help_text.splitlines() if "--backend" in l]
    if not any("jit" in l for l in backend_lines):
        return False, "this racelang has no JIT backend ('racelang run --help' lists no --backend=jit)"
    probe = os.path.join(work, "jit_probe.rl")
    with open(probe, "w") as f:
        f.write("shared x;\n\nstore 41 x;\nv := load x;\nprint(v + 1);\n")
    for detector in ("none", "vc"):
        r = run([racelang, "run", "--backend=jit", "--detector=" + detector, probe], 120)
        if r.exit_code != 0 or r.out.strip() != "42":
            return False, ("'racelang run --backend=jit --detector=%s' does not run a trivial "
                           "program (exit %s, printed %r instead of '42'): %s" % (
                               detector, r.exit_code, r.out.strip()[:40], r.err.strip()[:200]))
    return True, ""


def sized_source(path, size):
    with open(path) as f:
        text = f.read()
    m = SIZE_LINE.search(text)
    if not m:
        raise SystemExit("bench: %s has no 'store N size; // bench size' line" % path)
    default = int(m.group(1))
    text = SIZE_LINE.sub(lambda m: "store %d size;%s" % (size(default), m.group(2)), text, count=1)
    return text, default


class Program:
    def __init__(self, name, source_path, default_size, size, racy):
        self.name = name
        self.source_path = source_path  # the sized copy that is run
        self.default_size = default_size
        self.size = size
        self.racy = racy
        self.exe = {}  # variant -> argv


def prepare(program_files, work, racelang, cc, size_of, have_tsan, have_jit, jobs, breakdown):
    """Sized copies, emitted C and the compiled binaries (compiled in parallel)."""
    programs = []
    compiles = []
    for path in program_files:
        name = os.path.splitext(os.path.basename(path))[0]
        text, default = sized_source(path, size_of)
        sized = os.path.join(work, name + ".rl")
        with open(sized, "w") as f:
            f.write(text)
        size = int(SIZE_LINE.search(text).group(1))
        p = Program(name, sized, default, size, name.startswith("racy_"))
        base = os.path.join(work, name)
        must([racelang, "emit-c", sized, "-o", base + ".c"], "emit-c " + name)
        must([racelang, "emit-c", "--detector=vc", "--no-elide", sized, "-o", base + ".vc.c"],
             "emit-c --detector=vc --no-elide " + name)
        must([racelang, "emit-c", "--detector=fasttrack", sized, "-o", base + ".ft.c"],
             "emit-c --detector=fasttrack " + name)
        compiles.append(([cc, "-std=c11", "-O2", "-pthread", base + ".c", "-o", base], name))
        p.exe["native"] = [base]
        if have_tsan:
            compiles.append(([cc, "-std=c11", "-O2", "-g", "-fsanitize=thread", "-pthread",
                              base + ".c", "-o", base + ".tsan"], name + " (tsan)"))
            p.exe["tsan"] = [base + ".tsan"]
        compiles.append(([cc, "-std=c11", "-O2", "-pthread", base + ".vc.c", "-o", base + ".vc"],
                         name + " (c-vc)"))
        p.exe["c-vc"] = [base + ".vc"]
        compiles.append(([cc, "-std=c11", "-O2", "-pthread", base + ".ft.c", "-o", base + ".ft"],
                         name + " (c-ft)"))
        p.exe["c-ft"] = [base + ".ft"]
        if breakdown and not p.racy:
            for variant, pass_variant in ABLATIONS:
                stem = base + "." + pass_variant
                must([racelang, "emit-c", "--detector=vc", "--no-elide", "--variant=" + pass_variant,
                      sized, "-o", stem + ".c"], "emit-c --variant=%s %s" % (pass_variant, name))
                compiles.append(([cc, "-std=c11", "-O2", "-pthread", stem + ".c", "-o", stem],
                                 "%s (%s)" % (name, variant)))
                p.exe[variant] = [stem]
        if have_jit:
            p.exe["jit"] = [racelang, "run", "--backend=jit", "--detector=none", sized]
            p.exe["jit-vc"] = [racelang, "run", "--backend=jit", "--detector=vc", "--no-elide",
                               sized]
            p.exe["jit-ft"] = [racelang, "run", "--backend=jit", "--detector=fasttrack",
                               "--no-elide", sized]
            p.exe["jit-ft-elide"] = [racelang, "run", "--backend=jit", "--detector=fasttrack",
                                     sized]
            p.exe["jit-ft-range"] = [racelang, "run", "--backend=jit", "--detector=fasttrack",
                                     "--elide=all", sized]
            if BASELINE:
                p.exe["jit-ft-elide-base"] = [BASELINE, "run", "--backend=jit",
                                              "--detector=fasttrack", sized]
        programs.append(p)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for (argv, what), r in zip(compiles, pool.map(lambda c: run(c[0], 1800), compiles)):
            if r.exit_code != 0:
                sys.stderr.write(r.err)
                raise SystemExit("bench: compiling %s failed" % what)
    return programs


# ---- measuring --------------------------------------------------------------------------


def reported_race(variant, r):
    if variant == "tsan":
        return r.exit_code == 66 or "WARNING: ThreadSanitizer" in r.err
    return r.exit_code == 66


def measure(programs, runs, warmup, timeout, reference, all_variants):
    tsan_env = dict(os.environ)
    # exitcode=66 is TSan's default; said explicitly, as what the table relies on.
    tsan_env["TSAN_OPTIONS"] = (tsan_env.get("TSAN_OPTIONS", "") + " exitcode=66").strip()
    rows = []
    for p in programs:
        variants = [v for v in all_variants if v in p.exe]
        log("%s (size %d): %s x %d%s" % (p.name, p.size, " ".join(variants), runs,
                                         " after a warm-up round" if warmup else ""))
        samples = {v: [] for v in variants}
        cpu = {v: [] for v in variants}
        seen = {v: [] for v in variants}
        for round_index in range(runs + (1 if warmup else 0)):
            for v in variants:
                env = tsan_env if v == "tsan" else None
                r = run(p.exe[v], timeout, env=env)
                if warmup and round_index == 0:
                    continue
                samples[v].append(r.seconds)
                cpu[v].append(r.cpu_seconds)
                seen[v].append(r)
        row = {"program": p.name, "size": p.size, "racy": p.racy, "runs": runs,
               "seconds": {}, "cpu_seconds": {}, "samples": {}, "reported": {}, "exit": {}}
        native_out = seen["native"][0].out if seen.get("native") else None
        if reference is not None:
            native_out = reference.get(p.name, native_out)
        for v in all_variants:
            if v not in samples:
                row["seconds"][v] = None
                row["reported"][v] = "n/a"
                continue
            row["seconds"][v] = statistics.median(samples[v])
            row["cpu_seconds"][v] = statistics.median(cpu[v])
            row["samples"][v] = samples[v]
            exits = sorted({r.exit_code for r in seen[v]})
            row["exit"][v] = exits
            if any(r.timed_out for r in seen[v]):
                row["reported"][v] = "timeout"
                problem("%s: %s timed out after %d s" % (p.name, v, timeout))
                continue
            races = [reported_race(v, r) for r in seen[v]]
            if v in DETECTORS or v.startswith("c-vc-"):
                row["reported"][v] = ("race" if all(races) else
                                      "no race" if not any(races) else
                                      "race %d/%d" % (sum(races), len(races)))
            else:
                row["reported"][v] = "-"
            check_outcome(p, v, seen[v], races, native_out)
        for name, num, den in RATIOS:
            a, b = row["seconds"].get(num), row["seconds"].get(den)
            row.setdefault("ratios", {})[name] = a / b if a and b else None
        rows.append(row)
    return rows


def check_outcome(p, v, results, races, expected_out):
    """Race-free: exit 0, the reference output, no report. Racy: every detector reports."""
    if v.startswith("c-vc-") and p.racy:
        return  # a deliberately broken detector may miss the race: not checked
    for r in results:
        if p.racy:
            if v in DETECTORS and not reported_race(v, r):
                problem("%s: %s did not report the race (exit %s)" % (p.name, v, r.exit_code))
                return
            if v not in DETECTORS and r.exit_code != 0:
                problem("%s: %s exited %s: %s" % (p.name, v, r.exit_code, r.err.strip()[:300]))
                return
        else:
            if r.exit_code != 0 or reported_race(v, r):
                problem("%s: %s exited %s on a race-free program: %s" %
                        (p.name, v, r.exit_code, r.err.strip()[:300]))
                return
            if expected_out is not None and r.out != expected_out:
                problem("%s: %s printed %r, expected %r" % (p.name, v, r.out[:200],
                                                            expected_out[:200]))
                return


def geomean(values):
    values = [x for x in values if x]
    if not values:
        return None
    return math.exp(sum(math.log(x) for x in values) / len(values))


def summarize(rows):
    """Geometric means over the race-free programs (a racy run stops at its first report in
    racelang and not in TSan, so its times are not comparable)."""
    clean = [r for r in rows if not r["racy"]]
    summary = {"programs": [r["program"] for r in clean], "seconds": {}, "ratios": {}}
    for v in VARIANTS:
        vals = [r["seconds"][v] for r in clean]
        summary["seconds"][v] = geomean(vals) if all(vals) and vals else None
    for name, _, _ in RATIOS:
        vals = [r["ratios"][name] for r in clean]
        summary["ratios"][name] = geomean(vals) if all(vals) and vals else None
    return summary


# ---- output -----------------------------------------------------------------------------


def fmt_seconds(x):
    return "n/a" if x is None else "%.3f" % x


def fmt_ratio(x):
    return "n/a" if x is None else "%.2fx" % x


def print_table(rows, summary):
    head = ["program", "size"] + ["%s s" % v for v in VARIANTS] + [n for n, _, _ in RATIOS] + \
        ["reported: " + v for v in DETECTORS]
    body = []
    for r in rows:
        body.append([r["program"] + (" (racy)" if r["racy"] else ""), str(r["size"])] +
                    [fmt_seconds(r["seconds"][v]) for v in VARIANTS] +
                    [fmt_ratio(r["ratios"][n]) for n, _, _ in RATIOS] +
                    [r["reported"][v] for v in DETECTORS])
    body.append(["geomean (race-free)", ""] +
                [fmt_seconds(summary["seconds"][v]) for v in VARIANTS] +
                [fmt_ratio(summary["ratios"][n]) for n, _, _ in RATIOS] + [""] * len(DETECTORS))
    widths = [max(len(row[i]) for row in [head] + body) for i in range(len(head))]
    line = lambda row: "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                                 for i, (c, w) in enumerate(zip(row, widths)))
    log(line(head))
    log("  ".join("-" * w for w in widths))
    for row in body[:-1]:
        log(line(row))
    log("  ".join("-" * w for w in widths))
    log(line(body[-1]))


def write_csv(path, rows, summary):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["program", "size", "racy"] + ["%s_s" % v for v in VARIANTS] +
                   [n for n, _, _ in RATIOS] + ["reported_" + v for v in DETECTORS])
        for r in rows:
            w.writerow([r["program"], r["size"], int(r["racy"])] +
                       ["" if r["seconds"][v] is None else "%.6f" % r["seconds"][v]
                        for v in VARIANTS] +
                       ["" if r["ratios"][n] is None else "%.4f" % r["ratios"][n]
                        for n, _, _ in RATIOS] +
                       [r["reported"][v] for v in DETECTORS])
        w.writerow(["geomean (race-free)", "", ""] +
                   ["" if summary["seconds"][v] is None else "%.6f" % summary["seconds"][v]
                    for v in VARIANTS] +
                   ["" if summary["ratios"][n] is None else "%.4f" % summary["ratios"][n]
                    for n, _, _ in RATIOS] + [""] * len(DETECTORS))


def write_svg(path, rows, summary, machine):
    """Grouped horizontal bars of the slowdowns, log scale, one group per program."""
    colours = ["#d62728", "#1f77b4", "#17becf", "#9467bd", "#e377c2", "#7f7f7f", "#2ca02c",
               "#bcbd22", "#ff7f0e"]  # the last for --baseline's column
    assert len(colours) >= len(RATIOS), "a colour for every ratio"
    series = [(n, c) for (n, _, _), c in zip(RATIOS, colours)]
    # Racy programs are left out: racelang stops at the first report and TSan does not.
    groups = [(r["program"], r["ratios"]) for r in rows if not r["racy"]]
    groups.append(("geomean (race-free)", summary["ratios"]))
    values = [g[1][n] for g in groups for n, _ in series if g[1][n]]
    lo = min([0.5] + values)
    hi = max([2.0] + values)
    lo_e, hi_e = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    left, right, top, bar, gap = 190, 40, 60, 11, 12
    plot_w = 560
    height = top + len(groups) * (len(series) * bar + gap) + 70
    width = left + plot_w + right
    x = lambda v: left + (math.log10(v) - lo_e) / (hi_e - lo_e) * plot_w
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="11">' % (width, height),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="20" font-size="14">slowdowns on the race-free benchmarks '
           '(ratios of medians, log scale)</text>' % left,
           '<text x="%d" y="36" fill="#555">%s, %s cores, %s</text>' % (
               left, esc(machine["cpu"]), machine["nproc"], esc(machine["date"]))]
    for e in range(lo_e, hi_e + 1):
        for m in (1, 2, 5):
            v = m * 10 ** e
            if v < 10 ** lo_e or v > 10 ** hi_e:
                continue
            xv = x(v)
            out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s"/>' % (
                xv, top - 5, xv, height - 60, "#bbb" if m == 1 else "#eee"))
            if m == 1 or hi_e - lo_e <= 2:
                out.append('<text x="%.1f" y="%d" text-anchor="middle">%sx</text>' % (
                    xv, height - 45, ("%g" % v)))
    xv = x(1)
    out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="black"/>' % (
        xv, top - 5, xv, height - 60))
    y = top
    for label, ratios in groups:
        out.append('<text x="%d" y="%d" text-anchor="end">%s</text>' % (
            left - 8, y + len(series) * bar / 2 + 4, esc(label)))
        for n, color in series:
            v = ratios[n]
            if v:
                x0, x1 = sorted((x(1), x(v)))
                out.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s">'
                           '<title>%s %s: %.2fx</title></rect>' % (
                               x0, y, max(1.0, x1 - x0), bar - 2, color, esc(label), n, v))
                out.append('<text x="%.1f" y="%d" fill="#333" font-size="9">%.1fx</text>' % (
                    max(x0, x1) + 3, y + bar - 3, v))
            else:
                out.append('<text x="%.1f" y="%d" fill="#999" font-size="9">%s n/a</text>' % (
                    x(1) + 3, y + bar - 3, n))
            y += bar
        y += gap
    lx = left
    for n, color in series:
        out.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>' % (
            lx, height - 25, color))
        out.append('<text x="%d" y="%d">%s</text>' % (lx + 14, height - 16, esc(n)))
        lx += 130
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def esc(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def print_breakdown(rows):
    """Where c-vc's time goes: the share of its overhead over native that disappears when a
    part of the instrumentation is left out."""
    head = ["program", "native s", "c-vc s"] + ["%s s" % v for v, _ in ABLATIONS] + \
        ["location locks", "store's read checks"]
    body = []
    for r in rows:
        if r["racy"]:
            continue
        t = r["seconds"]
        over = (t["c-vc"] - t["native"]) if t.get("c-vc") and t.get("native") else None
        shares = []
        for v, _ in ABLATIONS:
            if over and t.get(v) is not None and over > 0:
                share = (t["c-vc"] - t[v]) / over
                shares.append("%.0f%%" % (100 * share))
                r.setdefault("overhead_share", {})[v] = share
            else:
                shares.append("n/a")
        body.append([r["program"], fmt_seconds(t.get("native")), fmt_seconds(t.get("c-vc"))] +
                    [fmt_seconds(t.get(v)) for v, _ in ABLATIONS] + shares)
    widths = [max(len(row[i]) for row in [head] + body) for i in range(len(head))]
    line = lambda row: "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                                 for i, (c, w) in enumerate(zip(row, widths)))
    log(line(head))
    log("  ".join("-" * w for w in widths))
    for row in body:
        log(line(row))


# ---- profiling the instrumentation ------------------------------------------------------

# What each line of an emitted c-vc program does, by its text (emitc's naming: `s___X` is the
# instrumentation's shared `__X`, `m___X` its location locks, `v___t1` its temporaries).
LINE_KINDS = [
    ("location lock and unlock calls",
     re.compile(r"rl_(acquire|holder|release)\(&m___X|^\s*if \(t\d+ != \d+\) \{")),
    # A check's loads are folded into its compare by the compiler; counted together.
    ("checks: load W/R and C entries, compare",
     re.compile(r"= s___[WRC]\[|if \(!\(v___t1 <= v___t2\)\)")),
    ("record the access (R/W, site)", re.compile(r"s___(R|W|RS|WS)\[[^]]*\] = ")),
    ("clock update (locks, fork, join)", re.compile(r"s___(C|L)\[[^]]*\] = |= rl_max\(v___t")),
    ("index arithmetic and bounds checks",
     re.compile(r"const int64_t t\d+ = |if \(\(uint64_t\)t\d+ >= |v___i = |if \(v___i < 0")),
]
PRELUDE_KINDS = [
    ("lock holder bookkeeping", re.compile(r"holder|pthread_mutex_(lock|unlock)\(&l->")),
    ("arithmetic (the program's and metadata indices)",
     re.compile(r"rl_(add|sub|mul|neg|div|mod|max|min)\(")),
]


def profile_c_vc(programs, cc, timeout):
    """perf record of each race-free program's c-vc build (with -g), its samples sorted into
    what the instrumentation does: the pthread mutex calls, the checks' loads and compares,
    recording the access, index arithmetic, and the program's own work."""
    perf = shutil.which("perf")
    if not perf:
        log("NOTE: --profile needs perf (linux-perf); skipped")
        return []
    rows = []
    for p in programs:
        if p.racy:
            continue
        exe = p.exe["c-vc"][0]
        src = exe + ".c"
        must([cc, "-std=c11", "-O2", "-g", "-pthread", src, "-o", exe + ".g"], "compile -g")
        data = exe + ".perf"
        r = run([perf, "record", "-q", "-o", data, "--", exe + ".g"], timeout)
        if r.exit_code != 0:
            log("NOTE: perf record failed for %s (exit %s): %s" % (p.name, r.exit_code,
                                                                   r.err.strip()[:200]))
            continue
        shares = {}
        add = lambda kind, pct: shares.__setitem__(kind, shares.get(kind, 0.0) + pct)
        syms = run([perf, "report", "-i", data, "--stdio", "--sort", "dso,symbol"], timeout).out
        own = os.path.basename(exe + ".g")
        for line in syms.splitlines():
            m = re.match(r"^\s*([\d.]+)%\s+(\S+)\s+\[(.)\]\s+(\S+)", line)
            if not m:
                continue
            pct, dso, sym = float(m.group(1)), m.group(2), m.group(4)
            if dso == own:
                continue  # split by source line below
            if "pthread_mutex" in sym:
                add("pthread mutex (libc)", pct)
            elif m.group(3) == "k":
                add("kernel", pct)
            else:
                add("other libraries", pct)
        with open(src) as f:
            c_lines = f.read().splitlines()
        program_start = next(i for i, l in enumerate(c_lines) if "---- the program ----" in l)
        lines = run([perf, "report", "-i", data, "--stdio", "--dsos", own, "--sort", "srcline"],
                    timeout).out
        for line in lines.splitlines():
            m = re.match(r"^\s*([\d.]+)%\s+(\S+)$", line)
            if not m:
                continue
            pct, where = float(m.group(1)), m.group(2)
            if "@plt" in where:
                add("pthread mutex (libc)" if "mutex" in where else "other libraries", pct)
                continue
            lm = re.match(r".*:(\d+)$", where)
            if not lm or int(lm.group(1)) > len(c_lines):
                add("unattributed", pct)
                continue
            number = int(lm.group(1))
            text = c_lines[number - 1]
            kinds = PRELUDE_KINDS if number - 1 < program_start else LINE_KINDS
            kind = next((k for k, rx in kinds if rx.search(text)),
                        "runtime (other)" if number - 1 < program_start else "the program's own code")
            add(kind, pct)
        rows.append({"program": p.name, "shares": shares})
    return rows


def print_profile(rows):
    kinds = sorted({k for r in rows for k in r["shares"]},
                   key=lambda k: -sum(r["shares"].get(k, 0) for r in rows))
    head = ["share of c-vc samples"] + [r["program"] for r in rows]
    body = [[k] + ["%.1f%%" % r["shares"].get(k, 0.0) for r in rows] for k in kinds]
    widths = [max(len(row[i]) for row in [head] + body) for i in range(len(head))]
    line = lambda row: "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                                 for i, (c, w) in enumerate(zip(row, widths)))
    log(line(head))
    log("  ".join("-" * w for w in widths))
    for row in body:
        log(line(row))


# ---- the JIT's own accounting -----------------------------------------------------------


STATS_TIMES = re.compile(r"compiled in ([\d.]+) ms.*ran in ([\d.]+) ms")
STATS_COUNTS = re.compile(r"(\d+) threads, (\d+) shared accesses, (\d+) metadata accesses, "
                          r"(\d+) checks executed, (\d+) locks acquired")


def jit_stats(racelang, programs, timeout):
    """One extra run of jit, jit-vc and jit-ft-elide per program with --stats (not timed with
    the others: counting costs time): LLVM compile time against run time, and what the
    instrumentation executes per access of the program's own locations."""
    rows = []
    for p in programs:
        if "jit" not in p.exe:
            continue
        row = {"program": p.name, "racy": p.racy}
        for v in ("jit", "jit-vc", "jit-ft-elide") + (("jit-ft-elide-base",) if BASELINE else ()):
            r = run(p.exe[v][:2] + ["--stats"] + p.exe[v][2:], timeout)
            times, counts = STATS_TIMES.search(r.err), STATS_COUNTS.search(r.err)
            if not times or not counts:
                row[v] = None
                continue
            row[v] = {"compile_ms": float(times.group(1)), "run_ms": float(times.group(2)),
                      "threads": int(counts.group(1)), "accesses": int(counts.group(2)),
                      "metadata_accesses": int(counts.group(3)), "checks": int(counts.group(4)),
                      "locks": int(counts.group(5))}
        rows.append(row)
    return rows


def print_jit_stats(rows):
    head = ["program", "jit compile ms", "jit-vc compile ms", "jit-ft-elide compile ms",
            "accesses", "metadata/access (vc)", "metadata/access (ft-elide)",
            "checks/access (vc)", "checks/access (ft-elide)", "locks/access (vc)",
            "locks/access (ft-elide)", "locks (none)"] + (
                ["jit-ft-elide-base compile ms"] if BASELINE else [])
    body = []
    for r in rows:
        a, b, c = r.get("jit"), r.get("jit-vc"), r.get("jit-ft-elide")
        if not a or not b or not c:
            body.append([r["program"]] + ["n/a"] * (len(head) - 1))
            continue
        n = max(1, b["accesses"])
        body.append([r["program"] + (" (racy)" if r["racy"] else ""),
                     "%.0f" % a["compile_ms"], "%.0f" % b["compile_ms"], "%.0f" % c["compile_ms"],
                     str(b["accesses"]),
                     "%.1f" % (b["metadata_accesses"] / n), "%.1f" % (c["metadata_accesses"] / n),
                     "%.2f" % (b["checks"] / n), "%.2f" % (c["checks"] / n),
                     "%.2f" % (b["locks"] / n), "%.2f" % (c["locks"] / n), str(a["locks"])] + (
                         ["%.0f" % r["jit-ft-elide-base"]["compile_ms"]
                          if r.get("jit-ft-elide-base") else "n/a"] if BASELINE else []))
    widths = [max(len(row[i]) for row in [head] + body) for i in range(len(head))]
    line = lambda row: "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                                 for i, (c, w) in enumerate(zip(row, widths)))
    log(line(head))
    log("  ".join("-" * w for w in widths))
    for row in body:
        log(line(row))


# ---- the explorer -----------------------------------------------------------------------


def lock_family(n):
    """n threads, one locked increment each. Main holds the lock while it spawns them, so the
    only choices are the order in which they get the lock: exactly n! executions."""
    s = "// %d threads increment x under one lock: %d! executions.\nshared x;\nmutex m;\n\nlock m;\n" % (n, n)
    for t in range(1, n + 1):
        s += "spawn %d {\n  lock m;\n  v := load x;\n  store v + 1 x;\n  unlock m;\n}\n" % t
    return s + "unlock m;\n"


def readers_writer_family(n):
    """One writer and n - 1 readers of x, unsynchronised; each does one access. Main's n
    spawns form a chain and access i can happen any time after spawn i: (2n - 1)!!
    executions, every one racy."""
    s = "// 1 writer, %d readers, no locks: (2*%d-1)!! executions, all racy.\nshared x;\n\n" % (n - 1, n)
    s += "spawn 1 {\n  store 1 x;\n}\n"
    for t in range(2, n + 1):
        s += "spawn %d {\n  v := load x;\n}\n" % t
    return s


def lastzero_family(n):
    """The lastzero benchmark of the DPOR literature: thread i sets array[i] from
    array[i-1] while main searches for the last zero. Racy; no closed form for this
    explorer's counts (it runs every interleaving; DPOR counts traces)."""
    s = "// lastzero(%d)\nshared array[%d];\n\n" % (n, n + 1)
    for t in range(1, n + 1):
        s += "spawn %d {\n  a := load array[%d];\n  store a + 1 array[%d];\n}\n" % (t, t - 1, t)
    s += "i := %d;\nv := load array[i];\nwhile (v != 0) {\n  i := i - 1;\n  v := load array[i];\n}\nprint(i);\n" % n
    return s


def double_factorial(k):
    out = 1
    while k > 1:
        out *= k
        k -= 2
    return out


def explore_families(racelang, work, smoke, timeout):
    """Every family with both strategies in one run, side by side: `--strategy=states` (every
    interleaving, counted through the state cache) and the default `dpor` (one execution per
    Mazurkiewicz trace), each checked against its known count, with time and the peak memory
    of the racelang process."""
    lock_ns = range(2, 5) if smoke else range(2, 9)
    rw_ns = range(2, 6) if smoke else range(2, 12)
    lz_ns = range(2, 4) if smoke else range(2, 8)
    cross_check = 3 if smoke else 4  # lastzero sizes also run without the state cache
    cases = []
    for n in lock_ns:
        cases.append(("lock", n, lock_family(n), math.factorial(n), "n!", math.factorial(n),
                      "n!", False))
    for n in rw_ns:
        cases.append(("readers_writer", n, readers_writer_family(n), double_factorial(2 * n - 1),
                      "(2n-1)!!", 2 ** (n - 1), "2^(n-1)", True))
    for n in lz_ns:
        cases.append(("lastzero", n, lastzero_family(n), None, "= no-cache count",
                      (n + 3) * 2 ** (n - 2), "(n+3)2^(n-2)", True))
    rows = []
    for family, n, text, expected, rule, expected_traces, trace_rule, racy in cases:
        path = os.path.join(work, "explore_%s_%d.rl" % (family, n))
        with open(path, "w") as f:
            f.write(text)
        row = {"family": family, "n": n, "expected_rule": rule, "expected": expected,
               "expected_traces": expected_traces, "trace_rule": trace_rule}
        ok = True
        for strategy in ("states", "dpor"):
            r, peak = run_peak([racelang, "explore", "--json", "--strategy=" + strategy, path],
                               timeout)
            try:
                data = json.loads(r.out)
            except ValueError:
                problem("explore %s(%d) --strategy=%s: no JSON output (exit %s): %s" % (
                    family, n, strategy, r.exit_code, r.err.strip()[:300]))
                ok = False
                continue
            row[strategy] = {"seconds": r.seconds, "cpu_seconds": r.cpu_seconds, "peak_mib": peak,
                             "exit": r.exit_code,
                             "executions": data["executions"], "traces": data["traces"],
                             "states": data["states"], "complete": data["complete"],
                             "racy_executions": data["racy_executions"]}
            if not data["complete"]:
                problem("explore %s(%d) --strategy=%s: search incomplete (%s)" % (
                    family, n, strategy, data["limit"]))
            if racy != (r.exit_code == 66) or (racy and data["racy_executions"] == 0):
                problem("explore %s(%d) --strategy=%s: expected %s, exit %s" % (
                    family, n, strategy, "races" if racy else "no race", r.exit_code))
            if family == "readers_writer" and data["racy_executions"] != data["executions"]:
                problem("explore readers_writer(%d) --strategy=%s: only %d of %d executions racy"
                        % (n, strategy, data["racy_executions"], data["executions"]))
        if not ok:
            continue
        st, dp = row["states"], row["dpor"]
        if expected is not None and st["executions"] != expected:
            problem("explore %s(%d): %d executions, expected %s = %d" % (
                family, n, st["executions"], rule, expected))
        if dp["traces"] != expected_traces:
            problem("explore %s(%d): %s traces, expected %s = %d" % (
                family, n, dp["traces"], trace_rule, expected_traces))
        if family == "lastzero" and n <= cross_check:
            # Without the cache every node counts as a state: lift the limits, and insist
            # that the search completes (a partial count proves nothing).
            plain = run([racelang, "explore", "--json", "--no-cache", "--max-states=1000000000",
                         "--max-executions=1000000000", path], timeout)
            try:
                plain_data = json.loads(plain.out)
                plain_count = plain_data["executions"] if plain_data["complete"] else None
            except (ValueError, KeyError):
                plain_count = None
            row["expected"] = plain_count
            if plain_count != st["executions"]:
                problem("explore lastzero(%d): %s executions with the state cache, %s without "
                        "(None: the uncached search did not complete)" %
                        (n, st["executions"], plain_count))
        rows.append(row)
    return rows


def print_explore(rows):
    head = ["family", "n", "interleavings", "states", "states s", "states MiB", "traces",
            "expected", "dpor s", "traces/s", "traces/cpu s", "dpor MiB"]
    body = []
    for r in rows:
        st, dp = r["states"], r["dpor"]
        body.append([r["family"], str(r["n"]), str(st["executions"]), str(st["states"]),
                     "%.3f" % st["seconds"], "%.1f" % st["peak_mib"], str(dp["traces"]),
                     "%s (%s)" % (r["expected_traces"], r["trace_rule"]),
                     "%.3f" % dp["seconds"], "%.3g" % (dp["traces"] / dp["seconds"]),
                     "%.3g" % (dp["traces"] / max(dp["cpu_seconds"], 1e-3)),
                     "%.1f" % dp["peak_mib"]])
    widths = [max(len(row[i]) for row in [head] + body) for i in range(len(head))]
    line = lambda row: "  ".join(c.ljust(w) if i < 2 else c.rjust(w)
                                 for i, (c, w) in enumerate(zip(row, widths)))
    log(line(head))
    log("  ".join("-" * w for w in widths))
    for row in body:
        log(line(row))


# ---- what the instrumentation costs per access ------------------------------------------


OPS = [
    ("load", "v := load x;"),
    ("load (array)", "v := load a[k];"),
    ("store", "store 1 x;"),
    ("store (array)", "store 1 a[k];"),
    ("lock", "lock m;"),
    ("unlock", "unlock m;"),
    ("wait", "wait 2;"),
]


def instrumentation_ops(racelang, work, thread_counts):
    """Counts the racelang operations the VectorClock pass emits for one access, by kind,
    for z threads: what every access costs before any backend optimises it. The access is
    inside a loop, as the accesses that cost run time are: outside every loop the pass writes
    clock operations as loops from 9 threads on (PassOptions::outer_clock_loop_threshold),
    whose text has one statement per kind instead of z."""
    rows = []
    for z in thread_counts:
        for name, stmt in OPS:
            if name == "wait" and z < 3:
                continue  # no other thread to wait for
            src = "shared x;\nshared a[4];\nmutex m;\n\n"
            src += "spawn 1 {\n  k := 1;\n  while (k < 2) {\n    %s\n    k := k + 1;\n  }\n}\n" % stmt
            for t in range(2, z):
                src += "spawn %d {\n}\n" % t
            # A checked access elsewhere: a program with none gets no clocks at all, and the
            # lock, unlock and wait rows would count nothing.
            src += "store 2 x;\n"
            path = os.path.join(work, "ops_%d.rl" % z)
            with open(path, "w") as f:
                f.write(src)
            # The paper's pass on every access: the eliminations would leave these alone.
            text = must([racelang, "instrument", "--pass=vc", "--no-elide", path],
                        "instrument").out
            body = thread_body(text, 1)
            counts = {"load": 0, "store": 0, "lock": 0, "unlock": 0, "check": 0, "local": 0}
            for line in body:
                s = line.strip()
                if s.startswith("assert("):
                    counts["check"] += 1
                elif re.match(r"^[A-Za-z_]\w* := load ", s):
                    counts["load"] += 1
                elif s.startswith("store "):
                    counts["store"] += 1
                elif s.startswith("lock "):
                    counts["lock"] += 1
                elif s.startswith("unlock "):
                    counts["unlock"] += 1
                elif re.match(r"^[A-Za-z_]\w* := ", s):
                    counts["local"] += 1
            # Leave out the program's own statements (k := 1, k := k + 1 and the access itself).
            counts["local"] -= 2
            kind = name.split()[0]
            if kind in ("load", "store", "lock", "unlock"):
                counts[kind] -= 1
            rows.append(dict(z=z, access=name, **counts))
    return rows


def thread_body(text, tid):
    lines = text.splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip() == "spawn %d {" % tid)
    indent = len(lines[start]) - len(lines[start].lstrip())
    out = []
    for l in lines[start + 1:]:
        if l.strip() == "}" and len(l) - len(l.lstrip()) == indent:
            break
        # Guards that repeat an out-of-range access are never taken on a valid index.
        out.append(l)
    # Drop the bodies of the out-of-range guards: they only re-run the original access.
    kept, skip_indent = [], None
    for l in out:
        ind = len(l) - len(l.lstrip())
        if skip_indent is not None:
            if l.strip() == "}" and ind == skip_indent:
                skip_indent = None
            continue
        if l.strip().startswith("if (__i < 0"):
            skip_indent = ind
            continue
        kept.append(l)
    return kept


def print_ops(rows):
    head = ["z", "access", "loads", "stores", "locks", "unlocks", "checks", "local ops"]
    body = [[str(r["z"]), r["access"], str(r["load"]), str(r["store"]), str(r["lock"]),
             str(r["unlock"]), str(r["check"]), str(r["local"])] for r in rows]
    widths = [max(len(row[i]) for row in [head] + body) for i in range(len(head))]
    line = lambda row: "  ".join(c.ljust(w) if i == 1 else c.rjust(w)
                                 for i, (c, w) in enumerate(zip(row, widths)))
    log(line(head))
    log("  ".join("-" * w for w in widths))
    for row in body:
        log(line(row))


# ---- main -------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"),
                    help="racelang build directory (default: build/)")
    ap.add_argument("--no-build", action="store_true", help="use the racelang already built")
    ap.add_argument("--out", help="results directory (default: BUILD/bench-results)")
    ap.add_argument("--runs", type=int, default=5, help="timed runs per variant (default 5)")
    ap.add_argument("--scale", type=float, default=1.0,
                    help="multiply every program's size by this (default 1)")
    ap.add_argument("--size", type=int, help="use this size for every program")
    ap.add_argument("--only", help="comma-separated program names")
    ap.add_argument("--timeout", type=int, default=900, help="seconds per run (default 900)")
    ap.add_argument("--jobs", type=int, default=2, help="parallel compiles (default 2)")
    ap.add_argument("--skip-explore", action="store_true", help="no explorer benchmarks")
    ap.add_argument("--breakdown", action="store_true",
                    help="also time c-vc without per-location locks and without the store's "
                         "read checks: where the instrumentation's time goes")
    ap.add_argument("--profile", action="store_true",
                    help="also profile each race-free program's c-vc build with perf and sort "
                         "the samples into what the instrumentation does")
    ap.add_argument("--racelang", help="the racelang tool (default: BUILD/racelang)")
    ap.add_argument("--smoke", action="store_true",
                    help="tiny sizes, one run, no warm-up, checks against the interpreter")
    ap.add_argument("--baseline", metavar="RACELANG",
                    help="also run the default detection with this (earlier) racelang build, "
                         "as the column jit-ft-elide-base, interleaved with the others")
    args = ap.parse_args()
    if args.baseline:
        global BASELINE
        BASELINE = os.path.abspath(args.baseline)
        VARIANTS.insert(VARIANTS.index("jit-ft-elide") + 1, "jit-ft-elide-base")
        RATIOS.insert(4, ("jit-ft-elide-base/jit", "jit-ft-elide-base", "jit"))
        DETECTORS.append("jit-ft-elide-base")
    if args.smoke:
        args.runs = 1
        if args.size is None:
            args.size = 2
    elif args.runs < 5:
        log("note: --runs=%d; the table's medians are meant to be of 5 or more runs" % args.runs)

    build_dir = os.path.abspath(args.build_dir)
    if not args.no_build:
        build_racelang(build_dir, args.jobs)
    racelang = os.path.abspath(args.racelang) if args.racelang else os.path.join(build_dir,
                                                                                  "racelang")
    if not os.access(racelang, os.X_OK):
        raise SystemExit("bench: no racelang at %s (build it, or drop --no-build)" % racelang)
    cc = shutil.which(os.environ.get("CC", "gcc")) or shutil.which("gcc")
    if not cc:
        print("bench: no C compiler (gcc): the native, tsan and c-vc columns cannot be built; "
              "install gcc (scripts/setup.sh)", file=sys.stderr)
        return SKIP_EXIT
    out_dir = os.path.abspath(args.out or os.path.join(build_dir, "bench-results"))
    os.makedirs(out_dir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="racelang-bench-")
    try:
        return run_all(args, racelang, cc, out_dir, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run_all(args, racelang, cc, out_dir, work):
    machine = machine_info()
    log("racelang benchmarks: %s, %s cores (nproc), %s, %s" % (
        machine["cpu"], machine["nproc"], machine["compiler"], machine["date"]))
    probe = os.path.join(work, "tsan_probe")
    with open(probe + ".c", "w") as f:
        f.write("int main(void) { return 0; }\n")
    have_tsan = run([cc, "-fsanitize=thread", probe + ".c", "-o", probe], 120).exit_code == 0
    if not have_tsan:
        log("NOTE: %s cannot build with -fsanitize=thread: the tsan column is n/a" % cc)
    have_jit, why = jit_status(racelang, work)
    if not have_jit:
        log("NOTE: the jit and jit-vc columns are n/a: " + why)

    files = sorted(os.path.join(PROGRAMS_DIR, f) for f in os.listdir(PROGRAMS_DIR)
                   if f.endswith(".rl"))
    if args.only:
        wanted = set(args.only.split(","))
        files = [f for f in files if os.path.splitext(os.path.basename(f))[0] in wanted]
    if args.size is not None:
        size_of = lambda default: args.size
    else:
        size_of = lambda default: max(1, int(round(default * args.scale)))
    programs = prepare(files, work, racelang, cc, size_of, have_tsan, have_jit, args.jobs,
                       args.breakdown)

    reference = None
    if args.smoke:
        # The interpreter is the reference semantics: at a tiny size it checks every output.
        reference = {}
        for p in programs:
            r = run([racelang, "run", "--seed=1", p.source_path], args.timeout)
            want = 66 if p.racy else 0
            if r.exit_code != want:
                problem("%s: the interpreter exited %s, expected %s: %s" % (
                    p.name, r.exit_code, want, r.err.strip()[:300]))
            if not p.racy:
                reference[p.name] = r.out

    log("")
    all_variants = VARIANTS + ([v for v, _ in ABLATIONS] if args.breakdown else [])
    rows = measure(programs, args.runs, warmup=not args.smoke, timeout=args.timeout,
                   reference=reference, all_variants=all_variants)
    summary = summarize(rows)
    log("")
    log("median wall seconds of %d run(s); ratios of medians; geometric means over the "
        "race-free programs" % args.runs)
    print_table(rows, summary)
    if not have_jit:
        log("jit, jit-vc: n/a (%s)" % why)
    if args.breakdown:
        log("")
        log("where c-vc's overhead over native goes (share removed by leaving a part out):")
        print_breakdown(rows)

    stats_rows = []
    if have_jit and "--stats" in run([racelang, "run", "--help"], 60).out:
        # The smoke test only keeps the parsing of --stats from rotting: one program will do.
        stats_rows = jit_stats(racelang, programs[:1] if args.smoke else programs, args.timeout)
        log("")
        log("the JIT's accounting (one run each with --stats; accesses are the program's own "
            "loads and stores, metadata the instrumentation's):")
        print_jit_stats(stats_rows)
        if any(r.get("jit") is None or r.get("jit-vc") is None for r in stats_rows):
            log("note: some --stats output was not understood (n/a above)")

    profile_rows = []
    if args.profile:
        profile_rows = profile_c_vc(programs, cc, args.timeout)
        if profile_rows:
            log("")
            log("where c-vc's time goes (perf samples, whole process, by what the code does):")
            print_profile(profile_rows)

    ops = instrumentation_ops(racelang, work, [2, 5] if args.smoke else [2, 5, 13])
    log("")
    log("VectorClock instrumentation per access (racelang operations, z = threads):")
    print_ops(ops)

    explore_rows = []
    if not args.skip_explore:
        log("")
        log("explorer (racelang explore --json, both strategies in one run: --strategy=states "
            "counts interleavings through its state cache, dpor explores one execution per "
            "Mazurkiewicz trace; MiB is the peak resident memory of that process; load "
            "average %s):" % " ".join("%.2f" % x for x in os.getloadavg()))
        explore_rows = explore_families(racelang, work, args.smoke, args.timeout)
        print_explore(explore_rows)

    machine["loadavg_at_end"] = list(os.getloadavg())
    log("")
    log("load average: %.2f at the start, %.2f at the end (1-minute; %s cores)" % (
        machine["loadavg_at_start"][0], machine["loadavg_at_end"][0], machine["nproc"]))
    write_csv(os.path.join(out_dir, "results.csv"), rows, summary)
    with open(os.path.join(out_dir, "results.json"), "w") as f:
        json.dump({"machine": machine, "runs": args.runs, "smoke": args.smoke,
                   "jit": {"available": have_jit, "why_not": why},
                   "tsan": {"available": have_tsan},
                   "programs": rows, "geomean": summary, "instrumentation_ops": ops,
                   "jit_stats": stats_rows, "profile": profile_rows,
                   "explore": explore_rows, "problems": problems}, f, indent=2)
    with open(os.path.join(out_dir, "explore.json"), "w") as f:
        json.dump(explore_rows, f, indent=2)
    with open(os.path.join(out_dir, "explore.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["family", "n", "interleavings", "expected", "states", "states_seconds",
                    "states_peak_mib", "traces", "expected_traces", "dpor_seconds",
                    "traces_per_second", "dpor_cpu_seconds", "dpor_peak_mib"])
        for r in explore_rows:
            st, dp = r["states"], r["dpor"]
            w.writerow([r["family"], r["n"], st["executions"], r["expected"], st["states"],
                        "%.6f" % st["seconds"], "%.1f" % st["peak_mib"], dp["traces"],
                        r["expected_traces"], "%.6f" % dp["seconds"],
                        "%.1f" % (dp["traces"] / dp["seconds"]), "%.6f" % dp["cpu_seconds"],
                        "%.1f" % dp["peak_mib"]])
    with open(os.path.join(out_dir, "instrumentation_ops.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(ops[0].keys()))
        w.writeheader()
        w.writerows(ops)
    write_svg(os.path.join(out_dir, "slowdowns.svg"), rows, summary, machine)
    log("")
    log("wrote %s/{results.csv,results.json,slowdowns.svg,explore.csv,explore.json,"
        "instrumentation_ops.csv}" % out_dir)
    if problems:
        log("")
        log("%d PROBLEM(S):" % len(problems))
        for p in problems:
            log("  " + p)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
