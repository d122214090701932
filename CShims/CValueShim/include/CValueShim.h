// CValueShim: small C helpers that Swift and C callers share.
//
// Everything here is plain C99 with no global state, safe to call from any thread, except CV_UNION_CAST,
// which needs the GNU C extensions that clang and gcc both have (statement expressions and __typeof__).
#ifndef CVALUEKIT_CVALUESHIM_H
#define CVALUEKIT_CVALUESHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Whether the first `count` bytes at `a` and `b` are equal.
bool cv_bytes_equal(const void *a, const void *b, size_t count);

/// Whether `a` and `b` are equal in every bit that `mask` selects: byte i is compared as
/// `(a[i] ^ b[i]) & mask[i]`, so a mask byte of 0 ignores a padding byte and 0xFF compares it whole.
bool cv_bytes_equal_masked(const void *a, const void *b, const uint8_t *mask, size_t count);

/// How many pairs from the start of two runs of `count` floats (read unaligned) pass `a[i] == b[i]`,
/// tested 16 at a time without a branch per pair (the loop vectorizes): the index of the first pair that
/// does not pass, or `count`. A NaN never passes.
size_t cv_float_equal_prefix(const void *a, const void *b, size_t count);
/// The same for doubles.
size_t cv_double_equal_prefix(const void *a, const void *b, size_t count);
/// The same with the test `|a[i] - b[i]| <= bound`, the difference computed in float.
size_t cv_float_close_prefix(const void *a, const void *b, size_t count, float bound);
/// The same for doubles, the difference computed in double.
size_t cv_double_close_prefix(const void *a, const void *b, size_t count, double bound);

/// The index of the first byte at which `a` and `b` differ in a bit that `mask` selects (`mask` may be
/// NULL to compare every bit), or `count` when they do not differ.
size_t cv_first_difference(const void *a, const void *b, const uint8_t *mask, size_t count);

// MARK: Union cast

#ifndef __cplusplus
/// `CV_UNION_CAST(value, type)`: the bytes of `value` read as a `type`, through a union, which C (unlike a
/// pointer cast) allows under strict aliasing. `value` is evaluated once; the result is an rvalue.
///
///     uint32_t bits = CV_UNION_CAST(1.0f, uint32_t);   // 0x3f800000
///     double back = CV_UNION_CAST(bits64, double);
///
/// A cast between types of different sizes does not compile: it stops at a static assertion whose message
/// starts with "CV_UNION_CAST: the value and the target type differ in size". C only (a C++ caller has
/// std::bit_cast); needs clang or gcc.
#define CV_UNION_CAST(value, type)                                                                         \
  (__extension__({                                                                                         \
    _Static_assert(sizeof(__typeof__(value)) == sizeof(type),                                              \
                   "CV_UNION_CAST: the value and the target type differ in size (" #value " to " #type ")"); \
    ((union {                                                                                              \
      __typeof__(value) cv_from;                                                                           \
      type cv_to;                                                                                          \
    }){.cv_from = (value)})                                                                                \
        .cv_to;                                                                                            \
  }))
#endif

/// Copies the `source_size` bytes at `source` to `destination` when the two sizes are equal, and returns
/// true; returns false, touching nothing, when they differ. The regions may overlap; with a size of 0 either
/// pointer may be NULL. The function form of CV_UNION_CAST, for sizes known only at run time.
bool cv_union_cast(void *destination, size_t destination_size, const void *source, size_t source_size);

// MARK: Rounding

/// `value` rounded to the nearest multiple of `place`, halves away from zero:
/// cv_round_to_place(3.14159, 0.01) == 3.14, cv_round_to_place(1234, 100) == 1200,
/// cv_round_to_place(-2.5, 1) == -3.
///
/// When 1/place is a whole number (0.1, 0.01, 0.25, 1 …) `place` is taken to mean exactly 1/n, and the result
/// is the double nearest to the exact decimal answer: 3.14, not 3.14 + 1 ulp. The rounding is decided on the
/// exact value of `value`, so cv_round_to_place(2.675, 0.01) == 2.67, because the double 2.675 is
/// 2.67499999999999982… (as in Python's round). Otherwise the result is the nearest multiple times `place`,
/// rounded once.
///
/// Returned unchanged: `value` when it is NaN or infinite, when `place` is zero, negative, NaN or infinite,
/// and when `value` is so large (|value / place| >= 2^52) that the doubles near it are already as close to a
/// multiple of `place` as a double can be.
double cv_round_to_place(double value, double place);

/// cv_round_to_place for float (the same rules, computed so that the result is the float nearest to the
/// answer; the size limit is |value / place| >= 2^23).
float cv_round_to_place_f(float value, float place);

// MARK: Distance in units in the last place

/// How many representable doubles lie between `a` and `b`, counting one end: 0 when they are equal (and
/// between -0.0 and +0.0), 1 between neighbours (DBL_MAX and INFINITY are neighbours), 2 from the smallest
/// negative subnormal to the smallest positive one. UINT64_MAX when either is NaN.
uint64_t cv_ulp_distance(double a, double b);

/// cv_ulp_distance for float; UINT32_MAX when either is NaN.
uint32_t cv_ulp_distance_f(float a, float b);

/// Tell ThreadSanitizer that the lock at `lock` was acquired / is about to be released.
///
/// Swift's `Synchronization.Mutex` waits with futexes on Linux, which ThreadSanitizer cannot see, so
/// every access made under it would look like a race. CValueKit's locks call these inside their critical
/// sections; they do nothing unless this file was compiled with `-fsanitize=thread`.
void cv_tsan_acquire(void *lock);
void cv_tsan_release(void *lock);

#ifdef __cplusplus
}
#endif
#endif
