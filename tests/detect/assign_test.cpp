// Detector::assign (detect/detector.h) on random traces, for every detector: a detector that
// ran one trace and is then assigned another's state must from then on report exactly what a
// clone of that other detector reports. assign reuses the assigned detector's storage
// (LocationTable keeps its entries and resets those the other has not touched), so what the
// property is about is that nothing of the overwritten state shows: the overwritten detector
// ran over more locations (some of them in LocationTable's pages, above its dense part) than
// the one it is assigned, and the trace run afterwards touches both's locations. Its tooth: a
// detector whose assign leaves its own state in place is caught.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "detect/location_table.h"
#include "detect/vector_clock.h"
#include "tests/detect/detect_checks.h"
#include "tests/detect/trace_gen.h"

namespace racelang::detect {
namespace {

using checks::Mismatch;
using testgen::gen_trace;
using testgen::TraceGenConfig;

// Odd locations, locks, volatiles and barriers moved into LocationTable's pages (above its
// dense part, a page apart), even ones left in the dense part; thread ids stay as they are.
Trace spread(Trace trace) {
  for (Event& e : trace)
    if (e.kind != EventKind::Fork && e.kind != EventKind::Join && e.kind != EventKind::Exit &&
        e.target % 2 == 1)
      e.target = LocationTable<VectorClock>::kDenseLimit +
                 e.target * static_cast<uint32_t>(LocationTable<VectorClock>::kPageEntries);
  return trace;
}

// Every report of a keep-going run, or the protocol error that stopped it (the multiple-join
// detector rejects a continuation that breaks its discipline; both copies must reject it alike).
std::string reports_of(Detector& detector, const Trace& trace) {
  std::string out;
  try {
    for (const checks::Report& r : checks::keep_going_reports(detector, trace))
      out += std::to_string(r.index) + ": " + to_string(r.race) + "\n";
  } catch (const ProtocolError& error) {
    out += std::string("protocol error: ") + error.what() + "\n";
  }
  return out;
}

struct Traces {
  Trace kept;        // what the detector that is copied ran
  Trace overwritten; // what the detector assigned to ran, over more locations
  Trace after;       // what both run afterwards
};

rc::Gen<Traces> gen_traces(JoinDiscipline joins) {
  TraceGenConfig few =
      joins == JoinDiscipline::Multiple ? testgen::multi_join_config() : TraceGenConfig{};
  TraceGenConfig many = few;
  many.locations = 6;
  many.locks = 6;
  many.volatiles = 6;
  many.barriers = 6;
  return rc::gen::apply(
      [](Trace kept, Trace overwritten, Trace after) {
        return Traces{spread(std::move(kept)), spread(std::move(overwritten)),
                      spread(std::move(after))};
      },
      gen_trace(few), gen_trace(many), gen_trace(many));
}

// `make` builds two detectors of one class: the copied one and the overwritten one.
template <typename Make> Mismatch assign_matches_clone(const Make& make, const Traces& t) {
  auto kept = make();
  auto overwritten = make();
  reports_of(*kept, t.kept);
  reports_of(*overwritten, t.overwritten);
  overwritten->assign(*kept);
  auto clone = kept->clone();
  std::string got = reports_of(*overwritten, t.after);
  std::string expected = reports_of(*clone, t.after);
  if (got != expected)
    return std::string(kept->name()) + ": after assign\n" + got + "a clone reports\n" + expected;
  return std::nullopt;
}

void hold(const Mismatch& mismatch) {
  if (mismatch) RC_FAIL(*mismatch);
}

RC_GTEST_PROP(DetectorAssign, MakesTheSameDetectorAsAClone, ()) {
  const Traces single = *gen_traces(JoinDiscipline::Single);
  for (DetectorKind kind : {DetectorKind::VectorClock, DetectorKind::FastTrack, DetectorKind::Djit,
                            DetectorKind::MultiJoinVectorClock})
    hold(assign_matches_clone([kind] { return make_detector(kind); }, single));
  const Traces multiple = *gen_traces(JoinDiscipline::Multiple);
  hold(assign_matches_clone([] { return make_detector(DetectorKind::MultiJoinVectorClock); },
                            multiple));
}

// The tooth: a VectorClock detector whose assign keeps its own state.
class AssignKeepsItsOwnState final : public Detector {
public:
  std::optional<Race> step(const Event& e) override { return vc_.step(e); }
  void force(const Event& e) override { vc_.force(e); }
  std::string_view name() const override { return "AssignKeepsItsOwnState"; }
  std::unique_ptr<Detector> clone() const override {
    return std::make_unique<AssignKeepsItsOwnState>(*this);
  }
  void assign(const Detector&) override {}

private:
  VectorClockDetector vc_;
};

TEST(DetectorAssign, AnAssignThatKeepsItsOwnStateIsCaught) {
  auto found =
      checks::find_counterexample<Traces>(gen_traces(JoinDiscipline::Single), [](const Traces& t) {
        return assign_matches_clone([] { return std::make_unique<AssignKeepsItsOwnState>(); }, t);
      });
  ASSERT_TRUE(found.has_value()) << "an assign that changed nothing passed every case";
}

} // namespace
} // namespace racelang::detect
