// The split DPOR search on worker threads (see explore_parallel.h). Each worker owns its
// machine, detector and search stack; what the workers share is the read-only program and
// options, the queue of parts to run (the split's, then those split off or given away by
// running parts), the tree of parts with their result slots, the parts given away with theirs
// (each taken back by its giver), and the limits' counts of the parts that have ended in
// order.
#include "interp/explore_parallel.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <iterator>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "interp/explore_dpor.h"

namespace racelang {
namespace {

constexpr size_t kNone = ~size_t{0};

// One part and its place in the order one worker searches the parts: the split's parts in
// their order, each followed by the parts split off it (ExploreOptions::resplit_executions),
// each of those followed by its own, and so on (a pre-order walk of the tree of parts).
struct Slot {
  DporPartSpec spec{};
  size_t parent = kNone;          // the part it was split off, kNone for the split's own
  std::vector<size_t> children{}; // the parts split off it, in the search's order
  std::optional<DporPart> part{}; // its result, once run
  bool done = false;              // its result is final (under the mutex)
  // Its run gave branches away to parts other workers may have run, and a limit stopped it:
  // where each part stopped depended on the timing, so it runs again on one thread.
  bool timed = false;
  uint64_t start_states = 0, start_executions = 0;
};

// A branch a running part gave away (DporGroup): a part of its giver's in the order of the
// search (the giver takes its result back), not of the tree. It searches with wakeup trees, so
// it never splits parts off; it gives its own planned branches away, as members of its own.
struct Member {
  enum class State { Pending, Queued, Running, Done };
  DporPartSpec spec{};
  SplitBudget* budget = nullptr;  // the giver's: the limits count the giver and its members
  bool share = true;              // the members it gives away go to the queue for idle workers
  std::optional<DporPart> part{}; // its result, once run
  State state = State::Pending;   // Pending: left for the giver to run (not shared)
  bool collected = false;         // taken back by its giver, or dropped
  // Cancelled by its giver while it runs: its search stops at its next step (its result is
  // dropped). Shared, so that the member stays movable.
  std::shared_ptr<std::atomic<bool>> cancelled = std::make_shared<std::atomic<bool>>(false);
};

// What a worker runs next: a part of the tree or a member.
struct Task {
  bool member = false;
  size_t index = 0;
};

// The parts, growing as running parts split some off (a deque: a worker keeps a reference to
// its slot while others add slots).
class PartTree {
public:
  explicit PartTree(std::vector<std::vector<uint32_t>> prefixes) {
    for (std::vector<uint32_t>& p : prefixes) {
      size_t n = p.size();
      top_.push_back(slots_.size());
      slots_.push_back(Slot{.spec = DporPartSpec{.prefix = std::move(p), .sibling_frames = n}});
    }
  }
  Slot& operator[](size_t i) { return slots_[i]; }
  const std::vector<size_t>& top() const { return top_; }

  // Adds the parts `owner` split off, before those it split off earlier (they come after the
  // branch the owner kept, which the earlier ones' branches follow in the search); their
  // indices in that order.
  std::vector<size_t> split_off(size_t owner, std::vector<DporPartSpec> specs) {
    std::vector<size_t> added;
    for (DporPartSpec& spec : specs) {
      added.push_back(slots_.size());
      slots_.push_back(Slot{.spec = std::move(spec), .parent = owner});
    }
    std::vector<size_t>& children = slots_[owner].children;
    children.insert(children.begin(), added.begin(), added.end());
    return added;
  }

