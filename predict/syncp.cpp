// Sync-preserving races (POPL'21, Optimal Prediction of Synchronization-Preserving Races) in
// near-linear time. A conflicting pair e1 < e2 is one exactly when e1 is not in the
// sync-preserving closure C(e1, e2) of their predecessors (closure.h; e2 never is: everything
// the closure holds comes before e2 in the trace). The paper's full algorithm text was not
// available to the project (only its abstract and definitions), so this algorithm is derived
// from the definition, with the ingredients the paper names, vector times and per-lock queues of
// critical sections:
//
// 1. Vector times. A closed set is downward closed per thread, so it is a vector of counts.
//    ClosureTimes computes, in one pass over the trace, the closure of each access's
//    predecessors, D(e), and the closure through every release, R(r) = C(pred(r) + r).
// 2. The pair's closure. TO, fork/join and reads-from closures are unions of their parts; only
//    the lock rule is not. So C(e1, e2) is D(e1) join D(e2), closed again under the lock rule
//    alone: per lock, of the acquires in the set (a prefix of each thread's queue of critical
//    sections), every one but the latest in trace order needs its release; joining R(release)
//    adds it with everything it needs. Repeated until nothing changes. Only some locks can
//    break the rule: two closed sets joined break it only for a lock with an acquire on each
//    side of their difference, and a closed set joined to a set closed for every lock but a
//    few only for those and the locks of the acquires the join adds (per-thread lists of
//    acquires find them). So a pair checks the locks it touches, not every lock.
// 3. Which pairs. C(e1, e2) only grows as e2 moves later in its thread, so once e1 is in it, it
//    stays: e1's races with a thread u are a prefix of u's later conflicting accesses, and only
//    the first that is not a race needs a check. So the pairs are visited in one pass in trace
//    order, e2 by e2: at an access of thread u, the conflicting accesses of the location since
//    u's previous access to it (each visited once per later thread that accesses it; a read
//    only sees writes) and those that raced with u's previous conflicting access, nothing else.
//    The checks are the races reported plus at most one per access and thread that accesses
//    its location later, and D(e2) is read in trace order.
// 4. Most checks end in O(1): e1 already in D(e2) (ordered), or e1 in a critical section of a
//    lock that e2's thread has acquired since that section's acquire (both holding a lock is
//    such a case): the closure holds both acquires, so the earlier one's release, which
//    follows e1. Only the rest join the two closures.
// 5. Most accesses of a lock-protected location need no check at all: a per-location lockset
//    (TOCS'97, Eraser's, kept over the suffix of the location's accesses since the last one that
//    held none of its locks) rejects, when e2's thread holds one of its locks, every access of that
//    suffix at once (each is the both-hold-a-lock case of 4), so the walk covers only the
//    accesses before the suffix.
//
// The cost is ClosureTimes' (O(N) plus O(T) per synchronising join) plus, per check, O(1), or
// O(T) plus O(log N) per lock the fixpoint touches for the few pairs that get that far. The
// quadratic closure per pair (sync_preserving_witness) is the tests' oracle.
#include <algorithm>
#include <tuple>

#include "predict/acquire_rank.h"
#include "predict/analyses.h"
#include "predict/closure.h"

namespace racelang::predict {

namespace {
constexpr uint32_t kNone = UINT32_MAX;
constexpr uint32_t kOpen = CriticalSection::kOpen;
constexpr uint32_t kWrite = 1u << 31; // flags a write in an Access's thread

class SyncP {
public:
  SyncP(const TraceIndex& index, bool keep_lock_order, bool close_pairs)
      : index_(index), threads_(index.threads()), close_pairs_(close_pairs && keep_lock_order),
        times_(index, keep_lock_order), sections_(times_.sections()), acquires_before_(threads_),
        lo_(threads_), hi_(threads_) {}

  const ClosureTimes& times() const { return times_; }

