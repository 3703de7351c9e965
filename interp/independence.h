// The independence reduction for exhaustive exploration: a load or store that commutes with
// every step the other threads can still take before it need not be a scheduling point. Its
// thread runs it at once, as if it were thread-local, which is what keeps the small-step
// exploration of instrumented programs (dozens of metadata accesses per source instruction)
// small. The oracle decides from the current state and a static summary of each thread's code:
// for every instruction, the accesses the thread can still make from there (cells, read or
// write, and the locks it certainly holds while making them), optionally cut at a `wait` for
// a given thread. docs/instrumentation.md ("The independence reduction") has the argument that
// the reduction keeps final states, failures, deadlocks and races exact.
#pragma once

#include <cstdint>
#include <tuple>
#include <vector>

#include "interp/code.h"

namespace racelang {

struct MachineState;

class IndependenceOracle {
public:
  // With `metadata_only`, accesses to cells outside the instrumentation's reserved names are
  // never independent.
  explicit IndependenceOracle(const Code& code, bool metadata_only = false);

  // Whether thread index k, about to read (write: store) `cell`, may run that access now
  // without a scheduling point: no other thread can make a conflicting access (same cell, one
  // of the two a write) before it. A conflicting access is harmless when it is made under a
  // lock k holds now, when it comes only after a `wait` for k, when its thread has finished,
  // or when its thread can only be spawned, directly or not, by k's own later steps.
  bool independent(const MachineState& state, uint32_t k, uint32_t cell, bool write) const;

private:
  struct Access {
    uint32_t begin = 0, end = 0; // the cells it may touch: [begin, end)
    bool write = false;
    uint64_t must_hold = 0; // locks (bits of lock_bits_) certainly held when it happens
    auto tie() const { return std::make_tuple(begin, end, write, must_hold); }
    friend bool operator<(const Access& a, const Access& b) { return a.tie() < b.tie(); }
    friend bool operator==(const Access& a, const Access& b) { return a.tie() == b.tie(); }
  };
  using Footprint = std::vector<std::vector<Access>>; // per pc: accesses reachable from it

  void analyse_thread(uint32_t j);

  const Code& code_;
  std::vector<bool> never_independent_; // per cell, with metadata_only
  std::vector<uint32_t> lock_cells_;    // bit b of a lock mask is lock_cells_[b] (at most 64)
  // footprints_[j][c]: thread j's footprints; c = 0 without a cut, else cut at its `wait`s
  // for one thread.
  std::vector<std::vector<Footprint>> footprints_;
  // cut_of_[k][j]: which of j's footprints to use when k is the accessing thread (the one cut
  // at `wait` for k, or 0 if j never waits for k).
  std::vector<std::vector<uint32_t>> cut_of_;
};

} // namespace racelang
