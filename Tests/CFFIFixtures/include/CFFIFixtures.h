// C comparators and describers over the struct shapes that break calling conventions (libffi's testsuite:
// struct1…struct10, cls_align_*, nested_struct*, unions), for the libffi registration tests. The same
// source is linked into the tests (registration by address) and built into a shared library by them
// (registration by symbol name through dlopen).
//
// Every shape S has:
//   bool S_equal(struct S a, struct S b)                       by value, non-zero when equal
//   int S_compare(const struct S *a, const struct S *b)        by pointer, zero when equal
//   const char *S_describe(struct S v)                         by value, thread-local text
//   char *S_describe_alloc(const struct S *v)                  by pointer, malloc'd text
//   int S_print(char *buffer, size_t size, const struct S *v)  snprintf-style
// The text is a positional C initializer ({1, 0x1.8p+1, {2, 3}}) that CValueKit parses back.
#ifndef CVALUEKIT_CFFIFIXTURES_H
#define CVALUEKIT_CFFIFIXTURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

// F(type, name) is a scalar member, A(type, name, count) an array member, S(tag, name) a nested struct.
#define CV_SHAPES(X) \
  X(s_ucdi, F(unsigned char, a) F(double, b) F(unsigned int, c)) \
  X(s_dd, F(double, a) F(double, b)) \
  X(s_i, F(int, a)) \
  X(s_cc, F(char, a) F(char, b)) \
  X(s_fd, F(float, a) F(double, b)) \
  X(s_ffd, F(float, a) F(float, b) F(double, c)) \
  X(s_f4, F(float, a) F(float, b) F(float, c) F(float, d)) \
  X(s_fi, F(float, a) F(int, b)) \
  X(s_ifc, F(int32_t, a) F(float, b) F(signed char, c)) \
  X(s_ulf, F(unsigned long, a) F(float, b)) \
  X(s_u17, A(unsigned int, a, 17)) \
  X(s_i8, A(int, a, 8)) \
  X(s_uc32, A(unsigned char, a, 32)) \
  X(s_csc, F(char, a) F(short, b) F(char, c)) \
  X(s_cic, F(char, a) F(int, b) F(char, c)) \
  X(s_cqc, F(char, a) F(long long, b) F(char, c)) \
  X(s_cfc, F(char, a) F(float, b) F(char, c)) \
  X(s_cdc, F(char, a) F(double, b) F(char, c)) \
  X(s_cDc, F(char, a) F(long double, b) F(char, c)) \
  X(s_cpc, F(char, a) F(void *, b) F(char, c)) \
  X(s_nested, F(char, a) S(s_fd, b) S(s_ifc, c) F(char, d)) \
  X(s_deep, S(s_fi, a) S(s_nested, b) A(float, c, 3))

#define CV_DECLARE_F(type, name) type name;
#define CV_DECLARE_A(type, name, count) type name[count];
#define CV_DECLARE_S(tag, name) struct tag name;
#define CV_DECLARE_SHAPE(tag, members) \
  struct tag { members }; \
  bool tag##_equal(struct tag a, struct tag b); \
  int tag##_compare(const struct tag *a, const struct tag *b); \
  const char *tag##_describe(struct tag v); \
  char *tag##_describe_alloc(const struct tag *v); \
  int tag##_print(char *buffer, size_t size, const struct tag *v);

#define F CV_DECLARE_F
#define A CV_DECLARE_A
#define S CV_DECLARE_S
CV_SHAPES(CV_DECLARE_SHAPE)
#undef F
#undef A
#undef S

// Unions by value: each classifies differently under the x86-64 System V and AArch64 conventions.
union u_if { int i; float f; };           // INTEGER eightbyte (int wins over float)
union u_fd { float f[2]; double d; };     // SSE eightbyte
union u_c12d { char c[12]; double d; };   // two INTEGER eightbytes
union u_ff { float f; float g[2]; };      // SSE (a float-only union of 8 bytes)
struct s_fu { float a; union u_if b; };   // one eightbyte: float + INTEGER union → INTEGER

bool u_if_equal(union u_if a, union u_if b);
bool u_fd_equal(union u_fd a, union u_fd b);
bool u_c12d_equal(union u_c12d a, union u_c12d b);
bool u_ff_equal(union u_ff a, union u_ff b);
bool s_fu_equal(struct s_fu a, struct s_fu b);

// long double by value, and struct tm by pointer as <time.h> declares it.
bool ld_equal(long double a, long double b);
int tm_compare(const struct tm *a, const struct tm *b);

// The README's example: a CGPointEqualToPoint-style comparator by value, and a memcmp-style one by pointer.
struct geo_point {
  double x;
  double y;
};
bool geo_point_equal(struct geo_point a, struct geo_point b);
int geo_point_cmp(const struct geo_point *a, const struct geo_point *b);

// Describers that misbehave: a NULL string, a failing writer.
const char *s_i_describe_null(struct s_i v);
int s_i_print_failing(char *buffer, size_t size, const struct s_i *v);

// How many times the comparators and describers above ran on the calling thread, so tests can see that C
// decided.
long cv_fixture_calls(void);

// Every function above, so that tests can register each by its address.
struct cv_fixture_function {
  const char *name;
  void *address;
};
size_t cv_fixture_function_count(void);
const struct cv_fixture_function *cv_fixture_function_at(size_t index);

#endif
