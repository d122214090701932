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

/* Fails the test with `failure` (freed here) through cmocka's own path, unless it is NULL. */
static inline void cv_cmocka_fail_with_(char *failure, const char *file, int line) {
  if (failure != NULL) {
    print_error("%s\n", failure);
    free(failure);
    _fail(file, line);
  }
}

/* Fails the test unless the `count` values at `actual` and `expected` are equal under `options` (NULL:
 * exact). `value_size` is sizeof one value as the caller sees it, checked against the handle. */
static inline void cv_cmocka_assert_equal(const cv_type *type, const void *actual, const void *expected,
                                          size_t count, const cv_options *options, size_t value_size,
                                          const char *actual_text, const char *expected_text, const char *file,
                                          int line) {
  cv_cmocka_fail_with_(
      cv_assert_message(type, actual, expected, count, options, value_size, actual_text, expected_text), file, line);
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

/* Fails the test unless the value at `value` (or the `count` values there) matches its snapshot file (see
 * cv_snapshot_message). */
static inline void cv_cmocka_assert_snapshot(const cv_type *type, const void *value, size_t count,
                                             size_t value_size, const char *directory, const char *name,
                                             const cv_options *options, const char *value_text, const char *file,
                                             int line) {
  cv_cmocka_fail_with_(cv_snapshot_message(type, value, count, value_size, directory, name, options, value_text),
                       file, line);
}

/* Fails the test unless `*value` matches the snapshot CV_SNAPSHOT_DIR/name.snap, with a cv_type handle. */
#define assert_cv_snapshot_type(type, value, name) assert_cv_snapshot_type_options(type, value, name, NULL)

/* The same, with options (tolerances, ignored fields, union members). */
#define assert_cv_snapshot_type_options(type, value, name, options)                                            \
  cv_cmocka_assert_snapshot((type), (value), CV_SNAPSHOT_ONE_VALUE, sizeof *(value), CV_SNAPSHOT_DIR, (name), \
                            (options), #value, __FILE__, __LINE__)

/* Fails the test unless the `count` values at `values` match the array snapshot CV_SNAPSHOT_DIR/name.snap
 * element by element (paths such as "[2].flags"), and the count is the recorded one. */
#define assert_cv_array_snapshot_type(type, values, count, name, options)                                \
  cv_cmocka_assert_snapshot((type), (values), (count), sizeof *(values), CV_SNAPSHOT_DIR, (name), (options), \
                            #values, __FILE__, __LINE__)

/* Fails the test unless the snapshot matches, for a type of this program read from its own debug info. */
static inline void cv_cmocka_assert_program_snapshot(const char *type_name, const void *value, size_t count,
                                                     size_t value_size, const char *directory, const char *name,
                                                     const cv_options *options, const char *value_text,
                                                     const char *file, int line) {
  cv_cmocka_fail_with_(
      cv_program_snapshot_message(type_name, value, count, value_size, directory, name, options, value_text), file,
      line);
}

/* Fails the test unless `value`, a value (lvalue) of type T, matches the snapshot CV_SNAPSHOT_DIR/name.snap:
 * T is a type of this program read from its own debug info (compile with -g), no catalog, no set-up;
 * `value` is checked to be T when compiling. */
#define assert_cv_snapshot(T, value, name) assert_cv_snapshot_options(T, value, name, NULL)

/* The same, with options (tolerances, ignored fields, union members). */
#define assert_cv_snapshot_options(T, value, name, options)                                                  \
  do {                                                                                                      \
    CV_CHECK_TYPE_(T, value);                                                                               \
    cv_cmocka_assert_program_snapshot(#T, &(value), CV_SNAPSHOT_ONE_VALUE, sizeof(T), CV_SNAPSHOT_DIR, (name), \
                                      (options), #value, __FILE__, __LINE__);                               \
  } while (0)

/* Fails the test unless the `count` values of type T at `values` (an array or a pointer to T) match the array
 * snapshot CV_SNAPSHOT_DIR/name.snap element by element, and the count is the recorded one; no set-up. */
#define assert_cv_array_snapshot(T, values, count, name, options)                                            \
  do {                                                                                                      \
    CV_CHECK_TYPE_(T, (values)[0]);                                                                         \
    cv_cmocka_assert_program_snapshot(#T, (values), (count), sizeof(T), CV_SNAPSHOT_DIR, (name), (options),  \
                                      #values, __FILE__, __LINE__);                                         \
  } while (0)

/* Fails the test unless `actual` equals `expected`, two values (lvalues) of type T, a type of this program
 * read from its own debug info (compile with -g): no catalog, no set-up. Both are checked to be T when
 * compiling. */
static inline void cv_cmocka_assert_program_equal(const char *type_name, const void *actual, const void *expected,
                                                  const cv_options *options, size_t value_size,
                                                  const char *actual_text, const char *expected_text,
                                                  const char *file, int line) {
  cv_cmocka_fail_with_(
      cv_program_assert_message(type_name, actual, expected, 1, options, value_size, actual_text, expected_text),
      file, line);
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
