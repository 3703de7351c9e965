// The pictures of hand-picked runs, read back from the generated files: exactly the expected
// lanes, release→acquire/fork/join edges and racing pair in the HTML and in the DOT; values and
// vector clocks recorded at the right events; folding and the row limit with their notes.
#include <gtest/gtest.h>

#include "tests/view/view_support.h"

namespace racelang::testing {
namespace {

const char* kLocked = R"(shared x;
mutex m;
spawn 1 {
  lock m;
  v := load x;
  store v + 1 x;
  unlock m;
}
lock m;
v := load x;
store v + 1 x;
unlock m;
wait 1;
)";

const char* kRacy = R"(shared x;
spawn 1 {
  v := load x;
  store v + 1 x;
}
spawn 2 {
  v := load x;
  store v + 1 x;
}
wait 1;
wait 2;
)";

const char* kLoop = R"(shared a;
spawn 1 {
  i := 0;
  while (i < 40) {
    store i a;
    i := i + 1;
  }
}
wait 1;
v := load a;
)";

std::vector<std::string> labels(const Pictured& p) {
  return label_strings(*p.compiled, p.traced.events);
}

TEST(ViewGolden, LockedCounterHasExactlyItsEdges) {
  auto p = picture(kLocked, {0, 0, 0, 0, 0, 1, 1, 1, 1, 0});
  ASSERT_TRUE(p);
  ASSERT_EQ(labels(*p),
            (std::vector<std::string>{"fork(0, 1)", "acq(0, m)", "rd(0, x)", "wr(0, x)",
                                      "rel(0, m)", "acq(1, m)", "rd(1, x)", "wr(1, x)", "rel(1, m)",
                                      "exit(1)", "join(0, 1)", "exit(0)"}));
  const std::vector<DrawnEdge> expected = {
      {"fork", 0, 5}, {"release-acquire", 4, 5}, {"join", 9, 10}};
  std::string html = render_html(p->input);
  EXPECT_EQ(drawn_edges(html), expected);
  EXPECT_EQ(drawn_lanes(html), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(drawn_events(html).size(), 12u); // nothing folded
  EXPECT_TRUE(drawn_events(html, true).empty());
  EXPECT_EQ(count_matches(html, "class=\"race-note"), 0u);
  EXPECT_EQ(dot_edges(render_dot(p->input)), expected);
  EXPECT_NE(html.find("--schedule-string=0,0,0,0,0,1,1,1,1,0"), std::string::npos);
}

TEST(ViewGolden, LockedCounterRecordsValuesAndClocks) {
  auto p = picture(kLocked, {0, 0, 0, 0, 0, 1, 1, 1, 1, 0});
  ASSERT_TRUE(p);
  const auto& ev = p->recorder->run().events;
  ASSERT_EQ(ev.size(), 12u);
  EXPECT_EQ(ev[3].value, 1);                        // main's store v + 1 x
  EXPECT_EQ(ev[6].locals, std::vector<int64_t>{1}); // thread 1 read 1 into v
  EXPECT_EQ(ev[7].value, 2);
  EXPECT_EQ(ev[5].value, 2);       // the lock cell holds t + 1 = 2 after acq by thread 1
  EXPECT_EQ(ev[0].clock, "[2,0]"); // fork: C_0 := inc_0(C_0)
  EXPECT_EQ(ev[4].clock, "[3,0]"); // rel: L_m := C_0 = [2,0]; C_0 := inc_0(C_0)
  EXPECT_EQ(ev[5].clock, "[2,1]"); // acq: C_1 := [1,1] ⊔ L_m
  EXPECT_EQ(ev[3].location_state, "W=[2,0] R=[2,0]");
  EXPECT_EQ(p->recorder->run().detector, "VectorClock");
}

TEST(ViewGolden, RacyCounterHighlightsThePairWithNoPath) {
  auto p = picture(kRacy, {0, 0, 1, 1, 2});
  ASSERT_TRUE(p);
  ASSERT_EQ(labels(*p), (std::vector<std::string>{"fork(0, 1)", "fork(0, 2)", "rd(1, x)",
                                                  "wr(1, x)", "exit(1)", "rd(2, x)"}));
  std::string html = render_html(p->input);
  const std::vector<DrawnEdge> expected = {{"fork", 0, 2}, {"fork", 1, 5}};
  EXPECT_EQ(drawn_edges(html), expected);
  EXPECT_EQ(drawn_lanes(html), (std::vector<int64_t>{0, 1, 2}));
  EXPECT_EQ(drawn_events(html, true), (std::vector<std::size_t>{3, 5}));
  EXPECT_EQ(count_matches(html, R"(class="race-note" data-previous="3" data-current="5" )"
                                R"(data-connected="false")"),
            1u);
  EXPECT_EQ(count_matches(html, "No path of program order and happens-before edges"), 1u);
  EXPECT_EQ(count_matches(html, R"(<line class="race-link" data-previous="3" data-current="5")"),
            1u);
  std::string dot = render_dot(p->input);
  std::vector<DrawnEdge> with_race = expected;
  with_race.push_back({"race", 3, 5});
  EXPECT_EQ(dot_edges(dot), with_race);
  EXPECT_EQ(count_matches(dot, R"(e\d+ \[label=)"), 6u); // every event a node
  EXPECT_EQ(count_matches(dot, "subgraph cluster_t"), 3u);
}

TEST(ViewGolden, KeepGoingHighlightsEveryPlacedRace) {
  InterpreterOptions options;
  options.keep_going = true;
  auto p = picture(kRacy, {0, 0, 1, 1, 2, 2, 0, 0}, 1, options);
  ASSERT_TRUE(p);
  RunGraph g = build_run_graph(p->input);
  EXPECT_EQ(g.races.size(), p->traced.result.races.size());
  EXPECT_GE(g.races.size(), 2u);
  for (const RacePair& r : g.races) EXPECT_FALSE(r.connected);
}

TEST(ViewGolden, LongStretchesFoldAndTheRowLimitSaysSo) {
  auto p = picture(kLoop, {});
  ASSERT_TRUE(p);
  ASSERT_EQ(p->traced.events.size(), 45u); // fork, 40 writes, exit, join, rd, exit
  std::string html = render_html(p->input);
  // #1 is the fork's target, so the stretch is #2..#40; its first and last stay visible.
  EXPECT_EQ(count_matches(html, R"(<g class="fold" data-row="\d+" data-first="3" data-last="39")"),
            1u);
  EXPECT_EQ(count_matches(html, "id=\"fold-note\""), 1u);
  EXPECT_EQ(drawn_events(html).size(), 45u - 37u);
  EXPECT_EQ(drawn_edges(html).size(), 2u); // fork and join are drawn

  ViewOptions unfolded;
  unfolded.fold_min = 1000;
  EXPECT_EQ(drawn_events(render_html(p->input, unfolded)).size(), 45u);

  ViewOptions limited = unfolded;
  limited.max_rows = 11;
  std::string cut = render_html(p->input, limited);
  EXPECT_EQ(drawn_events(cut).size(), 10u);
  EXPECT_EQ(count_matches(cut, "<g class=\"gap\""), 1u);
  EXPECT_EQ(count_matches(cut, "id=\"limit-note\""), 1u);
  EXPECT_EQ(drawn_edges(cut).size(), 2u); // fork (#0 -> #1) and join (#41 -> #42)
  EXPECT_EQ(count_matches(render_dot(p->input), R"(e\d+ \[label=)"), 45u); // DOT: everything
}

TEST(ViewGolden, TheOutcomeNamesBlockedThreadsAndFailures) {
  auto deadlock = picture(R"(mutex a;
mutex b;
spawn 1 {
  lock a;
  lock b;
}
lock b;
lock a;
)",
                          {0, 0, 1});
  ASSERT_TRUE(deadlock);
  EXPECT_EQ(count_matches(render_html(deadlock->input),
                          "<b id=\"outcome\">deadlock: thread 0 waits to lock &#39;a&#39;, held "
                          "by thread 1; thread 1 waits to lock &#39;b&#39;, held by thread 0<"),
            1u);
  auto failed = picture("shared x;\nv := load x;\nassert(v == 1);\n", {});
  ASSERT_TRUE(failed);
  EXPECT_EQ(count_matches(render_html(failed->input),
                          "<b id=\"outcome\">assertion failure: .* at t.rl:3:1<"),
            1u);
}

TEST(ViewGolden, ScriptDataCannotCloseItsElement) {
  auto p = picture("shared x;\n// </script><b>\nstore 1 x;\n", {});
  ASSERT_TRUE(p);
  p->input.title = "</script><script>alert(1)</script>";
  std::string html = render_html(p->input);
  EXPECT_EQ(count_matches(html, "</script>"), 3u); // the error catcher, the data, the script
  EXPECT_EQ(html.find("<script>alert"), std::string::npos);
}

} // namespace
} // namespace racelang::testing
