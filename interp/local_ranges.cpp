// The interval analysis of local_ranges.h: a worklist over the thread's flat code, each
// instruction's entry ranges the hull of what its predecessors send it. Arithmetic is done in
// 128 bits and gives the unknown range where the machine's 64-bit result could wrap; division
// and remainder follow the machine's truncating rules (machine.cpp, run_expr). An instruction
// whose ranges have grown kWidenAfter times jumps every still-growing bound to the next of the
// thread's constants ("widening with thresholds"), so the analysis ends on every loop;
// conditions `local OP constant` (possibly negated) narrow both branches of a JumpIfFalse,
// which is what keeps a loop's counter inside its bounds.
#include "interp/local_ranges.h"

#include <algorithm>
#include <deque>

namespace racelang {
namespace {

__extension__ typedef __int128 Wide; // wide enough for any sum or product of two int64s
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int kWidenAfter = 8;

const Interval kUnknown{};

Interval exact(int64_t v) {
  return {v, v};
}

// [lo, hi] if it fits in 64 bits, else unknown (the machine's result could have wrapped).
Interval from_wide(Wide lo, Wide hi) {
  if (lo < kMin || hi > kMax) return kUnknown;
  return {static_cast<int64_t>(lo), static_cast<int64_t>(hi)};
}

Interval hull(const Interval& a, const Interval& b) {
  return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
}

template <typename F> Interval corners(const Interval& a, const Interval& b, F f) {
  Wide c[4] = {f(a.lo, b.lo), f(a.lo, b.hi), f(a.hi, b.lo), f(a.hi, b.hi)};
  return from_wide(*std::min_element(c, c + 4), *std::max_element(c, c + 4));
}

// a % b with b's range free of 0 (and so of one sign), truncating as C does: the result has
// a's sign and is smaller in size than |b|.
Interval remainder(const Interval& a, const Interval& b, RangesFault fault) {
  Wide least = b.lo > 0 ? Wide{b.lo} : -Wide{b.hi}; // the smallest |b|
  Wide most = b.lo > 0 ? Wide{b.hi} : -Wide{b.lo};  // the largest |b|
  Wide m = most - 1;
  if (fault == RangesFault::RemainderIgnoresSign) return from_wide(0, m);
  if (a.lo >= 0) return Wide{a.hi} < least ? a : from_wide(0, std::min<Wide>(a.hi, m));
  if (a.hi <= 0) return -Wide{a.lo} < least ? a : from_wide(std::max<Wide>(a.lo, -m), 0);
  return from_wide(std::max<Wide>(a.lo, -m), std::min<Wide>(a.hi, m));
}

struct Evaluation {
  Interval value;
  bool may_fail = false;
  bool jumps = false;
};

// Evaluates e over the locals' ranges. Short-circuit jumps are taken to fall through: every
// operation then runs, which over-approximates the failures of every path (operands have no
// side effects), but the value is unknown; and a division a jump lands on (its divisor would
// be the jump's kept 0 or 1) may fail.
Evaluation evaluate_expr(const ThreadCode& tc, ExprRef e, const Interval* locals,
                         RangesFault fault) {
  Evaluation out;
  std::vector<Interval> stack;
  std::vector<uint32_t> landings; // where the short-circuit jumps seen so far land
  for (uint32_t i = e.begin; i < e.end; ++i) {
    const ExprInstr& x = tc.exprs[i];
    switch (x.op) {
    case ExprOp::Const:
      stack.push_back(exact(x.value));
      continue;
    case ExprOp::Local:
      stack.push_back(locals[x.arg]);
      continue;
    case ExprOp::Neg:
      stack.back() =
          stack.back().lo == kMin ? kUnknown : Interval{-stack.back().hi, -stack.back().lo};
      continue;
    case ExprOp::Not:
      stack.back() = {0, 1};
      continue;
    case ExprOp::AndJump:
    case ExprOp::OrJump:
      out.jumps = true;
      landings.push_back(x.arg);
      stack.pop_back();
      continue;
    default:
      break;
    }
    Interval b = stack.back();
    stack.pop_back();
    Interval a = stack.back();
    Interval& r = stack.back();
    switch (x.op) {
    case ExprOp::Add:
      r = from_wide(Wide{a.lo} + b.lo, Wide{a.hi} + b.hi);
      break;
    case ExprOp::Sub:
      r = from_wide(Wide{a.lo} - b.hi, Wide{a.hi} - b.lo);
      break;
    case ExprOp::Mul:
      r = corners(a, b, [](int64_t p, int64_t q) { return Wide{p} * q; });
      break;
    case ExprOp::Div:
    case ExprOp::Mod:
      if (b.contains(0) || std::find(landings.begin(), landings.end(), i) != landings.end()) {
        out.may_fail = true;
        r = kUnknown;
      } else if (x.op == ExprOp::Mod) {
        r = remainder(a, b, fault);
      } else {
        // Truncating division by a one-signed divisor is monotone in each operand, so the
        // corners bound it; kMin / -1 is kMin in the machine (it would overflow).
        r = a.lo == kMin && b.contains(-1)
                ? kUnknown
                : corners(a, b, [](int64_t p, int64_t q) { return Wide{p} / q; });
      }
      break;
    case ExprOp::Max:
      r = {std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
      break;
    case ExprOp::Min:
      r = {std::min(a.lo, b.lo), std::min(a.hi, b.hi)};
      break;
    default: // comparisons
      r = {0, 1};
      break;
    }
  }
  out.value = out.jumps || stack.empty() ? kUnknown : stack.back();
  return out;
}

// x OP c as c OP' x.
ExprOp mirrored(ExprOp op) {
  switch (op) {
  case ExprOp::Lt:
    return ExprOp::Gt;
  case ExprOp::Le:
    return ExprOp::Ge;
  case ExprOp::Gt:
    return ExprOp::Lt;
  case ExprOp::Ge:
    return ExprOp::Le;
  default:
    return op; // Eq, Ne
  }
}

// not (x OP c) as x OP' c; Const for an operation that is no comparison.
ExprOp negated(ExprOp op) {
  switch (op) {
  case ExprOp::Lt:
    return ExprOp::Ge;
  case ExprOp::Le:
    return ExprOp::Gt;
  case ExprOp::Gt:
    return ExprOp::Le;
  case ExprOp::Ge:
    return ExprOp::Lt;
  case ExprOp::Eq:
    return ExprOp::Ne;
  case ExprOp::Ne:
    return ExprOp::Eq;
  default:
    return ExprOp::Const;
  }
}

// Narrows the ranges `locals` to where a JumpIfFalse condition `local OP constant` (either
// side, possibly under one `!`) is `truth`; false when the condition has another form. The
// local's range may come out empty (lo > hi): that branch is never taken.
bool narrow(const ThreadCode& tc, ExprRef e, bool truth, std::vector<Interval>& locals) {
  uint32_t n = e.end - e.begin;
  const ExprInstr* x = &tc.exprs[e.begin];
  if (n == 4 && x[3].op == ExprOp::Not) {
    truth = !truth;
    n = 3;
  }
  if (n != 3 || negated(x[2].op) == ExprOp::Const) return false;
  ExprOp op = x[2].op;
  int64_t c = 0;
  uint32_t slot = 0;
  if (x[0].op == ExprOp::Local && x[1].op == ExprOp::Const) {
    slot = x[0].arg;
    c = x[1].value;
  } else if (x[0].op == ExprOp::Const && x[1].op == ExprOp::Local) {
    slot = x[1].arg;
    c = x[0].value;
    op = mirrored(op);
  } else {
    return false;
  }
  if (!truth) op = negated(op);
  Interval& v = locals[slot];
  Wide lo = v.lo, hi = v.hi;
  switch (op) {
  case ExprOp::Lt:
    hi = std::min<Wide>(hi, Wide{c} - 1);
    break;
  case ExprOp::Le:
    hi = std::min<Wide>(hi, c);
    break;
  case ExprOp::Gt:
    lo = std::max<Wide>(lo, Wide{c} + 1);
    break;
  case ExprOp::Ge:
    lo = std::max<Wide>(lo, c);
    break;
  case ExprOp::Eq:
    lo = std::max<Wide>(lo, c);
    hi = std::min<Wide>(hi, c);
    break;
  case ExprOp::Ne: // only an end of the range can be cut off
    if (lo == c) ++lo;
    if (hi == c) --hi;
    break;
  default:
    return false;
  }
  if (lo > hi) {
    v = {kMax, kMin}; // empty
    return true;
  }
  v = {static_cast<int64_t>(lo), static_cast<int64_t>(hi)};
  return true;
}

} // namespace

LocalRanges::LocalRanges(const Code& code, uint32_t thread, RangesFault fault)
    : tc_(code.threads[thread]), fault_(fault), slots_(code.threads[thread].locals.size()) {
  // Widening jumps a growing bound to the next of the thread's constants (and their
  // neighbours), not straight to the extreme: `b := (b + 1) % 26` widens to [0, 25], where
  // [0, kMax] would make b + 1 wrap and lose the remainder's bound.
  thresholds_ = {-1, 0, 1};
  for (const ExprInstr& x : tc_.exprs)
    if (x.op == ExprOp::Const)
      for (Wide v : {Wide{x.value} - 1, Wide{x.value}, Wide{x.value} + 1})
        if (v >= kMin && v <= kMax) thresholds_.push_back(static_cast<int64_t>(v));
  std::sort(thresholds_.begin(), thresholds_.end());
  thresholds_.erase(std::unique(thresholds_.begin(), thresholds_.end()), thresholds_.end());
  if (tc_.instrs.empty()) return;
  solve(0, std::vector<Interval>(slots_, exact(0)), false, ranges_, reached_);
}

bool LocalRanges::local_path(uint32_t from, uint32_t to) const {
  if (!reached_[from] || is_visible(tc_.instrs[from].op)) return false;
  std::vector<Interval> ranges;
  std::vector<bool> reached;
  solve(from,
        std::vector<Interval>(ranges_.data() + from * slots_,
                              ranges_.data() + from * slots_ + slots_),
        true, ranges, reached);
  return reached[to];
}

void LocalRanges::solve(uint32_t start, std::vector<Interval> init, bool locals_only,
                        std::vector<Interval>& ranges, std::vector<bool>& reached) const {
  const size_t n = tc_.instrs.size();
  ranges.assign(n * slots_, Interval{});
  reached.assign(n, false);
  std::vector<int> grown(n, 0);
  std::vector<bool> queued(n, false);
  std::deque<uint32_t> work;
  std::vector<Interval> out(slots_);

  // Joins `in` into pc's entry ranges; queues pc when they grew.
  auto send = [&](uint32_t pc, const std::vector<Interval>& in) {
    if (locals_only && is_visible(tc_.instrs[pc].op)) return;
    Interval* at = ranges.data() + pc * slots_;
    bool changed = !reached[pc];
    if (!reached[pc]) {
      std::copy(in.begin(), in.end(), at);
      reached[pc] = true;
    } else {
      bool widen = grown[pc] >= kWidenAfter;
      if (widen && fault_ == RangesFault::NoWidening) return; // the broken variant stops here
      for (size_t s = 0; s < slots_; ++s) {
        Interval h = hull(at[s], in[s]);
        if (h == at[s]) continue;
        if (widen) {
          if (h.lo < at[s].lo) {
            auto t = std::upper_bound(thresholds_.begin(), thresholds_.end(), h.lo);
            h.lo = t == thresholds_.begin() ? kMin : *std::prev(t);
          }
          if (h.hi > at[s].hi) {
            auto t = std::lower_bound(thresholds_.begin(), thresholds_.end(), h.hi);
            h.hi = t == thresholds_.end() ? kMax : *t;
          }
        }
        at[s] = h;
        changed = true;
      }
    }
    if (!changed) return;
    ++grown[pc];
    if (!queued[pc]) {
      queued[pc] = true;
      work.push_back(pc);
    }
  };

  send(start, init);
  while (!work.empty()) {
    uint32_t pc = work.front();
    work.pop_front();
    queued[pc] = false;
    const Instr& in = tc_.instrs[pc];
    std::copy(ranges.data() + pc * slots_, ranges.data() + pc * slots_ + slots_, out.begin());
    switch (in.op) {
    case Op::Assign:
      out[in.slot] = evaluate_expr(tc_, in.expr, ranges.data() + pc * slots_, fault_).value;
      break;
    case Op::Load:
    case Op::Cas:
    case Op::FetchAdd:
      out[in.slot] = kUnknown;
      break;
    case Op::JumpIfFalse: {
      if (in.target == pc + 1) break;
      for (bool truth : {true, false}) {
        std::vector<Interval> branch = out;
        if (narrow(tc_, in.expr, truth, branch) &&
            std::any_of(branch.begin(), branch.end(),
                        [](const Interval& v) { return v.lo > v.hi; }))
          continue; // this branch is never taken
        send(truth ? pc + 1 : in.target, branch);
      }
      continue;
    }
    default:
      break;
    }
    for_each_successor(tc_, pc, [&](uint32_t s) { send(s, out); });
  }
}

bool LocalRanges::evaluate(uint32_t pc, ExprRef e, Interval& out) const {
  if (!reached_[pc]) {
    out = kUnknown;
    return true;
  }
  Evaluation ev = evaluate_expr(tc_, e, ranges_.data() + pc * slots_, fault_);
  out = ev.value;
  return !ev.may_fail && !ev.jumps;
}

bool LocalRanges::may_fail(uint32_t pc, ExprRef e) const {
  return reached_[pc] && evaluate_expr(tc_, e, ranges_.data() + pc * slots_, fault_).may_fail;
}

bool LocalRanges::index_in_range(uint32_t pc, const LocRef& loc) const {
  if (loc.size == 0 || !reached_[pc]) return true;
  Interval i;
  return evaluate(pc, loc.index, i) && i.lo >= 0 && i.hi < static_cast<int64_t>(loc.size);
}

} // namespace racelang
