/*
 * cvalue_unity.h: Unity assertions on C values, field by field. It includes "unity.h" (Unity's src folder on
 * the include path, as Ceedling and Unity's own builds have it).
 *
 *   TEST_ASSERT_EQUAL_CV(struct motor, actual, expected);
 *
 * The type is named once; its layout comes from the test's own debug info (compile with -g): no catalog, no
 * set-up. `actual` and `expected` come in that order, as in every other cvalue assertion (Unity's own
 * TEST_ASSERT_EQUAL_INT takes expected first); the report labels both. Padding is never compared, floats are
 * compared within a tolerance when asked, enum fields are shown by their constants' names.
 *
 * On a difference the report (every mismatching field path with both values, then both values) is written
 * through Unity's own output, UNITY_OUTPUT_CHAR, line by line as it is, and the test fails through Unity's
 * own failure path, UnityFail at the assertion's line, with a one-line message: Unity prints a failure
 * message escaped (a line break as "\n", a byte past ASCII as "\xE2"), so the report itself goes just above
 * the "file:line:test:FAIL" line, which Ceedling and other tools that read Unity's output still find. The
 * report is freed before Unity's failure jumps out of the test, so failing tests leak nothing.
 */
#ifndef CVALUE_UNITY_H
#define CVALUE_UNITY_H

#if defined(CV_UNITY_TARGET)
/*
 * On the target: the same test source built into firmware with -DCV_UNITY_TARGET and cvalue_target.h (and
 * cvalue_target.c) beside it. Unity runs on the target and decides its own assertions; each
 * TEST_ASSERT_EQUAL_CV sends both values to the firmware's cv_target_write and passes there, and the host
 * decides it when `cvalue log FIRMWARE.elf LOG` reads the output (padding, tolerances, unions and enum names
 * are the host's). Call CV_TARGET_BEGIN() before UNITY_BEGIN() and CV_TARGET_END() after UNITY_END(). A
 * message must be a string literal: it is kept in the ELF, not in flash. Options, tolerances and snapshots
 * are given to `cvalue log` on the host, so their forms do not compile here.
 */
#include "unity.h"

#include "cvalue_target.h"

#define TEST_ASSERT_EQUAL_CV(T, actual, expected) CV_TARGET_ASSERT_EQ(T, actual, expected)
#define TEST_ASSERT_EQUAL_CV_MESSAGE(T, actual, expected, message) \
  CV_TARGET_ASSERT_EQ_MSG(T, actual, expected, message)
#define TEST_ASSERT_EQUAL_CV_ARRAY(T, actual, expected, count) CV_TARGET_ASSERT_EQ_ARRAY(T, actual, expected, count)
#define CV_UNITY_HOST_ONLY_(form) \
  _Static_assert(0, form " is for the host: on the target, give options and tolerances to cvalue log")
