// Compiling a program's modules on several threads. LLVM's optimiser and code generator work on
// one function at a time and a racelang thread never calls another, so the code generator can
// spread a large program's functions over several modules (codegen.h, generate_module), each
// in an LLVMContext of its own, and each is optimised and compiled to an object file here on a
// thread of its own, with a TargetMachine of its own (neither a context nor a target machine
// may be used by two threads at once). Which function goes into which module depends only on
// the program, never on timing, so the machine code is the same on every run. Internal to jit/.
#pragma once

#include <memory>
#include <vector>

#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>

#include "jit/codegen.h"

namespace racelang::jit {

struct CompiledPieces {
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> objects; // in the modules' order
  // Time summed over the threads, to divide the wall time between the two phases.
  double optimise_thread_ms = 0;
  double codegen_thread_ms = 0;
};

// Optimises (optimise_module, at `opt_level`) and compiles each module on its own thread; the
// modules and their contexts are freed on the way.
llvm::Expected<CompiledPieces> compile_in_pieces(std::vector<ModulePiece> pieces,
                                                 const llvm::orc::JITTargetMachineBuilder& target,
                                                 int opt_level);

// How many statements (program_statements) a program must have before it is compiled on
// several threads: two parts' worth (max_function_statements), about half a second of -O2 on
// one core; below it, the threads and the extra linking would save too little. The examples in
// programs/ stay below it and compile as one module exactly as before; of bench/programs/, only
// stencil_phases instrumented by the VectorClock pass is above it (jit/README.md).
inline constexpr size_t kParallelCompileMinStatements = 4'000;

} // namespace racelang::jit
