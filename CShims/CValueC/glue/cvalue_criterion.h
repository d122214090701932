/*
 * cvalue_criterion.h: Criterion assertions on C values, field by field. Include after <criterion/criterion.h>.
 *
 *   cr_assert_cv_equal(tcp, &actual, &expected);     // fails and stops the test
 *   cr_expect_cv_equal(tcp, &actual, &expected);     // fails and goes on
 *
 * The report (every mismatching field path with both values) goes through Criterion's own assertion, with
 * the caller's file and line; it is freed before a failing cr_assert stops the test. Criterion runs each
 * test in a process of its own: the library works there as in the parent.
 */
#ifndef CVALUE_CRITERION_H
#define CVALUE_CRITERION_H

#include <criterion/abort.h>
#include <cvalue_assert.h>

#define CV_CRITERION_CHECK_(type, actual, expected, count, options, stop)                                          \
  do {                                                                                                           \
    char *cv_failure_ = cv_assert_message((type), (actual), (expected), (count), (options), sizeof *(actual),   \
                                          #actual, #expected);                                                   \
    int cv_failed_ = cv_failure_ != NULL;                                                                        \
    cr_expect(!cv_failed_, "%s", cv_failed_ ? cv_failure_ : "");                                                 \
    free(cv_failure_);                                                                                           \
    if (cv_failed_ && (stop)) criterion_abort_test();                                                            \
  } while (0)

#define cr_assert_cv_equal(type, actual, expected) CV_CRITERION_CHECK_(type, actual, expected, 1, NULL, 1)
#define cr_expect_cv_equal(type, actual, expected) CV_CRITERION_CHECK_(type, actual, expected, 1, NULL, 0)
#define cr_assert_cv_equal_options(type, actual, expected, options) \
  CV_CRITERION_CHECK_(type, actual, expected, 1, options, 1)
#define cr_expect_cv_equal_options(type, actual, expected, options) \
  CV_CRITERION_CHECK_(type, actual, expected, 1, options, 0)
#define cr_assert_cv_array_equal(type, actual, expected, count, options) \
  CV_CRITERION_CHECK_(type, actual, expected, count, options, 1)

#define CV_CRITERION_SNAPSHOT_(type, value, name, options, stop)                                                 \
  do {                                                                                                           \
    char *cv_failure_ =                                                                                          \
        cv_snapshot_message((type), (value), sizeof *(value), CV_SNAPSHOT_DIR, (name), (options), #value);       \
    int cv_failed_ = cv_failure_ != NULL;                                                                        \
    cr_expect(!cv_failed_, "%s", cv_failed_ ? cv_failure_ : "");                                                 \
    free(cv_failure_);                                                                                           \
    if (cv_failed_ && (stop)) criterion_abort_test();                                                            \
  } while (0)

/* `*value` matches the snapshot CV_SNAPSHOT_DIR/name.snap (see cv_snapshot_message). */
#define cr_assert_cv_snapshot(type, value, name) CV_CRITERION_SNAPSHOT_(type, value, name, NULL, 1)
#define cr_expect_cv_snapshot(type, value, name) CV_CRITERION_SNAPSHOT_(type, value, name, NULL, 0)
#define cr_assert_cv_snapshot_options(type, value, name, options) CV_CRITERION_SNAPSHOT_(type, value, name, options, 1)
#define cr_expect_cv_snapshot_options(type, value, name, options) CV_CRITERION_SNAPSHOT_(type, value, name, options, 0)

/* Zero set-up: `actual` and `expected` are two values (lvalues) of type T, a type of this program read from its
 * own debug info (compile with -g), checked to be T when compiling. */
#define CV_CRITERION_PROGRAM_(T, actual, expected, options, stop)                                            \
  do {                                                                                                      \
    char *cv_failure_;                                                                                      \
    int cv_failed_;                                                                                         \
    CV_READ_BEFORE_FORK_(T);                                                                                \
    CV_CHECK_TYPES_(T, actual, expected);                                                                   \
    cv_failure_ = cv_program_assert_message(#T, &(actual), &(expected), 1, (options), sizeof(T), #actual,   \
                                            #expected);                                                     \
    cv_failed_ = cv_failure_ != NULL;                                                                       \
    cr_expect(!cv_failed_, "%s", cv_failed_ ? cv_failure_ : "");                                            \
    free(cv_failure_);                                                                                      \
    if (cv_failed_ && (stop)) criterion_abort_test();                                                       \
  } while (0)

#define cr_assert_cv_eq(T, actual, expected) CV_CRITERION_PROGRAM_(T, actual, expected, NULL, 1)
#define cr_expect_cv_eq(T, actual, expected) CV_CRITERION_PROGRAM_(T, actual, expected, NULL, 0)
#define cr_assert_cv_eq_options(T, actual, expected, options) CV_CRITERION_PROGRAM_(T, actual, expected, options, 1)
#define cr_expect_cv_eq_options(T, actual, expected, options) CV_CRITERION_PROGRAM_(T, actual, expected, options, 0)

#endif /* CVALUE_CRITERION_H */