#define TEST_ASSERT_EQUAL_CV_OPTIONS(...) CV_UNITY_HOST_ONLY_("TEST_ASSERT_EQUAL_CV_OPTIONS")
#define TEST_ASSERT_EQUAL_CV_OPTIONS_MESSAGE(...) CV_UNITY_HOST_ONLY_("TEST_ASSERT_EQUAL_CV_OPTIONS_MESSAGE")
#define TEST_ASSERT_CV_WITHIN(...) CV_UNITY_HOST_ONLY_("TEST_ASSERT_CV_WITHIN")
#define TEST_ASSERT_CV_WITHIN_MESSAGE(...) CV_UNITY_HOST_ONLY_("TEST_ASSERT_CV_WITHIN_MESSAGE")
#define TEST_ASSERT_EQUAL_CV_ARRAY_MESSAGE(...) CV_UNITY_HOST_ONLY_("TEST_ASSERT_EQUAL_CV_ARRAY_MESSAGE")
#define TEST_ASSERT_EQUAL_CV_ARRAY_OPTIONS(...) CV_UNITY_HOST_ONLY_("TEST_ASSERT_EQUAL_CV_ARRAY_OPTIONS")
#define TEST_ASSERT_CV_ARRAY_WITHIN(...) CV_UNITY_HOST_ONLY_("TEST_ASSERT_CV_ARRAY_WITHIN")
#define TEST_ASSERT_CV_SNAPSHOT(...) CV_UNITY_HOST_ONLY_("TEST_ASSERT_CV_SNAPSHOT")
#define TEST_ASSERT_CV_SNAPSHOT_MESSAGE(...) CV_UNITY_HOST_ONLY_("TEST_ASSERT_CV_SNAPSHOT_MESSAGE")
#define TEST_ASSERT_CV_SNAPSHOT_OPTIONS(...) CV_UNITY_HOST_ONLY_("TEST_ASSERT_CV_SNAPSHOT_OPTIONS")
#define TEST_ASSERT_CV_ARRAY_SNAPSHOT(...) CV_UNITY_HOST_ONLY_("TEST_ASSERT_CV_ARRAY_SNAPSHOT")
#define TEST_ASSERT_CV_ARRAY_SNAPSHOT_OPTIONS(...) CV_UNITY_HOST_ONLY_("TEST_ASSERT_CV_ARRAY_SNAPSHOT_OPTIONS")
#define TEST_ASSERT_EQUAL_CV_TYPE(...) CV_UNITY_HOST_ONLY_("TEST_ASSERT_EQUAL_CV_TYPE")
#define TEST_ASSERT_EQUAL_CV_TYPE_ARRAY(...) CV_UNITY_HOST_ONLY_("TEST_ASSERT_EQUAL_CV_TYPE_ARRAY")

#else /* the host */

#include <string.h>

/* On the host the values are compared where they are asserted: a test source that also builds for the target
 * (CV_UNITY_TARGET) keeps its CV_TARGET_BEGIN() and CV_TARGET_END(), which do nothing here. */
#ifndef CV_TARGET_BEGIN
#define CV_TARGET_BEGIN() ((void)0)
#endif
#ifndef CV_TARGET_END
#define CV_TARGET_END() ((void)0)
#endif

#include "unity.h"

#include <cvalue_assert.h>

/* The longest one-line failure message (the values' names, a snapshot's name, the assertion's message). */
#ifndef CV_UNITY_MESSAGE_SIZE
#define CV_UNITY_MESSAGE_SIZE 512
#endif

/* Writes `text` through Unity's output as it is, one line at a time. */
static inline void cv_unity_print_(const char *text) {
  for (; *text != '\0'; text++) {
    if (*text == '\n') {
      UNITY_PRINT_EOL();
    } else {
      UNITY_OUTPUT_CHAR(*text);
    }
  }
  UNITY_PRINT_EOL();
}

/* Unless `failure` is NULL: writes it (then frees it) and fails the test at `line` through UnityFail with
 * "SUBJECT RELATION OBJECT (cvalue's report above)", then ". MESSAGE" when the assertion has a message. The
 * relation is `cannot` when the failure is cvalue_assert.h's "cannot compare ..." or "cannot check ...": the
 * values were not compared (no debug info for the type, a size or an option that does not fit). */
static inline void cv_unity_fail_with_(char *failure, const char *subject, const char *relation,
                                       const char *cannot, const char *object, const char *message,
                                       UNITY_LINE_TYPE line) {
  char text[CV_UNITY_MESSAGE_SIZE];
  if (failure == NULL) return;
  if (strncmp(failure, "cannot ", 7) == 0) relation = cannot;
  cv_unity_print_(failure);
  free(failure);
  snprintf(text, sizeof text, "%s %s %s (cvalue's report above)%s%s", subject, relation, object,
           message != NULL ? ". " : "", message != NULL ? message : "");
  UNITY_TEST_FAIL(line, text);
}

/* Options that compare every float in the value within `delta` (absolute), or why there are none. */
static inline cv_status cv_unity_within_(double delta, cv_options **options, char **message) {
  cv_tolerance tolerance = {sizeof(cv_tolerance), 0, 0, 0, 0};
  cv_status status;
  tolerance.absolute = delta;
  *options = NULL;
  status = cv_options_new(options, message);
  if (status == CV_OK) status = cv_options_set_tolerance(*options, NULL, &tolerance, message);
  return status;
}

