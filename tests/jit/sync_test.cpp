// The JIT on the synchronisation of docs/language.md ("Volatiles, conditions, barriers"), on
// fixed programs run uninstrumented: every programs/sync/ example ends with the interpreter's
// final memory; runtime errors in the new statements read word for word as the interpreter's;
// a wait nobody notifies, a barrier that cannot fill and a false assumption end as the
// interpreter's deadlock or discarded run; notify wakes the longest waiter, exactly one, and a
// notify with nobody waiting is lost; a barrier is reused over many phases on real threads.
// The two runtime faults (jit::Fault) fail the tests they are named after.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tests/jit/jit_harness.h"

namespace racelang {
namespace {

using namespace racelang::testing;

constexpr int kRuns = 5;

std::string read_program(const std::string& relative) {
  std::ifstream in(std::string(RACELANG_SOURCE_DIR) + "/" + relative);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The cells of shared locations: what `explore` reports as a final state (volatiles, whose
// last values may depend on the schedule in a race-free program, are left out, as there).
std::vector<int64_t> shared_cells(const ProgramInfo& info, const std::vector<int64_t>& memory) {
  std::vector<int64_t> out;
  for (const Symbol& sym : info.symbols)
    if (sym.kind == SymbolKind::Shared)
      out.insert(out.end(), memory.begin() + sym.first_cell,
                 memory.begin() + sym.first_cell + sym.cell_count);
  return out;
}

// The JIT (uninstrumented, compiled with `codegen`) ends `kRuns` times as the interpreter's seed-1
// run does: the same ending, blocked threads (ranges and barrier counts) and, for a clean finish,
// the same shared memory. Reports the first difference as a gtest failure when `report` is set.
bool ends_as_interpreter(const std::string& source, const jit::CodegenOptions& codegen,
                         bool report = true) {
  auto c = compile(source, "sync.rl");
  if (!c) {
    ADD_FAILURE() << "does not compile:\n" << source;
    return false;
  }
  InterpreterOptions options;
  options.detector = std::nullopt;
  TracedRun interp = run_seed(*c, 1, options);
  auto s = jit_compile(*c, false, 2, codegen);
  if (!s) return false;
  std::string expected = describe_ending(interp.result, c->info);
  for (int run = 0; run < kRuns; ++run) {
    JitRun j = jit_run(*s);
    std::string got = describe(*s, j.result, true);
    bool same = got == expected && j.result.outcome == interp.result.outcome &&
                j.result.blocked.size() == interp.result.blocked.size();
    for (size_t k = 0; same && k < j.result.blocked.size(); ++k) {
      const Blocker &a = j.result.blocked[k].blocker, &b = interp.result.blocked[k].blocker;
      same = a.range == b.range && a.arrived == b.arrived && a.needed == b.needed;
    }
    if (same && j.result.outcome == Outcome::Finished)
      same = shared_cells(c->info, j.result.memory) == shared_cells(c->info, interp.result.memory);
    if (!same) {
      if (report)
        ADD_FAILURE() << "run " << run << ": the JIT ends with '" << got << "', the interpreter '"
                      << expected << "'\n"
                      << source;
      return false;
    }
  }
  return true;
}

bool ends_as_interpreter(const std::string& source, jit::Fault fault = jit::Fault::None,
                         bool report = true) {
  jit::CodegenOptions codegen;
  codegen.fault = fault;
  return ends_as_interpreter(source, codegen, report);
}

std::vector<std::string> programs_sync() {
  std::vector<std::string> out;
  for (const char* name : {"peterson", "dekker", "spin_lock", "bounded_queue", "barrier_stencil"})
    out.push_back(read_program(std::string("programs/sync/") + name + ".rl"));
  return out;
}

TEST(JitSync, EveryProgramsSyncExampleEndsAsTheInterpreter) {
  // Each has one final state over every schedule (its golden pins `explore`'s answer).
  for (const std::string& source : programs_sync()) {
    ASSERT_FALSE(source.empty());
    EXPECT_TRUE(ends_as_interpreter(source));
  }
}

TEST(JitSync, RuntimeErrorsAreTheInterpreters) {
  expect_same_failure("volatile v[2];\ni := 2;\nstore 1 v[i];\n");
  expect_same_failure("volatile v[2];\nspawn 1 {\n  k := -1;\n  r := load v[k * 3];\n}\nwait 1;\n");
  expect_same_failure("volatile v[2];\nk := 5;\nr := cas(v[k - 1], 0, 1);\n");
  expect_same_failure("volatile v;\nz := 0;\nr := cas(v, 1 / z, 1);\n");
  expect_same_failure("volatile v[3];\nspawn 2 {\n  r := fetch_add(v[3], 1);\n}\nwait 2;\n");
  expect_same_failure("volatile v;\nz := 0;\nr := fetch_add(v, 1 % z);\n");
  expect_same_failure("condition c;\nmutex m;\nwait(c, m);\n");
  expect_same_failure("condition c;\nmutex m;\nlock m;\nspawn 1 {\n  wait(c, m);\n}\nwait 1;\n");
  expect_same_failure("condition c[2];\nmutex m;\ni := 2;\nlock m;\nwait(c[i], m);\n");
  expect_same_failure("condition c[2];\nnotify_all(c[0 - 1]);\n");
  expect_same_failure("barrier b[2](1);\ni := 5;\nawait b[i];\n");
}

TEST(JitSync, DeadlocksAndDiscardedRunsAreTheInterpreters) {
  const char* programs[] = {
      // A notify with nobody waiting is lost: the later wait is never woken.
      "condition c;\nmutex m;\nnotify(c);\nspawn 1 {\n  lock m;\n  wait(c, m);\n  unlock m;\n}\n"
      "wait 1;\n",
      // A barrier for three that only two threads reach.
      "barrier b(3);\nspawn 1 {\n  await b;\n}\nawait b;\nwait 1;\n",
      // A barrier reused for 50 phases, then one arrival too many.
      "barrier b(2);\nspawn 1 {\n  k := 0;\n  while (k < 50) {\n    await b;\n    k := k + 1;\n"
      "  }\n}\nk := 0;\nwhile (k < 51) {\n  await b;\n  k := k + 1;\n}\nwait 1;\n",
      // A woken waiter blocks re-acquiring a lock its notifier keeps.
      "condition c;\nmutex m;\nvolatile parked;\nspawn 1 {\n  lock m;\n  store 1 parked;\n"
      "  wait(c, m);\n}\nf := load parked;\nwhile (f == 0) {\n  f := load parked;\n}\nlock m;\n"
      "notify(c);\nwait 1;\n",
      // A false assumption discards the run, alone or next to a deadlock.
      "shared x;\nspawn 1 {\n  assume(1 > 2);\n  store 1 x;\n}\nstore 2 x;\n",
      "spawn 1 {\n  v := 3;\n  assume(v == 4);\n}\nwait 1;\n",
      "barrier b(2);\nspawn 1 {\n  assume(0 == 1);\n}\nawait b;\n",
  };
  for (const char* text : programs) EXPECT_TRUE(ends_as_interpreter(text)) << text;
}

// `n` threads wait on condition `c` under `m`, parking in the order 1, ..., n (each parks
// before the next takes the lock, which the waiter releases only once it holds its place);
// woken, thread k runs `after_wake` with ID replaced by k. Main waits until all have parked,
// then runs `main_rest`.
std::string waiters_program(int n, const std::string& decls, const std::string& after_wake,
                            const std::string& main_rest) {
  std::string out = "condition c;\nmutex m;\nvolatile parked;\n" + decls;
  for (int k = 1; k <= n; ++k) {
    std::string id = std::to_string(k), woken = after_wake;
    for (size_t at; (at = woken.find("ID")) != std::string::npos;) woken.replace(at, 2, id);
    out += "spawn " + id + " {\n  f := load parked;\n  while (f < " + std::to_string(k - 1) +
           ") {\n    f := load parked;\n  }\n  lock m;\n  r := fetch_add(parked, 1);\n"
           "  wait(c, m);\n" +
           woken + "  unlock m;\n}\n";
  }
  return out + "f := load parked;\nwhile (f < " + std::to_string(n) +
         ") {\n  f := load parked;\n}\n" + main_rest;
}

// Main notifies the three waiters one at a time, each time waiting until someone has woken;
// each records its place in the wake-up order.
const std::string kFifo = waiters_program(
    3, "volatile pos;\nshared order[3];\n", "  p := fetch_add(pos, 1);\n  store ID order[p];\n",
    "i := 0;\nwhile (i < 3) {\n  lock m;\n  notify(c);\n  unlock m;\n  q := load pos;\n"
    "  while (q <= i) {\n    q := load pos;\n  }\n  i := i + 1;\n}\nwait 1;\nwait 2;\nwait 3;\n");

TEST(JitSync, NotifyWakesTheLongestWaiterFirst) {
  auto c = compile(kFifo, "fifo.rl");
  ASSERT_TRUE(c);
  auto s = jit_compile(*c, false, 2);
  ASSERT_TRUE(s);
  const Symbol* order = c->info.find_symbol("order");
  for (int run = 0; run < kRuns; ++run) {
    JitRun j = jit_run(*s);
    ASSERT_EQ(describe(*s, j.result, true), "");
    for (int64_t k = 0; k < 3; ++k) EXPECT_EQ(j.result.memory[order->first_cell + k], k + 1);
  }
}

// Two waiters, one notify: the first to park wakes, the other waits for good (a deadlock).
const std::string kOneNotify = waiters_program(2, "shared woken;\n", "  store ID woken;\n",
                                               "lock m;\nnotify(c);\nunlock m;\n");

TEST(JitSync, NotifyWakesExactlyOneWaiter) {
  EXPECT_TRUE(ends_as_interpreter(kOneNotify));
}

TEST(JitSync, NotifyThatWakesEveryWaiterFailsNotifyWakesExactlyOne) {
  EXPECT_FALSE(ends_as_interpreter(kOneNotify, jit::Fault::NotifyWakesAll, /*report=*/false));
}

const char* const kUnfillable =
    "barrier b(3);\nspawn 1 {\n  await b;\n}\nspawn 2 {\n  await b;\n}\n"
    "wait 1;\nwait 2;\n";

TEST(JitSync, ABarrierReleasesOnlyAFullPhase) {
  EXPECT_TRUE(ends_as_interpreter(kUnfillable));
}

TEST(JitSync, BarrierThatReleasesEarlyFailsABarrierReleasesOnlyAFullPhase) {
  EXPECT_FALSE(
      ends_as_interpreter(kUnfillable, jit::Fault::BarrierReleasesEarly, /*report=*/false));
}

// Four workers and 300 phases: in each, a worker writes its slot, meets the others, reads its
// neighbour's slot (which must hold this phase's value), and meets them again.
TEST(JitSync, ABarrierIsReusedOverManyPhases) {
  std::string text = "barrier b(4);\nshared slot[4];\nshared bad;\n";
  for (int w = 0; w < 4; ++w)
    text += "spawn " + std::to_string(w + 1) +
            " {\n  p := 0;\n  while (p < 300) {\n    store p slot[" + std::to_string(w) +
            "];\n    await b;\n    v := load slot[" + std::to_string((w + 1) % 4) +
            "];\n    if (v != p) {\n      store 1 bad;\n    }\n    await b;\n    p := p + 1;\n"
            "  }\n}\n";
  text += "wait 1;\nwait 2;\nwait 3;\nwait 4;\n";
  EXPECT_TRUE(ends_as_interpreter(text));
}

// Threads cut into functions of at most two statements (jit/README.md, "Large functions"):
// each synchronisation statement's ways out of a thread (a stop, a failure, a false assume)
// must leave a split-off part and its caller too.
TEST(JitSync, SplitThreadsRunTheSynchronisation) {
  jit::CodegenOptions split;
  split.max_function_statements = 2;
  for (const std::string& source : programs_sync()) EXPECT_TRUE(ends_as_interpreter(source, split));
  const std::string discarded =
      "shared x;\nspawn 1 {\n  v := 3;\n  w := v + 1;\n  assume(v == 4);\n"
      "  store v x;\n}\nwait 1;\n";
  for (const std::string& source : {kFifo, kOneNotify, std::string(kUnfillable), discarded})
    EXPECT_TRUE(ends_as_interpreter(source, split)) << source;
}

} // namespace
} // namespace racelang
