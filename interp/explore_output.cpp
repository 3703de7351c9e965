// Text and JSON output of `racelang explore`, replay commands and witness files (see
// explore_output.h). Everything is printed in the sorted order ExploreResult already has, so
// the output is deterministic.
#include "interp/explore_output.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "frontend/diagnostics.h"
#include "interp/report.h"

namespace racelang {
namespace {

// Shared locations of the final state (locks left out) as (name, values): a scalar has one
// value, an array one per element.
std::vector<std::pair<std::string, std::vector<int64_t>>> shared_values(const Code& code,
                                                                        const FinalState& s) {
  std::vector<std::pair<std::string, std::vector<int64_t>>> out;
  for (const Symbol& sym : code.info->symbols) {
    if (sym.kind != SymbolKind::Shared) continue;
    out.emplace_back(sym.name, s.memory.slice(sym.first_cell, sym.cell_count));
  }
  return out;
}

struct ThreadLocals {
  int64_t thread;
  std::vector<std::pair<std::string, int64_t>> values;
};

std::vector<ThreadLocals> locals_of(const Code& code, const FinalState& s) {
  std::vector<ThreadLocals> out;
  uint32_t offset = 0;
  for (uint32_t k = 0; k < code.threads.size(); ++k) {
    const ThreadCode& t = code.threads[k];
    ThreadLocals tl{t.id, {}};
    for (uint32_t slot = 0; slot < t.locals.size(); ++slot)
      tl.values.emplace_back(code.local_name(k, slot), s.locals[offset + slot]);
    offset += static_cast<uint32_t>(t.locals.size());
    if (!tl.values.empty()) out.push_back(std::move(tl));
  }
  return out;
}

std::string shared_text(const Code& code, const FinalState& s) {
  std::string out;
  for (const auto& [name, values] : shared_values(code, s)) {
    if (!out.empty()) out += ", ";
    out += name + " = ";
    bool array = code.info->find_symbol(name)->array_size.has_value();
    if (!array) {
      out += std::to_string(values[0]);
      continue;
    }
    out += "[";
    // A run of kRepeatThreshold or more equal values prints once, as gdb prints arrays
    // ("0 <repeats 9999995 times>"): a large array's final state stays a readable line
    // instead of megabytes of zeros. The JSON output keeps every value.
    constexpr size_t kRepeatThreshold = 10;
    for (size_t i = 0; i < values.size();) {
      size_t run = 1;
      while (i + run < values.size() && values[i + run] == values[i]) ++run;
      if (i) out += ", ";
      if (run >= kRepeatThreshold) {
        out += std::to_string(values[i]) + " <repeats " + std::to_string(run) + " times>";
        i += run;
      } else {
        out += std::to_string(values[i]);
        ++i;
      }
    }
    out += "]";
  }
  return out.empty() ? "(no shared locations)" : out;
}

std::string locals_text(const Code& code, const FinalState& s) {
  std::string out;
  for (const ThreadLocals& tl : locals_of(code, s)) {
    out += "; thread " + std::to_string(tl.thread) + ": ";
    for (size_t i = 0; i < tl.values.size(); ++i)
      out += (i ? ", " : "") + tl.values[i].first + " = " + std::to_string(tl.values[i].second);
  }
  return out;
}

// Final states projected to what is shown, without repeats (the result is sorted by the full
// state, and projection keeps the first of each).
std::vector<const FinalState*> shown_states(const ExploreResult& result, const Code& code,
                                            bool locals) {
  std::vector<const FinalState*> out;
  std::vector<std::string> seen;
  for (const FinalState& s : result.final_states) {
    std::string key = shared_text(code, s) + (locals ? locals_text(code, s) : "");
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    seen.push_back(key);
    out.push_back(&s);
  }
  return out;
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (c < 0x20) {
        char buf[8];
        snprintf(buf, sizeof buf, "\\u%04x", c);
        out += buf;
      } else {
        out += static_cast<char>(c);
      }
    }
  }
  return out + "\"";
}

std::string json_schedule(const Schedule& schedule) {
  std::string out = "[";
  for (size_t i = 0; i < schedule.size(); ++i) out += (i ? "," : "") + std::to_string(schedule[i]);
  return out + "]";
}

