// The labelled small-step machine: the paper's Figure 7 semantics, extended to racelang's control
// flow, arrays, print and runtime errors. A state is every thread's status, program counter and
// locals plus shared memory (locks are memory cells holding 0 or t + 1, as in the paper); it is
// a plain value that can be copied, compared and hashed, so exploration can branch on it and
// cache it. `step(k)` runs the next instruction of thread k and returns its label; `advance(k)`
// is one scheduling step: a visible instruction followed by the thread-local instructions after
// it (see docs/interpreter.md for why that reduction is exact). Two options change what one
// scheduling step is (MachineOptions): the bigger-step semantics of the paper's Figure 11, where
// a source instruction and its instrumentation (one Stmt::group) run as one step, and the
// independence reduction (independence.h) that exploration uses. Nothing here chooses threads:
// schedulers (scheduler.h) and exploration (explore.h) drive the machine.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interp/cells.h"
#include "interp/code.h"
#include "interp/label.h"
#include "outcome/outcome.h"

namespace racelang {

enum class ThreadStatus : uint8_t { NotSpawned, Running, Finished };

// Why a running thread is parked by the synchronisation of docs/language.md: waiting on a
// condition variable until notified, at a barrier until its phase fills, or for good after a
// false `assume`. A parked thread cannot step (Machine::blocker says why); whoever unparks it
// (a notify, the filling arrival) moves it on. Packed into one word per thread
// (MachineState::parked) so states stay plain values: the kind, the cell (the condition or
// barrier), and for conditions the thread's place in the waiters' FIFO queue (1 = first).
enum class ParkKind : uint8_t { None, Condition, Barrier, Assume };
struct Parked {
  ParkKind kind = ParkKind::None;
  uint32_t cell = 0;
  uint32_t place = 0;
  uint64_t pack() const {
    return static_cast<uint64_t>(kind) | uint64_t{cell} << 8 | uint64_t{place} << 40;
  }
  static Parked unpack(uint64_t word) {
    return {static_cast<ParkKind>(word & 0xff), static_cast<uint32_t>(word >> 8),
            static_cast<uint32_t>(word >> 40)};
  }
};

// Thread k below is a thread *index* (Code::threads order, main = 0); labels and messages use
// the racelang id (Code::threads[k].id).
struct MachineState {
  Cells memory;                     // the flat cell array of ProgramInfo (copy on write)
  std::vector<int64_t> locals;      // thread k's slots start at Machine::local_offset(k)
  std::vector<uint32_t> pc;         // per thread index
  std::vector<ThreadStatus> status; // per thread index
  std::vector<uint64_t> parked;     // per thread index: Parked::pack(), 0 when not parked
  friend bool operator==(const MachineState&, const MachineState&) = default;
  uint64_t hash() const;
  // Appends a byte encoding that is equal exactly when the states are equal.
  void serialize(std::string& out) const;
  // The same for everything but `memory` (exploration encodes large memories by chunks).
  void serialize_threads(std::string& out) const;
};

enum class StepStatus : uint8_t {
  Done,      // the step ran
  Blocked,   // the thread cannot step now (lock held, waited-for thread not finished)
  Failed,    // a runtime error or assertion failure; see Machine::failure()
  StepLimit, // advance() ran out of its step budget in thread-local code
};

struct StepResult {
  StepStatus status = StepStatus::Done;
  // The label (None for local steps and print) and the statement's range; a synchronisation
  // step with several labels (a cas that writes, a wait, a barrier's release) has its first
  // here and all of them in Machine::events().
  LabelledStep step;
  // Threads (racelang ids) that ran out of code during this step, in order. A spawn whose
  // child has no visible instruction can finish both.
  int64_t exits[2] = {0, 0};
  uint8_t exit_count = 0;
  uint64_t small_steps = 0; // instructions run (advance runs several)
};

// What a scheduling step would do, seen without taking it (Machine::peek): how it would end
// and every event it would emit, in order (its visible instruction's label first).
struct StepPreview {
  StepStatus status = StepStatus::Done;
  std::vector<LabelledStep> events;
};

struct MachineOptions {
  // The bigger-step semantics (CPP'17, Verifying Dynamic Race Detection, Figure 11; see
  // docs/references.md): once a thread starts a statement with a nonzero Stmt::group, it runs
  // every following instruction of that group in the same scheduling step, so an instrumented
  // source instruction and its instrumentation are one atomic step. Instructions of group 0 are
  // steps on their own, as in the small-step semantics. A group may block only at its first
  // visible instruction (the pass puts `lock m` and `wait u` first); blocking later in a group is
  // a runtime error, since the steps before it cannot be undone.
  bool bigger_step = false;
  // The independence reduction (independence.h): a load or store that commutes with every step
  // the other threads can still take before it runs at once, within the current scheduling
  // step. For exploration; it keeps final states, failures, deadlocks and races exact but not
  // the number of executions or the intermediate states.
  bool independent_accesses = false;
  // With independent_accesses: only accesses to the instrumentation's own cells (reserved
  // `__` names) may run at once; the program's own loads and stores stay scheduling points.
  // The small-step side of Lemmas 3/8-10 needs this once accesses can be left uninstrumented
  // (elide/): a bare access run at once would hide the states just before it, which the
  // bigger-step semantics shows.
  bool independent_metadata_only = false;
  // Negative control for the tests only: with independent_accesses, treat every load and
  // store as independent. Loses interleavings; the reduction's exactness test catches it.
  bool every_access_independent = false;
  // Negative control for the tests only: a barrier releases its phase one arrival early (the
  // next-to-last arrival releases every waiting thread). The barrier programs' assertions and
  // races catch it.
  bool barrier_releases_early = false;
};

class IndependenceOracle;

class Machine {
public:
  explicit Machine(const Code& code, const MachineOptions& options = {});

