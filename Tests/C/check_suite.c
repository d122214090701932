/* Check glue, from Check's forked test processes (CK_FORK, its default) on handles made in the parent:
 * two tests pass, two fail on purpose; run.sh checks the exact output (expected/check_suite.txt). */
#include <check.h>

#include "cvalue_test_support.h"

#include <cvalue_check.h>

static struct cv_test_types types;

static void setup(void) {
  if (cv_test_types_load(&types) != 0) ck_abort_msg("cannot load the catalog");
}

static void teardown(void) { cv_test_types_free(&types); }

START_TEST(equal_timex_pass) {
  struct timex actual, expected;
  memset(&actual, 0, sizeof actual);
  memset(&expected, 0, sizeof expected);
  ck_assert_cv_equal(types.timex, &actual, &expected);
}
END_TEST

START_TEST(equal_point_arrays_pass) {
  struct cv_point actual[2] = {{1, 2}, {3, 4}}, expected[2] = {{1, 2}, {3, 4}};
  ck_assert_cv_array_equal(types.point, actual, expected, 2, NULL);
}
END_TEST

START_TEST(tcp_window_differs) {
  struct tcphdr actual = cv_test_syn(), expected = cv_test_syn();
  cv_options *options = NULL;
  cv_options_new(&options, NULL);
  cv_options_set_union_member(options, "", "syn", NULL);
  expected.window = htons(1024);
  ck_assert_cv_equal_options(types.tcphdr, &actual, &expected, options);
  cv_options_free(options);
}
END_TEST

START_TEST(point_arrays_differ) {
  struct cv_point actual[2] = {{1, 2}, {3, 4}}, expected[2] = {{1, 2}, {3, -4}};
  ck_assert_cv_array_equal(types.point, actual, expected, 2, NULL);
}
END_TEST

int main(void) {
  Suite *suite = suite_create("cvalue");
  TCase *tcase = tcase_create("glue");
  SRunner *runner;
  int failed;
  /* Loaded once in the parent: the forked tests use handles made before the fork. */
  tcase_add_unchecked_fixture(tcase, setup, teardown);
  tcase_add_test(tcase, equal_timex_pass);
  tcase_add_test(tcase, equal_point_arrays_pass);
  tcase_add_test(tcase, tcp_window_differs);
  tcase_add_test(tcase, point_arrays_differ);
  suite_add_tcase(suite, tcase);
  runner = srunner_create(suite);
  srunner_run_all(runner, CK_NORMAL);
  failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed;
}
