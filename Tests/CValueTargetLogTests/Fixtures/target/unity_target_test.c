/* unity_target_test.c: one Unity suite for the host and the target. On the host (Tests/C/run.sh) cvalue_unity.h
 * decides each TEST_ASSERT_EQUAL_CV from the test's own debug info; built into firmware with -DCV_UNITY_TARGET
 * (TargetFirmwareTests), Unity runs on the target and each TEST_ASSERT_EQUAL_CV sends both values through
 * cvalue_target.h, for `cvalue log` to decide on the host. */
#include <stdint.h>

#include "cvalue_unity.h"

#include "reading.h"

void setUp(void) {}
void tearDown(void) {}

static void test_padding_is_not_compared(void) {
  struct reading expected = {1, -5, 3.3f, MODE_RUN};
  struct reading actual = expected;
  unsigned char *bytes = (unsigned char *)&actual;
  bytes[1] = bytes[2] = bytes[3] = 0xCC;
  TEST_ASSERT_EQUAL_CV(struct reading, actual, expected);
}

static void test_a_fault_is_reported_by_field(void) {
  struct reading expected = {1, -5, 3.3f, MODE_RUN};
  struct reading actual = expected;
  actual.mode = MODE_FAULT;
  TEST_ASSERT_EQUAL_CV_MESSAGE(struct reading, actual, expected, "after a fault");
}

static void test_an_array_names_its_element(void) {
  uint16_t samples[3] = {100, 200, 300}, expected[3] = {100, 200, 301};
  TEST_ASSERT_EQUAL_CV_ARRAY(uint16_t, samples, expected, 3);
}

static void test_unitys_own_assertions_as_ever(void) { TEST_ASSERT_EQUAL_INT(4, 2 + 2); }

int run_unity_tests(void) {
  int failures;
  CV_TARGET_BEGIN();
  UNITY_BEGIN();
  RUN_TEST(test_padding_is_not_compared);
  RUN_TEST(test_a_fault_is_reported_by_field);
  RUN_TEST(test_an_array_names_its_element);
  RUN_TEST(test_unitys_own_assertions_as_ever);
  failures = UNITY_END();
  CV_TARGET_END();
  return failures;
}

#ifdef CV_UNITY_TARGET
/* Called by the target's startup file. */
void target_tests(void) { run_unity_tests(); }
#endif
