// Running programs for the view tests, and reading the pictures back (see view_support.h).
#include "tests/view/view_support.h"

#include <regex>

namespace racelang::testing {

std::unique_ptr<Pictured> picture(const std::string& source, const Schedule& schedule,
                                  uint64_t seed, InterpreterOptions options) {
  auto p = std::make_unique<Pictured>();
  p->compiled = compile(source);
  if (!p->compiled) return nullptr;
  p->recorder = std::make_unique<RunRecorder>(p->compiled->code);
  p->recorder->attach(options);
  p->traced = schedule.empty() ? run_seed(*p->compiled, seed, options)
                               : run_schedule(*p->compiled, schedule, options);
  p->input.code = &p->compiled->code;
  p->input.file = p->compiled->file.get();
  p->input.observed = &p->recorder->run();
  p->input.result = &p->traced.result;
  p->input.title = "test";
  p->input.replay =
      "racelang run t.rl --schedule-string=" + format_schedule_string(p->traced.result.schedule);
  return p;
}

namespace {
template <typename F> void each_match(const std::string& text, const std::string& re, F f) {
  std::regex r(re);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), r); it != std::sregex_iterator();
       ++it)
    f(*it);
}
} // namespace

std::vector<DrawnEdge> drawn_edges(const std::string& html) {
  std::vector<DrawnEdge> out;
  each_match(
      html,
      R"re(<path class="edge ([a-z-]+)" data-kind="([a-z-]+)" data-from="(\d+)" data-to="(\d+)")re",
      [&](const std::smatch& m) {
        out.push_back({m[1], std::stoul(m[3]), std::stoul(m[4])});
      });
  return out;
}

std::vector<DrawnEdge> dot_edges(const std::string& dot) {
  std::vector<DrawnEdge> out;
  each_match(dot, R"re(e(\d+) -> e(\d+) \[class="([a-z-]+)")re", [&](const std::smatch& m) {
    if (m[3] != "po") out.push_back({m[3], std::stoul(m[1]), std::stoul(m[2])});
  });
  return out;
}

std::vector<int64_t> drawn_lanes(const std::string& html) {
  std::vector<int64_t> out;
  each_match(html, R"re(<g class="lane" data-thread="(\d+)")re",
             [&](const std::smatch& m) { out.push_back(std::stoll(m[1])); });
  return out;
}

std::vector<std::size_t> drawn_events(const std::string& html, bool racing_only) {
  std::vector<std::size_t> out;
  each_match(html, R"re(<g class="ev( race)?" id="ev-(\d+)")re", [&](const std::smatch& m) {
    if (!racing_only || m[1].matched) out.push_back(std::stoul(m[2]));
  });
  return out;
}

std::size_t count_matches(const std::string& text, const std::string& regex) {
  std::size_t n = 0;
  each_match(text, regex, [&](const std::smatch&) { ++n; });
  return n;
}

} // namespace racelang::testing
