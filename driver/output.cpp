// Output safety (see output.h): checked writes, outputs that are not inputs, atomic files, and
// the SIGINT/SIGTERM thread. POSIX calls rather than streams where an error must be seen: an
// ofstream reports a failed flush only through a state nobody reads after its destructor ran.
#include "driver/output.h"

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <thread>

#include "driver/exit_codes.h"

namespace racelang {
namespace {

bool same_file(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

std::string errno_text(int err) {
  return std::strerror(err);
}

// Writes all of `text` to `fd`, retrying short writes and EINTR.
bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    text.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

// The handler thread: SIGINT and SIGTERM are blocked in every thread (threads inherit the
// mask), so they arrive here, in an ordinary thread where stdio may be used, instead of
// interrupting the program at an arbitrary instruction.
void handle_interrupts(sigset_t signals) {
  int sig = 0;
  while (sigwait(&signals, &sig) != 0) {
  }
  // std::cout writes through stdio (it is synchronised with it), so flushing stdout flushes
  // everything printed. The lock is tried, not waited for: a thread stuck writing to a full
  // pipe must not keep the interrupt from ending the process.
  for (int attempt = 0; attempt < 50; ++attempt) {
    if (ftrylockfile(stdout) == 0) {
      fflush_unlocked(stdout);
      funlockfile(stdout);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  const char* message =
      sig == SIGINT ? "racelang: interrupted (SIGINT)\n" : "racelang: terminated (SIGTERM)\n";
  write_all(STDERR_FILENO, message);
  std::_Exit(128 + sig);
}

} // namespace

void start_output_safety() {
  // A descriptor the caller closed is taken by /dev/null opened read-only: it cannot be reused
  // by a file we open, and writing to it still fails (EBADF) as writing to a closed one would.
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    int null = ::open("/dev/null", O_RDONLY);
    if (null >= 0 && null != fd) {
      ::dup2(null, fd);
      ::close(null);
    }
  }
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  if (pthread_sigmask(SIG_BLOCK, &signals, nullptr) != 0) return;
  std::thread(handle_interrupts, signals).detach();
}

int finish_output(int exit_code) {
  // stdio first: std::cout writes into its buffer, and a failure seen here still has its
  // errno (one seen by an earlier flush, e.g. before a race report, is only a flag by now).
  bool stdout_failed = std::fflush(stdout) != 0;
  int err = stdout_failed ? errno : 0;
  std::cout.flush();
  stdout_failed = stdout_failed || std::cout.fail() || std::ferror(stdout);
  if (stdout_failed) {
    std::cerr << "racelang: error: cannot write standard output"
              << (err ? ": " + errno_text(err) : std::string()) << "\n";
  }
  std::cerr.flush();
  if (stdout_failed || std::cerr.fail() || std::ferror(stderr)) return kExitUsage;
  return exit_code;
}

bool check_outputs(const std::vector<std::optional<std::string>>& outputs,
                   const std::vector<std::optional<std::string>>& inputs) {
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (!outputs[i]) continue;
    struct stat out {};
    if (::stat(outputs[i]->c_str(), &out) != 0) continue; // does not exist yet: no input
    auto clash = [&](const std::optional<std::string>& other, const char* what) {
      struct stat st {};
      if (!other || ::stat(other->c_str(), &st) != 0 || !same_file(out, st)) return false;
      // A device such as /dev/null may well be named twice.
      if (!S_ISREG(out.st_mode) && !S_ISDIR(out.st_mode)) return false;
      std::cerr << *outputs[i] << ": error: this output is the " << what << " '" << *other
                << "' (the same file); refusing to overwrite it\n";
      return true;
    };
    for (const auto& input : inputs)
      if (clash(input, "input")) return false;
    for (size_t j = 0; j < i; ++j)
      if (clash(outputs[j], "output")) return false;
  }
  return true;
}

bool write_output_file(const std::string& path, std::string_view text, std::string& error) {
  auto fail = [&](const std::string& what, int err) {
    error = path + ": error: " + what + ": " + errno_text(err);
    return false;
  };
  struct stat st {};
  bool exists = ::stat(path.c_str(), &st) == 0;
  if (exists && !S_ISREG(st.st_mode)) { // a device or FIFO: written in place
    int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) return fail("cannot open for writing", errno);
    bool ok = write_all(fd, text);
    int err = errno;
    if (::close(fd) != 0 && ok) ok = false, err = errno;
    return ok || fail("cannot write", err);
  }
  // Through a symlink, the file it points to is replaced, not the link.
  std::string target = path;
  if (exists) {
    if (char* real = ::realpath(path.c_str(), nullptr)) {
      target = real;
      std::free(real);
    }
  }
  size_t slash = target.rfind('/');
  std::string dir = slash == std::string::npos ? "." : target.substr(0, slash + 1);
  std::string base = slash == std::string::npos ? target : target.substr(slash + 1);
  std::string temp = (slash == std::string::npos ? "" : dir) + "." + base + ".racelang-XXXXXX";
  int fd = ::mkstemp(temp.data());
  if (fd < 0) return fail("cannot create a temporary file in '" + dir + "'", errno);
  auto fail_and_remove = [&](const std::string& what, int err) {
    ::unlink(temp.c_str());
    return fail(what, err);
  };
  mode_t mode = st.st_mode & 07777;
  if (!exists) { // what a new file would get: 0666 less the umask
    mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  if (::fchmod(fd, mode) != 0) {
    int err = errno;
    ::close(fd);
    return fail_and_remove("cannot set the mode of a temporary file", err);
  }
  bool ok = write_all(fd, text);
  int err = errno;
  if (::close(fd) != 0 && ok) ok = false, err = errno;
  if (!ok) return fail_and_remove("cannot write", err);
  if (::rename(temp.c_str(), target.c_str()) != 0) return fail_and_remove("cannot write", errno);
  return true;
}

} // namespace racelang
