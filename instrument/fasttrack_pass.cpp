// FastTrack's access rules as emitters (see fasttrack_pass.h), in the order and with the
// outcomes of detect/fasttrack.cpp, so that a failing check names the earlier access the
// FastTrack detector names on the labelled semantics (Theorem 5):
//   read:  [FT READ SAME EPOCH] R[x] = C[t][t]@t, or R[x] shared with R[x][t] = C[t][t]:
//          nothing to do.
//          W[x] ⪯ C[t], else a race with the write W[x] names;
//          [FT READ SHARED]    R[x] shared: R[x][t] := C[t][t];
//          [FT READ EXCLUSIVE] R[x] ⪯ C[t]: R[x] := C[t][t]@t;
//          [FT READ SHARE]     otherwise: R[x] := the vector of the old epoch and C[t][t]@t.
//   write: [FT WRITE SAME EPOCH] W[x] = C[t][t]@t: nothing to do.
//          W[x] ⪯ C[t], else a race with that write; then R[x] ⪯ C[t] entry by entry (the
//          first reader past C[t] is the one named), else a race with that read;
//          W[x] := C[t][t]@t, and a shared R[x] is forgotten ([FT WRITE SHARED]).
// The same-epoch tests read R[x] (and R[x][t]) or W[x] without X[x], as RoadRunner's FastTrack
// does: only thread t ever stores t's current epoch, and once it is there any other thread's
// conflicting access fails its own check under X[x] before it can change it, so a stale value
// can only send t down the locked path, never skip a check that could fail
// (docs/instrumentation.md, "The FastTrack pass", argues it in full; Lemma 4 allows exactly
// these reads). Everything past the same-epoch test runs under X[x], and the access with it.
// A slow-path access records its site for its thread, so a report can name where the earlier
// access was: the first access of that thread to the location in its current epoch.
#include "instrument/fasttrack_pass.h"

#include "instrument/clock_pass.h"

namespace racelang {
namespace {

using namespace instrument_detail;
namespace ft = fasttrack_meta;

class FastTrackPass final : public ClockPass {
public:
  FastTrackPass(const ProgramInfo& info, const FastTrackPassOptions& options,
                const elide::ElisionPlan& plan)
      : ClockPass(info,
                  SyncOptions{.location_locks = options.location_locks,
                              .barrier_two_buffers = options.barrier_two_buffers,
                              .clock_loop_threshold = options.clock_loop_threshold,
                              .outer_clock_loop_threshold = options.outer_clock_loop_threshold},
                  plan,
                  "FastTrack (PLDI'09, Figure 2; same-epoch tests unlocked, the rest under X[x])"),
        options_(options) {}

private:
  bool uses_own_clock() const override { return true; }

  void declare_access_metadata(std::vector<Decl>& decls) const override {
    int64_t locations = layout().locations;
    declare(decls, DeclKind::Shared, ft::kWriteEpoch, locations);
    declare(decls, DeclKind::Shared, ft::kReadEpoch, locations);
    declare(decls, DeclKind::Shared, ft::kReadVector, locations * z());
    declare(decls, DeclKind::Shared, meta::kReadSite, locations * z());
    declare(decls, DeclKind::Shared, meta::kWriteSite, locations * z());
  }

  Expr own_epoch() const { return local(meta::kOwnEpoch); }
  Expr epoch_clock() const { return div(local(ft::kEpoch), lit(z())); }
  Location dense(const char* array, const Resolved& x) const {
    return cell(array, x.dense_index());
  }

  // The condition of a same-epoch fast path: the epoch in __e is not t's current one.
  Cond not_same_epoch() const {
    if (options_.epoch_ignores_thread)
      return compare(CompareOp::Ne, epoch_clock(), local(meta::kOwnClock));
    return compare(CompareOp::Ne, local(ft::kEpoch), own_epoch());
  }

  // __u := __e % z; __t2 := C[t][__u]; the epoch in __e happens before t's clock when its
  // clock is at most __t2.
  void load_epoch_thread(int64_t t, SourceRange range, Block& out) {
    out.push_back(emit(Assign{ft::kThread, mod(local(ft::kEpoch), lit(z()))}, range));
    out.push_back(emit(Load{meta::kTemp2, clock_entry(t, local(ft::kThread))}, range));
  }

