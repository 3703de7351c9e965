// Building, exploring and projecting the subjects of the instrumentation properties (see
// subject.h).
#include "verify/subject.h"

#include <algorithm>
#include <sstream>
#include <unordered_set>

#include "frontend/diagnostics.h"
#include "frontend/parse.h"
#include "frontend/print.h"
#include "frontend/procedures.h"

namespace racelang::verify {
namespace {

// Generous for the generated programs (they stay far below), small enough to stop a runaway.
constexpr uint64_t kMaxStates = 2'000'000;
// explore_instrumented_races: the search nodes after which DPOR gives way to the state cache.
// The paper's programs stay far below; a program with barriers and clock loops can have
// millions of traces where the state cache with the independence reduction has few states.
constexpr uint64_t kMaxDporStates = 100'000;

bool is_meta(const std::string& name) {
  return is_instrumentation_name(name);
}

const char* kind_name(AccessKind kind) {
  return kind == AccessKind::Write ? "write" : "read";
}

} // namespace

std::unique_ptr<Subject> make_subject(const std::string& source, const PassOptions& pass,
                                      std::string& error) {
  auto s = std::make_unique<Subject>();
  s->file = std::make_unique<SourceFile>("generated.rl", source);
  std::ostringstream out;
  DiagnosticEngine diags(*s->file, &out);
  auto program = parse_program(*s->file, diags);
  if (!program || !expand_procedures(*program, diags)) {
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

  s->pass = pass;
  if (!instrument_program_into(s->original.program, s->original.info, pass, s->instrumented, error))
    return nullptr;
  s->instrumented.code = compile_program(s->instrumented.program, s->instrumented.info);
  return s;
}

namespace {

bool source_ahead(const ThreadCode& tc, uint32_t pc, uint32_t group);

// The instruction a thread's position names. A thread of an instrumented program can stop in
// the middle of a group only where the group's operation parks it (a barrier's await, whose
// departure rule follows it in the group): then the operation has run, and the position is
// that of the instruction after the group, where the original's thread stands after its
// await. A wait(c, m) parks before its re-acquisition of m, a source instruction still ahead
// in the group, which is where the original's thread stands too.
uint32_t shown_pc(const ThreadCode& tc, uint32_t pc) {
  uint32_t group = pc < tc.instrs.size() ? tc.instrs[pc].group : 0;
  if (group == 0 || pc == 0 || tc.instrs[pc - 1].group != group || source_ahead(tc, pc, group))
    return pc;
  while (pc + 1 < tc.instrs.size() && tc.instrs[pc].group == group) ++pc;
  return pc;
}

} // namespace

std::string project(const RunnableProgram& p, const Cells& memory,
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
        uint32_t pc = shown_pc(t, positions->pc[k]);
        if (t.instrs[pc].op == Op::End) { // woken at its last await: the original's is done
          out += thread + ":done";
          break;
        }
        SourceLoc at = t.instrs[pc].range.begin;
        out += thread + "@" + std::to_string(at.line) + ":" + std::to_string(at.col);
        break;
      }
      }
    }
  }
  return out;
}

std::string project(const RunnableProgram& p, const MachineState& state, bool positions) {
  return project(p, state.memory, state.locals, positions ? &state : nullptr);
}

std::string race_identity(const RunnableProgram& p, int64_t thread, const RaceReport& race) {
  return "thread " + std::to_string(thread) + " " + kind_name(race.current.kind) + " " +
         p.info.cell_name(race.cell) + " after " + kind_name(race.previous.kind) + " by thread " +
         std::to_string(race.previous.thread);
}

std::string race_identity(const RunnableProgram& p, const Failure& check) {
  const RaceCheckReport& r = *check.race;
  return "thread " + std::to_string(check.thread) + " " + kind_name(r.kind) + " " +
         p.info.cell_name(r.cell) + " after " + kind_name(r.prev_kind) + " by thread " +
         std::to_string(r.prev_thread);
}

ExploreResult explore_original(const Subject& s) {
  ExploreOptions options;
  options.detector = pass_info(s.pass.pass).reference;
  options.split_race_free = true;
  options.max_states = kMaxStates;
  return explore_program(s.original.code, options);
}

