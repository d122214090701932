// The cost of the first zero-set-up use of a type in a process, and of a type the program has no debug info
// for: cv_program_type timed with CLOCK_MONOTONIC, linked with make-binary.py's units (processes.sh builds it).
//
//   first-use LAST   (LAST: the last unit's number)
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cvalue.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

// Milliseconds to resolve `name` (of `size` bytes, 0 for a type that is nowhere); `expect_ok` checks the answer.
static double timed(const char *name, size_t size, int expect_ok) {
  cv_type *type = NULL;
  char *message = NULL;
  double start = now();
  cv_status status = cv_program_type(name, size, &type, &message);
  double elapsed = (now() - start) * 1000;
  if ((status == CV_OK) != expect_ok) {
    fprintf(stderr, "%s: status %d: %s\n", name, (int)status, message ? message : "");
    exit(1);
  }
  cv_type_free(type);
  cv_free(message);
  return elapsed;
}

int main(int argc, char **argv) {
  char last[64];
  snprintf(last, sizeof last, "struct unit_%s_1", argc > 1 ? argv[1] : "0");
  // struct unit_N_1 { int64_t id; struct common_1 c; uint8_t tail[2]; }: 64 bytes on x86_64.
  double first = timed("struct unit_0_1", 64, 1);
  double second = timed(last, 64, 1);
  double again = timed("struct unit_0_1", 64, 1);
  double miss = timed("struct nowhere_at_all", 8, 0);
  double missAgain = timed("struct nowhere_at_all", 8, 0);
  double otherMiss = timed("struct nowhere_either", 8, 0);
  printf("%.3f %.3f %.4f %.3f %.4f %.3f\n", first, second, again, miss, missAgain, otherMiss);
  return 0;
}
