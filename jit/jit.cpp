// The engine (see jit.h): AST -> IR (codegen.cpp) -> optimised IR (optimize.cpp) -> machine
// code in a fresh JITDylib (orc.cpp) -> thread function addresses; and runs (run_state.cpp).
#include "jit/jit.h"

#include <chrono>

#include <llvm/IR/Verifier.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/raw_ostream.h>

#include "jit/codegen.h"
#include "jit/optimize.h"
#include "jit/orc.h"
#include "jit/run_state.h"
#include "jit/runtime.h"

namespace racelang::jit {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::string message_of(llvm::Error error) {
  return llvm::toString(std::move(error));
}

// A program in its own JITDylib of the ORC JIT.
class OrcProgram final : public NativeProgram {
public:
  OrcProgram(OrcJit& jit, llvm::orc::JITDylib& dylib) : jit_(jit), dylib_(dylib) {}
  ~OrcProgram() override { llvm::consumeError(jit_.remove_dylib(dylib_)); }

  RunResult run(const RunOptions& options, uint32_t watchdog_interval_ms) const override {
    RunState state(layout_, functions_, options, watchdog_interval_ms);
    RunResult result = state.run();
    result.stats.counted = stats_;
    return result;
  }
  const std::string& ir() const override { return ir_; }
  const CompileTimes& times() const override { return times_; }

  OrcJit& jit_;
  llvm::orc::JITDylib& dylib_;
  ProgramLayout layout_;
  std::vector<ThreadFunction> functions_;
  std::string ir_;
  CompileTimes times_;
  bool stats_ = false;
};

class EngineImpl final : public Engine {
public:
  EngineImpl(std::unique_ptr<OrcJit> jit, int opt_level)
      : jit_(std::move(jit)), opt_level_(opt_level) {}

  int opt_level() const override { return opt_level_; }

  // The program is reached through `info` (its ThreadInfo bodies point into it).
  std::unique_ptr<NativeProgram> compile(const racelang::Program&, const ProgramInfo& info,
                                         const CodegenOptions& options,
                                         std::string& error) override {
    CompileTimes times;
    auto start = Clock::now();
    auto context = std::make_unique<llvm::LLVMContext>();
    GeneratedModule generated = generate_module(*context, info, options);
    if (generated.layout.sites.size() >= kMaxSites) {
      error = "the program is too large for the JIT (more than 2^29 failure sites)";
      return nullptr;
    }
    times.split_functions = generated.split_functions;
    llvm::Module& module = *generated.module;
    module.setDataLayout(jit_->data_layout());
    module.setTargetTriple(jit_->target_triple().str());
    std::string problems;
    llvm::raw_string_ostream problem_stream(problems);
    if (llvm::verifyModule(module, &problem_stream)) {
      error = "internal error: generated IR does not verify: " + problems;
      return nullptr;
    }
    times.ir_ms = ms_since(start);

    start = Clock::now();
    optimise_module(module, jit_->target_machine(), opt_level_);
    times.optimise_ms = ms_since(start);
    std::string ir;
    if (options.keep_ir) {
      llvm::raw_string_ostream out(ir);
      module.print(out, nullptr);
    }

    start = Clock::now();
    auto dylib = jit_->create_dylib(runtime_symbols());
    if (!dylib) {
      error = message_of(dylib.takeError());
      return nullptr;
    }
    auto compiled = std::make_unique<OrcProgram>(*jit_, *dylib);
    if (auto err = jit_->add_module(
            *dylib, llvm::orc::ThreadSafeModule(std::move(generated.module), std::move(context)))) {
      error = message_of(std::move(err));
      return nullptr;
    }
    for (const std::string& name : generated.thread_functions) {
      auto address = jit_->lookup(*dylib, name);
      if (!address) {
        error = message_of(address.takeError());
        return nullptr;
      }
      compiled->functions_.push_back(reinterpret_cast<ThreadFunction>(*address));
    }
    times.codegen_ms = ms_since(start);
    compiled->layout_ = std::move(generated.layout);
    compiled->ir_ = std::move(ir);
    compiled->times_ = times;
    compiled->stats_ = options.stats;
    return compiled;
  }

private:
  std::unique_ptr<OrcJit> jit_;
  int opt_level_;
};

} // namespace

std::unique_ptr<Engine> Engine::create(int opt_level, std::string& error) {
  auto jit = OrcJit::create(opt_level);
  if (!jit) {
    error = message_of(jit.takeError());
    return nullptr;
  }
  return std::make_unique<EngineImpl>(std::move(*jit), opt_level);
}

} // namespace racelang::jit
