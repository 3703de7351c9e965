// Property bodies comparing detectors with each other and with the happens-before oracle.
#include "tests/detect/detect_checks.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

namespace racelang::detect::checks {

namespace {

std::string describe(const std::optional<Report>& r) {
  if (!r) return "no race";
  return "race at " + std::to_string(r->index) + " (" + to_string(r->race) + ")";
}

std::string describe(const std::optional<OracleRace>& r, const Trace& trace) {
  if (!r) return "no race";
  std::string out = "race at " + std::to_string(r->index) + " with";
  for (std::size_t i : r->conflicting) out += " " + std::to_string(i) + ":" + to_string(trace[i]);
  return out;
}

} // namespace

std::optional<Report> first_report(Detector& detector, const Trace& trace) {
  for (std::size_t i = 0; i < trace.size(); ++i)
    if (auto race = detector.step(trace[i])) return Report{i, *race};
  return std::nullopt;
}

std::vector<Report> keep_going_reports(Detector& detector, const Trace& trace) {
  std::vector<Report> reports;
  for (std::size_t i = 0; i < trace.size(); ++i) {
    if (auto race = detector.step(trace[i])) {
      reports.push_back({i, *race});
      detector.force(trace[i]);
    }
  }
  return reports;
}

std::pair<EventKind, ThreadId> expected_report(const Trace& trace, const OracleRace& race) {
  std::optional<ThreadId> writer, reader;
  for (std::size_t i : race.conflicting) {
    auto& slot = trace[i].kind == EventKind::Write ? writer : reader;
    if (!slot || trace[i].thread < *slot) slot = trace[i].thread;
  }
  if (writer) return {EventKind::Write, *writer};
  return {EventKind::Read, *reader};
}

bool names_conflict(const Trace& trace, const OracleRace& oracle, const Race& race) {
  for (std::size_t i = oracle.index; i-- > 0;) {
    const Event& e = trace[i];
    if (e.kind == race.previous_kind && e.thread == race.previous_thread &&
        e.target == race.current.target)
      return std::find(oracle.conflicting.begin(), oracle.conflicting.end(), i) !=
             oracle.conflicting.end();
  }
  return false;
}

Mismatch matches_oracle(Detector& detector, const Trace& trace) {
  const auto oracle = first_race(trace);
  const auto report = first_report(detector, trace);
  if (!oracle && !report) return std::nullopt;
  if (!oracle || !report || oracle->index != report->index)
    return std::string(detector.name()) + ": " + describe(report) +
           ", oracle: " + describe(oracle, trace);
  if (report->race.current != trace[report->index])
    return std::string(detector.name()) + ": report names the wrong event: " + describe(report);
  const auto [kind, thread] = expected_report(trace, *oracle);
  if (report->race.previous_kind != kind || report->race.previous_thread != thread)
    return std::string(detector.name()) + ": " + describe(report) + ", expected an earlier " +
           std::string(to_string(kind)) + " by t" + std::to_string(thread) +
           "; oracle: " + describe(oracle, trace);
  return std::nullopt;
}

Mismatch agrees_with(Detector& detector, Detector& reference, const Trace& trace,
                     bool exact_report) {
  const auto report = first_report(detector, trace);
  const auto expected = first_report(reference, trace);
  const bool same =
      (!report && !expected) ||
      (report && expected && report->index == expected->index &&
       report->race.current == expected->race.current &&
       report->race.previous_kind == expected->race.previous_kind &&
       (!exact_report || report->race.previous_thread == expected->race.previous_thread));
  if (same) return std::nullopt;
  return std::string(detector.name()) + ": " + describe(report) + ", " +
         std::string(reference.name()) + ": " + describe(expected);
}

Mismatch names_real_conflict(Detector& detector, const Trace& trace) {
  const auto report = first_report(detector, trace);
  if (!report) return std::nullopt;
  const HappensBefore hb(trace);
  const auto oracle = race_at(trace, hb, report->index);
  if (!oracle)
    return std::string(detector.name()) + ": " + describe(report) + " but the oracle sees none";
  if (!names_conflict(trace, *oracle, report->race))
    return std::string(detector.name()) + ": " + describe(report) +
           " names no conflicting access; oracle: " + describe(oracle, trace);
  return std::nullopt;
}

Mismatch edges_match_oracle(const Trace& trace, const std::vector<HbEdge>& edges) {
  const std::size_t n = trace.size();
  // Direct predecessors of each event: its program-order predecessor and the edges into it.
  std::vector<std::vector<std::size_t>> preds(n);
  std::vector<std::optional<std::size_t>> last(n);
  for (const HbEdge& e : edges) {
    if (e.from >= e.to || e.to >= n)
      return "edge " + std::to_string(e.from) + "->" + std::to_string(e.to) + " is not forward";
    const Event &a = trace[e.from], &b = trace[e.to];
    bool shaped = false;
    switch (e.kind) {
    case HbEdgeKind::ReleaseAcquire:
      shaped = a.kind == EventKind::Release && b.kind == EventKind::Acquire && a.target == b.target;
      break;
    case HbEdgeKind::Fork:
      shaped = a.kind == EventKind::Fork && a.target == b.thread;
      break;
    case HbEdgeKind::Join:
      shaped = b.kind == EventKind::Join &&
               (a.thread == b.target || (a.kind == EventKind::Fork && a.target == b.target));
      break;
    case HbEdgeKind::VolatileWriteRead:
      shaped = a.kind == EventKind::VolatileWrite && b.kind == EventKind::VolatileRead &&
               a.target == b.target;
      break;
    case HbEdgeKind::ArriveDepart:
      shaped = a.kind == EventKind::BarrierArrive && b.kind == EventKind::BarrierDepart &&
               a.target == b.target;
      break;
    }
    if (!shaped)
      return std::string(to_string(e.kind)) + " edge " + std::to_string(e.from) + "->" +
             std::to_string(e.to) + " joins " + to_string(a) + " and " + to_string(b);
    preds[e.to].push_back(e.from);
  }
  std::unordered_map<ThreadId, std::size_t> previous;
  for (std::size_t j = 0; j < n; ++j) {
    if (auto it = previous.find(trace[j].thread); it != previous.end())
      preds[j].push_back(it->second);
    previous[trace[j].thread] = j;
  }
  // Closure row by row: every edge points forward, so predecessors' rows are complete.
  std::vector<std::vector<bool>> before(n, std::vector<bool>(n, false));
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t p : preds[j]) {
      before[j][p] = true;
      for (std::size_t i = 0; i < p; ++i)
        if (before[p][i]) before[j][i] = true;
    }
  const HappensBefore hb(trace);
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t i = 0; i < j; ++i)
      if (before[j][i] != hb.ordered(i, j))
        return "events " + std::to_string(i) + " and " + std::to_string(j) +
               (before[j][i] ? ": a path of edges the oracle does not order"
                             : ": ordered by the oracle, but no path of edges");
  return std::nullopt;
}

