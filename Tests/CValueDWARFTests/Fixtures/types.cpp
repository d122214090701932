// The C++ the DWARF reader's tests compile: namespaces, classes with bases, templates, whose records
// -fdebug-types-section puts in type units (referred to by signature).
namespace geo {
struct point {
  int x, y;
};

template <typename T> struct box {
  T low, high;
};

class shape {
public:
  virtual ~shape() {}
  int id;
};

struct circle : shape {
  point center;
  double radius;
};
}  // namespace geo

namespace {
struct hidden {
  long value;
};
}  // namespace

geo::box<int> int_box;
geo::box<geo::point> point_box;
geo::circle circle_instance;
hidden hidden_instance;

int use(geo::circle *c) { return c->id + (int)c->radius + int_box.low * 0 + hidden_instance.value; }
