/*
 * cvalue_assert.h: the one call every framework's glue makes, and what a framework without glue (Unity,
 * greatest, µnit, acutest) can call in its own assertion:
 *
 *   char *failure = cv_assert_message(type, &actual, &expected, 1, NULL, sizeof actual, "actual", "expected");
 *   if (failure != NULL) { ...fail the test with it...; free(failure); }
 *
 * What it returns is this header's (malloc), freed with free(); what the library hands out it frees with
 * cv_free, each allocation by its owner's function.
 */
#ifndef CVALUE_ASSERT_H
#define CVALUE_ASSERT_H

#include <stdio.h>
#include <stdlib.h>

#include <cvalue.h>

/* NULL when the `count` values at `actual` and `expected` are equal under `options` (NULL: exact); else what
 * the test should fail with: the comparison's report (every mismatching field path with both values, then
 * both values), or why they could not be compared. The caller frees it with free(). `value_size` is sizeof
 * one value where the assertion is written, checked against the handle's size; the texts name the values. */
static inline char *cv_assert_message(const cv_type *type, const void *actual, const void *expected, size_t count,
                                      const cv_options *options, size_t value_size, const char *actual_text,
                                      const char *expected_text) {
  cv_comparison result;
  char *message = NULL;
  char *text;
  int length;
  cv_status status;
  if (type != NULL && value_size != cv_type_size(type)) {
    const char *format = "%s is %zu bytes, but its cv_type is %zu bytes";
    length = snprintf(NULL, 0, format, actual_text, value_size, cv_type_size(type));
    text = (char *)malloc((size_t)length + 1);
    if (text != NULL) snprintf(text, (size_t)length + 1, format, actual_text, value_size, cv_type_size(type));
    return text;
  }
  result.size = sizeof result;
  status = cv_compare(type, actual, expected, count, options, &result, &message);
  if (status == CV_OK) {
    if (result.report == NULL) return NULL; /* equal */
    length = snprintf(NULL, 0, "%s", result.report);
    text = (char *)malloc((size_t)length + 1);
    if (text != NULL) snprintf(text, (size_t)length + 1, "%s", result.report);
    cv_free(result.report);
    return text;
  }
  {
    const char *format = "cannot compare %s with %s: %s: %s";
    length = snprintf(NULL, 0, format, actual_text, expected_text, cv_status_name(status), message);
    text = (char *)malloc((size_t)length + 1);
    if (text != NULL) {
      snprintf(text, (size_t)length + 1, format, actual_text, expected_text, cv_status_name(status), message);
    }
    cv_free(message);
    return text;
  }
}

/* Where the snapshot assertions keep their files (NAME.snap), relative to the working directory unless
 * absolute. Define it before including a glue header to choose another folder, or name a variable. */
#ifndef CV_SNAPSHOT_DIR
#define CV_SNAPSHOT_DIR "__snapshots__"
#endif

/* NULL when the value at `value` matches the snapshot `directory/name.snap` under `options` (NULL: exact), or
 * was recorded (CVALUE_SNAPSHOTS=record-missing or record-all, never while CI is set); else what the test
 * should fail with: the field report, the missing file, or the line and column of a hand edit that does not
 * parse. The actual value is then in `name.snap.new`. The caller frees it with free(). */
static inline char *cv_snapshot_message(const cv_type *type, const void *value, size_t value_size,
                                        const char *directory, const char *name, const cv_options *options,
                                        const char *value_text) {
  int32_t outcome = CV_SNAPSHOT_FAILED;
  char *failure = NULL;
  char *message = NULL;
  char *text;
  int length;
  cv_status status = cv_snapshot_check(type, value, value_size, directory, name, options, &outcome, &failure,
                                       &message);
  if (status == CV_OK) {
    if (failure == NULL) return NULL; /* matched, or recorded */
    length = snprintf(NULL, 0, "%s", failure);
    text = (char *)malloc((size_t)length + 1);
    if (text != NULL) snprintf(text, (size_t)length + 1, "%s", failure);
    cv_free(failure);
    return text;
  }
  {
    const char *format = "cannot check %s against snapshot %s: %s: %s";
    length = snprintf(NULL, 0, format, value_text, name, cv_status_name(status), message);
    text = (char *)malloc((size_t)length + 1);
    if (text != NULL) snprintf(text, (size_t)length + 1, format, value_text, name, cv_status_name(status), message);
    cv_free(message);
    return text;
  }
}

#endif /* CVALUE_ASSERT_H */
