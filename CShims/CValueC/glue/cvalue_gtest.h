/*
 * cvalue_gtest.h: GoogleTest assertions on C values, field by field (C++). Include after <gtest/gtest.h>.
 *
 *   EXPECT_PRED_FORMAT3(cvalue::Equal, tcp, actual, expected);
 *   ASSERT_PRED_FORMAT4(cvalue::EqualWithOptions, tcp, options, actual, expected);
 *   EXPECT_CV_EQ(tcp, actual, expected);        // the same as the first line
 *   EXPECT_CV_EQ(actual, expected);             // zero set-up: the type from the arguments, built with -g
 *   EXPECT_CV_SNAPSHOT(actual, "name");         // zero set-up: matches CV_SNAPSHOT_DIR/name.snap
 *
 * Predicate-formatters returning ::testing::AssertionResult: GoogleTest reports the failure at the caller's
 * file and line, with the report (every mismatching field path with both values) as its message, instead
 * of its "N-byte object <...>" dump that reads padding.
 */
#ifndef CVALUE_GTEST_H
#define CVALUE_GTEST_H

#include <cvalue_assert.h>

#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <string>
#include <type_traits>
#include <typeinfo>

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

/* The C name of a C type used from C++: "struct shape" for `struct shape`, "union u" for a union, the typedef's
 * name for an unnamed struct named by a typedef (C++ gives it that name); only for types at namespace scope. */
template <typename Value>
std::string CName() {
  int status = 0;
  char *demangled = abi::__cxa_demangle(typeid(Value).name(), nullptr, nullptr, &status);
  std::string name = status == 0 && demangled != nullptr ? demangled : typeid(Value).name();
  std::free(demangled);
  if (!std::is_class<Value>::value && !std::is_union<Value>::value) return name;
  return (std::is_union<Value>::value ? "union " : "struct ") + name;
}

/* The failure `message(name)` returns for the C name of Value: CName<Value>(), then, when the program has no
 * struct of that tag, the name without "struct " (an unnamed struct named by a typedef). */
template <typename Value, typename Message>
::testing::AssertionResult ProgramResult(Message message) {
  std::string name = CName<Value>();
  char *failure = message(name.c_str());
  if (failure != nullptr && std::strstr(failure, "CV_ERROR_UNKNOWN_TYPE") != nullptr &&
      name.compare(0, 7, "struct ") == 0) {
    free(failure);
    failure = message(name.c_str() + 7);
  }
  if (failure == nullptr) return ::testing::AssertionSuccess();
  std::string text(failure);
  free(failure);
  return ::testing::AssertionFailure() << text;
}

/* Zero set-up: `actual` and `expected` are values of one type (the compiler refuses two types), a C type of
 * this program read from its own debug info (compile with -g) by its C name, CName<Value>(). */
template <typename Value>
::testing::AssertionResult ProgramEqual(const char *actual_text, const char *expected_text, const Value &actual,
                                        const Value &expected) {
  return ProgramResult<Value>([&](const char *name) {
    return cv_program_assert_message(name, &actual, &expected, 1, nullptr, sizeof(Value), actual_text,
                                     expected_text);
  });
}

/* Zero set-up snapshots: `value` matches the snapshot CV_SNAPSHOT_DIR/name.snap, its type read from this
 * program's debug info by its C name, CName<Value>(). */
template <typename Value>
::testing::AssertionResult ProgramSnapshot(const char *value_text, const char *, const Value &value,
                                           const char *snapshot) {
  return ProgramResult<Value>([&](const char *name) {
    return cv_program_snapshot_message(name, &value, CV_SNAPSHOT_ONE_VALUE, sizeof(Value), CV_SNAPSHOT_DIR,
                                       snapshot, nullptr, value_text);
  });
}

/* The `count` values at `values` match the array snapshot CV_SNAPSHOT_DIR/name.snap element by element. */
template <typename Value>
::testing::AssertionResult ProgramArraySnapshot(const char *values_text, const char *, const char *,
                                                const Value *values, size_t count, const char *snapshot) {
  return ProgramResult<Value>([&](const char *name) {
    return cv_program_snapshot_message(name, values, count, sizeof(Value), CV_SNAPSHOT_DIR, snapshot, nullptr,
                                       values_text);
  });
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

/* EXPECT_CV_SNAPSHOT(value, name): `value` matches the snapshot CV_SNAPSHOT_DIR/name.snap; zero set-up, the type
 * from the argument (built with -g). EXPECT_CV_ARRAY_SNAPSHOT(values, count, name): `count` values. */
#define EXPECT_CV_SNAPSHOT(value, name) EXPECT_PRED_FORMAT2(::cvalue::ProgramSnapshot, value, name)
#define ASSERT_CV_SNAPSHOT(value, name) ASSERT_PRED_FORMAT2(::cvalue::ProgramSnapshot, value, name)
#define EXPECT_CV_ARRAY_SNAPSHOT(values, count, name) \
  EXPECT_PRED_FORMAT3(::cvalue::ProgramArraySnapshot, values, count, name)
#define ASSERT_CV_ARRAY_SNAPSHOT(values, count, name) \
  ASSERT_PRED_FORMAT3(::cvalue::ProgramArraySnapshot, values, count, name)

#endif /* CVALUE_GTEST_H */
