// The independence oracle (see independence.h): two dataflow analyses over each thread's flat
// code, then a cheap check per candidate access. Locks held are a forward must-analysis
// (intersection where paths meet; a lock or unlock with a computed index is not tracked, and an
// unlock with a computed index forgets every lock of its array). Footprints are a backward
// may-analysis (union over successors), computed once without a cut and once for every thread
// the code waits for, stopping at those `wait`s. With local ranges (the split's oracle), two
// more say which steps cannot fail: the ranges of locals (local_ranges.h) and the locks held
// through an index local.
#include "interp/independence.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <tuple>

#include "interp/local_ranges.h"
#include "interp/machine.h"

namespace racelang {
namespace {

constexpr uint64_t kAll = ~uint64_t{0};

// The cells a load, store or lock operand may name: exact for scalars and constant indices.
// An out-of-range constant index names none (the instruction fails instead).
bool cells_of(const Code& code, uint32_t thread, const LocRef& loc, uint32_t& begin,
              uint32_t& end) {
  if (loc.size == 0) {
    begin = loc.first_cell;
    end = begin + 1;
    return true;
  }
  const ThreadCode& tc = code.threads[thread];
  if (loc.index.end == loc.index.begin + 1 && tc.exprs[loc.index.begin].op == ExprOp::Const) {
    int64_t i = tc.exprs[loc.index.begin].value;
    if (i < 0 || i >= static_cast<int64_t>(loc.size)) return false;
    begin = loc.first_cell + static_cast<uint32_t>(i);
    end = begin + 1;
    return true;
  }
  begin = loc.first_cell;
  end = loc.first_cell + loc.size;
  return true;
}

// The local a lock or access operand `a[h]` is indexed by, when its index is just a local.
bool index_local(const ThreadCode& tc, const LocRef& loc, uint32_t& slot) {
  if (loc.size == 0 || loc.index.end != loc.index.begin + 1 ||
      tc.exprs[loc.index.begin].op != ExprOp::Local)
    return false;
  slot = tc.exprs[loc.index.begin].arg;
  return true;
}

// A lock with a computed index, as (the lock array's first cell, the index's local).
using LocalLock = std::pair<uint32_t, uint32_t>;

// The locks with a computed index certainly held before each instruction (sorted): `lock a[h];
// ... unlock a[h]` with `h` not assigned in between releases the lock the thread took, so that
// unlock cannot fail. A must-analysis like the constant locks' (intersection where paths meet);
// any unlock of the array forgets its locks, as does an assignment to the index's local.
std::vector<std::vector<LocalLock>> locks_held_through_locals(const ThreadCode& tc) {
  const size_t n = tc.instrs.size();
  std::vector<std::vector<LocalLock>> held(n);
  std::vector<bool> reached(n, false);
  if (n > 0) reached[0] = true;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t pc = 0; pc < n; ++pc) {
      if (!reached[pc]) continue;
      const Instr& in = tc.instrs[pc];
      std::vector<LocalLock> out = held[pc];
      auto forget = [&](auto drop) { std::erase_if(out, drop); };
      uint32_t slot = 0;
      switch (in.op) {
      case Op::Lock:
        if (index_local(tc, in.loc, slot)) out.emplace_back(in.loc.first_cell, slot);
        break;
      case Op::Unlock:
        forget([&](const LocalLock& l) { return l.first == in.loc.first_cell; });
        break;
      case Op::CondWait: // releases its mutex (the Lock after it takes it again)
        forget([&](const LocalLock& l) { return l.first == in.loc2.first_cell; });
        break;
      case Op::Assign:
      case Op::Load:
      case Op::Cas:
      case Op::FetchAdd:
        forget([&](const LocalLock& l) { return l.second == in.slot; });
        break;
      default:
        break;
      }
      std::sort(out.begin(), out.end());
      out.erase(std::unique(out.begin(), out.end()), out.end());
      for_each_successor(tc, pc, [&](uint32_t s) {
        std::vector<LocalLock> merged;
        if (!reached[s])
          merged = out;
        else
          std::set_intersection(held[s].begin(), held[s].end(), out.begin(), out.end(),
                                std::back_inserter(merged));
        if (!reached[s] || merged != held[s]) {
          reached[s] = true;
          held[s] = std::move(merged);
          changed = true;
        }
      });
    }
  }
  return held;
}

} // namespace

