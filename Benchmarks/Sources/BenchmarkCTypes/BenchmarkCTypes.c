#include "BenchmarkCTypes.h"

#include <ffi.h>
#include <string.h>

int bench_rect_equal_pointers(const bench_rect *a, const bench_rect *b) {
  return a->origin.x == b->origin.x && a->origin.y == b->origin.y && a->size.width == b->size.width &&
         a->size.height == b->size.height;
}

bool bench_rect_equal_values(bench_rect a, bench_rect b) { return bench_rect_equal_pointers(&a, &b); }

static ffi_cif rect_cif;
static ffi_type point_type, size_type, rect_type;
static ffi_type *point_elements[3], *size_elements[3], *rect_elements[3];
static ffi_type *rect_arguments[2];

bool bench_ffi_prepare(void) {
  point_elements[0] = point_elements[1] = &ffi_type_double;
  point_elements[2] = NULL;
  size_elements[0] = size_elements[1] = &ffi_type_double;
  size_elements[2] = NULL;
  point_type = (ffi_type){.size = 0, .alignment = 0, .type = FFI_TYPE_STRUCT, .elements = point_elements};
  size_type = (ffi_type){.size = 0, .alignment = 0, .type = FFI_TYPE_STRUCT, .elements = size_elements};
  rect_elements[0] = &point_type;
  rect_elements[1] = &size_type;
  rect_elements[2] = NULL;
  rect_type = (ffi_type){.size = 0, .alignment = 0, .type = FFI_TYPE_STRUCT, .elements = rect_elements};
  rect_arguments[0] = rect_arguments[1] = &rect_type;
  return ffi_prep_cif(&rect_cif, FFI_DEFAULT_ABI, 2, &ffi_type_uint8, rect_arguments) == FFI_OK;
}

bool bench_ffi_rect_equal(const bench_rect *a, const bench_rect *b) {
  void *arguments[2] = {(void *)a, (void *)b};
  ffi_arg result = 0;
  ffi_call(&rect_cif, FFI_FN(bench_rect_equal_values), &result, arguments);
  return (uint8_t)result != 0;
}

bool bench_memcmp_equal(const void *a, const void *b, size_t count) { return memcmp(a, b, count) == 0; }
