// The independence reduction for exhaustive exploration: a load or store that commutes with
// every step the other threads can still take before it need not be a scheduling point. Its
// thread runs it at once, as if it were thread-local, which is what keeps the small-step
// exploration of instrumented programs (dozens of metadata accesses per source instruction)
// small. The oracle decides from the current state and a static summary of each thread's code:
// for every instruction, the accesses the thread can still make from there (cells, read or
// write, and the locks it certainly holds while making them), optionally cut at a `wait` for
// a given thread. docs/instrumentation.md ("The independence reduction") has the argument that
// the reduction keeps final states, failures, deadlocks and races exact. The same summary, with
// the lock operations and whether a step may fail, tells the split DPOR search which steps come
// first in every execution (always_initial; docs/explore.md, "Forced steps").
#pragma once

#include <cstdint>
#include <tuple>
#include <vector>

#include "interp/code.h"
#include "interp/label.h"
#include "interp/local_ranges.h"

namespace racelang {

struct MachineState;

class IndependenceOracle {
public:
  // With `metadata_only`, accesses to cells outside the instrumentation's reserved names are
  // never independent. With `local_ranges`, whether a step may fail (always_initial) also uses
  // the ranges of each thread's locals (local_ranges.h): a computed index inside its array, a
  // divisor that is never 0, an unlock of the lock taken with the same index local;
  // `ranges_fault` is for the tests.
  explicit IndependenceOracle(const Code& code, bool metadata_only = false,
                              bool local_ranges = false,
                              RangesFault ranges_fault = RangesFault::None);

  // Whether thread index k, about to read (write: store) `cell`, may run that access now
  // without a scheduling point: no other thread can make a conflicting access (same cell, one
  // of the two a write) before it. A conflicting access is harmless when it is made under a
  // lock k holds now, when it comes only after a `wait` for k, when its thread has finished,
  // or when its thread can only be spawned, directly or not, by k's own later steps.
  bool independent(const MachineState& state, uint32_t k, uint32_t cell, bool write) const;

  // Whether thread index k's next step, whose labels are `labels`, comes first in every
  // execution from `state` up to that step: it is dependent (docs/explore.md, "Steps,
  // dependence and traces") with no step the other threads can take before it, and no other
  // thread can end the execution first (fail: an assert, a computed index, an unlock not
  // certainly held, a division by a computed value, a spawn in a loop; or run a local loop
  // into the step limit). Then it is an initial of every Mazurkiewicz trace through `state`
  // (explore --jobs splits no node at such a step: explore_dpor.cpp, forced_child). Only
  // loads, stores, acquisitions, releases, spawns and waits qualify; a thread whose future
  // holds volatiles, conditions or barriers rules every step out. Conservative: false when in
  // doubt.
  // `stay` (per thread index, or null): threads taken to take no step before k's (sleepers
  // that nothing outside `stay` can wake: explore_dpor.cpp, forced_child). `ignore_ends`: the
  // broken variant for the tests (other threads' failures not considered).
  bool always_initial(const MachineState& state, uint32_t k, const std::vector<Label>& labels,
                      bool ignore_ends = false, const std::vector<bool>* stay = nullptr) const;

private:
  struct Access {
    uint32_t begin = 0, end = 0; // the cells it may touch: [begin, end)
    bool write = false;          // a store, or any operation on a lock
    bool acquire = false;        // a lock acquisition (lock cells only)
    uint64_t must_hold = 0;      // locks (bits of lock_bits_) certainly held when it happens
    auto tie() const { return std::make_tuple(begin, end, write, acquire, must_hold); }
    friend bool operator<(const Access& a, const Access& b) { return a.tie() < b.tie(); }
    friend bool operator==(const Access& a, const Access& b) { return a.tie() == b.tie(); }
  };
  // Per pc: what the thread can still do from there. `accesses`: loads, stores (the data cells)
  // and lock operations (the lock cells), sorted by cell; `ends`: a step that may fail or hit
  // the step limit; `wild`: volatiles, conditions or barriers (always_initial gives up).
  struct Footprint {
    std::vector<std::vector<Access>> accesses;
    std::vector<bool> ends, wild;
  };

  void analyse_thread(uint32_t j, const LocalRanges* ranges);
  // Whether thread j can take no step before thread k's next one (finished, or only k's later
  // steps can spawn it); else its pc (0 if not spawned yet) in `pc`.
  bool harmless_thread(const MachineState& state, uint32_t k, uint32_t j, uint32_t& pc) const;

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
