// Traces in RAPID's STD text format, so racelang's traces can be fed to RAPID (and RAPID's
// traces to racelang's detectors). One event per line, three fields separated by '|':
//
//   T0|r(x)|17        read of location x        T1|acq(m)|23      acquire of lock m
//   T0|w(x)|17        write of location x       T1|rel(m)|23      release of lock m
//   T0|fork(T1)|5     T0 forks T1               T0|join(T1)|9     T0 joins T1
//
// The first field is the acting thread, `T` and its decimal id. The second is the operation
// with its operand: a location or lock name (any non-empty text without whitespace, '|', '('
// or ')'; locations and locks are separate name spaces) or a thread `T<id>`. The last field is
// a non-negative decimal source id (RAPID's "location in the program"; racelang uses it for the
// statement an event came from). exit(t) has no STD form: the writer skips Exit events, so a
// trace written for the multiple-join detector loses them. Volatile and barrier events (vrd,
// vwr, arr, dep) have no STD form either, and dropping them would change the happens-before
// relation, so the writer rejects them; the reader never produces them. The reader ignores blank
// lines, a trailing '\r' and spaces around fields, and rejects anything else with the line number.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "detect/event.h"

namespace racelang::detect {

// Thread ids the reader accepts (detectors store dense per-thread clocks).
inline constexpr ThreadId kMaxStdThreadId = 65535;

struct StdNames {
  // Name of a location id / lock id. Unset: "x<id>" / "m<id>".
  std::function<std::string(uint32_t)> location;
  std::function<std::string(uint32_t)> lock;
};

// The STD text of `events` (each line ends in '\n'), skipping Exit events. source_ids holds one
// id per event, Exit events included, or is empty for all zeros. Throws std::invalid_argument if
// source_ids has the wrong length, a name is not a valid STD name, a thread id exceeds
// kMaxStdThreadId (the output would not read back) or an event is a volatile or barrier event
// (STD has no such events).
std::string write_std_trace(const Trace& events, const std::vector<uint32_t>& source_ids = {},
                            const StdNames& names = {});

struct StdTrace {
  Trace events;
  std::vector<uint32_t> source_ids;        // one per event
  std::vector<std::string> location_names; // location id -> name, ids in order of first use
  std::vector<std::string> lock_names;     // lock id -> name, ids in order of first use
};

struct StdError {
  std::size_t line; // 1-based
  std::string message;
  std::string to_string() const; // "line 3: expected 3 fields separated by '|'"
};

struct StdReadResult {
  StdTrace trace; // complete iff !error
  std::optional<StdError> error;
  bool ok() const { return !error.has_value(); }
};

// Parses STD text. Never throws on malformed input: the first bad line is reported instead.
StdReadResult read_std_trace(std::string_view text);

} // namespace racelang::detect
