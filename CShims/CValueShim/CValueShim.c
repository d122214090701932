#include "CValueShim.h"

#include <math.h>
#include <string.h>

bool cv_bytes_equal(const void *a, const void *b, size_t count) {
  return count == 0 || memcmp(a, b, count) == 0;
}

bool cv_bytes_equal_masked(const void *a, const void *b, const uint8_t *mask, size_t count) {
  const uint8_t *x = a;
  const uint8_t *y = b;
  uint8_t difference = 0;
  for (size_t i = 0; i < count; i++) {
    difference |= (uint8_t)((x[i] ^ y[i]) & mask[i]);
  }
  return difference == 0;
}

size_t cv_first_difference(const void *a, const void *b, const uint8_t *mask, size_t count) {
  const uint8_t *x = a;
  const uint8_t *y = b;
  for (size_t i = 0; i < count; i++) {
    uint8_t selected = mask ? mask[i] : 0xFF;
    if ((x[i] ^ y[i]) & selected) return i;
  }
  return count;
}

bool cv_union_cast(void *destination, size_t destination_size, const void *source, size_t source_size) {
  if (destination_size != source_size) return false;
  if (source_size != 0) memmove(destination, source, source_size);
  return true;
}

// Rounding uses no libm function: a Swift executable on Linux need not link libm, and these stay exact with
// plain arithmetic because every caller first checks |x| < 2^52, where a double converts to int64_t exactly.
// Contracting a * b + c into an fma would break the exact product error below.
#pragma STDC FP_CONTRACT OFF

static bool cv_is_whole(double x) {
  return !(fabs(x) < 0x1p52) || (double)(int64_t)x == x;
}

// The exact a * b minus `product` (which is a * b rounded), by Dekker's product. Only its sign is used, and
// only at a tie, where neither operand is near overflow.
static double cv_product_error(double a, double b, double product) {
  const double split = 0x1p27 + 1;
  double a_split = split * a;
  double a_high = a_split - (a_split - a);
  double a_low = a - a_high;
  double b_split = split * b;
  double b_high = b_split - (b_split - b);
  double b_low = b - b_high;
  return ((a_high * b_high - product) + a_high * b_low + a_low * b_high) + a_low * b_low;
}

// `scaled` is an exact quotient or product rounded to a double, |scaled| < 2^52; `excess` is the exact value
// minus `scaled` (only its sign matters). Rounds half away from zero as the exact value would: a tie in
// `scaled` can be the rounding of a value just short of the tie, which belongs to the whole number nearer
// zero. Keeps the sign of a zero result.
static double cv_round_half_away(double scaled, double excess) {
  double whole = (double)(int64_t)scaled;
  double fraction = fabs(scaled - whole);
  bool short_of_tie = excess != 0 && (excess < 0) != (scaled < 0);
  if (fraction > 0.5 || (fraction == 0.5 && !short_of_tie)) whole += scaled < 0 ? -1 : 1;
  return whole == 0 ? (signbit(scaled) ? -0.0 : 0.0) : whole;
}

double cv_round_to_place(double value, double place) {
  if (!isfinite(value) || !(place > 0) || !isfinite(place)) return value;
  // 0.01 means a hundredth: dividing the whole number by 100 gives the double nearest to the decimal answer,
  // where multiplying by 0.01 (itself inexact) can land one ulp away.
  double inverse = 1.0 / place;
  if (isfinite(inverse) && cv_is_whole(inverse)) {
    double scaled = value * inverse;
    if (!(fabs(scaled) < 0x1p52)) return value;
    return cv_round_half_away(scaled, cv_product_error(value, inverse, scaled)) / inverse;
  }
  double scaled = value / place;
  if (!(fabs(scaled) < 0x1p52)) return value;
  // value - scaled * place, exactly: value - product is exact (the two are within a factor of 2 at a tie).
  double product = scaled * place;
  return cv_round_half_away(scaled, (value - product) - cv_product_error(scaled, place, product)) * place;
}