IndependenceOracle::IndependenceOracle(const Code& code, bool metadata_only, bool local_ranges,
                                       RangesFault ranges_fault)
    : code_(code) {
  for (const Symbol& sym : code.info->symbols) {
    if (metadata_only && !std::string_view(sym.name).starts_with(kReservedPrefix)) {
      if (never_independent_.size() < sym.first_cell + sym.cell_count)
        never_independent_.resize(sym.first_cell + sym.cell_count, false);
      for (uint32_t c = 0; c < sym.cell_count; ++c) never_independent_[sym.first_cell + c] = true;
    }
    if (sym.kind != SymbolKind::Lock) continue;
    for (uint32_t c = 0; c < sym.cell_count && lock_cells_.size() < 64; ++c)
      lock_cells_.push_back(sym.first_cell + c);
  }
  size_t n = code.threads.size();
  footprints_.resize(n);
  cut_of_.assign(n, std::vector<uint32_t>(n, 0));
  for (uint32_t j = 0; j < n; ++j) {
    std::optional<LocalRanges> ranges;
    if (local_ranges) ranges.emplace(code, j, ranges_fault);
    analyse_thread(j, ranges ? &*ranges : nullptr);
  }
}

void IndependenceOracle::analyse_thread(uint32_t j, const LocalRanges* ranges) {
  const ThreadCode& tc = code_.threads[j];
  const size_t n = tc.instrs.size();
  auto bits_of = [&](uint32_t begin, uint32_t end) {
    uint64_t mask = 0;
    for (size_t b = 0; b < lock_cells_.size(); ++b)
      if (lock_cells_[b] >= begin && lock_cells_[b] < end) mask |= uint64_t{1} << b;
    return mask;
  };

  // Locks certainly held before each instruction.
  std::vector<uint64_t> held(n, kAll);
  held[0] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t pc = 0; pc < n; ++pc) {
      const Instr& in = tc.instrs[pc];
      uint64_t out = held[pc];
      uint32_t begin = 0, end = 0;
      if (in.op == Op::Lock && cells_of(code_, j, in.loc, begin, end) && end == begin + 1)
        out |= bits_of(begin, end);
      else if (in.op == Op::Unlock && cells_of(code_, j, in.loc, begin, end))
        out &= ~bits_of(begin, end);
      for_each_successor(tc, pc, [&](uint32_t s) {
        uint64_t merged = held[s] & out;
        if (merged != held[s]) {
          held[s] = merged;
          changed = true;
        }
      });
    }
  }

  std::vector<std::vector<LocalLock>> held_by_local;
  if (ranges != nullptr) held_by_local = locks_held_through_locals(tc);
  auto held_through_local = [&](uint32_t pc, const LocRef& loc) {
    uint32_t slot = 0;
    return ranges != nullptr && index_local(tc, loc, slot) &&
           std::binary_search(held_by_local[pc].begin(), held_by_local[pc].end(),
                              LocalLock{loc.first_cell, slot});
  };

  // The accesses each instruction makes itself, and whether it may end the execution or does
  // what always_initial does not model.
  std::vector<std::vector<Access>> own(n);
  std::vector<bool> own_ends(n, false), own_wild(n, false);
  // Loops: every cycle of the flat code contains a backward jump, and every instruction on a
  // cycle lies between some backward jump's target and the jump (the cycle must cross it
  // going down). A spawn there may run twice (the second fails); a backward jump that a path
  // of local instructions leads back to may spin until the step limit.
  std::vector<std::pair<uint32_t, uint32_t>> back; // (target, jump)
  for (uint32_t pc = 0; pc < n; ++pc) {
    const Instr& in = tc.instrs[pc];
    if ((in.op == Op::Jump || in.op == Op::JumpIfFalse) && in.target <= pc)
      back.emplace_back(in.target, pc);
  }
  for (const auto& [target, jump] : back) {
    std::vector<bool> seen(n, false);
    std::vector<uint32_t> todo;
    if (!is_visible(tc.instrs[target].op)) todo.push_back(target);
    bool local_loop = false;
    while (!todo.empty()) {
      uint32_t pc = todo.back();
      todo.pop_back();
      if (seen[pc]) continue;
      seen[pc] = true;
      if (pc == jump) local_loop = true; // a loop of local instructions only
      for_each_successor(tc, pc, [&](uint32_t s) {
        if (!seen[s] && !is_visible(tc.instrs[s].op)) todo.push_back(s);
      });
    }
    // The ranges may show that path never taken (the cheap search above rules out most loops
    // first: each range search costs the thread's code times its locals).
    if (local_loop && ranges != nullptr) local_loop = ranges->local_path(target, jump);
    own_ends[jump] = own_ends[jump] || local_loop;
  }
  // A division or remainder fails unless its divisor is a nonzero constant that no
  // short-circuit jump skips; with local ranges, unless its range leaves out 0 (which those
  // constants' ranges do: the ranges decide alone).
  auto may_divide_by_zero = [&](uint32_t pc, ExprRef e) {
    if (ranges != nullptr) return ranges->may_fail(pc, e);
    for (uint32_t x = e.begin; x < e.end; ++x) {
      const ExprInstr& ei = tc.exprs[x];
      if (ei.op != ExprOp::Div && ei.op != ExprOp::Mod) continue;
      if (x == e.begin || tc.exprs[x - 1].op != ExprOp::Const || tc.exprs[x - 1].value == 0)
        return true;
      for (uint32_t y = e.begin; y < x; ++y)
        if ((tc.exprs[y].op == ExprOp::AndJump || tc.exprs[y].op == ExprOp::OrJump) &&
            tc.exprs[y].arg == x)
          return true;
    }
    return false;
  };
  // A scalar or a constant index in range: the operand names one cell and cannot fail (a
  // computed index into a one-element array names one cell too, but may be out of range).
  auto constant_cell = [&](const LocRef& loc, uint32_t& cell) {
    uint32_t begin = 0, end = 0;
    bool constant = loc.size == 0 || (loc.index.end == loc.index.begin + 1 &&
                                      tc.exprs[loc.index.begin].op == ExprOp::Const);
    if (!constant || !cells_of(code_, j, loc, begin, end)) return false;
    cell = begin;
    return true;
  };
  // Whether the operand cannot fail, given whether it is a constant cell: with local ranges, a
  // computed index whose range lies inside its array cannot either.
  auto in_range = [&](uint32_t pc, const LocRef& loc, bool constant) {
    return constant || (ranges != nullptr && ranges->index_in_range(pc, loc));
  };
  for (uint32_t pc = 0; pc < n; ++pc) {
    const Instr& in = tc.instrs[pc];
    Access a;
    a.must_hold = held[pc] == kAll ? 0 : held[pc]; // kAll: unreachable; keep it conservative
    uint32_t cell = 0;
    switch (in.op) {
    case Op::Load:
    case Op::Store:
      a.write = in.op == Op::Store;
      if (cells_of(code_, j, in.loc, a.begin, a.end)) own[pc].push_back(a);
      own_wild[pc] = in.volatile_access;
      own_ends[pc] =
          !in_range(pc, in.loc, constant_cell(in.loc, cell)) || may_divide_by_zero(pc, in.expr);
      break;
    case Op::Lock:
    case Op::Unlock: {
      a.write = true;
      a.acquire = in.op == Op::Lock;
      if (cells_of(code_, j, in.loc, a.begin, a.end)) own[pc].push_back(a);
      // An unlock fails unless the thread holds the lock, which only a constant lock among
      // the 64 tracked ones certainly held here proves, or a computed one taken with the same
      // index local, unchanged since.
      bool constant = constant_cell(in.loc, cell);
      own_ends[pc] = !in_range(pc, in.loc, constant) ||
                     (in.op == Op::Unlock && !held_through_local(pc, in.loc) &&
                      !(constant && (bits_of(cell, cell + 1) & a.must_hold) != 0));
      break;
    }
    case Op::Assert:
      if (in.stmt && std::get<Assert>(in.stmt->node).race) {
        // A failing race check reads the cell that holds the earlier access's site.
        if (cells_of(code_, j, in.loc2, a.begin, a.end)) own[pc].push_back(a);
      }
      own_ends[pc] = true;
      break;
    case Op::Spawn:
      own_ends[pc] = std::any_of(back.begin(), back.end(),
                                 [&](const auto& b) { return b.first <= pc && pc <= b.second; });
      break;
    case Op::Print:
      for (uint32_t x = 0; x < in.arg_count; ++x)
        own_ends[pc] = own_ends[pc] || may_divide_by_zero(pc, tc.print_args[in.args_begin + x]);
      break;
    case Op::Assign:
    case Op::JumpIfFalse:
    case Op::Assume:
      own_ends[pc] = may_divide_by_zero(pc, in.expr);
      break;
    case Op::Cas:
    case Op::FetchAdd:
    case Op::CondWait:
    case Op::Notify:
    case Op::Await:
      own_wild[pc] = true;
      own_ends[pc] = true;
      break;
    case Op::Wait:
    case Op::Jump:
    case Op::End:
      break;
    }
  }

  // Footprints: without a cut, and cut at `wait` for each thread this one waits for.
  std::vector<int64_t> cuts{-1};
  for (const Instr& in : tc.instrs)
    if (in.op == Op::Wait &&
        std::find(cuts.begin(), cuts.end(), static_cast<int64_t>(in.target)) == cuts.end())
      cuts.push_back(in.target);
  for (size_t c = 0; c < cuts.size(); ++c) {
    Footprint fp;
    fp.accesses.resize(n);
    fp.ends = own_ends;
    fp.wild = own_wild;
    for (bool changed = true; changed;) {
      changed = false;
      for (uint32_t pc = static_cast<uint32_t>(n); pc-- > 0;) {
        const Instr& in = tc.instrs[pc];
        std::vector<Access> acc = own[pc];
        bool ends = own_ends[pc], wild = own_wild[pc];
        if (!(in.op == Op::Wait && static_cast<int64_t>(in.target) == cuts[c]))
          for_each_successor(tc, pc, [&](uint32_t s) {
            acc.insert(acc.end(), fp.accesses[s].begin(), fp.accesses[s].end());
            ends = ends || fp.ends[s];
            wild = wild || fp.wild[s];
          });
        std::sort(acc.begin(), acc.end());
        acc.erase(std::unique(acc.begin(), acc.end()), acc.end());
        if (acc != fp.accesses[pc] || ends != fp.ends[pc] || wild != fp.wild[pc]) {
          fp.accesses[pc] = std::move(acc);
          fp.ends[pc] = ends;
          fp.wild[pc] = wild;
          changed = true;
        }
      }
    }
    footprints_[j].push_back(std::move(fp));
    if (cuts[c] >= 0) cut_of_[static_cast<size_t>(cuts[c])][j] = static_cast<uint32_t>(c);
  }
}

