// Copies of the race observer along a search path (see observer_checkpoints.h).
#include "interp/observer_checkpoints.h"

#include <algorithm>
#include <utility>

namespace racelang {

void ObserverCheckpoints::drop_stale(size_t depth, const SerialAt& serial_at) {
  // A checkpoint deeper than `depth`, or whose frame was popped and replaced, is not on the
  // path, and neither is any deeper one (a frame is popped only after every frame past it).
  while (!kept_.empty() && ((kept_.size() - 1) * every_ > depth ||
                            serial_at((kept_.size() - 1) * every_) != kept_.back().serial))
    kept_.pop_back();
}

RaceObserver ObserverCheckpoints::rebuild(size_t depth,
                                          std::optional<detect::DetectorKind> detector,
                                          const SerialAt& serial_at, const Replay& replay) {
  drop_stale(depth, serial_at);
  RaceObserver observer = kept_.empty() ? RaceObserver(detector) : kept_.back().observer;
  size_t from = kept_.empty() ? 0 : (kept_.size() - 1) * every_ + 1;
  for (size_t d = from; d <= depth; ++d) replay(observer, d);
  return observer;
}

void ObserverCheckpoints::offer(size_t depth, const SerialAt& serial_at,
                                const RaceObserver& observer) {
  if (depth % every_ != 0) return;
  drop_stale(depth, serial_at);
  if (kept_.size() != depth / every_) return; // one above it is missing: wait for a rebuild
  if (kept_.size() == kMaxCheckpoints) {
    // Twice as far apart: keep those at multiples of the new distance (0, 2, 4, ...).
    for (size_t i = 1; 2 * i < kept_.size(); ++i) kept_[i] = std::move(kept_[2 * i]);
    kept_.erase(kept_.begin() + static_cast<std::ptrdiff_t>((kept_.size() + 1) / 2), kept_.end());
    every_ *= 2;
    if (depth % every_ != 0) return;
  }
  kept_.push_back({serial_at(depth), observer});
}

} // namespace racelang
