// Every construct header import supports, for reading back from the DWARF of objects, shared libraries
// and executables built from it during the test run (DebugInfoFixture) and comparing with header import.
#include <stdbool.h>

enum color { RED, GREEN = 5, BLUE };
enum sign { NEGATIVE = -2, POSITIVE = 3 };
typedef enum { LOW, HIGH } level_t;

struct bits {
  unsigned a : 3;
  unsigned b : 7;
  int c : 5;
  bool flag : 1;
  enum color hue : 4;
  unsigned long long wide : 40;
};

struct __attribute__((packed)) packed_bits {
  char c;
  unsigned x : 29;
  unsigned y : 7;
  int z;
};

struct nested_anonymous {
  int kind;
  union {
    int i;
    float f;
    struct {
      short lo, hi;
    };
  };
  struct {
    char tag;
  } named;
};

struct flexible {
  int count;
  double values[];
};

struct __attribute__((packed)) packed {
  char c;
  int i;
  short s;
};

struct __attribute__((aligned(16))) aligned {
  int a;
};

struct over_aligned {
  char c;
  _Alignas(8) int i;
};

#pragma pack(push, 2)
struct pragma_packed {
  char c;
  int i;
  double d;
};
#pragma pack(pop)

struct scalars {
  _Bool b;
  char ch;
  signed char sc;
  unsigned char uc;
  short s;
  long l;
  long long ll;
  unsigned long ul;
  float f;
  double d;
  long double ld;
  _Float16 h;
  enum sign sign;
};

struct complexes {
  float _Complex fc;
  double _Complex dc;
};

typedef float v4sf __attribute__((vector_size(16)));

struct vectors {
  v4sf v;
  int tail;
};

struct atomics {
  _Atomic int counter;
  _Atomic(long) big;
};

struct callbacks {
  int (*compare)(const void *, const void *);
  void (*done)(void);
  const char *name;
  struct callbacks *next;
};

struct matrix {
  int cells[3][4];
  enum color palette[2];
};

typedef struct {
  double x, y;
} point_t;

struct shape {
  point_t origin;
  enum color color;
  level_t level;
  struct bits bits;
};

union value {
  int i;
  double d;
  char bytes[8];
};
