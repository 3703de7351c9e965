// Shared thread functions (jit/README.md, "Shared thread functions") against the interpreter.
// A generated program spawns 2-4 threads from one template: the same statements, with literals
// that are the same in every thread (loop bounds, constants), the thread's id, its slice of an
// array, multiples of its id and values drawn for each thread apart. Each thread touches only
// its own slice, its own cell of `out`, its own lock and its own volatile, and the threads
// meet only at a barrier every one of them reaches, so the final memory does not depend on the
// schedule — the metadata of either instrumentation pass included. The JIT, which compiles the
// threads as one function, must end as the interpreter does: the same outcome, the same print
// lines (as a multiset: threads print concurrently) and every cell of memory. The code
// generator that runs every member with the first member's literals
// (jit::Fault::SharedThreadsUseFirstLiterals) fails it. A fixed racy program pins that a race
// found inside a shared thread function names the thread and the line of the member that
// made the access. The same property runs with some members' checks stripped (strip_checks),
// so that their group's function selects each member's own form of those accesses
// (CodegenOptions::share_threads_whose_checks_differ); running every member with the first
// member's choice (jit::Fault::SharedThreadsUseFirstChecks) fails it and a fixed race found in
// a selected check.
#include <algorithm>
#include <functional>
#include <sstream>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "frontend/ast_walk.h"
#include "tests/jit/jit_harness.h"
#include "verify/property_runner.h"

namespace racelang {
namespace {

using namespace racelang::testing;

// The instrumented programs are large (a clock entry per thread, unrolled) and compile time
// dominates the property's cost, as in the concurrency properties (jit_harness.h).
const int kOptLevel = kPropertyOptLevel;
constexpr int64_t kSlice = 6; // cells of `a` per thread

// A literal of the template and its value in thread t (1..threads).
struct TemplateLiteral {
  enum Kind { Same, ThreadId, Multiple, SliceBase, Drawn } kind = Same;
  int64_t c = 0;              // Same: the value; Multiple: the constant added; SliceBase: the cell
  int64_t mul = 1;            // Multiple: the factor
  std::vector<int64_t> drawn; // Drawn: by thread (index t)

  int64_t value(int64_t t) const {
    switch (kind) {
    case Same:
      return c;
    case ThreadId:
      return t;
    case Multiple:
      return mul * t + c;
    case SliceBase:
      return (t - 1) * kSlice + c;
    case Drawn:
      return drawn[t];
    }
    return 0;
  }
};

// Writes a thread template: text with `@k` standing for literal k.
class TemplateGen {
public:
  explicit TemplateGen(int threads) : threads_(threads) {}

  std::string body() {
    std::string out = "r0 := " + lit(any_literal()) + ";\nr1 := " + lit(any_literal()) +
                      ";\nr2 := " + lit(any_literal()) + ";\n";
    int n = *rc::gen::inRange(1, 7);
    for (int k = 0; k < n; ++k) {
      if (*rc::gen::inRange(0, 8) == 0) out += "await bar;\n"; // every thread reaches it
      out += stmt(0, false);
    }
    out += "store r0 + r1 + r2 out[" + lit(thread_id()) + "];\n";
    return out;
  }

  std::string instantiate(const std::string& text, int64_t t) const {
    std::string out;
    for (size_t k = 0; k < text.size(); ++k) {
      if (text[k] != '@') {
        out += text[k];
        continue;
      }
      size_t end = k + 1;
      while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
      int64_t v = literals_[std::stoul(text.substr(k + 1, end - k - 1))].value(t);
      // Negative values as (0 - n), which every expression position accepts.
      out += v < 0 ? "(0 - " + std::to_string(-v) + ")" : std::to_string(v);
      k = end - 1;
    }
    return out;
  }

private:
  std::string lit(TemplateLiteral l) {
    literals_.push_back(std::move(l));
    return "@" + std::to_string(literals_.size() - 1);
  }
  static TemplateLiteral of(TemplateLiteral::Kind kind, int64_t c) {
    TemplateLiteral l;
    l.kind = kind;
    l.c = c;
    return l;
  }
  TemplateLiteral thread_id() { return of(TemplateLiteral::ThreadId, 0); }
  TemplateLiteral slice(int64_t cell) { return of(TemplateLiteral::SliceBase, cell); }

