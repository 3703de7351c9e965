// DJIT+ (Pozniansky & Schuster, as presented in FastTrack PLDI'09 §2.2 and Figure 2, right
// column): full vector clocks R_x and W_x per location, like VectorClock, plus the two same-epoch
// fast paths that skip the O(n) comparisons when the thread already accessed x in its current
// epoch. It is the baseline FastTrack is measured against; its counters let the benchmarks compare
// fast-path rates with the paper's (78% of reads, 71% of writes).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "detect/detector.h"
#include "detect/event.h"
#include "detect/vector_clock.h"

namespace racelang::detect {

// How often each rule fired (by step or force; a stuck step counts as a race instead).
struct DjitCounters : SyncCounters {
  uint64_t read_same_epoch = 0;
  uint64_t read = 0;
  uint64_t write_same_epoch = 0;
  uint64_t write = 0;
  uint64_t races = 0;
  friend bool operator==(const DjitCounters&, const DjitCounters&) = default;
};

// The rules:
//   [DJIT+ READ SAME EPOCH]  R_x(t) = C_t(t)                   no change
//   [DJIT+ READ]             W_x ⊑ C_t                         R_x(t) := C_t(t)
//   [DJIT+ WRITE SAME EPOCH] W_x(t) = C_t(t)                   no change
//   [DJIT+ WRITE]            W_x ⊑ C_t, R_x ⊑ C_t              W_x(t) := C_t(t)
// Synchronization is VectorClock's (the PLDI'09 presentation, whose clocks are "one less than in
// the original formulation"), volatiles and barriers included; exit(t) is a no-op. The fast paths
// are sound up to the first race: an access by another thread after t's access in the same epoch
// would itself have raced with it (every event that orders t before another thread increments
// C_t, except an arrival, after which t does nothing until its departure increments C_t).
// Races are reported exactly as VectorClock reports them (lowest conflicting thread, writes
// first); after a forced race the fast paths may skip later reports VectorClock would make.
class DjitDetector final : public CopyableDetector<DjitDetector> {
public:
  DjitDetector() = default;

  std::optional<Race> step(const Event& e) override;
  void force(const Event& e) override;
  std::string_view name() const override { return "DJIT+"; }

  const DjitCounters& counters() const { return counters_; }

  VectorClock thread_clock(ThreadId t) const { return sync_.thread_copy(t); }
  VectorClock lock_clock(uint32_t m) const { return sync_.lock(m); }
  VectorClock volatile_clock(uint32_t v) const { return sync_.volatile_clock(v); }
  VectorClock barrier_clock(uint32_t b) const { return sync_.barrier_clock(b); }
  bool barrier_between_phases(uint32_t b) const { return sync_.barrier_between_phases(b); }
  VectorClock read_clock(uint32_t x) const;
  VectorClock write_clock(uint32_t x) const;
  // Ascending, a superset of the locations whose R_x or W_x is not ⊥ (metadata is allocated
  // by pages): what a walk over the metadata must visit.
  std::vector<uint32_t> locations_with_metadata() const;

private:
  std::optional<Race> apply(const Event& e, bool checked);
  std::optional<Race> access(const Event& e, bool checked);

  SyncClocks sync_;
  LocationTable<VectorClock> reads_;  // R_x
  LocationTable<VectorClock> writes_; // W_x
  DjitCounters counters_;
};

} // namespace racelang::detect
