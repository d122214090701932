/* Zero set-up when the executable has no debug info (built without -g): cv_program_type falls back to the
 * loaded shared libraries' debug info, here liblibrary_types.so's (built with -g), for struct library_reading.
 * One test passes, one fails on purpose; run.sh checks the exact output (expected/program_library.txt). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "library_types.h"

#include <cvalue_cmocka.h>

static void library_type_found(void **state) {
  struct library_reading made = library_reading_make(4, 1.5), expected = {4, 10, 5, 1.5};
  cv_type *type = NULL;
  char *message = NULL;
  (void)state;
  assert_cv_eq(struct library_reading, made, expected);
  /* A type no file describes: the executable's own lack of debug info is what the message names. */
  assert_int_equal(cv_program_type("struct nowhere_at_all", 4, &type, &message), CV_ERROR_UNKNOWN_TYPE);
  assert_null(type);
  assert_string_equal(message,
                      "/proc/self/exe has no DWARF debug info: build it with -g, or install its debug file (or set "
                      "CVALUE_DEBUGINFOD=1 to fetch it by build id from the debuginfod servers of "
                      "DEBUGINFOD_URLS); the "
                      "running program has no debug info for struct nowhere_at_all: compile the code that uses "
                      "it with -g (and do not strip the executable), or load a catalog file made by `cvalue "
                      "import`");
  cv_free(message);
}

static void library_type_differs(void **state) {
  struct library_reading made = library_reading_make(4, 1.5), expected = {4, 10, 2, 1.25};
  (void)state;
  assert_cv_eq(struct library_reading, made, expected);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(library_type_found), cmocka_unit_test(library_type_differs)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
