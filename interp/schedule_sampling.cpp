// Sampling schedules on worker threads (see schedule_sampling.h). Workers take run indices
// from one shared counter and keep their own table of outcomes; merging the tables keeps each
// outcome's lowest seed and sums its runs, which is the same whatever ran where.
#include "interp/schedule_sampling.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <thread>

#include "interp/pct.h"

namespace racelang {
namespace {

std::string pos(SourceLoc at) {
  return std::to_string(at.line) + ":" + std::to_string(at.col);
}

using Table = std::map<std::pair<SampleKind, std::string>, SampledOutcome>;

void record(Table& table, const RunResult& result, const std::vector<std::string>& output,
            uint64_t seed) {
  auto keys = sample_keys(result, output);
  for (size_t i = 0; i < keys.size(); ++i) {
    auto [it, fresh] = table.try_emplace(keys[i]);
    SampledOutcome& o = it->second;
    ++o.runs;
    if (!fresh && o.first_seed <= seed) continue;
    o.kind = keys[i].first;
    o.key = keys[i].second;
    o.first_seed = seed;
    o.example = result;
    o.output = output;
    // The i-th key of a run with races is its i-th race (sample_keys lists them first).
    o.race = o.kind == SampleKind::Race && i < result.races.size() ? result.races[i] : RaceReport{};
  }
}

} // namespace

const char* sample_kind_name(SampleKind kind) {
  switch (kind) {
  case SampleKind::Race:
    return "race";
  case SampleKind::AssertionFailure:
    return "assertion failure";
  case SampleKind::RuntimeError:
    return "runtime error";
  case SampleKind::Deadlock:
    return "deadlock";
  case SampleKind::StepLimit:
    return "step limit";
  case SampleKind::TimeLimit:
    return "time limit";
  case SampleKind::Discarded:
    return "discarded (an assumption was false)";
  case SampleKind::Finished:
    return "finished";
  }
  return "?";
}

std::vector<std::pair<SampleKind, std::string>>
sample_keys(const RunResult& result, const std::vector<std::string>& output) {
  std::vector<std::pair<SampleKind, std::string>> keys;
  for (const RaceReport& race : result.races) {
    RaceKey k = race_key(race);
    keys.emplace_back(SampleKind::Race, "cell " + std::to_string(k.cell) + " " + pos(k.first) +
                                            " " + pos(k.second) + " " +
                                            std::to_string(int(k.first_kind)) +
                                            std::to_string(int(k.second_kind)));
  }
  auto failure_key = [&](const Failure& f) {
    return pos(f.range.begin) + " thread " + std::to_string(f.thread) + " " + f.message;
  };
  switch (result.outcome) {
  case Outcome::Race:
  case Outcome::ScheduleError: // not for sampled runs: their schedulers always choose
    break;
  case Outcome::AssertionFailure:
    keys.emplace_back(SampleKind::AssertionFailure, failure_key(*result.failure));
    break;
  case Outcome::RuntimeError:
    keys.emplace_back(SampleKind::RuntimeError, failure_key(*result.failure));
    break;
  case Outcome::Deadlock: {
    std::string k;
    for (const BlockedThread& b : result.blocked)
      k += std::to_string(b.thread) + ":" + std::to_string(int(b.blocker.kind)) + "@" +
           pos(b.blocker.range.begin) + ":" + std::to_string(b.blocker.holder) + ":" +
           std::to_string(b.blocker.waited) + " ";
    keys.emplace_back(SampleKind::Deadlock, k);
    break;
  }
  case Outcome::StepLimit:
  case Outcome::TimeLimit: {
    std::string k;
    for (const auto& [thread, range] : result.running)
      k += std::to_string(thread) + "@" + pos(range.begin) + " ";
    keys.emplace_back(
        result.outcome == Outcome::StepLimit ? SampleKind::StepLimit : SampleKind::TimeLimit, k);
    break;
  }
  case Outcome::Discarded: {
    std::string k;
    for (const BlockedThread& b : result.blocked)
      if (b.blocker.kind == Blocker::Assume)
        k += std::to_string(b.thread) + "@" + pos(b.blocker.range.begin) + " ";
    keys.emplace_back(SampleKind::Discarded, k);
    break;
  }
  case Outcome::Finished: {
    std::string k = "memory";
    for (int64_t v : result.memory) k += " " + std::to_string(v);
    k += "; output";
    for (const std::string& line : output) k += " " + std::to_string(line.size()) + ":" + line;
    keys.emplace_back(SampleKind::Finished, k);
    break;
  }
  }
  return keys;
}

std::unique_ptr<Scheduler> make_sample_scheduler(const SampleOptions& options, uint64_t seed,
                                                 uint64_t pct_length) {
  if (options.schedule == SampleSchedule::Random) return make_random_scheduler(seed);
  return make_pct_scheduler({seed, options.depth, pct_length, options.broken_pct});
}

SampleResult sample_schedules(const Code& code, const SampleOptions& options) {
  SampleResult result;
  result.iterations = options.iterations;
  if (options.schedule == SampleSchedule::Pct) result.pct_length = pct_length(code, options.run);

  std::atomic<uint64_t> next{0};
  unsigned jobs =
      std::max(1u, static_cast<unsigned>(std::min<uint64_t>(options.jobs, options.iterations)));
  std::vector<Table> tables(jobs);
  auto work = [&](Table& table) {
    InterpreterOptions run = options.run;
    run.on_event = nullptr;
    run.on_observed = nullptr;
    run.on_race = nullptr;
    run.final_state = nullptr;
    run.keep_schedule = false; // the seed replays it; the schedule would only take memory
    std::vector<std::string> output;
    run.print = [&output](std::string_view line) { output.emplace_back(line); };
    for (uint64_t i; (i = next.fetch_add(1)) < options.iterations;) {
      uint64_t seed = options.seed + i;
      output.clear();
      auto scheduler = make_sample_scheduler(options, seed, result.pct_length);
      RunResult r = run_program(code, *scheduler, run);
      record(table, r, output, seed);
    }
  };
  std::vector<std::thread> workers;
  for (unsigned j = 1; j < jobs; ++j) workers.emplace_back(work, std::ref(tables[j]));
  work(tables[0]);
  for (std::thread& t : workers) t.join();

  Table merged;
  for (Table& table : tables)
    for (auto& [key, o] : table) {
      auto [it, fresh] = merged.try_emplace(key, o);
      if (fresh) continue;
      uint64_t runs = it->second.runs + o.runs;
      if (o.first_seed < it->second.first_seed) it->second = std::move(o);
      it->second.runs = runs;
    }
  for (auto& [key, o] : merged) result.outcomes.push_back(std::move(o));
  std::sort(result.outcomes.begin(), result.outcomes.end(),
            [](const SampledOutcome& a, const SampledOutcome& b) {
              return std::tie(a.kind, a.first_seed, a.key) < std::tie(b.kind, b.first_seed, b.key);
            });
  return result;
}

} // namespace racelang
