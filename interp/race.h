// What a race report says, independent of how it is printed: the location (a cell) and the two
// accesses, each with its thread, kind and source range. The detector (detect/) names the
// earlier access only by thread and kind; AccessHistory remembers where each thread last read
// and wrote each cell, which is the access the detector means: a thread's accesses are ordered
// by program order, so if any earlier access of that thread and kind races with the current one,
// its last one does too.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>

#include "frontend/ast.h"

namespace racelang {

struct RaceAccess {
  int64_t thread = 0;
  AccessKind kind = AccessKind::Read;
  SourceRange range; // begin.line == 0: not known
  friend bool operator==(const RaceAccess&, const RaceAccess&) = default;
};

struct RaceReport {
  uint32_t cell = 0;
  RaceAccess current;  // the access during which the race was detected
  RaceAccess previous; // the earlier access it races with
  // Reported by an instrumentation check (`__race`) rather than by a detector observing labels.
  bool from_instrumentation = false;
  friend bool operator==(const RaceReport&, const RaceReport&) = default;
};

// The identity of a race for "report each distinct race once": the location and the unordered
// pair of source positions (a position belongs to one thread's code, so it fixes the thread
// and the kind too).
struct RaceKey {
  uint32_t cell = 0;
  SourceLoc first, second; // ordered: first <= second by (line, col)
  auto tie() const { return std::tie(cell, first.line, first.col, second.line, second.col); }
  friend bool operator<(const RaceKey& a, const RaceKey& b) { return a.tie() < b.tie(); }
  friend bool operator==(const RaceKey& a, const RaceKey& b) { return a.tie() == b.tie(); }
};
RaceKey race_key(const RaceReport& report);

// Where each thread last read and last wrote each cell. Ordered, so that states that hold it
// compare and serialize canonically.
class AccessHistory {
public:
  void record(uint32_t cell, int64_t thread, AccessKind kind, SourceRange range) {
    sites_[{cell, thread, kind == AccessKind::Write}] = range;
  }
  SourceRange last(uint32_t cell, int64_t thread, AccessKind kind) const {
    auto it = sites_.find({cell, thread, kind == AccessKind::Write});
    return it == sites_.end() ? SourceRange{} : it->second;
  }
  void serialize(std::string& out) const;
  friend bool operator==(const AccessHistory&, const AccessHistory&) = default;

private:
  std::map<std::tuple<uint32_t, int64_t, bool>, SourceRange> sites_;
};

} // namespace racelang
