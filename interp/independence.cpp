// The independence oracle (see independence.h): two dataflow analyses over each thread's flat
// code, then a cheap check per candidate access. Locks held are a forward must-analysis
// (intersection where paths meet; a lock or unlock with a computed index is not tracked, and an
// unlock with a computed index forgets every lock of its array). Footprints are a backward
// may-analysis (union over successors), computed once without a cut and once for every thread
// the code waits for, stopping at those `wait`s.
#include "interp/independence.h"

#include <algorithm>
#include <tuple>

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

} // namespace

IndependenceOracle::IndependenceOracle(const Code& code, bool metadata_only) : code_(code) {
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
  for (uint32_t j = 0; j < n; ++j) analyse_thread(j);
}

void IndependenceOracle::analyse_thread(uint32_t j) {
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

  // The accesses each instruction makes itself.
  std::vector<std::vector<Access>> own(n);
  for (uint32_t pc = 0; pc < n; ++pc) {
    const Instr& in = tc.instrs[pc];
    Access a;
    a.must_hold = held[pc] == kAll ? 0 : held[pc]; // kAll: unreachable; keep it conservative
    if (in.op == Op::Load || in.op == Op::Store) {
      a.write = in.op == Op::Store;
      if (cells_of(code_, j, in.loc, a.begin, a.end)) own[pc].push_back(a);
    } else if (in.op == Op::Assert && in.stmt && std::get<Assert>(in.stmt->node).race) {
      // A failing race check reads the cell that holds the earlier access's site.
      if (cells_of(code_, j, in.loc2, a.begin, a.end)) own[pc].push_back(a);
    }
  }

  // Footprints: without a cut, and cut at `wait` for each thread this one waits for.
  std::vector<int64_t> cuts{-1};
  for (const Instr& in : tc.instrs)
    if (in.op == Op::Wait &&
        std::find(cuts.begin(), cuts.end(), static_cast<int64_t>(in.target)) == cuts.end())
      cuts.push_back(in.target);
  for (size_t c = 0; c < cuts.size(); ++c) {
    Footprint fp(n);
    for (bool changed = true; changed;) {
      changed = false;
      for (uint32_t pc = static_cast<uint32_t>(n); pc-- > 0;) {
        const Instr& in = tc.instrs[pc];
        std::vector<Access> acc = own[pc];
        if (!(in.op == Op::Wait && static_cast<int64_t>(in.target) == cuts[c]))
          for_each_successor(
              tc, pc, [&](uint32_t s) { acc.insert(acc.end(), fp[s].begin(), fp[s].end()); });
        std::sort(acc.begin(), acc.end());
        acc.erase(std::unique(acc.begin(), acc.end()), acc.end());
        if (acc != fp[pc]) {
          fp[pc] = std::move(acc);
          changed = true;
        }
      }
    }
    footprints_[j].push_back(std::move(fp));
    if (cuts[c] >= 0) cut_of_[static_cast<size_t>(cuts[c])][j] = static_cast<uint32_t>(c);
  }
}

bool IndependenceOracle::independent(const MachineState& state, uint32_t k, uint32_t cell,
                                     bool write) const {
  if (cell < never_independent_.size() && never_independent_[cell]) return false;
  const int64_t holder = code_.threads[k].id + 1;
  uint64_t held = 0;
  for (size_t b = 0; b < lock_cells_.size(); ++b)
    if (state.memory[lock_cells_[b]] == holder) held |= uint64_t{1} << b;
  for (uint32_t j = 0; j < code_.threads.size(); ++j) {
    if (j == k || state.status[j] == ThreadStatus::Finished) continue;
    uint32_t pc = 0;
    if (state.status[j] == ThreadStatus::Running) {
      pc = state.pc[j];
    } else {
      // Not spawned yet: harmless if only k can start it (k's child on the way down to j
      // has not been spawned), since then all of j's steps come after k's next one.
      int32_t c = static_cast<int32_t>(j);
      while (code_.threads[static_cast<size_t>(c)].parent >= 0 &&
             code_.threads[static_cast<size_t>(c)].parent != static_cast<int32_t>(k))
        c = code_.threads[static_cast<size_t>(c)].parent;
      if (code_.threads[static_cast<size_t>(c)].parent == static_cast<int32_t>(k) &&
          state.status[static_cast<size_t>(c)] == ThreadStatus::NotSpawned)
        continue;
    }
    const Footprint& fp = footprints_[j][cut_of_[k][j]];
    for (const Access& a : fp[pc]) {
      if (a.begin > cell) break; // sorted by begin
      if (cell >= a.end || !(a.write || write)) continue;
      if ((a.must_hold & held) == 0) return false;
    }
  }
  return true;
}

} // namespace racelang
