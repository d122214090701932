/* Zero set-up with Check, in its forked test processes (CK_FORK, its default): ck_assert_cv_eq names only the
 * type, and each child reads it from the test's own debug info (built with -g). Three tests pass, two fail on
 * purpose; run.sh checks the exact output (expected/program_check.txt). */
#include <check.h>
#include <string.h>
#include <sys/resource.h>

#include "program_types.h"

#include <cvalue_check.h>

static struct shape rect(void) {
  struct shape value;
  memset(&value, 0, sizeof value);
  value.kind = SHAPE_RECT;
  value.id = 9;
  value.size.width = 4;
  value.size.height = 3;
  strcpy(value.name, "box");
  return value;
}

START_TEST(equal_rects_pass) {
  struct shape actual = rect(), expected = rect();
  ck_assert_cv_eq(struct shape, actual, expected);
}
END_TEST

START_TEST(equal_points_pass) {
  point_t actual = {3, 4}, expected = {3, 4};
  ck_assert_cv_eq(point_t, actual, expected);
}
END_TEST

/* The types were read in the parent before Check forked: this test may open no file and still compares. */
START_TEST(read_before_fork_pass) {
  struct rlimit no_files = {3, 3};
  point_t actual = {1, 1}, expected = {1, 1};
  ck_assert_int_eq(setrlimit(RLIMIT_NOFILE, &no_files), 0);
  ck_assert_cv_eq(point_t, actual, expected);
}
END_TEST

START_TEST(rect_name_differs) {
  struct shape actual = rect(), expected = rect();
  strcpy(expected.name, "crate");
  ck_assert_cv_eq(struct shape, actual, expected);
}
END_TEST

START_TEST(point_x_differs) {
  point_t actual = {3, 4}, expected = {-3, 4};
  ck_assert_cv_eq(point_t, actual, expected);
}
END_TEST

int main(void) {
  Suite *suite = suite_create("cvalue");
  TCase *zero = tcase_create("zero");
  SRunner *runner;
  int failed;
  tcase_add_test(zero, equal_rects_pass);
  tcase_add_test(zero, equal_points_pass);
  tcase_add_test(zero, read_before_fork_pass);
  tcase_add_test(zero, rect_name_differs);
  tcase_add_test(zero, point_x_differs);
  suite_add_tcase(suite, zero);
  runner = srunner_create(suite);
  srunner_run_all(runner, CK_NORMAL);
  failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed;
}