ExploreResult explore_instrumented(const Subject& s, Semantics semantics, bool with_detector) {
  ExploreOptions options;
  options.detector = std::nullopt;
  // Lemma 4 asks whether the instrumented program races on its metadata at all: plain
  // happens-before, whatever the pass implements.
  if (with_detector) options.detector = detect::DetectorKind::VectorClock;
  options.split_race_free = true;
  options.max_states = kMaxStates;
  options.machine.bigger_step = semantics == Semantics::BiggerStep;
  options.machine.independent_accesses =
      semantics == Semantics::SmallStep || semantics == Semantics::SmallStepSourceSteps;
  options.machine.independent_metadata_only = semantics == Semantics::SmallStepSourceSteps;
  // With a detector the racy bit would double the states for nothing: Lemma 4 needs only races.
  options.split_race_free = !with_detector;
  return explore_program(s.instrumented.code, options);
}

ExploreResult explore_instrumented_races(const Subject& s) {
  ExploreOptions options;
  options.strategy = ExploreStrategy::Dpor;
  options.detector = detect::DetectorKind::VectorClock;
  options.max_states = kMaxDporStates;
  ExploreResult dpor = explore_program(s.instrumented.code, options);
  if (dpor.limit.empty()) return dpor;
  return explore_instrumented(s, Semantics::SmallStep, /*with_detector=*/true);
}

std::set<std::string> finals(const RunnableProgram& p, const std::vector<FinalState>& states) {
  std::set<std::string> out;
  for (const FinalState& f : states) out.insert(project(p, f.memory, f.locals));
  return out;
}

std::set<std::string> first_race_points(const RunnableProgram& p, const ExploreResult& r,
                                        bool positions) {
  std::set<std::string> out;
  for (const ExploreFirstRace& f : r.first_races)
    out.insert(project(p, f.before, positions) + " => " + race_identity(p, f.thread, f.report));
  return out;
}

std::set<std::string> check_failure_points(const RunnableProgram& p, const ExploreResult& r,
                                           bool positions) {
  std::set<std::string> out;
  for (const ExploreFailureState& f : r.failure_states)
    if (f.failure.kind == FailureKind::RaceCheck)
      out.insert(project(p, f.before, positions) + " => " + race_identity(p, f.failure));
  return out;
}

namespace {

// Whether thread code `tc` can still reach a source instruction of `group` from pc without
// leaving the group: then the group's source instruction has not run yet. (A group may hold
// several copies of it on different branches: FastTrack's fast and locked paths, the failing
// path of an index out of range.)
bool source_ahead(const ThreadCode& tc, uint32_t pc, uint32_t group) {
  std::vector<bool> seen(tc.instrs.size(), false);
  std::vector<uint32_t> work{pc};
  while (!work.empty()) {
    uint32_t i = work.back();
    work.pop_back();
    if (i >= tc.instrs.size() || seen[i] || tc.instrs[i].group != group) continue;
    seen[i] = true;
    if (is_source_instruction(tc.instrs[i])) return true;
    for_each_successor(tc, i, [&](uint32_t s) { work.push_back(s); });
  }
  return false;
}

// Runs the rest of thread k's group if its source instruction has run, then the thread-local
// instructions after it.
void complete_section(Machine& m, uint32_t k) {
  if (m.status(k) != ThreadStatus::Running) return;
  const ThreadCode& tc = m.code().threads[k];
  uint32_t pc = m.state().pc[k];
  uint32_t group = tc.instrs[pc].group;
  if (group == 0) return;
  uint32_t first = pc;
  while (first > 0 && tc.instrs[first - 1].group == group) --first;
  bool started = false;
  for (uint32_t i = first; i < pc; ++i) started = started || is_source_instruction(tc.instrs[i]);
  if (!started || source_ahead(tc, pc, group)) return;
  while (m.status(k) == ThreadStatus::Running && m.next_instr(k).group == group)
    if (m.step(k).status != StepStatus::Done) return;
  m.settle(k, 1'000'000);
}

} // namespace