  // A literal of any kind; with `nonzero` (a divisor), never 0 in any thread (a slice's base
  // is 0 in thread 1).
  TemplateLiteral any_literal(bool nonzero = false) {
    TemplateLiteral l;
    l.kind = static_cast<TemplateLiteral::Kind>(nonzero ? *rc::gen::element(0, 1, 2, 4)
                                                        : *rc::gen::element(0, 1, 2, 3, 4));
    l.c = *rc::gen::inRange<int64_t>(1, 40);
    l.mul = *rc::gen::inRange<int64_t>(0, 9);
    if (l.kind == TemplateLiteral::SliceBase) l.c = *rc::gen::inRange<int64_t>(0, kSlice);
    for (int t = 0; t <= threads_; ++t) l.drawn.push_back(*rc::gen::inRange<int64_t>(1, 1000));
    return l;
  }

  std::string local() { return "r" + std::to_string(*rc::gen::inRange(0, 3)); }

  std::string expr(int depth) {
    int choice = *rc::gen::inRange(0, depth >= 2 ? 2 : 8);
    switch (choice) {
    case 0:
      return local();
    case 1:
      return lit(any_literal());
    case 2:
      return "(" + expr(depth + 1) + " + " + expr(depth + 1) + ")";
    case 3:
      return "(" + expr(depth + 1) + " * " + lit(any_literal()) + ")";
    case 4:
      return "(" + expr(depth + 1) + " - " + expr(depth + 1) + ")";
    case 5:
      return "(" + expr(depth + 1) + " / " + lit(any_literal(true)) + ")";
    case 6:
      return "(" + expr(depth + 1) + " % " + lit(any_literal(true)) + ")";
    default:
      return "min(" + expr(depth + 1) + ", " + expr(depth + 1) + ")";
    }
  }

  std::string cell() { return "a[" + lit(slice(*rc::gen::inRange<int64_t>(0, kSlice))) + "]"; }

  std::string block(int depth, bool locked) {
    std::string out;
    int n = *rc::gen::inRange(1, 4);
    for (int k = 0; k < n; ++k) out += stmt(depth, locked);
    return out;
  }

  std::string stmt(int depth, bool locked) {
    int choice = *rc::gen::inRange(0, depth >= 2 ? 5 : 9);
    switch (choice) {
    case 0:
      return local() + " := " + expr(0) + ";\n";
    case 1:
      return local() + " := load " + cell() + ";\n";
    case 2:
      return "store " + expr(0) + " " + cell() + ";\n";
    case 3:
      return "print(" + expr(0) + ", " + lit(thread_id()) + ");\n";
    case 4:
      return local() + " := fetch_add(v[" + lit(thread_id()) + "], " + expr(1) + ");\n";
    case 5:
      if (locked) return local() + " := " + expr(0) + ";\n";
      {
        std::string m = lit(thread_id());
        return "lock m[" + m + "];\n" + block(depth + 1, true) + "unlock m[" + m + "];\n";
      }
    case 6:
      return "if (" + expr(0) + " < " + expr(0) + ") {\n" + block(depth + 1, locked) +
             "} else {\n" + block(depth + 1, locked) + "}\n";
    default: {
      // A loop over part of the slice; its bound is the same in every thread.
      std::string j = "j" + std::to_string(depth);
      TemplateLiteral bound = of(TemplateLiteral::Same, *rc::gen::inRange<int64_t>(1, kSlice + 1));
      return j + " := 0;\nwhile (" + j + " < " + lit(bound) + ") {\n" + "store " + expr(1) + " + " +
             j + " a[" + lit(slice(0)) + " + " + j + "];\n" + block(depth + 1, locked) + j +
             " := " + j + " + 1;\n}\n";
    }
    }
  }

