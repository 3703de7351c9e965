// Test-only: random well-formed traces without values, built event by event (a RapidCheck
// generator), for the properties that need more synchronisation than generated programs give:
// several threads forked by thread 0 first and some joined later, several locks taken and released
// in any order (critical sections overlap across locks and may stay open at the end), reads and
// writes of a few locations. Only what the trace discipline allows (predict/trace.h's check) is
// generated.
#pragma once

#include "predict/trace.h"

namespace racelang::testing {

// Up to `max_events` events (RapidCheck's *gen, so call it inside a property).
predict::Trace gen_random_trace(size_t max_events = 60);

} // namespace racelang::testing
