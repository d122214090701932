/* Zero-set-up snapshots with Criterion, in its forked test processes: cr_assert_cv_snapshot,
 * cr_expect_cv_snapshot and cr_assert_cv_array_snapshot name only the type, read in the parent before
 * Criterion forks. Recorded when asked, then matched; a changed field, element and count, a missing snapshot
 * and one that CI=true keeps from recording fail on purpose (Criterion runs a suite's tests in the order of
 * their names). run.sh checks the exact output (expected/snapshot_program_criterion.txt). */
#include <criterion/criterion.h>

#include "snapshot_types.h"

#include <cvalue_criterion.h>

static const struct reading reading = {7, 3, -40, 0.25};
static const struct reading readings[3] = {{1, 0, 10, 0.5}, {2, 1, 20, 1.5}, {3, 0, 30, 2.5}};

Test(snapshots, a_recorded_when_asked) {
  struct reading value = reading;
  setenv("CVALUE_SNAPSHOTS", "record-missing", 1);
  cr_assert_cv_snapshot(struct reading, value, "reading");
  cr_assert_cv_array_snapshot(struct reading, readings, 3, "readings", NULL);
}

Test(snapshots, b_matches) {
  struct reading value = reading, scaled = reading;
  cv_options *options = NULL;
  cv_tolerance tolerance = {sizeof(cv_tolerance), 1e-6, 0, 0, 0};
  cv_type *type = NULL;
  scaled.scale += 1e-9;
  cr_assert_cv_snapshot(struct reading, value, "reading");
  cr_expect_cv_array_snapshot(struct reading, readings, 3, "readings", NULL);
  cv_options_new(&options, NULL);
  cv_options_set_tolerance(options, NULL, &tolerance, NULL);
  cr_expect_cv_snapshot_options(struct reading, scaled, "reading", options);
  cv_options_free(options);
  /* The handle forms, with the program's own type as the handle. */
  cr_assert_eq(cv_program_type("struct reading", sizeof(struct reading), &type, NULL), CV_OK);
  cr_expect_cv_snapshot_type(type, &value, "reading");
  cr_assert_cv_array_snapshot_type(type, readings, 3, "readings", NULL);
  cv_type_free(type);
}

Test(snapshots, c_field_differs) {
  struct reading value = reading;
  value.flags = 5;
  cr_expect_cv_snapshot(struct reading, value, "reading");
}

Test(snapshots, d_element_differs) {
  struct reading values[3];
  memcpy(values, readings, sizeof values);
  values[1].value = 21;
  cr_assert_cv_array_snapshot(struct reading, values, 3, "readings", NULL);
}

Test(snapshots, e_count_differs) { cr_assert_cv_array_snapshot(struct reading, readings, 2, "readings", NULL); }

Test(snapshots, f_missing) {
  struct reading value = reading;
  cr_assert_cv_snapshot(struct reading, value, "absent");
}

Test(snapshots, g_never_recorded_under_ci) {
  struct reading value = reading;
  setenv("CI", "true", 1);
  setenv("CVALUE_SNAPSHOTS", "record-missing", 1);
  cr_assert_cv_snapshot(struct reading, value, "ci");
}

int main(int argc, char *argv[]) {
  struct criterion_test_set *tests;
  int passed = 0;
  unsetenv("CI");
  unsetenv("CVALUE_SNAPSHOTS");
  if (snapshot_folder_enter() != 0) return 100;
  tests = criterion_initialize();
  if (criterion_handle_args(argc, argv, true)) passed = criterion_run_all_tests(tests);
  criterion_finalize(tests);
  fflush(stderr);
  snapshot_folder_report("readings.snap");
  return passed ? 0 : 1;
}
