// The optimisation pipelines: LLVM's new pass manager with its default per-module pipeline for
// -O1..-O3 and the O0 pipeline (always-inline only) for -O0; and a short one for the quick
// module, the code that runs rarely (jit/README.md, "Quick code for rare paths"). Internal to
// jit/.
#pragma once

#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

namespace racelang::jit {

void optimise_module(llvm::Module& module, llvm::TargetMachine& machine, int opt_level);

// Each function's locals into registers and the obvious folded: a few passes that each visit
// the code once, no inlining, no loop passes.
void optimise_quickly(llvm::Module& module, llvm::TargetMachine& machine);

} // namespace racelang::jit
