// FastTrack (Flanagan & Freund, PLDI'09 §3, Figure 2; CPP'17 §3.3, Figure 3): VectorClock with
// the write history of a location kept as one epoch c@t, and the read history as an epoch until
// two reads are concurrent, when it inflates to a vector clock until the next write. Same verdicts
// as VectorClock (CPP'17 Theorem 2) with O(1) work for almost every access. Rule counters are kept
// for the benchmarks, which compare rule frequencies with the paper's Figure 2.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "detect/detector.h"
#include "detect/event.h"
#include "detect/vector_clock.h"

namespace racelang::detect {

// c@t: the vector clock that is c at t and 0 elsewhere. ⊥_e is 0@0.
struct Epoch {
  VectorClock::Clock clock = 0;
  ThreadId thread = 0;

  // c@t ≼ V  iff  c ≤ V(t)
  bool leq(const VectorClock& v) const { return clock <= v.get(thread); }
  friend bool operator==(const Epoch&, const Epoch&) = default;
  std::string to_string() const; // "3@1"
};

struct FastTrackOptions {
  // [FT READ SHARE]: a read concurrent with the read epoch inflates R_x to a vector clock holding
  // both. false is a negative control: the read epoch is simply overwritten ([FT READ EXCLUSIVE]
  // without its premise R_x ≼ C_t), so a later write misses its race with the earlier read.
  bool share_concurrent_reads = true;
};

// How often each rule fired (by step or force; a stuck step fires no rule and counts as a race).
struct FastTrackCounters : SyncCounters {
  uint64_t read_same_epoch = 0;
  uint64_t read_shared = 0;
  uint64_t read_exclusive = 0;
  uint64_t read_share = 0;
  uint64_t write_same_epoch = 0;
  uint64_t write_exclusive = 0;
  uint64_t write_shared = 0;
  uint64_t races = 0;

  uint64_t reads() const { return read_same_epoch + read_shared + read_exclusive + read_share; }
  uint64_t writes() const { return write_same_epoch + write_exclusive + write_shared; }
  friend bool operator==(const FastTrackCounters&, const FastTrackCounters&) = default;
};

// The rules, with E(t) = C_t(t)@t (PLDI'09 Figure 2):
// clang-format off
//   [READ SAME EPOCH]   R_x = E(t)                            no change
//   [READ SHARED]       R_x ∈ VC,    W_x ≼ C_t                R_x(t) := C_t(t)
//   [READ EXCLUSIVE]    R_x ∈ Epoch, R_x ≼ C_t, W_x ≼ C_t     R_x := E(t)
//   [READ SHARE]        R_x = c@u,   R_x ⋠ C_t, W_x ≼ C_t     R_x := ⊥_V[t := C_t(t), u := c]
//   [WRITE SAME EPOCH]  W_x = E(t)                            no change
//   [WRITE EXCLUSIVE]   R_x ∈ Epoch, R_x ≼ C_t, W_x ≼ C_t     W_x := E(t)
//   [WRITE SHARED]      R_x ∈ VC,    R_x ⊑ C_t, W_x ≼ C_t     W_x := E(t), R_x := ⊥_e
// clang-format on
// Acquire, release, fork, join, volatiles and barriers are VectorClock's (SyncClocks); exit(t) is
// a no-op. The extracted CPP'17 Figure 3 is garbled (its READ EXCLUSIVE and READ SHARE premises
// run together); these are the PLDI'09 rules, which its Figure 5 pseudocode confirms.
//
// A race names the thread of the write epoch W_x for a write conflict; for a read conflict, the
// thread of the read epoch or the lowest u with R_x(u) > C_t(u) in the read vector clock. Both
// really conflict with e (up to the first race), but FastTrack forgets reads and writes that
// happen before later ones, so when several threads conflict it need not name the lowest of them
// (VectorClock and DJIT+ do); the kind of the conflict always matches VectorClock's.
class FastTrackDetector final : public CopyableDetector<FastTrackDetector> {
public:
  explicit FastTrackDetector(const FastTrackOptions& options = {});

  std::optional<Race> step(const Event& e) override;
  void force(const Event& e) override;
  std::string_view name() const override { return "FastTrack"; }

  const FastTrackCounters& counters() const { return counters_; }

  // The state components, for tests: C_t, L_m, W_x, and R_x as an epoch or a vector clock.
  VectorClock thread_clock(ThreadId t) const { return sync_.thread_copy(t); }
  VectorClock lock_clock(uint32_t m) const { return sync_.lock(m); }
  VectorClock volatile_clock(uint32_t v) const { return sync_.volatile_clock(v); }
  VectorClock barrier_clock(uint32_t b) const { return sync_.barrier_clock(b); }
  bool barrier_between_phases(uint32_t b) const { return sync_.barrier_between_phases(b); }
  Epoch write_epoch(uint32_t x) const;
  // Ascending, a superset of the locations whose metadata is not initial (metadata is
  // allocated by pages): what a walk over the metadata must visit.
  std::vector<uint32_t> locations_with_metadata() const;
  bool read_is_shared(uint32_t x) const;    // R_x ∈ VC
  Epoch read_epoch(uint32_t x) const;       // meaningful when !read_is_shared(x)
  VectorClock read_clock(uint32_t x) const; // meaningful when read_is_shared(x)

private:
  struct VarState {
    Epoch w;             // W_x
    Epoch r;             // R_x when !shared
    bool shared = false; // R_x ∈ VC
    VectorClock rvc;     // R_x when shared
  };

  VarState& var(uint32_t x);
  // Applies a read or write: checks unless forced; returns the race, or nullopt once applied.
  std::optional<Race> read(const Event& e, bool checked);
  std::optional<Race> write(const Event& e, bool checked);
  std::optional<Race> apply(const Event& e, bool checked);

  FastTrackOptions options_;
  SyncClocks sync_;
  LocationTable<VarState> vars_;
  FastTrackCounters counters_;
};

} // namespace racelang::detect