std::string json_shared(const Code& code, const FinalState& s) {
  std::string out = "{";
  bool first = true;
  for (const auto& [name, values] : shared_values(code, s)) {
    out += (first ? "" : ", ") + json_string(name) + ": ";
    first = false;
    if (!code.info->find_symbol(name)->array_size) {
      out += std::to_string(values[0]);
      continue;
    }
    out += "[";
    for (size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + std::to_string(values[i]);
    out += "]";
  }
  return out + "}";
}

std::string json_locals(const Code& code, const FinalState& s) {
  std::string out = "{";
  bool first = true;
  for (const ThreadLocals& tl : locals_of(code, s)) {
    out += (first ? "" : ", ") + json_string(std::to_string(tl.thread)) + ": {";
    first = false;
    for (size_t i = 0; i < tl.values.size(); ++i)
      out += (i ? ", " : "") + json_string(tl.values[i].first) + ": " +
             std::to_string(tl.values[i].second);
    out += "}";
  }
  return out + "}";
}

const std::string& file_at(const WitnessFiles* files, std::vector<std::string> WitnessFiles::*list,
                           size_t i) {
  static const std::string none;
  return files && i < (files->*list).size() ? (files->*list)[i] : none;
}

} // namespace

std::string format_shared_memory(const Code& code, const std::vector<int64_t>& memory) {
  return shared_text(code, FinalState{Cells(memory), {}});
}

ReplaySpec replay_spec(const ExploreRace& race, const ExploreOptions& options) {
  return {race.witness, options.detector, !race.first_on_witness, std::nullopt};
}
ReplaySpec replay_spec(const ExploreFailure& failure) {
  return {failure.witness, std::nullopt, false, std::nullopt};
}
ReplaySpec replay_spec(const ExploreDeadlock& deadlock) {
  return {deadlock.witness, std::nullopt, false, std::nullopt};
}
std::string limit_value(const ExploreResult& result, const ExploreOptions& options) {
  if (result.limit == "max-states") return std::to_string(options.max_states);
  if (result.limit == "max-executions") return std::to_string(options.max_executions);
  if (result.limit == "timeout") return format_seconds(options.timeout_ms);
  return "";
}

ReplaySpec replay_spec(const ExploreStepLimit& limit, const ExploreOptions& options) {
  return {limit.witness, std::nullopt, false, limit.steps_before + options.max_steps};
}

ReplaySpec replay_spec(const ExploreNonTermination& cycle) {
  return {cycle.witness, std::nullopt, false, cycle.steps};
}

InterpreterOptions replay_run_options(const ReplaySpec& spec) {
  InterpreterOptions options;
  options.detector = spec.detector;
  options.keep_going = spec.keep_going;
  if (spec.max_steps) options.max_steps = *spec.max_steps;
  return options;
}

std::string replay_command(const ReplaySpec& spec, const ExploreOutputOptions& output,
                           const std::string& schedule_file) {
  std::string out = "run " + output.program_path;
  for (const std::string& arg : output.extra_run_args) out += " " + arg;
  if (spec.detector != output.run_default_detector)
    out +=
        " --detector=" + (spec.detector ? std::string(detect::detector_kind_option(*spec.detector))
                                        : std::string("none"));
  if (spec.keep_going) out += " --keep-going";
  if (spec.max_steps) out += " --max-steps=" + std::to_string(*spec.max_steps);
  if (!schedule_file.empty())
    out += " --replay=" + schedule_file;
  else
    out += " --schedule-string=" + format_schedule_string(spec.schedule);
  return out;
}