  // Whether (e1, e2), e1 < e2 conflicting, is a sync-preserving race. The caller has checked the
  // common cases already: e1 in D(e2) (e2 is never in D(e1), which precedes e1), and both in
  // critical sections of one lock (the closure then holds both acquires, so the earlier one's
  // release, which comes after e1 or e2 in its thread) as far as it knows.
  bool race(uint32_t e1, uint32_t e2) {
    uint32_t t1 = index_.thread_of[e1], t2 = index_.thread_of[e2];
    v_.assign(threads_, 0);
    times_.join_into(e2, v_);
    if (close_pairs_) {
      if (!queues_built_) build_queues();
      // D(e1) and D(e2) are closed each, so the lock rule can only fail for a lock with an
      // acquire in D(e1) \ D(e2) and one in D(e2) \ D(e1): the locks of the side with fewer
      // acquires are the only ones to check.
      size_t in_a = 0, in_b = 0;
      for (uint32_t u = 0; u < threads_; ++u) {
        uint32_t a = times_.count(e1, u), b = v_[u];
        std::tie(lo_[u], hi_[u]) = acquire_range(u, std::min(a, b), std::max(a, b));
        (a > b ? in_a : in_b) += hi_[u] - lo_[u];
      }
      for (uint32_t u = 0; u < threads_; ++u)
        if ((times_.count(e1, u) > v_[u]) == (in_a <= in_b)) mark_locks(u, lo_[u], hi_[u]);
    }
    times_.join_into(e1, v_);
    if (close_pairs_) close_under_locks(t1, index_.pos[e1]);
    return v_[t1] <= index_.pos[e1] && v_[t2] <= index_.pos[e2];
  }

private:
  // The per-lock queues, on the first pair that needs them (on most traces none does).
  void build_queues() {
    queues_built_ = true;
    queues_.resize(index_.trace.locks.size() * threads_);
    dirty_.assign(index_.trace.locks.size(), false);
    std::vector<bool> used(index_.trace.locks.size(), false);
    // Each queue allocated at its size (grown one section at a time, race-dense traces spent
    // a tenth of their time on the fresh pages of the copies).
    std::vector<uint32_t> sizes(queues_.size(), 0);
    for (const CriticalSection& c : sections_.all) ++sizes[size_t{c.lock} * threads_ + c.thread];
    for (size_t q = 0; q < queues_.size(); ++q) {
      queues_[q].sections.reserve(sizes[q]);
      queues_[q].positions.reserve(sizes[q]);
    }
    for (uint32_t s = 0; s < sections_.all.size(); ++s) {
      const CriticalSection& c = sections_.all[s];
      if (!used[c.lock]) locks_.push_back(c.lock);
      used[c.lock] = true;
      Queue& q = queue(c.lock, c.thread);
      q.sections.push_back(s);
      q.positions.push_back(c.acquire_pos);
    }
    // Per thread and position p, how many of its acquires come before p: a lookup where a
    // binary search over the thread's acquires took most of a pair's time on race-dense traces.
    for (uint32_t u = 0; u < threads_; ++u)
      acquires_before_[u] =
          AcquireRank(static_cast<uint32_t>(index_.by_thread[u].size()), sections_.count(u),
                      [&](uint32_t j) { return section(sections_.of_thread(u, j)).acquire_pos; });
  }

  // One lock's critical sections in one thread: indices into sections_.all, and the positions
  // of their acquires (for binary search without touching the sections).
  struct Queue {
    std::vector<uint32_t> sections, positions;
  };
  Queue& queue(uint32_t lock, uint32_t thread) { return queues_[size_t{lock} * threads_ + thread]; }
  const CriticalSection& section(uint32_t s) const { return sections_.all[s]; }

