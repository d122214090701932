// CValueShim: small C helpers that Swift and C callers share.
//
// Everything here is plain C99 with no global state, safe to call from any thread.
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

/// The index of the first byte at which `a` and `b` differ in a bit that `mask` selects (`mask` may be
/// NULL to compare every bit), or `count` when they do not differ.
size_t cv_first_difference(const void *a, const void *b, const uint8_t *mask, size_t count);

#ifdef __cplusplus
}
#endif

#endif
