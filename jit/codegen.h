// Code generation: a checked racelang program to one LLVM IR module with a function per thread,
// `void racelang_thread_<id>(rl_thread_ctx*)`, plus the site table the runtime reports from.
// Locals are allocas (mem2reg turns them into SSA values); every shared load and store is a
// monotonic atomic on the flat cell array; lock and unlock are inline compare-exchange and
// exchange with acquire and release ordering, calling the runtime only when contended; loops
// check the run's stop flag on their back edge so a run can end while a thread spins. A thread
// heavier than CodegenOptions::max_function_statements is split at statement boundaries into
// internal functions that share its locals through a frame (codegen.cpp, "Large threads"); the
// functions can be spread over several modules, to compile on several threads. Threads whose
// bodies are the same code up to literals share one function (jit/README.md, "Shared thread
// functions"): each one's entry point calls it with its id, first site and literal offsets.
// Internal to jit/ (it exposes LLVM types); jit.h is the public face.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include "frontend/ast.h"
#include "frontend/check.h"
#include "jit/jit.h"
#include "jit/sites.h"

namespace racelang::jit {

// One module and the context it lives in (a context is used by one thread at a time).
struct ModulePiece {
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> module; // destroyed before its context
};

struct GeneratedModule {
  std::vector<ModulePiece> pieces; // the thread functions and their parts, spread over these
  // The code that runs rarely (CodegenOptions::quick_rare_code), to be compiled quickly
  // (optimize.h, optimise_quickly) into an object of its own; no module if there is none.
  ModulePiece quick;
  ProgramLayout layout;
  std::vector<std::string> thread_functions; // by thread index
  size_t split_functions = 0;                // internal functions split off large threads
  size_t shared_threads = 0;          // threads compiled as a call of a shared thread function
  size_t shared_thread_functions = 0; // those functions (one per shape of two or more threads)
  size_t shared_calls = 0;            // calls of shared instrumentation code (shared_code.h)
  size_t slow_path_shared_calls = 0;  // those written in slow paths (RunPlace::slow_path)
  size_t quick_shared_functions = 0;  // shared functions in the quick module
  size_t rare_path_functions = 0;     // slow paths compiled as functions of their own (quick)
};

// The name of thread `id`'s function in the module.
std::string thread_function_name(int64_t id);

// The program's statements, counted with everything nested in them (its size for the code
// generator: what CodegenOptions::max_function_statements counts).
size_t program_statements(const ProgramInfo& info);

// Thread bodies are reached through `info` (ThreadInfo::body points into the checked Program).
// With `pieces` > 1 the functions are spread over that many modules, each in its own context,
// to be compiled on as many threads (parallel_compile.h); with 1, one module holds them all.
GeneratedModule generate_module(const ProgramInfo& info, const CodegenOptions& options,
                                unsigned pieces);

} // namespace racelang::jit
