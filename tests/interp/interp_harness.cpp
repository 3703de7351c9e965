// Implementation of the interpreter test harness (see interp_harness.h).
#include "tests/interp/interp_harness.h"

#include <gtest/gtest.h>

#include <sstream>

#include "frontend/diagnostics.h"
#include "frontend/parse.h"
#include "frontend/print.h"
#include "frontend/procedures.h"
#include "interp/explore_output.h"

namespace racelang::testing {

std::unique_ptr<Compiled> compile(const std::string& text, const std::string& path,
                                  const CheckOptions& options) {
  auto c = std::make_unique<Compiled>();
  c->file = std::make_unique<SourceFile>(path, text);
  std::ostringstream out;
  DiagnosticEngine diags(*c->file, &out);
  auto program = parse_program(*c->file, diags);
  if (!program || !expand_procedures(*program, diags)) {
    ADD_FAILURE() << "does not parse:\n" << out.str();
    return nullptr;
  }
  c->program = std::move(*program);
  auto info = check_program(c->program, diags, options);
  if (!info) {
    ADD_FAILURE() << "does not check:\n" << out.str();
    return nullptr;
  }
  c->info = std::move(*info);
  c->diagnostics = out.str();
  c->code = compile_program(c->program, c->info);
  return c;
}

std::unique_ptr<Compiled> compile(const Program& program, const CheckOptions& options) {
  return compile(print_program(program), "generated.rl", options);
}

TracedRun run_with(const Compiled& c, Scheduler& scheduler, InterpreterOptions options) {
  TracedRun out;
  auto user_event = options.on_event;
  options.on_event = [&](const LabelledStep& s) {
    out.events.push_back(s);
    if (user_event) user_event(s);
  };
  options.print = [&](std::string_view line) { out.output.emplace_back(line); };
  options.final_state = &out.final_state;
  out.result = run_program(c.code, scheduler, options);
  return out;
}

TracedRun run_schedule(const Compiled& c, const Schedule& schedule, InterpreterOptions options) {
  auto scheduler = make_replay_scheduler(schedule, "--schedule-string=...");
  return run_with(c, *scheduler, std::move(options));
}

TracedRun run_seed(const Compiled& c, uint64_t seed, InterpreterOptions options) {
  auto scheduler = make_random_scheduler(seed);
  return run_with(c, *scheduler, std::move(options));
}

std::vector<std::string> label_strings(const Compiled& c, const std::vector<LabelledStep>& events) {
  std::vector<std::string> out;
  for (const LabelledStep& e : events) {
    const Label& l = e.label;
    bool cell = l.kind == LabelKind::Read || l.kind == LabelKind::Write ||
                l.kind == LabelKind::Acquire || l.kind == LabelKind::Release;
    out.push_back(format_label(l, cell ? c.info.cell_name(l.target) : std::to_string(l.target)));
  }
  return out;
}

int64_t shared_value(const Compiled& c, const MachineState& state, const std::string& name,
                     uint32_t index) {
  const Symbol* sym = c.info.find_symbol(name);
  if (!sym) {
    ADD_FAILURE() << "no shared location " << name;
    return 0;
  }
  return state.memory.at(sym->first_cell + index);
}

int64_t local_value(const Compiled& c, const MachineState& state, int64_t id,
                    const std::string& name) {
  int32_t k = c.code.thread_index(id);
  auto global = c.info.find_local(name);
  if (k < 0 || !global) {
    ADD_FAILURE() << "no thread " << id << " or local " << name;
    return 0;
  }
  uint32_t offset = 0;
  for (int32_t i = 0; i < k; ++i) offset += static_cast<uint32_t>(c.code.threads[i].locals.size());
  const auto& slots = c.code.threads[static_cast<size_t>(k)].locals;
  for (uint32_t s = 0; s < slots.size(); ++s)
    if (slots[s] == *global) return state.locals.at(offset + s);
  return 0; // never assigned in that thread: 0
}

void expect_witnesses_replay(const Compiled& c, const ExploreResult& r,
                             const ExploreOptions& options) {
  auto replay = [&](const ReplaySpec& spec) {
    auto scheduler = make_replay_scheduler(spec.schedule, "--schedule-string=...");
    return run_program(c.code, *scheduler, replay_run_options(spec));
  };
  for (const ExploreRace& race : r.races) {
    RunResult run = replay(replay_spec(race, options));
    EXPECT_EQ(run_exit_code(run), 66);
    bool found = false;
    for (const RaceReport& report : run.races) found = found || report == race.report;
    EXPECT_TRUE(found) << "race on " << c.info.cell_name(race.report.cell) << " at "
                       << format_schedule_string(race.witness);
    if (race.first_on_witness && !run.races.empty()) {
      EXPECT_EQ(run.races.back(), race.report);
    }
  }
  for (const auto* list : {&r.assertion_failures, &r.runtime_errors}) {
    for (const ExploreFailure& f : *list) {
      RunResult run = replay(replay_spec(f));
      ASSERT_TRUE(run.failure) << format_schedule_string(f.witness);
      EXPECT_EQ(run.failure->message, f.failure.message);
      EXPECT_EQ(run.failure->range, f.failure.range);
      EXPECT_EQ(run_exit_code(run), 1);
    }
  }
  for (const ExploreDeadlock& d : r.deadlocks) {
    RunResult run = replay(replay_spec(d));
    ASSERT_EQ(run.outcome, Outcome::Deadlock) << format_schedule_string(d.witness);
    ASSERT_EQ(run.blocked.size(), d.blocked.size());
    for (size_t i = 0; i < d.blocked.size(); ++i) {
      EXPECT_EQ(run.blocked[i].thread, d.blocked[i].thread);
      EXPECT_EQ(run.blocked[i].blocker.kind, d.blocked[i].blocker.kind);
      EXPECT_EQ(run.blocked[i].blocker.range, d.blocked[i].blocker.range);
      EXPECT_EQ(run.blocked[i].blocker.holder, d.blocked[i].blocker.holder);
    }
    EXPECT_EQ(run_exit_code(run), 1);
  }
  for (const ExploreStepLimit& l : r.step_limits) {
    RunResult run = replay(replay_spec(l, options));
    EXPECT_EQ(run.outcome, Outcome::StepLimit) << format_schedule_string(l.witness);
  }
  // A cycle no schedule leaves replays to the step limit exactly where it closes, with every
  // running thread where explore said.
  for (const ExploreNonTermination& nt : r.non_terminations) {
    RunResult run = replay(replay_spec(nt));
    ASSERT_EQ(run.outcome, Outcome::StepLimit) << format_schedule_string(nt.witness);
    EXPECT_EQ(run.schedule, nt.witness);
    ASSERT_EQ(run.running.size(), nt.threads.size());
    for (size_t i = 0; i < nt.threads.size(); ++i) {
      EXPECT_EQ(run.running[i].first, nt.threads[i].id);
      EXPECT_EQ(run.running[i].second, nt.threads[i].range);
    }
    EXPECT_EQ(run_exit_code(run), 1);
  }
}

} // namespace racelang::testing
