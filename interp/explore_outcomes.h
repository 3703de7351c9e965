// The bookkeeping every exploration strategy shares: what an execution ended in (final state,
// race, assertion failure, runtime error, deadlock, step limit), each kept once by what makes it
// distinct, with a witness schedule that showed it (the first found, or with least_witness the
// least of all found: see docs/explore.md, "The witness rule"), and moved into an ExploreResult
// in the documented order at the end. The strategies (explore.cpp's state-caching search,
// explore_dpor.cpp's optimal DPOR) differ only in which executions they run; keeping what they
// report in one place is what makes "every strategy reports the same outcomes" checkable.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "interp/explore.h"
#include "interp/race_observer.h"

namespace racelang {

// Feeds one scheduling step's events to an observer as already judged (races forced past),
// to rebuild the observer of a path after backtracking.
void replay_events(RaceObserver& observer, const std::vector<LabelledStep>& events);

// Sets result.limit (and returns true) once the search has reached --max-states,
// --max-executions or --timeout (the clock is read at each look: a search node costs far more);
// every strategy stops there with partial results.
bool explore_limit_reached(ExploreResult& result, const ExploreOptions& options);
// The limit that `states` and `executions` (or the clock) have reached, or "" if none: the
// same test on counts alone (a split search adds up its parts' counts before every step).
const char* explore_limit(uint64_t states, uint64_t executions, const ExploreOptions& options);

// The witness of the current path: the thread ids chosen into each frame of a search stack
// (`chosen`, -1 at the root), then `last` if it is a thread id.
template <typename Frames> Schedule path_schedule(const Frames& stack, int64_t last) {
  Schedule out;
  for (const auto& f : stack)
    if (f.chosen >= 0) out.push_back(f.chosen);
  if (last >= 0) out.push_back(last);
  return out;
}

// Reports progress (ExploreOptions::progress) every 4096 search nodes.
class ProgressTicker {
public:
  void tick(const ExploreOptions& options, const ExploreResult& result) {
    if (!options.progress || result.states - last_ < 4096) return;
    last_ = result.states;
    options.progress(result.states, result.executions_run);
  }

private:
  uint64_t last_ = 0;
};

class OutcomeCollector {
public:
  // Witnesses are built only for outcomes not seen before, unless least_witness is set.
  using WitnessFn = std::function<Schedule()>;

  // least_witness: keep, for each outcome, the least witness (lexicographically, as a
  // schedule of thread ids) of all those it is shown with, so that what is kept does not
  // depend on the order the outcomes are found in (split DPOR merges parts in any order).
  explicit OutcomeCollector(const Code& code, bool least_witness = false)
      : code_(code), least_(least_witness) {}

  // Whether the race has been recorded already (by RaceKey).
  bool has_race(const RaceReport& report) const;
  // The witness kept for the race with this key, or null.
  const Schedule* race_witness(const RaceKey& key) const;
  void race(const RaceReport& report, bool first_on_witness, const WitnessFn& witness);
  // The same with the witness built already: copied only if it is kept.
  void race(const RaceReport& report, bool first_on_witness, const Schedule& witness);
  // An assertion failure, runtime error or failed instrumentation check (a race: recorded as
  // one, first on its witness when `races_before` is 0).
  void failure(const Failure& failure, uint32_t races_before, const WitnessFn& witness);
  // A step-limit end: the first running thread stuck in local code is the one named.
  void step_limit(const Machine& machine, uint64_t steps_before, const WitnessFn& witness);
  void deadlock(std::vector<BlockedThread> blocked, const WitnessFn& witness);
  // A finished execution's final state; its locals only with `with_locals`
  // (ExploreOptions::final_locals).
  void final_state(const MachineState& state, bool with_locals = true);

  // Adds everything `other` collected, keeping the least witnesses (least_witness).
  void merge(OutcomeCollector&& other);

  // Moves everything into `result` (sorted as ExploreResult documents).
  void finish(ExploreResult& result);

private:
  struct FailureKey {
    SourceLoc at;
    int64_t thread;
    std::string message;
    auto tie() const { return std::tie(at.line, at.col, thread, message); }
    bool operator<(const FailureKey& o) const { return tie() < o.tie(); }
  };
  using DeadlockKey = std::vector<std::tuple<int64_t, int, uint32_t, uint32_t, int64_t, int64_t>>;

  // Keeps make() under `key` if the key is new, or (least_witness) if `witness` (make()'s) is
  // less than the kept item's; builds the item only then.
  template <typename Map, typename Make>
  void keep_if_less(Map& map, typename Map::key_type key, const Schedule& witness,
                    const Make& make);
  // Keeps `item` under `key` if the key is new, or (least_witness) if its witness is less.
  template <typename Map, typename Item>
  void keep(Map& map, typename Map::key_type key, Item&& item);
  template <typename Map, typename Make>
  void keep_made(Map& map, const typename Map::key_type& key, const WitnessFn& witness,
                 const Make& make);

  const Code& code_;
  bool least_ = false;
  std::set<FinalState> finals_;
  std::map<RaceKey, ExploreRace> races_;
  std::map<FailureKey, ExploreFailure> assertions_, errors_;
  std::map<DeadlockKey, ExploreDeadlock> deadlocks_;
  std::map<std::tuple<int64_t, uint32_t, uint32_t>, ExploreStepLimit> limits_;
};

} // namespace racelang
