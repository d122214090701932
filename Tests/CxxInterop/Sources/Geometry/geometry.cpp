#include "geometry.h"

namespace geo {
circle make_circle(int id, double x, double y, double r) {
  circle c{};
  c.id = id;
  c.center = {x, y};
  c.r = r;
  return c;
}

box_of_double make_box(double value, int count) { return {value, count}; }

namespace inner {
tag make_tag(short a, char b) { return {a, b}; }
}  // namespace inner

labelled make_labelled(int id, const char *name, int last) { return {id, name, {1, 2, last}}; }
}  // namespace geo