/* Fails the test unless the `count` values at `actual` and `expected` of the program's type `type_name`
 * (read from its own debug info) are equal under `options`, or within `delta` when `options` is NULL and
 * `delta` is not negative. */
static inline void cv_unity_program_equal_(const char *type_name, const void *actual, const void *expected,
                                           size_t count, const cv_options *options, double delta,
                                           size_t value_size, const char *actual_text, const char *expected_text,
                                           const char *message, UNITY_LINE_TYPE line) {
  cv_options *within = NULL;
  char *why = NULL;
  char *failure;
  cv_status status = delta < 0 || options != NULL ? CV_OK : cv_unity_within_(delta, &within, &why);
  if (status == CV_OK) {
    failure = cv_program_assert_message(type_name, actual, expected, count, within != NULL ? within : options,
                                        value_size, actual_text, expected_text);
  } else {
    failure = cv_glue_cannot_compare_(actual_text, expected_text, status, why);
  }
  cv_options_free(within);
  cv_unity_fail_with_(failure, actual_text, "does not equal", "cannot be compared with", expected_text, message,
                      line);
}

/* MARK: - Zero set-up: T is a type of this program, read from its own debug info (compile with -g) */

/* `actual` and `expected` point to the values, checked to be T when compiling (`checked_actual` and
 * `checked_expected`, named by `actual_text` and `expected_text`); `delta` negative: exact or by `options`. */
#define CV_UNITY_EQUAL_(T, actual, expected, checked_actual, checked_expected, count, options, delta, message,  \
                        actual_text, expected_text)                                                         \
  do {                                                                                                      \
    CV_CHECK_TYPES_(T, checked_actual, checked_expected);                                                   \
    cv_unity_program_equal_(#T, (actual), (expected), (count), (options), (delta), sizeof(T), actual_text,   \
                            expected_text, (message), __LINE__);                                            \
  } while (0)

