// The trace discipline checker: one test per rule, for both join disciplines, volatiles and
// barriers.
#include <gtest/gtest.h>

#include "detect/well_formed.h"

namespace racelang::detect {
namespace {

void expect_error(const Trace& trace, JoinDiscipline discipline, std::size_t index,
                  const std::string& message) {
  const auto error = check_well_formed(trace, discipline);
  ASSERT_TRUE(error.has_value()) << to_string(trace);
  EXPECT_EQ(error->index, index);
  EXPECT_EQ(error->message, message);
}

constexpr auto kSingle = JoinDiscipline::Single;
constexpr auto kMulti = JoinDiscipline::Multiple;

TEST(DetectWellFormed, AcceptsFeasibleTraces) {
  const Trace trace = {Event::fork(0, 1),    Event::acquire(1, 0), Event::write(1, 0),
                       Event::release(1, 0), Event::acquire(0, 0), Event::release(0, 0),
                       Event::join(0, 1),    Event::read(2, 0)};
  EXPECT_EQ(check_well_formed(trace, kSingle), std::nullopt);
  EXPECT_EQ(check_well_formed({}, kMulti), std::nullopt);
}

TEST(DetectWellFormed, Locks) {
  expect_error({Event::acquire(0, 0), Event::acquire(1, 0)}, kSingle, 1,
               "acq(t1,m0): m0 is held by t0");
  expect_error({Event::acquire(0, 0), Event::acquire(0, 0)}, kSingle, 1,
               "acq(t0,m0): m0 is held by t0"); // not re-entrant
  expect_error({Event::release(0, 0)}, kSingle, 0, "rel(t0,m0): m0 is not held by t0");
  expect_error({Event::acquire(0, 0), Event::release(1, 0)}, kSingle, 1,
               "rel(t1,m0): m0 is not held by t1");
}

TEST(DetectWellFormed, Forks) {
  expect_error({Event::fork(0, 0)}, kSingle, 0, "fork(t0,t0): a thread cannot fork itself");
  expect_error({Event::read(1, 0), Event::fork(0, 1)}, kSingle, 1,
               "fork(t0,t1): t1 already appeared before its fork");
  expect_error({Event::fork(0, 1), Event::fork(2, 1)}, kSingle, 1,
               "fork(t2,t1): t1 already appeared before its fork");
}

TEST(DetectWellFormed, SingleJoins) {
  expect_error({Event::join(0, 0)}, kSingle, 0, "join(t0,t0): a thread cannot join itself");
  expect_error({Event::fork(0, 1), Event::join(0, 1), Event::write(1, 0)}, kSingle, 2,
               "wr(t1,x0): t1 has been joined");
  expect_error({Event::fork(0, 1), Event::join(0, 1), Event::join(2, 1)}, kSingle, 2,
               "join(t2,t1): t1 has already been joined");
  // Exits are allowed, then nothing but one join.
  EXPECT_EQ(check_well_formed({Event::fork(0, 1), Event::exit(1), Event::join(0, 1)}, kSingle),
            std::nullopt);
}

TEST(DetectWellFormed, MultipleJoins) {
  EXPECT_EQ(check_well_formed({Event::fork(0, 1), Event::fork(0, 2), Event::exit(1),
                               Event::join(0, 1), Event::join(2, 1), Event::join(0, 1)},
                              kMulti),
            std::nullopt);
  expect_error({Event::fork(0, 1), Event::join(0, 1)}, kMulti, 1,
               "join(t0,t1): t1 is joined before its exit");
  expect_error({Event::fork(0, 1), Event::exit(1), Event::exit(1)}, kMulti, 2,
               "exit(t1): t1 has exited");
  expect_error({Event::exit(0), Event::read(0, 0)}, kMulti, 1, "rd(t0,x0): t0 has exited");
}

TEST(DetectWellFormed, VolatilesAreAlwaysWellFormed) {
  EXPECT_EQ(check_well_formed({Event::volatile_read(0, 0), Event::volatile_write(1, 0),
                               Event::volatile_write(0, 0), Event::volatile_read(1, 1)},
                              kSingle),
            std::nullopt);
}

TEST(DetectWellFormed, BarrierPhases) {
  // Two phases; the second one by a single thread.
  EXPECT_EQ(check_well_formed({Event::fork(0, 1), Event::barrier_arrive(1, 0), Event::write(0, 0),
                               Event::barrier_arrive(0, 0), Event::barrier_depart(1, 0),
                               Event::barrier_depart(0, 0), Event::barrier_arrive(0, 0),
                               Event::barrier_depart(0, 0)},
                              kSingle),
            std::nullopt);
  expect_error({Event::barrier_depart(0, 0)}, kSingle, 0,
               "dep(t0,b0): t0 has not arrived at b0 in its current phase");
  expect_error(
      {Event::barrier_arrive(0, 0), Event::barrier_depart(0, 0), Event::barrier_depart(0, 0)},
      kSingle, 2, "dep(t0,b0): t0 has not arrived at b0 in its current phase");
  expect_error({Event::barrier_arrive(0, 1), Event::barrier_depart(0, 0)}, kSingle, 1,
               "dep(t0,b0): t0 is waiting at b1");
  // A waiting thread does nothing else, and is not joined (its joiner would wait for it).
  expect_error({Event::barrier_arrive(0, 0), Event::read(0, 0)}, kSingle, 1,
               "rd(t0,x0): t0 is waiting at b0");
  expect_error({Event::barrier_arrive(0, 0), Event::barrier_arrive(0, 0)}, kSingle, 1,
               "arr(t0,b0): t0 is waiting at b0");
  expect_error({Event::fork(0, 1), Event::barrier_arrive(1, 0), Event::join(0, 1)}, kSingle, 2,
               "join(t0,t1): t1 is waiting at b0");
  // A new phase only once the previous one has released all its threads.
  expect_error({Event::barrier_arrive(0, 0), Event::barrier_arrive(1, 0),
                Event::barrier_depart(0, 0), Event::barrier_arrive(0, 0)},
               kSingle, 3, "arr(t0,b0): the previous phase of b0 still has t1 to depart");
  // A departure from another barrier's phase, or from an earlier phase, does not count.
  expect_error({Event::barrier_arrive(0, 0), Event::barrier_depart(0, 0),
                Event::barrier_arrive(1, 0), Event::barrier_depart(0, 0)},
               kSingle, 3, "dep(t0,b0): t0 has not arrived at b0 in its current phase");
}

} // namespace
} // namespace racelang::detect
