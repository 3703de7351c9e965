// A small wrapper around LLVM 19's ORC LLJIT, in the spirit of LLVM's KaleidoscopeJIT: create a
// JIT for the host, add a module in a fresh JITDylib (with the runtime's entry points defined in
// it explicitly, by address), look up symbols, drop the JITDylib. The process's own symbols are
// never searched: generated code can call the runtime entry points and nothing else.
// Internal to jit/.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/Target/TargetMachine.h>

namespace racelang::jit {

class OrcJit {
public:
  // `opt_level` 0-3 selects the code generator's optimisation level.
  static llvm::Expected<std::unique_ptr<OrcJit>> create(int opt_level);

  const llvm::DataLayout& data_layout() const { return jit_->getDataLayout(); }
  const llvm::Triple& target_triple() const { return jit_->getTargetTriple(); }
  // A target machine like the JIT's, for the optimiser's target information.
  llvm::TargetMachine& target_machine() { return *target_machine_; }
  // A target machine for code compiled quickly (jit/README.md, "Quick code for rare paths"):
  // the code generator's -O0 (fast instruction selection and register allocation).
  llvm::TargetMachine& quick_target_machine() { return *quick_target_machine_; }
  // What makes the JIT's target machines: for threads that compile on their own.
  const llvm::orc::JITTargetMachineBuilder& target_builder() const { return *builder_; }

  // A new, empty JITDylib defining `symbols` (name, address) as absolute symbols.
  llvm::Expected<llvm::orc::JITDylib&>
  create_dylib(const std::vector<std::pair<std::string_view, void*>>& symbols);
  llvm::Error add_module(llvm::orc::JITDylib& dylib, llvm::orc::ThreadSafeModule module);
  // An object file compiled for the JIT's target (parallel_compile.h), linked on lookup.
  llvm::Error add_object(llvm::orc::JITDylib& dylib, std::unique_ptr<llvm::MemoryBuffer> object);
  // Compiles on first lookup (ORC materialises lazily).
  llvm::Expected<void*> lookup(llvm::orc::JITDylib& dylib, std::string_view name);
  // Frees the dylib's code and memory.
  llvm::Error remove_dylib(llvm::orc::JITDylib& dylib);

private:
  std::unique_ptr<llvm::orc::LLJIT> jit_;
  std::unique_ptr<llvm::TargetMachine> target_machine_;
  std::unique_ptr<llvm::TargetMachine> quick_target_machine_;
  std::optional<llvm::orc::JITTargetMachineBuilder> builder_;
  uint64_t next_dylib_ = 0;
};

} // namespace racelang::jit
