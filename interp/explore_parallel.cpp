// The split DPOR search on worker threads (see explore_parallel.h). Each worker owns its
// machine, detector and search stack; what the workers share is the read-only program and
// options, the counter handing out parts, the limits' counts (SplitBudget) and one result slot
// per part that only the worker running the part writes.
#include "interp/explore_parallel.h"

#include <algorithm>
#include <atomic>
#include <chrono>
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
  std::vector<std::vector<uint32_t>> prefixes = split_dpor_search(code, options, result.states);
  result.parts = prefixes.size();

  SplitBudget budget;
  std::vector<std::optional<DporPart>> parts(prefixes.size());
  std::atomic<size_t> next{0};
  std::atomic<size_t> running{0};
  auto work = [&] {
    for (size_t i; (i = next++) < prefixes.size();)
      parts[i].emplace(explore_dpor_part(code, options, prefixes[i], budget));
    --running;
  };
  size_t workers = std::min<size_t>(std::max<uint32_t>(options.jobs, 1), prefixes.size());
  running = workers;
  std::vector<std::thread> threads;
  for (size_t w = 0; w < workers; ++w) threads.emplace_back(work);
  // The calling thread reports progress while the workers run.
  while (given.progress && running > 0) {
    given.progress(result.states + budget.states, budget.executions);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  for (std::thread& t : threads) t.join();

  OutcomeCollector outcomes(code, options.split_fault != SplitFault::FirstFoundWitness);
  uint64_t traces = 0;
  for (std::optional<DporPart>& part : parts) {
    const ExploreResult& r = part->result;
    add_counts(result.counts, r.counts);
    result.states += r.states;
    result.executions_run += r.executions_run;
    result.redundant += r.redundant;
    result.source_parts += r.source_parts;
    result.source_parts_blocked += r.source_parts_blocked;
    result.infeasible += r.infeasible;
    traces += r.traces.value_or(0);
    if (result.limit.empty()) result.limit = r.limit;
    outcomes.merge(std::move(part->outcomes));
    if (given.on_execution)
      for (const Schedule& s : part->listed) given.on_execution(s);
  }
  result.traces = traces;
  outcomes.finish(result);
  return result;
}

} // namespace racelang
