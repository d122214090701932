/* Zero set-up with Unity: TEST_ASSERT_EQUAL_CV names only the type, takes the two values, and the library
 * reads the type from this test's own debug info (built with -g). Five tests pass (padding that differs, a
 * tolerance, arrays, options, handles, snapshots of a value and of an array recorded then matched: every form
 * of cvalue_unity.h), ten fail on purpose, each through Unity's own UnityFail at its line; run.sh checks the
 * exact output (expected/program_unity.txt). */
#include <string.h>

#include "snapshot_types.h"
#include "unity.h"
#include "unity_types.h"

#include <cvalue_unity.h>

static cv_options *ignore_temperature, *ignore_temperatures, *status_halves, *no_such_field;

void setUp(void) {}
void tearDown(void) {}

/* A motor whose padding bytes are all `fill`: two motors that differ only there are equal. */
static struct motor motor(unsigned char fill) {
  struct motor value;
  memset(&value, fill, sizeof value);
  value.state = MOTOR_RUNNING;
  value.channel = 2;
  value.speed = 1.5f;
  value.gains.kp = 0.5f;
  value.gains.ki = 0.25f;
  value.gains.kd = 0.125f;
  value.status.raw = 0x00010002u;
  value.history[0] = 10;
  value.history[1] = 20;
  value.history[2] = 30;
  value.history[3] = 40;
  value.temperature = 36.6;
  return value;
}

static void test_padding_is_not_compared(void) {
  struct motor actual = motor(0xAA), expected = motor(0x55);
  TEST_ASSERT_NOT_EQUAL(0, memcmp(&actual, &expected, sizeof actual)); /* TEST_ASSERT_EQUAL_MEMORY would fail */
  TEST_ASSERT_EQUAL_CV(struct motor, actual, expected);
  TEST_ASSERT_EQUAL_CV_MESSAGE(struct pid, actual.gains, expected.gains, "gains");
}

static void test_floats_within_delta(void) {
  struct motor actual = motor(0), expected = motor(0);
  actual.speed = 1.504f;
  actual.temperature = 36.605;
  TEST_ASSERT_CV_WITHIN(0.01, struct motor, actual, expected);
  TEST_ASSERT_CV_WITHIN_MESSAGE(0.01f, struct pid, actual.gains, expected.gains, "gains");
}

static void test_arrays_equal(void) {
  struct motor actual[2] = {motor(0xAA), motor(0xAA)}, expected[2] = {motor(0x55), motor(0x55)};
  struct pid *gains = &actual[0].gains;
  TEST_ASSERT_EQUAL_CV_ARRAY(struct motor, actual, expected, 2);
  TEST_ASSERT_EQUAL_CV_ARRAY_MESSAGE(struct pid, gains, &expected[0].gains, 1, "a pointer and a count");
  actual[1].temperature = -1;
  TEST_ASSERT_EQUAL_CV_ARRAY_OPTIONS(struct motor, actual, expected, 2, ignore_temperatures);
  actual[1].temperature = expected[1].temperature;
  actual[1].speed = 1.5001f;
  TEST_ASSERT_CV_ARRAY_WITHIN(0.001, struct motor, actual, expected, 2);
}

static void test_options_and_handles(void) {
  struct motor actual = motor(0), expected = motor(0);
  cv_type *type = NULL;
  actual.temperature = -1;
  TEST_ASSERT_EQUAL_CV_OPTIONS(struct motor, actual, expected, ignore_temperature);
  /* A cv_type handle (here the program's own; a catalog's in a project that has one) takes pointers. */
  TEST_ASSERT_EQUAL_INT(CV_OK, cv_program_type("struct motor", sizeof(struct motor), &type, NULL));
  TEST_ASSERT_EQUAL_CV_TYPE(type, &expected, &expected);
  TEST_ASSERT_EQUAL_CV_TYPE_ARRAY(type, &actual, &expected, 1, ignore_temperature);
  cv_type_free(type);
}

static void test_snapshot_recorded_then_matched(void) {
  struct motor value = motor(0), values[2] = {motor(0), motor(0)};
  values[1].channel = 5;
  setenv("CVALUE_SNAPSHOTS", "record-missing", 1);
  TEST_ASSERT_CV_SNAPSHOT(struct motor, value, "motor");
  TEST_ASSERT_CV_ARRAY_SNAPSHOT(struct motor, values, 2, "motors");
  unsetenv("CVALUE_SNAPSHOTS");
  value = motor(0x77);
  TEST_ASSERT_CV_SNAPSHOT_MESSAGE(struct motor, value, "motor", "padding aside");
  TEST_ASSERT_CV_ARRAY_SNAPSHOT(struct motor, values, 2, "motors");
  value.temperature = values[1].temperature = 40;
  TEST_ASSERT_CV_SNAPSHOT_OPTIONS(struct motor, value, "motor", ignore_temperature);
  TEST_ASSERT_CV_ARRAY_SNAPSHOT_OPTIONS(struct motor, values, 2, "motors", ignore_temperatures);
}

