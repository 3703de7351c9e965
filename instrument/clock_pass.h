// What every clock-based instrumentation pass shares, internal to instrument/: the walk over a
// checked program that gives each emitted statement its source range and group, the thread
// clocks C[t] and lock clocks L[m] with the synchronisation rules of the CPP'17 paper's
// Figure 9 (acquire, release, fork, join), per-location locks X[x], the evaluation of an
// array index into __i once (failing exactly as the original would), and small emitters. A
// pass (VectorClock, FastTrack) supplies only its access rules: what it checks and records at
// a load and at a store, and the metadata arrays those rules use. Accesses the elimination
// plan (elide/elide.h) calls redundant, thread-local or coalesced are emitted bare, without a
// rule; a coalesced loop gets one range check before it (ClockPass::range_check).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "elide/elide.h"
#include "frontend/ast.h"
#include "frontend/check.h"
#include "instrument/vector_clock_pass.h"

namespace racelang::instrument_detail {

Expr lit(int64_t v);
Expr local(const char* name);
Expr add(Expr a, Expr b);
Expr mul(Expr a, Expr b);
Expr div(Expr a, Expr b);
Expr mod(Expr a, Expr b);
Location cell(const char* array, Expr index);
Cond compare(CompareOp op, Expr a, Expr b);

// The clock entry an emitter over all entries is given: a thread v known now (the unrolled
// form, one statement per entry), or the loop index __k (the loop form, above
// PassOptions::clock_loop_threshold threads).
struct Entry {
  std::optional<int64_t> known;
  Expr expr() const { return known ? lit(*known) : local(meta::kEntry); }
};

// A location or lock of the original program, resolved to its dense metadata index: a
// constant for scalars, `base + __i` for array elements.
struct Resolved {
  Location access;             // what the original statement accesses (index replaced by __i)
  std::optional<Expr> index;   // the original index expression, evaluated once into __i
  int64_t base = 0;            // dense index of the scalar or of element 0
  std::optional<int64_t> size; // array size

  // Metadata entry `entry` of this location: (base + __i) * z + entry.
  Expr meta_index(int64_t z, int64_t entry) const;
  // The same for an entry computed at run time: (base + __i) * z + entry.
  Expr meta_index(int64_t z, Expr entry) const;
  // Either, for the entry a loop over entries is at.
  Expr meta_index(int64_t z, const Entry& entry) const;
  // base + __i.
  Expr dense_index() const;
};

// The synchronisation rules' variants (the deliberately broken and the harmless ones).
struct SyncOptions {
  bool location_locks = true;       // false: no X[x] around an access's metadata
  bool increment_on_release = true; // false: unlock without inc(t, C[t])
  bool increment_on_join = false;   // Figure 9's wait: inc(u, C[u]) after the join
  bool release_joins_lock = false;  // RoadRunner's L[m] := L[m] ⊔ C[t] instead of C[t]
  // The synchronisation of docs/language.md's "Volatiles, conditions, barriers"; each false
  // (true for notify_releases) is a deliberately broken variant.
  bool volatile_write_adds_edge = true; // vwr: V[v] := V[v] ⊔ C[t]
  bool barrier_two_buffers = true;      // false: every phase of a barrier joins into one buffer
  bool notify_releases = false;         // notify: K[c] ⊔= C[t]; the woken wait: C[t] ⊔= K[c]
  // Operations over all z clock entries are loops when z is above this.
  int64_t clock_loop_threshold = kDefaultClockLoopThreshold;
  // The same for an operation no loop of the thread encloses (the lower of the two applies).
  int64_t outer_clock_loop_threshold = kDefaultOuterClockLoopThreshold;
};

class ClockPass {
public:
  // `plan` decides which accesses need a rule at all; it must outlive the pass and have been
  // made for the program run() is given (it looks statements up by address).
  ClockPass(const ProgramInfo& info, const SyncOptions& sync, const elide::ElisionPlan& plan,
            std::string title);
  virtual ~ClockPass() = default;
  Program run(const Program& program);

protected:
  // The access rules. `access` is the original statement with its index replaced by __i; the
  // rule emits the metadata checks and updates and the access itself, and takes the location
  // lock (lock_location/unlock_location) around whatever must be atomic. Without `access`
  // (a coalesced loop's range check, which checks an access the loop makes later) the rule
  // emits the same checks and updates and no access.
  virtual void load_rule(const Resolved& x, std::optional<Stmt> access, int64_t t,
                         SourceRange range, Block& out) = 0;
  virtual void store_rule(const Resolved& x, std::optional<Stmt> access, int64_t t,
                          SourceRange range, Block& out) = 0;
  // The arrays (and scalars) the access rules use, declared after C and L.
  virtual void declare_access_metadata(std::vector<Decl>& decls) const = 0;

