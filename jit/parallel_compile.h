// Compiling a program's modules to object files, on several threads when there are several.
// LLVM's optimiser and code generator work on one function at a time and a racelang thread
// never calls another, so the code generator can spread a large program's functions over
// several modules (codegen.h, generate_module), each in an LLVMContext of its own, and put the
// code that runs rarely into a module of its own (the quick one). Each module is optimised and
// compiled here on a thread of its own, with a TargetMachine of its own (neither a context nor
// a target machine may be used by two threads at once). Which function goes into which module
// depends only on the program, never on timing, so the machine code is the same on every run.
// Internal to jit/.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Target/TargetMachine.h>

#include "jit/codegen.h"

namespace racelang::jit {

// How a module is optimised and compiled: with the program's pipeline at its optimisation level,
// or quickly (optimize.h, optimise_quickly, and the code generator's -O0), for the code that
// runs rarely (jit/README.md, "Quick code for rare paths").
enum class Pipeline { Program, Quick };

struct ModuleJob {
  ModulePiece piece;
  Pipeline pipeline = Pipeline::Program;
};

// Milliseconds spent in each phase.
struct PhaseTimes {
  double optimise_ms = 0;
  double codegen_ms = 0;
};

// Optimises `piece`'s module with `pipeline` (at `opt_level` for the program's) and compiles
// it with `machine`, which must match the pipeline's code generator level; `ir`, if given,
// receives the optimised IR. The module and its context are freed once the object is made,
// since a module's memory is no longer needed then. Adds each phase's time to `times`.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
compile_to_object(ModulePiece& piece, llvm::TargetMachine& machine, Pipeline pipeline,
                  int opt_level, PhaseTimes& times, std::string* ir = nullptr);

struct CompiledPieces {
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects; // in the jobs' order
  // Time summed over the threads, to divide the wall time between the two phases.
  PhaseTimes thread_times;
};

// Compiles each job's module (compile_to_object) on a thread of its own, with a target machine
// made from `target` (its code generator level set to -O0 for quick jobs).
llvm::Expected<CompiledPieces> compile_in_pieces(std::vector<ModuleJob> jobs,
                                                 const llvm::orc::JITTargetMachineBuilder& target,
                                                 int opt_level);

// How many statements (program_statements) a program must have before its functions are
// spread over several modules: two parts' worth (max_function_statements), about half a second
// of -O2 on one core; below it, the threads and the extra linking would save too little. The
// examples in programs/ stay below it and compile as one module exactly as before; of
// bench/programs/, only stencil_phases instrumented by the VectorClock pass is above it
// (jit/README.md). The quick module is compiled beside the others whatever the size, since it
// is a module of its own anyway.
inline constexpr size_t kParallelCompileMinStatements = 4'000;

} // namespace racelang::jit
