// Sites: the places in a compiled program where the runtime may have to say something (a
// runtime error, an assertion or instrumentation check failure, a blocked lock or wait). The
// generated code passes only a site number and the few values that vary at run time; the text
// around them (the printed expression, the names of the locals whose values a message shows)
// is computed once at compile time, so messages cost nothing until something fails. The
// wording is the interpreter's (interp/machine.cpp), word for word: the golden files and a
// differential test compare the two.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/ast.h"
#include "frontend/check.h"

namespace racelang::jit {

enum class SiteKind : uint8_t {
  DivisionByZero, // values: the locals of `text`
  ModuloByZero,   // values: the locals of `text`
  BadIndex,       // values: the index, then the locals of the index expression
  Assert,         // values: the locals of the condition
  RaceCheck,      // values: the checked cell (the message names it), the earlier thread
  Unlock,         // values: the cell's holder field (0 free, t + 1 held by t) and its cell
  Spawn,          // target: the child's thread index; values: 1 if it is still running
  Lock,           // a lock statement (for deadlock reports)
  Wait,           // target: the waited thread's index
  CondWait,       // wait(c, m); values: the lock's holder field, the condition's cell, the lock's
  Await,          // await b; count: the barrier's threads per phase
  Assume,         // a false assume (the discarded run's note)
};

struct Site {
  SiteKind kind = SiteKind::Assert;
  uint32_t thread = 0;                            // thread index
  SourceRange range;                              // where a failure is reported
  std::string text;                               // the printed expression, condition or location
  std::vector<std::string> locals;                // names whose values follow in `values`, in order
  std::string array;                              // BadIndex: the array's name
  int64_t array_size = 0;                         // BadIndex
  uint32_t target = 0;                            // Spawn, Wait: a thread index
  int64_t count = 0;                              // Await: the barrier's threads per phase
  AccessKind access = AccessKind::Read;           // RaceCheck: the access being checked
  AccessKind previous_access = AccessKind::Write; // RaceCheck: the earlier access
};

// The values a failing site can pass (the generated code's array): a site whose expression
// reads more locals than fit shows the first ones only.
inline constexpr uint64_t kSiteValueSlots = 64;
// Site numbers must fit in the 29 bits a blocked thread's record keeps for them.
inline constexpr uint32_t kMaxSites = uint32_t{1} << 29;

// What the runtime needs to know about the compiled program besides its code.
struct ProgramLayout {
  const ProgramInfo* info = nullptr; // cell names; must outlive the compiled program
  uint32_t cell_count = 0;
  std::vector<int64_t> thread_ids;   // by thread index
  std::vector<uint8_t> is_lock_cell; // by cell
  std::vector<uint32_t> sync_cells;  // the cells of conditions and barriers (runtime state each)
  std::vector<Site> sites;
};

// The message a failing site reports, without the "thread N: " prefix the runtime adds.
// `values` holds the site's operands as the SiteKind comments say.
std::string site_message(const Site& site, const ProgramLayout& layout, const int64_t* values);

} // namespace racelang::jit
