// ObserverCheckpoints (interp/observer_checkpoints.h): on random search paths — frames pushed
// with random edges (accesses and whole critical sections of three threads on a few cells)
// and popped in random runs, as an explorer backtracks — the observer rebuilt for the top frame
// from the checkpoints must be the one a replay of the whole path from the root gives: the
// same access history and the same detector state (its fingerprint). The paths reach past
// kMaxCheckpoints checkpoints, so the spacing doubles on the way. The tooth: frames not named
// (every frame at a depth given the same serial) lets a checkpoint of a popped frame be used
// for the frame pushed in its place, and the property must catch that.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "interp/observer_checkpoints.h"
#include "verify/property_runner.h"

namespace racelang {
namespace {

using Edge = std::vector<LabelledStep>;

LabelledStep step(LabelKind kind, int64_t thread, uint32_t target) {
  LabelledStep s;
  s.label = {kind, thread, target};
  s.range.begin = {1, static_cast<uint32_t>(1 + thread * 10 + target)};
  s.range.end = {1, s.range.begin.col + 1};
  return s;
}

// A random edge: one access, or a critical section of lock 10 around one (so every edge keeps
// the lock protocol whatever the order of edges).
Edge random_edge() {
  auto thread = *rc::gen::inRange<int64_t>(0, 3);
  auto cell = *rc::gen::inRange<uint32_t>(0, 4);
  auto kind = *rc::gen::element(LabelKind::Read, LabelKind::Write);
  Edge e;
  bool locked = *rc::gen::arbitrary<bool>();
  if (locked) e.push_back(step(LabelKind::Acquire, thread, 10));
  e.push_back(step(kind, thread, cell));
  if (locked) e.push_back(step(LabelKind::Release, thread, 10));
  return e;
}

void replay_edge(RaceObserver& observer, const Edge& edge) {
  for (const LabelledStep& s : edge) observer.force(s);
}

std::string state_of(const RaceObserver& observer) {
  RaceObserver::Cells cells;
  cells.locations = {0, 1, 2, 3};
  cells.locks = {10};
  std::string out;
  observer.fingerprint({0, 1, 2}, cells, out);
  observer.history().serialize(out);
  return out;
}

// The property; with `name_frames` false every frame at a depth gets the same serial. Each
// round pushes a run of frames, pops a run, and then either rebuilds the observer of the top
// frame and compares it with a replay from the root, or pushes on with the replay's.
void check_rebuilds(bool name_frames) {
  struct Frame {
    Edge edge;
    uint64_t serial;
  };
  std::vector<Frame> path;
  uint64_t next_serial = 0;
  ObserverCheckpoints checkpoints;
  auto serial_at = [&](size_t d) { return path[d].serial; };
  auto replay = [&](RaceObserver& observer, size_t d) { replay_edge(observer, path[d].edge); };
  RaceObserver live(detect::DetectorKind::VectorClock);
  auto push = [&](Edge edge) {
    uint64_t serial = name_frames ? ++next_serial : uint64_t{path.size() + 1};
    path.push_back(Frame{std::move(edge), serial});
    replay_edge(live, path.back().edge);
    checkpoints.offer(path.size() - 1, serial_at, live);
  };
  push(random_edge());
  size_t deepest = 0;
  auto rounds = *rc::gen::inRange(10, 60);
  for (int round = 0; round < rounds; ++round) {
    // Down: up to 700 frames deep (beyond kMaxCheckpoints * 8), then back up a run.
    auto pushes = *rc::gen::inRange<size_t>(0, 60);
    for (size_t k = 0; k < pushes && path.size() < 700; ++k) push(random_edge());
    deepest = std::max(deepest, path.size());
    // Mostly short backtracks, so that paths grow deep; sometimes far back.
    bool far = *rc::gen::inRange(0, 8) == 0;
    auto pops = *rc::gen::inRange<size_t>(0, far ? path.size() : std::min<size_t>(path.size(), 12));
    path.resize(path.size() - pops);
    RaceObserver fresh(detect::DetectorKind::VectorClock);
    for (const Frame& f : path) replay_edge(fresh, f.edge);
    // An explorer rebuilds after it backtracks; or it may take the observer from elsewhere and
    // push new frames in the popped ones' places first.
    if (*rc::gen::arbitrary<bool>()) {
      live = std::move(fresh);
      continue;
    }
    // (into the live observer, whose storage holds the deeper path's clocks: what it keeps
    // from them must not show)
    checkpoints.rebuild(live, path.size() - 1, detect::DetectorKind::VectorClock, serial_at,
                        replay);
    RC_ASSERT(state_of(live) == state_of(fresh));
  }
  RC_CLASSIFY(deepest > 8 * ObserverCheckpoints::kMaxCheckpoints, "checkpoints spread out");
}

RC_GTEST_PROP(ObserverCheckpoints, RebuildsTheObserverOfAReplayFromTheRoot, ()) {
  check_rebuilds(true);
}

TEST(ObserverCheckpoints, CheckpointsOfPoppedFramesAreCaught) {
  auto failure = verify::find_failure([] { check_rebuilds(false); }, 200);
  ASSERT_TRUE(failure.has_value()) << "a checkpoint of a popped frame went unnoticed";
}

} // namespace
} // namespace racelang
