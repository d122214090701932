/* One test passes, one fails on purpose: Tests/Consumers/run.sh checks the failure's exact text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include <cvalue_cmocka.h>
#include "packet.h"

static cv_catalog *catalog;
static cv_registry *registry;
static cv_type *packet_type;

static int setup(void **state) {
  (void)state;
  char *message = NULL;
  if (cv_catalog_new(&catalog, &message) || cv_catalog_load_file(catalog, "packet.catalog.json", &message) ||
      cv_registry_new(catalog, &registry, &message) ||
      cv_type_resolve(registry, "struct packet", sizeof(struct packet), &packet_type, &message)) {
    fprintf(stderr, "%s\n", message);
    cv_free(message);
    return -1;
  }
  return 0;
}

static int teardown(void **state) {
  (void)state;
  cv_type_free(packet_type);
  cv_registry_free(registry);
  cv_catalog_free(catalog);
  return 0;
}

static void copies_are_equal(void **state) {
  (void)state;
  struct packet actual = {PACKET_DATA, 80, {1, 2, 3, 4}};
  struct packet expected = actual;
  assert_cv_equal(packet_type, &actual, &expected);
}

static void payload_differs(void **state) {
  (void)state;
  struct packet actual = {PACKET_ACK, 443, {1, 2, 3, 4}};
  struct packet expected = actual;
  expected.payload[2] = 9;
  assert_cv_equal(packet_type, &actual, &expected);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(copies_are_equal), cmocka_unit_test(payload_differs)};
  return cmocka_run_group_tests(tests, setup, teardown);
}
