/* Zero set-up from several threads at once: each resolves the same types of this program (read from its own
 * debug info, built with -g, once for the process) and compares with them. Exits non-zero on a wrong result. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "program_types.h"

#include <cvalue_assert.h>

enum { thread_count = 4, iterations = 50 };

static const char *const expected_report =
    "point_t values differ at 1 of 2 fields:\n"
    "  .y: 2 ≠ 3\n"
    "  actual:   {.x = 1, .y = 2}\n"
    "  expected: {.x = 1, .y = 3}";

static void *work(void *argument) {
  (void)argument;
  for (int i = 0; i < iterations; i++) {
    point_t a = {1, 2}, b = {1, 3};
    struct shape s, t;
    char *failure;
    memset(&s, 0, sizeof s);
    memset(&t, 0, sizeof t);
    failure = cv_program_assert_message("point_t", &a, &b, 1, NULL, sizeof a, "a", "b");
    if (failure == NULL || strcmp(failure, expected_report) != 0) {
      fprintf(stderr, "unexpected report: %s\n", failure ? failure : "(none)");
      cv_free(failure);
      return (void *)1;
    }
    cv_free(failure);
    failure = cv_program_assert_message("struct shape", &s, &t, 1, NULL, sizeof s, "s", "t");
    if (failure != NULL) {
      fprintf(stderr, "unexpected failure: %s\n", failure);
      cv_free(failure);
      return (void *)1;
    }
  }
  return NULL;
}

int main(void) {
  pthread_t threads[thread_count];
  int failed = 0;
  for (int i = 0; i < thread_count; i++) pthread_create(&threads[i], NULL, work, NULL);
  for (int i = 0; i < thread_count; i++) {
    void *result;
    pthread_join(threads[i], &result);
    if (result != NULL) failed = 1;
  }
  if (!failed) printf("%d threads resolved and compared the program's own types\n", thread_count);
  return failed;
}
