/*
 * cvalue_gtest.h: GoogleTest assertions on C values, field by field (C++). Include after <gtest/gtest.h>.
 *
 *   EXPECT_PRED_FORMAT3(cvalue::Equal, tcp, actual, expected);
 *   ASSERT_PRED_FORMAT4(cvalue::EqualWithOptions, tcp, options, actual, expected);
 *   EXPECT_CV_EQ(tcp, actual, expected);        // the same as the first line
 *
 * Predicate-formatters returning ::testing::AssertionResult: GoogleTest reports the failure at the caller's
 * file and line, with the report (every mismatching field path with both values) as its message, instead
 * of its "N-byte object <...>" dump that reads padding.
 */
#ifndef CVALUE_GTEST_H
#define CVALUE_GTEST_H

#include <cvalue_assert.h>

#include <string>

namespace cvalue {

/* `actual` and `expected` are values (not pointers) of the type the handle describes. */
template <typename Value>
::testing::AssertionResult EqualWithOptions(const char *, const char *, const char *actual_text,
                                            const char *expected_text, const cv_type *type,
                                            const cv_options *options, const Value &actual,
                                            const Value &expected) {
  char *failure = cv_assert_message(type, &actual, &expected, 1, options, sizeof(Value), actual_text,
                                    expected_text);
  if (failure == nullptr) return ::testing::AssertionSuccess();
  std::string text(failure);
  free(failure);
  return ::testing::AssertionFailure() << text;
}

template <typename Value>
::testing::AssertionResult Equal(const char *type_text, const char *actual_text, const char *expected_text,
                                 const cv_type *type, const Value &actual, const Value &expected) {
  return EqualWithOptions(type_text, "", actual_text, expected_text, type, nullptr, actual, expected);
}

}  // namespace cvalue

#define EXPECT_CV_EQ(type, actual, expected) EXPECT_PRED_FORMAT3(::cvalue::Equal, type, actual, expected)
#define ASSERT_CV_EQ(type, actual, expected) ASSERT_PRED_FORMAT3(::cvalue::Equal, type, actual, expected)

#endif /* CVALUE_GTEST_H */
