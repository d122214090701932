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
//
// On x86-64 each run is compiled twice, for the baseline (SSE2: 16-byte vectors) and for AVX2 (32-byte
// vectors, blocks of twice as many pairs, as glibc's memcmp picks its wider loop at run time), and the AVX2
// form runs where the processor and the operating system support it (CPUID and XGETBV, read once). Both give
// the same answers: the tests are the same comparisons, only the width of the vectors and blocks differs.
#define CVI_LANES 16

#define CVI_PREFIX_BODY(TYPE, PASSES, LANES)                                                                  \
  const unsigned char *pa = a, *pb = b;                                                                      \
  size_t start = 0;                                                                                          \
  for (; start + LANES <= count; start += LANES) {                                                             \
    TYPE x[LANES], y[LANES];                                                                                 \
    memcpy(x, pa + start * sizeof(TYPE), sizeof x);                                                          \
    memcpy(y, pb + start * sizeof(TYPE), sizeof y);                                                          \
    int passed = 1;                                                                                          \
    for (int lane = 0; lane < LANES; lane++) passed &= (PASSES(x[lane], y[lane]));                            \
    if (!passed) break;                                                                                      \
  }                                                                                                          \
  for (; start < count; start++) {                                                                           \
    TYPE x, y;                                                                                               \
    memcpy(&x, pa + start * sizeof(TYPE), sizeof x);                                                         \
    memcpy(&y, pb + start * sizeof(TYPE), sizeof y);                                                         \
    if (!(PASSES(x, y))) return start;                                                                       \
  }                                                                                                          \
  return count;

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>

// 0: not yet read; 1: no AVX2; 2: AVX2, with the YMM registers enabled by the operating system.
static int cvi_avx2_state;

static bool cvi_has_avx2(void) {
  int state = __atomic_load_n(&cvi_avx2_state, __ATOMIC_RELAXED);
  if (state == 0) {
    unsigned eax, ebx, ecx, edx;
    bool avx2 = false;
    if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_OSXSAVE) && (ecx & bit_AVX)) {
      unsigned low, high;
      __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
      (void)high;
      avx2 = (low & 6) == 6 && __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) && (ebx & bit_AVX2);
    }
    state = avx2 ? 2 : 1;
    __atomic_store_n(&cvi_avx2_state, state, __ATOMIC_RELAXED);
  }
  return state == 2;
}

#define CVI_PREFIX(NAME, TYPE, PASSES, ...)                                                                   \
  __attribute__((target("avx2"))) static size_t NAME##_avx2(                                                 \
      const void *a, const void *b, size_t count __VA_OPT__(, ) __VA_ARGS__) {                              \
    CVI_PREFIX_BODY(TYPE, PASSES, 2 * CVI_LANES)                                                             \
  }                                                                                                          \
  static size_t NAME##_baseline(const void *a, const void *b, size_t count __VA_OPT__(, ) __VA_ARGS__) {    \
    CVI_PREFIX_BODY(TYPE, PASSES, CVI_LANES)                                                                 \
  }
#define CVI_DISPATCH(NAME, ...) return cvi_has_avx2() ? NAME##_avx2(__VA_ARGS__) : NAME##_baseline(__VA_ARGS__);
#else
#define CVI_PREFIX(NAME, TYPE, PASSES, ...)                                                                   \
  static size_t NAME##_baseline(const void *a, const void *b, size_t count __VA_OPT__(, ) __VA_ARGS__) {    \
    CVI_PREFIX_BODY(TYPE, PASSES, CVI_LANES)                                                                 \
  }
#define CVI_DISPATCH(NAME, ...) return NAME##_baseline(__VA_ARGS__);
#endif

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
int cvi_float_runs_vector_width(void) { return cvi_has_avx2() ? 32 : 16; }
void cvi_float_runs_use_baseline(bool baseline) {
  __atomic_store_n(&cvi_avx2_state, baseline ? 1 : 0, __ATOMIC_RELAXED);
}
#else
int cvi_float_runs_vector_width(void) { return 16; }
void cvi_float_runs_use_baseline(bool baseline) { (void)baseline; }
#endif

#define CVI_EQUAL(x, y) ((x) == (y))
#define CVI_FLOAT_CLOSE(x, y) (fabsf((x) - (y)) <= bound)
#define CVI_DOUBLE_CLOSE(x, y) (fabs((x) - (y)) <= bound)

CVI_PREFIX(cvi_float_equal_prefix, float, CVI_EQUAL)
CVI_PREFIX(cvi_double_equal_prefix, double, CVI_EQUAL)
CVI_PREFIX(cvi_float_close_prefix, float, CVI_FLOAT_CLOSE, float bound)
CVI_PREFIX(cvi_double_close_prefix, double, CVI_DOUBLE_CLOSE, double bound)

size_t cvi_float_equal_prefix(const void *a, const void *b, size_t count) {
  CVI_DISPATCH(cvi_float_equal_prefix, a, b, count)
}
size_t cvi_double_equal_prefix(const void *a, const void *b, size_t count) {
  CVI_DISPATCH(cvi_double_equal_prefix, a, b, count)
}
size_t cvi_float_close_prefix(const void *a, const void *b, size_t count, float bound) {
  CVI_DISPATCH(cvi_float_close_prefix, a, b, count, bound)
}
size_t cvi_double_close_prefix(const void *a, const void *b, size_t count, double bound) {
  CVI_DISPATCH(cvi_double_close_prefix, a, b, count, bound)
}
