/* Built with -g -fshort-enums, run with a catalog imported from short_enums.h without it: the catalog's
 * struct reading (a 4-byte enum) is not the program's (a 1-byte one), though both are 8 bytes. The plain
 * cmocka set-up (catalog, registry, cv_type_resolve) fails naming the first field that differs, since
 * cv_type_resolve checks a catalog's type against the program's own debug info; cv_catalog_check_program
 * does the same on request. struct plain_reading is the same in both. Built without -fshort-enums, every
 * test passes. run.sh checks the exact output (expected/short_enums.txt). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "short_enums.h"

#include <cvalue_cmocka.h>

static const char *catalog_path;
static cv_catalog *catalog;
static cv_registry *registry;

/* The status and message of a call, copied so that the message is freed before a failure jumps out. */
static char failure[1024];

static int failed(cv_status status, char **message) {
  snprintf(failure, sizeof failure, "%s: %s", cv_status_name(status), *message ? *message : "");
  cv_free(*message);
  return status != CV_OK;
}

static void readings_compare(void **state) {
  (void)state;
  struct reading actual = {LEVEL_HIGH, 3}, expected = {LEVEL_HIGH, 3};
  cv_type *type = NULL;
  char *message = NULL;
  assert_int_equal(sizeof(struct reading), 8);
  if (failed(cv_type_resolve(registry, "struct reading", sizeof(struct reading), &type, &message), &message)) {
    fail_msg("%s", failure);
  }
  assert_cv_equal(type, &actual, &expected);
  cv_type_free(type);
}

static void plain_readings_compare(void **state) {
  (void)state;
  struct plain_reading actual = {2, 3}, expected = {2, 3};
  cv_type *type = NULL;
  char *message = NULL;
  if (failed(cv_type_resolve(registry, "struct plain_reading", sizeof(struct plain_reading), &type, &message),
             &message)) {
    fail_msg("%s", failure);
  }
  assert_cv_equal(type, &actual, &expected);
  cv_type_free(type);
}

/* The explicit check, for a type no value was resolved for in this process. */
static void catalog_is_the_programs(void **state) {
  (void)state;
  char *message = NULL;
  if (failed(cv_catalog_check_program(catalog, "struct reading", &message), &message)) fail_msg("%s", failure);
}

static int setup(void **state) {
  char *message = NULL;
  (void)state;
  if (cv_catalog_new(&catalog, &message) || cv_catalog_load_file(catalog, catalog_path, &message) ||
      cv_registry_new(catalog, &registry, &message)) {
    fprintf(stderr, "cannot load %s: %s\n", catalog_path, message ? message : "");
    cv_free(message);
    return 1;
  }
  return 0;
}

static int teardown(void **state) {
  (void)state;
  cv_registry_free(registry);
  cv_catalog_free(catalog);
  return 0;
}

int main(int argc, char **argv) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(readings_compare),
      cmocka_unit_test(plain_readings_compare),
      cmocka_unit_test(catalog_is_the_programs),
  };
  if (argc != 2) {
    fprintf(stderr, "usage: short_enums CATALOG\n");
    return 2;
  }
  catalog_path = argv[1];
  return cmocka_run_group_tests(tests, setup, teardown);
}
