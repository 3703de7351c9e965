// The FastTrack instrumentation: the access rules of FastTrack (PLDI'09, Figure 2; the
// FastTrack detector of detect/fasttrack.h states the same rules over labelled events) as
// racelang source, on the synchronisation rules, thread and lock clocks and per-location locks
// the VectorClock pass uses (instrument/clock_pass.h). The last write of a location is an
// epoch c@u, its reads an epoch or, once two concurrent threads have read it, a read vector,
// so the common access costs O(1) checks instead of O(threads). The same-epoch test runs
// without the location's lock (RoadRunner's FastTrack does the same), with the thread's own
// clock kept in a local: an access its thread already made in the current epoch costs two
// loads and a compare. docs/instrumentation.md argues why the lock elsewhere keeps the
// metadata consistent and the theorems true; `racelang verify --pass=fasttrack` checks them.
#pragma once

#include "elide/elide.h"
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
} // namespace fasttrack_meta

// What the variants change. The defaults are FastTrack; the others are deliberately broken.
struct FastTrackPassOptions {
  // false: a read concurrent with the last read overwrites the read epoch instead of
  // switching to a read vector ([FT READ SHARE] left out): earlier reads are forgotten.
  bool share_concurrent_reads = true;
  // true: the same-epoch fast paths compare only the clock of the epochs, not the thread, so
  // another thread's access at the same clock value skips the checks.
  bool epoch_ignores_thread = false;
  // false: no X[x] around the slow paths, so two threads' updates of W[x] and R[x] interleave.
  bool location_locks = true;
  // false: every phase of a barrier joins its arrivals into one buffer, so a thread that
  // arrives for the next phase can empty it before a slow thread of this phase has departed.
  bool barrier_two_buffers = true;
  // Loops over clock entries when z is above this (PassOptions::clock_loop_threshold).
  int64_t clock_loop_threshold = kDefaultClockLoopThreshold;
  // The same outside every loop (PassOptions::outer_clock_loop_threshold).
  int64_t outer_clock_loop_threshold = kDefaultOuterClockLoopThreshold;
};

// The pass's entry in the table of instrument.h.
PassInfo fasttrack_pass();

// `plan` says which accesses need no check (elide/elide.h; a default ElisionPlan: none).
Program instrument_fasttrack(const Program& program, const ProgramInfo& info,
                             const FastTrackPassOptions& options, const elide::ElisionPlan& plan);

} // namespace racelang
