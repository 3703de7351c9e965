// The §3.4 multiple-join VectorClock: exit discipline checks around a VectorClock core whose join
// does not increment the joined thread's clock.
#include "detect/multijoin_vector_clock.h"

#include <string>

namespace racelang::detect {

namespace {

VectorClockOptions core_options(const MultiJoinOptions& options) {
  VectorClockOptions core;
  core.increment_on_join = options.increment_on_join;
  core.increment_on_release = options.increment_on_release;
  return core;
}

void set_flag(std::vector<bool>& flags, ThreadId t) {
  if (t >= flags.size()) flags.resize(std::size_t{t} + 1, false);
  flags[t] = true;
}

} // namespace

MultiJoinVectorClockDetector::MultiJoinVectorClockDetector(const MultiJoinOptions& options)
    : options_(options), core_(core_options(options)) {}

void MultiJoinVectorClockDetector::check_protocol(const Event& e) const {
  if (has_exited(e.thread))
    throw ProtocolError(to_string(e) + ": thread t" + std::to_string(e.thread) +
                        " acts after its exit");
  if (e.kind == EventKind::Join && !has_exited(e.target))
    throw ProtocolError(to_string(e) + ": thread t" + std::to_string(e.target) +
                        " is joined before its exit");
  if (e.kind == EventKind::Fork && has_exited(e.target))
    throw ProtocolError(to_string(e) + ": thread t" + std::to_string(e.target) +
                        " is forked after its exit");
}

bool MultiJoinVectorClockDetector::note(const Event& e) {
  if (e.kind == EventKind::Exit) {
    set_flag(exited_, e.thread);
  } else if (e.kind == EventKind::Join) {
    const bool repeated = e.target < joined_.size() && joined_[e.target];
    set_flag(joined_, e.target);
    if (repeated && !options_.merge_on_repeated_join) return false;
  }
  return true;
}

std::optional<Race> MultiJoinVectorClockDetector::step(const Event& e) {
  check_protocol(e);
  if (is_access(e)) return core_.step(e); // accesses never change X
  if (note(e)) core_.force(e);            // synchronization is never stuck
  return std::nullopt;
}

void MultiJoinVectorClockDetector::force(const Event& e) {
  check_protocol(e);
  if (note(e)) core_.force(e);
}

} // namespace racelang::detect
