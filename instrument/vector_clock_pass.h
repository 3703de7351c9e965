// The verified instrumentation pass of the CPP'17 paper (Verifying Dynamic Race Detection, §4,
// Figures 8-9 and the per-location locks of §4.3; docs/references.md), as an AST -> AST
// transformation: the output is an ordinary racelang program that performs VectorClock race
// detection itself, with its metadata in shared arrays and mutexes under reserved `__` names. A
// failing check is an `assert(...) __race(...)`, which backends report as a data race (exit 66)
// rather than as an assertion failure. docs/instrumentation.md explains every rule.
#pragma once

#include <cstdint>
#include <string>

#include "elide/elide.h"
#include "frontend/ast.h"
#include "frontend/check.h"
#include "instrument/instrument.h"

namespace racelang {

// Names the instrumentation owns (all start with kReservedPrefix).
namespace meta {
inline constexpr const char* kClock = "__C";        // C[t][u] at t * z + u
inline constexpr const char* kLockClock = "__L";    // L[m][u] at m * z + u
inline constexpr const char* kReadClock = "__R";    // R[x][u] at x * z + u
inline constexpr const char* kWriteClock = "__W";   // W[x][u] at x * z + u
inline constexpr const char* kReadSite = "__RS";    // source site of u's last read of x
inline constexpr const char* kWriteSite = "__WS";   // source site of u's last write of x
inline constexpr const char* kLocationLock = "__X"; // X[x]: guards x's metadata (§4.3)
inline constexpr const char* kTemp1 = "__t1";       // the paper's tmp1
inline constexpr const char* kTemp2 = "__t2";       // the paper's tmp2
inline constexpr const char* kIndex = "__i";        // an access's array index, evaluated once
inline constexpr const char* kOwnClock = "__c";     // C[t][t], kept between synchronisations
inline constexpr const char* kOwnEpoch = "__ce";    // C[t][t] * z + t, FastTrack's epoch of t
inline constexpr const char* kEntry = "__k";        // the clock entry a loop over entries is at
inline constexpr const char* kRangeCounter = "__r"; // a range check's copy of its loop's counter
inline constexpr const char* kRangeStop =
    "__ro"; // 1 once a range check meets an index out of range
// The synchronisation of docs/language.md's "Volatiles, conditions, barriers"
// (docs/instrumentation.md, "Volatiles, conditions, barriers").
inline constexpr const char* kVolatileClock = "__V";   // V[v][u] at v * z + u
inline constexpr const char* kVolatileLock = "__VX";   // VX[v]: guards v's value and V[v]
inline constexpr const char* kBarrierClock = "__B";    // B[b][p][u] at (b * 2 + p) * z + u
inline constexpr const char* kBarrierLock = "__BX";    // BX[b]: guards B[b], BN[b], BP[b]
inline constexpr const char* kBarrierArrived = "__BN"; // arrivals so far in b's current phase
inline constexpr const char* kBarrierBuffer = "__BP";  // the buffer p of b's current phase
inline constexpr const char* kPhaseBuffer = "__p";     // the buffer of this thread's last arrival
inline constexpr const char* kExpected = "__ex";       // a cas's expected value, evaluated once
// Only for the deliberately broken `notify-releases` variant: a clock per condition variable.
inline constexpr const char* kConditionClock = "__K"; // K[c][u] at c * z + u
inline constexpr const char* kConditionLock = "__KX"; // KX[c]: guards K[c]
} // namespace meta

// What the variants of the pass change. The defaults are the correct pass; the others exist so
// that property tests can show they are caught (negative controls) or harmless (the positive
// control). Callers name variants (instrument.h); only this pass sees these switches.
struct VectorClockOptions {
  bool location_locks = true;       // false: no X[x] around load/store instrumentation
  bool increment_on_release = true; // false: unlock without inc(t, C[t])
  bool store_checks_reads = true;   // false: store checks W[x] but not R[x]
  // Figure 9's wait: inc(u, C[u]) after the join. Races when two threads wait for one (§3.4);
  // the default is the multiple-join variant, which does not increment.
  bool increment_on_join = false;
  bool release_joins_lock = false; // RoadRunner's L[m] := L[m] ⊔ C[t] instead of C[t]
  // Deliberately broken synchronisation rules (docs/instrumentation.md, "Controls").
  bool volatile_write_adds_edge = true; // false: a volatile write does not join V[v] ⊔= C[t]
  bool notify_releases = false;         // true: notify is a release that the woken wait acquires
  // Loops over clock entries when z is above this (PassOptions::clock_loop_threshold).
  int64_t clock_loop_threshold = kDefaultClockLoopThreshold;
  // The same outside every loop (PassOptions::outer_clock_loop_threshold).
  int64_t outer_clock_loop_threshold = kDefaultOuterClockLoopThreshold;
};

// The numbering the metadata arrays use: each kind of cell densely, threads 0..z-1.
struct MetadataLayout {
  int64_t threads = 1;    // z: the largest thread id + 1
  int64_t locations = 0;  // shared cells of the original program
  int64_t locks = 0;      // lock cells of the original program
  int64_t volatiles = 0;  // volatile cells
  int64_t barriers = 0;   // barrier cells
  int64_t conditions = 0; // condition cells (only the broken notify-releases variant uses them)
};

MetadataLayout metadata_layout(const ProgramInfo& info);
// Which count of the layout a symbol of `kind` takes its dense numbers from.
int64_t MetadataLayout::*metadata_count(SymbolKind kind);

// The pass's entry in the table of instrument.h: its name (`vc`), its reference detector
// (VectorClock) and its variants, each a set of VectorClockOptions.
PassInfo vector_clock_pass();

// Instruments a checked program (use instrument_program() in instrument.h, which re-checks the
// result). Every emitted statement carries the source range of the instruction it instruments
// and a group id shared with that instruction (Stmt::group), for the bigger-step semantics.
// `plan` says which accesses need no check (elide/elide.h; a default ElisionPlan: none).
Program instrument_vector_clock(const Program& program, const ProgramInfo& info,
                                const VectorClockOptions& options, const elide::ElisionPlan& plan);

} // namespace racelang
