// Reading and writing traces as text: racelang's own format and RAPID's STD (through
// detect/std_trace.h, so there is one STD reader and writer in the project).
#include "predict/trace_text.h"

#include <algorithm>

#include <charconv>
#include <unordered_map>
#include <vector>

#include "detect/std_trace.h"

namespace racelang::predict {
namespace {

constexpr uint32_t kSiteLineFactor = 65536; // as `racelang run --trace` encodes sites

std::string position(const Event& e) {
  if (e.line == 0) return "";
  return " @" + std::to_string(e.line) + ":" + std::to_string(e.col);
}

std::vector<std::string_view> split_ws(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

template <typename T> bool parse_number(std::string_view s, T& out) {
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc{} && p == s.data() + s.size();
}

bool valid_name(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c == '@' || c == '=' || c == ',' || c == '#' || static_cast<unsigned char>(c) <= ' ')
      return false;
  return true;
}

bool parse_thread(std::string_view s, uint32_t& out) {
  return s.size() >= 2 && s[0] == 'T' && parse_number(s.substr(1), out) &&
         out <= detect::kMaxStdThreadId;
}

// Names to dense ids in order of first use.
struct NameTable {
  std::vector<std::string>* names;
  std::unordered_map<std::string, uint32_t> ids;
  uint32_t id(std::string_view name) {
    auto [it, fresh] = ids.emplace(std::string(name), static_cast<uint32_t>(names->size()));
    if (fresh) names->emplace_back(name);
    return it->second;
  }
};

} // namespace

std::string write_trace(const Trace& trace) {
  std::string out = std::string(kTraceHeader) + "\n";
  for (const Event& e : trace.events) {
    out += "T" + std::to_string(e.thread) + " " + op_name(e.op);
    switch (e.op) {
    case Op::Read:
    case Op::Write:
      out += " " + trace.locations.at(e.target);
      if (trace.has_values) out += " = " + std::to_string(e.value);
      break;
    case Op::Acquire:
    case Op::Release:
      out += " " + trace.locks.at(e.target);
      break;
    case Op::Fork:
    case Op::Join:
      out += " T" + std::to_string(e.target);
      break;
    case Op::Branch: {
      std::string deps;
      for (uint32_t d : e.deps) deps += (deps.empty() ? "" : ",") + std::to_string(d + 1);
      out += " " + (deps.empty() ? std::string("-") : deps);
      break;
    }
    case Op::Print:
      break;
    }
    out += position(e) + "\n";
  }
  return out;
}

TraceReadResult read_trace(std::string_view text) {
  TraceReadResult r;
  Trace& t = r.trace;
  NameTable locations{&t.locations, {}}, locks{&t.locks, {}};
  bool any_value = false, any_access = false;
  size_t line_no = 0, pos = 0;
  auto fail = [&](std::string message) {
    r.error = TraceError{line_no, std::move(message)};
    return r;
  };
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view line =
        text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line_no == 1) {
      if (line != kTraceHeader)
        return fail("expected the header '" + std::string(kTraceHeader) + "'");
      continue;
    }
    if (auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    auto f = split_ws(line);
    if (f.empty()) continue;
    Event e;
    if (!parse_thread(f[0], e.thread))
      return fail("expected a thread 'T<id>' (id at most 65535), not '" + std::string(f[0]) + "'");
    if (f.size() < 2) return fail("expected an operation after the thread");
    // A trailing @L:C is the position.
    if (f.back().size() > 1 && f.back()[0] == '@') {
      std::string_view p = f.back().substr(1);
      size_t colon = p.find(':');
      // Lines count from 1: an unknown position is written as none, so `@0:C` would not
      // read back as itself.
      if (colon == std::string_view::npos || !parse_number(p.substr(0, colon), e.line) ||
          !parse_number(p.substr(colon + 1), e.col) || e.line == 0)
        return fail("expected a position '@LINE:COL' (LINE from 1), not '" + std::string(f.back()) +
                    "'");
      f.pop_back();
    }
    std::string_view op = f[1];
    auto want = [&](size_t n, const char* shape) -> std::optional<std::string> {
      if (f.size() != n) return std::string("expected '") + shape + "'";
      return std::nullopt;
    };
    if (op == "rd" || op == "wr") {
      e.op = op == "rd" ? Op::Read : Op::Write;
      any_access = true;
      if (f.size() != 3 && f.size() != 5)
        return fail("expected 'T<id> " + std::string(op) + " NAME [= VALUE] [@L:C]'");
      if (!valid_name(f[2])) return fail("bad location name '" + std::string(f[2]) + "'");
      e.target = locations.id(f[2]);
      if (f.size() == 5) {
        if (f[3] != "=" || !parse_number(f[4], e.value))
          return fail("expected '= VALUE' (a 64-bit integer) after the location");
        any_value = true;
      }
    } else if (op == "acq" || op == "rel") {
      e.op = op == "acq" ? Op::Acquire : Op::Release;
      if (auto m = want(3, "T<id> acq|rel LOCK [@L:C]")) return fail(*m);
      if (!valid_name(f[2])) return fail("bad lock name '" + std::string(f[2]) + "'");
      e.target = locks.id(f[2]);
    } else if (op == "fork" || op == "join") {
      e.op = op == "fork" ? Op::Fork : Op::Join;
      if (auto m = want(3, "T<id> fork|join T<id> [@L:C]")) return fail(*m);
      if (!parse_thread(f[2], e.target))
        return fail("expected a thread 'T<id>', not '" + std::string(f[2]) + "'");
    } else if (op == "print") {
      e.op = Op::Print;
      if (auto m = want(2, "T<id> print [@L:C]")) return fail(*m);
    } else if (op == "branch") {
      e.op = Op::Branch;
      if (auto m = want(3, "T<id> branch N,N,...|- [@L:C]")) return fail(*m);
      if (f[2] != "-") {
        std::string_view list = f[2];
        while (!list.empty()) {
          size_t comma = list.find(',');
          std::string_view n = list.substr(0, comma);
          uint32_t d = 0;
          if (!parse_number(n, d) || d == 0 || d > t.events.size())
            return fail("a branch depends on earlier events by number (1 to " +
                        std::to_string(t.events.size()) + "), not '" + std::string(n) + "'");
          const Event& dep = t.events[d - 1];
          if (dep.op != Op::Read || dep.thread != e.thread)
            return fail("event " + std::to_string(d) + " is not a read of this thread");
          if (!e.deps.empty() && d - 1 <= e.deps.back())
            return fail("branch dependencies must be ascending");
          e.deps.push_back(d - 1);
          list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
        }
      }
    } else {
      return fail("unknown operation '" + std::string(op) +
                  "' (rd, wr, acq, rel, fork, join, print, branch)");
    }
    t.events.push_back(std::move(e));
  }
  if (line_no == 0 || (line_no == 1 && text.empty()))
    return fail("expected the header '" + std::string(kTraceHeader) + "'");
  t.has_values = any_value || !any_access;
  return r;
}

