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

#define CV_CHECK_CHECK_(type, actual, expected, count, options)                                                  \
  do {                                                                                                         \
    char cv_text_[CV_CHECK_MESSAGE_SIZE];                                                                      \
    char *cv_failure_ = cv_assert_message((type), (actual), (expected), (count), (options), sizeof *(actual), \
                                          #actual, #expected);                                                 \
    int cv_failed_ = cv_failure_ != NULL;                                                                      \
    cv_text_[0] = '\0';                                                                                        \
    if (cv_failed_) snprintf(cv_text_, sizeof cv_text_, "%s", cv_failure_);                                    \
    free(cv_failure_);                                                                                         \
    ck_assert_msg(!cv_failed_, "%s", cv_text_);                                                                \
  } while (0)

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
    char cv_text_[CV_CHECK_MESSAGE_SIZE];                                                                   \
    char *cv_failure_;                                                                                      \
    int cv_failed_;                                                                                         \
    CV_READ_BEFORE_FORK_(T);                                                                                \
    CV_CHECK_TYPES_(T, actual, expected);                                                                   \
    cv_failure_ = cv_program_assert_message(#T, &(actual), &(expected), 1, (options), sizeof(T), #actual,   \
                                            #expected);                                                     \
    cv_failed_ = cv_failure_ != NULL;                                                                       \
    cv_text_[0] = '\0';                                                                                     \
    if (cv_failed_) snprintf(cv_text_, sizeof cv_text_, "%s", cv_failure_);                                 \
    free(cv_failure_);                                                                                      \
    ck_assert_msg(!cv_failed_, "%s", cv_text_);                                                             \
  } while (0)

#endif /* CVALUE_CHECK_H */
