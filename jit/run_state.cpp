// One run on real threads (see run_state.h and README.md, "Runtime"). Blocking has two phases:
// spin briefly with a pause instruction (the other core may release the lock within
// nanoseconds), then sleep on a futex, so a thread that cannot proceed never holds a core the
// machine's other threads need. There is no sched_yield phase between them any more: waiters
// that yielded to each other kept competing for a contended lock, which on a polling program
// (bench/programs/producer_consumer.rl) made each instrumented run 2.5-14 s instead of 0.3 s
// (docs/performance.md, "The JIT's lock waits without yielding"). Sleeps use a timeout as a
// backstop so that a stop is always noticed.
//
// Conditions and barriers (README.md, "Conditions, barriers, assume") are emitc's C runtime's
// design on futexes: a condition is a FIFO of tickets (a waiter takes the next ticket while it
// holds the lock, releases the lock and sleeps until `passed` exceeds its ticket; notify raises
// `passed` by one, notify_all to every ticket taken), a barrier numbers its arrivals with one
// acq_rel counter and the arrival that fills a phase raises `passed` past it with a release.
// No internal mutex: the counters give a waiter exactly the edges the language defines (the
// lock's release and re-acquisition, the barrier's arrivals before its departures), so the
// runtime adds no ordering of its own between a notifier and the thread it wakes.
#include "jit/run_state.h"

#include "outcome/messages.h"

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <climits>
#include <ctime>
#include <system_error>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace racelang::jit {
namespace {

static_assert(std::endian::native == std::endian::little,
              "lock cells keep their sleeper flag in the high half");
static_assert(sizeof(std::atomic<uint32_t>) == sizeof(uint32_t));

constexpr int kSpins = 100;
// The futex timeout: a sleeper rechecks the stop flag at least this often. Ending a run wakes
// every sleeper explicitly; the timeout covers a wake-up that lands just before the sleep.
constexpr long kSleepNanos = 5'000'000;
constexpr uint64_t kHolderMask = 0xffffffff;
constexpr int64_t kSleeperFlag = int64_t{1} << 32;

void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#endif
}

// Sleeps while *word == expected, at most kSleepNanos.
void futex_wait(const void* word, uint32_t expected) {
  timespec timeout{0, kSleepNanos};
  syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, expected, &timeout, nullptr, 0);
}

void futex_wake(const void* word, int count) {
  syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, count, nullptr, nullptr, 0);
}

// The high half of a lock cell: the futex word sleepers wait on.
const uint32_t* sleeper_word(const int64_t* cell) {
  return reinterpret_cast<const uint32_t*>(cell) + 1;
}

constexpr uint64_t kSiteMask = 0x1fffffff; // the 29 bits of a site in a blocked record

uint64_t encode_block(uint64_t kind, uint32_t site, uint32_t argument) {
  return kind << 61 | (uint64_t{site} & kSiteMask) << 32 | argument;
}

// The low half of a 64-bit counter: the futex word its sleepers wait on.
const uint32_t* low_half(const std::atomic<uint64_t>* counter) {
  static_assert(sizeof(std::atomic<uint64_t>) == sizeof(uint64_t));
  return reinterpret_cast<const uint32_t*>(counter);
}

} // namespace

bool RunState::Snapshot::operator==(const Snapshot& o) const {
  if (progress != o.progress || blocked.size() != o.blocked.size()) return false;
  for (size_t k = 0; k < blocked.size(); ++k) {
    const Blocker &a = blocked[k].blocker, &b = o.blocked[k].blocker;
    if (blocked[k].thread != o.blocked[k].thread || a.kind != b.kind || a.cell != b.cell ||
        a.holder != b.holder || a.waited != b.waited || a.arrived != b.arrived ||
        a.range != b.range)
      return false;
  }
  return true;
}