static void test_state_and_channel_differ(void) {
  struct motor actual = motor(0), expected = motor(0);
  actual.state = MOTOR_FAULT;
  actual.channel = 3;
  TEST_ASSERT_EQUAL_CV(struct motor, actual, expected);
}

static void test_speed_beyond_delta(void) {
  struct motor actual = motor(0), expected = motor(0);
  actual.speed = 1.6f;
  TEST_ASSERT_CV_WITHIN(0.01, struct motor, actual, expected);
}

static void test_gain_differs_with_message(void) {
  struct motor actual = motor(0), expected = motor(0);
  actual.gains.ki = 0.3f;
  TEST_ASSERT_EQUAL_CV_MESSAGE(struct motor, actual, expected, "after tuning");
}

static void test_union_and_history_differ(void) {
  struct motor actual = motor(0), expected = motor(0);
  actual.status.half.high = 7;
  actual.history[2] = -30;
  TEST_ASSERT_EQUAL_CV(struct motor, actual, expected);
}

/* The union compared by one member, as an option says: .status.raw is not reported again. */
static void test_union_by_its_member(void) {
  struct motor actual = motor(0), expected = motor(0);
  actual.status.half.low = 9;
  TEST_ASSERT_EQUAL_CV_OPTIONS_MESSAGE(struct motor, actual, expected, status_halves, "status by halves");
}

static void test_array_element_differs(void) {
  struct motor actual[3], expected[3];
  actual[0] = expected[0] = motor(0);
  actual[1] = expected[1] = motor(0);
  actual[2] = expected[2] = motor(0);
  actual[1].gains.kd = 0.5f;
  TEST_ASSERT_EQUAL_CV_ARRAY(struct motor, actual, expected, 3);
}

static void test_options_ignore_only_temperature(void) {
  struct motor actual = motor(0), expected = motor(0);
  actual.temperature = -1;
  actual.state = MOTOR_IDLE;
  TEST_ASSERT_EQUAL_CV_OPTIONS(struct motor, actual, expected, ignore_temperature);
}

static void test_snapshot_differs(void) {
  struct motor value = motor(0);
  value.speed = 2;
  TEST_ASSERT_CV_SNAPSHOT(struct motor, value, "motor");
}

/* Not compared at all: the FAIL line says so, the report above says why. */
static void test_an_option_names_no_field(void) {
  struct motor actual = motor(0), expected = motor(0);
  TEST_ASSERT_EQUAL_CV_OPTIONS(struct motor, actual, expected, no_such_field);
}

static void test_only_the_first_failure_counts(void) {
  struct pid actual = {1, 2, 3}, expected = {1, 2, 4};
  TEST_ASSERT_EQUAL_CV(struct pid, actual, expected);
  TEST_FAIL_MESSAGE("not reached: Unity's failure left the test at the line above");
}

int main(void) {
  int failed;
  unsetenv("CI");
  unsetenv("CVALUE_SNAPSHOTS");
  if (snapshot_folder_enter() != 0) return 100;
  cv_options_new(&ignore_temperature, NULL);
  cv_options_ignore(ignore_temperature, ".temperature", NULL);
  cv_options_new(&ignore_temperatures, NULL); /* an array's elements: "[*]" reaches every one */
  cv_options_ignore(ignore_temperatures, "[*].temperature", NULL);
  cv_options_new(&status_halves, NULL);
  cv_options_set_union_member(status_halves, ".status", "half", NULL);
  cv_options_new(&no_such_field, NULL);
  cv_options_ignore(no_such_field, ".pressure", NULL);
  UNITY_BEGIN();
  RUN_TEST(test_padding_is_not_compared);
  RUN_TEST(test_floats_within_delta);
  RUN_TEST(test_arrays_equal);
  RUN_TEST(test_options_and_handles);
  RUN_TEST(test_snapshot_recorded_then_matched);
  RUN_TEST(test_state_and_channel_differ);
  RUN_TEST(test_speed_beyond_delta);
  RUN_TEST(test_gain_differs_with_message);
  RUN_TEST(test_union_and_history_differ);
  RUN_TEST(test_union_by_its_member);
  RUN_TEST(test_array_element_differs);
  RUN_TEST(test_options_ignore_only_temperature);
  RUN_TEST(test_snapshot_differs);
  RUN_TEST(test_an_option_names_no_field);
  RUN_TEST(test_only_the_first_failure_counts);
  failed = UNITY_END();
  cv_options_free(ignore_temperature);
  cv_options_free(ignore_temperatures);
  cv_options_free(status_halves);
  cv_options_free(no_such_field);
  snapshot_folder_report("motor.snap");
  return failed;
}
