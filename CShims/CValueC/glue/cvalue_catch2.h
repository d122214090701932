/*
 * cvalue_catch2.h: Catch2 assertions on C and C++ values, field by field. Include after Catch2
 * (<catch2/catch.hpp> for v2, <catch2/catch_test_macros.hpp> for v3).
 *
 *   CHECK_CV_EQ(actual, expected);                    // zero set-up: the type from the arguments, built with -g
 *   REQUIRE_CV_EQ(actual, expected);                  // the same, ending the test case when it fails
 *   CHECK_CV_EQ_OPTIONS(actual, expected, options);   // a cv_options: tolerances, ignored fields, union rules
 *   CHECK_CV_EQ_TYPE(type, actual, expected);         // with a cv_type handle (a catalog's type)
 *   CHECK_CV_SNAPSHOT(value, "name");                 // matches CV_SNAPSHOT_DIR/name.snap
 *   CHECK_CV_ARRAY_SNAPSHOT(values, count, "name");   // `count` values, element by element
 *   CV_CATCH2_PRINT_FIELDS(geo::reading)              // CHECK(a == b) and the rest print it field by field
 *
 * Each REQUIRE_ form stops the test case as REQUIRE does. A failure goes through Catch2's own reporting
 * (FAIL_CHECK / FAIL) at the assertion's file and line, with the report (every differing field path with both
 * values) as its message, instead of Catch2's `{?}` for a type it cannot print; a pass counts as an assertion.
 */
#ifndef CVALUE_CATCH2_H
#define CVALUE_CATCH2_H

#include <cvalue_cxx.h>

#define CV_CATCH2_(text, fail)                      \
  do {                                              \
    const std::string cv_catch2_failure_ = (text);  \
    if (cv_catch2_failure_.empty()) {               \
      SUCCEED();                                    \
    } else {                                        \
      fail(cv_catch2_failure_);                     \
    }                                               \
  } while (false)

#define CHECK_CV_EQ(actual, expected) \
  CV_CATCH2_(::cvalue::ProgramEqualText(#actual, #expected, actual, expected), FAIL_CHECK)
#define REQUIRE_CV_EQ(actual, expected) \
  CV_CATCH2_(::cvalue::ProgramEqualText(#actual, #expected, actual, expected), FAIL)
#define CHECK_CV_EQ_OPTIONS(actual, expected, options) \
  CV_CATCH2_(::cvalue::ProgramEqualText(#actual, #expected, actual, expected, options), FAIL_CHECK)
#define REQUIRE_CV_EQ_OPTIONS(actual, expected, options) \
  CV_CATCH2_(::cvalue::ProgramEqualText(#actual, #expected, actual, expected, options), FAIL)
#define CHECK_CV_EQ_TYPE(type, actual, expected) \
  CV_CATCH2_(::cvalue::EqualText(type, #actual, #expected, actual, expected), FAIL_CHECK)
#define REQUIRE_CV_EQ_TYPE(type, actual, expected) \
  CV_CATCH2_(::cvalue::EqualText(type, #actual, #expected, actual, expected), FAIL)
#define CHECK_CV_SNAPSHOT(value, name) \
  CV_CATCH2_(::cvalue::ProgramSnapshotText(#value, &(value), CV_SNAPSHOT_ONE_VALUE, name), FAIL_CHECK)
#define REQUIRE_CV_SNAPSHOT(value, name) \
  CV_CATCH2_(::cvalue::ProgramSnapshotText(#value, &(value), CV_SNAPSHOT_ONE_VALUE, name), FAIL)
#define CHECK_CV_ARRAY_SNAPSHOT(values, count, name) \
  CV_CATCH2_(::cvalue::ProgramSnapshotText(#values, values, count, name), FAIL_CHECK)
#define REQUIRE_CV_ARRAY_SNAPSHOT(values, count, name) \
  CV_CATCH2_(::cvalue::ProgramSnapshotText(#values, values, count, name), FAIL)

/* CV_CATCH2_PRINT_FIELDS(Type): Catch2's own assertions (CHECK(a == b), REQUIRE_THAT, …) print values of Type
 * field by field, as CValueKit describes them ("{.channel = 1, .value = 0.5}"), in place of `{?}`, the type read
 * from the test's own debug info (built with -g). Write it once per type, at namespace scope outside any
 * namespace (it specializes Catch::StringMaker), with the type's qualified name. */
#define CV_CATCH2_PRINT_FIELDS(Type)                                                         \
  namespace Catch {                                                                          \
  template <>                                                                                \
  struct StringMaker<Type> {                                                                 \
    static std::string convert(const Type &value) { return ::cvalue::ProgramDescription(value); } \
  };                                                                                         \
  }

#endif /* CVALUE_CATCH2_H */
