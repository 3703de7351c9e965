// The runtime's extern "C" entry points (runtime.h): thin forwarders to the run's RunState,
// which generated code reaches through its context. The static_asserts pin the context fields
// codegen.cpp reads by position.
#include "jit/runtime.h"

#include <cstddef>

#include "jit/run_state.h"

static_assert(offsetof(rl_thread_ctx, memory) == 0);
static_assert(offsetof(rl_thread_ctx, stop) == 8);
static_assert(offsetof(rl_thread_ctx, counters) == 16);
static_assert(offsetof(rl_thread_ctx, run) == 24);
static_assert(offsetof(rl_thread_ctx, thread_index) == 32);

namespace {

racelang::jit::RunState& state(rl_thread_ctx* ctx) {
  return *static_cast<racelang::jit::RunState*>(ctx->run);
}

} // namespace

extern "C" {

uint32_t rl_lock_slow(rl_thread_ctx* ctx, int64_t* cell, uint32_t site) {
  return state(ctx).lock_slow(ctx, cell, site) ? 1 : 0;
}

void rl_unlock_wake(rl_thread_ctx* ctx, int64_t* cell) {
  state(ctx).unlock_wake(cell);
}

uint32_t rl_spawn(rl_thread_ctx* ctx, uint32_t child, uint32_t site) {
  return state(ctx).spawn(ctx, child, site) ? 1 : 0;
}

uint32_t rl_wait(rl_thread_ctx* ctx, uint32_t target, uint32_t site) {
  return state(ctx).wait(ctx, target, site) ? 1 : 0;
}

void rl_print(rl_thread_ctx* ctx, const int64_t* values, uint32_t count) {
  state(ctx).print(ctx, values, count);
}

void rl_fail(rl_thread_ctx* ctx, uint32_t site, const int64_t* values) {
  state(ctx).fail(ctx, site, values);
}

uint32_t rl_race(rl_thread_ctx* ctx, uint32_t site, int64_t cell, int64_t access_site,
                 int64_t previous_site, int64_t previous_thread) {
  return state(ctx).race(ctx, site, cell, access_site, previous_site, previous_thread) ? 1 : 0;
}

uint32_t rl_cond_wait(rl_thread_ctx* ctx, int64_t cond, int64_t* lock, uint32_t site) {
  return state(ctx).cond_wait(ctx, static_cast<uint32_t>(cond), lock, site) ? 1 : 0;
}

void rl_notify(rl_thread_ctx* ctx, int64_t cond, uint32_t all) {
  state(ctx).notify(static_cast<uint32_t>(cond), all != 0);
}

uint32_t rl_await(rl_thread_ctx* ctx, int64_t barrier, int64_t count, uint32_t site) {
  return state(ctx).await(ctx, static_cast<uint32_t>(barrier), static_cast<uint64_t>(count), site)
             ? 1
             : 0;
}

void rl_assume_failed(rl_thread_ctx* ctx, uint32_t site) {
  state(ctx).assume_failed(ctx, site);
}

} // extern "C"

namespace racelang::jit {

std::vector<std::pair<std::string_view, void*>> runtime_symbols() {
  return {
      {"rl_lock_slow", reinterpret_cast<void*>(&rl_lock_slow)},
      {"rl_unlock_wake", reinterpret_cast<void*>(&rl_unlock_wake)},
      {"rl_spawn", reinterpret_cast<void*>(&rl_spawn)},
      {"rl_wait", reinterpret_cast<void*>(&rl_wait)},
      {"rl_print", reinterpret_cast<void*>(&rl_print)},
      {"rl_fail", reinterpret_cast<void*>(&rl_fail)},
      {"rl_race", reinterpret_cast<void*>(&rl_race)},
      {"rl_cond_wait", reinterpret_cast<void*>(&rl_cond_wait)},
      {"rl_notify", reinterpret_cast<void*>(&rl_notify)},
      {"rl_await", reinterpret_cast<void*>(&rl_await)},
      {"rl_assume_failed", reinterpret_cast<void*>(&rl_assume_failed)},
  };
}

} // namespace racelang::jit
