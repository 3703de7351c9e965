// The bridge between the machine's labels and detect/'s race detectors: turns each labelled
// step into a detect::Event, asks the detector, and turns a detect::Race into a RaceReport with
// both source positions (the detector names the earlier access only by thread and kind; the
// AccessHistory kept here knows where that access was). `run` and `explore` both observe
// through this class, so a race explore reports is reported the same way when its witness is
// replayed with `run`.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <typeinfo>

#include "detect/detector.h"
#include "interp/label.h"
#include "interp/race.h"

namespace racelang {

class RaceObserver {
public:
  // No detector (`--detector=none`): labels are only recorded in the history.
  RaceObserver() = default;
  explicit RaceObserver(std::optional<detect::DetectorKind> kind);
  // A detector made elsewhere (tests use deliberately broken ones).
  explicit RaceObserver(std::unique_ptr<detect::Detector> detector)
      : detector_(std::move(detector)) {}
  // A copy is a snapshot: the detector's state and the history, independent of the original.
  RaceObserver(const RaceObserver& other)
      : kind_(other.kind_), detector_(other.detector_ ? other.detector_->clone() : nullptr),
        history_(other.history_) {}
  // In place where both detectors are of one class (Detector::assign reuses this one's clocks'
  // storage, and the history's vector keeps its buffer), else by a fresh copy.
  RaceObserver& operator=(const RaceObserver& other) {
    if (this == &other) return *this;
    const detect::Detector* mine = detector_.get();
    const detect::Detector* theirs = other.detector_.get();
    if (mine && theirs && typeid(*mine) == typeid(*theirs))
      detector_->assign(*theirs);
    else
      detector_ = other.detector_ ? other.detector_->clone() : nullptr;
    kind_ = other.kind_;
    history_ = other.history_;
    return *this;
  }
  RaceObserver(RaceObserver&&) noexcept = default;
  RaceObserver& operator=(RaceObserver&&) noexcept = default;

  bool has_detector() const { return detector_ != nullptr; }
  std::optional<detect::DetectorKind> kind() const { return kind_; }

  // Feeds one labelled step (steps without a label are ignored). On a race the detector's state
  // is unchanged and the report is returned; call force() to keep going past it.
  std::optional<RaceReport> observe(const LabelledStep& step);
  // Applies a step the detector was stuck on, as if its checks had passed.
  void force(const LabelledStep& step);
  // A thread ran out of code (exit(t), for the multiple-join detector).
  void exit(int64_t thread);

  const AccessHistory& history() const { return history_; }
  const detect::Detector* detector() const { return detector_.get(); }

  // The cells whose detector state a fingerprint covers, by the role their symbol gives them
  // (conditions have none: a wait's edges are its lock's).
  struct Cells {
    std::vector<uint32_t> locks, locations, volatiles, barriers; // each ascending
  };
  // Appends an encoding of the detector's verdict-relevant state (clocks, epochs, exited
  // threads, volatile and barrier clocks) over the given threads and cells: equal encodings
  // mean equal future verdicts. Returns false if this detector's state cannot be read (caching
  // must then be off).
  bool fingerprint(const std::vector<int64_t>& threads, const Cells& cells, std::string& out) const;

private:
  void record(const LabelledStep& step);

  std::optional<detect::DetectorKind> kind_;
  std::unique_ptr<detect::Detector> detector_;
  AccessHistory history_;
};

// The detect::Event of a labelled step (nullopt for unlabelled steps).
std::optional<detect::Event> to_event(const Label& label);

} // namespace racelang
