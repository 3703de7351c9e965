// The engine (see jit.h): AST -> IR (codegen.cpp) -> optimised IR (optimize.cpp) -> machine
// code in a fresh JITDylib (orc.cpp), or both on several threads for a large module
// (parallel_compile.cpp) -> thread function addresses; and runs (run_state.cpp).
#include "jit/jit.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <thread>

#include <llvm/IR/Verifier.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/raw_ostream.h>

#include "jit/codegen.h"
#include "jit/optimize.h"
#include "jit/orc.h"
#include "jit/parallel_compile.h"
#include "jit/printed_ir.h"
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

// How many threads compile the program (CodegenOptions::compile_threads): one unless it is
// large (parallel_compile.h).
unsigned compile_threads(const ProgramInfo& info, const CodegenOptions& options) {
  if (options.keep_ir || options.compile_threads == 1) return 1;
  if (program_statements(info) < kParallelCompileMinStatements) return 1;
  unsigned threads = options.compile_threads;
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  return threads;
}

// Whether the quick module may be compiled on a thread of its own beside the program's: not
// when the IR is kept (the one-thread path prints it between optimising and compiling), nor
// with one compile thread, asked for or (by default) because there is one core.
bool may_compile_beside(const CodegenOptions& options) {
  if (options.keep_ir) return false;
  if (options.compile_threads == 0) return std::thread::hardware_concurrency() > 1;
  return options.compile_threads > 1;
}

// Every module of the program, the quick one included (if any).
std::vector<ModulePiece*> all_pieces(GeneratedModule& generated) {
  std::vector<ModulePiece*> out;
  for (ModulePiece& piece : generated.pieces) out.push_back(&piece);
  if (generated.quick.module) out.push_back(&generated.quick);
  return out;
}

std::string verify(const llvm::Module& module) {
  std::string problems;
  llvm::raw_string_ostream problem_stream(problems);
  if (!llvm::verifyModule(module, &problem_stream)) return "";
  return "internal error: generated IR does not verify: " + problems;
}

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
    times.compile_threads = compile_threads(info, options);
    GeneratedModule generated = generate_module(info, options, times.compile_threads);
    if (generated.layout.sites.size() >= kMaxSites) {
      error = "the program is too large for the JIT (more than 2^29 failure sites)";
      return nullptr;
    }
    times.split_functions = generated.split_functions;
    times.shared_threads = generated.shared_threads;
    times.shared_thread_functions = generated.shared_thread_functions;
    times.shared_calls = generated.shared_calls;
    times.slow_path_shared_calls = generated.slow_path_shared_calls;
    times.quick_shared_functions = generated.quick_shared_functions;
    times.rare_path_functions = generated.rare_path_functions;
    for (ModulePiece* piece : all_pieces(generated)) {
      piece->module->setDataLayout(jit_->data_layout());
      piece->module->setTargetTriple(jit_->target_triple().str());
      error = verify(*piece->module);
      if (!error.empty()) return nullptr;
    }
    times.ir_ms = ms_since(start);

    // Every module to an object file, each on a thread of its own when there are several
    // (the quick one, with the code that runs rarely, included: jit/README.md, "Quick code for
    // rare paths"); or, with one module, the program's optimised module handed to ORC as
    // before.
    start = Clock::now();
    std::optional<CompiledPieces> objects;
    std::unique_ptr<llvm::MemoryBuffer> quick_object;
    std::string ir;
    bool quick = generated.quick.module != nullptr;
    if (generated.pieces.size() > 1 || (quick && may_compile_beside(options))) {
      std::vector<ModuleJob> jobs;
      for (ModulePiece& piece : generated.pieces)
        jobs.push_back(ModuleJob{std::move(piece), Pipeline::Program});
      if (quick) jobs.push_back(ModuleJob{std::move(generated.quick), Pipeline::Quick});
      times.compile_threads = static_cast<unsigned>(jobs.size());
      auto compiled_pieces = compile_in_pieces(std::move(jobs), jit_->target_builder(), opt_level_);
      if (!compiled_pieces) {
        error = message_of(compiled_pieces.takeError());
        return nullptr;
      }
      objects = std::move(*compiled_pieces);
    } else {
      std::string quick_ir;
      if (quick) {
        PhaseTimes quick_times;
        auto object =
            compile_to_object(generated.quick, jit_->quick_target_machine(), Pipeline::Quick,
                              opt_level_, quick_times, options.keep_ir ? &quick_ir : nullptr);
        if (!object) {
          error = message_of(object.takeError());
          return nullptr;
        }
        quick_object = std::move(*object);
        times.optimise_ms += quick_times.optimise_ms;
        times.codegen_ms += quick_times.codegen_ms;
        start = Clock::now();
      }
      llvm::Module& module = *generated.pieces[0].module;
      optimise_module(module, jit_->target_machine(), opt_level_);
      times.optimise_ms += ms_since(start);
      if (options.keep_ir) {
        auto printed = printed_ir(module, quick_ir);
        if (!printed) {
          error = message_of(printed.takeError());
          return nullptr;
        }
        ir = std::move(*printed);
      }
      start = Clock::now();
    }

    auto dylib = jit_->create_dylib(runtime_symbols());
    if (!dylib) {
      error = message_of(dylib.takeError());
      return nullptr;
    }
    auto compiled = std::make_unique<OrcProgram>(*jit_, *dylib);
    if (quick_object)
      if (auto err = jit_->add_object(*dylib, std::move(quick_object))) {
        error = message_of(std::move(err));
        return nullptr;
      }
    if (objects) {
      for (auto& object : objects->objects)
        if (auto err = jit_->add_object(*dylib, std::move(object))) {
          error = message_of(std::move(err));
          return nullptr;
        }
    } else {
      ModulePiece& piece = generated.pieces[0];
      if (auto err =
              jit_->add_module(*dylib, llvm::orc::ThreadSafeModule(std::move(piece.module),
                                                                   std::move(piece.context)))) {
        error = message_of(std::move(err));
        return nullptr;
      }
    }
    for (const std::string& name : generated.thread_functions) {
      auto address = jit_->lookup(*dylib, name);
      if (!address) {
        error = message_of(address.takeError());
        return nullptr;
      }
      compiled->functions_.push_back(reinterpret_cast<ThreadFunction>(*address));
    }
    double main_ms = ms_since(start);
    if (objects) {
      // Both phases ran on every thread at once: divide their wall time (with the linking)
      // in proportion to the time the threads spent in each.
      const PhaseTimes& spent_in = objects->thread_times;
      double spent = spent_in.optimise_ms + spent_in.codegen_ms;
      double optimise = spent > 0 ? main_ms * spent_in.optimise_ms / spent : 0;
      times.optimise_ms += optimise;
      main_ms -= optimise;
    }
    times.codegen_ms += main_ms;
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
