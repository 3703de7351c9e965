// The pass table, variant lookup, the re-check after instrumenting, and the instrumented-file
// header (see instrument.h).
#include "instrument/instrument.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "frontend/ast_walk.h"
#include "frontend/diagnostics.h"
#include "instrument/fasttrack_pass.h"
#include "instrument/vector_clock_pass.h"

namespace racelang {

const std::vector<PassInfo>& instrumentation_passes() {
  // One line per pass.
  static const std::vector<PassInfo> passes = {fasttrack_pass(), vector_clock_pass()};
  return passes;
}

const PassInfo& pass_info(PassKind kind) {
  for (const PassInfo& p : instrumentation_passes())
    if (p.kind == kind) return p;
  return instrumentation_passes().front(); // unreachable: every kind has a table entry
}

const PassInfo* find_pass(std::string_view name) {
  for (const PassInfo& p : instrumentation_passes())
    if (p.name == name) return &p;
  return nullptr;
}

const PassInfo* pass_for_detector(detect::DetectorKind detector) {
  for (const PassInfo& p : instrumentation_passes())
    if (p.reference == detector) return &p;
  return nullptr;
}

const PassVariant* find_variant(const PassOptions& options) {
  const PassInfo& pass = pass_info(options.pass);
  if (options.variant.empty()) return &pass.variants.front();
  for (const PassVariant& v : pass.variants)
    if (v.name == options.variant) return &v;
  return nullptr;
}

std::string pass_names() {
  std::string out;
  for (const PassInfo& p : instrumentation_passes())
    out += (out.empty() ? "" : ", ") + std::string(p.name);
  return out;
}

std::string variant_names(const PassInfo& pass) {
  std::string out;
  for (const PassVariant& v : pass.variants)
    out += (out.empty() ? std::string(v.name) + " (default)" : ", " + std::string(v.name));
  return out;
}

namespace {

void enable_redundant(elide::ElisionOptions& o) {
  o.redundant = true;
}
void enable_thread_local(elide::ElisionOptions& o) {
  o.thread_local_cells = true;
}
void enable_redundant_across_release(elide::ElisionOptions& o) {
  o.redundant = true;
  o.broken_across_release = true;
}
void enable_thread_local_writers_only(elide::ElisionOptions& o) {
  o.thread_local_cells = true;
  o.broken_writers_only = true;
}
void enable_ordered(elide::ElisionOptions& o) {
  o.ordered_cells = true;
}
void enable_ordered_unguarded_reads(elide::ElisionOptions& o) {
  o.ordered_cells = true;
  o.broken_unguarded_reads = true;
}
void enable_ordered_before_waits(elide::ElisionOptions& o) {
  o.ordered_cells = true;
  o.broken_phase_before_waits = true;
}
void enable_ordered_locks_after_assignment(elide::ElisionOptions& o) {
  o.ordered_cells = true;
  o.broken_locks_survive_assignment = true;
}
void enable_disjoint(elide::ElisionOptions& o) {
  o.disjoint = true;
}
void enable_disjoint_off_by_one(elide::ElisionOptions& o) {
  o.disjoint = true;
  o.broken_disjoint_off_by_one = true;
}
void enable_disjoint_without_joins(elide::ElisionOptions& o) {
  o.disjoint = true;
  o.broken_disjoint_without_joins = true;
}
void enable_disjoint_ignoring_reads(elide::ElisionOptions& o) {
  o.disjoint = true;
  o.broken_conflicts_ignore_reads = true;
}
void enable_range(elide::ElisionOptions& o) {
  o.range = true;
}
void enable_range_wrong_bound(elide::ElisionOptions& o) {
  o.range = true;
  o.broken_range_bound = true;
}
void enable_range_across_sync(elide::ElisionOptions& o) {
  o.range = true;
  o.broken_range_across_sync = true;
}

} // namespace

const std::vector<Elimination>& check_eliminations() {
  static const std::vector<Elimination> eliminations = {
      {"redundant",
       "no check where the same thread checked the location since its last synchronisation", false,
       enable_redundant},
      {"thread-local", "no checks and no metadata for locations only one thread accesses", false,
       enable_thread_local},
      {"redundant-across-release", "redundant checks, also across an unlock (unsound)", true,
       enable_redundant_across_release},
      {"thread-local-writers-only",
       "a location only one thread writes counts as thread-local (unsound)", true,
       enable_thread_local_writers_only},
      {"ordered",
       "no checks and no metadata for locations written only while main runs alone (before its "
       "first spawn, or after it waited for every thread) or accessed under one lock elsewhere "
       "(for an array, the lock of the cell: `lock stripe[k % 8]` before `table[k]`)",
       false, enable_ordered},
      {"ordered-unguarded-reads",
       "a lock held at every store counts as guarding the location, reads unasked (unsound)", true,
       enable_ordered_unguarded_reads},
      {"ordered-before-waits",
       "main runs alone again right after its last spawn, without waiting (unsound)", true,
       enable_ordered_before_waits},
      {"ordered-locks-after-assignment",
       "a lock taken by a computed index still guards the cell of that index after the index's "
       "locals change (unsound)",
       true, enable_ordered_locks_after_assignment},
      {"disjoint",
       "no checks for accesses that no thread running at the same time shares a cell with: threads "
       "ordered by main's joins and spawns, array slices by their index ranges",
       false, enable_disjoint},
      {"disjoint-off-by-one", "disjoint accesses with counted loops stopping one short (unsound)",
       true, enable_disjoint_off_by_one},
      {"disjoint-without-joins",
       "disjoint accesses with a thread taken to run before every later spawn, unjoined (unsound)",
       true, enable_disjoint_without_joins},
      {"disjoint-ignoring-reads",
       "a location no two threads running at the same time store to at one cell taken to have "
       "no race, a store beside another thread's read not counted (unsound)",
       true, enable_disjoint_ignoring_reads},
      {"range",
       "one range check before a counted loop that cannot synchronise, fail or block, instead of "
       "its accesses' checks",
       false, enable_range, false},
      {"range-wrong-bound", "range checks that stop one iteration short (unsound)", true,
       enable_range_wrong_bound, false},
      {"range-across-sync", "range checks also for loops with lock and unlock inside (unsound)",
       true, enable_range_across_sync, false},
  };
  return eliminations;
}

const Elimination* find_elimination(std::string_view name) {
  for (const Elimination& e : check_eliminations())
    if (e.name == name) return &e;
  return nullptr;
}

namespace {

std::vector<std::string> default_eliminations() {
  std::vector<std::string> names;
  for (const Elimination& e : check_eliminations())
    if (!e.broken && e.by_default) names.emplace_back(e.name);
  return names;
}

std::vector<std::string> correct_eliminations() {
  std::vector<std::string> names;
  for (const Elimination& e : check_eliminations())
    if (!e.broken) names.emplace_back(e.name);
  return names;
}

std::string all_elimination_names() {
  std::string out;
  for (const Elimination& e : check_eliminations())
    out += (out.empty() ? "" : ", ") + std::string(e.name);
  return out;
}

} // namespace

std::string elimination_names(const PassOptions& options) {
  std::vector<std::string> names = options.elide.value_or(default_eliminations());
  if (names.empty()) return "none";
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ",") + n;
  return out;
}

