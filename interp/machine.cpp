// The machine's steps (Figure 7 rule by rule, see machine.h) and its error messages. Arithmetic
// is done in uint64_t so that overflow wraps without undefined behaviour; INT64_MIN / -1 is
// INT64_MIN and INT64_MIN % -1 is 0, as docs/language.md defines. A step that fails or blocks
// leaves the state exactly as it was, so the state shown in a report is the one the failing
// instruction saw.
#include "interp/machine.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "frontend/ast_walk.h"
#include "frontend/print.h"
#include "interp/independence.h"
#include "outcome/messages.h"

namespace racelang {
namespace {

int64_t wrap_add(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
int64_t wrap_sub(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
int64_t wrap_mul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}
int64_t wrap_neg(int64_t a) {
  return static_cast<int64_t>(0 - static_cast<uint64_t>(a));
}

constexpr int64_t kMin = std::numeric_limits<int64_t>::min();

uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  h *= 0xff51afd7ed558ccdULL;
  return h ^ (h >> 32);
}

template <typename T> void append_bytes(std::string& out, const std::vector<T>& v) {
  uint32_t n = static_cast<uint32_t>(v.size());
  out.append(reinterpret_cast<const char*>(&n), sizeof n);
  if (!v.empty()) out.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

// The kind of the (first) label an instruction with a location operand emits.
LabelKind first_label_kind(const Instr& in) {
  switch (in.op) {
  case Op::Load:
    return in.volatile_access ? LabelKind::VolatileRead : LabelKind::Read;
  case Op::Store:
    return in.volatile_access ? LabelKind::VolatileWrite : LabelKind::Write;
  case Op::Lock:
    return LabelKind::Acquire;
  case Op::Unlock:
  case Op::CondWait:
    return LabelKind::Release;
  case Op::Cas:
  case Op::FetchAdd:
    return LabelKind::VolatileRead;
  case Op::Notify:
    return LabelKind::Notify;
  case Op::Await:
    return LabelKind::BarrierArrive;
  default:
    return LabelKind::None;
  }
}

} // namespace

uint64_t MachineState::hash() const {
  uint64_t h = 0x243f6a8885a308d3ULL;
  for (size_t k = 0; k < memory.chunk_count(); ++k)
    for (int64_t v : memory.chunk(k)) h = mix(h, static_cast<uint64_t>(v));
  for (int64_t v : locals) h = mix(h, static_cast<uint64_t>(v));
  for (uint32_t v : pc) h = mix(h, v);
  for (ThreadStatus s : status) h = mix(h, static_cast<uint64_t>(s));
  for (uint64_t p : parked) h = mix(h, p);
  return h;
}

void MachineState::serialize(std::string& out) const {
  uint32_t n = static_cast<uint32_t>(memory.size());
  out.append(reinterpret_cast<const char*>(&n), sizeof n);
  for (size_t k = 0; k < memory.chunk_count(); ++k)
    out.append(reinterpret_cast<const char*>(memory.chunk(k).data()),
               memory.chunk(k).size() * sizeof(int64_t));
  serialize_threads(out);
}

void MachineState::serialize_threads(std::string& out) const {
  append_bytes(out, locals);
  append_bytes(out, pc);
  append_bytes(out, status);
  append_bytes(out, parked);
}

Machine::Machine(const Code& code, const MachineOptions& options)
    : code_(&code), options_(options) {
  if (options.independent_accesses)
    oracle_ = std::make_shared<IndependenceOracle>(code, options.independent_metadata_only);
  size_t n = code.threads.size();
  offsets_.resize(n);
  uint32_t total = 0;
  for (size_t k = 0; k < n; ++k) {
    offsets_[k] = total;
    total += static_cast<uint32_t>(code.threads[k].locals.size());
  }
  state_.memory = Cells(code.cell_count);
  state_.locals.assign(total, 0);
  state_.pc.assign(n, 0);
  state_.status.assign(n, ThreadStatus::NotSpawned);
  if (n > 0) state_.status[0] = ThreadStatus::Running;
  state_.parked.assign(n, 0);
  stack_.resize(code.max_eval_stack + 2);
}

void Machine::set_state(const MachineState& state) {
  state_ = state;
  failure_.reset();
}

void Machine::set_state(MachineState&& state) {
  state_ = std::move(state);
  failure_.reset();
}

bool Machine::all_finished() const {
  return std::all_of(state_.status.begin(), state_.status.end(),
                     [](ThreadStatus s) { return s != ThreadStatus::Running; });
}

bool Machine::at_visible(uint32_t k) const {
  return state_.status[k] != ThreadStatus::Running || state_.parked[k] != 0 ||
         is_visible(next_instr(k).op);
}

bool Machine::assumption_failed() const {
  for (uint32_t k = 0; k < state_.parked.size(); ++k)
    if (state_.status[k] == ThreadStatus::Running && parked(k).kind == ParkKind::Assume)
      return true;
  return false;
}

uint32_t Machine::parked_count(ParkKind kind, uint32_t cell) const {
  uint32_t n = 0;
  for (uint32_t j = 0; j < state_.parked.size(); ++j) {
    Parked p = parked(j);
    n += p.kind == kind && p.cell == cell;
  }
  return n;
}

void Machine::park(uint32_t k, ParkKind kind, uint32_t cell, uint32_t place) {
  state_.parked[k] = Parked{kind, cell, place}.pack();
}

void Machine::unpark(uint32_t k) {
  state_.parked[k] = 0;
}

// Evaluates without side effects; on division or modulo by zero returns false with the node.
// Kept free of Machine state changes so blocking checks can evaluate lock indices.
namespace {
struct EvalContext {
  const ThreadCode& code;
  const int64_t* locals;
  int64_t* stack;
};

bool run_expr(const EvalContext& cx, ExprRef ref, int64_t& out, const Expr** bad) {
  int64_t* sp = cx.stack; // one past the top
  const ExprInstr* ops = cx.code.exprs.data();
  for (uint32_t i = ref.begin; i < ref.end; ++i) {
    const ExprInstr& x = ops[i];
    switch (x.op) {
    case ExprOp::Const:
      *sp++ = x.value;
      continue;
    case ExprOp::Local:
      *sp++ = cx.locals[x.arg];
      continue;
    case ExprOp::Neg:
      sp[-1] = wrap_neg(sp[-1]);
      continue;
    case ExprOp::Not:
      sp[-1] = sp[-1] == 0 ? 1 : 0;
      continue;
    case ExprOp::AndJump:
      if (sp[-1] == 0)
        i = x.arg - 1;
      else
        --sp;
      continue;
    case ExprOp::OrJump:
      if (sp[-1] != 0)
        i = x.arg - 1;
      else
        --sp;
      continue;
    default:
      break;
    }
    int64_t b = *--sp;
    int64_t a = sp[-1];
    int64_t r = 0;
    switch (x.op) {
    case ExprOp::Add:
      r = wrap_add(a, b);
      break;
    case ExprOp::Sub:
      r = wrap_sub(a, b);
      break;
    case ExprOp::Mul:
      r = wrap_mul(a, b);
      break;
    case ExprOp::Div:
      if (b == 0) {
        *bad = x.node;
        return false;
      }
      r = (a == kMin && b == -1) ? kMin : a / b;
      break;
    case ExprOp::Mod:
      if (b == 0) {
        *bad = x.node;
        return false;
      }
      r = (b == -1) ? 0 : a % b;
      break;
    case ExprOp::Max:
      r = std::max(a, b);
      break;
    case ExprOp::Min:
      r = std::min(a, b);
      break;
    case ExprOp::Lt:
      r = a < b;
      break;
    case ExprOp::Le:
      r = a <= b;
      break;
    case ExprOp::Gt:
      r = a > b;
      break;
    case ExprOp::Ge:
      r = a >= b;
      break;
    case ExprOp::Eq:
      r = a == b;
      break;
    case ExprOp::Ne:
      r = a != b;
      break;
    default:
      break;
    }
    sp[-1] = r;
  }
  out = sp[-1];
  return true;
}
} // namespace

bool Machine::eval(uint32_t k, ExprRef ref, int64_t& out) {
  const Expr* bad = nullptr;
  EvalContext cx{code_->threads[k], state_.locals.data() + offsets_[k], stack_.data()};
  if (run_expr(cx, ref, out, &bad)) return true;
  const auto& b = std::get<Binary>(bad->node);
  fail(FailureKind::RuntimeError, k, bad->range,
       messages::division_by_zero(b.op, print_expr(*bad), with_locals(k, *bad)));
  return false;
}

std::string Machine::with_locals(uint32_t k, const std::vector<std::string>& names) const {
  std::vector<std::string> shown, values;
  const ThreadCode& tc = code_->threads[k];
  for (const std::string& name : names) {
    auto global = code_->info->find_local(name);
    for (uint32_t s = 0; s < tc.locals.size(); ++s) {
      if (!global || tc.locals[s] != *global) continue;
      shown.push_back(name);
      values.push_back(std::to_string(local(k, s)));
    }
  }
  return messages::locals_detail(shown, values);
}

std::string Machine::with_locals(uint32_t k, const Expr& e) const {
  std::vector<std::string> names;
  collect_locals(e, names);
  return with_locals(k, names);
}

std::string Machine::with_locals(uint32_t k, const Cond& c) const {
  std::vector<std::string> names;
  collect_locals(c, names);
  return with_locals(k, names);
}

bool Machine::cell_of(uint32_t k, const LocRef& loc, uint32_t& cell) {
  if (loc.size == 0) {
    cell = loc.first_cell;
    return true;
  }
  int64_t index = 0;
  if (!eval(k, loc.index, index)) return false;
  if (index < 0 || index >= static_cast<int64_t>(loc.size)) {
    fail(FailureKind::RuntimeError, k, loc.node->index->range,
         messages::index_out_of_range(std::to_string(index), loc.node->name, loc.size,
                                      print_location(*loc.node), with_locals(k, *loc.node->index)));
    return false;
  }
  cell = loc.first_cell + static_cast<uint32_t>(index);
  return true;
}

// The lock cell of a Lock instruction, if its index evaluates and is in range.
bool Machine::lock_cell_if_valid(uint32_t k, const LocRef& loc, uint32_t& cell) const {
  if (loc.size == 0) {
    cell = loc.first_cell;
    return true;
  }
  EvalContext cx{code_->threads[k], state_.locals.data() + offsets_[k], stack_.data()};
  const Expr* bad = nullptr;
  int64_t index = 0;
  if (!run_expr(cx, loc.index, index, &bad)) return false;
  if (index < 0 || index >= static_cast<int64_t>(loc.size)) return false;
  cell = loc.first_cell + static_cast<uint32_t>(index);
  return true;
}

Blocker Machine::blocker(uint32_t k) const {
  Blocker b;
  if (state_.status[k] != ThreadStatus::Running) return b;
  const Instr& in = next_instr(k);
  b.range = in.range;
  if (Parked p = parked(k); p.kind != ParkKind::None) {
    b.cell = p.cell;
    switch (p.kind) {
    case ParkKind::Condition:
      b.kind = Blocker::Condition;
      // The range of the wait statement: the thread's pc is at the re-acquiring lock that
      // the same statement compiled to.
      break;
    case ParkKind::Barrier:
      b.kind = Blocker::Barrier;
      b.arrived = parked_count(ParkKind::Barrier, p.cell);
      if (const Symbol* sym = code_->info->symbol_of_cell(p.cell)) b.needed = sym->barrier_count;
      b.range = code_->threads[k].instrs[state_.pc[k] - 1].range; // the await, already passed
      break;
    case ParkKind::Assume:
      b.kind = Blocker::Assume;
      break;
    case ParkKind::None:
      break;
    }
    return b;
  }
  if (in.op == Op::Lock) {
    uint32_t cell = 0;
    if (lock_cell_if_valid(k, in.loc, cell) && state_.memory[cell] != 0) {
      b.kind = Blocker::Lock;
      b.cell = cell;
      b.holder = state_.memory[cell] - 1;
    }
  } else if (in.op == Op::Wait) {
    if (state_.status[in.target] != ThreadStatus::Finished) {
      b.kind = Blocker::Wait;
      b.waited = code_->threads[in.target].id;
      b.waited_spawned = state_.status[in.target] != ThreadStatus::NotSpawned;
    }
  }
  return b;
}

bool Machine::can_step(uint32_t k) const {
  return state_.status[k] == ThreadStatus::Running && blocker(k).kind == Blocker::None;
}

std::vector<uint32_t> Machine::runnable() const {
  std::vector<uint32_t> out;
  for (uint32_t k = 0; k < state_.status.size(); ++k)
    if (can_step(k)) out.push_back(k);
  return out;
}

void Machine::fail(FailureKind kind, uint32_t k, SourceRange range, std::string message) {
  Failure f;
  f.kind = kind;
  f.thread = thread_id(k);
  f.range = range;
  f.message = messages::in_thread(f.thread, message);
  failure_ = std::move(f);
}

void Machine::finish_if_done(uint32_t k, StepResult& result) {
  // A thread parked after its last statement (an `await`) finishes only once released.
  if (state_.status[k] != ThreadStatus::Running || state_.parked[k] != 0 ||
      next_instr(k).op != Op::End)
    return;
  state_.status[k] = ThreadStatus::Finished;
  if (result.exit_count < 2) result.exits[result.exit_count++] = thread_id(k);
  events_.push_back({{LabelKind::Exit, thread_id(k), 0}, {}});
}

Label Machine::next_label(uint32_t k) const {
  const int64_t id = thread_id(k);
  Label label{LabelKind::None, id, 0};
  if (state_.status[k] != ThreadStatus::Running) return label;
  const Instr& in = next_instr(k);
  uint32_t cell = 0;
  switch (in.op) {
  case Op::Load:
  case Op::Store:
  case Op::Lock:
  case Op::Unlock:
  case Op::Cas:
  case Op::FetchAdd:
  case Op::Notify:
  case Op::Await:
    if (!lock_cell_if_valid(k, in.loc, cell)) return label; // the step fails: no label
    return {first_label_kind(in), id, cell};
  case Op::CondWait: // its first label is the release of the lock
    if (!lock_cell_if_valid(k, in.loc2, cell)) return label;
    return {LabelKind::Release, id, cell};
  case Op::Spawn:
    return {LabelKind::Fork, id, static_cast<uint32_t>(thread_id(in.target))};
  case Op::Wait:
    return {LabelKind::Join, id, static_cast<uint32_t>(thread_id(in.target))};
  default:
    return label;
  }
}

StepPreview Machine::peek(uint32_t k, uint64_t budget) const {
  Machine scratch(*this); // a copy of the state: the step runs there
  scratch.print_ = nullptr;
  StepPreview preview;
  preview.status = scratch.advance(k, budget).status;
  preview.events = std::move(scratch.events_);
  return preview;
}

StepResult Machine::step(uint32_t k) {
  events_.clear();
  return step_one(k);
}

StepResult Machine::step_one(uint32_t k) {
  StepResult r;
  if (failure_ || state_.status[k] != ThreadStatus::Running || state_.parked[k] != 0) {
    r.status = StepStatus::Blocked;
    return r;
  }
  const Instr& in = next_instr(k);
  const int64_t id = thread_id(k);
  r.step.range = in.range;
  r.step.label.thread = id;
  uint32_t& pc = state_.pc[k];
  int64_t* locals = state_.locals.data() + offsets_[k];
  auto failed = [&] {
    r.status = StepStatus::Failed;
    return r;
  };
  switch (in.op) {
  case Op::Assign: {
    int64_t v = 0;
    if (!eval(k, in.expr, v)) return failed();
    locals[in.slot] = v;
    ++pc;
    break;
  }
  case Op::Load: {
    uint32_t cell = 0;
    if (!cell_of(k, in.loc, cell)) return failed();
    locals[in.slot] = state_.memory[cell];
    r.step.label = {first_label_kind(in), id, cell};
    ++pc;
    break;
  }
  case Op::Store: {
    int64_t v = 0;
    uint32_t cell = 0;
    if (!eval(k, in.expr, v) || !cell_of(k, in.loc, cell)) return failed();
    state_.memory.set(cell, v);
    r.step.label = {first_label_kind(in), id, cell};
    ++pc;
    break;
  }
  case Op::Lock: {
    uint32_t cell = 0;
    if (!cell_of(k, in.loc, cell)) return failed();
    if (state_.memory[cell] != 0) {
      r.status = StepStatus::Blocked;
      return r;
    }
    state_.memory.set(cell, id + 1);
    r.step.label = {LabelKind::Acquire, id, cell};
    ++pc;
    break;
  }
  case Op::Unlock: {
    uint32_t cell = 0;
    if (!cell_of(k, in.loc, cell)) return failed();
    int64_t held = state_.memory[cell];
    if (held != id + 1) {
      fail(FailureKind::RuntimeError, k, in.range,
           messages::unlock_not_held(code_->info->cell_name(cell),
                                     held == 0 ? "" : std::to_string(held - 1)));
      return failed();
    }
    state_.memory.set(cell, 0);
    r.step.label = {LabelKind::Release, id, cell};
    ++pc;
    break;
  }
  case Op::Spawn: {
    uint32_t child = in.target;
    if (state_.status[child] != ThreadStatus::NotSpawned) {
      bool running = state_.status[child] == ThreadStatus::Running;
      fail(FailureKind::RuntimeError, k, in.range,
           messages::already_spawned(thread_id(child), messages::spawned_state(running)));
      return failed();
    }
    state_.status[child] = ThreadStatus::Running;
    state_.pc[child] = 0;
    r.step.label = {LabelKind::Fork, id, static_cast<uint32_t>(thread_id(child))};
    ++pc;
    break;
  }
  case Op::Wait: {
    if (state_.status[in.target] != ThreadStatus::Finished) {
      r.status = StepStatus::Blocked;
      return r;
    }
    r.step.label = {LabelKind::Join, id, static_cast<uint32_t>(thread_id(in.target))};
    ++pc;
    break;
  }
  case Op::Assert: {
    int64_t v = 0;
    if (!eval(k, in.expr, v)) return failed();
    if (v == 0) {
      fail_assert(k, in);
      return failed();
    }
    ++pc;
    break;
  }
  case Op::JumpIfFalse: {
    int64_t v = 0;
    if (!eval(k, in.expr, v)) return failed();
    pc = v != 0 ? pc + 1 : in.target;
    break;
  }
  case Op::Jump:
    pc = in.target;
    break;
  case Op::Print: {
    std::string line;
    const ThreadCode& tc = code_->threads[k];
    for (uint32_t a = 0; a < in.arg_count; ++a) {
      int64_t v = 0;
      if (!eval(k, tc.print_args[in.args_begin + a], v)) return failed();
      if (a > 0) line += ' ';
      line += std::to_string(v);
    }
    if (print_) print_(line);
    ++pc;
    break;
  }
  case Op::End:
    break;
  case Op::Assume: {
    int64_t v = 0;
    if (!eval(k, in.expr, v)) return failed();
    if (v != 0)
      ++pc;
    else
      park(k, ParkKind::Assume, 0, 0); // for good: nothing unparks an assumption
    break;
  }
  case Op::Cas:
  case Op::FetchAdd:
  case Op::CondWait:
  case Op::Notify:
  case Op::Await:
    if (!step_sync(k, in, r)) return failed();
    r.small_steps = 1;
    finish_if_done(k, r);
    return r;
  }
  r.small_steps = 1;
  if (r.step.label.kind != LabelKind::None) events_.push_back(r.step);
  // A child with no code finishes as it is spawned: after the fork, before its parent.
  if (in.op == Op::Spawn) finish_if_done(in.target, r);
  finish_if_done(k, r);
  return r;
}

// The synchronisation instructions (docs/language.md). Each evaluates every operand before it
// changes anything, so a failing step leaves the state as it was; it pushes its own events,
// the first of which is also r.step.
bool Machine::step_sync(uint32_t k, const Instr& in, StepResult& r) {
  const int64_t id = thread_id(k);
  int64_t* locals = state_.locals.data() + offsets_[k];
  const std::vector<ExprRef>& args = code_->threads[k].print_args;
  const size_t first = events_.size();
  auto emit = [&](LabelKind kind, int64_t thread, uint32_t target) {
    events_.push_back({{kind, thread, target}, in.range});
  };
  uint32_t cell = 0;
  switch (in.op) {
  case Op::Cas: {
    int64_t expected = 0, desired = 0;
    if (!eval(k, args[in.args_begin], expected) || !eval(k, args[in.args_begin + 1], desired) ||
        !cell_of(k, in.loc, cell))
      return false;
    int64_t old = state_.memory[cell];
    emit(LabelKind::VolatileRead, id, cell);
    if (old == expected) {
      state_.memory.set(cell, desired);
      emit(LabelKind::VolatileWrite, id, cell);
    }
    locals[in.slot] = old;
    break;
  }
  case Op::FetchAdd: {
    int64_t delta = 0;
    if (!eval(k, in.expr, delta) || !cell_of(k, in.loc, cell)) return false;
    int64_t old = state_.memory[cell];
    state_.memory.set(cell, wrap_add(old, delta));
    locals[in.slot] = old;
    emit(LabelKind::VolatileRead, id, cell);
    emit(LabelKind::VolatileWrite, id, cell);
    break;
  }
  case Op::CondWait: {
    uint32_t lock = 0;
    if (!cell_of(k, in.loc, cell) || !cell_of(k, in.loc2, lock)) return false;
    int64_t held = state_.memory[lock];
    if (held != id + 1) {
      fail(FailureKind::RuntimeError, k, in.range,
           messages::cond_wait_not_held(code_->info->cell_name(cell), code_->info->cell_name(lock),
                                        held == 0 ? "" : std::to_string(held - 1)));
      return false;
    }
    state_.memory.set(lock, 0);
    park(k, ParkKind::Condition, cell, parked_count(ParkKind::Condition, cell) + 1);
    emit(LabelKind::Release, id, lock);
    emit(LabelKind::CondWait, id, cell);
    break;
  }
  case Op::Notify: {
    if (!cell_of(k, in.loc, cell)) return false;
    // FIFO: notify wakes the waiter at place 1 and moves the others up; notify_all wakes all.
    for (uint32_t j = 0; j < state_.parked.size(); ++j) {
      Parked p = parked(j);
      if (p.kind != ParkKind::Condition || p.cell != cell) continue;
      if (in.target == 1 || p.place == 1)
        unpark(j);
      else
        park(j, ParkKind::Condition, cell, p.place - 1);
    }
    emit(LabelKind::Notify, id, cell);
    break;
  }
  case Op::Await: {
    if (!cell_of(k, in.loc, cell)) return false;
    emit(LabelKind::BarrierArrive, id, cell);
    uint32_t needed = in.target;
    if (options_.barrier_releases_early && needed > 1) --needed;
    if (parked_count(ParkKind::Barrier, cell) + 1 < needed) {
      park(k, ParkKind::Barrier, cell, 0);
      break;
    }
    // The filling arrival releases the phase: every parked thread and itself depart together
    // (FastTrack's BARRIER RELEASE), in thread order.
    for (uint32_t j = 0; j < state_.parked.size(); ++j) {
      Parked p = parked(j);
      if (j != k && (p.kind != ParkKind::Barrier || p.cell != cell)) continue;
      unpark(j);
      // Each departure is placed at its own thread's await (the one it parked at, just before
      // its pc), so a report or a picture of the run shows where that thread waited.
      SourceRange at = j == k ? in.range : code_->threads[j].instrs[state_.pc[j] - 1].range;
      events_.push_back({{LabelKind::BarrierDepart, thread_id(j), cell}, at});
    }
    // Released threads whose await was their last statement finish now (after every
    // departure, so each exit follows that thread's own departure).
    for (uint32_t j = 0; j < state_.parked.size(); ++j)
      if (j != k) finish_if_done(j, r);
    break;
  }
  default:
    return true;
  }
  r.step = events_[first];
  ++state_.pc[k];
  return true;
}

// A failed assert: a user assertion failure, or (with __race) an instrumentation's race report.
void Machine::fail_assert(uint32_t k, const Instr& in) {
  const auto& a = std::get<Assert>(in.stmt->node);
  if (!a.race) {
    fail(FailureKind::AssertionFailure, k, in.range,
         messages::assertion_failed(print_cond(a.cond), with_locals(k, a.cond)));
    return;
  }
  RaceCheckReport report;
  report.kind = a.race->kind;
  report.prev_kind = a.race->prev_kind;
  uint32_t cell = 0, prev_cell = 0;
  int64_t site = 0, prev_thread = 0;
  const std::vector<ExprRef>& args = code_->threads[k].print_args;
  if (!cell_of(k, in.loc, cell) || !cell_of(k, in.loc2, prev_cell) ||
      !eval(k, args[in.args_begin], site) || !eval(k, args[in.args_begin + 1], prev_thread))
    return; // the failure is the evaluation error
  report.prev_thread = prev_thread;
  report.cell = cell;
  report.site = site;
  report.prev_site = state_.memory[prev_cell];
  fail(FailureKind::RaceCheck, k, in.range,
       messages::race_check_failed(report.kind, code_->info->cell_name(cell), report.prev_kind,
                                   std::to_string(report.prev_thread)));
  failure_->race = report;
}

// Whether thread k's next instruction runs within the current scheduling step: thread-local
// instructions always, and with the independence reduction loads and stores the oracle finds
// independent of everything the other threads can still do (an access whose index cannot be
// evaluated stays a scheduling point; it fails when it is scheduled).
bool Machine::runs_at_once(uint32_t k) const {
  if (state_.parked[k] != 0) return false;
  const Instr& in = next_instr(k);
  if (!is_visible(in.op)) return true;
  if (!oracle_ || (in.op != Op::Load && in.op != Op::Store) || in.volatile_access) return false;
  uint32_t cell = 0;
  if (!lock_cell_if_valid(k, in.loc, cell)) return false;
  if (options_.every_access_independent) return true;
  return oracle_->independent(state_, k, cell, in.op == Op::Store);
}

StepResult Machine::settle(uint32_t k, uint64_t budget) {
  events_.clear();
  return settle_from_here(k, budget);
}

StepResult Machine::settle_from_here(uint32_t k, uint64_t budget) {
  StepResult r;
  finish_if_done(k, r);
  while (state_.status[k] == ThreadStatus::Running && runs_at_once(k)) {
    if (r.small_steps >= budget) {
      r.status = StepStatus::StepLimit;
      return r;
    }
    StepResult s = step_one(k);
    r.small_steps += s.small_steps;
    for (uint8_t i = 0; i < s.exit_count && r.exit_count < 2; ++i)
      r.exits[r.exit_count++] = s.exits[i];
    if (s.status != StepStatus::Done) {
      r.status = s.status;
      return r;
    }
  }
  return r;
}

StepResult Machine::advance(uint32_t k, uint64_t budget) {
  events_.clear();
  const uint32_t group = options_.bigger_step ? next_instr(k).group : 0;
  StepResult r = step_one(k);
  if (r.status != StepStatus::Done) return r;
  auto absorb = [&](const StepResult& s) {
    r.small_steps += s.small_steps;
    for (uint8_t i = 0; i < s.exit_count && r.exit_count < 2; ++i)
      r.exits[r.exit_count++] = s.exits[i];
    r.status = s.status;
  };
  int32_t forked =
      r.step.label.kind == LabelKind::Fork ? code_->thread_index(r.step.label.target) : -1;
  // The bigger-step semantics: the rest of the group in the same step, unless the thread has
  // parked (a wait(c, m) or an await that opens a group): the rest runs once it is woken.
  while (group != 0 && state_.status[k] == ThreadStatus::Running &&
         parked(k).kind == ParkKind::None && next_instr(k).group == group) {
    if (r.small_steps >= budget) {
      r.status = StepStatus::StepLimit;
      return r;
    }
    const Instr& in = next_instr(k);
    Blocker blocked = blocker(k); // as the instruction finds things, for the message
    StepResult s = step_one(k);
    if (s.status == StepStatus::Blocked) {
      std::string why = blocked.kind == Blocker::Lock
                            ? "'" + code_->info->cell_name(blocked.cell) + "' is held by thread " +
                                  std::to_string(blocked.holder)
                            : "thread " + std::to_string(blocked.waited) + " has not finished";
      fail(FailureKind::RuntimeError, k, in.range,
           "bigger-step semantics: this instruction would block (" + why +
               ") inside an atomic group, which may block only at its first visible "
               "instruction");
      r.status = StepStatus::Failed;
      return r;
    }
    absorb(s);
    if (s.status != StepStatus::Done) return r;
    if (s.step.label.kind == LabelKind::Fork) forked = code_->thread_index(s.step.label.target);
  }
  uint64_t left = budget > r.small_steps ? budget - r.small_steps : 0;
  absorb(settle_from_here(k, left));
  if (r.status != StepStatus::Done || forked < 0) return r;
  left = budget > r.small_steps ? budget - r.small_steps : 0;
  absorb(settle_from_here(static_cast<uint32_t>(forked), left));
  return r;
}

StepResult Machine::start(uint64_t budget) {
  events_.clear();
  return settle_from_here(0, budget);
}

} // namespace racelang