Mismatch keep_going_matches_oracle(Detector& detector, const Trace& trace) {
  const auto reports = keep_going_reports(detector, trace);
  const auto races = all_races(trace);
  std::size_t k = 0;
  for (; k < reports.size() && k < races.size(); ++k) {
    const Report& r = reports[k];
    const OracleRace& o = races[k];
    if (r.index != o.index)
      return std::string(detector.name()) + ": report " + std::to_string(k) + " is " + describe(r) +
             ", oracle: " + describe(o, trace);
    const auto [kind, thread] = expected_report(trace, o);
    if (r.race.previous_kind != kind || r.race.previous_thread != thread)
      return std::string(detector.name()) + ": " + describe(r) + ", expected an earlier " +
             std::string(to_string(kind)) + " by t" + std::to_string(thread);
  }
  if (k < reports.size()) return std::string(detector.name()) + ": extra " + describe(reports[k]);
  if (k < races.size())
    return std::string(detector.name()) + ": missed oracle " + describe(races[k], trace);
  return std::nullopt;
}

std::optional<std::string> detail::quiet_check(const std::function<void()>& testable, int max_cases,
                                               uint64_t seed) {
  rc::detail::TestParams params;
  params.seed = seed;
  params.maxSuccess = max_cases;
  const auto result = rc::detail::checkTestable(testable, rc::detail::TestMetadata{}, params);
  rc::detail::FailureResult failure;
  if (result.match(failure)) {
    // The description is "<file>:<line>:\nRC_FAIL(<expression>)\n\n<message>"; keep the message.
    const std::size_t gap = failure.description.find("\n\n");
    return gap == std::string::npos ? failure.description : failure.description.substr(gap + 2);
  }
  if (result.is<rc::detail::SuccessResult>()) return std::nullopt;
  std::ostringstream message;
  rc::detail::printResultMessage(result, message);
  throw std::runtime_error("find_counterexample: " + message.str());
}

std::optional<std::string>
find_counterexample(const rc::Gen<Trace>& gen,
                    const std::function<Mismatch(const Trace&)>& property, int max_cases,
                    uint64_t seed) {
  return detail::quiet_check(
      [&] {
        const Trace trace = *gen;
        if (auto mismatch = property(trace)) RC_FAIL(to_string(trace) + " -- " + *mismatch);
      },
      max_cases, seed);
}

} // namespace racelang::detect::checks
