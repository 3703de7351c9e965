// The redundant-check analysis of redundant_checks.h.
//
// Why it is sound. Take two accesses a1 then a2 of the same location by thread t, with no
// synchronisation operation of t between them, and a2 a read after a read or write, or a write
// after a write. With no synchronisation in between, t's vector clock is the same at a1 and at
// a2, so any access of another thread u that races with a2 (is not ordered with it by
// happens-before) races with a1 too: it cannot happen before a1, since a1 is before a2 in
// program order, and a1 cannot happen before it, since that needs a release by t after a1,
// which would come before a2 as well or after both. That race is reported at a1's check or at
// u's own (checked) access, whichever of the two comes second, and a2's check adds nothing:
// a read after a read or write and a write after a write record nothing in the location's
// metadata that the first one did not (FastTrack's "same epoch" cases, [PLDI'09]; BigFoot's
// redundant check elimination, PLDI 2017, [thesis'19] ch. 3). A write after a read is not
// redundant: it records a write, which later reads by other threads must be checked against. A
// release between a1 and a2 breaks the argument: another thread can acquire the lock after a1 and
// before a2, and then a1 happens before its access while a2 does not; a spawn is such a release too
// (the parent's past happens before the child's steps). Acquire (`lock`) and `wait` change t's
// clock as well, so every synchronisation ends the facts: only the releases are needed for
// soundness, the others are ended so that t's clock is literally the same at a1 and a2, as argued
// above.
//
// Locations compare as written (name and index expression, Location's operator==), which names
// the same cell at both accesses only while the locals the index reads keep their values: an
// assignment to one of those locals ends the fact. Locals are the thread's own, so only the
// thread's own statements can change them.
#include "elide/redundant_checks.h"

#include <algorithm>
#include <compare>
#include <iterator>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "elide/accesses.h"
#include "elide/must_facts.h"
#include "frontend/ast_walk.h"

namespace racelang::elide {
namespace {

struct Fact {
  uint32_t loc = 0; // an interned location (LocationTable)
  AccessKind kind = AccessKind::Read;
  friend auto operator<=>(const Fact&, const Fact&) = default;
};
using Facts = std::set<Fact>;

// Gives each distinct location (by Location's operator==) one number, and remembers the
// locals its index reads, so that facts are small and an assignment finds what it ends.
class LocationTable {
public:
  uint32_t intern(const Location& loc) {
    std::vector<uint32_t>& same_name = by_name_[loc.name];
    for (uint32_t id : same_name)
      if (*locations_[id] == loc) return id;
    uint32_t id = static_cast<uint32_t>(locations_.size());
    locations_.push_back(&loc);
    index_locals_.emplace_back();
    collect_locals(loc, index_locals_.back());
    same_name.push_back(id);
    return id;
  }
  bool index_reads(uint32_t id, const std::string& local) const {
    const std::vector<std::string>& locals = index_locals_[id];
    return std::find(locals.begin(), locals.end(), local) != locals.end();
  }

private:
  std::vector<const Location*> locations_;
  std::vector<std::vector<std::string>> index_locals_;
  std::unordered_map<std::string, std::vector<uint32_t>> by_name_;
};

class Analysis {
public:
  Analysis(const ProgramInfo& info, const RedundancyOptions& options)
      : info_(info), options_(options) {}

  // Runs over one thread's code from no facts, recording its decisions.
  void thread(const Block& body) { block(body, Facts{}, true); }

  std::unordered_set<const Stmt*> redundant() const {
    std::unordered_set<const Stmt*> out;
    for (const auto& [stmt, is_redundant] : decisions_)
      if (is_redundant) out.insert(stmt);
    return out;
  }

private:
  // The facts after `body` run from `facts`. Decisions are recorded only when `record` is set:
  // inside a loop, only the pass over the body with the loop head's fixpoint counts.
  Facts block(const Block& body, Facts facts, bool record) {
    for (const Stmt& stmt : body) statement(stmt, facts, record);
    return facts;
  }

