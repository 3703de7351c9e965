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

std::unique_ptr<JitSubject> jit_compile(const Compiled& c, bool vc, int opt_level,
                                        jit::CodegenOptions options) {
  auto s = std::make_unique<JitSubject>();
  s->original = &c;
  if (vc) {
    std::string error;
    s->instrumented = instrument_program(c.program, c.info, PassOptions{}, error);
    if (!s->instrumented) {
      ADD_FAILURE() << error;
      return nullptr;
    }
  }
  s->code = std::make_unique<Code>(compile_program(s->program(), s->info()));
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

JitRun jit_run(const JitSubject& s, bool keep_going) {
  JitRun out;
  jit::RunOptions options;
  options.keep_going = keep_going;
  options.watchdog_interval_ms = 2;
  options.print = [&](std::string_view line) { out.output.emplace_back(line); };
  out.result = s.jitted->run(options);
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

Failure to_interp(const jit::Failure& f) {
  Failure out;
  out.kind = f.kind == jit::Outcome::Race               ? FailureKind::RaceCheck
             : f.kind == jit::Outcome::AssertionFailure ? FailureKind::AssertionFailure
                                                        : FailureKind::RuntimeError;
  out.thread = f.thread;
  out.range = f.range;
  out.message = f.message;
  if (f.race)
    out.race = RaceCheckReport{f.race->kind,
                               f.race->cell,
                               f.race->site,
                               f.race->previous_kind,
                               f.race->previous_thread,
                               f.race->previous_site};
  return out;
}

BlockedThread to_interp(const jit::BlockedThread& b) {
  Blocker blocker;
  blocker.kind = b.kind == jit::BlockedThread::Lock ? Blocker::Lock : Blocker::Wait;
  blocker.cell = b.cell;
  blocker.holder = b.holder;
  blocker.waited = b.waited;
  blocker.waited_spawned = b.waited_spawned;
  blocker.range = b.range;
  return BlockedThread{b.thread, blocker};
}

std::string describe_race(const RaceReport& race, const ProgramInfo& info) {
  RaceKey key = race_key(race);
  return "race " + info.cell_name(race.cell) + " " + format_loc(key.first) + " " +
         format_loc(key.second);
}

std::string describe_failure(const Failure& f, bool exact) {
  std::string out =
      "failure " + std::to_string(static_cast<int>(f.kind)) + " thread " + std::to_string(f.thread);
  if (exact) out += " " + format_loc(f.range.begin) + " " + f.message;
  return out;
}

std::string describe_deadlock(const std::vector<BlockedThread>& blocked, const ProgramInfo& info) {
  std::string out = "deadlock";
  for (const BlockedThread& b : blocked) {
    out += " " + std::to_string(b.thread) + ":" + std::to_string(b.blocker.kind);
    if (b.blocker.kind == Blocker::Lock) out += ":" + info.cell_name(b.blocker.cell);
    if (b.blocker.kind == Blocker::Wait) out += ":" + std::to_string(b.blocker.waited);
  }
  return out;
}

std::string describe(const JitSubject& s, const jit::RunResult& r, bool exact) {
  if (!r.races.empty())
    return describe_race(race_from_check(*s.code, to_interp(r.races.front())), s.info());
  if (r.failure) return describe_failure(to_interp(*r.failure), exact);
  if (r.outcome == jit::Outcome::Deadlock) {
    std::vector<BlockedThread> blocked;
    for (const jit::BlockedThread& b : r.blocked) blocked.push_back(to_interp(b));
    return describe_deadlock(blocked, s.info());
  }
  return "";
}

} // namespace racelang::testing
