// The JIT backend's public interface: compile a checked racelang program (original or
// instrumented; this backend knows nothing about race detection beyond "a failing `__race`
// check is reported as a race") to native code with LLVM ORC, and run it on real OS threads.
// No LLVM type appears here: the driver and the tests include this header only.
//
//   auto engine = Engine::create(2, error);              // one LLJIT, reused for many programs
//   auto program = engine->compile(ast, info, {}, error); // IR -> optimised -> machine code
//   RunResult r = program->run({});                       // threads, watchdog, results
//
// A NativeProgram can run any number of times (tests run one program twenty times).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/ast.h"
#include "frontend/check.h"
#include "outcome/outcome.h"

namespace racelang::jit {

// Deliberately broken code generation, for the tests that show the properties have teeth.
enum class Fault : uint8_t {
  None,
  SwapMinMax,       // `min` computes max and vice versa
  IgnoreRaceChecks, // a failing `__race` check does nothing
  WaitDoesNotBlock, // `wait` returns at once
  UnlockKeepsLock,  // `unlock` checks the holder but leaves the lock held
  // The synchronisation's teeth (runtime behaviour chosen at code generation):
  BarrierReleasesEarly, // a barrier for n > 1 releases its phases after n - 1 arrivals
  NotifyWakesAll,       // `notify(c)` wakes every waiter (spurious wake-ups)
  // Shared instrumentation code (jit/README.md) keeps the literals of the occurrence it was
  // compiled from instead of taking the ones that differ as parameters: every other
  // occurrence checks and updates the first one's metadata.
  SharedCodeIgnoresLiterals,
  // Threads identical up to literals share one function (jit/README.md, "Shared thread
  // functions"), but every member runs with the first member's literals: its thread id and
  // sites are its own, its array slices, metadata indices and clock row the first one's.
  SharedThreadsUseFirstLiterals,
  // Members of a thread group whose checks differ (jit/README.md, "Members whose checks
  // differ") all run with the first member's selection: where it kept a check, every member
  // checks; where it has the plain access, none does.
  SharedThreadsUseFirstChecks,
  // Shared instrumentation code that checks arrays of one size (jit/README.md, "Shared
  // instrumentation code") reports every race it finds in the first occurrence's array.
  SharedCodeReportsFirstLocation,
  // Every failure of a function joins its one call of rl_fail (jit/README.md, "Failure
  // paths") with the site of the first failure block made in it, whichever one failed.
  FailureJoinKeepsFirstSite,
  // A slow path compiled as a function of the quick module from a thread group's function
  // (jit/README.md, "Quick code for rare paths") is not passed the member's thread id, first
  // site and literals: every member's slow path is the first member's.
  RarePathsUseFirstMembersLiterals,
};

// The default CodegenOptions::max_function_statements (jit/README.md, "Large functions").
inline constexpr size_t kDefaultMaxFunctionStatements = 2000;

// The default CodegenOptions::min_shared_weight (jit/README.md, "Shared instrumentation code"):
// a run lighter than this stays inline, where a call and the copying of its locals would cost
// more than the code it replaces.
inline constexpr size_t kDefaultMinSharedWeight = 16;

// The default CodegenOptions::min_spawn_wait_shared_weight (jit/README.md, "Clock loops outside
// loops"): the clock operations of a spawn or a wait run once per thread, so a call costs
// nothing there, and as loops over a clock's entries they weigh about 12 statements.
inline constexpr size_t kDefaultMinSpawnWaitSharedWeight = 4;

struct CodegenOptions {
  // Count shared accesses, checks and locks (for --stats). Off by default so that the default
  // code has no counters at all.
  bool stats = false;
  // Keep the optimised IR text (for --emit=llvm).
  bool keep_ir = false;
  Fault fault = Fault::None;
  // The most statements (counted with everything nested in them) one LLVM function holds: a
  // block heavier than this is compiled as calls of internal `noinline` functions of at most
  // this many statements each, so the optimiser and instruction selection, whose cost grows
  // faster than linearly in a function's size, stay linear in the program's size. Smaller
  // threads compile exactly as before. 0: never split.
  size_t max_function_statements = kDefaultMaxFunctionStatements;
  // Runs of instrumentation code (statements of one instruction group naming only reserved
  // `__` names, jit/shared_code.h) of at least this weight whose shape occurs more than once
  // are compiled once per module, as a function the occurrences call with the literals that
  // differ between them. 0: everything inline, as before.
  size_t min_shared_weight = kDefaultMinSharedWeight;
  // The same for the runs of a spawn's or a wait's instruction group, where it is lower (the
  // lower of the two applies).
  size_t min_spawn_wait_shared_weight = kDefaultMinSpawnWaitSharedWeight;
  // Threads whose bodies are the same code up to integer literals (jit/shared_code.h,
  // thread_groups) are compiled once, as one function the members' entry points call with
  // their thread id, first site and the literals that differ. false: every thread on its own.
  bool share_threads = true;
  // With share_threads, threads that are the same code except for which checks the static
  // eliminations kept share one function too, with a selector parameter per differing check
  // (jit/README.md, "Members whose checks differ"). Off by default: it takes about a fifth off
  // stencil_phases' compile time but its selections cost that program's hot loop about 12% of
  // its run time (docs/performance.md, "Members whose checks differ"), and run time comes first.
  bool share_threads_whose_checks_differ = false;
  // Code that runs rarely is compiled for compile time, not speed (jit/README.md, "Quick code
  // for rare paths"): in a module of its own, optimised by a short pipeline and compiled at
  // the code generator's -O0. Rare are the slow paths of accesses that no synchronising loop
  // encloses (compiled as functions of their own) and the shared instrumentation code that no
  // synchronising loop runs (ShapeUse::in_sync_loop): an access takes them at most once per
  // location and epoch, and the clock operations of spawns and waits once per thread. false:
  // everything inline and fully optimised, as before.
  bool quick_rare_code = true;
  // How many threads may optimise and compile a large module (jit/README.md, "Compiling on
  // several threads"): 0 means one per core. A module compiles on one thread when this is 1,
  // when it is small (fewer statements than parallel_compile.h's threshold), or with keep_ir
  // (the IR shown is the one module's).
  unsigned compile_threads = 0;
};

struct CompileTimes {
  double ir_ms = 0;                   // AST -> LLVM IR (and verification)
  double optimise_ms = 0;             // the new pass manager's pipeline at the chosen level
  double codegen_ms = 0;              // machine code and linking (ORC materialisation)
  size_t split_functions = 0;         // functions split off large threads (max_function_statements)
  size_t shared_threads = 0;          // threads compiled as calls of shared thread functions
  size_t shared_thread_functions = 0; // those functions
  // Calls of shared instrumentation code (jit/README.md, "Shared instrumentation code") in the
  // code kept, and those of them in the slow paths of accesses.
  size_t shared_calls = 0;
  size_t slow_path_shared_calls = 0;
  // Functions compiled for compile time (CodegenOptions::quick_rare_code): shared ones, and
  // the slow paths compiled as functions of their own.
  size_t quick_shared_functions = 0;
  size_t rare_path_functions = 0;
  // Threads the modules were optimised and compiled on, one per module (1: one module, or the
  // quick one compiled before the program's on the same thread). With more, the two phases ran
  // at once on every thread: their wall time is divided between optimise_ms and codegen_ms in
  // proportion to the CPU time each took, so total() is still the wall time.
  unsigned compile_threads = 1;
  double total() const { return ir_ms + optimise_ms + codegen_ms; }
};

// How often the watchdog looks for a deadlock by default; one is reported after two looks
// agree.
inline constexpr uint32_t kDefaultWatchdogIntervalMs = 10;

// A program compiled to native code, ready to run on real threads. Races are failed
// instrumentation checks (an uninstrumented program reports none); print and on_race are
// called under one output lock. RunResult::steps, schedule and running stay empty: real
// threads have no schedule to record.
class NativeProgram {
public:
  virtual ~NativeProgram() = default;
  virtual RunResult run(const RunOptions& options,
                        uint32_t watchdog_interval_ms = kDefaultWatchdogIntervalMs) const = 0;
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
  // gets its own JITDylib, freed with the NativeProgram.
  virtual std::unique_ptr<NativeProgram> compile(const Program& program, const ProgramInfo& info,
                                                 const CodegenOptions& options,
                                                 std::string& error) = 0;
  virtual int opt_level() const = 0;
};

} // namespace racelang::jit
