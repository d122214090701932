/* One test passes, one fails on purpose: Tests/Consumers/run.sh checks the failure's exact text. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <cvalue_check.h>
#include "record.h"

static cv_catalog *catalog;
static cv_registry *registry;
static cv_type *record_type;

static void setup(void) {
  char *message = NULL;
  if (cv_catalog_new(&catalog, &message) || cv_catalog_load_file(catalog, "record.catalog.json", &message) ||
      cv_registry_new(catalog, &registry, &message) ||
      cv_type_resolve(registry, "struct record", sizeof(struct record), &record_type, &message)) {
    fprintf(stderr, "%s\n", message);
    cv_free(message);
    exit(2);
  }
}

static void teardown(void) {
  cv_type_free(record_type);
  cv_registry_free(registry);
  cv_catalog_free(catalog);
}

START_TEST(copies_are_equal) {
  struct record actual = {42, 0.5f, "ada"};
  struct record expected = actual;
  ck_assert_cv_equal(record_type, &actual, &expected);
}
END_TEST

START_TEST(name_differs) {
  struct record actual = {42, 0.5f, "ada"};
  struct record expected = {42, 0.5f, "grace"};
  ck_assert_cv_equal(record_type, &actual, &expected);
}
END_TEST

int main(void) {
  Suite *suite = suite_create("records");
  TCase *tcase = tcase_create("compare");
  tcase_add_unchecked_fixture(tcase, setup, teardown);
  tcase_add_test(tcase, copies_are_equal);
  tcase_add_test(tcase, name_differs);
  suite_add_tcase(suite, tcase);
  SRunner *runner = srunner_create(suite);
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
