// The PCT scheduler (see pct.h). Priorities are kept as an order rather than numbers: the
// threads that still have their initial priority, highest first, and below all of them the
// demoted ones by the change point that demoted them (the i-th change point gives priority i,
// so a later change point ranks above an earlier one, as in the paper's Algorithm 1).
#include "interp/pct.h"

#include <algorithm>
#include <map>
#include <vector>

namespace racelang {
namespace {

class PctScheduler : public Scheduler {
public:
  explicit PctScheduler(const PctOptions& options) : options_(options), random_(options.seed) {
    // The change points k_1 .. k_{d-1}, uniform over the run's scheduling points.
    for (uint32_t i = 1; i < options.depth; ++i)
      change_at_.emplace(random_.below(std::max<uint64_t>(options.length, 1)), i);
  }

  std::optional<int64_t> choose(const std::vector<int64_t>& runnable, uint64_t point) override {
    // A thread seen for the first time gets a uniformly random place among the initial
    // priorities: inserting each newcomer at a uniform position gives a uniform permutation.
    for (int64_t id : runnable)
      if (!known(id)) {
        size_t at = static_cast<size_t>(random_.below(ranked_.size() + 1));
        ranked_.insert(ranked_.begin() + static_cast<std::ptrdiff_t>(at), id);
      }
    int64_t chosen = highest(runnable);
    auto change = change_at_.find(point);
    if (change != change_at_.end() && !options_.broken_no_priority_change) {
      // The chosen thread may have been demoted already: it then moves to its new level.
      auto at = std::find(ranked_.begin(), ranked_.end(), chosen);
      if (at != ranked_.end()) ranked_.erase(at);
      demoted_[chosen] = change->second;
    }
    return chosen;
  }
  std::string replay_options() const override {
    return "--schedule=pct --depth=" + std::to_string(options_.depth) +
           " --seed=" + std::to_string(options_.seed);
  }

private:
  bool known(int64_t id) const {
    return demoted_.count(id) || std::find(ranked_.begin(), ranked_.end(), id) != ranked_.end();
  }
  int64_t highest(const std::vector<int64_t>& runnable) const {
    for (int64_t id : ranked_)
      if (std::find(runnable.begin(), runnable.end(), id) != runnable.end()) return id;
    // Every runnable thread is demoted: the one demoted at the latest change point ranks first.
    int64_t best = runnable.front();
    for (int64_t id : runnable)
      if (demoted_.at(id) > demoted_.at(best)) best = id;
    return best;
  }

  PctOptions options_;
  SeededRandom random_;
  std::map<uint64_t, uint32_t> change_at_; // scheduling point -> i (a later draw of a point wins)
  std::vector<int64_t> ranked_;            // initial priorities, highest first
  std::map<int64_t, uint32_t> demoted_;    // thread -> the priority it was demoted to
};

} // namespace

std::unique_ptr<Scheduler> make_pct_scheduler(const PctOptions& options) {
  return std::make_unique<PctScheduler>(options);
}

uint64_t pct_length(const Code& code, const InterpreterOptions& options) {
  InterpreterOptions probe;
  probe.detector = std::nullopt;
  probe.machine = options.machine;
  probe.max_steps = options.max_steps;
  probe.timeout_ms = options.timeout_ms;
  probe.keep_schedule = false; // only its length is needed
  auto scheduler = make_round_robin_scheduler();
  RunResult result = run_program(code, *scheduler, probe);
  return std::max<uint64_t>(result.choices, 1);
}

} // namespace racelang
