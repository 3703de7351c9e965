// The state of one run of compiled code on real threads, behind the runtime's entry points
// (runtime.h): the shared cells, a slot per racelang thread (its OS thread, status word and
// what it is blocked on), the stop flag, the output lock, the first failure, and the watchdog
// that turns "every live thread is blocked" into a deadlock report. README.md ("Runtime")
// explains the lock, wait and watchdog protocols. Internal to jit/; no LLVM.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <tuple>
#include <vector>

#include "jit/jit.h"
#include "jit/runtime.h"
#include "jit/sites.h"

namespace racelang::jit {

using ThreadFunction = void (*)(rl_thread_ctx*);

class RunState {
public:
  RunState(const ProgramLayout& layout, const std::vector<ThreadFunction>& functions,
           const RunOptions& options, uint32_t watchdog_interval_ms);
  RunState(const RunState&) = delete;
  RunState& operator=(const RunState&) = delete;
  ~RunState();

  // Runs main on its own OS thread and watches until every thread has finished.
  RunResult run();

  // The entry points' implementations.
  bool lock_slow(rl_thread_ctx* ctx, int64_t* cell, uint32_t site);
  void unlock_wake(int64_t* cell);
  bool spawn(rl_thread_ctx* ctx, uint32_t child, uint32_t site);
  bool wait(rl_thread_ctx* ctx, uint32_t target, uint32_t site);
  void print(rl_thread_ctx* ctx, const int64_t* values, uint32_t count);
  void fail(rl_thread_ctx* ctx, uint32_t site, const int64_t* values);
  bool race(rl_thread_ctx* ctx, uint32_t site, int64_t cell, int64_t access_site,
            int64_t previous_site, int64_t previous_thread);
  bool cond_wait(rl_thread_ctx* ctx, uint32_t cond, int64_t* lock, uint32_t site);
  void notify(uint32_t cond, bool all);
  bool await(rl_thread_ctx* ctx, uint32_t barrier, uint64_t count, uint32_t site);
  void assume_failed(rl_thread_ctx* ctx, uint32_t site);

private:
  enum Status : uint32_t { kNotSpawned = 0, kRunning = 1, kFinished = 2 };
  // What a thread is blocked on, in one word so the watchdog reads it consistently:
  // kind << 61 | site << 32 | argument (a cell, or a thread index). 0: not blocked.
  enum BlockKind : uint64_t {
    kLock = 1,
    kLockSelf = 2,
    kWait = 3,
    kCondition = 4, // argument: the condition's cell; Slot::parked_at: the ticket
    kBarrier = 5,   // argument: the barrier's cell; Slot::parked_at: the phase
    kAssume = 6,    // parked for good
  };

  struct Slot {
    rl_thread_ctx ctx{};
    std::atomic<uint32_t> status{kNotSpawned}; // also the futex word `wait` sleeps on
    std::atomic<uint64_t> blocked{0};
    // While blocked on a condition its ticket, at a barrier its phase (set before `blocked`).
    std::atomic<uint64_t> parked_at{0};
    std::thread os;
    uint64_t counters[rl_counter_count] = {};
  };

  // A condition's or barrier's state (README.md, "Conditions, barriers, assume"): two counters
  // that only grow. Condition: tickets taken by waiters, and tickets below `passed` notified.
  // Barrier: arrivals over every phase, and phases below `passed` released. Each counter's low
  // half is the futex word its sleepers wait on.
  struct SyncCell {
    alignas(64) std::atomic<uint64_t> taken{0};
    std::atomic<uint64_t> passed{0};
  };

  struct Snapshot {
    uint64_t progress = 0;
    std::vector<BlockedThread> blocked;
    bool operator==(const Snapshot& o) const;
  };

  void start_thread(uint32_t k);
  void thread_main(uint32_t k);
  void block(uint32_t k, BlockKind kind, uint32_t site, uint32_t argument);
  void unblock(uint32_t k);
  bool stopping() const { return stop_.load(std::memory_order_acquire) != 0; }
  // Records how the run ends (the first call wins) and stops every thread.
  void end(Outcome outcome, std::optional<Failure> failure, std::vector<BlockedThread> blocked);
  void request_stop();
  std::optional<Snapshot> deadlock_snapshot() const;
  SyncCell& sync_cell(uint32_t cell) const { return sync_cells_[sync_index_[cell]]; }
  // Spins, yields, then sleeps until `counter` exceeds `mine` (true) or the run stops (false).
  bool wait_until_passed(const std::atomic<uint64_t>& counter, uint64_t mine,
                         std::memory_order order) const;
  Failure make_failure(FailureKind kind, uint32_t k, uint32_t site, const int64_t* values) const;

  const ProgramLayout& layout_;
  const std::vector<ThreadFunction>& functions_;
  const RunOptions& options_;
  uint32_t watchdog_interval_ms_;
  std::vector<int64_t> memory_;
  std::unique_ptr<Slot[]> slots_;
  size_t thread_count_;
  std::vector<uint32_t> sync_index_; // by cell: its SyncCell (conditions and barriers only)
  std::unique_ptr<SyncCell[]> sync_cells_;

  alignas(64) std::atomic<uint32_t> stop_{0};
  alignas(64) std::atomic<uint64_t> progress_{0}; // spawns, finishes and unblocks

  std::mutex live_mutex_; // guards live_ and the OS thread handles; the watchdog sleeps on it
  std::condition_variable live_changed_;
  uint64_t live_ = 0;

  std::mutex out_mutex_; // output, reports and the run's end
  bool ended_ = false;
  RunResult result_;
  std::set<RaceKey> seen_races_;
};

} // namespace racelang::jit
