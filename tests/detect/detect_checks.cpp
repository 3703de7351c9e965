// Property bodies comparing detectors with each other and with the happens-before oracle.
#include "tests/detect/detect_checks.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

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
