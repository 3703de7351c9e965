// The vector times of closures (predict/closure.h's ClosureTimes, one pass over the trace, used
// by SyncP, M2 and the maximal analysis) against the sync-preserving closure computed event by
// event (SpClosure): for every access, the closure of its predecessors, and for every release,
// the closure through it, with and without the lock rule and the reads-from rule, on random
// traces with several threads, forks, joins and overlapping critical sections. The negative
// controls, times without the lock rule against the closure with it, and times whose lock rule
// skips a section for a later section of its lock in its thread that the time does not hold
// (the shortcut's condition left out), are caught by the same comparison.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "predict/closure.h"
#include "tests/predict/random_trace.h"
#include "verify/property_runner.h"

namespace racelang {
namespace {

using predict::Op;

// Times built with `times_lock_order` must equal the closures built with `lock_order`.
void check_times(bool times_lock_order, bool lock_order, bool reads_from,
                 bool settle_by_any_later_section = false) {
  predict::Trace trace = testing::gen_random_trace();
  RC_ASSERT(!predict::check_well_formed(trace).has_value());
  predict::TraceIndex index(trace);
  predict::ClosureTimes times(index, times_lock_order, reads_from, settle_by_any_later_section);
  predict::SpClosure closure(index, lock_order, reads_from);
  for (uint32_t e = 0; e < trace.events.size(); ++e) {
    Op op = trace.events[e].op;
    if (!predict::is_access(op) && op != Op::Release) continue;
    closure.reset();
    op == Op::Release ? closure.add_through(e) : closure.add_before(e);
    for (uint32_t u = 0; u < index.threads(); ++u)
      RC_ASSERT(times.count(e, u) == closure.counts()[u]);
  }
}

RC_GTEST_PROP(ClosureTimes, EqualTheClosureOfEachEvent, ()) {
  check_times(true, true, true);
}

RC_GTEST_PROP(ClosureTimes, EqualTheClosureWithoutLockRule, ()) {
  check_times(false, false, true);
}

RC_GTEST_PROP(ClosureTimes, EqualTheClosureWithoutLockRuleOrReadsFrom, ()) {
  check_times(false, false, false);
}

TEST(ClosureTimes, TimesWithoutTheLockRuleAreCaught) {
  EXPECT_TRUE(verify::find_failure([] { check_times(false, true, true); }, 400).has_value());
}

TEST(ClosureTimes, TimesSettlingBySectionsTheyDoNotHoldAreCaught) {
  EXPECT_TRUE(verify::find_failure([] { check_times(true, true, true, true); }, 400).has_value());
}

} // namespace
} // namespace racelang