  // assert(__e / z <= __t2) naming the earlier access of `previous` kind by thread __u.
  Stmt epoch_check(AccessKind current, AccessKind previous, const char* sites, const Resolved& x,
                   SourceRange range) {
    RaceCheck race{
        current,  x.access,           site_of(range),
        previous, local(ft::kThread), cell(sites, x.meta_index(z(), local(ft::kThread)))};
    return emit(Assert{compare(CompareOp::Le, epoch_clock(), local(meta::kTemp2)), std::move(race)},
                range);
  }

  // if (__e != C[t][t]@t) { lock X[x]; slow...; unlock X[x] } else { the access }; with no
  // access (a range check), no else.
  void unless_same_epoch(const Resolved& x, Block slow, std::optional<Stmt> access,
                         SourceRange range, Block& out) {
    Block locked;
    lock_location(x, range, locked);
    for (Stmt& s : slow) locked.push_back(std::move(s));
    if (access) locked.push_back(*access);
    unlock_location(x, range, locked);
    std::optional<Block> fast;
    if (access) fast = Block{std::move(*access)};
    out.push_back(emit(If{not_same_epoch(), std::move(locked), std::move(fast)}, range));
  }

  void load_rule(const Resolved& x, std::optional<Stmt> access, int64_t t, SourceRange range,
                 Block& out) override {
    ensure_own_clock(t, range, out);
    // The same-epoch test, without X[x]: R[x], or R[x][t] as an epoch when R[x] is shared.
    out.push_back(emit(Load{ft::kEpoch, dense(ft::kReadEpoch, x)}, range));
    Block own_entry;
    own_entry.push_back(emit(Load{ft::kEpoch, cell(ft::kReadVector, x.meta_index(z(), t))}, range));
    own_entry.push_back(
        emit(Assign{ft::kEpoch, add(mul(local(ft::kEpoch), lit(z())), lit(t))}, range));
    out.push_back(emit(
        If{compare(CompareOp::Lt, local(ft::kEpoch), lit(0)), std::move(own_entry), std::nullopt},
        range));
    Block checked;
    // W[x] ⪯ C[t]
    checked.push_back(emit(Load{ft::kEpoch, dense(ft::kWriteEpoch, x)}, range));
    load_epoch_thread(t, range, checked);
    checked.push_back(epoch_check(AccessKind::Read, AccessKind::Write, meta::kWriteSite, x, range));
    // The read's own update of R[x], from its value under X[x].
    checked.push_back(emit(Load{ft::kEpoch, dense(ft::kReadEpoch, x)}, range));
    Block shared, exclusive;
    shared.push_back(
        emit(Store{local(meta::kOwnClock), cell(ft::kReadVector, x.meta_index(z(), t))}, range));
    if (!options_.share_concurrent_reads) {
      exclusive.push_back(emit(Store{own_epoch(), dense(ft::kReadEpoch, x)}, range));
    } else {
      load_epoch_thread(t, range, exclusive);
      Block ordered, share;
      ordered.push_back(emit(Store{own_epoch(), dense(ft::kReadEpoch, x)}, range));
      for_each_entry(range, share, [&](const Entry& v, Block& body) {
        body.push_back(emit(Store{lit(0), cell(ft::kReadVector, x.meta_index(z(), v))}, range));
      });
      share.push_back(
          emit(Store{epoch_clock(), cell(ft::kReadVector, x.meta_index(z(), local(ft::kThread)))},
               range));
      share.push_back(
          emit(Store{local(meta::kOwnClock), cell(ft::kReadVector, x.meta_index(z(), t))}, range));
      share.push_back(emit(Store{lit(-1), dense(ft::kReadEpoch, x)}, range));
      exclusive.push_back(emit(If{compare(CompareOp::Le, epoch_clock(), local(meta::kTemp2)),
                                  std::move(ordered), std::move(share)},
                               range));
    }
    checked.push_back(emit(If{compare(CompareOp::Lt, local(ft::kEpoch), lit(0)), std::move(shared),
                              std::move(exclusive)},
                           range));
    checked.push_back(
        emit(Store{site_of(range), cell(meta::kReadSite, x.meta_index(z(), t))}, range));
    unless_same_epoch(x, std::move(checked), std::move(access), range, out);
  }

