/* Zero set-up with Criterion, in its forked test processes: cr_assert_cv_eq / cr_expect_cv_eq name only the
 * type, read from the test's own debug info (built with -g). One test passes, two fail on purpose; run.sh
 * checks the exact output (expected/program_criterion.txt). */
#include <criterion/criterion.h>
#include <string.h>

#include "program_types.h"

#include <cvalue_criterion.h>

Test(zero, equal_points_pass) {
  point_t actual = {5, 6}, expected = {5, 6};
  cr_assert_cv_eq(point_t, actual, expected);
}

Test(zero, id_differs) {
  struct shape actual, expected;
  memset(&actual, 0, sizeof actual);
  memset(&expected, 0, sizeof expected);
  actual.kind = expected.kind = SHAPE_CIRCLE;
  expected.id = 12;
  cr_expect_cv_eq(struct shape, actual, expected);
}

Test(zero, point_y_differs) {
  point_t actual = {5, 6}, expected = {5, 7};
  cr_assert_cv_eq(point_t, actual, expected);
}