bool IndependenceOracle::harmless_thread(const MachineState& state, uint32_t k, uint32_t j,
                                         uint32_t& pc) const {
  if (j == k || state.status[j] == ThreadStatus::Finished) return true;
  pc = 0;
  if (state.status[j] == ThreadStatus::Running) {
    pc = state.pc[j];
    return false;
  }
  // Not spawned yet: harmless if only k can start it (k's child on the way down to j
  // has not been spawned), since then all of j's steps come after k's next one.
  int32_t c = static_cast<int32_t>(j);
  while (code_.threads[static_cast<size_t>(c)].parent >= 0 &&
         code_.threads[static_cast<size_t>(c)].parent != static_cast<int32_t>(k))
    c = code_.threads[static_cast<size_t>(c)].parent;
  return code_.threads[static_cast<size_t>(c)].parent == static_cast<int32_t>(k) &&
         state.status[static_cast<size_t>(c)] == ThreadStatus::NotSpawned;
}

bool IndependenceOracle::independent(const MachineState& state, uint32_t k, uint32_t cell,
                                     bool write) const {
  if (cell < never_independent_.size() && never_independent_[cell]) return false;
  const int64_t holder = code_.threads[k].id + 1;
  uint64_t held = 0;
  for (size_t b = 0; b < lock_cells_.size(); ++b)
    if (state.memory[lock_cells_[b]] == holder) held |= uint64_t{1} << b;
  for (uint32_t j = 0; j < code_.threads.size(); ++j) {
    uint32_t pc = 0;
    if (harmless_thread(state, k, j, pc)) continue;
    const Footprint& fp = footprints_[j][cut_of_[k][j]];
    for (const Access& a : fp.accesses[pc]) {
      if (a.begin > cell) break; // sorted by begin
      if (cell >= a.end || !(a.write || write)) continue;
      if ((a.must_hold & held) == 0) return false;
    }
  }
  return true;
}

