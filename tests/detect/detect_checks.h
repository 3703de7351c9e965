// The bodies of the detector properties, shared by the RapidCheck properties (which must hold on
// every generated trace) and the negative controls (which must find a trace where a deliberately
// broken detector violates them). Each check returns nullopt when the property holds on the trace
// and a one-line explanation otherwise.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "detect/detector.h"
#include "detect/event.h"
#include "detect/hb_edges.h"
#include "detect/hb_oracle.h"

namespace racelang::detect::checks {

using Mismatch = std::optional<std::string>;

// A detector's report at trace position `index`.
struct Report {
  std::size_t index;
  Race race;
  friend bool operator==(const Report&, const Report&) = default;
};

// Steps until the first race.
std::optional<Report> first_report(Detector& detector, const Trace& trace);
// Steps through the whole trace, forcing every stuck event (`--keep-going`).
std::vector<Report> keep_going_reports(Detector& detector, const Trace& trace);

// What VectorClock, DJIT+ and the multiple-join variant report for an oracle race: a conflicting
// write if there is one, else a conflicting read; the lowest thread among those.
std::pair<EventKind, ThreadId> expected_report(const Trace& trace, const OracleRace& race);
// Whether the access a caller finds from the report, the last access of previous_kind by
// previous_thread to the location before oracle.index, is one of the oracle's conflicting ones.
bool names_conflict(const Trace& trace, const OracleRace& oracle, const Race& race);

// (a), (d): the detector is first stuck where the oracle finds the first race, and reports
// expected_report (exact provenance).
Mismatch matches_oracle(Detector& detector, const Trace& trace);
// (b), (c): same first race position as the reference and the same kind of earlier access; with
// exact_report, the very same Race.
Mismatch agrees_with(Detector& detector, Detector& reference, const Trace& trace,
                     bool exact_report);
// Provenance: the first report names an access the oracle says really conflicts (any detector).
Mismatch names_real_conflict(Detector& detector, const Trace& trace);
// (e): run with --keep-going, the detector reports exactly the oracle's racy accesses, each with
// expected_report.
Mismatch keep_going_matches_oracle(Detector& detector, const Trace& trace);

// Direct edges: the transitive closure of `edges` plus program order is exactly the oracle's
// happens-before relation on `trace`, and every edge joins events of the kinds its kind says.
Mismatch edges_match_oracle(const Trace& trace, const std::vector<HbEdge>& edges);

// Negative controls: runs `property` on values drawn from `gen` (fixed seed, at most max_cases)
// through RapidCheck without printing, shrinking the first failure. Returns the shrunk
// counterexample's explanation, or nullopt if the property held on every case. Throws
// std::runtime_error if RapidCheck gave up or failed, which proves nothing either way.
template <typename T>
std::optional<std::string>
find_counterexample(const rc::Gen<T>& gen,
                    const std::type_identity_t<std::function<Mismatch(const T&)>>& property,
                    int max_cases = 10000, uint64_t seed = 20261122);

// The same for traces, with the trace (in the paper's notation) prefixed to the explanation.
std::optional<std::string>
find_counterexample(const rc::Gen<Trace>& gen,
                    const std::function<Mismatch(const Trace&)>& property, int max_cases = 10000,
                    uint64_t seed = 20261122);

namespace detail {
// Runs a RapidCheck testable quietly; the failure's RC_FAIL message, nullopt on success.
std::optional<std::string> quiet_check(const std::function<void()>& testable, int max_cases,
                                       uint64_t seed);
} // namespace detail

template <typename T>
std::optional<std::string>
find_counterexample(const rc::Gen<T>& gen,
                    const std::type_identity_t<std::function<Mismatch(const T&)>>& property,
                    int max_cases, uint64_t seed) {
  return detail::quiet_check(
      [&] {
        if (auto mismatch = property(*gen)) RC_FAIL(*mismatch);
      },
      max_cases, seed);
}

} // namespace racelang::detect::checks
