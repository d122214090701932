// Zero set-up with doctest (Debian's 2.4): CHECK_CV_EQ(actual, expected) / REQUIRE_CV_EQ take the type from
// the arguments, read by its C++ name from the test's own debug info (built with -g): namespaces, templates
// and base classes. One test case passes, three fail on purpose; run.sh checks the exact output
// (expected/program_doctest.txt).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cvalue_doctest.h>

namespace geo {
struct shape {
  int id;
  double weight;
};
struct circle : shape {
  double radius;
};
}  // namespace geo

template <typename T>
struct box {
  T value;
  int tag;
};

TEST_CASE("equal circles pass") {
  geo::circle actual{}, expected{};
  actual.id = expected.id = 1;
  actual.radius = expected.radius = 2.5;
  CHECK_CV_EQ(actual, expected);
}

TEST_CASE("a changed base member fails by name") {
  geo::circle actual{}, expected{};
  actual.id = 1;
  expected.id = 2;
  CHECK_CV_EQ(actual, expected);
}

TEST_CASE("REQUIRE stops the test case") {
  box<geo::shape> actual{{1, 0.5}, 3}, expected{{1, 0.75}, 3};
  REQUIRE_CV_EQ(actual, expected);
  FAIL("not reached");
}

TEST_CASE("an ignored field is not compared") {
  cv_options *options = nullptr;
  char *message = nullptr;
  REQUIRE(cv_options_new(&options, &message) == CV_OK);
  REQUIRE(cv_options_ignore(options, ".tag", &message) == CV_OK);
  box<int> actual{1, 2}, expected{1, 3};
  CHECK_CV_EQ_OPTIONS(actual, expected, options);
  actual.value = 5;
  CHECK_CV_EQ_OPTIONS(actual, expected, options);
  cv_options_free(options);
}
