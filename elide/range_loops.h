// Decision 3, range coalescing (BigFoot's coalescing of array checks, [thesis'19] ch. 3): the
// counted loops whose shared accesses can all be checked by one range check before the loop,
// which replays the loop's accesses' checks (and metadata updates) in the loop's own order, so
// that the accesses in the loop need no check of their own. A loop qualifies only when nothing in
// its body can synchronise, fail or block, and its counter and bound behave as a range: then the
// range check sees exactly the accesses, in exactly the order, that the loop will make, with the
// clock the loop will make them with. elide/README.md ("Decision 3") gives the accepted shape and
// why it is sound; docs/instrumentation.md ("Range coalescing") what the properties check.
#pragma once

#include <string>
#include <vector>

#include "frontend/ast.h"
#include "frontend/check.h"

namespace racelang::elide {

// One access of a coalescable loop's body, in body order.
struct RangeAccess {
  const Stmt* stmt = nullptr;
  const Location* loc = nullptr; // a scalar, or an element at `counter + c` or a constant
  AccessKind kind = AccessKind::Read;
  size_t position = 0; // of the statement in the loop body
};

// A loop `while (counter < bound) { ...; counter := counter + 1; }` whose every shared access
// the range check before it can replay.
struct RangeLoop {
  const Stmt* loop = nullptr; // the While statement
  std::string counter;
  const Expr* bound = nullptr; // reads only locals the body never assigns
  size_t body_size = 0;        // statements, the increment included
  std::vector<RangeAccess> accesses;
};

struct RangeLoopOptions {
  // The deliberately unsound control (ElisionOptions::broken_range_across_sync): a body may
  // also hold `lock` and `unlock`, whose clock changes the range check then misses.
  bool allow_lock_blocks = false;
};

// Every coalescable loop of `program`, every thread (spawn bodies and nested loops included),
// in source order. A loop with no shared access is not listed.
std::vector<RangeLoop> range_loops(const Program& program, const ProgramInfo& info,
                                   const RangeLoopOptions& options);

// A copy of `e` that reads `to` wherever `e` reads the local `from`: an index of the loop,
// evaluated for the range check's own counter.
Expr replace_local(const Expr& e, const std::string& from, const std::string& to);

} // namespace racelang::elide
