// The real tool at its limits: --timeout stops `run` on both backends, `explore` and `predict` with
// exit 1 and a message that says so (and bad values are usage errors); a run interrupted while it
// writes a trace leaves neither a half-written trace nor a temporary behind, and an older trace
// of the same name stays as it was; running out of memory is "out of memory", exit 1, not an
// internal error.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "tests/driver/cli_process.h"

namespace racelang {
namespace {

using namespace racelang::testing;

// Thread 1 spins on a flag nobody sets; main waits for it. No schedule ever ends.
const char* kSpin = "shared flag;\n"
                    "spawn 1 {\n"
                    "  v := load flag;\n"
                    "  while (v == 0) {\n"
                    "    v := load flag;\n"
                    "  }\n"
                    "}\n"
                    "wait 1;\n";

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(Timeout, StopsARunOnTheInterpreter) {
  fs::path spin = write_file("spin.rl", kSpin);
  auto started = std::chrono::steady_clock::now();
  CliResult r =
      run_cli({"run", spin.string(), "--seed=1", "--max-steps=1000000000000", "--timeout=0.3"});
  auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_TRUE(contains(r.err, "error: time limit reached: stopped after 0.3 s (--timeout=0.3)"))
      << r.err;
  EXPECT_TRUE(contains(r.err, "thread 1 is here")) << r.err;
  EXPECT_TRUE(contains(r.err, "--seed=1")) << r.err;
  EXPECT_TRUE(contains(r.err, "--timeout=0.3")) << r.err;
  EXPECT_LT(seconds.count(), 60); // stopped by the clock, not by the step budget
}

TEST(Timeout, StopsARunOnTheJit) {
  fs::path spin = write_file("spin.rl", kSpin);
  CliResult r = run_cli({spin.string(), "--timeout=0.3"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_TRUE(contains(r.err, "error: time limit reached: stopped after 0.3 s (--timeout=0.3)"))
      << r.err;
  EXPECT_FALSE(contains(r.err, "To replay")) << r.err;
}

TEST(Timeout, StopsExploreWithPartialResults) {
  // Three threads storing their loop counters: far more states than 0.3 s can visit.
  std::string source = "shared x;\n";
  for (int t = 1; t <= 3; ++t)
    source += "spawn " + std::to_string(t) +
              " {\n  i := 0;\n  while (i < 100000) {\n    store i x;\n    i := i + 1;\n  }\n}\n";
  fs::path many = write_file("many.rl", source);
  for (const char* strategy : {"dpor", "states", "naive"}) {
    SCOPED_TRACE(strategy);
    CliResult r =
        run_cli({"explore", many.string(), "--detector=none", std::string("--strategy=") + strategy,
                 "--max-states=1000000000", "--max-executions=1000000000", "--timeout=0.3"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_TRUE(contains(r.out, "note: stopped at the --timeout limit (0.3 s)")) << r.out;
    EXPECT_TRUE(contains(r.err, "the --timeout limit stopped the search")) << r.err;
  }
}

TEST(Timeout, StopsPredictWithPartialResults) {
  // Races only the maximal model has (bench/predict's synthetic_values block): T2's read of z
  // may read another value, since no branch depends on it, so T1's write of x need not come
  // first. The cheaper decisions before Z3 (forced orders, sync-preserving closure, M2) settle
  // none of these pairs, so Z3 is asked about them one by one, far more than 0.3 s of queries;
  // the deadline also bounds a query.
  std::string trace = "# racelang trace 1\n";
  for (int k = 0; k < 1500; ++k) {
    std::string x = "x" + std::to_string(k), z = "z" + std::to_string(k);
    trace += "T1 wr " + x + " = 1\nT1 wr " + z + " = 1\nT2 rd " + z + " = 1\nT2 wr " + x + " = 2\n";
  }
  fs::path values = write_file("values.trace", trace);
  CliResult r = run_cli({"predict", values.string(), "--analysis=maximal", "--timeout=0.3"});
  // The races decided before the deadline are reported, so the exit code says races (66).
  EXPECT_EQ(r.exit_code, 66) << r.err;
  EXPECT_TRUE(contains(r.err, "races predicted (maximal) on 6000 events")) << r.err;
  EXPECT_FALSE(contains(r.err, "1500 races predicted")) << r.err;
  EXPECT_TRUE(contains(r.err, "note: stopped at the --timeout limit (0.3 s)")) << r.err;
  // A small trace finishes well within the limit: no note, success.
  fs::path small = write_file("small.std", "T0|acq(m)|1\nT0|w(x)|2\nT0|rel(m)|3\n");
  CliResult quick = run_cli({"predict", small.string(), "--timeout=60"});
  EXPECT_EQ(quick.exit_code, 0) << quick.err;
  EXPECT_FALSE(contains(quick.err, "--timeout limit")) << quick.err;
}

TEST(Timeout, BadValuesAreUsageErrors) {
  fs::path spin = write_file("spin.rl", kSpin);
  for (std::string value : {"0", "-1", "abc", "1.2345", "1e3", ".5", "5.", "2000000"}) {
    for (const char* command : {"run", "explore", "predict"}) {
      SCOPED_TRACE(std::string(command) + " --timeout=" + value);
      CliResult r = run_cli({command, spin.string(), "--timeout=" + value});
      EXPECT_EQ(r.exit_code, 2);
      EXPECT_TRUE(contains(r.err, "--timeout needs a positive number of seconds")) << r.err;
    }
  }
}

TEST(Outputs, AnInterruptedTraceLeavesNothingHalfWritten) {
  fs::path spin = write_file("spin.rl", kSpin);
  fs::path dir = temp_dir() / "traces";
  fs::create_directories(dir);
  fs::path trace = dir / "t.std";
  for (bool existed : {false, true}) {
    SCOPED_TRACE(existed ? "over an older trace" : "a new trace");
    if (existed) write_file("traces/t.std", "T0|w(x)|1\n");
    Process p({"run", spin.string(), "--seed=1", "--max-steps=1000000000000",
               "--trace=" + trace.string()});
    ASSERT_GT(p.pid, 0);
    wait_for_cpu(p.pid, 0.25);
    ASSERT_EQ(kill(p.pid, SIGTERM), 0);
    CliResult r = p.wait();
    EXPECT_EQ(r.exit_code, 143) << r.err;
    std::vector<std::string> left;
    for (const auto& entry : fs::directory_iterator(dir)) left.push_back(entry.path().filename());
    if (existed) {
      EXPECT_EQ(left, std::vector<std::string>{"t.std"});
      EXPECT_EQ(read_file(trace), "T0|w(x)|1\n");
    } else {
      EXPECT_TRUE(left.empty()) << left.front();
    }
  }
}

// racelang with its address space limited to `bytes` (setrlimit in the child, then exec).
CliResult run_cli_with_address_space(const std::vector<std::string>& args, rlim_t bytes) {
  fs::path err = temp_dir() / "limited-stderr.txt";
  pid_t pid = fork();
  if (pid == 0) {
    struct rlimit limit {
      bytes, bytes
    };
    setrlimit(RLIMIT_AS, &limit);
    int fd = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int null = open("/dev/null", O_RDWR);
    dup2(null, 0);
    dup2(null, 1);
    dup2(fd, 2);
    std::vector<std::string> all{RACELANG_CLI};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(RACELANG_CLI, argv.data());
    _exit(127);
  }
  CliResult r;
  int status = 0;
  if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status))
    r.exit_code = WEXITSTATUS(status);
  r.err = read_file(err);
  return r;
}

TEST(Memory, RunningOutOfMemoryIsSaidSo) {
  // 2^26 cells are 512 MiB of shared memory: more than the address space this run is given.
  fs::path big = write_file("big.rl", "shared a[67108864];\nstore 1 a[5];\n");
  CliResult r =
      run_cli_with_address_space({"run", big.string(), "--detector=none"}, rlim_t{450} << 20);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_TRUE(contains(r.err, "racelang: error: out of memory")) << r.err;
  EXPECT_FALSE(contains(r.err, "internal error")) << r.err;
}

} // namespace
} // namespace racelang
