// RapidCheck generators of random well-formed traces for the detector properties. A trace is
// generated as a list of "intentions" (read, write, lock, fork, join, exit, with small numbers
// choosing threads, locations and locks) and interpreted into events by a small simulator that
// only lets intentions through when they keep the trace well formed: threads act only between
// their fork and their end, locks are free when acquired and released by their holder, and joins
// target finished threads. Impossible intentions are skipped rather than repaired, so shrinking
// the list (dropping intentions, lowering numbers) always yields another well-formed trace.
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
  // Single: every thread joined at most once, never acting afterwards. Multiple: threads exit
  // first and may be joined any number of times by any threads (CPP'17 §3.4).
  JoinDiscipline joins = JoinDiscipline::Single;
  bool exits = true; // generate exit(t) events (always on for Multiple)
  std::size_t max_events = 40;
};

enum class Intent : uint8_t { Read, Write, Acquire, Release, LockedAccess, Fork, Join, Exit };

// What one step tries to do. `actor` picks among the live threads, `a` the location, lock or
// join target, `b` the location of a LockedAccess (acq m; rd/wr x; rel m), `write` its kind.
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
