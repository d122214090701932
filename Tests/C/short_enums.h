/* Records whose layout depends on -fshort-enums while their size does not: a catalog imported without it
 * and a program built with it agree on sizeof and disagree on the bytes (short_enums.c). */
#ifndef SHORT_ENUMS_H
#define SHORT_ENUMS_H

#include <stdint.h>

enum level { LEVEL_LOW = 1, LEVEL_HIGH = 2 };

struct reading {
  enum level level;
  int32_t count;
};

struct plain_reading {
  uint8_t level;
  int32_t count;
};

#endif /* SHORT_ENUMS_H */