std::string write_std(const Trace& trace) {
  detect::Trace events;
  std::vector<uint32_t> ids;
  for (const Event& e : trace.events) {
    detect::ThreadId th = e.thread;
    switch (e.op) {
    case Op::Read:
      events.push_back(detect::Event::read(th, e.target));
      break;
    case Op::Write:
      events.push_back(detect::Event::write(th, e.target));
      break;
    case Op::Acquire:
      events.push_back(detect::Event::acquire(th, e.target));
      break;
    case Op::Release:
      events.push_back(detect::Event::release(th, e.target));
      break;
    case Op::Fork:
      events.push_back(detect::Event::fork(th, e.target));
      break;
    case Op::Join:
      events.push_back(detect::Event::join(th, e.target));
      break;
    case Op::Print:
    case Op::Branch:
      continue;
    }
    uint64_t site = uint64_t{e.line} * kSiteLineFactor + e.col;
    ids.push_back(e.line == 0 || site > UINT32_MAX ? 0 : static_cast<uint32_t>(site));
  }
  detect::StdNames names;
  names.location = [&](uint32_t id) { return trace.locations.at(id); };
  names.lock = [&](uint32_t id) { return trace.locks.at(id); };
  return detect::write_std_trace(events, ids, names);
}

namespace {

// The 1-based line of the STD text holding event i (the reader skips blank lines).
size_t std_line_of_event(std::string_view text, size_t i) {
  size_t line = 0, events = 0, pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view l = text.substr(pos, nl == std::string_view::npos ? nl : nl - pos);
    ++line;
    if (l.find_first_not_of(" \t\r\v\f") != std::string_view::npos && events++ == i) return line;
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  return line;
}

} // namespace

