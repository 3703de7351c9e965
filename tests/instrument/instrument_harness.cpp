// Implementation of the instrumentation test harness (see instrument_harness.h).
#include "tests/instrument/instrument_harness.h"

#include <algorithm>
#include <sstream>

#include "frontend/diagnostics.h"
#include "frontend/parse.h"
#include "frontend/print.h"

namespace racelang::testing {
namespace {

// Generous for the generated programs (they stay far below), small enough to stop a runaway.
constexpr uint64_t kMaxStates = 2'000'000;

bool is_meta(const std::string& name) {
  return is_instrumentation_name(name);
}

const char* kind_name(AccessKind kind) {
  return kind == AccessKind::Write ? "write" : "read";
}

} // namespace

std::unique_ptr<Subject> make_subject(const std::string& source, const InstrumentOptions& options,
                                      std::string& error) {
  auto s = std::make_unique<Subject>();
  s->file = std::make_unique<SourceFile>("generated.rl", source);
  std::ostringstream out;
  DiagnosticEngine diags(*s->file, &out);
  auto program = parse_program(*s->file, diags);
  if (!program) {
    error = "does not parse:\n" + out.str();
    return nullptr;
  }
  s->original.program = std::move(*program);
  auto info = check_program(s->original.program, diags);
  if (!info) {
    error = "does not check:\n" + out.str();
    return nullptr;
  }
  s->original.info = std::move(*info);
  s->original.code = compile_program(s->original.program, s->original.info);

  s->instrumented.program = instrument_vector_clock(s->original.program, s->original.info, options);
  SourceFile printed("instrumented.rl", print_program(s->instrumented.program));
  std::ostringstream out2;
  DiagnosticEngine diags2(printed, &out2);
  auto info2 = check_program(s->instrumented.program, diags2, CheckOptions{true});
  if (!info2) {
    error = "the instrumented program does not check:\n" + out2.str();
    return nullptr;
  }
  s->instrumented.info = std::move(*info2);
  s->instrumented.code = compile_program(s->instrumented.program, s->instrumented.info);
  return s;
}

std::string project(const CompiledProgram& p, const std::vector<int64_t>& memory,
                    const std::vector<int64_t>& locals, const MachineState* positions) {
  std::string out;
  for (const Symbol& sym : p.info.symbols) {
    if (is_meta(sym.name)) continue;
    for (uint32_t c = 0; c < sym.cell_count; ++c)
      out += p.info.cell_name(sym.first_cell + c) + "=" +
             std::to_string(memory.at(sym.first_cell + c)) + " ";
  }
  out += "|";
  uint32_t offset = 0;
  for (uint32_t k = 0; k < p.code.threads.size(); ++k) {
    const ThreadCode& t = p.code.threads[k];
    std::string thread = " t" + std::to_string(t.id);
    // Locals by name, in name order (slot order differs between the two programs).
    std::vector<std::pair<std::string, int64_t>> named;
    for (uint32_t slot = 0; slot < t.locals.size(); ++slot) {
      const std::string& name = p.code.local_name(k, slot);
      if (!is_meta(name)) named.push_back({name, locals.at(offset + slot)});
    }
    offset += static_cast<uint32_t>(t.locals.size());
    std::sort(named.begin(), named.end());
    for (const auto& [name, value] : named)
      out += thread + "." + name + "=" + std::to_string(value);
    if (positions) {
      switch (positions->status[k]) {
      case ThreadStatus::NotSpawned:
        out += thread + ":new";
        break;
      case ThreadStatus::Finished:
        out += thread + ":done";
        break;
      case ThreadStatus::Running: {
        SourceLoc at = t.instrs[positions->pc[k]].range.begin;
        out += thread + "@" + std::to_string(at.line) + ":" + std::to_string(at.col);
        break;
      }
      }
    }
  }
  return out;
}

std::string project(const CompiledProgram& p, const MachineState& state, bool positions) {
  return project(p, state.memory, state.locals, positions ? &state : nullptr);
}

std::string race_identity(const CompiledProgram& p, int64_t thread, const RaceReport& race) {
  return "thread " + std::to_string(thread) + " " + kind_name(race.current.kind) + " " +
         p.info.cell_name(race.cell) + " after " + kind_name(race.previous.kind) + " by thread " +
         std::to_string(race.previous.thread);
}

std::string race_identity(const CompiledProgram& p, const Failure& check) {
  const RaceCheckReport& r = *check.race;
  return "thread " + std::to_string(check.thread) + " " + kind_name(r.kind) + " " +
         p.info.cell_name(r.cell) + " after " + kind_name(r.prev_kind) + " by thread " +
         std::to_string(r.prev_thread);
}

ExploreResult explore_original(const Subject& s) {
  ExploreOptions options;
  options.detector = detect::DetectorKind::VectorClock;
  options.split_race_free = true;
  options.max_states = kMaxStates;
  return explore_program(s.original.code, options);
}

ExploreResult explore_instrumented(const Subject& s, Semantics semantics, bool with_detector) {
  ExploreOptions options;
  options.detector = std::nullopt;
  if (with_detector) options.detector = detect::DetectorKind::VectorClock;
  options.split_race_free = true;
  options.max_states = kMaxStates;
  options.machine.bigger_step = semantics == Semantics::BiggerStep;
  options.machine.independent_accesses = semantics == Semantics::SmallStep;
  // With a detector the racy bit would double the states for nothing: Lemma 4 needs only races.
  options.split_race_free = !with_detector;
  return explore_program(s.instrumented.code, options);
}

std::set<std::string> finals(const CompiledProgram& p, const std::vector<FinalState>& states) {
  std::set<std::string> out;
  for (const FinalState& f : states) out.insert(project(p, f.memory, f.locals));
  return out;
}

std::set<std::string> first_race_points(const CompiledProgram& p, const ExploreResult& r,
                                        bool positions) {
  std::set<std::string> out;
  for (const ExploreFirstRace& f : r.first_races)
    out.insert(project(p, f.before, positions) + " => " + race_identity(p, f.thread, f.report));
  return out;
}

std::set<std::string> check_failure_points(const CompiledProgram& p, const ExploreResult& r,
                                           bool positions) {
  std::set<std::string> out;
  for (const ExploreFailureState& f : r.failure_states)
    if (f.failure.kind == FailureKind::RaceCheck)
      out.insert(project(p, f.before, positions) + " => " + race_identity(p, f.failure));
  return out;
}

namespace {

// The instruction of the original program in a group: the load, store, lock, unlock, spawn or
// wait that does not work on metadata.
bool is_source_instruction(const Instr& in) {
  switch (in.op) {
  case Op::Load:
  case Op::Store:
  case Op::Lock:
  case Op::Unlock:
    return !is_instrumentation_name(in.loc.node->name);
  case Op::Spawn:
  case Op::Wait:
    return true;
  default:
    return false;
  }
}

// Runs the rest of thread k's group if its source instruction has run, then the thread-local
// instructions after it.
void complete_section(Machine& m, uint32_t k) {
  if (m.status(k) != ThreadStatus::Running) return;
  const std::vector<Instr>& instrs = m.code().threads[k].instrs;
  uint32_t pc = m.state().pc[k];
  uint32_t group = instrs[pc].group;
  if (group == 0) return;
  uint32_t first = pc;
  while (first > 0 && instrs[first - 1].group == group) --first;
  uint32_t last = pc;
  while (last + 1 < instrs.size() && instrs[last + 1].group == group) ++last;
  int64_t source = -1;
  for (uint32_t i = first; i <= last; ++i)
    if (is_source_instruction(instrs[i])) source = i;
  if (source < 0 || source >= static_cast<int64_t>(pc)) return;
  while (m.status(k) == ThreadStatus::Running && m.next_instr(k).group == group)
    if (m.step(k).status != StepStatus::Done) return;
  m.settle(k, 1'000'000);
}

} // namespace

std::set<std::string> completed_check_failure_points(const CompiledProgram& p,
                                                     const ExploreResult& r) {
  std::set<std::string> out;
  for (const ExploreFailureState& f : r.failure_states) {
    if (f.failure.kind != FailureKind::RaceCheck) continue;
    Machine m(p.code);
    m.set_state(f.before);
    for (uint32_t k = 0; k < m.thread_count(); ++k)
      if (m.thread_id(k) != f.failure.thread) complete_section(m, k);
    out.insert(project(p, m.state(), false) + " => " + race_identity(p, f.failure));
  }
  return out;
}

std::set<std::string> first_race_identities(const CompiledProgram& p, const ExploreResult& r) {
  std::set<std::string> out;
  for (const ExploreFirstRace& f : r.first_races) out.insert(race_identity(p, f.thread, f.report));
  return out;
}

std::set<std::string> check_failure_identities(const CompiledProgram& p, const ExploreResult& r) {
  std::set<std::string> out;
  for (const ExploreFailureState& f : r.failure_states)
    if (f.failure.kind == FailureKind::RaceCheck) out.insert(race_identity(p, f.failure));
  return out;
}

std::string show(const std::set<std::string>& set) {
  std::string out = "{\n";
  for (const std::string& s : set) out += "  " + s + "\n";
  return out + "}";
}

} // namespace racelang::testing