std::set<std::string> completed_check_failure_points(const RunnableProgram& p,
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

std::set<std::string> first_race_identities(const RunnableProgram& p, const ExploreResult& r) {
  std::set<std::string> out;
  for (const ExploreFirstRace& f : r.first_races) out.insert(race_identity(p, f.thread, f.report));
  return out;
}

std::set<std::string> check_failure_identities(const RunnableProgram& p, const ExploreResult& r) {
  std::set<std::string> out;
  for (const ExploreFailureState& f : r.failure_states)
    if (f.failure.kind == FailureKind::RaceCheck) out.insert(race_identity(p, f.failure));
  return out;
}

namespace {

// Whether the run of `p` on `schedule` reaches `goal`: the evidence a witness must give.
bool reaches(const RunnableProgram& p, std::optional<detect::DetectorKind> detector,
             bool bigger_step, const WitnessGoal& goal, Scheduler& scheduler, Schedule* taken) {
  InterpreterOptions options;
  options.detector = detector;
  options.machine.bigger_step = bigger_step;
  options.max_steps = 100'000;
  MachineState final_state;
  options.final_state = &final_state;
  RunResult r = run_program(p.code, scheduler, options);
  if (taken) *taken = r.schedule;
  if (goal.final_state)
    return r.outcome == Outcome::Finished && r.races.empty() &&
           project(p, final_state, false) == *goal.final_state;
  if (goal.race && !r.races.empty()) // the racing thread is the current access's
    return race_identity(p, r.races.front().current.thread, r.races.front()) == *goal.race;
  return false;
}

// Depth-first over every schedule of the machine, for a final state that a run then confirms;
// at most `budget_` scheduling steps. Without a detector the machine state decides everything
// that follows, so states already searched are not searched again; with one, a state first
// reached by a racy path must not hide a race-free path to the same end, so nothing is cached.
class FinalStateSearch {
public:
  FinalStateSearch(const RunnableProgram& p, std::optional<detect::DetectorKind> detector,
                   bool bigger_step, const WitnessGoal& goal)
      : p_(p), detector_(detector), bigger_step_(bigger_step), goal_(goal),
        machine_(p.code, MachineOptions{.bigger_step = bigger_step}) {}

  std::optional<Schedule> run() {
    if (machine_.start(kSteps).status != StepStatus::Done) return std::nullopt;
    if (search()) return path_;
    return std::nullopt;
  }

private:
  static constexpr uint64_t kSteps = 100'000;

  bool search() {
    if (budget_ == 0) return false;
    --budget_;
    if (machine_.all_finished()) {
      if (project(p_, machine_.state(), false) != *goal_.final_state) return false;
      auto replay = make_replay_scheduler(path_, "");
      return reaches(p_, detector_, bigger_step_, goal_, *replay, nullptr);
    }
    MachineState here = machine_.state();
    if (!detector_) {
      std::string key;
      here.serialize(key);
      if (!seen_.insert(std::move(key)).second) return false;
    }
    for (uint32_t k : machine_.runnable()) {
      path_.push_back(machine_.thread_id(k));
      bool found = machine_.advance(k, kSteps).status == StepStatus::Done && search();
      if (found) return true;
      path_.pop_back();
      machine_.set_state(here);
    }
    return false;
  }

  const RunnableProgram& p_;
  std::optional<detect::DetectorKind> detector_;
  bool bigger_step_;
  const WitnessGoal& goal_;
  Machine machine_;
  Schedule path_;
  std::unordered_set<std::string> seen_;
  uint64_t budget_ = 1'000'000;
};

} // namespace

bool is_source_instruction(const Instr& in) {
  switch (in.op) {
  case Op::Load:
  case Op::Store:
  case Op::Lock:
  case Op::Unlock:
    return !is_instrumentation_name(in.loc.node->name);
  case Op::Cas:
  case Op::FetchAdd:
  case Op::CondWait:
  case Op::Notify:
  case Op::Await:
  case Op::Assume: // the passes emit these only as the program's own statements
  case Op::Spawn:
  case Op::Wait:
    return true;
  default:
    return false;
  }
}

std::optional<Schedule> find_witness(const RunnableProgram& p,
                                     std::optional<detect::DetectorKind> detector, bool bigger_step,
                                     const WitnessGoal& goal) {
  // Random schedules first (cheap, and they find the common cases), then, for a final state,
  // a systematic search.
  for (uint64_t seed = 1; seed <= 1000; ++seed) {
    auto scheduler = make_random_scheduler(seed);
    Schedule taken;
    if (reaches(p, detector, bigger_step, goal, *scheduler, &taken)) return taken;
  }
  if (goal.final_state) return FinalStateSearch(p, detector, bigger_step, goal).run();
  return std::nullopt;
}

std::string show(const std::set<std::string>& set) {
  std::string out = "{\n";
  for (const std::string& s : set) out += "  " + s + "\n";
  return out + "}";
}

} // namespace racelang::verify
