// `racelang predict`: predictive race detection (predict/). Given a program, runs it once under
// a seeded random schedule while recording a trace with values and branch events; given a trace
// (racelang's format or RAPID's STD), reads it. Then runs the chosen analyses and reports every
// predicted race ThreadSanitizer-style, once per pair of source positions, each with its witness
// as a `racelang run --schedule-string` command. A race counts only when its witness is a correct
// reordering of the trace and, for a program, replays to the race (predict/replay.h); otherwise
// it is listed as unconfirmed and does not change the exit code.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "detect/detector.h"
#include "driver/commands.h"
#include "driver/compile.h"
#include "driver/exit_codes.h"
#include "driver/options.h"
#include "driver/output.h"
#include "driver/run_views.h"
#include "interp/report.h"
#include "predict/predict.h"
#include "predict/record.h"
#include "predict/replay.h"
#include "predict/trace_text.h"

namespace racelang {
namespace {

std::vector<OptionSpec> predict_options() {
  auto specs = common_program_options();
  specs.push_back({"analysis", true, "shb, syncp (default), wcp, m2, maximal or all", "NAME"});
  specs.push_back({"window", true,
                   "maximal: events before the second access that may move "
                   "(default 10000)",
                   "N"});
  specs.push_back({"timeout-ms", true,
                   "maximal: time limit per pair (default 10000); a timeout "
                   "is unknown, never a race",
                   "MS"});
  specs.push_back({"seed", true, "run FILE.rl under this random schedule (default: fresh)", "N"});
  specs.push_back({"max-steps", true,
                   "stop the recorded run after N instructions (default " +
                       std::to_string(kDefaultMaxSteps) + ")",
                   "N"});
  specs.push_back({"json", false, "print every predicted pair as JSON on stdout"});
  specs.push_back({"html-dir", true,
                   "FILE.rl: write DIR/race-N.html, the run page (run --html) of each predicted "
                   "race's witness",
                   "DIR"});
  specs.push_back(
      {"write-trace", true, "write the trace in racelang's format (values, branches)", "FILE"});
  specs.push_back({"write-std", true, "write the trace in RAPID's STD format", "FILE"});
  specs.push_back(timeout_option_spec("the analyses (syncp, m2, maximal stop checking pairs)"));
  specs.push_back({"max-pairs", true,
                   "stop after N pairs (syncp, m2, maximal: checked; shb, wcp: reported; "
                   "default 2000000)",
                   "N"});
  specs.push_back({"stats", false,
                   "print each analysis's time and events/s, how many of its pairs "
                   "happens-before orders, and happens-before's (vc) time on the same trace "
                   "(for bench/)"});
  specs.push_back(
      {"no-witness", false, "build no witnesses (for timing): every report is then unconfirmed"});
  return specs;
}

const char* kPredictDescription =
    "Predicts data races that another schedule of the same run would show. FILE is a program\n"
    "(.rl: run once under a seeded random schedule and recorded, with the value of every\n"
    "access and the reads every branch depends on) or a trace: racelang's format (header\n"
    "'# racelang trace 1') or RAPID's STD. Analyses: shb (schedulable happens-before), syncp\n"
    "(every sync-preserving race; the default), wcp (weak causally-precedes; only its first\n"
    "report is guaranteed), m2 (complete for two threads), maximal (the maximal causal\n"
    "model over Z3, using values and branches), all. Every race comes with a witness, a\n"
    "reordering of the run that ends with the two accesses adjacent, checked on the trace\n"
    "and replayed on the program; a report whose witness fails is listed as unconfirmed and\n"
    "is not a race. Exit codes: 0 no race, 66 a race predicted, 1 the recorded run failed,\n"
    "deadlocked or hit the step limit (and no race was predicted), 2 usage, compile, I/O or\n"
    "trace error. docs/prediction.md.";

bool read_trace_file(const std::string& path, std::string& text, std::string& error) {
  std::error_code ec;
  auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) {
    error = path + ": error: cannot open the trace";
    return false;
  }
  if (!std::filesystem::is_regular_file(status)) {
    error = path + ": error: not a regular file";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (!in && !in.eof()) {
    error = path + ": error: cannot read the trace";
    return false;
  }
  text = buffer.str();
  if (text.find('\0') != std::string::npos) {
    error = path + ": error: binary data, not a trace";
    return false;
  }
  return true;
}

struct Report {
  predict::PredictedRace race;
  std::string confirmation; // empty: confirmed
};

// "stats: shb: 120000 events in 3.1 ms (38.7M events/s), 4 pairs".
std::string stats_line(const std::string& name, const predict::Trace& trace, double seconds,
                       size_t pairs, const char* what = "pairs") {
  char buffer[200];
  std::snprintf(
      buffer, sizeof buffer, "stats: %s: %zu events in %.1f ms (%.2fM events/s), %zu %s\n",
      name.c_str(), trace.events.size(), seconds * 1e3,
      seconds > 0 ? static_cast<double>(trace.events.size()) / seconds / 1e6 : 0.0, pairs, what);
  return buffer;
}

// The baseline: detect/'s VectorClock detector over the same events, keeping going past races
// (its pairs are the racing accesses it stops on).
std::string happens_before_stats(const predict::Trace& trace) {
  detect::Trace events;
  for (const predict::Event& e : trace.events) {
    switch (e.op) {
    case predict::Op::Read:
      events.push_back(detect::Event::read(e.thread, e.target));
      break;
    case predict::Op::Write:
      events.push_back(detect::Event::write(e.thread, e.target));
      break;
    case predict::Op::Acquire:
      events.push_back(detect::Event::acquire(e.thread, e.target));
      break;
    case predict::Op::Release:
      events.push_back(detect::Event::release(e.thread, e.target));
      break;
    case predict::Op::Fork:
      events.push_back(detect::Event::fork(e.thread, e.target));
      break;
    case predict::Op::Join:
      events.push_back(detect::Event::join(e.thread, e.target));
      break;
    default:
      break;
    }
  }
  double start = predict::thread_cpu_seconds(); // like the analyses' times
  auto detector = detect::make_detector(detect::DetectorKind::VectorClock);
  size_t races = 0;
  for (const detect::Event& e : events)
    if (detector->step(e)) {
      ++races;
      detector->force(e);
    }
  double seconds = predict::thread_cpu_seconds() - start;
  return stats_line("hb (vc)", trace, seconds, races, "racy accesses");
}

std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

} // namespace

int command_predict(const std::vector<std::string>& args) {
  auto specs = predict_options();
  auto options = parse_options("predict", specs, args);
  if (!options) return kExitUsage;
  if (options->help) {
    std::cout << format_help("racelang predict [options] FILE.rl|TRACE", kPredictDescription,
                             specs);
    return kExitSuccess;
  }
  auto usage = [](const std::string& message) { return usage_error("predict", message); };
  auto color = color_choice("predict", *options);
  auto path = single_file_argument("predict", *options);
  if (!color || !path) return kExitUsage;
  if (!check_outputs({options->get("write-trace"), options->get("write-std")}, {path}))
    return kExitUsage;

  std::vector<predict::Analysis> analyses;
  std::string which = options->get("analysis").value_or("syncp");
  if (which == "all")
    analyses = {predict::Analysis::Shb, predict::Analysis::SyncP, predict::Analysis::Wcp,
                predict::Analysis::M2, predict::Analysis::Maximal};
  else if (auto a = predict::parse_analysis(which))
    analyses = {*a};
  else
    return usage("unknown analysis '" + which + "' (shb, syncp, wcp, m2, maximal, all)");
  predict::PredictOptions popts;
  if (auto n = options->get("max-pairs")) {
    auto v = parse_count(*n);
    if (!v || *v == 0) return usage("--max-pairs needs a positive number, not '" + *n + "'");
    popts.max_pairs = *v;
  }
  uint64_t timeout_ms = 0;
  if (!read_timeout("predict", *options, timeout_ms)) return kExitUsage;
  if (timeout_ms != 0)
    popts.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  popts.witnesses = !options->has("no-witness");
  for (auto [name, field] :
       {std::pair{"window", &predict::PredictOptions::maximal_window},
        std::pair{"timeout-ms", &predict::PredictOptions::maximal_timeout_ms}}) {
    if (auto text = options->get(name)) {
      auto v = parse_count(*text);
      if (!v || *v == 0 || *v > UINT32_MAX)
        return usage(std::string("--") + name + " needs a positive number, not '" + *text + "'");
      popts.*field = static_cast<uint32_t>(*v);
    }
  }

  bool program = path->size() > 3 && path->ends_with(".rl");
  if (!program && (options->has("seed") || options->has("max-steps")))
    return usage("--seed and --max-steps apply to a program (FILE.rl), not a trace");
  if (!program && options->has("html-dir"))
    return usage("--html-dir draws replays of the program: it needs FILE.rl, not a trace");

  std::unique_ptr<LoadedProgram> loaded;
  std::unique_ptr<Code> code;
  predict::Trace trace;
  std::string run_end; // how the recorded run ended, if not cleanly
  uint64_t seed = 0;
  if (program) {
    loaded =
        load_program(*path, *color, /*check=*/true, CheckOptions{options->has("allow-reserved")});
    if (!loaded) return kExitUsage;
    if (refuse_interpreter_only_sync(*loaded, "predict")) return kExitUsage;
    if (loaded->instrumented)
      return usage("predict analyses the program as written; give it the original, not a file "
                   "'racelang instrument' wrote");
    uint64_t max_steps = kDefaultMaxSteps;
    if (auto n = options->get("max-steps")) {
      auto v = parse_count(*n);
      if (!v || *v == 0) return usage("--max-steps needs a positive number, not '" + *n + "'");
      max_steps = *v;
    }
    if (!read_seed("predict", *options, seed)) return kExitUsage;
    code = std::make_unique<Code>(compile_program(loaded->program, loaded->info));
    auto scheduler = make_random_scheduler(seed);
    predict::Recording rec = predict::record_run(*code, *scheduler, max_steps);
    trace = std::move(rec.trace);
    if (rec.end != predict::RecordEnd::Finished) run_end = rec.message;
  } else {
    std::string text, error;
    if (!read_trace_file(*path, text, error)) {
      std::cerr << error << "\n";
      return kExitUsage;
    }
    predict::TraceReadResult r = predict::read_any_trace(text);
    if (r.error) {
      std::cerr << *path << ":" << r.error->line << ": error: " << r.error->message << "\n";
      return kExitUsage;
    }
    trace = std::move(r.trace);
  }

  bool io_failed = false;
  // The trace is formatted only for an output asked for: a long trace's text costs as much as
  // some analyses.
  auto write_output = [&](const char* option, std::string (*format)(const predict::Trace&)) {
    if (auto out = options->get(option)) {
      std::string error;
      if (!write_output_file(*out, format(trace), error)) {
        std::cerr << error << "\n";
        io_failed = true;
      }
    }
  };
  write_output("write-trace", predict::write_trace);
  write_output("write-std", predict::write_std);

  std::vector<Report> reports;
  bool truncated = false, timed_out = false;
  std::string m2_completeness, stats, unknowns;
  if (options->has("stats")) stats += happens_before_stats(trace);
  for (predict::Analysis a : analyses) {
    predict::PredictResult result = predict::predict_races(trace, a, popts);
    truncated |= result.truncated && !result.timed_out;
    timed_out |= result.timed_out;
    if (options->has("stats"))
      stats += stats_line(predict::analysis_name(a), trace, result.seconds, result.races.size(),
                          ("pairs, " +
                           std::to_string(predict::beyond_happens_before(trace, result.races)) +
                           " beyond hb")
                              .c_str());
    if (result.unknown > 0)
      unknowns += "note: maximal: " + std::to_string(result.unknown) +
                  " pair(s) timed out (--timeout-ms) and are unknown, not races\n";
    if (a == predict::Analysis::M2)
      m2_completeness = result.complete ? "m2 is complete on this trace: these are all its "
                                          "predictable races"
                                        : "m2 may have missed races on this trace (its dynamic "
                                          "completeness check fails)";
    for (predict::PredictedRace& race : result.races) {
      Report r{std::move(race), {}};
      if (r.race.witness.empty())
        r.confirmation = a == predict::Analysis::Wcp
                             ? "wcp gives no witness, and the pair is not a sync-preserving race"
                             : "no witness could be built";
      else if (code)
        if (auto bad = predict::confirm_witness(*code, trace, r.race.witness))
          r.confirmation = "the witness does not replay: " + *bad;
      reports.push_back(std::move(r));
    }
  }

  const std::string replay_base = "racelang run " + *path +
                                  (options->has("allow-reserved") ? " --allow-reserved" : "") +
                                  " --keep-going --schedule-string=";
  auto schedule_of = [&](const Report& r) {
    return format_schedule_string(predict::witness_schedule(trace, r.race.witness));
  };

  if (options->has("json")) {
    std::cout << "{\"races\": [";
    for (size_t k = 0; k < reports.size(); ++k) {
      const Report& r = reports[k];
      std::cout << (k ? ", " : "") << "{\"first\": " << r.race.first + 1
                << ", \"second\": " << r.race.second + 1 << ", \"analysis\": \""
                << predict::analysis_name(r.race.analysis) << "\", \"witness\": ";
      if (r.confirmation.empty()) {
        std::cout << "{\"schedule\": \"" << schedule_of(r) << "\", \"events\": [";
        for (size_t i = 0; i < r.race.witness.size(); ++i)
          std::cout << (i ? ", " : "") << r.race.witness[i] + 1;
        std::cout << "]}";
      } else {
        std::cout << "null, \"unconfirmed\": \"" << json_escape(r.confirmation) << "\"";
      }
      std::cout << "}";
    }
    std::cout << "]}\n";
  }

  // Text: one report per pair of source positions, naming every analysis that found it.
  struct Group {
    const Report* shown = nullptr; // a confirmed one if any
    std::vector<std::string> analyses;
    bool confirmed = false;
  };
  std::map<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t>, Group> groups;
  std::vector<decltype(groups)::key_type> order;
  for (const Report& r : reports) {
    const predict::Event &a = trace.events[r.race.first], &b = trace.events[r.race.second];
    auto key =
        std::make_tuple(a.target, std::min(a.line, b.line),
                        a.line < b.line || (a.line == b.line && a.col <= b.col) ? a.col : b.col,
                        std::max(a.line, b.line),
                        a.line < b.line || (a.line == b.line && a.col <= b.col) ? b.col : a.col);
    auto [it, fresh] = groups.try_emplace(key);
    if (fresh) order.push_back(key);
    Group& g = it->second;
    std::string name = predict::analysis_name(r.race.analysis);
    if (std::find(g.analyses.begin(), g.analyses.end(), name) == g.analyses.end())
      g.analyses.push_back(name);
    if (!g.shown || (!g.confirmed && r.confirmation.empty())) g.shown = &r;
    g.confirmed |= r.confirmation.empty();
  }
  // "  Read of 'x' by thread 2 at f.rl:11:3 (event 7):" and, for a program, the source line.
  auto position = [&](const predict::Event& e) -> std::string {
    if (e.line == 0) return "an unknown position";
    if (loaded) return format_position(*loaded->file, {e.line, e.col});
    return std::to_string(e.line) + ":" + std::to_string(e.col); // the trace's source ids
  };
  auto describe = [&](const predict::Event& e, uint32_t index, bool previous) {
    bool write = e.op == predict::Op::Write;
    std::string head =
        previous ? (write ? "Previous write" : "Previous read") : (write ? "Write" : "Read");
    std::string text = "  " + head + " of '" + trace.locations.at(e.target) + "' by thread " +
                       std::to_string(e.thread) + " at " + position(e) + " (event " +
                       std::to_string(index + 1) + "):\n";
    if (loaded && e.line != 0) {
      SourceRange range{{e.line, e.col}, {e.line, e.col + 1}};
      for (const ThreadCode& tc : code->threads)
        for (const Instr& in : tc.instrs)
          if (in.range.begin == range.begin) range = in.range;
      text += source_snippet(*loaded->file, range, 4);
    }
    return text;
  };
  size_t confirmed = 0;
  std::cout.flush();
  auto html_dir = options->get("html-dir");
  if (html_dir && !make_output_dir(*html_dir, "witness pages")) io_failed = true;
  for (const auto& key : order) {
    const Group& g = groups[key];
    const Report& r = *g.shown;
    std::string analyses_text;
    for (const std::string& a : g.analyses)
      analyses_text += (analyses_text.empty() ? "" : ", ") + a;
    const predict::Event &a = trace.events[r.race.first], &b = trace.events[r.race.second];
    if (!g.confirmed) {
      std::cerr << "note: unconfirmed report (" << analyses_text << ") on '"
                << trace.locations.at(a.target) << "', events " << r.race.first + 1 << " and "
                << r.race.second + 1 << ": " << r.confirmation << "\n";
      continue;
    }
    ++confirmed;
    std::cerr << "==================\nWARNING: predicted data race on '"
              << trace.locations.at(a.target) << "' (" << analyses_text << ")\n"
              << describe(b, r.race.second, false) << describe(a, r.race.first, true);
    if (code) std::cerr << "  Witness: " << replay_base << schedule_of(r) << "\n";
    if (code && html_dir && !io_failed) {
      // The page of the witness's replay, as `run --keep-going --html` would draw it.
      InterpreterOptions run;
      run.keep_going = true;
      std::string page =
          (std::filesystem::path(*html_dir) / ("race-" + std::to_string(confirmed) + ".html"))
              .string();
      Schedule witness = predict::witness_schedule(trace, r.race.witness);
      if (!write_replay_page(*code, *loaded->file, run, witness, page,
                             "racelang predict " + *path + ": race " + std::to_string(confirmed) +
                                 " (" + analyses_text + ")",
                             replay_base + schedule_of(r), *path))
        io_failed = true;
      else
        std::cerr << "  Page: " << page << "\n";
    }
    if (!code) std::cerr << "  Witness schedule: " << schedule_of(r) << "\n";
    std::cerr << "SUMMARY: racelang: predicted data race on '" << trace.locations.at(a.target)
              << "' (" << position(b) << " and " << position(a) << ")\n==================\n";
  }
  std::cerr << stats << unknowns;
  if (!m2_completeness.empty()) std::cerr << "note: " << m2_completeness << "\n";
  if (truncated)
    std::cerr << "note: an analysis stopped at --max-pairs pairs; later pairs were not checked\n";
  if (timed_out)
    std::cerr << "note: stopped at the --timeout limit (" << format_seconds(timeout_ms)
              << "); later pairs were not checked\n";
  std::string summary = "predict: " + std::to_string(confirmed) + " race" +
                        (confirmed == 1 ? "" : "s") + " predicted (" + which + ") on " +
                        std::to_string(trace.events.size()) + " events";
  if (program) summary += " of the run with --seed=" + std::to_string(seed);
  std::cerr << summary << "\n";
  if (!run_end.empty()) std::cerr << "note: the recorded run ended early: " << run_end << "\n";
  if (io_failed) return kExitUsage;
  if (confirmed > 0) return kExitRace;
  return run_end.empty() && !timed_out ? kExitSuccess : kExitFailure;
}

} // namespace racelang
