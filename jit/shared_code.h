// Shared code for repeated instrumentation (jit/README.md, "Shared instrumentation code"). An
// instrumented program repeats the same few pieces of code at every access and every
// synchronisation — a FastTrack slow path, a clock merge — differing only in constants: the
// metadata index of the location, the thread's row of C, the site. Compiled inline, each copy
// costs the optimiser and the instruction selector as much as the first, which made
// instrumented programs compile 3-7 times slower than the originals. This file finds those
// pieces and what they have in common, without LLVM: a *run* is a maximal sequence of
// consecutive statements of one instruction group that mention only reserved (`__`) names, and
// its *shape* is its text with the values of integer literals left out. The code generator
// compiles each shape that occurs at least twice once, as a function whose parameters are the
// literals that differ between its occurrences, and each occurrence as a call of it: the
// racelang code and its meaning are unchanged, only the machine code is shared.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "frontend/ast.h"
#include "frontend/check.h"

namespace racelang::jit {

// block[begin, end): a run of instrumentation-only statements of one group.
struct SharedRun {
  size_t begin = 0;
  size_t end = 0;
};

// What the code generator asks of statements again and again, each answer computed once and
// kept, from the kept answers of the statements nested in it: whether a statement (with
// everything nested in it) names only reserved names and holds no spawn, wait, print or
// synchronisation beyond locks, whether it holds synchronisation of the program, and its
// weight (itself and every statement nested in it; spawned bodies are other threads' and do
// not count). The code generator asks at every `if` and `while` and for every statement of
// every block it writes; without the memo each question walked the whole subtree again,
// quadratic in the nesting depth (jit/README.md, "Code generation time"). The statements and
// `info` must outlive the object.
class StatementFacts {
public:
  explicit StatementFacts(const ProgramInfo& info) : info_(info) {}
  bool instrumentation_only(const Stmt& s);
  // Whether `s` (with everything nested in it, spawned bodies apart) holds synchronisation of
  // the program's, which may start a new epoch of the thread: a lock or unlock of a lock the
  // program declared, a spawn, a wait, a synchronisation statement (cas, fetch_add, wait on a
  // condition, notify, await, assume), an access of a volatile.
  bool synchronises(const Stmt& s);
  // Whether `s` is an `if` whose condition names reserved names and nothing else (at least
  // one) and whose bodies are not instrumentation-only: the instrumentation's test of an
  // access's fast path, `if (__e != __ce) { lock __X[..]; ...; the access; unlock __X[..]; }`,
  // whose body is the slow path.
  bool slow_path(const Stmt& s);
  size_t weight(const Stmt& s);
  size_t weight(const Block& b);

private:
  const ProgramInfo& info_;
  std::unordered_map<const Stmt*, bool> only_;
  std::unordered_map<const Stmt*, bool> sync_;
  std::unordered_map<const Stmt*, bool> slow_;
  std::unordered_map<const Stmt*, size_t> weight_;
};

// Where a block lies, which decides the runs of it the code generator may share
// (candidate_runs): `inside` a body of an instrumentation-only statement or of a slow path
// (StatementFacts::slow_path) that no synchronising loop encloses; `in_sync_loop` somewhere in
// the body of a `while` that synchronises (StatementFacts::synchronises).
// `slow_path`: what made the block `inside` is the nearest slow path enclosing it, not an
// instrumentation-only statement (the runs such blocks share are counted apart, for --stats
// and the tests).
struct RunPlace {
  bool inside = false;
  bool in_sync_loop = false;
  bool slow_path = false;
};
// The place of the bodies of `s`, a statement of a block at `outer`. add_runs and the code
// generator both ask this, so that they agree on the candidates: the code generator throws if
// an occurrence of a shape it shares was not counted.
//
// Why a slow path in a synchronising loop stays inline: a thread's epoch changes only at its
// own synchronisation, so in a loop without any an access takes its slow path at most once
// per location and epoch, and a call there costs nothing measurable (`stencil_phases`); in a
// loop that synchronises at every iteration every access may take it (`bank`: every lock
// starts a new epoch), and there the call made the whole run 50% slower (jit/README.md,
// "Shared instrumentation code", "Slow paths").
RunPlace place_of_bodies(RunPlace outer, const Stmt& s, StatementFacts& facts);

// The runs of `block` (not of the blocks nested in it) weighing at least `min_weight`
// statements, counted with everything nested in them; in order.
std::vector<SharedRun> shared_runs(const Block& block, size_t min_weight, StatementFacts& facts);

// The runs of `block` the code generator may share: with `inside` (RunPlace) every one of
// shared_runs; elsewhere only those in the
// instruction group of a spawn or a wait (the copy of the parent's clock into the child's row
// before a spawn, the merge of the child's clock after a wait), which run once per thread,
// so that a call costs nothing measurable there, and which a main thread repeats for every
// thread it spawns. Those are shared from `spawn_wait_min_weight` statements on when
// `min_weight` is more: as loops over the clock's entries (instrument.h,
// kDefaultOuterClockLoopThreshold) they weigh about 12, and a call costs nothing there
// (CodegenOptions::min_spawn_wait_shared_weight).
std::vector<SharedRun> candidate_runs(const Block& block, size_t min_weight,
                                      size_t spawn_wait_min_weight, bool inside,
                                      StatementFacts& facts);

// A literal of a shape: an integer literal of the code (`node` the IntLit), or, in a run, the
// first cell of the program's location a race check names only to report it (`node` the
// check's Location): no literal in the text, but all that differs between the code of two
// otherwise equal runs that check arrays of one size (FastTrack's check of a shared read
// vector before a write to `a[i]` or to `b[i]`), so they share one function too.
struct ShapeLiteral {
  const void* node;
  int64_t value;
  bool location = false; // a checked location's first cell
};

// A run's shape: `key` is its structure with every literal's value left out, `literals` the
// literals in the order the key lists them (pointers into the run).
struct RunShape {
  std::string key;
  std::vector<ShapeLiteral> literals;
};
RunShape shape_of(const Block& block, SharedRun run, const ProgramInfo& info);

// What the program's occurrences of one shape have in common: how many there are, the first
// one's literal values, and for each literal position the parameter of the shared function
// that holds it, or -1 where every occurrence has the same value (a constant, so the optimiser
// still sees the thread count and the other literals every occurrence has). A parameter holds
// an offset from the first occurrence's value, and positions whose values differ from the
// first occurrence's by the same amount in every occurrence share it: the several metadata
// indices of one location, or the z entries of one thread's clock row, are one parameter.
struct ShapeUse {
  size_t occurrences = 0;
  std::vector<int64_t> first;
  std::vector<int> parameter;
  size_t parameters = 0;
  std::vector<std::vector<int64_t>> values; // by occurrence, then position (program_shapes)
  // Some occurrence lies in a loop that synchronises (RunPlace::in_sync_loop): the code runs
  // often, so it is not compiled quickly (CodegenOptions::quick_rare_code).
  bool in_sync_loop = false;
};
using ShapeTable = std::unordered_map<std::string, ShapeUse>;

// Every run of every thread of `info` that the code generator may share (candidate_runs): the
// runs in the bodies of instrumentation-only statements (an `if` or `while` the instrumentation
// wrote, inside its own code) and of slow paths outside synchronising loops, at any depth
// below one (place_of_bodies), and the clock operations of spawns and waits. Those are the
// transitions an access rarely takes (FastTrack's read-share transition, the check of a
// shared read vector, the loop forms of clock operations, an access's slow path where the
// epoch cannot change from one iteration to the next); the slow paths in loops that
// synchronise, which in lock-heavy programs run at every access, and the clock operations of
// a `lock` or an `unlock`, stay inline, where a call would cost run time (jit/README.md,
// "Shared instrumentation code", has the measurements). Spawn bodies are threads of their
// own, reached through their own ThreadInfo.
ShapeTable program_shapes(const ProgramInfo& info, size_t min_weight, size_t spawn_wait_min_weight,
                          StatementFacts& facts);

// The ShapeUse of occurrences whose literal values are `values` (by occurrence, then position;
// at least one occurrence); its `values` stay empty.
ShapeUse shape_use(const std::vector<std::vector<int64_t>>& values);

// An occurrence's arguments: at each parameter of `use`, its offset from the first occurrence's
// value (wrapping).
std::vector<uint64_t> shape_arguments(const ShapeUse& use, const std::vector<int64_t>& values);

// --- Threads identical up to literals (jit/README.md, "Shared thread functions") -------------
//
// The shape of a whole thread body: every name is part of it, and print and the
// synchronisation statements too; nothing if the body holds a spawn or a wait (their code
// names another thread, by a number that is no literal; such threads are compiled on their
// own). The literals are the body's own, in key order.
std::optional<RunShape> thread_shape(const Block& body);

// A unit of a block: block[begin, end), one instruction and its instrumentation (a maximal
// run of statements of one nonzero group; a statement of group 0 is a unit of its own).
struct UnitRef {
  const Block* block = nullptr;
  size_t begin = 0;
  size_t end = 0;
};

// Where the members of a thread group differ in which checks the static eliminations kept
// (jit/README.md, "Members whose checks differ"): one access of the program, written in some
// members as its checked form, in others as the plain access (or with another check, or with
// the load of the thread's clock the first check of a loop does). The group's function holds
// every distinct form (`alternatives`, each written from the first member that has it) and a
// parameter, `selector`, chooses at run time the member's own (`choice`).
struct ThreadVariant {
  std::vector<UnitRef> alternatives;
  std::vector<UnitRef> own;     // by member: its unit
  std::vector<uint32_t> choice; // by member: the alternative that is its own
  size_t selector = 0;
};

// Threads (by index in ProgramInfo::threads, in program order) whose bodies have one shape,
// compiled as one function whose literals that differ between them are parameters: `use` says
// which literal position is which parameter (or a constant), `arguments` each member's
// offsets (shape_arguments). With `variants` (CodegenOptions::share_threads_whose_checks_differ),
// bodies of one shape but at instructions whose checks the eliminations kept in some members and
// not in others (ThreadVariant) are one group too, with a selector parameter per set of variants
// that the members choose alike. Only groups of two
// or more threads; threads heavier than `max_weight` statements (0: no limit), which the code
// generator splits into parts of a frame of their own, are left out.
//
// Sites: every member writes the group's whole function, every alternative of every variant
// included, in the same order, adding a site for each failure or check; at an alternative that
// is not its own it writes the first holder's statements, whose sites it never reports (its
// selector never runs them). So each member's site table entries line up with the function's
// numbering from its `first site` parameter.
struct ThreadGroup {
  std::vector<uint32_t> members;
  ShapeUse use;
  std::vector<std::vector<uint64_t>> arguments; // by member
  // By member, by literal position of `use`: the IntLit the member writes there (its own, or
  // in an alternative that is not its own the first holder's, whose value is then chosen to
  // need no parameter of its own: the member never runs it).
  std::vector<std::vector<const void*>> literal_nodes;
  std::vector<ThreadVariant> variants;
  std::unordered_map<const Stmt*, size_t> variant_at; // each member's unit's first statement
  size_t selectors = 0;
  std::vector<std::vector<uint32_t>> selections; // by member, by selector
};
// Without `variants`, only threads of one shape are grouped (no ThreadVariant).
std::vector<ThreadGroup> thread_groups(const ProgramInfo& info, size_t max_weight, bool variants,
                                       StatementFacts& facts);

// The ShapeUse of `values` (by occurrence, then position) where some values are no one's
// (`known` false: a literal of an alternative a member never runs): those are filled in
// (`values` is updated) so that the position is a constant or shares an existing parameter
// where it can, then shape_use.
ShapeUse shape_use_filling(std::vector<std::vector<int64_t>>& values,
                           const std::vector<std::vector<char>>& known);

} // namespace racelang::jit
