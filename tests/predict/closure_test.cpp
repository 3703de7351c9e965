// The vector times of closures (predict/closure.h's ClosureTimes, one pass over the trace, used
// by SyncP, M2 and the maximal analysis) against the sync-preserving closure computed event by
// event (SpClosure): for every access, the closure of its predecessors, and for every release,
// the closure through it, with and without the lock rule and the reads-from rule, on random
// traces with several threads, forks, joins and overlapping critical sections. The negative
// controls, times without the lock rule against the closure with it, and times whose lock rule
// skips a section for a later section of its lock in its thread that the time does not hold
// (the shortcut's condition left out), are caught by the same comparison. And the critical
// sections the times' lock rule visits, against a plain scan of each thread's events.
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

// The critical sections (CriticalSections, built in one walk over each thread's events, each
// linked forwards to its thread's next section of its lock) against a plain scan of the trace per
// thread. `mutate` breaks the table first (the negative control).
void check_sections(void (*mutate)(predict::CriticalSections&) = nullptr) {
  predict::Trace trace = testing::gen_random_trace();
  predict::TraceIndex index(trace);
  predict::CriticalSections sections(index);
  if (mutate) mutate(sections);
  constexpr uint32_t kOpen = predict::CriticalSection::kOpen;
  size_t k = 0;
  for (uint32_t u = 0; u < index.threads(); ++u) {
    RC_ASSERT(sections.begin[u] == k);
    const std::vector<uint32_t>& events = index.by_thread[u];
    for (uint32_t p = 0; p < events.size(); ++p) {
      uint32_t i = events[p];
      if (trace.events[i].op != Op::Acquire) continue;
      int32_t release = index.release_of[i];
      uint32_t next = kOpen;
      for (uint32_t q = p + 1; q < events.size() && next == kOpen; ++q)
        if (trace.events[events[q]].op == Op::Acquire &&
            trace.events[events[q]].target == trace.events[i].target)
          next = q;
      RC_ASSERT(k < sections.all.size());
      const predict::CriticalSection& s = sections.all[k++];
      RC_ASSERT(s.acquire == i);
      RC_ASSERT(s.acquire_pos == p);
      RC_ASSERT(s.release == (release < 0 ? kOpen : static_cast<uint32_t>(release)));
      RC_ASSERT(s.release_pos == (release < 0 ? kOpen : index.pos[static_cast<uint32_t>(release)]));
      RC_ASSERT(s.thread == u);
      RC_ASSERT(s.lock == trace.events[i].target);
      RC_ASSERT(s.next_same_lock_pos == next);
    }
  }
  RC_ASSERT(sections.begin[index.threads()] == k);
  RC_ASSERT(sections.all.size() == k);
}

RC_GTEST_PROP(CriticalSections, AreEachThreadsInOrderLinkedToItsNextOfTheirLock, ()) {
  check_sections();
}

// The mistake the one walk must not make: taking an earlier thread's latest section of a lock
// as this thread's (the walk keeps one table of latest sections for all threads), so that a
// thread's last section of a lock links to a later thread's first.
TEST(CriticalSections, ALinkAcrossThreadsIsCaught) {
  auto link_across_threads = [](predict::CriticalSections& sections) {
    for (size_t a = 0; a < sections.all.size(); ++a)
      for (size_t b = a + 1; b < sections.all.size(); ++b)
        if (sections.all[b].lock == sections.all[a].lock) {
          if (sections.all[b].thread != sections.all[a].thread &&
              sections.all[a].next_same_lock_pos == predict::CriticalSection::kOpen)
            sections.all[a].next_same_lock_pos = sections.all[b].acquire_pos;
          break;
        }
  };
  EXPECT_TRUE(verify::find_failure([&] { check_sections(link_across_threads); }, 400).has_value());
}

} // namespace
} // namespace racelang
