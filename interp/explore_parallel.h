// The split DPOR search behind `racelang explore --jobs=N`: the search tree is cut at its top
// into parts (split_dpor_search, the same parts for any N), N worker threads take the parts
// from a shared queue and run optimal DPOR below each, a running part gives its planned
// branches away (ExploreOptions::give_executions) or splits the rest of its search off
// (resplit_executions) as new parts for idle workers, at points that depend on its own search
// only, and the parts' counts and outcomes are merged in the order one worker searches them.
// No search state is shared between workers but what a part given away returns to its giver
// at a fixed point of the giver's search, and the limits count over the parts in that order
// (a part whose run may have gone further than one worker's would have runs again), so the
// results are the same for every N, also when a limit stops the search (docs/explore.md,
// "Parallel exploration", "Parts split off while they run" and "Planned branches given away",
// says why they are also those of the unsplit search).
#pragma once

#include "interp/code.h"
#include "interp/explore.h"

namespace racelang {

// ExploreStrategy::Dpor with options.jobs >= 1 (called by explore_program).
ExploreResult explore_dpor_parallel(const Code& code, const ExploreOptions& options);

} // namespace racelang
