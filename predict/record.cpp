// The recorder: the run loop of interp/run.cpp, one instruction at a time, with a taint per
// local so branch events can name the reads they depend on. A division's branch depends on its
// divisor's reads (the dividend cannot make it fail); in a condition with && or || on those of
// the whole expression (a safe over-approximation: more dependencies only make the maximal
// analysis keep more read values fixed).
#include "predict/record.h"

#include <algorithm>
#include <unordered_map>

#include "interp/machine.h"

namespace racelang::predict {
namespace {

using IOp = racelang::Op; // the interpreter's instructions; Op alone is an event's operation

// Sets of reads, shared: a set is a node of a DAG whose leaves are reads and whose inner nodes
// are unions, so a union is O(1) and a local's set is never copied. Sets are flattened only for
// a branch event. (Sorted vectors merged at every assignment made `sum := sum + load x[i]` in a
// loop quadratic: every iteration copied every read so far.)
class ReadSets {
public:
  using Set = uint32_t; // 0 is the empty set
  Set leaf(uint32_t read) { return add({read, 0, 0}); }
  Set merge(Set a, Set b) {
    if (a == 0 || a == b) return b;
    if (b == 0) return a;
    return add({kNoRead, a, b});
  }
  // The reads of a set, ascending.
  std::vector<uint32_t> flatten(Set s) {
    std::vector<uint32_t> out;
    if (s == 0) return out;
    ++epoch_;
    std::vector<Set> work{s};
    while (!work.empty()) {
      Set x = work.back();
      work.pop_back();
      if (seen_[x] == epoch_) continue;
      seen_[x] = epoch_;
      const Node& n = nodes_[x];
      if (n.read != kNoRead) out.push_back(n.read);
      if (n.left) work.push_back(n.left);
      if (n.right) work.push_back(n.right);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

private:
  static constexpr uint32_t kNoRead = UINT32_MAX;
  struct Node {
    uint32_t read; // a leaf's read, kNoRead for a union
    Set left, right;
  };
  Set add(Node n) {
    nodes_.push_back(n);
    seen_.push_back(0);
    return static_cast<Set>(nodes_.size() - 1);
  }
  std::vector<Node> nodes_{{kNoRead, 0, 0}}; // node 0: the empty set
  std::vector<uint64_t> seen_{0};
  uint64_t epoch_ = 0;
};
using Deps = ReadSets::Set;

class Recorder {
public:
  Recorder(const Code& code, uint64_t max_steps)
      : code_(code), machine_(code), max_steps_(max_steps), taint_(code.threads.size()) {
    for (size_t k = 0; k < code.threads.size(); ++k)
      taint_[k].resize(code.threads[k].locals.size());
    rec_.trace.has_values = true;
  }

  Recording run(Scheduler& scheduler) {
    if (!settle(0)) return std::move(rec_);
    std::vector<int64_t> ids;
    for (uint64_t point = 0;; ++point) {
      if (machine_.all_finished()) return std::move(rec_);
      std::vector<uint32_t> runnable = machine_.runnable();
      if (runnable.empty()) return stop(RecordEnd::Deadlock, "deadlock");
      if (steps_ >= max_steps_) return stop(RecordEnd::StepLimit, "step limit");
      ids.clear();
      for (uint32_t k : runnable) ids.push_back(machine_.thread_id(k));
      std::optional<int64_t> choice = scheduler.choose(ids, point);
      if (!choice) return stop(RecordEnd::ScheduleEnded, scheduler.error());
      rec_.schedule.push_back(*choice);
      auto k = static_cast<uint32_t>(code_.thread_index(*choice));
      const Instr& in = machine_.next_instr(k);
      int32_t child = in.op == IOp::Spawn ? static_cast<int32_t>(in.target) : -1;
      if (!step(k)) return std::move(rec_);
      if (!settle(k)) return std::move(rec_);
      if (child >= 0 && !settle(static_cast<uint32_t>(child))) return std::move(rec_);
    }
  }

private:
  // Notes why the run stops; the caller returns (rec_ is moved out once, at the end).
  Recording stop(RecordEnd end, std::string message) {
    rec_.end = end;
    rec_.message = std::move(message);
    return std::move(rec_);
  }
  void note_stop(RecordEnd end, std::string message) {
    rec_.end = end;
    rec_.message = std::move(message);
  }

  // The reads the locals of expression `ref` of thread k depend on; `divides` says whether
  // it divides (its evaluation can fail on a read value).
  Deps deps_of(uint32_t k, ExprRef ref, bool& divides) {
    Deps d = 0;
    const ThreadCode& tc = code_.threads[k];
    for (uint32_t i = ref.begin; i < ref.end; ++i) {
      const ExprInstr& e = tc.exprs[i];
      if (e.op == ExprOp::Local) d = sets_.merge(d, taint_[k][e.arg]);
      if (e.op == ExprOp::Div || e.op == ExprOp::Mod) divides = true;
    }
    return d;
  }

  // The reads the divisors of expression `ref` depend on: whether it can fail is decided by
  // them alone. The postfix code is evaluated on dependency sets; with short-circuit jumps
  // (conditions with && or ||) the stack depends on values, so the whole expression's
  // dependencies stand in (more dependencies are safe: they only keep more reads fixed).
  // Without this, `sum := (sum + v) % K` in a loop recorded a branch on every read so far,
  // each iteration: a trace quadratic in the loop's length.
  Deps divisor_deps_of(uint32_t k, ExprRef ref) {
    const ThreadCode& tc = code_.threads[k];
    for (uint32_t i = ref.begin; i < ref.end; ++i)
      if (tc.exprs[i].op == ExprOp::AndJump || tc.exprs[i].op == ExprOp::OrJump) {
        bool unused = false;
        return deps_of(k, ref, unused);
      }
    std::vector<Deps> stack;
    Deps out = 0;
    for (uint32_t i = ref.begin; i < ref.end; ++i) {
      const ExprInstr& e = tc.exprs[i];
      switch (e.op) {
      case ExprOp::Const:
        stack.push_back(0);
        break;
      case ExprOp::Local:
        stack.push_back(taint_[k][e.arg]);
        break;
      case ExprOp::Neg:
      case ExprOp::Not:
        break;   // one operand, same dependencies
      default: { // a binary operator
        Deps right = stack.back();
        stack.pop_back();
        if (e.op == ExprOp::Div || e.op == ExprOp::Mod) out = sets_.merge(out, right);
        stack.back() = sets_.merge(stack.back(), right);
        break;
      }
      }
    }
    return out;
  }

  void branch(uint32_t k, Deps deps, const Instr& in) {
    if (deps == 0) return; // a constant decision constrains nothing
    Event e;
    e.op = Op::Branch;
    e.thread = static_cast<uint32_t>(machine_.thread_id(k));
    e.deps = sets_.flatten(deps);
    e.line = in.range.begin.line;
    e.col = in.range.begin.col;
    rec_.trace.events.push_back(std::move(e));
  }

  uint32_t id_of(std::unordered_map<uint32_t, uint32_t>& ids, std::vector<std::string>& names,
                 uint32_t cell) {
    auto [it, fresh] = ids.emplace(cell, static_cast<uint32_t>(names.size()));
    if (fresh) names.push_back(code_.info->cell_name(cell));
    return it->second;
  }

  // One instruction of thread k, with its events. False when the run must stop.
  bool step(uint32_t k) {
    if (steps_ >= max_steps_) {
      note_stop(RecordEnd::StepLimit, "step limit");
      return false;
    }
    ++steps_;
    const Instr& in = machine_.next_instr(k);
    bool divides = false;
    Deps value_deps = 0;
    switch (in.op) {
    case IOp::Assign:
    case IOp::Store:
      value_deps = deps_of(k, in.expr, divides);
      if (divides) branch(k, divisor_deps_of(k, in.expr), in);
      break;
    case IOp::Assert:
    case IOp::JumpIfFalse:
      branch(k, deps_of(k, in.expr, divides), in);
      break;
    case IOp::Print: {
      const ThreadCode& tc = code_.threads[k];
      Deps d = 0;
      bool div = false;
      for (uint32_t a = 0; a < in.arg_count; ++a) {
        bool one = false;
        deps_of(k, tc.print_args[in.args_begin + a], one);
        if (one)
          d = sets_.merge(d, divisor_deps_of(k, tc.print_args[in.args_begin + a])), div = true;
      }
      if (div) branch(k, d, in);
      break;
    }
    default:
      break;
    }
    if ((in.op == IOp::Load || in.op == IOp::Store || in.op == IOp::Lock || in.op == IOp::Unlock) &&
        in.loc.size > 0) {
      bool unused = false;
      branch(k, deps_of(k, in.loc.index, unused), in);
    }
    const IOp op = in.op;
    const uint32_t slot = in.slot;
    const SourceRange range = in.range;
    StepResult r = machine_.step(k);
    for (const LabelledStep& s : machine_.events()) {
      Event e;
      e.thread = static_cast<uint32_t>(s.label.thread);
      e.target = s.label.target;
      e.line = s.range.begin.line;
      e.col = s.range.begin.col;
      switch (s.label.kind) {
      case LabelKind::Read:
        e.op = Op::Read;
        e.value = machine_.state().memory[s.label.target];
        e.target = id_of(location_ids_, rec_.trace.locations, s.label.target);
        break;
      case LabelKind::Write:
        e.op = Op::Write;
        e.value = machine_.state().memory[s.label.target];
        e.target = id_of(location_ids_, rec_.trace.locations, s.label.target);
        break;
      case LabelKind::Acquire:
      case LabelKind::Release:
        e.op = s.label.kind == LabelKind::Acquire ? Op::Acquire : Op::Release;
        e.target = id_of(lock_ids_, rec_.trace.locks, s.label.target);
        break;
      case LabelKind::Fork:
        e.op = Op::Fork;
        break;
      case LabelKind::Join:
        e.op = Op::Join;
        break;
      case LabelKind::None:
      case LabelKind::Exit:
        continue;
      case LabelKind::VolatileRead:
      case LabelKind::VolatileWrite:
      case LabelKind::CondWait:
      case LabelKind::Notify:
      case LabelKind::BarrierArrive:
      case LabelKind::BarrierDepart:
        // Prediction refuses programs with this synchronisation before recording (its traces
        // have no such events); reaching here is a bug, and dropping the event would silently
        // lose happens-before edges.
        note_stop(RecordEnd::Failed, std::string("internal: prediction does not support ") +
                                         label_name(s.label.kind) + " events");
        return false;
      }
      rec_.trace.events.push_back(e);
    }
    if (r.status == StepStatus::Failed) {
      note_stop(RecordEnd::Failed, machine_.failure() ? machine_.failure()->message : "failed");
      return false;
    }
    if (r.status != StepStatus::Done) {
      note_stop(RecordEnd::Failed, "internal: a chosen thread could not step");
      return false;
    }
    if (op == IOp::Print) {
      Event e;
      e.op = Op::Print;
      e.thread = static_cast<uint32_t>(machine_.thread_id(k));
      e.line = range.begin.line;
      e.col = range.begin.col;
      rec_.trace.events.push_back(e);
    }
    if (op == IOp::Load)
      taint_[k][slot] = sets_.leaf(static_cast<uint32_t>(rec_.trace.events.size() - 1));
    else if (op == IOp::Assign)
      taint_[k][slot] = value_deps;
    return true;
  }

  // Thread k's local instructions up to its next visible one.
  bool settle(uint32_t k) {
    while (machine_.status(k) == ThreadStatus::Running && !machine_.at_visible(k))
      if (!step(k)) return false;
    return true;
  }

  const Code& code_;
  Machine machine_;
  uint64_t max_steps_;
  uint64_t steps_ = 0;
  ReadSets sets_;
  std::vector<std::vector<Deps>> taint_; // thread index -> slot -> reads
  std::unordered_map<uint32_t, uint32_t> location_ids_, lock_ids_;
  Recording rec_;
};

} // namespace

Recording record_run(const Code& code, Scheduler& scheduler, uint64_t max_steps) {
  return Recorder(code, max_steps).run(scheduler);
}

} // namespace racelang::predict
