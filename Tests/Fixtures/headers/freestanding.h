/* Record shapes that break layouts, in a header that needs no C library, so that every target clang knows
 * can parse it (x86_64-pc-windows-msvc has no headers on this machine). Imported for the host and the five
 * cross targets by CrossTargetTests; Scripts/headers/generate-cross-oracle.py reads the compiler's layout. */

enum fs_small { FS_SMALL_A, FS_SMALL_B = 7 };
enum fs_wide { FS_WIDE_A = 1, FS_WIDE_B = 0x7fffffff };
enum fs_negative { FS_NEGATIVE = -3 };

/* Bitfields of mixed declared types: GCC shares storage across types, MSVC starts a new unit on a type change. */
struct fs_mixed_bits {
  char tag;
  unsigned int low : 3;
  unsigned short middle : 5;
  unsigned char high : 4;
  int wide : 20;
  unsigned long long huge : 33;
  char after;
};

/* An unnamed bitfield as padding, and a zero-width one that ends the unit. */
struct fs_unnamed_bits {
  unsigned char a : 2;
  unsigned int : 3;
  unsigned char b : 4;
  int : 0;
  unsigned char c : 1;
  short d;
};

/* A bitfield straddling its type's boundary (GCC moves it, MSVC too, differently). */
struct fs_straddle {
  unsigned short first : 12;
  unsigned short second : 8;
  unsigned int third : 30;
  unsigned int fourth : 4;
};

/* Enum and _Bool bitfields. */
struct fs_enum_bits {
  enum fs_small kind : 3;
  _Bool flag : 1;
  enum fs_negative sign : 4;
  enum fs_wide whole;
};

struct fs_packed {
  char c;
  int i;
  long long q;
  short s;
} __attribute__((packed));

struct fs_packed_bits {
  unsigned char a : 3;
  unsigned int b : 17;
  unsigned long long c : 40;
} __attribute__((packed));

struct fs_aligned {
  char c;
  int i __attribute__((aligned(16)));
  short s;
} __attribute__((aligned(32)));

#pragma pack(push, 2)
struct fs_pragma_pack {
  char c;
  double d;
  int i;
  unsigned int bits : 9;
  long long q;
};
#pragma pack(pop)

#pragma pack(push, 1)
struct fs_pragma_pack_one {
  short s;
  void *p;
  char tail[3];
};
#pragma pack(pop)

union fs_union {
  char bytes[12];
  int words[3];
  double d;
  struct {
    unsigned short kind : 4;
    unsigned short count : 12;
  } header;
};

/* Anonymous struct and union members, reached as C reaches them. */
struct fs_anonymous {
  int kind;
  union {
    struct {
      short x, y;
    };
    long long packed;
    unsigned int mask : 7;
  };
  struct {
    char name[5];
    unsigned char present : 1;
  };
  double last;
};

/* Scalars whose size or alignment differs between targets. */
struct fs_scalars {
  char c;
  long l;
  char c2;
  long long q;
  char c3;
  double d;
  char c4;
  long double ld;
  char c5;
  void *p;
  char c6;
  float f;
};

struct fs_flexible {
  unsigned short count;
  char kind;
  int values[];
};

typedef struct {
  struct fs_packed inner;
  union fs_union choice[2];
  struct fs_mixed_bits bits;
} fs_nested;

typedef struct fs_tagged_typedef {
  signed char s : 2;
  unsigned char u : 6;
  unsigned int rest;
} fs_tagged_typedef_t;