std::vector<std::string> unlocked_read_symbols() {
  std::vector<std::string> names;
  for (const PassInfo& pass : instrumentation_passes())
    for (std::string_view name : pass.unlocked_reads) names.emplace_back(name);
  return names;
}

bool is_broken(const PassOptions& options) {
  const PassVariant* variant = find_variant(options);
  if (variant && variant->broken) return true;
  for (const std::string& name : options.elide.value_or(std::vector<std::string>{}))
    if (const Elimination* e = find_elimination(name); e && e->broken) return true;
  return false;
}

elide::ElisionOptions elision_options(const PassOptions& options) {
  elide::ElisionOptions o;
  o.redundant = false;
  o.thread_local_cells = false;
  o.ordered_cells = false;
  o.disjoint = false;
  for (const std::string& name : options.elide.value_or(default_eliminations()))
    if (const Elimination* e = find_elimination(name)) e->enable(o);
  return o;
}

std::string elimination_summary(const Program& program, const ProgramInfo& info,
                                const PassOptions& options) {
  elide::ElisionPlan plan = elide::plan_elision(program, info, elision_options(options));
  using elide::AccessCheck;
  size_t total = 0;
  std::string kinds;
  for (AccessCheck kind : {AccessCheck::Full, AccessCheck::Redundant, AccessCheck::ThreadLocal,
                           AccessCheck::Ordered, AccessCheck::Disjoint, AccessCheck::Coalesced}) {
    total += plan.count(kind);
    kinds += ", " + std::to_string(plan.count(kind)) + " " +
             (kind == AccessCheck::Full ? "checked" : elide::spelling(kind));
  }
  size_t variables = 0, unchecked = 0;
  for (const Symbol& s : info.symbols) {
    if (s.kind != SymbolKind::Shared) continue;
    ++variables;
    unchecked += plan.whole_symbol_unchecked(s.name) ? 1 : 0;
  }
  return std::to_string(total) + " accesses: " + kinds.substr(2) + " in " +
         std::to_string(plan.coalesced_loop_count()) + " range checks; " +
         std::to_string(unchecked) + " of " + std::to_string(variables) +
         " shared variables need no metadata";
}