TraceReadResult read_std(std::string_view text) {
  TraceReadResult r;
  detect::StdReadResult s = detect::read_std_trace(text);
  if (s.error) {
    r.error = TraceError{s.error->line, s.error->message};
    return r;
  }
  // STD allows names racelang's format cannot write ('@', '=', ',', '#', control bytes): such a
  // trace is refused at the first line that uses one, so every trace read can be written back.
  for (const auto* names : {&s.trace.location_names, &s.trace.lock_names})
    for (const std::string& name : *names)
      if (!valid_name(name)) {
        size_t at = text.find("(" + name + ")");
        size_t line =
            at == std::string_view::npos
                ? 1
                : 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + at, '\n'));
        r.error = TraceError{line, "the name '" + name +
                                       "' has a character racelang's traces cannot hold ('@', "
                                       "'=', ',', '#' or a control character)"};
        return r;
      }
  r.trace.locations = std::move(s.trace.location_names);
  r.trace.locks = std::move(s.trace.lock_names);
  for (size_t i = 0; i < s.trace.events.size(); ++i) {
    const detect::Event& d = s.trace.events[i];
    Event e;
    e.thread = d.thread;
    e.target = d.target;
    switch (d.kind) {
    case detect::EventKind::Read:
      e.op = Op::Read;
      break;
    case detect::EventKind::Write:
      e.op = Op::Write;
      break;
    case detect::EventKind::Acquire:
      e.op = Op::Acquire;
      break;
    case detect::EventKind::Release:
      e.op = Op::Release;
      break;
    case detect::EventKind::Fork:
      e.op = Op::Fork;
      break;
    case detect::EventKind::Join:
      e.op = Op::Join;
      break;
    case detect::EventKind::Exit:
      continue;
    case detect::EventKind::VolatileRead:
    case detect::EventKind::VolatileWrite:
    case detect::EventKind::BarrierArrive:
    case detect::EventKind::BarrierDepart:
      // STD has no such events and the reader never produces them; prediction does not support
      // volatiles or barriers, so refuse rather than drop their happens-before edges.
      r.error = TraceError{std_line_of_event(text, i), "prediction does not support " +
                                                           std::string(detect::to_string(d.kind)) +
                                                           " events"};
      return r;
    }
    // Line 0 is "no position" (the racelang format writes none), whatever the column says.
    uint32_t id = s.trace.source_ids[i];
    e.line = id / kSiteLineFactor;
    e.col = e.line == 0 ? 0 : id % kSiteLineFactor;
    r.trace.events.push_back(e);
  }
  return r;
}

TraceReadResult read_any_trace(std::string_view text) {
  bool ours = text.substr(0, kTraceHeader.size()) == kTraceHeader;
  TraceReadResult r = ours ? read_trace(text) : read_std(text);
  if (r.error) return r;
  if (auto bad = check_well_formed(r.trace)) {
    // "event N: ..." -> the line of event N.
    size_t n = std::stoul(bad->substr(6));
    size_t line = 0, seen = 0, pos = 0;
    while (pos < text.size() && seen < n) {
      size_t nl = text.find('\n', pos);
      std::string_view l = text.substr(pos, nl == std::string_view::npos ? text.npos : nl - pos);
      ++line;
      if (auto hash = l.find('#'); hash != std::string_view::npos) l = l.substr(0, hash);
      if (!split_ws(l).empty() && l.find('|') != 0) ++seen;
      pos = nl == std::string_view::npos ? text.size() : nl + 1;
    }
    r.error = TraceError{line, "not a well-formed trace: " + bad->substr(bad->find(':') + 2)};
  }
  return r;
}

} // namespace racelang::predict
