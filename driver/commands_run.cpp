// `racelang run`: runs a program under the interpreter with a scheduler and a race detector,
// streaming ThreadSanitizer-style race reports and ending with the outcome's report and a replay
// hint (docs/interpreter.md). The run itself is interp's run_program; this file maps options to
// it and outcomes to exit codes and text.
#include <algorithm>
#include <iostream>
#include <ostream>
#include <thread>

#include "detect/std_trace.h"
#include "driver/commands.h"
#include "driver/compile.h"
#include "driver/exit_codes.h"
#include "driver/output.h"
#include "driver/run_jit.h"
#include "driver/run_views.h"
#include "instrument/groups.h"
#include "interp/code.h"
#include "interp/observed_run.h"
#include "interp/pct.h"
#include "interp/report.h"
#include "interp/run.h"
#include "interp/scheduler.h"

namespace racelang {
namespace {

// Labelled events to an STD trace file, written in chunks as they come.
class TraceWriter {
public:
  TraceWriter(std::ostream& out, const ProgramInfo& info) : out_(out) {
    names_.location = [&info](uint32_t cell) { return info.cell_name(cell); };
    names_.lock = [&info](uint32_t cell) { return info.cell_name(cell); };
  }
  void add(const LabelledStep& step) {
    Label l = step.label;
    auto t = static_cast<detect::ThreadId>(l.thread);
    detect::Event e{detect::EventKind::Exit, t, 0};
    switch (l.kind) {
    case LabelKind::Read:
      e = detect::Event::read(t, l.target);
      break;
    case LabelKind::Write:
      e = detect::Event::write(t, l.target);
      break;
    case LabelKind::Acquire:
      e = detect::Event::acquire(t, l.target);
      break;
    case LabelKind::Release:
      e = detect::Event::release(t, l.target);
      break;
    case LabelKind::Fork:
      e = detect::Event::fork(t, l.target);
      break;
    case LabelKind::Join:
      e = detect::Event::join(t, l.target);
      break;
    case LabelKind::Exit:
    case LabelKind::None:
    // Refused before the run (RAPID's STD format has no such events; see run_command).
    case LabelKind::VolatileRead:
    case LabelKind::VolatileWrite:
    case LabelKind::CondWait:
    case LabelKind::Notify:
    case LabelKind::BarrierArrive:
    case LabelKind::BarrierDepart:
      break;
    }
    events_.push_back(e);
    // The source id is the statement's site, line * 65536 + col (kSiteLineFactor), as the
    // instrumentation encodes sites; 0 when unknown or when it would not fit in 32 bits.
    SourceLoc at = step.range.begin;
    uint64_t site = uint64_t{at.line} * kSiteLineFactor + at.col;
    ids_.push_back(at.line == 0 || site > UINT32_MAX ? 0 : static_cast<uint32_t>(site));
    if (events_.size() >= 4096) flush();
  }
  void flush() {
    if (events_.empty()) return;
    out_ << detect::write_std_trace(events_, ids_, names_);
    events_.clear();
    ids_.clear();
  }

private:
  std::ostream& out_;
  detect::StdNames names_;
  detect::Trace events_;
  std::vector<uint32_t> ids_;
};

std::vector<OptionSpec> run_options() {
  auto specs = common_program_options();
  specs.push_back(
      {"backend", true, "interp (default: the interpreter) or jit (real threads)", "NAME"});
  specs.push_back(
      {"detector", true, "vc (default), fasttrack, djit, vc-multijoin or none", "NAME"});
  specs.push_back({"seed", true, "random schedule from this seed (default: a fresh seed)", "N"});
  specs.push_back({"schedule", true,
                   "random (default), pct (probabilistic concurrency testing, with --seed and "
                   "--depth) or rr (round-robin)",
                   "KIND"});
  specs.push_back(pct_depth_option_spec());
  specs.push_back({"replay", true, "replay the schedule recorded in FILE", "FILE"});
  specs.push_back(
      {"schedule-string", true, "replay an inline schedule, thread ids like 0,1,1,2", "IDS"});
  specs.push_back({"record", true, "write the run's schedule to FILE", "FILE"});
  specs.push_back({"keep-going", false, "report every distinct race, not only the first"});
  specs.push_back({"max-steps", true,
                   "stop after N instructions (default " + std::to_string(kDefaultMaxSteps) + ")",
                   "N"});
  specs.push_back(timeout_option_spec("the run"));
  specs.push_back(
      {"trace", true, "write the labelled events to FILE in RAPID's STD format", "FILE"});
  specs.push_back({"html", true,
                   "write the run as a self-contained HTML page to FILE (docs/run-view.md)",
                   "FILE"});
  specs.push_back(
      {"dot", true, "write the run's happens-before graph as Graphviz DOT to FILE", "FILE"});
  specs.push_back({"bigger-step", false,
                   "run each instruction of an instrumented program with its instrumentation "
                   "(an @group) as one step (the paper's Figure 11)"});
  for (OptionSpec& spec : jit_run_options()) specs.push_back(std::move(spec));
  return specs;
}

const char* kRunDescription =
    "Runs FILE under the interleaving interpreter. At every scheduling point (a load, store,\n"
    "lock, unlock, spawn, wait or print) the scheduler picks a thread; the detector observes\n"
    "every labelled step and the first data race is reported ThreadSanitizer-style (exit 66).\n"
    "The program's output goes to stdout, reports to stderr. Exit codes: 0 success, 66 race,\n"
    "1 assertion failure, runtime error, deadlock or step limit, 2 usage or compile error.\n"
    "With --backend=jit, FILE is compiled with LLVM and runs on real threads instead, with\n"
    "the instrumentation of --detector=fasttrack (the default there) or vc compiled in\n"
    "(--pass, --variant, --elide), or none; `racelang FILE` is `racelang run --backend=jit\n"
    "FILE`. Reports read the same; see\n"
    "jit/README.md. A file that `racelang instrument` wrote runs as it is.";

} // namespace

std::optional<uint64_t> parse_count(const std::string& text) {
  if (text.empty() || text.size() > 19) return std::nullopt;
  uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  return v;
}

namespace {

// --timeout's value in milliseconds, or nothing if it is not one (commands.h says what is).
std::optional<uint64_t> parse_timeout_ms(const std::string& text) {
  size_t dot = text.find('.');
  std::string whole = text.substr(0, dot);
  std::string fraction = dot == std::string::npos ? "" : text.substr(dot + 1);
  if (whole.empty() || whole.size() > 7 || fraction.size() > 3 ||
      (dot != std::string::npos && fraction.empty()))
    return std::nullopt;
  auto seconds = parse_count(whole);
  auto thousandths = parse_count((fraction + "000").substr(0, 3));
  if (!seconds || !thousandths || *seconds > kMaxTimeoutSeconds) return std::nullopt;
  uint64_t ms = *seconds * 1000 + *thousandths;
  if (ms == 0 || ms > kMaxTimeoutSeconds * 1000) return std::nullopt;
  return ms;
}

} // namespace

OptionSpec timeout_option_spec(const std::string& what) {
  return {"timeout", true,
          "stop " + what + " after SECONDS of wall-clock time (exit 1; e.g. 30 or 0.5)", "SECONDS"};
}

bool read_seed(const std::string& command, const ParsedOptions& options, uint64_t& seed) {
  auto text = options.get("seed");
  if (!text) {
    seed = fresh_seed();
    return true;
  }
  auto value = parse_count(*text);
  if (!value) {
    usage_error(command, "--seed needs a non-negative number, not '" + *text + "'");
    return false;
  }
  seed = *value;
  return true;
}

std::string replay_run_prefix(const std::string& path, const ParsedOptions& options,
                              const std::string& detector, const std::string& default_detector,
                              const InterpreterOptions& run) {
  std::string replay = "racelang run " + path;
  if (options.has("allow-reserved")) replay += " --allow-reserved";
  if (detector != default_detector) replay += " --detector=" + detector;
  if (run.keep_going) replay += " --keep-going";
  if (run.machine.bigger_step) replay += " --bigger-step";
  if (run.max_steps != kDefaultMaxSteps) replay += " --max-steps=" + std::to_string(run.max_steps);
  if (auto t = options.get("timeout")) replay += " --timeout=" + *t;
  return replay;
}

OptionSpec pct_depth_option_spec() {
  return {"depth", true,
          "--schedule=pct's bug depth d: d - 1 priority-change points (default " +
              std::to_string(kDefaultPctDepth) + ")",
          "D"};
}

bool read_pct_depth(const std::string& command, const ParsedOptions& options, bool pct,
                    uint32_t& depth) {
  depth = kDefaultPctDepth;
  auto text = options.get("depth");
  if (!text) return true;
  if (!pct) {
    usage_error(command, "--depth applies to --schedule=pct");
    return false;
  }
  auto value = parse_count(*text);
  if (!value || *value < 1 || *value > 100) {
    usage_error(command, "--depth needs a number from 1 to 100, not '" + *text + "'");
    return false;
  }
  depth = static_cast<uint32_t>(*value);
  return true;
}

bool read_timeout(const std::string& command, const ParsedOptions& options, uint64_t& ms) {
  auto text = options.get("timeout");
  if (!text) return true;
  auto value = parse_timeout_ms(*text);
  if (!value) {
    usage_error(command, "--timeout needs a positive number of seconds (at most " +
                             std::to_string(kMaxTimeoutSeconds) + "), not '" + *text + "'");
    return false;
  }
  ms = *value;
  return true;
}

bool read_jobs(const std::string& command, const ParsedOptions& options, uint32_t& jobs) {
  jobs = std::max(1u, std::thread::hardware_concurrency());
  auto text = options.get("jobs");
  if (!text) return true;
  auto value = parse_count(*text);
  if (!value || *value == 0 || *value > 1024) {
    usage_error(command, "--jobs needs a number from 1 to 1024, not '" + *text + "'");
    return false;
  }
  jobs = static_cast<uint32_t>(*value);
  return true;
}

int command_run(const std::vector<std::string>& args) {
  auto specs = run_options();
  auto options = parse_options("run", specs, normalize_jit_arguments(args));
  if (!options) return kExitUsage;
  if (options->help) {
    std::cout << format_help("racelang run [options] FILE", kRunDescription, specs);
    return kExitSuccess;
  }
  auto usage = [](const std::string& message) { return usage_error("run", message); };
  auto color = color_choice("run", *options);
  auto path = single_file_argument("run", *options);
  if (!color || !path) return kExitUsage;
  if (!check_outputs({options->get("trace"), options->get("record"), options->get("html"),
                      options->get("dot")},
                     {path, options->get("replay")}))
    return kExitUsage;

  std::string backend = options->get("backend").value_or("interp");
  for (const char* interp_only : {"bigger-step", "html", "dot"})
    if (backend == "jit" && options->has(interp_only))
      return usage(std::string("--") + interp_only +
                   " applies to the interpreter (--backend=interp)");
  if (backend == "jit") return run_jit(*path, *options, *color);
  if (backend != "interp") return usage("unknown backend '" + backend + "' (interp or jit)");
  if (auto jit_only = jit_only_option(*options))
    return usage("--" + *jit_only + " applies to the jit backend (--backend=jit)");

  auto compiled =
      load_program(*path, *color, /*check=*/true, CheckOptions{options->has("allow-reserved")});
  if (!compiled) return kExitUsage;
  if (options->has("trace") &&
      refuse_interpreter_only_sync(*compiled, "--trace",
                                   "cannot be recorded by --trace: RAPID's STD format has no such "
                                   "events"))
    return kExitUsage;
  InterpreterOptions run;
  std::string default_detector = default_interp_detector(*compiled);
  std::string detector = options->get("detector").value_or(default_detector);
  if (detector == "none")
    run.detector = std::nullopt;
  else if (auto kind = detect::parse_detector_kind(detector))
    run.detector = *kind;
  else
    return usage("unknown detector '" + detector + "' (vc, fasttrack, djit, vc-multijoin, none)");
  run.keep_going = options->has("keep-going");
  run.keep_schedule = options->has("record") || options->has("html") || options->has("dot");
  if (auto n = options->get("max-steps")) {
    auto v = parse_count(*n);
    if (!v || *v == 0) return usage("--max-steps needs a positive number, not '" + *n + "'");
    run.max_steps = *v;
  }
  if (!read_timeout("run", *options, run.timeout_ms)) return kExitUsage;

  int sources = options->has("seed") + options->has("replay") + options->has("schedule-string");
  std::string kind = options->get("schedule").value_or("random");
  if (kind != "random" && kind != "rr" && kind != "pct")
    return usage("--schedule must be random, pct or rr, not '" + kind + "'");
  if (sources > 1 || (kind == "rr" && sources > 0) ||
      (kind == "pct" && sources - options->has("seed") > 0))
    return usage("choose one of --seed, --schedule=rr, --replay and --schedule-string "
                 "(--schedule=pct takes --seed)");
  uint32_t depth = 0;
  if (!read_pct_depth("run", *options, kind == "pct", depth)) return kExitUsage;

  run.machine.bigger_step = options->has("bigger-step");
  if (run.machine.bigger_step) restore_groups(compiled->program);

  Code code = compile_program(compiled->program, compiled->info);
  std::unique_ptr<Scheduler> scheduler;
  if (auto file = options->get("replay")) {
    Schedule schedule;
    std::string error;
    if (!read_schedule_file(*file, schedule, error)) return usage(error);
    scheduler = make_replay_scheduler(std::move(schedule), "--replay=" + *file);
  } else if (auto text = options->get("schedule-string")) {
    std::string error;
    auto schedule = parse_schedule(*text, error);
    if (!schedule) return usage("bad --schedule-string: " + error);
    scheduler = make_replay_scheduler(std::move(*schedule), "--schedule-string=" + *text);
  } else if (kind == "rr") {
    scheduler = make_round_robin_scheduler();
  } else if (kind == "pct") {
    uint64_t seed = 0;
    if (!read_seed("run", *options, seed)) return kExitUsage;
    scheduler = make_pct_scheduler({seed, depth, pct_length(code, run)});
  } else {
    uint64_t seed = 0;
    if (!read_seed("run", *options, seed)) return kExitUsage;
    scheduler = make_random_scheduler(seed);
  }

  // Written as the run goes (a long run's trace need not fit in memory) into a temporary that
  // only a completed run puts in place.
  OutputFile trace_file;
  std::unique_ptr<TraceWriter> trace;
  if (auto file = options->get("trace")) {
    std::string error;
    if (!trace_file.open(*file, error)) {
      std::cerr << error << "\n";
      return kExitUsage;
    }
    trace = std::make_unique<TraceWriter>(trace_file.stream(), compiled->info);
    run.on_event = [&](const LabelledStep& step) { trace->add(step); };
  }

  const SourceFile& file = *compiled->file;
  std::optional<RunRecorder> recorder;
  if (options->has("html") || options->has("dot")) recorder.emplace(code).attach(run);
  CheckSites sites = check_sites(*compiled, code);
  report_to_terminal(run, *compiled, code, sites);

  RunResult result = run_program(code, *scheduler, run);
  std::cout.flush();
  bool io_failed = false; // a trace or schedule not written: exit 2 after the usual report
  if (trace) {
    trace->flush();
    std::string error;
    if (!trace_file.commit(error)) {
      std::cerr << error << "\n";
      io_failed = true;
    }
  }
  std::cerr << format_run_end(result, code, file, run, compiled->color);

  if (auto record = options->get("record")) {
    std::string error;
    if (!write_output_file(*record, format_schedule_file(result.schedule, *path), error)) {
      std::cerr << error << "\n";
      io_failed = true;
    }
  }

  // The command that replays this run, without its schedule.
  std::string replay = replay_run_prefix(*path, *options, detector, default_detector, run);

  if (recorder) {
    RunViewInput view;
    view.code = &code;
    view.file = &file;
    view.observed = &recorder->run();
    view.result = &result;
    view.title = "racelang run " + *path + " " + scheduler->replay_options();
    view.replay = replay + " --schedule-string=" + format_schedule_string(result.schedule);
    if (!write_run_views(view, options->get("html"), options->get("dot"))) io_failed = true;
  }

  int exit_code = run_exit_code(result);
  bool replayable = exit_code != kExitSuccess && result.outcome != Outcome::ScheduleError;
  if (replayable || (result.outcome == Outcome::ScheduleError && !result.races.empty()))
    std::cerr << "To replay: " << replay << " " << scheduler->replay_options() << "\n";
  return io_failed ? kExitUsage : exit_code;
}

} // namespace racelang
