// Labels to detector events, races to reports, and the detector-state fingerprints that let
// exploration cache states (see race_observer.h). The fingerprint reads each detector through
// its public state accessors, so it covers exactly what the detector's rules consult.
#include "interp/race_observer.h"

#include <algorithm>

#include "detect/djit.h"
#include "detect/fasttrack.h"
#include "detect/multijoin_vector_clock.h"
#include "detect/vector_clock.h"

namespace racelang {
namespace {

void put(std::string& out, uint32_t v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}

// A detector's clocks and epochs, read through its accessors, over the program's threads
// (components) only: entries of other threads are always 0.
class ClockSnapshot {
public:
  explicit ClockSnapshot(const std::vector<int64_t>& threads) : threads_(threads) {}

  void add_clock(const detect::VectorClock& clock) {
    for (int64_t t : threads_) clock_values_.push_back(clock.get(static_cast<detect::ThreadId>(t)));
  }
  void add_epoch(const detect::Epoch& e) { epochs_.push_back(e); }
  void add_flag(bool flag) { flags_ += flag ? '1' : '0'; }
  // A location whose metadata follows (locations with none are left out: see add_vc_state).
  void add_id(uint32_t id) { ids_.push_back(id); }

  // Every value replaced by its rank among the values of its component (0 stays 0). Verdicts
  // only compare values of one component, and the rules only copy, join (max) and increment
  // a thread's own entry, which is the largest value of its component; so two states with the
  // same ranks give the same verdicts on every future trace. This is what turns a spin loop
  // that locks and unlocks into a cycle instead of an endless chain of ever-larger clocks.
  void canonical(std::string& out) const {
    Ranks& ranks = scratch_ranks();
    ranks.build(*this);
    for_each_clock_value([&](size_t j, uint32_t value) { put(out, ranks.rank(j, value)); });
    for (const detect::Epoch& e : epochs_) {
      size_t j = component(e.thread);
      put(out, static_cast<uint32_t>(j));
      put(out, j < threads_.size() ? ranks.rank(j, e.clock) : e.clock);
    }
    out += flags_;
    for (uint32_t id : ids_) put(out, id);
  }

private:
  // Calls f(component, value) on each clock's entries, in order: the clocks were added one
  // after the other, each as its entries for threads_ in order.
  template <typename F> void for_each_clock_value(F&& f) const {
    const size_t z = threads_.size();
    for (size_t i = 0, j = 0; i < clock_values_.size(); ++i, j = j + 1 == z ? 0 : j + 1)
      f(j, clock_values_[i]);
  }
  // The same for every value ranked in a component: the clocks' entries, then the epochs of
  // threads_ (an epoch of another thread is kept as it is).
  template <typename F> void for_each_ranked_value(F&& f) const {
    for_each_clock_value(f);
    for (const detect::Epoch& e : epochs_)
      if (size_t j = component(e.thread); j < threads_.size()) f(j, e.clock);
  }

  size_t component(detect::ThreadId t) const {
    for (size_t j = 0; j < threads_.size(); ++j)
      if (threads_[j] == static_cast<int64_t>(t)) return j;
    return threads_.size();
  }

  // The rank of each value of each component. Clock values are counts of a thread's
  // synchronisation steps, small beside the number of values a state holds, so a table indexed
  // by value (each component's values from 0 to its largest, one after the other) ranks every
  // value in one pass; the fingerprint of every cached state is built this way, and sorting
  // each component's values was the state cache's largest cost. Components whose values are
  // too spread out for a table are sorted instead.
  class Ranks {
  public:
    void build(const ClockSnapshot& snap) {
      const size_t z = snap.threads_.size();
      size_t values = snap.clock_values_.size() + snap.epochs_.size();
      largest_.assign(z, 0);
      snap.for_each_ranked_value(
          [&](size_t j, uint32_t value) { largest_[j] = std::max(largest_[j], value); });
      base_.assign(z + 1, 0);
      for (size_t j = 0; j < z; ++j) base_[j + 1] = base_[j] + size_t{largest_[j]} + 1;
      dense_ = base_[z] <= 4 * values + 1024;
      if (dense_) {
        // Mark the values present (0 always is), then turn the marks into ranks: the number
        // of distinct values below each value of its component.
        table_.assign(base_[z], 0);
        for (size_t j = 0; j < z; ++j) table_[base_[j]] = 1;
        snap.for_each_ranked_value([&](size_t j, uint32_t value) { table_[base_[j] + value] = 1; });
        for (size_t j = 0; j < z; ++j) {
          uint32_t below = 0;
          for (size_t v = base_[j]; v < base_[j + 1]; ++v) {
            uint32_t present = table_[v];
            table_[v] = below;
            below += present;
          }
        }
        return;
      }
      sorted_.assign(z, std::vector<uint32_t>{0});
      snap.for_each_ranked_value([&](size_t j, uint32_t value) { sorted_[j].push_back(value); });
      for (auto& v : sorted_) {
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
      }
    }

