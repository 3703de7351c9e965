// The VectorClock instrumentation's access rules (CPP'17 Figure 9 with §4.3's locks; its
// Figure 2 is the authority where the extracted Figure 8/9 text disagrees with it). The walk,
// the synchronisation rules and the per-location locks are clock_pass.h's; here are the
// paper's access macros as emitters:
//   move(p, q)    q := p                          (tmp1 := load p; store tmp1 q)
//   hb_check(a,b) a ⊑ b, entry by entry           (tmp1 <= tmp2, as a race check)
// `R[b]` in the extracted load rule is R[x].
#include "instrument/vector_clock_pass.h"

#include "instrument/clock_pass.h"

namespace racelang {
namespace {

using namespace instrument_detail;

class VectorClockPass final : public ClockPass {
public:
  VectorClockPass(const ProgramInfo& info, const VectorClockOptions& options,
                  const elide::ElisionPlan& plan)
      : ClockPass(info,
                  SyncOptions{.location_locks = options.location_locks,
                              .increment_on_release = options.increment_on_release,
                              .increment_on_join = options.increment_on_join,
                              .release_joins_lock = options.release_joins_lock,
                              .volatile_write_adds_edge = options.volatile_write_adds_edge,
                              .notify_releases = options.notify_releases,
                              .clock_loop_threshold = options.clock_loop_threshold,
                              .outer_clock_loop_threshold = options.outer_clock_loop_threshold},
                  plan, "VectorClock (CPP'17, Figure 9 with per-location locks)"),
        options_(options) {}

private:
  void declare_access_metadata(std::vector<Decl>& decls) const override {
    int64_t cells = layout().locations * z();
    declare(decls, DeclKind::Shared, meta::kReadClock, cells);
    declare(decls, DeclKind::Shared, meta::kWriteClock, cells);
    declare(decls, DeclKind::Shared, meta::kReadSite, cells);
    declare(decls, DeclKind::Shared, meta::kWriteSite, cells);
  }

  // rd(t, x): hb_check(W[x], C[t]); move((C[t], t), (R[x], t)); the load; all under X[x].
  void load_rule(const Resolved& x, std::optional<Stmt> access, int64_t t, SourceRange range,
                 Block& out) override {
    lock_location(x, range, out);
    hb_check(meta::kWriteClock, meta::kWriteSite, AccessKind::Write, AccessKind::Read, x, t, range,
             out);
    record_access(meta::kReadClock, meta::kReadSite, x, t, range, out);
    if (access) out.push_back(std::move(*access));
    unlock_location(x, range, out);
  }

  // wr(t, x): hb_check(W[x], C[t]); hb_check(R[x], C[t]); move((C[t], t), (W[x], t)); the
  // store; all under X[x].
  void store_rule(const Resolved& x, std::optional<Stmt> access, int64_t t, SourceRange range,
                  Block& out) override {
    lock_location(x, range, out);
    hb_check(meta::kWriteClock, meta::kWriteSite, AccessKind::Write, AccessKind::Write, x, t, range,
             out);
    if (options_.store_checks_reads)
      hb_check(meta::kReadClock, meta::kReadSite, AccessKind::Read, AccessKind::Write, x, t, range,
               out);
    record_access(meta::kWriteClock, meta::kWriteSite, x, t, range, out);
    if (access) out.push_back(std::move(*access));
    unlock_location(x, range, out);
  }

  // hb_check(V[x], C[t]): for every thread u, V[x][u] <= C[t][u], else a race with u's
  // previous access of the kind V records.
  void hb_check(const char* clock, const char* sites, AccessKind previous, AccessKind current,
                const Resolved& x, int64_t t, SourceRange range, Block& out) {
    for_each_entry(range, out, [&](const Entry& u, Block& body) {
      body.push_back(emit(Load{meta::kTemp1, cell(clock, x.meta_index(z(), u))}, range));
      body.push_back(emit(Load{meta::kTemp2, clock_entry(t, u)}, range));
      RaceCheck race{current,  x.access, site_of(range),
                     previous, u.expr(), cell(sites, x.meta_index(z(), u))};
      body.push_back(emit(
          Assert{compare(CompareOp::Le, local(meta::kTemp1), local(meta::kTemp2)), std::move(race)},
          range));
    });
  }

