// Tests of schedule sampling (`racelang test`) and of PCT: PCT finds a depth-2 bug at least as
// often as its published bound promises (counted over a fixed seed set, never timed) while a
// PCT that never changes priority cannot find it; every reported outcome replays from its
// seed; the result is the same for every number of workers; and on generated programs every
// sampled outcome is one that exhaustive exploration reports.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "interp/explore.h"
#include "interp/pct.h"
#include "interp/schedule_sampling.h"
#include "tests/interp/concurrent_gen.h"
#include "tests/interp/interp_harness.h"

namespace racelang {
namespace {

using testing::compile;

// A lost update, a bug of depth 2: thread A's load must come before B's store and B's load
// before A's store. The padding stores make the run long (k ~ 50) so the bound is a real one.
// Threads run to completion under fixed priorities, so only a priority change inside A (or B)
// between its load and its store can show the bug.
const char* kLostUpdate = R"(shared x;
shared p1;
shared p2;
spawn 1 {
  v := load x;
  i := 0;
  while (i < 20) {
    store i p1;
    i := i + 1;
  }
  store v + 1 x;
}
spawn 2 {
  v := load x;
  i := 0;
  while (i < 20) {
    store i p2;
    i := i + 1;
  }
  store v + 1 x;
}
wait 1;
wait 2;
v := load x;
assert(v == 2);
)";

// How many of the seeds 1..runs end in an assertion failure.
uint64_t failures(const testing::Compiled& c, const SampleOptions& options) {
  SampleResult r = sample_schedules(c.code, options);
  uint64_t n = 0;
  for (const SampledOutcome& o : r.outcomes)
    if (o.kind == SampleKind::AssertionFailure) n += o.runs;
  return n;
}

SampleOptions pct_options(uint32_t depth, uint64_t iterations) {
  SampleOptions o;
  o.schedule = SampleSchedule::Pct;
  o.depth = depth;
  o.seed = 1;
  o.iterations = iterations;
  o.jobs = 2;
  o.run.detector = std::nullopt; // the assertion is the bug; the race would stop the run first
  return o;
}

TEST(Pct, FindsADepthTwoBugWithThePublishedProbability) {
  auto c = compile(kLostUpdate);
  ASSERT_TRUE(c);
  SampleOptions options = pct_options(2, 2000);
  uint64_t k = pct_length(c->code, options.run);
  EXPECT_GE(k, 40u);
  EXPECT_LE(k, 60u);
  const uint64_t n = 3; // main and two threads
  // The bound for depth 2: 1 / (n k). The count over a fixed seed set must reach its
  // expectation under the bound (the true rate is about 1 / k, well above it).
  uint64_t found = failures(*c, options);
  EXPECT_GE(found, options.iterations / (n * k)) << "k = " << k;
  RecordProperty("found", static_cast<int>(found));
}

TEST(Pct, BrokenPctThatNeverChangesPriorityMissesTheDepthTwoBug) {
  auto c = compile(kLostUpdate);
  ASSERT_TRUE(c);
  SampleOptions options = pct_options(2, 2000);
  EXPECT_GT(failures(*c, options), 0u);
  options.broken_pct = true;
  EXPECT_EQ(failures(*c, options), 0u);
  // Depth 1 is PCT with no change points: it must miss the bug too (it is of depth 2).
  EXPECT_EQ(failures(*c, pct_options(1, 500)), 0u);
}

TEST(Pct, SchedulesAreFixedBySeedDepthAndLength) {
  auto c = compile(kLostUpdate);
  ASSERT_TRUE(c);
  InterpreterOptions run;
  run.detector = std::nullopt;
  uint64_t k = pct_length(c->code, run);
  std::set<Schedule> seen;
  for (uint64_t seed = 0; seed < 30; ++seed) {
    auto a = make_pct_scheduler({seed, 3, k});
    auto b = make_pct_scheduler({seed, 3, k});
    RunResult ra = run_program(c->code, *a, run);
    RunResult rb = run_program(c->code, *b, run);
    EXPECT_EQ(ra.schedule, rb.schedule);
    seen.insert(ra.schedule);
    EXPECT_EQ(a->replay_options(), "--schedule=pct --depth=3 --seed=" + std::to_string(seed));
  }
  EXPECT_GT(seen.size(), 3u);
}

// Every outcome reported replays from its seed: a run with the scheduler the seed selects
// shows it again.
void expect_outcomes_replay(const testing::Compiled& c, const SampleOptions& options,
                            const SampleResult& r) {
  for (const SampledOutcome& o : r.outcomes) {
    auto scheduler = make_sample_scheduler(options, o.first_seed, r.pct_length);
    std::vector<std::string> output;
    InterpreterOptions run = options.run;
    run.print = [&output](std::string_view line) { output.emplace_back(line); };
    RunResult again = run_program(c.code, *scheduler, run);
    auto keys = sample_keys(again, output);
    EXPECT_NE(std::find(keys.begin(), keys.end(), std::pair{o.kind, o.key}), keys.end())
        << sample_kind_name(o.kind) << " " << o.key << " with seed " << o.first_seed;
  }
}

// What makes a sample result: everything but the example runs.
std::vector<std::tuple<SampleKind, std::string, uint64_t, uint64_t>>
summary(const SampleResult& r) {
  std::vector<std::tuple<SampleKind, std::string, uint64_t, uint64_t>> out;
  for (const SampledOutcome& o : r.outcomes) out.emplace_back(o.kind, o.key, o.first_seed, o.runs);
  return out;
}

TEST(Sampling, EveryOutcomeReplaysAndJobsDoNotMatter) {
  auto c = compile(kLostUpdate);
  ASSERT_TRUE(c);
  for (SampleSchedule schedule : {SampleSchedule::Random, SampleSchedule::Pct}) {
    SampleOptions options = pct_options(3, 300);
    options.schedule = schedule;
    options.run.detector = detect::DetectorKind::VectorClock;
    options.run.keep_going = true;
    options.jobs = 1;
    SampleResult one = sample_schedules(c->code, options);
    options.jobs = 3;
    SampleResult three = sample_schedules(c->code, options);
    EXPECT_EQ(summary(one), summary(three));
    EXPECT_GE(one.outcomes.size(), 3u); // races, the failure and the finished state
    uint64_t runs = 0;
    for (const SampledOutcome& o : one.outcomes)
      if (o.kind != SampleKind::Race) runs += o.runs;
    EXPECT_EQ(runs, options.iterations); // each run ends one way
    expect_outcomes_replay(*c, options, one);
  }
}

// On generated programs (locks, spawn/wait, branches, counted loops, asserts): each sampled
// outcome is one exhaustive exploration reports, each replays from its seed, and the result
// does not depend on the number of workers.
RC_GTEST_PROP(SamplingGenerated, OutcomesAreExploredOnesAndReplay, ()) {
  std::string text = *testing::gen_concurrent_source({.counted_loops = true});
  RC_LOG() << text;
  auto c = compile(text);
  RC_ASSERT(c != nullptr);
  ExploreOptions explore;
  explore.strategy = ExploreStrategy::Dpor;
  explore.max_states = 20'000;
  ExploreResult e = explore_program(c->code, explore);
  RC_PRE(e.limit.empty());

  SampleOptions options;
  options.schedule = *rc::gen::element(SampleSchedule::Random, SampleSchedule::Pct);
  options.depth = *rc::gen::inRange(1u, 4u);
  options.seed = *rc::gen::inRange<uint64_t>(0, 1000);
  options.iterations = 40;
  options.run.keep_going = true; // explore reports every race and every end past them
  options.jobs = 1;
  SampleResult r = sample_schedules(c->code, options);
  options.jobs = 3;
  RC_ASSERT(summary(sample_schedules(c->code, options)) == summary(r));

  std::set<RaceKey> races;
  for (const ExploreRace& race : e.races) races.insert(race_key(race.report));
  std::set<std::tuple<uint32_t, uint32_t, int64_t, std::string>> fails;
  for (const auto* list : {&e.assertion_failures, &e.runtime_errors})
    for (const ExploreFailure& f : *list)
      fails.insert({f.failure.range.begin.line, f.failure.range.begin.col, f.failure.thread,
                    f.failure.message});
  std::set<std::vector<int64_t>> memories;
  for (const FinalState& s : e.final_states) memories.insert(s.memory.to_vector());
  for (const SampledOutcome& o : r.outcomes) {
    switch (o.kind) {
    case SampleKind::Race:
      RC_ASSERT(races.count(race_key(o.race)) == 1u);
      break;
    case SampleKind::AssertionFailure:
    case SampleKind::RuntimeError: {
      const Failure& f = *o.example.failure;
      RC_ASSERT(fails.count({f.range.begin.line, f.range.begin.col, f.thread, f.message}) == 1u);
      break;
    }
    case SampleKind::Deadlock:
      RC_ASSERT(!e.deadlocks.empty());
      break;
    case SampleKind::Discarded:
      RC_ASSERT(e.counts.discarded > 0u);
      break;
    case SampleKind::Finished:
      RC_ASSERT(memories.count(o.example.memory) == 1u);
      break;
    case SampleKind::StepLimit:
    case SampleKind::TimeLimit:
      RC_FAIL("a counted-loop program hit a limit");
    }
  }
  expect_outcomes_replay(*c, options, r);
  RC_ASSERT(!::testing::Test::HasFailure());
}

} // namespace
} // namespace racelang
