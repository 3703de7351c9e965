// Vector clocks and the VectorClock race-detection algorithm (CPP'17 §3.2, Figure 2): the value
// type every detector shares, and the reference algorithm FastTrack, DJIT+ and the instrumentation
// are checked against. The options struct exists for negative controls: tests switch single rules
// off to show that the properties comparing detectors with the happens-before oracle catch them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "detect/clock_entries.h"
#include "detect/detector.h"
#include "detect/event.h"
#include "detect/location_table.h"

namespace racelang::detect {

// A map from threads to logical clocks, zero almost everywhere. Entries are stored densely up to
// the highest thread written so far and the vector grows on demand; missing entries read as 0, so
// clocks of different lengths compare and join as the mathematical functions they denote.
class VectorClock {
public:
  // 32 bits are plenty: a clock only advances on release, fork, join, vwr and dep, and inc() throws
  // std::overflow_error rather than wrapping (a wrapped clock would silently hide races).
  using Clock = uint32_t;

  VectorClock() = default;                                                 // ⊥_V
  VectorClock(std::initializer_list<Clock> entries) : entries_(entries) {} // [V(0), V(1), ...]

  // inc_t(⊥_V): the initial clock of thread t.
  static VectorClock unit(ThreadId t);

  Clock get(ThreadId t) const { return t < entries_.size() ? entries_[t] : 0; }
  void set(ThreadId t, Clock c);
  void inc(ThreadId t); // this := inc_t(this)

  void join(const VectorClock& other);      // this := this ⊔ other
  bool leq(const VectorClock& other) const; // this ⊑ other

  // The lowest thread u with this(u) > other(u), i.e. the witness that this ⋢ other; nullopt
  // when this ⊑ other. Detectors use it to name the thread of a conflicting access.
  std::optional<ThreadId> first_exceeding(const VectorClock& other) const;

  // Number of stored entries (an upper bound on 1 + the highest non-zero thread).
  std::size_t size() const { return entries_.size(); }

  // Equal as functions: trailing zeros do not matter.
  friend bool operator==(const VectorClock& a, const VectorClock& b);

  // "[1,0,2]": entries up to the last non-zero one, padded with zeros to at least min_width
  // (the paper's figures show one entry per thread, e.g. "[1,0]").
  std::string to_string(std::size_t min_width = 0) const;

private:
  ClockEntries entries_;
};

// a ⊔ b
VectorClock join(VectorClock a, const VectorClock& b);

// Deliberately breakable rules. Defaults are the paper's algorithm. Every field other than
// release_joins_lock and increment_on_join turns the algorithm unsound when changed from its
// default (it misses races); tests use them as negative controls.
struct VectorClockOptions {
  bool increment_on_release = true; // rel: C_t := inc_t(C_t)
  bool increment_on_fork = true;    // fork: C_t := inc_t(C_t)
  // join: C_u := inc_u(C_u). Only there to keep the invariant C_u(u) > C_t(u) (§3.2); on
  // well-formed traces u never acts after being joined, so switching it off changes no verdict
  // (the tests demonstrate this; the multiple-join variant relies on it).
  bool increment_on_join = true;
  // rel: L_m := L_m ⊔ C_t (RoadRunner's implementation, CPP'17 §4) instead of L_m := C_t. Equal
  // on well-formed traces, where the previous release of m happens before this one.
  bool release_joins_lock = false;
  bool check_reads_on_write = true; // wr: require R_x ⊑ C_t as well as W_x ⊑ C_t
  // The volatile and barrier rules (FastTrack PLDI'09 §4 "Extensions", see SyncClocks below).
  // Each false drops one part of a rule.
  bool volatile_write_adds_edge = true;  // vwr: V_v := V_v ⊔ C_t
  bool volatile_write_increments = true; // vwr: C_t := inc_t(C_t)
  bool barrier_depart_increments = true; // dep: the inc_t of C_t := inc_t(C_t ⊔ B_b)
  bool barrier_resets_per_phase = true;  // arr: B_b := ⊥ when the arrival starts a new phase
};

// The per-thread and per-lock clocks C and L with the four synchronization rules of Figure 2,
// shared by every detector (FastTrack and DJIT+ use the same rules, FastTrack Figure 3), plus the
// volatile clocks V and the barrier clocks B of FastTrack's §4 "Extensions":
//   vrd(t,v): C_t := C_t ⊔ V_v
//   vwr(t,v): V_v := V_v ⊔ C_t; C_t := inc_t(C_t)
//   arr(t,b): if b is between phases, B_b := ⊥ and b is no longer between phases; B_b := B_b ⊔ C_t
//   dep(t,b): C_t := inc_t(C_t ⊔ B_b); b is between phases
// FastTrack keeps volatiles in L; racelang keeps them apart, so lock, volatile, barrier and
// location ids are separate name spaces. A barrier is "between phases" once one of its
// departures has been seen and until its next arrival, which therefore starts a new phase: B_b
// only ever holds the arrivals of the current phase (docs/detectors.md, "Volatiles and
// barriers"). Thread clocks are created on first use as inc_t(⊥_V), which is the paper's initial
// state; all ids are dense and the tables grow on demand.
// How many synchronisation events a detector with rule counters saw, one field per kind: the
// part of FastTrack's and DJIT+'s counters they share (the access rules differ).
struct SyncCounters {
  uint64_t acquire = 0;
  uint64_t release = 0;
  uint64_t fork = 0;
  uint64_t join = 0;
  uint64_t exit = 0;
  uint64_t volatile_read = 0;
  uint64_t volatile_write = 0;
  uint64_t barrier_arrive = 0;
  uint64_t barrier_depart = 0;
  // Counts e if it is a synchronisation event (reads and writes are counted by their rules).
  void count(EventKind kind);
  friend bool operator==(const SyncCounters&, const SyncCounters&) = default;
};

class SyncClocks {
public:
  explicit SyncClocks(const VectorClockOptions& options = {}) : options_(options) {}

