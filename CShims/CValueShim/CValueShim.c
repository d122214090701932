#include "CValueShim.h"

#include <math.h>
#include <string.h>

bool cvi_bytes_equal(const void *a, const void *b, size_t count) {
  return count == 0 || memcmp(a, b, count) == 0;
}

bool cvi_bytes_equal_masked(const void *a, const void *b, const uint8_t *mask, size_t count) {
  const uint8_t *x = a;
  const uint8_t *y = b;
  uint8_t difference = 0;
  for (size_t i = 0; i < count; i++) {
    difference |= (uint8_t)((x[i] ^ y[i]) & mask[i]);
  }
  return difference == 0;
}

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define CVI_THREAD_SANITIZER 1
#endif
#endif

#if defined(CVI_THREAD_SANITIZER)
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);
void cvi_tsan_acquire(void *lock) { __tsan_acquire(lock); }
void cvi_tsan_release(void *lock) { __tsan_release(lock); }
#else
void cvi_tsan_acquire(void *lock) { (void)lock; }
void cvi_tsan_release(void *lock) { (void)lock; }
#endif

// Runs of floating-point values: blocks of CVI_LANES pairs are tested with no branch per pair, so that the
// compiler vectorizes the block; the first block with a failing pair is scanned for its index.
#define CVI_LANES 16

#define CVI_PREFIX(NAME, TYPE, PASSES, ...)                                                                   \
  size_t NAME(const void *a, const void *b, size_t count __VA_OPT__(, ) __VA_ARGS__) {                      \
    const unsigned char *pa = a, *pb = b;                                                                    \
    size_t start = 0;                                                                                        \
    for (; start + CVI_LANES <= count; start += CVI_LANES) {                                                   \
      TYPE x[CVI_LANES], y[CVI_LANES];                                                                         \
      memcpy(x, pa + start * sizeof(TYPE), sizeof x);                                                        \
      memcpy(y, pb + start * sizeof(TYPE), sizeof y);                                                        \
      int passed = 1;                                                                                        \
      for (int lane = 0; lane < CVI_LANES; lane++) passed &= (PASSES(x[lane], y[lane]));                      \
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

#define CVI_EQUAL(x, y) ((x) == (y))
#define CVI_FLOAT_CLOSE(x, y) (fabsf((x) - (y)) <= bound)
#define CVI_DOUBLE_CLOSE(x, y) (fabs((x) - (y)) <= bound)

CVI_PREFIX(cvi_float_equal_prefix, float, CVI_EQUAL)
CVI_PREFIX(cvi_double_equal_prefix, double, CVI_EQUAL)
CVI_PREFIX(cvi_float_close_prefix, float, CVI_FLOAT_CLOSE, float bound)
CVI_PREFIX(cvi_double_close_prefix, double, CVI_DOUBLE_CLOSE, double bound)
