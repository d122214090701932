/* The types the zero-set-up suites compare: defined here, in the test itself, and known to the library only
 * through the test binary's own debug info (the suites are built with -g; no catalog, no set-up). */
#ifndef PROGRAM_TYPES_H
#define PROGRAM_TYPES_H

#include <stdint.h>

enum shape_kind { SHAPE_CIRCLE = 1, SHAPE_RECT = 2, SHAPE_TRIANGLE = 257 };

struct shape {
  enum shape_kind kind;
  unsigned visible : 1;
  unsigned layer : 7;
  uint16_t id;
  union {
    double radius;
    struct {
      float width, height;
    } size;
  };
  char name[8];
};

typedef struct {
  int32_t x, y;
} point_t;

#endif /* PROGRAM_TYPES_H */
