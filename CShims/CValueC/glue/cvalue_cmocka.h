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

#include <cvalue_assert.h>

/* Fails the test unless the `count` values at `actual` and `expected` are equal under `options` (NULL:
 * exact). `value_size` is sizeof one value as the caller sees it, checked against the handle. */
static inline void cv_cmocka_assert_equal(const cv_type *type, const void *actual, const void *expected,
                                          size_t count, const cv_options *options, size_t value_size,
                                          const char *actual_text, const char *expected_text, const char *file,
                                          int line) {
  char *failure = cv_assert_message(type, actual, expected, count, options, value_size, actual_text, expected_text);
  if (failure != NULL) {
    print_error("%s\n", failure);
    free(failure);
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

/* Fails the test unless the value at `value` matches its snapshot file (see cv_snapshot_message). */
static inline void cv_cmocka_assert_snapshot(const cv_type *type, const void *value, size_t value_size,
                                             const char *directory, const char *name, const cv_options *options,
                                             const char *value_text, const char *file, int line) {
  char *failure = cv_snapshot_message(type, value, value_size, directory, name, options, value_text);
  if (failure != NULL) {
    print_error("%s\n", failure);
    free(failure);
    _fail(file, line);
  }
}

/* Fails the test unless `*value` matches the snapshot CV_SNAPSHOT_DIR/name.snap. */
#define assert_cv_snapshot(type, value, name) \
  cv_cmocka_assert_snapshot((type), (value), sizeof *(value), CV_SNAPSHOT_DIR, (name), NULL, #value, __FILE__, \
                            __LINE__)

/* The same, with options (tolerances, ignored fields, union members). */
#define assert_cv_snapshot_options(type, value, name, options) \
  cv_cmocka_assert_snapshot((type), (value), sizeof *(value), CV_SNAPSHOT_DIR, (name), (options), #value, \
                            __FILE__, __LINE__)

/* Fails the test unless `actual` equals `expected`, two values (lvalues) of type T, a type of this program
 * read from its own debug info (compile with -g): no catalog, no set-up. Both are checked to be T when
 * compiling. */
static inline void cv_cmocka_assert_program_equal(const char *type_name, const void *actual, const void *expected,
                                                  const cv_options *options, size_t value_size,
                                                  const char *actual_text, const char *expected_text,
                                                  const char *file, int line) {
  char *failure =
      cv_program_assert_message(type_name, actual, expected, 1, options, value_size, actual_text, expected_text);
  if (failure != NULL) {
    print_error("%s\n", failure);
    free(failure);
    _fail(file, line);
  }
}

#define assert_cv_eq(T, actual, expected) assert_cv_eq_options(T, actual, expected, NULL)

/* The same, with options (tolerances, ignored fields, union members). */
#define assert_cv_eq_options(T, actual, expected, options)                                                    \
  do {                                                                                                      \
    CV_CHECK_TYPES_(T, actual, expected);                                                                   \
    cv_cmocka_assert_program_equal(#T, &(actual), &(expected), (options), sizeof(T), #actual, #expected,    \
                                   __FILE__, __LINE__);                                                     \
  } while (0)

#endif /* CVALUE_CMOCKA_H */
