// Predictive analyses checked against the brute-force oracle (oracle.h) on traces recorded from
// generated programs, each with its paper's guarantee: SHB reports only predictable races,
// SyncP exactly the sync-preserving ones, WCP's first report implies a predictable race or
// deadlock; M2 only predictable races, and all of them on two threads or when its dynamic check
// says so; the maximal causal model exactly the predictable races on a trace without values, and
// at least them with values. Every race of SHB, SyncP, M2 and the maximal analysis has a witness
// that passes check_witness and replays on the program to that race. The negative controls (SHB
// without reads-from, SyncP that may reorder critical sections, M2 without lock closure, the
// maximal encoding without read-value constraints) are each caught.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "predict/predict.h"
#include "predict/record.h"
#include "predict/replay.h"
#include "predict/trace_text.h"
#include "tests/interp/concurrent_gen.h"
#include "tests/interp/interp_harness.h"
#include "tests/predict/oracle.h"
#include "tests/predict/random_trace.h"
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

// The quadratic characterisation, pair by pair: neither event in the sync-preserving closure of
// their predecessors (sync_preserving_witness). The near-linear algorithm must give exactly its
// pairs; it is cheap enough for traces longer than the brute-force oracle can take.
std::set<std::pair<uint32_t, uint32_t>> closure_pairs(const predict::Trace& trace) {
  std::set<std::pair<uint32_t, uint32_t>> out;
  const auto& events = trace.events;
  for (uint32_t j = 0; j < events.size(); ++j)
    for (uint32_t i = 0; i < j; ++i)
      if (predict::conflicting(events[i], events[j]) &&
          predict::sync_preserving_witness(trace, i, j).has_value())
        out.insert({i, j});
  return out;
}

void check_syncp_against_closure(const PredictOptions& options) {
  Recorded r = gen_recorded(200);
  auto syncp = predict::predict_races(r.rec.trace, Analysis::SyncP, options);
  RC_TAG(syncp.races.empty() ? "no race" : "races");
  RC_ASSERT(pairs(syncp) == closure_pairs(r.rec.trace));
}

RC_GTEST_PROP(Predict, SyncPEqualsThePairwiseClosure, ()) {
  check_syncp_against_closure({});
}

// Random traces (random_trace.h) have more threads, locks and overlapping critical sections
// than generated programs: SyncP against the brute-force oracle on short ones and against the
// pairwise closure on longer ones.
RC_GTEST_PROP(Predict, SyncPIsExactlyTheSyncPreservingRacesOnRandomTraces, ()) {
  predict::Trace trace = testing::gen_random_trace(30);
  auto oracle = testing::predictable_races(trace, /*sync_preserving=*/true);
  RC_PRE(oracle.complete);
  auto syncp = predict::predict_races(trace, Analysis::SyncP);
  RC_TAG(syncp.races.empty() ? "no race" : "races");
  RC_ASSERT(pairs(syncp) == oracle.races);
}

RC_GTEST_PROP(Predict, SyncPEqualsThePairwiseClosureOnRandomTraces, ()) {
  predict::Trace trace = testing::gen_random_trace(150);
  auto syncp = predict::predict_races(trace, Analysis::SyncP);
  RC_TAG(syncp.races.empty() ? "no race" : "races");
  RC_ASSERT(pairs(syncp) == closure_pairs(trace));
}

TEST(Predict, SyncPThatForgetsTheLockQueuesAtAPairIsCaught) {
  PredictOptions broken;
  broken.syncp_without_pair_lock_closure = true;
  broken.witnesses = false; // the oracles, not the witness check, must catch it
  EXPECT_TRUE(verify::find_failure([&] { check_syncp_against_closure(broken); }, 400).has_value());
  EXPECT_TRUE(verify::find_failure([&] { check_syncp(broken); }, 400).has_value());
}

