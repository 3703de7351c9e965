// Internal to predict/: the sync-preserving closure (POPL'21, Optimal Prediction of
// Synchronization-Preserving Races): the smallest set of events that contains the given ones,
// each event's thread predecessors and its thread's fork, every joined thread's events, the write
// each read reads from, and, for two acquires of one lock in the set, the release of the earlier
// one. Sets closed this way are the downward-closed ones, kept as one count per thread. The
// object is reused across pairs: reset() costs what the last closure touched.
#pragma once

#include <algorithm>
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

// The critical sections of a trace: an acquire and the release that closes it.
struct CriticalSection {
  static constexpr uint32_t kOpen = UINT32_MAX; // release and release_pos of an open section
  uint32_t acquire, release;                    // event indices
  uint32_t acquire_pos, release_pos;            // positions in their thread
  uint32_t thread, lock;
  // The acquire position of the thread's next section of the same lock (kOpen: none). A set
  // that holds that acquire holds this section's release too (it comes before, in the thread).
  uint32_t next_same_lock_pos;
};
// Grouped by thread, so that a pass over one thread's sections reads them in a row.
struct CriticalSections {
  CriticalSections() = default;
  explicit CriticalSections(const TraceIndex& index);
  std::vector<CriticalSection> all; // each thread's in program order, thread after thread
  std::vector<uint32_t> begin;      // dense thread u's are all[begin[u]] .. all[begin[u + 1] - 1]
  uint32_t of_thread(uint32_t u, uint32_t k) const { return begin[u] + k; } // u's k-th
  uint32_t count(uint32_t u) const { return begin[u + 1] - begin[u]; }
};

// Vector times of closures (SpClosure's counts), in one pass over the trace: for each access e,
// the closure of its predecessors (SpClosure's add_before(e)); for each release r, the closure
// through r (add_through(r)). Closures of thread order, fork/join and reads-from alone
// (keep_lock_order false) are unions of their parts, so joining two of these times gives the
// closure of both events' predecessors. A thread's consecutive events share one stored row
// while only its own count changes (a long stretch of local work stores none), so a time is
// read through count() and join_into(), not as an array.
class ClosureTimes {
public:
  // settle_by_any_later_section: a negative control for the tests only, a broken lock rule that
  // skips every section its thread has a later section of the same lock after, whether the
  // time holds that later one or not.
  ClosureTimes(const TraceIndex& index, bool keep_lock_order, bool keep_reads_from = true,
               bool settle_by_any_later_section = false);
  // How many of dense thread u's events the time of access or release e holds.
  uint32_t count(uint32_t e, uint32_t u) const {
    return u == thread_of_[e] ? own(e) : rows_[size_t{slot_[e]} * threads_ + u];
  }
  // The time of e as an array, exact in every count but e's own thread's (that is count(e, its
  // thread)): for comparisons with another thread's events, without count()'s test.
  const uint32_t* others(uint32_t e) const { return rows_.data() + size_t{slot_[e]} * threads_; }
  // Joins the time of e into v (threads() counts).
  void join_into(uint32_t e, std::vector<uint32_t>& v) const {
    const uint32_t* row = others(e);
    for (uint32_t u = 0; u < threads_; ++u) v[u] = std::max(v[u], row[u]);
    v[thread_of_[e]] = std::max(v[thread_of_[e]], own(e));
  }
  // The trace's critical sections (built only with keep_lock_order).
  const CriticalSections& sections() const { return sections_; }

private:
  // The count of e's own thread: its predecessors, and a release itself (no join adds a later
  // event of the thread, so this is exact, and no table of it is needed).
  uint32_t own(uint32_t e) const { return pos_[e] + (op_[e] == Op::Release); }

  size_t threads_;
  const std::vector<uint32_t>& thread_of_; // the index's
  const std::vector<uint32_t>& pos_;       // the index's
  const std::vector<Op>& op_;              // the index's
  std::vector<uint32_t> slot_;             // event -> its row in rows_ (accesses and releases)
  std::vector<uint32_t> rows_;             // threads_ counts each
  CriticalSections sections_;
};

// check_witness (predict.h) on a trace whose tables are built already: the pairwise analyses
// check many witnesses of one trace.
std::optional<std::string> check_witness(const TraceIndex& index,
                                         const std::vector<uint32_t>& order, bool by_value = false);

} // namespace racelang::predict
