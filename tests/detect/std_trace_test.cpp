// RAPID's STD format: the exact text written, names and source ids, reading back (a property on
// generated traces, with a lossy naming as its negative control), tolerated whitespace, every
// kind of malformed line with its line number, and a fuzz loop that must never crash.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>

#include "detect/std_trace.h"
#include "tests/detect/detect_checks.h"
#include "tests/detect/trace_gen.h"

namespace racelang::detect {
namespace {

const Trace kEveryKind = {Event::fork(0, 1), Event::write(0, 0),   Event::acquire(1, 1),
                          Event::read(1, 0), Event::release(1, 1), Event::exit(1),
                          Event::join(0, 1)};

TEST(DetectStdTrace, WritesRapidsFormat) {
  EXPECT_EQ(write_std_trace(kEveryKind, {5, 17, 23, 17, 23, 0, 9}), "T0|fork(T1)|5\n"
                                                                    "T0|w(x0)|17\n"
                                                                    "T1|acq(m1)|23\n"
                                                                    "T1|r(x0)|17\n"
                                                                    "T1|rel(m1)|23\n"
                                                                    "T0|join(T1)|9\n");
  EXPECT_EQ(write_std_trace({Event::read(3, 2)}), "T3|r(x2)|0\n"); // no source ids: zeros
  EXPECT_EQ(write_std_trace({}), "");
}

TEST(DetectStdTrace, WritesCallerNames) {
  StdNames names;
  names.location = [](uint32_t x) {
    return x == 0 ? std::string("counter") : "arr[" + std::to_string(x) + "]";
  };
  names.lock = [](uint32_t) { return std::string("mu"); };
  EXPECT_EQ(
      write_std_trace({Event::write(0, 0), Event::acquire(0, 4), Event::read(0, 3)}, {}, names),
      "T0|w(counter)|0\nT0|acq(mu)|0\nT0|r(arr[3])|0\n");
}

TEST(DetectStdTrace, WriterRejectsWhatCouldNotBeReadBack) {
  EXPECT_THROW(write_std_trace({Event::read(0, 0)}, {1, 2}), std::invalid_argument);
  for (std::string bad : {"", "a b", "a|b", "f(x)", "x)"}) {
    StdNames names;
    names.location = [&](uint32_t) { return bad; };
    EXPECT_THROW(write_std_trace({Event::read(0, 0)}, {}, names), std::invalid_argument) << bad;
  }
  EXPECT_THROW(write_std_trace({Event::read(kMaxStdThreadId + 1, 0)}), std::invalid_argument);
  EXPECT_THROW(write_std_trace({Event::fork(0, kMaxStdThreadId + 1)}), std::invalid_argument);
}

// STD has no volatile or barrier events, and skipping them (as exits are skipped) would drop
// happens-before edges and make a race-free trace look racy to RAPID, so they are refused.
TEST(DetectStdTrace, WriterRejectsVolatilesAndBarriers) {
  for (const Event& e : {Event::volatile_read(0, 0), Event::volatile_write(0, 0),
                         Event::barrier_arrive(0, 0), Event::barrier_depart(0, 0)}) {
    try {
      write_std_trace({Event::write(0, 0), e});
      ADD_FAILURE() << to_string(e) << " was written";
    } catch (const std::invalid_argument& error) {
      EXPECT_NE(std::string(error.what()).find(to_string(e)), std::string::npos) << error.what();
    }
  }
}

TEST(DetectStdTrace, ReadsBackWithNamesAndSourceIds) {
  const auto result = read_std_trace("T0|fork(T1)|5\nT0|w(y)|17\nT1|acq(l)|23\nT1|r(x)|18\n"
                                     "T1|w(y)|19\nT1|rel(l)|23\nT0|join(T1)|9\nT0|acq(y)|1\n");
  ASSERT_TRUE(result.ok()) << result.error->to_string();
  EXPECT_EQ(result.trace.events, (Trace{Event::fork(0, 1), Event::write(0, 0), Event::acquire(1, 0),
                                        Event::read(1, 1), Event::write(1, 0), Event::release(1, 0),
                                        Event::join(0, 1), Event::acquire(0, 1)}));
  EXPECT_EQ(result.trace.source_ids, (std::vector<uint32_t>{5, 17, 23, 18, 19, 23, 9, 1}));
  EXPECT_EQ(result.trace.location_names, (std::vector<std::string>{"y", "x"}));
  // Locks are their own name space: the lock "y" is not the location "y".
  EXPECT_EQ(result.trace.lock_names, (std::vector<std::string>{"l", "y"}));
}

TEST(DetectStdTrace, ToleratesBlankLinesCrLfAndSpaces) {
  const auto result = read_std_trace("\n  T0 | r( x ) | 1 \r\n\r\n\tT2|w(x)|2");
  ASSERT_TRUE(result.ok()) << result.error->to_string();
  EXPECT_EQ(result.trace.events, (Trace{Event::read(0, 0), Event::write(2, 0)}));
  EXPECT_EQ(result.trace.source_ids, (std::vector<uint32_t>{1, 2}));
  EXPECT_TRUE(read_std_trace("").ok());
}

TEST(DetectStdTrace, MalformedLinesNameTheLine) {
  struct Case {
    std::string text;
    std::size_t line;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"T0|r(x)", 1, "expected 3 fields separated by '|' (thread|operation|source id)"},
      {"T0|r(x)|1|2", 1, "expected 3 fields separated by '|' (thread|operation|source id)"},
      {"|||", 1, "expected 3 fields separated by '|' (thread|operation|source id)"},
      {"T0|r(x)|1\n\nX0|r(x)|1", 3, "bad thread 'X0' (expected T<id>, id <= 65535)"},
      {"T|r(x)|1", 1, "bad thread 'T' (expected T<id>, id <= 65535)"},
      {"T-1|r(x)|1", 1, "bad thread 'T-1' (expected T<id>, id <= 65535)"},
      {"T65536|r(x)|1", 1, "bad thread 'T65536' (expected T<id>, id <= 65535)"},
      {"T99999999999999999999|r(x)|1", 1,
       "bad thread 'T99999999999999999999' (expected T<id>, id <= 65535)"},
      {"T0|r x|1", 1, "bad operation 'r x' (expected op(operand))"},
      {"T0||1", 1, "bad operation '' (expected op(operand))"},
      {"T0|r(x|1", 1, "bad operation 'r(x' (expected op(operand))"},
      {"T0|read(x)|1", 1, "unknown operation 'read' (expected r, w, acq, rel, fork or join)"},
      {"T0|(x)|1", 1, "unknown operation '' (expected r, w, acq, rel, fork or join)"},
      {"T0|r()|1", 1, "bad name '' in 'r()'"},
      {"T0|w(a b)|1", 1, "bad name 'a b' in 'w(a b)'"},
      {"T0|acq(a(b))|1", 1, "bad name 'a(b)' in 'acq(a(b))'"},
      {"T0|fork(x)|1", 1, "bad thread 'x' in 'fork(x)' (expected T<id>, id <= 65535)"},
      {"T0|join()|1", 1, "bad thread '' in 'join()' (expected T<id>, id <= 65535)"},
      {"T0|r(x)|", 1, "bad source id ''"},
      {"T0|r(x)|abc", 1, "bad source id 'abc'"},
      {"T0|r(x)|-1", 1, "bad source id '-1'"},
      {"T0|r(x)|+1", 1, "bad source id '+1'"},
      {"T0|r(x)|4294967296", 1, "bad source id '4294967296'"},
      {"T0|r(x)|1\nT0|r(x)|1\r\nT0|r(x)|1 2", 3, "bad source id '1 2'"},
  };
  for (const Case& c : cases) {
    const auto result = read_std_trace(c.text);
    ASSERT_FALSE(result.ok()) << c.text;
    EXPECT_EQ(result.error->line, c.line) << c.text;
    EXPECT_EQ(result.error->message, c.message) << c.text;
  }
  EXPECT_EQ(read_std_trace("T0|w(x)|1\nT0|bad").error->to_string(),
            "line 2: expected 3 fields separated by '|' (thread|operation|source id)");
}

// Round trip on generated traces: everything but exit events survives. The reader numbers names
// in order of first use, so ids are compared through the names and through which events share a
// location or lock.
enum class Operand { Location, Lock, Thread, None };

Operand operand(EventKind kind) {
  switch (kind) {
  case EventKind::Read:
  case EventKind::Write:
    return Operand::Location;
  case EventKind::Acquire:
  case EventKind::Release:
    return Operand::Lock;
  case EventKind::Fork:
  case EventKind::Join:
    return Operand::Thread;
  case EventKind::Exit:
  case EventKind::VolatileRead: // never written (the generator config below has none)
  case EventKind::VolatileWrite:
  case EventKind::BarrierArrive:
  case EventKind::BarrierDepart:
    return Operand::None;
  }
  return Operand::None;
}

// Generated traces STD can hold: no volatiles, no barriers.
testgen::TraceGenConfig std_config(testgen::TraceGenConfig config = {}) {
  config.volatiles = 0;
  config.barriers = 0;
  return config;
}

checks::Mismatch round_trip(const Trace& trace, const StdNames& names) {
  std::vector<uint32_t> sources;
  for (std::size_t i = 0; i < trace.size(); ++i) sources.push_back(static_cast<uint32_t>(i * 7));
  const auto result = read_std_trace(write_std_trace(trace, sources, names));
  if (!result.ok()) return result.error->to_string();
  Trace want;
  std::vector<uint32_t> want_sources;
  for (std::size_t i = 0; i < trace.size(); ++i) {
    if (trace[i].kind == EventKind::Exit) continue;
    want.push_back(trace[i]);
    want_sources.push_back(sources[i]);
  }
  const Trace& got = result.trace.events;
  if (got.size() != want.size()) return std::string("event count differs");
  if (result.trace.source_ids != want_sources) return std::string("source ids differ");
  for (std::size_t i = 0; i < want.size(); ++i) {
    const std::string at = "event " + std::to_string(i) + ": ";
    if (got[i].kind != want[i].kind || got[i].thread != want[i].thread) return at + "differs";
    const Operand sort = operand(want[i].kind);
    if (sort == Operand::Thread && got[i].target != want[i].target) return at + "thread differs";
    if (sort == Operand::Location) {
      const std::string name =
          names.location ? names.location(want[i].target) : "x" + std::to_string(want[i].target);
      if (result.trace.location_names.at(got[i].target) != name) return at + "name differs";
    }
    if (sort == Operand::Lock) {
      const std::string name =
          names.lock ? names.lock(want[i].target) : "m" + std::to_string(want[i].target);
      if (result.trace.lock_names.at(got[i].target) != name) return at + "name differs";
    }
    if (sort != Operand::Location && sort != Operand::Lock) continue;
    for (std::size_t j = 0; j < i; ++j) {
      if (operand(want[j].kind) != sort) continue;
      if ((want[j].target == want[i].target) != (got[j].target == got[i].target))
        return "events " + std::to_string(j) + " and " + std::to_string(i) +
               " no longer agree on sharing a location or lock";
    }
  }
  return std::nullopt;
}

RC_GTEST_PROP(DetectStdTraceProperties, RoundTripKeepsEverythingButExits, ()) {
  if (auto mismatch = round_trip(*testgen::gen_trace(std_config(testgen::multi_join_config())), {}))
    RC_FAIL(*mismatch);
}

// Negative control: a naming that maps two locations to one name loses information.
TEST(DetectStdTraceProperties, LossyNamingFailsTheRoundTrip) {
  StdNames lossy;
  lossy.location = [](uint32_t x) { return "x" + std::to_string(x % 2); };
  const auto found = checks::find_counterexample(
      testgen::gen_trace(std_config()), [&](const Trace& t) { return round_trip(t, lossy); });
  ASSERT_TRUE(found.has_value());
  std::cout << "counterexample: " << *found << "\n";
}

// Random edits of valid text: the reader must answer (a trace, or an error naming an existing
// line) and never crash; run under ASan/UBSan this is a small fuzzer.
TEST(DetectStdTrace, FuzzedInputNeverCrashes) {
  const std::string valid = write_std_trace(kEveryKind, {5, 17, 23, 17, 23, 0, 9});
  const std::string alphabet = "T0123456789|()rwacqelfoknj x\r\n-+";
  std::mt19937 random(20261122);
  for (int round = 0; round < 20000; ++round) {
    std::string text = valid;
    const int edits = 1 + static_cast<int>(random() % 4);
    for (int k = 0; k < edits; ++k) {
      const std::size_t at = text.empty() ? 0 : random() % (text.size() + 1);
      const char c = alphabet[random() % alphabet.size()];
      switch (random() % 3) {
      case 0:
        text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), c);
        break;
      case 1:
        if (at < text.size()) text.erase(at, 1);
        break;
      default:
        if (at < text.size()) text[at] = c;
        break;
      }
    }
    const auto result = read_std_trace(text);
    const std::size_t lines =
        static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
    if (!result.ok()) {
      ASSERT_GE(result.error->line, 1u) << text;
      ASSERT_LE(result.error->line, lines) << text;
    } else {
      ASSERT_EQ(result.trace.events.size(), result.trace.source_ids.size());
    }
  }
}

} // namespace
} // namespace racelang::detect
