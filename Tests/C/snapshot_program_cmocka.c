/* Zero-set-up snapshots with cmocka: assert_cv_snapshot(T, value, name) and assert_cv_array_snapshot name only
 * the type, read from the test's own debug info (built with -g). Recorded when asked, then matched; a changed
 * field, a changed element, a changed count, a missing snapshot and one that CI=true keeps from recording fail
 * on purpose. run.sh checks the exact output (expected/snapshot_program_cmocka.txt). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "snapshot_types.h"

#include <cvalue_cmocka.h>

static const struct reading reading = {7, 3, -40, 0.25};
static const struct reading readings[3] = {{1, 0, 10, 0.5}, {2, 1, 20, 1.5}, {3, 0, 30, 2.5}};

static void a_recorded_when_asked(void **state) {
  struct reading value = reading;
  (void)state;
  setenv("CVALUE_SNAPSHOTS", "record-missing", 1);
  assert_cv_snapshot(struct reading, value, "reading");
  assert_cv_array_snapshot(struct reading, readings, 3, "readings", NULL);
  unsetenv("CVALUE_SNAPSHOTS");
}

static void b_matches(void **state) {
  struct reading value = reading, scaled = reading;
  cv_options *options = NULL;
  cv_tolerance tolerance = {sizeof(cv_tolerance), 1e-6, 0, 0, 0};
  cv_type *type = NULL;
  (void)state;
  scaled.scale += 1e-9;
  assert_cv_snapshot(struct reading, value, "reading");
  assert_cv_array_snapshot(struct reading, readings, 3, "readings", NULL);
  cv_options_new(&options, NULL);
  cv_options_set_tolerance(options, NULL, &tolerance, NULL);
  assert_cv_snapshot_options(struct reading, scaled, "reading", options);
  cv_options_free(options);
  /* The handle forms, with the program's own type as the handle. */
  assert_int_equal(cv_program_type("struct reading", sizeof(struct reading), &type, NULL), CV_OK);
  assert_cv_snapshot_type(type, &value, "reading");
  assert_cv_array_snapshot_type(type, readings, 3, "readings", NULL);
  cv_type_free(type);
}

static void c_field_differs(void **state) {
  struct reading value = reading;
  (void)state;
  value.flags = 5;
  assert_cv_snapshot(struct reading, value, "reading");
}

static void d_element_differs(void **state) {
  struct reading values[3];
  (void)state;
  memcpy(values, readings, sizeof values);
  values[1].value = 21;
  assert_cv_array_snapshot(struct reading, values, 3, "readings", NULL);
}

static void e_count_differs(void **state) {
  (void)state;
  assert_cv_array_snapshot(struct reading, readings, 2, "readings", NULL);
}

static void f_missing(void **state) {
  struct reading value = reading;
  (void)state;
  assert_cv_snapshot(struct reading, value, "absent");
}

static void g_never_recorded_under_ci(void **state) {
  struct reading value = reading;
  (void)state;
  setenv("CI", "true", 1);
  setenv("CVALUE_SNAPSHOTS", "record-missing", 1);
  assert_cv_snapshot(struct reading, value, "ci");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(a_recorded_when_asked), cmocka_unit_test(b_matches),
      cmocka_unit_test(c_field_differs),       cmocka_unit_test(d_element_differs),
      cmocka_unit_test(e_count_differs),       cmocka_unit_test(f_missing),
      cmocka_unit_test(g_never_recorded_under_ci),
  };
  int failed;
  unsetenv("CI");
  unsetenv("CVALUE_SNAPSHOTS");
  setvbuf(stdout, NULL, _IONBF, 0); /* one stream order for stdout and stderr */
  if (snapshot_folder_enter() != 0) return 100;
  failed = cmocka_run_group_tests(tests, NULL, NULL);
  snapshot_folder_report("readings.snap");
  return failed;
}
