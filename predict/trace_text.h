// The two text forms of a trace. racelang's own format keeps everything prediction needs, one
// event a line:
//
//   T0 wr x = 1 @3:1        a write of 1 to x by thread 0, from the statement at 3:1
//   T1 rd x = 1 @5:3        a read of x that saw 1
//   T1 branch 2,4 @6:3      a condition, index or divisor that depended on events 2 and 4
//   T0 acq m @7:1           T0 rel m @9:1       T0 fork T1 @2:1     T0 join T1 @10:1
//   T0 print @11:1
//
// Event numbers (branch dependencies, and every position a report or --json gives) count
// events from 1, not lines: '#' comments and blank lines are not events. `@L:C` is optional.
// Names are any text without whitespace, '@', '=', ',' or '#'. The first line must be the header
// `# racelang trace 1`, which is how `racelang predict` tells the format from RAPID's STD
// (detect/std_trace.h, reused here), the other format read and written; STD has no values,
// branches or prints, so an STD trace gives the happens-before family all it needs and the
// maximal analysis none of its precision.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "predict/trace.h"

namespace racelang::predict {

inline constexpr std::string_view kTraceHeader = "# racelang trace 1";

struct TraceError {
  size_t line = 0; // 1-based line of the text
  std::string message;
};

struct TraceReadResult {
  Trace trace;
  std::optional<TraceError> error;
};

// racelang's format. The writer emits the header; values only when the trace has them.
std::string write_trace(const Trace& trace);
TraceReadResult read_trace(std::string_view text);

// RAPID's STD format: the source id of an event is line * 65536 + col, as `racelang run
// --trace` writes it. Branch and print events have no STD form and are left out.
std::string write_std(const Trace& trace);
TraceReadResult read_std(std::string_view text);

// Either format, by the header. Also checks the trace is well formed (trace.h), reporting a
// violation at the line of the offending event.
TraceReadResult read_any_trace(std::string_view text);

} // namespace racelang::predict
