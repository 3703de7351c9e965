// The keys of reversed races' sequences and the set a frame keeps them in (reversal_keys.h).
#include "interp/reversal_keys.h"

#include <algorithm>

namespace racelang {
namespace {

// The finaliser of MurmurHash3: every input bit moves about half the output bits.
uint64_t avalanche(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

// Two polynomial hashes with different odd multipliers, folded in word by word (cheap: a
// step's clock has a word per thread, and every step of a long execution is hashed).
struct TwoLanes {
  uint64_t a = 0x9e3779b97f4a7c15ULL, b = 0x632be59bd9b4e019ULL;
  void add(uint64_t word) {
    a = (a ^ word) * 0x100000001b3ULL + 0x2545f4914f6cdd1dULL;
    b = (b + word) * 0xd6e8feb86659fd93ULL;
  }
};

} // namespace

ReversalKey reversal_step_key(uint32_t thread, uint32_t pos, const Footprint& fp,
                              const std::vector<uint32_t>* clock, bool last) {
  TwoLanes h;
  h.add(uint64_t{thread} << 32 | pos);
  h.add(uint64_t{fp.ends} | uint64_t{fp.prints} << 1 | uint64_t{last} << 2 |
        uint64_t{clock != nullptr} << 3 | uint64_t{fp.labels.size()} << 8);
  for (const Label& l : fp.labels)
    h.add(static_cast<uint64_t>(l.kind) << 40 ^ uint64_t{l.target} ^
          static_cast<uint64_t>(l.thread) << 48);
  if (clock != nullptr) {
    h.add(clock->size());
    for (uint32_t c : *clock) h.add(c);
  }
  return {avalanche(h.a), avalanche(h.b ^ 0x5bd1e995ULL)};
}

bool ReversalKeySet::insert(ReversalKey key) {
  key.b |= 1; // never the empty slot's {0, 0}
  if ((size_ + 1) * 2 > slots_.size()) {
    std::vector<ReversalKey> old = std::move(slots_);
    slots_.assign(std::max<size_t>(16, old.size() * 2), ReversalKey{});
    size_ = 0;
    for (const ReversalKey& k : old)
      if (k.b != 0) insert(k);
  }
  const size_t mask = slots_.size() - 1;
  for (size_t s = key.a & mask;; s = (s + 1) & mask) {
    if (slots_[s] == key) return false;
    if (slots_[s].b == 0) {
      slots_[s] = key;
      ++size_;
      return true;
    }
  }
}

void ReversalKeySet::clear() {
  if (size_ == 0) return;
  std::fill(slots_.begin(), slots_.end(), ReversalKey{});
  size_ = 0;
}

} // namespace racelang
