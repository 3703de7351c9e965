// The ORC wrapper (see orc.h).
#include "jit/orc.h"

#include <mutex>

#include <llvm/ExecutionEngine/Orc/Core.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/Support/TargetSelect.h>

namespace racelang::jit {
namespace {

llvm::CodeGenOptLevel codegen_level(int opt_level) {
  switch (opt_level) {
  case 0:
    return llvm::CodeGenOptLevel::None;
  case 1:
    return llvm::CodeGenOptLevel::Less;
  case 3:
    return llvm::CodeGenOptLevel::Aggressive;
  default:
    return llvm::CodeGenOptLevel::Default;
  }
}

} // namespace

llvm::Expected<std::unique_ptr<OrcJit>> OrcJit::create(int opt_level) {
  static std::once_flag targets;
  std::call_once(targets, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder) return builder.takeError();
  builder->setCodeGenOptLevel(codegen_level(opt_level));
  auto machine = builder->createTargetMachine();
  if (!machine) return machine.takeError();
  llvm::orc::JITTargetMachineBuilder quick_builder = *builder;
  quick_builder.setCodeGenOptLevel(llvm::CodeGenOptLevel::None);
  auto quick_machine = quick_builder.createTargetMachine();
  if (!quick_machine) return quick_machine.takeError();
  auto jit = llvm::orc::LLJITBuilder()
                 .setJITTargetMachineBuilder(*builder)
                 // Generated code sees the runtime's entry points only (create_dylib), never
                 // the process's symbols; and it needs no platform support (no static
                 // initialisers, no TLS), so none is set up.
                 .setLinkProcessSymbolsByDefault(false)
                 .setPlatformSetUp(llvm::orc::setUpInactivePlatform)
                 .create();
  if (!jit) return jit.takeError();
  auto out = std::unique_ptr<OrcJit>(new OrcJit());
  out->jit_ = std::move(*jit);
  out->target_machine_ = std::move(*machine);
  out->quick_target_machine_ = std::move(*quick_machine);
  out->builder_ = std::move(*builder);
  return out;
}

llvm::Expected<llvm::orc::JITDylib&>
OrcJit::create_dylib(const std::vector<std::pair<std::string_view, void*>>& symbols) {
  auto dylib =
      jit_->getExecutionSession().createJITDylib("racelang." + std::to_string(next_dylib_++));
  if (!dylib) return dylib.takeError();
  llvm::orc::SymbolMap map;
  for (const auto& [name, address] : symbols)
    map[jit_->mangleAndIntern(llvm::StringRef(name.data(), name.size()))] = {
        llvm::orc::ExecutorAddr::fromPtr(address),
        llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable};
  if (auto err = dylib->define(llvm::orc::absoluteSymbols(std::move(map)))) return err;
  return *dylib;
}

llvm::Error OrcJit::add_module(llvm::orc::JITDylib& dylib, llvm::orc::ThreadSafeModule module) {
  return jit_->addIRModule(dylib, std::move(module));
}

llvm::Error OrcJit::add_object(llvm::orc::JITDylib& dylib,
                               std::unique_ptr<llvm::MemoryBuffer> object) {
  return jit_->addObjectFile(dylib, std::move(object));
}

llvm::Expected<void*> OrcJit::lookup(llvm::orc::JITDylib& dylib, std::string_view name) {
  auto address = jit_->lookup(dylib, llvm::StringRef(name.data(), name.size()));
  if (!address) return address.takeError();
  return address->toPtr<void*>();
}

llvm::Error OrcJit::remove_dylib(llvm::orc::JITDylib& dylib) {
  return jit_->getExecutionSession().removeJITDylib(dylib);
}

} // namespace racelang::jit
