// The program's exact set of racing pairs: conflicting accesses (same cell, different threads,
// at least one a write) that are enabled together in some reachable state, each thread's next
// instruction being the access. This is the ground truth that predictive analyses (predict/)
// are tested against, and what `racelang explore --co-enabled` prints. Unlike explore's
// keep-going races, which a detector reports along executions (and can report after an earlier
// race for a pair no schedule makes concurrent), it asks the semantics directly: every
// reachable scheduling state is visited once (states are compared whole), and in each the next
// access of every thread at a load or store is found by stepping a copy of the state. Races do
// not stop executions here; a failure or the step limit ends that branch.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <tuple>

#include "interp/code.h"
#include "outcome/outcome.h"

namespace racelang {

struct CoEnabledAccess {
  int64_t thread = 0;
  AccessKind kind = AccessKind::Read;
  SourceLoc at; // the statement's start
  auto tie() const { return std::tuple(at.line, at.col, thread, kind == AccessKind::Write); }
  friend bool operator<(const CoEnabledAccess& a, const CoEnabledAccess& b) {
    return a.tie() < b.tie();
  }
  friend bool operator==(const CoEnabledAccess& a, const CoEnabledAccess& b) {
    return a.tie() == b.tie();
  }
};

struct CoEnabledPair {
  uint32_t cell = 0;
  CoEnabledAccess first, second; // first < second
  friend bool operator<(const CoEnabledPair& a, const CoEnabledPair& b) {
    return std::tie(a.cell, a.first, a.second) < std::tie(b.cell, b.first, b.second);
  }
};

struct CoEnabledOptions {
  uint64_t max_states = 1'000'000;
  uint64_t max_steps = 100'000; // instructions one scheduling step may run
};

struct CoEnabledResult {
  std::set<CoEnabledPair> pairs;
  uint64_t states = 0;
  std::string limit; // "max-states" if the search stopped early (the set is then partial)
};

CoEnabledResult co_enabled_pairs(const Code& code, const CoEnabledOptions& options = {});

// The pair of two conflicting accesses in canonical order.
CoEnabledPair make_co_enabled_pair(uint32_t cell, CoEnabledAccess a, CoEnabledAccess b);

} // namespace racelang
