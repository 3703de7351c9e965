// Writing run pictures for `run` and `explore` (see run_views.h).
#include "driver/run_views.h"

#include <filesystem>
#include <iostream>

#include "driver/output.h"
#include "interp/observed_run.h"
#include "interp/run.h"
#include "interp/scheduler.h"

namespace racelang {

bool write_run_views(const RunViewInput& input, const std::optional<std::string>& html,
                     const std::optional<std::string>& dot) {
  std::string error;
  if (html && !write_output_file(*html, render_html(input), error)) {
    std::cerr << error << "\n";
    return false;
  }
  if (dot && !write_output_file(*dot, render_dot(input), error)) {
    std::cerr << error << "\n";
    return false;
  }
  return true;
}

bool write_replay_page(const Code& code, const SourceFile& file, InterpreterOptions run,
                       const Schedule& schedule, const std::string& path, const std::string& title,
                       const std::string& replay, const std::string& input_path) {
  if (!check_outputs({path}, {input_path})) return false;
  RunRecorder recorder(code);
  recorder.attach(run);
  auto scheduler =
      make_replay_scheduler(schedule, "--schedule-string=" + format_schedule_string(schedule));
  RunResult replayed = run_program(code, *scheduler, run);
  RunViewInput input;
  input.code = &code;
  input.file = &file;
  input.observed = &recorder.run();
  input.result = &replayed;
  input.title = title;
  input.replay = replay;
  return write_run_views(input, path, std::nullopt);
}

bool write_witness_pages(const ExploreResult& result, const Code& code, const SourceFile& file,
                         const ExploreOptions& options, const ExploreOutputOptions& output,
                         const std::string& dir, const std::string& input_path) {
  if (!make_output_dir(dir, "witness pages")) return false;
  auto page = [&](const ReplaySpec& spec, const std::string& name, std::size_t n) {
    std::string path =
        (std::filesystem::path(dir) / (name + "-" + std::to_string(n) + ".html")).string();
    InterpreterOptions run = replay_run_options(spec);
    run.machine.bigger_step = options.machine.bigger_step; // as the replay command says
    return write_replay_page(code, file, run, spec.schedule, path,
                             "racelang explore " + output.program_path + ": " + name + " witness " +
                                 std::to_string(n),
                             "racelang " + replay_command(spec, output), input_path);
  };
  auto all = [&](const auto& list, const std::string& name, auto spec_of) {
    for (std::size_t k = 0; k < list.size(); ++k)
      if (!page(spec_of(list[k]), name, k + 1)) return false;
    return true;
  };
  return all(result.races, "race", [&](const ExploreRace& r) { return replay_spec(r, options); }) &&
         all(result.assertion_failures, "assertion",
             [](const ExploreFailure& f) { return replay_spec(f); }) &&
         all(result.runtime_errors, "error",
             [](const ExploreFailure& f) { return replay_spec(f); }) &&
         all(result.deadlocks, "deadlock",
             [](const ExploreDeadlock& d) { return replay_spec(d); }) &&
         all(result.step_limits, "step-limit",
             [&](const ExploreStepLimit& s) { return replay_spec(s, options); }) &&
         all(result.non_terminations, "non-terminating",
             [](const ExploreNonTermination& c) { return replay_spec(c); });
}

} // namespace racelang
