// The pictures against the semantics on generated programs (tests/interp/concurrent_gen.h), run
// with random seeds: the recording is the run's own event stream; the direct edges' closure with
// program order is the happens-before oracle's relation on it; every highlighted pair is a real
// race by the oracle with no path between its accesses; and the HTML and DOT draw exactly those
// edges and pairs.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "detect/hb_oracle.h"
#include "tests/detect/detect_checks.h"
#include "tests/interp/concurrent_gen.h"
#include "tests/view/view_support.h"

namespace racelang::testing {
namespace {

RC_GTEST_PROP(ViewProperties, PicturesMatchTheOracleOnGeneratedPrograms, ()) {
  const std::string source = *gen_concurrent_source();
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000);
  InterpreterOptions options;
  options.keep_going = *rc::gen::arbitrary<bool>();
  auto p = picture(source, {}, seed, options);
  RC_ASSERT(p != nullptr);
  const ObservedRun& run = p->recorder->run();

  // The recording is the run: the same labelled steps, in the same order.
  RC_ASSERT(run.events.size() == p->traced.events.size());
  for (std::size_t i = 0; i < run.events.size(); ++i)
    RC_ASSERT(run.events[i].step == p->traced.events[i]);

  RunGraph g = build_run_graph(p->input);
  if (auto mismatch = detect::checks::edges_match_oracle(g.trace, g.edges)) RC_FAIL(*mismatch);

  const detect::HappensBefore hb(g.trace);
  RC_ASSERT(g.unplaced_races.empty());
  RC_ASSERT(g.races.size() == p->traced.result.races.size());
  for (const RacePair& r : g.races) {
    RC_ASSERT(detect::conflicts(g.trace[r.previous], g.trace[r.current]));
    RC_ASSERT(!hb.ordered(r.previous, r.current));
    RC_ASSERT(!r.connected);
  }

  std::vector<DrawnEdge> expected;
  for (const auto& e : g.edges) expected.push_back({std::string(to_string(e.kind)), e.from, e.to});
  // Folding never hides an edge's end, and these runs are far below the row limit.
  std::string html = render_html(p->input);
  RC_ASSERT(drawn_edges(html) == expected);
  std::vector<std::size_t> racing;
  for (const RacePair& r : g.races) racing.push_back(r.previous), racing.push_back(r.current);
  std::sort(racing.begin(), racing.end());
  racing.erase(std::unique(racing.begin(), racing.end()), racing.end());
  RC_ASSERT(drawn_events(html, true) == racing);

  for (const RacePair& r : g.races) expected.push_back({"race", r.previous, r.current});
  RC_ASSERT(dot_edges(render_dot(p->input)) == expected);
}

} // namespace
} // namespace racelang::testing
