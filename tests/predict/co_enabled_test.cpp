// Predictions against the program's ground truth: on generated programs, every race SHB,
// SyncP, M2 and the maximal analysis predict from one recorded run has a witness that replays to it
// and is a pair of accesses that are enabled together in some reachable state
// (interp/co_enabled.h). Hand-written programs pin the set itself: a pair ordered by a wait is not
// in it, an unordered one is.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "interp/co_enabled.h"
#include "predict/predict.h"
#include "predict/record.h"
#include "predict/replay.h"
#include "tests/interp/concurrent_gen.h"
#include "tests/interp/interp_harness.h"

namespace racelang {
namespace {

using predict::Analysis;

RC_GTEST_PROP(CoEnabled, EveryPredictedRaceIsCoEnabledAndReplays, ()) {
  std::string text = *testing::gen_concurrent_source();
  RC_LOG() << text;
  auto c = testing::compile(text);
  RC_ASSERT(c != nullptr);
  CoEnabledOptions options;
  options.max_states = 20000;
  options.max_steps = 5000;
  CoEnabledResult truth = co_enabled_pairs(c->code, options);
  RC_PRE(truth.limit.empty());
  RC_TAG(truth.pairs.empty() ? "race free" : "racy");
  uint64_t seed = *rc::gen::inRange<uint64_t>(0, 1000000);
  auto scheduler = make_random_scheduler(seed);
  predict::Recording rec = predict::record_run(c->code, *scheduler, 5000);
  for (Analysis a : {Analysis::Shb, Analysis::SyncP, Analysis::M2, Analysis::Maximal}) {
    for (const auto& race : predict::predict_races(rec.trace, a).races) {
      RC_ASSERT(!race.witness.empty());
      auto replay = predict::confirm_witness(c->code, rec.trace, race.witness);
      if (replay) RC_FAIL(*replay);
      auto access = [&](uint32_t i) {
        const predict::Event& e = rec.trace.events[i];
        return CoEnabledAccess{e.thread,
                               e.op == predict::Op::Write ? AccessKind::Write : AccessKind::Read,
                               {e.line, e.col}};
      };
      // Cells by name: the trace names locations as the program does.
      const std::string& name = rec.trace.locations[rec.trace.events[race.first].target];
      bool found = false;
      for (const CoEnabledPair& p : truth.pairs)
        found = found || (c->info.cell_name(p.cell) == name &&
                          p.first == std::min(access(race.first), access(race.second)) &&
                          p.second == std::max(access(race.first), access(race.second)));
      RC_ASSERT(found);
    }
  }
}

TEST(CoEnabled, OnlyPairsSomeScheduleMakesConcurrent) {
  // Thread 1's write (line 5) and main's read (line 9) are ordered by the wait: never enabled
  // together in any state, though both threads touch x.
  auto c = testing::compile("shared x;\nshared f;\nmutex m;\nspawn 1 {\n  store 1 x;\n"
                            "  lock m; store 1 f; unlock m;\n}\nwait 1;\nv := load x;\n");
  ASSERT_NE(c, nullptr);
  EXPECT_TRUE(co_enabled_pairs(c->code).pairs.empty());
  auto racy = testing::compile("shared x;\nspawn 1 {\n  store 1 x;\n}\nv := load x;\nwait 1;\n");
  ASSERT_NE(racy, nullptr);
  auto pairs = co_enabled_pairs(racy->code).pairs;
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs.begin()->first.at.line, 3u);
  EXPECT_EQ(pairs.begin()->second.at.line, 5u);
}

} // namespace
} // namespace racelang