bool parse_elide_option(std::string_view list, PassOptions& options, std::string& error) {
  if (list == "all") {
    options.elide = correct_eliminations();
    return true;
  }
  std::vector<std::string> names;
  if (list != "none") {
    size_t start = 0;
    while (start <= list.size()) {
      size_t comma = std::min(list.find(',', start), list.size());
      std::string name(list.substr(start, comma - start));
      if (!find_elimination(name)) {
        error = "unknown check elimination '" + name +
                "' (all, none, or a list of: " + all_elimination_names() + ")";
        return false;
      }
      names.push_back(name);
      start = comma + 1;
    }
  }
  options.elide = std::move(names);
  return true;
}

std::optional<PassOptions> parse_pass_options(const std::optional<std::string>& pass,
                                              const std::optional<std::string>& variant,
                                              std::string& error) {
  PassOptions options;
  if (pass) {
    const PassInfo* found = find_pass(*pass);
    if (!found) {
      error = "unknown pass '" + *pass + "' (" + pass_names() + ")";
      return std::nullopt;
    }
    options.pass = found->kind;
  }
  if (variant) {
    options.variant = *variant;
    if (!find_variant(options)) {
      const PassInfo& info = pass_info(options.pass);
      error = "the " + std::string(info.name) + " pass has no variant '" + *variant + "' (" +
              variant_names(info) + ")";
      return std::nullopt;
    }
  }
  return options;
}

std::optional<UninstrumentableSync> find_uninstrumentable_sync(const Program& program,
                                                               const ProgramInfo& info) {
  // The threads that await each barrier (by name), in the order the walk meets them.
  std::map<std::string, std::set<int64_t>> awaiting;
  std::optional<UninstrumentableSync> found;
  std::function<void(const Block&, int64_t)> walk = [&](const Block& body, int64_t thread) {
    for_each_stmt(body, SpawnBodies::Skip, [&](const Stmt& s) {
      if (const auto* spawn = std::get_if<Spawn>(&s.node)) walk(spawn->body, spawn->thread);
      const auto* sync = std::get_if<Sync>(&s.node);
      const auto* await = sync ? std::get_if<Await>(&sync->op) : nullptr;
      if (!await || found) return;
      const Symbol* symbol = info.find_symbol(await->barrier.name);
      if (!symbol) return;
      std::set<int64_t>& threads = awaiting[symbol->name];
      threads.insert(thread);
      if (static_cast<int64_t>(threads.size()) <= symbol->barrier_count) return;
      found = UninstrumentableSync{
          s.range, "barrier '" + symbol->name + "' is awaited by " +
                       std::to_string(threads.size()) + " threads but counts " +
                       std::to_string(symbol->barrier_count) +
                       ": the instrumentation passes need every thread that awaits a barrier to "
                       "be one of its count (the interpreter runs it: 'racelang run', 'explore')"};
    });
  };
  walk(program.body, 0);
  return found;
}

