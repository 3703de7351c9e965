// Internal to predict/: the sync-preserving closure (POPL'21, Optimal Prediction of
// Synchronization-Preserving Races): the smallest set of events that contains the given ones,
// each event's thread predecessors and its thread's fork, every joined thread's events, the write
// each read reads from, and, for two acquires of one lock in the set, the release of the earlier
// one. Sets closed this way are the downward-closed ones, kept as one count per thread. The
// object is reused across pairs: reset() costs what the last closure touched.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "predict/trace_index.h"

namespace racelang::predict {

class SpClosure {
public:
  // keep_reads_from false drops the reads-from rule too (the maximal model's reads may read
  // another write: only thread order and fork/join are forced there).
  SpClosure(const TraceIndex& index, bool keep_lock_order, bool keep_reads_from = true);
  void reset();
  // Adds the predecessors of event e in its thread, and its thread's fork, but not e.
  void add_before(uint32_t e);
  // Adds event e itself with its predecessors (the closure then holds e).
  void add_through(uint32_t e);
  bool contains(uint32_t e) const { return count_[index_.thread_of[e]] > index_.pos[e]; }
  // Dense thread -> how many of its events the closure holds (the closure as a vector time).
  const std::vector<uint32_t>& counts() const { return count_; }
  // The closure's events in trace order.
  std::vector<uint32_t> events() const;

private:
  void add_prefix(uint32_t thread, uint32_t n); // the first n events of a dense thread
  void run();

  const TraceIndex& index_;
  bool keep_lock_order_, keep_reads_from_;
  std::vector<uint32_t> count_;   // dense thread -> events included
  std::vector<uint32_t> want_;    // dense thread -> events requested
  std::vector<int64_t> last_acq_; // lock -> the latest acquire in the set, or -1
  std::vector<uint32_t> touched_; // threads and locks to reset
  std::vector<uint32_t> locks_touched_;
  std::vector<uint32_t> work_;
};

// Vector times of closures (SpClosure's counts), computed with one growing closure per thread,
// O(N·T) in all: for each access e, the closure of its predecessors (add_before(e)); for each
// release r, the closure through r (add_through(r)). Closures of thread order, fork/join and
// reads-from alone (keep_lock_order false) are unions of their parts, so joining two of these
// times gives the closure of both events' predecessors.
class ClosureTimes {
public:
  ClosureTimes(const TraceIndex& index, bool keep_lock_order, bool keep_reads_from = true);
  // The time of access or release e: threads() counts.
  const uint32_t* at(uint32_t e) const { return times_.data() + size_t{slot_[e]} * threads_; }

private:
  size_t threads_;
  std::vector<uint32_t> slot_;  // event -> its time in times_ (accesses and releases)
  std::vector<uint32_t> times_; // threads_ counts each
};

// check_witness (predict.h) on a trace whose tables are built already: the pairwise analyses
// check many witnesses of one trace.
std::optional<std::string> check_witness(const TraceIndex& index,
                                         const std::vector<uint32_t>& order, bool by_value = false);

} // namespace racelang::predict
