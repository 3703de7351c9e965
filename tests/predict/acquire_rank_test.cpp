// The table of acquires before each position (predict/acquire_rank.h: a count per block of
// positions and a byte per position within its block) against a plain count, on random
// threads long enough to span many blocks, with acquires sparse, dense and in runs (a run of
// acquires longer than a block is what could overflow the byte). The negative control, blocks
// of 512 positions, whose byte overflows after 255 acquires in a block, is caught by the same
// comparison.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <random>
#include <vector>

#include "predict/acquire_rank.h"
#include "verify/property_runner.h"

namespace racelang {
namespace {

// Rank with blocks of 2^kShift positions against a plain count, for every position.
template <uint32_t kShift> void check_rank() {
  const auto size = *rc::gen::inRange<uint32_t>(0, 3000);
  // The chance that a position is an acquire, in percent: sparse to every position.
  const auto density = *rc::gen::element(0u, 1u, 10u, 50u, 95u, 100u);
  // (positions drawn from a seeded generator, not one RapidCheck value each: a failure then
  // shrinks over three values, not thousands)
  std::mt19937 random(*rc::gen::arbitrary<uint32_t>());
  std::vector<uint32_t> acquires;
  for (uint32_t p = 0; p < size; ++p)
    if (random() % 100 < density) acquires.push_back(p);
  RC_TAG(density);
  predict::AcquireRankIn<kShift> rank(static_cast<uint32_t>(size),
                                      static_cast<uint32_t>(acquires.size()),
                                      [&](uint32_t j) { return acquires[j]; });
  uint32_t before = 0;
  for (uint32_t p = 0; p <= size; ++p) {
    RC_ASSERT(rank(p) == before);
    if (before < acquires.size() && acquires[before] == p) ++before;
  }
}

RC_GTEST_PROP(AcquireRank, CountsTheAcquiresBeforeEachPosition, ()) {
  check_rank<8>();
}

TEST(AcquireRank, BlocksTooLongForAByteAreCaught) {
  EXPECT_TRUE(verify::find_failure([] { check_rank<9>(); }, 400).has_value());
}

} // namespace
} // namespace racelang