bool instrument_program_into(const Program& program, const ProgramInfo& info,
                             const PassOptions& options, CheckedProgram& out, std::string& error) {
  if (auto refused = find_uninstrumentable_sync(program, info)) {
    error = refused->message;
    return false;
  }
  const PassInfo& pass = pass_info(options.pass);
  const PassVariant* variant = find_variant(options);
  if (!variant) {
    error = "the " + std::string(pass.name) + " pass has no variant '" + options.variant + "'";
    return false;
  }
  elide::ElisionPlan plan = elide::plan_elision(program, info, elision_options(options));
  out.program = pass.instrument(program, info, variant->name, plan, options.clock_loop_threshold,
                                options.outer_clock_loop_threshold);
  SourceFile nowhere("<instrumented>", "");
  std::ostringstream messages;
  DiagnosticEngine diags(nowhere, &messages, false);
  std::optional<ProgramInfo> checked =
      check_program(out.program, diags, CheckOptions{.allow_reserved_names = true});
  diags.finish();
  if (!checked) {
    error = "internal error: the " + std::string(pass.title) +
            " instrumentation produced a program that does not check:\n" + messages.str();
    return false;
  }
  out.info = std::move(*checked);
  return true;
}

std::unique_ptr<CheckedProgram> instrument_program(const Program& program, const ProgramInfo& info,
                                                   const PassOptions& options, std::string& error) {
  auto out = std::make_unique<CheckedProgram>();
  if (!instrument_program_into(program, info, options, *out, error)) return nullptr;
  return out;
}

bool is_instrumentation_name(std::string_view name) {
  return name.substr(0, 2) == kReservedPrefix;
}

std::string instrumented_file_header(const std::string& original_path, const PassOptions& options) {
  const PassInfo& pass = pass_info(options.pass);
  const PassVariant* variant = find_variant(options);
  std::string variant_name(variant ? variant->name : std::string_view(options.variant));
  return std::string(kInstrumentHeader) + original_path + "\n" + std::string(kInstrumentPassLine) +
         std::string(pass.name) + ", variant " + variant_name + std::string(kInstrumentElideField) +
         elimination_names(options) + "\n// " + std::string(pass.title) +
         " instrumentation: every racelang command runs this file as it is, and reports its\n"
         "// positions in the original. With --bigger-step each @group runs as one atomic step.\n";
}

namespace {

std::string_view trimmed(std::string_view line) {
  while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
    line.remove_suffix(1);
  return line;
}

} // namespace

std::optional<InstrumentedFileHeader> read_instrumented_header(const SourceFile& file) {
  std::optional<InstrumentedFileHeader> header;
  // Written before the pass line existed: the VectorClock pass, no eliminations.
  const PassOptions unnamed = paper_pass_options();
  for (uint32_t n = 1; n <= file.line_count(); ++n) {
    std::string_view line = trimmed(file.line(n));
    if (line.empty()) continue;
    if (line.substr(0, 2) != "//") break; // the comment lines at the top only
    if (!header && line.starts_with(kInstrumentHeader) && line.size() > kInstrumentHeader.size()) {
      header = InstrumentedFileHeader{std::string(line.substr(kInstrumentHeader.size())), unnamed};
      continue;
    }
    if (header && line.starts_with(kInstrumentPassLine)) {
      // "pass NAME, variant NAME, elide LIST"; anything unrecognised leaves the defaults.
      std::string_view rest = line.substr(kInstrumentPassLine.size());
      std::string_view elide = "none"; // written before the eliminations existed
      size_t elide_at = rest.find(kInstrumentElideField);
      if (elide_at != std::string_view::npos) {
        elide = rest.substr(elide_at + kInstrumentElideField.size());
        rest = rest.substr(0, elide_at);
      }
      size_t comma = rest.find(", variant ");
      std::string pass(rest.substr(0, comma));
      std::optional<std::string> variant;
      if (comma != std::string_view::npos)
        variant = std::string(rest.substr(comma + std::string_view(", variant ").size()));
      std::string ignored;
      if (auto options = parse_pass_options(pass, variant, ignored)) {
        header->pass = *options;
        if (!parse_elide_option(elide, header->pass, ignored)) header->pass.elide.reset();
      }
      break;
    }
  }
  return header;
}

std::unique_ptr<SourceFile> read_original_source(const SourceFile& instrumented,
                                                 const InstrumentedFileHeader& header) {
  std::vector<std::string> candidates{header.original_path};
  std::filesystem::path path(header.original_path);
  if (path.is_relative())
    candidates.push_back(
        (std::filesystem::path(instrumented.path()).parent_path() / path).lexically_normal());
  for (const std::string& candidate : candidates) {
    SourceFile text(candidate, "");
    std::string error;
    if (SourceFile::read(candidate, text, error))
      return std::make_unique<SourceFile>(header.original_path, text.text());
  }
  return nullptr;
}

} // namespace racelang
