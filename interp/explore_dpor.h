// Optimal dynamic partial order reduction for `racelang explore` (the default strategy): the
// algorithm of Abdulla, Aronis, Jonsson and Sagonas, "Optimal Dynamic Partial Order Reduction"
// (POPL'14), with source sets, sleep sets and wakeup trees, over racelang's scheduling steps.
// It runs exactly one execution per Mazurkiewicz trace of the dependence relation that
// docs/explore.md defines (same cell with a write; same lock; fork/join of a thread; print and
// print; a step that ends the execution with everything), keeping only the current execution,
// its states and its wakeup trees: memory linear in the execution's length. Outcomes are
// collected exactly as the state-caching search collects them (explore_outcomes.h).
#pragma once

#include "interp/code.h"
#include "interp/explore.h"

namespace racelang {

// Called by explore_program for ExploreStrategy::Dpor.
ExploreResult explore_dpor(const Code& code, const ExploreOptions& options);

} // namespace racelang
