// The detector registry: construction by kind and the `--detector=` spellings.
#include "detect/detector.h"

#include "detect/djit.h"
#include "detect/fasttrack.h"
#include "detect/multijoin_vector_clock.h"
#include "detect/vector_clock.h"

namespace racelang::detect {

Detector::~Detector() = default;

std::string to_string(const Race& race) {
  std::string out = to_string(race.current);
  out += " races with an earlier ";
  out += to_string(race.previous_kind);
  out += " by t";
  out += std::to_string(race.previous_thread);
  return out;
}

std::unique_ptr<Detector> make_detector(DetectorKind kind) {
  switch (kind) {
  case DetectorKind::VectorClock:
    return std::make_unique<VectorClockDetector>();
  case DetectorKind::FastTrack:
    return std::make_unique<FastTrackDetector>();
  case DetectorKind::Djit:
    return std::make_unique<DjitDetector>();
  case DetectorKind::MultiJoinVectorClock:
    return std::make_unique<MultiJoinVectorClockDetector>();
  }
  return nullptr;
}

namespace {

constexpr DetectorKind kAllKinds[] = {DetectorKind::VectorClock, DetectorKind::FastTrack,
                                      DetectorKind::Djit, DetectorKind::MultiJoinVectorClock};

} // namespace

std::string_view detector_kind_option(DetectorKind kind) {
  switch (kind) {
  case DetectorKind::VectorClock:
    return "vc";
  case DetectorKind::FastTrack:
    return "fasttrack";
  case DetectorKind::Djit:
    return "djit";
  case DetectorKind::MultiJoinVectorClock:
    return "vc-multijoin";
  }
  return "";
}

std::optional<DetectorKind> parse_detector_kind(std::string_view text) {
  for (DetectorKind kind : kAllKinds)
    if (text == detector_kind_option(kind)) return kind;
  return std::nullopt;
}

} // namespace racelang::detect
