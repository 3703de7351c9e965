// A RapidCheck generator of small concurrent racelang programs for the interpreter's properties:
// main spawns one to three threads (possibly between other steps), each doing a few loads and
// stores of a handful of shared locations, critical sections under one of two locks, branches
// and waits for earlier threads; main waits for some of them. Unlike the general program
// generator (tests/support/program_gen.h), which rarely produces two threads touching the
// same location, most of these programs race, synchronise or deadlock in interesting ways,
// and none fail on arithmetic. Programs are generated as source text, shown as such.
#pragma once

#include <string>

#include <rapidcheck.h>

namespace racelang::testing {

struct ConcurrentGenConfig {
  bool loops = false; // also spin loops waiting for a flag (state cycles, possible step limits)
  // Also loops with a local counter (bounded, acyclic) around accesses, and asserts on loaded
  // values (assertion failures): for comparing exploration strategies on terminating programs.
  bool counted_loops = false;
  // Also the synchronisation of docs/language.md: volatiles `vf` and `va[2]` (loads, stores,
  // cas, fetch_add), a condition `cv` (waits under `m`, bare or in the usual flag loop, and
  // notify/notify_all, bare or setting the flag under `m`), a barrier `bar(2)` and `assume`
  // after a load. Lost wake-ups, barriers that never fill and discarded executions are all
  // meant to happen. Off, the generator draws exactly what it drew before the flag existed.
  bool sync = false;
};

rc::Gen<std::string> gen_concurrent_source(ConcurrentGenConfig config = {});

} // namespace racelang::testing
