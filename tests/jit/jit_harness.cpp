// Implementation of the JIT test harness (see jit_harness.h).
#include "tests/jit/jit_harness.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <sstream>

#include "frontend/diagnostics.h"
#include "instrument/instrument.h"

namespace racelang::testing {

namespace {

// Compile times of every program this test binary compiled, reported when it ends.
struct CompileTimes : ::testing::Environment {
  std::mutex mutex;
  uint64_t programs = 0;
  double total_ms = 0, max_ms = 0;
  void add(double ms) {
    std::lock_guard<std::mutex> lock(mutex);
    ++programs;
    total_ms += ms;
    max_ms = std::max(max_ms, ms);
  }
  void TearDown() override {
    if (programs == 0) return;
    std::printf("JIT compile time: %llu programs, %.2f ms each on average, %.2f ms at most\n",
                static_cast<unsigned long long>(programs), total_ms / static_cast<double>(programs),
                max_ms);
  }
};

CompileTimes* compile_times() {
  static CompileTimes* times = [] {
    auto* t = new CompileTimes();
    ::testing::AddGlobalTestEnvironment(t); // gtest owns it
    return t;
  }();
  return times;
}

} // namespace

jit::Engine& engine(int opt_level) {
  static std::mutex mutex;
  static std::map<int, std::unique_ptr<jit::Engine>> engines;
  std::lock_guard<std::mutex> lock(mutex);
  auto& e = engines[opt_level];
  if (!e) {
    std::string error;
    e = jit::Engine::create(opt_level, error);
    if (!e) {
      ADD_FAILURE() << "cannot create the JIT: " << error;
      std::abort();
    }
  }
  return *e;
}

std::unique_ptr<JitSubject> jit_compile(const Compiled& c, bool instrument, int opt_level,
                                        jit::CodegenOptions options, const PassOptions& pass) {
  auto s = std::make_unique<JitSubject>();
  s->original = &c;
  if (instrument) {
    std::string error;
    s->instrumented = instrument_program(c.program, c.info, pass, error);
    if (!s->instrumented) {
      ADD_FAILURE() << error;
      return nullptr;
    }
  }
  auto start = std::chrono::steady_clock::now();
  std::string error;
  s->jitted = engine(opt_level).compile(s->program(), s->info(), options, error);
  s->compile_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  compile_times()->add(s->compile_ms);
  if (!s->jitted) {
    ADD_FAILURE() << "JIT compile failed: " << error;
    return nullptr;
  }
  return s;
}

testgen::GenConfig single_threaded() {
  testgen::GenConfig config;
  config.weights.spawn = 0;
  config.weights.wait = 0;
  return config;
}

TracedRun interpret(const Compiled& c, uint64_t max_steps) {
  InterpreterOptions options;
  options.detector = std::nullopt;
  options.max_steps = max_steps;
  return run_seed(c, 1, options);
}

JitRun jit_run(const JitSubject& s, bool keep_going) {
  JitRun out;
  RunOptions options;
  options.keep_going = keep_going;
  options.print = [&](std::string_view line) { out.output.emplace_back(line); };
  out.result = s.jitted->run(options, /*watchdog_interval_ms=*/2);
  return out;
}

std::vector<int64_t> original_memory(const JitSubject& s, const std::vector<int64_t>& memory) {
  const ProgramInfo& original = s.original->info;
  std::vector<int64_t> out(original.cell_count, 0);
  for (const Symbol& sym : original.symbols) {
    const Symbol* run = s.info().find_symbol(sym.name);
    for (uint32_t k = 0; k < sym.cell_count; ++k)
      out[sym.first_cell + k] = memory[run->first_cell + k];
  }
  return out;
}

// Runs `source` on both backends (uninstrumented, interpreter seed 1) and expects the same
// failure, word for word, at the same position.
void expect_same_failure(const std::string& source) {
  auto c = compile(source, "f.rl");
  ASSERT_TRUE(c);
  InterpreterOptions options;
  options.detector = std::nullopt;
  TracedRun interp = run_seed(*c, 1, options);
  ASSERT_TRUE(interp.result.failure) << source;
  auto s = jit_compile(*c, false);
  ASSERT_TRUE(s);
  JitRun j = jit_run(*s);
  ASSERT_TRUE(j.result.failure) << source;
  EXPECT_EQ(j.result.failure->message, interp.result.failure->message);
  EXPECT_EQ(j.result.failure->range, interp.result.failure->range);
  EXPECT_EQ(j.result.failure->thread, interp.result.failure->thread);
}

std::string describe(const JitSubject& s, const RunResult& r, bool exact) {
  return describe_ending(r, s.info(), exact);
}

std::string describe_race(const RaceReport& race, const ProgramInfo& info) {
  RunResult r;
  r.races.push_back(race);
  return describe_ending(r, info);
}

std::string describe_failure(const Failure& f, bool exact) {
  RunResult r;
  r.failure = f;
  return describe_ending(r, ProgramInfo{}, exact);
}

std::string describe_deadlock(const std::vector<BlockedThread>& blocked, const ProgramInfo& info) {
  RunResult r;
  r.outcome = Outcome::Deadlock;
  r.blocked = blocked;
  return describe_ending(r, info);
}

} // namespace racelang::testing
