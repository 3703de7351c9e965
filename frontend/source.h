// A source file held in memory: its path (as given on the command line, so diagnostics read
// the way the user typed it), its text, and an index of line starts for quick line lookup.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace racelang {

class SourceFile {
public:
  // The largest source file racelang reads (docs/language.md, "Source files"): far above any
  // program the interpreter or the JIT can run, low enough that the frontend's memory stays
  // bounded.
  static constexpr size_t kMaxBytes = size_t{16} << 20;

  SourceFile(std::string path, std::string text);

  // Reads a file; returns false (and leaves `error` set to a message without the path, for
  // `PATH: error: MESSAGE`) if it cannot be opened or read, or is not racelang source: a
  // directory, a device, FIFO or socket, more than kMaxBytes, or binary data (a NUL byte). The
  // kind and size are checked before anything is read, so `/dev/zero` or a FIFO nobody writes
  // to is refused at once instead of read until memory runs out or forever.
  static bool read(const std::string& path, SourceFile& out, std::string& error);

  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }
  uint32_t line_count() const { return static_cast<uint32_t>(line_starts_.size()); }
  // The text of a 1-based line, without its line terminator; empty if out of range.
  std::string_view line(uint32_t line) const;

private:
  std::string path_;
  std::string text_;
  std::vector<size_t> line_starts_;
};

} // namespace racelang
