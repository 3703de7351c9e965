// Vector clocks and the VectorClock race-detection algorithm (CPP'17 §3.2, Figure 2): the value
// type every detector shares, and the reference algorithm FastTrack, DJIT+ and the instrumentation
// are checked against. The options struct exists for negative controls: tests switch single rules
// off to show that the properties comparing detectors with the happens-before oracle catch them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "detect/detector.h"
#include "detect/event.h"

namespace racelang::detect {

// A map from threads to logical clocks, zero almost everywhere. Entries are stored densely up to
// the highest thread written so far and the vector grows on demand; missing entries read as 0, so
// clocks of different lengths compare and join as the mathematical functions they denote.
class VectorClock {
public:
  // 32 bits are plenty: a clock only advances on release, fork and join, and inc() throws
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
  std::vector<Clock> entries_;
};

// a ⊔ b
VectorClock join(VectorClock a, const VectorClock& b);

// Deliberately breakable rules. Defaults are the paper's algorithm. Every field other than
// release_joins_lock and increment_on_join turns the algorithm unsound when false (it misses
// races); tests use them as negative controls.
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
};

// The per-thread and per-lock clocks C and L with the four synchronization rules of Figure 2,
// shared by every detector (FastTrack and DJIT+ use the same rules, FastTrack Figure 3). Thread
// clocks are created on first use as inc_t(⊥_V), which is the paper's initial state; threads and
// locks are dense ids and the tables grow on demand.
class SyncClocks {
public:
  explicit SyncClocks(const VectorClockOptions& options = {}) : options_(options) {}

  // C_t (created on first use).
  VectorClock& thread(ThreadId t);
  // C_t without creating it.
  VectorClock thread_copy(ThreadId t) const;
  // L_m (⊥_V if m was never released).
  const VectorClock& lock(uint32_t m) const;

  void acquire(ThreadId t, uint32_t m); // C_t := C_t ⊔ L_m
  void release(ThreadId t, uint32_t m); // L_m := C_t; C_t := inc_t(C_t)
  void fork(ThreadId t, ThreadId u);    // C_u := C_u ⊔ C_t; C_t := inc_t(C_t)
  void join(ThreadId t, ThreadId u);    // C_t := C_t ⊔ C_u; C_u := inc_u(C_u)

  // Applies e if it is Acquire, Release, Fork or Join and returns true; false otherwise.
  bool apply(const Event& e);

private:
  void ensure_thread(ThreadId t);

  VectorClockOptions options_;
  std::vector<VectorClock> threads_;
  std::vector<VectorClock> locks_;
};

// VECTORCLOCK (Figure 2). State (C, L, R, W); initially C_t = inc_t(⊥_V), L_m = R_x = W_x = ⊥_V.
//   rd(t,x): requires W_x ⊑ C_t;           R_x(t) := C_t(t)
//   wr(t,x): requires W_x ⊑ C_t, R_x ⊑ C_t; W_x(t) := C_t(t)
// Synchronization as in SyncClocks; exit(t) is a no-op. The extracted text of Figure 2 is garbled
// (its FORK rule prints as a second REL rule); this follows the rules stated in the prose and in
// FastTrack's Figure 3, which agree with each other.
//
// A race names the lowest thread u with W_x(u) > C_t(u) (a write conflict), or failing that with
// R_x(u) > C_t(u) (a read conflict, for writes). Since C and L never depend on access metadata,
// this is exact even after force(): u's last such access to x does not happen before e.
class VectorClockDetector final : public Detector {
public:
  explicit VectorClockDetector(const VectorClockOptions& options = {});

  std::optional<Race> step(const Event& e) override;
  void force(const Event& e) override;
  std::string_view name() const override { return "VectorClock"; }

  const VectorClockOptions& options() const { return options_; }

  // The state components, for tests and documentation: C_t, L_m, R_x, W_x.
  VectorClock thread_clock(ThreadId t) const { return sync_.thread_copy(t); }
  VectorClock lock_clock(uint32_t m) const { return sync_.lock(m); }
  VectorClock read_clock(uint32_t x) const;
  VectorClock write_clock(uint32_t x) const;

private:
  std::optional<Race> check(const Event& e);
  void update(const Event& e);

  VectorClockOptions options_;
  SyncClocks sync_;
  std::vector<VectorClock> reads_;  // R_x
  std::vector<VectorClock> writes_; // W_x
};

} // namespace racelang::detect