// SyncP skips the accesses of a location that a lock protects (a per-location lockset over a
// suffix of its accesses); the lockset taken to hold from the location's first access skips
// earlier unlocked accesses too, and the pairwise closure catches it.
TEST(Predict, SyncPWithAnUnboundedLocksetIsCaught) {
  PredictOptions broken;
  broken.syncp_lockset_unbounded = true;
  broken.witnesses = false;
  EXPECT_TRUE(verify::find_failure(
                  [&] {
                    predict::Trace trace = testing::gen_random_trace(150);
                    auto syncp = predict::predict_races(trace, Analysis::SyncP, broken);
                    RC_ASSERT(pairs(syncp) == closure_pairs(trace));
                  },
                  400)
                  .has_value());
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

size_t thread_count(const predict::Trace& trace) {
  std::set<uint32_t> threads;
  for (const auto& e : trace.events) threads.insert(e.thread);
  return threads.size();
}

void check_m2(const PredictOptions& options) {
  Recorded r = gen_recorded(50);
  auto oracle = testing::predictable_races(r.rec.trace);
  RC_PRE(oracle.complete);
  auto m2 = predict::predict_races(r.rec.trace, Analysis::M2, options);
  bool two = thread_count(r.rec.trace) <= 2;
  RC_TAG(two ? "two threads" : m2.complete ? "complete" : "incomplete");
  for (const auto& race : m2.races) {
    RC_ASSERT(oracle.races.count({race.first, race.second}) == 1);
    RC_ASSERT(!race.witness.empty());
  }
  // Complete on two threads (the paper's theorem), and whenever its dynamic check says so.
  if (two) RC_ASSERT(m2.complete);
  if (m2.complete) RC_ASSERT(pairs(m2) == oracle.races);
}

RC_GTEST_PROP(Predict, M2IsSoundAndCompleteWhereThePaperSays, ()) {
  check_m2({});
}

// A long racy trace has quadratically many pairs: --max-pairs stops every analysis, and says so.
TEST(Predict, MaxPairsBoundsEveryAnalysis) {
  std::string text = "# racelang trace 1\n";
  for (int k = 0; k < 30; ++k) text += "T1 wr x\n";
  for (int k = 0; k < 30; ++k) text += "T2 wr x\n";
  auto r = predict::read_any_trace(text);
  ASSERT_FALSE(r.error.has_value());
  PredictOptions bounded;
  bounded.max_pairs = 10;
  for (Analysis a : {Analysis::Shb, Analysis::Wcp, Analysis::SyncP, Analysis::M2}) {
    auto all = predict::predict_races(r.trace, a);
    EXPECT_EQ(all.races.size(), 900u) << analysis_name(a);
    EXPECT_FALSE(all.truncated);
    auto some = predict::predict_races(r.trace, a, bounded);
    EXPECT_TRUE(some.truncated) << analysis_name(a);
    EXPECT_LE(some.races.size(), 10u);
  }
}

// Two threads whose critical sections each read what the other's earlier section wrote: a
// witness must finish each section before the other thread's next one starts, which only the
// lock-closure rule orders (generated programs rarely need it: their reads-from edges usually
// order the sections already). Without it both max-min linearisations overlap two sections, so
// M2 misses the race and its completeness on two threads fails. The racing writes sit in
// critical sections (of locks of their own) so that M2 needs its full decision: with no open
// section in the cone, the paper's Lemma 5.1 gives the witness without any closure.
TEST(Predict, M2WithoutLockClosureIsCaught) {
  auto r = predict::read_any_trace("# racelang trace 1\n"
                                   "T1 acq l\nT1 wr a\nT1 rel l\n"
                                   "T2 acq l\nT2 wr b\nT2 rel l\n"
                                   "T1 acq l\nT1 rd b\nT1 rel l\n"
                                   "T2 acq l\nT2 rd a\nT2 rel l\n"
                                   "T1 acq m\nT1 wr x\nT2 acq n\nT2 wr x\n");
  ASSERT_FALSE(r.error.has_value());
  auto oracle = testing::predictable_races(r.trace);
  ASSERT_EQ(oracle.races, (std::set<std::pair<uint32_t, uint32_t>>{{13, 15}}));
  auto m2 = predict::predict_races(r.trace, Analysis::M2);
  EXPECT_EQ(pairs(m2), oracle.races);
  EXPECT_TRUE(m2.complete);
  PredictOptions broken;
  broken.m2_without_lock_closure = true;
  auto bad = predict::predict_races(r.trace, Analysis::M2, broken);
  EXPECT_NE(pairs(bad), oracle.races); // what the completeness property asserts
  EXPECT_FALSE(bad.complete);
}

// The benchmark's "beyond HB" count: a race that needs two critical sections reordered is
// ordered by happens-before; a plain one is not.
TEST(Predict, BeyondHappensBeforeCountsTheHbOrderedRaces) {
  auto ordered = predict::read_any_trace("# racelang trace 1\nT1 wr x\nT1 acq l\nT1 rel l\n"
                                         "T2 acq l\nT2 rel l\nT2 wr x\n");
  auto plain = predict::read_any_trace("# racelang trace 1\nT1 wr x\nT2 wr x\n");
  ASSERT_FALSE(ordered.error.has_value());
  ASSERT_FALSE(plain.error.has_value());
  auto a = predict::predict_races(ordered.trace, Analysis::SyncP);
  ASSERT_EQ(pairs(a), (std::set<std::pair<uint32_t, uint32_t>>{{0, 5}}));
  EXPECT_EQ(predict::beyond_happens_before(ordered.trace, a.races), 1u);
  auto b = predict::predict_races(plain.trace, Analysis::SyncP);
  ASSERT_EQ(b.races.size(), 1u);
  EXPECT_EQ(predict::beyond_happens_before(plain.trace, b.races), 0u);
}

// The trace as an STD file would give it: no values, no branch events, no prints.
predict::Trace without_values(const predict::Trace& trace) {
  predict::Trace out = trace;
  out.events.clear();
  out.has_values = false;
  for (predict::Event e : trace.events) {
    if (e.op == predict::Op::Branch || e.op == predict::Op::Print) continue;
    e.value = 0;
    out.events.push_back(e);
  }
  return out;
}

void check_maximal_without_values(const PredictOptions& options) {
  Recorded r = gen_recorded(40);
  predict::Trace trace = without_values(r.rec.trace);
  auto oracle = testing::predictable_races(trace);
  RC_PRE(oracle.complete);
  auto maximal = predict::predict_races(trace, Analysis::Maximal, options);
  RC_ASSERT(maximal.unknown == 0u);
  RC_TAG(maximal.races.empty() ? "no race" : "races");
  RC_ASSERT(pairs(maximal) == oracle.races);
}

RC_GTEST_PROP(Predict, MaximalWithoutValuesIsThePredictableSet, ()) {
  check_maximal_without_values({});
}

// The same with every pair asked of Z3: the encoding alone, without the sync-preserving and M2
// decisions the analysis takes first.
PredictOptions solver_only() {
  PredictOptions options;
  options.maximal_solver_only = true;
  return options;
}

RC_GTEST_PROP(Predict, MaximalEncodingWithoutValuesIsThePredictableSet, ()) {
  check_maximal_without_values(solver_only());
}

TEST(Predict, MaximalWithoutReadValueConstraintsIsCaught) {
  PredictOptions broken = solver_only();
  broken.maximal_without_read_values = true;
  EXPECT_TRUE(verify::find_failure([&] { check_maximal_without_values(broken); }, 200).has_value());
}

// With values and branch events the model is larger: every predictable race is one of its races
// (a reordering that keeps every writer keeps every value).
RC_GTEST_PROP(Predict, MaximalWithValuesIncludesThePredictableRaces, ()) {
  Recorded r = gen_recorded(40);
  auto oracle = testing::predictable_races(r.rec.trace);
  RC_PRE(oracle.complete);
  auto maximal = predict::predict_races(r.rec.trace, Analysis::Maximal);
  RC_ASSERT(maximal.unknown == 0u);
  auto found = pairs(maximal);
  RC_TAG(found.size() > oracle.races.size() ? "beyond the predictable races" : "the same");
  for (const auto& p : oracle.races) RC_ASSERT(found.count(p) == 1);
}

// With values and branch events: exactly the races of the model, enumerated (the oracle's
// maximal mode), on tiny traces every query of which Z3 decides within its limit.
void check_maximal_with_values(const PredictOptions& options) {
  Recorded r = gen_recorded(30);
  auto oracle = testing::maximal_model_races(r.rec.trace);
  RC_PRE(oracle.complete);
  auto maximal = predict::predict_races(r.rec.trace, Analysis::Maximal, options);
  RC_PRE(maximal.unknown == 0u);
  RC_TAG(maximal.races.empty() ? "no race" : "races");
  RC_ASSERT(pairs(maximal) == oracle.races);
}

RC_GTEST_PROP(Predict, MaximalWithValuesIsTheModelsRaces, ()) {
  check_maximal_with_values({});
}

RC_GTEST_PROP(Predict, MaximalEncodingWithValuesIsTheModelsRaces, ()) {
  check_maximal_with_values(solver_only());
}

// A negative control of the maximal analysis (the option `control` set, on the encoding alone)
// on a hand-written trace where it matters: the analysis gives the model's races (the oracle),
// the broken variant the other verdict on `pair` (what the properties above would catch).
void check_maximal_control(const std::string& text, std::pair<uint32_t, uint32_t> pair,
                           bool PredictOptions::*control) {
  PredictOptions broken = solver_only();
  broken.*control = true;
  auto r = predict::read_any_trace(text);
  ASSERT_FALSE(r.error.has_value());
  auto oracle = testing::maximal_model_races(r.trace);
  ASSERT_TRUE(oracle.complete);
  EXPECT_EQ(pairs(predict::predict_races(r.trace, Analysis::Maximal)), oracle.races);
  broken.witnesses = false;
  auto bad = predict::predict_races(r.trace, Analysis::Maximal, broken);
  EXPECT_NE(pairs(bad).count(pair), oracle.races.count(pair));
}

// Generated programs rarely give a small enough trace for this control: T2 writes x only after
// a branch on y = 1, and y = 1 is written after T1's write of x, so the writes of x cannot both
// be enabled (the writes and read of y race). Without read-value constraints they race too.
TEST(Predict, MaximalWithValuesWithoutReadValueConstraintsIsCaught) {
  check_maximal_control("# racelang trace 1\n"
                        "T1 wr x = 1\nT1 wr y = 1\n"
                        "T2 rd y = 1\nT2 branch 3\nT2 wr x = 2\n",
                        {0, 4}, &PredictOptions::maximal_without_read_values);
}

// The maximal analysis hands Z3 only the events a prefix may need (RelevantEvents in
// maximal.cpp); leaving out the writes a branch's read needs loses races. Here T2's branch needs
// y = 1, which T1 writes only after its write of x (so the pair is not sync-preserving and goes
// to Z3), but T3 writes it too: reading it from T3, both writes of x are enabled.
TEST(Predict, MaximalRelevantEventsWithoutWritesIsCaught) {
  check_maximal_control("# racelang trace 1\n"
                        "T1 wr x = 1\nT3 wr y = 1\nT1 wr y = 1\n"
                        "T2 rd y = 1\nT2 branch 4\nT2 wr x = 2\n",
                        {0, 5}, &PredictOptions::maximal_relevant_without_writes);
}

RC_GTEST_PROP(Predict, WitnessesAreCorrectReorderingsThatReplay, ()) {
  Recorded r = gen_recorded(80);
  for (Analysis a : {Analysis::Shb, Analysis::SyncP, Analysis::M2, Analysis::Maximal}) {
    auto result = predict::predict_races(r.rec.trace, a);
    RC_TAG(result.races.empty() ? "no race" : "races");
    for (const auto& race : result.races) {
      RC_ASSERT(!race.witness.empty());
      RC_ASSERT(race.witness[race.witness.size() - 2] == race.first);
      RC_ASSERT(race.witness.back() == race.second);
      auto bad = predict::check_witness(r.rec.trace, race.witness, a == Analysis::Maximal);
      RC_ASSERT(!bad.has_value());
      auto replay = predict::confirm_witness(r.program->code, r.rec.trace, race.witness);
      if (replay) RC_FAIL(*replay);
    }
  }
}

} // namespace
} // namespace racelang
