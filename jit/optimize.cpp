// The optimisation pipelines (see optimize.h). The target machine supplies target information
// (costs, legal types) so the pipeline optimises for the host the JIT emits code for.
#include "jit/optimize.h"

#include <llvm/Analysis/CGSCCPassManager.h>
#include <llvm/Analysis/LoopAnalysisManager.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>

namespace racelang::jit {
namespace {

// The analysis managers a pass builder registers its analyses with.
struct Analyses {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;

  explicit Analyses(llvm::PassBuilder& builder) {
    builder.registerModuleAnalyses(mam);
    builder.registerCGSCCAnalyses(cgam);
    builder.registerFunctionAnalyses(fam);
    builder.registerLoopAnalyses(lam);
    builder.crossRegisterProxies(lam, fam, cgam, mam);
  }
};

} // namespace

void optimise_module(llvm::Module& module, llvm::TargetMachine& machine, int opt_level) {
  llvm::PassBuilder builder(&machine);
  Analyses analyses(builder);
  llvm::OptimizationLevel level = opt_level <= 0   ? llvm::OptimizationLevel::O0
                                  : opt_level == 1 ? llvm::OptimizationLevel::O1
                                  : opt_level == 2 ? llvm::OptimizationLevel::O2
                                                   : llvm::OptimizationLevel::O3;
  llvm::ModulePassManager passes = opt_level <= 0 ? builder.buildO0DefaultPipeline(level)
                                                  : builder.buildPerModuleDefaultPipeline(level);
  passes.run(module, analyses.mam);
}

void optimise_quickly(llvm::Module& module, llvm::TargetMachine& machine) {
  llvm::PassBuilder builder(&machine);
  Analyses analyses(builder);
  llvm::FunctionPassManager passes;
  passes.addPass(llvm::SROAPass(llvm::SROAOptions::ModifyCFG));
  passes.addPass(llvm::EarlyCSEPass());
  passes.addPass(llvm::InstCombinePass());
  passes.addPass(llvm::SimplifyCFGPass());
  for (llvm::Function& f : module)
    if (!f.isDeclaration()) passes.run(f, analyses.fam);
}

} // namespace racelang::jit
