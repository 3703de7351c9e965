// The three schedulers and the schedule text format (see scheduler.h).
#include "interp/scheduler.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <random>
#include <sstream>

namespace racelang {
namespace {

// "0, 1, 2": ids for a message, sorted (they arrive in spawn order).
std::string join_ids(std::vector<int64_t> ids) {
  std::sort(ids.begin(), ids.end());
  std::string out;
  for (int64_t id : ids) out += (out.empty() ? "" : ", ") + std::to_string(id);
  return out;
}

class RandomScheduler : public Scheduler {
public:
  explicit RandomScheduler(uint64_t seed) : seed_(seed), random_(seed) {}

  std::optional<int64_t> choose(const std::vector<int64_t>& runnable, uint64_t) override {
    uint64_t n = runnable.size();
    if (n == 1) return runnable[0]; // a forced choice draws nothing from the generator
    return runnable[random_.below(n)];
  }
  std::string replay_options() const override { return "--seed=" + std::to_string(seed_); }

private:
  uint64_t seed_;
  SeededRandom random_;
};

class RoundRobinScheduler : public Scheduler {
public:
  std::optional<int64_t> choose(const std::vector<int64_t>& runnable, uint64_t) override {
    // The smallest id above the last one chosen, else the smallest: a linear scan, because
    // `runnable` is in spawn order, not id order.
    std::optional<int64_t> next;
    int64_t smallest = runnable.front();
    for (int64_t id : runnable) {
      smallest = std::min(smallest, id);
      if (id > last_ && (!next || id < *next)) next = id;
    }
    last_ = next.value_or(smallest);
    return last_;
  }
  std::string replay_options() const override { return "--schedule=rr"; }

private:
  int64_t last_ = -1;
};

class ReplayScheduler : public Scheduler {
public:
  ReplayScheduler(Schedule schedule, std::string options)
      : schedule_(std::move(schedule)), options_(std::move(options)) {}

  std::optional<int64_t> choose(const std::vector<int64_t>& runnable, uint64_t point) override {
    if (point >= schedule_.size()) {
      exhausted_ = true;
      error_ = "the schedule ends after " + std::to_string(schedule_.size()) +
               " choices, but the program has not finished (threads " + join_ids(runnable) +
               " can step)";
      return std::nullopt;
    }
    int64_t id = schedule_[point];
    if (std::find(runnable.begin(), runnable.end(), id) == runnable.end()) {
      error_ = "at scheduling point " + std::to_string(point + 1) +
               " the schedule chooses thread " + std::to_string(id) +
               ", which cannot step (threads " + join_ids(runnable) +
               " can): the schedule is not one of this program's";
      return std::nullopt;
    }
    return id;
  }
  std::string error() const override { return error_; }
  bool exhausted() const override { return exhausted_; }
  std::string replay_options() const override { return options_; }

private:
  Schedule schedule_;
  bool exhausted_ = false;
  std::string options_;
  std::string error_;
};

} // namespace

std::unique_ptr<Scheduler> make_random_scheduler(uint64_t seed) {
  return std::make_unique<RandomScheduler>(seed);
}
std::unique_ptr<Scheduler> make_round_robin_scheduler() {
  return std::make_unique<RoundRobinScheduler>();
}
std::unique_ptr<Scheduler> make_replay_scheduler(Schedule schedule, std::string replay_options) {
  return std::make_unique<ReplayScheduler>(std::move(schedule), std::move(replay_options));
}

uint64_t fresh_seed() {
  std::random_device device;
  uint64_t seed = (uint64_t{device()} << 32) ^ device();
  seed ^= static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  // Short seeds are easier to copy from a replay hint; 9 decimal digits is plenty.
  return seed % 1000000000ULL;
}

std::optional<Schedule> parse_schedule(const std::string& text, std::string& error) {
  Schedule out;
  size_t line = 1;
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    if (c == '\n') ++line;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',') {
      ++i;
      continue;
    }
    if (c < '0' || c > '9') {
      error = "line " + std::to_string(line) + ": expected a thread id, found '" +
              std::string(1, c) + "'";
      return std::nullopt;
    }
    int64_t id = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      id = id * 10 + (text[i] - '0');
      if (id > 1000000) {
        error = "line " + std::to_string(line) + ": thread id too large";
        return std::nullopt;
      }
      ++i;
    }
    out.push_back(id);
  }
  return out;
}

std::string format_schedule_file(const Schedule& schedule, const std::string& program_path,
                                 const std::string& comment) {
  std::string out = "# racelang schedule v1\n# program: " + program_path + "\n";
  if (!comment.empty()) out += "# " + comment + "\n";
  out += "# " + std::to_string(schedule.size()) +
         " scheduling points; each number is the id of the thread that ran\n";
  for (size_t i = 0; i < schedule.size(); ++i) {
    out += std::to_string(schedule[i]);
    out += (i + 1) % 32 == 0 || i + 1 == schedule.size() ? '\n' : ' ';
  }
  return out;
}

std::string format_schedule_string(const Schedule& schedule) {
  std::string out;
  for (size_t i = 0; i < schedule.size(); ++i) out += (i ? "," : "") + std::to_string(schedule[i]);
  return out;
}

bool read_schedule_file(const std::string& path, Schedule& out, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read schedule file '" + path + "'";
    return false;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string parse_error;
  auto schedule = parse_schedule(buffer.str(), parse_error);
  if (!schedule) {
    error = path + ": " + parse_error;
    return false;
  }
  out = std::move(*schedule);
  return true;
}

} // namespace racelang
