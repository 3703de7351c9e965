// Tests of DPOR's footprint summaries (interp/dpor_dependence.h): the search skips the
// dependence check of two steps whose summaries share no bit, so that must mean the steps are
// independent in both directions under every DporFault. Checked on generated footprints over
// every label kind with few cells and threads (so that cells and hash bits collide often), and
// each deliberately broken summary (SummaryFault) is caught. That the search gives the same
// results with the summaries is dpor_test.cpp's (its generated programs, and the tooth of a
// stale summary: DporFault::StaleEventKeys).
#include <gtest/gtest.h>

#include <random>

#include "interp/dpor_dependence.h"

namespace racelang {
namespace {

constexpr DporFault kFaults[] = {DporFault::None,
                                 DporFault::IgnoreLocks,
                                 DporFault::WritesCommute,
                                 DporFault::NoWakeupTrees,
                                 DporFault::IgnoreConditions,
                                 DporFault::IgnoreBarriers,
                                 DporFault::StaleEndingSteps,
                                 DporFault::StaleEventKeys,
                                 DporFault::EndRaceAlone,
                                 DporFault::BlockedEndsSkipLocks};

Footprint generated_footprint(std::mt19937& rng) {
  Footprint fp;
  std::uniform_int_distribution<int> kind(0, static_cast<int>(LabelKind::BarrierDepart));
  std::uniform_int_distribution<int> small(0, 3), labels(0, 3), percent(0, 99);
  for (int n = labels(rng); n > 0; --n) {
    Label l;
    l.kind = static_cast<LabelKind>(kind(rng));
    if (l.kind == LabelKind::Exit) continue; // never in a footprint
    l.thread = small(rng);
    l.target = static_cast<uint32_t>(percent(rng) < 50 ? small(rng) : percent(rng) * 1000);
    fp.labels.push_back(l);
  }
  fp.prints = percent(rng) < 10;
  fp.ends = percent(rng) < 3;
  return fp;
}

struct Tally {
  size_t ruled_out = 0; // pairs whose summaries share no bit
  size_t missed = 0;    // of those, pairs that are dependent after all
};

Tally check_summaries(SummaryFault fault) {
  std::mt19937 rng(20261126);
  Tally tally;
  for (int round = 0; round < 20000; ++round) {
    Footprint a = generated_footprint(rng), b = generated_footprint(rng);
    if (FootprintSummary::of(a, fault).may_depend(FootprintSummary::of(b, fault))) continue;
    ++tally.ruled_out;
    for (DporFault f : kFaults)
      if (!Dependence(f).independent(a, b)) {
        ++tally.missed;
        break;
      }
  }
  return tally;
}

TEST(DporSummary, DisjointSummariesMeanIndependentSteps) {
  Tally t = check_summaries(SummaryFault::None);
  EXPECT_EQ(t.missed, 0u);
  EXPECT_GT(t.ruled_out, 2000u); // the summaries do rule pairs out (the check is not vacuous)
}

TEST(DporSummary, AStepThatEndsMayDependOnEveryStep) {
  Footprint ends, silent;
  ends.ends = true;
  EXPECT_TRUE(FootprintSummary::of(ends).may_depend(FootprintSummary::of(silent)));
  EXPECT_FALSE(Dependence(DporFault::None).independent(ends, silent));
}

TEST(DporSummaryTeeth, HashingForkAndJoinIsCaught) {
  EXPECT_GT(check_summaries(SummaryFault::ForkJoinHashed).missed, 0u);
}

TEST(DporSummaryTeeth, LeavingPrintsOutIsCaught) {
  EXPECT_GT(check_summaries(SummaryFault::PrintsLeftOut).missed, 0u);
}

} // namespace
} // namespace racelang
