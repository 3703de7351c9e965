// Negative controls: each property of properties_test.cpp, run on the same generator with a
// deliberately broken detector (or reference), must find a counterexample within 10,000 traces
// (fixed seed, so deterministic). RapidCheck shrinks it and the test prints that one line, which
// doubles as a minimal illustration of why the broken rule matters. If a control stops finding
// counterexamples, the property (or the generator) has lost its teeth.
#include <iostream>
#include <unordered_map>

#include <gtest/gtest.h>

#include "detect/djit.h"
#include "detect/fasttrack.h"
#include "detect/multijoin_vector_clock.h"
#include "detect/vector_clock.h"
#include "detect/well_formed.h"
#include "tests/detect/detect_checks.h"
#include "tests/detect/trace_gen.h"

namespace racelang::detect {
namespace {

using checks::find_counterexample;
using checks::Mismatch;
using testgen::gen_trace;
using testgen::multi_join_config;

void expect_counterexample(const std::optional<std::string>& found) {
  ASSERT_TRUE(found.has_value()) << "the broken variant passed every generated trace";
  std::cout << "counterexample: " << *found << "\n";
}

VectorClockOptions without(bool VectorClockOptions::*rule) {
  VectorClockOptions options;
  options.*rule = false;
  return options;
}

// (a) VectorClock vs the oracle.

TEST(DetectNegativeControls, VectorClockWithoutReleaseIncrementFailsOracle) {
  expect_counterexample(find_counterexample(gen_trace(), [](const Trace& t) {
    VectorClockDetector vc(without(&VectorClockOptions::increment_on_release));
    return checks::matches_oracle(vc, t);
  }));
}

TEST(DetectNegativeControls, VectorClockWithoutForkIncrementFailsOracle) {
  expect_counterexample(find_counterexample(gen_trace(), [](const Trace& t) {
    VectorClockDetector vc(without(&VectorClockOptions::increment_on_fork));
    return checks::matches_oracle(vc, t);
  }));
}

TEST(DetectNegativeControls, VectorClockWithoutReadCheckOnWriteFailsOracle) {
  expect_counterexample(find_counterexample(gen_trace(), [](const Trace& t) {
    VectorClockDetector vc(without(&VectorClockOptions::check_reads_on_write));
    return checks::matches_oracle(vc, t);
  }));
}

// The volatile and barrier rules (FastTrack PLDI'09 §4). A volatile write that adds no edge
// reports false races; the other three add spurious order and miss races.

TEST(DetectNegativeControls, VectorClockVolatileWriteWithoutEdgeFailsOracle) {
  expect_counterexample(find_counterexample(gen_trace(), [](const Trace& t) {
    VectorClockDetector vc(without(&VectorClockOptions::volatile_write_adds_edge));
    return checks::matches_oracle(vc, t);
  }));
}

TEST(DetectNegativeControls, VectorClockVolatileWriteWithoutIncrementFailsOracle) {
  expect_counterexample(find_counterexample(gen_trace(), [](const Trace& t) {
    VectorClockDetector vc(without(&VectorClockOptions::volatile_write_increments));
    return checks::matches_oracle(vc, t);
  }));
}

TEST(DetectNegativeControls, VectorClockBarrierDepartWithoutIncrementFailsOracle) {
  expect_counterexample(find_counterexample(gen_trace(), [](const Trace& t) {
    VectorClockDetector vc(without(&VectorClockOptions::barrier_depart_increments));
    return checks::matches_oracle(vc, t);
  }));
}

// Caught because the generator's phases involve different subsets of the threads: a thread in
// phase k+1 that was not in phase k would inherit phase k's arrivals.
TEST(DetectNegativeControls, VectorClockBarrierWithoutPhaseResetFailsOracle) {
  expect_counterexample(find_counterexample(gen_trace(), [](const Trace& t) {
    VectorClockDetector vc(without(&VectorClockOptions::barrier_resets_per_phase));
    return checks::matches_oracle(vc, t);
  }));
}

// The multiple-join variant shares the rules: a broken barrier reset in a VectorClock reference
// is caught against it on multiple-join traces too.
TEST(DetectNegativeControls, MultiJoinDisagreesWithVectorClockWithoutPhaseReset) {
  expect_counterexample(find_counterexample(gen_trace(multi_join_config()), [](const Trace& t) {
    MultiJoinVectorClockDetector mj;
    VectorClockDetector vc(without(&VectorClockOptions::barrier_resets_per_phase));
    return checks::agrees_with(mj, vc, t, true);
  }));
}

// (b) FastTrack vs VectorClock: a broken reference, and a broken FastTrack.

TEST(DetectNegativeControls, FastTrackDisagreesWithBrokenVectorClock) {
  expect_counterexample(find_counterexample(gen_trace(), [](const Trace& t) {
    FastTrackDetector ft;
    VectorClockDetector vc(without(&VectorClockOptions::increment_on_release));
    return checks::agrees_with(ft, vc, t, false);
  }));
}

TEST(DetectNegativeControls, FastTrackWithoutReadShareDisagreesWithVectorClock) {
  expect_counterexample(find_counterexample(gen_trace(), [](const Trace& t) {
    FastTrackDetector ft(FastTrackOptions{.share_concurrent_reads = false});
    VectorClockDetector vc;
    return checks::agrees_with(ft, vc, t, false);
  }));
}

// Why (b) compares only kinds: FastTrack forgets accesses that happen before later ones, so when
// several threads conflict it may name another one than the lowest (still a real conflict, (f)).
TEST(DetectNegativeControls, FastTrackDoesNotAlwaysNameTheLowestThread) {
  expect_counterexample(find_counterexample(gen_trace(), [](const Trace& t) {
    FastTrackDetector ft;
    VectorClockDetector vc;
    return checks::agrees_with(ft, vc, t, /*exact_report=*/true);
  }));
}

// (c) DJIT+ vs VectorClock.

TEST(DetectNegativeControls, DjitDisagreesWithBrokenVectorClock) {
  expect_counterexample(find_counterexample(gen_trace(), [](const Trace& t) {
    DjitDetector djit;
    VectorClockDetector vc(without(&VectorClockOptions::check_reads_on_write));
    return checks::agrees_with(djit, vc, t, true);
  }));
}

// (d) the multiple-join variant vs the oracle.

TEST(DetectNegativeControls, MultiJoinMergingOnlyFirstJoinFailsOracle) {
  expect_counterexample(find_counterexample(gen_trace(multi_join_config()), [](const Trace& t) {
    MultiJoinVectorClockDetector mj(MultiJoinOptions{.merge_on_repeated_join = false});
    return checks::matches_oracle(mj, t);
  }));
}

TEST(DetectNegativeControls, MultiJoinWithoutReleaseIncrementFailsOracle) {
  expect_counterexample(find_counterexample(gen_trace(multi_join_config()), [](const Trace& t) {
    MultiJoinVectorClockDetector mj(MultiJoinOptions{.increment_on_release = false});
    return checks::matches_oracle(mj, t);
  }));
}

// (e) --keep-going.

TEST(DetectNegativeControls, VectorClockKeepGoingWithoutReleaseIncrementFailsOracle) {
  expect_counterexample(find_counterexample(gen_trace(), [](const Trace& t) {
    VectorClockDetector vc(without(&VectorClockOptions::increment_on_release));
    return checks::keep_going_matches_oracle(vc, t);
  }));
}

// Not a bug but a limit worth pinning down: only VectorClock keeps exact per-thread histories, so
// only it reports every racy access after a forced race; DJIT+'s same-epoch fast paths skip some.
TEST(DetectNegativeControls, DjitKeepGoingMissesLaterRaces) {
  expect_counterexample(find_counterexample(gen_trace(), [](const Trace& t) {
    DjitDetector djit;
    return checks::keep_going_matches_oracle(djit, t);
  }));
}

// (f) provenance: a plausible but wrong reporter that blames the most recent access to the
// location by another thread (of the conflicting kind) instead of a concurrent one.
class LastAccessorReporter final : public CopyableDetector<LastAccessorReporter> {
public:
  std::optional<Race> step(const Event& e) override {
    auto race = vc_.step(e);
    if (race) {
      for (auto it = history_.rbegin(); it != history_.rend(); ++it) {
        if (it->target == e.target && it->thread != e.thread &&
            (it->kind == EventKind::Write || e.kind == EventKind::Write)) {
          race->previous_kind = it->kind;
          race->previous_thread = it->thread;
          break;
        }
      }
    } else if (is_access(e)) {
      history_.push_back(e);
    }
    return race;
  }
  void force(const Event& e) override {
    vc_.force(e);
    if (is_access(e)) history_.push_back(e);
  }
  std::string_view name() const override { return "LastAccessorReporter"; }

private:
  VectorClockDetector vc_;
  Trace history_;
};

TEST(DetectNegativeControls, LastAccessorReporterNamesNonConflictingAccesses) {
  expect_counterexample(find_counterexample(gen_trace(), [](const Trace& t) {
    LastAccessorReporter reporter;
    return checks::names_real_conflict(reporter, t);
  }));
}

// Generator sanity: the traces exercise the new rules. Each "property" claims a shape never
// occurs; finding a counterexample shows the generator produces it.
TEST(DetectNegativeControls, GeneratorProducesVolatileHandOffsBetweenThreads) {
  expect_counterexample(find_counterexample(gen_trace(), [](const Trace& t) -> Mismatch {
    for (std::size_t i = 0; i < t.size(); ++i)
      for (std::size_t j = i + 1; j < t.size(); ++j)
        if (t[i].kind == EventKind::VolatileWrite && t[j].kind == EventKind::VolatileRead &&
            t[i].target == t[j].target && t[i].thread != t[j].thread)
          return "a vwr -> vrd hand-off";
    return std::nullopt;
  }));
}

TEST(DetectNegativeControls, GeneratorProducesPhasesOfSeveralThreadsThenAnotherPhase) {
  expect_counterexample(find_counterexample(gen_trace(), [](const Trace& t) -> Mismatch {
    // barrier -> departures in its current phase, and whether a later phase followed one with
    // at least two departures
    std::unordered_map<uint32_t, int> departures;
    std::unordered_map<uint32_t, bool> wide;
    for (const Event& e : t) {
      if (e.kind == EventKind::BarrierDepart && ++departures[e.target] >= 2) wide[e.target] = true;
      if (e.kind == EventKind::BarrierArrive && departures[e.target] > 0) {
        departures[e.target] = 0;
        if (wide[e.target]) return "a second phase after one of several threads";
      }
    }
    return std::nullopt;
  }));
}

// Generator sanity: the well-formedness check discriminates between the two disciplines.
TEST(DetectNegativeControls, MultiJoinTracesAreNotAllSingleJoinWellFormed) {
  expect_counterexample(
      find_counterexample(gen_trace(multi_join_config()), [](const Trace& t) -> Mismatch {
        if (auto error = check_well_formed(t, JoinDiscipline::Single)) return error->message;
        return std::nullopt;
      }));
}

} // namespace
} // namespace racelang::detect
