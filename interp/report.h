// The text of everything `racelang run` reports on stderr: ThreadSanitizer-style race reports,
// runtime errors and assertion failures (clang-style, through render_diagnostic), deadlocks
// with every blocked thread, the step limit, and the replay hint. Kept apart from the run loop
// so the formats are pinned in one place (golden tests under tests/golden/run/ pin them too).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "frontend/source.h"
#include "interp/code.h"
#include "interp/race.h"
#include "interp/run.h"

namespace racelang {

// Where the positions of instrumentation checks point. A `__race` check carries the position
// of the access it checks as a number (line * 65536 + col) of the program that was
// instrumented, which is not a position in the instrumented file once that has been printed.
struct CheckSites {
  enum class Kind {
    ThisFile, // the checks' positions are in the file being run (instrumented in memory)
    Original, // in the original program, which the file's header names
    Unknown,  // the file has race checks but no header: the original is not known
  };
  Kind kind = Kind::ThisFile;
  std::string path;                 // Original: the path the header gives
  std::shared_ptr<SourceFile> file; // Original: its text, if it could be read
  std::shared_ptr<Program> program; // Original: the parsed program, if it parses
  // The statement of the load or store starting at `loc` in the original program, or a
  // one-column range at `loc` if that is not known.
  SourceRange access_at(SourceLoc loc) const;
};

// The CheckSites of a program read from `file`: Original if the comment lines at the top of
// the file hold the instrumentation header (instrument/instrument.h) (the path is tried as given,
// then relative to the file's directory), else Unknown if `code` has race checks, else ThisFile.
CheckSites check_sites_of(const SourceFile& file, const Code& code);

// "f.rl:9:3" for one access of a race: for a race found by an instrumentation check, at the
// position `sites` says (nullptr: ThisFile).
std::string format_access_position(const RaceReport& race, const RaceAccess& access,
                                   const SourceFile& file, const CheckSites* sites);

// The "==================" block for one race (ends with a newline). A race found by an
// instrumentation check names its accesses as `sites` says (nullptr: ThisFile); their source
// lines are shown only when they come from the file that holds them.
std::string format_race_report(const RaceReport& race, const Code& code, const SourceFile& file,
                               const CheckSites* sites = nullptr);

// `file:line:col: error: thread 2: ...` with the source line and caret.
std::string format_failure(const Failure& failure, const SourceFile& file, bool color);

// "note: execution discarded: thread 1's assumption is false" at each false `assume`: the run
// is not a behaviour of the program (docs/language.md), which is not an error.
std::string format_discarded(const std::vector<BlockedThread>& blocked, const SourceFile& file,
                             bool color);
// `file: error: deadlock: ...` and a note for every blocked thread.
std::string format_deadlock(const std::vector<BlockedThread>& blocked, const Code& code,
                            const SourceFile& file, bool color);

// `file: error: stopped after N steps ...` and a note for every running thread.
std::string format_step_limit(const RunResult& result, uint64_t max_steps, const SourceFile& file,
                              bool color);

// Milliseconds as seconds the way --timeout takes them: 1500 -> "1.5 s" (or "1.5" without the
// unit), 2000 -> "2 s".
std::string format_seconds(uint64_t ms, bool unit = true);

// `file: error: time limit reached ...` and, where the run knows them (the interpreter), a
// note for every running thread.
std::string format_time_limit(const RunResult& result, uint64_t timeout_ms, const SourceFile& file,
                              bool color);

// Everything a finished run reports after the races it streamed (failure, deadlock, step or
// time limit, schedule error), or "" for a clean end.
std::string format_run_end(const RunResult& result, const Code& code, const SourceFile& file,
                           const RunOptions& options, bool color);

// "thread 1 waits to lock 'm', held by thread 2" (no position).
std::string describe_blocker(const BlockedThread& blocked, const Code& code);
// "thread 1", "threads 1 and 2", "threads 1, 2 and 3".
std::string thread_list(const std::vector<int64_t>& ids);

// "  Write of 'x' by thread 2 at f.rl:9:3" pieces, shared with explore's output.
std::string describe_access(const RaceAccess& access, const std::string& location,
                            const SourceFile& file, bool previous);
// "f.rl:9:3", or "an unknown position" for an access without one.
std::string format_position(const SourceFile& file, SourceLoc loc);
// The source line of `range` and a caret under it, each line indented by `indent` spaces.
std::string source_snippet(const SourceFile& file, SourceRange range, int indent);

} // namespace racelang
