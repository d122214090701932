// Zero set-up with GoogleTest: EXPECT_CV_EQ(actual, expected) / ASSERT_CV_EQ take the type from the
// arguments, read by its C name from the test's own debug info (built with -g). Four tests pass, nine fail on
// purpose; run.sh checks the exact output (expected/program_gtest.txt).
#include <gtest/gtest.h>

#include <cstring>
#include <list>
#include <map>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "program_types.h"

#include <cvalue_gtest.h>

TEST(Zero, EqualPointsPass) {
  point_t actual = {5, 6}, expected = {5, 6};
  ASSERT_CV_EQ(actual, expected);
}

TEST(Zero, ShapeIdDiffers) {
  struct shape actual, expected;
  std::memset(&actual, 0, sizeof actual);
  std::memset(&expected, 0, sizeof expected);
  actual.kind = expected.kind = SHAPE_RECT;
  expected.id = 12;
  EXPECT_CV_EQ(actual, expected);
}

TEST(Zero, PointYDiffers) {
  point_t actual = {5, 6}, expected = {5, 7};
  ASSERT_CV_EQ(actual, expected);
}

// A C++ base class is the field named after it: a changed base member fails by name (it passed silently when
// bases were left out).
struct base_part {
  int id;
  double weight;
};
struct derived_part : base_part {
  int count;
};

TEST(Zero, BaseMemberDiffers) {
  derived_part actual{}, expected{};
  actual.id = 1;
  expected.id = 2;
  actual.count = expected.count = 3;
  EXPECT_CV_EQ(actual, expected);
}

// C++ names as typeid gives them: a namespace, a template instance of a namespaced type.
namespace geo {
struct point {
  double x, y;
};
}  // namespace geo
template <typename T>
struct box {
  T value;
  int tag;
};

TEST(Zero, NamespacedTemplateDiffers) {
  box<geo::point> actual{{1, 2}, 3}, expected{{1, 2.5}, 3};
  EXPECT_CV_EQ(actual, expected);
}

// The program's own rect, never CValueKit's built-in one (CGRect).
typedef struct {
  int a;
  char b;
} rect;

TEST(Zero, ProgramsOwnRectDiffers) {
  rect actual{1, 'x'}, expected{1, 'y'};
  EXPECT_CV_EQ(actual, expected);
}

// Standard members by what they hold: a string by its text, wherever it lies, a vector by its elements.
struct probe {
  int id;
  std::string name;
  std::vector<int> items;
};

TEST(Zero, StandardMembersByContent) {
  probe actual{1, "probe", {1, 2, 3}}, expected{1, std::string("pro") + "be", {1, 2, 3}};
  EXPECT_CV_EQ(actual, expected);
}

TEST(Zero, StandardMembersDiffer) {
  probe actual{1, "probe", {1, 2, 3}}, expected{1, "a name too long for the string's own buffer", {1, 2, 4}};
  EXPECT_CV_EQ(actual, expected);
}

// Containers of a namespaced type and of strings: by their elements (they were compared by their pointers when
// the element type had a scope).
struct route {
  std::vector<geo::point> pts;
  std::vector<std::string> names;
};

TEST(Zero, ContainersOfScopedTypesByContent) {
  route actual{{{1, 2}, {3, 4}}, {"a", "b"}}, expected{{{1, 2}, {3, 4}}, {"a", std::string("b")}};
  EXPECT_CV_EQ(actual, expected);
}

TEST(Zero, ContainersOfScopedTypesDiffer) {
  route actual{{{1, 2}, {3, 4}}, {"a", "b"}}, expected{{{1, 2}, {3, 4.5}}, {"a", "c"}};
  EXPECT_CV_EQ(actual, expected);
}

// Node containers by what they hold: a map in the order of its keys, an unordered map whatever its buckets and
// insertion order, a list in order; a variant by the alternative it holds.
struct roster {
  std::map<int, std::string> names;
  std::unordered_map<std::string, int> counts;
  std::list<double> readings;
  std::variant<int, std::string> state;
};

TEST(Zero, NodeContainersByContent) {
  roster actual{{{1, "one"}, {2, "two"}}, {{"a", 1}, {"b", 2}}, {0.5, 1.5}, std::string("ready")};
  roster expected{{{2, "two"}, {1, "one"}}, {{"b", 2}, {"a", 1}}, {0.5, 1.5}, std::string("rea") + "dy"};
  EXPECT_CV_EQ(actual, expected);
}

TEST(Zero, NodeContainersDiffer) {
  roster actual{{{1, "one"}, {2, "two"}}, {{"a", 1}, {"b", 2}}, {0.5, 1.5}, std::string("ready")};
  roster expected{{{1, "one"}, {2, "three"}}, {{"a", 1}}, {0.5, 2.5}, 3};
  EXPECT_CV_EQ(actual, expected);
}

// GoogleTest's own EXPECT_EQ on a type with operator==, printed field by field (CV_GTEST_PRINT_FIELDS), not as
// "16-byte object <…>".
namespace geo {
struct reading {
  int channel;
  double value;
};
inline bool operator==(const reading &a, const reading &b) { return a.channel == b.channel && a.value == b.value; }
CV_GTEST_PRINT_FIELDS(reading)
}  // namespace geo

TEST(Zero, GoogleTestsOwnEqPrintsFields) {
  geo::reading actual{1, 0.5}, expected{1, 0.75};
  EXPECT_EQ(actual, expected);
}

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
