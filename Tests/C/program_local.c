/* Zero set-up with cmocka on types declared inside the test functions, as a test declares the struct it
 * compares: assert_cv_eq finds them in this test's own debug info (built with -g) by name. Two functions that
 * declare `struct reading` alike share it; two that declare `struct sample` differently get an error naming
 * both. One test passes, four fail on purpose; run.sh checks the exact output (expected/program_local.txt). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <cvalue_cmocka.h>

static void equal_readings_pass(void **state) {
  struct reading {
    int sensor;
    double value;
    char unit[4];
  } taken, expected;
  (void)state;
  memset(&taken, 0, sizeof taken);
  memset(&expected, 0, sizeof expected);
  taken.sensor = expected.sensor = 3;
  taken.value = expected.value = 21.5;
  strcpy(taken.unit, "C");
  strcpy(expected.unit, "C");
  assert_cv_eq(struct reading, taken, expected);
}

static void reading_differs(void **state) {
  struct reading {
    int sensor;
    double value;
    char unit[4];
  } taken, expected;
  (void)state;
  memset(&taken, 0, sizeof taken);
  memset(&expected, 0, sizeof expected);
  taken.sensor = expected.sensor = 3;
  taken.value = 21.5;
  expected.value = 22;
  strcpy(taken.unit, "C");
  strcpy(expected.unit, "F");
  assert_cv_eq(struct reading, taken, expected);
}

/* In a block, under a typedef of an anonymous struct. */
static void block_local_typedef_differs(void **state) {
  (void)state;
  {
    typedef struct {
      unsigned char red, green, blue;
      unsigned alpha : 4;
    } pixel_t;
    pixel_t drawn = {1, 2, 3, 15}, wanted = {1, 2, 3, 7};
    assert_cv_eq(pixel_t, drawn, wanted);
  }
}

static void sample_as_integers(void **state) {
  struct sample {
    int low, high;
  } a = {1, 2}, b = {1, 2};
  (void)state;
  assert_cv_eq(struct sample, a, b);
}

static void sample_as_floats(void **state) {
  struct sample {
    float low, high;
  } a = {1, 2}, b = {1, 2};
  (void)state;
  assert_cv_eq(struct sample, a, b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(equal_readings_pass), cmocka_unit_test(reading_differs),
      cmocka_unit_test(block_local_typedef_differs), cmocka_unit_test(sample_as_integers),
      cmocka_unit_test(sample_as_floats),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
