// The JIT runtime's entry points: the only functions generated code calls, and the layout of the
// per-thread context it receives. This header is the whole contract between codegen.cpp (which
// emits calls to these names and reads the context's fields by offset) and runtime.cpp (which
// implements them on top of the run state). The entry points are registered in each program's
// JITDylib explicitly, by address (runtime_symbols), never found by searching the process, so
// a program can call nothing else.
//
// Everything on the fast path stays inline in the generated code (shared loads and stores, the
// uncontended lock and unlock); these functions are the slow paths: blocking, spawning, output
// and failures.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

extern "C" {

// What a generated thread function receives (`void thread(rl_thread_ctx*)`). Codegen reads the
// first three fields by their offsets (static_asserts in runtime.cpp pin them).
struct rl_thread_ctx {
  int64_t* memory;       // the flat array of shared cells (frontend layout)
  const uint32_t* stop;  // nonzero once the run is ending: return at the next check
  uint64_t* counters;    // this thread's statistics (rl_counter), or unused without --stats
  void* run;             // the runtime's state of this run; opaque to generated code
  uint32_t thread_index; // ProgramInfo::threads order (main = 0)
  uint32_t reserved;
};

// Statistics slots in rl_thread_ctx::counters, counted only by code compiled with stats on.
enum rl_counter : uint32_t {
  rl_counter_shared_accesses = 0, // loads and stores of the program's own locations
  rl_counter_reserved_accesses,   // loads and stores of `__` names (instrumentation metadata)
  rl_counter_checks,              // instrumentation checks (`assert ... __race`) executed
  rl_counter_locks,               // locks acquired
  rl_counter_count
};

// The slow path of `lock`: the inline compare-exchange found the cell held. Spins, yields,
// then sleeps on a futex until the lock is acquired (returns 1) or the run stops (returns 0).
// Lock cells hold the holder's id + 1 in their low 32 bits; bit 32 marks possible sleepers.
uint32_t rl_lock_slow(rl_thread_ctx* ctx, int64_t* cell, uint32_t site);
// Called by `unlock` after releasing a cell whose sleeper bit was set: wakes one sleeper.
void rl_unlock_wake(rl_thread_ctx* ctx, int64_t* cell);
// `spawn`: starts thread `child` (a thread index) on its own OS thread. Returns 0 after a
// runtime error (the thread was spawned before), which ends the run.
uint32_t rl_spawn(rl_thread_ctx* ctx, uint32_t child, uint32_t site);
// `wait`: blocks until thread `target` (an index) has finished. Returns 0 if the run stopped.
uint32_t rl_wait(rl_thread_ctx* ctx, uint32_t target, uint32_t site);
// `print`: writes the `count` values as one line, atomically with respect to other lines.
void rl_print(rl_thread_ctx* ctx, const int64_t* values, uint32_t count);
// A runtime error or user assertion failure at `site`; `values` are the site's operands
// (sites.h says which). Ends the run; the calling thread returns right after.
void rl_fail(rl_thread_ctx* ctx, uint32_t site, const int64_t* values);
// A failed instrumentation check at `site`: the checked cell, the access's source site, the
// earlier access's site read from the metadata and its thread. Returns 1 if the thread should
// continue (--keep-going), 0 if the run ends.
uint32_t rl_race(rl_thread_ctx* ctx, uint32_t site, int64_t cell, int64_t access_site,
                 int64_t previous_site, int64_t previous_thread);

// The synchronisation of docs/language.md, "Volatiles, conditions, barriers" (volatile loads,
// stores, cas and fetch_add are inline seq_cst atomics; these are the blocking parts; README.md,
// "Conditions, barriers, assume", has the protocols). Cells are indices into `memory`.
// `wait(c, m)`: checks that the thread holds the lock cell `lock` (else the runtime error,
// returning 0), releases it, sleeps until a notify of condition `cond` lets it through (FIFO, no
// spurious wake-ups), then re-acquires the lock as `lock` does. Returns 0 if the run stopped.
uint32_t rl_cond_wait(rl_thread_ctx* ctx, int64_t cond, int64_t* lock, uint32_t site);
// `notify(c)` (all = 0) or `notify_all(c)` (all = 1). Never blocks.
void rl_notify(rl_thread_ctx* ctx, int64_t cond, uint32_t all);
// `await b` for a barrier cell whose phases hold `count` arrivals: returns when the phase fills
// (1) or the run stops (0).
uint32_t rl_await(rl_thread_ctx* ctx, int64_t barrier, int64_t count, uint32_t site);
// A false `assume`: parks the thread for good; returns when the run is over (the thread then
// returns too).
void rl_assume_failed(rl_thread_ctx* ctx, uint32_t site);

} // extern "C"

namespace racelang::jit {

// The runtime's entry points by name, for explicit registration in a JITDylib.
std::vector<std::pair<std::string_view, void*>> runtime_symbols();

} // namespace racelang::jit
