// Unit tests of the JIT backend on fixed programs: failure messages word for word as the
// interpreter's, several waiters on one thread, the watchdog (real deadlocks reported, busy
// lock traffic never mistaken for one), stopping spinning threads, atomic print lines,
// --keep-going reporting each distinct race once, statistics counted only when asked for,
// the shape of the generated IR, every optimisation level agreeing, and blocked threads
// sleeping instead of burning the machine's cores.
#include <gtest/gtest.h>

#include <time.h>

#include <chrono>
#include <map>
#include <set>

#include "tests/jit/jit_harness.h"

namespace racelang {
namespace {

using namespace racelang::testing;

TEST(JitRuntime, FailureMessagesAreTheInterpreters) {
  expect_same_failure("a := 10;\nb := a - 10;\nc := (a + 1) / (b * 2);\n");
  expect_same_failure("spawn 3 {\n  n := 0;\n  r := 7 % (n + 0);\n}\nwait 3;\n");
  expect_same_failure("shared buf[4];\ni := 2;\nstore 1 buf[i * 2 + 1];\n");
  expect_same_failure("shared buf[4];\nstore 1 buf[-1];\n");
  expect_same_failure("x := 3;\ny := 4;\nassert(x + 1 == y && (y < x || x > 10));\n");
  expect_same_failure("mutex m;\nunlock m;\n");
  expect_same_failure("mutex m[2];\nlock m[1];\nspawn 1 { unlock m[1]; }\nwait 1;\n");
  expect_same_failure("k := 0;\nwhile (k < 2) {\n  spawn 1 { }\n  wait 1;\n  k := k + 1;\n}\n");
  expect_same_failure("assert(0 == 1);\n");
}

TEST(JitRuntime, SeveralThreadsWaitForOne) {
  auto c = compile(R"(shared r;
shared seen[4];
spawn 1 {
  i := 0;
  while (i < 20000) { i := i + 1; }
  store 7 r;
}
spawn 2 { wait 1; v := load r; store v seen[0]; }
spawn 3 { wait 1; v := load r; store v seen[1]; }
spawn 4 { wait 1; v := load r; store v seen[2]; }
wait 1;
v := load r;
store v seen[3];
wait 2;
wait 3;
wait 4;
)");
  ASSERT_TRUE(c);
  for (bool vc : {false, true}) {
    auto s = jit_compile(*c, vc);
    ASSERT_TRUE(s);
    for (int run = 0; run < 20; ++run) {
      JitRun j = jit_run(*s);
      ASSERT_EQ(describe(*s, j.result, true), "");
      auto memory = original_memory(*s, j.result.memory);
      const Symbol* seen = c->info.find_symbol("seen");
      for (uint32_t k = 0; k < 4; ++k) EXPECT_EQ(memory[seen->first_cell + k], 7);
    }
  }
}

TEST(JitRuntime, WatchdogReportsDeadlocksLikeTheInterpreter) {
  const char* programs[] = {
      "mutex m;\nlock m;\nspawn 1 { lock m; }\nwait 1;\n",
      "mutex m;\nlock m;\nlock m;\n",
      "x := 0;\nif (x > 0) { spawn 2 { } }\nspawn 1 { wait 2; }\nwait 1;\n",
      // Threads finished holding locks: the blocked one waits for a lock nobody will release.
      "mutex a;\nspawn 1 { lock a; }\nwait 1;\nlock a;\n",
  };
  for (const char* text : programs) {
    auto c = compile(text, "d.rl");
    ASSERT_TRUE(c);
    InterpreterOptions options;
    options.detector = std::nullopt;
    TracedRun interp = run_seed(*c, 1, options);
    ASSERT_EQ(interp.result.outcome, Outcome::Deadlock) << text;
    for (bool vc : {false, true}) {
      auto s = jit_compile(*c, vc);
      ASSERT_TRUE(s);
      JitRun j = jit_run(*s);
      ASSERT_EQ(j.result.outcome, Outcome::Deadlock) << text;
      EXPECT_EQ(describe(*s, j.result, true), describe_deadlock(interp.result.blocked, c->info));
      ASSERT_EQ(j.result.blocked.size(), interp.result.blocked.size());
      for (size_t k = 0; k < j.result.blocked.size(); ++k) {
        EXPECT_EQ(j.result.blocked[k].blocker.range, interp.result.blocked[k].blocker.range);
        EXPECT_EQ(j.result.blocked[k].blocker.holder, interp.result.blocked[k].blocker.holder);
        EXPECT_EQ(j.result.blocked[k].blocker.waited_spawned,
                  interp.result.blocked[k].blocker.waited_spawned);
      }
    }
  }
}

// Heavy traffic on few locks, with threads often asleep in lock and wait: the watchdog must not
// mistake a moment when everyone is between wake-ups for a deadlock.
TEST(JitRuntime, WatchdogNeverReportsBusyLockTrafficAsADeadlock) {
  std::string text = "shared c;\nmutex m;\nmutex n;\n";
  for (int t = 1; t <= 6; ++t)
    text += "spawn " + std::to_string(t) +
            " {\n  i := 0;\n  while (i < 3000) {\n    lock m;\n    lock n;\n    v := load c;\n"
            "    store v + 1 c;\n    unlock n;\n    unlock m;\n    i := i + 1;\n  }\n}\n";
  for (int t = 1; t <= 6; ++t) text += "wait " + std::to_string(t) + ";\n";
  text += "v := load c;\nassert(v == 18000);\n";
  auto c = compile(text);
  ASSERT_TRUE(c);
  auto s = jit_compile(*c, false);
  ASSERT_TRUE(s);
  RunOptions options;
  for (int run = 0; run < 30; ++run) {
    RunResult r = s->jitted->run(options, /*watchdog_interval_ms=*/1); // as often as possible
    ASSERT_EQ(r.outcome, Outcome::Finished) << describe(*s, r, true);
  }
}

TEST(JitRuntime, AFailureStopsThreadsSpinningForever) {
  auto c = compile(R"(shared flag;
mutex m;
spawn 1 { f := 0; while (f == 0) { f := load flag; } }
spawn 2 { lock m; }
spawn 3 { i := 0; while (0 == 0) { i := i + 1; } }
wait 2;
spawn 4 { lock m; }
z := 0;
q := 1 / z;
)");
  ASSERT_TRUE(c);
  auto s = jit_compile(*c, false);
  ASSERT_TRUE(s);
  auto start = std::chrono::steady_clock::now();
  JitRun j = jit_run(*s);
  EXPECT_EQ(j.result.outcome, Outcome::RuntimeError);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

TEST(JitRuntime, PrintedLinesAreNeverTorn) {
  std::string text;
  for (int t = 1; t <= 4; ++t)
    text += "spawn " + std::to_string(t) + " {\n  i := 0;\n  while (i < 300) {\n    print(" +
            std::to_string(t) + ", i, " + std::to_string(t) + " * 1000000 + i, -1, " +
            std::to_string(t) + ");\n    i := i + 1;\n  }\n}\n";
  auto c = compile(text);
  ASSERT_TRUE(c);
  auto s = jit_compile(*c, false);
  ASSERT_TRUE(s);
  JitRun j = jit_run(*s);
  ASSERT_EQ(j.output.size(), 1200u);
  std::map<int, int> next;
  for (const std::string& line : j.output) {
    int t = 0, i = 0, tag2 = 0;
    long long big = 0, minus = 0;
    ASSERT_EQ(std::sscanf(line.c_str(), "%d %d %lld %lld %d", &t, &i, &big, &minus, &tag2), 5)
        << line;
    EXPECT_EQ(line, std::to_string(t) + " " + std::to_string(i) + " " +
                        std::to_string(t * 1000000LL + i) + " -1 " + std::to_string(t));
    EXPECT_EQ(i, next[t]++) << "lines of one thread stay in program order";
  }
}

TEST(JitRuntime, KeepGoingReportsEachDistinctRaceOnce) {
  auto c = compile(R"(shared count;
spawn 1 {
  i := 0;
  while (i < 200) { c := load count; store c + 1 count; i := i + 1; }
}
j := 0;
while (j < 200) { c := load count; store c + 1 count; j := j + 1; }
wait 1;
)");
  ASSERT_TRUE(c);
  auto s = jit_compile(*c, true);
  ASSERT_TRUE(s);
  for (int run = 0; run < 10; ++run) {
    JitRun j = jit_run(*s, /*keep_going=*/true);
    EXPECT_EQ(j.result.outcome, Outcome::Finished);
    std::set<std::string> distinct;
    for (const RaceReport& race : j.result.races) distinct.insert(describe_race(race, s->info()));
    EXPECT_EQ(distinct.size(), j.result.races.size());
    EXPECT_GE(j.result.races.size(), 1u);
    EXPECT_LE(j.result.races.size(), 4u); // {read, write} x {read, write} pairs with a write
  }
}

TEST(JitRuntime, StatisticsAreCountedOnlyWhenAsked) {
  auto c =
      compile("shared x;\nmutex m;\nspawn 1 { lock m; v := load x; store v + 1 x; unlock m; }\n"
              "lock m;\nstore 5 x;\nunlock m;\nwait 1;\n");
  ASSERT_TRUE(c);
  jit::CodegenOptions options;
  options.stats = true;
  options.keep_ir = true;
  auto counted = jit_compile(*c, true, 1, options, paper_pass_options());
  ASSERT_TRUE(counted);
  JitRun j = jit_run(*counted);
  EXPECT_TRUE(j.result.stats.counted);
  EXPECT_EQ(j.result.stats.threads, 2u);
  EXPECT_EQ(j.result.stats.shared_accesses, 3u);
  EXPECT_GT(j.result.stats.reserved_accesses, 0u);
  // z = 2 threads: a read checks W[x] for each (2), a write W[x] and R[x] (4): 2 + 4 + 4.
  EXPECT_EQ(j.result.stats.checks, 10u);
  EXPECT_GE(j.result.stats.locks, 2u + 3u);
  EXPECT_NE(counted->jitted->ir().find("counters"), std::string::npos);

  options.stats = false;
  auto plain = jit_compile(*c, true, 1, options, paper_pass_options());
  ASSERT_TRUE(plain);
  EXPECT_FALSE(jit_run(*plain).result.stats.counted);
  EXPECT_EQ(plain->jitted->ir().find("counters"), std::string::npos);
}

// Volatiles are sequentially consistent (loads, stores, cas and fetch_add); the blocking
// synchronisation is runtime calls.
TEST(JitRuntime, SharedMemoryIsAtomicAndLocksAcquireAndRelease) {
  auto c = compile("shared x;\nmutex m;\nlock m;\nv := load x;\nstore v + 1 x;\nunlock m;\n"
                   "spawn 1 { }\nwait 1;\nwhile (v < 3) { v := v + 1; }\n");
  ASSERT_TRUE(c);
  auto sync = compile("volatile v[2];\nshared x;\ncondition c;\nmutex m;\nbarrier b(1);\n"
                      "a := load v[1];\nstore a + 1 v[0];\nr := cas(v[0], 1, 2);\n"
                      "f := fetch_add(v[1], 5);\nstore r + f x;\nlock m;\nnotify(c);\n"
                      "unlock m;\nawait b;\nassume(a == 0);\n");
  ASSERT_TRUE(sync);
  jit::CodegenOptions options;
  options.keep_ir = true;
  for (int level : {0, 2}) {
    auto with_sync = jit_compile(*sync, false, level, options);
    ASSERT_TRUE(with_sync);
    const std::string& sync_ir = with_sync->jitted->ir();
    EXPECT_NE(sync_ir.find("seq_cst, align 8"), std::string::npos) << sync_ir; // load, store
    EXPECT_NE(sync_ir.find("seq_cst seq_cst"), std::string::npos);             // cas
    EXPECT_NE(sync_ir.find("atomicrmw add"), std::string::npos);               // fetch_add
    EXPECT_NE(sync_ir.find("monotonic, align 8"), std::string::npos);          // x
    for (const char* call : {"@rl_notify", "@rl_await", "@rl_assume_failed"})
      EXPECT_NE(sync_ir.find(call), std::string::npos) << call;
    auto s = jit_compile(*c, false, level, options);
    ASSERT_TRUE(s);
    const std::string& ir = s->jitted->ir();
    EXPECT_NE(ir.find("load atomic i64, ptr"), std::string::npos) << ir;
    EXPECT_NE(ir.find("store atomic i64"), std::string::npos);
    EXPECT_NE(ir.find("monotonic"), std::string::npos);
    EXPECT_NE(ir.find("cmpxchg ptr"), std::string::npos);
    EXPECT_NE(ir.find("acquire monotonic"), std::string::npos);
    EXPECT_NE(ir.find("atomicrmw xchg"), std::string::npos);
    EXPECT_NE(ir.find("release"), std::string::npos);
    EXPECT_NE(ir.find("@rl_spawn"), std::string::npos);
    EXPECT_NE(ir.find("@rl_wait"), std::string::npos);
    EXPECT_EQ(ir.find(" load i64, ptr %x"), std::string::npos); // no plain shared accesses
  }
}

TEST(JitRuntime, EveryOptimisationLevelComputesTheSame) {
  auto c = compile(R"(shared out[6];
lo := -9223372036854775807 - 1;
a := 17;
b := -5;
i := 0;
acc := 1;
while (i < 50) {
  acc := acc * 31 + i % 7 - i / 3;
  acc := max(acc, -acc) % 1000003;
  i := i + 1;
}
store acc out[0];
store lo / -1 out[1];
store lo % -1 out[2];
store a / b out[3];
store a % b out[4];
store min(lo - 1, a) out[5];
)");
  ASSERT_TRUE(c);
  InterpreterOptions options;
  options.detector = std::nullopt;
  TracedRun interp = run_seed(*c, 1, options);
  for (int level = 0; level <= 3; ++level) {
    auto s = jit_compile(*c, false, level);
    ASSERT_TRUE(s);
    EXPECT_EQ(jit_run(*s).result.memory, interp.result.memory) << "-O" << level;
  }
}

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// Blocked threads sleep: while one thread computes, three others blocked in wait and lock must
// not keep the machine's other core busy. CPU time over wall time stays near one core (it
// could only reach two or more if blocked threads spun).
TEST(JitRuntime, BlockedThreadsDoNotBurnCores) {
  auto c = compile(R"(shared done;
mutex m;
lock m;
spawn 1 {
  i := 0;
  while (i < 400000000) { i := i + 1; }
  store 1 done;
}
spawn 2 { wait 1; }
spawn 3 { lock m; unlock m; }
spawn 4 { wait 1; }
wait 1;
unlock m;
wait 2;
wait 3;
wait 4;
)");
  ASSERT_TRUE(c);
  auto s = jit_compile(*c, false, 0); // -O0 keeps the loop a loop
  ASSERT_TRUE(s);
  double cpu = cpu_seconds();
  auto start = std::chrono::steady_clock::now();
  JitRun j = jit_run(*s);
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  cpu = cpu_seconds() - cpu;
  ASSERT_EQ(j.result.outcome, Outcome::Finished);
  EXPECT_LT(cpu, 1.3 * wall + 0.02) << "cpu " << cpu << " s, wall " << wall << " s";
}

} // namespace
} // namespace racelang
