// The entries of a vector clock (vector_clock.h): up to kInline of them in place, more on the
// heap. Clocks are copied and rebuilt constantly — the explorer fingerprints every state it
// caches from copies of the detector's clocks and rebuilds its detector from the path at each
// backtrack — and most programs have a handful of threads, so a clock that stays in place
// costs no allocation. Only what VectorClock needs: it only ever grows its entries.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace racelang::detect {

class ClockEntries {
public:
  static constexpr std::size_t kInline = 6;

  ClockEntries() = default;
  ClockEntries(std::initializer_list<uint32_t> values) {
    grow(values.size(), 0);
    std::copy(values.begin(), values.end(), data());
  }

  std::size_t size() const { return size_; }
  uint32_t& operator[](std::size_t i) { return data()[i]; }
  uint32_t operator[](std::size_t i) const { return data()[i]; }

  // Grows to `n` entries (n >= size()), the new ones `value`.
  void grow(std::size_t n, uint32_t value) {
    if (n <= kInline) {
      std::fill(in_place_.begin() + static_cast<std::ptrdiff_t>(size_),
                in_place_.begin() + static_cast<std::ptrdiff_t>(n), value);
    } else {
      if (size_ <= kInline) heap_.assign(in_place_.begin(), in_place_.begin() + size_);
      heap_.resize(n, value);
    }
    size_ = n;
  }

private:
  uint32_t* data() { return size_ <= kInline ? in_place_.data() : heap_.data(); }
  const uint32_t* data() const { return size_ <= kInline ? in_place_.data() : heap_.data(); }

  std::size_t size_ = 0;
  std::array<uint32_t, kInline> in_place_{};
  std::vector<uint32_t> heap_; // the entries once there are more than kInline
};

} // namespace racelang::detect
