// The optimisation pipeline: LLVM's new pass manager with its default per-module pipeline for
// -O1..-O3, and the O0 pipeline (always-inline only) for -O0. Internal to jit/.
#pragma once

#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

namespace racelang::jit {

void optimise_module(llvm::Module& module, llvm::TargetMachine& machine, int opt_level);

} // namespace racelang::jit
