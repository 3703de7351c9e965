// The pictures of interpreter runs the driver writes: `run --html=FILE --dot=FILE` for the run
// itself and `explore --html-dir=DIR` for every witness (replayed through run_program with a
// recorder). Files go through output.h's safe writing; a file that cannot be written is reported
// and is an I/O error (exit 2) for the caller.
#pragma once

#include <optional>
#include <string>

#include "interp/code.h"
#include "interp/explore.h"
#include "interp/explore_output.h"
#include "view/run_view.h"

namespace racelang {

// Writes the page to `html` and the graph to `dot` (each when set). Prints `PATH: error: ...`
// to stderr and returns false on the first failure.
bool write_run_views(const RunViewInput& input, const std::optional<std::string>& html,
                     const std::optional<std::string>& dot);

// Replays `schedule` on `code` under `run` (a witness's options) with a recorder and writes the
// run's page to `path`, refusing it if it is `input_path`. False after printing an error.
bool write_replay_page(const Code& code, const SourceFile& file, InterpreterOptions run,
                       const Schedule& schedule, const std::string& path, const std::string& title,
                       const std::string& replay, const std::string& input_path);

// Replays every witness of `result` with a recorder and writes DIR/race-N.html,
// assertion-N.html, error-N.html, deadlock-N.html, step-limit-N.html and
// non-terminating-N.html (N from 1, in the order explore lists them), creating DIR. Returns
// false after printing an error if DIR or a page cannot be written or a page would overwrite
// `input_path`.
bool write_witness_pages(const ExploreResult& result, const Code& code, const SourceFile& file,
                         const ExploreOptions& options, const ExploreOutputOptions& output,
                         const std::string& dir, const std::string& input_path);

} // namespace racelang
