// Probabilistic concurrency testing (PCT; Burckhardt, Kothari, Musuvathi, Nagarakatte, "A
// Randomized Scheduler with Probabilistic Guarantees of Finding Bugs", ASPLOS'10): a scheduler
// for programs too big to explore. Every thread gets a random priority when it first appears;
// d - 1 priority-change points are drawn uniformly over the run's length k; at each scheduling
// point the runnable thread with the highest priority runs, and the thread that runs at the
// i-th change point drops to priority i, below every initial priority. A bug of depth d (d
// ordering constraints between steps) is then found by one run with probability at least
// 1 / (n k^(d-1)) for n threads. The run's length is measured by a round-robin run of the same
// program without a detector (pct_length), so a seed, the depth and the program fix the whole
// schedule and `racelang run --schedule=pct --depth=d --seed=S` replays it (docs/testing.md).
#pragma once

#include <cstdint>
#include <memory>

#include "interp/code.h"
#include "interp/run.h"
#include "interp/scheduler.h"

namespace racelang {

struct PctOptions {
  uint64_t seed = 0;
  uint32_t depth = 3;  // d >= 1: d - 1 priority-change points
  uint64_t length = 1; // k: the run's length in scheduling points (pct_length)
  // Tests only: a deliberately broken PCT whose change points change nothing (priorities stay
  // fixed, so it finds only depth-1 bugs); the probability test catches it.
  bool broken_no_priority_change = false;
};

std::unique_ptr<Scheduler> make_pct_scheduler(const PctOptions& options);

// k for PCT: the scheduling points of a round-robin run of `code` with the semantics and step
// budget of `options` and no detector (at least 1).
uint64_t pct_length(const Code& code, const InterpreterOptions& options);

} // namespace racelang