/* Fails the test unless `actual` equals `expected`, two values (lvalues) of type T. */
#define TEST_ASSERT_EQUAL_CV(T, actual, expected) TEST_ASSERT_EQUAL_CV_MESSAGE(T, actual, expected, NULL)
#define TEST_ASSERT_EQUAL_CV_MESSAGE(T, actual, expected, message) \
  CV_UNITY_EQUAL_(T, &(actual), &(expected), actual, expected, 1, NULL, -1.0, message, #actual, #expected)

/* The same, with options (tolerances, ignored fields, union members, comparers: cv_options_ in cvalue.h). */
#define TEST_ASSERT_EQUAL_CV_OPTIONS(T, actual, expected, options) \
  TEST_ASSERT_EQUAL_CV_OPTIONS_MESSAGE(T, actual, expected, options, NULL)
#define TEST_ASSERT_EQUAL_CV_OPTIONS_MESSAGE(T, actual, expected, options, message) \
  CV_UNITY_EQUAL_(T, &(actual), &(expected), actual, expected, 1, options, -1.0, message, #actual, #expected)

/* The same, every float in the values within `delta` of the other (as TEST_ASSERT_FLOAT_WITHIN). */
#define TEST_ASSERT_CV_WITHIN(delta, T, actual, expected) \
  TEST_ASSERT_CV_WITHIN_MESSAGE(delta, T, actual, expected, NULL)
#define TEST_ASSERT_CV_WITHIN_MESSAGE(delta, T, actual, expected, message) \
  CV_UNITY_EQUAL_(T, &(actual), &(expected), actual, expected, 1, NULL, (double)(delta), message, #actual, \
                  #expected)

/* Fails the test unless the first `count` values of type T at `actual` and `expected` (arrays, or pointers
 * to T) are equal element by element (paths such as "[3].speed"). */
#define TEST_ASSERT_EQUAL_CV_ARRAY(T, actual, expected, count) \
  TEST_ASSERT_EQUAL_CV_ARRAY_MESSAGE(T, actual, expected, count, NULL)
#define TEST_ASSERT_EQUAL_CV_ARRAY_MESSAGE(T, actual, expected, count, message) \
  CV_UNITY_EQUAL_(T, (actual), (expected), (actual)[0], (expected)[0], count, NULL, -1.0, message, #actual, \
                  #expected)
#define TEST_ASSERT_EQUAL_CV_ARRAY_OPTIONS(T, actual, expected, count, options) \
  CV_UNITY_EQUAL_(T, (actual), (expected), (actual)[0], (expected)[0], count, options, -1.0, NULL, #actual, \
                  #expected)
#define TEST_ASSERT_CV_ARRAY_WITHIN(delta, T, actual, expected, count) \
  CV_UNITY_EQUAL_(T, (actual), (expected), (actual)[0], (expected)[0], count, NULL, (double)(delta), NULL,     \
                  #actual, #expected)

/* Fails the test unless the value matches its snapshot file (see cv_snapshot_message), for a type of this
 * program read from its own debug info. */
static inline void cv_unity_program_snapshot_(const char *type_name, const void *value, size_t count,
                                              size_t value_size, const char *name, const cv_options *options,
                                              const char *value_text, const char *message, UNITY_LINE_TYPE line) {
  cv_unity_fail_with_(
      cv_program_snapshot_message(type_name, value, count, value_size, CV_SNAPSHOT_DIR, name, options, value_text),
      value_text, "does not match the snapshot", "cannot be checked against the snapshot", name, message, line);
}

#define CV_UNITY_SNAPSHOT_(T, pointer, checked, count, name, options, text, message)                          \
  do {                                                                                                      \
    CV_CHECK_TYPE_(T, checked);                                                                             \
    cv_unity_program_snapshot_(#T, (pointer), (count), sizeof(T), (name), (options), text, (message),        \
                               __LINE__);                                                                   \
  } while (0)

/* Fails the test unless `value`, a value (lvalue) of type T, matches the snapshot CV_SNAPSHOT_DIR/name.snap
 * (recorded when CVALUE_SNAPSHOTS=record-missing, never while CI is set). */
#define TEST_ASSERT_CV_SNAPSHOT(T, value, name) TEST_ASSERT_CV_SNAPSHOT_MESSAGE(T, value, name, NULL)
#define TEST_ASSERT_CV_SNAPSHOT_MESSAGE(T, value, name, message) \
  CV_UNITY_SNAPSHOT_(T, &(value), value, CV_SNAPSHOT_ONE_VALUE, name, NULL, #value, message)
#define TEST_ASSERT_CV_SNAPSHOT_OPTIONS(T, value, name, options) \
  CV_UNITY_SNAPSHOT_(T, &(value), value, CV_SNAPSHOT_ONE_VALUE, name, options, #value, NULL)

/* Fails the test unless the `count` values of type T at `values` (an array or a pointer to T) match the
 * array snapshot CV_SNAPSHOT_DIR/name.snap element by element, and the count is the recorded one. */
#define TEST_ASSERT_CV_ARRAY_SNAPSHOT(T, values, count, name) \
  CV_UNITY_SNAPSHOT_(T, (values), (values)[0], count, name, NULL, #values, NULL)
#define TEST_ASSERT_CV_ARRAY_SNAPSHOT_OPTIONS(T, values, count, name, options) \
  CV_UNITY_SNAPSHOT_(T, (values), (values)[0], count, name, options, #values, NULL)

/* MARK: - With a cv_type handle (a catalog's type, cv_type_resolve): pointers to the values */

/* Fails the test unless the `count` values at `actual` and `expected` are equal under `options` (NULL:
 * exact); `sizeof *(actual)` is checked against the handle. */
#define TEST_ASSERT_EQUAL_CV_TYPE(type, actual, expected) \
  TEST_ASSERT_EQUAL_CV_TYPE_ARRAY(type, actual, expected, 1, NULL)
#define TEST_ASSERT_EQUAL_CV_TYPE_ARRAY(type, actual, expected, count, options)                                \
  cv_unity_fail_with_(cv_assert_message((type), (actual), (expected), (count), (options), sizeof *(actual),  \
                                        #actual, #expected),                                                \
                      #actual, "does not equal", "cannot be compared with", #expected, NULL, __LINE__)

#endif /* CV_UNITY_TARGET */

#endif /* CVALUE_UNITY_H */