  void statement(const Stmt& stmt, Facts& facts, bool record) {
    visit_stmt(stmt, Overloaded{
                         [&](const Assign& a) { kill_local(facts, a.local); },
                         [&](const Load& l) {
                           // A volatile read is an acquire: it changes t's clock.
                           if (is_volatile_access(l.loc, info_)) {
                             facts.clear();
                             return;
                           }
                           uint32_t loc = locations_.intern(l.loc);
                           bool seen = facts.count({loc, AccessKind::Read}) ||
                                       facts.count({loc, AccessKind::Write});
                           if (record) decisions_[&stmt] = seen;
                           facts.insert({loc, AccessKind::Read});
                           // After the access: `r := load a[r]` reads a[old r], so its own fact
                           // goes with the old value of r.
                           kill_local(facts, l.local);
                         },
                         [&](const Store& s) {
                           // A volatile write is a release (the argument above).
                           if (is_volatile_access(s.loc, info_)) {
                             facts.clear();
                             return;
                           }
                           uint32_t loc = locations_.intern(s.loc);
                           if (record)
                             decisions_[&stmt] = facts.count({loc, AccessKind::Write}) > 0;
                           facts.insert({loc, AccessKind::Write});
                         },
                         [&](const LockStmt&) { facts.clear(); },
                         [&](const UnlockStmt&) {
                           if (!options_.keep_facts_across_unlock) facts.clear();
                         },
                         // The body is another thread's code, analysed on its own (thread()).
                         [&](const Spawn&) { facts.clear(); },
                         [&](const Wait&) { facts.clear(); },
                         [&](const Assert&) {},
                         [&](const If& i) {
                           Facts then_out = block(i.then_body, facts, record);
                           Facts else_out =
                               i.else_body ? block(*i.else_body, facts, record) : facts;
                           facts = intersect(then_out, else_out);
                         },
                         [&](const While& w) { facts = loop_head(w.body, facts, record); },
                         [&](const Print&) {},
                         [&](const Call& c) { unexpanded_call(c); },
                         [&](const Sync& sync) { synchronisation(sync, facts); },
                     });
  }

  // cas and fetch_add are a volatile read and write, wait(c, m) a release and an acquire of
  // m, await a barrier's arrival (a release) and departure: each ends the facts, as unlock and
  // lock do. notify adds no edge and assume touches no shared state: neither changes t's clock.
  // A cas or fetch_add assigns its local too, which ends the facts that index with it (already
  // gone with the rest).
  static void synchronisation(const Sync& sync, Facts& facts) {
    std::visit(Overloaded{
                   [&](const Cas&) { facts.clear(); },
                   [&](const FetchAdd&) { facts.clear(); },
                   [&](const CondWait&) { facts.clear(); },
                   [&](const Await&) { facts.clear(); },
                   [&](const Notify&) {},
                   [&](const Assume&) {},
               },
               sync.op);
  }

  // The greatest fixpoint head = in ∩ out(body, head): what holds at every arrival at the
  // loop's condition, which is also what holds after the loop. Facts only shrink, so this ends
  // within one iteration per fact. The conditions read only locals: they add and end nothing.
  Facts loop_head(const Block& body, const Facts& in, bool record) {
    Facts head =
        loop_head_fixpoint(in, [&](const Facts& from) { return block(body, from, false); });
    block(body, head, record);
    return head;
  }

  void kill_local(Facts& facts, const std::string& local) {
    std::erase_if(facts, [&](const Fact& f) { return locations_.index_reads(f.loc, local); });
  }

  const ProgramInfo& info_;
  RedundancyOptions options_;
  LocationTable locations_;
  std::unordered_map<const Stmt*, bool> decisions_;
};

} // namespace

std::unordered_set<const Stmt*> redundant_accesses(const Program& program, const ProgramInfo& info,
                                                   const RedundancyOptions& options) {
  Analysis analysis(info, options);
  analysis.thread(program.body);
  for (const Spawn* spawn : program_spawns(program, info)) analysis.thread(spawn->body);
  return analysis.redundant();
}

} // namespace racelang::elide
