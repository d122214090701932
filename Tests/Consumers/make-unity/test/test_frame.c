/* Unity tests as Ceedling lays them out (test/test_frame.c for src/frame.c), with cvalue_unity.h: one
 * passes, one fails on purpose naming its fields. */
#include "unity.h"

#include "frame.h"

#include <cvalue_unity.h>

void setUp(void) {}
void tearDown(void) {}

void test_a_data_frame_decodes(void) {
  const uint8_t wire[] = {2, 7, 2, 0x2C, 0x01};
  struct frame decoded, expected = {FRAME_DATA, 7, 2, {0x2C, 0x01}, 0.3f};
  TEST_ASSERT_EQUAL_INT(0, frame_decode(wire, sizeof wire, &decoded));
  TEST_ASSERT_CV_WITHIN(0.001, struct frame, decoded, expected);
}

void test_an_error_frame_decodes(void) {
  const uint8_t wire[] = {0x7F, 8, 1, 0x05};
  struct frame decoded, expected = {FRAME_ERROR, 8, 1, {0x05}, 0.0f};
  TEST_ASSERT_EQUAL_INT(0, frame_decode(wire, sizeof wire, &decoded));
  expected.sequence = 9; /* wrong on purpose */
  TEST_ASSERT_EQUAL_CV(struct frame, decoded, expected);
}
