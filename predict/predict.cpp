// The entry point of predict/: runs the chosen analysis, then builds each race's witness from
// the sync-preserving closure and checks it (check_witness) before it is handed out. A race
// whose witness fails the check keeps an empty witness, which callers report as unconfirmed.
// SHB's races are sync-preserving (POPL'21 shows SHB's races are among them), so the closure
// gives every SHB race a witness; WCP's are not in general, so a WCP report has a witness only
// when it happens to be a sync-preserving race too.
#include "predict/predict.h"

#include <chrono>
#include <ctime>

#include "predict/analyses.h"
#include "predict/closure.h"

namespace racelang::predict {

const char* analysis_name(Analysis a) {
  switch (a) {
  case Analysis::Shb:
    return "shb";
  case Analysis::SyncP:
    return "syncp";
  case Analysis::Wcp:
    return "wcp";
  case Analysis::M2:
    return "m2";
  case Analysis::Maximal:
    return "maximal";
  }
  return "?";
}

std::optional<Analysis> parse_analysis(const std::string& name) {
  for (Analysis a :
       {Analysis::Shb, Analysis::SyncP, Analysis::Wcp, Analysis::M2, Analysis::Maximal})
    if (name == analysis_name(a)) return a;
  return std::nullopt;
}

bool may_check_pair(const PredictOptions& options, uint64_t pairs, PredictResult& out) {
  if (pairs > options.max_pairs) {
    out.truncated = true;
    return false;
  }
  if (options.deadline && pairs % 256 == 0 &&
      std::chrono::steady_clock::now() >= *options.deadline) {
    out.truncated = out.timed_out = true;
    return false;
  }
  return true;
}

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

PredictResult predict_races(const Trace& trace, Analysis analysis, const PredictOptions& options) {
  double start = thread_cpu_seconds();
  TraceIndex index(trace);
  PredictResult out;
  auto stop_clock = [&] { out.seconds = thread_cpu_seconds() - start; };
  switch (analysis) {
  case Analysis::Shb:
    shb_races(index, options, out);
    break;
  case Analysis::SyncP:
    syncp_races(index, options, out);
    break;
  case Analysis::Wcp:
    wcp_races(index, options, out);
    break;
  case Analysis::M2:
    // Races M2 decided by its full procedure carry their witnesses (part of the decision,
    // already checked); those of its Lemma 5.1 get the sync-preserving closure's, below.
    m2_races(index, options, out);
    break;
  case Analysis::Maximal:
    maximal_races(index, options, out);
    stop_clock();
    // The solver's model is checked like every other witness, by the values the model keeps.
    for (PredictedRace& race : out.races)
      if (check_witness(index, race.witness, trace.has_values)) race.witness.clear();
    return out;
  }
  stop_clock();
  if (!options.witnesses) return out;
  SpClosure closure(index, !options.syncp_reorders_critical_sections);
  for (PredictedRace& race : out.races) {
    if (!race.witness.empty()) continue; // M2's full decisions
    closure.reset();
    closure.add_before(race.first);
    closure.add_before(race.second);
    if (closure.contains(race.first) || closure.contains(race.second)) continue;
    std::vector<uint32_t> w = closure.events();
    w.push_back(race.first);
    w.push_back(race.second);
    if (!check_witness(index, w)) race.witness = std::move(w);
  }
  return out;
}

} // namespace racelang::predict
