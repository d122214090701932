#include "CFFIFixtures.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Per thread, so that a test counts its own calls while others run in parallel.
static _Thread_local long calls;

long cv_fixture_calls(void) { return calls; }

// A snprintf-style writer: `length` counts the whole text even when the buffer is full.
struct writer {
  char *buffer;
  size_t size;
  size_t length;
};

static void put(struct writer *w, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  size_t room = w->length < w->size ? w->size - w->length : 0;
  int n = vsnprintf(room ? w->buffer + w->length : NULL, room, format, arguments);
  va_end(arguments);
  if (n > 0) w->length += (size_t)n;
}

static void put_signed(struct writer *w, long long v) { put(w, "%lld", v); }
static void put_unsigned(struct writer *w, unsigned long long v) { put(w, "%llu", v); }
static void put_double(struct writer *w, double v) { put(w, "%a", v); }
static void put_long_double(struct writer *w, long double v) { put(w, "%La", v); }
static void put_pointer(struct writer *w, void *v) { put(w, "%#llx", (unsigned long long)(uintptr_t)v); }

#define CV_PUT(w, x) \
  _Generic((x), \
    char: put_signed, signed char: put_signed, short: put_signed, int: put_signed, long: put_signed, \
    long long: put_signed, unsigned char: put_unsigned, unsigned short: put_unsigned, \
    unsigned int: put_unsigned, unsigned long: put_unsigned, unsigned long long: put_unsigned, \
    float: put_double, double: put_double, long double: put_long_double, void *: put_pointer)(w, x)

// Equality member by member (never memcmp: a struct passed by value need not keep its padding).
#define CV_EQUAL_F(type, name) if (!(a->name == b->name)) return 0;
#define CV_EQUAL_A(type, name, count) \
  for (size_t i = 0; i < (count); i++) if (!(a->name[i] == b->name[i])) return 0;
#define CV_EQUAL_S(tag, name) if (!tag##_same(&a->name, &b->name)) return 0;

#define CV_WRITE_F(type, name) put(w, first ? "" : ", "); first = 0; CV_PUT(w, v->name);
#define CV_WRITE_A(type, name, count) \
  put(w, first ? "{" : ", {"); first = 0; \
  for (size_t i = 0; i < (count); i++) { put(w, i ? ", " : ""); CV_PUT(w, v->name[i]); }
#define CV_WRITE_A_END put(w, "}");
#define CV_WRITE_S(tag, name) put(w, first ? "" : ", "); first = 0; tag##_write(w, &v->name);

#define CV_DEFINE_SAME(tag, members) \
  static int tag##_same(const struct tag *a, const struct tag *b) { members return 1; }
#define CV_DEFINE_WRITE(tag, members) \
  static void tag##_write(struct writer *w, const struct tag *v) { \
    int first = 1; \
    put(w, "{"); \
    members \
    put(w, "}"); \
  }
#define CV_DEFINE_FUNCTIONS(tag, members) \
  bool tag##_equal(struct tag a, struct tag b) { calls++; return tag##_same(&a, &b); } \
  int tag##_compare(const struct tag *a, const struct tag *b) { calls++; return !tag##_same(a, b); } \
  int tag##_print(char *buffer, size_t size, const struct tag *v) { \
    calls++; \
    struct writer w = {buffer, size, 0}; \
    tag##_write(&w, v); \
    return (int)w.length; \
  } \
  char *tag##_describe_alloc(const struct tag *v) { \
    int length = tag##_print(NULL, 0, v); \
    char *text = malloc((size_t)length + 1); \
    if (text) tag##_print(text, (size_t)length + 1, v); \
    return text; \
  } \
  const char *tag##_describe(struct tag v) { \
    static _Thread_local char text[1024]; \
    tag##_print(text, sizeof text, &v); \
    return text; \
  }

#define F CV_EQUAL_F
#define A CV_EQUAL_A
#define S CV_EQUAL_S
CV_SHAPES(CV_DEFINE_SAME)
#undef F
#undef A
#undef S

// An array member closes its brace after its elements.
#define F CV_WRITE_F
#define A(type, name, count) CV_WRITE_A(type, name, count) CV_WRITE_A_END
#define S CV_WRITE_S
CV_SHAPES(CV_DEFINE_WRITE)
#undef F
#undef A
#undef S

CV_SHAPES(CV_DEFINE_FUNCTIONS)

bool u_if_equal(union u_if a, union u_if b) { calls++; return a.i == b.i; }
bool u_fd_equal(union u_fd a, union u_fd b) { calls++; return a.d == b.d; }
bool u_c12d_equal(union u_c12d a, union u_c12d b) { calls++; return memcmp(a.c, b.c, sizeof a.c) == 0; }
bool u_ff_equal(union u_ff a, union u_ff b) { calls++; return a.g[0] == b.g[0] && a.g[1] == b.g[1]; }
bool s_fu_equal(struct s_fu a, struct s_fu b) { calls++; return a.a == b.a && a.b.i == b.b.i; }

bool ld_equal(long double a, long double b) { calls++; return a == b; }

int tm_compare(const struct tm *a, const struct tm *b) {
  calls++;
  if (a->tm_year != b->tm_year) return a->tm_year < b->tm_year ? -1 : 1;
  if (a->tm_yday != b->tm_yday) return a->tm_yday < b->tm_yday ? -1 : 1;
  long as = a->tm_hour * 3600L + a->tm_min * 60L + a->tm_sec, bs = b->tm_hour * 3600L + b->tm_min * 60L + b->tm_sec;
  return as == bs ? 0 : (as < bs ? -1 : 1);
}

bool geo_point_equal(struct geo_point a, struct geo_point b) { calls++; return a.x == b.x && a.y == b.y; }

int geo_point_cmp(const struct geo_point *a, const struct geo_point *b) {
  calls++;
  if (a->x != b->x) return a->x < b->x ? -1 : 1;
  return a->y == b->y ? 0 : (a->y < b->y ? -1 : 1);
}

const char *s_i_describe_null(struct s_i v) { (void)v; calls++; return NULL; }
int s_i_print_failing(char *buffer, size_t size, const struct s_i *v) { (void)buffer; (void)size; (void)v; calls++; return -1; }

#define CV_LIST(tag, members) \
  {#tag "_equal", (void *)tag##_equal}, {#tag "_compare", (void *)tag##_compare}, \
  {#tag "_describe", (void *)tag##_describe}, {#tag "_describe_alloc", (void *)tag##_describe_alloc}, \
  {#tag "_print", (void *)tag##_print},

static const struct cv_fixture_function cv_fixture_functions[] = {
  CV_SHAPES(CV_LIST)
  {"u_if_equal", (void *)u_if_equal}, {"u_fd_equal", (void *)u_fd_equal},
  {"u_c12d_equal", (void *)u_c12d_equal}, {"u_ff_equal", (void *)u_ff_equal},
  {"s_fu_equal", (void *)s_fu_equal}, {"ld_equal", (void *)ld_equal}, {"tm_compare", (void *)tm_compare},
  {"geo_point_equal", (void *)geo_point_equal}, {"geo_point_cmp", (void *)geo_point_cmp},
  {"s_i_describe_null", (void *)s_i_describe_null}, {"s_i_print_failing", (void *)s_i_print_failing},
};
size_t cv_fixture_function_count(void) { return sizeof cv_fixture_functions / sizeof cv_fixture_functions[0]; }

const struct cv_fixture_function *cv_fixture_function_at(size_t index) {
  return index < cv_fixture_function_count() ? &cv_fixture_functions[index] : NULL;
}
