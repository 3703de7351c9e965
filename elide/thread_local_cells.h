// Decision 1, thread-local cells: a shared cell that the code of only one thread id loads or
// stores cannot be part of a race, so the checks of accesses that touch only such cells can go,
// and a variable or array all of whose cells are such needs no race metadata at all. Scalars are
// tracked one by one; an array cell by cell when every access to the array has a constant index
// (fold_constant), otherwise as one unit, since a computed index may touch any of its cells.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "elide/accesses.h"
#include "frontend/check.h"

namespace racelang::elide {

class ThreadLocalCells {
public:
  // `writers_only` is the deliberately unsound control (ElisionOptions::broken_writers_only):
  // only stores count, so a cell that another thread reads can pass as thread-local.
  ThreadLocalCells(const std::vector<Access>& accesses, const ProgramInfo& info, bool writers_only);

  // Whether every cell `access` may touch is thread-local. A constant index out of range
  // touches no cell (the access fails at run time), so it is thread-local too.
  bool access_thread_local(const Access& access) const;
  // Whether every cell of the shared location or array `name` is thread-local (cells nothing
  // accesses are). False for locks and unknown names.
  bool symbol_thread_local(const std::string& name) const;

private:
  // The thread ids that touch a unit, up to "more than one".
  struct Owners {
    std::optional<int64_t> only;
    bool many = false;
    void add(int64_t thread);
  };
  struct Unit {
    std::optional<int64_t> array_size;         // as declared; absent for scalars
    bool per_cell = true;                      // arrays: every access has a constant index
    Owners whole;                              // scalars, and arrays tracked as one unit
    std::unordered_map<int64_t, Owners> cells; // arrays tracked cell by cell
  };

  // The cell a constant-index access touches; nothing when it is out of range.
  static std::optional<int64_t> constant_cell(const Unit& unit, const Location& loc);

  std::unordered_map<std::string, Unit> units_; // shared symbols only
};

} // namespace racelang::elide
