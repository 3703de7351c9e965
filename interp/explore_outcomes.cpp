// Outcome bookkeeping shared by the exploration strategies (see explore_outcomes.h).
#include "interp/explore_outcomes.h"

#include <chrono>

#include "interp/run.h"

namespace racelang {

void replay_events(RaceObserver& observer, const std::vector<LabelledStep>& events) {
  for (const LabelledStep& event : events) {
    if (event.label.kind == LabelKind::Exit)
      observer.exit(event.label.thread);
    else
      observer.force(event);
  }
}

bool explore_limit_reached(ExploreResult& result, const ExploreOptions& options) {
  if (!result.limit.empty()) return true;
  const char* limit = explore_limit(result.states, result.executions_run, options);
  if (*limit == '\0') return false;
  result.limit = limit;
  return true;
}

const char* explore_limit(uint64_t states, uint64_t executions, const ExploreOptions& options) {
  if (states >= options.max_states) return "max-states";
  if (executions >= options.max_executions) return "max-executions";
  if (options.timeout_ms != 0 && std::chrono::steady_clock::now() >= options.deadline)
    return "timeout";
  return "";
}

bool OutcomeCollector::has_race(const RaceReport& report) const {
  return races_.count(race_key(report)) != 0;
}

const Schedule* OutcomeCollector::race_witness(const RaceKey& key) const {
  auto it = races_.find(key);
  return it == races_.end() ? nullptr : &it->second.witness;
}

template <typename Map, typename Make>
void OutcomeCollector::keep_if_less(Map& map, typename Map::key_type key, const Schedule& witness,
                                    const Make& make) {
  auto it = map.find(key);
  if (it == map.end())
    map.emplace(std::move(key), make());
  else if (least_ && witness < it->second.witness)
    it->second = make();
}

template <typename Map, typename Item>
void OutcomeCollector::keep(Map& map, typename Map::key_type key, Item&& item) {
  // (the witness is compared before make() moves the item)
  keep_if_less(map, std::move(key), item.witness, [&] { return std::forward<Item>(item); });
}

// Builds the item (and its witness) only when it may be kept: first-found mode builds each
// outcome's witness once.
template <typename Map, typename Make>
void OutcomeCollector::keep_made(Map& map, const typename Map::key_type& key,
                                 const WitnessFn& witness, const Make& make) {
  if (!least_ && map.count(key)) return;
  keep(map, key, make(witness()));
}

void OutcomeCollector::race(const RaceReport& report, bool first_on_witness,
                            const WitnessFn& witness) {
  keep_made(races_, race_key(report), witness, [&](Schedule w) {
    return ExploreRace{report, std::move(w), first_on_witness};
  });
}

void OutcomeCollector::race(const RaceReport& report, bool first_on_witness,
                            const Schedule& witness) {
  keep_if_less(races_, race_key(report), witness, [&] {
    return ExploreRace{report, witness, first_on_witness};
  });
}

void OutcomeCollector::failure(const Failure& f, uint32_t races_before, const WitnessFn& witness) {
  if (f.kind == FailureKind::RaceCheck) {
    race(race_from_check(code_, f), races_before == 0, witness);
    return;
  }
  auto& table = f.kind == FailureKind::AssertionFailure ? assertions_ : errors_;
  keep_made(table, FailureKey{f.range.begin, f.thread, f.message}, witness, [&](Schedule w) {
    return ExploreFailure{f, std::move(w)};
  });
}

void OutcomeCollector::step_limit(const Machine& machine, uint64_t steps_before,
                                  const WitnessFn& witness) {
  for (uint32_t k = 0; k < machine.thread_count(); ++k) {
    if (machine.status(k) != ThreadStatus::Running || machine.at_visible(k)) continue;
    SourceLoc at = machine.next_instr(k).range.begin;
    keep_made(limits_, std::make_tuple(machine.thread_id(k), at.line, at.col), witness,
              [&](Schedule w) {
                return ExploreStepLimit{machine.thread_id(k), machine.next_instr(k).range,
                                        std::move(w), steps_before};
              });
    return;
  }
}

void OutcomeCollector::deadlock(std::vector<BlockedThread> blocked, const WitnessFn& witness) {
  DeadlockKey key;
  for (const BlockedThread& b : blocked)
    key.emplace_back(b.thread, static_cast<int>(b.blocker.kind), b.blocker.range.begin.line,
                     b.blocker.range.begin.col, b.blocker.holder, b.blocker.waited);
  keep_made(deadlocks_, key, witness, [&](Schedule w) {
    return ExploreDeadlock{blocked, std::move(w)};
  });
}

void OutcomeCollector::final_state(const MachineState& state, bool with_locals) {
  finals_.insert(FinalState{state.memory, with_locals ? state.locals : std::vector<int64_t>{}});
}

void OutcomeCollector::merge(OutcomeCollector&& other) {
  finals_.merge(other.finals_);
  auto all = [this](auto& into, auto& from) {
    for (auto& [key, item] : from) keep(into, key, std::move(item));
  };
  all(races_, other.races_);
  all(assertions_, other.assertions_);
  all(errors_, other.errors_);
  all(deadlocks_, other.deadlocks_);
  all(limits_, other.limits_);
  // `other` is consumed: what it still holds (the final states this one had already, the
  // items whose witnesses lost) goes now, not when `other` is destroyed, so that a search
  // that merges parts as they end holds one part's outcomes at a time.
  other.finals_.clear();
  other.races_.clear();
  other.assertions_.clear();
  other.errors_.clear();
  other.deadlocks_.clear();
  other.limits_.clear();
}

void OutcomeCollector::finish(ExploreResult& result) {
  result.final_states.assign(finals_.begin(), finals_.end());
  for (auto& [key, race] : races_) result.races.push_back(std::move(race));
  for (auto& [key, f] : assertions_) result.assertion_failures.push_back(std::move(f));
  for (auto& [key, f] : errors_) result.runtime_errors.push_back(std::move(f));
  for (auto& [key, d] : deadlocks_) result.deadlocks.push_back(std::move(d));
  for (auto& [key, l] : limits_) result.step_limits.push_back(std::move(l));
}

} // namespace racelang
