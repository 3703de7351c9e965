// The FastTrack instrumentation: the access rules of FastTrack (PLDI'09, Figure 2; the
// FastTrack detector of detect/fasttrack.h states the same rules over labelled events) as
// racelang source, on the synchronisation rules, thread and lock clocks and per-location locks
// the VectorClock pass uses (instrument/clock_pass.h). The last write of a location is an
// epoch c@u, its reads an epoch or, once two concurrent threads have read it, a read vector,
// so the common access costs O(1) checks instead of O(threads). docs/instrumentation.md
// argues why the per-location lock keeps the metadata consistent and the theorems true;
// `racelang verify --pass=fasttrack` checks them.
#pragma once

#include "frontend/ast.h"
#include "frontend/check.h"
#include "instrument/instrument.h"

namespace racelang {

// Names the FastTrack pass owns besides the clocks, locks, sites and temporaries of
// vector_clock_pass.h's meta namespace. An epoch c@u is stored as c * z + u (z threads).
namespace fasttrack_meta {
inline constexpr const char* kWriteEpoch = "__FW";  // W[x]: the last write's epoch
inline constexpr const char* kReadEpoch = "__FR";   // R[x]: the last read's epoch, -1: shared
inline constexpr const char* kReadVector = "__FRV"; // R[x][u] at x * z + u, when shared
inline constexpr const char* kEpoch = "__e";        // an epoch read from W[x] or R[x]
inline constexpr const char* kThread = "__u";       // the thread of that epoch
inline constexpr const char* kOwnClock = "__c";     // C[t][t], the accessing thread's clock
} // namespace fasttrack_meta

// What the variants change. The defaults are FastTrack; the others are deliberately broken.
struct FastTrackPassOptions {
  // false: a read concurrent with the last read overwrites the read epoch instead of
  // switching to a read vector ([FT READ SHARE] left out): earlier reads are forgotten.
  bool share_concurrent_reads = true;
  // true: the same-epoch fast paths compare only the clock of the epochs, not the thread, so
  // another thread's access at the same clock value skips the checks.
  bool epoch_ignores_thread = false;
};

// The pass's entry in the table of instrument.h.
PassInfo fasttrack_pass();

Program instrument_fasttrack(const Program& program, const ProgramInfo& info,
                             const FastTrackPassOptions& options = {});

} // namespace racelang