float cv_round_to_place_f(float value, float place) {
  if (!isfinite(value) || !(place > 0) || !isfinite(place)) return value;
  float inverse = 1.0f / place;
  if (isfinite(inverse) && cv_is_whole(inverse)) {
    // Exact in double: two 24-bit significands make at most 48 bits.
    double scaled = (double)value * (double)inverse;
    if (!(fabs(scaled) < 0x1p23)) return value;
    return (float)cv_round_half_away(scaled, 0) / inverse;
  }
  double scaled = (double)value / (double)place;
  if (!(fabs(scaled) < 0x1p23)) return value;
  double product = scaled * (double)place;
  double excess = ((double)value - product) - cv_product_error(scaled, (double)place, product);
  return (float)cv_round_half_away(scaled, excess) * place;
}

// The bit patterns mapped to integers that count up in the same order as the values, with -0.0 and +0.0 on
// the same integer, so that the distance between two values is the difference of their integers.
static uint64_t cv_ordered_bits(double x) {
  const uint64_t sign = UINT64_C(1) << 63;
  uint64_t bits;
  memcpy(&bits, &x, sizeof bits);
  return (bits & sign) ? sign - (bits & ~sign) : sign + bits;
}

static uint32_t cv_ordered_bits_f(float x) {
  const uint32_t sign = UINT32_C(1) << 31;
  uint32_t bits;
  memcpy(&bits, &x, sizeof bits);
  return (bits & sign) ? sign - (bits & ~sign) : sign + bits;
}

uint64_t cv_ulp_distance(double a, double b) {
  if (isnan(a) || isnan(b)) return UINT64_MAX;
  uint64_t x = cv_ordered_bits(a);
  uint64_t y = cv_ordered_bits(b);
  return x > y ? x - y : y - x;
}

uint32_t cv_ulp_distance_f(float a, float b) {
  if (isnan(a) || isnan(b)) return UINT32_MAX;
  uint32_t x = cv_ordered_bits_f(a);
  uint32_t y = cv_ordered_bits_f(b);
  return x > y ? x - y : y - x;
}

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define CV_THREAD_SANITIZER 1
#endif
#endif

#if defined(CV_THREAD_SANITIZER)
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);
void cv_tsan_acquire(void *lock) { __tsan_acquire(lock); }
void cv_tsan_release(void *lock) { __tsan_release(lock); }
#else
void cv_tsan_acquire(void *lock) { (void)lock; }
void cv_tsan_release(void *lock) { (void)lock; }
#endif

// Runs of floating-point values: blocks of CV_LANES pairs are tested with no branch per pair, so that the
// compiler vectorizes the block; the first block with a failing pair is scanned for its index.
#define CV_LANES 16

#define CV_PREFIX(NAME, TYPE, PASSES, ...)                                                                   \
  size_t NAME(const void *a, const void *b, size_t count __VA_OPT__(, ) __VA_ARGS__) {                      \
    const unsigned char *pa = a, *pb = b;                                                                    \
    size_t start = 0;                                                                                        \
    for (; start + CV_LANES <= count; start += CV_LANES) {                                                   \
      TYPE x[CV_LANES], y[CV_LANES];                                                                         \
      memcpy(x, pa + start * sizeof(TYPE), sizeof x);                                                        \
      memcpy(y, pb + start * sizeof(TYPE), sizeof y);                                                        \
      int passed = 1;                                                                                        \
      for (int lane = 0; lane < CV_LANES; lane++) passed &= (PASSES(x[lane], y[lane]));                      \
      if (!passed) break;                                                                                    \
    }                                                                                                        \
    for (; start < count; start++) {                                                                         \
      TYPE x, y;                                                                                             \
      memcpy(&x, pa + start * sizeof(TYPE), sizeof x);                                                       \
      memcpy(&y, pb + start * sizeof(TYPE), sizeof y);                                                       \
      if (!(PASSES(x, y))) return start;                                                                     \
    }                                                                                                        \
    return count;                                                                                            \
  }

#define CV_EQUAL(x, y) ((x) == (y))
#define CV_FLOAT_CLOSE(x, y) (fabsf((x) - (y)) <= bound)
#define CV_DOUBLE_CLOSE(x, y) (fabs((x) - (y)) <= bound)

CV_PREFIX(cv_float_equal_prefix, float, CV_EQUAL)
CV_PREFIX(cv_double_equal_prefix, double, CV_EQUAL)
CV_PREFIX(cv_float_close_prefix, float, CV_FLOAT_CLOSE, float bound)
CV_PREFIX(cv_double_close_prefix, double, CV_DOUBLE_CLOSE, double bound)
