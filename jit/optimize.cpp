// The optimisation pipeline (see optimize.h). The target machine supplies target information
// (costs, legal types) so the pipeline optimises for the host the JIT emits code for.
#include "jit/optimize.h"

#include <llvm/Analysis/CGSCCPassManager.h>
#include <llvm/Analysis/LoopAnalysisManager.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/PassBuilder.h>

namespace racelang::jit {

void optimise_module(llvm::Module& module, llvm::TargetMachine& machine, int opt_level) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::OptimizationLevel level = opt_level <= 0   ? llvm::OptimizationLevel::O0
                                  : opt_level == 1 ? llvm::OptimizationLevel::O1
                                  : opt_level == 2 ? llvm::OptimizationLevel::O2
                                                   : llvm::OptimizationLevel::O3;
  llvm::ModulePassManager passes = opt_level <= 0 ? builder.buildO0DefaultPipeline(level)
                                                  : builder.buildPerModuleDefaultPipeline(level);
  passes.run(module, mam);
}

} // namespace racelang::jit
