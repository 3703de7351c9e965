// RAPID STD writer and reader. The reader is a hand-written scanner over string_views: every
// failure becomes an StdError with the line number, never an exception or a crash.
#include "detect/std_trace.h"

#include <charconv>
#include <stdexcept>
#include <unordered_map>

namespace racelang::detect {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

bool valid_name(std::string_view name) {
  if (name.empty()) return false;
  for (char c : name)
    if (c == '|' || c == '(' || c == ')' || c == '\n' || is_space(c)) return false;
  return true;
}

std::string checked_name(std::string name, const char* what) {
  if (!valid_name(name))
    throw std::invalid_argument(std::string("invalid STD ") + what + " name '" + name + "'");
  return name;
}

// Decimal digits only (no sign, no spaces), fitting in uint32_t.
std::optional<uint32_t> parse_number(std::string_view s) {
  if (s.empty()) return std::nullopt;
  for (char c : s)
    if (c < '0' || c > '9') return std::nullopt;
  uint32_t value = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return value;
}

// "T<id>" with id <= kMaxStdThreadId.
std::optional<ThreadId> parse_thread(std::string_view s) {
  if (s.size() < 2 || s[0] != 'T') return std::nullopt;
  auto id = parse_number(s.substr(1));
  if (!id || *id > kMaxStdThreadId) return std::nullopt;
  return *id;
}

class Interner {
public:
  explicit Interner(std::vector<std::string>& names) : names_(names) {}
  uint32_t id(std::string_view name) {
    auto [it, inserted] = ids_.try_emplace(std::string(name), static_cast<uint32_t>(names_.size()));
    if (inserted) names_.emplace_back(name);
    return it->second;
  }

private:
  std::vector<std::string>& names_;
  std::unordered_map<std::string, uint32_t> ids_;
};

// The kinds with an STD line (Exit has none but is skipped silently, as documented).
bool std_representable(EventKind kind) {
  switch (kind) {
  case EventKind::Read:
  case EventKind::Write:
  case EventKind::Acquire:
  case EventKind::Release:
  case EventKind::Fork:
  case EventKind::Join:
    return true;
  case EventKind::Exit:
  case EventKind::VolatileRead:
  case EventKind::VolatileWrite:
  case EventKind::BarrierArrive:
  case EventKind::BarrierDepart:
    return false;
  }
  return false;
}

} // namespace

std::string write_std_trace(const Trace& events, const std::vector<uint32_t>& source_ids,
                            const StdNames& names) {
  if (!source_ids.empty() && source_ids.size() != events.size())
    throw std::invalid_argument("write_std_trace: " + std::to_string(source_ids.size()) +
                                " source ids for " + std::to_string(events.size()) + " events");
  std::string out;
  for (std::size_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    if (e.kind == EventKind::Exit) continue; // not representable in STD
    if (!std_representable(e.kind))
      throw std::invalid_argument("write_std_trace: RAPID's STD format has no " +
                                  std::string(to_string(e.kind)) + " events: " + to_string(e));
    const bool names_thread = e.kind == EventKind::Fork || e.kind == EventKind::Join;
    if (e.thread > kMaxStdThreadId || (names_thread && e.target > kMaxStdThreadId))
      throw std::invalid_argument("write_std_trace: thread id above " +
                                  std::to_string(kMaxStdThreadId) + " in " + to_string(e));
    auto location = [&] {
      return names.location ? checked_name(names.location(e.target), "location")
                            : "x" + std::to_string(e.target);
    };
    auto lock = [&] {
      return names.lock ? checked_name(names.lock(e.target), "lock")
                        : "m" + std::to_string(e.target);
    };
    const std::string thread = "T" + std::to_string(e.target);
    std::string_view op;
    std::string operand;
    switch (e.kind) {
    case EventKind::Read:
      op = "r";
      operand = location();
      break;
    case EventKind::Write:
      op = "w";
      operand = location();
      break;
    case EventKind::Acquire:
      op = "acq";
      operand = lock();
      break;
    case EventKind::Release:
      op = "rel";
      operand = lock();
      break;
    case EventKind::Fork:
      op = "fork";
      operand = thread;
      break;
    case EventKind::Join:
      op = "join";
      operand = thread;
      break;
    case EventKind::Exit:
    case EventKind::VolatileRead:
    case EventKind::VolatileWrite:
    case EventKind::BarrierArrive:
    case EventKind::BarrierDepart:
      break; // skipped or rejected above
    }
    out += 'T';
    out += std::to_string(e.thread);
    out += '|';
    out += op;
    out += '(';
    out += operand;
    out += ")|";
    out += std::to_string(source_ids.empty() ? 0 : source_ids[i]);
    out += '\n';
  }
  return out;
}

