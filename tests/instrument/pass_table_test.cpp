// The pass and elimination tables of instrument/instrument.h: one default everywhere, the
// --elide spellings, and the instrumented-file header that carries the configuration so that a
// printed file runs (and maps back to its original) as it was made.
#include <gtest/gtest.h>

#include "frontend/source.h"
#include "instrument/instrument.h"

namespace racelang {
namespace {

TEST(PassesTable, DefaultPassIsFirst) {
  EXPECT_EQ(instrumentation_passes().front().kind, kDefaultPass);
  EXPECT_EQ(PassOptions{}.pass, kDefaultPass);
  std::string error;
  auto parsed = parse_pass_options(std::nullopt, std::nullopt, error);
  ASSERT_TRUE(parsed.has_value()) << error;
  EXPECT_EQ(parsed->pass, kDefaultPass);
}

TEST(PassesTable, DefaultEliminationsAreTheCorrectOnes) {
  PassOptions options;
  EXPECT_EQ(elimination_names(options), "redundant,thread-local,ordered,disjoint");
  elide::ElisionOptions o = elision_options(options);
  EXPECT_TRUE(o.redundant);
  EXPECT_TRUE(o.thread_local_cells);
  EXPECT_TRUE(o.ordered_cells);
  EXPECT_TRUE(o.disjoint);
  EXPECT_FALSE(o.broken_across_release);
  EXPECT_FALSE(o.broken_writers_only);
  EXPECT_FALSE(o.broken_unguarded_reads);
  EXPECT_FALSE(o.broken_phase_before_waits);
  EXPECT_FALSE(o.broken_disjoint_off_by_one);
  EXPECT_FALSE(o.broken_disjoint_without_joins);
  EXPECT_FALSE(o.broken_conflicts_ignore_reads);
  EXPECT_FALSE(is_broken(options));
}

TEST(PassesTable, ElideListsParse) {
  PassOptions options;
  std::string error;
  ASSERT_TRUE(parse_elide_option("none", options, error)) << error;
  EXPECT_EQ(elimination_names(options), "none");
  elide::ElisionOptions none = elision_options(options);
  EXPECT_FALSE(none.redundant);
  EXPECT_FALSE(none.thread_local_cells);

  ASSERT_TRUE(parse_elide_option("thread-local", options, error)) << error;
  EXPECT_EQ(elimination_names(options), "thread-local");
  EXPECT_FALSE(elision_options(options).redundant);
  EXPECT_TRUE(elision_options(options).thread_local_cells);

  ASSERT_TRUE(parse_elide_option("redundant-across-release", options, error)) << error;
  EXPECT_TRUE(elision_options(options).broken_across_release);
  EXPECT_TRUE(is_broken(options));

  // "all" is every correct elimination, also those off by default (range).
  ASSERT_TRUE(parse_elide_option("all", options, error)) << error;
  EXPECT_EQ(elimination_names(options), "redundant,thread-local,ordered,disjoint,range");
  EXPECT_TRUE(elision_options(options).range);
  EXPECT_FALSE(is_broken(options));
  options.elide.reset();
  EXPECT_EQ(elimination_names(options), "redundant,thread-local,ordered,disjoint");
  EXPECT_FALSE(elision_options(options).range);

  EXPECT_FALSE(parse_elide_option("redundant,loops", options, error));
  EXPECT_NE(error.find("unknown check elimination 'loops'"), std::string::npos) << error;
  EXPECT_FALSE(parse_elide_option("", options, error));
}

// What the header says is what reading it gives back: the pass, the variant, the eliminations.
TEST(PassesTable, HeaderCarriesTheConfiguration) {
  for (const PassInfo& pass : instrumentation_passes())
    for (const char* elide : {"all", "none", "thread-local"}) {
      PassOptions options{pass.kind, std::string(pass.variants.back().name), std::nullopt};
      std::string error;
      ASSERT_TRUE(parse_elide_option(elide, options, error)) << error;
      SourceFile file("b.rl", instrumented_file_header("a.rl", options) + "print(1);\n");
      auto header = read_instrumented_header(file);
      ASSERT_TRUE(header.has_value());
      EXPECT_EQ(header->original_path, "a.rl");
      EXPECT_EQ(header->pass.pass, options.pass);
      EXPECT_EQ(header->pass.variant, options.variant);
      EXPECT_EQ(elimination_names(header->pass), elimination_names(options)) << elide;
    }
}

// Files written before the pass line, or before the eliminations, keep meaning what they meant.
TEST(PassesTable, OlderHeadersMeanWhatTheySaidThen) {
  SourceFile no_pass("b.rl", "// racelang instrument: from a.rl\nprint(1);\n");
  auto header = read_instrumented_header(no_pass);
  ASSERT_TRUE(header.has_value());
  EXPECT_EQ(header->pass.pass, PassKind::VectorClock);
  EXPECT_EQ(elimination_names(header->pass), "none");

  SourceFile no_elide("b.rl", "// racelang instrument: from a.rl\n"
                              "// racelang instrument: pass fasttrack, variant pldi09\n"
                              "print(1);\n");
  header = read_instrumented_header(no_elide);
  ASSERT_TRUE(header.has_value());
  EXPECT_EQ(header->pass.pass, PassKind::FastTrack);
  EXPECT_EQ(elimination_names(header->pass), "none");
}

} // namespace
} // namespace racelang
