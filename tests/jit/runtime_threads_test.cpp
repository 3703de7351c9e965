// The JIT runtime on real threads without LLVM: hand-written thread functions stand in for
// generated code (the inline lock and unlock exactly as codegen emits them, README.md "Locks")
// and call the runtime's entry points, so a ThreadSanitizer build (tests/sanitize) checks our
// threaded code alone: lock hand-off through the slow path and the futex, spawn and wait
// ordering, the watchdog's deadlock report, stopping spinning threads at a timeout, atomic
// print lines, and the synchronisation's conditions, barriers and assumptions (a queue handed
// over with wait/notify, barrier phases ordering plain accesses, waits nobody can end, a
// discarded run). Under ThreadSanitizer deliberately racy programs must be reported (the
// sanitizer's own teeth, and proof that a barrier or a notify adds no edge the language does
// not have); in ordinary builds those tests are skipped.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "jit/run_state.h"
#include "jit/runtime.h"
#include "jit/sites.h"

#if defined(__SANITIZE_THREAD__)
#define RACELANG_UNDER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define RACELANG_UNDER_TSAN 1
#endif
#endif

namespace racelang::jit {
namespace {

constexpr uint32_t kWorkers = 4;
constexpr int kIterations = 2000;
// Cells: the counter, the lock, a value handed over by spawn, one handed back by wait, and a
// second lock for the deadlock; a condition, a barrier for the workers and one for three, a
// slot per thread, and a one-item queue (its item, whether it is full, the consumer's sum).
constexpr uint32_t kCounter = 0, kLock = 1, kHandedOver = 2, kHandedBack = 3, kLock2 = 4;
constexpr uint32_t kCond = 5, kBarrier = 6, kBarrier3 = 7, kSlot = 8;
constexpr uint32_t kItem = kSlot + kWorkers + 1, kFull = kItem + 1, kSum = kItem + 2;
constexpr uint32_t kCells = kSum + 1;
// Sites: a lock site, then a spawn and a wait site per thread index.
constexpr uint32_t kLockSite = 0;
constexpr uint32_t spawn_site(uint32_t k) {
  return 1 + k;
}
constexpr uint32_t wait_site(uint32_t k) {
  return 1 + kWorkers + 1 + k;
}
// Then the synchronisation's sites.
constexpr uint32_t kCondSite = 2 * (kWorkers + 1) + 1, kAwaitSite = kCondSite + 1,
                   kAwait3Site = kCondSite + 2, kAssumeSite = kCondSite + 3;

ProgramLayout make_layout() {
  ProgramLayout layout;
  layout.cell_count = kCells;
  for (uint32_t k = 0; k <= kWorkers; ++k) layout.thread_ids.push_back(k);
  layout.is_lock_cell.assign(kCells, 0);
  layout.is_lock_cell[kLock] = layout.is_lock_cell[kLock2] = 1;
  layout.sync_cells = {kCond, kBarrier, kBarrier3};
  Site lock;
  lock.kind = SiteKind::Lock;
  lock.text = "m";
  layout.sites.push_back(lock);
  for (uint32_t k = 0; k <= kWorkers; ++k) {
    Site s;
    s.kind = SiteKind::Spawn;
    s.target = k;
    layout.sites.push_back(s);
  }
  for (uint32_t k = 0; k <= kWorkers; ++k) {
    Site s;
    s.kind = SiteKind::Wait;
    s.target = k;
    layout.sites.push_back(s);
  }
  Site s;
  s.kind = SiteKind::CondWait;
  layout.sites.push_back(s);
  s.kind = SiteKind::Await;
  s.count = kWorkers;
  layout.sites.push_back(s);
  s.count = 3;
  layout.sites.push_back(s);
  s.kind = SiteKind::Assume;
  layout.sites.push_back(s);
  return layout;
}

bool stopping(rl_thread_ctx* ctx) {
  return __atomic_load_n(ctx->stop, __ATOMIC_ACQUIRE) != 0;
}

// `lock` and `unlock` as the generated code does them.
bool lock(rl_thread_ctx* ctx, uint32_t cell) {
  int64_t expected = 0;
  if (__atomic_compare_exchange_n(&ctx->memory[cell], &expected,
                                  static_cast<int64_t>(ctx->thread_index) + 1, false,
                                  __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
    return true;
  return rl_lock_slow(ctx, &ctx->memory[cell], kLockSite) != 0;
}

void unlock(rl_thread_ctx* ctx, uint32_t cell) {
  int64_t old = __atomic_exchange_n(&ctx->memory[cell], 0, __ATOMIC_RELEASE);
  if (old >> 32) rl_unlock_wake(ctx, &ctx->memory[cell]);
}

void spawn_and_wait_workers(rl_thread_ctx* ctx) {
  for (uint32_t k = 1; k <= kWorkers; ++k)
    if (!rl_spawn(ctx, k, spawn_site(k))) return;
  for (uint32_t k = 1; k <= kWorkers; ++k)
    if (!rl_wait(ctx, k, wait_site(k))) return;
}

RunResult run(const std::vector<ThreadFunction>& functions, const RunOptions& options = {}) {
  ProgramLayout layout = make_layout();
  RunState state(layout, functions, options, kDefaultWatchdogIntervalMs);
  return state.run();
}

void locked_worker(rl_thread_ctx* ctx) {
  for (int i = 0; i < kIterations; ++i) {
    if (stopping(ctx) || !lock(ctx, kLock)) return;
    ctx->memory[kCounter] += 1; // a plain access, ordered by the lock
    unlock(ctx, kLock);
  }
}

TEST(RuntimeThreads, LockedCounterIsExact) {
  std::vector<ThreadFunction> f(kWorkers + 1, locked_worker);
  f[0] = spawn_and_wait_workers;
  RunResult r = run(f);
  EXPECT_EQ(r.outcome, Outcome::Finished);
  EXPECT_EQ(r.memory[kCounter], static_cast<int64_t>(kWorkers) * kIterations);
  EXPECT_EQ(r.memory[kLock], 0);
}

// Spawn orders the parent's earlier writes before the child; wait orders the child's writes
// before the parent's later reads: plain accesses on both sides.
void handing_main(rl_thread_ctx* ctx) {
  ctx->memory[kHandedOver] = 7;
  if (!rl_spawn(ctx, 1, spawn_site(1))) return;
  if (!rl_wait(ctx, 1, wait_site(1))) return;
  ctx->memory[kCounter] = ctx->memory[kHandedBack];
}
void handing_child(rl_thread_ctx* ctx) {
  ctx->memory[kHandedBack] = ctx->memory[kHandedOver] * 6;
}

TEST(RuntimeThreads, SpawnAndWaitHandValuesOver) {
  std::vector<ThreadFunction> f(kWorkers + 1, handing_child);
  f[0] = handing_main;
  RunResult r = run(f);
  EXPECT_EQ(r.outcome, Outcome::Finished);
  EXPECT_EQ(r.memory[kCounter], 42);
}

// Two threads take two locks in opposite orders, each only after the other holds its first.
std::atomic<int> holding{0};
void deadlock_main(rl_thread_ctx* ctx) {
  holding = 0;
  if (!rl_spawn(ctx, 1, spawn_site(1)) || !rl_spawn(ctx, 2, spawn_site(2))) return;
  if (!rl_wait(ctx, 1, wait_site(1))) return;
  rl_wait(ctx, 2, wait_site(2));
}
void take_both(rl_thread_ctx* ctx, uint32_t first, uint32_t second) {
  if (!lock(ctx, first)) return;
  holding.fetch_add(1);
  while (holding.load() < 2)
    if (stopping(ctx)) return;
  if (!lock(ctx, second)) return;
  unlock(ctx, second);
  unlock(ctx, first);
}
void deadlock_a(rl_thread_ctx* ctx) {
  take_both(ctx, kLock, kLock2);
}
void deadlock_b(rl_thread_ctx* ctx) {
  take_both(ctx, kLock2, kLock);
}

TEST(RuntimeThreads, WatchdogReportsADeadlockAndStopsEveryThread) {
  std::vector<ThreadFunction> f{deadlock_main, deadlock_a, deadlock_b, locked_worker,
                                locked_worker};
  RunResult r = run(f);
  ASSERT_EQ(r.outcome, Outcome::Deadlock);
  std::vector<int64_t> blocked;
  for (const BlockedThread& b : r.blocked) blocked.push_back(b.thread);
  EXPECT_EQ(blocked, (std::vector<int64_t>{0, 1, 2}));
}

void spinner(rl_thread_ctx* ctx) {
  while (!stopping(ctx)) {
  }
}

TEST(RuntimeThreads, TimeoutStopsSpinningThreads) {
  std::vector<ThreadFunction> f(kWorkers + 1, spinner);
  f[0] = spawn_and_wait_workers;
  RunOptions options;
  options.timeout_ms = 50;
  RunResult r = run(f, options);
  EXPECT_EQ(r.outcome, Outcome::TimeLimit);
}

TEST(RuntimeThreads, TimeoutLeavesAFinishedRunAlone) {
  std::vector<ThreadFunction> f(kWorkers + 1, locked_worker);
  f[0] = spawn_and_wait_workers;
  RunOptions options;
  options.timeout_ms = 600'000;
  RunResult r = run(f, options);
  EXPECT_EQ(r.outcome, Outcome::Finished);
  EXPECT_EQ(r.memory[kCounter], static_cast<int64_t>(kWorkers) * kIterations);
}

void printer(rl_thread_ctx* ctx) {
  for (int i = 0; i < 100; ++i) {
    int64_t values[3] = {ctx->thread_index, i, ctx->thread_index * 1000 + i};
    rl_print(ctx, values, 3);
  }
}

TEST(RuntimeThreads, PrintedLinesAreWhole) {
  std::vector<ThreadFunction> f(kWorkers + 1, printer);
  f[0] = spawn_and_wait_workers;
  std::vector<std::string> lines;
  RunOptions options;
  options.print = [&](std::string_view line) { lines.emplace_back(line); };
  RunResult r = run(f, options);
  EXPECT_EQ(r.outcome, Outcome::Finished);
  ASSERT_EQ(lines.size(), kWorkers * 100u);
  for (const std::string& line : lines) {
    long t = 0, i = 0, v = 0;
    ASSERT_EQ(std::sscanf(line.c_str(), "%ld %ld %ld", &t, &i, &v), 3) << line;
    EXPECT_EQ(v, t * 1000 + i) << line;
  }
}

// --- conditions, barriers, assume ---------------------------------------------------------

bool cond_wait(rl_thread_ctx* ctx) {
  return rl_cond_wait(ctx, kCond, &ctx->memory[kLock], kCondSite) != 0;
}

// A one-item queue handed from worker 1 to worker 2 with wait/notify on one condition; the
// item, the full flag and the sum are plain cells ordered by the lock alone.
constexpr int kItems = 2000;
void producer(rl_thread_ctx* ctx) {
  for (int i = 1; i <= kItems; ++i) {
    if (!lock(ctx, kLock)) return;
    while (ctx->memory[kFull] != 0)
      if (!cond_wait(ctx)) return;
    ctx->memory[kItem] = i;
    ctx->memory[kFull] = 1;
    rl_notify(ctx, kCond, 0);
    unlock(ctx, kLock);
  }
}
void consumer(rl_thread_ctx* ctx) {
  for (int i = 1; i <= kItems; ++i) {
    if (!lock(ctx, kLock)) return;
    while (ctx->memory[kFull] == 0)
      if (!cond_wait(ctx)) return;
    ctx->memory[kSum] = ctx->memory[kSum] * 3 % 1000003 + ctx->memory[kItem];
    ctx->memory[kFull] = 0;
    rl_notify(ctx, kCond, 0);
    unlock(ctx, kLock);
  }
}
void two_workers(rl_thread_ctx* ctx) {
  if (!rl_spawn(ctx, 1, spawn_site(1)) || !rl_spawn(ctx, 2, spawn_site(2))) return;
  if (rl_wait(ctx, 1, wait_site(1))) rl_wait(ctx, 2, wait_site(2));
}
// The program where main spawns thread 1 running `first` and thread 2 running `second`, and
// waits for both.
std::vector<ThreadFunction> two_workers_running(ThreadFunction first, ThreadFunction second) {
  std::vector<ThreadFunction> f(kWorkers + 1, second);
  f[0] = two_workers;
  f[1] = first;
  return f;
}

TEST(RuntimeThreads, ConditionHandsAQueueOver) {
  RunResult r = run(two_workers_running(producer, consumer));
  EXPECT_EQ(r.outcome, Outcome::Finished);
  int64_t sum = 0;
  for (int i = 1; i <= kItems; ++i) sum = sum * 3 % 1000003 + i;
  EXPECT_EQ(r.memory[kSum], sum);
}

// Every worker writes its slot, meets the others, checks its neighbour's slot, meets them
// again: plain accesses ordered only by the barrier's phases.
constexpr int kPhases = 500;
std::atomic<int> phase_mismatches{0};
void phase_worker(rl_thread_ctx* ctx) {
  uint32_t k = ctx->thread_index, next = k % kWorkers + 1;
  for (int p = 0; p < kPhases; ++p) {
    ctx->memory[kSlot + k] = p;
    if (!rl_await(ctx, kBarrier, kWorkers, kAwaitSite)) return;
    if (ctx->memory[kSlot + next] != p) phase_mismatches.fetch_add(1, std::memory_order_relaxed);
    if (!rl_await(ctx, kBarrier, kWorkers, kAwaitSite)) return;
  }
}

TEST(RuntimeThreads, BarrierPhasesOrderPlainAccesses) {
  std::vector<ThreadFunction> f(kWorkers + 1, phase_worker);
  f[0] = spawn_and_wait_workers;
  phase_mismatches = 0;
  RunResult r = run(f);
  EXPECT_EQ(r.outcome, Outcome::Finished);
  EXPECT_EQ(phase_mismatches.load(), 0);
  for (uint32_t k = 1; k <= kWorkers; ++k) EXPECT_EQ(r.memory[kSlot + k], kPhases - 1);
}

void never_notified(rl_thread_ctx* ctx) {
  if (lock(ctx, kLock)) cond_wait(ctx);
}
void alone_at_barrier(rl_thread_ctx* ctx) {
  rl_await(ctx, kBarrier3, 3, kAwait3Site);
}

TEST(RuntimeThreads, WatchdogReportsWaitsNobodyCanEnd) {
  RunResult r = run(two_workers_running(never_notified, alone_at_barrier));
  ASSERT_EQ(r.outcome, Outcome::Deadlock);
  ASSERT_EQ(r.blocked.size(), 3u);
  EXPECT_EQ(r.blocked[0].blocker.kind, Blocker::Wait);
  EXPECT_EQ(r.blocked[1].blocker.kind, Blocker::Condition);
  EXPECT_EQ(r.blocked[1].blocker.cell, kCond);
  EXPECT_EQ(r.blocked[2].blocker.kind, Blocker::Barrier);
  EXPECT_EQ(r.blocked[2].blocker.arrived, 1);
  EXPECT_EQ(r.blocked[2].blocker.needed, 3);
  EXPECT_EQ(r.memory[kLock], 0); // the waiter released the lock
}

void false_assumption(rl_thread_ctx* ctx) {
  rl_assume_failed(ctx, kAssumeSite);
}

TEST(RuntimeThreads, AFalseAssumptionDiscardsTheRun) {
  RunResult r = run(two_workers_running(false_assumption, locked_worker));
  ASSERT_EQ(r.outcome, Outcome::Discarded);
  ASSERT_EQ(r.blocked.size(), 2u); // main waiting for thread 1, thread 1 parked
  EXPECT_EQ(r.blocked[1].blocker.kind, Blocker::Assume);
  EXPECT_EQ(r.memory[kCounter], kIterations); // thread 2 went on and finished
}

// The sanitizer's teeth: the same counter without the lock is a data race ThreadSanitizer must
// report (it exits with 66 at the first report, TSAN_OPTIONS=halt_on_error=1). ThreadSanitizer
// only sees races between accesses its happens-before does not order, and on a loaded machine the
// workers may run one after another with the runtime's own spawn bookkeeping ordering them (CI saw
// exactly that). So the workers first meet at a rendezvous made of relaxed atomics, which give
// ThreadSanitizer no edge: every increment after it overlaps with the others'.
std::atomic<uint32_t> unlocked_arrived{0};
void unlocked_worker(rl_thread_ctx* ctx) {
  unlocked_arrived.fetch_add(1, std::memory_order_relaxed);
  while (unlocked_arrived.load(std::memory_order_relaxed) < kWorkers && !stopping(ctx))
    std::this_thread::yield();
  for (int i = 0; i < kIterations; ++i) ctx->memory[kCounter] += 1;
}

// The same increments, each worker's before the same barrier phase: arrivals are not ordered
// with each other, only with the departures.
void unlocked_before_barrier(rl_thread_ctx* ctx) {
  unlocked_worker(ctx);
  rl_await(ctx, kBarrier, kWorkers, kAwaitSite);
}

// A notify is no release: worker 2 writes a plain cell after its last unlock and notifies;
// worker 1, woken, reads it after re-acquiring the lock. Only the runtime could order the two
// (nothing in racelang does), and it must not. Worker 2 stays alive until the read, so its
// finishing (which the runtime does publish) cannot order them either.
std::atomic<uint32_t> waiter_parked{0}, waiter_read{0};
void notified_reader(rl_thread_ctx* ctx) {
  if (!lock(ctx, kLock)) return;
  waiter_parked.store(1, std::memory_order_relaxed);
  if (!cond_wait(ctx)) return;
  ctx->memory[kCounter] += ctx->memory[kHandedOver];
  waiter_read.store(1, std::memory_order_relaxed);
  unlock(ctx, kLock);
}
void unordered_notifier(rl_thread_ctx* ctx) {
  while (waiter_parked.load(std::memory_order_relaxed) == 0 && !stopping(ctx))
    std::this_thread::yield();
  // Taking the lock after the waiter released it: its ticket is visible.
  if (!lock(ctx, kLock)) return;
  unlock(ctx, kLock);
  ctx->memory[kHandedOver] = 5;
  rl_notify(ctx, kCond, 0);
  while (waiter_read.load(std::memory_order_relaxed) == 0 && !stopping(ctx))
    std::this_thread::yield();
}

// Runs `f`, which ThreadSanitizer must stop with a data race report (exit 66,
// TSAN_OPTIONS=halt_on_error=1), in a death test; skipped in builds without the sanitizer.
void expect_thread_sanitizer_report(const std::vector<ThreadFunction>& f) {
#ifndef RACELANG_UNDER_TSAN
  (void)f;
  GTEST_SKIP() << "only meaningful under ThreadSanitizer (tests/sanitize builds it)";
#else
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(run(f), testing::ExitedWithCode(66), "ThreadSanitizer: data race");
#endif
}

TEST(RuntimeThreads, ThreadSanitizerReportsAnUnlockedCounter) {
  std::vector<ThreadFunction> f(kWorkers + 1, unlocked_worker);
  f[0] = spawn_and_wait_workers;
  expect_thread_sanitizer_report(f);
}

TEST(RuntimeThreads, ThreadSanitizerReportsPlainWritesBeforeOneBarrierPhase) {
  std::vector<ThreadFunction> f(kWorkers + 1, unlocked_before_barrier);
  f[0] = spawn_and_wait_workers;
  expect_thread_sanitizer_report(f);
}

TEST(RuntimeThreads, ThreadSanitizerReportsAWriteOrderedOnlyByANotify) {
  expect_thread_sanitizer_report(two_workers_running(notified_reader, unordered_notifier));
}

} // namespace
} // namespace racelang::jit
