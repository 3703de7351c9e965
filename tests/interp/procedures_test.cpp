// Procedures against the labelled semantics. The property: moving code into procedures
// without changing what it does must not change any outcome explore finds. From a generated
// concurrent program, every spawned thread's body becomes a procedure spawned with no
// arguments, and a random suffix of each thread's top-level code (and, nested, of the
// procedures' own bodies) becomes a procedure called with the locals it shares with the code
// before it (a suffix: no code after it reads what it assigns, so the procedure's private
// locals change nothing). Both programs are explored exhaustively, and their final memories,
// races, assertion failures, runtime errors and deadlocks (by position) must be the same.
// Statements keep the positions of the generated program, so results compare directly. Teeth:
// an expansion that hands arguments to the wrong parameters must be caught; one that shares
// the body's locals with the caller is caught by the directed test below.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <set>
#include <sstream>
#include <tuple>

#include "frontend/ast_walk.h"
#include "frontend/check.h"
#include "frontend/parse.h"
#include "frontend/print.h"
#include "frontend/procedures.h"
#include "interp/code.h"
#include "interp/explore.h"
#include "tests/interp/concurrent_gen.h"
#include "tests/interp/interp_harness.h"
#include "verify/property_runner.h"

namespace racelang {
namespace {

// A program with procedures, expanded with `fault`, checked and compiled, as explore needs it.
struct Expanded {
  Program program;
  ProgramInfo info;
  Code code;
};

std::unique_ptr<Expanded> expand_and_compile(Program program, ExpansionFault fault,
                                             std::string& diagnostics) {
  auto e = std::make_unique<Expanded>();
  e->program = std::move(program);
  SourceFile file("outlined.rl", "");
  std::ostringstream out;
  DiagnosticEngine diags(file, &out);
  bool ok = expand_procedures(e->program, diags, fault);
  std::optional<ProgramInfo> info;
  if (ok) info = check_program(e->program, diags);
  diagnostics = out.str();
  if (!info) return nullptr;
  e->info = std::move(*info);
  e->code = compile_program(e->program, e->info);
  return e;
}

// Outlines code into procedures as the top of this file describes; `choose(n)` picks in [0, n].
class Outliner {
public:
  explicit Outliner(std::function<size_t(size_t)> choose) : choose_(std::move(choose)) {}

  void outline(Program& program) {
    outline_thread(program.body, 0);
    program.procs = std::move(procs_);
  }

private:
  void outline_thread(Block& code, int depth) {
    // Spawned threads first (anywhere in this thread's code): each body becomes a procedure.
    for_each_block(code, [&](Block& block) {
      for (Stmt& s : block) {
        auto* sp = std::get_if<Spawn>(&s.node);
        if (!sp) continue;
        outline_thread(sp->body, 0);
        std::string name = "thread" + std::to_string(sp->thread);
        procs_.push_back(ProcDecl{name, {}, {}, std::move(sp->body), {}, {}});
        sp->body.clear();
        sp->body.push_back(make_stmt(Call{name, {}}, s.range));
        sp->written_as_call = true;
      }
    });
    outline_suffix(code, depth);
  }

  // `before`: the locals the thread's code before `code` mentions (it may have set them).
  void outline_suffix(Block& code, int depth, std::vector<std::string> before = {}) {
    if (depth >= 2 || code.empty()) return;
    size_t k = choose_(code.size());
    if (k == 0) return;
    Block suffix(std::make_move_iterator(code.end() - static_cast<std::ptrdiff_t>(k)),
                 std::make_move_iterator(code.end()));
    code.resize(code.size() - k);
    thread_locals(code, before);
    outline_suffix(suffix, depth + 1, before);
    // The suffix's locals that the code before it may have set: the parameters.
    std::vector<std::string> inside;
    thread_locals(suffix, inside);
    std::string name = "part" + std::to_string(++parts_);
    ProcDecl proc{name, {}, {}, std::move(suffix), {}, {}};
    Call call{name, {}};
    for (const std::string& local : inside)
      if (std::find(before.begin(), before.end(), local) != before.end()) {
        proc.params.push_back(Param{local, {}});
        call.args.push_back(make_local(local));
      }
    procs_.push_back(std::move(proc));
    code.push_back(make_stmt(std::move(call)));
  }

