// Confirming a witness on the program itself: its schedule is replayed, and the witness counts
// only if the replay performs exactly the witness's events (thread, operation, location or lock,
// source position) and `racelang run --keep-going --schedule-string=...` with the default
// detector reports a race at the last of them (on a location with several racing accesses the
// detector may name another earlier access than the first). A witness that
// fails either is reported as unconfirmed, never as a race.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "interp/code.h"
#include "predict/trace.h"

namespace racelang::predict {

// Nothing if the witness replays to its race; otherwise what went wrong.
std::optional<std::string> confirm_witness(const Code& code, const Trace& trace,
                                           const std::vector<uint32_t>& witness);

} // namespace racelang::predict
