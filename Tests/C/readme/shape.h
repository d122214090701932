#ifndef SHAPE_H
#define SHAPE_H
#include <stdint.h>

enum shape_kind { SHAPE_CIRCLE = 1, SHAPE_SQUARE = 2 };

struct shape {
  enum shape_kind kind;
  struct { float x, y; } origin;
  float size;
  char name[8];
  uint8_t flags;
};

struct shape shape_moved(struct shape shape, float dx, float dy);
#endif
