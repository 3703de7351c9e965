// Running the real `racelang` tool for the driver tests (see cli_process.h).
#include "tests/driver/cli_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#ifndef RACELANG_CLI
#error "RACELANG_CLI must name the racelang executable"
#endif

extern char** environ;

namespace racelang::testing {
namespace {

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("racelang_io_test_" + std::to_string(getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

} // namespace

fs::path temp_dir() {
  static const TempDir dir;
  return dir.path;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path write_file(const std::string& name, const std::string& text) {
  fs::path path = temp_dir() / name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

Process::Process(const std::vector<std::string>& args, Stdout where) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  if (where == Stdout::File)
    posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  else if (where == Stdout::DevFull)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/full", O_WRONLY, 0);
  else
    posix_spawn_file_actions_addclose(&actions, 1);
  posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<std::string> all{RACELANG_CLI};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  // SIGINT and SIGTERM as a terminal would deliver them, even where the test itself runs with
  // them ignored (a background job of a shell without job control) or blocked.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t signals;
  sigemptyset(&signals);
  posix_spawnattr_setsigmask(&attributes, &signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  posix_spawnattr_setsigdefault(&attributes, &signals);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  if (posix_spawn(&pid, RACELANG_CLI, &actions, &attributes, argv.data(), environ) != 0) pid = -1;
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
}

CliResult Process::wait() {
  CliResult result;
  int status = 0;
  if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status))
    result.exit_code = WEXITSTATUS(status);
  result.out = read_file(out);
  result.err = read_file(err);
  return result;
}

CliResult run_cli(const std::vector<std::string>& args, Stdout where) {
  return Process(args, where).wait();
}

long cpu_ticks(pid_t pid) {
  std::string stat = read_file("/proc/" + std::to_string(pid) + "/stat");
  size_t close = stat.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream fields(stat.substr(close + 2));
  std::string field;
  long utime = 0, stime = 0;
  for (int i = 3; fields >> field; ++i) {
    if (i == 14) utime = std::stol(field);
    if (i == 15) {
      stime = std::stol(field);
      break;
    }
  }
  return utime + stime;
}

void wait_for_cpu(pid_t pid, double seconds) {
  long ticks = static_cast<long>(seconds * static_cast<double>(sysconf(_SC_CLK_TCK)));
  for (int i = 0; i < 2000 && cpu_ticks(pid) < ticks; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

} // namespace racelang::testing
