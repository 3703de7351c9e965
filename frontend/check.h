// Semantic checks and the program's symbol layout. After parsing, check_program classifies
// every name as a thread-local variable, a shared location or a lock (one name is exactly one
// of these), validates declarations, array uses, thread ids and reserved names, and lays out
// shared memory: every shared location and lock gets cells in one flat numbering that the
// interpreter, the instrumentation and the JIT all use.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "frontend/ast.h"
#include "frontend/diagnostics.h"

namespace racelang {

inline constexpr int64_t kMaxThreadId = 1024;          // keeps vector clocks small and static
inline constexpr int64_t kMaxCells = int64_t{1} << 26; // shared cells in one program
inline constexpr const char* kReservedPrefix = "__";   // names the instrumentation owns

struct CheckOptions {
  // Instrumented programs use the reserved `__` names; user programs may not.
  bool allow_reserved_names = false;
};

// Volatile cells hold values like shared ones but their accesses synchronise; a condition's
// cell and a barrier's cell hold the interpreter's bookkeeping (docs/language.md).
enum class SymbolKind { Shared, Lock, Volatile, Condition, Barrier };

// A shared location or lock (or an array of them) and its cells in the flat layout.
struct Symbol {
  std::string name;
  SymbolKind kind = SymbolKind::Shared;
  std::optional<int64_t> array_size; // present for arrays
  uint32_t first_cell = 0;
  uint32_t cell_count = 1;
  SourceRange first_seen;    // the declaration, or the first use of an undeclared scalar
  int64_t barrier_count = 0; // barriers: the threads each phase waits for
};

struct ThreadInfo {
  int64_t id = 0;
  int64_t parent = -1;         // the thread whose code contains the spawn; -1 for main
  SourceRange spawn_range;     // the `spawn` statement; empty for main
  const Block* body = nullptr; // points into the checked Program
};

struct ProgramInfo {
  std::vector<Symbol> symbols; // shared locations and locks, in cell order
  uint32_t cell_count = 0;
  std::vector<std::string> locals; // every local name, in order of first appearance
  std::vector<ThreadInfo> threads; // threads[0] is main; then in order of their spawns in the text
  int64_t max_thread_id = 0;

  const Symbol* find_symbol(std::string_view name) const;
  std::optional<uint32_t> find_local(std::string_view name) const;
  const ThreadInfo* find_thread(int64_t id) const;
  // "x", "buf[3]": the name a cell is reported under.
  std::string cell_name(uint32_t cell) const;
  const Symbol* symbol_of_cell(uint32_t cell) const;

  std::unordered_map<std::string, size_t> symbol_index;
  std::unordered_map<std::string, uint32_t> local_index;
};

// A program together with its check result. ProgramInfo points into the Program, so the pair
// is neither copied nor moved: hold it where it is made (by unique_ptr when it travels).
struct CheckedProgram {
  Program program;
  ProgramInfo info;
  CheckedProgram() = default;
  CheckedProgram(const CheckedProgram&) = delete;
  CheckedProgram& operator=(const CheckedProgram&) = delete;
};

// Reports every semantic error; returns the layout if there were none. The ThreadInfo body
// pointers refer into `program`, which must outlive the result.
std::optional<ProgramInfo> check_program(const Program& program, DiagnosticEngine& diags,
                                         const CheckOptions& options = {});

} // namespace racelang