std::string StdError::to_string() const {
  return "line " + std::to_string(line) + ": " + message;
}

StdReadResult read_std_trace(std::string_view text) {
  StdReadResult result;
  Interner locations(result.trace.location_names);
  Interner locks(result.trace.lock_names);
  std::size_t line_no = 0;

  while (!text.empty()) {
    ++line_no;
    const std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    line = trim(line);
    if (line.empty()) continue;

    auto fail = [&](std::string message) {
      result.error = StdError{line_no, std::move(message)};
      return result;
    };

    // Three fields.
    const std::size_t bar1 = line.find('|');
    const std::size_t bar2 = bar1 == std::string_view::npos ? bar1 : line.find('|', bar1 + 1);
    if (bar2 == std::string_view::npos || line.find('|', bar2 + 1) != std::string_view::npos)
      return fail("expected 3 fields separated by '|' (thread|operation|source id)");
    const std::string_view thread_field = trim(line.substr(0, bar1));
    const std::string_view op_field = trim(line.substr(bar1 + 1, bar2 - bar1 - 1));
    const std::string_view source_field = trim(line.substr(bar2 + 1));

    const auto thread = parse_thread(thread_field);
    if (!thread)
      return fail("bad thread '" + std::string(thread_field) +
                  "' (expected T<id>, id <= " + std::to_string(kMaxStdThreadId) + ")");

    // op(operand)
    const std::size_t open = op_field.find('(');
    if (open == std::string_view::npos || op_field.back() != ')')
      return fail("bad operation '" + std::string(op_field) + "' (expected op(operand))");
    const std::string_view op = trim(op_field.substr(0, open));
    const std::string_view operand = trim(op_field.substr(open + 1, op_field.size() - open - 2));

    Event e{EventKind::Read, *thread, 0};
    if (op == "r" || op == "w" || op == "acq" || op == "rel") {
      if (!valid_name(operand))
        return fail("bad name '" + std::string(operand) + "' in '" + std::string(op_field) + "'");
      if (op == "r" || op == "w") {
        e.kind = op == "r" ? EventKind::Read : EventKind::Write;
        e.target = locations.id(operand);
      } else {
        e.kind = op == "acq" ? EventKind::Acquire : EventKind::Release;
        e.target = locks.id(operand);
      }
    } else if (op == "fork" || op == "join") {
      const auto other = parse_thread(operand);
      if (!other)
        return fail("bad thread '" + std::string(operand) + "' in '" + std::string(op_field) +
                    "' (expected T<id>, id <= " + std::to_string(kMaxStdThreadId) + ")");
      e.kind = op == "fork" ? EventKind::Fork : EventKind::Join;
      e.target = *other;
    } else {
      return fail("unknown operation '" + std::string(op) +
                  "' (expected r, w, acq, rel, fork or join)");
    }

    const auto source = parse_number(source_field);
    if (!source) return fail("bad source id '" + std::string(source_field) + "'");

    result.trace.events.push_back(e);
    result.trace.source_ids.push_back(*source);
  }
  return result;
}

} // namespace racelang::detect