  int64_t z() const { return layout_.threads; }
  const MetadataLayout& layout() const { return layout_; }
  template <typename Node> Stmt emit(Node node, SourceRange range) {
    Stmt s = make_stmt(std::move(node), range);
    s.group = group_;
    return s;
  }
  // The site of an access, as race checks encode it: line * kSiteLineFactor + col.
  Expr site_of(SourceRange range) const;
  // C[t][v], for v known now and for v computed at run time.
  Location clock_entry(int64_t t, int64_t v) const;
  Location clock_entry(int64_t t, Expr v) const;
  Location clock_entry(int64_t t, const Entry& v) const;
  // Emits `body` for every clock entry v = 0..z-1 in increasing order: once per entry into
  // `out`, or, above the threshold, once into the body of
  //   __k := 0; while (__k < z) { body; __k := __k + 1; }
  // Either way the entries are visited in the same order, so the first failing check of an
  // operation names the same (lowest) thread.
  void for_each_entry(SourceRange range, Block& out,
                      const std::function<void(const Entry& v, Block& body)>& body);
  void declare(std::vector<Decl>& decls, DeclKind kind, const char* name, int64_t size) const;
  // lock X[x] / unlock X[x], unless the variant leaves the location locks out.
  void lock_location(const Resolved& x, SourceRange range, Block& out);
  void unlock_location(const Resolved& x, SourceRange range, Block& out);
  // The thread's own clock C[t][t] in the local __c (and its epoch in __ce), kept between
  // synchronisation operations: only the thread's own release, spawn, acquire or join changes
  // C[t] once it runs, so each of those reloads it, and an access needs at most a test that it
  // has been loaded at all (clock_pass.cpp says when).
  void ensure_own_clock(int64_t t, SourceRange range, Block& out);
  // Whether the rules use ensure_own_clock (then synchronisations reload __c).
  virtual bool uses_own_clock() const { return false; }

private:
  void declare_metadata(std::vector<Decl>& decls) const;
  Block instrument_block(const Block& block, int64_t t);
  void instrument_stmt(const Stmt& s, int64_t t, Block& out);
  void access(const Stmt& source, const Location& loc, Stmt original, bool is_load, int64_t t,
              SourceRange range, Block& out);
  // The range check of a coalesced loop (elide::CoalescedLoop), a group of its own before the
  // loop: the checks of the loop's accesses, replayed over the counter's range in the loop's
  // order, stopping where an index would be out of range (where the loop will fail).
  void range_check(const Stmt& loop, const elide::CoalescedLoop& coalesced, int64_t t, Block& out);
  // The rules of the synchronisation beyond locks (clock_pass.cpp, "Volatiles, conditions,
  // barriers"): each emits the operation itself among its clock operations.
  void volatile_access(const Location& loc, Stmt original, bool is_load, int64_t t,
                       SourceRange range, Block& out);
  // The clock halves of a volatile access, shared by loads, stores, cas and fetch_add: the read
  // join (vrd) and the write join with its increment (vwr).
  void volatile_read_clock(const Resolved& v, int64_t t, SourceRange range, Block& out);
  void volatile_write_clock(const Resolved& v, int64_t t, SourceRange range, Block& out);
  void atomic_update(const Sync& sync, int64_t t, SourceRange range, Block& out);
  void condition_wait(const CondWait& wait, int64_t t, SourceRange range, Block& out);
  void notify(const Stmt& s, const Notify& notify, int64_t t, SourceRange range, Block& out);
  void barrier_await(const Await& await, int64_t t, SourceRange range, Block& out);
  void sync_statement(const Stmt& s, const Sync& sync, int64_t t, SourceRange range, Block& out);
  // L[m] := C[t] (or ⊔), inc(t, C[t]): the release half of unlock and of wait(c, m).
  void release_lock(const Resolved& m, int64_t t, SourceRange range, Block& out);
  // C[t] := L[m] ⊔ C[t]: the acquire half of lock and of wait(c, m).
  void acquire_lock(const Resolved& m, int64_t t, SourceRange range, Block& out);
  // C[t][v] as an index of __C, for v known or the loop's __k.
  Expr own_clock_index(int64_t t, const Entry& v) const;
  bool is_volatile(const std::string& name) const;
  Resolved resolve(const Location& loc) const;
  void evaluate_index(const Resolved& r, SourceRange range, Block& out);
  void guard_index(const Resolved& r, int64_t size, const Stmt& original_access, Block& out);
  void merge(const char* source_array, const std::function<Expr(const Entry&)>& source_index,
             const std::function<Expr(const Entry&)>& target_index, SourceRange range, Block& out);
  // target[j] := max(source[i], target[j]) entry by entry, into any metadata array.
  void merge_into(const char* source_array, const std::function<Expr(const Entry&)>& source_index,
                  const char* target_array, const std::function<Expr(const Entry&)>& target_index,
                  SourceRange range, Block& out);
  void increment(int64_t u, SourceRange range, Block& out);
  static std::string describe(const Stmt& s);
  static Stmt with_comments(const Stmt& original, Stmt stmt);
  int64_t symbol_size(const std::string& name) const;

  void load_own_clock(int64_t t, SourceRange range, Block& out);
  void reload_own_clock(int64_t t, SourceRange range, Block& out);

  SyncOptions sync_;
  const elide::ElisionPlan& plan_;
  std::string title_;
  MetadataLayout layout_;
  std::unordered_map<std::string, int64_t> dense_base_;
  std::unordered_map<std::string, int64_t> sizes_;
  std::unordered_map<std::string, const Symbol*> symbols_;
  uint32_t group_ = 0;
  bool own_clock_loaded_ = false; // __c holds C[t][t] (not 0) on every path to here
  bool in_range_section_ = false; // a range check's section holds X[x]: the rules take no lock
  int loop_depth_ = 0; // loops of the thread (a range check's too) around what is written
};

} // namespace racelang::instrument_detail
