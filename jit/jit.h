// The JIT backend's public interface: compile a checked racelang program (original or
// instrumented; this backend knows nothing about race detection beyond "a failing `__race`
// check is reported as a race") to native code with LLVM ORC, and run it on real OS threads.
// No LLVM type appears here: the driver and the tests include this header only.
//
//   auto engine = Engine::create(2, error);              // one LLJIT, reused for many programs
//   auto program = engine->compile(ast, info, {}, error); // IR -> optimised -> machine code
//   RunResult r = program->run({});                       // threads, watchdog, results
//
// A CompiledProgram can run any number of times (tests run one program twenty times).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/ast.h"
#include "frontend/check.h"

namespace racelang::jit {

// Deliberately broken code generation, for the tests that show the properties have teeth.
enum class Fault : uint8_t {
  None,
  SwapMinMax,       // `min` computes max and vice versa
  IgnoreRaceChecks, // a failing `__race` check does nothing
  WaitDoesNotBlock, // `wait` returns at once
  UnlockKeepsLock,  // `unlock` checks the holder but leaves the lock held
};

struct CodegenOptions {
  // Count shared accesses, checks and locks (for --stats). Off by default so that the default
  // code has no counters at all.
  bool stats = false;
  // Keep the optimised IR text (for --emit=llvm).
  bool keep_ir = false;
  Fault fault = Fault::None;
};

struct CompileTimes {
  double ir_ms = 0;       // AST -> LLVM IR (and verification)
  double optimise_ms = 0; // the new pass manager's pipeline at the chosen level
  double codegen_ms = 0;  // machine code and linking (ORC materialisation)
  double total() const { return ir_ms + optimise_ms + codegen_ms; }
};

enum class Outcome : uint8_t {
  Finished,         // every thread finished (races may have been reported with keep_going)
  Race,             // stopped at a failed instrumentation check
  RuntimeError,     // division by zero, bad index, unlock not held, re-spawn
  AssertionFailure, // a user assert
  Deadlock,         // every live thread blocked in lock or wait (found by the watchdog)
};

// A failed instrumentation check, as the interpreter's RaceCheckReport.
struct RaceCheckReport {
  AccessKind kind = AccessKind::Read;
  uint32_t cell = 0;
  int64_t site = 0; // line * kSiteLineFactor + col of the access
  AccessKind previous_kind = AccessKind::Write;
  int64_t previous_thread = 0;
  int64_t previous_site = 0;
};

struct Failure {
  Outcome kind = Outcome::RuntimeError; // RuntimeError, AssertionFailure or Race
  int64_t thread = 0;                   // racelang id
  SourceRange range;
  std::string message; // "thread 2: division by zero (a / b with a = 1, b = 0)"
  std::optional<RaceCheckReport> race;
};

// A thread the watchdog found blocked, as the interpreter's Blocker.
struct BlockedThread {
  enum Kind : uint8_t { Lock, Wait } kind = Lock;
  int64_t thread = 0;
  uint32_t cell = 0;   // Lock: the lock's cell
  int64_t holder = -1; // Lock: the holding thread
  int64_t waited = -1; // Wait: the waited thread's id
  bool waited_spawned = false;
  SourceRange range; // the blocked statement
};

struct RunStats {
  uint64_t threads = 0; // threads that ran (main included)
  uint64_t shared_accesses = 0;
  uint64_t reserved_accesses = 0;
  uint64_t checks = 0;
  uint64_t locks = 0;
  bool counted = false; // the program was compiled with CodegenOptions::stats
  double run_ms = 0;
};

struct RunResult {
  Outcome outcome = Outcome::Finished;
  std::vector<Failure> races;         // distinct failed checks, in the order reported
  std::optional<Failure> failure;     // RuntimeError, AssertionFailure, or the check that ended it
  std::vector<BlockedThread> blocked; // Deadlock: every live thread, by thread index
  std::vector<int64_t> memory;        // shared memory at the end (lock cells: 0 or t + 1)
  RunStats stats;
};

struct RunOptions {
  // Report every distinct failed check once and continue past it.
  bool keep_going = false;
  // Each printed line (no newline), called under the output lock. Unset: lines are dropped.
  std::function<void(std::string_view)> print;
  // Each distinct failed check when it is reported, under the same lock as print.
  std::function<void(const Failure&)> on_race;
  // How often the watchdog looks for a deadlock; one is reported after two looks agree.
  uint32_t watchdog_interval_ms = 10;
};

class CompiledProgram {
public:
  virtual ~CompiledProgram() = default;
  virtual RunResult run(const RunOptions& options) const = 0;
  virtual const std::string& ir() const = 0; // with CodegenOptions::keep_ir
  virtual const CompileTimes& times() const = 0;
};

class Engine {
public:
  // An LLJIT for the host with the given optimisation level (0-3). Returns nothing (with
  // `error` set) if LLVM cannot target the host.
  static std::unique_ptr<Engine> create(int opt_level, std::string& error);
  virtual ~Engine() = default;

  // Compiles a checked program. `program` and `info` must outlive the result. Each program
  // gets its own JITDylib, freed with the CompiledProgram.
  virtual std::unique_ptr<CompiledProgram> compile(const Program& program, const ProgramInfo& info,
                                                   const CodegenOptions& options,
                                                   std::string& error) = 0;
  virtual int opt_level() const = 0;
};

} // namespace racelang::jit
