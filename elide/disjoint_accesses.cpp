// The analysis of disjoint_accesses.h: main's fork/join phases from its top-level spawns and
// waits, the cells of each access from index_ranges.h, and a comparison of every two accesses
// of one symbol.
#include "elide/disjoint_accesses.h"

#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>

#include "elide/index_ranges.h"

namespace racelang::elide {
namespace {

constexpr size_t kNever = std::numeric_limits<size_t>::max();

// Where main spawns each thread and first waits for it after that (top-level indices; kNever
// when it does not), when main spawns every thread itself, in top-level statements, each id
// once. A thread spawned anywhere else (by another thread, or in an if or a loop of main) could
// run at any time, and a thread id spawned twice is two threads: no phases then.
struct Phases {
  std::map<int64_t, size_t> spawn_at;
  std::map<int64_t, size_t> join_at;
};

std::optional<Phases> main_phases(const Program& program, const ProgramInfo& info) {
  Phases out;
  const Block& main = program.body;
  for (size_t i = 0; i < main.size(); ++i)
    if (const auto* s = std::get_if<Spawn>(&main[i].node))
      if (!out.spawn_at.emplace(s->thread, i).second) return std::nullopt;
  if (program_spawns(program, info).size() != out.spawn_at.size()) return std::nullopt;
  for (const auto& [thread, spawned] : out.spawn_at) {
    size_t join = kNever;
    for (size_t i = spawned + 1; i < main.size() && join == kNever; ++i)
      if (const auto* w = std::get_if<Wait>(&main[i].node); w && w->thread == thread) join = i;
    out.join_at[thread] = join;
  }
  return out;
}

class Concurrency {
public:
  Concurrency(const Program& program, const ProgramInfo& info, const DisjointOptions& options)
      : phases_(main_phases(program, info)), top_of_(main_top_level_of(program)),
        without_joins_(options.without_joins) {}

  // Whether the accesses `a` and `b` of two different threads may run at the same time.
  bool may_overlap_in_time(const Access& a, const Access& b) const {
    if (!phases_) return true;
    if (a.thread == 0) return main_with(a.stmt, b.thread);
    if (b.thread == 0) return main_with(b.stmt, a.thread);
    return !runs_before(a.thread, b.thread) && !runs_before(b.thread, a.thread);
  }

private:
  // Main's top-level statement holding `stmt` runs while `thread` may: after its spawn, before
  // the wait for it.
  bool main_with(const Stmt* stmt, int64_t thread) const {
    size_t at = top_of_.at(stmt);
    return phases_->spawn_at.at(thread) < at && at < phases_->join_at.at(thread);
  }

  // Every step of thread x happens before every step of thread y: main joined x before it
  // spawned y.
  bool runs_before(int64_t x, int64_t y) const {
    if (without_joins_) return phases_->spawn_at.at(x) < phases_->spawn_at.at(y);
    return phases_->join_at.at(x) < phases_->spawn_at.at(y);
  }

  std::optional<Phases> phases_;
  std::unordered_map<const Stmt*, size_t> top_of_;
  bool without_joins_;
};

} // namespace

std::unordered_set<const Stmt*> disjoint_accesses(const Program& program, const ProgramInfo& info,
                                                  const std::vector<Access>& accesses,
                                                  const DisjointOptions& options) {
  Concurrency concurrency(program, info, options);
  std::unordered_map<const Stmt*, IndexRange> ranges =
      index_ranges(program, info, IndexRangeOptions{.off_by_one = options.off_by_one});
  // The cells an access may touch: its index's range, or (nothing) the whole symbol.
  auto cells = [&](const Access& a) -> std::optional<IndexRange> {
    if (!a.loc->index) return std::nullopt;
    auto it = ranges.find(a.stmt);
    if (it == ranges.end()) return std::nullopt;
    return it->second;
  };
  std::map<std::string, std::vector<const Access*>> by_symbol;
  for (const Access& a : accesses) by_symbol[a.loc->name].push_back(&a);

  std::unordered_set<const Stmt*> out;
  for (const auto& [name, group] : by_symbol) {
    if (group.size() * group.size() > kMaxDisjointPairsPerSymbol) continue;
    // Whether two accesses of other threads that may run at the same time may touch one cell
    // and one of them stores (a race of the symbol is possible at all).
    bool conflicts = false;
    std::vector<const Access*> alone_ones;
    for (const Access* a : group) {
      std::optional<IndexRange> mine = cells(*a);
      bool alone = true;
      for (const Access* b : group) {
        // Reads of other threads count too, though they cannot race with a read: a's read
        // recorded beside a concurrent one makes FastTrack's read state shared, and without it
        // a later read could replace that other read's epoch (read-exclusive), so that a later
        // racing write would name another read than the detector names (elide/README.md).
        // Unless the symbol has no race at all: below.
        if (b->thread == a->thread) continue;
        std::optional<IndexRange> theirs = cells(*b);
        if (mine && theirs && !mine->overlaps(*theirs)) continue;
        if (!concurrency.may_overlap_in_time(*a, *b)) continue;
        alone = false;
        conflicts =
            conflicts || (options.conflicts_ignore_reads
                              ? a->kind == AccessKind::Write && b->kind == AccessKind::Write
                              : a->kind == AccessKind::Write || b->kind == AccessKind::Write);
        if (conflicts) break; // a is not alone, and the symbol may race: nothing more to learn
      }
      if (alone) alone_ones.push_back(a);
    }
    // A symbol no two of whose accesses may race: no check of it could ever fail, so none is
    // needed, whatever the reads a check would have recorded (elide/README.md, "Symbols without
    // a race").
    if (conflicts || !options.symbols_without_race) {
      for (const Access* a : alone_ones) out.insert(a->stmt);
    } else {
      for (const Access* a : group) out.insert(a->stmt);
    }
  }
  return out;
}

} // namespace racelang::elide
