// The C++ test cases of program_catch2.cpp and program_doctest.cpp: one source for both frameworks, whose glue
// headers define the same CHECK_CV_EQ / REQUIRE_CV_EQ / CHECK_CV_EQ_OPTIONS (TEST_CASE, REQUIRE and FAIL are
// both frameworks' own). Namespaces, templates and base classes, by their C++ names from the test's own debug
// info (built with -g), standard members and node containers by what they hold, and the framework's own CHECK
// printing a type field by field; one test case passes, seven fail on purpose.
#ifndef CXX_FRAMEWORK_CASES_H
#define CXX_FRAMEWORK_CASES_H

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

// A polymorphic class: its vptr is never compared (another process's, or another load address's, differs),
// and the report lists it as ignored.
#include <cstring>

struct sensor {
  virtual int kind() const { return 1; }
  int reading = 7;
};

TEST_CASE("a vptr is never compared, a data member is") {
  sensor actual, expected;
  // As another process's would: no member is reached through `actual` while its vptr is another's.
  unsigned char vptr[sizeof(void *)];
  std::memcpy(vptr, static_cast<void *>(&actual), sizeof vptr);
  std::memset(static_cast<void *>(&actual), 0xA5, sizeof vptr);
  CHECK_CV_EQ(actual, expected);
  expected.reading = 8;
  CHECK_CV_EQ(actual, expected);
  std::memcpy(static_cast<void *>(&actual), vptr, sizeof vptr);
}

// Standard members by what they hold: two strings with the same text are equal wherever the text lies (here
// one in the object, one built elsewhere), and a vector is its elements.
#include <string>
#include <vector>

struct reading {
  int channel;
  double value;
};
struct probe {
  int id;
  std::string name;
  std::vector<reading> readings;
};

TEST_CASE("standard members compare by content") {
  probe actual{1, "probe", {{1, 0.5}}};
  probe expected{1, std::string("pro") + "be", {{1, 0.5}}};
  CHECK_CV_EQ(actual, expected);
  expected.name = "a name too long for the string's own buffer";
  expected.readings.push_back({2, 1.5});
  CHECK_CV_EQ(actual, expected);
}

// Node containers by what they hold: a map in the order of its keys, an unordered map whatever its buckets
// and insertion order, a list in order; a variant by the alternative it holds.
#include <list>
#include <map>
#include <unordered_map>
#include <variant>

struct roster {
  std::map<int, std::string> names;
  std::unordered_map<std::string, int> counts;
  std::list<double> readings;
  std::variant<int, std::string> state;
};

TEST_CASE("node containers compare by content") {
  roster actual{{{1, "one"}, {2, "two"}}, {{"a", 1}, {"b", 2}}, {0.5, 1.5}, std::string("ready")};
  roster expected{{{2, "two"}, {1, "one"}}, {{"b", 2}, {"a", 1}}, {0.5, 1.5}, std::string("rea") + "dy"};
  CHECK_CV_EQ(actual, expected);
  expected.names[2] = "three";
  expected.counts = {{"a", 1}};
  expected.readings.back() = 2.5;
  expected.state = 3;
  CHECK_CV_EQ(actual, expected);
}

// The framework's own CHECK(a == b) on a type with operator==, printed field by field (CXX_PRINT_FIELDS: the
// framework's CV_CATCH2_PRINT_FIELDS or CV_DOCTEST_PRINT_FIELDS), not as `{?}`.
namespace geo {
struct sample {
  int channel;
  double value;
};
inline bool operator==(const sample &a, const sample &b) { return a.channel == b.channel && a.value == b.value; }
}  // namespace geo
CXX_PRINT_FIELDS(geo::sample)

TEST_CASE("the framework's own CHECK prints fields") {
  geo::sample actual{1, 0.5}, expected{1, 0.75};
  CHECK(actual == expected);
}

#endif
