/*
 * cvalue_cmocka.h: cmocka assertions on C values, field by field. Include after <cmocka.h>.
 *
 *   assert_cv_equal(tcp, &actual, &expected);
 *
 * On a difference the test fails through cmocka's own path (print_error, then _fail with the caller's file
 * and line), printing the report: every mismatching field path with both values, then both values. The
 * report is freed before cmocka's failure jumps out of the test, so failing tests leak nothing.
 */
#ifndef CVALUE_CMOCKA_H
#define CVALUE_CMOCKA_H

#include <cvalue.h>

/* Fails the test unless the `count` values at `actual` and `expected` are equal under `options` (NULL:
 * exact). `value_size` is sizeof one value as the caller sees it, checked against the handle. */
static inline void cv_cmocka_assert_equal(const cv_type *type, const void *actual, const void *expected,
                                          size_t count, const cv_options *options, size_t value_size,
                                          const char *actual_text, const char *expected_text, const char *file,
                                          int line) {
  cv_comparison result;
  char *message = NULL;
  cv_status status;
  if (type != NULL && value_size != cv_type_size(type)) {
    print_error("%s is %zu bytes, but its cv_type is %zu bytes\n", actual_text, value_size, cv_type_size(type));
    _fail(file, line);
    return;
  }
  status = cv_compare(type, actual, expected, count, options, &result, &message);
  if (status != CV_OK) {
    print_error("cannot compare %s with %s: %s: %s\n", actual_text, expected_text, cv_status_name(status), message);
    cv_free(message);
    _fail(file, line);
    return;
  }
  if (!result.is_equal) {
    print_error("%s\n", result.report);
    cv_free(result.report);
    _fail(file, line);
  }
}

/* Fails the test unless `*actual` equals `*expected` (pointers to one value each). */
#define assert_cv_equal(type, actual, expected) \
  cv_cmocka_assert_equal((type), (actual), (expected), 1, NULL, sizeof *(actual), #actual, #expected, __FILE__, \
                         __LINE__)

/* The same, with options (tolerances, union members). */
#define assert_cv_equal_options(type, actual, expected, options) \
  cv_cmocka_assert_equal((type), (actual), (expected), 1, (options), sizeof *(actual), #actual, #expected, \
                         __FILE__, __LINE__)

/* Fails the test unless the `count` elements of two arrays are equal (paths such as "[3].x"). */
#define assert_cv_array_equal(type, actual, expected, count, options) \
  cv_cmocka_assert_equal((type), (actual), (expected), (count), (options), sizeof *(actual), #actual, #expected, \
                         __FILE__, __LINE__)

#endif /* CVALUE_CMOCKA_H */
