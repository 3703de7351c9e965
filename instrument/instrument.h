// The one entry point to race-detection instrumentation. Every caller (the driver's commands,
// the JIT run, emit-c, the property harness in verify/ and the tests) names a pass and a variant
// here and gets back a checked program; nobody else knows which passes exist, how their variants
// are spelled or that the output must be re-checked with reserved names. The passes are a
// table (instrumentation_passes()): adding one is a new file with its instrument function and
// one line in that table. This header also owns what makes an instrumented file recognisable
// once printed: the reserved names and the header `racelang instrument` writes, which lets
// every command run such a file as it is and map its positions back to the original.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "detect/detector.h"
#include "elide/elide.h"
#include "frontend/ast.h"
#include "frontend/check.h"
#include "frontend/source.h"

namespace racelang {

enum class PassKind : uint8_t { VectorClock, FastTrack };
// The pass every command uses unless told otherwise: the fastest configuration that passes
// every property (docs/performance.md measures it; docs/instrumentation.md says why it holds).
inline constexpr PassKind kDefaultPass = PassKind::FastTrack;

// One variant of a pass. variants[0] of every pass is the correct pass (the default); the
// others are harmless alternatives or deliberately broken versions, which exist so that the
// property checks can be shown to catch them (docs/instrumentation.md, "Controls").
struct PassVariant {
  std::string_view name;
  std::string_view description; // one line, for --help
  bool broken = false;          // the properties must find a counterexample
};

// One static check elimination (elide/), by name, as `--elide=NAME,...` spells it. As with pass
// variants, the broken ones exist only so that the property checks can be shown to catch them.
struct Elimination {
  std::string_view name;
  std::string_view description; // one line, for --help
  bool broken = false;
  void (*enable)(elide::ElisionOptions& options);
  // Whether the default (no --elide) includes it: every correct elimination whose checks keep
  // every property exactly as stated. `range` keeps a weaker Theorem 5 (docs/instrumentation.md,
  // "Range coalescing"), so it is on only when asked for (`--elide=...,range` or `all`).
  bool by_default = true;
};
// Every elimination, in the order --help lists them.
const std::vector<Elimination>& check_eliminations();
const Elimination* find_elimination(std::string_view name);

// Above how many threads (z, the largest thread id + 1) the clock-based passes emit each
// operation over a vector clock's entries (the joins, copies and comparisons of lock, unlock,
// spawn, wait and the access checks' slow paths) as a `while` loop over the entries, with the
// reserved local __k, instead of one statement per entry: the unrolled form costs O(z)
// statements per operation, so a 256-thread program became a million statements. The loop
// compares the entries in the same order, so it reports the same races (docs/instrumentation.md,
// "Loops over clock entries"). Tests set it to 0 to check the loop form on small programs.
inline constexpr int64_t kDefaultClockLoopThreshold = 16;

// The same for an operation that no loop of its thread encloses (a spawn's or a wait's join of
// clocks in main, a lock outside every loop): it runs at most once per run of the thread, so a
// loop costs nothing measurable at run time, while the unrolled form is O(z) statements for the
// JIT to compile (jit/README.md, "Clock loops outside loops"). The lower of the two thresholds
// applies there.
inline constexpr int64_t kDefaultOuterClockLoopThreshold = 8;

// Which pass, in which variant, with which eliminations. An empty variant means the pass's
// default (variants[0]); no `elide` list means every elimination that is not broken (the
// default), an empty one none (`--no-elide`).
struct PassOptions {
  PassKind pass = kDefaultPass;
  std::string variant;
  std::optional<std::vector<std::string>> elide;
  int64_t clock_loop_threshold = kDefaultClockLoopThreshold;
  int64_t outer_clock_loop_threshold = kDefaultOuterClockLoopThreshold;
};

// The CPP'17 paper's pass exactly: VectorClock, its default variant, no check elimination
// (what racelang instrumented before FastTrack became the default).
inline PassOptions paper_pass_options() {
  return PassOptions{PassKind::VectorClock, "", std::vector<std::string>{}};
}

// The metadata every pass reads outside its locks on purpose (PassInfo::unlocked_reads, over
// the whole table): what emit-c makes relaxed atomics.
std::vector<std::string> unlocked_read_symbols();

// The eliminations `options` asks for, by name ("redundant,thread-local"; "none").
std::string elimination_names(const PassOptions& options);
// Whether `options` names a deliberately broken variant or elimination.
bool is_broken(const PassOptions& options);
// What the elimination analysis is asked to do for `options`.
elide::ElisionOptions elision_options(const PassOptions& options);

struct PassInfo {
  PassKind kind;
  std::string_view name;  // --pass=NAME
  std::string_view title; // "VectorClock", for headers and messages
  std::string_view description;
  // The detector over the labelled semantics whose verdicts the instrumented program must
  // reproduce (Theorem 5): its first races are the failing checks, its earlier accesses the
  // ones a check names. `--detector=NAME` on the JIT and emit-c selects the pass this way.
  detect::DetectorKind reference;
  std::vector<PassVariant> variants;
  // The transformation itself, for a variant of this pass (a name from `variants`), leaving
  // out the checks `plan` says are not needed, with loops over clock entries above
  // `clock_loop_threshold` threads, outside every loop above `outer_clock_loop_threshold`
  // (PassOptions).
  Program (*instrument)(const Program& program, const ProgramInfo& info, std::string_view variant,
                        const elide::ElisionPlan& plan, int64_t clock_loop_threshold,
                        int64_t outer_clock_loop_threshold);
  // Metadata the pass reads outside its per-location locks on purpose (FastTrack's same-epoch
  // tests). Lemma 4 allows a race on these between such a read and a locked write, and
  // nothing else; docs/instrumentation.md argues why those races are harmless.
  std::vector<std::string_view> unlocked_reads;
};

// Every pass, in the order --help lists them; the first is the default (kDefaultPass).
const std::vector<PassInfo>& instrumentation_passes();
const PassInfo& pass_info(PassKind kind);
// By --pass name; nullptr if there is none.
const PassInfo* find_pass(std::string_view name);
// The pass that implements a detector; nullptr if none does.
const PassInfo* pass_for_detector(detect::DetectorKind detector);
// The variant of `options`, resolved ("" -> the default); nullptr if the pass has no such one.
const PassVariant* find_variant(const PassOptions& options);
// "vc, fasttrack" / "paper (default), no-location-locks, ...": for usage messages and --help.
std::string pass_names();
std::string variant_names(const PassInfo& pass);

// Resolves --pass and --variant values (either may be absent). On a bad name returns nothing
// and sets `error` to a sentence that lists the valid names.
std::optional<PassOptions> parse_pass_options(const std::optional<std::string>& pass,
                                              const std::optional<std::string>& variant,
                                              std::string& error);
// Resolves an --elide list ("redundant,thread-local", "all", "none") into `options`; false with
// `error` set on an unknown name. "all" is every correct elimination, `range` included.
bool parse_elide_option(std::string_view list, PassOptions& options, std::string& error);

// What the passes cannot instrument faithfully: a barrier that more threads await than its
// count (every element of a barrier array counts together). The passes keep a barrier's
// arrivals in two buffers that alternate by phase, which is exact only when every phase is
// made of the same threads (docs/instrumentation.md, "Barriers"); with more threads than the
// count, the order of the arrivals' metadata updates and of the arrivals themselves can
// differ. The driver refuses such a program (`file:line:col: error: ...`, exit 2) at the
// first await by a thread beyond the count; instrument_program refuses it too.
struct UninstrumentableSync {
  SourceRange range;   // that await
  std::string message; // "barrier 'b' is awaited by 3 threads but counts 2: ..."
};
std::optional<UninstrumentableSync> find_uninstrumentable_sync(const Program& program,
                                                               const ProgramInfo& info);

// Instruments a checked program and checks the result with reserved names allowed. Every
// emitted statement carries the source range of the instruction it instruments, and a
// Stmt::group shared with it (the bigger-step semantics). Returns nullptr, with `error` set,
// when the program is one find_uninstrumentable_sync names, or when the pass produced a
// program that does not check (a bug in the pass).
std::unique_ptr<CheckedProgram> instrument_program(const Program& program, const ProgramInfo& info,
                                                   const PassOptions& options, std::string& error);
// The same, into a CheckedProgram that lives elsewhere (a part of a larger object); returns
// false with `error` set.
bool instrument_program_into(const Program& program, const ProgramInfo& info,
                             const PassOptions& options, CheckedProgram& out, std::string& error);

// What the eliminations `options` asks for decide on `program`, for `--stats`: "14 accesses: 6
// checked, 2 redundant, 3 thread-local, 1 ordered, 2 disjoint, 0 coalesced in 0 range checks;
// 2 of 5 shared variables need no metadata". The analysis runs again (it takes a fraction of a
// millisecond on the bench programs), so the pass's interface stays the transformation alone.
std::string elimination_summary(const Program& program, const ProgramInfo& info,
                                const PassOptions& options);

// True for the names the instrumentation owns (metadata and temporaries, all starting with
// kReservedPrefix): what projections of instrumented states leave out.
bool is_instrumentation_name(std::string_view name);

// The header `racelang instrument` writes. Its first line names the original program; race
// checks carry the original's positions, and a file that starts with it runs as it is
// (reserved names and `__race` checks accepted) with its reports mapped back to the original.
inline constexpr std::string_view kInstrumentHeader = "// racelang instrument: from ";
inline constexpr std::string_view kInstrumentPassLine = "// racelang instrument: pass ";
inline constexpr std::string_view kInstrumentElideField = ", elide ";

struct InstrumentedFileHeader {
  std::string original_path; // as the header gives it
  PassOptions pass;          // the pass and variant that made the file
};

// The header lines (ending with a newline) for a file instrumented from `original_path`.
std::string instrumented_file_header(const std::string& original_path, const PassOptions& options);

// The header among the comment lines at the top of `file`, if there is one. A file written
// before the pass line existed is taken to be the default VectorClock pass, one written before
// the eliminations were named in it to have none.
std::optional<InstrumentedFileHeader> read_instrumented_header(const SourceFile& file);

// The original's text, named as the header names it (so reports read the same from
// anywhere): the path as given, then relative to the instrumented file's directory. Nothing
// if neither can be read.
std::unique_ptr<SourceFile> read_original_source(const SourceFile& instrumented,
                                                 const InstrumentedFileHeader& header);

} // namespace racelang
