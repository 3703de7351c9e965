// Exactness of exploration's independence reduction (interp/independence.h): with and without
// it, exploration finds the same final states, races, failures and deadlocks, on instrumented
// generated programs (every variant of the pass, broken ones included: the negative controls
// rely on the reduction there too) and on the interpreter's general concurrent programs. A
// deliberately unsound reduction (every access independent) must be caught.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>
#include <tuple>

#include "tests/interp/concurrent_gen.h"
#include "tests/interp/interp_harness.h"
#include "verify/program_gen.h"
#include "verify/property_runner.h"
#include "verify/subject.h"

namespace racelang {
namespace {

using Outcomes = std::tuple<std::vector<FinalState>, std::set<RaceKey>,
                            std::set<std::tuple<int64_t, uint32_t, uint32_t, std::string>>,
                            std::set<std::vector<std::tuple<int64_t, int, int64_t, int64_t>>>>;

// Everything the reduction must keep: final states, distinct races, failures (position, thread
// and message) and deadlocks (who is blocked on what).
Outcomes outcomes(const ExploreResult& r) {
  Outcomes o;
  std::get<0>(o) = r.final_states;
  for (const ExploreRace& race : r.races) std::get<1>(o).insert(race_key(race.report));
  for (const auto* list : {&r.assertion_failures, &r.runtime_errors})
    for (const ExploreFailure& f : *list)
      std::get<2>(o).insert({f.failure.thread, f.failure.range.begin.line,
                             f.failure.range.begin.col, f.failure.message});
  for (const ExploreDeadlock& d : r.deadlocks) {
    std::vector<std::tuple<int64_t, int, int64_t, int64_t>> key;
    for (const BlockedThread& b : d.blocked)
      key.emplace_back(b.thread, static_cast<int>(b.blocker.kind), b.blocker.holder,
                       b.blocker.waited);
    std::get<3>(o).insert(key);
  }
  return o;
}

void check_exact(const Code& code, bool broken) {
  ExploreOptions full;
  full.detector = *rc::gen::element<std::optional<detect::DetectorKind>>(
      detect::DetectorKind::VectorClock, std::nullopt);
  full.max_states = 300'000;
  ExploreOptions reduced = full;
  reduced.machine.independent_accesses = true;
  reduced.machine.every_access_independent = broken;
  ExploreResult a = explore_program(code, reduced);
  ExploreResult b = explore_program(code, full);
  RC_PRE(a.limit.empty() && b.limit.empty());
  RC_TAG(b.races.empty() ? "race-free" : "racy");
  RC_ASSERT(outcomes(a) == outcomes(b));
  RC_ASSERT(a.states <= b.states);
}

// Small instrumented programs, so that the unreduced exploration stays small too.
void check_instrumented(bool broken) {
  verify::PaperProgramConfig config;
  config.max_spawned = 2;
  config.max_instructions = 2;
  config.max_block_accesses = 1;
  verify::PaperProgram program = *verify::gen_paper_program(config);
  // Any variant of any pass: broken ones must be explored exactly too.
  const auto& passes = instrumentation_passes();
  const PassInfo& pass = passes[*rc::gen::inRange<size_t>(0, passes.size())];
  PassOptions options{
      pass.kind,
      std::string(pass.variants[*rc::gen::inRange<size_t>(0, pass.variants.size())].name),
      std::nullopt};
  std::string error;
  auto s = verify::make_subject(program.source, options, error);
  RC_ASSERT(s != nullptr);
  check_exact(s->instrumented.code, broken);
}

void check_concurrent(bool broken) {
  std::string text = *testing::gen_concurrent_source();
  RC_LOG() << text;
  auto c = testing::compile(text);
  RC_ASSERT(c != nullptr);
  check_exact(c->code, broken);
}

RC_GTEST_PROP(IndependenceReduction, ExactOnInstrumentedPrograms, ()) {
  check_instrumented(false);
}

RC_GTEST_PROP(IndependenceReduction, ExactOnConcurrentPrograms, ()) {
  check_concurrent(false);
}

TEST(IndependenceReduction, PropertyCatchesAnUnsoundReduction) {
  EXPECT_TRUE(verify::find_failure([] { check_instrumented(true); }, 500).has_value());
  EXPECT_TRUE(verify::find_failure([] { check_concurrent(true); }, 500).has_value());
}

// What the reduction is for: the small-step exploration of an instrumented program visits
// far fewer states (the per-location locks make most metadata accesses independent). Shown on
// the VectorClock pass, where every metadata access is under a lock; FastTrack's unlocked
// same-epoch tests are scheduling points by design.
TEST(IndependenceReduction, ShrinksInstrumentedExplorations) {
  std::string error;
  auto s = verify::make_subject("spawn 1 { lock m; a := load x; store a + 1 x; unlock m; }\n"
                                "spawn 2 { lock m; a := load x; store a + 1 x; unlock m; }\n"
                                "wait 1;\nwait 2;\nb := load x;\n",
                                paper_pass_options(), error);
  ASSERT_NE(s, nullptr) << error;
  ExploreResult reduced = verify::explore_instrumented(*s, verify::Semantics::SmallStep);
  ExploreResult full = verify::explore_instrumented(*s, verify::Semantics::SmallStepUnreduced);
  EXPECT_EQ(reduced.final_states, full.final_states);
  EXPECT_LT(reduced.states * 20, full.states)
      << reduced.states << " states reduced, " << full.states << " without the reduction";
}

} // namespace
} // namespace racelang
