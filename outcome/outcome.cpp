// Race identity, race-check positions and exit codes (see outcome.h).
#include "outcome/outcome.h"

#include "frontend/ast_walk.h"
#include "frontend/diagnostics.h"

namespace racelang {

RaceKey race_key(const RaceReport& report) {
  RaceKey key;
  key.cell = report.cell;
  SourceLoc a = report.current.range.begin, b = report.previous.range.begin;
  AccessKind ak = report.current.kind, bk = report.previous.kind;
  bool a_first = std::tie(a.line, a.col, ak) <= std::tie(b.line, b.col, bk);
  key.first = a_first ? a : b;
  key.second = a_first ? b : a;
  key.first_kind = a_first ? ak : bk;
  key.second_kind = a_first ? bk : ak;
  return key;
}

SourceLoc decode_site(int64_t site) {
  if (site <= 0) return {};
  return {static_cast<uint32_t>(site / kSiteLineFactor),
          static_cast<uint32_t>(site % kSiteLineFactor)};
}

RaceReport race_from_check(const Block& program_body, const Failure& failure) {
  return race_from_check(AccessRanges(program_body), failure);
}

RaceReport race_from_check(const AccessRanges& accesses, const Failure& failure) {
  RaceReport report;
  report.from_instrumentation = true;
  const RaceCheckReport& check = *failure.race;
  report.cell = check.cell;
  SourceLoc here = decode_site(check.site);
  report.current = {failure.thread, check.kind, here.line ? accesses.at(here) : failure.range};
  SourceLoc prev = decode_site(check.prev_site);
  report.previous = {check.prev_thread, check.prev_kind,
                     prev.line ? accesses.at(prev) : SourceRange{}};
  return report;
}

std::string describe_ending(const RunResult& result, const ProgramInfo& info, bool exact) {
  if (!result.races.empty()) {
    const RaceReport& race = result.races.front();
    RaceKey key = race_key(race);
    return "race " + info.cell_name(race.cell) + " " + format_loc(key.first) + " " +
           format_loc(key.second);
  }
  if (result.failure) {
    const Failure& f = *result.failure;
    std::string out = "failure " + std::to_string(static_cast<int>(f.kind)) + " thread " +
                      std::to_string(f.thread);
    if (exact) out += " " + format_loc(f.range.begin) + " " + f.message;
    return out;
  }
  if (result.outcome == Outcome::Deadlock) {
    std::string out = "deadlock";
    for (const BlockedThread& b : result.blocked) {
      out += " " + std::to_string(b.thread) + ":" + std::to_string(b.blocker.kind);
      if (b.blocker.kind == Blocker::Lock) out += ":" + info.cell_name(b.blocker.cell);
      if (b.blocker.kind == Blocker::Wait) out += ":" + std::to_string(b.blocker.waited);
      if (b.blocker.kind == Blocker::Condition || b.blocker.kind == Blocker::Barrier)
        out += ":" + info.cell_name(b.blocker.cell);
    }
    return out;
  }
  if (result.outcome == Outcome::Discarded) return "discarded";
  return "";
}

RaceKey race_check_key(const Failure& failure) {
  const RaceCheckReport& check = *failure.race;
  RaceReport positions;
  positions.cell = check.cell;
  SourceLoc here = decode_site(check.site);
  positions.current.range.begin = here.line ? here : failure.range.begin;
  positions.current.kind = check.kind;
  positions.previous.range.begin = decode_site(check.prev_site);
  positions.previous.kind = check.prev_kind;
  return race_key(positions);
}

int run_exit_code(const RunResult& result) {
  if (!result.races.empty()) return 66;
  switch (result.outcome) {
  case Outcome::Finished:
  case Outcome::Discarded:
    return 0;
  case Outcome::Race:
    return 66;
  case Outcome::ScheduleError:
    return 2;
  default:
    return 1;
  }
}

} // namespace racelang
