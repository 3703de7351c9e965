// Predictive race detection over one trace (trace.h): races that the observed schedule did not
// show but that some correct reordering of the same events would, each (but WCP's) with a
// witness, the reordering that ends with the two accesses adjacent. The analyses, with the
// guarantee each paper proves and the tests check against a brute-force oracle:
//
//   shb    schedulable happens-before (OOPSLA'18): every pair it reports is a predictable race.
//   syncp  sync-preserving races (POPL'21): exactly the pairs some correct reordering that keeps
//          every lock's critical sections in their observed order exposes.
//   wcp    weak causally-precedes (PLDI'17): its first report is a predictable race or deadlock;
//          later ones carry no guarantee (a report gets a witness only if it is sync-preserving).
//   m2     M2 (POPL'20): every report is a predictable race; on two-thread traces, and on any
//          trace its dynamic completeness check passes, it reports all of them.
//   maximal the maximal causal model with control-flow abstraction (PLDI'14), over Z3: every
//          report is feasible in the model (reads no branch depends on may read other values);
//          on a trace without values it reports exactly the predictable races. Windowed, with a
//          time limit per query; a timeout is unknown, never a race.
//
// docs/prediction.md defines correct reorderings, the witnesses and the trace formats.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "predict/trace.h"

namespace racelang::predict {

enum class Analysis : uint8_t { Shb, SyncP, Wcp, M2, Maximal };

const char* analysis_name(Analysis a); // "shb", "syncp", "wcp", "m2", "maximal"
std::optional<Analysis> parse_analysis(const std::string& name);

struct PredictOptions {
  // Negative controls for the tests only, each a deliberately broken analysis the tests must
  // catch: SHB without its reads-from edge (plain happens-before after the first race), and a
  // SyncP closure without its lock rule (it may reorder critical sections of one lock).
  bool shb_without_reads_from = false;
  bool syncp_reorders_critical_sections = false;
  // SyncP that joins the two events' closures without closing the join under the lock rule
  // again (it forgets the per-lock queues of critical sections at the pair).
  bool syncp_without_pair_lock_closure = false;
  // SyncP whose per-location lockset (a lock every access of the location held) is taken to hold
  // from the location's first access, not from the access where it began: it then skips
  // accesses before that, which did not hold the lock (Eraser without its reset).
  bool syncp_lockset_unbounded = false;
  // M2 without its lock-closure rule.
  bool m2_without_lock_closure = false;
  // M2 decides a pair that needs its full procedure on a slice of the trace first
  // (trace_slice.h): from the latest point where no lock is held at least this many events
  // before the first access, to the first such point after the second; then on slices reaching
  // 8 times as far back, then on the whole trace. 0: on the whole trace only.
  uint32_t m2_slice = 256;
  // M2 cutting its slices anywhere, inside critical sections too (a negative control: the
  // witness is then not always a correct reordering).
  bool m2_slice_anywhere = false;
  // The maximal encoding without its read-value constraints.
  bool maximal_without_read_values = false;
  // The maximal analysis's relevant events without the writes reads need (it leaves out of the
  // query writes a branch's read must read from).
  bool maximal_relevant_without_writes = false;
  // The maximal analysis with every pair asked of the solver: none decided by the sync-preserving
  // closure or M2 first. The tests check the encoding itself this way (and the controls above
  // break the encoding, so they run this way too).
  bool maximal_solver_only = false;
  uint32_t maximal_window = 10'000;     // events up to the second access that may move
  uint32_t maximal_timeout_ms = 10'000; // per pair; a timeout is unknown
  // SyncP, M2 and the maximal analysis check pairs one by one: past this many candidate pairs
  // they stop. SHB and WCP stop once they have reported this many pairs (a long racy trace can
  // have quadratically many). Either way the result says so (truncated).
  uint64_t max_pairs = 2'000'000;
  // SyncP, M2 and maximal also stop at this time (`predict --timeout`), like at max_pairs.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  // Build and check a witness for every race (benchmarks time the analyses alone without).
  bool witnesses = true;
};

struct PredictedRace {
  uint32_t first = 0, second = 0; // 0-based event indices, first < second, conflicting
  Analysis analysis = Analysis::Shb;
  // Event indices of the correct reordering (branch events included) that ends with first and
  // second adjacent, checked by check_witness; empty when none could be built (a WCP report
  // that is not a sync-preserving race), which callers report as unconfirmed.
  std::vector<uint32_t> witness;
};

struct PredictResult {
  std::vector<PredictedRace> races; // ordered by (second, first)
  bool truncated = false;           // max_pairs was reached, or the deadline (timed_out)
  bool timed_out = false;
  // M2's dynamic completeness check: every pair it rejected was rejected with orderings every
  // witness must have, so its reports are all the predictable races of the trace.
  bool complete = false;
  double seconds = 0;   // the analysis alone (CPU), without building witnesses (for benchmarks)
  uint64_t unknown = 0; // maximal: pairs whose query timed out
  uint64_t decided_on_slices = 0; // M2: races its full procedure found on a slice of the trace
};

// The CPU time of the calling thread, in seconds: what PredictResult::seconds and `predict
// --stats` measure. On a machine shared with other work, wall-clock time mostly measures the
// others; CPU time of the thread itself does not (cache contention still shows).
double thread_cpu_seconds();

PredictResult predict_races(const Trace& trace, Analysis analysis,
                            const PredictOptions& options = {});

// For the pairwise analyses' loops: whether `pairs` more pairs may be checked (max_pairs, and
// the deadline, read on every 256th pair); sets `out`'s truncated and timed_out when not.
bool may_check_pair(const PredictOptions& options, uint64_t pairs, PredictResult& out);

// The correct reordering that the sync-preserving closure of the two events' predecessors gives
// (the events of the closure in trace order, then first, then second), or nothing if the closure
// contains either event (then the pair is not a sync-preserving race). `keep_lock_order` false
// is the negative control above.
std::optional<std::vector<uint32_t>> sync_preserving_witness(const Trace& trace, uint32_t first,
                                                             uint32_t second,
                                                             bool keep_lock_order = true);

// Checks that `order` (event indices) is a correct reordering of `trace` that ends with two
// conflicting accesses (docs/prediction.md): each thread's events a prefix of its events in the
// trace, locks held by one thread at a time and released by their holder, a thread's events
// after its fork and a join after the joined thread's last event, and every read but the last two
// events reading from the same write (or the initial value) as in the trace. Returns what is
// wrong, or nothing. The product checks every witness with it before reporting a race.
// With `by_value` (the maximal model's witnesses, on a trace with values), a read need not read
// from the same write; instead every read a branch event in the witness depends on must read its
// observed value from a write that wrote its observed value (every read before that write in its
// thread did too).
std::optional<std::string> check_witness(const Trace& trace, const std::vector<uint32_t>& order,
                                         bool by_value = false);

// How many of `races` happens-before orders (the first before the second): races an HB detector
// on the same trace cannot report. For benchmarks (`predict --stats`).
size_t beyond_happens_before(const Trace& trace, const std::vector<PredictedRace>& races);

// The schedule a witness is: the thread of each of its events but branches.
std::vector<int64_t> witness_schedule(const Trace& trace, const std::vector<uint32_t>& order);

} // namespace racelang::predict
