// Decision 2, redundant checks: a forward "must" dataflow analysis over each thread's
// structured code, whose facts are (location, kind) pairs: this thread accessed the location
// (the same name and index expression) with an access of that kind on every path since its last
// synchronisation, and no local the index reads has been assigned since. A load of a location
// with any fact, or a store to one with a Write fact, cannot report a race the earlier access's
// check did not, so its check is redundant. elide/README.md ("Why it is sound") has the
// argument, also at the top of redundant_checks.cpp.
#pragma once

#include <unordered_set>

#include "frontend/ast.h"
#include "frontend/check.h"

namespace racelang::elide {

struct RedundancyOptions {
  // The deliberately unsound control (ElisionOptions::broken_across_release): `unlock` keeps
  // the facts, so a check after a release is wrongly called redundant.
  bool keep_facts_across_unlock = false;
};

// The load and store statements of `program` (every thread) whose checks are redundant. A
// volatile access, cas, fetch_add, wait(c, m) and await are synchronisation: they end the facts.
std::unordered_set<const Stmt*> redundant_accesses(const Program& program, const ProgramInfo& info,
                                                   const RedundancyOptions& options);

} // namespace racelang::elide
