// The golden-file runner. Each racelang file under programs/ and tests/golden/ says how to run
// it and what must come out, in comments (in the spirit of LLVM's lit and Carbon's file tests):
//
//   // RUN: run --seed=1 %s          racelang's arguments; %s is the file, relative to the root
//   ...program...
//   // EXPECT-EXIT: 66                at the end of the file, written by --update
//   // EXPECT-STDOUT: a line          one per line of stdout ("// EXPECT-STDOUT:" = empty line)
//   // EXPECT-STDERR: a line          one per line of stderr
//
// Without a RUN line the file is checked (`racelang check %s`). Expectations live at the end so
// that rewriting them never moves the program's own lines (diagnostics name lines). Files named
// fail_* must expect a nonzero exit; other files run with `check` must expect 0.
//
// A second backend: `// RUN-JIT: <args>` runs the file a second time (the JIT backend, on real
// threads) with its own expectations, `// JIT-EXPECT-EXIT:`, `// JIT-EXPECT-STDOUT:` and
// `// JIT-EXPECT-STDERR:`. Where the JIT's output legitimately varies from run to run (which of
// two racing accesses comes second on real threads), `// JIT-COMPARE: exit stdout` names the
// parts that are pinned (default: exit stdout stderr); the others are neither compared nor
// written.
//
// A pipeline: `// THEN: <args>` runs racelang again on what the RUN line printed, saved to a
// temporary file that %t names (an instrumented program, say: `// RUN: instrument %s` then
// `// THEN: run --seed=1 %t`), with its own `// THEN-EXPECT-EXIT:`, `// THEN-EXPECT-STDOUT:`
// and `// THEN-EXPECT-STDERR:`. The temporary path reads as %t in its output, and the THEN
// command's exit is the one the fail_* naming rule looks at.
//
// Another configuration of the JIT: with `--jit-args=ARGS` (words separated by spaces) only the
// RUN-JIT line runs, with ARGS after its own, and its exit and stdout must be the pinned ones
// (as far as JIT-COMPARE pins them): the same verdict and output under another pass or without
// check elimination, say.
//
// Usage: golden_runner --racelang=PATH --root=DIR [--update | --jit-args=ARGS] FILE...
// With --update (or RACELANG_UPDATE_GOLDEN=1) the expectations are rewritten from the actual
// output instead of compared.
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
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

extern char** environ;

