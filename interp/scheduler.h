// Schedulers: who runs at each scheduling point. A scheduling point is a state in which every
// running thread is about to run a visible instruction (load, store, lock, unlock, spawn, wait,
// print); the scheduler picks one of the threads that can step, by racelang id. All schedulers
// sit behind one interface so `run` and the tests can swap them: seeded random, round-robin,
// and replay of a recorded schedule. A schedule is the list of ids chosen, one per scheduling
// point; schedule files are text (docs/interpreter.md, "Schedule files").
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace racelang {

using Schedule = std::vector<int64_t>;

class Scheduler {
public:
  virtual ~Scheduler() = default;
  // Picks one of `runnable` (racelang ids, never empty) at scheduling point `point` (0-based).
  // The ids come in thread-index (spawn) order, which is not id order when a program spawns
  // `spawn 2` before `spawn 1`, so no scheduler may assume they are sorted. Nothing means the
  // scheduler cannot go on (a replay ran out or names a thread that cannot step); error() then
  // says why.
  virtual std::optional<int64_t> choose(const std::vector<int64_t>& runnable, uint64_t point) = 0;
  virtual std::string error() const { return {}; }
  // Whether the last failed choose() was a replay running out (rather than not fitting).
  virtual bool exhausted() const { return false; }
  // The `racelang run` options that select this scheduler again, e.g. "--seed=42".
  virtual std::string replay_options() const = 0;
};

// The seeded generator every random scheduler draws from: splitmix64, the same numbers on
// every platform (std::uniform_int_distribution is not), so a seed replays anywhere.
class SeededRandom {
public:
  explicit SeededRandom(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), n > 0: rejection sampling below 2^64 mod n keeps it unbiased.
  uint64_t below(uint64_t n) {
    uint64_t threshold = (0 - n) % n;
    uint64_t r = next();
    while (r < threshold) r = next();
    return r % n;
  }

private:
  uint64_t state_;
};

// Uniform choice among the runnable threads, from a seeded generator that gives the same
// choices on every platform (splitmix64, not std::uniform_int_distribution).
std::unique_ptr<Scheduler> make_random_scheduler(uint64_t seed);
// The next runnable thread after the one chosen last, in id order, wrapping around.
std::unique_ptr<Scheduler> make_round_robin_scheduler();
// Replays `schedule`; `replay_options` is what the hint prints (e.g. "--replay=FILE").
std::unique_ptr<Scheduler> make_replay_scheduler(Schedule schedule, std::string replay_options);

// A seed for runs that do not give one: different on every run.
uint64_t fresh_seed();

// Schedule text: '#' comments to the end of the line; thread ids separated by whitespace or
// commas. Returns nothing (and sets `error`) on anything else.
std::optional<Schedule> parse_schedule(const std::string& text, std::string& error);
// The file format: a header naming the program, then the ids, 32 to a line.
std::string format_schedule_file(const Schedule& schedule, const std::string& program_path,
                                 const std::string& comment = "");
// "0,1,1,2": the form of --schedule-string.
std::string format_schedule_string(const Schedule& schedule);

// Reads a schedule file. (Files are written by the driver, which checks every output:
// format_schedule_file gives the text.)
bool read_schedule_file(const std::string& path, Schedule& out, std::string& error);

} // namespace racelang
