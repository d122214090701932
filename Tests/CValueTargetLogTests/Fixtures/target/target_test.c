/* target_test.c: assertions and logged values sent through cvalue_target.h, the same on the host (host_main.c)
 * and on every target (arm_startup.c, riscv_startup.c); the host decodes them with the build's ELF. */
#include "cvalue_target.h"

void platform_print(const char *text);

#include "reading.h"
union word {
  uint32_t bits;
  float value;
};
struct frame {
  uint16_t id;
  uint8_t length;
  uint8_t data[4];
};

/* Writes 0xCC into `count` bytes of `value` from `offset`: padding a byte-wise comparison would trip on. */
static void poison(void *value, unsigned offset, unsigned count) {
  unsigned char *bytes = (unsigned char *)value;
  unsigned i;
  for (i = 0; i < count; i++) bytes[offset + i] = 0xCC;
}

void target_tests(void) {
  struct reading expected = {1, -5, 3.3f, MODE_RUN};
  struct reading actual = expected;
  struct reading drifted = expected;
  struct frame frames[2] = {{1, 2, {1, 2, 0, 0}}, {2, 4, {1, 2, 3, 4}}};
  struct frame expected_frames[2] = {{1, 2, {1, 2, 0, 0}}, {2, 4, {1, 2, 3, 5}}};
  uint16_t samples[3] = {100, 200, 300};
  union word word = {0x3f800000u};
  union word expected_word;
  expected_word.value = 1.0f;
  poison(&actual, 1, 3);
  drifted.volts = 3.301f;
  drifted.mode = MODE_FAULT;

  CV_TARGET_BEGIN();
  platform_print("boot: sensors ");
  CV_TARGET_ASSERT_EQ(struct reading, actual, expected);
  CV_TARGET_ASSERT_EQ_MSG(struct reading, drifted, expected, "after calibration");
  CV_TARGET_LOG(struct reading, actual);
  platform_print("frames\n");
  CV_TARGET_ASSERT_EQ_ARRAY(struct frame, frames, expected_frames, 2);
  CV_TARGET_LOG_ARRAY(uint16_t, samples, 3);
  CV_TARGET_ASSERT_EQ(union word, word, expected_word);
  platform_print("done\n");
  CV_TARGET_END();
}