    uint32_t rank(size_t j, uint32_t value) const {
      if (dense_) return table_[base_[j] + value];
      const std::vector<uint32_t>& v = sorted_[j];
      return static_cast<uint32_t>(std::lower_bound(v.begin(), v.end(), value) - v.begin());
    }

  private:
    std::vector<uint32_t> largest_;
    std::vector<size_t> base_;
    bool dense_ = false;
    std::vector<uint32_t> table_;
    std::vector<std::vector<uint32_t>> sorted_;
  };

  // One per thread (the parallel explorer's workers fingerprint at once), kept from state to
  // state so the tables are not allocated each time.
  static Ranks& scratch_ranks() {
    thread_local Ranks ranks;
    return ranks;
  }

  const std::vector<int64_t>& threads_;
  // The clocks added, one after the other, each as its entries for threads_ in order (one
  // buffer: a vector per clock made the allocator the state cache's biggest cost).
  std::vector<uint32_t> clock_values_;
  std::vector<detect::Epoch> epochs_;
  std::string flags_;
  std::vector<uint32_t> ids_;
};

// The locations of `cells` that may have metadata, ascending: the detector's allocated ones
// (a few pages however large the program's arrays), not every location of the program.
template <typename D>
std::vector<uint32_t> covered_locations(const D& d, const RaceObserver::Cells& cells) {
  std::vector<uint32_t> out;
  for (uint32_t x : d.locations_with_metadata())
    if (std::binary_search(cells.locations.begin(), cells.locations.end(), x)) out.push_back(x);
  return out;
}

// The parts every vector-clock detector shares: C_t, L_m, and R_x/W_x as vector clocks.
// The synchronisation state every detector shares (SyncClocks): C_t, L_m, V_v, B_b and whether
// b is between phases.
template <typename D>
void add_sync_state(const D& d, const std::vector<int64_t>& threads,
                    const RaceObserver::Cells& cells, ClockSnapshot& snap) {
  for (int64_t t : threads) snap.add_clock(d.thread_clock(static_cast<detect::ThreadId>(t)));
  for (uint32_t m : cells.locks) snap.add_clock(d.lock_clock(m));
  for (uint32_t v : cells.volatiles) snap.add_clock(d.volatile_clock(v));
  for (uint32_t b : cells.barriers) {
    snap.add_clock(d.barrier_clock(b));
    snap.add_flag(d.barrier_between_phases(b));
  }
}

template <typename D>
void add_vc_state(const D& d, const std::vector<int64_t>& threads, const RaceObserver::Cells& cells,
                  ClockSnapshot& snap) {
  add_sync_state(d, threads, cells, snap);
  // Only locations with metadata, each with its id: a large array whose cells are mostly never
  // touched costs what its touched cells cost. Leaving out a location whose clocks are both ⊥
  // changes no rank (0 always ranks 0), so equal encodings still mean equal states.
  for (uint32_t x : covered_locations(d, cells)) {
    detect::VectorClock r = d.read_clock(x), w = d.write_clock(x);
    if (r == detect::VectorClock{} && w == detect::VectorClock{}) continue;
    snap.add_id(x);
    snap.add_clock(r);
    snap.add_clock(w);
  }
}

AccessKind access_kind(detect::EventKind kind) {
  return kind == detect::EventKind::Write ? AccessKind::Write : AccessKind::Read;
}

} // namespace

std::optional<detect::Event> to_event(const Label& label) {
  using detect::Event;
  auto t = static_cast<detect::ThreadId>(label.thread);
  switch (label.kind) {
  case LabelKind::None:
    return std::nullopt;
  case LabelKind::Read:
    return Event::read(t, label.target);
  case LabelKind::Write:
    return Event::write(t, label.target);
  case LabelKind::Acquire:
    return Event::acquire(t, label.target);
  case LabelKind::Release:
    return Event::release(t, label.target);
  case LabelKind::Fork:
    return Event::fork(t, label.target);
  case LabelKind::Join:
    return Event::join(t, label.target);
  case LabelKind::Exit:
    return Event::exit(t);
  case LabelKind::VolatileRead:
    return Event::volatile_read(t, label.target);
  case LabelKind::VolatileWrite:
    return Event::volatile_write(t, label.target);
  case LabelKind::BarrierArrive:
    return Event::barrier_arrive(t, label.target);
  case LabelKind::BarrierDepart:
    return Event::barrier_depart(t, label.target);
  case LabelKind::CondWait: // a wait's edges are its release and re-acquisition of the lock
  case LabelKind::Notify:   // FastTrack's rule: a notify adds no edge
    return std::nullopt;
  }
  return std::nullopt;
}

RaceObserver::RaceObserver(std::optional<detect::DetectorKind> kind) : kind_(kind) {
  if (kind) detector_ = detect::make_detector(*kind);
}

void RaceObserver::record(const LabelledStep& step) {
  if (step.label.kind == LabelKind::Read || step.label.kind == LabelKind::Write)
    history_.record(step.label.target, step.label.thread,
                    step.label.kind == LabelKind::Write ? AccessKind::Write : AccessKind::Read,
                    step.range);
}

std::optional<RaceReport> RaceObserver::observe(const LabelledStep& step) {
  auto event = to_event(step.label);
  if (!event) return std::nullopt;
  if (detector_) {
    if (auto race = detector_->step(*event)) {
      RaceReport report;
      report.cell = step.label.target;
      report.current = {step.label.thread, access_kind(event->kind), step.range};
      auto prev_kind = access_kind(race->previous_kind);
      int64_t prev_thread = race->previous_thread;
      report.previous = {prev_thread, prev_kind,
                         history_.last(step.label.target, prev_thread, prev_kind)};
      return report;
    }
  }
  record(step);
  return std::nullopt;
}

void RaceObserver::force(const LabelledStep& step) {
  auto event = to_event(step.label);
  if (!event) return;
  if (detector_) detector_->force(*event);
  record(step);
}

void RaceObserver::exit(int64_t thread) {
  if (detector_) detector_->force(detect::Event::exit(static_cast<detect::ThreadId>(thread)));
}

bool RaceObserver::fingerprint(const std::vector<int64_t>& threads, const Cells& cells,
                               std::string& out) const {
  if (!detector_) return true;
  const detect::Detector* d = detector_.get();
  ClockSnapshot snap(threads);
  if (auto* vc = dynamic_cast<const detect::VectorClockDetector*>(d)) {
    add_vc_state(*vc, threads, cells, snap);
  } else if (auto* dj = dynamic_cast<const detect::DjitDetector*>(d)) {
    add_vc_state(*dj, threads, cells, snap);
  } else if (auto* mj = dynamic_cast<const detect::MultiJoinVectorClockDetector*>(d)) {
    add_vc_state(*mj, threads, cells, snap);
    for (int64_t t : threads) snap.add_flag(mj->has_exited(static_cast<detect::ThreadId>(t)));
  } else if (auto* ft = dynamic_cast<const detect::FastTrackDetector*>(d)) {
    add_sync_state(*ft, threads, cells, snap);
    for (uint32_t x : covered_locations(*ft, cells)) {
      // As in add_vc_state: only locations with metadata (a write or a read epoch, or a read
      // vector), each with its id.
      bool shared = ft->read_is_shared(x);
      if (!shared && ft->write_epoch(x) == detect::Epoch{} && ft->read_epoch(x) == detect::Epoch{})
        continue;
      snap.add_id(x);
      snap.add_epoch(ft->write_epoch(x));
      snap.add_flag(shared);
      if (shared)
        snap.add_clock(ft->read_clock(x));
      else
        snap.add_epoch(ft->read_epoch(x));
    }
  } else {
    return false;
  }
  snap.canonical(out);
  return true;
}

} // namespace racelang
