/*
 * cvalue_check.h: Check assertions on C values, field by field. Include after <check.h>.
 *
 *   ck_assert_cv_equal(tcp, &actual, &expected);
 *
 * The report (every mismatching field path with both values) goes through Check's own ck_assert_msg, with
 * the caller's file and line. Check runs each test in a forked process by default (CK_FORK): the library
 * works there as in the parent. The report is copied to the stack (up to CV_CHECK_MESSAGE_SIZE bytes; Check
 * cuts longer messages too) and freed before Check ends the test, so nothing leaks in CK_NOFORK mode either.
 */
#ifndef CVALUE_CHECK_H
#define CVALUE_CHECK_H

#include <cvalue_assert.h>

#ifndef CV_CHECK_MESSAGE_SIZE
#define CV_CHECK_MESSAGE_SIZE 4096
#endif

/* `failure` (freed here) through Check's ck_assert_msg, copied to the stack first, unless it is NULL. */
#define CV_CHECK_FAIL_WITH_(failure)                                                                         \
  do {                                                                                                      \
    char cv_text_[CV_CHECK_MESSAGE_SIZE];                                                                   \
    char *cv_failure_ = (failure);                                                                          \
    int cv_failed_ = cv_failure_ != NULL;                                                                   \
    cv_text_[0] = '\0';                                                                                     \
    if (cv_failed_) snprintf(cv_text_, sizeof cv_text_, "%s", cv_failure_);                                 \
    free(cv_failure_);                                                                                      \
    ck_assert_msg(!cv_failed_, "%s", cv_text_);                                                             \
  } while (0)

#define CV_CHECK_CHECK_(type, actual, expected, count, options)                                                  \
  CV_CHECK_FAIL_WITH_(cv_assert_message((type), (actual), (expected), (count), (options), sizeof *(actual),   \
                                        #actual, #expected))

#define ck_assert_cv_equal(type, actual, expected) CV_CHECK_CHECK_(type, actual, expected, 1, NULL)
#define ck_assert_cv_equal_options(type, actual, expected, options) \
  CV_CHECK_CHECK_(type, actual, expected, 1, options)
#define ck_assert_cv_array_equal(type, actual, expected, count, options) \
  CV_CHECK_CHECK_(type, actual, expected, count, options)

/* Zero set-up: `actual` and `expected` are two values (lvalues) of type T, a type of this program read from its
 * own debug info (compile with -g), checked to be T when compiling. Works in Check's forked tests: a type the
 * parent read is not read again in the child. */
#define ck_assert_cv_eq(T, actual, expected) ck_assert_cv_eq_options(T, actual, expected, NULL)
#define ck_assert_cv_eq_options(T, actual, expected, options)                                                \
  do {                                                                                                      \
    CV_READ_BEFORE_FORK_(T);                                                                                \
    CV_CHECK_TYPES_(T, actual, expected);                                                                   \
    CV_CHECK_FAIL_WITH_(cv_program_assert_message(#T, &(actual), &(expected), 1, (options), sizeof(T),      \
                                                  #actual, #expected));                                     \
  } while (0)

/* `*value` matches the snapshot CV_SNAPSHOT_DIR/name.snap (see cv_snapshot_message), with a cv_type handle. */
#define ck_assert_cv_snapshot_type(type, value, name) ck_assert_cv_snapshot_type_options(type, value, name, NULL)
#define ck_assert_cv_snapshot_type_options(type, value, name, options)                                       \
  CV_CHECK_FAIL_WITH_(cv_snapshot_message((type), (value), CV_SNAPSHOT_ONE_VALUE, sizeof *(value),           \
                                          CV_SNAPSHOT_DIR, (name), (options), #value))

/* Zero set-up snapshots: T is a type of this program read from its own debug info (compile with -g), read
 * before Check forks; `checked` is the expression checked to be T when compiling. */
#define CV_CHECK_PROGRAM_SNAPSHOT_(T, pointer, checked, count, name, options, text)                          \
  do {                                                                                                      \
    CV_READ_BEFORE_FORK_(T);                                                                                \
    CV_CHECK_TYPE_(T, checked);                                                                             \
    CV_CHECK_FAIL_WITH_(cv_program_snapshot_message(#T, (pointer), (count), sizeof(T), CV_SNAPSHOT_DIR,      \
                                                    (name), (options), text));                              \
  } while (0)

/* `value`, a value (lvalue) of type T, matches the snapshot CV_SNAPSHOT_DIR/name.snap; no set-up. */
#define ck_assert_cv_snapshot(T, value, name) \
  CV_CHECK_PROGRAM_SNAPSHOT_(T, &(value), value, CV_SNAPSHOT_ONE_VALUE, name, NULL, #value)
#define ck_assert_cv_snapshot_options(T, value, name, options) \
  CV_CHECK_PROGRAM_SNAPSHOT_(T, &(value), value, CV_SNAPSHOT_ONE_VALUE, name, options, #value)
/* The `count` values of type T at `values` (an array or a pointer to T) match the array snapshot element by
 * element, and the count is the recorded one. */
#define ck_assert_cv_array_snapshot(T, values, count, name, options) \
  CV_CHECK_PROGRAM_SNAPSHOT_(T, (values), (values)[0], count, name, options, #values)

#endif /* CVALUE_CHECK_H */
