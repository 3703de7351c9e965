// Sync-preserving races (POPL'21, Optimal Prediction of Synchronization-Preserving Races):
// a conflicting pair is one exactly when neither event is in the sync-preserving closure of
// their predecessors (the paper's characterisation, closure.h). This checks the candidate pairs
// one by one, each in time linear in the closure it builds: quadratic in the worst case, not the
// paper's near-linear algorithm with its per-lock queues (docs/prediction.md says so).
#include <unordered_map>

#include "predict/analyses.h"
#include "predict/closure.h"

namespace racelang::predict {

void syncp_races(const TraceIndex& index, const PredictOptions& options, PredictResult& out) {
  const auto& events = index.trace.events;
  SpClosure closure(index, !options.syncp_reorders_critical_sections);
  std::unordered_map<uint32_t, std::vector<uint32_t>> accesses; // location -> its accesses
  uint64_t pairs = 0;
  for (uint32_t j = 0; j < events.size(); ++j) {
    const Event& b = events[j];
    if (!is_access(b.op)) continue;
    auto& before = accesses[b.target];
    for (uint32_t i : before) {
      if (!conflicting(events[i], b)) continue;
      if (!may_check_pair(options, ++pairs, out)) return;
      closure.reset();
      closure.add_before(i);
      closure.add_before(j);
      if (!closure.contains(i) && !closure.contains(j))
        out.races.push_back({i, j, Analysis::SyncP, {}});
    }
    before.push_back(j);
  }
}

} // namespace racelang::predict
