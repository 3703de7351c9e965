// M2's cone and its decisions on slices of the trace (predict/trace_slice.h, m2.cpp's
// SliceDecider): a slice cut where no lock is held gives witnesses that are correct reorderings
// of the whole trace, M2 with slices finds every race M2 on the whole trace finds (the same set
// on two threads, where both are exact) and only predictable races, all of them when its
// dynamic check says complete; on a long trace whose races all need critical sections reversed
// the slices decide them. The negative control cuts slices inside critical sections and is
// caught. Two traces the oracle property found pin the cone's rules for other threads'
// critical sections.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>
#include <string>

#include "predict/predict.h"
#include "predict/trace_text.h"
#include "tests/predict/oracle.h"
#include "tests/predict/random_trace.h"

namespace racelang {
namespace {

using predict::Analysis;
using predict::PredictOptions;

std::set<std::pair<uint32_t, uint32_t>> pairs(const predict::PredictResult& r) {
  std::set<std::pair<uint32_t, uint32_t>> out;
  for (const auto& race : r.races) out.insert({race.first, race.second});
  return out;
}

size_t thread_count(const predict::Trace& trace) {
  std::set<uint32_t> threads;
  for (const auto& e : trace.events) threads.insert(e.thread);
  return threads.size();
}

PredictOptions slices_from(uint32_t back) {
  PredictOptions options;
  options.m2_slice = back;
  return options;
}

// Slices as short as they can be (one event before the first access, then 8, 64, ...), so that
// short random traces, with their overlapping critical sections, exercise them.
RC_GTEST_PROP(M2Slices, WitnessesAreCorrectReorderingsOfTheWholeTrace, ()) {
  predict::Trace trace = testing::gen_random_trace(80);
  auto sliced = predict::predict_races(trace, Analysis::M2, slices_from(1));
  auto whole = predict::predict_races(trace, Analysis::M2, slices_from(0));
  RC_TAG(sliced.decided_on_slices > 0 ? "decided on slices" : "none on slices");
  for (const auto& race : sliced.races) {
    RC_ASSERT(!race.witness.empty());
    auto error = predict::check_witness(trace, race.witness);
    RC_LOG() << predict::write_trace(trace) << "race " << race.first << " " << race.second << ": "
             << error.value_or("ok");
    RC_ASSERT(!error.has_value());
  }
  // A slice's rejection is never used: every race of the whole-trace decision is found.
  auto found = pairs(sliced);
  for (const auto& pair : pairs(whole)) RC_ASSERT(found.count(pair) == 1);
  if (thread_count(trace) <= 2) RC_ASSERT(found == pairs(whole));
}

RC_GTEST_PROP(M2Slices, ReportOnlyPredictableRacesAndAllOfThemOnTwoThreads, ()) {
  predict::Trace trace = testing::gen_random_trace(30);
  auto oracle = testing::predictable_races(trace);
  RC_PRE(oracle.complete);
  auto sliced = predict::predict_races(trace, Analysis::M2, slices_from(1));
  auto whole = predict::predict_races(trace, Analysis::M2, slices_from(0));
  RC_LOG() << predict::write_trace(trace) << "sliced: " << sliced.races.size() << " races, "
           << (sliced.complete ? "complete" : "incomplete") << "; whole: " << whole.races.size()
           << " races, " << (whole.complete ? "complete" : "incomplete") << "\n";
  for (const auto& race : sliced.races) RC_ASSERT(oracle.races.count({race.first, race.second}));
  if (thread_count(trace) <= 2 || sliced.complete) RC_ASSERT(pairs(sliced) == oracle.races);
}

// POPL'20's reversal shape repeated: every race needs the other thread's empty critical
// section moved before the writer's, so none is decided by a shortcut, and each pair's cone is
// the whole trace before it.
std::string reversal_trace(int blocks) {
  std::string text = "# racelang trace 1\n";
  for (int k = 0; k < blocks; ++k) {
    std::string x = "x" + std::to_string(k);
    text += "T1 acq l\nT1 wr " + x + "\nT1 rel l\nT2 acq l\nT2 rel l\nT2 rd " + x + "\n";
  }
  return text;
}

TEST(M2Slices, DecideTheRacesOfALongTraceNearThem) {
  auto parsed = predict::read_any_trace(reversal_trace(200));
  ASSERT_FALSE(parsed.error.has_value());
  auto sliced = predict::predict_races(parsed.trace, Analysis::M2, slices_from(16));
  auto whole = predict::predict_races(parsed.trace, Analysis::M2, slices_from(0));
  ASSERT_EQ(whole.races.size(), 200u);
  EXPECT_EQ(pairs(sliced), pairs(whole));
  EXPECT_TRUE(sliced.complete);
  // All but the first few (whose slice would start at the trace's start) on slices.
  EXPECT_GE(sliced.decided_on_slices, 190u);
  EXPECT_EQ(whole.decided_on_slices, 0u);
  for (const auto& race : sliced.races)
    EXPECT_FALSE(predict::check_witness(parsed.trace, race.witness).has_value());
}

// With --no-witness nothing trace-long is built for a race decided on a slice.
TEST(M2Slices, WithoutWitnessesNothingTraceLongIsBuilt) {
  auto parsed = predict::read_any_trace(reversal_trace(50));
  ASSERT_FALSE(parsed.error.has_value());
  PredictOptions options = slices_from(16);
  options.witnesses = false;
  auto sliced = predict::predict_races(parsed.trace, Analysis::M2, options);
  ASSERT_EQ(sliced.races.size(), 50u);
  ASSERT_GT(sliced.decided_on_slices, 0u);
  size_t empty = 0;
  for (const auto& race : sliced.races) empty += race.witness.empty();
  EXPECT_EQ(empty, sliced.decided_on_slices);
}

// The negative control: a slice cut while thread 1 holds l lets thread 2 take l in the
// witness before thread 1 releases it. The sound cut (the latest point where no lock is held)
// goes back before thread 1's acquire instead.
TEST(M2Slices, ASliceCutInsideACriticalSectionIsCaught) {
  // Twenty writes of thread 1's own location first, so that a slice of the last seven events is
  // short enough (less than half the trace up to the pair) to be tried.
  std::string text = "# racelang trace 1\n";
  for (int k = 0; k < 20; ++k) text += "T1 wr f\n";
  text += "T1 acq l\nT1 wr w\nT1 wr x\nT1 rel l\nT2 acq l\nT2 rel l\nT2 rd x\n";
  auto parsed = predict::read_any_trace(text);
  ASSERT_FALSE(parsed.error.has_value());
  PredictOptions sound = slices_from(1);
  auto good = predict::predict_races(parsed.trace, Analysis::M2, sound);
  ASSERT_EQ(pairs(good), (std::set<std::pair<uint32_t, uint32_t>>{{22, 26}}));
  EXPECT_FALSE(predict::check_witness(parsed.trace, good.races[0].witness).has_value());
  PredictOptions broken = sound;
  broken.m2_slice_anywhere = true;
  auto bad = predict::predict_races(parsed.trace, Analysis::M2, broken);
  ASSERT_EQ(bad.races.size(), 1u);
  EXPECT_EQ(bad.decided_on_slices, 1u);
  EXPECT_TRUE(predict::check_witness(parsed.trace, bad.races[0].witness).has_value());
}

predict::Trace parse(const char* text) {
  auto parsed = predict::read_any_trace(text);
  EXPECT_FALSE(parsed.error.has_value());
  return parsed.trace;
}

// Thread 2 takes m0 and never releases it: a witness leaves it held (nothing else takes m0), so
// it does not stop the race of thread 1's read (reading thread 2's write) with thread 0's write.
TEST(M2Cone, ASectionNeverReleasedStaysOpenInTheWitness) {
  auto trace = parse("# racelang trace 1\nT0 fork T1\nT0 fork T2\nT0 rd x0\nT1 rd x0\nT0 rd x0\n"
                     "T2 rd x0\nT2 rd x0\nT0 rd x0\nT2 acq m0\nT2 wr x0\nT1 rd x0\nT2 rd x0\n"
                     "T1 rd x0\nT0 wr x0\n");
  auto oracle = testing::predictable_races(trace);
  ASSERT_TRUE(oracle.complete);
  ASSERT_EQ(oracle.races.count({12, 13}), 1u);
  auto m2 = predict::predict_races(trace, Analysis::M2);
  EXPECT_EQ(pairs(m2), oracle.races);
  for (const auto& race : m2.races)
    EXPECT_FALSE(predict::check_witness(trace, race.witness).has_value());
}

// The cone of (5, 9) takes in thread 1's section of m0 up to its release (the paper's condition
// 4), and with it a read of event 9 itself; but a witness may leave that section open, and the
// oracle finds one. M2 rejects the pair, and must not call that rejection certain: its dynamic
// check then says it is not complete, rather than claiming every predictable race.
TEST(M2Cone, ARejectionAfterClosingAnotherThreadsSectionIsNotCertain) {
  auto trace = parse("# racelang trace 1\nT0 fork T1\nT0 fork T2\nT0 rd x0\nT1 acq m0\n"
                     "T1 rd x0\nT2 rd x0\nT1 wr x0\nT0 rd x0\nT1 rd x0\nT0 wr x0\nT2 rd x0\n"
                     "T0 rd x0\nT1 rd x0\nT1 rd x0\nT0 rd x0\nT1 rd x0\nT0 rd x0\nT1 rd x0\n"
                     "T1 rd x0\nT2 rd x0\nT1 rel m0\n");
  auto oracle = testing::predictable_races(trace);
  ASSERT_TRUE(oracle.complete);
  ASSERT_EQ(oracle.races.count({5, 9}), 1u);
  auto m2 = predict::predict_races(trace, Analysis::M2);
  for (const auto& race : m2.races) EXPECT_EQ(oracle.races.count({race.first, race.second}), 1u);
  EXPECT_NE(pairs(m2), oracle.races);
  EXPECT_FALSE(m2.complete);
}

} // namespace
} // namespace racelang
