// The dependence relation of optimal DPOR (explore_dpor.cpp) between two scheduling steps,
// each seen through its footprint (its labels, whether it prints, whether it ends the
// execution), and a one-word summary of a footprint that rules most independent pairs out
// without looking at their labels. The search checks each new step against every earlier step
// of the execution; on long executions (indexer, filesystem) those checks were a quarter of its
// time, nearly all of them between steps on different cells. docs/explore.md has the relation.
#pragma once

#include <cstdint>
#include <vector>

#include "interp/explore.h"
#include "interp/label.h"

namespace racelang {

// What decides which steps a scheduling step is dependent with.
struct Footprint {
  std::vector<Label> labels; // its labelled events (Exit left out: joins order through clocks)
  bool prints = false;       // its visible instruction is a print (output order is observable)
  bool ends = false;         // it failed or hit the step limit: the execution stops there
};

// How an earlier step relates to a later step of another thread: independent; ordered but
// never reversible (a release before an acquisition, fork before the child, the child before
// a join of it); or a race candidate (reversing the two gives another trace).
enum class Dep : uint8_t { None, Order, Race };

class Dependence {
public:
  explicit Dependence(DporFault fault) : fault_(fault) {}

  Dep between(const Footprint& a, const Footprint& b) const;
  bool independent(const Footprint& a, const Footprint& b) const {
    return between(a, b) == Dep::None && between(b, a) == Dep::None;
  }

private:
  Dep labels(const Label& a, const Label& b) const;

  DporFault fault_;
};

// The object through which a label can be dependent with another thread's label on one cell:
// a class of kinds (memory, locks, volatiles, conditions, barriers) and the cell, packed into
// one word; 0 for the labels that are dependent only through a spawn or a wait of their thread
// (a departure, an exit) and for spawns and waits themselves (they relate to threads, not
// cells). Two labels the relation makes dependent on one cell share their object.
uint64_t dependence_object(const Label& label);

// Deliberately broken summaries, for tests only: each must let a dependent pair through.
enum class SummaryFault : uint8_t {
  None,
  ForkJoinHashed, // fork and join labels hashed like the others (they relate to threads)
  PrintsLeftOut,  // the print flag not in the summary
};

// A footprint's summary: one bit per (kind of object, cell) it touches, hashed into 63 bits,
// and bit 63 for a print; `any` for a step that ends the execution or spawns or waits (its
// dependences are with every step, or with threads, not cells). Two steps whose summaries share no
// bit are independent in both directions under every DporFault (each only removes dependences).
struct FootprintSummary {
  uint64_t bits = 0;
  bool any = false; // ends, spawns or waits: may depend on any step (even one with no bit)
  static FootprintSummary of(const Footprint& fp, SummaryFault fault = SummaryFault::None);
  bool may_depend(const FootprintSummary& other) const {
    return any || other.any || (bits & other.bits) != 0;
  }
};

} // namespace racelang
