// Compiling modules on several threads (see parallel_compile.h).
#include "jit/parallel_compile.h"

#include <chrono>
#include <string>
#include <thread>

#include <llvm/ExecutionEngine/Orc/CompileUtils.h>

#include "jit/optimize.h"

namespace racelang::jit {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

struct Work {
  ModulePiece piece;
  std::unique_ptr<llvm::MemoryBuffer> object;
  std::string error;
  double optimise_ms = 0;
  double codegen_ms = 0;
};

// One thread's work: everything it touches (context, module, target machine) is its own.
void compile_piece(Work& work, llvm::orc::JITTargetMachineBuilder target, int opt_level) {
  auto machine = target.createTargetMachine();
  if (!machine) {
    work.error = llvm::toString(machine.takeError());
    return;
  }
  auto start = Clock::now();
  optimise_module(*work.piece.module, **machine, opt_level);
  work.optimise_ms = ms_since(start);
  start = Clock::now();
  llvm::orc::SimpleCompiler compile(**machine);
  auto object = compile(*work.piece.module);
  work.codegen_ms = ms_since(start);
  if (!object) {
    work.error = llvm::toString(object.takeError());
    return;
  }
  work.object = std::move(*object);
  // The module's memory goes back as soon as its code is made (the module before its context).
  work.piece.module.reset();
  work.piece.context.reset();
}

} // namespace

llvm::Expected<CompiledPieces> compile_in_pieces(std::vector<ModulePiece> pieces,
                                                 const llvm::orc::JITTargetMachineBuilder& target,
                                                 int opt_level) {
  std::vector<Work> works(pieces.size());
  for (size_t k = 0; k < pieces.size(); ++k) works[k].piece = std::move(pieces[k]);
  std::vector<std::thread> threads;
  for (Work& work : works) threads.emplace_back(compile_piece, std::ref(work), target, opt_level);
  for (std::thread& thread : threads) thread.join();

  CompiledPieces out;
  for (Work& work : works) {
    if (!work.error.empty())
      return llvm::createStringError(llvm::inconvertibleErrorCode(), work.error);
    out.objects.push_back(std::move(work.object));
    out.optimise_thread_ms += work.optimise_ms;
    out.codegen_thread_ms += work.codegen_ms;
  }
  return out;
}

} // namespace racelang::jit
