// The interface every race-detection algorithm implements, so the interpreter, the driver and the
// tests can run any of them over the same stream of events. Detectors are pure state machines: no
// I/O, no threads, no clocks. Following the paper, a race is a step the algorithm cannot take
// ("stuck"): step() then reports it and leaves the state untouched; force() takes the step anyway
// (metadata updated as if every check had passed) so a caller can keep going after a report.
#pragma once

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "detect/event.h"

namespace racelang::detect {

// A detected race: the access that could not be taken and the earlier access it conflicts with,
// named by kind and thread so the caller can find where that thread last performed such an access
// to current.target (every detector keeps only that much per thread).
struct Race {
  Event current;           // a Read or a Write
  EventKind previous_kind; // Read or Write (a write when current is a Read)
  ThreadId previous_thread;

  friend bool operator==(const Race&, const Race&) = default;
};

// "rd(t1,x0) races with an earlier wr by t0".
std::string to_string(const Race& race);

// Thrown by a detector handed an event that its trace discipline forbids (only the multiple-join
// detector checks one: acting after exit, joining a thread before it exits, exiting twice). It is
// a bug in whatever produced the trace, never a property of the program, so it is an exception
// rather than a Race. The detector's state is unchanged when it is thrown.
class ProtocolError : public std::logic_error {
public:
  using std::logic_error::logic_error;
};

class Detector {
public:
  virtual ~Detector();

  // Applies the event. If the algorithm is stuck on it (a race), returns the race and leaves the
  // state unchanged, exactly like the paper's stuck semantics. Only Read and Write can be stuck.
  // When several earlier accesses conflict, the report prefers a conflicting write over a
  // conflicting read (the order of the paper's premises W_x ⊑ C_t, R_x ⊑ C_t) and, among those,
  // the lowest thread id the algorithm's metadata can name (see each detector's header).
  virtual std::optional<Race> step(const Event& e) = 0;

  // Applies the event's metadata update as if all checks had passed (used after a race is
  // reported to keep going, `--keep-going`). For synchronization events it is step().
  virtual void force(const Event& e) = 0;

  // A display name, e.g. "VectorClock" or "FastTrack".
  virtual std::string_view name() const = 0;

  // A copy of this detector, state and options (an explorer keeps copies at points of its
  // search path instead of replaying the path's events from the start at each backtrack).
  virtual std::unique_ptr<Detector> clone() const = 0;
  // Makes this detector's state and options a copy of `other`'s, which must be a detector of
  // the same class (std::bad_cast otherwise). Unlike clone() it reuses this detector's storage:
  // an explorer that restores a kept copy at every backtrack would otherwise allocate each of
  // its clocks anew every time (docs/explore.md, "the observer's copies, in place").
  virtual void assign(const Detector& other) = 0;

protected:
  // The concrete detectors are values (copy one to snapshot its state, e.g. at a branch point of
  // an exploration); copying through the base would slice, so only subclasses may.
  Detector() = default;
  Detector(const Detector&) = default;
  Detector& operator=(const Detector&) = default;
};

// clone() and assign() for a detector that is a value (its copy is its state's copy): derive
// `class D final : public CopyableDetector<D>`.
template <typename Self> class CopyableDetector : public Detector {
public:
  std::unique_ptr<Detector> clone() const final {
    return std::make_unique<Self>(static_cast<const Self&>(*this));
  }
  void assign(const Detector& other) final {
    static_cast<Self&>(*this) = dynamic_cast<const Self&>(other);
  }
};

enum class DetectorKind { VectorClock, FastTrack, Djit, MultiJoinVectorClock };

// A detector with its default (correct) options.
std::unique_ptr<Detector> make_detector(DetectorKind kind);

// "vc", "fasttrack", "djit", "vc-multijoin" (the spellings of `--detector=`); nullopt otherwise.
std::optional<DetectorKind> parse_detector_kind(std::string_view text);

// The inverse of parse_detector_kind.
std::string_view detector_kind_option(DetectorKind kind);

} // namespace racelang::detect
