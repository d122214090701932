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

/* A copy of the library's `text` that the caller frees with free(); `text` itself is freed with cv_free. */
static inline char *cv_glue_copy_(char *text) {
  int length = snprintf(NULL, 0, "%s", text);
  char *copy = (char *)malloc((size_t)length + 1);
  if (copy != NULL) snprintf(copy, (size_t)length + 1, "%s", text);
  cv_free(text);
  return copy;
}

/* "cannot compare ACTUAL with EXPECTED: STATUS: message", freed with free(); `message` is freed with cv_free. */
static inline char *cv_glue_cannot_compare_(const char *actual_text, const char *expected_text, cv_status status,
                                            char *message) {
  const char *format = "cannot compare %s with %s: %s: %s";
  int length = snprintf(NULL, 0, format, actual_text, expected_text, cv_status_name(status), message);
  char *text = (char *)malloc((size_t)length + 1);
  if (text != NULL) {
    snprintf(text, (size_t)length + 1, format, actual_text, expected_text, cv_status_name(status), message);
  }
  cv_free(message);
  return text;
}

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
  if (status == CV_OK) return result.report == NULL ? NULL : cv_glue_copy_(result.report); /* NULL: equal */
  return cv_glue_cannot_compare_(actual_text, expected_text, status, message);
}

/* Where the snapshot assertions keep their files (NAME.snap), relative to the working directory unless
 * absolute. Define it before including a glue header to choose another folder, or name a variable. */
#ifndef CV_SNAPSHOT_DIR
#define CV_SNAPSHOT_DIR "__snapshots__"
#endif

/* "cannot check VALUE against snapshot NAME: STATUS: message", freed with free(); `message` is freed with cv_free. */
static inline char *cv_glue_cannot_check_snapshot_(const char *value_text, const char *name, cv_status status,
                                                   char *message) {
  const char *format = "cannot check %s against snapshot %s: %s: %s";
  int length = snprintf(NULL, 0, format, value_text, name, cv_status_name(status), message);
  char *text = (char *)malloc((size_t)length + 1);
  if (text != NULL) snprintf(text, (size_t)length + 1, format, value_text, name, cv_status_name(status), message);
  cv_free(message);
  return text;
}

/* NULL when the value at `value` matches the snapshot `directory/name.snap` under `options` (NULL: exact), or
 * was recorded (CVALUE_SNAPSHOTS=record-missing or record-all, never while CI is set); else what the test
 * should fail with: the field report, the missing file, or the line and column of a hand edit that does not
 * parse. The actual value is then in `name.snap.new`. `count` is CV_SNAPSHOT_ONE_VALUE for one value, else
 * the number of values in the array at `value`; `value_size` is sizeof one value. The caller frees it with
 * free(). */
static inline char *cv_snapshot_message(const cv_type *type, const void *value, size_t count, size_t value_size,
                                        const char *directory, const char *name, const cv_options *options,
                                        const char *value_text) {
  int32_t outcome = CV_SNAPSHOT_FAILED;
  char *failure = NULL;
  char *message = NULL;
  cv_status status = cv_snapshot_check(type, value, count, value_size, directory, name, options, &outcome,
                                       &failure, &message);
  if (status == CV_OK) return failure == NULL ? NULL : cv_glue_copy_(failure); /* NULL: matched, or recorded */
  return cv_glue_cannot_check_snapshot_(value_text, name, status, message);
}

/* MARK: - Zero set-up: the running program's own types, from its debug info */

/* Whether the expressions `actual` and `expected` are both of type T, at compile time (gcc and clang): the
 * zero-set-up assertions name only the type and take the values themselves. */
#define CV_CHECK_TYPES_(T, actual, expected)                                                                  \
  _Static_assert(__builtin_types_compatible_p(__typeof__(actual), T) &&                                       \
                     __builtin_types_compatible_p(__typeof__(expected), T),                                   \
                 "cvalue: " #actual " and " #expected " must both be " #T)

/* For frameworks that fork a process per test (Check, Criterion): every type their zero-set-up assertions
 * name is noted in a section of the program's own (CV_READ_BEFORE_FORK_), and read by a constructor in the
 * parent, before any fork, so that no forked test reads the debug info again. Errors are not reported here:
 * the assertion that names the type reports them. A program with no such assertion reads nothing. */
struct cv_program_type_note {
  const char *name;
  size_t size;
};
#define CV_READ_BEFORE_FORK_(T)                                                                               \
  static const struct cv_program_type_note cv_program_type_note_                                             \
      __attribute__((section("cv_program_type_notes"), used)) = {#T, sizeof(T)}
extern const struct cv_program_type_note __start_cv_program_type_notes[] __attribute__((weak));
extern const struct cv_program_type_note __stop_cv_program_type_notes[] __attribute__((weak));

__attribute__((constructor, used)) static void cv_read_noted_program_types_(void) {
  const struct cv_program_type_note *note;
  for (note = __start_cv_program_type_notes; note != NULL && note < __stop_cv_program_type_notes; note++) {
    cv_type *type = NULL;
    if (cv_program_type(note->name, note->size, &type, NULL) == CV_OK) cv_type_free(type);
  }
}

/* As cv_assert_message, for the type named `type_name` (a C name: "struct shape") of the running program,
 * read from its own debug info by cv_program_type: NULL when equal, else the report, or why they could not
 * be compared (no debug info for the type: compile with -g). The caller frees it with free(). */
static inline char *cv_program_assert_message(const char *type_name, const void *actual, const void *expected,
                                              size_t count, const cv_options *options, size_t value_size,
                                              const char *actual_text, const char *expected_text) {
  cv_type *type = NULL;
  char *message = NULL;
  char *text;
  cv_status status = cv_program_type(type_name, value_size, &type, &message);
  if (status == CV_OK) {
    text = cv_assert_message(type, actual, expected, count, options, value_size, actual_text, expected_text);
    cv_type_free(type);
    return text;
  }
  return cv_glue_cannot_compare_(actual_text, expected_text, status, message);
}

/* Whether the expression `value` is of type T, at compile time (gcc and clang). */
#define CV_CHECK_TYPE_(T, value)                                                                              \
  _Static_assert(__builtin_types_compatible_p(__typeof__(value), T), "cvalue: " #value " must be " #T)

/* As cv_snapshot_message, for the type named `type_name` (a C name: "struct shape") of the running program,
 * read from its own debug info by cv_program_type: NULL when the value matches its snapshot (or was
 * recorded), else the failure, or why it could not be checked (no debug info for the type: compile with -g).
 * The caller frees it with free(). */
static inline char *cv_program_snapshot_message(const char *type_name, const void *value, size_t count,
                                                size_t value_size, const char *directory, const char *name,
                                                const cv_options *options, const char *value_text) {
  cv_type *type = NULL;
  char *message = NULL;
  char *text;
  cv_status status = cv_program_type(type_name, value_size, &type, &message);
  if (status == CV_OK) {
    text = cv_snapshot_message(type, value, count, value_size, directory, name, options, value_text);
    cv_type_free(type);
    return text;
  }
  return cv_glue_cannot_check_snapshot_(value_text, name, status, message);
}

#endif /* CVALUE_ASSERT_H */
