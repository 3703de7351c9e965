// The exit codes every racelang subcommand uses (fixed by the project, see README):
// 0 success, 66 a data race was reported (ThreadSanitizer's convention), 1 an assertion
// failure, runtime error or deadlock, 2 a usage, compile or I/O error.
#pragma once

namespace racelang {

enum ExitCode : int {
  kExitSuccess = 0,
  kExitFailure = 1, // assertion failure, runtime error, deadlock
  kExitUsage = 2,   // usage, compile or I/O error
  kExitRace = 66,   // a data race was reported
};

} // namespace racelang