std::vector<WitnessFile> witness_files(const ExploreResult& result,
                                       const ExploreOutputOptions& output, WitnessFiles& files) {
  std::vector<WitnessFile> out;
  auto add = [&](const Schedule& schedule, const std::string& stem, size_t n,
                 const std::string& comment, std::vector<std::string>& into) {
    std::string path =
        (std::filesystem::path(output.witness_dir) / (stem + "-" + std::to_string(n) + ".sched"))
            .string();
    out.push_back({path, format_schedule_file(schedule, output.program_path, comment)});
    into.push_back(path);
  };
  for (size_t i = 0; i < result.races.size(); ++i)
    add(result.races[i].witness, "race", i + 1, "witness of a data race", files.races);
  for (size_t i = 0; i < result.assertion_failures.size(); ++i)
    add(result.assertion_failures[i].witness, "assertion", i + 1, "witness of an assertion failure",
        files.assertion_failures);
  for (size_t i = 0; i < result.runtime_errors.size(); ++i)
    add(result.runtime_errors[i].witness, "error", i + 1, "witness of a runtime error",
        files.runtime_errors);
  for (size_t i = 0; i < result.deadlocks.size(); ++i)
    add(result.deadlocks[i].witness, "deadlock", i + 1, "witness of a deadlock", files.deadlocks);
  for (size_t i = 0; i < result.step_limits.size(); ++i)
    add(result.step_limits[i].witness, "step-limit", i + 1, "witness of the step limit",
        files.step_limits);
  for (size_t i = 0; i < result.non_terminations.size(); ++i)
    add(result.non_terminations[i].witness, "non-terminating", i + 1,
        "witness of a cycle no schedule leaves (replay with the --max-steps explore prints)",
        files.non_terminations);
  return out;
}

namespace {

// A count as text: a count that overflowed 64 bits says so instead of showing the number it
// stopped at.
std::string count_text(uint64_t value, bool saturated) {
  if (saturated && value == ~uint64_t{0}) return "more than 18446744073709551614 (overflow)";
  return std::to_string(value);
}

// The same in JSON: the string "overflow" (with "overflow": true at the top level).
std::string count_json(uint64_t value, bool saturated) {
  if (saturated && value == ~uint64_t{0}) return json_string("overflow");
  return std::to_string(value);
}

} // namespace