RunState::RunState(const ProgramLayout& layout, const std::vector<ThreadFunction>& functions,
                   const RunOptions& options, uint32_t watchdog_interval_ms)
    : layout_(layout), functions_(functions), options_(options),
      watchdog_interval_ms_(watchdog_interval_ms),
      memory_(layout.cell_count + 1, 0), // one spare cell: never a zero-length array
      slots_(std::make_unique<Slot[]>(layout.thread_ids.size())),
      thread_count_(layout.thread_ids.size()) {
  for (size_t k = 0; k < thread_count_; ++k) {
    rl_thread_ctx& c = slots_[k].ctx;
    c.memory = memory_.data();
    c.stop = reinterpret_cast<const uint32_t*>(&stop_);
    c.counters = slots_[k].counters;
    c.run = this;
    c.thread_index = static_cast<uint32_t>(k);
  }
  if (!layout.sync_cells.empty()) {
    sync_index_.assign(layout.cell_count, 0);
    for (uint32_t k = 0; k < layout.sync_cells.size(); ++k) sync_index_[layout.sync_cells[k]] = k;
    sync_cells_ = std::make_unique<SyncCell[]>(layout.sync_cells.size());
  }
}

RunState::~RunState() {
  for (size_t k = 0; k < thread_count_; ++k)
    if (slots_[k].os.joinable()) slots_[k].os.join();
}

void RunState::start_thread(uint32_t k) {
  {
    // The new thread cannot finish (it needs this mutex to) before live_ counts it.
    std::lock_guard<std::mutex> lock(live_mutex_);
    slots_[k].os = std::thread([this, k] { thread_main(k); });
    ++live_;
  }
  progress_.fetch_add(1, std::memory_order_seq_cst);
}

void RunState::thread_main(uint32_t k) {
  functions_[k](&slots_[k].ctx);
  Slot& s = slots_[k];
  // Release: the thread's writes happen before any wait that sees it finished.
  s.status.store(kFinished, std::memory_order_release);
  futex_wake(&s.status, INT_MAX);
  progress_.fetch_add(1, std::memory_order_seq_cst);
  std::lock_guard<std::mutex> lock(live_mutex_);
  if (--live_ == 0) live_changed_.notify_all();
}

RunResult RunState::run() {
  auto started = std::chrono::steady_clock::now();
  slots_[0].status.store(kRunning, std::memory_order_relaxed);
  try {
    start_thread(0);
  } catch (const std::system_error& e) {
    RunResult r;
    r.outcome = Outcome::RuntimeError;
    r.failure = Failure{FailureKind::RuntimeError,
                        layout_.thread_ids[0],
                        {},
                        std::string("cannot start an OS thread: ") + e.what(),
                        std::nullopt};
    return r;
  }
  // The watchdog: wake up every interval; a deadlock is reported when two consecutive looks
  // find the same set of blocked threads with nothing having moved in between.
  // With a timeout it also ends the run at the deadline; threads see the stop flag at their
  // next loop head, blocking operation or check, so a spinning thread stops too.
  std::optional<Snapshot> last;
  auto interval = std::chrono::milliseconds(std::max<uint32_t>(1, watchdog_interval_ms_));
  auto deadline = started + std::chrono::milliseconds(options_.timeout_ms);
  std::unique_lock<std::mutex> lock(live_mutex_);
  while (live_ > 0) {
    auto wake = std::chrono::steady_clock::now() + interval;
    if (options_.timeout_ms != 0) wake = std::min(wake, deadline);
    live_changed_.wait_until(lock, wake);
    if (live_ == 0 || stopping()) continue;
    if (options_.timeout_ms != 0 && std::chrono::steady_clock::now() >= deadline) {
      lock.unlock();
      end(Outcome::TimeLimit, std::nullopt, {});
      lock.lock();
      continue;
    }
    lock.unlock();
    std::optional<Snapshot> now = deadlock_snapshot();
    if (now && last && *now == *last) {
      // As in the interpreter: a false assumption discards the run, whatever else is blocked.
      bool discarded =
          std::any_of(now->blocked.begin(), now->blocked.end(),
                      [](const BlockedThread& b) { return b.blocker.kind == Blocker::Assume; });
      end(discarded ? Outcome::Discarded : Outcome::Deadlock, std::nullopt, now->blocked);
    }
    last = std::move(now);
    lock.lock();
  }
  lock.unlock();
  for (size_t k = 0; k < thread_count_; ++k)
    if (slots_[k].os.joinable()) slots_[k].os.join();

  std::lock_guard<std::mutex> out(out_mutex_);
  RunResult r = std::move(result_);
  r.memory.assign(memory_.begin(), memory_.begin() + layout_.cell_count);
  for (uint32_t c = 0; c < layout_.cell_count; ++c)
    if (layout_.is_lock_cell[c]) r.memory[c] &= static_cast<int64_t>(kHolderMask);
  r.stats.counted = true;
  for (size_t k = 0; k < thread_count_; ++k) {
    const Slot& s = slots_[k];
    if (s.status.load(std::memory_order_relaxed) != kNotSpawned) ++r.stats.threads;
    r.stats.shared_accesses += s.counters[rl_counter_shared_accesses];
    r.stats.reserved_accesses += s.counters[rl_counter_reserved_accesses];
    r.stats.checks += s.counters[rl_counter_checks];
    r.stats.locks += s.counters[rl_counter_locks];
  }
  r.stats.run_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  return r;
}

