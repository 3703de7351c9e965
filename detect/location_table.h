// Per-location detector metadata (R_x, W_x, FastTrack's epochs) indexed by location, allocated
// only where a location was accessed. A dense vector grown to the highest location touched made
// one access to the last cell of a program with `shared a[10000000]` cost ten million clocks,
// and exploration builds detectors afresh many times. Low locations stay in a dense vector
// (small programs: as cheap as before); high ones live in pages allocated on first write. An
// untouched entry reads as T{} (⊥: the initial metadata), so a table behaves as the total map
// from locations the rules describe.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <vector>

namespace racelang::detect {

template <typename T> class LocationTable {
public:
  // Locations below kDenseLimit live in a vector grown to the highest one touched (the common
  // case: small programs, where a page of entries would cost more than the whole table);
  // locations above it in pages of kPageEntries, allocated on first write.
  static constexpr uint32_t kDenseLimit = 4096;
  static constexpr std::size_t kPageEntries = 256;

  LocationTable() = default;
  LocationTable(const LocationTable& other) { *this = other; }
  // Reuses this table's storage: entries are copy-assigned in place, and entries other does not
  // have are assigned T{} rather than dropped, so that a clock keeps its buffer (explorers
  // restore kept copies of their detectors at every backtrack, and would otherwise allocate
  // every clock anew each time). Only the contents are the copy's; get() cannot tell.
  LocationTable& operator=(const LocationTable& other) {
    if (this == &other) return *this;
    if (dense_.size() < other.dense_.size()) dense_.resize(other.dense_.size());
    std::copy(other.dense_.begin(), other.dense_.end(), dense_.begin());
    for (std::size_t x = other.dense_.size(); x < dense_.size(); ++x) dense_[x] = untouched();
    if (pages_.size() < other.pages_.size()) pages_.resize(other.pages_.size());
    for (std::size_t p = 0; p < pages_.size(); ++p) {
      if (p >= other.pages_.size() || !other.pages_[p])
        pages_[p].reset();
      else if (pages_[p])
        *pages_[p] = *other.pages_[p];
      else
        pages_[p] = std::make_unique<Page>(*other.pages_[p]);
    }
    return *this;
  }
  LocationTable(LocationTable&&) noexcept = default;
  LocationTable& operator=(LocationTable&&) noexcept = default;

  // The entry of x, T{} if x was never written through at().
  const T& get(uint32_t x) const {
    if (x < kDenseLimit) return x < dense_.size() ? dense_[x] : untouched();
    std::size_t p = (x - kDenseLimit) / kPageEntries;
    if (p < pages_.size() && pages_[p]) return (*pages_[p])[(x - kDenseLimit) % kPageEntries];
    return untouched();
  }

  // The entry of x, made (as T{}) if needed. A reference stays valid until the next at() of a
  // location below kDenseLimit (the dense part may move; pages never do).
  T& at(uint32_t x) {
    if (x < kDenseLimit) {
      if (x >= dense_.size()) dense_.resize(std::size_t{x} + 1);
      return dense_[x];
    }
    std::size_t p = (x - kDenseLimit) / kPageEntries;
    if (p >= pages_.size()) pages_.resize(p + 1);
    if (!pages_[p]) pages_[p] = std::make_unique<Page>();
    return (*pages_[p])[(x - kDenseLimit) % kPageEntries];
  }

  // Every location of the dense part and of an allocated page, ascending: a superset of the
  // locations whose entry differs from T{} (for walks that must not visit every location of a
  // large program).
  void append_allocated(std::vector<uint32_t>& out) const {
    for (uint32_t x = 0; x < dense_.size(); ++x) out.push_back(x);
    for (std::size_t p = 0; p < pages_.size(); ++p)
      if (pages_[p])
        for (std::size_t i = 0; i < kPageEntries; ++i)
          out.push_back(static_cast<uint32_t>(kDenseLimit + p * kPageEntries + i));
  }

private:
  static const T& untouched() {
    static const T entry{};
    return entry;
  }

  using Page = std::array<T, kPageEntries>;
  std::vector<T> dense_;
  std::vector<std::unique_ptr<Page>> pages_;
};

// The locations allocated in either table, ascending, once each (a detector's R_x and W_x):
// each table's list is ascending already, so the two are merged, not sorted (the explorer asks
// for this at every state it fingerprints).
template <typename A, typename B>
std::vector<uint32_t> allocated_locations(const LocationTable<A>& a, const LocationTable<B>& b) {
  std::vector<uint32_t> in_a, in_b, out;
  a.append_allocated(in_a);
  b.append_allocated(in_b);
  out.reserve(std::max(in_a.size(), in_b.size()));
  std::set_union(in_a.begin(), in_a.end(), in_b.begin(), in_b.end(), std::back_inserter(out));
  return out;
}

} // namespace racelang::detect
