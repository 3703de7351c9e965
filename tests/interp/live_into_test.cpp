// The locals whose values on entry can matter (locals_live_into, frontend/ast_walk.h) checked
// against the interpreter. The JIT passes only those into its outlined slow paths and shared
// runs, and leaves the other frame slots unset, so the claim must hold exactly: on generated
// one-thread programs (assignments, loads, stores, asserts, prints, `if`s and loops of every
// shape), giving every local the analysis leaves out another value on entry changes nothing
// the program does: the same outcome, printed lines, steps and final machine state, every local
// included. Each broken variant of the analysis (an `if` that assigns in one branch counted as
// assigning, a loop's body counted as run) is caught, by the property and by a fixed program.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "frontend/ast_walk.h"
#include "frontend/print.h"
#include "tests/interp/interp_harness.h"
#include "tests/support/program_gen.h"
#include "verify/property_runner.h"

namespace racelang::testing {
namespace {

// What a one-thread run did, all of it.
struct Behaviour {
  Outcome outcome;
  std::string failure;
  std::vector<std::string> output;
  uint64_t steps;
  MachineState final_state;
  friend bool operator==(const Behaviour&, const Behaviour&) = default;
};

std::optional<Behaviour> run_alone(const std::string& text) {
  auto c = compile(text);
  if (!c) return std::nullopt;
  MachineState final_state;
  InterpreterOptions options;
  options.final_state = &final_state;
  options.max_steps = 20000; // generated loops may not end
  TracedRun run = run_seed(*c, 1, options);
  std::string failure = run.result.failure ? run.result.failure->message : "";
  return Behaviour{run.result.outcome, failure, run.output, run.result.steps, final_state};
}

// `body` after declarations `decls`, each local of `locals` first set to its value in `entry`,
// and every local printed at the end.
std::string with_entry_values(const std::string& decls, const std::string& body,
                              const std::vector<std::string>& locals,
                              const std::vector<int64_t>& entry) {
  std::string text = decls;
  for (size_t k = 0; k < locals.size(); ++k)
    text += locals[k] + " := " +
            (entry[k] < 0 ? "0 - " + std::to_string(-entry[k]) : std::to_string(entry[k])) + ";\n";
  text += body + "print(";
  for (size_t k = 0; k < locals.size(); ++k) text += (k ? ", " : "") + locals[k];
  return text + ");\n";
}

// One case: a generated program, run from random entry values, then again with every local it
// mentions that the analysis (broken by `fault`) leaves out set otherwise.
void check_live_into(LiveIntoFault fault) {
  testgen::GenConfig config;
  config.weights.spawn = 0;
  config.weights.wait = 0;
  config.weights.lock = 0;
  config.weights.unlock = 0;
  config.weights.if_ = 4;
  config.weights.while_ = 2;
  Program program = *testgen::gen_program(config);
  std::vector<std::string> live, mentioned;
  locals_live_into(program.body, 0, program.body.size(), live, fault);
  thread_locals(program.body, mentioned); // the JIT passes only these, in or out

  std::string body;
  for (const Stmt& s : program.body) body += print_stmt(s);
  Program declarations = program;
  declarations.body.clear();
  std::string decls = print_program(declarations);

  const std::vector<std::string>& locals = config.names.locals;
  std::vector<int64_t> entry, other;
  for (const std::string& n : locals) {
    int64_t v = *rc::gen::inRange<int64_t>(-20, 21);
    entry.push_back(v);
    bool dead = std::find(mentioned.begin(), mentioned.end(), n) != mentioned.end() &&
                std::find(live.begin(), live.end(), n) == live.end();
    other.push_back(dead ? v + *rc::gen::inRange<int64_t>(1, 1000) : v);
  }
  std::optional<Behaviour> first = run_alone(with_entry_values(decls, body, locals, entry));
  RC_PRE(first.has_value());
  std::optional<Behaviour> second = run_alone(with_entry_values(decls, body, locals, other));
  RC_ASSERT(second.has_value());
  RC_TAG(first->outcome == Outcome::Finished ? "finished" : "failed or cut");
  RC_ASSERT(*first == *second);
}

RC_GTEST_PROP(LocalsLiveInto, OtherEntryValuesOfTheOtherLocalsChangeNothing, ()) {
  check_live_into(LiveIntoFault::None);
}

// `b` is assigned by one branch only, and by a loop's body that does not run: its entry value
// is printed in both cases, so it is live; `a` is assigned before every read, so it is not.
const char* kFixed = "a := 1;\nif (a > 5) {\n  b := 2;\n}\nwhile (a > 5) {\n  b := 3;\n}\n"
                     "print(a + b);\n";

std::vector<std::string> live_of(const std::string& text, LiveIntoFault fault) {
  auto c = compile(text);
  EXPECT_NE(c, nullptr);
  std::vector<std::string> live;
  if (c) locals_live_into(c->program.body, 0, c->program.body.size(), live, fault);
  return live;
}

TEST(LocalsLiveInto, AFixedProgram) {
  EXPECT_EQ(live_of(kFixed, LiveIntoFault::None), std::vector<std::string>{"b"});
  // Read before assigned, on one path: live; assigned before every read: not.
  EXPECT_EQ(
      live_of("if (c > 0) {\n  a := 1;\n} else {\n  a := 2;\n}\nprint(a);\n", LiveIntoFault::None),
      std::vector<std::string>{"c"});
  EXPECT_EQ(live_of("a := a + 1;\nv := 2;\nprint(v);\n", LiveIntoFault::None),
            std::vector<std::string>{"a"});
}

TEST(LocalsLiveIntoTeeth, AnIfAssigningInOneBranchCountedAsAssigningIsCaught) {
  EXPECT_TRUE(live_of("a := 1;\nif (a > 5) {\n  b := 2;\n}\nprint(b);\n",
                      LiveIntoFault::EitherBranchAssigns)
                  .empty());
  EXPECT_TRUE(
      verify::find_failure([] { check_live_into(LiveIntoFault::EitherBranchAssigns); }, 300));
}

TEST(LocalsLiveIntoTeeth, ALoopBodyCountedAsRunIsCaught) {
  EXPECT_TRUE(
      live_of("a := 1;\nwhile (a > 5) {\n  b := 3;\n}\nprint(b);\n", LiveIntoFault::LoopBodyRuns)
          .empty());
  EXPECT_TRUE(verify::find_failure([] { check_live_into(LiveIntoFault::LoopBodyRuns); }, 300));
}

} // namespace
} // namespace racelang::testing
