// The split DPOR search behind `racelang explore --jobs=N`: the search tree is cut at its top
// into parts (split_dpor_search, the same parts for any N), N worker threads take the parts in
// order from a shared counter and run optimal DPOR below each, and the parts' counts and
// outcomes are merged in the parts' order. No search state is shared between workers, and the
// limits count over the parts in their order (a part whose run may have gone further than one
// worker's would have runs again), so the results are the same for every N, also when a limit
// stops the search (docs/explore.md, "Parallel exploration", says why they are also those of
// the unsplit search).
#pragma once

#include "interp/code.h"
#include "interp/explore.h"

namespace racelang {

// ExploreStrategy::Dpor with options.jobs >= 1 (called by explore_program).
ExploreResult explore_dpor_parallel(const Code& code, const ExploreOptions& options);

} // namespace racelang
