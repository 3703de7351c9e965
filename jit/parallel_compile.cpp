// Compiling modules to object files, on several threads (see parallel_compile.h).
#include "jit/parallel_compile.h"

#include <chrono>
#include <thread>

#include <llvm/ExecutionEngine/Orc/CompileUtils.h>
#include <llvm/Support/raw_ostream.h>

#include "jit/optimize.h"

namespace racelang::jit {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

struct Work {
  ModuleJob job;
  std::unique_ptr<llvm::MemoryBuffer> object;
  std::string error;
  PhaseTimes times;
};

// One thread's work: everything it touches (context, module, target machine) is its own.
void compile_job(Work& work, llvm::orc::JITTargetMachineBuilder target, int opt_level) {
  if (work.job.pipeline == Pipeline::Quick) target.setCodeGenOptLevel(llvm::CodeGenOptLevel::None);
  auto machine = target.createTargetMachine();
  if (!machine) {
    work.error = llvm::toString(machine.takeError());
    return;
  }
  auto object =
      compile_to_object(work.job.piece, **machine, work.job.pipeline, opt_level, work.times);
  if (!object) {
    work.error = llvm::toString(object.takeError());
    return;
  }
  work.object = std::move(*object);
}

} // namespace

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
compile_to_object(ModulePiece& piece, llvm::TargetMachine& machine, Pipeline pipeline,
                  int opt_level, PhaseTimes& times, std::string* ir) {
  auto start = Clock::now();
  if (pipeline == Pipeline::Quick)
    optimise_quickly(*piece.module, machine);
  else
    optimise_module(*piece.module, machine, opt_level);
  times.optimise_ms += ms_since(start);
  if (ir) {
    llvm::raw_string_ostream out(*ir);
    piece.module->print(out, nullptr);
  }
  start = Clock::now();
  llvm::orc::SimpleCompiler compile(machine);
  auto object = compile(*piece.module);
  times.codegen_ms += ms_since(start);
  if (!object) return object.takeError();
  piece.module.reset(); // before its context
  piece.context.reset();
  return std::move(*object);
}

llvm::Expected<CompiledPieces> compile_in_pieces(std::vector<ModuleJob> jobs,
                                                 const llvm::orc::JITTargetMachineBuilder& target,
                                                 int opt_level) {
  std::vector<Work> works(jobs.size());
  for (size_t k = 0; k < jobs.size(); ++k) works[k].job = std::move(jobs[k]);
  std::vector<std::thread> threads;
  for (Work& work : works) threads.emplace_back(compile_job, std::ref(work), target, opt_level);
  for (std::thread& thread : threads) thread.join();

  CompiledPieces out;
  for (Work& work : works) {
    if (!work.error.empty())
      return llvm::createStringError(llvm::inconvertibleErrorCode(), work.error);
    out.objects.push_back(std::move(work.object));
    out.thread_times.optimise_ms += work.times.optimise_ms;
    out.thread_times.codegen_ms += work.times.codegen_ms;
  }
  return out;
}

} // namespace racelang::jit