  // C_t (created on first use).
  VectorClock& thread(ThreadId t);
  // C_t without creating it.
  VectorClock thread_copy(ThreadId t) const;
  // L_m (⊥_V if m was never released).
  const VectorClock& lock(uint32_t m) const;
  // V_v (⊥_V if v was never written).
  const VectorClock& volatile_clock(uint32_t v) const;
  // B_b: the join of the arrivals of b's current (or, between phases, last) phase; ⊥_V if b was
  // never arrived at.
  const VectorClock& barrier_clock(uint32_t b) const;
  // Whether a departure of b has been seen since b's last arrival (the next arrival resets B_b).
  bool barrier_between_phases(uint32_t b) const;

  void acquire(ThreadId t, uint32_t m);        // C_t := C_t ⊔ L_m
  void release(ThreadId t, uint32_t m);        // L_m := C_t; C_t := inc_t(C_t)
  void fork(ThreadId t, ThreadId u);           // C_u := C_u ⊔ C_t; C_t := inc_t(C_t)
  void join(ThreadId t, ThreadId u);           // C_t := C_t ⊔ C_u; C_u := inc_u(C_u)
  void volatile_read(ThreadId t, uint32_t v);  // C_t := C_t ⊔ V_v
  void volatile_write(ThreadId t, uint32_t v); // V_v := V_v ⊔ C_t; C_t := inc_t(C_t)
  void barrier_arrive(ThreadId t, uint32_t b); // (new phase: B_b := ⊥); B_b := B_b ⊔ C_t
  void barrier_depart(ThreadId t, uint32_t b); // C_t := inc_t(C_t ⊔ B_b)

  // Applies e if it is a synchronization event (Acquire, Release, Fork, Join, VolatileRead,
  // VolatileWrite, BarrierArrive, BarrierDepart) and returns true; false otherwise.
  bool apply(const Event& e);

private:
  struct Barrier {
    VectorClock clock;           // B_b
    bool between_phases = false; // a departure since the last arrival
  };

  void ensure_thread(ThreadId t);

  VectorClockOptions options_;
  std::vector<VectorClock> threads_;
  LocationTable<VectorClock> locks_;     // by lock cell
  LocationTable<VectorClock> volatiles_; // by volatile cell
  LocationTable<Barrier> barriers_;      // by barrier cell
};

// VECTORCLOCK (Figure 2). State (C, L, R, W); initially C_t = inc_t(⊥_V), L_m = R_x = W_x = ⊥_V.
//   rd(t,x): requires W_x ⊑ C_t;           R_x(t) := C_t(t)
//   wr(t,x): requires W_x ⊑ C_t, R_x ⊑ C_t; W_x(t) := C_t(t)
// Synchronization (locks, fork/join, volatiles, barriers) as in SyncClocks; exit(t) is a no-op. The
// extracted text of Figure 2 is garbled (its FORK rule prints as a second REL rule); this follows
// the rules stated in the prose and in FastTrack's Figure 3, which agree with each other.
//
// A race names the lowest thread u with W_x(u) > C_t(u) (a write conflict), or failing that with
// R_x(u) > C_t(u) (a read conflict, for writes). Since C, L, V and B never depend on access
// metadata,
// this is exact even after force(): u's last such access to x does not happen before e.
class VectorClockDetector final : public CopyableDetector<VectorClockDetector> {
public:
  explicit VectorClockDetector(const VectorClockOptions& options = {});

  std::optional<Race> step(const Event& e) override;
  void force(const Event& e) override;
  std::string_view name() const override { return "VectorClock"; }

  const VectorClockOptions& options() const { return options_; }

  // The state components, for tests, documentation and state fingerprints: C_t, L_m, V_v, B_b
  // and its phase flag, R_x, W_x.
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
  std::optional<Race> check(const Event& e);
  void update(const Event& e);

  VectorClockOptions options_;
  SyncClocks sync_;
  LocationTable<VectorClock> reads_;  // R_x
  LocationTable<VectorClock> writes_; // W_x
};

} // namespace racelang::detect
