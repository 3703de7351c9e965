// Where each thread last read and wrote each cell, for the interpreter's race reports
// (RaceReport is outcome/outcome.h's). The detector (detect/) names the earlier access only by
// thread and kind; AccessHistory remembers the access the detector means: a thread's accesses
// are ordered by program order, so if any earlier access of that thread and kind races with the
// current one, its last one does too.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "frontend/ast.h"
#include "outcome/outcome.h"

namespace racelang {

// Where each thread last read and last wrote each cell. Ordered, so that states that hold it
// compare and serialize canonically.
class AccessHistory {
public:
  void record(uint32_t cell, int64_t thread, AccessKind kind, SourceRange range) {
    Key key{cell, thread, kind == AccessKind::Write};
    auto it = std::lower_bound(sites_.begin(), sites_.end(), key,
                               [](const Entry& e, const Key& k) { return e.first < k; });
    if (it != sites_.end() && it->first == key)
      it->second = range;
    else
      sites_.insert(it, {key, range});
  }
  SourceRange last(uint32_t cell, int64_t thread, AccessKind kind) const {
    Key key{cell, thread, kind == AccessKind::Write};
    auto it = std::lower_bound(sites_.begin(), sites_.end(), key,
                               [](const Entry& e, const Key& k) { return e.first < k; });
    return it != sites_.end() && it->first == key ? it->second : SourceRange{};
  }
  void serialize(std::string& out) const;
  friend bool operator==(const AccessHistory&, const AccessHistory&) = default;

private:
  // A sorted vector rather than a map: the explorer rebuilds and copies histories at every
  // backtrack, and a map's node per entry made the allocator a tenth of its time.
  using Key = std::tuple<uint32_t, int64_t, bool>;
  using Entry = std::pair<Key, SourceRange>;
  std::vector<Entry> sites_; // sorted by key
};

} // namespace racelang
