// VectorClock modified for multiple joins (CPP'17 §3.4, Theorem 3). In languages where several
// threads may join the same terminated thread, Figure 2's JOIN rule would have every joiner write
// C_u (C_u := inc_u(C_u)), and simultaneous joins would race inside the detector itself. This
// variant drops that increment, so a join only reads C_u. The price is the invariant
// C_u(u) > C_t(u), which no longer holds once u has been joined; the paper restores soundness with
// an exit(t) event and a set X of exited threads: a thread may act only before its exit and may
// be joined only after it.
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

struct MultiJoinOptions {
  // Figure 2's increment of C_u on join, which §3.4 removes. Switching it back on is a positive
  // control: on traces obeying the exit discipline it changes no verdict (u never acts again, so
  // its higher own entry is never compared with anything); its danger is the race between
  // concurrent joiners in an instrumented implementation (§4.3), not a wrong answer.
  bool increment_on_join = false;
  // Negative control: false merges C_u only at the first join of u and ignores later joins, as an
  // implementation would that frees a thread's clock when it is joined (legal when every thread
  // is joined at most once). Later joiners then report false races with u's accesses.
  bool merge_on_repeated_join = true;
  // Negative control shared with VectorClock: false drops rel's C_t := inc_t(C_t).
  bool increment_on_release = true;
};

// The rules are VectorClock's (see vector_clock.h) except
//   join(t,u): requires u ∈ X;  C_t := C_t ⊔ C_u            (no increment of C_u)
//   exit(t):   requires t ∉ X;  X := X ∪ {t}
// and every event of a thread t requires t ∉ X. A violated requirement is not a race but a broken
// trace, so step() and force() throw ProtocolError (state unchanged) instead of returning a Race.
// Forking a thread that has already exited is rejected the same way. Races are reported like
// VectorClock's (lowest conflicting thread, writes first).
class MultiJoinVectorClockDetector final : public CopyableDetector<MultiJoinVectorClockDetector> {
public:
  explicit MultiJoinVectorClockDetector(const MultiJoinOptions& options = {});

  std::optional<Race> step(const Event& e) override;
  void force(const Event& e) override;
  std::string_view name() const override { return "VectorClock-multijoin"; }

  bool has_exited(ThreadId t) const { return t < exited_.size() && exited_[t]; }

  VectorClock thread_clock(ThreadId t) const { return core_.thread_clock(t); }
  VectorClock lock_clock(uint32_t m) const { return core_.lock_clock(m); }
  VectorClock volatile_clock(uint32_t v) const { return core_.volatile_clock(v); }
  VectorClock barrier_clock(uint32_t b) const { return core_.barrier_clock(b); }
  bool barrier_between_phases(uint32_t b) const { return core_.barrier_between_phases(b); }
  VectorClock read_clock(uint32_t x) const { return core_.read_clock(x); }
  VectorClock write_clock(uint32_t x) const { return core_.write_clock(x); }
  std::vector<uint32_t> locations_with_metadata() const { return core_.locations_with_metadata(); }

private:
  // Throws ProtocolError if e breaks the exit discipline.
  void check_protocol(const Event& e) const;
  // Records exits and joins; returns false when e must not reach the VectorClock core.
  bool note(const Event& e);

  MultiJoinOptions options_;
  VectorClockDetector core_;
  std::vector<bool> exited_; // X
  std::vector<bool> joined_; // threads joined at least once (for merge_on_repeated_join)
};

} // namespace racelang::detect
