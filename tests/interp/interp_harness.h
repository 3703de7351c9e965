// Test harness for the interpreter: a program compiled from source text (or from a generated
// AST) with everything the interpreter needs kept alive together, plus shorthands to run it
// with a given schedule, collect its labels, and explore it. Tests build programs from text so
// they read like the racelang they test.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "frontend/ast.h"
#include "frontend/check.h"
#include "frontend/source.h"
#include "interp/code.h"
#include "interp/explore.h"
#include "interp/machine.h"
#include "interp/run.h"

namespace racelang::testing {

// A checked, compiled program. Not movable: Code points into Program and ProgramInfo.
struct Compiled {
  std::unique_ptr<SourceFile> file;
  Program program;
  ProgramInfo info;
  Code code;
  std::string diagnostics; // rendered warnings (errors make compile() fail)
};

// Parses, checks and compiles `text`; nullptr (with the diagnostics printed to the gtest
// failure) if it does not compile.
std::unique_ptr<Compiled> compile(const std::string& text, const std::string& path = "t.rl",
                                  const CheckOptions& options = {});
// The same for a program built as an AST; nullptr if it does not check.
std::unique_ptr<Compiled> compile(const Program& program, const CheckOptions& options = {});

// Runs with the given schedule (a replay); the labels of the run in order (Exit included).
struct TracedRun {
  RunResult result;
  MachineState final_state; // the whole machine at the end (InterpreterOptions::final_state)
  std::vector<LabelledStep> events;
  std::vector<std::string> output; // printed lines
};
TracedRun run_with(const Compiled& c, Scheduler& scheduler, InterpreterOptions options = {});
TracedRun run_schedule(const Compiled& c, const Schedule& schedule,
                       InterpreterOptions options = {});
TracedRun run_seed(const Compiled& c, uint64_t seed, InterpreterOptions options = {});

// "rd(1, x)" etc. for every labelled event, for readable expectations.
std::vector<std::string> label_strings(const Compiled& c, const std::vector<LabelledStep>& events);

// The value of shared location `name` (an element with `index`) in a machine state.
int64_t shared_value(const Compiled& c, const MachineState& state, const std::string& name,
                     uint32_t index = 0);
// The value of local `name` of thread `id` in a machine state.
int64_t local_value(const Compiled& c, const MachineState& state, int64_t id,
                    const std::string& name);

// Replays every witness of `r` as the printed `racelang run` command would (through
// run_program) and checks it reaches its outcome: each race, failure, deadlock, step limit
// and cycle no schedule leaves. Failures are gtest expectations.
void expect_witnesses_replay(const Compiled& c, const ExploreResult& r,
                             const ExploreOptions& options);

} // namespace racelang::testing
