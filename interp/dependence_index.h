// The steps of the DPOR search's current execution filed by the objects they touch, so that a
// new step is checked for dependence against the earlier steps that share an object with it
// instead of against every earlier step. add_event (explore_dpor.cpp) looks for the earlier
// steps each new step is dependent with, and used to scan the whole execution for them: on
// long executions of threads that rarely meet (indexer, filesystem: a hundred steps and more,
// nearly all on cells no other thread touches then) that scan was a fifth of the search. The
// search pushes and pops frames like a stack, so the index does too: filing frame j first
// forgets every frame at j and above (popped since they were filed), which keeps each object's
// frames ascending and exactly those of the current execution. docs/explore.md, "2026-11-27:
// the earlier steps a step may depend on", has the measurements.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "interp/dpor_dependence.h"

namespace racelang {

// Deliberately broken indexes, for tests only: each must lose a dependent earlier step or
// return steps out of order.
enum class IndexFault : uint8_t {
  None,
  PrintsLeftOut,         // steps that print filed under nothing (two prints are dependent)
  ReadsLeftOut,          // reads filed under nothing (a later write is dependent with them)
  NeverForgets,          // frames popped since they were filed stay filed
  AskedFromTheNextFrame, // candidates() leaves the frame it is asked from out
  TargetStepsNotAsked,   // a spawn or wait does not ask for its target thread's steps
};

class DependenceIndex {
public:
  // `always_merge` (tests): never leave the scan to the caller for a step that does not end
  // the execution.
  explicit DependenceIndex(IndexFault fault = IndexFault::None, bool always_merge = false);

  // Frame j's step (j: the top of the current execution, every frame below it filed) has
  // footprint `fp`. Forgets the frames at j and above and files j.
  void file(size_t j, const Footprint& fp);
  // The same, and puts into `out` the frames below j whose steps may be dependent with it (a
  // superset of those that are, under every DporFault), in descending order. Returns false,
  // with `out` empty, when the caller should scan every earlier step instead: when the step
  // ends the execution (it is dependent with every earlier one), or when the lists to merge
  // hold more than a quarter of the earlier frames (the scan is cheaper then).
  bool file(size_t j, const Footprint& fp, std::vector<uint32_t>& out);
  // The filed frames from `from` on whose steps may be dependent with a step of footprint `fp`
  // (a superset of those that are, as file's), into `out` in no order and possibly repeated.
  // Returns false, with `out` empty, when it cannot answer: a step that ends the execution.
  bool candidates(const Footprint& fp, size_t from, std::vector<uint32_t>& out) const;
  // Forgets the frames at j and above (a caller that files lazily: the search files only once
  // its execution is deep enough for the index to pay, and catches up from filed() then).
  void forget_from(size_t j);
  // The frames filed: 0 .. filed() - 1.
  size_t filed() const { return filed_from_.size(); }

private:
  // List 0: steps that end the execution (dependent with every step; none is ever followed by
  // another, but the index does not rely on it). List 1: the steps that print.
  static constexpr uint32_t kAny = 0, kPrints = 1;
  // The list of an object (dependence_object, or a thread's: see file), made if new.
  uint32_t list_of(uint64_t object);
  // The same, without making it: kNoList if the object has none.
  static constexpr uint32_t kNoList = ~uint32_t{0};
  uint32_t find_list(uint64_t object) const;
  // The list of a thread's steps (list_of its object, kept per thread: every step is filed
  // under one).
  uint32_t steps_list(uint32_t thread);
  // Calls f(object) for each object whose list a step of footprint `fp` asks (see file).
  template <class F> void each_asked_object(const Footprint& fp, F f) const;
  void add_unique(std::vector<uint32_t>& ids, uint32_t id) const;

  IndexFault fault_;
  bool always_merge_;
  // Objects of small cells (the usual case) by class and cell; the others hashed.
  std::vector<std::vector<uint32_t>> dense_; // [class][cell]: list id + 1, or 0
  std::unordered_map<uint64_t, uint32_t> sparse_;
  std::vector<std::vector<uint32_t>> lists_; // per list: its frames, ascending
  std::vector<uint32_t> filed_;              // per filed frame in order, its lists (flat)
  std::vector<size_t> filed_from_;           // frame j's lists are filed_[filed_from_[j]..]
  std::vector<uint32_t> files_, asks_;       // file's: the step's lists, and those it asks
  std::vector<size_t> heads_;                // file's merge: per list asked, entries left
  std::vector<uint32_t> steps_lists_;        // per thread: steps_list's id, or kNoList
};

} // namespace racelang