  // Thread u's sections whose acquires are at positions [from, to), as a range of its sections
  // (CriticalSections::of_thread).
  std::pair<uint32_t, uint32_t> acquire_range(uint32_t u, uint32_t from, uint32_t to) const {
    if (from >= to) return {0, 0};
    return {acquires_before_[u](from), acquires_before_[u](to)};
  }
  // Marks the locks of thread u's sections [lo, hi) (its k-th for k in [lo, hi)) as needing a
  // check. Once every lock is marked, further marks are free.
  void mark_locks(uint32_t u, uint32_t lo, uint32_t hi) {
    for (uint32_t k = lo; k < hi && pending_.size() < locks_.size(); ++k) {
      uint32_t lock = section(sections_.of_thread(u, k)).lock;
      if (!dirty_[lock]) {
        dirty_[lock] = true;
        pending_.push_back(lock);
      }
    }
  }

  // Closes v_ under the lock rule, stopping early once v_ holds event `pos` of thread t1 (the pair
  // is decided then: the closure only grows). v_ is closed but for the locks in pending_: a join
  // of closed sets can only break the rule for a lock with a newly added acquire, so each join
  // marks the locks of the acquires it adds, and only marked locks are checked.
  void close_under_locks(uint32_t t1, uint32_t pos) {
    while (!pending_.empty() && v_[t1] <= pos) {
      uint32_t lock = pending_.back();
      pending_.pop_back();
      dirty_[lock] = false;
      // Per thread, the last of its critical sections whose acquire the set holds.
      int64_t latest = -1;
      uint32_t latest_thread = 0;
      last_.assign(threads_, kNone);
      for (uint32_t u = 0; u < threads_; ++u) {
        // The last of u's sections the set holds is often of this lock (a thread that takes one
        // lock); otherwise the lock's queue is searched.
        uint32_t held = acquires_before_[u](v_[u]);
        if (held == 0) continue;
        if (uint32_t s = sections_.of_thread(u, held - 1); section(s).lock == lock) {
          last_[u] = s;
        } else {
          const Queue& q = queue(lock, u);
          auto k =
              std::lower_bound(q.positions.begin(), q.positions.end(), v_[u]) - q.positions.begin();
          if (k == 0) continue;
          last_[u] = q.sections[static_cast<size_t>(k - 1)];
        }
        if (static_cast<int64_t>(section(last_[u]).acquire) > latest) {
          latest = section(last_[u]).acquire;
          latest_thread = u;
        }
      }
      for (uint32_t u = 0; u < threads_; ++u) {
        if (last_[u] == kNone || u == latest_thread) continue;
        const CriticalSection& s = section(last_[u]);
        // An open section is the last acquire of its lock in the trace: it is `latest`.
        if (s.release_pos == kOpen || v_[u] > s.release_pos) continue;
        for (uint32_t w = 0; w < threads_; ++w)
          if (uint32_t r = times_.count(s.release, w); r > v_[w]) {
            auto [lo, hi] = acquire_range(w, v_[w], r);
            mark_locks(w, lo, hi);
            v_[w] = r;
          }
      }
    }
    for (uint32_t lock : pending_) dirty_[lock] = false;
    pending_.clear();
  }

