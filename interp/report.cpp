// Report formats (see report.h and docs/interpreter.md, "Reports"). Source snippets come from
// render_diagnostic so carets line up exactly as in compile errors.
#include "interp/report.h"

#include "frontend/ast_walk.h"
#include "instrument/instrument.h"

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "frontend/diagnostics.h"
#include "frontend/parse.h"
#include "frontend/procedures.h"
#include "outcome/messages.h"

namespace racelang {
namespace {

const char* const kRule = "==================\n";

std::string capitalized(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

std::string thread_origin(const Code& code, int64_t id, const SourceFile& file) {
  int32_t k = code.thread_index(id);
  // A race check's earlier thread is computed at run time; a broken pass could name anything.
  if (k < 0) return "  Thread " + std::to_string(id) + " is not a thread of this program\n";
  if (k == 0) return "  Thread " + std::to_string(id) + " is the main thread\n";
  const ThreadCode& t = code.threads[static_cast<size_t>(k)];
  return "  Thread " + std::to_string(id) + " was spawned by thread " +
         std::to_string(code.threads[static_cast<size_t>(t.parent)].id) + " at " +
         format_position(file, t.spawn_range.begin) + "\n";
}

std::string note(const SourceFile& file, SourceRange range, const std::string& message,
                 bool color) {
  return render_diagnostic(file, {Severity::Note, range, message}, color);
}

} // namespace

std::string format_position(const SourceFile& file, SourceLoc loc) {
  if (loc.line == 0) return "an unknown position";
  return file.path() + ":" + format_loc(loc);
}

std::string source_snippet(const SourceFile& file, SourceRange range, int indent) {
  if (range.begin.line == 0) return "";
  std::string rendered = render_diagnostic(file, {Severity::Note, range, ""}, false);
  // Drop the header line; indent the source line and the marker line.
  size_t first = rendered.find('\n');
  if (first == std::string::npos) return "";
  std::string out;
  std::string pad(static_cast<size_t>(indent), ' ');
  size_t pos = first + 1;
  while (pos < rendered.size()) {
    size_t end = rendered.find('\n', pos);
    if (end == std::string::npos) end = rendered.size();
    out += pad + rendered.substr(pos, end - pos) + "\n";
    pos = end + 1;
  }
  return out;
}

std::string describe_access(const RaceAccess& access, const std::string& location,
                            const SourceFile& file, bool previous) {
  std::string kind = spelling(access.kind);
  std::string head = previous ? "Previous " + kind : capitalized(kind);
  return head + " of '" + location + "' by thread " + std::to_string(access.thread) + " at " +
         format_position(file, access.range.begin);
}

SourceRange CheckSites::access_at(SourceLoc loc) const {
  if (program) return access_range_at(program->body, loc);
  return {loc, {loc.line, loc.col + 1}};
}

CheckSites check_sites_of(const SourceFile& file, const Code& code) {
  CheckSites sites;
  if (auto header = read_instrumented_header(file)) {
    sites.kind = CheckSites::Kind::Original;
    sites.path = header->original_path;
    if (auto original = read_original_source(file, *header)) {
      sites.file = std::move(original);
      DiagnosticEngine quiet(*sites.file, nullptr);
      auto program = parse_program(*sites.file, quiet);
      // Accesses in procedure bodies are found in their expanded copies (same positions).
      if (program && expand_procedures(*program, quiet))
        sites.program = std::make_shared<Program>(std::move(*program));
    }
    return sites;
  }
  for (const ThreadCode& t : code.threads)
    for (const Instr& in : t.instrs)
      if (in.op == Op::Assert && in.stmt && std::get<Assert>(in.stmt->node).race) {
        sites.kind = CheckSites::Kind::Unknown;
        return sites;
      }
  return sites;
}

std::string format_access_position(const RaceReport& race, const RaceAccess& access,
                                   const SourceFile& file, const CheckSites* sites) {
  if (!race.from_instrumentation || !sites || sites->kind == CheckSites::Kind::ThisFile)
    return format_position(file, access.range.begin);
  SourceLoc loc = access.range.begin;
  if (loc.line == 0) return "an unknown position";
  if (sites->kind == CheckSites::Kind::Original) return sites->path + ":" + format_loc(loc);
  return format_loc(loc) + " of the uninstrumented program";
}

std::string format_race_report(const RaceReport& race, const Code& code, const SourceFile& file,
                               const CheckSites* sites) {
  std::string name = code.info->cell_name(race.cell);
  std::string out = kRule;
  out += "WARNING: data race on '" + name + "'";
  if (race.from_instrumentation) out += " (found by an instrumentation check)";
  out += "\n";
  // The source line of an access: from the file its position belongs to, or none.
  auto snippet = [&](const RaceAccess& access) {
    if (!race.from_instrumentation || !sites || sites->kind == CheckSites::Kind::ThisFile)
      return source_snippet(file, access.range, 4);
    if (sites->kind == CheckSites::Kind::Original && sites->file)
      return source_snippet(*sites->file, sites->access_at(access.range.begin), 4);
    return std::string();
  };
  auto describe = [&](const RaceAccess& access, bool previous) {
    std::string kind = spelling(access.kind);
    std::string head = previous ? "Previous " + kind : capitalized(kind);
    return head + " of '" + name + "' by thread " + std::to_string(access.thread) + " at " +
           format_access_position(race, access, file, sites);
  };
  out += "  " + describe(race.current, false) + ":\n";
  out += snippet(race.current);
  out += "  " + describe(race.previous, true) + ":\n";
  out += snippet(race.previous);
  std::vector<int64_t> threads{race.current.thread, race.previous.thread};
  std::sort(threads.begin(), threads.end());
  threads.erase(std::unique(threads.begin(), threads.end()), threads.end());
  for (int64_t t : threads) out += thread_origin(code, t, file);
  out += "SUMMARY: racelang: data race on '" + name + "' (" +
         format_access_position(race, race.current, file, sites) + " and " +
         format_access_position(race, race.previous, file, sites) + ")\n";
  out += kRule;
  return out;
}

std::string format_failure(const Failure& failure, const SourceFile& file, bool color) {
  return render_diagnostic(file, {Severity::Error, failure.range, failure.message}, color);
}

std::string thread_list(const std::vector<int64_t>& ids) {
  std::string out = ids.size() == 1 ? "thread " : "threads ";
  for (size_t i = 0; i < ids.size(); ++i) {
    if (i > 0) out += i + 1 == ids.size() ? " and " : ", ";
    out += std::to_string(ids[i]);
  }
  return out;
}

std::string describe_blocker(const BlockedThread& b, const Code& code) {
  std::string who = "thread " + std::to_string(b.thread);
  switch (b.blocker.kind) {
  case Blocker::Lock: {
    std::string lock = code.info->cell_name(b.blocker.cell);
    if (b.blocker.holder == b.thread)
      return who + " waits to lock '" + lock +
             "', which it holds itself (locks are not re-entrant)";
    return who + " waits to lock '" + lock + "', held by thread " +
           std::to_string(b.blocker.holder);
  }
  case Blocker::Wait:
    return who + " waits for thread " + std::to_string(b.blocker.waited) +
           (b.blocker.waited_spawned ? " to finish" : ", which has not been spawned");
  case Blocker::Condition:
    return who + " waits on condition '" + code.info->cell_name(b.blocker.cell) +
           "', which no thread can notify any more";
  case Blocker::Barrier:
    return who + " waits at barrier '" + code.info->cell_name(b.blocker.cell) + "' (" +
           std::to_string(b.blocker.arrived) + " of " + std::to_string(b.blocker.needed) +
           " threads arrived), which no other thread can reach";
  case Blocker::Assume:
    return who + " stopped at an assumption that was false";
  case Blocker::None:
    break;
  }
  return who + " cannot continue";
}

std::string format_deadlock(const std::vector<BlockedThread>& blocked, const Code& code,
                            const SourceFile& file, bool color) {
  std::vector<int64_t> ids;
  for (const BlockedThread& b : blocked) ids.push_back(b.thread);
  std::string head = "deadlock: " + thread_list(ids) + (ids.size() == 1 ? " is" : " are") +
                     " blocked and no thread can continue";
  std::string out = render_diagnostic(file, {Severity::Error, {}, head}, color);
  for (const BlockedThread& b : blocked)
    out += note(file, b.blocker.range, describe_blocker(b, code), color);
  return out;
}

std::string format_discarded(const std::vector<BlockedThread>& blocked, const SourceFile& file,
                             bool color) {
  std::string out;
  for (const BlockedThread& b : blocked)
    if (b.blocker.kind == Blocker::Assume)
      out += render_diagnostic(
          file, {Severity::Note, b.blocker.range, messages::execution_discarded(b.thread)}, color);
  return out;
}

std::string format_step_limit(const RunResult& result, uint64_t max_steps, const SourceFile& file,
                              bool color) {
  std::string head = "step limit reached: stopped after " + std::to_string(result.steps) +
                     " steps (--max-steps=" + std::to_string(max_steps) +
                     "); the program may not terminate under this schedule";
  std::string out = render_diagnostic(file, {Severity::Error, {}, head}, color);
  for (const auto& [thread, range] : result.running)
    out += note(file, range, "thread " + std::to_string(thread) + " is here", color);
  return out;
}

std::string format_seconds(uint64_t ms, bool unit) {
  std::string s = std::to_string(ms / 1000);
  if (ms % 1000 != 0) {
    std::string fraction = std::to_string(1000 + ms % 1000).substr(1);
    while (fraction.back() == '0') fraction.pop_back();
    s += "." + fraction;
  }
  return unit ? s + " s" : s;
}

std::string format_time_limit(const RunResult& result, uint64_t timeout_ms, const SourceFile& file,
                              bool color) {
  std::string head = "time limit reached: stopped after " + format_seconds(timeout_ms) +
                     " (--timeout=" + format_seconds(timeout_ms, /*unit=*/false) + ")";
  if (!result.running.empty()) head += "; the program may not terminate under this schedule";
  std::string out = render_diagnostic(file, {Severity::Error, {}, head}, color);
  for (const auto& [thread, range] : result.running)
    out += note(file, range, "thread " + std::to_string(thread) + " is here", color);
  return out;
}

std::string format_run_end(const RunResult& result, const Code& code, const SourceFile& file,
                           const RunOptions& options, bool color) {
  uint64_t max_steps = options.max_steps;
  switch (result.outcome) {
  case Outcome::Finished:
  case Outcome::Race:
    return "";
  case Outcome::RuntimeError:
  case Outcome::AssertionFailure:
    return format_failure(*result.failure, file, color);
  case Outcome::Deadlock:
    return format_deadlock(result.blocked, code, file, color);
  case Outcome::Discarded:
    return format_discarded(result.blocked, file, color);
  case Outcome::StepLimit:
    return format_step_limit(result, max_steps, file, color);
  case Outcome::TimeLimit:
    return format_time_limit(result, options.timeout_ms, file, color);
  case Outcome::ScheduleError:
    if (result.schedule_exhausted && !result.races.empty())
      return render_diagnostic(file,
                               {Severity::Note,
                                {},
                                "the replayed schedule ends here, after " +
                                    std::to_string(result.choices) + " choices; the run stops"},
                               color);
    return render_diagnostic(
        file, {Severity::Error, {}, "cannot replay the schedule: " + result.schedule_error}, color);
  }
  return "";
}

} // namespace racelang
