/* Zero-set-up snapshots with Check, in its forked test processes (CK_FORK, its default): ck_assert_cv_snapshot
 * and ck_assert_cv_array_snapshot name only the type, read in the parent before Check forks. Recorded when
 * asked, then matched; a changed field, element and count, a missing snapshot and one that CI=true keeps from
 * recording fail on purpose. run.sh checks the exact output (expected/snapshot_program_check.txt). */
#include <check.h>

#include "snapshot_types.h"

#include <cvalue_check.h>

static const struct reading reading = {7, 3, -40, 0.25};
static const struct reading readings[3] = {{1, 0, 10, 0.5}, {2, 1, 20, 1.5}, {3, 0, 30, 2.5}};

START_TEST(recorded_when_asked) {
  struct reading value = reading;
  setenv("CVALUE_SNAPSHOTS", "record-missing", 1);
  ck_assert_cv_snapshot(struct reading, value, "reading");
  ck_assert_cv_array_snapshot(struct reading, readings, 3, "readings", NULL);
}
END_TEST

START_TEST(matches) {
  struct reading value = reading, scaled = reading;
  cv_options *options = NULL;
  cv_tolerance tolerance = {sizeof(cv_tolerance), 1e-6, 0, 0, 0};
  cv_type *type = NULL;
  scaled.scale += 1e-9;
  ck_assert_cv_snapshot(struct reading, value, "reading");
  ck_assert_cv_array_snapshot(struct reading, readings, 3, "readings", NULL);
  cv_options_new(&options, NULL);
  cv_options_set_tolerance(options, NULL, &tolerance, NULL);
  ck_assert_cv_snapshot_options(struct reading, scaled, "reading", options);
  cv_options_free(options);
  /* The handle form, with the program's own type as the handle. */
  ck_assert_int_eq(cv_program_type("struct reading", sizeof(struct reading), &type, NULL), CV_OK);
  ck_assert_cv_snapshot_type(type, &value, "reading");
  cv_type_free(type);
}
END_TEST

START_TEST(field_differs) {
  struct reading value = reading;
  value.flags = 5;
  ck_assert_cv_snapshot(struct reading, value, "reading");
}
END_TEST

START_TEST(element_differs) {
  struct reading values[3];
  memcpy(values, readings, sizeof values);
  values[1].value = 21;
  ck_assert_cv_array_snapshot(struct reading, values, 3, "readings", NULL);
}
END_TEST

START_TEST(count_differs) { ck_assert_cv_array_snapshot(struct reading, readings, 2, "readings", NULL); }
END_TEST

START_TEST(missing) {
  struct reading value = reading;
  ck_assert_cv_snapshot(struct reading, value, "absent");
}
END_TEST

START_TEST(never_recorded_under_ci) {
  struct reading value = reading;
  setenv("CI", "true", 1);
  setenv("CVALUE_SNAPSHOTS", "record-missing", 1);
  ck_assert_cv_snapshot(struct reading, value, "ci");
}
END_TEST

int main(void) {
  Suite *suite = suite_create("cvalue");
  TCase *snapshots = tcase_create("snapshots");
  SRunner *runner;
  int failed;
  unsetenv("CI");
  unsetenv("CVALUE_SNAPSHOTS");
  if (snapshot_folder_enter() != 0) return 100;
  tcase_add_test(snapshots, recorded_when_asked);
  tcase_add_test(snapshots, matches);
  tcase_add_test(snapshots, field_differs);
  tcase_add_test(snapshots, element_differs);
  tcase_add_test(snapshots, count_differs);
  tcase_add_test(snapshots, missing);
  tcase_add_test(snapshots, never_recorded_under_ci);
  suite_add_tcase(suite, snapshots);
  runner = srunner_create(suite);
  srunner_run_all(runner, CK_NORMAL);
  failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  snapshot_folder_report("readings.snap");
  return failed;
}
