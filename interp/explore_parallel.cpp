// The split DPOR search on worker threads (see explore_parallel.h). Each worker owns its
// machine, detector and search stack; what the workers share is the read-only program and
// options, the counter handing out parts, the limits' counts of the parts that have ended in
// order, and one result slot per part.
#include "interp/explore_parallel.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <optional>
#include <thread>

#include "interp/explore_dpor.h"

namespace racelang {
namespace {

void add_counts(ExploreCounts& into, const ExploreCounts& part) {
  for (uint64_t ExploreCounts::*field :
       {&ExploreCounts::total, &ExploreCounts::racy, &ExploreCounts::finished,
        &ExploreCounts::failed, &ExploreCounts::deadlocked, &ExploreCounts::discarded,
        &ExploreCounts::step_limit, &ExploreCounts::bounded})
    into.*field += part.*field;
}

} // namespace

ExploreResult explore_dpor_parallel(const Code& code, const ExploreOptions& given) {
  ExploreOptions options = given;
  // Parts list their executions into their own results; they are passed on in the parts'
  // order below, so that the list does not depend on the workers either.
  options.progress = nullptr;
  ExploreResult result;
  result.cached = false;
  // Read by every worker, written by none.
  const std::unique_ptr<IndependenceOracle> oracle = split_oracle(code, options);
  std::vector<std::vector<uint32_t>> prefixes =
      split_dpor_search(code, options, oracle.get(), result.states, result.forced_nodes);
  result.parts = prefixes.size();

  // The limits (--max-states, --max-executions) are counted over the parts in their order, as
  // one worker counts them: part i starts with what parts 0..i-1 used. A worker cannot wait for
  // that, so it starts part i from what the parts before it that have ended in order have used
  // (a lower bound), and the merge below keeps its result only if the true start could not
  // have stopped it earlier; otherwise the part runs again from its true start. A part's run
  // depends only on its start, so the results are those of one worker, whatever the timing
  // (a shared running count made them depend on it).
  struct Slot {
    std::optional<DporPart> part;
    uint64_t start_states = 0, start_executions = 0;
  };
  std::vector<Slot> slots(prefixes.size());
  std::vector<bool> done(prefixes.size(), false); // under the mutex
  std::mutex mutex;
  size_t ended_in_order = 0; // parts 0..ended_in_order-1 have ended, with exact results
  uint64_t used_states = 0, used_executions = 0; // by those parts
  std::atomic<uint64_t> progress_states{0}, progress_executions{0};
  auto exact = [&](const Slot& slot, uint64_t states, uint64_t executions) {
    if (options.split_fault == SplitFault::PartsStartTheLimitsAtZero) return true;
    if (slot.start_states == states && slot.start_executions == executions) return true;
    // Started lower: the true start changes nothing if even the part's final counts added to
    // it stay under both limits (the limits are checked against start + the part's counts).
    const ExploreResult& r = slot.part->result;
    return r.limit.empty() && states + r.states < options.max_states &&
           executions + r.executions_run < options.max_executions;
  };
  // Parts are merged into the result as soon as they and every part before them have ended
  // with exact results (in the parts' order, under the mutex), which frees their outcomes: each
  // part's final states (a few hundred each on stack(5), whose 121 parts share them) stayed in
  // memory until the last part ended, so that peak memory grew with the parts done.
  OutcomeCollector outcomes(code, options.split_fault != SplitFault::FirstFoundWitness);
  uint64_t traces = 0;
  uint64_t split_states = result.states; // read by the progress report while workers merge
  auto merge_part = [&](Slot& slot) {
    DporPart& part = *slot.part;
    const ExploreResult& r = part.result;
    add_counts(result.counts, r.counts);
    result.states += r.states;
    result.executions_run += r.executions_run;
    result.redundant += r.redundant;
    result.source_parts += r.source_parts;
    result.source_parts_blocked += r.source_parts_blocked;
    result.infeasible += r.infeasible;
    traces += r.traces.value_or(0);
    if (result.limit.empty()) result.limit = r.limit;
    outcomes.merge(std::move(part.outcomes));
  };
  std::atomic<size_t> next{0};
  std::atomic<size_t> running{0};
  auto work = [&] {
    for (size_t i; (i = next++) < prefixes.size();) {
      // Only this worker writes slot i until `done[i]`, which the mutex publishes.
      Slot& slot = slots[i];
      {
        std::lock_guard<std::mutex> lock(mutex);
        if (options.split_fault != SplitFault::PartsStartTheLimitsAtZero) {
          slot.start_states = used_states;
          slot.start_executions = used_executions;
        }
      }
      SplitBudget budget;
      budget.states = slot.start_states;
      budget.executions = slot.start_executions;
      slot.part.emplace(explore_dpor_part(code, options, oracle.get(), prefixes[i], budget));
      progress_states += slot.part->result.states;
      progress_executions += slot.part->result.executions_run;
      std::lock_guard<std::mutex> lock(mutex);
      done[i] = true;
      while (ended_in_order < slots.size() && done[ended_in_order] &&
             exact(slots[ended_in_order], used_states, used_executions)) {
        used_states += slots[ended_in_order].part->result.states;
        used_executions += slots[ended_in_order].part->result.executions_run;
        merge_part(slots[ended_in_order]);
        ++ended_in_order;
      }
    }
    --running;
  };
  size_t workers = std::min<size_t>(std::max<uint32_t>(options.jobs, 1), prefixes.size());
  running = workers;
  std::vector<std::thread> threads;
  for (size_t w = 0; w < workers; ++w) threads.emplace_back(work);
  // The calling thread reports progress while the workers run.
  while (given.progress && running > 0) {
    given.progress(split_states + progress_states, progress_executions);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  for (std::thread& t : threads) t.join();

  // Every part from its true start: a part whose run may have gone further than one worker's
  // would have runs again, on this thread, from the counts of the parts before it. Parts
  // 0..ended_in_order-1 are exact and merged already.
  uint64_t states = used_states, executions = used_executions;
  for (size_t i = ended_in_order; i < slots.size(); ++i) {
    if (!exact(slots[i], states, executions)) {
      slots[i].start_states = states;
      slots[i].start_executions = executions;
      SplitBudget budget;
      budget.states = states;
      budget.executions = executions;
      slots[i].part.emplace(explore_dpor_part(code, options, oracle.get(), prefixes[i], budget));
    }
    states += slots[i].part->result.states;
    executions += slots[i].part->result.executions_run;
    merge_part(slots[i]);
  }
  if (given.on_execution)
    for (Slot& slot : slots)
      for (const Schedule& s : slot.part->listed) given.on_execution(s);
  result.traces = traces;
  outcomes.finish(result);
  return result;
}

} // namespace racelang
