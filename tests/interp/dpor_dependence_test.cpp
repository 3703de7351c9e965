// Tests of DPOR's footprint summaries (interp/dpor_dependence.h) and of its index of earlier
// steps by object (interp/dependence_index.h): the search skips the dependence check of two
// steps whose summaries share no bit, so that must mean the steps are independent in both
// directions under every DporFault; and it checks a new step only against the earlier steps
// the index returns, so those must include every earlier step of the current execution it is
// dependent with, latest first. Checked on generated footprints over
// every label kind with few cells and threads (so that cells and hash bits collide often), and
// each deliberately broken summary (SummaryFault) is caught. That the search gives the same
// results with the summaries is dpor_test.cpp's (its generated programs, and the tooth of a
// stale summary: DporFault::StaleEventKeys).
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>

#include "interp/dependence_index.h"
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

// The index against the whole execution, on executions that grow and shrink as the search's
// stack does: each round pops a random number of frames and pushes a generated step, and the
// index's candidates for it must be strictly descending, below its frame, and include every
// earlier frame whose step is dependent with it (Dependence::between, which add_event asks,
// under every DporFault). Then the index is asked about another generated step from a random
// frame on, as weak_initial asks it about a sleeping thread's next step: its answer
// (candidates) must hold every frame from there whose step is dependent with that step either
// way. Returns the rounds where each failed.
struct IndexMisses {
  size_t filed = 0; // file's candidates
  size_t asked = 0; // candidates'
};

IndexMisses index_misses(IndexFault fault) {
  std::mt19937 rng(20261128);
  std::uniform_int_distribution<int> percent(0, 99);
  DependenceIndex index(fault, true);
  std::vector<Footprint> path;
  std::vector<uint32_t> out;
  IndexMisses misses;
  size_t indexed = 0, asked = 0;
  auto dependent = [](const Footprint& a, const Footprint& b) {
    for (DporFault f : kFaults)
      if (Dependence(f).between(a, b) != Dep::None) return true;
    return false;
  };
  for (int round = 0; round < 20000; ++round) {
    if (!path.empty() && percent(rng) < 30) {
      std::uniform_int_distribution<size_t> pop(0, std::min<size_t>(path.size(), 12));
      path.resize(path.size() - pop(rng));
    }
    if (path.size() > 200) path.resize(20);
    Footprint fp = generated_footprint(rng);
    const size_t j = path.size();
    path.push_back(fp);
    if (!index.file(j, fp, out)) {
      if (!fp.ends || !out.empty()) ++misses.filed; // only a step that ends falls back
    } else {
      ++indexed;
      bool ok = std::adjacent_find(out.begin(), out.end(), std::less_equal<>()) == out.end() &&
                (out.empty() || out.front() < j);
      for (size_t i = 0; i < j && ok; ++i)
        if (dependent(path[i], fp) && std::find(out.begin(), out.end(), i) == out.end()) ok = false;
      if (!ok) ++misses.filed;
    }
    const Footprint q = generated_footprint(rng);
    const size_t from = std::uniform_int_distribution<size_t>(0, j + 1)(rng);
    if (!index.candidates(q, from, out)) {
      if (!q.ends || !out.empty()) ++misses.asked;
      continue;
    }
    ++asked;
    bool ok = std::all_of(out.begin(), out.end(), [&](uint32_t x) { return x >= from && x <= j; });
    for (size_t x = from; x <= j && ok; ++x)
      if ((dependent(path[x], q) || dependent(q, path[x])) &&
          std::find(out.begin(), out.end(), x) == out.end())
        ok = false;
    if (!ok) ++misses.asked;
  }
  // Most steps are looked up, not scanned (the checks are not vacuous).
  EXPECT_GT(indexed, 10000u);
  EXPECT_GT(asked, 10000u);
  return misses;
}

TEST(DporIndex, CandidatesHoldEveryDependentEarlierStepLatestFirst) {
  IndexMisses m = index_misses(IndexFault::None);
  EXPECT_EQ(m.filed, 0u);
  EXPECT_EQ(m.asked, 0u);
}

// Each broken index is caught both where add_event files a step and where weak_initial asks.
void expect_caught_filed_and_asked(IndexFault fault) {
  IndexMisses m = index_misses(fault);
  EXPECT_GT(m.filed, 0u);
  EXPECT_GT(m.asked, 0u);
}

TEST(DporIndexTeeth, LeavingPrintsOutIsCaught) {
  expect_caught_filed_and_asked(IndexFault::PrintsLeftOut);
}

TEST(DporIndexTeeth, LeavingReadsOutIsCaught) {
  expect_caught_filed_and_asked(IndexFault::ReadsLeftOut);
}

TEST(DporIndexTeeth, KeepingPoppedFramesIsCaught) {
  expect_caught_filed_and_asked(IndexFault::NeverForgets);
}

TEST(DporIndexTeeth, SpawnsAndWaitsNotAskingForTheirTargetsStepsAreCaught) {
  expect_caught_filed_and_asked(IndexFault::TargetStepsNotAsked);
}

// A query that starts one frame late loses the steps of the frame it was asked from.
TEST(DporIndexTeeth, AskingFromTheNextFrameIsCaught) {
  EXPECT_GT(index_misses(IndexFault::AskedFromTheNextFrame).asked, 0u);
}

} // namespace
} // namespace racelang
