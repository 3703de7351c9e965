// The test-only brute-force oracle of race prediction: every correct reordering of a small
// trace, explored as a search over the states they reach (how far each thread has got, who holds
// each lock, which write each location last saw). A correct reordering (docs/prediction.md):
// each thread's events are a prefix of its events in the trace, a thread acts only after its
// fork, a join only after the joined thread's last event, a lock is acquired only when free, and
// every read reads from the same write as in the trace (or the initial value if it did). A pair
// of conflicting accesses is a predictable race when some correct reordering has both as its
// threads' next events; a predictable deadlock is a reachable state where threads wait for locks
// in a cycle. With `sync_preserving`, the reorderings also keep the acquires of each lock in
// their trace order (POPL'21's sync-preserving reorderings).
// maximal_model_races enumerates the maximal causal model's reorderings instead (below).
#pragma once

#include <cstdint>
#include <set>
#include <utility>

#include "predict/trace.h"

namespace racelang::testing {

struct OracleResult {
  std::set<std::pair<uint32_t, uint32_t>> races; // (first, second), 0-based, first < second
  bool deadlock = false;
  bool complete = true; // false if the search hit its state limit
};

OracleResult predictable_races(const predict::Trace& trace, bool sync_preserving = false,
                               size_t max_states = 2'000'000);

// The maximal causal model with control-flow abstraction (PLDI'14) on a trace with values: the
// same search, but a read may read from any write (or the initial value 0); a read is *good*
// when the write it reads wrote its observed value and the read sees that value, where a write
// writes its observed value when every read before it in its thread was good (racelang records
// no data dependencies of written values, so all of them count); a branch event can be passed
// only if every read it depends on was good. A pair races when both are enabled in a reachable
// state. This is the model the maximal analysis encodes for Z3, decided by enumeration.
OracleResult maximal_model_races(const predict::Trace& trace, size_t max_states = 2'000'000);

} // namespace racelang::testing
