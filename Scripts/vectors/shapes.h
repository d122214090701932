/* Hand-written shapes for generate.py, corpus "shapes".
 *
 * Each vector starts with a marker line
 *     //== Name | C type | dependency names (optional, space separated)
 * and its c_definition is the text up to the next marker, prefixed by the
 * definitions of its dependencies (so every c_definition compiles alone).
 * Only the C preprocessor prelude below the "prelude" marker is shared.
 */
//== prelude
#include <stdint.h>
#include <stddef.h>

/* ---- CoreGraphics / Foundation-like shapes ---- */
//== CGPoint | CGPoint
typedef struct CGPoint { double x; double y; } CGPoint;
//== CGSize | CGSize
typedef struct CGSize { double width; double height; } CGSize;
//== CGRect | CGRect | CGPoint CGSize
typedef struct CGRect { CGPoint origin; CGSize size; } CGRect;
//== CGVector | struct CGVector
struct CGVector { double dx; double dy; };
//== CGAffineTransform | CGAffineTransform
typedef struct CGAffineTransform { double a, b, c, d; double tx, ty; } CGAffineTransform;
//== NSRange | NSRange
typedef struct _NSRange { unsigned long location; unsigned long length; } NSRange;
//== NSEdgeInsets | NSEdgeInsets
typedef struct NSEdgeInsets { double top, left, bottom, right; } NSEdgeInsets;
//== CGPoint_array | CGPoint[3] | CGPoint
//== CGRect_pair | CGRect[2] | CGRect
//== CGFloat | double
//== Vertex | struct Vertex
struct Vertex { float x, y, z; unsigned char rgba[4]; };
//== Vertex_array | struct Vertex[2] | Vertex
//== Matrix4 | struct Matrix4
struct Matrix4 { float m[4][4]; };
//== GLKVector3 | union GLKVector3
union GLKVector3 {
  struct { float x, y, z; };
  struct { float r, g, b; };
  float v[3];
};

/* ---- libffi testsuite shapes (typedef'd anonymous structs encode as {?=...}) ---- */
//== ffi_struct1 | test_structure_1
typedef struct { unsigned char uc; double d; unsigned int ui; } test_structure_1;
//== ffi_struct2 | test_structure_2
typedef struct { double d1; double d2; } test_structure_2;
//== ffi_struct3 | test_structure_3
typedef struct { int si; } test_structure_3;
//== ffi_struct5 | struct test_structure_5
struct test_structure_5 { char c1; char c2; };
//== ffi_struct6 | struct test_structure_6
struct test_structure_6 { float f; double d; };
//== ffi_struct7 | struct test_structure_7
struct test_structure_7 { float f1; float f2; double d; };
//== ffi_struct8 | struct test_structure_8
struct test_structure_8 { float f1; float f2; float f3; float f4; };
//== ffi_struct9 | struct test_structure_9
struct test_structure_9 { float f; int i; };
//== ffi_struct10 | struct test_structure_10
struct test_structure_10 { int32_t i; float f; signed char c; };
//== ffi_ulong_float | struct ffi_ulong_float
struct ffi_ulong_float { unsigned long ul; float f; };
//== ffi_uint17 | struct ffi_uint17
struct ffi_uint17 {
  unsigned int a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q;
};
//== ffi_int8_array | struct ffi_int_array
struct ffi_int_array { int a[8]; };
//== ffi_uchar32 | struct ffi_uchar32
struct ffi_uchar32 { unsigned char bytes[32]; };
//== align_short | struct cls_struct_align_short
struct cls_struct_align_short { unsigned char a; short b; unsigned char c; };
//== align_int | struct cls_struct_align_int
struct cls_struct_align_int { unsigned char a; int b; unsigned char c; };
//== align_longlong | struct cls_struct_align_longlong
struct cls_struct_align_longlong { unsigned char a; long long b; unsigned char c; };
//== align_double | struct cls_struct_align_double
struct cls_struct_align_double { unsigned char a; double b; unsigned char c; };
//== align_longdouble | struct cls_struct_align_longdouble
struct cls_struct_align_longdouble { unsigned char a; long double b; unsigned char c; };
//== align_float | struct cls_struct_align_float
struct cls_struct_align_float { unsigned char a; float b; unsigned char c; };

/* ---- structural cases ---- */
//== Nested3 | struct Nest1
struct Nest3 { char c; short s; };
struct Nest2 { int i; struct Nest3 n3[2]; double d; };
struct Nest1 { struct Nest2 n2; char tail; struct Nest3 last; };
//== Tagged | struct Tagged
struct Tagged {
  int tag;
  union TaggedValue { long long i; double d; char *s; float f2[2]; } v;
  unsigned char flags;
};
//== AnonTagged | struct AnonTagged
struct AnonTagged {
  int kind;
  union { int i; float f; struct { short lo, hi; }; };
  struct { char a; char b; };
};
//== Flags | struct Flags
struct Flags {
  unsigned int a : 1;
  unsigned int b : 3;
  int : 0;
  signed int c : 5;
  unsigned int : 2;
  unsigned short d : 9;
  unsigned long long e : 40;
  _Bool f : 1;
  char tail;
};
//== FlagsUnnamedOnly | struct FlagsPadding
struct FlagsPadding {
  char c;
  int : 4;
  long long : 0;
  short s : 7;
};
//== FlagsAcrossUnits | struct FlagsAcrossUnits
struct FlagsAcrossUnits {
  unsigned char a : 7;
  unsigned char b : 3;
  unsigned int c : 30;
  unsigned int d : 4;
  long long e : 63;
  signed char f : 2;
};
//== FlexArray | struct FlexArray
struct FlexArray { unsigned int len; double avg; char data[]; };
//== Wide | struct Wide
struct Wide {
  char c;
  _Complex double z;
  __int128 big;
  unsigned __int128 ubig;
  _Complex float zf;
  long double ld;
};
//== ListNode | struct ListNode
struct ListNode { int value; struct ListNode *next; const char *label; void (*free_fn)(void *); };
//== WideEnum | struct WideEnum
enum WideEnumE { WIDE_SMALL = 1, WIDE_BIG = 0x100000000LL };
enum SmallEnumE { SMALL_A, SMALL_B };
struct WideEnum { enum SmallEnumE small; enum WideEnumE big; };
//== PackedHeader | struct PackedHeader
struct __attribute__((packed)) PackedHeader { uint8_t type; uint32_t length; uint16_t crc; };
//== PragmaPack | struct PragmaPack
#pragma pack(push, 4)
struct PragmaPack { char c; double d; short s; };
#pragma pack(pop)
//== Aligned16 | struct Aligned16
struct Aligned16 { char c; double d __attribute__((aligned(16))); };
//== AtomicMembers | struct AtomicMembers
struct AtomicMembers { _Atomic int counter; _Atomic(unsigned long) bits; char c; };
//== Grid | struct Grid
struct Grid { short cells[2][3]; struct CellPair { char a, b; } pairs[2][2]; };
//== Empty | struct Empty
struct Empty {};
//== Value | union Value
union Value { long long i; double d; const char *s; struct { int lo, hi; } parts; };
