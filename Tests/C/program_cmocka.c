/* Zero set-up with cmocka: assert_cv_eq names only the type, takes the two values, and the library reads the
 * type from this test's own debug info (built with -g) at first use. No catalog, no registry, no set-up.
 * Two tests pass, three fail on purpose; run.sh checks the exact output (expected/program_cmocka.txt). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "program_types.h"

#include <cvalue_cmocka.h>

static struct shape circle(void) {
  struct shape value;
  memset(&value, 0, sizeof value);
  value.kind = SHAPE_CIRCLE;
  value.visible = 1;
  value.layer = 3;
  value.id = 7;
  value.radius = 2.5;
  strcpy(value.name, "disc");
  return value;
}

static void equal_shapes_pass(void **state) {
  (void)state;
  struct shape moved = circle(), expected = circle();
  point_t here = {1, 2}, there = {1, 2};
  assert_cv_eq(struct shape, moved, expected);
  assert_cv_eq(point_t, here, there);
}

/* What the program's debug info cannot give: a type it does not describe, and a size that is not its own. */
static void program_type_errors_pass(void **state) {
  (void)state;
  cv_type *type = NULL;
  char *message = NULL;
  assert_int_equal(cv_program_type("struct not_in_this_program", 4, &type, &message), CV_ERROR_UNKNOWN_TYPE);
  assert_null(type);
  assert_string_equal(message,
                      "/proc/self/exe has debug info, but no type named struct not_in_this_program: check the name, "
                      "or use the type in code built with -g (a type no code uses is left out of the debug info), "
                      "or load a catalog file made by `cvalue import`");
  cv_free(message);
  /* A typo: the program has debug info, and the names nearest the one asked for. */
  assert_int_equal(cv_program_type("struct shap", 4, &type, &message), CV_ERROR_UNKNOWN_TYPE);
  assert_null(type);
  assert_string_equal(message,
                      "/proc/self/exe has debug info, but no type named struct shap (the nearest names it has: "
                      "struct shape): check the name, or use the type in code built with -g (a type no code uses "
                      "is left out of the debug info), or load a catalog file made by `cvalue import`");
  cv_free(message);
  assert_int_equal(cv_program_type("struct shape", 3, &type, &message), CV_ERROR_SIZE);
  assert_null(type);
  cv_free(message);
  assert_int_equal(cv_program_type("struct shape", sizeof(struct shape), &type, &message), CV_OK);
  assert_null(message);
  assert_int_equal(cv_type_size(type), sizeof(struct shape));
  cv_type_free(type);
}

static void shape_kind_and_layer_differ(void **state) {
  (void)state;
  struct shape moved = circle(), expected = circle();
  moved.kind = SHAPE_TRIANGLE;
  moved.layer = 4;
  assert_cv_eq(struct shape, moved, expected);
}

static void point_differs(void **state) {
  (void)state;
  point_t here = {1, 2}, there = {1, -2};
  assert_cv_eq(point_t, here, there);
}

/* Options live for the run: a failing assertion jumps out of its test. */
static cv_options *hundredth;

static void radius_beyond_tolerance(void **state) {
  (void)state;
  struct shape moved = circle(), expected = circle();
  moved.radius = 2.505; /* within the tolerance */
  assert_cv_eq_options(struct shape, moved, expected, hundredth);
  moved.radius = 2.6;
  assert_cv_eq_options(struct shape, moved, expected, hundredth);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(equal_shapes_pass),        cmocka_unit_test(program_type_errors_pass),
      cmocka_unit_test(shape_kind_and_layer_differ), cmocka_unit_test(point_differs),
      cmocka_unit_test(radius_beyond_tolerance),
  };
  cv_tolerance tolerance = {sizeof(cv_tolerance), 0.01, 0, 0, 0};
  int failed;
  cv_options_new(&hundredth, NULL);
  cv_options_set_tolerance(hundredth, NULL, &tolerance, NULL);
  cv_options_set_union_member(hundredth, "", "radius", NULL);
  failed = cmocka_run_group_tests(tests, NULL, NULL);
  cv_options_free(hundredth);
  return failed;
}
