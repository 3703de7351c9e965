// The `racelang` command-line tool: dispatches subcommands, parses their options and maps
// outcomes to the fixed exit codes. Each subcommand lives in its own commands_*.cpp file.
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "driver/commands.h"
#include "driver/exit_codes.h"
#include "driver/output.h"

namespace {

const char* kUsage = R"(racelang: run racelang programs and find their data races.

Usage:
  racelang <command> [options] FILE
  racelang FILE [run options]     same as 'racelang run --backend=jit FILE'
  racelang --help | --version
  racelang <command> --help

Commands:
  check FILE       parse and check a program; report errors clang-style
  fmt FILE         print the program as canonical source (comments kept)
  run FILE         run under the interpreter with a race detector (default vc);
                   --backend=jit compiles it with LLVM and runs it on real threads
  explore FILE     run every schedule of a small program: outcomes, races, deadlocks
  test FILE        run many seeded schedules (random or PCT) on every core; each distinct
                   outcome once with the seed that replays it
  instrument FILE  print the program with race-detection instrumentation (--pass=NAME);
                   the output runs as it is with every command
  emit-c FILE      print the program as C11 with POSIX threads (-o OUT: to a file)
  verify           check an instrumentation pass's theorems on generated programs
  predict FILE     predict races other schedules of one run would show (a program or a trace)

Exit codes (every command):
  0   success
  1   assertion failure, runtime error, deadlock or limit; verify: a counterexample
  2   usage, compile or I/O error
  66  a data race was reported

Common options:
  --color=auto|always|never   colour diagnostics (default: auto, when stderr is a terminal)
)";

} // namespace

static int dispatch(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::cerr << kUsage;
    return racelang::kExitUsage;
  }
  const std::string& first = args[0];
  if (first == "--help" || first == "-h" || first == "help") {
    std::cout << kUsage;
    return racelang::kExitSuccess;
  }
  if (first == "--version") {
    std::cout << "racelang " << racelang::version_string() << "\n";
    return racelang::kExitSuccess;
  }
  std::vector<std::string> rest(args.begin() + 1, args.end());
  try {
    if (first == "check") return racelang::command_check(rest);
    if (first == "fmt") return racelang::command_fmt(rest);
    if (first == "run") return racelang::command_run(rest);
    if (first == "explore") return racelang::command_explore(rest);
    if (first == "instrument") return racelang::command_instrument(rest);
    if (first == "emit-c") return racelang::command_emit_c(rest);
    if (first == "verify") return racelang::command_verify(rest);
    if (first == "predict") return racelang::command_predict(rest);
    if (first == "test") return racelang::command_test(rest);
    // `racelang prog.rl ...` runs the program.
    std::error_code ec;
    bool is_file = std::filesystem::is_regular_file(first, ec);
    if (first[0] != '-' && (is_file || (first.size() > 3 && first.ends_with(".rl")))) {
      // The default way to run a program: the JIT with VectorClock instrumentation.
      bool backend_given = false;
      for (const std::string& a : args) backend_given |= a.rfind("--backend", 0) == 0;
      if (!backend_given) args.insert(args.begin() + 1, "--backend=jit");
      return racelang::command_run(args);
    }
  } catch (const std::bad_alloc&) {
    // Not a bug: the program or the search needs more memory than the machine gives.
    std::cerr << "racelang: error: out of memory (the program, its state or the search needs "
                 "more memory than is available; docs/language.md, \"Limits\", lists the "
                 "bounds and the options that lower what a run keeps)\n";
    return racelang::kExitFailure;
  } catch (const std::exception& e) {
    // Only a bug gets here (bad input is reported, never thrown); say so instead of aborting.
    std::cerr << "racelang: internal error: " << e.what() << "\n";
    return racelang::kExitFailure;
  }
  std::cerr << "racelang: error: unknown command '" << first << "'\n"
            << "Run 'racelang --help' for the list of commands.\n";
  return racelang::kExitUsage;
}

int main(int argc, char** argv) {
  racelang::start_output_safety();
  return racelang::finish_output(dispatch(argc, argv));
}