  // move((C[t], t), (V[x], t)) and the site of this access.
  void record_access(const char* clock, const char* sites, const Resolved& x, int64_t t,
                     SourceRange range, Block& out) {
    out.push_back(emit(Load{meta::kTemp1, clock_entry(t, t)}, range));
    out.push_back(emit(Store{local(meta::kTemp1), cell(clock, x.meta_index(z(), t))}, range));
    out.push_back(emit(Store{site_of(range), cell(sites, x.meta_index(z(), t))}, range));
  }

  VectorClockOptions options_;
};

} // namespace

int64_t MetadataLayout::*metadata_count(SymbolKind kind) {
  switch (kind) {
  case SymbolKind::Shared:
    return &MetadataLayout::locations;
  case SymbolKind::Lock:
    return &MetadataLayout::locks;
  case SymbolKind::Volatile:
    return &MetadataLayout::volatiles;
  case SymbolKind::Barrier:
    return &MetadataLayout::barriers;
  case SymbolKind::Condition:
    return &MetadataLayout::conditions;
  }
  return &MetadataLayout::locations;
}

MetadataLayout metadata_layout(const ProgramInfo& info) {
  MetadataLayout layout;
  layout.threads = info.max_thread_id + 1;
  for (const Symbol& s : info.symbols) layout.*metadata_count(s.kind) += s.cell_count;
  return layout;
}

Program instrument_vector_clock(const Program& program, const ProgramInfo& info,
                                const VectorClockOptions& options, const elide::ElisionPlan& plan) {
  return VectorClockPass(info, options, plan).run(program);
}

namespace {

// The variants by name, for the pass table. Keep in step with vector_clock_pass() below.
VectorClockOptions options_of_variant(std::string_view name) {
  VectorClockOptions options;
  if (name == "no-location-locks") options.location_locks = false;
  if (name == "no-release-increment") options.increment_on_release = false;
  if (name == "store-skips-reads") options.store_checks_reads = false;
  if (name == "figure9-wait") options.increment_on_join = true;
  if (name == "roadrunner-release") options.release_joins_lock = true;
  if (name == "volatile-write-no-edge") options.volatile_write_adds_edge = false;
  if (name == "notify-releases") options.notify_releases = true;
  return options;
}

Program instrument_variant(const Program& program, const ProgramInfo& info,
                           std::string_view variant, const elide::ElisionPlan& plan,
                           int64_t clock_loop_threshold, int64_t outer_clock_loop_threshold) {
  VectorClockOptions options = options_of_variant(variant);
  options.clock_loop_threshold = clock_loop_threshold;
  options.outer_clock_loop_threshold = outer_clock_loop_threshold;
  return instrument_vector_clock(program, info, options, plan);
}

} // namespace

PassInfo vector_clock_pass() {
  return PassInfo{
      PassKind::VectorClock,
      "vc",
      "VectorClock",
      "the CPP'17 paper's VectorClock instrumentation with a lock per location",
      detect::DetectorKind::VectorClock,
      {
          {"paper", "the paper's pass (Figure 9, per-location locks, multiple-join wait)", false},
          {"no-location-locks", "no X[x] around an access's metadata (races on metadata)", true},
          {"no-release-increment", "unlock does not increment C[t][t]", true},
          {"store-skips-reads", "a store checks W[x] but not R[x]", true},
          {"figure9-wait", "wait increments the joined thread's clock (two waiters race)", true},
          {"roadrunner-release", "unlock joins L[m] with C[t] instead of setting it (harmless)",
           false},
          {"volatile-write-no-edge", "a volatile write does not join V[v] (misses its edge)", true},
          {"notify-releases", "notify is a release the woken wait acquires (hides races)", true},
      },
      instrument_variant,
      {}, // every metadata access is under X[x]
  };
}

} // namespace racelang
