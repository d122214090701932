/* Zero set-up from several threads at once: each resolves the same types of this program (read from its own
 * debug info, built with -g, once for the process) and compares with them. Then a forked child, allowed to
 * open no file, still resolves what the parent read (it is not read again), and a type the parent never asked
 * for, from the index and the debug info the parent has open. Exits non-zero on a wrong result. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "program_types.h"

#include <cvalue_assert.h>

enum { thread_count = 4, iterations = 50 };

/* A type of this program no one asks for before the fork. */
struct never_read {
  int32_t value;
};

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
  {
    struct never_read unread = {1};
    pid_t child;
    fflush(stdout); /* the child does not print the parent's lines again */
    child = fork();
    int status = 0;
    if (child == 0) {
      struct rlimit no_files = {3, 3}; /* stdin, stdout and stderr only: the debug info cannot be opened */
      cv_type *type = NULL;
      char *message = NULL;
      setrlimit(RLIMIT_NOFILE, &no_files);
      if (cv_program_type("point_t", sizeof(point_t), &type, &message) != CV_OK) _exit(10);
      cv_type_free(type);
      if (cv_program_type("struct never_read", sizeof unread, &type, &message) != CV_OK) {
        fprintf(stderr, "(the child, allowed no files: %s)\n", message);
        _exit(11);
      }
      if (cv_type_size(type) != sizeof unread) _exit(12);
      cv_type_free(type);
      _exit(0);
    }
    waitpid(child, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      fprintf(stderr, "forked child: status %d\n", status);
      failed = 1;
    } else {
      printf("a forked child, allowed no file, kept the parent's types and read another from its open index\n");
    }
  }
  return failed;
}
