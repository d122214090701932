#include "CValueShim.h"

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
