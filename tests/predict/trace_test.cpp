// The recorder and the trace formats: a recorded run is the run `racelang run` makes with the
// same seed (same schedule, same labels), values are what memory held, branch events name the
// reads a decision depended on, both text formats read back what they wrote, and malformed
// traces are refused with the line of the first problem.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "predict/record.h"
#include "predict/trace_text.h"
#include "tests/interp/concurrent_gen.h"
#include "tests/interp/interp_harness.h"

namespace racelang {
namespace {

using predict::Op;

predict::Recording record(const testing::Compiled& c, uint64_t seed) {
  auto scheduler = make_random_scheduler(seed);
  return predict::record_run(c.code, *scheduler, 5000);
}

RC_GTEST_PROP(Recorder, RecordsTheRunThatRunMakes, ()) {
  std::string text = *testing::gen_concurrent_source({.loops = *rc::gen::arbitrary<bool>()});
  RC_LOG() << text;
  auto c = testing::compile(text);
  RC_ASSERT(c != nullptr);
  uint64_t seed = *rc::gen::inRange<uint64_t>(0, 1000000);
  predict::Recording rec = record(*c, seed);
  InterpreterOptions options;
  options.detector = std::nullopt;
  options.max_steps = 5000;
  auto run = testing::run_seed(*c, seed, options);
  RC_ASSERT(rec.schedule == run.result.schedule);
  std::vector<std::string> labels;
  for (const LabelledStep& s : run.events)
    if (s.label.kind != LabelKind::Exit)
      labels.push_back(std::to_string(s.label.thread) + label_name(s.label.kind) +
                       std::to_string(s.range.begin.line) + ":" +
                       std::to_string(s.range.begin.col));
  std::vector<std::string> recorded;
  size_t steps = 0;
  for (const predict::Event& e : rec.trace.events) {
    steps += predict::is_step(e.op);
    if (e.op == Op::Branch || e.op == Op::Print) continue;
    recorded.push_back(std::to_string(e.thread) + predict::op_name(e.op) + std::to_string(e.line) +
                       ":" + std::to_string(e.col));
  }
  RC_ASSERT(recorded == labels);
  RC_ASSERT(steps == rec.schedule.size());
  RC_ASSERT(!predict::check_well_formed(rec.trace).has_value());
  // Both formats read back what they wrote (STD without values, branches and prints).
  auto back = predict::read_any_trace(predict::write_trace(rec.trace));
  RC_ASSERT(!back.error.has_value());
  RC_ASSERT(back.trace.events == rec.trace.events);
  auto std_back = predict::read_any_trace(predict::write_std(rec.trace));
  RC_ASSERT(!std_back.error.has_value());
  std::vector<predict::Event> expected;
  for (predict::Event e : rec.trace.events) {
    if (e.op == Op::Branch || e.op == Op::Print) continue;
    if (predict::is_access(e.op))
      e.target = static_cast<uint32_t>(std::find(std_back.trace.locations.begin(),
                                                 std_back.trace.locations.end(),
                                                 rec.trace.locations[e.target]) -
                                       std_back.trace.locations.begin());
    else if (e.op == Op::Acquire || e.op == Op::Release)
      e.target =
          static_cast<uint32_t>(std::find(std_back.trace.locks.begin(), std_back.trace.locks.end(),
                                          rec.trace.locks[e.target]) -
                                std_back.trace.locks.begin());
    e.value = 0;
    expected.push_back(e);
  }
  RC_ASSERT(std_back.trace.events == expected);
}

TEST(Recorder, ValuesAndBranchDependencies) {
  auto c = testing::compile("shared x;\nshared a[3];\nspawn 1 {\n  store 2 x;\n}\nwait 1;\n"
                            "v := load x;\nw := v + 1;\nif (w > 2) {\n  store 7 a[v];\n}\n");
  ASSERT_NE(c, nullptr);
  predict::Recording rec = record(*c, 1);
  EXPECT_EQ(predict::write_trace(rec.trace), "# racelang trace 1\n"
                                             "T0 fork T1 @3:1\n"
                                             "T1 wr x = 2 @4:3\n"
                                             "T0 join T1 @6:1\n"
                                             "T0 rd x = 2 @7:1\n"
                                             "T0 branch 4 @9:1\n"
                                             "T0 branch 4 @10:3\n"
                                             "T0 wr a[2] = 7 @10:3\n");
}

std::string error_of(const std::string& text) {
  auto r = predict::read_any_trace(text);
  if (!r.error) return "no error";
  return std::to_string(r.error->line) + ": " + r.error->message;
}

TEST(TraceFormat, MalformedTracesNameTheLine) {
  const std::string h = "# racelang trace 1\n";
  EXPECT_EQ(error_of(h + "T0 wr x = 1\nT1 rd\n"), "3: expected 'T<id> rd NAME [= VALUE] [@L:C]'");
  EXPECT_EQ(error_of(h + "X0 wr x\n"), "2: expected a thread 'T<id>' (id at most 65535), not 'X0'");
  EXPECT_EQ(error_of(h + "T0 wr x = one\n"),
            "2: expected '= VALUE' (a 64-bit integer) after the location");
  EXPECT_EQ(error_of(h + "T0 jump x\n"),
            "2: unknown operation 'jump' (rd, wr, acq, rel, fork, join, print, branch)");
  EXPECT_EQ(error_of(h + "T0 rd x = 1\nT1 branch 1\n"), "3: event 1 is not a read of this thread");
  EXPECT_EQ(error_of(h + "T0 branch 3\n"),
            "2: a branch depends on earlier events by number (1 to 0), not '3'");
  EXPECT_EQ(error_of(h + "T0 wr x @3\n"),
            "2: expected a position '@LINE:COL' (LINE from 1), not '@3'");
  // Line 0 is no position (the writer writes none), so it would not read back as itself.
  EXPECT_EQ(error_of(h + "T0 wr x @0:3\n"),
            "2: expected a position '@LINE:COL' (LINE from 1), not '@0:3'");
  // Well-formedness, at the offending event's line (comments and blank lines skipped).
  EXPECT_EQ(error_of(h + "T0 acq m\n\n# c\nT1 acq m\n"),
            "5: not a well-formed trace: T1 acquires a lock T0 holds");
  EXPECT_EQ(error_of(h + "T0 rel m\n"),
            "2: not a well-formed trace: T0 releases a lock it does not hold");
  EXPECT_EQ(error_of(h + "T1 wr x\nT0 fork T1\n"),
            "2: not a well-formed trace: T1 acts before it is forked");
  EXPECT_EQ(error_of(h + "T0 fork T1\nT0 join T1\nT1 wr x\n"),
            "4: not a well-formed trace: T1 acts after it was joined");
  // STD, through detect/std_trace.h.
  EXPECT_EQ(error_of("T0|w(x)|1\nT1|frob(x)|2\n").substr(0, 2), "2:");
  EXPECT_EQ(error_of("T0|acq(m)|1\nT1|acq(m)|2\n"),
            "2: not a well-formed trace: T1 acquires a lock T0 holds");
  EXPECT_EQ(error_of(""), "no error"); // an empty STD trace: no events
}

} // namespace
} // namespace racelang
