// SourceFile: reading files and finding lines. Reading goes through POSIX open/fstat/read
// rather than an ifstream so that the file's kind and size are known before a byte is read
// (see SourceFile::read).
#include "frontend/source.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace racelang {
namespace {

// Closes the descriptor on every return path.
struct FileDescriptor {
  int fd;
  ~FileDescriptor() {
    if (fd >= 0) ::close(fd);
  }
};

std::string size_limit_message() {
  return "is larger than " + std::to_string(SourceFile::kMaxBytes >> 20) +
         " MiB, the limit for a source file";
}

} // namespace

SourceFile::SourceFile(std::string path, std::string text)
    : path_(std::move(path)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
}

bool SourceFile::read(const std::string& path, SourceFile& out, std::string& error) {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever.
  FileDescriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (file.fd < 0) {
    error = std::string("cannot open: ") + std::strerror(errno);
    return false;
  }
  struct stat st {};
  if (::fstat(file.fd, &st) != 0) {
    error = std::string("cannot read: ") + std::strerror(errno);
    return false;
  }
  if (S_ISDIR(st.st_mode)) {
    error = "is a directory, not a source file";
    return false;
  }
  if (!S_ISREG(st.st_mode)) {
    error = "is not a regular file (a device, FIFO or socket); sources are read from files only";
    return false;
  }
  if (static_cast<uint64_t>(st.st_size) > kMaxBytes) {
    error = size_limit_message();
    return false;
  }
  // Read to the end, not just st_size bytes: the file may have changed since fstat. One byte
  // past the limit is enough to know it is too large.
  std::string text(static_cast<size_t>(st.st_size) + 1, '\0');
  size_t used = 0;
  for (;;) {
    if (used == text.size()) {
      if (text.size() > kMaxBytes) {
        error = size_limit_message();
        return false;
      }
      text.resize(std::min(text.size() * 2, kMaxBytes + 1));
    }
    ssize_t n = ::read(file.fd, text.data() + used, text.size() - used);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = std::string("cannot read: ") + std::strerror(errno);
      return false;
    }
    if (n == 0) break;
    used += static_cast<size_t>(n);
  }
  text.resize(used);
  if (size_t nul = text.find('\0'); nul != std::string::npos) {
    error =
        "is binary data, not racelang source (a NUL byte at offset " + std::to_string(nul) + ")";
    return false;
  }
  out = SourceFile(path, std::move(text));
  return true;
}

std::string_view SourceFile::line(uint32_t line) const {
  if (line == 0 || line > line_starts_.size()) return {};
  size_t begin = line_starts_[line - 1];
  size_t end = line < line_starts_.size() ? line_starts_[line] - 1 : text_.size();
  if (end > begin && text_[end - 1] == '\r') --end;
  return std::string_view(text_).substr(begin, end - begin);
}

} // namespace racelang
