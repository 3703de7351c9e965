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
#include <filesystem>
#include <iostream>
#include <mutex>
#include <set>
#include <streambuf>
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

void remove_uncommitted_outputs();

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
  remove_uncommitted_outputs();
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

namespace {

// A stream buffer over a descriptor that keeps the first write error's errno, so a failed
// write is reported with its reason (an ofstream keeps only a flag).
class DescriptorBuffer : public std::streambuf {
public:
  explicit DescriptorBuffer(int fd) : fd_(fd) { setp(buffer_, buffer_ + sizeof buffer_); }
  int error() const { return error_; }
  bool drain() {
    size_t n = static_cast<size_t>(pptr() - pbase());
    if (n > 0 && error_ == 0 && !write_all(fd_, {pbase(), n})) error_ = errno ? errno : EIO;
    setp(buffer_, buffer_ + sizeof buffer_);
    return error_ == 0;
  }

protected:
  int_type overflow(int_type ch) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(ch, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(ch);
      pbump(1);
    }
    return traits_type::not_eof(ch);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    if (n <= epptr() - pptr()) {
      std::memcpy(pptr(), s, static_cast<size_t>(n));
      pbump(static_cast<int>(n));
      return n;
    }
    if (!drain()) return 0;
    if (!write_all(fd_, {s, static_cast<size_t>(n)})) {
      error_ = errno ? errno : EIO;
      return 0;
    }
    return n;
  }
  int sync() override { return drain() ? 0 : -1; }

private:
  int fd_;
  int error_ = 0;
  char buffer_[1 << 16];
};

// Temporaries not yet renamed into place: the interrupt handler removes them before exiting.
std::mutex temporaries_mutex;
std::set<std::string> temporaries;

void remove_uncommitted_outputs() {
  std::lock_guard<std::mutex> lock(temporaries_mutex);
  for (const std::string& temp : temporaries) ::unlink(temp.c_str());
  temporaries.clear();
}

} // namespace

struct OutputFile::Impl {
  std::string path;
  std::string temp;   // empty when writing a device or FIFO in place
  std::string target; // what the temporary is renamed to (a symlink's target)
  int fd = -1;
  std::unique_ptr<DescriptorBuffer> buffer;
  std::unique_ptr<std::ostream> stream;
  bool done = false;

  bool fail(std::string& error, const std::string& what, int err) {
    error = path + ": error: " + what + ": " + errno_text(err);
    discard();
    return false;
  }
  void discard() {
    if (fd >= 0) ::close(fd);
    fd = -1;
    if (!temp.empty()) {
      ::unlink(temp.c_str());
      std::lock_guard<std::mutex> lock(temporaries_mutex);
      temporaries.erase(temp);
    }
    temp.clear();
    done = true;
  }
};

OutputFile::OutputFile() : impl_(std::make_unique<Impl>()) {}

OutputFile::~OutputFile() {
  if (!impl_->done) impl_->discard();
}

std::ostream& OutputFile::stream() {
  return *impl_->stream;
}

bool OutputFile::open(const std::string& path, std::string& error) {
  Impl& f = *impl_;
  f.path = path;
  struct stat st {};
  bool exists = ::stat(path.c_str(), &st) == 0;
  if (exists && !S_ISREG(st.st_mode)) { // a device or FIFO: written in place
    f.fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOCTTY);
    if (f.fd < 0) return f.fail(error, "cannot open for writing", errno);
  } else {
    // Through a symlink, the file it points to is replaced, not the link.
    f.target = path;
    if (exists) {
      if (char* real = ::realpath(path.c_str(), nullptr)) {
        f.target = real;
        std::free(real);
      }
    }
    size_t slash = f.target.rfind('/');
    std::string dir = slash == std::string::npos ? "." : f.target.substr(0, slash + 1);
    std::string base = slash == std::string::npos ? f.target : f.target.substr(slash + 1);
    std::string temp = (slash == std::string::npos ? "" : dir) + "." + base + ".racelang-XXXXXX";
    {
      // Registered before it exists, so an interrupt can never leave it behind.
      std::lock_guard<std::mutex> lock(temporaries_mutex);
      f.fd = ::mkstemp(temp.data());
      if (f.fd >= 0) temporaries.insert(temp);
    }
    if (f.fd < 0) return f.fail(error, "cannot create a temporary file in '" + dir + "'", errno);
    f.temp = temp;
    mode_t mode = st.st_mode & 07777;
    if (!exists) { // what a new file would get: 0666 less the umask
      mode_t mask = ::umask(0);
      ::umask(mask);
      mode = 0666 & ~mask;
    }
    if (::fchmod(f.fd, mode) != 0)
      return f.fail(error, "cannot set the mode of a temporary file", errno);
  }
  f.buffer = std::make_unique<DescriptorBuffer>(f.fd);
  f.stream = std::make_unique<std::ostream>(f.buffer.get());
  return true;
}

bool OutputFile::commit(std::string& error) {
  Impl& f = *impl_;
  if (f.done || f.fd < 0) {
    error = f.path + ": error: not open for writing";
    return false;
  }
  if (!f.buffer->drain()) return f.fail(error, "cannot write", f.buffer->error());
  int fd = f.fd;
  f.fd = -1;
  if (::close(fd) != 0) return f.fail(error, "cannot write", errno);
  if (!f.temp.empty()) {
    if (::rename(f.temp.c_str(), f.target.c_str()) != 0)
      return f.fail(error, "cannot write", errno);
    std::lock_guard<std::mutex> lock(temporaries_mutex);
    temporaries.erase(f.temp);
    f.temp.clear();
  }
  f.done = true;
  return true;
}

bool make_output_dir(const std::string& dir, const std::string& what) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!ec && std::filesystem::is_directory(dir, ec)) return true;
  std::cerr << dir << ": error: cannot create the directory for " << what
            << (ec ? ": " + ec.message() : std::string()) << "\n";
  return false;
}

bool write_output_file(const std::string& path, std::string_view text, std::string& error) {
  OutputFile file;
  if (!file.open(path, error)) return false;
  file.stream().write(text.data(), static_cast<std::streamsize>(text.size()));
  return file.commit(error);
}

} // namespace racelang
