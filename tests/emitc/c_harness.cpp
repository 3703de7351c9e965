// Implementation of the C-backend test support (see c_harness.h). Output is read with poll
// so that neither pipe can fill up and block the child; children that outlive their timeout
// are killed, so a hanging C program fails its test instead of stalling ctest.
#include "tests/emitc/c_harness.h"

#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>

extern char** environ;

namespace racelang::emitc_test {

Outcome run_process(const std::vector<std::string>& argv, const std::string& cwd,
                    int timeout_seconds, const std::vector<std::string>& env) {
  Outcome outcome;
  int out_pipe[2], err_pipe[2];
  if (pipe(out_pipe) != 0) return outcome;
  if (pipe(err_pipe) != 0) {
    close(out_pipe[0]);
    close(out_pipe[1]);
    return outcome;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], STDERR_FILENO);
  posix_spawn_file_actions_addclose(&actions, out_pipe[0]);
  posix_spawn_file_actions_addclose(&actions, err_pipe[0]);
  if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  std::vector<char*> cargv;
  for (const std::string& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
  cargv.push_back(nullptr);
  std::vector<std::string> env_strings;
  for (char** e = environ; *e; ++e) env_strings.emplace_back(*e);
  for (const std::string& e : env) env_strings.push_back(e);
  std::vector<char*> cenv;
  for (std::string& e : env_strings) cenv.push_back(e.data());
  cenv.push_back(nullptr);
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, cargv[0], &actions, nullptr, cargv.data(), cenv.data());
  posix_spawn_file_actions_destroy(&actions);
  close(out_pipe[1]);
  close(err_pipe[1]);
  if (rc != 0) {
    outcome.err = "cannot start " + argv[0] + ": " + strerror(rc);
    close(out_pipe[0]);
    close(err_pipe[0]);
    return outcome;
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_seconds);
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&outcome.out, &outcome.err};
  int open_fds = 2;
  while (open_fds > 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      outcome.timed_out = true;
      break;
    }
    if (poll(fds, 2, 200) < 0) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      char buf[65536];
      ssize_t n = read(fds[i].fd, buf, sizeof buf);
      if (n > 0) {
        sinks[i]->append(buf, static_cast<size_t>(n));
      } else {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open_fds;
      }
    }
  }
  for (pollfd& p : fds)
    if (p.fd >= 0) close(p.fd);
  int status = 0;
  waitpid(pid, &status, 0);
  outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return outcome;
}

std::optional<std::string> c_compiler() {
  static const std::optional<std::string> found = []() -> std::optional<std::string> {
    const char* chosen = getenv("RACELANG_TEST_CC");
    std::string cc = chosen && *chosen ? chosen : "gcc";
    Outcome o = run_process({cc, "--version"}, "", 30);
    if (o.exit_code != 0) return std::nullopt;
    return cc;
  }();
  return found;
}

bool compiler_supports(const std::string& flags) {
  auto cc = c_compiler();
  if (!cc) return false;
  std::string dir = scratch_dir();
  std::string exe = dir + "/probe" + std::to_string(std::hash<std::string>{}(flags));
  return !compile_c("int main(void) { return 0; }\n", exe, {flags}).has_value();
}

std::optional<std::string> compile_c(const std::string& c_source, const std::string& exe,
                                     const std::vector<std::string>& flags) {
  auto cc = c_compiler();
  if (!cc) return std::string("no C compiler");
  write_text(exe + ".c", c_source);
  std::vector<std::string> argv{*cc,       "-std=c11",  "-pthread", "-Wall",
                                "-Wextra", "-pedantic", "-Werror"};
  for (const std::string& f : flags) argv.push_back(f);
  argv.push_back(exe + ".c");
  argv.push_back("-o");
  argv.push_back(exe);
  Outcome o = run_process(argv, "", 120);
  if (o.exit_code != 0 || o.timed_out) return o.err + o.out;
  return std::nullopt;
}

std::string scratch_dir() {
  static std::string dir = [] {
    std::string pattern = (std::filesystem::temp_directory_path() / "racelang-emitc-XXXXXX");
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    const char* made = mkdtemp(buf.data());
    std::string path = made ? made : "/tmp";
    static std::string to_remove;
    to_remove = made ? path : "";
    std::atexit([] {
      std::error_code ec;
      if (!to_remove.empty()) std::filesystem::remove_all(to_remove, ec);
    });
    return path;
  }();
  return dir;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

void PrintTo(const ProgramSpec& spec, std::ostream* os) {
  *os << spec.path;
}

ProgramSpec read_program_spec(const std::string& root, const std::string& relative_path) {
  ProgramSpec spec;
  spec.path = relative_path;
  std::istringstream in(read_text(root + "/" + relative_path));
  std::string line;
  std::string run = "check %s";
  while (std::getline(in, line)) {
    if (line.rfind("// RUN:", 0) == 0) run = line.substr(7);
    if (line.rfind("// EXPECT-EXIT:", 0) == 0) {
      spec.has_expected_exit = true;
      spec.expected_exit = std::atoi(line.substr(15).c_str());
    }
  }
  std::istringstream words(run);
  std::string w;
  while (words >> w) spec.run_args.push_back(w == "%s" ? relative_path : w);
  return spec;
}

std::vector<std::string> list_programs(const std::string& root, const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(root + "/" + dir, ec))
    if (entry.path().extension() == ".rl")
      out.push_back(dir + "/" + entry.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<ProgramSpec> corner_programs(const std::string& dir, bool racy) {
  std::vector<ProgramSpec> out;
  for (const std::string& path : list_programs(source_root(), dir)) {
    bool named_racy = path.find("/race_") != std::string::npos;
    if (named_racy == racy) out.push_back(read_program_spec(source_root(), path));
  }
  return out;
}

std::string without_replay_hint(const std::string& err) {
  std::istringstream in(err);
  std::string line, out;
  while (std::getline(in, line))
    if (line.rfind("To replay:", 0) != 0) out += line + "\n";
  return out;
}

std::string racelang_tool() {
  return RACELANG_CLI;
}
std::string source_root() {
  return RACELANG_SOURCE_DIR;
}

} // namespace racelang::emitc_test