std::string format_explore_text(const ExploreResult& result, const Code& code,
                                const SourceFile& file, const ExploreOptions& options,
                                const ExploreOutputOptions& output, const WitnessFiles* files) {
  const ExploreCounts& c = result.counts;
  std::string at_least = result.cyclic || !result.limit.empty() || c.saturated ? "at least " : "";
  std::string out = "explored " + output.program_path + "\n";
  bool sat = c.saturated;
  out += "executions: " + at_least + count_text(c.total, sat) + " (finished " +
         count_text(c.finished, sat) + ", failed " + count_text(c.failed, sat) + ", deadlocked " +
         count_text(c.deadlocked, sat) +
         (c.discarded ? ", discarded " + count_text(c.discarded, sat) : "") + ", step limit " +
         count_text(c.step_limit, sat) +
         (c.bounded ? ", cut by the thread bound " + count_text(c.bounded, sat) : "") + "), racy " +
         count_text(c.racy, sat) + "\n";
  if (result.traces) {
    out += "traces: " + at_least + std::to_string(*result.traces) +
           " (DPOR: one finished execution per Mazurkiewicz trace)\n";
    // Said, as model checkers that count traces say it (Nidhugg's "sleepset blocked"), so
    // that counts compared with theirs are read the same way: executions begun and abandoned
    // are not traces, and the split search's parts with sleepers run them.
    if (result.redundant > 0)
      out += "sleep-set blocked: " + std::to_string(result.redundant) +
             " executions begun and abandoned, not traces (" +
             (result.source_parts_blocked == result.redundant
                  ? "parts of the split search with sleepers run source sets"
                  : "steps that may fail, or parts of the split search with sleepers") +
             ")\n";
  } else
    out += "states: " + std::to_string(result.states) +
           (result.cached ? "" : " (no state caching)") + "\n";
  if (c.bounded)
    out += "note: the per-thread bound of " + std::to_string(options.thread_bound) +
           " scheduling steps (--thread-bound) cut " + count_text(c.bounded, sat) +
           " executions short; the results are those of the bounded program\n";
  if (result.cyclic)
    out += "note: some schedules never end (the state graph has a cycle, e.g. a spin loop); "
           "execution counts are lower bounds\n";
  if (!result.limit.empty())
    out += "note: stopped at the --" + result.limit + " limit (" + limit_value(result, options) +
           "); the results below are partial\n";

  auto replay = [&](const ReplaySpec& spec, std::vector<std::string> WitnessFiles::*list,
                    size_t i) {
    return "    replay: racelang " + replay_command(spec, output, file_at(files, list, i)) + "\n";
  };

  std::vector<const FinalState*> states = shown_states(result, code, output.locals);
  out += "final states: " + std::to_string(states.size()) + "\n";
  for (const FinalState* s : states)
    out += "  " + shared_text(code, *s) + (output.locals ? locals_text(code, *s) : "") + "\n";

  out += "data races: " + std::to_string(result.races.size()) + "\n";
  for (size_t i = 0; i < result.races.size(); ++i) {
    const RaceReport& r = result.races[i].report;
    std::string name = code.info->cell_name(r.cell);
    out += "  race on '" + name + "': " + spelling(r.current.kind) + " by thread " +
           std::to_string(r.current.thread) + " at " +
           format_access_position(r, r.current, file, output.sites) + ", " +
           spelling(r.previous.kind) + " by thread " + std::to_string(r.previous.thread) + " at " +
           format_access_position(r, r.previous, file, output.sites) + "\n";
    out += replay(replay_spec(result.races[i], options), &WitnessFiles::races, i);
  }

  auto failures = [&](const std::string& title, const std::vector<ExploreFailure>& list,
                      std::vector<std::string> WitnessFiles::*member) {
    out += title + ": " + std::to_string(list.size()) + "\n";
    for (size_t i = 0; i < list.size(); ++i) {
      const Failure& f = list[i].failure;
      out += "  " + format_position(file, f.range.begin) + ": " + f.message + "\n";
      out += replay(replay_spec(list[i]), member, i);
    }
  };
  failures("assertion failures", result.assertion_failures, &WitnessFiles::assertion_failures);
  failures("runtime errors", result.runtime_errors, &WitnessFiles::runtime_errors);

  out += "deadlocks: " + std::to_string(result.deadlocks.size()) + "\n";
  for (size_t i = 0; i < result.deadlocks.size(); ++i) {
    std::vector<int64_t> ids;
    for (const BlockedThread& b : result.deadlocks[i].blocked) ids.push_back(b.thread);
    out += "  " + thread_list(ids) + " blocked:\n";
    for (const BlockedThread& b : result.deadlocks[i].blocked)
      out += "    " + describe_blocker(b, code) + " at " +
             format_position(file, b.blocker.range.begin) + "\n";
    out += replay(replay_spec(result.deadlocks[i]), &WitnessFiles::deadlocks, i);
  }

  if (!result.step_limits.empty()) {
    out += "step limits: " + std::to_string(result.step_limits.size()) + "\n";
    for (size_t i = 0; i < result.step_limits.size(); ++i) {
      const ExploreStepLimit& l = result.step_limits[i];
      out += "  thread " + std::to_string(l.thread) + " ran more than " +
             std::to_string(options.max_steps) + " steps without a scheduling point at " +
             format_position(file, l.range.begin) + "\n";
      out += replay(replay_spec(l, options), &WitnessFiles::step_limits, i);
    }
  }
  if (!result.non_terminations.empty()) {
    out += "non-terminating: " + std::to_string(result.non_terminations.size()) + "\n";
    for (size_t i = 0; i < result.non_terminations.size(); ++i) {
      const ExploreNonTermination& nt = result.non_terminations[i];
      out += "  a cycle no schedule leaves, the program never ends:";
      for (size_t j = 0; j < nt.threads.size(); ++j) {
        const auto& t = nt.threads[j];
        out += std::string(j ? ", " : " ") + "thread " + std::to_string(t.id) + " at " +
               format_position(file, t.range.begin) + (t.can_step ? "" : " (blocked)");
      }
      out += "\n" + replay(replay_spec(nt), &WitnessFiles::non_terminations, i);
    }
  }
  return out;
}

