/* host_main.c: target_test.c on the host, its records and its other output on stdout. */
#include <stdio.h>

#include "cvalue_target.h"

void target_tests(void);

void platform_print(const char *text) { fputs(text, stdout); }

void cv_target_write(const void *bytes, size_t count) { fwrite(bytes, 1, count, stdout); }

int main(void) {
  target_tests();
  return 0;
}
