/*
 * cvalue_gtest.h: GoogleTest assertions on C values, field by field (C++). Include after <gtest/gtest.h>.
 *
 *   EXPECT_PRED_FORMAT3(cvalue::Equal, tcp, actual, expected);
 *   ASSERT_PRED_FORMAT4(cvalue::EqualWithOptions, tcp, options, actual, expected);
 *   EXPECT_CV_EQ(tcp, actual, expected);        // the same as the first line
 *   EXPECT_CV_EQ(actual, expected);             // zero set-up: the type from the arguments, built with -g
 *   EXPECT_CV_SNAPSHOT(actual, "name");         // zero set-up: matches CV_SNAPSHOT_DIR/name.snap
 *   CV_GTEST_PRINT_FIELDS(reading)              // EXPECT_EQ and the rest print a `reading` field by field
 *
 * Predicate-formatters returning ::testing::AssertionResult: GoogleTest reports the failure at the caller's
 * file and line, with the report (every mismatching field path with both values) as its message, instead
 * of its "N-byte object <...>" dump that reads padding.
 */
#ifndef CVALUE_GTEST_H
#define CVALUE_GTEST_H

#include <cvalue_cxx.h>

namespace cvalue {

/* `actual` and `expected` are values (not pointers) of the type the handle describes. */
/* `text`, the report a comparison or snapshot gave (empty when it passed), as GoogleTest's result. */
inline ::testing::AssertionResult Result(const std::string &text) {
  if (text.empty()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << text;
}

template <typename Value>
::testing::AssertionResult EqualWithOptions(const char *, const char *, const char *actual_text,
                                            const char *expected_text, const cv_type *type,
                                            const cv_options *options, const Value &actual,
                                            const Value &expected) {
  return Result(EqualText(type, actual_text, expected_text, actual, expected, options));
}

template <typename Value>
::testing::AssertionResult Equal(const char *type_text, const char *actual_text, const char *expected_text,
                                 const cv_type *type, const Value &actual, const Value &expected) {
  return EqualWithOptions(type_text, "", actual_text, expected_text, type, nullptr, actual, expected);
}

/* Zero set-up: `actual` and `expected` are values of one type (the compiler refuses two types), a C type of
 * this program read from its own debug info (compile with -g) by its C name, CName<Value>(). */
template <typename Value>
::testing::AssertionResult ProgramEqual(const char *actual_text, const char *expected_text, const Value &actual,
                                        const Value &expected) {
  return Result(ProgramEqualText(actual_text, expected_text, actual, expected));
}

/* Zero set-up snapshots: `value` matches the snapshot CV_SNAPSHOT_DIR/name.snap, its type read from this
 * program's debug info by its C name, CName<Value>(). */
template <typename Value>
::testing::AssertionResult ProgramSnapshot(const char *value_text, const char *, const Value &value,
                                           const char *snapshot) {
  return Result(ProgramSnapshotText(value_text, &value, CV_SNAPSHOT_ONE_VALUE, snapshot));
}

/* The `count` values at `values` match the array snapshot CV_SNAPSHOT_DIR/name.snap element by element. */
template <typename Value>
::testing::AssertionResult ProgramArraySnapshot(const char *values_text, const char *, const char *,
                                                const Value *values, size_t count, const char *snapshot) {
  return Result(ProgramSnapshotText(values_text, values, count, snapshot));
}

}  // namespace cvalue

/* EXPECT_CV_EQ(actual, expected): zero set-up, the type from the arguments; EXPECT_CV_EQ(type, actual, expected):
 * with a cv_type handle. */
#define CV_GTEST_PICK_(first, second, third, name, ...) name
#define EXPECT_CV_EQ(...)                                                                                     \
  CV_GTEST_PICK_(__VA_ARGS__, CV_GTEST_EXPECT_HANDLE_, CV_GTEST_EXPECT_PROGRAM_, unused)(__VA_ARGS__)
#define ASSERT_CV_EQ(...)                                                                                     \
  CV_GTEST_PICK_(__VA_ARGS__, CV_GTEST_ASSERT_HANDLE_, CV_GTEST_ASSERT_PROGRAM_, unused)(__VA_ARGS__)
#define CV_GTEST_EXPECT_HANDLE_(type, actual, expected) EXPECT_PRED_FORMAT3(::cvalue::Equal, type, actual, expected)
#define CV_GTEST_ASSERT_HANDLE_(type, actual, expected) ASSERT_PRED_FORMAT3(::cvalue::Equal, type, actual, expected)
#define CV_GTEST_EXPECT_PROGRAM_(actual, expected) EXPECT_PRED_FORMAT2(::cvalue::ProgramEqual, actual, expected)
#define CV_GTEST_ASSERT_PROGRAM_(actual, expected) ASSERT_PRED_FORMAT2(::cvalue::ProgramEqual, actual, expected)

/* CV_GTEST_PRINT_FIELDS(Type): GoogleTest's own assertions (EXPECT_EQ, EXPECT_THAT, …) print values of Type field
 * by field, as CValueKit describes them ("{.channel = 1, .value = 0.5}"), in place of "16-byte object <…>", the
 * type read from the test's own debug info (built with -g). Write it once per type, after the type and in its
 * namespace, where GoogleTest looks for PrintTo: namespace geo { CV_GTEST_PRINT_FIELDS(reading) } */
#define CV_GTEST_PRINT_FIELDS(Type)                                  \
  inline void PrintTo(const Type &value, ::std::ostream *os) { \
    *os << ::cvalue::ProgramDescription(value);                      \
  }

/* EXPECT_CV_SNAPSHOT(value, name): `value` matches the snapshot CV_SNAPSHOT_DIR/name.snap; zero set-up, the type
 * from the argument (built with -g). EXPECT_CV_ARRAY_SNAPSHOT(values, count, name): `count` values. */
#define EXPECT_CV_SNAPSHOT(value, name) EXPECT_PRED_FORMAT2(::cvalue::ProgramSnapshot, value, name)
#define ASSERT_CV_SNAPSHOT(value, name) ASSERT_PRED_FORMAT2(::cvalue::ProgramSnapshot, value, name)
#define EXPECT_CV_ARRAY_SNAPSHOT(values, count, name) \
  EXPECT_PRED_FORMAT3(::cvalue::ProgramArraySnapshot, values, count, name)
#define ASSERT_CV_ARRAY_SNAPSHOT(values, count, name) \
  ASSERT_PRED_FORMAT3(::cvalue::ProgramArraySnapshot, values, count, name)

#endif /* CVALUE_GTEST_H */
