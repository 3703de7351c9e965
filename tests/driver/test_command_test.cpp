// The real `racelang test`: its output is the same for every --jobs, every `To replay:`
// command it prints reproduces the outcome it is printed under (the race report, failure or
// deadlock text, or the printed output of a finished run), its exit code follows the standard
// (66 before 1 before 0), and bad options are usage errors.
#include <sstream>

#include <gtest/gtest.h>

#include "tests/driver/cli_process.h"

namespace racelang {
namespace {

using namespace racelang::testing;

// A race on x (threads 1 and 2), a lost update the assertion sees, a lock-order deadlock
// (threads 1 and 3), and clean ends.
const char* kMixed = R"(shared x;
mutex a;
mutex b;
spawn 1 {
  lock a;
  lock b;
  v := load x;
  store v + 1 x;
  unlock b;
  unlock a;
}
spawn 2 {
  v := load x;
  store v + 1 x;
}
spawn 3 {
  lock b;
  lock a;
  unlock a;
  unlock b;
}
wait 1;
wait 2;
wait 3;
v := load x;
assert(v == 2);
print(v);
)";

std::vector<std::string> split(const std::string& text, const std::string& separator) {
  std::vector<std::string> out;
  size_t at = 0;
  for (size_t next; (next = text.find(separator, at)) != std::string::npos;
       at = next + separator.size())
    out.push_back(text.substr(at, next - at));
  out.push_back(text.substr(at));
  return out;
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// Runs every replay command of `out` and checks it ends as its section says.
void expect_replays(const std::string& out) {
  std::vector<std::string> sections = split(out, "\n\n");
  ASSERT_GE(sections.size(), 2u);
  for (size_t i = 1; i < sections.size(); ++i) {
    std::vector<std::string> lines = split(sections[i], "\n");
    if (lines.back().empty()) lines.pop_back();
    ASSERT_GE(lines.size(), 2u);
    const std::string prefix = "To replay: racelang ";
    ASSERT_EQ(lines.back().rfind(prefix, 0), 0u) << sections[i];
    CliResult again = run_cli(words(lines.back().substr(prefix.size())));
    const std::string& header = lines.front();
    std::string body;
    for (size_t l = 1; l + 1 < lines.size(); ++l) body += lines[l] + "\n";
    SCOPED_TRACE(sections[i]);
    if (header.rfind("race ", 0) == 0) {
      EXPECT_EQ(again.exit_code, 66);
      EXPECT_NE(again.err.find(body), std::string::npos) << again.err;
    } else if (header.rfind("finished ", 0) == 0) {
      EXPECT_EQ(again.exit_code, 0);
      // "finished (N runs, first with seed S): x = 2; output: "2""
      std::string printed = header.substr(header.find("output: ") + 8);
      EXPECT_EQ(printed, "\"" + again.out.substr(0, again.out.size() - 1) + "\"");
    } else {
      EXPECT_EQ(again.exit_code, 1);
      EXPECT_NE(again.err.find(body), std::string::npos) << again.err;
    }
  }
}

TEST(TestCommand, SameOutputForEveryJobsAndEveryReplayReproduces) {
  fs::path file = write_file("mixed.rl", kMixed);
  for (std::string schedule : {"random", "pct"}) {
    for (std::string detector : {"--detector=vc", "--detector=none"}) {
      std::vector<std::string> args = {
          "test",  file.string(), "--iterations=150", "--seed=3", "--schedule=" + schedule,
          detector};
      args.push_back("--jobs=1");
      CliResult one = run_cli(args);
      args.back() = "--jobs=2";
      CliResult two = run_cli(args);
      EXPECT_EQ(one.out, two.out);
      EXPECT_EQ(one.exit_code, two.exit_code);
      // A race wins over the deadlock and the assertion; without a detector they decide.
      EXPECT_EQ(one.exit_code, detector == "--detector=vc" ? 66 : 1) << one.out << one.err;
      EXPECT_NE(one.out.find("\ndeadlock ("), std::string::npos) << one.out;
      if (detector == "--detector=none") {
        EXPECT_NE(one.out.find("\nassertion failure ("), std::string::npos) << one.out;
        EXPECT_NE(one.out.find("\nfinished ("), std::string::npos) << one.out;
      }
      expect_replays(one.out);
    }
  }
}

TEST(TestCommand, CleanProgramExitsZero) {
  fs::path file = write_file("clean.rl", "shared x;\nspawn 1 {\n  store 1 x;\n}\nwait 1;\n");
  CliResult r = run_cli({"test", file.string(), "--iterations=20", "--seed=0"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("20 runs"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 distinct outcome\n"), std::string::npos) << r.out;
}

TEST(TestCommand, BadOptionsAreUsageErrors) {
  fs::path file = write_file("clean.rl", "shared x;\nstore 1 x;\n");
  for (std::vector<std::string> bad : {std::vector<std::string>{"--iterations=0"},
                                       {"--iterations=x"},
                                       {"--jobs=0"},
                                       {"--schedule=rr"},
                                       {"--depth=2"},
                                       {"--schedule=pct", "--depth=0"},
                                       {"--seed=9999999999999999999", "--iterations=2"}}) {
    std::vector<std::string> args = {"test", file.string()};
    args.insert(args.end(), bad.begin(), bad.end());
    CliResult r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << bad.front();
    EXPECT_NE(r.err.find("racelang test: error: "), std::string::npos) << r.err;
  }
  CliResult run = run_cli({"run", file.string(), "--schedule=pct", "--replay=x"});
  EXPECT_EQ(run.exit_code, 2);
  CliResult depth = run_cli({"run", file.string(), "--depth=2"});
  EXPECT_EQ(depth.exit_code, 2);
}

} // namespace
} // namespace racelang
