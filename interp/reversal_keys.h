// The keys of the reversed races' sequences a frame of the DPOR search has already handled
// while its branch in progress runs, so that a race whose sequence comes again is not inserted
// again. Optimal DPOR reverses every race of an execution at its end, and the executions
// below one branch of a frame share most of their steps: on indexer(15) 45% of the reversals
// of races more than 32 frames before the end, and on sigma(6) 62% of all, build a sequence
// equivalent to one that the same frame has handled since its branch began. Inserting it again
// changes nothing (docs/explore.md, "2026-11-28: a race's sequence handled twice"): the wakeup tree
// there only grows, never below a leaf, and the sleep set stays as it was until the frame takes its
// next branch, which clears the keys.
//
// A sequence's key sums one 128-bit hash per step (its thread, position, footprint and clock;
// the race's last step hashed apart), so that equivalent sequences (the same steps, the same
// happens-before order among them, in another interleaving) share it.
#pragma once

#include <cstdint>
#include <vector>

#include "interp/dpor_dependence.h"

namespace racelang {

struct ReversalKey {
  uint64_t a = 0, b = 0;
  friend bool operator==(const ReversalKey&, const ReversalKey&) = default;
  void add(const ReversalKey& step) {
    a += step.a;
    b += step.b;
  }
};

// One step's hash. `last`: the race's second step, which ends every sequence.
ReversalKey reversal_step_key(uint32_t thread, uint32_t pos, const Footprint& fp,
                              const std::vector<uint32_t>* clock, bool last);

// An open-addressing set of keys (most frames hold none or a few; the shallow ones of a long
// search hold thousands).
class ReversalKeySet {
public:
  // False if `key` was there already.
  bool insert(ReversalKey key);
  void clear();
  size_t size() const { return size_; }

private:
  std::vector<ReversalKey> slots_; // {0, 0}: empty (keys are never that: insert sets a bit)
  size_t size_ = 0;
};

} // namespace racelang
