/* reading.h: the record both firmware test sources assert on: a one-byte field, padding, a float, an enum
 * (one byte under arm-none-eabi-gcc's short enums, four elsewhere). */
#include <stdint.h>

enum mode { MODE_IDLE, MODE_RUN, MODE_FAULT };
struct reading {
  uint8_t channel;
  int32_t raw;
  float volts;
  enum mode mode;
};
