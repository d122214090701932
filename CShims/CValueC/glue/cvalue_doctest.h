/*
 * cvalue_doctest.h: doctest assertions on C and C++ values, field by field. Include after <doctest/doctest.h>.
 *
 *   CHECK_CV_EQ(actual, expected);                    // zero set-up: the type from the arguments, built with -g
 *   REQUIRE_CV_EQ(actual, expected);                  // the same, ending the test case when it fails
 *   CHECK_CV_EQ_OPTIONS(actual, expected, options);   // a cv_options: tolerances, ignored fields, union rules
 *   CHECK_CV_EQ_TYPE(type, actual, expected);         // with a cv_type handle (a catalog's type)
 *   CHECK_CV_SNAPSHOT(value, "name");                 // matches CV_SNAPSHOT_DIR/name.snap
 *   CHECK_CV_ARRAY_SNAPSHOT(values, count, "name");   // `count` values, element by element
 *   CV_DOCTEST_PRINT_FIELDS(geo::reading)             // CHECK(a == b) and the rest print it field by field
 *
 * Each REQUIRE_ form stops the test case as REQUIRE does. A failure goes through doctest's own reporting
 * (DOCTEST_FAIL_CHECK / DOCTEST_FAIL) at the assertion's file and line, with the report (every differing field
 * path with both values) as its message, instead of doctest's `{?}` for a type it cannot print; a pass counts as
 * an assertion.
 */
#ifndef CVALUE_DOCTEST_H
#define CVALUE_DOCTEST_H

#include <cvalue_cxx.h>

#define CV_DOCTEST_(text, fail)                      \
  do {                                              \
    const std::string cv_doctest_failure_ = (text);  \
    if (cv_doctest_failure_.empty()) {               \
      DOCTEST_CHECK(true);                                    \
    } else {                                        \
      fail(cv_doctest_failure_);                     \
    }                                               \
  } while (false)

#define CHECK_CV_EQ(actual, expected) \
  CV_DOCTEST_(::cvalue::ProgramEqualText(#actual, #expected, actual, expected), DOCTEST_FAIL_CHECK)
#define REQUIRE_CV_EQ(actual, expected) \
  CV_DOCTEST_(::cvalue::ProgramEqualText(#actual, #expected, actual, expected), DOCTEST_FAIL)
#define CHECK_CV_EQ_OPTIONS(actual, expected, options) \
  CV_DOCTEST_(::cvalue::ProgramEqualText(#actual, #expected, actual, expected, options), DOCTEST_FAIL_CHECK)
#define REQUIRE_CV_EQ_OPTIONS(actual, expected, options) \
  CV_DOCTEST_(::cvalue::ProgramEqualText(#actual, #expected, actual, expected, options), DOCTEST_FAIL)
#define CHECK_CV_EQ_TYPE(type, actual, expected) \
  CV_DOCTEST_(::cvalue::EqualText(type, #actual, #expected, actual, expected), DOCTEST_FAIL_CHECK)
#define REQUIRE_CV_EQ_TYPE(type, actual, expected) \
  CV_DOCTEST_(::cvalue::EqualText(type, #actual, #expected, actual, expected), DOCTEST_FAIL)
#define CHECK_CV_SNAPSHOT(value, name) \
  CV_DOCTEST_(::cvalue::ProgramSnapshotText(#value, &(value), CV_SNAPSHOT_ONE_VALUE, name), DOCTEST_FAIL_CHECK)
#define REQUIRE_CV_SNAPSHOT(value, name) \
  CV_DOCTEST_(::cvalue::ProgramSnapshotText(#value, &(value), CV_SNAPSHOT_ONE_VALUE, name), DOCTEST_FAIL)
#define CHECK_CV_ARRAY_SNAPSHOT(values, count, name) \
  CV_DOCTEST_(::cvalue::ProgramSnapshotText(#values, values, count, name), DOCTEST_FAIL_CHECK)
#define REQUIRE_CV_ARRAY_SNAPSHOT(values, count, name) \
  CV_DOCTEST_(::cvalue::ProgramSnapshotText(#values, values, count, name), DOCTEST_FAIL)

/* CV_DOCTEST_PRINT_FIELDS(Type): doctest's own assertions (CHECK(a == b), CHECK_EQ, …) print values of Type
 * field by field, as CValueKit describes them ("{.channel = 1, .value = 0.5}"), in place of `{?}`, the type read
 * from the test's own debug info (built with -g). Write it once per type, at namespace scope outside any
 * namespace (it specializes doctest::StringMaker), with the type's qualified name. */
#define CV_DOCTEST_PRINT_FIELDS(Type)                                                                   \
  namespace doctest {                                                                                   \
  template <>                                                                                           \
  struct StringMaker<Type> {                                                                            \
    static String convert(const Type &value) { return ::cvalue::ProgramDescription(value).c_str(); } \
  };                                                                                                    \
  }

#endif /* CVALUE_DOCTEST_H */
