// The C the DWARF reader's tests compile with each compiler, version and container: the shapes whose attributes
// the import reads (sizes, member offsets, bitfields, array bounds in every form, enumerations, typedefs).
// No #include: it builds for any target without a C library.
typedef unsigned long size_type;

struct point {
  int x, y;
};

typedef struct point point_t;

enum color { red = -1, green = 1, blue = 200 };

union value {
  float f;
  unsigned int u;
  unsigned char bytes[4];
};

struct shape {
  point_t corners[4];
  unsigned kind : 3;
  unsigned visible : 1;
  signed level : 5;
  enum color color;
  union value value;
  struct {
    short a;
    char b;
  } anonymous;
  char name[200];
  double matrix[2][3];
  struct shape *next;
  void (*draw)(struct shape *);
  const volatile long long stamp;
  _Alignas(16) char aligned;
};

struct __attribute__((packed)) packed {
  char c;
  int i;
  short s;
};

struct flexible {
  size_type count;
  int items[];
};

struct shape shape_instance;
struct packed packed_instance;
struct flexible *flexible_pointer;
union value value_instance;

int area(const struct shape *shape) {
  struct local { int w, h; } local = {shape->corners[0].x, shape->corners[0].y};
  return local.w * local.h + shape->kind;
}
