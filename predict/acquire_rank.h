// Internal to predict/: how many of one thread's acquires come before each of its positions, in
// about a quarter of the memory of one count per position. SyncP looks this up for every thread
// at every pair that needs its full check (syncp.cpp), so it must be O(1); as a plain table it
// was 4 bytes a position and thread, built at the first full check, all of it fresh pages on
// the race-dense traces where full checks happen (400 KB on the benchmark's synthetic_fig1a).
// Here: per block of 2^kShift positions the count before the block (4 bytes), and per position
// the count within its block before it, a byte. *Invariant*: a block has at most 256 positions,
// so at most 255 come before a position in it and the byte cannot overflow (the tests check a
// 512-position block, which breaks it, against a plain count).
#pragma once

#include <cstdint>
#include <vector>

namespace racelang::predict {

template <uint32_t kShift = 8> class AcquireRankIn {
public:
  AcquireRankIn() = default;
  // A thread of `size` events whose `count` acquires are at positions acquire_pos(0) <
  // acquire_pos(1) < ...; the rank is defined for every p in [0, size].
  template <typename AcquirePos>
  AcquireRankIn(uint32_t size, uint32_t count, AcquirePos acquire_pos)
      : base_((size >> kShift) + 1), within_(size + 1) {
    // (through plain pointers: the byte stores would make the compiler reload the vectors'
    // addresses at every position)
    uint32_t* base = base_.data();
    uint8_t* within = within_.data();
    uint32_t k = 0, j = 0, next = count > 0 ? acquire_pos(0) : UINT32_MAX;
    for (uint32_t p = 0; p <= size; ++p) {
      if ((p & kMask) == 0) base[p >> kShift] = k;
      within[p] = static_cast<uint8_t>(k - base[p >> kShift]);
      if (p == next) {
        ++k;
        next = ++j < count ? acquire_pos(j) : UINT32_MAX;
      }
    }
  }
  // How many of the thread's acquires are at positions before p (p <= size).
  uint32_t operator()(uint32_t p) const { return base_[p >> kShift] + within_[p]; }

private:
  static constexpr uint32_t kMask = (1u << kShift) - 1;
  std::vector<uint32_t> base_;  // block -> acquires before it
  std::vector<uint8_t> within_; // position -> acquires in its block before it
};

using AcquireRank = AcquireRankIn<>;

} // namespace racelang::predict
