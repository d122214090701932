/* cvalue.h from several threads at once, on shared handles: resolving, comparing (equal and not), describing,
 * parsing and failing calls. run.sh runs it plainly, under AddressSanitizer with its leak check, and under
 * ThreadSanitizer. Exits non-zero on the first wrong result. */
#include <pthread.h>

#include "cvalue_test_support.h"

enum { thread_count = 8, iterations = 200 };

static struct cv_test_types types;

static const char *const expected_report =
    "cv_point values differ at 1 of 2 fields:\n"
    "  .y: 2 ≠ 2.5 (difference 0.5)\n"
    "  actual:   {.x = 1, .y = 2}\n"
    "  expected: {.x = 1, .y = 2.5}";

#define REQUIRE(condition)                                                         \
  do {                                                                             \
    if (!(condition)) {                                                            \
      fprintf(stderr, "%s:%d: thread check failed: %s\n", __FILE__, __LINE__, #condition); \
      return (void *)1;                                                            \
    }                                                                              \
  } while (0)

static void *work(void *argument) {
  (void)argument;
  for (int i = 0; i < iterations; i++) {
    struct cv_point a = {1, 2}, b = {1, 2.5}, parsed;
    struct tcphdr syn = cv_test_syn(), same = cv_test_syn();
    cv_comparison result = {.size = sizeof result};
    char *text = NULL, *message = NULL;
    cv_type *point = NULL;
    REQUIRE(cv_type_resolve(types.registry, "struct cv_point", sizeof a, &point, &message) == CV_OK);
    REQUIRE(cv_compare(point, &a, &b, 1, NULL, &result, &message) == CV_OK);
    REQUIRE(!result.is_equal && result.mismatch_count == 1 && strcmp(result.report, expected_report) == 0);
    cv_free(result.report);
    REQUIRE(cv_compare(types.tcphdr, &syn, &same, 1, NULL, &result, &message) == CV_OK);
    REQUIRE(result.is_equal && result.report == NULL);
    REQUIRE(cv_describe(point, &b, 1, &text, &message) == CV_OK && strcmp(text, "{.x = 1, .y = 2.5}") == 0);
    REQUIRE(cv_parse(point, text, &parsed, sizeof parsed, &message) == CV_OK && parsed.y == 2.5);
    cv_free(text);
    REQUIRE(cv_parse(point, "{.q = 1}", &parsed, sizeof parsed, &message) == CV_ERROR_LITERAL);
    REQUIRE(strcmp(message, "no member named 'q' in struct cv_point at offset 2 in \"{.q = 1}\"") == 0);
    cv_free(message);
    cv_type *wrong = point;
    REQUIRE(cv_type_resolve(types.registry, "struct cv_point", 12, &wrong, &message) == CV_ERROR_SIZE);
    REQUIRE(wrong == NULL);
    cv_free(message);
    cv_type_free(point);
  }
  return NULL;
}

int main(void) {
  pthread_t threads[thread_count];
  int failed = 0;
  if (cv_test_types_load(&types) != 0) return 1;
  for (int i = 0; i < thread_count; i++) pthread_create(&threads[i], NULL, work, NULL);
  for (int i = 0; i < thread_count; i++) {
    void *outcome;
    pthread_join(threads[i], &outcome);
    failed |= outcome != NULL;
  }
  cv_test_types_free(&types);
  printf("%d threads x %d iterations: %s\n", thread_count, iterations, failed ? "FAILED" : "ok");
  return failed;
}