std::string format_explore_json(const ExploreResult& result, const Code& code,
                                const ExploreOptions& options, const ExploreOutputOptions& output,
                                const WitnessFiles* files) {
  const ExploreCounts& c = result.counts;
  std::string out = "{\n";
  auto field = [&](const std::string& name, const std::string& value, bool last = false) {
    out += "  " + json_string(name) + ": " + value + (last ? "\n" : ",\n");
  };
  auto replay = [&](const ReplaySpec& spec, std::vector<std::string> WitnessFiles::*list,
                    size_t i) {
    return ", \"schedule\": " + json_schedule(spec.schedule) + ", \"replay\": " +
           json_string("racelang " + replay_command(spec, output, file_at(files, list, i)));
  };
  field("program", json_string(output.program_path));
  field("detector", options.detector
                        ? json_string(std::string(detect::detector_kind_option(*options.detector)))
                        : json_string("none"));
  field("complete", result.limit.empty() ? "true" : "false");
  field("limit", result.limit.empty() ? "null" : json_string(result.limit));
  field("cyclic", result.cyclic ? "true" : "false");
  field("strategy", json_string(strategy_name(options.strategy)));
  bool sat = c.saturated;
  field("overflow", sat ? "true" : "false");
  field("executions", count_json(c.total, sat));
  field("traces", result.traces ? std::to_string(*result.traces) : "null");
  field("finished_executions", count_json(c.finished, sat));
  field("failed_executions", count_json(c.failed, sat));
  field("deadlocked_executions", count_json(c.deadlocked, sat));
  field("discarded_executions", count_json(c.discarded, sat));
  field("step_limit_executions", count_json(c.step_limit, sat));
  field("bounded_executions", count_json(c.bounded, sat));
  field("thread_bound",
        options.strategy == ExploreStrategy::Dpor ? std::to_string(options.thread_bound) : "null");
  field("racy_executions", count_json(c.racy, sat));
  field("states", std::to_string(result.states));
  field("parts", result.parts ? std::to_string(result.parts) : "null");
  // Runs begun and abandoned because every enabled thread slept: none for the unsplit optimal
  // search, some for the split one (docs/explore.md, "The cost"); the work it paid beyond one
  // execution per trace.
  field("sleep_blocked", result.traces ? std::to_string(result.redundant) : "null");

  std::string finals = "[";
  std::vector<const FinalState*> shared_only = shown_states(result, code, false);
  for (size_t i = 0; i < shared_only.size(); ++i)
    finals += std::string(i ? ", " : "") + json_shared(code, *shared_only[i]);
  field("final_states", finals + "]");
  if (output.locals) {
    std::string with = "[";
    std::vector<const FinalState*> all = shown_states(result, code, true);
    for (size_t i = 0; i < all.size(); ++i)
      with += std::string(i ? ",\n    " : "\n    ") + "{\"shared\": " + json_shared(code, *all[i]) +
              ", \"locals\": " + json_locals(code, *all[i]) + "}";
    field("final_states_with_locals", with + (all.empty() ? "]" : "\n  ]"));
  }

  auto access = [](const RaceAccess& a) {
    return "{\"thread\": " + std::to_string(a.thread) +
           ", \"kind\": " + json_string(spelling(a.kind)) +
           ", \"line\": " + std::to_string(a.range.begin.line) +
           ", \"col\": " + std::to_string(a.range.begin.col) + "}";
  };
  std::string races = "[";
  for (size_t i = 0; i < result.races.size(); ++i) {
    const RaceReport& r = result.races[i].report;
    races += std::string(i ? ",\n    " : "\n    ") +
             "{\"location\": " + json_string(code.info->cell_name(r.cell)) + ", \"accesses\": [" +
             access(r.current) + ", " + access(r.previous) + "]" +
             replay(replay_spec(result.races[i], options), &WitnessFiles::races, i) + "}";
  }
  field("races", races + (result.races.empty() ? "]" : "\n  ]"));

  auto failures = [&](const std::vector<ExploreFailure>& list,
                      std::vector<std::string> WitnessFiles::*member) {
    std::string s = "[";
    for (size_t i = 0; i < list.size(); ++i) {
      const Failure& f = list[i].failure;
      s += std::string(i ? ",\n    " : "\n    ") + "{\"thread\": " + std::to_string(f.thread) +
           ", \"line\": " + std::to_string(f.range.begin.line) +
           ", \"col\": " + std::to_string(f.range.begin.col) +
           ", \"message\": " + json_string(f.message) + replay(replay_spec(list[i]), member, i) +
           "}";
    }
    return s + (list.empty() ? "]" : "\n  ]");
  };
  field("assertion_failures",
        failures(result.assertion_failures, &WitnessFiles::assertion_failures));
  field("runtime_errors", failures(result.runtime_errors, &WitnessFiles::runtime_errors));

  std::string deadlocks = "[";
  for (size_t i = 0; i < result.deadlocks.size(); ++i) {
    std::string threads = "[";
    const auto& blocked = result.deadlocks[i].blocked;
    for (size_t j = 0; j < blocked.size(); ++j) {
      const BlockedThread& b = blocked[j];
      threads += std::string(j ? ", " : "") + "{\"thread\": " + std::to_string(b.thread) +
                 ", \"line\": " + std::to_string(b.blocker.range.begin.line) +
                 ", \"col\": " + std::to_string(b.blocker.range.begin.col);
      if (b.blocker.kind == Blocker::Lock)
        threads += ", \"waits_for\": \"lock\", \"lock\": " +
                   json_string(code.info->cell_name(b.blocker.cell)) +
                   ", \"holder\": " + std::to_string(b.blocker.holder);
      else if (b.blocker.kind == Blocker::Wait)
        threads += ", \"waits_for\": \"thread\", \"waited\": " + std::to_string(b.blocker.waited) +
                   ", \"spawned\": " + (b.blocker.waited_spawned ? "true" : "false");
      threads += ", \"message\": " + json_string(describe_blocker(b, code)) + "}";
    }
    deadlocks += std::string(i ? ",\n    " : "\n    ") + "{\"threads\": " + threads + "]" +
                 replay(replay_spec(result.deadlocks[i]), &WitnessFiles::deadlocks, i) + "}";
  }
  field("deadlocks", deadlocks + (result.deadlocks.empty() ? "]" : "\n  ]"));

  std::string limits = "[";
  for (size_t i = 0; i < result.step_limits.size(); ++i) {
    const ExploreStepLimit& l = result.step_limits[i];
    limits += std::string(i ? ",\n    " : "\n    ") + "{\"thread\": " + std::to_string(l.thread) +
              ", \"line\": " + std::to_string(l.range.begin.line) +
              ", \"col\": " + std::to_string(l.range.begin.col) +
              replay(replay_spec(l, options), &WitnessFiles::step_limits, i) + "}";
  }
  // Only when there are some, so that the output of every program that ends is unchanged.
  if (!result.non_terminations.empty()) {
    std::string cycles = "[";
    for (size_t i = 0; i < result.non_terminations.size(); ++i) {
      const ExploreNonTermination& nt = result.non_terminations[i];
      std::string threads = "[";
      for (size_t j = 0; j < nt.threads.size(); ++j)
        threads += std::string(j ? ", " : "") + "{\"thread\": " + std::to_string(nt.threads[j].id) +
                   ", \"line\": " + std::to_string(nt.threads[j].range.begin.line) +
                   ", \"col\": " + std::to_string(nt.threads[j].range.begin.col) +
                   ", \"blocked\": " + (nt.threads[j].can_step ? "false" : "true") + "}";
      cycles += std::string(i ? ",\n    " : "\n    ") + "{\"threads\": " + threads + "]" +
                ", \"steps\": " + std::to_string(nt.steps) +
                replay(replay_spec(nt), &WitnessFiles::non_terminations, i) + "}";
    }
    field("non_terminating", cycles + "\n  ]");
  }
  field("step_limits", limits + (result.step_limits.empty() ? "]" : "\n  ]"), true);
  return out + "}\n";
}

int explore_exit_code(const ExploreResult& result) {
  if (result.counts.racy > 0 || !result.races.empty()) return 66;
  if (!result.assertion_failures.empty() || !result.runtime_errors.empty() ||
      !result.deadlocks.empty() || !result.step_limits.empty() || !result.limit.empty() ||
      !result.non_terminations.empty() || result.counts.bounded > 0)
    return 1; // a thread bound that cut executions is a limit: the results are partial
  return 0;
}

} // namespace racelang