bool IndependenceOracle::always_initial(const MachineState& state, uint32_t k,
                                        const std::vector<Label>& labels, bool ignore_ends,
                                        const std::vector<bool>* stay) const {
  const int64_t holder = code_.threads[k].id + 1;
  uint64_t held = 0;
  for (size_t b = 0; b < lock_cells_.size(); ++b)
    if (state.memory[lock_cells_[b]] == holder) held |= uint64_t{1} << b;
  // A spawn of u is dependent with u's steps (which come after it: harmless_thread), another
  // spawn of u (only k's code spawns u) and waits for u (they wait for u to finish); a wait
  // for a finished thread with its spawn and nothing else. Both touch no cell.
  auto cell_label = [](const Label& l) {
    return l.kind == LabelKind::Read || l.kind == LabelKind::Write ||
           l.kind == LabelKind::Acquire || l.kind == LabelKind::Release;
  };
  for (const Label& l : labels)
    if (!cell_label(l) && l.kind != LabelKind::Fork && l.kind != LabelKind::Join) return false;
  for (uint32_t j = 0; j < code_.threads.size(); ++j) {
    uint32_t pc = 0;
    if (harmless_thread(state, k, j, pc) || (stay != nullptr && (*stay)[j])) continue;
    // A `wait` for k comes after k's next step, and so does everything after it (the cut).
    const Footprint& fp = footprints_[j][cut_of_[k][j]];
    if (fp.wild[pc] || (fp.ends[pc] && !ignore_ends)) return false;
    for (const Access& a : fp.accesses[pc])
      for (const Label& l : labels) {
        if (!cell_label(l) || l.target < a.begin || l.target >= a.end) continue;
        if (!a.write && l.kind == LabelKind::Read) continue;
        // Harmless: made under a lock k holds now (k's release of it is k's next step or
        // later), or the acquisition of one (it waits for that release).
        if ((a.must_hold & held) != 0) continue;
        if (a.acquire && a.end == a.begin + 1 && state.memory[a.begin] == holder) continue;
        return false;
      }
  }
  return true;
}

} // namespace racelang
