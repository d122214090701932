#ifndef BENCHMARK_C_TYPES_H
#define BENCHMARK_C_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// CGRect's shape: four doubles in two nested structs.
typedef struct bench_point { double x, y; } bench_point;
typedef struct bench_size { double width, height; } bench_size;
typedef struct bench_rect { bench_point origin; bench_size size; } bench_rect;

/// Padding after `tag` (7 bytes) and after `count` (4 bytes): memcmp is wrong for it.
typedef struct bench_padded { char tag; double value; int count; } bench_padded;

/// Integers only and no padding: a run of these is one memcmp.
typedef struct bench_quad { int32_t a, b, c, d; } bench_quad;

/// A vertex: three floats compared within a tolerance.
typedef struct bench_vertex { float x, y, z; } bench_vertex;

/// CGRectEqualToRect's contract, by pointer: non-zero when equal.
int bench_rect_equal_pointers(const bench_rect *a, const bench_rect *b);

/// The same by value, as CGRectEqualToRect takes its arguments.
bool bench_rect_equal_values(bench_rect a, bench_rect b);

/// Prepares the libffi call interface for `bench_rect_equal_values` once; false when libffi refuses.
bool bench_ffi_prepare(void);

/// Calls `bench_rect_equal_values` through `ffi_call` with the interface `bench_ffi_prepare` cached: the
/// least any libffi caller pays.
bool bench_ffi_rect_equal(const bench_rect *a, const bench_rect *b);

/// memcmp of `count` bytes, out of line so that the compiler cannot fold it: the physical limit of a
/// byte comparison.
bool bench_memcmp_equal(const void *a, const void *b, size_t count);

#endif
