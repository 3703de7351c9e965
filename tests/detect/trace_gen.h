// RapidCheck generators of random well-formed traces for the detector properties. A trace is
// generated as a list of "intentions" (read, write, lock, fork, join, exit, volatile read and
// write, barrier arrival, with small numbers choosing threads, locations, locks, volatiles and
// barriers) and interpreted into events by a small simulator that only lets intentions through
// when they keep the trace well formed: threads act only between their fork and their end, locks
// are free when acquired and released by their holder, joins target finished threads, and a
// thread waiting at a barrier does nothing until the arrival that fills the barrier, which is
// followed at once by the departure of every waiting thread (as the interpreter emits them).
// Impossible intentions are skipped rather than repaired, so shrinking the list (dropping
// intentions, lowering numbers) always yields another well-formed trace.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <vector>

#include <rapidcheck.h>

#include "detect/detector.h"
#include "detect/event.h"
#include "detect/well_formed.h"

namespace racelang::detect::testgen {

struct TraceGenConfig {
  uint32_t max_threads = 5; // thread 0 plus up to 4 forked threads
  uint32_t locations = 3;
  uint32_t locks = 2;
  uint32_t volatiles = 2; // 0: no volatile reads or writes
  uint32_t barriers = 2;  // 0: no barriers
  // Single: every thread joined at most once, never acting afterwards. Multiple: threads exit
  // first and may be joined any number of times by any threads (CPP'17 §3.4).
  JoinDiscipline joins = JoinDiscipline::Single;
  bool exits = true; // generate exit(t) events (always on for Multiple)
  std::size_t max_events = 40;
};

enum class Intent : uint8_t {
  Read,
  Write,
  Acquire,
  Release,
  LockedAccess,
  Fork,
  Join,
  Exit,
  VolatileRead,
  VolatileWrite,
  Arrive,
};

// What one step tries to do. `actor` picks among the live threads that are not waiting at a
// barrier, `a` the location, lock, join target, volatile or barrier (an arrival goes to the
// lowest barrier with waiting threads unless `a` % 4 == 0, else to barrier `a` / 4), `b` the
// location of a LockedAccess (acq m; rd/wr x; rel m) or the first thread to depart when an arrival
// fills its barrier, `write` the kind of a LockedAccess; an arrival fills its barrier when `write`
// and `b` < 6 (and the last thread not waiting always fills it, so the simulator never deadlocks).
struct Intention {
  Intent what = Intent::Read;
  uint8_t actor = 0;
  uint8_t a = 0;
  uint8_t b = 0;
  bool write = false;
};

// Interprets intentions into a well-formed trace (check_well_formed(result, config.joins) holds).
Trace interpret(const std::vector<Intention>& intentions, const TraceGenConfig& config);

rc::Gen<Intention> gen_intention(const TraceGenConfig& config);
// Up to 70 intentions (at RapidCheck size 100), interpreted; at most config.max_events events.
rc::Gen<Trace> gen_trace(const TraceGenConfig& config = {});
// The Multiple-discipline configuration used by the multiple-join properties.
TraceGenConfig multi_join_config();

} // namespace racelang::detect::testgen

namespace racelang::detect {
// RapidCheck and GoogleTest printers, found by argument-dependent lookup.
void showValue(const Event& e, std::ostream& os);
void PrintTo(const Event& e, std::ostream* os);
void PrintTo(const Race& race, std::ostream* os);
} // namespace racelang::detect