  const TraceIndex& index_;
  size_t threads_;
  bool close_pairs_;
  ClosureTimes times_;                       // D(e) of every access, R(r) of every release
  const CriticalSections& sections_;         // (times_'s)
  std::vector<AcquireRank> acquires_before_; // dense thread -> (position -> acquires before)
  bool queues_built_ = false;
  std::vector<Queue> queues_;                // lock * threads + thread -> its sections
  std::vector<uint32_t> locks_;              // locks with at least one section
  std::vector<uint32_t> v_, last_, lo_, hi_; // scratch for one pair
  std::vector<uint32_t> pending_;            // locks the closure must still check
  std::vector<bool> dirty_;                  // lock -> in pending_
};

} // namespace

void syncp_races(const TraceIndex& index, const PredictOptions& options, PredictResult& out) {
  const size_t threads = index.threads(), locations = index.trace.locations.size();
  const bool close_pairs =
      !options.syncp_without_pair_lock_closure && !options.syncp_reorders_critical_sections;
  SyncP syncp(index, !options.syncp_reorders_critical_sections, close_pairs);
  const ClosureTimes& times = syncp.times();
  // The pairs are found in the same pass that records the accesses, in trace order, with the
  // state a vector-clock detector keeps per location: no table sorted by location and no pass
  // before this one (those cost a cache miss per access on traces with many locations). Every
  // access is one entry of `log`, linked to the previous read or write of its location, so that
  // a read walks back over the writes since its thread last looked without passing the other
  // threads' reads (read-shared data has many). With each entry, the critical sections its
  // thread is in: an offset into held_locks, where a count and that many (lock, acquire event)
  // pairs are (kNone: none; consecutive accesses in the same sections share one entry).
  // 16 bytes an entry, without the access's event number: most pairs end at check's O(1)
  // tests, which read only its thread, position and sections, and the few that get further
  // look the event up from thread and position (a smaller log is fewer fresh pages to touch).
  struct Access {
    uint32_t pos, thread, held, previous;
    bool write() const { return thread & kWrite; }
    uint32_t dense_thread() const { return thread & ~kWrite; }
  };
  auto event_of = [&](const Access& a) { return index.by_thread[a.dense_thread()][a.pos]; };
  std::vector<Access> log;
  log.reserve(index.op.size() / 2);
  // Per location, its latest read and write (kNone: none) and how many of each there were.
  // And its lockset (Eraser's, over a suffix of its accesses): every access of the location
  // from the `since_reads`-th read and `since_writes`-th write on holds each lock of held_locks
  // entry `guard` whose bit is set in `mask` (kNone: no lock). A thread that holds one of them
  // need not look at the accesses of that suffix: each holds a lock it holds too, so none races
  // with it, now or later (check's second test, for all of them at once). So a location that
  // locks protect costs O(1) per access however many threads wrote it since, once each thread
  // has looked at its accesses from before the locking began (initialisation, say).
  struct Location {
    uint32_t read = kNone, write = kNone, reads = 0, writes = 0;
    uint32_t racing = 0, racing_at = kNone; // (the lists of accesses racing with a thread, below)
    uint32_t guard = kNone, mask = 0, since_reads = 0, since_writes = 0;
    uint32_t read_before = kNone, write_before = kNone; // the latest before the suffix
  };
  std::vector<Location> at(locations);
  // Per location and thread: how many writes of the location it had seen at its latest access,
  // and how many reads at its latest write (what it has looked at already).
  struct Seen {
    uint32_t writes = 0, reads = 0;
  };
  std::vector<Seen> seen(locations * threads);
  std::vector<uint32_t> held_locks;
  // An entry is written at the first access after an acquire or a release that leaves a lock
  // held, so there are at most twice as many as acquires, of 3 words when one lock is held:
  // reserved at that (pages it does not use are not touched), where growing it from empty
  // touched about twice its memory, fresh pages that cost more than filling it.
  held_locks.reserve(6 * times.sections().all.size());
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> holding(threads);
  std::vector<uint32_t> current(threads, kNone); // thread -> its sections' entry, if written
  std::vector<uint32_t> progress(threads, 0);    // thread -> how many events it has done
  // Per location and thread u, the accesses that raced with u's latest conflicting access, reads
  // and writes apart (a read waits for u's next write, a write for u's next access), as linked
  // lists in `nodes`; looked up only at locations that have some (Location::racing counts
  // them), since most have none. The heads of a location's lists, one pair per thread, are
  // allocated at its first race (Location::racing_at, an offset into racing_heads: a hash map
  // of them cost a node allocation per race on race-dense traces).
  struct Racing {
    uint32_t reads = kNone, writes = kNone;
  };
  std::vector<Racing> racing_heads;
  struct Node {
    uint32_t e1, next; // e1: an index into log
  };
  std::vector<Node> nodes;
  // Per thread and lock, the thread's latest acquire of the lock so far (kNone: none).
  const size_t locks = index.trace.locks.size();
  std::vector<uint32_t> last_acquire(close_pairs ? threads * locks : 0, kNone);
  // Whether e1, in the sections of entry `held` (held_locks), is in the closure because thread
  // t2 has acquired one of their locks since the section's acquire: the closure holds both
  // acquires, so the release of e1's section, which comes after e1.
  auto inside_reacquired = [&](uint32_t held, uint32_t t2) {
    if (held == kNone) return false;
    for (uint32_t k = 0; k < held_locks[held]; ++k) {
      uint32_t lock = held_locks[held + 1 + 2 * k], acquire = held_locks[held + 2 + 2 * k];
      if (uint32_t a = last_acquire[t2 * locks + lock]; a != kNone && a > acquire) return true;
    }
    return false;
  };
  // Whether held_locks entry `held` (kNone: no lock) lists `lock`.
  auto holds = [&](uint32_t held, uint32_t lock) {
    if (held == kNone) return false;
    for (uint32_t k = 0; k < held_locks[held]; ++k)
      if (held_locks[held + 1 + 2 * k] == lock) return true;
    return false;
  };
  uint64_t pairs = 0;
  // The races found, as (e1, e2), copied into out.races at its final size at the end: a
  // PredictedRace is 40 bytes, and growing a vector of them one race at a time touched about
  // twice their memory, fresh pages that cost more than the checks on race-dense traces.
  std::vector<std::pair<uint32_t, uint32_t>> found;
  for (uint32_t e2 = 0; e2 < index.op.size() && !out.truncated; ++e2) {
    const Op op = index.op[e2];
    const uint32_t t2 = index.thread_of[e2], target = index.target[e2];
    progress[t2] = index.pos[e2] + 1;
    auto& open = holding[t2];
    if (op == Op::Acquire || op == Op::Release) current[t2] = kNone;
    if (op == Op::Acquire) {
      open.push_back({target, e2});
      if (close_pairs) last_acquire[t2 * locks + target] = e2;
    }
    if (op == Op::Release)
      if (auto it = std::find_if(open.begin(), open.end(),
                                 [&](const auto& h) { return h.first == target; });
          it != open.end())
        open.erase(it);
    if (!is_access(op)) continue;
    if (current[t2] == kNone && !open.empty()) {
      current[t2] = static_cast<uint32_t>(held_locks.size());
      held_locks.push_back(static_cast<uint32_t>(open.size()));
      for (auto [lock, acquire] : open) { // (push_back: insert of a list is a call per lock)
        held_locks.push_back(lock);
        held_locks.push_back(acquire);
      }
    }
    const uint32_t x = target;
    const size_t reported = found.size();
    const bool write = op == Op::Write;
    // Whether (e1, e2) races; reports it if so. Most pairs end at the first comparison (e1 in
    // D(e2); t1 is not t2, so others() is exact) or the second (e1 is in a critical section of
    // a lock that t2 has acquired since; this includes both holding a common lock).
    const uint32_t* d2 = times.others(e2);
    auto check = [&](const Access& a) {
      if (!may_check_pair(options, ++pairs, out)) return false;
      if (d2[a.dense_thread()] > a.pos) return false;
      if (close_pairs && inside_reacquired(a.held, t2)) return false;
      const uint32_t e1 = event_of(a);
      if (!syncp.race(e1, e2)) return false;
      found.emplace_back(e1, e2);
      return true;
    };
    Location& loc = at[x];
    Racing* lists = nullptr;
    if (loc.racing > 0) {
      lists = &racing_heads[loc.racing_at + t2];
      // Keeps the accesses that race with e2, drops the others (their races with t2 are over).
      auto recheck = [&](uint32_t& head) {
        for (uint32_t* link = &head; *link != kNone;) {
          if (check(log[nodes[*link].e1])) {
            link = &nodes[*link].next;
          } else {
            *link = nodes[*link].next;
            --loc.racing;
          }
        }
      };
      recheck(lists->writes);
      if (write) recheck(lists->reads);
    }
    auto keep = [&](uint32_t e1) { // (an index into log)
      if (loc.racing_at == kNone) {
        loc.racing_at = static_cast<uint32_t>(racing_heads.size());
        racing_heads.resize(racing_heads.size() + threads);
      }
      if (!lists) lists = &racing_heads[loc.racing_at + t2];
      uint32_t& head = log[e1].write() ? lists->writes : lists->reads;
      nodes.push_back({e1, head});
      head = static_cast<uint32_t>(nodes.size() - 1);
      ++loc.racing;
    };
    // The accesses of other threads since t2 last looked: the writes since t2's previous access
    // of x, and for a write also the reads since t2's previous write (the ones before, t2's
    // reads have looked at), newest first. Those are all of other threads but t2's own reads
    // since its previous write.
    Seen& mine = seen[size_t{x} * threads + t2];
    // With a lock of the location's lockset held, only the accesses before the lockset's suffix
    // need a look: the walks start at the newest access before it.
    // `kept`: the bits of the lockset's locks that t2 holds.
    uint32_t kept = 0;
    if (close_pairs)
      for (uint32_t m = loc.mask, k = 0; m != 0; m >>= 1, ++k)
        if ((m & 1) && holds(current[t2], held_locks[loc.guard + 1 + 2 * k])) kept |= 1u << k;
    uint32_t w = loc.write, r = loc.read, writes = loc.writes, reads = loc.reads;
    if (kept != 0) {
      if (options.syncp_lockset_unbounded) {
        writes = reads = 0;
      } else {
        std::tie(w, r, writes, reads) =
            std::tuple(loc.write_before, loc.read_before, loc.since_writes, loc.since_reads);
      }
    }
    // A walk longer than the thread count is first tested in O(T): if D(e2) holds everything
    // every other thread has done so far (e2 comes after joining them, say), each of the
    // accesses is in it, check's first test, and none need a look.
    if (uint32_t n = (writes > mine.writes ? writes - mine.writes : 0) +
                     (write && reads > mine.reads ? reads - mine.reads : 0);
        n > threads) {
      bool all = true;
      for (uint32_t u = 0; u < threads && all; ++u) all = u == t2 || d2[u] >= progress[u];
      if (all) writes = mine.writes, reads = mine.reads;
    }
    for (uint32_t k = writes > mine.writes ? writes - mine.writes : 0; k > 0 && !out.truncated;
         --k, w = log[w].previous)
      if (check(log[w])) keep(w);
    if (write)
      for (uint32_t k = reads > mine.reads ? reads - mine.reads : 0; k > 0 && !out.truncated;
           --k, r = log[r].previous)
        if (log[r].dense_thread() != t2 && check(log[r])) keep(r);
    // e2 joins the log and the location's lockset: the locks of the lockset it holds, or, if it
    // holds none of them, its own locks from e2 on.
    if (close_pairs) {
      if (kept != 0) {
        loc.mask = kept;
      } else {
        loc.guard = current[t2];
        uint32_t n = current[t2] == kNone ? 0 : std::min<uint32_t>(held_locks[current[t2]], 32);
        loc.mask = n == 32 ? ~0u : (1u << n) - 1;
        loc.since_reads = loc.reads;
        loc.since_writes = loc.writes;
        loc.read_before = loc.read;
        loc.write_before = loc.write;
      }
    }
    uint32_t& head = write ? loc.write : loc.read;
    log.push_back({index.pos[e2], t2 | (write ? kWrite : 0), current[t2], head});
    head = static_cast<uint32_t>(log.size() - 1);
    ++(write ? loc.writes : loc.reads);
    mine.writes = loc.writes;
    if (write) mine.reads = loc.reads;
    // The pass reports in order of e2 already: only e2's own pairs need sorting.
    std::sort(found.begin() + static_cast<std::ptrdiff_t>(reported), found.end());
  }
  out.races.reserve(out.races.size() + found.size());
  for (auto [e1, e2] : found) out.races.push_back({e1, e2, Analysis::SyncP, {}});
}

} // namespace racelang::predict
