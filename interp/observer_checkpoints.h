// Copies of the race observer (the detector and the access history) at points of a search
// path, for the state-caching explorer (explore.cpp; the DPOR search does without them,
// docs/explore.md says why). It carries one observer down its path; after a backtrack it needs
// the observer of an earlier frame, which used to be rebuilt by replaying every edge from the
// root: O(depth) per backtrack, up to nearly half of the instrumentation properties' time.
// With checkpoints a rebuild copies the deepest one still on the path and replays the few
// edges below it. At most kMaxCheckpoints copies are kept, so memory stays a bounded multiple
// of one observer's however deep the path: a path that would need more spreads them twice as
// far apart. A frame is named by a serial number its explorer gives each frame it pushes, so a
// checkpoint whose frame was popped (and its place on the stack reused) is never used.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "interp/race_observer.h"

namespace racelang {

class ObserverCheckpoints {
public:
  // The serial number of the frame at a depth of the current path (0: the root).
  using SerialAt = std::function<uint64_t(size_t depth)>;
  // Applies the edge into the frame at a depth (the steps that led to it) to an observer.
  using Replay = std::function<void(RaceObserver&, size_t depth)>;

  // Makes `observer` the observer after the edges of the frames 0..depth of the current path.
  // It is assigned (RaceObserver's operator=), so its storage is reused.
  void rebuild(RaceObserver& observer, size_t depth, std::optional<detect::DetectorKind> detector,
               const SerialAt& serial_at, const Replay& replay);

  // `observer` is the observer of the frame at `depth` (after its edge): kept as a checkpoint
  // if one is wanted there.
  void offer(size_t depth, const SerialAt& serial_at, const RaceObserver& observer);

  static constexpr size_t kMaxCheckpoints = 64;

private:
  // Drops the checkpoints not on the current path up to `depth`.
  void drop_stale(size_t depth, const SerialAt& serial_at);

  struct Checkpoint {
    uint64_t serial = 0;
    RaceObserver observer;
  };
  // kept_[i] at depth i * every_ for i < count_; the others are spare: a checkpoint dropped
  // stays constructed and the next one is assigned into it, reusing its clocks' storage (a copy
  // that allocated them anew cost the DPOR search more than its replays saved).
  std::vector<Checkpoint> kept_;
  size_t count_ = 0;
  std::unique_ptr<RaceObserver> root_; // a fresh observer, to rebuild from without a checkpoint
  // Eight apart to start with: a copy costs about what replaying a few edges does.
  size_t every_ = 8;
};

} // namespace racelang