  // The part after `i` in the search's order: its first part split off, else the next sibling
  // of it or of its nearest ancestor that has one. Only for a part that is done (its children
  // are final then).
  size_t after(size_t i) const {
    if (!slots_[i].children.empty()) return slots_[i].children.front();
    for (size_t at = i; at != kNone; at = slots_[at].parent) {
      const std::vector<size_t>& siblings =
          slots_[at].parent == kNone ? top_ : slots_[slots_[at].parent].children;
      auto it = std::find(siblings.begin(), siblings.end(), at);
      if (it + 1 != siblings.end()) return *(it + 1);
    }
    return kNone;
  }

private:
  std::deque<Slot> slots_;
  std::vector<size_t> top_;
};

} // namespace

ExploreResult explore_dpor_parallel(const Code& code, const ExploreOptions& given) {
  ExploreOptions options = given;
  // Parts list their executions into their own results; they are passed on in the parts'
  // order below, so that the list does not depend on the workers either.
  options.progress = nullptr;
  ExploreResult result;
  result.cached = false;
  // Read by every worker, written by none.
  const std::unique_ptr<IndependenceOracle> oracle = split_oracle(code, options);
  PartTree tree(split_dpor_search(code, options, oracle.get(), result.states, result.forced_nodes));

  // The limits (--max-states, --max-executions) are counted over the parts in their order, as
  // one worker counts them: a part starts with what the parts before it used. A worker cannot
  // wait for that, so it starts a part from what the parts before it that have ended in order
  // have used (a lower bound), and the merge below keeps its result only if the true start
  // could not have stopped it earlier; otherwise the part runs again from its true start. A
  // part's run depends only on its start (the parts it splits off too), so the results are
  // those of one worker, whatever the timing (a shared running count made them depend on it).
  std::mutex mutex;
  std::condition_variable wake;
  std::deque<Task> queue; // to run, in order (mutex)
  for (size_t i : tree.top()) queue.push_back(Task{false, i});
  std::deque<Member> members; // (a deque: workers keep references while others add members)
  size_t running_parts = 0;   // under the mutex
  size_t cursor = tree.top().empty() ? kNone : tree.top().front(); // next part to merge
  uint64_t used_states = 0, used_executions = 0;                   // by the parts merged (in order)
  std::atomic<uint64_t> progress_states{0}, progress_executions{0};
  auto exact = [&](const Slot& slot, uint64_t states, uint64_t executions) {
    if (options.split_fault == SplitFault::PartsStartTheLimitsAtZero) return true;
    if (slot.timed) return false;
    if (slot.start_states == states && slot.start_executions == executions) return true;
    // Started lower: the true start changes nothing if even the part's final counts added to
    // it stay under both limits (the limits are checked against start + the part's counts).
    const ExploreResult& r = slot.part->result;
    return r.limit.empty() && states + r.states < options.max_states &&
           executions + r.executions_run < options.max_executions;
  };
  // Parts are merged into the result as soon as they and every part before them have ended
  // with exact results (in the parts' order, under the mutex), which frees their outcomes: each
  // part's final states (a few hundred each on stack(5), whose 121 parts share them) stayed in
  // memory until the last part ended, so that peak memory grew with the parts done.
  const bool least_witness = options.split_fault != SplitFault::FirstFoundWitness;
  const size_t workers = std::max<uint32_t>(options.jobs, 1);
  OutcomeCollector outcomes(code, least_witness);
  std::vector<size_t> merged;            // in order, for the executions' list
  uint64_t split_states = result.states; // read by the progress report while workers merge
  auto merge_part = [&](size_t i) {
    DporPart& part = *tree[i].part;
    const ExploreResult& r = part.result;
    used_states += r.states;
    used_executions += r.executions_run;
    add_part_counts(result, r);
    outcomes.merge(std::move(part.outcomes));
    merged.push_back(i);
  };
  // Adds `spec` (given away by a part) as a member, shared with idle workers or left for the
  // giver; its index (under the mutex). Shared ones go last in the queue: a giver runs the
  // members no worker has taken when its search reaches them, so a worker that takes one early
  // makes the giver wait if it catches up (stack(5), peterson(3): 1.84x and 1.68x on two
  // workers with members first, 2.00x and 1.96x with them last). Their order does not change
  // what is found (the giver takes them back in its own order).
  auto add_member = [&](DporPartSpec spec, SplitBudget* budget, bool share) {
    size_t m = members.size();
    members.push_back(Member{.spec = std::move(spec),
                             .budget = budget,
                             .share = share,
                             .state = share ? Member::State::Queued : Member::State::Pending});
    if (share) {
      queue.push_back(Task{true, m});
      wake.notify_all();
    }
    return m;
  };
  // Takes queued member m out of the queue (under the mutex).
  auto unqueue = [&](size_t m) {
    queue.erase(std::find_if(queue.begin(), queue.end(),
                             [&](const Task& t) { return t.member && t.index == m; }));
  };
  // Member m if no worker has started it: out of the queue, and done without running (under
  // the mutex). False if it runs or has run.
  auto withdraw = [&](size_t m) {
    Member& member = members[m];
    if (member.state == Member::State::Queued) unqueue(m);
    if (member.state != Member::State::Queued && member.state != Member::State::Pending)
      return false;
    member.state = Member::State::Done;
    return true;
  };
  // Member m, never taken back (a limit stopped its giver, or its giver cancelled it): it ends
  // before its giver's budget does (under `lock`).
  auto drop = [&](size_t m, std::unique_lock<std::mutex>& lock) {
    Member& member = members[m];
    if (member.collected) return;
    member.collected = true;
    if (withdraw(m)) return;
    member.cancelled->store(true, std::memory_order_relaxed); // its result is not wanted
    while (member.state != Member::State::Done) wake.wait(lock);
    member.part.reset();
  };
  std::function<void(size_t, DporPart&)> collect; // (below)
  // A giver's group (its parts given away count into `budget`, and are shared with idle workers
  // with `share`); `gave` collects them, to be dropped when the giver ends if it never took
  // them back (a limit stopped it, or it cancelled them).
  auto group_for = [&](SplitBudget* budget, bool share, std::vector<size_t>& gave) {
    return DporGroup{
        .give =
            [&, budget, share](DporPartSpec spec) {
              std::lock_guard<std::mutex> lock(mutex);
              size_t m = add_member(std::move(spec), budget, share);
              gave.push_back(m);
              return m;
            },
        .join =
            [&](size_t m) {
              DporPart into{ExploreResult{}, OutcomeCollector(code, least_witness), {}, {}};
              collect(m, into);
              return into;
            },
        // A part the giver will never take back: not run if no worker has taken it; one that
        // runs is dropped (waited for) when the giver ends.
        .cancel =
            [&](size_t m) {
              std::lock_guard<std::mutex> lock(mutex);
              Member& member = members[m];
              if (withdraw(m)) member.collected = true;
              member.cancelled->store(true, std::memory_order_relaxed);
            },
    };
  };
  // Runs member m on this thread, which holds `lock` (released while the member runs). A member
  // gives its planned branches away in turn, counting into its giver's budget.
  auto run_member = [&](size_t m, std::unique_lock<std::mutex>& lock) {
    Member& member = members[m]; // (read under the mutex: other workers add members)
    member.state = Member::State::Running;
    lock.unlock();
    std::vector<size_t> gave;
    DporGroup group = group_for(member.budget, member.share, gave);
    DporPart part = explore_dpor_part(code, options, oracle.get(), member.spec, *member.budget,
                                      nullptr, &group, member.cancelled.get());
    lock.lock();
    for (size_t g : gave) drop(g, lock);
    member.part.emplace(std::move(part));
    member.state = Member::State::Done;
    wake.notify_all();
  };
  // Waits for member m to end, running it here if no worker has taken it, and meanwhile the
  // members waiting in the queue (under `lock`). A member waits only for the members it gave
  // away itself (its descendants), never for its giver, so these waits end; other parts are
  // left to the workers (a giver among them could wait in turn for a long time, and the giver
  // here would resume only after it).
  auto finish_member = [&](size_t m, std::unique_lock<std::mutex>& lock) {
    for (;;) {
      Member& member = members[m];
      if (member.state == Member::State::Done) return;
      if (member.state == Member::State::Running) {
        auto other =
            std::find_if(queue.begin(), queue.end(), [](const Task& t) { return t.member; });
        if (other == queue.end()) {
          wake.wait(lock);
          continue;
        }
        size_t h = other->index;
        queue.erase(other);
        run_member(h, lock);
        continue;
      }
      if (member.state == Member::State::Queued) unqueue(m);
      run_member(m, lock);
    }
  };
  // What member m found (with what the members it gave away found), merged into `into`.
  collect = [&](size_t m, DporPart& into) {
    std::unique_lock<std::mutex> lock(mutex);
    finish_member(m, lock);
    members[m].collected = true;
    DporPart part = std::move(*members[m].part);
    members[m].part.reset();
    lock.unlock();
    add_part_counts(into.result, part.result);
    into.result.given_parts += 1;
    into.outcomes.merge(std::move(part.outcomes));
    into.listed.insert(into.listed.end(), part.listed.begin(), part.listed.end());
    into.returned.insert(into.returned.end(), std::make_move_iterator(part.returned.begin()),
                         std::make_move_iterator(part.returned.end()));
  };
  // Runs part i (`slot`, taken under the mutex) from the start counts in it; the parts it
  // splits off are added to the tree, and with `share` to the queue for idle workers.
  auto run_part = [&](size_t i, Slot& slot, bool share) {
    SplitBudget budget;
    budget.states = slot.start_states;
    budget.executions = slot.start_executions;
    std::vector<size_t> gave; // members given away by this run
    DporGroup group = group_for(&budget, share, gave);
    // One worker gives nothing away: it would run every part it gives on its own thread, at
    // the place of the search where it takes the part back, which is where the search without
    // giving explores that branch, at the cost of the part's own start (replaying its path,
    // converting its plan) and of copying what it returns: 6% of indexer(15)'s instructions,
    // 14% of peterson(3)'s (docs/explore.md, "2026-11-28: one worker gives nothing away").
    DporGroup* gives = workers > 1 ? &group : nullptr;
    DporOffer offer = [&, i, share](std::vector<DporPartSpec> specs) {
      std::lock_guard<std::mutex> lock(mutex);
      std::vector<size_t> added = tree.split_off(i, std::move(specs));
      if (!share) return;
      // First in the queue, as they come first in the parts' order after the owner (before
      // what it split off earlier and the parts after it): with one worker every part then
      // starts from its true start, so that a limit stops the search where it stops unsplit.
      for (auto it = added.rbegin(); it != added.rend(); ++it) queue.push_front(Task{false, *it});
      wake.notify_all();
    };
    slot.part.emplace(
        explore_dpor_part(code, options, oracle.get(), slot.spec, budget, offer, gives));
    std::unique_lock<std::mutex> lock(mutex);
    for (size_t m : gave) drop(m, lock);
    slot.timed = share && !gave.empty() && !slot.part->result.limit.empty();
  };
  std::atomic<size_t> running_workers{0};
  auto work = [&] {
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      // Idle while others run: a running part may still split some off.
      wake.wait(lock, [&] { return !queue.empty() || running_parts == 0; });
      if (queue.empty()) break;
      Task task = queue.front();
      queue.pop_front();
      ++running_parts;
      if (task.member) {
        run_member(task.index, lock);
        --running_parts;
        wake.notify_all();
        continue;
      }
      size_t i = task.index;
      Slot& slot = tree[i];
      if (options.split_fault != SplitFault::PartsStartTheLimitsAtZero) {
        slot.start_states = used_states;
        slot.start_executions = used_executions;
      }
      lock.unlock();
      run_part(i, slot, true);
      progress_states += slot.part->result.states;
      progress_executions += slot.part->result.executions_run;
      lock.lock();
      slot.done = true;
      --running_parts;
      while (cursor != kNone && tree[cursor].done &&
             exact(tree[cursor], used_states, used_executions)) {
        merge_part(cursor);
        cursor = tree.after(cursor);
      }
      wake.notify_all();
    }
    --running_workers;
  };
  running_workers = workers;
  std::vector<std::thread> threads;
  for (size_t w = 0; w < workers; ++w) threads.emplace_back(work);
  // The calling thread reports progress while the workers run.
  while (given.progress && running_workers > 0) {
    given.progress(split_states + progress_states, progress_executions);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  for (std::thread& t : threads) t.join();

  // Every part from its true start, in order: a part whose run may have gone further than one
  // worker's would have runs again, on this thread, from the counts of the parts before it;
  // the parts it split off in the run that is dropped are dropped with it, and those of the
  // new run are run here too.
  for (; cursor != kNone; cursor = tree.after(cursor)) {
    Slot& slot = tree[cursor];
    if (!slot.done || !exact(slot, used_states, used_executions)) {
      slot.children.clear();
      slot.start_states = used_states;
      slot.start_executions = used_executions;
      run_part(cursor, slot, false);
      slot.done = true;
    }
    merge_part(cursor);
  }
  result.parts += merged.size();
  if (given.on_execution)
    for (size_t i : merged)
      for (const Schedule& s : tree[i].part->listed) given.on_execution(s);
  result.traces = result.traces.value_or(0);
  outcomes.finish(result);
  return result;
}

} // namespace racelang
