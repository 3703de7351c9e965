// The optimised IR that `--emit=llvm` prints (CodegenOptions::keep_ir): one module, as `llc`
// and `opt` accept it, although the code that runs rarely is compiled as a module of its own
// (jit/README.md, "Quick code for rare paths"). Internal to jit/.
#pragma once

#include <string>

#include <llvm/IR/Module.h>
#include <llvm/Support/Error.h>

namespace racelang::jit {

// `program`, optimised, with `quick_ir` (the quick module's optimised IR as text; empty if
// there is none) linked into a copy of it: the quick module's functions are defined where the
// program's module only declares them. `program` itself is left as it is.
llvm::Expected<std::string> printed_ir(const llvm::Module& program, const std::string& quick_ir);

} // namespace racelang::jit
