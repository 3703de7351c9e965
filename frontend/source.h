// A source file held in memory: its path (as given on the command line, so diagnostics read
// the way the user typed it), its text, and an index of line starts for quick line lookup.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace racelang {

class SourceFile {
public:
  SourceFile(std::string path, std::string text);

  // Reads a file; returns false (and leaves `error` set) if it cannot be read.
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
