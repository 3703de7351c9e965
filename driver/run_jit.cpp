// The JIT side of `racelang run` (see run_jit.h): options, instrumentation, compile, run, and
// the reports. Every report goes through interp/report.h, converting the JIT's results into
// the interpreter's types, so a race, runtime error, assertion failure or deadlock reads the
// same on both backends. The replay hint is the one thing that must differ: a run on real
// threads has no schedule to replay, so the driver looks for an interpreter seed that ends the
// same way (bounded search, deterministic) and names it, or else suggests `explore`.
#include "driver/run_jit.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "driver/commands.h"
#include "driver/compile.h"
#include "driver/exit_codes.h"
#include "instrument/instrument.h"
#include "interp/code.h"
#include "interp/report.h"
#include "interp/run.h"
#include "interp/scheduler.h"
#include "jit/jit.h"

namespace racelang {
namespace {

// Interpreter-only options, refused with the JIT backend.
const char* const kInterpOnly[] = {"seed",   "schedule",  "depth", "replay",     "schedule-string",
                                   "record", "max-steps", "trace", "bigger-step"};

// The seed search behind the replay hint: seeds 1..kHintSeeds, each run at most
// kHintStepsPerRun instructions, kHintSteps in all.
constexpr uint64_t kHintSeeds = 64;
constexpr uint64_t kHintStepsPerRun = 200'000;
constexpr uint64_t kHintSteps = 2'000'000;

int usage(const std::string& message) {
  return usage_error("run", message);
}

// The first interpreter seed whose run ends with `target`, within the search's budget.
std::optional<uint64_t> find_seed(const Code& code, std::optional<detect::DetectorKind> detector,
                                  const std::string& target) {
  uint64_t spent = 0;
  for (uint64_t seed = 1; seed <= kHintSeeds && spent < kHintSteps; ++seed) {
    InterpreterOptions options;
    options.detector = detector;
    options.max_steps = std::min(kHintStepsPerRun, kHintSteps - spent);
    auto scheduler = make_random_scheduler(seed);
    RunResult r = run_program(code, *scheduler, options);
    spent += r.steps;
    if (describe_ending(r, *code.info) == target) return seed;
  }
  return std::nullopt;
}

std::string format_ms(double ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f ms", ms);
  return buf;
}

} // namespace

std::vector<OptionSpec> jit_run_options() {
  std::vector<OptionSpec> specs{
      {"emit", true, "jit: print the optimised LLVM IR instead of running (llvm)", "WHAT"},
      {"opt-level", true, "jit: optimisation level 0-3 (default 2; also -O0..-O3)", "N"},
      {"stats", false,
       "jit: report compile time, threads, accesses, checks executed and what each check "
       "elimination decided"}};
  for (OptionSpec spec : pass_option_specs()) {
    spec.help = "jit: " + spec.help;
    specs.push_back(std::move(spec));
  }
  return specs;
}

std::vector<std::string> normalize_jit_arguments(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (const std::string& a : args) {
    if (a.size() == 3 && a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3')
      out.push_back("--opt-level=" + a.substr(2));
    else
      out.push_back(a);
  }
  return out;
}

std::optional<std::string> jit_only_option(const ParsedOptions& options) {
  for (const OptionSpec& spec : jit_run_options())
    if (options.has(spec.name)) return spec.name;
  return std::nullopt;
}

int run_jit(const std::string& path, const ParsedOptions& options, bool color) {
  for (const char* name : kInterpOnly)
    if (options.has(name))
      return usage(std::string("--") + name +
                   " applies to the interpreter; add --backend=interp (real threads have no "
                   "schedule to choose or replay)");
  bool explicit_pass = options.has("pass") || options.has("variant") || options.has("elide") ||
                       options.has("no-elide");
  std::string detector = options.get("detector").value_or(default_pass_detector());
  std::optional<PassOptions> pass;
  if (detector != "none") {
    auto kind = detect::parse_detector_kind(detector);
    const PassInfo* info = kind ? pass_for_detector(*kind) : nullptr;
    if (!info) {
      std::string with_passes;
      for (const PassInfo& p : instrumentation_passes())
        with_passes += "--detector=" + std::string(detect::detector_kind_option(p.reference)) +
                       " (" + std::string(p.title) + " instrumentation) or ";
      return usage("the jit backend runs " + with_passes + "--detector=none, not '" + detector +
                   "'; the other detectors run with --backend=interp");
    }
    pass = pass_for_detector_choice("run", options, *info);
    if (!pass) return kExitUsage;
  } else if (explicit_pass) {
    return usage("--pass, --variant and --elide choose the instrumentation; --detector=none has "
                 "none");
  }
  int opt_level = 2;
  if (auto level = options.get("opt-level")) {
    if (level->size() != 1 || (*level)[0] < '0' || (*level)[0] > '3')
      return usage("--opt-level must be 0, 1, 2 or 3, not '" + *level + "'");
    opt_level = (*level)[0] - '0';
  }
  bool emit = false;
  if (auto what = options.get("emit")) {
    if (*what != "llvm") return usage("--emit takes 'llvm', not '" + *what + "'");
    emit = true;
  }
  uint64_t timeout_ms = 0;
  if (!read_timeout("run", options, timeout_ms)) return kExitUsage;
  bool stats = options.has("stats");
  bool keep_going = options.has("keep-going");
  bool allow_reserved = options.has("allow-reserved");

  auto compiled = load_program(path, color, /*check=*/true, CheckOptions{allow_reserved});
  if (!compiled) return kExitUsage;
  const SourceFile& file = *compiled->file;
  if (compiled->instrumented) {
    // The file carries its own detection: run it as it is.
    if (explicit_pass || options.has("detector"))
      return usage("'" + path +
                   "' is already instrumented (its header says so); run it "
                   "without --detector, --pass, --variant or --elide");
    pass.reset();
  }
  // The passes instrument every synchronisation but a barrier awaited by more threads than its
  // count (instrument/instrument.h); the JIT runs such a program only without a detector.
  if (pass && refuse_uninstrumentable_sync(*compiled)) return kExitUsage;

  // The program the JIT runs: the original, or its instrumentation.
  auto started = std::chrono::steady_clock::now();
  std::unique_ptr<CheckedProgram> instrumented;
  if (pass) {
    instrumented = instrument_loaded("run", *compiled, *pass);
    if (!instrumented) return kExitFailure;
  }
  double instrument_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  const Program& program = instrumented ? instrumented->program : compiled->program;
  const ProgramInfo& info = instrumented ? instrumented->info : compiled->info;

  std::string error;
  auto engine = jit::Engine::create(opt_level, error);
  if (!engine) {
    std::cerr << "racelang: error: cannot start the JIT: " << error << "\n";
    return kExitFailure;
  }
  jit::CodegenOptions codegen;
  codegen.stats = stats;
  codegen.keep_ir = emit;
  auto jitted = engine->compile(program, info, codegen, error);
  if (!jitted) {
    std::cerr << "racelang: error: " << error << "\n";
    return kExitFailure;
  }
  if (emit) {
    std::cout << jitted->ir();
    return kExitSuccess;
  }

  Code code = compile_program(program, info); // names and positions for the reports
  // A program instrumented here names accesses in the file itself; an instrumented file
  // names them as its header says.
  CheckSites sites = instrumented ? CheckSites{} : check_sites(*compiled, code);
  RunOptions run;
  run.keep_going = keep_going;
  run.timeout_ms = timeout_ms;
  report_to_terminal(run, *compiled, code, sites);
  RunResult result = jitted->run(run);
  std::cout.flush();

  if (result.races.empty() && result.failure)
    std::cerr << format_failure(*result.failure, file, color);
  else if (result.races.empty() && result.outcome == Outcome::Deadlock)
    std::cerr << format_deadlock(result.blocked, code, file, color);
  else if (result.races.empty() && result.outcome == Outcome::TimeLimit)
    std::cerr << format_time_limit(result, timeout_ms, file, color);
  else if (result.races.empty() && result.outcome == Outcome::Discarded)
    std::cerr << format_discarded(result.blocked, file, color);
  std::string identity = describe_ending(result, info);

  int exit_code = run_exit_code(result);
  // A run stopped by the clock has no ending to look for in the interpreter.
  if (exit_code != kExitSuccess && result.outcome != Outcome::TimeLimit) {
    Code original = compile_program(compiled->program, compiled->info);
    // The interpreter runs the program the file holds, watched by the detector the pass
    // implements (an instrumented file and --detector=none: no detector, the default for an
    // instrumented file).
    std::optional<detect::DetectorKind> interp_detector;
    if (pass) interp_detector = pass_info(pass->pass).reference;
    std::string options_text;
    if (allow_reserved) options_text += " --allow-reserved";
    if (!interp_detector && !compiled->instrumented)
      options_text += " --detector=none";
    else if (interp_detector && *interp_detector != detect::DetectorKind::VectorClock)
      options_text += " --detector=" + std::string(detect::detector_kind_option(*interp_detector));
    std::string explore_text = options_text; // explore always goes on past races
    if (keep_going) options_text += " --keep-going";
    if (auto seed = find_seed(original, interp_detector, identity)) {
      std::cerr << "Real threads cannot be replayed; the interpreter ends the same way with seed "
                << *seed << ".\n"
                << "To replay: racelang run " << path << " --backend=interp" << options_text
                << " --seed=" << *seed << "\n";
    } else {
      std::cerr << "Real threads cannot be replayed, and no interpreter seed from 1 to "
                << kHintSeeds << " ends the same way.\n"
                << "To search every schedule: racelang explore " << path << explore_text << "\n";
    }
  }

  if (stats) {
    const jit::CompileTimes& t = jitted->times();
    std::cerr << "racelang: jit: -O" << opt_level << ", compiled in " << format_ms(t.total());
    if (t.compile_threads > 1) std::cerr << " on " << t.compile_threads << " threads";
    std::cerr << " (IR " << format_ms(t.ir_ms) << ", optimise " << format_ms(t.optimise_ms)
              << ", machine code " << format_ms(t.codegen_ms) << ")";
    if (t.split_functions > 0)
      std::cerr << " with " << t.split_functions << " functions split off large threads";
    if (t.shared_threads > 0)
      std::cerr << ", " << t.shared_threads << " threads sharing " << t.shared_thread_functions
                << (t.shared_thread_functions == 1 ? " function" : " functions");
    if (t.shared_calls > 0)
      std::cerr << ", " << t.shared_calls << " calls of shared instrumentation code ("
                << t.slow_path_shared_calls << " in slow paths)";
    if (size_t quick = t.rare_path_functions + t.quick_shared_functions; quick > 0)
      std::cerr << ", " << quick << (quick == 1 ? " function" : " functions")
                << " of rare paths compiled quickly (" << t.rare_path_functions << " slow paths, "
                << t.quick_shared_functions << " shared)";
    if (instrumented) std::cerr << " after instrumenting in " << format_ms(instrument_ms);
    std::cerr << "; ran in " << format_ms(result.stats.run_ms) << "\n"
              << "racelang: jit: " << result.stats.threads << " threads, "
              << result.stats.shared_accesses << " shared accesses, "
              << result.stats.reserved_accesses << " metadata accesses, " << result.stats.checks
              << " checks executed, " << result.stats.locks << " locks acquired\n";
    if (instrumented)
      std::cerr << "racelang: elide: "
                << elimination_summary(compiled->program, compiled->info, *pass) << "\n";
  }
  return exit_code;
}

} // namespace racelang
