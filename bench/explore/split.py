#!/usr/bin/env python3
"""How evenly N workers would share DPOR's search on the classic families: a simulation on
this machine, for docs/distributed-explore.md. Nothing here is parallel.

For each family it runs `racelang explore --list-executions` (one line per execution DPOR
explores, its schedule), builds the search tree those executions form (a node per scheduling
step of a distinct prefix; the nodes are the work: each is one step the explorer runs), and
simulates two ways of giving the tree to N workers:

- static: cut the tree at the shallowest depth with at least 4 N subtrees and deal the
  subtrees round-robin in depth-first order (sizes are not known in advance); the steps above
  the cut are run once, before. Makespan = steps above + the largest worker's share.
- stealing: every worker explores depth first from a deque of pending subtrees; an idle worker
  takes the shallowest pending subtree of the worker with the most pending work, which costs
  it one step's time (the message). Makespan in steps, by a step-by-step simulation.

Printed: executions, tree nodes, and for each N the speed-up (nodes / makespan) of both, with
the number of steals. The tree is the final one: optimal DPOR grows it as it goes (a race
found in one subtree adds a branch to a wakeup tree higher up, docs/explore.md), which the
simulation treats as known in advance; docs/distributed-explore.md says what that costs.

    bench/explore/split.py                       # default families and sizes
    bench/explore/split.py --workers 2,4,8,16,64
"""
import argparse
import collections
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import families  # noqa: E402

CASES = [("filesystem", 18), ("indexer", 13), ("stack", 4), ("queue", 4), ("sigma", 5),
         ("fib_bench", 4), ("peterson", 3), ("dekker", 2), ("mpat", 8), ("philosophers", 6)]


def build_tree(lines):
    """children[node] lists child node ids in first-explored order; node 0 is the root."""
    children = [[]]
    index = [{}]
    for line in lines:
        node = 0
        for choice in line.strip().split(","):
            if not choice:
                continue
            child = index[node].get(choice)
            if child is None:
                child = len(children)
                children.append([])
                index.append({})
                index[node][choice] = child
                children[node].append(child)
            node = child
    return children


def subtree_sizes(children):
    size = [1] * len(children)
    for node in range(len(children) - 1, -1, -1):  # children have larger ids than parents
        for c in children[node]:
            size[node] += size[c]
    return size


def static_split(children, size, workers):
    level, above = [0], 0
    while len(level) < 4 * workers:
        nxt = [c for n in level for c in children[n]]
        if not nxt:
            break
        above += sum(1 for n in level if n != 0)
        level = nxt
    load = [0] * workers
    for i, n in enumerate(level):
        load[i % workers] += size[n]
    return above + max(load)


def stealing(children, workers):
    deques = [collections.deque() for _ in range(workers)]
    deques[0].append(0)
    busy_until = [0] * workers  # a steal costs its thief one step
    remaining = len(children)
    tick, steals = 0, 0
    while remaining:
        tick += 1
        for w in range(workers):
            if busy_until[w] >= tick:
                continue
            if deques[w]:
                node = deques[w].pop()  # own work: the deepest
                remaining -= 1
                deques[w].extend(reversed(children[node]))
                continue
            victim = max(range(workers), key=lambda v: len(deques[v]))
            # A victim keeps its last pending subtree (it is about to run it): stealing that
            # one would let two idle workers pass one subtree back and forth.
            if len(deques[victim]) >= 2:
                deques[w].append(deques[victim].popleft())  # the shallowest pending subtree
                steals += 1
                busy_until[w] = tick
    return tick, steals


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--racelang", default=os.path.join(ROOT, "build", "racelang"))
    ap.add_argument("--workers", default="2,4,8,16,64")
    ap.add_argument("--timeout", type=int, default=300)
    args = ap.parse_args()
    ns = [int(w) for w in args.workers.split(",")]
    work = tempfile.mkdtemp(prefix="racelang-split-")
    head = "%-13s %3s %9s %9s" % ("family", "n", "execs", "nodes")
    for n in ns:
        head += "  %-20s" % ("N=%d static/steal" % n)
    print(head, flush=True)
    for name, size_n in CASES:
        path = os.path.join(work, "%s_%d.rl" % (name, size_n))
        with open(path, "w") as f:
            f.write(families.FAMILIES[name][0](size_n))
        listing = os.path.join(work, "%s_%d.txt" % (name, size_n))
        r = subprocess.run([args.racelang, "explore", "--json", "--list-executions=" + listing,
                            "--max-states=1000000000", "--max-executions=1000000000", path], capture_output=True, text=True, timeout=args.timeout)
        if not os.path.exists(listing):
            print("%-13s %3d  explore failed (exit %d): %s" % (name, size_n, r.returncode,
                                                               r.stderr.strip()[:200]))
            continue
        with open(listing) as f:
            lines = f.readlines()
        children = build_tree(lines)
        size = subtree_sizes(children)
        nodes = len(children) - 1
        row = "%-13s %3d %9d %9d" % (name, size_n, len(lines), nodes)
        for n in ns:
            static = static_split(children, size, n)
            steal_ticks, steals = stealing(children, n)
            row += "  %-20s" % ("%.1f/%.1f (%d)" % (nodes / static, nodes / steal_ticks, steals))
        print(row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
