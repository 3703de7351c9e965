// Tests of the keys of reversed races' sequences and the set a DPOR frame keeps them in
// (interp/reversal_keys.h): a step's key tells apart every field the weak-initial test and the
// insertion read (thread, position, footprint, clock, being the race's last step), a
// sequence's key does not depend on the order of its steps, and the set answers like
// std::set across growth and clears. That skipping a sequence with a key seen before changes
// nothing in the search is dpor_test.cpp's (RepeatedReversalsSkippedChangeNothing, and the
// tooth of keys without footprints).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <utility>

#include "interp/reversal_keys.h"

namespace racelang {
namespace {

Footprint footprint(LabelKind kind, uint32_t target) {
  Footprint fp;
  fp.labels.push_back({kind, 1, target});
  return fp;
}

TEST(ReversalKeys, EveryFieldOfAStepChangesItsKey) {
  const Footprint read = footprint(LabelKind::Read, 3);
  const std::vector<uint32_t> clock = {1, 2, 0};
  const ReversalKey base = reversal_step_key(1, 2, read, &clock, false);
  EXPECT_EQ(reversal_step_key(1, 2, read, &clock, false), base);
  EXPECT_NE(reversal_step_key(2, 2, read, &clock, false), base);
  EXPECT_NE(reversal_step_key(1, 3, read, &clock, false), base);
  EXPECT_NE(reversal_step_key(1, 2, footprint(LabelKind::Read, 4), &clock, false), base);
  EXPECT_NE(reversal_step_key(1, 2, footprint(LabelKind::Write, 3), &clock, false), base);
  const std::vector<uint32_t> later = {1, 2, 1};
  EXPECT_NE(reversal_step_key(1, 2, read, &later, false), base);
  EXPECT_NE(reversal_step_key(1, 2, read, nullptr, false), base);
  EXPECT_NE(reversal_step_key(1, 2, read, &clock, true), base);
  Footprint ends = read;
  ends.ends = true;
  EXPECT_NE(reversal_step_key(1, 2, ends, &clock, false), base);
  Footprint prints = read;
  prints.prints = true;
  EXPECT_NE(reversal_step_key(1, 2, prints, &clock, false), base);
}

TEST(ReversalKeys, ASequencesKeyIsTheSameInEveryOrder) {
  std::vector<ReversalKey> steps;
  for (uint32_t t = 0; t < 6; ++t) {
    const std::vector<uint32_t> clock = {t, 1, 2};
    steps.push_back(reversal_step_key(t, t + 1, footprint(LabelKind::Write, t), &clock, t == 5));
  }
  auto sum = [](const std::vector<ReversalKey>& keys) {
    ReversalKey k;
    for (const ReversalKey& s : keys) k.add(s);
    return k;
  };
  const ReversalKey forward = sum(steps);
  std::reverse(steps.begin(), steps.end());
  EXPECT_EQ(sum(steps), forward);
  steps.pop_back();
  EXPECT_NE(sum(steps), forward);
}

// Against std::set on random keys drawn from a few hundred (so that many come again), across
// the set's growth and clears.
TEST(ReversalKeySet, AnswersAsASetAcrossGrowthAndClears) {
  std::mt19937_64 rng(20261128);
  ReversalKeySet set;
  std::set<std::pair<uint64_t, uint64_t>> model;
  for (int round = 0; round < 20; ++round) {
    const int draws = 1 + static_cast<int>(rng() % 2'000);
    for (int n = 0; n < draws; ++n) {
      // (b's lowest bit set, as insert sets it: keys differing only there are one key)
      ReversalKey k{rng() % 300, (rng() % 4) | 1};
      bool fresh = model.insert({k.a, k.b}).second;
      ASSERT_EQ(set.insert(k), fresh) << round << " " << n;
    }
    EXPECT_EQ(set.size(), model.size());
    set.clear();
    model.clear();
    EXPECT_EQ(set.size(), 0u);
  }
  EXPECT_TRUE(set.insert(ReversalKey{})); // the empty slot's value is a key like any other
  EXPECT_FALSE(set.insert(ReversalKey{}));
}

} // namespace
} // namespace racelang