void RunState::block(uint32_t k, BlockKind kind, uint32_t site, uint32_t argument) {
  slots_[k].blocked.store(encode_block(kind, site, argument), std::memory_order_seq_cst);
}

void RunState::unblock(uint32_t k) {
  slots_[k].blocked.store(0, std::memory_order_seq_cst);
  progress_.fetch_add(1, std::memory_order_seq_cst);
}

bool RunState::lock_slow(rl_thread_ctx* ctx, int64_t* cell, uint32_t site) {
  const uint32_t k = ctx->thread_index;
  const int64_t mine = layout_.thread_ids[k] + 1;
  std::atomic_ref<int64_t> word(*cell);
  int64_t v = word.load(std::memory_order_relaxed);
  // A thread locking a lock it holds waits forever (locks are not re-entrant): say so.
  block(k,
        (static_cast<uint64_t>(v) & kHolderMask) == static_cast<uint64_t>(mine) ? kLockSelf : kLock,
        site, static_cast<uint32_t>(cell - memory_.data()));
  bool slept = false;
  for (int round = 0;; ++round) {
    if (stopping()) {
      unblock(k);
      return false;
    }
    v = word.load(std::memory_order_relaxed);
    if ((static_cast<uint64_t>(v) & kHolderMask) == 0) {
      // A free cell is exactly 0. After sleeping, take it with the sleeper flag set: others
      // may still be asleep, and our unlock must wake them.
      if (word.compare_exchange_weak(v, mine | (slept ? kSleeperFlag : 0),
                                     std::memory_order_acquire, std::memory_order_relaxed)) {
        unblock(k);
        return true;
      }
      continue;
    }
    if (round < kSpins) {
      cpu_relax();
      continue;
    }
    if (!(v & kSleeperFlag) &&
        !word.compare_exchange_weak(v, v | kSleeperFlag, std::memory_order_relaxed))
      continue;
    slept = true;
    futex_wait(sleeper_word(cell), 1);
  }
}

void RunState::unlock_wake(int64_t* cell) {
  futex_wake(sleeper_word(cell), 1);
}

bool RunState::spawn(rl_thread_ctx* ctx, uint32_t child, uint32_t site) {
  if (stopping()) return false;
  uint32_t expected = kNotSpawned;
  if (!slots_[child].status.compare_exchange_strong(expected, kRunning,
                                                    std::memory_order_acq_rel)) {
    int64_t running = expected == kRunning;
    fail(ctx, site, &running);
    return false;
  }
  try {
    start_thread(child);
  } catch (const std::system_error& e) {
    Failure f{FailureKind::RuntimeError, layout_.thread_ids[ctx->thread_index],
              layout_.sites[site].range,
              "thread " + std::to_string(layout_.thread_ids[ctx->thread_index]) +
                  ": cannot start an OS thread for thread " +
                  std::to_string(layout_.thread_ids[child]) + " (" + e.what() + ")",
              std::nullopt};
    slots_[child].status.store(kFinished, std::memory_order_release);
    end(Outcome::RuntimeError, std::move(f), {});
    return false;
  }
  return true;
}

