// RapidCheck generators of concurrent racelang programs for the JIT's differential properties,
// as source text (shown as such in counterexamples):
//
// - race-free programs whose final shared memory is the same on every schedule: workers update
//   counters only under the counter's lock and only with one commutative operation per counter
//   (addition, or max), write private result slots, may wait for earlier workers and read their
//   results, and may spawn and wait for a helper of their own; main waits for everyone and
//   combines the results. Locks are taken in one global order, so nothing deadlocks.
// - programs racy on every schedule: two threads, spawned by main one after the other, each
//   access `x` (at least one writes) with no synchronisation between them at all (each has its
//   own lock and private cells for its other work), so the two accesses are concurrent in
//   every execution and a precise detector reports a race every time.
// - race-free programs on the synchronisation of docs/language.md whose final shared memory is
//   the same on every schedule: two to four workers run barrier phases (each writes its slot,
//   awaits, reads its neighbour's, awaits), add to a counter with fetch_add and to a plain
//   total under a cas spin lock, pass a plain message down a chain of volatile `ready` flags,
//   and worker 1 produces items into a bounded queue (wait/notify under a lock) that main
//   consumes in order. Nothing races and nothing deadlocks.
#pragma once

#include <string>

#include <rapidcheck.h>

namespace racelang::testing {

rc::Gen<std::string> gen_race_free_source();
rc::Gen<std::string> gen_always_racy_source();
rc::Gen<std::string> gen_race_free_sync_source();

} // namespace racelang::testing
