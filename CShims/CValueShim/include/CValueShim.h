// CValueShim: only what must be C. Rounding, ULP distance and the run-time union cast are Swift
// (roundToPlace, ulpDistance, unionCast in CValueKit); what stays here is either promised to C callers or
// something Swift cannot express, and each declaration says which.
//
// Everything here is plain C99 with no global state, safe to call from any thread, except CVI_UNION_CAST,
// which needs the GNU C extensions that clang and gcc both have (statement expressions and __typeof__).
#ifndef CVALUEKIT_CVALUESHIM_H
#define CVALUEKIT_CVALUESHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Raw bytes

// In C because they are part of the C interface: C code compares raw values with them and gets the same
// padding-aware answer that CValueKit gives Swift.

/// Whether the first `count` bytes at `a` and `b` are equal.
bool cvi_bytes_equal(const void *a, const void *b, size_t count);

/// Whether `a` and `b` are equal in every bit that `mask` selects: byte i is compared as
/// `(a[i] ^ b[i]) & mask[i]`, so a mask byte of 0 ignores a padding byte and 0xFF compares it whole.
bool cvi_bytes_equal_masked(const void *a, const void *b, const uint8_t *mask, size_t count);

// MARK: Floating-point runs

// In C because the plain block loop below vectorizes as written, with no overflow or bounds checks for the
// compiler to prove away; Swift would need SIMD types and unchecked arithmetic for the same code.

/// How many pairs from the start of two runs of `count` floats (read unaligned) pass `a[i] == b[i]`,
/// tested 16 at a time (32 with AVX2) without a branch per pair (the loop vectorizes): the index of the first
/// pair that does not pass, or `count`. A NaN never passes.
size_t cvi_float_equal_prefix(const void *a, const void *b, size_t count);
/// The same for doubles.
size_t cvi_double_equal_prefix(const void *a, const void *b, size_t count);
/// The same with the test `|a[i] - b[i]| <= bound`, the difference computed in float.
size_t cvi_float_close_prefix(const void *a, const void *b, size_t count, float bound);
/// The same for doubles, the difference computed in double.
size_t cvi_double_close_prefix(const void *a, const void *b, size_t count, double bound);

/// The width in bytes of the vectors the four runs above use in this process: 32 where the processor and the
/// operating system support AVX2 (x86-64), else 16. `cvi_float_runs_use_baseline(true)` makes them use the
/// baseline form (16) from then on, so that tests run both forms on a machine that has AVX2.
int cvi_float_runs_vector_width(void);
void cvi_float_runs_use_baseline(bool baseline);

// MARK: Union cast

// A macro, so C only: Swift's unionCast(_:to:) is the same promise for Swift callers.

#ifndef __cplusplus
/// `CVI_UNION_CAST(value, type)`: the bytes of `value` read as a `type`, through a union, which C (unlike a
/// pointer cast) allows under strict aliasing. `value` is evaluated once; the result is an rvalue.
///
///     uint32_t bits = CVI_UNION_CAST(1.0f, uint32_t);   // 0x3f800000
///     double back = CVI_UNION_CAST(bits64, double);
///
/// A cast between types of different sizes does not compile: it stops at a static assertion whose message
/// starts with "CVI_UNION_CAST: the value and the target type differ in size". C only (a C++ caller has
/// std::bit_cast); needs clang or gcc.
#define CVI_UNION_CAST(value, type)                                                                         \
  (__extension__({                                                                                         \
    _Static_assert(sizeof(__typeof__(value)) == sizeof(type),                                              \
                   "CVI_UNION_CAST: the value and the target type differ in size (" #value " to " #type ")"); \
    ((union {                                                                                              \
      __typeof__(value) cvi_from;                                                                           \
      type cvi_to;                                                                                          \
    }){.cvi_from = (value)})                                                                                \
        .cvi_to;                                                                                            \
  }))
#endif

// MARK: ThreadSanitizer

// In C because only the C preprocessor can ask whether this is a ThreadSanitizer build
// (__has_feature(thread_sanitizer)), and __tsan_acquire/__tsan_release exist only in that runtime.

/// Tell ThreadSanitizer that the lock at `lock` was acquired / is about to be released.
///
/// Swift's `Synchronization.Mutex` waits with futexes on Linux, which ThreadSanitizer cannot see, so
/// every access made under it would look like a race. CValueKit's locks call these inside their critical
/// sections; they do nothing unless this file was compiled with `-fsanitize=thread`.
void cvi_tsan_acquire(void *lock);
void cvi_tsan_release(void *lock);

#ifdef __cplusplus
}
#endif
#endif
