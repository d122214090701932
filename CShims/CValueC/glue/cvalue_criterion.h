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

/* `failure` (freed here) through Criterion's own assertion, unless it is NULL; stops the test when `stop`. */
#define CV_CRITERION_FAIL_WITH_(failure, stop)                                                               \
  do {                                                                                                      \
    char *cv_failure_ = (failure);                                                                          \
    int cv_failed_ = cv_failure_ != NULL;                                                                   \
    cr_expect(!cv_failed_, "%s", cv_failed_ ? cv_failure_ : "");                                            \
    free(cv_failure_);                                                                                      \
    if (cv_failed_ && (stop)) criterion_abort_test();                                                       \
  } while (0)

#define CV_CRITERION_CHECK_(type, actual, expected, count, options, stop)                                   \
  CV_CRITERION_FAIL_WITH_(cv_assert_message((type), (actual), (expected), (count), (options), sizeof *(actual), \
                                            #actual, #expected),                                            \
                          stop)

#define cr_assert_cv_equal(type, actual, expected) CV_CRITERION_CHECK_(type, actual, expected, 1, NULL, 1)
#define cr_expect_cv_equal(type, actual, expected) CV_CRITERION_CHECK_(type, actual, expected, 1, NULL, 0)
#define cr_assert_cv_equal_options(type, actual, expected, options) \
  CV_CRITERION_CHECK_(type, actual, expected, 1, options, 1)
#define cr_expect_cv_equal_options(type, actual, expected, options) \
  CV_CRITERION_CHECK_(type, actual, expected, 1, options, 0)
#define cr_assert_cv_array_equal(type, actual, expected, count, options) \
  CV_CRITERION_CHECK_(type, actual, expected, count, options, 1)

#define CV_CRITERION_SNAPSHOT_(type, value, count, name, options, stop)                                      \
  CV_CRITERION_FAIL_WITH_(                                                                                  \
      cv_snapshot_message((type), (value), (count), sizeof *(value), CV_SNAPSHOT_DIR, (name), (options), #value), \
      stop)

/* `*value` matches the snapshot CV_SNAPSHOT_DIR/name.snap (see cv_snapshot_message), with a cv_type handle. */
#define cr_assert_cv_snapshot_type(type, value, name) \
  CV_CRITERION_SNAPSHOT_(type, value, CV_SNAPSHOT_ONE_VALUE, name, NULL, 1)
#define cr_expect_cv_snapshot_type(type, value, name) \
  CV_CRITERION_SNAPSHOT_(type, value, CV_SNAPSHOT_ONE_VALUE, name, NULL, 0)
#define cr_assert_cv_snapshot_type_options(type, value, name, options) \
  CV_CRITERION_SNAPSHOT_(type, value, CV_SNAPSHOT_ONE_VALUE, name, options, 1)
#define cr_expect_cv_snapshot_type_options(type, value, name, options) \
  CV_CRITERION_SNAPSHOT_(type, value, CV_SNAPSHOT_ONE_VALUE, name, options, 0)
/* The `count` values at `values` match the array snapshot element by element, and the count the recorded one. */
#define cr_assert_cv_array_snapshot_type(type, values, count, name, options) \
  CV_CRITERION_SNAPSHOT_(type, values, count, name, options, 1)

/* Zero set-up snapshots: T is a type of this program read from its own debug info (compile with -g), noted
 * for reading before Criterion forks; `checked` is the expression checked to be T when compiling. */
#define CV_CRITERION_PROGRAM_SNAPSHOT_(T, pointer, checked, count, name, options, text, stop)               \
  do {                                                                                                      \
    CV_READ_BEFORE_FORK_(T);                                                                                \
    CV_CHECK_TYPE_(T, checked);                                                                             \
    CV_CRITERION_FAIL_WITH_(cv_program_snapshot_message(#T, (pointer), (count), sizeof(T), CV_SNAPSHOT_DIR,  \
                                                        (name), (options), text),                           \
                            stop);                                                                          \
  } while (0)

/* `value`, a value (lvalue) of type T, matches the snapshot CV_SNAPSHOT_DIR/name.snap; no set-up. */
#define cr_assert_cv_snapshot(T, value, name) \
  CV_CRITERION_PROGRAM_SNAPSHOT_(T, &(value), value, CV_SNAPSHOT_ONE_VALUE, name, NULL, #value, 1)
#define cr_expect_cv_snapshot(T, value, name) \
  CV_CRITERION_PROGRAM_SNAPSHOT_(T, &(value), value, CV_SNAPSHOT_ONE_VALUE, name, NULL, #value, 0)
#define cr_assert_cv_snapshot_options(T, value, name, options) \
  CV_CRITERION_PROGRAM_SNAPSHOT_(T, &(value), value, CV_SNAPSHOT_ONE_VALUE, name, options, #value, 1)
#define cr_expect_cv_snapshot_options(T, value, name, options) \
  CV_CRITERION_PROGRAM_SNAPSHOT_(T, &(value), value, CV_SNAPSHOT_ONE_VALUE, name, options, #value, 0)
/* The `count` values of type T at `values` (an array or a pointer to T) match the array snapshot. */
#define cr_assert_cv_array_snapshot(T, values, count, name, options) \
  CV_CRITERION_PROGRAM_SNAPSHOT_(T, (values), (values)[0], count, name, options, #values, 1)
#define cr_expect_cv_array_snapshot(T, values, count, name, options) \
  CV_CRITERION_PROGRAM_SNAPSHOT_(T, (values), (values)[0], count, name, options, #values, 0)

/* Zero set-up: `actual` and `expected` are two values (lvalues) of type T, a type of this program read from its
 * own debug info (compile with -g), checked to be T when compiling. */
#define CV_CRITERION_PROGRAM_(T, actual, expected, options, stop)                                            \
  do {                                                                                                      \
    CV_READ_BEFORE_FORK_(T);                                                                                \
    CV_CHECK_TYPES_(T, actual, expected);                                                                   \
    CV_CRITERION_FAIL_WITH_(cv_program_assert_message(#T, &(actual), &(expected), 1, (options), sizeof(T),  \
                                                      #actual, #expected),                                  \
                            stop);                                                                          \
  } while (0)

#define cr_assert_cv_eq(T, actual, expected) CV_CRITERION_PROGRAM_(T, actual, expected, NULL, 1)
#define cr_expect_cv_eq(T, actual, expected) CV_CRITERION_PROGRAM_(T, actual, expected, NULL, 0)
#define cr_assert_cv_eq_options(T, actual, expected, options) CV_CRITERION_PROGRAM_(T, actual, expected, options, 1)
#define cr_expect_cv_eq_options(T, actual, expected, options) CV_CRITERION_PROGRAM_(T, actual, expected, options, 0)

#endif /* CVALUE_CRITERION_H */
