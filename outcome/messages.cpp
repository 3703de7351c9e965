// The wording of every runtime failure (see messages.h).
#include "outcome/messages.h"

namespace racelang::messages {

std::string locals_detail(const std::vector<std::string>& names,
                          const std::vector<std::string>& values) {
  std::string out;
  for (size_t i = 0; i < names.size() && i < values.size(); ++i)
    out += (i == 0 ? "with " : ", ") + names[i] + " = " + values[i];
  return out;
}

std::string division_by_zero(BinaryOp op, std::string_view expression, std::string_view locals) {
  std::string out = op == BinaryOp::Mod ? "modulo by zero (" : "division by zero (";
  out += expression;
  if (!locals.empty()) out += " " + std::string(locals);
  return out + ")";
}

std::string index_out_of_range(std::string_view index, std::string_view array, int64_t size,
                               std::string_view location, std::string_view locals) {
  std::string out = "index " + std::string(index) + " is out of range for '" + std::string(array) +
                    "' of size " + std::to_string(size);
  if (!locals.empty()) out += " (" + std::string(location) + " " + std::string(locals) + ")";
  return out;
}

std::string assertion_failed(std::string_view condition, std::string_view locals) {
  std::string out = "assertion failed: " + std::string(condition);
  if (!locals.empty()) out += " (" + std::string(locals) + ")";
  return out;
}

std::string unlock_not_held(std::string_view lock, std::string_view holder) {
  return "unlock of '" + std::string(lock) + "', which it does not hold (" +
         (holder.empty() ? std::string("it is free")
                         : "it is held by thread " + std::string(holder)) +
         ")";
}

std::string cond_wait_not_held(std::string_view cond, std::string_view lock,
                               std::string_view holder) {
  return "wait on condition '" + std::string(cond) + "' needs lock '" + std::string(lock) +
         "' held by this thread (" +
         (holder.empty() ? std::string("it is free")
                         : "it is held by thread " + std::string(holder)) +
         ")";
}

std::string execution_discarded(int64_t thread) {
  return "execution discarded: thread " + std::to_string(thread) +
         "'s assumption is false, so this run is not a behaviour of the program";
}

std::string already_spawned(int64_t thread, std::string_view state) {
  return "thread " + std::to_string(thread) + " has already been spawned (" + std::string(state) +
         "); a thread id is spawned at most once";
}

std::string_view spawned_state(bool running) {
  return running ? "it is still running" : "it has finished";
}

std::string race_check_failed(AccessKind kind, std::string_view cell, AccessKind previous,
                              std::string_view previous_thread) {
  return std::string("instrumentation check failed: ") + spelling(kind) + " of '" +
         std::string(cell) + "' races with a " + spelling(previous) + " by thread " +
         std::string(previous_thread);
}

std::string in_thread(int64_t thread, std::string_view message) {
  return "thread " + std::to_string(thread) + ": " + std::string(message);
}

} // namespace racelang::messages
