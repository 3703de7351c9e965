// Generation of paper-style programs (see the header): first the thread tree and which
// threads wait for which, then each thread's simple instructions, then the spawns and waits
// are placed among them (a wait for a child always after its spawn).
#include "verify/program_gen.h"

#include <algorithm>
#include <map>
#include <set>

#include "frontend/print.h"

namespace racelang::verify {
namespace {

const char* kLocations[] = {"x", "y", "z"};
const char* kLocks[] = {"m", "n"};
const char* kLocals[] = {"a", "b"};
const char* kArray = "s";     // shared s[kArraySize]
const int64_t kArraySize = 2; // also the loops' trip count
const char* kLoopCounter = "i";
// The synchronisation of sync_program_config() (program_gen.h).
const char* kFlag = "v";    // volatile v: message passing
const char* kAtomics = "w"; // volatile w[2]: cas and fetch_add
const int64_t kAtomicsSize = 2;
const char* kBarrier = "bar";     // barrier bar(N)
const char* kCondition = "c";     // condition c
const char* kConditionLock = "q"; // mutex q, held around the condition's flag
const char* kConditionFlag = "g"; // the condition's flag, a shared location
// The striped blocks of PaperProgramConfig::striped: a lock per cell of s, and the blocks' index
// locals.
const char* kStripes = "ls"; // mutex ls[kArraySize]
const char* kIndex = "k";
const char* kOtherIndex = "j";

// Where an access goes: one of the scalars, or an element of the array, at a constant index
// or (in a loop) at the loop counter.
struct Target {
  int scalar = 0;   // index into kLocations, when `element` is negative
  int element = -1; // 0 or 1: s[element]; 2: s[i]
};

Location location_of(const Target& t) {
  if (t.element < 0) return Location{kLocations[t.scalar], std::nullopt, {}};
  Expr index = t.element == 2 ? make_local(kLoopCounter) : make_int(t.element);
  return Location{kArray, std::move(index), {}};
}

Stmt load_stmt(int local, const Target& target) {
  return make_stmt(Load{kLocals[local], location_of(target)});
}

Stmt store_to(int value_kind, int local, Location loc) {
  // `store a + 1 x` reads a local, `store 7 x` a constant: both kinds of data flow.
  Expr value = value_kind == 0 ? make_binary(BinaryOp::Add, make_local(kLocals[local]), make_int(1))
                               : make_int(value_kind);
  return make_stmt(Store{std::move(value), std::move(loc)});
}

Stmt store_stmt(int value_kind, int local, const Target& target) {
  return store_to(value_kind, local, location_of(target));
}

rc::Gen<Target> gen_target(const PaperProgramConfig& c, bool in_loop) {
  return rc::gen::exec([c, in_loop]() {
    Target t;
    t.scalar = *rc::gen::inRange(0, c.locations);
    // With striped blocks, the array is theirs alone, so that it is often guarded throughout.
    if (c.arrays && !c.striped && *rc::gen::inRange(0, 3) == 0)
      t.element = *rc::gen::inRange(0, in_loop ? 3 : 2);
    return t;
  });
}

rc::Gen<Stmt> gen_access(const PaperProgramConfig& c, bool in_loop) {
  return rc::gen::oneOf(rc::gen::apply(load_stmt, rc::gen::inRange(0, 2), gen_target(c, in_loop)),
                        rc::gen::apply(store_stmt, rc::gen::inRange(0, 4), rc::gen::inRange(0, 2),
                                       gen_target(c, in_loop)));
}

rc::Gen<std::vector<Stmt>> gen_instruction(const PaperProgramConfig& c, bool in_loop = false);

Location named(const char* name) {
  return Location{name, std::nullopt, {}};
}

// a == k
Cond local_is(int64_t k) {
  return make_compare(CompareOp::Eq, make_local(kLocals[0]), make_int(k));
}

Stmt sync_stmt(Sync sync) {
  return make_stmt(std::move(sync));
}

// One of the volatile patterns of sync_program_config(): message passing, a try-lock, a
// counter. The accesses they guard are the paper's, so the races they may or may not prevent
// are on the same locations as everywhere else.
rc::Gen<std::vector<Stmt>> gen_volatile_instruction(const PaperProgramConfig& c) {
  return rc::gen::exec([c]() {
    std::vector<Stmt> out;
    Location atomic{kAtomics, make_int(*rc::gen::inRange<int64_t>(0, kAtomicsSize)), {}};
    const char* a = kLocals[0];
    switch (*rc::gen::inRange(0, 5)) {
    case 0: // publish
      out.push_back(*gen_access(c, false));
      out.push_back(make_stmt(Store{make_int(1), named(kFlag)}));
      break;
    case 1: // consume under a test
      out.push_back(make_stmt(Load{a, named(kFlag)}));
      out.push_back(make_stmt(If{local_is(1), Block{*gen_access(c, false)}, std::nullopt}));
      break;
    case 2: // consume under an assumption
      out.push_back(make_stmt(Load{a, named(kFlag)}));
      out.push_back(sync_stmt(Sync{Assume{local_is(1)}}));
      out.push_back(*gen_access(c, false));
      break;
    case 3: { // try-lock
      Block locked{*gen_access(c, false), make_stmt(Store{make_int(0), atomic})};
      out.push_back(sync_stmt(Sync{Cas{a, atomic, make_int(0), make_int(1)}}));
      out.push_back(make_stmt(If{local_is(0), std::move(locked), std::nullopt}));
      break;
    }
    default: // counter
      out.push_back(sync_stmt(Sync{FetchAdd{a, atomic, make_int(1)}}));
      if (*rc::gen::arbitrary<bool>())
        out.push_back(make_stmt(If{local_is(1), Block{*gen_access(c, false)}, std::nullopt}));
      break;
    }
    return out;
  });
}

// `i := lo; while (i < hi) { <instruction>; i := i + 1; }`: a bounded loop over the array.
std::vector<Stmt> loop_over(std::vector<Stmt> body, int64_t lo = 0, int64_t hi = kArraySize) {
  std::vector<Stmt> out;
  out.push_back(make_stmt(Assign{kLoopCounter, make_int(lo)}));
  body.push_back(make_stmt(
      Assign{kLoopCounter, make_binary(BinaryOp::Add, make_local(kLoopCounter), make_int(1))}));
  out.push_back(make_stmt(
      While{make_compare(CompareOp::Lt, make_local(kLoopCounter), make_int(hi)), std::move(body)}));
  return out;
}

// `i := lo; while (i < hi) { <one or two accesses of s[i] or s[i + 1]>; i := i + 1; }` over a
// slice of the array, alone or inside a lock block: the counted loop that range coalescing
// (elide/range_loops.h) checks with one range check. Two threads' slices overlap or not, so
// such loops race on shared cells or touch disjoint ones, and a lock around both orders them.
std::vector<Stmt> slice_loop(const PaperProgramConfig& c) {
  int64_t lo = *rc::gen::inRange<int64_t>(0, kArraySize);
  int64_t hi = *rc::gen::inRange<int64_t>(lo + 1, kArraySize + 1);
  // s[i + 1] only where it stays within s: a program that fails says nothing about races.
  bool shifted = hi < kArraySize && *rc::gen::inRange(0, 3) == 0;
  Expr index = make_local(kLoopCounter);
  if (shifted) index = make_binary(BinaryOp::Add, std::move(index), make_int(1));
  std::vector<Stmt> body;
  int n = *rc::gen::inRange(1, 3);
  for (int k = 0; k < n; ++k) {
    Location at{kArray, index, {}};
    int local = *rc::gen::inRange(0, 2);
    if (*rc::gen::arbitrary<bool>())
      body.push_back(make_stmt(Load{kLocals[local], std::move(at)}));
    else
      body.push_back(store_to(*rc::gen::inRange(0, 4), local, std::move(at)));
  }
  std::vector<Stmt> out = loop_over(std::move(body), lo, hi);
  if (*rc::gen::inRange(0, 3) == 0) {
    const char* lock = kLocks[*rc::gen::inRange(0, c.locks)];
    out.insert(out.begin(), make_stmt(LockStmt{Location{lock, std::nullopt, {}}}));
    out.push_back(make_stmt(UnlockStmt{Location{lock, std::nullopt, {}}}));
  }
  return out;
}

// A striped block (PaperProgramConfig::striped): `k := 0|1;` then accesses of s[k] under the
// lock of their cell, `lock ls[k]` or `lock ls[k % 2]`, or of s[k] and s[j] (`j := 1 - k;`)
// under `lock ls[min(k, j)]; lock ls[max(k, j)]` (index order, so blocks cannot deadlock). A
// quarter of the single-lock blocks change k around their first access (`k := 1 - k;
// <access of s[k]>; k := 1 - k;`), which then holds the other cell's lock; a sixth of the
// blocks take no lock at all.
std::vector<Stmt> striped_block() {
  std::vector<Stmt> out;
  out.push_back(make_stmt(Assign{kIndex, make_int(*rc::gen::inRange<int64_t>(0, kArraySize))}));
  auto access = [](const char* index) {
    Location at{kArray, make_local(index), {}};
    int local = *rc::gen::inRange(0, 2);
    if (*rc::gen::arbitrary<bool>()) return make_stmt(Load{kLocals[local], std::move(at)});
    return store_to(*rc::gen::inRange(0, 4), local, std::move(at));
  };
  auto stripe = [](Expr index) { return Location{kStripes, std::move(index), {}}; };
  auto flip = [] {
    return make_stmt(Assign{kIndex, make_binary(BinaryOp::Sub, make_int(1), make_local(kIndex))});
  };
  int shape = *rc::gen::inRange(0, 6);
  if (shape == 0) {
    out.push_back(access(kIndex));
  } else if (shape == 1) {
    out.push_back(make_stmt(
        Assign{kOtherIndex, make_binary(BinaryOp::Sub, make_int(1), make_local(kIndex))}));
    auto low = [] {
      return make_binary(BinaryOp::Min, make_local(kIndex), make_local(kOtherIndex));
    };
    auto high = [] {
      return make_binary(BinaryOp::Max, make_local(kIndex), make_local(kOtherIndex));
    };
    out.push_back(make_stmt(LockStmt{stripe(low())}));
    out.push_back(make_stmt(LockStmt{stripe(high())}));
    out.push_back(access(kIndex));
    out.push_back(access(kOtherIndex));
    out.push_back(make_stmt(UnlockStmt{stripe(high())}));
    out.push_back(make_stmt(UnlockStmt{stripe(low())}));
  } else {
    bool modulo = *rc::gen::arbitrary<bool>();
    auto index = [modulo] {
      Expr k = make_local(kIndex);
      return modulo ? make_binary(BinaryOp::Mod, std::move(k), make_int(kArraySize)) : k;
    };
    bool flipped = *rc::gen::inRange(0, 4) == 0;
    out.push_back(make_stmt(LockStmt{stripe(index())}));
    int n = *rc::gen::inRange(1, 3);
    for (int i = 0; i < n; ++i) {
      if (flipped && i == 0) out.push_back(flip());
      out.push_back(access(kIndex));
      if (flipped && i == 0) out.push_back(flip());
    }
    out.push_back(make_stmt(UnlockStmt{stripe(index())}));
  }
  return out;
}

// One "simple instruction": a list of statements (a lock block or a loop is several).
rc::Gen<std::vector<Stmt>> gen_instruction(const PaperProgramConfig& c, bool in_loop) {
  return rc::gen::exec([c, in_loop]() {
    std::vector<Stmt> out;
    int loop_weight = c.loops && !in_loop ? 1 : 0;
    int sync_weight = c.sync && !in_loop ? 3 : 0;
    int slice_weight = c.striped ? 0 : loop_weight; // slices would leave the array unguarded
    int striped_weight = c.striped && c.arrays && !in_loop ? 3 : 0;
    int kind = *rc::gen::weightedElement<int>({{1, 0},
                                               {3, 1},
                                               {2, 2},
                                               {loop_weight, 3},
                                               {sync_weight, 4},
                                               {slice_weight, 5},
                                               {striped_weight, 6}});
    if (kind == 3) return loop_over(*gen_instruction(c, true));
    if (kind == 5) return slice_loop(c);
    if (kind == 6) return striped_block();
    if (kind == 4) return *gen_volatile_instruction(c);
    if (kind == 0) {
      int target = *rc::gen::inRange(0, 2), source = *rc::gen::inRange(0, 2);
      int k = *rc::gen::inRange(0, 3);
      Expr value = k == 0 ? make_int(source + 1)
                          : make_binary(BinaryOp::Add, make_local(kLocals[source]), make_int(k));
      out.push_back(make_stmt(Assign{kLocals[target], std::move(value)}));
    } else if (kind == 1) {
      out.push_back(*gen_access(c, in_loop));
    } else {
      const char* lock = kLocks[*rc::gen::inRange(0, c.locks)];
      out.push_back(make_stmt(LockStmt{Location{lock, std::nullopt, {}}}));
      int n = *rc::gen::inRange(1, c.max_block_accesses + 1);
      for (int i = 0; i < n; ++i) out.push_back(*gen_access(c, in_loop));
      out.push_back(make_stmt(UnlockStmt{Location{lock, std::nullopt, {}}}));
    }
    return out;
  });
}

struct ThreadPlan {
  int parent = -1;
  std::vector<std::vector<Stmt>> instructions;
  std::vector<int> waits; // threads this one waits for
};

// Builds a thread's block: its instructions with its children's spawns and its waits placed at
// the given positions; `positions` values index the gaps between instructions.
Block build_thread(int id, std::vector<ThreadPlan>& plans, const std::vector<int>& positions,
                   size_t& next_position, bool phases) {
  ThreadPlan& plan = plans[static_cast<size_t>(id)];
  int gaps = static_cast<int>(plan.instructions.size()) + 1;
  auto pick = [&]() {
    int p = positions.empty() ? 0 : positions[next_position++ % positions.size()];
    return p % gaps;
  };
  // (gap, order, statement): spawns of children and waits, sorted into the gaps.
  struct Placed {
    int gap;
    int order;
    Stmt stmt;
  };
  std::vector<Placed> placed;
  std::vector<int> spawn_gap(plans.size(), -1);
  int order = 0;
  for (size_t child = 0; child < plans.size(); ++child) {
    if (plans[child].parent != id) continue;
    int gap = pick();
    spawn_gap[child] = gap;
    Block body = build_thread(static_cast<int>(child), plans, positions, next_position, phases);
    placed.push_back(
        {gap, order++, make_stmt(Spawn{static_cast<int64_t>(child), std::move(body)})});
  }
  // Waits come after all of this thread's spawns: a wait for a child before its spawn would
  // block forever, and so could a wait for a child that waits for a not-yet-spawned sibling.
  int last_spawn_gap = *std::max_element(spawn_gap.begin(), spawn_gap.end());
  // With phases, main may wait for a thread as soon as the child of main it descends from is
  // spawned: every thread then waits only for its own children, so its subtree ends on its own.
  auto earliest_wait = [&](int target) {
    if (!phases || id != 0) return last_spawn_gap;
    int child = target;
    while (plans[static_cast<size_t>(child)].parent != 0)
      child = plans[static_cast<size_t>(child)].parent;
    return spawn_gap[static_cast<size_t>(child)];
  };
  for (int target : plan.waits) {
    int gap = std::max(pick(), earliest_wait(target));
    placed.push_back({gap, 1000 + order++, make_stmt(Wait{target})});
  }
  std::stable_sort(placed.begin(), placed.end(), [](const Placed& a, const Placed& b) {
    return a.gap != b.gap ? a.gap < b.gap : a.order < b.order;
  });
  Block block;
  size_t next = 0;
  for (int gap = 0; gap < gaps; ++gap) {
    while (next < placed.size() && placed[next].gap == gap) block.push_back(placed[next++].stmt);
    if (gap < gaps - 1)
      for (Stmt& s : plan.instructions[static_cast<size_t>(gap)]) block.push_back(std::move(s));
  }
  return block;
}

bool is_ancestor(const std::vector<ThreadPlan>& plans, int ancestor, int of) {
  for (int t = plans[static_cast<size_t>(of)].parent; t >= 0;
       t = plans[static_cast<size_t>(t)].parent)
    if (t == ancestor) return true;
  return false;
}

void count_waits(const Block& block, int64_t waiter, std::map<int64_t, std::set<int64_t>>& out) {
  for (const Stmt& s : block) {
    if (const auto* w = std::get_if<Wait>(&s.node)) out[w->thread].insert(waiter);
    if (const auto* sp = std::get_if<Spawn>(&s.node)) count_waits(sp->body, sp->thread, out);
  }
}

} // namespace

bool has_two_waiters(const Program& program) {
  std::map<int64_t, std::set<int64_t>> waiters;
  count_waits(program.body, 0, waiters);
  for (const auto& [thread, by] : waiters)
    if (by.size() > 1) return true;
  return false;
}

PaperProgramConfig sync_program_config() {
  PaperProgramConfig c;
  c.max_spawned = 2;
  c.max_instructions = 2;
  c.loops = false;
  c.sync = true;
  return c;
}

namespace {

// Inserts `stmts` as one instruction at a random place of `items` (from `from` on); returns
// where.
size_t insert_instruction(std::vector<std::vector<Stmt>>& items, std::vector<Stmt> stmts,
                          size_t from = 0) {
  size_t at = *rc::gen::inRange(from, items.size() + 1);
  items.insert(items.begin() + static_cast<std::ptrdiff_t>(at), std::move(stmts));
  return at;
}

// A random order of 0..n-1.
std::vector<int> shuffled(int n) {
  std::vector<int> order;
  for (int i = 0; i < n; ++i) order.push_back(i);
  for (int i = n - 1; i > 0; --i)
    std::swap(order[static_cast<size_t>(i)],
              order[static_cast<size_t>(*rc::gen::inRange(0, i + 1))]);
  return order;
}

// sync_program_config()'s programs (program_gen.h): main spawns every thread first and waits
// for them last, so that no join can keep a barrier from filling or a notifier from notifying.
Program sync_program(const PaperProgramConfig& c) {
  int threads = *rc::gen::inRange(0, c.max_spawned + 1) + 1;
  std::vector<std::vector<std::vector<Stmt>>> items(static_cast<size_t>(threads));
  for (auto& list : items) {
    int n = *rc::gen::inRange(0, c.max_instructions + 1);
    for (int i = 0; i < n; ++i) list.push_back(*gen_instruction(c));
  }
  Program program;
  if (c.arrays) program.decls.push_back(Decl{DeclKind::Shared, kArray, kArraySize, {}, {}});
  program.decls.push_back(Decl{DeclKind::Volatile, kFlag, std::nullopt, {}, {}});
  program.decls.push_back(Decl{DeclKind::Volatile, kAtomics, kAtomicsSize, {}, {}});
  // At most one blocking pattern: a barrier, or a condition handoff (two threads at least).
  int pattern = *rc::gen::weightedElement<int>({{1, 0}, {2, 1}, {threads > 1 ? 2 : 0, 2}});
  std::vector<int> order = shuffled(threads);
  if (pattern == 1) {
    int count = *rc::gen::inRange(1, threads + 1);
    int phases = *rc::gen::inRange(1, 3);
    Decl barrier{DeclKind::Barrier, kBarrier, std::nullopt, {}, {}};
    barrier.count = count;
    program.decls.push_back(barrier);
    // Half the awaits are followed by an access, so that the phases' accesses meet often.
    for (int k = 0; k < count; ++k)
      for (int p = 0; p < phases; ++p) {
        std::vector<Stmt> await{sync_stmt(Sync{Await{named(kBarrier)}})};
        if (*rc::gen::arbitrary<bool>()) await.push_back(*gen_access(c, false));
        insert_instruction(items[static_cast<size_t>(order[static_cast<size_t>(k)])],
                           std::move(await));
      }
  } else if (pattern == 2) {
    program.decls.push_back(Decl{DeclKind::Mutex, kConditionLock, std::nullopt, {}, {}});
    program.decls.push_back(Decl{DeclKind::Condition, kCondition, std::nullopt, {}, {}});
    int waiters = *rc::gen::inRange(1, threads);
    const char* a = kLocals[0];
    for (int k = 1; k <= waiters; ++k) {
      Block again{sync_stmt(Sync{CondWait{named(kCondition), named(kConditionLock)}}),
                  make_stmt(Load{a, named(kConditionFlag)})};
      std::vector<Stmt> waiter{make_stmt(LockStmt{named(kConditionLock)}),
                               make_stmt(Load{a, named(kConditionFlag)}),
                               make_stmt(While{local_is(0), std::move(again)}),
                               make_stmt(UnlockStmt{named(kConditionLock)})};
      // Half the waiters access a location after the handoff, half the notifiers between
      // their unlock and the notify: accesses only the notify would order, if it were a
      // release (it is not).
      if (*rc::gen::arbitrary<bool>()) waiter.push_back(*gen_access(c, false));
      insert_instruction(items[static_cast<size_t>(order[static_cast<size_t>(k)])],
                         std::move(waiter));
    }
    auto& notifier = items[static_cast<size_t>(order[0])];
    size_t set = insert_instruction(notifier, {make_stmt(LockStmt{named(kConditionLock)}),
                                               make_stmt(Store{make_int(1), named(kConditionFlag)}),
                                               make_stmt(UnlockStmt{named(kConditionLock)})});
    bool all = waiters > 1 || *rc::gen::arbitrary<bool>();
    std::vector<Stmt> notify;
    if (*rc::gen::arbitrary<bool>()) notify.push_back(*gen_access(c, false));
    notify.push_back(sync_stmt(Sync{Notify{named(kCondition), all}}));
    insert_instruction(notifier, std::move(notify), set + 1);
  }
  auto body_of = [&](int t) {
    Block block;
    for (auto& stmts : items[static_cast<size_t>(t)])
      for (Stmt& s : stmts) block.push_back(std::move(s));
    return block;
  };
  for (int t = 1; t < threads; ++t) program.body.push_back(make_stmt(Spawn{t, body_of(t)}));
  for (Stmt& s : body_of(0)) program.body.push_back(std::move(s));
  for (int t = 1; t < threads; ++t)
    if (*rc::gen::inRange(0, 3) != 0) program.body.push_back(make_stmt(Wait{t}));
  return program;
}

} // namespace

void showValue(const PaperProgram& program, std::ostream& os) {
  os << "\n" << program.source;
}

rc::Gen<PaperProgram> gen_paper_program(PaperProgramConfig config) {
  // At full size throughout: RapidCheck's growing size would otherwise make most programs
  // tiny (the ranges still include the smallest programs, and shrinking is unaffected).
  return rc::gen::resize(
      100, rc::gen::exec([config]() {
        // Fewer locations and locks in some programs make their threads meet
        // more often.
        PaperProgramConfig c = config;
        c.locations = *rc::gen::inRange(1, config.locations + 1);
        c.locks = *rc::gen::inRange(1, config.locks + 1);
        if (c.sync) return PaperProgram{print_program(sync_program(c))};
        int spawned = *rc::gen::inRange(0, c.max_spawned + 1);
        // Loops multiply a thread's accesses, and exhaustive exploration of
        // four threads with loops takes minutes: loops go to programs of at
        // most three threads.
        c.loops = config.loops && spawned <= 2;
        std::vector<ThreadPlan> plans(static_cast<size_t>(spawned) + 1);
        for (int u = 1; u <= spawned; ++u)
          plans[static_cast<size_t>(u)].parent = *rc::gen::inRange(0, u);
        for (ThreadPlan& plan : plans) {
          int n = *rc::gen::inRange(0, c.max_instructions + 1);
          for (int i = 0; i < n; ++i) {
            plan.instructions.push_back(*gen_instruction(c));
          }
        }
        // Waits: a child by its parent, an earlier sibling, or any thread by
        // main.
        for (int w = 0; w <= spawned; ++w) {
          for (int u = 1; u <= spawned; ++u) {
            if (u == w || is_ancestor(plans, u, w)) continue;
            const ThreadPlan& pu = plans[static_cast<size_t>(u)];
            bool child = pu.parent == w;
            bool earlier_sibling =
                !c.phases && w > 0 && pu.parent == plans[static_cast<size_t>(w)].parent && u < w;
            bool from_main = w == 0;
            if (!(child || earlier_sibling || from_main)) continue;
            if (*rc::gen::inRange(0, 3) != 0) plans[static_cast<size_t>(w)].waits.push_back(u);
          }
        }
        std::vector<int> positions = *rc::gen::container<std::vector<int>>(
            static_cast<size_t>(2 * spawned + 2), rc::gen::inRange(0, 8));
        size_t next_position = 0;
        Program program;
        if (c.arrays) program.decls.push_back(Decl{DeclKind::Shared, kArray, kArraySize, {}, {}});
        if (c.striped && c.arrays)
          program.decls.push_back(Decl{DeclKind::Mutex, kStripes, kArraySize, {}, {}});
        program.body = build_thread(0, plans, positions, next_position, c.phases);
        return PaperProgram{print_program(program)};
      }));
}

} // namespace racelang::verify