bool RunState::wait(rl_thread_ctx* ctx, uint32_t target, uint32_t site) {
  std::atomic<uint32_t>& status = slots_[target].status;
  // Acquire: pairs with the finishing thread's release, so its writes are visible after.
  if (status.load(std::memory_order_acquire) == kFinished) return true;
  const uint32_t k = ctx->thread_index;
  block(k, kWait, site, target);
  for (int round = 0;; ++round) {
    if (stopping()) {
      unblock(k);
      return false;
    }
    uint32_t s = status.load(std::memory_order_acquire);
    if (s == kFinished) {
      unblock(k);
      return true;
    }
    if (round < kSpins)
      cpu_relax();
    else
      futex_wait(&status, s);
  }
}

bool RunState::wait_until_passed(const std::atomic<uint64_t>& counter, uint64_t mine,
                                 std::memory_order order) const {
  for (int round = 0;; ++round) {
    if (stopping()) return false;
    uint64_t now = counter.load(order);
    if (now > mine) return true;
    if (round < kSpins)
      cpu_relax();
    else
      futex_wait(low_half(&counter), static_cast<uint32_t>(now));
  }
}

bool RunState::cond_wait(rl_thread_ctx* ctx, uint32_t cond, int64_t* lock, uint32_t site) {
  const uint32_t k = ctx->thread_index;
  const int64_t mine = layout_.thread_ids[k] + 1;
  std::atomic_ref<int64_t> word(*lock);
  // Only the holder changes the holder field, so if it is ours it stays ours until we release.
  int64_t held = static_cast<int64_t>(static_cast<uint64_t>(word.load(std::memory_order_relaxed)) &
                                      kHolderMask);
  if (held != mine) {
    const int64_t values[3] = {held, cond, lock - memory_.data()};
    fail(ctx, site, values);
    return false;
  }
  // The ticket is taken before the lock is released, so a notifier that takes the lock after
  // us sees it (the lock orders the two): no notify between our release and our sleep is lost.
  // Relaxed: the ticket orders nothing else.
  SyncCell& c = sync_cell(cond);
  uint64_t ticket = c.taken.fetch_add(1, std::memory_order_relaxed);
  // Release the lock exactly as `unlock` does.
  if (word.exchange(0, std::memory_order_release) & kSleeperFlag) unlock_wake(lock);
  // Blocked only now: until the release the thread still had a step of its own to take, and
  // the watchdog must not count a thread that holds the lock others wait for as blocked.
  slots_[k].parked_at.store(ticket, std::memory_order_seq_cst);
  block(k, kCondition, site, cond);
  // Relaxed: a notify is no release (docs/language.md); re-acquiring the lock orders us.
  bool notified = wait_until_passed(c.passed, ticket, std::memory_order_relaxed);
  unblock(k);
  if (!notified) return false;
  int64_t free = 0;
  if (word.compare_exchange_strong(free, mine, std::memory_order_acquire,
                                   std::memory_order_relaxed))
    return true;
  return lock_slow(ctx, lock, site);
}

void RunState::notify(uint32_t cond, bool all) {
  SyncCell& c = sync_cell(cond);
  uint64_t notified = c.passed.load(std::memory_order_relaxed);
  for (;;) {
    // `taken` only grows: a stale value only misses waiters that arrived concurrently, which a
    // notifier holding the lock cannot miss (see cond_wait).
    uint64_t tickets = c.taken.load(std::memory_order_relaxed);
    if (notified >= tickets) return; // nobody waits: the notify is lost
    uint64_t next = all ? tickets : notified + 1;
    if (c.passed.compare_exchange_weak(notified, next, std::memory_order_relaxed,
                                       std::memory_order_relaxed))
      break;
  }
  futex_wake(low_half(&c.passed), INT_MAX);
}

