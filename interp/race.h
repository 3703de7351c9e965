// Where each thread last read and wrote each cell, for the interpreter's race reports
// (RaceReport is outcome/outcome.h's). The detector (detect/) names the earlier access only by
// thread and kind; AccessHistory remembers the access the detector means: a thread's accesses
// are ordered by program order, so if any earlier access of that thread and kind races with the
// current one, its last one does too.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>

#include "frontend/ast.h"
#include "outcome/outcome.h"

namespace racelang {

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
