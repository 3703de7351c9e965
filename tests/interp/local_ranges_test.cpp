// The ranges of locals (interp/local_ranges.h) checked against the machine: on generated
// programs run one instruction at a time under seeded random schedules, every local of the
// stepping thread lies in its range at that thread's pc, and that pc is reached. Each broken
// variant of the analysis (a remainder taken to be non-negative, loops not widened) is caught,
// by the property and by a fixed program.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "interp/local_ranges.h"
#include "interp/machine.h"
#include "tests/interp/concurrent_gen.h"
#include "tests/interp/interp_harness.h"
#include "tests/support/program_gen.h"
#include "verify/property_runner.h"

namespace racelang::testing {
namespace {

// Runs `c` for at most `steps` instructions, each of a thread drawn at random among those that
// can step; the first local found outside its range (or a pc the analysis calls unreached), as
// a message, or nothing.
std::optional<std::string> first_escape(const Compiled& c, RangesFault fault, uint64_t seed,
                                        int steps = 3000) {
  std::vector<LocalRanges> ranges;
  for (uint32_t k = 0; k < c.code.threads.size(); ++k) ranges.emplace_back(c.code, k, fault);
  Machine m(c.code);
  std::mt19937_64 random(seed);
  for (int n = 0; n < steps; ++n) {
    std::vector<uint32_t> ready;
    for (uint32_t k = 0; k < m.thread_count(); ++k)
      if (m.can_step(k)) ready.push_back(k);
    if (ready.empty()) return std::nullopt;
    uint32_t k = ready[random() % ready.size()];
    uint32_t pc = m.state().pc[k];
    std::ostringstream where;
    where << "thread " << m.thread_id(k) << " at instruction " << pc;
    if (!ranges[k].reached(pc)) return where.str() + ", called unreached";
    for (uint32_t s = 0; s < c.code.threads[k].locals.size(); ++s) {
      Interval r = ranges[k].local(pc, s);
      if (!r.contains(m.local(k, s)))
        return where.str() + ": " + c.code.local_name(k, s) + " = " +
               std::to_string(m.local(k, s)) + " outside [" + std::to_string(r.lo) + ", " +
               std::to_string(r.hi) + "]";
    }
    // A load or store whose index the ranges put inside its array, and whose value cannot
    // divide by zero, cannot fail.
    const Instr& in = c.code.threads[k].instrs[pc];
    bool safe = (in.op == Op::Load || in.op == Op::Store) && !in.volatile_access &&
                ranges[k].index_in_range(pc, in.loc) &&
                (in.op == Op::Load || !ranges[k].may_fail(pc, in.expr));
    if (m.step(k).status == StepStatus::Failed)
      return safe ? std::optional(where.str() + ": a step called safe failed") : std::nullopt;
  }
  return std::nullopt;
}

// Arithmetic on locals for the ranges to follow: sums, differences, products, quotients and
// remainders (by nonzero constants of either sign, and by locals) of small constants of either
// sign, locals, and now and then a huge constant that makes a product wrap.
rc::Gen<std::string> gen_arithmetic(int depth) {
  auto leaf =
      rc::gen::oneOf(rc::gen::map(rc::gen::inRange(-40, 41),
                                  [](int v) { return "(0 - " + std::to_string(-v) + ")"; }),
                     rc::gen::map(rc::gen::inRange(0, 41), [](int v) { return std::to_string(v); }),
                     rc::gen::element<std::string>("a", "b", "i", "j", "4611686018427387904"));
  if (depth == 0) return leaf;
  return rc::gen::oneOf(
      leaf, rc::gen::apply(
                [](const std::string& x, const std::string& op, const std::string& y) {
                  return "(" + x + " " + op + " " + y + ")";
                },
                gen_arithmetic(depth - 1), rc::gen::element<std::string>("+", "-", "*", "/", "%"),
                rc::gen::oneOf(gen_arithmetic(depth - 1),
                               rc::gen::element<std::string>("3", "7", "(0 - 5)", "26"))));
}

// A one-thread program of assignments, counted loops (up to 30 rounds, past the widening
// point), conditions on locals and array accesses indexed by remainders (some of them
// negative: those accesses fail).
rc::Gen<std::string> gen_counted_program() {
  return rc::gen::map(
      rc::gen::container<std::vector<std::tuple<int, std::string, int>>>(
          rc::gen::tuple(rc::gen::inRange(0, 4), gen_arithmetic(2), rc::gen::inRange(0, 31))),
      [](const std::vector<std::tuple<int, std::string, int>>& parts) {
        std::string text = "shared buf[8];\n";
        for (const auto& [kind, expr, n] : parts) {
          switch (kind) {
          case 0:
            text += "a := " + expr + ";\n";
            break;
          case 1:
            text += "b := " + expr + " % 8;\n";
            break;
          case 2:
            text += "i := 0;\nwhile (i < " + std::to_string(n) + ") {\n  j := j + " + expr +
                    ";\n  a := (a + 1) % 9;\n  i := i + 1;\n}\n";
            break;
          default:
            text += "if (b >= 0) {\n  store a buf[b];\n}\nif (" + std::to_string(n) +
                    " > a) {\n  b := b - 1;\n}\nv := load buf[" + expr + " % 8];\n";
            break;
          }
        }
        return text;
      });
}

void check_ranges(RangesFault fault) {
  // A third of the cases from the general generator (deep arithmetic, huge literals,
  // negations, divisions, loops of every shape), a third counted loops over shared arrays
  // between threads, a third counted loops over arithmetic.
  std::unique_ptr<Compiled> c;
  switch (*rc::gen::inRange(0, 3)) {
  case 0:
    c = compile(*testgen::gen_program());
    break;
  case 1:
    c = compile(*gen_concurrent_source({.counted_loops = true}));
    break;
  default:
    c = compile(*gen_counted_program());
    break;
  }
  RC_PRE(c != nullptr);
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    auto escape = first_escape(*c, fault, seed);
    RC_ASSERT_FALSE(escape.has_value());
  }
}

RC_GTEST_PROP(LocalRanges, EveryLocalStaysInItsRangeAtEveryStep, ()) {
  check_ranges(RangesFault::None);
}

const char* kNegativeRemainder = "i := 0 - 7;\nj := i % 4;\nprint(j);\n";
const char* kLongLoop = "i := 0;\nwhile (i < 20) {\n  i := i + 1;\n}\nprint(i);\n";

TEST(LocalRanges, FixedProgramsStayInTheirRanges) {
  for (const char* text : {kNegativeRemainder, kLongLoop}) {
    auto c = compile(text);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(first_escape(*c, RangesFault::None, 1), std::nullopt) << text;
  }
}

// What the split needs from the ranges: `b := (b + 1) % 26` stays in [0, 25] (widening stops at
// the constants), a counted loop's counter inside its bounds, and a `done := 0` before
// `while (done == 0)` makes the loop's visible body the only way on.
TEST(LocalRanges, CountersAndRemaindersKeepTheirBounds) {
  auto c = compile("shared busy[26];\nb := 0;\ndone := 0;\nwhile (done == 0) {\n"
                   "  u := load busy[b];\n  if (u == 0) {\n    done := 1;\n  }\n"
                   "  b := (b + 1) % 26;\n}\n");
  ASSERT_NE(c, nullptr);
  const ThreadCode& tc = c->code.threads[0];
  LocalRanges ranges(c->code, 0);
  bool load_seen = false;
  for (uint32_t pc = 0; pc < tc.instrs.size(); ++pc) {
    if (tc.instrs[pc].op != Op::Load) continue;
    load_seen = true;
    EXPECT_TRUE(ranges.index_in_range(pc, tc.instrs[pc].loc));
  }
  EXPECT_TRUE(load_seen);
  for (uint32_t pc = 0; pc < tc.instrs.size(); ++pc) {
    if ((tc.instrs[pc].op == Op::Jump || tc.instrs[pc].op == Op::JumpIfFalse) &&
        tc.instrs[pc].target < pc) {
      EXPECT_FALSE(ranges.local_path(tc.instrs[pc].target, pc)) << "loop at " << pc;
    }
  }
  // A loop of local instructions only does spin without a scheduling point.
  auto spin = compile("i := 0;\nwhile (i >= 0) {\n  i := (i + 1) % 5;\n}\n");
  ASSERT_NE(spin, nullptr);
  LocalRanges spin_ranges(spin->code, 0);
  bool spins = false;
  const ThreadCode& st = spin->code.threads[0];
  for (uint32_t pc = 0; pc < st.instrs.size(); ++pc)
    if ((st.instrs[pc].op == Op::Jump || st.instrs[pc].op == Op::JumpIfFalse) &&
        st.instrs[pc].target < pc)
      spins = spins || spin_ranges.local_path(st.instrs[pc].target, pc);
  EXPECT_TRUE(spins);
  // An index that may wrap is not in range: 2^62 * 4 is 0 in the machine, unknown here.
  auto wrap = compile("shared x[1];\ni := 4611686018427387904 * 4;\nstore 1 x[i];\n");
  ASSERT_NE(wrap, nullptr);
  LocalRanges wrap_ranges(wrap->code, 0);
  for (uint32_t pc = 0; pc < wrap->code.threads[0].instrs.size(); ++pc) {
    if (wrap->code.threads[0].instrs[pc].op == Op::Store) {
      EXPECT_FALSE(wrap_ranges.index_in_range(pc, wrap->code.threads[0].instrs[pc].loc));
    }
  }
}

TEST(LocalRangesTeeth, ARemainderTakenNonNegativeIsCaught) {
  auto c = compile(kNegativeRemainder);
  ASSERT_NE(c, nullptr);
  EXPECT_NE(first_escape(*c, RangesFault::RemainderIgnoresSign, 1), std::nullopt);
  EXPECT_TRUE(verify::find_failure([] { check_ranges(RangesFault::RemainderIgnoresSign); }, 300));
}

TEST(LocalRangesTeeth, LoopsNotWidenedAreCaught) {
  auto c = compile(kLongLoop);
  ASSERT_NE(c, nullptr);
  EXPECT_NE(first_escape(*c, RangesFault::NoWidening, 1), std::nullopt);
  EXPECT_TRUE(verify::find_failure([] { check_ranges(RangesFault::NoWidening); }, 300));
}

} // namespace
} // namespace racelang::testing
