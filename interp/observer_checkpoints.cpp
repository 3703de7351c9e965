// Copies of the race observer along a search path (see observer_checkpoints.h).
#include "interp/observer_checkpoints.h"

#include <algorithm>
#include <utility>

namespace racelang {

void ObserverCheckpoints::drop_stale(size_t depth, const SerialAt& serial_at) {
  // A checkpoint deeper than `depth`, or whose frame was popped and replaced, is not on the
  // path, and neither is any deeper one (a frame is popped only after every frame past it).
  while (count_ > 0 && ((count_ - 1) * every_ > depth ||
                        serial_at((count_ - 1) * every_) != kept_[count_ - 1].serial))
    --count_;
}

void ObserverCheckpoints::rebuild(RaceObserver& observer, size_t depth,
                                  std::optional<detect::DetectorKind> detector,
                                  const SerialAt& serial_at, const Replay& replay) {
  drop_stale(depth, serial_at);
  size_t from = 0;
  if (count_ == 0) {
    if (!root_) root_ = std::make_unique<RaceObserver>(detector);
    observer = *root_;
  } else {
    observer = kept_[count_ - 1].observer;
    from = (count_ - 1) * every_ + 1;
  }
  for (size_t d = from; d <= depth; ++d) replay(observer, d);
}

void ObserverCheckpoints::offer(size_t depth, const SerialAt& serial_at,
                                const RaceObserver& observer) {
  if (depth % every_ != 0) return;
  drop_stale(depth, serial_at);
  if (count_ != depth / every_) return; // one above it is missing: wait for a rebuild
  if (count_ == kMaxCheckpoints) {
    // Twice as far apart: keep those at multiples of the new distance (0, 2, 4, ...); the
    // others become spares.
    for (size_t i = 1; 2 * i < count_; ++i) std::swap(kept_[i], kept_[2 * i]);
    count_ = (count_ + 1) / 2;
    every_ *= 2;
    if (depth % every_ != 0) return;
  }
  if (count_ == kept_.size()) kept_.emplace_back();
  Checkpoint& c = kept_[count_++];
  c.serial = serial_at(depth);
  c.observer = observer; // (an assignment: a temporary copy would allocate every clock)
}

} // namespace racelang