  // `f` on `block` and every if/while body in it (not spawn bodies: other threads).
  static void for_each_block(Block& block, const std::function<void(Block&)>& f) {
    f(block);
    for (Stmt& s : block) {
      if (auto* i = std::get_if<If>(&s.node)) {
        for_each_block(i->then_body, f);
        if (i->else_body) for_each_block(*i->else_body, f);
      } else if (auto* w = std::get_if<While>(&s.node)) {
        for_each_block(w->body, f);
      }
    }
  }

  std::function<size_t(size_t)> choose_;
  std::vector<ProcDecl> procs_;
  int parts_ = 0;
};

// What the two programs must agree on. Messages are left out: they name locals, which the
// expansion renames.
struct Outcomes {
  std::set<std::vector<int64_t>> memories;
  std::set<RaceKey> races;
  std::set<std::tuple<uint32_t, uint32_t, int64_t>> assertions, errors;
  std::set<std::vector<std::tuple<int64_t, uint32_t, uint32_t>>> deadlocks;
  bool operator==(const Outcomes&) const = default;
};

Outcomes outcomes(const ExploreResult& r) {
  Outcomes o;
  for (const FinalState& f : r.final_states) o.memories.insert(f.memory.to_vector());
  for (const ExploreRace& race : r.races) o.races.insert(race_key(race.report));
  for (const ExploreFailure& f : r.assertion_failures)
    o.assertions.insert({f.failure.range.begin.line, f.failure.range.begin.col, f.failure.thread});
  for (const ExploreFailure& f : r.runtime_errors)
    o.errors.insert({f.failure.range.begin.line, f.failure.range.begin.col, f.failure.thread});
  for (const ExploreDeadlock& d : r.deadlocks) {
    std::vector<std::tuple<int64_t, uint32_t, uint32_t>> key;
    for (const BlockedThread& b : d.blocked)
      key.emplace_back(b.thread, b.blocker.range.begin.line, b.blocker.range.begin.col);
    o.deadlocks.insert(key);
  }
  return o;
}

void check_outlining_keeps_outcomes(ExpansionFault fault) {
  std::string text = *testing::gen_concurrent_source({.counted_loops = true});
  RC_LOG() << text;
  auto original = testing::compile(text);
  RC_ASSERT(original != nullptr);
  ExploreOptions options;
  options.max_states = 20'000;
  ExploreResult expected = explore_program(original->code, options);
  RC_PRE(expected.limit.empty());

  Program outlined = original->program;
  Outliner([](size_t n) { return *rc::gen::inRange<size_t>(0, n + 1); }).outline(outlined);
  RC_LOG() << print_program(outlined);
  std::string diagnostics;
  auto expanded = expand_and_compile(std::move(outlined), fault, diagnostics);
  RC_ASSERT(expanded != nullptr);
  ExploreResult got = explore_program(expanded->code, options);
  RC_ASSERT(got.limit.empty());
  RC_TAG(expanded->program.body.size() > original->program.body.size() ? "with parameters"
                                                                       : "spawned only");
  RC_ASSERT(outcomes(got) == outcomes(expected));
}

RC_GTEST_PROP(ProceduresGenerated, OutliningKeepsEveryOutcome, ()) {
  check_outlining_keeps_outcomes(ExpansionFault::None);
}

TEST(ProceduresTeeth, ArgumentsToTheWrongParametersAreCaught) {
  auto failure = verify::find_failure(
      [] { check_outlining_keeps_outcomes(ExpansionFault::ArgumentsRotated); }, 300);
  EXPECT_TRUE(failure) << "an expansion handing arguments to the wrong parameters was not caught";
}

// ---- Directed tests ----------------------------------------------------------------------

const char* kPrivateLocals = R"(shared out;
proc set(a) {
  b := a + 1;
  a := 0;
  store b out;
}
a := 5;
b := 7;
set(a);
r := load out;
assert(r == 6);
assert(a == 5);
assert(b == 7);
)";

// Runs kPrivateLocals expanded with `fault` and says whether every assertion held.
bool private_locals_hold(ExpansionFault fault) {
  SourceFile file("private.rl", kPrivateLocals);
  std::ostringstream out;
  DiagnosticEngine diags(file, &out);
  auto program = parse_program(file, diags);
  if (!program) return false;
  std::string diagnostics;
  auto e = expand_and_compile(std::move(*program), fault, diagnostics);
  if (!e) return false;
  ExploreResult r = explore_program(e->code, ExploreOptions{});
  return r.assertion_failures.empty() && r.runtime_errors.empty() && r.final_states.size() == 1;
}

TEST(Procedures, LocalsAndParametersArePrivateToTheCall) {
  EXPECT_TRUE(private_locals_hold(ExpansionFault::None));
  // The broken expansion assigns the caller's a and b: the teeth of this test.
  EXPECT_FALSE(private_locals_hold(ExpansionFault::LocalsShared));
}

TEST(Procedures, ReadBeforeAssignedLocalsStartAtZeroAtEveryCall) {
  auto c = testing::compile(R"(shared out[3];
proc count(slot) {
  n := n + 1;
  store n out[slot];
}
i := 0;
while (i < 3) {
  count(i);
  i := i + 1;
}
a := load out[0];
b := load out[1];
c := load out[2];
assert(a == 1 && b == 1 && c == 1);
)");
  ASSERT_NE(c, nullptr);
  ExploreResult r = explore_program(c->code, ExploreOptions{});
  EXPECT_TRUE(r.assertion_failures.empty());
  EXPECT_EQ(r.final_states.size(), 1u);
}

TEST(Procedures, RenamedLocalsAvoidEveryNameOfTheProgram) {
  // `f__x` is taken by the caller, so f's x becomes f__x_1 and the two stay apart.
  auto c = testing::compile(R"(shared out;
proc f(x) {
  store x out;
}
f__x := 9;
f(1);
v := load out;
assert(v == 1 && f__x == 9);
)");
  ASSERT_NE(c, nullptr);
  ExploreResult r = explore_program(c->code, ExploreOptions{});
  EXPECT_TRUE(r.assertion_failures.empty());
  std::vector<std::string> locals;
  thread_locals(c->program.body, locals);
  EXPECT_NE(std::find(locals.begin(), locals.end(), "f__x_1"), locals.end());
}

TEST(Procedures, NestedCallsAndSpawnedCallsExpandInPlace) {
  auto c = testing::compile(R"(shared x;
proc inc(k) {
  v := load x;
  store v + k x;
}
proc twice(k) {
  inc(k);
  inc(k);
}
spawn 1 twice(2);
wait 1;
twice(3);
r := load x;
assert(r == 10);
)");
  ASSERT_NE(c, nullptr);
  EXPECT_TRUE(c->program.procs.empty());
  ExploreResult r = explore_program(c->code, ExploreOptions{});
  EXPECT_TRUE(r.assertion_failures.empty());
  EXPECT_TRUE(r.races.empty());
  // The body's statements keep their positions: inc's load is at 3:3 in every copy.
  int loads_at_inc = 0;
  for_each_stmt(c->program.body, SpawnBodies::Enter, [&](const Stmt& s) {
    if (std::holds_alternative<Load>(s.node) && s.range.begin == SourceLoc{3, 3}) ++loads_at_inc;
  });
  EXPECT_EQ(loads_at_inc, 4);
}

} // namespace
} // namespace racelang
