// The pictures against the semantics on generated programs (tests/interp/concurrent_gen.h), run
// with random seeds: the recording is the run's own event stream; the direct edges' closure with
// program order is the happens-before oracle's relation on it; every highlighted pair is a real
// race by the oracle with no path between its accesses; and the HTML and DOT draw exactly those
// edges and pairs. Negative controls: pictures drawn with broken edge rules are caught.
#include <algorithm>
#include <iostream>
#include <tuple>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "detect/hb_oracle.h"
#include "tests/detect/detect_checks.h"
#include "tests/interp/concurrent_gen.h"
#include "tests/view/view_support.h"

namespace racelang::testing {
namespace {

using detect::checks::Mismatch;

// A generated program, a seed and whether to keep going past races.
using Case = std::tuple<std::string, uint64_t, bool>;

rc::Gen<Case> gen_case() {
  return rc::gen::tuple(gen_concurrent_source(), rc::gen::inRange<uint64_t>(0, 1000),
                        rc::gen::arbitrary<bool>());
}

Mismatch pictures_match(const Case& c, const ViewOptions& view = {}) {
  const auto& [source, seed, keep_going] = c;
  InterpreterOptions options;
  options.keep_going = keep_going;
  auto p = picture(source, {}, seed, options);
  if (!p) return "does not compile";
  const ObservedRun& run = p->recorder->run();

  // The recording is the run: the same labelled steps, in the same order.
  if (run.events.size() != p->traced.events.size()) return "recorded a different event count";
  for (std::size_t i = 0; i < run.events.size(); ++i)
    if (!(run.events[i].step == p->traced.events[i]))
      return "recorded event " + std::to_string(i) + " differs";

  RunGraph g = build_run_graph(p->input, view);
  if (auto mismatch = detect::checks::edges_match_oracle(g.trace, g.edges)) return mismatch;

  const detect::HappensBefore hb(g.trace);
  if (!g.unplaced_races.empty()) return "a race was not placed on the events";
  if (g.races.size() != p->traced.result.races.size()) return "races lost";
  for (const RacePair& r : g.races)
    if (!detect::conflicts(g.trace[r.previous], g.trace[r.current]) ||
        hb.ordered(r.previous, r.current) || r.connected)
      return "pair " + std::to_string(r.previous) + "," + std::to_string(r.current) +
             " is not a race by the oracle, or is drawn connected";

  std::vector<DrawnEdge> expected;
  for (const auto& e : g.edges) expected.push_back({std::string(to_string(e.kind)), e.from, e.to});
  // Folding never hides an edge's end, and these runs are far below the row limit.
  std::string html = render_html(p->input, view);
  if (drawn_edges(html) != expected) return "the HTML draws other edges";
  std::vector<std::size_t> racing;
  for (const RacePair& r : g.races) racing.push_back(r.previous), racing.push_back(r.current);
  std::sort(racing.begin(), racing.end());
  racing.erase(std::unique(racing.begin(), racing.end()), racing.end());
  if (drawn_events(html, true) != racing) return "the HTML rings other events";

  for (const RacePair& r : g.races) expected.push_back({"race", r.previous, r.current});
  if (dot_edges(render_dot(p->input)) != expected) return "the DOT draws other edges";
  return std::nullopt;
}

RC_GTEST_PROP(ViewProperties, PicturesMatchTheOracleOnGeneratedPrograms, ()) {
  if (auto mismatch = pictures_match(*gen_case())) RC_FAIL(*mismatch);
}

void expect_caught(bool detect::HbEdgeOptions::*rule) {
  ViewOptions broken;
  broken.edges.*rule = !(broken.edges.*rule);
  auto found = detect::checks::find_counterexample<Case>(
      gen_case(),
      [&](const Case& c) -> Mismatch {
        if (auto mismatch = pictures_match(c, broken))
          return std::get<0>(c) + "(seed " + std::to_string(std::get<1>(c)) + ") -- " + *mismatch;
        return std::nullopt;
      },
      2000);
  ASSERT_TRUE(found.has_value()) << "the broken pictures passed every generated program";
  std::cout << "counterexample: " << *found << "\n";
}

TEST(ViewNegativeControls, WithoutReleaseAcquireEdges) {
  expect_caught(&detect::HbEdgeOptions::release_acquire);
}
TEST(ViewNegativeControls, WithoutForkEdges) {
  expect_caught(&detect::HbEdgeOptions::fork);
}
TEST(ViewNegativeControls, WithoutJoinEdges) {
  expect_caught(&detect::HbEdgeOptions::join);
}

} // namespace
} // namespace racelang::testing
