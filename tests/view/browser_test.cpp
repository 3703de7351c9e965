// The page in a real browser: headless Chromium opens it with #selftest, under which the page
// checks its lanes and rows, moves playback with its own functions and a key press, and writes
// the verdict and any script errors into the DOM, which --dump-dom prints. A page whose playback
// is deliberately broken (ViewOptions::break_playback) must fail the same check. Skipped, with a
// message, where no Chromium is installed (scripts/setup.sh installs Debian's `chromium`).
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "tests/view/view_support.h"

namespace racelang::testing {
namespace {

namespace fs = std::filesystem;

std::string chromium_path() {
  if (const char* env = std::getenv("RACELANG_CHROMIUM")) return env;
  for (const char* candidate : {"/usr/bin/chromium", "/usr/bin/chromium-browser"})
    if (access(candidate, X_OK) == 0) return candidate;
  return "";
}

struct Browser {
  std::string binary = chromium_path();
  fs::path dir;
  Browser() {
    char tmpl[] = "/tmp/racelang-view-XXXXXX";
    if (mkdtemp(tmpl)) dir = tmpl;
  }
  ~Browser() {
    std::error_code ec;
    if (!dir.empty()) fs::remove_all(dir, ec);
  }
  // The DOM after loading `html` with #selftest (a timeout kills a browser that hangs).
  std::string dump_dom(const std::string& html, const std::string& name) {
    fs::path page = dir / (name + ".html"), out = dir / (name + ".dom");
    std::ofstream(page) << html;
    std::string command = "timeout -k 5 120 '" + binary + "' --headless " +
                          (geteuid() == 0 ? "--no-sandbox " : "") +
                          "--disable-gpu --no-first-run --no-default-browser-check "
                          "--disable-extensions --user-data-dir='" +
                          (dir / ("profile-" + name)).string() + "' --dump-dom 'file://" +
                          page.string() + "#selftest' > '" + out.string() + "' 2>/dev/null";
    int status = std::system(command.c_str());
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << command;
    std::ifstream in(out);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
};

#define REQUIRE_BROWSER(b)                                                                         \
  if ((b).binary.empty())                                                                          \
  GTEST_SKIP() << "no Chromium found (/usr/bin/chromium; set RACELANG_CHROMIUM to use another)"    \
                  ": scripts/setup.sh installs Debian's chromium"

const char* kRacy = R"(shared x;
mutex m;
spawn 1 {
  lock m;
  v := load x;
  unlock m;
  store v + 1 x;
}
lock m;
v := load x;
unlock m;
store v + 1 x;
wait 1;
)";

TEST(ViewBrowser, PageRendersWithoutErrorsAndPlaybackMoves) {
  Browser b;
  REQUIRE_BROWSER(b);
  auto p = picture(kRacy, {0, 0, 0, 0, 0, 1, 1});
  ASSERT_TRUE(p);
  std::string dom = b.dump_dom(render_html(p->input), "racy");
  EXPECT_NE(dom.find("<pre id=\"selftest\">selftest: PASS"), std::string::npos)
      << dom.substr(0, 2000);
  EXPECT_NE(dom.find("<pre id=\"script-errors\"></pre>"), std::string::npos);
}

// 10^4 events, folded and limited, still loads and plays back within the timeout.
TEST(ViewBrowser, TenThousandEventsLoadAndPlay) {
  Browser b;
  REQUIRE_BROWSER(b);
  auto p = picture(R"(shared a;
shared b;
spawn 1 {
  i := 0;
  while (i < 2500) {
    store i a;
    v := load b;
    i := i + 1;
  }
}
i := 0;
while (i < 2500) {
  store i b;
  v := load a;
  i := i + 1;
}
wait 1;
)",
                   {}, 7, [] {
                     InterpreterOptions o;
                     o.keep_going = true;
                     return o;
                   }());
  ASSERT_TRUE(p);
  ASSERT_GE(p->traced.events.size(), 10000u);
  std::string dom = b.dump_dom(render_html(p->input), "large");
  EXPECT_NE(dom.find("<pre id=\"selftest\">selftest: PASS"), std::string::npos)
      << dom.substr(0, 2000);
  EXPECT_NE(dom.find("<pre id=\"script-errors\"></pre>"), std::string::npos);
}

TEST(ViewBrowser, BrokenPlaybackIsCaught) {
  Browser b;
  REQUIRE_BROWSER(b);
  auto p = picture(kRacy, {0, 0, 0, 0, 0, 1, 1});
  ASSERT_TRUE(p);
  ViewOptions broken;
  broken.break_playback = true;
  std::string dom = b.dump_dom(render_html(p->input, broken), "broken");
  EXPECT_NE(dom.find("<pre id=\"selftest\">selftest: FAIL"), std::string::npos)
      << dom.substr(0, 2000);
}

} // namespace
} // namespace racelang::testing