  void store_rule(const Resolved& x, std::optional<Stmt> access, int64_t t, SourceRange range,
                  Block& out) override {
    ensure_own_clock(t, range, out);
    // The same-epoch test, without X[x].
    out.push_back(emit(Load{ft::kEpoch, dense(ft::kWriteEpoch, x)}, range));
    Block checked;
    // W[x] ⪯ C[t], from its value under X[x].
    checked.push_back(emit(Load{ft::kEpoch, dense(ft::kWriteEpoch, x)}, range));
    load_epoch_thread(t, range, checked);
    checked.push_back(
        epoch_check(AccessKind::Write, AccessKind::Write, meta::kWriteSite, x, range));
    // R[x] ⪯ C[t]: a read vector entry by entry, or one epoch.
    checked.push_back(emit(Load{ft::kEpoch, dense(ft::kReadEpoch, x)}, range));
    Block shared, exclusive;
    for_each_entry(range, shared, [&](const Entry& v, Block& body) {
      body.push_back(emit(Load{meta::kTemp1, cell(ft::kReadVector, x.meta_index(z(), v))}, range));
      body.push_back(emit(Load{meta::kTemp2, clock_entry(t, v)}, range));
      RaceCheck race{AccessKind::Write, x.access, site_of(range),
                     AccessKind::Read,  v.expr(), cell(meta::kReadSite, x.meta_index(z(), v))};
      body.push_back(emit(
          Assert{compare(CompareOp::Le, local(meta::kTemp1), local(meta::kTemp2)), std::move(race)},
          range));
    });
    shared.push_back(emit(Store{lit(0), dense(ft::kReadEpoch, x)}, range)); // [FT WRITE SHARED]
    load_epoch_thread(t, range, exclusive);
    exclusive.push_back(
        epoch_check(AccessKind::Write, AccessKind::Read, meta::kReadSite, x, range));
    checked.push_back(emit(If{compare(CompareOp::Lt, local(ft::kEpoch), lit(0)), std::move(shared),
                              std::move(exclusive)},
                           range));
    checked.push_back(emit(Store{own_epoch(), dense(ft::kWriteEpoch, x)}, range));
    checked.push_back(
        emit(Store{site_of(range), cell(meta::kWriteSite, x.meta_index(z(), t))}, range));
    unless_same_epoch(x, std::move(checked), std::move(access), range, out);
  }

  FastTrackPassOptions options_;
};

FastTrackPassOptions options_of_variant(std::string_view name) {
  FastTrackPassOptions options;
  if (name == "no-read-share") options.share_concurrent_reads = false;
  if (name == "epoch-ignores-thread") options.epoch_ignores_thread = true;
  if (name == "no-location-locks") options.location_locks = false;
  if (name == "barrier-one-buffer") options.barrier_two_buffers = false;
  return options;
}

Program instrument_variant(const Program& program, const ProgramInfo& info,
                           std::string_view variant, const elide::ElisionPlan& plan,
                           int64_t clock_loop_threshold, int64_t outer_clock_loop_threshold) {
  FastTrackPassOptions options = options_of_variant(variant);
  options.clock_loop_threshold = clock_loop_threshold;
  options.outer_clock_loop_threshold = outer_clock_loop_threshold;
  return instrument_fasttrack(program, info, options, plan);
}

} // namespace

Program instrument_fasttrack(const Program& program, const ProgramInfo& info,
                             const FastTrackPassOptions& options, const elide::ElisionPlan& plan) {
  return FastTrackPass(info, options, plan).run(program);
}

PassInfo fasttrack_pass() {
  return PassInfo{
      PassKind::FastTrack,
      "fasttrack",
      "FastTrack",
      "FastTrack's epochs and read vectors (PLDI'09), unlocked same-epoch fast paths",
      detect::DetectorKind::FastTrack,
      {
          {"pldi09", "the paper's rules (Figure 2); past the same-epoch test, under X[x]", false},
          {"no-read-share", "concurrent reads overwrite the read epoch (no [FT READ SHARE])", true},
          {"epoch-ignores-thread", "same-epoch fast paths compare clocks but not threads", true},
          {"no-location-locks", "no X[x] around the slow paths (races on W[x] and R[x])", true},
          {"barrier-one-buffer", "every barrier phase joins into one buffer (false edges)", true},
      },
      instrument_variant,
      // The same-epoch tests' reads, outside X[x].
      {ft::kReadEpoch, ft::kReadVector, ft::kWriteEpoch},
  };
}

} // namespace racelang
