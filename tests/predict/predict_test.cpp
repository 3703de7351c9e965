// Predictive analyses checked against the brute-force oracle (oracle.h) on traces recorded from
// generated programs, each with its paper's guarantee: SHB reports only predictable races,
// SyncP exactly the sync-preserving ones, WCP's first report implies a predictable race or
// deadlock. Every SHB and SyncP race has a witness that is a correct reordering and replays on
// the program to that race. The negative controls (SHB without reads-from, SyncP that may
// reorder critical sections) are caught by the same properties.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "predict/predict.h"
#include "predict/record.h"
#include "predict/replay.h"
#include "predict/trace_text.h"
#include "tests/interp/concurrent_gen.h"
#include "tests/interp/interp_harness.h"
#include "tests/predict/oracle.h"
#include "verify/property_runner.h"

namespace racelang {
namespace {

using predict::Analysis;
using predict::PredictOptions;

struct Recorded {
  std::unique_ptr<testing::Compiled> program;
  predict::Recording rec;
};

// A generated program, run once under a random seed and recorded; small traces only (the
// oracle is exponential).
Recorded gen_recorded(size_t max_events = 60) {
  std::string text = *testing::gen_concurrent_source();
  RC_LOG() << text;
  Recorded r;
  r.program = testing::compile(text);
  RC_ASSERT(r.program != nullptr);
  uint64_t seed = *rc::gen::inRange<uint64_t>(0, 1000000);
  RC_LOG() << "seed " << seed;
  auto scheduler = make_random_scheduler(seed);
  r.rec = predict::record_run(r.program->code, *scheduler, 5000);
  RC_PRE(r.rec.trace.events.size() <= max_events);
  RC_LOG() << predict::write_trace(r.rec.trace);
  return r;
}

std::set<std::pair<uint32_t, uint32_t>> pairs(const predict::PredictResult& r) {
  std::set<std::pair<uint32_t, uint32_t>> out;
  for (const auto& race : r.races) out.insert({race.first, race.second});
  return out;
}

void check_shb(const PredictOptions& options) {
  Recorded r = gen_recorded();
  auto oracle = testing::predictable_races(r.rec.trace);
  RC_PRE(oracle.complete);
  auto shb = predict::predict_races(r.rec.trace, Analysis::Shb, options);
  RC_TAG(shb.races.empty() ? "no race" : "races");
  for (const auto& race : shb.races) {
    RC_ASSERT(oracle.races.count({race.first, race.second}) == 1);
    RC_ASSERT(!race.witness.empty());
  }
}

void check_syncp(const PredictOptions& options) {
  Recorded r = gen_recorded();
  auto oracle = testing::predictable_races(r.rec.trace, /*sync_preserving=*/true);
  RC_PRE(oracle.complete);
  auto syncp = predict::predict_races(r.rec.trace, Analysis::SyncP, options);
  RC_TAG(syncp.races.empty() ? "no race" : "races");
  RC_ASSERT(pairs(syncp) == oracle.races);
}

RC_GTEST_PROP(Predict, ShbReportsOnlyPredictableRaces, ()) {
  check_shb({});
}

TEST(Predict, ShbWithoutReadsFromIsCaught) {
  PredictOptions broken;
  broken.shb_without_reads_from = true;
  broken.witnesses = false; // the oracle, not the witness check, must catch it
  EXPECT_TRUE(verify::find_failure([&] { check_shb(broken); }, 400).has_value());
}

RC_GTEST_PROP(Predict, SyncPIsExactlyTheSyncPreservingRaces, ()) {
  check_syncp({});
}

TEST(Predict, SyncPThatReordersCriticalSectionsIsCaught) {
  PredictOptions broken;
  broken.syncp_reorders_critical_sections = true;
  EXPECT_TRUE(verify::find_failure([&] { check_syncp(broken); }, 400).has_value());
}

RC_GTEST_PROP(Predict, SyncPreservingRacesArePredictableAndIncludeShb, ()) {
  Recorded r = gen_recorded();
  auto all = testing::predictable_races(r.rec.trace);
  auto sp = testing::predictable_races(r.rec.trace, true);
  RC_PRE(all.complete && sp.complete);
  for (const auto& p : sp.races) RC_ASSERT(all.races.count(p) == 1);
  for (const auto& p : pairs(predict::predict_races(r.rec.trace, Analysis::Shb)))
    RC_ASSERT(sp.races.count(p) == 1);
}

RC_GTEST_PROP(Predict, WcpFirstReportIsAPredictableRaceOrDeadlock, ()) {
  Recorded r = gen_recorded();
  auto wcp = predict::predict_races(r.rec.trace, Analysis::Wcp);
  RC_TAG(wcp.races.empty() ? "no race" : "races");
  if (wcp.races.empty()) return;
  auto oracle = testing::predictable_races(r.rec.trace);
  RC_PRE(oracle.complete);
  const auto& first = wcp.races.front();
  RC_ASSERT(oracle.races.count({first.first, first.second}) == 1 || oracle.deadlock);
}

RC_GTEST_PROP(Predict, WitnessesAreCorrectReorderingsThatReplay, ()) {
  Recorded r = gen_recorded(200);
  for (Analysis a : {Analysis::Shb, Analysis::SyncP}) {
    auto result = predict::predict_races(r.rec.trace, a);
    RC_TAG(result.races.empty() ? "no race" : "races");
    for (const auto& race : result.races) {
      RC_ASSERT(!race.witness.empty());
      RC_ASSERT(race.witness[race.witness.size() - 2] == race.first);
      RC_ASSERT(race.witness.back() == race.second);
      auto bad = predict::check_witness(r.rec.trace, race.witness);
      RC_ASSERT(!bad.has_value());
      auto replay = predict::confirm_witness(r.program->code, r.rec.trace, race.witness);
      if (replay) RC_FAIL(*replay);
    }
  }
}

} // namespace
} // namespace racelang
