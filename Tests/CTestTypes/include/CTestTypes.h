// C types the tests import, so that derivation and the test integrations meet real imported structs.
// The expected encodings in the tests come from clang's @encode of these declarations.
#ifndef CVALUEKIT_CTESTTYPES_H
#define CVALUEKIT_CTESTTYPES_H

#include <stdbool.h>
#include <stdint.h>

// MARK: - Types the test integrations use

struct cv_point {
  double x;
  double y;
};

// Padding after .tag (7 bytes) and at the end (4 bytes).
struct cv_reading {
  char tag;
  double value;
  int count;
  char unit[4];
};

// MARK: - Types derivation handles

// Every integer and floating-point width, and bool.
struct cv_scalars {
  int8_t i8;
  uint8_t u8;
  int16_t i16;
  uint16_t u16;
  int32_t i32;
  uint32_t u32;
  int64_t i64;
  uint64_t u64;
  char c;
  signed char sc;
  unsigned char uc;
  short s;
  unsigned short us;
  int i;
  unsigned int ui;
  long l;
  unsigned long ul;
  long long ll;
  unsigned long long ull;
  float f;
  double d;
  bool b;
};

// Nested structs, two levels deep.
struct cv_segment {
  struct cv_point from;
  struct cv_point to;
};

struct cv_path {
  int count;
  struct cv_segment first;
  struct cv_segment last;
};

// Fixed arrays, one- and two-dimensional, of scalars and of structs.
struct cv_arrays {
  float matrix[3][3];
  int row[4];
  char name[6];
  struct cv_point corners[2];
};

// Pointers: typed, const, void, C strings, to a struct, to itself, to a function.
struct cv_pointers {
  int *ints;
  const double *doubles;
  void *raw;
  const void *const_raw;
  char *text;
  const char *name;
  struct cv_point *point;
  struct cv_pointers *next;
  void (*callback)(int);
};

// Padding between every field.
struct cv_padded {
  char a;
  int64_t b;
  short c;
  int d;
  bool e;
  double f;
  char g;
};

// A C enum, which Swift imports as a raw-representable struct.
enum cv_color { cv_red, cv_green, cv_blue };

struct cv_pixel {
  enum cv_color color;
  unsigned char alpha;
};

#if defined(__x86_64__)
// long double is an 80-bit x87 value in 16 bytes on x86_64.
struct cv_extended {
  char tag;
  long double value;
};
#endif

// MARK: - Types derivation refuses (Mirror cannot see all of them)

// A union member: Swift imports the union as a struct of its own.
union cv_number {
  int i;
  float f;
  double d;
};

struct cv_tagged {
  int kind;
  union cv_number number;
  int after;
};

// An anonymous union member.
struct cv_anonymous {
  int kind;
  union {
    int i;
    float f;
  };
  int after;
};

// Bitfields: flags that own bytes no visible field covers.
struct cv_flags {
  int id;
  unsigned ready : 1;
  unsigned mode : 3;
  unsigned level : 4;
  int after;
};

// A bitfield inside what would be padding of the visible fields.
struct cv_hidden_flags {
  double value;
  int count;
  unsigned flag : 1;
};

struct cv_complex {
  int kind;
  _Complex double z;
};

struct cv_wide {
  int kind;
  __int128 big;
};

// Like glibc's struct timex: visible fields, then reserved space as unnamed `int :32` bitfields.
struct cv_reserved {
  int mode;
  long offset;
  int tai;
  int : 32;
  int : 32;
  int : 32;
  int : 32;
  int : 32;
};

// A hidden member after padding: the union starts at 8, but the bytes Mirror cannot account for start where
// .tag ends.
struct cv_middle {
  char tag;
  union {
    double d;
    long l;
  };
  short after;
};

// Three hidden runs: a bitfield, an anonymous union and unnamed bitfields at the end.
struct cv_three_hidden {
  int kind;
  unsigned ready : 1;
  int count;
  union {
    float f;
    int i;
  };
  int after;
  int : 32;
  int : 32;
};

// Hidden members in the elements of an array: every element has its own run.
struct cv_anonymous_pair {
  struct cv_anonymous items[2];
};

struct cv_wide_pair {
  struct cv_wide pair[2];
};

// Like glibc's struct epoll_event: packed, so its fields sit closer than their alignment allows.
struct cv_packed {
  char tag;
  int count;
  double value;
} __attribute__((packed));

// Packed with every field at its natural offset: only the alignment (1, not 4) shows it.
struct cv_packed_ints {
  int first;
  int second;
} __attribute__((packed));

#pragma pack(push, 2)
struct cv_pack2 {
  char tag;
  int count;
  short code;
};
#pragma pack(pop)

// Packed, with a union member Mirror cannot see into.
struct cv_packed_union {
  unsigned events;
  union cv_number data;
} __attribute__((packed));

// Over-aligned: the attribute pads the struct to 16 bytes.
struct cv_aligned16 {
  int first;
  int second;
} __attribute__((aligned(16)));

// Over-aligned without growing: 8 bytes either way, aligned to 8 rather than 4.
struct cv_aligned8 {
  int first;
  int second;
} __attribute__((aligned(8)));

// MARK: - Tagged unions (UnionMember)

/// A tagged message: `kind` says which member of `body` is live.
enum cv_message_kind { CV_MESSAGE_TEXT = 1, CV_MESSAGE_NUMBER = 2, CV_MESSAGE_POINT = 3 };

struct cv_message {
  enum cv_message_kind kind;
  union {
    char text[12];
    struct {
      int value;
      float scale;
    } number;
    struct {
      float x, y;
    } point;
  } body;
};

/// A tag after the union it selects a member of, as a bitfield.
struct cv_trailing_tag {
  union {
    int i;
    float f;
  } value;
  unsigned is_float : 1;
};

// MARK: - Types the comparison options use

/// A packet as a protocol stack keeps it: a checksum the tests ignore or check by a comparer, a name
/// compared as a C string, a pointer compared by what it points to. Padding: 4 bytes at the end.
struct cv_packet {
  uint16_t kind;
  uint16_t length;
  uint32_t checksum;
  const char *name;
  struct cv_point *origin;
  uint8_t payload[4];
};

/// A log of rows, each with a time stamp that tests ignore through every element: `.rows[*].stamp`.
struct cv_row {
  int32_t value;
  uint32_t stamp;
};

struct cv_log {
  uint32_t sequence;
  struct cv_row rows[3];
};

/// A C struct whose name is also one of the catalog's readable names (`rect` is {CGRect=…}, 32 bytes):
/// its own C definition, not the readable name, describes it.
struct rect {
  int left, top, right, bottom;
};

/// A `struct cv_flags` as C code fills it: the test binary's debug info describes the struct because this
/// code uses it (Snapshots.md's way for a struct with bitfields).
struct cv_flags cv_flags_sample(int id, unsigned mode);

#endif