namespace {

constexpr const char* kRun = "// RUN:";
constexpr const char* kExit = "// EXPECT-EXIT:";
constexpr const char* kStdout = "// EXPECT-STDOUT:";
constexpr const char* kStderr = "// EXPECT-STDERR:";
constexpr const char* kRunJit = "// RUN-JIT:";
constexpr const char* kJitCompare = "// JIT-COMPARE:";
constexpr const char* kJitExit = "// JIT-EXPECT-EXIT:";
constexpr const char* kJitStdout = "// JIT-EXPECT-STDOUT:";
constexpr const char* kJitStderr = "// JIT-EXPECT-STDERR:";
constexpr const char* kThen = "// THEN:";
constexpr const char* kThenExit = "// THEN-EXPECT-EXIT:";
constexpr const char* kThenStdout = "// THEN-EXPECT-STDOUT:";
constexpr const char* kThenStderr = "// THEN-EXPECT-STDERR:";
constexpr int kTimeoutSeconds = 120;

struct Outcome {
  int exit_code = -1;
  std::string out, err;
  bool timed_out = false;
};

bool starts_with(const std::string& s, const char* prefix) {
  return s.rfind(prefix, 0) == 0;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in(text);
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  std::string w;
  while (in >> w) words.push_back(w);
  return words;
}

// Runs `argv` in `cwd`, capturing stdout and stderr separately (read together with poll so
// that neither pipe can fill up and block the child).
Outcome run(const std::vector<std::string>& argv, const std::string& cwd) {
  Outcome outcome;
  int out_pipe[2], err_pipe[2];
  if (pipe(out_pipe) != 0 || pipe(err_pipe) != 0) {
    outcome.err = "golden_runner: pipe failed";
    return outcome;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], STDERR_FILENO);
  posix_spawn_file_actions_addclose(&actions, out_pipe[0]);
  posix_spawn_file_actions_addclose(&actions, err_pipe[0]);
  std::vector<char*> cargv;
  for (const std::string& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
  cargv.push_back(nullptr);
  std::string old_cwd = std::filesystem::current_path();
  std::filesystem::current_path(cwd);
  pid_t pid;
  int rc = posix_spawn(&pid, cargv[0], &actions, nullptr, cargv.data(), environ);
  std::filesystem::current_path(old_cwd);
  posix_spawn_file_actions_destroy(&actions);
  close(out_pipe[1]);
  close(err_pipe[1]);
  if (rc != 0) {
    outcome.err = std::string("golden_runner: cannot start ") + argv[0] + ": " + strerror(rc);
    close(out_pipe[0]);
    close(err_pipe[0]);
    return outcome;
  }
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(kTimeoutSeconds);
  pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
  std::string* sinks[2] = {&outcome.out, &outcome.err};
  int open_fds = 2;
  while (open_fds > 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      outcome.timed_out = true;
      break;
    }
    if (poll(fds, 2, 1000) < 0) break;
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

// What one command is expected to print.
struct Expectation {
  bool present = false;
  int exit_code = 0;
  std::vector<std::string> out, err;
};

// Which parts of the JIT run are pinned (JIT-COMPARE).
struct Compare {
  bool exit = true, out = true, err = true;
};

struct GoldenFile {
  std::vector<std::string> body; // the file without its trailing expectation block
  std::vector<std::string> run_args;
  Expectation expect;
  std::vector<std::string> jit_args; // RUN-JIT, if any
  Compare jit_compare;
  Expectation jit_expect;
  std::vector<std::string> then_args; // THEN, if any
  Expectation then_expect;
};

bool is_expectation_line(const std::string& line) {
  for (const char* marker : {kExit, kStdout, kStderr, kJitExit, kJitStdout, kJitStderr, kThenExit,
                             kThenStdout, kThenStderr})
    if (starts_with(line, marker)) return true;
  return false;
}

GoldenFile read_golden(const std::string& text) {
  GoldenFile g;
  std::vector<std::string> lines = split_lines(text);
  size_t end = lines.size();
  // The expectation block: the trailing lines that are expectations (or blank).
  size_t block = end;
  while (block > 0 && (lines[block - 1].empty() || is_expectation_line(lines[block - 1]))) --block;
  while (block < end && lines[block].empty()) ++block;
  g.body.assign(lines.begin(), lines.begin() + static_cast<long>(block));
  while (!g.body.empty() && g.body.back().empty()) g.body.pop_back();
  auto value = [](const std::string& line, const char* prefix) {
    std::string v = line.substr(std::strlen(prefix));
    return v.empty() ? v : v.substr(1); // one space separates the marker from the text
  };
  for (size_t i = block; i < end; ++i) {
    const std::string& line = lines[i];
    if (starts_with(line, kExit)) {
      g.expect.present = true;
      g.expect.exit_code = std::atoi(value(line, kExit).c_str());
    } else if (starts_with(line, kStdout)) {
      g.expect.out.push_back(value(line, kStdout));
    } else if (starts_with(line, kStderr)) {
      g.expect.err.push_back(value(line, kStderr));
    } else if (starts_with(line, kJitExit)) {
      g.jit_expect.present = true;
      g.jit_expect.exit_code = std::atoi(value(line, kJitExit).c_str());
    } else if (starts_with(line, kJitStdout)) {
      g.jit_expect.out.push_back(value(line, kJitStdout));
    } else if (starts_with(line, kJitStderr)) {
      g.jit_expect.err.push_back(value(line, kJitStderr));
    } else if (starts_with(line, kThenExit)) {
      g.then_expect.present = true;
      g.then_expect.exit_code = std::atoi(value(line, kThenExit).c_str());
    } else if (starts_with(line, kThenStdout)) {
      g.then_expect.out.push_back(value(line, kThenStdout));
    } else if (starts_with(line, kThenStderr)) {
      g.then_expect.err.push_back(value(line, kThenStderr));
    }
  }
  for (const std::string& line : g.body) {
    if (starts_with(line, kRun) && g.run_args.empty()) g.run_args = split_words(line.substr(7));
    if (starts_with(line, kRunJit) && g.jit_args.empty())
      g.jit_args = split_words(line.substr(std::strlen(kRunJit)));
    if (starts_with(line, kThen) && g.then_args.empty())
      g.then_args = split_words(line.substr(std::strlen(kThen)));
    if (starts_with(line, kJitCompare)) {
      g.jit_compare = {false, false, false};
      for (const std::string& part : split_words(line.substr(std::strlen(kJitCompare)))) {
        g.jit_compare.exit |= part == "exit";
        g.jit_compare.out |= part == "stdout";
        g.jit_compare.err |= part == "stderr";
      }
    }
  }
  if (g.run_args.empty()) g.run_args = {"check", "%s"};
  return g;
}

// The expectation markers of each command of a file.
struct Markers {
  const char *exit, *out, *err;
};
constexpr Markers kRunMarkers{kExit, kStdout, kStderr};
constexpr Markers kJitMarkers{kJitExit, kJitStdout, kJitStderr};
constexpr Markers kThenMarkers{kThenExit, kThenStdout, kThenStderr};

std::string expectation_block(const Outcome& o, const Markers& markers, const Compare& compare) {
  std::string block;
  if (compare.exit) block += std::string(markers.exit) + " " + std::to_string(o.exit_code) + "\n";
  auto add = [&](const char* marker, const std::string& text) {
    for (const std::string& line : split_lines(text))
      block += std::string(marker) + (line.empty() ? "" : " " + line) + "\n";
  };
  if (compare.out) add(markers.out, o.out);
  if (compare.err) add(markers.err, o.err);
  return block;
}

void print_diff(const char* stream, const std::vector<std::string>& expected,
                const std::vector<std::string>& actual) {
  std::cout << "  " << stream << " differs (- expected, + actual):\n";
  size_t n = std::max(expected.size(), actual.size());
  for (size_t i = 0; i < n; ++i) {
    bool has_e = i < expected.size(), has_a = i < actual.size();
    if (has_e && has_a && expected[i] == actual[i]) {
      std::cout << "    " << expected[i] << "\n";
      continue;
    }
    if (has_e) std::cout << "  - " << expected[i] << "\n";
    if (has_a) std::cout << "  + " << actual[i] << "\n";
  }
}

// Strips terminal colour sequences, so a golden file never depends on the environment.
std::string strip_ansi(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\x1b' && i + 1 < s.size() && s[i + 1] == '[') {
      i += 2;
      while (i < s.size() && !(s[i] >= '@' && s[i] <= '~')) ++i;
      continue;
    }
    out += s[i];
  }
  return out;
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  if (from.empty()) return;
  for (size_t pos = 0; (pos = text.find(from, pos)) != std::string::npos; pos += to.size())
    text.replace(pos, from.size(), to);
}

// Runs `args` (with %s, and %t when given, replaced) from `root`; colour sequences stripped,
// and the %t path written back as %t.
Outcome run_command(const std::string& racelang, const std::string& root,
                    const std::vector<std::string>& args, const std::string& rel_path,
                    std::string& command, const std::string& temp_path = "") {
  std::vector<std::string> argv = {racelang};
  for (std::string arg : args) {
    replace_all(arg, "%s", rel_path);
    replace_all(arg, "%t", temp_path);
    argv.push_back(arg);
  }
  Outcome o = run(argv, root);
  o.out = strip_ansi(o.out);
  o.err = strip_ansi(o.err);
  replace_all(o.out, temp_path, "%t");
  replace_all(o.err, temp_path, "%t");
  command = "racelang";
  for (size_t i = 1; i < argv.size(); ++i) command += " " + argv[i];
  return o;
}

// Compares one command's outcome with its expectation; prints the differences. `what` names
// the command in messages ("" for the RUN line, "jit " for RUN-JIT).
bool matches(const Outcome& o, const Expectation& e, const Compare& compare,
             const std::string& what) {
  std::vector<std::string> out = split_lines(o.out), err = split_lines(o.err);
  bool ok = true;
  if (compare.exit && o.exit_code != e.exit_code) {
    std::cout << "  " << what << "exit code: expected " << e.exit_code << ", got " << o.exit_code
              << "\n";
    ok = false;
  }
  if (compare.out && out != e.out) {
    print_diff((what + "stdout").c_str(), e.out, out);
    ok = false;
  }
  if (compare.err && err != e.err) {
    print_diff((what + "stderr").c_str(), e.err, err);
    ok = false;
  }
  return ok;
}

// The --jit-args run of one file (see the top of this file).
int process_jit_only(const std::string& racelang, const std::string& root,
                     const std::string& rel_path, const GoldenFile& g,
                     const std::vector<std::string>& extra) {
  if (g.jit_args.empty()) {
    std::cout << "FAIL " << rel_path << ": --jit-args needs a RUN-JIT line\n";
    return 1;
  }
  std::vector<std::string> args = g.jit_args;
  args.insert(args.end(), extra.begin(), extra.end());
  std::string command;
  Outcome jo = run_command(racelang, root, args, rel_path, command);
  std::ostringstream report;
  auto* saved = std::cout.rdbuf(report.rdbuf());
  // What the file pins (JIT-COMPARE), except stderr: reports may name other earlier accesses.
  Compare pinned{g.jit_compare.exit, g.jit_compare.out, false};
  bool ok = g.jit_expect.present && matches(jo, g.jit_expect, pinned, "jit ");
  std::cout.rdbuf(saved);
  if (ok) {
    std::cout << "PASS " << rel_path << "\n";
    return 0;
  }
  std::cout << "FAIL " << rel_path << "\n  jit command: (cd " << root << " && " << command << ")\n"
            << report.str();
  return 1;
}

int process(const std::string& racelang, const std::string& root, const std::string& rel_path,
            bool update, const std::vector<std::string>& jit_extra) {
  std::string full = (std::filesystem::path(root) / rel_path).string();
  std::ifstream in(full, std::ios::binary);
  if (!in) {
    std::cout << "FAIL " << rel_path << ": cannot read\n";
    return 1;
  }
  std::stringstream text;
  text << in.rdbuf();
  GoldenFile g = read_golden(text.str());
  if (!jit_extra.empty()) return process_jit_only(racelang, root, rel_path, g, jit_extra);

  std::string command, jit_command, then_command;
  Outcome o = run_command(racelang, root, g.run_args, rel_path, command);
  Outcome jo, to;
  bool has_jit = !g.jit_args.empty();
  if (has_jit) jo = run_command(racelang, root, g.jit_args, rel_path, jit_command);
  bool has_then = !g.then_args.empty();
  if (has_then) {
    // The RUN line's output as a file of its own, in a fresh temporary directory.
    std::string dir_template =
        (std::filesystem::temp_directory_path() / "racelang-golden-XXXXXX").string();
    if (!mkdtemp(dir_template.data())) {
      std::cout << "FAIL " << rel_path << ": cannot make a temporary directory\n";
      return 1;
    }
    std::filesystem::path temp =
        std::filesystem::path(dir_template) / std::filesystem::path(rel_path).filename();
    {
      std::ofstream out(temp, std::ios::binary);
      out << o.out;
    }
    to = run_command(racelang, root, g.then_args, rel_path, then_command, temp.string());
    std::filesystem::remove_all(dir_template);
  }
  for (const auto& [outcome, cmd] :
       {std::pair{&o, &command}, std::pair{&jo, &jit_command}, std::pair{&to, &then_command}}) {
    if (!outcome->timed_out) continue;
    std::cout << "FAIL " << rel_path << ": timed out after " << kTimeoutSeconds << "s\n  " << *cmd
              << "\n";
    return 1;
  }

  bool is_fail_file = starts_with(std::filesystem::path(rel_path).filename().string(), "fail_");
  bool is_check = !g.run_args.empty() && g.run_args[0] == "check";
  auto naming_rule_error = [&](int exit_code) -> std::string {
    if (is_fail_file && exit_code == 0) return "files named fail_* must fail (nonzero exit)";
    if (!is_fail_file && is_check && exit_code != 0)
      return "this file fails `check`; name it fail_*";
    return "";
  };

  if (update) {
    std::string rule = naming_rule_error(has_then ? to.exit_code : o.exit_code);
    std::ofstream out(full, std::ios::binary | std::ios::trunc);
    for (const std::string& line : g.body) out << line << "\n";
    out << "\n" << expectation_block(o, kRunMarkers, Compare{});
    if (has_jit) out << expectation_block(jo, kJitMarkers, g.jit_compare);
    if (has_then) out << expectation_block(to, kThenMarkers, Compare{});
    std::cout << "UPDATED " << rel_path << " (exit " << o.exit_code;
    if (has_jit) std::cout << ", jit exit " << jo.exit_code;
    if (has_then) std::cout << ", then exit " << to.exit_code;
    std::cout << ")\n";
    if (!rule.empty()) std::cout << "  warning: " << rule << "\n";
    return 0;
  }
  if (!g.expect.present || (has_jit && g.jit_compare.exit && !g.jit_expect.present) ||
      (has_then && !g.then_expect.present)) {
    std::cout << "FAIL " << rel_path << ": no expectations; run the update mode\n";
    return 1;
  }
  // With a pipeline, the last command's exit decides whether the file is a fail_* file.
  std::string rule = naming_rule_error(has_then ? g.then_expect.exit_code : g.expect.exit_code);
  std::ostringstream report;
  auto* saved = std::cout.rdbuf(report.rdbuf());
  bool ok = matches(o, g.expect, Compare{}, "");
  bool jit_ok = !has_jit || matches(jo, g.jit_expect, g.jit_compare, "jit ");
  bool then_ok = !has_then || matches(to, g.then_expect, Compare{}, "then ");
  std::cout.rdbuf(saved);
  if (ok && jit_ok && then_ok && rule.empty()) {
    std::cout << "PASS " << rel_path << "\n";
    return 0;
  }
  std::cout << "FAIL " << rel_path << "\n  command: (cd " << root << " && " << command << ")\n";
  if (has_jit) std::cout << "  jit command: (cd " << root << " && " << jit_command << ")\n";
  if (has_then)
    std::cout << "  then command, on the first one's output: (cd " << root << " && " << then_command
              << ")\n";
  if (!rule.empty()) std::cout << "  " << rule << "\n";
  std::cout << report.str();
  std::cout << "  To accept the new output: cmake --build <build> --target update-golden\n";
  return 1;
}

} // namespace

int main(int argc, char** argv) {
  std::string racelang, root;
  bool update = std::getenv("RACELANG_UPDATE_GOLDEN") != nullptr;
  std::vector<std::string> files, jit_extra;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (starts_with(arg, "--jit-args="))
      jit_extra = split_words(arg.substr(11));
    else if (starts_with(arg, "--racelang="))
      racelang = arg.substr(11);
    else if (starts_with(arg, "--root="))
      root = arg.substr(7);
    else if (arg == "--update")
      update = true;
    else
      files.push_back(arg);
  }
  if (racelang.empty() || root.empty() || files.empty() || (update && !jit_extra.empty())) {
    std::cerr << "usage: golden_runner --racelang=PATH --root=DIR [--update | --jit-args=ARGS] "
                 "FILE...\n";
    return 2;
  }
  int failures = 0;
  for (const std::string& f : files) failures += process(racelang, root, f, update, jit_extra);
  return failures == 0 ? 0 : 1;
}
