// C++ types as a package's C++ target declares them: in a namespace, a class deriving from another, a
// class template's instance, a nested namespace.
#pragma once

#include <string>
#include <vector>

namespace geo {
struct point {
  double x, y;
};
struct shape {
  int id;
};
struct circle : shape {
  point center;
  double r;
};
circle make_circle(int id, double x, double y, double r);

template <class T>
struct box {
  T value;
  int count;
};
using box_of_double = box<double>;
box_of_double make_box(double value, int count);

namespace inner {
struct tag {
  short a;
  char b;
};
tag make_tag(short a, char b);
}  // namespace inner

// Standard members: not trivially copyable, so Swift compares such values through pointers to them, in this
// process, where their strings and vectors compare by what they hold.
struct labelled {
  int id;
  std::string name;
  std::vector<int> items;
};
labelled make_labelled(int id, const char *name, int last);
}  // namespace geo