bool RunState::await(rl_thread_ctx* ctx, uint32_t barrier, uint64_t count, uint32_t site) {
  SyncCell& b = sync_cell(barrier);
  // acq_rel: the filling arrival acquires every earlier arrival of its phase (the chain of
  // read-modify-writes continues each one's release sequence).
  uint64_t t = b.taken.fetch_add(1, std::memory_order_acq_rel);
  uint64_t phase = t / count;
  if (t % count == count - 1) {
    // Raise `passed` to at least phase + 1 (phases may fill out of order when more threads
    // than the count share a barrier); release hands the arrivals on to the departures.
    uint64_t released = b.passed.load(std::memory_order_relaxed);
    while (released < phase + 1 &&
           !b.passed.compare_exchange_weak(released, phase + 1, std::memory_order_release,
                                           std::memory_order_relaxed)) {
    }
    futex_wake(low_half(&b.passed), INT_MAX);
    return true;
  }
  const uint32_t k = ctx->thread_index;
  slots_[k].parked_at.store(phase, std::memory_order_seq_cst);
  block(k, kBarrier, site, barrier);
  bool released = wait_until_passed(b.passed, phase, std::memory_order_acquire);
  unblock(k);
  return released;
}

void RunState::assume_failed(rl_thread_ctx* ctx, uint32_t site) {
  const uint32_t k = ctx->thread_index;
  block(k, kAssume, site, 0);
  // Parked for good: only the end of the run (the watchdog's "discarded", a failure elsewhere,
  // a timeout) lets the thread return.
  while (!stopping()) futex_wait(&stop_, 0);
  unblock(k);
}

void RunState::print(rl_thread_ctx*, const int64_t* values, uint32_t count) {
  std::string line;
  for (uint32_t k = 0; k < count; ++k) {
    if (k > 0) line += ' ';
    line += std::to_string(values[k]);
  }
  std::lock_guard<std::mutex> lock(out_mutex_);
  // After the run's end is decided nothing more is printed: the failing step was the last.
  if (ended_ || !options_.print) return;
  options_.print(line);
}

Failure RunState::make_failure(FailureKind kind, uint32_t k, uint32_t site,
                               const int64_t* values) const {
  Failure f;
  f.kind = kind;
  f.thread = layout_.thread_ids[k];
  f.range = layout_.sites[site].range;
  f.message = messages::in_thread(f.thread, site_message(layout_.sites[site], layout_, values));
  return f;
}

void RunState::fail(rl_thread_ctx* ctx, uint32_t site, const int64_t* values) {
  bool assertion = layout_.sites[site].kind == SiteKind::Assert;
  end(assertion ? Outcome::AssertionFailure : Outcome::RuntimeError,
      make_failure(assertion ? FailureKind::AssertionFailure : FailureKind::RuntimeError,
                   ctx->thread_index, site, values),
      {});
}

bool RunState::race(rl_thread_ctx* ctx, uint32_t site, int64_t cell, int64_t access_site,
                    int64_t previous_site, int64_t previous_thread) {
  const Site& s = layout_.sites[site];
  const int64_t values[2] = {cell, previous_thread};
  Failure f = make_failure(FailureKind::RaceCheck, ctx->thread_index, site, values);
  f.race = RaceCheckReport{s.access,        static_cast<uint32_t>(cell),
                           access_site,     s.previous_access,
                           previous_thread, previous_site};
  std::lock_guard<std::mutex> lock(out_mutex_);
  if (ended_) return false;
  // One report per location and unordered pair of positions, as the interpreter reports. The
  // key needs no walk of the program: with --keep-going a racy loop fails its check again and
  // again, and only a new race is worth resolving to its statements.
  if (seen_races_.insert(race_check_key(f)).second) {
    RaceReport report = race_from_check(*layout_.info->threads[0].body, f);
    result_.races.push_back(report);
    if (options_.on_race) options_.on_race(report);
  }
  if (options_.keep_going) return true;
  ended_ = true;
  result_.outcome = Outcome::Race;
  result_.failure = std::move(f);
  request_stop();
  return false;
}

void RunState::end(Outcome outcome, std::optional<Failure> failure,
                   std::vector<BlockedThread> blocked) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  if (ended_) return;
  ended_ = true;
  result_.outcome = outcome;
  result_.failure = std::move(failure);
  result_.blocked = std::move(blocked);
  request_stop();
}