  int threads_;
  std::vector<TemplateLiteral> literals_;
};

struct ThreadsProgram {
  int threads = 0;
  std::string text;
};

ThreadsProgram gen_threads_program() {
  ThreadsProgram p;
  p.threads = *rc::gen::inRange(2, 5);
  TemplateGen gen(p.threads);
  std::string body = gen.body();
  int n = p.threads;
  std::ostringstream out;
  out << "shared a[" << n * kSlice << "];\nshared out[" << n + 1 << "];\nmutex m[" << n + 1
      << "];\nvolatile v[" << n + 1 << "];\nbarrier bar(" << n << ");\n";
  for (int t = 1; t <= n; ++t) out << "spawn " << t << " {\n" << gen.instantiate(body, t) << "}\n";
  for (int t = 1; t <= n; ++t) out << "wait " << t << ";\n";
  out << "s := 0;\nk := 0;\nwhile (k < " << n * kSlice << ") {\n  x := load a[k];\n"
      << "  s := s + x;\n  k := k + 1;\n}\nstore s out[0];\n";
  p.text = out.str();
  return p;
}

// Members whose checks differ (jit/README.md, "Members whose checks differ"): in the threads
// `strip` picks, each checked access of a shared array (an instruction group holding a load or
// store of `a` or `out`) is, with probability one half, replaced by the plain access the
// instrumentation wrote it from, as an elimination that kept another subset of checks would
// have left it. Groups that load the thread's clock (`__c`, the first check of a FastTrack
// thread or loop) stay: later checks need it. The program is still one the interpreter runs
// as it is, its final memory, metadata included, still independent of the schedule (each
// thread's metadata is its own cells'). Returns how many accesses it stripped.
size_t strip_checks(Block& block, const Program& original, const ProgramInfo& info) {
  size_t stripped = 0;
  for (size_t k = 0; k < block.size();) {
    size_t end = k + 1;
    if (block[k].group != 0)
      while (end < block.size() && block[end].group == block[k].group) ++end;
    if (end - k == 1) {
      if (auto* i = std::get_if<If>(&block[k].node)) {
        stripped += strip_checks(i->then_body, original, info);
        if (i->else_body) stripped += strip_checks(*i->else_body, original, info);
      } else if (auto* w = std::get_if<While>(&block[k].node)) {
        stripped += strip_checks(w->body, original, info);
      }
      k = end;
      continue;
    }
    bool loads_clock = false;
    for (size_t j = k; j < end; ++j)
      for_each_stmt(block[j], SpawnBodies::Skip, [&](const Stmt& s) {
        if (const auto* l = std::get_if<Load>(&s.node); l && l->local == "__c") loads_clock = true;
      });
    const Stmt* access = access_statement_at(original.body, block[k].range.begin);
    const Location* loc = nullptr;
    if (access) {
      if (const auto* l = std::get_if<Load>(&access->node)) loc = &l->loc;
      if (const auto* st = std::get_if<Store>(&access->node)) loc = &st->loc;
    }
    const Symbol* sym = loc ? info.find_symbol(loc->name) : nullptr;
    if (loads_clock || !sym || sym->kind != SymbolKind::Shared || !*rc::gen::arbitrary<bool>()) {
      k = end;
      continue;
    }
    Stmt bare = *access;
    bare.group = block[k].group;
    block.erase(block.begin() + static_cast<std::ptrdiff_t>(k + 1),
                block.begin() + static_cast<std::ptrdiff_t>(end));
    block[k] = std::move(bare);
    ++stripped;
    ++k;
  }
  return stripped;
}

// `instrument`: 0 plain, 1 FastTrack, 2 VectorClock (each without eliminations, so every
// access is checked and its metadata written). With `strip`, some threads' checks are
// stripped (strip_checks), so their group has variants.
// Shared runs of instrumentation (shared_code.h) down to `min_shared_weight` statements are
// compiled inside the shared thread function too, and take their literals from its parameters.
void check_shared_threads_match_interpreter(const ThreadsProgram& p, int instrument,
                                            jit::Fault fault, size_t min_shared_weight,
                                            bool strip = false) {
  auto c = compile(p.text, "threads.rl");
  RC_ASSERT(c != nullptr);
  jit::CodegenOptions codegen;
  codegen.fault = fault;
  codegen.min_shared_weight = min_shared_weight;
  codegen.share_threads_whose_checks_differ = strip;
  PassOptions pass;
  pass.pass = instrument == 2 ? PassKind::VectorClock : PassKind::FastTrack;
  pass.elide = std::vector<std::string>{};
  // Clock operations unrolled, as loops outside the threads' loops only (main's spawns and
  // waits among them, whose runs are then shared from kSpawnWaitMinSharedWeight statements
  // on), or as loops everywhere.
  pass.outer_clock_loop_threshold = *rc::gen::element<int64_t>(0, kDefaultOuterClockLoopThreshold);
  pass.clock_loop_threshold = *rc::gen::element<int64_t>(0, kDefaultClockLoopThreshold);
  std::unique_ptr<JitSubject> s;
  if (!strip || instrument == 0) {
    s = jit_compile(*c, instrument != 0, kOptLevel, codegen, pass);
  } else {
    s = std::make_unique<JitSubject>();
    s->original = c.get();
    std::string error;
    s->instrumented = instrument_program(c->program, c->info, pass, error);
    RC_ASSERT(s->instrumented != nullptr);
    size_t stripped = 0;
    for (const ThreadInfo& t : s->instrumented->info.threads)
      if (t.id != 0 && *rc::gen::arbitrary<bool>())
        stripped += strip_checks(const_cast<Block&>(*t.body), c->program, c->info);
    RC_CLASSIFY(stripped > 0, "checks stripped");
    s->jitted = engine(kOptLevel).compile(s->program(), s->info(), codegen, error);
    RC_ASSERT(s->jitted != nullptr);
  }
  RC_ASSERT(s != nullptr);
  // Every spawned thread shares the one function (a test that shares nothing tests nothing).
  RC_ASSERT(s->jitted->times().shared_threads == static_cast<size_t>(p.threads));
  RC_ASSERT(s->jitted->times().shared_thread_functions == 1u);
  RC_CLASSIFY(s->jitted->times().rare_path_functions > 0, "slow paths compiled quickly");
  const Compiled* run = c.get();
  std::unique_ptr<Compiled> instrumented;
  if (instrument != 0) {
    CheckOptions reserved;
    reserved.allow_reserved_names = true;
    instrumented = compile(s->program(), reserved);
    RC_ASSERT(instrumented != nullptr);
    run = instrumented.get();
  }
  TracedRun interp = interpret(*run, 2'000'000);
  RC_SUCCEED_IF(interp.result.outcome == Outcome::StepLimit);
  JitRun j = jit_run(*s);
  RC_ASSERT(j.result.outcome == interp.result.outcome);
  RC_ASSERT(j.result.races.empty());
  std::vector<std::string> jit_lines = j.output, interp_lines = interp.output;
  std::sort(jit_lines.begin(), jit_lines.end());
  std::sort(interp_lines.begin(), interp_lines.end());
  RC_ASSERT(jit_lines == interp_lines);
  if (j.result.outcome == Outcome::Finished) RC_ASSERT(j.result.memory == interp.result.memory);
}

// One case of the property: a generated program, instrumented (`instrument` from
// `lowest_instrument` on: 0 is plain) and, with `strip`, with some members' checks stripped.
void shared_threads_case(int lowest_instrument, bool strip) {
  ThreadsProgram p = gen_threads_program();
  int instrument = *rc::gen::inRange(lowest_instrument, 3);
  size_t min_shared_weight = *rc::gen::element<size_t>(1, 4, jit::kDefaultMinSharedWeight);
  RC_TAG(instrument);
  RC_LOG() << p.text;
  check_shared_threads_match_interpreter(p, instrument, jit::Fault::None, min_shared_weight, strip);
}

RC_GTEST_PROP(JitSharedThreads, ThreadsIdenticalUpToLiteralsEndAsInTheInterpreter, ()) {
  shared_threads_case(0, false);
}

// The same with members whose checks differ: their group's function selects each member's
// own form of every access whose check some members have and others not.
RC_GTEST_PROP(JitSharedThreads, MembersWhoseChecksDifferEndAsInTheInterpreter, ()) {
  shared_threads_case(1, true);
}

TEST(JitSharedThreads, RunningEveryMemberWithTheFirstMembersChecksFailsTheProperty) {
  auto failure = verify::find_failure(
      [] {
        check_shared_threads_match_interpreter(gen_threads_program(), *rc::gen::inRange(1, 3),
                                               jit::Fault::SharedThreadsUseFirstChecks,
                                               jit::kDefaultMinSharedWeight, true);
      },
      200);
  ASSERT_TRUE(failure.has_value()) << "members run with the first member's checks went "
                                      "unnoticed";
}

TEST(JitSharedThreads, UsingTheFirstMembersLiteralsFailsTheProperty) {
  auto failure = verify::find_failure(
      [] {
        check_shared_threads_match_interpreter(gen_threads_program(), *rc::gen::inRange(0, 3),
                                               jit::Fault::SharedThreadsUseFirstLiterals,
                                               jit::kDefaultMinSharedWeight);
      },
      200);
  ASSERT_TRUE(failure.has_value()) << "threads run with the first member's literals went "
                                      "unnoticed";
}

// The slow paths outside loops that synchronise are functions of the quick module (jit/README.md,
// "Quick code for rare paths"); in a thread group's function each is passed the member's thread
// id, first site and literals. Without them every member's slow path checks and records the
// first member's metadata, and the memory differs from the interpreter's.
TEST(JitSharedThreads, RarePathsWithTheFirstMembersLiteralsFailTheProperty) {
  auto failure = verify::find_failure(
      [] {
        check_shared_threads_match_interpreter(gen_threads_program(), *rc::gen::inRange(1, 3),
                                               jit::Fault::RarePathsUseFirstMembersLiterals,
                                               jit::kDefaultMinSharedWeight);
      },
      200);
  ASSERT_TRUE(failure.has_value()) << "rare paths run with the first member's literals went "
                                      "unnoticed";
}

// Threads 1 and 2 both write `x` without synchronisation after a long private loop: a race on
// every schedule. With `same_shape`, their bodies are the same code up to literals and are
// compiled as one function, whichever writes `x` second finds the race inside it, and the
// report must name each access by the thread that made it and that thread's own line (4 for
// thread 1, 10 for thread 2; the sites the checks write into x's metadata are literals that
// differ between the two): with the first member's literals, thread 2's write leaves thread
// 1's site in the metadata. Without, thread 2 sets k before writing x (line 11), a different
// statement order (no literal), and each thread is compiled on its own: the control.
std::string racy_program(bool same_shape) {
  std::string second = same_shape ? "  store 2 x;\n  k := 0;\n" : "  k := 0;\n  store 2 x;\n";
  return "shared x;\nshared w[3];\nspawn 1 {\n  store 1 x;\n  k := 0;\n"
         "  while (k < 100000) { k := k + 1; }\n  store k w[1];\n}\nspawn 2 {\n" +
         second + "  while (k < 100000) { k := k + 1; }\n  store k w[2];\n}\nwait 1;\nwait 2;\n";
}

// Whether 10 runs of `source` each report a race on x whose two accesses are named with
// their own thread's line.
bool names_each_member(const std::string& source, jit::Fault fault, size_t expected_shared,
                       const std::function<uint32_t(int64_t)>& line_of,
                       bool checks_differ = false) {
  auto c = compile(source, "race.rl");
  EXPECT_TRUE(c);
  if (!c) return false;
  jit::CodegenOptions codegen;
  codegen.fault = fault;
  codegen.share_threads_whose_checks_differ = checks_differ;
  auto s = jit_compile(*c, true, 2, codegen);
  EXPECT_TRUE(s);
  if (!s) return false;
  EXPECT_EQ(s->jitted->times().shared_threads, expected_shared);
  uint32_t x = s->info().find_symbol("x")->first_cell;
  for (int run = 0; run < 10; ++run) {
    JitRun j = jit_run(*s);
    if (j.result.races.size() != 1) return false;
    const RaceReport& r = j.result.races[0];
    if (r.cell != x || r.current.thread == r.previous.thread) return false;
    if (r.current.range.begin.line != line_of(r.current.thread) ||
        r.previous.range.begin.line != line_of(r.previous.thread))
      return false;
  }
  return true;
}

// Three threads of one shape whose checks the default eliminations keep differently: thread
// 1's write of x[5] (no other thread touches it) is proved race-free and left plain, threads
// 2 and 3 write x[0] and keep their checks. The three share one function in which that write
// is a variant, and the race between threads 2 and 3 is found in its checked form, which
// their selector chooses: the report must name thread 2's line 10 and thread 3's line 16.
// With every member running thread 1's choice (Fault::SharedThreadsUseFirstChecks) the race
// goes unseen.
const char* kRacyVariants = R"(shared x[8];
shared w[4];
spawn 1 {
  store 1 x[5];
  k := 0;
  while (k < 100000) { k := k + 1; }
  store k w[1];
}
spawn 2 {
  store 2 x[0];
  k := 0;
  while (k < 100000) { k := k + 1; }
  store k w[2];
}
spawn 3 {
  store 3 x[0];
  k := 0;
  while (k < 100000) { k := k + 1; }
  store k w[3];
}
wait 1;
wait 2;
wait 3;
)";

TEST(JitSharedThreads, ARaceInAMembersSelectedCheckNamesThatMember) {
  auto line_of = [](int64_t thread) { return thread == 2 ? 10u : 16u; };
  EXPECT_TRUE(names_each_member(kRacyVariants, jit::Fault::None, 3, line_of, true));
  EXPECT_FALSE(
      names_each_member(kRacyVariants, jit::Fault::SharedThreadsUseFirstChecks, 3, line_of, true));
  // The control: by default (share_threads_whose_checks_differ off) thread 1 compiles alone.
  EXPECT_TRUE(names_each_member(kRacyVariants, jit::Fault::None, 2, line_of));
}

TEST(JitSharedThreads, ARaceInASharedThreadNamesTheMemberThatMadeTheAccess) {
  auto lines = [](uint32_t line1, uint32_t line2) {
    return [=](int64_t thread) { return thread == 1 ? line1 : line2; };
  };
  EXPECT_TRUE(names_each_member(racy_program(false), jit::Fault::None, 0, lines(4, 11)));
  EXPECT_TRUE(names_each_member(racy_program(true), jit::Fault::None, 2, lines(4, 10)));
  EXPECT_FALSE(names_each_member(racy_program(true), jit::Fault::SharedThreadsUseFirstLiterals, 2,
                                 lines(4, 10)));
}

} // namespace
} // namespace racelang
