// A RapidCheck generator of the small programs the instrumentation properties explore
// exhaustively: the paper's language (the CPP'17 paper's §4.1) with arrays and bounded loops.
// Main plus up to three spawned threads (spawns nest), each a few instructions among local
// assignment, load, store, balanced lock/unlock blocks on up to two locks, spawn and wait, over
// up to three scalar locations and the two elements of an array `s`, and loops
// `i := 0; while (i < 2) { ...; i := i + 1; }` whose body accesses `s[i]` (or a scalar), under a
// lock or not, so that index evaluation, the index guard and groups inside loops are checked
// too; and as often counted loops over a slice of `s`, `i := lo; while (i < hi) { <one or two
// accesses of s[i] or s[i + 1]>; i := i + 1; }`, a third of them inside a lock block, which
// range coalescing (elide/range_loops.h) takes. Indices stay in range: a program that fails at
// run time says nothing about races. Waits go to a thread's own children, to earlier siblings,
// or from main to any thread, so some threads are waited for twice (the multiple-join case of
// §3.4). Lock blocks hold only loads and stores (or one slice loop) and never nest, and waits
// never form a cycle, so the programs cannot deadlock. Programs are kept as source text and
// shown as such, so a counterexample reads as racelang.
#pragma once

#include <ostream>
#include <string>

#include <rapidcheck.h>

#include "frontend/ast.h"

namespace racelang::verify {

struct PaperProgramConfig {
  int max_spawned = 3;        // threads besides main
  int max_instructions = 4;   // simple instructions per thread (lock blocks count once)
  int locations = 3;          // at most; each program uses 1 to this many
  int locks = 2;              // at most; each program uses 1 to this many
  int max_block_accesses = 2; // loads/stores inside one lock block
  bool arrays = true;         // accesses of s[0], s[1] (and s[i] in loops)
  bool loops = true;          // bounded loops of two iterations (programs of <= 3 threads)
  // Fork/join phases: main may wait for a thread anywhere after its spawn, before later spawns
  // (off by default, so the other properties keep their distribution; the `disjoint`
  // elimination's properties turn it on). Threads then wait only for their own children, so
  // that no join of main can wait for a thread spawned after it.
  bool phases = false;
  // Striped blocks (needs `arrays`): accesses of s[k] under the lock of their cell, taken by a
  // computed index (`lock ls[k]`, `lock ls[k % 2]`, or `lock ls[min(k, j)]; lock ls[max(k, j)]`
  // for s[k] and s[j]), some with k changed between the lock and the access, some unlocked; s
  // is then accessed nowhere else (program_gen.cpp, striped_block), so that the `ordered`
  // elimination often finds it guarded by the lock of each cell, and sometimes wrongly would.
  bool striped = false;
  // The synchronisation of docs/language.md's "Volatiles, conditions, barriers" (off by default,
  // so the paper's programs keep their distribution; sync_program_config() turns it on).
  bool sync = false;
};

// Programs with the synchronisation beyond locks, sized for exhaustive exploration: main and
// up to two threads it spawns first and waits for last (so no join can block a barrier or a
// notifier), two instructions each (besides the patterns below). Besides the paper's instructions:
// message passing over a volatile `v` (`<access>; store 1 v;` published, then `a := load v; if (a
// == 1) { <access> }` or `a := load v; assume(a == 1); <access>` consumed: race-free only thanks to
// the volatile's edge), a try-lock `a := cas(w[k], 0, 1); if (a == 0) { <access>; store 0 w[k]; }`,
// a counter `a := fetch_add(w[k], 1);` with `if (a == 1) { <access> }` after it; and at most one
// blocking pattern: a barrier `barrier bar(N);` that exactly N threads await once or twice (two
// phases, so its metadata is reused), or a condition handoff (the waiters
// `lock q; a := load g; while (a == 0) { wait(c, q); a := load g; } unlock q;`, the notifier
// `lock q; store 1 g; unlock q;` and later `notify(c);`, `notify_all(c);` for two waiters),
// which cannot lose its wake-up. None of them can deadlock; a false assume discards the run.
PaperProgramConfig sync_program_config();

// A generated program, as racelang source.
struct PaperProgram {
  std::string source;
};

rc::Gen<PaperProgram> gen_paper_program(PaperProgramConfig config = {});

// Whether some thread is waited for by two threads (a static property of the text).
bool has_two_waiters(const Program& program);

void showValue(const PaperProgram& program, std::ostream& os);

} // namespace racelang::verify