void RunState::request_stop() {
  stop_.store(1, std::memory_order_seq_cst);
  // Wake every sleeper now rather than at its timeout.
  futex_wake(&stop_, INT_MAX);
  for (size_t k = 0; k < thread_count_; ++k) {
    futex_wake(&slots_[k].status, INT_MAX);
    uint64_t b = slots_[k].blocked.load(std::memory_order_seq_cst);
    uint64_t kind = b >> 61;
    uint32_t argument = static_cast<uint32_t>(b & kHolderMask);
    if (kind == kLock || kind == kLockSelf)
      futex_wake(sleeper_word(memory_.data() + argument), INT_MAX);
    if (kind == kCondition || kind == kBarrier)
      futex_wake(low_half(&sync_cell(argument).passed), INT_MAX);
  }
}

// A consistent view of "every live thread is blocked on a condition that only another live
// thread could change", or nothing. Unblocking, spawning and finishing all bump `progress_`,
// so if it is unchanged across the whole look, every thread seen blocked stayed blocked and no
// thread appeared or left: at the end of the look no thread was running, and the cells and
// statuses read during it could not have changed. A cell found held by the blocked thread
// itself (without kLockSelf) means it has just acquired it: not a deadlock.
std::optional<RunState::Snapshot> RunState::deadlock_snapshot() const {
  Snapshot snap;
  snap.progress = progress_.load(std::memory_order_seq_cst);
  std::vector<std::pair<uint32_t, uint64_t>> blocked;
  for (size_t k = 0; k < thread_count_; ++k) {
    if (slots_[k].status.load(std::memory_order_seq_cst) != kRunning) continue;
    uint64_t b = slots_[k].blocked.load(std::memory_order_seq_cst);
    if (b == 0) return std::nullopt;
    blocked.push_back({static_cast<uint32_t>(k), b});
  }
  if (blocked.empty()) return std::nullopt;
  for (const auto& [k, b] : blocked) {
    BlockedThread blocked_thread;
    blocked_thread.thread = layout_.thread_ids[k];
    Blocker& t = blocked_thread.blocker;
    uint32_t site = static_cast<uint32_t>((b >> 32) & kSiteMask);
    uint32_t argument = static_cast<uint32_t>(b & kHolderMask);
    t.range = layout_.sites[site].range;
    uint64_t kind = b >> 61;
    if (kind == kCondition || kind == kBarrier) {
      // Still parked unless a notify or the phase's last arrival has let it through (it
      // would then leave without any other thread's help).
      uint64_t parked_at = slots_[k].parked_at.load(std::memory_order_seq_cst);
      const SyncCell& c = sync_cell(argument);
      if (c.passed.load(std::memory_order_seq_cst) > parked_at) return std::nullopt;
      t.kind = kind == kCondition ? Blocker::Condition : Blocker::Barrier;
      t.cell = argument;
      if (kind == kBarrier) {
        int64_t count = layout_.sites[site].count;
        t.needed = count;
        t.arrived = std::min<int64_t>(
            count, static_cast<int64_t>(c.taken.load(std::memory_order_seq_cst) -
                                        parked_at * static_cast<uint64_t>(count)));
      }
    } else if (kind == kAssume) {
      t.kind = Blocker::Assume;
    } else if (kind == kWait) {
      uint32_t s = slots_[argument].status.load(std::memory_order_seq_cst);
      if (s == kFinished) return std::nullopt;
      t.kind = Blocker::Wait;
      t.waited = layout_.thread_ids[argument];
      t.waited_spawned = s != kNotSpawned;
    } else {
      int64_t v = std::atomic_ref<int64_t>(const_cast<int64_t&>(memory_[argument]))
                      .load(std::memory_order_seq_cst);
      int64_t holder = static_cast<int64_t>(static_cast<uint64_t>(v) & kHolderMask) - 1;
      if (holder < 0 || (holder == blocked_thread.thread && kind != kLockSelf)) return std::nullopt;
      t.kind = Blocker::Lock;
      t.cell = argument;
      t.holder = holder;
    }
    snap.blocked.push_back(blocked_thread);
  }
  if (progress_.load(std::memory_order_seq_cst) != snap.progress) return std::nullopt;
  return snap;
}

} // namespace racelang::jit
