// The current execution's steps filed by object (see dependence_index.h).
//
// Which lists a step is filed under and which it asks, from the dependence relation
// (dpor_dependence.cpp): two labels dependent on one cell share their dependence_object; two
// prints are dependent; and a spawn or wait of thread u is dependent with u's steps and with
// the other spawns and waits of u, so it is filed under u's thread object, which every step asks
// for the thread of each of its labels, and asks the list of u's steps, under which every step
// is filed for the thread of each of its labels. A step that ends the execution is filed under
// kAny, which every step asks; it asks nothing (the caller scans every earlier step). Spawns and
// waits once asked nothing either, and main's waits at the end of each of indexer's executions
// then scanned the whole execution, a tenth of the search.
#include "interp/dependence_index.h"

#include <algorithm>

namespace racelang {
namespace {

// A thread's objects, classes above dependence_object's: its spawns and waits, and its steps.
constexpr uint64_t kThreadClass = 7, kThreadStepsClass = 8;
// Cells below this are looked up in a table, not hashed.
constexpr uint64_t kDenseCells = 1 << 16;

} // namespace

DependenceIndex::DependenceIndex(IndexFault fault, bool always_merge)
    : fault_(fault), always_merge_(always_merge), dense_(kThreadStepsClass + 1), lists_(2) {}

uint32_t DependenceIndex::list_of(uint64_t object) {
  const uint64_t cls = object >> 32, cell = object & 0xffffffffu;
  uint32_t* slot;
  if (cell < kDenseCells) {
    std::vector<uint32_t>& table = dense_[cls];
    if (table.size() <= cell) table.resize(cell + 1, 0);
    slot = &table[cell];
  } else {
    slot = &sparse_[object];
  }
  if (*slot == 0) {
    lists_.emplace_back();
    *slot = static_cast<uint32_t>(lists_.size());
  }
  return *slot - 1;
}

uint32_t DependenceIndex::find_list(uint64_t object) const {
  const uint64_t cls = object >> 32, cell = object & 0xffffffffu;
  if (cell < kDenseCells) {
    const std::vector<uint32_t>& table = dense_[cls];
    return cell < table.size() && table[cell] != 0 ? table[cell] - 1 : kNoList;
  }
  auto it = sparse_.find(object);
  return it != sparse_.end() ? it->second - 1 : kNoList;
}

template <class F> void DependenceIndex::each_asked_object(const Footprint& fp, F f) const {
  for (const Label& l : fp.labels) {
    if (uint64_t object = dependence_object(l); object != 0) f(object);
    f(kThreadClass << 32 | static_cast<uint32_t>(l.thread)); // spawns and waits of its thread
    if (l.kind == LabelKind::Fork || l.kind == LabelKind::Join) {
      f(kThreadClass << 32 | l.target); // the other spawns and waits of the target
      if (fault_ != IndexFault::TargetStepsNotAsked)
        f(kThreadStepsClass << 32 | l.target); // the target's steps
    }
  }
}

uint32_t DependenceIndex::steps_list(uint32_t thread) {
  if (thread >= steps_lists_.size()) steps_lists_.resize(thread + 1, kNoList);
  if (steps_lists_[thread] == kNoList)
    steps_lists_[thread] = list_of(kThreadStepsClass << 32 | thread);
  return steps_lists_[thread];
}

void DependenceIndex::add_unique(std::vector<uint32_t>& ids, uint32_t id) const {
  if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
}

void DependenceIndex::forget_from(size_t j) {
  // The last filed first: each is at the back of its lists.
  while (filed_from_.size() > j) {
    const size_t from = filed_from_.back();
    if (fault_ != IndexFault::NeverForgets)
      for (size_t k = filed_.size(); k-- > from;) lists_[filed_[k]].pop_back();
    filed_.resize(from);
    filed_from_.pop_back();
  }
}

void DependenceIndex::file(size_t j, const Footprint& fp) {
  forget_from(j);
  // Frames below j never filed (a caller's mistake) are filed as possibly dependent with
  // everything: a superset stays correct.
  while (filed_from_.size() < j) {
    filed_from_.push_back(filed_.size());
    filed_.push_back(kAny);
    lists_[kAny].push_back(static_cast<uint32_t>(filed_from_.size() - 1));
  }
  files_.clear();
  if (fp.ends) {
    files_.push_back(kAny);
  } else {
    if (fp.prints && fault_ != IndexFault::PrintsLeftOut) files_.push_back(kPrints);
    for (const Label& l : fp.labels) {
      if (uint64_t object = dependence_object(l);
          object != 0 && (fault_ != IndexFault::ReadsLeftOut || l.kind != LabelKind::Read))
        add_unique(files_, list_of(object));
      if (l.kind == LabelKind::Fork || l.kind == LabelKind::Join)
        add_unique(files_, list_of(kThreadClass << 32 | l.target));
      add_unique(files_, steps_list(static_cast<uint32_t>(l.thread)));
    }
  }
  filed_from_.push_back(filed_.size());
  for (uint32_t id : files_) {
    filed_.push_back(id);
    lists_[id].push_back(static_cast<uint32_t>(j));
  }
}

bool DependenceIndex::candidates(const Footprint& fp, size_t from,
                                 std::vector<uint32_t>& out) const {
  out.clear();
  if (fp.ends) return false;
  if (fault_ == IndexFault::AskedFromTheNextFrame) ++from;
  auto add = [&](uint32_t id) {
    if (id == kNoList) return;
    const std::vector<uint32_t>& list = lists_[id];
    for (auto it = std::lower_bound(list.begin(), list.end(), static_cast<uint32_t>(from));
         it != list.end(); ++it)
      out.push_back(*it);
  };
  add(kAny);
  if (fp.prints) add(kPrints);
  each_asked_object(fp, [&](uint64_t object) { add(find_list(object)); });
  return true;
}

bool DependenceIndex::file(size_t j, const Footprint& fp, std::vector<uint32_t>& out) {
  out.clear();
  file(j, fp);
  if (fp.ends) return false;
  asks_.clear();
  each_asked_object(fp, [&](uint64_t object) { add_unique(asks_, list_of(object)); });
  asks_.push_back(kAny);
  if (fp.prints) add_unique(asks_, kPrints);
  // Where the lists hold many of the earlier frames (a few cells every step touches: peterson,
  // dekker), merging them costs more than the caller's scan, which skips a frame in a few
  // instructions.
  size_t listed = 0;
  for (uint32_t id : asks_) listed += lists_[id].size();
  if (!always_merge_ && listed * 4 > j) return false;
  // A merge of the lists, from their backs: few lists, and most of them short.
  heads_.resize(asks_.size());
  for (size_t i = 0; i < asks_.size(); ++i) heads_[i] = lists_[asks_[i]].size();
  for (;;) {
    size_t best = asks_.size();
    uint32_t best_frame = 0;
    for (size_t i = 0; i < asks_.size(); ++i) {
      const std::vector<uint32_t>& list = lists_[asks_[i]];
      while (heads_[i] > 0 && list[heads_[i] - 1] >= j) --heads_[i]; // frame j itself
      if (heads_[i] > 0 && (best == asks_.size() || list[heads_[i] - 1] > best_frame)) {
        best = i;
        best_frame = list[heads_[i] - 1];
      }
    }
    if (best == asks_.size()) return true;
    --heads_[best];
    if (out.empty() || out.back() != best_frame) out.push_back(best_frame);
  }
}

} // namespace racelang
