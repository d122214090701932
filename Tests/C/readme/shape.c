#include "shape.h"
struct shape shape_moved(struct shape shape, float dx, float dy) {
  shape.origin.x += dx;
  shape.origin.y += dx; /* the bug the test finds */
  (void)dy;
  return shape;
}
