// The optimised IR as one module (see printed_ir.h).
#include "jit/printed_ir.h"

#include <llvm/AsmParser/Parser.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/Cloning.h>

namespace racelang::jit {

llvm::Expected<std::string> printed_ir(const llvm::Module& program, const std::string& quick_ir) {
  std::string out;
  llvm::raw_string_ostream stream(out);
  if (quick_ir.empty()) {
    program.print(stream, nullptr);
    return out;
  }
  // The quick module lives in a context of its own and is gone by now: its text is parsed
  // into the program's context, and linked into a copy of the program's module.
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> quick =
      llvm::parseAssemblyString(quick_ir, diagnostic, program.getContext());
  auto internal_error = [](const std::string& what) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "internal error: the IR to print: " + what);
  };
  if (!quick)
    return internal_error("the quick module does not parse: " + diagnostic.getMessage().str());
  std::unique_ptr<llvm::Module> linked = llvm::CloneModule(program);
  if (llvm::Linker::linkModules(*linked, std::move(quick)))
    return internal_error("the quick module does not link with the program's");
  linked->print(stream, nullptr);
  return out;
}

} // namespace racelang::jit
