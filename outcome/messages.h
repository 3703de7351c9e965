// The catalogue of runtime failure messages: division and modulo by zero, an index out of
// range, an unlock (or a condition wait) without the lock, a second spawn of a thread, a
// failed assertion and a failed race check, and the note of a run an assumption discarded. The
// interpreter, the JIT's site table and emitted C all word their failures through these functions,
// so the three backends cannot drift apart (the golden files and differential tests compare them
// word for word).
//
// Each function is a template with value slots: its arguments are the pieces that vary. The
// interpreter and the JIT pass the values themselves; emit-c, which knows some values only at
// run time, passes kSlot for them and turns each kSlot of the result into a printf conversion,
// filled in the order the slots appear.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/ast.h"

namespace racelang::messages {

// A value known only when the message is printed.
inline constexpr std::string_view kSlot = "\x1f";

// "with a = 1, b = 0" for locals and their values (as text or kSlot); "" for none.
std::string locals_detail(const std::vector<std::string>& names,
                          const std::vector<std::string>& values);

// "division by zero (a / b with a = 1, b = 0)"; `op` is Div or Mod.
std::string division_by_zero(BinaryOp op, std::string_view expression, std::string_view locals);

// "index 4 is out of range for 'buf' of size 4 (buf[i] with i = 4)".
std::string index_out_of_range(std::string_view index, std::string_view array, int64_t size,
                               std::string_view location, std::string_view locals);

// "assertion failed: x == 2 (with x = 1)".
std::string assertion_failed(std::string_view condition, std::string_view locals);

// "unlock of 'm', which it does not hold (it is free)" when `holder` is empty, else "(it is
// held by thread 2)" with `holder` the holding thread's id.
std::string unlock_not_held(std::string_view lock, std::string_view holder);
// "wait on condition 'c' needs lock 'm' held by this thread (it is free)": wait(c, m) releases
// m, so the thread must hold it; `holder` as for unlock_not_held.
std::string cond_wait_not_held(std::string_view cond, std::string_view lock,
                               std::string_view holder);
// "execution discarded: thread 1's assumption is false, so this run is not a behaviour of the
// program": the note of a run an `assume` discarded (not a failure: the run exits 0).
std::string execution_discarded(int64_t thread);

// "thread 2 has already been spawned (it is still running); a thread id is spawned at most
// once"; `state` is spawned_state(running) (or a slot for it).
std::string already_spawned(int64_t thread, std::string_view state);
// "it is still running" or "it has finished".
std::string_view spawned_state(bool running);

// "instrumentation check failed: read of 'x' races with a write by thread 1".
std::string race_check_failed(AccessKind kind, std::string_view cell, AccessKind previous,
                              std::string_view previous_thread);

// "thread 2: <message>": how every backend prefixes a failure with the failing thread.
std::string in_thread(int64_t thread, std::string_view message);

} // namespace racelang::messages