  const Code& code() const { return *code_; }
  const MachineOptions& options() const { return options_; }
  const MachineState& state() const { return state_; }
  // Replaces the state (exploration restores saved states). Clears any failure.
  void set_state(const MachineState& state);
  void set_state(MachineState&& state);

  // Receives each printed line (without its newline). Unset: output is dropped.
  void set_print_sink(std::function<void(std::string_view)> sink) { print_ = std::move(sink); }

  size_t thread_count() const { return code_->threads.size(); }
  int64_t thread_id(uint32_t k) const { return code_->threads[k].id; }
  ThreadStatus status(uint32_t k) const { return state_.status[k]; }
  bool all_finished() const;
  // A running thread whose next instruction can run now.
  bool can_step(uint32_t k) const;
  // Whether thread k's next instruction is a scheduling point (or k is not running).
  bool at_visible(uint32_t k) const;
  const Instr& next_instr(uint32_t k) const { return code_->threads[k].instrs[state_.pc[k]]; }
  Blocker blocker(uint32_t k) const;
  Parked parked(uint32_t k) const { return Parked::unpack(state_.parked[k]); }
  // Some running thread is parked on a false `assume`: whatever else happens, the execution
  // is not a behaviour of the program (Outcome::Discarded) once no thread can step.
  bool assumption_failed() const;
  // Thread indices that can step, ascending.
  std::vector<uint32_t> runnable() const;
  int64_t local(uint32_t k, uint32_t slot) const { return state_.locals[offsets_[k] + slot]; }
  uint32_t local_offset(uint32_t k) const { return offsets_[k]; }

  // "What would thread k do next", split from taking the step: the label of k's next
  // instruction (None for a thread-local one, or a load/store/lock whose index is out of range:
  // that step fails instead). Pure; `step(k)` emits exactly this label when it succeeds.
  Label next_label(uint32_t k) const;
  // The whole next scheduling step of thread k (advance(k, budget)) as it would run from this
  // state, without changing the state or printing: exploration strategies that must know a
  // step's dependences before choosing it (DPOR's sleep sets and race reversals) ask this.
  StepPreview peek(uint32_t k, uint64_t budget) const;

  // One small step of thread k: exactly one instruction.
  StepResult step(uint32_t k);
  // Runs thread k's thread-local instructions until its next visible one (or its end), at
  // most `budget` of them.
  StepResult settle(uint32_t k, uint64_t budget);
  // One scheduling step: thread k's visible instruction, then the local instructions after
  // it, and for a spawn the child's leading local instructions, within `budget` instructions.
  StepResult advance(uint32_t k, uint64_t budget);
  // Settles main: the state every run and exploration starts from.
  StepResult start(uint64_t budget);

  // Everything the last step, settle, advance or start did that a detector observes, in order:
  // each labelled step, and an Exit label for each thread that ran out of code. One scheduling
  // step has one labelled step in the small-step semantics, and possibly many with
  // MachineOptions (a whole group, or the accesses the reduction runs at once).
  const std::vector<LabelledStep>& events() const { return events_; }

  const std::optional<Failure>& failure() const { return failure_; }

private:
  StepResult step_one(uint32_t k);
  StepResult settle_from_here(uint32_t k, uint64_t budget);
  bool runs_at_once(uint32_t k) const;
  bool eval(uint32_t k, ExprRef ref, int64_t& out);
  bool cell_of(uint32_t k, const LocRef& loc, uint32_t& cell);
  bool lock_cell_if_valid(uint32_t k, const LocRef& loc, uint32_t& cell) const;
  void fail(FailureKind kind, uint32_t k, SourceRange range, std::string message);
  std::string with_locals(uint32_t k, const std::vector<std::string>& names) const;
  std::string with_locals(uint32_t k, const Expr& e) const;
  std::string with_locals(uint32_t k, const Cond& c) const;
  void finish_if_done(uint32_t k, StepResult& result);
  void fail_assert(uint32_t k, const Instr& instr);
  bool step_sync(uint32_t k, const Instr& in, StepResult& r);
  void park(uint32_t k, ParkKind kind, uint32_t cell, uint32_t place);
  void unpark(uint32_t k);
  uint32_t parked_count(ParkKind kind, uint32_t cell) const;

  const Code* code_;
  MachineOptions options_;
  std::shared_ptr<const IndependenceOracle> oracle_; // with independent_accesses
  std::vector<LabelledStep> events_;
  MachineState state_;
  std::vector<uint32_t> offsets_;
  std::optional<Failure> failure_;
  std::function<void(std::string_view)> print_;
  mutable std::vector<int64_t> stack_; // evaluation scratch space, not part of the state
};

} // namespace racelang
